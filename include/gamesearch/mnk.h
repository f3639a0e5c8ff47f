/*
 * gamesearch/mnk.h: m,n,k games as a game: an m-by-n board, k in a row
 * wins. Tic-tac-toe is (3,3,3); Gomoku (15,15,5) is played freestyle: five
 * or more in a row wins.
 *
 * Two agents: X (agent 0, MAX) moves first, O (agent 1, MIN) second.
 * Cells are numbered row by row from the top left, 0 .. rows*cols-1; an
 * action is a cell number. A position is written the same way, one
 * character a cell: 'X', 'O' or '.' ("X.O......"); the player to move
 * follows from the counts.
 *
 * Values, from X's side: a win for X is GS_MNK_WIN minus the number of
 * stones on the board (sooner is better), a win for O the negative, a full
 * board without a line 0; a position cut off by depth gets the static
 * evaluation chosen at creation, which always lies strictly between
 * -GS_MNK_EVAL_MAX and GS_MNK_EVAL_MAX.
 *
 * States are gs_mnk_state_size() bytes, aligned for uint64_t (malloc'd
 * memory is). Equal positions hash equally but may differ in their bytes
 * (a state remembers its last move).
 */
#ifndef GAMESEARCH_MNK_H
#define GAMESEARCH_MNK_H

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

/* Board sides and k: 1 .. GS_MNK_MAX_SIDE. */
#define GS_MNK_MAX_SIDE 32
/* A win's value before the stone count is taken off. */
#define GS_MNK_WIN 1000000.0
/* Every static evaluation lies in (-GS_MNK_EVAL_MAX, GS_MNK_EVAL_MAX). */
#define GS_MNK_EVAL_MAX 100000.0

typedef struct gs_mnk gs_mnk;

typedef enum gs_mnk_eval {
    /* 0 for every position that is not over. */
    GS_MNK_EVAL_NONE = 0,
    /* Open lines: the lines of k cells still winnable for X minus those
     * still winnable for O, a line already holding k-1 of its player's
     * stones counting extra (the two-in-a-row refinement on 3x3). */
    GS_MNK_EVAL_LINES = 1,
    /* Threats: lines weighted by how many stones they hold (a four counts
     * far more than a three, open ends more than closed ones), and the
     * side to move credited with the initiative. */
    GS_MNK_EVAL_THREATS = 2
} gs_mnk_eval;

typedef struct gs_mnk_params {
    int rows;          /* m */
    int cols;          /* n */
    int k;             /* stones in a row that win (k <= max(rows, cols)) */
    gs_mnk_eval eval;  /* evaluation at a depth cutoff */
    /*
     * Candidate moves: 0 offers every empty cell; r > 0 offers only empty
     * cells within r cells (in each direction, diagonals included) of a
     * stone, and the centre cell on an empty board.
     */
    int radius;
    /* Offer an order_hint callback (threats made or blocked, then nearness
     * to the centre). */
    bool order_hint;
} gs_mnk_params;

/* Fills p with tic-tac-toe: 3x3, k 3, EVAL_LINES, radius 0, no hint. */
GS_API void gs_mnk_params_init(gs_mnk_params *p);

/* Creates a game instance. GS_OK, GS_EINVAL (sizes out of range) or
 * GS_ENOMEM. */
GS_API int gs_mnk_new(const gs_mnk_params *p, const gs_allocator *alloc,
                      gs_mnk **out);
GS_API void gs_mnk_free(gs_mnk *g);
GS_API const gs_mnk_params *gs_mnk_params_of(const gs_mnk *g);

/* Fills *game (version GS_GAME_VERSION, bounds +-GS_MNK_WIN declared,
 * Zobrist hash, action names such as "b3"). g must outlive it. */
GS_API void gs_mnk_game(const gs_mnk *g, gs_game *game);

/* Bytes in one state (== game.state_size). */
GS_API size_t gs_mnk_state_size(const gs_mnk *g);

/* Writes the empty board into state. */
GS_API void gs_mnk_empty(const gs_mnk *g, void *state);

