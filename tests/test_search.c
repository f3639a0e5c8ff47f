/*
 * tests/test_search.c: the search engine's test suite, written from the
 * contract in include/gamesearch/search.h and game.h alone.
 *
 * The games are explicit trees kept in arrays (struct tree of
 * tree_fixture.h, which also gives their notation):
 *
 *     A(B(E=3 F=12) C#2(0.25@H=2 0.75@I=4) D=7? )
 *
 * Expected values are checked three ways: by hand on small trees (every
 * number carries a comment saying how it was derived), against a naive
 * recursive oracle (minimax / expectiminimax / expectimax), and against a
 * reference fail-soft alpha-beta that records its visit order and prunes.
 * Every search also runs through verify_events(), which checks the hook's
 * events against the tree (nesting, order, leaves, pruned children, and the
 * soundness of each reported bound).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L  /* clock_gettime; the build also sets it */
#endif

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#ifndef GS_TEST_NO_THREADS
#include <pthread.h>
#endif
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gamesearch/core.h"
#include "gamesearch/game.h"
#include "gamesearch/search.h"

#include "exact_ref.h"
#include "fixtures.h"
#include "needs_threads.h"
#include "track_alloc.h"
#include "tree_fixture.h"

/* ------------------------------------------------------------------------
 * Step 1. A string buffer (fatal errors, memory and the random generator
 * are fixtures.h's).
 * ---------------------------------------------------------------------- */

typedef struct strbuf {
    char *s;
    size_t len, cap;
} strbuf;

static void sb_printf(strbuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void sb_printf(strbuf *b, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        size_t room = b->cap - b->len;
        va_start(ap, fmt);
        int n = vsnprintf(b->s ? b->s + b->len : NULL, room, fmt, ap);
        va_end(ap);
        if (n < 0)
            die("vsnprintf failed");
        if ((size_t)n < room) {
            b->len += (size_t)n;
            return;
        }
        b->cap = 2 * b->cap + (size_t)n + 64;
        b->s = xrealloc(b->s, b->cap);
    }
}

/* ------------------------------------------------------------------------
 * Step 2. The explicit tree (tree_fixture.h), written back as text.
 * ---------------------------------------------------------------------- */

/* The subtree at `node` in the notation of tree_fixture.h, every value
 * written; `prob`, when not NULL, is the probability of the edge above. */
static void dump_node(const tree *t, int node, const double *prob, strbuf *b)
{
    const tnode *nd = &t->nodes[node];
    if (prob)
        sb_printf(b, "%.17g@", *prob);
    sb_printf(b, "%s", nd->name);
    if (nd->hint != 0)
        sb_printf(b, "#%d", (int)nd->hint);
    sb_printf(b, "=%.17g", nd->value);
    if (nd->n == 0 && !nd->terminal)
        sb_printf(b, "?");
    if (nd->n > 0) {
        sb_printf(b, "(");
        for (int i = 0; i < nd->n; i++) {
            if (i > 0)
                sb_printf(b, " ");
            double p = kid_prob(t, node, i);
            dump_node(t, kid(t, node, i), nd->has_probs ? &p : NULL, b);
        }
        sb_printf(b, ")");
    }
}

/* ------------------------------------------------------------------------
 * Step 4. The oracle: naive recursive minimax / expectiminimax /
 * expectimax over the array, with depth cutoffs.
 * ---------------------------------------------------------------------- */

typedef struct omode {
    int limit;        /* plies; 0 = none; a node at ply >= limit is a leaf */
    bool expectimax;  /* every MIN agent is a uniform CHANCE agent */
    bool ordered;     /* break MAX/MIN ties in order_hint order */
} omode;

typedef struct oinfo {
    uint64_t nodes, leaves;  /* every node within the limit */
    bool chance;             /* a chance node was averaged */
    bool inexact;            /* ... with weights or a mean that is not dyadic */
} oinfo;

static bool is_leaf(const tree *t, int node, int ply, int limit)
{
    return t->nodes[node].n == 0 || (limit > 0 && ply >= limit);
}

static gs_role eff_role(const tree *t, int ply, bool expectimax)
{
    gs_role r = t->roles[ply % t->num_agents];
    return expectimax && r == GS_ROLE_MIN ? GS_ROLE_CHANCE : r;
}

static int limit_plies(const tree *t, int depth, gs_depth_unit unit)
{
    return unit == GS_DEPTH_ROUNDS ? depth * t->num_agents : depth;
}

static bool dyadic(double p)
{
    double x = p * 65536.0;
    return x == floor(x);
}

/* The search order of node's actions: the game's, or stably sorted by
 * decreasing hint. */
static int child_order(const tree *t, int node, bool by_hint, int32_t *order)
{
    const tnode *nd = &t->nodes[node];
    for (int i = 0; i < nd->n; i++) {
        int j = i;
        if (by_hint) {
            int32_t h = t->nodes[kid(t, node, i)].hint;
            while (j > 0 && t->nodes[kid(t, node, order[j - 1])].hint < h) {
                order[j] = order[j - 1];
                j--;
            }
        }
        order[j] = i;
    }
    return nd->n;
}

/* The value of `node` at `ply`; fills vals[] for every node within the
 * limit. Chance nodes: the correctly rounded exact sum of p[i] * v[i], or
 * of v[i] divided by n (exact_ref.c). */
static double oracle(const tree *t, int node, int ply, const omode *m,
                     double *vals, oinfo *info)
{
    const tnode *nd = &t->nodes[node];
    double v;
    info->nodes++;
    if (is_leaf(t, node, ply, m->limit)) {
        info->leaves++;
        v = nd->value;
    } else {
        gs_role role = eff_role(t, ply, m->expectimax);
        if (role == GS_ROLE_CHANCE) {
            bool weighted = nd->has_probs &&
                            t->roles[ply % t->num_agents] == GS_ROLE_CHANCE;
            double *cv = xrealloc(NULL, (size_t)nd->n * sizeof *cv);
            double *cp = xrealloc(NULL, (size_t)nd->n * sizeof *cp);
            info->chance = true;
            for (int i = 0; i < nd->n; i++) {
                cv[i] = oracle(t, kid(t, node, i), ply + 1, m, vals, info);
                if (weighted) {
                    cp[i] = kid_prob(t, node, i);
                    if (!dyadic(cp[i]))
                        info->inexact = true;
                }
            }
            if (!weighted && (nd->n & (nd->n - 1)) != 0)
                info->inexact = true;
            v = exact_ref_expectation(weighted ? cp : NULL, cv, nd->n);
            free(cv);
            free(cp);
        } else {
            v = role == GS_ROLE_MAX ? -INFINITY : INFINITY;
            for (int i = 0; i < nd->n; i++) {
                double c = oracle(t, kid(t, node, i), ply + 1, m, vals, info);
                if (role == GS_ROLE_MAX ? c > v : c < v)
                    v = c;
            }
        }
    }
    vals[node] = v;
    return v;
}

/* The first best action in search order (strict > at MAX, strict < at MIN),
 * or -1 at a leaf or a chance node. */
static int oracle_best(const tree *t, int node, int ply, const omode *m,
                       const double *vals)
{
    int32_t order[MAX_KIDS];
    if (is_leaf(t, node, ply, m->limit))
        return -1;
    gs_role role = eff_role(t, ply, m->expectimax);
    if (role == GS_ROLE_CHANCE)
        return -1;
    int n = child_order(t, node, m->ordered, order);
    int best = -1;
    double bv = 0.0;
    for (int k = 0; k < n; k++) {
        double v = vals[kid(t, node, order[k])];
        if (best < 0 || (role == GS_ROLE_MAX ? v > bv : v < bv)) {
            best = order[k];
            bv = v;
        }
    }
    return best;
}

static int oracle_pv(const tree *t, int root, const omode *m,
                     const double *vals, gs_action *pv)
{
    int len = 0, node = root, a;
    while (len < GS_PV_MAX && (a = oracle_best(t, node, len, m, vals)) >= 0) {
        pv[len++] = a;
        node = kid(t, node, a);
    }
    return len;
}

/* ------------------------------------------------------------------------
 * Step 5. The reference alpha-beta: fail-soft, with the value function
 * structure of the contract (MAX: v = max(v, child); cut when v >= beta
 * (textbook) or v > beta (CS188); alpha = max(alpha, v); MIN mirrored);
 * CHANCE nodes searched with a full window and no pruning (no bounds).
 * It records the visit order and the pruned children.
 * ---------------------------------------------------------------------- */

typedef struct abref {
    const tree *t;
    int limit;
    bool prune_equal, ordered;
    uint64_t nodes, leaves, cutoffs;
    int32_t *visits;  /* node ids, in visit order */
    size_t nvisits;
    int32_t *prunes;  /* triples (parent node, action, index) */
    size_t nprunes;
} abref;

static double abref_search(abref *r, int node, int ply, double alpha,
                           double beta)
{
    const tree *t = r->t;
    const tnode *nd = &t->nodes[node];
    int32_t order[MAX_KIDS];
    r->visits[r->nvisits++] = node;
    r->nodes++;
    if (is_leaf(t, node, ply, r->limit)) {
        r->leaves++;
        return nd->value;
    }
    gs_role role = t->roles[ply % t->num_agents];
    if (role == GS_ROLE_CHANCE) {
        double cv[MAX_KIDS], cp[MAX_KIDS];
        for (int i = 0; i < nd->n; i++) {
            cv[i] = abref_search(r, kid(t, node, i), ply + 1, -INFINITY,
                                 INFINITY);
            cp[i] = nd->has_probs ? kid_prob(t, node, i) : 1.0;
        }
        return exact_ref_expectation(nd->has_probs ? cp : NULL, cv, nd->n);
    }
    int n = child_order(t, node, r->ordered, order);
    double v = role == GS_ROLE_MAX ? -INFINITY : INFINITY;
    for (int k = 0; k < n; k++) {
        double c = abref_search(r, kid(t, node, order[k]), ply + 1, alpha, beta);
        bool cut;
        if (role == GS_ROLE_MAX) {
            if (c > v)
                v = c;
            cut = r->prune_equal ? v >= beta : v > beta;
        } else {
            if (c < v)
                v = c;
            cut = r->prune_equal ? v <= alpha : v < alpha;
        }
        if (cut) {
            /* A cutoff is counted where it skips something: a cut on the
             * last child prunes nothing and is not one. */
            if (k + 1 < n)
                r->cutoffs++;
            for (int j = k + 1; j < n; j++) {
                r->prunes[3 * r->nprunes] = node;
                r->prunes[3 * r->nprunes + 1] = order[j];
                r->prunes[3 * r->nprunes + 2] = j;
                r->nprunes++;
            }
            break;
        }
        if (role == GS_ROLE_MAX && v > alpha)
            alpha = v;
        if (role == GS_ROLE_MIN && v < beta)
            beta = v;
    }
    return v;
}

static void abref_run(abref *r, const tree *t, int root, int limit,
                      bool prune_equal, bool ordered, double *value)
{
    memset(r, 0, sizeof *r);
    r->t = t;
    r->limit = limit;
    r->prune_equal = prune_equal;
    r->ordered = ordered;
    r->visits = xrealloc(NULL, (size_t)t->nnodes * sizeof *r->visits);
    r->prunes = xrealloc(NULL, 3 * (size_t)t->nnodes * sizeof *r->prunes);
    *value = abref_search(r, root, 0, -INFINITY, INFINITY);
}

static void abref_free(abref *r)
{
    free(r->visits);
    free(r->prunes);
}

/* ------------------------------------------------------------------------
 * Step 6. The event recorder (the search hook) and the event checker.
 * ---------------------------------------------------------------------- */

typedef struct rev {
    gs_event_kind kind;
    int32_t node, ply;  /* from the event's state */
    int eply, agent;    /* event->ply, event->agent */
    gs_action action;
    int index;
    bool leaf;
    double value;
    gs_bound bound;
} rev;

typedef struct recorder {
    rev *ev;
    size_t n, cap;
} recorder;

static void rec_hook(void *user, gs_event_kind kind, const gs_event *e)
{
    recorder *r = user;
    tstate s;
    memcpy(&s, e->state, sizeof s);  /* the first bytes of every state here */
    if (r->n == r->cap) {
        r->cap = 2 * r->cap + 64;
        r->ev = xrealloc(r->ev, r->cap * sizeof *r->ev);
    }
    rev *v = &r->ev[r->n++];
    v->kind = kind;
    v->node = s.node;
    v->ply = s.ply;
    v->eply = e->ply;
    v->agent = e->agent;
    v->action = e->action;
    v->index = e->index;
    v->leaf = e->leaf;
    v->value = e->value;
    v->bound = e->bound;
}

/* What a failed check prints: the options and the tree. */
typedef struct chk {
    const tree *t;
    int root;
    char what[200];
} chk;

