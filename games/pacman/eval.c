/*
 * games/pacman/eval.c: the evaluation functions of CS188's multi-agent
 * project and the Pacman world as a game for the engine's searches.
 *
 * Every evaluation is a function of the state alone (as CS188's
 * evaluationFunction(currentGameState) is), from Pacman's side, and is
 * read at every leaf of a search: a depth cutoff, a win or a loss. They
 * look at the world through one set of features (struct features below),
 * measured with maze distances (distance.c), never Manhattan ones: a
 * ghost behind a wall is far away, and food across a wall is not near.
 *
 *   SCORE     the game score: pacman.py's scoreEvaluationFunction.
 *
 *   BETTER    ours for question 5 (betterEvaluationFunction), for a
 *             depth-2 expectimax against RandomGhosts. The score is the
 *             base (it already counts the food and ghosts eaten, the time,
 *             the win and the death); on top of it:
 *             - each dot left a penalty (20, beyond the 10 the score
 *               gives when it is eaten), so that eating a dot is always
 *               worth more than the jump of the nearest-dot distance it
 *               causes;
 *             - the maze distance to the nearest dot, so that a search
 *               that reaches no dot within its depth still walks towards
 *               one instead of dithering;
 *             - each capsule left a small penalty: eaten when it is on
 *               the way, never a detour worth a risk;
 *             - a scared ghost Pacman can catch before its timer runs out
 *               (twice its maze distance below the moves it stays scared:
 *               it flees at half speed) is a bonus that grows as Pacman
 *               closes in, smaller than the catch's +200 so that catching
 *               beats hovering;
 *             - an active ghost a step away (it may step onto Pacman next)
 *               costs 150, two steps away 20: a depth-2 search sees the
 *               death only along the ghost moves that cause it, and a
 *               random ghost takes them a third of the time or so;
 *             - a loss costs 1000 more and a win earns 500, and the dots
 *               left count at the end too, so that a death never looks
 *               better than living on with much food left.
 *
 *   REFLEX    what a ReflexAgent (question 1) sees of the state it moves
 *             into, one move deep: the score, the food left, the distance
 *             to the nearest dot, and an active ghost a step away (or on
 *             Pacman) as a disaster: the agent never looks further, so the
 *             ghost that could catch it next move must outweigh any dot.
 *
 *   CHAMPION  the ChampionAgent's, for a deep expectimax that models
 *             DirectionalGhosts exactly. The search sees the ghosts' hunt
 *             itself as far as it looks; what it cannot see is a trap
 *             closing beyond its horizon. So on top of BETTER's features
 *             (weighted for hunting ghosts) it counts Pacman's territory:
 *             the open cells he reaches strictly before every active
 *             ghost. Two ghosts closing a corridor from both ends leave
 *             him a handful of cells long before either is near; fewer
 *             than 14 cells cost quadratically more the fewer they are,
 *             never as much as a death. The nearest dot weighs less the
 *             further it is and never as much as a dot, so that eating
 *             one always pays, even when the next is across the maze.
 *             A capsule is kept while the ghosts are far (it is the way
 *             to +200 later) and walked to when one comes within 6 steps;
 *             scared ghosts are chased hard (up to 180).
 *
 * The weights sit together below, each with why it has its value.
 */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "pacman_internal.h"

/* ---- Weights -------------------------------------------------------------- */

typedef struct weights {
    double food_left;      /* per dot left (on top of the score's 10 a dot) */
    double near_food;      /* per step to the nearest dot; with
                              near_food_half > 0, the most the nearest dot's
                              distance d costs: near_food * d / (d + half) */
    double near_food_half;
    double caps_left;      /* per capsule left */
    double caps_near;      /* per step to the nearest capsule, while an active
                              ghost is within caps_alert steps */
    int caps_alert;
    double ghost_adjacent; /* an active ghost at most a step away */
    double ghost_two;      /* an active ghost two steps away */
    double chase;          /* a reachable scared ghost: chase - chase_step * d */
    double chase_step;
    double trap;           /* trap * (trap_cells - safe)^2 / trap_cells when
                              fewer than trap_cells cells are Pacman's */
    double trap_cells;
    double win;            /* added at a win */
    double lose;           /* added at a loss */
} weights;

