/*
 * tests/test_compare.c: comparisons of algorithms (gamesearch/compare.h).
 * Every row's counts are those gs_search gives for the same options (on
 * tic-tac-toe, a tree with chance nodes and Connect Four), tic-tac-toe's
 * full tree has its known 549,946 nodes, names read back, algorithms that
 * cannot search a game are refused, the node limit stops an algorithm,
 * the chart is well formed, and failed allocations leak nothing.
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

#include "gamesearch/compare.h"
#include "gamesearch/connect4.h"
#include "gamesearch/mnk.h"
#include "gamesearch/pacman.h"
#include "gamesearch/tree.h"

#include "dice_tree.h"
#include "sink.h"
#include "track_alloc.h"

/* ---- Helpers ------------------------------------------------------------- */

typedef struct ttt {
    gs_mnk *g;
    gs_game game;
    void *root;
} ttt;

static void ttt_open(ttt *t)
{
    gs_mnk_params p;
    gs_mnk_params_init(&p);
    gs_mnk_params_for_play(&p, true);
    assert_int_equal(gs_mnk_new(&p, NULL, &t->g), GS_OK);
    gs_mnk_game(t->g, &t->game);
    t->root = malloc(gs_mnk_state_size(t->g));
    assert_non_null(t->root);
    gs_mnk_empty(t->g, t->root);
}

static void ttt_close(ttt *t)
{
    free(t->root);
    gs_mnk_free(t->g);
}

static gs_compare_options all_algos(const gs_game *game, int lo, int hi)
{
    gs_compare_options o;
    gs_compare_options_init(&o);
    o.num_algos = gs_compare_default_algos(game, o.algos);
    o.min_depth = lo;
    o.max_depth = hi;
    return o;
}

/* Every row searched again with gs_search on a fresh engine gives the
 * same counts, value and best action. */
static void check_against_engine(const gs_game *game, const void *root,
                                 const gs_compare *c)
{
    gs_engine *e;
    assert_int_equal(gs_engine_new(game, NULL, &e), GS_OK);
    for (size_t i = 0; i < c->num_rows; i++) {
        const gs_compare_row *row = &c->rows[i];
        const gs_compare_algo *a = &c->options.algos[row->algo];
        gs_search_options so;
        gs_search_options_init(&so);
        so.algo = a->algo;
        so.depth = row->depth;
        so.order_moves = a->order_moves;
        so.use_tt = a->use_tt;
        so.iterative = a->iterative;
        so.prune_equal = c->options.prune_equal;
        so.max_nodes = c->options.max_nodes;
        gs_engine_tt_clear(e);
        gs_result r;
        assert_int_equal(gs_search(e, root, &so, &r), GS_OK);
        assert_true(r.nodes == row->result.nodes);
        assert_true(r.leaves == row->result.leaves);
        assert_true(r.cutoffs == row->result.cutoffs);
        assert_int_equal(r.stopped, row->result.stopped);
        if (!r.stopped) {
            assert_true(r.value == row->result.value);
            assert_int_equal(r.best, row->result.best);
        }
    }
    gs_engine_free(e);
}

static const gs_compare_row *find_row(const gs_compare *c, gs_algo algo,
                                      bool tt, int depth)
{
    for (size_t i = 0; i < c->num_rows; i++) {
        const gs_compare_algo *a = &c->options.algos[c->rows[i].algo];
        if (a->algo == algo && a->use_tt == tt && !a->order_moves &&
            !a->iterative && c->rows[i].depth == depth)
            return &c->rows[i];
    }
    return NULL;
}

/* ---- Tests --------------------------------------------------------------- */

