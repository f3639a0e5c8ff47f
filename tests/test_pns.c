/*
 * tests/test_pns.c: proof-number search (GS_PNS) against minimax: the
 * same outcome on thousands of random trees with leaves -1, 0 and 1 and on
 * every tic-tac-toe position two plies from the start; draws proved by
 * two proofs, node for node; the node limit held exactly; allocation
 * failure at every point; determinism; what it refuses.
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

#include "track_alloc.h"

static gs_tree *parse(const char *text)
{
    gs_tree *t = NULL;
    gs_error err;
    if (gs_tree_parse(text, strlen(text), NULL, &t, &err) != GS_OK)
        fail_msg("%d:%d: %s", err.line, err.column, err.message);
    return t;
}

static gs_tree *random_tree(const char *spec)
{
    static char text[1 << 20];
    size_t len;
    gs_error err;
    if (gs_tree_random(spec, text, sizeof text, &len, &err) != GS_OK)
        fail_msg("%s: %s", spec, err.message);
    assert_true(len < sizeof text);
    return parse(text);
}

/* The minimax value of `node` at `ply`. */
static double minimax(const gs_tree *t, int32_t node, int ply)
{
    int n = gs_tree_child_count(t, node);
    double v;
    if (n == 0) {
        assert_true(gs_tree_node_value(t, node, &v));
        return v;
    }
    bool max = gs_tree_role(t, ply % gs_tree_num_agents(t)) == GS_ROLE_MAX;
    v = max ? -INFINITY : INFINITY;
    for (int i = 0; i < n; i++) {
        double c = minimax(t, gs_tree_child(t, node, i), ply + 1);
        v = max ? fmax(v, c) : fmin(v, c);
    }
    return v;
}

/* A proof-number search of the tree's root, with a node limit. */
static int prove_tree(const gs_tree *t, gs_algo algo, uint64_t max_nodes,
                      gs_result *r, char *why, size_t size)
{
    gs_game g;
    gs_tree_game(t, &g);
    gs_tree_state root;
    gs_tree_root(t, &root);
    gs_engine *e = NULL;
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
    gs_search_options o;
    gs_search_options_init(&o);
    o.algo = algo;
    o.max_nodes = max_nodes;
    int rc = gs_search(e, &root, &o, r);
    if (why)
        snprintf(why, size, "%s", gs_engine_error(e));
    gs_engine_free(e);
    return rc;
}

/* On every tree the root's outcome is minimax's value, and the action
 * chosen reaches it. */
static void test_agree_random_trees(void **state)
{
    (void)state;
    static const char *const branching[] = {"2", "1-3", "2-4", "3"};
    char spec[160];
    for (int k = 1; k <= 3000; k++) {
        snprintf(spec, sizeof spec, "depth=%d,branching=%s,values=-1..1,"
                 "seed=%d%s", 1 + k % 6, branching[(k / 6) % 4], k,
                 k % 7 == 3 ? ",agents=max+min+min" : "");
        gs_tree *t = random_tree(spec);
        gs_result r;
        gs_algo algo = k % 2 ? GS_PNS : GS_DFPN;
        assert_int_equal(prove_tree(t, algo, 0, &r, NULL, 0), GS_OK);
        double want = minimax(t, gs_tree_root_node(t), 0);
        if (r.value != want)
            fail_msg("%s: %s proves %g, minimax gives %g", spec,
                     gs_algo_name(algo), r.value, want);
        assert_int_equal(r.stopped, GS_STOP_NONE);
        int32_t root = gs_tree_root_node(t);
        if (gs_tree_child_count(t, root) > 0) {
            double v = minimax(t, gs_tree_child(t, root, (int)r.best), 1);
            if (v != want)
                fail_msg("%s: %s chooses child %d, worth %g, not %g", spec,
                         gs_algo_name(algo), (int)r.best, v, want);
            assert_int_equal(r.best_index, (int)r.best);
            assert_int_equal(r.pv_length, 1);
        }
        gs_tree_free(t);
    }
}

/* A draw takes two proofs: "a win" disproved (root and two leaves), then
 * "at least a draw" proved (the same three nodes again). A win and a loss
 * at the root's first try take one and two. */
