/*
 * The command line of `gamesearch pacman`, read as pacman.py's optparse
 * reads it (short options clustered, -n10 and -n 10, --numGames=10 and
 * --numGames 10, a long option shortened to any unambiguous prefix), and
 * where a layout named on it is found.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pacman_cli.h"
#include "util.h"

#ifndef GS_LAYOUT_DIR
#define GS_LAYOUT_DIR "layouts"
#endif

/* Limits of the numeric options. */
#define MAX_GAMES 1000000L
#define MAX_MOVES_LIMIT 1000000000L
#define MAX_JOBS 256L

static const char cmd[] = "pacman";

static void usage(void)
{
    printf(
        "usage: gamesearch pacman [options]\n"
        "       gamesearch pacman --replay FILE [-q | -t] [--frameTime SECONDS]\n"
        "\n"
        "Berkeley CS188's Pacman (pacman.py v1.004) in the terminal, with the "
        "same\n"
        "options, rules, random numbers and output. Play with the arrow keys "
        "or WASD\n"
        "(space stops, q quits), or let an agent play.\n"
        "\n"
        "Options:\n"
        "  -n, --numGames GAMES     the number of games to play [Default: 1]\n"
        "  -l, --layout LAYOUT      a layout name or a .lay file [Default: "
        PAC_DEFAULT_LAYOUT "]\n"
        "  -p, --pacman TYPE        KeyboardAgent, LeftTurnAgent, GreedyAgent,\n"
        "                           RandomAgent, ReflexAgent, MinimaxAgent,\n"
        "                           AlphaBetaAgent, ExpectimaxAgent,\n"
        "                           ChampionAgent or MCTSAgent\n"
        "                           [Default: KeyboardAgent]\n"
        "  -g, --ghosts TYPE        RandomGhost or DirectionalGhost\n"
        "                           [Default: RandomGhost]\n"
        "  -k, --numghosts N        the most ghosts to use [Default: 4]\n"
        "  -a, --agentArgs ARGS     the Pacman agent's arguments, "
        "\"key=value,...\"\n"
        "                           (search agents: depth=N, evalFn=NAME,\n"
        "                           ghostModel=M, time=S, nodes=N,\n"
        "                           countStates=1; GreedyAgent:\n"
        "                           evalFn=scoreEvaluation)\n"
        "  -x, --numTraining N      the first N games are training: not shown, "
        "not\n"
        "                           in the summary [Default: 0]\n"
        "  -q, --quietTextGraphics  no display: a line per game, then the "
        "summary\n"
        "  -t, --textGraphics       print the maze as text after every round\n"
        "  --frameTime SECONDS      the delay between frames; below 0 the "
        "view waits\n"
        "                           for a key [Default: 0.1]\n"
        "  -f, --fixRandomSeed      random.seed('cs188'): the same games every "
        "run,\n"
        "                           drawn from one stream, one after another\n"
        "  --seed N                 random.seed(N): other fixed games, one "
        "stream\n"
        "  --seeds N                each game its own stream: game I after\n"
        "                           random.seed('N:I') (without -f, --seed or "
        "--seeds,\n"
        "                           N is drawn from the system)\n"
        "  -j, --jobs N             play N games at once, on N threads, with "
        "the same\n"
        "                           output as one at a time (needs -q or -t)\n"
        "                           [Default: 1]\n"
        "  --mpi                    play the games on the ranks of MPI "
        "(under mpirun),\n"
        "                           with the same output (needs -q or -t)\n"
        "  --json FILE              write each game's result, nodes searched "
        "and\n"
        "                           times, and statistics, to FILE\n"
        "                           (docs/pacman-json.md)\n"
        "  -c, --catchExceptions    time the agents, as pacman.py does: a "
        "move that\n"
        "                           reaches --timeout seconds, or an agent's "
        "moves\n"
        "                           taking more in all in one game, ends "
        "the game\n"
        "                           (\"Pacman crashed\", a loss)\n"
        "  --timeout SECONDS        the time allowed with -c [Default: 30]\n"
        "  -z, --zoom ZOOM          accepted and ignored (pacman.py's window)\n"
        "  --max-moves N            end a game after N single-agent moves: "
        "\"Pacman\n"
        "                           ran out of moves!\", counted a loss "
        "[Default: none]\n"
        "  --record FILE            write the games to FILE "
        "(docs/pacman-record.md)\n"
        "  --replay FILE            show the games of a record again, checking "
        "their\n"
        "                           scores\n"
        "  --html FILE              write a page that replays the games in a "
        "browser,\n"
        "                           with each search's values (after play or "
        "--replay)\n"
        "  -h, --help               show this help\n"
        "\n"
        "A layout NAME is the file NAME.lay in the directories of "
        "$GAMESEARCH_LAYOUTS\n"
        "(separated by ':'; by default %s), then in ./layouts\n"
        "and in the current directory, as pacman.py looks; a name with a '/' "
        "or\n"
        "ending in .lay is tried as a path first.\n"
        "\n"
        "Exit status: 0 on success, 2 on bad options, layouts or records.\n",
        GS_LAYOUT_DIR);
}

