/*
 * tests/test_tree_trace.c: the window the engine reports with every event
 * (search.h), a tree search step by step (gs_tree_trace_search) and its
 * table for people (gs_tree_trace_line).
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

static const char seed_tree[] =
    "['A', ['B', ('E', 3), ('F', 12), ('G', 8)],\n"
    "      ['C', ('H', 2), ('I', 4), ('J', 6)],\n"
    "      ['D', ('K', 14), ('L', 5), ['M', ('N', 7), ('O', 2)]]]\n";

/* examples/dice.tree: MAX, MIN, a loaded die, with bounds (Star1). */
static const char dice_tree[] =
    "agents: max min chance\n"
    "bounds: 0 10\n"
    "root: S\n"
    "S: safe=M1 bold=M2\n"
    "M1: x=C1 y=C2\n"
    "M2: x=C3 y=C4\n"
    "C1: low=L1@0.5 high=H1@0.5\n"
    "C2: low=L2@0.25 high=H2@0.75\n"
    "C3: low=L3@0.9 high=H3@0.1\n"
    "C4: low=L4@0.5 high=H4@0.5\n"
    "L1 = 4\nH1 = 6\nL2 = 6\nH2 = 6\nL3 = 0\nH3 = 10\nL4 = 8\nH4 = 2\n";

static gs_tree *parse(const char *text, const gs_allocator *a)
{
    gs_tree *t = NULL;
    gs_error err;
    if (gs_tree_parse(text, strlen(text), a, &t, &err) != GS_OK)
        fail_msg("%d:%d: %s", err.line, err.column, err.message);
    return t;
}

static void num(char *buf, size_t size, double v)
{
    if (isinf(v))
        snprintf(buf, size, "%s", v < 0 ? "-inf" : "inf");
    else
        snprintf(buf, size, "%.6g", v);
}

/* The steps as "enter A -inf inf, leave E -inf inf 3, prune I 3 inf (C),
 * ...": kind, node, alpha, beta, then the value and bound (l, u) on leave
 * and the parent on prune. */
static void render(const gs_tree *t, const gs_tree_trace *tr, char *out,
                   size_t size)
{
    static const char *const kinds[] = {"enter", "leave", "prune"};
    static const char *const bounds[] = {"", "l", "u"};
    size_t o = 0;
    out[0] = '\0';
    for (size_t i = 0; i < tr->count; i++) {
        const gs_tree_step *s = &tr->steps[i];
        char a[32], b[32], v[32];
        num(a, sizeof a, s->alpha);
        num(b, sizeof b, s->beta);
        num(v, sizeof v, s->value);
        o += (size_t)snprintf(out + o, size - o, "%s%s %s %s %s", i ? ", " : "",
                              kinds[s->kind], gs_tree_node_name(t, s->node), a, b);
        if (s->kind == GS_EVENT_LEAVE)
            o += (size_t)snprintf(out + o, size - o, " %s%s", v, bounds[s->bound]);
        if (s->kind == GS_EVENT_PRUNE)
            o += (size_t)snprintf(out + o, size - o, " (%s)",
                                  gs_tree_node_name(t, s->parent));
        assert_true(o < size);
    }
}

static void run(const gs_tree *t, gs_algo algo, bool prune_equal,
                gs_tree_trace *tr, gs_result *res)
{
    gs_search_options o;
    gs_search_options_init(&o);
    o.algo = algo;
    o.prune_equal = prune_equal;
    gs_error err;
    int rc = gs_tree_trace_search(t, &o, tr, res, &err);
    if (rc != GS_OK)
        fail_msg("search: %d %s", rc, err.message);
}

