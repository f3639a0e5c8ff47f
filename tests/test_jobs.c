/*
 * tests/test_jobs.c: a batch of jobs on a pool of threads
 * (gamesearch/jobs.h).
 *
 * Facts checked:
 *   - every job runs once, on a worker numbered 0 to threads - 1, and is
 *     taken in job order with the status its run returned, after its
 *     done; on 1 thread, 2 threads, and more threads than jobs; 1,000
 *     jobs of uneven cost on 2 threads;
 *   - a take that returns nonzero stops the batch: no later job is taken,
 *     and the jobs not yet begun are never run;
 *   - tick is called while the batch waits;
 *   - no jobs: nothing is called; bad arguments: GS_EINVAL;
 *   - every allocation of the pool failing in turn: GS_ENOMEM with no job
 *     run and nothing leaked;
 *   - built without threads: every job runs on worker 0 (the calling
 *     thread), none after the one whose take stopped the batch (the tick
 *     case is skipped: nothing calls tick then).
 * Nothing here asserts on a worker thread: what the threads see is
 * recorded and checked afterwards.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#ifndef GS_TEST_NO_THREADS
#include <pthread.h>
#endif
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gamesearch/jobs.h"
#include "needs_threads.h"
#include "track_alloc.h"

/* Built without threads, the pool runs the jobs on the calling thread, in
 * order: nothing to lock, and nothing to wait for (a wait would never
 * end, so it fails). */
#ifndef GS_TEST_NO_THREADS
typedef pthread_mutex_t batch_lock;
typedef pthread_cond_t batch_cond;
#define LOCK_INIT(l) pthread_mutex_init(l, NULL)
#define LOCK_FREE(l) pthread_mutex_destroy(l)
#define LOCK(l) pthread_mutex_lock(l)
#define UNLOCK(l) pthread_mutex_unlock(l)
#define COND_INIT(c) pthread_cond_init(c, NULL)
#define COND_FREE(c) pthread_cond_destroy(c)
#define COND_WAIT(c, l) pthread_cond_wait(c, l)
#define COND_BROADCAST(c) pthread_cond_broadcast(c)
#else
typedef int batch_lock;
typedef int batch_cond;
#define LOCK_INIT(l) ((void)(l))
#define LOCK_FREE(l) ((void)(l))
#define LOCK(l) ((void)(l))
#define UNLOCK(l) ((void)(l))
#define COND_INIT(c) ((void)(c))
#define COND_FREE(c) ((void)(c))
#define COND_WAIT(c, l) fail_msg("a job waits, and no other thread runs")
#define COND_BROADCAST(c) ((void)(c))
#endif

enum { MAX_JOBS = 1000 };

typedef struct batch {
    batch_lock lock;
    batch_cond changed;
    int threads;
    int runs[MAX_JOBS];       /* times each job ran */
    int worker[MAX_JOBS];     /* the worker that ran it */
    int dones[MAX_JOBS];      /* times its done was called */
    bool done_before_take;    /* every take came after its done */
    size_t taken[MAX_JOBS];   /* the jobs taken, in that order */
    int taken_status[MAX_JOBS];
    size_t ntaken;
    size_t stop_at;           /* take returns 1 for this job (or never) */
    bool stopped;             /* take said stop */
    int ticks;
    bool wait_tick;           /* job 0 waits for a tick */
    long calls;               /* run, done, take and tick calls in all */
} batch;

static void batch_init(batch *b, int threads)
{
    memset(b, 0, sizeof *b);
    LOCK_INIT(&b->lock);
    COND_INIT(&b->changed);
    b->threads = threads;
    b->done_before_take = true;
    b->stop_at = SIZE_MAX;
}

static void batch_end(batch *b)
{
    COND_FREE(&b->changed);
    LOCK_FREE(&b->lock);
}

/* Work of uneven cost, so that jobs end out of order. */
static unsigned long work(size_t i)
{
    unsigned long x = i;
    for (size_t k = 0; k < (i % 7) * 20000; k++)
        x = x * 6364136223846793005UL + 1442695040888963407UL;
    return x;
}

static int run(void *user, size_t i, int worker)
{
    batch *b = user;
    volatile unsigned long sink = work(i);
    (void)sink;
    LOCK(&b->lock);
    b->calls++;
    b->runs[i]++;
    b->worker[i] = worker;
    /* Once the batch is stopped, a job that still ran takes long, so
     * that any job handed out after the stop would show. */
    bool late = b->stopped;
    while (i == 0 && b->wait_tick && b->ticks == 0)
        COND_WAIT(&b->changed, &b->lock);
    while (b->stop_at != SIZE_MAX && i > b->stop_at && !b->stopped)
        COND_WAIT(&b->changed, &b->lock);
    UNLOCK(&b->lock);
    if (late)
        nanosleep(&(struct timespec){0, 100000000L}, NULL);
    return (int)(i * 3 % 11);
}

static void done(void *user, size_t i, int status)
{
    batch *b = user;
    LOCK(&b->lock);
    b->calls++;
    b->dones[i]++;
    if (status != (int)(i * 3 % 11))
        b->done_before_take = false;
    UNLOCK(&b->lock);
}

static int take(void *user, size_t i, int status)
{
    batch *b = user;
    LOCK(&b->lock);
    b->calls++;
    if (b->dones[i] != 1)
        b->done_before_take = false;
    b->taken_status[b->ntaken] = status;
    b->taken[b->ntaken++] = i;
    if (i == b->stop_at)
        b->stopped = true;
    COND_BROADCAST(&b->changed);
    UNLOCK(&b->lock);
    return i == b->stop_at;
}

