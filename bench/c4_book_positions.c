/*
 * bench/c4_book_positions: the Connect Four positions an opening book to
 * PLIES moves holds (7x6), a position and its mirror image counted once,
 * positions where the game is over left out. Prints the count at each ply
 * on standard error and, with SAMPLE > 0, SAMPLE positions spread evenly
 * over the last ply on standard output, one a line, as `gamesearch
 * connect4 solve` reads them (to measure what solving them costs).
 *   c4_book_positions PLIES [SAMPLE]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/connect4.h"

#define W 7
#define H1 7   /* bits per column: 6 rows and a guard */

typedef struct pos {
    uint64_t key;             /* current + mask of the lesser image */
    gs_c4_state s;
    char moves[16];           /* the columns played, '1'..'7' */
} pos;

static uint64_t mirror(uint64_t b)
{
    uint64_t m = 0, col = ((uint64_t)1 << H1) - 1;
    for (int c = 0; c < W; c++)
        m |= ((b >> (c * H1)) & col) << ((W - 1 - c) * H1);
    return m;
}

static int by_key(const void *a, const void *b)
{
    uint64_t x = ((const pos *)a)->key, y = ((const pos *)b)->key;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    int plies = argc > 1 ? atoi(argv[1]) : 12;
    long sample = argc > 2 ? atol(argv[2]) : 0;
    if (plies < 0 || plies > 14 || sample < 0) {
        fputs("usage: c4_book_positions PLIES(0-14) [SAMPLE]\n", stderr);
        return 2;
    }
    gs_c4_params p;
    gs_c4_params_init(&p);
    gs_c4 *g;
    if (gs_c4_new(&p, NULL, &g) != GS_OK)
        return 1;
    pos *level = malloc(sizeof *level);
    if (!level)
        return 1;
    size_t n = 1, total = 1;
    memset(level, 0, sizeof *level);
    gs_c4_empty(g, &level[0].s);
    fprintf(stderr, "ply 0: 1\n");
    for (int ply = 1; ply <= plies; ply++) {
        pos *next = malloc((n > 0 ? n * W : 1) * sizeof *next);
        if (!next)
            return 1;
        size_t m = 0;
        for (size_t i = 0; i < n; i++)
            for (int c = 0; c < W; c++) {
                const gs_c4_state *s = &level[i].s;
                if (!gs_c4_can_play(g, s, c) || gs_c4_is_winning_move(g, s, c))
                    continue;   /* a full column; a game over */
                pos *q = &next[m++];
                *q = level[i];
                gs_c4_play(g, &q->s, c);
                q->moves[ply - 1] = (char)('1' + c);
                uint64_t k = q->s.current + q->s.mask;
                uint64_t mk = mirror(q->s.current) + mirror(q->s.mask);
                q->key = k < mk ? k : mk;
            }
        qsort(next, m, sizeof *next, by_key);
        size_t u = 0;
        for (size_t i = 0; i < m; i++)
            if (u == 0 || next[i].key != next[u - 1].key)
                next[u++] = next[i];
        free(level);
        level = next;
        n = u;
        total += n;
        fprintf(stderr, "ply %d: %zu\n", ply, n);
    }
    fprintf(stderr, "plies 0 to %d: %zu positions\n", plies, total);
    for (long i = 0; i < sample && n > 0; i++)
        puts(level[(size_t)((double)i * (double)n / (double)sample)].moves);
    free(level);
    gs_c4_free(g);
    return 0;
}
