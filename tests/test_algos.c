/*
 * tests/test_algos.c: the refinements of alpha-beta (GS_PVS, GS_MTDF,
 * GS_SSS) against alpha-beta itself: the same value (and, where the order
 * is the same, the same best action) on thousands of random trees with
 * ties, under both pruning rules; SSS* evaluating only leaves that
 * alpha-beta in the same order evaluates, and fewer of them; the passes
 * on the seed tree step by step; a chance node refused; limits, the
 * table's iterative deepening on tic-tac-toe, and determinism.
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

#include "sink.h"

static const char seed_tree[] =
    "['A', ['B', ('E', 3), ('F', 12), ('G', 8)],\n"
    "      ['C', ('H', 2), ('I', 4), ('J', 6)],\n"
    "      ['D', ('K', 14), ('L', 5), ['M', ('N', 7), ('O', 2)]]]\n";

static const gs_algo refined[] = {GS_PVS, GS_MTDF, GS_SSS};

static gs_tree *parse(const char *text)
{
    gs_tree *t = NULL;
    gs_error err;
    if (gs_tree_parse(text, strlen(text), NULL, &t, &err) != GS_OK)
        fail_msg("%d:%d: %s", err.line, err.column, err.message);
    return t;
}

/* The random tree of `spec` (games/tree's generator). */
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

static int search(const gs_tree *t, gs_algo algo, bool prune_equal,
                  gs_tree_trace *tr, gs_result *r)
{
    gs_search_options o;
    gs_search_options_init(&o);
    o.algo = algo;
    o.prune_equal = prune_equal;
    gs_error err;
    int rc = gs_tree_trace_search(t, &o, tr, r, &err);
    if (rc != GS_OK)
        fail_msg("%s: %s", gs_algo_name(algo), err.message);
    return rc;
}

/* The spec of random tree number k: depths 1 to 5, 1 to 4 children, few
 * values (so, many ties), now and then a second MIN agent. */
static void spec_of(int k, char *spec, size_t size)
{
    static const char *const branching[] = {"2", "1-3", "2-4", "3"};
    int depth = 1 + k % 5;
    snprintf(spec, size, "depth=%d,branching=%s,values=0..%d,seed=%d%s",
             depth, branching[(k / 5) % 4], 3 + (k / 20) % 8, k,
             k % 7 == 3 ? ",agents=max+min+min" : "");
}

/* The minimax value of `node` at `ply` (the agent to move: ply modulo
 * the agents). */
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

/* Every refinement gives alpha-beta's value on every tree, and PVS and
 * SSS* (which keep alpha-beta's order) its best action; MTD(f), which
 * tries the table's best action first, a best action worth the value. */
static void agree_on_random_trees(bool prune_equal)
{
    char spec[128];
    for (int k = 1; k <= 3000; k++) {
        spec_of(k, spec, sizeof spec);
        gs_tree *t = random_tree(spec);
        gs_tree_trace tr;
        gs_result ab, r;
        search(t, GS_ALPHABETA, prune_equal, &tr, &ab);
        gs_tree_trace_free(t, &tr);
        for (size_t i = 0; i < sizeof refined / sizeof refined[0]; i++) {
            search(t, refined[i], prune_equal, &tr, &r);
            gs_tree_trace_free(t, &tr);
            if (r.value != ab.value)
                fail_msg("%s (%s rule): %s gives %g, alphabeta %g", spec,
                         prune_equal ? "textbook" : "strict",
                         gs_algo_name(refined[i]), r.value, ab.value);
            assert_int_equal(r.bound, GS_BOUND_EXACT);
            assert_int_equal(r.stopped, GS_STOP_NONE);
            if (refined[i] != GS_MTDF && r.best != ab.best)
                fail_msg("%s: %s chooses %d, alphabeta %d", spec,
                         gs_algo_name(refined[i]), (int)r.best,
                         (int)ab.best);
            if (refined[i] == GS_MTDF && r.best != GS_NO_ACTION) {
                int32_t child = gs_tree_child(t, gs_tree_root_node(t),
                                              (int)r.best);
                double v = minimax(t, child, 1);
                if (v != r.value)
                    fail_msg("%s: mtdf chooses %s, worth %g, not %g", spec,
                             gs_tree_node_name(t, child), v, r.value);
            }
        }
        gs_tree_free(t);
    }
}

static void test_agree_textbook(void **state)
{
    (void)state;
    agree_on_random_trees(true);
}

