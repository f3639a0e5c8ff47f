/*
 * tests/test_multi.c: the searches of more than two players (GS_MAXN,
 * GS_PARANOID, GS_BRS) and the trees of utility vectors: max^n equal to
 * minimax on two-player zero-sum trees, vectors (v, -v) or none; paranoid
 * equal to alpha-beta on the root agent's utility; AIMA's figure 5.4;
 * shallow pruning where it prunes, and never changing the answer;
 * best-reply search against a plain recursion on a game with turn_to;
 * the refusals word for word; allocation failure at every point;
 * determinism.
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
#include "track_alloc.h"

static gs_tree *parse(const char *text)
{
    gs_tree *t = NULL;
    gs_error err;
    if (gs_tree_parse(text, strlen(text), NULL, &t, &err) != GS_OK)
        fail_msg("%d:%d: %s", err.line, err.column, err.message);
    return t;
}

/* The message that parsing `text` fails with, as "line:col: message". */
static const char *parse_error(const char *text)
{
    static char out[600];
    gs_tree *t = NULL;
    gs_error err;
    int rc = gs_tree_parse(text, strlen(text), NULL, &t, &err);
    assert_int_equal(rc, GS_EPARSE);
    assert_null(t);
    snprintf(out, sizeof out, "%d:%d: %s", err.line, err.column, err.message);
    return out;
}

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

static int search(const gs_tree *t, gs_algo algo, gs_tree_trace *tr,
                  gs_result *r)
{
    gs_search_options o;
    gs_search_options_init(&o);
    o.algo = algo;
    gs_error err;
    int rc = gs_tree_trace_search(t, &o, tr, r, &err);
    if (rc != GS_OK)
        fail_msg("%s: %s", gs_algo_name(algo), err.message);
    return rc;
}

/* Appends to a growing text. */
typedef struct text {
    char *s;
    size_t len, cap;
} text;

static void put(text *x, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char buf[256];
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    assert_true(n >= 0 && (size_t)n < sizeof buf);
    if (x->len + (size_t)n + 1 > x->cap) {
        x->cap = (x->len + (size_t)n + 1) * 2;
        x->s = realloc(x->s, x->cap);
        assert_non_null(x->s);
    }
    memcpy(x->s + x->len, buf, (size_t)n + 1);
    x->len += (size_t)n;
}

/*
 * `t` again in nested lists, each leaf's value v turned into a vector by
 * `vec` (k values); the nodes keep their names.
 */
static void as_vectors(const gs_tree *t, int32_t node, text *x, int k,
                       void (*vec)(double v, int32_t node, double *out))
{
    int n = gs_tree_child_count(t, node);
    const char *name = gs_tree_node_name(t, node);
    if (n == 0) {
        double v, u[8];
        assert_true(gs_tree_node_value(t, node, &v));
        vec(v, node, u);
        put(x, "('%s', [", name);
        for (int i = 0; i < k; i++)
            put(x, "%s%.17g", i ? ", " : "", u[i]);
        put(x, "])");
        return;
    }
    put(x, "['%s'", name);
    for (int i = 0; i < n; i++) {
        put(x, ", ");
        as_vectors(t, gs_tree_child(t, node, i), x, k, vec);
    }
    put(x, "]");
}

static void zero_sum(double v, int32_t node, double *out)
{
    (void)node;
    out[0] = v;
    out[1] = -v;
}

/* Three utilities from a leaf's value and number: all 0 or more, adding
 * up to 10 (so that shallow pruning has something to cut), with ties. */
static void three(double v, int32_t node, double *out)
{
    unsigned h = (unsigned)node * 2654435761u >> 7;
    out[0] = fmod(fabs(v), 6.0);
    out[1] = (double)(h % (unsigned)(11 - out[0]));
    out[2] = 10 - out[0] - out[1];
}

static gs_tree *vector_tree(const gs_tree *t, int k, const char *head,
                            void (*vec)(double, int32_t, double *))
{
    text x = {0};
    put(&x, "%s", head);
    as_vectors(t, gs_tree_root_node(t), &x, k, vec);
    put(&x, "\n");
    gs_tree *v = parse(x.s);
    free(x.s);
    return v;
}

/* The spec of random tree number k: depths 1 to 5, 1 to 4 children, few
 * values (ties). */
static void spec_of(int k, char *spec, size_t size)
{
    static const char *const branching[] = {"2", "1-3", "2-4", "3"};
    snprintf(spec, size, "depth=%d,branching=%s,values=-4..%d,seed=%d",
             1 + k % 5, branching[(k / 5) % 4], 3 + (k / 20) % 8, k);
}