/*
 * Reads a position string into state. GS_OK, or GS_EPARSE with *error:
 * wrong length, a character other than X, O or '.', impossible counts
 * (O more than X, or X more than one ahead), or both players with a line.
 * A bad character is placed at line 1, column (its 1-based place in the
 * string); the other errors concern the whole string (line 0, column 0).
 * A position where the game is over is accepted (gs_mnk_winner tells).
 */
GS_API int gs_mnk_parse(const gs_mnk *g, const char *text, void *state,
                        gs_error *error);

/* Writes the position string (rows*cols characters and a NUL) into buf. */
GS_API void gs_mnk_format(const gs_mnk *g, const void *state, char *buf,
                          size_t size);

/* Plays `cell` for the player to move. GS_EINVAL if the cell is off the
 * board or taken, or the game is over. */
GS_API int gs_mnk_play(const gs_mnk *g, void *state, int cell);

/* 0 empty, 1 X, 2 O. */
GS_API int gs_mnk_cell(const gs_mnk *g, const void *state, int cell);
/* 0 when X is to move, 1 when O is. */
GS_API int gs_mnk_to_move(const gs_mnk *g, const void *state);
/* 0 nobody (yet), 1 X has a line, 2 O has a line. */
GS_API int gs_mnk_winner(const gs_mnk *g, const void *state);
/* Stones on the board. */
GS_API int gs_mnk_stones(const gs_mnk *g, const void *state);
/* The game is over: a line, or a full board. */
GS_API bool gs_mnk_over(const gs_mnk *g, const void *state);
/* The cell of the last move played into state, or -1 when it is not
 * known (an empty board, or a position read by gs_mnk_parse). */
GS_API int gs_mnk_last_move(const gs_mnk *g, const void *state);
/* The winner's line in state: its cells (k of them, or more when a longer
 * row of the winner's stones holds it), ascending, into cells (room for
 * GS_MNK_MAX_SIDE), and their number; 0 when nobody has a line. The line
 * through the last move when it is known, else the first found. */
GS_API int gs_mnk_winning_line(const gs_mnk *g, const void *state,
                               int *cells);

/* The static evaluation of `state` with `eval`, from X's side. */
GS_API double gs_mnk_evaluate(const gs_mnk *g, const void *state, gs_mnk_eval eval);

/* Cell names: column letter and row number from the top ("a1" is cell 0,
 * "c3" cell 8 on 3x3). gs_mnk_cell_name writes at most 8 bytes;
 * gs_mnk_parse_cell accepts a name or a 1-based cell number and returns the
 * cell, or -1. */
GS_API void gs_mnk_cell_name(const gs_mnk *g, int cell, char *buf, size_t size);
GS_API int gs_mnk_parse_cell(const gs_mnk *g, const char *text);

/* ---- Playing and solving ------------------------------------------------
 *
 * The computer player of `gamesearch ttt`, `mnk` and `gomoku`. Small
 * boards (at most GS_MNK_SMALL_CELLS cells) are searched to the end by
 * default, so the computer plays perfectly; larger ones with iterative
 * deepening under a time limit a move, over the cells near the stones,
 * with the threats evaluation.
 */

/* Boards with more cells than this are large. */
#define GS_MNK_SMALL_CELLS 16

/* p's board has more than GS_MNK_SMALL_CELLS cells. */
GS_API bool gs_mnk_is_large(const gs_mnk_params *p);

/*
 * Completes p (its size and k already set) for play: the ordering hint on
 * (the centre and the threats first: the computer opens in the centre and
 * alpha-beta prunes more), on large boards only the cells within 2 of a
 * stone as candidates, and, with set_eval, the evaluation: threats on
 * large boards, open lines on small ones.
 */
GS_API void gs_mnk_params_for_play(gs_mnk_params *p, bool set_eval);

