/*
 * games/tree/tree_internal.h: the layout of a parsed tree, shared by the
 * parser (tree_parse.c) and the accessors and game callbacks (tree.c).
 * Private to games/tree: nothing outside this directory includes it.
 *
 * A tree is three flat arrays, all allocated through the tree's allocator:
 *
 *   nodes[0 .. count-1]   one tree_node per node, numbered in the order the
 *                         text defines them (nested syntax: the order of the
 *                         opening '[' or '('; line syntax: the first line
 *                         that gives the node's children or value). In the
 *                         line syntax, names used as children of unreachable
 *                         nodes but never defined follow, as leaves without
 *                         a value, in the order of their first use.
 *   edges[0 .. nedges-1]  the children of every node; the children of node n
 *                         are edges[first .. first+nchild-1], in search
 *                         order, so a node's children are contiguous.
 *   probs[0 .. nedges-1]  the probability of each edge; allocated only once
 *                         the text gives a probability (otherwise NULL) and
 *                         meaningful only for nodes flagged NODE_HAS_PROBS.
 *   names[...]            a pool of NUL-terminated strings: node names and
 *                         action names, referred to by byte offset.
 *
 * No pointer points into another array, so each array can grow by
 * reallocation while the parser builds it.
 */
#ifndef GAMESEARCH_TREE_INTERNAL_H
#define GAMESEARCH_TREE_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gamesearch/tree.h"

/* Flags of a tree_node. */
enum {
    NODE_HAS_VALUE = 1u,   /* value holds the node's value */
    NODE_HAS_PROBS = 2u,   /* its edges carry probabilities (probs[]) */
    NODE_HAS_VECTOR = 4u   /* vecs[vec * vec_len ...] holds its utilities
                              (value is agent 0's) */
};

typedef struct tree_node {
    uint32_t name;    /* offset of the node's name in names */
    int32_t first;    /* index of its first edge */
    int32_t nchild;   /* number of children */
    int32_t line;     /* where it is defined, 1-based */
    int32_t column;
    uint32_t flags;   /* NODE_HAS_* */
    double value;     /* when NODE_HAS_VALUE */
    int32_t vec;      /* when NODE_HAS_VECTOR: its vector's number */
} tree_node;

typedef struct tree_edge {
    int32_t child;    /* the child node */
    uint32_t action;  /* offset of the action's name in names */
} tree_edge;

struct gs_tree {
    gs_allocator alloc;
    gs_tree_syntax syntax;

    int num_agents;
    gs_role roles[GS_TREE_MAX_AGENTS];
    int depth;                 /* `depth:` in rounds, 0 when absent */
    int algo;                  /* the gs_algo a CS188 test names, or -1 */
    bool has_bounds;           /* `bounds:` given */
    double lo, hi;

    int32_t count;             /* nodes */
    int32_t root;
    int32_t height;            /* longest path from the root, in plies */
    int max_children;          /* the most children of any node */

    tree_node *nodes;
    size_t nodes_cap;          /* elements allocated */
    tree_edge *edges;
    size_t nedges, edges_cap;
    double *probs;             /* NULL, or probs_cap elements */
    size_t probs_cap;
    char *names;
    size_t nnames, names_cap;  /* bytes used, allocated */

    /* Utility vectors, one utility an agent (0: the leaves are single
     * values): vec_len values each, nvecs vectors, in vecs. */
    int vec_len;
    double *vecs;
    size_t nvecs, vecs_cap;    /* vectors, doubles allocated */
    bool agents_given;         /* `agents:` set the roles */
    /* `sum:`: every utility is 0 or more and each vector adds up to at
     * most `sum` (the game's solver says so to max^n). */
    bool has_sum;
    double sum;
    gs_solver solver;          /* what the game hands the engine */
};

/* A field of a CS188 test or solution file (tree_cs188.c). */
typedef struct tree_field {
    bool found;
    size_t at, len;      /* its value's bytes in the text */
    int line;            /* the line where the value starts */
    size_t line_start;   /* the offset where that line starts */
    int value_line;      /* the line of `KEY:` */
} tree_field;

/*
 * Reads the fields of a CS188 test or solution file: fields[k] for each
 * keys[k] (found false when absent); other keys are skipped. GS_OK, or
 * GS_EPARSE with *err at a line that is not a field, an unclosed """, or
 * a key given twice.
 */
int tree_cs188_fields(const char *s, size_t n, const char *const *keys,
                      int nkeys, tree_field *fields, gs_error *err);

/* Room for a name as tree_show_name writes it. */
#define TREE_NAME_BUF 96

/*
 * Writes 'name' (len bytes), quoted and cut to a readable length, into buf
 * (TREE_NAME_BUF bytes) for an error message; returns buf.
 */
const char *tree_show_name(char *buf, const void *name, size_t len);

/*
 * The error record a public function fills in: `error`, or `scratch` when
 * the caller passed NULL, cleared to "no place, no message".
 */
gs_error *tree_error_reset(gs_error *error, gs_error *scratch);

#endif /* GAMESEARCH_TREE_INTERNAL_H */
