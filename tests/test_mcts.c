/*
 * test_mcts.c: Monte Carlo tree search (GS_MCTS): tactics in tic-tac-toe
 * and Connect Four, convergence to the minimax value on small random
 * trees, the solver, chance nodes and several MIN agents, limits,
 * allocation failure, seeds and threads, and the playout hooks.
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

#include "gamesearch/connect4.h"
#include "gamesearch/mnk.h"
#include "gamesearch/search.h"
#include "track_alloc.h"
#include "tree_fixture.h"

/* ---- helpers ---- */

typedef struct ttt {
    gs_mnk *g;
    gs_game game;
    gs_engine *e;
    uint64_t state[8];
} ttt;

static void ttt_open(ttt *t, const char *pos)
{
    gs_mnk_params p;
    gs_mnk_params_init(&p);
    assert_int_equal(gs_mnk_new(&p, NULL, &t->g), GS_OK);
    gs_mnk_game(t->g, &t->game);
    assert_int_equal(gs_engine_new(&t->game, NULL, &t->e), GS_OK);
    gs_error err;
    assert_int_equal(gs_mnk_parse(t->g, pos, t->state, &err), GS_OK);
}

static void ttt_close(ttt *t)
{
    gs_engine_free(t->e);
    gs_mnk_free(t->g);
}

static gs_search_options mcts_options(uint64_t iterations, uint64_t seed)
{
    gs_search_options o;
    gs_search_options_init(&o);
    o.algo = GS_MCTS;
    o.mcts_iterations = iterations;
    o.mcts_seed = seed;
    return o;
}

/* ---- tactics ---- */

static void test_ttt_win_in_one(void **unused)
{
    (void)unused;
    ttt t;
    ttt_open(&t, "XX.OO....");
    for (int solver = 0; solver < 2; solver++) {
        gs_search_options o = mcts_options(2000, 1);
        o.mcts_solver = solver;
        gs_result r;
        assert_int_equal(gs_search(t.e, t.state, &o, &r), GS_OK);
        assert_int_equal(r.best, 2);
        assert_int_equal(r.best_index, 0);
        assert_int_equal(r.mcts_root_actions, 5);
        assert_true(r.mcts_iterations <= 2000);
        /* X's win with its fifth stone */
        if (solver) {
            assert_true(r.mcts_proved);
            assert_true(r.value == GS_MNK_WIN - 5);
            assert_true(r.mcts_iterations < 2000);
        } else {
            assert_false(r.mcts_proved);
            assert_int_equal(r.mcts_iterations, 2000);
            assert_true(r.value == GS_MNK_WIN - 5);
        }
        assert_int_equal(r.pv_length, 1);
        assert_int_equal(r.pv[0], 2);
    }
    ttt_close(&t);
}

static void test_ttt_block_in_one(void **unused)
{
    (void)unused;
    ttt t;
    ttt_open(&t, "XX..O....");
    for (int solver = 0; solver < 2; solver++) {
        gs_search_options o = mcts_options(5000, 7);
        o.mcts_solver = solver;
        gs_result r;
        assert_int_equal(gs_search(t.e, t.state, &o, &r), GS_OK);
        assert_int_equal(r.best, 2);
        assert_int_equal(r.mcts_root_actions, 6);
    }
    ttt_close(&t);
}

static void c4_position(const gs_c4 *g, const char *moves, gs_c4_state *s)
{
    gs_error err;
    assert_int_equal(gs_c4_parse(g, moves, strlen(moves), s, &err), GS_OK);
}

static void test_c4_tactics(void **unused)
{
    (void)unused;
    gs_c4_params p;
    gs_c4_params_init(&p);
    gs_c4 *g;
    assert_int_equal(gs_c4_new(&p, NULL, &g), GS_OK);
    gs_game game;
    gs_c4_game(g, &game);
    gs_engine *e;
    assert_int_equal(gs_engine_new(&game, NULL, &e), GS_OK);
    gs_c4_state s;
    for (int playout = 0; playout < 2; playout++) {
        gs_search_options o = mcts_options(3000, 3);
        o.mcts_playout = playout ? GS_PLAYOUT_POLICY : GS_PLAYOUT_RANDOM;
        o.mcts_win_loss = true;
        gs_result r;
        /* the first player wins at once in column 3 or 7 */
        c4_position(g, "445566", &s);
        assert_int_equal(gs_search(e, &s, &o, &r), GS_OK);
        assert_true(r.best == 2 || r.best == 6);
        assert_true(gs_c4_is_winning_move(g, &s, r.best));
        /* the second player must stop four in the bottom row at column 4 */
        c4_position(g, "11223", &s);
        assert_int_equal(gs_search(e, &s, &o, &r), GS_OK);
        assert_int_equal(r.best, 3);
        /* the first player must stop the second's column 2 */
        c4_position(g, "721212", &s);
        assert_int_equal(gs_search(e, &s, &o, &r), GS_OK);
        assert_int_equal(r.best, 1);
    }
    gs_engine_free(e);
    gs_c4_free(g);
}

