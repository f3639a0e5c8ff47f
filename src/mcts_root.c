/*
 * mcts_root.c: the drivers of Monte Carlo tree search (GS_MCTS): the
 * search's entry, root-parallel threads whose trees are added into the
 * calling engine's, the answer read from the root, and the tree read back
 * (gs_mcts_tree_size, gs_mcts_tree_node). mcts.c grows the tree.
 */
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "engine.h"
#include "mcts_internal.h"
#include "thread.h"

/* ---- threads ---- */

typedef struct mcts_job {
    gs_engine *engine;
    gs_search_options opt;
    const void *root;
    uint64_t seed;
    int status;
    thread_handle thread;
    bool running;
} mcts_job;

static void *job_main(void *arg)
{
    mcts_job *j = arg;
    j->status = mcts_run_one(j->engine, j->root, &j->opt, j->seed);
    return NULL;
}

/* Thread i's seed: the caller's for thread 0, a mix of it for the others. */
static uint64_t thread_seed(uint64_t seed, int i)
{
    if (i == 0)
        return seed;
    uint64_t s = seed ^ ((uint64_t)i * 0xd1b54a32d192ed03u);
    return rng_next(&s);
}

/* Thread i's share of a limit of `total` among `n` threads (0: none). */
static uint64_t share(uint64_t total, int n, int i)
{
    if (total == 0)
        return 0;
    uint64_t s = total / (uint64_t)n + ((uint64_t)i < total % (uint64_t)n);
    return s ? s : 1;
}

/* Adds helper h's root children into e's (the same actions, in the same
 * order) and its counts. */
static void merge_root(gs_engine *e, const gs_engine *h, bool solver)
{
    e->mcts.iterations += h->mcts.iterations;
    e->nodes += h->nodes;
    e->leaves += h->leaves;
    if (h->stopped != GS_STOP_NONE && e->stopped == GS_STOP_NONE)
        e->stopped = h->stopped;
    if (h->mcts.count == 0 || e->mcts.count == 0)
        return;
    mcts_node *r = &e->mcts.nodes[0];
    const mcts_node *hr = &h->mcts.nodes[0];
    r->visits += hr->visits;
    r->sum += hr->sum;
    if (solver) {
        r->lo = fmax(r->lo, hr->lo);
        r->hi = fmin(r->hi, hr->hi);
    }
    if (r->nchild != hr->nchild || r->nchild == 0)
        return;
    for (int i = 0; i < r->nchild; i++) {
        mcts_node *c = &e->mcts.nodes[r->first + (uint32_t)i];
        const mcts_node *hc = &h->mcts.nodes[hr->first + (uint32_t)i];
        c->visits += hc->visits;
        c->sum += hc->sum;
        if (solver) {
            c->lo = fmax(c->lo, hc->lo);
            c->hi = fmin(c->hi, hc->hi);
        }
    }
}

static int run_threads(gs_engine *e, const void *root,
                       const gs_search_options *o, int n)
{
    int st = threads_ensure_helpers(e, n - 1);
    if (st != GS_OK)
        return engine_fail(e, st, "out of memory for the engines of %d "
                                  "helper threads", n - 1);
    mcts_job *jobs = mem_resize(&e->alloc, NULL, 0,
                                (size_t)(n - 1) * sizeof *jobs);
    if (!jobs)
        return engine_fail(e, GS_ENOMEM, "out of memory for the jobs of %d "
                                         "helper threads", n - 1);
    gs_search_options own = *o;
    own.threads = 1;
    own.mcts_iterations = o->mcts_iterations;
    if (!o->mcts_iterations && !o->max_nodes && !(o->max_seconds > 0.0))
        own.mcts_iterations = MCTS_DEFAULT_ITERATIONS;
    uint64_t total_iters = own.mcts_iterations;
    for (int i = 1; i < n; i++) {
        mcts_job *j = &jobs[i - 1];
        j->engine = e->helpers[i - 1];
        j->opt = own;
        j->opt.mcts_iterations = share(total_iters, n, i);
        j->opt.max_nodes = share(o->max_nodes, n, i);
        j->root = root;
        j->seed = thread_seed(o->mcts_seed, i);
        j->status = engine_begin(j->engine, &j->opt);
        j->running = false;
        if (j->status == GS_OK) {
            j->engine->start = e->start;
            j->running = thread_start(&j->thread, job_main, j);
        }
    }
    own.mcts_iterations = share(total_iters, n, 0);
    own.max_nodes = share(o->max_nodes, n, 0);
    st = mcts_run_one(e, root, &own, thread_seed(o->mcts_seed, 0));
    for (int i = 1; i < n; i++) {
        mcts_job *j = &jobs[i - 1];
        if (j->running)
            thread_join(&j->thread);
        else if (j->status == GS_OK)
            job_main(j);   /* no thread: this one does its share */
        if (j->status != GS_OK && st == GS_OK)
            st = engine_fail(e, j->status, "a helper thread: %s",
                             j->engine->error);
        merge_root(e, j->engine, o->mcts_solver);
    }
    mem_resize(&e->alloc, jobs, (size_t)(n - 1) * sizeof *jobs, 0);
    return st;
}

