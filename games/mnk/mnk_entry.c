/*
 * games/mnk/mnk_entry.c: tic-tac-toe, m,n,k games and Gomoku in the
 * registry (gamesearch/registry.h), each set up as the computer player
 * plays it (gs_mnk_params_for_play): the ordering hint, and on boards of
 * more than 16 cells the threats evaluation and the cells near the stones.
 * Also the bench's searches of tic-tac-toe and Gomoku.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/mnk.h"
#include "gamesearch/registry.h"

static const char *const evals[] = {"none", "lines", "threats", NULL};

/* Reads a whole number from 1 to GS_MNK_MAX_SIDE for parameter `name`. */
static int side(const char *name, const char *text, int *out, gs_error *err)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (end == text || *end || v < 1 || v > GS_MNK_MAX_SIDE) {
        snprintf(err->message, sizeof err->message,
                 "%s '%s' is not a whole number from 1 to %d", name, text,
                 GS_MNK_MAX_SIDE);
        return GS_EINVAL;
    }
    *out = (int)v;
    return GS_OK;
}

/* Makes the game of p, with the evaluation named `eval` ("auto": the
 * player's choice for the board). */
static int make_board(gs_mnk_params *p, const char *eval,
                      const gs_allocator *alloc, void **inst, gs_game *game,
                      gs_error *err)
{
    bool automatic = strcmp(eval, "auto") == 0;
    gs_mnk_params_for_play(p, automatic);
    if (!automatic) {
        int e = -1;
        for (int i = 0; evals[i]; i++)
            if (strcmp(eval, evals[i]) == 0)
                e = i;
        if (e < 0) {
            snprintf(err->message, sizeof err->message,
                     "eval '%s' is not auto, none, lines or threats", eval);
            return GS_EINVAL;
        }
        p->eval = (gs_mnk_eval)e;
    }
    gs_mnk *g = NULL;
    int rc = gs_mnk_new(p, alloc, &g);
    if (rc == GS_EINVAL)
        snprintf(err->message, sizeof err->message,
                 "k = %d cannot fit on a %dx%d board", p->k, p->rows,
                 p->cols);
    if (rc != GS_OK)
        return rc;
    gs_mnk_game(g, game);
    *inst = g;
    return GS_OK;
}

static int make_ttt(const char *const *value, const char *source, size_t len,
                    const gs_allocator *alloc, void **inst, gs_game *game,
                    gs_error *err)
{
    (void)source;
    (void)len;
    gs_mnk_params p;
    gs_mnk_params_init(&p);
    return make_board(&p, value[0], alloc, inst, game, err);
}

static int make_gomoku(const char *const *value, const char *source,
                       size_t len, const gs_allocator *alloc, void **inst,
                       gs_game *game, gs_error *err)
{
    (void)source;
    (void)len;
    gs_mnk_params p;
    gs_mnk_params_init(&p);
    p.rows = p.cols = 15;
    p.k = 5;
    return make_board(&p, value[0], alloc, inst, game, err);
}

static int make_mnk(const char *const *value, const char *source, size_t len,
                    const gs_allocator *alloc, void **inst, gs_game *game,
                    gs_error *err)
{
    (void)source;
    (void)len;
    gs_mnk_params p;
    gs_mnk_params_init(&p);
    int rc = side("m", value[0], &p.rows, err);
    if (rc == GS_OK)
        rc = side("n", value[1], &p.cols, err);
    if (rc == GS_OK)
        rc = side("k", value[2], &p.k, err);
    return rc == GS_OK ? make_board(&p, value[3], alloc, inst, game, err)
                       : rc;
}

static void free_board(void *inst)
{
    gs_mnk_free(inst);
}

/*
 * A position: the board as gs_mnk_parse reads it (rows*cols characters
 * of X, O and '.'), or the cells played from the empty board, separated
 * by spaces ("b2 a1").
 */
static int read_board(const void *inst, const char *text, size_t len,
                      void *state, gs_error *err)
{
    const gs_mnk *g = inst;
    gs_mnk_empty(g, state);
    if (len == 0)
        return GS_OK;
    char buf[GS_MNK_MAX_SIDE * GS_MNK_MAX_SIDE + 2];
    if (len >= sizeof buf) {
        snprintf(err->message, sizeof err->message,
                 "the position is longer than any board");
        return GS_EPARSE;
    }
    memcpy(buf, text, len);
    buf[len] = '\0';
    /* one word that is no cell: a board, as gs_mnk_parse explains it */
    if (!strchr(buf, ' ') &&
        (strspn(buf, "XO.") == len || gs_mnk_parse_cell(g, buf) < 0))
        return gs_mnk_parse(g, buf, state, err);
    for (size_t at = 0; at < len;) {
        size_t n = strcspn(buf + at, " ");
        char cell[16];
        snprintf(cell, sizeof cell, "%.*s", (int)n, buf + at);
        int c = n ? gs_mnk_parse_cell(g, cell) : -1;
        if (c < 0 || gs_mnk_play(g, state, c) != GS_OK) {
            err->line = 1;
            err->column = (int)at + 1;
            snprintf(err->message, sizeof err->message,
                     "'%s' is not a cell that can be played", cell);
            return GS_EPARSE;
        }
        at += n;
        at += strspn(buf + at, " ");
    }
    return GS_OK;
}

