/*
 * tests/test_c4_solver.c: the Connect Four solver (gamesearch/connect4.h,
 * "The solver"): exact and weak scores of known positions, every column's
 * score, the column it plays, limits, bad arguments and allocation failure.
 *
 * The scores without shared data are those of Pascal Pons's test sets
 * (Test_L1_R1, Test_L2_R1, Test_L2_R2) that `gamesearch bench` checks, and
 * the analyses `gamesearch connect4 analyze` printed for them. When
 * ../shared/connect4/Test_L3_R1 is there, its first lines are solved too
 * (exact and weak); without it that test is skipped and says why.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/connect4.h"
#include "../games/connect4/c4_internal.h"

#include "connect4_fixture.h"
#include "needs_threads.h"
#include "track_alloc.h"

#define C4_DIR GS_SHARED_DIR "/connect4"

/* A small table: every position here is solved in well under a second. */
#define TABLE_BYTES ((size_t)4 << 20)

typedef struct fixture {
    gs_c4 *g;
    gs_c4_solver *sv;
} fixture;

/* The standard 7x6 board. */
static gs_c4 *new_7x6(void)
{
    gs_c4_params p;
    gs_c4_params_init(&p);
    gs_c4 *g = NULL;
    assert_int_equal(gs_c4_new(&p, NULL, &g), GS_OK);
    return g;
}

/* An engine on the solver's game for g (in *game), with a table of
 * `bytes`. */
static gs_engine *exact_engine(const gs_c4 *g, gs_game *game, size_t bytes)
{
    c4_game_exact(g, game);
    gs_engine *e = NULL;
    assert_int_equal(gs_engine_new(game, NULL, &e), GS_OK);
    assert_int_equal(gs_engine_tt_resize(e, bytes), GS_OK);
    return e;
}

static void open_solver(fixture *f, const gs_c4_solver_params *extra)
{
    gs_c4_params p;
    gs_c4_params_init(&p);
    assert_int_equal(gs_c4_new(&p, NULL, &f->g), GS_OK);
    gs_c4_solver_params sp;
    if (extra) {
        sp = *extra;
    } else {
        gs_c4_solver_params_init(&sp);
        sp.table_bytes = TABLE_BYTES;
    }
    assert_int_equal(gs_c4_solver_new(f->g, &sp, NULL, &f->sv), GS_OK);
    assert_non_null(f->sv);
}

static void close_solver(fixture *f)
{
    gs_c4_solver_free(f->sv);
    gs_c4_free(f->g);
}

/* Positions and their scores for the player to move. */
static const struct {
    const char *moves;
    int score;
} known[] = {
    {"715371563635542612576371", 3},        /* Test_L2_R1 */
    {"2737772244262123677516643354", 0},    /* Test_L2_R1 */
    {"5654767662", 13},                     /* Test_L1_R1 */
    {"42434653771434", 9},                  /* Test_L1_R1 */
    {"32164625", 11},                       /* Test_L1_R1 */
    {"441672735", 11},                      /* Test_L1_R1 */
    {"65225331", 11},                       /* Test_L1_R1 */
    {"6323454652623215", -2},               /* Test_L2_R2 */
    {"4337567364435613", -2},               /* Test_L2_R2 */
    {"651173365733134", -3},                /* Test_L2_R2 */
    {"3237735666151513515634", -7},         /* docs/ref/connect4.md's example */
};

static int sign(int v)
{
    return v > 0 ? 1 : v < 0 ? -1 : 0;
}

/* Solves `moves` exactly and weakly and checks the scores; the column the
 * exact solve names keeps the score (its child scores minus it, or it wins
 * at once). */
