/*
 * engine.c: an engine's life and the checks that open every search.
 *
 * Here: gs_search_options_init, gs_engine_new and gs_engine_free, the
 * table's size (gs_engine_tt_resize, gs_engine_tt_clear), the growth of the
 * engine's stacks (drawn in engine.h), engine_begin() (which checks the
 * options, naming the one that is wrong in gs_engine_error's sentence, and
 * settles the search's modes once), and the algorithms' names.
 */
#include <limits.h>
#include <math.h>
#include <stdalign.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "engine.h"
#include "tt.h"

/* ---- errors ---- */

const char *gs_engine_error(const gs_engine *engine)
{
    return engine ? engine->error : "";
}

/* ---- the algorithms ---- */

/* The search of the root to a depth that the options ask for: minimax.c
 * for plain minimax and expectimax; alpha-beta's node search (alphabeta.c)
 * with pruning, or without it when minimax or expectimax use the table or
 * the game's move ordering; the solver tier's bisection (solver.c) with a
 * null window. */
static bool (*depth_search(const gs_engine *e,
                           const gs_search_options *o))(gs_engine *,
                                                        gs_result *, bool)
{
    if (o->null_window)
        return solver_bisect_depth;
    if (o->algo == GS_ALPHABETA || o->use_tt ||
        (o->order_moves && e->game.order_hint))
        return ab_plain_depth;
    return minimax_depth;
}

/* A depth-first search (every algorithm but MCTS): on one thread, or with
 * helper threads sharing the table (threads.c). */
static int depth_first_search(gs_engine *e, const void *root,
                              const gs_search_options *opt, gs_result *r)
{
    e->run_depth = depth_search(e, opt);
    if (opt->threads <= 1)
        return root_search_one(e, root, opt, r);
    result_clear(r);
    /* Checked in full by engine_begin(); what threads need, here. */
    if (!(opt->algo == GS_ALPHABETA && opt->prune_equal && opt->use_tt &&
          e->game.hash))
        return engine_fail(e, GS_EINVAL,
                           "options.threads is %d, but several threads "
                           "need use_tt, alpha-beta with prune_equal and "
                           "the game's hash", opt->threads);
    return threads_search(e, root, opt, r, root_search_one,
                          root_search_begun);
}

/* Every algorithm, by its gs_algo: its name, its search, and what frees
 * the state it keeps between searches (NULL: none). */
static const struct {
    const char *name;
    int (*search)(gs_engine *e, const void *root,
                  const gs_search_options *options, gs_result *r);
    void (*free)(gs_engine *e);
} algos[] = {
    [GS_MINIMAX] = {"minimax", depth_first_search, NULL},
    [GS_ALPHABETA] = {"alphabeta", depth_first_search, NULL},
    [GS_EXPECTIMAX] = {"expectimax", depth_first_search, NULL},
    [GS_EXPECTIMINIMAX] = {"expectiminimax", depth_first_search, NULL},
    [GS_MCTS] = {"mcts", mcts_search, mcts_free},
};

#define NUM_ALGOS ((int)(sizeof algos / sizeof algos[0]))

const char *gs_algo_name(gs_algo algo)
{
    return (unsigned)algo < (unsigned)NUM_ALGOS ? algos[algo].name
                                                : "unknown";
}

int gs_algo_parse(const char *name)
{
    if (!name)
        return -1;
    for (int i = 0; i < NUM_ALGOS; i++)
        if (strcmp(name, algos[i].name) == 0)
            return i;
    return -1;
}

/* ---- life ---- */

void gs_search_options_init(gs_search_options *options)
{
    memset(options, 0, sizeof *options);
    options->size = sizeof *options;
    options->algo = GS_ALPHABETA;
    options->depth = 0;
    options->depth_unit = GS_DEPTH_PLIES;
    options->prune_equal = true;
    options->order_moves = false;
    options->max_ply = DEFAULT_MAX_PLY;
    options->threads = 1;
    options->mcts_c = 1.4142;
    options->mcts_playout = GS_PLAYOUT_RANDOM;
    options->mcts_solver = true;
}

int gs_engine_new(const gs_game *game, const gs_allocator *alloc,
                  gs_engine **out)
{
    if (!out)
        return GS_EINVAL;
    *out = NULL;
    if (!game)
        return GS_EINVAL;
    /* Version 1 ends before `playout`: read that much, the rest NULL. */
    gs_game g;
    if (game->version == 1) {
        memset(&g, 0, sizeof g);
        memcpy(&g, game, offsetof(gs_game, playout));
        g.version = GS_GAME_VERSION;
        game = &g;
    } else if (game->version != GS_GAME_VERSION) {
        return GS_EVERSION;
    }
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

    return engine_make(game, alloc, out);
}

