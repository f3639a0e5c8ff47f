/*
 * context.c: the search context that every algorithm works in: an
 * engine's memory (made and given back), its stacks' growth, its clock,
 * its error sentence, the options' defaults, and engine_begin(), which
 * checks the options (naming the one that is wrong in gs_engine_error's
 * sentence) and settles the search's modes, depth and table once.
 */
#include <limits.h>
#include <math.h>
#include <stdalign.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "chance.h"
#include "engine.h"
#include "mem.h"
#include "tt.h"

int engine_make(const gs_game *game, const gs_allocator *alloc,
                gs_engine **out)
{
    gs_engine *e = mem_resize(alloc, NULL, 0, sizeof *e);
    if (!e)
        return GS_ENOMEM;
    memset(e, 0, sizeof *e);
    e->game = *game;
    if (game->solver)
        e->solver = *game->solver;
    e->alloc = *alloc;
    e->tt_mode = -1;
    e->tt = &e->table;
    e->stop_flag = &e->asked;
    const size_t align = alignof(max_align_t);
    if (game->state_size > SIZE_MAX - align)
        goto fail;
    e->slot_size = (game->state_size + align - 1) / align * align;
    e->scores = mem_resize(alloc, NULL, 0,
                           (size_t)game->max_actions * sizeof(int32_t));
    e->keys = mem_resize(alloc, NULL, 0,
                         (size_t)game->max_actions * sizeof(int64_t));
    e->roles = mem_resize(alloc, NULL, 0,
                          (size_t)game->num_agents * sizeof(gs_role));
    if (e->roles)
        for (int i = 0; i < game->num_agents; i++)
            e->roles[i] = game->role(game->ctx, i);
    e->pv = mem_resize(alloc, NULL, 0, sizeof(gs_action[GS_PV_MAX][GS_PV_MAX]));
    if (!e->scores || !e->keys || !e->roles || !e->pv)
        goto fail;
    *out = e;
    return GS_OK;
fail:
    engine_release(e);
    return GS_ENOMEM;
}

void engine_release(gs_engine *e)
{
    if (!e)
        return;
    const gs_allocator a = e->alloc;
    mem_resize(&a, e->states, e->states_cap * e->slot_size, 0);
    mem_resize(&a, e->actions, e->actions_cap * sizeof(gs_action), 0);
    mem_resize(&a, e->probs, e->probs_cap * sizeof(double), 0);
    for (size_t i = 0; i < e->chance_cap; i++)
        if (e->chance_blocks[i])
            mem_resize(&a, e->chance_blocks[i], CHANCE_BLOCK_BYTES, 0);
    mem_resize(&a, e->chance_blocks, e->chance_cap * sizeof(int64_t *), 0);
    if (e->scores)
        mem_resize(&a, e->scores, (size_t)e->game.max_actions * sizeof(int32_t), 0);
    if (e->keys)
        mem_resize(&a, e->keys, (size_t)e->game.max_actions * sizeof(int64_t), 0);
    if (e->roles)
        mem_resize(&a, e->roles, (size_t)e->game.num_agents * sizeof(gs_role), 0);
    if (e->pv)
        mem_resize(&a, e->pv, sizeof(gs_action[GS_PV_MAX][GS_PV_MAX]), 0);
    if (e->helpers)
        mem_resize(&a, e->helpers, (size_t)e->nhelpers * sizeof *e->helpers, 0);
    if (e->busy_block)
        mem_resize(&a, e->busy_block, BUSY_SLOTS * sizeof *e->busy_own, 0);
    tt_free(&e->table, &a);
    mem_resize(&a, e, sizeof *e, 0);
}

/* Grows *buf (of *cap elements of `elem` bytes) to hold at least `need`. */
static bool grow(gs_engine *e, void **buf, size_t *cap, size_t need,
                 size_t elem)
{
    if (need <= *cap)
        return true;
    size_t ncap = *cap ? *cap : 16;
    while (ncap < need) {
        if (ncap > SIZE_MAX / 2 / elem)
            return false;
        ncap *= 2;
    }
    void *p = mem_resize(&e->alloc, *buf, *cap * elem, ncap * elem);
    if (!p)
        return false;
    *buf = p;
    *cap = ncap;
    return true;
}

