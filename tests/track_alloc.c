/* The tracking allocator of track_alloc.h. Each block carries its size in
 * a header, so that every size the library passes back can be checked. */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#ifndef GS_TEST_NO_THREADS
#include <pthread.h>
#endif
#include <stdlib.h>
#include <string.h>

#include "track_alloc.h"

#define HEADER 16

/* The library allocates from several threads at once (threads of a
 * search, games of a match): the counts are kept under one lock. Built
 * without threads, neither the library nor the tests start any. */
#ifndef GS_TEST_NO_THREADS
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
#define LOCK() pthread_mutex_lock(&lock)
#define UNLOCK() pthread_mutex_unlock(&lock)
#else
#define LOCK() ((void)0)
#define UNLOCK() ((void)0)
#endif

static void *track_fn(void *user, void *ptr, size_t osize, size_t nsize)
{
    track *t = user;
    char *block = ptr ? (char *)ptr - HEADER : NULL;
    if (block) {
        size_t stored;
        memcpy(&stored, block, sizeof stored);
        assert_int_equal(stored, osize);
    } else {
        assert_int_equal(osize, 0);
    }
    if (nsize == 0) {
        if (block) {
            LOCK();
            t->live -= osize;
            UNLOCK();
            free(block);
        }
        return NULL;
    }
    LOCK();
    bool fail = ++t->count == t->fail_at && t->fail_at > 0;
    t->failed += fail;
    UNLOCK();
    if (fail)
        return NULL;
    char *nb = realloc(block, nsize + HEADER);
    if (!nb)
        return NULL;
    memcpy(nb, &nsize, sizeof nsize);
    LOCK();
    t->live += nsize;
    t->live -= block ? osize : 0;
    UNLOCK();
    return nb + HEADER;
}

gs_allocator tracker(track *t)
{
    memset(t, 0, sizeof *t);
    gs_allocator a = {track_fn, t};
    return a;
}