#define CHECK(c, cond) \
    do { \
        if (!(cond)) \
            check_failed((c), #cond, __LINE__); \
    } while (0)

static void check_failed(const chk *c, const char *expr, int line)
{
    strbuf b = {NULL, 0, 0};
    dump_node(c->t, c->root, NULL, &b);
    print_error("check failed (line %d): %s\n  search: %s\n  roles:", line,
                expr, c->what);
    for (int i = 0; i < c->t->num_agents; i++)
        print_error(" %s", c->t->roles[i] == GS_ROLE_MAX ? "max"
                           : c->t->roles[i] == GS_ROLE_MIN ? "min" : "chance");
    print_error("\n  tree: %s\n", b.s);
    free(b.s);
    fail();
}

typedef struct vcfg {
    const tree *t;
    int root;
    int limit;
    bool expectimax;     /* the roles the search used */
    bool ordered;        /* order_moves with an order_hint callback */
    const double *vals;  /* the oracle value of every node, same mode */
    double eps;          /* 0, or 1e-9 when chance arithmetic is inexact */
} vcfg;

typedef struct frame {
    int32_t node, ply;
    gs_action action;
    int n, pos;
    uint32_t seen;
    bool pruned, check_order;
    int32_t order[MAX_KIDS];
} frame;

static void check_bound(const chk *c, double reported, gs_bound bound,
                        double truth, double eps)
{
    switch (bound) {
    case GS_BOUND_EXACT: CHECK(c, fabs(reported - truth) <= eps); break;
    case GS_BOUND_LOWER: CHECK(c, truth >= reported - eps); break;
    case GS_BOUND_UPPER: CHECK(c, truth <= reported + eps); break;
    default: CHECK(c, !"a valid gs_bound");
    }
}

/*
 * Checks a finished search's events: ENTER/LEAVE nest properly, start at the
 * root, and follow the tree; every child of an inner node is entered or
 * pruned exactly once, in search order, pruned ones after the cut; PRUNE
 * carries the parent's state and the child's position; leaves are exactly
 * the nodes the game evaluates, with their value; every backed-up bound is
 * sound against the oracle; the counters match the events.
 */
static void verify_events(const chk *c, const recorder *r, const vcfg *v,
                          const gs_result *res)
{
    const tree *t = v->t;
    frame *stack = xrealloc(NULL, ((size_t)t->nnodes + 1) * sizeof *stack);
    size_t depth = 0;
    uint64_t enters = 0, leaves = 0, groups = 0;
    CHECK(c, r->n > 0);
    for (size_t i = 0; i < r->n; i++) {
        const rev *e = &r->ev[i];
        CHECK(c, e->node >= 0 && e->node < t->nnodes);
        CHECK(c, e->eply == e->ply);
        CHECK(c, e->agent == e->ply % t->num_agents);
        frame *f = depth > 0 ? &stack[depth - 1] : NULL;
        if (e->kind == GS_EVENT_ENTER) {
            if (f == NULL) {
                CHECK(c, i == 0);
                CHECK(c, e->node == v->root && e->ply == 0);
                CHECK(c, e->action == GS_NO_ACTION);
            } else {
                CHECK(c, !f->pruned);
                CHECK(c, f->pos < f->n);
                CHECK(c, e->action >= 0 && e->action < f->n);
                CHECK(c, !(f->seen & (1u << e->action)));
                if (f->check_order)
                    CHECK(c, e->action == f->order[f->pos]);
                CHECK(c, e->node == kid(t, f->node, e->action));
                CHECK(c, e->ply == f->ply + 1);
                f->seen |= 1u << e->action;
                f->pos++;
            }
            frame *g = &stack[depth++];
            g->node = e->node;
            g->ply = e->ply;
            g->action = e->action;
            g->pos = 0;
            g->seen = 0;
            g->pruned = false;
            g->n = is_leaf(t, e->node, e->ply, v->limit) ? 0 : t->nodes[e->node].n;
            bool maxmin = eff_role(t, e->ply, v->expectimax) != GS_ROLE_CHANCE;
            g->check_order = !v->ordered || maxmin;
            child_order(t, e->node, v->ordered && maxmin, g->order);
            enters++;
        } else if (e->kind == GS_EVENT_LEAVE) {
            CHECK(c, f != NULL);
            CHECK(c, f->node == e->node && f->ply == e->ply);
            CHECK(c, f->action == e->action);
            bool leaf = is_leaf(t, e->node, e->ply, v->limit);
            CHECK(c, e->leaf == leaf);
            if (leaf) {
                leaves++;
                CHECK(c, e->value == t->nodes[e->node].value);
                CHECK(c, e->bound == GS_BOUND_EXACT);
            } else {
                CHECK(c, f->pos == f->n);
            }
            check_bound(c, e->value, e->bound, v->vals[e->node], v->eps);
            depth--;
            if (depth == 0) {
                CHECK(c, i + 1 == r->n);
                CHECK(c, e->value == res->value);
            }
        } else if (e->kind == GS_EVENT_PRUNE) {
            CHECK(c, f != NULL);
            CHECK(c, f->node == e->node && f->ply == e->ply);
            CHECK(c, f->pos < f->n);
            CHECK(c, e->action >= 0 && e->action < f->n);
            CHECK(c, !(f->seen & (1u << e->action)));
            CHECK(c, e->index == f->pos);
            if (f->check_order)
                CHECK(c, e->action == f->order[f->pos]);
            f->seen |= 1u << e->action;
            f->pos++;
            if (!f->pruned)
                groups++;
            f->pruned = true;
        } else {
            CHECK(c, !"a valid event kind");
        }
    }
    CHECK(c, depth == 0);
    CHECK(c, enters == res->nodes);
    CHECK(c, leaves == res->leaves);
    /* A cutoff is a node that pruned children. */
    CHECK(c, groups == res->cutoffs);
    free(stack);
}

static size_t count_kind(const recorder *r, gs_event_kind kind)
{
    size_t n = 0;
    for (size_t i = 0; i < r->n; i++)
        n += r->ev[i].kind == kind;
    return n;
}

/* ------------------------------------------------------------------------
 * Step 7. Running one search with the recorder; fixtures for hand trees.
 * ---------------------------------------------------------------------- */

/* Searches `root` with `engine` (made for g), or a fresh engine when it is
 * NULL, with the recorder as hook; returns the status. Counts game->value
 * calls into *value_calls. */
static int run_search_with(gs_engine *engine, const gs_game *g, tree *t,
                           int root, const gs_search_options *opts,
                           recorder *rec, gs_result *res, long *value_calls)
{
    gs_engine *e = engine;
    gs_search_options o = *opts;
    tstate s = {root, 0};
    int rc = e ? GS_OK : gs_engine_new(g, NULL, &e);
    if (rc != GS_OK)
        return -1000 - rc;
    rec->n = 0;
    o.hook = rec_hook;
    o.hook_user = rec;
    *value_calls = 0;
    t->value_calls = value_calls;
    memset(res, 0xa5, sizeof *res);
    rc = gs_search(e, &s, &o, res);
    t->value_calls = NULL;
    if (engine == NULL)
        gs_engine_free(e);
    return rc;
}

static int run_search(const gs_game *g, tree *t, int root,
                      const gs_search_options *opts, recorder *rec,
                      gs_result *res, long *value_calls)
{
    return run_search_with(NULL, g, t, root, opts, rec, res, value_calls);
}

typedef struct fx {
    tree t;
    int root;
    gs_game game;
    recorder rec;
    gs_result res;
    long value_calls;
    strbuf sb;
} fx;

static void fx_init(fx *f, const char *roles, const char *spec, bool bounds)
{
    memset(f, 0, sizeof *f);
    tree_init(&f->t, roles);
    f->root = tree_parse(&f->t, spec);
    f->game = tree_game(&f->t, bounds);
}

static void fx_free(fx *f)
{
    tree_free(&f->t);
    free(f->rec.ev);
    free(f->sb.s);
}

/* Runs a search on the fixture's tree, asserts GS_OK, and checks its events
 * and counters against the oracle. */
static void fx_run(fx *f, const gs_search_options *o)
{
    chk c;
    int limit = limit_plies(&f->t, o->depth, o->depth_unit);
    omode m = {limit, o->algo == GS_EXPECTIMAX, false};
    oinfo info = {0, 0, false, false};
    double *vals = xrealloc(NULL, (size_t)f->t.nnodes * sizeof *vals);
    c.t = &f->t;
    c.root = f->root;
    snprintf(c.what, sizeof c.what, "hand tree, algo %d", (int)o->algo);
    oracle(&f->t, f->root, 0, &m, vals, &info);
    int rc = run_search(&f->game, &f->t, f->root, o, &f->rec, &f->res,
                        &f->value_calls);
    assert_int_equal(rc, GS_OK);
    vcfg v = {&f->t, f->root, limit, m.expectimax,
              o->order_moves && f->game.order_hint != NULL, vals,
              info.chance ? 1e-9 : 0.0};
    verify_events(&c, &f->rec, &v, &f->res);
    assert_int_equal(f->value_calls, (long)f->res.leaves);
    free(vals);
}

/* The names of the entered nodes, in visit order. */
static const char *fx_visits(fx *f)
{
    f->sb.len = 0;
    sb_printf(&f->sb, "%s", "");
    for (size_t i = 0; i < f->rec.n; i++)
        if (f->rec.ev[i].kind == GS_EVENT_ENTER)
            sb_printf(&f->sb, "%s%s", f->sb.len ? " " : "",
                      f->t.nodes[f->rec.ev[i].node].name);
    return f->sb.s;
}

/* The pruned children, as parent:child@index. */
static const char *fx_prunes(fx *f)
{
    f->sb.len = 0;
    sb_printf(&f->sb, "%s", "");
    for (size_t i = 0; i < f->rec.n; i++) {
        const rev *e = &f->rec.ev[i];
        if (e->kind == GS_EVENT_PRUNE)
            sb_printf(&f->sb, "%s%s:%s@%d", f->sb.len ? " " : "",
                      f->t.nodes[e->node].name,
                      f->t.nodes[kid(&f->t, e->node, e->action)].name,
                      e->index);
    }
    return f->sb.s;
}

/* The backed-up values, as name=value with L (lower bound) or U (upper
 * bound) after inexact ones. */
static const char *fx_leaves(fx *f)
{
    f->sb.len = 0;
    sb_printf(&f->sb, "%s", "");
    for (size_t i = 0; i < f->rec.n; i++) {
        const rev *e = &f->rec.ev[i];
        if (e->kind == GS_EVENT_LEAVE)
            sb_printf(&f->sb, "%s%s=%g%s", f->sb.len ? " " : "",
                      f->t.nodes[e->node].name, e->value,
                      e->bound == GS_BOUND_LOWER ? "L"
                      : e->bound == GS_BOUND_UPPER ? "U" : "");
    }
    return f->sb.s;
}

/* The principal variation as node names. */
static const char *fx_pv(fx *f)
{
    int node = f->root;
    f->sb.len = 0;
    sb_printf(&f->sb, "%s", "");
    assert_true(f->res.pv_length >= 0 && f->res.pv_length <= GS_PV_MAX);
    for (int i = 0; i < f->res.pv_length; i++) {
        assert_true(f->res.pv[i] >= 0 && f->res.pv[i] < f->t.nodes[node].n);
        node = kid(&f->t, node, f->res.pv[i]);
        sb_printf(&f->sb, "%s%s", i ? " " : "", f->t.nodes[node].name);
    }
    return f->sb.s;
}

static gs_search_options opts_algo(gs_algo algo)
{
    gs_search_options o;
    gs_search_options_init(&o);
    o.algo = algo;
    return o;
}

static bool same_result(const gs_result *a, const gs_result *b)
{
    if (memcmp(&a->value, &b->value, sizeof a->value) != 0 ||
        a->best != b->best || a->best_index != b->best_index ||
        a->pv_length != b->pv_length || a->nodes != b->nodes ||
        a->leaves != b->leaves || a->cutoffs != b->cutoffs ||
        a->stopped != b->stopped)
        return false;
    if (a->pv_length < 0 || a->pv_length > GS_PV_MAX)
        return false;
    return memcmp(a->pv, b->pv, (size_t)a->pv_length * sizeof a->pv[0]) == 0;
}

/* ------------------------------------------------------------------------
 * Step 8. Tests: options, names, the textbook trees by hand.
 * ---------------------------------------------------------------------- */

static void test_options_defaults(void **state)
{
    (void)state;
    gs_search_options o;
    memset(&o, 0x5a, sizeof o);
    gs_search_options_init(&o);
    assert_int_equal(o.algo, GS_ALPHABETA);
    assert_int_equal(o.depth, 0);
    assert_int_equal(o.depth_unit, GS_DEPTH_PLIES);
    assert_true(o.prune_equal);
    assert_false(o.order_moves);
    assert_int_equal(o.max_nodes, 0);
    assert_true(o.max_seconds == 0.0);
    assert_int_equal(o.max_ply, 4096);
    assert_null(o.hook);
    assert_null(o.hook_user);
}

static void test_algo_names(void **state)
{
    (void)state;
    assert_string_equal(gs_algo_name(GS_MINIMAX), "minimax");
    assert_string_equal(gs_algo_name(GS_ALPHABETA), "alphabeta");
    assert_string_equal(gs_algo_name(GS_EXPECTIMAX), "expectimax");
    assert_string_equal(gs_algo_name(GS_EXPECTIMINIMAX), "expectiminimax");
    assert_int_equal(gs_algo_parse("minimax"), GS_MINIMAX);
    assert_int_equal(gs_algo_parse("alphabeta"), GS_ALPHABETA);
    assert_int_equal(gs_algo_parse("expectimax"), GS_EXPECTIMAX);
    assert_int_equal(gs_algo_parse("expectiminimax"), GS_EXPECTIMINIMAX);
    assert_int_equal(gs_algo_parse("alpha-beta-ish"), -1);
    assert_int_equal(gs_algo_parse(""), -1);
    assert_int_equal(gs_algo_parse("minimaxx"), -1);
    assert_int_equal(gs_algo_parse("expecti"), -1);
    for (int s = GS_OK; s <= GS_ESTOPPED + 1; s++)
        assert_non_null(gs_strerror(s));
}

/* The seed tree: MAX root A, MIN B C D, M a MAX node at ply 2 under D. */
#define SEED_TREE "A(B(E=3 F=12 G=8) C(H=2 I=4 J=6) D(K=14 L=5 M(N=7 O=2)))"

static void test_seed_tree_alphabeta(void **state)
{
    (void)state;
    fx f;
    fx_init(&f, "Mm", SEED_TREE, false);
    for (int pe = 1; pe >= 0; pe--) {
        gs_search_options o = opts_algo(GS_ALPHABETA);
        o.prune_equal = pe;
        fx_run(&f, &o);
        /* B = min(3,12,8) = 3; C = min(2,4,6) = 2; M = max(7,2) = 7;
         * D = min(14,5,7) = 5; A = max(3,2,5) = 5, first reached at D. */
        assert_true(f.res.value == 5.0);
        assert_int_equal(f.res.best, 2);
        assert_int_equal(f.res.best_index, 2);
        /* At D the first minimum is L (5 < 14; M's 7 is not smaller). */
        assert_string_equal(fx_pv(&f), "D L");
        /* A (-inf,+inf): B is a MIN node with alpha = -inf, so it never
         * cuts: E F G, B = 3, alpha = 3. C (3,+inf): H = 2, and 2 <= 3
         * (also 2 < 3): cut, I and J pruned, C = 2 (upper bound).
         * D (3,+inf): K = 14 (beta 14), L = 5 (beta 5); M (3,5): N = 7,
         * 7 >= 5 (also 7 > 5): cut, O pruned, M = 7 (lower bound);
         * D = min(5,7) = 5, exact; A = 5, exact. Same under both rules. */
        assert_string_equal(fx_visits(&f), "A B E F G C H D K L M N");
        assert_string_equal(fx_prunes(&f), "C:I@1 C:J@2 M:O@1");
        assert_string_equal(fx_leaves(&f),
                            "E=3 F=12 G=8 B=3 H=2 C=2U K=14 L=5 N=7 M=7L D=5 A=5");
        assert_int_equal(f.res.nodes, 12);   /* the 12 names visited */
        assert_int_equal(f.res.leaves, 7);   /* E F G H K L N */
        assert_int_equal(f.res.cutoffs, 2);  /* at C and at M */
        assert_int_equal(f.res.stopped, GS_STOP_NONE);
        assert_true(f.res.seconds >= 0.0);
    }
    /* The PRUNE events carry the parent's state, ply and agent. */
    for (size_t i = 0; i < f.rec.n; i++) {
        const rev *e = &f.rec.ev[i];
        if (e->kind != GS_EVENT_PRUNE)
            continue;
        if (e->node == find_node(&f.t, "C")) {
            assert_int_equal(e->ply, 1);  /* C is at ply 1, MIN's turn */
            assert_int_equal(e->agent, 1);
        } else {
            assert_int_equal(e->node, find_node(&f.t, "M"));
            assert_int_equal(e->ply, 2);  /* M is at ply 2, MAX's turn */
            assert_int_equal(e->agent, 0);
            assert_int_equal(e->action, 1);  /* O */
        }
    }
    /* NULL options are the defaults: textbook alpha-beta. */
    {
        gs_engine *e = NULL;
        gs_result res;
        tstate s = {f.root, 0};
        assert_int_equal(gs_engine_new(&f.game, NULL, &e), GS_OK);
        assert_int_equal(gs_search(e, &s, NULL, &res), GS_OK);
        assert_true(res.value == 5.0);
        assert_int_equal(res.nodes, 12);
        assert_int_equal(res.cutoffs, 2);
        gs_engine_free(e);
    }
    fx_free(&f);
}

static void test_seed_tree_minimax(void **state)
{
    (void)state;
    fx f;
    fx_init(&f, "Mm", SEED_TREE, false);
    gs_algo algos[2] = {GS_MINIMAX, GS_EXPECTIMINIMAX};
    for (int i = 0; i < 2; i++) {
        gs_search_options o = opts_algo(algos[i]);
        fx_run(&f, &o);
        assert_true(f.res.value == 5.0);  /* as in the alpha-beta test */
        assert_int_equal(f.res.best, 2);
        assert_int_equal(f.res.best_index, 2);
        assert_string_equal(fx_pv(&f), "D L");
        /* Every node, depth first in action order. */
        assert_string_equal(fx_visits(&f), "A B E F G C H I J D K L M N O");
        assert_string_equal(fx_prunes(&f), "");
        assert_string_equal(fx_leaves(&f),
                            "E=3 F=12 G=8 B=3 H=2 I=4 J=6 C=2 K=14 L=5 N=7 O=2 "
                            "M=7 D=5 A=5");
        assert_int_equal(f.res.nodes, 15);   /* A..O */
        assert_int_equal(f.res.leaves, 10);  /* E..L (8) + N, O */
        assert_int_equal(f.res.cutoffs, 0);
    }
    fx_free(&f);
}

/* AIMA figure 5.2. */
static void test_aima_5_2(void **state)
{
    (void)state;
    fx f;
    fx_init(&f, "Mm", "A(B(b1=3 b2=12 b3=8) C(c1=2 c2=4 c3=6) D(d1=14 d2=5 d3=2))",
            false);
    gs_search_options o = opts_algo(GS_MINIMAX);
    fx_run(&f, &o);
    /* B = 3, C = 2, D = 2; A = max(3,2,2) = 3 at B. */
    assert_true(f.res.value == 3.0);
    assert_int_equal(f.res.best, 0);
    assert_string_equal(fx_pv(&f), "B b1");
    assert_int_equal(f.res.nodes, 13);  /* 1 + 3 + 9 */
    assert_int_equal(f.res.leaves, 9);
    for (int pe = 1; pe >= 0; pe--) {
        o = opts_algo(GS_ALPHABETA);
        o.prune_equal = pe;
        fx_run(&f, &o);
        assert_true(f.res.value == 3.0);
        assert_int_equal(f.res.best, 0);
        assert_int_equal(f.res.best_index, 0);
        assert_string_equal(fx_pv(&f), "B b1");
        /* B: 3 12 8 -> 3, alpha 3. C: 2 <= 3 cut, 4 and 6 pruned.
         * D (3,+inf): 14, 5, then 2 <= 3: a cut at the last child (nothing
         * left to prune), D = 2 as an upper bound. */
        assert_string_equal(fx_visits(&f), "A B b1 b2 b3 C c1 D d1 d2 d3");
        assert_string_equal(fx_prunes(&f), "C:c2@1 C:c3@2");
        assert_string_equal(fx_leaves(&f),
                            "b1=3 b2=12 b3=8 B=3 c1=2 C=2U d1=14 d2=5 d3=2 D=2U A=3");
        assert_int_equal(f.res.nodes, 11);  /* 13 minus c2, c3 */
        assert_int_equal(f.res.leaves, 7);  /* 9 minus c2, c3 */
        /* One cutoff, at C: D's cut test fires on its last child, which
         * skips nothing, and counts as no cutoff (the engine's reading of
         * "cutoffs made": nodes where children were pruned). */
        assert_int_equal(f.res.cutoffs, 1);
    }
    fx_free(&f);
}

/* Agents max, min, min: two MIN layers in a row. */
#define TREE_MMM "A(B(D(d1=3 d2=9) E(e1=7 e2=1)) C(F(f1=0 f2=6) G(g1=8 g2=5)))"

static void test_max_min_min(void **state)
{
    (void)state;
    fx f;
    fx_init(&f, "Mmm", TREE_MMM, false);
    gs_search_options o = opts_algo(GS_MINIMAX);
    fx_run(&f, &o);
    /* D = min(3,9) = 3, E = min(7,1) = 1, B = min(3,1) = 1;
     * F = 0, G = 5, C = 0; A = max(1,0) = 1 at B. */
    assert_true(f.res.value == 1.0);
    assert_int_equal(f.res.best, 0);
    assert_string_equal(fx_pv(&f), "B E e2");
    assert_int_equal(f.res.nodes, 15);  /* 1 + 2 + 4 + 8 */
    assert_int_equal(f.res.leaves, 8);
    for (int pe = 1; pe >= 0; pe--) {
        o = opts_algo(GS_ALPHABETA);
        o.prune_equal = pe;
        fx_run(&f, &o);
        assert_true(f.res.value == 1.0);
        assert_int_equal(f.res.best, 0);
        assert_string_equal(fx_pv(&f), "B E e2");
        /* B (-inf,+inf) is all MIN below, alpha = -inf: nothing cuts, B = 1,
         * alpha = 1. C (1,+inf): F (1,+inf): f1 = 0 <= 1 (and < 1): cut,
         * f2 pruned, F = 0; C: 0 <= 1: cut, G pruned. */
        assert_string_equal(fx_visits(&f), "A B D d1 d2 E e1 e2 C F f1");
        assert_string_equal(fx_prunes(&f), "F:f2@1 C:G@1");
        assert_int_equal(f.res.nodes, 11);
        assert_int_equal(f.res.leaves, 5);   /* d1 d2 e1 e2 f1 */
        assert_int_equal(f.res.cutoffs, 2);  /* at F and at C */
    }
    o = opts_algo(GS_EXPECTIMAX);
    fx_run(&f, &o);
    /* MIN agents become uniform chance: D = 6, E = 4, B = 5;
     * F = 3, G = 6.5, C = 4.75; A = max(5, 4.75) = 5 at B. */
    assert_true(f.res.value == 5.0);
    assert_int_equal(f.res.best, 0);
    assert_string_equal(fx_pv(&f), "B");  /* B is a chance node now */
    assert_int_equal(f.res.nodes, 15);
    assert_int_equal(f.res.cutoffs, 0);
    assert_true(f.rec.ev[f.rec.n - 2].value == 4.75);  /* C's LEAVE */
    fx_free(&f);
}

/* Agents max, min, chance with uneven probabilities. */
#define TREE_MMC \
    "A(B(D(0.1@d1=10 0.9@d2=0) E(e1=4 e2=8))" \
    " C(F(0.1@f1=20 0.9@f2=2) G(0.1@g1=-10 0.9@g2=5))" \
    " H(I(0.5@i1=0 0.5@i2=-4) J(j1=20 j2=20)))"

static void test_max_min_chance(void **state)
{
    (void)state;
    /* The chance values, computed as the engine must: the correctly
     * rounded exact sum of p[i] * v[i], or the exact mean. F is not the
     * plain 0.1 * 20.0 + 0.9 * 2.0 (3.8): the double 0.1 is a little
     * above 1/10 and 0.9 a little above 9/10, and their exact products sum
     * to 3.80000000000000015543..., nearer 3.8000000000000003. */
    const double D = 0.1 * 10.0 + 0.9 * 0.0;   /* 1 */
    const double E = (4.0 + 8.0) / 2;          /* 6 */
    const double F = 3.8000000000000003;
    assert_true(F == exact_ref_expectation((const double[]){0.1, 0.9},
                                           (const double[]){20.0, 2.0}, 2));
    const double G = 0.1 * -10.0 + 0.9 * 5.0;  /* 3.5 */
    const double I = 0.5 * 0.0 + 0.5 * -4.0;   /* -2 */
    const double J = (20.0 + 20.0) / 2;        /* 20 */
    fx f, fb;
    fx_init(&f, "Mmc", TREE_MMC, false);
    fx_init(&fb, "Mmc", TREE_MMC, true);
    assert_true(D == 1.0 && G == 3.5 && I == -2.0);
    gs_search_options o = opts_algo(GS_MINIMAX);
    fx_run(&f, &o);
    /* B = min(1,6) = 1; C = min(3.8,3.5) = 3.5; H = min(-2,20) = -2;
     * A = max(1,3.5,-2) = 3.5 at C; the PV stops at the chance node G. */
    assert_true(f.res.value == G);
    assert_int_equal(f.res.best, 1);
    assert_string_equal(fx_pv(&f), "C G");
    assert_int_equal(f.res.nodes, 22);   /* 1 + 3 + 6 + 12 */
    assert_int_equal(f.res.leaves, 12);
    for (int pe = 1; pe >= 0; pe--) {
        o = opts_algo(GS_ALPHABETA);
        o.prune_equal = pe;
        fx_run(&f, &o);
        assert_true(f.res.value == G);  /* bitwise: same sums, same order */
        assert_int_equal(f.res.best, 1);
        assert_string_equal(fx_pv(&f), "C G");
        /* No bounds: chance nodes get a full window and never cut.
         * B: D = 1, E = 6 -> 1, alpha 1. C (1,+inf): F = 3.8, G = 3.5 ->
         * 3.5, alpha 3.5. H (3.5,+inf): I = -2 <= 3.5 (and < 3.5): cut,
         * J pruned with its two leaves. */
        assert_string_equal(fx_visits(&f),
                            "A B D d1 d2 E e1 e2 C F f1 f2 G g1 g2 H I i1 i2");
        assert_string_equal(fx_prunes(&f), "H:J@1");
        assert_int_equal(f.res.nodes, 19);  /* 22 minus J, j1, j2 */
        assert_int_equal(f.res.leaves, 10);
        assert_int_equal(f.res.cutoffs, 1);  /* at H */

        /* With bounds [-20,20] (Star1): the same value, no more nodes. */
        fx_run(&fb, &o);
        assert_true(fabs(fb.res.value - G) <= 1e-9);
        assert_int_equal(fb.res.best, 1);
        assert_true(fb.res.nodes <= 19);
    }
    o = opts_algo(GS_EXPECTIMAX);
    fx_run(&f, &o);
    /* MIN -> uniform chance: B = (D+E)/2 = 3.5, C = (F+G)/2 = 3.65,
     * H = (I+J)/2 = 9; A = 9 at H; H is a chance node: PV "H". */
    assert_true(f.res.value == (I + J) / 2);
    assert_int_equal(f.res.best, 2);
    assert_string_equal(fx_pv(&f), "H");
    assert_int_equal(f.res.nodes, 22);
    {
        /* C's backed-up value, exactly (F + G) / 2. */
        bool seen = false;
        for (size_t i = 0; i < f.rec.n; i++)
            if (f.rec.ev[i].kind == GS_EVENT_LEAVE &&
                f.rec.ev[i].node == find_node(&f.t, "C")) {
                assert_true(f.rec.ev[i].value == (F + G) / 2);
                seen = true;
            }
        assert_true(seen);
        assert_true((D + E) / 2 == 3.5);
    }
    fx_free(&f);
    fx_free(&fb);
}

/* Star1 must prune at a chance node when the bounds prove a cut. */
static void test_star1_prunes(void **state)
{
    (void)state;
    fx f;
    /* MAX over two uniform chance nodes, bounds [-20,20]. B = 10, alpha 10.
     * C after c1 = -20: at most (-20 + 20) / 2 = 0 < 10: cut, c2 pruned.
     * Minimax: C = (-20 + 0) / 2 = -10; A = 10 at B. */
    fx_init(&f, "Mc", "A(B(b1=10 b2=10) C(c1=-20 c2=0))", true);
    for (int pe = 1; pe >= 0; pe--) {
        gs_search_options o = opts_algo(GS_ALPHABETA);
        o.prune_equal = pe;
        fx_run(&f, &o);
        assert_true(f.res.value == 10.0);
        assert_int_equal(f.res.best, 0);
        assert_string_equal(fx_visits(&f), "A B b1 b2 C c1");
        assert_string_equal(fx_prunes(&f), "C:c2@1");
        assert_int_equal(f.res.nodes, 6);
        assert_int_equal(f.res.leaves, 3);
        assert_int_equal(f.res.cutoffs, 1);
    }
    /* Without bounds: full window at C, all 7 nodes. */
    f.game.has_bounds = false;
    {
        gs_search_options o = opts_algo(GS_ALPHABETA);
        fx_run(&f, &o);
        assert_true(f.res.value == 10.0);
        assert_int_equal(f.res.nodes, 7);
        assert_int_equal(f.res.cutoffs, 0);
    }
    fx_free(&f);

    /* The mirror: MIN root, B = -10, beta -10; C after c1 = 20: at least
     * (20 - 20) / 2 = 0 > -10: cut. Minimax C = 10; A = -10 at B. */
    fx_init(&f, "mc", "A(B(b1=-10 b2=-10) C(c1=20 c2=0))", true);
    for (int pe = 1; pe >= 0; pe--) {
        gs_search_options o = opts_algo(GS_ALPHABETA);
        o.prune_equal = pe;
        fx_run(&f, &o);
        assert_true(f.res.value == -10.0);
        assert_int_equal(f.res.best, 0);
        assert_string_equal(fx_prunes(&f), "C:c2@1");
        assert_int_equal(f.res.nodes, 6);
        assert_int_equal(f.res.cutoffs, 1);
    }
    fx_free(&f);
}

/* Expectimax averages MIN agents uniformly even when the game would give
 * probabilities for that state. */
static void test_expectimax_uniform_min(void **state)
{
    (void)state;
    fx f;
    fx_init(&f, "Mm", "A(B(0.9@b1=0 0.1@b2=10) C(c1=2 c2=2))", false);
    gs_search_options o = opts_algo(GS_EXPECTIMAX);
    fx_run(&f, &o);
    /* B = (0 + 10) / 2 = 5 (not 0.9*0 + 0.1*10 = 1), C = 2; A = 5 at B. */
    assert_true(f.res.value == 5.0);
    assert_int_equal(f.res.best, 0);
    o = opts_algo(GS_MINIMAX);
    fx_run(&f, &o);
    /* As MIN: B = 0, C = 2; A = 2 at C. */
    assert_true(f.res.value == 2.0);
    assert_int_equal(f.res.best, 1);
    fx_free(&f);
}

/* Depth limits, with the inner nodes' static values. */
#define SEED_VALUED \
    "A=0(B=10(E=3 F=12 G=8) C=1(H=2 I=4 J=6) D=4(K=14 L=5 M=4(N=7 O=2)))"

static void test_depth_limits(void **state)
{
    (void)state;
    fx f;
    gs_result r2;
    fx_init(&f, "Mm", SEED_VALUED, false);

    gs_search_options o = opts_algo(GS_MINIMAX);
    o.depth = 1;
    fx_run(&f, &o);
    /* Ply 1 evaluated: B = 10, C = 1, D = 4; A = 10 at B. */
    assert_true(f.res.value == 10.0);
    assert_int_equal(f.res.best, 0);
    assert_string_equal(fx_pv(&f), "B");
    assert_int_equal(f.res.nodes, 4);
    assert_int_equal(f.res.leaves, 3);

    o.algo = GS_ALPHABETA;
    fx_run(&f, &o);
    assert_true(f.res.value == 10.0);
    assert_int_equal(f.res.nodes, 4);  /* a MAX root never cuts */
    assert_int_equal(f.res.cutoffs, 0);

    o = opts_algo(GS_MINIMAX);
    o.depth = 2;
    fx_run(&f, &o);
    /* M (ply 2) evaluated as 4: D = min(14,5,4) = 4; B = 3, C = 2;
     * A = 4 at D, PV D M. */
    assert_true(f.res.value == 4.0);
    assert_int_equal(f.res.best, 2);
    assert_string_equal(fx_pv(&f), "D M");
    assert_int_equal(f.res.nodes, 13);  /* all but N, O */
    assert_int_equal(f.res.leaves, 9);  /* E..L and M */

    o.algo = GS_ALPHABETA;
    fx_run(&f, &o);
    /* As in the seed tree up to D (3,+inf): K 14, L 5, M = 4 (a leaf). */
    assert_true(f.res.value == 4.0);
    assert_string_equal(fx_pv(&f), "D M");
    assert_string_equal(fx_visits(&f), "A B E F G C H D K L M");
    assert_int_equal(f.res.nodes, 11);
    assert_int_equal(f.res.leaves, 7);   /* E F G H K L M */
    assert_int_equal(f.res.cutoffs, 1);  /* at C */
    r2 = f.res;

    /* One round of 2 agents = 2 plies: the same search. */
    o.depth = 1;
    o.depth_unit = GS_DEPTH_ROUNDS;
    fx_run(&f, &o);
    assert_true(same_result(&f.res, &r2));

    /* Two rounds = 4 plies: deeper than the tree, the full value 5. */
    o.depth = 2;
    fx_run(&f, &o);
    assert_true(f.res.value == 5.0);
    assert_int_equal(f.res.nodes, 12);
    o.algo = GS_MINIMAX;
    fx_run(&f, &o);
    assert_true(f.res.value == 5.0);
    assert_int_equal(f.res.nodes, 15);
    fx_free(&f);

    /* Three agents (max min min): a round is 3 plies. */
    fx_init(&f, "Mmm",
            "A=0(B=2(D=5(d1=3 d2=9) E=2(e1=7 e2=1)) C=7(F=-1(f1=0 f2=6) G=9(g1=8 g2=5)))",
            false);
    o = opts_algo(GS_MINIMAX);
    o.depth = 1;
    fx_run(&f, &o);
    /* B = 2, C = 7: A = 7 at C. */
    assert_true(f.res.value == 7.0);
    assert_int_equal(f.res.best, 1);
    assert_int_equal(f.res.nodes, 3);
    o.depth = 2;
    fx_run(&f, &o);
    /* B = min(5,2) = 2, C = min(-1,9) = -1: A = 2 at B. */
    assert_true(f.res.value == 2.0);
    assert_int_equal(f.res.best, 0);
    assert_int_equal(f.res.nodes, 7);
    assert_int_equal(f.res.leaves, 4);
    o.algo = GS_ALPHABETA;
    fx_run(&f, &o);
    /* B = 2, alpha 2; C (2,+inf): F = -1 <= 2: cut, G pruned. */
    assert_true(f.res.value == 2.0);
    assert_string_equal(fx_visits(&f), "A B D E C F");
    assert_string_equal(fx_prunes(&f), "C:G@1");
    assert_int_equal(f.res.leaves, 3);
    /* One round = 3 plies = the whole tree: A = 1 (as in TREE_MMM). */
    o.depth = 1;
    o.depth_unit = GS_DEPTH_ROUNDS;
    fx_run(&f, &o);
    assert_true(f.res.value == 1.0);
    assert_int_equal(f.res.best, 0);
    assert_int_equal(f.res.nodes, 11);
    o.algo = GS_MINIMAX;
    fx_run(&f, &o);
    assert_true(f.res.value == 1.0);
    assert_int_equal(f.res.nodes, 15);
    fx_free(&f);
}

/* Ties with the window: the textbook rule cuts on equality, CS188's not. */
static void test_equality_ties(void **state)
{
    (void)state;
    fx f;
    fx_init(&f, "Mm", "A(B(b1=3 b2=5) C(c1=3 c2=1 c3=4))", false);
    gs_search_options o = opts_algo(GS_ALPHABETA);
    fx_run(&f, &o);
    /* B = 3, alpha 3. C: c1 = 3 <= 3: textbook cut, c2 c3 pruned; C
     * reports 3 as an upper bound (its true value is 1). A = 3 at B. */
    assert_true(f.res.value == 3.0);
    assert_int_equal(f.res.best, 0);
    assert_string_equal(fx_pv(&f), "B b1");
    assert_string_equal(fx_visits(&f), "A B b1 b2 C c1");
    assert_string_equal(fx_prunes(&f), "C:c2@1 C:c3@2");
    assert_string_equal(fx_leaves(&f), "b1=3 b2=5 B=3 c1=3 C=3U A=3");
    assert_int_equal(f.res.nodes, 6);
    assert_int_equal(f.res.leaves, 3);
    assert_int_equal(f.res.cutoffs, 1);
    o.prune_equal = false;
    fx_run(&f, &o);
    /* CS188: 3 < 3 is false, beta 3; c2 = 1 < 3: cut, c3 pruned; C = 1. */
    assert_true(f.res.value == 3.0);
    assert_int_equal(f.res.best, 0);
    assert_string_equal(fx_pv(&f), "B b1");
    assert_string_equal(fx_visits(&f), "A B b1 b2 C c1 c2");
    assert_string_equal(fx_prunes(&f), "C:c3@2");
    assert_string_equal(fx_leaves(&f), "b1=3 b2=5 B=3 c1=3 c2=1 C=1U A=3");
    assert_int_equal(f.res.nodes, 7);
    assert_int_equal(f.res.leaves, 4);
    assert_int_equal(f.res.cutoffs, 1);
    fx_free(&f);

    /* The mirror at MAX, under a MIN root. */
    fx_init(&f, "mM", "A(B(b1=4 b2=2) C(c1=4 c2=6 c3=0))", false);
    o = opts_algo(GS_ALPHABETA);
    fx_run(&f, &o);
    /* B = max(4,2) = 4, beta 4. C: c1 = 4 >= 4: cut, C = 4 (lower bound;
     * true 6). A = min(4, 4) = 4, first at B. */
    assert_true(f.res.value == 4.0);
    assert_int_equal(f.res.best, 0);
    assert_string_equal(fx_visits(&f), "A B b1 b2 C c1");
    assert_string_equal(fx_leaves(&f), "b1=4 b2=2 B=4 c1=4 C=4L A=4");
    assert_int_equal(f.res.nodes, 6);
    o.prune_equal = false;
    fx_run(&f, &o);
    /* CS188: 4 > 4 is false, alpha 4; c2 = 6 > 4: cut, c3 pruned; C = 6. */
    assert_true(f.res.value == 4.0);
    assert_int_equal(f.res.best, 0);
    assert_string_equal(fx_visits(&f), "A B b1 b2 C c1 c2");
    assert_string_equal(fx_prunes(&f), "C:c3@2");
    assert_string_equal(fx_leaves(&f), "b1=4 b2=2 B=4 c1=4 c2=6 C=6L A=4");
    assert_int_equal(f.res.nodes, 7);
    fx_free(&f);
}

/* Roots that are leaves or chance nodes; states without legal actions. */
static void test_special_roots(void **state)
{
    (void)state;
    fx f;
    gs_algo algos[3] = {GS_MINIMAX, GS_ALPHABETA, GS_EXPECTIMAX};
    const char *specs[2] = {"A=3", "A=7?"};
    const double want[2] = {3.0, 7.0};
    for (int s = 0; s < 2; s++) {
        fx_init(&f, "Mm", specs[s], false);
        for (int i = 0; i < 3; i++) {
            gs_search_options o = opts_algo(algos[i]);
            fx_run(&f, &o);
            assert_true(f.res.value == want[s]);
            assert_int_equal(f.res.best, GS_NO_ACTION);
            assert_int_equal(f.res.best_index, -1);
            assert_int_equal(f.res.pv_length, 0);
            assert_int_equal(f.res.nodes, 1);
            assert_int_equal(f.res.leaves, 1);
        }
        fx_free(&f);
    }
    /* A chance root: the mean (2 + 6) / 2 = 4, no best action. */
    fx_init(&f, "cM", "A(a1=2 a2=6)", false);
    for (int i = 0; i < 3; i++) {
        gs_search_options o = opts_algo(algos[i]);
        fx_run(&f, &o);
        assert_true(f.res.value == 4.0);
        assert_int_equal(f.res.best, GS_NO_ACTION);
        assert_int_equal(f.res.best_index, -1);
        assert_int_equal(f.res.pv_length, 0);
        assert_int_equal(f.res.nodes, 3);
    }
    fx_free(&f);
    /* B has no legal action: evaluated as a leaf (4). C = min(1,2) = 1;
     * A = 4 at B. Alpha-beta: c1 = 1 <= 4 cuts c2. */
    fx_init(&f, "Mm", "A(B=4? C(c1=1 c2=2))", false);
    {
        gs_search_options o = opts_algo(GS_MINIMAX);
        fx_run(&f, &o);
        assert_true(f.res.value == 4.0);
        assert_int_equal(f.res.best, 0);
        assert_string_equal(fx_pv(&f), "B");
        assert_int_equal(f.res.nodes, 5);
        assert_int_equal(f.res.leaves, 3);
        o.algo = GS_ALPHABETA;
        fx_run(&f, &o);
        assert_true(f.res.value == 4.0);
        assert_string_equal(fx_visits(&f), "A B C c1");
        assert_int_equal(f.res.leaves, 2);
        assert_int_equal(f.res.cutoffs, 1);
    }
    fx_free(&f);
}

/* A chain of `len` plies below the root; the leaf holds 7. */
static int add_chain(tree *t, int len, const char *prefix)
{
    char name[12];
    snprintf(name, sizeof name, "%s0", prefix);
    int root = tree_add(t, name, 0.0), prev = root;
    for (int i = 1; i <= len; i++) {
        snprintf(name, sizeof name, "%s%d", prefix, i);
        int32_t n = tree_add(t, name, i == len ? 7.0 : (double)(i % 5));
        tree_set_kids(t, prev, &n, 1);
        prev = n;
    }
    return root;
}

static void test_pv_truncation(void **state)
{
    (void)state;
    fx f;
    memset(&f, 0, sizeof f);
    tree_init(&f.t, "Mm");
    f.root = add_chain(&f.t, 300, "x");
    f.game = tree_game(&f.t, false);
    gs_search_options o = opts_algo(GS_ALPHABETA);
    fx_run(&f, &o);
    assert_true(f.res.value == 7.0);       /* the only leaf */
    assert_int_equal(f.res.best, 0);
    assert_int_equal(f.res.nodes, 301);    /* plies 0..300 */
    assert_int_equal(f.res.leaves, 1);
    assert_int_equal(f.res.pv_length, GS_PV_MAX);  /* 300 truncated to 256 */
    for (int i = 0; i < GS_PV_MAX; i++)
        assert_int_equal(f.res.pv[i], 0);
    fx_free(&f);
}

static void test_max_ply(void **state)
{
    (void)state;
    tree t;
    gs_engine *e = NULL;
    gs_result res;
    tree_init(&t, "Mm");
    int root = add_chain(&t, 10, "x");  /* the leaf is at ply 10 */
    gs_game g = tree_game(&t, false);
    tstate s = {root, 0};
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
    gs_algo algos[2] = {GS_ALPHABETA, GS_MINIMAX};
    for (int i = 0; i < 2; i++) {
        gs_search_options o = opts_algo(algos[i]);
        o.max_ply = 9;
        assert_int_equal(gs_search(e, &s, &o, &res), GS_EPLY);
        o.max_ply = 3;
        assert_int_equal(gs_search(e, &s, &o, &res), GS_EPLY);
        o.max_ply = 10;  /* ply 10 is not deeper than 10 */
        assert_int_equal(gs_search(e, &s, &o, &res), GS_OK);
        assert_true(res.value == 7.0);
        o.max_ply = 9;
        o.depth = 5;     /* stops at ply 5 (value 5 % 5 = 0), never deeper */
        assert_int_equal(gs_search(e, &s, &o, &res), GS_OK);
        assert_true(res.value == 0.0);
        assert_int_equal(res.nodes, 6);
        /* The engine still works after a GS_EPLY. */
        o = opts_algo(algos[i]);
        assert_int_equal(gs_search(e, &s, &o, &res), GS_OK);
        assert_true(res.value == 7.0);
        assert_int_equal(res.nodes, 11);
    }
    gs_engine_free(e);
    tree_free(&t);
}

/* ------------------------------------------------------------------------
 * Step 9. A huge implicit game (8 actions, 40 plies) for the limits.
 * ---------------------------------------------------------------------- */

typedef struct hstate {
    uint64_t h;
    int32_t ply;
    int32_t pad;
} hstate;

static const int huge_ctx = 0;

static int huge_to_move(const void *ctx, const void *state)
{
    const hstate *s = state;
    (void)ctx;
    return s->ply % 2;
}

static gs_role huge_role(const void *ctx, int agent)
{
    (void)ctx;
    return agent == 0 ? GS_ROLE_MAX : GS_ROLE_MIN;
}

static bool huge_is_terminal(const void *ctx, const void *state)
{
    const hstate *s = state;
    (void)ctx;
    return s->ply >= 40;
}

static int huge_actions(const void *ctx, const void *state, gs_action *out)
{
    (void)ctx;
    (void)state;
    for (int i = 0; i < 8; i++)
        out[i] = i;
    return 8;
}

static void huge_apply(const void *ctx, const void *state, gs_action action,
                       void *child)
{
    const hstate *s = state;
    hstate c = {mix64(s->h * 8 + (uint64_t)action + 1), s->ply + 1, 0};
    (void)ctx;
    memcpy(child, &c, sizeof c);
}

static double huge_value(const void *ctx, const void *state)
{
    const hstate *s = state;
    (void)ctx;
    return (double)(int)(s->h % 41) - 20.0;
}

static gs_game huge_game(void)
{
    gs_game g;
    memset(&g, 0, sizeof g);
    g.version = GS_GAME_VERSION;
    g.ctx = &huge_ctx;
    g.state_size = sizeof(hstate);
    g.num_agents = 2;
    g.max_actions = 8;
    g.to_move = huge_to_move;
    g.role = huge_role;
    g.is_terminal = huge_is_terminal;
    g.actions = huge_actions;
    g.apply = huge_apply;
    g.value = huge_value;
    return g;
}

/* ------------------------------------------------------------------------
 * Step 9b. An odd state size: 13-byte states {node, ply, 5 check bytes},
 * read and written with memcpy as the game interface asks. Every callback
 * checks the check bytes, so a state the engine copied short or across
 * slots is caught.
 * ---------------------------------------------------------------------- */

#define ODD_SIZE 13

static void odd_decode(const void *state, tstate *s)
{
    const unsigned char *b = state;
    memcpy(s, b, sizeof *s);
    for (int k = 0; k < ODD_SIZE - 8; k++)
        if (b[8 + k] != (unsigned char)(s->node * 7 + s->ply * 3 + k))
            die("odd-size state corrupted");
}

static void odd_encode(const tstate *s, void *state)
{
    unsigned char *b = state;
    memcpy(b, s, sizeof *s);
    for (int k = 0; k < ODD_SIZE - 8; k++)
        b[8 + k] = (unsigned char)(s->node * 7 + s->ply * 3 + k);
}

/* The odd-size game: the tree's own game (its ctx) on re-encoded states. */
static gs_role odd_role(const void *ctx, int agent)
{
    const gs_game *inner = ctx;
    return inner->role(inner->ctx, agent);
}

static int odd_to_move(const void *ctx, const void *state)
{
    const gs_game *inner = ctx;
    tstate s;
    odd_decode(state, &s);
    return inner->to_move(inner->ctx, &s);
}

static bool odd_is_terminal(const void *ctx, const void *state)
{
    const gs_game *inner = ctx;
    tstate s;
    odd_decode(state, &s);
    return inner->is_terminal(inner->ctx, &s);
}

static int odd_actions(const void *ctx, const void *state, gs_action *out)
{
    const gs_game *inner = ctx;
    tstate s;
    odd_decode(state, &s);
    return inner->actions(inner->ctx, &s, out);
}

static void odd_apply(const void *ctx, const void *state, gs_action action,
                      void *child)
{
    const gs_game *inner = ctx;
    tstate s, c;
    odd_decode(state, &s);
    inner->apply(inner->ctx, &s, action, &c);
    odd_encode(&c, child);
}

static double odd_value(const void *ctx, const void *state)
{
    const gs_game *inner = ctx;
    tstate s;
    odd_decode(state, &s);
    return inner->value(inner->ctx, &s);
}

static bool odd_probabilities(const void *ctx, const void *state,
                              const gs_action *actions, int n, double *p)
{
    const gs_game *inner = ctx;
    tstate s;
    odd_decode(state, &s);
    return inner->probabilities(inner->ctx, &s, actions, n, p);
}

static void test_odd_state_size(void **state)
{
    (void)state;
    fx f;
    fx_init(&f, "Mmc", TREE_MMC, true);
    gs_game g = f.game;
    g.ctx = &f.game;
    g.state_size = ODD_SIZE;
    g.role = odd_role;
    g.to_move = odd_to_move;
    g.is_terminal = odd_is_terminal;
    g.actions = odd_actions;
    g.apply = odd_apply;
    g.value = odd_value;
    g.probabilities = odd_probabilities;
    g.order_hint = NULL;
    g.action_name = NULL;
    unsigned char root[ODD_SIZE];
    tstate rs = {f.root, 0};
    odd_encode(&rs, root);
    gs_algo algos[3] = {GS_MINIMAX, GS_ALPHABETA, GS_EXPECTIMAX};
    for (int i = 0; i < 3; i++) {
        gs_engine *e = NULL;
        gs_result res;
        gs_search_options o = opts_algo(algos[i]);
        /* The same search on the plain 8-byte states, for reference. */
        fx_run(&f, &o);
        assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
        assert_int_equal(gs_search(e, root, &o, &res), GS_OK);
        assert_true(same_result(&res, &f.res));
        gs_engine_free(e);
    }
    fx_free(&f);
}

static void test_node_limit(void **state)
{
    (void)state;
    fx f;
    fx_init(&f, "Mm", SEED_TREE, false);
    gs_engine *e = NULL;
    gs_result res;
    tstate s = {f.root, 0};
    assert_int_equal(gs_engine_new(&f.game, NULL, &e), GS_OK);
    gs_algo algos[2] = {GS_MINIMAX, GS_ALPHABETA};
    const uint64_t total[2] = {15, 12};  /* full searches, from above */
    for (int i = 0; i < 2; i++) {
        gs_search_options o = opts_algo(algos[i]);
        /* A budget of exactly the search's size: it finishes. */
        o.max_nodes = total[i];
        assert_int_equal(gs_search(e, &s, &o, &res), GS_OK);
        assert_int_equal(res.stopped, GS_STOP_NONE);
        assert_true(res.value == 5.0);
        assert_int_equal(res.nodes, total[i]);
        /* One less: stopped, never exceeded. */
        o.max_nodes = total[i] - 1;
        assert_int_equal(gs_search(e, &s, &o, &res), GS_OK);
        assert_int_equal(res.stopped, GS_STOP_NODES);
        assert_true(res.nodes <= total[i] - 1);
        /* 6 nodes: A B E F G finish B (5 nodes), C at most entered: the
         * best completed root child is B. */
        o.max_nodes = 6;
        assert_int_equal(gs_search(e, &s, &o, &res), GS_OK);
        assert_int_equal(res.stopped, GS_STOP_NODES);
        assert_true(res.nodes <= 6);
        assert_int_equal(res.best, 0);
        assert_int_equal(res.best_index, 0);
        /* 4 nodes: A B E F, B unfinished: no completed child. */
        o.max_nodes = 4;
        assert_int_equal(gs_search(e, &s, &o, &res), GS_OK);
        assert_int_equal(res.stopped, GS_STOP_NODES);
        assert_true(res.nodes <= 4);
        assert_int_equal(res.best, GS_NO_ACTION);
        assert_int_equal(res.best_index, -1);
        /* 1 node: the root only. */
        o.max_nodes = 1;
        assert_int_equal(gs_search(e, &s, &o, &res), GS_OK);
        assert_int_equal(res.stopped, GS_STOP_NODES);
        assert_true(res.nodes <= 1);
        assert_int_equal(res.best, GS_NO_ACTION);
    }
    gs_engine_free(e);
    fx_free(&f);

    /* The huge game: never exceeded, for several budgets and algorithms. */
    gs_game g = huge_game();
    hstate hs = {12345, 0, 0};
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
    const uint64_t budgets[4] = {1, 2, 1000, 54321};
    gs_algo halgos[3] = {GS_ALPHABETA, GS_MINIMAX, GS_EXPECTIMAX};
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 4; b++) {
            gs_search_options o = opts_algo(halgos[a]);
            o.max_nodes = budgets[b];
            assert_int_equal(gs_search(e, &hs, &o, &res), GS_OK);
            assert_int_equal(res.stopped, GS_STOP_NODES);
            assert_true(res.nodes >= 1 && res.nodes <= budgets[b]);
            /* No root child of 8^39 nodes can finish. */
            assert_int_equal(res.best, GS_NO_ACTION);
        }
    gs_engine_free(e);
}

