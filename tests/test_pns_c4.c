/*
 * tests/test_pns_c4.c: proof-number search (pns, df-pn) on Connect Four
 * positions of Pascal Pons's 7x6 test sets in ../shared/connect4
 * (GS_SHARED_DIR): the outcome each proves is the sign of the set's score
 * for the player to move, with exact node counts, and a node limit below
 * a proof's count stops it unproved.
 *
 * Without GS_SHARED_DIR/connect4 the program says so and exits 77
 * (skipped).
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
#include "gamesearch/gamesearch.h"

#define C4_DIR GS_SHARED_DIR "/connect4"

typedef struct prover {
    gs_c4 *g;
    gs_game game;
    gs_engine *e;
} prover;

static void prover_open(prover *p)
{
    gs_c4_params cp;
    gs_c4_params_init(&cp);
    assert_int_equal(gs_c4_new(&cp, NULL, &p->g), GS_OK);
    gs_c4_game(p->g, &p->game);
    assert_int_equal(gs_engine_new(&p->game, NULL, &p->e), GS_OK);
}

static void prover_close(prover *p)
{
    gs_engine_free(p->e);
    gs_c4_free(p->g);
}

/* Line `lineno` (from 1) of a test set: its moves and score. */
static void set_line(const char *name, int lineno, char *moves, size_t size,
                     int *score)
{
    char path[512], line[256];
    snprintf(path, sizeof path, "%s/%s", C4_DIR, name);
    FILE *fp = fopen(path, "rb");
    if (!fp)
        fail_msg("cannot open %s", path);
    for (int i = 0; i < lineno; i++)
        if (!fgets(line, sizeof line, fp))
            fail_msg("%s has fewer than %d lines", path, lineno);
    fclose(fp);
    size_t digits = strspn(line, "1234567");
    assert_true(digits < size && line[digits] == ' ');
    memcpy(moves, line, digits);
    moves[digits] = '\0';
    *score = atoi(line + digits + 1);
}

/* The outcome `algo` proves for the player to move after `moves` (1, 0,
 * -1), or 2 when it stops unproved; its nodes in *nodes. */
static int prove(prover *p, const char *moves, gs_algo algo,
                 uint64_t max_nodes, uint64_t *nodes)
{
    gs_c4_state s;
    gs_error err;
    assert_int_equal(gs_c4_parse(p->g, moves, strlen(moves), &s, &err),
                     GS_OK);
    gs_search_options o;
    gs_search_options_init(&o);
    o.algo = algo;
    o.order_moves = true;
    o.max_nodes = max_nodes;
    gs_result r;
    assert_int_equal(gs_search(p->e, &s, &o, &r), GS_OK);
    *nodes = r.nodes;
    if (r.stopped != GS_STOP_NONE) {
        assert_int_equal(r.stopped, GS_STOP_NODES);
        assert_true(r.nodes <= max_nodes);
        return 2;
    }
    return (int)r.value * (gs_c4_to_move(&s) == 0 ? 1 : -1);
}

static int sign(int v)
{
    return (v > 0) - (v < 0);
}

/* Line 11 of Test_L2_R1, a win for the player to move: df-pn once went
 * round two siblings whose table entries replaced each other (a full
 * bucket), never proving it; now both searches prove it, and one node
 * fewer than the proof's count stops it. */
static void test_line_11(void **state)
{
    (void)state;
    prover p;
    prover_open(&p);
    char moves[64];
    int score;
    set_line("Test_L2_R1", 11, moves, sizeof moves, &score);
    assert_string_equal(moves, "715371563635542612576371");
    assert_int_equal(score, 3);
    uint64_t nodes;
    assert_int_equal(prove(&p, moves, GS_PNS, 1000000, &nodes), 1);
    assert_int_equal(nodes, 66714);
    assert_int_equal(prove(&p, moves, GS_DFPN, 1000000, &nodes), 1);
    assert_int_equal(nodes, 48243);
    assert_int_equal(prove(&p, moves, GS_DFPN, 48243, &nodes), 1);
    assert_int_equal(prove(&p, moves, GS_DFPN, 48242, &nodes), 2);
    prover_close(&p);
}

/* The first 100 lines of a set: df-pn proves the sign of every score. */
static void first_100(const char *name, uint64_t want_nodes)
{
    prover p;
    prover_open(&p);
    uint64_t total = 0;
    for (int i = 1; i <= 100; i++) {
        char moves[64];
        int score;
        uint64_t nodes;
        set_line(name, i, moves, sizeof moves, &score);
        int got = prove(&p, moves, GS_DFPN, 10000000, &nodes);
        if (got != sign(score))
            fail_msg("%s line %d (%s): df-pn gives %d, the score is %d",
                     name, i, moves, got, score);
        total += nodes;
    }
    assert_int_equal(total, want_nodes);
    prover_close(&p);
}

static void test_l2_r1(void **state)
{
    (void)state;
    first_100("Test_L2_R1", 327010);
}

static void test_l3_r1(void **state)
{
    (void)state;
    first_100("Test_L3_R1", 50743);
}

int main(void)
{
    struct stat st;
    if (stat(C4_DIR, &st) != 0) {
        printf("%s not found: skipped\n", C4_DIR);
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_line_11),
        cmocka_unit_test(test_l2_r1),
        cmocka_unit_test(test_l3_r1),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
