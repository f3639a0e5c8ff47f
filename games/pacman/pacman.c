/*
 * games/pacman/pacman.c: the CS188 Pacman world (pacman.py v1.004 and its
 * game.py): the world built from a layout, states, the rules of a move,
 * pacman.py's state equality, and the game callbacks. The ghost agents are
 * in ghosts.c; the state's bytes are drawn in pacman_internal.h.
 *
 * The rules, as pacman.py's GameState.generateSuccessor applies them:
 *
 *   Legal actions (Actions.getPossibleActions): an agent between two cells
 *   (an odd doubled coordinate) may only go on in its direction; on a cell,
 *   every direction in the order West, Stop, East, North, South whose next
 *   cell is not a wall. Ghosts (GhostRules.getLegalActions) drop Stop, and
 *   drop the reverse of their direction unless it is the only move left.
 *
 *   Pacman's move: one cell (a Stop keeps his direction); he eats what lies
 *   on the cell nearest to him: food +10, and the last food +500 and the
 *   win; a capsule sets every ghost's scared timer to 40. Then the time
 *   penalty -1, then every ghost within 0.7 (Manhattan) collides with him,
 *   in agent order.
 *
 *   A ghost's move: one cell, half a cell while scared; then its timer
 *   counts down (the move that takes it from 1 to 0 also puts the ghost on
 *   the nearest cell, a half rounding up); then only this ghost may collide.
 *
 *   A collision with a scared ghost: +200 and the ghost goes back to its
 *   start, direction Stop, timer 0. With any other ghost: -500 and the loss,
 *   unless Pacman has just won. Each colliding ghost counts: two active
 *   ghosts on Pacman cost -1000.
 *
 * Positions are doubled (see gamesearch/pacman.h), so every rule above is
 * integer arithmetic: "within 0.7" is a doubled distance of at most 1, and
 * the nearest cell of a doubled coordinate c is c rounded up to even.
 *
 * Cells off the maze count as walls. (pacman.py never looks there in a
 * maze whose border is walls, as every CS188 layout's is; in other mazes it
 * would index out of its grid.)
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pacman_internal.h"

static const char *const dir_names[GS_PAC_NUM_DIRS] = {
    "West", "Stop", "East", "North", "South"
};

static const int dir_dx[GS_PAC_NUM_DIRS] = {-1, 0, 1, 0, 0};
static const int dir_dy[GS_PAC_NUM_DIRS] = {0, 0, 0, 1, -1};
static const int dir_reverse[GS_PAC_NUM_DIRS] = {
    GS_PAC_EAST, GS_PAC_STOP, GS_PAC_WEST, GS_PAC_SOUTH, GS_PAC_NORTH
};

/* "West", "Stop", ... or NULL for a bad direction. */
const char *gs_pac_dir_name(int dir)
{
    return dir >= 0 && dir < GS_PAC_NUM_DIRS ? dir_names[dir] : NULL;
}

static int lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* The direction named `name` (any case), or -1. */
int gs_pac_dir_parse(const char *name)
{
    if (!name)
        return -1;
    for (int d = 0; d < GS_PAC_NUM_DIRS; d++) {
        const char *a = dir_names[d], *b = name;
        while (*a && lower((unsigned char)*a) == lower((unsigned char)*b)) {
            a++;
            b++;
        }
        if (!*a && !*b)
            return d;
    }
    return -1;
}

void pac_dir_vector(int dir, int *dx, int *dy)
{
    assert(dir >= 0 && dir < GS_PAC_NUM_DIRS);
    *dx = dir_dx[dir];
    *dy = dir_dy[dir];
}

/* ---- States: access to the blob ----------------------------------------- */

static inline const pac_state *cstate(const void *state)
{
    return state;
}

static inline pac_state *mstate(void *state)
{
    return state;
}

static inline const uint64_t *cfood(const gs_pacman *w, const pac_state *s)
{
    return (const uint64_t *)(const void *)((const char *)s + w->food_off);
}

static inline uint64_t *mfood(const gs_pacman *w, pac_state *s)
{
    return (uint64_t *)(void *)((char *)s + w->food_off);
}

