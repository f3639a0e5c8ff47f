/*
 * gamesearch/jobs.h: a batch of independent jobs of uneven cost (the games
 * of a tournament, the positions of a book, the lines of a file of
 * positions) run on a few threads. Each job goes to whichever thread is
 * free next and writes its result into memory of its own (the i-th entry
 * of the caller's array, say); the results are passed on in job order,
 * each as soon as it and every job before it have ended, so that a batch
 * reports the same on one thread as on many.
 *
 *     static int run(void *user, size_t i, int worker)
 *     {
 *         batch *b = user;
 *         b->value[i] = solve(&b->position[i], b->solver[worker]);
 *         return 0;
 *     }
 *     static int take(void *user, size_t i, int status)
 *     {
 *         batch *b = user;
 *         printf("%zu: %d\n", i, b->value[i]);
 *         return status;     (nonzero: the batch stops here)
 *     }
 *
 *     gs_jobs jobs = {.count = n, .run = run, .take = take, .user = &b};
 *     int st = gs_jobs_run(&jobs, 4, NULL);
 */
#ifndef GAMESEARCH_JOBS_H
#define GAMESEARCH_JOBS_H

#include <stddef.h>

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gs_jobs {
    size_t count;
    /*
     * Runs job i on the pool's thread number `worker` (0 to threads - 1),
     * whatever the other threads are running: what it needs for itself
     * (a solver, a random generator) is found by that number. Returns the
     * job's status, handed to done and take.
     */
    int (*run)(void *user, size_t i, int worker);
    /* Optional: as soon as job i ends, in any order, before its take (a
     * running count for a progress line). */
    void (*done)(void *user, size_t i, int status);
    /* Optional: job after job in order, each once it and every earlier job
     * have ended. Nonzero stops the batch there: no job is started any
     * more, the ones under way are waited for, and no later one is taken. */
    int (*take)(void *user, size_t i, int status);
    /* Optional: called about every tick_ms milliseconds (1 or more)
     * while the batch waits for the next job in order (to draw a progress
     * line). */
    void (*tick)(void *user);
    unsigned tick_ms;
    void *user;
} gs_jobs;

/*
 * Runs every job of `jobs` on `threads` threads of its own (at most one
 * for each job), while the calling thread calls done, take and tick, one
 * at a time, never two at once. A thread that cannot be started leaves its
 * share to the others; when none can (always, in a library built without
 * threads: gs_threads_available), the calling thread runs the jobs
 * itself, one after another (without ticks). The pool's own memory (a few
 * words for each job) comes from alloc (NULL: the C library's).
 *
 * Returns GS_OK when every job was taken or take stopped the batch;
 * GS_EINVAL (no jobs, no run, threads < 1 or above GS_THREADS_MAX, or a
 * tick with tick_ms 0) or
 * GS_ENOMEM, before any job was run.
 */
GS_API int gs_jobs_run(const gs_jobs *jobs, int threads,
                       const gs_allocator *alloc);

#ifdef __cplusplus
}
#endif

#endif /* GAMESEARCH_JOBS_H */