static void check_position(fixture *f, const char *moves, int score)
{
    gs_c4_state s = position(f->g, moves);
    gs_c4_solution sd;

    gs_c4_solver_clear(f->sv);
    assert_int_equal(gs_c4_solve(f->sv, &s, false, &sd), GS_OK);
    if (!sd.known || sd.score != score)
        fail_msg("'%s': known %d score %d, expected %d", moves, sd.known,
                 sd.score, score);
    assert_int_equal(sd.stopped, GS_STOP_NONE);
    assert_int_equal(sd.bound, GS_BOUND_EXACT);
    assert_true(sd.value == (gs_c4_to_move(&s) == 0 ? score : -score));
    assert_true(sd.nodes > 0);
    assert_true(sd.seconds >= 0.0);
    assert_true(sd.best >= 0 && sd.best < 7);
    assert_true(gs_c4_can_play(f->g, &s, sd.best));

    int best = sd.best;
    if (gs_c4_is_winning_move(f->g, &s, best)) {
        assert_int_equal(score, gs_c4_win_score(f->g, s.moves));
    } else {
        gs_c4_state child = s;
        assert_int_equal(gs_c4_play(f->g, &child, best), GS_OK);
        assert_int_equal(gs_c4_solve(f->sv, &child, false, &sd), GS_OK);
        assert_true(sd.known);
        if (-sd.score != score)
            fail_msg("'%s': column %d scores %d, not %d", moves, best + 1,
                     -sd.score, score);
    }

    gs_c4_solver_clear(f->sv);
    assert_int_equal(gs_c4_solve(f->sv, &s, true, &sd), GS_OK);
    assert_true(sd.known);
    assert_int_equal(sd.score, sign(score));
    assert_true(gs_c4_can_play(f->g, &s, sd.best));
}

static void test_known_scores(void **state)
{
    (void)state;
    fixture f;
    open_solver(&f, NULL);
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        check_position(&f, known[i].moves, known[i].score);
    close_solver(&f);
}

/* The same score with the table kept between solves, with mirror images
 * folded together and with two threads. */
static void test_solver_params(void **state)
{
    (void)state;
    for (int variant = 0; variant < 3; variant++) {
        gs_c4_solver_params p;
        gs_c4_solver_params_init(&p);
        assert_true(p.table_bytes == GS_C4_DEFAULT_TABLE_BYTES);
        assert_int_equal(p.threads, 1);
        assert_false(p.symmetry);
        assert_true(p.max_nodes == 0 && p.max_seconds == 0.0);
        p.table_bytes = TABLE_BYTES;
        p.symmetry = variant == 1;
        p.threads = variant == 2 ? 2 : 1;
        fixture f;
        open_solver(&f, &p);
        for (size_t i = 0; i < 4; i++) {
            gs_c4_state s = position(f.g, known[i].moves);
            gs_c4_solution sd;
            /* without threads, two run as one */
            assert_int_equal(gs_c4_solve(f.sv, &s, false, &sd), GS_OK);
            assert_true(sd.known);
            assert_int_equal(sd.score, known[i].score);
        }
        close_solver(&f);
    }
}

/* Two and three threads: every known position's exact and weak score,
 * and a column that keeps it (check_position), as one thread finds them;
 * then the same position solved again and again, each time from an empty
 * table, always gets the same score, whichever thread proves it. */
static void test_threads_same_scores(void **state)
{
    (void)state;
    SKIP_WITHOUT_THREADS();
    for (int threads = 2; threads <= 3; threads++) {
        gs_c4_solver_params p;
        gs_c4_solver_params_init(&p);
        p.table_bytes = TABLE_BYTES;
        p.threads = threads;
        fixture f;
        open_solver(&f, &p);
        for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
            check_position(&f, known[i].moves, known[i].score);
        gs_c4_state s = position(f.g, known[3].moves);
        for (int run = 0; run < 20; run++) {
            gs_c4_solution sd;
            gs_c4_solver_clear(f.sv);
            assert_int_equal(gs_c4_solve(f.sv, &s, false, &sd), GS_OK);
            if (!sd.known || sd.score != known[3].score ||
                sd.bound != GS_BOUND_EXACT)
                fail_msg("%d threads, run %d: known %d score %d, expected "
                         "%d", threads, run, sd.known, sd.score,
                         known[3].score);
            assert_true(gs_c4_can_play(f.g, &s, sd.best));
        }
        close_solver(&f);
    }
}

/* The same search twice from an empty table visits the same nodes. */
static void test_deterministic(void **state)
{
    (void)state;
    fixture f;
    open_solver(&f, NULL);
    gs_c4_state s = position(f.g, "5654767662");
    gs_c4_solution a, b;
    gs_c4_solver_clear(f.sv);
    assert_int_equal(gs_c4_solve(f.sv, &s, false, &a), GS_OK);
    gs_c4_solver_clear(f.sv);
    assert_int_equal(gs_c4_solve(f.sv, &s, false, &b), GS_OK);
    assert_true(a.nodes == b.nodes);
    assert_int_equal(a.best, b.best);
    /* a kept table answers with fewer nodes (in null-window probes, the
     * action a node stored where it cut is not displaced by a later
     * probe's weak one, where every child failed) */
    assert_int_equal(gs_c4_solve(f.sv, &s, false, &b), GS_OK);
    assert_true(b.nodes < a.nodes);
    assert_int_equal(b.score, 13);
    close_solver(&f);
}

