/*
 * games/pacman/distance.c: maze distances, the steps Pacman needs from one
 * cell to another through cells that are not walls.
 *
 * A world of at most PAC_DIST_TABLE_MAX open cells gets the table of all of
 * them when it is made (pac_dist_fill, one breadth-first search from each
 * open cell: at most 4096 searches of 4096 cells); evaluations then read a
 * distance in one load. A larger world has no table, and each question is
 * one breadth-first search in scratch memory from the world's allocator.
 * The data layout is drawn in pacman_internal.h.
 *
 * The evaluations (eval.c) search on demand too, only as far as they
 * need, in scratch areas the world keeps in a pool (pac_scratch_take and
 * _give, below), so that a large maze costs what a search visits, not the
 * maze.
 */
#include <assert.h>
#include <sched.h>

#include "pacman_internal.h"

/* The four moves between cells (Stop moves nowhere). */
static const int step_dx[4] = {-1, 1, 0, 0};
static const int step_dy[4] = {0, 0, 1, -1};

void pac_bfs(const gs_pacman *w, int from, uint16_t *dist, int32_t *queue)
{
    assert(from >= 0 && from < w->num_open);
    for (int j = 0; j < w->num_open; j++)
        dist[j] = PAC_DIST_NONE;
    int head = 0, tail = 0;
    dist[from] = 0;
    queue[tail++] = from;
    while (head < tail) {
        int o = queue[head++];
        int c = w->open_cell[o];
        int x = c % w->width, y = c / w->width;
        uint16_t next = (uint16_t)(dist[o] + 1);
        for (int k = 0; k < 4; k++) {
            int nx = x + step_dx[k], ny = y + step_dy[k];
            if (nx < 0 || ny < 0 || nx >= w->width || ny >= w->height)
                continue;
            int m = w->open_at[(size_t)ny * (size_t)w->width + (size_t)nx];
            if (m >= 0 && dist[m] == PAC_DIST_NONE) {
                dist[m] = next;
                queue[tail++] = m;
            }
        }
    }
}

void pac_dist_fill(gs_pacman *w)
{
    assert(w->dist && w->num_open <= PAC_DIST_TABLE_MAX);
    int32_t queue[PAC_DIST_TABLE_MAX];
    for (int i = 0; i < w->num_open; i++)
        pac_bfs(w, i, w->dist + (size_t)i * (size_t)w->num_open, queue);
}

/* The open cell at (x, y), or -1 for a wall or a cell off the maze. */
static int open_index(const gs_pacman *w, int x, int y)
{
    if (x < 0 || y < 0 || x >= w->width || y >= w->height)
        return -1;
    return w->open_at[(size_t)y * (size_t)w->width + (size_t)x];
}

/*
 * The maze distance between (x1, y1) and (x2, y2), or -1 when either is a
 * wall (or off the maze) or no path joins them. Without a table it is -1
 * too when the scratch memory for the search cannot be had.
 */
int gs_pacman_maze_distance(const gs_pacman *world, int x1, int y1, int x2,
                            int y2)
{
    const gs_pacman *w = world;
    int a = open_index(w, x1, y1), b = open_index(w, x2, y2);
    if (a < 0 || b < 0)
        return -1;
    uint16_t d;
    if (w->dist) {
        d = w->dist[(size_t)a * (size_t)w->num_open + (size_t)b];
    } else {
        size_t n = (size_t)w->num_open;
        size_t bytes = n * (sizeof(uint16_t) + sizeof(int32_t));
        void *scratch = w->alloc.fn(w->alloc.user, NULL, 0, bytes);
        if (!scratch)
            return -1;
        int32_t *queue = scratch;
        uint16_t *dist = (uint16_t *)(void *)(queue + n);
        pac_bfs(w, a, dist, queue);
        d = dist[b];
        w->alloc.fn(w->alloc.user, scratch, bytes, 0);
    }
    return d == PAC_DIST_NONE ? -1 : (int)d;
}

/* ---- Scratch for searches on demand -------------------------------------- */

static void pool_lock(pac_pool *pool)
{
    while (atomic_exchange_explicit(&pool->busy, true, memory_order_acquire))
        sched_yield();
}

static void pool_unlock(pac_pool *pool)
{
    atomic_store_explicit(&pool->busy, false, memory_order_release);
}

pac_scratch *pac_scratch_take(const gs_pacman *w)
{
    pac_pool *pool = w->pool;
    pool_lock(pool);
    pac_scratch *s = pool->free;
    if (s)
        pool->free = s->next;
    pool_unlock(pool);
    if (!s) {
        size_t n = (size_t)w->num_open;
        size_t bytes = sizeof *s + n * (sizeof(uint32_t) + sizeof(int32_t) +
                                        sizeof(uint16_t) + 1);
        s = w->alloc.fn(w->alloc.user, NULL, 0, bytes);
        if (!s)
            return NULL;
        s->next = NULL;
        s->bytes = bytes;
        s->mark = (uint32_t *)(void *)(s + 1);
        s->queue = (int32_t *)(s->mark + n);
        s->dist = (uint16_t *)(void *)(s->queue + n);
        s->side = (uint8_t *)(s->dist + n);
        s->gen = 0;
        for (size_t i = 0; i < n; i++)
            s->mark[i] = 0;
    }
    pac_scratch_renew(w, s);
    return s;
}

void pac_scratch_give(const gs_pacman *w, pac_scratch *s)
{
    pac_pool *pool = w->pool;
    pool_lock(pool);
    s->next = pool->free;
    pool->free = s;
    pool_unlock(pool);
}

void pac_scratch_free_all(gs_pacman *w)
{
    pac_scratch *s = w->pool->free;
    while (s) {
        pac_scratch *next = s->next;
        w->alloc.fn(w->alloc.user, s, s->bytes, 0);
        s = next;
    }
    w->pool->free = NULL;
}

void pac_scratch_renew(const gs_pacman *w, pac_scratch *s)
{
    if (++s->gen == 0) {          /* wrapped: every mark is stale again */
        for (int i = 0; i < w->num_open; i++)
            s->mark[i] = 0;
        s->gen = 1;
    }
}
