/*
 * tests/test_c4_play.c: what `gamesearch connect4` asks of a position
 * beyond a solve (gamesearch/connect4.h, "What the program asks of a
 * position"): a line of solve, the computer's choice watched by a poll
 * callback (and cancelled by it), an MCTS decision with every column's
 * statistics, and the text the program prints of them, of the board and of
 * an analysis.
 *
 * The scores and node counts are those `gamesearch connect4 solve
 * --no-book --tt-mb 4` prints for the same lines (one thread, so they do
 * not vary); the MCTS figures those of `gamesearch connect4 analyze
 * --algo mcts` (seed 0).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/connect4.h"

#include "connect4_fixture.h"
#include "needs_threads.h"
#include "sink.h"
#include "track_alloc.h"

#define TABLE_BYTES ((size_t)4 << 20)

typedef struct fixture {
    gs_c4 *g;
    gs_c4_solver *sv;
} fixture;

static void open_board(fixture *f, int width, int height)
{
    f->g = make(width, height);
    gs_c4_solver_params sp;
    gs_c4_solver_params_init(&sp);
    sp.table_bytes = TABLE_BYTES;
    assert_int_equal(gs_c4_solver_new(f->g, &sp, NULL, &f->sv), GS_OK);
}

static void close_board(fixture *f)
{
    gs_c4_solver_free(f->sv);
    gs_c4_free(f->g);
}

/* ---- A line of solve ---- */

static void test_solve_line(void **state)
{
    (void)state;
    fixture f;
    open_board(&f, 7, 6);
    gs_c4_line r;

    /* trailing blanks are not the position's; the score is Pons's */
    const char *line = "32751571231557 \t\r\n";
    assert_int_equal(gs_c4_solve_line(f.sv, line, strlen(line), false, false,
                                      &r), GS_C4_LINE_SOLVED);
    assert_int_equal(r.outcome, GS_C4_LINE_SOLVED);
    assert_int_equal(r.len, 14);
    assert_int_equal(r.status, GS_OK);
    assert_true(r.solution.known);
    assert_int_equal(r.solution.score, -3);
    assert_int_equal(r.solution.nodes, 100286);
    assert_int_equal(r.win_score, 0);
    /* the table is emptied first: the same count again; kept, fewer */
    gs_c4_solve_line(f.sv, line, strlen(line), false, false, &r);
    assert_int_equal(r.solution.nodes, 100286);
    gs_c4_solve_line(f.sv, line, strlen(line), false, true, &r);
    assert_true(r.solution.nodes < 100286);
    gs_c4_solve_line(f.sv, line, 14, true, false, &r);
    assert_int_equal(r.solution.score, -1);
    assert_int_equal(r.solution.nodes, 75327);

    /* a win at once, checked against the score it must have */
    assert_int_equal(gs_c4_solve_line(f.sv, "445566", 6, false, false, &r),
                     GS_C4_LINE_SOLVED);
    assert_int_equal(r.solution.score, 18);
    assert_int_equal(r.win_score, 18);
    assert_int_equal(r.solution.nodes, 1);
    assert_int_equal(gs_c4_solve_line(f.sv, "445566", 6, true, false, &r),
                     GS_C4_LINE_SOLVED);
    assert_int_equal(r.win_score, 1);
    /* a loss at once needs no such check */
    assert_int_equal(gs_c4_solve_line(f.sv, "44553\n", 6, false, false, &r),
                     GS_C4_LINE_SOLVED);
    assert_int_equal(r.solution.score, -18);
    assert_int_equal(r.win_score, 0);

    /* not a position: where and why, and no solve */
    assert_int_equal(gs_c4_solve_line(f.sv, "448\n", 4, false, false, &r),
                     GS_C4_LINE_BAD);
    assert_int_equal(r.len, 3);
    assert_int_equal(r.error.line, 1);
    assert_int_equal(r.error.column, 3);
    assert_string_equal(r.error.message, "'8' is not a column (columns are 1-7)");
    assert_int_equal(r.solution.nodes, 0);

    /* a limit stops the search */
    gs_c4_solver_free(f.sv);
    gs_c4_solver_params sp;
    gs_c4_solver_params_init(&sp);
    sp.table_bytes = TABLE_BYTES;
    sp.max_nodes = 1000;
    assert_int_equal(gs_c4_solver_new(f.g, &sp, NULL, &f.sv), GS_OK);
    assert_int_equal(gs_c4_solve_line(f.sv, line, 14, false, false, &r),
                     GS_C4_LINE_STOPPED);
    assert_false(r.solution.known);
    assert_int_equal(r.solution.stopped, GS_STOP_NODES);
    assert_int_equal(r.solution.nodes, 1000);

    /* blanks only: the empty board (here, 4x4: a draw) */
    close_board(&f);
    open_board(&f, 4, 4);
    assert_int_equal(gs_c4_solve_line(f.sv, " \r\n", 3, false, false, &r),
                     GS_C4_LINE_SOLVED);
    assert_int_equal(r.len, 0);
    assert_int_equal(r.solution.score, 0);
    assert_int_equal(gs_c4_solve_line(f.sv, NULL, 0, false, false, &r),
                     GS_C4_LINE_SOLVED);

    /* bad arguments */
    assert_int_equal(gs_c4_solve_line(NULL, "1", 1, false, false, &r),
                     GS_C4_LINE_FAILED);
    assert_int_equal(r.status, GS_EINVAL);
    assert_int_equal(gs_c4_solve_line(f.sv, NULL, 1, false, false, &r),
                     GS_C4_LINE_FAILED);
    assert_int_equal(r.status, GS_EINVAL);
    assert_int_equal(gs_c4_solve_line(f.sv, "1", 1, false, false, NULL),
                     GS_C4_LINE_FAILED);
    close_board(&f);
}

