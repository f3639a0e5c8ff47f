/*
 * gamesearch tree: solve an explicit game tree read from a file or standard
 * input, list the nodes the search visited and the children it pruned, and
 * draw the tree for Graphviz.
 *
 * Everything that can fail (options, input, values, the search) is checked
 * before anything is written, so a bad input leaves standard output empty.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/gamesearch.h"
#include "commands.h"
#include "util.h"

#define CMD "tree"

static const char usage[] =
    "usage: gamesearch tree [FILE|-] [options]\n"
    "\n"
    "Solves an explicit game tree read from FILE (or standard input) and shows\n"
    "the value, the best move, the principal variation, the nodes visited and\n"
    "the children pruned.\n"
    "\n"
    "Input, told apart automatically:\n"
    "  nested lists  ['A', ['B', ('E', 3), ('F', 12)], ['C', ('H', 2)]]\n"
    "                a list is an inner node [name, child, ...], a tuple a\n"
    "                leaf (name, value); roles alternate MAX, MIN from the root\n"
    "  lines         agents: max min        roles in turn order\n"
    "                depth: 2               cutoff in rounds (optional)\n"
    "                bounds: -100 100       value range (enables Star1)\n"
    "                root: A                (default: first node with children)\n"
    "                A: left=B right=C      children, optionally named\n"
    "                X: Y@0.25 Z@0.75       chance probabilities\n"
    "                B = 3                  a value; '#' starts a comment\n"
    "\n"
    "Options:\n"
    "  --algo ALGO        minimax, alphabeta (default), expectimax or mcts;\n"
    "                     minimax and alphabeta take the roles as given (chance\n"
    "                     nodes averaged); expectimax makes every MIN agent a\n"
    "                     uniform chance agent; mcts (10000 iterations, seed 0,\n"
    "                     the solver) prints and draws each node's visits\n"
    "  --depth N          cut off after N rounds (every agent moves once a\n"
    "                     round); overrides the file's depth: line; 0 = none\n"
    "  --agents ROLES     roles in turn order, e.g. 'max min min' or\n"
    "                     max,min,chance; overrides the file's agents: line\n"
    "  --no-prune-equal   prune only on v > beta or v < alpha (the CS188\n"
    "                     autograder's rule); default: prune on >= and <=\n"
    "  --json             print one JSON object: value, best, action, pv,\n"
    "                     visited, pruned, nodes, leaves\n"
    "  --dot FILE         write a Graphviz drawing to FILE ('-': standard\n"
    "                     output): MAX boxes, MIN circles, chance diamonds,\n"
    "                     backed-up values, pruned branches crossed out, the\n"
    "                     principal variation in bold\n"
    "  -h, --help         show this help\n"
    "\n"
    "Exit status: 0 on success, 2 on bad input or options.\n";

/* A growable list of node numbers. */
typedef struct node_list {
    int32_t *v;
    size_t n, cap;
} node_list;

static bool list_push(node_list *l, int32_t x)
{
    if (l->n == l->cap) {
        size_t ncap = l->cap ? l->cap * 2 : 64;
        int32_t *nv = realloc(l->v, ncap * sizeof *nv);
        if (!nv)
            return false;
        l->v = nv;
        l->cap = ncap;
    }
    l->v[l->n++] = x;
    return true;
}

/* What the search hook records. */
typedef struct record {
    const gs_tree *tree;
    node_list visited;    /* nodes in visit order */
    node_list pruned;     /* pruned children, in the order they were cut */
    node_list cut_parent; /* ... the node each was pruned at */
    node_list cut_action; /* ... and its position there */
    double *value;        /* per node: the last backed-up value */
    unsigned char *bound; /* per node: its gs_bound + 1, 0 = never left */
    uint64_t *visits;     /* per node: MCTS's visits (NULL: not MCTS) */
    bool out_of_memory;
} record;

