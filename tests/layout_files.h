/*
 * layout_files.h: files on disk for the tests and benchmarks: the one
 * reader of whole files (fixtures.h's read_file_or_fail() is it, failing
 * the test instead of returning NULL), and the largest Pacman layout
 * (test_limits, bench_limits).
 */
#ifndef GS_TEST_LAYOUT_FILES_H
#define GS_TEST_LAYOUT_FILES_H

#include <stdbool.h>
#include <stddef.h>

/* The whole file (malloc'd, NUL-terminated, *len bytes before the NUL);
 * NULL when it cannot be read. */
char *read_file_text(const char *path, size_t *len);

/*
 * The largest layout by area among the .lay files of the `ndirs`
 * directories (an absent directory is skipped; on a tie, the first path in
 * byte order): true with its path. False with the reason in `why` when a
 * layout cannot be read or is refused, or there is none.
 */
bool largest_layout(const char *const *dirs, int ndirs, char *path,
                    size_t size, char *why, size_t whysize);

#endif /* GS_TEST_LAYOUT_FILES_H */
