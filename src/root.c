/*
 * root.c: the root drivers, and gs_search.
 *
 * gs_search checks the caller's structs (their size: see search.h) and
 * hands the search to one thread (root_search_one) or to several
 * (threads.c). One thread's search copies the root into state slot 0 and
 * runs, to one depth or with iterative deepening to depth 1, 2, ..., one
 * of two drivers:
 *
 *   search_plain   one search of the root with the caller's window, or
 *                  with (-inf, inf);
 *   search_bisect  null-window search: searches with windows one grain
 *                  wide, each halving the range of values still possible
 *                  (with several threads, the range they proved together).
 *
 * Both read the answer (value, best action, line) off the engine after the
 * node search (search.c) returns, in take_answer().
 */
#include <math.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include <string.h>

#include "engine.h"

/* One search of the state in slot 0 to e->depth_plies with the window
 * (alpha, beta); the value means what search_node() says. */
static double search_root(gs_engine *e, double alpha, double beta)
{
    e->root_best = -1;
    e->root_best_value = 0.0;
    e->actions_top = 0;
    e->pv_len[0] = 0;
    return search_node(e, 0, alpha, beta, GS_NO_ACTION);
}

/* The position of `a` among the root's actions in the game's own order. */
static int game_order_index(gs_engine *e, gs_action a)
{
    const gs_game *g = &e->game;
    if (!reserve(e, 0, (size_t)g->max_actions))
        return -1;
    gs_action *scratch = e->actions + e->actions_top;
    int n = g->actions(g->ctx, state_at(e, 0), scratch);
    for (int i = 0; i < n; i++)
        if (scratch[i] == a)
            return i;
    return -1;
}

/* Fills the result's answer from the search just done: the value, best
 * action and line of a finished search, or the best root action among the
 * children searched completely by a stopped one. */
static void take_answer(gs_engine *e, double v, gs_result *r)
{
    r->best = GS_NO_ACTION;
    r->best_index = -1;
    r->pv_length = 0;
    if (e->root_best >= 0) {
        /* The root's actions are still on the stack, in search order. */
        r->best = e->actions[e->root_best];
        r->best_index = game_order_index(e, r->best);
    }
    r->bound = GS_BOUND_EXACT;
    if (e->halt) {
        r->value = e->root_best_value;
    } else {
        r->value = v;
        r->pv_length = e->pv_len[0];
        memcpy(r->pv, e->pv[0], (size_t)r->pv_length * sizeof(gs_action));
    }
}

/* One search of the root with the window (alpha, beta), its answer taken
 * into r: true with *v its value when it finished; false when it failed or
 * a limit stopped it (then r has the stopped search's answer only when
 * keep_stopped). */
static bool search_and_take(gs_engine *e, double alpha, double beta,
                            bool keep_stopped, gs_result *r, double *v)
{
    *v = search_root(e, alpha, beta);
    if (e->status != GS_OK)
        return false;
    if (e->halt) {
        if (keep_stopped)
            take_answer(e, *v, r);
        return false;
    }
    take_answer(e, *v, r);
    return true;
}

/* A plain search of the root with the caller's window (if any). */
static bool search_plain(gs_engine *e, gs_result *r, bool keep_stopped)
{
    double alpha = -INFINITY, beta = INFINITY;
    if (e->mode.window) {
        alpha = e->sopt.window_lo;
        beta = e->sopt.window_hi;
    }
    double v;
    if (!search_and_take(e, alpha, beta, keep_stopped, r, &v))
        return false;
    r->bound = v <= alpha ? GS_BOUND_UPPER
             : v >= beta ? GS_BOUND_LOWER : GS_BOUND_EXACT;
    return true;
}

/* Integer halving as C does it (toward zero), on whole numbers held in
 * doubles. */
static double half(double x)
{
    return trunc(x / 2.0);
}

/* The next probe of a bisection of [lo, hi] (lo < hi): the middle, or
 * the halved end when that is nearer zero. */
static double bisect_point(double lo, double hi)
{
    double med = lo + half(hi - lo);
    if (med <= 0 && half(lo) < med)
        med = half(lo);
    else if (med >= 0 && half(hi) > med)
        med = half(hi);
    return med;
}

