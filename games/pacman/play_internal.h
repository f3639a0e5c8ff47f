/*
 * games/pacman/play_internal.h: what the agents, the game loop and the
 * records (agents.c, play.c, record.c) share: memory through the caller's
 * allocator, and whole numbers read as the command line reads them.
 */
#ifndef GAMESEARCH_PACMAN_PLAY_INTERNAL_H
#define GAMESEARCH_PACMAN_PLAY_INTERNAL_H

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>

#include "gamesearch/core.h"

/* n bytes from a (NULL when they cannot be had). */
static inline void *pac_mem_alloc(const gs_allocator *a, size_t n)
{
    return a->fn(a->user, NULL, 0, n ? n : 1);
}

/* p (osize bytes, NULL allowed) resized to n bytes; NULL on failure, when
 * p stays valid. */
static inline void *pac_mem_resize(const gs_allocator *a, void *p,
                                   size_t osize, size_t n)
{
    return a->fn(a->user, p, p ? osize : 0, n ? n : 1);
}

static inline void pac_mem_free(const gs_allocator *a, void *p, size_t osize)
{
    if (p)
        a->fn(a->user, p, osize ? osize : 1, 0);
}

/* A whole decimal number in [lo, hi], nothing else in s. */
static inline bool pac_parse_long(const char *s, long lo, long hi, long *out)
{
    if (!s || !*s)
        return false;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end || end == s || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

#endif /* GAMESEARCH_PACMAN_PLAY_INTERNAL_H */
