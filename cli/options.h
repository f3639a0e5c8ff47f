/*
 * cli/options.h: the one option parser of every gamesearch command.
 *
 * A command declares its options once, in a table of cli_opt, and
 * cli_opts_parse reads its arguments with that table: it finds each option,
 * takes its value, checks it, stores it in the command's options struct and
 * writes the message when something is wrong. Every message starts
 * "gamesearch CMD: " (cli_error) and the run stops with EXIT_BAD_INPUT:
 *
 *   unknown option '--x' (see gamesearch CMD --help)
 *   ambiguous option '--num' (--numGames, --numghosts)   (with prefixes)
 *   unexpected argument 'x' (see gamesearch CMD --help)  (no positional hook)
 *   --json takes no value                                (--json=1)
 *   --depth needs a value (see gamesearch CMD --help)
 *   --depth needs WANT, not 'x'                          (a bad value)
 *   unknown NOUN 'x' (expected A, B or C)                (CHOICE with noun)
 *
 * WANT is the option's `want`, or for numbers made from the range and the
 * unit: "a whole number of rounds from 0 to 1000000", "a whole number from
 * 1 to 32" (no unit), "a number of seconds from 0 to 86400"; for a CHOICE
 * without noun, its words: "human or computer".
 *
 * Example (a command "demo" with --depth N, --json, --algo A and -h):
 *
 *   typedef struct demo_options { long depth; bool json; int algo; } demo_options;
 *   static const char *const algos[] = {"minimax", "alphabeta", NULL};
 *   static const cli_opt demo_opts[] = {
 *       CLI_OPT("depth", 0, LONG, CLI_AT(demo_options, depth), .lo = 0,
 *               .hi = 1000000, .unit = "rounds"),
 *       CLI_OPT("json", 0, FLAG, CLI_AT(demo_options, json)),
 *       CLI_OPT("algo", 0, CHOICE, CLI_AT(demo_options, algo),
 *               .choices = algos, .noun = "algorithm"),
 *       CLI_OPT("help", 'h', HELP, CLI_NOWHERE),
 *   };
 *   demo_options o = {.depth = -1};          (defaults first)
 *   cli_parser p = {.cmd = "demo", CLI_TABLE(demo_opts), .target = &o,
 *                   .help = "demo"};            (docs/help/demo.txt)
 *   int rc = cli_opts_parse(&p, argc, argv);  (argv[0] is "demo")
 *   if (rc)
 *       return rc == 1 ? 0 : rc;              (1: the help was printed)
 *   if (cli_opts_given(&p, "--depth")) ...
 *
 * Spelling on the command line, for every command: --name VALUE,
 * --name=VALUE, -x VALUE (an option with a letter), "--" ends the options,
 * "-" alone is a positional argument. Long names must be given whole and
 * short ones alone ("-x", never "-xy"), unless the parser's flags say:
 *   CLI_PARSE_CLUSTERS  letters clustered as optparse reads them: -qf,
 *                       -n10, -qn 10 (a letter with a value takes the rest
 *                       of its argument, or else the next one)
 *   CLI_PARSE_PREFIXES  a long name shortened to any unambiguous prefix
 *                       (--numG 3); messages then name the option whole.
 *
 * Sub-commands and modes. Each option may say which modes it goes with
 * (`modes`, a bit mask of the command's own bits; 0: every mode):
 *   - when the mode is known before parsing (gamesearch ttt has no --size,
 *     gamesearch mnk has), set the parser's `only`: options that do not go
 *     with it are unknown options there;
 *   - when the mode is itself an argument (connect4 solve|play|...), read it
 *     with the positional hook and check afterwards with cli_opts_check_mode
 *     ("--first goes with play") or cli_opts_outside (your own message).
 */
#ifndef GS_CLI_OPTIONS_H
#define GS_CLI_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

typedef struct cli_parser cli_parser;
typedef struct cli_opt cli_opt;

typedef enum cli_opt_kind {
    CLI_OPT_FLAG,     /* no value; stores true in a bool */
    CLI_OPT_CLEAR,    /* no value; stores false in a bool (--no-tt) */
    CLI_OPT_HELP,     /* no value; prints the parser's help (or usage, or
                         calls the hook) and stops the parse with 1 */
    CLI_OPT_LONG,     /* a whole number in [lo, hi] into a long */
    CLI_OPT_INT,      /* the same into an int (keep lo and hi in int) */
    CLI_OPT_SECONDS,  /* seconds, 0 to 86400, fractions allowed: a double */
    CLI_OPT_STRING,   /* the value itself: a const char * */
    CLI_OPT_CHOICE,   /* one of the words of `choices`: an int, the word's
                         index (or values[index] when values is set) */
    CLI_OPT_VALUE,    /* a value, stored nowhere: the hook does the work */
    CLI_OPT_MAYBE     /* an optional value: "--name=VALUE" gives the hook
                         VALUE, "--name" NULL; the hook may take the next
                         argument itself: p->argv[p->next++] */
} cli_opt_kind;

/*
 * One entry of a table: long name (NULL: none), letter (0: none), kind
 * without its CLI_OPT_ prefix, offset, then any other fields designated
 * (.lo = 1, .hi = 9, .unit = "games", .hook = f, .modes = M_PLAY, ...).
 */
