/*
 * tests/test_nim.c: Nim, through the registry alone (it has no header),
 * against its theory: for every start of up to 3 piles of up to 5 (and 4
 * piles of up to 3), the player to move wins exactly when the XOR of the
 * piles is not 0, alpha-beta with and without a table agrees, and so does
 * minimax up to piles of 4; then names, positions, playouts and the
 * parameter errors' exact messages.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/gamesearch.h"
#include "gamesearch/registry.h"

typedef struct nim {
    const gs_game_entry *e;
    gs_game_instance g;
    gs_engine *engine;
    unsigned char state[64];
} nim;

static int open_nim(nim *n, const char *params, gs_error *err)
{
    memset(n, 0, sizeof *n);
    n->e = gs_registry_find("nim");
    assert_non_null(n->e);
    int rc = gs_game_make(n->e, params, NULL, 0, NULL, &n->g, err);
    if (rc != GS_OK)
        return rc;
    assert_true(n->g.game.state_size <= sizeof n->state);
    assert_int_equal(gs_engine_new(&n->g.game, NULL, &n->engine), GS_OK);
    return GS_OK;
}

static void close_nim(nim *n)
{
    gs_engine_free(n->engine);
    gs_game_unmake(&n->g);
}

static int read_pos(nim *n, const char *text, gs_error *err)
{
    memset(err, 0, sizeof *err);
    return n->e->read(n->g.inst, text, strlen(text), n->state, err);
}

/* The value of n's position to the end by `algo`. */
static double solve(nim *n, gs_algo algo, bool tt, uint64_t *nodes)
{
    gs_search_options o;
    gs_search_options_init(&o);
    o.algo = algo;
    o.use_tt = tt;
    if (tt)
        gs_engine_tt_clear(n->engine);
    gs_result r;
    assert_int_equal(gs_search(n->engine, n->state, &o, &r), GS_OK);
    assert_int_equal(r.bound, GS_BOUND_EXACT);
    if (nodes)
        *nodes = r.nodes;
    return r.value;
}

/* Every start of `count` piles of 0 to `most` objects. */
static void check_theory(int count, int most, bool with_minimax)
{
    int pile[4] = {0, 0, 0, 0};
    for (;;) {
        char params[64] = "piles=";
        int x = 0;
        for (int i = 0; i < count; i++) {
            size_t len = strlen(params);
            snprintf(params + len, sizeof params - len, "%s%d", i ? "," : "",
                     pile[i]);
            x ^= pile[i];
        }
        nim n;
        gs_error err;
        assert_int_equal(open_nim(&n, params, &err), GS_OK);
        assert_int_equal(read_pos(&n, "", &err), GS_OK);
        double want = x != 0 ? 1 : -1;   /* MAX is to move */
        double ab = solve(&n, GS_ALPHABETA, false, NULL);
        if (ab != want)
            fail_msg("%s: alpha-beta says %g, the theory %g", params, ab,
                     want);
        assert_true(solve(&n, GS_ALPHABETA, true, NULL) == want);
        if (with_minimax)
            assert_true(solve(&n, GS_MINIMAX, false, NULL) == want);
        /* MIN to move: the same from MIN's side */
        char text[64], min[80];
        n.e->write(n.g.inst, n.state, text, sizeof text);
        snprintf(min, sizeof min, "%s min", text);
        assert_int_equal(read_pos(&n, min, &err), GS_OK);
        assert_true(solve(&n, GS_ALPHABETA, true, NULL) == -want);
        close_nim(&n);
        int i = 0;
        while (i < count && pile[i] == most)
            pile[i++] = 0;
        if (i == count)
            break;
        pile[i]++;
    }
}

static void test_theory(void **state)
{
    (void)state;
    for (int count = 1; count <= 3; count++)
        check_theory(count, 4, true);
    check_theory(3, 5, false);
    check_theory(4, 3, false);
}

