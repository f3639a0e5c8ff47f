/*
 * games/pacman/pacman_internal.h: the layout of a parsed maze, of a world
 * and of its states, shared by the layout reader (layout.c), the rules
 * (pacman.c) and the ghost agents (ghosts.c). Private to games/pacman:
 * nothing outside this directory includes it.
 *
 * Cells. (x, y) with (0, 0) the bottom-left cell, as pacman.py counts them:
 * the first row of the file is y = height - 1. Cell (x, y) is index
 * y * width + x of the per-cell arrays.
 *
 * Positions are doubled: (x2, y2) = (2x, 2y). A scared ghost moves half a
 * cell a move, so an odd coordinate means "between two cells".
 *
 * Items. The food dots are numbered in the order pacman.py's layout reader
 * meets them (rows from the bottom, each left to right), and so are the
 * capsules (pacman.py keeps them in a list in that order); a state keeps
 * one bit per item, so a state is small even on a large maze.
 *
 * A state is one blob of gs_pacman_state_size() bytes:
 *
 *   offset 0   int32   score
 *          4   uint8   turn     the agent to move (0 Pacman, 1.. ghosts)
 *          5   uint8   win      pacman.py's _win
 *          6   uint8   lose     pacman.py's _lose
 *          7   uint8   zero     always 0
 *          8   pac_agent agent[num_agents]   8 bytes each (below)
 *    food_off  uint64  food[food_words]      bit i: food dot i is there
 *    caps_off  uint64  caps[caps_words]      bit i: capsule i is there
 *
 * Every byte is defined (padding is zero), so states can be compared and
 * copied as bytes; bits past the last item are always 0.
 *
 * Maze distances (distance.c). The open cells (not walls) are numbered
 * row by row from the bottom, each row left to right, as the items are.
 * When there are at most PAC_DIST_TABLE_MAX of them, the world keeps the
 * distance between every two of them: row i of `dist` (num_open entries)
 * holds the steps from open cell i to each open cell, PAC_DIST_NONE where
 * there is no path. Larger mazes have no table (dist == NULL) and search
 * on demand.
 *
 * Searches on demand need room: a mark, a distance and a queue entry per
 * open cell. The world keeps a pool of such scratch areas (pac_scratch,
 * behind a lock: the world is shared by threads), so that an evaluation
 * takes one, searches only as far as it needs, and gives it back, without
 * clearing anything: a cell counts as reached in a search when its mark
 * is the search's generation number.
 */
#ifndef GAMESEARCH_PACMAN_INTERNAL_H
#define GAMESEARCH_PACMAN_INTERNAL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gamesearch/pacman.h"

/* Pacman and the most ghosts. */
#define PAC_MAX_AGENTS (1 + GS_PAC_MAX_GHOSTS)

/* Worlds with at most this many open cells keep a table of all maze
 * distances: 4096 cells make 32 MiB of uint16, the most worth spending on
 * a world; CS188's largest layout has 294. */
#define PAC_DIST_TABLE_MAX 4096

/* "No path" in a distance row. */
#define PAC_DIST_NONE UINT16_MAX

/* Room for searches on demand (distance.c): per open cell, the generation
 * of the search that last reached it, its distance there, and a queue. */
typedef struct pac_scratch {
    struct pac_scratch *next;   /* in the pool's free list */
    uint32_t gen;               /* the current search's generation */
    uint32_t *mark;
    uint16_t *dist;
    uint8_t *side;              /* safe_race: 0 Pacman's, 1 a ghost's */
    int32_t *queue;
    size_t bytes;               /* of this block */
} pac_scratch;

/* The lock is a flag taken by swapping it (distance.c): it is held for a
 * few instructions, and it needs no thread library, so the world is safe
 * to share in a build without threads too (GS_THREADS=OFF), whose callers
 * may still run searches on threads of their own. */
typedef struct pac_pool {
    atomic_bool busy;           /* the lock: free is being changed */
    pac_scratch *free;          /* scratch areas not in use */
} pac_pool;

/* What a cell of a layout holds. */
enum {
    CELL_FLOOR = 0,
    CELL_WALL = 1,
    CELL_FOOD = 2,
    CELL_CAPSULE = 3
};

/* An agent's start: a cell. */
typedef struct pac_cell {
    int16_t x, y;
} pac_cell;