static void test_time_limit(void **state)
{
    (void)state;
    gs_game g = huge_game();
    gs_engine *e = NULL;
    gs_result res;
    hstate hs = {777, 0, 0};
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
    gs_algo algos[3] = {GS_ALPHABETA, GS_MINIMAX, GS_EXPECTIMAX};
    for (int a = 0; a < 3; a++) {
        gs_search_options o = opts_algo(algos[a]);
        o.max_seconds = 0.05;
        /* A backstop, so that an engine ignoring the clock fails the test
         * (stopped == GS_STOP_NODES) instead of running for ages: 20M nodes
         * take far longer than 0.05 s. */
        o.max_nodes = 20000000;
        double t0 = now_seconds();
        assert_int_equal(gs_search(e, &hs, &o, &res), GS_OK);
        double dt = now_seconds() - t0;
        assert_int_equal(res.stopped, GS_STOP_TIME);
        assert_true(res.nodes > 0);
        assert_int_equal(res.best, GS_NO_ACTION);  /* 8^39 per child */
        assert_true(dt < 5.0);                     /* a generous sanity bound */
        assert_true(res.seconds >= 0.0 && res.seconds < 5.0);
    }
    gs_engine_free(e);
}

static void test_bad_options(void **state)
{
    (void)state;
    fx f;
    fx_init(&f, "Mm", SEED_TREE, false);
    gs_engine *e = NULL;
    gs_result res;
    tstate s = {f.root, 0};
    assert_int_equal(gs_engine_new(&f.game, NULL, &e), GS_OK);
    gs_search_options o = opts_algo(GS_ALPHABETA);
    o.depth = -1;
    assert_int_equal(gs_search(e, &s, &o, &res), GS_EINVAL);
    o = opts_algo((gs_algo)42);
    assert_int_equal(gs_search(e, &s, &o, &res), GS_EINVAL);
    o = opts_algo((gs_algo)-1);
    assert_int_equal(gs_search(e, &s, &o, &res), GS_EINVAL);
    o = opts_algo(GS_ALPHABETA);
    o.depth_unit = (gs_depth_unit)9;
    assert_int_equal(gs_search(e, &s, &o, &res), GS_EINVAL);
    o = opts_algo(GS_ALPHABETA);
    o.max_ply = -1;
    assert_int_equal(gs_search(e, &s, &o, &res), GS_EINVAL);
    o = opts_algo(GS_ALPHABETA);
    o.max_seconds = -1.0;
    assert_int_equal(gs_search(e, &s, &o, &res), GS_EINVAL);
    o.max_seconds = NAN;
    assert_int_equal(gs_search(e, &s, &o, &res), GS_EINVAL);
    /* And the engine still searches. */
    o = opts_algo(GS_ALPHABETA);
    assert_int_equal(gs_search(e, &s, &o, &res), GS_OK);
    assert_true(res.value == 5.0);
    gs_engine_free(e);
    fx_free(&f);
}