static size_t write_board(const void *inst, const void *state, char *buf,
                          size_t size)
{
    char text[GS_MNK_MAX_SIDE * GS_MNK_MAX_SIDE + 1];
    gs_mnk_format(inst, state, text, sizeof text);
    return (size_t)snprintf(buf, size, "%s", text);
}

static size_t describe_mnk(const void *inst, char *buf, size_t size)
{
    const gs_mnk_params *p = gs_mnk_params_of(inst);
    return (size_t)snprintf(buf, size, " %dx%d k=%d", p->rows, p->cols,
                            p->k);
}

/* 1 to the end of the game: the empty cells. */
static void depths(const void *inst, const void *state, int *lo, int *hi)
{
    const gs_mnk_params *p = gs_mnk_params_of(inst);
    *lo = 1;
    *hi = p->rows * p->cols - gs_mnk_stones(inst, state);
}

static bool small(const void *inst)
{
    return !gs_mnk_is_large(gs_mnk_params_of(inst));
}

/* Solved to the end: alpha-beta with the table and the ordering hint as
 * `gamesearch ttt` solves it, then plain minimax and plain alpha-beta in
 * the game's own order. Values are exact: 0 a draw, 1000000 less the
 * stones at the end a win for X. */
static const gs_game_bench ttt_bench[] = {
    {"", NULL, "empty", "", GS_ALPHABETA, 0, false, false, true, true,
     false, false, false, NULL, true, 0},
    {"", NULL, "a1", "a1", GS_ALPHABETA, 0, false, false, true, true, false,
     false, false, NULL, true, 0},
    {"", NULL, "b2 b1", "b2 b1", GS_ALPHABETA, 0, false, false, true, true,
     false, false, false, NULL, true, GS_MNK_WIN - 7},
    {"", NULL, "b2 a1 c3", "b2 a1 c3", GS_ALPHABETA, 0, false, false, true,
     true, false, false, false, NULL, true, 0},
    {"", NULL, "b2", "b2", GS_MINIMAX, 0, false, false, false, false, false,
     false, false, NULL, true, 0},
    {"", NULL, "empty", "", GS_ALPHABETA, 0, false, false, false, false,
     false, false, false, NULL, true, 0},
};

/* Gomoku as `gamesearch gomoku` searches it, here to a fixed depth. The
 * positions come from a game the program played against itself. */
#define GOMOKU_6 "h8 g7 h6 h7 i7 e7"
#define GOMOKU_12 GOMOKU_6 " f7 g9 g5 f4 j8 k9"
#define GOMOKU_16 GOMOKU_12 " h10 g8 g11 i9"
#define GOMOKU_20 GOMOKU_16 " h9 i6 f9 j5"
static const gs_game_bench gomoku_bench[] = {
    {"", NULL, "6 stones", GOMOKU_6, GS_ALPHABETA, 5, false, false, true,
     true, false, false, false, NULL, false, 0},
    {"", NULL, "12 stones", GOMOKU_12, GS_ALPHABETA, 4, false, false, true,
     true, false, false, false, NULL, false, 0},
    {"", NULL, "16 stones", GOMOKU_16, GS_ALPHABETA, 4, false, false, true,
     true, false, false, false, NULL, false, 0},
    {"", NULL, "20 stones", GOMOKU_20, GS_ALPHABETA, 5, false, false, true,
     true, true, false, false, NULL, false, 0},
};

static const gs_game_param eval_param = {
    "eval", "auto",
    "at a depth cutoff: auto (up to 16 cells lines, else threats), none, "
    "lines or threats"};

static const gs_game_param ttt_params[] = {eval_param};

static const gs_game_param mnk_params[] = {
    {"m", "3", "rows (1 to 32)"},
    {"n", "3", "columns (1 to 32)"},
    {"k", "3", "stones in a row that win (at most the longer side)"},
    eval_param,
};

#define BOARD_HOOKS                                                        \
    .flags = GS_GAME_TWO_PLAYER, .evals = evals, .free = free_board,       \
    .read = read_board, .write = write_board,                              \
    .start_name = "the empty board", .depths = depths, .small = small

const gs_game_entry gs_ttt_entry = {
    .name = "ttt",
    .title = "tic-tac-toe",
    .summary = "tic-tac-toe: 3x3, three in a row",
    .num_params = 1,
    .params = ttt_params,
    .make = make_ttt,
    BOARD_HOOKS,
    .num_bench = (int)(sizeof ttt_bench / sizeof *ttt_bench),
    .bench = ttt_bench,
};

const gs_game_entry gs_mnk_entry = {
    .name = "mnk",
    .title = "m,n,k game",
    .summary = "m,n,k games: an m x n board, k in a row",
    .num_params = 4,
    .params = mnk_params,
    .make = make_mnk,
    .describe = describe_mnk,
    BOARD_HOOKS,
};

const gs_game_entry gs_gomoku_entry = {
    .name = "gomoku",
    .title = "Gomoku",
    .summary = "Gomoku: 15x15, five or more in a row",
    .num_params = 1,
    .params = ttt_params,
    .make = make_gomoku,
    BOARD_HOOKS,
    .num_bench = (int)(sizeof gomoku_bench / sizeof *gomoku_bench),
    .bench = gomoku_bench,
};
