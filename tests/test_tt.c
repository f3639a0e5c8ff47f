/*
 * The transposition table and iterative deepening, checked on random
 * layered DAGs (where the same position is reached along many paths, so the
 * table really settles nodes) against a naive recursive oracle.
 *
 * A DAG has layers 0 .. L-1; every node of layer i < L-1 has 1-3 distinct
 * children in layer i+1 (so a node's ply is its layer and its agent is
 * fixed); some inner nodes carry a value for depth cutoffs. Values are
 * integers in [-20, 20]; chance nodes have uniform or dyadic probabilities.
 * The DAGs and the chains below are tree_fixture.h's game.
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

#include "gamesearch/search.h"

#include "fixtures.h"
#include "tree_fixture.h"

#define MAX_LAYERS 8
#define MAX_WIDTH 6

/* The table's hash of a DAG's state: its node alone. */
static uint64_t dg_hash(const void *ctx, const void *state)
{
    (void)ctx;
    uint64_t s = (uint64_t)((const tstate *)state)->node * 7919 + 1;
    return rng_next(&s);
}

/* A random layered DAG in t (node id = layer * width + position; the root
 * is 0); returns its number of layers. */
static int make_dag(tree *t, uint64_t *s)
{
    int layers = rng_int(s, 2, MAX_LAYERS);
    int width = rng_int(s, 2, MAX_WIDTH);
    int agents = rng_int(s, 1, 3);
    tree_init(t, &"MMM"[3 - agents]);   /* one letter an agent */
    for (int a = 0; a < agents; a++)
        t->roles[a] = (gs_role)rng_int(s, 0, 2);
    for (int l = 0; l < layers; l++) {
        for (int i = 0; i < width; i++) {
            int id = tree_add(t, NULL, rng_int(s, -20, 20));
            if (l == layers - 1 || (l > 0 && rng_int(s, 0, 5) == 0))
                continue;   /* a leaf */
            int n = rng_int(s, 1, width < 3 ? width : 3);
            int first = rng_int(s, 0, width - 1);
            int32_t kids[3];
            for (int k = 0; k < n; k++)
                kids[k] = (l + 1) * width + (first + k) % width;
            tree_set_kids(t, id, kids, n);
            if (t->roles[l % agents] == GS_ROLE_CHANCE &&
                rng_int(s, 0, 1)) {
                /* dyadic probabilities: quarters */
                static const double split[3][3] = {
                    {1.0, 0, 0}, {0.25, 0.75, 0}, {0.5, 0.25, 0.25}};
                for (int k = 0; k < n; k++)
                    set_kid_prob(t, id, k, split[n - 1][k]);
            }
        }
    }
    return layers;
}

/* The DAG as a game: values within [-20, 20] (the game's bounds with
 * `bounds`), at most 3 actions a node. */
static gs_game dag_game(const tree *t, bool bounds)
{
    gs_game g = tree_game(t, bounds);
    g.max_actions = 3;
    g.hash = dg_hash;
    return g;
}

/* The oracle: plain recursion, cut off at `limit` plies (0: none). */
static double oracle(const tree *t, int node, int ply, int limit,
                     bool expectimax)
{
    const tnode *nd = &t->nodes[node];
    if (nd->n == 0 || (limit > 0 && ply >= limit))
        return nd->value;
    gs_role r = t->roles[ply % t->num_agents];
    if (expectimax && r == GS_ROLE_MIN)
        r = GS_ROLE_CHANCE;
    double best = r == GS_ROLE_MAX ? -INFINITY : INFINITY, sum = 0.0;
    bool weighted = r == GS_ROLE_CHANCE && nd->has_probs && !(expectimax &&
                    t->roles[ply % t->num_agents] == GS_ROLE_MIN);
    for (int i = 0; i < nd->n; i++) {
        double v = oracle(t, kid(t, node, i), ply + 1, limit, expectimax);
        if (r == GS_ROLE_CHANCE)
            sum += weighted ? kid_prob(t, node, i) * v : v;
        else if (r == GS_ROLE_MAX ? v > best : v < best)
            best = v;
    }
    if (r == GS_ROLE_CHANCE)
        return weighted ? sum : sum / nd->n;
    return best;
}

typedef struct config {
    gs_algo algo;
    bool prune_equal, bounds, tt, iterative;
} config;

/* Searches d with c at `depth` plies and checks value and best action
 * against the oracle; returns the nodes visited. */
