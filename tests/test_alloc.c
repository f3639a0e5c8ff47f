/*
 * tests/test_alloc.c: every public entry point of gamesearch that
 * allocates, under allocation failure, in one table per kind of call.
 *
 * For each entry point the test fails allocation 1, 2, 3, ... of the call
 * (counted from the call's start) until the call succeeds. Every failed
 * call must return GS_ENOMEM (or, for the calls that return no status,
 * their answer without scratch memory: -1 for a maze distance, the same
 * value from Manhattan distances for an evaluation in an open maze),
 * store NULL in its out-pointer, fail exactly one allocation, and leave
 * the live bytes as they were before the call. The successful call's result is
 * checked, freed, and the live bytes must be back to zero. The number of
 * allocations each path makes is asserted, so that the loop provably ran.
 *
 * Searches keep their per-ply buffers and table in the engine, so for
 * gs_search "nothing leaked" means: after the failed search the engine
 * holds no more than it holds after a successful one, its next search
 * (nothing failing; the table emptied first when there is one, so that it
 * does not profit from the entries the failed search stored) gives the
 * same value, best move, line and counts as a fresh engine and leaves it
 * holding exactly the same bytes, and freeing it frees everything.
 *
 * Searches with several threads allocate from the helper threads too, at
 * moments that vary from run to run; their allocator takes a lock and
 * fails only the calling thread's allocations in the loop, and then, once,
 * a helper's first allocation (the calling thread's answer is unaffected).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#ifndef GS_TEST_NO_THREADS
#include <pthread.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/gamesearch.h"

#include "fixtures.h"
#include "needs_threads.h"
#include "track_alloc.h"

/* ---- Helpers ------------------------------------------------------------ */

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    assert_non_null(p);
    return p;
}

/* A file of the source tree, NUL-terminated. */
static char *slurp(const char *rel, size_t *len)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", GS_SOURCE_DIR, rel);
    return read_file_or_fail(path, len);
}

/* A growing text. */
typedef struct text {
    char *s;
    size_t n, cap;
} text;

static void text_add(text *t, const char *piece)
{
    size_t k = strlen(piece);
    if (t->n + k + 1 > t->cap) {
        t->cap = (t->n + k + 1) * 2;
        t->s = realloc(t->s, t->cap);
        assert_non_null(t->s);
    }
    memcpy(t->s + t->n, piece, k + 1);
    t->n += k;
}

/* The alpha-beta lab's tree (docs/student.md): value 5, best D, 12 nodes. */
static const char SEED[] =
    "['A', ['B', ('E', 3), ('F', 12), ('G', 8)],\n"
    "      ['C', ('H', 2), ('I', 4), ('J', 6)],\n"
    "      ['D', ('K', 14), ('L', 5), ['M', ('N', 7), ('O', 2)]]]\n";

/*
 * A chain 40 plies deep, MAX and MIN alternating: n_i leads on to n_{i+1}
 * or off to the leaf l_i = i; n_40 = 0, and every n_i is evaluated as 0
 * when a depth limit cuts it off. From the bottom: n39 (MIN) is
 * min(0, 39) = 0, n38 max(0, 38) = 38, n37 37, n36 37, n35 35, ..., n3 3,
 * n2 3, n1 min(3, 1) = 1, n0 max(1, 0) = 1: the root is worth 1 by going
 * on (and still 1 when cut off at any ply from 2 on). Deeper than the
 * engine's first 16 state slots, and its action stack grows several
 * times on the way down.
 */
enum { CHAIN_DEPTH = 40 };

static char *chain_text(size_t *len)
{
    text t = {0};
    char line[128];
    text_add(&t, "agents: max min\nroot: n0\n");
    for (int i = 0; i < CHAIN_DEPTH; i++) {
        snprintf(line, sizeof line, "n%d: on=n%d off=l%d\nn%d = 0\nl%d = %d\n",
                 i, i + 1, i, i, i, i);
        text_add(&t, line);
    }
    snprintf(line, sizeof line, "n%d = 0\n", CHAIN_DEPTH);
    text_add(&t, line);
    *len = t.n;
    return t.s;
}

/*
 * The line syntax with everything it has: three agents (one of them a
 * chance agent), a depth, bounds, a root line, named actions,
 * probabilities, values at inner nodes, comments, and enough names (86
 * nodes) to grow the symbol table.
 */
static char *rich_lines_text(size_t *len)
{
    text t = {0};
    char line[256];
    text_add(&t, "# every statement of the line syntax\n"
                 "agents: max chance min\ndepth: 2\nbounds: -100 100\n"
                 "root: top\n");
    text_add(&t, "top: a=c0 b=c1 c=c2 d=c3 e=c4\ntop = 0\n");
    for (int i = 0; i < 5; i++) {
        snprintf(line, sizeof line, "c%d:", i);
        text_add(&t, line);
        for (int k = 0; k < 4; k++) {
            snprintf(line, sizeof line, " roll%d=m%d_%d@%s", k, i, k,
                     k == 0 ? "0.4" : "0.2");
            text_add(&t, line);
        }
        snprintf(line, sizeof line, "\nc%d = %d\n", i, i);
        text_add(&t, line);
        for (int k = 0; k < 4; k++) {
            snprintf(line, sizeof line,
                     "m%d_%d: x=z%d_%d_0 y=z%d_%d_1 w=z%d_%d_2 # min\n"
                     "m%d_%d = %d\n",
                     i, k, i, k, i, k, i, k, i, k, i - k);
            text_add(&t, line);
            for (int j = 0; j < 3; j++) {
                snprintf(line, sizeof line, "z%d_%d_%d = %d\n", i, k, j,
                         (i * 7 + k * 3 + j * 5) % 41 - 20);
                text_add(&t, line);
            }
        }
    }
    *len = t.n;
    return t.s;
}

/* An open box: walls around width x height cells, nothing inside, so
 * that maze distances are Manhattan distances. Pacman at (1, 1), a ghost
 * at the far corner, food beside both and one capsule. */
static char *box_layout(int width, int height, size_t *len)
{
    text t = {0};
    char *row = xmalloc((size_t)width + 2);
    for (int y = height - 1; y >= 0; y--) {
        for (int x = 0; x < width; x++) {
            char c = ' ';
            if (x == 0 || y == 0 || x == width - 1 || y == height - 1)
                c = '%';
            else if (x == 1 && y == 1)
                c = 'P';
            else if (x == width - 2 && y == height - 2)
                c = 'G';
            else if ((x == 5 && y == 1) || (x == width - 2 && y == 1))
                c = '.';
            else if (x == 1 && y == height - 2)
                c = 'o';
            row[x] = c;
        }
        row[width] = '\n';
        row[width + 1] = '\0';
        text_add(&t, row);
    }
    free(row);
    *len = t.n;
    return t.s;
}

/* A 70 x 70 box: 4,624 open cells, more than a world keeps a distance
 * table for (4,096), so its distances are searched in scratch memory. */
enum { BIG = 70 };

/* ---- Games to search -------------------------------------------------------- */

typedef enum game_id {
    G_SEED,        /* the lab's tree, nested lists */
    G_DICE,        /* examples/dice.tree: max, min, a loaded die, bounds */
    G_GHOSTS,      /* examples/two-ghosts.tree: max min min, evaluations */
    G_CHAIN,       /* chain_text() */
    G_TTT,         /* tic-tac-toe */
    G_GOMOKU,      /* 15x15, five wins, threats, radius 2, a hint */
    G_C4,          /* Connect Four 7x6 */
    G_PAC_MIN,     /* crossroads, two minimising ghosts, the game score */
    G_PAC_DIRECTIONAL  /* crossroads, two DirectionalGhosts, ours */
} game_id;

/* A game, its instance and a root state, made with the C library's
 * allocator: only the engine's allocations are counted. */
typedef struct play {
    gs_tree *tree;
    gs_mnk *mnk;
    gs_c4 *c4;
    gs_pacman *world;
    gs_pac_search_game sg;
    gs_game game;
    void *root;
} play;

static gs_tree *parse_plain(const char *s, size_t n)
{
    gs_tree *tree = NULL;
    gs_error err;
    int rc = gs_tree_parse(s, n, NULL, &tree, &err);
    if (rc != GS_OK)
        fail_msg("tree refused (%d) at %d:%d: %s", rc, err.line, err.column,
                 err.message);
    return tree;
}

