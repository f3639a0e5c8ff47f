/*
 * tests/test_connect4.c: Connect Four (gamesearch/connect4.h): rules,
 * positions as text, scores, the search hooks, hashing and allocation
 * failure.
 *
 * Facts checked: from the empty 7x6 board, the move sequences of 0 .. 8
 * moves (none after a win) number 1, 7, 49, 343, 2401, 16807, 117649,
 * 823536 and 5673234, and the distinct positions after 0 .. 7 moves 1, 7,
 * 49, 238, 1120, 4263, 16422 and 54859.
 *
 * The hooks (value, order_hint, and the solver tier's bounds,
 * search_actions and mirror) are
 * checked against a plain memoised negamax (connect4_fixture.h), which
 * knows only the rules, on every position of the 4x4 game and on the
 * positions reachable from random 5x4 positions (test_connect4_sets adds
 * the end-game positions of the 7x6 test sets in ../shared, whose scores
 * it must reproduce). A second, cell-by-cell
 * referee checks wins, winning cells and the moves that lose at once on
 * random games over boards of many shapes, 8x7 (all 64 bits) included.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/connect4.h"
#include "../games/connect4/c4_internal.h"

#include "connect4_fixture.h"
#include "fixtures.h"
#include "track_alloc.h"

/* ---- Helpers ----------------------------------------------------------- */

static void parse_ok(const gs_c4 *g, const char *text, gs_c4_state *s)
{
    gs_error err;
    int rc = gs_c4_parse(g, text, strlen(text), s, &err);
    if (rc != GS_OK)
        fail_msg("\"%s\": unexpected parse failure %d at %d:%d: %s", text,
                 rc, err.line, err.column, err.message);
}

/* Columns centre first, then alternately left and right. */
static void centre_first(int width, int *order)
{
    int n = 0;
    order[n++] = width / 2;
    for (int d = 1; n < width; d++) {
        if (width / 2 - d >= 0)
            order[n++] = width / 2 - d;
        if (n < width && width / 2 + d < width)
            order[n++] = width / 2 + d;
    }
}

/* ---- A cell-by-cell referee -------------------------------------------- */

/* Would a stone of `who` (1 or 2) on the cell give four in a row? The cell
 * itself is not looked at. */