static uint64_t check(const tree *d, const config *c, int depth,
                      gs_engine *e, const char *what)
{
    gs_search_options o;
    gs_search_options_init(&o);
    o.algo = c->algo;
    o.prune_equal = c->prune_equal;
    o.use_tt = c->tt;
    o.iterative = c->iterative;
    o.depth = depth;
    tstate root = {0, 0};
    gs_result r;
    int s = gs_search(e, &root, &o, &r);
    if (s != GS_OK)
        fail_msg("%s: status %d", what, s);
    bool ex = c->algo == GS_EXPECTIMAX;
    double want = oracle(d, 0, 0, depth, ex);
    if (fabs(r.value - want) > 1e-9)
        fail_msg("%s: value %.17g, oracle %.17g", what, r.value, want);
    gs_role rr = d->roles[0];
    if (ex && rr == GS_ROLE_MIN)
        rr = GS_ROLE_CHANCE;
    if (d->nodes[0].n > 0 && rr != GS_ROLE_CHANCE) {
        if (r.best == GS_NO_ACTION)
            fail_msg("%s: no best action", what);
        double bv = oracle(d, kid(d, 0, r.best), 1, depth, ex);
        if (fabs(bv - want) > 1e-9)
            fail_msg("%s: best action %d is worth %g, not %g", what,
                     (int)r.best, bv, want);
    }
    if (c->iterative && r.depth < 1)
        fail_msg("%s: iterative deepening finished no iteration", what);
    if (!c->iterative && r.depth != depth)
        fail_msg("%s: depth %d reported, %d searched", what, r.depth, depth);
    return r.nodes;
}

static void test_random_dags(void **state)
{
    (void)state;
    uint64_t seed = 0x7a5a7a5aULL;
    uint64_t nodes_plain = 0, nodes_tt = 0, ab_plain = 0, ab_tt = 0;
    for (int t = 0; t < 2000; t++) {
        tree d;
        int layers = make_dag(&d, &seed);
        int depth = rng_int(&seed, 0, 1) ? 0 : rng_int(&seed, 1, layers);
        gs_game g[2] = {dag_game(&d, false), dag_game(&d, true)};
        gs_engine *e[2];
        for (int b = 0; b < 2; b++) {
            assert_int_equal(gs_engine_new(&g[b], NULL, &e[b]), GS_OK);
            assert_int_equal(gs_engine_tt_resize(e[b], 1 << 12), GS_OK);
        }
        static const gs_algo algos[] = {GS_MINIMAX, GS_ALPHABETA,
                                        GS_EXPECTIMAX};
        for (int a = 0; a < 3; a++)
            for (int pe = 0; pe < 2; pe++)
                for (int b = 0; b < 2; b++)
                    for (int it = 0; it < 2; it++) {
                        if (algos[a] != GS_ALPHABETA && (pe == 0 || b == 1))
                            continue;
                        uint64_t n[2];
                        for (int tt = 0; tt < 2; tt++) {
                            config c = {algos[a], pe, b, tt, it};
                            char what[160];
                            snprintf(what, sizeof what,
                                     "dag %d: %s prune_equal %d bounds %d "
                                     "tt %d iterative %d depth %d",
                                     t, gs_algo_name(c.algo), pe, b, tt, it,
                                     depth);
                            gs_engine_tt_clear(e[b]);
                            n[tt] = check(&d, &c, depth, e[b], what);
                            /* again, with the table warm from the first */
                            if (tt)
                                check(&d, &c, depth, e[b], what);
                        }
                        if (algos[a] != GS_ALPHABETA && !it) {
                            /* memoisation alone never visits more */
                            if (n[1] > n[0])
                                fail_msg("dag %d: %s visits %llu with the "
                                         "table, %llu without", t,
                                         gs_algo_name(algos[a]),
                                         (unsigned long long)n[1],
                                         (unsigned long long)n[0]);
                            nodes_plain += n[0];
                            nodes_tt += n[1];
                        }
                        if (algos[a] == GS_ALPHABETA && pe && !b && !it) {
                            ab_plain += n[0];
                            ab_tt += n[1];
                        }
                    }
        gs_engine_free(e[0]);
        gs_engine_free(e[1]);
        tree_free(&d);
    }
    print_message("random DAGs: minimax/expectimax nodes %llu plain, %llu with "
                  "the table; alpha-beta %llu plain, %llu with the table\n",
                  (unsigned long long)nodes_plain, (unsigned long long)nodes_tt,
                  (unsigned long long)ab_plain, (unsigned long long)ab_tt);
    assert_true(nodes_tt < nodes_plain);
    assert_true(ab_tt < ab_plain);
}

