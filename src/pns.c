/*
 * pns.c: proof-number search (Allis), the game's outcome proved.
 *
 * A proof asks one question of the root: "does MAX reach a value above
 * the middle?" (a win) or "... at least the middle?" (at least a draw).
 * The middle is the centre of the game's bounds, or 0 without them. The
 * answer is found on a tree kept in memory, one array of nodes grown from
 * the root:
 *
 *     node: pn, dn        proof and disproof numbers: the fewest leaves
 *                         that must still be proved (disproved) to prove
 *                         (disprove) the node; PN_INF once the other is 0
 *           parent        its index (-1 at the root)
 *           first, nchild its children, consecutive (nchild 0 and first
 *                         -1 until it is expanded)
 *           action        the action that led here
 *           or_node       MAX to move (an OR node of the question)
 *
 * Each iteration walks from the root to the most-proving node (at an OR
 * node the child of least pn, at an AND node the child of least dn, the
 * first in search order on ties), applying the actions on the engine's
 * state stack; expands it, every child read from the game when it is a
 * leaf (terminal, or no actions: proved or disproved by its value) and
 * 1/1 otherwise; and updates the numbers of its ancestors up to the root.
 *
 * The outcome takes one or two proofs: "a win" proved gives 1; disproved
 * ("at most a draw"), "at least a draw" then gives 0 when proved and -1
 * when disproved. Both share the node budget (options.max_nodes: tree
 * nodes made, the roots included), which bounds the memory too: a tree
 * has at most that many nodes of sizeof(pns_node) bytes.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "context.h"
#include "engine.h"
#include "mem.h"
#include "movepick.h"

#define PN_INF UINT32_MAX
/* The numbers saturate below infinity: a sum of finite numbers stays
 * finite however large the tree. */
#define PN_MAX (UINT32_MAX - 1)

typedef struct pns_node {
    uint32_t pn, dn;
    int32_t parent;
    int32_t first;
    int32_t nchild;
    gs_action action;
    bool or_node;
} pns_node;

/* The most nodes a tree may hold: its indices are int32_t. */
#define PNS_MAX_TREE ((size_t)INT32_MAX)

typedef struct pns_tree {
    pns_node *nodes;
    size_t count, cap;
    double middle;     /* the value a draw has */
    bool strict;       /* the question: value > middle (else >=) */
} pns_tree;

static uint32_t sat_add(uint32_t a, uint32_t b)
{
    if (a == PN_INF || b == PN_INF)
        return PN_INF;
    return a > PN_MAX - b ? PN_MAX : a + b;
}

/* Room for `more` nodes: false (the search halted with GS_ENOMEM) when the
 * allocator refuses. */
static bool tree_reserve(gs_engine *e, pns_tree *t, size_t more)
{
    if (t->count + more <= t->cap)
        return true;
    size_t cap = t->cap ? t->cap : 256;
    while (cap < t->count + more)
        cap *= 2;
    if (cap > PNS_MAX_TREE)
        cap = PNS_MAX_TREE;
    pns_node *n = cap < t->count + more
                      ? NULL
                      : mem_resize(&e->alloc, t->nodes,
                                   t->cap * sizeof *n, cap * sizeof *n);
    if (!n) {
        e->status = GS_ENOMEM;
        e->halt = true;
        return false;
    }
    t->nodes = n;
    t->cap = cap;
    return true;
}

/* The state at `ply`'s numbers as a leaf (terminal, or without actions):
 * proved when its value answers the question yes. */
static void set_leaf(gs_engine *e, const pns_tree *t, pns_node *n, int ply)
{
    const gs_game *g = &e->game;
    double v = g->value(g->ctx, state_at(e, ply));
    e->leaves++;
    bool yes = t->strict ? v > t->middle : v >= t->middle;
    n->pn = yes ? 0 : PN_INF;
    n->dn = yes ? PN_INF : 0;
}

static bool is_max(const gs_engine *e, const void *state)
{
    const gs_game *g = &e->game;
    return g->role(g->ctx, g->to_move(g->ctx, state)) == GS_ROLE_MAX;
}

/* Recomputes node `i`'s numbers from its children. */
static void recompute(pns_tree *t, int32_t i)
{
    pns_node *n = &t->nodes[i];
    const pns_node *c = &t->nodes[n->first];
    uint32_t least = PN_INF, sum = 0;
    for (int k = 0; k < n->nchild; k++) {
        uint32_t mine = n->or_node ? c[k].pn : c[k].dn;
        uint32_t other = n->or_node ? c[k].dn : c[k].pn;
        if (mine < least)
            least = mine;
        sum = sat_add(sum, other);
    }
    if (n->or_node) {
        n->pn = least;
        n->dn = sum;
    } else {
        n->dn = least;
        n->pn = sum;
    }
}

