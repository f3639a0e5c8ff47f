/*
 * games/tree/tree_write.c: a search of a tree written out for people,
 * programs and pictures: the text `gamesearch tree` prints, the JSON
 * object of `--json`, the Graphviz drawing of `--dot`, and the data of the
 * step-by-step page (web/tree.js).
 *
 * Text is gathered into a buffer and handed to the caller's gs_write_fn a
 * piece at a time; the first nonzero value it returns stops everything.
 */
#include <stdio.h>
#include <string.h>

#include "gamesearch/text.h"
#include "tree_internal.h"

static void json_string(gs_writer *o, const char *s)
{
    gs_json_string(s, gs_writer_put, o);
}

static void json_number(gs_writer *o, double v)
{
    gs_json_number(v, gs_writer_put, o);
}

static void *alloc(const gs_tree *t, size_t n, size_t size, bool zero)
{
    if (size && n > SIZE_MAX / size)
        return NULL;
    size_t bytes = n * size > 0 ? n * size : 1;
    void *p = t->alloc.fn(t->alloc.user, NULL, 0, bytes);
    if (p && zero)
        memset(p, 0, n * size);
    return p;
}

static void release(const gs_tree *t, void *p, size_t n, size_t size)
{
    if (p)
        t->alloc.fn(t->alloc.user, p, n * size > 0 ? n * size : 1, 0);
}

/* The role of `agent` as `algo` searches it: expectimax averages the MIN
 * agents (search.h), so they are chance agents there; under max^n every
 * agent that chooses maximises (its own utility). */
static gs_role searched_role(const gs_tree *t, int agent, gs_algo algo)
{
    gs_role role = gs_tree_role(t, agent);
    if (role == GS_ROLE_MIN && algo == GS_MAXN)
        return GS_ROLE_MAX;
    return role == GS_ROLE_MIN && algo == GS_EXPECTIMAX ? GS_ROLE_CHANCE : role;
}

/* Step i's utility vector (max^n), or NULL when the trace has none. */
static const double *step_vector(const gs_tree_trace *tr, size_t i)
{
    return tr->utility_count > 0 && tr->step_utilities
               ? tr->step_utilities + i * (size_t)tr->utility_count : NULL;
}

/* A utility vector for people: "(1, 2, 6)". */
static void vector_text(gs_writer *o, const double *u, int n)
{
    char num[GS_NUMBER_SIZE];
    for (int i = 0; i < n; i++) {
        gs_format_value(u[i], num);
        gs_writer_printf(o, "%s%s", i ? ", " : "(", num);
    }
    gs_writer_puts(o, ")");
}

/* A utility vector as a JSON list. */
static void vector_json(gs_writer *o, const double *u, int n)
{
    for (int i = 0; i < n; i++) {
        gs_writer_puts(o, i ? "," : "[");
        json_number(o, u[i]);
    }
    gs_writer_puts(o, "]");
}

/* "value": ..., "best": ..., "action": ..., "pv": [...]; max^n's value is
 * the root's utility vector. */
static void result_json(gs_writer *o, const gs_tree *t, const gs_result *res,
                        const gs_tree_trace *tr)
{
    int32_t node = gs_tree_root_node(t);
    gs_writer_puts(o, "\"value\":");
    if (tr->utility_count > 0)
        vector_json(o, tr->utilities, tr->utility_count);
    else
        json_number(o, res->value);
    gs_writer_puts(o, ",\"best\":");
    if (res->best != GS_NO_ACTION) {
        json_string(o, gs_tree_node_name(t, gs_tree_child(t, node, (int)res->best)));
        gs_writer_puts(o, ",\"action\":");
        json_string(o, gs_tree_child_action(t, node, (int)res->best));
    } else {
        gs_writer_puts(o, "null,\"action\":null");
    }
    gs_writer_puts(o, ",\"pv\":[");
    json_string(o, gs_tree_node_name(t, node));
    for (int k = 0; k < res->pv_length; k++) {
        node = gs_tree_child(t, node, (int)res->pv[k]);
        gs_writer_puts(o, ",");
        json_string(o, gs_tree_node_name(t, node));
    }
    gs_writer_puts(o, "]");
}

/* ---- Text for people ---- */

static const char *role_name(gs_role r)
{
    return r == GS_ROLE_MAX ? "max" : r == GS_ROLE_MIN ? "min" : "chance";
}

/*
 * Which steps "visited" and "pruned" list (a byte a step, 1: listed):
 * every ENTER, in order, and each PRUNE whose node no step enters and no
 * earlier PRUNE names. A search in several passes (MTD(f), SSS*), or one
 * that searches a child again (PVS), may prune a node in one pass that
 * another reaches, or prune it twice: "pruned" is the children that no
 * pass reached. NULL without memory.
 */
