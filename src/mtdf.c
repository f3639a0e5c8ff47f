/*
 * mtdf.c: MTD(f) and SSS* (in its MT form, MTD(+inf)): the root's value
 * found by passes of alpha-beta with a null window, each remembering in
 * the transposition table what it proved of every node it reached.
 *
 *     mtd(root, first):
 *         g = first; lower = -inf; upper = +inf
 *         repeat:                                  one pass
 *             gamma = (g == lower) ? g + epsilon : g
 *             g = alphabeta(root, gamma - epsilon, gamma)   with the table
 *             if g < gamma: upper = g      (the root is worth at most g)
 *             else:         lower = g      (the root is worth at least g)
 *         until lower >= upper
 *         return g
 *
 *     MTD(f): mtd(root, a first guess): 0, or with iterative deepening the
 *             value found one depth less deep.
 *     SSS*:   mtd(root, +inf): every pass tests the last upper bound, so
 *             the search descends the best-first way Stockman's SSS* does,
 *             with the table as its list of open nodes (Plaat, Schaeffer,
 *             Pijls and de Bruin, "Best-first fixed-depth minimax
 *             algorithms", 1996). It keeps the game's order at every node
 *             (not the table's best action first), and so evaluates only
 *             leaves that alpha-beta in the same order evaluates.
 *
 * A pass is one search of alphabeta.c's node from the root with the table
 * on; epsilon is one double (nextafter) under the textbook rule. Under the
 * strict rule (prune_equal false) a pass tests the closed window [g, g],
 * which says below, equal or above, and a pass that lands on g ends the
 * search. The events are alpha-beta's, pass after pass: the root's ENTER
 * starts each one. The answer (best action, principal variation) is that
 * of the pass that proved the bound on the side of the agent to move at
 * the root (a MAX root's lower bound, a MIN root's upper bound), which
 * found the child that reaches the value.
 */
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "engine.h"

/* A pass's window for the test at g, given the bounds found so far:
 * textbook, "V >= gamma?" with gamma = g, or just above g when g is the
 * lower bound already; strict, [g, g]. */
static void pass_window(const gs_engine *e, double g, double lower,
                        double *alpha, double *beta)
{
    if (!e->opt.prune_equal) {
        *alpha = *beta = g;
        return;
    }
    double gamma = g == lower ? nextafter(g, INFINITY) : g;
    *alpha = nextafter(gamma, -INFINITY);
    *beta = gamma;
}

/*
 * The passes from the first guess `first` to the value at e->depth_plies:
 * true with the answer in r when they converged; false when a limit or an
 * error stopped a pass (r then holds, when keep_stopped, the answer of
 * the last pass that proved the root agent's bound, else the stopped
 * pass's).
 */
static bool mt_passes(gs_engine *e, gs_result *r, bool keep_stopped,
                      double first)
{
    const gs_game *g = &e->game;
    gs_role role = GS_ROLE_MAX;
    if (!g->is_terminal(g->ctx, state_at(e, 0)))
        role = e->roles[g->to_move(g->ctx, state_at(e, 0))];
    double lower = -INFINITY, upper = INFINITY, guess = first;
    gs_result pass, answer;
    bool have_answer = false;
    for (;;) {
        double alpha, beta, v;
        pass_window(e, guess, lower, &alpha, &beta);
        if (!ab_search_and_take(e, alpha, beta, keep_stopped, &pass, &v)) {
            if (e->status == GS_OK && keep_stopped)
                *r = have_answer ? answer : pass;
            return false;
        }
        /* What the pass proved: the fail-soft value is a bound on the
         * side it fell, or (strict rule, on g) the value itself. */
        bool low, high;
        if (e->opt.prune_equal) {
            low = v < beta;
            high = !low;
        } else {
            low = v <= alpha;
            high = v >= beta;
        }
        double old_lower = lower, old_upper = upper;
        if (low && v < upper)
            upper = v;
        if (high && v > lower)
            lower = v;
        if (role == GS_ROLE_MAX ? high : low) {
            answer = pass;
            have_answer = true;
        }
        if (lower >= upper || (lower == old_lower && upper == old_upper))
            break;   /* (no pass leaves both bounds where they were) */
        guess = v;
    }
    *r = have_answer ? answer : pass;
    r->value = lower >= upper ? lower : pass.value;
    r->bound = GS_BOUND_EXACT;
    return true;
}

bool mtdf_depth(gs_engine *e, gs_result *r, bool keep_stopped)
{
    /* The first guess: the value one depth less deep, when iterative
     * deepening found it, else 0 (within the game's bounds). */
    double first = 0.0;
    if (r->depth > 0 && isfinite(r->value))
        first = r->value;
    else if (e->game.has_bounds)
        first = fmin(fmax(first, e->game.min_value), e->game.max_value);
    return mt_passes(e, r, keep_stopped, first);
}

bool sss_depth(gs_engine *e, gs_result *r, bool keep_stopped)
{
    return mt_passes(e, r, keep_stopped, INFINITY);
}
