/*
 * bench/c4_threads: what several threads save when solving Connect Four
 * positions, counted in nodes so that a loaded machine does not blur it.
 *
 *   c4_threads [--threads N] [--weak] [--tt-mb N] < POSITIONS
 *
 * Reads positions (one a line; anything after the first blank, such as the
 * score of Pons's test files, is ignored) and solves each as gs_c4_solve
 * does (the solver's game, the recipe gs_c4_search_options with the
 * position's gs_c4_etc_plies) on N threads, the table (default 64 MiB)
 * emptied before each. Prints a line a position:
 *
 *   POSITION VALUE OWNER_NODES TOTAL_NODES MICROSECONDS OWNER_CPU_US CPU_US
 *
 * VALUE is the engine's value (the first player's side); OWNER_NODES the
 * nodes the calling thread searched until it had the answer (read off the
 * engine's own count, which the public result does not carry: it adds
 * every thread's nodes); TOTAL_NODES every thread's; MICROSECONDS the
 * wall time of the search; OWNER_CPU_US the processor time the calling
 * thread spent in it, CPU_US all the threads'. With the threads running
 * at about the same rate, OWNER_NODES with one thread over OWNER_NODES
 * with N estimates the speedup N threads give, whatever else the machine
 * is running; the ratio of OWNER_CPU_US also counts what sharing the table
 * and the processor's caches costs each thread's rate. A last line sums
 * the columns.
 *
 * It includes the engine's internal header for the owner's count, and
 * Connect Four's for the solver's game, so it is built with the library's
 * sources (CMake target c4_threads).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine.h"
#include "../games/connect4/c4_internal.h"
#include "gamesearch/connect4.h"
#include "gamesearch/search.h"

static unsigned long long micros(const struct timespec *a,
                                 const struct timespec *b)
{
    return (unsigned long long)((b->tv_sec - a->tv_sec) * 1000000LL +
                                (b->tv_nsec - a->tv_nsec) / 1000);
}

static int usage(void)
{
    fprintf(stderr, "usage: c4_threads [--threads N] [--weak] [--tt-mb N] "
                    "< POSITIONS\n");
    return 2;
}

int main(int argc, char **argv)
{
    int threads = 1;
    long tt_mb = 64;
    bool weak = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc) {
            threads = atoi(argv[++i]);
            if (threads < 1 || threads > 256)
                return usage();
        } else if (strcmp(argv[i], "--tt-mb") == 0 && i + 1 < argc) {
            tt_mb = atol(argv[++i]);
            if (tt_mb < 1 || tt_mb > 65536)
                return usage();
        } else if (strcmp(argv[i], "--weak") == 0) {
            weak = true;
        } else {
            return usage();
        }
    }

    gs_c4 *g;
    gs_engine *e;
    gs_game game;
    gs_c4_params params;
    gs_c4_params_init(&params);
    if (gs_c4_new(&params, NULL, &g) != GS_OK) {
        fprintf(stderr, "c4_threads: out of memory\n");
        return 1;
    }
    c4_game_exact(g, &game);   /* the solver's game, as gs_c4_solve */
    if (gs_engine_new(&game, NULL, &e) != GS_OK ||
        gs_engine_tt_resize(e, (size_t)tt_mb << 20) != GS_OK) {
        fprintf(stderr, "c4_threads: out of memory\n");
        return 1;
    }
    gs_search_options o;
    gs_solver_options so;
    gs_c4_search_options(&o, &so, weak);
    o.threads = threads;

    char line[256];
    unsigned long long owner_sum = 0, total_sum = 0, us_sum = 0;
    unsigned long long own_cpu_sum = 0, cpu_sum = 0;
    int count = 0;
    while (fgets(line, sizeof line, stdin)) {
        size_t len = strcspn(line, " \t\r\n");
        line[len] = '\0';
        gs_c4_state s;
        gs_error err;
        if (gs_c4_parse(g, line, len, &s, &err) != GS_OK) {
            fprintf(stderr, "c4_threads: '%s': %s\n", line, err.message);
            return 1;
        }
        gs_engine_tt_clear(e);
        so.etc_plies = gs_c4_etc_plies(g, &s);   /* as gs_c4_solve */
        gs_result r;
        struct timespec t0, t1, p0, p1;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &p0);
        int st = gs_search(e, &s, &o, &r);
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &p1);
        if (st != GS_OK) {
            fprintf(stderr, "c4_threads: '%s': %s\n", line,
                    gs_engine_error(e));
            return 1;
        }
        unsigned long long us = (unsigned long long)(r.seconds * 1e6 + 0.5);
        unsigned long long own_cpu = micros(&t0, &t1),
                           cpu = micros(&p0, &p1);
        printf("%s %g %llu %llu %llu %llu %llu\n", line, r.value,
               (unsigned long long)e->nodes, (unsigned long long)r.nodes, us,
               own_cpu, cpu);
        fflush(stdout);
        owner_sum += e->nodes;
        total_sum += r.nodes;
        us_sum += us;
        own_cpu_sum += own_cpu;
        cpu_sum += cpu;
        count++;
    }
    printf("sum of %d: owner %llu total %llu microseconds %llu owner_cpu %llu "
           "cpu %llu\n", count, owner_sum, total_sum, us_sum, own_cpu_sum,
           cpu_sum);
    gs_engine_free(e);
    gs_c4_free(g);
    return 0;
}