static void test_seed_windows(void **state)
{
    (void)state;
    gs_tree *t = parse(seed_tree, NULL);
    gs_tree_trace tr;
    gs_result res;
    char got[4096];
    const char *expected =
        "enter A -inf inf, enter B -inf inf, enter E -inf inf, "
        "leave E -inf inf 3, enter F -inf 3, leave F -inf 3 12, "
        "enter G -inf 3, leave G -inf 3 8, leave B -inf 3 3, "
        "enter C 3 inf, enter H 3 inf, leave H 3 inf 2, "
        "prune I 3 inf (C), prune J 3 inf (C), leave C 3 inf 2u, "
        "enter D 3 inf, enter K 3 inf, leave K 3 inf 14, "
        "enter L 3 14, leave L 3 14 5, enter M 3 5, enter N 3 5, "
        "leave N 3 5 7, prune O 3 5 (M), leave M 3 5 7l, leave D 3 5 5, "
        "leave A 5 inf 5";
    for (int rule = 0; rule < 2; rule++) {
        /* the strict rule cuts at the same places here: 2 < 3, 7 > 5 */
        run(t, GS_ALPHABETA, rule == 0, &tr, &res);
        render(t, &tr, got, sizeof got);
        assert_string_equal(got, expected);
        assert_int_equal(tr.count, 27);
        assert_int_equal(res.nodes, 12);
        /* parents, positions and plies */
        assert_int_equal(tr.steps[0].parent, -1);
        assert_int_equal(tr.steps[0].index, -1);
        assert_string_equal(gs_tree_node_name(t, tr.steps[23].parent), "M");
        assert_int_equal(tr.steps[23].index, 1);
        assert_int_equal(tr.steps[23].ply, 2);
        assert_int_equal(tr.steps[21].ply, 3);
        assert_string_equal(gs_tree_node_name(t, tr.steps[21].parent), "M");
        assert_true(tr.steps[3].leaf);
        assert_false(tr.steps[8].leaf);
        assert_int_equal(tr.name_width, 1);
        gs_tree_trace_free(t, &tr);
        assert_null(tr.steps);
    }
    /* minimax: every window open */
    run(t, GS_MINIMAX, true, &tr, &res);
    assert_int_equal(tr.count, 2 * 15);
    for (size_t i = 0; i < tr.count; i++) {
        assert_true(isinf(tr.steps[i].alpha) && tr.steps[i].alpha < 0);
        assert_true(isinf(tr.steps[i].beta) && tr.steps[i].beta > 0);
    }
    gs_tree_trace_free(t, &tr);
    gs_tree_free(t);
}

static void test_star1_windows(void **state)
{
    (void)state;
    gs_tree *t = parse(dice_tree, NULL);
    gs_tree_trace tr;
    gs_result res;
    char got[4096];
    run(t, GS_ALPHABETA, true, &tr, &res);
    render(t, &tr, got, sizeof got);
    /* The chance nodes' children get Star1's windows inside the bounds
     * [0, 10]; a Star1 cut reports the chance node's own window. */
    assert_string_equal(got,
        "enter S -inf inf, enter M1 -inf inf, enter C1 -inf inf, "
        "enter L1 0 10, leave L1 0 10 4, enter H1 0 10, leave H1 0 10 6, "
        "leave C1 -inf inf 5, enter C2 -inf 5, enter L2 0 10, "
        "leave L2 0 10 6, enter H2 0 4.66667, leave H2 0 4.66667 6, "
        "leave C2 -inf 5 6l, leave M1 -inf 5 5, enter M2 5 inf, "
        "enter C3 5 inf, enter L3 4.44444 10, leave L3 4.44444 10 0, "
        "prune H3 5 inf (C3), leave C3 5 inf 1u, prune C4 5 inf (M2), "
        "leave M2 5 inf 1u, leave S 5 inf 5");
    assert_true(res.value == 5.0);
    /* Star1's edges exactly: (beta - 0.25 * 6) / 0.75 widened by 1e-9 of
     * the bounds' size, and (alpha - 0.1 * 10) / 0.9 narrowed by it */
    assert_true(fabs(tr.steps[11].beta - (5.0 - 1.5) / 0.75) < 2e-8);
    assert_true(tr.steps[11].beta > (5.0 - 1.5) / 0.75);
    assert_true(fabs(tr.steps[17].alpha - (5.0 - 1.0) / 0.9) < 2e-8);
    assert_true(tr.steps[17].alpha < (5.0 - 1.0) / 0.9);
    assert_int_equal(tr.steps[2].role, GS_ROLE_CHANCE);
    assert_int_equal(tr.name_width, 2);
    gs_tree_trace_free(t, &tr);

    /* Without bounds the chance node's children get a full window. */
    gs_tree_free(t);
    char *open = strdup(dice_tree);
    assert_non_null(open);
    memcpy(strstr(open, "bounds:"), "#ounds", 6);
    t = parse(open, NULL);
    free(open);
    run(t, GS_ALPHABETA, true, &tr, &res);
    render(t, &tr, got, sizeof got);
    assert_non_null(strstr(got, "enter C3 5 inf, enter L3 -inf inf, "
                                "leave L3 -inf inf 0, enter H3 -inf inf"));
    gs_tree_trace_free(t, &tr);

    /* expectimax: MIN agents become chance; no window ever closes */
    run(t, GS_EXPECTIMAX, true, &tr, &res);
    assert_int_equal(tr.steps[1].role, GS_ROLE_CHANCE);
    for (size_t i = 0; i < tr.count; i++) {
        assert_true(tr.steps[i].kind != GS_EVENT_PRUNE);
        assert_true(isinf(tr.steps[i].alpha) && isinf(tr.steps[i].beta));
    }
    gs_tree_trace_free(t, &tr);
    gs_tree_free(t);
}

