/*
 * cli/pacman_cli.h: the parts of `gamesearch pacman` (pacman.py in C):
 * the Pacman agents, the text display, the terminal view and the record
 * files. cmd_pacman.c puts them together into pacman.py's game loop.
 */
#ifndef GS_CLI_PACMAN_CLI_H
#define GS_CLI_PACMAN_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gamesearch/pacman.h"
#include "gamesearch/pyrandom.h"

/* ---- Pacman agents (pacmanAgents.py, keyboardAgents.py) ---- */

typedef enum pac_agent_kind {
    PAC_KEYBOARD = 0,    /* KeyboardAgent: arrow keys or WASD */
    PAC_LEFT_TURN,       /* LeftTurnAgent: turns left whenever it can */
    PAC_GREEDY,          /* GreedyAgent: the best successor score, ties at random */
    PAC_RANDOM,          /* RandomAgent: any legal action, uniformly */
    /* multiAgents.py's agents (CS188's multi-agent project), on the engine: */
    PAC_REFLEX,          /* ReflexAgent: the best successor by an evaluation */
    PAC_MINIMAX,         /* MinimaxAgent */
    PAC_ALPHABETA,       /* AlphaBetaAgent */
    PAC_EXPECTIMAX,      /* ExpectimaxAgent */
    PAC_CHAMPION,        /* ChampionAgent: ours, expectimax with a node budget */
    PAC_NUM_AGENTS
} pac_agent_kind;

/* The agents, comma separated, for messages. */
#define PAC_AGENT_LIST "KeyboardAgent, LeftTurnAgent, GreedyAgent, RandomAgent, " \
    "ReflexAgent, MinimaxAgent, AlphaBetaAgent, ExpectimaxAgent, ChampionAgent"

/* Keys the keyboard agent reads: one bit each. */
enum {
    PAC_KEY_WEST = 1,
    PAC_KEY_EAST = 2,
    PAC_KEY_NORTH = 4,
    PAC_KEY_SOUTH = 8,
    PAC_KEY_STOP = 16
};

/*
 * What a Pacman agent's decision cost. Searching agents fill it in on every
 * pac_agent_action: the nodes their search generated and the seconds it
 * took; the other agents leave it as it is (the caller zeroes it before
 * each call, so it reads zeros for them). --json reports it per game.
 */
typedef struct pac_agent_stats {
    uint64_t nodes;
    double seconds;
} pac_agent_stats;

typedef struct pac_agent {
    pac_agent_kind kind;
    pac_agent_stats stats;   /* the last pac_agent_action's search */
    unsigned keys;       /* keyboard: the last batch of keys that had any */
    int last_move;       /* keyboard: its previous move */
    unsigned char *scratch;   /* greedy, reflex: room for one state */
    struct pac_search *search;   /* the searching agents' engine and
                                    settings (pacman_agents.c); else NULL */
} pac_agent;

/* "GreedyAgent" -> PAC_GREEDY; -1 when unknown (exact case, as pacman.py).
 * The searching agents also answer to short names in any case: reflex,
 * minimax, alphabeta, expectimax, champion. */
int pac_agent_parse(const char *name);
const char *pac_agent_name(pac_agent_kind kind);

/*
 * Checks -a's "key=value,key,..." (pacman.py's parseAgentArgs: a key
 * without '=' has the value 1) against what `kind` takes. Returns true, or
 * false with a message in err (no "-a" prefix).
 */
bool pac_agent_args_check(pac_agent_kind kind, const char *args, char *err,
                          size_t errsize);

/* Sets up an agent for `world`. It lives for the whole run, as pacman.py's
 * one agent object does. Returns GS_OK or GS_ENOMEM. */
int pac_agent_init(pac_agent *agent, pac_agent_kind kind,
                   const gs_pacman *world);

/*
 * The same with -a's arguments (NULL: none), which the searching agents
 * need (depth=, evalFn=, ...): a run with -a must set its agents up with
 * this one. `args` must have passed pac_agent_args_check. Returns GS_OK,
 * GS_ENOMEM, or GS_EINVAL for arguments that do not check.
 *
 * A searching agent owns an engine and is used by one thread at a time;
 * give each thread its own agent. Its decision depends on the state alone
 * (its tables are emptied before every move), so a game plays the same
 * whichever agent, thread or order plays it. With countStates=1 it prints
 * "move N: X nodes, Y distinct states" on standard error after each move
 * (N counts Pacman's moves from 1 in each game).
 */
int pac_agent_init_args(pac_agent *agent, pac_agent_kind kind,
                        const char *args, const gs_pacman *world);
void pac_agent_free(pac_agent *agent);

/* Keyboard: the keys pressed since its last move (0 for none: the agent
 * keeps the previous batch, as keyboardAgents.py does). */
void pac_agent_keys(pac_agent *agent, unsigned keys);

/* Pacman's action in `state`, drawing from rng as pacman.py's agent draws
 * from Python's random. */
int pac_agent_action(pac_agent *agent, const gs_pacman *world,
                     const void *state, gs_pyrandom *rng);

/* ---- The command line (pacman_options.c) ---- */

/* Our layout played when -l is not given (pacman.py's is mediumClassic). */
#define PAC_DEFAULT_LAYOUT "crossroads"

