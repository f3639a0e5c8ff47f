/*
 * tests/sink.h: a gs_write_fn for the tests of the library's writers: it
 * gathers the text into a growing buffer and can refuse a write, to show
 * that a writer stops there with the refusal's value.
 */
#ifndef GS_TESTS_SINK_H
#define GS_TESTS_SINK_H

#include <stddef.h>

typedef struct buffer {
    char *text;          /* what was written, NUL-terminated (free it) */
    size_t len;
    size_t refuse_at;    /* refuse write number refuse_at (1, 2, ...) and
                            any after it; 0: never */
    size_t writes;       /* the writes asked for, the refused ones too */
} buffer;

/* Appends text to the buffer `user`; returns 0, or 7 for a refused write.
 * Fails the test when out of memory. */
int to_buffer(void *user, const char *text, size_t len);

#endif