static void test_draw_two_proofs(void **state)
{
    (void)state;
    static const struct {
        const char *tree;
        double value;
        unsigned long nodes, leaves;
        const char *best;
    } cases[] = {
        {"['A', ('B', -1), ('C', 0)]", 0, 6, 4, "C"},
        {"['A', ('B', 1), ('C', 0)]", 1, 3, 2, "B"},
        {"['A', ('B', -1), ('C', -1)]", -1, 6, 4, "B"},
        {"['A', ['B', ('D', 0), ('E', 1)], ('C', -1)]", 0, 10, 6, "B"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gs_tree *t = parse(cases[i].tree);
        gs_result r;
        assert_int_equal(prove_tree(t, GS_PNS, 0, &r, NULL, 0), GS_OK);
        if (r.value != cases[i].value || r.nodes != cases[i].nodes ||
            r.leaves != cases[i].leaves)
            fail_msg("%s: value %g, %lu nodes, %lu leaves", cases[i].tree,
                     r.value, (unsigned long)r.nodes,
                     (unsigned long)r.leaves);
        assert_string_equal(
            gs_tree_node_name(t, gs_tree_child(t, gs_tree_root_node(t),
                                               (int)r.best)),
            cases[i].best);
        gs_tree_free(t);
    }
}

/* Tic-tac-toe: a game, its engine and an option set for GS_PNS. */
typedef struct ttt {
    gs_mnk *g;
    gs_game game;
    gs_engine *e;
} ttt;

static void ttt_open(ttt *t, const gs_allocator *alloc)
{
    gs_mnk_params p;
    gs_mnk_params_init(&p);
    assert_int_equal(gs_mnk_new(&p, NULL, &t->g), GS_OK);
    gs_mnk_game(t->g, &t->game);
    t->e = NULL;
    int rc = gs_engine_new(&t->game, alloc, &t->e);
    if (rc != GS_OK) {
        gs_engine_free(t->e);
        t->e = NULL;
    }
}

static void ttt_close(ttt *t)
{
    gs_engine_free(t->e);
    gs_mnk_free(t->g);
}

static int ttt_search(ttt *t, const void *s, gs_algo algo, uint64_t max_nodes,
                      gs_result *r)
{
    gs_search_options o;
    gs_search_options_init(&o);
    o.algo = algo;
    o.max_nodes = max_nodes;
    return gs_search(t->e, s, &o, r);
}

/* Every position two plies in (and the empty board): pns's outcome is the
 * sign of alpha-beta's value, and its move reaches it. */
static void test_agree_tictactoe(void **state)
{
    (void)state;
    ttt t;
    ttt_open(&t, NULL);
    unsigned char s[256], c[256];
    size_t size = gs_mnk_state_size(t.g);
    assert_true(size <= sizeof s);
    int checked = 0;
    for (int a = -1; a < 9; a++)
        for (int b = -1; b < 9; b++) {
            if ((a < 0) != (b < 0) || (a >= 0 && a == b))
                continue;
            gs_mnk_empty(t.g, s);
            if (a >= 0) {
                gs_mnk_play(t.g, s, a);
                gs_mnk_play(t.g, s, b);
            }
            gs_result ab, pn, child;
            assert_int_equal(ttt_search(&t, s, GS_ALPHABETA, 0, &ab), GS_OK);
            for (int df = 0; df < 2; df++) {
                gs_algo algo = df ? GS_DFPN : GS_PNS;
                assert_int_equal(ttt_search(&t, s, algo, 0, &pn), GS_OK);
                assert_true(pn.value == gs_mnk_outcome(ab.value));
                memcpy(c, s, size);
                assert_int_equal(gs_mnk_play(t.g, c, (int)pn.best), GS_OK);
                assert_int_equal(ttt_search(&t, c, GS_ALPHABETA, 0, &child),
                                 GS_OK);
                assert_true(gs_mnk_outcome(child.value) == pn.value);
            }
            checked++;
        }
    assert_int_equal(checked, 73);
    /* the empty board is a draw: "a win" disproved, "a draw" proved */
    gs_mnk_empty(t.g, s);
    gs_result r;
    assert_int_equal(ttt_search(&t, s, GS_PNS, 0, &r), GS_OK);
    assert_true(r.value == 0.0);
    ttt_close(&t);
}

/* The node limit is never exceeded: below the proof's own count the
 * search stops unproved, at it the proof is found; and the same search
 * twice counts the same nodes. */
static void node_limit_and_determinism(gs_algo algo)
{
    ttt t;
    ttt_open(&t, NULL);
    unsigned char s[256];
    gs_mnk_empty(t.g, s);
    gs_mnk_play(t.g, s, 4);
    gs_result full, again;
    assert_int_equal(ttt_search(&t, s, algo, 0, &full), GS_OK);
    assert_int_equal(ttt_search(&t, s, algo, 0, &again), GS_OK);
    assert_int_equal(full.nodes, again.nodes);
    assert_int_equal(full.leaves, again.leaves);
    assert_int_equal(full.best, again.best);
    assert_true(full.value == again.value);
    uint64_t n = full.nodes;
    uint64_t limits[] = {1, 2, 8, 9, 100, n / 2, n - 1, n, n + 1};
    for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
        gs_result r;
        assert_int_equal(ttt_search(&t, s, algo, limits[i], &r), GS_OK);
        assert_true(r.nodes <= limits[i]);
        if (limits[i] < n) {
            assert_int_equal(r.stopped, GS_STOP_NODES);
            assert_true(r.value == 0.0);
            assert_int_equal(r.best, GS_NO_ACTION);
        } else {
            assert_int_equal(r.stopped, GS_STOP_NONE);
            assert_int_equal(r.nodes, n);
            assert_true(r.value == full.value);
        }
    }
    ttt_close(&t);
}