static void test_engine_new_errors(void **state)
{
    (void)state;
    tree t;
    gs_engine *e = NULL;
    tree_init(&t, "Mm");
    tree_parse(&t, SEED_TREE);
    gs_game good = tree_game(&t, false), g;

    g = good;
    g.version = GS_GAME_VERSION + 1;
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_EVERSION);
    gs_engine_free(e);   /* (an engine that only says why) */
    g.version = 0;
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_EVERSION);
    gs_engine_free(e);

    for (int i = 0; i < 6; i++) {
        g = good;
        switch (i) {
        case 0: g.to_move = NULL; break;
        case 1: g.role = NULL; break;
        case 2: g.is_terminal = NULL; break;
        case 3: g.actions = NULL; break;
        case 4: g.apply = NULL; break;
        default: g.value = NULL; break;
        }
        assert_int_equal(gs_engine_new(&g, NULL, &e), GS_EINVAL);
        gs_engine_free(e);   /* (an engine that only says why) */
    }
    g = good;
    g.state_size = 0;
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_EINVAL);
    gs_engine_free(e);
    g = good;
    g.num_agents = 0;
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_EINVAL);
    gs_engine_free(e);
    g = good;
    g.max_actions = 0;
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_EINVAL);
    gs_engine_free(e);
    /* Inconsistent value bounds. */
    g = tree_game(&t, true);
    g.min_value = 5.0;
    g.max_value = -5.0;
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_EINVAL);
    gs_engine_free(e);
    g.min_value = NAN;
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_EINVAL);
    gs_engine_free(e);

    /* Optional callbacks may be missing. */
    g = good;
    g.probabilities = NULL;
    g.hash = NULL;
    g.order_hint = NULL;
    g.action_name = NULL;
    e = NULL;
    assert_int_equal(gs_engine_new(&g, gs_default_allocator(), &e), GS_OK);
    assert_non_null(e);
    gs_engine_free(e);
    gs_engine_free(NULL);
    tree_free(&t);
}