static void on_event(void *user, gs_event_kind kind, const gs_event *ev)
{
    record *r = user;
    const gs_tree_state *s = ev->state;
    switch (kind) {
    case GS_EVENT_ENTER:
        if (!list_push(&r->visited, s->node))
            r->out_of_memory = true;
        break;
    case GS_EVENT_LEAVE:
        r->value[s->node] = ev->value;
        r->bound[s->node] = (unsigned char)(ev->bound + 1);
        break;
    case GS_EVENT_PRUNE:
        if (!list_push(&r->pruned, gs_tree_child(r->tree, s->node, ev->action)) ||
            !list_push(&r->cut_parent, s->node) ||
            !list_push(&r->cut_action, ev->action))
            r->out_of_memory = true;
        break;
    }
}

typedef struct tree_options {
    const char *file;
    gs_algo algo;
    long depth;            /* rounds; -1 = the file's */
    const char *agents;
    bool prune_equal;
    bool json;
    const char *dot;
} tree_options;

/* Returns 0, 1 (help printed) or EXIT_BAD_INPUT. */
static int parse_options(int argc, char **argv, tree_options *o)
{
    cli_args a;
    bool is_opt;
    char name[64];
    const char *arg;

    o->file = NULL;
    o->algo = GS_ALPHABETA;
    o->depth = -1;
    o->agents = NULL;
    o->prune_equal = true;
    o->json = false;
    o->dot = NULL;
    cli_args_init(&a, argc - 1, argv + 1);
    while (cli_args_next(&a, &is_opt, name, sizeof name, &arg)) {
        if (!is_opt) {
            if (o->file) {
                cli_error(CMD, "one input at a time: '%s' and '%s' "
                          "(see gamesearch tree --help)", CLI_Q(o->file), CLI_Q(arg));
                return EXIT_BAD_INPUT;
            }
            o->file = arg;
            continue;
        }
        bool flag = strcmp(name, "-h") == 0 || strcmp(name, "--help") == 0 ||
                    strcmp(name, "--json") == 0 ||
                    strcmp(name, "--no-prune-equal") == 0;
        if (flag && cli_args_has_inline(&a)) {
            cli_error(CMD, "%s takes no value", CLI_Q(name));
            return EXIT_BAD_INPUT;
        }
        if (strcmp(name, "-h") == 0 || strcmp(name, "--help") == 0) {
            fputs(usage, stdout);
            return 1;
        } else if (strcmp(name, "--json") == 0) {
            o->json = true;
        } else if (strcmp(name, "--no-prune-equal") == 0) {
            o->prune_equal = false;
        } else if (strcmp(name, "--algo") == 0 || strcmp(name, "--depth") == 0 ||
                   strcmp(name, "--agents") == 0 || strcmp(name, "--dot") == 0) {
            const char *v = cli_args_value(&a);
            if (!v) {
                cli_error(CMD, "%s needs a value (see gamesearch tree --help)",
                          CLI_Q(name));
                return EXIT_BAD_INPUT;
            }
            if (strcmp(name, "--algo") == 0) {
                int algo = gs_algo_parse(v);
                if (algo < 0 || algo == GS_EXPECTIMINIMAX) {
                    cli_error(CMD, "unknown algorithm '%s' (expected minimax, "
                              "alphabeta, expectimax or mcts)", CLI_Q(v));
                    return EXIT_BAD_INPUT;
                }
                o->algo = (gs_algo)algo;
            } else if (strcmp(name, "--depth") == 0) {
                if (!cli_parse_long(v, 0, 1000000, &o->depth)) {
                    cli_error(CMD, "--depth needs a whole number of rounds "
                              "from 0 to 1000000, not '%s'", CLI_Q(v));
                    return EXIT_BAD_INPUT;
                }
            } else if (strcmp(name, "--agents") == 0) {
                o->agents = v;
            } else {
                o->dot = v;
            }
        } else {
            cli_error(CMD, "unknown option '%s' (see gamesearch tree --help)",
                      CLI_Q(name));
            return EXIT_BAD_INPUT;
        }
    }
    if (!o->file)
        o->file = "-";
    if (o->json && o->dot && strcmp(o->dot, "-") == 0) {
        cli_error(CMD, "--json and --dot - cannot both write to standard "
                  "output; give --dot a file name");
        return EXIT_BAD_INPUT;
    }
    return 0;
}

