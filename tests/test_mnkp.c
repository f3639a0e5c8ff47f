/*
 * tests/test_mnkp.c: m,n,k games for 2 to 4 players (the registry's
 * "mnkp"): positions read and written, with each refusal's exact message
 * and column; utilities that add up to the number of players everywhere;
 * max^n, paranoid and best-reply search solving three-player tic-tac-toe
 * (values, moves and node counts); and max^n's shallow pruning on a game
 * that declares its utility sum: where it prunes, where it cannot, and
 * that it never changes the answer.
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
#include "gamesearch/registry.h"

typedef struct board {
    const gs_game_entry *e;
    gs_game_instance g;
    unsigned char state[128], child[128];
} board;

static int open_board(board *b, const char *params, gs_error *err)
{
    memset(b, 0, sizeof *b);
    b->e = gs_registry_find("mnkp");
    assert_non_null(b->e);
    int rc = gs_game_make(b->e, params, NULL, 0, NULL, &b->g, err);
    if (rc == GS_OK)
        assert_true(b->g.game.state_size <= sizeof b->state);
    return rc;
}

static int read_pos(board *b, const char *text, gs_error *err)
{
    memset(err, 0, sizeof *err);
    return b->e->read(b->g.inst, text, strlen(text), b->state, err);
}

static void set_pos(board *b, const char *text)
{
    gs_error err;
    if (read_pos(b, text, &err) != GS_OK)
        fail_msg("%s: %d: %s", text, err.column, err.message);
}

/* The message and column that reading `text` fails with. */
static void refused(board *b, const char *text, int column,
                    const char *message)
{
    gs_error err;
    assert_int_equal(read_pos(b, text, &err), GS_EPARSE);
    assert_int_equal(err.column, column);
    assert_string_equal(err.message, message);
}

typedef struct answer {
    double u[4];
    gs_action best;
    uint64_t nodes, cutoffs;
    double value;
} answer;

/* A search of b's position by `algo` to `depth` plies (0: the end), on
 * b's game or, with `no_sum`, the same game without its solver tier. */
static answer search(board *b, gs_algo algo, int depth, bool no_sum)
{
    gs_game g = b->g.game;
    if (no_sum)
        g.solver = NULL;
    gs_engine *e = NULL;
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
    gs_search_options o;
    gs_search_options_init(&o);
    o.algo = algo;
    o.depth = depth;
    gs_result r;
    if (gs_search(e, b->state, &o, &r) != GS_OK)
        fail_msg("%s", gs_engine_error(e));
    answer a;
    memset(&a, 0, sizeof a);
    if (algo == GS_MAXN)
        assert_int_equal(gs_engine_utilities(e, a.u, 4), g.num_agents);
    a.best = r.best;
    a.nodes = r.nodes;
    a.cutoffs = r.cutoffs;
    a.value = r.value;
    gs_engine_free(e);
    return a;
}

static void test_params(void **unused)
{
    (void)unused;
    board b;
    gs_error err;
    assert_int_equal(open_board(&b, "", &err), GS_OK);
    assert_int_equal(b.g.game.num_agents, 3);
    assert_int_equal(b.g.game.max_actions, 9);
    assert_non_null(b.g.game.solver);
    assert_true(b.g.game.solver->has_utility_sum);
    assert_true(b.g.game.solver->utility_min == 0);
    assert_true(b.g.game.solver->utility_sum == 3);
    char d[64];
    b.e->describe(b.g.inst, d, sizeof d);
    assert_string_equal(d, " 3x3 k=3, 3 players");
    gs_game_unmake(&b.g);

    assert_int_equal(open_board(&b, "players=5", &err), GS_EINVAL);
    assert_string_equal(err.message,
                        "players '5' is not a whole number from 2 to 4");
    assert_int_equal(open_board(&b, "m=9", &err), GS_EINVAL);
    assert_string_equal(err.message,
                        "m '9' is not a whole number from 1 to 8");
    assert_int_equal(open_board(&b, "k=4", &err), GS_EINVAL);
    assert_string_equal(err.message, "k = 4 cannot fit on a 3x3 board");
}

