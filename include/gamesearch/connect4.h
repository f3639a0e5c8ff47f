/*
 * gamesearch/connect4.h: Connect Four as a game, on bitboards.
 *
 * A board of `width` columns and `height` rows (7x6 by default; any size
 * with width * (height + 1) <= 64 and width <= 9). Stones drop to the
 * lowest free cell of a column; four in a row (across, up or diagonally)
 * wins; a full board without a line is a draw.
 *
 * Two agents: the first player (agent 0, MAX) and the second (agent 1,
 * MIN). An action is a column, 0 .. width-1; its name is the column's
 * digit, "1" .. "9". A position is written as in Pascal Pons's solver and
 * test sets: the columns played from the empty board, one digit (1-based)
 * a move ("4453" is four moves).
 *
 * Values are Pons's scores seen from the first player: a win with the
 * player's last possible stone is 1, with the stone before 2, and so on;
 * a draw is 0; the second player's wins are negative. For a game won by the
 * move that made the board hold m + 1 stones, the winner's score is
 * (width * height + 1 - m) / 2 (integer division). Every value is a whole
 * number within +-(width * height + 1) / 2.
 *
 * What the game offers the engine, besides the rules:
 *   hash    a collision-free key of the position;
 *   order_hint  how many winning cells a move leaves its player;
 *   value   the exact score of a finished game; for an unfinished one, the
 *           exact score when the player to move wins at once or cannot stop
 *           the opponent from winning next, and 0 otherwise (the evaluation
 *           at a depth cutoff);
 * and its solver tier (gs_game.solver, gamesearch/solver.h):
 *   value_grain  1: every value is a whole number;
 *   symmetries   the left-right mirror (its hash, and column c's image
 *           width - 1 - c, both ways): the game is left-right symmetric;
 *   bounds  a win on the next move and a forced loss are exact values; else
 *           the best and worst scores still possible at this move count,
 *           and (once half the board is full) no win for a player who
 *           cannot make four even with every empty cell (the solver's
 *           game, for searches to the end, also plays a chain of forced
 *           moves out: a position with one move that does not lose at
 *           once is worth what the position after it is worth);
 *   search_actions  the wins at once when there are any; else the moves
 *           that do not let the opponent win at once (none: the position
 *           is lost, and value() says by how much); centre columns first;
 *   bounds_actions, child_hash  bounds and search_actions in one call,
 *           and a child's hash without building it.
 */
#ifndef GAMESEARCH_CONNECT4_H
#define GAMESEARCH_CONNECT4_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core.h"
#include "game.h"
#include "search.h"
#include "text.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GS_C4_MAX_WIDTH 9
#define GS_C4_MAX_CELLS 64   /* width * (height + 1), a guard row included */

typedef struct gs_c4 gs_c4;

/* A position: the bitboards of the player to move and of every stone, and
 * the number of stones. Plain data: copy it freely. */
typedef struct gs_c4_state {
    uint64_t current;   /* stones of the player to move */
    uint64_t mask;      /* all stones */
    int32_t moves;      /* stones on the board */
    int32_t over;       /* 0: game on; 1 first player won; 2 second player
                           won; 3 draw (full board) */
} gs_c4_state;

typedef struct gs_c4_params {
    int width;          /* columns, 1 .. GS_C4_MAX_WIDTH (default 7) */
    int height;         /* rows, >= 1 (default 6) */
} gs_c4_params;

/* Fills p with the standard 7x6 board. */
GS_API void gs_c4_params_init(gs_c4_params *p);

/* Creates a game instance. GS_OK, GS_EINVAL (a size out of range) or
 * GS_ENOMEM. */
GS_API int gs_c4_new(const gs_c4_params *p, const gs_allocator *alloc, gs_c4 **out);
GS_API void gs_c4_free(gs_c4 *g);
GS_API int gs_c4_width(const gs_c4 *g);
GS_API int gs_c4_height(const gs_c4 *g);

/* Fills *game with every callback and hook above (version GS_GAME_VERSION,
 * states of sizeof(gs_c4_state) bytes), its solver tier a static one of
 * the library's. g must outlive it. */
GS_API void gs_c4_game(const gs_c4 *g, gs_game *game);

/* The empty board. */
GS_API void gs_c4_empty(const gs_c4 *g, gs_c4_state *s);

/*
 * Reads a position (column digits, then optionally blanks: spaces, tabs,
 * a CR or LF; `len` bytes of `text`, which need not be NUL-terminated).
 * GS_OK, or GS_EPARSE with *error at the first bad character: not a digit
 * (or the digit 0), a column that does not exist, a full column, a move
 * after which the game is over (the mover completes four in a row, or
 * fills the board: rejected, since there is nothing left to solve), or
 * anything after the digits. The empty string is the empty board. *s is
 * written only on success. error->line is 1 and error->column the bad
 * character's 1-based place in the text (line 0, column 0 when the
 * problem is not one character's); the message is a sentence without the
 * position ("'8' is not a column (columns are 1-7)").
 */
