/*
 * The animated terminal view of `gamesearch pacman` (ncurses): the maze
 * redrawn in place, in colour where the terminal has it, and the keys for
 * the keyboard agent.
 *
 * A cell is two columns wide when the terminal has room (one otherwise),
 * so that the maze keeps its shape; a scared ghost half-way between two
 * cells across is then drawn in the column between them. With a UTF-8
 * locale walls are blocks, food dots and capsules discs; otherwise the
 * text display's characters are used.
 *
 * A build without ncursesw (GS_HAVE_CURSES undefined) has no view: opening
 * it fails with a reason that says so, and the program shows the text
 * display instead, or refuses the keyboard agent.
 */
#ifdef GS_HAVE_CURSES
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <locale.h>
#endif
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pacman_cli.h"

#ifndef GS_HAVE_CURSES

pac_view *pac_view_open(const gs_pacman *world, char *why, size_t whysize)
{
    (void)world;
    if (!isatty(STDOUT_FILENO))
        snprintf(why, whysize, "standard output is not a terminal");
    else
        snprintf(why, whysize, "this build of gamesearch was made without "
                 "ncursesw and has no terminal view");
    return NULL;
}

/* Never called: no view is ever opened. */
void pac_view_draw(pac_view *view, const void *state, const char *status)
{
    (void)view;
    (void)state;
    (void)status;
}

void pac_view_wait(pac_view *view, double seconds, bool any_key,
                   pac_input *in)
{
    (void)view;
    (void)seconds;
    (void)any_key;
    (void)in;
}

void pac_view_close(pac_view *view)
{
    (void)view;
}

#else /* GS_HAVE_CURSES */

/* Colour pairs. */
enum {
    PAIR_WALL = 1,
    PAIR_FOOD,
    PAIR_CAPSULE,
    PAIR_PACMAN,
    PAIR_SCARED,
    PAIR_STATUS,
    PAIR_GHOST      /* + a sprite's colour */
};

struct pac_view {
    SCREEN *screen;
    const gs_pacman *world;
    int w, h;            /* the maze, in cells */
    int cellw;           /* columns per cell: 2, or 1 on narrow terminals */
    bool utf8, colour, input;
    const void *last;    /* the state last drawn, for a redraw on resize */
    char status[256];
};

/* Columns and rows the maze needs at `cellw` columns a cell. */
static bool fits(const pac_view *v, int cellw)
{
    return COLS >= v->w * cellw && LINES >= v->h + 1;
}

pac_view *pac_view_open(const gs_pacman *world, char *why, size_t whysize)
{
    if (!isatty(STDOUT_FILENO)) {
        snprintf(why, whysize, "standard output is not a terminal");
        return NULL;
    }
    const char *term = getenv("TERM");
    if (!term || !*term || strcmp(term, "dumb") == 0) {
        snprintf(why, whysize, "the terminal (TERM=%s) cannot move the cursor",
                 term ? term : "");
        return NULL;
    }
    pac_view *v = calloc(1, sizeof *v);
    if (!v) {
        snprintf(why, whysize, "out of memory");
        return NULL;
    }
    v->world = world;
    v->w = gs_pacman_width(world);
    v->h = gs_pacman_height(world);
    setlocale(LC_CTYPE, "");
    v->utf8 = MB_CUR_MAX > 1;
    v->input = isatty(STDIN_FILENO);
    v->screen = newterm(NULL, stdout, stdin);
    if (!v->screen) {
        snprintf(why, whysize, "ncurses cannot drive this terminal (TERM=%s)",
                 term);
        free(v);
        return NULL;
    }
    v->cellw = fits(v, 2) ? 2 : 1;
    if (!fits(v, v->cellw)) {
        int cols = COLS, lines = LINES;
        endwin();
        delscreen(v->screen);
        snprintf(why, whysize, "the terminal is %dx%d, too small for this "
                 "%dx%d maze, which needs %dx%d", cols, lines, v->w, v->h, v->w,
                 v->h + 1);
        free(v);
        return NULL;
    }
    raw();               /* Ctrl-C arrives as a key: the terminal is restored */
    noecho();
    keypad(stdscr, TRUE);
    curs_set(0);
    set_escdelay(25);
    if (has_colors()) {
        v->colour = true;
        start_color();
        use_default_colors();
        init_pair(PAIR_WALL, COLOR_BLUE, -1);
        init_pair(PAIR_FOOD, COLOR_WHITE, -1);
        init_pair(PAIR_CAPSULE, COLOR_WHITE, -1);
        init_pair(PAIR_PACMAN, COLOR_YELLOW, -1);
        init_pair(PAIR_SCARED, COLOR_WHITE, COLOR_BLUE);
        init_pair(PAIR_STATUS, COLOR_YELLOW, -1);
        static const short ghost_colours[GS_PAC_GHOST_COLOURS] = {
            COLOR_RED, COLOR_MAGENTA, COLOR_CYAN, COLOR_GREEN};
        for (int i = 0; i < GS_PAC_GHOST_COLOURS; i++)
            init_pair((short)(PAIR_GHOST + i), ghost_colours[i], -1);
    }
    clear();
    return v;
}

