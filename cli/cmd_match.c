/*
 * gamesearch match: two players, many games, alternating sides (the games,
 * players and statistics are the library's gamesearch/match.h; this file
 * reads the options and prints).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/gamesearch.h"
#include "commands.h"
#include "jobs.h"
#include "util.h"

#define CMD "match"

static const char usage[] =
    "usage: gamesearch match GAME --a PLAYER --b PLAYER [-n GAMES]\n"
    "                        [--seeds S] [-j THREADS | --mpi] [--json]\n"
    "                        [--moves]\n"
    "\n"
    "Plays GAMES games (default 2) of GAME (ttt, mnk, gomoku, connect4)\n"
    "between two players, a starting the odd-numbered games and b the\n"
    "even-numbered ones, and prints a's wins, b's wins and the draws, a's\n"
    "score with its 95% interval and the Elo difference with its interval.\n"
    "\n"
    "PLAYER is ALGO[:key=value,...]: ALGO alphabeta, minimax, mcts or\n"
    "random; keys depth, time (seconds a move), nodes, iterations, c\n"
    "(MCTS's exploration), playout (policy, random or eval), threads\n"
    "(MCTS's), eval (none, lines or threats; m,n,k games).\n"
    "\n"
    "Options:\n"
    "  --a PLAYER, --b PLAYER  the two players (both required)\n"
    "  -n GAMES           games to play (default 2)\n"
    "  --seeds S          game i (from 0) is seeded S + i (default 1): a\n"
    "                     match replays exactly (time limits aside)\n"
    "  -j THREADS         games played at once (default 1); the output is\n"
    "                     the same as with -j 1\n"
    "  --mpi              play the games on the ranks of MPI (under mpirun);\n"
    "                     rank 0 prints what one process prints\n"
    "  --size MxN, --k K  mnk's board (default 3x3) and k (default 3)\n"
    "  --moves            a line a game: who started, the result, the moves\n"
    "  --json             one JSON object: game, games, a and b (spec,\n"
    "                     wins), draws, elo, elo_interval, results (seed,\n"
    "                     first, result, plies, moves)\n"
    "  -h, --help         show this help\n"
    "\n"
    "Exit status: 0 on success, 1 when a search fails, 2 on bad options.\n";

typedef struct match_options {
    gs_match_params p;
    bool json, moves, mpi;
} match_options;

/* Returns 0, 1 (help printed) or EXIT_BAD_INPUT. */
static int parse_options(int argc, char **argv, match_options *o)
{
    cli_args a;
    bool is_opt;
    char name[64];
    const char *arg;
    long n;
    gs_match_params_init(&o->p);
    o->json = o->moves = o->mpi = false;
    cli_args_init(&a, argc - 1, argv + 1);
    while (cli_args_next(&a, &is_opt, name, sizeof name, &arg)) {
        if (!is_opt) {
            if (o->p.game) {
                cli_error(CMD, "unexpected argument '%s' (see gamesearch "
                          "match --help)", CLI_Q(arg));
                return EXIT_BAD_INPUT;
            }
            o->p.game = arg;
            continue;
        }
        if (!strcmp(name, "-h") || !strcmp(name, "--help")) {
            fputs(usage, stdout);
            return 1;
        }
        if (!strcmp(name, "--json") || !strcmp(name, "--moves")) {
            *(name[2] == 'j' ? &o->json : &o->moves) = true;
            continue;
        }
        if (!strcmp(name, "--mpi")) {
            o->mpi = true;
            continue;
        }
        bool known = !strcmp(name, "--a") || !strcmp(name, "--b") ||
                     !strcmp(name, "-n") || !strcmp(name, "--seeds") ||
                     !strcmp(name, "-j") || !strcmp(name, "--size") ||
                     !strcmp(name, "--k");
        if (!known) {
            cli_error(CMD, "unknown option '%s' (see gamesearch match --help)",
                      CLI_Q(name));
            return EXIT_BAD_INPUT;
        }
        const char *v = cli_args_value(&a);
        if (!v) {
            cli_error(CMD, "%s needs a value", name);
            return EXIT_BAD_INPUT;
        }
        int r, c;
        char end;
        if (!strcmp(name, "--a") || !strcmp(name, "--b")) {
            gs_player_spec spec;
            gs_error err;
            if (gs_player_spec_parse(v, &spec, &err) != GS_OK) {
                cli_error(CMD, "%s '%s': %s", name, CLI_Q(v), err.message);
                return EXIT_BAD_INPUT;
            }
            *(name[2] == 'a' ? &o->p.a : &o->p.b) = v;
        } else if (!strcmp(name, "--size")) {
            if (sscanf(v, "%dx%d%c", &r, &c, &end) != 2 || r < 1 || c < 1 ||
                r > GS_MNK_MAX_SIDE || c > GS_MNK_MAX_SIDE) {
                cli_error(CMD, "--size needs ROWSxCOLUMNS, each 1 to %d, not "
                          "'%s'", GS_MNK_MAX_SIDE, CLI_Q(v));
                return EXIT_BAD_INPUT;
            }
            o->p.rows = r;
            o->p.cols = c;
        } else {
            bool seeds = !strcmp(name, "--seeds");
            long hi = seeds ? 2147483647L : !strcmp(name, "-j") ? 256
                      : !strcmp(name, "--k") ? GS_MNK_MAX_SIDE : 1000000;
            if (!cli_parse_long(v, seeds ? 0 : 1, hi, &n)) {
                cli_error(CMD, "%s needs a whole number from %d to %ld, not "
                          "'%s'", name, seeds ? 0 : 1, hi, CLI_Q(v));
                return EXIT_BAD_INPUT;
            }
            if (seeds)
                o->p.seed = (uint64_t)n;
            else if (!strcmp(name, "-n"))
                o->p.games = (int)n;
            else if (!strcmp(name, "-j"))
                o->p.threads = (int)n;
            else
                o->p.k = (int)n;
        }
    }
    if (!o->p.game || !o->p.a || !o->p.b) {
        cli_error(CMD, "%s (see gamesearch match --help)",
                  !o->p.game ? "which game? (ttt, mnk, gomoku or connect4)"
                             : "both --a and --b are needed");
        return EXIT_BAD_INPUT;
    }
    if (o->mpi && o->p.threads > 1) {
        cli_error(CMD, "--mpi plays the games on the ranks of MPI, one game "
                  "at a time on each: -j cannot go with it");
        return EXIT_BAD_INPUT;
    }
    return 0;
}