#define CLI_OPT(name_, letter_, kind_, offset_, ...) \
    {.name = (name_), .letter = (letter_), .kind = CLI_OPT_##kind_, \
     .offset = (offset_), __VA_ARGS__}

/* For `offset`: where a value goes in the parser's target struct. */
#define CLI_AT(type, member) offsetof(type, member)
/* For `offset`: nothing is stored (a hook, or only cli_opts_given). */
#define CLI_NOWHERE ((size_t)-1)

/* What a hook may return besides 0 (go on), 1 (stop: help printed) and
 * EXIT_BAD_INPUT (stop: it printed the message): the parser then prints
 * "OPTION needs WANT, not 'VALUE'" and stops with EXIT_BAD_INPUT. */
#define CLI_OPT_BAD (-1)

/*
 * A hook, called after the kind's own work (a number already checked and
 * stored, ...), with the option's value (NULL for the kinds without one).
 * p->opt is the option, p->shown its name for messages ("--depth", "-n").
 */
typedef int (*cli_opt_hook)(cli_parser *p, const char *value);

struct cli_opt {
    const char *name;     /* long name without "--" ("depth"); NULL: none */
    char letter;          /* short name without "-" ('h'); 0: none */
    cli_opt_kind kind;
    size_t offset;        /* CLI_AT(struct, member) or CLI_NOWHERE */
    long lo, hi;          /* LONG, INT: the range accepted */
    const char *unit;     /* LONG, INT: "rounds" in "a whole number of
                             rounds from 0 to 10" (NULL: "a whole number
                             from 0 to 10") */
    const char *want;     /* what a value must be, when the made-up WANT
                             above does not fit ("ROWSxCOLUMNS, each 1 to
                             32"); needed for a hook that returns
                             CLI_OPT_BAD */
    const char *const *choices;   /* CHOICE: the words, NULL-terminated */
    const int *values;    /* CHOICE: what each word stores (NULL: index) */
    const char *noun;     /* CHOICE: "algorithm" makes the message "unknown
                             algorithm 'x' (expected A, B or C)"; NULL:
                             "--x needs A or B, not 'x'" */
    cli_opt_hook hook;    /* NULL: none */
    unsigned modes;       /* the modes it goes with (bit mask); 0: all */
};

/* Parser flags. */
enum {
    CLI_PARSE_CLUSTERS = 1u << 0,   /* -qf, -n10: see above */
    CLI_PARSE_PREFIXES = 1u << 1    /* --numG for --numGames */
};

/* The most options one table may hold. */
#define CLI_OPTS_MAX 40

/* For the parser's initializer: the table and its length. */
#define CLI_TABLE(table) .opts = (table), .count = sizeof(table) / sizeof((table)[0])

struct cli_parser {
    /* Set by the command (a designated initializer; the rest zero): */
    const char *cmd;          /* "tree": the messages' command */
    const cli_opt *opts;      /* the table (CLI_TABLE) */
    size_t count;
    void *target;             /* the struct that offsets point into */
    unsigned flags;           /* CLI_PARSE_* */
    unsigned only;            /* nonzero: options whose modes do not meet
                                 it are unknown */
    const char *help;         /* the help CLI_OPT_HELP prints: the name of
                                 docs/help/NAME.txt, printed by cli_help
                                 (web.h) without placeholders */
    const char *usage;        /* or, without help, this text */
    /* Positional arguments, in order, or NULL: each one is "unexpected".
     * Returns 0 or EXIT_BAD_INPUT after its message. */
    int (*positional)(cli_parser *p, const char *arg);
    void *user;               /* for the hooks */

    /* Set while parsing, for the hooks: */
    char **argv;              /* the arguments after the command's name */
    int argc;                 /* how many */
    int next;                 /* the index of the next one to read */
    const cli_opt *opt;       /* the option being read */
    char shown[72];           /* its name as messages give it */

    /* Set by cli_opts_parse: for each option of the table, the place
     * (1, 2, ...) among the options given at which it was first given, 0
     * if never, and the letter it was then given by (0: its long name). */
    int order[CLI_OPTS_MAX];
    char given_as[CLI_OPTS_MAX];
    int given;                /* options given, all told */
};

/*
 * Reads argv[1..argc-1] (argv[0] names the command) with p's table into
 * p->target, which holds the defaults beforehand. Returns 0; 1 when the
 * help was printed (the command then exits 0); EXIT_BAD_INPUT after one
 * message. Stops at the first problem.
 */
int cli_opts_parse(cli_parser *p, int argc, char **argv);

/* Whether the option named "--name" (or "-x" for one with only a letter)
 * was given. */
bool cli_opts_given(const cli_parser *p, const char *name);

/* The first option given that does not go with `mode` (no bit of its
 * modes in mode), as messages name it ("-n" or "--numGames", after the
 * way it was given; kept in p->shown), or NULL. */
const char *cli_opts_outside(cli_parser *p, unsigned mode);

/*
 * The same check with its message: when an option given does not go with
 * `mode`, says "OPTION goes with A" ("with A and B", "with A, B and C"),
 * names[i] being the word for mode bit i, and returns EXIT_BAD_INPUT;
 * otherwise returns 0.
 */
int cli_opts_check_mode(cli_parser *p, unsigned mode,
                        const char *const names[]);

#endif /* GS_CLI_OPTIONS_H */