static void expect_analysis(fixture *f, const char *moves, bool weak,
                            const char *want, int best_score)
{
    gs_c4_state s = position(f->g, moves);
    gs_c4_analysis an;
    gs_c4_solver_clear(f->sv);
    assert_int_equal(gs_c4_analyze(f->sv, &s, weak, &an), GS_OK);
    assert_int_equal(an.width, 7);
    assert_true(an.all_known);
    assert_int_equal(an.failed_column, -1);
    assert_int_equal(an.best_score, best_score);
    char got[64];
    size_t n = 0;
    uint64_t nodes = 1;   /* the position itself */
    for (int c = 0; c < an.width; c++) {
        const gs_c4_solution *col = &an.column[c];
        assert_int_equal(an.playable[c], gs_c4_can_play(f->g, &s, c));
        if (!an.playable[c]) {
            n += (size_t)snprintf(got + n, sizeof got - n, "%s.", c ? " " : "");
            continue;
        }
        assert_true(col->known);
        assert_true(col->score <= best_score);
        if (gs_c4_is_winning_move(f->g, &s, c)) {
            assert_true(col->nodes == 0);
            assert_int_equal(col->best, -1);
            assert_int_equal(col->score, weak ? 1 : gs_c4_win_score(f->g,
                                                                    s.moves));
        }
        nodes += col->nodes;
        n += (size_t)snprintf(got + n, sizeof got - n, "%s%d", c ? " " : "",
                              col->score);
    }
    assert_true(an.nodes == nodes);
    if (strcmp(got, want) != 0)
        fail_msg("analyze%s '%s': %s, expected %s", weak ? " --weak" : "",
                 moves, got, want);
}

/* Positions of 8, 9, 10, 12, ... 20 stones and their analyses: at each
 * of these plies, of the 40 positions of `c4_analyze_sample --list PLY 40
 * 1` (random games), the one whose children's solves take the most nodes
 * under 250,000 in all (so that the test stays short). */
static const struct {
    const char *moves;
    const char *columns;
} against_children[] = {
    {"22431253", "-14 -16 -16 -5 -14 -5 -5"},
    {"226516613", "-16 -16 -16 -2 -16 -16 -16"},
    {"1727571142", "-16 -16 16 -16 -16 -16 4"},
    {"654547312717", "-15 -15 -15 -15 -15 -15 -2"},
    {"12716526472547", "2 4 -2 4 4 3 -2"},
    {"4114251153341642", "-2 -2 -2 -2 3 -3 -3"},
    {"274673436355375273", "0 -2 -2 0 -2 0 -2"},
    {"41146446424611177122", ". -3 0 . 0 -2 -3"},
    {NULL, NULL},
};

/* Every column of an analysis as `gamesearch connect4 analyze` makes it
 * (the shipped book, which answers the children of up to 9 stones; one
 * 16 MiB table that the columns share, kept from one position to the
 * next) against a separate solve of the position after the column (no
 * book, the table emptied): each column scores minus its child's score,
 * or the win's score when it wins at once; a child the book has is
 * answered from it; the best score is the book's when the book has the
 * position. */
