/*
 * test_chance.c: the chance sums of src/chance.h (an internal header,
 * tested directly), against the slow reference of exact_ref.c: exact
 * sums near the range of a double, cancellations, tiny values, random
 * cases at every scale, Star1's edges, and the plain sums a game may ask
 * for.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "chance.h"
#include "exact_ref.h"
#include "gamesearch/core.h"
#include "gamesearch/game.h"
#include "gamesearch/search.h"

/* Blocks of digits for the sums here, one per ply. */
static int64_t blocks[4][2 * CHANCE_DIGITS];

static int64_t *test_block(void *ctx, int ply)
{
    (void)ctx;
    return blocks[ply];
}

static int64_t *no_block(void *ctx, int ply)
{
    (void)ctx;
    (void)ply;
    return NULL;
}

/* The engine's value of a chance node: weights p (NULL: uniform). */
static double node_value(const double *p, const double *v, int n, bool plain)
{
    chance_sum s;
    chance_init(&s, plain, test_block, NULL, 0);
    for (int i = 0; i < n; i++)
        chance_add(&s, p ? p[i] : 1.0, v[i]);
    return chance_read(&s, p ? 1 : n, true);
}

static void same(double a, double b)
{
    if (!(a == b && signbit(a) == signbit(b)))
        fail_msg("%.17g (%a) != %.17g (%a)", a, a, b, b);
}

static void check(const double *p, const double *v, int n, double expected)
{
    same(node_value(p, v, n, false), expected);
    same(exact_ref_expectation(p, v, n), expected);
}

static void test_near_double_limits(void **unused)
{
    (void)unused;
    const double five[] = {1.5e308, 1.6e308, -1.5e308, -1.6e308, -7.5};
    const double fifth[] = {0.2, 0.2, 0.2, 0.2, 0.2};
    check(NULL, five, 5, -1.5);
    check(fifth, five, 5, -1.5);
    const double big[] = {DBL_MAX, DBL_MAX, DBL_MAX};
    check(NULL, big, 3, DBL_MAX);
    const double big2[] = {DBL_MAX, DBL_MAX, -DBL_MAX};
    check(NULL, big2, 3, DBL_MAX / 3);
    same(exact_ref_expectation(NULL, big2, 3), DBL_MAX / 3);
    /* weights summing above 1: the answer stops at DBL_MAX */
    const double w2[] = {1.0, 1.0};
    const double v2[] = {DBL_MAX, DBL_MAX};
    same(node_value(w2, v2, 2, false), DBL_MAX);
}

static void test_cancellations(void **unused)
{
    (void)unused;
    const double a[] = {1e308, 1.0, -1e308};
    check(NULL, a, 3, 1.0 / 3);
    const double b[] = {1e308, 1e-300, -1e308, 1e308, -1e308};
    const double one[] = {1, 1, 1, 1, 1};
    check(one, b, 5, 1e-300);
    const double c[] = {1.0, 0x1p-53, 0x1p-200};   /* above a tie: up */
    check(one, c, 3, 1.0 + 0x1p-52);
    const double d[] = {1.0, 0x1p-53};              /* a tie: to even */
    check(one, d, 2, 1.0);
    const double e[] = {1.0, 0x1p-53, -0x1p-200};   /* below a tie: down */
    check(one, e, 3, 1.0);
    const double f[] = {0.1, 0.2, -0.3};
    check(one, f, 3, 2.7755575615628914e-17);   /* the doubles' own sum */
}

static void test_tiny(void **unused)
{
    (void)unused;
    const double one[] = {1, 1, 1};
    const double a[] = {5e-324, 5e-324};
    check(NULL, a, 2, 5e-324);
    const double b[] = {5e-324, 0.0};
    check(NULL, b, 2, 0.0);                 /* half the least: tie to 0 */
    const double c[] = {5e-324, 5e-324, 5e-324};
    const double halves[] = {0.5, 0.5, 0.5};
    check(halves, c, 3, 1e-323);            /* 1.5 units: tie to even 2 */
    const double half[] = {0.5, 0.5};
    check(half, a, 2, 5e-324);
    /* products far below the least double still decide a rounding */
    const double tiny[] = {0x1p-600, 0x1p-600, 0x1p-1074};
    const double ws[] = {0x1p-500, -0x1p-500, 1.0};
    check(ws, tiny, 3, 0x1p-1074);
    const double t2[] = {0x1p-1074, 0x1p-600};
    const double w2[] = {0.5, 0x1p-600};     /* 2^-1075 + 2^-1200: up */
    check(w2, t2, 2, 0x1p-1074);
    (void)one;
    const double neg[] = {-5e-324, -5e-324, -5e-324};
    check(halves, neg, 3, -1e-323);
    const double z[] = {1.0, -1.0};
    check(NULL, z, 2, 0.0);
}

