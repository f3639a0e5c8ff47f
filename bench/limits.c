/*
 * bench_limits: how far past max_seconds a time-limited search answers.
 *
 * The searches of tests/test_limits.c's time checks, each too large to
 * finish, run RUNS times (default 20) with a limit of LIMIT_MS
 * milliseconds (default 50), each on a fresh engine (so the first use of
 * its 16 MiB table is part of every run): Pacman on the largest layout
 * with all its ghosts (ten rounds: expectimax over DirectionalGhosts with
 * the champion evaluation, plain and with the table and iterative
 * deepening; alpha-beta against minimising ghosts), Gomoku 15x15, Connect
 * Four's empty board solved on one and two threads and with a 1 GiB
 * table (made before the clock, emptied inside it), a tree of 6^40 lines,
 * and the same tree with evaluations of 2 ms each. One row a search: the limit, the mean and the largest time the
 * caller waited for the answer, and the largest overshoot (that time less
 * the limit). The test asserts only a safety margin (150 ms); this is
 * where the real figure is read.
 *
 * usage: bench_limits [RUNS [LIMIT_MS]]
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gamesearch/gamesearch.h"
#include "layout_files.h"
#include "slow_game.h"

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void die(const char *what)
{
    fprintf(stderr, "bench_limits: %s\n", what);
    exit(1);
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n);
    if (!p)
        die("out of memory");
    return p;
}

/* The tree of test_limits.c: the root, then 40 layers of 6 nodes, each
 * node's children all 6 of the next layer; MAX, MIN and a fair die in
 * turn; whole values in [-100, 100] (bounds declared). */
static char *big_tree(void)
{
    size_t cap = 1 << 16, n = 0;
    char *b = xmalloc(cap);
    uint64_t seed = 3;
    n += (size_t)snprintf(b + n, cap - n,
                          "agents: max min chance\nbounds: -100 100\n"
                          "root: n0_0\n");
    for (int l = 0; l <= 40; l++) {
        for (int i = 0; i < (l == 0 ? 1 : 6); i++) {
            if (l < 40) {
                n += (size_t)snprintf(b + n, cap - n, "n%d_%d:", l, i);
                for (int j = 0; j < 6; j++)
                    n += (size_t)snprintf(b + n, cap - n, " n%d_%d", l + 1, j);
                n += (size_t)snprintf(b + n, cap - n, "\n");
            }
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            n += (size_t)snprintf(b + n, cap - n, "n%d_%d = %d\n", l, i,
                                  (int)((seed >> 33) % 201) - 100);
            if (n + 512 > cap)
                die("tree text too long");
        }
    }
    return b;
}

/* Runs the search `runs` times on fresh engines (with a table of
 * `table_bytes`, 0: the engine's own) and prints its row. */
static void bench_row_sized(const char *game, const char *search,
                            const gs_game *g, const void *root,
                            const gs_search_options *o, int runs,
                            size_t table_bytes)
{
    double sum = 0.0, max = 0.0;
    uint64_t nodes = 0;
    int not_stopped = 0;
    for (int i = 0; i < runs; i++) {
        gs_engine *e = NULL;
        if (gs_engine_new(g, NULL, &e) != GS_OK)
            die("cannot create an engine");
        if (table_bytes && gs_engine_tt_resize(e, table_bytes) != GS_OK)
            die("cannot make the table");
        gs_result r;
        double t0 = now_seconds();
        int rc = gs_search(e, root, o, &r);
        double wall = now_seconds() - t0;
        gs_engine_free(e);
        if (rc != GS_OK)
            die(gs_strerror(rc));
        not_stopped += r.stopped != GS_STOP_TIME;
        sum += wall;
        if (wall > max)
            max = wall;
        nodes += r.nodes;
    }
    printf("%-28s %-44s %6.0f %8.2f %8.2f %+9.2f %11.0f%s\n", game, search,
           o->max_seconds * 1e3, sum / runs * 1e3, max * 1e3,
           (max - o->max_seconds) * 1e3, (double)nodes / runs,
           not_stopped ? "  (some finished before the limit)" : "");
    fflush(stdout);
}