/* Expands node `i`, whose state is at `ply`: its children made and read.
 * False when a limit or an error stops the search first (the node is
 * then left unexpanded). */
static bool expand(gs_engine *e, pns_tree *t, int32_t i, int ply)
{
    const gs_game *g = &e->game;
    if (ply + 1 >= e->max_ply) {
        e->status = GS_EPLY;
        e->halt = true;
        return false;
    }
    /* (the node's actions, then room for a child's) */
    if (!reserve(e, (size_t)ply + 1, 2 * (size_t)g->max_actions))
        return false;
    gs_action *acts = e->actions, *more = e->actions + g->max_actions;
    int n = g->actions(g->ctx, state_at(e, ply), acts);
    /* Step 1. The limits: every child is a node, and none is made past
     * the budget. */
    if (e->opt.max_nodes && e->nodes + (uint64_t)n > e->opt.max_nodes) {
        e->stopped = GS_STOP_NODES;
        e->halt = true;
        return false;
    }
    if (!tree_reserve(e, t, (size_t)n))
        return false;
    if (e->mode.hinted)
        movepick_sort(e, ply, 0, n);

    /* Step 2. The children, each a leaf read from the game or a node
     * with everything still to prove (1, 1). */
    int32_t first = (int32_t)t->count;
    for (int k = 0; k < n; k++) {
        unsigned char *child = state_at(e, ply + 1);
        g->apply(g->ctx, state_at(e, ply), acts[k], child);
        pns_node *c = &t->nodes[t->count++];
        c->parent = i;
        c->first = -1;
        c->nchild = 0;
        c->action = acts[k];
        c->or_node = is_max(e, child);
        e->nodes++;
        bool leaf = g->is_terminal(g->ctx, child);
        if (!leaf)
            leaf = g->actions(g->ctx, child, more) == 0;
        if (leaf) {
            set_leaf(e, t, c, ply + 1);
        } else {
            c->pn = c->dn = 1;
        }
    }
    t->nodes[i].first = first;
    t->nodes[i].nchild = n;
    return true;
}

/*
 * One proof of the question t->strict asks, on the root in state slot 0,
 * in a tree emptied first. Returns 1 (proved), 0 (disproved) or -1 (a
 * limit or an error stopped it: e->halt). *decider is the root's child
 * that settles it for the side to move (at an OR root the proved child of
 * a proof, at an AND root the disproved child of a disproof), or -1.
 */
static int prove(gs_engine *e, pns_tree *t, int *decider)
{
    const gs_game *g = &e->game;
    *decider = -1;
    t->count = 0;
    if (e->opt.max_nodes && e->nodes + 1 > e->opt.max_nodes) {
        e->stopped = GS_STOP_NODES;
        e->halt = true;
        return -1;
    }
    if (!tree_reserve(e, t, 1))
        return -1;
    pns_node *root = &t->nodes[t->count++];
    *root = (pns_node){1, 1, -1, -1, 0, GS_NO_ACTION,
                       is_max(e, state_at(e, 0))};
    e->nodes++;
    bool leaf = g->is_terminal(g->ctx, state_at(e, 0));
    if (!leaf) {
        if (!reserve(e, 0, (size_t)g->max_actions))
            return -1;
        leaf = g->actions(g->ctx, state_at(e, 0), e->actions) == 0;
    }
    if (leaf)
        set_leaf(e, t, root, 0);

    while (t->nodes[0].pn != 0 && t->nodes[0].dn != 0) {
        /* Step 1. A stop asked for, or the time. */
        if (out_of_budget(e))
            return -1;
        /* Step 2. Down to the most-proving node. */
        int32_t i = 0;
        int ply = 0;
        while (t->nodes[i].nchild > 0) {
            const pns_node *n = &t->nodes[i];
            int32_t best = n->first;
            for (int k = 1; k < n->nchild; k++) {
                const pns_node *c = &t->nodes[n->first + k];
                if (n->or_node ? c->pn < t->nodes[best].pn
                               : c->dn < t->nodes[best].dn)
                    best = n->first + k;
            }
            if (!reserve(e, (size_t)ply + 1, 0))
                return -1;
            g->apply(g->ctx, state_at(e, ply), t->nodes[best].action,
                     state_at(e, ply + 1));
            i = best;
            ply++;
        }
        /* Step 3. Its children. */
        if (!expand(e, t, i, ply))
            return -1;
        /* Step 4. The numbers, back up to the root. */
        for (int32_t a = i; a >= 0; a = t->nodes[a].parent)
            recompute(t, a);
    }

    const pns_node *r = &t->nodes[0];
    bool proved = r->pn == 0;
    for (int k = 0; k < r->nchild; k++) {
        const pns_node *c = &t->nodes[r->first + k];
        if (r->or_node ? proved && c->pn == 0 : !proved && c->dn == 0) {
            *decider = k;
            break;
        }
    }
    return proved ? 1 : 0;
}

