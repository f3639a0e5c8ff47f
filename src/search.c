/*
 * search.c: the node search: minimax, alpha-beta (with Ballard's Star1 at
 * chance nodes) and expectimax over any gs_game, one node at a time.
 *
 * search_node() reads top to bottom in numbered steps: the limits, the
 * leaves, what the game knows, the transposition table, the actions, the
 * children, and the result. The loops over the children are
 * search_minmax() (MAX and MIN nodes, drawing their actions from the
 * staged picker of movepick.h) and search_chance() (CHANCE nodes, in the
 * game's order). Everything a node does for each child is in this file or
 * inline in its headers, so that the compiler sees the whole recursion at
 * once. The stacks it works on are drawn in engine.h; the root drivers
 * that call it are in root.c.
 */
#include <assert.h>
#include <float.h>
#include <math.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "engine.h"
#include "movepick.h"
#include "tt.h"

/* ---- small helpers ---- */

/* Reads the clock when its node interval is up: true when the time limit
 * has passed; otherwise the interval adapts to what the nodes cost (see
 * CLOCK_EVERY_MAX). */
static bool time_is_up(gs_engine *e)
{
    if (--e->clock_countdown > 0)
        return false;
    double now = engine_elapsed(e);
    if (now >= e->opt.max_seconds)
        return true;
    double took = now - e->clock_last;
    e->clock_last = now;
    if (took > CLOCK_INTERVAL) {
        /* as many nodes as fit in the interval at the cost just seen */
        double fit = e->clock_every * (CLOCK_INTERVAL / took);
        e->clock_every = fit < 1.0 ? 1 : (uint32_t)fit;
    } else if (took < CLOCK_INTERVAL / 2 &&
               e->clock_every < CLOCK_EVERY_MAX) {
        e->clock_every++;
    }
    e->clock_countdown = e->clock_every;
    return false;
}

/* True when a limit says stop before visiting one more node. */
static bool out_of_budget(gs_engine *e)
{
    unsigned asked;
    if (e->stop_flag &&
        (asked = atomic_load_explicit(e->stop_flag, memory_order_relaxed))) {
        /* (ASK_PROBE alone unwinds one probe: root.c goes on) */
        if (e->helper_id == 0 && (asked & (ASK_CANCEL | ASK_STOP)))
            e->stopped = asked & ASK_CANCEL ? GS_STOP_CANCEL : GS_STOP_REQUEST;
        e->halt = true;
    } else if (e->opt.max_nodes &&
               (e->budget ? atomic_fetch_add_explicit(e->budget, 1,
                                                      memory_order_relaxed) >=
                                e->opt.max_nodes
                          : e->nodes >= e->opt.max_nodes)) {
        e->stopped = GS_STOP_NODES;
        e->halt = true;
    } else if (e->opt.max_seconds > 0 && time_is_up(e)) {
        e->stopped = GS_STOP_TIME;
        e->halt = true;
    }
    return e->halt;
}

/* The hook's calls are kept out of the node's code (out of line, marked
 * cold), so that a search without a hook pays one test per event. */
#if defined(__GNUC__)
#define COLD __attribute__((cold, noinline))
#else
#define COLD
#endif

static void emit(gs_engine *e, gs_event_kind kind, const gs_event *ev)
{
    if (e->opt.hook)
        e->opt.hook(e->opt.hook_user, kind, ev);
}

/* Reports an event of the node at `ply` (ENTER, LEAVE) with its window. */
static COLD void emit_node(gs_engine *e, gs_event_kind kind, int ply,
                           int agent, gs_action via, bool leaf, double value,
                           gs_bound bound, double alpha, double beta)
{
    gs_event ev = {state_at(e, ply), ply,   agent, via,  -1,
                   leaf,             value, bound, alpha, beta};
    emit(e, kind, &ev);
}

/* Reports the node at `ply` left with `value`, its window then being
 * (alpha, beta). */
static inline void emit_leave(gs_engine *e, int ply, int agent, gs_action via,
                              bool leaf, double value, gs_bound bound,
                              double alpha, double beta)
{
    if (e->opt.hook)
        emit_node(e, GS_EVENT_LEAVE, ply, agent, via, leaf, value, bound,
                  alpha, beta);
}

static COLD void emit_prunes(gs_engine *e, int ply, int agent, size_t base,
                             int i, int n, double alpha, double beta);

/* Reports the children after position `i` of the node at `ply` as pruned
 * and counts the cutoff (only when something was actually skipped). The
 * node's actions must be in search order; (alpha, beta) is its window when
 * it cut. */