/* The m,n,k playout policy: a block of the threat the last move made, and
 * a win at once before a block. */
static void test_mnk_playout_policy(void **unused)
{
    (void)unused;
    for (int large = 0; large < 2; large++) {
        gs_mnk_params p;
        gs_mnk_params_init(&p);
        if (large) {
            p.rows = p.cols = 15;
            p.k = 5;
            gs_mnk_params_for_play(&p, true);
        }
        gs_mnk *g;
        assert_int_equal(gs_mnk_new(&p, NULL, &g), GS_OK);
        gs_game game;
        gs_mnk_game(g, &game);
        assert_non_null(game.playout);
        uint64_t s[64];
        gs_mnk_empty(g, s);
        const int cols = p.cols, k = p.k;
        /* X on row 0, columns 0 .. k-2; O on row 1, columns 0 .. k-3 */
        for (int i = 0; i < k - 1; i++) {
            assert_int_equal(gs_mnk_play(g, s, i), GS_OK);
            if (i < k - 2)
                assert_int_equal(gs_mnk_play(g, s, cols + i), GS_OK);
        }
        gs_action acts[225];
        int n = game.actions(game.ctx, s, acts);
        for (uint64_t r = 0; r < 4; r++) {
            int i = game.playout(game.ctx, s, acts, n, r);
            assert_int_equal(acts[i], k - 1);   /* O blocks */
        }
        /* O plays on row 1 past a gap instead: X wins rather than block */
        assert_int_equal(gs_mnk_play(g, s, cols + k - 1), GS_OK);
        n = game.actions(game.ctx, s, acts);
        int i = game.playout(game.ctx, s, acts, n, 3);
        assert_int_equal(acts[i], k - 1);
        gs_mnk_free(g);
    }
}

/* ---- random trees ---- */

/* A random tree of the given depth and branching, integer leaf values in
 * [-9, 9], from the seed; returns its root. */
static int random_tree(tree *t, int depth, int branching, uint64_t *seed)
{
    int node = tree_add(t, NULL, 0.0);
    if (depth == 0) {
        *seed = *seed * 6364136223846793005u + 1442695040888963407u;
        t->nodes[node].value = (double)((int)((*seed >> 33) % 19) - 9);
        return node;
    }
    int32_t kids[MAX_KIDS];
    for (int i = 0; i < branching; i++)
        kids[i] = random_tree(t, depth - 1, branching, seed);
    tree_set_kids(t, node, kids, branching);
    return node;
}

static double exact_value(const gs_game *game, const tstate *root)
{
    gs_engine *e;
    assert_int_equal(gs_engine_new(game, NULL, &e), GS_OK);
    gs_search_options o;
    gs_search_options_init(&o);
    o.algo = GS_MINIMAX;
    gs_result r;
    assert_int_equal(gs_search(e, root, &o, &r), GS_OK);
    gs_engine_free(e);
    return r.value;
}

static double mcts_value(const gs_game *game, const tstate *root,
                         uint64_t iterations, bool solver, gs_result *r)
{
    gs_engine *e;
    assert_int_equal(gs_engine_new(game, NULL, &e), GS_OK);
    gs_search_options o = mcts_options(iterations, 5);
    o.mcts_solver = solver;
    assert_int_equal(gs_search(e, root, &o, r), GS_OK);
    gs_engine_free(e);
    return r->value;
}

/* Plain UCT's error shrinks as iterations grow, and ends small; the solver
 * gets the exact value. Roles: MAX/MIN alternating, two MIN agents in a
 * row, and a CHANCE agent between them. */
