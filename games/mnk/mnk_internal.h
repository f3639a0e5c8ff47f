/*
 * games/mnk/mnk_internal.h: the layout of an m,n,k instance and of its
 * states, shared by the rules (mnk.c) and the line scans (mnk_eval.c).
 * Private to games/mnk: nothing outside this directory includes it.
 *
 * Cells. Cell c is row c / cols, column c % cols, counted from the top left
 * (cell = row * cols + col). At most 32 x 32 = 1024 cells.
 *
 * A state is one blob of gs_mnk_state_size() bytes:
 *
 *   offset 0   uint64  hash     Zobrist hash of the position (below)
 *          8   int32   stones   stones on the board; X is to move when even
 *         12   int16   last     the cell played last, -1 when unknown (the
 *                               empty board, or a position read by
 *                               gs_mnk_parse)
 *         14   uint8   winner   0 nobody, 1 X has a line, 2 O has a line
 *         15   uint8   zero     always 0, so that no byte is undefined
 *         16   uint64  bits[2 * words]
 *                               two bitboards of `words` = ceil(cells / 64)
 *                               words each: X's stones in bits[0 .. words-1],
 *                               O's in bits[words .. 2*words-1]; cell c is
 *                               bit c % 64 of word c / 64. Bits past the last
 *                               cell are always 0.
 *
 * A 3x3 state is 32 bytes, a 15x15 state 80. Callbacks cast the blob to
 * mnk_state: the engine hands states aligned for any type, and a caller of
 * the public functions must pass memory aligned for uint64_t (malloc'd
 * memory, or an array of uint64_t).
 *
 * Zobrist keys. keys[2 * c + side] (side 0 for X, 1 for O) is the key of a
 * stone of that side on cell c; keys[2 * cells] is the key of "O to move".
 * The hash of a position is the XOR of the keys of its stones, XORed with
 * the side key when O is to move. The keys come from splitmix64 started at
 * a fixed seed, so every instance of the same size has the same keys, run
 * after run. The winner and the last move are not hashed: they follow from
 * the stones (the winner) or do not change the game (the last move).
 *
 * Lines. lines[0 .. nlines-1] lists every maximal straight line of the
 * board in the four directions (rows, columns, both diagonals) that holds
 * at least k cells, as its first cell, the step between its cells (1, cols,
 * cols + 1 or cols - 1) and its length. Every window of k consecutive cells
 * in a direction lies in exactly one of them, so the evaluations, the
 * move-ordering hint and the winner scan of a parsed position all walk this
 * list.
 */
#ifndef GAMESEARCH_MNK_INTERNAL_H
#define GAMESEARCH_MNK_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gamesearch/mnk.h"

#define MNK_MAX_CELLS (GS_MNK_MAX_SIDE * GS_MNK_MAX_SIDE)
#define MNK_MAX_WORDS (MNK_MAX_CELLS / 64)
/* rows + cols lines straight, at most rows + cols - 1 per diagonal direction */
#define MNK_MAX_LINES (2 * GS_MNK_MAX_SIDE + 2 * (2 * GS_MNK_MAX_SIDE - 1))

/* ---- Tuning constants of the threat evaluation (GS_MNK_EVAL_THREATS) ----
 * Every value is from X's side and in units of a lone stone's window. */

/* A window of k cells holding only the stones of one side weighs
 * 10^((c - 1) * 3 / (k - 2)) for c stones: 1 for one stone, 1000 for k-1
 * (one move from a line), a factor 10 a stone when k is 5 (the weights
 * usually quoted for Gomoku), less for longer k so that the scale stays
 * put. */
#define MNK_THREAT_TOP_WEIGHT 1000.0
/* An open k-2 (Gomoku's open three: k-1 cells between two empty ends that
 * hold k-2 stones of one side, so one move makes an open k-1), k >= 4.
 * Below a k-1 window (1000): a closed four is more urgent than an open
 * three. */
#define MNK_THREAT_OPEN_THREE 300.0
/* The sum of the two terms above is held within this, so that a large
 * board full of small patterns never reaches the decisive values below. */