/* How the computer searches. */
typedef struct gs_mnk_player_params {
    gs_algo algo;        /* GS_ALPHABETA (default), GS_MINIMAX, GS_MCTS,
                            GS_PVS, GS_MTDF, GS_SSS, GS_PNS or GS_DFPN
                            (proof-number search: the outcome proved,
                            depth 0 only, use_tt not used) */
    /* Plies to search (default 0: to the end on small boards; on large
     * ones a move deepens without a depth limit until max_seconds). */
    int depth;
    double max_seconds;  /* time a move on large boards (default 1; 0: no
                            limit); a solve has none, but an MCTS solve,
                            which it bounds in all */
    bool use_tt;         /* a transposition table (default true): the
                            engine's 16 MiB, or on boards of at most 10
                            cells about 128 bytes for each of the 3^cells
                            fillings (tic-tac-toe: 2 MiB) */
    /* GS_MCTS: iterations a move (default 0: 20000 on small boards, and
     * on large ones max_seconds a move; a solve runs until the solver
     * proves the value, at most 10^7 iterations a cell and
     * GS_MNK_MCTS_SOLVE_NODES tree nodes in all), with the game's playout
     * policy and the solver; the seed of its random numbers (default 0).
     * MCTS searches no fixed depth: `depth` is not used. */
    uint64_t iterations;
    uint64_t seed;
    /* Nodes (default 0: no limit): a computer move's search stops after
     * this many (and plays the best move found); a solve makes at most
     * this many over all its searches (an MCTS solve at most
     * GS_MNK_MCTS_SOLVE_NODES too) and, stopped, is not proved. */
    uint64_t max_nodes;
} gs_mnk_player_params;

/* Fills p with the defaults above. */
GS_API void gs_mnk_player_params_init(gs_mnk_player_params *p);

/* The most tree nodes an MCTS solve makes, over all its searches: a tree
 * grows about 64 bytes a node, so a search's tree stays within some
 * 128 MiB (256 MiB while it is moved to grow), well within the memory of
 * a small machine; a solve that reaches it is not proved. */
#define GS_MNK_MCTS_SOLVE_NODES 2000000u

/*
 * The engine options of a computer move (solving false) or of a solve
 * (solving true) on g with pp: pp's algorithm, depth and table, the
 * game's ordering hint; a move on a large board adds iterative deepening
 * and the time limit.
 */
GS_API void gs_mnk_search_options(const gs_mnk *g,
                                  const gs_mnk_player_params *pp,
                                  bool solving, gs_search_options *so);

/* What a value from X's side means: 1 X wins, -1 O wins, 0 a draw (or,
 * after a depth cutoff, no win found). */
GS_API int gs_mnk_outcome(double value);

/* Why a finished game is over ("X has a line", "O has a line", "the board
 * is full"), or NULL when it is not. */
GS_API const char *gs_mnk_over_reason(const gs_mnk *g, const void *state);

/* A position to play on or solve (`--start`, `--solve`): as gs_mnk_parse
 * reads it, but one where the game is over is refused too, GS_EINVAL
 * with "the game is already over (X has a line)" in *error (line and
 * column 0). */
GS_API int gs_mnk_parse_open(const gs_mnk *g, const char *text, void *state,
                             gs_error *error);

/* A computer player: g's engine (with its table, kept from move to move)
 * and its settings. One thread at a time. */
typedef struct gs_mnk_player gs_mnk_player;

/* One computer move. */
typedef struct gs_mnk_move {
    int cell;            /* the cell to play: the search's best, or when
                            its time ran out before it named one, the
                            cell the game's move ordering tries first */
    uint64_t nodes;      /* nodes searched */
    double seconds;      /* wall time */
    bool iterative;      /* searched with iterative deepening */
    int depth;           /* then the deepest finished iteration */
    double value;        /* the search's value of the position, from X's
                            side (gs_mnk_outcome tells what it means) */
} gs_mnk_move;

