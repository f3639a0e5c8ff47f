/*
 * test_solve.c: the engine's solver features on random game trees whose
 * values are known: the game's value bounds and search_actions hooks,
 * null-window search, the root window, killer moves and history.
 *
 * Each tree has whole-number leaf values and alternating MAX/MIN levels.
 * Its hooks tell the truth in random ways (exact values, loose bounds,
 * no knowledge; every optimal action kept, some others dropped), so every
 * search with them must still find the exact minimax value, and a best
 * action that reaches it.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gamesearch/gamesearch.h"

#include "fixtures.h"
#include "needs_threads.h"
#include "tree_fixture.h"

/* At most MAX_BRANCH children a node; values in [-VALUE_RANGE, VALUE_RANGE]. */
enum { MAX_BRANCH = 5, VALUE_RANGE = 10 };

/* The table's hash of a state: its node alone. */
static uint64_t k_hash(const void *ctx, const void *state)
{
    (void)ctx;
    const tstate *s = state;
    uint64_t z = (uint64_t)s->node * 0x9e3779b97f4a7c15u + 1;
    return z ^ (z >> 29);
}

/* An empty MAX/MIN tree, with the hooks or without. */
static void k_init(tree *t, bool hooks)
{
    tree_init(t, "Mm");
    t->min_value = -VALUE_RANGE;
    t->max_value = VALUE_RANGE;
    t->hooks = hooks;
}

/* The tree as a game: whole-number values in the range (the solver tier
 * in *sv, which must outlive the game, says so, besides the tree's
 * hooks), the table's hash, and a deliberately poor order hint (the
 * children's hints are their positions: the last child first). */
static gs_game k_game(const tree *t, gs_solver *sv)
{
    gs_game g = tree_game(t, true);
    g.hash = k_hash;
    if (g.solver) {
        *sv = *g.solver;
    } else {
        memset(sv, 0, sizeof *sv);
        sv->version = GS_SOLVER_VERSION;
    }
    sv->value_grain = 1.0;
    g.solver = sv;
    return g;
}

/* Node `parent`'s children, each hinted with its position. */
static void k_set_kids(tree *t, int parent, const int32_t *kids, int n)
{
    tree_set_kids(t, parent, kids, n);
    for (int i = 0; i < n; i++)
        t->nodes[kids[i]].hint = i;
}

/* A random subtree of at most `height` levels; returns its root. Values
 * are filled in bottom-up (true minimax values), then the hooks. */
static int k_gen(tree *t, uint64_t *r, int ply, int height)
{
    int id = tree_add(t, NULL, 0.0);
    if (height == 0 || (ply > 0 && rng_int(r, 0, 5) == 0)) {
        t->nodes[id].value = rng_int(r, -VALUE_RANGE, VALUE_RANGE);
        return id;
    }
    int nk = rng_int(r, 1, MAX_BRANCH);
    int32_t kids[MAX_BRANCH];
    for (int i = 0; i < nk; i++)
        kids[i] = k_gen(t, r, ply + 1, height - 1);
    k_set_kids(t, id, kids, nk);
    tnode *k = &t->nodes[id];   /* (the array may have moved) */
    bool max = (ply & 1) == 0;
    double v = max ? -INFINITY : INFINITY;
    for (int i = 0; i < nk; i++) {
        double c = t->nodes[kids[i]].value;
        v = max ? fmax(v, c) : fmin(v, c);
    }
    k->value = v;

    /* Bounds: exact, loose, or none. */
    int kind = rng_int(r, 0, 3);
    if (kind == 0) {
        k->has_bounds = true;
        k->lo = k->hi = v;
    } else if (kind <= 2) {
        k->has_bounds = true;
        k->lo = v - rng_int(r, 0, 4);
        k->hi = v + rng_int(r, 0, 4);
    }
    /* Actions to search: every optimal one, some others, shuffled; now
     * and then none (the node is then valued by `value`, its true
     * value). */
    if (rng_int(r, 0, 9) == 0) {
        k->nsearch = 0;
    } else {
        for (int i = 0; i < nk; i++)
            if (t->nodes[kids[i]].value == v || rng_int(r, 0, 1))
                k->search[k->nsearch++] = i;
        for (int i = k->nsearch - 1; i > 0; i--) {
            int j = rng_int(r, 0, i);
            gs_action tmp = k->search[i];
            k->search[i] = k->search[j];
            k->search[j] = tmp;
        }
    }
    return id;
}

