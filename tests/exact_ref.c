/*
 * exact_ref.c: the reference of exact_ref.h. A value is held as two
 * magnitudes (the positive and the negative products apart), arrays of
 * bits of weight 2^(i - REF_BASE); each product is added bit by bit with a
 * ripple carry, and the answer is rounded bit by bit. Nothing here is
 * shared with the engine's accumulator (src/chance.h), so the two check
 * each other.
 */
#include "exact_ref.h"

#include <assert.h>
#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

enum { REF_BASE = 2148, REF_BITS = 4400 };

typedef struct ref_num {
    unsigned char bit[REF_BITS];
} ref_num;

/* x += 2^pos */
static void ref_add_bit(ref_num *x, int pos)
{
    while (x->bit[pos]) {
        x->bit[pos] = 0;
        pos++;
        assert(pos < REF_BITS);
    }
    x->bit[pos] = 1;
}

static int ref_cmp(const ref_num *a, const ref_num *b)
{
    for (int i = REF_BITS - 1; i >= 0; i--)
        if (a->bit[i] != b->bit[i])
            return a->bit[i] ? 1 : -1;
    return 0;
}

/* a -= b, a >= b */
static void ref_sub(ref_num *a, const ref_num *b)
{
    int borrow = 0;
    for (int i = 0; i < REF_BITS; i++) {
        int d = a->bit[i] - b->bit[i] - borrow;
        borrow = d < 0;
        a->bit[i] = (unsigned char)(d & 1);
    }
    assert(!borrow);
}

/* x = m * 2^q with 0 <= m < 2^53 */
static void ref_split(double x, uint64_t *m, int *q)
{
    int e;
    double f = frexp(fabs(x), &e);      /* |x| = f * 2^e, 0.5 <= f < 1 */
    int shift = 53;
    if (e - 53 < -1074)
        shift = e + 1074;               /* subnormal: fewer bits */
    *m = (uint64_t)ldexp(f, shift);
    *q = e - shift;
}

double exact_ref_expectation(const double *p, const double *v, int n)
{
    static ref_num pos, neg;            /* tests run single-threaded */
    memset(&pos, 0, sizeof pos);
    memset(&neg, 0, sizeof neg);
    for (int i = 0; i < n; i++) {
        double w = p ? p[i] : 1.0;
        if (w == 0.0 || v[i] == 0.0)
            continue;
        uint64_t a, b;
        int qa, qb;
        ref_split(w, &a, &qa);
        ref_split(v[i], &b, &qb);
        ref_num *acc = (w < 0) != (v[i] < 0) ? &neg : &pos;
        for (int j = 0; j < 53; j++)
            if (b >> j & 1)
                for (int k = 0; k < 53; k++)
                    if (a >> k & 1)
                        ref_add_bit(acc, qa + qb + j + k + REF_BASE);
    }
    bool negative = ref_cmp(&neg, &pos) > 0;
    ref_num *x = negative ? &neg : &pos;
    ref_sub(x, negative ? &pos : &neg);
    /* divided by n: long division from the top, one bit at a time */
    unsigned char *q = x->bit;
    uint64_t rem = 0, d = p ? 1 : (uint64_t)n;
    for (int i = REF_BITS - 1; i >= 0; i--) {
        rem = rem * 2 + q[i];
        q[i] = rem >= d;
        if (q[i])
            rem -= d;
    }
    int top = REF_BITS - 1;
    while (top >= 0 && !q[top])
        top--;
    if (top < 0)
        return negative ? -0.0 : 0.0;
    /* the unit of the answer: 53 bits, or fewer below 2^-1022 */
    int unit = top - 52;
    if (unit < REF_BASE - 1074)
        unit = REF_BASE - 1074;
    double m = 0.0;
    for (int i = top; i >= unit && i >= 0; i--)
        m = m * 2 + q[i];
    if (unit > top)
        m = 0.0;
    bool half = unit - 1 >= 0 && unit - 1 <= top && q[unit - 1];
    bool sticky = rem != 0;
    for (int i = 0; i < unit - 1 && i <= top; i++)
        sticky = sticky || q[i];
    if (half && (sticky || fmod(m, 2.0) == 1.0))
        m += 1.0;
    double y = ldexp(m, unit - REF_BASE);
    if (isinf(y))
        y = DBL_MAX;
    return negative ? -y : y;
}