static gs_pacman *crossroads(const gs_allocator *alloc, int ghosts)
{
    size_t n;
    char *s = slurp("layouts/crossroads.lay", &n);
    gs_pac_layout *lay = NULL;
    gs_error err;
    assert_int_equal(gs_pac_layout_parse(s, n, NULL, &lay, &err), GS_OK);
    gs_pacman *w = NULL;
    assert_int_equal(gs_pacman_new(lay, ghosts, alloc, &w), GS_OK);
    gs_pac_layout_free(lay);
    free(s);
    return w;
}

static play *play_new(game_id id, const char *position)
{
    play *p = xmalloc(sizeof *p);
    memset(p, 0, sizeof *p);
    size_t n;
    char *s = NULL;
    switch (id) {
    case G_SEED:
        p->tree = parse_plain(SEED, strlen(SEED));
        break;
    case G_DICE:
        s = slurp("examples/dice.tree", &n);
        p->tree = parse_plain(s, n);
        break;
    case G_GHOSTS:
        s = slurp("examples/two-ghosts.tree", &n);
        p->tree = parse_plain(s, n);
        break;
    case G_CHAIN:
        s = chain_text(&n);
        p->tree = parse_plain(s, n);
        break;
    case G_TTT:
    case G_GOMOKU: {
        gs_mnk_params mp;
        gs_mnk_params_init(&mp);
        if (id == G_GOMOKU) {
            mp.rows = mp.cols = 15;
            mp.k = 5;
            mp.eval = GS_MNK_EVAL_THREATS;
            mp.radius = 2;
            mp.order_hint = true;
        }
        assert_int_equal(gs_mnk_new(&mp, NULL, &p->mnk), GS_OK);
        gs_mnk_game(p->mnk, &p->game);
        p->root = xmalloc(gs_mnk_state_size(p->mnk));
        gs_error err;
        if (id == G_TTT) {
            assert_int_equal(gs_mnk_parse(p->mnk, position, p->root, &err),
                             GS_OK);
        } else {
            /* X: h8 i8 j8 k8, an open four; O: a1 c1 e1 g1. X to move
             * completes five at g8 or l8 (cells 111 and 116). */
            static const int x[] = {112, 113, 114, 115};
            static const int o[] = {0, 2, 4, 6};
            gs_mnk_empty(p->mnk, p->root);
            for (int i = 0; i < 4; i++) {
                assert_int_equal(gs_mnk_play(p->mnk, p->root, x[i]), GS_OK);
                assert_int_equal(gs_mnk_play(p->mnk, p->root, o[i]), GS_OK);
            }
        }
        break;
    }
    case G_C4: {
        gs_c4_params cp;
        gs_c4_params_init(&cp);
        assert_int_equal(gs_c4_new(&cp, NULL, &p->c4), GS_OK);
        gs_c4_game(p->c4, &p->game);
        p->root = xmalloc(sizeof(gs_c4_state));
        gs_error err;
        assert_int_equal(gs_c4_parse(p->c4, position, strlen(position),
                                     p->root, &err), GS_OK);
        break;
    }
    case G_PAC_MIN:
    case G_PAC_DIRECTIONAL:
        p->world = crossroads(NULL, 2);
        p->sg.world = p->world;
        p->sg.eval = id == G_PAC_MIN ? GS_PAC_EVAL_SCORE : GS_PAC_EVAL_BETTER;
        p->sg.ghosts = id == G_PAC_MIN ? GS_PAC_GHOSTS_MIN
                                       : GS_PAC_GHOSTS_DIRECTIONAL;
        gs_pacman_search_game(&p->sg, &p->game);
        p->root = xmalloc(gs_pacman_state_size(p->world));
        gs_pacman_initial(p->world, p->root);
        break;
    }
    free(s);
    if (p->tree) {
        gs_tree_game(p->tree, &p->game);
        p->root = xmalloc(sizeof(gs_tree_state));
        gs_tree_root(p->tree, p->root);
    }
    return p;
}

static void play_free(play *p)
{
    gs_tree_free(p->tree);
    gs_mnk_free(p->mnk);
    gs_c4_free(p->c4);
    gs_pacman_free(p->world);
    free(p->root);
    free(p);
}

/* ---- One call at a time ------------------------------------------------------ */

/*
 * An entry point and one way of calling it. `setup` makes what the call
 * works on (with the same allocator, so that scratch memory taken from an
 * object's allocator is counted); `call` makes the call and stores what it
 * created in *out; `done` checks a successful call's result and frees it;
 * `after_fail` checks what a failed call left.
 */
typedef struct shot shot;
struct shot {
    const char *name;
    void *(*setup)(const shot *s, const gs_allocator *a);
    int (*call)(const shot *s, void *obj, const gs_allocator *a, void **out);
    void (*done)(const shot *s, void *obj, void *made);
    void (*after_fail)(const shot *s, void *obj);
    void (*teardown)(void *obj);
    const void *arg;     /* what the call is given (text, parameters) */
    int iarg;
    int want;            /* the status when no allocation fails */
    bool has_out;        /* the call stores an object in *out */
    bool degrades;       /* no status: under failure it still answers,
                            and `call` reports GS_OK when it is right */
    long allocs;         /* allocations the call makes */
};

static char not_set;

/* Fails each allocation of s's call in turn; returns how many it makes. */
static long run_shot(const shot *s)
{
    for (long n = 1;; n++) {
        track t;
        gs_allocator a = tracker(&t);
        void *obj = s->setup ? s->setup(s, &a) : NULL;
        const long base = t.count;
        const size_t live = t.live;
        t.fail_at = base + n;
        void *made = &not_set;
        int rc = s->call(s, obj, &a, &made);
        const long used = t.count - base;
        if (t.failed == 0) {
            if (rc != s->want)
                fail_msg("%s: status %d without failure, want %d", s->name,
                         rc, s->want);
            /* Allocations 1 .. n - 1 were each failed in turn before. */
            assert_int_equal(used, n - 1);
            t.fail_at = 0;
            if (s->done)
                s->done(s, obj, made);
            if (s->teardown)
                s->teardown(obj);
            assert_int_equal(t.live, 0);
            if (used != s->allocs)
                fail_msg("%s: %ld allocations, want %ld", s->name, used,
                         s->allocs);
            return used;
        }
        int on_fail = s->degrades ? GS_OK : GS_ENOMEM;
        if (rc != on_fail)
            fail_msg("%s: status %d when allocation %ld failed, want %d",
                     s->name, rc, n, on_fail);
        assert_int_equal(t.failed, 1);
        if (s->has_out && made != NULL)
            fail_msg("%s: out-pointer not NULL after a failure", s->name);
        if (t.live != live)
            fail_msg("%s: %zu bytes live after allocation %ld failed, "
                     "%zu before the call", s->name, t.live, n, live);
        t.fail_at = 0;
        if (s->after_fail)
            s->after_fail(s, obj);
        if (s->teardown)
            s->teardown(obj);
        assert_int_equal(t.live, 0);
    }
}

static void run_shots(const shot *shots, size_t n)
{
    for (size_t i = 0; i < n; i++)
        run_shot(&shots[i]);
}

/* ---- Trees ------------------------------------------------------------- */

/* The text of a shot: a literal, or a generated or read text. */
typedef struct tree_text {
    const char *literal;
    char *(*make)(size_t *len);
    const char *file;
    /* What the parse must give: the node count and root name, or the
     * error's place and message. */
    int32_t nodes;
    const char *root;
    int line, column;
    const char *message;
} tree_text;

static int call_parse(const shot *s, void *obj, const gs_allocator *a,
                      void **out)
{
    (void)obj;
    const tree_text *tt = s->arg;
    size_t n = 0;
    char *owned = NULL;
    const char *src = tt->literal;
    if (tt->make)
        src = owned = tt->make(&n);
    else if (tt->file)
        src = owned = slurp(tt->file, &n);
    else
        n = strlen(src);
    gs_tree *tree = (gs_tree *)&not_set;
    gs_error err;
    int rc = gs_tree_parse(src, n, a, &tree, &err);
    free(owned);
    *out = tree;
    if (rc == GS_ENOMEM) {
        assert_string_equal(err.message, "out of memory");
        assert_int_equal(err.line, 0);
        assert_int_equal(err.column, 0);
    } else if (rc == GS_EPARSE && tt->message) {
        assert_string_equal(err.message, tt->message);
        assert_int_equal(err.line, tt->line);
        assert_int_equal(err.column, tt->column);
    }
    return rc;
}

