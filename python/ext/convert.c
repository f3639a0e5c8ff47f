/* python/ext/convert.c: see convert.h. Plain C, no Python. */
#include "convert.h"

#include <math.h>

gsp_range gsp_int_range(int overflow, long long v, long long lo,
                        long long hi)
{
    if (overflow < 0 || (overflow == 0 && v < lo))
        return GSP_BELOW;
    if (overflow > 0 || v > hi)
        return GSP_ABOVE;
    return GSP_IN_RANGE;
}

gsp_range gsp_u64_range(int overflow, long long sv, bool u64_overflow)
{
    if (overflow < 0 || (overflow == 0 && sv < 0))
        return GSP_BELOW;
    return u64_overflow ? GSP_ABOVE : GSP_IN_RANGE;
}

gsp_range gsp_double_range(double v, double lo)
{
    return isfinite(v) && v >= lo ? GSP_IN_RANGE : GSP_BELOW;
}