static void prune_rest(gs_engine *e, int ply, int agent, size_t base, int i,
                       int n, double alpha, double beta)
{
    if (i + 1 >= n)
        return;
    e->cutoffs++;
    if (e->opt.hook)
        emit_prunes(e, ply, agent, base, i, n, alpha, beta);
}

/* The PRUNE events of prune_rest. */
static COLD void emit_prunes(gs_engine *e, int ply, int agent, size_t base,
                             int i, int n, double alpha, double beta)
{
    for (int j = i + 1; j < n; j++) {
        gs_event ev = {state_at(e, ply), ply, agent, e->actions[base + j], j,
                       false, 0.0, GS_BOUND_EXACT, alpha, beta};
        emit(e, GS_EVENT_PRUNE, &ev);
    }
}

/* v is high enough to cut at MAX (beta cutoff) / low enough at MIN. */
static bool fails_high(const gs_engine *e, double v, double beta)
{
    return e->opt.prune_equal ? v >= beta : v > beta;
}

static bool fails_low(const gs_engine *e, double v, double alpha)
{
    return e->opt.prune_equal ? v <= alpha : v < alpha;
}

/* The node at `ply` found a new best action `a`: its line is `a` followed
 * by the child's line. */
static void pv_update(gs_engine *e, int ply, gs_action a)
{
    if (ply >= GS_PV_MAX)
        return;
    e->pv[ply][0] = a;
    int len = 0;
    if (ply + 1 < GS_PV_MAX) {
        len = e->pv_len[ply + 1];
        if (len > GS_PV_MAX - 1)
            len = GS_PV_MAX - 1;
        memcpy(&e->pv[ply][1], e->pv[ply + 1], (size_t)len * sizeof(gs_action));
    }
    e->pv_len[ply] = 1 + len;
}

/* The table's key for `state`. With symmetry, a state and its images
 * under the game's symmetries share the entry of the least key, whose
 * action is stored as seen from that image (*image: the symmetry whose
 * image gave the key, -1 for the state itself). */
static uint64_t table_key(const gs_engine *e, const void *state, int *image)
{
    const gs_game *g = &e->game;
    uint64_t key = g->hash(g->ctx, state);
    *image = -1;
    if (e->mode.symmetry) {
        for (int i = 0; i < e->solver.num_symmetries; i++) {
            uint64_t ikey = e->solver.symmetries[i].hash(g->ctx, state);
            if (ikey < key) {
                key = ikey;
                *image = i;
            }
        }
    }
    return key;
}

/* The table key of the child of the node at `ply` through a: the game's
 * child_hash when it has one and states are not merged with their
 * images, else that of the child built in the slot of ply + 1. */
static inline uint64_t child_key(gs_engine *e, int ply, gs_action a)
{
    const gs_game *g = &e->game;
    if (e->solver.child_hash && !e->mode.symmetry)
        return e->solver.child_hash(g->ctx, state_at(e, ply), a);
    int image;
    g->apply(g->ctx, state_at(e, ply), a, state_at(e, ply + 1));
    return table_key(e, state_at(e, ply + 1), &image);
}

/* Starts loading the table buckets of all n children of the node at
 * `ply`, so that their misses overlap instead of coming one per child. */
static void prefetch_children(gs_engine *e, int ply, size_t base, int n)
{
    for (int i = 0; i < n; i++)
        tt_prefetch(e->tt, child_key(e, ply, e->actions[base + i]));
}

/*
 * What the game knows of the *n children of the node at `ply` (a MAX node
 * when maximize), read before any is searched. Returns true when one
 * child's bound alone decides the node fails high (MAX) or low (MIN) of
 * its window (*value and *bound then the node's result). Otherwise the
 * children whose value is known, or whose bound shows they cannot get
 * inside the window (at or below alpha at MAX, at or above beta at MIN),
 * are settled without a search: they leave the node's actions (*n is
 * what remains, in order), and the best of what they are worth (their
 * value, or that bound) is in *settled with its action in *settled_action
 * (untouched when none is settled). The others' bounds narrow the window:
 * a MAX node is worth at least any child's lower bound, a MIN node at
 * most any child's upper bound; with up to KNOWN_MAX children, below
 * KNOWN_PLIES, they are kept in known[ply + 1] for the children's own
 * step 4.
 */
