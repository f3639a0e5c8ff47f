/*
 * gamesearch/tree.h: explicit game trees read from text, as a game.
 *
 * Two syntaxes, told apart by the first character that is not white space
 * or part of a comment: '[' starts the nested-list syntax, anything else the
 * line syntax.
 *
 * 1. Nested lists (Python literal style):
 *      ['A', ['B', ('E', 3), ('F', 12)], ['C', ('H', 2)]]
 *    A list is an inner node [name, child, ...]; a tuple is a leaf
 *    (name, value). Names in single or double quotes; values are integers or
 *    decimals, negative allowed. Any white space and newlines. Roles: two
 *    agents, MAX at the root then MIN, unless gs_tree_set_roles says
 *    otherwise.
 *    Plain numbers, as homework gives trees, when the root's first element
 *    is a list or a number:
 *      [[3, 12, 8], [2, 4, 6], [14, 5, [7, 2]]]
 *    A list is an inner node, a number a leaf. The nodes are named breadth
 *    first, level by level and left to right: the root A, then B, C, ...,
 *    Z, AA, AB, ... (spreadsheet columns); the actions are the children's
 *    names. A tree names every node or none: a tuple or a name among plain
 *    numbers, or a value or list without a name among named nodes, is an
 *    error saying so.
 *
 * 2. Lines, one statement a line, '#' starts a comment:
 *      agents: max min min   roles in turn order (max, min or chance)
 *      depth: 2              optional cutoff in rounds
 *      bounds: -100 100      optional: every value lies in this range
 *      root: A               optional; default: the first node with children
 *      A: left=B right=C     children in search order, optionally named by
 *                            their action
 *      X: Y@0.25 Z@0.75      probabilities at chance nodes (sum 1 within
 *                            1e-9); uniform when left out
 *      B = 3                 a node's value: its utility if it has no
 *                            children, its evaluation at a depth cutoff
 *    The first `root:` line with a single name and no '=' or '@' names the
 *    root; any later `root:` line gives the children of a node called root.
 *
 * Utility vectors, for games of more than two players (max^n, paranoid):
 * a leaf's value may be one utility an agent, ('E', [3, 1, 2]) in nested
 * lists and `E = 3 1 2` in lines; then every value of the tree is such a
 * vector, all of one length. The agents are then as many as the vector
 * has values, in turn order from the root (agent 0 MAX, the others MIN,
 * which minimax and alpha-beta search on agent 0's utility), unless
 * `agents:` names as many roles. In lines, `sum: S` says every utility is
 * 0 or more and every vector adds up to at most S (checked), so that max^n
 * prunes shallowly.
 *
 * 3. CS188 autograder test files (GraphGameTreeTest), told apart by a
 *    first line `KEY: "`, read as the autograder reads them:
 *      class: "GraphGameTreeTest"
 *      alg: "AlphaBetaAgent"     MinimaxAgent, AlphaBetaAgent or
 *                                ExpectimaxAgent (gs_tree_algo)
 *      depth: "2"                in rounds
 *      num_agents: "3"           agent 0 MAX, the others MIN
 *      start_state: "A"          the root
 *      win_states: "W1 W2"       states where the search ends, whatever
 *      lose_states: "L1"         successors they have
 *      successors: """          one STATE ACTION NEXT_STATE a line, each
 *      A Left B                  state's in the order of its lines
 *      """
 *      evaluation: """          one STATE VALUE a line
 *      B 3.0
 *      """
 *    A '#' starts a comment on a KEY line; other keys (diagram, ...) are
 *    skipped. States without successors need an evaluation where the root
 *    reaches them.
 *
 * The agent moving at a node is (its ply from the root) mod (number of
 * agents); the root is agent 0. A node may be reached from several parents
 * (a DAG), never in a cycle (not even in a part the root cannot reach).
 * A child that is never defined is an error only when the root can reach
 * it; elsewhere (the CS188 autograder's trees have such parts) it becomes an
 * implicit leaf without a value, numbered after every defined node.
 *
 * A state of the tree game is a gs_tree_state: the node and its ply. The
 * actions of a node are its child positions 0 .. n-1.
 */