static void bench_row(const char *game, const char *search, const gs_game *g,
                      const void *root, const gs_search_options *o, int runs)
{
    bench_row_sized(game, search, g, root, o, runs, 0);
}

static gs_search_options opts(gs_algo algo, int depth, bool rounds,
                              double limit)
{
    gs_search_options o;
    gs_search_options_init(&o);
    o.algo = algo;
    o.depth = depth;
    o.depth_unit = rounds ? GS_DEPTH_ROUNDS : GS_DEPTH_PLIES;
    o.max_seconds = limit;
    return o;
}

int main(int argc, char **argv)
{
    int runs = argc > 1 ? atoi(argv[1]) : 20;
    double limit = (argc > 2 ? atof(argv[2]) : 50.0) / 1e3;
    if (argc > 3 || runs < 1 || !(limit > 0.0)) {
        fprintf(stderr, "usage: bench_limits [RUNS [LIMIT_MS]]\n");
        return 2;
    }
    printf("%d runs a search, each on a fresh engine; times in ms, as the "
           "caller waits for the answer\n", runs);
    printf("%-28s %-44s %6s %8s %8s %9s %11s\n", "game", "search", "limit",
           "mean", "max", "overshoot", "mean nodes");

    /* Pacman: the largest layout, every ghost, ten rounds. */
    char path[1024], why[1200];
    const char *const dirs[2] = {GS_SOURCE_DIR "/layouts",
                                 GS_SHARED_DIR "/cs188/layouts"};
    if (!largest_layout(dirs, 2, path, sizeof path, why, sizeof why))
        die(why);
    size_t len;
    char *text = read_file_text(path, &len);
    if (!text)
        die("cannot read the layout");
    gs_pac_layout *lay = NULL;
    gs_error err;
    if (gs_pac_layout_parse(text, len, NULL, &lay, &err) != GS_OK)
        die("layout refused");
    free(text);
    gs_pacman *world = NULL;
    if (gs_pacman_new(lay, GS_PAC_MAX_GHOSTS, NULL, &world) != GS_OK)
        die("cannot make the Pacman world");
    gs_pac_layout_free(lay);
    void *pstate = xmalloc(gs_pacman_state_size(world));
    gs_pacman_initial(world, pstate);
    char pname[1100];
    const char *base = strrchr(path, '/');
    snprintf(pname, sizeof pname, "pacman %s %dg", base ? base + 1 : path,
             gs_pacman_num_agents(world) - 1);
    gs_pac_search_game champion = {world, GS_PAC_EVAL_CHAMPION,
                                   GS_PAC_GHOSTS_DIRECTIONAL, NULL, NULL};
    gs_pac_search_game better = {world, GS_PAC_EVAL_BETTER, GS_PAC_GHOSTS_MIN,
                                 NULL, NULL};
    gs_game pg;
    gs_pacman_search_game(&champion, &pg);
    gs_search_options o = opts(GS_EXPECTIMAX, 10, true, limit);
    bench_row(pname, "expectimax 10 rounds", &pg, pstate, &o, runs);
    o.use_tt = true;
    o.iterative = true;
    bench_row(pname, "expectimax 10 rounds tt iter", &pg, pstate, &o, runs);
    gs_pacman_search_game(&better, &pg);
    o = opts(GS_ALPHABETA, 10, true, limit);
    o.prune_equal = false;
    bench_row(pname, "alphabeta 10 rounds strict", &pg, pstate, &o, runs);
    o = opts(GS_ALPHABETA, 10, true, limit);
    o.use_tt = o.iterative = o.history = true;
    bench_row(pname, "alphabeta 10 rounds tt iter history", &pg, pstate, &o,
              runs);

    /* Gomoku 15x15 as `gamesearch gomoku` plays it. */
    gs_mnk_params mp;
    gs_mnk_params_init(&mp);
    mp.rows = mp.cols = 15;
    mp.k = 5;
    mp.eval = GS_MNK_EVAL_THREATS;
    mp.radius = 2;
    mp.order_hint = true;
    gs_mnk *mnk = NULL;
    if (gs_mnk_new(&mp, NULL, &mnk) != GS_OK)
        die("cannot make Gomoku");
    gs_game mg;
    gs_mnk_game(mnk, &mg);
    void *mstate = xmalloc(gs_mnk_state_size(mnk));
    gs_mnk_empty(mnk, mstate);
    const int cells[5] = {7 * 15 + 7, 8 * 15 + 8, 6 * 15 + 7, 8 * 15 + 7,
                          8 * 15 + 6};
    for (int i = 0; i < 5; i++)
        gs_mnk_play(mnk, mstate, cells[i]);
    o = opts(GS_ALPHABETA, 0, false, limit);
    o.use_tt = o.iterative = o.order_moves = true;
    bench_row("gomoku 15x15 5 stones", "alphabeta tt iter order", &mg, mstate,
              &o, runs);
    o = opts(GS_MINIMAX, 12, false, limit);
    bench_row("gomoku 15x15 5 stones", "minimax 12 plies", &mg, mstate, &o,
              runs);

    /* Connect Four's empty board, solved as `gamesearch connect4 solve`
     * solves it. */
    gs_c4_params cp;
    gs_c4_params_init(&cp);
    gs_c4 *c4 = NULL;
    if (gs_c4_new(&cp, NULL, &c4) != GS_OK)
        die("cannot make Connect Four");
    gs_game cg;
    gs_c4_game(c4, &cg);
    gs_c4_state cs;
    gs_c4_empty(c4, &cs);
    o = opts(GS_ALPHABETA, 0, false, limit);
    gs_solver_options so;
    gs_solver_options_init(&so);
    so.null_window = so.prefetch = true;
    o.use_tt = o.order_moves = true;
    o.solver = &so;
    bench_row("connect4 empty board", "solve (alphabeta tt nullwin order)",
              &cg, &cs, &o, runs);
    o.threads = 2;
    bench_row("connect4 empty board", "solve, 2 threads", &cg, &cs, &o, runs);
    /* A table of 1 GiB, made before the clock and emptied inside it (an
     * engine's first search empties its table). */
    o.threads = 1;
    bench_row_sized("connect4 empty board", "solve, 1 GiB table", &cg, &cs,
                    &o, runs, (size_t)1 << 30);

    /* The tree of 6^40 lines. */
    char *tt = big_tree();
    gs_tree *tree = NULL;
    gs_error terr;
    if (gs_tree_parse(tt, strlen(tt), NULL, &tree, &terr) != GS_OK)
        die("tree refused");
    free(tt);
    gs_game tg;
    gs_tree_game(tree, &tg);
    gs_tree_state ts;
    gs_tree_root(tree, &ts);
    o = opts(GS_ALPHABETA, 0, false, limit);
    bench_row("tree of 6^40 lines", "alphabeta (Star1 at the die)", &tg, &ts,
              &o, runs);
    o = opts(GS_EXPECTIMAX, 0, false, limit);
    o.iterative = true;
    bench_row("tree of 6^40 lines", "expectimax iter", &tg, &ts, &o, runs);
    /* The same tree with evaluations of 2 ms each. */
    slow_game sg;
    gs_game slow;
    slow_game_init(&sg, &tg, 0.002, &slow);
    o = opts(GS_MINIMAX, 0, false, limit);
    bench_row("tree 6^40, evaluations 2 ms", "minimax", &slow, &ts, &o, runs);

    gs_tree_free(tree);
    gs_c4_free(c4);
    free(mstate);
    gs_mnk_free(mnk);
    free(pstate);
    gs_pacman_free(world);
    return 0;
}