static void done_parse(const shot *s, void *obj, void *made)
{
    (void)obj;
    const tree_text *tt = s->arg;
    gs_tree *tree = made;
    if (s->want != GS_OK) {
        assert_null(tree);
        return;
    }
    assert_non_null(tree);
    assert_int_equal(gs_tree_node_count(tree), tt->nodes);
    assert_string_equal(gs_tree_node_name(tree, gs_tree_root_node(tree)),
                        tt->root);
    gs_tree_free(tree);
}

static void *setup_tree(const shot *s, const gs_allocator *a)
{
    const tree_text *tt = s->arg;
    size_t n = 0;
    char *owned = NULL;
    const char *src = tt->literal;
    if (tt->file)
        src = owned = slurp(tt->file, &n);
    else
        n = strlen(src);
    gs_tree *tree = NULL;
    assert_int_equal(gs_tree_parse(src, n, a, &tree, NULL), GS_OK);
    free(owned);
    return tree;
}

static void teardown_tree(void *obj)
{
    gs_tree_free(obj);
}

static int call_check_values(const shot *s, void *obj, const gs_allocator *a,
                             void **out)
{
    (void)a;
    (void)out;
    const tree_text *tt = s->arg;
    gs_error err;
    int rc = gs_tree_check_values(obj, s->iarg, &err);
    if (rc == GS_ENOMEM) {
        assert_string_equal(err.message, "out of memory");
    } else if (rc == GS_EPARSE) {
        assert_string_equal(err.message, tt->message);
        assert_int_equal(err.line, tt->line);
        assert_int_equal(err.column, tt->column);
    }
    return rc;
}

static int call_set_roles(const shot *s, void *obj, const gs_allocator *a,
                          void **out)
{
    (void)s;
    (void)a;
    (void)out;
    const gs_role roles[3] = {GS_ROLE_MAX, GS_ROLE_CHANCE, GS_ROLE_MIN};
    return gs_tree_set_roles(obj, roles, 3);
}

static void done_set_roles(const shot *s, void *obj, void *made)
{
    (void)s;
    (void)made;
    assert_int_equal(gs_tree_num_agents(obj), 3);
    assert_int_equal(gs_tree_role(obj, 1), GS_ROLE_CHANCE);
}

static void test_trees(void **state)
{
    (void)state;
    static const tree_text seed = {SEED, NULL, NULL, 15, "A", 0, 0, NULL};
    static const tree_text rich = {NULL, rich_lines_text, NULL, 86, "top",
                                   0, 0, NULL};
    static const tree_text chain = {NULL, chain_text, NULL, 81, "n0", 0, 0,
                                    NULL};
    static const tree_text dice = {NULL, NULL, "examples/dice.tree", 15, "S",
                                   0, 0, NULL};
    static const tree_text unclosed = {
        "['A', ['B', ('E', 3), ('F', 12)], ['C', ('H', 2)", NULL, NULL, 0,
        NULL, 1, 49,
        "expected ',' or ']' after a list element, but the input ends"};
    static const tree_text undefined = {
        "A: B C\nB = 1\n", NULL, NULL, 0, NULL, 1, 6,
        "node 'C' is used as a child but never defined"};
    static const tree_text cycle = {"A: B\nB: C A\nC = 1\n", NULL, NULL, 0,
                                    NULL, 1, 1, "cycle: A -> B -> A"};
    static const tree_text sum = {
        "agents: max chance\nA: B@0.5 C@0.4\nB = 1\nC = 2\n", NULL, NULL, 0,
        NULL, 2, 1, "probabilities of 'A' sum to 0.9, not 1"};
    /* Cut off after one ply, B, C and D need values: B is the first. */
    static const tree_text seed_cut = {SEED, NULL, NULL, 0, NULL, 1, 7,
                                       "node 'B' is cut off at ply 1 but has "
                                       "no value"};
    static const tree_text ghosts = {NULL, NULL, "examples/two-ghosts.tree",
                                     0, NULL, 0, 0, NULL};
    const shot shots[] = {
        {"gs_tree_parse nested", NULL, call_parse, done_parse, NULL, NULL,
         &seed, 0, GS_OK, true, false, 14},
        {"gs_tree_parse lines, every statement", NULL, call_parse,
         done_parse, NULL, NULL, &rich, 0, GS_OK, true, false, 43},
        {"gs_tree_parse lines, 40 plies", NULL, call_parse, done_parse,
         NULL, NULL, &chain, 0, GS_OK, true, false, 38},
        {"gs_tree_parse examples/dice.tree", NULL, call_parse, done_parse,
         NULL, NULL, &dice, 0, GS_OK, true, false, 23},
        {"gs_tree_parse nested, unclosed", NULL, call_parse, done_parse,
         NULL, NULL, &unclosed, 0, GS_EPARSE, true, false, 7},
        {"gs_tree_parse lines, undefined child", NULL, call_parse,
         done_parse, NULL, NULL, &undefined, 0, GS_EPARSE, true, false, 9},
        {"gs_tree_parse lines, cycle", NULL, call_parse, done_parse, NULL,
         NULL, &cycle, 0, GS_EPARSE, true, false, 13},
        {"gs_tree_parse lines, probabilities", NULL, call_parse, done_parse,
         NULL, NULL, &sum, 0, GS_EPARSE, true, false, 8},
        {"gs_tree_check_values, value missing", setup_tree,
         call_check_values, NULL, NULL, teardown_tree, &seed_cut, 1,
         GS_EPARSE, false, false, 3},
        {"gs_tree_check_values, every value there", setup_tree,
         call_check_values, NULL, NULL, teardown_tree, &ghosts, 3, GS_OK,
         false, false, 3},
        {"gs_tree_check_values, no cutoff", setup_tree, call_check_values,
         NULL, NULL, teardown_tree, &seed_cut, 0, GS_OK, false, false, 0},
        {"gs_tree_set_roles", setup_tree, call_set_roles, done_set_roles,
         NULL, teardown_tree, &seed, 0, GS_OK, false, false, 0},
    };
    run_shots(shots, sizeof shots / sizeof shots[0]);
}

/* ---- m,n,k games and Connect Four ---------------------------------------- */

static int call_mnk_new(const shot *s, void *obj, const gs_allocator *a,
                        void **out)
{
    (void)obj;
    gs_mnk *g = (gs_mnk *)&not_set;
    int rc = gs_mnk_new(s->arg, a, &g);
    *out = g;
    return rc;
}

static void done_mnk(const shot *s, void *obj, void *made)
{
    (void)obj;
    const gs_mnk_params *want = s->arg;
    gs_mnk *g = made;
    const gs_mnk_params *p = gs_mnk_params_of(g);
    assert_int_equal(p->rows, want->rows);
    assert_int_equal(p->cols, want->cols);
    assert_int_equal(p->eval, want->eval);
    /* The instance works: the first cell taken, the state sized. */
    void *st = xmalloc(gs_mnk_state_size(g));
    gs_mnk_empty(g, st);
    assert_int_equal(gs_mnk_play(g, st, 0), GS_OK);
    assert_int_equal(gs_mnk_cell(g, st, 0), 1);
    free(st);
    gs_mnk_free(g);
}

static int call_c4_new(const shot *s, void *obj, const gs_allocator *a,
                       void **out)
{
    (void)obj;
    gs_c4 *g = (gs_c4 *)&not_set;
    int rc = gs_c4_new(s->arg, a, &g);
    *out = g;
    return rc;
}

static void done_c4(const shot *s, void *obj, void *made)
{
    (void)obj;
    const gs_c4_params *want = s->arg;
    gs_c4 *g = made;
    assert_int_equal(gs_c4_width(g), want->width);
    assert_int_equal(gs_c4_height(g), want->height);
    gs_c4_state st;
    gs_c4_empty(g, &st);
    assert_int_equal(gs_c4_play(g, &st, 0), GS_OK);
    assert_int_equal(gs_c4_cell(g, &st, 0, 0), 1);
    gs_c4_free(g);
}

