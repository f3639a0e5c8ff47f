/* The tracking allocator of track_alloc.h. Each block carries its size in
 * a header, so that every size the library passes back can be checked. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "track_alloc.h"

#define HEADER 16

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
            t->live -= osize;
            free(block);
        }
        return NULL;
    }
    t->count++;
    if (t->fail_at > 0 && t->count == t->fail_at) {
        t->failed++;
        return NULL;
    }
    char *nb = realloc(block, nsize + HEADER);
    if (!nb)
        return NULL;
    memcpy(nb, &nsize, sizeof nsize);
    t->live += nsize;
    t->live -= block ? osize : 0;
    return nb + HEADER;
}

gs_allocator tracker(track *t)
{
    memset(t, 0, sizeof *t);
    gs_allocator a = {track_fn, t};
    return a;
}