static void test_positions(void **unused)
{
    (void)unused;
    board b;
    gs_error err;
    assert_int_equal(open_board(&b, "", &err), GS_OK);
    const gs_game *g = &b.g.game;
    char out[16];

    set_pos(&b, "");
    assert_int_equal(g->to_move(g->ctx, b.state), 0);
    assert_int_equal(b.e->write(b.g.inst, b.state, out, sizeof out), 9);
    assert_string_equal(out, ".........");
    set_pos(&b, "XO.......");
    assert_int_equal(g->to_move(g->ctx, b.state), 2);
    set_pos(&b, "XOY......");
    assert_int_equal(g->to_move(g->ctx, b.state), 0);
    b.e->write(b.g.inst, b.state, out, sizeof out);
    assert_string_equal(out, "XOY......");
    assert_false(g->is_terminal(g->ctx, b.state));
    /* X's column a: over, X won */
    set_pos(&b, "XOYXOYX..");
    assert_true(g->is_terminal(g->ctx, b.state));
    double u[3];
    g->utilities(g->ctx, b.state, u);
    assert_true(u[0] == 3 && u[1] == 0 && u[2] == 0);
    assert_false(g->turn_to(g->ctx, b.state, 1, b.child));
    /* a full board without a line: 1 each */
    set_pos(&b, "XOYOYXXYO");
    assert_true(g->is_terminal(g->ctx, b.state));
    g->utilities(g->ctx, b.state, u);
    assert_true(u[0] == 1 && u[1] == 1 && u[2] == 1);

    refused(&b, "XO", 3, "the position has 2 cells, not the board's 9");
    refused(&b, "XO.......X", 10,
            "the position has more than the board's 9 cells");
    refused(&b, "XOZ......", 3,
            "'Z' is not a cell: '.' or a player's mark (XOY)");
    refused(&b, "XX.......", 1,
            "X has 2 marks and O 0, but O moves right after X");
    refused(&b, ".O.......", 1,
            "X has 0 marks and O 1, but O moves right after X");
    /* X's row is complete, yet O played after it */
    refused(&b, "XXXOOYYO.", 1,
            "the position cannot be reached: a player with 3 in a row has "
            "played on, or two players have one");
    gs_game_unmake(&b.g);
}

/* Random games on 4x4, k=3, for 3 and 4 players: at every state each
 * utility is at least 0 and they add up to the number of players (within
 * rounding), as the declared sum promises; turn_to moves any player. */
static void test_utility_sum(void **unused)
{
    (void)unused;
    for (int p = 2; p <= 4; p++) {
        char params[64];
        snprintf(params, sizeof params, "m=4,n=4,k=3,players=%d", p);
        board b;
        gs_error err;
        assert_int_equal(open_board(&b, params, &err), GS_OK);
        const gs_game *g = &b.g.game;
        uint64_t rng = 12345;
        for (int game = 0; game < 200; game++) {
            set_pos(&b, "");
            for (;;) {
                double u[4], sum = 0;
                g->utilities(g->ctx, b.state, u);
                for (int i = 0; i < p; i++) {
                    assert_true(u[i] >= 0);
                    sum += u[i];
                }
                assert_true(fabs(sum - p) < 1e-12);
                assert_true(g->value(g->ctx, b.state) == u[0]);
                if (g->is_terminal(g->ctx, b.state))
                    break;
                assert_true(g->turn_to(g->ctx, b.state, p - 1, b.child));
                assert_int_equal(g->to_move(g->ctx, b.child), p - 1);
                gs_action acts[16];
                int n = g->actions(g->ctx, b.state, acts);
                assert_true(n > 0);
                rng = rng * 6364136223846793005u + 1442695040888963407u;
                g->apply(g->ctx, b.state, acts[(rng >> 33) % (uint64_t)n],
                         b.child);
                memcpy(b.state, b.child, g->state_size);
            }
        }
        gs_game_unmake(&b.g);
    }
}

/* Three-player tic-tac-toe solved: under max^n nobody can force a win,
 * and X keeps the first of its equal moves, a1. Paranoid is alpha-beta on
 * X's utility against the other two, and also finds the draw. */
static void test_solved(void **unused)
{
    (void)unused;
    board b;
    gs_error err;
    assert_int_equal(open_board(&b, "", &err), GS_OK);
    set_pos(&b, "");
    answer a = search(&b, GS_MAXN, 0, false);
    assert_true(a.u[0] == 1 && a.u[1] == 1 && a.u[2] == 1);
    assert_int_equal(a.best, 0);
    assert_int_equal(a.nodes, 774170);
    answer p = search(&b, GS_PARANOID, 0, false);
    assert_true(p.value == 1);
    assert_int_equal(p.best, 0);
    assert_int_equal(p.nodes, 8418);
    answer ab = search(&b, GS_ALPHABETA, 0, false);
    assert_true(ab.value == 1 && ab.nodes == p.nodes);
    answer r = search(&b, GS_BRS, 9, false);
    assert_true(r.value == 1);
    assert_int_equal(r.best, 0);
    assert_int_equal(r.nodes, 40039);

    /* X holds a1 and b1 and threatens c1: O, to move, blocks it there
     * rather than leave the block to Y. */
    set_pos(&b, "XX.O....Y");
    a = search(&b, GS_MAXN, 0, false);
    char name[8];
    b.g.game.action_name(b.g.game.ctx, b.state, a.best, name, sizeof name);
    assert_string_equal(name, "c1");
    gs_game_unmake(&b.g);
}

