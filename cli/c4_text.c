/* What `gamesearch connect4` says to the person at the terminal (see
 * c4_text.h). */
#include "c4_text.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/text.h"

/* "the engine returned 0.5 (a bound), not an exact score", as snprintf. */
static int not_exact(const gs_c4_solution *sd, char *buf, size_t size)
{
    return snprintf(buf, size, "the engine returned %g (%s), not an exact "
                    "score", sd->value,
                    sd->bound == GS_BOUND_EXACT ? "exact" : "a bound");
}

size_t cli_c4_position_message(const char *what, const char *text,
                               const gs_error *err, char *buf, size_t size)
{
    const char *more = strlen(text) > 40 ? "..." : "";
    int n = err->line > 0
                ? snprintf(buf, size, "%s '%.40s%s', character %d: %s", what,
                           text, more, err->column, err->message)
                : snprintf(buf, size, "%s '%.40s%s': %s", what, text, more,
                           err->message);
    return n > 0 ? (size_t)n : 0;
}

size_t cli_c4_move_message(const gs_c4_state *s, const gs_c4_game_move *m,
                           const char *stopped_by, char *buf, size_t size)
{
    const gs_c4_solution *sd = &m->solution;
    int n = snprintf(buf, size, "%s", "");
    if (m->left)
        return 0;
    if (!m->ok && (m->mcts || m->status != GS_OK))
        n = snprintf(buf, size, "the search failed: %s",
                     m->status != GS_OK ? gs_strerror(m->status)
                                        : "no move found");
    else if (!m->ok)   /* it finished, but not exact */
        n = not_exact(sd, buf, size);
    else if (!m->mcts && !sd->known)
        n = snprintf(buf, size, "move %d (column %d): stopped by %s before "
                     "the score was known", (int)s->moves + 1, m->column + 1,
                     stopped_by);
    return n > 0 ? (size_t)n : 0;
}

int cli_c4_prompt_write(const gs_c4 *g, const gs_c4_state *s,
                        gs_write_fn write, void *user)
{
    gs_writer w;
    gs_writer_init(&w, write, user);
    gs_writer_printf(&w, "%c to move (a column 1-%d; u undo, h hint, q "
                     "quit): ",
                     gs_c4_to_move(s) == 0 ? 'X' : 'O', gs_c4_width(g));
    return gs_writer_finish(&w);
}

int cli_c4_answer(const gs_c4 *g, const gs_c4_state *s, const char *text,
                  gs_write_fn write, void *user)
{
    int width = gs_c4_width(g);
    while (*text == ' ' || *text == '\t')
        text++;
    size_t n = strlen(text);
    while (n > 0 && (text[n - 1] == ' ' || text[n - 1] == '\t'))
        n--;
    if ((n == 1 && text[0] == 'q') || (n == 4 && !strncmp(text, "quit", 4)))
        return CLI_C4_ANSWER_QUIT;
    if ((n == 1 && text[0] == 'u') || (n == 4 && !strncmp(text, "undo", 4)))
        return CLI_C4_ANSWER_UNDO;
    if ((n == 1 && text[0] == 'h') || (n == 4 && !strncmp(text, "hint", 4)))
        return CLI_C4_ANSWER_HINT;
    char *end;
    errno = 0;
    long c = n ? strtol(text, &end, 10) : 0;
    gs_writer w;
    gs_writer_init(&w, write, user);
    if (n == 0) {
        gs_writer_printf(&w, "Type a column number from 1 to %d, or q to "
                         "quit.\n", width);
    } else if (errno || end != text + n || c < 1 || c > width) {
        /* the answer shown escaped, and cut after 64 bytes */
        char part[72], shown[64 + 8];
        snprintf(part, sizeof part, "%.*s", (int)(n < 71 ? n : 71), text);
        if (gs_text_escape(part, 64, shown, sizeof shown) < n)
            strcat(shown, "...");
        gs_writer_printf(&w, "'%s' is not a column: type a number from 1 to "
                         "%d, or q to quit.\n", shown, width);
    } else if (!gs_c4_can_play(g, s, (int)c - 1)) {
        gs_writer_printf(&w, "Column %ld is full: choose another.\n", c);
    } else {
        return (int)c - 1;
    }
    gs_writer_finish(&w);
    return CLI_C4_ANSWER_AGAIN;
}

int cli_c4_game_sides_write(const gs_c4_game_play *play, gs_write_fn write,
                            void *user)
{
    gs_writer w;
    gs_writer_init(&w, write, user);
    gs_writer_printf(&w, "You play %c, the computer %c. X moves first.\n",
                     play->computer[0] ? 'O' : 'X',
                     play->computer[0] ? 'X' : 'O');
    return gs_writer_finish(&w);
}