/*
 * BETTER: food first (a dot left costs 20 more than the 10 it scores, so
 * eating outweighs any jump of the nearest-dot distance in smallClassic);
 * one point a step to the nearest dot (as much as the time penalty: a step
 * towards food is never worse than standing still); capsules a little; a
 * ghost that can step onto Pacman 150 (a random ghost does so with
 * probability about 1/3, and 1/3 of the death's 500 is about that), two
 * steps 20; chasing worth up to 100 (less than the +200 of the catch, so
 * catching is always better than hovering); a loss 1000 more (so that even
 * a certain catch of two ghosts never pays for a death).
 */
static const weights better_weights = {
    .food_left = 20.0, .near_food = 1.0,
    .caps_left = 15.0, .caps_near = 0.0, .caps_alert = 0,
    .ghost_adjacent = 150.0, .ghost_two = 20.0,
    .chase = 100.0, .chase_step = 4.0,
    .win = 500.0, .lose = -1000.0,
};

/*
 * REFLEX: one move deep, a ghost within a step is the only thing that
 * matters (1000, more than all the food of openClassic is worth to one
 * move); then food as in BETTER.
 */
static const weights reflex_weights = {
    .food_left = 20.0, .near_food = 1.0,
    .caps_left = 0.0, .caps_near = 0.0, .caps_alert = 0,
    .ghost_adjacent = 1000.0, .ghost_two = 0.0,
    .chase = 0.0, .chase_step = 0.0,
    .win = 500.0, .lose = -1000.0,
};

/*
 * CHAMPION: dots left as in BETTER; the nearest dot at d steps costs
 * 20 * d / (d + 12): about 1.7 a step next to it, less further away but
 * never nothing (a dot beyond the search's horizon still pulls), and
 * never 20 or more, less than the 30 a dot is worth (10 scored, 20 left),
 * so eating a dot always beats the jump to the next one however far it
 * is (with 1.5 a step, a jump of 20 steps made the dot worth nothing, and
 * the last dots of a maze were left for hundreds of moves); a capsule
 * worth 30 kept, walked to (3 a step) when an active ghost is within 6
 * steps; a ghost a step away 60, two steps 10 (the search weighs the real
 * danger; these only break ties towards distance); a reachable scared
 * ghost up to 180, 6 less a step; Pacman's territory below 14 cells
 * costs 100 * (14 - cells)^2 / 14: 100 at 2 cells short, 1400 when he is
 * cornered, the fear that keeps him out of closing corridors, but less
 * than the loss it fears (2000), so that it never outweighs a death nor
 * every dot: at 200 * (20 - cells)^2 / 20 it did both, and the dots in
 * dead ends (a few cells of territory while a ghost follows) were never
 * worth eating; a loss 2000 more, a win 1000.
 */
static const weights champion_weights = {
    .food_left = 20.0, .near_food = 20.0, .near_food_half = 12.0,
    .caps_left = 30.0, .caps_near = 3.0, .caps_alert = 6,
    .ghost_adjacent = 60.0, .ghost_two = 10.0,
    .chase = 180.0, .chase_step = 6.0,
    .trap = 100.0, .trap_cells = 14.0,
    .win = 1000.0, .lose = -2000.0,
};

/* ---- Features --------------------------------------------------------------- */

/* A ghost too far to matter, or unreachable: the doubled distance. */
#define FAR2 (1 << 20)

typedef struct features {
    int score;
    bool win, lose;
    int food_left, caps_left;
    int near_food;        /* steps to the nearest dot (0 when none left) */
    int near_caps;        /* steps to the nearest capsule (-1: none left) */
    int ghosts;
    int ghost_d2[GS_PAC_MAX_GHOSTS];   /* doubled maze distance, or FAR2 */
    int scared[GS_PAC_MAX_GHOSTS];
    int safe;             /* open cells Pacman reaches before every active
                             ghost (-1: not measured) */
} features;

/* The distances from one open cell: a row of the world's table, or one
 * breadth-first search in scratch memory. */