static void test_boards(void **state)
{
    (void)state;
    gs_mnk_params ttt, gomoku_threats, gomoku_lines, gomoku_none, four;
    gs_mnk_params_init(&ttt);
    gs_mnk_params_init(&gomoku_threats);
    gomoku_threats.rows = gomoku_threats.cols = 15;
    gomoku_threats.k = 5;
    gomoku_threats.eval = GS_MNK_EVAL_THREATS;
    gomoku_threats.radius = 2;
    gomoku_threats.order_hint = true;
    gomoku_lines = gomoku_threats;
    gomoku_lines.eval = GS_MNK_EVAL_LINES;
    gomoku_none = gomoku_threats;
    gomoku_none.eval = GS_MNK_EVAL_NONE;
    gomoku_none.radius = 0;
    gs_mnk_params_init(&four);
    four.rows = four.cols = four.k = 4;
    gs_c4_params c7x6, c6x7, c4x4;
    gs_c4_params_init(&c7x6);
    c6x7.width = 6;
    c6x7.height = 7;
    c4x4.width = 4;
    c4x4.height = 4;
    /* An instance and its Zobrist keys: two allocations, whatever the
     * evaluation; Connect Four needs one. */
    const shot shots[] = {
        {"gs_mnk_new tic-tac-toe", NULL, call_mnk_new, done_mnk, NULL, NULL,
         &ttt, 0, GS_OK, true, false, 2},
        {"gs_mnk_new 4x4", NULL, call_mnk_new, done_mnk, NULL, NULL, &four,
         0, GS_OK, true, false, 2},
        {"gs_mnk_new gomoku, threats", NULL, call_mnk_new, done_mnk, NULL,
         NULL, &gomoku_threats, 0, GS_OK, true, false, 2},
        {"gs_mnk_new gomoku, lines", NULL, call_mnk_new, done_mnk, NULL,
         NULL, &gomoku_lines, 0, GS_OK, true, false, 2},
        {"gs_mnk_new gomoku, no evaluation", NULL, call_mnk_new, done_mnk,
         NULL, NULL, &gomoku_none, 0, GS_OK, true, false, 2},
        {"gs_c4_new 7x6", NULL, call_c4_new, done_c4, NULL, NULL, &c7x6, 0,
         GS_OK, true, false, 1},
        {"gs_c4_new 6x7", NULL, call_c4_new, done_c4, NULL, NULL, &c6x7, 0,
         GS_OK, true, false, 1},
        {"gs_c4_new 4x4", NULL, call_c4_new, done_c4, NULL, NULL, &c4x4, 0,
         GS_OK, true, false, 1},
    };
    run_shots(shots, sizeof shots / sizeof shots[0]);
}

/* ---- Pacman ---------------------------------------------------------------- */

typedef struct layout_text {
    const char *file;           /* under the source tree, or */
    int box;                    /* an open box this wide and high */
    const char *literal;        /* or this text */
    int width, height, ghosts;  /* what the layout must be */
} layout_text;

static char *layout_source(const layout_text *lt, size_t *n)
{
    if (lt->file)
        return slurp(lt->file, n);
    if (lt->box)
        return box_layout(lt->box, lt->box, n);
    *n = strlen(lt->literal);
    char *s = xmalloc(*n + 1);
    memcpy(s, lt->literal, *n + 1);
    return s;
}

static int call_layout_parse(const shot *s, void *obj, const gs_allocator *a,
                             void **out)
{
    (void)obj;
    size_t n;
    char *src = layout_source(s->arg, &n);
    gs_pac_layout *lay = (gs_pac_layout *)&not_set;
    gs_error err;
    int rc = gs_pac_layout_parse(src, n, a, &lay, &err);
    free(src);
    *out = lay;
    return rc;
}

static void done_layout(const shot *s, void *obj, void *made)
{
    (void)obj;
    const layout_text *lt = s->arg;
    gs_pac_layout *lay = made;
    if (s->want != GS_OK) {
        assert_null(lay);
        return;
    }
    assert_int_equal(gs_pac_layout_width(lay), lt->width);
    assert_int_equal(gs_pac_layout_height(lay), lt->height);
    assert_int_equal(gs_pac_layout_num_ghosts(lay), lt->ghosts);
    gs_pac_layout_free(lay);
}

/* The layout a world is made from, parsed with the C library's allocator. */
static void *setup_layout(const shot *s, const gs_allocator *a)
{
    (void)a;
    size_t n;
    char *src = layout_source(s->arg, &n);
    gs_pac_layout *lay = NULL;
    assert_int_equal(gs_pac_layout_parse(src, n, NULL, &lay, NULL), GS_OK);
    free(src);
    return lay;
}

static void teardown_layout(void *obj)
{
    gs_pac_layout_free(obj);
}

static int call_pacman_new(const shot *s, void *obj, const gs_allocator *a,
                           void **out)
{
    gs_pacman *w = (gs_pacman *)&not_set;
    int rc = gs_pacman_new(obj, s->iarg, a, &w);
    *out = w;
    return rc;
}

static void done_pacman(const shot *s, void *obj, void *made)
{
    const layout_text *lt = s->arg;
    (void)obj;
    gs_pacman *w = made;
    int ghosts = s->iarg < lt->ghosts ? s->iarg : lt->ghosts;
    assert_int_equal(gs_pacman_num_agents(w), 1 + ghosts);
    assert_int_equal(gs_pacman_width(w), lt->width);
    void *st = xmalloc(gs_pacman_state_size(w));
    gs_pacman_initial(w, st);
    assert_int_equal(gs_pacman_score(w, st), 0);
    free(st);
    gs_pacman_free(w);
}

/* A world made with the counted allocator: its scratch memory is. */
static void *setup_world(const shot *s, const gs_allocator *a)
{
    size_t n;
    char *src = layout_source(s->arg, &n);
    gs_pac_layout *lay = NULL;
    assert_int_equal(gs_pac_layout_parse(src, n, NULL, &lay, NULL), GS_OK);
    free(src);
    gs_pacman *w = NULL;
    assert_int_equal(gs_pacman_new(lay, 4, a, &w), GS_OK);
    gs_pac_layout_free(lay);
    return w;
}

static void teardown_world(void *obj)
{
    gs_pacman_free(obj);
}

/* The distance from Pacman's corner (1, 1) to the cell iarg cells up and
 * iarg cells right: 2 * iarg in an open box. -1, the answer when scratch
 * memory cannot be had, is reported as GS_ENOMEM. */
static int call_maze_distance(const shot *s, void *obj, const gs_allocator *a,
                              void **out)
{
    (void)a;
    (void)out;
    int d = gs_pacman_maze_distance(obj, 1, 1, 1 + s->iarg, 1 + s->iarg);
    if (d == 2 * s->iarg)
        return GS_OK;
    return d == -1 ? GS_ENOMEM : GS_EINVAL;
}

/* An evaluation of the start, which must be arg's value: without scratch
 * memory an evaluation falls back on Manhattan distances, which in an open
 * box are the maze distances, so the value must not change. */
typedef struct eval_case {
    layout_text where;
    gs_pac_eval eval;
    double value;
} eval_case;

static int call_evaluate(const shot *s, void *obj, const gs_allocator *a,
                         void **out)
{
    (void)a;
    (void)out;
    const eval_case *ec = s->arg;
    gs_pacman *w = obj;
    void *st = xmalloc(gs_pacman_state_size(w));
    gs_pacman_initial(w, st);
    double v = gs_pacman_evaluate(w, st, ec->eval);
    free(st);
    if (v != ec->value)
        fail_msg("%s: value %.17g, want %.17g", s->name, v, ec->value);
    return GS_OK;
}

static void *setup_eval_world(const shot *s, const gs_allocator *a)
{
    const eval_case *ec = s->arg;
    shot inner = *s;
    inner.arg = &ec->where;
    return setup_world(&inner, a);
}

/* DirectionalGhost's distribution and move allocate nothing. */
static int call_ghost(const shot *s, void *obj, const gs_allocator *a,
                      void **out)
{
    (void)s;
    (void)a;
    (void)out;
    gs_pacman *w = obj;
    void *st = xmalloc(gs_pacman_state_size(w));
    gs_pacman_initial(w, st);
    int acts[GS_PAC_NUM_DIRS];
    double p[GS_PAC_NUM_DIRS];
    int n = gs_pacman_ghost_distribution(w, st, 1, GS_PAC_DIRECTIONAL_GHOST,
                                         acts, p);
    /* The ghost in the far corner can go West or South, both towards
     * Pacman: 0.8 split between them, plus 0.2 spread over both. */
    assert_int_equal(n, 2);
    assert_int_equal(acts[0], GS_PAC_WEST);
    assert_int_equal(acts[1], GS_PAC_SOUTH);
    assert_true(p[0] == 0.5 && p[1] == 0.5);
    gs_pyrandom rng;
    gs_pyrandom_seed_int(&rng, 0);
    int move = gs_pacman_ghost_action(w, st, 1, GS_PAC_DIRECTIONAL_GHOST,
                                      &rng);
    assert_true(move == GS_PAC_WEST || move == GS_PAC_SOUTH);
    free(st);
    return GS_OK;
}