static void test_ttt_grid(void **state)
{
    (void)state;
    ttt t;
    ttt_open(&t);
    gs_compare_options o = all_algos(&t.game, 1, 9);
    assert_int_equal(o.num_algos, 6);
    gs_compare *c;
    assert_int_equal(gs_compare_run(&t.game, t.root, &o, NULL, &c, NULL),
                     GS_OK);
    assert_int_equal(c->num_rows, 6 * 9);
    assert_int_equal(c->root_actions, 9);
    /* The whole game tree of tic-tac-toe, and its 255,168 games. */
    const gs_compare_row *mm = find_row(c, GS_MINIMAX, false, 9);
    assert_non_null(mm);
    assert_true(mm->result.nodes == 549946);
    assert_true(mm->result.leaves == 255168);
    assert_true(mm->result.value == 0);
    assert_string_equal(mm->best, "a1");
    const gs_compare_row *ab = find_row(c, GS_ALPHABETA, false, 9);
    assert_true(ab->result.nodes == 20866);
    assert_true(find_row(c, GS_MINIMAX, false, 1)->result.nodes == 10);
    assert_true(find_row(c, GS_MINIMAX, false, 2)->result.nodes == 82);
    /* Rows by depth, then algorithm. */
    for (size_t i = 0; i < c->num_rows; i++) {
        assert_int_equal(c->rows[i].depth, 1 + (int)(i / 6));
        assert_int_equal(c->rows[i].algo, (int)(i % 6));
    }
    check_against_engine(&t.game, t.root, c);
    int bdepth;
    double b = gs_compare_branching(c, &bdepth);
    assert_int_equal(bdepth, 9);
    assert_true(fabs(b - pow(549946.0, 1.0 / 9)) < 1e-12);
    gs_compare_free(c);
    ttt_close(&t);
}

static void test_tree_with_chance(void **state)
{
    (void)state;
    gs_tree *tree;
    gs_error err;
    assert_int_equal(gs_tree_parse(dice_tree, strlen(dice_tree), NULL, &tree,
                                   &err), GS_OK);
    gs_game game;
    gs_tree_game(tree, &game);
    gs_tree_state root;
    gs_tree_root(tree, &root);
    gs_compare_options o = all_algos(&game, 3, 3);
    /* No ordering hint: alpha-beta, with the table, with deepening. */
    assert_int_equal(o.num_algos, 5);
    char name[GS_COMPARE_NAME_SIZE];
    assert_string_equal(gs_compare_algo_name(&o.algos[3], name, sizeof name),
                        "alphabeta+tt+iter");
    gs_compare *c;
    assert_int_equal(gs_compare_run(&game, &root, &o, NULL, &c, NULL), GS_OK);
    assert_int_equal(c->num_rows, 5);
    /* The counts of `gamesearch tree`: 15 nodes, and Star1's 11. */
    assert_true(c->rows[0].result.nodes == 15);
    assert_true(c->rows[1].result.nodes == 11);
    assert_true(c->rows[1].result.value == 5);
    assert_string_equal(c->rows[1].best, "safe");
    check_against_engine(&game, &root, c);
    gs_compare_free(c);
    gs_tree_free(tree);
}

static void test_connect4_and_limit(void **state)
{
    (void)state;
    gs_c4_params p;
    gs_c4_params_init(&p);
    gs_c4 *g;
    assert_int_equal(gs_c4_new(&p, NULL, &g), GS_OK);
    gs_game game;
    gs_c4_game(g, &game);
    gs_c4_state s;
    gs_error err;
    assert_int_equal(gs_c4_parse(g, "4453", 4, &s, &err), GS_OK);
    gs_compare_options o = all_algos(&game, 1, 7);
    o.max_nodes = 3000;
    gs_compare *c;
    assert_int_equal(gs_compare_run(&game, &s, &o, NULL, &c, NULL), GS_OK);
    /* Minimax stops at depth 5 (18,935 nodes unlimited) and is not
     * searched deeper; alpha-beta goes on. */
    const gs_compare_row *mm5 = find_row(c, GS_MINIMAX, false, 5);
    assert_non_null(mm5);
    assert_int_equal(mm5->result.stopped, GS_STOP_NODES);
    assert_true(mm5->result.nodes == 3000);
    assert_string_equal(mm5->best, "");
    assert_null(find_row(c, GS_MINIMAX, false, 6));
    assert_non_null(find_row(c, GS_ALPHABETA, false, 6));
    assert_true(find_row(c, GS_MINIMAX, false, 4)->result.nodes == 2717);
    check_against_engine(&game, &s, c);
    gs_compare_free(c);
    gs_c4_free(g);
}

