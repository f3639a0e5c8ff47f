/*
 * paranoid.c: the paranoid search (Sturtevant and Korf), the agent to move
 * at the root against a coalition of all the others.
 *
 *     paranoid(s) = alphabeta(s) over the game seen as two-player:
 *         the root's agent r is MAX, every other MAX or MIN agent is MIN,
 *         CHANCE agents stay CHANCE, and a leaf is worth utilities(s)[r]
 *
 * The game is seen through a view (struct paranoid_view, the context of a
 * game whose callbacks forward to the real one's and change only `role`
 * and `value`), and searched by alpha-beta in an engine of its own, kept
 * in the caller's engine between searches: so every option alpha-beta
 * takes (the table, move ordering, iterative deepening, the limits, the
 * hook) works as it does there, and a stop or cancel asked of the
 * caller's engine reaches it. The view has no solver tier: the game's
 * bounds are on its value, not on one agent's utility.
 */
#include <math.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "engine.h"
#include "mem.h"

/* The game as paranoia sees it; its callbacks' context. */
struct paranoid_view {
    gs_engine *outer;   /* the caller's engine: its game and utilities */
    int root;           /* the root's agent */
    double *u;          /* num_agents utilities, written by value() */
};

static const gs_game *real(const void *ctx)
{
    return &((const struct paranoid_view *)ctx)->outer->game;
}

static int v_to_move(const void *ctx, const void *s)
{
    return real(ctx)->to_move(real(ctx)->ctx, s);
}

static gs_role v_role(const void *ctx, int agent)
{
    const struct paranoid_view *v = ctx;
    gs_role r = v->outer->roles[agent];
    return agent == v->root ? GS_ROLE_MAX
         : r == GS_ROLE_CHANCE ? GS_ROLE_CHANCE : GS_ROLE_MIN;
}

static bool v_is_terminal(const void *ctx, const void *s)
{
    return real(ctx)->is_terminal(real(ctx)->ctx, s);
}

static int v_actions(const void *ctx, const void *s, gs_action *out)
{
    return real(ctx)->actions(real(ctx)->ctx, s, out);
}

static void v_apply(const void *ctx, const void *s, gs_action a, void *child)
{
    real(ctx)->apply(real(ctx)->ctx, s, a, child);
}

static double v_value(const void *ctx, const void *s)
{
    const struct paranoid_view *v = ctx;
    multi_utilities(v->outer, s, v->u);
    return v->u[v->root];
}

static bool v_probabilities(const void *ctx, const void *s,
                            const gs_action *a, int n, double *p)
{
    return real(ctx)->probabilities(real(ctx)->ctx, s, a, n, p);
}

static uint64_t v_hash(const void *ctx, const void *s)
{
    return real(ctx)->hash(real(ctx)->ctx, s);
}

static void v_order_hint(const void *ctx, const void *s, const gs_action *a,
                         int n, int32_t *scores)
{
    real(ctx)->order_hint(real(ctx)->ctx, s, a, n, scores);
}

static int v_action_name(const void *ctx, const void *s, gs_action a,
                         char *buf, size_t size)
{
    return real(ctx)->action_name(real(ctx)->ctx, s, a, buf, size);
}

size_t paranoid_view_size(const gs_engine *e)
{
    return sizeof(struct paranoid_view) +
           (size_t)e->game.num_agents * sizeof(double);
}

/* Makes the view and its engine at the first paranoid search. */
static int paranoid_ready(gs_engine *e)
{
    if (e->multi.inner)
        return GS_OK;
    const gs_game *g = &e->game;
    size_t bytes = paranoid_view_size(e);
    struct paranoid_view *v = e->multi.view;
    if (!v) {
        v = mem_resize(&e->alloc, NULL, 0, bytes);
        if (!v)
            return GS_ENOMEM;
        e->multi.view = v;
    }
    v->outer = e;
    v->root = -1;
    v->u = (double *)(v + 1);
    gs_game view = {
        .version = GS_GAME_VERSION,
        .ctx = v,
        .state_size = g->state_size,
        .num_agents = g->num_agents,
        .max_actions = g->max_actions,
        .to_move = v_to_move,
        .role = v_role,
        .is_terminal = v_is_terminal,
        .actions = v_actions,
        .apply = v_apply,
        .value = v_value,
        .probabilities = g->probabilities ? v_probabilities : NULL,
        .hash = g->hash ? v_hash : NULL,
        .order_hint = g->order_hint ? v_order_hint : NULL,
        .action_name = g->action_name ? v_action_name : NULL,
        .plain_chance_sums = g->plain_chance_sums,
    };
    gs_engine *inner = NULL;
    int st = gs_engine_new(&view, &e->alloc, &inner);
    if (st != GS_OK) {
        gs_engine_free(inner);
        return st;
    }
    e->multi.inner = inner;
    return GS_OK;
}

int paranoid_search(gs_engine *e, const void *root,
                    const gs_search_options *options, gs_result *r)
{
    result_clear(r);
    int st = engine_check(e, options);
    if (st != GS_OK)
        return st;
    atomic_fetch_and(&e->asked, ~(unsigned)(ASK_STOP | ASK_PROBE));
    if (paranoid_ready(e) != GS_OK)
        return engine_fail(e, GS_ENOMEM,
                           "out of memory for the paranoid view of the game");
    struct paranoid_view *v = e->multi.view;
    gs_engine *inner = e->multi.inner;
    const gs_game *g = &e->game;
    int agent = g->to_move(g->ctx, root);
    /* Another root agent: other roles, and the table's values were
     * another agent's utilities. */
    if (agent != v->root)
        gs_engine_tt_clear(inner);
    v->root = agent;
    for (int i = 0; i < g->num_agents; i++)
        inner->roles[i] = v_role(v, i);
    inner->stop_flag = &e->asked;

    gs_search_options o = *options;
    o.algo = GS_ALPHABETA;
    st = gs_search(inner, root, &o, r);
    if (st != GS_OK)
        return engine_fail(e, st, "%s", gs_engine_error(inner));
    return GS_OK;
}
