/*
 * pvs.c: principal variation search (NegaScout), alpha-beta that expects
 * its first child to be the best.
 *
 *     pvs(s, alpha, beta) at a MAX node:
 *         v = pvs(first child, alpha, beta)
 *         for every other child c:
 *             if v >= beta: stop (a cutoff)
 *             alpha = max(alpha, v)
 *             w = pvs(c, alpha, alpha + epsilon)    the scout: "is c > alpha?"
 *             if alpha < w < beta: w = pvs(c, alpha, beta)   searched again
 *             v = max(v, w)
 *         return v                                  (MIN: the mirror image)
 *
 * A scout that fails low proves the child no better than the best so far
 * with the narrowest window there is, so its subtree prunes more than
 * alpha-beta's would; one that fails high inside the window is searched
 * again with the full window. The null window is one double wide under the
 * textbook rule, (alpha, nextafter(alpha, +inf)), and closed, [alpha,
 * alpha], under the strict one (search.h: prune_equal), so that either
 * way a scout says which side of alpha the child lies on.
 *
 * The node reads in steps as alpha-beta's (alphabeta.c): the limits, the
 * leaves, the table (when use_tt), the actions (in the move picker's
 * order), the children, the result. Every game agent is MAX or MIN
 * (context.c refuses a CHANCE agent). The solver tier's steps are
 * alpha-beta's alone (options.solver needs GS_ALPHABETA).
 */
#include <assert.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "context.h"
#include "engine.h"
#include "movepick.h"
#include "tt.h"

static double pvs_node(gs_engine *e, int ply, double alpha, double beta,
                       gs_action via);

/* The null window in which a child of a MAX node (maximize) is asked
 * whether it beats alpha, or a child of a MIN node whether it falls below
 * beta. */
static void scout_window(const gs_engine *e, bool maximize, double alpha,
                         double beta, double *lo, double *hi)
{
    if (maximize) {
        *lo = alpha;
        *hi = e->opt.prune_equal ? nextafter(alpha, INFINITY) : alpha;
    } else {
        *lo = e->opt.prune_equal ? nextafter(beta, -INFINITY) : beta;
        *hi = beta;
    }
}

/* The state in slot `ply` is searched as a leaf: the end of the game or
 * the depth cutoff. */
static bool is_leaf(const gs_engine *e, int ply)
{
    const gs_game *g = &e->game;
    return (e->depth_plies > 0 && ply >= e->depth_plies) ||
           g->is_terminal(g->ctx, state_at(e, ply));
}

/*
 * The children of a MAX (maximize) or MIN node whose n actions sit at
 * `base`, in the picker's order: the first with the window (alpha, beta),
 * each other with a scout first. Fail-soft, with search_node's contract
 * (alphabeta.c) for the window; *bound_out says what the value is,
 * *best_out is the best action (GS_NO_ACTION when the search halted
 * before any child finished).
 */
static double pvs_children(gs_engine *e, int ply, int agent, double alpha,
                           double beta, picker *p, bool maximize,
                           gs_bound *bound_out, gs_action *best_out)
{
    const gs_game *g = &e->game;
    const double alpha0 = alpha, beta0 = beta;
    double best = maximize ? -INFINITY : INFINITY;
    bool cut = false;
    int i, searched = 0;
    *best_out = GS_NO_ACTION;
    while ((i = pick_next(e, p)) < p->n) {
        gs_action a = e->actions[p->base + (size_t)i];
        g->apply(g->ctx, state_at(e, ply), a, state_at(e, ply + 1));
        double v;
        if (searched++ == 0) {
            v = pvs_node(e, ply + 1, alpha, beta, a);
        } else {
            double lo, hi;
            scout_window(e, maximize, alpha, beta, &lo, &hi);
            v = pvs_node(e, ply + 1, lo, hi, a);
            /* Better than the best so far, and still inside the window:
             * the child's value is wanted exactly (a leaf's, read from
             * the game, is exact already). */
            bool again = maximize ? v > alpha && !fails_high(e, v, beta)
                                  : v < beta && !fails_low(e, v, alpha);
            again = again && !is_leaf(e, ply + 1);
            if (!e->halt && again) {
                g->apply(g->ctx, state_at(e, ply), a, state_at(e, ply + 1));
                v = pvs_node(e, ply + 1, alpha, beta, a);
            }
        }
        if (e->halt)
            return best;
        if (maximize ? v > best : v < best) {
            best = v;
            *best_out = a;
            note_best(e, ply, i, a, v);
        }
        if (maximize ? fails_high(e, best, beta) : fails_low(e, best, alpha)) {
            cut = true;
            if (e->opt.hook)
                pick_finish(e, p);
            prune_rest(e, ply, agent, p->base, i, p->n, alpha, beta);
            break;
        }
        if (maximize && best > alpha)
            alpha = best;
        if (!maximize && best < beta)
            beta = best;
    }
    if (maximize)
        *bound_out = cut ? GS_BOUND_LOWER
                   : fails_low(e, best, alpha0) ? GS_BOUND_UPPER
                                                : GS_BOUND_EXACT;
    else
        *bound_out = cut ? GS_BOUND_UPPER
                   : fails_high(e, best, beta0) ? GS_BOUND_LOWER
                                                : GS_BOUND_EXACT;
    return best;
}

