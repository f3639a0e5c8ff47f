/*
 * search.c: minimax, alpha-beta (with Star1 at chance nodes) and expectimax
 * over any gs_game.
 *
 * Data layout. The engine keeps three growable stacks, indexed by ply or by
 * position, never by pointer, so that they may grow (and move) while a
 * search is under way:
 *
 *   states   [ply 0][ply 1][ply 2] ...        state_size bytes each, in
 *            slots aligned for any type; the node at ply p lives in slot p
 *            and its children are built, one at a time, in slot p + 1
 *            (copy-make).
 *   actions  [root's n0 actions][ply 1's n1 actions] ...
 *            each node pushes its legal actions on top of its ancestors'
 *            and pops them when it returns; `probs` runs parallel to it and
 *            holds a chance node's probabilities.
 *
 * The principal variation is the usual triangular table: pv[p] holds the
 * best line found below the node at ply p (only plies < GS_PV_MAX).
 *
 * A search reads top to bottom: search() checks the limits, decides whether
 * the node is a leaf, generates and orders its actions, and hands the loop
 * over children to search_minmax() or search_chance().
 */
#include <assert.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdalign.h>
#include <stddef.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "gamesearch/search.h"
#include "tt.h"

/* Tuning constants. */
enum {
    /* Read the clock once per this many nodes (a power of two): often
     * enough to stop within about a millisecond on every game we have,
     * rarely enough to cost nothing measurable. */
    TIME_CHECK_MASK = 255,
    /* Ply limit when the caller gives none: deeper than any game we ship,
     * shallow enough that the recursion fits an 8 MB thread stack even
     * under AddressSanitizer. */
    DEFAULT_MAX_PLY = 4096,
    /* History counters: actions are folded into this many (a power of
     * two) by their low bits. */
    HISTORY_SIZE = 1024,
    /* Killer moves are kept for the plies below this. */
    KILLER_PLIES = GS_PV_MAX
};

/* The transposition table's size when a search asks for one and the caller
 * has not sized it: room for about half a million positions. */
#define DEFAULT_TT_BYTES ((size_t)16 << 20)

/* Null-window search widens the root's bounds by this many grains on
 * each side when it places its probes (see search_bisect). */
#define BISECT_SLACK 1.0

/* Star1 widens each child window by this much, relative to the size of
 * the value bounds, so that rounding in the window arithmetic can only make
 * it search more, never cut wrongly. */
#define STAR1_TOLERANCE 1e-9

struct gs_engine {
    gs_game game;            /* a copy of the caller's description */
    gs_allocator alloc;

    unsigned char *states;   /* the per-ply state slots */
    size_t slot_size;        /* state_size rounded up to max_align_t */
    size_t states_cap;       /* in slots */
    gs_action *actions;      /* the action stack ... */
    double *probs;           /* ... and the probabilities beside it */
    size_t actions_cap;      /* in entries */
    size_t probs_cap;        /* in entries */
    size_t actions_top;      /* entries in use */
    gs_role *roles;          /* each agent's role (the game's role()) */
    int32_t *scores;         /* max_actions ordering scores ... */
    int64_t *keys;           /* ... and sort keys (hint, then history) */

    tt_table table;          /* the engine's transposition table (may be
                                empty) ... */
    tt_table *tt;            /* ... and the one it searches with: its own,
                                or for a helper its owner's */
    int tt_mode;             /* the algorithm and pruning rule its values
                                were found with (-1: none yet) */
    gs_action (*pv)[GS_PV_MAX];   /* GS_PV_MAX rows, never cleared: each
                                     node sets its own length first */
    int pv_len[GS_PV_MAX];

    /* The search under way. */
    gs_search_options opt;
    bool prune;              /* alpha-beta */
    bool min_is_chance;      /* expectimax */
    bool star1;              /* alpha-beta with known bounds */
    bool use_tt;             /* probe and store the table */
    bool symmetry;           /* fold mirror images together in the table */
    bool knowledge;          /* use the game's bounds and search_actions */
    bool history;            /* killer moves and history counters */
    bool prefetch;           /* load the children's table buckets early */
    double tolerance;        /* Star1's window widening */
    int depth_plies;         /* 0 = no cutoff */
    int unit;                /* plies in one unit of options.depth */
    int max_ply;
    struct timespec start;
    uint64_t nodes, leaves, cutoffs, tt_hits;
    uint64_t cut_evals;      /* values read because of the depth cutoff, or
                                taken from the table with a cutoff below */
    bool halt;               /* unwind: a limit was reached or an error hit */
    gs_stop stopped;
    int status;
    int root_best;           /* position in search order of the best root
                                child searched completely, or -1 */
    double root_best_value;

    /* Several threads (lazy SMP): the owner's helper engines, and for a
     * helper, which one it is and the owner's flag that stops it. */
    gs_engine **helpers;
    int nhelpers;
    int helper_id;           /* 0: not a helper */
    atomic_bool stop;        /* the owner's: set when its search ends */
    atomic_bool *stop_flag;  /* a helper's: the owner's `stop` */
    /* A node budget shared by the threads: the owner's count of the
     * nodes they tried (shared_nodes), and the count a search charges
     * (budget: NULL when it has the budget to itself). */
    _Atomic uint64_t shared_nodes;
    _Atomic uint64_t *budget;