void gs_engine_free(gs_engine *e)
{
    if (!e)
        return;
    for (int i = 0; i < e->nhelpers; i++)
        gs_engine_free(e->helpers[i]);
    for (int i = 0; i < NUM_ALGOS; i++)
        if (algos[i].free)
            algos[i].free(e);
    engine_release(e);
}

int gs_engine_tt_resize(gs_engine *e, size_t bytes)
{
    if (!e)
        return GS_EINVAL;
    if (tt_resize(&e->table, &e->alloc, bytes) != GS_OK)
        return engine_fail(e, GS_ENOMEM,
                           "out of memory for a transposition table of %zu "
                           "bytes (the old table is kept)", bytes);
    e->error[0] = '\0';
    return GS_OK;
}

void gs_engine_stop(gs_engine *e)
{
    if (e)
        atomic_fetch_or(&e->asked, ASK_STOP);
}

void gs_engine_cancel(gs_engine *e, bool cancel)
{
    if (e && cancel)
        atomic_fetch_or(&e->asked, ASK_CANCEL);
    else if (e)
        atomic_fetch_and(&e->asked, ~(unsigned)ASK_CANCEL);
}

void gs_engine_tt_clear(gs_engine *e)
{
    if (e)
        tt_clear(&e->table);
}

/* ---- gs_search ---- */

/*
 * The versions of gs_search_options this library knows, by their size,
 * oldest first, with the size of the gs_result each goes with. A new
 * version appends its fields to the end of both structs and a line here;
 * fields a caller's older version lacks keep gs_search_options_init's
 * defaults, and its result is written only as far as it reaches.
 */
static const struct {
    size_t options, result;
} versions[] = {
    /* 1: up to the hook; its result up to `stopped` */
    {offsetof(gs_search_options, mcts_c), offsetof(gs_result, mcts_iterations)},
    /* 2: the mcts_ fields, etc_plies */
    {offsetof(gs_search_options, child_bounds_plies), sizeof(gs_result)},
    /* 3: child_bounds_plies */
    {sizeof(gs_search_options), sizeof(gs_result)},
};

/* The size of the caller's gs_result, for options of `size` bytes, or 0
 * when no version has that size. */
static size_t result_size(size_t size)
{
    for (size_t i = 0; i < sizeof versions / sizeof versions[0]; i++)
        if (versions[i].options == size)
            return versions[i].result;
    return 0;
}

int gs_search(gs_engine *e, const void *root, const gs_search_options *options,
              gs_result *result)
{
    if (!e)
        return GS_EINVAL;
    if (!root || !result)
        return engine_fail(e, GS_EINVAL, "%s is NULL",
                           !root ? "root" : "result");

    /* The caller's options, over the defaults, as far as its version has
     * them (the size is checked before anything else is read). */
    gs_search_options opt;
    gs_search_options_init(&opt);
    size_t rsize = sizeof(gs_result);
    if (options) {
        size_t size = options->size;
        if (size == 0)
            return engine_fail(e, GS_EVERSION,
                               "options.size is 0: the options were not "
                               "set up with gs_search_options_init");
        if (size > sizeof opt)
            return engine_fail(e, GS_EVERSION,
                               "options.size is %zu, larger than this "
                               "library's gs_search_options (%zu bytes): the "
                               "program was compiled against newer headers",
                               size, sizeof opt);
        rsize = result_size(size);
        if (rsize == 0)
            return engine_fail(e, GS_EVERSION,
                               "options.size is %zu, the size of no version "
                               "of gs_search_options (this library's has "
                               "%zu bytes)", size, sizeof opt);
        memcpy(&opt, options, size);
        opt.size = sizeof opt;
    }

    gs_result r;
    int st;
    if ((unsigned)opt.algo >= (unsigned)NUM_ALGOS) {
        result_clear(&r);
        st = engine_fail(e, GS_EINVAL, "options.algo is %d, which is no "
                                       "gs_algo", (int)opt.algo);
    } else {
        st = algos[opt.algo].search(e, root, &opt, &r);
    }
    memcpy(result, &r, rsize);
    return st;
}
