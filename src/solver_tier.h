/*
 * solver_tier.h: the solver tier's steps inside alpha-beta's node search
 * (internal): a position's table key with its symmetries, the bounds a
 * node's parent read for it, the marks of the nodes other threads are
 * searching, and the steps a node takes over all its children before
 * searching the first: their table buckets loaded, their bounds read,
 * their table entries checked for a cutoff. Each runs only when its option
 * is on. They are inline, in alphabeta.c's translation unit, because they
 * run at every node of a solver's search: called across files they cost
 * Connect Four's solver about 2% more instructions (docs/tuning.md).
 */
#ifndef GS_SOLVER_TIER_H
#define GS_SOLVER_TIER_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "context.h"
#include "engine.h"
#include "tt.h"

/* The table's key for `state` (hash_key of its hash). With symmetry, a
 * state and its images under the game's symmetries share the entry of
 * the least hash, whose action is stored as seen from that image (*image:
 * the symmetry whose image gave the key, -1 for the state itself). */
static inline uint64_t table_key(const gs_engine *e, const void *state,
                                 int *image)
{
    const gs_game *g = &e->game;
    uint64_t key = g->hash(g->ctx, state);
    *image = -1;
    if (e->mode.symmetry) {
        for (int i = 0; i < e->solver.num_symmetries; i++) {
            uint64_t ikey = e->solver.symmetries[i].hash(g->ctx, state);
            if (ikey < key) {
                key = ikey;
                *image = i;
            }
        }
    }
    return hash_key(e, key);
}

/* The bounds of the node at `ply`, reached by `via`, when its parent
 * read them before searching it (child_bounds, into known[ply]). */
static inline bool known_bounds_of(const gs_engine *e, int ply, gs_action via,
                                   double *lo, double *hi)
{
    if (ply <= 0 || ply >= KNOWN_PLIES)
        return false;
    const known_bounds *k = &e->ab.known[ply];
    for (int i = 0; i < k->n; i++) {
        if (k->action[i] == via) {
            *lo = k->lo[i];
            *hi = k->hi[i];
            return true;
        }
    }
    return false;
}

/* Children a node puts off because another thread is searching them. */
#define DEFER_MAX 32

/* True when another thread marked the node of `key` as being searched
 * (with several threads: the node then waits, ABDADA's deferral). */
static inline bool busy_has(const gs_engine *e, uint64_t key)
{
    return atomic_load_explicit(&e->busy[key & (BUSY_SLOTS - 1)],
                                memory_order_relaxed) == key;
}

/* The table key of the child of the node at `ply` through a: the game's
 * child_hash when it has one and states are not merged with their
 * images, else that of the child built in the slot of ply + 1. */
static inline uint64_t child_key(gs_engine *e, int ply, gs_action a)
{
    const gs_game *g = &e->game;
    if (e->solver.child_hash && !e->mode.symmetry)
        return hash_key(e, e->solver.child_hash(g->ctx, state_at(e, ply), a));
    int image;
    g->apply(g->ctx, state_at(e, ply), a, state_at(e, ply + 1));
    return table_key(e, state_at(e, ply + 1), &image);
}

/* Starts loading the table buckets of all n children of the node at
 * `ply`, so that their misses overlap instead of coming one per child. */
static inline void prefetch_children(gs_engine *e, int ply, size_t base, int n)
{
    for (int i = 0; i < n; i++)
        tt_prefetch(e->tt, child_key(e, ply, e->actions[base + i]));
}