    /* Killer moves (two a ply, the newest first) and history counters of
     * the search under way. */
    gs_action killers[KILLER_PLIES][2];
    uint32_t history_count[HISTORY_SIZE];
};

/* ---- memory ---- */

static void *mem_resize(const gs_allocator *a, void *p, size_t osize,
                        size_t nsize)
{
    return a->fn(a->user, p, osize, nsize);
}

/* Grows *buf (of *cap elements of `elem` bytes) to hold at least `need`. */
static bool grow(gs_engine *e, void **buf, size_t *cap, size_t need,
                 size_t elem)
{
    if (need <= *cap)
        return true;
    size_t ncap = *cap ? *cap : 16;
    while (ncap < need) {
        if (ncap > SIZE_MAX / 2 / elem)
            return false;
        ncap *= 2;
    }
    void *p = mem_resize(&e->alloc, *buf, *cap * elem, ncap * elem);
    if (!p)
        return false;
    *buf = p;
    *cap = ncap;
    return true;
}

/* Makes room for state slot `slot` and for `extra` more actions on the
 * action stack; on failure halts the search with GS_ENOMEM. */
static bool reserve(gs_engine *e, size_t slot, size_t extra)
{
    size_t need = e->actions_top + extra;
    if (slot < e->states_cap && need <= e->actions_cap &&
        need <= e->probs_cap)
        return true;   /* the usual case: room already */
    size_t sz = e->slot_size;
    size_t scap = e->states_cap;
    void *sbuf = e->states;
    if (!grow(e, &sbuf, &scap, slot + 1, sz))
        goto fail;
    e->states = sbuf;
    e->states_cap = scap;

    void *abuf = e->actions, *pbuf = e->probs;
    bool ok = grow(e, &abuf, &e->actions_cap, need, sizeof(gs_action));
    e->actions = abuf;
    ok = ok && grow(e, &pbuf, &e->probs_cap, need, sizeof(double));
    e->probs = pbuf;
    if (!ok)
        goto fail;
    return true;
fail:
    e->status = GS_ENOMEM;
    e->halt = true;
    return false;
}

static unsigned char *state_at(const gs_engine *e, int ply)
{
    return e->states + (size_t)ply * e->slot_size;
}

/* ---- small helpers ---- */

static double elapsed(const gs_engine *e)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - e->start.tv_sec) +
           (double)(now.tv_nsec - e->start.tv_nsec) * 1e-9;
}

/* True when a limit says stop before visiting one more node. */
static bool out_of_budget(gs_engine *e)
{
    if (e->stop_flag &&
        atomic_load_explicit(e->stop_flag, memory_order_relaxed)) {
        e->halt = true;
    } else if (e->opt.max_nodes &&
               (e->budget ? atomic_fetch_add_explicit(e->budget, 1,
                                                      memory_order_relaxed) >=
                                e->opt.max_nodes
                          : e->nodes >= e->opt.max_nodes)) {
        e->stopped = GS_STOP_NODES;
        e->halt = true;
    } else if (e->opt.max_seconds > 0 && (e->nodes & TIME_CHECK_MASK) == 0 &&
               elapsed(e) >= e->opt.max_seconds) {
        e->stopped = GS_STOP_TIME;
        e->halt = true;
    }
    return e->halt;
}

static void emit(gs_engine *e, gs_event_kind kind, const gs_event *ev)
{
    if (e->opt.hook)
        e->opt.hook(e->opt.hook_user, kind, ev);
}

static void emit_leave(gs_engine *e, int ply, int agent, gs_action via,
                       bool leaf, double value, gs_bound bound)
{
    if (!e->opt.hook)
        return;
    gs_event ev = {state_at(e, ply), ply, agent, via, -1, leaf, value, bound};
    emit(e, GS_EVENT_LEAVE, &ev);
}

/* Reports the children after position `i` of the node at `ply` as pruned
 * and counts the cutoff (only when something was actually skipped). */
