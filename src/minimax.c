/*
 * minimax.c: minimax and expectimax, as the textbook writes them.
 *
 *     value(s) = value of the game             if s is terminal or at the
 *                                              depth cutoff
 *              = max over a of value(s.a)      if MAX is to move
 *              = min over a of value(s.a)      if MIN is to move
 *              = sum over a of p(a) value(s.a) if CHANCE is to move
 *
 * Every child of every node is searched, in the game's order; expectimax
 * is the same recursion with every MIN agent averaging its children
 * uniformly (the CS188 convention). Nothing is pruned, so every window the
 * events report is (-inf, inf). No table, no move ordering, no threads:
 * a search that asks for those (minimax with use_tt or order_moves) runs
 * on alpha-beta's node search with pruning off (alphabeta.c), which visits
 * the same nodes with those additions.
 *
 * The engine's context (engine.h, context.h) holds what every algorithm
 * shares: the stacks the states and actions live on, the limits, the
 * events and the principal variation.
 */
#include <assert.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>

#include "chance.h"
#include "context.h"
#include "engine.h"

static double minimax_node(gs_engine *e, int ply, gs_action via);

/* The children of a MAX (maximize) or MIN node, whose n actions sit at
 * `base`: the greatest or least of their values. */
static double max_or_min(gs_engine *e, int ply, size_t base, int n,
                         bool maximize)
{
    const gs_game *g = &e->game;
    double best = maximize ? -INFINITY : INFINITY;
    for (int i = 0; i < n; i++) {
        gs_action a = e->actions[base + (size_t)i];
        g->apply(g->ctx, state_at(e, ply), a, state_at(e, ply + 1));
        double v = minimax_node(e, ply + 1, a);
        if (e->halt)
            return best;
        if (maximize ? v > best : v < best) {
            best = v;
            note_best(e, ply, i, a, v);
        }
    }
    return best;
}

/* The children of a CHANCE node (or of a MIN node under expectimax, with
 * uniform): the sum of p[i] * value[i] in action order, or with no
 * probabilities from the game (or uniform), their plain mean. */
static double expectation(gs_engine *e, int ply, size_t base, int n,
                          bool uniform)
{
    const gs_game *g = &e->game;
    bool weighted = !uniform && g->probabilities &&
                    g->probabilities(g->ctx, state_at(e, ply),
                                     e->actions + base, n, e->probs + base);
    chance_sum sum;
    chance_init(&sum, g->plain_chance_sums, engine_chance_block, e, ply);
    for (int i = 0; i < n; i++) {
        gs_action a = e->actions[base + (size_t)i];
        double w = weighted ? e->probs[base + (size_t)i] : 1.0;
        g->apply(g->ctx, state_at(e, ply), a, state_at(e, ply + 1));
        double v = minimax_node(e, ply + 1, a);
        if (e->halt)
            return 0.0;
        chance_add(&sum, w, v);
    }
    return chance_read(&sum, weighted ? 1 : n, true);
}

/*
 * The value of the state in slot `ply`, reached by action `via`, searched
 * to the depth cutoff e->depth_plies (0: none): exactly the value the
 * recursion above defines. When e->halt is set on return (a limit or an
 * error), the value means nothing and the caller unwinds at once.
 */
static double minimax_node(gs_engine *e, int ply, gs_action via)
{
    const gs_game *g = &e->game;
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
                  GS_BOUND_EXACT, -INFINITY, INFINITY);
    if (ply < GS_PV_MAX)
        e->pv_len[ply] = 0;

    /* Step 2. Leaves: the end of the game or the depth cutoff. */
    if (g->is_terminal(g->ctx, state))
        return search_leaf(e, ply, agent, via, false, -INFINITY, INFINITY);
    if (e->depth_plies > 0 && ply >= e->depth_plies)
        return search_leaf(e, ply, agent, via, true, -INFINITY, INFINITY);

    /* Step 3. The actions, on top of the action stack. */
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
        return search_leaf(e, ply, agent, via, false, -INFINITY, INFINITY);
    e->actions_top = base + (size_t)n;

    /* Step 4. The children, by the role of the agent to move. */
    gs_role role = e->roles[agent];
    double v;
    bool averages = role == GS_ROLE_CHANCE ||
                    (role == GS_ROLE_MIN && e->mode.min_is_chance);
    if (averages)
        v = expectation(e, ply, base, n, role == GS_ROLE_MIN);
    else
        v = max_or_min(e, ply, base, n, role == GS_ROLE_MAX);
    e->actions_top = base;
    if (e->halt)
        return v;
    emit_leave(e, ply, agent, via, false, v, GS_BOUND_EXACT, -INFINITY,
               INFINITY);
    return v;
}

bool minimax_depth(gs_engine *e, gs_result *r, bool keep_stopped)
{
    root_begin(e);
    double v = minimax_node(e, 0, GS_NO_ACTION);
    if (e->status != GS_OK)
        return false;
    if (e->halt) {
        if (keep_stopped)
            take_answer(e, v, r);
        return false;
    }
    take_answer(e, v, r);
    r->bound = root_bound(v, -INFINITY, INFINITY);
    return true;
}
