/*
 * connect4_fixture.h: what the Connect Four tests share (test_connect4,
 * test_connect4_sets, test_c4_solver, test_c4_play): boards, positions
 * from their moves, the score of a win from the rules, and a brute-force
 * solver that knows only the rules, against which the game's hooks are
 * checked.
 */
#ifndef GS_TEST_CONNECT4_FIXTURE_H
#define GS_TEST_CONNECT4_FIXTURE_H

#include <stddef.h>
#include <stdint.h>

#include "gamesearch/connect4.h"

/* A width x height board (failing the test if it is refused). */
gs_c4 *make(int width, int height);

/* The position after `moves` (column digits; failing the test if they are
 * not a position). */
gs_c4_state position(const gs_c4 *g, const char *moves);

/* The score of a win with the stone after `moves` stones, from the rules
 * (not from the library). */
int win_score(const gs_c4 *g, int moves);

/* A memoised negamax over the rules alone (no hook): exact scores of the
 * player to move. Entries of older generations count as empty. */
typedef struct memo_entry {
    uint64_t current, mask;
    uint32_t gen;
    int8_t value;
    uint8_t checked;
} memo_entry;

typedef struct solver {
    const gs_c4 *g;
    gs_game gm;
    memo_entry *t;
    size_t cap;       /* a power of two */
    size_t used;      /* entries of this generation */
    uint32_t gen;
    long checked;
} solver;

/* A solver for g with a table of `cap` entries (a power of two; free
 * sv->t). */
void solver_init(solver *sv, const gs_c4 *g, size_t cap);
/* Forgets every position solved so far. */
void solver_reset(solver *sv);
/* The exact score of s (not over) for the player to move. */
int solve(solver *sv, const gs_c4_state *s);
/* What the hooks (value, and the solver's bounds, search_actions and
 * mirror) say of s
 * (not over; m its mirror image), checked against the solver. */
void check_hooks(solver *sv, const gs_c4_state *s, const gs_c4_state *m);
/* check_hooks on s and every position below it (m: its mirror image);
 * sv->checked counts the positions checked. */
void check_below(solver *sv, const gs_c4_state *s, const gs_c4_state *m);

#endif /* GS_TEST_CONNECT4_FIXTURE_H */
