/*
 * fixtures.h: what the test programs share besides the tracking allocator
 * (track_alloc.h) and the Pacman worlds (pacman_fixture.h): the random
 * generators behind every random game, tree and input of the suite, the
 * reading of whole files, and stopping on a fatal error.
 *
 * The generators are fixed-seed and local to their caller (no rand()), so
 * every random test sees the same sequence on every machine; the values and
 * node counts the tests assert depend on these exact sequences.
 */
#ifndef GS_TEST_FIXTURES_H
#define GS_TEST_FIXTURES_H

#include <stddef.h>
#include <stdint.h>

/* splitmix64: the next number of the sequence whose state is *state (any
 * seed is good, 0 included). */
uint64_t rng_next(uint64_t *state);
/* The next number of the same sequence reduced to [lo, hi] (lo <= hi):
 * lo + rng_next() % (hi - lo + 1). */
int rng_int(uint64_t *state, int lo, int hi);
/* splitmix64's output function alone: a bijective mix of z, for hashing
 * a number (rng_next(&s) is mix64(s += 0x9e3779b97f4a7c15)). */
uint64_t mix64(uint64_t z);
/* xorshift64 (shifts 13, 7, 17): the next number of the sequence whose
 * state is *state, which must not be 0. The sequence of the Gomoku games
 * against a random player and of the tree parser's junk inputs. */
uint64_t xorshift64_next(uint64_t *state);

/* The whole file at `path` (malloc'd, NUL-terminated, *len bytes before
 * the NUL); fails the test, naming the path, when it cannot be read. The
 * reading is layout_files.h's read_file_text(), which returns NULL
 * instead. */
char *read_file_or_fail(const char *path, size_t *len);

/* Prints "fatal: MSG" and aborts: for a misuse found where a test cannot
 * fail (a game callback on a helper thread) or a broken fixture. */
_Noreturn void die(const char *msg);
/* realloc that dies when out of memory (n == 0 allocates 1 byte). */
void *xrealloc(void *p, size_t n);

/* Seconds on the monotonic clock. */
double now_seconds(void);

#endif /* GS_TEST_FIXTURES_H */
