/*
 * gamesearch/pacman_play.h: playing CS188's Pacman as pacman.py plays it:
 * the Pacman agents (pacmanAgents.py, keyboardAgents.py, multiAgents.py
 * and ours), its game loop (game.py's Game.run), the record files of
 * played games (docs/pacman-record.md), batches of games, and the text
 * pacman.py prints.
 *
 * Everything here decides, plays and measures; nothing prints: text is
 * handed to the caller's gs_write_fn or written into its buffer. An agent
 * returns its decision with what the decision cost (gs_pac_decision); the
 * game loop calls back after every single-agent move, so that a display,
 * a record or a browser page can follow the game and stop it; the
 * keyboard agent's keys come through a callback too. Random numbers are
 * pacman.py's (gamesearch/pyrandom.h), drawn in the same order, so that a
 * game seeded as pacman.py seeds it is the same game move for move.
 */
#ifndef GAMESEARCH_PACMAN_PLAY_H
#define GAMESEARCH_PACMAN_PLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core.h"
#include "text.h"
#include "pacman.h"
#include "pyrandom.h"
#include "search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Pacman agents ---- */

typedef enum gs_pac_agent_kind {
    GS_PAC_AGENT_KEYBOARD = 0,  /* KeyboardAgent: the keys pressed */
    GS_PAC_AGENT_LEFT_TURN,     /* LeftTurnAgent: left whenever it can */
    GS_PAC_AGENT_GREEDY,        /* GreedyAgent: the best successor score,
                                   ties drawn at random */
    GS_PAC_AGENT_RANDOM,        /* RandomAgent: any legal action (ours) */
    GS_PAC_AGENT_REFLEX,        /* ReflexAgent (CS188 question 1) */
    GS_PAC_AGENT_MINIMAX,       /* MinimaxAgent (question 2) */
    GS_PAC_AGENT_ALPHABETA,     /* AlphaBetaAgent (question 3) */
    GS_PAC_AGENT_EXPECTIMAX,    /* ExpectimaxAgent (question 4) */
    GS_PAC_AGENT_CHAMPION,      /* ChampionAgent: ours, expectimax over
                                   DirectionalGhost with a node budget */
    GS_PAC_AGENT_MCTS,          /* MCTSAgent: Monte Carlo tree search
                                   (1000 iterations a move; playouts cut
                                   after depth rounds, scored by evalFn) */
    GS_PAC_AGENT_MAXN,          /* MaxnAgent: max^n, each ghost maximising
                                   its own utility (ours) */
    GS_PAC_AGENT_PARANOID,      /* ParanoidAgent: paranoid search, the
                                   ghosts a coalition against Pacman */
    GS_PAC_AGENT_BRS,           /* BRSAgent: best-reply search, one ghost
                                   replying to each move of Pacman */
    GS_PAC_NUM_AGENT_KINDS
} gs_pac_agent_kind;

/* The keys the keyboard agent reads, one bit each. */
enum {
    GS_PAC_KEY_WEST = 1,
    GS_PAC_KEY_EAST = 2,
    GS_PAC_KEY_NORTH = 4,
    GS_PAC_KEY_SOUTH = 8,
    GS_PAC_KEY_STOP = 16
};

/* What a gs_pac_agent measures beyond its decision (gs_pac_agent_measure). */
enum {
    /* The distinct states among the nodes searched, under pacman.py's
     * state equality, as the CS188 autograder counts them. -a's
     * countStates=1 turns it on. */
    GS_PAC_MEASURE_STATES = 1,
    /* The value of each root action. */
    GS_PAC_MEASURE_VALUES = 2
};

typedef struct gs_pac_agent gs_pac_agent;

/*
 * A decision and what it cost. Every field is set by gs_pac_agent_act:
 * zero where the agent has nothing to say (an agent that does not search
 * reports no nodes).
 */
typedef struct gs_pac_decision {
    int action;              /* GS_PAC_*: always legal (Stop when Pacman
                                has no legal action) */
    int status;              /* GS_OK, or why the search failed (action is
                                then the first legal one) */
    uint64_t nodes;          /* nodes searched, root included; ReflexAgent:
                                the successors it valued */
    double seconds;          /* the search's time (searching agents and
                                ReflexAgent) */
    int depth;               /* searching agents: the depth in rounds the
                                decision comes from (the deepest finished
                                iteration under a budget) */
    bool states_counted;     /* GS_PAC_MEASURE_STATES was on */
    bool states_incomplete;  /* it ran out of memory: distinct_states is
                                too low */
    size_t distinct_states;  /* distinct states among the nodes */
    /* With GS_PAC_MEASURE_VALUES (searching and reflex agents): the legal
     * actions in pacman.py's order and the value the search backed up for
     * each (its evaluation for ReflexAgent), with the engine's bound kind;
     * NAN for an action the search never finished. */
    int num_actions;
    int actions[GS_PAC_NUM_DIRS];
    double values[GS_PAC_NUM_DIRS];
    gs_bound bounds[GS_PAC_NUM_DIRS];
} gs_pac_decision;

/* "GreedyAgent" -> GS_PAC_AGENT_GREEDY (exact case, as pacman.py), and
 * the searching agents' short names in any case: reflex, minimax,
 * alphabeta, expectimax, champion, mcts. -1 when unknown. */
