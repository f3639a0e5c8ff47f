/*
 * games/pacman/pyrandom.c: Python's `random` module (CPython 3.11's
 * _randommodule.c and random.py), bit for bit: the Mersenne Twister
 * MT19937, its seeding from an integer or a string, random(),
 * getrandbits(k <= 32) and randrange(n).
 *
 * Seeding. random.seed(a) turns `a` into one non-negative integer N: |a|
 * for an int; for a str (version 2, the default) the UTF-8 bytes of a
 * followed by their SHA-512 digest, read as one big-endian integer. N is
 * then cut into 32-bit words from the least significant end (N = 0 gives
 * the single word 0) and fed to MT19937's init_by_array. Nothing here
 * allocates: the words of a string seed are read straight from the string
 * and its digest as init_by_array asks for them.
 *
 * random() takes two outputs, keeps 27 and 26 bits of them and forms a
 * double with 53 random bits; getrandbits(k) keeps the top k bits of one
 * output; randrange(n) draws getrandbits(bit length of n) until the value
 * is below n (random.py's _randbelow_with_getrandbits).
 */
#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#ifndef GS_PYRANDOM_NO_SHA512
#include <nettle/sha2.h>
#endif

#include "gamesearch/pyrandom.h"

/* MT19937's parameters. */
#define MT_N 624
#define MT_M 397
#define MT_MATRIX_A 0x9908b0dfu
#define MT_UPPER 0x80000000u
#define MT_LOWER 0x7fffffffu

_Static_assert(sizeof(((gs_pyrandom *)0)->mt) / sizeof(uint32_t) == MT_N,
               "gs_pyrandom holds MT19937's 624 words");

/* The 32-bit words of a seed integer, least significant first. */
typedef struct seed_key {
    /* Integer seed: its words. */
    uint32_t word[2];
    /* String seed: the bytes of the big-endian integer, split in two. */
    const unsigned char *head;   /* the string's bytes */
    size_t head_len;
    const unsigned char *tail;   /* its SHA-512 digest */
    size_t tail_len;
    size_t words;                /* how many words (>= 1) */
} seed_key;

/* Byte i (0 = most significant) of the string seed's integer. */
static unsigned key_byte(const seed_key *k, size_t i)
{
    return i < k->head_len ? k->head[i] : k->tail[i - k->head_len];
}

/* Word j of the seed integer (0 = least significant). */
static uint32_t key_word(const seed_key *k, size_t j)
{
    if (!k->head && !k->tail)
        return k->word[j];
    size_t len = k->head_len + k->tail_len;
    uint32_t w = 0;
    for (size_t b = 0; b < 4; b++) {
        size_t from_end = 4 * j + b;   /* significance of this byte */
        if (from_end < len)
            w |= (uint32_t)key_byte(k, len - 1 - from_end) << (8 * b);
    }
    return w;
}

/* MT19937's init_genrand(s). */
static void init_genrand(gs_pyrandom *r, uint32_t s)
{
    r->mt[0] = s;
    for (uint32_t i = 1; i < MT_N; i++)
        r->mt[i] = 1812433253u * (r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) + i;
    r->index = MT_N;
}

/* MT19937's init_by_array(key, key->words). */
static void init_by_array(gs_pyrandom *r, const seed_key *key)
{
    uint32_t *mt = r->mt;
    init_genrand(r, 19650218u);
    size_t i = 1, j = 0;
    size_t k = MT_N > key->words ? MT_N : key->words;
    for (; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) +
                key_word(key, j) + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
        if (j >= key->words)
            j = 0;
    }
    for (k = MT_N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) -
                (uint32_t)i;
        i++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
    }
    mt[0] = 0x80000000u;   /* the most significant bit set: never all zero */
    r->index = MT_N;
}

/* random.seed(n) for an integer n: Python seeds with |n|. */
void gs_pyrandom_seed_int(gs_pyrandom *r, int64_t n)
{
    /* |n| without overflow, INT64_MIN included. */
    gs_pyrandom_seed_uint(r, n < 0 ? (uint64_t)(-(n + 1)) + 1u : (uint64_t)n);
}

/* random.seed(a) for an integer 0 <= a < 2^64: its one or two words. */
void gs_pyrandom_seed_uint(gs_pyrandom *r, uint64_t a)
{
    assert(r);
    seed_key key;
    memset(&key, 0, sizeof key);
    key.word[0] = (uint32_t)a;
    key.word[1] = (uint32_t)(a >> 32);
    key.words = key.word[1] ? 2 : 1;
    init_by_array(r, &key);
}