int cmd_match_options(int argc, char **argv)
{
    match_options o;
    return parse_options(argc, argv, &o);
}

static int write_stdout(void *user, const char *text, size_t len)
{
    (void)user;
    return fwrite(text, 1, len, stdout) == len ? 0 : -1;
}

/* --mpi: a game a job; its game follows its text (none) as a tail. */
typedef struct game_tail {
    uint64_t seed;
    int a_first, result, plies;
    size_t moves;             /* the moves' bytes, before the tail */
} game_tail;

typedef struct match_jobs {
    const match_options *o;
    gs_match_game *games;
    int status;
} match_jobs;

static int match_status(int st)
{
    return st == GS_EINVAL || st == GS_EPARSE ? EXIT_BAD_INPUT : 1;
}

static int game_job(void *user, size_t i, FILE *out, FILE *err)
{
    match_jobs *mj = user;
    gs_match_params p = mj->o->p;
    p.games = 1;
    p.first_game = (int)i;
    gs_match *m;
    gs_error e;
    int st = gs_match_run(&p, NULL, &m, &e);
    if (st != GS_OK) {
        cli_error_to(err, CMD, "%s", e.message);
        return match_status(st);
    }
    const gs_match_game *g = &m->results[0];
    game_tail t = {g->seed, g->a_first, g->result, g->plies,
                   strlen(g->moves)};
    fwrite(g->moves, 1, t.moves, out);
    fwrite(&t, sizeof t, 1, out);
    gs_match_free(m);
    return 0;
}

static int game_take(void *user, size_t i, int status, const char *out,
                     size_t outlen, const char *err, size_t errlen)
{
    match_jobs *mj = user;
    game_tail t;
    fwrite(err, 1, errlen, stderr);
    if (status == 0 && outlen >= sizeof t) {
        memcpy(&t, out + outlen - sizeof t, sizeof t);
        char *moves = t.moves == outlen - sizeof t ? malloc(t.moves + 1) : NULL;
        if (moves) {
            memcpy(moves, out, t.moves);
            moves[t.moves] = '\0';
            mj->games[i] = (gs_match_game){t.seed, t.a_first, t.result,
                                           t.plies, moves, t.moves + 1};
            return 0;
        }
        cli_error(CMD, "out of memory");
    }
    mj->status = status ? status : 1;
    return 1;
}

static int write_stdout(void *user, const char *text, size_t len);

/* Plays the games on the ranks of MPI; rank 0 prints the match. */
static int match_mpi(const match_options *o)
{
    size_t n = (size_t)o->p.games;
    match_jobs mj = {o, calloc(n, sizeof *mj.games), 0};
    int rc = mj.games ? 0 : 1;
    if (!mj.games)
        cli_error(CMD, "out of memory");
    cli_jobs jobs = {CMD, "game", n, game_job, game_take, &mj, NULL};
    if (rc == 0 && (rc = cli_mpi_run(&jobs)) == 0)
        rc = mj.status;
    if (rc == 0 && !cli_mpi_worker()) {
        gs_match *m;
        gs_error e;
        int st = gs_match_from_games(&o->p, mj.games, (int)n, NULL, &m, &e);
        if (st != GS_OK) {
            cli_error(CMD, "%s", e.message);
            rc = match_status(st);
        } else {
            if (o->json)
                gs_match_write_json(m, write_stdout, NULL);
            else
                gs_match_write_text(m, o->moves, write_stdout, NULL);
            gs_match_free(m);
        }
    }
    for (size_t i = 0; mj.games && i < n; i++)
        free(mj.games[i].moves);
    free(mj.games);
    return rc;
}

int cmd_match(int argc, char **argv)
{
    match_options o;
    int rc = parse_options(argc, argv, &o);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (o.mpi)
        return match_mpi(&o);
    gs_match *m;
    gs_error err;
    int st = gs_match_run(&o.p, NULL, &m, &err);
    if (st != GS_OK) {
        cli_error(CMD, "%s", err.message);
        return st == GS_EINVAL || st == GS_EPARSE ? EXIT_BAD_INPUT : 1;
    }
    if (o.json)
        gs_match_write_json(m, write_stdout, NULL);
    else
        gs_match_write_text(m, o.moves, write_stdout, NULL);
    gs_match_free(m);
    return 0;
}