static void test_trace_lines(void **state)
{
    (void)state;
    gs_tree *t = parse(seed_tree, NULL);
    gs_tree_trace tr;
    gs_result res;
    char line[256];
    run(t, GS_ALPHABETA, true, &tr, &res);
    int n = gs_tree_trace_line(t, &tr, 0, line, sizeof line);
    assert_int_equal(n, (int)strlen(line));
    assert_string_equal(line, "step  event  node  ply  role       alpha      "
                              "beta  value");
    gs_tree_trace_line(t, &tr, 1, line, sizeof line);
    assert_string_equal(line, "   1  enter  A       0  max         -inf      +inf");
    gs_tree_trace_line(t, &tr, 4, line, sizeof line);
    assert_string_equal(line, "   4  leave  E       2  max         -inf      "
                              "+inf  3 leaf");
    gs_tree_trace_line(t, &tr, 13, line, sizeof line);
    assert_string_equal(line, "  13  prune  I       1  min            3      "
                              "+inf  cut at C: v = 2 < alpha = 3");
    gs_tree_trace_line(t, &tr, 15, line, sizeof line);
    assert_string_equal(line, "  15  leave  C       1  min            3      "
                              "+inf  <= 2");
    gs_tree_trace_line(t, &tr, 24, line, sizeof line);
    assert_string_equal(line, "  24  prune  O       2  max            3         "
                              "5  cut at M: v = 7 > beta = 5");
    /* snprintf's contract: cut, NUL-terminated, the whole length returned */
    char small[8];
    assert_int_equal(gs_tree_trace_line(t, &tr, 24, small, sizeof small), 78);
    assert_string_equal(small, "  24  p");
    assert_int_equal(gs_tree_trace_line(t, &tr, 24, NULL, 0), 78);
    assert_int_equal(gs_tree_trace_line(t, &tr, 28, line, sizeof line), -1);
    gs_tree_trace_free(t, &tr);
    gs_tree_free(t);

    /* a cut on equality says so: v = 3 <= alpha = 3 */
    t = parse("['A', ['B', ('D', 3)], ['C', ('E', 3), ('F', 1)]]", NULL);
    run(t, GS_ALPHABETA, true, &tr, &res);
    gs_tree_trace_line(t, &tr, 9, line, sizeof line);
    assert_string_equal(line, "   9  prune  F       1  min            3      "
                              "+inf  cut at C: v = 3 <= alpha = 3");
    gs_tree_trace_free(t, &tr);
    gs_tree_free(t);
}

/* Every allocation the trace makes can fail: GS_ENOMEM, nothing leaked,
 * the trace empty. */
static void test_trace_out_of_memory(void **state)
{
    (void)state;
    track tk;
    gs_allocator a = tracker(&tk);
    gs_tree *t = parse(seed_tree, &a);
    long before = tk.count;
    size_t live = tk.live;
    gs_tree_trace tr;
    gs_result res;
    gs_error err;
    assert_int_equal(gs_tree_trace_search(t, NULL, &tr, &res, &err), GS_OK);
    long needed = tk.count - before;
    gs_tree_trace_free(t, &tr);
    assert_int_equal(tk.live, live);
    assert_true(needed >= 3);
    for (long n = 1; n <= needed; n++) {
        tk.count = 0;
        tk.fail_at = n;
        assert_int_equal(gs_tree_trace_search(t, NULL, &tr, &res, &err),
                         GS_ENOMEM);
        assert_string_equal(err.message, "out of memory");
        assert_null(tr.steps);
        assert_int_equal(tr.count, 0);
        assert_int_equal(tk.live, live);
    }
    tk.fail_at = 0;
    gs_tree_free(t);
    assert_int_equal(tk.live, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seed_windows),
        cmocka_unit_test(test_star1_windows),
        cmocka_unit_test(test_trace_lines),
        cmocka_unit_test(test_trace_out_of_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