GS_API int gs_c4_parse(const gs_c4 *g, const char *text, size_t len, gs_c4_state *s,
                       gs_error *error);

/* Column col (0-based) has room for a stone and the game is not over. */
GS_API bool gs_c4_can_play(const gs_c4 *g, const gs_c4_state *s, int col);
/* Playing col (which must be playable) makes four in a row. */
GS_API bool gs_c4_is_winning_move(const gs_c4 *g, const gs_c4_state *s, int col);
/* The four cells of a line of four of the winner of s (s->over 1 or 2):
 * columns (0-based) into cols and rows (0 the bottom) into rows, ordered
 * along the line, the leftmost (for a column, the lowest) first; 4, or 0
 * when nobody has won. */
GS_API int gs_c4_winning_line(const gs_c4 *g, const gs_c4_state *s,
                              int cols[4], int rows[4]);
/* Plays col for the player to move. GS_EINVAL if the column is off the
 * board or full, or the game is over. */
GS_API int gs_c4_play(const gs_c4 *g, gs_c4_state *s, int col);

/* 0 empty, 1 first player, 2 second player; row 0 is the bottom row. */
GS_API int gs_c4_cell(const gs_c4 *g, const gs_c4_state *s, int col, int row);
/* 0 when the first player is to move, 1 when the second is. */
GS_API int gs_c4_to_move(const gs_c4_state *s);

/* The score of a finished game for the player who won it (from their side,
 * > 0), or of a win with the next stone for the player to move: Pons's
 * (width * height + 1 - moves) / 2 with `moves` the stones before the
 * winning one. */
GS_API int gs_c4_win_score(const gs_c4 *g, int moves);

/* The leftmost column in which the player to move completes four in a
 * row with the next stone, or -1 when there is none or the game is over. */
GS_API int gs_c4_winning_column(const gs_c4 *g, const gs_c4_state *s);

/* ---- The solver ---------------------------------------------------------
 *
 * An exact solver with its own transposition table: Connect Four's own
 * negamax (integer scores, null-window bisection, nodes counted as Pascal
 * Pons counts them: every call of the search); on several threads, the
 * others search the same position meanwhile, in column orders of their
 * own, filling the shared table, and the first one's answer is the
 * solve's (a library built without threads, or a search with a node
 * limit, runs one).
 * Scores are Pons's, for the player to move: 0 a draw, a win with the
 * player's last stone 1, with the stone before 2, and so on; a loss minus
 * the opponent's win. A "weak" solve answers only the sign: 1 win, 0 draw,
 * -1 loss (the engine's root window [-1, 1]), usually faster.
 *
 * A solver belongs to one thread at a time (its helper threads aside).
 */

/* The table of gs_c4_solver_params_init: 64 MiB. */
#define GS_C4_DEFAULT_TABLE_BYTES ((size_t)64 << 20)
/* The table `gamesearch connect4 analyze` and Python's connect4.analyze
 * give their solver, which also searches on every core: 16 MiB, small
 * enough to stay mostly in the caches, which costs a few more nodes and
 * saves more time than they take (docs/ref/connect4.md). */
#define GS_C4_ANALYSIS_TABLE_BYTES ((size_t)16 << 20)

/*
 * The engine options that solve Connect Four on the generic engine (the
 * solver below runs Connect Four's own search instead), into *o and its
 * solver options *so (o->solver is set to so, which must outlive the
 * searches made with o):
 * alpha-beta with the transposition table and the game's ordering hint;
 * null-window searches, prefetching, enhanced transposition cutoffs in
 * the first 16 plies (or each position's: gs_c4_etc_plies), every child's bounds read before any child is
 * searched; no killers or history and no folding of mirror images (both
 * measured worse on Pons's test sets; docs/tuning.md).
 * With `weak`, the root window (-1, 1). One thread and no limits: set
 * o->threads, so->tt_symmetry, o->max_nodes and o->max_seconds afterwards
 * to change them.
 */
GS_API void gs_c4_search_options(gs_search_options *o, gs_solver_options *so,
                                 bool weak);

/*
 * The plies of enhanced transposition cutoffs (gs_solver_options.
 * etc_plies) for an engine search of s: as many as keep them
 * while fewer than two thirds of the cells are full (28 stones on 7x6),
 * 0 from there on or when g or s is NULL. The recipe's own 16 is for a
 * search of any position; the cutoffs pay near the root of a long search
 * and cost more than they save in the last third of the game.
 */
GS_API int gs_c4_etc_plies(const gs_c4 *g, const gs_c4_state *s);

typedef struct gs_c4_solver gs_c4_solver;

typedef struct gs_c4_solver_params {
    size_t table_bytes;   /* the transposition table (default 64 MiB; > 0) */
    int threads;          /* threads sharing the table (default 1; >= 1);
                             with more, node counts (every thread's) vary
                             from run to run */
    bool symmetry;        /* store a position and its mirror image as one
                             entry (default false: only in the solves of
                             a position that is its own mirror image) */
    uint64_t max_nodes;   /* stop each search after this many nodes
                             (default 0: no limit) */
    double max_seconds;   /* stop each search after this many seconds
                             (default 0: no limit) */
} gs_c4_solver_params;

