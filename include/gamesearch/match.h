/*
 * gamesearch/match.h: two players, many games, alternating sides: the
 * result with its uncertainty (the library behind `gamesearch match`).
 *
 * Games: those of the registry (gamesearch/registry.h) with
 * GS_GAME_TWO_PLAYER ("ttt", "mnk", "gomoku", "connect4", ...), named
 * GAME[:PARAMS] with the game's parameter text ("mnk:m=4,n=4,k=3"). A
 * player is written ALGO[:key=value,...]:
 *
 *   ALGO  alphabeta, minimax, mcts, pvs, mtdf, sss, pns, dfpn or random
 *   depth=N       plies to search (alphabeta, minimax, pvs, mtdf, sss;
 *                 0: no limit)
 *   time=S        seconds a move (the depth-first algorithms: iterative
 *                 deepening; mcts; pns and dfpn: the proof's, and the
 *                 fallback's as many again)
 *   nodes=N       nodes a move (the engine's max_nodes; pns and dfpn:
 *                 the proof's, and the fallback's as many again)
 *   iterations=N  MCTS iterations a move
 *   c=X           MCTS's exploration constant
 *   playout=P     MCTS's playouts: policy (the game's: win, else block,
 *                 else random; the default), random or eval
 *   threads=N     MCTS's root-parallel threads
 *   eval=E        the evaluation at a depth cutoff: none, lines or
 *                 threats, for a game whose entry lists them (evals: the
 *                 m,n,k games), set as its parameter eval
 *
 * Defaults: alpha-beta, minimax, PVS, MTD(f) and SSS* search small games (the entry's
 * `small`: m,n,k boards of at most 16 cells) to the end, and other games
 * for 1 second a move with iterative
 * deepening unless given a depth, time or nodes; MCTS runs 10000
 * iterations a move unless given iterations, time or nodes, with the
 * solver, and scores playouts by their outcome (win, draw, loss); random
 * plays uniformly among the legal moves. pns and dfpn prove the outcome
 * of the position with the game's move ordering (nodes and time, default
 * 1,000,000 nodes; no depth): proved a win, or a draw, for the side to
 * move, they play the move the proof found (which keeps it); proved a
 * loss or not proved, they play alpha-beta's move with the same limits
 * (the fallback: as the alphabeta player with those keys, searching a
 * small game to the end). The depth-first algorithms keep a
 * transposition table from move to move, emptied before every game.
 *
 * Game i (from 0) is started by player a when i is even and by b when it
 * is odd, and is seeded with the match's seed plus i: random
 * players and MCTS draw from that seed, so a match replays exactly, and
 * the games may be played on several threads with the same results
 * (players limited by time aside).
 */
#ifndef GAMESEARCH_MATCH_H
#define GAMESEARCH_MATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core.h"
#include "search.h"
#include "text.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum gs_player_kind {
    GS_PLAYER_ALPHABETA = 0,
    GS_PLAYER_MINIMAX = 1,
    GS_PLAYER_MCTS = 2,
    GS_PLAYER_RANDOM = 3,
    GS_PLAYER_PVS = 4,
    GS_PLAYER_MTDF = 5,
    GS_PLAYER_SSS = 6,
    GS_PLAYER_PNS = 7,
    GS_PLAYER_DFPN = 8
} gs_player_kind;

/* A player as written above; 0 (or -1 where said) means "not given". */
typedef struct gs_player_spec {
    gs_player_kind kind;
    int depth;
    double time;
    uint64_t nodes;
    uint64_t iterations;
    double c;                 /* < 0: not given */
    int eval;                 /* a gs_mnk_eval, or -1 */
    gs_mcts_playout playout;  /* default GS_PLAYOUT_POLICY */
    int threads;              /* 0: one */
} gs_player_spec;

/*
 * Reads a player. GS_OK, or GS_EPARSE with err->message saying what is
 * wrong ("unknown key 'foo' (keys: ...)"; column: the 1-based place in
 * the text where the bad part begins, line 1).
 */
GS_API int gs_player_spec_parse(const char *text, gs_player_spec *out,
                                gs_error *err);

typedef struct gs_match_params {
    const char *game;   /* GAME[:PARAMS], as above */
    int rows, cols, k;  /* the parameters m, n and k of a game that has
                         * them (0: not given) */
    const char *a, *b;  /* the players, as written above */
    int games;          /* games to play (default 2; >= 1) */
    uint64_t seed;      /* game i's seed is seed + i (default 1) */
    int threads;        /* games played at once (default 1; 1 to 256) */
    int first_game;     /* the games are games first_game to first_game +
                         * games - 1 of a longer match: game i is seeded
                         * seed + first_game + i, and a starts it when
                         * first_game + i is even (default 0; >= 0) */
} gs_match_params;