GS_API int gs_pac_agent_parse(const char *name);

/* The class name of an agent kind ("GreedyAgent"; "?" when out of range). */
GS_API const char *gs_pac_agent_name(gs_pac_agent_kind kind);

/*
 * Checks -a's "key=value,key,..." (pacman.py's parseAgentArgs: a bare key
 * has the value 1) against what `kind` takes: the searching agents depth=,
 * evalFn=, ghostModel=, time=, nodes=, countStates= (MCTSAgent also
 * iterations=); GreedyAgent
 * evalFn=scoreEvaluation; the others index=0. NULL is no arguments.
 * GS_OK, or GS_EINVAL with *error (when not NULL): the message, line 0 and
 * the 1-based column in `args` of the piece refused.
 */
GS_API int gs_pac_agent_args_check(gs_pac_agent_kind kind, const char *args,
                                   gs_error *error);

/*
 * Sets up an agent of `kind` with -a's `args` (NULL: none) for `world`,
 * which must outlive it. It lives for a whole run, as pacman.py's one
 * agent object does, and is used by one thread at a time. A searching
 * agent's decision depends on the state alone (its tables are emptied
 * before every move), so a game plays the same whichever agent object or
 * thread plays it. alloc may be NULL. GS_OK; GS_EINVAL with *error when
 * the arguments do not check (as gs_pac_agent_args_check); GS_ENOMEM
 * (nothing leaked).
 */
GS_API int gs_pac_agent_new(gs_pac_agent_kind kind, const char *args,
                            const gs_pacman *world, const gs_allocator *alloc,
                            gs_pac_agent **out, gs_error *error);
/* Frees an agent and all it holds (NULL is fine). */
GS_API void gs_pac_agent_free(gs_pac_agent *agent);

/* The kind the agent was made as. */
GS_API gs_pac_agent_kind gs_pac_agent_kind_of(const gs_pac_agent *agent);

/* What the agent measures from now on: GS_PAC_MEASURE_* bits (countStates=1
 * starts it with GS_PAC_MEASURE_STATES). Measuring costs a hook call per
 * node; it never changes a decision. */
GS_API void gs_pac_agent_measure(gs_pac_agent *agent, unsigned what);
GS_API unsigned gs_pac_agent_measuring(const gs_pac_agent *agent);

/* The most seconds a decision may take from now on (0: no limit, the
 * default): a search still running then stops and answers what it has.
 * The game loop sets it from options->timeout (pacman.py's alarm). */
GS_API void gs_pac_agent_time_limit(gs_pac_agent *agent, double seconds);

/*
 * Values states with the caller's evaluation from now on (NULL: the
 * agent's own again, as its evalFn says): the searching agents at every
 * leaf of their searches, ReflexAgent each successor it weighs; the other
 * agents do not evaluate. fn is called on the thread that calls
 * gs_pac_agent_act (or gs_pac_play), with states valid during the call.
 */
GS_API void gs_pac_agent_evaluation(gs_pac_agent *agent, gs_pac_eval_fn fn,
                                    void *user);

/* Keyboard: the keys (GS_PAC_KEY_*) pressed since its last move; 0 keeps
 * the previous batch, as keyboardAgents.py does. Other agents ignore it. */
GS_API void gs_pac_agent_keys(gs_pac_agent *agent, unsigned keys);

/*
 * Pacman's decision in `state` (Pacman to move), drawing from rng as
 * pacman.py's agent draws from Python's random, into *out. Returns
 * out->status: GS_OK, or the status of a search that failed (GS_ENOMEM),
 * in which case out->action is the first legal action.
 */
GS_API int gs_pac_agent_act(gs_pac_agent *agent, const void *state,
                            gs_pyrandom *rng, gs_pac_decision *out);

/* ---- The game loop ---- */

/* How a game ended. */
typedef enum gs_pac_result {
    GS_PAC_LOSS = 0,         /* Pacman died */
    GS_PAC_WIN = 1,          /* Pacman ate the last dot */
    GS_PAC_STOPPED = 2,      /* max_moves reached, or a replay's last move:
                                counted a loss */
    GS_PAC_QUIT = 3,         /* the move callback stopped it */
    GS_PAC_TIMED_OUT = 4     /* an agent ran out of time under
                                options->timeout (pacman.py's -c): the
                                agent "crashed"; counted a loss */
} gs_pac_result;

/* How an agent ran out of time (gs_pac_game_result.timeout), as game.py
 * tells it under -c with --timeout T (ClassicGameRules gives T for every
 * limit and allows no warning). */
typedef enum gs_pac_timeout {
    GS_PAC_TIMEOUT_NONE = 0,
    GS_PAC_TIMEOUT_MOVE = 1,     /* one decision reached T whole seconds:
                                    "Agent %d timed out on a single move!" */
    GS_PAC_TIMEOUT_WARNING = 2,  /* one decision took more than T (T = 0):
                                    "Agent %d took too long to make a move!
                                    This is warning 1", then "Agent %d
                                    exceeded the maximum number of warnings:
                                    1" */
    GS_PAC_TIMEOUT_TOTAL = 3     /* its decisions in this game took more than
                                    T in all: "Agent %d ran out of time!
                                    (time: %1.2f)" */
} gs_pac_timeout;

