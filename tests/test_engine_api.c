/*
 * tests/test_engine_api.c: the engine's checks of what callers hand it:
 * the versions of gs_game, gs_solver, gs_search_options and
 * gs_solver_options (a program built against gamesearch 0.3 is told to
 * rebuild), the gs_game member gs_engine_new finds missing, and
 * gs_engine_error's sentence for every option gs_search
 * refuses, for a failed gs_engine_tt_resize, and "" after a success.
 *
 * The game is a pile of stones: the player to move takes one or two, and
 * whoever takes the last stone wins (+1 when MAX does, -1 when MIN does).
 * A pile that is a multiple of 3 is lost for the player to move. Which
 * optional callbacks the game has is set per test.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/search.h"

#include "needs_threads.h"

typedef struct pile {
    int stones;
    int turn;   /* 0: MAX to move, 1: MIN */
} pile;

static int p_to_move(const void *ctx, const void *state)
{
    (void)ctx;
    return ((const pile *)state)->turn;
}

static gs_role p_role(const void *ctx, int agent)
{
    (void)ctx;
    return agent == 0 ? GS_ROLE_MAX : GS_ROLE_MIN;
}

static bool p_is_terminal(const void *ctx, const void *state)
{
    (void)ctx;
    return ((const pile *)state)->stones == 0;
}

static int p_actions(const void *ctx, const void *state, gs_action *out)
{
    (void)ctx;
    int n = 0;
    for (int take = 1; take <= 2 && take <= ((const pile *)state)->stones;
         take++)
        out[n++] = take;
    return n;
}

static void p_apply(const void *ctx, const void *state, gs_action action,
                    void *child)
{
    (void)ctx;
    const pile *s = state;
    pile *c = child;
    c->stones = s->stones - action;
    c->turn = 1 - s->turn;
}

static double p_value(const void *ctx, const void *state)
{
    (void)ctx;
    /* The player who just moved took the last stone. */
    return ((const pile *)state)->turn == 1 ? 1.0 : -1.0;
}

static uint64_t p_hash(const void *ctx, const void *state)
{
    (void)ctx;
    const pile *s = state;
    return ((uint64_t)s->stones * 2 + (uint64_t)s->turn) *
           0x9e3779b97f4a7c15u;
}

static gs_game pile_game(bool hash)
{
    gs_game g;
    memset(&g, 0, sizeof g);
    g.version = GS_GAME_VERSION;
    g.state_size = sizeof(pile);
    g.num_agents = 2;
    g.max_actions = 2;
    g.to_move = p_to_move;
    g.role = p_role;
    g.is_terminal = p_is_terminal;
    g.actions = p_actions;
    g.apply = p_apply;
    g.value = p_value;
    if (hash)
        g.hash = p_hash;
    return g;
}

/* A game, an engine for it and a root of 7 stones (a win for MAX). */
typedef struct fixture {
    gs_game game;
    gs_engine *e;
    pile root;
} fixture;

static void fixture_init(fixture *f, bool hash)
{
    f->game = pile_game(hash);
    f->e = NULL;
    assert_int_equal(gs_engine_new(&f->game, NULL, &f->e), GS_OK);
    f->root.stones = 7;
    f->root.turn = 0;
}

static gs_search_options defaults(void)
{
    gs_search_options o;
    gs_search_options_init(&o);
    return o;
}

/* The defaults, with the solver options *so (at their defaults). */
static gs_search_options with_solver(gs_solver_options *so)
{
    gs_search_options o = defaults();
    gs_solver_options_init(so);
    o.solver = so;
    return o;
}

/* gs_search with `o` fails with `status` and exactly `message`; a search
 * with the defaults then succeeds and clears the message. */
static void refuses(fixture *f, const gs_search_options *o, int status,
                    const char *message)
{
    gs_result r;
    assert_int_equal(gs_search(f->e, &f->root, o, &r), status);
    assert_string_equal(gs_engine_error(f->e), message);
    assert_int_equal(gs_search(f->e, &f->root, NULL, &r), GS_OK);
    assert_string_equal(gs_engine_error(f->e), "");
    assert_true(r.value == 1.0);
}