typedef struct dist_row {
    const uint16_t *row;   /* NULL: no distances (scratch unavailable) */
    void *scratch;
    size_t bytes;
} dist_row;

static void row_open(const gs_pacman *w, int from, dist_row *r)
{
    r->scratch = NULL;
    r->bytes = 0;
    if (w->dist) {
        r->row = w->dist + (size_t)from * (size_t)w->num_open;
        return;
    }
    size_t n = (size_t)w->num_open;
    r->bytes = n * (sizeof(int32_t) + sizeof(uint16_t));
    r->scratch = w->alloc.fn(w->alloc.user, NULL, 0, r->bytes);
    if (!r->scratch) {
        r->row = NULL;
        return;
    }
    int32_t *queue = r->scratch;
    uint16_t *dist = (uint16_t *)(void *)(queue + n);
    pac_bfs(w, from, dist, queue);
    r->row = dist;
}

static void row_close(const gs_pacman *w, dist_row *r)
{
    if (r->scratch)
        w->alloc.fn(w->alloc.user, r->scratch, r->bytes, 0);
    r->scratch = NULL;
}

static int iabs(int v)
{
    return v < 0 ? -v : v;
}

/* Steps from the row's cell to open cell `o`: maze distance, or Manhattan
 * from (px, py) when there is no row (the scratch could not be had). */
static int steps_to(const gs_pacman *w, const dist_row *r, int px, int py,
                    int o)
{
    if (!r->row) {
        int c = w->open_cell[o];
        return iabs(c % w->width - px) + iabs(c / w->width - py);
    }
    uint16_t d = r->row[o];
    return d == PAC_DIST_NONE ? -1 : (int)d;
}

/* The doubled maze distance from the row's cell to a doubled position: a
 * ghost between two cells is half a step beyond the nearer of them. */
static int steps2_to(const gs_pacman *w, const dist_row *r, int px, int py,
                     int x2, int y2)
{
    int best = FAR2;
    int xa = x2 >> 1, ya = y2 >> 1;            /* the cell at or below */
    int xb = (x2 + 1) >> 1, yb = (y2 + 1) >> 1; /* the cell at or above */
    int half = (x2 & 1) || (y2 & 1);
    for (int k = 0; k < 2; k++) {
        int x = k ? xb : xa, y = k ? yb : ya;
        if (x < 0 || y < 0 || x >= w->width || y >= w->height)
            continue;
        int o = w->open_at[(size_t)y * (size_t)w->width + (size_t)x];
        if (o < 0)
            continue;
        int d = steps_to(w, r, px, py, o);
        if (d >= 0 && 2 * d + half < best)
            best = 2 * d + half;
    }
    return best;
}

static int ctz64(uint64_t v)
{
#if defined(__GNUC__)
    return __builtin_ctzll(v);
#else
    int n = 0;
    while (!(v & 1)) {
        v >>= 1;
        n++;
    }
    return n;
#endif
}

/* The nearest of the items whose bits are set (open cells in `where`):
 * steps, or -1 when none is left or reachable. */
static int nearest(const gs_pacman *w, const dist_row *r, int px, int py,
                   const uint64_t *bits, int words, const int32_t *where)
{
    int best = -1;
    for (int i = 0; i < words; i++) {
        uint64_t v = bits[i];
        while (v) {
            int item = i * 64 + ctz64(v);
            v &= v - 1;
            int d = steps_to(w, r, px, py, where[item]);
            if (d >= 0 && (best < 0 || d < best))
                best = d;
        }
    }
    return best;
}

static int popcount64(uint64_t v)
{
#if defined(__GNUC__)
    return __builtin_popcountll(v);
#else
    v = v - ((v >> 1) & 0x5555555555555555u);
    v = (v & 0x3333333333333333u) + ((v >> 2) & 0x3333333333333333u);
    v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0fu;
    return (int)((v * 0x0101010101010101u) >> 56);
#endif
}

/* The open cells of the active ghosts (on cells; a ghost between cells is
 * scared and harmless) into out; returns how many. */