#ifndef GAMESEARCH_TREE_H
#define GAMESEARCH_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core.h"
#include "game.h"
#include "search.h"
#include "text.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gs_tree gs_tree;

/* The most agents a tree may declare. */
#define GS_TREE_MAX_AGENTS 64

typedef enum gs_tree_syntax {
    GS_TREE_NESTED = 0,
    GS_TREE_LINES = 1,
    GS_TREE_CS188 = 2
} gs_tree_syntax;

/* Where and why parsing or checking failed: the library's one error
 * record (core.h), under its former name for source compatibility. */
typedef gs_error gs_tree_error;

/* The state of the tree game. */
typedef struct gs_tree_state {
    int32_t node;
    int32_t ply;
} gs_tree_state;

/*
 * Parses `length` bytes of `text` (NUL bytes are errors, not terminators).
 * On success stores a new tree in *out and returns GS_OK. On failure returns
 * GS_EPARSE (with *error filled in: line, column and message; line 0 when
 * the problem is the whole input, such as an empty one), GS_ETOOBIG (over
 * 1 GiB) or GS_ENOMEM, and stores NULL. Columns count bytes. Checks done
 * here: syntax, reachable children never defined, a node defined twice,
 * cycles, unknown roles, probabilities
 * (all or none of a node's children, each in (0, 1], summing to 1 within
 * 1e-9), values outside declared bounds, leaves without a value. Deeply
 * nested input is parsed without recursion.
 */
GS_API int gs_tree_parse(const char *text, size_t length, const gs_allocator *alloc,
                         gs_tree **out, gs_error *error);

/* Frees a tree (NULL is fine). */
GS_API void gs_tree_free(gs_tree *tree);

/*
 * Parses a list of roles ("max min chance", commas or spaces between them,
 * case-insensitive) into roles[0 .. *n-1] (room for GS_TREE_MAX_AGENTS).
 * Returns GS_OK or GS_EPARSE with *error (column within `text`, line 1).
 */
GS_API int gs_tree_parse_roles(const char *text, gs_role *roles, int *n,
                               gs_error *error);

GS_API gs_tree_syntax gs_tree_syntax_of(const gs_tree *tree);

/* Agents and their roles: as declared, or as set by gs_tree_set_roles. */
GS_API int gs_tree_num_agents(const gs_tree *tree);
GS_API gs_role gs_tree_role(const gs_tree *tree, int agent);
/* Replaces the roles (1 <= n <= GS_TREE_MAX_AGENTS, and as many as the
 * utility vectors have values when the tree has them); GS_EINVAL
 * otherwise. */
GS_API int gs_tree_set_roles(gs_tree *tree, const gs_role *roles, int n);

/*
 * The algorithm the text asks for: a CS188 test's `alg` (MinimaxAgent:
 * GS_MINIMAX, AlphaBetaAgent: GS_ALPHABETA, ExpectimaxAgent:
 * GS_EXPECTIMAX); -1 for the other syntaxes. Such a test is meant to be
 * searched as the autograder does: pruning only on strict inequality
 * (prune_equal false), its depth in rounds.
 */
GS_API int gs_tree_algo(const gs_tree *tree);

/* The `depth:` line, in rounds (0 when absent). */
GS_API int gs_tree_depth(const gs_tree *tree);

/* A search `depth` rounds deep (0: to the end) as a cutoff in plies:
 * depth times the agents, or 0 (no cutoff) when depth is 0 or that
 * would not fit in an int32_t. */
GS_API int32_t gs_tree_cutoff(const gs_tree *tree, int depth);

/* The most rounds a search of `tree` can be cut off at within max_ply
 * plies (the engine's limit, gs_search_options.max_ply): max_ply divided
 * by the agents, rounded down; 0 when max_ply is below one round. A
 * search that fails with GS_EPLY went deeper than max_ply: the tree is
 * deeper (gs_tree_height) and not cut off, or cut off beyond this. */
GS_API int gs_tree_max_rounds(const gs_tree *tree, int max_ply);

/* The `bounds:` line: true and *lo, *hi when present. */
GS_API bool gs_tree_bounds(const gs_tree *tree, double *lo, double *hi);

/* The length of the longest path from the root, in plies (computed by the
 * parser; never fails). */
GS_API int32_t gs_tree_height(const gs_tree *tree);

