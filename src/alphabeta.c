/*
 * alphabeta.c: alpha-beta, with Ballard's Star1 at chance nodes, the
 * transposition table, and the move picker; the node search that every
 * search but plain minimax and expectimax (minimax.c) and MCTS runs on.
 *
 * search_node() reads top to bottom in numbered steps: the limits, the
 * leaves, what the game knows, the transposition table, the actions, the
 * children, and the result. The loops over the children are
 * search_minmax() (MAX and MIN nodes, drawing their actions from the
 * staged picker of movepick.h) and search_chance() (CHANCE nodes, in the
 * game's order). The solver tier's steps (solver_tier.h: the game's
 * bounds of a node and of its children, enhanced transposition cutoffs,
 * symmetries, the marks of several threads) run where their options turn
 * them on. The stacks it works on are drawn in engine.h; the root driver
 * that calls it is in root.c.
 */
#include <assert.h>
#include <float.h>
#include <math.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "chance.h"
#include "context.h"
#include "engine.h"
#include "movepick.h"
#include "solver_tier.h"
#include "tt.h"

static double search_node(gs_engine *e, int ply, double alpha, double beta,
                          gs_action via);

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
            note_best(e, ply, i, a, v);
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
    chance_sum sum;
    chance_init(&sum, g->plain_chance_sums, engine_chance_block, e, ply);

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
            return chance_value(&sum, remaining, low ? hi : lo, denom);
        }
    }

    *bound_out = GS_BOUND_EXACT;
    return chance_read(&sum, weighted ? 1 : n, true);
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
static double search_node(gs_engine *e, int ply, double alpha, double beta,
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
        e->ab.known[ply + 1].n = 0;   /* (this node's children's, if any) */

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
            /* read by the parent: the game is handed them, for the
             * actions */
            known = true;
            if (sv->bounds_actions && lo < hi)
                n_known = sv->bounds_actions(g->ctx, state, &lo, &hi,
                                             e->actions + e->actions_top);
        } else if (sv->bounds_actions) {
            lo = -INFINITY;
            hi = INFINITY;
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
            tt_move = e->mode.table_move ? hit.action : GS_NO_ACTION;
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

/* ---- the root ---- */

double ab_search_root(gs_engine *e, double alpha, double beta)
{
    root_begin(e);
    return search_node(e, 0, alpha, beta, GS_NO_ACTION);
}

bool ab_search_and_take(gs_engine *e, double alpha, double beta,
                        bool keep_stopped, gs_result *r, double *v)
{
    *v = ab_search_root(e, alpha, beta);
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

bool ab_plain_depth(gs_engine *e, gs_result *r, bool keep_stopped)
{
    double alpha = -INFINITY, beta = INFINITY;
    if (e->mode.window) {
        alpha = e->sopt.window_lo;
        beta = e->sopt.window_hi;
    }
    double v;
    if (!ab_search_and_take(e, alpha, beta, keep_stopped, r, &v))
        return false;
    r->bound = root_bound(v, alpha, beta);
    return true;
}
