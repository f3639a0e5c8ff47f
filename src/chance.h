/*
 * chance.h: the sum a CHANCE node adds up (internal), shared by the node
 * searches of minimax.c and alphabeta.c, so that both add a chance node's
 * children exactly alike.
 *
 * ---- the contract ----
 *
 * A weighted chance node is worth the sum of p[i] * value[i]; a uniform one
 * the sum of value[i] divided by n. The engine answers the correctly
 * rounded value (round to nearest, ties to even) of that exact quantity:
 * every product is taken exactly, the products are summed exactly, the
 * division by n is exact, and only the answer is rounded, once. So the
 * order of the children never matters, nothing overflows on the way
 * (children 1.5e308, 1.6e308, -1.5e308, -1.6e308 and -7.5 average to -1.5),
 * nothing cancels away, and tiny values keep every bit. An answer beyond
 * the largest double (weights that sum above 1) stops at +-DBL_MAX. When a
 * child or a weight is not finite, the node takes the plain sum of the
 * non-finite products (an infinity, or NaN for inf - inf or 0 * inf), as
 * plain arithmetic does.
 *
 * A game may instead ask for the sums of a plain loop (gs_game's
 * plain_chance_sums; CS188's pacman.py adds floats left to right, and its
 * autograder compares against those sums): then s = s + p[i] * value[i] in
 * action order, divided by n for a uniform node, each operation rounded,
 * with the overflow rescue below. Both ways are tested against references.
 *
 * ---- the exact sum: one double, then a fixed-point accumulator ----
 *
 * While every product and every partial sum has been exact in a double
 * (integer values, weights of 1 or halves), the sum is that double and the
 * division by n rounds it once: as cheap as a plain loop.
 *
 * From the first inexact step on, the sum is kept in digits. A finite
 * double is m * 2^q with an integer 0 <= m < 2^53 and -1074 <= q <= 971,
 * so the product of two is an integer below 2^106 times 2^q with
 * -2148 <= q <= 1942: below 2^2048 in size and a multiple of 2^-2148. The
 * sum of up to 2^32 of them (n children, plus the few terms Star1 adds) is
 * below 2^2080. Every such sum is therefore an integer multiple of 2^-2148
 * below 2^4228, held as CHANCE_DIGITS signed 64-bit digits of 32 bits each
 * (digit k weighs 2^(32k - CHANCE_BASE)), exact by construction: nothing
 * is lost, nothing overflows, and the size is fixed. (Shewchuk's partials,
 * as math.fsum keeps them, hold no bound on their count that a fixed array
 * could rely on, and scaling them against overflow rounds tiny values.)
 * The digits live in a block the engine makes for the ply the first time
 * a sum there needs one and keeps (engine_chance_block), not in the
 * recursion's frames, which stay small enough for the deepest searches.
 *
 * A product adds at most 3 * 2^33 to a digit, so the digits stay far inside
 * 64 bits for 2^28 products; carries are propagated every CHANCE_RENORM
 * products and before a read. Only the digits a sum has touched are kept
 * (lo .. hi), so a sum of ordinary values touches a handful of digits.
 */
#ifndef GS_CHANCE_H
#define GS_CHANCE_H

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

enum {
    CHANCE_BASE = 2148,    /* digit 0's bit 0 weighs 2^-2148 */
    CHANCE_DIGITS = 135,   /* 32 * 135 - 2148 > 2080, with a spare digit */
    CHANCE_RENORM = 1 << 24
};

/* The plain sum, with its overflow rescue: kept plainly while it stays
 * finite, so that ordinary values are added bit for bit as a plain loop
 * adds them, and from the first addition that would overflow on
 * multiplied by CHANCE_SCALE, a power of two, which rounds no sum that is
 * not tiny. */
#define CHANCE_SCALE 0x1p-64

typedef struct chance_plain {
    double s;            /* the sum, times CHANCE_SCALE when `scaled` */
    bool scaled;
} chance_plain;

