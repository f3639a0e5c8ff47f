/*
 * gamesearch/core.h: status codes and the allocator hook shared by every
 * part of the gamesearch library.
 *
 * Every fallible public function returns an int status: GS_OK (0) or one of
 * the GS_E* codes below; results travel through out-parameters. The library
 * never prints and never exits.
 */
#ifndef GAMESEARCH_CORE_H
#define GAMESEARCH_CORE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    GS_OK = 0,
    GS_ENOMEM,    /* an allocation failed; nothing was leaked */
    GS_EINVAL,    /* an argument is out of range or inconsistent */
    GS_EVERSION,  /* a gs_game was filled in for another interface version */
    GS_EPARSE,    /* input text is malformed (see the parser's error record) */
    GS_EPLY,      /* the search went deeper than its ply limit */
    GS_ETOOBIG    /* input exceeds a documented size limit */
};

/* A short English description of a status code (never NULL). */
const char *gs_strerror(int status);

/*
 * Allocation hook, in the style of Lua's lua_Alloc:
 *   nsize == 0: free ptr (which may be NULL) and return NULL;
 *   ptr == NULL: allocate nsize bytes;
 *   otherwise: resize ptr from osize to nsize bytes.
 * Returns NULL when an allocation fails (the old block stays valid).
 * Every allocation the library makes goes through the hook of the object it
 * belongs to, so a test can fail allocation N on purpose.
 */
typedef void *(*gs_alloc_fn)(void *user, void *ptr, size_t osize, size_t nsize);

typedef struct gs_allocator {
    gs_alloc_fn fn;
    void *user;
} gs_allocator;

/* The allocator used when a function is given NULL: the C library's. */
const gs_allocator *gs_default_allocator(void);

#ifdef __cplusplus
}
#endif

#endif /* GAMESEARCH_CORE_H */
