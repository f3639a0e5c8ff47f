/*
 * games/connect4/c4_kernels.h: the instance (struct gs_c4) and the bitboard
 * kernels on it, shared by the game (connect4.c) and its own search
 * (search.c). The board's layout and the key are drawn at the top of
 * connect4.c.
 */
#ifndef GS_C4_KERNELS_H
#define GS_C4_KERNELS_H

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>

#include "gamesearch/connect4.h"

struct gs_c4 {
    gs_allocator alloc;
    int width, height;
    int cells;                  /* width * height */
    int h1;                     /* height + 1: bits per column */
    uint64_t bottom;            /* the bottom cell of every column */
    uint64_t board;             /* every cell of the board (no guard bit) */
    uint64_t col_field;         /* the h1 bits of column 0, guard included */
    uint64_t col_mask[GS_C4_MAX_WIDTH];    /* the cells of each column */
    uint64_t col_bottom[GS_C4_MAX_WIDTH];  /* the bottom cell of each */
    uint64_t even_rows;         /* the cells of rows 2, 4, ... (from 1) */
    /* Columns centre first, then alternately left and right outward. */
    int order[GS_C4_MAX_WIDTH];
    uint64_t order_mask[GS_C4_MAX_WIDTH];  /* col_mask[order[i]] */
};

/* ---- Bit helpers ------------------------------------------------------- */

static inline int popcount64(uint64_t x)
{
    /* Bit-parallel counting: a few instructions, no call, on every
     * processor (the builtin calls a library routine unless the build
     * targets a processor with a popcount instruction). */
    x = x - ((x >> 1) & 0x5555555555555555u);
    x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
    return (int)((x * 0x0101010101010101u) >> 56);
}

/* splitmix64's finalizer: xor-shifts and odd multiplies, each invertible,
 * so distinct keys give distinct hashes. */
static inline uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/*
 * The kernels below take the board's shape (width, bits per column) as a
 * value: the game's callbacks come in two sets, one reading the shape from
 * the instance and one for the standard 7x6 board with the shape written
 * in, so that the compiler turns every shift into a constant one.
 */
typedef struct shape {
    int width;
    int h1;   /* height + 1 */
} shape;

#if defined(__GNUC__)
#define C4_KERNEL static inline __attribute__((always_inline))
#else
#define C4_KERNEL static inline
#endif

/* The cells of the board, and its rows, by the shape (constants for a
 * constant shape). */
static inline int sh_cells(shape sh)
{
    return sh.width * (sh.h1 - 1);
}

static inline int sh_height(shape sh)
{
    return sh.h1 - 1;
}

static inline shape shape_of(const gs_c4 *g)
{
    shape sh = {g->width, g->h1};
    return sh;
}

/* True when the stones p hold four in a row. */
C4_KERNEL bool has_four(shape sh, uint64_t p)
{
    uint64_t m = p & (p >> 1);
    bool four = (m & (m >> 2)) != 0;
    if (sh.width >= 4) {
        const int d0 = sh.h1, d1 = sh.h1 - 1, d2 = sh.h1 + 1;
        m = p & (p >> d0);
        four |= (m & (m >> (2 * d0))) != 0;
        m = p & (p >> d1);
        four |= (m & (m >> (2 * d1))) != 0;
        m = p & (p >> d2);
        four |= (m & (m >> (2 * d2))) != 0;
    }
    return four;
}

/* Winning cells along direction d: the cells x with three stones of p at
 * x-3d .. x-d, x-2d .. x+d, x-d .. x+2d or x+d .. x+3d. */
C4_KERNEL uint64_t line_ends(uint64_t p, int d)
{
    const uint64_t pair = p & (p << d);        /* x and x-d */
    const uint64_t lo = pair << d;             /* x-d and x-2d */
    const uint64_t hi = pair >> (2 * d);       /* x+d and x+2d */
    return (lo & ((p << (3 * d)) | (p >> d))) |
           (hi & ((p >> (3 * d)) | (p << d)));
}

/* The empty cells of the board where a stone would give p four in a row
 * (playable now or not). */