bool engine_grow(gs_engine *e, size_t slot, size_t extra)
{
    size_t need = e->actions_top + extra;
    size_t sz = e->slot_size;
    size_t scap = e->states_cap;
    void *sbuf = e->states;
    if (!grow(e, &sbuf, &scap, slot + 1, sz))
        goto fail;
    e->states = sbuf;
    e->states_cap = scap;

    void *abuf = e->actions, *pbuf = e->probs;
    bool ok = grow(e, &abuf, &e->actions_cap, need, sizeof(gs_action));
    e->actions = abuf;
    ok = ok && grow(e, &pbuf, &e->probs_cap, need, sizeof(double));
    e->probs = pbuf;
    if (!ok)
        goto fail;
    return true;
fail:
    e->status = GS_ENOMEM;
    e->halt = true;
    return false;
}

int64_t *engine_chance_block(void *ctx, int ply)
{
    gs_engine *e = ctx;
    size_t i = (size_t)ply;
    if (i >= e->chance_cap) {
        size_t old = e->chance_cap;
        void *buf = e->chance_blocks;
        if (!grow(e, &buf, &e->chance_cap, i + 1, sizeof(int64_t *)))
            goto fail;
        e->chance_blocks = buf;
        for (size_t k = old; k < e->chance_cap; k++)
            e->chance_blocks[k] = NULL;
    }
    if (!e->chance_blocks[i]) {
        e->chance_blocks[i] = mem_resize(&e->alloc, NULL, 0, CHANCE_BLOCK_BYTES);
        if (!e->chance_blocks[i])
            goto fail;
    }
    return e->chance_blocks[i];
fail:
    e->status = GS_ENOMEM;
    e->halt = true;
    return NULL;
}

double engine_elapsed(const gs_engine *e)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - e->start.tv_sec) +
           (double)(now.tv_nsec - e->start.tv_nsec) * 1e-9;
}

int engine_fail(gs_engine *e, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->error, sizeof e->error, fmt, ap);
    va_end(ap);
    return status;
}


/* ---- the checks that open a search ---- */

/* ---- the options ---- */

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

void gs_solver_options_init(gs_solver_options *options)
{
    memset(options, 0, sizeof *options);
    options->size = sizeof *options;
}

/* What the searches of more than two players refuse. */
static int check_multi(gs_engine *e, const gs_search_options *o)
{
    const gs_game *g = &e->game;
    const char *name = gs_algo_name(o->algo);
    if (o->use_tt && o->algo != GS_PARANOID)
        return engine_fail(e, GS_EINVAL,
                           "options.use_tt is set, but %s keeps no "
                           "transposition table", name);
    if (o->algo != GS_BRS)
        return GS_OK;
    if (!g->turn_to)
        return engine_fail(e, GS_EINVAL,
                           "options.algo is brs, which lets one opponent "
                           "move while the others pass, but the game has no "
                           "turn_to hook to make such a turn");
    for (int i = 0; i < g->num_agents; i++)
        if (e->roles[i] == GS_ROLE_CHANCE)
            return engine_fail(e, GS_EINVAL,
                               "options.algo is brs, which searches agents "
                               "that choose their moves, but agent %d is a "
                               "chance agent (use maxn or paranoid)", i);
    return GS_OK;
}

