/*
 * tests/test_tree_trace.c: the window the engine reports with every event
 * (search.h), a tree search step by step (gs_tree_trace_search), its
 * table for people (gs_tree_trace_line), and the search written as JSON,
 * for Graphviz and as the page's data (gs_tree_json_write,
 * gs_tree_dot_write, gs_tree_page_data_write).
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

#include "dice_tree.h"
#include "sink.h"
#include "track_alloc.h"

static const char seed_tree[] =
    "['A', ['B', ('E', 3), ('F', 12), ('G', 8)],\n"
    "      ['C', ('H', 2), ('I', 4), ('J', 6)],\n"
    "      ['D', ('K', 14), ('L', 5), ['M', ('N', 7), ('O', 2)]]]\n";

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

/* ---- Writing a search: JSON, Graphviz, the page's data ---------------- */

/* A gs_write_fn that gathers the text, and returns `code` at call number
 * `stop_at` (0: never), after which it must not be called again. */
typedef struct gather {
    char *text;
    size_t len, cap;
    int calls, stop_at, code;
} gather;

static int gather_write(void *user, const char *text, size_t len)
{
    gather *g = user;
    assert_true(g->stop_at == 0 || g->calls < g->stop_at);
    if (++g->calls == g->stop_at)
        return g->code;
    if (g->len + len + 1 > g->cap) {
        g->cap = (g->len + len + 1) * 2;
        g->text = realloc(g->text, g->cap);
        assert_non_null(g->text);
    }
    memcpy(g->text + g->len, text, len);
    g->len += len;
    g->text[g->len] = '\0';
    return 0;
}

static void search_traced(const gs_tree *t, gs_algo algo, int depth,
                          gs_tree_trace *tr, gs_result *res)
{
    gs_search_options so;
    gs_search_options_init(&so);
    so.algo = algo;
    so.depth = depth;
    so.depth_unit = GS_DEPTH_ROUNDS;
    assert_int_equal(gs_tree_trace_search(t, &so, tr, res, NULL), GS_OK);
}

/* A MAX root over a chance node with a child below the cutoff of one
 * round. */
static const char cut_tree[] =
    "agents: max chance\nR: l=A B\nA: x=C@0.25 y=D@0.75\nC: E\n"
    "A = 4\nB = 1\nC = 0\nD = 9\nE = 5\n";

static void test_json_write(void **state)
{
    (void)state;
    gs_tree *t = parse(seed_tree, NULL);
    gs_tree_trace tr;
    gs_result res;
    search_traced(t, GS_ALPHABETA, 0, &tr, &res);
    gather g = {0};
    assert_int_equal(gs_tree_json_write(t, &tr, &res, false, gather_write, &g),
                     GS_OK);
    assert_string_equal(g.text,
        "{\"value\":5,\"best\":\"D\",\"action\":\"D\",\"pv\":[\"A\",\"D\",\"L\"],"
        "\"visited\":[\"A\",\"B\",\"E\",\"F\",\"G\",\"C\",\"H\",\"D\",\"K\","
        "\"L\",\"M\",\"N\"],\"pruned\":[\"I\",\"J\",\"O\"],\"nodes\":12,"
        "\"leaves\":7}\n");
    g.len = 0;
    assert_int_equal(gs_tree_json_write(t, &tr, &res, true, gather_write, &g),
                     GS_OK);
    /* the trace, from its last step before C's prune */
    const char *trace = strstr(g.text, ",\"trace\":[{\"event\":\"enter\","
                               "\"node\":\"A\",\"parent\":null,\"alpha\":null,"
                               "\"beta\":null},{\"event\":\"enter\"");
    assert_non_null(trace);
    assert_non_null(strstr(trace,
        "{\"event\":\"leave\",\"node\":\"H\",\"parent\":\"C\",\"alpha\":3,"
        "\"beta\":null,\"value\":2,\"bound\":\"exact\"},"
        "{\"event\":\"prune\",\"node\":\"I\",\"parent\":\"C\",\"alpha\":3,"
        "\"beta\":null},{\"event\":\"prune\",\"node\":\"J\",\"parent\":\"C\","
        "\"alpha\":3,\"beta\":null},{\"event\":\"leave\",\"node\":\"C\","
        "\"parent\":\"A\",\"alpha\":3,\"beta\":null,\"value\":2,"
        "\"bound\":\"upper\"},"));
    assert_non_null(strstr(trace,
        "{\"event\":\"leave\",\"node\":\"M\",\"parent\":\"D\",\"alpha\":3,"
        "\"beta\":5,\"value\":7,\"bound\":\"lower\"},"));
    const char *end = "{\"event\":\"leave\",\"node\":\"A\",\"parent\":null,"
                      "\"alpha\":5,\"beta\":null,\"value\":5,"
                      "\"bound\":\"exact\"}]}\n";
    assert_string_equal(g.text + g.len - strlen(end), end);
    /* one object a step */
    size_t steps = 0;
    for (const char *p = trace; (p = strstr(p, "{\"event\":")) != NULL; p++)
        steps++;
    assert_int_equal(steps, tr.count);
    assert_int_equal(tr.count, 27);

    /* the same search as text for people, its trace table at the end */
    g.len = 0;
    gs_tree_text_options to = {GS_ALPHABETA, true, 0, true, NULL};
    assert_int_equal(gs_tree_text_write(t, &tr, &res, &to, gather_write, &g),
                     GS_OK);
    char line[256];
    gs_tree_trace_line(t, &tr, 0, line, sizeof line);
    const char *table = strstr(g.text, line);
    assert_non_null(table);
    assert_memory_equal(g.text,
        "algorithm: alphabeta, textbook pruning (cut on v >= beta, v <= "
        "alpha)\nagents: max min\nvalue: 5\nbest: D\nprincipal variation: "
        "A -> D -> L\nnodes visited: 12 (7 leaves evaluated, 2 cutoffs)\n"
        "visited: A B E F G C H D K L M N\npruned: I J O\n\n",
        (size_t)(table - g.text));
    gs_tree_trace_free(t, &tr);
    gs_tree_free(t);

    /* no best action: a root that is a leaf */
    t = parse("agents: max\nroot: R\nR = 2\n", NULL);
    search_traced(t, GS_MINIMAX, 0, &tr, &res);
    g.len = 0;
    assert_int_equal(gs_tree_json_write(t, &tr, &res, true, gather_write, &g),
                     GS_OK);
    assert_string_equal(g.text,
        "{\"value\":2,\"best\":null,\"action\":null,\"pv\":[\"R\"],"
        "\"visited\":[\"R\"],\"pruned\":[],\"nodes\":1,\"leaves\":1,"
        "\"trace\":[{\"event\":\"enter\",\"node\":\"R\",\"parent\":null,"
        "\"alpha\":null,\"beta\":null},{\"event\":\"leave\",\"node\":\"R\","
        "\"parent\":null,\"alpha\":null,\"beta\":null,\"value\":2,"
        "\"bound\":\"exact\"}]}\n");
    assert_int_equal(gs_tree_json_write(t, &tr, NULL, true, gather_write, &g),
                     GS_EINVAL);
    assert_int_equal(gs_tree_json_write(t, &tr, &res, true, NULL, &g),
                     GS_EINVAL);
    gs_tree_trace_free(t, &tr);
    gs_tree_free(t);
    free(g.text);
}