/* A chain of positions 0 .. length-1 in which both actions lead to the
 * next position: 2^(length-1) paths through length positions. A position's
 * value is its number; MAX and MIN alternate. */
static void make_chain(tree *t, int length)
{
    tree_init(t, "Mm");
    for (int i = 0; i < length; i++)
        tree_add(t, NULL, i);
    for (int i = 0; i + 1 < length; i++) {
        int32_t next[2] = {i + 1, i + 1};
        tree_set_kids(t, i, next, 2);
    }
}

/* The table's hash of a chain's state: its position alone. */
static uint64_t ch_hash(const void *ctx, const void *state)
{
    (void)ctx;
    uint64_t s = (uint64_t)((const tstate *)state)->node;
    return rng_next(&s);
}

static gs_game chain_game(const tree *t)
{
    gs_game g = tree_game(t, false);
    g.hash = ch_hash;
    return g;
}

static void test_exponential_chain(void **state)
{
    (void)state;
    tree c;
    make_chain(&c, 40);
    gs_game g = chain_game(&c);
    gs_engine *e;
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
    gs_search_options o;
    gs_search_options_init(&o);
    o.algo = GS_MINIMAX;
    o.use_tt = true;
    tstate root = {0, 0};
    gs_result r;
    assert_int_equal(gs_search(e, &root, &o, &r), GS_OK);
    assert_true(r.value == 39.0);
    /* the root, then both children of each of the 39 inner positions; the
     * second child of each is settled by the table */
    assert_int_equal(r.nodes, 1 + 2 * 39);
    assert_int_equal(r.tt_hits, 38);
    assert_int_equal(r.best, 0);

    /* Warm table: the root's children are settled at once. */
    assert_int_equal(gs_search(e, &root, &o, &r), GS_OK);
    assert_int_equal(r.nodes, 3);
    assert_int_equal(r.tt_hits, 2);

    /* Without a hash the table cannot be used. */
    g.hash = NULL;
    gs_engine *e2;
    assert_int_equal(gs_engine_new(&g, NULL, &e2), GS_OK);
    assert_int_equal(gs_search(e2, &root, &o, &r), GS_EINVAL);
    gs_engine_free(e2);
    gs_engine_free(e);
    tree_free(&c);
}

static void test_iterative_deepening(void **state)
{
    (void)state;
    tree c;
    make_chain(&c, 12);
    gs_game g = chain_game(&c);
    gs_engine *e;
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
    gs_search_options o;
    gs_search_options_init(&o);
    o.iterative = true;
    o.use_tt = true;
    tstate root = {0, 0};
    gs_result r;

    /* To the end: the game lasts 11 plies, so iteration 11 meets no cutoff
     * and is the last. */
    assert_int_equal(gs_search(e, &root, &o, &r), GS_OK);
    assert_int_equal(r.depth, 11);
    assert_true(r.value == 11.0);

    /* Up to a depth: the value there (the node reached at ply 4). */
    gs_engine_tt_clear(e);
    o.depth = 4;
    assert_int_equal(gs_search(e, &root, &o, &r), GS_OK);
    assert_int_equal(r.depth, 4);
    assert_true(r.value == 4.0);

    /* A node budget: the answer of the deepest finished iteration. With
     * minimax and without the table, iteration d visits 2^(d+1) - 1 nodes: 3 + 7 + 15 = 25 for
     * the first three, and the fourth (31 more) does not fit in 40. */
    o.algo = GS_MINIMAX;
    o.use_tt = false;
    o.depth = 0;
    o.max_nodes = 40;
    assert_int_equal(gs_search(e, &root, &o, &r), GS_OK);
    assert_int_equal(r.stopped, GS_STOP_NODES);
    assert_int_equal(r.depth, 3);
    assert_true(r.value == 3.0);
    assert_int_equal(r.nodes, 40);

    /* A time budget on a long game: it answers, from a finished depth. */
    tree big;
    make_chain(&big, 2000);
    gs_game gb = chain_game(&big);
    gs_engine *eb;
    assert_int_equal(gs_engine_new(&gb, NULL, &eb), GS_OK);
    o.max_nodes = 0;
    o.max_seconds = 0.05;
    assert_int_equal(gs_search(eb, &root, &o, &r), GS_OK);
    assert_int_equal(r.stopped, GS_STOP_TIME);
    assert_true(r.depth >= 1);
    assert_true(r.value == (double)r.depth);
    assert_true(r.best == 0);
    assert_true(r.seconds < 5.0);
    gs_engine_free(eb);
    gs_engine_free(e);
    tree_free(&big);
    tree_free(&c);
}

