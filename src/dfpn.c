/*
 * dfpn.c: depth-first proof-number search (df-pn, Nagai), the question
 * pns.c asks answered with a table instead of a tree.
 *
 * The same proof and disproof numbers as pns.c, but kept in a table of
 * their own, keyed by the game's hash (mixed), and found again by a
 * depth-first search with thresholds: a node is searched until its pn
 * reaches thpn or its dn reaches thdn, the child it descends to getting
 *
 *     at an OR node   thpn' = min(thpn, pn of the second-best child + 1)
 *                     thdn' = thdn - dn + the child's dn
 *     at an AND node  the same with pn and dn exchanged,
 *
 * so that it returns as soon as another child becomes the most proving.
 * The root is searched with both thresholds infinite: it returns proved
 * or disproved. Transpositions share their entry.
 *
 * The table: up to TABLE_BUCKETS buckets of BUCKET_WAYS entries
 *
 *     entry: key     the state's mixed hash (0: empty)
 *            pn, dn  its numbers (a proved leaf: 0 and PN_INF)
 *            work    nodes made below it, saturated: the least worked
 *                    entry of a full bucket is replaced
 *            best    the child that proved (OR) or disproved (AND) it
 *
 * from the engine's allocator, made for the search and freed after it.
 * A lost entry only costs its work again: the numbers are found anew.
 * While a node is searched, the numbers it last saw for each child stay
 * on the search's stack as well, so a child whose entry was replaced
 * keeps them until its parent returns.
 * The game must have no cycles (a state never follows itself): df-pn
 * would not end on one; options.max_ply ends a path that goes too deep.
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
#define PN_MAX (UINT32_MAX - 1)
/* The table starts small (a small proof stays cheap) and doubles when
 * three quarters of its entries are taken, up to 2^20 buckets of 4
 * entries of 24 bytes: 96 MiB at most, enough for the proofs of boards
 * the size of 5x5, and given back after the search. */
#define TABLE_FIRST ((size_t)1 << 10)
#define TABLE_BUCKETS ((size_t)1 << 20)
#define BUCKET_WAYS 4

typedef struct dfpn_entry {
    uint64_t key;
    uint32_t pn, dn;
    uint32_t work;
    int32_t best;
} dfpn_entry;

/* One node's children on the search's own stack: their actions, keys
 * and the last numbers the node saw for them. A child's entry may be
 * replaced while its parent still searches (a full bucket gives way to
 * its sibling, say): the parent then goes on from these numbers, not
 * from 1, 1, or two siblings could replace each other for ever, neither
 * ever seen to grow. */
typedef struct dfpn_child {
    gs_action action;
    uint64_t key;
    uint32_t pn, dn;
} dfpn_child;

typedef struct dfpn {
    dfpn_entry *table;
    size_t buckets;
    size_t used;             /* entries taken */
    dfpn_child *kids;        /* the children of every node on the path */
    size_t kids_top, kids_cap;
    double middle;
    bool strict;
} dfpn;

static uint32_t sat_add(uint32_t a, uint32_t b)
{
    if (a == PN_INF || b == PN_INF)
        return PN_INF;
    return a > PN_MAX - b ? PN_MAX : a + b;
}

/* The game's hash through a finaliser (splitmix64's), never 0. */
static uint64_t key_of(const gs_engine *e, const void *state)
{
    uint64_t z = e->game.hash(e->game.ctx, state) + 0x9e3779b97f4a7c15u;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    z ^= z >> 31;
    return z ? z : 1;
}

static dfpn_entry *find(const dfpn *d, uint64_t key)
{
    dfpn_entry *b = &d->table[(key & (d->buckets - 1)) * BUCKET_WAYS];
    for (int w = 0; w < BUCKET_WAYS; w++)
        if (b[w].key == key)
            return &b[w];
    return NULL;
}

/* Stores a node's numbers (its entry, or the least worked of its
 * bucket). */
static void store(dfpn *d, uint64_t key, uint32_t pn, uint32_t dn,
                  uint32_t work, int32_t best)
{
    dfpn_entry *b = &d->table[(key & (d->buckets - 1)) * BUCKET_WAYS];
    dfpn_entry *slot = &b[0];
    for (int w = 0; w < BUCKET_WAYS; w++) {
        if (b[w].key == key || b[w].key == 0) {
            slot = &b[w];
            break;
        }
        if (b[w].work < slot->work)
            slot = &b[w];
    }
    d->used += slot->key == 0;
    *slot = (dfpn_entry){key, pn, dn, work, best};
}

/* A table of `buckets` buckets, empty: false when the allocator refuses
 * (the old one kept). */
static bool table_make(gs_engine *e, dfpn *d, size_t buckets)
{
    size_t bytes = buckets * BUCKET_WAYS * sizeof(dfpn_entry);
    dfpn_entry *t = mem_resize(&e->alloc, NULL, 0, bytes);
    if (!t)
        return false;
    memset(t, 0, bytes);
    d->table = t;
    d->buckets = buckets;
    d->used = 0;
    return true;
}