static unsigned char *listed_steps(const gs_tree *t, const gs_tree_trace *tr)
{
    size_t nodes = (size_t)gs_tree_node_count(t);
    unsigned char *mark = alloc(t, nodes, 1, true);
    unsigned char *show = alloc(t, tr->count, 1, true);
    if (!mark || !show) {
        release(t, mark, nodes, 1);
        release(t, show, tr->count, 1);
        return NULL;
    }
    for (size_t i = 0; i < tr->count; i++)
        if (tr->steps[i].kind == GS_EVENT_ENTER) {
            mark[tr->steps[i].node] = 1;
            show[i] = 1;
        }
    for (size_t i = 0; i < tr->count; i++)
        if (tr->steps[i].kind == GS_EVENT_PRUNE && !mark[tr->steps[i].node]) {
            mark[tr->steps[i].node] = 1;
            show[i] = 1;
        }
    release(t, mark, nodes, 1);
    return show;
}

/* The passes a search made over the tree: the times it entered the root. */
static size_t passes(const gs_tree_trace *tr)
{
    size_t n = 0;
    for (size_t i = 0; i < tr->count; i++)
        n += tr->steps[i].kind == GS_EVENT_ENTER && tr->steps[i].ply == 0;
    return n;
}

/* " A B C" for the nodes of the listed steps of one kind, or " (none)". */
static void names_text(gs_writer *o, const gs_tree *t, const gs_tree_trace *tr,
                       const unsigned char *show, gs_event_kind kind)
{
    size_t shown = 0;
    for (size_t i = 0; i < tr->count; i++)
        if (tr->steps[i].kind == kind && show[i] && ++shown) {
            gs_writer_puts(o, " ");
            gs_writer_puts(o, gs_tree_node_name(t, tr->steps[i].node));
        }
    gs_writer_puts(o, shown ? "\n" : " (none)\n");
}

/* MCTS: the nodes its tree reached, in the order it made them, with their
 * visits and means (the proved value where the solver proved one). */
static int mcts_text(gs_writer *o, const gs_tree *t, const gs_engine *e,
                     const gs_result *res)
{
    size_t n = gs_mcts_tree_size(e);
    int32_t *node = alloc(t, n, sizeof *node, false);
    char num[GS_NUMBER_SIZE];
    if (!node)
        return GS_ENOMEM;
    gs_writer_puts(o, "visits (mean):");
    for (size_t i = 0; i < n; i++) {
        gs_mcts_node_info in;
        gs_mcts_tree_node(e, i, &in);
        node[i] = i ? gs_tree_child(t, node[in.parent], (int)in.action)
                    : gs_tree_root_node(t);
        if (in.visits == 0)
            continue;
        gs_format_value(in.proved ? in.lo : in.mean, num);
        gs_writer_puts(o, " ");
        gs_writer_puts(o, gs_tree_node_name(t, node[i]));
        gs_writer_printf(o, "=%llu (%s)", (unsigned long long)in.visits, num);
    }
    release(t, node, n, sizeof *node);
    gs_writer_printf(o, "\nproved: %s\n", res->mcts_proved ? "yes" : "no");
    return GS_OK;
}

/* The trace table, a line a step after an empty line. */
static int trace_text(gs_writer *o, const gs_tree *t, const gs_tree_trace *tr)
{
    for (size_t i = 0; i <= tr->count; i++) {
        char line[512], *big = NULL;
        int n = gs_tree_trace_line(t, tr, i, line, sizeof line);
        if (n >= (int)sizeof line) {
            if (!(big = alloc(t, (size_t)n + 1, 1, false)))
                return GS_ENOMEM;
            gs_tree_trace_line(t, tr, i, big, (size_t)n + 1);
        }
        gs_writer_puts(o, i ? "" : "\n");
        gs_writer_puts(o, big ? big : line);
        gs_writer_puts(o, "\n");
        release(t, big, (size_t)n + 1, 1);
    }
    return GS_OK;
}