typedef struct chance_sum {
    bool plain;          /* the game's plain left-to-right sum (in p) */
    bool special;        /* a non-finite product was added (in s) */
    bool spilled;        /* the sum is in the digits, not in `exact` */
    double exact;        /* the sum while every step has been exact */
    double s;            /* the sum of the non-finite products */
    chance_plain p;
    int lo, hi;          /* the digits in use (hi < lo: none yet) */
    int adds;            /* products since the last carry propagation */
    int64_t *d;          /* CHANCE_DIGITS digits, once spilled */
    bool failed;         /* no digits could be had: the sum is lost */
    int64_t *(*block)(void *ctx, int ply);   /* where digits come from */
    void *block_ctx;
    int ply;
} chance_sum;

/* The bytes of one block: the digits, then as many for reading them. */
#define CHANCE_BLOCK_BYTES (2 * CHANCE_DIGITS * sizeof(int64_t))

/* Adds w * v to a plain sum. */
static inline void chance_plain_add(chance_plain *p, double w, double v)
{
    if (!p->scaled) {
        double s = p->s + w * v;
        if (isfinite(s) || !isfinite(p->s) || !isfinite(v)) {
            p->s = s;
            return;
        }
        p->s *= CHANCE_SCALE;
        p->scaled = true;
    }
    p->s += w * (v * CHANCE_SCALE);
}

/* A plain sum divided by denom; a scaled result back to its size (an
 * expectation of finite values is finite, so rounding past the largest
 * double stops at it). */
static inline double chance_plain_read(chance_plain p, double denom)
{
    if (!p.scaled)
        return p.s / denom;
    double x = p.s / denom, y = x / CHANCE_SCALE;
    return isinf(y) && isfinite(x) ? copysign(DBL_MAX, y) : y;
}

/*
 * An empty sum, exact or plain. The digits of an exact sum that needs them
 * come from block(ctx, ply): CHANCE_DIGITS of them, the same ones for the
 * same ply (a sum needs its own until it is read; nested chance nodes sit
 * at other plies), or NULL when none can be had (the search is then
 * halting, and the sum's value does not matter).
 */
static inline void chance_init(chance_sum *acc, bool plain,
                               int64_t *(*block)(void *ctx, int ply),
                               void *ctx, int ply)
{
    acc->d = NULL;
    acc->failed = false;
    acc->block = block;
    acc->block_ctx = ctx;
    acc->ply = ply;
    acc->lo = 0;
    acc->hi = -1;
    acc->adds = 0;
    acc->plain = plain;
    acc->special = false;
    acc->spilled = false;
    acc->exact = 0.0;
    acc->s = 0.0;
    acc->p.s = 0.0;
    acc->p.scaled = false;
}

/* A finite nonzero double as m * 2^q (m < 2^53); returns its sign bit. */
static inline bool chance_split(double x, uint64_t *m, int *q)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    int e = (int)((u >> 52) & 0x7ff);
    *m = u & ((UINT64_C(1) << 52) - 1);
    if (e == 0) {
        *q = -1074;
    } else {
        *m |= UINT64_C(1) << 52;
        *q = e - 1075;
    }
    return (u >> 63) != 0;
}

/* Makes digits k .. k2 part of the sum (new digits start at 0). */
static inline void chance_reach(chance_sum *acc, int k, int k2)
{
    if (acc->hi < acc->lo) {
        acc->lo = k;
        acc->hi = k - 1;
    }
    while (acc->lo > k)
        acc->d[--acc->lo] = 0;
    while (acc->hi < k2)
        acc->d[++acc->hi] = 0;
}

/* Adds (or subtracts) t * 2^(bit - CHANCE_BASE), t < 2^64. */
static inline void chance_place(chance_sum *acc, uint64_t t, int bit, bool neg)
{
    const uint64_t M32 = 0xffffffffu;
    int k = bit >> 5, s = bit & 31;
    uint64_t a = (t & M32) << s, b = (t >> 32) << s;
    int64_t d0 = (int64_t)(a & M32);
    int64_t d1 = (int64_t)((a >> 32) + (b & M32));
    int64_t d2 = (int64_t)(b >> 32);
    chance_reach(acc, k, k + 2);
    if (neg) {
        acc->d[k] -= d0;
        acc->d[k + 1] -= d1;
        acc->d[k + 2] -= d2;
    } else {
        acc->d[k] += d0;
        acc->d[k + 1] += d1;
        acc->d[k + 2] += d2;
    }
}