/* The drawing with GS_TREE_DOT_CUTS and GS_TREE_DOT_LEGEND: 0 draws what
 * gs_tree_dot_write draws; each cut says why on its first pruned edge, as
 * the page does; the legend names the roles searched. */
static void test_dot_legend_and_cuts(void **state)
{
    (void)state;
    static const char cross[] = "color=orange, style=dashed, label=<<font "
        "point-size=\"20\" color=\"orange\">\xe2\x9c\x95</font>";
    char want[512];
    gs_tree *t = parse(seed_tree, NULL);
    gs_tree_trace tr;
    gs_result res;
    search_traced(t, GS_ALPHABETA, 0, &tr, &res);
    gather plain = {0}, g = {0};
    assert_int_equal(gs_tree_dot_write(t, &tr, &res, GS_ALPHABETA, 0,
                                       gather_write, &plain), GS_OK);
    assert_int_equal(gs_tree_dot_write_with(t, &tr, &res, GS_ALPHABETA, 0, 0,
                                            gather_write, &g), GS_OK);
    assert_string_equal(g.text, plain.text);
    assert_int_equal(gs_tree_dot_write_with(t, &tr, &res, GS_ALPHABETA, 0, 4,
                                            gather_write, &g), GS_EINVAL);
    g.len = 0;
    assert_int_equal(gs_tree_dot_write_with(t, &tr, &res, GS_ALPHABETA, 0,
                                            GS_TREE_DOT_CUTS, gather_write, &g),
                     GS_OK);
    /* C cuts I and J: the reason on I alone; M cuts O. */
    snprintf(want, sizeof want, "  n5 -> n7 [%s<br/><font point-size=\"10\">"
             "v = 2 &lt; &#945; = 3</font>>];\n  n5 -> n8 [%s>];\n", cross, cross);
    assert_non_null(strstr(g.text, want));
    snprintf(want, sizeof want, "  n12 -> n14 [%s<br/><font point-size=\"10\">"
             "v = 7 &gt; &#946; = 5</font>>];\n", cross);
    assert_non_null(strstr(g.text, want));
    assert_null(strstr(g.text, "legend"));
    g.len = 0;
    assert_int_equal(gs_tree_dot_write_with(t, &tr, &res, GS_ALPHABETA, 0,
                                            GS_TREE_DOT_LEGEND, gather_write, &g),
                     GS_OK);
    assert_null(strstr(g.text, "<br/>"));
    assert_non_null(strstr(g.text,
        "  legend [shape=none, margin=0, fontsize=10, label=<<table border=\"0\" "
        "cellborder=\"1\" cellspacing=\"0\" cellpadding=\"3\">"
        "<tr><td>box</td><td align=\"left\">MAX</td></tr>"
        "<tr><td>ellipse</td><td align=\"left\">MIN</td></tr>"
        "<tr><td>bold</td><td align=\"left\">the principal variation</td></tr>"
        "<tr><td><font color=\"orange\">&#10005;</font></td>"
        "<td align=\"left\">pruned</td></tr>"
        "<tr><td><font color=\"gray\">gray</font></td>"
        "<td align=\"left\">never reached</td></tr>"
        "<tr><td>&#8805; v, &#8804; v</td><td align=\"left\">at least v, at "
        "most v (the search stopped early)</td></tr></table>>];\n"
        "  { rank=sink; legend; }\n}\n"));
    gs_tree_trace_free(t, &tr);

    /* Expectimax draws chance diamonds: the legend says so. */
    search_traced(t, GS_EXPECTIMAX, 0, &tr, &res);
    g.len = 0;
    assert_int_equal(gs_tree_dot_write_with(t, &tr, &res, GS_EXPECTIMAX, 0,
                                            GS_TREE_DOT_LEGEND | GS_TREE_DOT_CUTS,
                                            gather_write, &g), GS_OK);
    assert_non_null(strstr(g.text, "<tr><td>diamond</td><td align=\"left\">"
                                   "chance (expected value)</td></tr>"));
    assert_null(strstr(g.text, ">MIN<"));
    assert_non_null(strstr(g.text, "pruned; the first edge of each cut says why"));
    gs_tree_trace_free(t, &tr);
    gs_tree_free(t);

    /* A cut on equality under the textbook rule. */
    t = parse("A: B C\nB: D E\nC: F G\nD = 3\nE = 5\nF = 3\nG = 9\n", NULL);
    search_traced(t, GS_ALPHABETA, 0, &tr, &res);
    g.len = 0;
    assert_int_equal(gs_tree_dot_write_with(t, &tr, &res, GS_ALPHABETA, 0,
                                            GS_TREE_DOT_CUTS, gather_write, &g),
                     GS_OK);
    assert_non_null(strstr(g.text, "v = 3 &#8804; &#945; = 3</font>"));
    gs_tree_trace_free(t, &tr);
    gs_tree_free(t);

    /* A chance node cut by its bounds (Star1). */
    t = parse(dice_tree, NULL);
    search_traced(t, GS_ALPHABETA, 0, &tr, &res);
    g.len = 0;
    assert_int_equal(gs_tree_dot_write_with(t, &tr, &res, GS_ALPHABETA, 0,
                                            GS_TREE_DOT_CUTS, gather_write, &g),
                     GS_OK);
    assert_non_null(strstr(g.text, "E &#8804; 1 &#8804; &#945; = 5</font>"));
    assert_non_null(strstr(g.text, "v = 1 &lt; &#945; = 5</font>"));
    gs_tree_trace_free(t, &tr);
    gs_tree_free(t);
    free(g.text);
    free(plain.text);
}