static bool child_bounds(gs_engine *e, int ply, size_t base, int *n,
                         bool maximize, double *alpha, double *beta,
                         double *value, gs_bound *bound, double *settled,
                         gs_action *settled_action)
{
    const gs_game *g = &e->game;
    known_bounds *known =
        ply + 1 < KNOWN_PLIES && *n <= KNOWN_MAX ? &e->known[ply + 1] : NULL;
    int kept = 0;
    for (int i = 0; i < *n; i++) {
        const gs_action a = e->actions[base + i];
        void *child = state_at(e, ply + 1);
        g->apply(g->ctx, state_at(e, ply), a, child);
        double lo, hi;
        if (g->is_terminal(g->ctx, child)) {
            lo = hi = g->value(g->ctx, child);
        } else if (!e->solver.bounds(g->ctx, child, &lo, &hi)) {
            e->actions[base + kept++] = a;
            continue;
        }
        if (maximize ? fails_high(e, lo, *beta) : fails_low(e, hi, *alpha)) {
            e->cutoffs++;
            *value = maximize ? lo : hi;
            *bound = maximize ? GS_BOUND_LOWER : GS_BOUND_UPPER;
            return true;
        }
        /* Settled: a known value, or one that cannot reach the window
         * (worth its bound on the window's side). */
        if (lo == hi || (maximize ? fails_low(e, hi, *alpha)
                                  : fails_high(e, lo, *beta))) {
            const double worth = maximize ? hi : lo;
            if (maximize ? worth > *settled : worth < *settled) {
                *settled = worth;
                *settled_action = a;
            }
            continue;
        }
        e->actions[base + kept++] = a;
        if (known) {   /* (room: *n <= KNOWN_MAX) */
            known->action[known->n] = a;
            known->lo[known->n] = lo;
            known->hi[known->n] = hi;
            known->n++;
        }
        if (maximize && lo > *alpha)
            *alpha = lo;
        if (!maximize && hi < *beta)
            *beta = hi;
    }
    *n = kept;
    return false;
}

/* The bounds of the node at `ply`, reached by `via`, when its parent
 * read them before searching it (child_bounds, into known[ply]). */
static inline bool known_bounds_of(const gs_engine *e, int ply,
                                   gs_action via, double *lo, double *hi)
{
    if (ply <= 0 || ply >= KNOWN_PLIES)
        return false;
    const known_bounds *k = &e->known[ply];
    for (int i = 0; i < k->n; i++) {
        if (k->action[i] == via) {
            *lo = k->lo[i];
            *hi = k->hi[i];
            return true;
        }
    }
    return false;
}

/* Children a node puts off because another thread is searching them. */
#define DEFER_MAX 32

/* True when another thread marked the node of `key` as being searched
 * (with several threads: the node then waits, ABDADA's deferral). */
static inline bool busy_has(const gs_engine *e, uint64_t key)
{
    return atomic_load_explicit(&e->busy[key & (BUSY_SLOTS - 1)],
                                memory_order_relaxed) == key;
}

/* Enhanced transposition cutoffs: true when the table entry of one of
 * the n children of the node at `ply` (a MAX node when maximize) proves
 * the node fails high (MAX) or low (MIN) of (alpha, beta) on its own;
 * *value and *bound are then the node's result. */
static bool etc_cutoff(gs_engine *e, int ply, size_t base, int n,
                       bool maximize, double alpha, double beta,
                       int remaining, double *value, gs_bound *bound)
{
    const int need = remaining == TT_DEPTH_FULL ? TT_DEPTH_FULL
                                                : remaining - 1;
    for (int i = 0; i < n; i++) {
        tt_entry hit;
        uint64_t key = child_key(e, ply, e->actions[base + i]);
        if (!tt_probe(e->tt, key, &hit) || hit.depth < need)
            continue;
        gs_bound b = hit.bound;
        if (maximize ? (b != GS_BOUND_UPPER && fails_high(e, hit.value, beta))
                     : (b != GS_BOUND_LOWER && fails_low(e, hit.value, alpha))) {
            e->tt_hits++;
            e->cutoffs++;
            e->cut_evals += hit.depth != TT_DEPTH_FULL;
            *value = hit.value;
            *bound = maximize ? GS_BOUND_LOWER : GS_BOUND_UPPER;
            return true;
        }
    }
    return false;
}

/* ---- chance arithmetic that does not overflow ----
 *
 * A chance node adds up products w * v that are each finite, but their sum
 * need not be: children of 1e308, 1e308, -1e308, -1e308 and -5 have the
 * mean -1, while the plain sum overflows on the second child. The sum is
 * therefore kept plainly while it stays finite, so that ordinary values
 * are added bit for bit as a plain loop adds them, and from the first
 * addition that would overflow on it is kept multiplied by CHANCE_SCALE.
 * That factor is a power of two: multiplying by it rounds no sum that is
 * not tiny, so the scaled sum is the plain sum as it would be with a wider
 * exponent, and 2^64 children of the largest double still fit. Star1's
 * windows and bounds are computed from the sum the same way.
 */