C4_KERNEL uint64_t winning_cells(const gs_c4 *g, shape sh, uint64_t p,
                                 uint64_t mask)
{
    /* Vertical: only the cell above three stones. */
    uint64_t r = (p << 1) & (p << 2) & (p << 3);
    if (sh.width >= 4)
        r |= line_ends(p, sh.h1) | line_ends(p, sh.h1 - 1) |
             line_ends(p, sh.h1 + 1);
    return r & ~mask & g->board;
}

/* The cells where the player to move can drop a stone now. */
C4_KERNEL uint64_t playable(const gs_c4 *g, const gs_c4_state *s)
{
    return (s->mask + g->bottom) & g->board;
}

/*
 * The cells the player to move may play without letting the opponent win
 * on the next move (0: every move loses at once). A move must block an
 * opponent's playable winning cell (two of them cannot both be blocked),
 * and must not go directly under an opponent's winning cell.
 */
C4_KERNEL uint64_t non_losing(const gs_c4 *g, shape sh, const gs_c4_state *s)
{
    uint64_t possible = playable(g, s);
    uint64_t opp_win = winning_cells(g, sh, s->current ^ s->mask, s->mask);
    uint64_t forced = possible & opp_win;
    if (forced) {
        if (forced & (forced - 1))
            return 0;
        possible = forced;
    }
    return possible & ~(opp_win >> 1);
}

/* The playable cells where the player to move wins at once. */
C4_KERNEL uint64_t winning_now(const gs_c4 *g, shape sh, const gs_c4_state *s)
{
    return playable(g, s) & winning_cells(g, sh, s->current, s->mask);
}

/* Plays the (playable) column col of s into child (which may be s). */
C4_KERNEL void play_col(const gs_c4 *g, shape sh, const gs_c4_state *s,
                        int col, gs_c4_state *child)
{
    const uint64_t mask = s->mask | (s->mask + g->col_bottom[col]);
    const uint64_t mover = s->current | (mask ^ s->mask);
    const int32_t moves = s->moves + 1;
    const int32_t winner = 1 + (s->moves & 1);
    child->current = mover ^ mask;
    child->mask = mask;
    child->over = has_four(sh, mover) ? winner : moves == sh_cells(sh) ? 3 : 0;
    child->moves = moves;
}

/* Writes the columns of the cells in `cells` (at most one a column) into
 * out in centre-first order; returns how many. */
C4_KERNEL int columns_of(const gs_c4 *g, shape sh, uint64_t cells,
                         gs_action *out)
{
    int n = 0;
    for (int i = 0; i < sh.width; i++) {
        out[n] = g->order[i];
        n += (cells & g->order_mask[i]) != 0;
    }
    return n;
}

/* The key of the mirror image: the columns of the key in reverse order. */
C4_KERNEL uint64_t mirror_key(const gs_c4 *g, shape sh, uint64_t key)
{
    uint64_t m = 0;
    const int last = (sh.width - 1) * sh.h1;
    for (int shift = 0; shift <= last; shift += sh.h1)
        m |= ((key >> shift) & g->col_field) << (last - shift);
    return m;
}

/*
 * Once half the board is full: a player who cannot make four even with
 * every empty cell cannot win, so the score is on their side of 0 at best
 * (both: a draw). Earlier, every line is still open in practice and the
 * test would only cost time.
 */
C4_KERNEL void dead_lines(const gs_c4 *g, shape sh, const gs_c4_state *s,
                          int *mlo, int *mhi)
{
    if (2 * s->moves < sh_cells(sh))
        return;
    const uint64_t empty = g->board & ~s->mask;
    if (!has_four(sh, s->current | empty))
        *mhi = 0;
    if (!has_four(sh, (s->current ^ s->mask) | empty))
        *mlo = 0;
}

/*
 * True when every line of four in `mine` lies above a line of four in
 * `theirs`: each cell of that line of theirs strictly below a cell of the
 * line of mine, in the same column. The cells under a line are all full
 * once its last cell is, so when every cell of `theirs` is theirs once
 * full (claimeven), they make four before any line of mine is whole.
 */
