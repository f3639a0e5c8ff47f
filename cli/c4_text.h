/*
 * cli/c4_text.h: what `gamesearch connect4` says to the person at the
 * terminal: the prompt of a game and what an answer to it means, who
 * plays what, how the game ended, and the messages on a position the
 * program cannot read or a search of the computer that gave no move.
 *
 * The writers hand their text to a gs_write_fn (cli_file_write for a
 * FILE) and return 0 or the first nonzero value it returned.
 */
#ifndef GS_CLI_C4_TEXT_H
#define GS_CLI_C4_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "gamesearch/connect4.h"

/*
 * What the program says of position `text`, given as `what` ("analyze",
 * "--start"), that gs_c4_parse refused with *err, without a newline:
 * "analyze '4444444', character 7: column 4 is full", or "WHAT 'TEXT':
 * MESSAGE" for an error of the whole text (line 0); the text cut after 40
 * bytes with "...". As snprintf: at most size bytes, NUL included, into
 * buf; returns the whole length.
 */
size_t cli_c4_position_message(const char *what, const char *text,
                               const gs_error *err, char *buf, size_t size);

/*
 * What `connect4 play` says of the computer's search m from s (on
 * standard error, after the choice when there is one), without a
 * newline: when it gave no move, "the search failed: ..." (MCTS: "no move
 * found" when its status is GS_OK) or "the engine returned 0.5 (a bound),
 * not an exact score"; when a limit stopped the solver before the score
 * was known, "move 5 (column 4): stopped by STOPPED_BY before the score
 * was known"; "" otherwise, and when the person left during the search.
 * As snprintf: at most size bytes, NUL included, into buf; returns the
 * whole length.
 */
size_t cli_c4_move_message(const gs_c4_state *s, const gs_c4_game_move *m,
                           const char *stopped_by, char *buf, size_t size);

/* The person's turn in s: "X to move (a column 1-7; u undo, h hint, q
 * quit): ", no newline. */
int cli_c4_prompt_write(const gs_c4 *g, const gs_c4_state *s,
                        gs_write_fn write, void *user);

/* What cli_c4_answer returns besides a column. */
enum {
    CLI_C4_ANSWER_QUIT = -1, CLI_C4_ANSWER_AGAIN = -2,
    CLI_C4_ANSWER_UNDO = -3, CLI_C4_ANSWER_HINT = -4
};

/*
 * What a person's answer `text` to that prompt means in s (spaces and
 * tabs around it ignored): a column that can be played, 0-based, from its
 * number 1 to width; CLI_C4_ANSWER_QUIT for "q" or "quit";
 * CLI_C4_ANSWER_UNDO for "u" or "undo"; CLI_C4_ANSWER_HINT for "h" or
 * "hint"; else
 * CLI_C4_ANSWER_AGAIN, after the line to say before asking again through
 * write: "Type a column number from 1 to 7, or q to quit.", "'x' is not a
 * column: type a number from 1 to 7, or q to quit." (the answer escaped
 * as gs_text_escape does, cut after 64 bytes with "..."), "Column 3 is
 * full: choose another.".
 */
int cli_c4_answer(const gs_c4 *g, const gs_c4_state *s, const char *text,
                  gs_write_fn write, void *user);

/* Who plays what, said first: "You play X, the computer O. X moves
 * first." and a newline. */
int cli_c4_game_sides_write(const gs_c4_game_play *play, gs_write_fn write,
                            void *user);

/* How the game r of play ended, and a newline: "Game left unfinished.",
 * "Draw.", "X wins: the computer beat you." or "O wins: you beat the
 * computer."; nothing for GS_C4_GAME_FAILED (the chose callback says
 * why). */
int cli_c4_game_end_write(const gs_c4_game_play *play,
                          const gs_c4_game_result *r, gs_write_fn write,
                          void *user);

/*
 * s as `connect4 play` shows it: as gs_c4_board_write draws it, with the
 * top stone of column `last` (0-based; -1: none) in brackets ("[X]", the
 * frame giving way at the sides) and, once a side has four in a row, those
 * four in lowercase ("x"); with `color`, X red and O yellow, the four in
 * reverse video and not in lowercase.
 */
int cli_c4_board_write(const gs_c4 *g, const gs_c4_state *s, int last,
                       bool color, gs_write_fn write, void *user);

/* The four of a won game, and a newline: "The winning four: row 1,
 * columns 4 to 7." ("column 4, rows 1 to 4"; "a diagonal from column 1,
 * row 1 to column 4, row 4"; rows counted from the bottom); nothing when
 * nobody has won. */
int cli_c4_winning_write(const gs_c4 *g, const gs_c4_state *s,
                         gs_write_fn write, void *user);

/* A hint for the person to move in s, from the solver's choice sd, and a
 * newline: "hint: 4, score 2 (a win for you, from the book)" ("a loss for
 * you", "a draw"), or "hint: 4, score ? (stopped by STOPPED_BY: the best
 * move found, not proved)". */
int cli_c4_hint_write(const gs_c4_solution *sd, const char *stopped_by,
                      gs_write_fn write, void *user);

/* A hint by MCTS, the decision d for the person to move in s, and a
 * newline: "hint: 4 (MCTS: mean 0.25 for you, 10000 iterations, not
 * proved)" ("proved" when it is; the mean from the mover's side, two
 * decimals). */
int cli_c4_mcts_hint_write(const gs_c4_state *s, const gs_c4_mcts_decision *d,
                           gs_write_fn write, void *user);

/* After "u", `moves` moves taken back, and a newline: "Took back your move
 * and the computer's.", "Nothing to undo: you have not moved yet." */
int cli_c4_undone_write(int moves, gs_write_fn write, void *user);

/* The question after a game: "Play again? [y/N] ", no newline. */
#define CLI_PLAY_AGAIN "Play again? [y/N] "

/* The answer `text` to CLI_PLAY_AGAIN is yes: "y", "Y" or "yes", blanks
 * around it ignored. */
bool cli_c4_yes(const char *text);

/*
 * The line `connect4 analyze` shows on a terminal once column `column`
 * (0-based) of an analysis has settled, sd its entry, `seconds` the time
 * since the analysis started: "column 4: -2, 1.234 s" (" from the book"
 * before the comma when the book answered it); "column 4: ? (stopped by
 * STOPPED_BY), ..." when a limit or a cancel stopped it, "? (not exact)"
 * when the engine's answer was not exact; and a newline.
 */
int cli_c4_column_write(int column, const gs_c4_solution *sd,
                        const char *stopped_by, double seconds,
                        gs_write_fn write, void *user);

/*
 * The analysis an of s (the position `position` as given: its digits are
 * written, what follows them is not) as `connect4 analyze --json` prints
 * it, on one line: {"position": "44", "to_move": "X", "weak": false,
 * "columns": [...], "best": [4], "complete": true, "from_book": false}, a
 * column an object {"column": 1, "score": -2, "moves_to_end": 39} (score
 * null when not known; moves_to_end gs_c4_moves_to_end of the score, null
 * when not known or weak) or null for a full column; best the columns
 * (1-based) with the best score, [] when a score is not known.
 */
int cli_c4_analysis_json_write(const gs_c4 *g, const gs_c4_state *s,
                               const char *position,
                               const gs_c4_analysis *an, bool weak,
                               gs_write_fn write, void *user);

#endif /* GS_CLI_C4_TEXT_H */
