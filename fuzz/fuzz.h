/*
 * fuzz/fuzz.h: what the fuzz targets share. Each target is one function,
 * LLVMFuzzerTestOneInput, built two ways: with libFuzzer (clang's
 * -fsanitize=fuzzer) to search for inputs, and with replay.c to run every
 * saved input in the test suite.
 */
#ifndef GS_FUZZ_H
#define GS_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* An invariant of gamesearch that the input broke: a finding. */
#define FUZZ_CHECK(cond)                                                    \
    do {                                                                    \
        if (!(cond)) {                                                      \
            fprintf(stderr, "%s:%d: invariant broken: %s\n", __FILE__,      \
                    __LINE__, #cond);                                       \
            abort();                                                        \
        }                                                                   \
    } while (0)

/* The input as a NUL-terminated string (a NUL inside ends it early);
 * NULL when out of memory. */
static inline char *fuzz_string(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (s) {
        for (size_t i = 0; i < size; i++)
            s[i] = (char)data[i];
        s[size] = '\0';
    }
    return s;
}

/* Two values agree: equal, or within rounding of each other. */
static inline int fuzz_same_value(double a, double b)
{
    double scale = 1.0;
    if (a > scale || -a > scale)
        scale = a > 0 ? a : -a;
    double d = a - b;
    return (d < 0 ? -d : d) <= 1e-9 * scale;
}

#endif /* GS_FUZZ_H */