static void prune_rest(gs_engine *e, int ply, int agent, size_t base, int i,
                       int n)
{
    if (i + 1 >= n)
        return;
    e->cutoffs++;
    if (!e->opt.hook)
        return;
    for (int j = i + 1; j < n; j++) {
        gs_event ev = {state_at(e, ply), ply, agent, e->actions[base + j], j,
                       false, 0.0, GS_BOUND_EXACT};
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

static uint32_t *history_slot(gs_engine *e, gs_action a)
{
    return &e->history_count[(uint32_t)a & (HISTORY_SIZE - 1)];
}

/*
 * Stable sort of the n actions at `base`, best first: by the game's hint
 * (when hinted), then, with history on, by the history counters.
 */
static void order_actions(gs_engine *e, int ply, size_t base, int n,
                          bool hinted)
{
    const gs_game *g = &e->game;
    gs_action *a = e->actions + base;
    int64_t *k = e->keys;
    if (hinted)
        g->order_hint(g->ctx, state_at(e, ply), a, n, e->scores);
    for (int i = 0; i < n; i++) {
        int64_t hint = hinted ? e->scores[i] : 0;
        int64_t hist = e->history ? *history_slot(e, a[i]) : 0;
        k[i] = hint * ((int64_t)1 << 32) + hist;
    }
    for (int i = 1; i < n; i++) {
        gs_action ka = a[i];
        int64_t kk = k[i];
        int j = i - 1;
        while (j >= 0 && k[j] < kk) {
            a[j + 1] = a[j];
            k[j + 1] = k[j];
            j--;
        }
        a[j + 1] = ka;
        k[j + 1] = kk;
    }
}

/* An action caused a cutoff at `ply` with `remaining` plies below: it
 * becomes the ply's first killer and earns history credit. */
static void note_cutoff(gs_engine *e, int ply, gs_action a, int remaining)
{
    if (ply < KILLER_PLIES && e->killers[ply][0] != a) {
        e->killers[ply][1] = e->killers[ply][0];
        e->killers[ply][0] = a;
    }
    uint32_t *h = history_slot(e, a);
    uint32_t add = remaining >= 1 && remaining < 64
                       ? (uint32_t)(remaining * remaining) : 64u * 64u;
    *h = *h > UINT32_MAX - add ? UINT32_MAX : *h + add;
}

/* Moves action `a`, when it is among the n actions at or after position
 * `from`, to that position, keeping the others in their order. Returns
 * whether it was there. */
static bool move_to(gs_action *actions, int from, int n, gs_action a)
{
    for (int i = from; i < n; i++) {
        if (actions[i] == a) {
            memmove(actions + from + 1, actions + from,
                    (size_t)(i - from) * sizeof *actions);
            actions[from] = a;
            return true;
        }
    }
    return false;
}

/* Rotates the n actions left by k. */
static void rotate(gs_action *a, int n, int k)
{
    for (int r = 0; r < k; r++) {
        gs_action first = a[0];
        memmove(a, a + 1, (size_t)(n - 1) * sizeof *a);
        a[n - 1] = first;
    }
}

static double search(gs_engine *e, int ply, double alpha, double beta,
                     gs_action via);

/* The table's key for `state`. With symmetry, a position and its mirror
 * image share the entry of the smaller key, whose action is stored as
 * seen from that key's side (*mirrored: `state` is the other side). */
static uint64_t table_key(const gs_engine *e, const void *state,
                          bool *mirrored)
{
    const gs_game *g = &e->game;
    uint64_t key = g->hash(g->ctx, state);
    *mirrored = false;
    if (e->symmetry) {
        uint64_t mkey = g->mirror_hash(g->ctx, state);
        if (mkey < key) {
            key = mkey;
            *mirrored = true;
        }
    }
    return key;
}

/* Starts loading the table buckets of all n children of the node at
 * `ply` (built one by one in the child's slot), so that their misses
 * overlap instead of coming one per child. */
static void prefetch_children(gs_engine *e, int ply, size_t base, int n)
{
    const gs_game *g = &e->game;
    for (int i = 0; i < n; i++) {
        bool mirrored;
        g->apply(g->ctx, state_at(e, ply), e->actions[base + i],
                 state_at(e, ply + 1));
        tt_prefetch(e->tt, table_key(e, state_at(e, ply + 1), &mirrored));
    }
}

/*
 * The loop over the children of a MAX (maximize) or MIN node whose n actions
 * sit at `base`. Fail-soft: returns the best child value found; see search()
 * for what it means relative to (alpha, beta).
 */
static double search_minmax(gs_engine *e, int ply, int agent, double alpha,
                            double beta, size_t base, int n, bool maximize,
                            int remaining, gs_bound *bound_out,
                            gs_action *best_out)
{
    const gs_game *g = &e->game;
    const double alpha0 = alpha, beta0 = beta;
    double best = maximize ? -INFINITY : INFINITY;
    bool cut = false;
    *best_out = GS_NO_ACTION;

    for (int i = 0; i < n; i++) {
        gs_action a = e->actions[base + i];
        g->apply(g->ctx, state_at(e, ply), a, state_at(e, ply + 1));
        double v = search(e, ply + 1, alpha, beta, a);
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
        if (!e->prune)
            continue;
        if (maximize) {
            if (fails_high(e, best, beta)) {
                cut = true;
                if (e->history)
                    note_cutoff(e, ply, a, remaining);
                prune_rest(e, ply, agent, base, i, n);
                break;
            }
            if (best > alpha)
                alpha = best;
        } else {
            if (fails_low(e, best, alpha)) {
                cut = true;
                if (e->history)
                    note_cutoff(e, ply, a, remaining);
                prune_rest(e, ply, agent, base, i, n);
                break;
            }
            if (best < beta)
                beta = best;
        }
    }

    gs_bound bound = GS_BOUND_EXACT;
    if (e->prune) {
        if (maximize)
            bound = cut ? GS_BOUND_LOWER
                  : fails_low(e, best, alpha0) ? GS_BOUND_UPPER : GS_BOUND_EXACT;
        else
            bound = cut ? GS_BOUND_UPPER
                  : fails_high(e, best, beta0) ? GS_BOUND_LOWER : GS_BOUND_EXACT;
    }
    *bound_out = bound;
    return best;
}

/*
 * The loop over the children of a CHANCE node whose n actions sit at `base`.
 * The value is the plain mean of the children (uniform) or the sum of
 * p[i] * value[i] (weighted), accumulated in action order.
 *
 * With alpha-beta and known bounds [L, U] this is Ballard's Star1: after the
 * children before i have summed to S, child i is searched in the window that
 * decides whether the node can still end inside (alpha, beta) when every
 * child after it is as good (U) or as bad (L) as it can be. A child below
 * its window proves the node <= alpha, one above it proves the node >= beta,
 * and the remaining children are pruned. Without bounds (or without
 * pruning) every child is searched with a full window and the value is
 * exact.
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
    double sum = 0.0;

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
        if (e->star1) {
            child_alpha = lo;
            child_beta = hi;
            if (w > 0.0) {
                cut_low = (alpha * denom - sum - remaining * hi) / w -
                          e->tolerance;
                cut_high = (beta * denom - sum - remaining * lo) / w +
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
        double v = search(e, ply + 1, child_alpha, child_beta, a);
        if (e->halt)
            return 0.0;
        sum += w * v;

        /* Step 3. Star1 cutoffs: the node is already outside (alpha, beta). */
        if (e->star1 && (v <= cut_low || v >= cut_high)) {
            bool low = v <= cut_low;
            prune_rest(e, ply, agent, base, i, n);
            *bound_out = low ? GS_BOUND_UPPER : GS_BOUND_LOWER;
            return (sum + remaining * (low ? hi : lo)) / denom;
        }
    }

    *bound_out = GS_BOUND_EXACT;
    return sum / denom;
}

