/*
 * mcts_internal.h: what the two files of Monte Carlo tree search share:
 * mcts.c grows the tree (selection, expansion, playouts, backing up, the
 * solver's bounds), mcts_root.c drives it (threads, the answer, the tree
 * read back).
 */
#ifndef GS_MCTS_INTERNAL_H
#define GS_MCTS_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "engine.h"
#include "mem.h"

enum {
    KIND_NEW = 0,   /* not reached yet */
    KIND_MAX,
    KIND_MIN,
    KIND_CHANCE,
    KIND_LEAF,      /* terminal or without actions: lo == hi == its value */
    KIND_CUT        /* at max_ply: scored by the game's value */
};

/* The iterations a search runs when it is given no limit at all. */
#define MCTS_DEFAULT_ITERATIONS 10000u

typedef struct mcts_node {
    double sum;          /* the scores added through the node */
    double lo, hi;       /* the solver's bounds on its value */
    double prob;         /* its probability, when its parent is CHANCE */
    uint64_t visits;
    uint32_t parent;
    uint32_t first;      /* the first child, once expanded */
    int32_t nchild;      /* 0 until expanded */
    gs_action action;    /* the action that led here */
    uint8_t kind;
} mcts_node;

/* splitmix64: small, fast and good enough for playouts. */
static inline uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* One thread's search: grows the engine's tree from `root` with the
 * options (this thread's share of the limits), seeded with `seed`. */
int mcts_run_one(gs_engine *e, const void *root, const gs_search_options *o,
                 uint64_t seed);
/* A node's mean score (0 when unvisited). */
double mcts_mean(const mcts_node *n);
/* The index of the root child to play (-1: none); `solver`: proved
 * values first. */
int mcts_pick_best(const gs_engine *e, bool solver);

#endif /* GS_MCTS_INTERNAL_H */