static void test_pacman(void **state)
{
    (void)state;
    static const layout_text corridor = {"layouts/corridor.lay", 0, NULL, 15,
                                         5, 1};
    static const layout_text labyrinth = {"layouts/labyrinth.lay", 0, NULL,
                                          39, 21, 4};
    static const layout_text arena = {"layouts/arena.lay", 0, NULL, 26, 12,
                                      4};
    static const layout_text box = {NULL, BIG, NULL, BIG, BIG, 1};
    static const layout_text small_box = {NULL, 12, NULL, 12, 12, 1};
    /* Refused before anything is allocated. */
    static const layout_text two_pacmen = {NULL, 0, "%%%%\n%PP%\n%.G%\n%%%%\n",
                                           0, 0, 0};
    static const eval_case better = {{NULL, BIG, NULL, BIG, BIG, 1},
                                     GS_PAC_EVAL_BETTER, -59};
    static const eval_case reflex = {{NULL, BIG, NULL, BIG, BIG, 1},
                                     GS_PAC_EVAL_REFLEX, -44};
    static const eval_case champion = {{NULL, BIG, NULL, BIG, BIG, 1},
                                       GS_PAC_EVAL_CHAMPION, -75};
    static const eval_case score = {{NULL, BIG, NULL, BIG, BIG, 1},
                                    GS_PAC_EVAL_SCORE, 0};
    const shot shots[] = {
        /* The layout, and the scratch of the check that Pacman reaches
         * every dot. */
        {"gs_pac_layout_parse corridor", NULL, call_layout_parse,
         done_layout, NULL, NULL, &corridor, 0, GS_OK, true, false, 2},
        {"gs_pac_layout_parse labyrinth", NULL, call_layout_parse,
         done_layout, NULL, NULL, &labyrinth, 0, GS_OK, true, false, 2},
        {"gs_pac_layout_parse 70x70", NULL, call_layout_parse, done_layout,
         NULL, NULL, &box, 0, GS_OK, true, false, 2},
        {"gs_pac_layout_parse refused", NULL, call_layout_parse, done_layout,
         NULL, NULL, &two_pacmen, 0, GS_EPARSE, true, false, 0},
        /* One block each, distance table included. */
        {"gs_pacman_new arena, no ghost", setup_layout, call_pacman_new,
         done_pacman, NULL, teardown_layout, &arena, 0, GS_OK, true, false,
         1},
        {"gs_pacman_new arena, 1 ghost", setup_layout, call_pacman_new,
         done_pacman, NULL, teardown_layout, &arena, 1, GS_OK, true, false,
         1},
        {"gs_pacman_new arena, 2 ghosts", setup_layout, call_pacman_new,
         done_pacman, NULL, teardown_layout, &arena, 2, GS_OK, true, false,
         1},
        {"gs_pacman_new arena, 4 ghosts", setup_layout, call_pacman_new,
         done_pacman, NULL, teardown_layout, &arena, 4, GS_OK, true, false,
         1},
        {"gs_pacman_new labyrinth, 9 ghosts asked", setup_layout,
         call_pacman_new, done_pacman, NULL, teardown_layout, &labyrinth, 9,
         GS_OK, true, false, 1},
        {"gs_pacman_new 70x70", setup_layout, call_pacman_new, done_pacman,
         NULL, teardown_layout, &box, 1, GS_OK, true, false, 1},
        /* Scratch memory: only a world without a distance table takes
         * it, one block a question. */
        {"gs_pacman_maze_distance 70x70", setup_world, call_maze_distance,
         NULL, NULL, teardown_world, &box, 60, GS_OK, false, false, 1},
        {"gs_pacman_maze_distance 12x12", setup_world, call_maze_distance,
         NULL, NULL, teardown_world, &small_box, 9, GS_OK, false, false, 0},
        {"gs_pacman_evaluate 70x70, better", setup_eval_world, call_evaluate,
         NULL, NULL, teardown_world, &better, 0, GS_OK, false, true, 1},
        {"gs_pacman_evaluate 70x70, reflex", setup_eval_world,
         call_evaluate, NULL, NULL, teardown_world, &reflex, 0, GS_OK, false,
         true, 1},
        {"gs_pacman_evaluate 70x70, champion", setup_eval_world,
         call_evaluate, NULL, NULL, teardown_world, &champion, 0, GS_OK,
         false, true, 1},
        {"gs_pacman_evaluate 70x70, score", setup_eval_world, call_evaluate,
         NULL, NULL, teardown_world, &score, 0, GS_OK, false, true, 0},
        {"gs_pacman_ghost_distribution, ghost_action", setup_world,
         call_ghost, NULL, NULL, teardown_world, &small_box, 0, GS_OK, false,
         false, 0},
    };
    run_shots(shots, sizeof shots / sizeof shots[0]);
}

/* ---- Engines ----------------------------------------------------------------- */

static void *setup_play(const shot *s, const gs_allocator *a)
{
    (void)a;
    return play_new((game_id)s->iarg, s->arg);
}

static void teardown_play(void *obj)
{
    play_free(obj);
}

static int call_engine_new(const shot *s, void *obj, const gs_allocator *a,
                           void **out)
{
    (void)s;
    play *p = obj;
    gs_engine *e = (gs_engine *)&not_set;
    int rc = gs_engine_new(&p->game, a, &e);
    *out = e;
    return rc;
}

/* The new engine searches: one ply of each game, whose value is known. */
static void done_engine(const shot *s, void *obj, void *made)
{
    play *p = obj;
    gs_engine *e = made;
    gs_search_options o;
    gs_search_options_init(&o);
    gs_result r;
    if (s->iarg == G_SEED) {
        assert_int_equal(gs_search(e, p->root, &o, &r), GS_OK);
        assert_true(r.value == 5.0);
        assert_int_equal(r.nodes, 12);
    } else {
        o.depth = 1;
        assert_int_equal(gs_search(e, p->root, &o, &r), GS_OK);
        assert_true(r.best != GS_NO_ACTION);
    }
    gs_engine_free(e);
}

/* An engine (counted) whose table (64 KiB) holds what a search of the
 * seed tree stored. */
typedef struct sized {
    play *p;
    gs_engine *e;
} sized;

static void *setup_sized(const shot *s, const gs_allocator *a)
{
    (void)s;
    sized *z = xmalloc(sizeof *z);
    z->p = play_new(G_SEED, NULL);
    assert_int_equal(gs_engine_new(&z->p->game, a, &z->e), GS_OK);
    assert_int_equal(gs_engine_tt_resize(z->e, (size_t)64 << 10), GS_OK);
    gs_search_options o;
    gs_search_options_init(&o);
    o.use_tt = true;
    gs_result r;
    assert_int_equal(gs_search(z->e, z->p->root, &o, &r), GS_OK);
    assert_int_equal(r.tt_hits, 0);
    return z;
}

static void teardown_sized(void *obj)
{
    sized *z = obj;
    gs_engine_free(z->e);
    play_free(z->p);
    free(z);
}

static int call_tt_resize(const shot *s, void *obj, const gs_allocator *a,
                          void **out)
{
    (void)a;
    (void)out;
    sized *z = obj;
    return gs_engine_tt_resize(z->e, (size_t)s->iarg << 10);
}

/* The seed tree searched with the table: `hits` of its nodes settled by
 * it (0 for an empty table: the tree has no transpositions). */
static void search_seed_tt(sized *z, uint64_t hits)
{
    gs_search_options o;
    gs_search_options_init(&o);
    o.use_tt = true;
    gs_result r;
    assert_int_equal(gs_search(z->e, z->p->root, &o, &r), GS_OK);
    assert_true(r.value == 5.0);
    assert_int_equal(r.tt_hits, hits);
}

/* A refused resize keeps the old table and what it holds: B, C and D are
 * settled by it. */
static void after_fail_tt(const shot *s, void *obj)
{
    (void)s;
    search_seed_tt(obj, 3);
}