/* A game's outcome and what it cost. */
typedef struct gs_pac_game_result {
    gs_pac_result result;    /* meaningful once the game is over */
    int score;
    long moves;              /* single-agent moves played */
    long pacman_moves;       /* Pacman's decisions */
    uint64_t nodes;          /* the nodes of all Pacman's searches */
    double move_seconds;     /* the time of all Pacman's decisions */
    double max_move_seconds; /* the slowest one */
    double seconds;          /* the game, up to its last move */
    /* The last move tried; on GS_EINVAL, the move the rules refused. On
     * GS_PAC_TIMED_OUT, the agent that ran out of time and the action it
     * chose (not played). */
    int agent, action;
    /* GS_PAC_TIMED_OUT: how, and that agent's time in this game. */
    gs_pac_timeout timeout;
    double agent_seconds;
} gs_pac_game_result;

/* What the move callback sees. */
typedef struct gs_pac_move {
    long number;             /* single-agent moves so far: 0 at the start
                                (before any move), then 1, 2, ... */
    int agent;               /* who moved (-1 at the start) */
    int action;              /* GS_PAC_* (-1 at the start) */
    const void *state;       /* the state after the move */
    long pacman_move;        /* Pacman's moves so far in this game */
    /* Pacman's decision with its measurements, when agent 0 moved by the
     * agent (NULL for ghosts, replays and the start). */
    const gs_pac_decision *decision;
    bool over;               /* this move ended the game: game->result */
    const gs_pac_game_result *game;   /* the counts so far */
} gs_pac_move;

/* Called at the start of a game and after every move; a nonzero return
 * stops the game (GS_PAC_QUIT) unless this move ended it. */
typedef int (*gs_pac_move_fn)(void *user, const gs_pac_move *move);

/* Asked before each of Pacman's moves: the keys pressed since the last one
 * (GS_PAC_KEY_*), handed to the agent with gs_pac_agent_keys. */
typedef unsigned (*gs_pac_keys_fn)(void *user);

typedef struct gs_pac_play_options {
    gs_pac_ghost ghosts;     /* how the ghosts move (GS_PAC_RANDOM_GHOST) */
    long max_moves;          /* stop after this many moves (0: never) */
    /* Replay these actions instead of asking any agent or drawing any
     * random number (NULL: play); the game stops after the last. */
    const unsigned char *replay;
    size_t replay_length;
    /*
     * pacman.py's -c (catchExceptions) with its --timeout, in seconds (a
     * negative value, the default: off, as without -c). Every agent's
     * decision is timed: one that reaches floor(timeout) seconds (when
     * that is above 0) is stopped there, one that takes more than timeout,
     * or decisions of one agent that take more than timeout in all in one
     * game, end the game before the move is played: GS_PAC_TIMED_OUT.
     */
    double timeout;
    gs_pac_move_fn on_move;  /* may be NULL */
    gs_pac_keys_fn keys;     /* may be NULL */
    void *user;              /* passed to both */
} gs_pac_play_options;

/* Fills in the defaults: RandomGhost, no limit, no timeout, no replay, no
 * callbacks. */
GS_API void gs_pac_play_options_init(gs_pac_play_options *options);

/*
 * Plays one game of `world` from its start, as pacman.py's Game.run: the
 * agents in turn, Pacman first (`agent`'s decisions), each ghost drawing
 * its move from `rng` as options->ghosts says; a win or a loss ends it at
 * once. `state` is the caller's room for a state (gs_pacman_state_size
 * bytes, aligned for uint64_t): it holds the game as it goes, and its end.
 * `agent` must have been made for `world`; agent and rng may be NULL with
 * a replay. Allocates nothing itself (a measuring agent may). GS_OK with
 * *out; GS_EINVAL when an argument is missing, a replay is empty, or the
 * rules refuse a move (out->agent and out->action say which; the agents
 * only choose legal moves, so only a replay can).
 */
GS_API int gs_pac_play(const gs_pacman *world, gs_pac_agent *agent,
                       gs_pyrandom *rng, const gs_pac_play_options *options,
                       void *state, gs_pac_game_result *out);

/* Seconds on the monotonic clock, which the game loop's time limits
 * measure with (and a display's pace between frames). */
GS_API double gs_pac_now(void);
/* Pauses the calling thread `seconds` (not at all when seconds <= 0): a
 * display's pace between frames. */
GS_API void gs_pac_sleep(double seconds);

/* The character pacman.py's text display draws for Pacman heading `dir`
 * (GS_PAC_*): '<', '>', 'v' or '^' (his mouth opens the way he goes). */
GS_API char gs_pac_text_glyph(int dir);

/*
 * `state` as pacman.py's text display prints it: the maze top row first
 * ('%' wall, '.' food, 'o' capsule, 'G' a ghost, Pacman '<', '>', 'v' or
 * '^' by his heading), then "Score: N" and an empty line. Writes at most
 * size bytes, NUL included, into buf and returns the length of the whole
 * text (without NUL), as snprintf does: size 0 asks for it.
 */
GS_API size_t gs_pac_text_frame(const gs_pacman *world, const void *state,
                                char *buf, size_t size);

/* The same text through write (GS_OK, or the first nonzero value write
 * returned), in pieces, without allocating. */
GS_API int gs_pac_text_frame_write(const gs_pacman *world, const void *state,
                                   gs_write_fn write, void *user);

