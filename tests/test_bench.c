/*
 * tests/test_bench.c: the bench (gamesearch/bench.h). Its total node count
 * is bench/signature, every search finishes with the known value, the rows
 * come in order with their descriptions, and a bench whose set-up fails
 * says so and leaks nothing.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/bench.h"

#include "sink.h"
#include "track_alloc.h"

typedef struct seen {
    int rows;
    uint64_t nodes;
    char first[4][320];  /* game, position, depth, search of the first rows */
    char last_game[16];
    int connect4;
} seen;

static void count_row(void *user, const gs_bench_row *row)
{
    seen *s = user;
    assert_int_equal(row->status, GS_OK);
    assert_int_equal(row->result.stopped, GS_STOP_NONE);
    assert_false(row->wrong);
    if (s->rows < 4)
        snprintf(s->first[s->rows], sizeof s->first[0], "%s %s %s | %s",
                 row->game, row->position, row->depth, row->search);
    snprintf(s->last_game, sizeof s->last_game, "%s", row->game);
    if (strcmp(row->game, "connect4") == 0) {
        s->connect4++;
        assert_true(strstr(row->search, "nullwin prefetch") != NULL);
    }
    s->rows++;
    s->nodes += row->result.nodes;
}

static uint64_t signature(void)
{
    FILE *f = fopen(GS_SOURCE_DIR "/bench/signature", "r");
    assert_non_null(f);
    unsigned long long n = 0;
    assert_int_equal(fscanf(f, "%llu", &n), 1);
    fclose(f);
    return (uint64_t)n;
}

static void test_signature(void **state)
{
    (void)state;
    track t;
    gs_allocator a = tracker(&t);
    seen s;
    memset(&s, 0, sizeof s);
    gs_bench_totals totals;
    assert_int_equal(gs_bench_run(&a, count_row, &s, &totals), GS_OK);
    assert_true(t.live == 0);
    assert_int_equal(totals.failures, 0);
    assert_int_equal(totals.rows, s.rows);
    assert_int_equal(totals.rows, 6 + 4 + 13 + 4 + 4);
    assert_int_equal(s.connect4, 13);
    assert_true(totals.nodes == s.nodes);
    if (totals.nodes != signature())
        fail_msg("Nodes searched: %llu, but bench/signature says %llu",
                 (unsigned long long)totals.nodes,
                 (unsigned long long)signature());
    assert_true(totals.seconds > 0.0);
    assert_string_equal(s.first[0], "ttt empty end | alphabeta tt order");
    assert_string_equal(s.first[1], "ttt a1 end | alphabeta tt order");
    assert_string_equal(s.last_game, "nim");
    print_message("%d allocations, %llu nodes\n", (int)t.count,
                  (unsigned long long)totals.nodes);
}

/* The first allocations (the tic-tac-toe game, its engine, its table, its
 * state) failed in turn: the status, no row, nothing leaked. */
static void test_setup_failure(void **state)
{
    (void)state;
    for (long n = 1; n <= 4; n++) {
        track t;
        gs_allocator a = tracker(&t);
        t.fail_at = n;
        seen s;
        memset(&s, 0, sizeof s);
        gs_bench_totals totals;
        int rc = gs_bench_run(&a, count_row, &s, &totals);
        assert_int_equal(t.failed, 1);
        assert_int_equal(rc, GS_ENOMEM);
        assert_int_equal(s.rows, 0);
        assert_int_equal(totals.rows, 0);
        assert_true(t.live == 0);
    }
    assert_int_equal(gs_bench_run(NULL, NULL, NULL, NULL), GS_EINVAL);
}

/* The text and JSON of `gamesearch bench`, for a row made by hand. */
static void test_writers(void **state)
{
    (void)state;
    gs_bench_row row = {.game = "ttt", .position = "b2 \"a1\"",
                        .search = "alphabeta tt", .depth = "end",
                        .best = "c3"};
    row.result.value = 0.5;
    row.result.nodes = 921;
    row.result.seconds = 0.00025;
    gs_bench_totals t = {.rows = 1, .nodes = 4596374, .seconds = 2.0};
    buffer x = {0};
    assert_int_equal(gs_bench_write_start(false, to_buffer, &x), 0);
    assert_int_equal(gs_bench_write_row(&row, false, true, to_buffer, &x), 0);
    assert_int_equal(gs_bench_write_end(&t, false, to_buffer, &x), 0);
    assert_string_equal(x.text,
        "game     position                     depth           value best  "
        "     nodes        ms  search\n"
        "ttt      b2 \"a1\"                      end               0.5 c3    "
        "       921       0.2  alphabeta tt\n"
        "\nNodes searched: 4596374\nNodes/second: 2298187\nTime: 2.000 "
        "seconds\n");
    buffer j = {0};
    assert_int_equal(gs_bench_write_start(true, to_buffer, &j), 0);
    assert_int_equal(gs_bench_write_row(&row, true, true, to_buffer, &j), 0);
    assert_int_equal(gs_bench_write_row(&row, true, false, to_buffer, &j), 0);
    assert_int_equal(gs_bench_write_end(&t, true, to_buffer, &j), 0);
    const char *one = "{\"game\":\"ttt\",\"position\":\"b2 \\\"a1\\\"\","
        "\"search\":\"alphabeta tt\",\"depth\":\"end\",\"value\":0.5,"
        "\"best\":\"c3\",\"nodes\":921,\"ms\":0.250}";
    char want[1024];
    snprintf(want, sizeof want, "{\"rows\":[%s,%s],\"nodes\":4596374,"
             "\"nodes_per_second\":2298187,\"seconds\":2.000}\n", one, one);
    assert_string_equal(j.text, want);
    /* a write refused is the writer's result */
    buffer f = {.refuse_at = 1};
    assert_int_equal(gs_bench_write_row(&row, true, true, to_buffer, &f), 7);
    assert_int_equal(gs_bench_write_start(false, to_buffer, &f), 7);
    assert_int_equal(gs_bench_write_end(&t, true, to_buffer, &f), 7);
    assert_null(f.text);
    free(x.text);
    free(j.text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_signature),
        cmocka_unit_test(test_setup_failure),
        cmocka_unit_test(test_writers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
