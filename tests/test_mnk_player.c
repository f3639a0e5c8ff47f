/*
 * tests/test_mnk_player.c: the m,n,k computer player (gamesearch/mnk.h,
 * "Playing and solving"): its settings per board size, the engine options
 * of a move and of a solve, outcomes and the reasons a game is over, the
 * solve of tic-tac-toe positions (values, optimal cells and node counts as
 * `gamesearch ttt --solve` prints them), its moves, perfect play against
 * itself, a time-limited Gomoku move, bad arguments and allocation
 * failure, the board and a solve as text, and a game through its
 * callbacks: what each is told and when, how it ended, its refusals.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/mnk.h"

#include "mnk_fixture.h"
#include "sink.h"
#include "track_alloc.h"

static void test_settings(void **state)
{
    (void)state;
    gs_mnk_params p;
    gs_mnk_params_init(&p);
    assert_false(gs_mnk_is_large(&p));
    gs_mnk_params_for_play(&p, true);
    assert_int_equal(p.eval, GS_MNK_EVAL_LINES);
    assert_true(p.order_hint);
    assert_int_equal(p.radius, 0);

    p.rows = p.cols = 4;    /* 16 cells: still small */
    assert_false(gs_mnk_is_large(&p));
    p.cols = 5;
    assert_true(gs_mnk_is_large(&p));
    p.eval = GS_MNK_EVAL_NONE;
    gs_mnk_params_for_play(&p, false);   /* the evaluation kept */
    assert_int_equal(p.eval, GS_MNK_EVAL_NONE);
    assert_int_equal(p.radius, 2);
    gs_mnk_params_for_play(&p, true);
    assert_int_equal(p.eval, GS_MNK_EVAL_THREATS);

    gs_mnk_player_params pp;
    gs_mnk_player_params_init(&pp);
    assert_int_equal(pp.algo, GS_ALPHABETA);
    assert_int_equal(pp.depth, 0);
    assert_true(pp.max_seconds == 1.0);
    assert_true(pp.use_tt);
}

static void test_search_options(void **state)
{
    (void)state;
    gs_mnk *small = mnk_fixture_make(3, 3, 3), *large = mnk_fixture_make(15, 15, 5);
    gs_mnk_player_params pp;
    gs_mnk_player_params_init(&pp);
    pp.algo = GS_MINIMAX;
    pp.depth = 3;
    pp.use_tt = false;
    pp.max_seconds = 0.5;
    gs_search_options so;

    gs_mnk_search_options(small, &pp, false, &so);
    assert_int_equal(so.algo, GS_MINIMAX);
    assert_int_equal(so.depth, 3);
    assert_false(so.use_tt);
    assert_true(so.order_moves);
    assert_false(so.iterative);
    assert_true(so.max_seconds == 0.0);

    gs_mnk_search_options(large, &pp, false, &so);
    assert_true(so.iterative);
    assert_true(so.max_seconds == 0.5);
    gs_mnk_search_options(large, &pp, true, &so);   /* a solve: no clock */
    assert_false(so.iterative);
    assert_true(so.max_seconds == 0.0);
    gs_mnk_free(small);
    gs_mnk_free(large);
}

static void test_outcome_and_over(void **state)
{
    (void)state;
    assert_int_equal(gs_mnk_outcome(GS_MNK_WIN - 9), 1);
    assert_int_equal(gs_mnk_outcome(GS_MNK_WIN - 1024), 1);
    assert_int_equal(gs_mnk_outcome(-(GS_MNK_WIN - 5)), -1);
    assert_int_equal(gs_mnk_outcome(0.0), 0);
    assert_int_equal(gs_mnk_outcome(GS_MNK_EVAL_MAX - 1), 0);
    assert_int_equal(gs_mnk_outcome(-(GS_MNK_EVAL_MAX - 1)), 0);

    gs_mnk *g = mnk_fixture_make(3, 3, 3);
    sbuf s;
    mnk_fixture_parse(g, ".........", &s);
    assert_null(gs_mnk_over_reason(g, &s));
    mnk_fixture_parse(g, "XXXOO....", &s);
    assert_string_equal(gs_mnk_over_reason(g, &s), "X has a line");
    mnk_fixture_parse(g, "XX.OOOX.X", &s);
    assert_string_equal(gs_mnk_over_reason(g, &s), "O has a line");
    mnk_fixture_parse(g, "XOXXOOOXX", &s);
    assert_string_equal(gs_mnk_over_reason(g, &s), "the board is full");
    /* Positions to play on: open ones only. */
    gs_error err;
    assert_int_equal(gs_mnk_parse_open(g, "X...O....", &s, &err), GS_OK);
    assert_int_equal(gs_mnk_stones(g, &s), 2);
    assert_int_equal(gs_mnk_parse_open(g, "XX.OOOX.X", &s, &err), GS_EINVAL);
    assert_string_equal(err.message, "the game is already over (O has a "
                                     "line)");
    assert_int_equal(err.line, 0);
    assert_int_equal(gs_mnk_parse_open(g, "XOXXOOOXX", &s, NULL), GS_EINVAL);
    assert_int_equal(gs_mnk_parse_open(g, "XOXXOOOXZ", &s, &err), GS_EPARSE);
    assert_int_equal(err.column, 9);
    gs_mnk_free(g);
}