typedef struct pac_options {
    long num_games;          /* -n */
    long num_training;       /* -x */
    long num_ghosts;         /* -k */
    long max_moves;          /* --max-moves; 0: none */
    long timeout;            /* --timeout: accepted, unused */
    const char *layout;      /* -l; NULL: PAC_DEFAULT_LAYOUT */
    pac_agent_kind pacman;   /* -p */
    gs_pac_ghost ghost;      /* -g */
    const char *agent_args;  /* -a */
    bool quiet, text;        /* -q, -t */
    bool fix_seed;           /* -f */
    bool seed_set;           /* --seed */
    int64_t seed;
    bool seeds_set;          /* --seeds: each game its own stream */
    int64_t seeds;           /* their base seed */
    long jobs;               /* -j: games played at once (1) */
    const char *json;        /* --json FILE */
    double frame_time;       /* --frameTime */
    const char *record, *replay;
    const char *game_option; /* the first option given that --replay
                                cannot take, as typed */
} pac_options;

/*
 * Reads the options after "pacman" (argv[0]) into *o, pacman.py's
 * defaults where they are not given. Returns 0; 1 when the help was
 * printed; EXIT_BAD_INPUT after a message.
 */
int pac_options_parse(int argc, char **argv, pac_options *o);

/*
 * Finds the file of layout `name`: a name with a '/' or ending in .lay as
 * a path first; then NAME.lay in each directory of $GAMESEARCH_LAYOUTS
 * (':'-separated; by default the project's layouts/), in ./layouts and in
 * the current directory. Returns true with its path, or false after a
 * message saying where it looked.
 */
bool pac_find_layout(const char *name, char *path, size_t size);

/* ---- The text display (textDisplay.py) ---- */

/* Writes `state` as pacman.py prints a GameStateData: the maze top row
 * first, then "Score: N" and an empty line. */
void pac_text_frame(FILE *f, const gs_pacman *world, const void *state);

/* ---- The terminal view (ncurses) ---- */

typedef struct pac_view pac_view;

/* What pac_view_wait saw. */
typedef struct pac_input {
    unsigned keys;       /* PAC_KEY_* pressed */
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

/* ---- Records (docs/pacman-record.md) ---- */

enum { PAC_LOSS = 0, PAC_WIN = 1, PAC_STOPPED = 2 };

typedef struct pac_game_log {
    int result;              /* PAC_WIN, PAC_LOSS or PAC_STOPPED */
    int score;
    bool training;
    size_t n, cap;           /* single-agent actions, in turn order */
    unsigned char *actions;  /* GS_PAC_* directions */
    /* Read from a file: where each action and the header stand. */
    int *line, *col;
    size_t pos_cap;
    int header_line;
} pac_game_log;

typedef struct pac_record {
    char *layout_name;       /* as given to -l (for people) */
    char *layout_text;       /* the maze itself */
    size_t layout_len;
    int layout_first_line;   /* read from a file: line of its first row */
    int ghosts;              /* ghosts in the world */
    int ghosts_line;         /* read from a file: where it is given */
    gs_pac_ghost ghost_kind;
    char pacman[32];         /* the Pacman agent's name */
    char *agent_args;        /* -a, or NULL */
    bool seed_is_string;     /* -f: random.seed('cs188') */
    bool seed_per_game;      /* --seeds: game i from random.seed('N:i') */
    bool seed_random;        /* chosen at random for this run */
    int64_t seed;            /* N of --seed N or --seeds N */
    long max_moves;          /* 0: none */
    size_t ngames, cap;
    pac_game_log *games;
} pac_record;

/* Where a record file is wrong. */
typedef struct pac_record_error {
    int line, column;        /* 1-based; column 0 for a whole line */
    char message[256];
} pac_record_error;

/* Appends an action to a game log; GS_OK or GS_ENOMEM. */
int pac_log_push(pac_game_log *log, int action);
/* Adds an empty game to the record; NULL when out of memory. */
pac_game_log *pac_record_add_game(pac_record *rec);
void pac_record_free(pac_record *rec);

/* Writes rec to f (opened by the caller, who closes it). Returns 0, or -1
 * with a reason in err. */
int pac_record_write(FILE *f, const pac_record *rec, char *err,
                     size_t errsize);

/*
 * Reads a record: its syntax only (the games are checked against the
 * rules by the caller, who knows the world). Returns 0; -1 with *error
 * when the file is malformed; -2 with error->message when it cannot be
 * read at all.
 */
int pac_record_parse(const char *text, size_t len, pac_record *rec,
                     pac_record_error *error);

/* ---- Batches of games: per-game streams, results as JSON ---- */

/*
 * Seeds `rng` for game `game` (1-based, training games counted) of a run
 * with per-game streams from `base`: random.seed('BASE:GAME'), Python's
 * seeding by string, so that game can be played again alone.
 */
void pac_seed_game(gs_pyrandom *rng, int64_t base, size_t game);

/* What a game cost, beyond its result (pac_game_log has that). */
typedef struct pac_game_stats {
    long moves;              /* single-agent moves */
    long pacman_moves;       /* Pacman's decisions */
    uint64_t nodes;          /* the nodes its searches generated */
    double move_seconds;     /* the time of all its decisions */
    double max_move_seconds; /* its slowest decision */
    double seconds;          /* the whole game */
} pac_game_stats;

/* What --json says about the run besides the games. */
typedef struct pac_json_run {
    const pac_record *rec;   /* the run's header fields, the games' results */
    const pac_game_stats *stats;   /* one per game of rec */
    long threads;            /* games played at once */
    double seconds;          /* the whole batch, wall clock */
} pac_json_run;

/* Writes the JSON document of docs/pacman-json.md to f. Returns 0, or -1
 * when writing failed (errno says why). */
int pac_json_write(FILE *f, const pac_json_run *run);

/* The two-sided 95% quantile of Student's t with df >= 1 degrees of
 * freedom (to 1e-7). */
double pac_student_t95(long df);

/* The 95% Wilson score interval of `wins` successes in n >= 1 trials. */
void pac_wilson95(size_t wins, size_t n, double *lo, double *hi);

#endif /* GS_CLI_PACMAN_CLI_H */