static void test_random_trees_converge(void **unused)
{
    (void)unused;
    const char *roles[] = {"Mm", "Mmm", "Mcm"};
    for (int k = 0; k < 3; k++) {
        double err_small = 0.0, err_large = 0.0;
        for (uint64_t seed = 1; seed <= 5; seed++) {
            tree t;
            tree_init(&t, roles[k]);
            uint64_t s = seed * 977 + (uint64_t)k;
            int root = random_tree(&t, 4, 3, &s);
            gs_game game = tree_game(&t, true);
            tstate st = {root, 0};
            double exact = exact_value(&game, &st);
            gs_result r;
            err_small += fabs(mcts_value(&game, &st, 60, false, &r) - exact);
            err_large +=
                fabs(mcts_value(&game, &st, 40000, false, &r) - exact);
            assert_int_equal(r.mcts_iterations, 40000);
            double v = mcts_value(&game, &st, 1000000, true, &r);
            assert_true(r.mcts_proved);
            assert_true(fabs(v - exact) < 1e-9);
            assert_true(r.mcts_iterations < 1000000);
            /* 1 + 3 + 9 + 27 + 81 nodes at most */
            assert_true(r.nodes <= 121);
            tree_free(&t);
        }
        assert_true(err_large < err_small);
        assert_true(err_large / 5 < 1.0);
    }
}

/* A CHANCE root is averaged by its probabilities. */
static void test_chance_root(void **unused)
{
    (void)unused;
    tree t;
    tree_init(&t, "cM");
    int root = tree_parse(&t, "R(0.25@A(X=8 Y=4) 0.75@B(Z=0 W=-4))");
    gs_game game = tree_game(&t, true);
    tstate st = {root, 0};
    gs_result r;
    double v = mcts_value(&game, &st, 1000, true, &r);
    assert_true(r.mcts_proved);
    assert_true(v == 2.0);
    assert_int_equal(r.best, GS_NO_ACTION);
    /* without the solver: the children drawn by their probabilities, and
     * (with little exploration) the mean near the value */
    gs_engine *e;
    assert_int_equal(gs_engine_new(&game, NULL, &e), GS_OK);
    gs_search_options o = mcts_options(20000, 9);
    o.mcts_solver = false;
    o.mcts_c = 0.05;
    assert_int_equal(gs_search(e, &st, &o, &r), GS_OK);
    assert_false(r.mcts_proved);
    assert_true(fabs(r.value - 2.0) < 0.1);
    gs_mcts_node_info a;
    assert_int_equal(gs_mcts_tree_node(e, 1, &a), GS_OK);
    assert_int_equal(a.action, 0);
    assert_true(a.visits > 4700 && a.visits < 5300);
    gs_engine_free(e);
    tree_free(&t);
}

/* ---- the solver on tic-tac-toe ---- */

static void test_solver_proves_ttt_draw(void **unused)
{
    (void)unused;
    ttt t;
    ttt_open(&t, ".........");
    gs_search_options o = mcts_options(5000000, 11);
    gs_result r;
    assert_int_equal(gs_search(t.e, t.state, &o, &r), GS_OK);
    assert_true(r.mcts_proved);
    assert_true(r.value == 0.0);
    assert_true(r.mcts_iterations < 5000000);
    assert_int_equal(r.stopped, GS_STOP_NONE);
    assert_int_equal(r.mcts_root_actions, 9);
    /* the tree read back: the root and its children */
    assert_int_equal(gs_mcts_tree_size(t.e), r.nodes);
    gs_mcts_node_info info;
    assert_int_equal(gs_mcts_tree_node(t.e, 0, &info), GS_OK);
    assert_int_equal(info.parent, -1);
    assert_int_equal(info.children, 9);
    assert_int_equal(info.visits, r.mcts_iterations);
    assert_true(info.proved && info.lo == 0.0);
    uint64_t sum = 0;
    for (int i = 0; i < 9; i++) {
        gs_mcts_node_info c;
        assert_int_equal(
            gs_mcts_tree_node(t.e, (size_t)info.first_child + (size_t)i, &c),
            GS_OK);
        assert_int_equal(c.parent, 0);
        assert_int_equal(c.action, i);
        /* every first move draws */
        assert_true(c.hi >= 0.0);
        sum += c.visits;
    }
    assert_int_equal(sum, info.visits);
    assert_int_equal(gs_mcts_tree_node(t.e, r.nodes, &info), GS_EINVAL);
    ttt_close(&t);
}

/* ---- limits ---- */