/* A resize empties the table. */
static void done_tt(const shot *s, void *obj, void *made)
{
    (void)s;
    (void)made;
    search_seed_tt(obj, 0);
}

static void test_engines(void **state)
{
    (void)state;
    /* The engine, its ordering scores and keys, the roles and the
     * principal variation's table: five allocations for every game. */
    const shot shots[] = {
        {"gs_engine_new tree", setup_play, call_engine_new, done_engine,
         NULL, teardown_play, NULL, G_SEED, GS_OK, true, false, 5},
        {"gs_engine_new tic-tac-toe", setup_play, call_engine_new,
         done_engine, NULL, teardown_play, ".........", G_TTT, GS_OK, true,
         false, 5},
        {"gs_engine_new gomoku", setup_play, call_engine_new, done_engine,
         NULL, teardown_play, NULL, G_GOMOKU, GS_OK, true, false, 5},
        {"gs_engine_new connect4", setup_play, call_engine_new, done_engine,
         NULL, teardown_play, "4453", G_C4, GS_OK, true, false, 5},
        {"gs_engine_new pacman", setup_play, call_engine_new, done_engine,
         NULL, teardown_play, NULL, G_PAC_DIRECTIONAL, GS_OK, true, false,
         5},
        {"gs_engine_tt_resize 1 MiB", setup_sized, call_tt_resize, done_tt,
         after_fail_tt, teardown_sized, NULL, 1024, GS_OK, false, false, 1},
        {"gs_engine_tt_resize 0 (frees it)", setup_sized, call_tt_resize,
         NULL, NULL, teardown_sized, NULL, 0, GS_OK, false, false, 0},
    };
    run_shots(shots, sizeof shots / sizeof shots[0]);
}

/* ---- Searches ------------------------------------------------------------------ */

/*
 * The allocator of the searches: the tracker behind a lock (helper threads
 * allocate too), failing allocation number fail_at of the thread that
 * created it, or number other_fail_at of the other threads together.
 */
#ifndef GS_TEST_NO_THREADS
typedef pthread_mutex_t guard_lock;
typedef pthread_t guard_thread;
#define LOCK_INIT(l) pthread_mutex_init(l, NULL)
#define LOCK_FREE(l) pthread_mutex_destroy(l)
#define LOCK(l) pthread_mutex_lock(l)
#define UNLOCK(l) pthread_mutex_unlock(l)
#define THIS_THREAD() pthread_self()
#define SAME_THREAD(a, b) pthread_equal(a, b)
#else
/* Built without threads: one thread, no lock. */
typedef int guard_lock;
typedef int guard_thread;
#define LOCK_INIT(l) ((void)(l), 0)
#define LOCK_FREE(l) ((void)(l))
#define LOCK(l) ((void)(l))
#define UNLOCK(l) ((void)(l))
#define THIS_THREAD() 0
#define SAME_THREAD(a, b) ((a) == (b))
#endif

typedef struct guard {
    guard_lock lock;
    track t;               /* live bytes and block sizes; never fails */
    gs_allocator inner;
    guard_thread owner;
    long count, fail_at;   /* the owner's allocations */
    long other_count, other_fail_at;
    long failed;
} guard;

static void *guard_fn(void *user, void *ptr, size_t osize, size_t nsize)
{
    guard *g = user;
    LOCK(&g->lock);
    bool fail = false;
    if (nsize > 0) {
        if (SAME_THREAD(THIS_THREAD(), g->owner))
            fail = ++g->count == g->fail_at;
        else
            fail = ++g->other_count == g->other_fail_at;
    }
    void *r = NULL;
    if (fail)
        g->failed++;
    else
        r = g->inner.fn(g->inner.user, ptr, osize, nsize);
    UNLOCK(&g->lock);
    return r;
}

static gs_allocator guard_init(guard *g)
{
    memset(g, 0, sizeof *g);
    assert_int_equal(LOCK_INIT(&g->lock), 0);
    g->inner = tracker(&g->t);
    g->owner = THIS_THREAD();
    gs_allocator a = {guard_fn, g};
    return a;
}

static size_t guard_live(guard *g)
{
    LOCK(&g->lock);
    size_t live = g->t.live;
    UNLOCK(&g->lock);
    return live;
}

/* Events a hook saw. */
typedef struct events {
    long enter, leave, prune;
    double sum;   /* a fingerprint of the values backed up, in order */
} events;

static void count_events(void *user, gs_event_kind kind, const gs_event *ev)
{
    events *c = user;
    if (kind == GS_EVENT_ENTER) {
        c->enter++;
    } else if (kind == GS_EVENT_LEAVE) {
        c->leave++;
        c->sum = c->sum * 0.5 + ev->value;
    } else {
        c->prune++;
    }
}

/* The options of a case, as changes to gs_search_options_init's. */
typedef struct opts {
    gs_algo algo;
    int depth;
    bool rounds;
    bool strict;          /* prune_equal false */
    bool order;
    bool tt;
    bool iterative;
    bool null_window;
    bool history;
    bool symmetry;
    bool prefetch;
    bool hook;
    bool weak;            /* root window (-1, 1) */
    int threads;
    int max_ply;
    uint64_t max_nodes;
} opts;

/* A search and what it must find. */
typedef struct search_case {
    const char *name;
    game_id game;
    const char *position;
    opts o;
    size_t tt_bytes;      /* the table, sized before (0: left to the search) */
    int want;             /* GS_OK, or GS_EPLY */
    double value;
    gs_action best;
    uint64_t nodes;       /* 0: varies (several threads) */
    /* Allocations of the calling thread: exactly this many (> 0), or at
     * least -allocs. With two threads at least 10: a helper engine (5),
     * the array of helpers, the threads' jobs, then the search's state
     * slots, action stack and probabilities; more when it goes deep. */
    long allocs;
} search_case;

/* With several threads, equal moves may be told apart in another order:
 * the best move is then not checked. */
#define ANY_BEST (-2)

static void options_of(const search_case *c, gs_search_options *o,
                       gs_solver_options *so, events *ev)
{
    gs_search_options_init(o);
    gs_solver_options_init(so);
    o->algo = c->o.algo;
    o->depth = c->o.depth;
    o->depth_unit = c->o.rounds ? GS_DEPTH_ROUNDS : GS_DEPTH_PLIES;
    o->prune_equal = !c->o.strict;
    o->order_moves = c->o.order;
    o->use_tt = c->o.tt;
    o->iterative = c->o.iterative;
    so->null_window = c->o.null_window;
    o->history = c->o.history;
    so->tt_symmetry = c->o.symmetry;
    so->prefetch = c->o.prefetch;
    if (c->o.weak) {
        so->window_lo = -1.0;
        so->window_hi = 1.0;
    }
    if (c->o.null_window || c->o.symmetry || c->o.prefetch || c->o.weak)
        o->solver = so;
    if (c->o.threads)
        o->threads = c->o.threads;
    if (c->o.max_ply)
        o->max_ply = c->o.max_ply;
    o->max_nodes = c->o.max_nodes;
    memset(ev, 0, sizeof *ev);
    if (c->o.hook) {
        o->hook = count_events;
        o->hook_user = ev;
    }
}

static gs_engine *engine_for(const search_case *c, play *p,
                             const gs_allocator *a)
{
    gs_engine *e = NULL;
    assert_int_equal(gs_engine_new(&p->game, a, &e), GS_OK);
    if (c->tt_bytes)
        assert_int_equal(gs_engine_tt_resize(e, c->tt_bytes), GS_OK);
    return e;
}

/* Two searches of the same root with the same options agree. */
static void same_search(const search_case *c, const gs_result *want,
                        const events *want_ev, const gs_result *r,
                        const events *ev)
{
    if (c->o.threads > 1) {
        assert_true(r->value == want->value);
        if (c->best != ANY_BEST)
            assert_int_equal(r->best, want->best);
        return;
    }
    assert_int_equal(r->nodes, want->nodes);
    assert_int_equal(r->leaves, want->leaves);
    if (c->want != GS_OK)
        return;
    assert_true(r->value == want->value);
    assert_int_equal(r->bound, want->bound);
    assert_int_equal(r->best, want->best);
    assert_int_equal(r->best_index, want->best_index);
    assert_int_equal(r->pv_length, want->pv_length);
    assert_memory_equal(r->pv, want->pv,
                        (size_t)r->pv_length * sizeof r->pv[0]);
    assert_int_equal(r->cutoffs, want->cutoffs);
    assert_int_equal(r->tt_hits, want->tt_hits);
    assert_int_equal(r->depth, want->depth);
    assert_int_equal(r->stopped, want->stopped);
    assert_int_equal(ev->enter, want_ev->enter);
    assert_int_equal(ev->leave, want_ev->leave);
    assert_int_equal(ev->prune, want_ev->prune);
    assert_true(ev->sum == want_ev->sum);
}

