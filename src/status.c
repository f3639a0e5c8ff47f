/* Status codes, the version, what the build has, and the default
 * allocator. */
#include <stdbool.h>
#include <stdlib.h>

#include "gamesearch/core.h"
#include "thread.h"

bool gs_threads_available(void)
{
    return THREADS_AVAILABLE;
}

const char *gs_strerror(int status)
{
    switch (status) {
    case GS_OK: return "success";
    case GS_ENOMEM: return "out of memory";
    case GS_EINVAL: return "invalid argument";
    case GS_EVERSION: return "interface version mismatch";
    case GS_EPARSE: return "malformed input";
    case GS_EPLY: return "search deeper than the ply limit";
    case GS_ETOOBIG: return "input too large";
    case GS_ESTOPPED: return "a search limit stopped a search";
    default: return "unknown status";
    }
}

const char *gs_version(void)
{
    return GS_VERSION_STRING;
}

int gs_version_number(void)
{
    return GS_VERSION_NUMBER;
}

static void *default_alloc(void *user, void *ptr, size_t osize, size_t nsize)
{
    (void)user;
    (void)osize;
    if (nsize == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, nsize);
}

static const gs_allocator default_allocator = {default_alloc, NULL};

const gs_allocator *gs_default_allocator(void)
{
    return &default_allocator;
}