/* What one solve found. */
typedef struct gs_c4_solution {
    /* The score for the player to move (weak: -1, 0 or 1); valid only
     * when `known`. */
    int score;
    /* The search finished with an exact score (weak: its sign). False when
     * a limit stopped it (`stopped` says which), or, with stopped
     * GS_STOP_NONE, when the engine's answer was not an exact whole score
     * (a bug in gamesearch; `value` and `bound` say what it answered). */
    bool known;
    gs_stop stopped;
    /* A column to play (0-based): the search's best; when it named none
     * (every move loses at once, or a limit stopped it before any root
     * move was searched through), a winning column, else the playable
     * column nearest the centre. -1 only when no column is playable. */
    int best;
    /* The engine's root value (the first player's view) and its bound. */
    double value;
    gs_bound bound;
    /* Nodes the search visited and its wall time. */
    uint64_t nodes;
    double seconds;
    /* The score came from the solver's book (gs_c4_solver_set_book):
     * nodes 0, and `best` is a best column only when best_proved. */
    bool from_book;
    /* `best` is proved best: the search finished (or the book has every
     * column's score); false when a limit stopped the search (`best` is
     * then the best it had found) or the book named no column. */
    bool best_proved;
} gs_c4_solution;

/* Every column's score for the player to move. */
typedef struct gs_c4_analysis {
    int width;                          /* columns in use */
    bool playable[GS_C4_MAX_WIDTH];     /* the column has room */
    /* column[c], for a playable c: the solve of the position after c, its
     * score and `known` turned to the side of the root's player to move
     * (a win at once is known without a search: nodes 0, best -1); its
     * other fields as that search left them (best is the reply). */
    gs_c4_solution column[GS_C4_MAX_WIDTH];
    /* Every playable column's score is known. */
    bool all_known;
    /* The highest known score (INT_MIN when none is known). */
    int best_score;
    /* -1, or the column whose search failed (gs_c4_analyze returned its
     * status) or was not exact (column[c].known false, stopped
     * GS_STOP_NONE): the analysis ends at that column, and the columns
     * after it are left unsearched (not known). */
    int failed_column;
    /* Every column's score came from the book or is a win at once (no
     * search). */
    bool from_book;
    /* Totals over the searches; nodes counts the position itself too, as
     * one search from it would. */
    uint64_t nodes;
    double seconds;
} gs_c4_analysis;

/* Fills p with the defaults above. */
GS_API void gs_c4_solver_params_init(gs_c4_solver_params *p);

/*
 * Creates a solver for g (which must outlive it) with p (NULL: defaults);
 * alloc may be NULL. GS_OK and *out; GS_EINVAL for a NULL g or out, a
 * table of 0 bytes or fewer than 1 thread; GS_ENOMEM (the engine or its
 * table could not be allocated). On failure *out is NULL and nothing is
 * leaked.
 */
GS_API int gs_c4_solver_new(const gs_c4 *g, const gs_c4_solver_params *p,
                            const gs_allocator *alloc, gs_c4_solver **out);

/* Frees a solver (NULL is fine). */
GS_API void gs_c4_solver_free(gs_c4_solver *sv);

/* Empties the table, so that the next solve's node count does not depend
 * on the solves before it. */
GS_API void gs_c4_solver_clear(gs_c4_solver *sv);

/*
 * Solves s for the player to move: the exact score, or with `weak` its
 * sign. The table keeps what earlier solves stored (gs_c4_solver_clear
 * empties it). A position that is its own mirror image (the empty board,
 * say) is solved with positions and their mirror images stored as one
 * (the solver's `symmetry`): its mirror-image children and their
 * subtrees then share entries, where elsewhere the mirror hash costs more
 * than it saves. Returns GS_OK (also when a limit stopped the search:
 * out->known false), GS_EINVAL for NULL arguments, or the engine's status
 * (GS_ENOMEM, ...). *out is always filled in.
 */
GS_API int gs_c4_solve(gs_c4_solver *sv, const gs_c4_state *s, bool weak,
                       gs_c4_solution *out);

/*
 * The score of every column of s for its player to move (weak: win, draw
 * or loss): a column that wins at once scores the win without a search;
 * every other playable column is solved as the position after it, with
 * the table as it stands (not emptied between columns). Returns GS_OK
 * (columns a limit stopped are not known), GS_EINVAL for NULL arguments,
 * or the status of the search that failed (out->failed_column). *out is
 * always filled in.
 */
GS_API int gs_c4_analyze(gs_c4_solver *sv, const gs_c4_state *s, bool weak,
                         gs_c4_analysis *out);

/*
 * The column to play in s, with its score: from the book when it has the
 * score of s and of a column that gets that score (a book of every
 * position up to some stones, or one made for play:
 * gs_c4_book_build_play), else a solve (as gs_c4_solve; a limit that
 * stops it leaves the best column found so far, best_proved false). Same
 * returns as gs_c4_solve.
 */
