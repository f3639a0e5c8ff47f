/* What `gamesearch ttt`, `mnk` and `gomoku` say to the person at the
 * terminal while a game is played (see mnk_play.h). */
#include "mnk_play.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "gamesearch/text.h"

/* A game in the terminal: the board it is played on and the options. */
typedef struct terminal {
    const gs_mnk *g;
    const cli_mnk_play_options *o;
} terminal;

/* Hands printf's text to the game's writer (its status is not kept: a
 * game goes on whether or not its text could be shown). */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void say(const cli_mnk_play_options *o, const char *fmt, ...)
{
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (n > 0)
        (void)o->write(o->write_user, text,
                       (size_t)n < sizeof text ? (size_t)n : sizeof text - 1);
}

/* Hands the whole of s to the game's writer, as say does. */
static void put(const cli_mnk_play_options *o, const char *s)
{
    (void)o->write(o->write_user, s, strlen(s));
}

/* The person's answer to prompt with its surrounding blanks stripped, or
 * NULL at the end of input. */
static char *answer(const cli_mnk_play_options *o, const char *prompt)
{
    char *s = o->ask(o->ask_user, prompt);
    if (!s)
        return NULL;
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = '\0';
    return s;
}

/* The side the person plays into computer[], asked for: false at the end
 * of input. */
static bool ask_side(const cli_mnk_play_options *o, bool computer[2])
{
    for (;;) {
        char *a = answer(o, "Play X (moves first) or O? [X/o] ");
        if (!a)
            return false;
        bool x = *a == '\0' || strcmp(a, "x") == 0 || strcmp(a, "X") == 0;
        if (x || strcmp(a, "o") == 0 || strcmp(a, "O") == 0) {
            computer[0] = !x;
            computer[1] = x;
            return true;
        }
        say(o, "Type X or O.\n");
    }
}

/* The board before every move, and at the end (gs_mnk_game_play.show). */
static void show(void *user, const void *s)
{
    const terminal *t = user;
    char text[(GS_MNK_MAX_SIDE + 1) * 72];
    gs_mnk_board_text(t->g, s, text, sizeof text);
    put(t->o, text);
}

/* A person's move: the cell, or -1 at the end of input or on "q"
 * (gs_mnk_game_play.ask). */
static int ask_move(void *user, const void *s)
{
    const terminal *t = user;
    const gs_mnk *g = t->g;
    const cli_mnk_play_options *o = t->o;
    const gs_mnk_params *p = gs_mnk_params_of(g);
    int cells = p->rows * p->cols;
    char first[16], last[16], prompt[96], name[16];
    gs_mnk_cell_name(g, 0, first, sizeof first);
    gs_mnk_cell_name(g, cells - 1, last, sizeof last);
    snprintf(prompt, sizeof prompt, "%c to move (a cell %s-%s or 1-%d, q to "
             "quit): ", gs_mnk_to_move(g, s) == 0 ? 'X' : 'O', first, last,
             cells);
    for (;;) {
        char *a = answer(o, prompt);
        if (!a || strcmp(a, "q") == 0 || strcmp(a, "quit") == 0)
            return -1;
        if (*a == '\0') {
            say(o, "Type a cell such as %s, or q to quit.\n", first);
            continue;
        }
        int c = gs_mnk_parse_cell(g, a);
        if (c < 0) {
            /* the answer shown escaped, and cut after 64 bytes */
            char shown[64 + 8];
            if (a[gs_text_escape(a, 64, shown, sizeof shown)])
                strcat(shown, "...");
            say(o, "'%s' is not a cell of this %dx%d board: type a cell such "
                "as %s, or a number from 1 to %d.\n", shown, p->rows, p->cols,
                first, cells);
            continue;
        }
        if (gs_mnk_cell(g, s, c) != 0) {
            gs_mnk_cell_name(g, c, name, sizeof name);
            say(o, "%s is taken: choose an empty cell.\n", name);
            continue;
        }
        return c;
    }
}

/* The computer's move, said before it is played (gs_mnk_game_play.chose). */
static bool chose(void *user, const void *s, const gs_mnk_move *m)
{
    const terminal *t = user;
    char text[256];
    cli_mnk_move_text(t->g, gs_mnk_to_move(t->g, s), m, text, sizeof text);
    put(t->o, text);
    return false;
}

void cli_mnk_play_options_init(cli_mnk_play_options *o)
{
    memset(o, 0, sizeof *o);
    o->computer[0] = o->computer[1] = -1;
}

int cli_mnk_play(const gs_mnk *g, gs_mnk_player *pl, void *state,
                 const cli_mnk_play_options *o)
{
    if (!g || !pl || !state || !o || !o->write || !o->ask)
        return GS_EINVAL;
    terminal t = {g, o};
    gs_mnk_game_play play = {.show = show, .ask = ask_move, .chose = chose,
                             .user = &t};
    int computer[2] = {o->computer[0], o->computer[1]};
    if (computer[0] < 0 && computer[1] < 0) {
        if (!ask_side(o, play.computer))
            return GS_OK;
    } else {
        if (computer[0] < 0)
            computer[0] = !computer[1];
        else if (computer[1] < 0)
            computer[1] = !computer[0];
        play.computer[0] = computer[0] != 0;
        play.computer[1] = computer[1] != 0;
    }

    gs_mnk_game_result r;
    int rc = gs_mnk_player_play(pl, state, &play, &r);
    if (rc != GS_OK)
        return rc;
    if (r.end == GS_MNK_GAME_LEFT)
        say(o, "Game left unfinished.\n");
    else
        say(o, "%s\n", r.winner == 1 ? "X wins." : r.winner == 2 ? "O wins."
                                                                  : "Draw.");
    return GS_OK;
}

size_t cli_mnk_move_text(const gs_mnk *g, int side, const gs_mnk_move *m,
                         char *buf, size_t size)
{
    char name[16], count[40], depth[24] = "";
    gs_mnk_cell_name(g, m->cell, name, sizeof name);
    gs_format_count(m->nodes, count, sizeof count);
    if (m->iterative)
        snprintf(depth, sizeof depth, ", depth %d", m->depth);
    int n = snprintf(buf, size, "computer (%c) plays %s\ncomputer move: %.3f "
                     "ms, %s nodes%s\n", side == 0 ? 'X' : 'O', name,
                     m->seconds * 1e3, count, depth);
    return n > 0 ? (size_t)n : 0;
}
