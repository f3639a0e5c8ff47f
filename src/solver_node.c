/*
 * solver_node.c: the solver tier's steps over all the children of a MAX
 * or MIN node before the first is searched (solver_tier.h says when each
 * runs): their table buckets loaded together, their bounds read from the
 * game, their table entries checked for a cutoff.
 */
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "context.h"
#include "engine.h"
#include "solver_tier.h"
#include "tt.h"

/* The table key of the child of the node at `ply` through a: the game's
 * child_hash when it has one and positions are not merged with their
 * mirror images, else that of the child built in the slot of ply + 1. */
static inline uint64_t child_key(gs_engine *e, int ply, gs_action a)
{
    const gs_game *g = &e->game;
    if (g->child_hash && !e->mode.symmetry)
        return g->child_hash(g->ctx, state_at(e, ply), a);
    bool mirrored;
    g->apply(g->ctx, state_at(e, ply), a, state_at(e, ply + 1));
    return table_key(e, state_at(e, ply + 1), &mirrored);
}

/* Starts loading the table buckets of all n children of the node at
 * `ply`, so that their misses overlap instead of coming one per child. */
void prefetch_children(gs_engine *e, int ply, size_t base, int n)
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
bool child_bounds(gs_engine *e, int ply, size_t base, int *n,
                         bool maximize, double *alpha, double *beta,
                         double *value, gs_bound *bound, double *settled,
                         gs_action *settled_action)
{
    const gs_game *g = &e->game;
    known_bounds *known =
        ply + 1 < KNOWN_PLIES && *n <= KNOWN_MAX ? &e->known[ply + 1] : NULL;
    int kept = 0;
    for (int i = 0; i < *n; i++) {
        const gs_action a = e->actions[base + i];
        void *child = state_at(e, ply + 1);
        g->apply(g->ctx, state_at(e, ply), a, child);
        double lo, hi;
        if (g->is_terminal(g->ctx, child)) {
            lo = hi = g->value(g->ctx, child);
        } else if (!g->bounds(g->ctx, child, &lo, &hi)) {
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
bool etc_cutoff(gs_engine *e, int ply, size_t base, int n,
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