/*
 * Checks that every node a search cut off at `depth_plies` plies
 * (0 = no cutoff) could evaluate has a value: every leaf, and every inner
 * node reachable from the root at exactly that ply. Returns GS_OK,
 * GS_EPARSE with *error naming the node's line and column, GS_EINVAL for a
 * negative depth, or GS_ENOMEM.
 */
GS_API int gs_tree_check_values(const gs_tree *tree, int32_t depth_plies,
                                gs_error *error);

/*
 * Fills *game with the tree game (state_size = sizeof(gs_tree_state)); the
 * tree must outlive the game. Bounds are declared when the tree has them.
 * Call again after gs_tree_set_roles.
 */
GS_API void gs_tree_game(const gs_tree *tree, gs_game *game);

/* The root state. */
GS_API void gs_tree_root(const gs_tree *tree, gs_tree_state *state);

/* ---- Nodes, numbered 0 .. count-1 in the order the text defines them ---- */

GS_API int32_t gs_tree_node_count(const gs_tree *tree);
GS_API int32_t gs_tree_root_node(const gs_tree *tree);
GS_API const char *gs_tree_node_name(const gs_tree *tree, int32_t node);
/* The line and column where the node is defined (its list, tuple or line). */
GS_API int gs_tree_node_line(const gs_tree *tree, int32_t node);
GS_API int gs_tree_node_column(const gs_tree *tree, int32_t node);
/* The node's value, when the text gives one. */
GS_API bool gs_tree_node_value(const gs_tree *tree, int32_t node, double *value);
/* The values of the tree's utility vectors (one an agent), or 0 when its
 * values are single numbers. */
GS_API int gs_tree_utility_count(const gs_tree *tree);
/* Node's utility vector into out[0 .. gs_tree_utility_count - 1] and
 * true, or zeros and false when it has none. */
GS_API bool gs_tree_node_utilities(const gs_tree *tree, int32_t node,
                                   double *out);
GS_API int gs_tree_child_count(const gs_tree *tree, int32_t node);
GS_API int32_t gs_tree_child(const gs_tree *tree, int32_t node, int i);
/* The action's name (`left` in left=B), or the child's name if unnamed. */
GS_API const char *gs_tree_child_action(const gs_tree *tree, int32_t node, int i);
/* The child's probability, when the text gives one. */
GS_API bool gs_tree_child_probability(const gs_tree *tree, int32_t node, int i,
                                      double *p);

/* ---- Practice trees ---- */

/*
 * A random tree in the line syntax, a deterministic function of `spec`:
 * key=value pairs separated by commas, each key at most once:
 *   depth=N           plies from the root to the leaves, 1 to 64 (default 3)
 *   branching=N|LO-HI children of each inner node, 1 to 26 (default 2-3)
 *   values=LO..HI     the leaves' values, whole numbers, LO < HI
 *                     (default 0..20)
 *   agents=ROLES      roles joined by '+', as max+min+chance (default
 *                     max+min); with a chance agent the tree declares
 *                     `bounds: LO HI`, so that alpha-beta prunes at its
 *                     nodes too (Star1), and its children are equally likely
 *   seed=N            0 to 2^64-1 (default 1)
 * Nodes are named breadth first A, B, ..., Z, AA, AB, ...; every leaf lies
 * at `depth`. The text starts with a comment giving the whole spec. At most
 * 1000000 nodes (counted with the most children everywhere).
 *
 * Writes at most `size` bytes, NUL included, into buf (NULL with size 0 to
 * measure) and the whole text's length into *length (NULL: not wanted).
 * Returns GS_OK, GS_EPARSE with *error (line 1, the column in `spec`, a
 * message naming the bad key) or GS_EINVAL.
 */
GS_API int gs_tree_random(const char *spec, char *buf, size_t size,
                          size_t *length, gs_error *error);
/* The same text handed to `write` in one piece: GS_OK, GS_EPARSE or
 * GS_EINVAL as gs_tree_random, GS_ENOMEM (nothing written), or the
 * nonzero value write returned. */
GS_API int gs_tree_random_write(const char *spec, gs_write_fn write,
                                void *user, gs_error *error);

/* ---- Tracing a search, step by step ---- */