/* The text `gamesearch tree` prints (the seed tree by alpha-beta, with its
 * trace table, in test_json_write): by expectimax, and with named actions
 * and a depth. */
static void test_text_write(void **state)
{
    (void)state;
    gs_tree_trace tr;
    gs_result res;
    gather g = {0};
    gs_tree_text_options to = {GS_EXPECTIMAX, true, 0, false, NULL};
    gs_tree *t = parse(seed_tree, NULL);
    search_traced(t, GS_EXPECTIMAX, 0, &tr, &res);
    assert_int_equal(gs_tree_text_write(t, &tr, &res, &to, gather_write, &g),
                     GS_OK);
    assert_string_equal(g.text, "algorithm: expectimax\nagents: max chance\n"
        "value: 8.666666667\nbest: D\nprincipal variation: A -> D\n"
        "nodes visited: 15 (10 leaves evaluated, 0 cutoffs)\n"
        "visited: A B E F G C H I J D K L M N O\npruned: (none)\n");
    gs_tree_trace_free(t, &tr);
    gs_tree_free(t);

    /* named actions, a depth in rounds */
    t = parse("agents: max min\nroot: R\nR: x=A y=B\nA = 1\nB = 2\n", NULL);
    search_traced(t, GS_MINIMAX, 1, &tr, &res);
    g.len = 0;
    to = (gs_tree_text_options){GS_MINIMAX, true, 1, false, NULL};
    assert_int_equal(gs_tree_text_write(t, &tr, &res, &to, gather_write, &g),
                     GS_OK);
    assert_string_equal(g.text, "algorithm: minimax\nagents: max min, depth 1 "
        "round\nvalue: 2\nbest: B (action y)\nprincipal variation: R -> B\n"
        "nodes visited: 3 (2 leaves evaluated, 0 cutoffs)\nvisited: R A B\n"
        "pruned: (none)\n");
    assert_int_equal(gs_tree_text_write(t, &tr, &res, NULL, gather_write, &g),
                     GS_EINVAL);
    gs_tree_trace_free(t, &tr);
    free(g.text);
    gs_tree_free(t);
}

static void test_dot_write(void **state)
{
    (void)state;
    gs_tree *t = parse(seed_tree, NULL);
    gs_tree_trace tr;
    gs_result res;
    search_traced(t, GS_ALPHABETA, 0, &tr, &res);
    gather g = {0};
    assert_int_equal(gs_tree_dot_write(t, &tr, &res, GS_ALPHABETA, 0,
                                       gather_write, &g), GS_OK);
    assert_string_equal(g.text,
        "digraph gametree {\n"
        "  ordering=out;\n"
        "  labelloc=t;\n"
        "  fontname=\"Helvetica\";\n"
        "  label=\"alphabeta: value 5\";\n"
        "  node [fontname=\"Helvetica\", width=0.5, height=0.5, fixedsize=false];\n"
        "  edge [arrowhead=none, fontname=\"Helvetica\"];\n"
        "  n0 [shape=box, label=\"A\" + \"\\n5\", penwidth=3];\n"
        "  n0 -> n1 [color=black];\n"
        "  n0 -> n5 [color=black];\n"
        "  n0 -> n9 [penwidth=3];\n"
        "  n1 [shape=ellipse, label=\"B\" + \"\\n3\"];\n"
        "  n1 -> n2 [color=black];\n"
        "  n1 -> n3 [color=black];\n"
        "  n1 -> n4 [color=black];\n"
        "  n5 [shape=ellipse, label=\"C\" + \"\\n\xe2\x89\xa4 2\"];\n"
        "  n5 -> n6 [color=black];\n"
        "  n5 -> n7 [color=orange, style=dashed, label=<<font point-size=\"20\" "
        "color=\"orange\">\xe2\x9c\x95</font>>];\n"
        "  n5 -> n8 [color=orange, style=dashed, label=<<font point-size=\"20\" "
        "color=\"orange\">\xe2\x9c\x95</font>>];\n"
        "  n9 [shape=ellipse, label=\"D\" + \"\\n5\", penwidth=3];\n"
        "  n9 -> n10 [color=black];\n"
        "  n9 -> n11 [penwidth=3];\n"
        "  n9 -> n12 [color=black];\n"
        "  n2 [shape=box, label=\"E\" + \"\\n3\"];\n"
        "  n3 [shape=box, label=\"F\" + \"\\n12\"];\n"
        "  n4 [shape=box, label=\"G\" + \"\\n8\"];\n"
        "  n6 [shape=box, label=\"H\" + \"\\n2\"];\n"
        "  n7 [shape=box, label=\"I\", color=gray, fontcolor=gray, style=dashed];\n"
        "  n8 [shape=box, label=\"J\", color=gray, fontcolor=gray, style=dashed];\n"
        "  n10 [shape=box, label=\"K\" + \"\\n14\"];\n"
        "  n11 [shape=box, label=\"L\" + \"\\n5\", penwidth=3];\n"
        "  n12 [shape=box, label=\"M\" + \"\\n\xe2\x89\xa5 7\"];\n"
        "  n12 -> n13 [color=black];\n"
        "  n12 -> n14 [color=orange, style=dashed, label=<<font point-size=\"20\" "
        "color=\"orange\">\xe2\x9c\x95</font>>];\n"
        "  n13 [shape=ellipse, label=\"N\" + \"\\n7\"];\n"
        "  n14 [shape=ellipse, label=\"O\", color=gray, fontcolor=gray, "
        "style=dashed];\n"
        "}\n");
    assert_int_equal(gs_tree_dot_write(t, &tr, &res, GS_ALPHABETA, -1,
                                       gather_write, &g), GS_EINVAL);
    gs_tree_trace_free(t, &tr);
    gs_tree_free(t);

    /* actions, probabilities, chance diamonds, and C drawn as a leaf at the
     * cutoff of one round (two plies) */
    t = parse(cut_tree, NULL);
    search_traced(t, GS_EXPECTIMAX, 1, &tr, &res);
    g.len = 0;
    assert_int_equal(gs_tree_dot_write(t, &tr, &res, GS_EXPECTIMAX, 2,
                                       gather_write, &g), GS_OK);
    assert_string_equal(g.text,
        "digraph gametree {\n"
        "  ordering=out;\n"
        "  labelloc=t;\n"
        "  fontname=\"Helvetica\";\n"
        "  label=\"expectimax: value 6.75\";\n"
        "  node [fontname=\"Helvetica\", width=0.5, height=0.5, fixedsize=false];\n"
        "  edge [arrowhead=none, fontname=\"Helvetica\"];\n"
        "  n0 [shape=box, label=\"R\" + \"\\n6.75\", penwidth=3];\n"
        "  n0 -> n1 [xlabel=\"l\", fontsize=10, penwidth=3];\n"
        "  n0 -> n3 [color=black];\n"
        "  n1 [shape=diamond, label=\"A\" + \"\\n6.75\", penwidth=3];\n"
        "  n1 -> n2 [xlabel=\"x\" + \" 0.25\", fontsize=10, color=black];\n"
        "  n1 -> n4 [xlabel=\"y\" + \" 0.75\", fontsize=10, color=black];\n"
        "  n3 [shape=diamond, label=\"B\" + \"\\n1\"];\n"
        "  n2 [shape=box, label=\"C\" + \"\\n0\"];\n"
        "  n4 [shape=box, label=\"D\" + \"\\n9\"];\n"
        "}\n");
    gs_tree_trace_free(t, &tr);
    gs_tree_free(t);
    free(g.text);
}

