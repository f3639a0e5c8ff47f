/*
 * tests/test_mnk.c: the m,n,k games (gamesearch/mnk.h): rules, hashing,
 * positions as text, candidate moves, evaluations, move ordering, cell
 * names, allocation failure, and the game under the engine.
 *
 * Facts checked: tic-tac-toe's full game tree, walked through the gs_game
 * callbacks, has 549,946 nodes (root included), 255,168 finished games
 * (131,184 won by X, 77,904 by O, 46,080 drawn) and 5,478 distinct
 * positions; minimax visits exactly those 549,946 nodes.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/gamesearch.h"
#include "gamesearch/mnk.h"

#include "fixtures.h"
#include "track_alloc.h"

/* ---- Helpers ----------------------------------------------------------- */

/* Room for any state (at most 16 + 2 * 16 * 8 = 272 bytes), aligned. */
typedef struct sbuf {
    uint64_t w[40];
} sbuf;

static gs_mnk *make_full(int rows, int cols, int k, gs_mnk_eval eval,
                         int radius, bool hint)
{
    gs_mnk_params p;
    gs_mnk_params_init(&p);
    p.rows = rows;
    p.cols = cols;
    p.k = k;
    p.eval = eval;
    p.radius = radius;
    p.order_hint = hint;
    gs_mnk *g = NULL;
    assert_int_equal(gs_mnk_new(&p, NULL, &g), GS_OK);
    assert_non_null(g);
    assert_true(gs_mnk_state_size(g) <= sizeof(sbuf));
    return g;
}

static gs_mnk *make(int rows, int cols, int k)
{
    return make_full(rows, cols, k, GS_MNK_EVAL_LINES, 0, false);
}

static void parse_ok(const gs_mnk *g, const char *text, void *state)
{
    gs_error err;
    int rc = gs_mnk_parse(g, text, state, &err);
    if (rc != GS_OK)
        fail_msg("\"%s\": unexpected parse failure %d at %d:%d: %s", text,
                 rc, err.line, err.column, err.message);
}

/* index: the bad character's 0-based place, or -1 for the whole string
 * (the error record's line 0, column 0). */
static void expect_parse_error(const gs_mnk *g, const char *text, int index,
                               const char *message)
{
    int line = index < 0 ? 0 : 1, column = index + 1;
    sbuf s;
    gs_mnk_empty(g, &s);
    assert_int_equal(gs_mnk_play(g, &s, 0), GS_OK);   /* must stay as it is */
    sbuf before = s;
    gs_error err;
    int rc = gs_mnk_parse(g, text, &s, &err);
    if (rc != GS_EPARSE || err.line != line || err.column != column ||
        strcmp(err.message, message) != 0)
        fail_msg("input \"%s\":\n  got      %d %d:%d: %s\n  expected %d %d:%d: %s",
                 text, rc, err.line, err.column, err.message, GS_EPARSE, line,
                 column, message);
    assert_memory_equal(&s, &before, gs_mnk_state_size(g));
    /* without an error record */
    assert_int_equal(gs_mnk_parse(g, text, &s, NULL), GS_EPARSE);
}

/* Plays cells[0 .. n-1] from `state`; each must be legal. */
static void play_all(const gs_mnk *g, void *state, const int *cells, int n)
{
    for (int i = 0; i < n; i++) {
        int rc = gs_mnk_play(g, state, cells[i]);
        if (rc != GS_OK)
            fail_msg("move %d (cell %d) refused", i, cells[i]);
    }
}

/* Plays X on xs[i] and O on os[i] in turn (n X moves, n or n-1 O moves);
 * checks that only the last X move makes a line. */
static void play_to_x_win(const gs_mnk *g, const int *xs, const int *os, int n)
{
    sbuf s;
    gs_mnk_empty(g, &s);
    for (int i = 0; i < n; i++) {
        assert_int_equal(gs_mnk_winner(g, &s), 0);
        assert_int_equal(gs_mnk_play(g, &s, xs[i]), GS_OK);
        if (i < n - 1) {
            assert_int_equal(gs_mnk_winner(g, &s), 0);
            assert_int_equal(gs_mnk_play(g, &s, os[i]), GS_OK);
        }
    }
    assert_int_equal(gs_mnk_winner(g, &s), 1);
    assert_true(gs_mnk_over(g, &s));
    /* the full scan of the parser agrees */
    char text[1100];
    sbuf p;
    gs_mnk_format(g, &s, text, sizeof text);
    parse_ok(g, text, &p);
    assert_int_equal(gs_mnk_winner(g, &p), 1);
    /* no move after a win */
    for (int c = 0; c < gs_mnk_params_of(g)->rows * gs_mnk_params_of(g)->cols; c++)
        assert_int_equal(gs_mnk_play(g, &s, c), GS_EINVAL);
}

/* ---- 1. Exhaustive counts on 3x3 ---------------------------------------- */

#define HSLOTS 16384   /* power of two, > 2 * 5478 */

typedef struct walk {
    const gs_game *game;
    const gs_mnk *g;
    uint64_t nodes;
    uint64_t by_ply[10];
    uint64_t games, xwins, owins, draws;
    /* distinct positions by hash (open addressing; code = base-3 board) */
    uint64_t hkey[HSLOTS];
    int32_t hcode[HSLOTS];
    bool hused[HSLOTS];
    long by_hash;
    /* distinct positions by the board itself */
    bool seen[19683];
    long by_board;
} walk;

static void record(walk *w, const void *state)
{
    char text[10];
    gs_mnk_format(w->g, state, text, sizeof text);
    int32_t code = 0;
    for (int i = 8; i >= 0; i--) {
        int v = text[i] == '.' ? 0 : text[i] == 'X' ? 1 : 2;
        assert_int_equal(v, gs_mnk_cell(w->g, state, i));
        code = code * 3 + v;
    }
    if (!w->seen[code]) {
        w->seen[code] = true;
        w->by_board++;
    }
    uint64_t h = w->game->hash(w->game->ctx, state);
    size_t i = (size_t)(h & (HSLOTS - 1));
    while (w->hused[i] && w->hkey[i] != h)
        i = (i + 1) & (HSLOTS - 1);
    if (w->hused[i]) {
        if (w->hcode[i] != code)
            fail_msg("hash collision: %016llx for boards %d and %d",
                     (unsigned long long)h, w->hcode[i], code);
        return;
    }
    w->hused[i] = true;
    w->hkey[i] = h;
    w->hcode[i] = code;
    w->by_hash++;
}

static void walk_tree(walk *w, const void *state, int ply)
{
    const gs_game *gm = w->game;
    w->nodes++;
    w->by_ply[ply]++;
    record(w, state);
    assert_int_equal(gm->to_move(gm->ctx, state), ply & 1);
    assert_int_equal(gs_mnk_stones(w->g, state), ply);
    if (gm->is_terminal(gm->ctx, state)) {
        w->games++;
        double v = gm->value(gm->ctx, state);
        int winner = gs_mnk_winner(w->g, state);
        if (winner == 1) {
            w->xwins++;
            assert_true(v == GS_MNK_WIN - ply);
        } else if (winner == 2) {
            w->owins++;
            assert_true(v == -(GS_MNK_WIN - ply));
        } else {
            w->draws++;
            assert_int_equal(ply, 9);
            assert_true(v == 0.0);
        }
        return;
    }
    gs_action acts[9];
    int n = gm->actions(gm->ctx, state, acts);
    assert_int_equal(n, 9 - ply);
    sbuf child;
    for (int i = 0; i < n; i++) {
        assert_int_equal(gs_mnk_cell(w->g, state, acts[i]), 0);
        if (i > 0)
            assert_true(acts[i] > acts[i - 1]);
        gm->apply(gm->ctx, state, acts[i], &child);
        walk_tree(w, &child, ply + 1);
    }
}