/* What a cell of the maze shows on a display that draws its own walls,
 * food and capsules (the terminal view): the things that stay put. */
typedef enum gs_pac_cell {
    GS_PAC_CELL_FLOOR,
    GS_PAC_CELL_WALL,
    GS_PAC_CELL_FOOD,
    GS_PAC_CELL_CAPSULE
} gs_pac_cell;

/* Cell (x, y) of `state` (x from the West, y from the South): its wall,
 * else its capsule, else its food, else floor. */
GS_API gs_pac_cell gs_pac_cell_at(const gs_pacman *world, const void *state,
                                  int x, int y);

/* How an agent is drawn over the cells. */
typedef enum gs_pac_sprite_kind {
    GS_PAC_SPRITE_PACMAN,
    GS_PAC_SPRITE_GHOST,
    GS_PAC_SPRITE_SCARED      /* a ghost Pacman can eat */
} gs_pac_sprite_kind;

typedef struct gs_pac_sprite {
    gs_pac_sprite_kind kind;
    int x2, y2;               /* where, in half cells: 2x and 2y, odd when
                                 half-way between two cells */
    char glyph;               /* Pacman's by his heading (gs_pac_text_glyph),
                                 'G' a ghost, 'g' a scared one */
    int colour;               /* a ghost's colour, 0 to
                                 GS_PAC_GHOST_COLOURS - 1 (ghost i has
                                 (i - 1) % GS_PAC_GHOST_COLOURS); 0 else */
} gs_pac_sprite;

#define GS_PAC_GHOST_COLOURS 4

/* Agent `agent` (0 Pacman, 1.. the ghosts) of `state` as a sprite. */
GS_API gs_pac_sprite gs_pac_sprite_of(const gs_pacman *world,
                                      const void *state, int agent);

/* Seeds rng for game `game` (1-based, training games counted) of a run of
 * per-game streams from `base`: random.seed('BASE:GAME'), so that one game
 * of a batch can be played again alone. */
GS_API void gs_pac_seed_game(gs_pyrandom *rng, int64_t base, size_t game);

/* ---- Records (docs/pacman-record.md) ---- */

/* One game of a record. */
typedef struct gs_pac_game_log {
    gs_pac_result result;    /* GS_PAC_WIN, GS_PAC_LOSS or GS_PAC_STOPPED */
    int score;
    bool training;
    size_t n, cap;           /* single-agent actions, in turn order */
    unsigned char *actions;  /* GS_PAC_* directions */
    /* Read from text: where each action stands (1-based), and the line of
     * the game's header; NULL and 0 for games played. */
    int *line, *col;
    size_t pos_cap;
    int header_line;
    /* Pacman's decisions with what they measured, one for each of his
     * moves in order, when the player kept them
     * (gs_pac_record_push_decision): what a replay page shows beside each
     * move. NULL and 0 otherwise, and in records read from text, which
     * hold only the actions. */
    gs_pac_decision *decisions;
    size_t ndecisions, dcap;
} gs_pac_game_log;

/*
 * A record: a run's header and its games. Made by gs_pac_record_init (and
 * filled in by its owner) or by gs_pac_record_parse; the strings and
 * arrays belong to it and are freed by gs_pac_record_free through `alloc`
 * (strings with strlen + 1 bytes, layout_text with layout_len + 1).
 */
typedef struct gs_pac_record {
    gs_allocator alloc;
    char *layout_name;       /* as given to -l (for people) */
    char *layout_text;       /* the maze itself */
    size_t layout_len;
    int layout_first_line;   /* read from text: the line of its first row */
    int ghosts;              /* ghosts in the world */
    int ghosts_line;         /* read from text: where it is given */
    gs_pac_ghost ghost_kind;
    char pacman[32];         /* the Pacman agent's name */
    char *agent_args;        /* -a, or NULL */
    bool seed_is_string;     /* -f: random.seed('cs188') */
    bool seed_per_game;      /* --seeds: game i from random.seed('N:i') */
    bool seed_random;        /* N was chosen at random for this run */
    int64_t seed;            /* N of --seed N or --seeds N */
    bool seed_unsigned;      /* N is above INT64_MAX: seed holds its 64
                                bits, read as uint64_t */
    long max_moves;          /* 0: none */
    size_t ngames, cap;
    gs_pac_game_log *games;
} gs_pac_record;

/* Seeds rng as rec's run seeds game `game` (1-based, training games
 * counted): random.seed('cs188'), random.seed(N) (the same for every game:
 * one stream, seeded once) or random.seed('N:GAME'). */
GS_API void gs_pac_record_seed(const gs_pac_record *rec, gs_pyrandom *rng,
                               size_t game);
/* Writes rec's seed N in decimal into buf (GS_PAC_SEED_TEXT bytes) and
 * returns buf. */
#define GS_PAC_SEED_TEXT 24
GS_API const char *gs_pac_record_seed_text(const gs_pac_record *rec,
                                           char *buf);