int gs_tree_text_write(const gs_tree *tree, const gs_tree_trace *trace,
                       const gs_result *res, const gs_tree_text_options *to,
                       gs_write_fn write, void *user)
{
    if (!tree || !trace || !res || !to || !write)
        return GS_EINVAL;
    const gs_tree *t = tree;
    unsigned char *show = NULL;
    if (!to->mcts && !(show = listed_steps(t, trace)))
        return GS_ENOMEM;
    gs_writer o;
    gs_writer_init(&o, write, user);
    int32_t root = gs_tree_root_node(t);
    char num[GS_NUMBER_SIZE];
    gs_writer_printf(&o, "algorithm: %s", gs_algo_name(to->algo));
    if (to->algo == GS_ALPHABETA || to->algo == GS_PVS ||
        to->algo == GS_MTDF || to->algo == GS_SSS)
        gs_writer_printf(&o, ", %s", to->prune_equal
                 ? "textbook pruning (cut on v >= beta, v <= alpha)"
                 : "strict pruning (cut on v > beta, v < alpha)");
    gs_writer_puts(&o, "\nagents:");
    for (int i = 0; i < gs_tree_num_agents(t); i++)
        gs_writer_printf(&o, " %s", role_name(searched_role(t, i, to->algo)));
    if (to->algo == GS_MAXN)
        gs_writer_puts(&o, " (each of its own utility)");
    if (to->algo == GS_PARANOID)
        gs_writer_puts(&o, " (the others against the root's agent)");
    if (to->depth > 0)
        gs_writer_printf(&o, ", depth %d round%s", to->depth, to->depth == 1 ? "" : "s");
    gs_format_value(res->value, num);
    if (trace->utility_count > 0) {
        gs_writer_puts(&o, "\nvalue: ");
        vector_text(&o, trace->utilities, trace->utility_count);
        gs_writer_puts(&o, "\nbest: ");
    } else {
        gs_writer_printf(&o, "\nvalue: %s\nbest: ", num);
    }
    if (res->best != GS_NO_ACTION) {
        int best = (int)res->best;
        const char *child = gs_tree_node_name(t, gs_tree_child(t, root, best));
        const char *action = gs_tree_child_action(t, root, best);
        gs_writer_puts(&o, child);
        if (strcmp(child, action) != 0) {
            gs_writer_puts(&o, " (action ");
            gs_writer_puts(&o, action);
            gs_writer_puts(&o, ")");
        }
        gs_writer_puts(&o, "\n");
    } else {
        gs_writer_printf(&o, "none (the root %s)\n", gs_tree_child_count(t, root) == 0
             ? "is a leaf" : "is not a player's choice");
    }
    gs_writer_puts(&o, "principal variation: ");
    gs_writer_puts(&o, gs_tree_node_name(t, root));
    for (int k = 0, node = root; k < res->pv_length; k++) {
        node = gs_tree_child(t, node, (int)res->pv[k]);
        gs_writer_puts(&o, " -> ");
        gs_writer_puts(&o, gs_tree_node_name(t, node));
    }
    gs_writer_printf(&o, "\nnodes visited: %llu (%llu lea%s evaluated, %llu cutoff%s)\n",
         (unsigned long long)res->nodes, (unsigned long long)res->leaves,
         res->leaves == 1 ? "f" : "ves", (unsigned long long)res->cutoffs,
         res->cutoffs == 1 ? "" : "s");
    int rc = GS_OK;
    if (to->mcts) {
        rc = mcts_text(&o, t, to->mcts, res);
    } else {
        size_t np = passes(trace);
        if (np > 1)
            gs_writer_printf(&o, "passes: %zu\n", np);
        gs_writer_puts(&o, "visited:");
        names_text(&o, t, trace, show, GS_EVENT_ENTER);
        gs_writer_puts(&o, "pruned:");
        names_text(&o, t, trace, show, GS_EVENT_PRUNE);
        release(t, show, trace->count, 1);
        if (to->with_trace)
            rc = trace_text(&o, t, trace);
    }
    int st = gs_writer_finish(&o);
    return st ? st : rc;
}

/* The nodes of the listed steps of one kind, as a JSON array of names. */
static void names_json(gs_writer *o, const gs_tree *t, const gs_tree_trace *tr,
                       const unsigned char *show, gs_event_kind kind)
{
    const char *sep = "[";
    for (size_t i = 0; i < tr->count; i++)
        if (tr->steps[i].kind == kind && show[i]) {
            gs_writer_puts(o, sep);
            json_string(o, gs_tree_node_name(t, tr->steps[i].node));
            sep = ",";
        }
    gs_writer_puts(o, *sep == '[' ? "[]" : "]");
}

/* The steps, one object a step (tree.h: gs_tree_json_write). */
static void trace_json(gs_writer *o, const gs_tree *t, const gs_tree_trace *tr)
{
    static const char *const events[] = {"enter", "leave", "prune"};
    static const char *const bounds[] = {"exact", "lower", "upper"};
    gs_writer_puts(o, "[");
    for (size_t i = 0; i < tr->count && !o->status; i++) {
        const gs_tree_step *s = &tr->steps[i];
        gs_writer_printf(o, "%s{\"event\":\"%s\",\"node\":", i ? "," : "", events[s->kind]);
        json_string(o, gs_tree_node_name(t, s->node));
        gs_writer_puts(o, ",\"parent\":");
        if (s->parent >= 0)
            json_string(o, gs_tree_node_name(t, s->parent));
        else
            gs_writer_puts(o, "null");
        gs_writer_puts(o, ",\"alpha\":");
        json_number(o, s->alpha);
        gs_writer_puts(o, ",\"beta\":");
        json_number(o, s->beta);
        if (s->kind == GS_EVENT_LEAVE) {
            gs_writer_puts(o, ",\"value\":");
            if (step_vector(tr, i))
                vector_json(o, step_vector(tr, i), tr->utility_count);
            else
                json_number(o, s->value);
            gs_writer_printf(o, ",\"bound\":\"%s\"", bounds[s->bound]);
        }
        gs_writer_puts(o, "}");
    }
    gs_writer_puts(o, "]");
}

