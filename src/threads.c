/*
 * threads.c: several threads searching one root (lazy SMP).
 *
 * The engine that gs_search was called on (the owner) keeps helper
 * engines, made once and reused, each with its own stacks but searching
 * with the owner's transposition table. For a search with N threads the
 * owner starts N - 1 helpers on the same root with the same options, and
 * searches itself; what each stores in the table speeds up the others.
 * The answer is the owner's; the helpers stop when it has it.
 *
 * What the threads share: the table (see tt.h for how entries survive
 * racing writers), with null-window search the range of values proved so
 * far (smp_share in engine.h: root.c's search_bisect), and with a node
 * limit one node count (every node any thread tries to visit is charged
 * to it, so that together they never exceed the limit). Each thread polls
 * its own flag word at every node: the owner sets ASK_STOP in its
 * helpers' when it has its answer, and any thread sets ASK_PROBE in the
 * word of a thread whose probe its proof decided. And the nodes being
 * searched, in the first BUSY_PLIES plies: each thread writes a node's key
 * into the owner's array of BUSY_SLOTS words (busy) while it searches the
 * node's children, and a node searches a child whose key another thread
 * wrote only after its other children (its first child always at once),
 * as in ABDADA, so that the threads take different subtrees instead of
 * racing through the same ones. A key overwritten by another node's only
 * costs a thread that deferral. Everything else is each engine's own.
 * How deep the marks go (BUSY_PLIES) was chosen by measurement:
 * docs/tuning.md has the figures.
 */
#include <assert.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "engine.h"
#include "mem.h"
#include "thread.h"
#include "tt.h"

typedef struct helper_job {
    gs_engine *engine;
    gs_search_options opt;
    const void *root;
    gs_result result;
    threads_search_fn run;
    thread_handle thread;
    bool running;
} helper_job;

static void *helper_main(void *arg)
{
    helper_job *job = arg;
    /* A helper's answer is not used: only what it leaves in the table. */
    (void)job->run(job->engine, job->root, &job->opt, &job->result);
    return NULL;
}

/* Makes sure the engine has n helper engines sharing its table. The
 * helpers array always holds exactly nhelpers entries (the size
 * gs_engine_free gives back), so it grows one helper at a time. */
int threads_ensure_helpers(gs_engine *e, int n)
{
    while (e->nhelpers < n) {
        gs_engine *x;
        int st = engine_make(&e->game, &e->alloc, &x);
        if (st != GS_OK)
            return st;
        gs_engine **h = mem_resize(&e->alloc, e->helpers,
                                   (size_t)e->nhelpers * sizeof *h,
                                   (size_t)(e->nhelpers + 1) * sizeof *h);
        if (!h) {
            engine_release(x);
            return GS_ENOMEM;
        }
        e->helpers = h;
        x->tt = &e->table;
        x->helper_id = e->nhelpers + 1;
        h[e->nhelpers++] = x;
    }
    return GS_OK;
}

/*
 * Lazy SMP: the helpers search the same root with the same options (no
 * time limit, no hook, each starting its root at another action) until
 * this thread's search ends; they share its table, so each finds what the
 * others stored, its node budget, and with null-window search the range
 * proved. The answer is this thread's.
 */
int threads_search(gs_engine *e, const void *root,
                   const gs_search_options *options, gs_result *r,
                   threads_search_fn helper, threads_owner_fn owner)
{
    /* (Without threads, the caller's engine_check() refused
     * options->threads above 1, saying why.) */
    assert(THREADS_AVAILABLE);
    int nh = options->threads - 1;
    int st = threads_ensure_helpers(e, nh);
    if (st != GS_OK)
        return engine_fail(e, st, "out of memory for the engines of %d "
                                  "helper threads", nh);
    helper_job *jobs = mem_resize(&e->alloc, NULL, 0, (size_t)nh * sizeof *jobs);
    if (!jobs)
        return engine_fail(e, GS_ENOMEM, "out of memory for the jobs of %d "
                                         "helper threads", nh);
    /* The nodes each thread is searching, so that the others start
     * elsewhere (search.c's busy marks). */
    if (!e->busy_block) {
        e->busy_block = mem_resize(&e->alloc, NULL, 0,
                                   BUSY_SLOTS * sizeof *e->busy_own);
        e->busy_own = e->busy_block;
        if (!e->busy_block) {
            mem_resize(&e->alloc, jobs, (size_t)nh * sizeof *jobs, 0);
            return engine_fail(e, GS_ENOMEM, "out of memory for the marks "
                                             "of %d helper threads", nh);
        }
    }
    for (size_t i = 0; i < BUSY_SLOTS; i++)
        atomic_store_explicit(&e->busy_own[i], 0, memory_order_relaxed);
    /* This thread's engine_begin() prepares the table (size, contents,
     * age) before any helper touches it. */
    gs_search_options own = *options;
    own.threads = 1;
    st = engine_begin(e, &own);
    if (st != GS_OK) {
        mem_resize(&e->alloc, jobs, (size_t)nh * sizeof *jobs, 0);
        return st;
    }
    /* The table grows under this thread only, which counts its stores
     * for everyone's. */
    tt_share(&e->table, nh + 1);
    /* Null-window search to a fixed depth shares its proofs (iterative
     * deepening's values change with the depth). */
    smp_share *sh = NULL;
    if (e->mode.null_window && !e->mode.iterative) {
        sh = &e->smp_own;
        atomic_store(&sh->lo, INT64_MIN);
        atomic_store(&sh->hi, INT64_MAX);
        sh->owner = e;
        sh->nthreads = nh + 1;
    }
    e->smp = sh;
    e->busy = e->busy_own;
    /* A node budget is for all the threads together: each charges every
     * node it tries to visit to one count, so that their nodes never add
     * up to more than max_nodes. */
    atomic_store(&e->shared_nodes, 0);
    e->budget = own.max_nodes ? &e->shared_nodes : NULL;
    for (int i = 0; i < nh; i++) {
        helper_job *j = &jobs[i];
        j->engine = e->helpers[i];
        j->engine->budget = e->budget;
        j->opt = own;
        j->opt.hook = NULL;
        j->opt.hook_user = NULL;
        j->opt.max_seconds = 0.0;
        j->root = root;
        j->run = helper;
        atomic_store(&j->engine->asked, 0u);
        atomic_store(&j->engine->probe_med, PROBE_NONE);
        j->engine->smp = sh;
        j->engine->run_depth = e->run_depth;
        j->engine->busy = e->busy;
        j->running = thread_start(&j->thread, helper_main, j);
    }
    memset(r, 0, sizeof *r);
    r->best = GS_NO_ACTION;
    r->best_index = -1;
    st = owner(e, root, r);
    for (int i = 0; i < nh; i++)
        atomic_fetch_or(&jobs[i].engine->asked, ASK_STOP);
    for (int i = 0; i < nh; i++) {
        if (!jobs[i].running)
            continue;
        thread_join(&jobs[i].thread);
        r->nodes += jobs[i].result.nodes;
        r->leaves += jobs[i].result.leaves;
        r->cutoffs += jobs[i].result.cutoffs;
        r->tt_hits += jobs[i].result.tt_hits;
    }
    mem_resize(&e->alloc, jobs, (size_t)nh * sizeof *jobs, 0);
    e->budget = NULL;
    e->smp = NULL;
    e->busy = NULL;
    for (int i = 0; i < nh; i++)
        e->helpers[i]->busy = NULL;
    return st;
}