static void table_free(gs_engine *e, dfpn *d)
{
    mem_resize(&e->alloc, d->table,
               d->buckets * BUCKET_WAYS * sizeof(dfpn_entry), 0);
    d->table = NULL;
}

/* Doubles the table when three quarters of it is taken (below its
 * largest size), every entry moved over; a refused allocation leaves the
 * old one, which then replaces entries as it can. */
static void table_grow(gs_engine *e, dfpn *d)
{
    if (d->buckets >= TABLE_BUCKETS ||
        d->used < d->buckets * BUCKET_WAYS / 4 * 3)
        return;
    dfpn old = *d;
    if (!table_make(e, d, old.buckets * 2)) {
        d->table = old.table;
        d->buckets = old.buckets;
        d->used = old.used;
        return;
    }
    for (size_t i = 0; i < old.buckets * BUCKET_WAYS; i++)
        if (old.table[i].key)
            store(d, old.table[i].key, old.table[i].pn, old.table[i].dn,
                  old.table[i].work, old.table[i].best);
    table_free(e, &old);
}

/* A leaf's numbers: proved when its value answers the question yes. */
static bool leaf_yes(const gs_engine *e, const dfpn *d, const void *state)
{
    double v = e->game.value(e->game.ctx, state);
    return d->strict ? v > d->middle : v >= d->middle;
}

static bool is_max(const gs_engine *e, const void *state)
{
    const gs_game *g = &e->game;
    return g->role(g->ctx, g->to_move(g->ctx, state)) == GS_ROLE_MAX;
}

static bool kids_reserve(gs_engine *e, dfpn *d, size_t more)
{
    if (d->kids_top + more <= d->kids_cap)
        return true;
    size_t cap = d->kids_cap ? d->kids_cap * 2 : 1024;
    while (cap < d->kids_top + more)
        cap *= 2;
    dfpn_child *k = mem_resize(&e->alloc, d->kids, d->kids_cap * sizeof *k,
                               cap * sizeof *k);
    if (!k) {
        e->status = GS_ENOMEM;
        e->halt = true;
        return false;
    }
    d->kids = k;
    d->kids_cap = cap;
    return true;
}

/*
 * The node at `ply` (key `key`, not a leaf), searched until its pn reaches
 * thpn or its dn thdn (or a limit halts the search). Its numbers are then
 * in the table and in *pn_out, *dn_out (1, 1 when a limit stopped it
 * before it had any). Returns the nodes made below it.
 */