/* An MCTS solve is bounded: by its iterations, its time and
 * GS_MNK_MCTS_SOLVE_NODES; one a limit stops says so, with what it
 * proved, and stops there. */
static void test_mcts_solve_limits(void **state)
{
    (void)state;
    gs_mnk *g = mnk_fixture_make(4, 4, 4);
    gs_mnk_player_params pp;
    gs_mnk_player_params_init(&pp);
    pp.algo = GS_MCTS;
    pp.iterations = 50;
    gs_mnk_player *pl = NULL;
    assert_int_equal(gs_mnk_player_new(g, &pp, NULL, &pl), GS_OK);
    sbuf s;
    mnk_fixture_parse(g, "................", &s);
    gs_mnk_solution sol;
    assert_int_equal(gs_mnk_player_solve(pl, &s, &sol), GS_OK);
    assert_true(sol.unproved);
    assert_int_equal(sol.stopped, GS_STOP_NONE);   /* the iterations */
    assert_int_equal(sol.proved, 0);
    assert_int_equal(sol.empty, 16);
    assert_int_equal(sol.nbest, 0);
    assert_int_equal(sol.value, -2);
    buffer b = {0};
    sol.nodes = 1234;
    sol.seconds = 0.001;
    assert_int_equal(gs_mnk_solution_json(&sol, to_buffer, &b), 0);
    assert_string_equal(b.text, "{\"value\":null,\"stopped\":\"iterations\","
                        "\"proved\":0,\"moves\":16,\"best_proved\":[],"
                        "\"nodes\":1234,\"time_ms\":1.000}\n");
    free(b.text);
    gs_mnk_player_free(pl);

    /* The time limit, over the whole solve. */
    pp.iterations = 0;
    pp.max_seconds = 0.05;
    assert_int_equal(gs_mnk_player_new(g, &pp, NULL, &pl), GS_OK);
    assert_int_equal(gs_mnk_player_solve(pl, &s, &sol), GS_OK);
    assert_true(sol.unproved);
    assert_int_equal(sol.stopped, GS_STOP_TIME);
    assert_true(sol.nodes <= GS_MNK_MCTS_SOLVE_NODES);
    assert_true(sol.seconds < 1.0);
    memset(&b, 0, sizeof b);
    sol.proved = 0;
    assert_int_equal(gs_mnk_solution_text(g, &s, &sol, 0, to_buffer, &b), 0);
    assert_non_null(strstr(b.text, "X to move: not proved: the time limit "
                                   "stopped the search (0 of 16 moves "
                                   "proved)\nbest of the proved moves: "
                                   "(none)\nnodes: "));
    free(b.text);
    gs_mnk_player_free(pl);

    /* Within the node limit the solver proves every move. */
    gs_mnk *g3 = mnk_fixture_make(4, 4, 3);
    pp.max_seconds = 0;
    assert_int_equal(gs_mnk_player_new(g3, &pp, NULL, &pl), GS_OK);
    mnk_fixture_parse(g3, "XO..O.X.........", &s);
    assert_int_equal(gs_mnk_player_solve(pl, &s, &sol), GS_OK);
    assert_false(sol.unproved);
    assert_int_equal(sol.proved, 12);
    assert_int_equal(sol.value, 1);
    gs_mnk_player_free(pl);
    gs_mnk_free(g3);
    gs_mnk_free(g);
}

static void expect_solve(const gs_mnk *g, const char *position, int depth,
                         int value, const char *best, uint64_t nodes)
{
    gs_mnk_player_params pp;
    gs_mnk_player_params_init(&pp);
    pp.depth = depth;
    gs_mnk_player *pl = NULL;
    assert_int_equal(gs_mnk_player_new(g, &pp, NULL, &pl), GS_OK);
    sbuf s;
    mnk_fixture_parse(g, position, &s);
    gs_mnk_solution sol;
    assert_int_equal(gs_mnk_player_solve(pl, &s, &sol), GS_OK);
    char got[256];
    size_t n = 0;
    got[0] = '\0';
    for (int i = 0; i < sol.nbest; i++)
        n += (size_t)snprintf(got + n, sizeof got - n, "%s%d", i ? "," : "",
                              sol.best[i]);
    if (sol.value != value || strcmp(got, best) != 0 || sol.nodes != nodes)
        fail_msg("solve '%s': value %d best [%s] nodes %llu; expected %d [%s] "
                 "%llu", position, sol.value, got,
                 (unsigned long long)sol.nodes, value, best,
                 (unsigned long long)nodes);
    assert_true(sol.seconds >= 0.0);
    gs_mnk_player_free(pl);
}

