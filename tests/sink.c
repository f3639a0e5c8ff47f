/* A gs_write_fn for the tests (see sink.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sink.h"

int to_buffer(void *user, const char *text, size_t len)
{
    buffer *b = user;
    if (++b->writes >= b->refuse_at && b->refuse_at)
        return 7;
    b->text = realloc(b->text, b->len + len + 1);
    assert_non_null(b->text);
    memcpy(b->text + b->len, text, len);
    b->len += len;
    b->text[b->len] = '\0';
    return 0;
}