static void test_perft_3x3(void **state)
{
    (void)state;
    gs_mnk *g = make(3, 3, 3);
    gs_game game;
    gs_mnk_game(g, &game);
    walk *w = calloc(1, sizeof *w);
    assert_non_null(w);
    w->game = &game;
    w->g = g;
    sbuf root;
    gs_mnk_empty(g, &root);
    walk_tree(w, &root, 0);

    static const uint64_t by_ply[10] = {1, 9, 72, 504, 3024, 15120, 54720,
                                        148176, 200448, 127872};
    for (int i = 0; i < 10; i++)
        assert_int_equal(w->by_ply[i], by_ply[i]);
    assert_int_equal(w->nodes, 549946);
    assert_int_equal(w->games, 255168);
    assert_int_equal(w->xwins, 131184);
    assert_int_equal(w->owins, 77904);
    assert_int_equal(w->draws, 46080);
    assert_int_equal(w->by_board, 5478);
    assert_int_equal(w->by_hash, 5478);
    free(w);
    gs_mnk_free(g);
}

/* ---- 2. Hash consistency ------------------------------------------------ */

static void test_hash_consistency(void **state)
{
    (void)state;
    gs_mnk *g = make(15, 15, 5);
    gs_game game;
    gs_mnk_game(g, &game);
    uint64_t seed = 12345;
    char text[226], again[226];
    sbuf s, p;

    /* Step 1. Random playouts: the incremental hash, winner and counts
     * equal those of the formatted position read again from scratch. */
    for (int round = 0; round < 40; round++) {
        gs_mnk_empty(g, &s);
        assert_int_equal(game.hash(game.ctx, &s), 0);
        while (!gs_mnk_over(g, &s)) {
            gs_action acts[225];
            int n = game.actions(game.ctx, &s, acts);
            assert_int_equal(n, 225 - gs_mnk_stones(g, &s));
            gs_action a = acts[rng_next(&seed) % (uint64_t)n];
            game.apply(game.ctx, &s, a, &p);
            s = p;
            gs_mnk_format(g, &s, text, sizeof text);
            parse_ok(g, text, &p);
            assert_true(game.hash(game.ctx, &p) == game.hash(game.ctx, &s));
            assert_int_equal(gs_mnk_winner(g, &p), gs_mnk_winner(g, &s));
            assert_int_equal(gs_mnk_stones(g, &p), gs_mnk_stones(g, &s));
            assert_int_equal(gs_mnk_to_move(g, &p), gs_mnk_to_move(g, &s));
            gs_mnk_format(g, &p, again, sizeof again);
            assert_string_equal(text, again);
        }
    }

    /* Step 2. The same stones played in other orders hash equally. */
    for (int round = 0; round < 200; round++) {
        int moves[40];
        int n = 2 * (int)(1 + rng_next(&seed) % 20);   /* even: X and O alike */
        gs_mnk_empty(g, &s);
        for (int i = 0; i < n;) {
            int c = (int)(rng_next(&seed) % 225);
            if (gs_mnk_cell(g, &s, c) != 0)
                continue;
            moves[i++] = c;
            assert_int_equal(gs_mnk_play(g, &s, c), GS_OK);
        }
        if (gs_mnk_winner(g, &s) != 0)
            continue;   /* a line: another order might end the game early */
        /* shuffle X's moves (even positions) and O's (odd) separately */
        int other[40];
        memcpy(other, moves, sizeof other);
        for (int side = 0; side < 2; side++)
            for (int i = n - 2 + side; i >= 2; i -= 2) {
                int j = side + 2 * (int)(rng_next(&seed) % (uint64_t)(i / 2 + 1));
                int t = other[i];
                other[i] = other[j];
                other[j] = t;
            }
        gs_mnk_empty(g, &p);
        play_all(g, &p, other, n);
        assert_true(game.hash(game.ctx, &p) == game.hash(game.ctx, &s));
        gs_mnk_format(g, &s, text, sizeof text);
        gs_mnk_format(g, &p, again, sizeof again);
        assert_string_equal(text, again);
        /* one stone more: X to move became O to move, so the hash moves */
        int c = 0;
        while (gs_mnk_cell(g, &p, c) != 0)
            c++;
        assert_int_equal(gs_mnk_play(g, &p, c), GS_OK);
        assert_true(game.hash(game.ctx, &p) != game.hash(game.ctx, &s));
    }
    gs_mnk_free(g);
}

/* ---- 3. Win detection --------------------------------------------------- */