/* ---- the answer ---- */

/* The most visited child of a MAX or MIN node, or UINT32_MAX. */
static uint32_t most_visited(const gs_engine *e, const mcts_node *n)
{
    if ((n->kind != KIND_MAX && n->kind != KIND_MIN) || n->nchild == 0)
        return UINT32_MAX;
    uint32_t best = UINT32_MAX;
    for (int i = 0; i < n->nchild; i++) {
        uint32_t c = n->first + (uint32_t)i;
        if (e->mcts.nodes[c].visits > 0 &&
            (best == UINT32_MAX ||
             e->mcts.nodes[c].visits > e->mcts.nodes[best].visits))
            best = c;
    }
    return best;
}

static void mcts_take_answer(gs_engine *e, gs_result *r, bool solver)
{
    const mcts_node *root = &e->mcts.nodes[0];
    r->nodes = e->nodes;
    r->leaves = e->leaves;
    r->mcts_iterations = e->mcts.iterations;
    r->mcts_root_actions = root->nchild;
    r->mcts_proved = root->kind == KIND_LEAF || (solver && root->lo == root->hi);
    r->stopped = e->stopped;
    r->bound = GS_BOUND_EXACT;
    int best = mcts_pick_best(e, solver);
    if (best >= 0) {
        const mcts_node *c = &e->mcts.nodes[root->first + (uint32_t)best];
        r->best = c->action;
        r->best_index = best;
    }
    if (r->mcts_proved)
        r->value = root->lo;
    else if (best >= 0)
        r->value = mcts_mean(&e->mcts.nodes[root->first + (uint32_t)best]);
    else
        r->value = mcts_mean(root);
    /* The principal variation: the chosen action, then the most visited
     * children. */
    r->pv_length = 0;
    if (best < 0)
        return;
    uint32_t idx = root->first + (uint32_t)best;
    while (idx != UINT32_MAX && r->pv_length < GS_PV_MAX) {
        r->pv[r->pv_length++] = e->mcts.nodes[idx].action;
        idx = most_visited(e, &e->mcts.nodes[idx]);
    }
}

/* The checks of the options only MCTS reads. */
static int check_mcts(gs_engine *e, const gs_search_options *o)
{
    if (!(o->mcts_c >= 0.0) || !isfinite(o->mcts_c))
        return engine_fail(e, GS_EINVAL,
                           "options.mcts_c is %g, but it must be a finite "
                           "number, 0 or more", o->mcts_c);
    if ((unsigned)o->mcts_playout > GS_PLAYOUT_EVAL)
        return engine_fail(e, GS_EINVAL,
                           "options.mcts_playout is %d, which is no "
                           "gs_mcts_playout", (int)o->mcts_playout);
    if (o->mcts_playout == GS_PLAYOUT_POLICY && !e->game.playout)
        return engine_fail(e, GS_EINVAL,
                           "options.mcts_playout is GS_PLAYOUT_POLICY, but "
                           "the game has no playout");
    if (o->mcts_playout_depth < 0)
        return engine_fail(e, GS_EINVAL,
                           "options.mcts_playout_depth is %d, but it must "
                           "be 0 (no limit) or more", o->mcts_playout_depth);
    return GS_OK;
}

int mcts_search(gs_engine *e, const void *root,
                const gs_search_options *options, gs_result *r)
{
    memset(r, 0, sizeof *r);
    r->best = GS_NO_ACTION;
    r->best_index = -1;
    int st = engine_begin(e, options);
    if (st == GS_OK)
        st = check_mcts(e, options);
    if (st != GS_OK)
        return st;
    /* Every tree has its root and runs an iteration: no more trees than
     * the node and iteration limits allow, so that together they never
     * exceed them. */
    int n = options->threads > 1 ? options->threads : 1;
    if (options->max_nodes && options->max_nodes < (uint64_t)n)
        n = (int)options->max_nodes;
    if (options->mcts_iterations && options->mcts_iterations < (uint64_t)n)
        n = (int)options->mcts_iterations;
    st = n > 1 ? run_threads(e, root, options, n)
               : mcts_run_one(e, root, options, options->mcts_seed);
    if (e->mcts.count > 0)
        mcts_take_answer(e, r, options->mcts_solver);
    r->depth = (int)e->cut_evals;
    r->seconds = engine_elapsed(e);
    if (st != GS_OK)
        e->mcts.count = 0;
    return st;
}

/* ---- the tree, read back ---- */

size_t gs_mcts_tree_size(const gs_engine *e)
{
    return e ? e->mcts.count : 0;
}

int gs_mcts_tree_node(const gs_engine *e, size_t index, gs_mcts_node_info *out)
{
    if (!e || !out || index >= e->mcts.count)
        return GS_EINVAL;
    const mcts_node *n = &e->mcts.nodes[index];
    out->action = n->action;
    out->parent = index == 0 ? -1 : (int64_t)n->parent;
    out->first_child = n->nchild ? (int64_t)n->first : -1;
    out->children = n->nchild;
    out->visits = n->visits;
    out->mean = mcts_mean(n);
    out->lo = n->lo;
    out->hi = n->hi;
    out->proved = n->lo == n->hi;
    return GS_OK;
}
