/*
 * tree_fixture.h: the toy game of the engine's tests (test_search,
 * test_solve, test_tt): an explicit game graph kept in arrays, as a
 * gs_game.
 *
 * Node i has the children kids[first .. first + n - 1], so action a of
 * node i leads to node kids[first + a]; probs[first + a] is that action's
 * probability when node i has_probs (probabilities belong to the edges, so
 * a child shared by two parents, as in a DAG, may have a different one
 * under each). A state is {node, ply}; the agent to move is
 * ply % num_agents. A node without children is terminal, unless marked
 * otherwise: then it is a state with no legal action. Inner nodes carry a
 * value too: their static evaluation at a depth cutoff.
 *
 * Trees are built with tree_add/tree_set_kids, or written in a small
 * notation:
 *
 *     A(B(E=3 F=12) C#2(0.25@H=2 0.75@I=4) D=7? )
 *
 * NAME[#hint][=value][?][(children)], a child optionally prefixed by "p@"
 * (its probability at a CHANCE parent). Roles are given as a string, one
 * letter per agent: 'M' MAX, 'm' MIN, 'c' CHANCE.
 *
 * The game's callbacks abort, saying why, on a state or action the game
 * never made (they may run on the engine's helper threads, where a test
 * cannot fail).
 */
#ifndef GS_TEST_TREE_FIXTURE_H
#define GS_TEST_TREE_FIXTURE_H

#include <stdbool.h>
#include <stdint.h>

#include "gamesearch/game.h"

#define MAX_KIDS 16

typedef struct tnode {
    char name[12];
    double value;     /* utility, or static evaluation at a depth cutoff */
    int32_t hint;     /* order_hint score of the action leading here */
    int32_t first;    /* children: kids[first .. first + n - 1] */
    int32_t n;
    bool terminal;    /* false with n == 0: a state with no legal action */
    bool has_probs;   /* the children's edges carry probabilities */
    /* What the bounds and search_actions hooks say (tree.hooks). */
    bool has_bounds;
    double lo, hi;
    int32_t nsearch;
    gs_action search[MAX_KIDS];
} tnode;

typedef struct tree {
    tnode *nodes;
    int nnodes, ncap;
    int32_t *kids;
    double *probs;      /* the probability of each edge of kids */
    int nkids, kcap;
    int num_agents;
    gs_role roles[4];
    double min_value, max_value;  /* the game's bounds: -20, 20 */
    bool hooks;         /* offer each node's bounds and search list */
    long *value_calls;  /* counts game->value calls when not NULL */
    long *bounds_calls; /* counts game->bounds calls when not NULL */
} tree;

typedef struct tstate {
    int32_t node;
    int32_t ply;
} tstate;

/* An empty tree with the roles of `roles` (1 to 4 letters). */
void tree_init(tree *t, const char *roles);
void tree_free(tree *t);
/* A new childless, terminal node (name NULL: ""); its index. */
int tree_add(tree *t, const char *name, double value);
/* Node `parent`'s children, n >= 1 of them (edges without probability). */
void tree_set_kids(tree *t, int parent, const int32_t *kids, int n);
/* The child of `node` that action `action` leads to. */
int32_t kid(const tree *t, int node, int action);
/* The probability of action `action` of `node`, and setting it (which
 * marks the node has_probs). */
double kid_prob(const tree *t, int node, int action);
void set_kid_prob(tree *t, int node, int action, double p);
/* The most children of any node (at least 1). */
int tree_max_actions(const tree *t);
/* Parses `spec` into t (which may already hold other trees); returns the
 * root's index. */
int tree_parse(tree *t, const char *spec);
/* The first node named `name`. */
int find_node(const tree *t, const char *name);
/*
 * The tree as a game: every callback but hash (a test that needs a table
 * sets its own). With `bounds`, has_bounds over [min_value, max_value];
 * with t->hooks, each node's bounds and search list as the bounds and
 * search_actions hooks of its solver tier. t must outlive the game.
 */
gs_game tree_game(const tree *t, bool bounds);

#endif /* GS_TEST_TREE_FIXTURE_H */
