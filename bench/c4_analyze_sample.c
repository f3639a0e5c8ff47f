/*
 * bench/c4_analyze_sample: what `gamesearch connect4 analyze --no-book`
 * costs on random positions. K positions with PLY stones, each the end of
 * a random game from the empty board (seeded: the same SEED gives the
 * same positions; a game that ends before PLY stones is drawn again), are
 * each analysed as the command does it: a fresh solver (THREADS threads,
 * default 1, sharing a table of TT_MB MiB, default 64), no book, every
 * column solved in turn with the table kept. One line a position: the
 * position, the nodes, the CPU seconds of the process (getrusage: user +
 * system, all its threads) and the wall seconds, from the solver's
 * creation to the analysis's end. With --list first, the positions only,
 * one a line, unanalysed (bench/c4_analyze_sample.sh times the command on
 * them).
 *   c4_analyze_sample [--list] PLY K SEED [THREADS [TT_MB]]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "gamesearch/connect4.h"

static double cpu_seconds(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
           (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

static double wall_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* xorshift64*: the positions' dice. */
static uint64_t next(uint64_t *x)
{
    *x ^= *x >> 12;
    *x ^= *x << 25;
    *x ^= *x >> 27;
    return *x * 0x2545F4914F6CDD1DULL;
}

int main(int argc, char **argv)
{
    int list = argc > 1 && strcmp(argv[1], "--list") == 0;
    if (list) {
        argc--;
        argv++;
    }
    int ply = argc > 1 ? atoi(argv[1]) : 8;
    long k = argc > 2 ? atol(argv[2]) : 10;
    uint64_t seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
    int threads = argc > 4 ? atoi(argv[4]) : 1;
    long tt_mb = argc > 5 ? atol(argv[5]) : 64;
    if (argc < 4 || argc > 6 || ply < 0 || ply > 41 || k < 1 ||
        threads < 1 || threads > 256 || tt_mb < 1 || tt_mb > 65536) {
        fputs("usage: c4_analyze_sample [--list] PLY(0-41) K SEED "
              "[THREADS [TT_MB]]\n",
              stderr);
        return 2;
    }
    gs_c4_solver_params sp;
    gs_c4_solver_params_init(&sp);
    sp.threads = threads;
    sp.table_bytes = (size_t)tt_mb << 20;
    uint64_t x = seed * 0x9E3779B97F4A7C15ULL + (uint64_t)ply + 1;
    gs_c4_params p;
    gs_c4_params_init(&p);
    gs_c4 *g;
    if (gs_c4_new(&p, NULL, &g) != GS_OK)
        return 1;
    for (long i = 0; i < k; i++) {
        gs_c4_state s;
        char moves[64];
        int n;
        do {   /* a random game of `ply` stones, not over */
            gs_c4_empty(g, &s);
            for (n = 0; n < ply && !s.over; n++) {
                int c;
                do
                    c = (int)(next(&x) % 7);
                while (!gs_c4_can_play(g, &s, c));
                gs_c4_play(g, &s, c);
                moves[n] = (char)('1' + c);
            }
        } while (s.over);
        moves[n] = 0;
        if (list) {
            puts(moves);
            continue;
        }
        double c0 = cpu_seconds(), w0 = wall_seconds();
        gs_c4_solver *sv;
        gs_c4_analysis an;
        if (gs_c4_solver_new(g, &sp, NULL, &sv) != GS_OK ||
            gs_c4_analyze(sv, &s, false, &an) != GS_OK || !an.all_known) {
            fprintf(stderr, "%s: the analysis failed\n", moves);
            return 1;
        }
        gs_c4_solver_free(sv);
        printf("%s %llu %.3f %.3f\n", moves, (unsigned long long)an.nodes,
               cpu_seconds() - c0, wall_seconds() - w0);
        fflush(stdout);
    }
    gs_c4_free(g);
    return 0;
}