static void test_options_size_init(void **state)
{
    (void)state;
    gs_search_options o;
    memset(&o, 0xab, sizeof o);
    gs_search_options_init(&o);
    assert_int_equal(o.size, sizeof(gs_search_options));

    fixture f;
    fixture_init(&f, false);
    gs_result r;
    o.algo = GS_MINIMAX;   /* set up as docs/c-guide.md shows, then changed */
    assert_int_equal(gs_search(f.e, &f.root, &o, &r), GS_OK);
    assert_string_equal(gs_engine_error(f.e), "");
    assert_true(r.value == 1.0);
    assert_int_equal(r.best, 1);   /* leave 6, a multiple of 3 */
    /* NULL options: the defaults and the current gs_result. */
    assert_int_equal(gs_search(f.e, &f.root, NULL, &r), GS_OK);
    assert_true(r.value == 1.0);
    gs_engine_free(f.e);
}

static void test_options_size_zero(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f, false);
    /* Filled in without gs_search_options_init: size 0. */
    gs_search_options o;
    memset(&o, 0, sizeof o);
    o.algo = GS_ALPHABETA;
    o.prune_equal = true;
    o.max_ply = 100;
    o.threads = 1;
    gs_result r, before;
    memset(&r, 0x5a, sizeof r);
    before = r;
    assert_int_equal(gs_search(f.e, &f.root, &o, &r), GS_EVERSION);
    assert_string_equal(gs_engine_error(f.e),
                        "options.size is 0: the options were not set up "
                        "with gs_search_options_init");
    /* The result's version is unknown too: it is left alone. */
    assert_memory_equal(&r, &before, sizeof r);
    refuses(&f, &o, GS_EVERSION,
            "options.size is 0: the options were not set up with "
            "gs_search_options_init");
    gs_engine_free(f.e);
}

static void test_options_size_too_big(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f, false);
    /* A program compiled against newer headers: a larger struct, the
     * library's fields at its start. */
    struct newer {
        gs_search_options o;
        double later_field;
    } n;
    gs_search_options_init(&n.o);
    n.later_field = 1.0;
    n.o.size = sizeof n;
    char msg[256];
    snprintf(msg, sizeof msg,
             "options.size is %zu, larger than this library's "
             "gs_search_options (%zu bytes): the program was compiled "
             "against newer headers", sizeof n, sizeof(gs_search_options));
    refuses(&f, &n.o, GS_EVERSION, msg);

    /* A size between versions (there is one today): no version. */
    gs_search_options o = defaults();
    o.size = sizeof o - 1;
    snprintf(msg, sizeof msg,
             "options.size is %zu, the size of no version of "
             "gs_search_options (this library's has %zu bytes)",
             sizeof o - 1, sizeof o);
    refuses(&f, &o, GS_EVERSION, msg);
    gs_engine_free(f.e);
}