static void test_page_data_write(void **state)
{
    (void)state;
    gs_tree *t = parse("agents: max min\nbounds: 0 9\nR: l=A B\nA = 4\nB = 1\n",
                       NULL);
    gather g = {0};
    /* the run of one algorithm: `a` is alpha when B is entered and left,
     * `b` when R is left */
#define RUN(key, label, rule, agents, a, b)                                   \
    "{\"key\":\"" key "\",\"label\":\"" label "\",\"rule\":" rule             \
    ",\"agents\":[\"max\",\"" agents "\"],\"value\":4,\"best\":\"A\","        \
    "\"action\":\"l\",\"pv\":[\"R\",\"A\"],\"nodes\":3,\"leaves\":2,"         \
    "\"passes\":1,\"trace\":[{\"event\":\"enter\",\"node\":\"R\",\"parent\":null,"         \
    "\"alpha\":null,\"beta\":null},{\"event\":\"enter\",\"node\":\"A\","      \
    "\"parent\":\"R\",\"alpha\":null,\"beta\":null},{\"event\":\"leave\","    \
    "\"node\":\"A\",\"parent\":\"R\",\"alpha\":null,\"beta\":null,"           \
    "\"value\":4,\"bound\":\"exact\"},{\"event\":\"enter\",\"node\":\"B\","   \
    "\"parent\":\"R\",\"alpha\":" a ",\"beta\":null},{\"event\":\"leave\","   \
    "\"node\":\"B\",\"parent\":\"R\",\"alpha\":" a ",\"beta\":null,"          \
    "\"value\":1,\"bound\":\"exact\"},{\"event\":\"leave\",\"node\":\"R\","   \
    "\"parent\":null,\"alpha\":" b ",\"beta\":null,\"value\":4,"              \
    "\"bound\":\"exact\"}]}"
    assert_int_equal(gs_tree_page_data_write(t, "a<b\".tree", GS_ALPHABETA,
                                             false, 0, true, gather_write, &g),
                     GS_OK);
    const char *want =
        "{\"title\":\"a<b\\\".tree\",\"practice\":true,\"initial\":2,"
        "\"bounds\":[0,9],\"tree\":{\"root\":\"R\",\"cutoff\":0,\"nodes\":["
        "{\"name\":\"R\",\"children\":[{\"node\":\"A\",\"action\":\"l\"},"
        "{\"node\":\"B\",\"action\":\"B\"}]},"
        "{\"name\":\"A\",\"value\":4,\"children\":[]},"
        "{\"name\":\"B\",\"value\":1,\"children\":[]}]},\"runs\":["
        RUN("minimax", "minimax", "null", "min", "null", "null") ","
        RUN("alphabeta", "alpha-beta (textbook)", "\"textbook\"", "min", "4", "4") ","
        RUN("alphabeta-strict", "alpha-beta (CS188 rule)", "\"strict\"", "min",
            "4", "4") ","
        RUN("expectimax", "expectimax", "null", "chance", "null", "null")
        ",";
    /* then PVS, MTD(f) and SSS*, by the caller's rule (strict here), the
     * last two in passes */
    assert_memory_equal(g.text, want, strlen(want));
    const char *rest = g.text + strlen(want);
    assert_memory_equal(rest, "{\"key\":\"pvs\",\"label\":\"PVS (NegaScout)\","
                        "\"rule\":\"strict\"", 53);
    assert_non_null(strstr(rest, "{\"key\":\"mtdf\",\"label\":\"MTD(f)\","
                            "\"rule\":\"strict\""));
    assert_non_null(strstr(rest, "{\"key\":\"sss\",\"label\":\"SSS*\","
                            "\"rule\":\"strict\""));
    assert_non_null(strstr(rest, "\"passes\":2,"));
    assert_string_equal(g.text + g.len - 3, "}]}");
#undef RUN
    assert_int_equal(gs_tree_page_data_write(t, "x", GS_MINIMAX, true, -1,
                                             false, gather_write, &g),
                     GS_EINVAL);
    gs_tree_free(t);

    /* the nodes down to the cutoff, probabilities; no MIN agent, so no
     * expectimax run and expectimax shown as alpha-beta */
    t = parse(cut_tree, NULL);
    g.len = 0;
    assert_int_equal(gs_tree_page_data_write(t, "cut.tree", GS_EXPECTIMAX, true,
                                             1, false, gather_write, &g),
                     GS_OK);
    const char *head =
        "{\"title\":\"cut.tree\",\"practice\":false,\"initial\":1,"
        "\"bounds\":null,\"tree\":{\"root\":\"R\",\"cutoff\":2,\"nodes\":["
        "{\"name\":\"R\",\"children\":[{\"node\":\"A\",\"action\":\"l\"},"
        "{\"node\":\"B\",\"action\":\"B\"}]},"
        "{\"name\":\"A\",\"value\":4,\"children\":[{\"node\":\"C\","
        "\"action\":\"x\",\"p\":0.25},{\"node\":\"D\",\"action\":\"y\","
        "\"p\":0.75}]},"
        "{\"name\":\"B\",\"value\":1,\"children\":[]},"
        "{\"name\":\"C\",\"value\":0,\"children\":[]},"
        "{\"name\":\"D\",\"value\":9,\"children\":[]}]},\"runs\":[";
    assert_memory_equal(g.text, head, strlen(head));
    assert_non_null(strstr(g.text, "{\"key\":\"alphabeta-strict\""));
    assert_null(strstr(g.text, "\"key\":\"expectimax\""));
    assert_string_equal(g.text + g.len - 3, "}]}");
    gs_tree_free(t);
    free(g.text);
}