/* The action at position k of the root's search order (the game's, or by
 * its hint), or GS_NO_ACTION for a root without actions. */
static gs_action root_action(gs_engine *e, int k, int *index)
{
    const gs_game *g = &e->game;
    *index = -1;
    if (!reserve(e, 0, (size_t)g->max_actions))
        return GS_NO_ACTION;
    gs_action *a = e->actions;
    int n = g->is_terminal(g->ctx, state_at(e, 0))
                ? 0 : g->actions(g->ctx, state_at(e, 0), a);
    if (n == 0 || k >= n)
        return GS_NO_ACTION;
    gs_action chosen;
    if (e->mode.hinted) {
        movepick_sort(e, 0, 0, n);
        chosen = a[k];
        n = g->actions(g->ctx, state_at(e, 0), a);   /* the game's order */
    } else {
        chosen = a[k];
    }
    for (int j = 0; j < n; j++)
        if (a[j] == chosen)
            *index = j;
    return chosen;
}

int pns_search(gs_engine *e, const void *root,
               const gs_search_options *options, gs_result *r)
{
    result_clear(r);
    int st = engine_begin(e, options);
    if (st != GS_OK)
        return st;
    const gs_game *g = &e->game;
    for (int a = 0; a < g->num_agents; a++)
        if (g->role(g->ctx, a) == GS_ROLE_CHANCE)
            return engine_fail(e, GS_EINVAL,
                               "proof-number search proves the outcome of "
                               "games of MAX and MIN: agent %d is CHANCE", a);
    if (options->depth != 0)
        return engine_fail(e, GS_EINVAL,
                           "options.depth is %d, but proof-number search "
                           "proves the outcome at the end of the game "
                           "(depth 0)", options->depth);
    if (options->algo == GS_DFPN && !g->hash)
        return engine_fail(e, GS_EINVAL, "options.algo is dfpn, which needs "
                           "a table, but the game has no hash");
    if (!reserve(e, 0, 0))
        return engine_fail(e, GS_ENOMEM, "out of memory for the root state");
    memcpy(state_at(e, 0), root, g->state_size);

    pns_tree t = {NULL, 0, 0, 0.0, true};
    if (g->has_bounds)
        t.middle = (g->min_value + g->max_value) / 2;

    /* Step 1. "MAX wins"; when disproved, "MAX draws at least". */
    int win_dec = -1, draw_dec = -1, outcome = 0;
    bool df = options->algo == GS_DFPN;
    int won = df ? dfpn_prove(e, true, t.middle, &win_dec)
                 : prove(e, &t, &win_dec);
    if (won == 1) {
        outcome = 1;
    } else if (won == 0) {
        t.strict = false;
        int drew = df ? dfpn_prove(e, false, t.middle, &draw_dec)
                      : prove(e, &t, &draw_dec);
        outcome = drew == 1 ? 0 : -1;
        if (drew < 0)
            outcome = 2;   /* stopped */
    } else {
        outcome = 2;
    }
    mem_resize(&e->alloc, t.nodes, t.cap * sizeof *t.nodes, 0);

    /* Step 2. The answer: the outcome, and the root action that reaches
     * it for the side to move (the first when every action does). */
    r->nodes = e->nodes;
    r->leaves = e->leaves;
    r->stopped = e->stopped;
    if (e->status == GS_OK && outcome != 2) {
        bool max_moves = is_max(e, state_at(e, 0));
        int k = outcome == 1 ? win_dec
              : outcome == -1 ? draw_dec
              : max_moves ? draw_dec : win_dec;
        r->value = outcome;
        r->best = root_action(e, k < 0 ? 0 : k, &r->best_index);
        if (r->best != GS_NO_ACTION) {
            r->pv[0] = r->best;
            r->pv_length = 1;
        }
    }
    r->seconds = engine_elapsed(e);
    if (e->status == GS_EPLY)
        return engine_fail(e, GS_EPLY,
                           "the game tree goes deeper than options.max_ply "
                           "(%d plies)", e->max_ply);
    if (e->status == GS_ENOMEM)
        return engine_fail(e, GS_ENOMEM,
                           df ? "out of memory for df-pn's table"
                              : "out of memory for the proof-number tree");
    return e->status;
}