static void test_wins(void **state)
{
    (void)state;
    gs_mnk *g = make(15, 15, 5);
    /* O's stones out of the way, on row 7 spaced apart */
    const int os[] = {105, 107, 109, 111, 113};
    /* horizontal, top-left corner: a1 .. e1 */
    play_to_x_win(g, (const int[]){0, 1, 2, 3, 4}, os, 5);
    /* in another order, the last stone in the middle */
    play_to_x_win(g, (const int[]){0, 4, 1, 3, 2}, os, 5);
    /* horizontal, right edge of the bottom row */
    play_to_x_win(g, (const int[]){224, 223, 222, 221, 220}, os, 5);
    /* vertical, right edge: column 14, rows 10 .. 14 */
    play_to_x_win(g, (const int[]){164, 179, 194, 209, 224}, os, 5);
    /* vertical, left edge from the top */
    play_to_x_win(g, (const int[]){0, 15, 30, 45, 60}, os, 5);
    /* diagonal down-right into the bottom-right corner */
    play_to_x_win(g, (const int[]){160, 176, 192, 208, 224}, os, 5);
    /* anti-diagonal from the top-right corner */
    play_to_x_win(g, (const int[]){14, 28, 42, 56, 70}, os, 5);
    /* anti-diagonal into the bottom-left corner */
    play_to_x_win(g, (const int[]){154, 168, 182, 196, 210}, os, 5);
    /* freestyle: six in a row wins */
    play_to_x_win(g, (const int[]){0, 1, 2, 4, 5, 3}, os, 6);

    /* Runs that are consecutive cells but not a line: no win. */
    sbuf s;
    gs_mnk_empty(g, &s);
    /* the end of row 0 and the start of row 1: cells 12 .. 16 */
    play_all(g, &s, (const int[]){12, 105, 13, 107, 14, 109, 15, 111, 16}, 9);
    assert_int_equal(gs_mnk_winner(g, &s), 0);
    /* steps of 16 (one row and one column) that wrap at the right edge:
     * 11, 27, 43, 59 are a diagonal, 75 (row 5, column 0) is not on it */
    gs_mnk_empty(g, &s);
    play_all(g, &s, (const int[]){11, 105, 27, 107, 43, 109, 59, 111, 75}, 9);
    assert_int_equal(gs_mnk_winner(g, &s), 0);
    /* steps of 14 that wrap at the left edge: 2, 16, 30 are an
     * anti-diagonal ending in column 0, 44 and 58 another one */
    gs_mnk_empty(g, &s);
    play_all(g, &s, (const int[]){2, 105, 16, 107, 30, 109, 44, 111, 58}, 9);
    assert_int_equal(gs_mnk_winner(g, &s), 0);
    /* O wins too */
    gs_mnk_empty(g, &s);
    play_all(g, &s, (const int[]){0, 100, 2, 101, 4, 102, 6, 103, 8, 104}, 10);
    assert_int_equal(gs_mnk_winner(g, &s), 2);
    gs_game game;
    gs_mnk_game(g, &game);
    assert_true(game.is_terminal(game.ctx, &s));
    assert_true(game.value(game.ctx, &s) == -(GS_MNK_WIN - 10));
    gs_mnk_free(g);

    /* k = 1: the first stone wins. */
    g = make(3, 3, 1);
    gs_mnk_game(g, &game);
    gs_mnk_empty(g, &s);
    assert_false(gs_mnk_over(g, &s));
    assert_int_equal(gs_mnk_play(g, &s, 4), GS_OK);
    assert_int_equal(gs_mnk_winner(g, &s), 1);
    assert_true(game.value(game.ctx, &s) == GS_MNK_WIN - 1);
    gs_mnk_free(g);

    /* 4 rows, 3 columns, k 3: cell = row * 3 + col. */
    g = make(4, 3, 3);
    const int os43[] = {1, 2};
    play_to_x_win(g, (const int[]){3, 6, 9}, os43, 3);        /* a2 a3 a4 */
    play_to_x_win(g, (const int[]){9, 10, 11}, (const int[]){0, 1}, 3); /* row 4 */
    play_to_x_win(g, (const int[]){3, 7, 11}, os43, 3);       /* a2 b3 c4 */
    play_to_x_win(g, (const int[]){5, 7, 9}, os43, 3);        /* c2 b3 a4 */
    /* a row wrapping into the next: cells 4, 5, 6 */
    gs_mnk_empty(g, &s);
    play_all(g, &s, (const int[]){4, 0, 5, 1, 6}, 5);
    assert_int_equal(gs_mnk_winner(g, &s), 0);
    char name[8];
    gs_mnk_cell_name(g, 11, name, sizeof name);
    assert_string_equal(name, "c4");
    gs_mnk_free(g);

    /* 4 rows, 3 columns, k 4: only columns can win. */
    g = make(4, 3, 4);
    play_to_x_win(g, (const int[]){2, 5, 8, 11}, (const int[]){0, 1, 3}, 4);
    gs_mnk_empty(g, &s);
    parse_ok(g, "XXXOOO......", &s);   /* three in a row of three: no line */
    assert_int_equal(gs_mnk_winner(g, &s), 0);
    parse_ok(g, "X.OX.OX.OX..", &s);
    assert_int_equal(gs_mnk_winner(g, &s), 1);
    gs_mnk_free(g);

    /* 3 rows, 4 columns, k 4: only rows can win. */
    g = make(3, 4, 4);
    parse_ok(g, "XXXXOOO.....", &s);
    assert_int_equal(gs_mnk_winner(g, &s), 1);
    parse_ok(g, "XO..XO..XO..", &s);
    assert_int_equal(gs_mnk_winner(g, &s), 0);
    gs_mnk_free(g);
}

/* ---- 4. Positions as text ----------------------------------------------- */

static void test_parse_format(void **state)
{
    (void)state;
    gs_mnk *g = make(3, 3, 3);
    gs_game game;
    gs_mnk_game(g, &game);
    sbuf s;
    char text[16];

    static const char *const good[] = {".........", "X........", "X.O......",
                                       "XOX.O..X.", "XOXXOOOXX"};
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
        parse_ok(g, good[i], &s);
        gs_mnk_format(g, &s, text, sizeof text);
        assert_string_equal(text, good[i]);
    }
    parse_ok(g, "XOX.O..X.", &s);
    assert_int_equal(gs_mnk_stones(g, &s), 5);
    assert_int_equal(gs_mnk_to_move(g, &s), 1);
    assert_int_equal(gs_mnk_cell(g, &s, 0), 1);
    assert_int_equal(gs_mnk_cell(g, &s, 1), 2);
    assert_int_equal(gs_mnk_cell(g, &s, 3), 0);
    assert_false(gs_mnk_over(g, &s));

    /* a short buffer gets what fits */
    gs_mnk_format(g, &s, text, 4);
    assert_string_equal(text, "XOX");
    text[0] = '#';
    gs_mnk_format(g, &s, text, 0);
    assert_int_equal(text[0], '#');

    /* full board, no line: a draw */
    parse_ok(g, "XOXXOOOXX", &s);
    assert_true(gs_mnk_over(g, &s));
    assert_int_equal(gs_mnk_winner(g, &s), 0);
    assert_true(game.value(game.ctx, &s) == 0.0);
    /* finished positions are accepted */
    parse_ok(g, "XXXOO....", &s);
    assert_true(gs_mnk_over(g, &s));
    assert_int_equal(gs_mnk_winner(g, &s), 1);
    assert_true(game.is_terminal(game.ctx, &s));
    assert_true(game.value(game.ctx, &s) == GS_MNK_WIN - 5);
    assert_int_equal(game.actions(game.ctx, &s, (gs_action[9]){0}), 0);
    assert_int_equal(gs_mnk_play(g, &s, 8), GS_EINVAL);
    parse_ok(g, "XX.OOOX.X", &s);
    assert_int_equal(gs_mnk_winner(g, &s), 2);
    assert_true(game.value(game.ctx, &s) == -(GS_MNK_WIN - 7));

    /* errors, each exactly */
    expect_parse_error(g, "X.O.....", -1, "the position has 8 cells, not 9");
    expect_parse_error(g, "X.O.......", -1, "the position has 10 cells, not 9");
    expect_parse_error(g, "", -1, "the position has 0 cells, not 9");
    expect_parse_error(g, "X", -1, "the position has 1 cell, not 9");
    expect_parse_error(g, "X.x......", 2,
                       "unexpected character 'x' at cell c1 (character 3; use X, O or .)");
    expect_parse_error(g, "o........", 0,
                       "unexpected character 'o' at cell a1 (character 1; use X, O or .)");
    expect_parse_error(g, "XO. .....", 3,
                       "unexpected character ' ' at cell a2 (character 4; use X, O or .)");
    expect_parse_error(g, "X.O\n.....", 3,
                       "unexpected byte 0x0A at cell a2 (character 4; use X, O or .)");
    /* a bad character past the board: the length is what is wrong */
    expect_parse_error(g, "X.O......?", -1, "the position has 10 cells, not 9");
    expect_parse_error(g, "OO.X.....", -1,
                       "O has 2 stones but X only 1 (X moves first)");
    expect_parse_error(g, ".O.......", -1,
                       "O has 1 stone but X only 0 (X moves first)");
    expect_parse_error(g, "XXX......", -1,
                       "X has 3 stones but O only 0 (X is at most one stone ahead)");
    expect_parse_error(g, "XX.......", -1,
                       "X has 2 stones but O only 0 (X is at most one stone ahead)");
    expect_parse_error(g, "XXXOOO...", -1, "both X and O have 3 in a row");

    gs_error err;
    assert_int_equal(gs_mnk_parse(g, NULL, &s, &err), GS_EINVAL);
    assert_int_equal(gs_mnk_parse(g, ".........", NULL, &err), GS_EINVAL);
    gs_mnk_free(g);

    /* A big board round-trips, and its errors count to the right cell. */
    g = make(15, 15, 5);
    char big[226];
    memset(big, '.', 225);
    big[225] = '\0';
    big[0] = 'X';
    big[224] = 'O';
    big[112] = 'X';
    parse_ok(g, big, &s);
    char out[226];
    gs_mnk_format(g, &s, out, sizeof out);
    assert_string_equal(out, big);
    assert_int_equal(gs_mnk_to_move(g, &s), 1);
    big[200] = '*';
    expect_parse_error(g, big, 200,
                       "unexpected character '*' at cell f14 (character 201; use X, O or .)");
    gs_mnk_free(g);
}