int gs_pyrandom_seed_parse(const char *text, int64_t *seed,
                           bool *is_unsigned)
{
    int64_t s;
    bool big = false;
    char *end = NULL;
    const char *t = text;
    while (*t == ' ' || (*t >= '\t' && *t <= '\r'))
        t++;                           /* as strtoll skips them */
    const char *digits = t + (*t == '-' || *t == '+');
    errno = 0;
    if (*t == '-') {
        s = (int64_t)strtoll(text, &end, 10);
    } else {
        unsigned long long u = strtoull(text, &end, 10);
        s = (int64_t)(uint64_t)u;      /* the same 64 bits */
        big = u > (unsigned long long)INT64_MAX;
        if (u > UINT64_MAX)
            errno = ERANGE;
    }
    if (errno || *end || *digits < '0' || *digits > '9')
        return GS_EINVAL;
    *seed = s;
    *is_unsigned = big;
    return GS_OK;
}

/* random.seed(s) for the `len` bytes of s whose SHA-512 digest is given:
 * the bytes then the digest, as one big-endian integer. */
void gs_pyrandom_seed_digest(gs_pyrandom *r, const char *s, size_t len,
                             const unsigned char digest[64])
{
    assert(r && (s || len == 0) && digest);
    seed_key key;
    memset(&key, 0, sizeof key);
    key.head = (const unsigned char *)s;
    key.head_len = len;
    key.tail = digest;
    key.tail_len = 64;
    /* As many words as the integer's bit length needs: leading zero bytes
     * do not count (and 0 still gives one word). */
    size_t total = len + 64, lead = 0;
    while (lead < total && key_byte(&key, lead) == 0)
        lead++;
    size_t bytes = total - lead;
    key.words = bytes ? (bytes + 3) / 4 : 1;
    init_by_array(r, &key);
}

#ifndef GS_PYRANDOM_NO_SHA512
/* random.seed(s) for a string: the digest from nettle. */
void gs_pyrandom_seed_str(gs_pyrandom *r, const char *s)
{
    assert(r && s);
    size_t len = strlen(s);
    unsigned char digest[SHA512_DIGEST_SIZE];
    _Static_assert(SHA512_DIGEST_SIZE == 64, "SHA-512 digests 64 bytes");
    struct sha512_ctx ctx;
    sha512_init(&ctx);
    sha512_update(&ctx, len, (const uint8_t *)s);
    sha512_digest(&ctx, sizeof digest, digest);
    gs_pyrandom_seed_digest(r, s, len, digest);
}
#else
/* Built without a SHA-512 (the WebAssembly module, whose caller digests
 * string seeds itself and seeds with gs_pyrandom_seed_digest): nothing
 * the module exports comes here, and a stream that is not Python's would
 * be worse than the trap. */
void gs_pyrandom_seed_str(gs_pyrandom *r, const char *s)
{
    (void)r;
    (void)s;
    abort();
}
#endif

/* One 32-bit output of MT19937 (genrand_uint32), regenerating the block of
 * 624 words when it is used up. */
static uint32_t genrand_uint32(gs_pyrandom *r)
{
    static const uint32_t mag01[2] = {0u, MT_MATRIX_A};
    uint32_t *mt = r->mt;
    assert(r->index >= 0 && r->index <= MT_N);
    if (r->index >= MT_N) {
        int kk;
        uint32_t y;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            y = (mt[kk] & MT_UPPER) | (mt[kk + 1] & MT_LOWER);
            mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 1u];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (mt[kk] & MT_UPPER) | (mt[kk + 1] & MT_LOWER);
            mt[kk] = mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 1u];
        }
        y = (mt[MT_N - 1] & MT_UPPER) | (mt[0] & MT_LOWER);
        mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 1u];
        r->index = 0;
    }
    uint32_t y = mt[r->index++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

/* random.random(): (a * 2^26 + b) / 2^53 with a the top 27 bits of one
 * output and b the top 26 bits of the next. */
double gs_pyrandom_random(gs_pyrandom *r)
{
    assert(r);
    uint32_t a = genrand_uint32(r) >> 5, b = genrand_uint32(r) >> 6;
    return ((double)a * 67108864.0 + (double)b) * (1.0 / 9007199254740992.0);
}

/* random.getrandbits(k), 1 <= k <= 32: the top k bits of one output. */
uint32_t gs_pyrandom_getrandbits(gs_pyrandom *r, int k)
{
    assert(r && k >= 1 && k <= 32);
    return genrand_uint32(r) >> (32 - k);
}

/* random.randrange(n), n >= 1: getrandbits(n.bit_length()) until the
 * value is below n. */
int gs_pyrandom_below(gs_pyrandom *r, int n)
{
    assert(r && n >= 1);
    int k = 0;
    for (unsigned v = (unsigned)n; v; v >>= 1)
        k++;
    uint32_t x = gs_pyrandom_getrandbits(r, k);
    while (x >= (uint32_t)n)
        x = gs_pyrandom_getrandbits(r, k);
    return (int)x;
}