/* ---- a bisection shared by several threads ----
 *
 * With e->smp set, the threads of one search bisect together: each takes
 * in, before every probe, the range the others proved (smp_share in
 * engine.h), publishes what its own probes prove, and drops a probe that
 * another's proof decided meanwhile. The values are whole grains held in
 * doubles, at most 2^53 (search_bisect checks), so int64_t holds them.
 */

/* Narrows [*lo, *hi] to what the threads proved; an end that moves is a
 * proof now, no longer the caller's window. True when *lo moved. */
static bool smp_take(gs_engine *e, double *lo, double *hi, bool *lo_window,
                     bool *hi_window)
{
    int64_t slo = atomic_load(&e->smp->lo), shi = atomic_load(&e->smp->hi);
    bool moved = false;
    if (slo != INT64_MIN && (double)slo > *lo) {
        *lo = (double)slo;
        *lo_window = false;
        moved = true;
    }
    if (shi != INT64_MAX && (double)shi < *hi) {
        *hi = (double)shi;
        *hi_window = false;
    }
    return moved;
}

/* True when the threads have proved that the probe at `med` fails high or
 * low. */
static bool smp_decided(const gs_engine *e, int64_t med)
{
    return atomic_load(&e->smp->lo) > med || atomic_load(&e->smp->hi) <= med;
}

/* Publishes a proof that the value is at least lo (above: at most hi),
 * then asks every thread whose probe it decides to drop it. */
static void smp_publish(gs_engine *e, double lo, double hi)
{
    smp_share *sh = e->smp;
    const double limit = 9007199254740992.0;
    if (lo >= -limit && lo <= limit) {
        int64_t l = (int64_t)lo, cur = atomic_load(&sh->lo);
        while (l > cur && !atomic_compare_exchange_weak(&sh->lo, &cur, l)) {
        }
    }
    if (hi >= -limit && hi <= limit) {
        int64_t h = (int64_t)hi, cur = atomic_load(&sh->hi);
        while (h < cur && !atomic_compare_exchange_weak(&sh->hi, &cur, h)) {
        }
    }
    for (int i = 0; i < sh->nthreads; i++) {
        gs_engine *t = i == 0 ? sh->owner : sh->owner->helpers[i - 1];
        int64_t m = atomic_load(&t->probe_med);
        if (t != e && m != PROBE_NONE && smp_decided(e, m))
            atomic_fetch_or(&t->asked, ASK_PROBE);
    }
}

/* True when a probe unwound because another thread decided it (then the
 * search goes on), not because of a limit or a stop. */
static bool probe_dropped(gs_engine *e)
{
    return e->smp && e->status == GS_OK && e->stopped == GS_STOP_NONE &&
           !(atomic_load(&e->asked) & (ASK_CANCEL | ASK_STOP));
}

/*
 * Null-window search of the root: the value, counted in grains from the
 * side of the agent to move at the root (so that a MIN root bisects as a
 * MAX root does), lies in [lo, hi]; each search with a window one grain
 * wide at `med` moves one end, until they meet. Probing nearer zero first
 * (the halved end) finds the sign early, as Pons's solver does. An end that
 * comes from the caller's window rather than from a proof makes the answer
 * a bound. With several threads (e->smp) every thread runs this loop on
 * the range they proved together, all probing the same window at once
 * (each with its own order at the root), so that whichever finishes first
 * ends the probe for all.
 */
