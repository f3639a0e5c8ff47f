/*
 * bench_pns: proof-number search (pns, df-pn) against alpha-beta on the
 * same m,n,k positions: the outcome each proves, its nodes and its time.
 *
 *   bench_pns ROWS COLS K [POSITION [MAX_NODES [ALGO]]]
 *
 * POSITION as `gamesearch mnk --solve` reads it (default: the empty
 * board). Alpha-beta searches with the game's move ordering and the
 * engine's 16 MiB table (a fresh one), as `gamesearch mnk` plays; pns and
 * dfpn with the same ordering. Each search stops at MAX_NODES (default
 * 10^8; pns, whose tree is all in memory, at 2*10^7 at most) and then
 * says "not proved". ALGO (alphabeta, pns or dfpn) runs that one
 * alone. The node counts are facts of the
 * searches; the times depend on the machine and its load.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/gamesearch.h"
#include "gamesearch/mnk.h"

#define PNS_NODES 20000000u

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: bench_pns ROWS COLS K "
                "[POSITION [MAX_NODES [ALGO]]]\n");
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
    static const gs_algo algos[] = {GS_ALPHABETA, GS_PNS, GS_DFPN};
    const char *only = argc > 6 ? argv[6] : NULL;
    for (size_t i = 0; i < sizeof algos / sizeof algos[0]; i++) {
        if (only && strcmp(only, gs_algo_name(algos[i])) != 0)
            continue;
        gs_engine *e = NULL;
        if (gs_engine_new(&game, NULL, &e) != GS_OK)
            return 1;
        gs_search_options o;
        gs_search_options_init(&o);
        o.algo = algos[i];
        o.order_moves = true;
        o.use_tt = algos[i] == GS_ALPHABETA;
        /* (pns keeps its whole tree: at most 2*10^7 nodes, some 600 MB) */
        o.max_nodes = algos[i] == GS_PNS && max_nodes > PNS_NODES
                          ? PNS_NODES : max_nodes;
        gs_result r;
        int rc = gs_search(e, s, &o, &r);
        if (rc != GS_OK) {
            printf("%-10s failed: %s\n", gs_algo_name(algos[i]),
                   gs_engine_error(e));
        } else if (r.stopped != GS_STOP_NONE) {
            printf("%-10s not proved within %llu nodes (%.3f s)\n",
                   gs_algo_name(algos[i]), (unsigned long long)r.nodes,
                   r.seconds);
        } else {
            int outcome = algos[i] == GS_ALPHABETA ? gs_mnk_outcome(r.value)
                                                   : (int)r.value;
            printf("%-10s outcome %2d  nodes %12llu  time %9.3f s\n",
                   gs_algo_name(algos[i]), outcome,
                   (unsigned long long)r.nodes, r.seconds);
        }
        fflush(stdout);
        gs_engine_free(e);
    }
    free(s);
    gs_mnk_free(g);
    return 0;
}
