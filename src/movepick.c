/*
 * movepick.c: the parts of move ordering that run rarely: the killer
 * moves and history credit a cutoff earns, and the rotation of a helper
 * thread's root. The staged picker and the sort by hint and history run at
 * every node and are inline in movepick.h.
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
    if (ply < KILLER_PLIES && e->ab.killers[ply][0] != a) {
        e->ab.killers[ply][1] = e->ab.killers[ply][0];
        e->ab.killers[ply][0] = a;
    }
    uint32_t *h = history_slot(e, a);
    uint32_t add = remaining >= 1 && remaining < 64
                       ? (uint32_t)(remaining * remaining) : 64u * 64u;
    *h = *h > UINT32_MAX - add ? UINT32_MAX : *h + add;
}