static bool search_bisect(gs_engine *e, gs_result *r, bool keep_stopped)
{
    const gs_game *g = &e->game;
    const double grain = e->solver.value_grain;
    const void *root = state_at(e, 0);
    /* Integers in doubles: exact up to 2^53 grains. */
    const double limit = 9007199254740992.0;
    double lo = -INFINITY, hi = INFINITY;   /* MAX's side, in grains */
    if (g->has_bounds) {
        lo = ceil(g->min_value / grain);
        hi = floor(g->max_value / grain);
    }
    if (g->is_terminal(g->ctx, root))
        return search_plain(e, r, keep_stopped);
    /* The root's own bounds, one grain looser unless exact: the probes
     * then fall where they would if the root's immediate results (a win
     * or loss one move away, which the bounds rule out) were still
     * possible, a schedule that measured better (Connect Four, Test_L1_R1:
     * 3,279 nodes a position against 4,358 with the tight bounds) and
     * costs at most one probe more. */
    double blo, bhi;
    bool known = false;   /* the game knows the root's value */
    e->root_best = -1;
    if (e->solver.bounds && e->solver.bounds(g->ctx, root, &blo, &bhi)) {
        known = blo == bhi;
        double slack = blo < bhi ? BISECT_SLACK : 0.0;
        lo = fmax(lo, ceil(blo / grain) - slack);
        hi = fmin(hi, floor(bhi / grain) + slack);
    }
    if (!(lo >= -limit && hi <= limit && lo <= hi))
        return search_plain(e, r, keep_stopped);

    int agent = g->to_move(g->ctx, root);
    gs_role role = e->roles[agent];
    bool chooser = role == GS_ROLE_MAX || role == GS_ROLE_MIN;
    const double sign = role == GS_ROLE_MIN ? -1.0 : 1.0;
    /* From here on, the mover's side. */
    if (sign < 0) {
        double t = lo;
        lo = -hi;
        hi = -t;
    }
    /* The caller's window, widened to whole grains: its ends stand for
     * "at or beyond". A value the game knows needs no window. */
    bool lo_window = false, hi_window = false;
    if (e->mode.window && !known) {
        double wlo = sign > 0 ? e->sopt.window_lo : -e->sopt.window_hi;
        double whi = sign > 0 ? e->sopt.window_hi : -e->sopt.window_lo;
        wlo = floor(wlo / grain);
        whi = ceil(whi / grain);
        if (wlo > lo) {
            lo = wlo;
            lo_window = true;
        }
        if (whi < hi) {
            hi = whi;
            hi_window = true;
        }
    }

    bool proved = false;   /* r holds the move that proved `lo` */
    for (;;) {
        if (e->smp && smp_take(e, &lo, &hi, &lo_window, &hi_window))
            proved = false;   /* another thread proved more */
        if (!(lo < hi))
            break;
        double med = bisect_point(lo, hi);
        if (e->smp) {
            /* Announced before the range is read again, so that a proof
             * published meanwhile either is seen here or drops it. */
            atomic_fetch_and(&e->asked, ~(unsigned)ASK_PROBE);
            atomic_store(&e->probe_med, (int64_t)med);
            if (smp_decided(e, (int64_t)med)) {
                atomic_store(&e->probe_med, PROBE_NONE);
                continue;
            }
        }
        /* The window (med, med + 1) on the mover's side. */
        double a = sign > 0 ? med * grain : -(med + 1) * grain;
        double b = sign > 0 ? (med + 1) * grain : -med * grain;
        double v = search_root(e, a, b);
        if (e->smp)
            atomic_store(&e->probe_med, PROBE_NONE);
        if (e->status != GS_OK)
            return false;
        if (e->halt) {
            if (probe_dropped(e)) {
                e->halt = false;
                continue;
            }
            if (keep_stopped && !proved)
                take_answer(e, v, r);
            return false;
        }
        double vm = sign * v / grain;
        if (vm <= med) {
            hi = floor(vm);
            hi_window = false;
            if (e->smp)
                smp_publish(e, -INFINITY, hi);
        } else {
            lo = ceil(vm);
            lo_window = false;
            take_answer(e, v, r);
            proved = true;
            if (e->smp)
                smp_publish(e, lo, INFINITY);
        }
    }

    double value;
    gs_bound bound = GS_BOUND_EXACT;
    if (lo_window) {
        value = hi;
        bound = sign > 0 ? GS_BOUND_UPPER : GS_BOUND_LOWER;
    } else if (hi_window) {
        value = lo;
        bound = sign > 0 ? GS_BOUND_LOWER : GS_BOUND_UPPER;
    } else {
        value = lo;
    }
    value = sign * value * grain;
    if (value == 0.0)
        value = 0.0;   /* never -0: a MIN root's 0 proved by another thread */
    if (!proved && chooser && bound == GS_BOUND_EXACT) {
        /* No search showed a move reaching the value: one around it does.
         * (A thread may still drop it, thinking it the probe it had just
         * finished when another proved its answer: it is searched again.) */
        double v;
        for (;;) {
            if (e->smp)
                atomic_fetch_and(&e->asked, ~(unsigned)ASK_PROBE);
            if (search_and_take(e, value - grain, value + grain,
                                keep_stopped, r, &v))
                break;
            if (!(e->halt && probe_dropped(e)))
                return false;
            e->halt = false;
        }
    } else if (!proved) {
        take_answer(e, value, r);
    }
    r->value = value;
    r->bound = bound;
    return true;
}

