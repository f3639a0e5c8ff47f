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
    gs_writer_printf(&w, "%c to move (a column 1-%d, q to quit): ",
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