/* ---- 5. Candidate moves ------------------------------------------------- */

static int actions_of(const gs_game *game, const void *state, gs_action *out)
{
    return game->actions(game->ctx, state, out);
}

static void test_actions_radius(void **state)
{
    (void)state;
    gs_action acts[1024];
    sbuf s;
    gs_game game;

    /* radius 0: every empty cell, in cell order */
    gs_mnk *g = make(15, 15, 5);
    gs_mnk_game(g, &game);
    assert_int_equal(game.max_actions, 225);
    gs_mnk_empty(g, &s);
    assert_int_equal(actions_of(&game, &s, acts), 225);
    for (int i = 0; i < 225; i++)
        assert_int_equal(acts[i], i);
    gs_mnk_free(g);

    /* radius 1 */
    g = make_full(15, 15, 5, GS_MNK_EVAL_LINES, 1, false);
    gs_mnk_game(g, &game);
    gs_mnk_empty(g, &s);
    assert_int_equal(actions_of(&game, &s, acts), 1);
    assert_int_equal(acts[0], 112);   /* h8, the centre (7, 7) */
    assert_int_equal(gs_mnk_play(g, &s, 112), GS_OK);
    static const int ring1[8] = {96, 97, 98, 111, 113, 126, 127, 128};
    assert_int_equal(actions_of(&game, &s, acts), 8);
    for (int i = 0; i < 8; i++)
        assert_int_equal(acts[i], ring1[i]);
    /* a stone on the right edge does not reach across to the left */
    gs_mnk_empty(g, &s);
    assert_int_equal(gs_mnk_play(g, &s, 29), GS_OK);   /* row 1, col 14 */
    static const int edge[5] = {13, 14, 28, 43, 44};
    assert_int_equal(actions_of(&game, &s, acts), 5);
    for (int i = 0; i < 5; i++)
        assert_int_equal(acts[i], edge[i]);
    /* ... nor the left edge to the right */
    gs_mnk_empty(g, &s);
    assert_int_equal(gs_mnk_play(g, &s, 15), GS_OK);   /* row 1, col 0 */
    static const int left[5] = {0, 1, 16, 30, 31};
    assert_int_equal(actions_of(&game, &s, acts), 5);
    for (int i = 0; i < 5; i++)
        assert_int_equal(acts[i], left[i]);
    /* two stones: the union of their neighbourhoods, taken cells left out */
    gs_mnk_empty(g, &s);
    play_all(g, &s, (const int[]){0, 1}, 2);
    static const int two[4] = {2, 15, 16, 17};
    assert_int_equal(actions_of(&game, &s, acts), 4);
    for (int i = 0; i < 4; i++)
        assert_int_equal(acts[i], two[i]);
    gs_mnk_free(g);

    /* radius 2: the 5x5 square around the centre, less the centre */
    g = make_full(15, 15, 5, GS_MNK_EVAL_LINES, 2, false);
    gs_mnk_game(g, &game);
    gs_mnk_empty(g, &s);
    assert_int_equal(gs_mnk_play(g, &s, 112), GS_OK);
    assert_int_equal(actions_of(&game, &s, acts), 24);
    int n = 0;
    for (int r = 5; r <= 9; r++)
        for (int c = 5; c <= 9; c++)
            if (r * 15 + c != 112)
                assert_int_equal(acts[n++], r * 15 + c);
    gs_mnk_free(g);

    /* other shapes: the centre is (rows/2, cols/2) */
    g = make_full(4, 3, 3, GS_MNK_EVAL_LINES, 1, false);
    gs_mnk_game(g, &game);
    gs_mnk_empty(g, &s);
    assert_int_equal(actions_of(&game, &s, acts), 1);
    assert_int_equal(acts[0], 7);
    gs_mnk_free(g);
    g = make_full(4, 4, 3, GS_MNK_EVAL_LINES, 1, false);
    gs_mnk_game(g, &game);
    gs_mnk_empty(g, &s);
    assert_int_equal(actions_of(&game, &s, acts), 1);
    assert_int_equal(acts[0], 10);
    gs_mnk_free(g);

    /* 32 x 32 (16 words, rows straddling words) with a large radius */
    g = make_full(32, 32, 5, GS_MNK_EVAL_LINES, 40, false);
    gs_mnk_game(g, &game);
    gs_mnk_empty(g, &s);
    assert_int_equal(actions_of(&game, &s, acts), 1);
    assert_int_equal(acts[0], 16 * 32 + 16);
    assert_int_equal(gs_mnk_play(g, &s, 1023), GS_OK);
    assert_int_equal(actions_of(&game, &s, acts), 1023);
    for (int i = 0; i < 1023; i++)
        assert_int_equal(acts[i], i);
    gs_mnk_free(g);

    /* random positions: radius r offers exactly the empty cells within r */
    uint64_t seed = 99;
    for (int radius = 1; radius <= 3; radius++) {
        g = make_full(13, 11, 5, GS_MNK_EVAL_NONE, radius, false);
        gs_mnk_game(g, &game);
        for (int round = 0; round < 30; round++) {
            gs_mnk_empty(g, &s);
            int stones = 1 + (int)(rng_next(&seed) % 12);
            for (int i = 0; i < stones && !gs_mnk_over(g, &s);) {
                int c = (int)(rng_next(&seed) % 143);
                if (gs_mnk_play(g, &s, c) == GS_OK)
                    i++;
            }
            if (gs_mnk_over(g, &s))
                continue;
            int m = actions_of(&game, &s, acts), k = 0;
            for (int c = 0; c < 143; c++) {
                if (gs_mnk_cell(g, &s, c) != 0)
                    continue;
                bool near = false;
                for (int d = 0; d < 143 && !near; d++) {
                    int dr = abs(c / 11 - d / 11), dc = abs(c % 11 - d % 11);
                    near = gs_mnk_cell(g, &s, d) != 0 && dr <= radius && dc <= radius;
                }
                if (near) {
                    assert_true(k < m);
                    assert_int_equal(acts[k++], c);
                }
            }
            assert_int_equal(k, m);
        }
        gs_mnk_free(g);
    }
}

/* ---- 6. Evaluations ----------------------------------------------------- */

static double eval_of(const gs_mnk *g, const char *text, gs_mnk_eval eval)
{
    sbuf s;
    parse_ok(g, text, &s);
    double v = gs_mnk_evaluate(g, &s, eval);
    assert_true(v > -GS_MNK_EVAL_MAX && v < GS_MNK_EVAL_MAX);
    return v;
}