/* The root searched to e->depth_plies: true with the answer in r when the
 * search finished; false when a limit or an error stopped it (r then holds
 * the best root action found so far when keep_stopped). */
static bool search_depth(gs_engine *e, gs_result *r, bool keep_stopped)
{
    if (e->mode.null_window)
        return search_bisect(e, r, keep_stopped);
    return search_plain(e, r, keep_stopped);
}

/* A result with nothing in it yet. */
static void result_clear(gs_result *r)
{
    memset(r, 0, sizeof *r);
    r->best = GS_NO_ACTION;
    r->best_index = -1;
}

int root_search_one(gs_engine *e, const void *root,
                    const gs_search_options *options, gs_result *r)
{
    result_clear(r);
    int status = engine_begin(e, options);
    if (status != GS_OK)
        return status;
    return root_search_begun(e, root, r);
}

int root_search_begun(gs_engine *e, const void *root, gs_result *r)
{
    if (!reserve(e, 0, 0))
        return engine_fail(e, GS_ENOMEM, "out of memory for the root state");
    memcpy(state_at(e, 0), root, e->game.state_size);

    if (!e->mode.iterative) {
        e->cut_evals = 0;
        if (search_depth(e, r, true))
            r->depth = e->opt.depth;
    } else {
        /* Iterative deepening: depth 1, 2, ... in the caller's unit, until
         * the limit, a search that met no cutoff (the whole tree was seen),
         * or a budget; a stopped iteration counts only when none finished. */
        int last = e->depth_plies > 0 ? e->opt.depth : e->max_ply / e->unit;
        for (int d = 1; d <= last && e->status == GS_OK; d++) {
            e->depth_plies = d * e->unit;
            e->cut_evals = 0;
            if (!search_depth(e, r, r->depth == 0))
                break;
            r->depth = d;
            if (e->cut_evals == 0)
                break;
        }
    }
    r->nodes = e->nodes;
    r->leaves = e->leaves;
    r->cutoffs = e->cutoffs;
    r->tt_hits = e->tt_hits;
    r->stopped = e->stopped;
    r->seconds = engine_elapsed(e);
    if (e->status == GS_EPLY)
        return engine_fail(e, GS_EPLY,
                           "the game tree goes deeper than options.max_ply "
                           "(%d plies)", e->max_ply);
    if (e->status == GS_ENOMEM)
        return engine_fail(e, GS_ENOMEM,
                           "out of memory for the engine's stacks");
    return e->status;
}

/* ---- gs_search ---- */

/*
 * The versions of gs_search_options this library knows, by their size,
 * oldest first, with the size of the gs_result each goes with. A new
 * version appends its fields to the end of both structs and a line here;
 * fields a caller's older version lacks keep gs_search_options_init's
 * defaults, and its result is written only as far as it reaches. The
 * versions started again with gamesearch 0.4.
 */
static const struct {
    size_t options, result;
} versions[] = {
    /* 1 (gamesearch 0.4): the solver's options behind `solver` */
    {sizeof(gs_search_options), sizeof(gs_result)},
};

/*
 * gs_search_options as gamesearch 0.3 and older laid it out, only to know
 * its sizes (up to the hook: version 1; up to etc_plies: version 2; the
 * whole: version 3), which gs_search refuses with a sentence of its own;
 * no version of today's struct may have one of them.
 */
