/*
 * gamesearch/solver.h: the solver tier: what a game can hand the engine
 * for strong alpha-beta solving (gs_solver, through gs_game.solver), and
 * the search options that put it to work (gs_solver_options, through
 * gs_search_options.solver).
 *
 * A game needs none of this to be searched: the core interface (game.h)
 * serves every algorithm. A game that wants to be solved fast (Connect
 * Four) adds what it knows without searching: the grain of its values,
 * bounds on a position's value, the moves worth trying, its children's
 * hashes and its symmetries. Each hook is correct on its own: the engine
 * may call any of them on any state that is not over, in any order, and
 * promises no order of calls.
 *
 * Every hook receives the game instance (gs_game.ctx) as const, as the
 * core callbacks do.
 */
#ifndef GAMESEARCH_SOLVER_H
#define GAMESEARCH_SOLVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core.h"
#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The version of struct gs_solver this header describes. */
#define GS_SOLVER_VERSION 1

/*
 * One symmetry of the game: a map of every state to an image with the
 * same value (from MAX's point of view), the same agent to move and the
 * same game ahead, move for move (a mirror, a rotation of a square
 * board). `state` is always the state being searched, never its image.
 *
 *   hash        what gs_game.hash gives for the image of `state`.
 *   to_image    the action of the image that corresponds to `action` of
 *               `state`.
 *   from_image  the action of `state` that corresponds to `action` of the
 *               image (the inverse of to_image).
 *
 * With gs_solver_options.tt_symmetry (and use_tt), the engine stores a
 * state and its images as one table entry: the entry's key is the least
 * of gs_game.hash of the state and the hashes of its images (the first
 * symmetry listed wins a tie, and the state itself wins a tie with any
 * image); the best action is stored mapped to that image with to_image,
 * and an action read from the entry is mapped back with from_image of the
 * same symmetry before it is tried.
 */
typedef struct gs_symmetry {
    uint64_t (*hash)(const void *ctx, const void *state);
    gs_action (*to_image)(const void *ctx, const void *state,
                          gs_action action);
    gs_action (*from_image)(const void *ctx, const void *state,
                            gs_action action);
} gs_symmetry;

/*
 * What a game knows for strong alpha-beta solving (gs_game.solver). Every
 * member but `version` is optional (0 or NULL when absent); the struct
 * and what it points to must outlive every engine made for the game. Only
 * alpha-beta reads the hooks, and MCTS-Solver `bounds` (to narrow a new
 * node's bounds); the other algorithms search with the core interface.
 */
typedef struct gs_solver {
    /* Set to GS_SOLVER_VERSION; gs_engine_new refuses any other value. */
    int version;
    /*
     * The values are whole multiples of value_grain (> 0; 0: no such
     * promise). Null-window search (gs_solver_options.null_window) needs
     * it: it bisects the values still possible, a grain at a time.
     */
    double value_grain;
    /*
     * What the game knows of the value V of a state that is not over,
     * without searching it: writes *lo <= V <= *hi (MAX's point of view;
     * lo == hi for an exact value, such as a win on the next move) and
     * returns true, or returns false when it knows nothing. Alpha-beta
     * settles a node (other than the root) whose value is exact and
     * otherwise narrows its window to [lo, hi]. The bounds must hold for
     * every value a search can back up there, evaluations at a depth
     * cutoff included.
     */
    bool (*bounds)(const void *ctx, const void *state, double *lo,
                   double *hi);
    /*
     * The actions alpha-beta needs to try in a state that is not over,
     * written like gs_game.actions (in the order to try them): the legal
     * actions less any that is never better for the agent to move than
     * one that is kept (Connect Four leaves out moves that let the
     * opponent win at once, and keeps only a win when there is one). The
     * answer must be right for every such state, whatever the game's
     * bounds say of it. 0 makes the node a leaf, valued by gs_game.value
     * (so 0 suits only a state whose value that is). The other algorithms
     * use gs_game.actions.
     */
    int (*search_actions)(const void *ctx, const void *state,
                          gs_action *out);
    /*
     * `bounds` and `search_actions` in one call, for a game that works
     * both out from the same facts (set both of them too: the engine may
     * call any of the three, and must get the same answers).
     *
     * On entry *lo and *hi are either -INFINITY and INFINITY, or the
     * bounds that this game's `bounds` gave for `state` (the engine reads
     * a node's children's bounds before it searches them, and hands each
     * child its own). In the first case the game writes the bounds into
     * *lo, *hi as `bounds` does (-INFINITY and INFINITY when it knows
     * nothing); in the second it may leave them as they are, and use what
     * it knows of its own bounds to find the actions faster (Connect Four:
     * bounds that are not exact mean the mover cannot win at once). When
     * the bounds are not exact it writes the search actions into out and
     * returns how many; it returns 0 when they are exact (out untouched).
     */
    int (*bounds_actions)(const void *ctx, const void *state, double *lo,
                          double *hi, gs_action *out);
    /*
     * The hash of the state after `action` (what gs_game.hash gives for
     * it), without building that state: the engine uses it to load and
     * read the children's table entries before searching them
     * (prefetching and enhanced transposition cutoffs), when states are
     * not stored with their images (tt_symmetry).
     */
    uint64_t (*child_hash)(const void *ctx, const void *state,
                           gs_action action);
    /*
     * The game's symmetries other than the identity, num_symmetries of
     * them (0: none; symmetries may then be NULL), each with all three
     * hooks: Connect Four lists its one mirror, an m,n,k game on a square
     * board could list its seven rotations and reflections. See
     * gs_symmetry for what the engine does with them.
     */
    const gs_symmetry *symmetries;
    int num_symmetries;
    /*
     * The game's hashes (gs_game.hash, child_hash, each symmetry's hash)
     * are already well mixed: each bit of a hash depends on every bit of
     * the state, as the output of a finaliser such as splitmix64's or
     * murmur3's fmix64 does. The engine then files positions in its table
     * by the hash as it is; otherwise (false, the default) it first runs
     * the hash through such a finaliser of its own, a few cycles a
     * position, so that any hash that tells states apart works (see
     * gs_game.hash). A hash said to be mixed that is not (one whose low
     * or high bits vary little) crowds the table and may pass one
     * position for another.
     */
    bool hash_mixed;
    /*
     * The agents' utilities (gs_game.utilities) are each at least
     * utility_min and add up to at most utility_sum in every state where
     * they are read (has_utility_sum true). Max^n (GS_MAXN) then prunes
     * shallowly: once the agent to move has a child worth c to it, the
     * agent above can get at most utility_sum - c - (num_agents - 2) *
     * utility_min from it, and when that is no more than what the agent
     * above has already, the node's other children are skipped.
     */
    bool has_utility_sum;
    double utility_min;
    double utility_sum;
} gs_solver;

