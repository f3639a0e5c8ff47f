/*
 * games/tree/tree_trace.c: a search of a tree recorded step by step, in
 * node numbers: what `gamesearch tree --trace` prints and the pages replay.
 *
 * The search's hook (search.h) reports states; a tree state is a node and
 * its ply, so the node on the search path at every ply (`path`) gives each
 * entered node its parent, and a pruned action its child.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tree_internal.h"

#if defined(__GNUC__)
#define TREE_PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define TREE_PRINTF_LIKE(f, a)
#endif

typedef struct recorder {
    const gs_tree *tree;
    gs_tree_trace *trace;
    int32_t *path;          /* the node entered at each ply */
    size_t path_len;        /* elements of path */
    gs_algo algo;
    gs_hook_fn user_hook;
    void *user;
    bool out_of_memory;
    gs_engine *engine;      /* the search's (max^n: its vectors) */
    size_t vec_cap;         /* steps the trace's step_utilities hold */
} recorder;

/* Step `i`'s utility vector (max^n, at LEAVE), read from the engine. */
static bool keep_vector(recorder *r, size_t i)
{
    gs_tree_trace *tr = r->trace;
    size_t k = (size_t)r->tree->num_agents;
    tr->utility_count = (int)k;   /* (what frees the vectors reads) */
    if (r->vec_cap < tr->capacity) {
        const gs_allocator *a = &r->tree->alloc;
        size_t cap = tr->capacity;
        if (cap > SIZE_MAX / sizeof(double) / k)
            return false;
        double *v = a->fn(a->user, tr->step_utilities,
                          r->vec_cap * k * sizeof(double),
                          cap * k * sizeof(double));
        if (!v) {
            /* (given back now, at the size it has: the trace is dropped) */
            a->fn(a->user, tr->step_utilities,
                  r->vec_cap * k * sizeof(double), 0);
            tr->step_utilities = NULL;
            r->vec_cap = 0;
            return false;
        }
        tr->step_utilities = v;
        r->vec_cap = cap;
    }
    double *row = tr->step_utilities + i * k;
    for (size_t j = 0; j < k; j++)
        row[j] = 0.0;
    gs_engine_utilities(r->engine, row, (int)k);
    return true;
}

static bool push(recorder *r, const gs_tree_step *step)
{
    gs_tree_trace *tr = r->trace;
    if (tr->count == tr->capacity) {
        const gs_allocator *a = &r->tree->alloc;
        size_t cap = tr->capacity ? tr->capacity * 2 : 256;
        if (cap > SIZE_MAX / sizeof *tr->steps)
            return false;
        gs_tree_step *s = a->fn(a->user, tr->steps,
                                tr->capacity * sizeof *tr->steps,
                                cap * sizeof *tr->steps);
        if (!s)
            return false;
        tr->steps = s;
        tr->capacity = cap;
    }
    tr->steps[tr->count++] = *step;
    return true;
}

static int name_chars(const char *s);

static void on_event(void *user, gs_event_kind kind, const gs_event *ev)
{
    recorder *r = user;
    gs_tree_state s;
    memcpy(&s, ev->state, sizeof s);
    gs_tree_step step;
    memset(&step, 0, sizeof step);
    step.kind = kind;
    step.ply = s.ply;
    step.agent = ev->agent;
    step.role = gs_tree_role(r->tree, ev->agent);
    if (step.role == GS_ROLE_MIN && r->algo == GS_EXPECTIMAX)
        step.role = GS_ROLE_CHANCE;
    if (step.role == GS_ROLE_MIN && r->algo == GS_MAXN)
        step.role = GS_ROLE_MAX;   /* (each of its own utility) */
    step.alpha = ev->alpha;
    step.beta = ev->beta;
    if (kind == GS_EVENT_PRUNE) {
        step.node = gs_tree_child(r->tree, s.node, (int)ev->action);
        step.parent = s.node;
        step.index = (int)ev->action;
    } else {
        step.node = s.node;
        if ((size_t)s.ply < r->path_len)
            r->path[s.ply] = s.node;
        step.parent = s.ply > 0 && (size_t)s.ply <= r->path_len
                          ? r->path[s.ply - 1] : -1;
        step.index = s.ply > 0 ? (int)ev->action : -1;
        if (kind == GS_EVENT_LEAVE) {
            step.value = ev->value;
            step.bound = ev->bound;
            step.leaf = ev->leaf;
        }
    }
    if (!r->out_of_memory && !push(r, &step))
        r->out_of_memory = true;
    if (!r->out_of_memory && r->algo == GS_MAXN &&
        !keep_vector(r, r->trace->count - 1))
        r->out_of_memory = true;
    if (kind != GS_EVENT_LEAVE) {
        int w = name_chars(gs_tree_node_name(r->tree, step.node));
        if (w > r->trace->name_width)
            r->trace->name_width = w;
    }
    if (r->user_hook)
        r->user_hook(r->user, kind, ev);
}

