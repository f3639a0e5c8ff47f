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
    gs_error err;
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

int dir_of(const char *name)
{
    int d = gs_pac_dir_parse(name);
    if (d < 0)
        fail_msg("unknown direction %s", name);
    return d;
}

/* Agent `agent` at doubled (x2, y2), facing `dir`, with `scared`. */
void expect_agent(const gs_pacman *w, const void *s, int agent, int x2,
                  int y2, const char *dir, int scared)
{
    int x, y;
    gs_pacman_position(w, s, agent, &x, &y);
    assert_int_equal(x, x2);
    assert_int_equal(y, y2);
    assert_string_equal(gs_pac_dir_name(gs_pacman_direction(w, s, agent)),
                        dir);
    assert_int_equal(gs_pacman_scared(w, s, agent), scared);
}