static int active_ghost_cells(const gs_pacman *w, const pac_state *s,
                              int *out)
{
    int k = 0;
    for (int g = 1; g < w->num_agents; g++) {
        const pac_agent *a = &s->agent[g];
        if (a->scared > 0 || (a->x2 & 1) || (a->y2 & 1))
            continue;
        int o = w->open_at[(size_t)(a->y2 >> 1) * (size_t)w->width +
                           (size_t)(a->x2 >> 1)];
        if (o >= 0)
            out[k++] = o;
    }
    return k;
}

/*
 * The open cells Pacman reaches strictly before any active ghost could,
 * counted only as far as `enough`: the answer is exact below it, and
 * `enough` or more otherwise (the evaluation only weighs a territory
 * smaller than its trap_cells). A race of breadth-first searches, layer
 * by layer, the ghosts' frontier before Pacman's in each layer, so that a
 * cell both reach at the same distance is the ghosts'. Pacman's cells are
 * exactly those he wins, and each lies beyond one he wins on every one of
 * his shortest paths to it (one step nearer to him, at most one step
 * nearer to any ghost); so the race stops once he has `enough` cells or
 * his frontier is empty, and costs what it visits, not the maze: this is
 * what keeps large mazes cheap. sc must be fresh (pac_scratch_renew).
 */
static int safe_race(const gs_pacman *w, const pac_state *s, int from,
                     int enough, pac_scratch *sc)
{
    static const int dx[4] = {-1, 1, 0, 0}, dy[4] = {0, 0, 1, -1};
    int ghosts[GS_PAC_MAX_GHOSTS];
    int k = active_ghost_cells(w, s, ghosts);
    if (k == 0)
        return w->num_open;
    const uint32_t gen = sc->gen;
    int32_t *q = sc->queue;
    size_t head = 0, tail = 0;
    for (int g = 0; g < k; g++)
        if (sc->mark[ghosts[g]] != gen) {
            sc->mark[ghosts[g]] = gen;
            sc->side[ghosts[g]] = 1;
            q[tail++] = ghosts[g];
        }
    int safe = 0;
    if (sc->mark[from] != gen) {
        sc->mark[from] = gen;
        sc->side[from] = 0;
        q[tail++] = from;
        safe = 1;
    }
    size_t frontier = (size_t)safe;   /* Pacman's cells in this layer */
    while (head < tail && safe < enough && frontier > 0) {
        /* One layer, [head, end): the ghosts' cells expand first, so the
         * next layer's cells they reach are theirs. */
        size_t end = tail, ghosts_end = tail;
        for (int pass = 1; pass >= 0; pass--) {
            for (size_t i = head; i < end; i++) {
                int o = q[i];
                if (sc->side[o] != (uint8_t)pass)
                    continue;
                int c = w->open_cell[o];
                int x = c % w->width, y = c / w->width;
                for (int d = 0; d < 4; d++) {
                    int nx = x + dx[d], ny = y + dy[d];
                    if (nx < 0 || ny < 0 || nx >= w->width || ny >= w->height)
                        continue;
                    int m = w->open_at[(size_t)ny * (size_t)w->width +
                                       (size_t)nx];
                    if (m < 0 || sc->mark[m] == gen)
                        continue;
                    sc->mark[m] = gen;
                    sc->side[m] = (uint8_t)pass;
                    q[tail++] = m;
                }
            }
            if (pass == 1)
                ghosts_end = tail;
        }
        frontier = tail - ghosts_end;
        safe += (int)frontier;
        head = end;
    }
    return safe;
}

/* The open cells Pacman reaches strictly before any active ghost, all of
 * them, from the table's rows: two plain loops over the maze. */