static void test_node_limit_and_determinism(void **state)
{
    (void)state;
    node_limit_and_determinism(GS_PNS);
    node_limit_and_determinism(GS_DFPN);
}

/* Every allocation the engine and the search make fails in turn: the
 * search says GS_ENOMEM (or finishes, when that allocation was not
 * needed) and nothing leaks. */
static void alloc_failure(gs_algo algo)
{
    unsigned char s[256];
    long total = 0;
    double want = 0;
    {
        track tr0;
        gs_allocator a0 = tracker(&tr0);
        ttt t;
        ttt_open(&t, &a0);
        gs_mnk_empty(t.g, s);
        gs_mnk_play(t.g, s, 0);
        gs_result r;
        assert_int_equal(ttt_search(&t, s, algo, 0, &r), GS_OK);
        want = r.value;
        total = tr0.count;
        ttt_close(&t);
        assert_int_equal(tr0.live, 0);
    }
    assert_true(total > 5);
    for (long k = 1; k <= total; k++) {
        track tr;
        gs_allocator a = tracker(&tr);
        tr.fail_at = k;
        ttt t;
        ttt_open(&t, &a);
        if (t.e) {
            gs_result r;
            int rc = ttt_search(&t, s, algo, 0, &r);
            if (rc == GS_OK)   /* (a table that could not grow) */
                assert_true(r.value == want);
            else {
                assert_int_equal(rc, GS_ENOMEM);
                assert_non_null(strstr(gs_engine_error(t.e), "out of memory"));
            }
        }
        ttt_close(&t);
        assert_int_equal(tr.live, 0);
    }
}

static void test_alloc_failure(void **state)
{
    (void)state;
    alloc_failure(GS_PNS);
    alloc_failure(GS_DFPN);
}

/* A chance agent and a depth are refused, with sentences. */
static void test_refused(void **state)
{
    (void)state;
    gs_tree *t = random_tree("depth=2,agents=max+chance,seed=4");
    gs_result r;
    char why[256];
    assert_int_equal(prove_tree(t, GS_PNS, 0, &r, why, sizeof why),
                     GS_EINVAL);
    assert_string_equal(why, "proof-number search proves the outcome of "
                             "games of MAX and MIN: agent 1 is CHANCE");
    gs_tree_free(t);

    ttt tt;
    ttt_open(&tt, NULL);
    unsigned char s[256];
    gs_mnk_empty(tt.g, s);
    gs_search_options o;
    gs_search_options_init(&o);
    o.algo = GS_PNS;
    o.depth = 3;
    assert_int_equal(gs_search(tt.e, s, &o, &r), GS_EINVAL);
    assert_string_equal(gs_engine_error(tt.e),
                        "options.depth is 3, but proof-number search proves "
                        "the outcome at the end of the game (depth 0)");
    ttt_close(&tt);
}

static void test_name(void **state)
{
    (void)state;
    assert_int_equal(GS_PNS, 11);
    assert_string_equal(gs_algo_name(GS_PNS), "pns");
    assert_int_equal(gs_algo_parse("pns"), GS_PNS);
    assert_int_equal(GS_DFPN, 12);
    assert_string_equal(gs_algo_name(GS_DFPN), "dfpn");
    assert_int_equal(gs_algo_parse("dfpn"), GS_DFPN);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_agree_random_trees),
        cmocka_unit_test(test_draw_two_proofs),
        cmocka_unit_test(test_agree_tictactoe),
        cmocka_unit_test(test_node_limit_and_determinism),
        cmocka_unit_test(test_alloc_failure),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
