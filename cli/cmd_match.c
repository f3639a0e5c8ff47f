/*
 * gamesearch match: two players, many games, alternating sides (the games,
 * players and statistics are the library's gamesearch/match.h; this file
 * reads the options and prints).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/gamesearch.h"
#include "gamesearch/registry.h"
#include "commands.h"
#include "jobs.h"
#include "options.h"

#define CMD "match"

typedef struct match_options {
    gs_match_params p;
    long seeds;               /* --seeds, into p.seed */
    bool json, moves, mpi;
} match_options;

static int game_arg(cli_parser *p, const char *arg)
{
    match_options *o = p->target;
    if (o->p.game) {
        cli_error(CMD, "unexpected argument '%s' (see gamesearch match "
                  "--help)", CLI_Q(arg));
        return EXIT_BAD_INPUT;
    }
    o->p.game = arg;
    return 0;
}

/* --a and --b, stored already: checked here. */
static int player(cli_parser *p, const char *v)
{
    gs_player_spec spec;
    gs_error err;
    if (gs_player_spec_parse(v, &spec, &err) != GS_OK) {
        cli_error(CMD, "%s '%s': %s", p->shown, CLI_Q(v), err.message);
        return EXIT_BAD_INPUT;
    }
    return 0;
}

static int board_size(cli_parser *p, const char *v)
{
    gs_match_params *mp = &((match_options *)p->target)->p;
    return cli_parse_size(v, GS_MNK_MAX_SIDE, &mp->rows, &mp->cols)
               ? 0 : CLI_OPT_BAD;
}

#define AT(member) CLI_AT(match_options, member)
static const cli_opt match_opts[] = {
    CLI_OPT("a", 0, STRING, AT(p.a), .hook = player),
    CLI_OPT("b", 0, STRING, AT(p.b), .hook = player),
    CLI_OPT(NULL, 'n', INT, AT(p.games), .lo = 1, .hi = 1000000),
    CLI_OPT("seeds", 0, LONG, AT(seeds), .lo = 0, .hi = 2147483647L),
    CLI_OPT(NULL, 'j', INT, AT(p.threads), .lo = 1, .hi = 256),
    CLI_OPT("mpi", 0, FLAG, AT(mpi)),
    CLI_OPT("size", 0, VALUE, CLI_NOWHERE, .hook = board_size,
            .want = CLI_SIZE_WANT(GS_MNK_MAX_SIDE)),
    CLI_OPT("k", 0, INT, AT(p.k), .lo = 1, .hi = GS_MNK_MAX_SIDE),
    CLI_OPT("moves", 0, FLAG, AT(moves)),
    CLI_OPT("json", 0, FLAG, AT(json)),
    CLI_OPT("help", 'h', HELP, CLI_NOWHERE),
};

/* Returns 0, 1 (help printed) or EXIT_BAD_INPUT. */
static int parse_options(int argc, char **argv, match_options *o)
{
    *o = (match_options){.json = false};
    gs_match_params_init(&o->p);
    o->seeds = (long)o->p.seed;
    cli_parser cp = {.cmd = CMD, CLI_TABLE(match_opts), .target = o,
                     .help = "match", .positional = game_arg};
    int rc = cli_opts_parse(&cp, argc, argv);
    if (rc)
        return rc;
    o->p.seed = (uint64_t)o->seeds;
    if (!o->p.game || !o->p.a || !o->p.b) {
        char games[256];
        gs_registry_names(GS_GAME_TWO_PLAYER, games, sizeof games);
        if (!o->p.game)
            cli_error(CMD, "which game? (%s) (see gamesearch match --help)",
                      games);
        else
            cli_error(CMD, "both --a and --b are needed (see gamesearch "
                      "match --help)");
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

static int match_status(int st)
{
    return st == GS_EINVAL || st == GS_EPARSE ? EXIT_BAD_INPUT : 1;
}

/* Prints the match m that status st made (or its error); frees it. */
static int report(const match_options *o, int st, gs_match *m,
                  const gs_error *e)
{
    if (st != GS_OK) {
        cli_error(CMD, "%s", e->message);
        return match_status(st);
    }
    if (o->json)
        gs_match_write_json(m, cli_file_write, stdout);
    else
        gs_match_write_text(m, o->moves, cli_file_write, stdout);
    gs_match_free(m);
    return 0;
}

/* --mpi: a game a job, packed into what it prints. */
static int game_job(void *user, size_t i, FILE *out, FILE *err)
{
    const match_options *o = user;
    gs_match_params p = o->p;
    p.games = 1;
    p.first_game = (int)i;
    gs_match *m;
    gs_error e;
    int st = gs_match_run(&p, NULL, &m, &e);
    if (st != GS_OK) {
        cli_error_to(err, CMD, "%s", e.message);
        return match_status(st);
    }
    gs_match_game_pack(&m->results[0], cli_file_write, out);
    gs_match_free(m);
    return 0;
}

/* Plays the games on the ranks of MPI; rank 0 prints the match. */
static int match_mpi(match_options *o)
{
    size_t n = (size_t)o->p.games;
    gs_match_game *games = calloc(n, sizeof *games);
    int status = 0;
    cli_jobs jobs = {CMD, "game", n, game_job, NULL, o, NULL, ~0,
                     calloc(n, sizeof *jobs.keep), &status};
    cli_job_bytes *kept = jobs.keep;
    int rc = games && kept ? 0 : 1;
    if (rc != 0)
        cli_error(CMD, "out of memory");
    if (rc == 0 && (rc = cli_mpi_run(&jobs)) == 0)
        rc = status;
    /* The games, their moves kept in place. */
    for (size_t i = 0; rc == 0 && !cli_mpi_worker() && i < n; i++)
        rc = gs_match_game_unpack(kept[i].data, kept[i].len, &games[i]) != 0;
    if (rc == 0 && !cli_mpi_worker()) {
        gs_match *m;
        gs_error e;
        int st = gs_match_from_games(&o->p, games, (int)n, NULL, &m, &e);
        rc = report(o, st, m, &e);
    }
    cli_job_bytes_free(kept, n);
    free(games);
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
    return report(&o, st, m, &err);
}