static void test_analyze_against_children(void **state)
{
    (void)state;
    gs_c4 *g = new_7x6();
    gs_c4_book *book = NULL;
    assert_int_equal(gs_c4_book_default(g, NULL, &book), GS_OK);
    gs_c4_solver_params sp;
    gs_c4_solver_params_init(&sp);
    sp.table_bytes = (size_t)16 << 20;
    gs_c4_solver *an_sv = NULL, *plain = NULL;
    assert_int_equal(gs_c4_solver_new(g, &sp, NULL, &an_sv), GS_OK);
    gs_c4_solver_set_book(an_sv, book);
    sp.table_bytes = TABLE_BYTES;
    assert_int_equal(gs_c4_solver_new(g, &sp, NULL, &plain), GS_OK);

    for (size_t i = 0; against_children[i].moves; i++) {
        const char *moves = against_children[i].moves;
        gs_c4_state s = position(g, moves);
        gs_c4_analysis an;
        assert_int_equal(gs_c4_analyze(an_sv, &s, false, &an), GS_OK);
        assert_true(an.all_known);
        char got[64];
        size_t n = 0;
        int best = INT_MIN;
        for (int c = 0; c < 7; c++) {
            if (!an.playable[c]) {
                n += (size_t)snprintf(got + n, sizeof got - n, "%s.",
                                      c ? " " : "");
                continue;
            }
            int want;
            if (gs_c4_is_winning_move(g, &s, c)) {
                want = win_score(g, s.moves);
            } else {
                gs_c4_state child = s;
                assert_int_equal(gs_c4_play(g, &child, c), GS_OK);
                gs_c4_solution sd;
                gs_c4_solver_clear(plain);
                assert_int_equal(gs_c4_solve(plain, &child, false, &sd),
                                 GS_OK);
                assert_true(sd.known && !sd.from_book);
                want = -sd.score;
                /* a child the book has from the book, no search */
                int v;
                bool in_book = gs_c4_book_lookup(book, &child, &v);
                assert_int_equal(an.column[c].from_book, in_book);
                if (in_book)
                    assert_int_equal(v, sd.score);
            }
            if (an.column[c].score != want)
                fail_msg("'%s': analyze gives column %d %d, its child's "
                         "solve %d", moves, c + 1, an.column[c].score, want);
            if (want > best)
                best = want;
            n += (size_t)snprintf(got + n, sizeof got - n, "%s%d",
                                  c ? " " : "", want);
        }
        assert_int_equal(an.best_score, best);
        int score;
        if (gs_c4_book_lookup(book, &s, &score))
            assert_int_equal(score, best);
        if (strcmp(got, against_children[i].columns) != 0)
            fail_msg("analyze '%s': %s, expected %s", moves, got,
                     against_children[i].columns);
    }
    gs_c4_solver_free(plain);
    gs_c4_solver_free(an_sv);
    gs_c4_book_free(book);
    gs_c4_free(g);
}

/* Scores as `gamesearch connect4 analyze` printed them. */
static void test_analyze(void **state)
{
    (void)state;
    fixture f;
    open_solver(&f, NULL);
    expect_analysis(&f, "5654767662", false, "0 3 0 3 13 0 13", 13);
    expect_analysis(&f, "5654767662", true, "0 1 0 1 1 0 1", 1);
    expect_analysis(&f, "3237735666151513515634", false,
                    "-8 -7 -8 -10 -8 -8 -10", -7);
    expect_analysis(&f, "32377356661515135156343", false, "6 7 . 7 6 7 8", 8);
    expect_analysis(&f, "32377356661515135156343", true, "1 1 . 1 1 1 1", 1);
    expect_analysis(&f, "27377722442621236775166433", false,
                    "-8 . -8 -8 0 -8 .", 0);
    /* two wins at once (columns 2 and 4), scored without a search */
    expect_analysis(&f, "71537156363554261257637142", false,
                    "-8 8 -8 8 -8 -8 -8", 8);
    close_solver(&f);
}

/* A limit leaves the score unknown, says which limit, and still names a
 * playable column; an analysis under it is not known either. */
static void test_limits(void **state)
{
    (void)state;
    gs_c4_solver_params p;
    gs_c4_solver_params_init(&p);
    p.table_bytes = TABLE_BYTES;
    p.max_nodes = 100;
    fixture f;
    open_solver(&f, &p);
    gs_c4_state s = position(f.g, "5654767662");
    gs_c4_solution sd;
    assert_int_equal(gs_c4_solve(f.sv, &s, false, &sd), GS_OK);
    assert_false(sd.known);
    assert_int_equal(sd.stopped, GS_STOP_NODES);
    assert_true(sd.nodes <= 100);
    assert_true(sd.best >= 0 && gs_c4_can_play(f.g, &s, sd.best));

    gs_c4_analysis an;
    gs_c4_state empty;
    gs_c4_empty(f.g, &empty);
    assert_int_equal(gs_c4_analyze(f.sv, &empty, false, &an), GS_OK);
    assert_false(an.all_known);
    assert_int_equal(an.failed_column, -1);
    assert_int_equal(an.best_score, INT_MIN);
    for (int c = 0; c < 7; c++) {
        assert_true(an.playable[c]);
        assert_false(an.column[c].known);
        assert_int_equal(an.column[c].stopped, GS_STOP_NODES);
    }
    close_solver(&f);
}