/* The text of a line, a move and an MCTS decision (times made exact). */
static void expect_text(buffer *out, int rc, const char *want)
{
    assert_int_equal(rc, 0);
    assert_string_equal(out->text, want);
    free(out->text);
    memset(out, 0, sizeof *out);
}

static void test_line_and_move_write(void **state)
{
    (void)state;
    fixture f;
    open_board(&f, 7, 6);
    buffer out = {0}, refusing = {.refuse_at = 1};
    gs_c4_line r;
    const char *line = "32751571231557 \r\n";
    gs_c4_solve_line(f.sv, line, strlen(line), false, false, &r);
    r.solution.seconds = 0.0123456;
    expect_text(&out, gs_c4_line_write(line, &r, to_buffer, &out),
                "32751571231557 -3 100286 12346\n");
    assert_int_equal(gs_c4_line_write(line, &r, to_buffer, &refusing), 7);
    r.solution.known = false;
    expect_text(&out, gs_c4_line_write(line, &r, to_buffer, &out),
                "32751571231557 ? 100286 12346\n");
    /* the empty board, as the book answers it */
    r.len = 0;
    r.solution = (gs_c4_solution){.known = true, .score = 1, .nodes = 0};
    expect_text(&out, gs_c4_line_write("\n", &r, to_buffer, &out),
                " 1 0 0\n");

    /* the computer's move: O to move after 5 stones */
    gs_c4_state s = position(f.g, "44534");
    gs_c4_solution sd = {.known = true, .score = 3, .best = 2,
                         .nodes = 1234567, .seconds = 0.0012345};
    expect_text(&out, gs_c4_choice_write(&s, &sd, "--time", to_buffer, &out),
                "computer (O) plays 3, score 3 (a win for O), 1.234 ms, "
                "1,234,567 nodes\n");
    sd.score = 0;
    sd.from_book = true;
    expect_text(&out, gs_c4_choice_write(&s, &sd, "--time", to_buffer, &out),
                "computer (O) plays 3, score 0 (a draw, from the book), "
                "1.234 ms, 1,234,567 nodes\n");
    sd.score = -2;
    sd.from_book = false;
    s = position(f.g, "4453");
    expect_text(&out, gs_c4_choice_write(&s, &sd, "--time", to_buffer, &out),
                "computer (X) plays 3, score -2 (a loss for X), 1.234 ms, "
                "1,234,567 nodes\n");
    sd.known = false;
    expect_text(&out, gs_c4_choice_write(&s, &sd, "--max-nodes", to_buffer,
                                         &out),
                "computer (X) plays 3, score ? (stopped by --max-nodes: the "
                "best move found, not proved), 1.234 ms, 1,234,567 nodes\n");
    assert_int_equal(gs_c4_choice_write(&s, &sd, "x", to_buffer, &refusing),
                     7);
    free(refusing.text);
    close_board(&f);
}

/* ---- Text ---- */

static void expect_board(const gs_c4 *g, const char *moves, const char *want)
{
    gs_c4_state s = position(g, moves);
    buffer out = {0}, refusing = {.refuse_at = 1};
    assert_int_equal(gs_c4_board_write(g, &s, to_buffer, &out), 0);
    assert_string_equal(out.text, want);
    /* a refusal stops the writer with its value */
    assert_int_equal(gs_c4_board_write(g, &s, to_buffer, &refusing), 7);
    free(out.text);
    free(refusing.text);
}

static void test_board_write(void **state)
{
    (void)state;
    gs_c4 *g = make(7, 6);
    expect_board(g, "44534", " 1 2 3 4 5 6 7\n"
                             "|. . . . . . .|\n"
                             "|. . . . . . .|\n"
                             "|. . . . . . .|\n"
                             "|. . . X . . .|\n"
                             "|. . . O . . .|\n"
                             "|. . O X X . .|\n"
                             "+-------------+\n");
    gs_c4_free(g);
    g = make(2, 3);
    expect_board(g, "12", " 1 2\n|. .|\n|. .|\n|X O|\n+---+\n");
    gs_c4_free(g);
}

static void expect_analysis(fixture *f, const char *moves, const char *want)
{
    gs_c4_state s = position(f->g, moves);
    gs_c4_analysis an;
    assert_int_equal(gs_c4_analyze(f->sv, &s, false, &an), GS_OK);
    buffer out = {0}, refusing = {.refuse_at = 1};
    assert_int_equal(gs_c4_analysis_write(&an, to_buffer, &out), 0);
    assert_string_equal(out.text, want);
    assert_int_equal(gs_c4_analysis_write(&an, to_buffer, &refusing), 7);
    free(out.text);
    free(refusing.text);
}