int cmd_tree_options(int argc, char **argv)
{
    tree_options o;
    return parse_options(argc, argv, &o);
}

/* The node names along the principal variation, root first. */
static int32_t pv_node(const gs_tree *t, const gs_result *res, int k)
{
    int32_t node = gs_tree_root_node(t);
    for (int i = 0; i < k; i++)
        node = gs_tree_child(t, node, res->pv[i]);
    return node;
}

static void print_names_json(FILE *f, const gs_tree *t, const int32_t *v,
                             size_t n)
{
    fputc('[', f);
    for (size_t i = 0; i < n; i++) {
        if (i)
            fputc(',', f);
        cli_json_string(f, gs_tree_node_name(t, v[i]));
    }
    fputc(']', f);
}

static void print_json(const gs_tree *t, const gs_result *res,
                       const record *r)
{
    int32_t root = gs_tree_root_node(t);
    fputs("{\"value\":", stdout);
    cli_json_number(stdout, res->value);
    fputs(",\"best\":", stdout);
    if (res->best != GS_NO_ACTION) {
        cli_json_string(stdout,
                        gs_tree_node_name(t, gs_tree_child(t, root, res->best)));
        fputs(",\"action\":", stdout);
        cli_json_string(stdout, gs_tree_child_action(t, root, res->best));
    } else {
        fputs("null,\"action\":null", stdout);
    }
    fputs(",\"pv\":[", stdout);
    for (int k = 0; k <= res->pv_length; k++) {
        if (k)
            fputc(',', stdout);
        cli_json_string(stdout, gs_tree_node_name(t, pv_node(t, res, k)));
    }
    fputs("],\"visited\":", stdout);
    print_names_json(stdout, t, r->visited.v, r->visited.n);
    fputs(",\"pruned\":", stdout);
    print_names_json(stdout, t, r->pruned.v, r->pruned.n);
    printf(",\"nodes\":%llu,\"leaves\":%llu}\n",
           (unsigned long long)res->nodes, (unsigned long long)res->leaves);
}

static void print_names(const gs_tree *t, const int32_t *v, size_t n)
{
    if (n == 0)
        fputs(" (none)", stdout);
    for (size_t i = 0; i < n; i++)
        printf(" %s", gs_tree_node_name(t, v[i]));
    fputc('\n', stdout);
}

static const char *role_name(gs_role r)
{
    return r == GS_ROLE_MAX ? "max" : r == GS_ROLE_MIN ? "min" : "chance";
}

/* The role of `agent` as `algo` searches it: expectimax averages the MIN
 * agents (search.h), so they are chance agents there. */
static gs_role searched_role(const gs_tree *t, int agent, gs_algo algo)
{
    gs_role role = gs_tree_role(t, agent);
    return role == GS_ROLE_MIN && algo == GS_EXPECTIMAX ? GS_ROLE_CHANCE : role;
}

