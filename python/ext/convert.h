/*
 * python/ext/convert.h: the decisions behind the module's number
 * arguments (gsp_arg_* in module.c), apart from Python so that a fuzzer
 * (fuzz/fuzz_py_numbers.c) can call them: given what CPython's exact
 * conversions found, is the number inside the range asked, below it, or
 * above it?
 */
#ifndef GAMESEARCH_PY_CONVERT_H
#define GAMESEARCH_PY_CONVERT_H

#include <stdbool.h>
#include <stdint.h>

typedef enum gsp_range {
    GSP_IN_RANGE = 0,
    GSP_BELOW = -1,   /* ValueError */
    GSP_ABOVE = 1     /* OverflowError */
} gsp_range;

/*
 * A whole number against lo .. hi (lo <= hi): `overflow` as
 * PyLong_AsLongLongAndOverflow sets it (-1 below LLONG_MIN, 1 above
 * LLONG_MAX, 0 when v is the number).
 */
gsp_range gsp_int_range(int overflow, long long v, long long lo,
                        long long hi);

/*
 * A whole number against 0 .. UINT64_MAX: `overflow` and `sv` as
 * PyLong_AsLongLongAndOverflow gives them, `u64_overflow` whether
 * PyLong_AsUnsignedLongLong overflowed (read only when the number is not
 * negative).
 */
gsp_range gsp_u64_range(int overflow, long long sv, bool u64_overflow);

/* A double against lo .. +inf: NaN and the infinities are out (below, as
 * for a ValueError; +inf too, since it is not a finite number). */
gsp_range gsp_double_range(double v, double lo);

#endif