static void test_names(void **state)
{
    (void)state;
    static const char *const good[] = {
        "minimax", "alphabeta", "expectimax", "alphabeta+order",
        "alphabeta+tt", "alphabeta+iter", "alphabeta+order+tt",
        "alphabeta+order+tt+iter", "alphabeta+tt+iter", "pns", "dfpn",
        "pns+order", "dfpn+order",
    };
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
        gs_compare_algo a;
        char name[GS_COMPARE_NAME_SIZE];
        assert_int_equal(gs_compare_algo_parse(good[i], strlen(good[i]), &a),
                         GS_OK);
        assert_string_equal(gs_compare_algo_name(&a, name, sizeof name),
                            good[i]);
    }
    static const char *const bad[] = {
        "", "alpha", "minimax+", "expectimax+orde", "alphabeta+tt+order",
        "alphabeta+", "alphabeta+order+order", "Minimax", "alphabeta ",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        gs_compare_algo a;
        assert_int_equal(gs_compare_algo_parse(bad[i], strlen(bad[i]), &a),
                         GS_EINVAL);
    }
    /* Length counts, not the NUL: "alphabeta,minimax" read up to a comma. */
    gs_compare_algo a;
    assert_int_equal(gs_compare_algo_parse("alphabeta,minimax", 9, &a), GS_OK);
    assert_int_equal(a.algo, GS_ALPHABETA);
}