/* A node whose value is read from the game: terminal, cut off by depth
 * (cut_off), or without legal actions. */
static double search_leaf(gs_engine *e, int ply, int agent, gs_action via,
                          bool cut_off)
{
    const gs_game *g = &e->game;
    double v = g->value(g->ctx, state_at(e, ply));
    e->leaves++;
    e->cut_evals += cut_off;
    emit_leave(e, ply, agent, via, true, v, GS_BOUND_EXACT);
    return v;
}

/*
 * Searches the state in slot `ply`, reached by action `via`, with the window
 * (alpha, beta): alpha < beta under the textbook rule, alpha <= beta under
 * the strict one. Fail-soft contract, for the true value V
 * (minimax over MAX/MIN, expectation over CHANCE) and the returned v:
 *   - textbook rule (prune_equal): if alpha < v < beta then v == V;
 *     if v <= alpha then V <= v; if v >= beta then V >= v;
 *   - strict rule: the same with alpha <= v <= beta exact, v < alpha an
 *     upper bound, v > beta a lower bound.
 * Without pruning v == V always. When e->halt is set on return (a limit or
 * an error), v means nothing and the caller unwinds at once.
 */
static double search(gs_engine *e, int ply, double alpha, double beta,
                     gs_action via)
{
    const gs_game *g = &e->game;
    /* the textbook window is open, (alpha, beta); the strict one closed */
    assert(e->opt.prune_equal ? alpha < beta : alpha <= beta);
    assert(ply >= 0);

    /* Step 1. Limits. */
    if (out_of_budget(e))
        return 0.0;
    e->nodes++;

    const void *state = state_at(e, ply);
    int agent = g->to_move(g->ctx, state);
    assert(agent >= 0 && agent < g->num_agents);
    if (e->opt.hook) {
        gs_event ev = {state, ply, agent, via, -1, false, 0.0, GS_BOUND_EXACT};
        emit(e, GS_EVENT_ENTER, &ev);
    }
    if (ply < GS_PV_MAX)
        e->pv_len[ply] = 0;

    /* Step 2. Leaves: the end of the game or the depth cutoff. */
    if (g->is_terminal(g->ctx, state))
        return search_leaf(e, ply, agent, via, false);
    if (e->depth_plies > 0 && ply >= e->depth_plies)
        return search_leaf(e, ply, agent, via, true);

    /* The table's key, computed now so that its bucket loads while the
     * game is asked what it knows. */
    uint64_t key = 0;
    bool mirrored = false;
    if (e->use_tt) {
        key = table_key(e, state, &mirrored);
        tt_prefetch(e->tt, key);
    }

    /* Step 3. What the game knows without search (alpha-beta): an exact
     * value settles the node, bounds narrow the window. The root is always
     * searched, for its best action, and narrows only the bound that
     * cannot hide it (a MAX root stops at the best value possible; raising
     * its alpha would leave the children's values indistinct). */
    bool exact = false;   /* (only the root goes on with an exact value) */
    if (e->knowledge && g->bounds) {
        double lo, hi;
        if (g->bounds(g->ctx, state, &lo, &hi)) {
            assert(lo <= hi);
            bool use_lo = true, use_hi = true;
            exact = lo == hi;
            if (ply == 0) {
                gs_role r0 = e->roles[agent];
                use_lo = r0 != GS_ROLE_MAX;
                use_hi = r0 != GS_ROLE_MIN;
            } else if (lo == hi) {
                e->leaves++;
                emit_leave(e, ply, agent, via, true, lo, GS_BOUND_EXACT);
                return lo;
            }
            if (use_lo && lo > alpha) {
                if (fails_high(e, lo, beta)) {
                    if (ply > 0) {
                        emit_leave(e, ply, agent, via, false, lo,
                                   GS_BOUND_LOWER);
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
                                   GS_BOUND_UPPER);
                        return hi;
                    }
                } else {
                    beta = hi;
                }
            }
        }
    }

    /* Step 4. The transposition table: a result searched at least as deep
     * that settles this window ends the node; any result's best action is
     * tried first. The root is always searched, for its best action. */
    const int remaining = e->depth_plies > 0 ? e->depth_plies - ply
                                             : TT_DEPTH_FULL;
    const uint64_t cut_evals_before = e->cut_evals;
    const uint64_t nodes_before = e->nodes;
    gs_action tt_move = GS_NO_ACTION;
    if (e->use_tt) {
        tt_entry hit;
        if (tt_probe(e->tt, key, &hit)) {
            tt_move = hit.action;
            if (mirrored && tt_move != GS_NO_ACTION)
                tt_move = g->mirror_action(g->ctx, state, tt_move);
            gs_bound b = hit.bound;
            if (ply > 0 && hit.depth >= remaining &&
                (b == GS_BOUND_EXACT ||
                 (b == GS_BOUND_LOWER && fails_high(e, hit.value, beta)) ||
                 (b == GS_BOUND_UPPER && fails_low(e, hit.value, alpha)))) {
                e->tt_hits++;
                e->cut_evals += hit.depth != TT_DEPTH_FULL;
                emit_leave(e, ply, agent, via, false, hit.value, b);
                return hit.value;
            }
        }
    }

    /* Step 5. Generate the actions on top of the action stack: those the
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
    if (e->knowledge && g->search_actions && !exact) {
        n = g->search_actions(g->ctx, state, e->actions + base);
        if (n == 0 && ply == 0)
            n = g->actions(g->ctx, state, e->actions + base);
    } else {
        n = g->actions(g->ctx, state, e->actions + base);
    }
    assert(n >= 0 && n <= g->max_actions);
    if (n == 0)
        return search_leaf(e, ply, agent, via, false);
    e->actions_top = base + (size_t)n;

    /* Step 6. The children, by the role of the agent to move. A chance
     * node keeps the game's order, so that its sum is added up exactly as
     * expectimax adds it; MAX and MIN nodes are ordered when asked (the
     * game's hint, then history), then the table's move goes first and
     * the killers next. */
    gs_role role = e->roles[agent];
    gs_bound bound;
    gs_action best = GS_NO_ACTION;
    double v;
    if (role == GS_ROLE_MIN && e->min_is_chance) {
        v = search_chance(e, ply, agent, alpha, beta, base, n, true, &bound);
    } else if (role == GS_ROLE_CHANCE) {
        v = search_chance(e, ply, agent, alpha, beta, base, n, false, &bound);
    } else {
        if (n > 1) {
            bool hinted = e->opt.order_moves && g->order_hint;
            if (hinted || e->history)
                order_actions(e, ply, base, n, hinted);
            /* A helper thread starts its root elsewhere, so that the
             * threads' searches part ways. */
            if (ply == 0 && e->helper_id > 0)
                rotate(e->actions + base, n, e->helper_id % n);
            int front = 0;
            if (tt_move != GS_NO_ACTION)
                front += move_to(e->actions + base, 0, n, tt_move);
            if (e->history && ply < KILLER_PLIES) {
                for (int k = 0; k < 2; k++) {
                    gs_action killer = e->killers[ply][k];
                    if (killer != GS_NO_ACTION && killer != tt_move)
                        front += move_to(e->actions + base, front, n, killer);
                }
            }
        }
        if (e->prefetch && n > 1)
            prefetch_children(e, ply, base, n);
        v = search_minmax(e, ply, agent, alpha, beta, base, n,
                          role == GS_ROLE_MAX, remaining, &bound, &best);
    }
    e->actions_top = base;
    if (e->halt)
        return v;

    /* Step 7. Report and remember the result. */
    emit_leave(e, ply, agent, via, false, v, bound);
    if (e->use_tt) {
        if (mirrored && best != GS_NO_ACTION)
            best = g->mirror_action(g->ctx, state_at(e, ply), best);
        tt_store(e->tt, key, v, bound,
                 e->cut_evals == cut_evals_before ? TT_DEPTH_FULL : remaining,
                 best, e->nodes - nodes_before);
    }
    return v;
}