static void test_agree_strict(void **state)
{
    (void)state;
    agree_on_random_trees(false);
}

/* The leaves a search read (marks in `seen`, one a node), how many. */
static int leaves_read(const gs_tree_trace *tr, unsigned char *seen)
{
    int n = 0;
    for (size_t i = 0; i < tr->count; i++) {
        const gs_tree_step *s = &tr->steps[i];
        if (s->kind == GS_EVENT_LEAVE && s->leaf && !seen[s->node]) {
            seen[s->node] = 1;
            n++;
        }
    }
    return n;
}

/* SSS* evaluates no leaf that alpha-beta (the game's order, no table)
 * leaves out, and over 2,000 random trees evaluates fewer leaves. */
static void sss_leaves(bool prune_equal)
{
    char spec[128];
    long ab_total = 0, sss_total = 0;
    int fewer = 0;
    for (int k = 1; k <= 2000; k++) {
        snprintf(spec, sizeof spec, "depth=%d,branching=2-4,values=0..%d,"
                 "seed=%d", 2 + k % 4, 5 + k % 30, k);
        gs_tree *t = random_tree(spec);
        size_t n = (size_t)gs_tree_node_count(t);
        unsigned char *ab_seen = calloc(n, 1), *sss_seen = calloc(n, 1);
        assert_non_null(ab_seen);
        assert_non_null(sss_seen);
        gs_tree_trace tr;
        gs_result ab, sss;
        search(t, GS_ALPHABETA, prune_equal, &tr, &ab);
        int a = leaves_read(&tr, ab_seen);
        gs_tree_trace_free(t, &tr);
        search(t, GS_SSS, prune_equal, &tr, &sss);
        int s = leaves_read(&tr, sss_seen);
        gs_tree_trace_free(t, &tr);
        for (size_t i = 0; i < n; i++)
            if (sss_seen[i] && !ab_seen[i])
                fail_msg("%s: SSS* evaluates %s, which alpha-beta leaves "
                         "out", spec, gs_tree_node_name(t, (int32_t)i));
        ab_total += a;
        sss_total += s;
        fewer += s < a;
        free(ab_seen);
        free(sss_seen);
        gs_tree_free(t);
    }
    print_message("leaves evaluated (%s rule): alpha-beta %ld, SSS* %ld "
                  "(fewer on %d trees of 2000)\n",
                  prune_equal ? "textbook" : "strict", ab_total, sss_total,
                  fewer);
    assert_true(sss_total < ab_total);
    assert_true(fewer > 0);
}

static void test_sss_leaves_textbook(void **state)
{
    (void)state;
    sss_leaves(true);
}

static void test_sss_leaves_strict(void **state)
{
    (void)state;
    sss_leaves(false);
}

/* The names of the nodes of the steps of one kind, space separated. */
static void names(const gs_tree *t, const gs_tree_trace *tr,
                  gs_event_kind kind, char *out, size_t size)
{
    size_t o = 0;
    out[0] = '\0';
    for (size_t i = 0; i < tr->count; i++)
        if (tr->steps[i].kind == kind)
            o += (size_t)snprintf(out + o, o < size ? size - o : 0, "%s%s",
                                  o ? " " : "",
                                  gs_tree_node_name(t, tr->steps[i].node));
}

/* The searches of the seed tree, node by node: each pass starts at the
 * root. */