/* ---- max^n on two players ---- */

/* On a two-player tree, max^n is minimax: without vectors (a MIN agent's
 * utility is minus the value) and with vectors (v, -v), the same value
 * and best action, and the same nodes. */
static void test_maxn_is_minimax_on_two_players(void **state)
{
    (void)state;
    char spec[128];
    for (int k = 1; k <= 1500; k++) {
        spec_of(k, spec, sizeof spec);
        gs_tree *t = random_tree(spec);
        gs_tree *v = vector_tree(t, 2, "", zero_sum);
        assert_int_equal(gs_tree_utility_count(v), 2);
        assert_int_equal(gs_tree_num_agents(v), 2);
        gs_tree_trace tr;
        gs_result mm, mn, mv;
        search(t, GS_MINIMAX, &tr, &mm);
        gs_tree_trace_free(t, &tr);
        search(t, GS_MAXN, &tr, &mn);
        assert_int_equal(tr.utility_count, 2);
        assert_true(tr.utilities[0] == mm.value);
        assert_true(tr.utilities[1] == -mm.value);
        gs_tree_trace_free(t, &tr);
        search(v, GS_MAXN, &tr, &mv);
        assert_true(tr.utilities[0] == mm.value);
        gs_tree_trace_free(v, &tr);
        if (mn.value != mm.value || mv.value != mm.value ||
            mn.best != mm.best || mv.best != mm.best)
            fail_msg("%s: minimax %g by %d, max^n %g by %d, on vectors %g "
                     "by %d", spec, mm.value, (int)mm.best, mn.value,
                     (int)mn.best, mv.value, (int)mv.best);
        assert_true(mn.nodes == mm.nodes && mv.nodes == mm.nodes);
        assert_int_equal(mn.pv_length, mm.pv_length);
        gs_tree_free(v);
        gs_tree_free(t);
    }
}

/* ---- paranoid ---- */

/* Paranoid is alpha-beta on the root agent's utility with the others
 * minimising it: on three-player vector trees (agent 0 MAX, then MIN and
 * MIN, which alpha-beta searches on agent 0's utility) the same value,
 * best action, nodes and cutoffs. */
static void test_paranoid_is_alphabeta(void **state)
{
    (void)state;
    char spec[128];
    for (int k = 1; k <= 1500; k++) {
        spec_of(k, spec, sizeof spec);
        gs_tree *t = random_tree(spec);
        gs_tree *v = vector_tree(t, 3, "", three);
        assert_int_equal(gs_tree_num_agents(v), 3);
        assert_int_equal(gs_tree_role(v, 1), GS_ROLE_MIN);
        gs_tree_trace tr;
        gs_result ab, pa;
        search(v, GS_ALPHABETA, &tr, &ab);
        gs_tree_trace_free(v, &tr);
        search(v, GS_PARANOID, &tr, &pa);
        assert_int_equal(tr.utility_count, 0);
        gs_tree_trace_free(v, &tr);
        if (pa.value != ab.value || pa.best != ab.best ||
            pa.nodes != ab.nodes || pa.cutoffs != ab.cutoffs)
            fail_msg("%s: alphabeta %g by %d (%llu nodes), paranoid %g by "
                     "%d (%llu)", spec, ab.value, (int)ab.best,
                     (unsigned long long)ab.nodes, pa.value, (int)pa.best,
                     (unsigned long long)pa.nodes);
        gs_tree_free(v);
        gs_tree_free(t);
    }
}

/* ---- AIMA's figure 5.4 and shallow pruning ---- */

static char *read_example(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/examples/%s", GS_SOURCE_DIR, name);
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s", path);
    static char buf[8192];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return buf;
}

