/* What `gamesearch ttt`, `mnk` and `gomoku` say to the person at the
 * terminal while a game is played (see mnk_play.h). */
#include "mnk_play.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gamesearch/text.h"

const char *const cli_color_choices[] = {"auto", "always", "never", NULL};

bool cli_play_color(int choice)
{
    if (choice != 0)
        return choice == 1;
    const char *no = getenv("NO_COLOR");
    return isatty(STDOUT_FILENO) && !(no && *no);
}

/* A game in the terminal: the board it is played on, the options and the
 * computer (for hints). */
typedef struct terminal {
    const gs_mnk *g;
    const cli_mnk_play_options *o;
    gs_mnk_player *pl;
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
    cli_mnk_board_write(t->g, s, t->o->color, t->o->write, t->o->write_user);
}

/* What the move m for the player to move in s is worth, said by a hint. */
static const char *worth(const terminal *t, const void *s,
                         const gs_mnk_move *m, char *buf, size_t size)
{
    if (t->o->algo == GS_MCTS)
        return "the move MCTS tried most; not proved";
    int v = gs_mnk_outcome(m->value) * (gs_mnk_to_move(t->g, s) == 0 ? 1 : -1);
    if (!m->iterative && t->o->depth == 0)
        return v > 0 ? "you win with best play"
               : v < 0 ? "you lose against best play; this holds out longest"
                       : "a draw with best play";
    if (v != 0)
        return v > 0 ? "a forced win for you" : "the computer can force a win";
    int plies = m->iterative ? m->depth : t->o->depth;
    snprintf(buf, size, "no forced win for either side within %d %s", plies,
             plies == 1 ? "ply" : "plies");
    return buf;
}

/* "h": the move the computer would play for the person, and its worth. */
static void hint(const terminal *t, const void *s)
{
    gs_mnk_move m;
    char name[16], why[80];
    int rc = gs_mnk_player_move(t->pl, s, &m);
    if (rc != GS_OK) {
        say(t->o, "No hint: the search failed: %s.\n", gs_strerror(rc));
        return;
    }
    gs_mnk_cell_name(t->g, m.cell, name, sizeof name);
    say(t->o, "hint: %s (%s)\n", name, worth(t, s, &m, why, sizeof why));
}

/* After "u" (gs_mnk_game_play.undone). */
static void undone(void *user, const void *s, int moves)
{
    const terminal *t = user;
    (void)s;
    if (moves == 0)
        say(t->o, "Nothing to undo: you have not moved yet.\n");
    else if (moves == 2)
        say(t->o, "Took back your move and the computer's.\n");
    else if (moves == 1)
        say(t->o, "Took back the last move.\n");
    else
        say(t->o, "Took back %d moves.\n", moves);
}

/* A person's move: the cell, GS_MNK_ASK_UNDO on "u", or -1 at the end of
 * input or on "q" (gs_mnk_game_play.ask); "h" answered here. */
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
    snprintf(prompt, sizeof prompt, "%c to move (a cell %s-%s or 1-%d; u "
             "undo, h hint, q quit): ", gs_mnk_to_move(g, s) == 0 ? 'X' : 'O',
             first, last, cells);
    for (;;) {
        char *a = answer(o, prompt);
        if (!a || strcmp(a, "q") == 0 || strcmp(a, "quit") == 0)
            return -1;
        if (strcmp(a, "u") == 0 || strcmp(a, "undo") == 0)
            return GS_MNK_ASK_UNDO;
        if (strcmp(a, "h") == 0 || strcmp(a, "hint") == 0) {
            hint(t, s);
            continue;
        }
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
    o->algo = GS_ALPHABETA;
}

/* After a finished game: true when the person wants another. */
static bool again(const cli_mnk_play_options *o)
{
    char *a = answer(o, "Play again? [y/N] ");
    return a && (strcmp(a, "y") == 0 || strcmp(a, "Y") == 0 ||
                 strcmp(a, "yes") == 0);
}

/* How a finished game ended: its line, then who won. */
static void game_over(const gs_mnk *g, const void *state, int winner,
                      const cli_mnk_play_options *o)
{
    int line[GS_MNK_MAX_SIDE], n = gs_mnk_winning_line(g, state, line);
    char name[16];
    for (int i = 0; i < n; i++) {
        gs_mnk_cell_name(g, line[i], name, sizeof name);
        say(o, "%s%s%s", i ? " " : "The winning line: ", name,
            i + 1 < n ? "" : ".\n");
    }
    say(o, "%s\n", winner == 1 ? "X wins." : winner == 2 ? "O wins."
                                                         : "Draw.");
}