static void test_analysis_write(void **state)
{
    (void)state;
    fixture f;
    open_board(&f, 7, 6);
    /* two best columns; full columns */
    expect_analysis(&f, "445566", "17 17 18 17 17 17 18\nbest: 3 7\n");
    expect_analysis(&f, "2252576253462244111563365343671351441",
                    ". . . . . -1 -2\nbest: 6\n");

    /* from the book */
    gs_c4_book *b = NULL;
    assert_int_equal(gs_c4_book_default(f.g, NULL, &b), GS_OK);
    gs_c4_solver_set_book(f.sv, b);
    expect_analysis(&f, "", "-2 -1 0 1 0 -1 -2\nbest: 4\n"
                            "(from the book: no search)\n");
    gs_c4_solver_set_book(f.sv, NULL);
    gs_c4_book_free(b);

    /* scores a limit left unknown */
    gs_c4_solver_free(f.sv);
    gs_c4_solver_params sp;
    gs_c4_solver_params_init(&sp);
    sp.table_bytes = TABLE_BYTES;
    sp.max_nodes = 10;
    assert_int_equal(gs_c4_solver_new(f.g, &sp, NULL, &f.sv), GS_OK);
    expect_analysis(&f, "1", "? ? ? ? ? ? ?\nbest: ?\n");
    close_board(&f);
}

/* ---- The choice, watched ---- */

/* Takes about a million nodes: longer than a poll's 20 ms anywhere. */
#define SLOW "2416615552"
/* Takes a few thousand (Test_L1_R1, score 13). */
#define QUICK "5654767662"

typedef struct polls {
    int calls;
    int cancel_at;       /* cancel on this call (0: never) */
    double seconds[256];
} polls;

static bool record_poll(void *user, double seconds)
{
    polls *p = user;
    if (p->calls < 256)
        p->seconds[p->calls] = seconds;
    p->calls++;
    return p->calls == p->cancel_at;
}

static void test_choose_polled(void **state)
{
    (void)state;
    fixture f;
    open_board(&f, 7, 6);
    gs_c4_state s = position(f.g, SLOW);
    gs_c4_solution want, got;
    assert_int_equal(gs_c4_choose(f.sv, &s, &want), GS_OK);
    assert_true(want.known);
    assert_int_equal(want.score, 4);
    assert_int_equal(want.nodes, 384976);

    /* the same choice, polled every 20 ms or more of it */
    polls p = {0};
    gs_c4_solver_clear(f.sv);
    assert_int_equal(gs_c4_choose_polled(f.sv, &s, record_poll, &p, &got),
                     GS_OK);
    assert_true(got.known);
    assert_int_equal(got.score, want.score);
    assert_int_equal(got.best, want.best);
    assert_int_equal(got.nodes, want.nodes);
    assert_true(got.best_proved);
    if (!TEST_THREADS) {
        /* no thread to make the choice on: made here, without polls */
        assert_int_equal(p.calls, 0);
    } else {
        assert_true(p.calls >= 1);
        assert_true(p.calls <= got.seconds / 0.019 + 1);
        assert_true(p.seconds[0] >= 0.019);
        for (int i = 1; i < p.calls && i < 256; i++)
            assert_true(p.seconds[i] - p.seconds[i - 1] >= 0.019);
    }

    /* a poll that cancels: called no more, the choice stopped, and the
     * solver free of the request afterwards (without threads: never
     * called, the choice made) */
    polls c = {.cancel_at = 1};
    gs_c4_solver_clear(f.sv);
    assert_int_equal(gs_c4_choose_polled(f.sv, &s, record_poll, &c, &got),
                     GS_OK);
    if (TEST_THREADS) {
        assert_int_equal(c.calls, 1);
        assert_false(got.known);
        assert_int_equal(got.stopped, GS_STOP_CANCEL);
        assert_true(got.nodes < want.nodes);
    } else {
        assert_int_equal(c.calls, 0);
        assert_true(got.known);
        assert_int_equal(got.nodes, want.nodes);
    }
    gs_c4_state quick = position(f.g, QUICK);
    assert_int_equal(gs_c4_solve(f.sv, &quick, false, &got), GS_OK);
    assert_true(got.known);
    assert_int_equal(got.score, 13);

    /* without a poll; a cancel request left from before is withdrawn */
    gs_c4_solver_cancel(f.sv, true);
    gs_c4_solver_clear(f.sv);
    assert_int_equal(gs_c4_choose_polled(f.sv, &quick, NULL, NULL, &got),
                     GS_OK);
    assert_true(got.known);
    assert_int_equal(got.score, 13);
    assert_true(got.best_proved);

    assert_int_equal(gs_c4_choose_polled(NULL, &s, NULL, NULL, &got),
                     GS_EINVAL);
    assert_int_equal(gs_c4_choose_polled(f.sv, NULL, NULL, NULL, &got),
                     GS_EINVAL);
    assert_int_equal(got.best, -1);
    assert_int_equal(gs_c4_choose_polled(f.sv, &s, NULL, NULL, NULL),
                     GS_EINVAL);
    close_board(&f);
}

/* ---- Every column's score, watched ---- */

typedef struct told {
    int calls;
    int column[GS_C4_MAX_WIDTH + 1];
    bool known[GS_C4_MAX_WIDTH + 1];
    double seconds[GS_C4_MAX_WIDTH + 1];
} told;

static void record_column(void *user, int column, const gs_c4_solution *sd,
                          double seconds)
{
    told *t = user;
    if (t->calls <= GS_C4_MAX_WIDTH) {
        t->column[t->calls] = column;
        t->known[t->calls] = sd->known;
        t->seconds[t->calls] = seconds;
    }
    t->calls++;
}