GS_API int gs_c4_choose(gs_c4_solver *sv, const gs_c4_state *s,
                        gs_c4_solution *out);

/* Asks the solver's search under way (from another thread) to stop, or
 * withdraws the request (see gs_engine_cancel): the stopped solve returns
 * with known false and stopped GS_STOP_CANCEL. */
GS_API void gs_c4_solver_cancel(gs_c4_solver *sv, bool cancel);

/* ---- Opening books ------------------------------------------------------
 *
 * A book holds exact scores (for the player to move) of positions, a
 * position and its mirror image as one entry, so that a solver given it
 * (gs_c4_solver_set_book) answers them without a search: every position
 * with at most `ply` stones (gs_c4_book_build), or the ones play meets
 * (gs_c4_book_build_play). The file is compact: a 16-byte header and 8 bytes a position.
 * Boards with width * (height + 1) <= 56 only (7x6 is 49).
 */
typedef struct gs_c4_book gs_c4_book;

/* Called by gs_c4_book_build after each position it solved: `done` of
 * `total`, and that solve. */
typedef void (*gs_c4_book_progress)(void *user, size_t done, size_t total,
                                    const gs_c4_solution *solved);

/*
 * Builds the book of every position of the solver's game with at most
 * `ply` stones (0 <= ply < width * height; the game not over): those with
 * exactly `ply` stones are solved with sv, one after the other and with
 * its table kept; the others are scored from them without a search. fn
 * (may be NULL) follows the solves. alloc may be NULL. GS_OK and *out;
 * GS_EINVAL for bad arguments (ply not below the board's cells);
 * GS_ETOOBIG for a board too large for a book (width * (height + 1) above
 * 56); GS_ESTOPPED when a limit of the solver stopped a search; GS_ENOMEM;
 * or a solve's status.
 */
GS_API int gs_c4_book_build(gs_c4_solver *sv, int ply, gs_c4_book_progress fn,
                            void *user, const gs_allocator *alloc,
                            gs_c4_book **out);
/*
 * Scores the `n` positions a book solves (those with exactly `ply`
 * stones, in gs_c4_book_build's order): the exact score of positions[i]
 * for its player to move into scores[i]. Returns GS_OK, or any other
 * value, which stops the build (gs_c4_book_build_with returns it).
 */
typedef int (*gs_c4_book_solve_fn)(void *user, const gs_c4_state *positions,
                                   size_t n, int *scores);
/*
 * The book of g's positions with at most `ply` stones, as
 * gs_c4_book_build makes it, the deepest positions scored by `solve`
 * (called once, with all of them) instead of a solver: the same scores
 * give the same book, so they may be solved anywhere (several processes,
 * say). GS_OK and *out; GS_EINVAL and GS_ETOOBIG as gs_c4_book_build,
 * GS_EINVAL also for a score outside -127 to 127; GS_ENOMEM; or what
 * solve returned (GS_ESTOPPED when a limit stopped one of its searches).
 */
GS_API int gs_c4_book_build_with(const gs_c4 *g, int ply,
                                 gs_c4_book_solve_fn solve, void *user,
                                 const gs_allocator *alloc, gs_c4_book **out);
/* Which turns of play a book for play covers: the computer's when it
 * moves first, when it moves second, or both. */
enum {
    GS_C4_BOOK_FIRST = 1,
    GS_C4_BOOK_SECOND = 2,
    GS_C4_BOOK_BOTH = 3
};
/*
 * Builds a book for play (`connect4 play`): the positions with fewer than
 * `ply` stones where the computer is to move when it plays each time its
 * best move against every reply (`sides`: GS_C4_BOOK_FIRST, _SECOND or
 * _BOTH), each with its score and the position after its best column,
 * so that gs_c4_choose answers every one of them from the book. Far
 * fewer positions than every position up to `ply` stones: one move of
 * the computer's a turn instead of all of them. The computer's turns are
 * chosen with gs_c4_choose, a stone count at a time, the table kept: the
 * ones the solver's book (gs_c4_solver_set_book) answers are not
 * searched, and the new book holds every entry of that book too. Turns
 * where the computer wins at once are left out (a search answers them at
 * once). fn (may be NULL) follows the turns, `done` of `total` at each
 * stone count. alloc may be NULL. GS_OK and *out; GS_EINVAL for bad
 * arguments (ply above the board's cells) or a score that contradicts the
 * solver's book; GS_ETOOBIG for a board too large for a book;
 * GS_ESTOPPED when a limit of the solver stopped a search; GS_ENOMEM; or
 * a solve's status.
 */
GS_API int gs_c4_book_build_play(gs_c4_solver *sv, int ply, int sides,
                                 gs_c4_book_progress fn, void *user,
                                 const gs_allocator *alloc,
                                 gs_c4_book **out);