static inline const uint64_t *ccaps(const gs_pacman *w, const pac_state *s)
{
    return (const uint64_t *)(const void *)((const char *)s + w->caps_off);
}

static inline uint64_t *mcaps(const gs_pacman *w, pac_state *s)
{
    return (uint64_t *)(void *)((char *)s + w->caps_off);
}

static inline bool bit_get(const uint64_t *bits, int i)
{
    return (bits[i >> 6] >> (i & 63)) & 1u;
}

static inline void bit_clear(uint64_t *bits, int i)
{
    bits[i >> 6] &= ~((uint64_t)1 << (i & 63));
}

static int popcount64(uint64_t v)
{
    int n = 0;
    while (v) {
        v &= v - 1;
        n++;
    }
    return n;
}

static int count_bits(const uint64_t *bits, int words)
{
    int n = 0;
    for (int i = 0; i < words; i++)
        n += popcount64(bits[i]);
    return n;
}

static inline bool on_maze(const gs_pacman *w, int x, int y)
{
    return x >= 0 && y >= 0 && x < w->width && y < w->height;
}

static inline size_t cell_index(const gs_pacman *w, int x, int y)
{
    return (size_t)y * (size_t)w->width + (size_t)x;
}

static bool is_wall(const gs_pacman *w, int x, int y)
{
    return !on_maze(w, x, y) || w->wall[cell_index(w, x, y)];
}

/* ---- The world ------------------------------------------------------------ */

/*
 * A world: `layout` with its first min(num_ghosts, ghosts in the layout)
 * ghosts in pacman.py's order. alloc may be NULL (the C library's). GS_OK
 * and *out; GS_EINVAL (num_ghosts < 0, or a NULL argument); GS_ENOMEM. On
 * failure *out is NULL and nothing is leaked. The world does not keep the
 * layout. It is one allocation, which holds the maze distances between all
 * open cells when there are at most PAC_DIST_TABLE_MAX of them (found here,
 * by one breadth-first search from each).
 */
int gs_pacman_new(const gs_pac_layout *layout, int num_ghosts,
                  const gs_allocator *alloc, gs_pacman **out)
{
    if (!out)
        return GS_EINVAL;
    *out = NULL;
    if (!layout || num_ghosts < 0)
        return GS_EINVAL;
    if (!alloc)
        alloc = gs_default_allocator();
    if (!alloc->fn)
        return GS_EINVAL;

    const size_t ncells = (size_t)layout->width * (size_t)layout->height;
    size_t nopen = 0;
    for (size_t c = 0; c < ncells; c++)
        nopen += layout->cells[c] != CELL_WALL;
    const size_t nfood = (size_t)layout->num_food;
    const size_t ncaps = (size_t)layout->num_capsules;
    /* Every open cell to every other, when there are few enough. */
    const size_t ndist = nopen <= PAC_DIST_TABLE_MAX ? nopen * nopen : 0;
    /* One block: the struct; food_at, capsule_at, open_at (per cell),
     * open_cell, food_open and caps_open (int32); the distances (uint16);
     * then wall (bytes). Each part is aligned for what follows it. */
    const size_t bytes = sizeof(gs_pacman) + sizeof(pac_pool) +
                         (3 * ncells + nopen + nfood + ncaps) * sizeof(int32_t) +
                         ndist * sizeof(uint16_t) + ncells;
    gs_pacman *w = alloc->fn(alloc->user, NULL, 0, bytes);
    if (!w)
        return GS_ENOMEM;
    memset(w, 0, bytes);
    atomic_init(&((pac_pool *)(void *)(w + 1))->busy, false);
    w->alloc = *alloc;
    w->bytes = bytes;
    w->width = layout->width;
    w->height = layout->height;
    int ghosts = num_ghosts < layout->num_ghosts ? num_ghosts
                                                 : layout->num_ghosts;
    w->num_agents = 1 + ghosts;
    w->pool = (pac_pool *)(void *)(w + 1);
    w->food_at = (int32_t *)(void *)(w->pool + 1);
    w->capsule_at = w->food_at + ncells;
    w->open_at = w->capsule_at + ncells;
    w->open_cell = w->open_at + ncells;
    w->food_open = w->open_cell + nopen;
    w->caps_open = w->food_open + nfood;
    uint16_t *dist = (uint16_t *)(void *)(w->caps_open + ncaps);
    w->dist = ndist ? dist : NULL;
    w->wall = (uint8_t *)(dist + ndist);

    /* Items and open cells numbered row by row from the bottom, each row
     * left to right. */
    int nf = 0, nk = 0, no = 0;
    for (int y = 0; y < w->height; y++) {
        for (int x = 0; x < w->width; x++) {
            size_t c = cell_index(w, x, y);
            uint8_t kind = layout->cells[c];
            w->wall[c] = kind == CELL_WALL;
            w->open_at[c] = kind == CELL_WALL ? -1 : no;
            if (kind != CELL_WALL)
                w->open_cell[no++] = (int32_t)c;
            if (kind == CELL_FOOD)
                w->food_open[nf] = w->open_at[c];
            if (kind == CELL_CAPSULE)
                w->caps_open[nk] = w->open_at[c];
            w->food_at[c] = kind == CELL_FOOD ? nf++ : -1;
            w->capsule_at[c] = kind == CELL_CAPSULE ? nk++ : -1;
        }
    }
    assert(nf == layout->num_food && nk == layout->num_capsules &&
           (size_t)no == nopen);
    w->num_food = nf;
    w->num_capsules = nk;
    w->num_open = no;
    w->food_words = (nf + 63) / 64;
    w->caps_words = (nk + 63) / 64;
    for (int i = 0; i < w->num_agents; i++)
        w->start[i] = layout->agent[i];
    if (w->dist)
        pac_dist_fill(w);

    w->food_off = sizeof(pac_state) + (size_t)w->num_agents * sizeof(pac_agent);
    w->caps_off = w->food_off + (size_t)w->food_words * sizeof(uint64_t);
    w->state_size = w->caps_off + (size_t)w->caps_words * sizeof(uint64_t);
    *out = w;
    return GS_OK;
}