/*
 * Searches the state in slot `ply`, reached by action `via`, with the
 * window (alpha, beta), to the depth cutoff e->depth_plies (0: none).
 * The contract is alpha-beta's (search_node in alphabeta.c): under the
 * textbook rule alpha < beta, and a value strictly inside the window is
 * exact, one at or below alpha an upper bound (V <= v), one at or above
 * beta a lower bound (V >= v); under the strict rule alpha <= beta, and
 * the same holds with the ends themselves inside. When e->halt is set on
 * return, the value means nothing and the caller unwinds at once.
 */
static double pvs_node(gs_engine *e, int ply, double alpha, double beta,
                       gs_action via)
{
    const gs_game *g = &e->game;
    assert(e->opt.prune_equal ? alpha < beta : alpha <= beta);
    assert(ply >= 0 && ply <= e->max_ply);

    /* Step 1. Limits: a node budget, the clock, a stop asked for. */
    if (out_of_budget(e))
        return 0.0;
    e->nodes++;
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

    /* Step 3. The table: a result searched at least as deep that settles
     * this window ends the node (not the root: it is searched for its
     * best action); any result's best action is tried first. */
    const int remaining = e->depth_plies > 0 ? e->depth_plies - ply
                                             : TT_DEPTH_FULL;
    const uint64_t cut_evals_before = e->cut_evals;
    const uint64_t nodes_before = e->nodes;
    uint64_t key = 0;
    gs_action tt_move = GS_NO_ACTION;
    if (e->mode.use_tt) {
        key = hash_key(e, g->hash(g->ctx, state));
        tt_entry hit;
        if (tt_probe(e->tt, key, &hit)) {
            tt_move = hit.action;
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

    /* Step 4. The actions, on top of the action stack. */
    if (ply >= e->max_ply) {
        e->status = GS_EPLY;
        e->halt = true;
        return 0.0;
    }
    if (!reserve(e, (size_t)ply + 1, (size_t)g->max_actions))
        return 0.0;
    size_t base = e->actions_top;
    int n = g->actions(g->ctx, state_at(e, ply), e->actions + base);
    assert(n >= 0 && n <= g->max_actions);
    if (n == 0)
        return search_leaf(e, ply, agent, via, false, alpha, beta);
    e->actions_top = base + (size_t)n;

    /* Step 5. The children: the first with the window, the rest scouted. */
    gs_role role = e->roles[agent];
    assert(role == GS_ROLE_MAX || role == GS_ROLE_MIN);
    picker p;
    pick_init(e, &p, ply, base, n, tt_move);
    gs_bound bound = GS_BOUND_EXACT;
    gs_action best;
    double v = pvs_children(e, ply, agent, alpha, beta, &p,
                            role == GS_ROLE_MAX, &bound, &best);
    e->actions_top = base;
    if (e->halt)
        return v;

    /* Step 6. Report and remember the result. */
    emit_leave(e, ply, agent, via, false, v, bound, alpha, beta);
    if (e->mode.use_tt) {
        tt_count_store(e->tt);
        tt_store(e->tt, key, v, bound,
                 e->cut_evals == cut_evals_before ? TT_DEPTH_FULL : remaining,
                 best, e->nodes - nodes_before);
    }
    return v;
}

bool pvs_depth(gs_engine *e, gs_result *r, bool keep_stopped)
{
    root_begin(e);
    double v = pvs_node(e, 0, -INFINITY, INFINITY, GS_NO_ACTION);
    if (e->status != GS_OK)
        return false;
    if (e->halt) {
        if (keep_stopped)
            take_answer(e, v, r);
        return false;
    }
    take_answer(e, v, r);
    r->bound = GS_BOUND_EXACT;
    return true;
}