int gs_tree_json_write(const gs_tree *tree, const gs_tree_trace *trace,
                       const gs_result *result, bool with_trace,
                       gs_write_fn write, void *user)
{
    if (!tree || !trace || !result || !write)
        return GS_EINVAL;
    unsigned char *show = listed_steps(tree, trace);
    if (!show)
        return GS_ENOMEM;
    gs_writer o;
    gs_writer_init(&o, write, user);
    gs_writer_puts(&o, "{");
    result_json(&o, tree, result, trace);
    gs_writer_puts(&o, ",\"visited\":");
    names_json(&o, tree, trace, show, GS_EVENT_ENTER);
    gs_writer_puts(&o, ",\"pruned\":");
    names_json(&o, tree, trace, show, GS_EVENT_PRUNE);
    release(tree, show, trace->count, 1);
    gs_writer_printf(&o, ",\"nodes\":%llu,\"leaves\":%llu",
         (unsigned long long)result->nodes, (unsigned long long)result->leaves);
    size_t np = passes(trace);
    if (np > 1)
        gs_writer_printf(&o, ",\"passes\":%zu", np);
    if (with_trace) {
        gs_writer_puts(&o, ",\"trace\":");
        trace_json(&o, tree, trace);
    }
    gs_writer_puts(&o, "}\n");
    return gs_writer_finish(&o);
}

/* ---- Graphviz ---- */

/* What the drawing needs to know of every node and edge. */
typedef struct marks {
    int32_t count;
    int32_t *ply;                  /* from the root, -1 until reached */
    int32_t *queue;                /* breadth first */
    unsigned char *visited;        /* entered */
    const gs_tree_step **left;     /* its last LEAVE step */
    unsigned char *on_pv;
    size_t *first_edge;            /* edges numbered parent by parent */
    unsigned char *cut;            /* pruned edges */
    size_t *why;                   /* GS_TREE_DOT_CUTS: the first edge a
                                      cut prunes holds its PRUNE step's
                                      index + 1; 0 elsewhere */
} marks;

static void marks_free(const gs_tree *t, marks *m)
{
    size_t n = (size_t)m->count;
    release(t, m->ply, n, sizeof *m->ply);
    release(t, m->queue, n, sizeof *m->queue);
    release(t, m->visited, n, 1);
    release(t, m->left, n, sizeof *m->left);
    release(t, m->on_pv, n, 1);
    if (m->first_edge) {
        release(t, m->cut, m->first_edge[n] + 1, 1);
        release(t, m->why, m->first_edge[n] + 1, sizeof *m->why);
    }
    release(t, m->first_edge, n + 1, sizeof *m->first_edge);
}

static bool marks_init(const gs_tree *t, const gs_tree_trace *tr,
                       const gs_result *res, bool why, marks *m)
{
    size_t n = (size_t)gs_tree_node_count(t);
    memset(m, 0, sizeof *m);
    m->count = (int32_t)n;
    m->ply = alloc(t, n, sizeof *m->ply, false);
    m->queue = alloc(t, n, sizeof *m->queue, false);
    m->visited = alloc(t, n, 1, true);
    m->left = alloc(t, n, sizeof *m->left, true);
    m->on_pv = alloc(t, n, 1, true);
    m->first_edge = alloc(t, n + 1, sizeof *m->first_edge, false);
    if (!m->ply || !m->queue || !m->visited || !m->left || !m->on_pv ||
        !m->first_edge)
        return false;
    m->first_edge[0] = 0;
    for (size_t i = 0; i < n; i++)
        m->first_edge[i + 1] = m->first_edge[i] +
                               (size_t)gs_tree_child_count(t, (int32_t)i);
    if (!(m->cut = alloc(t, m->first_edge[n] + 1, 1, true)))
        return false;
    if (why && !(m->why = alloc(t, m->first_edge[n] + 1, sizeof *m->why, true)))
        return false;
    for (size_t i = 0; i < tr->count; i++) {
        const gs_tree_step *st = &tr->steps[i];
        if (st->kind == GS_EVENT_PRUNE) {
            size_t e = m->first_edge[st->parent] + (size_t)st->index;
            m->cut[e] = 1;
            /* a cut prunes the rest of a node's children, a step each:
             * its reason goes on the first */
            if (why && (i == 0 || tr->steps[i - 1].kind != GS_EVENT_PRUNE))
                m->why[e] = i + 1;
        } else if (st->kind == GS_EVENT_ENTER)
            m->visited[st->node] = 1;
        else
            m->left[st->node] = st;
    }
    int32_t node = gs_tree_root_node(t);
    m->on_pv[node] = 1;
    for (int k = 0; k < res->pv_length; k++)
        m->on_pv[node = gs_tree_child(t, node, (int)res->pv[k])] = 1;
    for (size_t i = 0; i < n; i++)
        m->ply[i] = -1;
    return true;
}