/* ---- public API ---- */

void gs_search_options_init(gs_search_options *options)
{
    memset(options, 0, sizeof *options);
    options->algo = GS_ALPHABETA;
    options->depth = 0;
    options->depth_unit = GS_DEPTH_PLIES;
    options->prune_equal = true;
    options->order_moves = false;
    options->max_ply = DEFAULT_MAX_PLY;
    options->threads = 1;
}

int gs_engine_new(const gs_game *game, const gs_allocator *alloc,
                  gs_engine **out)
{
    if (!out)
        return GS_EINVAL;
    *out = NULL;
    if (!game)
        return GS_EINVAL;
    if (game->version != GS_GAME_VERSION)
        return GS_EVERSION;
    if (game->state_size == 0 || game->num_agents < 1 ||
        game->max_actions < 1 || !game->to_move || !game->role ||
        !game->is_terminal || !game->actions || !game->apply || !game->value)
        return GS_EINVAL;
    if (game->has_bounds &&
        !(game->min_value < game->max_value && isfinite(game->min_value) &&
          isfinite(game->max_value)))
        return GS_EINVAL;
    if ((size_t)game->max_actions > SIZE_MAX / 2 / sizeof(int64_t))
        return GS_EINVAL;
    if (!alloc)
        alloc = gs_default_allocator();

    gs_engine *e = mem_resize(alloc, NULL, 0, sizeof *e);
    if (!e)
        return GS_ENOMEM;
    memset(e, 0, sizeof *e);
    e->game = *game;
    e->alloc = *alloc;
    e->tt_mode = -1;
    e->tt = &e->table;
    const size_t align = alignof(max_align_t);
    if (game->state_size > SIZE_MAX - align)
        goto fail;
    e->slot_size = (game->state_size + align - 1) / align * align;
    e->scores = mem_resize(alloc, NULL, 0,
                           (size_t)game->max_actions * sizeof(int32_t));
    e->keys = mem_resize(alloc, NULL, 0,
                         (size_t)game->max_actions * sizeof(int64_t));
    e->roles = mem_resize(alloc, NULL, 0,
                          (size_t)game->num_agents * sizeof(gs_role));
    if (e->roles)
        for (int i = 0; i < game->num_agents; i++)
            e->roles[i] = game->role(game->ctx, i);
    e->pv = mem_resize(alloc, NULL, 0, sizeof(gs_action[GS_PV_MAX][GS_PV_MAX]));
    if (!e->scores || !e->keys || !e->roles || !e->pv)
        goto fail;
    *out = e;
    return GS_OK;
fail:
    gs_engine_free(e);
    return GS_ENOMEM;
}