#define CHANCE_SCALE 0x1p-64

typedef struct chance_sum {
    double s;       /* the sum, times CHANCE_SCALE when `scaled` */
    bool scaled;
} chance_sum;

/* Adds w * v. */
static void chance_add(chance_sum *acc, double w, double v)
{
    if (!acc->scaled) {
        double s = acc->s + w * v;
        if (isfinite(s) || !isfinite(acc->s) || !isfinite(v)) {
            acc->s = s;
            return;
        }
        acc->s *= CHANCE_SCALE;
        acc->scaled = true;
    }
    acc->s += w * (v * CHANCE_SCALE);
}

/* A scaled result back to its size; an expectation of finite values is
 * finite, so rounding past the largest double stops at it. */
static double chance_unscale(double x)
{
    double y = x / CHANCE_SCALE;
    return isinf(y) && isfinite(x) ? copysign(DBL_MAX, y) : y;
}

/* (acc + rem * bound) / denom: the node's value if the children not yet
 * summed, of total weight rem, were all worth `bound`. */
static double chance_value(chance_sum acc, double rem, double bound,
                           double denom)
{
    chance_add(&acc, rem, bound);
    if (!acc.scaled)
        return acc.s / denom;
    return chance_unscale(acc.s / denom);
}

/*
 * Star1's edge for a child of weight w: the value v at which
 * (acc + w * v + rem * other) / denom reaches `edge`, that is
 * (edge * denom - acc - rem * other) / w. Beyond the range of a double
 * it is an infinity of the right sign, which every finite v compares
 * with as it does with the true edge.
 */
static double star1_edge(double edge, double denom, const chance_sum *acc,
                         double rem, double other, double w)
{
    if (!acc->scaled) {
        double num = edge * denom - acc->s - rem * other;
        if (isfinite(num) || num == edge)
            return num / w;
    }
    double s = acc->scaled ? acc->s : acc->s * CHANCE_SCALE;
    double num = edge * CHANCE_SCALE * denom - s - rem * (other * CHANCE_SCALE);
    return num / w / CHANCE_SCALE;
}

/* ---- the loops over the children ---- */

/*
 * The loop over the children of a MAX (maximize) or MIN node whose n
 * actions sit at `base`, in the picker's order, after children settled
 * without a search (child_bounds) worth `settled` at best, through
 * settled_action (-INFINITY or INFINITY and GS_NO_ACTION: none).
 * Fail-soft, with the same contract as search_node() for the window
 * (alpha, beta); *bound_out says what the value is, *best_out is the best
 * action (GS_NO_ACTION when the search halted before any child finished
 * and none was settled).
 */
static double search_minmax(gs_engine *e, int ply, int agent, double alpha,
                            double beta, picker *p, bool maximize,
                            int remaining, double settled,
                            gs_action settled_action, gs_bound *bound_out,
                            gs_action *best_out, double *alpha_out,
                            double *beta_out)
{
    const gs_game *g = &e->game;
    const size_t base = p->base;
    const int n = p->n;
    const double alpha0 = alpha, beta0 = beta;
    double best = settled;
    bool cut = false;
    int i;
    *best_out = settled_action;
    if (maximize && best > alpha)
        alpha = best;
    if (!maximize && best < beta)
        beta = best;

    /* With several threads, a child another thread is searching waits
     * until the others are done (busy marks), unless it is the first. */
    const bool defer = e->busy && ply > 0 && ply < BUSY_PLIES &&
                       e->mode.use_tt && !e->opt.hook;
    gs_action later[DEFER_MAX];
    int nlater = 0, taken = 0, searched = 0;
    for (;;) {
        gs_action a;
        if ((i = pick_next(e, p)) < n) {
            a = e->actions[base + (size_t)i];
        } else if (taken < nlater) {
            a = later[taken++];
            i = n - 1 - (nlater - taken);   /* (how many remain after it) */
        } else {
            break;
        }
        g->apply(g->ctx, state_at(e, ply), a, state_at(e, ply + 1));
        if (defer && searched > 0 && taken == 0 && nlater < DEFER_MAX) {
            int image;
            if (busy_has(e, table_key(e, state_at(e, ply + 1), &image))) {
                later[nlater++] = a;
                continue;
            }
        }
        searched++;
        double v = search_node(e, ply + 1, alpha, beta, a);
        if (e->halt)
            return best;
        if (maximize ? v > best : v < best) {
            best = v;
            *best_out = a;
            pv_update(e, ply, a);
            if (ply == 0) {
                e->root_best = i;
                e->root_best_value = v;
            }
        }
        if (!e->mode.prune)
            continue;
        if (maximize ? fails_high(e, best, beta) : fails_low(e, best, alpha)) {
            cut = true;
            if (e->mode.history)
                movepick_note_cutoff(e, ply, a, remaining);
            if (e->opt.hook)
                pick_finish(e, p);
            prune_rest(e, ply, agent, base, i, n, alpha, beta);
            break;
        }
        if (maximize && best > alpha)
            alpha = best;
        if (!maximize && best < beta)
            beta = best;
    }

    gs_bound bound = GS_BOUND_EXACT;
    if (e->mode.prune) {
        if (maximize)
            bound = cut ? GS_BOUND_LOWER
                  : fails_low(e, best, alpha0) ? GS_BOUND_UPPER : GS_BOUND_EXACT;
        else
            bound = cut ? GS_BOUND_UPPER
                  : fails_high(e, best, beta0) ? GS_BOUND_LOWER : GS_BOUND_EXACT;
    }
    *bound_out = bound;
    *alpha_out = alpha;
    *beta_out = beta;
    return best;
}