/* One engine, one warm table, the algorithms in turn: each must see only
 * values found its own way. */
static void test_algorithms_share_an_engine(void **state)
{
    (void)state;
    uint64_t seed = 0x5117ULL;
    for (int t = 0; t < 300; t++) {
        tree d;
        make_dag(&d, &seed);
        gs_game g = dag_game(&d, true);
        gs_engine *e;
        assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
        static const config seq[] = {
            {GS_MINIMAX, true, true, true, false},
            {GS_EXPECTIMAX, true, true, true, false},
            {GS_ALPHABETA, false, true, true, false},
            {GS_ALPHABETA, true, true, true, true},
            {GS_EXPECTIMAX, true, true, true, true},
            {GS_MINIMAX, true, true, true, false},
        };
        for (size_t i = 0; i < sizeof seq / sizeof seq[0]; i++) {
            char what[96];
            snprintf(what, sizeof what, "dag %d, search %zu (%s)", t, i,
                     gs_algo_name(seq[i].algo));
            check(&d, &seq[i], 0, e, what);
        }
        gs_engine_free(e);
        tree_free(&d);
    }
}

/* Emptying is lazy (each chunk is emptied at its first store after
 * a clear; the clears are counted in generations that wrap after 254): a
 * search after any number of clears, each following a search that filled
 * the table, is node for node the search on a fresh table. */
static void test_clear_generations(void **state)
{
    (void)state;
    uint64_t seed = 0xc1ea7ULL;
    tree d;
    make_dag(&d, &seed);
    gs_game g = dag_game(&d, true);
    gs_engine *fresh, *e;
    assert_int_equal(gs_engine_new(&g, NULL, &fresh), GS_OK);
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
    assert_int_equal(gs_engine_tt_resize(fresh, 1 << 16), GS_OK);
    assert_int_equal(gs_engine_tt_resize(e, 1 << 16), GS_OK);
    gs_search_options o;
    gs_search_options_init(&o);
    o.use_tt = true;
    tstate root = {0, 0};
    gs_result want, got;
    assert_int_equal(gs_search(fresh, &root, &o, &want), GS_OK);
    assert_true(want.nodes > 1);
    for (int k = 0; k < 600; k++) {
        /* The table holds the last search's results: this one uses them. */
        assert_int_equal(gs_search(e, &root, &o, &got), GS_OK);
        if (k > 0)
            assert_true(got.tt_hits > 0);
        gs_engine_tt_clear(e);
        assert_int_equal(gs_search(e, &root, &o, &got), GS_OK);
        assert_true(got.value == want.value);
        assert_int_equal(got.nodes, want.nodes);
        assert_int_equal(got.tt_hits, want.tt_hits);
        assert_int_equal(got.best, want.best);
    }
    gs_engine_free(fresh);
    gs_engine_free(e);
    tree_free(&d);
}

static void test_tt_sizes(void **state)
{
    (void)state;
    tree c;
    make_chain(&c, 10);
    gs_game g = chain_game(&c);
    gs_engine *e;
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
    /* Even a one-bucket table gives right answers. */
    assert_int_equal(gs_engine_tt_resize(e, 1), GS_OK);
    gs_search_options o;
    gs_search_options_init(&o);
    o.use_tt = true;
    tstate root = {0, 0};
    gs_result r;
    assert_int_equal(gs_search(e, &root, &o, &r), GS_OK);
    assert_true(r.value == 9.0);
    /* Freeing the table: the next search sizes a default one. */
    assert_int_equal(gs_engine_tt_resize(e, 0), GS_OK);
    assert_int_equal(gs_search(e, &root, &o, &r), GS_OK);
    assert_true(r.value == 9.0);
    /* A depth the table cannot count is refused. */
    o.depth = 40000;
    assert_int_equal(gs_search(e, &root, &o, &r), GS_EINVAL);
    assert_int_equal(gs_engine_tt_resize(NULL, 10), GS_EINVAL);
    gs_engine_free(e);
    tree_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_dags),
        cmocka_unit_test(test_exponential_chain),
        cmocka_unit_test(test_algorithms_share_an_engine),
        cmocka_unit_test(test_iterative_deepening),
        cmocka_unit_test(test_clear_generations),
        cmocka_unit_test(test_tt_sizes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
