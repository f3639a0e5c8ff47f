/*
 * engine.c: an engine's life and the table of algorithms gs_search
 * dispatches from.
 *
 * Here: gs_engine_new (and the engine that says why it refused a game)
 * and gs_engine_free, the table's size (gs_engine_tt_resize, gs_engine_tt_clear), stop and cancel
 * requests, the algorithms (their names, their searches, what frees their
 * state), and gs_search, which checks the caller's structs' versions and
 * hands the search to the algorithm. What every search works in (the
 * stacks, the checks that open a search, the modes they settle) is in
 * context.c.
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
#include "mem.h"
#include "tt.h"

/* ---- errors ---- */

const char *gs_engine_error(const gs_engine *engine)
{
    return engine ? engine->error : "";
}

/* ---- the algorithms ---- */

/* The search of the root to a depth that the options ask for: pvs.c and
 * mtdf.c for their algorithms; minimax.c for plain minimax and expectimax; alpha-beta's node search (alphabeta.c)
 * with pruning, or without it when minimax or expectimax use the table or
 * the game's move ordering; the solver tier's bisection (solver.c) with a
 * null window. */
static bool (*depth_search(const gs_engine *e,
                           const gs_search_options *o))(gs_engine *,
                                                        gs_result *, bool)
{
    if (o->algo == GS_PVS)
        return pvs_depth;
    if (o->algo == GS_MTDF)
        return mtdf_depth;
    if (o->algo == GS_SSS)
        return sss_depth;
    if (o->algo == GS_MAXN)
        return maxn_depth;
    if (o->algo == GS_BRS)
        return brs_depth;
    if (o->solver && o->solver->null_window)
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
    /* The caller's options in full (its thread count among them: each
     * thread's own search sees one), before any helper engine is made. */
    int st = engine_check(e, opt);
    if (st != GS_OK)
        return st;
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
    [GS_PVS] = {"pvs", depth_first_search, NULL},
    [GS_MTDF] = {"mtdf", depth_first_search, NULL},
    [GS_SSS] = {"sss", depth_first_search, NULL},
    [GS_MAXN] = {"maxn", depth_first_search, multi_free},
    [GS_PARANOID] = {"paranoid", paranoid_search, NULL},
    [GS_BRS] = {"brs", depth_first_search, NULL},
    [GS_PNS] = {"pns", pns_search, NULL},
    [GS_DFPN] = {"dfpn", pns_search, NULL},
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

/* Refuses a game: *out becomes an engine that holds only the sentence and
 * the status (see gs_engine_new), or NULL without memory. Returns
 * `status`. */
static int refuse(int status, const gs_allocator *alloc, gs_engine **out,
                  const char *fmt, ...) ENGINE_PRINTF(4, 5);
static int refuse(int status, const gs_allocator *alloc, gs_engine **out,
                  const char *fmt, ...)
{
    if (!alloc)
        alloc = gs_default_allocator();
    gs_engine *e = mem_resize(alloc, NULL, 0, sizeof *e);
    if (e) {
        memset(e, 0, sizeof *e);
        e->alloc = *alloc;
        e->tt = &e->table;
        e->stop_flag = &e->asked;
        e->tt_mode = -1;
        e->refused = status;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(e->error, sizeof e->error, fmt, ap);
        va_end(ap);
    }
    *out = e;
    return status;
}

/* The first required member of `game` that is missing or out of range,
 * said as the engine's error says it, or NULL when there is none. */
static const char *missing_member(const gs_game *game)
{
    if (game->state_size == 0)
        return "game.state_size is 0: a state needs at least one byte";
    if (game->num_agents < 1)
        return "game.num_agents is below 1: a game has at least one agent";
    if (game->max_actions < 1)
        return "game.max_actions is below 1: it is the most actions a state "
               "can have, at least 1";
    if (!game->to_move)
        return "game.to_move is NULL: every game needs to_move, role, "
               "is_terminal, actions, apply and value";
    if (!game->role)
        return "game.role is NULL: every game needs to_move, role, "
               "is_terminal, actions, apply and value";
    if (!game->is_terminal)
        return "game.is_terminal is NULL: every game needs to_move, role, "
               "is_terminal, actions, apply and value";
    if (!game->actions)
        return "game.actions is NULL: every game needs to_move, role, "
               "is_terminal, actions, apply and value";
    if (!game->apply)
        return "game.apply is NULL: every game needs to_move, role, "
               "is_terminal, actions, apply and value";
    if (!game->value)
        return "game.value is NULL: every game needs to_move, role, "
               "is_terminal, actions, apply and value";
    if (game->has_bounds &&
        !(game->min_value < game->max_value && isfinite(game->min_value) &&
          isfinite(game->max_value)))
        return "game.has_bounds is set, but game.min_value is not below "
               "game.max_value (both finite)";
    if ((size_t)game->max_actions > SIZE_MAX / 2 / sizeof(int64_t))
        return "game.max_actions is too large for this machine's memory";
    return NULL;
}

int gs_engine_new(const gs_game *game, const gs_allocator *alloc,
                  gs_engine **out)
{
    if (!out)
        return GS_EINVAL;
    *out = NULL;
    if (!game)
        return refuse(GS_EINVAL, alloc, out, "game is NULL");
    if (game->version == 1 || game->version == 2)
        return refuse(GS_EVERSION, alloc, out,
                      "game.version is %d, but this library (gamesearch %s) "
                      "takes gs_game version %d: a program built against "
                      "gamesearch 0.3 or older must be rebuilt",
                      game->version, GS_VERSION_STRING, GS_GAME_VERSION);
    if (game->version != GS_GAME_VERSION)
        return refuse(GS_EVERSION, alloc, out,
                      "game.version is %d, but this library (gamesearch %s) "
                      "takes gs_game version %d (GS_GAME_VERSION)",
                      game->version, GS_VERSION_STRING, GS_GAME_VERSION);
    if (game->solver && game->solver->version != GS_SOLVER_VERSION)
        return refuse(GS_EVERSION, alloc, out,
                      "game.solver's version is %d, but this library "
                      "(gamesearch %s) takes gs_solver version %d "
                      "(GS_SOLVER_VERSION)", game->solver->version,
                      GS_VERSION_STRING, GS_SOLVER_VERSION);
    if (game->solver) {
        const gs_solver *sv = game->solver;
        if (sv->num_symmetries < 0)
            return refuse(GS_EINVAL, alloc, out,
                          "game.solver->num_symmetries is %d: 0 or more",
                          sv->num_symmetries);
        if (sv->num_symmetries > 0 && !sv->symmetries)
            return refuse(GS_EINVAL, alloc, out,
                          "game.solver->symmetries is NULL, but "
                          "num_symmetries is %d", sv->num_symmetries);
        for (int i = 0; i < sv->num_symmetries; i++) {
            const gs_symmetry *y = &sv->symmetries[i];
            const char *hook = !y->hash ? "hash"
                             : !y->to_image ? "to_image"
                             : !y->from_image ? "from_image" : NULL;
            if (hook)
                return refuse(GS_EINVAL, alloc, out,
                              "game.solver->symmetries[%d].%s is NULL: a "
                              "symmetry needs hash, to_image and from_image",
                              i, hook);
        }
    }
    const char *why = missing_member(game);
    if (why)
        return refuse(GS_EINVAL, alloc, out, "%s", why);
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
    if (e->in_search)
        return engine_fail(e, GS_EINVAL,
                           "gs_engine_tt_resize was called while a search on "
                           "the engine is under way (from its hook or the "
                           "game's callbacks); the table is kept");
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
    if (e && !e->in_search)
        tt_clear(&e->table);
}

/* ---- gs_search ---- */

/*
 * The versions of gs_search_options this library knows, by their size,
 * oldest first, with the size of the gs_result each goes with. A new
 * version appends its fields to the end of both structs and a line here;
 * fields a caller's older version lacks keep gs_search_options_init's
 * defaults, and its result is written only as far as it reaches. The
 * versions started again with gamesearch 0.4.
 */
static const struct {
    size_t options, result;
} versions[] = {
    /* 1 (gamesearch 0.4): the solver's options behind `solver` */
    {sizeof(gs_search_options), sizeof(gs_result)},
};

/*
 * gs_search_options as gamesearch 0.3 and older laid it out, only to know
 * its sizes (up to the hook: version 1; up to etc_plies: version 2; the
 * whole: version 3), which gs_search refuses with a sentence of its own;
 * no version of today's struct may have one of them.
 */
struct options_0_3 {
    size_t size;
    gs_algo algo;
    int depth;
    gs_depth_unit depth_unit;
    bool prune_equal, order_moves, use_tt, iterative, null_window;
    double window_lo, window_hi;
    bool history, tt_symmetry, prefetch;
    int threads;
    uint64_t max_nodes;
    double max_seconds;
    int max_ply;
    gs_hook_fn hook;
    void *hook_user;
    double mcts_c;
    uint64_t mcts_iterations, mcts_seed;
    gs_mcts_playout mcts_playout;
    int mcts_playout_depth;
    bool mcts_solver, mcts_win_loss;
    int etc_plies;
    int child_bounds_plies;
};
#define OLD_SIZE_1 offsetof(struct options_0_3, mcts_c)
#define OLD_SIZE_2 offsetof(struct options_0_3, child_bounds_plies)
#define OLD_SIZE_3 sizeof(struct options_0_3)
_Static_assert(sizeof(gs_search_options) != OLD_SIZE_1 &&
               sizeof(gs_search_options) != OLD_SIZE_2 &&
               sizeof(gs_search_options) != OLD_SIZE_3,
               "gs_search_options must not have the size of a 0.3 version");

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
    if (e->game.version == 0)
        return e->refused;   /* gs_engine_new refused the game: see why */
    if (e->in_search)
        return engine_fail(e, GS_EINVAL,
                           "gs_search was called on an engine whose search "
                           "is under way (from its hook or the game's "
                           "callbacks): a search inside a search needs an "
                           "engine of its own");
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
        if (size == OLD_SIZE_1 || size == OLD_SIZE_2 || size == OLD_SIZE_3)
            return engine_fail(e, GS_EVERSION,
                               "options.size is %zu, the size of "
                               "gs_search_options in gamesearch 0.3 or older "
                               "(this library's, gamesearch %s, has %zu "
                               "bytes): the program must be rebuilt", size,
                               GS_VERSION_STRING, sizeof opt);
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
    /* The solver options likewise, copied for the search (and its
     * helpers) to read. */
    gs_solver_options sopt;
    if (opt.solver) {
        size_t size = opt.solver->size;
        if (size != sizeof sopt)
            return engine_fail(e, GS_EVERSION,
                               "options.solver->size is %zu, but this "
                               "library's gs_solver_options has %zu bytes%s",
                               size, sizeof sopt,
                               size == 0 ? ": the solver options were not "
                                           "set up with gs_solver_options_init"
                                         : "");
        sopt = *opt.solver;
        opt.solver = &sopt;
    }

    gs_result r;
    int st;
    if ((unsigned)opt.algo >= (unsigned)NUM_ALGOS) {
        result_clear(&r);
        st = engine_fail(e, GS_EINVAL, "options.algo is %d, which is no "
                                       "gs_algo", (int)opt.algo);
    } else if (opt.solver && opt.algo != GS_ALPHABETA) {
        /* (a rule of the table: only alpha-beta reads them) */
        result_clear(&r);
        st = engine_fail(e, GS_EINVAL,
                         "options.solver is set, but the solver options "
                         "need alpha-beta (options.algo is %s)",
                         algos[opt.algo].name);
    } else {
        e->in_search = true;
        st = algos[opt.algo].search(e, root, &opt, &r);
        e->in_search = false;
        if (st == GS_OK)
            e->error[0] = '\0';   /* (a refused call from a hook wrote it) */
    }
    memcpy(result, &r, rsize);
    return st;
}