/* Frees a world (NULL is fine). Games filled from it die with it. */
void gs_pacman_free(gs_pacman *world)
{
    if (!world)
        return;
    gs_allocator a = world->alloc;
    pac_scratch_free_all(world);
    a.fn(a.user, world, world->bytes, 0);
}

/* Pacman and the ghosts kept: 1 + min(-k, ghosts in the layout). */
int gs_pacman_num_agents(const gs_pacman *world)
{
    return world->num_agents;
}

/* The maze's size in cells. */
int gs_pacman_width(const gs_pacman *world)
{
    return world->width;
}

int gs_pacman_height(const gs_pacman *world)
{
    return world->height;
}

/* True for a wall, and for any cell off the maze. */
bool gs_pacman_wall(const gs_pacman *world, int x, int y)
{
    return is_wall(world, x, y);
}

/* 8 + 8 * agents + 8 * (ceil(food / 64) + ceil(capsules / 64)) bytes. */
size_t gs_pacman_state_size(const gs_pacman *world)
{
    return world->state_size;
}

/* The start: every agent on its start cell facing Stop, all food and
 * capsules in place, score 0, Pacman to move. */
void gs_pacman_initial(const gs_pacman *world, void *state)
{
    const gs_pacman *w = world;
    memset(state, 0, w->state_size);
    pac_state *s = mstate(state);
    for (int i = 0; i < w->num_agents; i++) {
        s->agent[i].x2 = (int16_t)(2 * w->start[i].x);
        s->agent[i].y2 = (int16_t)(2 * w->start[i].y);
        s->agent[i].dir = GS_PAC_STOP;
    }
    uint64_t *food = mfood(w, s), *caps = mcaps(w, s);
    for (int i = 0; i < w->num_food; i++)
        food[i >> 6] |= (uint64_t)1 << (i & 63);
    for (int i = 0; i < w->num_capsules; i++)
        caps[i >> 6] |= (uint64_t)1 << (i & 63);
}

/* ---- The rules -------------------------------------------------------------- */