void gs_tree_trace_free(const gs_tree *tree, gs_tree_trace *trace)
{
    if (!trace)
        return;
    if (trace->steps && tree) {
        const gs_allocator *a = &tree->alloc;
        a->fn(a->user, trace->steps, trace->capacity * sizeof *trace->steps, 0);
    }
    if (trace->step_utilities && tree) {
        const gs_allocator *a = &tree->alloc;
        a->fn(a->user, trace->step_utilities,
              trace->capacity * (size_t)trace->utility_count *
                  sizeof(double), 0);
    }
    trace->step_utilities = NULL;
    trace->utility_count = 0;
    trace->steps = NULL;
    trace->count = trace->capacity = 0;
    trace->name_width = 0;
}

static void say(gs_error *error, const char *message)
{
    if (error) {
        error->line = error->column = 0;
        snprintf(error->message, sizeof error->message, "%s", message);
    }
}

int gs_tree_trace_search(const gs_tree *tree, const gs_search_options *options,
                         gs_tree_trace *trace, gs_result *result,
                         gs_error *error)
{
    if (!tree || !trace || !result) {
        say(error, "invalid arguments");
        return GS_EINVAL;
    }
    memset(trace, 0, sizeof *trace);
    say(error, "");
    const gs_allocator *a = &tree->alloc;
    /* The caller's options as far as its version has them (search.h), the
     * rest defaults; a size gs_search does not know stays for it to refuse. */
    gs_search_options o;
    gs_search_options_init(&o);
    if (options && options->size > 0 && options->size <= sizeof o)
        memcpy(&o, options, options->size);
    else if (options)
        o.size = options->size;
    recorder r = {tree, trace, NULL, 0, o.algo, o.hook, o.hook_user, false,
                  NULL, 0};
    /* the deepest ply a search reaches: the tree's height (the search
     * refuses more than max_ply) */
    r.path_len = (size_t)tree->height + 1;
    r.path = a->fn(a->user, NULL, 0, r.path_len * sizeof *r.path);
    gs_engine *e = NULL;
    gs_game game;
    gs_tree_game(tree, &game);
    int rc = r.path ? gs_engine_new(&game, a, &e) : GS_ENOMEM;
    if (rc == GS_OK) {
        o.hook = on_event;
        o.hook_user = &r;
        gs_tree_state root;
        gs_tree_root(tree, &root);
        r.engine = e;
        rc = gs_search(e, &root, &o, result);
        if (rc != GS_OK)
            say(error, gs_engine_error(e));
        else if (r.out_of_memory)
            rc = GS_ENOMEM;
        else if (o.algo == GS_MAXN) {
            /* (zeros when a limit stopped the search) */
            trace->utility_count = tree->num_agents;
            gs_engine_utilities(e, trace->utilities, GS_TREE_MAX_AGENTS);
        }
    }
    if (rc == GS_ENOMEM)
        say(error, "out of memory");
    if (rc != GS_OK)
        gs_tree_trace_free(tree, trace);
    gs_engine_free(e);
    if (r.path)
        a->fn(a->user, r.path, r.path_len * sizeof *r.path, 0);
    return rc;
}

int gs_tree_search(const gs_tree *tree, const gs_search_options *options,
                   gs_tree_trace *trace, gs_result *result,
                   gs_engine **engine, gs_error *error)
{
    if (!engine || !options || options->algo != GS_MCTS) {
        if (engine)
            *engine = NULL;
        return gs_tree_trace_search(tree, options, trace, result, error);
    }
    *engine = NULL;
    if (!tree || !trace || !result) {
        say(error, "invalid arguments");
        return GS_EINVAL;
    }
    memset(trace, 0, sizeof *trace);
    gs_game game;
    gs_tree_game(tree, &game);
    gs_tree_state root;
    gs_tree_root(tree, &root);
    int rc = gs_engine_new(&game, &tree->alloc, engine);
    if (rc == GS_OK)
        rc = gs_search(*engine, &root, options, result);
    say(error, *engine ? gs_engine_error(*engine) : gs_strerror(rc));
    if (rc != GS_OK) {
        gs_engine_free(*engine);
        *engine = NULL;
    }
    return rc;
}