static bool cancel_poll(void *user, double seconds)
{
    (void)user;
    (void)seconds;
    return true;
}

static void test_analyze_polled(void **state)
{
    (void)state;
    fixture f;
    open_board(&f, 7, 6);
    /* 16 stones, every column searched but the last (its reply wins) */
    gs_c4_state s = position(f.g, "2531276566711153");
    gs_c4_analysis want, got;
    assert_int_equal(gs_c4_analyze(f.sv, &s, false, &want), GS_OK);
    assert_true(want.all_known);
    static const int scores[] = {-2, 2, -1, 0, -1, 0, -12};
    for (int c = 0; c < 7; c++)
        assert_int_equal(want.column[c].score, scores[c]);

    /* the same analysis, each column told in order once settled */
    told t = {0};
    gs_c4_solver_clear(f.sv);
    assert_int_equal(gs_c4_analyze_polled(f.sv, &s, false, NULL,
                                          record_column, &t, &got),
                     GS_OK);
    assert_true(got.all_known);
    assert_int_equal(got.best_score, 2);
    assert_int_equal(got.nodes, want.nodes);
    assert_int_equal(t.calls, 7);
    for (int c = 0; c < 7; c++) {
        assert_int_equal(t.column[c], c);
        assert_true(t.known[c]);
        assert_int_equal(got.column[c].score, scores[c]);
        assert_int_equal(got.column[c].nodes, want.column[c].nodes);
        assert_true(c == 0 || t.seconds[c] >= t.seconds[c - 1]);
    }
    assert_true(t.seconds[6] <= got.seconds + 1.0);

    /* a full column is not told */
    gs_c4_state full = position(f.g, "2252576253462244111563365343671351441");
    told ft = {0};
    assert_int_equal(gs_c4_analyze_polled(f.sv, &full, false, NULL,
                                          record_column, &ft, &got),
                     GS_OK);
    assert_int_equal(ft.calls, 2);
    assert_int_equal(ft.column[0], 5);
    assert_int_equal(ft.column[1], 6);

    if (TEST_THREADS) {
        /* a poll that cancels: column 1 wins at once, column 2 (seconds
         * of search) is stopped, the rest left unsearched and not told;
         * the solver free of the request afterwards */
        gs_c4_state slow = position(f.g, "121217");
        told ct = {0};
        gs_c4_solver_clear(f.sv);
        assert_int_equal(gs_c4_analyze_polled(f.sv, &slow, false,
                                              cancel_poll, record_column,
                                              &ct, &got),
                         GS_OK);
        assert_int_equal(ct.calls, 2);
        assert_true(ct.known[0]);
        assert_false(ct.known[1]);
        assert_true(got.column[0].known);
        assert_int_equal(got.column[0].score, 18);
        assert_false(got.all_known);
        assert_int_equal(got.failed_column, -1);
        for (int c = 1; c < 7; c++) {
            assert_false(got.column[c].known);
            assert_int_equal(got.column[c].stopped, GS_STOP_CANCEL);
        }
        gs_c4_state quick = position(f.g, QUICK);
        gs_c4_solution sd;
        assert_int_equal(gs_c4_solve(f.sv, &quick, false, &sd), GS_OK);
        assert_true(sd.known);
        assert_int_equal(sd.score, 13);
    }

    assert_int_equal(gs_c4_analyze_polled(NULL, &s, false, NULL, NULL, NULL,
                                          &got),
                     GS_EINVAL);
    assert_int_equal(gs_c4_analyze_polled(f.sv, NULL, false, NULL, NULL,
                                          NULL, &got),
                     GS_EINVAL);
    assert_int_equal(gs_c4_analyze_polled(f.sv, &s, false, NULL, NULL, NULL,
                                          NULL),
                     GS_EINVAL);
    close_board(&f);
}

/* How long each score says the game lasts, from the stones of the board. */
static void test_moves_to_end(void **state)
{
    (void)state;
    fixture f;
    open_board(&f, 7, 6);
    gs_c4_state s;
    gs_c4_empty(f.g, &s);
    assert_int_equal(gs_c4_moves_to_end(f.g, &s, 21), 1);    /* stone 1 */
    assert_int_equal(gs_c4_moves_to_end(f.g, &s, 20), 3);
    assert_int_equal(gs_c4_moves_to_end(f.g, &s, 1), 41);    /* X's last */
    assert_int_equal(gs_c4_moves_to_end(f.g, &s, 0), 42);
    assert_int_equal(gs_c4_moves_to_end(f.g, &s, -1), 42);   /* O's last */
    assert_int_equal(gs_c4_moves_to_end(f.g, &s, -21), 2);
    assert_int_equal(gs_c4_moves_to_end(f.g, &s, 22), 0);
    assert_int_equal(gs_c4_moves_to_end(f.g, &s, -22), 0);
    s.moves = 1;   /* O to move */
    assert_int_equal(gs_c4_moves_to_end(f.g, &s, 21), 1);    /* stone 2 */
    assert_int_equal(gs_c4_moves_to_end(f.g, &s, 1), 41);    /* stone 42 */
    assert_int_equal(gs_c4_moves_to_end(f.g, &s, -1), 40);   /* stone 41 */
    assert_int_equal(gs_c4_moves_to_end(f.g, &s, -20), 2);   /* stone 3 */
    assert_int_equal(gs_c4_moves_to_end(f.g, &s, -21), 0);
    s.moves = 41;  /* one cell left, O's */
    assert_int_equal(gs_c4_moves_to_end(f.g, &s, 1), 1);
    assert_int_equal(gs_c4_moves_to_end(f.g, &s, 0), 1);
    assert_int_equal(gs_c4_moves_to_end(f.g, &s, -1), 0);
    assert_int_equal(gs_c4_moves_to_end(f.g, NULL, 1), 0);
    assert_int_equal(gs_c4_moves_to_end(NULL, &s, 1), 0);
    close_board(&f);
}