/*
 * The loop over the children of a CHANCE node whose n actions sit at `base`.
 * The value is the plain mean of the children (uniform) or the sum of
 * p[i] * value[i] (weighted), accumulated in action order (a chance_sum:
 * finite values give a finite expectation even where the plain sum would
 * overflow).
 *
 * With alpha-beta and known bounds [L, U] this is Ballard's Star1: after the
 * children before i have summed to S, child i is searched in the window that
 * decides whether the node can still end inside (alpha, beta) when every
 * child after it is as good (U) or as bad (L) as it can be. A child below
 * its window proves the node <= alpha, one above it proves the node >= beta,
 * and the remaining children are pruned. Without bounds (or without
 * pruning) every child is searched with a full window and the value is
 * exact. Same contract as search_node().
 */
static double search_chance(gs_engine *e, int ply, int agent, double alpha,
                            double beta, size_t base, int n,
                            bool force_uniform, gs_bound *bound_out)
{
    const gs_game *g = &e->game;
    bool weighted = !force_uniform && g->probabilities &&
                    g->probabilities(g->ctx, state_at(e, ply),
                                     e->actions + base, n, e->probs + base);
    /* The node's value is sum / denom: n for a mean, 1 for weights. */
    const double denom = weighted ? 1.0 : (double)n;
    const double lo = e->game.min_value, hi = e->game.max_value;
    double remaining = denom;   /* weight of the children not yet summed */
    chance_sum sum = {0.0, false};

    if (weighted) {
        remaining = 0.0;
        for (int i = 0; i < n; i++)
            remaining += e->probs[base + i];
    }

    for (int i = 0; i < n; i++) {
        gs_action a = e->actions[base + i];
        /* (re-read: the stacks may move while a child is searched) */
        double w = weighted ? e->probs[base + (size_t)i] : 1.0;
        remaining -= w;
        if (remaining < 0.0)
            remaining = 0.0;

        /* Step 1. The child's window: full, or Star1's. */
        double child_alpha = -INFINITY, child_beta = INFINITY;
        double cut_low = -INFINITY, cut_high = INFINITY;
        if (e->mode.star1) {
            child_alpha = lo;
            child_beta = hi;
            if (w > 0.0) {
                cut_low = star1_edge(alpha, denom, &sum, remaining, hi, w) -
                          e->tolerance;
                cut_high = star1_edge(beta, denom, &sum, remaining, lo, w) +
                           e->tolerance;
                if (cut_low > child_alpha)
                    child_alpha = cut_low;
                if (cut_high < child_beta)
                    child_beta = cut_high;
                if (!(child_alpha < child_beta)) {
                    child_alpha = lo;
                    child_beta = hi;
                }
            }
        }

        /* Step 2. Search it and add it in. */
        g->apply(g->ctx, state_at(e, ply), a, state_at(e, ply + 1));
        double v = search_node(e, ply + 1, child_alpha, child_beta, a);
        if (e->halt)
            return 0.0;
        chance_add(&sum, w, v);

        /* Step 3. Star1 cutoffs: the node is already outside (alpha, beta). */
        if (e->mode.star1 && (v <= cut_low || v >= cut_high)) {
            bool low = v <= cut_low;
            prune_rest(e, ply, agent, base, i, n, alpha, beta);
            *bound_out = low ? GS_BOUND_UPPER : GS_BOUND_LOWER;
            return chance_value(sum, remaining, low ? hi : lo, denom);
        }
    }

    *bound_out = GS_BOUND_EXACT;
    return sum.scaled ? chance_unscale(sum.s / denom) : sum.s / denom;
}