/* Writes the book to the file `path` (in place: a failure can leave it
 * cut short). GS_OK, or GS_EINVAL with *err saying why, with the
 * system's reason (err may be NULL). */
GS_API int gs_c4_book_write(const gs_c4_book *b, const char *path,
                            gs_error *err);
/* Writes the book's bytes, as gs_c4_book_write writes them, through
 * write. GS_OK, GS_EINVAL without a book or write, or the first nonzero
 * value write returned. */
GS_API int gs_c4_book_write_to(const gs_c4_book *b, gs_write_fn write,
                               void *user);
/* Reads a book of g's board from `len` bytes of `data`, or from the file
 * `path`. GS_OK and *out; GS_EPARSE (not a book, a book of another board
 * or format version, a wrong length or a bad entry: *err says which),
 * GS_EINVAL (the file cannot be read), GS_ENOMEM. The file is read as it
 * comes, never whole first: one that does not start with the book's
 * header is refused after its first 16 bytes, and no more entries are
 * read than the header announces (a device or a pipe that never ends is
 * refused as soon as it has given that many, or a bad entry). */
GS_API int gs_c4_book_load(const gs_c4 *g, const void *data, size_t len,
                           const gs_allocator *alloc, gs_c4_book **out,
                           gs_error *err);
GS_API int gs_c4_book_read(const gs_c4 *g, const char *path,
                           const gs_allocator *alloc, gs_c4_book **out,
                           gs_error *err);
/* The book shipped with gamesearch (7x6 only; see docs/playing.md for how it was
 * made): a book for play and a book of every position up to a few stones,
 * as one (an entry of both is one entry). GS_OK and *out, GS_EINVAL for
 * another board (or two shipped books that disagree), GS_ENOMEM. */
GS_API int gs_c4_book_default(const gs_c4 *g, const gs_allocator *alloc,
                              gs_c4_book **out);
GS_API void gs_c4_book_free(gs_c4_book *b);
/* Entries (positions up to mirror images), and the most stones of an
 * entry (-1 for NULL). */
GS_API size_t gs_c4_book_size(const gs_c4_book *b);
GS_API int gs_c4_book_ply(const gs_c4_book *b);
/* The score of s for its player to move when the book has it. */
GS_API bool gs_c4_book_lookup(const gs_c4_book *b, const gs_c4_state *s,
                              int *score);
/* The book the solver answers from before searching (NULL: none); it must
 * outlive its use, and be of the solver's board. */
GS_API void gs_c4_solver_set_book(gs_c4_solver *sv, const gs_c4_book *b);

/* ---- What the program asks of a position --------------------------------
 *
 * The pieces of `gamesearch connect4` that are not its options or its
 * printing: one line of `solve`, the board and an analysis as text, the
 * computer's move on a thread the caller keeps watching, and a Monte Carlo
 * tree search's decision with every column's statistics.
 */

/* What became of a line of positions (gs_c4_solve_line). */
typedef enum gs_c4_line_outcome {
    GS_C4_LINE_SOLVED,     /* the score is known: solution.score */
    GS_C4_LINE_BAD,        /* not a position: `error` says where and why */
    GS_C4_LINE_STOPPED,    /* a limit stopped the search (solution.stopped) */
    GS_C4_LINE_FAILED,     /* the search failed with `status` */
    GS_C4_LINE_NOT_EXACT,  /* the engine's answer was not an exact whole
                              score (solution.value and bound say what it
                              was): a bug in gamesearch */
    GS_C4_LINE_WRONG_WIN   /* the player to move wins at once, yet the
                              score is not win_score: a bug in gamesearch */
} gs_c4_line_outcome;

typedef struct gs_c4_line {
    gs_c4_line_outcome outcome;
    /* The position's text: the line's first `len` bytes, without the
     * trailing blanks (LF, CR, spaces and tabs). */
    size_t len;
    gs_error error;            /* GS_C4_LINE_BAD: as gs_c4_parse gives it */
    int status;                /* the solve's status (GS_OK but FAILED) */
    gs_c4_solution solution;   /* the solve (all zero when BAD) */
    int win_score;             /* the score of a win at once: weak 1, else
                                  gs_c4_win_score; 0 when there is none */
} gs_c4_line;

/*
 * One line of `gamesearch connect4 solve`: `len` bytes of `line` (not
 * necessarily NUL-terminated) read as a position (gs_c4_parse); the
 * solver's table emptied first unless keep_table, so that the node count
 * does not depend on the lines before; solved (weak: only the sign); and
 * when the player to move wins at once, the score checked against that
 * win. Fills *out and returns out->outcome; NULL sv or out, or a NULL line
 * with len > 0, is GS_C4_LINE_FAILED with status GS_EINVAL (out may be
 * NULL then).
 */
GS_API gs_c4_line_outcome gs_c4_solve_line(gs_c4_solver *sv, const char *line,
                                           size_t len, bool weak,
                                           bool keep_table, gs_c4_line *out);

