/*
 * exact_ref.h: a slow, independent reference for the value of a chance
 * node: the correctly rounded (to nearest, ties to even) value of
 * sum(p[i] * v[i]) (p != NULL) or of sum(v[i]) / n (p == NULL), computed
 * on big integers one bit at a time; beyond the range of a double, +-DBL_MAX
 * (as the engine answers). Finite inputs only.
 */
#ifndef EXACT_REF_H
#define EXACT_REF_H

double exact_ref_expectation(const double *p, const double *v, int n);

#endif