/* The computer's column when every move loses: the search names none, and
 * the solver still gives one; and the first winning column. */
static void test_columns(void **state)
{
    (void)state;
    fixture f;
    open_solver(&f, NULL);
    gs_c4_state s = position(f.g, "");
    assert_int_equal(gs_c4_winning_column(f.g, &s), -1);
    s = position(f.g, "112233");
    assert_int_equal(gs_c4_winning_column(f.g, &s), 3);
    s = position(f.g, "1122332");   /* O to move: X threatens column 4 */
    assert_int_equal(gs_c4_winning_column(f.g, &s), -1);
    /* X threatens both ends of 2 3 4: O loses at once whatever it plays */
    s = position(f.g, "26364");
    gs_c4_solution sd;
    assert_int_equal(gs_c4_solve(f.sv, &s, false, &sd), GS_OK);
    assert_true(sd.known);
    assert_int_equal(sd.score, -gs_c4_win_score(f.g, 6));
    assert_true(sd.best >= 0 && gs_c4_can_play(f.g, &s, sd.best));
    close_solver(&f);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    gs_c4 *g = new_7x6();
    gs_c4_solver_params sp;
    gs_c4_solver_params_init(&sp);
    gs_c4_solver *sv = (gs_c4_solver *)&sp;
    assert_int_equal(gs_c4_solver_new(NULL, &sp, NULL, &sv), GS_EINVAL);
    assert_null(sv);
    assert_int_equal(gs_c4_solver_new(g, &sp, NULL, NULL), GS_EINVAL);
    sp.table_bytes = 0;
    assert_int_equal(gs_c4_solver_new(g, &sp, NULL, &sv), GS_EINVAL);
    gs_c4_solver_params_init(&sp);
    sp.threads = 0;
    assert_int_equal(gs_c4_solver_new(g, &sp, NULL, &sv), GS_EINVAL);
    assert_null(sv);
    gs_c4_solver_free(NULL);

    sp.threads = 1;
    sp.table_bytes = TABLE_BYTES;
    assert_int_equal(gs_c4_solver_new(g, &sp, NULL, &sv), GS_OK);
    gs_c4_state s;
    gs_c4_empty(g, &s);
    gs_c4_solution sd;
    gs_c4_analysis an;
    assert_int_equal(gs_c4_solve(sv, NULL, false, &sd), GS_EINVAL);
    assert_false(sd.known);
    assert_int_equal(sd.best, -1);
    assert_int_equal(gs_c4_solve(NULL, &s, false, &sd), GS_EINVAL);
    assert_int_equal(gs_c4_solve(sv, &s, false, NULL), GS_EINVAL);
    assert_int_equal(gs_c4_analyze(sv, NULL, false, &an), GS_EINVAL);
    assert_int_equal(an.failed_column, -1);
    assert_int_equal(gs_c4_analyze(sv, &s, false, NULL), GS_EINVAL);
    gs_c4_solver_free(sv);
    gs_c4_free(g);
}

/* Every allocation of a solver's life (creating it, then solving) failed
 * in turn: GS_ENOMEM where it failed, nothing leaked, and a solver whose
 * solve failed solves once allocation works again. */
static void test_allocation_failure(void **state)
{
    (void)state;
    gs_c4 *g = new_7x6();
    gs_c4_state s = position(g, "5654767662");
    gs_c4_solver_params sp;
    gs_c4_solver_params_init(&sp);
    sp.table_bytes = (size_t)1 << 20;
    long n, failed_new = 0, failed_solve = 0;
    for (n = 1;; n++) {
        track t;
        gs_allocator a = tracker(&t);
        t.fail_at = n;
        gs_c4_solver *sv = NULL;
        int rc = gs_c4_solver_new(g, &sp, &a, &sv);
        if (rc != GS_OK) {
            assert_int_equal(rc, GS_ENOMEM);
            assert_null(sv);
            assert_int_equal(t.failed, 1);
            assert_true(t.live == 0);
            failed_new++;
            continue;
        }
        gs_c4_solution sd;
        rc = gs_c4_solve(sv, &s, false, &sd);
        if (rc != GS_OK) {
            assert_int_equal(rc, GS_ENOMEM);
            assert_int_equal(t.failed, 1);
            failed_solve++;
            t.fail_at = 0;
            gs_c4_solver_clear(sv);
            rc = gs_c4_solve(sv, &s, false, &sd);
        }
        assert_int_equal(rc, GS_OK);
        assert_true(sd.known);
        assert_int_equal(sd.score, 13);
        gs_c4_solver_free(sv);
        assert_true(t.live == 0);
        if (t.failed == 0)
            break;   /* every allocation has been failed once */
    }
    /* the solver, the engine and its table at least */
    assert_true(failed_new >= 3);
    gs_c4_free(g);
    print_message("%ld allocations failed in turn (%ld creating, %ld "
                  "solving)\n", n - 1, failed_new, failed_solve);
}