/* The node's name and, when it was left (`left`: its last LEAVE step),
 * its backed-up value. */
static void dot_value_label(gs_writer *o, const gs_tree *t, int32_t node,
                            const gs_tree_step *left, const gs_tree_trace *tr)
{
    char num[GS_NUMBER_SIZE];
    gs_dot_string(gs_tree_node_name(t, node), gs_writer_put, o);
    const double *u = left ? step_vector(tr, (size_t)(left - tr->steps)) : NULL;
    if (u) {
        gs_writer_puts(o, " + \"\\n");
        vector_text(o, u, tr->utility_count);
        gs_writer_puts(o, "\"");
    } else if (left) {
        static const char *const prefix[] = {"", "\xe2\x89\xa5 ", "\xe2\x89\xa4 "};
        gs_format_value(left->value, num);
        gs_writer_printf(o, " + \"\\n%s%s\"", prefix[left->bound], num);
    }
}

/*
 * Why the cut whose first PRUNE is step k was made, as the page says it,
 * for an HTML-like label: "v = 2 &lt; &#945; = 3" (the parent's value
 * against the bound it passed, '<' or '>', or met, '<=' or '>='), or for
 * a chance node "E &#8804; 1 &#8804; &#945; = 5" (its most, or least,
 * expected value).
 */
static void cut_reason(const gs_tree_trace *tr, size_t k, char *buf,
                       size_t size)
{
    const gs_tree_step *s = &tr->steps[k];
    size_t j = k;   /* the parent's LEAVE follows its prunes */
    while (j < tr->count && tr->steps[j].kind != GS_EVENT_LEAVE)
        j++;
    if (j >= tr->count) {
        snprintf(buf, size, "cut");
        return;
    }
    const gs_tree_step *p = &tr->steps[j];
    bool high = p->bound == GS_BOUND_LOWER;
    double edge = high ? s->beta : s->alpha;
    char v[GS_NUMBER_SIZE], b[GS_NUMBER_SIZE];
    gs_format_value(p->value, v);
    gs_format_value(edge, b);
    const char *cmp = high ? (p->value > edge ? "&gt;" : "&#8805;")
                           : (p->value < edge ? "&lt;" : "&#8804;");
    if (s->role == GS_ROLE_CHANCE)
        snprintf(buf, size, "E %s %s %s %s = %s", high ? "&#8805;" : "&#8804;",
                 v, high ? "&#8805;" : "&#8804;",
                 high ? "&#946;" : "&#945;", b);
    else
        snprintf(buf, size, "v = %s %s %s = %s", v, cmp,
                 high ? "&#946;" : "&#945;", b);
}

/* The edge from v to its child i, its attributes up to the closing ']'. */
static void dot_edge(gs_writer *o, const gs_tree *t, const gs_tree_trace *tr,
                     const marks *m, int32_t v, int i)
{
    int32_t c = gs_tree_child(t, v, i);
    const char *action = gs_tree_child_action(t, v, i);
    char num[GS_NUMBER_SIZE + 1];
    double p;
    bool named = strcmp(action, gs_tree_node_name(t, c)) != 0;
    bool has_p = gs_tree_child_probability(t, v, i, &p);
    gs_writer_printf(o, "  n%ld -> n%ld [", (long)v, (long)c);
    if (named || has_p) {
        /* the action's name, the probability, or both: the whole name,
         * however long, as Graphviz joins "a" + " b" */
        gs_writer_puts(o, "xlabel=");
        if (named)
            gs_dot_string(action, gs_writer_put, o);
        if (has_p) {
            num[0] = ' ';
            gs_format_double(p, num + 1);
            if (named)
                gs_writer_puts(o, " + ");
            gs_dot_string(named ? num : num + 1, gs_writer_put, o);
        }
        gs_writer_puts(o, ", fontsize=10, ");
    }
    /* (crossed out when no pass reached the child: several passes may
     * prune it in one and reach it in another) */
    size_t e = m->first_edge[v] + (size_t)i;
    if (m->cut[e] && !m->visited[c]) {
        gs_writer_puts(o, "color=orange, style=dashed, label=<<font "
               "point-size=\"20\" color=\"orange\">\xe2\x9c\x95</font>");
        if (m->why && m->why[e]) {
            char why[160];
            cut_reason(tr, m->why[e] - 1, why, sizeof why);
            gs_writer_printf(o, "<br/><font point-size=\"10\">%s</font>", why);
        }
        gs_writer_puts(o, ">");
    }
    else if (!m->visited[c])
        gs_writer_puts(o, "color=gray, style=dashed");
    else if (m->on_pv[v] && m->on_pv[c])
        gs_writer_puts(o, "penwidth=3");
    else
        gs_writer_puts(o, "color=black");
    gs_writer_puts(o, "];\n");
}