/* ---- Options, as pacman.py's optparse reads them ---- */

enum {
    O_NUM_GAMES, O_LAYOUT, O_PACMAN, O_TEXT, O_QUIET, O_GHOSTS, O_NUM_GHOSTS,
    O_ZOOM, O_FIX_SEED, O_RECORD_ACTIONS, O_REPLAY, O_AGENT_ARGS,
    O_NUM_TRAINING, O_FRAME_TIME, O_CATCH, O_TIMEOUT, O_SEED, O_MAX_MOVES,
    O_RECORD, O_HELP, O_SEEDS, O_JOBS, O_JSON, O_MPI, O_HTML
};

static const struct option_def {
    char short_name;         /* 0: long only */
    const char *long_name;
    bool takes_value;
    int id;
} option_defs[] = {
    {'n', "numGames", true, O_NUM_GAMES},
    {'l', "layout", true, O_LAYOUT},
    {'p', "pacman", true, O_PACMAN},
    {'t', "textGraphics", false, O_TEXT},
    {'q', "quietTextGraphics", false, O_QUIET},
    {'g', "ghosts", true, O_GHOSTS},
    {'k', "numghosts", true, O_NUM_GHOSTS},
    {'z', "zoom", true, O_ZOOM},
    {'f', "fixRandomSeed", false, O_FIX_SEED},
    {'r', "recordActions", false, O_RECORD_ACTIONS},
    {0, "replay", true, O_REPLAY},
    {'a', "agentArgs", true, O_AGENT_ARGS},
    {'x', "numTraining", true, O_NUM_TRAINING},
    {0, "frameTime", true, O_FRAME_TIME},
    {'c', "catchExceptions", false, O_CATCH},
    {0, "timeout", true, O_TIMEOUT},
    {0, "seed", true, O_SEED},
    {0, "max-moves", true, O_MAX_MOVES},
    {0, "record", true, O_RECORD},
    {'h', "help", false, O_HELP},
    {0, "seeds", true, O_SEEDS},
    {'j', "jobs", true, O_JOBS},
    {0, "json", true, O_JSON},
    {0, "mpi", false, O_MPI},
    {0, "html", true, O_HTML},
};
#define NUM_OPTIONS (sizeof option_defs / sizeof option_defs[0])

/* A long option by its name or, as optparse allows, an unambiguous
 * prefix of it. Returns NULL with a message printed. */
static const struct option_def *find_long(const char *name)
{
    const struct option_def *found = NULL;
    int matches = 0;
    size_t len = strlen(name);
    for (size_t i = 0; i < NUM_OPTIONS; i++) {
        if (strcmp(option_defs[i].long_name, name) == 0)
            return &option_defs[i];
        if (len > 0 && strncmp(option_defs[i].long_name, name, len) == 0) {
            found = &option_defs[i];
            matches++;
        }
    }
    if (matches == 1)
        return found;
    if (matches > 1) {
        char list[256] = "";
        size_t used = 0;
        for (size_t i = 0; i < NUM_OPTIONS; i++)
            if (len > 0 && strncmp(option_defs[i].long_name, name, len) == 0)
                used += (size_t)snprintf(list + used, sizeof list - used,
                                         "%s--%s", used ? ", " : "",
                                         option_defs[i].long_name);
        cli_error(cmd, "ambiguous option '--%s' (%s)", CLI_Q(name), list);
    } else {
        cli_error(cmd, "unknown option '--%s' (see gamesearch pacman --help)",
                  CLI_Q(name));
    }
    return NULL;
}

