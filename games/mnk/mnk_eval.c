/*
 * games/mnk/mnk_eval.c: everything that looks at the windows of a board:
 * the static evaluations, the move-ordering hint and the winner of a
 * parsed position.
 *
 * Data layout. Each scan first spreads the bitboards into one byte a cell
 * (0 empty, 1 X, 2 O; at most 1024 bytes on the stack), then walks the
 * instance's list of lines (mnk_internal.h): for each line it copies the
 * line's cells into v[0 .. len-1] and prefix counts
 *
 *   nx[i] = X stones in v[0 .. i-1],   no[i] = O stones in v[0 .. i-1],
 *
 * so that the window of k cells starting at position s holds
 * nx[s+k] - nx[s] X stones and no[s+k] - no[s] O stones. Every window of k
 * consecutive cells of the board, in the four directions, is one (line, s)
 * pair, so each is counted exactly once. A 15x15 board with k 5 has 72
 * lines and 572 windows.
 */
#include <assert.h>
#include <string.h>

#include "mnk_internal.h"

typedef struct line_view {
    int len;
    int start, step;                     /* cell of v[i]: start + i * step */
    uint8_t v[GS_MNK_MAX_SIDE];
    uint8_t nx[GS_MNK_MAX_SIDE + 1];
    uint8_t no[GS_MNK_MAX_SIDE + 1];
} line_view;

static void view_line(const mnk_line *l, const uint8_t *board, line_view *lv)
{
    lv->len = l->len;
    lv->start = l->start;
    lv->step = l->step;
    lv->nx[0] = lv->no[0] = 0;
    for (int i = 0, cell = l->start; i < l->len; i++, cell += l->step) {
        uint8_t b = board[cell];
        lv->v[i] = b;
        lv->nx[i + 1] = (uint8_t)(lv->nx[i] + (b == 1));
        lv->no[i + 1] = (uint8_t)(lv->no[i] + (b == 2));
    }
}

static int popcount64(uint64_t x)
{
#if defined(__GNUC__)
    return __builtin_popcountll(x);
#else
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
#endif
}

int mnk_scan_lines(const gs_mnk *g, const uint8_t *board)
{
    const int k = g->p.k;
    int found = 0;
    line_view lv;
    for (int i = 0; i < g->nlines; i++) {
        view_line(&g->lines[i], board, &lv);
        for (int s = 0; s + k <= lv.len; s++) {
            if (lv.nx[s + k] - lv.nx[s] == k)
                found |= 1;
            if (lv.no[s + k] - lv.no[s] == k)
                found |= 2;
        }
    }
    return found;
}

void mnk_hint_windows(const gs_mnk *g, const uint8_t *board, int mover,
                      int32_t *score)
{
    const int k = g->p.k;
    line_view lv;
    for (int i = 0; i < g->nlines; i++) {
        view_line(&g->lines[i], board, &lv);
        for (int s = 0; s + k <= lv.len; s++) {
            int cx = lv.nx[s + k] - lv.nx[s], co = lv.no[s + k] - lv.no[s];
            int own = mover == 0 ? cx : co, other = mover == 0 ? co : cx;
            int32_t add;
            if (other == 0 && own < k)
                add = g->hint_own[own];
            else if (own == 0 && other < k)
                add = g->hint_block[other];
            else
                continue;   /* both sides: dead; or full: the game is over */
            for (int j = s; j < s + k; j++)
                if (lv.v[j] == 0)
                    score[lv.start + j * lv.step] += add;
        }
    }
}

/*
 * GS_MNK_EVAL_LINES. Over every window w of k consecutive cells in the four
 * directions, with x(w) and o(w) the X and O stones in it:
 *
 *   E = sum_w [o(w) = 0] - [x(w) = 0]
 *           + 10 * ([x(w) = k-1 and o(w) = 0] - [o(w) = k-1 and x(w) = 0])
 *
 * the last term only for k >= 2. An empty window counts +1 - 1 = 0, so the
 * empty board is 0 (3x3: 8 - 8); a window with k-1 stones of one side and
 * its last cell empty is one move from a line (the two-in-a-row of
 * tic-tac-toe) and counts 11 in all.
 */
static double eval_lines(const gs_mnk *g, const uint8_t *board)
{
    const int k = g->p.k;
    long e = 0;
    line_view lv;
    for (int i = 0; i < g->nlines; i++) {
        view_line(&g->lines[i], board, &lv);
        for (int s = 0; s + k <= lv.len; s++) {
            int cx = lv.nx[s + k] - lv.nx[s], co = lv.no[s + k] - lv.no[s];
            if (co == 0)
                e += 1 + (k >= 2 && cx == k - 1 ? 10 : 0);
            if (cx == 0)
                e -= 1 + (k >= 2 && co == k - 1 ? 10 : 0);
        }
    }
    return (double)e;
}

/* Sets the bit of the first empty cell of the window at s in `set`. */
static void mark_gap(const line_view *lv, int s, int k, uint64_t *set)
{
    for (int j = s; j < s + k; j++) {
        if (lv->v[j] == 0) {
            int cell = lv->start + j * lv->step;
            set[cell >> 6] |= (uint64_t)1 << (cell & 63);
            return;
        }
    }
}