/* A writer that stops: each writer returns its value at once and calls it
 * no more. */
static void test_writer_stops(void **state)
{
    (void)state;
    gs_tree *t = parse(seed_tree, NULL);
    gs_tree_trace tr;
    gs_result res;
    search_traced(t, GS_ALPHABETA, 0, &tr, &res);
    gs_tree_text_options to = {GS_ALPHABETA, true, 0, true, NULL};
    for (int which = 0; which < 4; which++) {
        gather all = {0};
        int rc = which == 0 ? gs_tree_json_write(t, &tr, &res, true, gather_write, &all)
               : which == 1 ? gs_tree_dot_write(t, &tr, &res, GS_ALPHABETA, 0,
                                                gather_write, &all)
               : which == 2 ? gs_tree_page_data_write(t, "seed", GS_ALPHABETA, true,
                                                      0, false, gather_write, &all)
                            : gs_tree_text_write(t, &tr, &res, &to, gather_write, &all);
        assert_int_equal(rc, GS_OK);
        assert_true(all.calls >= 2);
        for (int stop = 1; stop <= all.calls; stop++) {
            gather g = {0, 0, 0, 0, stop, -7 - stop};
            rc = which == 0 ? gs_tree_json_write(t, &tr, &res, true, gather_write, &g)
               : which == 1 ? gs_tree_dot_write(t, &tr, &res, GS_ALPHABETA, 0,
                                                gather_write, &g)
               : which == 2 ? gs_tree_page_data_write(t, "seed", GS_ALPHABETA, true,
                                                      0, false, gather_write, &g)
                            : gs_tree_text_write(t, &tr, &res, &to, gather_write, &g);
            assert_int_equal(rc, -7 - stop);
            assert_int_equal(g.calls, stop);
            /* what came before is the start of the whole text */
            if (g.len)
                assert_memory_equal(g.text, all.text, g.len);
            free(g.text);
        }
        free(all.text);
    }
    gs_tree_trace_free(t, &tr);
    gs_tree_free(t);
}

/* Every allocation the writers make fails in turn: GS_ENOMEM, nothing
 * written, nothing leaked. */
static void test_writers_out_of_memory(void **state)
{
    (void)state;
    track tk;
    gs_allocator a = tracker(&tk);
    gs_tree *t = parse(seed_tree, &a);
    gs_tree_trace tr;
    gs_result res;
    search_traced(t, GS_ALPHABETA, 0, &tr, &res);
    size_t live = tk.live;
    /* the drawing, the page's data, the drawing with why each cut */
    const unsigned all = GS_TREE_DOT_LEGEND | GS_TREE_DOT_CUTS;
    for (int which = 0; which < 3; which++) {
        gather g = {0};
        tk.count = 0;
        int rc = which == 0 ? gs_tree_dot_write(t, &tr, &res, GS_ALPHABETA, 0,
                                                gather_write, &g)
                 : which == 1 ? gs_tree_page_data_write(t, "seed", GS_ALPHABETA, true,
                                                        0, false, gather_write, &g)
                 : gs_tree_dot_write_with(t, &tr, &res, GS_ALPHABETA, 0, all,
                                          gather_write, &g);
        assert_int_equal(rc, GS_OK);
        long needed = tk.count;
        assert_true(needed >= (which == 0 ? 7 : which == 1 ? 6 : 8));
        assert_int_equal(tk.live, live);
        for (long n = 1; n <= needed; n++) {
            tk.count = 0;
            tk.fail_at = n;
            rc = which == 0 ? gs_tree_dot_write(t, &tr, &res, GS_ALPHABETA, 0,
                                                gather_write, &g)
                 : which == 1 ? gs_tree_page_data_write(t, "seed", GS_ALPHABETA, true,
                                                        0, false, gather_write, &g)
                 : gs_tree_dot_write_with(t, &tr, &res, GS_ALPHABETA, 0, all,
                                          gather_write, &g);
            assert_int_equal(rc, GS_ENOMEM);
            assert_int_equal(tk.live, live);
        }
        tk.fail_at = 0;
        free(g.text);
    }
    gs_tree_trace_free(t, &tr);
    gs_tree_free(t);
    assert_int_equal(tk.live, 0);
}

/* ---- Any algorithm: gs_tree_search --------------------------------- */

/* AIMA's figure 5.2 searched as `gamesearch tree` does: traced, or by MCTS
 * on an engine of its own whose tree is read back. */
static void test_search_any_algorithm(void **state)
{
    (void)state;
    track tk;
    gs_allocator a = tracker(&tk);
    gs_tree *t = parse("agents: max min\nroot: A\nA: a1=B a2=C a3=D\n"
                       "B: B1 B2 B3\nC: C1 C2 C3\nD: D1 D2 D3\n"
                       "B1 = 3\nB2 = 12\nB3 = 8\nC1 = 2\nC2 = 4\nC3 = 6\n"
                       "D1 = 14\nD2 = 5\nD3 = 2\n", &a);
    gs_search_options o;
    gs_search_options_init(&o);
    gs_tree_trace tr;
    gs_result res;
    gs_engine *e = (gs_engine *)&tk;   /* set to NULL */
    gs_error err;
    assert_int_equal(gs_tree_search(t, &o, &tr, &res, &e, &err), GS_OK);
    assert_null(e);
    assert_true(res.value == 3.0);
    assert_int_equal(res.nodes, 11);   /* alpha-beta: D2, D3 pruned too */
    assert_int_equal(tr.count, 24);
    gs_tree_trace_free(t, &tr);
    o.algo = GS_MCTS;
    assert_int_equal(gs_tree_search(t, &o, &tr, &res, &e, &err), GS_OK);
    assert_non_null(e);
    assert_int_equal(tr.count, 0);
    assert_null(tr.steps);
    assert_true(res.value == 3.0);
    assert_int_equal(res.nodes, 13);
    assert_int_equal(res.best_index, 0);
    assert_true(tk.live > 0);   /* the engine, from the tree's allocator */
    gs_engine_free(e);
    /* A failure: no engine left, the reason said. */
    o.size = 3;   /* options of no version */
    assert_int_equal(gs_tree_search(t, &o, &tr, &res, &e, &err),
                     GS_EVERSION);
    assert_null(e);
    assert_true(err.message[0] != '\0');
    gs_tree_free(t);
    assert_int_equal(tk.live, 0);
}