/*
 * One event of a search of the tree, in the order the search reports it
 * (gs_event in search.h, translated into node numbers).
 */
typedef struct gs_tree_step {
    gs_event_kind kind;
    /* ENTER and LEAVE: the node; PRUNE: the child cut off. */
    int32_t node;
    /* ENTER and LEAVE: the node it was reached from (-1 at the root);
     * PRUNE: the node whose cutoff pruned `node`. */
    int32_t parent;
    /* The child's position among the parent's children (-1 at the root). */
    int index;
    /* ENTER and LEAVE: the node's ply (root 0); PRUNE: the parent's. */
    int32_t ply;
    /* The agent to move at the node (PRUNE: at the parent), and its role
     * as the search treats it (expectimax: MIN agents are CHANCE). */
    int agent;
    gs_role role;
    /* The window (search.h: gs_event.alpha, beta); infinite when open.
     * PRUNE: the parent's window when it cut. */
    double alpha, beta;
    /* LEAVE: the backed-up value, its bound, and whether the value was
     * read from the tree (a leaf, or a node at the depth cutoff). */
    double value;
    gs_bound bound;
    bool leaf;
} gs_tree_step;

/*
 * A search's steps: every node entered, left and pruned. `steps` is
 * allocated through the tree's allocator; free it with gs_tree_trace_free.
 */
typedef struct gs_tree_trace {
    gs_tree_step *steps;
    size_t count;
    size_t capacity;   /* (elements allocated) */
    int name_width;    /* the longest name of a step's node, in characters */
    /*
     * A max^n search (GS_MAXN): the root's utilities, utility_count of
     * them (the game's agents; 0 after any other search), and the vector
     * of each LEAVE step's node, step i's at step_utilities[i *
     * utility_count] (NULL: none; allocated and freed with the steps).
     */
    int utility_count;
    double utilities[GS_TREE_MAX_AGENTS];
    double *step_utilities;
} gs_tree_trace;

/*
 * Searches `tree` from its root with `options` (NULL: the defaults; a hook
 * in them is called too, after each step is recorded), recording every
 * step into *trace and the result into *result. Returns gs_search's status
 * (GS_OK, GS_EPLY, GS_EINVAL, GS_EVERSION) or GS_ENOMEM; on failure
 * *trace is empty (nothing to free) and, when `error` is not NULL, `error`
 * holds the engine's one-sentence reason. The game is gs_tree_game(tree)
 * as the tree's roles are now.
 */
GS_API int gs_tree_trace_search(const gs_tree *tree,
                                const gs_search_options *options,
                                gs_tree_trace *trace, gs_result *result,
                                gs_error *error);

/*
 * Searches `tree` with any algorithm, as `gamesearch tree` does: with
 * gs_tree_trace_search into *trace; but MCTS, which calls no hook, on an
 * engine of its own (its tree is read back from the engine, as
 * gs_tree_text_write's `mcts` does), returned in *engine (free it with
 * gs_engine_free), *trace left empty. *engine is NULL for the other
 * algorithms and on failure. Returns as gs_tree_trace_search, `error`
 * holding the reason on failure.
 */
GS_API int gs_tree_search(const gs_tree *tree,
                          const gs_search_options *options,
                          gs_tree_trace *trace, gs_result *result,
                          gs_engine **engine, gs_error *error);

/*
 * The trace as a table for people, one line at a time: line 0 is the
 * header, line k (1 .. trace->count) step k. Columns: the step's number,
 * the event, the node, its ply and role (for a prune, the parent's), alpha
 * and beta ("-inf", "+inf" when open), and on leave the value ("<= 2",
 * ">= 5" for a bound; "leaf" when it was read from the tree); a prune
 * names the node whose cutoff pruned it and the comparison that caused
 * the cutoff ("cut at C: v = 2 <= alpha = 3", v being the value C then
 * returned). Writes at most `size` bytes, NUL included, without a newline,
 * and returns the length of the whole line, as snprintf does (-1 for a
 * line beyond the trace).
 */
GS_API int gs_tree_trace_line(const gs_tree *tree, const gs_tree_trace *trace,
                              size_t line, char *buf, size_t size);