/* A node whose value is read from the game: terminal, cut off by depth
 * (cut_off), or without legal actions. */
static double search_leaf(gs_engine *e, int ply, int agent, gs_action via,
                          bool cut_off, double alpha, double beta)
{
    const gs_game *g = &e->game;
    double v = g->value(g->ctx, state_at(e, ply));
    e->leaves++;
    e->cut_evals += cut_off;
    emit_leave(e, ply, agent, via, true, v, GS_BOUND_EXACT, alpha, beta);
    return v;
}

/* ---- the node ---- */

/*
 * Searches the state in slot `ply`, reached by action `via`, with the
 * window (alpha, beta), to the depth cutoff e->depth_plies (0: none).
 *
 * The window: alpha < beta under the textbook rule (prune_equal: cut when
 * v >= beta at MAX, v <= alpha at MIN), alpha <= beta under the strict one
 * (cut when v > beta, v < alpha). Either end may be infinite.
 *
 * The returned value v (fail-soft), for the true value V of the node
 * (minimax over MAX and MIN, expectation over CHANCE, evaluations at the
 * depth cutoff), from MAX's point of view:
 *   - V below the window (V <= alpha; strict rule V < alpha):
 *       v is an upper bound, V <= v <= alpha (strict: v < alpha);
 *   - V inside the window (alpha < V < beta; strict alpha <= V <= beta):
 *       v == V;
 *   - V above the window (V >= beta; strict V > beta):
 *       v is a lower bound, beta <= v <= V (strict: v > beta).
 * So a v strictly inside the window is exact, and a v at or beyond an end
 * is a bound on V on that side, never further from V than the end. Without
 * pruning (minimax, expectimax) v == V always. When e->halt is set on
 * return (a limit or an error), v means nothing and the caller unwinds at
 * once. The root (ply 0) always searches its children, for its best action
 * and principal variation.
 */
