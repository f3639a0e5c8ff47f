/* What the Connect Four tests share (connect4_fixture.h). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "connect4_fixture.h"
#include "../games/connect4/c4_internal.h"

gs_c4 *make(int width, int height)
{
    gs_c4_params p;
    gs_c4_params_init(&p);
    p.width = width;
    p.height = height;
    gs_c4 *g = NULL;
    assert_int_equal(gs_c4_new(&p, NULL, &g), GS_OK);
    assert_non_null(g);
    assert_int_equal(gs_c4_width(g), width);
    assert_int_equal(gs_c4_height(g), height);
    return g;
}

gs_c4_state position(const gs_c4 *g, const char *moves)
{
    gs_c4_state s;
    gs_error err;
    if (gs_c4_parse(g, moves, strlen(moves), &s, &err) != GS_OK)
        fail_msg("'%s': %d:%d: %s", moves, err.line, err.column, err.message);
    return s;
}

/* The score of a win with the stone after `moves` stones, from the rules
 * (not from the library). */
int win_score(const gs_c4 *g, int moves)
{
    return (gs_c4_width(g) * gs_c4_height(g) + 1 - moves) / 2;
}


void solver_init(solver *sv, const gs_c4 *g, size_t cap)
{
    memset(sv, 0, sizeof *sv);
    sv->g = g;
    gs_c4_game(g, &sv->gm);
    sv->cap = cap;
    sv->t = calloc(cap, sizeof *sv->t);
    assert_non_null(sv->t);
    sv->gen = 1;
}

void solver_reset(solver *sv)
{
    sv->gen++;
    sv->used = 0;
}

static memo_entry *slot(solver *sv, const gs_c4_state *s)
{
    uint64_t h = (s->mask * 0x9E3779B97F4A7C15ull) ^
                 (s->current * 0xC2B2AE3D27D4EB4Full);
    size_t i = (size_t)(h >> 32) & (sv->cap - 1);
    for (;; i = (i + 1) & (sv->cap - 1)) {
        memo_entry *e = &sv->t[i];
        if (e->gen != sv->gen || (e->mask == s->mask && e->current == s->current))
            return e;
    }
}

/* The exact score of s (not over) for the player to move. */
int solve(solver *sv, const gs_c4_state *s)
{
    memo_entry *e = slot(sv, s);
    if (e->gen == sv->gen)
        return e->value;
    const gs_c4 *g = sv->g;
    int best = -1000;
    for (int c = 0; c < gs_c4_width(g); c++) {
        gs_c4_state child = *s;
        if (gs_c4_play(g, &child, c) != GS_OK)
            continue;
        int v;
        if (child.over == 3)
            v = 0;
        else if (child.over)
            v = win_score(g, s->moves);
        else
            v = -solve(sv, &child);
        best = v > best ? v : best;
    }
    assert_true(best > -1000);
    e = slot(sv, s);   /* the recursion may have taken the first one */
    assert_true(++sv->used < sv->cap / 4 * 3);
    e->current = s->current;
    e->mask = s->mask;
    e->gen = sv->gen;
    e->value = (int8_t)best;
    e->checked = 0;
    return best;
}

/* The score of the move c from s, for the player to move. */
static int move_score(solver *sv, const gs_c4_state *s, int c)
{
    gs_c4_state child = *s;
    assert_int_equal(gs_c4_play(sv->g, &child, c), GS_OK);
    if (child.over == 3)
        return 0;
    if (child.over)
        return win_score(sv->g, s->moves);
    return -solve(sv, &child);
}

/* What the hooks say of s (not over; m its mirror image) against the
 * solver. */