/*
 * The board as `gamesearch connect4 play` draws it: the column numbers
 * (" 1 2 3 4 5 6 7"), the rows from the top ("|. . X O . . .|": '.'
 * empty, X the first player's stone, O the second's), and a foot
 * ("+-------------+"), each line ending in a newline. Returns 0 or the
 * first nonzero value of write.
 */
GS_API int gs_c4_board_write(const gs_c4 *g, const gs_c4_state *s,
                             gs_write_fn write, void *user);

/*
 * An analysis (gs_c4_analyze) as `gamesearch connect4 analyze` prints it:
 * every column's score, '.' for a full column and '?' for one not known,
 * separated by spaces ("-2 -1 0 1 0 -1 -2"); then "best:" and every
 * column (1-based) with the best score, or "best: ?" when a score is not
 * known; then, when no column needed a search, "(from the book: no
 * search)". Each line ends in a newline. Returns 0 or the first nonzero
 * value of write.
 */
GS_API int gs_c4_analysis_write(const gs_c4_analysis *an, gs_write_fn write,
                                void *user);

/*
 * What `gamesearch connect4 analyze` says of column c (0-based) of an,
 * which gs_c4_analyze returned with `status`, without a newline: "column
 * 3: stopped by STOPPED_BY before the score was known", or for the failed
 * column "column 3: the search failed: ..." (status not GS_OK) or "the
 * engine returned 0.5 (a bound), not an exact score"; "" for a column
 * that is full, solved, or after the failed one. Writes at most size
 * bytes, NUL included, into buf and returns the length of the whole text,
 * as snprintf does.
 */
GS_API size_t gs_c4_column_message(const gs_c4_analysis *an, int c,
                                   int status, const char *stopped_by,
                                   char *buf, size_t size);

/*
 * A line of solve (`line`, gs_c4_solve_line's input, and r, what it made
 * of it; not GS_C4_LINE_BAD) as `gamesearch connect4 solve` prints it, in
 * Pons's format: the position, the score ('?' when not known), the nodes
 * and the microseconds the solve took, and a newline ("4453 -2 52913752
 * 4521671"). Returns 0 or the first nonzero value of write.
 */
GS_API int gs_c4_line_write(const char *line, const gs_c4_line *r,
                            gs_write_fn write, void *user);

/*
 * What `gamesearch connect4 solve` says of line `lineno` (1-based) when r
 * is not GS_C4_LINE_SOLVED, without a newline: "line 3, character 2: ...",
 * "line 3: the search failed: ...", "line 3: stopped by STOPPED_BY before
 * the score was known", "the engine returned 0.5 (a bound), not an exact
 * score" or "line 3: the engine scored 2, but the player to move wins at
 * once (18): a bug in gamesearch"; "" when solved. Writes at most size
 * bytes, NUL included, into buf and returns the length of the whole text,
 * as snprintf does.
 */
GS_API size_t gs_c4_line_message(const gs_c4_line *r, unsigned long lineno,
                                 const char *stopped_by, char *buf,
                                 size_t size);

/*
 * The computer's move in `gamesearch connect4 play`, the choice sd
 * (gs_c4_choose) of position s, and a newline: "computer (X) plays 4,
 * score 3 (a win for X), 1.234 ms, 12,345 nodes" ("a loss for X", "a
 * draw": the score is the mover's; "(a win for X, from the book)" for a
 * score from the book); when a limit stopped the
 * search, the score is "? (stopped by WHY: the best move found, not
 * proved)", WHY being `stopped_by`. Returns 0 or the first nonzero value
 * of write.
 */
GS_API int gs_c4_choice_write(const gs_c4_state *s, const gs_c4_solution *sd,
                              const char *stopped_by, gs_write_fn write,
                              void *user);

/* Called about every 20 ms while gs_c4_choose_polled's search runs, with
 * the seconds since it started; true asks the search to stop. */
typedef bool (*gs_c4_poll_fn)(void *user, double seconds);

/*
 * gs_c4_choose on a thread of its own, while the calling thread calls
 * poll (NULL: none) about every 20 ms until the choice is made: so that a
 * program can show the time it takes, or read a key that cancels it. When
 * poll returns true the search is cancelled (gs_c4_solver_cancel) and poll
 * is not called again: the choice then ends at once with known false and
 * stopped GS_STOP_CANCEL, unless it had already ended. A cancel request
 * left from before is withdrawn first, and poll's own once the search has
 * ended. When no thread can be started (or the library was built without
 * threads), the choice is made on the calling thread without polls. Same returns as gs_c4_choose.
 */
GS_API int gs_c4_choose_polled(gs_c4_solver *sv, const gs_c4_state *s,
                               gs_c4_poll_fn poll, void *user,
                               gs_c4_solution *out);

/* Monte Carlo tree search on Connect Four: gs_c4_mcts_params_init's
 * defaults, which the limits below change. */
typedef struct gs_c4_mcts_params {
    int threads;            /* root-parallel trees (default 1; >= 1) */
    uint64_t iterations;    /* stop after this many (0: no limit, but 100000
                               when no other limit is set; default 0) */
    uint64_t max_nodes;     /* stop at this many tree nodes (0: no limit) */
    double max_seconds;     /* stop after this many seconds (0: no limit) */
} gs_c4_mcts_params;