static void print_text(const gs_tree *t, const tree_options *o,
                       const gs_result *res, const record *r, int depth)
{
    char num[32];
    int32_t root = gs_tree_root_node(t);

    printf("algorithm: %s", gs_algo_name(o->algo));
    if (o->algo == GS_ALPHABETA)
        printf(", %s", o->prune_equal
                           ? "textbook pruning (cut on v >= beta, v <= alpha)"
                           : "strict pruning (cut on v > beta, v < alpha)");
    printf("\nagents:");
    for (int i = 0; i < gs_tree_num_agents(t); i++)
        printf(" %s", role_name(searched_role(t, i, o->algo)));
    if (depth > 0)
        printf(", depth %d round%s", depth, depth == 1 ? "" : "s");
    cli_format_value(res->value, num);
    printf("\nvalue: %s\n", num);
    if (res->best != GS_NO_ACTION) {
        const char *child = gs_tree_node_name(t, gs_tree_child(t, root, res->best));
        const char *action = gs_tree_child_action(t, root, res->best);
        if (strcmp(child, action) == 0)
            printf("best: %s\n", child);
        else
            printf("best: %s (action %s)\n", child, action);
    } else {
        printf("best: none (the root %s)\n",
               gs_tree_child_count(t, root) == 0 ? "is a leaf"
                                                 : "is not a player's choice");
    }
    printf("principal variation:");
    for (int k = 0; k <= res->pv_length; k++)
        printf("%s%s", k ? " -> " : " ", gs_tree_node_name(t, pv_node(t, res, k)));
    printf("\nnodes visited: %llu (%llu lea%s evaluated, %llu cutoff%s)\n",
           (unsigned long long)res->nodes, (unsigned long long)res->leaves,
           res->leaves == 1 ? "f" : "ves", (unsigned long long)res->cutoffs,
           res->cutoffs == 1 ? "" : "s");
    printf("visited:");
    print_names(t, r->visited.v, r->visited.n);
    if (r->visits) {
        printf("visits (mean):");
        for (size_t i = 0; i < r->visited.n; i++) {
            int32_t v = r->visited.v[i];
            cli_format_value(r->value[v], num);
            printf(" %s=%llu (%s)", gs_tree_node_name(t, v),
                   (unsigned long long)r->visits[v], num);
        }
        printf("\nproved: %s\n", res->mcts_proved ? "yes" : "no");
        return;
    }
    printf("pruned:");
    print_names(t, r->pruned.v, r->pruned.n);
}

/* MCTS: the nodes its tree reached, with their visits and means (the
 * proved value where the solver proved one), recorded as the hook records
 * the other algorithms' searches. */
static bool record_mcts(const gs_tree *t, const gs_engine *e, record *r)
{
    size_t n = gs_mcts_tree_size(e);
    int32_t *node = malloc((n ? n : 1) * sizeof *node);
    r->visits = calloc((size_t)gs_tree_node_count(t), sizeof *r->visits);
    bool ok = node && r->visits;
    for (size_t i = 0; ok && i < n; i++) {
        gs_mcts_node_info in;
        gs_mcts_tree_node(e, i, &in);
        node[i] = i ? gs_tree_child(t, node[in.parent], in.action)
                    : gs_tree_root_node(t);
        if (in.visits == 0)
            continue;
        if (!r->visits[node[i]])
            ok = list_push(&r->visited, node[i]);
        r->visits[node[i]] += in.visits;
        r->value[node[i]] = in.proved ? in.lo : in.mean;
        r->bound[node[i]] = GS_BOUND_EXACT + 1;
    }
    free(node);
    return ok;
}

/* ---- Graphviz ---- */

static void dot_value_label(FILE *f, const gs_tree *t, const record *r,
                            int32_t node)
{
    char num[32];
    cli_dot_string(f, gs_tree_node_name(t, node));
    if (r->bound[node]) {
        static const char *const prefix[] = {"", "\xe2\x89\xa5 ", "\xe2\x89\xa4 "};
        cli_format_value(r->value[node], num);
        fprintf(f, " + \"\\n%s%s\"", prefix[r->bound[node] - 1], num);
        if (r->visits)
            fprintf(f, " + \"\\n%llu visits\"",
                    (unsigned long long)r->visits[node]);
    }
}

/*
 * Writes the tree reachable from the root (each node once, down to the
 * cutoff ply) with the search's marks. Returns false on a write error.
 */