/* Values, optimal cells and node counts as `gamesearch ttt --solve ...
 * --json` printed them. */
static void test_solve(void **state)
{
    (void)state;
    gs_mnk *g = mnk_fixture_make(3, 3, 3);
    expect_solve(g, ".........", 0, 0, "0,1,2,3,4,5,6,7,8", 2129);
    expect_solve(g, "....X....", 0, 0, "0,2,6,8", 1186);
    expect_solve(g, "XX.OO....", 0, 1, "2", 49);
    expect_solve(g, "X.X.O....", 0, 0, "1", 135);
    expect_solve(g, "XO..X...O", 0, 1, "3,6", 87);
    expect_solve(g, "XO.XX...O", 0, -1, "2,5,6,7", 25);
    expect_solve(g, "XO.XX...O", 1, -1, "2,5,6,7", 17);
    gs_mnk_free(g);

    /* `gamesearch mnk --size 5x5 --k 4 --solve X.......................O
     * --depth 3` */
    gs_mnk_params p;
    gs_mnk_params_init(&p);
    p.rows = p.cols = 5;
    p.k = 4;
    gs_mnk_params_for_play(&p, true);
    assert_int_equal(gs_mnk_new(&p, NULL, &g), GS_OK);
    expect_solve(g, "X.......................O", 3, 0,
                 "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23",
                 9537);
    gs_mnk_free(g);
}

/* A solve by plain minimax visits the whole tree below the position once,
 * as one minimax search from it does, so both count the same nodes, the
 * position itself included: 549,946 for tic-tac-toe's empty board. */
static void test_solve_counts_the_root(void **state)
{
    (void)state;
    static const char *const positions[] = {".........", "....X....",
                                            "XX.OO....", "XO..X...O"};
    gs_mnk *g = mnk_fixture_make(3, 3, 3);
    gs_mnk_player_params pp;
    gs_mnk_player_params_init(&pp);
    pp.algo = GS_MINIMAX;
    pp.use_tt = false;
    gs_mnk_player *pl = NULL;
    assert_int_equal(gs_mnk_player_new(g, &pp, NULL, &pl), GS_OK);
    gs_engine *e = NULL;
    gs_game game;
    gs_mnk_game(g, &game);
    assert_int_equal(gs_engine_new(&game, NULL, &e), GS_OK);
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
        sbuf s;
        mnk_fixture_parse(g, positions[i], &s);
        gs_mnk_solution sol;
        assert_int_equal(gs_mnk_player_solve(pl, &s, &sol), GS_OK);
        gs_search_options so;
        gs_mnk_search_options(g, &pp, true, &so);
        gs_result r;
        assert_int_equal(gs_search(e, &s, &so, &r), GS_OK);
        if (sol.nodes != r.nodes)
            fail_msg("'%s': the solve counts %llu nodes, one search %llu",
                     positions[i], (unsigned long long)sol.nodes,
                     (unsigned long long)r.nodes);
        if (i == 0)
            assert_true(sol.nodes == 549946);
    }
    gs_engine_free(e);
    gs_mnk_player_free(pl);
    gs_mnk_free(g);
}

/* The computer's answer to b2 is a corner, as docs/playing.md shows (337 nodes);
 * two computers draw tic-tac-toe; a finished game has no move. */
static void test_moves(void **state)
{
    (void)state;
    gs_mnk *g = mnk_fixture_make(3, 3, 3);
    gs_mnk_player *pl = NULL;
    assert_int_equal(gs_mnk_player_new(g, NULL, NULL, &pl), GS_OK);
    sbuf s;
    mnk_fixture_parse(g, "....X....", &s);
    gs_mnk_move m;
    assert_int_equal(gs_mnk_player_move(pl, &s, &m), GS_OK);
    assert_int_equal(m.cell, 0);
    assert_true(m.nodes == 337);
    assert_false(m.iterative);

    gs_mnk_empty(g, &s);
    while (!gs_mnk_over(g, &s)) {
        assert_int_equal(gs_mnk_player_move(pl, &s, &m), GS_OK);
        assert_true(m.cell >= 0 && m.cell < 9);
        assert_int_equal(gs_mnk_play(g, &s, m.cell), GS_OK);
    }
    assert_int_equal(gs_mnk_winner(g, &s), 0);
    assert_int_equal(gs_mnk_stones(g, &s), 9);
    assert_int_equal(gs_mnk_player_move(pl, &s, &m), GS_EINVAL);
    assert_int_equal(m.cell, -1);
    gs_mnk_solution sol;
    assert_int_equal(gs_mnk_player_solve(pl, &s, &sol), GS_EINVAL);
    gs_mnk_player_free(pl);
    gs_mnk_free(g);
}