/* An empty record whose memory comes from alloc (NULL: the C library's). */
GS_API void gs_pac_record_init(gs_pac_record *rec, const gs_allocator *alloc);
/* Frees what the record holds and leaves it empty (re-initialised). */
GS_API void gs_pac_record_free(gs_pac_record *rec);
/* Adds an empty game; NULL when out of memory (the record unchanged). */
GS_API gs_pac_game_log *gs_pac_record_add_game(gs_pac_record *rec);
/* Removes the last game (a game left unfinished); nothing when none. */
GS_API void gs_pac_record_drop_game(gs_pac_record *rec);
/* Appends an action to game `log` of `rec`; GS_OK or GS_ENOMEM. */
GS_API int gs_pac_record_push(gs_pac_record *rec, gs_pac_game_log *log,
                              int action);
/* Appends Pacman's next decision to game `log` of `rec`; GS_OK or
 * GS_ENOMEM (the log unchanged). */
GS_API int gs_pac_record_push_decision(gs_pac_record *rec,
                                       gs_pac_game_log *log,
                                       const gs_pac_decision *d);
/* Copies s into a new string of the record's, freeing *field first; GS_OK
 * or GS_ENOMEM (the field unchanged). s NULL clears the field. */
GS_API int gs_pac_record_set(gs_pac_record *rec, char **field,
                             const char *s);

/*
 * Reads a record from `text` (len bytes, no NUL needed): its syntax only;
 * gs_pac_record_check plays its games through the rules. *rec is
 * initialised with alloc (NULL: the C library's) and, when the call fails,
 * left empty. GS_OK; GS_EPARSE with *error (line and column 1-based;
 * column 0 for a whole line, both 0 for the whole text); GS_ENOMEM.
 */
GS_API int gs_pac_record_parse(const char *text, size_t len,
                               const gs_allocator *alloc, gs_pac_record *rec,
                               gs_error *error);

/* Receives the writer's text, a piece at a time; nonzero stops it: a
 * gs_write_fn (text.h). */
typedef gs_write_fn gs_pac_write_fn;

/*
 * Writes rec in the record format, through write. rec->layout_text must
 * hold the maze. Returns GS_OK, or the first nonzero value write returned
 * (writing stops there).
 */
GS_API int gs_pac_record_write(const gs_pac_record *rec, gs_pac_write_fn write,
                               void *user);

/*
 * Plays every game of rec through the rules of `world` (made from its
 * maze and ghosts): each action legal, the game over exactly at its last
 * action unless it was stopped, no game longer than the record's
 * max_moves (when not 0), and the recorded result and score. alloc
 * (NULL: the C library's) gives room for a state. GS_OK; GS_EPARSE with
 * *error at the action or game header concerned; GS_ENOMEM.
 */
GS_API int gs_pac_record_check(const gs_pac_record *rec,
                               const gs_pacman *world,
                               const gs_allocator *alloc, gs_error *error);

/* ---- Statistics of a batch ---- */

/* A batch of games summed up: what pacman.py's summary and --json say. */
typedef struct gs_pac_summary {
    /* Over the games that count (not training): */
    size_t games;
    size_t wins;
    double win_rate;         /* wins / games; NAN without games */
    double win_lo, win_hi;   /* its 95% Wilson interval; NAN without games */
    double mean_score;       /* the sum in game order / games; NAN without */
    double mean_lo, mean_hi; /* its 95% Student t interval; NAN below 2 */
    double min_score, max_score;   /* NAN without games */
    /* Over every game played, training included (0 without results): */
    size_t played;
    long pacman_moves;
    uint64_t nodes;
    double move_seconds;
    double max_move_seconds;
} gs_pac_summary;

/* Sums up the games of rec (their results and scores) and, when results
 * is not NULL, their costs: results[i] belongs to rec->games[i]. */
GS_API void gs_pac_summarize(const gs_pac_record *rec,
                             const gs_pac_game_result *results,
                             gs_pac_summary *out);

/*
 * Writes the results of a batch as the JSON document that `gamesearch
 * pacman --json` writes (docs/pacman-json.md): rec's header and games,
 * results[i] the costs of rec->games[i], `threads` the games played at
 * once and `seconds` the batch's wall time. Returns GS_OK, or the first
 * nonzero value write returned (writing stops there).
 */
GS_API int gs_pac_json_write(const gs_pac_record *rec,
                             const gs_pac_game_result *results, long threads,
                             double seconds, gs_pac_write_fn write,
                             void *user);

/* The two-sided 95% quantile of Student's t with df >= 1 degrees of
 * freedom (to 1e-7); NAN for df < 1. */
GS_API double gs_pac_student_t95(long df);

/* The 95% Wilson score interval of `wins` successes in n >= 1 trials. */
GS_API void gs_pac_wilson95(size_t wins, size_t n, double *lo, double *hi);

/* ---- pacman.py's lines ---- */

/*
 * The line pacman.py prints when a game ends, without its newline: "Pacman
 * emerges victorious! Score: 503" (a win), "Pacman died! Score: -412",
 * "Pacman ran out of moves! Score: 12" (stopped), "Pacman quit! Score: 40";
 * for a game an agent lost by running out of time (GS_PAC_TIMED_OUT), the
 * rules' agentCrash line instead: "Pacman crashed" or "A ghost crashed".
 * Writes at most size bytes, NUL included, into buf and returns the length
 * of the whole line, as snprintf does. GS_PAC_LINE_SIZE bytes hold any.
 */
#define GS_PAC_LINE_SIZE 64
GS_API size_t gs_pac_result_text(const gs_pac_game_result *game, char *buf,
                                 size_t size);