static const struct option_def *find_short(char c)
{
    for (size_t i = 0; i < NUM_OPTIONS; i++)
        if (option_defs[i].short_name == c)
            return &option_defs[i];
    return NULL;
}

static bool parse_double(const char *s, double lo, double hi, double *out)
{
    if (!s || !*s)
        return false;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || *end || end == s || !isfinite(v) || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

/* Applies one option with its value (NULL for a flag). `shown` is the
 * option as typed, for messages. Returns 0, 1 (help printed) or
 * EXIT_BAD_INPUT. */
static int apply_option(pac_options *o, const struct option_def *d,
                        const char *shown, const char *v)
{
    long n;
    double x;
    switch (d->id) {
    case O_NUM_GAMES:
        if (!cli_parse_long(v, 1, MAX_GAMES, &n)) {
            cli_error(cmd, "%s needs a whole number of games from 1 to %ld, not "
                      "'%s'", shown, MAX_GAMES, CLI_Q(v));
            return EXIT_BAD_INPUT;
        }
        o->num_games = n;
        break;
    case O_NUM_TRAINING:
        if (!cli_parse_long(v, 0, MAX_GAMES, &n)) {
            cli_error(cmd, "%s needs a whole number of training games from 0 "
                      "to %ld, not '%s'", shown, MAX_GAMES, CLI_Q(v));
            return EXIT_BAD_INPUT;
        }
        o->num_training = n;
        break;
    case O_NUM_GHOSTS:
        if (!cli_parse_long(v, 0, MAX_GAMES, &n)) {
            cli_error(cmd, "%s needs a whole number of ghosts from 0 to %ld, "
                      "not '%s'", shown, MAX_GAMES, CLI_Q(v));
            return EXIT_BAD_INPUT;
        }
        o->num_ghosts = n;
        break;
    case O_LAYOUT:
        o->layout = v;
        break;
    case O_PACMAN: {
        int k = gs_pac_agent_parse(v);
        if (k < 0) {
            cli_error(cmd, "unknown Pacman agent '%s' (available: "
                      PAC_AGENT_LIST ")", CLI_Q(v));
            return EXIT_BAD_INPUT;
        }
        o->pacman = (gs_pac_agent_kind)k;
        break;
    }
    case O_GHOSTS:
        if (strcmp(v, "RandomGhost") == 0)
            o->ghost = GS_PAC_RANDOM_GHOST;
        else if (strcmp(v, "DirectionalGhost") == 0)
            o->ghost = GS_PAC_DIRECTIONAL_GHOST;
        else {
            cli_error(cmd, "unknown ghost agent '%s' (available: RandomGhost, "
                      "DirectionalGhost)", CLI_Q(v));
            return EXIT_BAD_INPUT;
        }
        break;
    case O_AGENT_ARGS:
        o->agent_args = v;
        break;
    case O_TEXT:
        o->text = true;
        break;
    case O_QUIET:
        o->quiet = true;
        break;
    case O_FIX_SEED:
        o->fix_seed = true;
        break;
    case O_SEED:
    case O_SEEDS: {
        /* Any whole number of 64 bits, signed or not: -2^63 to 2^64 - 1
         * (Python's random.seed takes any integer; |N| seeds it). */
        int64_t s;
        bool is_unsigned = false;
        char *end = NULL;
        const char *t = v;
        while (*t == ' ' || (*t >= '\t' && *t <= '\r'))
            t++;                           /* as strtoll skips them */
        const char *digits = t + (*t == '-' || *t == '+');
        errno = 0;
        if (*t == '-') {
            s = (int64_t)strtoll(v, &end, 10);
        } else {
            unsigned long long u = strtoull(v, &end, 10);
            s = (int64_t)(uint64_t)u;      /* the same 64 bits */
            is_unsigned = u > (unsigned long long)INT64_MAX;
            if (u > UINT64_MAX)
                errno = ERANGE;
        }
        if (errno || *end || *digits < '0' || *digits > '9') {
            cli_error(cmd, "%s needs a whole number from %" PRId64 " to %"
                      PRIu64 ", not '%s'", shown, INT64_MIN, UINT64_MAX,
                      CLI_Q(v));
            return EXIT_BAD_INPUT;
        }
        if (d->id == O_SEED) {
            o->seed = s;
            o->seed_unsigned = is_unsigned;
            o->seed_set = true;
        } else {
            o->seeds = s;
            o->seeds_unsigned = is_unsigned;
            o->seeds_set = true;
        }
        break;
    }
    case O_JOBS:
        if (!cli_parse_long(v, 1, MAX_JOBS, &n)) {
            cli_error(cmd, "%s needs a whole number of games at once from 1 to "
                      "%ld, not '%s'", shown, MAX_JOBS, CLI_Q(v));
            return EXIT_BAD_INPUT;
        }
        o->jobs = n;
        break;
    case O_JSON:
        o->json = v;
        break;
    case O_MPI:
        o->mpi = true;
        break;
    case O_FRAME_TIME:
        if (!parse_double(v, -1e9, 60.0, &x)) {
            cli_error(cmd, "%s needs a number of seconds, at most 60 (below 0: "
                      "wait for a key), not '%s'", shown, CLI_Q(v));
            return EXIT_BAD_INPUT;
        }
        o->frame_time = x;
        break;
    case O_TIMEOUT:
        if (!cli_parse_long(v, 0, 86400, &n)) {
            cli_error(cmd, "%s needs a whole number of seconds from 0 to 86400, "
                      "not '%s'", shown, CLI_Q(v));
            return EXIT_BAD_INPUT;
        }
        o->timeout = n;
        break;
    case O_ZOOM:
        if (!parse_double(v, 0.0, 1e6, &x) || x <= 0) {
            cli_error(cmd, "%s needs a number above 0, not '%s'", shown, CLI_Q(v));
            return EXIT_BAD_INPUT;
        }
        break;
    case O_CATCH:
        o->catch_exceptions = true;
        break;
    case O_MAX_MOVES:
        if (!cli_parse_long(v, 1, MAX_MOVES_LIMIT, &n)) {
            cli_error(cmd, "%s needs a whole number of moves from 1 to %ld, not "
                      "'%s'", shown, MAX_MOVES_LIMIT, CLI_Q(v));
            return EXIT_BAD_INPUT;
        }
        o->max_moves = n;
        break;
    case O_RECORD:
        o->record = v;
        break;
    case O_HTML:
        o->html = v;
        break;
    case O_REPLAY:
        o->replay = v;
        break;
    case O_RECORD_ACTIONS:
        cli_error(cmd, "%s writes pacman.py's Python pickles, which gamesearch "
                  "does not; use --record FILE", shown);
        return EXIT_BAD_INPUT;
    case O_HELP:
        usage();
        return 1;
    }
    /* Options that choose or shape the games have no place in a replay. */
    if (!o->game_option[0] && d->id != O_REPLAY && d->id != O_QUIET &&
        d->id != O_TEXT && d->id != O_FRAME_TIME && d->id != O_ZOOM &&
        d->id != O_CATCH && d->id != O_TIMEOUT && d->id != O_HTML)
        snprintf(o->game_option, sizeof o->game_option, "%s", shown);
    return 0;
}

int pac_options_parse(int argc, char **argv, pac_options *o)
{
    memset(o, 0, sizeof *o);
    o->num_games = 1;
    o->num_ghosts = 4;
    o->pacman = GS_PAC_AGENT_KEYBOARD;
    o->ghost = GS_PAC_RANDOM_GHOST;
    o->frame_time = 0.1;
    o->timeout = 30;
    o->jobs = 1;
    cli_args a;
    bool is_opt;
    char name[64], shown[80];
    const char *arg;
    cli_args_init(&a, argc - 1, argv + 1);
    while (cli_args_next(&a, &is_opt, name, sizeof name, &arg)) {
        if (!is_opt) {
            cli_error(cmd, "unexpected argument '%s' (see gamesearch pacman "
                      "--help)", CLI_Q(arg));
            return EXIT_BAD_INPUT;
        }
        if (name[1] == '-') {
            const struct option_def *d = find_long(name + 2);
            if (!d)
                return EXIT_BAD_INPUT;
            snprintf(shown, sizeof shown, "--%s", d->long_name);
            const char *v = NULL;
            if (d->takes_value) {
                v = cli_args_value(&a);
                if (!v) {
                    cli_error(cmd, "%s needs a value (see gamesearch pacman "
                              "--help)", shown);
                    return EXIT_BAD_INPUT;
                }
            } else if (cli_args_has_inline(&a)) {
                cli_error(cmd, "%s takes no value", shown);
                return EXIT_BAD_INPUT;
            }
            int rc = apply_option(o, d, shown, v);
            if (rc)
                return rc;
            continue;
        }
        /* Short options, clustered as optparse allows: -qf, -n3, -qn 3. */
        const char *s = arg + 1;
        while (*s) {
            const struct option_def *d = find_short(*s);
            snprintf(shown, sizeof shown, "-%c", *s);
            if (!d) {
                cli_error(cmd, "unknown option '%s' (see gamesearch pacman "
                          "--help)", shown);
                return EXIT_BAD_INPUT;
            }
            const char *v = NULL;
            if (d->takes_value) {
                if (s[1])
                    v = s + 1;
                else if (!(v = cli_args_value(&a))) {
                    cli_error(cmd, "%s needs a value (see gamesearch pacman "
                              "--help)", shown);
                    return EXIT_BAD_INPUT;
                }
            }
            int rc = apply_option(o, d, shown, v);
            if (rc)
                return rc;
            if (d->takes_value)
                break;
            s++;
        }
    }

    if (o->replay) {
        if (o->game_option[0]) {
            cli_error(cmd, "--replay plays the games as recorded: %s cannot be "
                      "used with it", o->game_option);
            return EXIT_BAD_INPUT;
        }
        return 0;
    }
    if (o->json && o->record && cli_same_file(o->json, o->record)) {
        cli_error(cmd, "--json %s and --record %s name the same file: give "
                  "each its own", o->json, o->record);
        return EXIT_BAD_INPUT;
    }
    const char *seeders[3];
    int nseeders = 0;
    if (o->fix_seed)
        seeders[nseeders++] = "-f";
    if (o->seed_set)
        seeders[nseeders++] = "--seed";
    if (o->seeds_set)
        seeders[nseeders++] = "--seeds";
    if (nseeders > 1) {
        cli_error(cmd, "%s and %s both set the random seed: give one",
                  seeders[0], seeders[1]);
        return EXIT_BAD_INPUT;
    }
    gs_error err;
    if (o->agent_args &&
        gs_pac_agent_args_check(o->pacman, o->agent_args, &err) != GS_OK) {
        cli_error(cmd, "-a: %s", err.message);
        return EXIT_BAD_INPUT;
    }
    if (o->pacman == GS_PAC_AGENT_KEYBOARD && (o->quiet || o->text)) {
        cli_error(cmd, "KeyboardAgent needs the terminal view, not %s; choose "
                  "another agent with -p (available: LeftTurnAgent, "
                  "GreedyAgent, RandomAgent, ReflexAgent, MinimaxAgent, "
                  "AlphaBetaAgent, ExpectimaxAgent, ChampionAgent, MCTSAgent)", o->quiet ? "-q" : "-t");
        return EXIT_BAD_INPUT;
    }
    if (o->jobs > 1 && o->pacman == GS_PAC_AGENT_KEYBOARD) {
        cli_error(cmd, "KeyboardAgent plays in the terminal view, one game at "
                  "a time: -j %ld cannot be used with it", o->jobs);
        return EXIT_BAD_INPUT;
    }
    if (o->mpi && (o->fix_seed || o->seed_set || o->jobs > 1 || o->html ||
                   (!o->quiet && !o->text))) {
        cli_error(cmd, "--mpi plays the games on the ranks of MPI, each game "
                  "with its own stream (--seeds N), shown with -q or -t: %s "
                  "cannot be used with it", o->fix_seed ? "-f" : o->seed_set ?
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
    char looked[2048];
    const char *env = getenv("GAMESEARCH_LAYOUTS");
    gs_pac_found f = gs_pac_layout_find(name, env && *env ? env : GS_LAYOUT_DIR,
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
