/*
 * games/mnk/mnk_play.c: the computer player of m,n,k games
 * (gamesearch/mnk.h, "Playing and solving"): the settings that make it
 * play perfectly on small boards and well within a time limit on large
 * ones, its moves, and the solve of a position (its value and every
 * optimal move), a game with per-move callbacks, and the board and a
 * solve as text. Built on the public API alone.
 */
#include <stdio.h>
#include <string.h>

#include "gamesearch/mnk.h"
#include "gamesearch/text.h"

struct gs_mnk_player {
    gs_allocator alloc;
    const gs_mnk *g;
    gs_game game;               /* the engine's game: ctx is g */
    gs_engine *engine;
    gs_mnk_player_params params;
    void *child;                /* a state for the solve's children */
};

bool gs_mnk_is_large(const gs_mnk_params *p)
{
    return p->rows * p->cols > GS_MNK_SMALL_CELLS;
}

void gs_mnk_params_for_play(gs_mnk_params *p, bool set_eval)
{
    bool large = gs_mnk_is_large(p);
    if (set_eval)
        p->eval = large ? GS_MNK_EVAL_THREATS : GS_MNK_EVAL_LINES;
    p->order_hint = true;
    if (large)
        p->radius = 2;
}

void gs_mnk_player_params_init(gs_mnk_player_params *p)
{
    memset(p, 0, sizeof *p);
    p->algo = GS_ALPHABETA;
    p->depth = 0;
    p->max_seconds = 1.0;
    p->use_tt = true;
}

void gs_mnk_search_options(const gs_mnk *g, const gs_mnk_player_params *pp,
                           bool solving, gs_search_options *so)
{
    gs_search_options_init(so);
    so->algo = pp->algo;
    so->depth = pp->depth;
    so->use_tt = pp->use_tt && pp->algo != GS_PNS && pp->algo != GS_DFPN;
    so->order_moves = true;
    so->max_nodes = pp->max_nodes;
    bool large = gs_mnk_is_large(gs_mnk_params_of(g));
    if (pp->algo == GS_MCTS) {
        so->use_tt = false;
        so->mcts_playout = GS_PLAYOUT_POLICY;
        so->mcts_seed = pp->seed;
        so->mcts_iterations = pp->iterations ? pp->iterations
                              : solving      ? 10000000u
                              : large        ? 0
                                             : 20000u;
        if (large && !solving && !pp->iterations)
            so->max_seconds = pp->max_seconds;
        return;
    }
    if (large && !solving) {
        so->iterative = true;
        so->max_seconds = pp->max_seconds;
    }
}

int gs_mnk_outcome(double value)
{
    /* a win is GS_MNK_WIN less the stones, at most every cell */
    double threshold =
        GS_MNK_WIN - (double)(GS_MNK_MAX_SIDE * GS_MNK_MAX_SIDE) - 1;
    return value >= threshold ? 1 : value <= -threshold ? -1 : 0;
}

const char *gs_mnk_over_reason(const gs_mnk *g, const void *state)
{
    if (!gs_mnk_over(g, state))
        return NULL;
    int w = gs_mnk_winner(g, state);
    return w == 1 ? "X has a line" : w == 2 ? "O has a line"
                                            : "the board is full";
}

int gs_mnk_parse_open(const gs_mnk *g, const char *text, void *state,
                      gs_error *error)
{
    int rc = gs_mnk_parse(g, text, state, error);
    const char *why = rc == GS_OK ? gs_mnk_over_reason(g, state) : NULL;
    if (!why)
        return rc;
    if (error) {
        error->line = error->column = 0;
        snprintf(error->message, sizeof error->message,
                 "the game is already over (%s)", why);
    }
    return GS_EINVAL;
}