int cli_c4_game_end_write(const gs_c4_game_play *play,
                          const gs_c4_game_result *r, gs_write_fn write,
                          void *user)
{
    gs_writer w;
    gs_writer_init(&w, write, user);
    if (r->end == GS_C4_GAME_LEFT)
        gs_writer_printf(&w, "Game left unfinished.\n");
    else if (r->end == GS_C4_GAME_OVER && r->winner < 0)
        gs_writer_printf(&w, "Draw.\n");
    else if (r->end == GS_C4_GAME_OVER)
        gs_writer_printf(&w, "%c wins: %s.\n", r->winner == 0 ? 'X' : 'O',
                         play->computer[r->winner] ? "the computer beat you"
                                                   : "you beat the computer");
    return gs_writer_finish(&w);
}

/* The stone of player `who` (1 X, 2 O; 0 empty), in the four or not. */
static const char *stone(int who, bool in_line, bool color)
{
    static const char *const plain[2][3] = {{".", "X", "O"},
                                            {".", "x", "o"}};
    static const char *const colored[2][3] = {
        {".", "\033[1;31mX\033[0m", "\033[1;33mO\033[0m"},
        {".", "\033[1;7;31mX\033[0m", "\033[1;7;33mO\033[0m"}};
    return color ? colored[in_line][who] : plain[in_line][who];
}

int cli_c4_board_write(const gs_c4 *g, const gs_c4_state *s, int last,
                       bool color, gs_write_fn write, void *user)
{
    int width = gs_c4_width(g), height = gs_c4_height(g);
    int cols[4], rows[4], n = gs_c4_winning_line(g, s, cols, rows);
    /* the last move: the top stone of its column */
    int last_row = -1;
    for (int r = 0; last >= 0 && last < width && r < height; r++)
        if (gs_c4_cell(g, s, last, r) != 0)
            last_row = r;
    gs_writer w;
    gs_writer_init(&w, write, user);
    for (int c = 0; c < width; c++)
        gs_writer_printf(&w, " %d", c + 1);
    gs_writer_puts(&w, "\n");
    for (int row = height - 1; row >= 0; row--) {
        for (int c = 0; c < width; c++) {
            bool in_line = false;
            for (int i = 0; i < n; i++)
                in_line = in_line || (cols[i] == c && rows[i] == row);
            bool marked = row == last_row && c == last;
            bool after = row == last_row && c - 1 == last;
            gs_writer_printf(&w, "%s%s", marked ? "[" : after ? "]"
                             : c ? " " : "|",
                             stone(gs_c4_cell(g, s, c, row), in_line, color));
        }
        gs_writer_puts(&w, row == last_row && last == width - 1 ? "]\n"
                                                                : "|\n");
    }
    gs_writer_puts(&w, "+");
    for (int c = 0; c < 2 * width - 1; c++)
        gs_writer_puts(&w, "-");
    gs_writer_puts(&w, "+\n");
    return gs_writer_finish(&w);
}

int cli_c4_winning_write(const gs_c4 *g, const gs_c4_state *s,
                         gs_write_fn write, void *user)
{
    int cols[4], rows[4];
    gs_writer w;
    gs_writer_init(&w, write, user);
    if (gs_c4_winning_line(g, s, cols, rows) != 4)
        return gs_writer_finish(&w);
    if (rows[0] == rows[3])
        gs_writer_printf(&w, "The winning four: row %d, columns %d to %d.\n",
                         rows[0] + 1, cols[0] + 1, cols[3] + 1);
    else if (cols[0] == cols[3])
        gs_writer_printf(&w, "The winning four: column %d, rows %d to %d.\n",
                         cols[0] + 1, rows[0] + 1, rows[3] + 1);
    else
        gs_writer_printf(&w, "The winning four: a diagonal from column %d, "
                         "row %d to column %d, row %d.\n", cols[0] + 1,
                         rows[0] + 1, cols[3] + 1, rows[3] + 1);
    return gs_writer_finish(&w);
}

int cli_c4_hint_write(const gs_c4_solution *sd, const char *stopped_by,
                      gs_write_fn write, void *user)
{
    gs_writer w;
    gs_writer_init(&w, write, user);
    gs_writer_printf(&w, "hint: %d, ", sd->best + 1);
    if (!sd->known)
        gs_writer_printf(&w, "score ? (stopped by %s: the best move found, "
                         "not proved)\n", stopped_by);
    else
        gs_writer_printf(&w, "score %d (%s%s)\n", sd->score,
                         sd->score > 0 ? "a win for you" : sd->score < 0
                         ? "a loss for you" : "a draw",
                         sd->from_book ? ", from the book" : "");
    return gs_writer_finish(&w);
}

