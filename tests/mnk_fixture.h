/*
 * mnk_fixture.h: an m,n,k game for the tests that play one (the library's
 * player, the program's terminal game).
 */
#ifndef GS_TEST_MNK_FIXTURE_H
#define GS_TEST_MNK_FIXTURE_H

#include <stdint.h>

#include "gamesearch/mnk.h"

/* A state buffer big enough for any board, aligned for uint64_t. */
typedef struct sbuf {
    uint64_t words[64];
} sbuf;

/* A rows x cols board, k in a row, with the player's settings
 * (gs_mnk_params_for_play); fails the test when it cannot be made. */
gs_mnk *mnk_fixture_make(int rows, int cols, int k);

/* The position `text` into *s; fails the test with the parser's message
 * when it is not one. */
void mnk_fixture_parse(const gs_mnk *g, const char *text, sbuf *s);

#endif /* GS_TEST_MNK_FIXTURE_H */