static bool write_dot(FILE *f, const gs_tree *t, const gs_result *res,
                      const record *r, int32_t cutoff_plies, gs_algo algo)
{
    int32_t count = gs_tree_node_count(t), root = gs_tree_root_node(t);
    int32_t *ply = malloc((size_t)count * sizeof *ply);
    int32_t *queue = malloc((size_t)count * sizeof *queue);
    unsigned char *visited = calloc((size_t)count, 1);
    unsigned char *on_pv = calloc((size_t)count, 1);
    size_t *first_edge = malloc(((size_t)count + 1) * sizeof *first_edge);
    unsigned char *cut = NULL;
    bool ok = ply && queue && visited && on_pv && first_edge;
    if (!ok)
        goto done;
    /* Edges are numbered parent by parent, so a pruned (parent, position)
     * pair marks one edge. */
    first_edge[0] = 0;
    for (int32_t i = 0; i < count; i++)
        first_edge[i + 1] = first_edge[i] + (size_t)gs_tree_child_count(t, i);
    cut = calloc(first_edge[count] + 1, 1);
    if (!(ok = cut != NULL))
        goto done;
    for (size_t i = 0; i < r->cut_parent.n; i++)
        cut[first_edge[r->cut_parent.v[i]] + (size_t)r->cut_action.v[i]] = 1;
    for (size_t i = 0; i < r->visited.n; i++)
        visited[r->visited.v[i]] = 1;
    for (int k = 0; k <= res->pv_length; k++)
        on_pv[pv_node(t, res, k)] = 1;
    for (int32_t i = 0; i < count; i++)
        ply[i] = -1;

    char num[32];
    cli_format_value(res->value, num);
    fprintf(f, "digraph gametree {\n  ordering=out;\n  labelloc=t;\n  fontname=\"Helvetica\";\n"
               "  label=\"%s: value %s\";\n"
               "  node [fontname=\"Helvetica\", width=0.5, height=0.5, "
               "fixedsize=false];\n  edge [arrowhead=none, fontname=\"Helvetica\"];\n",
            gs_algo_name(algo), num);

    size_t head = 0, tail = 0;
    queue[tail++] = root;
    ply[root] = 0;
    while (head < tail) {
        int32_t v = queue[head++];
        int agent = ply[v] % gs_tree_num_agents(t);
        gs_role role = searched_role(t, agent, algo);
        int nc = gs_tree_child_count(t, v);
        bool leaf = nc == 0 || (cutoff_plies > 0 && ply[v] >= cutoff_plies);
        fprintf(f, "  n%ld [shape=%s, label=", (long)v,
                role == GS_ROLE_MAX ? "box" : role == GS_ROLE_MIN ? "ellipse"
                                                                  : "diamond");
        dot_value_label(f, t, r, v);
        if (!visited[v])
            fputs(", color=gray, fontcolor=gray, style=dashed", f);
        if (on_pv[v])
            fputs(", penwidth=3", f);
        fputs("];\n", f);
        if (leaf)
            continue;
        for (int i = 0; i < nc; i++) {
            int32_t c = gs_tree_child(t, v, i);
            const char *action = gs_tree_child_action(t, v, i);
            bool pruned = cut[first_edge[v] + (size_t)i];
            fprintf(f, "  n%ld -> n%ld [", (long)v, (long)c);
            double p;
            bool named = strcmp(action, gs_tree_node_name(t, c)) != 0;
            bool has_p = gs_tree_child_probability(t, v, i, &p);
            if (named || has_p) {
                /* the action's name, the probability, or both: the whole
                 * name, however long, as Graphviz joins "a" + " b" */
                fputs("xlabel=", f);
                if (named)
                    cli_dot_string(f, action);
                if (has_p) {
                    cli_format_double(p, num);
                    if (named) {
                        fputs(" + ", f);
                        memmove(num + 1, num, strlen(num) + 1);
                        num[0] = ' ';
                    }
                    cli_dot_string(f, num);
                }
                fputs(", fontsize=10, ", f);
            }
            if (pruned)
                fputs("color=orange, style=dashed, label=<<font "
                      "point-size=\"20\" color=\"orange\">\xe2\x9c\x95</font>>",
                      f);
            else if (!visited[c])
                fputs("color=gray, style=dashed", f);
            else if (on_pv[v] && on_pv[c])
                fputs("penwidth=3", f);
            else
                fputs("color=black", f);
            fputs("];\n", f);
            if (ply[c] < 0) {
                ply[c] = ply[v] + 1;
                queue[tail++] = c;
            }
        }
    }
    fputs("}\n", f);
done:
    free(ply);
    free(queue);
    free(visited);
    free(on_pv);
    free(first_edge);
    free(cut);
    return ok && !ferror(f);
}

