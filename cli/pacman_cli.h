/*
 * cli/pacman_cli.h: the parts of `gamesearch pacman` (pacman.py in C)
 * around the library's agents, game loop and records (pacman_play.h): its
 * options, the terminal view, and the lines it shows the person besides
 * pacman.py's.
 */
#ifndef GS_CLI_PACMAN_CLI_H
#define GS_CLI_PACMAN_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gamesearch/pacman.h"
#include "gamesearch/pacman_play.h"
#include "gamesearch/pyrandom.h"

/* The agents, comma separated, for messages. */
#define PAC_AGENT_LIST "KeyboardAgent, LeftTurnAgent, GreedyAgent, RandomAgent, " \
    "ReflexAgent, MinimaxAgent, AlphaBetaAgent, ExpectimaxAgent, ChampionAgent, " \
    "MCTSAgent, MaxnAgent, ParanoidAgent, BRSAgent"

/* ---- The command line (pacman_options.c) ---- */

/* Our layout played when -l is not given (pacman.py's is mediumClassic). */
#define PAC_DEFAULT_LAYOUT "crossroads"

typedef struct pac_options {
    gs_pac_batch_settings b; /* -n, -x, -p, -a, -g, -c, --timeout,
                                --max-moves, -f, --seed, --seeds */
    long num_ghosts;         /* -k */
    const char *layout;      /* -l; NULL: PAC_DEFAULT_LAYOUT */
    bool quiet, text;        /* -q, -t */
    bool fix_seed;           /* -f */
    long jobs;               /* -j: games played at once (1) */
    bool mpi;                /* --mpi: games played on MPI's ranks */
    const char *json;        /* --json FILE */
    double frame_time;       /* --frameTime */
    const char *record, *replay;
    const char *html;        /* --html FILE: the replay page */
} pac_options;

/*
 * Reads the options after "pacman" (argv[0]) into *o, pacman.py's
 * defaults where they are not given. Returns 0; 1 when the help was
 * printed; EXIT_BAD_INPUT after a message.
 */
int pac_options_parse(int argc, char **argv, pac_options *o);

/*
 * Finds the file of layout `name` as gs_pac_layout_find does, in the
 * directories of $GAMESEARCH_LAYOUTS (':'-separated; by default the
 * installed ones, and for a program run from the build tree the source
 * tree's layouts/ before them). Returns true with its path,
 * or false after a message (from command `who`) saying where it looked.
 */
bool pac_find_layout(const char *who, const char *name, char *path,
                     size_t size);

/* ---- Lines for the person at the terminal (pacman_text.c) ---- */

/* The moments of a game the terminal view writes a status line for. */
typedef enum pac_moment {
    PAC_MOMENT_START,      /* the person's game, before the first key */
    PAC_MOMENT_MOVE,       /* as the game goes */
    PAC_MOMENT_TRAINING,   /* a training game, not shown */
    PAC_MOMENT_OVER        /* the end: the game's result */
} pac_moment;

/*
 * The view's status line at `when` in game `game` (1-based) of batch b,
 * whose state is `state`: at the start "game 1 of 3: an arrow key or WASD
 * starts it, q quits"; as the game goes "Score: 12   food: 30   game 1 of
 * 3   q quits" ("replay, " before "game" in a replay; the keys to move
 * instead of "q quits" when `keyboard` plays and it is no replay); a
 * training game "game 1: training, not shown"; at the end the result line
 * (gs_pac_result_text of `result`) then "   game 1 of 3". Writes at most
 * size bytes, NUL included, and returns the whole length, as snprintf.
 */
size_t pac_status_text(const gs_pac_batch *b, size_t game, const void *state,
                       const gs_pac_game_result *result, bool keyboard,
                       pac_moment when, char *buf, size_t size);

/* The progress of a batch of `total` games after `seconds`: "12/100 games,
 * 7 wins, mean score 503.2, 4.1 games/s" ("mean score -" before a game
 * counts; seconds > 0). As snprintf: at most size bytes, NUL included,
 * into buf; returns the whole length. */
size_t pac_tally_text(const gs_pac_tally *t, size_t total, double seconds,
                      char *buf, size_t size);

/* ---- The terminal view (ncurses) ---- */

typedef struct pac_view pac_view;

/* What pac_view_wait saw. */
typedef struct pac_input {
    unsigned keys;       /* GS_PAC_KEY_* pressed */
    bool quit;           /* q, Q, Esc or Ctrl-C */
    bool any;            /* any key at all */
} pac_input;

/*
 * Opens the animated view of `world` on the terminal. Returns NULL when
 * standard output is not a terminal, the terminal cannot be driven or is
 * too small for the maze, with the reason in why (a sentence without a
 * final period).
 */
pac_view *pac_view_open(const gs_pacman *world, char *why, size_t whysize);
/* Draws `state` with a status line (the score, or a result). */
void pac_view_draw(pac_view *view, const void *state, const char *status);
/* Waits `seconds` (< 0: until a key), collecting keys into *in (added to
 * what it holds). Returns early on a quit key, or with `any_key` on any
 * key. */
void pac_view_wait(pac_view *view, double seconds, bool any_key,
                   pac_input *in);
/* Restores the terminal. */
void pac_view_close(pac_view *view);

#endif /* GS_CLI_PACMAN_CLI_H */