double search_node(gs_engine *e, int ply, double alpha, double beta,
                   gs_action via)
{
    const gs_game *g = &e->game;
    /* the textbook window is open, (alpha, beta); the strict one closed */
    assert(e->opt.prune_equal ? alpha < beta : alpha <= beta);
    assert(ply >= 0 && ply <= e->max_ply);
    assert(e->depth_plies == 0 || ply <= e->depth_plies);

    /* Step 1. Limits: a node budget, the clock, a stop asked for. */
    if (out_of_budget(e))
        return 0.0;
    e->nodes++;
    if (ply + 1 < KNOWN_PLIES)
        e->known[ply + 1].n = 0;   /* (this node's children's, if any) */

    const void *state = state_at(e, ply);
    int agent = g->to_move(g->ctx, state);
    assert(agent >= 0 && agent < g->num_agents);
    if (e->opt.hook)
        emit_node(e, GS_EVENT_ENTER, ply, agent, via, false, 0.0,
                  GS_BOUND_EXACT, alpha, beta);
    if (ply < GS_PV_MAX)
        e->pv_len[ply] = 0;

    /* Step 2. Leaves: the end of the game or the depth cutoff. */
    if (g->is_terminal(g->ctx, state))
        return search_leaf(e, ply, agent, via, false, alpha, beta);
    if (e->depth_plies > 0 && ply >= e->depth_plies)
        return search_leaf(e, ply, agent, via, true, alpha, beta);

    /* Step 3. The table's key, computed now so that its bucket loads while
     * the game is asked what it knows. */
    uint64_t key = 0;
    int image = -1;
    if (e->mode.use_tt) {
        key = table_key(e, state, &image);
        tt_prefetch(e->tt, key);
    }

    /* Step 4. What the game knows without search (alpha-beta): an exact
     * value settles the node, bounds narrow the window. The root is always
     * searched, for its best action, and narrows only the bound that
     * cannot hide it (a MAX root stops at the best value possible; raising
     * its alpha would leave the children's values indistinct). */
    bool exact = false;   /* (only the root goes on with an exact value) */
    int n_known = -1;     /* the search actions, when already written */
    const gs_solver *sv = &e->solver;
    if (e->mode.knowledge && sv->bounds_actions) {
        if (!reserve(e, (size_t)ply + 1, (size_t)g->max_actions))
            return 0.0;
        state = state_at(e, ply);   /* the slots may have moved */
    }
    if (e->mode.knowledge && sv->bounds) {
        double lo, hi;
        bool known;
        if (known_bounds_of(e, ply, via, &lo, &hi)) {
            /* read by the parent: the game is asked only the actions */
            known = true;
            if (sv->bounds_actions && sv->search_actions && lo < hi)
                n_known = sv->search_actions(g->ctx, state,
                                             e->actions + e->actions_top);
        } else if (sv->bounds_actions) {
            n_known = sv->bounds_actions(g->ctx, state, &lo, &hi,
                                        e->actions + e->actions_top);
            known = true;
        } else {
            known = sv->bounds(g->ctx, state, &lo, &hi);
        }
        if (known) {
            assert(lo <= hi);
            bool use_lo = true, use_hi = true;
            exact = lo == hi;
            if (ply == 0) {
                gs_role r0 = e->roles[agent];
                use_lo = r0 != GS_ROLE_MAX;
                use_hi = r0 != GS_ROLE_MIN;
            } else if (lo == hi) {
                e->leaves++;
                emit_leave(e, ply, agent, via, true, lo, GS_BOUND_EXACT,
                           alpha, beta);
                return lo;
            }
            if (use_lo && lo > alpha) {
                if (fails_high(e, lo, beta)) {
                    if (ply > 0) {
                        emit_leave(e, ply, agent, via, false, lo,
                                   GS_BOUND_LOWER, alpha, beta);
                        return lo;
                    }
                } else {
                    alpha = lo;
                }
            }
            if (use_hi && hi < beta) {
                if (fails_low(e, hi, alpha)) {
                    if (ply > 0) {
                        emit_leave(e, ply, agent, via, false, hi,
                                   GS_BOUND_UPPER, alpha, beta);
                        return hi;
                    }
                } else {
                    beta = hi;
                }
            }
        }
    }

    /* Step 5. Probe the table: a result searched at least as deep that
     * settles this window ends the node; any result's best action is
     * tried first. The root is always searched, for its best action. */
    const int remaining = e->depth_plies > 0 ? e->depth_plies - ply
                                             : TT_DEPTH_FULL;
    const uint64_t cut_evals_before = e->cut_evals;
    const uint64_t nodes_before = e->nodes;
    gs_action tt_move = GS_NO_ACTION;
    /* A node the game leaves one action (a forced move) is not looked up
     * or stored: its child is, a ply on, and the table keeps its room
     * for nodes that choose. */
    const bool tabled = e->mode.use_tt && !(n_known == 1 && ply > 0);
    if (tabled) {
        tt_entry hit;
        if (tt_probe(e->tt, key, &hit)) {
            tt_move = hit.action;
            if (image >= 0 && tt_move != GS_NO_ACTION)
                tt_move = sv->symmetries[image].from_image(g->ctx, state,
                                                           tt_move);
            gs_bound b = hit.bound;
            if (ply > 0 && hit.depth >= remaining &&
                (b == GS_BOUND_EXACT ||
                 (b == GS_BOUND_LOWER && fails_high(e, hit.value, beta)) ||
                 (b == GS_BOUND_UPPER && fails_low(e, hit.value, alpha)))) {
                e->tt_hits++;
                e->cut_evals += hit.depth != TT_DEPTH_FULL;
                emit_leave(e, ply, agent, via, false, hit.value, b, alpha,
                           beta);
                return hit.value;
            }
        }
    }

    /* Step 6. Generate the actions on top of the action stack: those the
     * game says are worth searching, when it says (at the root, every
     * legal action when none is, or when the root's value is known). */
    if (ply >= e->max_ply) {
        e->status = GS_EPLY;
        e->halt = true;
        return 0.0;
    }
    if (!reserve(e, (size_t)ply + 1, (size_t)g->max_actions))
        return 0.0;
    state = state_at(e, ply);   /* the slots may have moved */
    size_t base = e->actions_top;
    int n;
    if (n_known >= 0 && !exact) {
        n = n_known;
        if (n == 0 && ply == 0)
            n = g->actions(g->ctx, state, e->actions + base);
    } else if (e->mode.knowledge && sv->search_actions && !exact) {
        n = sv->search_actions(g->ctx, state, e->actions + base);
        if (n == 0 && ply == 0)
            n = g->actions(g->ctx, state, e->actions + base);
    } else {
        n = g->actions(g->ctx, state, e->actions + base);
    }
    assert(n >= 0 && n <= g->max_actions);
    if (n == 0)
        return search_leaf(e, ply, agent, via, false, alpha, beta);
    e->actions_top = base + (size_t)n;

    /* Step 7. The children, by the role of the agent to move. A chance
     * node keeps the game's order, so that its sum is added up exactly as
     * expectimax adds it; MAX and MIN nodes take them from the picker
     * (the table's move, the killers, then the rest by hint and
     * history). */
    gs_role role = e->roles[agent];
    gs_bound bound;
    gs_action best = GS_NO_ACTION;
    double v;
    if (role == GS_ROLE_MIN && e->mode.min_is_chance) {
        v = search_chance(e, ply, agent, alpha, beta, base, n, true, &bound);
    } else if (role == GS_ROLE_CHANCE) {
        v = search_chance(e, ply, agent, alpha, beta, base, n, false, &bound);
    } else {
        const bool maximize = role == GS_ROLE_MAX;
        bool fetched = false;
        double cut;
        gs_bound cb;
        const bool etc = e->mode.etc && ply > 0 && ply < e->sopt.etc_plies;
        if (etc && e->mode.prefetch && n > 1) {
            prefetch_children(e, ply, base, n);
            fetched = true;
        }
        /* The children's bounds from the game (while their buckets load),
         * then their table entries. */
        double settled = maximize ? -INFINITY : INFINITY;
        gs_action settled_action = GS_NO_ACTION;
        if ((e->mode.child_bounds && n > 1 && ply > 0 &&
             ply < e->sopt.child_bounds_plies &&
             child_bounds(e, ply, base, &n, maximize, &alpha, &beta, &cut,
                          &cb, &settled, &settled_action)) ||
            (etc && n > 0 &&
             etc_cutoff(e, ply, base, n, maximize, alpha, beta, remaining,
                        &cut, &cb))) {
            e->actions_top = base;
            emit_leave(e, ply, agent, via, false, cut, cb, alpha, beta);
            return cut;
        }
        if (n == 0) {
            /* Every child settled by its bounds. */
            v = settled;
            best = settled_action;
            bound = maximize ? (fails_low(e, v, alpha) ? GS_BOUND_UPPER
                                                       : GS_BOUND_EXACT)
                             : (fails_high(e, v, beta) ? GS_BOUND_LOWER
                                                       : GS_BOUND_EXACT);
        } else {
            picker p;
            pick_init(e, &p, ply, base, n, tt_move);
            if (e->mode.prefetch && n > 1 && !fetched)
                prefetch_children(e, ply, base, n);
            _Atomic uint64_t *mark = NULL;
            if (e->busy && ply > 0 && ply < BUSY_PLIES && e->mode.use_tt) {
                mark = &e->busy[key & (BUSY_SLOTS - 1)];
                atomic_store_explicit(mark, key, memory_order_relaxed);
            }
            v = search_minmax(e, ply, agent, alpha, beta, &p, maximize,
                              remaining, settled, settled_action, &bound,
                              &best, &alpha, &beta);
            if (mark) {
                uint64_t mine = key;
                atomic_compare_exchange_strong_explicit(
                    mark, &mine, 0, memory_order_relaxed,
                    memory_order_relaxed);
            }
        }
    }
    e->actions_top = base;
    if (e->halt)
        return v;

    /* Step 8. Report and remember the result. */
    emit_leave(e, ply, agent, via, false, v, bound, alpha, beta);
    if (tabled) {
        /* In null-window searches, a node where every child failed (below
         * alpha at MAX, above beta at MIN) has only a weak best action, the
         * child with the loosest bound: one the table already holds for
         * the position (from a probe where the node cut, say) is worth
         * more, and stays. (With wider windows that loosest bound is the
         * better guess: tic-tac-toe and (4,4,4) take more nodes without
         * it.) */
        if (ply > 0 && e->mode.null_window && tt_move != GS_NO_ACTION &&
            bound == (role == GS_ROLE_MIN ? GS_BOUND_LOWER : GS_BOUND_UPPER))
            best = GS_NO_ACTION;
        if (image >= 0 && best != GS_NO_ACTION)
            best = sv->symmetries[image].to_image(g->ctx, state_at(e, ply),
                                                  best);
        if (e->helper_id == 0)
            tt_count_store(e->tt);   /* (one thread grows the table) */
        tt_store(e->tt, key, v, bound,
                 e->cut_evals == cut_evals_before ? TT_DEPTH_FULL : remaining,
                 best, e->nodes - nodes_before);
    }
    return v;
}