static void test_unfit(void **state)
{
    (void)state;
    static const char one_agent[] = "agents: max\nA: B C\nB = 1\nC = 2\n";
    gs_tree *tree;
    gs_error err;
    assert_int_equal(gs_tree_parse(one_agent, strlen(one_agent), NULL, &tree,
                                   &err), GS_OK);
    gs_game game;
    gs_tree_game(tree, &game);
    gs_compare_algo a = {GS_ALPHABETA, true, false, false};
    assert_string_equal(gs_compare_algo_unfit(&game, &a),
                        "the game has no move ordering hint");
    a = (gs_compare_algo){GS_EXPECTIMAX, false, false, false};
    assert_string_equal(gs_compare_algo_unfit(&game, &a),
                        "the game has no MIN or chance agent");
    assert_int_equal(gs_compare_algo_parse("minimax+tt", 10, &a), GS_OK);
    assert_string_equal(gs_compare_algo_unfit(&game, &a),
                        "only alphabeta, pvs, mtdf and sss take +order, +tt and +iter");
    a = (gs_compare_algo){GS_ALPHABETA, false, true, true};
    assert_null(gs_compare_algo_unfit(&game, &a));
    gs_compare_algo list[GS_COMPARE_MAX_ALGOS];
    assert_int_equal(gs_compare_default_algos(&game, list), 4);

    gs_tree_state root;
    gs_tree_root(tree, &root);
    gs_compare_options o;
    gs_compare_options_init(&o);
    o.num_algos = 1;
    o.algos[0] = (gs_compare_algo){GS_ALPHABETA, true, false, false};
    gs_compare *c = (gs_compare *)&o;   /* overwritten with NULL */
    char why[GS_COMPARE_WHY_SIZE];
    assert_int_equal(gs_compare_run(&game, &root, &o, NULL, &c, why),
                     GS_EINVAL);
    assert_null(c);
    assert_string_equal(why, "alphabeta+order: the game has no move "
                        "ordering hint");
    o.algos[0].order_moves = false;
    o.min_depth = 2;
    o.max_depth = 1;
    assert_int_equal(gs_compare_run(&game, &root, &o, NULL, &c, why),
                     GS_EINVAL);
    assert_string_equal(why, "the depths are not 1 <= min_depth <= "
                        "max_depth");

    /* --depth's depths: D or LO-HI */
    int lo = 7, hi = 7;
    assert_int_equal(gs_compare_depths_parse("4", &lo, &hi), GS_OK);
    assert_true(lo == 1 && hi == 4);
    assert_int_equal(gs_compare_depths_parse("2-3", &lo, &hi), GS_OK);
    assert_true(lo == 2 && hi == 3);
    assert_int_equal(gs_compare_depths_parse("1000-1000", &lo, &hi), GS_OK);
    assert_true(lo == 1000 && hi == 1000);
    static const char *const bad_depths[] = {
        "", "0", "1001", "x", "3-2", "2-", "2-x", "2-1001", "2x", "-2",
        "99999999999999999999", "1-99999999999999999999", "2-3-4"};
    for (size_t i = 0; i < sizeof bad_depths / sizeof *bad_depths; i++) {
        lo = hi = 7;
        assert_int_equal(gs_compare_depths_parse(bad_depths[i], &lo, &hi),
                         GS_EPARSE);
        assert_true(lo == 7 && hi == 7);
    }

    /* --algo's list: the defaults, names, and the name at fault */
    const char *bad;
    size_t at = 99, n = 99;
    assert_int_equal(gs_compare_algos_parse(NULL, &game, &o, &bad, &at, &n),
                     GS_OK);
    assert_int_equal(o.num_algos, 4);
    assert_int_equal(at, 99);
    assert_int_equal(gs_compare_algos_parse("minimax,alphabeta+tt", &game,
                                            &o, &bad, &at, &n), GS_OK);
    assert_int_equal(o.num_algos, 2);
    assert_int_equal(o.algos[0].algo, GS_MINIMAX);
    assert_true(o.algos[1].use_tt && !o.algos[1].order_moves);
    assert_int_equal(gs_compare_algos_parse("minimax,nope,x", &game, &o, &bad,
                                            &at, &n), GS_EPARSE);
    assert_int_equal(at, 8);
    assert_int_equal(n, 4);
    assert_string_equal(bad, "not an algorithm");
    assert_int_equal(gs_compare_algos_parse("minimax,", &game, &o, &bad, &at,
                                            &n), GS_EPARSE);
    assert_int_equal(at, 8);
    assert_int_equal(n, 0);
    assert_int_equal(gs_compare_algos_parse("alphabeta+order", &game, &o,
                                            &bad, &at, &n), GS_EINVAL);
    assert_int_equal(at, 0);
    assert_int_equal(n, 15);
    assert_string_equal(bad, "the game has no move ordering hint");
    assert_int_equal(gs_compare_algos_parse("minimax,minimax,minimax,minimax,"
                                            "minimax,minimax,minimax,minimax,"
                                            "alphabeta", &game, &o, &bad, &at,
                                            &n), GS_EINVAL);
    assert_int_equal(at, 64);
    assert_int_equal(n, 9);
    assert_string_equal(bad, "too many algorithms (at most 8)");
    gs_tree_free(tree);
}

static size_t count(const char *s, const char *what)
{
    size_t n = 0;
    for (const char *p = s; (p = strstr(p, what)) != NULL; p += strlen(what))
        n++;
    return n;
}

