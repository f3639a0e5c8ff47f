/*
 * brs.c: best-reply search (Schadd and Winands), for games of more than
 * two players: between two turns of the root's agent r, only the
 * opponent whose move is worst for r moves, and the others pass.
 *
 *     brs(s, d, alpha, beta)            r to move in s
 *         if s is terminal or d = 0: return utilities(s)[r]
 *         for each action a of r:       (MAX, as alpha-beta)
 *             v = reply(s.a, d - 1, alpha, beta) ...
 *     reply(s, d, alpha, beta)
 *         if s is terminal or d = 0: return utilities(s)[r]
 *         for each opponent j in agent order, where turn_to(s, j) = t:
 *             for each action a of j in t:   (MIN over every opponent's
 *                 c = turn_to(t.a, r)         moves together)
 *                 v = brs(c, d - 1, alpha, beta) ...
 *
 * It needs the game's turn_to hook: "the others pass" is a move the game
 * must define. A state after an opponent's move in which the game gives
 * r no turn (turn_to false) is scored as a leaf; an opponent's turn with
 * no opponent able to move is a leaf too.
 *
 * The states: the root agent's turn at slot p puts its child in slot
 * p + 1; an opponent's turn at slot p puts turn_to(s, j) in p + 1, its
 * move in p + 2 and r's turn back in p + 3. The depth counts turns (r's
 * and the opponents' one ply each); the events' ply is the state's slot,
 * and their value r's utility, with the window of alpha-beta.
 */
#include <assert.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "context.h"
#include "engine.h"

/* The root's agent of the search under way. */
static int root_agent(const gs_engine *e)
{
    return e->game.to_move(e->game.ctx, state_at(e, 0));
}

/* The root agent's utility of the state in `slot`, as a leaf. */
static double brs_leaf(gs_engine *e, int slot, int agent, gs_action via,
                       bool cut_off, double alpha, double beta)
{
    if (!multi_reserve(e, 1))
        return 0.0;
    multi_utilities(e, state_at(e, slot), e->multi.rows);
    double v = e->multi.rows[root_agent(e)];
    e->leaves++;
    e->cut_evals += cut_off;
    emit_leave(e, slot, agent, via, true, v, GS_BOUND_EXACT, alpha, beta);
    return v;
}

/*
 * The value for the root's agent of the state in `slot`, `turns` turns
 * below the root, reached by `via`: r's turn when `mine`, otherwise the
 * opponents'; `leaf` scores it as a leaf at once. Fail-soft alpha-beta:
 * a value <= alpha (fails_low) is an upper bound, >= beta (fails_high) a
 * lower bound, and one between them exact.
 */
static double brs_node(gs_engine *e, int slot, int turns, double alpha,
                       double beta, gs_action via, bool mine, bool leaf)
{
    const gs_game *g = &e->game;
    assert(alpha <= beta);

    /* Step 1. Limits. */
    if (out_of_budget(e))
        return 0.0;
    e->nodes++;
    const void *state = state_at(e, slot);
    int agent = g->to_move(g->ctx, state);
    if (e->opt.hook)
        emit_node(e, GS_EVENT_ENTER, slot, agent, via, false, 0.0,
                  GS_BOUND_EXACT, alpha, beta);
    if (turns < GS_PV_MAX)
        e->pv_len[turns] = 0;

    /* Step 2. Leaves. */
    if (leaf || g->is_terminal(g->ctx, state))
        return brs_leaf(e, slot, agent, via, false, alpha, beta);
    if (e->depth_plies > 0 && turns >= e->depth_plies)
        return brs_leaf(e, slot, agent, via, true, alpha, beta);
    if (slot + 3 > e->max_ply) {
        e->status = GS_EPLY;
        e->halt = true;
        return 0.0;
    }
    if (!reserve(e, (size_t)slot + 3, (size_t)g->max_actions))
        return 0.0;

    /* Step 3. The turns below: r's own moves, or every opponent's. */
    const int r = root_agent(e);
    const double alpha0 = alpha, beta0 = beta;
    double best = mine ? -INFINITY : INFINITY;
    bool any = false, cut = false;
    size_t base = e->actions_top;
    for (int j = mine ? r : 0; !cut && j < (mine ? r + 1 : g->num_agents);
         j++) {
        int from = slot;
        if (!mine) {
            /* (the state's slot is read again: a child may have grown the
             * stacks) */
            if (j == r || !g->turn_to(g->ctx, state_at(e, slot), j,
                                      state_at(e, slot + 1)))
                continue;
            from = slot + 1;
        }
        int n = g->actions(g->ctx, state_at(e, from), e->actions + base);
        assert(n >= 0 && n <= g->max_actions);
        e->actions_top = base + (size_t)n;
        for (int i = 0; i < n; i++) {
            gs_action a = e->actions[base + (size_t)i];
            double v;
            g->apply(g->ctx, state_at(e, from), a, state_at(e, from + 1));
            if (mine) {
                v = brs_node(e, slot + 1, turns + 1, alpha, beta, a, false,
                             false);
            } else {
                const void *moved = state_at(e, slot + 2);
                bool back = g->is_terminal(g->ctx, moved) ||
                            !g->turn_to(g->ctx, moved, r,
                                        state_at(e, slot + 3));
                if (back)
                    memcpy(state_at(e, slot + 3), moved, g->state_size);
                v = brs_node(e, slot + 3, turns + 1, alpha, beta, a, true,
                             back);
            }
            if (e->halt) {
                e->actions_top = base;
                return best;
            }
            any = true;
            if (mine ? v > best : v < best) {
                best = v;
                note_best(e, turns, i, a, v);
            }
            if (mine ? fails_high(e, best, beta) : fails_low(e, best, alpha)) {
                cut = true;
                prune_rest(e, from, agent, base, i, n, alpha, beta);
                break;
            }
            if (mine && best > alpha)
                alpha = best;
            if (!mine && best < beta)
                beta = best;
        }
        e->actions_top = base;
    }
    if (!any)
        return brs_leaf(e, slot, agent, via, false, alpha0, beta0);

    /* Step 4. The result. */
    gs_bound bound = root_bound(best, alpha0, beta0);
    emit_leave(e, slot, agent, via, false, best, bound, alpha, beta);
    return best;
}

bool brs_depth(gs_engine *e, gs_result *r, bool keep_stopped)
{
    root_begin(e);
    double v = brs_node(e, 0, 0, -INFINITY, INFINITY, GS_NO_ACTION, true,
                        false);
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