/*
 * GS_MNK_EVAL_THREATS, from X's side, in three steps.
 *
 * Step 1, the material: every window holding c > 0 stones of one side and
 * none of the other adds weight[c] for that side (1, 10, 100, 1000 for
 * k = 5). For k >= 4 each open k-2 adds MNK_THREAT_OPEN_THREE: a run of
 * k+1 cells whose two ends are empty and whose k-1 cells between hold k-2
 * stones of one side and nothing of the other (Gomoku's open three, broken
 * ones such as .XX.X. included). base = X's sum - O's sum, held within
 * +-MNK_THREAT_BASE_CAP.
 *
 * Step 2, the threats: the cells that complete a line for each side (the
 * empty cell of each window with k-1 of its stones), counted once each.
 *
 * Step 3, the side to move S (T the other):
 *   S has a completing cell           -> S wins next move: +-WIN_NEXT;
 *   T has two or more completing cells -> S blocks one, T plays the other:
 *                                        -+UNSTOPPABLE;
 *   k >= 4, S has an open k-2, T no completing cell
 *                                      -> base +- OPEN_THREE_TO_MOVE;
 *   otherwise                          -> base +- TEMPO,
 * where +- is + when S is X. Apart from the last two rows the value does not
 * depend on the side to move, so swapping the colours of a quiet position
 * with X to move in both negates it up to the tempo: v + v' = 2 * TEMPO.
 */
static double eval_threats(const gs_mnk *g, const uint8_t *board, int mover)
{
    const int k = g->p.k;
    double sum[2] = {0.0, 0.0};
    long open3[2] = {0, 0};
    uint64_t gaps[2][MNK_MAX_WORDS];
    memset(gaps, 0, sizeof gaps);
    line_view lv;

    /* Steps 1 and 2, in one pass over the lines. */
    for (int i = 0; i < g->nlines; i++) {
        view_line(&g->lines[i], board, &lv);
        for (int s = 0; s + k <= lv.len; s++) {
            int cx = lv.nx[s + k] - lv.nx[s], co = lv.no[s + k] - lv.no[s];
            if (co == 0 && cx > 0) {
                sum[0] += g->weight[cx];
                if (cx == k - 1)
                    mark_gap(&lv, s, k, gaps[0]);
            } else if (cx == 0 && co > 0) {
                sum[1] += g->weight[co];
                if (co == k - 1)
                    mark_gap(&lv, s, k, gaps[1]);
            }
        }
        if (k < 4)
            continue;
        for (int s = 0; s + k + 1 <= lv.len; s++) {
            if (lv.v[s] != 0 || lv.v[s + k] != 0)
                continue;
            int cx = lv.nx[s + k] - lv.nx[s + 1], co = lv.no[s + k] - lv.no[s + 1];
            if (co == 0 && cx == k - 2)
                open3[0]++;
            else if (cx == 0 && co == k - 2)
                open3[1]++;
        }
    }
    double base = sum[0] - sum[1] + MNK_THREAT_OPEN_THREE * (double)(open3[0] - open3[1]);
    if (base > MNK_THREAT_BASE_CAP)
        base = MNK_THREAT_BASE_CAP;
    if (base < -MNK_THREAT_BASE_CAP)
        base = -MNK_THREAT_BASE_CAP;

    /* Step 3. The side to move. */
    int ngaps[2] = {0, 0};
    for (int w = 0; w < g->words; w++) {
        ngaps[0] += popcount64(gaps[0][w]);
        ngaps[1] += popcount64(gaps[1][w]);
    }
    const int other = 1 - mover;
    const double sign = mover == 0 ? 1.0 : -1.0;
    if (ngaps[mover] > 0)
        return sign * MNK_THREAT_WIN_NEXT;
    if (ngaps[other] >= 2)
        return -sign * MNK_THREAT_UNSTOPPABLE;
    if (k >= 4 && open3[mover] > 0 && ngaps[other] == 0)
        return base + sign * MNK_THREAT_OPEN_THREE_TO_MOVE;
    return base + sign * MNK_THREAT_TEMPO;
}

/*
 * The static evaluation of `state` with `eval`, from X's side, strictly
 * between -GS_MNK_EVAL_MAX and GS_MNK_EVAL_MAX (clamped): 0 for
 * GS_MNK_EVAL_NONE or an unknown eval, else the formulas above. It reads
 * the stones only, so it is defined for finished positions too, but the
 * game's value callback never asks for one.
 */
double gs_mnk_evaluate(const gs_mnk *g, const void *state, gs_mnk_eval eval)
{
    if (eval != GS_MNK_EVAL_LINES && eval != GS_MNK_EVAL_THREATS)
        return 0.0;
    const mnk_state *s = state;
    uint8_t board[MNK_MAX_CELLS];
    mnk_board_bytes(g, s, board);
    double v = eval == GS_MNK_EVAL_LINES ? eval_lines(g, board)
                                         : eval_threats(g, board, s->stones & 1);
    const double lim = GS_MNK_EVAL_MAX - 1.0;
    if (v > lim)
        v = lim;
    if (v < -lim)
        v = -lim;
    return v;
}