struct options_0_3 {
    size_t size;
    gs_algo algo;
    int depth;
    gs_depth_unit depth_unit;
    bool prune_equal, order_moves, use_tt, iterative, null_window;
    double window_lo, window_hi;
    bool history, tt_symmetry, prefetch;
    int threads;
    uint64_t max_nodes;
    double max_seconds;
    int max_ply;
    gs_hook_fn hook;
    void *hook_user;
    double mcts_c;
    uint64_t mcts_iterations, mcts_seed;
    gs_mcts_playout mcts_playout;
    int mcts_playout_depth;
    bool mcts_solver, mcts_win_loss;
    int etc_plies;
    int child_bounds_plies;
};
#define OLD_SIZE_1 offsetof(struct options_0_3, mcts_c)
#define OLD_SIZE_2 offsetof(struct options_0_3, child_bounds_plies)
#define OLD_SIZE_3 sizeof(struct options_0_3)
_Static_assert(sizeof(gs_search_options) != OLD_SIZE_1 &&
               sizeof(gs_search_options) != OLD_SIZE_2 &&
               sizeof(gs_search_options) != OLD_SIZE_3,
               "gs_search_options must not have the size of a 0.3 version");

/* The size of the caller's gs_result, for options of `size` bytes, or 0
 * when no version has that size. */
static size_t result_size(size_t size)
{
    for (size_t i = 0; i < sizeof versions / sizeof versions[0]; i++)
        if (versions[i].options == size)
            return versions[i].result;
    return 0;
}

int gs_search(gs_engine *e, const void *root, const gs_search_options *options,
              gs_result *result)
{
    if (!e)
        return GS_EINVAL;
    if (e->game.version == 0)
        return GS_EVERSION;   /* gs_engine_new refused the game: see why */
    if (!root || !result)
        return engine_fail(e, GS_EINVAL, "%s is NULL",
                           !root ? "root" : "result");

    /* The caller's options, over the defaults, as far as its version has
     * them (the size is checked before anything else is read). */
    gs_search_options opt;
    gs_search_options_init(&opt);
    size_t rsize = sizeof(gs_result);
    if (options) {
        size_t size = options->size;
        if (size == 0)
            return engine_fail(e, GS_EVERSION,
                               "options.size is 0: the options were not "
                               "set up with gs_search_options_init");
        if (size == OLD_SIZE_1 || size == OLD_SIZE_2 || size == OLD_SIZE_3)
            return engine_fail(e, GS_EVERSION,
                               "options.size is %zu, the size of "
                               "gs_search_options in gamesearch 0.3 or older "
                               "(this library's, gamesearch %s, has %zu "
                               "bytes): the program must be rebuilt", size,
                               GS_VERSION_STRING, sizeof opt);
        if (size > sizeof opt)
            return engine_fail(e, GS_EVERSION,
                               "options.size is %zu, larger than this "
                               "library's gs_search_options (%zu bytes): the "
                               "program was compiled against newer headers",
                               size, sizeof opt);
        rsize = result_size(size);
        if (rsize == 0)
            return engine_fail(e, GS_EVERSION,
                               "options.size is %zu, the size of no version "
                               "of gs_search_options (this library's has "
                               "%zu bytes)", size, sizeof opt);
        memcpy(&opt, options, size);
        opt.size = sizeof opt;
    }
    /* The solver options likewise, copied for the search (and its
     * helpers) to read. */
    gs_solver_options sopt;
    if (opt.solver) {
        size_t size = opt.solver->size;
        if (size != sizeof sopt)
            return engine_fail(e, GS_EVERSION,
                               "options.solver->size is %zu, but this "
                               "library's gs_solver_options has %zu bytes%s",
                               size, sizeof sopt,
                               size == 0 ? ": the solver options were not "
                                           "set up with gs_solver_options_init"
                                         : "");
        sopt = *opt.solver;
        opt.solver = &sopt;
    }

    gs_result r;
    int st;
    if (opt.algo == GS_MCTS) {
        st = mcts_search(e, root, &opt, &r);
    } else if (opt.threads > 1) {
        result_clear(&r);
        /* Checked in full by engine_begin(); what threads need, here. */
        if (!(opt.algo == GS_ALPHABETA && opt.prune_equal && opt.use_tt &&
              e->game.hash))
            st = engine_fail(e, GS_EINVAL,
                             "options.threads is %d, but several threads "
                             "need use_tt, alpha-beta with prune_equal and "
                             "the game's hash", opt.threads);
        else
            st = threads_search(e, root, &opt, &r);
    } else {
        st = root_search_one(e, root, &opt, &r);
    }
    memcpy(result, &r, rsize);
    return st;
}