/* Every optimal move of a position. */
typedef struct gs_mnk_solution {
    /* For the player to move: 1 a win, 0 a draw, -1 a loss (with a depth
     * limit, 0 means that no win was found within it). */
    int value;
    /* The cells that reach `value`, ascending: best[0 .. nbest-1]. */
    int nbest;
    int best[GS_MNK_MAX_SIDE * GS_MNK_MAX_SIDE];
    /* Totals over the searches (one for each empty cell); nodes counts
     * the position itself too, as one search from it would. */
    uint64_t nodes;
    double seconds;
    /* Whether a cell's outcome was left unproved: when the player's
     * max_nodes stopped a search; with MCTS, also when a limit ended a
     * search before its solver proved the cell. Then the solve stops there: value and best cover
     * only the `proved` cells searched before it (value -2 and no best
     * when there are none), and `stopped` says which limit it was
     * (GS_STOP_NODES: node_limit, GS_STOP_TIME: max_seconds,
     * GS_STOP_NONE: the iterations). A solution filled in with zeros is a
     * proved one. */
    bool unproved;
    gs_stop stopped;
    int proved;      /* cells proved */
    int empty;       /* the position's empty cells */
    /* The nodes the solve could make in all (0: no limit): the player's
     * max_nodes, or for MCTS the smaller of it and
     * GS_MNK_MCTS_SOLVE_NODES. */
    uint64_t node_limit;
} gs_mnk_solution;

/*
 * Creates a player for g (which must outlive it) with pp (NULL:
 * defaults); alloc may be NULL. GS_OK and *out; GS_EINVAL for a NULL g or
 * out, a depth below 0 or an algorithm other than minimax, alpha-beta, MCTS, PVS, MTD(f), SSS*,
 * PNS or df-pn;
 * GS_ENOMEM. On failure *out is NULL and nothing is leaked.
 */
GS_API int gs_mnk_player_new(const gs_mnk *g, const gs_mnk_player_params *pp,
                             const gs_allocator *alloc, gs_mnk_player **out);

/* Frees a player (NULL is fine). */
GS_API void gs_mnk_player_free(gs_mnk_player *pl);

/* Asks the player's search under way (from another thread) to stop, or
 * withdraws the request (see gs_engine_cancel): a stopped move or solve
 * returns with what the cancelled search left, meaningless; the caller
 * that cancelled knows to drop it. */
GS_API void gs_mnk_player_cancel(gs_mnk_player *pl, bool cancel);

/*
 * The computer's move in `state` (a game not over). GS_OK and *out, whose
 * cell is always an empty cell: the best the search found within the
 * player's time, or, when the time ran out before the search finished any
 * move (a very short max_seconds), the cell the game's move ordering puts
 * first. GS_EINVAL for NULL arguments or a game that is over; or the
 * engine's status. *out is always filled in.
 */
GS_API int gs_mnk_player_move(gs_mnk_player *pl, const void *state,
                              gs_mnk_move *out);

/*
 * Solves `state` (a game not over): every empty cell is played and
 * searched to its value (with the player's depth, no time limit; with
 * MCTS, until its solver proves the value, within max_seconds and
 * GS_MNK_MCTS_SOLVE_NODES nodes in all: out->unproved), and the optimal
 * cells keep the best outcome any reaches. GS_OK and *out (also when a
 * limit stopped it);
 * GS_EINVAL for NULL arguments or a game that is over; GS_ENOMEM; or the
 * engine's status. *out is always filled in.
 */
GS_API int gs_mnk_player_solve(gs_mnk_player *pl, const void *state,
                               gs_mnk_solution *out);

/* ---- Text for people and programs ---- */

/*
 * `state` as `gamesearch ttt` shows it: a header of column letters, then a
 * line a row, numbered from 1, of 'X', 'O' and '.'. Boards of at most 4x4
 * are drawn with " | " between cells and "---+" lines between rows:
 *
 *        a   b   c
 *     1  X | . | O
 *       ---+---+---
 *     ...
 *
 * larger ones a character and a space a cell. Writes at most size bytes,
 * NUL included, into buf and returns the length of the whole text (without
 * NUL), as snprintf does: size 0 asks for it.
 */
GS_API size_t gs_mnk_board_text(const gs_mnk *g, const void *state,
                                 char *buf, size_t size);