/* Gomoku under a short clock: iterative deepening, a cell next to the
 * stones, and the win at once when there is one. */
static void test_gomoku_move(void **state)
{
    (void)state;
    gs_mnk *g = mnk_fixture_make(15, 15, 5);
    gs_mnk_player_params pp;
    gs_mnk_player_params_init(&pp);
    pp.max_seconds = 0.2;
    gs_mnk_player *pl = NULL;
    assert_int_equal(gs_mnk_player_new(g, &pp, NULL, &pl), GS_OK);
    sbuf s;
    gs_mnk_empty(g, &s);
    const char *moves[] = {"h8", "a1", "h9", "a2", "h10", "a3", "h11", "o15"};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
        assert_int_equal(gs_mnk_play(g, &s, gs_mnk_parse_cell(g, moves[i])),
                         GS_OK);
    gs_mnk_move m;
    assert_int_equal(gs_mnk_player_move(pl, &s, &m), GS_OK);
    assert_true(m.iterative);
    assert_true(m.depth >= 1);
    assert_true(m.cell == gs_mnk_parse_cell(g, "h7") ||
                m.cell == gs_mnk_parse_cell(g, "h12"));
    gs_mnk_player_free(pl);
    gs_mnk_free(g);
}

/* A player always moves: with a time too short for the search to finish
 * any move (it stops at its first node), the move is the cell the game's
 * ordering tries first: here X's win, h7 or h12, then on every position
 * of a game played that way an empty cell. */
static void test_move_without_time(void **state)
{
    (void)state;
    gs_mnk *g = mnk_fixture_make(15, 15, 5);
    gs_mnk_player_params pp;
    gs_mnk_player_params_init(&pp);
    pp.max_seconds = 1e-9;
    gs_mnk_player *pl = NULL;
    assert_int_equal(gs_mnk_player_new(g, &pp, NULL, &pl), GS_OK);
    sbuf s;
    gs_mnk_empty(g, &s);
    const char *moves[] = {"h8", "a1", "h9", "a2", "h10", "a3", "h11", "o15"};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
        assert_int_equal(gs_mnk_play(g, &s, gs_mnk_parse_cell(g, moves[i])),
                         GS_OK);
    gs_mnk_move m;
    assert_int_equal(gs_mnk_player_move(pl, &s, &m), GS_OK);
    assert_int_equal(m.depth, 0);
    assert_true(m.cell == gs_mnk_parse_cell(g, "h7") ||
                m.cell == gs_mnk_parse_cell(g, "h12"));
    gs_mnk_empty(g, &s);
    while (!gs_mnk_over(g, &s)) {
        assert_int_equal(gs_mnk_player_move(pl, &s, &m), GS_OK);
        assert_true(m.cell >= 0 && m.cell < 15 * 15);
        assert_int_equal(gs_mnk_cell(g, &s, m.cell), 0);
        assert_int_equal(gs_mnk_play(g, &s, m.cell), GS_OK);
    }
    gs_mnk_player_free(pl);
    gs_mnk_free(g);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    gs_mnk *g = mnk_fixture_make(3, 3, 3);
    gs_mnk_player_params pp;
    gs_mnk_player_params_init(&pp);
    gs_mnk_player *pl = (gs_mnk_player *)&pp;
    assert_int_equal(gs_mnk_player_new(NULL, &pp, NULL, &pl), GS_EINVAL);
    assert_null(pl);
    assert_int_equal(gs_mnk_player_new(g, &pp, NULL, NULL), GS_EINVAL);
    pp.depth = -1;
    assert_int_equal(gs_mnk_player_new(g, &pp, NULL, &pl), GS_EINVAL);
    pp.depth = 0;
    pp.algo = GS_EXPECTIMAX;
    assert_int_equal(gs_mnk_player_new(g, &pp, NULL, &pl), GS_EINVAL);
    assert_null(pl);
    gs_mnk_player_free(NULL);

    assert_int_equal(gs_mnk_player_new(g, NULL, NULL, &pl), GS_OK);
    sbuf s;
    gs_mnk_empty(g, &s);
    gs_mnk_move m;
    gs_mnk_solution sol;
    assert_int_equal(gs_mnk_player_move(pl, NULL, &m), GS_EINVAL);
    assert_int_equal(gs_mnk_player_move(NULL, &s, &m), GS_EINVAL);
    assert_int_equal(gs_mnk_player_move(pl, &s, NULL), GS_EINVAL);
    assert_int_equal(gs_mnk_player_solve(pl, NULL, &sol), GS_EINVAL);
    assert_int_equal(sol.nbest, 0);
    assert_int_equal(gs_mnk_player_solve(pl, &s, NULL), GS_EINVAL);
    gs_mnk_player_free(pl);
    gs_mnk_free(g);
}