static bool naive_four_at(const gs_c4 *g, const gs_c4_state *s, int who,
                          int col, int row)
{
    static const int dir[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    const int w = gs_c4_width(g), h = gs_c4_height(g);
    for (int d = 0; d < 4; d++) {
        int run = 1;
        for (int sgn = -1; sgn <= 1; sgn += 2) {
            int c = col + sgn * dir[d][0], r = row + sgn * dir[d][1];
            while (c >= 0 && c < w && r >= 0 && r < h &&
                   gs_c4_cell(g, s, c, r) == who) {
                run++;
                c += sgn * dir[d][0];
                r += sgn * dir[d][1];
            }
        }
        if (run >= 4)
            return true;
    }
    return false;
}

/* 0, or the player (1 or 2) with four in a row somewhere. */
static int naive_winner(const gs_c4 *g, const gs_c4_state *s)
{
    const int w = gs_c4_width(g), h = gs_c4_height(g);
    int winner = 0;
    for (int c = 0; c < w; c++)
        for (int r = 0; r < h; r++) {
            int who = gs_c4_cell(g, s, c, r);
            if (who && naive_four_at(g, s, who, c, r)) {
                assert_true(winner == 0 || winner == who);
                winner = who;
            }
        }
    return winner;
}

/* The row where a stone dropped in col lands, or -1 (full). */
static int naive_drop_row(const gs_c4 *g, const gs_c4_state *s, int col)
{
    for (int r = 0; r < gs_c4_height(g); r++)
        if (gs_c4_cell(g, s, col, r) == 0)
            return r;
    return -1;
}

/* The order hint of the move that led to s, by its player `who`: 3 for
 * each of who's winning cells not directly above one of the opponent's,
 * 2 more for each of those directly above a playable cell. */
static int naive_order_hint(const gs_c4 *g, const gs_c4_state *s, int who)
{
    int n = 0;
    for (int c = 0; c < gs_c4_width(g); c++)
        for (int r = 0; r < gs_c4_height(g); r++) {
            if (gs_c4_cell(g, s, c, r) != 0 || !naive_four_at(g, s, who, c, r))
                continue;
            if (r > 0 && gs_c4_cell(g, s, c, r - 1) == 0 &&
                naive_four_at(g, s, 3 - who, c, r - 1))
                continue;
            n += 3 + 2 * (naive_drop_row(g, s, c) == r - 1);
        }
    return n;
}

/* The player to move can play col and win there. */
static bool naive_wins_now(const gs_c4 *g, const gs_c4_state *s, int col)
{
    int r = naive_drop_row(g, s, col);
    return r >= 0 && naive_four_at(g, s, 1 + (s->moves & 1), col, r);
}

/* ---- 1. Exhaustive counts on 7x6 ---------------------------------------- */

static uint64_t perft(const gs_game *gm, const gs_c4_state *s, int depth)
{
    if (depth == 0)
        return 1;
    if (gm->is_terminal(gm->ctx, s))
        return 0;
    gs_action acts[GS_C4_MAX_WIDTH];
    int n = gm->actions(gm->ctx, s, acts);
    uint64_t total = 0;
    gs_c4_state child;
    for (int i = 0; i < n; i++) {
        gm->apply(gm->ctx, s, acts[i], &child);
        total += perft(gm, &child, depth - 1);
    }
    return total;
}

static void test_perft(void **state)
{
    (void)state;
    static const uint64_t expected[] = {1,      7,      49,     343,    2401,
                                        16807,  117649, 823536, 5673234};
    gs_c4 *g = make(7, 6);
    gs_game game;
    gs_c4_game(g, &game);
    assert_int_equal(game.version, GS_GAME_VERSION);
    assert_int_equal(game.state_size, sizeof(gs_c4_state));
    gs_c4_state s;
    gs_c4_empty(g, &s);
    for (int d = 0; d < 9; d++)
        assert_int_equal(perft(&game, &s, d), expected[d]);
    gs_c4_free(g);
}

/* A position and its mirror image, built side by side. */
typedef struct pos_pair {
    gs_c4_state s, m;
} pos_pair;

static int cmp_pair(const void *a, const void *b)
{
    const gs_c4_state *x = &((const pos_pair *)a)->s;
    const gs_c4_state *y = &((const pos_pair *)b)->s;
    if (x->mask != y->mask)
        return x->mask < y->mask ? -1 : 1;
    if (x->current != y->current)
        return x->current < y->current ? -1 : 1;
    return 0;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Distinct positions ply by ply (a breadth-first walk that merges
 * transpositions), with their hashes: no two collide, the low 16 bits are
 * spread as a random function's would be, and mirror_hash is the hash of
 * the mirror image. */
static void test_distinct_positions(void **state)
{
    (void)state;
    static const long expected[] = {1, 7, 49, 238, 1120, 4263, 16422, 54859};
    enum { PLIES = 8 };
    gs_c4 *g = make(7, 6);
    gs_game game;
    gs_c4_game(g, &game);
    const void *ctx = game.ctx;

    size_t cap = 16422 * 7 + 16;
    pos_pair *layer = malloc(cap * sizeof *layer);
    pos_pair *next = malloc(cap * sizeof *next);
    size_t hcap = 80000;
    uint64_t *hashes = malloc(hcap * sizeof *hashes);
    uint8_t *seen16 = calloc(65536, 1);
    assert_non_null(layer);
    assert_non_null(next);
    assert_non_null(hashes);
    assert_non_null(seen16);
    size_t nh = 0;

    size_t n = 1;
    gs_c4_empty(g, &layer[0].s);
    gs_c4_empty(g, &layer[0].m);
    for (int ply = 0; ply < PLIES; ply++) {
        qsort(layer, n, sizeof *layer, cmp_pair);
        size_t u = 0;
        for (size_t i = 0; i < n; i++)
            if (u == 0 || cmp_pair(&layer[u - 1], &layer[i]) != 0)
                layer[u++] = layer[i];
        n = u;
        assert_int_equal(n, expected[ply]);

        size_t nn = 0;
        long spread = 0;
        for (size_t i = 0; i < n; i++) {
            const gs_c4_state *s = &layer[i].s, *m = &layer[i].m;
            assert_int_equal(s->moves, ply);
            assert_int_equal(game.to_move(ctx, s), ply & 1);
            uint64_t h = game.hash(ctx, s);
            const gs_symmetry *mirror = &game.solver->symmetries[0];
            assert_true(mirror->hash(ctx, s) == game.hash(ctx, m));
            assert_true(mirror->hash(ctx, m) == h);
            assert_true(nh < hcap);
            hashes[nh++] = h;
            if (ply == PLIES - 1 && !seen16[h & 0xFFFF]) {
                seen16[h & 0xFFFF] = 1;
                spread++;
            }
            if (ply == PLIES - 1 || game.is_terminal(ctx, s))
                continue;
            gs_action acts[GS_C4_MAX_WIDTH];
            int na = game.actions(ctx, s, acts);
            for (int k = 0; k < na; k++) {
                assert_true(nn < cap);
                game.apply(ctx, s, acts[k], &next[nn].s);
                game.apply(ctx, m, mirror->to_image(ctx, s, acts[k]),
                           &next[nn].m);
                nn++;
            }
        }
        if (ply == PLIES - 1) {
            /* 54859 keys into 65536 slots: about 37160 distinct. */
            assert_true(spread > 36000);
        }
        pos_pair *t = layer;
        layer = next;
        next = t;
        n = nn;
    }
    /* Distinct positions, distinct hashes. */
    qsort(hashes, nh, sizeof *hashes, cmp_u64);
    for (size_t i = 1; i < nh; i++)
        assert_true(hashes[i] != hashes[i - 1]);
    free(layer);
    free(next);
    free(hashes);
    free(seen16);
    gs_c4_free(g);
}

/* ---- 2. Rules against the referee, on many board shapes ----------------- */

static void check_cells_mirror(const gs_c4 *g, const gs_c4_state *s,
                               const gs_c4_state *m)
{
    const int w = gs_c4_width(g), h = gs_c4_height(g);
    for (int c = 0; c < w; c++)
        for (int r = 0; r < h; r++)
            assert_int_equal(gs_c4_cell(g, s, c, r),
                             gs_c4_cell(g, m, w - 1 - c, r));
}

/* True when player p (1 or 2) has a line of four cells on the board with
 * none of the other player's stones: they could still make four. */
static bool naive_open_line(const gs_c4 *g, const gs_c4_state *s, int p)
{
    const int w = gs_c4_width(g), h = gs_c4_height(g);
    static const int dir[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    for (int c = 0; c < w; c++)
        for (int r = 0; r < h; r++)
            for (int d = 0; d < 4; d++) {
                bool open = true;
                for (int k = 0; k < 4 && open; k++) {
                    int cc = c + k * dir[d][0], rr = r + k * dir[d][1];
                    open = cc >= 0 && cc < w && rr >= 0 && rr < h &&
                           gs_c4_cell(g, s, cc, rr) != 3 - p;
                }
                if (open)
                    return true;
            }
    return false;
}

/* True when the cell (c, r) is in player p's part of claimeven's split
 * (see naive_claimeven_line below). */
static bool naive_claimeven_cell(const gs_c4 *g, const gs_c4_state *s,
                                 int mover, int p, int c, int r)
{
    int who = gs_c4_cell(g, s, c, r);
    bool theirs = who == 3 - mover ||
                  (who == 0 && r % 2 == 1 && naive_drop_row(g, s, c) != r);
    return theirs == (p != mover);
}

/* The four cells of the line from (c, r) along direction d, false when it
 * leaves the board or a cell is not in player p's part. */
static bool naive_part_line(const gs_c4 *g, const gs_c4_state *s, int mover,
                            int p, int c, int r, int d, int cc[4], int rr[4])
{
    static const int dir[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    for (int k = 0; k < 4; k++) {
        cc[k] = c + k * dir[d][0];
        rr[k] = r + k * dir[d][1];
        if (cc[k] < 0 || cc[k] >= gs_c4_width(g) || rr[k] < 0 ||
            rr[k] >= gs_c4_height(g) ||
            !naive_claimeven_cell(g, s, mover, p, cc[k], rr[k]))
            return false;
    }
    return true;
}

/* Claimeven's split of the cells, for a position with an even number of
 * empty cells on a board of even height: the opponent of the mover (3 -
 * mover) gets their stones and every empty cell of an even row (from 1)
 * that is not playable now; the mover everything else. Returns -1 when
 * the player p's part holds no line of four, else the least, over such
 * lines, of the highest row (from 0) of an empty cell on the line (a
 * line has one until the game is over). */
static int naive_claimeven_line(const gs_c4 *g, const gs_c4_state *s,
                                int mover, int p)
{
    const int w = gs_c4_width(g), h = gs_c4_height(g);
    int low = -1;
    for (int c = 0; c < w; c++)
        for (int r = 0; r < h; r++)
            for (int d = 0; d < 4; d++) {
                int lc[4], lr[4];
                if (!naive_part_line(g, s, mover, p, c, r, d, lc, lr))
                    continue;
                int empty_row = -1;
                for (int k = 0; k < 4; k++)
                    if (gs_c4_cell(g, s, lc[k], lr[k]) == 0 &&
                        lr[k] > empty_row)
                        empty_row = lr[k];
                if (low < 0 || empty_row < low)
                    low = empty_row;
            }
    return low;
}

/* True when the mover cannot win by claimeven's split: each line of four
 * in their part has a line of the opponent's part under it (every cell of
 * it below a cell of the mover's line, in the same column). */
static bool naive_claimeven_blocked(const gs_c4 *g, const gs_c4_state *s,
                                    int mover)
{
    const int w = gs_c4_width(g), h = gs_c4_height(g);
    for (int c = 0; c < w; c++)
        for (int r = 0; r < h; r++)
            for (int d = 0; d < 4; d++) {
                int mc[4], mr[4];
                if (!naive_part_line(g, s, mover, mover, c, r, d, mc, mr))
                    continue;
                bool under = false;
                for (int c2 = 0; c2 < w && !under; c2++)
                    for (int r2 = 0; r2 < h && !under; r2++)
                        for (int d2 = 0; d2 < 4 && !under; d2++) {
                            int tc[4], tr[4];
                            if (!naive_part_line(g, s, mover, 3 - mover, c2,
                                                 r2, d2, tc, tr))
                                continue;
                            under = true;
                            for (int k = 0; k < 4 && under; k++) {
                                bool below = false;
                                for (int j = 0; j < 4; j++)
                                    below |= mc[j] == tc[k] && mr[j] > tr[k];
                                under = below;
                            }
                        }
                if (!under)
                    return false;
            }
    return true;
}

/*
 * The bounds the game gives a position s that is not over, worked out
 * cell by cell, in the mover's view (*lo the worst score, *hi the best).
 * A win at once, or every move losing at once, is exact; a board with at
 * most two empty cells is a draw. Otherwise the mover wins at best with
 * their next stone and loses at worst to the opponent's second stone
 * from now; once half the board is full, a player without an open line
 * cannot win (0 on their side); claimeven: when the mover's part (see
 * naive_claimeven_line) holds no line of four, or each of its lines lies
 * above one of the opponent's part, their score is 0 at best,
 * and (exact) when the opponent's part has one, a loss with the stone
 * that fills the highest empty cell (row r) of the first such line when
 * everything else is full. exact: a mover left one move that does not
 * lose at once (a forced move) is worth at most and at least what the
 * position after it is worth to the opponent, down the chain.
 */
static void naive_bounds(const gs_c4 *g, const gs_c4_state *s, bool exact,
                         int *lo, int *hi)
{
    const int w = gs_c4_width(g), h = gs_c4_height(g), cells = w * h;
    const int mover = 1 + (s->moves & 1);
    int safe = 0, last = -1;
    for (int c = 0; c < w; c++) {
        if (naive_drop_row(g, s, c) < 0)
            continue;
        if (naive_wins_now(g, s, c)) {
            *lo = *hi = win_score(g, s->moves);
            return;
        }
        gs_c4_state child = *s;
        assert_int_equal(gs_c4_play(g, &child, c), GS_OK);
        bool loses = false;
        for (int c2 = 0; c2 < w && child.over == 0; c2++)
            loses |= naive_wins_now(g, &child, c2);
        if (!loses) {
            safe++;
            last = c;
        }
    }
    if (safe == 0) {
        *lo = *hi = -win_score(g, s->moves + 1);
        return;
    }
    if (s->moves >= cells - 2) {
        *lo = *hi = 0;
        return;
    }
    const bool half = 2 * s->moves >= cells;
    *hi = half && !naive_open_line(g, s, mover) ? 0 : (cells - 1 - s->moves) / 2;
    *lo = half && !naive_open_line(g, s, 3 - mover)
              ? 0 : -((cells - 2 - s->moves) / 2);
    if (h % 2 == 0 && s->moves % 2 == 0 &&
        naive_claimeven_blocked(g, s, mover)) {
        int r = naive_claimeven_line(g, s, mover, 3 - mover);
        int ce = exact && r >= 0 ? -(h + 1 - r) / 2 : 0;
        if (ce < *hi)
            *hi = ce;
    }
    if (exact && safe == 1 && *lo < *hi) {
        gs_c4_state child = *s;
        assert_int_equal(gs_c4_play(g, &child, last), GS_OK);
        int clo, chi;
        naive_bounds(g, &child, exact, &clo, &chi);
        if (-chi > *lo)
            *lo = -chi;
        if (-clo < *hi)
            *hi = -clo;
        assert_true(*lo <= *hi);
    }
}

/* Checks, cell by cell, what the game says of a position that is not
 * over: the moves, the wins at once, the moves that lose at once, value,
 * bounds (where they are exact) and the order hint. */
static void check_against_referee(const gs_c4 *g, const gs_game *gm,
                                  bool exact, const gs_c4_state *s,
                                  const gs_c4_state *m)
{
    const void *ctx = gm->ctx;
    const int w = gs_c4_width(g);
    const int mover = 1 + (s->moves & 1), sign = mover == 1 ? 1 : -1;
    int order[GS_C4_MAX_WIDTH];
    centre_first(w, order);

    gs_action acts[GS_C4_MAX_WIDTH], sacts[GS_C4_MAX_WIDTH];
    int n = gm->actions(ctx, s, acts);
    int k = 0;
    bool win_now[GS_C4_MAX_WIDTH] = {false}, loses[GS_C4_MAX_WIDTH] = {false};
    bool any_win = false, all_lose = true;
    for (int i = 0; i < w; i++) {
        int c = order[i];
        if (naive_drop_row(g, s, c) < 0) {
            assert_false(gs_c4_can_play(g, s, c));
            continue;
        }
        assert_true(gs_c4_can_play(g, s, c));
        assert_true(k < n);
        assert_int_equal(acts[k], c);
        k++;
        win_now[c] = naive_wins_now(g, s, c);
        assert_int_equal(gs_c4_is_winning_move(g, s, c), win_now[c]);
        any_win |= win_now[c];
        gs_c4_state child = *s;
        assert_int_equal(gs_c4_play(g, &child, c), GS_OK);
        /* the order hint: the mover's winning cells after the move */
        int32_t hint;
        gs_action a = c;
        gm->order_hint(ctx, s, &a, 1, &hint);
        assert_int_equal(hint, naive_order_hint(g, &child, mover));
        if (!win_now[c] && child.over == 0) {
            for (int c2 = 0; c2 < w; c2++)
                loses[c] |= naive_wins_now(g, &child, c2);
        }
        all_lose &= loses[c];
    }
    assert_int_equal(k, n);
    assert_false(gs_c4_can_play(g, s, -1));
    assert_false(gs_c4_can_play(g, s, w));

    /* search_actions: the wins at once when there are any, else the
     * moves that do not lose at once */
    int ns = gm->solver->search_actions(ctx, s, sacts);
    k = 0;
    for (int i = 0; i < w; i++) {
        int c = order[i];
        if (naive_drop_row(g, s, c) < 0 || (any_win ? !win_now[c] : loses[c]))
            continue;
        assert_true(k < ns);
        assert_int_equal(sacts[k], c);
        k++;
    }
    assert_int_equal(k, ns);

    /* value and bounds where they are exact */
    double v = gm->value(ctx, s), lo, hi;
    assert_true(gm->solver->bounds(ctx, s, &lo, &hi));
    assert_true(lo <= hi);
    if (any_win) {
        assert_true(v == sign * win_score(g, s->moves));
        assert_true(lo == v && hi == v);
    } else if (all_lose) {
        assert_true(v == -sign * win_score(g, s->moves + 1));
        assert_true(lo == v && hi == v);
        assert_int_equal(ns, 0);
    } else {
        assert_true(v == 0.0);
        int want_lo, want_hi;
        naive_bounds(g, s, exact, &want_lo, &want_hi);
        /* the mover's best and worst, seen from the first player */
        double best = sign > 0 ? hi : -lo, worst = sign > 0 ? lo : -hi;
        assert_true(best == want_hi);
        assert_true(worst == want_lo);
    }

    /* the mirror image */
    check_cells_mirror(g, s, m);
    assert_true(gm->solver->symmetries[0].hash(ctx, s) == gm->hash(ctx, m));
    for (int i = 0; i < n; i++) {
        const gs_symmetry *mirror = &gm->solver->symmetries[0];
        assert_int_equal(mirror->to_image(ctx, s, acts[i]), w - 1 - acts[i]);
        assert_int_equal(mirror->from_image(ctx, s, acts[i]), w - 1 - acts[i]);
    }
}

static void random_games(int width, int height, int games, uint64_t seed)
{
    gs_c4 *g = make(width, height);
    gs_game gm, exact;
    gs_c4_game(g, &gm);
    c4_game_exact(g, &exact);
    const int cells = width * height;
    int owner[GS_C4_MAX_WIDTH][64];
    for (int t = 0; t < games; t++) {
        gs_c4_state s, m;
        gs_c4_empty(g, &s);
        gs_c4_empty(g, &m);
        memset(owner, 0, sizeof owner);
        int fill[GS_C4_MAX_WIDTH] = {0};
        while (!gm.is_terminal(gm.ctx, &s)) {
            check_against_referee(g, &gm, false, &s, &m);
            check_against_referee(g, &exact, true, &s, &m);
            int col;
            do
                col = (int)(rng_next(&seed) % (uint64_t)width);
            while (fill[col] == height);
            int mover = 1 + (s.moves & 1);
            bool wins = naive_wins_now(g, &s, col);
            gs_c4_state before = s;
            assert_int_equal(gs_c4_play(g, &s, col), GS_OK);
            gs_c4_state child;
            gm.apply(gm.ctx, &before, col, &child);
            assert_memory_equal(&child, &s, sizeof s);
            assert_int_equal(gs_c4_play(g, &m, width - 1 - col), GS_OK);
            owner[col][fill[col]++] = mover;
            for (int c = 0; c < width; c++)
                for (int r = 0; r < height; r++)
                    assert_int_equal(gs_c4_cell(g, &s, c, r), owner[c][r]);
            assert_int_equal(gs_c4_to_move(&s), s.moves & 1);
            int winner = naive_winner(g, &s);
            assert_int_equal(winner, wins ? mover : 0);
            int over = winner ? winner : s.moves == cells ? 3 : 0;
            assert_int_equal(s.over, over);
            assert_int_equal(m.over, over);
        }
        /* the finished game's score */
        double v = gm.value(gm.ctx, &s);
        int score = win_score(g, s.moves - 1);
        assert_true(v == (s.over == 1 ? score : s.over == 2 ? -score : 0));
        assert_true(gm.solver->symmetries[0].hash(gm.ctx, &s) ==
                    gm.hash(gm.ctx, &m));
        assert_int_equal(gm.actions(gm.ctx, &s, (gs_action[GS_C4_MAX_WIDTH]){0}), 0);
        assert_int_equal(
            gm.solver->search_actions(gm.ctx, &s,
                                      (gs_action[GS_C4_MAX_WIDTH]){0}),
            0);
        for (int c = 0; c < width; c++) {
            gs_c4_state after = s;
            assert_false(gs_c4_can_play(g, &s, c));
            assert_int_equal(gs_c4_play(g, &after, c), GS_EINVAL);
            assert_memory_equal(&after, &s, sizeof s);
        }
    }
    gs_c4_free(g);
}

static void test_rules_random_games(void **state)
{
    (void)state;
    random_games(7, 6, 200, 1);
    random_games(4, 4, 200, 2);
    random_games(5, 4, 200, 3);
    random_games(8, 7, 120, 4);     /* 64 bits, guard row included */
    random_games(9, 6, 120, 5);
    random_games(6, 9, 60, 6);
    random_games(4, 15, 50, 7);     /* 64 bits, tall */
    random_games(3, 15, 50, 8);     /* vertical lines only */
    random_games(2, 31, 20, 9);
    random_games(1, 63, 5, 10);
    random_games(9, 1, 100, 11);    /* across only */
    random_games(4, 1, 100, 12);
    random_games(1, 1, 1, 13);
}

/* ---- 3. Positions as text ----------------------------------------------- */

static void expect_parse_error(const gs_c4 *g, const char *text, size_t len,
                               int index, const char *message)
{
    /* index: the bad character's 0-based place, or -1 for the whole text
     * (the error record's line 0, column 0) */
    int line = index < 0 ? 0 : 1, column = index + 1;
    gs_c4_state s;
    gs_c4_empty(g, &s);
    assert_int_equal(gs_c4_play(g, &s, 0), GS_OK);   /* must stay as it is */
    gs_c4_state before = s;
    gs_error err;
    int rc = gs_c4_parse(g, text, len, &s, &err);
    if (rc != GS_EPARSE || err.line != line || err.column != column ||
        strcmp(err.message, message) != 0)
        fail_msg("input \"%.*s\":\n  got      %d %d:%d: %s\n  expected %d %d:%d: %s",
                 (int)len, text, rc, err.line, err.column, err.message,
                 GS_EPARSE, line, column, message);
    assert_memory_equal(&s, &before, sizeof s);
    assert_int_equal(gs_c4_parse(g, text, len, &s, NULL), GS_EPARSE);
}

static void bad(const gs_c4 *g, const char *text, int index, const char *message)
{
    expect_parse_error(g, text, strlen(text), index, message);
}

/* Plays a random game on g to its end; writes its moves as text. */
static void random_game_text(const gs_c4 *g, uint64_t *seed, char *text,
                             gs_c4_state *s)
{
    int n = 0;
    gs_c4_empty(g, s);
    while (s->over == 0) {
        int col = (int)(rng_next(seed) % (uint64_t)gs_c4_width(g));
        if (gs_c4_play(g, s, col) == GS_OK)
            text[n++] = (char)('1' + col);
    }
    text[n] = '\0';
}

static void test_parse(void **state)
{
    (void)state;
    gs_c4 *g = make(7, 6);
    gs_c4_state s;
    gs_error err;

    /* the empty string, with or without a pointer */
    assert_int_equal(gs_c4_parse(g, "", 0, &s, &err), GS_OK);
    assert_int_equal(s.moves, 0);
    assert_int_equal(gs_c4_parse(g, NULL, 0, &s, &err), GS_OK);
    assert_int_equal(s.moves, 0);
    assert_int_equal(gs_c4_parse(g, "  \r\n", 4, &s, &err), GS_OK);
    assert_int_equal(s.moves, 0);

    parse_ok(g, "4453", &s);
    assert_int_equal(s.moves, 4);
    assert_int_equal(s.over, 0);
    assert_int_equal(gs_c4_cell(g, &s, 3, 0), 1);
    assert_int_equal(gs_c4_cell(g, &s, 3, 1), 2);
    assert_int_equal(gs_c4_cell(g, &s, 4, 0), 1);
    assert_int_equal(gs_c4_cell(g, &s, 2, 0), 2);
    assert_int_equal(gs_c4_cell(g, &s, 2, 1), 0);
    assert_int_equal(gs_c4_to_move(&s), 0);

    /* trailing blanks; only len bytes are read */
    gs_c4_state t;
    parse_ok(g, "4453  \r", &t);
    assert_memory_equal(&s, &t, sizeof s);
    parse_ok(g, "4453\r\n", &t);
    assert_memory_equal(&s, &t, sizeof s);
    assert_int_equal(gs_c4_parse(g, "4453x", 4, &t, &err), GS_OK);
    assert_memory_equal(&s, &t, sizeof s);
    assert_int_equal(gs_c4_parse(g, "44539", 4, &t, &err), GS_OK);
    assert_memory_equal(&s, &t, sizeof s);
    assert_int_equal(err.line, 0);
    assert_int_equal(err.column, 0);

    /* a long line of the test sets */
    parse_ok(g, "5554224333234511764415115", &s);
    assert_int_equal(s.moves, 25);
    assert_int_equal(s.over, 0);

    /* every error, where it is */
    bad(g, "44a", 2, "'a' is not a column (columns are 1-7)");
    bad(g, "0", 0, "'0' is not a column (columns are 1-7)");
    bad(g, "448", 2, "'8' is not a column (columns are 1-7)");
    bad(g, "4-4", 1, "'-' is not a column (columns are 1-7)");
    expect_parse_error(g, "44\0" "1", 4, 2,
                       "byte 0x00 is not a column (columns are 1-7)");
    bad(g, "44\x01", 2, "byte 0x01 is not a column (columns are 1-7)");
    bad(g, "3333333", 6, "column 3 is full");
    bad(g, "1212121", 6, "the move in column 1 wins: the game is over");
    bad(g, "12121213", 6, "the move in column 1 wins: the game is over");
    bad(g, "5152535", 6, "the move in column 5 wins: the game is over");
    bad(g, "4453 x", 5, "unexpected 'x' after the moves");
    bad(g, "4453 4", 5, "unexpected '4' after the moves");
    bad(g, "4453 \t 7", 7, "unexpected '7' after the moves");
    bad(g, " 4", 1, "unexpected '4' after the moves");
    bad(g, "4453\x7f", 4, "byte 0x7F is not a column (columns are 1-7)");

    /* NULL arguments */
    assert_int_equal(gs_c4_parse(NULL, "4", 1, &s, &err), GS_EINVAL);
    assert_int_equal(gs_c4_parse(g, "4", 1, NULL, &err), GS_EINVAL);
    assert_int_equal(gs_c4_parse(g, NULL, 1, &s, &err), GS_EINVAL);

    /* the board fills: a drawn 7x6 game (found by random play) */
    uint64_t seed = 99;
    char text[GS_C4_MAX_CELLS + 1];
    for (int tries = 0;; tries++) {
        assert_true(tries < 100000);
        random_game_text(g, &seed, text, &s);
        if (s.over == 3)
            break;
    }
    assert_int_equal(strlen(text), 42);
    bad(g, text, 41, "the board is full: the game is over");
    assert_int_equal(gs_c4_parse(g, text, 41, &s, &err), GS_OK);
    assert_int_equal(s.moves, 41);
    gs_c4_free(g);

    /* other widths say so */
    g = make(5, 4);
    bad(g, "16", 1, "'6' is not a column (columns are 1-5)");
    bad(g, "11111", 4, "column 1 is full");
    gs_c4_free(g);
    g = make(1, 3);
    bad(g, "2", 0, "'2' is not a column (the only column is 1)");
    bad(g, "111", 2, "the board is full: the game is over");
    gs_c4_free(g);
    g = make(9, 6);
    parse_ok(g, "9999", &s);
    assert_int_equal(gs_c4_cell(g, &s, 8, 3), 2);
    gs_c4_free(g);
}

/* ---- 4. Scores ---------------------------------------------------------- */

static void play_text(const gs_c4 *g, const char *moves, gs_c4_state *s)
{
    gs_c4_empty(g, s);
    for (const char *p = moves; *p; p++)
        assert_int_equal(gs_c4_play(g, s, *p - '1'), GS_OK);
}

static void test_scores(void **state)
{
    (void)state;
    gs_c4 *g = make(7, 6);
    gs_game gm;
    gs_c4_game(g, &gm);
    const void *ctx = gm.ctx;
    assert_int_equal(gm.num_agents, 2);
    assert_int_equal(gm.max_actions, 7);
    assert_int_equal(gm.role(ctx, 0), GS_ROLE_MAX);
    assert_int_equal(gm.role(ctx, 1), GS_ROLE_MIN);
    assert_true(gm.has_bounds);
    assert_true(gm.min_value == -21.0 && gm.max_value == 21.0);
    const gs_solver *sv = gm.solver;
    assert_non_null(sv);
    assert_int_equal(sv->version, GS_SOLVER_VERSION);
    assert_true(sv->value_grain == 1.0);
    assert_non_null(sv->bounds);
    assert_non_null(sv->search_actions);
    assert_non_null(sv->bounds_actions);
    assert_non_null(sv->child_hash);
    assert_non_null(gm.order_hint);
    assert_non_null(gm.hash);
    assert_int_equal(sv->num_symmetries, 1);
    assert_non_null(sv->symmetries[0].hash);
    assert_non_null(sv->symmetries[0].to_image);
    assert_non_null(sv->symmetries[0].from_image);
    assert_null(gm.probabilities);

    assert_int_equal(gs_c4_win_score(g, 0), 21);
    assert_int_equal(gs_c4_win_score(g, 6), 18);
    assert_int_equal(gs_c4_win_score(g, 39), 2);
    assert_int_equal(gs_c4_win_score(g, 40), 1);
    assert_int_equal(gs_c4_win_score(g, 41), 1);

    gs_c4_state s;
    double lo, hi;
    /* the first player wins with the 7th stone: 18 */
    play_text(g, "121212", &s);
    assert_true(gm.value(ctx, &s) == 18.0);
    assert_true(sv->bounds(ctx, &s, &lo, &hi) && lo == 18.0 && hi == 18.0);
    gs_action acts[7];
    /* search_actions is right on its own: the win, whatever bounds say */
    assert_int_equal(sv->search_actions(ctx, &s, acts), 1);
    assert_int_equal(acts[0], 0);
    assert_int_equal(gs_c4_play(g, &s, 0), GS_OK);
    assert_int_equal(s.over, 1);
    assert_true(gm.is_terminal(ctx, &s));
    assert_true(gm.value(ctx, &s) == 18.0);
    /* the second player to move wins at once with the 8th stone: -18 */
    play_text(g, "1212123", &s);
    assert_true(gm.value(ctx, &s) == -18.0);
    assert_true(sv->bounds(ctx, &s, &lo, &hi) && lo == -18.0 && hi == -18.0);
    assert_int_equal(sv->search_actions(ctx, &s, acts), 1);
    assert_int_equal(acts[0], 1);
    assert_int_equal(gs_c4_play(g, &s, 1), GS_OK);
    assert_int_equal(s.over, 2);
    assert_true(gm.value(ctx, &s) == -18.0);
    /* the second player cannot stop an open three: the first wins with
     * the 7th stone */
    play_text(g, "26374", &s);
    assert_true(gm.value(ctx, &s) == 18.0);
    assert_true(sv->bounds(ctx, &s, &lo, &hi) && lo == 18.0 && hi == 18.0);
    assert_int_equal(sv->search_actions(ctx, &s, acts), 0);
    /* the first player must block column 1 */
    play_text(g, "213161", &s);
    assert_true(gm.value(ctx, &s) == 0.0);
    assert_int_equal(sv->search_actions(ctx, &s, acts), 1);
    assert_int_equal(acts[0], 0);
    /* the empty board: the centre first; nothing known yet */
    gs_c4_empty(g, &s);
    assert_int_equal(gm.actions(ctx, &s, acts), 7);
    static const gs_action order[7] = {3, 2, 4, 1, 5, 0, 6};
    assert_memory_equal(acts, order, sizeof order);
    assert_true(gm.value(ctx, &s) == 0.0);
    assert_true(sv->bounds(ctx, &s, &lo, &hi) && lo == -20.0 && hi == 20.0);
    assert_int_equal(sv->search_actions(ctx, &s, acts), 7);
    assert_memory_equal(acts, order, sizeof order);
    int32_t hints[7];
    gm.order_hint(ctx, &s, order, 7, hints);
    for (int i = 0; i < 7; i++)
        assert_int_equal(hints[i], 0);
    /* the first player: 3 then 6 make two winning cells, each on the
     * bottom row (3 points each, none above a playable cell) */
    play_text(g, "4455", &s);
    gs_action cols[2] = {2, 5};
    gm.order_hint(ctx, &s, cols, 2, hints);
    assert_int_equal(hints[0], 6);
    assert_int_equal(hints[1], 6);
    /* the second player's view of the bounds: swapped and negated */
    play_text(g, "4", &s);
    assert_true(sv->bounds(ctx, &s, &lo, &hi) && lo == -20.0 && hi == 19.0);
    play_text(g, "44", &s);
    assert_true(sv->bounds(ctx, &s, &lo, &hi) && lo == -19.0 && hi == 19.0);
    play_text(g, "444", &s);
    assert_true(sv->bounds(ctx, &s, &lo, &hi) && lo == -19.0 && hi == 18.0);

    char name[8];
    assert_int_equal(gm.action_name(ctx, &s, 0, name, sizeof name), 1);
    assert_string_equal(name, "1");
    assert_int_equal(gm.action_name(ctx, &s, 6, name, sizeof name), 1);
    assert_string_equal(name, "7");
    assert_int_equal(sv->symmetries[0].to_image(ctx, &s, 0), 6);
    assert_int_equal(sv->symmetries[0].to_image(ctx, &s, 3), 3);
    assert_int_equal(sv->symmetries[0].from_image(ctx, &s, 6), 0);
    assert_int_equal(gs_c4_play(g, &s, 7), GS_EINVAL);
    assert_int_equal(gs_c4_play(g, &s, -1), GS_EINVAL);
    gs_c4_free(g);

    /* a 9-wide board: column 9 */
    g = make(9, 6);
    gs_c4_game(g, &gm);
    assert_int_equal(gm.action_name(gm.ctx, &s, 8, name, sizeof name), 1);
    assert_string_equal(name, "9");
    assert_true(gm.max_value == 27.0);
    gs_c4_free(g);
}

/* ---- 5. The hooks against a brute-force solver --------------------------- */

/* Every position of the 4x4 game. */
static void test_hooks_4x4(void **state)
{
    (void)state;
    gs_c4 *g = make(4, 4);
    solver sv;
    solver_init(&sv, g, (size_t)1 << 19);
    gs_c4_state s;
    gs_c4_empty(g, &s);
    assert_int_equal(solve(&sv, &s), 0);   /* 4x4 is a draw */
    check_below(&sv, &s, &s);
    assert_true(sv.checked > 100000);
    free(sv.t);
    gs_c4_free(g);
}

/* Every position below random 5x4 positions of 7 to 10 stones. */
static void test_hooks_5x4(void **state)
{
    (void)state;
    gs_c4 *g = make(5, 4);
    solver sv;
    solver_init(&sv, g, (size_t)1 << 18);
    uint64_t seed = 54;
    for (int root = 0; root < 24;) {
        int target = 7 + (int)(rng_next(&seed) % 4);
        gs_c4_state s, m;
        gs_c4_empty(g, &s);
        gs_c4_empty(g, &m);
        while (s.over == 0 && s.moves < target) {
            int c = (int)(rng_next(&seed) % 5);
            if (gs_c4_play(g, &s, c) == GS_OK)
                assert_int_equal(gs_c4_play(g, &m, 4 - c), GS_OK);
        }
        if (s.over)
            continue;
        solver_reset(&sv);
        check_below(&sv, &s, &m);
        root++;
    }
    assert_true(sv.checked > 10000);
    free(sv.t);
    gs_c4_free(g);
}

/* ---- 6. The instance ------------------------------------------------------ */

static void test_params(void **state)
{
    (void)state;
    static const int bad_sizes[][2] = {{0, 6},  {10, 6}, {7, 0},   {-1, 6},
                                       {7, -1}, {9, 7},  {7, 9},   {1, 64},
                                       {2, 32}, {4, 16}, {1, 1000000000}};
    static const int good_sizes[][2] = {{1, 1}, {9, 6}, {8, 7}, {1, 63},
                                        {2, 31}, {4, 15}, {9, 1}};
    gs_c4_params p;
    gs_c4_params_init(&p);
    assert_int_equal(p.width, 7);
    assert_int_equal(p.height, 6);
    gs_c4 *g = (gs_c4 *)(uintptr_t)1;
    for (size_t i = 0; i < sizeof bad_sizes / sizeof bad_sizes[0]; i++) {
        p.width = bad_sizes[i][0];
        p.height = bad_sizes[i][1];
        g = (gs_c4 *)(uintptr_t)1;
        assert_int_equal(gs_c4_new(&p, NULL, &g), GS_EINVAL);
        assert_null(g);
    }
    for (size_t i = 0; i < sizeof good_sizes / sizeof good_sizes[0]; i++) {
        p.width = good_sizes[i][0];
        p.height = good_sizes[i][1];
        assert_int_equal(gs_c4_new(&p, NULL, &g), GS_OK);
        assert_non_null(g);
        gs_c4_free(g);
    }
    assert_int_equal(gs_c4_new(NULL, NULL, &g), GS_EINVAL);
    assert_null(g);
    gs_c4_params_init(&p);
    assert_int_equal(gs_c4_new(&p, NULL, NULL), GS_EINVAL);
    gs_allocator none = {NULL, NULL};
    assert_int_equal(gs_c4_new(&p, &none, &g), GS_EINVAL);
    gs_c4_free(NULL);
}

static void test_allocation_failure(void **state)
{
    (void)state;
    gs_c4_params p;
    gs_c4_params_init(&p);
    long n = 1;
    for (;; n++) {
        track t;
        gs_allocator a = tracker(&t);
        t.fail_at = n;
        gs_c4 *g = (gs_c4 *)(uintptr_t)1;
        int rc = gs_c4_new(&p, &a, &g);
        if (rc == GS_OK) {
            assert_int_equal(t.failed, 0);
            assert_non_null(g);
            gs_c4_state s;
            gs_c4_empty(g, &s);
            assert_int_equal(gs_c4_play(g, &s, 3), GS_OK);
            gs_c4_free(g);
            assert_int_equal(t.live, 0);
            break;
        }
        assert_int_equal(rc, GS_ENOMEM);
        assert_int_equal(t.failed, 1);
        assert_null(g);
        assert_int_equal(t.live, 0);
    }
    assert_true(n >= 2);   /* at least one failure was tried */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft),
        cmocka_unit_test(test_distinct_positions),
        cmocka_unit_test(test_rules_random_games),
        cmocka_unit_test(test_parse),
        cmocka_unit_test(test_scores),
        cmocka_unit_test(test_hooks_4x4),
        cmocka_unit_test(test_hooks_5x4),
        cmocka_unit_test(test_params),
        cmocka_unit_test(test_allocation_failure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