static void test_option_messages(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f, false);
    gs_search_options o;

    o = defaults();
    o.algo = (gs_algo)42;
    refuses(&f, &o, GS_EINVAL, "options.algo is 42, which is no gs_algo");
    o = defaults();
    o.algo = (gs_algo)-1;
    refuses(&f, &o, GS_EINVAL, "options.algo is -1, which is no gs_algo");
    o = defaults();
    o.depth = -1;
    refuses(&f, &o, GS_EINVAL,
            "options.depth is -1, but it must be 0 (no limit) or more");
    o = defaults();
    o.depth_unit = (gs_depth_unit)9;
    refuses(&f, &o, GS_EINVAL,
            "options.depth_unit is 9, which is neither GS_DEPTH_PLIES nor "
            "GS_DEPTH_ROUNDS");
    o = defaults();
    o.max_ply = 0;
    refuses(&f, &o, GS_EINVAL,
            "options.max_ply is 0, but it must be at least 1");
    o = defaults();
    o.max_seconds = -1.5;
    refuses(&f, &o, GS_EINVAL,
            "options.max_seconds is -1.5, but it must be 0 (no limit) or "
            "more");
    o = defaults();
    o.threads = -2;
    refuses(&f, &o, GS_EINVAL,
            "options.threads is -2, but it must be 0 to 256 (GS_THREADS_MAX)");
    gs_solver_options so;
    o = with_solver(&so);
    so.etc_plies = -1;
    refuses(&f, &o, GS_EINVAL,
            "solver options: etc_plies is -1, but it must be 0 or more");
    o = with_solver(&so);
    so.child_bounds_plies = -3;
    refuses(&f, &o, GS_EINVAL,
            "solver options: child_bounds_plies is -3, but it must be 0 or "
            "more");
    o = with_solver(&so);
    o.algo = GS_MINIMAX;
    refuses(&f, &o, GS_EINVAL,
            "options.solver is set, but the solver options need alpha-beta "
            "(options.algo is minimax)");
    o = with_solver(&so);
    o.algo = GS_EXPECTIMAX;
    so.window_lo = -1;
    so.window_hi = 1;
    refuses(&f, &o, GS_EINVAL,
            "options.solver is set, but the solver options need alpha-beta "
            "(options.algo is expectimax)");
    o = with_solver(&so);
    o.prune_equal = false;
    so.window_lo = -1;
    so.window_hi = 1;
    refuses(&f, &o, GS_EINVAL,
            "solver options: window_lo and window_hi set a root window, but "
            "a root window needs alpha-beta with prune_equal");
    o = with_solver(&so);
    so.window_lo = 1;
    so.window_hi = -1;
    refuses(&f, &o, GS_EINVAL,
            "solver options: window_lo is 1 and window_hi -1, but window_lo "
            "must be below window_hi");
    o = with_solver(&so);
    so.null_window = true;
    o.prune_equal = false;
    refuses(&f, &o, GS_EINVAL,
            "solver options: null_window is set, but null-window search "
            "needs alpha-beta with prune_equal");
    o = with_solver(&so);
    so.null_window = true;
    refuses(&f, &o, GS_EINVAL,
            "solver options: null_window is set, but the game's solver has "
            "no value_grain (a finite number above 0)");
    /* Solver options at their defaults: an alpha-beta search as without. */
    o = with_solver(&so);
    gs_result r;
    assert_int_equal(gs_search(f.e, &f.root, &o, &r), GS_OK);
    assert_true(r.value == 1.0);
    o = defaults();
    o.algo = GS_EXPECTIMAX;
    o.history = true;
    refuses(&f, &o, GS_EINVAL,
            "options.history is set, but killer moves and history need "
            "alpha-beta");
    o = defaults();
    o.threads = 2;
    refuses(&f, &o, GS_EINVAL,
            "options.threads is 2, but several threads need use_tt, "
            "alpha-beta with prune_equal and the game's hash");
    o = defaults();
    o.use_tt = true;
    refuses(&f, &o, GS_EINVAL,
            "options.use_tt is set, but the game has no hash");
    o = defaults();
    o.depth_unit = GS_DEPTH_ROUNDS;
    o.depth = INT_MAX;
    refuses(&f, &o, GS_EINVAL,
            "options.depth is 2147483647 rounds of 2 plies, more plies than "
            "an int holds");
    gs_engine_free(f.e);
}

static void test_option_messages_table(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f, true);
    gs_search_options o;

    gs_solver_options so;
    o = with_solver(&so);
    o.use_tt = true;
    so.tt_symmetry = true;
    refuses(&f, &o, GS_EINVAL,
            "solver options: tt_symmetry is set, but the game's solver lists "
            "no symmetries");
    o = defaults();
    o.use_tt = true;
    o.depth = 40000;
    refuses(&f, &o, GS_EINVAL,
            "options.depth is 40000 plies, but with use_tt it must be below "
            "32767");
    o = defaults();
    o.threads = 2;
    o.use_tt = true;
    o.prune_equal = false;
    refuses(&f, &o, GS_EINVAL,
            "options.threads is 2, but several threads need use_tt, "
            "alpha-beta with prune_equal and the game's hash");
    /* The same options with the table and the textbook rule search, with
     * threads; a build without them refuses, saying so. */
    o.prune_equal = true;
    gs_result r;
    assert_true(gs_threads_available() == TEST_THREADS);
    if (TEST_THREADS) {
        assert_int_equal(gs_search(f.e, &f.root, &o, &r), GS_OK);
        assert_string_equal(gs_engine_error(f.e), "");
        assert_true(r.value == 1.0);
    } else {
        refuses(&f, &o, GS_EINVAL,
                "options.threads is 2, but this gamesearch was built "
                "without threads (GS_THREADS=OFF)");
        o.threads = 5;
        refuses(&f, &o, GS_EINVAL,
                "options.threads is 5, but this gamesearch was built "
                "without threads (GS_THREADS=OFF)");
        /* one thread, and MCTS on several, still search */
        o.threads = 1;
        assert_int_equal(gs_search(f.e, &f.root, &o, &r), GS_OK);
        assert_true(r.value == 1.0);
        o.threads = 2;
        o.algo = GS_MCTS;
        o.mcts_iterations = 50;
        assert_int_equal(gs_search(f.e, &f.root, &o, &r), GS_OK);
        assert_string_equal(gs_engine_error(f.e), "");
        assert_int_equal(r.mcts_iterations, 50);
    }
    gs_engine_free(f.e);
}