/*
 * What the game knows of the *n children of the node at `ply` (a MAX node
 * when maximize), read before any is searched. Returns true when one
 * child's bound alone decides the node fails high (MAX) or low (MIN) of
 * its window (*value and *bound then the node's result). Otherwise the
 * children whose value is known, or whose bound shows they cannot get
 * inside the window (at or below alpha at MAX, at or above beta at MIN),
 * are settled without a search: they leave the node's actions (*n is
 * what remains, in order), and the best of what they are worth (their
 * value, or that bound) is in *settled with its action in *settled_action
 * (untouched when none is settled). The others' bounds narrow the window:
 * a MAX node is worth at least any child's lower bound, a MIN node at
 * most any child's upper bound; with up to KNOWN_MAX children, below
 * KNOWN_PLIES, they are kept in known[ply + 1] for the children's own
 * step 4.
 */
static inline bool child_bounds(gs_engine *e, int ply, size_t base, int *n,
                                bool maximize, double *alpha, double *beta,
                                double *value, gs_bound *bound, double *settled,
                                gs_action *settled_action)
{
    const gs_game *g = &e->game;
    known_bounds *known = ply + 1 < KNOWN_PLIES && *n <= KNOWN_MAX
                              ? &e->ab.known[ply + 1]
                              : NULL;
    int kept = 0;
    for (int i = 0; i < *n; i++) {
        const gs_action a = e->actions[base + i];
        void *child = state_at(e, ply + 1);
        g->apply(g->ctx, state_at(e, ply), a, child);
        double lo, hi;
        if (g->is_terminal(g->ctx, child)) {
            lo = hi = g->value(g->ctx, child);
        } else if (!e->solver.bounds(g->ctx, child, &lo, &hi)) {
            e->actions[base + kept++] = a;
            continue;
        }
        if (maximize ? fails_high(e, lo, *beta) : fails_low(e, hi, *alpha)) {
            e->cutoffs++;
            *value = maximize ? lo : hi;
            *bound = maximize ? GS_BOUND_LOWER : GS_BOUND_UPPER;
            return true;
        }
        /* Settled: a known value, or one that cannot reach the window
         * (worth its bound on the window's side). */
        if (lo == hi || (maximize ? fails_low(e, hi, *alpha)
                                  : fails_high(e, lo, *beta))) {
            const double worth = maximize ? hi : lo;
            if (maximize ? worth > *settled : worth < *settled) {
                *settled = worth;
                *settled_action = a;
            }
            continue;
        }
        e->actions[base + kept++] = a;
        if (known) {   /* (room: *n <= KNOWN_MAX) */
            known->action[known->n] = a;
            known->lo[known->n] = lo;
            known->hi[known->n] = hi;
            known->n++;
        }
        if (maximize && lo > *alpha)
            *alpha = lo;
        if (!maximize && hi < *beta)
            *beta = hi;
    }
    *n = kept;
    return false;
}

/* Enhanced transposition cutoffs: true when the table entry of one of
 * the n children of the node at `ply` (a MAX node when maximize) proves
 * the node fails high (MAX) or low (MIN) of (alpha, beta) on its own;
 * *value and *bound are then the node's result. */
static inline bool etc_cutoff(gs_engine *e, int ply, size_t base, int n,
                              bool maximize, double alpha, double beta,
                              int remaining, double *value, gs_bound *bound)
{
    const int need = remaining == TT_DEPTH_FULL ? TT_DEPTH_FULL
                                                : remaining - 1;
    for (int i = 0; i < n; i++) {
        tt_entry hit;
        uint64_t key = child_key(e, ply, e->actions[base + i]);
        if (!tt_probe(e->tt, key, &hit) || hit.depth < need)
            continue;
        gs_bound b = hit.bound;
        if (maximize ? (b != GS_BOUND_UPPER && fails_high(e, hit.value, beta))
                     : (b != GS_BOUND_LOWER && fails_low(e, hit.value, alpha))) {
            e->tt_hits++;
            e->cutoffs++;
            e->cut_evals += hit.depth != TT_DEPTH_FULL;
            *value = hit.value;
            *bound = maximize ? GS_BOUND_LOWER : GS_BOUND_UPPER;
            return true;
        }
    }
    return false;
}


#endif /* GS_SOLVER_TIER_H */