/* ------------------------------------------------------------------------
 * Step 10. Allocation failures through the tracking allocator, which also
 * checks every size the engine passes back (track_alloc.h).
 * ---------------------------------------------------------------------- */

static void test_alloc_failures(void **state)
{
    (void)state;
    tree t;
    tree_init(&t, "Mc");
    /* Three roots in one game: the seed tree, a deep chain (so per-ply
     * buffers may grow lazily), and a chance tree. */
    int roots[3];
    roots[0] = tree_parse(&t, SEED_TREE);
    roots[1] = add_chain(&t, 120, "y");
    roots[2] = tree_parse(&t, "P(Q(q1=1 q2=3) R(r1=5 r2=-1 r3=2 r4=0))");
    gs_game g = tree_game(&t, true);
    /* The expected values, from the oracle (roles max, chance). */
    double expect[3];
    for (int r = 0; r < 3; r++) {
        double *vals = xrealloc(NULL, (size_t)t.nnodes * sizeof *vals);
        omode m = {0, false, false};
        oinfo info = {0, 0, false, false};
        expect[r] = oracle(&t, roots[r], 0, &m, vals, &info);
        free(vals);
    }
    /* Seed tree as max/chance: B = 23/3, C = 12/3 = 4, M (ply 2, MAX) =
     * 7, D = (14 + 5 + 7) / 3 = 26/3; A = max = 26/3. */
    assert_true(expect[0] == 26.0 / 3);
    assert_true(expect[1] == 7.0);  /* the chain's leaf */
    /* P: max over chance Q = (1 + 3) / 2 = 2, R = (5 - 1 + 2 + 0) / 4 = 1.5. */
    assert_true(expect[2] == 2.0);

    track c;
    gs_allocator alloc = tracker(&c);
    long n;
    bool done = false;
    for (n = 1; n < 100000 && !done; n++) {
        gs_engine *e = NULL;
        gs_result res;
        alloc = tracker(&c);
        c.fail_at = n;
        int rc = gs_engine_new(&g, &alloc, &e);
        if (c.failed) {
            assert_int_equal(rc, GS_ENOMEM);
            assert_int_equal(c.live, 0);
            continue;
        }
        assert_int_equal(rc, GS_OK);
        bool failed_search = false;
        for (int r = 0; r < 3 && !failed_search; r++) {
            for (int algo = 0; algo < 2; algo++) {
                gs_search_options o = opts_algo(algo ? GS_MINIMAX : GS_ALPHABETA);
                tstate s = {roots[r], 0};
                rc = gs_search(e, &s, &o, &res);
                if (c.failed) {
                    assert_int_equal(rc, GS_ENOMEM);
                    /* The engine is still usable afterwards. */
                    c.fail_at = 0;
                    assert_int_equal(gs_search(e, &s, &o, &res), GS_OK);
                    assert_true(fabs(res.value - expect[r]) <= 1e-9);
                    failed_search = true;
                    break;
                }
                assert_int_equal(rc, GS_OK);
                assert_true(fabs(res.value - expect[r]) <= 1e-9);
            }
        }
        gs_engine_free(e);
        assert_int_equal(c.live, 0);   /* every size was checked on the way */
        if (!c.failed)
            done = true;
    }
    assert_true(done);
    assert_true(n > 2);  /* the engine allocated at least once */
    tree_free(&t);
}

