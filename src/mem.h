/*
 * src/mem.h: how the library calls an allocator hook. Not installed, not
 * part of the API.
 *
 * The engine (src/) and the games (games/) are compiled into one library
 * and allocate through the same hook (gs_allocator, gamesearch/core.h), so
 * they share this one definition. A game includes it by its path relative
 * to its own ("../../src/mem.h"), never through -Isrc: this header is the
 * only thing of src/ that games/ may use, and it uses nothing but the
 * public gamesearch/core.h.
 */
#ifndef GAMESEARCH_SRC_MEM_H
#define GAMESEARCH_SRC_MEM_H

#include <stddef.h>

#include "gamesearch/core.h"

/* The hook of a, with gs_alloc_fn's contract: nsize 0 frees p (NULL
 * allowed) and returns NULL; p NULL allocates nsize bytes; otherwise p is
 * resized from osize to nsize bytes. NULL when an allocation fails, p then
 * still valid. */
static inline void *mem_resize(const gs_allocator *a, void *p, size_t osize,
                               size_t nsize)
{
    return a->fn(a->user, p, osize, nsize);
}

#endif /* GAMESEARCH_SRC_MEM_H */