/*
 * Compares a search of a CS188 test (gs_tree_trace_search's trace and
 * result) with the `length` bytes of its .solution file (`action: "A"`,
 * `generated: "S1 S2 ..."`), as the autograder does: the root action
 * chosen, and the set of states generated (entered), root included.
 * *match is true when both agree. Writes a report for people into buf
 * (snprintf's contract: at most `size` bytes, NUL included; the whole
 * length in *report_length, NULL: not wanted), one line for the action
 * and one for the states, then, when they differ, a line of the states
 * generated but not in the solution and one of those in the solution but
 * not generated. GS_OK, GS_EPARSE with *error (a malformed solution, or
 * one without those fields), GS_ENOMEM or GS_EINVAL.
 */
GS_API int gs_tree_cs188_check(const gs_tree *tree, const gs_tree_trace *trace,
                               const gs_result *result, const char *solution,
                               size_t length, bool *match, char *buf,
                               size_t size, size_t *report_length,
                               gs_error *error);
/* The same check with its report handed to `write` in one piece once the
 * check is done (nothing is written when it fails): GS_OK; the errors of
 * gs_tree_cs188_check (GS_ENOMEM with "out of memory" in *error); or the
 * nonzero value write returned. */
GS_API int gs_tree_cs188_check_write(const gs_tree *tree,
                                     const gs_tree_trace *trace,
                                     const gs_result *result,
                                     const char *solution, size_t length,
                                     bool *match, gs_write_fn write,
                                     void *user, gs_error *error);
/* The file of the solution beside CS188 test file `test`: "q2/1.test"
 * gives "q2/1.solution", a name without ".test" gets ".solution" added.
 * As snprintf: at most size bytes, NUL included, into buf; returns the
 * whole length. */
GS_API size_t gs_tree_cs188_solution_path(const char *test, char *buf,
                                          size_t size);

/* Frees the steps of a trace made for `tree` and empties it. */
GS_API void gs_tree_trace_free(const gs_tree *tree, gs_tree_trace *trace);

/* ---- Writing a search for programs and pictures ----
 *
 * Each writer hands its text, a piece at a time, to write(user, ...)
 * (text.h) and returns GS_OK, GS_EINVAL (a NULL argument, a negative
 * depth), GS_ENOMEM, or the first nonzero value write returned: writing
 * stops there. JSON numbers and names are written as gs_json_number and
 * gs_json_string write them; in the drawing, names as gs_dot_string,
 * values as gs_format_value and probabilities as gs_format_double do.
 */

/* How gs_tree_text_write describes a search. */
typedef struct gs_tree_text_options {
    gs_algo algo;           /* the algorithm searched with */
    bool prune_equal;       /* alpha-beta's rule (search.h) */
    int depth;              /* the cutoff in rounds; 0: none */
    bool with_trace;        /* then the trace table (gs_tree_trace_line) */
    const gs_engine *mcts;  /* an MCTS search: its engine, whose tree is
                               listed in place of the nodes visited and
                               pruned; NULL otherwise */
} gs_tree_text_options;

/*
 * A search (its trace and result) as `gamesearch tree` prints it for
 * people, a line each: "algorithm: NAME" (with the pruning rule, for
 * alpha-beta, pvs, mtdf and sss), "agents: max min" (the roles as
 * searched; ", depth N rounds"), "value: V", "best: CHILD" (" (action A)" when the edge has its own name; "none
 * (the root is a leaf)", "... is not a player's choice"), "principal
 * variation: A -> B", "nodes visited: N (L leaves evaluated, C cutoffs)";
 * then "passes: N" when the search entered the root more than once
 * (MTD(f), SSS*), "visited: A B ..." and "pruned: ..." (" (none)": the
 * children pruned that no pass entered, each once), and with
 * `with_trace` an empty line and gs_tree_trace_line's table; or, for MCTS,
 * "visits (mean): NODE=VISITS (MEAN) ..." and "proved: yes|no".
 */
GS_API int gs_tree_text_write(const gs_tree *tree, const gs_tree_trace *trace,
                              const gs_result *result,
                              const gs_tree_text_options *options,
                              gs_write_fn write, void *user);