static void test_null_arguments(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f, false);
    gs_result r;
    assert_int_equal(gs_search(f.e, NULL, NULL, &r), GS_EINVAL);
    assert_string_equal(gs_engine_error(f.e), "root is NULL");
    assert_int_equal(gs_search(f.e, &f.root, NULL, NULL), GS_EINVAL);
    assert_string_equal(gs_engine_error(f.e), "result is NULL");
    assert_int_equal(gs_search(NULL, &f.root, NULL, &r), GS_EINVAL);
    /* Never NULL. */
    assert_non_null(gs_engine_error(NULL));
    assert_string_equal(gs_engine_error(NULL), "");
    gs_engine_free(f.e);
}

static void test_ply_message(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f, false);
    gs_search_options o = defaults();
    o.max_ply = 3;
    refuses(&f, &o, GS_EPLY,
            "the game tree goes deeper than options.max_ply (3 plies)");
    gs_engine_free(f.e);
}

/* An allocator that refuses any block over `limit` bytes. */
static void *capped_alloc(void *user, void *ptr, size_t osize, size_t nsize)
{
    (void)osize;
    if (nsize == 0) {
        free(ptr);
        return NULL;
    }
    if (nsize > *(const size_t *)user)
        return NULL;
    return realloc(ptr, nsize);
}

static void test_tt_resize_message(void **state)
{
    (void)state;
    size_t limit = (size_t)1 << 20;
    gs_allocator a = {capped_alloc, &limit};
    gs_game g = pile_game(true);
    gs_engine *e = NULL;
    assert_int_equal(gs_engine_new(&g, &a, &e), GS_OK);
    assert_int_equal(gs_engine_tt_resize(e, (size_t)64 << 20), GS_ENOMEM);
    assert_string_equal(gs_engine_error(e),
                        "out of memory for a transposition table of "
                        "67108864 bytes (the old table is kept)");
    assert_int_equal(gs_engine_tt_resize(e, (size_t)64 << 10), GS_OK);
    assert_string_equal(gs_engine_error(e), "");

    /* A search that needs the default table, which does not fit. */
    assert_int_equal(gs_engine_tt_resize(e, 0), GS_OK);
    gs_search_options o = defaults();
    o.use_tt = true;
    pile root = {7, 0};
    gs_result r;
    assert_int_equal(gs_search(e, &root, &o, &r), GS_ENOMEM);
    assert_string_equal(gs_engine_error(e),
                        "out of memory for the transposition table "
                        "(16777216 bytes)");
    gs_engine_free(e);
}

/* gs_engine_stop from a callback: the value callback asks for the stop at
 * its third leaf; the search ends before the next node, GS_OK with
 * GS_STOP_REQUEST, and the next search runs to its end (the request is
 * forgotten). */
typedef struct stopper {
    gs_engine *e;
    int leaves;
    int stop_at;
} stopper;

static double stop_value(const void *ctx, const void *state)
{
    stopper *st = (stopper *)(uintptr_t)ctx;
    if (++st->leaves == st->stop_at)
        gs_engine_stop(st->e);
    return p_value(NULL, state);
}