/* ------------------------------------------------------------------------
 * Step 11. Move ordering.
 * ---------------------------------------------------------------------- */

static void test_order_moves(void **state)
{
    (void)state;
    fx f;
    /* The seed tree, with hints: root D C B, at C: J I H. */
    fx_init(&f, "Mm",
            "A(B#1(E=3 F=12 G=8) C#2(H=2 I#1=4 J#2=6) D#3(K=14 L=5 M(N=7 O=2)))",
            false);
    gs_search_options o = opts_algo(GS_ALPHABETA);
    fx_run(&f, &o);
    /* Hints ignored without order_moves: the seed tree's 12 nodes. */
    assert_string_equal(fx_visits(&f), "A B E F G C H D K L M N");
    assert_int_equal(f.res.nodes, 12);

    o.order_moves = true;
    fx_run(&f, &o);
    /* D first (-inf,+inf): K 14, L 5, M (-inf,5): N = 7 >= 5: cut, O
     * pruned; D = 5, alpha 5. C (5,+inf) in order J I H: J = 6 (beta 6),
     * I = 4 <= 5: cut, H pruned at position 2. B (5,+inf): E = 3 <= 5: cut,
     * F and G pruned. */
    assert_true(f.res.value == 5.0);
    assert_int_equal(f.res.best, 2);        /* D */
    assert_int_equal(f.res.best_index, 2);  /* D's position in game order */
    assert_string_equal(fx_pv(&f), "D L");
    assert_string_equal(fx_visits(&f), "A D K L M N C J I B E");
    assert_string_equal(fx_prunes(&f), "M:O@1 C:H@2 B:F@1 B:G@2");
    assert_int_equal(f.res.nodes, 11);   /* fewer than 12 */
    assert_int_equal(f.res.leaves, 6);   /* K L N J I E */
    assert_int_equal(f.res.cutoffs, 3);  /* at M, C, B */
    for (size_t i = 0; i < f.rec.n; i++)
        if (f.rec.ev[i].kind == GS_EVENT_PRUNE &&
            f.rec.ev[i].node == find_node(&f.t, "C"))
            assert_int_equal(f.rec.ev[i].action, 0);  /* H is action 0 */

    o.algo = GS_MINIMAX;
    fx_run(&f, &o);
    assert_true(f.res.value == 5.0);
    assert_string_equal(fx_visits(&f), "A D K L M N O C J I H B E F G");
    assert_int_equal(f.res.nodes, 15);

    /* Without an order_hint callback order_moves changes nothing. */
    f.game.order_hint = NULL;
    o.algo = GS_ALPHABETA;
    fx_run(&f, &o);
    assert_string_equal(fx_visits(&f), "A B E F G C H D K L M N");
    fx_free(&f);

    /* Ties keep the game's order: C and D share hint 2. */
    fx_init(&f, "Mm",
            "A(B#1(E=3 F=12 G=8) C#2(H=2 I=4 J=6) D#2(K=14 L=5 M(N=7 O=2)))",
            false);
    o = opts_algo(GS_ALPHABETA);
    o.order_moves = true;
    fx_run(&f, &o);
    /* C = 2 (full window), alpha 2; D (2,+inf) = 5 as before (M cut at N);
     * alpha 5; B (5,+inf): E = 3 cuts F, G. */
    assert_true(f.res.value == 5.0);
    assert_string_equal(fx_visits(&f), "A C H I J D K L M N B E");
    assert_string_equal(fx_prunes(&f), "M:O@1 B:F@1 B:G@2");
    fx_free(&f);

    /* The best action on ties is the first in search order. */
    fx_init(&f, "Mm", "A(X=5 Y#1=5)", false);
    o = opts_algo(GS_ALPHABETA);
    fx_run(&f, &o);
    assert_int_equal(f.res.best, 0);        /* X, first in game order */
    o.order_moves = true;
    fx_run(&f, &o);
    assert_true(f.res.value == 5.0);
    assert_int_equal(f.res.best, 1);        /* Y, searched first */
    assert_int_equal(f.res.best_index, 1);  /* its position in game order */
    assert_string_equal(fx_pv(&f), "Y");
    fx_free(&f);
}

/* ------------------------------------------------------------------------
 * Step 12. Random trees against the oracle and the reference alpha-beta.
 * ---------------------------------------------------------------------- */

typedef struct genopts {
    bool zero_probs;  /* probabilities may be 0 */
} genopts;

static void gen_probs(tree *t, uint64_t *r, int node, const genopts *go)
{
    static const int dyadic_w[2] = {8, 16};
    static const int other_w[6] = {3, 5, 6, 7, 9, 10};
    const tnode *nd = &t->nodes[node];
    int n = nd->n, kind = rng_int(r, 0, 2), w[MAX_KIDS], W;
    if (kind == 0)
        return;  /* uniform */
    W = kind == 1 ? dyadic_w[rng_int(r, 0, 1)] : other_w[rng_int(r, 0, 5)];
    if (W < n)
        W = 10;
    int left = W;
    for (int i = 0; i < n; i++) {
        w[i] = go->zero_probs ? 0 : 1;
        left -= w[i];
    }
    while (left-- > 0)
        w[rng_int(r, 0, n - 1)]++;
    for (int i = 0; i < n; i++)
        set_kid_prob(t, node, i, (double)w[i] / W);
}

static int gen_node(tree *t, uint64_t *r, int ply, int height,
                    const genopts *go)
{
    char name[12];
    snprintf(name, sizeof name, "n%d", t->nnodes);
    int idx = tree_add(t, name, (double)rng_int(r, -20, 20));
    t->nodes[idx].hint = rng_int(r, 0, 4);
    if (ply >= height || (ply > 0 && rng_int(r, 0, 99) < 20)) {
        if (rng_int(r, 0, 99) < 5)
            t->nodes[idx].terminal = false;  /* no legal action */
        return idx;
    }
    int n = rng_int(r, 1, 4);
    int32_t kids[4];
    for (int i = 0; i < n; i++)
        kids[i] = gen_node(t, r, ply + 1, height, go);
    tree_set_kids(t, idx, kids, n);
    if (t->roles[ply % t->num_agents] == GS_ROLE_CHANCE)
        gen_probs(t, r, idx, go);
    return idx;
}

static void gen_roles(tree *t, uint64_t *r, bool chance)
{
    char roles[4] = {0, 0, 0, 0};
    int n = rng_int(r, 1, 3);
    for (int i = 0; i < n; i++)
        roles[i] = "Mmc"[rng_int(r, 0, chance ? 2 : 1)];
    tree_init(t, roles);
}

