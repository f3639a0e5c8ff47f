/*
 * gamesearch/pacman.h: the Berkeley CS188 multi-agent Pacman world, rule
 * for rule as pacman.py (v1.004) plays it, as a game.
 *
 * Coordinates: (0, 0) is the bottom-left cell; the first line of a layout
 * file is the top row. Agents move in half cells when scared, so positions
 * are given doubled: (x2, y2) = (2x, 2y), odd when between two cells.
 *
 * Agent 0 is Pacman (MAX), agents 1..N the ghosts (MIN), moving round-robin.
 * An action is a direction, numbered in the order pacman.py lists legal
 * actions: West, Stop, East, North, South.
 *
 * A state is gs_pacman_state_size() bytes (it depends on the maze: the food
 * and capsules are bitsets), aligned for uint64_t (malloc'd memory is).
 */
#ifndef GAMESEARCH_PACMAN_H
#define GAMESEARCH_PACMAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core.h"
#include "game.h"
#include "pyrandom.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Directions, in pacman.py's order of legal actions. */
enum {
    GS_PAC_WEST = 0,
    GS_PAC_STOP = 1,
    GS_PAC_EAST = 2,
    GS_PAC_NORTH = 3,
    GS_PAC_SOUTH = 4,
    GS_PAC_NUM_DIRS = 5
};

/* The most ghosts a world may have, and the largest maze side. */
#define GS_PAC_MAX_GHOSTS 16
#define GS_PAC_MAX_SIDE 256

/* Rules (pacman.py's constants). */
#define GS_PAC_SCARED_TIME 40
#define GS_PAC_FOOD_SCORE 10
#define GS_PAC_WIN_SCORE 500
#define GS_PAC_EAT_GHOST_SCORE 200
#define GS_PAC_DEATH_SCORE (-500)
#define GS_PAC_TIME_PENALTY 1

/* "West", "Stop", ... (NULL for a bad direction) and back (-1: unknown;
 * case-insensitive). */
GS_API const char *gs_pac_dir_name(int dir);
GS_API int gs_pac_dir_parse(const char *name);

/* ---- Layouts ---- */

typedef struct gs_pac_layout gs_pac_layout;

/* Where and why a layout was refused: the library's one error record
 * (core.h; line and column 0 when it concerns the whole file), under its
 * former name for source compatibility. */
typedef gs_error gs_pac_error;

/*
 * Reads a layout ('%' wall, '.' food, 'o' capsule, 'P' Pacman, 'G' or
 * '1'-'4' a ghost, ' ' floor, leading spaces included; trailing white space
 * on a line is ignored; CRLF accepted). Checks: exactly one Pacman, known
 * characters only, no row shorter than the first after trailing spaces are
 * stripped (a longer row may only have walls past the first row's end,
 * which are dropped, as pacman.py drops them: CS188's capsuleClassic has
 * one), at least one food, every food within Pacman's reach (food walled
 * off from him could never be eaten: the game could never be won, and
 * pacman.py would play it for ever; the first such dot is named), at most GS_PAC_MAX_SIDE a side and
 * GS_PAC_MAX_GHOSTS ghosts; over 1 MiB is GS_ETOOBIG. Cells off the maze
 * count as walls. GS_OK, GS_EPARSE with *error, GS_ETOOBIG or GS_ENOMEM.
 */
GS_API int gs_pac_layout_parse(const char *text, size_t length,
                               const gs_allocator *alloc, gs_pac_layout **out,
                               gs_error *error);
GS_API void gs_pac_layout_free(gs_pac_layout *layout);
GS_API int gs_pac_layout_width(const gs_pac_layout *layout);
GS_API int gs_pac_layout_height(const gs_pac_layout *layout);
GS_API bool gs_pac_layout_wall(const gs_pac_layout *layout, int x, int y);
/* Ghosts in the file, in pacman.py's agent order. */
GS_API int gs_pac_layout_num_ghosts(const gs_pac_layout *layout);

/* What gs_pac_layout_find found. */
typedef enum gs_pac_found {
    GS_PAC_FOUND = 0,        /* path: the layout's file */
    GS_PAC_FOUND_DIR = 1,    /* path: a directory where the file was looked
                                for (the first such) */
    GS_PAC_NOT_FOUND = 2     /* path: the file's name, NAME.lay; looked: the
                                directories searched, ", "-separated ("" for
                                a name starting with '/') */
} gs_pac_found;

/*
 * Finds the file of layout `name` as `gamesearch pacman -l NAME` does: a
 * name with a '/' or ending in .lay as a path first (only that when it
 * starts with '/'); then NAME.lay (".lay" added unless it ends so) in each
 * directory of `dirs` (':'-separated, empty entries skipped; NULL: none),
 * in ./layouts and in the current directory. A file is anything stat()
 * finds that is not a directory (a pipe, a device). Writes at most `size`
 * bytes into path and `lsize` into looked (both always NUL-terminated;
 * looked may be NULL). Returns a gs_pac_found.
 */