C4_KERNEL bool lines_covered(const gs_c4 *g, shape sh, uint64_t mine,
                             uint64_t theirs)
{
    const int dirs[4] = {1, sh.h1, sh.h1 - 1, sh.h1 + 1};
    const int ndirs = sh.width >= 4 ? 4 : 1;
    for (int i = 0; i < ndirs; i++) {
        const int d = dirs[i];
        uint64_t starts = mine & (mine >> d);
        starts &= starts >> (2 * d);
        while (starts) {
            const uint64_t p = starts & (0 - starts);
            starts &= starts - 1;
            /* The line, then every cell under it in its columns. */
            uint64_t t = p | (p << d) | (p << (2 * d)) | (p << (3 * d));
            uint64_t below = 0;
            for (int k = 1; k < sh.h1 - 1; k++) {
                t = (t >> 1) & g->board;
                below |= t;
            }
            if (!has_four(sh, theirs & below))
                return false;
        }
    }
    return true;
}

/*
 * Claimeven (Allis): on a board of even height, with an even number of
 * empty cells (the first player to move), the second player can take
 * every empty cell of an even row (counted from 1) that is not playable
 * now: they answer a move on an odd row directly above it, and a move on
 * a playable even-row cell on the playable even-row cell of another
 * column (such columns, with an odd number of empty cells, come in
 * pairs). The mover then holds at most their stones, the odd-row cells
 * and the even-row cells playable now. The mover cannot win when these
 * hold no line of four, nor when each such line lies above one of the
 * second player's (lines_covered): the score is 0 at best, and (exact:
 * for a search to the end of the game) below 0 when the second player's
 * cells hold a line of four, which the game fills at the latest when
 * every other cell is full but those from just under the line's highest
 * empty cell up. A search with a depth cutoff gets only the 0, which
 * every evaluation it backs up (0 when not known) keeps to. The lines
 * that lie above one of the second player's save the solver nodes on
 * every test set (docs/tuning.md).
 */
C4_KERNEL void claimeven(const gs_c4 *g, shape sh, const gs_c4_state *s,
                         bool exact, int *mhi)
{
    if ((sh_height(sh) & 1) || (s->moves & 1) || *mhi <= (exact ? -1 : 0))
        return;
    const uint64_t playable_now = playable(g, s);
    const uint64_t theirs = (s->current ^ s->mask) |
                            (g->even_rows & ~s->mask & ~playable_now);
    const uint64_t mine = g->board & ~theirs;
    if (!lines_covered(g, sh, mine, theirs))   /* true without lines */
        return;
    *mhi = 0;
    if (exact && has_four(sh, theirs)) {
        /* The mover can put a line of the second player's off at most
         * until every other cell is full but those from just under its
         * highest empty cell, on row R (from 1), up: the second player
         * then fills it with stone cells - height + R, for a score of
         * -(height + 2 - R) / 2; the first line so filled decides. */
        *mhi = -1;   /* the top row */
        for (int r = 1; r < sh_height(sh) - 1; r += 2) {
            const uint64_t low = g->bottom * (((uint64_t)2 << r) - 1);
            if (has_four(sh, theirs & (s->mask | low))) {
                *mhi = -(sh_height(sh) + 1 - r) / 2;
                break;
            }
        }
    }
}

/*
 * What the game knows of s, a game on, in the mover's view: the mover wins
 * at once (exact), or loses on the next move whatever they do (exact), or
 * the board fills before anyone can win (exact 0, since the mover can
 * neither win nor be forced to lose); otherwise the mover cannot win
 * before their second stone from now nor lose before the opponent's
 * second: a score within [-(cells - 2 - moves) / 2, (cells - 1 - moves) /
 * 2], narrowed by dead_lines and claimeven. Returns the cells worth
 * playing (those that do not let the opponent win at once), 0 when the
 * bounds meet.
 *
 * exact (a search to the end of the game): a mover left one such cell
 * (a forced move) is worth what the position after it is worth to the
 * opponent, and so on down the chain of forced moves, which is played out
 * here: the chain often ends in a position the rules above settle (a
 * double threat), and otherwise its end's bounds are tighter, more cells
 * being full. It saves the solver nodes and time (docs/tuning.md); what
 * it saves comes from the children's bounds, read before they are
 * searched, since a node's own chain was its parent's child's.
 *
 * known: s's mover is known to have no winning cell playable and the
 * opponent's winning cells are `threats` (a caller that worked them out
 * already); otherwise both are worked out here.
 */
