/*
 * fuzz_py_numbers: the decisions behind the Python module's number
 * arguments (python/ext/convert.c: depth, max_nodes, threads, time and
 * the others gsp_arg_* read). The input gives a whole number of 128 bits,
 * a range and a double; the number is handed over as CPython's exact
 * conversions would report it (PyLong_AsLongLongAndOverflow, then
 * PyLong_AsUnsignedLongLong), and each answer must be what the number
 * itself, compared in 128 bits, says: inside, below (ValueError) or above
 * (OverflowError). A number inside an int's range must survive the cast
 * gsp_arg_cint makes.
 */
#include <limits.h>
#include <math.h>
#include <string.h>

#include "convert.h"
#include "fuzz.h"

__extension__ typedef __int128 i128;

static i128 take128(const uint8_t *p)
{
    unsigned __int128 u = 0;
    for (int i = 0; i < 16; i++)
        u = u << 8 | p[i];
    return (i128)u;
}

static long long take64(const uint8_t *p)
{
    uint64_t u = 0;
    for (int i = 0; i < 8; i++)
        u = u << 8 | p[i];
    return (long long)u;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 49)
        return 0;
    /* Step 1. The number, and what CPython reports of it. */
    i128 n = take128(data);
    if (data[48] & 1)          /* small numbers too, and near the edges */
        n = (i128)(int8_t)data[0] + (data[48] & 2 ? LLONG_MAX : 0) -
            (data[48] & 4 ? (i128)LLONG_MAX + 1 : 0);
    int overflow = n < LLONG_MIN ? -1 : n > LLONG_MAX ? 1 : 0;
    long long v = overflow ? -1 : (long long)n;

    /* Step 2. Against a range lo .. hi, an int's range now and then. */
    long long lo = take64(data + 16), hi = take64(data + 24);
    if (data[48] & 8) {
        lo = (int)lo;
        hi = (int)hi;
    }
    if (lo > hi) {
        long long t = lo;
        lo = hi;
        hi = t;
    }
    gsp_range want = n < lo ? GSP_BELOW : n > hi ? GSP_ABOVE : GSP_IN_RANGE;
    gsp_range got = gsp_int_range(overflow, v, lo, hi);
    FUZZ_CHECK(got == want);
    if (got == GSP_IN_RANGE) {
        FUZZ_CHECK(v == n);
        if (lo >= INT_MIN && hi <= INT_MAX)
            FUZZ_CHECK((int)v == v);
    }

    /* Step 3. Against 0 .. UINT64_MAX (max_nodes). */
    bool u64_overflow = n >= 0 && n > (i128)UINT64_MAX;
    want = n < 0 ? GSP_BELOW : u64_overflow ? GSP_ABOVE : GSP_IN_RANGE;
    FUZZ_CHECK(gsp_u64_range(overflow, v, u64_overflow) == want);

    /* Step 4. A double against lo .. +inf (time). */
    double d, dlo;
    memcpy(&d, data + 32, sizeof d);
    memcpy(&dlo, data + 40, sizeof dlo);
    if (isnan(dlo))
        dlo = 0.0;
    bool inside = !isnan(d) && !isinf(d) && d >= dlo;
    FUZZ_CHECK((gsp_double_range(d, dlo) == GSP_IN_RANGE) == inside);
    return 0;
}
