/*
 * tests/test_limits.c: what gs_search promises about repeating a search and
 * about its node and time limits (gamesearch/search.h), on every game
 * gamesearch ships: explicit trees, tic-tac-toe and Gomoku, Connect Four
 * and Pacman.
 *
 * Facts checked:
 *   - Repeatability. Every search on one thread without a time limit is a
 *     function of the position and the options: minimax, alpha-beta under
 *     both pruning rules, expectimax; with and without the table,
 *     iterative deepening, null-window search, killer moves and history,
 *     symmetry, move ordering, prefetching, depth limits, a node limit.
 *     The same search on two fresh engines, again on one engine after
 *     gs_engine_tt_clear, and again after a different search and a clear,
 *     gives the same value, bound, best action, line, node, leaf, cutoff
 *     and table-hit counts, depth and stop reason. Searches that must agree
 *     on the value (the same depth, exact algorithms) do, and the solved
 *     positions have their known values.
 *   - Node limits. With max_nodes = K the search visits exactly
 *     min(K, N) nodes (N: the search without limit), never more, for K
 *     from 1 past the root's branching factor up to thousands; a stopped
 *     search's events are exactly the first events of the search without
 *     limit (up to the node it refused); a plain search's best action is
 *     the best among the root's children it finished (as its own events
 *     show), and with iterative deepening the result is that of the last
 *     iteration that fitted in the budget. With several threads, the nodes
 *     of all of them together stay within the budget.
 *   - Time limits. A search too large to finish returns within its
 *     max_seconds plus a safety margin (SAFETY_MARGIN: the machine is
 *     shared and the tests also run under AddressSanitizer; what the real
 *     overshoot is, bench_limits prints), having run at least max_seconds
 *     by its own clock: Pacman on the largest layout with all its ghosts
 *     (expectimax and alpha-beta, 10 rounds), Gomoku 15x15, Connect Four's
 *     empty board solved (one and two threads), a tree of 6^40 lines. The
 *     clock starts when the call does; emptying even a 1 GiB table inside
 *     it costs nothing measurable, and the
 *     clock is read often enough when every evaluation is slow. A search
 *     that finishes within its time limit is the search without one.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gamesearch/gamesearch.h"

#include "fixtures.h"
#include "needs_threads.h"
#include "layout_files.h"
#include "slow_game.h"
#include "pacman_fixture.h"

/* A time-limited search must answer within its limit and this much. */
#define SAFETY_MARGIN 0.150
/* The limit of the time-limited searches. */
#define TIME_LIMIT 0.050

/* ---- Helpers ------------------------------------------------------------ */

/* A growing string. */
typedef struct sbuf {
    char *s;
    size_t len, cap;
} sbuf;

static void sb_printf(sbuf *b, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->s ? b->s + b->len : NULL,
                          b->s ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        assert_true(n >= 0);
        if (b->s && b->len + (size_t)n < b->cap) {
            b->len += (size_t)n;
            return;
        }
        size_t cap = b->cap ? b->cap : 4096;
        while (cap <= b->len + (size_t)n)
            cap *= 2;
        b->s = realloc(b->s, cap);
        assert_non_null(b->s);
        b->cap = cap;
    }
}

/* ---- The games ---------------------------------------------------------- */

/* A game and a position in it, with what they are made from. Allocated
 * (never copied): a Pacman game points at `sg`. */
typedef struct subject {
    char name[96];
    gs_game game;
    void *root;
    gs_tree *tree;
    gs_mnk *mnk;
    gs_c4 *c4;
    gs_pacman *world;
    gs_pac_search_game sg;
    gs_solver solver;   /* the game's solver tier, when the test adds one */
} subject;

static subject *subject_new(const char *name)
{
    subject *s = calloc(1, sizeof *s);
    assert_non_null(s);
    snprintf(s->name, sizeof s->name, "%s", name);
    return s;
}

/* Says that every value of s's game is whole (value_grain 1), adding a
 * solver tier to a game without one. */
static void whole_values(subject *s)
{
    if (s->game.solver) {
        s->solver = *s->game.solver;
    } else {
        memset(&s->solver, 0, sizeof s->solver);
        s->solver.version = GS_SOLVER_VERSION;
    }
    s->solver.value_grain = 1.0;
    s->game.solver = &s->solver;
}

static void subject_free(subject *s)
{
    if (!s)
        return;
    free(s->root);
    gs_tree_free(s->tree);
    if (s->mnk)
        gs_mnk_free(s->mnk);
    if (s->c4)
        gs_c4_free(s->c4);
    if (s->world)
        gs_pacman_free(s->world);
    free(s);
}

static subject *tree_subject(const char *name, const char *text)
{
    subject *s = subject_new(name);
    gs_error err;
    int rc = gs_tree_parse(text, strlen(text), NULL, &s->tree, &err);
    if (rc != GS_OK)
        fail_msg("%s: tree refused (%d) at %d:%d: %s", name, rc, err.line,
                 err.column, err.message);
    gs_tree_game(s->tree, &s->game);
    s->root = malloc(sizeof(gs_tree_state));
    assert_non_null(s->root);
    gs_tree_root(s->tree, s->root);
    return s;
}

/*
 * A layered tree in the line syntax: the root, then `layers` layers of
 * `width` nodes; node i of layer l has between min_kids and max_kids
 * distinct children in layer l + 1 (all `width` of them when min_kids is
 * `width`), so that nodes are shared between parents (a DAG: a node is
 * always at the same ply, and the table finds it again). Every node has a
 * whole value in [-100, 100] (its evaluation at a depth cutoff when it has
 * children); the bounds -100 100 are declared. With `weights`, the
 * children of chance nodes get probabilities.
 */
static char *layered_tree(uint64_t seed, const char *agents, int layers,
                          int width, int min_kids, int max_kids, bool weights)
{
    sbuf b = {NULL, 0, 0};
    int nagents = 1;
    for (const char *p = agents; *p; p++)
        nagents += *p == ' ';
    gs_role roles[GS_TREE_MAX_AGENTS];
    int nroles = 0;
    gs_error err;
    assert_int_equal(gs_tree_parse_roles(agents, roles, &nroles, &err), GS_OK);
    assert_int_equal(nroles, nagents);
    sb_printf(&b, "agents: %s\nbounds: -100 100\nroot: n0_0\n", agents);
    int *kids = malloc((size_t)width * sizeof *kids);
    assert_non_null(kids);
    for (int l = 0; l < layers; l++) {
        int count = l == 0 ? 1 : width;
        bool chance = roles[l % nagents] == GS_ROLE_CHANCE;
        for (int i = 0; i < count; i++) {
            int k = min_kids + (int)(rng_next(&seed) %
                                     (uint64_t)(max_kids - min_kids + 1));
            /* k distinct children: a partial shuffle of 0 .. width-1. */
            for (int j = 0; j < width; j++)
                kids[j] = j;
            for (int j = 0; j < k; j++) {
                int r = j + (int)(rng_next(&seed) % (uint64_t)(width - j));
                int t = kids[j];
                kids[j] = kids[r];
                kids[r] = t;
            }
            int w[64];
            int total = 0;
            for (int j = 0; j < k; j++) {
                w[j] = 1 + (int)(rng_next(&seed) % 7);
                total += w[j];
            }
            sb_printf(&b, "n%d_%d:", l, i);
            for (int j = 0; j < k; j++) {
                sb_printf(&b, " m%d=n%d_%d", j, l + 1, kids[j]);
                if (chance && weights)
                    sb_printf(&b, "@%.17g", (double)w[j] / total);
            }
            sb_printf(&b, "\nn%d_%d = %d\n", l, i,
                      (int)(rng_next(&seed) % 201) - 100);
        }
    }
    for (int i = 0; i < width; i++)
        sb_printf(&b, "n%d_%d = %d\n", layers, i,
                  (int)(rng_next(&seed) % 201) - 100);
    free(kids);
    return b.s;
}