/* The same position with X and O swapped. */
static void swap_colours(const char *text, char *out)
{
    size_t i = 0;
    for (; text[i]; i++)
        out[i] = text[i] == 'X' ? 'O' : text[i] == 'O' ? 'X' : text[i];
    out[i] = '\0';
}

static void test_eval_lines(void **state)
{
    (void)state;
    gs_mnk *g = make(3, 3, 3);
    /*
     * E = sum over the 8 lines w of [no O] - [no X]
     *     + 10 * ([two X, no O] - [two O, no X]).
     *
     * .........  8 lines without O, 8 without X: 8 - 8 = 0.
     * X........  X on a1 is on 3 lines (row 1, column a, diagonal):
     *            no O on 8, no X on 5: 8 - 5 = 3.
     * ....X....  the centre is on 4 lines: 8 - 4 = 4.
     * X...O....  no O: the 4 lines avoiding the centre (rows 1 and 3,
     *            columns a and c); no X: the 5 lines avoiding a1:
     *            4 - 5 = -1.
     * XX..O....  no O: rows 1, 3, columns a, c = 4, and row 1 (XX.) has two
     *            X: +10; no X: row 2, row 3, column c, anti-diagonal = 4;
     *            no line holds two O: 4 + 10 - 4 = 10.
     * XX.OO....  no O: row 1 (+10 for XX.), row 3, column c = 3 + 10;
     *            no X: row 2 (-10 for OO.), row 3, column c,
     *            anti-diagonal = 4 + 10: 13 - 14 = -1.
     */
    assert_true(eval_of(g, ".........", GS_MNK_EVAL_LINES) == 0.0);
    assert_true(eval_of(g, "X........", GS_MNK_EVAL_LINES) == 3.0);
    assert_true(eval_of(g, "....X....", GS_MNK_EVAL_LINES) == 4.0);
    assert_true(eval_of(g, "X...O....", GS_MNK_EVAL_LINES) == -1.0);
    assert_true(eval_of(g, "XX..O....", GS_MNK_EVAL_LINES) == 10.0);
    assert_true(eval_of(g, "XX.OO....", GS_MNK_EVAL_LINES) == -1.0);
    /* the colours swapped (equal counts, so both parse): exactly negated */
    assert_true(eval_of(g, "OO.XX....", GS_MNK_EVAL_LINES) == 1.0);
    assert_true(eval_of(g, "O...X....", GS_MNK_EVAL_LINES) == 1.0);
    /* the game's value callback uses the instance's eval */
    gs_game game;
    gs_mnk_game(g, &game);
    sbuf s;
    parse_ok(g, "XX..O....", &s);
    assert_true(game.value(game.ctx, &s) == 10.0);
    assert_true(gs_mnk_evaluate(g, &s, GS_MNK_EVAL_NONE) == 0.0);
    assert_true(gs_mnk_evaluate(g, &s, (gs_mnk_eval)7) == 0.0);
    gs_mnk_free(g);

    g = make_full(3, 3, 3, GS_MNK_EVAL_NONE, 0, false);
    gs_mnk_game(g, &game);
    parse_ok(g, "XX..O....", &s);
    assert_true(game.value(game.ctx, &s) == 0.0);
    gs_mnk_free(g);

    /* 15x15 empty: 572 windows, 0; symmetric for any position. */
    g = make(15, 15, 5);
    sbuf e;
    gs_mnk_empty(g, &e);
    assert_true(gs_mnk_evaluate(g, &e, GS_MNK_EVAL_LINES) == 0.0);
    gs_mnk_free(g);
}

/* A 15x15 board string with X on xs and O on os (-1 ends each list). */
static void board15(char *out, const int *xs, const int *os)
{
    memset(out, '.', 225);
    out[225] = '\0';
    for (; *xs >= 0; xs++)
        out[*xs] = 'X';
    for (; *os >= 0; os++)
        out[*os] = 'O';
}

static void test_eval_threats(void **state)
{
    (void)state;
    gs_mnk *g = make_full(15, 15, 5, GS_MNK_EVAL_THREATS, 0, false);
    char b[226], sw[226];
    const gs_mnk_eval T = GS_MNK_EVAL_THREATS;

    /* Row 8 (cells 105 ..): X on columns 5 .. 8 is cells 110 .. 113. O to
     * move in each (X one stone ahead), O's stones far away in corners. */
    board15(b, (const int[]){110, 111, 112, 113, -1}, (const int[]){0, 14, 210, -1});
    double open4 = eval_of(g, b, T);
    board15(b, (const int[]){110, 111, 112, 113, -1}, (const int[]){109, 0, 14, -1});
    double closed4 = eval_of(g, b, T);
    board15(b, (const int[]){110, 111, 112, -1}, (const int[]){0, 14, -1});
    double open3 = eval_of(g, b, T);
    board15(b, (const int[]){110, 111, 112, -1}, (const int[]){109, 14, -1});
    double closed3 = eval_of(g, b, T);
    board15(b, (const int[]){110, 111, 113, -1}, (const int[]){0, 14, -1});
    double broken3 = eval_of(g, b, T);
    board15(b, (const int[]){110, 111, -1}, (const int[]){0, -1});
    double open2 = eval_of(g, b, T);
    /* X to move with a four: X wins next move */
    board15(b, (const int[]){110, 111, 112, 113, -1}, (const int[]){109, 0, 14, 210, -1});
    double win_next = eval_of(g, b, T);
    /* X to move with an open three and O without a four */
    board15(b, (const int[]){110, 111, 112, -1}, (const int[]){0, 14, 210, -1});
    double open3_to_move = eval_of(g, b, T);

    assert_true(win_next > open4);
    assert_true(open4 > open3_to_move);
    assert_true(open3_to_move > closed4);
    assert_true(closed4 > open3);
    assert_true(open3 > closed3);
    assert_true(broken3 > closed3);
    assert_true(open3 > open2);
    assert_true(open2 > 0.0);

    /* O's open four with X to move and no four of X's: a loss for X. */
    board15(b, (const int[]){0, 14, 210, 224, -1}, (const int[]){110, 111, 112, 113, -1});
    assert_true(eval_of(g, b, T) == -open4);

    /* Colour swap: with X to move in both (equal counts), a quiet position
     * and its swap add up to twice the side to move's tempo, which is the
     * value of the empty board. */
    sbuf e;
    gs_mnk_empty(g, &e);
    double tempo = gs_mnk_evaluate(g, &e, T);
    assert_true(tempo > 0.0);
    static const int quiet[][2][8] = {
        {{112, -1}, {113, -1}},
        {{110, 111, 140, -1}, {0, 125, 126, -1}},
        {{16, 17, 33, 200, -1}, {18, 32, 48, 201, -1}},
        {{110, 112, 114, 116, -1}, {111, 113, 115, 117, -1}},
    };
    for (size_t i = 0; i < sizeof quiet / sizeof *quiet; i++) {
        board15(b, quiet[i][0], quiet[i][1]);
        swap_colours(b, sw);
        double v = eval_of(g, b, T), v2 = eval_of(g, sw, T);
        if (v + v2 != 2 * tempo)
            fail_msg("position %zu: %g and swapped %g", i, v, v2);
        /* the lines evaluation has no tempo: exactly negated */
        assert_true(eval_of(g, b, GS_MNK_EVAL_LINES) == -eval_of(g, sw, GS_MNK_EVAL_LINES));
    }

    /* Tic-tac-toe: a fork of X's with O to move is lost for O; symmetric
     * 3x3 positions too. */
    gs_mnk_free(g);
    g = make_full(3, 3, 3, GS_MNK_EVAL_THREATS, 0, false);
    gs_mnk_empty(g, &e);
    tempo = gs_mnk_evaluate(g, &e, T);
    assert_true(eval_of(g, "X...O....", T) + eval_of(g, "O...X....", T) == 2 * tempo);
    double fork = eval_of(g, "X.X.O.X.O", T);        /* X: a1 c1 a3; O to move */
    double single = eval_of(g, "XX..O....", T);      /* one threat, O to move */
    assert_true(fork > single);
    assert_true(single > 0.0);
    assert_true(eval_of(g, "XX.OO....", T) > 0.0);   /* X to move wins */
    gs_mnk_free(g);

    /* Every evaluation stays strictly inside the bounds, on random
     * positions of a big board and of a long k. */
    uint64_t seed = 7;
    for (int shape = 0; shape < 2; shape++) {
        g = shape == 0 ? make_full(15, 15, 5, GS_MNK_EVAL_THREATS, 0, false)
                       : make_full(32, 32, 12, GS_MNK_EVAL_THREATS, 0, false);
        int cells = shape == 0 ? 225 : 1024;
        for (int round = 0; round < (shape == 0 ? 20 : 4); round++) {
            sbuf s;
            gs_mnk_empty(g, &s);
            int n = (int)(rng_next(&seed) % (uint64_t)cells);
            for (int i = 0; i < n && !gs_mnk_over(g, &s); i++) {
                int c = (int)(rng_next(&seed) % (uint64_t)cells);
                gs_mnk_play(g, &s, c);
                for (int ev = GS_MNK_EVAL_NONE; ev <= GS_MNK_EVAL_THREATS; ev++) {
                    double v = gs_mnk_evaluate(g, &s, (gs_mnk_eval)ev);
                    assert_true(v > -GS_MNK_EVAL_MAX && v < GS_MNK_EVAL_MAX);
                }
            }
        }
        gs_mnk_free(g);
    }
}