static void tick(void *user)
{
    batch *b = user;
    LOCK(&b->lock);
    b->calls++;
    b->ticks++;
    COND_BROADCAST(&b->changed);
    UNLOCK(&b->lock);
}

/* n jobs on `threads` threads: each ran once, was taken in order with its
 * status after its done. */
static void check_batch(size_t n, int threads)
{
    batch *b = malloc(sizeof *b);
    assert_non_null(b);
    batch_init(b, threads);
    gs_jobs jobs = {n, run, done, take, NULL, 0, b};
    assert_int_equal(gs_jobs_run(&jobs, threads, NULL), GS_OK);
    assert_int_equal(b->ntaken, n);
    assert_true(b->done_before_take);
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(b->runs[i], 1);
        assert_int_equal(b->dones[i], 1);
        assert_int_equal(b->taken[i], i);
        assert_int_equal(b->taken_status[i], (int)(i * 3 % 11));
        assert_in_range(b->worker[i], 0, threads - 1);
        if (!TEST_THREADS)
            assert_int_equal(b->worker[i], 0);   /* the calling thread */
    }
    batch_end(b);
    free(b);
}

static void test_order(void **unused)
{
    (void)unused;
    check_batch(1, 1);
    check_batch(40, 1);
    check_batch(40, 2);
    check_batch(3, 8);
    check_batch(MAX_JOBS, 2);
}

/* Job 5's take stops the batch; the jobs after it wait until it has, so
 * that they cannot all have run before. */
static void test_stop(void **unused)
{
    (void)unused;
    for (int threads = 1; threads <= 2; threads++) {
        batch *b = malloc(sizeof *b);
        assert_non_null(b);
        batch_init(b, threads);
        b->stop_at = 5;
        gs_jobs jobs = {MAX_JOBS, run, done, take, NULL, 0, b};
        assert_int_equal(gs_jobs_run(&jobs, threads, NULL), GS_OK);
        assert_int_equal(b->ntaken, 6);
        int ran = 0;
        for (size_t i = 0; i < 6; i++)
            assert_int_equal(b->taken[i], i);
        for (size_t i = 0; i < MAX_JOBS; i++) {
            assert_in_range(b->runs[i], 0, 1);
            ran += b->runs[i];
        }
        /* Jobs 0 to 5, and at most what each thread had begun (none
         * without threads: the jobs run one after another here). */
        assert_in_range(ran, 6, TEST_THREADS ? 6 + 2 * threads : 6);
        batch_end(b);
        free(b);
    }
}

/* Job 0 waits for a tick: the batch ends only if tick is called while it
 * waits. */
static void test_tick(void **unused)
{
    (void)unused;
    SKIP_WITHOUT_THREADS();
    batch *b = malloc(sizeof *b);
    assert_non_null(b);
    batch_init(b, 2);
    b->wait_tick = true;
    gs_jobs jobs = {4, run, NULL, take, tick, 1, b};
    assert_int_equal(gs_jobs_run(&jobs, 2, NULL), GS_OK);
    assert_true(b->ticks >= 1);
    assert_int_equal(b->ntaken, 4);
    batch_end(b);
    free(b);
}

static void test_arguments(void **unused)
{
    (void)unused;
    batch *b = malloc(sizeof *b);
    assert_non_null(b);
    batch_init(b, 1);
    gs_jobs jobs = {0, run, done, take, tick, 1, b};
    assert_int_equal(gs_jobs_run(&jobs, 4, NULL), GS_OK);
    jobs.count = 3;
    assert_int_equal(gs_jobs_run(NULL, 1, NULL), GS_EINVAL);
    assert_int_equal(gs_jobs_run(&jobs, 0, NULL), GS_EINVAL);
    assert_int_equal(gs_jobs_run(&jobs, GS_THREADS_MAX + 1, NULL), GS_EINVAL);
    assert_int_equal(gs_jobs_run(&jobs, 2000000000, NULL), GS_EINVAL);
    jobs.tick_ms = 0;
    assert_int_equal(gs_jobs_run(&jobs, 1, NULL), GS_EINVAL);
    jobs.tick_ms = 1;
    jobs.run = NULL;
    assert_int_equal(gs_jobs_run(&jobs, 1, NULL), GS_EINVAL);
    assert_int_equal(b->calls, 0);
    /* Without done, take and tick, the jobs still run. */
    gs_jobs bare = {3, run, NULL, NULL, NULL, 0, b};
    assert_int_equal(gs_jobs_run(&bare, 2, NULL), GS_OK);
    assert_int_equal(b->calls, 3);
    batch_end(b);
    free(b);
}

/* The pool makes three allocations: each failing gives GS_ENOMEM before
 * any job ran, and nothing is left allocated. */
static void test_out_of_memory(void **unused)
{
    (void)unused;
    batch *b = malloc(sizeof *b);
    assert_non_null(b);
    track t;
    for (long fail = 1;; fail++) {
        batch_init(b, 2);
        gs_allocator a = tracker(&t);
        t.fail_at = fail;
        gs_jobs jobs = {10, run, done, take, NULL, 0, b};
        int st = gs_jobs_run(&jobs, 2, &a);
        assert_int_equal(t.live, 0);
        batch_end(b);
        if (fail <= 3) {
            assert_int_equal(st, GS_ENOMEM);
            assert_int_equal(t.failed, 1);
            assert_int_equal(b->calls, 0);
            continue;
        }
        assert_int_equal(st, GS_OK);
        assert_int_equal(t.failed, 0);
        assert_int_equal(t.count, 3);
        assert_int_equal(b->ntaken, 10);
        break;
    }
    free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_order),
        cmocka_unit_test(test_stop),
        cmocka_unit_test(test_tick),
        cmocka_unit_test(test_arguments),
        cmocka_unit_test(test_out_of_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