int pac_legal(const gs_pacman *w, const pac_state *s, int agent, int *out)
{
    assert(agent >= 0 && agent < w->num_agents);
    if (s->win || s->lose)
        return 0;
    const pac_agent *a = &s->agent[agent];
    int n = 0;
    if ((a->x2 & 1) || (a->y2 & 1)) {
        /* Between two cells: straight on. */
        out[n++] = a->dir;
    } else {
        int x = a->x2 / 2, y = a->y2 / 2;
        for (int d = 0; d < GS_PAC_NUM_DIRS; d++)
            if (!is_wall(w, x + dir_dx[d], y + dir_dy[d]))
                out[n++] = d;
    }
    if (agent == 0)
        return n;
    /* Ghosts: no Stop, no reverse unless it is the only move. */
    int m = 0;
    for (int i = 0; i < n; i++)
        if (out[i] != GS_PAC_STOP)
            out[m++] = out[i];
    n = m;
    int reverse = dir_reverse[a->dir];
    if (n > 1) {
        m = 0;
        for (int i = 0; i < n; i++)
            if (out[i] != reverse)
                out[m++] = out[i];
        n = m;
    }
    return n;
}

/* Writes the legal actions of `agent` (pacman.py's order) into out (room
 * for GS_PAC_NUM_DIRS) and returns how many: none when the game is over. */
int gs_pacman_legal(const gs_pacman *world, const void *state, int agent,
                    int *out)
{
    return pac_legal(world, cstate(state), agent, out);
}

/* The nearest cell of a doubled coordinate, doubled: pacman.py's
 * int(c + 0.5), which rounds a half up. Coordinates are never negative. */
static int nearest2(int c2)
{
    return (c2 & 1) ? c2 + 1 : c2;
}

/* pacman.py's canKill: Manhattan distance at most 0.7, i.e. a doubled
 * distance of at most 1. */
static bool can_kill(const pac_agent *pac, const pac_agent *ghost)
{
    int d = (pac->x2 > ghost->x2 ? pac->x2 - ghost->x2 : ghost->x2 - pac->x2) +
            (pac->y2 > ghost->y2 ? pac->y2 - ghost->y2 : ghost->y2 - pac->y2);
    return d <= 1;
}

/* pacman.py's collide, adding to *change. */
static void collide(const gs_pacman *w, pac_state *s, int ghost, int *change)
{
    pac_agent *g = &s->agent[ghost];
    if (g->scared > 0) {
        *change += GS_PAC_EAT_GHOST_SCORE;
        g->x2 = (int16_t)(2 * w->start[ghost].x);
        g->y2 = (int16_t)(2 * w->start[ghost].y);
        g->dir = GS_PAC_STOP;
        g->scared = 0;
    } else if (!s->win) {
        *change += GS_PAC_DEATH_SCORE;
        s->lose = 1;
    }
}

/* pacman.py's PacmanRules.consume of cell (x, y), adding to *change. */
static void consume(const gs_pacman *w, pac_state *s, int x, int y,
                    int *change)
{
    if (!on_maze(w, x, y))
        return;
    size_t c = cell_index(w, x, y);
    uint64_t *food = mfood(w, s), *caps = mcaps(w, s);
    int f = w->food_at[c];
    if (f >= 0 && bit_get(food, f)) {
        *change += GS_PAC_FOOD_SCORE;
        bit_clear(food, f);
        if (count_bits(food, w->food_words) == 0 && !s->lose) {
            *change += GS_PAC_WIN_SCORE;
            s->win = 1;
        }
    }
    int k = w->capsule_at[c];
    if (k >= 0 && bit_get(caps, k)) {
        bit_clear(caps, k);
        for (int i = 1; i < w->num_agents; i++)
            s->agent[i].scared = GS_PAC_SCARED_TIME;
    }
}

/* Configuration.generateSuccessor: moves by `step` half cells; a Stop keeps
 * the direction. */
static void move(pac_agent *a, int action, int step)
{
    a->x2 = (int16_t)(a->x2 + dir_dx[action] * step);
    a->y2 = (int16_t)(a->y2 + dir_dy[action] * step);
    if (action != GS_PAC_STOP)
        a->dir = (uint8_t)action;
}