static subject *mnk_subject(const char *name, const gs_mnk_params *p,
                            const int *cells, int ncells)
{
    subject *s = subject_new(name);
    assert_int_equal(gs_mnk_new(p, NULL, &s->mnk), GS_OK);
    gs_mnk_game(s->mnk, &s->game);
    s->root = malloc(gs_mnk_state_size(s->mnk));
    assert_non_null(s->root);
    gs_mnk_empty(s->mnk, s->root);
    for (int i = 0; i < ncells; i++)
        assert_int_equal(gs_mnk_play(s->mnk, s->root, cells[i]), GS_OK);
    return s;
}

static subject *ttt_subject(const char *name, const int *cells, int ncells)
{
    gs_mnk_params p;
    gs_mnk_params_init(&p);
    subject *s = mnk_subject(name, &p, cells, ncells);
    /* Every value is whole (wins count stones, the line evaluation
     * counts lines): null-window search may bisect them. */
    whole_values(s);
    return s;
}

/* Gomoku 15x15 as `gamesearch gomoku` plays it: threats evaluation,
 * candidates within `radius` cells of a stone (the program's 2, or 1 for
 * smaller searches), ordered by the game's hint. */
static subject *gomoku_subject(const char *name, int radius, const int *cells,
                               int ncells)
{
    gs_mnk_params p;
    gs_mnk_params_init(&p);
    p.rows = p.cols = 15;
    p.k = 5;
    p.eval = GS_MNK_EVAL_THREATS;
    p.radius = radius;
    p.order_hint = true;
    return mnk_subject(name, &p, cells, ncells);
}

static subject *c4_subject(const char *name, const char *moves)
{
    subject *s = subject_new(name);
    gs_c4_params p;
    gs_c4_params_init(&p);
    assert_int_equal(gs_c4_new(&p, NULL, &s->c4), GS_OK);
    gs_c4_game(s->c4, &s->game);
    s->root = malloc(sizeof(gs_c4_state));
    assert_non_null(s->root);
    gs_error err;
    int rc = gs_c4_parse(s->c4, moves, strlen(moves), s->root, &err);
    if (rc != GS_OK)
        fail_msg("%s: position '%s' refused: %s", name, moves, err.message);
    return s;
}

static subject *pacman_subject(const char *name, const char *text, size_t len,
                               int ghosts, gs_pac_eval eval,
                               gs_pac_ghost_model model)
{
    subject *s = subject_new(name);
    s->world = world_from(text, len, ghosts, NULL, name);
    s->sg.world = s->world;
    s->sg.eval = eval;
    s->sg.ghosts = model;
    gs_pacman_search_game(&s->sg, &s->game);
    s->root = new_state(s->world);
    return s;
}

static subject *pacman_layout_subject(const char *name, const char *path,
                                      int ghosts, gs_pac_eval eval,
                                      gs_pac_ghost_model model)
{
    size_t len;
    char *text = read_file_text(path, &len);
    if (!text)
        fail_msg("%s: cannot read %s", name, path);
    subject *s = pacman_subject(name, text, len, ghosts, eval, model);
    free(text);
    return s;
}

/* Moves the subject's Pacman position on by `plies` moves (each agent's
 * in turn), each drawn from the legal ones by `seed`, never one that ends
 * the game: the ghosts leave their box and the maze is no longer the
 * start's. */
static void pacman_advance(subject *s, int plies, uint64_t seed)
{
    size_t size = gs_pacman_state_size(s->world);
    void *next = malloc(size);
    assert_non_null(next);
    for (int p = 0; p < plies; p++) {
        int agent = gs_pacman_to_move(s->world, s->root);
        int legal[GS_PAC_NUM_DIRS];
        int n = gs_pacman_legal(s->world, s->root, agent, legal);
        if (n == 0) {
            legal[0] = GS_PAC_STOP;   /* a ghost walled in passes */
            n = 1;
        }
        int first = (int)(rng_next(&seed) % (uint64_t)n);
        bool moved = false;
        for (int i = 0; i < n && !moved; i++) {
            memcpy(next, s->root, size);
            assert_int_equal(gs_pacman_apply(s->world, next, agent,
                                             legal[(first + i) % n]), GS_OK);
            if (!gs_pacman_is_win(s->world, next) &&
                !gs_pacman_is_lose(s->world, next)) {
                memcpy(s->root, next, size);
                moved = true;
            }
        }
        assert_true(moved);
    }
    free(next);
}

/* The root's legal actions in the game's order; returns how many. */
static int root_actions(const subject *s, gs_action *out)
{
    int n = s->game.actions(s->game.ctx, s->root, out);
    assert_true(n >= 1 && n <= s->game.max_actions);
    return n;
}

/* The position of `a` among the root's legal actions, or -1. */
static int root_index(const subject *s, gs_action a)
{
    gs_action *acts = malloc((size_t)s->game.max_actions * sizeof *acts);
    assert_non_null(acts);
    int n = root_actions(s, acts), at = -1;
    for (int i = 0; i < n; i++)
        if (acts[i] == a)
            at = i;
    free(acts);
    return at;
}

/* ---- Options ------------------------------------------------------------- */

enum {
    F_TT = 1 << 0,
    F_ITER = 1 << 1,
    F_NULLWIN = 1 << 2,
    F_HISTORY = 1 << 3,
    F_SYM = 1 << 4,
    F_ORDER = 1 << 5,
    F_STRICT = 1 << 6,      /* the CS188 rule: cut only on v > beta */
    F_PREFETCH = 1 << 7,
    F_ROUNDS = 1 << 8       /* depth in rounds */
};

/* The solver options of every combination of F_NULLWIN, F_SYM and
 * F_PREFETCH (index: those bits shifted down), for opts() to point to. */
#define SOLVER_OPTIONS(i)                                                     \
    {.size = sizeof(gs_solver_options), .null_window = ((i) & 1) != 0,     \
     .tt_symmetry = ((i) & 2) != 0, .prefetch = ((i) & 4) != 0}
static const gs_solver_options solver_options[8] = {
    SOLVER_OPTIONS(0), SOLVER_OPTIONS(1), SOLVER_OPTIONS(2),
    SOLVER_OPTIONS(3), SOLVER_OPTIONS(4), SOLVER_OPTIONS(5),
    SOLVER_OPTIONS(6), SOLVER_OPTIONS(7)};

static gs_search_options opts(gs_algo algo, int depth, unsigned flags)
{
    gs_search_options o;
    gs_search_options_init(&o);
    unsigned which = ((flags & F_NULLWIN) ? 1u : 0u) |
                     ((flags & F_SYM) ? 2u : 0u) |
                     ((flags & F_PREFETCH) ? 4u : 0u);
    o.solver = which ? &solver_options[which] : NULL;
    o.algo = algo;
    o.depth = depth;
    o.depth_unit = (flags & F_ROUNDS) ? GS_DEPTH_ROUNDS : GS_DEPTH_PLIES;
    o.use_tt = (flags & F_TT) != 0;
    o.iterative = (flags & F_ITER) != 0;
    o.history = (flags & F_HISTORY) != 0;
    o.order_moves = (flags & F_ORDER) != 0;
    o.prune_equal = (flags & F_STRICT) == 0;
    return o;
}

static void describe(const gs_search_options *o, char *buf, size_t size)
{
    static const gs_solver_options none = {.size = 0};
    const gs_solver_options *so = o->solver ? o->solver : &none;
    snprintf(buf, size, "%s depth %d%s%s%s%s%s%s%s%s%s nodes<=%llu",
             gs_algo_name(o->algo), o->depth,
             o->depth_unit == GS_DEPTH_ROUNDS ? " rounds" : "",
             o->prune_equal ? "" : " strict", o->use_tt ? " tt" : "",
             o->iterative ? " iter" : "", so->null_window ? " nullwin" : "",
             o->history ? " history" : "", so->tt_symmetry ? " sym" : "",
             o->order_moves ? " order" : "", so->prefetch ? " prefetch" : "",
             (unsigned long long)o->max_nodes);
}

/* ---- Comparing results --------------------------------------------------- */