void gs_engine_free(gs_engine *e)
{
    if (!e)
        return;
    const gs_allocator a = e->alloc;
    mem_resize(&a, e->states, e->states_cap * e->slot_size, 0);
    mem_resize(&a, e->actions, e->actions_cap * sizeof(gs_action), 0);
    mem_resize(&a, e->probs, e->probs_cap * sizeof(double), 0);
    if (e->scores)
        mem_resize(&a, e->scores, (size_t)e->game.max_actions * sizeof(int32_t), 0);
    if (e->keys)
        mem_resize(&a, e->keys, (size_t)e->game.max_actions * sizeof(int64_t), 0);
    if (e->roles)
        mem_resize(&a, e->roles, (size_t)e->game.num_agents * sizeof(gs_role), 0);
    if (e->pv)
        mem_resize(&a, e->pv, sizeof(gs_action[GS_PV_MAX][GS_PV_MAX]), 0);
    for (int i = 0; i < e->nhelpers; i++)
        gs_engine_free(e->helpers[i]);
    if (e->helpers)
        mem_resize(&a, e->helpers, (size_t)e->nhelpers * sizeof *e->helpers, 0);
    tt_free(&e->table, &a);
    mem_resize(&a, e, sizeof *e, 0);
}

int gs_engine_tt_resize(gs_engine *e, size_t bytes)
{
    if (!e)
        return GS_EINVAL;
    return tt_resize(&e->table, &e->alloc, bytes);
}

void gs_engine_tt_clear(gs_engine *e)
{
    if (e)
        tt_clear(&e->table);
}

/* Checks the options and sets up the engine's per-search fields. */
static int begin(gs_engine *e, const gs_search_options *options)
{
    /* The clock starts here, so that making and emptying the table count
     * against max_seconds and in result.seconds. */
    clock_gettime(CLOCK_MONOTONIC, &e->start);
    gs_search_options_init(&e->opt);
    if (options)
        e->opt = *options;
    const gs_search_options *o = &e->opt;
    if ((unsigned)o->algo > GS_EXPECTIMINIMAX || o->depth < 0 ||
        (o->depth_unit != GS_DEPTH_PLIES && o->depth_unit != GS_DEPTH_ROUNDS) ||
        o->max_ply < 1 || !(o->max_seconds >= 0.0) || o->threads < 0)
        return GS_EINVAL;
    /* A root window, null-window search, history and several threads
     * belong to alpha-beta under the textbook rule; null-window search
     * needs the values' grain, symmetry the game's mirror callbacks. */
    bool window = o->window_lo != 0.0 || o->window_hi != 0.0;
    bool ab = o->algo == GS_ALPHABETA && o->prune_equal;
    if (window && !(ab && o->window_lo < o->window_hi))
        return GS_EINVAL;
    if (o->null_window && !(ab && e->game.value_grain > 0.0 &&
                            isfinite(e->game.value_grain)))
        return GS_EINVAL;
    if ((o->history && o->algo != GS_ALPHABETA) ||
        (o->threads > 1 && !(ab && o->use_tt)))
        return GS_EINVAL;
    if (o->tt_symmetry && o->use_tt &&
        !(e->game.mirror_hash && e->game.mirror_action))
        return GS_EINVAL;

    e->unit = o->depth_unit == GS_DEPTH_ROUNDS ? e->game.num_agents : 1;
    if (o->depth > INT_MAX / e->unit)
        return GS_EINVAL;
    e->depth_plies = o->depth * e->unit;
    e->max_ply = o->max_ply;
    e->prune = o->algo == GS_ALPHABETA;
    e->min_is_chance = o->algo == GS_EXPECTIMAX;
    e->star1 = e->prune && e->game.has_bounds;
    e->tolerance = 0.0;
    if (e->star1) {
        double m = fmax(fabs(e->game.min_value), fabs(e->game.max_value));
        e->tolerance = STAR1_TOLERANCE * fmax(1.0, m);
    }
    e->knowledge = e->prune;
    e->history = o->history;
    e->use_tt = o->use_tt;
    e->symmetry = o->use_tt && o->tt_symmetry;
    e->prefetch = o->use_tt && o->prefetch;
    if (e->history) {
        for (int p = 0; p < KILLER_PLIES; p++)
            e->killers[p][0] = e->killers[p][1] = GS_NO_ACTION;
        memset(e->history_count, 0, sizeof e->history_count);
    }
    if (e->use_tt) {
        /* The table counts depth in 16 bits. */
        if (!e->game.hash || e->depth_plies >= TT_DEPTH_FULL)
            return GS_EINVAL;
    }
    if (e->use_tt && e->helper_id == 0) {
        if (!e->table.buckets &&
            tt_resize(&e->table, &e->alloc, DEFAULT_TT_BYTES))
            return GS_ENOMEM;
        /* Values found by another algorithm (expectimax averages what
         * minimax minimises) or under another pruning rule (bounds mean
         * other things) would be wrong here. */
        int mode = (int)o->algo * 2 + (o->prune_equal ? 1 : 0);
        if (mode != e->tt_mode)
            tt_clear(&e->table);
        e->tt_mode = mode;
        e->table.age++;
    }
    e->nodes = e->leaves = e->cutoffs = e->tt_hits = 0;
    e->halt = false;
    e->stopped = GS_STOP_NONE;
    e->status = GS_OK;
    return GS_OK;
}