/* The engine's table sized to the work on the smallest boards: 128 bytes
 * (four buckets) for each of the 3^cells fillings of the board, when that
 * is below the engine's own 16 MiB (boards of at most 10 cells;
 * tic-tac-toe: 2 MiB, where a solve of the empty board, minimax included,
 * visits the nodes it visits with 16 MiB), so that a small search touches,
 * and the system zeroes, fewer pages. Larger boards keep the default. */
static int size_table(gs_mnk_player *pl)
{
    const gs_mnk_params *p = gs_mnk_params_of(pl->g);
    const size_t most = (size_t)16 << 20, per_filling = 128;
    size_t bytes = per_filling;
    for (int c = 0; c < p->rows * p->cols && bytes < most; c++)
        bytes *= 3;
    if (bytes >= most)
        return GS_OK;
    return gs_engine_tt_resize(pl->engine, bytes);
}

int gs_mnk_player_new(const gs_mnk *g, const gs_mnk_player_params *pp,
                      const gs_allocator *alloc, gs_mnk_player **out)
{
    gs_mnk_player_params defaults;
    if (!out)
        return GS_EINVAL;
    *out = NULL;
    if (!pp) {
        gs_mnk_player_params_init(&defaults);
        pp = &defaults;
    }
    if (!g || pp->depth < 0 ||
        (pp->algo != GS_ALPHABETA && pp->algo != GS_MINIMAX &&
         pp->algo != GS_MCTS && pp->algo != GS_PVS && pp->algo != GS_MTDF &&
         pp->algo != GS_SSS && pp->algo != GS_PNS && pp->algo != GS_DFPN))
        return GS_EINVAL;
    if (!alloc)
        alloc = gs_default_allocator();
    if (!alloc->fn)
        return GS_EINVAL;

    gs_mnk_player *pl = alloc->fn(alloc->user, NULL, 0, sizeof *pl);
    if (!pl)
        return GS_ENOMEM;
    memset(pl, 0, sizeof *pl);
    pl->alloc = *alloc;
    pl->g = g;
    pl->params = *pp;
    gs_mnk_game(g, &pl->game);
    int rc = gs_engine_new(&pl->game, alloc, &pl->engine);
    if (rc == GS_OK && pp->use_tt && pp->algo != GS_MCTS &&
        pp->algo != GS_PNS && pp->algo != GS_DFPN)
        rc = size_table(pl);
    if (rc == GS_OK) {
        pl->child = alloc->fn(alloc->user, NULL, 0, gs_mnk_state_size(g));
        if (!pl->child)
            rc = GS_ENOMEM;
    }
    if (rc != GS_OK) {
        gs_mnk_player_free(pl);
        return rc;
    }
    *out = pl;
    return GS_OK;
}

void gs_mnk_player_free(gs_mnk_player *pl)
{
    if (!pl)
        return;
    gs_allocator a = pl->alloc;
    if (pl->child)
        a.fn(a.user, pl->child, gs_mnk_state_size(pl->g), 0);
    gs_engine_free(pl->engine);
    a.fn(a.user, pl, sizeof *pl, 0);
}

/* A move when the search named none (its time ran out before any root
 * move was searched through): among the legal cells, the one the game's
 * move ordering puts first (wins, blocks and threats on large boards), or
 * the first legal cell without an ordering; -1 only when none is legal. */
static int ordering_move(const gs_mnk_player *pl, const void *state)
{
    const gs_game *g = &pl->game;
    gs_action acts[GS_MNK_MAX_SIDE * GS_MNK_MAX_SIDE];
    int32_t scores[GS_MNK_MAX_SIDE * GS_MNK_MAX_SIDE];
    int n = g->actions(g->ctx, state, acts);
    if (n <= 0)
        return -1;
    int best = 0;
    if (g->order_hint) {
        g->order_hint(g->ctx, state, acts, n, scores);
        for (int i = 1; i < n; i++)
            if (scores[i] > scores[best])
                best = i;
    }
    return (int)acts[best];
}