/* ---- MCTS ---- */

static void test_mcts_decide(void **state)
{
    (void)state;
    fixture f;
    open_board(&f, 7, 6);
    gs_c4_mcts_params p;
    gs_c4_mcts_params_init(&p);
    assert_int_equal(p.threads, 1);
    assert_int_equal(p.iterations, 0);
    gs_c4_mcts_decision d;

    /* O must block column 4; every other column loses to X's 18 */
    gs_c4_state s = position(f.g, "11223");
    p.iterations = 3000;
    assert_int_equal(gs_c4_mcts_decide(f.g, &s, &p, NULL, &d), GS_OK);
    assert_int_equal(d.best, 3);
    assert_int_equal(d.iterations, 3000);
    assert_false(d.proved);
    assert_int_equal(d.columns, 7);
    static const int order[7] = {3, 2, 4, 1, 5, 0, 6};
    for (int i = 0; i < 7; i++) {
        assert_int_equal(d.column[i].column, order[i]);
        if (i == 0) {
            assert_int_equal(d.column[i].visits, 2994);
            assert_false(d.column[i].proved);
            continue;
        }
        assert_int_equal(d.column[i].visits, 1);
        assert_true(d.column[i].mean == 1.0);
        assert_true(d.column[i].proved);
        assert_true(d.column[i].proved_value == 18.0);
    }
    assert_true(d.value == d.column[0].mean);
    d.seconds = 0.0026414;
    buffer out = {0};
    expect_text(&out, gs_c4_mcts_write(&d, to_buffer, &out),
                "4: 2994 visits, mean -0.1112224449\n"
                "3: 1 visits, mean 1, proved 18\n"
                "5: 1 visits, mean 1, proved 18\n"
                "2: 1 visits, mean 1, proved 18\n"
                "6: 1 visits, mean 1, proved 18\n"
                "1: 1 visits, mean 1, proved 18\n"
                "7: 1 visits, mean 1, proved 18\n"
                "best: 4 (3000 iterations, 2.641 ms)\n");
    expect_text(&out, gs_c4_mcts_choice_write(&s, &d, to_buffer, &out),
                "computer (O) plays 4, mean -0.1112224449, 3000 iterations, "
                "2.641 ms\n");

    /* a node limit; the defaults alone stop at the proof */
    s = position(f.g, "1122");
    p.max_nodes = 50;
    assert_int_equal(gs_c4_mcts_decide(f.g, &s, &p, NULL, &d), GS_OK);
    assert_int_equal(d.iterations, 18);
    assert_int_equal(d.best, 3);
    s = position(f.g, "445566");
    assert_int_equal(gs_c4_mcts_decide(f.g, &s, NULL, NULL, &d), GS_OK);
    assert_true(d.proved);
    assert_int_equal(d.iterations, 2);
    assert_int_equal(d.best, 2);
    d.seconds = 0.0000081;
    expect_text(&out, gs_c4_mcts_write(&d, to_buffer, &out),
                "4: 1 visits, mean 1, proved 17\n"
                "3: 1 visits, mean 1, proved 18\n"
                "5: 0 visits, mean 0\n2: 0 visits, mean 0\n"
                "6: 0 visits, mean 0\n1: 0 visits, mean 0\n"
                "7: 0 visits, mean 0\n"
                "best: 3 (2 iterations, 0.008 ms, proved)\n");
    buffer refusing = {.refuse_at = 1};
    assert_int_equal(gs_c4_mcts_write(&d, to_buffer, &refusing), 7);
    assert_int_equal(gs_c4_mcts_choice_write(&s, &d, to_buffer, &refusing), 7);
    free(refusing.text);

    /* bad arguments */
    p.threads = 0;
    assert_int_equal(gs_c4_mcts_decide(f.g, &s, &p, NULL, &d), GS_EINVAL);
    assert_int_equal(d.best, -1);
    assert_int_equal(gs_c4_mcts_decide(NULL, &s, NULL, NULL, &d), GS_EINVAL);
    assert_int_equal(gs_c4_mcts_decide(f.g, NULL, NULL, NULL, &d), GS_EINVAL);
    assert_int_equal(gs_c4_mcts_decide(f.g, &s, NULL, NULL, NULL), GS_EINVAL);

    /* every allocation failed in turn: GS_ENOMEM, nothing leaked */
    s = position(f.g, "11223");
    gs_c4_mcts_params_init(&p);
    p.iterations = 200;
    long n;
    for (n = 1;; n++) {
        track t;
        gs_allocator a = tracker(&t);
        t.fail_at = n;
        int rc = gs_c4_mcts_decide(f.g, &s, &p, &a, &d);
        assert_true(t.live == 0);
        if (t.failed == 0) {
            assert_int_equal(rc, GS_OK);
            break;
        }
        assert_int_equal(rc, GS_ENOMEM);
        assert_int_equal(d.best, -1);
    }
    assert_true(n > 1);
    close_board(&f);
}