/*
 * Applies `action` of `agent` in place, as pacman.py's generateSuccessor.
 * GS_OK, or GS_EINVAL (the state unchanged) when the game is over, it is
 * not `agent`'s turn, or the action is not legal. One exception to
 * legality: a ghost with no legal action at all (walled in on every side,
 * where pacman.py would stop with an error) may pass with GS_PAC_STOP, the
 * action gs_pacman_ghost_action gives it; it stays where it is and its
 * timer still counts down.
 */
int gs_pacman_apply(const gs_pacman *world, void *state, int agent,
                    int action)
{
    const gs_pacman *w = world;
    pac_state *s = mstate(state);
    if (s->win || s->lose || agent < 0 || agent >= w->num_agents ||
        agent != s->turn || action < 0 || action >= GS_PAC_NUM_DIRS)
        return GS_EINVAL;
    int legal[GS_PAC_NUM_DIRS];
    int n = pac_legal(w, s, agent, legal);
    bool ok = agent > 0 && n == 0 && action == GS_PAC_STOP;
    for (int i = 0; i < n && !ok; i++)
        ok = legal[i] == action;
    if (!ok)
        return GS_EINVAL;
    pac_apply(w, s, agent, action);
    return GS_OK;
}

/* gs_pacman_apply's move itself, for an action known to be legal (the
 * searches take their actions from pac_legal: checking them again would
 * cost as much as finding them). */
void pac_apply(const gs_pacman *w, pac_state *s, int agent, int action)
{
    int change = 0;
    pac_agent *pac = &s->agent[0];
    if (agent == 0) {
        move(pac, action, 2);
        int nx2 = nearest2(pac->x2), ny2 = nearest2(pac->y2);
        if ((nx2 - pac->x2) + (ny2 - pac->y2) <= 1)   /* within 0.5 */
            consume(w, s, nx2 / 2, ny2 / 2, &change);
        change -= GS_PAC_TIME_PENALTY;
        for (int g = 1; g < w->num_agents; g++)
            if (can_kill(pac, &s->agent[g]))
                collide(w, s, g, &change);
    } else {
        pac_agent *g = &s->agent[agent];
        move(g, action, g->scared > 0 ? 1 : 2);
        if (g->scared == 1) {
            g->x2 = (int16_t)nearest2(g->x2);
            g->y2 = (int16_t)nearest2(g->y2);
        }
        if (g->scared > 0)
            g->scared--;
        if (can_kill(pac, g))
            collide(w, s, agent, &change);
    }
    s->score += change;
    s->turn = (uint8_t)((agent + 1) % w->num_agents);
}

/* ---- Reading a state ---------------------------------------------------------- */

/* The agent to move (it keeps turning after the game is over). */
int gs_pacman_to_move(const gs_pacman *world, const void *state)
{
    (void)world;
    return cstate(state)->turn;
}

/* The score, as pacman.py counts it. */
int gs_pacman_score(const gs_pacman *world, const void *state)
{
    (void)world;
    return cstate(state)->score;
}

/* pacman.py's isWin and isLose: never both. */
bool gs_pacman_is_win(const gs_pacman *world, const void *state)
{
    (void)world;
    return cstate(state)->win != 0;
}

bool gs_pacman_is_lose(const gs_pacman *world, const void *state)
{
    (void)world;
    return cstate(state)->lose != 0;
}

/* The doubled position of `agent`. */
void gs_pacman_position(const gs_pacman *world, const void *state, int agent,
                        int *x2, int *y2)
{
    assert(agent >= 0 && agent < world->num_agents);
    (void)world;
    const pac_agent *a = &cstate(state)->agent[agent];
    *x2 = a->x2;
    *y2 = a->y2;
}

/* The direction of the agent's last move that was not a Stop (Stop at the
 * start and after a ghost is sent home). */
int gs_pacman_direction(const gs_pacman *world, const void *state, int agent)
{
    assert(agent >= 0 && agent < world->num_agents);
    (void)world;
    return cstate(state)->agent[agent].dir;
}

