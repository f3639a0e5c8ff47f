/*
 * bench_mcts: how many MCTS iterations a second each game allows.
 *
 *   bench_mcts [REPEATS]
 *
 * For tic-tac-toe, Connect Four (7x6) and Gomoku (15x15, the candidate
 * cells within 2 of a stone), one search of the empty position with a
 * fixed number of iterations, seed 0, on one thread, with random playouts
 * and with the game's playout policy (win, else block, else random); the
 * solver is off so that every search runs its iterations. Prints the
 * tree's node count (a fact of the search) and the median wall time over
 * REPEATS runs (default 3), and the iterations a second that makes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/gamesearch.h"

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void die(const char *why)
{
    fprintf(stderr, "bench_mcts: %s\n", why);
    exit(1);
}

static void run(const char *name, const gs_game *game, const void *root,
                uint64_t iterations, int repeats)
{
    gs_engine *e;
    if (gs_engine_new(game, NULL, &e) != GS_OK)
        die("out of memory");
    for (int policy = 0; policy < 2; policy++) {
        gs_search_options o;
        gs_search_options_init(&o);
        o.algo = GS_MCTS;
        o.mcts_iterations = iterations;
        o.mcts_solver = false;
        o.mcts_playout = policy ? GS_PLAYOUT_POLICY : GS_PLAYOUT_RANDOM;
        double t[16];
        gs_result r;
        for (int i = 0; i < repeats; i++) {
            if (gs_search(e, root, &o, &r) != GS_OK)
                die(gs_engine_error(e));
            t[i] = r.seconds;
        }
        qsort(t, (size_t)repeats, sizeof t[0], by_value);
        double med = t[repeats / 2];
        printf("%-10s %-7s %9llu iterations %9llu nodes %8.3f s %10.0f "
               "iterations/s\n", name, policy ? "policy" : "random",
               (unsigned long long)r.mcts_iterations,
               (unsigned long long)r.nodes, med,
               (double)r.mcts_iterations / med);
    }
    gs_engine_free(e);
}

int main(int argc, char **argv)
{
    int repeats = argc > 1 ? atoi(argv[1]) : 3;
    if (repeats < 1 || repeats > 15)
        die("REPEATS must be 1 to 15");
    gs_game game;
    uint64_t s[64];

    gs_mnk_params p;
    gs_mnk_params_init(&p);
    gs_mnk *ttt;
    if (gs_mnk_new(&p, NULL, &ttt) != GS_OK)
        die("out of memory");
    gs_mnk_game(ttt, &game);
    gs_mnk_empty(ttt, s);
    run("ttt", &game, s, 200000, repeats);

    gs_c4_params cp;
    gs_c4_params_init(&cp);
    gs_c4 *c4;
    if (gs_c4_new(&cp, NULL, &c4) != GS_OK)
        die("out of memory");
    gs_c4_game(c4, &game);
    gs_c4_state cs;
    gs_c4_empty(c4, &cs);
    run("connect4", &game, &cs, 200000, repeats);

    p.rows = p.cols = 15;
    p.k = 5;
    gs_mnk_params_for_play(&p, true);
    gs_mnk *gomoku;
    if (gs_mnk_new(&p, NULL, &gomoku) != GS_OK)
        die("out of memory");
    gs_mnk_game(gomoku, &game);
    gs_mnk_empty(gomoku, s);
    run("gomoku", &game, s, 20000, repeats);

    gs_mnk_free(ttt);
    gs_mnk_free(gomoku);
    gs_c4_free(c4);
    return 0;
}