/* Every allocation of a player's life (creating it, a solve, a move)
 * failed in turn: GS_ENOMEM, nothing leaked, and the same answers once
 * allocation works. */
static void test_allocation_failure(void **state)
{
    (void)state;
    gs_mnk *g = mnk_fixture_make(3, 3, 3);
    sbuf s;
    mnk_fixture_parse(g, "....X....", &s);
    long n, failed = 0;
    for (n = 1;; n++) {
        track t;
        gs_allocator a = tracker(&t);
        t.fail_at = n;
        gs_mnk_player *pl = NULL;
        int rc = gs_mnk_player_new(g, NULL, &a, &pl);
        if (rc != GS_OK) {
            assert_int_equal(rc, GS_ENOMEM);
            assert_null(pl);
            assert_true(t.live == 0);
            failed++;
            continue;
        }
        gs_mnk_solution sol;
        rc = gs_mnk_player_solve(pl, &s, &sol);
        if (rc == GS_OK) {
            gs_mnk_move m;
            rc = gs_mnk_player_move(pl, &s, &m);
            if (rc == GS_OK)
                assert_int_equal(m.cell, 0);
        } else {
            assert_int_equal(sol.nbest, 0);
        }
        if (rc != GS_OK) {
            assert_int_equal(rc, GS_ENOMEM);
            failed++;
        } else {
            assert_int_equal(sol.value, 0);
            assert_int_equal(sol.nbest, 4);
        }
        gs_mnk_player_free(pl);
        assert_true(t.live == 0);
        if (t.failed == 0)
            break;   /* every allocation has been failed once */
    }
    assert_true(failed >= 3);   /* the player, its engine, its state */
    gs_mnk_free(g);
}

static void test_text(void **state)
{
    (void)state;
    gs_mnk *g = mnk_fixture_make(3, 3, 3);
    sbuf s;
    mnk_fixture_parse(g, "X.O.X...O", &s);
    static const char small[] = "     a   b   c\n"
                                "  1  X | . | O\n"
                                "    ---+---+---\n"
                                "  2  . | X | .\n"
                                "    ---+---+---\n"
                                "  3  . | . | O\n";
    char buf[256];
    assert_int_equal(gs_mnk_board_text(g, &s, NULL, 0), strlen(small));
    assert_int_equal(gs_mnk_board_text(g, &s, buf, sizeof buf), strlen(small));
    assert_string_equal(buf, small);
    /* cut short as snprintf cuts, the whole length still returned */
    assert_int_equal(gs_mnk_board_text(g, &s, buf, 20), strlen(small));
    assert_string_equal(buf, "     a   b   c\n  1 ");
    gs_mnk_free(g);

    g = mnk_fixture_make(2, 5, 2);
    mnk_fixture_parse(g, "X....O....", &s);
    assert_int_equal(gs_mnk_board_text(g, &s, buf, sizeof buf), 42);
    assert_string_equal(buf, "    a b c d e\n"
                             "  1 X . . . .\n"
                             "  2 O . . . .\n");

    /* a solve as text: the board, X to move, after a depth limit */
    gs_mnk_solution sol = {.value = -1, .nbest = 3, .best = {2, 5, 7},
                           .nodes = 12345, .seconds = 0.0012345};
    buffer k = {0};
    assert_int_equal(gs_mnk_solution_text(g, &s, &sol, 3, to_buffer, &k), 0);
    assert_string_equal(k.text, "    a b c d e\n  1 X . . . .\n"
                        "  2 O . . . .\nX to move: loses\nvalue: -1\n"
                        "optimal moves: c1 a2 c2\nnodes: 12,345, time: 1.234 "
                        "ms\n(searched 3 plies deep: 0 means no win was "
                        "found within them)\n");
    free(k.text);
    k = (buffer){.refuse_at = 1};
    assert_int_equal(gs_mnk_solution_text(g, &s, &sol, 0, to_buffer, &k), 7);
    assert_null(k.text);
    gs_mnk_free(g);

    sol.nodes = 25;
    k = (buffer){0};
    assert_int_equal(gs_mnk_solution_json(&sol, to_buffer, &k), 0);
    assert_string_equal(k.text, "{\"value\":-1,\"best\":[2,5,7],\"nodes\":25,"
                        "\"time_ms\":1.234}\n");
    free(k.text);
    /* a refused write is the writer's result */
    k = (buffer){.refuse_at = 1};
    assert_int_equal(gs_mnk_solution_json(&sol, to_buffer, &k), 7);
    assert_null(k.text);
}

