/*
 * track_alloc.h: an allocator for tests that counts live bytes, checks the
 * sizes the library passes back, and fails allocation number N on purpose.
 */
#ifndef GS_TEST_TRACK_ALLOC_H
#define GS_TEST_TRACK_ALLOC_H

#include <stddef.h>

#include "gamesearch/core.h"

typedef struct track {
    size_t live;     /* bytes allocated and not freed */
    long count;      /* allocations and resizes so far */
    long fail_at;    /* fail this allocation (1-based; 0: never) */
    long failed;     /* how many were failed */
} track;

/* A fresh tracker and the allocator that reports to it. */
gs_allocator tracker(track *t);

#endif /* GS_TEST_TRACK_ALLOC_H */