static void test_aima_5_4(void **state)
{
    (void)state;
    gs_tree *t = parse(read_example("aima-5-4.tree"));
    assert_int_equal(gs_tree_utility_count(t), 3);
    assert_int_equal(gs_tree_num_agents(t), 3);
    gs_tree_trace tr;
    gs_result r;
    search(t, GS_MAXN, &tr, &r);
    assert_int_equal(tr.utility_count, 3);
    assert_true(tr.utilities[0] == 1 && tr.utilities[1] == 2 &&
                tr.utilities[2] == 6);
    assert_true(r.value == 1);
    /* A's tie (1 either way): the first child, a1 */
    assert_int_equal(r.best, 0);
    assert_string_equal(gs_tree_child_action(t, gs_tree_root_node(t), 0),
                        "a1");
    assert_int_equal(r.pv_length, 3);
    assert_int_equal(r.nodes, 15);
    assert_int_equal(r.leaves, 8);
    assert_int_equal(r.cutoffs, 0);
    /* the second B node backs up (1, 5, 2): its LEAVE step says so */
    int32_t b2 = gs_tree_child(t, gs_tree_root_node(t), 1);
    bool seen = false;
    for (size_t i = 0; i < tr.count; i++)
        if (tr.steps[i].kind == GS_EVENT_LEAVE && tr.steps[i].node == b2) {
            const double *u = tr.step_utilities + i * 3;
            assert_true(u[0] == 1 && u[1] == 5 && u[2] == 2);
            seen = true;
        }
    assert_true(seen);
    gs_tree_trace_free(t, &tr);

    /* The whole run with gs_search: gs_engine_utilities. */
    gs_game g;
    gs_tree_game(t, &g);
    gs_engine *e = NULL;
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
    double u[4] = {9, 9, 9, 9};
    assert_int_equal(gs_engine_utilities(e, u, 4), 0);
    gs_search_options o;
    gs_search_options_init(&o);
    o.algo = GS_MAXN;
    gs_tree_state root;
    gs_tree_root(t, &root);
    assert_int_equal(gs_search(e, &root, &o, &r), GS_OK);
    assert_int_equal(gs_engine_utilities(e, u, 2), 3);
    assert_true(u[0] == 1 && u[1] == 2 && u[2] == 9);
    assert_int_equal(gs_engine_utilities(e, u, 4), 3);
    assert_true(u[2] == 6 && u[3] == 9);
    /* a stopped search leaves none */
    o.max_nodes = 4;
    assert_int_equal(gs_search(e, &root, &o, &r), GS_OK);
    assert_int_equal(r.stopped, GS_STOP_NODES);
    assert_int_equal(gs_engine_utilities(e, u, 4), 0);
    gs_engine_free(e);
    gs_tree_free(t);
}

/* The page's data on a tree of vectors: max^n's and paranoid's runs after
 * the others (each run an object, a comma between), opened on max^n, the
 * leaves' vectors and max^n's as lists. */
static void test_page_data(void **state)
{
    (void)state;
    gs_tree *t = parse(read_example("aima-5-4.tree"));
    buffer b = {0};
    assert_int_equal(gs_tree_page_data_write(t, "aima", GS_MAXN, true, 0,
                                             false, to_buffer, &b),
                     GS_OK);
    assert_null(strstr(b.text, "}{"));
    assert_non_null(strstr(b.text, "\"initial\":7,"));
    assert_non_null(strstr(b.text, "{\"name\":\"J\",\"value\":[1,2,6],"));
    assert_non_null(strstr(b.text, "},{\"key\":\"maxn\",\"label\":\"max^n\""));
    assert_non_null(strstr(b.text, "\"agents\":[\"max\",\"max\",\"max\"],"
                                   "\"value\":[1,2,6],\"best\":\"B1\""));
    assert_non_null(strstr(b.text, "},{\"key\":\"paranoid\""));
    free(b.text);
    gs_tree_free(t);
}

static void test_shallow_pruning(void **state)
{
    (void)state;
    const char *with_sum = read_example("shallow.tree");
    gs_tree *t = parse(with_sum);
    gs_tree_trace tr;
    gs_result r;
    search(t, GS_MAXN, &tr, &r);
    assert_true(tr.utilities[0] == 6 && tr.utilities[1] == 2 &&
                tr.utilities[2] == 2);
    assert_int_equal(r.best, 0);
    assert_int_equal(r.cutoffs, 1);
    assert_int_equal(r.leaves, 3);
    size_t prunes = 0;
    for (size_t i = 0; i < tr.count; i++)
        if (tr.steps[i].kind == GS_EVENT_PRUNE) {
            prunes++;
            assert_string_equal(gs_tree_node_name(t, tr.steps[i].node), "H");
        }
    assert_int_equal(prunes, 1);
    gs_tree_trace_free(t, &tr);
    gs_tree_free(t);

    /* Without `sum:` nothing is pruned, and the answer is the same. */
    char plain[8192];
    snprintf(plain, sizeof plain, "%s", with_sum);
    char *s = strstr(plain, "\nsum: 10") + 1;
    assert_non_null(s);
    memcpy(s, "#      ", 7);
    t = parse(plain);
    search(t, GS_MAXN, &tr, &r);
    assert_true(tr.utilities[0] == 6 && tr.utilities[1] == 2 &&
                tr.utilities[2] == 2);
    assert_int_equal(r.cutoffs, 0);
    assert_int_equal(r.leaves, 4);
    gs_tree_trace_free(t, &tr);
    gs_tree_free(t);

    /* Where the first child's utility for B is too small to bound A, B2
     * is searched whole: G = 3 3 2 leaves A up to 10 - 3 = 7 > 6. */
    snprintf(plain, sizeof plain, "%s", with_sum);
    s = strstr(plain, "G = 3 5 2");
    assert_non_null(s);
    s[6] = '3';
    t = parse(plain);
    search(t, GS_MAXN, &tr, &r);
    assert_int_equal(r.cutoffs, 0);
    assert_true(tr.utilities[0] == 6);
    gs_tree_trace_free(t, &tr);
    gs_tree_free(t);
}