static int k_count(const tree *t, int node)
{
    int c = 1;
    for (int i = 0; i < t->nodes[node].n; i++)
        c += k_count(t, kid(t, node, i));
    return c;
}

/* Alpha-beta with the solver options *so (null_window set as asked). */
static gs_search_options k_opts(gs_solver_options *so, bool null_window,
                                bool tt, bool history)
{
    gs_search_options o;
    gs_search_options_init(&o);
    gs_solver_options_init(so);
    o.algo = GS_ALPHABETA;
    o.solver = so;
    so->null_window = null_window;
    o.use_tt = tt;
    o.history = history;
    o.order_moves = history;
    return o;
}

/* The best action the engine reports reaches the value. */
static void check_best(const tree *t, const gs_result *res, double v)
{
    const tnode *root = &t->nodes[0];
    if (root->n == 0) {
        assert_int_equal(res->best, GS_NO_ACTION);
        return;
    }
    assert_true(res->best >= 0 && res->best < root->n);
    assert_true(t->nodes[kid(t, 0, res->best)].value == v);
}

static void test_random_trees(void **state)
{
    (void)state;
    uint64_t r = 20261121;
    uint64_t nodes_full = 0, nodes_ab = 0, nodes_nw = 0;
    for (int trial = 0; trial < 3000; trial++) {
        tree t;
        k_init(&t, true);
        k_gen(&t, &r, 0, rng_int(&r, 1, 7));
        double v = t.nodes[0].value;
        tstate root = {0, 0};
        gs_solver sv;
    gs_game g = k_game(&t, &sv);
        gs_engine *e;
        assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
        assert_int_equal(gs_engine_tt_resize(e, 1 << 16), GS_OK);

        /* Minimax ignores the hooks and sees the whole tree. */
        gs_search_options o;
        gs_solver_options so;
        gs_search_options_init(&o);
        o.algo = GS_MINIMAX;
        gs_result res;
        assert_int_equal(gs_search(e, &root, &o, &res), GS_OK);
        assert_true(res.value == v);
        assert_int_equal(res.nodes, (uint64_t)k_count(&t, 0));
        nodes_full += res.nodes;

        for (int mask = 0; mask < 16; mask++) {
            bool nw = mask & 1, tt = mask & 2, hist = mask & 4;
            o = k_opts(&so, nw, tt, hist);
            if (mask & 8)
                so.child_bounds_plies = 64;   /* every ply */
            gs_engine_tt_clear(e);
            assert_int_equal(gs_search(e, &root, &o, &res), GS_OK);
            if (res.value != v)
                fail_msg("trial %d mask %d: value %g, want %g", trial, mask,
                         res.value, v);
            assert_int_equal(res.bound, GS_BOUND_EXACT);
            check_best(&t, &res, v);
            if (mask == 0)
                nodes_ab += res.nodes;
            if (mask == 3)
                nodes_nw += res.nodes;

            /* The weak window (-1, 1): win, draw or loss. */
            so.window_lo = -1;
            so.window_hi = 1;
            gs_engine_tt_clear(e);
            assert_int_equal(gs_search(e, &root, &o, &res), GS_OK);
            if ((v > -1 && v < 1) || res.bound == GS_BOUND_EXACT) {
                /* (exact outside the window too when the game's own
                 * bounds prove it) */
                assert_true(res.value == v);
                assert_int_equal(res.bound, GS_BOUND_EXACT);
                check_best(&t, &res, v);
            } else if (v >= 1) {
                assert_int_equal(res.bound, GS_BOUND_LOWER);
                assert_true(res.value >= 1 && res.value <= v);
            } else {
                assert_int_equal(res.bound, GS_BOUND_UPPER);
                assert_true(res.value <= -1 && res.value >= v);
            }
        }
        gs_engine_free(e);
        tree_free(&t);
    }
    /* The figures move when the engine changes; printed for the record. */
    /* A fresh engine whose first search is a weak one on a root the game
     * knows exactly, outside the window: no probe runs, and the answer
     * (value, bound, best action) still comes out right. */
    for (int trial = 0; trial < 200; trial++) {
        tree t;
        k_init(&t, true);
        k_gen(&t, &r, 0, 3);
        if (t.nodes[0].n == 0)
            t.nodes[0].value = 5;   /* a leaf root: value() gives it */
        t.nodes[0].has_bounds = true;
        t.nodes[0].lo = t.nodes[0].hi = t.nodes[0].value;
        double v = t.nodes[0].value;
        tstate root = {0, 0};
        gs_solver sv;
    gs_game g = k_game(&t, &sv);
        gs_engine *e;
        assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
        assert_int_equal(gs_engine_tt_resize(e, 1 << 12), GS_OK);
        gs_solver_options so;
        gs_search_options o = k_opts(&so, true, trial % 2 == 0, false);
        so.window_lo = -0.5;
        so.window_hi = 0.5;
        gs_result res;
        assert_int_equal(gs_search(e, &root, &o, &res), GS_OK);
        assert_true(res.value == v);
        assert_int_equal(res.bound, GS_BOUND_EXACT);
        check_best(&t, &res, v);
        gs_engine_free(e);
        tree_free(&t);
    }

    printf("nodes: minimax %llu, alpha-beta %llu, null-window+table %llu\n",
           (unsigned long long)nodes_full, (unsigned long long)nodes_ab,
           (unsigned long long)nodes_nw);
    assert_true(nodes_ab < nodes_full);
}

