/*
 * tests/test_tt_hash.c: the table works whatever bits of the game's hash
 * vary. Nim with piles 3, 4 and 5 (a win for the first player), searched
 * by alpha-beta with the table and hashed four ways: multiplicative
 * hashes in 64 and in 32 bits (code * 2654435761, whose low bits depend
 * only on the code's low bits, and which in 32 bits leaves the high half
 * of the key 0), the state's code as it is (13 bits), and splitmix64. The
 * engine mixes every hash before the table picks a bucket and keeps the
 * bits that tell entries apart, so all four find the right value with the
 * same nodes. Unmixed, the keys of the last two have a high half of 0,
 * so that only the bucket tells entries apart, and positions whose codes
 * differ above the bucket's bits pass for one another (a wrong value).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "gamesearch/search.h"

#define PILES 3

typedef struct nim {
    unsigned char pile[PILES];
    unsigned char turn;   /* 0: MAX to move, 1: MIN */
} nim;

static int n_to_move(const void *ctx, const void *state)
{
    (void)ctx;
    return ((const nim *)state)->turn;
}

static gs_role n_role(const void *ctx, int agent)
{
    (void)ctx;
    return agent == 0 ? GS_ROLE_MAX : GS_ROLE_MIN;
}

static bool n_is_terminal(const void *ctx, const void *state)
{
    (void)ctx;
    const nim *s = state;
    for (int i = 0; i < PILES; i++)
        if (s->pile[i])
            return false;
    return true;
}

static int n_actions(const void *ctx, const void *state, gs_action *out)
{
    (void)ctx;
    const nim *s = state;
    int n = 0;
    for (int i = 0; i < PILES; i++)
        for (int take = 1; take <= s->pile[i]; take++)
            out[n++] = i << 4 | take;
    return n;
}

static void n_apply(const void *ctx, const void *state, gs_action a,
                    void *child)
{
    (void)ctx;
    nim *c = child;
    *c = *(const nim *)state;
    c->pile[a >> 4] = (unsigned char)(c->pile[a >> 4] - (a & 15));
    c->turn ^= 1;
}

/* The player who just moved took the last object. */
static double n_value(const void *ctx, const void *state)
{
    (void)ctx;
    return ((const nim *)state)->turn == 1 ? 1.0 : -1.0;
}

/* The state as a number: who moves, then 4 bits a pile. */
static uint64_t code(const nim *s)
{
    uint64_t c = s->turn;
    for (int i = 0; i < PILES; i++)
        c = c << 4 | s->pile[i];
    return c;
}

static uint64_t hash_multiplicative(const void *ctx, const void *state)
{
    (void)ctx;
    return code(state) * 2654435761u;
}

static uint64_t hash_mult32(const void *ctx, const void *state)
{
    (void)ctx;
    return (uint32_t)code(state) * 2654435761u;
}

static uint64_t hash_identity(const void *ctx, const void *state)
{
    (void)ctx;
    return code(state);
}

/* splitmix64's finaliser. */
static uint64_t hash_mixed(const void *ctx, const void *state)
{
    (void)ctx;
    uint64_t z = code(state) + 0x9e3779b97f4a7c15u;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* `algo` with the table from piles 3, 4, 5 (a win for MAX): the nodes it
 * searched. */
static uint64_t algo_nodes_with(uint64_t (*hash)(const void *, const void *),
                                gs_algo algo)
{
    gs_game g;
    memset(&g, 0, sizeof g);
    g.version = GS_GAME_VERSION;
    g.state_size = sizeof(nim);
    g.num_agents = 2;
    g.max_actions = 12;
    g.to_move = n_to_move;
    g.role = n_role;
    g.is_terminal = n_is_terminal;
    g.actions = n_actions;
    g.apply = n_apply;
    g.value = n_value;
    g.hash = hash;
    g.has_bounds = true;
    g.min_value = -1;
    g.max_value = 1;
    gs_engine *e = NULL;
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
    gs_search_options o;
    gs_search_options_init(&o);
    o.use_tt = true;
    o.algo = algo;
    nim root = {{3, 4, 5}, 0};
    gs_result r;
    assert_int_equal(gs_search(e, &root, &o, &r), GS_OK);
    assert_true(r.value == 1.0);
    gs_engine_free(e);
    return r.nodes;
}

static uint64_t nodes_with(uint64_t (*hash)(const void *, const void *))
{
    return algo_nodes_with(hash, GS_ALPHABETA);
}

static void test_nim_hashes(void **state)
{
    (void)state;
    assert_int_equal(nodes_with(hash_multiplicative), 971);
    assert_int_equal(nodes_with(hash_mult32), 971);
    assert_int_equal(nodes_with(hash_identity), 971);
    assert_int_equal(nodes_with(hash_mixed), 971);
}

/* PVS and MTD(f) keep tables of their own keys too: the same nodes, and
 * the right value, whatever the hash's low bits. */
static void test_nim_hashes_other_searches(void **state)
{
    (void)state;
    const gs_algo algos[] = {GS_PVS, GS_MTDF, GS_SSS};
    for (size_t i = 0; i < sizeof algos / sizeof algos[0]; i++) {
        uint64_t n = algo_nodes_with(hash_mixed, algos[i]);
        assert_int_equal(algo_nodes_with(hash_multiplicative, algos[i]), n);
        assert_int_equal(algo_nodes_with(hash_mult32, algos[i]), n);
        assert_int_equal(algo_nodes_with(hash_identity, algos[i]), n);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nim_hashes),
        cmocka_unit_test(test_nim_hashes_other_searches),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