/* One character cell of the screen: wc with a UTF-8 locale, else ascii. */
static void put(const pac_view *v, int row, int col, wchar_t wc, char ascii,
                attr_t attr, short pair)
{
    if (row < 0 || row >= LINES || col < 0 || col >= COLS)
        return;
    if (!v->colour)
        pair = 0;
    if (v->utf8 && wc) {
        wchar_t s[2] = {wc, L'\0'};
        cchar_t cc;
        setcchar(&cc, s, attr, pair, NULL);
        mvadd_wch(row, col, &cc);
    } else {
        mvaddch(row, col, (chtype)(unsigned char)ascii | attr | COLOR_PAIR(pair));
    }
}

static void draw(pac_view *v, const void *state)
{
    const gs_pacman *w = v->world;
    for (int y = 0; y < v->h; y++) {
        int row = v->h - 1 - y;
        for (int x = 0; x < v->w; x++) {
            int col = x * v->cellw, k = 1;
            switch (gs_pac_cell_at(w, state, x, y)) {
            case GS_PAC_CELL_WALL:
                for (k = 0; k < v->cellw; k++)
                    put(v, row, col + k, L'\x2588', '%', 0, PAIR_WALL);
                break;
            case GS_PAC_CELL_CAPSULE:
                put(v, row, col, L'\x25cf', 'o', A_BOLD, PAIR_CAPSULE);
                break;
            case GS_PAC_CELL_FOOD:
                put(v, row, col, L'\x00b7', '.', 0, PAIR_FOOD);
                break;
            default:
                put(v, row, col, 0, ' ', 0, 0);
                break;
            }
            for (; k < v->cellw; k++)
                put(v, row, col + k, 0, ' ', 0, 0);
        }
    }
    for (int i = gs_pacman_num_agents(w) - 1; i >= 0; i--) { /* Pacman on top */
        gs_pac_sprite s = gs_pac_sprite_of(w, state, i);
        short pair = s.kind == GS_PAC_SPRITE_PACMAN ? PAIR_PACMAN
                     : s.kind == GS_PAC_SPRITE_SCARED
                         ? PAIR_SCARED : (short)(PAIR_GHOST + s.colour);
        put(v, v->h - 1 - (s.y2 + 1) / 2,
            v->cellw == 2 ? s.x2 : (s.x2 + 1) / 2, 0, s.glyph, A_BOLD, pair);
    }
    move(v->h, 0);
    clrtoeol();
    if (v->colour)
        attron(COLOR_PAIR(PAIR_STATUS) | A_BOLD);
    mvaddnstr(v->h, 0, v->status, COLS > 0 ? COLS - 1 : 0);
    if (v->colour)
        attroff(COLOR_PAIR(PAIR_STATUS) | A_BOLD);
    refresh();
}

void pac_view_draw(pac_view *v, const void *state, const char *status)
{
    snprintf(v->status, sizeof v->status, "%s", status);
    v->last = state;
    draw(v, state);
}

/* Folds one key into *in. */
static void read_key(int ch, pac_input *in)
{
    switch (ch) {
    case KEY_LEFT: case 'a': case 'A': in->keys |= GS_PAC_KEY_WEST; break;
    case KEY_RIGHT: case 'd': case 'D': in->keys |= GS_PAC_KEY_EAST; break;
    case KEY_UP: case 'w': case 'W': in->keys |= GS_PAC_KEY_NORTH; break;
    case KEY_DOWN: case 's': case 'S': in->keys |= GS_PAC_KEY_SOUTH; break;
    case ' ': in->keys |= GS_PAC_KEY_STOP; break;
    case 'q': case 'Q': case 27: case 3: in->quit = true; break;
    default: break;
    }
}

void pac_view_wait(pac_view *v, double seconds, bool any_key, pac_input *in)
{
    if (!v->input) {     /* nothing to read: just wait */
        gs_pac_sleep(seconds < 0 ? 0.5 : seconds);
        return;
    }
    double deadline = gs_pac_now() + seconds;
    for (;;) {
        int ms = -1;
        if (seconds >= 0) {
            double left = deadline - gs_pac_now();
            ms = left > 0 ? (int)(left * 1000.0 + 0.5) : 0;
        }
        timeout(ms);
        int ch = getch();
        if (ch == ERR) {
            if (seconds >= 0)
                return;
            continue;
        }
        if (ch == KEY_RESIZE) {
            clear();
            if (v->last)
                draw(v, v->last);
            continue;
        }
        read_key(ch, in);
        in->any = true;
        if (in->quit || any_key)
            return;
    }
}

void pac_view_close(pac_view *v)
{
    if (!v)
        return;
    curs_set(1);
    endwin();
    delscreen(v->screen);
    free(v);
}

#endif /* GS_HAVE_CURSES */