static void test_svg(void **state)
{
    (void)state;
    ttt t;
    ttt_open(&t);
    gs_compare_options o = all_algos(&t.game, 1, 9);
    o.max_nodes = 100000;   /* minimax and expectimax stop at depth 7 */
    gs_compare *c;
    assert_int_equal(gs_compare_run(&t.game, t.root, &o, NULL, &c, NULL),
                     GS_OK);
    buffer b = {NULL, 0, 0, 0};
    assert_int_equal(gs_compare_svg(c, "a<b & \"c\" \x01\xff", to_buffer,
                                    &b), GS_OK);
    assert_true(strncmp(b.text, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                        "<svg xmlns=\"http://www.w3.org/2000/svg\"", 77) == 0);
    assert_true(b.len > 8 && strcmp(b.text + b.len - 7, "</svg>\n") == 0);
    assert_int_equal(count(b.text, "<g class=\"algorithm\""), 6);
    assert_int_equal(count(b.text, "class=\"reference\""), 2);
    /* A dot for every search; the two that stopped drawn open, and the
     * legend says what the open one means. */
    assert_int_equal(count(b.text, "<circle cx"), c->num_rows);
    assert_int_equal(c->num_rows, 6 * 9 - 2 * 2);
    assert_int_equal(count(b.text, "r=\"4.5\" fill=\"white\""), 2 + 1);
    assert_int_equal(count(b.text, "<circle class=\"marker\""), 1);
    assert_non_null(strstr(b.text, ">stopped at the node limit</text>"));
    /* Expectimax's line is minimax's: dashed, and the legend says so;
     * every other line solid. */
    assert_int_equal(count(b.text, "stroke-width=\"2\" stroke-dasharray=\"6 4\"/>"),
                     2);
    assert_int_equal(count(b.text, "same nodes as"), 1);
    assert_non_null(strstr(b.text, "font-size=\"10\">same nodes as minimax</text>"));
    /* ...and what its value is. */
    assert_non_null(strstr(b.text, ">expectimax: MIN moves uniformly at</text>"));
    assert_non_null(strstr(b.text, ">random, its value an expectation</text>"));
    assert_int_equal(count(b.text, "a&lt;b &amp; \"c\" \xef\xbf\xbd\xef\xbf\xbd"),
                     2);
    assert_non_null(strstr(b.text, ">depth (plies)</text>"));
    assert_non_null(strstr(b.text, ">nodes searched (log scale)</text>"));
    assert_non_null(strstr(b.text, ">alphabeta+order+tt+iter</text>"));
    /* Balanced elements: every opened one closed. */
    assert_int_equal(count(b.text, "<g") , count(b.text, "</g>"));
    assert_int_equal(count(b.text, "<text"), count(b.text, "</text>"));
    free(b.text);

    /* A writer that fails stops it with its status. */
    buffer f = {NULL, 0, 4, 0};
    assert_int_equal(gs_compare_svg(c, NULL, to_buffer, &f), 7);
    free(f.text);

    /* Larger type: the same chart, its type and margins 1.5 times. */
    buffer big = {NULL, 0, 0, 0};
    assert_int_equal(gs_compare_svg_scaled(c, "t", 1.5, to_buffer, &big), GS_OK);
    assert_non_null(strstr(big.text, "width=\"904\" height=\"518\""));
    assert_non_null(strstr(big.text, "<g font-size=\"18\" fill=\"#333\">"));
    assert_non_null(strstr(big.text, "font-size=\"22.5\" font-weight=\"bold\""));
    assert_int_equal(count(big.text, "<circle cx"), c->num_rows);
    free(big.text);
    buffer none = {NULL, 0, 0, 0};
    assert_int_equal(gs_compare_svg_scaled(c, "t", 0.5, to_buffer, &none),
                     GS_EINVAL);
    assert_int_equal(gs_compare_svg_scaled(c, "t", 3.5, to_buffer, &none),
                     GS_EINVAL);
    assert_int_equal(gs_compare_svg_scaled(c, "t", NAN, to_buffer, &none),
                     GS_EINVAL);
    assert_null(none.text);
    gs_compare_free(c);

    /* One depth: a bar for each algorithm, its count above it; no lines,
     * no dots. */
    o = all_algos(&t.game, 5, 5);
    o.num_algos = 3;
    assert_int_equal(gs_compare_algo_parse("minimax", 7, &o.algos[0]), GS_OK);
    assert_int_equal(gs_compare_algo_parse("alphabeta", 9, &o.algos[1]), GS_OK);
    assert_int_equal(gs_compare_algo_parse("expectimax", 10, &o.algos[2]), GS_OK);
    assert_int_equal(gs_compare_run(&t.game, t.root, &o, NULL, &c, NULL),
                     GS_OK);
    buffer one = {NULL, 0, 0, 0};
    assert_int_equal(gs_compare_svg(c, NULL, to_buffer, &one), GS_OK);
    assert_int_equal(count(one.text, "<rect class=\"bar\""), 3);
    assert_int_equal(count(one.text, "<circle"), 0);
    assert_int_equal(count(one.text, "<polyline points"), 0);
    assert_int_equal(count(one.text, ">18,730</text>"), 2);
    assert_int_equal(count(one.text, ">2,805</text>"), 1);
    assert_int_equal(count(one.text, "text-anchor=\"middle\">5</text>"), 1);
    assert_int_equal(count(one.text, "<g") , count(one.text, "</g>"));
    assert_int_equal(count(one.text, "<text"), count(one.text, "</text>"));
    free(one.text);
    gs_compare_free(c);
    ttt_close(&t);
}

