/*
 * maxn.c: max^n (Luckhardt and Irani), the search of games of more than
 * two players in which each agent maximises its own utility.
 *
 *     maxn(s) = utilities(s)                  if s is terminal or at the
 *                                             depth cutoff
 *             = maxn(s.a*) where a* is the first action in the game's
 *               order with the greatest maxn(s.a)[agent to move]
 *             = sum over a of p(a) maxn(s.a)  if CHANCE is to move
 *
 * With shallow pruning (Korf), when the game's solver declares that each
 * utility is at least m and that they add up to at most S (n agents):
 *
 *     maxn(s, p, b)      p: the agent to move above, b: its best so far
 *         for each child c of s (j to move at s):
 *             v = maxn(c, j, best[j])
 *             if v[j] > best[j]: best = v
 *             if p != j and S - best[j] - (n - 2) m <= b:
 *                 stop: p gets at most b here, and a tie keeps p's
 *                 earlier child, so the rest cannot change p's choice
 *             if best[j] >= S - (n - 1) m: stop (j can get no more)
 *
 * The vectors live in one row a ply (gs_engine.multi.rows): a node keeps
 * the best child's vector so far in its own row and each child writes
 * its own into the next. A node whose children were cut off holds a
 * vector that is no answer, but its parent never takes it (its utility
 * for the parent's agent is no better than what the parent has).
 *
 * The events: ENTER with an open window, LEAVE with agent 0's utility as
 * the value (gs_engine_utilities gives the vector during the hook), PRUNE
 * for the children a shallow cutoff skips.
 */
#include <assert.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "context.h"
#include "engine.h"
#include "mem.h"

static double *row_at(const gs_engine *e, int ply)
{
    return e->multi.rows + (size_t)ply * (size_t)e->game.num_agents;
}

bool multi_reserve(gs_engine *e, size_t rows)
{
    if (rows <= e->multi.rows_cap)
        return true;
    size_t cap = e->multi.rows_cap ? e->multi.rows_cap : 16;
    while (cap < rows)
        cap *= 2;
    size_t width = (size_t)e->game.num_agents * sizeof(double);
    double *p = mem_resize(&e->alloc, e->multi.rows,
                           e->multi.rows_cap * width, cap * width);
    if (!p) {
        e->status = GS_ENOMEM;
        e->halt = true;
        return false;
    }
    e->multi.rows = p;
    e->multi.rows_cap = cap;
    return true;
}

void multi_utilities(gs_engine *e, const void *state, double *out)
{
    const gs_game *g = &e->game;
    if (g->utilities) {
        g->utilities(g->ctx, state, out);
        return;
    }
    double v = g->value(g->ctx, state);
    for (int i = 0; i < g->num_agents; i++)
        out[i] = e->roles[i] == GS_ROLE_MAX ? v
               : e->roles[i] == GS_ROLE_MIN ? -v : 0.0;
}

void multi_free(gs_engine *e)
{
    size_t width = (size_t)e->game.num_agents * sizeof(double);
    mem_resize(&e->alloc, e->multi.rows, e->multi.rows_cap * width, 0);
    mem_resize(&e->alloc, e->multi.root, e->multi.root ? width : 0, 0);
    e->multi.rows = NULL;
    e->multi.root = NULL;
    e->multi.rows_cap = 0;
    if (e->multi.inner)
        gs_engine_free(e->multi.inner);
    if (e->multi.view)
        mem_resize(&e->alloc, e->multi.view, paranoid_view_size(e), 0);
    e->multi.inner = NULL;
    e->multi.view = NULL;
}

int gs_engine_utilities(const gs_engine *e, double *out, int n)
{
    if (!e || !out || e->game.version == 0)
        return 0;
    const double *v = e->multi.leaving;
    if (!v && e->multi.root_valid)
        v = e->multi.root;
    if (!v)
        return 0;
    int k = e->game.num_agents;
    for (int i = 0; i < n && i < k; i++)
        out[i] = v[i];
    return k;
}

/* Reports the node at `ply` left with its vector in its row. */
static COLD void emit_vector(gs_engine *e, int ply, int agent, gs_action via,
                             bool leaf)
{
    e->multi.leaving = row_at(e, ply);
    emit_node(e, GS_EVENT_LEAVE, ply, agent, via, leaf, row_at(e, ply)[0],
              GS_BOUND_EXACT, -INFINITY, INFINITY);
    e->multi.leaving = NULL;
}

/* A leaf: its utilities into its row. */
static void maxn_leaf(gs_engine *e, int ply, int agent, gs_action via,
                      bool cut_off)
{
    multi_utilities(e, state_at(e, ply), row_at(e, ply));
    e->leaves++;
    e->cut_evals += cut_off;
    if (e->opt.hook)
        emit_vector(e, ply, agent, via, true);
}

/*
 * The vector of the state in slot `ply`, reached by action `via`, written
 * into row `ply`: exactly maxn() above, unless `parent` (the agent to move
 * above, -1: none) can be shown to get no more than `bound` here, in
 * which case the row holds a vector whose utility for `parent` is at most
 * `bound` (shallow pruning, only when the game declares a utility sum).
 * When e->halt is set on return, the row means nothing.
 */