static int safe_scan(const gs_pacman *w, const pac_state *s, int from)
{
    const size_t n = (size_t)w->num_open;
    const uint16_t *rows[GS_PAC_MAX_GHOSTS] = {NULL};
    int cells[GS_PAC_MAX_GHOSTS];
    int k = active_ghost_cells(w, s, cells);
    if (k == 0)
        return (int)n;
    for (int g = 0; g < k; g++)
        rows[g] = w->dist + (size_t)cells[g] * n;
    const uint16_t *mine = w->dist + (size_t)from * n;
    /* The nearest ghost's distance to every cell, then the cells nearer
     * to Pacman (unreachable ones are PAC_DIST_NONE, never nearer): two
     * plain loops over arrays, which the compiler vectorises. */
    uint16_t near[PAC_DIST_TABLE_MAX];
    memcpy(near, rows[0], n * sizeof near[0]);
    for (int g = 1; g < k; g++) {
        const uint16_t *row = rows[g];
        for (size_t c = 0; c < n; c++)
            near[c] = row[c] < near[c] ? row[c] : near[c];
    }
    int safe = 0;
    for (size_t c = 0; c < n; c++)
        safe += mine[c] < near[c];
    return safe;
}

/*
 * How far from Pacman, in steps, the ghosts' distances can change an
 * evaluation with weights k (see weigh): a scared ghost counts while its
 * doubled distance is below its timer, an active one within two doubled
 * steps, or 2 * caps_alert while capsules are left to walk to. Beyond, a
 * ghost weighs as an unreachable one, and a walk from Pacman need not
 * look further for it. One step more for a ghost between two cells.
 */
static int ghost_horizon(const features *f, const weights *k)
{
    int h = 1;
    if (k->caps_alert > 0 && k->caps_near != 0 && f->caps_left > 0 &&
        k->caps_alert > h)
        h = k->caps_alert;
    for (int g = 0; g < f->ghosts; g++)
        if (f->scared[g] > 0 && f->scared[g] / 2 > h)
            h = f->scared[g] / 2;
    return h + 1;
}
/* Food left above which the nearest dot is found by a search from Pacman
 * (it stops at the first dot) rather than by reading the table for each
 * dot left. */
#define NEAREST_SCAN_MAX 64
/* Open cells up to which Pacman's territory is counted from the table's
 * rows by two plain loops, cheaper there than the race; above, the race,
 * whose cost does not grow with the maze. */
#define SAFE_SCAN_MAX 1024

/* A breadth-first search from Pacman's cell that goes only as far as it
 * is asked, and can be asked to go on. */
typedef struct walk {
    pac_scratch *sc;
    size_t head, tail;
    int near_food, near_caps;   /* steps to the nearest; -1: not found */
} walk;

static void walk_start(walk *k, pac_scratch *sc, int from)
{
    k->sc = sc;
    k->head = k->tail = 0;
    k->near_food = k->near_caps = -1;
    sc->mark[from] = sc->gen;
    sc->dist[from] = 0;
    sc->queue[k->tail++] = from;
}

/* Walks on until every cell within `horizon` steps is reached, the
 * nearest dot is found and, with want_caps, the nearest capsule (or until
 * nothing is left to reach). Cells within horizon + 1 steps then have
 * their exact distance in the scratch. */
static void walk_on(const gs_pacman *w, const pac_state *s, walk *k,
                    int horizon, bool want_caps)
{
    static const int dx[4] = {-1, 1, 0, 0}, dy[4] = {0, 0, 1, -1};
    pac_scratch *sc = k->sc;
    const uint64_t *food =
        (const uint64_t *)(const void *)((const char *)s + w->food_off);
    const uint64_t *caps =
        (const uint64_t *)(const void *)((const char *)s + w->caps_off);
    while (k->head < k->tail) {
        int o = sc->queue[k->head];
        int d = sc->dist[o];
        if (d > horizon && k->near_food >= 0 &&
            (!want_caps || k->near_caps >= 0))
            return;
        k->head++;
        int c = w->open_cell[o];
        int i = w->food_at[c];
        if (k->near_food < 0 && i >= 0 && ((food[i >> 6] >> (i & 63)) & 1))
            k->near_food = d;
        i = w->capsule_at[c];
        if (k->near_caps < 0 && i >= 0 && ((caps[i >> 6] >> (i & 63)) & 1))
            k->near_caps = d;
        int x = c % w->width, y = c / w->width;
        for (int j = 0; j < 4; j++) {
            int nx = x + dx[j], ny = y + dy[j];
            if (nx < 0 || ny < 0 || nx >= w->width || ny >= w->height)
                continue;
            int m = w->open_at[(size_t)ny * (size_t)w->width + (size_t)nx];
            if (m < 0 || sc->mark[m] == sc->gen)
                continue;
            sc->mark[m] = sc->gen;
            sc->dist[m] = (uint16_t)(d + 1);
            sc->queue[k->tail++] = m;
        }
    }
}