static void test_stop_request(void **state)
{
    (void)state;
    stopper st = {NULL, 0, 3};
    gs_game g = pile_game(false);
    g.ctx = &st;
    g.value = stop_value;
    assert_int_equal(gs_engine_new(&g, NULL, &st.e), GS_OK);
    pile root = {7, 0};
    gs_search_options o = defaults();
    o.algo = GS_MINIMAX;
    gs_result r;
    assert_int_equal(gs_search(st.e, &root, &o, &r), GS_OK);
    assert_int_equal(r.stopped, GS_STOP_REQUEST);
    assert_int_equal(st.leaves, 3);
    /* 7 6 5 4 3 2 1 0 (leaf 1), 0 (leaf 2: 2 -> 0), 1 0 (leaf 3: 3 -> 1
     * -> 0): 11 nodes before the stop. */
    assert_int_equal(r.nodes, 11);
    assert_int_equal(r.leaves, 3);
    /* The next search is whole: minimax of 7 stones visits every path. */
    st.stop_at = -1;
    st.leaves = 0;
    assert_int_equal(gs_search(st.e, &root, &o, &r), GS_OK);
    assert_int_equal(r.stopped, GS_STOP_NONE);
    assert_true(r.value == 1.0);
    assert_int_equal(r.leaves, (uint64_t)st.leaves);
    assert_int_equal(r.leaves, 21);   /* the compositions of 7 into 1s and 2s */
    /* A request made between searches is forgotten. */
    gs_engine_stop(st.e);
    assert_int_equal(gs_search(st.e, &root, &o, &r), GS_OK);
    assert_int_equal(r.stopped, GS_STOP_NONE);
    gs_engine_stop(NULL);
    gs_engine_free(st.e);
}


/* What a hook tries on the engine whose search calls it: another search,
 * a resize and a clear of the table. */
typedef struct reentry {
    gs_engine *e;
    int calls;
    int search_status, resize_status;
    char search_error[256], resize_error[256];
} reentry;

static void reentry_hook(void *user, gs_event_kind kind, const gs_event *ev)
{
    reentry *re = user;
    if (kind != GS_EVENT_LEAVE || ev->ply != 3 || re->calls++ > 0)
        return;
    pile inner = {1, 0};
    gs_result r;
    re->search_status = gs_search(re->e, &inner, NULL, &r);
    snprintf(re->search_error, sizeof re->search_error, "%s",
             gs_engine_error(re->e));
    re->resize_status = gs_engine_tt_resize(re->e, 1 << 12);
    snprintf(re->resize_error, sizeof re->resize_error, "%s",
             gs_engine_error(re->e));
    gs_engine_tt_clear(re->e);   /* does nothing while the search runs */
}

/* A search started from inside a search on the same engine is refused at
 * once, and the outer search goes on to its own answer: the same value,
 * nodes and table hits as without the hook's tries. */
static void test_search_inside_search(void **state)
{
    (void)state;
    for (int tt = 0; tt <= 1; tt++) {
        fixture f;
        fixture_init(&f, true);
        gs_search_options o = defaults();
        o.use_tt = tt;
        gs_result plain;
        assert_int_equal(gs_search(f.e, &f.root, &o, &plain), GS_OK);
        gs_engine_tt_clear(f.e);
        reentry re = {f.e, 0, -1, -1, "", ""};
        o.hook = reentry_hook;
        o.hook_user = &re;
        gs_result r;
        assert_int_equal(gs_search(f.e, &f.root, &o, &r), GS_OK);
        assert_int_equal(re.calls > 0, 1);
        assert_int_equal(re.search_status, GS_EINVAL);
        assert_string_equal(re.search_error,
                            "gs_search was called on an engine whose search "
                            "is under way (from its hook or the game's "
                            "callbacks): a search inside a search needs an "
                            "engine of its own");
        assert_int_equal(re.resize_status, GS_EINVAL);
        assert_string_equal(re.resize_error,
                            "gs_engine_tt_resize was called while a search "
                            "on the engine is under way (from its hook or the "
                            "game's callbacks); the table is kept");
        assert_true(r.value == plain.value && r.value == 1.0);
        assert_int_equal(r.best, plain.best);
        assert_int_equal(r.nodes, plain.nodes);
        assert_int_equal(r.tt_hits, plain.tt_hits);
        assert_string_equal(gs_engine_error(f.e), "");
        /* and the engine searches again as before */
        assert_int_equal(gs_search(f.e, &f.root, NULL, &r), GS_OK);
        assert_true(r.value == 1.0);
        gs_engine_free(f.e);
    }
}