int gs_mnk_player_move(gs_mnk_player *pl, const void *state, gs_mnk_move *out)
{
    if (!out)
        return GS_EINVAL;
    memset(out, 0, sizeof *out);
    out->cell = -1;
    if (!pl || !state || gs_mnk_over(pl->g, state))
        return GS_EINVAL;
    gs_search_options so;
    gs_mnk_search_options(pl->g, &pl->params, false, &so);
    gs_result r;
    int rc = gs_search(pl->engine, state, &so, &r);
    if (rc != GS_OK)
        return rc;
    /* A player always moves: the best move found in its time, or failing
     * that the ordering's. */
    out->cell = r.best != GS_NO_ACTION ? (int)r.best
                                       : ordering_move(pl, state);
    out->nodes = r.nodes;
    out->seconds = r.seconds;
    out->iterative = so.iterative;
    out->depth = r.depth;
    /* (proof-number search gives the outcome: as a win's value) */
    bool proof = so.algo == GS_PNS || so.algo == GS_DFPN;
    out->value = proof ? r.value * GS_MNK_WIN : r.value;
    return GS_OK;
}

void gs_mnk_player_cancel(gs_mnk_player *pl, bool cancel)
{
    if (pl)
        gs_engine_cancel(pl->engine, cancel);
}

/* The most nodes a solve may make over all its searches (0: no limit):
 * the player's max_nodes, or an MCTS solve's own bound. */
static uint64_t solve_nodes(const gs_mnk_player *pl)
{
    uint64_t n = pl->params.max_nodes;
    if (pl->params.algo == GS_MCTS &&
        (n == 0 || n > GS_MNK_MCTS_SOLVE_NODES))
        n = GS_MNK_MCTS_SOLVE_NODES;
    return n;
}

/* Sets the limits of a solve's next search, what is left of the solve's
 * nodes (and, for MCTS, time); false (out->unproved, out->stopped why)
 * when nothing is left. */
static bool solve_budget(const gs_mnk_player *pl, gs_mnk_solution *out,
                         gs_search_options *so)
{
    bool mcts = pl->params.algo == GS_MCTS;
    double limit = mcts ? pl->params.max_seconds : 0;
    uint64_t nodes = solve_nodes(pl);
    if (nodes && out->nodes >= nodes)
        out->stopped = GS_STOP_NODES;
    else if (limit > 0 && out->seconds >= limit)
        out->stopped = GS_STOP_TIME;
    else {
        so->max_nodes = nodes ? nodes - out->nodes : 0;
        if (mcts)
            so->max_seconds = limit > 0 ? limit - out->seconds : 0;
        return true;
    }
    out->unproved = true;
    return false;
}

int gs_mnk_player_solve(gs_mnk_player *pl, const void *state,
                        gs_mnk_solution *out)
{
    if (!out)
        return GS_EINVAL;
    memset(out, 0, sizeof *out);
    if (!pl || !state || gs_mnk_over(pl->g, state))
        return GS_EINVAL;
    const gs_mnk *g = pl->g;
    const gs_mnk_params *p = gs_mnk_params_of(g);
    int cells = p->rows * p->cols;
    gs_search_options so;
    gs_mnk_search_options(g, &pl->params, true, &so);
    out->node_limit = solve_nodes(pl);

    /* Step 1. Every empty cell searched to its outcome for the player to
     * move, kept in best[cell] for now (-2: taken). The position itself
     * is a node too, as when one search starts from it: tic-tac-toe's
     * whole tree is 549,946 nodes either way. */
    int mover = gs_mnk_to_move(g, state), top = -2;
    out->nodes = 1;
    for (int c = 0; c < cells; c++)
        out->empty += gs_mnk_cell(g, state, c) == 0;
    for (int c = 0; c < cells; c++) {
        out->best[c] = -2;
        if (out->unproved || gs_mnk_cell(g, state, c) != 0)
            continue;
        memcpy(pl->child, state, gs_mnk_state_size(g));
        gs_mnk_play(g, pl->child, c);
        if (!solve_budget(pl, out, &so))
            continue;
        gs_result r;
        int rc = gs_search(pl->engine, pl->child, &so, &r);
        if (rc != GS_OK) {
            out->nbest = 0;
            return rc;
        }
        out->nodes += r.nodes;
        out->seconds += r.seconds;
        if (so.algo == GS_MCTS ? !r.mcts_proved : r.stopped != GS_STOP_NONE) {
            out->unproved = true;
            out->stopped = r.stopped;
            continue;
        }
        out->proved++;
        int outcome = so.algo == GS_PNS || so.algo == GS_DFPN ? (int)r.value
                                        : gs_mnk_outcome(r.value);
        out->best[c] = outcome * (mover == 0 ? 1 : -1);
        if (out->best[c] > top)
            top = out->best[c];
    }

    /* Step 2. The cells that reach the best outcome, in place. */
    out->value = top;
    for (int c = 0; top > -2 && c < cells; c++)
        if (out->best[c] == top)
            out->best[out->nbest++] = c;
    return GS_OK;
}

