/*
 * cli/mnk_play.h: what `gamesearch ttt`, `mnk` and `gomoku` say to the
 * person at the terminal while a game is played: the question of the
 * side, the prompt of a move and the reply to a wrong answer, the board
 * before every move, the computer's move and how the game ended. The game
 * itself (whose turn, the computer's search, the end) is the library's
 * gs_mnk_player_play.
 */
#ifndef GS_CLI_MNK_PLAY_H
#define GS_CLI_MNK_PLAY_H

#include <stdbool.h>
#include <stddef.h>

#include "gamesearch/mnk.h"

/*
 * The person's answer to `prompt` (the callback shows it, as is, with no
 * newline of its own): a line of text without its newline, which the
 * game may change (it strips the blanks around it), kept until the next
 * call; or NULL at the end of input.
 */
typedef char *(*cli_mnk_ask_fn)(void *user, const char *prompt);

/*
 * Whether to colour what a game shows: `choice` as --color gives it, 0
 * auto, 1 always, 2 never; auto colours when standard output is a
 * terminal and NO_COLOR is not set to a non-empty value. (Connect Four's
 * play asks it too.)
 */
bool cli_play_color(int choice);

/* The names of --color's choices, in the order cli_play_color reads. */
extern const char *const cli_color_choices[];

/* How cli_mnk_play plays. */
typedef struct cli_mnk_play_options {
    /* X's and O's player: 1 the computer, 0 a person, -1 not said (the
     * other side of the one said; when neither is, the person is asked
     * "Play X (moves first) or O? [X/o] ", an empty answer meaning X). */
    int computer[2];
    cli_mnk_ask_fn ask;      /* a person's answers */
    void *ask_user;
    gs_write_fn write;       /* everything the game shows */
    void *write_user;
    bool color;              /* stones in colour (ANSI escapes) */
    /* The computer's search, for what a hint means: its algorithm and
     * depth (0: to the end, or by time on large boards). */
    gs_algo algo;
    int depth;
} cli_mnk_play_options;

/* Fills o with both sides not said, no callbacks, no colour, and
 * alpha-beta to the end. */
void cli_mnk_play_options_init(cli_mnk_play_options *o);

/*
 * Plays a game on g from `state` (changed move by move) with pl (a player
 * of g) as the computer: after asking the side when o says neither, the
 * board as cli_mnk_board_write draws it before every move; a person's move
 * asked for with "X to move (a cell a1-c3 or 1-9; u undo, h hint, q
 * quit): " until the answer is an empty cell (a name as gs_mnk_parse_cell
 * reads it), each wrong answer told why in one line; "u" takes back the
 * person's last move and the computer's reply ("Took back your move and
 * the computer's.", or "Nothing to undo: you have not moved yet."); "h"
 * says the move pl would play and what it is worth ("hint: b2 (a draw
 * with best play)"); the computer's move and its line as
 * cli_mnk_move_text writes it; at the end "The winning line: a1 b2 c3."
 * after a line, then "X wins.", "O wins." or "Draw.", or "Game left
 * unfinished." when a person answers "q" or "quit" or the input ends at a
 * move (at the question of the side, its end stops the game with nothing
 * more shown). After a finished game with a person in it, "Play again?
 * [y/N] ": "y" or "yes" plays again from the same position, with the same
 * sides; anything else, or the end of input, ends. The results of write
 * are not looked at. GS_OK when the games ended or stopped; GS_EINVAL for
 * a NULL argument or callback; GS_ENOMEM; or the status of a computer's
 * search that failed (its move then not played).
 */
int cli_mnk_play(const gs_mnk *g, gs_mnk_player *pl, void *state,
                 const cli_mnk_play_options *o);

/*
 * `state` as cli_mnk_play shows it: as gs_mnk_board_text draws it, with
 * the last move in brackets ("[X]") and, once a side has a line, its
 * stones in lowercase ("x"); with `color`, X red and O yellow, the line
 * in reverse video and not in lowercase. Returns 0 or the first nonzero
 * value of write.
 */
int cli_mnk_board_write(const gs_mnk *g, const void *state, bool color,
                        gs_write_fn write, void *user);

/*
 * A computer move m of player `side` (0 X, 1 O) as the game in the
 * terminal shows it: "computer (X) plays b2" and "computer move: 0.243 ms,
 * 921 nodes" (", depth 4" after iterative deepening), each with its
 * newline. Writes at most size bytes, NUL included, and returns the whole
 * length, as snprintf does.
 */
size_t cli_mnk_move_text(const gs_mnk *g, int side, const gs_mnk_move *m,
                         char *buf, size_t size);

#endif /* GS_CLI_MNK_PLAY_H */
