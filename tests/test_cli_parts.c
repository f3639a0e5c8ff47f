/*
 * tests/test_cli_parts.c: helpers of the gamesearch program (cli/) that
 * are not the library's.
 *
 * Facts checked:
 *   - which paths name one file (cli_same_file): one file by two names, a
 *     file not yet made by two names, two files, devices, NULL; the file a
 *     descriptor is open on (cli_file_is_fd).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

/* A temporary file holding n bytes of data; its name in path. */
static void make_file(char path[64], const void *data, size_t n)
{
    snprintf(path, 64, "/tmp/gs_test_cli_XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, data, n), (ssize_t)n);
    assert_int_equal(close(fd), 0);
}

static void test_same_file(void **unused)
{
    (void)unused;
    char a[64], b[64], via[80];
    make_file(a, "a", 1);
    make_file(b, "b", 1);
    snprintf(via, sizeof via, "/tmp/../tmp/%s", a + 5);
    assert_true(cli_same_file(a, a));
    assert_true(cli_same_file(a, via));
    assert_false(cli_same_file(a, b));
    assert_false(cli_same_file("/dev/null", "/dev/null"));
    assert_false(cli_same_file(a, NULL));
    int fd = open(a, O_RDONLY);
    assert_true(fd >= 0);
    assert_true(cli_file_is_fd(via, fd));
    assert_false(cli_file_is_fd(b, fd));
    close(fd);
    fd = open("/dev/null", O_RDONLY);
    assert_false(cli_file_is_fd("/dev/null", fd));
    close(fd);
    /* Not made yet: the same name in one directory. */
    remove(a);
    assert_true(cli_same_file(a, via));
    assert_false(cli_same_file(a, b));
    assert_true(cli_same_file("/nonexistent/x", "/nonexistent/x"));
    assert_false(cli_same_file("/nonexistent/x", "/nonexistent/./x"));
    remove(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