/* Thread counts beyond GS_THREADS_MAX are refused before anything is
 * made, for every algorithm. */
static void test_threads_ceiling(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f, true);
    gs_search_options o = defaults();
    o.use_tt = true;
    o.threads = GS_THREADS_MAX + 1;
    refuses(&f, &o, GS_EINVAL,
            "options.threads is 257, but it must be 0 to 256 "
            "(GS_THREADS_MAX)");
    o.threads = 2000000000;
    refuses(&f, &o, GS_EINVAL,
            "options.threads is 2000000000, but it must be 0 to 256 "
            "(GS_THREADS_MAX)");
    o.algo = GS_MCTS;
    refuses(&f, &o, GS_EINVAL,
            "options.threads is 2000000000, but it must be 0 to 256 "
            "(GS_THREADS_MAX)");
    gs_engine_free(f.e);
}

/* MCTS on several threads never exceeds max_nodes or mcts_iterations
 * together: with fewer of them than threads, that many trees grow. */
static void test_mcts_limits_with_threads(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f, false);
    gs_search_options o = defaults();
    o.algo = GS_MCTS;
    o.threads = 4;
    gs_result r;
    for (uint64_t max = 1; max <= 5; max++) {
        o.max_nodes = max;
        o.mcts_iterations = 0;
        assert_int_equal(gs_search(f.e, &f.root, &o, &r), GS_OK);
        if (r.nodes > max)
            fail_msg("max_nodes %llu: %llu nodes", (unsigned long long)max,
                     (unsigned long long)r.nodes);
        assert_int_equal(r.stopped, GS_STOP_NODES);
        o.max_nodes = 0;
        o.mcts_iterations = max;
        assert_int_equal(gs_search(f.e, &f.root, &o, &r), GS_OK);
        assert_int_equal(r.mcts_iterations, max);
    }
    gs_engine_free(f.e);
}

/*
 * gs_search_options as gamesearch 0.3 laid it out (its version 3; version
 * 1 ended before mcts_c, version 2 before child_bounds_plies): what a
 * program built against 0.3 hands gs_search.
 */
struct options_0_3 {
    size_t size;
    gs_algo algo;
    int depth;
    gs_depth_unit depth_unit;
    bool prune_equal, order_moves, use_tt, iterative, null_window;
    double window_lo, window_hi;
    bool history, tt_symmetry, prefetch;
    int threads;
    uint64_t max_nodes;
    double max_seconds;
    int max_ply;
    gs_hook_fn hook;
    void *hook_user;
    double mcts_c;
    uint64_t mcts_iterations, mcts_seed;
    gs_mcts_playout mcts_playout;
    int mcts_playout_depth;
    bool mcts_solver, mcts_win_loss;
    int etc_plies;
    int child_bounds_plies;
};

/* The options of a program built against 0.3, of each of its three
 * sizes: refused, with the sentence that says to rebuild; no 0.3 size is
 * the size of today's struct. */
static void test_options_0_3_sizes(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f, false);
    const size_t sizes[3] = {offsetof(struct options_0_3, mcts_c),
                             offsetof(struct options_0_3, child_bounds_plies),
                             sizeof(struct options_0_3)};
    for (int i = 0; i < 3; i++) {
        assert_true(sizes[i] != sizeof(gs_search_options));
        struct options_0_3 old;
        memset(&old, 0, sizeof old);
        old.size = sizes[i];
        old.algo = GS_ALPHABETA;
        old.prune_equal = true;
        old.null_window = true;
        old.max_ply = 100;
        old.threads = 1;
        char msg[256];
        snprintf(msg, sizeof msg,
                 "options.size is %zu, the size of gs_search_options in "
                 "gamesearch 0.3 or older (this library's, gamesearch 0.4.0, "
                 "has %zu bytes): the program must be rebuilt", sizes[i],
                 sizeof(gs_search_options));
        gs_result r, before;
        memset(&r, 0x5a, sizeof r);
        before = r;
        assert_int_equal(
            gs_search(f.e, &f.root, (const gs_search_options *)&old, &r),
            GS_EVERSION);
        assert_string_equal(gs_engine_error(f.e), msg);
        assert_memory_equal(&r, &before, sizeof r);
        refuses(&f, (const gs_search_options *)&old, GS_EVERSION, msg);
    }
    gs_engine_free(f.e);
}

