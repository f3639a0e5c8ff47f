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
    DEFAULT_MAX_PLY = 4096
};

/* The transposition table's size when a search asks for one and the caller
 * has not sized it: room for about half a million positions. */
#define DEFAULT_TT_BYTES ((size_t)16 << 20)

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
    int32_t *scores;         /* max_actions ordering scores */

    tt_table tt;             /* the transposition table (may be empty) */
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
    size_t sz = e->slot_size;
    size_t scap = e->states_cap;
    void *sbuf = e->states;
    if (!grow(e, &sbuf, &scap, slot + 1, sz))
        goto fail;
    e->states = sbuf;
    e->states_cap = scap;

    size_t need = e->actions_top + extra;
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
    if (e->opt.max_nodes && e->nodes >= e->opt.max_nodes) {
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

/* Stable sort of the n actions at `base` by the game's hint, best first. */
static void order_actions(gs_engine *e, int ply, size_t base, int n)
{
    const gs_game *g = &e->game;
    gs_action *a = e->actions + base;
    int32_t *s = e->scores;
    g->order_hint(g->ctx, state_at(e, ply), a, n, s);
    for (int i = 1; i < n; i++) {
        gs_action ka = a[i];
        int32_t ks = s[i];
        int j = i - 1;
        while (j >= 0 && s[j] < ks) {
            a[j + 1] = a[j];
            s[j + 1] = s[j];
            j--;
        }
        a[j + 1] = ka;
        s[j + 1] = ks;
    }
}

/* Moves action `a`, when it is among the n actions, to the front, keeping
 * the others in their order. */
static void move_to_front(gs_action *actions, int n, gs_action a)
{
    for (int i = 0; i < n; i++) {
        if (actions[i] == a) {
            memmove(actions + 1, actions, (size_t)i * sizeof *actions);
            actions[0] = a;
            return;
        }
    }
}

static double search(gs_engine *e, int ply, double alpha, double beta,
                     gs_action via);

/*
 * The loop over the children of a MAX (maximize) or MIN node whose n actions
 * sit at `base`. Fail-soft: returns the best child value found; see search()
 * for what it means relative to (alpha, beta).
 */
static double search_minmax(gs_engine *e, int ply, int agent, double alpha,
                            double beta, size_t base, int n, bool maximize,
                            gs_bound *bound_out, gs_action *best_out)
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
                prune_rest(e, ply, agent, base, i, n);
                break;
            }
            if (best > alpha)
                alpha = best;
        } else {
            if (fails_low(e, best, alpha)) {
                cut = true;
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

    /* Step 3. The transposition table: a result searched at least as deep
     * that settles this window ends the node; any result's best action is
     * tried first. The root is always searched, for its best action. */
    const int remaining = e->depth_plies > 0 ? e->depth_plies - ply
                                             : TT_DEPTH_FULL;
    const uint64_t cut_evals_before = e->cut_evals;
    uint64_t key = 0;
    gs_action tt_move = GS_NO_ACTION;
    if (e->use_tt) {
        key = g->hash(g->ctx, state);
        const tt_entry *hit = tt_probe(&e->tt, key);
        if (hit) {
            tt_move = hit->action;
            gs_bound b = (gs_bound)(hit->bound - 1);
            if (ply > 0 && hit->depth >= remaining &&
                (b == GS_BOUND_EXACT ||
                 (b == GS_BOUND_LOWER && fails_high(e, hit->value, beta)) ||
                 (b == GS_BOUND_UPPER && fails_low(e, hit->value, alpha)))) {
                e->tt_hits++;
                e->cut_evals += hit->depth != TT_DEPTH_FULL;
                emit_leave(e, ply, agent, via, false, hit->value, b);
                return hit->value;
            }
        }
    }

    /* Step 4. Generate the actions on top of the action stack. */
    if (ply >= e->max_ply) {
        e->status = GS_EPLY;
        e->halt = true;
        return 0.0;
    }
    if (!reserve(e, (size_t)ply + 1, (size_t)g->max_actions))
        return 0.0;
    state = state_at(e, ply);   /* the slots may have moved */
    size_t base = e->actions_top;
    int n = g->actions(g->ctx, state, e->actions + base);
    assert(n >= 0 && n <= g->max_actions);
    if (n == 0)
        return search_leaf(e, ply, agent, via, false);
    e->actions_top = base + (size_t)n;

    /* Step 5. The children, by the role of the agent to move. A chance
     * node keeps the game's order, so that its sum is added up exactly as
     * expectimax adds it; MAX and MIN nodes are ordered when asked, and
     * the table's move goes first. */
    gs_role role = g->role(g->ctx, agent);
    gs_bound bound;
    gs_action best = GS_NO_ACTION;
    double v;
    if (role == GS_ROLE_MIN && e->min_is_chance) {
        v = search_chance(e, ply, agent, alpha, beta, base, n, true, &bound);
    } else if (role == GS_ROLE_CHANCE) {
        v = search_chance(e, ply, agent, alpha, beta, base, n, false, &bound);
    } else {
        if (e->opt.order_moves && g->order_hint && n > 1)
            order_actions(e, ply, base, n);
        if (tt_move != GS_NO_ACTION)
            move_to_front(e->actions + base, n, tt_move);
        v = search_minmax(e, ply, agent, alpha, beta, base, n,
                          role == GS_ROLE_MAX, &bound, &best);
    }
    e->actions_top = base;
    if (e->halt)
        return v;

    /* Step 6. Report and remember the result. */
    emit_leave(e, ply, agent, via, false, v, bound);
    if (e->use_tt)
        tt_store(&e->tt, key, v, bound,
                 e->cut_evals == cut_evals_before ? TT_DEPTH_FULL : remaining,
                 best);
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
    if ((size_t)game->max_actions > SIZE_MAX / 2 / sizeof(double))
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
    const size_t align = alignof(max_align_t);
    if (game->state_size > SIZE_MAX - align)
        goto fail;
    e->slot_size = (game->state_size + align - 1) / align * align;
    e->scores = mem_resize(alloc, NULL, 0,
                           (size_t)game->max_actions * sizeof(int32_t));
    e->pv = mem_resize(alloc, NULL, 0, sizeof(gs_action[GS_PV_MAX][GS_PV_MAX]));
    if (!e->scores || !e->pv)
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
    if (e->pv)
        mem_resize(&a, e->pv, sizeof(gs_action[GS_PV_MAX][GS_PV_MAX]), 0);
    tt_free(&e->tt, &a);
    mem_resize(&a, e, sizeof *e, 0);
}

int gs_engine_tt_resize(gs_engine *e, size_t bytes)
{
    if (!e)
        return GS_EINVAL;
    return tt_resize(&e->tt, &e->alloc, bytes);
}

void gs_engine_tt_clear(gs_engine *e)
{
    if (e)
        tt_clear(&e->tt);
}

/* Checks the options and sets up the engine's per-search fields. */
static int begin(gs_engine *e, const gs_search_options *options)
{
    gs_search_options_init(&e->opt);
    if (options)
        e->opt = *options;
    const gs_search_options *o = &e->opt;
    if ((unsigned)o->algo > GS_EXPECTIMINIMAX || o->depth < 0 ||
        (o->depth_unit != GS_DEPTH_PLIES && o->depth_unit != GS_DEPTH_ROUNDS) ||
        o->max_ply < 1 || !(o->max_seconds >= 0.0))
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
    e->use_tt = o->use_tt;
    if (e->use_tt) {
        /* The table counts depth in 16 bits. */
        if (!e->game.hash || e->depth_plies >= TT_DEPTH_FULL)
            return GS_EINVAL;
        if (!e->tt.buckets && tt_resize(&e->tt, &e->alloc, DEFAULT_TT_BYTES))
            return GS_ENOMEM;
        /* Values found by another algorithm (expectimax averages what
         * minimax minimises) or under another pruning rule (bounds mean
         * other things) would be wrong here. */
        int mode = (int)o->algo * 2 + (o->prune_equal ? 1 : 0);
        if (mode != e->tt_mode)
            tt_clear(&e->tt);
        e->tt_mode = mode;
        e->tt.age++;
    }
    e->nodes = e->leaves = e->cutoffs = e->tt_hits = 0;
    e->halt = false;
    e->stopped = GS_STOP_NONE;
    e->status = GS_OK;
    clock_gettime(CLOCK_MONOTONIC, &e->start);
    return GS_OK;
}

/* One search of the state in slot 0 to e->depth_plies. */
static double search_root(gs_engine *e)
{
    e->root_best = -1;
    e->root_best_value = 0.0;
    e->actions_top = 0;
    e->pv_len[0] = 0;
    e->cut_evals = 0;
    return search(e, 0, -INFINITY, INFINITY, GS_NO_ACTION);
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
    if (e->halt) {
        r->value = e->root_best_value;
    } else {
        r->value = v;
        r->pv_length = e->pv_len[0];
        memcpy(r->pv, e->pv[0], (size_t)r->pv_length * sizeof(gs_action));
    }
}

int gs_search(gs_engine *e, const void *root, const gs_search_options *options,
              gs_result *r)
{
    if (!e || !root || !r)
        return GS_EINVAL;
    memset(r, 0, sizeof *r);
    r->best = GS_NO_ACTION;
    r->best_index = -1;
    int status = begin(e, options);
    if (status != GS_OK)
        return status;
    if (!reserve(e, 0, 0))
        return GS_ENOMEM;
    memcpy(state_at(e, 0), root, e->game.state_size);

    if (!e->opt.iterative) {
        double v = search_root(e);
        if (e->status == GS_OK) {
            take_answer(e, v, r);
            r->depth = e->opt.depth;
        }
    } else {
        /* Iterative deepening: depth 1, 2, ... in the caller's unit, until
         * the limit, a search that met no cutoff (the whole tree was seen),
         * or a budget; a stopped iteration counts only when none finished. */
        int last = e->depth_plies > 0 ? e->opt.depth : e->max_ply / e->unit;
        for (int d = 1; d <= last && e->status == GS_OK; d++) {
            e->depth_plies = d * e->unit;
            double v = search_root(e);
            if (e->status != GS_OK)
                break;
            if (e->halt) {
                if (r->depth == 0)
                    take_answer(e, v, r);
                break;
            }
            take_answer(e, v, r);
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