/* The doubled distance from Pacman to a ghost at a doubled position, from
 * a walk: FAR2 when neither of its cells was reached. */
static int walk_steps2(const gs_pacman *w, const walk *k, int x2, int y2)
{
    int best = FAR2;
    int half = (x2 & 1) || (y2 & 1);
    for (int j = 0; j < 2; j++) {
        int x = j ? (x2 + 1) >> 1 : x2 >> 1, y = j ? (y2 + 1) >> 1 : y2 >> 1;
        if (x < 0 || y < 0 || x >= w->width || y >= w->height)
            continue;
        int o = w->open_at[(size_t)y * (size_t)w->width + (size_t)x];
        if (o < 0 || k->sc->mark[o] != k->sc->gen)
            continue;
        int d2 = 2 * k->sc->dist[o] + half;
        if (d2 < best)
            best = d2;
    }
    return best;
}

/* The nearest active ghost's doubled distance among the features. */
static int nearest_active(const features *f)
{
    int best = FAR2;
    for (int g = 0; g < f->ghosts; g++)
        if (f->scared[g] <= 0 && f->ghost_d2[g] < best)
            best = f->ghost_d2[g];
    return best;
}

/*
 * The features of `state` that the weights `k` look at. Distances are
 * exact wherever they can change the evaluation: from the table's row of
 * Pacman's cell when the world has one, else from a walk from his cell
 * that stops once it has what is asked (the nearest dot, the ghosts within
 * ghost_horizon, the nearest capsule only when an active ghost is near
 * enough for it to count); a ghost further away is FAR2, which weighs the
 * same. The territory is counted up to trap_cells (see safe_race). The
 * walks' scratch comes from the world's pool.
 */
static void measure(const gs_pacman *w, const void *state, features *f,
                    const weights *k)
{
    const pac_state *s = state;
    const uint64_t *food =
        (const uint64_t *)(const void *)((const char *)s + w->food_off);
    const uint64_t *caps =
        (const uint64_t *)(const void *)((const char *)s + w->caps_off);
    f->score = s->score;
    f->win = s->win != 0;
    f->lose = s->lose != 0;
    f->food_left = 0;
    for (int i = 0; i < w->food_words; i++)
        f->food_left += popcount64(food[i]);
    f->caps_left = 0;
    for (int i = 0; i < w->caps_words; i++)
        f->caps_left += popcount64(caps[i]);
    f->ghosts = w->num_agents - 1;
    for (int g = 0; g < f->ghosts; g++)
        f->scared[g] = s->agent[g + 1].scared;

    /* Pacman is always on a cell: he moves a whole cell at a time. */
    const pac_agent *pac = &s->agent[0];
    int px = pac->x2 >> 1, py = pac->y2 >> 1;
    assert(!(pac->x2 & 1) && !(pac->y2 & 1));
    int from = w->open_at[(size_t)py * (size_t)w->width + (size_t)px];
    assert(from >= 0);
    bool walk_food = w->dist && f->food_left > NEAREST_SCAN_MAX;
    bool race = k->trap > 0 && (!w->dist || w->num_open > SAFE_SCAN_MAX);
    pac_scratch *sc = NULL;
    if (!w->dist || walk_food || race)
        sc = pac_scratch_take(w);

    if (w->dist || !sc) {
        /* The table's row (or, without room for a walk, one search of the
         * whole maze, else Manhattan distances). */
        dist_row r;
        row_open(w, from, &r);
        if (walk_food && sc) {
            walk kw;
            walk_start(&kw, sc, from);
            walk_on(w, s, &kw, -1, false);
            f->near_food = kw.near_food < 0 ? 0 : kw.near_food;
            pac_scratch_renew(w, sc);
        } else {
            int nf = nearest(w, &r, px, py, food, w->food_words, w->food_open);
            f->near_food = nf < 0 ? 0 : nf;
        }
        f->near_caps = nearest(w, &r, px, py, caps, w->caps_words,
                               w->caps_open);
        for (int g = 0; g < f->ghosts; g++) {
            const pac_agent *a = &s->agent[g + 1];
            f->ghost_d2[g] = steps2_to(w, &r, px, py, a->x2, a->y2);
        }
        row_close(w, &r);
    } else {
        walk kw;
        int horizon = ghost_horizon(f, k);
        walk_start(&kw, sc, from);
        walk_on(w, s, &kw, horizon, false);
        for (int g = 0; g < f->ghosts; g++) {
            const pac_agent *a = &s->agent[g + 1];
            f->ghost_d2[g] = walk_steps2(w, &kw, a->x2, a->y2);
        }
        if (k->caps_alert > 0 && k->caps_near != 0 && f->caps_left > 0 &&
            nearest_active(f) <= 2 * k->caps_alert)
            walk_on(w, s, &kw, horizon, true);
        f->near_food = kw.near_food < 0 ? 0 : kw.near_food;
        f->near_caps = kw.near_caps;
        pac_scratch_renew(w, sc);
    }

    f->safe = -1;
    if (k->trap > 0) {
        if (w->dist && (!race || !sc))
            f->safe = safe_scan(w, s, from);
        else if (sc)
            f->safe = safe_race(w, s, from, (int)ceil(k->trap_cells), sc);
    }
    if (sc)
        pac_scratch_give(w, sc);
}