/* The options a search refuses, each with its sentence. */
static int check_options(gs_engine *e, const gs_search_options *o)
{
    const gs_game *g = &e->game;
    if ((unsigned)o->algo > GS_DFPN)
        return engine_fail(e, GS_EINVAL,
                           "options.algo is %d, which is no gs_algo",
                           (int)o->algo);
    /* PVS, MTD(f) and SSS* are refinements of alpha-beta's two-sided
     * windows: an expectation has no null window to test. */
    bool refined = o->algo == GS_PVS || o->algo == GS_MTDF ||
                   o->algo == GS_SSS;
    for (int i = 0; refined && i < g->num_agents; i++)
        if (e->roles[i] == GS_ROLE_CHANCE)
            return engine_fail(e, GS_EINVAL,
                               "options.algo is %s, which searches games of "
                               "MAX and MIN agents only, but agent %d is a "
                               "chance agent (use alphabeta or "
                               "expectiminimax)", gs_algo_name(o->algo), i);
    if ((o->algo == GS_MTDF || o->algo == GS_SSS) && !g->hash)
        return engine_fail(e, GS_EINVAL,
                           "options.algo is %s, which needs the "
                           "transposition table, but the game has no hash",
                           gs_algo_name(o->algo));
    if (o->algo == GS_MAXN || o->algo == GS_PARANOID || o->algo == GS_BRS) {
        int st = check_multi(e, o);
        if (st != GS_OK)
            return st;
    }
    if (o->depth < 0)
        return engine_fail(e, GS_EINVAL,
                           "options.depth is %d, but it must be 0 (no limit) "
                           "or more", o->depth);
    if (o->depth_unit != GS_DEPTH_PLIES && o->depth_unit != GS_DEPTH_ROUNDS)
        return engine_fail(e, GS_EINVAL,
                           "options.depth_unit is %d, which is neither "
                           "GS_DEPTH_PLIES nor GS_DEPTH_ROUNDS",
                           (int)o->depth_unit);
    if (o->max_ply < 1)
        return engine_fail(e, GS_EINVAL,
                           "options.max_ply is %d, but it must be at least 1",
                           o->max_ply);
    if (!(o->max_seconds >= 0.0))
        return engine_fail(e, GS_EINVAL,
                           "options.max_seconds is %g, but it must be 0 "
                           "(no limit) or more", o->max_seconds);
    if (o->threads < 0 || o->threads > GS_THREADS_MAX)
        return engine_fail(e, GS_EINVAL,
                           "options.threads is %d, but it must be 0 to %d "
                           "(GS_THREADS_MAX)", o->threads, GS_THREADS_MAX);
    /* The solver options belong to alpha-beta; a root window and
     * null-window search to its textbook rule; null-window search needs
     * the values' grain, symmetry the game's symmetries. */
    const gs_solver_options *so = &e->sopt;
    bool ab = o->algo == GS_ALPHABETA && o->prune_equal;
    if (so->etc_plies < 0)
        return engine_fail(e, GS_EINVAL,
                           "solver options: etc_plies is %d, but it must be "
                           "0 or more", so->etc_plies);
    if (so->child_bounds_plies < 0)
        return engine_fail(e, GS_EINVAL,
                           "solver options: child_bounds_plies is %d, but it "
                           "must be 0 or more", so->child_bounds_plies);
    bool window = so->window_lo != 0.0 || so->window_hi != 0.0;
    if (window && !ab)
        return engine_fail(e, GS_EINVAL,
                           "solver options: window_lo and window_hi set a "
                           "root window, but a root window needs alpha-beta "
                           "with prune_equal");
    if (window && !(so->window_lo < so->window_hi))
        return engine_fail(e, GS_EINVAL,
                           "solver options: window_lo is %g and window_hi "
                           "%g, but window_lo must be below window_hi",
                           so->window_lo, so->window_hi);
    if (so->null_window && !ab)
        return engine_fail(e, GS_EINVAL,
                           "solver options: null_window is set, but "
                           "null-window search needs alpha-beta with "
                           "prune_equal");
    if (so->null_window && !(e->solver.value_grain > 0.0 &&
                             isfinite(e->solver.value_grain)))
        return engine_fail(e, GS_EINVAL,
                           "solver options: null_window is set, but the "
                           "game's solver has no value_grain (a finite "
                           "number above 0)");
    if (o->history && o->algo != GS_ALPHABETA)
        return engine_fail(e, GS_EINVAL,
                           "options.history is set, but killer moves and "
                           "history need alpha-beta");
    if (o->threads > 1 && !(ab && o->use_tt && g->hash) &&
        o->algo != GS_MCTS)
        return engine_fail(e, GS_EINVAL,
                           "options.threads is %d, but several threads "
                           "need use_tt, alpha-beta with prune_equal and "
                           "the game's hash", o->threads);
    if (o->threads > 1 && o->algo != GS_MCTS && !gs_threads_available())
        return engine_fail(e, GS_EINVAL,
                           "options.threads is %d, but this gamesearch was "
                           "built without threads (GS_THREADS=OFF)",
                           o->threads);
    if (so->tt_symmetry && o->use_tt && e->solver.num_symmetries == 0)
        return engine_fail(e, GS_EINVAL,
                           "solver options: tt_symmetry is set, but the "
                           "game's solver lists no symmetries");
    int unit = o->depth_unit == GS_DEPTH_ROUNDS ? g->num_agents : 1;
    if (o->depth > INT_MAX / unit)
        return engine_fail(e, GS_EINVAL,
                           "options.depth is %d rounds of %d plies, more "
                           "plies than an int holds", o->depth, unit);
    if (o->use_tt && !g->hash)
        return engine_fail(e, GS_EINVAL,
                           "options.use_tt is set, but the game has no hash");
    /* The table counts depth in 16 bits. */
    if ((o->use_tt || o->algo == GS_MTDF || o->algo == GS_SSS) &&
        o->depth * unit >= TT_DEPTH_FULL)
        return engine_fail(e, GS_EINVAL,
                           "options.depth is %d plies, but with use_tt it "
                           "must be below %d", o->depth * unit,
                           TT_DEPTH_FULL);
    return GS_OK;
}