/* Test_L3_R1 (end games): the first lines, exact and weak. */
static void test_shared_set(void **state)
{
    (void)state;
    FILE *fp = fopen(C4_DIR "/Test_L3_R1", "rb");
    if (!fp) {
        print_message("skipped: %s/Test_L3_R1 is missing (Pons's test sets "
                      "are read from ../shared/connect4)\n", C4_DIR);
        skip();
    }
    fixture f;
    open_solver(&f, NULL);
    char line[256];
    int lines = 0;
    while (lines < 200 && fgets(line, sizeof line, fp)) {
        char moves[128];
        int score;
        if (sscanf(line, "%127s %d", moves, &score) != 2)
            fail_msg("Test_L3_R1 line %d: '%s'", lines + 1, line);
        gs_c4_state s = position(f.g, moves);
        gs_c4_solution sd;
        gs_c4_solver_clear(f.sv);
        assert_int_equal(gs_c4_solve(f.sv, &s, false, &sd), GS_OK);
        if (!sd.known || sd.score != score)
            fail_msg("Test_L3_R1 '%s': %d, expected %d", moves, sd.score,
                     score);
        gs_c4_solver_clear(f.sv);
        assert_int_equal(gs_c4_solve(f.sv, &s, true, &sd), GS_OK);
        assert_int_equal(sd.score, sign(score));
        lines++;
    }
    fclose(fp);
    assert_int_equal(lines, 200);
    close_solver(&f);
}

/* The children's bounds read before any child is searched
 * (child_bounds_plies): the same value in fewer nodes (exact counts). */
static void test_child_bounds(void **state)
{
    (void)state;
    gs_c4 *g = new_7x6();
    gs_game game;
    gs_engine *e = exact_engine(g, &game, (size_t)1 << 24);
    /* gs_c4_solve's cutoffs: while fewer than 28 of the 42 cells are full */
    gs_c4_state s;
    gs_c4_empty(g, &s);
    assert_int_equal(gs_c4_etc_plies(g, &s), 28);
    s = position(g, "754732466173162124726115261");   /* 27 stones */
    assert_int_equal(gs_c4_etc_plies(g, &s), 1);
    assert_int_equal(gs_c4_play(g, &s, 2), GS_OK);
    assert_int_equal(gs_c4_etc_plies(g, &s), 0);
    assert_int_equal(gs_c4_etc_plies(NULL, &s), 0);
    assert_int_equal(gs_c4_etc_plies(g, NULL), 0);

    s = position(g, "2531276566711153");
    static const uint64_t want[2] = {84717, 156773};
    for (int which = 0; which < 2; which++) {
        gs_search_options o;
        gs_solver_options so;
        gs_c4_search_options(&o, &so, false);
        assert_ptr_equal(o.solver, &so);
        assert_int_equal(so.child_bounds_plies, 64);
        if (which == 1)
            so.child_bounds_plies = 0;
        gs_result r;
        gs_engine_tt_clear(e);
        assert_int_equal(gs_search(e, &s, &o, &r), GS_OK);
        assert_true(r.value == 2);
        if (r.nodes != want[which])
            fail_msg("case %d: %llu nodes, want %llu", which,
                     (unsigned long long)r.nodes,
                     (unsigned long long)want[which]);
    }
    gs_engine_free(e);
    gs_c4_free(g);
}

/* The solver's game (c4_game_exact) against gs_c4_game: the same values
 * with the solver's options, in fewer nodes where claimeven's losing
 * bounds apply (exact counts: a change to the search shows here). */