/* What a game of gs_mnk_player_play told its callbacks, as one line:
 * "show FILLING" at each position shown, "ask" and "chose CELL" at each
 * turn; the next moves of the person (-1: leave) and when chose leaves. */
typedef struct moves_log {
    const gs_mnk *g;
    char text[1024];
    const int *cells;
    size_t n, next;
    int leave_after;     /* chose leaves at its call number leave_after
                            (1, 2, ...); 0: never */
    int chosen;
} moves_log;

static void log_add(moves_log *l, const char *what, const char *more)
{
    size_t used = strlen(l->text);
    snprintf(l->text + used, sizeof l->text - used, "%s%s%s%s",
             used ? "; " : "", what, *more ? " " : "", more);
}

static void log_show(void *user, const void *s)
{
    moves_log *l = user;
    char filling[64];
    gs_mnk_format(l->g, s, filling, sizeof filling);
    log_add(l, "show", filling);
}

static int log_ask(void *user, const void *s)
{
    moves_log *l = user;
    (void)s;
    log_add(l, "ask", "");
    assert_true(l->next < l->n);
    return l->cells[l->next++];
}

static bool log_chose(void *user, const void *s, const gs_mnk_move *m)
{
    moves_log *l = user;
    char cell[16];
    (void)s;
    snprintf(cell, sizeof cell, "%d", m->cell);
    log_add(l, "chose", cell);
    return ++l->chosen == l->leave_after;
}

static void test_play(void **state)
{
    (void)state;
    gs_mnk *g = mnk_fixture_make(3, 3, 3);
    gs_mnk_player *pl = NULL;
    assert_int_equal(gs_mnk_player_new(g, NULL, NULL, &pl), GS_OK);
    sbuf s;
    gs_mnk_game_result r;

    /* two people: every move asked for, the game won by X */
    static const int line[] = {0, 3, 1, 4, 2};
    moves_log l = {.g = g, .cells = line, .n = 5};
    gs_mnk_game_play play = {.show = log_show, .ask = log_ask,
                             .chose = log_chose, .user = &l};
    gs_mnk_empty(g, &s);
    assert_int_equal(gs_mnk_player_play(pl, &s, &play, &r), GS_OK);
    assert_string_equal(l.text, "show .........; ask; show X........; ask; "
                        "show X..O.....; ask; show XX.O.....; ask; "
                        "show XX.OO....; ask; show XXXOO....");
    assert_int_equal(r.end, GS_MNK_GAME_OVER);
    assert_int_equal(r.winner, 1);
    assert_int_equal(r.moves, 5);

    /* the computer as O: it blocks the row, then the person leaves */
    static const int leave[] = {0, 1, -1};
    l = (moves_log){.g = g, .cells = leave, .n = 3};
    play.computer[1] = true;
    gs_mnk_empty(g, &s);
    assert_int_equal(gs_mnk_player_play(pl, &s, &play, &r), GS_OK);
    assert_int_equal(r.end, GS_MNK_GAME_LEFT);
    assert_int_equal(r.moves, 4);
    assert_int_equal(gs_mnk_cell(g, &s, 2), 2);   /* c1: the block */
    assert_non_null(strstr(l.text, "show XX..O....; chose 2; show XXO.O....; "
                           "ask"));

    /* two computers play tic-tac-toe to a draw; a finished game ends at
     * once; chose's true leaves before its move is played */
    l = (moves_log){.g = g};
    play.computer[0] = true;
    gs_mnk_empty(g, &s);
    assert_int_equal(gs_mnk_player_play(pl, &s, &play, &r), GS_OK);
    assert_int_equal(r.end, GS_MNK_GAME_OVER);
    assert_int_equal(r.winner, 0);
    assert_int_equal(r.moves, 9);
    assert_int_equal(l.chosen, 9);
    l = (moves_log){.g = g};
    assert_int_equal(gs_mnk_player_play(pl, &s, &play, &r), GS_OK);
    assert_int_equal(r.moves, 0);
    assert_int_equal(r.end, GS_MNK_GAME_OVER);
    assert_int_equal(r.winner, 0);
    assert_int_equal(l.chosen, 0);
    l = (moves_log){.g = g, .leave_after = 2};
    gs_mnk_empty(g, &s);
    assert_int_equal(gs_mnk_player_play(pl, &s, &play, &r), GS_OK);
    assert_int_equal(r.end, GS_MNK_GAME_LEFT);
    assert_int_equal(r.moves, 1);
    assert_int_equal(gs_mnk_stones(g, &s), 1);

    /* no callbacks at all: two computers need none */
    gs_mnk_game_play bare = {.computer = {true, true}};
    gs_mnk_empty(g, &s);
    assert_int_equal(gs_mnk_player_play(pl, &s, &bare, &r), GS_OK);
    assert_int_equal(r.moves, 9);

    /* bad arguments; a taken cell from ask is refused, not played */
    static const int taken[] = {4, 4};
    l = (moves_log){.g = g, .cells = taken, .n = 2};
    play.computer[0] = play.computer[1] = false;
    gs_mnk_empty(g, &s);
    assert_int_equal(gs_mnk_player_play(pl, &s, &play, &r), GS_EINVAL);
    assert_int_equal(r.end, GS_MNK_GAME_LEFT);
    assert_int_equal(r.moves, 1);
    assert_int_equal(gs_mnk_stones(g, &s), 1);
    static const int off[] = {9};
    l = (moves_log){.g = g, .cells = off, .n = 1};
    gs_mnk_empty(g, &s);
    assert_int_equal(gs_mnk_player_play(pl, &s, &play, &r), GS_EINVAL);
    assert_int_equal(gs_mnk_stones(g, &s), 0);
    play.ask = NULL;
    assert_int_equal(gs_mnk_player_play(pl, &s, &play, &r), GS_EINVAL);
    assert_int_equal(gs_mnk_player_play(NULL, &s, &bare, &r), GS_EINVAL);
    assert_int_equal(gs_mnk_player_play(pl, NULL, &bare, &r), GS_EINVAL);
    assert_int_equal(gs_mnk_player_play(pl, &s, NULL, &r), GS_EINVAL);
    assert_int_equal(gs_mnk_player_play(pl, &s, &bare, NULL), GS_EINVAL);
    gs_mnk_player_free(pl);
    gs_mnk_free(g);
}