/* Internal node `id` with the children kids[0 .. n-1], each searched,
 * and the bounds [-VALUE_RANGE, VALUE_RANGE] (true, and too loose to
 * settle anything). */
static void k_loose(tree *t, int id, const int32_t *kids, int n)
{
    k_set_kids(t, id, kids, n);
    tnode *k = &t->nodes[id];
    k->has_bounds = true;
    k->lo = -VALUE_RANGE;
    k->hi = VALUE_RANGE;
    k->nsearch = n;
    for (int i = 0; i < n; i++)
        k->search[i] = i;
}

/*
 * A node whose bounds its parent read before searching it (the children's
 * bounds first) takes them from there: the game is asked each node's
 * bounds once. The tree: root R (MAX) over A and B (MIN), A over A1 and
 * A2, B over B1 and B2 (MAX), each over two leaves (3 5, 6 7, 1 2, 8 9).
 * Alpha-beta visits R, A, A1, A2, B and B1 (B1's 2 cuts B off at alpha
 * 5), and asks their six bounds. With the children's bounds first, A and
 * B read their children's too, B2's among them (seven), and A1, A2 and
 * B1 do not read their own again.
 */
static void test_child_bounds_read_once(void **state)
{
    (void)state;
    tree t;
    k_init(&t, true);
    long calls = 0;
    t.bounds_calls = &calls;
    static const double leaf[4][2] = {{3, 5}, {6, 7}, {1, 2}, {8, 9}};
    int32_t top[2], mid[4];
    const int root = tree_add(&t, "R", 0.0);
    for (int i = 0; i < 2; i++)
        top[i] = tree_add(&t, i ? "B" : "A", 0.0);
    for (int i = 0; i < 4; i++) {
        int32_t l[2];
        mid[i] = tree_add(&t, NULL, 0.0);
        for (int j = 0; j < 2; j++)
            l[j] = tree_add(&t, NULL, leaf[i][j]);
        k_loose(&t, mid[i], l, 2);
    }
    k_loose(&t, top[0], mid, 2);
    k_loose(&t, top[1], mid + 2, 2);
    k_loose(&t, root, top, 2);

    tstate s = {root, 0};
    gs_solver sv;
    gs_game g = k_game(&t, &sv);
    gs_engine *e;
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
    static const struct {
        int plies;
        long calls;
    } cases[] = {{0, 6}, {64, 7}};
    for (int i = 0; i < 2; i++) {
        gs_solver_options so;
        gs_search_options o = k_opts(&so, false, false, false);
        so.child_bounds_plies = cases[i].plies;
        gs_result res;
        calls = 0;
        assert_int_equal(gs_search(e, &s, &o, &res), GS_OK);
        assert_true(res.value == 5.0);
        assert_int_equal(res.best, 0);
        if (calls != cases[i].calls)
            fail_msg("child_bounds_plies %d: %ld calls of bounds, want %ld",
                     cases[i].plies, calls, cases[i].calls);
    }
    gs_engine_free(e);
    tree_free(&t);
}