/*
 * What game.py prints on standard error when an agent ran out of time
 * under -c (game->result GS_PAC_TIMED_OUT; nothing for other games), each
 * line with its newline: "Agent 1 timed out on a single move!"; "Agent 0
 * took too long to make a move! This is warning 1" and "Agent 0 exceeded
 * the maximum number of warnings: 1"; "Agent 0 ran out of time! (time:
 * 2.31)". GS_OK, or the first nonzero value write returned.
 */
GS_API int gs_pac_timeout_write(const gs_pac_game_result *game,
                                gs_write_fn write, void *user);

/*
 * The line of countStates=1 after Pacman's decision d at his move `move`:
 * "move 5: 1234 nodes, 56 distinct states" and a newline, named "game 2,
 * move 5: ..." when `game` is not 0 (a run of several games). Nothing when
 * d counted no states or its search failed. GS_OK, or the first nonzero
 * value write returned.
 */
GS_API int gs_pac_states_write(const gs_pac_decision *d, long move,
                               size_t game, gs_write_fn write, void *user);

/* gs_pac_result_text's line and a newline through write: GS_OK, or what
 * write returned. */
GS_API int gs_pac_result_write(const gs_pac_game_result *game,
                               gs_write_fn write, void *user);
/* The lines of rec's games (results[i] game i's) that pacman.py prints
 * at their ends: each game's result line, except a training game's unless
 * it timed out. GS_OK, or the first nonzero value write returned. */
GS_API int gs_pac_results_write(const gs_pac_record *rec,
                                const gs_pac_game_result *results,
                                gs_write_fn write, void *user);

/*
 * What Pacman (agent `pacman`) says about his decision d at his move
 * `move` of game `game` (0 in a run of one game), each line after
 * `prefix` (a program's "name: "): the first time in a game (*failed
 * false, then set) that his search failed, "game 2, GreedyAgent: the
 * search failed (out of memory); playing the first legal move"; when
 * countStates ran out of memory, "game 2, countStates: out of memory; the
 * count below is too low"; then gs_pac_states_write's line. GS_OK, or the
 * first nonzero value write returned.
 */
GS_API int gs_pac_decision_write(const gs_pac_decision *d, long move,
                                 size_t game, gs_pac_agent_kind pacman,
                                 const char *prefix, bool *failed,
                                 gs_write_fn write, void *user);

/*
 * pacman.py's summary of rec's games that count (not training), nothing
 * when there are none:
 *
 *   Average Score: 251.5
 *   Scores:        503.0, 0.0
 *   Win Rate:      1/2 (0.50)
 *   Record:        Win, Loss
 *
 * (a stopped game is a loss). GS_OK, or the first nonzero value write
 * returned.
 */
GS_API int gs_pac_summary_write(const gs_pac_record *rec, gs_write_fn write,
                                void *user);

/* ---- Batches of games ---- */

/* A seed for a run given none (no -f, --seed or --seeds): 32 bits from
 * /dev/urandom, else from the clock and the process id. */
GS_API int64_t gs_pac_random_seed(void);

/* How a batch's games draw their random numbers (the record's seed). */
typedef enum gs_pac_seeding {
    GS_PAC_SEED_CS188 = 0,   /* -f: one stream, random.seed('cs188') */
    GS_PAC_SEED_ONE,         /* --seed N: one stream, random.seed(N) */
    GS_PAC_SEED_PER_GAME,    /* --seeds N: game I from random.seed('N:I') */
    GS_PAC_SEED_RANDOM       /* the same with N from gs_pac_random_seed */
} gs_pac_seeding;

/* Sets rec's seed as `how` says with N = seed (its 64 bits, read as
 * uint64_t when is_unsigned); GS_PAC_SEED_RANDOM draws N itself and
 * GS_PAC_SEED_CS188 has none (0). */
GS_API void gs_pac_record_seeding(gs_pac_record *rec, gs_pac_seeding how,
                                  int64_t seed, bool is_unsigned);

/* What gs_pac_play_logged keeps of a game besides its result. */
enum {
    GS_PAC_KEEP_ACTIONS = 1,     /* every single-agent action */
    GS_PAC_KEEP_DECISIONS = 2    /* Pacman's decisions, with their
                                    measurements (a replay page's) */
};

/*
 * Plays a game as gs_pac_play does, into `log`, a game of rec: after every
 * move, before options->on_move sees it, the action is appended to log
 * when keep has GS_PAC_KEEP_ACTIONS and Pacman's decision when it has
 * GS_PAC_KEEP_DECISIONS; at the end log's result and score are set as
 * gs_pac_game_log_end says. A replay (agent NULL) of no actions is the
 * game's start alone: `state` initial, *out a stopped game at score 0,
 * no callback. GS_OK; GS_ENOMEM when log could not grow (the game stopped
 * there, log's result unset); GS_EINVAL as gs_pac_play.
 */
GS_API int gs_pac_play_logged(const gs_pacman *world, gs_pac_agent *agent,
                              gs_pyrandom *rng,
                              const gs_pac_play_options *options,
                              gs_pac_record *rec, gs_pac_game_log *log,
                              unsigned keep, void *state,
                              gs_pac_game_result *out);

/* Sets log's result and score from the game's end: a win, a loss or a
 * stopped game as it ended; a game quit or timed out as stopped (a loss
 * at its score). */
