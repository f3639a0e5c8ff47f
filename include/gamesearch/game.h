/*
 * gamesearch/game.h: the interface a game fills in so that the engine can
 * search it.
 *
 * A game is a set of callbacks over states. A state is a plain blob of
 * `state_size` bytes that the engine copies as it descends (copy-make): the
 * game never keeps pointers into it and the engine never looks inside it.
 * The size is chosen by the game instance (a Pacman state depends on its
 * maze), so one compiled game serves every board size. The states the
 * engine hands to callbacks are aligned for any type, so a game may cast
 * them to its own struct.
 *
 * Turns: `to_move` says which agent (0 .. num_agents-1) acts in a state and
 * `role` says whether that agent maximises, minimises or is chance. Several
 * agents may share a role (two MIN ghosts in a row), and roles may mix
 * (MAX, then MIN, then CHANCE).
 *
 * Values are always from MAX's point of view: `value` returns the utility
 * of a terminal state and the static evaluation of a state where the search
 * stops early (a depth cutoff, or an agent with no legal action).
 *
 * All callbacks receive the game instance `ctx` as const: a game instance
 * may be shared by several searches running on several threads.
 */
#ifndef GAMESEARCH_GAME_H
#define GAMESEARCH_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The version of struct gs_game this header describes. Version 2 appended
 * `playout`; gs_engine_new still accepts a version-1 struct (one that ends
 * before `playout`, from a program compiled against the older header) and
 * reads it as if `playout` were NULL.
 */
#define GS_GAME_VERSION 2

typedef enum gs_role {
    GS_ROLE_MAX = 0,
    GS_ROLE_MIN = 1,
    GS_ROLE_CHANCE = 2
} gs_role;

/* An action, as the game numbers them; meaningful only to the game. */
typedef int32_t gs_action;

/* "No action": the root was terminal, at the cutoff, or a chance node. */
#define GS_NO_ACTION ((gs_action)-1)