void check_hooks(solver *sv, const gs_c4_state *s, const gs_c4_state *m)
{
    const gs_game *gm = &sv->gm;
    const void *ctx = gm->ctx;
    const int V = solve(sv, s);
    const double vmax = (s->moves & 1) ? -V : V;

    double lo, hi;
    assert_true(gm->solver->bounds(ctx, s, &lo, &hi));
    if (!(lo <= vmax && vmax <= hi))
        fail_msg("bounds [%g, %g] miss the score %g (%d moves)", lo, hi, vmax,
                 s->moves);
    assert_true(lo >= gm->min_value && hi <= gm->max_value);
    /* the solver's game: bounds as tight or tighter, still around it */
    gs_game exact;
    c4_game_exact(sv->g, &exact);
    double elo, ehi;
    assert_true(exact.solver->bounds(ctx, s, &elo, &ehi));
    if (!(lo <= elo && elo <= vmax && vmax <= ehi && ehi <= hi)) {
        for (int r = gs_c4_height(sv->g) - 1; r >= 0; r--) {
            for (int c = 0; c < gs_c4_width(sv->g); c++)
                printf("%c", ".XO"[gs_c4_cell(sv->g, s, c, r)]);
            printf("\n");
        }
        fail_msg("exact bounds [%g, %g] miss the score %g or leave [%g, %g] "
                 "(%d moves)", elo, ehi, vmax, lo, hi, s->moves);
    }

    double v = gm->value(ctx, s);
    if (v != 0.0 && v != vmax)
        fail_msg("value %g, score %g (%d moves)", v, vmax, s->moves);

    /* search_actions, right on its own (exact bounds or not) */
    gs_action acts[GS_C4_MAX_WIDTH], sacts[GS_C4_MAX_WIDTH];
    int n = gm->actions(ctx, s, acts);
    int ns = gm->solver->search_actions(ctx, s, sacts);
    int score[GS_C4_MAX_WIDTH];
    for (int i = 0; i < n; i++)
        score[i] = move_score(sv, s, acts[i]);
    if (ns == 0) {
        /* lost at once, as value() says */
        assert_true(v == vmax);
        assert_true(V < 0);
        for (int i = 0; i < n; i++)
            assert_int_equal(score[i], V);
    } else {
        int best_kept = -1000, k = 0;
        for (int i = 0; i < n; i++) {
            if (k < ns && sacts[k] == acts[i]) {
                k++;
                best_kept = score[i] > best_kept ? score[i] : best_kept;
            } else if (score[i] >= V) {
                fail_msg("search_actions leaves out column %d (score %d, "
                         "best %d)", acts[i] + 1, score[i], V);
            }
        }
        assert_int_equal(k, ns);   /* in the order of actions */
        assert_int_equal(best_kept, V);
    }

    /* bounds_actions: the bounds of `bounds` and, where they are not
     * exact, the actions of search_actions; handed the bounds `bounds`
     * gave, the same actions, the bounds left as they were */
    gs_action bacts[GS_C4_MAX_WIDTH];
    double blo = -INFINITY, bhi = INFINITY;
    int nb = gm->solver->bounds_actions(ctx, s, &blo, &bhi, bacts);
    assert_true(blo == lo && bhi == hi);
    if (lo < hi) {
        assert_int_equal(nb, ns);
        assert_memory_equal(bacts, sacts, (size_t)ns * sizeof *sacts);
        double klo = lo, khi = hi;
        gs_action kacts[GS_C4_MAX_WIDTH];
        assert_int_equal(gm->solver->bounds_actions(ctx, s, &klo, &khi, kacts),
                         ns);
        assert_true(klo == lo && khi == hi);
        assert_memory_equal(kacts, sacts, (size_t)ns * sizeof *sacts);
    } else {
        assert_int_equal(nb, 0);
    }

    assert_true(gm->solver->symmetries[0].hash(ctx, s) == gm->hash(ctx, m));
    assert_int_equal(solve(sv, m), V);
    assert_true(gm->value(ctx, m) == v);
}

/* check_hooks on s and every position below it (m: its mirror image). */
void check_below(solver *sv, const gs_c4_state *s, const gs_c4_state *m)
{
    if (s->over)
        return;
    solve(sv, s);
    memo_entry *e = slot(sv, s);
    assert_true(e->gen == sv->gen);
    if (e->checked)
        return;
    e->checked = 1;
    check_hooks(sv, s, m);
    sv->checked++;
    const int w = gs_c4_width(sv->g);
    for (int c = 0; c < w; c++) {
        gs_c4_state cs = *s, cm = *m;
        if (gs_c4_play(sv->g, &cs, c) != GS_OK)
            continue;
        assert_int_equal(gs_c4_play(sv->g, &cm, w - 1 - c), GS_OK);
        check_below(sv, &cs, &cm);
    }
}