static void test_limits(void **unused)
{
    (void)unused;
    ttt t;
    ttt_open(&t, ".........");
    gs_result r;
    gs_search_options o = mcts_options(0, 1);
    /* no limit at all: 10000 iterations */
    o.mcts_solver = false;
    assert_int_equal(gs_search(t.e, t.state, &o, &r), GS_OK);
    assert_int_equal(r.mcts_iterations, 10000);
    assert_int_equal(r.stopped, GS_STOP_NONE);
    /* a node budget, never exceeded */
    o.max_nodes = 500;
    assert_int_equal(gs_search(t.e, t.state, &o, &r), GS_OK);
    assert_int_equal(r.stopped, GS_STOP_NODES);
    assert_true(r.nodes <= 500 && r.nodes > 490);
    assert_true(r.best >= 0);
    /* a budget too small for the root's children */
    o.max_nodes = 5;
    assert_int_equal(gs_search(t.e, t.state, &o, &r), GS_OK);
    assert_int_equal(r.stopped, GS_STOP_NODES);
    assert_int_equal(r.nodes, 1);
    assert_int_equal(r.mcts_iterations, 0);
    assert_int_equal(r.best, GS_NO_ACTION);
    /* time */
    o.max_nodes = 0;
    o.max_seconds = 0.02;
    assert_int_equal(gs_search(t.e, t.state, &o, &r), GS_OK);
    assert_int_equal(r.stopped, GS_STOP_TIME);
    assert_true(r.mcts_iterations > 0);
    /* a playout depth: every playout scored by the evaluation after one
     * ply; and no playout at all */
    o.max_seconds = 0.0;
    o.mcts_iterations = 300;
    o.mcts_playout_depth = 1;
    assert_int_equal(gs_search(t.e, t.state, &o, &r), GS_OK);
    assert_int_equal(r.mcts_iterations, 300);
    o.mcts_playout = GS_PLAYOUT_EVAL;
    assert_int_equal(gs_search(t.e, t.state, &o, &r), GS_OK);
    /* one value read an iteration: the evaluation of the new node */
    assert_int_equal(r.leaves, 300);
    /* max_ply cuts the tree and the playouts */
    o.mcts_playout = GS_PLAYOUT_RANDOM;
    o.mcts_playout_depth = 0;
    o.max_ply = 2;
    assert_int_equal(gs_search(t.e, t.state, &o, &r), GS_OK);
    assert_true(r.depth <= 2);
    ttt_close(&t);
}

/* A finished game or a bad option. */
static void test_leaf_root_and_errors(void **unused)
{
    (void)unused;
    ttt t;
    ttt_open(&t, "XXXOO....");
    gs_search_options o = mcts_options(100, 1);
    gs_result r;
    assert_int_equal(gs_search(t.e, t.state, &o, &r), GS_OK);
    assert_true(r.mcts_proved);
    assert_true(r.value == GS_MNK_WIN - 5);
    assert_int_equal(r.mcts_iterations, 0);
    assert_int_equal(r.nodes, 1);
    assert_int_equal(r.best, GS_NO_ACTION);
    o.mcts_c = -1.0;
    assert_int_equal(gs_search(t.e, t.state, &o, &r), GS_EINVAL);
    assert_string_equal(gs_engine_error(t.e),
                        "options.mcts_c is -1, but it must be a finite "
                        "number, 0 or more");
    o = mcts_options(100, 1);
    o.mcts_playout = (gs_mcts_playout)7;
    assert_int_equal(gs_search(t.e, t.state, &o, &r), GS_EINVAL);
    assert_string_equal(gs_engine_error(t.e),
                        "options.mcts_playout is 7, which is no "
                        "gs_mcts_playout");
    o = mcts_options(100, 1);
    o.mcts_playout_depth = -2;
    assert_int_equal(gs_search(t.e, t.state, &o, &r), GS_EINVAL);
    ttt_close(&t);

    /* a game without a playout hook */
    tree tr;
    tree_init(&tr, "Mm");
    int root = tree_parse(&tr, "R(A=1 B=2)");
    gs_game game = tree_game(&tr, true);
    gs_engine *e;
    assert_int_equal(gs_engine_new(&game, NULL, &e), GS_OK);
    tstate st = {root, 0};
    o = mcts_options(100, 1);
    o.mcts_playout = GS_PLAYOUT_POLICY;
    assert_int_equal(gs_search(e, &st, &o, &r), GS_EINVAL);
    assert_string_equal(gs_engine_error(e),
                        "options.mcts_playout is GS_PLAYOUT_POLICY, but the "
                        "game has no playout");
    /* a playout hook that answers out of range */
    gs_engine_free(e);
    tree_free(&tr);
}

static int bad_playout(const void *ctx, const void *state,
                       const gs_action *actions, int n, uint64_t random)
{
    (void)ctx, (void)state, (void)actions, (void)random;
    return n;
}