/* On random three-player trees whose utilities add up to at most 10,
 * max^n with shallow pruning gives the vector and best action it gives
 * without, never visiting more nodes, and prunes somewhere. */
static void test_shallow_pruning_keeps_the_answer(void **state)
{
    (void)state;
    char spec[128];
    uint64_t cut = 0;
    for (int k = 1; k <= 1500; k++) {
        spec_of(k, spec, sizeof spec);
        gs_tree *t = random_tree(spec);
        gs_tree *plain = vector_tree(t, 3, "", three);
        /* the same tree in lines, which carry `sum:` */
        text x = {0};
        put(&x, "sum: 10\n");
        /* one line a node, breadth first by number */
        for (int32_t n = 0; n < gs_tree_node_count(plain); n++) {
            int c = gs_tree_child_count(plain, n);
            const char *name = gs_tree_node_name(plain, n);
            if (c == 0) {
                double u[3];
                assert_true(gs_tree_node_utilities(plain, n, u));
                put(&x, "%s = %g %g %g\n", name, u[0], u[1], u[2]);
                continue;
            }
            put(&x, "%s:", name);
            for (int i = 0; i < c; i++)
                put(&x, " %s", gs_tree_node_name(plain,
                                                 gs_tree_child(plain, n, i)));
            put(&x, "\n");
        }
        gs_tree *summed = parse(x.s);
        free(x.s);
        gs_tree_trace tr;
        gs_result a, b;
        search(plain, GS_MAXN, &tr, &a);
        double ua[3] = {tr.utilities[0], tr.utilities[1], tr.utilities[2]};
        gs_tree_trace_free(plain, &tr);
        search(summed, GS_MAXN, &tr, &b);
        if (memcmp(ua, tr.utilities, sizeof ua) != 0 || a.best != b.best)
            fail_msg("%s: shallow pruning changed the answer", spec);
        assert_true(b.nodes <= a.nodes);
        assert_int_equal(a.cutoffs, 0);
        cut += b.cutoffs;
        gs_tree_trace_free(summed, &tr);
        gs_tree_free(summed);
        gs_tree_free(plain);
        gs_tree_free(t);
    }
    assert_true(cut > 0);
}

/* ---- a game with turn_to, for best-reply search ---- */

/*
 * Three players take turns: each move gives the mover 0 or 1 point and
 * takes 1 or 2 from one of the other two; after 6 moves the game ends,
 * each agent's utility its score. Any agent may move out of turn.
 */
typedef struct raid {
    int8_t turn, moves;
    int8_t score[3];
} raid;

static int r_to_move(const void *ctx, const void *s)
{
    (void)ctx;
    return ((const raid *)s)->turn;
}

static gs_role r_role(const void *ctx, int agent)
{
    (void)ctx;
    return agent == 0 ? GS_ROLE_MAX : GS_ROLE_MIN;
}

/* The moves a game lasts: 6, or the int the game's ctx points to. */
static int limit_of(const void *ctx)
{
    return ctx ? *(const int *)ctx : 6;
}

static bool r_terminal(const void *ctx, const void *s)
{
    return ((const raid *)s)->moves >= limit_of(ctx);
}

static int r_actions(const void *ctx, const void *s, gs_action *out)
{
    (void)ctx;
    (void)s;
    for (int a = 0; a < 4; a++)
        out[a] = a;
    return 4;
}

static void r_apply(const void *ctx, const void *s, gs_action a, void *out)
{
    (void)ctx;
    raid c = *(const raid *)s;
    int target = (c.turn + 1 + (a & 1)) % 3;
    c.score[c.turn] += (int8_t)(a >> 1);
    c.score[target] -= (int8_t)(1 + ((a >> 1) ^ (a & 1)));
    c.turn = (int8_t)((c.turn + 1) % 3);
    c.moves++;
    *(raid *)out = c;
}