/* The rows as text and the JSON object, of a comparison made by hand (its
 * times fixed): a finished minimax search and a stopped alpha-beta one. */
static void test_text_and_json(void **state)
{
    (void)state;
    gs_compare c = {0};
    gs_compare_options_init(&c.options);
    c.options.num_algos = 2;
    assert_int_equal(gs_compare_algo_parse("minimax", 7, &c.options.algos[0]),
                     GS_OK);
    assert_int_equal(gs_compare_algo_parse("alphabeta+order", 15,
                                           &c.options.algos[1]), GS_OK);
    gs_compare_row rows[2] = {{.algo = 0, .depth = 1, .best = "b2"},
                              {.algo = 1, .depth = 2, .best = ""}};
    rows[0].result.value = 4;
    rows[0].result.nodes = 10;
    rows[0].result.leaves = 9;
    rows[0].result.seconds = 0.25e-3;
    rows[1].result.nodes = 1234567;
    rows[1].result.leaves = 1000;
    rows[1].result.seconds = 1.5;
    rows[1].result.stopped = GS_STOP_NODES;
    c.rows = rows;
    c.num_rows = 2;
    c.root_actions = 9;
    char line[256];
    assert_string_equal(gs_compare_text_header(), "depth  algorithm         "
        "              nodes       leaves         ms     ebf        value  "
        "best\n");
    assert_int_equal(gs_compare_row_text(&c.options, &rows[0], line,
                                         sizeof line), 94);
    assert_string_equal(line, "    1  minimax                            10  "
        "          9      0.250   10.00            4  b2\n");
    gs_compare_row_text(&c.options, &rows[1], line, sizeof line);
    assert_string_equal(line, "    2  alphabeta+order             1,234,567"
        "        1,000   1500.000 1111.11      stopped  -\n");
    buffer b = {NULL, 0, 0, 0};
    assert_int_equal(gs_compare_json_write(&c, "ttt", "X\"", to_buffer, &b),
                     GS_OK);
    assert_string_equal(b.text, "{\"game\":\"ttt\",\"position\":\"X\\\"\","
        "\"branching\":10,\"rows\":[{\"algo\":\"minimax\",\"depth\":1,"
        "\"nodes\":10,\"leaves\":9,\"seconds\":0.00025,\"ebf\":10,"
        "\"value\":4,\"best\":\"b2\"},{\"algo\":\"alphabeta+order\","
        "\"depth\":2,\"nodes\":1234567,\"leaves\":1000,\"seconds\":1.5,"
        "\"ebf\":1111.1107055554814,\"value\":null,\"best\":null,"
        "\"stopped\":true}]}\n");
    free(b.text);
    buffer f = {NULL, 0, 1, 0};
    assert_int_equal(gs_compare_json_write(&c, "ttt", "", to_buffer, &f), 7);
    free(f.text);
    assert_int_equal(gs_compare_json_write(&c, NULL, "", to_buffer, &f),
                     GS_EINVAL);
}