/* Solver options not set up by gs_solver_options_init, or of a size this
 * library does not know. */
static void test_solver_options_size(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f, false);
    gs_solver_options so;
    gs_search_options o = with_solver(&so);
    assert_int_equal(so.size, sizeof(gs_solver_options));
    char msg[256];
    so.size = 0;
    snprintf(msg, sizeof msg,
             "options.solver->size is 0, but this library's "
             "gs_solver_options has %zu bytes: the solver options were not "
             "set up with gs_solver_options_init", sizeof so);
    refuses(&f, &o, GS_EVERSION, msg);
    so.size = sizeof so + 8;
    snprintf(msg, sizeof msg,
             "options.solver->size is %zu, but this library's "
             "gs_solver_options has %zu bytes", sizeof so + 8, sizeof so);
    refuses(&f, &o, GS_EVERSION, msg);
    gs_engine_free(f.e);
}

static uint64_t p_mirror_hash(const void *ctx, const void *state)
{
    return p_hash(ctx, state);
}

static gs_action p_same_action(const void *ctx, const void *state,
                               gs_action action)
{
    (void)ctx;
    (void)state;
    return action;
}

/* gs_engine_new refuses `g` with `status`: the engine it gives says
 * `message` and refuses every search with the same status. */
static void refused(const gs_game *g, int status, const char *message)
{
    gs_engine *e = NULL;
    pile root = {7, 0};
    gs_result r;
    assert_int_equal(gs_engine_new(g, NULL, &e), status);
    assert_non_null(e);
    assert_string_equal(gs_engine_error(e), message);
    assert_int_equal(gs_search(e, &root, NULL, &r), status);
    assert_string_equal(gs_engine_error(e), message);
    gs_engine_free(e);
}

/* gs_engine_new's refusals of a game made for another version: an engine
 * that only says why (and refuses every search the same way), to be
 * freed; and GS_EINVAL, with such an engine, for a symmetry without its
 * hooks. */
static void test_game_versions(void **state)
{
    (void)state;
    static const struct {
        int version;
        const char *message;
    } cases[] = {
        {2, "game.version is 2, but this library (gamesearch 0.4.0) takes "
            "gs_game version 3: a program built against gamesearch 0.3 or "
            "older must be rebuilt"},
        {1, "game.version is 1, but this library (gamesearch 0.4.0) takes "
            "gs_game version 3: a program built against gamesearch 0.3 or "
            "older must be rebuilt"},
        {4, "game.version is 4, but this library (gamesearch 0.4.0) takes "
            "gs_game version 3 (GS_GAME_VERSION)"},
        {0, "game.version is 0, but this library (gamesearch 0.4.0) takes "
            "gs_game version 3 (GS_GAME_VERSION)"},
    };
    assert_int_equal(GS_GAME_VERSION, 3);
    pile root = {7, 0};
    gs_result r, before;
    memset(&r, 0x5a, sizeof r);
    before = r;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gs_game g = pile_game(true);
        g.version = cases[i].version;
        gs_engine *e = NULL;
        assert_int_equal(gs_engine_new(&g, NULL, &e), GS_EVERSION);
        assert_non_null(e);
        assert_string_equal(gs_engine_error(e), cases[i].message);
        assert_int_equal(gs_search(e, &root, NULL, &r), GS_EVERSION);
        assert_string_equal(gs_engine_error(e), cases[i].message);
        assert_memory_equal(&r, &before, sizeof r);
        gs_engine_free(e);
    }

    /* The solver tier's own version. */
    gs_game g = pile_game(true);
    gs_symmetry sym = {p_mirror_hash, p_same_action, p_same_action};
    gs_solver sv;
    memset(&sv, 0, sizeof sv);
    sv.version = GS_SOLVER_VERSION + 1;
    g.solver = &sv;
    gs_engine *e = NULL;
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_EVERSION);
    assert_non_null(e);
    assert_string_equal(gs_engine_error(e),
                        "game.solver's version is 2, but this library "
                        "(gamesearch 0.4.0) takes gs_solver version 1 "
                        "(GS_SOLVER_VERSION)");
    gs_engine_free(e);

    /* Symmetries: each with its three hooks. */
    sv.version = GS_SOLVER_VERSION;
    sv.symmetries = &sym;
    sv.num_symmetries = 1;
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
    gs_engine_free(e);
    sv.num_symmetries = -1;
    refused(&g, GS_EINVAL, "game.solver->num_symmetries is -1: 0 or more");
    sv.num_symmetries = 1;
    sv.symmetries = NULL;
    refused(&g, GS_EINVAL, "game.solver->symmetries is NULL, but "
                           "num_symmetries is 1");
    static const char *const hook_missing[] = {
        "game.solver->symmetries[0].hash is NULL: a symmetry needs hash, "
        "to_image and from_image",
        "game.solver->symmetries[0].to_image is NULL: a symmetry needs "
        "hash, to_image and from_image",
        "game.solver->symmetries[0].from_image is NULL: a symmetry needs "
        "hash, to_image and from_image",
    };
    for (int i = 0; i < 3; i++) {
        gs_symmetry bad = sym;
        if (i == 0)
            bad.hash = NULL;
        else if (i == 1)
            bad.to_image = NULL;
        else
            bad.from_image = NULL;
        sv.symmetries = &bad;
        refused(&g, GS_EINVAL, hook_missing[i]);
    }
}

