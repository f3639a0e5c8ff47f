/* The Pacman tests' shared fixture (pacman_fixture.h). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "pacman_fixture.h"

gs_pacman *world_from(const char *text, size_t len, int ghosts,
                      const gs_allocator *alloc, const char *where)
{
    gs_pac_layout *lay = NULL;
    gs_pac_error err;
    int rc = gs_pac_layout_parse(text, len, NULL, &lay, &err);
    if (rc != GS_OK)
        fail_msg("%s: layout refused (%d) at %d:%d: %s", where, rc, err.line,
                 err.column, err.message);
    assert_non_null(lay);
    gs_pacman *w = NULL;
    assert_int_equal(gs_pacman_new(lay, ghosts, alloc, &w), GS_OK);
    gs_pac_layout_free(lay);
    return w;
}

void *new_state(const gs_pacman *w)
{
    void *s = malloc(gs_pacman_state_size(w));
    assert_non_null(s);
    gs_pacman_initial(w, s);
    return s;
}

void *copy_state(const gs_pacman *w, const void *s)
{
    void *c = malloc(gs_pacman_state_size(w));
    assert_non_null(c);
    memcpy(c, s, gs_pacman_state_size(w));
    return c;
}