C4_KERNEL uint64_t judge_from(const gs_c4 *g, shape sh, bool exact,
                              const gs_c4_state *s, bool known,
                              uint64_t threats, int *mlo, int *mhi)
{
    uint64_t first = 0;   /* s's cells worth playing */
    int lo = INT_MIN, hi = INT_MAX;   /* s's mover's view */
    gs_c4_state t = *s;
    for (bool flip = false;; flip = !flip) {
        /* The bounds of t (its mover's view) into tlo, thi. */
        int tlo, thi;
        uint64_t moves = 0;
        const uint64_t possible = playable(g, &t);
        if (!known && (possible & winning_cells(g, sh, t.current, t.mask))) {
            tlo = thi = (sh_cells(sh) + 1 - t.moves) / 2;
        } else {
            const uint64_t opp_win =
                known ? threats
                      : winning_cells(g, sh, t.current ^ t.mask, t.mask);
            known = false;
            const uint64_t forced = possible & opp_win;
            moves = possible;
            if (forced)
                moves = forced & (forced - 1) ? 0 : forced;
            moves &= ~(opp_win >> 1);
            if (!moves) {
                tlo = thi = -(sh_cells(sh) - t.moves) / 2;
            } else if (t.moves >= sh_cells(sh) - 2) {
                tlo = thi = 0;
            } else {
                tlo = -(sh_cells(sh) - 2 - t.moves) / 2;
                thi = (sh_cells(sh) - 1 - t.moves) / 2;
                dead_lines(g, sh, &t, &tlo, &thi);
                claimeven(g, sh, &t, exact, &thi);
            }
        }
        if (t.moves == s->moves)
            first = moves;
        /* s is worth what t is worth, to t's mover or against them. */
        if (flip) {
            int swap = tlo;
            tlo = -thi;
            thi = -swap;
        }
        if (tlo > lo)
            lo = tlo;
        if (thi < hi)
            hi = thi;
        assert(lo <= hi);
        if (!exact || lo >= hi || !moves || (moves & (moves - 1)))
            break;
        /* t's one move: the opponent keeps their stones, t's mover
         * (the opponent of the position after) adds one. */
        t.current ^= t.mask;
        t.mask |= moves;
        t.moves++;
    }
    *mlo = lo;
    *mhi = hi;
    return lo < hi ? first : 0;
}

/* judge_from with nothing known of s. */
C4_KERNEL uint64_t judge_k(const gs_c4 *g, shape sh, bool exact,
                           const gs_c4_state *s, int *mlo, int *mhi)
{
    return judge_from(g, sh, exact, s, false, 0, mlo, mhi);
}

/*
 * Each move's score: its player's winning cells (empty, playable or not)
 * once it is played, less those directly above one of the opponent's
 * (which the opponent fills first, so they never win), 3 points each, and
 * 2 more for one directly above a playable cell (the opponent can no
 * longer play under it). It leads the solver to fewer nodes than the
 * plain count of winning cells, exact and weak (docs/tuning.md).
 */
C4_KERNEL void order_hint_k(const gs_c4 *g, shape sh, const gs_c4_state *s,
                            const gs_action *actions, int n, int32_t *scores)
{
    const uint64_t opp_win =
        winning_cells(g, sh, s->current ^ s->mask, s->mask);
    for (int i = 0; i < n; i++) {
        const uint64_t mask = s->mask | (s->mask + g->col_bottom[actions[i]]);
        const uint64_t mover = s->current | (mask ^ s->mask);
        const uint64_t useful =
            winning_cells(g, sh, mover, mask) & ~((opp_win & ~mask) << 1);
        const uint64_t above = ((mask + g->bottom) & g->board) << 1;
        scores[i] = 3 * popcount64(useful) + 2 * popcount64(useful & above);
    }
}

#endif