/* What analyze says of each column of an analysis. */
static void test_column_message(void **state)
{
    (void)state;
    gs_c4_analysis an;
    memset(&an, 0, sizeof an);
    an.width = 4;
    an.failed_column = -1;
    for (int c = 0; c < 4; c++) {
        an.playable[c] = c != 1;
        an.column[c].known = c != 2;
    }
    char buf[200];
    /* solved, full, stopped, and outside the board */
    assert_int_equal(gs_c4_column_message(&an, 0, GS_OK, "--time", buf,
                                          sizeof buf), 0);
    assert_string_equal(buf, "");
    assert_int_equal(gs_c4_column_message(&an, 1, GS_OK, "--time", buf,
                                          sizeof buf), 0);
    size_t n = gs_c4_column_message(&an, 2, GS_OK, "--max-nodes", buf,
                                    sizeof buf);
    assert_string_equal(buf, "column 3: stopped by --max-nodes before the "
                        "score was known");
    assert_int_equal(n, strlen(buf));
    assert_int_equal(gs_c4_column_message(&an, 4, GS_OK, "--time", buf,
                                          sizeof buf), 0);
    assert_int_equal(gs_c4_column_message(&an, -1, GS_OK, "--time", buf,
                                          sizeof buf), 0);

    /* the failed column, by its status or not exact; none after it */
    an.failed_column = 2;
    an.column[2].value = 1.5;
    an.column[2].bound = GS_BOUND_EXACT;
    gs_c4_column_message(&an, 2, GS_OK, "--time", buf, sizeof buf);
    assert_string_equal(buf, "the engine returned 1.5 (exact), not an exact "
                        "score");
    gs_c4_column_message(&an, 2, GS_ENOMEM, "--time", buf, sizeof buf);
    char want[200];
    snprintf(want, sizeof want, "column 3: the search failed: %s",
             gs_strerror(GS_ENOMEM));
    assert_string_equal(buf, want);
    an.column[3].known = false;
    assert_int_equal(gs_c4_column_message(&an, 3, GS_OK, "--time", buf,
                                          sizeof buf), 0);
}

/* What solve says of a line, outcome by outcome. */
static void test_line_message(void **state)
{
    (void)state;
    fixture f;
    open_board(&f, 7, 6);
    gs_c4_line r;
    char buf[300];
    assert_int_equal(gs_c4_solve_line(f.sv, "44x\n", 4, false, false, &r),
                     GS_C4_LINE_BAD);
    size_t n = gs_c4_line_message(&r, 3, "--time", buf, sizeof buf);
    assert_int_equal(n, strlen(buf));
    assert_string_equal(buf, "line 3, character 3: 'x' is not a column "
                        "(columns are 1-7)");
    /* the whole length, however small the buffer */
    assert_int_equal(gs_c4_line_message(&r, 3, "--time", buf, 5),
                     strlen("line 3, character 3: 'x' is not a column "
                            "(columns are 1-7)"));
    assert_string_equal(buf, "line");

    assert_int_equal(gs_c4_solve_line(f.sv, "32751571231557\n", 15, false,
                                      false, &r), GS_C4_LINE_SOLVED);
    assert_int_equal(gs_c4_line_message(&r, 1, "--time", buf, sizeof buf), 0);
    assert_string_equal(buf, "");

    r.outcome = GS_C4_LINE_STOPPED;
    gs_c4_line_message(&r, 12, "--max-nodes", buf, sizeof buf);
    assert_string_equal(buf, "line 12: stopped by --max-nodes before the "
                        "score was known");
    r.outcome = GS_C4_LINE_FAILED;
    r.status = GS_ENOMEM;
    gs_c4_line_message(&r, 2, "--time", buf, sizeof buf);
    char want[200];
    snprintf(want, sizeof want, "line 2: the search failed: %s",
             gs_strerror(GS_ENOMEM));
    assert_string_equal(buf, want);
    r.outcome = GS_C4_LINE_NOT_EXACT;
    r.solution.value = 0.5;
    r.solution.bound = GS_BOUND_LOWER;
    gs_c4_line_message(&r, 2, "--time", buf, sizeof buf);
    assert_string_equal(buf, "the engine returned 0.5 (a bound), not an "
                        "exact score");
    r.outcome = GS_C4_LINE_WRONG_WIN;
    r.solution.score = 2;
    r.win_score = 18;
    gs_c4_line_message(&r, 7, "--time", buf, sizeof buf);
    assert_string_equal(buf, "line 7: the engine scored 2, but the player "
                        "to move wins at once (18): a bug in gamesearch");
    close_board(&f);
}

/* ---- A game against the computer ---- */

/* The callbacks' record of a game: the person's moves to give, the
 * positions shown and the computer's searches. */
typedef struct game_log {
    const int *asks;          /* columns (0-based), -1 to leave */
    int nasks, nshown, nchose;
    char shown[8][48];        /* the moves of each position shown */
    gs_c4_game_move last;     /* the last search passed to chose */
    bool leave_at_chose, leave_at_poll;
    int polls;
} game_log;

static void log_show(void *user, const gs_c4_state *s)
{
    game_log *l = user;
    assert_true(l->nshown < 8);
    snprintf(l->shown[l->nshown++], sizeof l->shown[0], "%u moves, over %d",
             (unsigned)s->moves, (int)s->over);
}

static int log_ask(void *user, const gs_c4_state *s)
{
    (void)s;
    game_log *l = user;
    return l->asks[l->nasks++];
}