#define MNK_THREAT_BASE_CAP 30000.0
/* The side to move's share of the initiative in a quiet position. */
#define MNK_THREAT_TEMPO 5.0
/* The side to move has an open k-2 and the other side no k-1 window: it
 * makes an open k-1 next move, which wins unless the other side has
 * forcing moves of its own; not certain, so below the two values after. */
#define MNK_THREAT_OPEN_THREE_TO_MOVE 20000.0
/* The other side has two or more distinct cells that complete a line and
 * the side to move none: the side to move blocks one and loses (certain). */
#define MNK_THREAT_UNSTOPPABLE 80000.0
/* The side to move has a cell that completes a line: it wins next move
 * (certain). Still below GS_MNK_EVAL_MAX, as the header promises, and far
 * below GS_MNK_WIN, so that a win the search sees is preferred. */
#define MNK_THREAT_WIN_NEXT 90000.0

/* ---- Tuning constants of the move-ordering hint ----
 * Each empty cell scores the sum, over the windows of k cells through it,
 * of what a stone there does to the window, plus its closeness to the
 * centre (0 .. max(rows, cols)). A cell lies in at most 4k <= 128 windows,
 * so a sum stays below 128 * HINT_WIN, far from INT32_MAX. */
/* Completes a line of the side to move: always first. */
#define MNK_HINT_WIN 1000000
/* Blocks a line the other side completes next move: second (even a cell
 * that blocks eight at once stays below HINT_WIN). */
#define MNK_HINT_BLOCK_WIN 100000
/* Makes a k-1 window of the side to move (a threat the other side must
 * answer), and blocks one of the other side's k-2 windows. */
#define MNK_HINT_THREAT 10000
#define MNK_HINT_BLOCK_THREAT 5000
/* Smaller windows: 2 * 4^c for c stones of the side to move (an empty
 * window counts 2: room to grow), half that for blocking c of the other
 * side; capped, so that many small windows never outweigh a threat. */
#define MNK_HINT_SMALL_CAP 1000

typedef struct mnk_state {
    uint64_t hash;
    int32_t stones;
    int16_t last;
    uint8_t winner;
    uint8_t zero;
    uint64_t bits[];   /* X's words, then O's words */
} mnk_state;

typedef struct mnk_line {
    int16_t start;     /* first cell */
    int16_t step;      /* cell difference between neighbours on the line */
    int16_t len;       /* cells, >= k */
} mnk_line;

struct gs_mnk {
    gs_allocator alloc;
    gs_mnk_params p;
    int cells;         /* rows * cols */
    int words;         /* ceil(cells / 64) */
    int centre;        /* (rows / 2) * cols + cols / 2 */
    size_t state_size;
    uint64_t *keys;    /* 2 * cells + 1 Zobrist keys */
    int nlines;
    mnk_line lines[MNK_MAX_LINES];
    /* GS_MNK_EVAL_THREATS: weight[c] of a window with c stones of one side
     * and none of the other (c = 1 .. k; weight[0] = 0). */
    double weight[GS_MNK_MAX_SIDE + 1];
    /* order hint: hint_own[c] for a window holding c stones of the side to
     * move and none of the other, hint_block[c] for c > 0 stones of the
     * other side and none of the side to move (c = 0 .. k-1). */
    int32_t hint_own[GS_MNK_MAX_SIDE + 1];
    int32_t hint_block[GS_MNK_MAX_SIDE + 1];
};

static inline bool mnk_has(const uint64_t *bb, int cell)
{
    return (bb[cell >> 6] >> (cell & 63)) & 1u;
}

/* Writes one byte a cell into board[0 .. cells-1]: 0 empty, 1 X, 2 O. */
void mnk_board_bytes(const gs_mnk *g, const mnk_state *s, uint8_t *board);

/* Which sides have k in a row on `board` (bytes as above): bit 0 X, bit 1
 * O. Scans every window, unlike the rules, which look only through the
 * stone just played. */
int mnk_scan_lines(const gs_mnk *g, const uint8_t *board);

/* Adds the order hint's window scores (see the tuning constants) for a
 * stone of side `mover` (0 X, 1 O) into score[cell] for every empty cell;
 * score has `cells` entries, zeroed by the caller. */
void mnk_hint_windows(const gs_mnk *g, const uint8_t *board, int mover,
                      int32_t *score);

#endif /* GAMESEARCH_MNK_INTERNAL_H */