/* Propagates the carries of digits lo .. hi-1 of d upward: they end in
 * [0, 2^32) and the top digit, which keeps the sign, in (-2^32, 2^32),
 * the top moving up while it is larger. The value is unchanged. Returns
 * the new top. */
static inline int chance_carry(int64_t *d, int lo, int hi)
{
    const int64_t R = INT64_C(1) << 32;
    for (int i = lo; i < hi; i++) {
        int64_t low = (int64_t)((uint64_t)d[i] & 0xffffffffu);
        d[i + 1] += (d[i] - low) / R;
        d[i] = low;
    }
    while (d[hi] >= R || d[hi] <= -R) {
        int64_t low = (int64_t)((uint64_t)d[hi] & 0xffffffffu);
        d[hi + 1] = (d[hi] - low) / R;
        d[hi] = low;
        hi++;
    }
    return hi;
}

/* Propagates the sum's carries (keeping its value). */
static inline void chance_normalize(chance_sum *acc)
{
    if (acc->hi >= acc->lo) {
        int top = chance_carry(acc->d, acc->lo, acc->hi);
        if (top > acc->hi)
            acc->hi = top;
    }
    acc->adds = 0;
}

static void chance_add_exact(chance_sum *acc, double w, double v);

/* Moves the sum from `exact` into the digits (once). */
static inline void chance_spill(chance_sum *acc)
{
    if (acc->spilled)
        return;
    acc->spilled = true;
    acc->d = acc->block(acc->block_ctx, acc->ply);
    if (!acc->d) {
        acc->failed = true;
        return;
    }
    if (acc->exact != 0.0) {
        double x = acc->exact;
        acc->exact = 0.0;
        chance_add_exact(acc, 1.0, x);
    }
}


/*
 * The usual case in one double: while every product and every partial sum
 * so far has been exact in a double (integers, halves, weights of 1), the
 * sum is `exact`, and the answer exact / n is rounded once by the
 * division itself. A product is exact when fma finds no error in it (and
 * it is not so small that the error could hide below 2^-1074); a sum is
 * exact when the two-sum of Knuth finds no error (and it is finite). The
 * first step that is not moves the sum into the digits, for good.
 * Returns false when w * v must go to the digits.
 */
static inline bool chance_add_exactly(chance_sum *acc, double w, double v)
{
    double p = w * v;
    if (isfinite(p) && fabs(p) >= 0x1p-969 && fma(w, v, -p) == 0.0) {
        double a = acc->exact, s = a + p;
        double bb = s - a;
        if (isfinite(s) && (a - (s - bb)) + (p - bb) == 0.0) {
            acc->exact = s;
            return true;
        }
    }
    chance_spill(acc);
    return false;
}

/* Adds w * v to an exact sum. */
static void chance_add_exact(chance_sum *acc, double w, double v)
{
    if (!isfinite(w) || !isfinite(v)) {
        acc->s += w * v;
        acc->special = true;
        return;
    }
    if (w == 0.0 || v == 0.0)
        return;
    if (!acc->spilled && chance_add_exactly(acc, w, v))
        return;
    if (acc->failed)
        return;
    /* Step 1. The exact product of the two integers m, as three pieces
     * below 2^64 (a = a1 2^32 + a0 with a1 < 2^21). */
    uint64_t a, b;
    int qa, qb;
    bool neg = chance_split(w, &a, &qa) != chance_split(v, &b, &qb);
    uint64_t a0 = a & 0xffffffffu, a1 = a >> 32;
    uint64_t b0 = b & 0xffffffffu, b1 = b >> 32;
    int bit = qa + qb + CHANCE_BASE;
    /* Step 2. Into the digits. */
    uint64_t lo = a0 * b0, mid = a1 * b0 + a0 * b1, hi = a1 * b1;
    if (lo)
        chance_place(acc, lo, bit, neg);
    if (mid)
        chance_place(acc, mid, bit + 32, neg);
    if (hi)
        chance_place(acc, hi, bit + 64, neg);
    if (++acc->adds >= CHANCE_RENORM)
        chance_normalize(acc);
}