/* gs_engine_new names the required member of gs_game that is missing or
 * out of range, in an engine that only says so. */
static void test_missing_members(void **state)
{
    (void)state;
    static const char *const needs =
        ": every game needs to_move, role, is_terminal, actions, apply and "
        "value";
    static const char *const members[] = {
        "to_move", "role", "is_terminal", "actions", "apply", "value",
    };
    char message[200];
    for (int i = 0; i < 6; i++) {
        gs_game g = pile_game(true);
        switch (i) {
        case 0: g.to_move = NULL; break;
        case 1: g.role = NULL; break;
        case 2: g.is_terminal = NULL; break;
        case 3: g.actions = NULL; break;
        case 4: g.apply = NULL; break;
        default: g.value = NULL; break;
        }
        snprintf(message, sizeof message, "game.%s is NULL%s", members[i],
                 needs);
        refused(&g, GS_EINVAL, message);
    }
    gs_game g = pile_game(true);
    g.state_size = 0;
    refused(&g, GS_EINVAL,
            "game.state_size is 0: a state needs at least one byte");
    g = pile_game(true);
    g.num_agents = 0;
    refused(&g, GS_EINVAL,
            "game.num_agents is below 1: a game has at least one agent");
    g = pile_game(true);
    g.max_actions = 0;
    refused(&g, GS_EINVAL, "game.max_actions is below 1: it is the most "
                           "actions a state can have, at least 1");
    g = pile_game(true);
    g.has_bounds = true;
    g.min_value = 1;
    g.max_value = -1;
    refused(&g, GS_EINVAL, "game.has_bounds is set, but game.min_value is "
                           "not below game.max_value (both finite)");
    /* No game at all; and no place for the engine, which only fails. */
    gs_engine *e = NULL;
    assert_int_equal(gs_engine_new(NULL, NULL, &e), GS_EINVAL);
    assert_non_null(e);
    assert_string_equal(gs_engine_error(e), "game is NULL");
    gs_engine_free(e);
    g = pile_game(true);
    assert_int_equal(gs_engine_new(&g, NULL, NULL), GS_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_options_size_init),
        cmocka_unit_test(test_options_size_zero),
        cmocka_unit_test(test_options_size_too_big),
        cmocka_unit_test(test_options_0_3_sizes),
        cmocka_unit_test(test_solver_options_size),
        cmocka_unit_test(test_game_versions),
        cmocka_unit_test(test_missing_members),
        cmocka_unit_test(test_option_messages),
        cmocka_unit_test(test_option_messages_table),
        cmocka_unit_test(test_null_arguments),
        cmocka_unit_test(test_ply_message),
        cmocka_unit_test(test_tt_resize_message),
        cmocka_unit_test(test_stop_request),
        cmocka_unit_test(test_search_inside_search),
        cmocka_unit_test(test_threads_ceiling),
        cmocka_unit_test(test_mcts_limits_with_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
