/* A game whose evaluations take a set time of work (slow_game.h). */
#include <string.h>
#include <time.h>

#include "slow_game.h"

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static const gs_game *inner_of(const void *ctx)
{
    return &((const slow_game *)ctx)->inner;
}

static int slow_to_move(const void *ctx, const void *st)
{
    return inner_of(ctx)->to_move(inner_of(ctx)->ctx, st);
}

static gs_role slow_role(const void *ctx, int agent)
{
    return inner_of(ctx)->role(inner_of(ctx)->ctx, agent);
}

static bool slow_is_terminal(const void *ctx, const void *st)
{
    return inner_of(ctx)->is_terminal(inner_of(ctx)->ctx, st);
}

static int slow_actions(const void *ctx, const void *st, gs_action *out)
{
    return inner_of(ctx)->actions(inner_of(ctx)->ctx, st, out);
}

static void slow_apply(const void *ctx, const void *st, gs_action a,
                       void *child)
{
    inner_of(ctx)->apply(inner_of(ctx)->ctx, st, a, child);
}

static bool slow_probabilities(const void *ctx, const void *st,
                               const gs_action *a, int n, double *p)
{
    const gs_game *g = inner_of(ctx);
    return g->probabilities && g->probabilities(g->ctx, st, a, n, p);
}

static double slow_value(const void *ctx, const void *st)
{
    const slow_game *sg = ctx;
    double until = now_seconds() + sg->delay;
    while (now_seconds() < until)
        ;
    return sg->inner.value(sg->inner.ctx, st);
}

void slow_game_init(slow_game *sg, const gs_game *inner, double delay,
                    gs_game *g)
{
    sg->inner = *inner;
    sg->delay = delay;
    memset(g, 0, sizeof *g);
    g->version = GS_GAME_VERSION;
    g->ctx = sg;
    g->state_size = inner->state_size;
    g->num_agents = inner->num_agents;
    g->max_actions = inner->max_actions;
    g->to_move = slow_to_move;
    g->role = slow_role;
    g->is_terminal = slow_is_terminal;
    g->actions = slow_actions;
    g->apply = slow_apply;
    g->value = slow_value;
    g->probabilities = slow_probabilities;
}