/* Adds w * v. */
static inline void chance_add(chance_sum *acc, double w, double v)
{
    if (acc->plain)
        chance_plain_add(&acc->p, w, v);
    else
        chance_add_exact(acc, w, v);
}

/* The bit length of x (0 < x < 2^32). */
static inline int chance_bits(uint64_t x)
{
#if defined(__GNUC__)
    return 64 - __builtin_clzll(x);
#else
    int n = 0;
    while (x) {
        n++;
        x >>= 1;
    }
    return n;
#endif
}

/* 2^u as a double, -1074 <= u <= 1023. */
static inline double chance_pow2(int u)
{
    uint64_t bits = u >= -1022 ? (uint64_t)(u + 1023) << 52
                               : UINT64_C(1) << (u + 1074);
    double x;
    memcpy(&x, &bits, sizeof x);
    return x;
}

/*
 * The correctly rounded value of the sum divided by n (n >= 1), or +-DBL_MAX
 * in its place when `clamp` and it lies beyond. The sum is normalized (its
 * value kept) and may take more products afterwards.
 */
static inline double chance_read(chance_sum *acc, int64_t n, bool clamp)
{
    if (acc->plain)
        return chance_plain_read(acc->p, (double)n);
    if (acc->special)
        return acc->s / (double)n;
    if (!acc->spilled)
        return acc->exact / (double)n;
    if (acc->failed)
        return 0.0;
    chance_normalize(acc);
    int lo = acc->lo, hi = acc->hi;
    /* Step 1. The size of the sum, with its sign apart. */
    while (hi >= lo && acc->d[hi] == 0)
        hi--;
    if (hi < lo)
        return 0.0;
    int64_t *t = acc->d + CHANCE_DIGITS;
    bool neg = acc->d[hi] < 0;
    for (int i = lo; i <= hi; i++)
        t[i] = neg ? -acc->d[i] : acc->d[i];
    if (neg)
        hi = chance_carry(t, lo, hi);
    while (t[hi] == 0)
        hi--;
    while (t[lo] == 0)
        lo++;
    /* Step 2. Divided by n, digit by digit from the top (each remainder is
     * below n < 2^32, so r * 2^32 + digit fits), on down until the
     * quotient has three digits below its top one or digit 0 is reached:
     * 65 bits or more, enough to round; the rest is a sticky bit. */
    uint64_t r = 0;
    uint64_t nn = (uint64_t)n;
    int top = -1;
    for (int i = hi; i >= 0; i--) {
        if (i < lo) {
            if (top >= 0 && i < top - 2)
                break;
            t[i] = 0;
            lo = i;
        }
        uint64_t cur = (r << 32) | (uint64_t)t[i];
        t[i] = (int64_t)(cur / nn);
        r = cur % nn;
        if (top < 0 && t[i] != 0)
            top = i;
    }
    if (top < 0)               /* below 2^-2148: rounds to zero */
        return neg ? -0.0 : 0.0;
    /* Step 3. The top 64 bits m, weighing m * 2^e, and whether anything
     * lies below them. */
    uint64_t d0 = (uint64_t)t[top];
    uint64_t d1 = top - 1 >= lo ? (uint64_t)t[top - 1] : 0;
    uint64_t d2 = top - 2 >= lo ? (uint64_t)t[top - 2] : 0;
    int L = chance_bits(d0);
    uint64_t m = (d0 << (64 - L)) | (d1 << (32 - L)) | (d2 >> L);
    bool sticky = r != 0 || (L > 0 && (d2 & ((UINT64_C(1) << L) - 1)) != 0);
    for (int i = lo; i < top - 2; i++)
        sticky = sticky || t[i] != 0;
    int e = 32 * top + L - 64 - CHANCE_BASE;
    /* Step 4. Rounded to the bits a double keeps at that size (fewer
     * below 2^-1022), ties to even. */
    int u = e + 11 > -1074 ? e + 11 : -1074;   /* the unit of the answer */
    int sh = u - e;                             /* >= 11 */
    uint64_t q;
    if (sh > 64) {
        q = 0;
    } else if (sh == 64) {
        q = (m > (UINT64_C(1) << 63) || sticky) ? 1 : 0;
    } else {
        q = m >> sh;
        uint64_t rem = m & ((UINT64_C(1) << sh) - 1);
        uint64_t half = UINT64_C(1) << (sh - 1);
        if (rem > half || (rem == half && (sticky || (q & 1))))
            q++;
    }
    /* q <= 2^53: the product is exact, or beyond the largest double */
    double y = u > 1023 ? INFINITY : (double)q * chance_pow2(u);
    if (clamp && isinf(y))
        y = DBL_MAX;
    return neg ? -y : y;
}