static void log_undone(void *user, const void *s, int moves)
{
    moves_log *l = user;
    char text[80];
    gs_mnk_format(l->g, s, text + 40, 40);
    snprintf(text, 40, "%d", moves);
    log_add(l, "undone", text);
    log_add(l, "at", text + 40);
}

/* The game keeps its moves: undo goes back to the person's last turn,
 * over the computer's reply; with nothing to take back, says 0 and asks
 * again. */
static void test_play_undo(void **state)
{
    (void)state;
    gs_mnk *g = mnk_fixture_make(3, 3, 3);
    gs_mnk_player *pl = NULL;
    assert_int_equal(gs_mnk_player_new(g, NULL, NULL, &pl), GS_OK);
    sbuf s;
    gs_mnk_game_result r;

    /* the person X, the computer O: undo at the start, a move, undo, a
     * move, leave */
    static const int answers[] = {GS_MNK_ASK_UNDO, 4, GS_MNK_ASK_UNDO, 0,
                                  -1};
    moves_log l = {.g = g, .cells = answers, .n = 5};
    gs_mnk_game_play play = {.computer = {false, true}, .show = log_show,
                             .ask = log_ask, .chose = log_chose,
                             .undone = log_undone, .user = &l};
    gs_mnk_empty(g, &s);
    assert_int_equal(gs_mnk_player_play(pl, &s, &play, &r), GS_OK);
    assert_string_equal(l.text, "show .........; ask; undone 0; at "
                        ".........; ask; show ....X....; chose 0; "
                        "show O...X....; ask; undone 2; at .........; "
                        "show .........; ask; show X........; chose 4; "
                        "show X...O....; ask");
    assert_int_equal(r.end, GS_MNK_GAME_LEFT);
    assert_int_equal(r.moves, 2);
    assert_int_equal(gs_mnk_last_move(g, &s), 4);

    /* from a position read (its last move unknown), the computer first:
     * undo goes back over the person's move and the reply, no further */
    static const int again[] = {1, GS_MNK_ASK_UNDO, GS_MNK_ASK_UNDO, -1};
    l = (moves_log){.g = g, .cells = again, .n = 4};
    play.computer[0] = true;
    play.computer[1] = false;
    mnk_fixture_parse(g, "X...O....", &s);
    assert_int_equal(gs_mnk_last_move(g, &s), -1);
    assert_int_equal(gs_mnk_player_play(pl, &s, &play, &r), GS_OK);
    assert_non_null(strstr(l.text, "undone 2; at X.X.O....; show X.X.O....; "
                           "ask; undone 0; at X.X.O....; ask"));
    assert_int_equal(r.moves, 1);
    assert_int_equal(gs_mnk_last_move(g, &s), 2);

    /* no undone callback: undo still takes back */
    static const int quiet[] = {4, GS_MNK_ASK_UNDO, -1};
    l = (moves_log){.g = g, .cells = quiet, .n = 3};
    play = (gs_mnk_game_play){.computer = {false, true}, .ask = log_ask,
                              .user = &l};
    gs_mnk_empty(g, &s);
    assert_int_equal(gs_mnk_player_play(pl, &s, &play, &r), GS_OK);
    assert_int_equal(gs_mnk_stones(g, &s), 0);
    assert_int_equal(r.moves, 0);

    /* out of memory for the moves kept */
    track t;
    gs_allocator a = tracker(&t);
    gs_mnk_player *tracked = NULL;
    assert_int_equal(gs_mnk_player_new(g, NULL, &a, &tracked), GS_OK);
    t.fail_at = t.count + 2;   /* the first position's copy */
    l = (moves_log){.g = g, .cells = quiet, .n = 3};
    gs_mnk_empty(g, &s);
    assert_int_equal(gs_mnk_player_play(tracked, &s, &play, &r), GS_ENOMEM);
    assert_int_equal(gs_mnk_stones(g, &s), 0);
    assert_int_equal(t.failed, 1);
    gs_mnk_player_free(tracked);
    assert_int_equal(t.live, 0);
    gs_mnk_player_free(pl);
    gs_mnk_free(g);
}

