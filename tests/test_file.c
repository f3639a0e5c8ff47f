/*
 * tests/test_file.c: the whole-file readers gs_read_file and
 * gs_read_stream (gamesearch/file.h).
 *
 * Facts checked:
 *   - a file's bytes, a NUL inside them included, come back whole with a
 *     NUL after them, in a block of exactly len + 1 bytes of the
 *     allocator; an empty file gives an empty string;
 *   - a stream of unknown size (not a regular file) longer than the first
 *     block grows and is read whole;
 *   - the messages: a missing file, a directory, a file one byte over the
 *     limit (refused unread, 1 GiB by default: a sparse file) and a
 *     stream over it, exactly the limit accepted;
 *   - each allocation failing in turn: GS_ENOMEM, nothing left allocated.
 * (Which paths name one file, the program's question: test_cli_parts.)
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gamesearch/file.h"
#include "track_alloc.h"

/* A temporary file holding n bytes of data; its name in path. */
static void make_file(char path[64], const void *data, size_t n)
{
    snprintf(path, 64, "/tmp/gs_test_file_XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, data, n), (ssize_t)n);
    assert_int_equal(close(fd), 0);
}

static void test_file(void **unused)
{
    (void)unused;
    char path[64];
    make_file(path, "ab\0cd\n", 6);
    track t;
    gs_allocator a = tracker(&t);
    char *data;
    size_t len;
    gs_error err;
    assert_int_equal(gs_read_file(path, 0, &a, &data, &len, &err), GS_OK);
    assert_int_equal(len, 6);
    assert_memory_equal(data, "ab\0cd\n", 7);
    assert_int_equal(t.live, 7);
    a.fn(a.user, data, len + 1, 0);
    assert_int_equal(t.live, 0);
    /* Exactly max bytes are accepted, one more is not. */
    assert_int_equal(gs_read_file(path, 6, NULL, &data, &len, &err), GS_OK);
    assert_int_equal(len, 6);
    free(data);
    assert_int_equal(gs_read_file(path, 5, NULL, &data, &len, &err),
                     GS_ETOOBIG);
    assert_null(data);
    assert_int_equal(len, 0);
    assert_string_equal(err.message,
                        "larger than 5 bytes, the most gamesearch reads");
    remove(path);

    make_file(path, "", 0);
    assert_int_equal(gs_read_file(path, 0, &a, &data, &len, &err), GS_OK);
    assert_int_equal(len, 0);
    assert_string_equal(data, "");
    assert_int_equal(t.live, 1);
    a.fn(a.user, data, 1, 0);
    remove(path);
}

static void test_messages(void **unused)
{
    (void)unused;
    char *data = (char *)"x";
    size_t len = 9;
    gs_error err;
    assert_int_equal(gs_read_file("/nonexistent/file", 0, NULL, &data, &len,
                                  &err), GS_EINVAL);
    assert_null(data);
    assert_int_equal(len, 0);
    assert_string_equal(err.message,
                        "cannot open: No such file or directory");
    assert_int_equal(err.line, 0);
    assert_int_equal(gs_read_file("/tmp", 0, NULL, &data, &len, &err),
                     GS_EINVAL);
    assert_string_equal(err.message, "is a directory, not a file");
    assert_int_equal(gs_read_file(NULL, 0, NULL, &data, &len, &err),
                     GS_EINVAL);
    assert_string_equal(err.message, "no file name");
    assert_int_equal(gs_read_stream(NULL, 0, NULL, &data, &len, NULL),
                     GS_EINVAL);

    /* One byte over the default limit: refused by its size, unread. */
    char path[64];
    make_file(path, "", 0);
    assert_int_equal(truncate(path, (off_t)GS_READ_MAX + 1), 0);
    assert_int_equal(gs_read_file(path, 0, NULL, &data, &len, &err),
                     GS_ETOOBIG);
    assert_null(data);
    assert_string_equal(err.message, "larger than 1 GiB (1073741824 "
                                     "bytes), the most gamesearch reads");
    remove(path);
}

/* A stream whose size is not known: 200,000 bytes from memory. */
static void test_stream(void **unused)
{
    (void)unused;
    size_t n = 200000;
    char *text = malloc(n);
    assert_non_null(text);
    for (size_t i = 0; i < n; i++)
        text[i] = (char)('a' + i % 26);
    track t;
    gs_allocator a = tracker(&t);
    char *data;
    size_t len;
    gs_error err;
    FILE *f = fmemopen(text, n, "r");
    assert_non_null(f);
    assert_int_equal(gs_read_stream(f, 0, &a, &data, &len, &err), GS_OK);
    fclose(f);
    assert_int_equal(len, n);
    assert_memory_equal(data, text, n);
    assert_int_equal(data[n], '\0');
    assert_int_equal(t.live, n + 1);
    a.fn(a.user, data, len + 1, 0);

    f = fmemopen(text, n, "r");
    assert_non_null(f);
    assert_int_equal(gs_read_stream(f, 100 << 10, NULL, &data, &len, &err),
                     GS_ETOOBIG);
    fclose(f);
    assert_null(data);
    assert_string_equal(err.message, "larger than 100 KiB (102400 bytes), "
                                     "the most gamesearch reads");

    /* Each allocation failing: the first block, its growth, the shrink
     * to len + 1 bytes at the end. */
    long allocations = t.count;
    assert_int_equal(allocations, 4);
    for (long fail = 1; fail <= allocations; fail++) {
        a = tracker(&t);
        t.fail_at = fail;
        f = fmemopen(text, n, "r");
        assert_non_null(f);
        assert_int_equal(gs_read_stream(f, 0, &a, &data, &len, &err),
                         GS_ENOMEM);
        fclose(f);
        assert_null(data);
        assert_string_equal(err.message, "out of memory");
        assert_int_equal(t.live, 0);
    }
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_file),
        cmocka_unit_test(test_messages),
        cmocka_unit_test(test_stream),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