/*
 * A search (gs_tree_trace_search's trace and result) as one JSON object
 * and a newline, as `gamesearch tree --json` prints it:
 *   {"value": number or null, "best": the root child chosen (null when
 *    none), "action": its action's name (null), "pv": the node names of
 *    the principal variation, root first, "visited": the nodes entered,
 *    "pruned": the children pruned that no step entered, each once (both
 *    in the trace's order), "nodes", "leaves": the result's counts, and
 *    "passes": the times the search entered the root, when more than
 *    once (MTD(f) and SSS* search in passes)}
 * and, with `with_trace`, "trace": the steps, one object a step:
 *   {"event": "enter"|"leave"|"prune", "node": NAME, "parent": NAME (null
 *    at the root; for a prune, the node whose cutoff pruned `node`),
 *    "alpha": number or null (-infinity), "beta": number or null
 *    (+infinity), and on leave "value": number and "bound":
 *    "exact"|"lower"|"upper"}
 * For a prune, alpha and beta are the parent's window when it cut.
 */
GS_API int gs_tree_json_write(const gs_tree *tree, const gs_tree_trace *trace,
                              const gs_result *result, bool with_trace,
                              gs_write_fn write, void *user);

/*
 * A search drawn for Graphviz (dot), as `gamesearch tree --dot` draws it:
 * the nodes the root reaches, each once, down to `depth_plies` plies
 * (0 = all); MAX boxes, MIN ellipses, chance diamonds (the roles as
 * `algo` searched them: expectimax averages the MIN agents); each node
 * left with its backed-up value (after U+2265 for a lower bound, U+2264
 * for an upper one); nodes and edges never reached gray and dashed,
 * pruned edges orange, dashed and crossed out, the principal variation
 * bold; edges labeled with their action's name when it is not the
 * child's, and with their probability when the text gives one.
 */
GS_API int gs_tree_dot_write(const gs_tree *tree, const gs_tree_trace *trace,
                             const gs_result *result, gs_algo algo,
                             int32_t depth_plies, gs_write_fn write,
                             void *user);

/* What gs_tree_dot_write_with adds to the drawing. */
enum {
    /* a legend at the bottom: the shapes of the roles searched and the
     * marks (bold, crossed out, gray, bounds) */
    GS_TREE_DOT_LEGEND = 1u,
    /* the reason for each cut on the first edge it prunes, as the page
     * gives it: "v = 2 < alpha = 3" at MAX and MIN nodes ('<' or '>' when
     * the value passed the bound, '<=' or '>=' when it met it), or
     * "E <= 1 <= alpha = 5" at a chance node pruned by its bounds */
    GS_TREE_DOT_CUTS = 2u
};

/*
 * gs_tree_dot_write with `flags` (GS_TREE_DOT_*; 0 draws exactly what
 * gs_tree_dot_write draws). GS_EINVAL for an unknown flag.
 */
GS_API int gs_tree_dot_write_with(const gs_tree *tree,
                                  const gs_tree_trace *trace,
                                  const gs_result *result, gs_algo algo,
                                  int32_t depth_plies, unsigned flags,
                                  gs_write_fn write, void *user);

/*
 * The data of the page of `gamesearch tree --html` (web/tree.js reads
 * it): one JSON object with the page's `title`, whether it opens as an
 * exercise (`practice`), the tree's nodes down to `depth` rounds (0 =
 * all) with their values, children, actions and probabilities, and a
 * traced search of each algorithm, with the same depth: minimax,
 * alpha-beta by the textbook rule (prune_equal) and by the CS188 rule,
 * expectimax when an agent is MIN, and PVS, MTD(f) and SSS* by
 * `prune_equal`'s rule when no agent is CHANCE (each run says how many
 * passes it made); `algo` and `prune_equal` choose the one the page shows
 * first. No newline at the end; a '<' in a name
 * is written as it is (a page that embeds the data in a script element
 * escapes it). Returns a search's status too when one fails (GS_EPLY:
 * the tree is deeper than a search goes).
 */
GS_API int gs_tree_page_data_write(const gs_tree *tree, const char *title,
                                   gs_algo algo, bool prune_equal, int depth,
                                   bool practice, gs_write_fn write,
                                   void *user);

#ifdef __cplusplus
}
#endif

#endif /* GAMESEARCH_TREE_H */