static void maxn_node(gs_engine *e, int ply, gs_action via, int parent,
                      double bound)
{
    const gs_game *g = &e->game;
    const int k = g->num_agents;
    assert(ply >= 0 && ply <= e->max_ply);

    /* Step 1. Limits. */
    if (out_of_budget(e))
        return;
    e->nodes++;
    const void *state = state_at(e, ply);
    int agent = g->to_move(g->ctx, state);
    assert(agent >= 0 && agent < k);
    if (e->opt.hook)
        emit_node(e, GS_EVENT_ENTER, ply, agent, via, false, 0.0,
                  GS_BOUND_EXACT, -INFINITY, INFINITY);
    if (ply < GS_PV_MAX)
        e->pv_len[ply] = 0;

    /* Step 2. Leaves: the end of the game or the depth cutoff. */
    if (!multi_reserve(e, (size_t)ply + 2))
        return;
    if (g->is_terminal(g->ctx, state)) {
        maxn_leaf(e, ply, agent, via, false);
        return;
    }
    if (e->depth_plies > 0 && ply >= e->depth_plies) {
        maxn_leaf(e, ply, agent, via, true);
        return;
    }

    /* Step 3. The actions, on top of the action stack. */
    if (ply >= e->max_ply) {
        e->status = GS_EPLY;
        e->halt = true;
        return;
    }
    if (!reserve(e, (size_t)ply + 1, (size_t)g->max_actions))
        return;
    state = state_at(e, ply);   /* (the stacks may have moved) */
    size_t base = e->actions_top;
    int n = g->actions(g->ctx, state, e->actions + base);
    assert(n >= 0 && n <= g->max_actions);
    if (n == 0) {
        maxn_leaf(e, ply, agent, via, false);
        return;
    }
    e->actions_top = base + (size_t)n;

    /* Step 4. The children. Their vectors go to the next row; the rows
     * may move as the children grow them, so each is read after. */
    double *mine = row_at(e, ply);
    const double *child;
    const gs_solver *sv = &e->solver;
    const bool shallow = sv->has_utility_sum && k >= 2;
    if (e->roles[agent] == GS_ROLE_CHANCE) {
        /* CHANCE: the vectors averaged, in action order (the children
         * write only rows below this one). */
        bool weighted = g->probabilities &&
                        g->probabilities(g->ctx, state, e->actions + base, n,
                                         e->probs + base);
        for (int j = 0; j < k; j++)
            mine[j] = 0.0;
        for (int i = 0; i < n; i++) {
            gs_action a = e->actions[base + (size_t)i];
            g->apply(g->ctx, state_at(e, ply), a, state_at(e, ply + 1));
            maxn_node(e, ply + 1, a, -1, 0.0);
            if (e->halt)
                break;
            mine = row_at(e, ply);
            child = row_at(e, ply + 1);
            double w = weighted ? e->probs[base + (size_t)i] : 1.0;
            for (int j = 0; j < k; j++)
                mine[j] += w * child[j];
        }
        mine = row_at(e, ply);
        for (int j = 0; !weighted && j < k; j++)
            mine[j] /= (double)n;
    } else {
        /* An agent that maximises its own utility; the first best wins
         * ties. */
        bool first = true;
        for (int i = 0; i < n; i++) {
            gs_action a = e->actions[base + (size_t)i];
            g->apply(g->ctx, state_at(e, ply), a, state_at(e, ply + 1));
            maxn_node(e, ply + 1, a, agent, first ? -INFINITY : mine[agent]);
            if (e->halt)
                break;
            mine = row_at(e, ply);
            child = row_at(e, ply + 1);
            if (first || child[agent] > mine[agent]) {
                memcpy(mine, child, (size_t)k * sizeof(double));
                note_best(e, ply, i, a, child[0]);
                first = false;
            }
            if (!shallow)
                continue;
            bool cut = mine[agent] >= sv->utility_sum -
                                          (k - 1) * sv->utility_min;
            if (parent >= 0 && parent != agent)
                cut = cut || sv->utility_sum - mine[agent] -
                                     (k - 2) * sv->utility_min <= bound;
            if (cut) {
                prune_rest(e, ply, agent, base, i, n, -INFINITY, INFINITY);
                break;
            }
        }
    }
    e->actions_top = base;
    if (e->halt)
        return;
    if (e->opt.hook)
        emit_vector(e, ply, agent, via, false);
}

bool maxn_depth(gs_engine *e, gs_result *r, bool keep_stopped)
{
    root_begin(e);
    e->multi.root_valid = false;
    e->multi.leaving = NULL;
    size_t width = (size_t)e->game.num_agents * sizeof(double);
    if (!e->multi.root) {
        e->multi.root = mem_resize(&e->alloc, NULL, 0, width);
        if (!e->multi.root) {
            e->status = GS_ENOMEM;
            e->halt = true;
            return false;
        }
    }
    maxn_node(e, 0, GS_NO_ACTION, -1, 0.0);
    if (e->status != GS_OK)
        return false;
    if (e->halt) {
        if (keep_stopped)
            take_answer(e, 0.0, r);
        return false;
    }
    memcpy(e->multi.root, row_at(e, 0), width);
    e->multi.root_valid = true;
    take_answer(e, row_at(e, 0)[0], r);
    return true;
}