/* ---- Evaluations ------------------------------------------------------------- */

static double weigh(const features *f, const weights *k)
{
    /* What is left to eat counts at the end of the game too: a death
     * with much food left must never look better than living on. */
    double v = (double)f->score - k->food_left * f->food_left -
               k->caps_left * f->caps_left;
    if (f->lose)
        return v + k->lose;
    if (f->win)
        return v + k->win;
    if (k->near_food_half > 0)
        v -= k->near_food * f->near_food / (f->near_food + k->near_food_half);
    else
        v -= k->near_food * f->near_food;

    int nearest_active2 = FAR2;
    for (int g = 0; g < f->ghosts; g++) {
        int d2 = f->ghost_d2[g];
        if (d2 >= FAR2)
            continue;
        if (f->scared[g] > 0) {
            /* Reachable before it turns back: Pacman closes in at least a
             * half step a move on a ghost at half speed fleeing, so twice
             * its distance in moves; the timer counts the ghost's moves. */
            if (d2 < f->scared[g])
                v += k->chase - k->chase_step * (d2 / 2.0);
            continue;
        }
        if (d2 < nearest_active2)
            nearest_active2 = d2;
        if (d2 <= 2)
            v -= k->ghost_adjacent;
        else if (d2 <= 4)
            v -= k->ghost_two;
    }
    if (f->near_caps >= 0 && k->caps_alert > 0 &&
        nearest_active2 <= 2 * k->caps_alert)
        v -= k->caps_near * f->near_caps;
    if (f->safe >= 0 && f->safe < k->trap_cells) {
        double short_by = k->trap_cells - f->safe;
        v -= k->trap * short_by * short_by / k->trap_cells;
    }
    return v;
}

/* The evaluation of `state` from Pacman's side (see the top of the file). */
double gs_pacman_evaluate(const gs_pacman *world, const void *state,
                          gs_pac_eval eval)
{
    const pac_state *s = state;
    if (eval == GS_PAC_EVAL_SCORE)
        return (double)s->score;
    const weights *k = eval == GS_PAC_EVAL_REFLEX ? &reflex_weights
                       : eval == GS_PAC_EVAL_CHAMPION ? &champion_weights
                                                      : &better_weights;
    features f;
    measure(world, state, &f, k);
    return weigh(&f, k);
}

/* ---- The world as a game for a search ---------------------------------------- */

static const gs_pacman *world_of(const void *ctx)
{
    return ((const gs_pac_search_game *)ctx)->world;
}

static int sg_to_move(const void *ctx, const void *state)
{
    return gs_pacman_to_move(world_of(ctx), state);
}