static long run_search(const search_case *c)
{
    if (c->o.threads > 1 && !TEST_THREADS) {
        /* refused without threads: test_engine_api checks how */
        print_message("skipped: %s: needs threads (GS_THREADS=OFF)\n",
                      c->name);
        return 0;
    }
    play *p = play_new(c->game, c->position);
    gs_search_options o;
    gs_solver_options so;
    events ref_ev, ev;

    /* A fresh engine's search, nothing failing: the answer to match. */
    guard g;
    gs_allocator a = guard_init(&g);
    gs_engine *e = engine_for(c, p, &a);
    long base = g.count;
    gs_result ref;
    options_of(c, &o, &so, &ref_ev);
    int rc = gs_search(e, p->root, &o, &ref);
    if (rc != c->want)
        fail_msg("%s: status %d, want %d", c->name, rc, c->want);
    const long ref_allocs = g.count - base;
    const size_t ref_live = guard_live(&g);
    /* A value at or beyond the root window's edge is a bound. */
    gs_bound bound = GS_BOUND_EXACT;
    if (c->o.weak)
        bound = c->value <= -1.0 ? GS_BOUND_UPPER
              : c->value >= 1.0 ? GS_BOUND_LOWER : GS_BOUND_EXACT;
    if (c->want == GS_OK) {
        if (ref.value != c->value || ref.bound != bound ||
            (c->best != ANY_BEST && ref.best != c->best) ||
            (c->nodes && ref.nodes != c->nodes))
            fail_msg("%s: value %.17g, best %d, %llu nodes; want %.17g, %d, "
                     "%llu", c->name, ref.value, (int)ref.best,
                     (unsigned long long)ref.nodes, c->value, (int)c->best,
                     (unsigned long long)c->nodes);
    } else if (c->nodes && ref.nodes != c->nodes) {
        fail_msg("%s: %llu nodes, want %llu", c->name,
                 (unsigned long long)ref.nodes, (unsigned long long)c->nodes);
    }
    assert_int_equal(ref.stopped,
                     c->o.max_nodes ? GS_STOP_NODES : GS_STOP_NONE);
    gs_engine_free(e);
    assert_int_equal(guard_live(&g), 0);
    LOCK_FREE(&g.lock);

    long n;
    for (n = 1;; n++) {
        a = guard_init(&g);
        e = engine_for(c, p, &a);
        base = g.count;
        g.fail_at = base + n;
        gs_result r;
        options_of(c, &o, &so, &ev);
        rc = gs_search(e, p->root, &o, &r);
        if (g.failed == 0) {
            if (rc != c->want)
                fail_msg("%s: status %d without failure, want %d", c->name,
                         rc, c->want);
            /* Allocations 1 .. n - 1 were each failed in turn before
             * (with threads the calling thread's later ones vary: the
             * helpers' entries may spare it the deepest plies). */
            if (c->o.threads <= 1)
                assert_int_equal(g.count - base, n - 1);
            same_search(c, &ref, &ref_ev, &r, &ev);
            gs_engine_free(e);
            assert_int_equal(guard_live(&g), 0);
            LOCK_FREE(&g.lock);
            break;
        }
        if (rc != GS_ENOMEM)
            fail_msg("%s: status %d when allocation %ld failed", c->name, rc,
                     n);
        assert_int_equal(g.failed, 1);
        if (c->o.threads <= 1 && guard_live(&g) > ref_live)
            fail_msg("%s: %zu bytes held after allocation %ld failed, %zu "
                     "after a search", c->name, guard_live(&g), n, ref_live);
        /* The engine is as good as new. */
        g.fail_at = 0;
        if (c->o.tt)
            gs_engine_tt_clear(e);
        options_of(c, &o, &so, &ev);
        rc = gs_search(e, p->root, &o, &r);
        if (rc != c->want)
            fail_msg("%s: status %d after allocation %ld failed", c->name,
                     rc, n);
        same_search(c, &ref, &ref_ev, &r, &ev);
        if (c->o.threads <= 1 && guard_live(&g) != ref_live)
            fail_msg("%s: %zu bytes held after the search that followed a "
                     "failure, %zu after a fresh engine's", c->name,
                     guard_live(&g), ref_live);
        gs_engine_free(e);
        assert_int_equal(guard_live(&g), 0);
        LOCK_FREE(&g.lock);
    }
    const long used = n - 1;
    if (c->o.threads <= 1)
        assert_int_equal(used, ref_allocs);
    if (c->allocs > 0 ? used != c->allocs : used < -c->allocs)
        fail_msg("%s: %ld allocations, want %s%ld", c->name, used,
                 c->allocs > 0 ? "" : "at least ",
                 c->allocs > 0 ? c->allocs : -c->allocs);
    play_free(p);
    return used;
}

static void run_searches(const search_case *cases, size_t n)
{
    for (size_t i = 0; i < n; i++)
        run_search(&cases[i]);
}

/* Option sets. */
#define AB .algo = GS_ALPHABETA
#define MM .algo = GS_MINIMAX
#define EX .algo = GS_EXPECTIMAX
#define EMM .algo = GS_EXPECTIMINIMAX

static void test_search_trees(void **state)
{
    (void)state;
    const size_t kib64 = (size_t)64 << 10;
    /* Values, best moves and node counts as docs/benchmarks.md gives them (seed:
     * D is action 2; dice: "safe" is action 0; two ghosts: East is
     * action 1 at one round, West action 0 at full depth). */
    const search_case cases[] = {
        {"seed, alpha-beta", G_SEED, NULL, {AB}, 0, GS_OK, 5, 2, 12, 3},
        {"seed, minimax", G_SEED, NULL, {MM}, 0, GS_OK, 5, 2, 15, 3},
        {"seed, expectimax", G_SEED, NULL, {EX}, 0, GS_OK, 26.0 / 3, 2, 15,
         3},
        {"seed, alpha-beta, strict rule, hook", G_SEED, NULL,
         {AB, .strict = true, .hook = true}, 0, GS_OK, 5, 2, 12, 3},
        /* The table of 16 MiB is made by the search: one more. */
        {"seed, alpha-beta, default table", G_SEED, NULL, {AB, .tt = true},
         0, GS_OK, 5, 2, 12, 4},
        {"seed, two threads", G_SEED, NULL,
         {AB, .tt = true, .threads = 2}, kib64, GS_OK, 5, 2, 0, -10},
        /* The dice's weights (sixths) make the chance sums need their
         * exact digits: the array of blocks and one block, made once. */
        {"dice, Star1, hook", G_DICE, NULL, {AB, .hook = true}, 0, GS_OK, 5,
         0, 11, 5},
        {"dice, expectiminimax", G_DICE, NULL, {EMM}, 0, GS_OK, 5, 0, 15, 5},
        {"two ghosts, alpha-beta, one round", G_GHOSTS, NULL,
         {AB, .depth = 1, .rounds = true}, 0, GS_OK, 0, 1, 13, 3},
        /* Round 1 as above (13 nodes), then round 2 (19 nodes). */
        {"two ghosts, iterative, table", G_GHOSTS, NULL,
         {AB, .iterative = true, .tt = true, .depth = 2, .rounds = true},
         kib64, GS_OK, 1, 0, 32, 3},
        /* The chain: 81 nodes. Its state slots are made at the root and
         * grow at plies 15 and 31, its action and probability stacks are
         * made at the root and grow at plies 8, 16 and 32: 11
         * allocations, 8 for a search that stays above ply 32. */
        {"chain, alpha-beta", G_CHAIN, NULL, {AB}, 0, GS_OK, 1, 0, 81, 11},
        {"chain, minimax, hook", G_CHAIN, NULL, {MM, .hook = true}, 0, GS_OK,
         1, 0, 81, 11},
        {"chain, iterative, history", G_CHAIN, NULL,
         {AB, .iterative = true, .history = true}, 0, GS_OK, 1, 0, 1680, 11},
        {"chain, depth 20", G_CHAIN, NULL, {AB, .depth = 20}, 0, GS_OK, 1, 0,
         41, 8},
        {"chain, max_ply 30", G_CHAIN, NULL, {AB, .max_ply = 30}, 0, GS_EPLY,
         0, 0, 31, 8},
        /* Stopped inside the first child: no best move yet. */
        {"chain, 50 nodes", G_CHAIN, NULL, {AB, .max_nodes = 50}, 0, GS_OK,
         0, GS_NO_ACTION, 50, 11},
    };
    run_searches(cases, sizeof cases / sizeof cases[0]);
}