/* The legend node: the marks the drawing uses, at the bottom. */
static void dot_legend(gs_writer *o, const gs_tree *t, gs_algo algo,
                       bool cuts)
{
    bool role[3] = {false, false, false};
    for (int a = 0; a < gs_tree_num_agents(t); a++)
        role[searched_role(t, a, algo)] = true;
    gs_writer_puts(o, "  legend [shape=none, margin=0, fontsize=10, label=<"
                   "<table border=\"0\" cellborder=\"1\" cellspacing=\"0\" "
                   "cellpadding=\"3\">");
    if (role[GS_ROLE_MAX])
        gs_writer_puts(o, "<tr><td>box</td><td align=\"left\">MAX</td></tr>");
    if (role[GS_ROLE_MIN])
        gs_writer_puts(o, "<tr><td>ellipse</td><td align=\"left\">MIN</td></tr>");
    if (role[GS_ROLE_CHANCE])
        gs_writer_puts(o, "<tr><td>diamond</td><td align=\"left\">chance "
                       "(expected value)</td></tr>");
    gs_writer_puts(o, "<tr><td>bold</td><td align=\"left\">the principal "
                   "variation</td></tr>"
                   "<tr><td><font color=\"orange\">&#10005;</font></td>"
                   "<td align=\"left\">pruned");
    if (cuts)
        gs_writer_puts(o, "; the first edge of each cut says why");
    gs_writer_puts(o, "</td></tr>"
                   "<tr><td><font color=\"gray\">gray</font></td>"
                   "<td align=\"left\">never reached</td></tr>"
                   "<tr><td>&#8805; v, &#8804; v</td><td align=\"left\">at least "
                   "v, at most v (the search stopped early)</td></tr>"
                   "</table>>];\n  { rank=sink; legend; }\n");
}

int gs_tree_dot_write(const gs_tree *tree, const gs_tree_trace *trace,
                      const gs_result *result, gs_algo algo,
                      int32_t depth_plies, gs_write_fn write, void *user)
{
    return gs_tree_dot_write_with(tree, trace, result, algo, depth_plies, 0,
                                  write, user);
}

int gs_tree_dot_write_with(const gs_tree *tree, const gs_tree_trace *trace,
                           const gs_result *result, gs_algo algo,
                           int32_t depth_plies, unsigned flags,
                           gs_write_fn write, void *user)
{
    if (!tree || !trace || !result || !write || depth_plies < 0 ||
        (flags & ~(unsigned)(GS_TREE_DOT_LEGEND | GS_TREE_DOT_CUTS)))
        return GS_EINVAL;
    const gs_tree *t = tree;
    marks m;
    if (!marks_init(t, trace, result, (flags & GS_TREE_DOT_CUTS) != 0, &m)) {
        marks_free(t, &m);
        return GS_ENOMEM;
    }
    gs_writer o;
    gs_writer_init(&o, write, user);
    char num[GS_NUMBER_SIZE];
    gs_format_value(result->value, num);
    gs_writer_printf(&o, "digraph gametree {\n  ordering=out;\n  labelloc=t;\n"
             "  fontname=\"Helvetica\";\n  label=\"%s: value ",
         gs_algo_name(algo));
    if (trace->utility_count > 0)
        vector_text(&o, trace->utilities, trace->utility_count);
    else
        gs_writer_puts(&o, num);
    gs_writer_puts(&o, "\";\n");
    gs_writer_puts(&o, "  node [fontname=\"Helvetica\", width=0.5, height=0.5, "
            "fixedsize=false];\n  edge [arrowhead=none, fontname=\"Helvetica\"];\n");
    size_t head = 0, tail = 0;
    int32_t root = gs_tree_root_node(t);
    m.queue[tail++] = root;
    m.ply[root] = 0;
    while (head < tail && !o.status) {
        int32_t v = m.queue[head++];
        gs_role role = searched_role(t, m.ply[v] % gs_tree_num_agents(t), algo);
        int nc = gs_tree_child_count(t, v);
        gs_writer_printf(&o, "  n%ld [shape=%s, label=", (long)v,
             role == GS_ROLE_MAX ? "box" : role == GS_ROLE_MIN ? "ellipse"
                                                               : "diamond");
        dot_value_label(&o, t, v, m.left[v], trace);
        if (!m.visited[v])
            gs_writer_puts(&o, ", color=gray, fontcolor=gray, style=dashed");
        if (m.on_pv[v])
            gs_writer_puts(&o, ", penwidth=3");
        gs_writer_puts(&o, "];\n");
        if (depth_plies > 0 && m.ply[v] >= depth_plies)
            continue;
        for (int i = 0; i < nc; i++) {
            int32_t c = gs_tree_child(t, v, i);
            dot_edge(&o, t, trace, &m, v, i);
            if (m.ply[c] < 0) {
                m.ply[c] = m.ply[v] + 1;
                m.queue[tail++] = c;
            }
        }
    }
    if (flags & GS_TREE_DOT_LEGEND)
        dot_legend(&o, t, algo, (flags & GS_TREE_DOT_CUTS) != 0);
    gs_writer_puts(&o, "}\n");
    marks_free(t, &m);
    return gs_writer_finish(&o);
}

