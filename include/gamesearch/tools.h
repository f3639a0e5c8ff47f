/*
 * gamesearch/tools.h: the tools tier of the gamesearch API (docs/api.md):
 * what runs many searches for a purpose: the bench, comparisons of
 * algorithms, matches between players, batches of jobs on threads. Every
 * header here includes what it uses of the core tier.
 */
#ifndef GAMESEARCH_TOOLS_H
#define GAMESEARCH_TOOLS_H

#include "bench.h"     /* the fixed searches of `gamesearch bench` */
#include "compare.h"   /* one position, every algorithm, every depth */
#include "match.h"     /* two players, many games: the result and Elo */
#include "jobs.h"      /* a batch of jobs on a pool of threads, in order */

#endif /* GAMESEARCH_TOOLS_H */
