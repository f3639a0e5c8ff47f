/*
 * context.h: what every node search shares (internal): the limits (a node
 * budget, the clock, a stop asked for), the events reported to the
 * caller's hook, the pruning rule's comparisons and the principal
 * variation. Each algorithm's node search includes it, so that these run
 * inline in its recursion.
 */
#ifndef GS_CONTEXT_H
#define GS_CONTEXT_H

#include <math.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "engine.h"
#include "tt.h"

/* The table key of a game's hash, for every search that keeps a table:
 * tt_key of it, or the hash itself when the game says it is mixed
 * already. */
static inline uint64_t hash_key(const gs_engine *e, uint64_t hash)
{
    return e->solver.hash_mixed ? hash : tt_key(hash);
}

/* The hook's calls are kept out of the node's code (out of line, marked
 * cold), so that a search without a hook pays one test per event. */
#if defined(__GNUC__)
#define COLD __attribute__((cold, noinline, unused))
#else
#define COLD
#endif

/* Reads the clock when its node interval is up: true when the time limit
 * has passed; otherwise the interval adapts to what the nodes cost (see
 * CLOCK_EVERY_MAX). */
static inline bool time_is_up(gs_engine *e)
{
    if (--e->clock_countdown > 0)
        return false;
    double now = engine_elapsed(e);
    if (now >= e->opt.max_seconds)
        return true;
    double took = now - e->clock_last;
    e->clock_last = now;
    if (took > CLOCK_INTERVAL) {
        /* as many nodes as fit in the interval at the cost just seen */
        double fit = e->clock_every * (CLOCK_INTERVAL / took);
        e->clock_every = fit < 1.0 ? 1 : (uint32_t)fit;
    } else if (took < CLOCK_INTERVAL / 2 &&
               e->clock_every < CLOCK_EVERY_MAX) {
        e->clock_every++;
    }
    e->clock_countdown = e->clock_every;
    return false;
}

/* True when a limit says stop before visiting one more node. */
static inline bool out_of_budget(gs_engine *e)
{
    unsigned asked;
    if (e->stop_flag &&
        (asked = atomic_load_explicit(e->stop_flag, memory_order_relaxed))) {
        /* (ASK_PROBE alone unwinds one probe: root.c goes on) */
        if (e->helper_id == 0 && (asked & (ASK_CANCEL | ASK_STOP)))
            e->stopped = asked & ASK_CANCEL ? GS_STOP_CANCEL : GS_STOP_REQUEST;
        e->halt = true;
    } else if (e->opt.max_nodes &&
               (e->budget ? atomic_fetch_add_explicit(e->budget, 1,
                                                      memory_order_relaxed) >=
                                e->opt.max_nodes
                          : e->nodes >= e->opt.max_nodes)) {
        e->stopped = GS_STOP_NODES;
        e->halt = true;
    } else if (e->opt.max_seconds > 0 && time_is_up(e)) {
        e->stopped = GS_STOP_TIME;
        e->halt = true;
    }
    return e->halt;
}

static inline void emit(gs_engine *e, gs_event_kind kind, const gs_event *ev)
{
    if (e->opt.hook)
        e->opt.hook(e->opt.hook_user, kind, ev);
}

/* Reports an event of the node at `ply` (ENTER, LEAVE) with its window. */
static COLD void emit_node(gs_engine *e, gs_event_kind kind, int ply, int agent,
                           gs_action via, bool leaf, double value,
                           gs_bound bound, double alpha, double beta)
{
    gs_event ev = {state_at(e, ply), ply,   agent, via,  -1,
                   leaf,             value, bound, alpha, beta};
    emit(e, kind, &ev);
}

/* Reports the node at `ply` left with `value`, its window then being
 * (alpha, beta). */
static inline void emit_leave(gs_engine *e, int ply, int agent, gs_action via,
                              bool leaf, double value, gs_bound bound,
                              double alpha, double beta)
{
    if (e->opt.hook)
        emit_node(e, GS_EVENT_LEAVE, ply, agent, via, leaf, value, bound,
                  alpha, beta);
}

static COLD void emit_prunes(gs_engine *e, int ply, int agent, size_t base,
                             int i, int n, double alpha, double beta);

/* Reports the children after position `i` of the node at `ply` as pruned
 * and counts the cutoff (only when something was actually skipped). The
 * node's actions must be in search order; (alpha, beta) is its window when
 * it cut. */
static inline void prune_rest(gs_engine *e, int ply, int agent, size_t base,
                              int i, int n, double alpha, double beta)
{
    if (i + 1 >= n)
        return;
    e->cutoffs++;
    if (e->opt.hook)
        emit_prunes(e, ply, agent, base, i, n, alpha, beta);
}

/* The PRUNE events of prune_rest. */
static COLD void emit_prunes(gs_engine *e, int ply, int agent, size_t base,
                             int i, int n, double alpha, double beta)
{
    for (int j = i + 1; j < n; j++) {
        gs_event ev = {state_at(e, ply), ply, agent, e->actions[base + j], j,
                       false, 0.0, GS_BOUND_EXACT, alpha, beta};
        emit(e, GS_EVENT_PRUNE, &ev);
    }
}

/* v is high enough to cut at MAX (beta cutoff) / low enough at MIN. */
static inline bool fails_high(const gs_engine *e, double v, double beta)
{
    return e->opt.prune_equal ? v >= beta : v > beta;
}

static inline bool fails_low(const gs_engine *e, double v, double alpha)
{
    return e->opt.prune_equal ? v <= alpha : v < alpha;
}

/* The node at `ply` found a new best action `a`: its line is `a` followed
 * by the child's line. */
static inline void pv_update(gs_engine *e, int ply, gs_action a)
{
    if (ply >= GS_PV_MAX)
        return;
    e->pv[ply][0] = a;
    int len = 0;
    if (ply + 1 < GS_PV_MAX) {
        len = e->pv_len[ply + 1];
        if (len > GS_PV_MAX - 1)
            len = GS_PV_MAX - 1;
        memcpy(&e->pv[ply][1], e->pv[ply + 1], (size_t)len * sizeof(gs_action));
    }
    e->pv_len[ply] = 1 + len;
}

/* The node at `ply` found a new best child, action `a` at position i of
 * its search order, worth v: its line becomes `a` and the child's, and at
 * the root it is the answer so far (kept if a limit stops the search). */
static inline void note_best(gs_engine *e, int ply, int i, gs_action a,
                             double v)
{
    pv_update(e, ply, a);
    if (ply == 0) {
        e->root_best = i;
        e->root_best_value = v;
    }
}

/* A node whose value is read from the game: terminal, cut off by depth
 * (cut_off), or without legal actions. */
static inline double search_leaf(gs_engine *e, int ply, int agent,
                                 gs_action via, bool cut_off, double alpha,
                                 double beta)
{
    const gs_game *g = &e->game;
    double v = g->value(g->ctx, state_at(e, ply));
    e->leaves++;
    e->cut_evals += cut_off;
    emit_leave(e, ply, agent, via, true, v, GS_BOUND_EXACT, alpha, beta);
    return v;
}

#endif /* GS_CONTEXT_H */