/* ---- The page's data ---- */

static const char *role_json(gs_role r)
{
    return r == GS_ROLE_MAX ? "\"max\"" : r == GS_ROLE_MIN ? "\"min\"" : "\"chance\"";
}

/* The nodes down to the cutoff, breadth first, each once. */
static bool nodes_json(gs_writer *o, const gs_tree *t, int32_t cutoff)
{
    size_t count = (size_t)gs_tree_node_count(t);
    int32_t *ply = alloc(t, count, sizeof *ply, false);
    int32_t *queue = alloc(t, count, sizeof *queue, false);
    if (!ply || !queue) {
        release(t, ply, count, sizeof *ply);
        release(t, queue, count, sizeof *queue);
        return false;
    }
    for (size_t i = 0; i < count; i++)
        ply[i] = -1;
    size_t head = 0, tail = 0;
    queue[tail++] = gs_tree_root_node(t);
    ply[queue[0]] = 0;
    gs_writer_puts(o, "\"nodes\":[");
    while (head < tail && !o->status) {
        int32_t v = queue[head++];
        double x;
        gs_writer_puts(o, head > 1 ? ",{\"name\":" : "{\"name\":");
        json_string(o, gs_tree_node_name(t, v));
        double u[GS_TREE_MAX_AGENTS];
        if (gs_tree_node_utilities(t, v, u)) {
            gs_writer_puts(o, ",\"value\":");
            vector_json(o, u, gs_tree_utility_count(t));
        } else if (gs_tree_node_value(t, v, &x)) {
            gs_writer_puts(o, ",\"value\":");
            json_number(o, x);
        }
        gs_writer_puts(o, ",\"children\":[");
        int nc = cutoff > 0 && ply[v] >= cutoff ? 0 : gs_tree_child_count(t, v);
        for (int i = 0; i < nc; i++) {
            int32_t c = gs_tree_child(t, v, i);
            gs_writer_puts(o, i ? ",{\"node\":" : "{\"node\":");
            json_string(o, gs_tree_node_name(t, c));
            gs_writer_puts(o, ",\"action\":");
            json_string(o, gs_tree_child_action(t, v, i));
            if (gs_tree_child_probability(t, v, i, &x)) {
                gs_writer_puts(o, ",\"p\":");
                json_number(o, x);
            }
            gs_writer_puts(o, "}");
            if (ply[c] < 0) {
                ply[c] = ply[v] + 1;
                queue[tail++] = c;
            }
        }
        gs_writer_puts(o, "]}");
    }
    gs_writer_puts(o, "]");
    release(t, ply, count, sizeof *ply);
    release(t, queue, count, sizeof *queue);
    return true;
}

/* One search, traced, as {key, label, rule, agents, value, best, action,
 * pv, nodes, leaves, trace}. Returns the search's status. */
static int run_json(gs_writer *o, const gs_tree *t, int depth, gs_algo algo,
                    bool prune_equal, const char *key, const char *label)
{
    gs_search_options so;
    gs_search_options_init(&so);
    so.algo = algo;
    so.depth = depth;
    so.depth_unit = GS_DEPTH_ROUNDS;
    so.prune_equal = prune_equal;
    gs_tree_trace tr = {0};
    gs_result res;
    int s = gs_tree_trace_search(t, &so, &tr, &res, NULL);
    if (s != GS_OK)
        return s;
    bool prunes = algo == GS_ALPHABETA || algo == GS_PVS ||
                  algo == GS_MTDF || algo == GS_SSS;
    gs_writer_printf(o, "{\"key\":\"%s\",\"label\":\"%s\",\"rule\":%s,\"agents\":[", key,
         label, !prunes ? "null"
                : prune_equal ? "\"textbook\"" : "\"strict\"");
    for (int i = 0; i < gs_tree_num_agents(t); i++) {
        gs_writer_puts(o, i ? "," : "");
        gs_writer_puts(o, role_json(searched_role(t, i, algo)));
    }
    gs_writer_puts(o, "],");
    result_json(o, t, &res, &tr);
    gs_writer_printf(o, ",\"nodes\":%llu,\"leaves\":%llu,\"passes\":%zu,"
         "\"trace\":", (unsigned long long)res.nodes,
         (unsigned long long)res.leaves, passes(&tr));
    trace_json(o, t, &tr);
    gs_writer_puts(o, "}");
    gs_tree_trace_free(t, &tr);
    return GS_OK;
}

