/*
 * The command line of `gamesearch pacman`, read as pacman.py's optparse
 * reads it (short options clustered, -n10 and -n 10, --numGames=10 and
 * --numGames 10, a long option shortened to any unambiguous prefix), and
 * where a layout named on it is found.
 */
/* realpath() */
#define _XOPEN_SOURCE 700

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "options.h"
#include "pacman_cli.h"
#include "web.h"

/* Set by the build: where `cmake --install` puts the layouts, and that
 * place relative to where it puts the program; the build tree, and the
 * source tree's layouts/ that a program in it uses. */
#ifndef GS_LAYOUT_INSTALL_DIR
#define GS_LAYOUT_INSTALL_DIR "/usr/local/share/gamesearch/layouts"
#endif
#ifndef GS_LAYOUT_FROM_BINDIR
#define GS_LAYOUT_FROM_BINDIR "../share/gamesearch/layouts"
#endif

/* Limits of the numeric options. */
#define MAX_GAMES 1000000L
#define MAX_MOVES_LIMIT 1000000000L
#define MAX_JOBS 256L

static const char cmd[] = "pacman";

/* ---- Options, as pacman.py's optparse reads them ---- */

/* The modes an option goes with: a replay takes only those that show the
 * games, not those that choose or shape them. */
enum { PLAY = 1, REPLAY = 2, BOTH = PLAY | REPLAY };

/* Appends directory `dir` to the ':'-separated list in buf (size bytes),
 * unless it is there already or does not fit. */
static void add_dir(char *buf, size_t size, const char *dir)
{
    size_t len = strlen(buf), n = strlen(dir);
    for (const char *at = buf; *at;) {
        const char *end = strchr(at, ':');
        size_t k = end ? (size_t)(end - at) : strlen(at);
        if (k == n && memcmp(at, dir, n) == 0)
            return;
        at += k + (end ? 1 : 0);
    }
    if (n == 0 || len + (len ? 1 : 0) + n + 1 > size)
        return;
    if (len)
        buf[len++] = ':';
    memcpy(buf + len, dir, n + 1);
}

/*
 * The directories a layout name is looked for in when $GAMESEARCH_LAYOUTS
 * is not set, ':'-separated, into buf: the installed layouts, found from
 * the program's own place (so that an install moved with --prefix finds
 * its own) and where the build configured the install. Only a program
 * run from the build tree (the build's own, and the tests') looks first
 * in the source tree's layouts/: an installed program never names the
 * tree it was built in.
 */
static const char *layout_dirs(char *buf, size_t size)
{
    buf[0] = '\0';
    char exe[4096], dir[4096 + sizeof GS_LAYOUT_FROM_BINDIR], real[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
#if defined(GS_BUILD_DIR) && defined(GS_SOURCE_LAYOUT_DIR)
        if (realpath(GS_BUILD_DIR, real)) {
            size_t k = strlen(real);
            if (strncmp(exe, real, k) == 0 && exe[k] == '/')
                add_dir(buf, size, GS_SOURCE_LAYOUT_DIR);
        }
#endif
        char *slash = strrchr(exe, '/');
        if (slash) {
            slash[1] = '\0';
            snprintf(dir, sizeof dir, "%s%s", exe, GS_LAYOUT_FROM_BINDIR);
            if (realpath(dir, real))
                add_dir(buf, size, real);
        }
    }
    add_dir(buf, size, GS_LAYOUT_INSTALL_DIR);
    return buf;
}

static int help(cli_parser *p, const char *v)
{
    (void)p, (void)v;
    char dirs[8192];
    return 1 + cli_help(stdout, "pacman", "LAYOUT_DIR",
                        layout_dirs(dirs, sizeof dirs), "DEFAULT_LAYOUT",
                        PAC_DEFAULT_LAYOUT, (char *)NULL);
}

static int pacman_agent(cli_parser *p, const char *v)
{
    int k = gs_pac_agent_parse(v);
    if (k < 0) {
        cli_error(cmd, "unknown Pacman agent '%s' (available: "
                  PAC_AGENT_LIST ")", CLI_Q(v));
        return EXIT_BAD_INPUT;
    }
    ((pac_options *)p->target)->b.pacman = (gs_pac_agent_kind)k;
    return 0;
}

/* (after CLI_OPT_CHOICE has checked the word) */
static int ghost_agent(cli_parser *p, const char *v)
{
    ((pac_options *)p->target)->b.ghosts = strcmp(v, "RandomGhost") == 0
        ? GS_PAC_RANDOM_GHOST : GS_PAC_DIRECTIONAL_GHOST;
    return 0;
}

static int frame_time(cli_parser *p, const char *v)
{
    pac_options *o = p->target;
    return gs_parse_double(v, -1e9, 60.0, &o->frame_time) ? 0 : CLI_OPT_BAD;
}