static double random_double(unsigned *seed, int emin, int emax)
{
    double m = (double)rand_r(seed) / RAND_MAX + 0.5;
    int e = emin + rand_r(seed) % (emax - emin + 1);
    double x = ldexp(m, e);
    return rand_r(seed) % 2 ? -x : x;
}

/* Random cases at every scale against the reference; each also summed in
 * reverse order, which must not change a bit. */
static void test_random_against_reference(void **unused)
{
    (void)unused;
    unsigned seed = 32;
    for (int round = 0; round < 3000; round++) {
        int n = 1 + rand_r(&seed) % 6;
        double v[6], p[6], rv[6], rp[6];
        int scale = rand_r(&seed) % 4;
        for (int i = 0; i < n; i++) {
            switch (scale) {
            case 0: v[i] = (double)(rand_r(&seed) % 41 - 20); break;
            case 1: v[i] = random_double(&seed, -30, 30); break;
            case 2: v[i] = random_double(&seed, 1000, 1023); break;
            default: v[i] = random_double(&seed, -1074, 1023); break;
            }
            p[i] = fabs(random_double(&seed, -8, 0));
            if (rand_r(&seed) % 8 == 0)
                v[i] = -v[0];
        }
        for (int i = 0; i < n; i++) {
            rv[i] = v[n - 1 - i];
            rp[i] = p[n - 1 - i];
        }
        double want = exact_ref_expectation(NULL, v, n);
        same(node_value(NULL, v, n, false), want);
        same(node_value(NULL, rv, n, false), want);
        want = exact_ref_expectation(p, v, n);
        same(node_value(p, v, n, false), want);
        same(node_value(rp, rv, n, false), want);
        /* a read in the middle leaves the sum as it was */
        chance_sum s;
        chance_init(&s, false, test_block, NULL, 1);
        for (int i = 0; i < n; i++) {
            chance_add(&s, p[i], v[i]);
            (void)chance_value(&s, 0.5, v[0], 1.0);
            (void)star1_edge(1.0, 1.0, &s, 0.25, v[0], p[i] + 1.0);
            (void)chance_read(&s, 1, true);
        }
        same(chance_read(&s, 1, true), want);
    }
}

/* Star1's bound: (acc + rem * bound) / denom, exactly rounded. */
static void test_star1_value_and_edge(void **unused)
{
    (void)unused;
    chance_sum s;
    chance_init(&s, false, test_block, NULL, 1);
    chance_add(&s, 1.0, 1.5e308);
    chance_add(&s, 1.0, 1.6e308);
    /* the two remaining children at -1.5e308 each: (3.1 - 3) e308 / 4 */
    const double v[] = {1.5e308, 1.6e308, -1.5e308, -1.5e308};
    same(chance_value(&s, 2.0, -1.5e308, 4.0), exact_ref_expectation(NULL, v, 4));
    /* the value v of child 3 (weight 1, one child of -1.6e308 left) at
     * which the mean of 4 reaches -1: v = -4 - 3.1e308 + 1.6e308 */
    double edge = star1_edge(-1.0, 4.0, &s, 1.0, -1.6e308, 1.0);
    assert_true(fabs(edge - (-1.5e308)) <= 1e292);
    /* beyond the range of a double: an infinity of the right sign */
    same(star1_edge(-1.0, 4.0, &s, 1.0, DBL_MAX, 1.0 / 8), -INFINITY);
    same(chance_read(&s, 2, true), (1.5e308 / 2 + 1.6e308 / 2));
}