/*
 * A solve of `state` (its solution sol, searched `depth` plies deep, 0 to
 * the end) as `gamesearch ttt --solve` prints it: the board as
 * gs_mnk_board_text draws it, "X to move: wins" (loses, draw), "value: 1",
 * "optimal moves: b2 c3", "nodes: 1,168, time: 0.295 ms", and after a
 * depth limit what a 0 means. A solve not proved (sol->unproved) says
 * so instead, with the limit and what was proved: "X to move: not proved:
 * the time limit stopped the search (3 of 16 moves proved)", "best of the
 * proved moves: draw (value 0): a1 b1" (or "(none)"). Returns 0 or the
 * first nonzero value of write.
 */
GS_API int gs_mnk_solution_text(const gs_mnk *g, const void *state,
                                const gs_mnk_solution *sol, int depth,
                                gs_write_fn write, void *user);

/*
 * sol as one JSON object and a newline: {"value": 1|0|-1, "best": [cells,
 * 0-based, row by row], "nodes": N, "time_ms": T (three decimals)}; a
 * solve not proved: {"value": null, "stopped": "nodes"|"time"|
 * "iterations", "proved": P, "moves": M, "best_proved": [cells], "nodes",
 * "time_ms"}.
 * Returns 0 or the first nonzero return of write.
 */
GS_API int gs_mnk_solution_json(const gs_mnk_solution *sol, gs_write_fn write,
                                void *user);

/* ---- A game ---- */

/* A game of gs_mnk_player_play: who plays what, and the callbacks. What
 * a person sees and types is the caller's. */
typedef struct gs_mnk_game_play {
    bool computer[2];       /* player p (0 X, 1 O) is the computer, else a
                               person */
    /* Each position: before its move, and once the game is over. May be
     * NULL. */
    void (*show)(void *user, const void *state);
    /* A person's move in state: an empty cell, or -1 to leave the game.
     * Needed when a person plays. */
    int (*ask)(void *user, const void *state);
    /* The computer's move m in state, before it is played (may be NULL):
     * true leaves the game, m not played. */
    bool (*chose)(void *user, const void *state, const gs_mnk_move *m);
    void *user;
    /* After ask gave GS_MNK_ASK_UNDO (may be NULL): `moves` moves were
     * taken back, state the position now (a person's turn again, shown
     * next), or 0 and state unchanged when no person has moved yet. */
    void (*undone)(void *user, const void *state, int moves);
} gs_mnk_game_play;

/* What ask gives, besides a cell or -1, to take back the moves since the
 * person's turn before this one (their move and the computer's reply). */
#define GS_MNK_ASK_UNDO (-2)

/* How a game of gs_mnk_player_play ended. */
typedef enum gs_mnk_game_end {
    GS_MNK_GAME_OVER = 0,   /* a line or a full board: `winner` */
    GS_MNK_GAME_LEFT = 1    /* ask gave -1, or chose true */
} gs_mnk_game_end;

typedef struct gs_mnk_game_result {
    gs_mnk_game_end end;
    int winner;             /* GS_MNK_GAME_OVER: as gs_mnk_winner, 0 a
                               draw, 1 X, 2 O */
    int moves;              /* moves played from the first position */
} gs_mnk_game_result;

/*
 * Plays a game from `state` (changed move by move, left at the last
 * position) with pl as the computer, as `gamesearch ttt` does: show each
 * position; on a person's turn ask; on the computer's, gs_mnk_player_move,
 * passed to chose, then played. A position where the game is over ends it
 * at once (shown, no move). The game keeps its moves: GS_MNK_ASK_UNDO from
 * ask goes back to the position where a person last moved (told to
 * undone), and asks again. GS_OK and *out when the game ended or was
 * left; GS_EINVAL for NULL arguments, a person without ask, or a cell from
 * ask that cannot be played (not played; *out says the game was left);
 * GS_ENOMEM when the moves cannot be kept; or the status of a computer's
 * search that failed (its move not played, *out likewise). *out is always
 * filled in.
 */
GS_API int gs_mnk_player_play(gs_mnk_player *pl, void *state,
                              const gs_mnk_game_play *play,
                              gs_mnk_game_result *out);

#ifdef __cplusplus
}
#endif

#endif /* GAMESEARCH_MNK_H */