static double r_value(const void *ctx, const void *s)
{
    (void)ctx;
    return ((const raid *)s)->score[0];
}

static void r_utilities(const void *ctx, const void *s, double *out)
{
    (void)ctx;
    for (int i = 0; i < 3; i++)
        out[i] = ((const raid *)s)->score[i];
}

static bool r_turn_to(const void *ctx, const void *s, int agent, void *out)
{
    (void)ctx;
    raid c = *(const raid *)s;
    c.turn = (int8_t)agent;
    *(raid *)out = c;
    return true;
}

static gs_game raid_game(void)
{
    gs_game g = {0};
    g.version = GS_GAME_VERSION;
    g.state_size = sizeof(raid);
    g.num_agents = 3;
    g.max_actions = 4;
    g.to_move = r_to_move;
    g.role = r_role;
    g.is_terminal = r_terminal;
    g.actions = r_actions;
    g.apply = r_apply;
    g.value = r_value;
    g.utilities = r_utilities;
    g.turn_to = r_turn_to;
    return g;
}

/* Best-reply search as its definition says, every node searched: the
 * root agent r's utility; *best the first best action at the root. */
static double brs_ref(const raid *s, int r, int turns, bool mine,
                      gs_action *best, int limit)
{
    if (s->moves >= limit || turns == 0)
        return s->score[r];
    double v = mine ? -INFINITY : INFINITY;
    for (int j = 0; j < 3; j++) {
        if (mine ? j != r : j == r)
            continue;
        raid t = *s;
        t.turn = (int8_t)j;
        for (gs_action a = 0; a < 4; a++) {
            raid c;
            r_apply(NULL, &t, a, &c);
            if (!mine)
                c.turn = (int8_t)r;
            double w = brs_ref(&c, r, turns - 1, !mine, NULL, limit);
            if (mine ? w > v : w < v) {
                v = w;
                if (best)
                    *best = a;
            }
        }
    }
    return v;
}

/* Max^n of the game, every node searched. */
static void maxn_ref(const raid *s, int plies, double *out, gs_action *best)
{
    if (s->moves >= 6 || plies == 0) {
        r_utilities(NULL, s, out);
        return;
    }
    bool first = true;
    for (gs_action a = 0; a < 4; a++) {
        raid c;
        double u[3];
        r_apply(NULL, s, a, &c);
        maxn_ref(&c, plies - 1, u, NULL);
        if (first || u[s->turn] > out[s->turn]) {
            memcpy(out, u, sizeof u);
            if (best)
                *best = a;
            first = false;
        }
    }
}

static void test_brs_and_maxn_on_a_game(void **state)
{
    (void)state;
    gs_game g = raid_game();
    gs_engine *e = NULL;
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
    for (int root_agent = 0; root_agent < 3; root_agent++)
        for (int depth = 1; depth <= 6; depth++) {
            raid root = {(int8_t)root_agent, 0, {0, 0, 0}};
            gs_search_options o;
            gs_search_options_init(&o);
            o.algo = GS_BRS;
            o.depth = depth;
            gs_result r;
            assert_int_equal(gs_search(e, &root, &o, &r), GS_OK);
            gs_action best = GS_NO_ACTION;
            double v = brs_ref(&root, root_agent, depth, true, &best, 6);
            if (r.value != v || r.best != best)
                fail_msg("brs, agent %d, depth %d: %g by %d, expected %g by "
                         "%d", root_agent, depth, r.value, (int)r.best, v,
                         (int)best);
            uint64_t nodes = r.nodes;
            assert_int_equal(gs_search(e, &root, &o, &r), GS_OK);
            assert_true(r.nodes == nodes);   /* determinism */

            o.algo = GS_MAXN;
            assert_int_equal(gs_search(e, &root, &o, &r), GS_OK);
            double u[3], w[3];
            maxn_ref(&root, depth, u, &best);
            assert_int_equal(gs_engine_utilities(e, w, 3), 3);
            if (memcmp(u, w, sizeof u) != 0 || r.best != best)
                fail_msg("maxn, agent %d, depth %d", root_agent, depth);
            assert_true(r.value == u[0]);

            /* paranoid: the root agent's utility, the others against it */
            o.algo = GS_PARANOID;
            assert_int_equal(gs_search(e, &root, &o, &r), GS_OK);
            assert_int_equal(r.stopped, GS_STOP_NONE);
            gs_result again;
            assert_int_equal(gs_search(e, &root, &o, &again), GS_OK);
            assert_true(again.value == r.value && again.nodes == r.nodes);
            /* never better than max^n gives it, never worse than BRS's
             * pessimism allows at depth 1 (one opponent reply) */
            assert_true(r.value <= u[root_agent]);
        }
    gs_engine_free(e);
}