/* Without hooks, the new options still give the plain minimax value. */
static void test_random_trees_no_hooks(void **state)
{
    (void)state;
    uint64_t r = 7;
    for (int trial = 0; trial < 1000; trial++) {
        tree t;
        k_init(&t, false);
        k_gen(&t, &r, 0, rng_int(&r, 1, 6));
        double v = t.nodes[0].value;
        tstate root = {0, 0};
        gs_solver sv;
    gs_game g = k_game(&t, &sv);
        gs_engine *e;
        assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
        for (int mask = 0; mask < 8; mask++) {
            gs_solver_options so;
            gs_search_options o = k_opts(&so, mask & 1, mask & 2, mask & 4);
            o.iterative = mask == 7;
            gs_result res;
            assert_int_equal(gs_search(e, &root, &o, &res), GS_OK);
            assert_true(res.value == v);
            check_best(&t, &res, v);
        }
        gs_engine_free(e);
        tree_free(&t);
    }
}

/* Prefetching and helper threads change how the table fills, never the
 * answer: the value, and a best action that reaches it. */
static void test_prefetch_and_threads(void **state)
{
    (void)state;
    uint64_t r = 99;
    for (int trial = 0; trial < 300; trial++) {
        tree t;
        k_init(&t, trial % 2 == 0);
        k_gen(&t, &r, 0, rng_int(&r, 2, 7));
        double v = t.nodes[0].value;
        tstate root = {0, 0};
        gs_solver sv;
    gs_game g = k_game(&t, &sv);
        gs_engine *e;
        assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
        assert_int_equal(gs_engine_tt_resize(e, 1 << 16), GS_OK);
        /* (one thread alone without threads: GS_THREADS=OFF) */
        for (int threads = 1; threads <= (TEST_THREADS ? 3 : 1); threads++) {
            gs_solver_options so;
            gs_search_options o = k_opts(&so, trial % 3 != 0, true, false);
            so.prefetch = true;
            o.threads = threads;
            gs_engine_tt_clear(e);
            gs_result res;
            assert_int_equal(gs_search(e, &root, &o, &res), GS_OK);
            assert_true(res.value == v);
            assert_int_equal(res.stopped, GS_STOP_NONE);
            check_best(&t, &res, v);
        }
        gs_engine_free(e);
        tree_free(&t);
    }
}

/* A fixed tree, counted by hand: MAX root over three MIN nodes. */
static void test_null_window_counts(void **state)
{
    (void)state;
    tree t;
    k_init(&t, false);
    /* root -> a, b, c; a -> 3, 12; b -> 2, 4; c -> 14, 1 */
    int root = tree_add(&t, NULL, 0.0);
    int32_t kids[3];
    const double leaves[3][2] = {{3, 12}, {2, 4}, {14, 1}};
    for (int i = 0; i < 3; i++) {
        kids[i] = tree_add(&t, NULL, 0.0);
        int32_t two[2];
        for (int j = 0; j < 2; j++) {
            int l = tree_add(&t, NULL, 0.0);
            t.nodes[l].value = leaves[i][j] - 6;   /* within +-10 */
            two[j] = l;
        }
        k_set_kids(&t, kids[i], two, 2);
        t.nodes[kids[i]].value =
            fmin(leaves[i][0], leaves[i][1]) - 6;
    }
    k_set_kids(&t, root, kids, 3);
    t.nodes[root].value = 3 - 6;
    tstate s = {0, 0};
    gs_solver sv;
    gs_game g = k_game(&t, &sv);
    gs_engine *e;
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
    gs_solver_options so;
    gs_search_options o = k_opts(&so, true, false, false);
    gs_result res;
    assert_int_equal(gs_search(e, &s, &o, &res), GS_OK);
    assert_true(res.value == -3);
    assert_int_equal(res.best, 0);
    /*
     * The leaves are a: -3, 6; b: -4, -2; c: 8, -5. The value lies in
     * [-10, 10]; the middle, 0, is at or below zero, so the first probe is
     * the halved low end, -5: the window (-5, -4) visits root, a, -3, 6
     * and a (-3) cuts the root: 4 nodes, value >= -3. Now [-3, 10]: the
     * middle 3 gives way to the halved high end 5; the window (5, 6)
     * visits root, a, -3 (cut), b, -4 (cut), c, 8, -5 (cut): 8 nodes,
     * value <= -3. 12 in all; a proved the value, so no further search.
     */
    assert_int_equal(res.nodes, 12);
    assert_int_equal(res.bound, GS_BOUND_EXACT);
    o.use_tt = true;
    gs_engine_tt_clear(e);
    assert_int_equal(gs_search(e, &s, &o, &res), GS_OK);
    assert_true(res.value == -3);
    assert_int_equal(res.best, 0);
    assert_int_equal(res.nodes, 12);   /* the windows never repeat */
    /* The same with a node limit: it stops cleanly, never over it. */
    o.max_nodes = 7;
    gs_engine_tt_clear(e);
    assert_int_equal(gs_search(e, &s, &o, &res), GS_OK);
    assert_int_equal(res.stopped, GS_STOP_NODES);
    assert_int_equal(res.nodes, 7);
    assert_int_equal(res.best, 0);     /* proved by the first probe */
    gs_engine_free(e);
    tree_free(&t);
}

