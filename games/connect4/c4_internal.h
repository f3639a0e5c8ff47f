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
/* The book of every position to a few stones shipped beside it
 * (generated from games/connect4/analysis.book). */
extern const unsigned char c4_analysis_book[];
extern const size_t c4_analysis_book_len;

/* gs_c4_game for searches to the end of the game only (no depth cutoff):
 * bounds that hold for exact values but not for evaluations at a cutoff
 * (claimeven's losses, and chains of forced moves played out). */
void c4_game_exact(const gs_c4 *g, gs_game *game);

/* Whether s is on b's lines for play: in the book for play that
 * gs_c4_book_default merged into b, or, for any other book, in b. A column
 * whose position is on them keeps the computer in the book for the
 * person's every reply; one found only among the positions of every
 * stone count may leave it a few stones later. */
bool c4_book_on_line(const gs_c4_book *b, const gs_c4_state *s);

/* The solver's game, and its book (NULL: none). */
const gs_c4 *c4_solver_game(const gs_c4_solver *sv);
const gs_c4_book *c4_solver_book(const gs_c4_solver *sv);
/* gs_c4_analyze, calling settled (may be NULL) with each playable column
 * once its solve has ended (known, or stopped), in the columns' order; not
 * for the columns after a failed one. A column stopped by a cancel leaves
 * the columns after it unsearched (known false, stopped GS_STOP_CANCEL). */
int c4_analyze_each(gs_c4_solver *sv, const gs_c4_state *s, bool weak,
                    void (*settled)(void *user, int column), void *user,
                    gs_c4_analysis *out);

/*
 * Connect Four's own exact search (search.c): its own table of about
 * table_bytes (grown as stores come, emptied by generation), kept from solve to solve until c4_search_clear, and
 * `threads` threads (lazy SMP: the others' searches fill the table the
 * first one's answer comes from; one, in a library without threads).
 */
typedef struct c4_search c4_search;

typedef struct c4_limits {
    uint64_t max_nodes;   /* 0: none */
    double max_seconds;   /* 0: none */
    bool weak;            /* only the score's sign: the window [-1, 1] */
    bool symmetry;        /* a position and its mirror image one entry */
} c4_limits;

typedef struct c4_answer {
    int score;            /* for the player to move (weak: its sign) */
    bool known;           /* the score is proved (no limit stopped it) */
    gs_stop stopped;      /* the limit that stopped the search, if any */
    int best;             /* a column, -1 when none was found */
    bool best_proved;     /* best scores `score` */
    uint64_t nodes;       /* calls of the search function, Pons's way,
                             by every thread */
    uint64_t own_nodes;   /* those of the first thread, which answers */
    double seconds;
} c4_answer;

/* GS_OK and *out, or GS_ENOMEM (*out NULL). */
int c4_search_new(const gs_c4 *g, size_t table_bytes, int threads,
                  const gs_allocator *alloc, c4_search **out);
void c4_search_free(c4_search *S);
/* Empties the table (a new generation). */
void c4_search_clear(c4_search *S);
/* Asks a solve under way on another thread to stop, or withdraws it. */
void c4_search_cancel(c4_search *S, bool cancel);
/* Solves s (any position, the game over included): GS_OK always. */
int c4_search_solve(c4_search *S, const gs_c4_state *s, const c4_limits *lim,
                    c4_answer *out);

#endif