/* ---- Move ordering ------------------------------------------------------ */

static void hint_scores(const gs_game *game, const void *s, gs_action *acts,
                        int32_t *scores, int *n)
{
    *n = game->actions(game->ctx, s, acts);
    game->order_hint(game->ctx, s, acts, *n, scores);
}

static void test_order_hint(void **state)
{
    (void)state;
    gs_mnk *g = make(3, 3, 3);
    gs_game game;
    gs_mnk_game(g, &game);
    assert_null(game.order_hint);
    gs_mnk_free(g);

    g = make_full(3, 3, 3, GS_MNK_EVAL_LINES, 0, true);
    gs_mnk_game(g, &game);
    assert_non_null(game.order_hint);
    gs_action acts[9];
    int32_t sc[9], sc2[9];
    int n;
    sbuf s;
    /* empty board: centre, then the corners, then the edges */
    gs_mnk_empty(g, &s);
    hint_scores(&game, &s, acts, sc, &n);
    assert_int_equal(n, 9);
    assert_true(sc[4] > sc[0]);
    assert_true(sc[0] == sc[2] && sc[0] == sc[6] && sc[0] == sc[8]);
    assert_true(sc[1] == sc[3] && sc[1] == sc[5] && sc[1] == sc[7]);
    assert_true(sc[0] > sc[1]);
    /* deterministic */
    hint_scores(&game, &s, acts, sc2, &n);
    assert_memory_equal(sc, sc2, sizeof sc);
    /* after X in the centre, O prefers a corner */
    parse_ok(g, "....X....", &s);
    hint_scores(&game, &s, acts, sc, &n);
    assert_int_equal(n, 8);
    assert_true(sc[0] > sc[1]);   /* acts: 0 1 2 3 5 6 7 8 */
    /* the winning cell first, the blocking cell second */
    parse_ok(g, "XX.OO..X.", &s);   /* O to move: O wins on 5, X threatens 2 */
    hint_scores(&game, &s, acts, sc, &n);
    assert_int_equal(n, 4);         /* 2 5 6 8 */
    assert_int_equal(acts[1], 5);
    assert_int_equal(acts[0], 2);
    assert_true(sc[1] > sc[0]);
    assert_true(sc[0] > sc[2] && sc[0] > sc[3]);
    gs_mnk_free(g);
}

/* ---- 7. Under the engine ------------------------------------------------ */

static gs_result search_pos(const gs_mnk *g, const char *text, gs_algo algo,
                            bool order, int depth)
{
    gs_game game;
    gs_mnk_game(g, &game);
    gs_engine *e = NULL;
    assert_int_equal(gs_engine_new(&game, NULL, &e), GS_OK);
    sbuf s;
    if (text)
        parse_ok(g, text, &s);
    else
        gs_mnk_empty(g, &s);
    gs_search_options o;
    gs_search_options_init(&o);
    o.algo = algo;
    o.order_moves = order;
    o.depth = depth;
    gs_result r;
    assert_int_equal(gs_search(e, &s, &o, &r), GS_OK);
    assert_int_equal(r.stopped, GS_STOP_NONE);
    gs_engine_free(e);
    return r;
}

/* Enhanced transposition cutoffs on a game without child_hash (each
 * child is built to read its entry), tic-tac-toe from the empty board
 * with the table: the same value, and entries of transposed positions
 * end nodes before any child is searched (exact counts). */
static void test_engine_etc(void **state)
{
    (void)state;
    gs_mnk *g = make(3, 3, 3);
    gs_game game;
    gs_mnk_game(g, &game);
    assert_null(game.solver);   /* so no child_hash */
    gs_engine *e;
    assert_int_equal(gs_engine_new(&game, NULL, &e), GS_OK);
    assert_int_equal(gs_engine_tt_resize(e, 1 << 16), GS_OK);
    sbuf s;
    gs_mnk_empty(g, &s);
    uint64_t nodes[2];
    for (int etc = 0; etc < 2; etc++) {
        gs_search_options o;
        gs_search_options_init(&o);
        o.algo = GS_ALPHABETA;
        o.use_tt = true;
        gs_solver_options so;
        gs_solver_options_init(&so);
        so.etc_plies = etc ? 9 : 0;
        o.solver = &so;
        gs_engine_tt_clear(e);
        gs_result r;
        assert_int_equal(gs_search(e, &s, &o, &r), GS_OK);
        assert_true(r.value == 0.0);
        nodes[etc] = r.nodes;
    }
    if (nodes[0] != 5598 || nodes[1] != 5193)
        fail_msg("%llu and %llu nodes", (unsigned long long)nodes[0],
                 (unsigned long long)nodes[1]);
    gs_engine_free(e);
    gs_mnk_free(g);
}

