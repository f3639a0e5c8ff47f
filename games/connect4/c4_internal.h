/*
 * games/connect4/c4_internal.h: what the book (book.c) and the solver
 * (solver.c) need of the game (connect4.c) beyond the public header.
 */
#ifndef GS_C4_INTERNAL_H
#define GS_C4_INTERNAL_H

#include <stdint.h>

#include "gamesearch/connect4.h"

/* The smaller of the position's key (current + mask) and its mirror
 * image's: one number for a position and its image, below
 * 2^(width * (height + 1)). */
uint64_t c4_canonical_key(const gs_c4 *g, const gs_c4_state *s);

/* True when s is its own mirror image (the empty board, say). */
bool c4_is_symmetric(const gs_c4 *g, const gs_c4_state *s);

/* The bits a canonical key may use: width * (height + 1). */
int c4_key_bits(const gs_c4 *g);

/* The shipped book's bytes (generated from games/connect4/default.book). */
extern const unsigned char c4_default_book[];
extern const size_t c4_default_book_len;

/* gs_c4_game for searches to the end of the game only (no depth cutoff):
 * bounds that hold for exact values but not for evaluations at a cutoff
 * (claimeven's losses, and chains of forced moves played out). */
void c4_game_exact(const gs_c4 *g, gs_game *game);

/* The solver's game, and its book (NULL: none). */
const gs_c4 *c4_solver_game(const gs_c4_solver *sv);
const gs_c4_book *c4_solver_book(const gs_c4_solver *sv);

#endif