/* The characters of a UTF-8 name (bytes that do not continue one). */
static int name_chars(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

/* A window edge or a value for people, to `digits` significant digits.
 * Windows get 8, and within 1e-7 of 0 show 0: that hides Star1's widening
 * of its windows by a billionth of the bounds' size. */
static const char *number(char *buf, size_t size, double v, int digits)
{
    if (digits < 10 && fabs(v) < 1e-7)
        v = 0.0;
    if (isinf(v))
        snprintf(buf, size, "%s", v < 0 ? "-inf" : "+inf");
    else
        snprintf(buf, size, "%.*g", digits, v == 0.0 ? 0.0 : v);
    return buf;
}

/* Appends to buf (of `size`) at *o, counting what did not fit. */
static void add(char *buf, size_t size, size_t *o, const char *fmt, ...)
    TREE_PRINTF_LIKE(4, 5);

static void add(char *buf, size_t size, size_t *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(*o < size ? buf + *o : NULL, *o < size ? size - *o : 0,
                      fmt, ap);
    va_end(ap);
    if (w > 0)
        *o += (size_t)w;
}

/* A name padded with blanks to `width` characters. */
static void add_name(char *buf, size_t size, size_t *o, const char *name,
                     int width)
{
    add(buf, size, o, "%s%*s", name, width - name_chars(name), "");
}

static const char *role_word(gs_role r)
{
    return r == GS_ROLE_MAX ? "max" : r == GS_ROLE_MIN ? "min" : "chance";
}

int gs_tree_trace_line(const gs_tree *tree, const gs_tree_trace *trace,
                       size_t line, char *buf, size_t size)
{
    static const char *const kinds[] = {"enter", "leave", "prune"};
    char a[32], b[32], v[32];
    size_t o = 0;
    if (!tree || !trace || line > trace->count)
        return -1;
    if (size > 0)
        buf[0] = '\0';
    int digits = snprintf(NULL, 0, "%zu", trace->count);
    int width = trace->name_width > 4 ? trace->name_width : 4;
    if (digits < 4)
        digits = 4;
    if (line == 0) {
        add(buf, size, &o, "%*s  event  ", digits, "step");
        add_name(buf, size, &o, "node", width);
        add(buf, size, &o, "  ply  role    %8s  %8s  value", "alpha", "beta");
        return (int)o;
    }
    const gs_tree_step *s = &trace->steps[line - 1];
    add(buf, size, &o, "%*zu  %s  ", digits, line, kinds[s->kind]);
    add_name(buf, size, &o, gs_tree_node_name(tree, s->node), width);
    add(buf, size, &o, "  %3ld  %-6s  %8s  %8s", (long)s->ply,
        role_word(s->role), number(a, sizeof a, s->alpha, 8),
        number(b, sizeof b, s->beta, 8));
    const double *u = trace->utility_count > 0 && trace->step_utilities
                          ? trace->step_utilities +
                                (line - 1) * (size_t)trace->utility_count
                          : NULL;
    if (s->kind == GS_EVENT_LEAVE && u) {
        for (int j = 0; j < trace->utility_count; j++)
            add(buf, size, &o, "%s%s", j ? ", " : "  (",
                number(v, sizeof v, u[j], 10));
        add(buf, size, &o, ")%s", s->leaf ? " leaf" : "");
    } else if (s->kind == GS_EVENT_LEAVE) {
        add(buf, size, &o, "  %s%s%s",
            s->bound == GS_BOUND_LOWER ? ">= "
            : s->bound == GS_BOUND_UPPER ? "<= " : "",
            number(v, sizeof v, s->value, 10), s->leaf ? " leaf" : "");
    } else if (s->kind == GS_EVENT_PRUNE && trace->utility_count > 0) {
        add(buf, size, &o, "  cut at %s: shallow pruning (sum:)",
            gs_tree_node_name(tree, s->parent));
    } else if (s->kind == GS_EVENT_PRUNE) {
        add(buf, size, &o, "  cut at %s", gs_tree_node_name(tree, s->parent));
        /* the parent's value: its LEAVE follows its prunes */
        size_t k = line;
        while (k < trace->count && trace->steps[k].kind != GS_EVENT_LEAVE)
            k++;
        if (k < trace->count) {
            const gs_tree_step *p = &trace->steps[k];
            bool high = p->bound == GS_BOUND_LOWER;
            double edge = high ? s->beta : s->alpha;
            add(buf, size, &o, ": v = %s %s %s = %s",
                number(v, sizeof v, p->value, 10),
                high ? (p->value > edge ? ">" : ">=")
                     : (p->value < edge ? "<" : "<="),
                high ? "beta" : "alpha", number(a, sizeof a, edge, 8));
        }
    }
    if (o > INT32_MAX)
        return -1;
    return (int)o;
}