/* (acc + rem * bound) / denom: the node's value if the children not yet
 * summed, of total weight rem, were all worth `bound` (denom: n for a
 * uniform node, 1 for weights). The sum is left as it was. */
static inline double chance_value(chance_sum *acc, double rem, double bound,
                                  double denom)
{
    if (acc->plain) {
        chance_plain p = acc->p;
        chance_plain_add(&p, rem, bound);
        return chance_plain_read(p, denom);
    }
    if (acc->special || !isfinite(rem) || !isfinite(bound))
        return (chance_read(acc, 1, false) + rem * bound) / denom;
    if (!acc->spilled) {
        /* a copy, which may borrow the digits the sum is not using */
        chance_sum c = *acc;
        chance_add(&c, rem, bound);
        return chance_read(&c, (int64_t)denom, true);
    }
    chance_add(acc, rem, bound);
    double y = chance_read(acc, (int64_t)denom, true);
    chance_add(acc, -rem, bound);
    return y;
}

/*
 * Star1's edge for a child of weight w: the value v at which
 * (acc + w * v + rem * other) / denom reaches `edge`, that is
 * (edge * denom - acc - rem * other) / w, the numerator rounded once
 * (exact sums) and the division once: the caller widens the window by its
 * tolerance. Beyond the range of a double it is an infinity of the right
 * sign, which every finite v compares with as it does with the true edge.
 * The sum is left as it was.
 */
static inline double star1_edge(double edge, double denom, chance_sum *acc,
                                double rem, double other, double w)
{
    if (acc->plain) {
        const chance_plain *p = &acc->p;
        if (!p->scaled) {
            double num = edge * denom - p->s - rem * other;
            if (isfinite(num) || num == edge)
                return num / w;
        }
        double s = p->scaled ? p->s : p->s * CHANCE_SCALE;
        double num = edge * CHANCE_SCALE * denom - s - rem * (other * CHANCE_SCALE);
        return num / w / CHANCE_SCALE;
    }
    if (!isfinite(edge))
        return edge;
    if (acc->special || !isfinite(rem) || !isfinite(other))
        return (edge * denom - chance_read(acc, 1, false) - rem * other) / w;
    /* -(acc + rem * other - edge * denom), on a copy (which may borrow
     * the digits the sum is not using), or on the sum and then back */
    if (!acc->spilled) {
        chance_sum c = *acc;
        chance_add(&c, rem, other);
        chance_add(&c, -edge, denom);
        return -chance_read(&c, 1, false) / w;
    }
    chance_add(acc, rem, other);
    chance_add(acc, -edge, denom);
    double num = -chance_read(acc, 1, false);
    chance_add(acc, -rem, other);
    chance_add(acc, edge, denom);
    return num / w;
}

#endif /* GS_CHANCE_H */
