/*
 * bench/c4_threads: what several threads save when solving Connect Four
 * positions, counted in nodes so that a loaded machine does not blur it.
 *
 *   c4_threads [--threads N] [--weak] [--tt-mb N] < POSITIONS
 *
 * Reads positions (one a line; anything after the first blank, such as the
 * score of Pons's test files, is ignored) and solves each as gs_c4_solve
 * does (Connect Four's own search, mirror images folded for a position
 * that is its own) on N threads, the table (default 64 MiB) emptied before
 * each. Prints a line a position:
 *
 *   POSITION SCORE OWNER_NODES TOTAL_NODES MICROSECONDS OWNER_CPU_US CPU_US
 *
 * SCORE is the score for the player to move (weak: its sign);
 * OWNER_NODES the nodes the calling thread searched until it had the
 * answer (the search's own count, which the public solution does not
 * carry: it adds every thread's nodes); TOTAL_NODES every thread's;
 * MICROSECONDS the wall time of the search; OWNER_CPU_US the processor
 * time the calling thread spent in it, CPU_US all the threads'. With the
 * threads running at about the same rate, OWNER_NODES with one thread
 * over OWNER_NODES with N estimates the speedup N threads give, whatever
 * else the machine is running; the ratio of OWNER_CPU_US also counts what
 * sharing the table and the processor's caches costs each thread's rate.
 * A last line sums the columns.
 *
 * It includes Connect Four's internal header for the search and its
 * owner's count, so it is built with the library's sources (CMake target
 * c4_threads).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../games/connect4/c4_internal.h"
#include "gamesearch/connect4.h"

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
    c4_search *S;
    gs_c4_params params;
    gs_c4_params_init(&params);
    if (gs_c4_new(&params, NULL, &g) != GS_OK ||
        c4_search_new(g, (size_t)tt_mb << 20, threads, gs_default_allocator(),
                      &S) != GS_OK) {
        fprintf(stderr, "c4_threads: out of memory\n");
        return 1;
    }

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
        c4_search_clear(S);
        c4_limits lim = {.weak = weak, .symmetry = c4_is_symmetric(g, &s)};
        c4_answer r;
        struct timespec t0, t1, p0, p1;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &p0);
        c4_search_solve(S, &s, &lim, &r);
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &p1);
        if (weak)
            r.score = (r.score > 0) - (r.score < 0);
        unsigned long long us = (unsigned long long)(r.seconds * 1e6 + 0.5);
        unsigned long long own_cpu = micros(&t0, &t1),
                           cpu = micros(&p0, &p1);
        printf("%s %d %llu %llu %llu %llu %llu\n", line, r.score,
               (unsigned long long)r.own_nodes, (unsigned long long)r.nodes,
               us, own_cpu, cpu);
        fflush(stdout);
        owner_sum += r.own_nodes;
        total_sum += r.nodes;
        us_sum += us;
        own_cpu_sum += own_cpu;
        cpu_sum += cpu;
        count++;
    }
    printf("sum of %d: owner %llu total %llu microseconds %llu owner_cpu %llu "
           "cpu %llu\n", count, owner_sum, total_sum, us_sum, own_cpu_sum,
           cpu_sum);
    c4_search_free(S);
    gs_c4_free(g);
    return 0;
}