static void test_game(void **state)
{
    (void)state;
    nim n;
    gs_error err;
    assert_int_equal(open_nim(&n, "", &err), GS_OK);
    assert_true(n.e->flags & GS_GAME_TWO_PLAYER);
    assert_true(n.e->small(n.g.inst));
    char text[64];
    n.e->describe(n.g.inst, text, sizeof text);
    assert_string_equal(text, " piles 3,4,5");
    assert_int_equal(read_pos(&n, "", &err), GS_OK);
    assert_int_equal(n.e->write(n.g.inst, n.state, text, sizeof text), 5);
    assert_string_equal(text, "3,4,5");
    int lo, hi;
    n.e->depths(n.g.inst, n.state, &lo, &hi);
    assert_int_equal(lo, 1);
    assert_int_equal(hi, 12);

    /* 3+4+5 actions, named P:T; the best: 3^4^5 = 2, take 2 from pile 1 */
    const gs_game *g = &n.g.game;
    gs_action acts[128];
    assert_int_equal(g->actions(g->ctx, n.state, acts), 12);
    g->action_name(g->ctx, n.state, acts[0], text, sizeof text);
    assert_string_equal(text, "1:1");
    g->action_name(g->ctx, n.state, acts[11], text, sizeof text);
    assert_string_equal(text, "3:5");
    gs_search_options o;
    gs_search_options_init(&o);
    o.use_tt = true;
    gs_result r;
    assert_int_equal(gs_search(n.engine, n.state, &o, &r), GS_OK);
    g->action_name(g->ctx, n.state, r.best, text, sizeof text);
    assert_string_equal(text, "1:2");
    assert_true(r.value == 1);

    /* a position, its hash against the same piles reached by moves */
    unsigned char child[64];
    g->apply(g->ctx, n.state, acts[1], child);        /* 1:2 -> 1,4,5 min */
    assert_int_equal(read_pos(&n, "1,4,5 min", &err), GS_OK);
    assert_true(g->hash(g->ctx, n.state) == g->hash(g->ctx, child));
    assert_int_equal(memcmp(n.state, child, g->state_size), 0);
    assert_int_equal(read_pos(&n, "1,4,5", &err), GS_OK);
    assert_true(g->hash(g->ctx, n.state) != g->hash(g->ctx, child));

    /* the last pile taken whole by a playout, else any legal index */
    assert_int_equal(read_pos(&n, "0,3,0", &err), GS_OK);
    int k = g->actions(g->ctx, n.state, acts);
    assert_int_equal(k, 3);
    for (uint64_t rnd = 0; rnd < 5; rnd++)
        assert_int_equal(g->playout(g->ctx, n.state, acts, k, rnd), 2);
    assert_int_equal(read_pos(&n, "1,1,0", &err), GS_OK);
    k = g->actions(g->ctx, n.state, acts);
    assert_int_equal(g->playout(g->ctx, n.state, acts, k, 3), 1);

    /* the end: the player who took the last object won */
    assert_int_equal(read_pos(&n, "0,0,0 min", &err), GS_OK);
    assert_true(g->is_terminal(g->ctx, n.state));
    assert_true(g->value(g->ctx, n.state) == 1);
    assert_int_equal(read_pos(&n, "0,0,0", &err), GS_OK);
    assert_true(g->value(g->ctx, n.state) == -1);

    /* bad positions */
    assert_int_equal(read_pos(&n, "1,2", &err), GS_EPARSE);
    assert_string_equal(err.message, "'1,2' is not 3 numbers from 0 to 31 "
                        "separated by commas");
    assert_int_equal(read_pos(&n, "1,2,32", &err), GS_EPARSE);
    assert_int_equal(read_pos(&n, "1,2,3 max", &err), GS_EPARSE);
    assert_string_equal(err.message, "only ' min' may follow the piles");
    assert_int_equal(err.column, 6);
    close_nim(&n);
}

static void test_bad_params(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "piles=", "piles=1,,2", "piles=1,2,", "piles=32", "piles=a",
        "piles=1,2,3,4,5,6,7,8,9", "piles=-1", "piles=007"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        nim n;
        gs_error err;
        assert_int_equal(open_nim(&n, bad[i], &err), GS_EINVAL);
        char want[160];
        snprintf(want, sizeof want, "piles '%s' is not 1 to 8 numbers from "
                 "0 to 31 separated by commas", bad[i] + 6);
        assert_string_equal(err.message, want);
    }
    nim n;
    gs_error err;
    assert_int_equal(open_nim(&n, "pile=3", &err), GS_EPARSE);
    assert_string_equal(err.message, "unknown parameter 'pile' (nim takes "
                        "piles)");
    assert_int_equal(open_nim(&n, "piles=1,2,3,4,5,6,7,8", &err), GS_OK);
    assert_true(n.e->small(n.g.inst));   /* 2 x 3 x ... x 9 positions */
    close_nim(&n);
    assert_int_equal(open_nim(&n, "piles=31,31,31,31,31", &err), GS_OK);
    assert_false(n.e->small(n.g.inst));
    close_nim(&n);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_theory),
        cmocka_unit_test(test_game),
        cmocka_unit_test(test_bad_params),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
