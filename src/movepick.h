/*
 * movepick.h: the order in which a MAX or MIN node tries its actions
 * (internal).
 *
 * A picker hands out the positions of a node's actions (on the engine's
 * action stack, at `base`) in stages, as a chess engine's move picker does:
 *
 *   PICK_TABLE    the transposition table's best action, if it is legal here;
 *   PICK_KILLERS  the ply's two killer moves (with history on), if legal and
 *                 not the table's action;
 *   PICK_REST     the others in the order pick_init() left them: the game's
 *                 order, or with ordering asked for, by the game's hint and
 *                 then the history counters (ties keep the game's order).
 *
 * Each action handed out is first moved, with the others keeping their
 * order, to the position it is searched at, so that the node's actions
 * always read in search order up to the last one handed out, and entirely
 * after pick_finish(). The rest are sorted once, by pick_init(), with the
 * history counters as they stand when the node begins (its children change
 * them).
 *
 * The node search's loop is then
 *     while ((i = pick_next(e, &p)) < n) { ...search action i... }
 * All of it runs at every MAX/MIN node, so it is inline here, in the node
 * search's translation unit; the cutoff credit and a helper's rotation
 * are in movepick.c.
 */
#ifndef GS_MOVEPICK_H
#define GS_MOVEPICK_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "engine.h"

enum pick_stage { PICK_TABLE, PICK_KILLERS, PICK_REST };

typedef struct picker {
    size_t base;           /* the node's actions: e->actions[base ...] */
    int n;                 /* how many */
    int next;              /* the position the next action is searched at */
    enum pick_stage stage;
    int killer;            /* the next killer to try */
    int nkillers;          /* 2 with history on (below KILLER_PLIES), or 0 */
    gs_action tt_move;     /* GS_NO_ACTION: none */
    gs_action killers[2];  /* the ply's, as the node began */
} picker;

/* Rotates the n actions left by k (a helper thread's root starts
 * elsewhere, so that the threads' searches part ways). */
void movepick_rotate(gs_action *a, int n, int k);

/* An action caused a cutoff at `ply` with `remaining` plies below: it
 * becomes the ply's first killer and earns history credit. */
void movepick_note_cutoff(gs_engine *e, int ply, gs_action a, int remaining);

/* Moves action `a`, when it is among the n actions at or after position
 * `from`, to that position, keeping the others in their order. Returns
 * whether it was there. */
static inline bool move_to(gs_action *actions, int from, int n, gs_action a)
{
    for (int i = from; i < n; i++) {
        if (actions[i] == a) {
            memmove(actions + from + 1, actions + from,
                    (size_t)(i - from) * sizeof *actions);
            actions[from] = a;
            return true;
        }
    }
    return false;
}

/* An action's history counter. */
static inline uint32_t *history_slot(gs_engine *e, gs_action a)
{
    return &e->ab.history_count[(uint32_t)a & (HISTORY_SIZE - 1)];
}

/* Sorts the n actions at `base` best first (stable): by the game's hint
 * when the search orders by it, then, with history on, by the history
 * counters. */
static inline void movepick_sort(gs_engine *e, int ply, size_t base, int n)
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

/* Readies a picker for the n actions at `base` of the MAX or MIN node at
 * `ply`, whose table entry suggests `tt_move` (GS_NO_ACTION: none), and
 * puts the rest in their order. */
static inline void pick_init(gs_engine *e, picker *p, int ply, size_t base,
                             int n, gs_action tt_move)
{
    p->base = base;
    p->n = n;
    p->next = 0;
    p->stage = PICK_TABLE;
    p->killer = 0;
    p->tt_move = tt_move;
    p->nkillers = 0;
    if (e->mode.history && ply < KILLER_PLIES) {
        p->nkillers = 2;
        p->killers[0] = e->ab.killers[ply][0];
        p->killers[1] = e->ab.killers[ply][1];
    }
    if (n > 1) {
        if (e->mode.hinted || e->mode.history)
            movepick_sort(e, ply, base, n);
        if (ply == 0 && e->helper_id > 0)
            movepick_rotate(e->actions + base, n, e->helper_id % n);
    }
}

/* pick_next() before PICK_REST: the table's move and the killers. */
static inline int pick_staged(gs_engine *e, picker *p)
{
    /* (re-read: the stack may move while a child is searched) */
    gs_action *a = e->actions + p->base;
    if (p->stage == PICK_TABLE) {
        p->stage = PICK_KILLERS;
        if (p->tt_move != GS_NO_ACTION &&
            move_to(a, p->next, p->n, p->tt_move))
            return p->next++;
    }
    while (p->killer < p->nkillers) {
        gs_action k = p->killers[p->killer++];
        if (k != GS_NO_ACTION && k != p->tt_move &&
            move_to(a, p->next, p->n, k))
            return p->next++;
    }
    p->stage = PICK_REST;
    return p->next < p->n ? p->next++ : p->n;
}

/* The position of the next action to search, or n when none is left. */
static inline int pick_next(gs_engine *e, picker *p)
{
    if (p->stage != PICK_REST)
        return pick_staged(e, p);
    return p->next < p->n ? p->next++ : p->n;
}

/* Puts the actions not yet handed out in the order they would have been
 * (for reporting the ones a cutoff skips). */
static inline void pick_finish(gs_engine *e, picker *p)
{
    while (p->stage != PICK_REST && pick_next(e, p) < p->n) {
    }
}

#endif /* GS_MOVEPICK_H */