static void test_bad_playout_hook(void **unused)
{
    (void)unused;
    ttt t;
    ttt_open(&t, ".........");
    gs_engine_free(t.e);
    t.game.playout = bad_playout;
    assert_int_equal(gs_engine_new(&t.game, NULL, &t.e), GS_OK);
    gs_search_options o = mcts_options(100, 1);
    o.mcts_playout = GS_PLAYOUT_POLICY;
    gs_result r;
    assert_int_equal(gs_search(t.e, t.state, &o, &r), GS_EINVAL);
    assert_string_equal(gs_engine_error(t.e),
                        "the game's playout returned 8 for a state with 8 "
                        "actions");
    assert_int_equal(gs_mcts_tree_size(t.e), 0);
    ttt_close(&t);
}

/* ---- allocation failure ---- */

static void test_alloc_failure(void **unused)
{
    (void)unused;
    gs_mnk_params p;
    gs_mnk_params_init(&p);
    gs_mnk *g;
    assert_int_equal(gs_mnk_new(&p, NULL, &g), GS_OK);
    gs_game game;
    gs_mnk_game(g, &game);
    uint64_t state[8];
    gs_mnk_empty(g, state);
    gs_search_options o = mcts_options(3000, 2);
    o.threads = 2;
    bool succeeded = false;
    for (long n = 1; n < 200 && !succeeded; n++) {
        track t;
        gs_allocator a = tracker(&t);
        gs_engine *e;
        t.fail_at = n;
        int st = gs_engine_new(&game, &a, &e);
        if (st == GS_OK) {
            gs_result r;
            st = gs_search(e, state, &o, &r);
            if (st == GS_OK) {
                succeeded = t.failed == 0;
                assert_int_equal(r.mcts_iterations, 3000);
            } else {
                assert_int_equal(st, GS_ENOMEM);
                assert_true(strstr(gs_engine_error(e), "out of memory") !=
                            NULL);
                assert_int_equal(gs_mcts_tree_size(e), 0);
            }
            gs_engine_free(e);
        } else {
            assert_int_equal(st, GS_ENOMEM);
        }
        assert_int_equal(t.live, 0);
    }
    assert_true(succeeded);
    gs_mnk_free(g);
}

/* ---- seeds, threads, versions ---- */

static void root_visits(gs_engine *e, uint64_t *out, int n)
{
    gs_mcts_node_info root, c;
    assert_int_equal(gs_mcts_tree_node(e, 0, &root), GS_OK);
    assert_int_equal(root.children, n);
    for (int i = 0; i < n; i++) {
        assert_int_equal(
            gs_mcts_tree_node(e, (size_t)root.first_child + (size_t)i, &c),
            GS_OK);
        out[i] = c.visits;
    }
}

/* A 5x5 board, four in a row (the MCTS thread tests' game), its engine
 * and its empty board in state (8 words). */
static void open_5x5(gs_mnk **g, gs_engine **e, uint64_t *state)
{
    gs_mnk_params p;
    gs_mnk_params_init(&p);
    p.rows = p.cols = 5;
    p.k = 4;
    assert_int_equal(gs_mnk_new(&p, NULL, g), GS_OK);
    gs_game game;
    gs_mnk_game(*g, &game);
    assert_int_equal(gs_engine_new(&game, NULL, e), GS_OK);
    gs_mnk_empty(*g, state);
}

static void test_seed_and_threads(void **unused)
{
    (void)unused;
    gs_mnk *g;
    gs_engine *e;
    uint64_t state[8];
    open_5x5(&g, &e, state);
    uint64_t a[25], b[25];
    for (int threads = 1; threads <= 3; threads++) {
        gs_search_options o = mcts_options(4000, 42);
        o.threads = threads;
        o.mcts_playout = GS_PLAYOUT_POLICY;
        gs_result r1, r2;
        assert_int_equal(gs_search(e, state, &o, &r1), GS_OK);
        root_visits(e, a, 25);
        assert_int_equal(gs_search(e, state, &o, &r2), GS_OK);
        root_visits(e, b, 25);
        assert_memory_equal(a, b, sizeof a);
        assert_int_equal(r1.best, r2.best);
        assert_true(r1.value == r2.value);
        assert_int_equal(r1.nodes, r2.nodes);
        assert_int_equal(r1.mcts_iterations, 4000);
        uint64_t sum = 0;
        for (int i = 0; i < 25; i++)
            sum += a[i];
        assert_int_equal(sum, 4000);
        o.mcts_seed = 43;
        assert_int_equal(gs_search(e, state, &o, &r2), GS_OK);
        root_visits(e, b, 25);
        assert_memory_not_equal(a, b, sizeof a);
    }
    /* a non-MCTS search leaves no tree */
    gs_search_options o;
    gs_search_options_init(&o);
    o.depth = 1;
    gs_result r;
    assert_int_equal(gs_search(e, state, &o, &r), GS_OK);
    assert_int_equal(gs_mcts_tree_size(e), 0);
    gs_engine_free(e);
    gs_mnk_free(g);
}

