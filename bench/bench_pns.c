/*
 * bench_pns: proof-number search (pns, df-pn) against alpha-beta on the
 * same m,n,k positions: the outcome each proves, its nodes and its time.
 *
 *   bench_pns ROWS COLS K [POSITION [MAX_NODES [ALGO [ROUNDS]]]]
 *
 * POSITION as `gamesearch mnk --solve` reads it (default: the empty
 * board). Alpha-beta searches with the game's move ordering and the
 * engine's 16 MiB table (a fresh one), as `gamesearch mnk` plays; pns and
 * dfpn with the same ordering. Each search stops at MAX_NODES (default
 * 10^8; pns, whose tree is all in memory, at 2*10^7 at most) and then
 * says "not proved". ALGO (alphabeta, pns or dfpn) runs that one
 * alone; "" (or "all") runs the three. With ROUNDS (default 1) the three
 * are run in turn ROUNDS times (alpha-beta, pns, dfpn, alpha-beta, ...),
 * so that a load on the machine falls on all of them alike; each line
 * then gives its least time and that time over alpha-beta's. The node
 * counts are facts of the searches (the same every round); the times
 * depend on the machine and its load.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/gamesearch.h"
#include "gamesearch/mnk.h"

#define PNS_NODES 20000000u
#define NUM_ALGOS 3

/* One algorithm's searches over the rounds. */
typedef struct row {
    gs_algo algo;
    bool run, failed, stopped;
    int outcome;
    uint64_t nodes;
    double best_seconds;
    char why[200];
} row;

static void search_once(const gs_game *game, const void *s, uint64_t max_nodes,
                        row *w)
{
    gs_engine *e = NULL;
    if (gs_engine_new(game, NULL, &e) != GS_OK) {
        w->failed = true;
        snprintf(w->why, sizeof w->why, "out of memory");
        return;
    }
    gs_search_options o;
    gs_search_options_init(&o);
    o.algo = w->algo;
    o.order_moves = true;
    o.use_tt = w->algo == GS_ALPHABETA;
    /* (pns keeps its whole tree: at most 2*10^7 nodes, some 600 MB) */
    o.max_nodes = w->algo == GS_PNS && max_nodes > PNS_NODES ? PNS_NODES
                                                              : max_nodes;
    gs_result r;
    int rc = gs_search(e, s, &o, &r);
    if (rc != GS_OK) {
        w->failed = true;
        snprintf(w->why, sizeof w->why, "%s", gs_engine_error(e));
    } else {
        w->stopped = r.stopped != GS_STOP_NONE;
        w->outcome = w->algo == GS_ALPHABETA ? gs_mnk_outcome(r.value)
                                             : (int)r.value;
        if (w->nodes && w->nodes != r.nodes)
            fprintf(stderr, "bench_pns: %s counted %llu nodes, then %llu\n",
                    gs_algo_name(w->algo), (unsigned long long)w->nodes,
                    (unsigned long long)r.nodes);
        w->nodes = r.nodes;
        if (w->best_seconds == 0 || r.seconds < w->best_seconds)
            w->best_seconds = r.seconds;
    }
    gs_engine_free(e);
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: bench_pns ROWS COLS K "
                "[POSITION [MAX_NODES [ALGO [ROUNDS]]]]\n");
        return 2;
    }
    gs_mnk_params p;
    gs_mnk_params_init(&p);
    p.rows = atoi(argv[1]);
    p.cols = atoi(argv[2]);
    p.k = atoi(argv[3]);
    gs_mnk_params_for_play(&p, true);
    p.radius = 0;   /* every empty cell: a proof needs them all */
    uint64_t max_nodes = argc > 5 ? strtoull(argv[5], NULL, 10) : 100000000u;
    const char *only = argc > 6 && argv[6][0] && strcmp(argv[6], "all") != 0
                           ? argv[6] : NULL;
    int rounds = argc > 7 ? atoi(argv[7]) : 1;
    if (rounds < 1)
        rounds = 1;
    gs_mnk *g = NULL;
    if (gs_mnk_new(&p, NULL, &g) != GS_OK)
        return 1;
    gs_game game;
    gs_mnk_game(g, &game);
    unsigned char *s = malloc(gs_mnk_state_size(g));
    gs_error err;
    if (!s)
        return 1;
    gs_mnk_empty(g, s);
    if (argc > 4 && argv[4][0] && gs_mnk_parse(g, argv[4], s, &err) != GS_OK) {
        fprintf(stderr, "bench_pns: %s\n", err.message);
        return 2;
    }
    row rows[NUM_ALGOS] = {{.algo = GS_ALPHABETA}, {.algo = GS_PNS},
                           {.algo = GS_DFPN}};
    for (int i = 0; i < NUM_ALGOS; i++)
        rows[i].run = !only || strcmp(only, gs_algo_name(rows[i].algo)) == 0;
    for (int k = 0; k < rounds; k++)
        for (int i = 0; i < NUM_ALGOS; i++)
            if (rows[i].run && !rows[i].failed)
                search_once(&game, s, max_nodes, &rows[i]);
    const row *ab = &rows[0];
    bool ratio = rounds > 1 && ab->run && !ab->failed && !ab->stopped &&
                 ab->best_seconds > 0;
    for (int i = 0; i < NUM_ALGOS; i++) {
        const row *w = &rows[i];
        if (!w->run)
            continue;
        const char *name = gs_algo_name(w->algo);
        if (w->failed)
            printf("%-10s failed: %s\n", name, w->why);
        else if (w->stopped)
            printf("%-10s not proved within %llu nodes (%.3f s)\n", name,
                   (unsigned long long)w->nodes, w->best_seconds);
        else if (ratio)
            printf("%-10s outcome %2d  nodes %12llu  time %9.3f s  "
                   "x%.3g of alphabeta's\n", name, w->outcome,
                   (unsigned long long)w->nodes, w->best_seconds,
                   w->best_seconds / ab->best_seconds);
        else
            printf("%-10s outcome %2d  nodes %12llu  time %9.3f s\n", name,
                   w->outcome, (unsigned long long)w->nodes,
                   w->best_seconds);
    }
    free(s);
    gs_mnk_free(g);
    return 0;
}
