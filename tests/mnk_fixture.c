#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "mnk_fixture.h"

gs_mnk *mnk_fixture_make(int rows, int cols, int k)
{
    gs_mnk_params p;
    gs_mnk_params_init(&p);
    p.rows = rows;
    p.cols = cols;
    p.k = k;
    gs_mnk_params_for_play(&p, true);
    gs_mnk *g = NULL;
    assert_int_equal(gs_mnk_new(&p, NULL, &g), GS_OK);
    assert_true(gs_mnk_state_size(g) <= sizeof(sbuf));
    return g;
}

void mnk_fixture_parse(const gs_mnk *g, const char *text, sbuf *s)
{
    gs_error err;
    if (gs_mnk_parse(g, text, s, &err) != GS_OK)
        fail_msg("'%s': %s", text, err.message);
}