int cmd_tree(int argc, char **argv)
{
    tree_options o;
    int rc = parse_options(argc, argv, &o);
    if (rc)
        return rc == 1 ? 0 : rc;

    const char *shown = strcmp(o.file, "-") == 0 ? "<stdin>" : o.file;
    char *text = NULL, err[256];
    size_t len;
    gs_tree *t = NULL;
    gs_engine *e = NULL;
    record r;
    memset(&r, 0, sizeof r);
    int status = EXIT_BAD_INPUT;
    bool dot_to_stdout = o.dot && strcmp(o.dot, "-") == 0;
    cli_output dot = {0};

    /* The drawing's file is opened first, so that one that cannot be
     * written stops the run before the work; never over the input or over
     * the file standard output goes to. */
    if (o.dot && !dot_to_stdout && strcmp(o.file, "-") != 0 &&
        cli_same_file(o.dot, o.file)) {
        cli_error(CMD, "--dot %s names the input file: give the drawing "
                  "another name", o.dot);
        goto out;
    }
    if (o.dot && !dot_to_stdout && cli_is_stdout_file(o.dot)) {
        cli_error(CMD, "--dot %s is also standard output: give the drawing "
                  "another name, or --dot - alone", o.dot);
        goto out;
    }
    if (o.dot && !dot_to_stdout && !cli_output_open(CMD, &dot, "--dot", o.dot))
        goto out;
    if (cli_read_all(o.file, &text, &len, err, sizeof err) != 0) {
        cli_error(CMD, "%s: %s", shown, err);
        goto out;
    }

    /* Step 1. Parse and check the tree. */
    gs_error te;
    int s = gs_tree_parse(text, len, NULL, &t, &te);
    if (s == GS_EPARSE || s == GS_ETOOBIG) {
        if (te.line > 0)
            cli_error(CMD, "%s:%d:%d: %s", shown, te.line, te.column, te.message);
        else
            cli_error(CMD, "%s: %s", shown, te.message);
        goto out;
    } else if (s != GS_OK) {
        cli_error(CMD, "%s: %s", shown, gs_strerror(s));
        status = 1;
        goto out;
    }
    if (o.agents) {
        gs_role roles[GS_TREE_MAX_AGENTS];
        int n;
        if (gs_tree_parse_roles(o.agents, roles, &n, &te) != GS_OK) {
            cli_error(CMD, "--agents '%s': %s", CLI_Q(o.agents), te.message);
            goto out;
        }
        gs_tree_set_roles(t, roles, n);
    }
    int depth = o.depth >= 0 ? (int)o.depth : gs_tree_depth(t);
    int agents = gs_tree_num_agents(t);
    int32_t cutoff = depth > 0 && depth <= INT32_MAX / agents
                         ? (int32_t)(depth * agents) : 0;
    s = gs_tree_check_values(t, cutoff, &te);
    if (s == GS_EPARSE) {
        cli_error(CMD, "%s:%d:%d: %s%s", shown, te.line, te.column, te.message,
                  cutoff > 0 && gs_tree_syntax_of(t) == GS_TREE_NESTED
                      ? " (a nested list has values only at its leaves)" : "");
        goto out;
    } else if (s != GS_OK) {
        cli_error(CMD, "%s: %s", shown, gs_strerror(s));
        status = 1;
        goto out;
    }

    /* Step 2. Search it, recording every node. */
    gs_game game;
    gs_tree_game(t, &game);
    r.tree = t;
    r.value = calloc((size_t)gs_tree_node_count(t), sizeof *r.value);
    r.bound = calloc((size_t)gs_tree_node_count(t), 1);
    if (!r.value || !r.bound || gs_engine_new(&game, NULL, &e) != GS_OK) {
        cli_error(CMD, "out of memory");
        status = 1;
        goto out;
    }
    gs_search_options so;
    gs_search_options_init(&so);
    so.algo = o.algo;
    so.depth = depth;
    so.depth_unit = GS_DEPTH_ROUNDS;
    so.prune_equal = o.prune_equal;
    so.hook = on_event;
    so.hook_user = &r;
    gs_tree_state root;
    gs_tree_root(t, &root);
    gs_result res;
    s = gs_search(e, &root, &so, &res);
    if (s == GS_EPLY) {
        /* What can be done depends on where values may stand: a nested
         * list has them only at its leaves, so no cutoff can help it. */
        int most = so.max_ply / agents;
        if (gs_tree_syntax_of(t) == GS_TREE_NESTED)
            cli_error(CMD, "%s: the tree is %ld plies deep, more than the %d "
                      "plies gamesearch searches; a nested list has values "
                      "only at its leaves, so --depth cannot cut it off: "
                      "write it as lines, with values for the nodes at a "
                      "cutoff of at most %d rounds, and give that --depth",
                      shown, (long)gs_tree_height(t), so.max_ply, most);
        else if (cutoff > 0)
            cli_error(CMD, "%s: the tree is %ld plies deep and a cutoff of "
                      "%d rounds (%ld plies) lies beyond the %d plies "
                      "gamesearch searches; give --depth at most %d",
                      shown, (long)gs_tree_height(t), depth, (long)cutoff,
                      so.max_ply, most);
        else
            cli_error(CMD, "%s: the tree is %ld plies deep, more than the %d "
                      "plies gamesearch searches; cut it off with --depth N, "
                      "N at most %d rounds, the nodes at the cutoff given "
                      "values", shown, (long)gs_tree_height(t), so.max_ply,
                      most);
        goto out;
    }
    if (s == GS_OK && o.algo == GS_MCTS && !record_mcts(t, e, &r))
        r.out_of_memory = true;
    if (s != GS_OK || r.out_of_memory) {
        cli_error(CMD, "%s", s != GS_OK ? gs_strerror(s) : "out of memory");
        status = 1;
        goto out;
    }

    /* Step 3. Write what was asked for. */
    if (o.dot) {
        errno = 0;
        bool ok = write_dot(dot_to_stdout ? stdout : dot.f, t, &res, &r,
                            cutoff, o.algo);
        if (!dot_to_stdout && !cli_output_close(&dot, false))
            ok = false;
        if (!ok) {
            cli_error(CMD, "--dot %s: cannot write: %s", o.dot,
                      errno ? strerror(errno) : "write error");
            status = 1;
            goto out;
        }
        if (dot_to_stdout) {
            status = 0;
            goto out;
        }
    }
    if (o.json)
        print_json(t, &res, &r);
    else
        print_text(t, &o, &res, &r, depth);
    status = 0;

out:
    cli_output_close(&dot, status != 0);
    gs_engine_free(e);
    gs_tree_free(t);
    free(text);
    free(r.visited.v);
    free(r.pruned.v);
    free(r.cut_parent.v);
    free(r.cut_action.v);
    free(r.value);
    free(r.bound);
    free(r.visits);
    return status;
}