static int zoom(cli_parser *p, const char *v)
{
    double x;
    (void)p;
    return gs_parse_double(v, 0.0, 1e6, &x) && x > 0 ? 0 : CLI_OPT_BAD;
}

/* --seed and --seeds: any whole number of 64 bits, signed or not
 * (Python's random.seed takes any integer; |N| seeds it). */
static int seed(cli_parser *p, const char *v)
{
    gs_pac_batch_settings *b = &((pac_options *)p->target)->b;
    if (gs_pyrandom_seed_parse(v, &b->seed, &b->seed_unsigned) != GS_OK)
        return CLI_OPT_BAD;
    b->seeding = strcmp(p->opt->name, "seed") == 0 ? GS_PAC_SEED_ONE
                                                    : GS_PAC_SEED_PER_GAME;
    return 0;
}

static int record_actions(cli_parser *p, const char *v)
{
    (void)v;
    cli_error(cmd, "%s writes pacman.py's Python pickles, which gamesearch "
              "does not; use --record FILE", p->shown);
    return EXIT_BAD_INPUT;
}

#define AT(member) CLI_AT(pac_options, member)
#define SEED_WANT "a whole number from -9223372036854775808 to " \
    "18446744073709551615"
static const char *const ghosts[] = {"RandomGhost", "DirectionalGhost", NULL};
static const cli_opt pac_opts[] = {
    CLI_OPT("numGames", 'n', LONG, AT(b.games), .lo = 1, .hi = MAX_GAMES,
            .unit = "games", .modes = PLAY),
    CLI_OPT("layout", 'l', STRING, AT(layout), .modes = PLAY),
    CLI_OPT("pacman", 'p', VALUE, CLI_NOWHERE, .hook = pacman_agent,
            .modes = PLAY),
    CLI_OPT("textGraphics", 't', FLAG, AT(text), .modes = BOTH),
    CLI_OPT("quietTextGraphics", 'q', FLAG, AT(quiet), .modes = BOTH),
    CLI_OPT("ghosts", 'g', CHOICE, CLI_NOWHERE, .choices = ghosts,
            .noun = "ghost agent", .hook = ghost_agent, .modes = PLAY),
    CLI_OPT("numghosts", 'k', LONG, AT(num_ghosts), .lo = 0, .hi = MAX_GAMES,
            .unit = "ghosts", .modes = PLAY),
    CLI_OPT("zoom", 'z', VALUE, CLI_NOWHERE, .hook = zoom,
            .want = "a number above 0", .modes = BOTH),
    CLI_OPT("fixRandomSeed", 'f', FLAG, AT(fix_seed), .modes = PLAY),
    CLI_OPT("recordActions", 'r', FLAG, CLI_NOWHERE, .hook = record_actions),
    CLI_OPT("replay", 0, STRING, AT(replay), .modes = BOTH),
    CLI_OPT("agentArgs", 'a', STRING, AT(b.agent_args), .modes = PLAY),
    CLI_OPT("numTraining", 'x', LONG, AT(b.training), .lo = 0,
            .hi = MAX_GAMES, .unit = "training games", .modes = PLAY),
    CLI_OPT("frameTime", 0, VALUE, CLI_NOWHERE, .hook = frame_time,
            .want = "a number of seconds, at most 60 (below 0: wait for a "
            "key)", .modes = BOTH),
    CLI_OPT("catchExceptions", 'c', FLAG, AT(b.catch_exceptions),
            .modes = BOTH),
    CLI_OPT("timeout", 0, LONG, AT(b.timeout), .lo = 0, .hi = 86400,
            .unit = "seconds", .modes = BOTH),
    CLI_OPT("seed", 0, VALUE, CLI_NOWHERE, .hook = seed, .want = SEED_WANT,
            .modes = PLAY),
    CLI_OPT("max-moves", 0, LONG, AT(b.max_moves), .lo = 1,
            .hi = MAX_MOVES_LIMIT, .unit = "moves", .modes = PLAY),
    CLI_OPT("record", 0, STRING, AT(record), .modes = PLAY),
    CLI_OPT("help", 'h', HELP, CLI_NOWHERE, .hook = help),
    CLI_OPT("seeds", 0, VALUE, CLI_NOWHERE, .hook = seed, .want = SEED_WANT,
            .modes = PLAY),
    CLI_OPT("jobs", 'j', LONG, AT(jobs), .lo = 1, .hi = MAX_JOBS,
            .unit = "games at once", .modes = PLAY),
    CLI_OPT("json", 0, STRING, AT(json), .modes = PLAY),
    CLI_OPT("mpi", 0, FLAG, AT(mpi), .modes = PLAY),
    CLI_OPT("html", 0, STRING, AT(html), .modes = BOTH),
};