/* The winner's stones from cell (r, c) on in direction (dr, dc),
 * into cells from index n on; the new count. */
static int run_from(const gs_mnk *g, const void *state, int who, int r,
                    int c, int dr, int dc, int *cells, int n)
{
    const gs_mnk_params *p = gs_mnk_params_of(g);
    while (r >= 0 && r < p->rows && c >= 0 && c < p->cols &&
           gs_mnk_cell(g, state, r * p->cols + c) == who) {
        cells[n++] = r * p->cols + c;
        r += dr;
        c += dc;
    }
    return n;
}

/* The run of the winner's stones through `cell` in direction (dr, dc),
 * ascending, into cells; its length. */
static int run_through(const gs_mnk *g, const void *state, int who, int cell,
                       int dr, int dc, int *cells)
{
    const gs_mnk_params *p = gs_mnk_params_of(g);
    int r = cell / p->cols, c = cell % p->cols;
    /* back to the run's first stone, then forward */
    while (r - dr >= 0 && r - dr < p->rows && c - dc >= 0 &&
           c - dc < p->cols &&
           gs_mnk_cell(g, state, (r - dr) * p->cols + (c - dc)) == who) {
        r -= dr;
        c -= dc;
    }
    return run_from(g, state, who, r, c, dr, dc, cells, 0);
}

int gs_mnk_winning_line(const gs_mnk *g, const void *state, int *cells)
{
    /* each direction goes to higher cells, so a run comes out ascending */
    static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    int who = gs_mnk_winner(g, state);
    if (who == 0)
        return 0;
    const gs_mnk_params *p = gs_mnk_params_of(g);
    int last = gs_mnk_last_move(g, state), cells_n = p->rows * p->cols;
    /* the last move first, when it is known; then every cell */
    for (int i = last >= 0 ? -1 : 0; i < cells_n; i++) {
        int cell = i < 0 ? last : i;
        if (gs_mnk_cell(g, state, cell) != who)
            continue;
        for (int d = 0; d < 4; d++) {
            int n = run_through(g, state, who, cell, dirs[d][0], dirs[d][1],
                                cells);
            if (n >= p->k)
                return n;
        }
    }
    return 0;
}

/* ---- Text ---- */