/* Checks the engine's PV: a strong check (exactly the oracle's first-best
 * line) or a weak one (a line through nodes whose oracle value is the
 * root's, ending at a leaf or a chance node). */
static void check_pv(const chk *c, const tree *t, int root, const omode *m,
                     const double *vals, const gs_result *res, bool strong,
                     double eps)
{
    gs_action pv[GS_PV_MAX];
    CHECK(c, res->pv_length >= 0 && res->pv_length <= GS_PV_MAX);
    if (strong) {
        int len = oracle_pv(t, root, m, vals, pv);
        CHECK(c, res->pv_length == len);
        for (int i = 0; i < len; i++)
            CHECK(c, res->pv[i] == pv[i]);
        return;
    }
    int node = root;
    for (int i = 0; i < res->pv_length; i++) {
        CHECK(c, !is_leaf(t, node, i, m->limit));
        CHECK(c, eff_role(t, i, m->expectimax) != GS_ROLE_CHANCE);
        CHECK(c, res->pv[i] >= 0 && res->pv[i] < t->nodes[node].n);
        node = kid(t, node, res->pv[i]);
        CHECK(c, fabs(vals[node] - vals[root]) <= eps);
    }
    if (res->pv_length < GS_PV_MAX)
        CHECK(c, is_leaf(t, node, res->pv_length, m->limit) ||
                 eff_role(t, res->pv_length, m->expectimax) == GS_ROLE_CHANCE);
}

static void check_best(const chk *c, const tree *t, int root, const omode *m,
                       const double *vals, const gs_result *res, bool exact,
                       double eps)
{
    int ob = oracle_best(t, root, 0, m, vals);
    if (ob < 0) {
        CHECK(c, res->best == GS_NO_ACTION);
        CHECK(c, res->best_index == -1);
        CHECK(c, res->pv_length == 0);
    } else if (exact) {
        CHECK(c, res->best == ob);
        CHECK(c, res->best_index == ob);
    } else {
        CHECK(c, res->best >= 0 && res->best < t->nodes[root].n);
        CHECK(c, res->best_index == res->best);
        CHECK(c, fabs(vals[kid(t, root, res->best)] - vals[root]) <= eps);
    }
}

typedef struct tstats {
    uint64_t trees, searches, mm_nodes, ab_nodes, star1_nodes;
} tstats;

/* Every algorithm and option on one tree, checked against the oracle. */
static void check_tree(tree *t, int depth, gs_depth_unit unit, tstats *st)
{
    const int root = 0;
    const int limit = limit_plies(t, depth, unit);
    double *vals = xrealloc(NULL, (size_t)t->nnodes * sizeof *vals);
    double *xvals = xrealloc(NULL, (size_t)t->nnodes * sizeof *xvals);
    omode m = {limit, false, false}, mx = {limit, true, false};
    oinfo info = {0, 0, false, false}, xinfo = {0, 0, false, false};
    recorder rec = {NULL, 0, 0};
    gs_result res, mmres;
    long calls;
    chk c;
    c.t = t;
    c.root = root;
    oracle(t, root, 0, &m, vals, &info);
    oracle(t, root, 0, &mx, xvals, &xinfo);
    gs_game g = tree_game(t, false), gb = tree_game(t, true);
    gs_engine *eg = NULL, *egb = NULL;  /* one engine per game, reused */
    CHECK(&c, gs_engine_new(&g, NULL, &eg) == GS_OK);
    CHECK(&c, gs_engine_new(&gb, NULL, &egb) == GS_OK);
    st->trees++;

    /* 1. Minimax and expectiminimax: every node, the oracle bit for bit. */
    for (int i = 0; i < 2; i++) {
        gs_search_options o = opts_algo(i ? GS_EXPECTIMINIMAX : GS_MINIMAX);
        o.depth = depth;
        o.depth_unit = unit;
        snprintf(c.what, sizeof c.what, "%s depth %d %s", gs_algo_name(o.algo),
                 depth, unit == GS_DEPTH_ROUNDS ? "rounds" : "plies");
        CHECK(&c, run_search_with(eg, &g, t, root, &o, &rec, &res, &calls) == GS_OK);
        vcfg v = {t, root, limit, false, false, vals, info.inexact ? 1e-9 : 0.0};
        verify_events(&c, &rec, &v, &res);
        CHECK(&c, res.value == vals[root]);
        check_best(&c, t, root, &m, vals, &res, true, 0.0);
        check_pv(&c, t, root, &m, vals, &res, true, 0.0);
        CHECK(&c, res.nodes == info.nodes);
        CHECK(&c, res.leaves == info.leaves);
        CHECK(&c, (uint64_t)calls == res.leaves);
        CHECK(&c, res.cutoffs == 0);
        CHECK(&c, count_kind(&rec, GS_EVENT_PRUNE) == 0);
        CHECK(&c, res.stopped == GS_STOP_NONE);
        if (i == 0)
            mmres = res;
        else
            CHECK(&c, same_result(&res, &mmres));
        st->searches++;
    }
    st->mm_nodes += mmres.nodes;

    /* 2. Expectimax (with or without bounds: no pruning either way). */
    for (int b = 0; b < 2; b++) {
        gs_search_options o = opts_algo(GS_EXPECTIMAX);
        o.depth = depth;
        o.depth_unit = unit;
        snprintf(c.what, sizeof c.what, "expectimax depth %d %s bounds %d",
                 depth, unit == GS_DEPTH_ROUNDS ? "rounds" : "plies", b);
        CHECK(&c, run_search_with(b ? egb : eg, b ? &gb : &g, t, root, &o, &rec,
                                  &res, &calls) == GS_OK);
        vcfg v = {t, root, limit, true, false, xvals, xinfo.inexact ? 1e-9 : 0.0};
        verify_events(&c, &rec, &v, &res);
        CHECK(&c, res.value == xvals[root]);
        check_best(&c, t, root, &mx, xvals, &res, true, 0.0);
        check_pv(&c, t, root, &mx, xvals, &res, true, 0.0);
        CHECK(&c, res.nodes == xinfo.nodes);
        CHECK(&c, res.leaves == xinfo.leaves);
        CHECK(&c, (uint64_t)calls == res.leaves);
        CHECK(&c, res.cutoffs == 0);
        st->searches++;
    }

    /* 3. Alpha-beta, both rules, with and without ordering, with and
     * without bounds (Star1). */
    for (int b = 0; b < 2; b++)
        for (int pe = 0; pe < 2; pe++)
            for (int ord = 0; ord < 2; ord++) {
                gs_search_options o = opts_algo(GS_ALPHABETA);
                o.depth = depth;
                o.depth_unit = unit;
                o.prune_equal = pe;
                o.order_moves = ord;
                snprintf(c.what, sizeof c.what,
                         "alphabeta depth %d %s prune_equal %d order_moves %d "
                         "bounds %d",
                         depth, unit == GS_DEPTH_ROUNDS ? "rounds" : "plies",
                         pe, ord, b);
                CHECK(&c, run_search_with(b ? egb : eg, b ? &gb : &g, t, root, &o,
                                          &rec, &res, &calls) == GS_OK);
                /* Bit-exact: chance sums are exact, in any order, and
                 * Star1's cutoffs never change the root's value. */
                bool exact = true;
                double eps = exact ? 0.0 : 1e-9;
                omode mo = {limit, false, ord != 0};
                vcfg v = {t, root, limit, false, ord != 0, vals,
                          info.inexact ? 1e-9 : 0.0};
                verify_events(&c, &rec, &v, &res);
                if (exact)
                    CHECK(&c, res.value == vals[root]);
                else
                    CHECK(&c, fabs(res.value - vals[root]) <= 1e-9);
                check_best(&c, t, root, &mo, vals, &res, exact, eps);
                check_pv(&c, t, root, &mo, vals, &res, exact, eps);
                CHECK(&c, res.nodes <= mmres.nodes);
                CHECK(&c, (uint64_t)calls == res.leaves);
                CHECK(&c, res.stopped == GS_STOP_NONE);
                /* Without bounds the visit is fully determined (chance
                 * children are searched in the game's order unless
                 * ordering may have reordered them). */
                if (!b && (!ord || !info.chance)) {
                    abref ref;
                    double rv;
                    abref_run(&ref, t, root, limit, pe, ord, &rv);
                    CHECK(&c, rv == res.value);
                    CHECK(&c, ref.nodes == res.nodes);
                    CHECK(&c, ref.leaves == res.leaves);
                    CHECK(&c, ref.cutoffs == res.cutoffs);
                    size_t k = 0, p = 0;
                    for (size_t i = 0; i < rec.n; i++) {
                        const rev *e = &rec.ev[i];
                        if (e->kind == GS_EVENT_ENTER) {
                            CHECK(&c, k < ref.nvisits && ref.visits[k] == e->node);
                            k++;
                        } else if (e->kind == GS_EVENT_PRUNE) {
                            CHECK(&c, p < ref.nprunes);
                            CHECK(&c, ref.prunes[3 * p] == e->node);
                            CHECK(&c, ref.prunes[3 * p + 1] == e->action);
                            CHECK(&c, ref.prunes[3 * p + 2] == e->index);
                            p++;
                        }
                    }
                    CHECK(&c, k == ref.nvisits && p == ref.nprunes);
                    abref_free(&ref);
                }
                if (pe && !ord) {
                    if (b)
                        st->star1_nodes += res.nodes;
                    else
                        st->ab_nodes += res.nodes;
                }
                st->searches++;
            }
    gs_engine_free(eg);
    gs_engine_free(egb);
    free(rec.ev);
    free(vals);
    free(xvals);
}

static void run_random_trees(uint64_t seed, int count, const genopts *go,
                             bool always_chance, tstats *st)
{
    uint64_t r = seed;
    for (int i = 0; i < count; i++) {
        tree t;
        bool chance = always_chance || rng_int(&r, 0, 1);
        gen_roles(&t, &r, chance);
        if (always_chance)
            t.roles[rng_int(&r, 0, t.num_agents - 1)] = GS_ROLE_CHANCE;
        int height = rng_int(&r, 1, 6);
        gen_node(&t, &r, 0, height, go);
        int depth = 0;
        gs_depth_unit unit = GS_DEPTH_PLIES;
        if (rng_int(&r, 0, 2) == 0) {
            depth = rng_int(&r, 1, 4);
            unit = rng_int(&r, 0, 1) ? GS_DEPTH_ROUNDS : GS_DEPTH_PLIES;
        }
        check_tree(&t, depth, unit, st);
        tree_free(&t);
    }
}

static void test_random_trees(void **state)
{
    (void)state;
    genopts go = {false};
    tstats st;
    memset(&st, 0, sizeof st);
    run_random_trees(0x5eed5eedULL, 5000, &go, false, &st);
    print_message("random trees: %llu trees, %llu searches; nodes minimax %llu, "
                  "alpha-beta %llu, alpha-beta+Star1 %llu\n",
                  (unsigned long long)st.trees, (unsigned long long)st.searches,
                  (unsigned long long)st.mm_nodes, (unsigned long long)st.ab_nodes,
                  (unsigned long long)st.star1_nodes);
    /* Pruning happens overall, and Star1 prunes at least as much. */
    assert_true(st.ab_nodes < st.mm_nodes);
    assert_true(st.star1_nodes <= st.ab_nodes);
}

/* Chance nodes whose weights include zeros. */
static void test_random_zero_probabilities(void **state)
{
    (void)state;
    genopts go = {true};
    tstats st;
    memset(&st, 0, sizeof st);
    run_random_trees(0x2e80ULL, 600, &go, true, &st);
    assert_true(st.trees == 600);
}

/* ------------------------------------------------------------------------
 * Step 12b. Values near the limits of a double.
 * ---------------------------------------------------------------------- */

/* One search of f's tree without the oracle (whose plain sums overflow on
 * these trees); the value must be finite. */
static void huge_run(fx *f, const gs_search_options *o)
{
    int rc = run_search(&f->game, &f->t, f->root, o, &f->rec, &f->res,
                        &f->value_calls);
    assert_int_equal(rc, GS_OK);
    assert_true(isfinite(f->res.value));
}

/* Chance nodes whose sums overflow although their values and their
 * expectations do not: every algorithm still computes the expectation,
 * and Star1's windows and bounds with it. */