static void test_seed_tree(void **state)
{
    (void)state;
    static const struct {
        gs_algo algo;
        const char *visited;
        unsigned long nodes, leaves;
    } want[] = {
        /* D's scout fails high at 5 (> 3): searched again, L with it */
        {GS_PVS, "A B E F G C H D K L M N D K L M N", 17, 10},
        /* passes at 0 (>= 3), just above 3 (>= 5), just above 5 (<= 5) */
        {GS_MTDF, "A B E F G A B E C H D K L M N A D L B C", 20, 9},
        /* passes at +inf (<= 14), at 14 (<= 5), at 5 (>= 5) */
        {GS_SSS, "A B E C H D K A B C D K L A B C D K L M N", 21, 8},
    };
    gs_tree *t = parse(seed_tree);
    char buf[512];
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        gs_tree_trace tr;
        gs_result r;
        search(t, want[i].algo, true, &tr, &r);
        assert_true(r.value == 5.0);
        assert_string_equal(gs_tree_node_name(
                                t, gs_tree_child(t, gs_tree_root_node(t),
                                                 (int)r.best)), "D");
        names(t, &tr, GS_EVENT_ENTER, buf, sizeof buf);
        assert_string_equal(buf, want[i].visited);
        assert_int_equal(r.nodes, want[i].nodes);
        assert_int_equal(r.leaves, want[i].leaves);
        gs_tree_trace_free(t, &tr);
    }
    /* The JSON says how many passes, and lists as pruned only the
     * children no pass reached. */
    gs_tree_trace tr;
    gs_result r;
    search(t, GS_SSS, true, &tr, &r);
    buffer json = {0};
    assert_int_equal(gs_tree_json_write(t, &tr, &r, false, to_buffer, &json),
                     GS_OK);
    assert_string_equal(json.text,
        "{\"value\":5,\"best\":\"D\",\"action\":\"D\",\"pv\":[\"A\",\"D\","
        "\"L\"],\"visited\":[\"A\",\"B\",\"E\",\"C\",\"H\",\"D\",\"K\",\"A\","
        "\"B\",\"C\",\"D\",\"K\",\"L\",\"A\",\"B\",\"C\",\"D\",\"K\",\"L\","
        "\"M\",\"N\"],\"pruned\":[\"F\",\"G\",\"I\",\"J\",\"O\"],\"nodes\":21,"
        "\"leaves\":8,\"passes\":3}\n");
    free(json.text);
    /* The drawing crosses out the edges to the five children no pass
     * reached, not D's to L and M, pruned in the first pass only. */
    buffer dot = {0};
    assert_int_equal(gs_tree_dot_write(t, &tr, &r, GS_SSS, 0, to_buffer,
                                       &dot), GS_OK);
    int crossed = 0;
    for (const char *p = dot.text; (p = strstr(p, "color=orange, style=dashed"));
         p++)
        crossed++;
    assert_int_equal(crossed, 5);
    assert_non_null(strstr(dot.text, "n9 -> n11 [penwidth=3];"));
    assert_non_null(strstr(dot.text, "n9 -> n12 [color=black];"));
    free(dot.text);
    gs_tree_trace_free(t, &tr);
    gs_tree_free(t);
}

/* A tree with a chance node is refused, with a sentence that says why. */
static void test_chance_refused(void **state)
{
    (void)state;
    gs_tree *t = random_tree("depth=2,agents=max+chance,seed=4");
    for (size_t i = 0; i < sizeof refined / sizeof refined[0]; i++) {
        gs_search_options o;
        gs_search_options_init(&o);
        o.algo = refined[i];
        gs_tree_trace tr;
        gs_result r;
        gs_error err;
        assert_int_equal(gs_tree_trace_search(t, &o, &tr, &r, &err),
                         GS_EINVAL);
        char want[256];
        snprintf(want, sizeof want, "options.algo is %s, which searches "
                 "games of MAX and MIN agents only, but agent 1 is a chance "
                 "agent (use alphabeta or expectiminimax)",
                 gs_algo_name(refined[i]));
        assert_string_equal(err.message, want);
        assert_int_equal(tr.count, 0);
    }
    gs_tree_free(t);
}

static void test_names(void **state)
{
    (void)state;
    assert_int_equal(GS_PVS, 5);
    assert_int_equal(GS_MTDF, 6);
    assert_int_equal(GS_SSS, 7);
    assert_string_equal(gs_algo_name(GS_PVS), "pvs");
    assert_string_equal(gs_algo_name(GS_MTDF), "mtdf");
    assert_string_equal(gs_algo_name(GS_SSS), "sss");
    assert_int_equal(gs_algo_parse("pvs"), GS_PVS);
    assert_int_equal(gs_algo_parse("mtdf"), GS_MTDF);
    assert_int_equal(gs_algo_parse("sss"), GS_SSS);
    assert_string_equal(gs_algo_name((gs_algo)10), "unknown");
}

/* A tic-tac-toe game and its engine. */
typedef struct ttt {
    gs_mnk *game;
    gs_game g;
    gs_engine *e;
    unsigned char root[256];
} ttt;

static void ttt_open(ttt *t, const char *position)
{
    gs_mnk_params mp;
    gs_mnk_params_init(&mp);
    assert_int_equal(gs_mnk_new(&mp, NULL, &t->game), GS_OK);
    gs_mnk_game(t->game, &t->g);
    assert_true(t->g.state_size <= sizeof t->root);
    gs_error err;
    assert_int_equal(gs_mnk_parse(t->game, position, t->root, &err), GS_OK);
    assert_int_equal(gs_engine_new(&t->g, NULL, &t->e), GS_OK);
}

