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
 * The version of struct gs_game this header describes. Version 3
 * (gamesearch 0.4) moved what serves strong alpha-beta solving into the
 * solver tier (`solver`, gamesearch/solver.h): gs_engine_new refuses the
 * structs of versions 1 and 2, so a program built against gamesearch 0.3
 * or older must be rebuilt.
 */
#define GS_GAME_VERSION 3

typedef enum gs_role {
    GS_ROLE_MAX = 0,
    GS_ROLE_MIN = 1,
    GS_ROLE_CHANCE = 2
} gs_role;

struct gs_solver;   /* gamesearch/solver.h */

/* An action, as the game numbers them; meaningful only to the game. */
typedef int32_t gs_action;

/* "No action": the root was terminal, at the cutoff, or a chance node. */
#define GS_NO_ACTION ((gs_action)-1)

typedef struct gs_game {
    /* Set to GS_GAME_VERSION; the engine refuses any other value. */
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
     * p[0 .. n-1] and returns true, or returns false to mean "uniform". A
     * uniform node is worth the mean of its children's values, a weighted
     * one the sum of p[i] * value[i], each correctly rounded from the exact
     * value (or added plainly in action order: plain_chance_sums below).
     */
    bool (*probabilities)(const void *ctx, const void *state,
                          const gs_action *actions, int n, double *p);
    /*
     * A hash of the state: equal states must hash equally, and states the
     * table must tell apart should hash apart. The hash needs no mixing
     * (the state's code taken as is, or a multiplicative hash, will do):
     * the engine runs it through a finaliser of its own before it picks
     * the table's bucket and the bits that tell entries apart, unless the
     * game's solver says it is mixed already (gs_solver.hash_mixed).
     */
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

    /* ---- optional: what Monte Carlo tree search uses ---- */

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

    /* ---- optional: the solver tier ---- */

    /*
     * What the game knows for strong alpha-beta solving: bounds, the
     * moves worth searching, symmetries (gamesearch/solver.h; NULL:
     * none). It must outlive every engine made for the game.
     */
    const struct gs_solver *solver;

    /* ---- optional: room for the algorithms to come ---- */

    /*
     * One utility per agent, for games that are not two-player zero-sum
     * (max^n): writes num_agents values into out[0 .. num_agents-1], out[i]
     * being agent i's utility of `state` (terminal, or where a search
     * stops early), each agent maximising its own. No algorithm of this
     * version calls it yet.
     */
    void (*utilities)(const void *ctx, const void *state, double *out);
    /*
     * A move out of turn, for best-reply search: writes into `out`
     * (state_size bytes) `state` with `agent` to move while the others
     * pass, and returns true, or returns false when the game allows no
     * such turn there. No algorithm of this version calls it yet.
     */
    bool (*turn_to)(const void *ctx, const void *state, int agent,
                    void *out);

    /* ---- optional: how chance nodes add up ---- */

    /*
     * false (the default): a chance node is worth the correctly rounded
     * value of its exact expectation (every product p[i] * value[i]
     * exact, summed exactly, divided exactly by n for a uniform node, then
     * rounded once), whatever the order of the children, without overflow
     * near the range of a double. true: the sums of a plain loop
     * (s = s + p[i] * value[i] in action order, then s / n), each step
     * rounded, for a game that must match a reference computed so
     * (Pacman's search game, as pacman.py and its autograder add).
     */
    bool plain_chance_sums;
} gs_game;

#ifdef __cplusplus
}
#endif

#endif /* GAMESEARCH_GAME_H */
