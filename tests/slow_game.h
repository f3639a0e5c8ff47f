/*
 * slow_game.h: a game whose every evaluation takes a set time of work,
 * otherwise the game it wraps: nodes as costly as a slow evaluation makes
 * them, for the time-limit tests (test_limits) and their benchmark
 * (bench_limits).
 */
#ifndef GS_TEST_SLOW_GAME_H
#define GS_TEST_SLOW_GAME_H

#include "gamesearch/game.h"

typedef struct slow_game {
    gs_game inner;
    double delay;
} slow_game;

/* Fills *g with `inner` (a game without a hash, bounds or ordering: only
 * its rules, values and probabilities are passed on) whose value callback
 * first works for `delay` seconds. *sg must outlive *g. */
void slow_game_init(slow_game *sg, const gs_game *inner, double delay,
                    gs_game *g);

#endif /* GS_TEST_SLOW_GAME_H */