/* ---- Practice trees: gs_tree_random --------------------------------- */

static char *random_text(const char *spec)
{
    size_t n = 0;
    gs_error err;
    int rc = gs_tree_random(spec, NULL, 0, &n, &err);
    if (rc != GS_OK)
        fail_msg("%s: %s", spec, err.message);
    char *text = malloc(n + 1);
    assert_non_null(text);
    size_t again = 0;
    assert_int_equal(gs_tree_random(spec, text, n + 1, &again, NULL), GS_OK);
    assert_int_equal(again, n);
    assert_int_equal(strlen(text), n);
    return text;
}

static void test_random_exact(void **state)
{
    (void)state;
    char *text = random_text("depth=2,branching=2,agents=max+chance+min,seed=9");
    assert_string_equal(text,
        "# gamesearch tree --random depth=2,branching=2-2,values=0..20,"
        "agents=max+chance+min,seed=9\n"
        "agents: max chance min\n"
        "bounds: 0 20\n"
        "A: B C\nB: D E\nC: F G\nD = 0\nE = 5\nF = 15\nG = 6\n");
    /* the same spec, the same tree; another seed, another tree */
    char *again = random_text("seed=9,agents=max+chance+min,branching=2,depth=2");
    assert_string_equal(strchr(again, '\n'), strchr(text, '\n'));
    free(again);
    again = random_text("depth=2,branching=2,agents=max+chance+min,seed=10");
    assert_string_not_equal(strchr(again, '\n'), strchr(text, '\n'));
    free(again);

    /* It parses and searches: Star1 prunes at the chance nodes (the
     * bounds line), and the value is expectiminimax's. */
    gs_tree *t = parse(text, NULL);
    gs_tree_trace tr;
    gs_result res;
    run(t, GS_ALPHABETA, true, &tr, &res);
    assert_true(res.value == 10.5);   /* max(mean(0, 5), mean(15, 6)) */
    /* Its cutoff in plies: rounds of its three agents. */
    assert_int_equal(gs_tree_cutoff(t, 0), 0);
    assert_int_equal(gs_tree_cutoff(t, 2), 6);
    assert_int_equal(gs_tree_cutoff(t, INT32_MAX / 3), INT32_MAX / 3 * 3);
    assert_int_equal(gs_tree_cutoff(t, INT32_MAX / 3 + 1), 0);
    assert_int_equal(gs_tree_cutoff(t, -1), 0);
    gs_tree_trace_free(t, &tr);
    run(t, GS_MINIMAX, true, &tr, &res);
    assert_true(res.value == 10.5);
    gs_tree_trace_free(t, &tr);
    gs_tree_free(t);
    /* The same text through a writer, in one piece. */
    buffer out = {0}, refused = {.refuse_at = 1};
    assert_int_equal(gs_tree_random_write("depth=2,branching=2,agents=max+"
                                          "chance+min,seed=9", to_buffer,
                                          &out, NULL), GS_OK);
    assert_string_equal(out.text, text);
    assert_int_equal(out.writes, 1);
    assert_int_equal(gs_tree_random_write("depth=2", to_buffer, &refused,
                                          NULL), 7);
    free(out.text);
    free(refused.text);
    free(text);

    /* defaults: depth 3, branching 2-3, values 0..20, max+min, seed 1;
     * names past Z go on AA, AB, ... */
    text = random_text("depth=3,branching=3");
    assert_non_null(strstr(text, "# gamesearch tree --random depth=3,"
                                 "branching=3-3,values=0..20,agents=max+min,"
                                 "seed=1\nagents: max min\nA: B C D\n"));
    assert_non_null(strstr(text, "\nM: AL AM AN\nN = "));
    assert_null(strstr(text, "bounds"));
    t = parse(text, NULL);
    assert_int_equal(gs_tree_node_count(t), 40);
    assert_int_equal(gs_tree_height(t), 3);
    gs_tree_free(t);
    free(text);

    /* a one-ply tree and a cut-short buffer */
    char small[16];
    size_t n;
    assert_int_equal(gs_tree_random("depth=1,branching=1", small, sizeof small,
                                    &n, NULL), GS_OK);
    assert_int_equal(strlen(small), sizeof small - 1);
    assert_true(n > sizeof small);
}

static void random_error(const char *spec, int column, const char *message)
{
    gs_error err;
    size_t n = 7;
    int rc = gs_tree_random(spec, NULL, 0, &n, &err);
    if (rc != GS_EPARSE || err.line != 1 || err.column != column ||
        strcmp(err.message, message) != 0)
        fail_msg("%s:\n  got      %d 1:%d: %s\n  expected 1:%d: %s", spec, rc,
                 err.column, err.message, column, message);
    assert_int_equal(n, 7);
}

static void test_random_errors(void **state)
{
    (void)state;
    random_error("depth=0", 7, "depth must be a whole number of plies from 1 to 64");
    random_error("depth=3,depth=4", 9, "depth is given twice");
    random_error("seed=1,branching=0-3", 18, "branching must be N or LO-HI, "
                 "whole numbers from 1 to 26, LO <= HI");
    random_error("branching=3-2", 11, "branching must be N or LO-HI, whole "
                 "numbers from 1 to 26, LO <= HI");
    random_error("values=5..5", 8, "values must be LO..HI, whole numbers from "
                 "-1000000000 to 1000000000, LO < HI");
    random_error("values=1-5", 8, "values must be LO..HI, whole numbers from "
                 "-1000000000 to 1000000000, LO < HI");
    random_error("agents=max+dice", 12, "agents must be roles max, min or "
                 "chance joined by '+', as max+min+chance");
    random_error("seed=-1", 6, "seed must be a whole number from 0 to "
                 "18446744073709551615");
    random_error("depth=2,size=3", 9, "'size=3' is not KEY=VALUE with a key "
                 "depth, branching, values, agents or seed");
    random_error("depth=2,,seed=1", 9, "'' is not KEY=VALUE with a key depth, "
                 "branching, values, agents or seed");
    random_error("depth=6,branching=26", 1, "depth 6 with up to 26 children a "
                 "node can make 321272407 nodes, more than 1000000: lower "
                 "depth or branching");
    size_t n;
    assert_int_equal(gs_tree_random(NULL, NULL, 0, &n, NULL), GS_EINVAL);
    /* Through a writer: the same error, nothing written. */
    buffer out = {0};
    gs_error err;
    assert_int_equal(gs_tree_random_write("depth=0", to_buffer, &out, &err),
                     GS_EPARSE);
    assert_int_equal(err.column, 7);
    assert_int_equal(out.writes, 0);
}