GS_API void gs_pac_game_log_end(gs_pac_game_log *log,
                                const gs_pac_game_result *game);

/*
 * A game played away from the run's record (on another thread, or another
 * rank of MPI by the same program) packed into bytes after whatever else
 * its job wrote: its actions, Pacman's decisions when the game kept them
 * (as the bytes of the structs), then its result (`game`, as the bytes of
 * the struct) and their counts. Nothing allocated. GS_OK, or the first
 * nonzero value write returned.
 */
GS_API int gs_pac_game_pack(const gs_pac_game_log *log,
                            const gs_pac_game_result *game,
                            gs_write_fn write, void *user);
/* The game packed at the end of data (len bytes): GS_OK with *game, and
 * *start the length of the text before it; GS_EINVAL when data does not
 * end with a packed game. */
GS_API int gs_pac_game_unpack(const char *data, size_t len,
                              gs_pac_game_result *game, size_t *start);

/*
 * A batch of games (`gamesearch pacman -n N`, or --replay): the world, the
 * record the games go into, in order, with a result for each, and what
 * every game shares. Its games are played by players (gs_pac_player), one
 * after another, or side by side away from the record (one player a
 * thread, gs_pac_batch_play_away) and taken into it in order
 * (gs_pac_batch_take).
 */
typedef struct gs_pac_batch {
    const gs_pacman *world;
    /* The header (the caller's: gs_pac_batch_header and the seed) and the
     * games played. With rec.seed_per_game, game g plays from its own
     * stream (gs_pac_record_seed); otherwise one stream, seeded before the
     * first game, runs through all of them. */
    gs_pac_record rec;
    gs_pac_game_result *results;   /* results[g]: game g's, for the games
                                      in rec */
    size_t games;                  /* games to play */
    long training;                 /* the first `training` are (-x) */
    const gs_pac_record *replay;   /* its games replayed, or NULL */
    /* ghosts, max_moves, timeout for every game (the callbacks come with
     * each game) */
    gs_pac_play_options options;
    unsigned keep;                 /* GS_PAC_KEEP_* of the games played */
} gs_pac_batch;

/* An empty batch of `games` games in `world` (replaying `replay` when not
 * NULL: then games is its number of games), with default options and
 * memory from alloc (NULL: the C library's). GS_OK or GS_ENOMEM. */
GS_API int gs_pac_batch_init(gs_pac_batch *b, const gs_pacman *world,
                             size_t games, const gs_pac_record *replay,
                             const gs_allocator *alloc);
/* Frees what the batch holds (its record and results). */
GS_API void gs_pac_batch_free(gs_pac_batch *b);

/* Fills in the header of b's record (the seed aside): the layout's name,
 * Pacman's agent and its -a arguments (NULL: none), the world's ghosts,
 * b->options.ghosts and b->options.max_moves. GS_OK or GS_ENOMEM. */
GS_API int gs_pac_batch_header(gs_pac_batch *b, const char *layout_name,
                               gs_pac_agent_kind pacman,
                               const char *agent_args);

/*
 * What a batch plays, as a program's command line says it: pacman.py's
 * -n, -x, -p, -a, -g, -c and --timeout, and ours (--max-moves, -f,
 * --seed, --seeds, what --record and --html need kept). The fields are
 * of the types an option parser stores.
 */
typedef struct gs_pac_batch_settings {
    long games;                  /* -n: 1 */
    long training;               /* -x: the first `training` games, 0 */
    gs_pac_agent_kind pacman;    /* -p: KeyboardAgent */
    const char *agent_args;      /* -a: NULL, none */
    gs_pac_ghost ghosts;         /* -g: RandomGhost */
    long max_moves;              /* moves a game may last: 0, no limit */
    bool catch_exceptions;       /* -c: an agent out of time ends its game */
    long timeout;                /* then the seconds a move may take: 30 */
    gs_pac_seeding seeding;      /* GS_PAC_SEED_RANDOM */
    int64_t seed;                /* --seed's or --seeds's N, as */
    bool seed_unsigned;          /* gs_pac_record_seeding takes them */
    unsigned keep;               /* GS_PAC_KEEP_* of the games played: 0 */
} gs_pac_batch_settings;

/* pacman.py's defaults, as above. */
GS_API void gs_pac_batch_settings_init(gs_pac_batch_settings *s);

/*
 * gs_pac_batch_init for s's games in `world` (replaying `replay` when not
 * NULL), then s's options for every game. Unless it replays, the header
 * of the record too (gs_pac_batch_header with `layout_name`, s's agent
 * and arguments; the seed as gs_pac_record_seeding sets it), and s->keep.
 * GS_OK or GS_ENOMEM; the batch is to be freed in any case.
 */
GS_API int gs_pac_batch_setup(gs_pac_batch *b, const gs_pacman *world,
                              const char *layout_name,
                              const gs_pac_batch_settings *s,
                              const gs_pac_record *replay,
                              const gs_allocator *alloc);

/* How many of b's games `jobs` players (-j) may play at once: jobs, at
 * most the number of games, when every game draws from its own stream
 * (rec.seed_per_game) and b does not replay; else 1 (one stream runs
 * through the games in order). */
GS_API long gs_pac_batch_threads(const gs_pac_batch *b, long jobs);