static void test_engine_3x3(void **state)
{
    (void)state;
    gs_mnk *g = make(3, 3, 3);
    gs_result mm = search_pos(g, NULL, GS_MINIMAX, false, 0);
    assert_true(mm.value == 0.0);
    assert_int_equal(mm.nodes, 549946);
    assert_int_equal(mm.leaves, 255168);
    gs_result ab = search_pos(g, NULL, GS_ALPHABETA, false, 0);
    assert_true(ab.value == 0.0);
    assert_true(ab.nodes < mm.nodes);
    assert_int_equal(ab.best, mm.best);   /* a1: every first move draws */
    gs_mnk_free(g);

    g = make_full(3, 3, 3, GS_MNK_EVAL_LINES, 0, true);
    gs_result ordered = search_pos(g, NULL, GS_ALPHABETA, true, 0);
    assert_true(ordered.value == 0.0);
    assert_true(ordered.nodes < ab.nodes);
    assert_int_equal(ordered.best, 4);   /* the centre is searched first */
    print_message("3x3 from empty: minimax %llu nodes, alpha-beta %llu, "
                  "alpha-beta with the hint %llu\n",
                  (unsigned long long)mm.nodes, (unsigned long long)ab.nodes,
                  (unsigned long long)ordered.nodes);

    /* determinism */
    gs_result again = search_pos(g, NULL, GS_ALPHABETA, true, 0);
    assert_int_equal(again.nodes, ordered.nodes);

    /* X to move completes row 1: a win with 5 stones on the board */
    gs_result r = search_pos(g, "XX.OO....", GS_ALPHABETA, false, 0);
    assert_true(r.value == GS_MNK_WIN - 5);
    assert_int_equal(r.best, 2);
    /* O to move completes row 2 */
    r = search_pos(g, "XX.OO..X.", GS_MINIMAX, false, 0);
    assert_true(r.value == -(GS_MNK_WIN - 6));
    assert_int_equal(r.best, 5);
    /* X's fork a1 c1 a3 with O to move: X wins on move 7 */
    r = search_pos(g, "X.X.O.X.O", GS_ALPHABETA, false, 0);
    assert_true(r.value == GS_MNK_WIN - 7);
    /* X.O / ...: a corner against a corner opposite on the row: X wins */
    r = search_pos(g, "X.O......", GS_ALPHABETA, false, 0);
    assert_true(r.value > GS_MNK_EVAL_MAX);
    /* the centre answered by an edge loses for O */
    r = search_pos(g, "....XO...", GS_ALPHABETA, false, 0);
    assert_true(r.value > GS_MNK_EVAL_MAX);
    /* ... by a corner draws */
    r = search_pos(g, "O...X....", GS_ALPHABETA, false, 0);
    assert_true(r.value == 0.0);
    /* a depth cutoff reads the evaluation: one ply from the empty board,
     * the centre's 4 lines are best */
    r = search_pos(g, NULL, GS_ALPHABETA, false, 1);
    assert_true(r.value == 4.0);
    assert_int_equal(r.best, 4);
    gs_mnk_free(g);
}

static void test_engine_4x3(void **state)
{
    (void)state;
    /* (4,3,3) is a first-player win; the hint makes it quick. */
    gs_mnk *g = make_full(4, 3, 3, GS_MNK_EVAL_LINES, 0, true);
    gs_result ordered = search_pos(g, NULL, GS_ALPHABETA, true, 0);
    assert_true(ordered.value > GS_MNK_EVAL_MAX);
    gs_result plain = search_pos(g, NULL, GS_ALPHABETA, false, 0);
    assert_true(plain.value == ordered.value);
    print_message("4x3 k3 from empty: value %.0f (X wins with %d stones), "
                  "alpha-beta %llu nodes, with the hint %llu\n",
                  plain.value, (int)(GS_MNK_WIN - plain.value),
                  (unsigned long long)plain.nodes,
                  (unsigned long long)ordered.nodes);
    gs_mnk_free(g);
}

static void test_engine_gomoku(void **state)
{
    (void)state;
    /* 15x15 freestyle with radius 1, the threat evaluation and the hint:
     * X to move with an open four (h8 .. k8, cells 110 .. 113) wins at
     * once, whatever the depth. */
    gs_mnk *g = make_full(15, 15, 5, GS_MNK_EVAL_THREATS, 1, true);
    char b[226];
    board15(b, (const int[]){110, 111, 112, 113, -1}, (const int[]){95, 96, 97, 98, -1});
    gs_result r = search_pos(g, b, GS_ALPHABETA, true, 3);
    assert_true(r.value == GS_MNK_WIN - 9);
    assert_true(r.best == 109 || r.best == 114);
    /* O to move must block the four of X's but cannot stop the open one */
    board15(b, (const int[]){110, 111, 112, 113, -1}, (const int[]){95, 96, 97, -1});
    r = search_pos(g, b, GS_ALPHABETA, true, 3);
    assert_true(r.value == GS_MNK_WIN - 9);
    /* depth 2 from the empty board: the centre first, a finite value */
    r = search_pos(g, NULL, GS_ALPHABETA, true, 2);
    assert_int_equal(r.best, 112);
    assert_true(fabs(r.value) < GS_MNK_EVAL_MAX);
    gs_mnk_free(g);
}

/* ---- 8. Allocation failure ---------------------------------------------- */

static void test_allocation_failures(void **state)
{
    (void)state;
    for (int size = 3; size <= 32; size += 29) {
        gs_mnk_params p;
        gs_mnk_params_init(&p);
        p.rows = size;
        p.cols = size;
        p.k = 3;
        p.radius = size == 3 ? 0 : 1;
        long n = 1;
        for (;; n++) {
            track t;
            gs_allocator a = tracker(&t);
            t.fail_at = n;
            gs_mnk *g = (gs_mnk *)(uintptr_t)1;
            int rc = gs_mnk_new(&p, &a, &g);
            if (rc == GS_OK) {
                assert_int_equal(t.failed, 0);
                assert_non_null(g);
                sbuf s;
                gs_mnk_empty(g, &s);
                assert_int_equal(gs_mnk_play(g, &s, 4), GS_OK);
                gs_mnk_free(g);
                assert_int_equal(t.live, 0);
                break;
            }
            assert_int_equal(rc, GS_ENOMEM);
            assert_int_equal(t.failed, 1);
            assert_null(g);
            assert_int_equal(t.live, 0);
        }
        assert_true(n >= 2);   /* at least one failure was tried */
    }
    gs_mnk_free(NULL);
}

