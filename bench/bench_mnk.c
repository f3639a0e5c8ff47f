/*
 * bench_mnk: what solving and playing m,n,k games costs.
 *
 *   bench_mnk [REPEATS]
 *
 * Prints, for each search of a whole board from the empty position, its
 * node count (a fact of the search) and its median wall time over REPEATS
 * runs (default 5) with a fresh transposition table each run; then the time
 * per move of Gomoku at the default limit of one second, over a game the
 * computer plays against itself.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/gamesearch.h"
#include "gamesearch/mnk.h"

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* A board, its engine and an empty position; exits when out of memory. */
typedef struct board {
    gs_mnk *g;
    gs_game game;
    gs_engine *e;
    unsigned char *s;
} board;

static void board_open(board *b, const gs_mnk_params *p)
{
    if (gs_mnk_new(p, NULL, &b->g) != GS_OK)
        exit(1);
    gs_mnk_game(b->g, &b->game);
    if (gs_engine_new(&b->game, NULL, &b->e) != GS_OK)
        exit(1);
    b->s = malloc(gs_mnk_state_size(b->g));
    if (!b->s)
        exit(1);
    gs_mnk_empty(b->g, b->s);
}

static void board_close(board *b)
{
    free(b->s);
    gs_engine_free(b->e);
    gs_mnk_free(b->g);
}

static void solve_row(const char *label, int rows, int cols, int k,
                      gs_algo algo, bool tt, int repeats)
{
    gs_mnk_params p;
    gs_mnk_params_init(&p);
    p.rows = rows;
    p.cols = cols;
    p.k = k;
    board b;
    board_open(&b, &p);
    gs_engine *e = b.e;
    unsigned char *s = b.s;
    gs_search_options o;
    gs_search_options_init(&o);
    o.algo = algo;
    o.use_tt = tt;
    double times[64];
    gs_result r;
    for (int i = 0; i < repeats; i++) {
        gs_engine_tt_clear(e);
        if (gs_search(e, s, &o, &r) != GS_OK)
            exit(1);
        times[i] = r.seconds;
    }
    qsort(times, (size_t)repeats, sizeof times[0], by_value);
    printf("%-28s %-18s %12llu %12.3f %14.0f\n", label,
           tt ? (algo == GS_MINIMAX ? "minimax+table" : "alphabeta+table")
              : gs_algo_name(algo),
           (unsigned long long)r.nodes, times[repeats / 2] * 1e3,
           (double)r.nodes / times[repeats / 2]);
    board_close(&b);
}

static void gomoku_row(int moves)
{
    gs_mnk_params p;
    gs_mnk_params_init(&p);
    p.rows = p.cols = 15;
    p.k = 5;
    p.eval = GS_MNK_EVAL_THREATS;
    p.radius = 2;
    p.order_hint = true;
    board b;
    board_open(&b, &p);
    gs_mnk *g = b.g;
    gs_engine *e = b.e;
    unsigned char *s = b.s;
    gs_search_options o;
    gs_search_options_init(&o);
    o.use_tt = true;
    o.order_moves = true;
    o.iterative = true;
    o.max_seconds = 1.0;
    double total = 0.0, worst = 0.0;
    unsigned long long nodes = 0;
    int played = 0, depth_sum = 0;
    while (played < moves && !gs_mnk_over(g, s)) {
        gs_result r;
        if (gs_search(e, s, &o, &r) != GS_OK || r.best == GS_NO_ACTION)
            exit(1);
        total += r.seconds;
        if (r.seconds > worst)
            worst = r.seconds;
        nodes += r.nodes;
        depth_sum += r.depth;
        gs_mnk_play(g, s, (int)r.best);
        played++;
    }
    printf("\nGomoku 15x15, --time 1 (iterative deepening, radius 2), "
           "self-play, %d moves:\n", played);
    printf("  mean %.1f ms a move, slowest %.1f ms, mean depth %.1f plies, "
           "%.0f nodes/s\n", total / played * 1e3, worst * 1e3,
           (double)depth_sum / played, (double)nodes / total);
    board_close(&b);
}

int main(int argc, char **argv)
{
    int repeats = argc > 1 ? atoi(argv[1]) : 5;
    if (repeats < 1 || repeats > 64)
        repeats = 5;
    printf("Solving from the empty board (median of %d runs, fresh table "
           "each run):\n", repeats);
    printf("%-28s %-18s %12s %12s %14s\n", "board", "search", "nodes", "ms",
           "nodes/s");
    solve_row("tic-tac-toe (3,3,3)", 3, 3, 3, GS_MINIMAX, false, repeats);
    solve_row("tic-tac-toe (3,3,3)", 3, 3, 3, GS_ALPHABETA, false, repeats);
    solve_row("tic-tac-toe (3,3,3)", 3, 3, 3, GS_ALPHABETA, true, repeats);
    solve_row("(4,3,3)", 4, 3, 3, GS_ALPHABETA, true, repeats);
    solve_row("(4,4,4)", 4, 4, 4, GS_ALPHABETA, true, repeats);
    gomoku_row(20);
    return 0;
}