/* One column at the root of an MCTS search. */
typedef struct gs_c4_mcts_column {
    int column;             /* 0-based */
    uint64_t visits;
    double mean;            /* the mean outcome, from the first player's
                               side: 1 a win, -1 a loss */
    bool proved;            /* the MCTS-Solver proved its value ... */
    double proved_value;    /* ... this score (the first player's side) */
} gs_c4_mcts_column;

/* What an MCTS search of a position decided. */
typedef struct gs_c4_mcts_decision {
    int best;               /* the column to play (0-based); -1 when the
                               search named none */
    double value;           /* its mean (or proved value), as `mean` */
    bool proved;            /* the root's value is proved */
    uint64_t iterations;    /* run, by every thread */
    double seconds;         /* wall time */
    int columns;            /* the root's children, in the game's order
                               (centre first; 0 when not expanded): */
    gs_c4_mcts_column column[GS_C4_MAX_WIDTH];
} gs_c4_mcts_decision;

/* Fills p with the defaults above. */
GS_API void gs_c4_mcts_params_init(gs_c4_mcts_params *p);

/*
 * The decision d as `gamesearch connect4 analyze --algo mcts` prints it: a
 * line a column, in d's order ("4: 2994 visits, mean -0.1112224449", and
 * ", proved 18" with its proved value), then "best: 4 (3000 iterations,
 * 2.641 ms)" (", proved" before the parenthesis closes when the root is
 * proved). Means as gs_format_value writes them. Returns 0 or the first
 * nonzero value of write.
 */
GS_API int gs_c4_mcts_write(const gs_c4_mcts_decision *d, gs_write_fn write,
                            void *user);

/* The computer's move in `gamesearch connect4 play --algo mcts`, d the
 * decision for position s, and a newline: "computer (O) plays 4, mean
 * -0.1112224449, 3000 iterations, 2.641 ms". Returns 0 or the first
 * nonzero value of write. */
GS_API int gs_c4_mcts_choice_write(const gs_c4_state *s,
                                   const gs_c4_mcts_decision *d,
                                   gs_write_fn write, void *user);

/*
 * Searches s (game not over) by MCTS with UCT, seed 0, playouts by the
 * game's policy (a win at once, else a stop to the opponent's win at
 * once, else at random), each scored by its outcome alone, and the MCTS-Solver: the same
 * parameters give the same decision, threads included, unless max_seconds
 * ends it. p NULL: the defaults; alloc may be NULL. GS_OK and *out (best
 * -1 when no move was found); GS_EINVAL for NULL arguments or bad
 * parameters; GS_ENOMEM. *out is always filled in.
 */
GS_API int gs_c4_mcts_decide(const gs_c4 *g, const gs_c4_state *s,
                             const gs_c4_mcts_params *p,
                             const gs_allocator *alloc,
                             gs_c4_mcts_decision *out);

/* ---- A game against the computer ---- */

/* The computer's search for its move in gs_c4_play_game. */
typedef struct gs_c4_game_move {
    int column;             /* the column it plays (0-based), -1: none */
    int status;             /* GS_OK, or the failed search's status */
    bool ok;                /* it plays `column`: the search ended with a
                               move (an exact score, or stopped by a limit)
                               and nobody left while it ran */
    bool left;              /* the poll asked to leave while it ran */
    bool mcts;              /* by MCTS: `decision`; else `solution` */
    gs_c4_solution solution;
    gs_c4_mcts_decision decision;
} gs_c4_game_move;

/* A person against the computer: who plays what, and the callbacks. */
typedef struct gs_c4_game_play {
    bool computer[2];       /* player p (0 X, 1 O) is the computer */
    gs_c4_solver *solver;   /* its choice: gs_c4_choose_polled ... */
    const gs_c4_mcts_params *mcts;   /* ... or, when set, by MCTS */
    /* Each position: before its move, and once the game is over. May be
     * NULL. */
    void (*show)(void *user, const gs_c4_state *s);
    /* The person's move in s: a column (0-based) that can be played, or
     * -1 to leave the game. */
    int (*ask)(void *user, const gs_c4_state *s);
    /* Called while the solver thinks (gs_c4_choose_polled; may be NULL):
     * true leaves the game. */
    gs_c4_poll_fn poll;
    /* After every search of the computer from s, whatever came of it,
     * before its move is played (may be NULL): true leaves the game. */
    bool (*chose)(void *user, const gs_c4_state *s,
                  const gs_c4_game_move *m);
    void *user;
    /* After ask gave GS_C4_ASK_UNDO (may be NULL): `moves` moves were
     * taken back, s the position now (the person's turn again, shown
     * next) and `last` the column (0-based) of its last move, -1 when it
     * is the game's first position; or moves 0 and s unchanged when the
     * person has not moved yet. */
    void (*undone)(void *user, const gs_c4_state *s, int moves, int last);
} gs_c4_game_play;

