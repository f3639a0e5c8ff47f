/*
 * thread.h: the threads, locks and condition variables the library starts
 * and uses (lazy SMP, root-parallel MCTS, the job pool), and the one place
 * that knows whether it has them.
 *
 * Built with GS_NO_THREADS defined (cmake -DGS_THREADS=OFF: WebAssembly
 * without threads, small embedded systems), the library includes no
 * <pthread.h> and links no thread library: thread_start() then always
 * fails, so that every caller takes the path it already has for a thread
 * that could not start (doing that thread's work itself), and the locks
 * and conditions do nothing, since no other thread can hold or signal
 * them. Otherwise these are POSIX threads.
 */
#ifndef GS_THREAD_H
#define GS_THREAD_H

#include <stdbool.h>
#include <time.h>

#ifndef GS_NO_THREADS

#include <pthread.h>

/* True when thread_start() can start threads. */
#define THREADS_AVAILABLE true

typedef pthread_t thread_handle;
typedef pthread_mutex_t thread_mutex;
typedef pthread_cond_t thread_cond;

/* Starts fn(arg) on a thread of its own: true when it runs (then
 * thread_join() must be called on *t once). */
static inline bool thread_start(thread_handle *t, void *(*fn)(void *),
                                void *arg)
{
    return pthread_create(t, NULL, fn, arg) == 0;
}

/* Waits until the thread that *t started has returned. */
static inline void thread_join(thread_handle *t)
{
    pthread_join(*t, NULL);
}

/* True when the mutex or condition was made (then it must be freed). */
static inline bool thread_mutex_init(thread_mutex *m)
{
    return pthread_mutex_init(m, NULL) == 0;
}

static inline void thread_mutex_free(thread_mutex *m)
{
    pthread_mutex_destroy(m);
}

static inline void thread_mutex_lock(thread_mutex *m)
{
    pthread_mutex_lock(m);
}

static inline void thread_mutex_unlock(thread_mutex *m)
{
    pthread_mutex_unlock(m);
}

static inline bool thread_cond_init(thread_cond *c)
{
    return pthread_cond_init(c, NULL) == 0;
}

static inline void thread_cond_free(thread_cond *c)
{
    pthread_cond_destroy(c);
}

static inline void thread_cond_signal(thread_cond *c)
{
    pthread_cond_signal(c);
}

/* Waits, m held, until c is signalled (or spuriously). */
static inline void thread_cond_wait(thread_cond *c, thread_mutex *m)
{
    pthread_cond_wait(c, m);
}

/* The same, or until `until` on CLOCK_REALTIME has passed. */
static inline void thread_cond_wait_until(thread_cond *c, thread_mutex *m,
                                          const struct timespec *until)
{
    pthread_cond_timedwait(c, m, until);
}

#else /* GS_NO_THREADS */

#define THREADS_AVAILABLE false

typedef struct thread_handle {
    char unused;
} thread_handle;
typedef struct thread_mutex {
    char unused;
} thread_mutex;
typedef struct thread_cond {
    char unused;
} thread_cond;

static inline bool thread_start(thread_handle *t, void *(*fn)(void *),
                                void *arg)
{
    (void)t;
    (void)fn;
    (void)arg;
    return false;
}

static inline void thread_join(thread_handle *t)
{
    (void)t;
}

static inline bool thread_mutex_init(thread_mutex *m)
{
    (void)m;
    return true;
}

static inline void thread_mutex_free(thread_mutex *m)
{
    (void)m;
}

static inline void thread_mutex_lock(thread_mutex *m)
{
    (void)m;
}

static inline void thread_mutex_unlock(thread_mutex *m)
{
    (void)m;
}

static inline bool thread_cond_init(thread_cond *c)
{
    (void)c;
    return true;
}

static inline void thread_cond_free(thread_cond *c)
{
    (void)c;
}

static inline void thread_cond_signal(thread_cond *c)
{
    (void)c;
}

/* No thread was started that could signal: the callers wait only for
 * threads they started. */
static inline void thread_cond_wait(thread_cond *c, thread_mutex *m)
{
    (void)c;
    (void)m;
}

static inline void thread_cond_wait_until(thread_cond *c, thread_mutex *m,
                                          const struct timespec *until)
{
    (void)c;
    (void)m;
    (void)until;
}

#endif /* GS_NO_THREADS */

#endif /* GS_THREAD_H */