int gs_tree_page_data_write(const gs_tree *tree, const char *title,
                            gs_algo algo, bool prune_equal, int depth,
                            bool practice, gs_write_fn write, void *user)
{
    if (!tree || !title || !write || depth < 0)
        return GS_EINVAL;
    const gs_tree *t = tree;
    int agents = gs_tree_num_agents(t);
    int32_t cutoff = gs_tree_cutoff(t, depth);
    bool has_min = false, has_chance = false;
    for (int i = 0; i < agents; i++) {
        has_min |= gs_tree_role(t, i) == GS_ROLE_MIN;
        has_chance |= gs_tree_role(t, i) == GS_ROLE_CHANCE;
    }
    /* minimax, alpha-beta by both rules, expectimax when it differs from
     * minimax (a MIN agent to average), then PVS, MTD(f) and SSS* (by the
     * caller's rule) when no agent is chance */
    int refined = has_min ? 4 : 3;
    int initial = algo == GS_MINIMAX ? 0 : algo == GS_EXPECTIMAX && has_min ? 3
                : algo == GS_ALPHABETA && !prune_equal ? 2 : 1;
    if (!has_chance && (algo == GS_PVS || algo == GS_MTDF || algo == GS_SSS))
        initial = refined + (algo == GS_PVS ? 0 : algo == GS_MTDF ? 1 : 2);
    /* a tree of vectors: max^n and paranoid follow the others */
    if (gs_tree_utility_count(t) > 0 && (algo == GS_MAXN || algo == GS_PARANOID))
        initial = refined + (has_chance ? 0 : 3) + (algo == GS_PARANOID);
    double lo, hi;
    gs_writer o;
    gs_writer_init(&o, write, user);
    gs_writer_puts(&o, "{\"title\":");
    json_string(&o, title);
    gs_writer_printf(&o, ",\"practice\":%s,\"initial\":%d,\"bounds\":",
         practice ? "true" : "false", initial);
    if (gs_tree_bounds(t, &lo, &hi)) {
        gs_writer_puts(&o, "[");
        json_number(&o, lo);
        gs_writer_puts(&o, ",");
        json_number(&o, hi);
        gs_writer_puts(&o, "]");
    } else {
        gs_writer_puts(&o, "null");
    }
    gs_writer_puts(&o, ",\"tree\":{\"root\":");
    json_string(&o, gs_tree_node_name(t, gs_tree_root_node(t)));
    gs_writer_printf(&o, ",\"cutoff\":%ld,", (long)cutoff);
    if (!nodes_json(&o, t, cutoff))
        return GS_ENOMEM;
    gs_writer_puts(&o, "},\"runs\":[");
    static const struct {
        gs_algo algo;
        bool prune_equal;
        const char *key, *label;
    } runs[] = {
        {GS_MINIMAX, true, "minimax", "minimax"},
        {GS_ALPHABETA, true, "alphabeta", "alpha-beta (textbook)"},
        {GS_ALPHABETA, false, "alphabeta-strict", "alpha-beta (CS188 rule)"},
        {GS_EXPECTIMAX, true, "expectimax", "expectimax"},
        {GS_PVS, true, "pvs", "PVS (NegaScout)"},
        {GS_MTDF, true, "mtdf", "MTD(f)"},
        {GS_SSS, true, "sss", "SSS*"},
    };
    for (int i = 0; i < refined + (has_chance ? 0 : 3) && !o.status; i++) {
        int k = i < refined ? i : 4 + (i - refined);
        bool rule = k >= 4 ? prune_equal : runs[k].prune_equal;
        gs_writer_puts(&o, i ? "," : "");
        int s = run_json(&o, t, depth, runs[k].algo, rule, runs[k].key,
                         runs[k].label);
        if (s != GS_OK)
            return s;
    }
    /* a tree of utility vectors: max^n and paranoid too */
    if (gs_tree_utility_count(t) > 0 && !o.status) {
        gs_writer_puts(&o, ",");
        int s = run_json(&o, t, depth, GS_MAXN, prune_equal, "maxn", "max^n");
        if (s == GS_OK) {
            gs_writer_puts(&o, ",");
            s = run_json(&o, t, depth, GS_PARANOID, prune_equal, "paranoid",
                         "paranoid");
        }
        if (s != GS_OK)
            return s;
    }
    gs_writer_puts(&o, "]}");
    return gs_writer_finish(&o);
}