int pac_options_parse(int argc, char **argv, pac_options *o)
{
    *o = (pac_options){.num_ghosts = 4, .frame_time = 0.1, .jobs = 1};
    gs_pac_batch_settings_init(&o->b);
    cli_parser p = {.cmd = cmd, CLI_TABLE(pac_opts), .target = o,
                    .flags = CLI_PARSE_CLUSTERS | CLI_PARSE_PREFIXES};
    int rc = cli_opts_parse(&p, argc, argv);
    if (rc)
        return rc;
    bool seed_set = cli_opts_given(&p, "--seed");
    if (o->fix_seed)
        o->b.seeding = GS_PAC_SEED_CS188;
    /* Two outputs in one file ("-" twice: both on standard output). */
    const char *names[] = {"--record", "--json", "--html"};
    const char *files[] = {o->record, o->json, o->html};
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++)
            if (files[i] && files[j] && cli_same_file(files[j], files[i])) {
                cli_error(cmd, "%s %s and %s %s name the same file: give "
                          "each its own", names[j], files[j], names[i],
                          files[i]);
                return EXIT_BAD_INPUT;
            }
    if (o->replay) {
        const char *game_option = cli_opts_outside(&p, REPLAY);
        if (game_option) {
            cli_error(cmd, "--replay plays the games as recorded: %s cannot be "
                      "used with it", game_option);
            return EXIT_BAD_INPUT;
        }
        return 0;
    }
    if (o->record || o->html)   /* what they write */
        o->b.keep = GS_PAC_KEEP_ACTIONS |
                    (o->html ? GS_PAC_KEEP_DECISIONS : 0);
    const char *seeders[3];
    int nseeders = 0;
    if (o->fix_seed)
        seeders[nseeders++] = "-f";
    if (seed_set)
        seeders[nseeders++] = "--seed";
    if (cli_opts_given(&p, "--seeds"))
        seeders[nseeders++] = "--seeds";
    if (nseeders > 1) {
        cli_error(cmd, "%s and %s both set the random seed: give one",
                  seeders[0], seeders[1]);
        return EXIT_BAD_INPUT;
    }
    gs_error err;
    if (o->b.agent_args &&
        gs_pac_agent_args_check(o->b.pacman, o->b.agent_args, &err) != GS_OK) {
        cli_error(cmd, "-a: %s", err.message);
        return EXIT_BAD_INPUT;
    }
    if (o->b.pacman == GS_PAC_AGENT_KEYBOARD && (o->quiet || o->text)) {
        cli_error(cmd, "KeyboardAgent needs the terminal view, not %s; choose "
                  "another agent with -p (available: LeftTurnAgent, "
                  "GreedyAgent, RandomAgent, ReflexAgent, MinimaxAgent, "
                  "AlphaBetaAgent, ExpectimaxAgent, ChampionAgent, MCTSAgent, "
                  "MaxnAgent, ParanoidAgent, BRSAgent)", o->quiet ? "-q" : "-t");
        return EXIT_BAD_INPUT;
    }
    if (o->jobs > 1 && o->b.pacman == GS_PAC_AGENT_KEYBOARD) {
        cli_error(cmd, "KeyboardAgent plays in the terminal view, one game at "
                  "a time: -j %ld cannot be used with it", o->jobs);
        return EXIT_BAD_INPUT;
    }
    if (o->mpi && (o->fix_seed || seed_set || o->jobs > 1 || o->html ||
                   (!o->quiet && !o->text))) {
        cli_error(cmd, "--mpi plays the games on the ranks of MPI, each game "
                  "with its own stream (--seeds N), shown with -q or -t: %s "
                  "cannot be used with it", o->fix_seed ? "-f" : seed_set ?
                  "--seed" : o->jobs > 1 ? "-j" : o->html ? "--html" :
                  "the terminal view");
        return EXIT_BAD_INPUT;
    }
    if (o->jobs > 1 && !o->quiet && !o->text) {
        cli_error(cmd, "-j %ld plays games side by side, which the terminal "
                  "view cannot show: add -q or -t", o->jobs);
        return EXIT_BAD_INPUT;
    }
    return 0;
}

/* ---- Layouts ---- */

bool pac_find_layout(const char *who, const char *name, char *path,
                     size_t size)
{
    char looked[2048], dirs[8192];
    const char *env = getenv("GAMESEARCH_LAYOUTS");
    gs_pac_found f = gs_pac_layout_find(name, env && *env ? env
                                              : layout_dirs(dirs, sizeof dirs),
                                        path, size, looked, sizeof looked);
    if (f == GS_PAC_FOUND_DIR)
        cli_error(who, "layout '%s': %s is a directory, not a file",
                  CLI_Q(name), path);
    else if (f == GS_PAC_NOT_FOUND && !*looked)
        cli_error(who, "layout '%s' not found (no file %s)", CLI_Q(name), path);
    else if (f == GS_PAC_NOT_FOUND)
        cli_error(who, "layout '%s' not found: looked for %s in %s and the "
                  "current directory", CLI_Q(name), path, looked);
    return f == GS_PAC_FOUND;
}
