/*
 * games/pacman/play_internal.h: what the agents, the game loop and the
 * records (agents.c, play.c, record.c, batch.c, page.c) share: memory
 * through the caller's allocator, and whole numbers read as the command
 * line reads them.
 */
#ifndef GAMESEARCH_PACMAN_PLAY_INTERNAL_H
#define GAMESEARCH_PACMAN_PLAY_INTERNAL_H

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "gamesearch/core.h"
#include "../../src/mem.h"   /* mem_resize: why a game may, in that file */

/* n bytes from a (NULL when they cannot be had); 0 asks for 1. */
static inline void *pac_mem_alloc(const gs_allocator *a, size_t n)
{
    return mem_resize(a, NULL, 0, n ? n : 1);
}

/* Frees p (NULL allowed) of osize bytes, as pac_mem_alloc gave it. */
static inline void pac_mem_free(const gs_allocator *a, void *p, size_t osize)
{
    if (p)
        mem_resize(a, p, osize ? osize : 1, 0);
}

/* A seed at the start of s: a whole decimal number from INT64_MIN to
 * UINT64_MAX, its 64 bits in *v (*is_unsigned when above INT64_MAX).
 * Returns the end of the number, or NULL when s does not start with one
 * in that range. */
static inline char *pac_parse_seed(const char *s, int64_t *v, bool *is_unsigned)
{
    char *end;
    while (*s == ' ' || (*s >= '\t' && *s <= '\r'))
        s++;                           /* as strtoll skips them */
    const char *d = s + (*s == '-' || *s == '+');
    if (*d < '0' || *d > '9')
        return NULL;
    errno = 0;
    if (*s == '-') {
        long long n = strtoll(s, &end, 10);
        if (errno)
            return NULL;
        *v = (int64_t)n;
        *is_unsigned = false;
        return end;
    }
    unsigned long long u = strtoull(s, &end, 10);
    if (errno || u > UINT64_MAX)
        return NULL;
    *v = (int64_t)(uint64_t)u;   /* the same 64 bits */
    *is_unsigned = u > (unsigned long long)INT64_MAX;
    return end;
}

#endif /* GAMESEARCH_PACMAN_PLAY_INTERNAL_H */