/* PVS, MTD(f) and SSS*: MTD(f) and SSS* make the table of 16 MiB on
 * their first search (one more allocation than PVS), use_tt or not (the
 * cases set it, so that the search after a failure starts from an empty
 * table). */
static void test_search_refined(void **state)
{
    (void)state;
    const search_case cases[] = {
        {"seed, pvs", G_SEED, NULL, {.algo = GS_PVS}, 0, GS_OK, 5, 2, 17, 3},
        {"seed, pvs, strict rule, hook", G_SEED, NULL,
         {.algo = GS_PVS, .strict = true, .hook = true}, 0, GS_OK, 5, 2, 17,
         3},
        {"seed, mtdf", G_SEED, NULL, {.algo = GS_MTDF, .tt = true}, 0, GS_OK, 5, 2, 20,
         4},
        {"seed, sss, hook", G_SEED, NULL, {.algo = GS_SSS, .tt = true, .hook = true}, 0,
         GS_OK, 5, 2, 21, 4},
        {"chain, sss", G_CHAIN, NULL, {.algo = GS_SSS, .tt = true}, 0, GS_OK, 1, 0, 729,
         12},
        {"tic-tac-toe, mtdf, iterative", G_TTT, "X...O....",
         {.algo = GS_MTDF, .tt = true, .iterative = true}, 0, GS_OK, 0, 2, 971, 8},
        {"tic-tac-toe, pvs, table", G_TTT, "X...O....",
         {.algo = GS_PVS, .tt = true}, 0, GS_OK, 0, 1, 379, 8},
    };
    run_searches(cases, sizeof cases / sizeof cases[0]);
}

static void test_search_mnk(void **state)
{
    (void)state;
    /* Tic-tac-toe is a draw: 5,485 nodes with the table, as docs/benchmarks.md
     * says. From X...O... (X in a1, O in b2) still a draw. In XX.OO....
     * X wins at once in c1 (cell 2, the only win): 1,000,000 less 5
     * stones. The Gomoku position: X completes five at g8 (cell 111, the
     * first of the two winning cells the hint puts first): 1,000,000 less
     * 9 stones. */
    const search_case cases[] = {
        {"tic-tac-toe, default table", G_TTT, ".........", {AB, .tt = true},
         0, GS_OK, 0, 0, 5521, 8},
        {"tic-tac-toe, minimax", G_TTT, "X...O....", {MM}, 0, GS_OK, 0, 1,
         7332, 7},
        {"tic-tac-toe, iterative, history", G_TTT, "X...O....",
         {AB, .iterative = true, .history = true, .depth = 7}, 0, GS_OK, 0,
         6, 1611, 7},
        {"tic-tac-toe, two threads", G_TTT, "XX.OO....",
         {AB, .tt = true, .threads = 2}, (size_t)64 << 10, GS_OK,
         GS_MNK_WIN - 5, 2, 0, -10},
        {"gomoku, depth 2, ordered, history, table", G_GOMOKU, NULL,
         {AB, .depth = 2, .order = true, .history = true, .tt = true,
          .iterative = true},
         (size_t)1 << 20, GS_OK, GS_MNK_WIN - 9, 111, 177, 5},
    };
    run_searches(cases, sizeof cases / sizeof cases[0]);
}

/* The position of docs/ref/connect4.md: -7 for the player to move (the first),
 * column 2 (action 1) the only best move; 670 nodes with the solver's
 * options (through gs_c4_game), 444 for the weak solve, whose answer -3
 * is an upper bound at or below the window's edge (every move loses, and
 * the search names column 6). */
#define C4_POS "3237735666151513515634"

static void test_search_connect4(void **state)
{
    (void)state;
    const size_t mib = (size_t)1 << 20;
    const search_case cases[] = {
        {"connect4, solver", G_C4, C4_POS,
         {AB, .tt = true, .order = true, .null_window = true,
          .prefetch = true},
         mib, GS_OK, -7, 1, 670, 7},
        {"connect4, weak", G_C4, C4_POS,
         {AB, .tt = true, .order = true, .null_window = true,
          .prefetch = true, .weak = true},
         mib, GS_OK, -3, 5, 471, 7},
        {"connect4, symmetry, history", G_C4, C4_POS,
         {AB, .tt = true, .order = true, .null_window = true,
          .symmetry = true, .history = true},
         mib, GS_OK, -7, 1, 245, 7},
        {"connect4, alpha-beta, depth 6", G_C4, C4_POS,
         {AB, .depth = 6, .order = true}, 0, GS_OK, -7, 1, 234, 7},
        {"connect4, two threads", G_C4, C4_POS,
         {AB, .tt = true, .order = true, .null_window = true, .threads = 2},
         mib, GS_OK, -7, 1, 0, -10},
    };
    run_searches(cases, sizeof cases / sizeof cases[0]);
}

static void test_search_pacman(void **state)
{
    (void)state;
    /* Crossroads, two ghosts in their house: in two rounds Pacman eats
     * two dots (20) in two moves (-2) whatever the ghosts do, going West
     * first (action 0, first of the equal moves). Against
     * DirectionalGhosts with our evaluation the value is the
     * evaluation's. */
    const search_case cases[] = {
        {"pacman, minimax, 2 rounds", G_PAC_MIN, NULL,
         {MM, .depth = 2, .rounds = true}, 0, GS_OK, 18, 0, 73, 3},
        {"pacman, alpha-beta, 2 rounds, table", G_PAC_MIN, NULL,
         {AB, .depth = 2, .rounds = true, .tt = true}, (size_t)1 << 20,
         GS_OK, 18, 0, 37, 3},
        {"pacman, expectimax, 2 rounds", G_PAC_MIN, NULL,
         {EX, .depth = 2, .rounds = true}, 0, GS_OK, 18, 0, 73, 3},
        {"pacman, two threads", G_PAC_MIN, NULL,
         {AB, .depth = 2, .rounds = true, .tt = true, .threads = 2},
         (size_t)1 << 20, GS_OK, 18, ANY_BEST, 0, -10},
        {"pacman, directional ghosts, iterative, hook", G_PAC_DIRECTIONAL,
         NULL, {AB, .depth = 2, .rounds = true, .iterative = true,
                .hook = true},
         0, GS_OK, -1623, 0, 83, 3},
    };
    run_searches(cases, sizeof cases / sizeof cases[0]);
}

/* A helper thread's allocation failing leaves the answer to the calling
 * thread's search. */
static void test_helper_failure(void **state)
{
    (void)state;
    SKIP_WITHOUT_THREADS();
    play *p = play_new(G_C4, C4_POS);
    guard g;
    gs_allocator a = guard_init(&g);
    gs_engine *e = NULL;
    assert_int_equal(gs_engine_new(&p->game, &a, &e), GS_OK);
    assert_int_equal(gs_engine_tt_resize(e, (size_t)1 << 20), GS_OK);
    gs_search_options o;
    gs_search_options_init(&o);
    o.use_tt = true;
    o.order_moves = true;
    gs_solver_options so;
    gs_solver_options_init(&so);
    so.null_window = true;
    o.solver = &so;
    o.threads = 2;
    g.other_fail_at = 1;
    gs_result r;
    assert_int_equal(gs_search(e, p->root, &o, &r), GS_OK);
    assert_int_equal(g.failed, 1);
    assert_true(r.value == -7.0);
    assert_int_equal(r.best, 1);
    gs_engine_free(e);
    assert_int_equal(guard_live(&g), 0);
    LOCK_FREE(&g.lock);
    play_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_trees),
        cmocka_unit_test(test_boards),
        cmocka_unit_test(test_pacman),
        cmocka_unit_test(test_engines),
        cmocka_unit_test(test_search_trees),
        cmocka_unit_test(test_search_mnk),
        cmocka_unit_test(test_search_refined),
        cmocka_unit_test(test_search_connect4),
        cmocka_unit_test(test_search_pacman),
        cmocka_unit_test(test_helper_failure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