GS_API gs_pac_found gs_pac_layout_find(const char *name, const char *dirs,
                                       char *path, size_t size, char *looked,
                                       size_t lsize);

/* ---- Worlds and states ---- */

typedef struct gs_pacman gs_pacman;

/*
 * A world: `layout` with its first min(num_ghosts, ghosts in the layout)
 * ghosts, in pacman.py's order (-k). The layout is copied. GS_OK, GS_EINVAL
 * (num_ghosts < 0) or GS_ENOMEM.
 */
GS_API int gs_pacman_new(const gs_pac_layout *layout, int num_ghosts,
                         const gs_allocator *alloc, gs_pacman **out);

/*
 * The world of the layout in `text` (len bytes) with at most num_ghosts
 * ghosts: gs_pac_layout_parse, then gs_pacman_new (the layout itself is not
 * kept). `line0` is the line of a file where the text starts (1 for a
 * layout file): error lines count from it. GS_OK with *out; GS_EPARSE or
 * GS_ETOOBIG with *error as gs_pac_layout_parse says; GS_EINVAL
 * (num_ghosts < 0); GS_ENOMEM. *out is NULL on failure.
 */
GS_API int gs_pacman_read(const char *text, size_t len, int line0,
                          int num_ghosts, const gs_allocator *alloc,
                          gs_pacman **out, gs_error *error);
GS_API void gs_pacman_free(gs_pacman *world);

GS_API int gs_pacman_num_agents(const gs_pacman *world);   /* 1 + ghosts */
GS_API int gs_pacman_width(const gs_pacman *world);
GS_API int gs_pacman_height(const gs_pacman *world);
GS_API bool gs_pacman_wall(const gs_pacman *world, int x, int y);
GS_API size_t gs_pacman_state_size(const gs_pacman *world);

/* The start of a game: Pacman to move, score 0, no ghost scared. */
GS_API void gs_pacman_initial(const gs_pacman *world, void *state);

/*
 * Fills *game: agent 0 MAX, ghosts MIN, legal actions in pacman.py's order,
 * terminal at a win or a loss, value = the score (pacman.py's
 * scoreEvaluationFunction), a hash covering what pacman.py's state equality
 * covers, action names "West", .... The world must outlive the game.
 */
GS_API void gs_pacman_game(const gs_pacman *world, gs_game *game);

/* Writes the legal actions of `agent` in `state` (pacman.py's order) into
 * out (room for GS_PAC_NUM_DIRS) and returns how many. */
GS_API int gs_pacman_legal(const gs_pacman *world, const void *state, int agent,
                           int *out);

/*
 * Applies `action` of `agent` to `state` in place, exactly as pacman.py's
 * generateSuccessor: move, eat, scare, the time penalty, collisions, the
 * scared timer, the score, and the turn passes to the next agent. GS_OK, or
 * GS_EINVAL when the game is over, it is not `agent`'s turn, or the action
 * is not legal (the state is then unchanged). A ghost walled in on every
 * side has no legal action (pacman.py stops with an error there); here it
 * may pass with GS_PAC_STOP: it stays put and its scared timer counts down.
 */
GS_API int gs_pacman_apply(const gs_pacman *world, void *state, int agent,
                           int action);

GS_API int gs_pacman_to_move(const gs_pacman *world, const void *state);
GS_API int gs_pacman_score(const gs_pacman *world, const void *state);
GS_API bool gs_pacman_is_win(const gs_pacman *world, const void *state);
GS_API bool gs_pacman_is_lose(const gs_pacman *world, const void *state);
/* Doubled position and direction (its last move; Stop at the start). */
GS_API void gs_pacman_position(const gs_pacman *world, const void *state, int agent,
                               int *x2, int *y2);
GS_API int gs_pacman_direction(const gs_pacman *world, const void *state, int agent);
/* A ghost's scared timer (0 for Pacman). */
GS_API int gs_pacman_scared(const gs_pacman *world, const void *state, int agent);
GS_API bool gs_pacman_food(const gs_pacman *world, const void *state, int x, int y);
GS_API bool gs_pacman_capsule(const gs_pacman *world, const void *state, int x,
                              int y);
GS_API int gs_pacman_food_left(const gs_pacman *world, const void *state);
GS_API int gs_pacman_capsules_left(const gs_pacman *world, const void *state);

/* pacman.py's state equality and hash: positions, directions, scared
 * timers, food, capsules and score (not whose turn it is). */
GS_API bool gs_pacman_state_equal(const gs_pacman *world, const void *a,
                                  const void *b);