static void test_exact_game_nodes(void **state)
{
    (void)state;
    static const struct {
        const char *moves;
        int score;   /* for the first player */
        uint64_t plain, exact;   /* nodes, strong */
    } cases[] = {
        {"274552224131661", 0, 58092, 13637},
        {"2531276566711153", 2, 131482, 84717},
    };
    gs_c4 *g = new_7x6();
    for (int which = 0; which < 2; which++) {
        gs_game game;
        if (which)
            c4_game_exact(g, &game);
        else
            gs_c4_game(g, &game);
        gs_engine *e = NULL;
        assert_int_equal(gs_engine_new(&game, NULL, &e), GS_OK);
        assert_int_equal(gs_engine_tt_resize(e, (size_t)1 << 24), GS_OK);
        gs_search_options o;
        gs_solver_options so;
        gs_c4_search_options(&o, &so, false);
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            gs_c4_state s = position(g, cases[i].moves);
            gs_result r;
            gs_engine_tt_clear(e);
            assert_int_equal(gs_search(e, &s, &o, &r), GS_OK);
            assert_true(r.value == cases[i].score);
            const uint64_t want = which ? cases[i].exact : cases[i].plain;
            if (r.nodes != want)
                fail_msg("case %zu, game %d: %llu nodes, want %llu", i, which,
                         (unsigned long long)r.nodes,
                         (unsigned long long)want);
        }
        gs_engine_free(e);
    }
    gs_c4_free(g);
}

/*
 * Mirror images: a position that is its own mirror image is solved with
 * positions and their mirror images as one table entry, and an
 * asymmetric one is not (exact counts, 7x6). The engine's counts under
 * the solver's options show what each part gives: the table's mirror
 * images, then the children's entries read before the search (enhanced
 * transposition cutoffs) under them.
 */