/*
 * Shallow pruning on three-player tic-tac-toe from the empty board, depth
 * by depth: with the sum declared, max^n visits fewer nodes at depths 2
 * and 4 to 9 and the same at 1 (no agent above the root's children can be
 * bounded yet) and 3 (no child there bounds its parent's agent tightly
 * enough); the vector and move are those found without the sum at every
 * depth. With four players on 4x4 the bound S - c - (n - 2) m is looser:
 * it prunes at depth 2 and not at 3 or 4.
 */
static void test_shallow_pruning(void **unused)
{
    (void)unused;
    static const uint64_t with[] = {10, 62, 586, 3494, 12991, 72522,
                                    210727, 507226, 774170};
    static const uint64_t without[] = {10, 82, 586, 3610, 18730, 79210,
                                       260650, 588970, 885322};
    board b;
    gs_error err;
    assert_int_equal(open_board(&b, "", &err), GS_OK);
    set_pos(&b, "");
    for (int d = 1; d <= 9; d++) {
        answer s = search(&b, GS_MAXN, d, false);
        answer n = search(&b, GS_MAXN, d, true);
        assert_int_equal(s.nodes, with[d - 1]);
        assert_int_equal(n.nodes, without[d - 1]);
        assert_int_equal(n.cutoffs, 0);
        assert_int_equal(s.cutoffs > 0, d != 1 && d != 3);
        assert_int_equal(s.best, n.best);
        assert_memory_equal(s.u, n.u, sizeof s.u);
    }
    gs_game_unmake(&b.g);

    assert_int_equal(open_board(&b, "m=4,n=4,k=3,players=4", &err), GS_OK);
    set_pos(&b, "");
    static const uint64_t with4[] = {17, 240, 3617, 47297};
    static const uint64_t without4[] = {17, 257, 3617, 47297};
    for (int d = 1; d <= 4; d++) {
        answer s = search(&b, GS_MAXN, d, false);
        answer n = search(&b, GS_MAXN, d, true);
        assert_int_equal(s.nodes, with4[d - 1]);
        assert_int_equal(n.nodes, without4[d - 1]);
        assert_int_equal(s.best, n.best);
        assert_memory_equal(s.u, n.u, sizeof s.u);
    }
    gs_game_unmake(&b.g);
}

/* From many positions of random games, shallow pruning keeps max^n's
 * vector and move, and never visits more nodes. */
static void test_shallow_pruning_keeps_the_answer(void **unused)
{
    (void)unused;
    board b;
    gs_error err;
    assert_int_equal(open_board(&b, "m=3,n=4,k=3", &err), GS_OK);
    const gs_game *g = &b.g.game;
    uint64_t rng = 99, cut = 0;
    for (int game = 0; game < 60; game++) {
        set_pos(&b, "");
        for (int ply = 0; !g->is_terminal(g->ctx, b.state); ply++) {
            if (ply >= 3) {
                answer s = search(&b, GS_MAXN, 4, false);
                answer n = search(&b, GS_MAXN, 4, true);
                assert_int_equal(s.best, n.best);
                assert_memory_equal(s.u, n.u, sizeof s.u);
                assert_true(s.nodes <= n.nodes);
                cut += n.nodes - s.nodes;
            }
            gs_action acts[12];
            int n = g->actions(g->ctx, b.state, acts);
            rng = rng * 6364136223846793005u + 1442695040888963407u;
            g->apply(g->ctx, b.state, acts[(rng >> 33) % (uint64_t)n],
                     b.child);
            memcpy(b.state, b.child, g->state_size);
        }
    }
    assert_true(cut > 0);
    gs_game_unmake(&b.g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_params),
        cmocka_unit_test(test_positions),
        cmocka_unit_test(test_utility_sum),
        cmocka_unit_test(test_solved),
        cmocka_unit_test(test_shallow_pruning),
        cmocka_unit_test(test_shallow_pruning_keeps_the_answer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