static void test_alloc_failures(void **state)
{
    (void)state;
    ttt t;
    ttt_open(&t);
    gs_compare_options o = all_algos(&t.game, 1, 7);
    o.tt_bytes = 1 << 16;
    long n = 0;
    for (long at = 1;; at++) {
        track tr;
        gs_allocator a = tracker(&tr);
        tr.fail_at = at;
        gs_compare *c;
        int rc = gs_compare_run(&t.game, t.root, &o, &a, &c, NULL);
        if (rc == GS_OK) {
            gs_compare_free(c);
            assert_true(tr.live == 0);
            break;
        }
        assert_int_equal(rc, GS_ENOMEM);
        assert_null(c);
        assert_true(tr.live == 0);
        n++;
    }
    assert_true(n >= 4);
    ttt_close(&t);
}

/* pns and dfpn are searched once each, to the end of the game, after
 * the depths: rows of depth 0 with the outcome proved, node for node as
 * gs_search gives it; and every allocation of such a comparison failed in
 * turn leaves nothing behind. */
static void test_proofs(void **state)
{
    (void)state;
    ttt t;
    ttt_open(&t);
    gs_compare_options o;
    gs_compare_options_init(&o);
    o.num_algos = 3;
    o.algos[0] = (gs_compare_algo){GS_PNS, true, false, false};
    o.algos[1] = (gs_compare_algo){GS_ALPHABETA, false, false, false};
    o.algos[2] = (gs_compare_algo){GS_DFPN, true, false, false};
    o.min_depth = 1;
    o.max_depth = 2;
    gs_compare *c;
    assert_int_equal(gs_compare_run(&t.game, t.root, &o, NULL, &c, NULL),
                     GS_OK);
    assert_int_equal(c->num_rows, 4);
    static const int algo[] = {1, 1, 0, 2}, depth[] = {1, 2, 0, 0};
    static const uint64_t nodes[] = {10, 36, 12081, 11533};
    for (size_t i = 0; i < 4; i++) {
        assert_int_equal(c->rows[i].algo, algo[i]);
        assert_int_equal(c->rows[i].depth, depth[i]);
        assert_int_equal(c->rows[i].result.nodes, nodes[i]);
    }
    assert_true(c->rows[2].result.value == 0.0);   /* a draw */
    assert_string_equal(c->rows[2].best, "b2");
    char line[256];
    gs_compare_row_text(&c->options, &c->rows[3], line, sizeof line);
    assert_memory_equal(line, "  end  dfpn+order ", 18);
    assert_non_null(strstr(line, "       -         draw  c1\n"));
    gs_compare_free(c);

    gs_compare_algo a = {GS_PNS, false, true, false};
    assert_string_equal(gs_compare_algo_unfit(&t.game, &a),
                        "pns and dfpn take +order only (dfpn has a table of "
                        "its own)");
    o.num_algos = 2;
    o.algos[1] = (gs_compare_algo){GS_DFPN, false, false, false};
    long failed = 0;
    for (long at = 1;; at++) {
        track tr;
        gs_allocator al = tracker(&tr);
        tr.fail_at = at;
        int rc = gs_compare_run(&t.game, t.root, &o, &al, &c, NULL);
        if (rc == GS_OK) {
            gs_compare_free(c);
            assert_true(tr.live == 0);
            break;
        }
        assert_int_equal(rc, GS_ENOMEM);
        assert_null(c);
        assert_true(tr.live == 0);
        failed++;
    }
    assert_true(failed >= 4);
    ttt_close(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ttt_grid),
        cmocka_unit_test(test_tree_with_chance),
        cmocka_unit_test(test_connect4_and_limit),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_unfit),
        cmocka_unit_test(test_svg),
        cmocka_unit_test(test_text_and_json),
        cmocka_unit_test(test_alloc_failures),
        cmocka_unit_test(test_proofs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