struct gs_pac_layout {
    gs_allocator alloc;
    size_t bytes;         /* the size of this block, cells included */
    int width, height;
    int num_ghosts;       /* ghosts in the file */
    int num_food, num_capsules;
    /* Pacman, then the ghosts in pacman.py's order: sorted by (kind, x, y)
     * with kind 1 for 'G' and '1', 2 for '2', ..., 4 for '4'. */
    pac_cell agent[PAC_MAX_AGENTS];
    /* CELL_* of cell (x, y) at y * width + x. */
    uint8_t *cells;
};

/* One agent in a state. */
typedef struct pac_agent {
    int16_t x2, y2;     /* doubled position */
    uint8_t dir;        /* GS_PAC_*: the direction of its last move */
    uint8_t zero;       /* always 0 */
    int16_t scared;     /* ghosts: moves left scared; Pacman: 0 */
} pac_agent;

typedef struct pac_state {
    int32_t score;
    uint8_t turn;
    uint8_t win;
    uint8_t lose;
    uint8_t zero;
    pac_agent agent[];
} pac_state;

_Static_assert(sizeof(pac_agent) == 8, "an agent is 8 bytes");
_Static_assert(sizeof(pac_state) == 8, "the state header is 8 bytes");

struct gs_pacman {
    gs_allocator alloc;
    size_t bytes;             /* the size of this block, arrays included */
    int width, height;
    int num_agents;           /* 1 + ghosts */
    int num_food, num_capsules;
    int food_words, caps_words;
    size_t food_off, caps_off;  /* byte offsets of the bitsets in a state */
    size_t state_size;
    pac_cell start[PAC_MAX_AGENTS];
    /* Per cell (y * width + x): */
    uint8_t *wall;            /* 1 for a wall */
    int32_t *food_at;         /* the food dot there, or -1 */
    int32_t *capsule_at;      /* the capsule there, or -1 */
    int32_t *open_at;         /* its number among the open cells, or -1 */
    /* Per open cell: its cell index. */
    int32_t *open_cell;
    int num_open;
    /* The open cell of each food dot and of each capsule. */
    int32_t *food_open;
    int32_t *caps_open;
    /* num_open rows of num_open distances, or NULL (see above). */
    uint16_t *dist;
    /* Scratch for searches on demand (in this block; its lists are not). */
    pac_pool *pool;
};

/* The legal actions of `agent` in `s` (pacman.py's order) into out;
 * returns how many. Shared by the rules and the ghost agents. */
int pac_legal(const gs_pacman *w, const pac_state *s, int agent, int *out);
/* Applies a legal action of the agent to move (gs_pacman_apply without its
 * checks, for the searches' own actions). */
void pac_apply(const gs_pacman *w, pac_state *s, int agent, int action);

/* Each agent's utility of `state` into out (num_agents values: Pacman's
 * the score, a ghost's PAC_CATCH when it caught him, otherwise minus its
 * distance to him), and the state with `agent` to move while the others
 * pass (false once the game is over): gs_game's utilities and turn_to
 * (pacman.c). */
void pac_utilities(const gs_pacman *w, const void *state, double *out);
bool pac_turn_to(const gs_pacman *w, const void *state, int agent, void *out);

/* The vector of a direction, in cells. */
void pac_dir_vector(int dir, int *dx, int *dy);

/* The hash the engine's table gets: pacman.py's hash with the turn and
 * the end of the game mixed in (pacman.c). */
uint64_t pac_engine_hash(const gs_pacman *w, const void *state);

/* Breadth-first search from open cell `from`: dist[j] = the steps to open
 * cell j, PAC_DIST_NONE when unreachable; queue has room for num_open
 * entries (distance.c). */
void pac_bfs(const gs_pacman *w, int from, uint16_t *dist, int32_t *queue);

/* Fills w->dist (which must be allocated) from the walls (distance.c). */
void pac_dist_fill(gs_pacman *w);

/* A scratch area from the world's pool, with a generation of its own
 * (NULL when memory cannot be had); and back to the pool. */
pac_scratch *pac_scratch_take(const gs_pacman *w);
void pac_scratch_give(const gs_pacman *w, pac_scratch *s);
/* A new generation for the next search in s: no cell is reached yet. */
void pac_scratch_renew(const gs_pacman *w, pac_scratch *s);
/* Frees the pool's scratch areas (gs_pacman_free). */
void pac_scratch_free_all(gs_pacman *w);

#endif /* GAMESEARCH_PACMAN_INTERNAL_H */
