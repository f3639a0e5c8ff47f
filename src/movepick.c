/*
 * movepick.c: move ordering at MAX and MIN nodes: the sort by the game's
 * hint and the history counters, and the killer moves and history credit
 * a cutoff earns. The staged picker that hands the actions to the node
 * search is in movepick.h.
 *
 * History counters: HISTORY_SIZE counters, an action's by its low bits,
 * each the sum over the cutoffs it caused in this search of remaining^2
 * (remaining: the plies searched below the node; 64^2 for deeper or
 * unlimited searches), saturating. Killers: two a ply, the newest first.
 * Both are emptied when a search with history begins (engine_begin).
 */
#include <stdint.h>
#include <string.h>

#include "movepick.h"

static uint32_t *history_slot(gs_engine *e, gs_action a)
{
    return &e->history_count[(uint32_t)a & (HISTORY_SIZE - 1)];
}

void movepick_sort(gs_engine *e, int ply, size_t base, int n)
{
    const gs_game *g = &e->game;
    const bool hinted = e->mode.hinted;
    gs_action *a = e->actions + base;
    int64_t *k = e->keys;
    if (hinted)
        g->order_hint(g->ctx, state_at(e, ply), a, n, e->scores);
    for (int i = 0; i < n; i++) {
        int64_t hint = hinted ? e->scores[i] : 0;
        int64_t hist = e->mode.history ? *history_slot(e, a[i]) : 0;
        k[i] = hint * ((int64_t)1 << 32) + hist;
    }
    /* Insertion sort: stable, and quick on the short, nearly sorted lists
     * games hand over. */
    for (int i = 1; i < n; i++) {
        gs_action ka = a[i];
        int64_t kk = k[i];
        int j = i - 1;
        while (j >= 0 && k[j] < kk) {
            a[j + 1] = a[j];
            k[j + 1] = k[j];
            j--;
        }
        a[j + 1] = ka;
        k[j + 1] = kk;
    }
}

void movepick_rotate(gs_action *a, int n, int k)
{
    for (int r = 0; r < k; r++) {
        gs_action first = a[0];
        memmove(a, a + 1, (size_t)(n - 1) * sizeof *a);
        a[n - 1] = first;
    }
}

void movepick_note_cutoff(gs_engine *e, int ply, gs_action a, int remaining)
{
    if (ply < KILLER_PLIES && e->killers[ply][0] != a) {
        e->killers[ply][1] = e->killers[ply][0];
        e->killers[ply][0] = a;
    }
    uint32_t *h = history_slot(e, a);
    uint32_t add = remaining >= 1 && remaining < 64
                       ? (uint32_t)(remaining * remaining) : 64u * 64u;
    *h = *h > UINT32_MAX - add ? UINT32_MAX : *h + add;
}