/* Moves left scared (0 for Pacman and for a ghost that is not). */
int gs_pacman_scared(const gs_pacman *world, const void *state, int agent)
{
    assert(agent >= 0 && agent < world->num_agents);
    (void)world;
    return cstate(state)->agent[agent].scared;
}

/* Food on cell (x, y)? False off the maze. */
bool gs_pacman_food(const gs_pacman *world, const void *state, int x, int y)
{
    if (!on_maze(world, x, y))
        return false;
    int f = world->food_at[cell_index(world, x, y)];
    return f >= 0 && bit_get(cfood(world, cstate(state)), f);
}

/* A capsule on cell (x, y)? False off the maze. */
bool gs_pacman_capsule(const gs_pacman *world, const void *state, int x,
                       int y)
{
    if (!on_maze(world, x, y))
        return false;
    int k = world->capsule_at[cell_index(world, x, y)];
    return k >= 0 && bit_get(ccaps(world, cstate(state)), k);
}

/* Food dots and capsules not eaten yet. */
int gs_pacman_food_left(const gs_pacman *world, const void *state)
{
    return count_bits(cfood(world, cstate(state)), world->food_words);
}

int gs_pacman_capsules_left(const gs_pacman *world, const void *state)
{
    return count_bits(ccaps(world, cstate(state)), world->caps_words);
}

/* ---- Equality and hashing --------------------------------------------------- */

/* pacman.py's GameStateData.__eq__: every agent's position, direction and
 * scared timer, the food, the capsules and the score; not the turn, nor
 * the win and loss flags (which follow from the rest on any path). */
bool gs_pacman_state_equal(const gs_pacman *world, const void *a,
                           const void *b)
{
    const pac_state *x = cstate(a), *y = cstate(b);
    if (x->score != y->score)
        return false;
    for (int i = 0; i < world->num_agents; i++) {
        const pac_agent *p = &x->agent[i], *q = &y->agent[i];
        if (p->x2 != q->x2 || p->y2 != q->y2 || p->dir != q->dir ||
            p->scared != q->scared)
            return false;
    }
    size_t items = world->state_size - world->food_off;
    return memcmp((const char *)x + world->food_off,
                  (const char *)y + world->food_off, items) == 0;
}

/* A step of the hash: mixes v into h (a multiply-xorshift in the manner of
 * splitmix64's finaliser). */
static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
    h ^= h >> 30;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 27;
    h *= 0x94D049BB133111EBull;
    h ^= h >> 31;
    return h;
}

/* A hash of exactly what gs_pacman_state_equal compares. */
uint64_t gs_pacman_state_hash(const gs_pacman *world, const void *state)
{
    const pac_state *s = cstate(state);
    uint64_t h = mix(0x7061636D616E2D68ull, (uint64_t)(uint32_t)s->score);
    for (int i = 0; i < world->num_agents; i++) {
        const pac_agent *a = &s->agent[i];
        uint64_t v = (uint64_t)(uint16_t)a->x2 |
                     (uint64_t)(uint16_t)a->y2 << 16 |
                     (uint64_t)a->dir << 32 |
                     (uint64_t)(uint16_t)a->scared << 40;
        h = mix(h, v);
    }
    const uint64_t *food = cfood(world, s), *caps = ccaps(world, s);
    for (int i = 0; i < world->food_words; i++)
        h = mix(h, food[i]);
    for (int i = 0; i < world->caps_words; i++)
        h = mix(h, caps[i]);
    return h;
}

/* ---- The game callbacks ----------------------------------------------------- */

static int cb_to_move(const void *ctx, const void *state)
{
    (void)ctx;
    return cstate(state)->turn;
}

static gs_role cb_role(const void *ctx, int agent)
{
    (void)ctx;
    return agent == 0 ? GS_ROLE_MAX : GS_ROLE_MIN;
}

static bool cb_is_terminal(const void *ctx, const void *state)
{
    (void)ctx;
    const pac_state *s = cstate(state);
    return s->win || s->lose;
}

static int cb_actions(const void *ctx, const void *state, gs_action *out)
{
    const gs_pacman *w = ctx;
    const pac_state *s = cstate(state);
    int legal[GS_PAC_NUM_DIRS];
    int n = pac_legal(w, s, s->turn, legal);
    for (int i = 0; i < n; i++)
        out[i] = legal[i];
    return n;
}