static bool log_poll(void *user, double seconds)
{
    (void)seconds;
    game_log *l = user;
    l->polls++;
    return l->leave_at_poll;
}

static bool log_chose(void *user, const gs_c4_state *s,
                      const gs_c4_game_move *m)
{
    (void)s;
    game_log *l = user;
    l->nchose++;
    l->last = *m;
    return l->leave_at_chose;
}

static gs_c4_game_play game_play(fixture *f, game_log *l, bool x, bool o)
{
    gs_c4_game_play p = {{x, o}, f->sv, NULL, log_show, log_ask, log_poll,
                         log_chose, l, NULL};
    return p;
}

static void test_play_game(void **state)
{
    (void)state;
    fixture f;
    open_board(&f, 7, 6);
    gs_c4_game_result r;

    /* the person (X) completes the bottom row: shown twice, no search */
    static const int win[] = {6};
    game_log l = {.asks = win};
    gs_c4_game_play p = game_play(&f, &l, false, true);
    gs_c4_state s = position(f.g, "445566");
    assert_int_equal(gs_c4_play_game(f.g, &s, &p, &r), GS_OK);
    assert_int_equal(r.end, GS_C4_GAME_OVER);
    assert_int_equal(r.winner, 0);
    assert_true(r.all_known);
    assert_int_equal(l.nshown, 2);
    assert_string_equal(l.shown[0], "6 moves, over 0");
    assert_string_equal(l.shown[1], "7 moves, over 1");
    assert_int_equal(l.nchose, 0);

    /* the computer (X) takes the win at once, score 18 */
    l = (game_log){.asks = win};
    p = game_play(&f, &l, true, false);
    s = position(f.g, "445566");
    assert_int_equal(gs_c4_play_game(f.g, &s, &p, &r), GS_OK);
    assert_int_equal(r.end, GS_C4_GAME_OVER);
    assert_int_equal(r.winner, 0);
    assert_int_equal(l.nasks, 0);
    assert_int_equal(l.nchose, 1);
    assert_true(l.last.ok);
    assert_false(l.last.mcts);
    assert_false(l.last.left);
    assert_true(l.last.solution.known);
    assert_int_equal(l.last.solution.score, 18);
    assert_true(l.last.column == 2 || l.last.column == 6);
    assert_int_equal(l.last.column, l.last.solution.best);
    assert_int_equal(s.moves, 7);

    /* the person leaves: the position stays */
    static const int leave[] = {-1};
    l = (game_log){.asks = leave};
    p = game_play(&f, &l, false, true);
    s = position(f.g, "4455");
    assert_int_equal(gs_c4_play_game(f.g, &s, &p, &r), GS_OK);
    assert_int_equal(r.end, GS_C4_GAME_LEFT);
    assert_int_equal(s.moves, 4);
    assert_int_equal(l.nshown, 1);

    /* a person's move and the computer's reply, then chose leaves */
    static const int one[] = {0};
    l = (game_log){.asks = one, .leave_at_chose = true};
    p = game_play(&f, &l, false, true);
    s = position(f.g, "4455");
    assert_int_equal(gs_c4_play_game(f.g, &s, &p, &r), GS_OK);
    assert_int_equal(r.end, GS_C4_GAME_LEFT);
    assert_int_equal(s.moves, 5);
    assert_int_equal(l.nshown, 2);
    assert_int_equal(l.nchose, 1);
    assert_true(l.last.ok);

    /* the poll leaves during a long search: chose sees it, no move
     * (polls need a thread for the search) */
    if (TEST_THREADS) {
        l = (game_log){.asks = one, .leave_at_poll = true};
        s = position(f.g, SLOW);
        p = game_play(&f, &l, gs_c4_to_move(&s) == 0,
                      gs_c4_to_move(&s) == 1);
        gs_c4_solver_clear(f.sv);
        assert_int_equal(gs_c4_play_game(f.g, &s, &p, &r), GS_OK);
        assert_int_equal(r.end, GS_C4_GAME_LEFT);
        assert_int_equal(l.polls, 1);
        assert_int_equal(l.nchose, 1);
        assert_true(l.last.left);
        assert_false(l.last.ok);
        assert_int_equal(s.moves, strlen(SLOW));
    } else {
        print_message("skipped: a poll that leaves (GS_THREADS=OFF)\n");
    }

    /* MCTS finds the win at once too */
    gs_c4_mcts_params mp;
    gs_c4_mcts_params_init(&mp);
    mp.iterations = 1000;
    l = (game_log){.asks = win};
    p = game_play(&f, &l, true, false);
    p.mcts = &mp;
    s = position(f.g, "445566");
    assert_int_equal(gs_c4_play_game(f.g, &s, &p, &r), GS_OK);
    assert_int_equal(r.winner, 0);
    assert_true(l.last.ok);
    assert_true(l.last.mcts);
    assert_true(l.last.column == 2 || l.last.column == 6);
    assert_int_equal(l.last.column, l.last.decision.best);

    /* bad calls: no ask, no searcher, a full column from ask */
    static const int full[] = {3};
    l = (game_log){.asks = full};
    p = game_play(&f, &l, false, true);
    s = position(f.g, "444444");
    assert_int_equal(gs_c4_play_game(f.g, &s, &p, NULL), GS_EINVAL);
    assert_int_equal(gs_c4_play_game(f.g, &s, &p, &r), GS_EINVAL);
    p.ask = NULL;
    assert_int_equal(gs_c4_play_game(f.g, &s, &p, &r), GS_EINVAL);
    p = game_play(&f, &l, false, true);
    p.solver = NULL;
    assert_int_equal(gs_c4_play_game(f.g, &s, &p, &r), GS_EINVAL);
    close_board(&f);
}