static bool same_result(const gs_result *a, const gs_result *b)
{
    return memcmp(&a->value, &b->value, sizeof a->value) == 0 &&
           a->bound == b->bound && a->best == b->best &&
           a->best_index == b->best_index && a->pv_length == b->pv_length &&
           a->pv_length >= 0 && a->pv_length <= GS_PV_MAX &&
           memcmp(a->pv, b->pv, (size_t)a->pv_length * sizeof a->pv[0]) == 0 &&
           a->nodes == b->nodes && a->leaves == b->leaves &&
           a->cutoffs == b->cutoffs && a->tt_hits == b->tt_hits &&
           a->depth == b->depth && a->stopped == b->stopped;
}

static void expect_same(const subject *s, const gs_search_options *o,
                        const char *how, const gs_result *a,
                        const gs_result *b)
{
    if (same_result(a, b))
        return;
    char d[256];
    describe(o, d, sizeof d);
    fail_msg("%s, %s: %s differs: value %.17g/%.17g bound %d/%d best %d/%d "
             "(index %d/%d) pv %d/%d nodes %llu/%llu leaves %llu/%llu "
             "cutoffs %llu/%llu tt_hits %llu/%llu depth %d/%d stopped %d/%d",
             s->name, d, how, a->value, b->value, a->bound, b->bound,
             a->best, b->best, a->best_index, b->best_index, a->pv_length,
             b->pv_length, (unsigned long long)a->nodes,
             (unsigned long long)b->nodes, (unsigned long long)a->leaves,
             (unsigned long long)b->leaves, (unsigned long long)a->cutoffs,
             (unsigned long long)b->cutoffs, (unsigned long long)a->tt_hits,
             (unsigned long long)b->tt_hits, a->depth, b->depth, a->stopped,
             b->stopped);
}

static void search_ok(const subject *s, gs_engine *e,
                      const gs_search_options *o, gs_result *r)
{
    int rc = gs_search(e, s->root, o, r);
    if (rc != GS_OK) {
        char d[256];
        describe(o, d, sizeof d);
        fail_msg("%s, %s: gs_search returned %d (%s)", s->name, d, rc,
                 gs_strerror(rc));
    }
}

/* ---- 1. Repeatability ---------------------------------------------------- */

/* A search and what its value must equal: searches of one group (the same
 * depth; exact algorithms) agree on the value. Group 0: no such check. */
typedef struct recipe {
    gs_search_options o;
    int group;
} recipe;

/*
 * The search `o` of s four times: on two fresh engines, on the second
 * again after gs_engine_tt_clear, and again after another search (half as
 * deep, or two plies, with the same algorithm) and a clear. All four must
 * be the same. The first is returned in *out.
 */
static void check_repeatable(const subject *s, const gs_search_options *o,
                             gs_result *out)
{
    gs_engine *e1 = NULL, *e2 = NULL;
    gs_result a, b, c, d, other;
    assert_int_equal(gs_engine_new(&s->game, NULL, &e1), GS_OK);
    search_ok(s, e1, o, &a);
    gs_engine_free(e1);

    assert_int_equal(gs_engine_new(&s->game, NULL, &e2), GS_OK);
    search_ok(s, e2, o, &b);
    expect_same(s, o, "a second fresh engine", &a, &b);

    gs_engine_tt_clear(e2);
    search_ok(s, e2, o, &c);
    expect_same(s, o, "the same engine after gs_engine_tt_clear", &a, &c);

    gs_search_options o2 = *o;
    o2.depth = o->depth > 1 ? o->depth / 2 : 2;
    o2.max_nodes = 0;
    search_ok(s, e2, &o2, &other);
    gs_engine_tt_clear(e2);
    search_ok(s, e2, o, &d);
    expect_same(s, o, "the same engine after another search and a clear",
                &a, &d);
    gs_engine_free(e2);

    /* A search that did something: more than the root, and an answer. */
    assert_true(a.nodes > 1);
    assert_true(a.leaves >= 1 && a.leaves <= a.nodes);
    assert_true(a.stopped == GS_STOP_NONE || a.stopped == GS_STOP_NODES);
    if (a.stopped == GS_STOP_NODES)
        assert_int_equal(a.nodes, o->max_nodes);
    *out = a;
}

/* Runs every recipe through check_repeatable; recipes of one group agree
 * on the value (a stopped search has none). The results go to res[]. */
static void check_recipes(const subject *s, const recipe *rs, int n,
                          gs_result *res)
{
    for (int i = 0; i < n; i++) {
        check_repeatable(s, &rs[i].o, &res[i]);
        if (rs[i].group == 0 || res[i].stopped != GS_STOP_NONE)
            continue;
        for (int j = 0; j < i; j++) {
            if (rs[j].group != rs[i].group || res[j].stopped != GS_STOP_NONE)
                continue;
            if (res[i].value != res[j].value) {
                char di[256], dj[256];
                describe(&rs[i].o, di, sizeof di);
                describe(&rs[j].o, dj, sizeof dj);
                fail_msg("%s: %s finds %.17g, %s finds %.17g", s->name, di,
                         res[i].value, dj, res[j].value);
            }
            break;
        }
    }
}

/* The recipes every two-agent MAX/MIN game gets at `depth` plies (0: to
 * the end): minimax is group 1's reference. */
static int minmax_recipes(recipe *rs, int depth, bool ordered)
{
    int n = 0;
    unsigned ord = ordered ? F_ORDER : 0;
    rs[n++] = (recipe){opts(GS_MINIMAX, depth, 0), 1};
    rs[n++] = (recipe){opts(GS_ALPHABETA, depth, 0), 1};
    rs[n++] = (recipe){opts(GS_ALPHABETA, depth, F_STRICT), 1};
    rs[n++] = (recipe){opts(GS_ALPHABETA, depth, ord), 1};
    rs[n++] = (recipe){opts(GS_ALPHABETA, depth, F_TT | ord), 1};
    rs[n++] = (recipe){opts(GS_ALPHABETA, depth, F_TT | F_STRICT), 1};
    rs[n++] = (recipe){opts(GS_ALPHABETA, depth, F_TT | F_ITER | ord), 1};
    rs[n++] = (recipe){opts(GS_ALPHABETA, depth, F_HISTORY | ord), 1};
    rs[n++] = (recipe){opts(GS_ALPHABETA, depth,
                            F_TT | F_ITER | F_HISTORY | ord | F_PREFETCH), 1};
    rs[n++] = (recipe){opts(GS_MINIMAX, depth, F_TT | F_ITER), 1};
    rs[n++] = (recipe){opts(GS_EXPECTIMAX, depth, 0), 2};
    rs[n++] = (recipe){opts(GS_EXPECTIMAX, depth, F_TT | F_ITER), 2};
    /* A node limit: the stopped search repeats too. */
    rs[n] = (recipe){opts(GS_ALPHABETA, depth, F_TT | F_ITER | ord), 0};
    rs[n++].o.max_nodes = 777;
    return n;
}

/* Gomoku: X h8, O i9, X h7, O h9, X g9. */
static const int gomoku_cells[5] = {7 * 15 + 7, 8 * 15 + 8, 6 * 15 + 7,
                                    8 * 15 + 7, 8 * 15 + 6};