static void test_chance_near_double_limits(void **state)
{
    (void)state;
    static const gs_algo algos[] = {GS_MINIMAX, GS_EXPECTIMINIMAX,
                                    GS_EXPECTIMAX, GS_ALPHABETA};
    fx f;
    /* X = (1e308 + 1e308 - 1e308 - 1e308 - 5) / 5 = -1 > Y = -100; the
     * plain sum is +inf from the second child on. */
    fx_init(&f, "Mc",
            "A(X(a=1e308 b=1e308 c=-1e308 d=-1e308 e=-5) Y=-100)", false);
    for (int b = 0; b < 2; b++) {
        f.game = tree_game(&f.t, b);
        f.game.min_value = -DBL_MAX;
        f.game.max_value = DBL_MAX;
        for (size_t i = 0; i < sizeof algos / sizeof algos[0]; i++) {
            gs_search_options o = opts_algo(algos[i]);
            huge_run(&f, &o);
            assert_true(f.res.value == -1.0);
            assert_int_equal(f.res.best, 0);
        }
    }
    fx_free(&f);

    /* Five equally likely children whose mean is -1.5: rounded on the way
     * (scaled or not) the sum came out near 4e291, and the
     * search chose Y over X; the exact sum gives X = -1.5 > Y = -2, with
     * or without weights (0.2 each). */
    static const char *const five[] = {
        "A(X(a=1.5e308 b=1.6e308 c=-1.5e308 d=-1.6e308 e=-7.5) Y=-2)",
        "A(X(0.2@a=1.5e308 0.2@b=1.6e308 0.2@c=-1.5e308 0.2@d=-1.6e308 "
        "0.2@e=-7.5) Y=-2)"};
    for (int k = 0; k < 2; k++) {
        fx_init(&f, "Mc", five[k], false);
        for (int b = 0; b < 2; b++) {
            f.game = tree_game(&f.t, b);
            f.game.min_value = -DBL_MAX;
            f.game.max_value = DBL_MAX;
            for (size_t i = 0; i < sizeof algos / sizeof algos[0]; i++) {
                gs_search_options o = opts_algo(algos[i]);
                huge_run(&f, &o);
                assert_true(f.res.value == -1.5);
                assert_int_equal(f.res.best, 0);
            }
        }
        fx_free(&f);
    }

    /* Nested, with weights: P = -1 as above, Q = 1 likewise, X = 0 > Y =
     * -100 (the plain sums gave P = inf, Q = -inf, X = NaN, and A chose
     * Y). */
    fx_init(&f, "Mcc",
            "A(X(0.5@P(a=1e308 b=1e308 c=-1e308 d=-1e308 e=-5) "
            "0.5@Q(q1=-1.5e308 q2=-1.5e308 q3=1.5e308 q4=1.5e308 q5=5)) "
            "Y=-100)",
            false);
    for (int b = 0; b < 2; b++) {
        f.game = tree_game(&f.t, b);
        f.game.min_value = -1.5e308;
        f.game.max_value = 1.5e308;
        for (size_t i = 0; i < sizeof algos / sizeof algos[0]; i++) {
            gs_search_options o = opts_algo(algos[i]);
            huge_run(&f, &o);
            assert_true(f.res.value == 0.0);
            assert_int_equal(f.res.best, 0);
        }
    }
    fx_free(&f);

    /* Star1 with the bounds +-H, H = 1.5 * 2^1023: B = 2^1023 (its plain
     * sum overflows) is alpha at C. After c1 = c2 = H, C can still reach
     * H > alpha, so c3 must be searched: C = H, the root's value. (alpha *
     * 3 overflowed, the window said "cut", and C came back as +inf.) */
    fx_init(&f, "Mc",
            "A(B(b1=0x1p1023 b2=0x1p1023) "
            "C(c1=0x1.8p1023 c2=0x1.8p1023 c3=0x1.8p1023))",
            true);
    f.game.min_value = -0x1.8p1023;
    f.game.max_value = 0x1.8p1023;
    for (int pe = 0; pe < 2; pe++) {
        gs_search_options o = opts_algo(GS_ALPHABETA);
        o.prune_equal = pe;
        huge_run(&f, &o);
        assert_true(f.res.value == 0x1.8p1023);
        assert_int_equal(f.res.best, 1);
        assert_string_equal(fx_visits(&f), "A B b1 b2 C c1 c2 c3");
    }
    fx_free(&f);
    /* ... and with c2 = -H, C is at most (H - H + H) / 3 < alpha after c2:
     * c3 is pruned and A keeps B. */
    fx_init(&f, "Mc",
            "A(B(b1=0x1p1023 b2=0x1p1023) "
            "C(c1=0x1.8p1023 c2=-0x1.8p1023 c3=0x1.8p1023))",
            true);
    f.game.min_value = -0x1.8p1023;
    f.game.max_value = 0x1.8p1023;
    for (int pe = 0; pe < 2; pe++) {
        gs_search_options o = opts_algo(GS_ALPHABETA);
        o.prune_equal = pe;
        huge_run(&f, &o);
        assert_true(f.res.value == 0x1p1023);
        assert_int_equal(f.res.best, 0);
        assert_string_equal(fx_prunes(&f), "C:c3@2");
    }
    fx_free(&f);
}

/*
 * Random trees searched twice, once with their values as they are and
 * once multiplied by 2^1019 (bounds too), so that every chance sum and
 * Star1 window of the second overflows a plain double. Multiplying by a
 * power of two changes no rounding, so every algorithm must give exactly
 * 2^1019 times the first value, with the same best move, line and counts.
 */
static void test_random_trees_near_double_limits(void **state)
{
    (void)state;
    const int shift = 1019;   /* 20 * 2^1019 < DBL_MAX */
    uint64_t r = 0x6c1e2ULL;
    genopts go = {false};
    int searches = 0;
    for (int i = 0; i < 1500; i++) {
        tree t, big;
        gen_roles(&t, &r, true);
        t.roles[rng_int(&r, 0, t.num_agents - 1)] = GS_ROLE_CHANCE;
        gen_node(&t, &r, 0, rng_int(&r, 1, 6), &go);
        /* the same tree, every value scaled */
        big = t;
        big.nodes = xrealloc(NULL, ((size_t)t.ncap + 1) * sizeof *t.nodes);
        big.kids = xrealloc(NULL, ((size_t)t.kcap + 1) * sizeof *t.kids);
        big.probs = xrealloc(NULL, ((size_t)t.kcap + 1) * sizeof *t.probs);
        memcpy(big.nodes, t.nodes, (size_t)t.nnodes * sizeof *t.nodes);
        memcpy(big.kids, t.kids, (size_t)t.nkids * sizeof *t.kids);
        memcpy(big.probs, t.probs, (size_t)t.nkids * sizeof *t.probs);
        for (int k = 0; k < big.nnodes; k++)
            big.nodes[k].value = ldexp(big.nodes[k].value, shift);
        big.min_value = ldexp(t.min_value, shift);
        big.max_value = ldexp(t.max_value, shift);
        for (int b = 0; b < 2; b++) {
            gs_game g = tree_game(&t, b), gbig = tree_game(&big, b);
            for (int k = 0; k < 5; k++) {
                static const gs_algo algos[] = {GS_MINIMAX, GS_EXPECTIMAX,
                                                GS_ALPHABETA, GS_ALPHABETA,
                                                GS_ALPHABETA};
                gs_search_options o = opts_algo(algos[k]);
                o.prune_equal = k != 3;
                o.order_moves = k == 4;
                recorder rec = {NULL, 0, 0};
                gs_result res, resbig;
                long calls;
                assert_int_equal(run_search(&g, &t, 0, &o, &rec, &res, &calls),
                                 GS_OK);
                assert_int_equal(run_search(&gbig, &big, 0, &o, &rec, &resbig,
                                            &calls), GS_OK);
                free(rec.ev);
                if (!(resbig.value == ldexp(res.value, shift)) ||
                    resbig.best != res.best || resbig.nodes != res.nodes ||
                    resbig.leaves != res.leaves ||
                    resbig.cutoffs != res.cutoffs ||
                    resbig.pv_length != res.pv_length ||
                    memcmp(resbig.pv, res.pv,
                           (size_t)res.pv_length * sizeof res.pv[0]) != 0)
                    fail_msg("tree %d, algorithm %d, bounds %d: value %.17g "
                             "(%.17g scaled back), %llu nodes; unscaled "
                             "%.17g, %llu nodes", i, k, b, resbig.value,
                             ldexp(resbig.value, -shift),
                             (unsigned long long)resbig.nodes, res.value,
                             (unsigned long long)res.nodes);
                searches++;
            }
        }
        free(big.nodes);
        free(big.kids);
        free(big.probs);
        tree_free(&t);
    }
    assert_int_equal(searches, 1500 * 10);
}

/* ------------------------------------------------------------------------
 * Step 13. Determinism and threads.
 * ---------------------------------------------------------------------- */

#define FOREST_TREES 150
#define THREAD_OPTS 4

static void forest_options(gs_search_options *opts)
{
    opts[0] = opts_algo(GS_ALPHABETA);
    opts[1] = opts_algo(GS_ALPHABETA);
    opts[1].prune_equal = false;
    opts[1].depth = 3;
    opts[2] = opts_algo(GS_MINIMAX);
    opts[2].depth = 1;
    opts[2].depth_unit = GS_DEPTH_ROUNDS;
    opts[3] = opts_algo(GS_EXPECTIMAX);
    opts[3].order_moves = true;
}

/* Many trees under one game (agents max, min, chance). */
static void make_forest(tree *t, int32_t *roots)
{
    uint64_t r = 0xf0e57ULL;
    genopts go = {false};
    tree_init(t, "Mmc");
    for (int i = 0; i < FOREST_TREES; i++)
        roots[i] = gen_node(t, &r, 0, rng_int(&r, 2, 6), &go);
}

#ifndef GS_TEST_NO_THREADS
typedef struct tjob {
    const gs_game *g;
    const int32_t *roots;
    const gs_search_options *opts;
    const gs_result *expected;  /* [root][opt] */
    int passes;
    int mismatches, errors;
} tjob;

static void *thread_main(void *arg)
{
    tjob *j = arg;
    gs_engine *e = NULL;
    if (gs_engine_new(j->g, NULL, &e) != GS_OK) {
        j->errors++;
        return NULL;
    }
    for (int p = 0; p < j->passes; p++)
        for (int i = 0; i < FOREST_TREES; i++)
            for (int k = 0; k < THREAD_OPTS; k++) {
                tstate s = {j->roots[i], 0};
                gs_result res;
                if (gs_search(e, &s, &j->opts[k], &res) != GS_OK)
                    j->errors++;
                else if (!same_result(&res, &j->expected[i * THREAD_OPTS + k]))
                    j->mismatches++;
            }
    gs_engine_free(e);
    return NULL;
}
#endif

static void test_determinism(void **state)
{
    (void)state;
    tree t;
    int32_t roots[FOREST_TREES];
    gs_search_options opts[THREAD_OPTS];
    make_forest(&t, roots);
    forest_options(opts);
    gs_game g = tree_game(&t, true);
    gs_engine *e1 = NULL, *e2 = NULL;
    assert_int_equal(gs_engine_new(&g, NULL, &e1), GS_OK);
    for (int i = 0; i < FOREST_TREES; i++)
        for (int k = 0; k < THREAD_OPTS; k++) {
            tstate s = {roots[i], 0};
            gs_result a, b, c;
            assert_int_equal(gs_search(e1, &s, &opts[k], &a), GS_OK);
            assert_int_equal(gs_search(e1, &s, &opts[k], &b), GS_OK);
            /* A fresh engine agrees with a reused one. */
            assert_int_equal(gs_engine_new(&g, NULL, &e2), GS_OK);
            assert_int_equal(gs_search(e2, &s, &opts[k], &c), GS_OK);
            gs_engine_free(e2);
            assert_true(same_result(&a, &b));
            assert_true(same_result(&a, &c));
        }
    gs_engine_free(e1);
    tree_free(&t);
}

static void test_threads(void **state)
{
    (void)state;
    SKIP_WITHOUT_THREADS();
#ifndef GS_TEST_NO_THREADS
    tree t;
    int32_t roots[FOREST_TREES];
    gs_search_options opts[THREAD_OPTS];
    gs_result *expected = xrealloc(NULL, FOREST_TREES * THREAD_OPTS * sizeof *expected);
    make_forest(&t, roots);
    forest_options(opts);
    gs_game g = tree_game(&t, true);  /* Star1 on: the most engine state */

    /* Single-threaded reference results. */
    gs_engine *e = NULL;
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
    for (int i = 0; i < FOREST_TREES; i++)
        for (int k = 0; k < THREAD_OPTS; k++) {
            tstate s = {roots[i], 0};
            assert_int_equal(gs_search(e, &s, &opts[k], &expected[i * THREAD_OPTS + k]),
                             GS_OK);
        }
    gs_engine_free(e);

    tjob jobs[2];
    pthread_t th[2];
    for (int i = 0; i < 2; i++) {
        jobs[i].g = &g;
        jobs[i].roots = roots;
        jobs[i].opts = opts;
        jobs[i].expected = expected;
        jobs[i].passes = 8;
        jobs[i].mismatches = 0;
        jobs[i].errors = 0;
        assert_int_equal(pthread_create(&th[i], NULL, thread_main, &jobs[i]), 0);
    }
    for (int i = 0; i < 2; i++)
        assert_int_equal(pthread_join(th[i], NULL), 0);
    for (int i = 0; i < 2; i++) {
        assert_int_equal(jobs[i].errors, 0);
        assert_int_equal(jobs[i].mismatches, 0);
    }
    free(expected);
    tree_free(&t);
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_options_defaults),
        cmocka_unit_test(test_algo_names),
        cmocka_unit_test(test_seed_tree_alphabeta),
        cmocka_unit_test(test_seed_tree_minimax),
        cmocka_unit_test(test_aima_5_2),
        cmocka_unit_test(test_max_min_min),
        cmocka_unit_test(test_max_min_chance),
        cmocka_unit_test(test_star1_prunes),
        cmocka_unit_test(test_expectimax_uniform_min),
        cmocka_unit_test(test_depth_limits),
        cmocka_unit_test(test_equality_ties),
        cmocka_unit_test(test_special_roots),
        cmocka_unit_test(test_pv_truncation),
        cmocka_unit_test(test_max_ply),
        cmocka_unit_test(test_odd_state_size),
        cmocka_unit_test(test_node_limit),
        cmocka_unit_test(test_time_limit),
        cmocka_unit_test(test_bad_options),
        cmocka_unit_test(test_engine_new_errors),
        cmocka_unit_test(test_alloc_failures),
        cmocka_unit_test(test_order_moves),
        cmocka_unit_test(test_random_trees),
        cmocka_unit_test(test_random_zero_probabilities),
        cmocka_unit_test(test_chance_near_double_limits),
        cmocka_unit_test(test_random_trees_near_double_limits),
        cmocka_unit_test(test_determinism),
        cmocka_unit_test(test_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