/* Deeper than the engine's first stacks: best-reply search's opponent
 * turns take three state slots each, so 10 turns outgrow them (the
 * states move while the search holds the node's). */
static void test_brs_deep(void **state)
{
    (void)state;
    static const int limit = 10;
    gs_game g = raid_game();
    g.ctx = &limit;
    gs_engine *e = NULL;
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
    raid root = {2, 0, {0, 0, 0}};
    gs_search_options o;
    gs_search_options_init(&o);
    o.algo = GS_BRS;
    gs_result r;
    assert_int_equal(gs_search(e, &root, &o, &r), GS_OK);
    gs_action best = GS_NO_ACTION;
    double v = brs_ref(&root, 2, 10, true, &best, limit);
    assert_true(r.value == v);
    assert_int_equal(r.best, best);
    /* a search deeper than max_ply allows */
    o.max_ply = 12;
    assert_int_equal(gs_search(e, &root, &o, &r), GS_EPLY);
    gs_engine_free(e);
}

/* A chain of 40 plies, deeper than the engine's first stacks, and a
 * sibling leaf at the bottom: max^n's node reads its state after the
 * stacks grew. */
static void test_maxn_deep(void **state)
{
    (void)state;
    text x = {0};
    for (int i = 0; i < 40; i++)
        put(&x, "N%d: N%d\n", i, i + 1);
    put(&x, "N40: X Y\nX = 1 5 2\nY = 4 1 7\n");
    gs_tree *t = parse(x.s);
    free(x.s);
    gs_tree_trace tr;
    gs_result r;
    search(t, GS_MAXN, &tr, &r);
    /* N40 is at ply 40, agent 40 mod 3 = 1: it picks X (5 > 1) */
    assert_true(tr.utilities[0] == 1 && tr.utilities[1] == 5 &&
                tr.utilities[2] == 2);
    assert_int_equal(r.pv_length, 41);
    gs_tree_trace_free(t, &tr);
    gs_tree_free(t);
}

/* Paranoid from agent 1's side equals alpha-beta on a game whose roles
 * and value are agent 1's. */
static gs_role r1_role(const void *ctx, int agent)
{
    (void)ctx;
    return agent == 1 ? GS_ROLE_MAX : GS_ROLE_MIN;
}

static double r1_value(const void *ctx, const void *s)
{
    (void)ctx;
    return ((const raid *)s)->score[1];
}

static void test_paranoid_of_another_agent(void **state)
{
    (void)state;
    gs_game g = raid_game(), h = raid_game();
    h.role = r1_role;
    h.value = r1_value;
    h.utilities = NULL;
    gs_engine *e = NULL, *f = NULL;
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
    assert_int_equal(gs_engine_new(&h, NULL, &f), GS_OK);
    raid root0 = {0, 0, {0, 0, 0}}, root1 = {1, 0, {0, 0, 0}};
    gs_search_options o;
    gs_search_options_init(&o);
    o.depth = 5;
    gs_result p, a;
    /* agent 0 first, then agent 1: the view changes sides */
    o.algo = GS_PARANOID;
    assert_int_equal(gs_search(e, &root0, &o, &p), GS_OK);
    assert_int_equal(gs_search(e, &root1, &o, &p), GS_OK);
    o.algo = GS_ALPHABETA;
    assert_int_equal(gs_search(f, &root1, &o, &a), GS_OK);
    assert_true(p.value == a.value);
    assert_int_equal(p.best, a.best);
    assert_true(p.nodes == a.nodes);
    gs_engine_free(f);
    gs_engine_free(e);
}

/* ---- refusals ---- */