GS_API void gs_match_params_init(gs_match_params *p);

/* One game of a match. */
typedef struct gs_match_game {
    uint64_t seed;      /* the game's seed */
    bool a_first;       /* player a moved first */
    int result;         /* 1 a won, 0 a draw, -1 b won */
    int plies;
    char *moves;        /* the moves' names, separated by single spaces */
    size_t moves_size;  /* bytes allocated for moves */
} gs_match_game;

typedef struct gs_match {
    char game[16];      /* the game's name */
    char *a, *b;        /* the players as given */
    int rows, cols, k;  /* its parameters m, n and k (0 when it has none) */
    int games;
    int a_wins, b_wins, draws;
    /* a's score (a win 1, a draw 1/2) a game and its 95% interval; the
     * Elo difference (a minus b) that score means and its interval: at
     * a score of 0 or 1 an end is infinite. */
    double score, score_lo, score_hi;
    double elo, elo_lo, elo_hi;
    gs_match_game *results;   /* `games` of them, in order */
    gs_allocator alloc;
} gs_match;

/*
 * Plays a match. GS_OK and *out (free it with gs_match_free); GS_EINVAL
 * or GS_EPARSE with err->message (an unknown game, a bad board, a bad
 * player: "player a: ..."), GS_ENOMEM, or a search's status with its
 * sentence. alloc may be NULL.
 */
GS_API int gs_match_run(const gs_match_params *p, const gs_allocator *alloc,
                        gs_match **out, gs_error *err);
GS_API void gs_match_free(gs_match *m);

/*
 * A match from games played elsewhere (say, one game at a time with
 * first_game set, on other processes): p's game and players, `n` games
 * copied from `games` in order, and the wins, draws and statistics
 * counted as gs_match_run does; p->games, p->threads and p->first_game
 * are not read. GS_OK and *out (free it with gs_match_free); GS_EINVAL
 * or GS_EPARSE with err->message as gs_match_run (or when n < 1 or a
 * game has no moves string), GS_ENOMEM. alloc may be NULL.
 */
GS_API int gs_match_from_games(const gs_match_params *p,
                               const gs_match_game *games, int n,
                               const gs_allocator *alloc, gs_match **out,
                               gs_error *err);

/*
 * A game played elsewhere (one game a job on other processes, by the same
 * program) as bytes: its moves' names, then the rest of it (seed, side,
 * result, plies) and the names' length. Nothing allocated. GS_OK, or the
 * first nonzero value write returned.
 */
GS_API int gs_match_game_pack(const gs_match_game *g, gs_write_fn write,
                              void *user);
/*
 * The game packed in data (len bytes: all that gs_match_game_pack wrote,
 * nothing around it) into *g, for gs_match_from_games: g->moves points
 * into data, NUL-terminated there (the byte after the names, where the
 * rest began, is overwritten); g->moves_size is 0. GS_OK; GS_EINVAL
 * when data is no packed game (data unchanged).
 */
GS_API int gs_match_game_unpack(char *data, size_t len, gs_match_game *g);

/*
 * The statistics of `wins`, `draws` and `losses` (of a player against
 * another): the score a game and its 95% interval (normal approximation
 * from the games' own variance, held within [0, 1]), and the Elo
 * difference -400 log10(1/score - 1) at each of the three.
 */
GS_API void gs_match_stats(int wins, int draws, int losses, double *score,
                           double *score_lo, double *score_hi, double *elo,
                           double *elo_lo, double *elo_hi);

/* The writers below hand their text to a gs_write_fn (text.h). */
typedef gs_write_fn gs_match_write_fn;

/*
 * The match as text: with `moves`, a line a game ("game 1: a (alphabeta)
 * first, draw in 9 plies: b2 a1 ..."), then the summary lines. Returns
 * GS_OK or the first nonzero the writer returned.
 */
GS_API int gs_match_write_text(const gs_match *m, bool moves,
                               gs_match_write_fn write, void *user);

/*
 * The match as one JSON object and a newline:
 * {"game": "ttt", "games": N, "a": {"spec": "...", "wins": W},
 *  "b": {"spec": "...", "wins": W}, "draws": D, "elo": E,
 *  "elo_interval": [LO, HI], "results": [{"seed": S, "first": "a",
 *  "result": "a" | "b" | "draw", "plies": P, "moves": ["b2", ...]}, ...]}
 * An infinite Elo is written null.
 */
GS_API int gs_match_write_json(const gs_match *m, gs_match_write_fn write,
                               void *user);

#ifdef __cplusplus
}
#endif

#endif /* GAMESEARCH_MATCH_H */
