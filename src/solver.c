/*
 * solver.c: the solver tier's root driver: null-window search, which finds
 * the root's value by bisection with windows one grain wide, alone or
 * shared by several threads.
 *
 * Each probe is one search of the root by alpha-beta's node search
 * (alphabeta.c); the answer is read off the engine as every root driver
 * reads it (root.c).
 */
#include <math.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

#include "engine.h"

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
bool solver_bisect_depth(gs_engine *e, gs_result *r, bool keep_stopped)
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
        return ab_plain_depth(e, r, keep_stopped);
    /* The root's own bounds, one grain looser unless exact: the probes
     * then fall where they would if the root's immediate results (a win
     * or loss one move away, which the bounds rule out) were still
     * possible, a schedule that measured better on Connect Four
     * (docs/tuning.md) and costs at most one probe more. */
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
        return ab_plain_depth(e, r, keep_stopped);

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
        double v = ab_search_root(e, a, b);
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
            if (ab_search_and_take(e, value - grain, value + grain,
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