static void test_repeat_trees(void **state)
{
    (void)state;
    recipe rs[32];
    gs_result res[32];

    /* MAX, MIN and a weighted die, with bounds: Star1 prunes at the die. */
    char *text = layered_tree(11, "max min chance", 9, 5, 1, 4, true);
    subject *s = tree_subject("tree max-min-chance", text);
    free(text);
    for (int depth = 0; depth <= 6; depth += 6) {
        int n = 0;
        rs[n++] = (recipe){opts(GS_MINIMAX, depth, 0), 1};
        rs[n++] = (recipe){opts(GS_ALPHABETA, depth, 0), 1};
        rs[n++] = (recipe){opts(GS_ALPHABETA, depth, F_STRICT), 1};
        rs[n++] = (recipe){opts(GS_ALPHABETA, depth, F_TT), 1};
        rs[n++] = (recipe){opts(GS_ALPHABETA, depth, F_TT | F_ITER), 1};
        rs[n++] = (recipe){opts(GS_ALPHABETA, depth, F_TT | F_HISTORY), 1};
        rs[n++] = (recipe){opts(GS_ALPHABETA, depth / 3, F_ROUNDS | F_TT), 1};
        rs[n++] = (recipe){opts(GS_EXPECTIMAX, depth, 0), 2};
        rs[n++] = (recipe){opts(GS_EXPECTIMAX, depth, F_TT | F_ITER), 2};
        rs[n] = (recipe){opts(GS_ALPHABETA, depth, F_TT | F_ITER), 0};
        rs[n++].o.max_nodes = 500;
        check_recipes(s, rs, n, res);
    }
    subject_free(s);

    /* MAX and MIN with whole values: null-window search too. */
    text = layered_tree(5, "max min", 11, 6, 1, 4, false);
    s = tree_subject("tree max-min", text);
    free(text);
    whole_values(s);
    for (int depth = 0; depth <= 7; depth += 7) {
        int n = minmax_recipes(rs, depth, false);
        rs[n++] = (recipe){opts(GS_ALPHABETA, depth, F_NULLWIN), 1};
        rs[n++] = (recipe){opts(GS_ALPHABETA, depth, F_TT | F_NULLWIN), 1};
        rs[n++] = (recipe){opts(GS_ALPHABETA, depth,
                                F_TT | F_NULLWIN | F_ITER | F_HISTORY), 1};
        check_recipes(s, rs, n, res);
    }
    subject_free(s);
}

static void test_repeat_mnk(void **state)
{
    (void)state;
    recipe rs[32];
    gs_result res[32];

    /* Tic-tac-toe, X in the centre and O in a corner: solved, a draw; and
     * the empty board to depth 4. */
    const int cells[2] = {4, 0};
    subject *s = ttt_subject("tic-tac-toe b2 a1", cells, 2);
    int n = minmax_recipes(rs, 0, false);
    rs[n++] = (recipe){opts(GS_ALPHABETA, 0, F_TT | F_NULLWIN), 1};
    rs[n++] = (recipe){opts(GS_ALPHABETA, 0, F_TT | F_NULLWIN | F_HISTORY), 1};
    check_recipes(s, rs, n, res);
    assert_true(res[0].value == 0.0);
    subject_free(s);

    s = ttt_subject("tic-tac-toe, empty board", NULL, 0);
    n = minmax_recipes(rs, 4, false);
    rs[n++] = (recipe){opts(GS_ALPHABETA, 4, F_TT | F_NULLWIN | F_ITER), 1};
    check_recipes(s, rs, n, res);
    subject_free(s);

    /* Gomoku 15x15, five stones down, candidates next to a stone. */
    s = gomoku_subject("gomoku 15x15, 5 stones", 1, gomoku_cells, 5);
    n = 0;
    rs[n++] = (recipe){opts(GS_MINIMAX, 2, 0), 1};
    rs[n++] = (recipe){opts(GS_ALPHABETA, 2, 0), 1};
    rs[n++] = (recipe){opts(GS_ALPHABETA, 2, F_ORDER | F_TT), 1};
    rs[n++] = (recipe){opts(GS_ALPHABETA, 3, F_ORDER), 3};
    rs[n++] = (recipe){opts(GS_ALPHABETA, 3, F_ORDER | F_TT | F_ITER), 3};
    rs[n++] = (recipe){opts(GS_ALPHABETA, 3,
                            F_ORDER | F_TT | F_ITER | F_HISTORY), 3};
    rs[n++] = (recipe){opts(GS_ALPHABETA, 3, F_STRICT | F_TT | F_ORDER), 3};
    rs[n++] = (recipe){opts(GS_EXPECTIMAX, 2, 0), 2};
    rs[n] = (recipe){opts(GS_ALPHABETA, 6, F_ORDER | F_TT | F_ITER), 0};
    rs[n++].o.max_nodes = 3000;
    check_recipes(s, rs, n, res);
    subject_free(s);
}

static void test_repeat_connect4(void **state)
{
    (void)state;
    recipe rs[32];
    gs_result res[32];

    /* Pons's Test_L3_R1: the second player to move, scored -1 for them:
     * +1 from the first player's side. */
    subject *s = c4_subject("connect4 2252576253462244111563365343671351441",
                            "2252576253462244111563365343671351441");
    int n = minmax_recipes(rs, 0, true);
    rs[n++] = (recipe){opts(GS_ALPHABETA, 0, F_TT | F_NULLWIN | F_ORDER), 1};
    rs[n++] = (recipe){opts(GS_ALPHABETA, 0, F_TT | F_NULLWIN | F_ORDER |
                                                 F_SYM | F_PREFETCH), 1};
    rs[n++] = (recipe){opts(GS_ALPHABETA, 0, F_TT | F_NULLWIN | F_ORDER |
                                                 F_HISTORY | F_SYM), 1};
    check_recipes(s, rs, n, res);
    assert_true(res[0].value == 1.0);
    subject_free(s);

    /* Test_L2_R1's 52753311433677442422121: 8 for the second player, to
     * move: -8. Too big for minimax: the solvers only. */
    s = c4_subject("connect4 52753311433677442422121", "52753311433677442422121");
    n = 0;
    rs[n++] = (recipe){opts(GS_ALPHABETA, 0, F_TT | F_NULLWIN | F_ORDER), 1};
    rs[n++] = (recipe){opts(GS_ALPHABETA, 0, F_TT | F_NULLWIN | F_ORDER |
                                                 F_SYM | F_PREFETCH), 1};
    rs[n++] = (recipe){opts(GS_ALPHABETA, 0, F_TT | F_NULLWIN | F_ORDER |
                                                 F_HISTORY), 1};
    rs[n++] = (recipe){opts(GS_ALPHABETA, 0, F_TT | F_ORDER | F_ITER), 1};
    check_recipes(s, rs, n, res);
    assert_true(res[0].value == -8.0);
    subject_free(s);

    /* The empty board to 5 plies. */
    s = c4_subject("connect4, empty board", "");
    n = minmax_recipes(rs, 5, true);
    rs[n++] = (recipe){opts(GS_ALPHABETA, 5, F_TT | F_NULLWIN | F_ORDER |
                                                 F_SYM), 1};
    check_recipes(s, rs, n, res);
    subject_free(s);
}

static void test_repeat_pacman(void **state)
{
    (void)state;
    recipe rs[32];
    gs_result res[32];
    const char *path = GS_SOURCE_DIR "/layouts/arena.lay";

    /* The CS188 agents' searches: ghosts MIN, depth in rounds; four rounds
     * into a game on an open maze with two ghosts. */
    subject *s = pacman_layout_subject("pacman arena, 2 ghosts, better", path,
                                       2, GS_PAC_EVAL_BETTER,
                                       GS_PAC_GHOSTS_MIN);
    pacman_advance(s, 12, 3);
    int n = 0;
    rs[n++] = (recipe){opts(GS_MINIMAX, 2, F_ROUNDS), 1};
    rs[n++] = (recipe){opts(GS_ALPHABETA, 2, F_ROUNDS | F_STRICT), 1};
    rs[n++] = (recipe){opts(GS_ALPHABETA, 2, F_ROUNDS), 1};
    rs[n++] = (recipe){opts(GS_ALPHABETA, 2, F_ROUNDS | F_TT | F_ITER), 1};
    rs[n++] = (recipe){opts(GS_ALPHABETA, 2, F_ROUNDS | F_TT | F_HISTORY), 1};
    rs[n++] = (recipe){opts(GS_EXPECTIMAX, 2, F_ROUNDS), 2};
    rs[n++] = (recipe){opts(GS_EXPECTIMAX, 2, F_ROUNDS | F_TT | F_ITER), 2};
    check_recipes(s, rs, n, res);
    /* Ghosts that minimise and ghosts that wander disagree here, on the
     * value and on the move. */
    assert_true(res[0].value < res[5].value);
    assert_int_not_equal(res[0].best, res[5].best);
    subject_free(s);

    /* ChampionAgent's: DirectionalGhosts as chance nodes, its
     * evaluation, the table, iterative deepening under a node budget. */
    s = pacman_layout_subject("pacman arena, 2 ghosts, champion", path, 2,
                              GS_PAC_EVAL_CHAMPION,
                              GS_PAC_GHOSTS_DIRECTIONAL);
    pacman_advance(s, 12, 3);
    n = 0;
    rs[n++] = (recipe){opts(GS_EXPECTIMAX, 2, F_ROUNDS), 1};
    rs[n++] = (recipe){opts(GS_EXPECTIMAX, 2, F_ROUNDS | F_TT), 1};
    rs[n++] = (recipe){opts(GS_MINIMAX, 2, F_ROUNDS), 1};
    rs[n++] = (recipe){opts(GS_ALPHABETA, 2, F_ROUNDS), 1};
    rs[n] = (recipe){opts(GS_EXPECTIMAX, 0, F_ROUNDS | F_TT | F_ITER), 0};
    rs[n++].o.max_nodes = 20000;
    check_recipes(s, rs, n, res);
    /* The budget stops it in some iteration after the first. */
    assert_int_equal(res[n - 1].stopped, GS_STOP_NODES);
    assert_true(res[n - 1].depth >= 2);
    subject_free(s);
}