static void ttt_close(ttt *t)
{
    gs_engine_free(t->e);
    gs_mnk_free(t->game);
}

/* On tic-tac-toe positions, with and without iterative deepening and
 * depth limits, every refinement gives alpha-beta's value; the same search
 * twice gives the same counts. */
static void test_tic_tac_toe(void **state)
{
    (void)state;
    static const char *const positions[] = {".........", "X...O....",
                                            "XX.OO....", "X.O.X.O..",
                                            "XO.......", "O.X.X...."};
    for (size_t p = 0; p < sizeof positions / sizeof positions[0]; p++) {
        for (int depth = 0; depth <= 4; depth += 2) {
            for (int iterative = 0; iterative < 2; iterative++) {
                ttt t;
                ttt_open(&t, positions[p]);
                gs_search_options o;
                gs_search_options_init(&o);
                o.depth = depth;
                o.iterative = iterative;
                gs_result ab, r, again;
                assert_int_equal(gs_search(t.e, t.root, &o, &ab), GS_OK);
                for (size_t i = 0; i < 3; i++) {
                    o.algo = refined[i];
                    gs_engine_tt_clear(t.e);
                    assert_int_equal(gs_search(t.e, t.root, &o, &r), GS_OK);
                    if (r.value != ab.value)
                        fail_msg("%s depth %d%s: %s %g, alphabeta %g",
                                 positions[p], depth,
                                 iterative ? " iterative" : "",
                                 gs_algo_name(refined[i]), r.value, ab.value);
                    gs_engine_tt_clear(t.e);
                    assert_int_equal(gs_search(t.e, t.root, &o, &again),
                                     GS_OK);
                    assert_int_equal(again.nodes, r.nodes);
                    assert_int_equal(again.leaves, r.leaves);
                    assert_true(again.value == r.value);
                    assert_int_equal(again.best, r.best);
                }
                ttt_close(&t);
            }
        }
    }
}

/* A node budget stops every refinement at exactly that many nodes, and
 * a time limit stops it too; the engine searches again afterwards. */
static void test_limits(void **state)
{
    (void)state;
    for (size_t i = 0; i < 3; i++) {
        ttt t;
        ttt_open(&t, ".........");
        gs_search_options o;
        gs_search_options_init(&o);
        o.algo = refined[i];
        gs_result r;
        for (uint64_t budget = 1; budget < 3000; budget = budget * 3 + 1) {
            o.max_nodes = budget;
            gs_engine_tt_clear(t.e);
            assert_int_equal(gs_search(t.e, t.root, &o, &r), GS_OK);
            assert_int_equal(r.nodes, budget);
            assert_int_equal(r.stopped, GS_STOP_NODES);
        }
        o.max_nodes = 0;
        o.max_seconds = 1e-6;
        gs_engine_tt_clear(t.e);
        assert_int_equal(gs_search(t.e, t.root, &o, &r), GS_OK);
        assert_int_equal(r.stopped, GS_STOP_TIME);
        o.max_seconds = 0;
        assert_int_equal(gs_search(t.e, t.root, &o, &r), GS_OK);
        assert_int_equal(r.stopped, GS_STOP_NONE);
        assert_true(r.value == 0.0);
        ttt_close(&t);
    }
}

/* Options the refinements refuse: several threads, killer moves. */
static void test_refused_options(void **state)
{
    (void)state;
    ttt t;
    ttt_open(&t, ".........");
    for (size_t i = 0; i < 3; i++) {
        gs_search_options o;
        gs_search_options_init(&o);
        o.algo = refined[i];
        o.history = true;
        gs_result r;
        assert_int_equal(gs_search(t.e, t.root, &o, &r), GS_EINVAL);
        assert_string_equal(gs_engine_error(t.e),
                            "options.history is set, but killer moves and "
                            "history need alpha-beta");
    }
    ttt_close(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_seed_tree),
        cmocka_unit_test(test_chance_refused),
        cmocka_unit_test(test_agree_textbook),
        cmocka_unit_test(test_agree_strict),
        cmocka_unit_test(test_sss_leaves_textbook),
        cmocka_unit_test(test_sss_leaves_strict),
        cmocka_unit_test(test_tic_tac_toe),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_refused_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