/* One search of the state in slot 0 to e->depth_plies with the window
 * (alpha, beta). */
static double search_root(gs_engine *e, double alpha, double beta)
{
    e->root_best = -1;
    e->root_best_value = 0.0;
    e->actions_top = 0;
    e->pv_len[0] = 0;
    return search(e, 0, alpha, beta, GS_NO_ACTION);
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

/* A plain search of the root with the caller's window (if any). */
static bool search_plain(gs_engine *e, gs_result *r, bool keep_stopped)
{
    double alpha = -INFINITY, beta = INFINITY;
    if (e->opt.window_lo < e->opt.window_hi) {
        alpha = e->opt.window_lo;
        beta = e->opt.window_hi;
    }
    double v = search_root(e, alpha, beta);
    if (e->status != GS_OK)
        return false;
    if (e->halt) {
        if (keep_stopped)
            take_answer(e, v, r);
        return false;
    }
    take_answer(e, v, r);
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

/*
 * Null-window search of the root: the value, counted in grains from the
 * side of the agent to move at the root (so that a MIN root bisects as a
 * MAX root does), lies in [lo, hi]; each search with a window one grain
 * wide at `med` moves one end, until they meet. Probing nearer zero first
 * (the halved end) finds the sign early, as Pons's solver does. An end that
 * comes from the caller's window rather than from a proof makes the answer
 * a bound.
 */
static bool search_bisect(gs_engine *e, gs_result *r, bool keep_stopped)
{
    const gs_game *g = &e->game;
    const double grain = g->value_grain;
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
    if (g->bounds && g->bounds(g->ctx, root, &blo, &bhi)) {
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
    if (e->opt.window_lo < e->opt.window_hi && !known) {
        double wlo = sign > 0 ? e->opt.window_lo : -e->opt.window_hi;
        double whi = sign > 0 ? e->opt.window_hi : -e->opt.window_lo;
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
    while (lo < hi) {
        double med = lo + half(hi - lo);
        if (med <= 0 && half(lo) < med)
            med = half(lo);
        else if (med >= 0 && half(hi) > med)
            med = half(hi);
        /* The window (med, med + 1) on the mover's side. */
        double a = sign > 0 ? med * grain : -(med + 1) * grain;
        double b = sign > 0 ? (med + 1) * grain : -med * grain;
        double v = search_root(e, a, b);
        if (e->status != GS_OK)
            return false;
        if (e->halt) {
            if (keep_stopped && !proved)
                take_answer(e, v, r);
            return false;
        }
        double vm = sign * v / grain;
        if (vm <= med) {
            hi = floor(vm);
            hi_window = false;
        } else {
            lo = ceil(vm);
            lo_window = false;
            take_answer(e, v, r);
            proved = true;
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
    if (!proved && chooser && bound == GS_BOUND_EXACT) {
        /* No search showed a move reaching the value: one around it does. */
        double v = search_root(e, value - grain, value + grain);
        if (e->status != GS_OK)
            return false;
        if (e->halt) {
            if (keep_stopped)
                take_answer(e, v, r);
            return false;
        }
        take_answer(e, v, r);
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
    if (e->opt.null_window)
        return search_bisect(e, r, keep_stopped);
    return search_plain(e, r, keep_stopped);
}

/* ---- several threads ---- */

typedef struct helper_job {
    gs_engine *engine;
    gs_search_options opt;
    const void *root;
    gs_result result;
    pthread_t thread;
    bool running;
} helper_job;

static int search_one(gs_engine *e, const void *root,
                      const gs_search_options *options, gs_result *r);
static int search_begun(gs_engine *e, const void *root, gs_result *r);

static void *helper_main(void *arg)
{
    helper_job *job = arg;
    /* A helper's answer is not used: only what it leaves in the table. */
    (void)search_one(job->engine, job->root, &job->opt, &job->result);
    return NULL;
}

/* Makes sure the engine has n helper engines sharing its table. The
 * helpers array always holds exactly nhelpers entries (the size
 * gs_engine_free gives back), so it grows one helper at a time. */
static int ensure_helpers(gs_engine *e, int n)
{
    while (e->nhelpers < n) {
        gs_engine *x;
        int st = gs_engine_new(&e->game, &e->alloc, &x);
        if (st != GS_OK)
            return st;
        gs_engine **h = mem_resize(&e->alloc, e->helpers,
                                   (size_t)e->nhelpers * sizeof *h,
                                   (size_t)(e->nhelpers + 1) * sizeof *h);
        if (!h) {
            gs_engine_free(x);
            return GS_ENOMEM;
        }
        e->helpers = h;
        x->tt = &e->table;
        x->helper_id = e->nhelpers + 1;
        x->stop_flag = &e->stop;
        h[e->nhelpers++] = x;
    }
    return GS_OK;
}

/*
 * Lazy SMP: the helpers search the same root with the same options (no
 * time limit, no hook, each starting its root at another action) until
 * this thread's search ends; they share its table, so each finds what the
 * others stored, and its node budget. The answer is this thread's.
 */
static int search_threads(gs_engine *e, const void *root,
                          const gs_search_options *options, gs_result *r)
{
    int nh = options->threads - 1;
    int st = ensure_helpers(e, nh);
    if (st != GS_OK)
        return st;
    helper_job *jobs = mem_resize(&e->alloc, NULL, 0, (size_t)nh * sizeof *jobs);
    if (!jobs)
        return GS_ENOMEM;
    /* This thread's begin() prepares the table (size, contents, age)
     * before any helper touches it. */
    gs_search_options own = *options;
    own.threads = 1;
    st = begin(e, &own);
    if (st != GS_OK) {
        mem_resize(&e->alloc, jobs, (size_t)nh * sizeof *jobs, 0);
        return st;
    }
    atomic_store(&e->stop, false);
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
        j->running = pthread_create(&j->thread, NULL, helper_main, j) == 0;
    }
    memset(r, 0, sizeof *r);
    r->best = GS_NO_ACTION;
    r->best_index = -1;
    st = search_begun(e, root, r);
    atomic_store(&e->stop, true);
    for (int i = 0; i < nh; i++) {
        if (!jobs[i].running)
            continue;
        pthread_join(jobs[i].thread, NULL);
        r->nodes += jobs[i].result.nodes;
        r->leaves += jobs[i].result.leaves;
        r->cutoffs += jobs[i].result.cutoffs;
        r->tt_hits += jobs[i].result.tt_hits;
    }
    mem_resize(&e->alloc, jobs, (size_t)nh * sizeof *jobs, 0);
    e->budget = NULL;
    return st;
}

int gs_search(gs_engine *e, const void *root, const gs_search_options *options,
              gs_result *r)
{
    if (!e || !root || !r)
        return GS_EINVAL;
    if (options && options->threads > 1) {
        memset(r, 0, sizeof *r);
        r->best = GS_NO_ACTION;
        r->best_index = -1;
        /* Checked in full by begin(); what threads need, here. */
        if (!(options->algo == GS_ALPHABETA && options->prune_equal &&
              options->use_tt && e->game.hash))
            return GS_EINVAL;
        return search_threads(e, root, options, r);
    }
    return search_one(e, root, options, r);
}

/* One thread's search (the caller's, or a helper's). */
static int search_one(gs_engine *e, const void *root,
                      const gs_search_options *options, gs_result *r)
{
    if (!e || !root || !r)
        return GS_EINVAL;
    memset(r, 0, sizeof *r);
    r->best = GS_NO_ACTION;
    r->best_index = -1;
    int status = begin(e, options);
    if (status != GS_OK)
        return status;
    return search_begun(e, root, r);
}

/* The search itself, once begin() has set the engine up. */
static int search_begun(gs_engine *e, const void *root, gs_result *r)
{
    if (!reserve(e, 0, 0))
        return GS_ENOMEM;
    memcpy(state_at(e, 0), root, e->game.state_size);

    if (!e->opt.iterative) {
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
    r->seconds = elapsed(e);
    return e->status;
}

const char *gs_algo_name(gs_algo algo)
{
    switch (algo) {
    case GS_MINIMAX: return "minimax";
    case GS_ALPHABETA: return "alphabeta";
    case GS_EXPECTIMAX: return "expectimax";
    case GS_EXPECTIMINIMAX: return "expectiminimax";
    }
    return "unknown";
}

int gs_algo_parse(const char *name)
{
    static const char *const names[] = {"minimax", "alphabeta", "expectimax",
                                        "expectiminimax"};
    if (!name)
        return -1;
    for (int i = 0; i < 4; i++)
        if (strcmp(name, names[i]) == 0)
            return i;
    return -1;
}