/* ---- CS188 test files ---------------------------------------------------- */

/* A small test: two agents, a win state with successors (never
 * expanded), a lose state, a state below the depth without evaluation. */
static const char cs188_test[] =
    "class: \"GraphGameTreeTest\"   # a comment\n"
    "alg: \"AlphaBetaAgent\"\n"
    "depth: \"1\"\n"
    "diagram: \"\"\"\n"
    "   # anything, \"quotes\" too\n"
    "\"\"\"\n"
    "num_agents: \"2\"\n"
    "\n"
    "start_state: \"s\"\n"
    "win_states: \"w\"\n"
    "lose_states: \"l\"\n"
    "successors: \"\"\"\n"
    "s a m\n"
    "m x w\n"
    "s b l\n"
    "m y c\n"
    "w z q\n"
    "c q r\n"
    "\"\"\"\n"
    "evaluation: \"\"\"\n"
    "w 10\n"
    "l -4.5\n"
    "c 2\n"
    "\"\"\"\n";

static void test_cs188_parse(void **state)
{
    (void)state;
    track tk;
    gs_allocator a = tracker(&tk);
    gs_tree *t = parse(cs188_test, &a);
    assert_int_equal(gs_tree_syntax_of(t), GS_TREE_CS188);
    assert_int_equal(gs_tree_algo(t), GS_ALPHABETA);
    assert_int_equal(gs_tree_depth(t), 1);
    assert_int_equal(gs_tree_num_agents(t), 2);
    assert_int_equal(gs_tree_role(t, 0), GS_ROLE_MAX);
    assert_int_equal(gs_tree_role(t, 1), GS_ROLE_MIN);
    int32_t root = gs_tree_root_node(t);
    assert_string_equal(gs_tree_node_name(t, root), "s");
    /* s's children in the order of their lines, though not adjacent */
    assert_int_equal(gs_tree_child_count(t, root), 2);
    assert_string_equal(gs_tree_child_action(t, root, 1), "b");
    assert_string_equal(gs_tree_node_name(t, gs_tree_child(t, root, 1)), "l");
    int32_t m = gs_tree_child(t, root, 0);
    assert_int_equal(gs_tree_child_count(t, m), 2);
    /* the win state ends the search */
    assert_int_equal(gs_tree_child_count(t, gs_tree_child(t, m, 0)), 0);
    double v;
    assert_true(gs_tree_node_value(t, gs_tree_child(t, root, 1), &v));
    assert_true(v == -4.5);
    /* the depth (1 round: 2 plies) stops above r, which has no value; a
     * deeper search would evaluate it */
    gs_error err;
    assert_int_equal(gs_tree_check_values(t, 2, &err), GS_OK);
    assert_int_equal(gs_tree_check_values(t, 4, &err), GS_EPARSE);
    assert_int_equal(err.line, 18);
    assert_int_equal(err.column, 5);
    assert_string_equal(err.message, "state 'r' has no evaluation, and the "
                                     "search evaluates it at ply 3");
    assert_int_equal(gs_tree_check_values(t, 0, &err), GS_EPARSE);

    /* searched as the autograder does */
    gs_search_options o;
    gs_search_options_init(&o);
    o.algo = (gs_algo)gs_tree_algo(t);
    o.depth = 1;
    o.depth_unit = GS_DEPTH_ROUNDS;
    o.prune_equal = false;
    gs_tree_trace tr;
    gs_result res;
    assert_int_equal(gs_tree_trace_search(t, &o, &tr, &res, &err), GS_OK);
    assert_true(res.value == 2.0);
    char got[1024];
    render(t, &tr, got, sizeof got);
    assert_string_equal(got,
        "enter s -inf inf, enter m -inf inf, enter w -inf inf, "
        "leave w -inf inf 10, enter c -inf 10, leave c -inf 10 2, "
        "leave m -inf 2 2, enter l 2 inf, leave l 2 inf -4.5, leave s 2 inf 2");

    /* the solution: as the autograder compares */
    static const char good[] = "# a solution\naction: \"a\"\n"
                               "generated: \"c l m s w\"\n";
    static const char bad[] = "action: \"b\"\ngenerated: \"c m q s\"\n";
    char report[512];
    bool match = false;
    size_t n = 0;
    assert_int_equal(gs_tree_cs188_check(t, &tr, &res, good, strlen(good),
                                         &match, report, sizeof report, &n,
                                         &err), GS_OK);
    assert_true(match);
    assert_string_equal(report, "action: a, as the solution says\n"
                                "generated: the 5 states of the solution: "
                                "c l m s w\n");
    assert_int_equal(n, strlen(report));
    assert_int_equal(gs_tree_cs188_check(t, &tr, &res, bad, strlen(bad),
                                         &match, report, sizeof report, &n,
                                         &err), GS_OK);
    assert_false(match);
    assert_string_equal(report, "action: a, but the solution says b\n"
                                "generated: 5 states, the solution 4:\n"
                                "  generated, not in the solution: l w\n"
                                "  in the solution, not generated: q\n");
    /* The report through a writer, in one piece once the check is done;
     * nothing when it fails; a refusal's value back; memory for the
     * report that runs out (the check's own three blocks, then it). */
    buffer out = {0}, none = {0}, refused = {.refuse_at = 1};
    assert_int_equal(gs_tree_cs188_check_write(t, &tr, &res, bad, strlen(bad),
                                               &match, to_buffer, &out, &err),
                     GS_OK);
    assert_false(match);
    assert_string_equal(out.text, report);
    assert_int_equal(out.writes, 1);
    assert_int_equal(gs_tree_cs188_check_write(t, &tr, &res, "x", 1, &match,
                                               to_buffer, &none, &err),
                     GS_EPARSE);
    assert_int_equal(none.writes, 0);
    assert_int_equal(gs_tree_cs188_check_write(t, &tr, &res, good,
                                               strlen(good), &match,
                                               to_buffer, &refused, &err), 7);
    tk.fail_at = tk.count + 4;
    assert_int_equal(gs_tree_cs188_check_write(t, &tr, &res, good,
                                               strlen(good), &match,
                                               to_buffer, &none, &err),
                     GS_ENOMEM);
    assert_string_equal(err.message, "out of memory");
    assert_int_equal(tk.failed, 1);
    assert_int_equal(none.writes, 0);
    tk.fail_at = 0;
    free(out.text);
    free(refused.text);
    /* The solution beside a test file. */
    char path[32];
    assert_int_equal(gs_tree_cs188_solution_path("q2/1.test", path,
                                                 sizeof path), 13);
    assert_string_equal(path, "q2/1.solution");
    gs_tree_cs188_solution_path("tree.txt", path, sizeof path);
    assert_string_equal(path, "tree.txt.solution");
    gs_tree_cs188_solution_path(".test", path, sizeof path);
    assert_string_equal(path, ".test.solution");
    assert_int_equal(gs_tree_cs188_solution_path("q2/1.test", path, 6), 13);
    assert_string_equal(path, "q2/1.");
    /* only the states differ */
    static const char states[] = "action: \"a\"\ngenerated: \"c l m s\"\n";
    assert_int_equal(gs_tree_cs188_check(t, &tr, &res, states, strlen(states),
                                         &match, NULL, 0, &n, &err), GS_OK);
    assert_false(match);
    static const char no_action[] = "generated: \"c l m s\"\n";
    assert_int_equal(gs_tree_cs188_check(t, &tr, &res, no_action,
                                         strlen(no_action), &match, NULL, 0,
                                         &n, &err), GS_EPARSE);
    assert_string_equal(err.message, "the solution has no action field");
    static const char junk[] = "action: \"a\"\ngenerated c l\n";
    assert_int_equal(gs_tree_cs188_check(t, &tr, &res, junk, strlen(junk),
                                         &match, NULL, 0, &n, &err), GS_EPARSE);
    assert_int_equal(err.line, 2);
    assert_int_equal(err.column, 1);
    assert_string_equal(err.message, "expected KEY: \"VALUE\" or KEY: \"\"\" "
                                      "(a CS188 test file)");
    gs_tree_trace_free(t, &tr);
    gs_tree_free(t);
    assert_int_equal(tk.live, 0);
}