static void test_refusals(void **state)
{
    (void)state;
    gs_tree *t = parse(read_example("aima-5-4.tree"));
    gs_game g;
    gs_tree_game(t, &g);
    gs_engine *e = NULL;
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
    gs_tree_state root;
    gs_tree_root(t, &root);
    gs_search_options o;
    gs_search_options_init(&o);
    gs_result r;
    o.algo = GS_BRS;
    assert_int_equal(gs_search(e, &root, &o, &r), GS_EINVAL);
    assert_string_equal(gs_engine_error(e),
                        "options.algo is brs, which lets one opponent move "
                        "while the others pass, but the game has no turn_to "
                        "hook to make such a turn");
    o.algo = GS_MAXN;
    o.use_tt = true;
    assert_int_equal(gs_search(e, &root, &o, &r), GS_EINVAL);
    assert_string_equal(gs_engine_error(e),
                        "options.use_tt is set, but maxn keeps no "
                        "transposition table");
    o.use_tt = false;
    o.algo = (gs_algo)64;
    assert_int_equal(gs_search(e, &root, &o, &r), GS_EINVAL);
    assert_string_equal(gs_algo_name(GS_MAXN), "maxn");
    assert_int_equal(gs_algo_parse("paranoid"), GS_PARANOID);
    assert_int_equal(gs_algo_parse("brs"), GS_BRS);
    gs_engine_free(e);

    /* --agents of another count than the vectors */
    gs_role roles[2] = {GS_ROLE_MAX, GS_ROLE_MIN};
    assert_int_equal(gs_tree_set_roles(t, roles, 2), GS_EINVAL);
    assert_int_equal(gs_tree_num_agents(t), 3);
    gs_tree_free(t);
}

static gs_role chance_role(const void *ctx, int agent)
{
    (void)ctx;
    return agent == 1 ? GS_ROLE_CHANCE : GS_ROLE_MAX;
}

static void test_brs_refuses_chance(void **state)
{
    (void)state;
    gs_game g = raid_game();
    g.role = chance_role;
    gs_engine *e = NULL;
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
    raid root = {0, 0, {0, 0, 0}};
    gs_search_options o;
    gs_search_options_init(&o);
    o.algo = GS_BRS;
    gs_result r;
    assert_int_equal(gs_search(e, &root, &o, &r), GS_EINVAL);
    assert_string_equal(gs_engine_error(e),
                        "options.algo is brs, which searches agents that "
                        "choose their moves, but agent 1 is a chance agent "
                        "(use maxn or paranoid)");
    /* max^n averages the chance agent's children */
    o.algo = GS_MAXN;
    o.depth = 2;
    assert_int_equal(gs_search(e, &root, &o, &r), GS_OK);
    double u[3];
    assert_int_equal(gs_engine_utilities(e, u, 3), 3);
    gs_engine_free(e);
}

static void test_tree_errors(void **state)
{
    (void)state;
    assert_string_equal(parse_error("['A', ('B', [1, 2]), ('C', [1, 2, 3])]"),
                        "1:28: the utility vector of 'C' has 3 values, but "
                        "the first one (line 1) has 2: one utility an agent");
    assert_string_equal(parse_error("['A', ('B', [1, 2]), ('C', 4)]"),
                        "1:22: 'C' has a single value, but the tree's other "
                        "values are utility vectors of 2 (one utility an "
                        "agent)");
    assert_string_equal(parse_error("['A', ('B', [1 2])]"),
                        "1:16: expected ',' or ']' in the utility vector of "
                        "'B'");
    assert_string_equal(parse_error("['A', ('B', [])]"),
                        "1:14: expected a number in the utility vector of "
                        "'B'");
    assert_string_equal(parse_error("agents: max min\nA: B C\nB = 1 2 3\n"
                                    "C = 3 2 1\n"),
                        "1:1: agents: names 2 agents, but the utility "
                        "vectors have 3 values (one utility an agent)");
    assert_string_equal(parse_error("sum: 5\nA: B C\nB = 1 2 3\nC = 3 2 1\n"),
                        "3:1: the utilities of 'B' add up to 6, more than "
                        "sum: 5");
    assert_string_equal(parse_error("sum: 9\nA: B C\nB = 1 -2 3\n"
                                    "C = 3 2 1\n"),
                        "3:1: utility -2 of 'B' is below 0, but sum: "
                        "promises utilities of 0 or more");
    assert_string_equal(parse_error("sum: 9\nA: B C\nB = 1\nC = 3\n"),
                        "1:1: sum: bounds what the utilities of a vector "
                        "add up to, but the tree's values are single "
                        "numbers");
    assert_string_equal(parse_error("sum: 9\nsum: 8\nA: B\nB = 1 2\n"),
                        "2:1: sum is already given on line 1");
    /* the plain lists of numbers still read */
    gs_tree *t = parse("[[3, 12], [2]]");
    assert_int_equal(gs_tree_utility_count(t), 0);
    gs_tree_free(t);
    /* agents: as many as the vectors: its roles kept */
    t = parse("agents: max max chance\nA: B C\nB: D\nC: D\nD = 1 2 3\n");
    assert_int_equal(gs_tree_num_agents(t), 3);
    assert_int_equal(gs_tree_role(t, 2), GS_ROLE_CHANCE);
    gs_tree_free(t);
}

