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

#include <stddef.h>

#include "gamesearch/mnk.h"

/*
 * The person's answer to `prompt` (the callback shows it, as is, with no
 * newline of its own): a line of text without its newline, which the
 * game may change (it strips the blanks around it), kept until the next
 * call; or NULL at the end of input.
 */
typedef char *(*cli_mnk_ask_fn)(void *user, const char *prompt);

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
} cli_mnk_play_options;

/* Fills o with both sides not said and no callbacks. */
void cli_mnk_play_options_init(cli_mnk_play_options *o);

/*
 * Plays a game on g from `state` (changed move by move) with pl (a player
 * of g) as the computer: after asking the side when o says neither, the
 * board as gs_mnk_board_text draws it before every move; a person's move
 * asked for with "X to move (a cell a1-c3 or 1-9, q to quit): " until the
 * answer is an empty cell (a name as gs_mnk_parse_cell reads it), each
 * wrong answer told why in one line; the computer's move and its line as
 * cli_mnk_move_text writes it; at the end "X wins.", "O wins." or
 * "Draw.", or "Game left unfinished." when a person answers "q" or "quit"
 * or the input ends at a move (at the question of the side, its end stops
 * the game with nothing more shown). The results of write are not looked
 * at. GS_OK when the game ended or stopped; GS_EINVAL for a NULL argument
 * or callback; or the status of a computer's search that failed (its move
 * then not played).
 */
int cli_mnk_play(const gs_mnk *g, gs_mnk_player *pl, void *state,
                 const cli_mnk_play_options *o);

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