/*
 * The options of the solver tier (gs_search_options.solver), for
 * alpha-beta only: gs_search refuses them with any other algorithm. Set
 * them up with gs_solver_options_init, then change the fields you need:
 *
 *     gs_solver_options so;
 *     gs_solver_options_init(&so);
 *     so.null_window = true;
 *     options.solver = &so;
 *
 * `size` (the first field, set by gs_solver_options_init) tells the
 * library which version of this struct the caller was compiled with, as
 * gs_search_options.size does; gs_search refuses (GS_EVERSION) a size it
 * does not know. A later version only appends fields.
 */
typedef struct gs_solver_options {
    size_t size;               /* sizeof(gs_solver_options), set by
                                  gs_solver_options_init */
    /*
     * Null-window search (textbook rule, prune_equal; needs the game's
     * solver's value_grain, and bounds from gs_game.has_bounds or the
     * solver's bounds hook at the root): instead of one search with an
     * open window, the root's value is found by a sequence of searches
     * with windows one grain wide, each halving the range of values still
     * possible (the test-and-bisect scheme of MTD-style solvers, probing
     * nearer zero first). With the table on, each search reuses the last
     * one's bounds. When no search proved a best action for the value
     * found, one more search with a window around it finds one. Default
     * false.
     */
    bool null_window;
    /*
     * A root window (textbook rule, prune_equal): with window_lo <
     * window_hi the search only decides where the value V lies relative
     * to the window: result.value is V when window_lo < V < window_hi;
     * otherwise it is V (result.bound GS_BOUND_EXACT: the game's bounds
     * proved it) or a bound at or beyond the window's edge, and
     * result.bound says which (GS_BOUND_UPPER: V <= value <= window_lo;
     * GS_BOUND_LOWER: V >= value >= window_hi). A "weak" solve of a game
     * scored like Connect Four uses (-1, 1): win, draw or loss. Default
     * (both 0): no window.
     */
    double window_lo, window_hi;
    /*
     * With use_tt, store a state and its images under the game's
     * symmetries as one entry (see gs_symmetry; the game's solver must
     * list at least one). Default false.
     */
    bool tt_symmetry;
    /*
     * With use_tt, at MAX and MIN nodes, build every child once before
     * searching the first, to start loading their table entries together
     * (default false). It costs an apply and a hash per child; it pays
     * when those are cheap next to a memory access, as in Connect Four
     * with a table larger than the cache.
     */
    bool prefetch;
    /*
     * Enhanced transposition cutoffs (with use_tt; default 0: off): at
     * MAX and MIN nodes fewer than etc_plies plies below the root, every
     * child's table entry is read before the first child is searched, and
     * a child whose stored bound already proves a cutoff ends the node.
     * Near the root the look-ups cost little next to the subtrees they
     * save; deeper they do not pay. The children's keys come from the
     * solver's child_hash when it has one and tt_symmetry is off;
     * otherwise each child is built (apply) and hashed, with its images'
     * hashes under tt_symmetry. 0 or more.
     */
    int etc_plies;
    /*
     * The children's bounds first (with a solver that has `bounds`;
     * default 0: off): at MAX and MIN nodes with more than one action,
     * fewer than child_bounds_plies plies below the root, the solver's
     * bounds of every child are read before the first child is searched
     * (and each child searched keeps them, instead of asking the game
     * again). A child whose bound alone decides the node (a lower bound
     * at or above beta at MAX, an upper bound at or below alpha at MIN)
     * ends it, and the others narrow its window. Connect Four settles
     * many children this way (a double threat, claimeven); near the
     * leaves the reading costs more than it saves. 0 or more.
     */
    int child_bounds_plies;
} gs_solver_options;

/* Fills in the defaults described above, `size` included. */
GS_API void gs_solver_options_init(gs_solver_options *options);

#ifdef __cplusplus
}
#endif

#endif /* GAMESEARCH_SOLVER_H */