size_t gs_mnk_board_text(const gs_mnk *g, const void *state, char *buf,
                         size_t size)
{
    const gs_mnk_params *p = gs_mnk_params_of(g);
    static const char mark[] = ".XO";
    bool small = p->rows <= 4 && p->cols <= 4;
    /* 32x32: a header and 32 rows, each of at most 69 bytes */
    char board[(GS_MNK_MAX_SIDE + 1) * 72], name[16];
    size_t n = (size_t)sprintf(board, small ? "   " : "    ");
    for (int c = 0; c < p->cols; c++) {
        gs_mnk_cell_name(g, c, name, sizeof name);
        name[strcspn(name, "0123456789")] = '\0';
        n += (size_t)sprintf(board + n, small ? "  %-2s" : "%-2s", name);
    }
    while (n > 0 && board[n - 1] == ' ')
        n--;
    board[n++] = '\n';
    for (int r = 0; r < p->rows; r++) {
        n += (size_t)sprintf(board + n, "%3d ", r + 1);
        for (int c = 0; c < p->cols; c++) {
            char m = mark[gs_mnk_cell(g, state, r * p->cols + c)];
            bool last = c + 1 == p->cols;
            n += (size_t)sprintf(board + n, small ? (last ? " %c" : " %c |")
                                                  : (last ? "%c" : "%c "), m);
        }
        board[n++] = '\n';
        for (int c = 0; small && r + 1 < p->rows && c < p->cols; c++)
            n += (size_t)sprintf(board + n, "%s%s", c ? "" : "    ",
                                 c + 1 < p->cols ? "---+" : "---\n");
    }
    board[n] = '\0';
    return (size_t)snprintf(buf, size, "%s", board);
}

int gs_mnk_solution_text(const gs_mnk *g, const void *state,
                         const gs_mnk_solution *sol, int depth,
                         gs_write_fn write, void *user)
{
    char board[(GS_MNK_MAX_SIDE + 1) * 72], name[16], count[40];
    gs_writer w;
    gs_writer_init(&w, write, user);
    gs_mnk_board_text(g, state, board, sizeof board);
    gs_format_count(sol->nodes, count, sizeof count);
    gs_writer_puts(&w, board);
    char side = gs_mnk_to_move(g, state) == 0 ? 'X' : 'O';
    const char *outcome = sol->value > 0 ? "wins" : sol->value < 0 ? "loses"
                                                                    : "draw";
    if (sol->unproved) {
        char limit[64];
        gs_format_count(sol->node_limit, count, sizeof count);
        snprintf(limit, sizeof limit, "the node limit (%s nodes)", count);
        gs_writer_printf(&w, "%c to move: not proved: %s stopped the search "
                         "(%d of %d moves proved)\n", side,
                         sol->stopped == GS_STOP_NODES ? limit
                         : sol->stopped == GS_STOP_TIME ? "the time limit"
                         : "the iteration limit", sol->proved, sol->empty);
        if (sol->nbest > 0)
            gs_writer_printf(&w, "best of the proved moves: %s (value %d):",
                             outcome, sol->value);
        else
            gs_writer_printf(&w, "best of the proved moves: (none)");
    } else
        gs_writer_printf(&w, "%c to move: %s\nvalue: %d\noptimal moves:",
                         side, outcome, sol->value);
    gs_format_count(sol->nodes, count, sizeof count);
    for (int i = 0; i < sol->nbest; i++) {
        gs_mnk_cell_name(g, sol->best[i], name, sizeof name);
        gs_writer_printf(&w, " %s", name);
    }
    gs_writer_printf(&w, "\nnodes: %s, time: %.3f ms\n", count,
                     sol->seconds * 1e3);
    if (depth > 0)
        gs_writer_printf(&w, "(searched %d plies deep: 0 means no win was "
                         "found within them)\n", depth);
    return gs_writer_finish(&w);
}

int gs_mnk_solution_json(const gs_mnk_solution *sol, gs_write_fn write,
                         void *user)
{
    gs_writer w;
    gs_writer_init(&w, write, user);
    if (!sol->unproved)
        gs_writer_printf(&w, "{\"value\":%d,\"best\":[", sol->value);
    else
        gs_writer_printf(&w, "{\"value\":null,\"stopped\":\"%s\","
                         "\"proved\":%d,\"moves\":%d,\"best_proved\":[",
                         sol->stopped == GS_STOP_NODES ? "nodes"
                         : sol->stopped == GS_STOP_TIME ? "time"
                                                        : "iterations",
                         sol->proved, sol->empty);
    for (int i = 0; i < sol->nbest; i++)
        gs_writer_printf(&w, "%s%d", i ? "," : "", sol->best[i]);
    gs_writer_printf(&w, "],\"nodes\":%llu,\"time_ms\":%.3f}\n",
                     (unsigned long long)sol->nodes, sol->seconds * 1e3);
    return gs_writer_finish(&w);
}

