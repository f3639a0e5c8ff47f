/*
 * gamesearch/pyrandom.h: Python's `random` module (the Mersenne Twister
 * MT19937 and its seeding), bit for bit, so that games seeded as pacman.py
 * seeds them replay pacman.py's games move for move.
 *
 * A generator is a plain struct that its owner keeps: each game (or thread)
 * has its own; nothing is global.
 */
#ifndef GAMESEARCH_PYRANDOM_H
#define GAMESEARCH_PYRANDOM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gs_pyrandom {
    uint32_t mt[624];
    int index;
} gs_pyrandom;

/* random.seed(n) for an integer n (Python seeds with |n|). */
GS_API void gs_pyrandom_seed_int(gs_pyrandom *r, int64_t n);
/* random.seed(n) for an integer 0 <= n < 2^64. */
GS_API void gs_pyrandom_seed_uint(gs_pyrandom *r, uint64_t n);

/*
 * Reads `text` as an integer seed for random.seed, any whole number of 64
 * bits, signed or not: -2^63 to 2^64 - 1 in decimal, optionally signed,
 * after white space as strtoll skips it. GS_OK with *seed its 64 bits and
 * *is_unsigned true when it is above INT64_MAX (then seed with
 * gs_pyrandom_seed_uint((uint64_t)*seed)); GS_EINVAL when text is no such
 * number (nothing stored).
 */
GS_API int gs_pyrandom_seed_parse(const char *text, int64_t *seed,
                                  bool *is_unsigned);

/* random.seed(s) for a string s (version 2: the bytes of s followed by
 * their SHA-512 digest, read as one big-endian integer). */
GS_API void gs_pyrandom_seed_str(gs_pyrandom *r, const char *s);

/*
 * random.seed(s) for the `len` bytes of a string s (UTF-8) given with
 * their SHA-512 digest (64 bytes), computed by the caller: what
 * gs_pyrandom_seed_str does with the digest it computes, for a build
 * without one (the WebAssembly module, whose page digests with WebCrypto).
 * A wrong digest gives a stream that is not Python's.
 */
GS_API void gs_pyrandom_seed_digest(gs_pyrandom *r, const char *s, size_t len,
                                    const unsigned char digest[64]);

/* random.random(): a double in [0, 1) with 53 random bits. */
GS_API double gs_pyrandom_random(gs_pyrandom *r);

/* random.getrandbits(k) for 1 <= k <= 32. */
GS_API uint32_t gs_pyrandom_getrandbits(gs_pyrandom *r, int k);

/* random.randrange(n) / the index random.choice(seq) picks, n >= 1. */
GS_API int gs_pyrandom_below(gs_pyrandom *r, int n);

#ifdef __cplusplus
}
#endif

#endif /* GAMESEARCH_PYRANDOM_H */