/* ---- 2. Node limits ------------------------------------------------------ */

/* What a search's events show: a running digest of every event, the
 * digests just before given ENTER events, and the best root child among
 * those it finished. */
typedef struct trace {
    uint64_t enters;
    uint64_t digest;
    const uint64_t *marks;   /* ascending node counts K ... */
    uint64_t *at_mark;       /* ... and the digest before ENTER K + 1 */
    int nmarks, next_mark;
    bool maximize;           /* the root's agent is MAX */
    bool have_best;
    double best_value;
    gs_action best;
} trace;

static void digest_bytes(trace *t, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        t->digest ^= b[i];
        t->digest *= 0x100000001B3ull;
    }
}

static void trace_hook(void *user, gs_event_kind kind, const gs_event *ev)
{
    trace *t = user;
    if (kind == GS_EVENT_ENTER) {
        while (t->next_mark < t->nmarks &&
               t->marks[t->next_mark] <= t->enters) {
            if (t->marks[t->next_mark] == t->enters)
                t->at_mark[t->next_mark] = t->digest;
            t->next_mark++;
        }
        t->enters++;
        if (ev->ply == 0)
            t->have_best = false;   /* a new iteration or probe */
    }
    int k = (int)kind, leaf = ev->leaf, bound = (int)ev->bound;
    digest_bytes(t, &k, sizeof k);
    digest_bytes(t, &ev->ply, sizeof ev->ply);
    digest_bytes(t, &ev->agent, sizeof ev->agent);
    digest_bytes(t, &ev->action, sizeof ev->action);
    digest_bytes(t, &ev->index, sizeof ev->index);
    digest_bytes(t, &leaf, sizeof leaf);
    digest_bytes(t, &ev->value, sizeof ev->value);
    digest_bytes(t, &bound, sizeof bound);
    /* A root child finished: the engine's rule for the best so far. */
    if (kind == GS_EVENT_LEAVE && ev->ply == 1) {
        if (!t->have_best || (t->maximize ? ev->value > t->best_value
                                          : ev->value < t->best_value)) {
            t->have_best = true;
            t->best_value = ev->value;
            t->best = ev->action;
        }
    }
}