typedef struct gs_game {
    /* Set to GS_GAME_VERSION (or 1, for a struct without the fields of
     * version 2); the engine refuses any other value. */
    int version;
    /* The game instance, handed back to every callback. */
    const void *ctx;
    /* Bytes in one state (> 0). */
    size_t state_size;
    /* Number of agents (>= 1). */
    int num_agents;
    /* The most legal actions any state can have (>= 1). */
    int max_actions;

    /* ---- required ---- */

    /* The agent to act in `state` (0 .. num_agents-1). */
    int (*to_move)(const void *ctx, const void *state);
    /* The role of `agent`. */
    gs_role (*role)(const void *ctx, int agent);
    /* True when the game is over in `state`. */
    bool (*is_terminal)(const void *ctx, const void *state);
    /*
     * Writes the legal actions of the agent to move into out[0 .. n-1], in
     * the order the search should try them, and returns n
     * (0 <= n <= max_actions). A non-terminal state with no legal action is
     * evaluated as a leaf.
     */
    int (*actions)(const void *ctx, const void *state, gs_action *out);
    /* Writes into `child` (state_size bytes) the state after `action`. */
    void (*apply)(const void *ctx, const void *state, gs_action action,
                  void *child);
    /* Utility or static evaluation of `state`, from MAX's point of view. */
    double (*value)(const void *ctx, const void *state);

    /* ---- optional (NULL when absent) ---- */

    /*
     * At a CHANCE agent: writes the probability of each of the n actions into
     * p[0 .. n-1] and returns true, or returns false to mean "uniform". The
     * engine averages a uniform node as the plain mean (the sum of the
     * children's values in action order, divided by n) and a weighted node
     * as the sum of p[i] * value[i] in action order.
     */
    bool (*probabilities)(const void *ctx, const void *state,
                          const gs_action *actions, int n, double *p);
    /* A hash of the state: equal states must hash equally. */
    uint64_t (*hash)(const void *ctx, const void *state);
    /*
     * Move-ordering hint: writes a score for each of the n actions; when the
     * search options ask for ordering, higher scores are searched first
     * (ties keep the game's order).
     */
    void (*order_hint)(const void *ctx, const void *state,
                       const gs_action *actions, int n, int32_t *scores);
    /*
     * Writes a printable, NUL-terminated name of `action` taken in `state`
     * into buf (at most size bytes) and returns the length it needed, like
     * snprintf.
     */
    int (*action_name)(const void *ctx, const void *state, gs_action action,
                       char *buf, size_t size);

    /*
     * Known value bounds: when has_bounds is true, every value the game
     * returns lies in [min_value, max_value]. Alpha-beta then prunes at
     * chance nodes too (Ballard's Star1) and stays exact.
     */
    bool has_bounds;
    double min_value;
    double max_value;

    /* ---- optional: what a strong alpha-beta search can use ---- */

    /*
     * The values are whole multiples of value_grain (> 0; 0: no such
     * promise). Null-window search (gs_search_options.null_window) needs
     * it: it bisects the values still possible, a grain at a time.
     */
    double value_grain;
    /*
     * What the game knows of the value V of a state that is not over,
     * without searching it: writes *lo <= V <= *hi (MAX's point of view;
     * lo == hi for an exact value, such as a win on the next move) and
     * returns true, or returns false when it knows nothing. Alpha-beta
     * settles a node (other than the root) whose value is exact and
     * otherwise narrows its window to [lo, hi]; the other algorithms
     * ignore it. The bounds must hold for every value a search can back up
     * there, evaluations at a depth cutoff included.
     */
    bool (*bounds)(const void *ctx, const void *state, double *lo,
                   double *hi);
    /*
     * The actions alpha-beta needs to try, written like `actions` (in the
     * order to try them): the legal actions less any that is never better
     * for the agent to move than one that is kept (Connect Four leaves out
     * moves that let the opponent win at once). 0 makes the node a leaf,
     * valued by `value`. The other algorithms use `actions`. When the game
     * also has `bounds`, this is called only for states whose bounds are
     * not exact (the game may count on it: a win on the next move, say,
     * has been dealt with).
     */
    int (*search_actions)(const void *ctx, const void *state, gs_action *out);
    /*
     * Left-right symmetry: `mirror_hash` is the hash of the mirror image
     * of `state` (what `hash` gives for that image), and `mirror_action`
     * the image of an action. Mirror images must have equal values. With
     * both set, gs_search_options.tt_symmetry stores a position and its
     * image as one.
     */
    uint64_t (*mirror_hash)(const void *ctx, const void *state);
    gs_action (*mirror_action)(const void *ctx, const void *state,
                               gs_action action);

    /* ---- optional, since version 2: what Monte Carlo tree search uses ---- */

    /*
     * A playout policy (GS_MCTS with mcts_playout GS_PLAYOUT_POLICY): at a
     * MAX or MIN agent of a playout, returns the index (0 .. n-1) of the
     * action to play among the n legal actions actions[0 .. n-1] of
     * `state`, as `actions` wrote them. `random` is a uniformly random
     * 64-bit number from the search's generator, for the game's own random
     * choices, so that a search stays reproducible for its seed. An index
     * outside 0 .. n-1 makes the search fail with GS_EINVAL.
     */
    int (*playout)(const void *ctx, const void *state,
                   const gs_action *actions, int n, uint64_t random);

    /* ---- optional, since version 2: shortcuts for what the hooks above
     * compute ---- */

    /*
     * `bounds` and `search_actions` in one call, for a game that works
     * both out from the same facts (set both of them too: the engine
     * calls this instead of them where it would call both, and returns
     * the same results; a node whose bounds its parent read with `bounds`
     * is asked only `search_actions`). Writes the bounds into *lo, *hi as
     * `bounds` does (*lo = -INFINITY, *hi = INFINITY when it knows
     * nothing), and when they are not exact writes the search actions into
     * out and returns how many; returns 0 when they are exact (out
     * untouched).
     */
    int (*bounds_actions)(const void *ctx, const void *state, double *lo,
                          double *hi, gs_action *out);
    /*
     * The hash of the state after `action` (what `hash` gives for it),
     * without building that state: the engine uses it to load and read
     * the children's table entries before searching them (prefetching
     * and enhanced transposition cutoffs), when positions are not stored
     * with their mirror images (tt_symmetry).
     */
    uint64_t (*child_hash)(const void *ctx, const void *state,
                           gs_action action);
} gs_game;

#ifdef __cplusplus
}
#endif

#endif /* GAMESEARCH_GAME_H */
