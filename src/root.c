/*
 * root.c: the root driver that every depth-first algorithm shares, and
 * the answer it reads off the engine.
 *
 * One thread's search copies the root into state slot 0 and runs the
 * algorithm's search of the root to a depth (e->run_depth, chosen by
 * engine_begin: minimax.c's, alphabeta.c's plain search, or the solver
 * tier's bisection in solver.c) once, or with iterative deepening to
 * depth 1, 2, ... The driver knows no algorithm: it calls the one it is
 * given.
 */
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "engine.h"

void root_begin(gs_engine *e)
{
    e->root_best = -1;
    e->root_best_value = 0.0;
    e->actions_top = 0;
    e->pv_len[0] = 0;
}

gs_bound root_bound(double v, double alpha, double beta)
{
    return v <= alpha ? GS_BOUND_UPPER
         : v >= beta ? GS_BOUND_LOWER : GS_BOUND_EXACT;
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

void take_answer(gs_engine *e, double v, gs_result *r)
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

void result_clear(gs_result *r)
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
        if (e->run_depth(e, r, true))
            r->depth = e->opt.depth;
    } else {
        /* Iterative deepening: depth 1, 2, ... in the caller's unit, until
         * the limit, a search that met no cutoff (the whole tree was seen),
         * or a budget; a stopped iteration counts only when none finished. */
        int last = e->depth_plies > 0 ? e->opt.depth : e->max_ply / e->unit;
        for (int d = 1; d <= last && e->status == GS_OK; d++) {
            e->depth_plies = d * e->unit;
            e->cut_evals = 0;
            if (!e->run_depth(e, r, r->depth == 0))
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
