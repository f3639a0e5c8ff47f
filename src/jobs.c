/*
 * The batch of jobs of jobs.h. Each thread of the pool takes the next job
 * under the lock, runs it, and notes under the lock that it ended; the
 * calling thread passes the jobs on in order as they come.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "gamesearch/jobs.h"
#include "thread.h"

/* A job once it ended. */
typedef struct job_slot {
    int status;
    bool ended;
} job_slot;

typedef struct pool {
    const gs_jobs *j;
    thread_mutex lock;
    thread_cond ended;      /* a job ended */
    size_t next;              /* the next job to hand out */
    size_t nended;
    size_t *order;            /* the jobs that ended, in that order */
    job_slot *slot;
    bool stop;                /* hand out no more jobs */
} pool;

typedef struct thread {
    thread_handle id;
    pool *p;
    int number;
} thread;

static void *pool_thread(void *arg)
{
    thread *t = arg;
    pool *p = t->p;
    thread_mutex_lock(&p->lock);
    while (!p->stop && p->next < p->j->count) {
        size_t i = p->next++;
        thread_mutex_unlock(&p->lock);
        int status = p->j->run(p->j->user, i, t->number);
        thread_mutex_lock(&p->lock);
        p->slot[i] = (job_slot){status, true};
        p->order[p->nended++] = i;
        thread_cond_signal(&p->ended);
    }
    thread_mutex_unlock(&p->lock);
    return NULL;
}

/* Waits, the lock held, until a job ends or tick_ms have passed. */
static void wait_a_tick(pool *p)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += (time_t)(p->j->tick_ms / 1000);
    until.tv_nsec += (long)(p->j->tick_ms % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    thread_cond_wait_until(&p->ended, &p->lock, &until);
}

/* The calling thread: each job's done as it ends, then its take in order
 * (every job that ended has had its done before the next take). */
static void pass_on(pool *p)
{
    const gs_jobs *j = p->j;
    size_t seen = 0, taken = 0;
    thread_mutex_lock(&p->lock);
    while (taken < j->count) {
        if (seen < p->nended) {
            size_t i = p->order[seen++];
            int status = p->slot[i].status;
            thread_mutex_unlock(&p->lock);
            if (j->done)
                j->done(j->user, i, status);
        } else if (p->slot[taken].ended) {
            size_t i = taken++;
            int status = p->slot[i].status;
            thread_mutex_unlock(&p->lock);
            if (j->take && j->take(j->user, i, status) != 0) {
                thread_mutex_lock(&p->lock);
                break;
            }
        } else if (!j->tick) {
            thread_cond_wait(&p->ended, &p->lock);
            continue;
        } else {
            wait_a_tick(p);
            thread_mutex_unlock(&p->lock);
            j->tick(j->user);
        }
        thread_mutex_lock(&p->lock);
    }
    p->stop = true;
    thread_mutex_unlock(&p->lock);
}

/* No thread could start: the jobs one after another on this one. */
static void run_here(const gs_jobs *j)
{
    for (size_t i = 0; i < j->count; i++) {
        int status = j->run(j->user, i, 0);
        if (j->done)
            j->done(j->user, i, status);
        if (j->take && j->take(j->user, i, status) != 0)
            break;
    }
}

int gs_jobs_run(const gs_jobs *j, int threads, const gs_allocator *alloc)
{
    if (!j || !j->run || threads < 1 || threads > GS_THREADS_MAX ||
        (j->tick && j->tick_ms == 0))
        return GS_EINVAL;
    if (j->count == 0)
        return GS_OK;
    if (!alloc)
        alloc = gs_default_allocator();
    size_t nt = (size_t)threads < j->count ? (size_t)threads : j->count;
    pool p;
    memset(&p, 0, sizeof p);
    p.j = j;
    bool fits = j->count <= SIZE_MAX / sizeof *p.order;
    p.order = fits ? alloc->fn(alloc->user, NULL, 0,
                               j->count * sizeof *p.order) : NULL;
    p.slot = fits ? alloc->fn(alloc->user, NULL, 0,
                              j->count * sizeof *p.slot) : NULL;
    thread *t = alloc->fn(alloc->user, NULL, 0, nt * sizeof *t);
    bool locks = false;
    if (p.order && p.slot && t && thread_mutex_init(&p.lock)) {
        locks = thread_cond_init(&p.ended);
        if (!locks)
            thread_mutex_free(&p.lock);
    }
    int status = locks ? GS_OK : GS_ENOMEM;
    if (locks) {
        memset(p.slot, 0, j->count * sizeof *p.slot);
        size_t started = 0;
        for (; started < nt; started++) {
            t[started].p = &p;
            t[started].number = (int)started;
            if (!thread_start(&t[started].id, pool_thread, &t[started]))
                break;
        }
        if (started == 0)
            run_here(j);
        else
            pass_on(&p);
        for (size_t i = 0; i < started; i++)
            thread_join(&t[i].id);
        thread_cond_free(&p.ended);
        thread_mutex_free(&p.lock);
    }
    if (p.order)
        alloc->fn(alloc->user, p.order, j->count * sizeof *p.order, 0);
    if (p.slot)
        alloc->fn(alloc->user, p.slot, j->count * sizeof *p.slot, 0);
    if (t)
        alloc->fn(alloc->user, t, nt * sizeof *t, 0);
    return status;
}