static void test_option_errors(void **state)
{
    (void)state;
    tree t;
    k_init(&t, false);
    tree_add(&t, NULL, 1.0);
    tstate s = {0, 0};
    gs_solver sv;
    gs_game g = k_game(&t, &sv);
    gs_engine *e;
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
    gs_result res;
    gs_search_options o;

    gs_solver_options so;
    gs_search_options_init(&o);
    gs_solver_options_init(&so);
    o.solver = &so;
    o.algo = GS_MINIMAX;            /* the solver options need alpha-beta */
    assert_int_equal(gs_search(e, &s, &o, &res), GS_EINVAL);
    assert_string_equal(gs_engine_error(e),
                        "options.solver is set, but the solver options need "
                        "alpha-beta (options.algo is minimax)");
    o.algo = GS_MCTS;
    assert_int_equal(gs_search(e, &s, &o, &res), GS_EINVAL);
    assert_string_equal(gs_engine_error(e),
                        "options.solver is set, but the solver options need "
                        "alpha-beta (options.algo is mcts)");
    o.algo = GS_ALPHABETA;
    assert_int_equal(gs_search(e, &s, &o, &res), GS_OK);
    so.null_window = true;
    o.prune_equal = false;
    assert_int_equal(gs_search(e, &s, &o, &res), GS_EINVAL);
    gs_search_options_init(&o);
    gs_solver_options_init(&so);
    o.solver = &so;
    so.window_lo = 1;
    so.window_hi = 1;
    assert_int_equal(gs_search(e, &s, &o, &res), GS_EINVAL);
    gs_search_options_init(&o);
    gs_solver_options_init(&so);
    o.solver = &so;
    o.algo = GS_EXPECTIMAX;
    so.window_lo = -1;
    so.window_hi = 1;
    assert_int_equal(gs_search(e, &s, &o, &res), GS_EINVAL);
    gs_search_options_init(&o);
    o.algo = GS_MINIMAX;
    o.history = true;
    assert_int_equal(gs_search(e, &s, &o, &res), GS_EINVAL);
    gs_search_options_init(&o);
    gs_solver_options_init(&so);
    o.solver = &so;
    o.use_tt = true;
    so.tt_symmetry = true;   /* the game has no symmetry */
    assert_int_equal(gs_search(e, &s, &o, &res), GS_EINVAL);
    gs_search_options_init(&o);
    o.threads = 2;          /* needs the table */
    assert_int_equal(gs_search(e, &s, &o, &res), GS_EINVAL);
    gs_search_options_init(&o);
    o.threads = -1;
    assert_int_equal(gs_search(e, &s, &o, &res), GS_EINVAL);
    gs_engine_free(e);

    /* Null-window search without a grain. */
    sv.value_grain = 0;
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
    gs_search_options_init(&o);
    gs_solver_options_init(&so);
    o.solver = &so;
    so.null_window = true;
    assert_int_equal(gs_search(e, &s, &o, &res), GS_EINVAL);
    gs_engine_free(e);
    tree_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_trees),
        cmocka_unit_test(test_random_trees_no_hooks),
        cmocka_unit_test(test_child_bounds_read_once),
        cmocka_unit_test(test_prefetch_and_threads),
        cmocka_unit_test(test_null_window_counts),
        cmocka_unit_test(test_option_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