int cli_c4_mcts_hint_write(const gs_c4_state *s, const gs_c4_mcts_decision *d,
                           gs_write_fn write, void *user)
{
    gs_writer w;
    gs_writer_init(&w, write, user);
    /* the value is the first player's: the mover's own in the hint */
    gs_writer_printf(&w, "hint: %d (MCTS: mean %.2f for you, %llu "
                     "iterations, %s)\n", d->best + 1,
                     gs_c4_to_move(s) == 0 ? d->value : -d->value,
                     (unsigned long long)d->iterations,
                     d->proved ? "proved" : "not proved");
    return gs_writer_finish(&w);
}

int cli_c4_undone_write(int moves, gs_write_fn write, void *user)
{
    gs_writer w;
    gs_writer_init(&w, write, user);
    if (moves == 0)
        gs_writer_puts(&w, "Nothing to undo: you have not moved yet.\n");
    else if (moves == 2)
        gs_writer_puts(&w, "Took back your move and the computer's.\n");
    else
        gs_writer_printf(&w, "Took back %d move%s.\n", moves,
                         moves == 1 ? "" : "s");
    return gs_writer_finish(&w);
}

bool cli_c4_yes(const char *text)
{
    while (*text == ' ' || *text == '\t')
        text++;
    size_t n = strlen(text);
    while (n > 0 && (text[n - 1] == ' ' || text[n - 1] == '\t'))
        n--;
    return (n == 1 && (text[0] == 'y' || text[0] == 'Y')) ||
           (n == 3 && strncmp(text, "yes", 3) == 0);
}

int cli_c4_column_write(int column, const gs_c4_solution *sd,
                        const char *stopped_by, double seconds,
                        gs_write_fn write, void *user)
{
    gs_writer w;
    gs_writer_init(&w, write, user);
    gs_writer_printf(&w, "column %d: ", column + 1);
    if (sd->known)
        gs_writer_printf(&w, "%d", sd->score);
    else if (sd->stopped == GS_STOP_NONE)
        gs_writer_puts(&w, "? (not exact)");
    else
        gs_writer_printf(&w, "? (stopped by %s)", stopped_by);
    gs_writer_printf(&w, "%s, %.3f s\n", sd->from_book ? " from the book" : "",
                     seconds);
    return gs_writer_finish(&w);
}

int cli_c4_analysis_json_write(const gs_c4 *g, const gs_c4_state *s,
                               const char *position,
                               const gs_c4_analysis *an, bool weak,
                               gs_write_fn write, void *user)
{
    gs_writer w;
    gs_writer_init(&w, write, user);
    gs_writer_puts(&w, "{\"position\": \"");
    for (const char *p = position; *p >= '1' && *p <= '9'; p++)
        gs_writer_put(&w, p, 1);
    gs_writer_printf(&w, "\", \"to_move\": \"%c\", \"weak\": %s, "
                     "\"columns\": [", gs_c4_to_move(s) == 0 ? 'X' : 'O',
                     weak ? "true" : "false");
    for (int c = 0; c < an->width; c++) {
        const gs_c4_solution *sd = &an->column[c];
        gs_writer_puts(&w, c ? ", " : "");
        if (!an->playable[c]) {
            gs_writer_puts(&w, "null");
            continue;
        }
        gs_writer_printf(&w, "{\"column\": %d, \"score\": ", c + 1);
        if (sd->known)
            gs_writer_printf(&w, "%d", sd->score);
        else
            gs_writer_puts(&w, "null");
        int moves = sd->known && !weak ? gs_c4_moves_to_end(g, s, sd->score)
                                       : 0;
        if (moves > 0)
            gs_writer_printf(&w, ", \"moves_to_end\": %d}", moves);
        else
            gs_writer_puts(&w, ", \"moves_to_end\": null}");
    }
    gs_writer_puts(&w, "], \"best\": [");
    for (int c = 0, n = 0; an->all_known && c < an->width; c++)
        if (an->playable[c] && an->column[c].score == an->best_score)
            gs_writer_printf(&w, "%s%d", n++ ? ", " : "", c + 1);
    gs_writer_printf(&w, "], \"complete\": %s, \"from_book\": %s}\n",
                     an->all_known ? "true" : "false",
                     an->from_book ? "true" : "false");
    return gs_writer_finish(&w);
}