/* ---- allocation failure at every point ---- */

static void alloc_run(gs_algo algo, const char *example)
{
    const char *txt = read_example(example);
    for (long n = 1;; n++) {
        track tk;
        gs_allocator a = tracker(&tk);
        tk.fail_at = n;
        gs_tree *t = NULL;
        gs_error err;
        int rc = gs_tree_parse(txt, strlen(txt), &a, &t, &err);
        gs_engine *e = NULL;
        gs_game g;
        gs_result r;
        if (rc == GS_OK) {
            gs_tree_game(t, &g);
            rc = gs_engine_new(&g, &a, &e);
        }
        if (rc == GS_OK) {
            gs_tree_state root;
            gs_tree_root(t, &root);
            gs_search_options o;
            gs_search_options_init(&o);
            o.algo = algo;
            o.use_tt = algo == GS_PARANOID;
            rc = gs_search(e, &root, &o, &r);
            if (rc == GS_OK) {
                double u[3];
                if (algo == GS_MAXN) {
                    assert_int_equal(gs_engine_utilities(e, u, 3), 3);
                    assert_true(u[0] == 1 && u[1] == 2 && u[2] == 6);
                } else {
                    assert_true(r.value == 1);
                }
                /* once more, on what the engine keeps */
                assert_int_equal(gs_search(e, &root, &o, &r), GS_OK);
            }
        }
        if (rc == GS_OK) {
            gs_tree_trace tr;
            gs_search_options o;
            gs_search_options_init(&o);
            o.algo = algo;
            rc = gs_tree_trace_search(t, &o, &tr, &r, &err);
            if (rc == GS_OK)
                gs_tree_trace_free(t, &tr);
        }
        if (rc != GS_OK)
            assert_int_equal(rc, GS_ENOMEM);
        gs_engine_free(e);
        gs_tree_free(t);
        assert_int_equal(tk.live, 0);
        if (rc == GS_OK) {
            assert_int_equal(tk.failed, 0);
            break;
        }
        assert_true(n < 10000);
    }
}

static void test_alloc_maxn(void **state)
{
    (void)state;
    alloc_run(GS_MAXN, "aima-5-4.tree");
}

/* A trace of more steps than its first allocation holds: the steps and
 * their vectors grow together, and either failing frees both. */
static void test_alloc_long_trace(void **state)
{
    (void)state;
    gs_tree *src = random_tree("depth=5,branching=3,values=0..9,seed=7");
    text x = {0};
    as_vectors(src, gs_tree_root_node(src), &x, 3, three);
    gs_tree_free(src);
    for (long n = 1;; n++) {
        track tk;
        gs_allocator a = tracker(&tk);
        tk.fail_at = n;
        gs_tree *t = NULL;
        gs_error err;
        int rc = gs_tree_parse(x.s, strlen(x.s), &a, &t, &err);
        gs_tree_trace tr;
        gs_result r;
        if (rc == GS_OK) {
            gs_search_options o;
            gs_search_options_init(&o);
            o.algo = GS_MAXN;
            rc = gs_tree_trace_search(t, &o, &tr, &r, &err);
            if (rc == GS_OK) {
                assert_true(tr.count > 512);
                assert_non_null(tr.step_utilities);
                gs_tree_trace_free(t, &tr);
            }
        }
        if (rc != GS_OK)
            assert_int_equal(rc, GS_ENOMEM);
        gs_tree_free(t);
        assert_int_equal(tk.live, 0);
        if (rc == GS_OK)
            break;
        assert_true(n < 1000);
    }
    free(x.s);
}

static void test_alloc_paranoid(void **state)
{
    (void)state;
    alloc_run(GS_PARANOID, "aima-5-4.tree");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_maxn_is_minimax_on_two_players),
        cmocka_unit_test(test_paranoid_is_alphabeta),
        cmocka_unit_test(test_aima_5_4),
        cmocka_unit_test(test_page_data),
        cmocka_unit_test(test_shallow_pruning),
        cmocka_unit_test(test_shallow_pruning_keeps_the_answer),
        cmocka_unit_test(test_brs_and_maxn_on_a_game),
        cmocka_unit_test(test_brs_deep),
        cmocka_unit_test(test_maxn_deep),
        cmocka_unit_test(test_paranoid_of_another_agent),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_brs_refuses_chance),
        cmocka_unit_test(test_tree_errors),
        cmocka_unit_test(test_alloc_maxn),
        cmocka_unit_test(test_alloc_paranoid),
        cmocka_unit_test(test_alloc_long_trace),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
