/*
 * tests/test_connect4_sets.c: Connect Four against the 7x6 test sets of
 * Pascal Pons's solver in ../shared/connect4 (GS_SHARED_DIR): every line
 * of the six sets parses, and the brute-force solver of
 * connect4_fixture.h reproduces the scores of Test_L3_R1's end-game
 * positions, on which the hooks are checked as in test_connect4.
 *
 * Without GS_SHARED_DIR/connect4 the program says so and exits 77
 * (skipped); with it, every set must be there.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gamesearch/connect4.h"

#include "connect4_fixture.h"
#include "needs_threads.h"

#define C4_DIR GS_SHARED_DIR "/connect4"

/* Every line of the 7x6 test sets parses, to as many moves as digits. */
static void test_parse_test_sets(void **state)
{
    (void)state;
    static const char *const names[] = {"Test_L1_R1", "Test_L1_R2",
                                        "Test_L1_R3", "Test_L2_R1",
                                        "Test_L2_R2", "Test_L3_R1"};
    gs_c4 *g = make(7, 6);
    for (size_t f = 0; f < sizeof names / sizeof names[0]; f++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", C4_DIR, names[f]);
        FILE *fp = fopen(path, "rb");
        if (!fp)
            fail_msg("cannot open %s", path);
        char line[256];
        int lines = 0;
        while (fgets(line, sizeof line, fp)) {
            size_t digits = strspn(line, "123456789");
            assert_true(digits > 0 && line[digits] == ' ');
            gs_c4_state s;
            gs_error err;
            /* the moves, and the moves with what follows them */
            assert_int_equal(gs_c4_parse(g, line, digits, &s, &err), GS_OK);
            assert_int_equal(s.moves, (int)digits);
            assert_int_equal(s.over, 0);
            assert_int_equal(gs_c4_parse(g, line, strlen(line), &s, &err),
                             GS_EPARSE);
            assert_int_equal(err.line, 1);
            assert_int_equal(err.column, (int)digits + 2);
            lines++;
        }
        fclose(fp);
        assert_int_equal(lines, 1000);
    }
    gs_c4_free(g);
}

/* The end-game positions of the 7x6 test set: the solver reproduces their
 * scores, and the hooks hold on them and below them. */
static void test_hooks_7x6_test_set(void **state)
{
    (void)state;
    FILE *fp = fopen(C4_DIR "/Test_L3_R1", "rb");
    if (!fp)
        fail_msg("cannot open %s", C4_DIR "/Test_L3_R1");
    gs_c4 *g = make(7, 6);
    solver sv;
    solver_init(&sv, g, (size_t)1 << 18);
    char line[256];
    int solved = 0;
    while (fgets(line, sizeof line, fp)) {
        size_t digits = strspn(line, "1234567");
        int expected = atoi(line + digits);
        if (digits < 33)
            continue;
        char mirror[64];
        for (size_t i = 0; i < digits; i++)
            mirror[i] = (char)('8' - (line[i] - '0'));
        gs_c4_state s, m;
        gs_error err;
        assert_int_equal(gs_c4_parse(g, line, digits, &s, &err), GS_OK);
        assert_int_equal(gs_c4_parse(g, mirror, digits, &m, &err), GS_OK);
        solver_reset(&sv);
        if (solve(&sv, &s) != expected)
            fail_msg("%.*s: solved %d, the set says %d", (int)digits, line,
                     solve(&sv, &s), expected);
        if (digits >= 36)
            check_below(&sv, &s, &m);
        else
            check_hooks(&sv, &s, &m);
        solved++;
    }
    fclose(fp);
    assert_true(solved > 500);
    free(sv.t);
    gs_c4_free(g);
}

/*
 * The solver on two and three threads gives every set's score, exact and
 * weak, on the first lines of Test_L2_R1 and Test_L1_R1 (the table kept
 * from line to line, as `connect4 solve` keeps it, and emptied); in a
 * library without threads it runs one, with one thread's nodes.
 */
static void test_threads_set_scores(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        int lines;
    } sets[] = {{"Test_L2_R1", 200}, {"Test_L1_R1", 40}};
    assert_true(gs_threads_available() == TEST_THREADS);
    gs_c4 *g = make(7, 6);
    for (int threads = 2; threads <= 3; threads++) {
        gs_c4_solver_params p, p1;
        gs_c4_solver_params_init(&p);
        p.table_bytes = (size_t)4 << 20;
        p.threads = threads;
        p1 = p;
        p1.threads = 1;
        gs_c4_solver *sv, *one;
        assert_int_equal(gs_c4_solver_new(g, &p, NULL, &sv), GS_OK);
        assert_int_equal(gs_c4_solver_new(g, &p1, NULL, &one), GS_OK);
        for (size_t f = 0; f < sizeof sets / sizeof sets[0]; f++) {
            char path[512];
            snprintf(path, sizeof path, "%s/%s", C4_DIR, sets[f].name);
            FILE *fp = fopen(path, "rb");
            if (!fp)
                fail_msg("cannot open %s", path);
            char line[256];
            for (int n = 0; n < sets[f].lines && fgets(line, sizeof line, fp);
                 n++) {
                size_t digits = strspn(line, "1234567");
                const int expected = atoi(line + digits);
                gs_c4_state s;
                gs_error err;
                assert_int_equal(gs_c4_parse(g, line, digits, &s, &err),
                                 GS_OK);
                for (int weak = 0; weak <= 1; weak++) {
                    const int want = weak ? (expected > 0) - (expected < 0)
                                          : expected;
                    gs_c4_solution a, b;
                    if (n % 2)
                        gs_c4_solver_clear(sv);
                    assert_int_equal(gs_c4_solve(sv, &s, weak, &a), GS_OK);
                    if (!a.known || a.score != want)
                        fail_msg("%s line %d, %d threads%s: score %d (known "
                                 "%d), expected %d", sets[f].name, n + 1,
                                 threads, weak ? ", weak" : "", a.score,
                                 a.known, want);
                    assert_true(gs_c4_can_play(g, &s, a.best));
                    if (!TEST_THREADS) {
                        if (n % 2)
                            gs_c4_solver_clear(one);
                        assert_int_equal(gs_c4_solve(one, &s, weak, &b),
                                         GS_OK);
                        assert_true(a.nodes == b.nodes);
                    }
                }
            }
            fclose(fp);
        }
        gs_c4_solver_free(sv);
        gs_c4_solver_free(one);
    }
    gs_c4_free(g);
}

int main(void)
{
    struct stat st;
    if (stat(C4_DIR, &st) != 0 || !S_ISDIR(st.st_mode)) {
        printf("skipped: %s not found\n", C4_DIR);
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_test_sets),
        cmocka_unit_test(test_hooks_7x6_test_set),
        cmocka_unit_test(test_threads_set_scores),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