static void test_params(void **state)
{
    (void)state;
    gs_mnk_params p;
    gs_mnk_params_init(&p);
    assert_int_equal(p.rows, 3);
    assert_int_equal(p.cols, 3);
    assert_int_equal(p.k, 3);
    assert_int_equal(p.eval, GS_MNK_EVAL_LINES);
    assert_int_equal(p.radius, 0);
    assert_false(p.order_hint);

    gs_mnk *g = (gs_mnk *)(uintptr_t)1;
    static const int bad[][4] = {
        /* rows, cols, k, radius */
        {0, 3, 3, 0}, {3, 0, 3, 0}, {33, 3, 3, 0}, {3, 33, 3, 0},
        {3, 3, 0, 0}, {3, 3, 4, 0}, {4, 3, 5, 0}, {3, 3, 3, -1},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        gs_mnk_params q = p;
        q.rows = bad[i][0];
        q.cols = bad[i][1];
        q.k = bad[i][2];
        q.radius = bad[i][3];
        assert_int_equal(gs_mnk_new(&q, NULL, &g), GS_EINVAL);
        assert_null(g);
    }
    gs_mnk_params q = p;
    q.eval = (gs_mnk_eval)3;
    assert_int_equal(gs_mnk_new(&q, NULL, &g), GS_EINVAL);
    assert_int_equal(gs_mnk_new(NULL, NULL, &g), GS_EINVAL);
    assert_int_equal(gs_mnk_new(&p, NULL, NULL), GS_EINVAL);
    gs_allocator broken = {NULL, NULL};
    assert_int_equal(gs_mnk_new(&p, &broken, &g), GS_EINVAL);

    /* the extremes are fine; k may be the longer side */
    q = p;
    q.rows = 1;
    q.cols = 32;
    q.k = 32;
    assert_int_equal(gs_mnk_new(&q, NULL, &g), GS_OK);
    const gs_mnk_params *got = gs_mnk_params_of(g);
    assert_int_equal(got->rows, 1);
    assert_int_equal(got->cols, 32);
    assert_int_equal(got->k, 32);
    assert_int_equal(gs_mnk_state_size(g), 32);
    gs_game game;
    gs_mnk_game(g, &game);
    assert_int_equal(game.version, GS_GAME_VERSION);
    assert_int_equal(game.num_agents, 2);
    assert_int_equal(game.max_actions, 32);
    assert_int_equal(game.state_size, 32);
    assert_true(game.has_bounds);
    assert_true(game.min_value == -GS_MNK_WIN && game.max_value == GS_MNK_WIN);
    assert_int_equal(game.role(game.ctx, 0), GS_ROLE_MAX);
    assert_int_equal(game.role(game.ctx, 1), GS_ROLE_MIN);
    gs_mnk_free(g);

    /* state sizes: 16 bytes of header and two bitboards */
    g = make(3, 3, 3);
    assert_int_equal(gs_mnk_state_size(g), 32);
    gs_mnk_free(g);
    g = make(15, 15, 5);
    assert_int_equal(gs_mnk_state_size(g), 80);
    gs_mnk_free(g);
    g = make(32, 32, 5);
    assert_int_equal(gs_mnk_state_size(g), 272);
    gs_mnk_free(g);

    /* gs_mnk_play refuses off-board and taken cells and finished games */
    g = make(3, 3, 3);
    sbuf s;
    gs_mnk_empty(g, &s);
    assert_int_equal(gs_mnk_play(g, &s, -1), GS_EINVAL);
    assert_int_equal(gs_mnk_play(g, &s, 9), GS_EINVAL);
    assert_int_equal(gs_mnk_play(g, &s, 4), GS_OK);
    sbuf before = s;
    assert_int_equal(gs_mnk_play(g, &s, 4), GS_EINVAL);
    assert_memory_equal(&s, &before, gs_mnk_state_size(g));
    assert_int_equal(gs_mnk_to_move(g, &s), 1);
    assert_int_equal(gs_mnk_stones(g, &s), 1);
    gs_mnk_free(g);
}

/* ---- 9. Cell names ------------------------------------------------------ */

static void test_cell_names(void **state)
{
    (void)state;
    gs_mnk *g = make(3, 3, 3);
    char name[8];
    gs_mnk_cell_name(g, 0, name, sizeof name);
    assert_string_equal(name, "a1");
    gs_mnk_cell_name(g, 8, name, sizeof name);
    assert_string_equal(name, "c3");
    gs_mnk_cell_name(g, 5, name, sizeof name);
    assert_string_equal(name, "c2");
    gs_mnk_cell_name(g, 9, name, sizeof name);
    assert_string_equal(name, "?");
    gs_mnk_cell_name(g, 8, name, 2);
    assert_string_equal(name, "c");
    for (int c = 0; c < 9; c++) {
        gs_mnk_cell_name(g, c, name, sizeof name);
        assert_int_equal(gs_mnk_parse_cell(g, name), c);
    }
    assert_int_equal(gs_mnk_parse_cell(g, "a1"), 0);
    assert_int_equal(gs_mnk_parse_cell(g, "c3"), 8);
    assert_int_equal(gs_mnk_parse_cell(g, "B3"), 7);
    assert_int_equal(gs_mnk_parse_cell(g, "b2"), 4);
    for (int i = 1; i <= 9; i++) {
        snprintf(name, sizeof name, "%d", i);
        assert_int_equal(gs_mnk_parse_cell(g, name), i - 1);
    }
    static const char *const bad[] = {"0", "10", "d1", "", "a0", "a4", "a",
                                      "1a", " a1", "a1 ", "-1", "+1", "a01",
                                      "05", "aa1", "b", "99999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        if (gs_mnk_parse_cell(g, bad[i]) != -1)
            fail_msg("\"%s\" gave %d", bad[i], gs_mnk_parse_cell(g, bad[i]));
    assert_int_equal(gs_mnk_parse_cell(g, NULL), -1);

    /* the game's action names are the cell names, snprintf-style */
    gs_game game;
    gs_mnk_game(g, &game);
    sbuf s;
    gs_mnk_empty(g, &s);
    assert_int_equal(game.action_name(game.ctx, &s, 7, name, sizeof name), 2);
    assert_string_equal(name, "b3");
    assert_int_equal(game.action_name(game.ctx, &s, 7, NULL, 0), 2);
    gs_mnk_free(g);

    /* wide boards: columns past z are aa, ab, ... */
    g = make(32, 32, 5);
    gs_mnk_cell_name(g, 25, name, sizeof name);
    assert_string_equal(name, "z1");
    gs_mnk_cell_name(g, 26, name, sizeof name);
    assert_string_equal(name, "aa1");
    gs_mnk_cell_name(g, 1023, name, sizeof name);
    assert_string_equal(name, "af32");
    for (int c = 0; c < 1024; c++) {
        gs_mnk_cell_name(g, c, name, sizeof name);
        assert_int_equal(gs_mnk_parse_cell(g, name), c);
    }
    assert_int_equal(gs_mnk_parse_cell(g, "AF32"), 1023);
    assert_int_equal(gs_mnk_parse_cell(g, "ag1"), -1);
    assert_int_equal(gs_mnk_parse_cell(g, "a33"), -1);
    assert_int_equal(gs_mnk_parse_cell(g, "1024"), 1023);
    assert_int_equal(gs_mnk_parse_cell(g, "1025"), -1);
    assert_int_equal(gs_mnk_parse_cell(g, "aaa1"), -1);
    gs_mnk_free(g);
    g = make(3, 26, 3);
    assert_int_equal(gs_mnk_parse_cell(g, "z3"), 77);
    assert_int_equal(gs_mnk_parse_cell(g, "aa1"), -1);
    gs_mnk_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft_3x3),
        cmocka_unit_test(test_hash_consistency),
        cmocka_unit_test(test_wins),
        cmocka_unit_test(test_parse_format),
        cmocka_unit_test(test_actions_radius),
        cmocka_unit_test(test_eval_lines),
        cmocka_unit_test(test_eval_threats),
        cmocka_unit_test(test_order_hint),
        cmocka_unit_test(test_engine_3x3),
        cmocka_unit_test(test_engine_etc),
        cmocka_unit_test(test_engine_4x3),
        cmocka_unit_test(test_engine_gomoku),
        cmocka_unit_test(test_allocation_failures),
        cmocka_unit_test(test_params),
        cmocka_unit_test(test_cell_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