static gs_role sg_role(const void *ctx, int agent)
{
    const gs_pac_search_game *sg = ctx;
    if (agent == 0)
        return GS_ROLE_MAX;
    return sg->ghosts == GS_PAC_GHOSTS_MIN ? GS_ROLE_MIN : GS_ROLE_CHANCE;
}

static bool sg_is_terminal(const void *ctx, const void *state)
{
    const gs_pacman *w = world_of(ctx);
    return gs_pacman_is_win(w, state) || gs_pacman_is_lose(w, state);
}

static int sg_actions(const void *ctx, const void *state, gs_action *out)
{
    const gs_pacman *w = world_of(ctx);
    int legal[GS_PAC_NUM_DIRS];
    int n = gs_pacman_legal(w, state, gs_pacman_to_move(w, state), legal);
    for (int i = 0; i < n; i++)
        out[i] = legal[i];
    return n;
}

static void sg_apply(const void *ctx, const void *state, gs_action action,
                     void *child)
{
    const gs_pacman *w = world_of(ctx);
    memcpy(child, state, w->state_size);
    pac_apply(w, (pac_state *)child, gs_pacman_to_move(w, state), (int)action);
}

static double sg_value(const void *ctx, const void *state)
{
    const gs_pac_search_game *sg = ctx;
    if (sg->evaluate)
        return sg->evaluate(sg->evaluate_user, sg->world, state);
    return gs_pacman_evaluate(sg->world, state, sg->eval);
}

/* DirectionalGhost's distribution, as pacman.py computes it; RandomGhost's
 * is uniform, which the engine averages as CS188's expectimax does (the
 * plain mean of the children in action order). */
static bool sg_probabilities(const void *ctx, const void *state,
                             const gs_action *actions, int n, double *p)
{
    const gs_pac_search_game *sg = ctx;
    if (sg->ghosts != GS_PAC_GHOSTS_DIRECTIONAL)
        return false;
    const gs_pacman *w = sg->world;
    int legal[GS_PAC_NUM_DIRS];
    double q[GS_PAC_NUM_DIRS];
    int m = gs_pacman_ghost_distribution(w, state, gs_pacman_to_move(w, state),
                                         GS_PAC_DIRECTIONAL_GHOST, legal, q);
    assert(m == n);
    (void)m;
    for (int i = 0; i < n; i++) {
        assert(legal[i] == actions[i]);
        p[i] = q[i];
    }
    return true;
}

static uint64_t sg_hash(const void *ctx, const void *state)
{
    return pac_engine_hash(world_of(ctx), state);
}

static int sg_action_name(const void *ctx, const void *state,
                          gs_action action, char *buf, size_t size)
{
    (void)ctx;
    (void)state;
    const char *name = gs_pac_dir_name((int)action);
    return snprintf(buf, size, "%s", name ? name : "?");
}

/* Fills *game from sg: the world's rules, sg->eval at every leaf, ghosts
 * MIN or CHANCE as sg->ghosts says. */
/* Each agent's utility: the ghosts' as the game scores them, Pacman's
 * the evaluation the searches of two players read (so that max^n and
 * paranoid weigh his side as alpha-beta does). */
static void sg_utilities(const void *ctx, const void *state, double *out)
{
    pac_utilities(((const gs_pac_search_game *)ctx)->world, state, out);
    out[0] = sg_value(ctx, state);
}

static bool sg_turn_to(const void *ctx, const void *state, int agent,
                       void *out)
{
    return pac_turn_to(((const gs_pac_search_game *)ctx)->world, state, agent,
                       out);
}

void gs_pacman_search_game(const gs_pac_search_game *sg, gs_game *game)
{
    gs_pacman_game(sg->world, game);
    game->ctx = sg;
    game->to_move = sg_to_move;
    game->role = sg_role;
    game->is_terminal = sg_is_terminal;
    game->actions = sg_actions;
    game->apply = sg_apply;
    game->value = sg_value;
    game->probabilities = sg_probabilities;
    game->hash = sg_hash;
    game->action_name = sg_action_name;
    game->utilities = sg_utilities;
    game->turn_to = sg_turn_to;
}