/* The modes of a search with the (valid) options o, settled once. */
static engine_modes settle_modes(const gs_engine *e, const gs_search_options *o)
{
    const gs_game *g = &e->game;
    engine_modes m;
    const bool passes = o->algo == GS_MTDF || o->algo == GS_SSS;
    m.prune = o->algo == GS_ALPHABETA || o->algo == GS_PVS || passes;
    m.min_is_chance = o->algo == GS_EXPECTIMAX;
    m.star1 = m.prune && g->has_bounds;
    m.knowledge = m.prune;
    m.hinted = o->order_moves && g->order_hint;
    m.history = o->history;
    m.use_tt = o->use_tt || passes;   /* (the passes' memory) */
    /* SSS* keeps the game's order, so that its leaves are alpha-beta's */
    m.table_move = o->algo != GS_SSS;
    m.symmetry = m.use_tt && e->sopt.tt_symmetry;
    m.prefetch = m.use_tt && e->sopt.prefetch;
    m.etc = m.prune && m.use_tt && e->sopt.etc_plies > 0;
    m.child_bounds = m.knowledge && e->solver.bounds &&
                     e->sopt.child_bounds_plies > 0;
    m.window = e->sopt.window_lo < e->sopt.window_hi;
    m.null_window = e->sopt.null_window;
    m.iterative = o->iterative;
    return m;
}

int engine_check(gs_engine *e, const gs_search_options *options)
{
    e->opt = *options;
    if (options->solver)
        e->sopt = *options->solver;
    else
        gs_solver_options_init(&e->sopt);
    return check_options(e, &e->opt);
}

int engine_begin(gs_engine *e, const gs_search_options *options)
{
    /* The clock starts here, so that making and emptying the table count
     * against max_seconds and in result.seconds. */
    clock_gettime(CLOCK_MONOTONIC, &e->start);
    int st = engine_check(e, options);
    if (st != GS_OK)
        return st;
    const gs_search_options *o = &e->opt;

    e->mode = settle_modes(e, o);
    e->unit = o->depth_unit == GS_DEPTH_ROUNDS ? e->game.num_agents : 1;
    e->depth_plies = o->depth * e->unit;
    e->max_ply = o->max_ply;
    e->tolerance = 0.0;
    if (e->mode.star1) {
        double m = fmax(fabs(e->game.min_value), fabs(e->game.max_value));
        e->tolerance = STAR1_TOLERANCE * fmax(1.0, m);
    }
    if (e->mode.history) {
        for (int p = 0; p < KILLER_PLIES; p++)
            e->ab.killers[p][0] = e->ab.killers[p][1] = GS_NO_ACTION;
        memset(e->ab.history_count, 0, sizeof e->ab.history_count);
    }
    if (o->algo == GS_MCTS)
        e->mode.use_tt = e->mode.symmetry = e->mode.prefetch = false;
    if (e->mode.use_tt && e->helper_id == 0) {
        if (!e->table.buckets &&
            tt_resize(&e->table, &e->alloc, DEFAULT_TT_BYTES))
            return engine_fail(e, GS_ENOMEM,
                               "out of memory for the transposition table "
                               "(%zu bytes)", (size_t)DEFAULT_TT_BYTES);
        /* Values found by another algorithm (expectimax averages what
         * minimax minimises) or under another pruning rule (bounds mean
         * other things) would be wrong here. */
        int mode = (int)o->algo * 2 + (o->prune_equal ? 1 : 0);
        if (mode != e->tt_mode)
            tt_clear(&e->table);
        e->tt_mode = mode;
        e->table.age++;
        tt_share(&e->table, 1);
    }
    e->nodes = e->leaves = e->cutoffs = e->tt_hits = 0;
    e->mcts.count = 0;
    e->clock_last = 0.0;
    e->clock_every = e->clock_countdown = 1;
    e->halt = false;
    /* A helper's word is readied by its owner before the helper starts
     * (an ASK_STOP may already be there). */
    if (e->helper_id == 0) {
        atomic_fetch_and(&e->asked, ~(unsigned)(ASK_STOP | ASK_PROBE));
        e->smp = NULL;
    }
    atomic_store_explicit(&e->probe_med, PROBE_NONE, memory_order_relaxed);
    e->stopped = GS_STOP_NONE;
    e->status = GS_OK;
    e->error[0] = '\0';
    return GS_OK;
}