/* Replaces the first `from` in cs188_test by `to` and expects the parse
 * to fail at line:col with message. */
static void cs188_error(const char *from, const char *to, int line, int col,
                        const char *message)
{
    char text[2048];
    const char *at = strstr(cs188_test, from);
    assert_non_null(at);
    snprintf(text, sizeof text, "%.*s%s%s", (int)(at - cs188_test), cs188_test,
             to, at + strlen(from));
    track tk;
    gs_allocator a = tracker(&tk);
    gs_tree *t = NULL;
    gs_error err;
    int rc = gs_tree_parse(text, strlen(text), &a, &t, &err);
    if (rc != GS_EPARSE || err.line != line || err.column != col ||
        strcmp(err.message, message) != 0)
        fail_msg("%s -> %s:\n  got      %d %d:%d: %s\n  expected %d:%d: %s",
                 from, to, rc, err.line, err.column, err.message, line, col,
                 message);
    assert_null(t);
    assert_int_equal(tk.live, 0);
}

static void test_cs188_errors(void **state)
{
    (void)state;
    cs188_error("GraphGameTreeTest", "EvalAgentTest", 1, 9,
                "class 'EvalAgentTest' is not a game tree test "
                "(GraphGameTreeTest)");
    cs188_error("AlphaBetaAgent", "GreedyAgent", 2, 7, "alg 'GreedyAgent' is "
                "not MinimaxAgent, AlphaBetaAgent or ExpectimaxAgent");
    cs188_error("depth: \"1\"", "depth: \"0\"", 3, 9, "depth must be a whole "
                "number from 1 to 33554431, not '0'");
    cs188_error("num_agents: \"2\"", "num_agents: \"65\"", 7, 14,
                "num_agents must be a whole number from 1 to 64, not '65'");
    cs188_error("num_agents: \"2\"", "agents: \"2\"", 0, 0,
                "the test has no num_agents field");
    cs188_error("start_state: \"s\"", "start_state: \"s t\"", 9, 15,
                "start_state must be one state");
    cs188_error("m y c\n", "m y\n", 16, 1, "expected a successor: STATE "
                "ACTION NEXT_STATE, three words");
    cs188_error("l -4.5", "l -4.5x", 22, 3, "invalid number '-4.5x'");
    cs188_error("c 2\n", "c 2\nw 3\n", 24, 1, "the evaluation of 'w' is "
                "already given on line 21");
    cs188_error("c 2\n", "c 2 3\n", 23, 1, "expected an evaluation: STATE "
                "VALUE, two words");
    cs188_error("c 2\n\"\"\"\n", "c 2\n", 20, 13,
                "the \"\"\" of evaluation is never closed");
    cs188_error("win_states: \"w\"", "win_states: \"w", 10, 13,
                "expected one \"VALUE\" after win_states:");
    cs188_error("\n\nstart_state", "\nstray words\nstart_state", 8, 1,
                "expected KEY: \"VALUE\" or KEY: \"\"\" (a CS188 test file)");
    cs188_error("lose_states: \"l\"", "lose_states: \"l\"\nalg: \"x\"", 12, 1,
                "alg is already given on line 2");
    cs188_error("start_state: \"s\"", "start_state: \"z\"", 9, 15,
                "node 'z' is named as the root but never defined");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seed_windows),
        cmocka_unit_test(test_star1_windows),
        cmocka_unit_test(test_trace_lines),
        cmocka_unit_test(test_trace_out_of_memory),
        cmocka_unit_test(test_json_write),
        cmocka_unit_test(test_text_write),
        cmocka_unit_test(test_dot_write),
        cmocka_unit_test(test_dot_legend_and_cuts),
        cmocka_unit_test(test_page_data_write),
        cmocka_unit_test(test_writer_stops),
        cmocka_unit_test(test_writers_out_of_memory),
        cmocka_unit_test(test_search_any_algorithm),
        cmocka_unit_test(test_random_exact),
        cmocka_unit_test(test_random_errors),
        cmocka_unit_test(test_cs188_parse),
        cmocka_unit_test(test_cs188_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