GS_API uint64_t gs_pacman_state_hash(const gs_pacman *world, const void *state);

/* ---- Ghost agents ---- */

typedef enum gs_pac_ghost {
    GS_PAC_RANDOM_GHOST = 0,       /* uniform over its legal actions */
    GS_PAC_DIRECTIONAL_GHOST = 1   /* 0.8 towards Pacman (away when
                                      scared), 0.2 spread over all */
} gs_pac_ghost;

/*
 * The ghost's distribution over its legal actions, computed as pacman.py
 * computes it (normalised the same way, to the last bit): actions in legal
 * order in out[], their probabilities in p[]; returns how many (0 when the
 * ghost has no legal action).
 */
GS_API int gs_pacman_ghost_distribution(const gs_pacman *world, const void *state,
                                        int agent, gs_pac_ghost kind, int *out,
                                        double *p);

/*
 * The ghost's move, drawn as pacman.py draws it: one random() walked along
 * the distribution with the actions sorted by name (East, North, South,
 * West). Returns GS_PAC_STOP when the ghost has no legal action (and then
 * draws nothing).
 */
GS_API int gs_pacman_ghost_action(const gs_pacman *world, const void *state,
                                  int agent, gs_pac_ghost kind, gs_pyrandom *rng);

/* ---- Searching the world ---- */

typedef enum gs_pac_eval {
    /* pacman.py's scoreEvaluationFunction: the game score. */
    GS_PAC_EVAL_SCORE = 0,
    /* Ours for CS188's question 5 (betterEvaluationFunction): maze
     * distances to food, capsules, scared ghosts worth chasing, active
     * ghosts to avoid. */
    GS_PAC_EVAL_BETTER = 1,
    /* The evaluation of a state a ReflexAgent moves into (question 1). */
    GS_PAC_EVAL_REFLEX = 2,
    /* The champion agent's evaluation. */
    GS_PAC_EVAL_CHAMPION = 3
} gs_pac_eval;

typedef enum gs_pac_ghost_model {
    /* Ghosts minimise: minimax and alpha-beta (the engine's expectimax
     * turns them into uniform chance nodes itself). */
    GS_PAC_GHOSTS_MIN = 0,
    /* Ghosts are chance nodes with RandomGhost's uniform distribution. */
    GS_PAC_GHOSTS_RANDOM = 1,
    /* Ghosts are chance nodes with DirectionalGhost's distribution. */
    GS_PAC_GHOSTS_DIRECTIONAL = 2
} gs_pac_ghost_model;

/*
 * An evaluation of the caller's: the value of `state` from Pacman's side
 * (a function of the state alone, as a search needs). `user` is what was
 * given with it.
 */
typedef double (*gs_pac_eval_fn)(void *user, const gs_pacman *world,
                                 const void *state);

/* How a search sees the world. The caller fills it in and keeps it alive
 * as long as the game made from it. */
typedef struct gs_pac_search_game {
    const gs_pacman *world;
    gs_pac_eval eval;
    gs_pac_ghost_model ghosts;
    /* When not NULL, every leaf is valued by evaluate(evaluate_user,
     * world, state) instead of by `eval`. */
    gs_pac_eval_fn evaluate;
    void *evaluate_user;
} gs_pac_search_game;

/*
 * Fills *game like gs_pacman_game, but every leaf (a win, a loss, the
 * cutoff, an agent without legal action) is valued by sg->evaluate when it
 * is set, else by sg->eval, and the
 * ghosts are MIN or CHANCE agents as sg->ghosts says. Each agent's own
 * utility (max^n, paranoid, best-reply search): Pacman's is that same
 * leaf value, each ghost's as gs_pacman_game scores it.
 */
GS_API void gs_pacman_search_game(const gs_pac_search_game *sg, gs_game *game);

/* The evaluation of `state` from Pacman's side (what each looks at:
 * games/pacman/eval.c). A function of the state alone, thread-safe. Its
 * searches of the maze go only as far as the evaluation needs, in scratch
 * memory the world keeps (one area per thread evaluating at once, from the
 * world's allocator, freed with the world); the value is the same with or
 * without the table of distances below. */
GS_API double gs_pacman_evaluate(const gs_pacman *world, const void *state,
                                 gs_pac_eval eval);

/* The maze distance between two cells (steps through cells that are not
 * walls), or -1 when one is a wall (or off the maze) or they are not
 * connected. A world of at most 4096 open cells holds all of them (made by
 * gs_pacman_new: up to 32 MiB); a larger one searches each time, in
 * scratch memory from the world's allocator, and answers -1 when it cannot
 * have it. */
GS_API int gs_pacman_maze_distance(const gs_pacman *world, int x1, int y1, int x2,
                                   int y2);

#ifdef __cplusplus
}
#endif

#endif /* GAMESEARCH_PACMAN_H */