static uint64_t mid(gs_engine *e, dfpn *d, int ply, uint64_t key,
                    uint64_t thpn, uint64_t thdn, uint32_t *pn_out,
                    uint32_t *dn_out)
{
    const gs_game *g = &e->game;
    const unsigned char *s = state_at(e, ply);
    bool or_node = is_max(e, s);
    uint64_t made = 0;
    *pn_out = *dn_out = 1;

    /* Step 1. The limits, and room for the children. */
    if (out_of_budget(e))
        return 0;
    table_grow(e, d);
    if (ply + 1 >= e->max_ply) {
        e->status = GS_EPLY;
        e->halt = true;
        return 0;
    }
    if (!reserve(e, (size_t)ply + 1, (size_t)g->max_actions) ||
        !kids_reserve(e, d, (size_t)g->max_actions))
        return 0;
    s = state_at(e, ply);   /* (the stack may have moved) */

    /* Step 2. The children, each made once: a leaf's numbers go to the
     * table and the stack, the others are found in the table (else the
     * stack's: 1, 1 until searched). A leaf
     * whose entry was replaced is searched as any child: its numbers go
     * back to the table. */
    int n = g->is_terminal(g->ctx, s) ? 0 : g->actions(g->ctx, s, e->actions);
    if (n == 0) {
        bool yes = leaf_yes(e, d, s);
        e->leaves++;
        *pn_out = yes ? 0 : PN_INF;
        *dn_out = yes ? PN_INF : 0;
        store(d, key, *pn_out, *dn_out, 0, -1);
        return 0;
    }
    if (e->opt.max_nodes && e->nodes + (uint64_t)n > e->opt.max_nodes) {
        e->stopped = GS_STOP_NODES;
        e->halt = true;
        return 0;
    }
    if (e->mode.hinted)
        movepick_sort(e, ply, 0, n);
    size_t base = d->kids_top;
    d->kids_top += (size_t)n;
    dfpn_child *kids = d->kids + base;
    if (!reserve(e, (size_t)ply + 1, (size_t)n + (size_t)g->max_actions)) {
        d->kids_top = base;
        return 0;
    }
    s = state_at(e, ply);
    unsigned char *child = state_at(e, ply + 1);
    gs_action *more = e->actions + n;
    for (int k = 0; k < n; k++) {
        kids[k].action = e->actions[k];
        g->apply(g->ctx, s, kids[k].action, child);
        kids[k].key = key_of(e, child);
        kids[k].pn = kids[k].dn = 1;
        e->nodes++;
        made++;
        if (g->is_terminal(g->ctx, child) ||
            g->actions(g->ctx, child, more) == 0) {
            bool yes = leaf_yes(e, d, child);
            e->leaves++;
            kids[k].pn = yes ? 0 : PN_INF;
            kids[k].dn = yes ? PN_INF : 0;
            store(d, kids[k].key, kids[k].pn, kids[k].dn, 0, -1);
        }
    }
    /* (the work this node had before, counted once) */
    const dfpn_entry *self = find(d, key);
    uint64_t before = self ? self->work : 0;

    /* Step 3. Down the most proving child until the thresholds are
     * reached. */
    for (;;) {
        uint32_t least = PN_INF, second = PN_INF, sum = 0;
        int best = -1;
        uint32_t best_other = 0;
        for (int k = 0; k < n; k++) {
            const dfpn_entry *c = find(d, kids[k].key);
            if (c) {
                kids[k].pn = c->pn;
                kids[k].dn = c->dn;
            }
            uint32_t cpn = kids[k].pn, cdn = kids[k].dn;
            uint32_t mine = or_node ? cpn : cdn, other = or_node ? cdn : cpn;
            if (best < 0 || mine < least) {
                second = least;
                least = mine;
                best = k;
                best_other = other;
            } else if (mine < second) {
                second = mine;
            }
            sum = sat_add(sum, other);
        }
        uint32_t pn = or_node ? least : sum, dn = or_node ? sum : least;
        uint64_t work = before + made;
        uint32_t w = work > UINT32_MAX ? UINT32_MAX : (uint32_t)work;
        store(d, key, pn, dn, w, least == 0 ? best : -1);
        *pn_out = pn;
        *dn_out = dn;
        if (pn >= thpn || dn >= thdn || e->halt)
            break;
        /* the child's thresholds */
        uint64_t mine_th = or_node ? thpn : thdn;
        uint64_t other_th = or_node ? thdn : thpn;
        uint64_t other_now = or_node ? dn : pn;
        uint64_t next = (uint64_t)second + 1;
        uint64_t c_mine = mine_th < next ? mine_th : next;
        uint64_t c_other = other_th - other_now + best_other;
        if (c_other > PN_INF)
            c_other = PN_INF;
        g->apply(g->ctx, s, kids[best].action, child);
        uint32_t bpn, bdn;
        uint64_t below = mid(e, d, ply + 1, kids[best].key,
                             or_node ? c_mine : c_other,
                             or_node ? c_other : c_mine, &bpn, &bdn);
        made += below;
        /* (the stacks may have moved) */
        kids = d->kids + base;
        s = state_at(e, ply);
        child = state_at(e, ply + 1);
        kids[best].pn = bpn;
        kids[best].dn = bdn;
        if (e->halt) {
            /* (the numbers so far, without the half-searched child) */
            break;
        }
    }
    d->kids_top = base;
    return made;
}

int dfpn_prove(gs_engine *e, bool strict, double middle, int *decider)
{
    const gs_game *g = &e->game;
    *decider = -1;
    dfpn d = {NULL, 0, 0, NULL, 0, 0, middle, strict};
    if (e->opt.max_nodes && e->nodes + 1 > e->opt.max_nodes) {
        e->stopped = GS_STOP_NODES;
        e->halt = true;
        return -1;
    }
    e->nodes++;
    if (!reserve(e, 0, (size_t)g->max_actions))
        return -1;
    const void *root = state_at(e, 0);
    if (g->is_terminal(g->ctx, root) ||
        g->actions(g->ctx, root, e->actions) == 0) {
        e->leaves++;
        return leaf_yes(e, &d, root) ? 1 : 0;
    }
    if (!table_make(e, &d, TABLE_FIRST)) {
        e->status = GS_ENOMEM;
        e->halt = true;
        return -1;
    }
    uint64_t key = key_of(e, root);
    const dfpn_entry *r = NULL;
    /* (with infinite thresholds the root returns proved or disproved, or
     * halted) */
    uint32_t pn = 1, dn = 1;
    while (!e->halt && pn != 0 && dn != 0) {
        mid(e, &d, 0, key, PN_INF, PN_INF, &pn, &dn);
        r = find(&d, key);
    }
    int result = -1;
    if (!e->halt) {
        result = pn == 0 ? 1 : 0;
        /* (the state stack may have moved while the search grew it) */
        bool or_node = is_max(e, state_at(e, 0));
        if (or_node == (result == 1))
            *decider = r ? r->best : -1;
    }
    table_free(e, &d);
    mem_resize(&e->alloc, d.kids, d.kids_cap * sizeof *d.kids, 0);
    return result;
}