static void trace_init(trace *t, const subject *s, const uint64_t *marks,
                       uint64_t *at_mark, int nmarks)
{
    memset(t, 0, sizeof *t);
    t->digest = 0xCBF29CE484222325ull;
    t->marks = marks;
    t->at_mark = at_mark;
    t->nmarks = nmarks;
    int agent = s->game.to_move(s->game.ctx, s->root);
    gs_role role = s->game.role(s->game.ctx, agent);
    assert_true(role != GS_ROLE_CHANCE);   /* a chance root has no best */
    t->maximize = role == GS_ROLE_MAX;
    t->best = GS_NO_ACTION;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The budgets tried: every K from 1 to twice the root's branching factor
 * and a little more (where an engine that counted children as it
 * generated them would overshoot), then about 1.6 times the last up to
 * kmax, then kmax. Returns how many (at most `room`). */
static int budgets(const subject *s, uint64_t kmax, uint64_t *ks, int room)
{
    gs_action *acts = malloc((size_t)s->game.max_actions * sizeof *acts);
    assert_non_null(acts);
    uint64_t b = (uint64_t)root_actions(s, acts);
    free(acts);
    int n = 0;
    for (uint64_t k = 1; k <= 2 * b + 3 && k < kmax && n < room - 1; k++)
        ks[n++] = k;
    for (uint64_t k = n ? ks[n - 1] : 1; n < room - 1;) {
        k = k + k / 2 + k / 8 + 1;
        if (k >= kmax)
            break;
        ks[n++] = k;
    }
    ks[n++] = kmax;
    return n;
}

/*
 * The search `o` of s under node budgets up to kmax. A reference search
 * with the budget kmax records its events; then for each budget K:
 *   - the search visits exactly min(K, N) nodes (N: the nodes of the
 *     search without a limit, known when the reference finished), and
 *     says it stopped exactly when K < N;
 *   - its events are the reference's up to ENTER K + 1 (all of them when
 *     it finished), so a limit changes nothing before it bites;
 *   - a plain search's best action is the best root child among those
 *     it finished (its own events), at its place in the game's order;
 *   - without the hook it finishes the same way.
 * Each search starts from an empty table. Returns N when the search
 * finishes within kmax nodes, 0 when kmax stops it.
 */
static uint64_t check_node_limits(const subject *s, const gs_search_options *o,
                                  uint64_t kmax)
{
    char d[256];
    describe(o, d, sizeof d);
    uint64_t ks[64];
    int nk = budgets(s, kmax, ks, 60);
    uint64_t at_mark[64];
    memset(at_mark, 0, sizeof at_mark);

    gs_engine *e = NULL;
    assert_int_equal(gs_engine_new(&s->game, NULL, &e), GS_OK);
    gs_search_options ro = *o;
    ro.max_nodes = kmax;
    ro.hook = trace_hook;
    /* A first look: when the search fits, the budgets one short of it,
     * exactly it and one more are tried too. */
    trace first;
    trace_init(&first, s, NULL, NULL, 0);
    ro.hook_user = &first;
    gs_result rr;
    search_ok(s, e, &ro, &rr);
    if (rr.stopped == GS_STOP_NONE) {
        for (uint64_t k = rr.nodes > 1 ? rr.nodes - 1 : 1; k <= rr.nodes + 1;
             k++)
            ks[nk++] = k;
    }
    qsort(ks, (size_t)nk, sizeof ks[0], cmp_u64);
    int unique = 0;
    for (int i = 0; i < nk; i++)
        if (unique == 0 || ks[i] != ks[unique - 1])
            ks[unique++] = ks[i];
    nk = unique;
    /* The reference: the same search again, the digests at each budget
     * taken on the way. */
    trace ref;
    trace_init(&ref, s, ks, at_mark, nk);
    ro.hook_user = &ref;
    gs_engine_tt_clear(e);
    search_ok(s, e, &ro, &rr);
    assert_true(ref.digest == first.digest && ref.enters == first.enters);
    /* The reference itself: never past its budget. */
    assert_int_equal(rr.nodes, ref.enters);
    if (rr.stopped == GS_STOP_NODES)
        assert_int_equal(rr.nodes, kmax);
    else
        assert_true(rr.stopped == GS_STOP_NONE && rr.nodes <= kmax);
    bool plain = !o->iterative && !(o->solver && o->solver->null_window);

    for (int i = 0; i < nk; i++) {
        uint64_t k = ks[i];
        trace t;
        trace_init(&t, s, NULL, NULL, 0);
        gs_search_options lo = *o;
        lo.max_nodes = k;
        lo.hook = trace_hook;
        lo.hook_user = &t;
        gs_result r;
        gs_engine_tt_clear(e);
        search_ok(s, e, &lo, &r);
        bool finished = rr.stopped == GS_STOP_NONE && k >= rr.nodes;
        if (finished) {
            /* The whole search fits: the same as without a limit. */
            if (r.stopped != GS_STOP_NONE || r.nodes != rr.nodes ||
                t.digest != ref.digest)
                fail_msg("%s, %s, max_nodes %llu: stopped %d after %llu nodes; "
                         "the search needs %llu", s->name, d,
                         (unsigned long long)k, r.stopped,
                         (unsigned long long)r.nodes,
                         (unsigned long long)rr.nodes);
            assert_true(memcmp(&r.value, &rr.value, sizeof r.value) == 0);
            assert_int_equal(r.best, rr.best);
        } else {
            /* Stopped, exactly at the budget, on the reference's path. */
            uint64_t want = k == kmax ? ref.digest : at_mark[i];
            if (r.stopped != GS_STOP_NODES || r.nodes != k ||
                t.enters != k || t.digest != want)
                fail_msg("%s, %s, max_nodes %llu: stopped %d after %llu nodes "
                         "(%llu entered), %s the search without a limit",
                         s->name, d, (unsigned long long)k, r.stopped,
                         (unsigned long long)r.nodes,
                         (unsigned long long)t.enters,
                         t.digest == want ? "as" : "NOT as");
            assert_true(r.leaves <= r.nodes);
            if (plain) {
                gs_action want_best = t.have_best ? t.best : GS_NO_ACTION;
                if (r.best != want_best)
                    fail_msg("%s, %s, max_nodes %llu: best %d, but the best "
                             "root child finished is %d", s->name, d,
                             (unsigned long long)k, r.best, want_best);
                assert_int_equal(r.best_index,
                                 r.best == GS_NO_ACTION ? -1
                                                        : root_index(s, r.best));
            }
        }
        /* The hook watches; it changes nothing. */
        gs_result q;
        lo.hook = NULL;
        lo.hook_user = NULL;
        gs_engine_tt_clear(e);
        search_ok(s, e, &lo, &q);
        expect_same(s, &lo, "the search without the hook", &r, &q);
    }
    gs_engine_free(e);
    return rr.stopped == GS_STOP_NONE ? rr.nodes : 0;
}

/*
 * Iterative deepening `o` to `deepest` (in its unit) under node budgets:
 * N_d, the nodes of the search to depth d, are the first N_d nodes of the
 * deeper ones; a budget K with N_d <= K < N_(d+1) answers with depth d and
 * iteration d's best action (with K == N_d exactly: iteration d finished,
 * the next refused its root); below N_1, with depth 0 and the best root
 * child the first iteration finished.
 */
static void check_iteration_limits(const subject *s, const gs_search_options *o,
                                   int deepest)
{
    char d[256];
    describe(o, d, sizeof d);
    assert_true(o->iterative);
    gs_engine *e = NULL;
    assert_int_equal(gs_engine_new(&s->game, NULL, &e), GS_OK);
    uint64_t nd[32];
    gs_action bd[32];
    assert_true(deepest >= 1 && deepest < 32);
    nd[0] = 0;
    bd[0] = GS_NO_ACTION;
    for (int depth = 1; depth <= deepest; depth++) {
        gs_search_options io = *o;
        io.depth = depth;
        gs_result r;
        gs_engine_tt_clear(e);
        search_ok(s, e, &io, &r);
        /* Every iteration meets the cutoff: none ends the search early. */
        assert_int_equal(r.stopped, GS_STOP_NONE);
        assert_int_equal(r.depth, depth);
        assert_true(r.nodes > nd[depth - 1]);
        nd[depth] = r.nodes;
        bd[depth] = r.best;
    }
    gs_search_options lo = *o;
    lo.depth = deepest;
    for (int depth = 1; depth <= deepest; depth++) {
        uint64_t around[5] = {nd[depth - 1] + 1, nd[depth - 1] + 2,
                              (nd[depth - 1] + nd[depth]) / 2, nd[depth] - 1,
                              nd[depth]};
        for (int j = 0; j < 5; j++) {
            uint64_t k = around[j];
            if (k <= nd[depth - 1] || k > nd[depth])
                continue;
            trace t;
            trace_init(&t, s, NULL, NULL, 0);
            lo.max_nodes = k;
            lo.hook = trace_hook;
            lo.hook_user = &t;
            gs_result r;
            gs_engine_tt_clear(e);
            search_ok(s, e, &lo, &r);
            int done = k == nd[depth] ? depth : depth - 1;
            gs_action want = done > 0 ? bd[done]
                           : t.have_best ? t.best : GS_NO_ACTION;
            bool stopped = !(k == nd[deepest]);
            if (r.nodes != k || r.depth != done || r.best != want ||
                r.stopped != (stopped ? GS_STOP_NODES : GS_STOP_NONE))
                fail_msg("%s, %s, max_nodes %llu: %llu nodes, depth %d, best "
                         "%d, stopped %d; expected depth %d (iterations end "
                         "at %llu and %llu nodes), best %d", s->name, d,
                         (unsigned long long)k, (unsigned long long)r.nodes,
                         r.depth, r.best, r.stopped, done,
                         (unsigned long long)nd[depth - 1],
                         (unsigned long long)nd[depth], want);
        }
    }
    gs_engine_free(e);
}

static void test_node_limits_trees(void **state)
{
    (void)state;
    char *text = layered_tree(11, "max min chance", 9, 5, 1, 4, true);
    subject *s = tree_subject("tree max-min-chance", text);
    free(text);
    /* Minimax visits every node the root reaches, 1067 of them: each
     * budget below that stops it, each from there on lets it finish. */
    gs_search_options o = opts(GS_MINIMAX, 0, 0);
    assert_int_equal(check_node_limits(s, &o, 1100), 1067);
    o = opts(GS_ALPHABETA, 0, 0);
    assert_true(check_node_limits(s, &o, 100000) > 0);
    o = opts(GS_ALPHABETA, 0, F_TT | F_STRICT);
    assert_true(check_node_limits(s, &o, 100000) > 0);
    o = opts(GS_EXPECTIMAX, 0, F_TT);
    assert_true(check_node_limits(s, &o, 100000) > 0);
    o = opts(GS_ALPHABETA, 0, F_TT | F_ITER);
    check_iteration_limits(s, &o, 8);
    subject_free(s);

    text = layered_tree(5, "max min", 11, 6, 1, 4, false);
    s = tree_subject("tree max-min", text);
    free(text);
    whole_values(s);
    o = opts(GS_ALPHABETA, 0, F_TT | F_NULLWIN | F_HISTORY);
    assert_true(check_node_limits(s, &o, 100000) > 0);
    o = opts(GS_ALPHABETA, 0, F_HISTORY);
    assert_int_equal(check_node_limits(s, &o, 1500), 0);
    subject_free(s);

    /* 6^40 lines: never finishes, every budget stops it. */
    text = layered_tree(3, "max min chance", 40, 6, 6, 6, false);
    s = tree_subject("tree of 6^40 lines", text);
    free(text);
    o = opts(GS_ALPHABETA, 0, 0);
    assert_int_equal(check_node_limits(s, &o, 20000), 0);
    o = opts(GS_EXPECTIMAX, 0, 0);
    assert_int_equal(check_node_limits(s, &o, 20000), 0);
    subject_free(s);
}

static void test_node_limits_mnk(void **state)
{
    (void)state;
    subject *s = ttt_subject("tic-tac-toe, empty board", NULL, 0);
    gs_search_options o = opts(GS_MINIMAX, 0, 0);
    assert_int_equal(check_node_limits(s, &o, 8000), 0);
    o = opts(GS_ALPHABETA, 0, F_TT);
    assert_true(check_node_limits(s, &o, 20000) > 0);
    o = opts(GS_ALPHABETA, 0, F_TT | F_NULLWIN);
    assert_true(check_node_limits(s, &o, 20000) > 0);
    o = opts(GS_ALPHABETA, 0, F_TT | F_ITER);
    check_iteration_limits(s, &o, 9);
    subject_free(s);

    s = gomoku_subject("gomoku 15x15, 5 stones", 1, gomoku_cells, 5);
    o = opts(GS_ALPHABETA, 5, F_ORDER | F_TT | F_HISTORY);
    assert_int_equal(check_node_limits(s, &o, 3000), 0);
    o = opts(GS_ALPHABETA, 0, F_ORDER | F_TT | F_ITER);
    check_iteration_limits(s, &o, 3);
    subject_free(s);
}

static void test_node_limits_connect4(void **state)
{
    (void)state;
    subject *s = c4_subject("connect4 52753311433677442422121",
                            "52753311433677442422121");
    gs_search_options o =
        opts(GS_ALPHABETA, 0, F_TT | F_NULLWIN | F_ORDER | F_SYM | F_PREFETCH);
    assert_true(check_node_limits(s, &o, 20000) > 0);
    subject_free(s);

    s = c4_subject("connect4, empty board", "");
    o = opts(GS_ALPHABETA, 0, F_TT | F_NULLWIN | F_ORDER | F_SYM | F_PREFETCH);
    assert_int_equal(check_node_limits(s, &o, 20000), 0);
    o = opts(GS_ALPHABETA, 12, F_TT | F_ORDER | F_HISTORY);
    assert_int_equal(check_node_limits(s, &o, 20000), 0);
    o = opts(GS_MINIMAX, 0, 0);
    assert_int_equal(check_node_limits(s, &o, 5000), 0);
    o = opts(GS_ALPHABETA, 0, F_TT | F_ORDER | F_ITER);
    check_iteration_limits(s, &o, 8);
    subject_free(s);
}

static void test_node_limits_pacman(void **state)
{
    (void)state;
    const char *path = GS_SOURCE_DIR "/layouts/arena.lay";
    subject *s = pacman_layout_subject("pacman arena, 4 ghosts", path, 4,
                                       GS_PAC_EVAL_BETTER, GS_PAC_GHOSTS_MIN);
    pacman_advance(s, 25, 2);
    gs_search_options o = opts(GS_ALPHABETA, 3, F_ROUNDS | F_STRICT);
    assert_int_equal(check_node_limits(s, &o, 4000), 0);
    o = opts(GS_MINIMAX, 2, F_ROUNDS);
    assert_int_equal(check_node_limits(s, &o, 4000), 0);
    subject_free(s);

    s = pacman_layout_subject("pacman arena, champion", path, 4,
                              GS_PAC_EVAL_CHAMPION, GS_PAC_GHOSTS_DIRECTIONAL);
    pacman_advance(s, 25, 2);
    o = opts(GS_EXPECTIMAX, 0, F_ROUNDS | F_TT | F_ITER);
    check_iteration_limits(s, &o, 2);
    o = opts(GS_EXPECTIMAX, 2, F_ROUNDS | F_TT);
    assert_int_equal(check_node_limits(s, &o, 4000), 0);
    subject_free(s);
}

/* Several threads: the helpers' nodes count, and together they stay
 * within the budget. */
static void test_node_limits_threads(void **state)
{
    (void)state;
    SKIP_WITHOUT_THREADS();
    subject *s = c4_subject("connect4, empty board", "");
    gs_engine *e = NULL;
    assert_int_equal(gs_engine_new(&s->game, NULL, &e), GS_OK);
    const uint64_t ks[4] = {1, 8, 5000, 60000};
    for (int threads = 2; threads <= 3; threads++) {
        for (int i = 0; i < 4; i++) {
            gs_search_options o =
                opts(GS_ALPHABETA, 0, F_TT | F_NULLWIN | F_ORDER);
            o.threads = threads;
            o.max_nodes = ks[i];
            gs_result r;
            gs_engine_tt_clear(e);
            search_ok(s, e, &o, &r);
            if (r.stopped != GS_STOP_NODES || r.nodes > ks[i] || r.nodes < 1)
                fail_msg("%s, %d threads, max_nodes %llu: stopped %d after "
                         "%llu nodes", s->name, threads,
                         (unsigned long long)ks[i], r.stopped,
                         (unsigned long long)r.nodes);
        }
    }
    gs_engine_free(e);
    subject_free(s);
}

/* ---- 3. Time limits ------------------------------------------------------ */

/*
 * A search of s with `o` that cannot finish in `limit` seconds: it
 * answers GS_OK, stopped by the time, after at least `limit` by its own
 * clock (it stops only once the limit has passed) and at most limit +
 * SAFETY_MARGIN by the caller's; a best action it gives is a legal one.
 */
static void check_time_limit(const subject *s, const gs_search_options *o,
                             double limit)
{
    char d[256];
    describe(o, d, sizeof d);
    gs_engine *e = NULL;
    assert_int_equal(gs_engine_new(&s->game, NULL, &e), GS_OK);
    gs_search_options to = *o;
    to.max_seconds = limit;
    gs_result r;
    double t0 = now_seconds();
    int rc = gs_search(e, s->root, &to, &r);
    double wall = now_seconds() - t0;
    gs_engine_free(e);
    printf("# %s, %s, %d thread(s): limit %.0f ms, answered in %.1f ms "
           "(%+.1f ms; %.1f ms by the search's clock), %llu nodes, depth %d\n",
           s->name, d, to.threads, limit * 1e3, wall * 1e3,
           (wall - limit) * 1e3, r.seconds * 1e3,
           (unsigned long long)r.nodes, r.depth);
    if (rc != GS_OK)
        fail_msg("%s, %s: gs_search returned %d", s->name, d, rc);
    if (r.stopped != GS_STOP_TIME)
        fail_msg("%s, %s: stopped %d, expected the time limit", s->name, d,
                 r.stopped);
    if (!(r.seconds >= limit && r.seconds <= wall))
        fail_msg("%s, %s: its clock says %.6f s, the caller's %.6f s, for a "
                 "limit of %.3f s", s->name, d, r.seconds, wall, limit);
    if (wall > limit + SAFETY_MARGIN)
        fail_msg("%s, %s: answered in %.1f ms, limit %.0f ms + %.0f ms",
                 s->name, d, wall * 1e3, limit * 1e3, SAFETY_MARGIN * 1e3);
    if (r.best != GS_NO_ACTION)
        assert_int_equal(r.best_index, root_index(s, r.best));
    else
        assert_int_equal(r.best_index, -1);
}

/* The largest layout by area among the .lay files of layouts/ and, when
 * present, the CS188 layouts; its path into `path`. */
static void largest_layout_path(char *path, size_t size)
{
    const char *const dirs[2] = {GS_SOURCE_DIR "/layouts",
                                 GS_SHARED_DIR "/cs188/layouts"};
    DIR *shared = opendir(dirs[1]);
    if (shared)
        closedir(shared);
    else
        printf("# %s absent: the largest of our layouts\n", dirs[1]);
    char why[1200];
    if (!largest_layout(dirs, 2, path, size, why, sizeof why))
        fail_msg("%s", why);
}

static void test_time_pacman(void **state)
{
    (void)state;
    char path[1024];
    largest_layout_path(path, sizeof path);
    const char *base = strrchr(path, '/');
    char name[128];
    /* Every ghost of the layout (GS_PAC_MAX_GHOSTS is above any count). */
    snprintf(name, sizeof name, "pacman %s, all ghosts", base + 1);
    subject *s = pacman_layout_subject(name, path, GS_PAC_MAX_GHOSTS,
                                       GS_PAC_EVAL_CHAMPION,
                                       GS_PAC_GHOSTS_DIRECTIONAL);
    assert_true(gs_pacman_num_agents(s->world) >= 2);
    /* Ten rounds: every agent moves ten times. */
    gs_search_options o = opts(GS_EXPECTIMAX, 10, F_ROUNDS);
    check_time_limit(s, &o, TIME_LIMIT);
    o = opts(GS_EXPECTIMAX, 10, F_ROUNDS | F_TT | F_ITER);
    check_time_limit(s, &o, TIME_LIMIT);
    subject_free(s);

    s = pacman_layout_subject(name, path, GS_PAC_MAX_GHOSTS,
                              GS_PAC_EVAL_BETTER, GS_PAC_GHOSTS_MIN);
    o = opts(GS_ALPHABETA, 10, F_ROUNDS | F_STRICT);
    check_time_limit(s, &o, TIME_LIMIT);
    o = opts(GS_ALPHABETA, 10, F_ROUNDS | F_TT | F_ITER | F_HISTORY);
    check_time_limit(s, &o, TIME_LIMIT);
    subject_free(s);
}

static void test_time_gomoku(void **state)
{
    (void)state;
    subject *s = gomoku_subject("gomoku 15x15, 5 stones", 2, gomoku_cells, 5);
    gs_search_options o = opts(GS_ALPHABETA, 0, F_ORDER | F_TT | F_ITER);
    check_time_limit(s, &o, TIME_LIMIT);
    o = opts(GS_ALPHABETA, 12, F_ORDER);
    check_time_limit(s, &o, TIME_LIMIT);
    o = opts(GS_MINIMAX, 12, 0);
    check_time_limit(s, &o, TIME_LIMIT);
    subject_free(s);
    s = gomoku_subject("gomoku 15x15, empty board", 2, NULL, 0);
    o = opts(GS_ALPHABETA, 0, F_ORDER | F_TT | F_ITER | F_HISTORY);
    check_time_limit(s, &o, TIME_LIMIT);
    subject_free(s);
}

static void test_time_connect4(void **state)
{
    (void)state;
    subject *s = c4_subject("connect4, empty board", "");
    /* As `gamesearch connect4 solve` does. */
    gs_search_options o =
        opts(GS_ALPHABETA, 0, F_TT | F_NULLWIN | F_ORDER | F_PREFETCH);
    check_time_limit(s, &o, TIME_LIMIT);
    o.threads = 2;
    if (TEST_THREADS)
        check_time_limit(s, &o, TIME_LIMIT);
    else
        print_message("skipped: connect4 on 2 threads (GS_THREADS=OFF)\n");
    o = opts(GS_ALPHABETA, 0, F_TT | F_ORDER | F_ITER | F_SYM | F_HISTORY);
    check_time_limit(s, &o, TIME_LIMIT);
    subject_free(s);
}

static void test_time_tree(void **state)
{
    (void)state;
    char *text = layered_tree(3, "max min chance", 40, 6, 6, 6, false);
    subject *s = tree_subject("tree of 6^40 lines", text);
    free(text);
    gs_search_options o = opts(GS_MINIMAX, 0, 0);
    check_time_limit(s, &o, TIME_LIMIT);
    o = opts(GS_ALPHABETA, 0, 0);
    check_time_limit(s, &o, TIME_LIMIT);
    o = opts(GS_EXPECTIMAX, 0, F_ITER);
    check_time_limit(s, &o, TIME_LIMIT);
    subject_free(s);
}

/*
 * Emptying a table costs nothing inside the time: a search with another
 * algorithm than the table's contents empties it inside the call, and
 * gs_engine_tt_clear before each search empties it outside; on a 1 GiB
 * table (whose every byte written would take far longer than the limits
 * below) ten searches of a millisecond each, alternating algorithms, all
 * answer in time, and together within ten limits and one SAFETY_MARGIN.
 * The clock starts when the call does.
 */
static void test_time_limit_large_table(void **state)
{
    (void)state;
    subject *s = c4_subject("connect4, empty board", "");
    gs_engine *e = NULL;
    assert_int_equal(gs_engine_new(&s->game, NULL, &e), GS_OK);
    assert_int_equal(gs_engine_tt_resize(e, (size_t)1 << 30), GS_OK);
    const double limit = 0.001;
    double total = 0.0;
    for (int i = 0; i < 10; i++) {
        gs_search_options o = i % 2 ? opts(GS_MINIMAX, 12, F_TT)
                                    : opts(GS_ALPHABETA, 0, F_TT | F_ORDER);
        o.max_seconds = limit;
        if (i % 4 == 3)
            gs_engine_tt_clear(e);
        gs_result r;
        double t0 = now_seconds();
        search_ok(s, e, &o, &r);
        double wall = now_seconds() - t0;
        total += wall;
        printf("# 1 GiB table, search %d: limit 1 ms, answered in %.3f ms, "
               "%llu nodes\n", i, wall * 1e3, (unsigned long long)r.nodes);
        assert_int_equal(r.stopped, GS_STOP_TIME);
        assert_true(r.seconds >= limit && r.seconds <= wall);
        if (wall > limit + SAFETY_MARGIN)
            fail_msg("search %d answered in %.1f ms, limit 1 ms + %.0f ms", i,
                     wall * 1e3, SAFETY_MARGIN * 1e3);
    }
    if (total > 10 * limit + SAFETY_MARGIN)
        fail_msg("ten searches of 1 ms on a 1 GiB table took %.1f ms",
                 total * 1e3);
    gs_engine_free(e);
    subject_free(s);
}

/*
 * The clock is read often enough whatever a node costs: on a tree whose
 * evaluations take 2 ms each (as a costly evaluation on a large Pacman
 * maze does), a search with a 50 ms limit answers within the limit and
 * SAFETY_MARGIN (reading the clock once per 256 nodes, it would answer
 * about half a second late).
 */
static void test_time_limit_slow_nodes(void **state)
{
    (void)state;
    char *text = layered_tree(3, "max min chance", 40, 6, 6, 6, false);
    subject *s = tree_subject("tree of 6^40 lines", text);
    free(text);
    slow_game sg;
    gs_game g;
    slow_game_init(&sg, &s->game, 0.002, &g);
    for (int algo = 0; algo < 3; algo++) {
        gs_engine *e = NULL;
        assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
        gs_search_options o = opts(algo == 2 ? GS_EXPECTIMAX
                                   : algo ? GS_ALPHABETA : GS_MINIMAX,
                                   algo == 2 ? 0 : 8, algo == 2 ? F_ITER : 0);
        o.max_seconds = TIME_LIMIT;
        gs_result r;
        double t0 = now_seconds();
        assert_int_equal(gs_search(e, s->root, &o, &r), GS_OK);
        double wall = now_seconds() - t0;
        printf("# slow evaluations (2 ms), %s: limit %.0f ms, answered in "
               "%.1f ms, %llu nodes\n", gs_algo_name(o.algo),
               TIME_LIMIT * 1e3, wall * 1e3, (unsigned long long)r.nodes);
        assert_int_equal(r.stopped, GS_STOP_TIME);
        assert_true(r.seconds >= TIME_LIMIT && r.seconds <= wall);
        if (wall > TIME_LIMIT + SAFETY_MARGIN)
            fail_msg("slow evaluations, %s: answered in %.1f ms, limit %.0f "
                     "ms + %.0f ms", gs_algo_name(o.algo), wall * 1e3,
                     TIME_LIMIT * 1e3, SAFETY_MARGIN * 1e3);
        gs_engine_free(e);
    }
    subject_free(s);
}

/* A search that finishes well within its time limit is the search
 * without one, node for node. */
static void test_time_limit_unreached(void **state)
{
    (void)state;
    subject *s = ttt_subject("tic-tac-toe, empty board", NULL, 0);
    gs_search_options o = opts(GS_ALPHABETA, 0, F_TT | F_NULLWIN);
    gs_engine *e = NULL;
    assert_int_equal(gs_engine_new(&s->game, NULL, &e), GS_OK);
    gs_result a, b;
    search_ok(s, e, &o, &a);
    assert_int_equal(a.stopped, GS_STOP_NONE);
    assert_true(a.value == 0.0);
    o.max_seconds = 600.0;
    gs_engine_tt_clear(e);
    search_ok(s, e, &o, &b);
    expect_same(s, &o, "a search with a time limit it does not reach", &a, &b);
    gs_engine_free(e);
    subject_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_repeat_trees),
        cmocka_unit_test(test_repeat_mnk),
        cmocka_unit_test(test_repeat_connect4),
        cmocka_unit_test(test_repeat_pacman),
        cmocka_unit_test(test_node_limits_trees),
        cmocka_unit_test(test_node_limits_mnk),
        cmocka_unit_test(test_node_limits_connect4),
        cmocka_unit_test(test_node_limits_pacman),
        cmocka_unit_test(test_node_limits_threads),
        cmocka_unit_test(test_time_pacman),
        cmocka_unit_test(test_time_gomoku),
        cmocka_unit_test(test_time_connect4),
        cmocka_unit_test(test_time_tree),
        cmocka_unit_test(test_time_limit_large_table),
        cmocka_unit_test(test_time_limit_slow_nodes),
        cmocka_unit_test(test_time_limit_unreached),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
