/*
 * needs_threads.h: for the tests that need threads, in a build without
 * them (GS_THREADS=OFF, which defines GS_TEST_NO_THREADS for the tests).
 * Include after <cmocka.h>.
 */
#ifndef GS_TEST_NEEDS_THREADS_H
#define GS_TEST_NEEDS_THREADS_H

#include <stdbool.h>

#include "gamesearch/core.h"

/* True when the tests were built for a library with threads; the library
 * must agree (gs_threads_available), or the build mixed the two. */
#ifdef GS_TEST_NO_THREADS
#define TEST_THREADS false
#else
#define TEST_THREADS true
#endif

/* Skips the calling cmocka test, saying why, when the library was built
 * without threads. */
#define SKIP_WITHOUT_THREADS()                                              \
    do {                                                                    \
        assert_true(gs_threads_available() == TEST_THREADS);                \
        if (!TEST_THREADS) {                                                \
            print_message("skipped: %s needs threads, and this gamesearch " \
                          "was built without (GS_THREADS=OFF)\n",           \
                          __func__);                                        \
            skip();                                                         \
        }                                                                   \
    } while (0)

#endif /* GS_TEST_NEEDS_THREADS_H */