static void test_symmetric_root(void **state)
{
    (void)state;
    gs_c4 *g = new_7x6();
    gs_game game;
    gs_engine *e = exact_engine(g, &game, TABLE_BYTES);

    static const struct {
        const char *moves;
        bool symmetric;
        int score;
        uint64_t plain, mirrored, mirrored_no_etc;
        uint64_t solver[2];   /* the solver's own search, symmetry 0 and 1 */
    } cases[] = {
        {"44444411771177", true, 1, 278478, 176358, 172118,
         {120390, 120390}},
        {"44444411771175", false, 3, 76619, 72665, 79399, {62540, 57579}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gs_c4_state s = position(g, cases[i].moves);
        assert_true(c4_is_symmetric(g, &s) == cases[i].symmetric);
        uint64_t nodes[3];
        for (int which = 0; which < 3; which++) {
            gs_search_options o;
            gs_solver_options so;
            gs_c4_search_options(&o, &so, false);
            so.etc_plies = gs_c4_etc_plies(g, &s);
            so.tt_symmetry = which > 0;
            if (which == 2)
                so.etc_plies = 0;
            gs_result r;
            gs_engine_tt_clear(e);
            assert_int_equal(gs_search(e, &s, &o, &r), GS_OK);
            double v = gs_c4_to_move(&s) == 1 ? -r.value : r.value;
            assert_true(v == cases[i].score);
            nodes[which] = r.nodes;
        }
        if (nodes[0] != cases[i].plain || nodes[1] != cases[i].mirrored ||
            nodes[2] != cases[i].mirrored_no_etc)
            fail_msg("%s: %llu, %llu and %llu nodes, want %llu, %llu and "
                     "%llu", cases[i].moves, (unsigned long long)nodes[0],
                     (unsigned long long)nodes[1],
                     (unsigned long long)nodes[2],
                     (unsigned long long)cases[i].plain,
                     (unsigned long long)cases[i].mirrored,
                     (unsigned long long)cases[i].mirrored_no_etc);

        /* The solver (its own search, on one thread): mirror images for
         * the symmetric position whether asked or not. */
        for (int sym = 0; sym < 2; sym++) {
            gs_c4_solver_params sp;
            gs_c4_solver_params_init(&sp);
            sp.table_bytes = TABLE_BYTES;
            sp.symmetry = sym;
            gs_c4_solver *sv = NULL;
            assert_int_equal(gs_c4_solver_new(g, &sp, NULL, &sv), GS_OK);
            gs_c4_solution sd;
            assert_int_equal(gs_c4_solve(sv, &s, false, &sd), GS_OK);
            assert_true(sd.known);
            assert_int_equal(sd.score, cases[i].score);
            const uint64_t want = cases[i].solver[sym];
            if (sd.nodes != want)
                fail_msg("%s, symmetry %d: the solver took %llu nodes, want "
                         "%llu", cases[i].moves, sym,
                         (unsigned long long)sd.nodes,
                         (unsigned long long)want);
            gs_c4_solver_free(sv);
        }
    }
    gs_engine_free(e);
    gs_c4_free(g);
}

/* Every position of a 5x4 board up to `left` more stones from s: the
 * one-thread solver (Connect Four's own search) and the engine's exact
 * search agree on the score, and the solver's column gets it. */
static void agree_below(gs_c4_solver *sv, gs_engine *e, const gs_c4 *g,
                        const gs_c4_state *s, int left, int *count)
{
    gs_search_options o;
    gs_solver_options so;
    gs_c4_search_options(&o, &so, false);
    gs_result r;
    gs_engine_tt_clear(e);
    assert_int_equal(gs_search(e, s, &o, &r), GS_OK);
    const double v = gs_c4_to_move(s) == 1 ? -r.value : r.value;
    gs_c4_solution sd;
    assert_int_equal(gs_c4_solve(sv, s, false, &sd), GS_OK);
    assert_true(sd.known && sd.best_proved);
    if ((double)sd.score != v)
        fail_msg("%d stones: the solver says %d, the engine %g", s->moves,
                 sd.score, v);
    gs_c4_state after = *s;
    assert_int_equal(gs_c4_play(g, &after, sd.best), GS_OK);
    if (!after.over) {
        gs_c4_solution reply;
        assert_int_equal(gs_c4_solve(sv, &after, false, &reply), GS_OK);
        assert_int_equal(-reply.score, sd.score);
    }
    ++*count;
    for (int c = 0; left > 0 && c < gs_c4_width(g); c++) {
        gs_c4_state child = *s;
        if (gs_c4_play(g, &child, c) == GS_OK && !child.over)
            agree_below(sv, e, g, &child, left - 1, count);
    }
}

/* The one-thread solver's own search: the engine's scores on a board of
 * another shape, with the table kept, emptied, tiny (one entry) or
 * emptied more times than it has generations. */
static void test_own_search(void **state)
{
    (void)state;
    gs_c4 *g = make(5, 4);
    gs_game game;
    gs_engine *e = exact_engine(g, &game, TABLE_BYTES);
    static const size_t bytes[] = {TABLE_BYTES, 16};
    for (size_t b = 0; b < sizeof bytes / sizeof bytes[0]; b++) {
        gs_c4_solver_params sp;
        gs_c4_solver_params_init(&sp);
        sp.table_bytes = bytes[b];
        gs_c4_solver *sv = NULL;
        assert_int_equal(gs_c4_solver_new(g, &sp, NULL, &sv), GS_OK);
        gs_c4_state empty;
        gs_c4_empty(g, &empty);
        int count = 0;
        agree_below(sv, e, g, &empty, 3, &count);
        assert_int_equal(count, 1 + 5 + 25 + 125);
        gs_c4_solver_free(sv);
    }
    gs_engine_free(e);
    gs_c4_free(g);

    /* 7x6: the same nodes from a table emptied once or 300 times (more
     * than it has generations), after a solve that grew it. */
    fixture f;
    open_solver(&f, NULL);
    gs_c4_state s = position(f.g, "32751571231557");
    gs_c4_solution a, b;
    gs_c4_solver_clear(f.sv);
    assert_int_equal(gs_c4_solve(f.sv, &s, false, &a), GS_OK);
    for (int i = 0; i < 300; i++)
        gs_c4_solver_clear(f.sv);
    assert_int_equal(gs_c4_solve(f.sv, &s, false, &b), GS_OK);
    assert_true(a.known && b.known && a.score == b.score);
    assert_true(a.nodes == b.nodes);
    close_solver(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_scores),
        cmocka_unit_test(test_own_search),
        cmocka_unit_test(test_solver_params),
        cmocka_unit_test(test_threads_same_scores),
        cmocka_unit_test(test_child_bounds),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_exact_game_nodes),
        cmocka_unit_test(test_symmetric_root),
        cmocka_unit_test(test_analyze),
        cmocka_unit_test(test_analyze_against_children),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_columns),
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_allocation_failure),
        cmocka_unit_test(test_shared_set),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