/* Whether game g (0-based) of the batch is a training game. */
GS_API bool gs_pac_batch_training(const gs_pac_batch *b, size_t g);

/* Who plays a batch's games: an agent for the batch's world (none when it
 * replays), room for a state, a random stream, and a record for a game
 * played away from the batch's. One player a thread. */
typedef struct gs_pac_player {
    gs_pac_agent *agent;
    void *state;
    size_t state_size;
    gs_pyrandom rng;
    gs_pac_record own;
} gs_pac_player;

/* A player for batch b: an agent of `kind` with -a's `args` (as
 * gs_pac_agent_new; not when b replays) that also measures `measure`
 * (GS_PAC_MEASURE_* bits). GS_OK; GS_EINVAL with *error; GS_ENOMEM. The
 * player is to be freed in any case. */
GS_API int gs_pac_player_init(gs_pac_player *p, const gs_pac_batch *b,
                              gs_pac_agent_kind kind, const char *args,
                              unsigned measure, gs_error *error);
GS_API void gs_pac_player_free(gs_pac_player *p);

/*
 * Plays game g (0-based, the next one) of batch b with player p into b's
 * record and b->results[g], as gs_pac_play_logged plays: p's stream seeded
 * as the batch says, the game marked training as it is, the recorded
 * actions when b replays, b->options with calls' on_move, keys and user.
 * Returns as gs_pac_play_logged; GS_ENOMEM also when the record could not
 * grow.
 */
GS_API int gs_pac_batch_play(gs_pac_batch *b, gs_pac_player *p, size_t g,
                             const gs_pac_play_options *calls);

/*
 * Plays game g as gs_pac_batch_play does, but away from b's record (b is
 * only read, so players on several threads may play at once; a batch that
 * replays cannot): into p's own record and *out, then, when it was played
 * (GS_OK), packed through write (gs_pac_game_pack). Returns as
 * gs_pac_batch_play, or the first nonzero value write returned.
 */
GS_API int gs_pac_batch_play_away(const gs_pac_batch *b, gs_pac_player *p,
                                  size_t g, const gs_pac_play_options *calls,
                                  gs_pac_game_result *out, gs_write_fn write,
                                  void *user);

/* Adds game g, played away and packed at the end of data (len bytes), to
 * b's record (its actions and decisions) and b->results[g], in game
 * order: GS_OK with *start the length of the text before the packed game;
 * GS_EINVAL when data does not end with one; GS_ENOMEM (the record
 * unchanged). */
GS_API int gs_pac_batch_take(gs_pac_batch *b, size_t g, const char *data,
                             size_t len, size_t *start);

/* The games of a batch counted as they end, in any order (its progress). */
typedef struct gs_pac_tally {
    size_t done;             /* games over, training included */
    size_t counted, wins;    /* of those, the games that count */
    double score_sum;        /* their scores */
} gs_pac_tally;

/* Counts a game that ended (a win only when game->result is GS_PAC_WIN;
 * a training game only as done). */
GS_API void gs_pac_tally_add(gs_pac_tally *t, const gs_pac_game_result *game,
                             bool training);
/* Counts game g of b, just played into b's record (gs_pac_batch_play),
 * into *t, and returns true; a game quit before its first move was never
 * played: it is dropped from the record, not counted, and false returned
 * (the batch ends there). */
GS_API bool gs_pac_batch_count(gs_pac_batch *b, size_t g, gs_pac_tally *t);
/* Counts game g of b, played away and packed at the end of data (len
 * bytes, gs_pac_batch_play_away), into *t as soon as it ends, before it is
 * taken: GS_OK, or GS_EINVAL when data does not end with a packed game
 * (nothing counted). */
GS_API int gs_pac_batch_count_packed(const gs_pac_batch *b, size_t g,
                                     const char *data, size_t len,
                                     gs_pac_tally *t);

/*
 * Reads a record's text for replaying (`gamesearch pacman --replay`): its
 * syntax (gs_pac_record_parse), its layout, its ghosts against the
 * layout's, the world made from them, and every game through the rules
 * (gs_pac_record_check). GS_OK with *rec and *world (the caller frees
 * both); GS_EPARSE or GS_ETOOBIG with *error at its line and column in
 * text (column 0: the whole line; both 0: the whole text); GS_ENOMEM. On
 * failure *rec is empty and *world NULL.
 */
GS_API int gs_pac_replay_open(const char *text, size_t len,
                              const gs_allocator *alloc, gs_pac_record *rec,
                              gs_pacman **world, gs_error *error);

/* ---- The replay page ---- */

/*
 * The data of the replay page (web/pacman.html; web/pacman.js says what it
 * holds) as one JSON value: rec's maze, agents and games, every game
 * replayed through the rules of `world` (made from rec's maze and ghosts)
 * to give each move's changes, and Pacman's decisions where the games kept
 * them. A state's room comes from rec's allocator. GS_OK; GS_ENOMEM;
 * GS_EINVAL when the rules refuse a game's action (the value is then cut
 * short); or the first nonzero value write returned.
 */
GS_API int gs_pac_page_data_write(const gs_pac_record *rec,
                                  const gs_pacman *world, gs_write_fn write,
                                  void *user);

#ifdef __cplusplus
}
#endif

#endif /* GAMESEARCH_PACMAN_PLAY_H */
