/*
 * games/tree/tree_trace.c: a search of a tree recorded step by step, in
 * node numbers: what `gamesearch tree --trace` prints and the pages replay.
 *
 * The search's hook (search.h) reports states; a tree state is a node and
 * its ply, so the node on the search path at every ply (`path`) gives each
 * entered node its parent, and a pruned action its child.
 */
#include <stdio.h>
#include <string.h>

#include "tree_internal.h"

typedef struct recorder {
    const gs_tree *tree;
    gs_tree_trace *trace;
    int32_t *path;          /* the node entered at each ply */
    size_t path_len;        /* elements of path */
    gs_algo algo;
    gs_hook_fn user_hook;
    void *user;
    bool out_of_memory;
} recorder;

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
    trace->steps = NULL;
    trace->count = trace->capacity = 0;
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
    gs_search_options o;
    if (options) {
        o = *options;
    } else {
        gs_search_options_init(&o);
    }
    recorder r = {tree, trace, NULL, 0, o.algo, o.hook, o.hook_user, false};
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
        rc = gs_search(e, &root, &o, result);
        if (rc != GS_OK)
            say(error, gs_engine_error(e));
        else if (r.out_of_memory)
            rc = GS_ENOMEM;
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