/* ---- A game ---- */

/* The moves of a game, for undo: the first position, and each move with
 * whether a person played it. */
typedef struct history {
    void *first;
    int cell[GS_MNK_MAX_SIDE * GS_MNK_MAX_SIDE];
    bool person[GS_MNK_MAX_SIDE * GS_MNK_MAX_SIDE];
    int n;
} history;

/* Takes back the moves since a person last moved (that move included),
 * replaying the others from the first position; the moves taken back, 0
 * when no person has moved. */
static int undo(const gs_mnk *g, history *h, void *state)
{
    int back = h->n - 1;
    while (back >= 0 && !h->person[back])
        back--;
    if (back < 0)
        return 0;
    int taken = h->n - back;
    memcpy(state, h->first, gs_mnk_state_size(g));
    for (int i = 0; i < back; i++)
        gs_mnk_play(g, state, h->cell[i]);
    h->n = back;
    return taken;
}

/* The game of gs_mnk_player_play, with its history h. */
static int play_game(gs_mnk_player *pl, void *state, history *h,
                     const gs_mnk_game_play *play, gs_mnk_game_result *out)
{
    const gs_mnk *g = pl->g;
    const gs_mnk_params *p = gs_mnk_params_of(g);
    for (;;) {
        if (play->show)
            play->show(play->user, state);
        if (gs_mnk_over(g, state)) {
            out->end = GS_MNK_GAME_OVER;
            out->winner = gs_mnk_winner(g, state);
            return GS_OK;
        }
        int cell;
        bool person = !play->computer[gs_mnk_to_move(g, state)];
        if (person) {
            cell = play->ask(play->user, state);
            while (cell == GS_MNK_ASK_UNDO) {
                int taken = undo(g, h, state);
                out->moves = h->n;
                if (play->undone)
                    play->undone(play->user, state, taken);
                if (taken > 0)
                    break;
                cell = play->ask(play->user, state);
            }
            if (cell == GS_MNK_ASK_UNDO)
                continue;   /* the position taken back to, shown */
            if (cell < 0)
                return GS_OK;
            if (cell >= p->rows * p->cols || gs_mnk_cell(g, state, cell) != 0)
                return GS_EINVAL;
        } else {
            gs_mnk_move m;
            int rc = gs_mnk_player_move(pl, state, &m);
            if (rc != GS_OK)
                return rc;
            if (play->chose && play->chose(play->user, state, &m))
                return GS_OK;
            cell = m.cell;
        }
        gs_mnk_play(g, state, cell);
        h->cell[h->n] = cell;
        h->person[h->n++] = person;
        out->moves++;
    }
}

int gs_mnk_player_play(gs_mnk_player *pl, void *state,
                       const gs_mnk_game_play *play, gs_mnk_game_result *out)
{
    if (!out)
        return GS_EINVAL;
    memset(out, 0, sizeof *out);
    out->end = GS_MNK_GAME_LEFT;
    if (!pl || !state || !play ||
        ((!play->computer[0] || !play->computer[1]) && !play->ask))
        return GS_EINVAL;
    size_t size = gs_mnk_state_size(pl->g);
    gs_allocator a = pl->alloc;
    history *h = a.fn(a.user, NULL, 0, sizeof *h);
    void *first = h ? a.fn(a.user, NULL, 0, size) : NULL;
    int rc = GS_ENOMEM;
    if (first) {
        h->first = first;
        h->n = 0;
        memcpy(first, state, size);
        rc = play_game(pl, state, h, play, out);
    }
    if (first)
        a.fn(a.user, first, size, 0);
    if (h)
        a.fn(a.user, h, sizeof *h, 0);
    return rc;
}