/* Root-parallel trees give these exact answers and counts, whether they
 * grow on threads of their own or, in a build without threads
 * (GS_THREADS=OFF), one after another on the calling thread. */
static void test_threads_known_result(void **unused)
{
    (void)unused;
    static const struct {
        int threads;
        gs_action best;
        double value;
        uint64_t nodes;
        size_t tree_size;
        uint64_t visits[25];
    } want[] = {
        {2, 18, 0x1.84ff6ce131ecep+17, 28714, 14288,
         {148, 180, 136, 139, 126, 144, 184, 173, 206, 119, 153, 156, 229,
          179, 149, 119, 219, 208, 241, 125, 130, 149, 127, 145, 116}},
        {3, 8, 0x1.2a41308d3dcb1p+17, 38609, 12517,
         {144, 152, 140, 160, 148, 155, 192, 163, 203, 133, 139, 189, 200,
          177, 165, 136, 184, 171, 197, 150, 139, 164, 148, 131, 120}},
    };
    gs_mnk *g;
    gs_engine *e;
    uint64_t state[8];
    open_5x5(&g, &e, state);
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        gs_search_options o = mcts_options(4000, 42);
        o.threads = want[k].threads;
        o.mcts_playout = GS_PLAYOUT_POLICY;
        gs_result r;
        assert_int_equal(gs_search(e, state, &o, &r), GS_OK);
        assert_int_equal(r.best, want[k].best);
        assert_true(r.value == want[k].value);
        assert_int_equal(r.nodes, want[k].nodes);
        assert_int_equal(r.leaves, 4000);
        assert_int_equal(r.mcts_iterations, 4000);
        assert_int_equal(gs_mcts_tree_size(e), want[k].tree_size);
        uint64_t visits[25];
        root_visits(e, visits, 25);
        assert_memory_equal(visits, want[k].visits, sizeof visits);
    }
    gs_engine_free(e);
    gs_mnk_free(g);
}

/* Options and a game from programs compiled against gamesearch 0.3 (the
 * first version of the options ended before the mcts_ fields; games of
 * versions 1 and 2) are refused: such a program must be rebuilt. */
static void test_old_versions(void **unused)
{
    (void)unused;
    ttt t;
    ttt_open(&t, "XX..O....");
    gs_search_options o = mcts_options(100, 1);
    o.size = offsetof(gs_search_options, mcts_c);   /* not a 0.4 size */
    gs_result r, before;
    memset(&r, 0xab, sizeof r);
    before = r;
    assert_int_equal(gs_search(t.e, t.state, &o, &r), GS_EVERSION);
    assert_memory_equal(&r, &before, sizeof r);   /* left alone */
    for (int version = 1; version <= 2; version++) {
        gs_game old = t.game;
        old.version = version;
        gs_engine *e;
        assert_int_equal(gs_engine_new(&old, NULL, &e), GS_EVERSION);
        o = mcts_options(100, 1);
        assert_int_equal(gs_search(e, t.state, &o, &r), GS_EVERSION);
        assert_memory_equal(&r, &before, sizeof r);
        gs_engine_free(e);
    }
    assert_string_equal(gs_algo_name(GS_MCTS), "mcts");
    assert_int_equal(gs_algo_parse("mcts"), GS_MCTS);
    ttt_close(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ttt_win_in_one),
        cmocka_unit_test(test_ttt_block_in_one),
        cmocka_unit_test(test_c4_tactics),
        cmocka_unit_test(test_mnk_playout_policy),
        cmocka_unit_test(test_random_trees_converge),
        cmocka_unit_test(test_chance_root),
        cmocka_unit_test(test_solver_proves_ttt_draw),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_leaf_root_and_errors),
        cmocka_unit_test(test_bad_playout_hook),
        cmocka_unit_test(test_alloc_failure),
        cmocka_unit_test(test_seed_and_threads),
        cmocka_unit_test(test_threads_known_result),
        cmocka_unit_test(test_old_versions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