static void cb_apply(const void *ctx, const void *state, gs_action action,
                     void *child)
{
    const gs_pacman *w = ctx;
    memcpy(child, state, w->state_size);
    pac_apply(w, mstate(child), cstate(state)->turn, (int)action);
}

static double cb_value(const void *ctx, const void *state)
{
    (void)ctx;
    return (double)cstate(state)->score;
}

/*
 * Each agent's own utility, for the searches of more than two players:
 * Pacman's is the score; a ghost's is PAC_CATCH if it is the one that
 * caught Pacman (a loss, the ghost within reach and not scared), and
 * otherwise minus its Manhattan distance to Pacman in cells (each ghost
 * wants to be the one that catches him).
 */
#define PAC_CATCH 500.0

void pac_utilities(const gs_pacman *w, const void *state, double *out)
{
    const pac_state *s = cstate(state);
    const pac_agent *pac = &s->agent[0];
    out[0] = (double)s->score;
    for (int i = 1; i < w->num_agents; i++) {
        const pac_agent *g = &s->agent[i];
        int d2 = abs(pac->x2 - g->x2) + abs(pac->y2 - g->y2);
        out[i] = s->lose && g->scared == 0 && can_kill(pac, g)
                     ? PAC_CATCH : -(double)d2 / 2.0;
    }
}

/* Best-reply search's move out of turn: any agent may move next while
 * the others pass, until the game is over. */
bool pac_turn_to(const gs_pacman *w, const void *state, int agent, void *out)
{
    const pac_state *s = cstate(state);
    if (s->win || s->lose)
        return false;
    memcpy(out, state, w->state_size);
    mstate(out)->turn = (uint8_t)agent;
    return true;
}

static void cb_utilities(const void *ctx, const void *state, double *out)
{
    pac_utilities(ctx, state, out);
}

static bool cb_turn_to(const void *ctx, const void *state, int agent,
                       void *out)
{
    return pac_turn_to(ctx, state, agent, out);
}

/* The engine's table also needs whose turn it is and whether the game is
 * over: mixed into pacman.py's hash. */
uint64_t pac_engine_hash(const gs_pacman *w, const void *state)
{
    const pac_state *s = cstate(state);
    uint64_t extra = (uint64_t)s->turn | (uint64_t)s->win << 8 |
                     (uint64_t)s->lose << 9;
    return mix(gs_pacman_state_hash(w, state), extra);
}

static uint64_t cb_hash(const void *ctx, const void *state)
{
    return pac_engine_hash(ctx, state);
}

static int cb_action_name(const void *ctx, const void *state,
                          gs_action action, char *buf, size_t size)
{
    (void)ctx;
    (void)state;
    const char *name = gs_pac_dir_name((int)action);
    return snprintf(buf, size, "%s", name ? name : "?");
}

/* Fills *game: Pacman MAX, ghosts MIN, pacman.py's legal order, terminal
 * at a win or a loss, value the score, no bounds, chance sums added as
 * pacman.py adds them (plainly, left to right), so that expectimax agents
 * choose as the reference agents do; each agent's utility (cb_utilities)
 * and moves out of turn (cb_turn_to) for max^n, paranoid and best-reply
 * search. */
void gs_pacman_game(const gs_pacman *world, gs_game *game)
{
    memset(game, 0, sizeof *game);
    game->version = GS_GAME_VERSION;
    game->ctx = world;
    game->state_size = world->state_size;
    game->num_agents = world->num_agents;
    game->max_actions = GS_PAC_NUM_DIRS;
    game->to_move = cb_to_move;
    game->role = cb_role;
    game->is_terminal = cb_is_terminal;
    game->actions = cb_actions;
    game->apply = cb_apply;
    game->value = cb_value;
    game->hash = cb_hash;
    game->action_name = cb_action_name;
    game->has_bounds = false;
    game->plain_chance_sums = true;
    game->utilities = cb_utilities;
    game->turn_to = cb_turn_to;
}