/* What ask gives, besides a column or -1, to take back the person's last
 * move and the computer's reply. */
#define GS_C4_ASK_UNDO (-2)

/* How a game of gs_c4_play_game ended. */
typedef enum gs_c4_game_end {
    GS_C4_GAME_OVER = 0,    /* won or drawn: `winner` */
    GS_C4_GAME_LEFT = 1,    /* ask gave -1, or poll or chose true */
    GS_C4_GAME_FAILED = 2   /* a search of the computer gave no move
                               (`status`; the chose callback saw it) */
} gs_c4_game_end;

typedef struct gs_c4_game_result {
    gs_c4_game_end end;
    int winner;             /* GS_C4_GAME_OVER: 0 X, 1 O, -1 a draw */
    int status;             /* GS_C4_GAME_FAILED: the search's status */
    bool all_known;         /* no choice of the solver was stopped by a
                               limit before its score was known */
} gs_c4_game_result;

/*
 * Plays a game from *s (left at the last position) between a person and
 * the computer, as `gamesearch connect4 play` does: show each position; on
 * the person's turns ask; on the computer's, its choice (polled) or MCTS
 * decision, passed to chose, then played. The game keeps its moves:
 * GS_C4_ASK_UNDO from ask goes back to the person's last turn (told to
 * undone), and asks again. GS_OK and *out; GS_EINVAL for
 * NULL arguments, no ask, neither solver nor mcts, or a column from ask
 * that cannot be played.
 */
GS_API int gs_c4_play_game(const gs_c4 *g, gs_c4_state *s,
                           const gs_c4_game_play *play,
                           gs_c4_game_result *out);

/* ---- Every column's score as soon as it is proved ---- */

/* Called by gs_c4_analyze_polled on the calling thread for each playable
 * column (0-based) once its solve has ended, in the columns' order: sd is
 * the column's entry of the analysis (its score known, or not when a limit
 * or a cancel stopped it), `seconds` the time from the start of the
 * analysis to the end of that column's solve. */
typedef void (*gs_c4_column_fn)(void *user, int column,
                                const gs_c4_solution *sd, double seconds);

/*
 * gs_c4_analyze on a thread of its own, while the calling thread tells
 * `settled` (may be NULL) of each column as it settles and calls poll (may
 * be NULL) about every 20 ms, as gs_c4_choose_polled does. When poll
 * returns true the search under way is cancelled (gs_c4_solver_cancel):
 * its column ends not known with stopped GS_STOP_CANCEL (and is told), and
 * so do the columns after it, unsearched (and not told); the columns
 * before keep their scores. A
 * cancel request left from before is withdrawn first, and poll's own once
 * the analysis has ended. In a library built without threads, the
 * analysis runs on the calling thread, `settled` told as each column
 * settles, without polls (when a thread cannot be started, also on the
 * calling thread without polls, the columns told at the end).
 * Same returns as gs_c4_analyze; *out is always filled in.
 */
GS_API int gs_c4_analyze_polled(gs_c4_solver *sv, const gs_c4_state *s,
                                bool weak, gs_c4_poll_fn poll,
                                gs_c4_column_fn settled, void *user,
                                gs_c4_analysis *out);

/*
 * The stones that would be played from s to the end of the game, the
 * stone of the move scored included, if both players kept to `score`, the
 * score (Pons's, not weak) for s's player to move of a move from s (a
 * column of gs_c4_analyze): with n the stones of s and C the board's
 * cells, a win (score > 0) comes with the mover's stone that makes the
 * board hold m + 1 stones, m the one of C + 1 - 2 * score and C - 2 *
 * score with n's parity (the win at the latest, (C + 1 - m) / 2 == score);
 * a loss (score < 0) with the opponent's such stone, m of the other
 * parity; a draw fills the board: C - n. 0 when the score cannot be one of
 * a move from s (out of range, or no such stone after s).
 */
GS_API int gs_c4_moves_to_end(const gs_c4 *g, const gs_c4_state *s,
                              int score);

/* ---- A book read where it lies ---- */

/*
 * Opens the book file `path` of g's board without reading its entries: a
 * look-up (gs_c4_book_lookup, and a solver given the book) is a binary
 * search over the file's fixed-size records, about log2(entries) reads of
 * 8 bytes each; the file stays open until gs_c4_book_free, and must not
 * change meanwhile. The header is checked as gs_c4_book_read checks it,
 * the file's size against the entries it announces, and the first and
 * last entries; an entry met later that is not a position and a score
 * reads as a position the book does not have. A path that is not a
 * regular file (a pipe, a device) is read whole, as gs_c4_book_read does.
 * Same returns as gs_c4_book_read.
 */
GS_API int gs_c4_book_open(const gs_c4 *g, const char *path,
                           const gs_allocator *alloc, gs_c4_book **out,
                           gs_error *err);

#ifdef __cplusplus
}
#endif

#endif /* GAMESEARCH_CONNECT4_H */
