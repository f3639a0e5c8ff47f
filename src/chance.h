/*
 * chance.h: the sum a CHANCE node adds up (internal), shared by the node
 * searches of minimax.c and alphabeta.c, so that both add a chance node's
 * children exactly alike.
 */
#ifndef GS_CHANCE_H
#define GS_CHANCE_H

#include <float.h>
#include <math.h>
#include <stdbool.h>

/* ---- chance arithmetic that does not overflow ----
 *
 * A chance node adds up products w * v that are each finite, but their sum
 * need not be: children of 1e308, 1e308, -1e308, -1e308 and -5 have the
 * mean -1, while the plain sum overflows on the second child. The sum is
 * therefore kept plainly while it stays finite, so that ordinary values
 * are added bit for bit as a plain loop adds them, and from the first
 * addition that would overflow on it is kept multiplied by CHANCE_SCALE.
 * That factor is a power of two: multiplying by it rounds no sum that is
 * not tiny, so the scaled sum is the plain sum as it would be with a wider
 * exponent, and 2^64 children of the largest double still fit. Star1's
 * windows and bounds are computed from the sum the same way.
 */
#define CHANCE_SCALE 0x1p-64

typedef struct chance_sum {
    double s;       /* the sum, times CHANCE_SCALE when `scaled` */
    bool scaled;
} chance_sum;

/* Adds w * v. */
static inline void chance_add(chance_sum *acc, double w, double v)
{
    if (!acc->scaled) {
        double s = acc->s + w * v;
        if (isfinite(s) || !isfinite(acc->s) || !isfinite(v)) {
            acc->s = s;
            return;
        }
        acc->s *= CHANCE_SCALE;
        acc->scaled = true;
    }
    acc->s += w * (v * CHANCE_SCALE);
}

/* A scaled result back to its size; an expectation of finite values is
 * finite, so rounding past the largest double stops at it. */
static inline double chance_unscale(double x)
{
    double y = x / CHANCE_SCALE;
    return isinf(y) && isfinite(x) ? copysign(DBL_MAX, y) : y;
}

/* (acc + rem * bound) / denom: the node's value if the children not yet
 * summed, of total weight rem, were all worth `bound`. */
static inline double chance_value(chance_sum acc, double rem, double bound,
                                  double denom)
{
    chance_add(&acc, rem, bound);
    if (!acc.scaled)
        return acc.s / denom;
    return chance_unscale(acc.s / denom);
}

/*
 * Star1's edge for a child of weight w: the value v at which
 * (acc + w * v + rem * other) / denom reaches `edge`, that is
 * (edge * denom - acc - rem * other) / w. Beyond the range of a double
 * it is an infinity of the right sign, which every finite v compares
 * with as it does with the true edge.
 */
static inline double star1_edge(double edge, double denom,
                                const chance_sum *acc, double rem, double other,
                                double w)
{
    if (!acc->scaled) {
        double num = edge * denom - acc->s - rem * other;
        if (isfinite(num) || num == edge)
            return num / w;
    }
    double s = acc->scaled ? acc->s : acc->s * CHANCE_SCALE;
    double num = edge * CHANCE_SCALE * denom - s - rem * (other * CHANCE_SCALE);
    return num / w / CHANCE_SCALE;
}

#endif /* GS_CHANCE_H */