/* The last move, the winner's line, the value of a move. */
static void test_line_and_last(void **state)
{
    (void)state;
    gs_mnk *g = mnk_fixture_make(3, 3, 3);
    sbuf s;
    int cells[GS_MNK_MAX_SIDE];
    gs_mnk_empty(g, &s);
    assert_int_equal(gs_mnk_last_move(g, &s), -1);
    assert_int_equal(gs_mnk_winning_line(g, &s, cells), 0);
    static const int diag[] = {2, 0, 4, 1, 6};   /* X c1 b2 a3 */
    for (int i = 0; i < 5; i++)
        gs_mnk_play(g, &s, diag[i]);
    assert_int_equal(gs_mnk_last_move(g, &s), 6);
    assert_int_equal(gs_mnk_winning_line(g, &s, cells), 3);
    assert_int_equal(cells[0], 2);
    assert_int_equal(cells[1], 4);
    assert_int_equal(cells[2], 6);
    /* a position read: the line found all the same */
    mnk_fixture_parse(g, "OX.OX..X.", &s);
    assert_int_equal(gs_mnk_winning_line(g, &s, cells), 3);
    assert_int_equal(cells[0], 1);
    assert_int_equal(cells[2], 7);

    /* a longer row than k: all of it (freestyle) */
    gs_mnk *wide = mnk_fixture_make(3, 6, 4);
    mnk_fixture_parse(wide, "XXXXX.OOO...O.....", &s);
    assert_int_equal(gs_mnk_winning_line(wide, &s, cells), 5);
    assert_int_equal(cells[4], 4);
    gs_mnk_free(wide);

    /* a move's value: X wins at once */
    gs_mnk_player *pl = NULL;
    assert_int_equal(gs_mnk_player_new(g, NULL, NULL, &pl), GS_OK);
    mnk_fixture_parse(g, "XX.OO....", &s);
    gs_mnk_move m;
    assert_int_equal(gs_mnk_player_move(pl, &s, &m), GS_OK);
    assert_int_equal(m.cell, 2);
    assert_int_equal(gs_mnk_outcome(m.value), 1);
    gs_mnk_player_free(pl);
    gs_mnk_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_settings),
        cmocka_unit_test(test_search_options),
        cmocka_unit_test(test_outcome_and_over),
        cmocka_unit_test(test_solve),
        cmocka_unit_test(test_solve_counts_the_root),
        cmocka_unit_test(test_moves),
        cmocka_unit_test(test_gomoku_move),
        cmocka_unit_test(test_move_without_time),
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_allocation_failure),
        cmocka_unit_test(test_text),
        cmocka_unit_test(test_mcts_solve_limits),
        cmocka_unit_test(test_play),
        cmocka_unit_test(test_play_undo),
        cmocka_unit_test(test_line_and_last),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