int cli_mnk_play(const gs_mnk *g, gs_mnk_player *pl, void *state,
                 const cli_mnk_play_options *o)
{
    if (!g || !pl || !state || !o || !o->write || !o->ask)
        return GS_EINVAL;
    terminal t = {g, o, pl};
    gs_mnk_game_play play = {.show = show, .ask = ask_move, .chose = chose,
                             .undone = undone, .user = &t};
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

    /* the first position, for another game */
    size_t size = gs_mnk_state_size(g);
    void *first = malloc(size);
    if (!first)
        return GS_ENOMEM;
    memcpy(first, state, size);
    int rc;
    for (;;) {
        gs_mnk_game_result r;
        rc = gs_mnk_player_play(pl, state, &play, &r);
        if (rc != GS_OK)
            break;
        if (r.end == GS_MNK_GAME_LEFT) {
            say(o, "Game left unfinished.\n");
            break;
        }
        game_over(g, state, r.winner, o);
        if ((play.computer[0] && play.computer[1]) || !again(o))
            break;
        memcpy(state, first, size);
    }
    free(first);
    return rc;
}

/* The stone of side `who` (1 X, 2 O; 0 empty), in the line or not, as
 * the board shows it. */
static const char *stone(int who, bool in_line, bool color)
{
    static const char *const plain[2][3] = {{".", "X", "O"},
                                            {".", "x", "o"}};
    static const char *const colored[2][3] = {
        {".", "\033[1;31mX\033[0m", "\033[1;33mO\033[0m"},
        {".", "\033[1;7;31mX\033[0m", "\033[1;7;33mO\033[0m"}};
    return color ? colored[in_line][who] : plain[in_line][who];
}

int cli_mnk_board_write(const gs_mnk *g, const void *state, bool color,
                        gs_write_fn write, void *user)
{
    const gs_mnk_params *p = gs_mnk_params_of(g);
    bool small = p->rows <= 4 && p->cols <= 4;
    bool line[GS_MNK_MAX_SIDE * GS_MNK_MAX_SIDE] = {false};
    int cells[GS_MNK_MAX_SIDE], n = gs_mnk_winning_line(g, state, cells);
    for (int i = 0; i < n; i++)
        line[cells[i]] = true;
    int last = gs_mnk_last_move(g, state);
    gs_writer w;
    gs_writer_init(&w, write, user);

    /* Step 1. The column letters, as gs_mnk_board_text writes them. */
    char head[GS_MNK_MAX_SIDE * 4 + 8], name[16];
    size_t len = (size_t)sprintf(head, small ? "   " : "    ");
    for (int c = 0; c < p->cols; c++) {
        gs_mnk_cell_name(g, c, name, sizeof name);
        name[strcspn(name, "0123456789")] = '\0';
        len += (size_t)sprintf(head + len, small ? "  %-2s" : "%-2s", name);
    }
    while (len > 0 && head[len - 1] == ' ')
        len--;
    head[len] = '\0';
    gs_writer_printf(&w, "%s\n", head);

    /* Step 2. The rows: the blank before and after the last move's stone
     * become brackets. */
    for (int r = 0; r < p->rows; r++) {
        gs_writer_printf(&w, "%3d", r + 1);
        for (int c = 0; c < p->cols; c++) {
            int cell = r * p->cols + c;
            bool marked = cell == last, end = c + 1 == p->cols;
            const char *mark = stone(gs_mnk_cell(g, state, cell), line[cell],
                                     color);
            if (small)
                gs_writer_printf(&w, "%s%s%s%s", c ? "" : " ",
                                 marked ? "[" : " ", mark,
                                 marked ? "]" : end ? "" : " ");
            else
                gs_writer_printf(&w, "%s%s", marked ? "["
                                 : c > 0 && cell - 1 == last ? "]" : " ",
                                 mark);
            if (small && !end)
                gs_writer_puts(&w, "|");
        }
        if (!small && r * p->cols + p->cols - 1 == last)
            gs_writer_puts(&w, "]");
        gs_writer_puts(&w, "\n");
        for (int c = 0; small && r + 1 < p->rows && c < p->cols; c++)
            gs_writer_printf(&w, "%s%s", c ? "" : "    ",
                             c + 1 < p->cols ? "---+" : "---\n");
    }
    return gs_writer_finish(&w);
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