/* undone's record: "moves/last" of each call, and the position. */
static void log_undone(void *user, const gs_c4_state *s, int moves, int last)
{
    game_log *l = user;
    assert_true(l->nshown < 8);
    snprintf(l->shown[l->nshown++], sizeof l->shown[0],
             "undone %d, last %d, %u moves", moves, last, (unsigned)s->moves);
}

/* The game keeps its moves: undo goes back over the computer's reply to
 * the person's turn before; with nothing to take back, says 0. */
static void test_play_undo(void **state)
{
    (void)state;
    fixture f;
    open_board(&f, 7, 6);
    gs_c4_game_result r;
    static const int asks[] = {GS_C4_ASK_UNDO, 0, GS_C4_ASK_UNDO,
                               GS_C4_ASK_UNDO, -1};
    game_log l = {.asks = asks};
    gs_c4_game_play p = game_play(&f, &l, false, true);
    p.show = NULL;
    p.undone = log_undone;
    gs_c4_state s = position(f.g, "4455");
    assert_int_equal(gs_c4_play_game(f.g, &s, &p, &r), GS_OK);
    assert_int_equal(r.end, GS_C4_GAME_LEFT);
    assert_int_equal(l.nasks, 5);
    assert_int_equal(l.nchose, 1);
    assert_int_equal(l.nshown, 3);
    assert_string_equal(l.shown[0], "undone 0, last -1, 4 moves");
    assert_string_equal(l.shown[1], "undone 2, last -1, 4 moves");
    assert_string_equal(l.shown[2], "undone 0, last -1, 4 moves");
    assert_int_equal(s.moves, 4);
    gs_c4_state start = position(f.g, "4455");
    assert_true(s.current == start.current && s.mask == start.mask);

    /* the computer first: undo goes back to the person's turn after its
     * move, whose column undone names */
    static const int later[] = {0, GS_C4_ASK_UNDO, -1};
    l = (game_log){.asks = later};
    p = game_play(&f, &l, true, false);
    p.show = NULL;
    p.undone = log_undone;
    s = position(f.g, "44");
    assert_int_equal(gs_c4_play_game(f.g, &s, &p, &r), GS_OK);
    assert_int_equal(l.nchose, 2);
    assert_int_equal(s.moves, 3);
    int first = -1;
    for (int c = 0; c < 7; c++) {
        gs_c4_state t = position(f.g, "44");
        gs_c4_play(f.g, &t, c);
        if (t.mask == s.mask)
            first = c;
    }
    assert_true(first >= 0);
    char want[48];
    snprintf(want, sizeof want, "undone 2, last %d, 3 moves", first);
    assert_int_equal(l.nshown, 1);
    assert_string_equal(l.shown[0], want);
    close_board(&f);
}

/* The position `moves`, then the winning move col (0-based). */
static gs_c4_state won(const gs_c4 *g, const char *moves, int col)
{
    gs_c4_state s = position(g, moves);
    assert_int_equal(gs_c4_play(g, &s, col), GS_OK);
    assert_true(s.over == 1 || s.over == 2);
    return s;
}

/* The winner's four, in order along the line. */
static void test_winning_line(void **state)
{
    (void)state;
    fixture f;
    open_board(&f, 7, 6);
    int cols[4], rows[4];
    gs_c4_state s = won(f.g, "445566", 6);   /* X: row 1, 4 to 7 */
    assert_int_equal(gs_c4_winning_line(f.g, &s, cols, rows), 4);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(cols[i], 3 + i);
        assert_int_equal(rows[i], 0);
    }
    s = won(f.g, "121212", 0);   /* X: column 1, rows 1 to 4 */
    assert_int_equal(gs_c4_winning_line(f.g, &s, cols, rows), 4);
    assert_int_equal(cols[0], 0);
    assert_int_equal(cols[3], 0);
    assert_int_equal(rows[0], 0);
    assert_int_equal(rows[3], 3);
    s = won(f.g, "1223343441", 3);   /* X: a diagonal up to the right */
    assert_int_equal(gs_c4_winning_line(f.g, &s, cols, rows), 4);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(cols[i], i);
        assert_int_equal(rows[i], i);
    }
    s = position(f.g, "4455");   /* nobody has won */
    assert_int_equal(gs_c4_winning_line(f.g, &s, cols, rows), 0);
    assert_int_equal(gs_c4_winning_line(NULL, &s, cols, rows), 0);
    close_board(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solve_line),
        cmocka_unit_test(test_line_and_move_write),
        cmocka_unit_test(test_board_write),
        cmocka_unit_test(test_analysis_write),
        cmocka_unit_test(test_choose_polled),
        cmocka_unit_test(test_analyze_polled),
        cmocka_unit_test(test_moves_to_end),
        cmocka_unit_test(test_mcts_decide),
        cmocka_unit_test(test_line_message),
        cmocka_unit_test(test_column_message),
        cmocka_unit_test(test_play_game),
        cmocka_unit_test(test_play_undo),
        cmocka_unit_test(test_winning_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