/* A game's plain sums: left to right, each step rounded, as pacman.py. */
static void test_plain_sums(void **unused)
{
    (void)unused;
    const double p[] = {0.1, 0.9};
    const double v[] = {20.0, 2.0};
    same(node_value(p, v, 2, true), 0.1 * 20.0 + 0.9 * 2.0);   /* 3.8 */
    same(node_value(p, v, 2, false), 3.8000000000000003);
    const double m[] = {0.1, 0.2, 0.3};
    same(node_value(NULL, m, 3, true), (0.1 + 0.2 + 0.3) / 3);
    /* the overflow rescue of a plain sum is kept */
    const double five[] = {1e308, 1e308, -1e308, -1e308, -5};
    same(node_value(NULL, five, 5, true), -1.0);
}

/* No digits to be had (the engine out of memory: the search halts): the
 * sum is lost, nothing crashes, and a sum that needs none still works. */
static void test_no_block(void **unused)
{
    (void)unused;
    chance_sum s;
    chance_init(&s, false, no_block, NULL, 0);
    chance_add(&s, 1.0, 2.0);
    chance_add(&s, 1.0, 4.0);
    same(chance_read(&s, 2, true), 3.0);
    chance_add(&s, 0.1, 3.0);   /* inexact: needs the digits */
    same(chance_read(&s, 2, true), 0.0);
    (void)chance_value(&s, 1.0, 1.0, 1.0);
    (void)star1_edge(1.0, 1.0, &s, 1.0, 1.0, 1.0);
}

/* Non-finite children: the plain sum of the non-finite products. */
static void test_non_finite(void **unused)
{
    (void)unused;
    const double a[] = {1.0, INFINITY};
    same(node_value(NULL, a, 2, false), INFINITY);
    const double b[] = {-INFINITY, INFINITY, 3.0};
    assert_true(isnan(node_value(NULL, b, 3, false)));
}

/* ---- a chain of chance nodes as deep as the engine goes ----
 * Each chance node keeps its sum on the stack; a chain of them to the
 * default ply limit must still fit a thread's stack (also under the
 * sanitizers, which run this test too). */
enum { CHAIN = 4000 };

static int chain_to_move(const void *ctx, const void *state)
{
    (void)ctx;
    (void)state;
    return 0;
}
static gs_role chain_role(const void *ctx, int agent)
{
    (void)ctx;
    (void)agent;
    return GS_ROLE_CHANCE;
}
static bool chain_terminal(const void *ctx, const void *state)
{
    (void)ctx;
    return *(const int *)state >= CHAIN;
}
static int chain_actions(const void *ctx, const void *state, gs_action *out)
{
    (void)ctx;
    (void)state;
    out[0] = 0;
    out[1] = 1;
    return 2;
}
static void chain_apply(const void *ctx, const void *state, gs_action a,
                        void *child)
{
    (void)ctx;
    /* action 1 ends the game at once, action 0 goes one deeper */
    *(int *)child = a == 1 ? CHAIN : *(const int *)state + 1;
}
static double chain_value(const void *ctx, const void *state)
{
    (void)ctx;
    (void)state;
    return 1e308;
}

static void test_deep_chain(void **unused)
{
    (void)unused;
    gs_game g = {0};
    g.version = GS_GAME_VERSION;
    g.state_size = sizeof(int);
    g.num_agents = 1;
    g.max_actions = 2;
    g.to_move = chain_to_move;
    g.role = chain_role;
    g.is_terminal = chain_terminal;
    g.actions = chain_actions;
    g.apply = chain_apply;
    g.value = chain_value;
    g.has_bounds = true;
    g.min_value = -DBL_MAX;
    g.max_value = DBL_MAX;
    static const gs_algo algos[] = {GS_MINIMAX, GS_ALPHABETA};
    for (size_t i = 0; i < 2; i++) {
        gs_engine *e = NULL;
        assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
        gs_search_options o;
        gs_search_options_init(&o);
        o.algo = algos[i];
        o.max_nodes = 3 * CHAIN;
        int root = 0;
        gs_result r;
        assert_int_equal(gs_search(e, &root, &o, &r), GS_OK);
        same(r.value, 1e308);   /* every node the mean of two 1e308s */
        gs_engine_free(e);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_near_double_limits),
        cmocka_unit_test(test_cancellations),
        cmocka_unit_test(test_tiny),
        cmocka_unit_test(test_random_against_reference),
        cmocka_unit_test(test_star1_value_and_edge),
        cmocka_unit_test(test_plain_sums),
        cmocka_unit_test(test_non_finite),
        cmocka_unit_test(test_deep_chain),
        cmocka_unit_test(test_no_block),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
