/* What the test programs share (fixtures.h). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "fixtures.h"
#include "layout_files.h"

uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

uint64_t rng_next(uint64_t *state)
{
    return mix64(*state += 0x9e3779b97f4a7c15ULL);
}

int rng_int(uint64_t *state, int lo, int hi)
{
    return lo + (int)(rng_next(state) % (uint64_t)(hi - lo + 1));
}

uint64_t xorshift64_next(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *state = x;
}

char *read_file_or_fail(const char *path, size_t *len)
{
    char *text = read_file_text(path, len);
    if (!text)
        fail_msg("cannot read %s", path);
    return text;
}

_Noreturn void die(const char *msg)
{
    fprintf(stderr, "fatal: %s\n", msg);
    abort();
}

void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (q == NULL)
        die("out of memory");
    return q;
}

double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
