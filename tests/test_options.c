/*
 * test_options: the program's option parser (cli/options.h): what it
 * stores, and the exact message for each kind of mistake.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "options.h"

typedef struct demo {
    long depth;
    int k, algo, who;
    bool json, tt;
    double time;
    const char *out, *file, *check;
} demo;

enum { M_SOLVE = 1, M_PLAY = 2, M_BOOK = 4 };

static const char *const algos[] = {"minimax", "alphabeta", "mcts", NULL};
static const int algo_values[] = {0, 1, 4};
static const char *const sides[] = {"human", "computer", NULL};
static const char *const mode_names[] = {"solve", "play", "book"};

static int check_hook(cli_parser *p, const char *value)
{
    ((demo *)p->target)->check = value ? value : "beside";
    return 0;
}

static int even_hook(cli_parser *p, const char *value)
{
    (void)value;
    return ((demo *)p->target)->k % 2 ? CLI_OPT_BAD : 0;
}

static int file_arg(cli_parser *p, const char *arg)
{
    demo *d = p->target;
    if (d->file) {
        cli_error(p->cmd, "one FILE only");
        return EXIT_BAD_INPUT;
    }
    d->file = arg;
    return 0;
}

static const cli_opt opts[] = {
    CLI_OPT("depth", 'd', LONG, CLI_AT(demo, depth), .lo = 0, .hi = 100,
             .unit = "rounds", .modes = M_SOLVE | M_PLAY),
    CLI_OPT("k", 0, INT, CLI_AT(demo, k), .lo = 1, .hi = 32,
             .hook = even_hook, .want = "an even number from 2 to 32"),
    CLI_OPT("algo", 0, CHOICE, CLI_AT(demo, algo), .choices = algos,
             .values = algo_values, .noun = "algorithm"),
    CLI_OPT("first", 0, CHOICE, CLI_AT(demo, who), .choices = sides,
             .modes = M_PLAY),
    CLI_OPT("json", 'j', FLAG, CLI_AT(demo, json)),
    CLI_OPT("no-tt", 0, CLEAR, CLI_AT(demo, tt)),
    CLI_OPT("time", 0, SECONDS, CLI_AT(demo, time)),
    CLI_OPT("out", 'o', STRING, CLI_AT(demo, out), .modes = M_BOOK),
    CLI_OPT("output-format", 0, STRING, CLI_NOWHERE),
    CLI_OPT("check", 0, MAYBE, CLI_NOWHERE, .hook = check_hook),
    CLI_OPT("help", 'h', HELP, CLI_NOWHERE),
};

static char errors[1024];
static int saved_fd = -1;
static FILE *capture;

/* Messages written to standard error from here on land in `errors`. */
static void capture_begin(void)
{
    fflush(stderr);
    capture = tmpfile();
    assert_non_null(capture);
    saved_fd = dup(STDERR_FILENO);
    dup2(fileno(capture), STDERR_FILENO);
}

static void capture_end(void)
{
    fflush(stderr);
    dup2(saved_fd, STDERR_FILENO);
    close(saved_fd);
    rewind(capture);
    size_t n = fread(errors, 1, sizeof errors - 1, capture);
    errors[n] = '\0';
    fclose(capture);
}

/* Parses the arguments after "demo" into *d with `flags`, capturing the
 * messages. */
static int parse_with(demo *d, cli_parser *p, unsigned flags, ...)
{
    char *argv[16] = {(char *)"demo"};
    int argc = 1;
    va_list ap;
    va_start(ap, flags);
    for (char *s; argc < 15 && (s = va_arg(ap, char *)) != NULL;)
        argv[argc++] = s;
    va_end(ap);
    *d = (demo){.depth = -1, .tt = true, .who = -1};
    *p = (cli_parser){.cmd = "demo", CLI_TABLE(opts), .target = d,
                      .flags = flags, .usage = "usage: demo\n",
                      .positional = file_arg};
    capture_begin();
    int rc = cli_opts_parse(p, argc, argv);
    capture_end();
    return rc;
}

#define PARSE(d, p, flags, ...) parse_with((d), (p), (flags), __VA_ARGS__, (char *)NULL)

static void test_stores(void **state)
{
    (void)state;
    demo d;
    cli_parser p;
    assert_int_equal(PARSE(&d, &p, 0, "--depth", "7", "--k=4", "in.txt",
                           "--algo", "mcts", "--json", "--no-tt", "-o",
                           "x.bin", "--time", "1.5", "--first=computer"), 0);
    assert_int_equal(d.depth, 7);
    assert_int_equal(d.k, 4);
    assert_int_equal(d.algo, 4);
    assert_int_equal(d.who, 1);
    assert_true(d.json);
    assert_false(d.tt);
    assert_string_equal(d.out, "x.bin");
    assert_string_equal(d.file, "in.txt");
    assert_true(d.time == 1.5);
    assert_null(d.check);
    assert_string_equal(errors, "");
    assert_true(cli_opts_given(&p, "--k"));
    assert_true(cli_opts_given(&p, "-o"));
    assert_false(cli_opts_given(&p, "--check"));
    assert_false(cli_opts_given(&p, "-h"));
    /* --depth goes with solve and play, --out with book, --first play */
    assert_string_equal(cli_opts_outside(&p, M_SOLVE), "-o");
    assert_string_equal(cli_opts_outside(&p, M_SOLVE | M_BOOK), "--first");
    assert_null(cli_opts_outside(&p, M_SOLVE | M_PLAY | M_BOOK));
}

static void test_messages(void **state)
{
    (void)state;
    static const struct {
        const char *args[3];
        const char *message;
    } cases[] = {
        {{"--depth", "x"}, "gamesearch demo: --depth needs a whole number of "
         "rounds from 0 to 100, not 'x'\n"},
        {{"--depth=101"}, "gamesearch demo: --depth needs a whole number of "
         "rounds from 0 to 100, not '101'\n"},
        {{"-d", "-1"}, "gamesearch demo: -d needs a whole number of rounds "
         "from 0 to 100, not '-1'\n"},
        {{"--k", "3"}, "gamesearch demo: --k needs an even number from 2 to "
         "32, not '3'\n"},
        {{"--depth"}, "gamesearch demo: --depth needs a value (see "
         "gamesearch demo --help)\n"},
        {{"--json=1"}, "gamesearch demo: --json takes no value\n"},
        {{"--jsonx"}, "gamesearch demo: unknown option '--jsonx' (see "
         "gamesearch demo --help)\n"},
        {{"--js"}, "gamesearch demo: unknown option '--js' (see gamesearch "
         "demo --help)\n"},
        {{"-jo", "f"}, "gamesearch demo: unknown option '-jo' (see "
         "gamesearch demo --help)\n"},
        {{"-x"}, "gamesearch demo: unknown option '-x' (see gamesearch demo "
         "--help)\n"},
        {{"--algo", "best"}, "gamesearch demo: unknown algorithm 'best' "
         "(expected minimax, alphabeta or mcts)\n"},
        {{"--first", "cat"}, "gamesearch demo: --first needs human or "
         "computer, not 'cat'\n"},
        {{"--time", "-2"}, "gamesearch demo: --time needs a number of "
         "seconds from 0 to 86400, not '-2'\n"},
        {{"a", "b"}, "gamesearch demo: one FILE only\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        demo d;
        cli_parser p;
        int rc = parse_with(&d, &p, 0, cases[i].args[0], cases[i].args[1],
                            cases[i].args[2], (char *)NULL);
        assert_int_equal(rc, EXIT_BAD_INPUT);
        assert_string_equal(errors, cases[i].message);
    }
}

static void test_help_and_maybe(void **state)
{
    (void)state;
    demo d;
    cli_parser p;
    assert_int_equal(PARSE(&d, &p, 0, "--json", "-h", "--bogus"), 1);
    assert_true(d.json);
    assert_int_equal(PARSE(&d, &p, 0, "--check", "in.test"), 0);
    assert_string_equal(d.check, "beside");
    assert_string_equal(d.file, "in.test");
    assert_int_equal(PARSE(&d, &p, 0, "--check=a.sol"), 0);
    assert_string_equal(d.check, "a.sol");
    assert_int_equal(PARSE(&d, &p, 0, "--", "--json"), 0);
    assert_string_equal(d.file, "--json");
    assert_false(d.json);
}

static void test_clusters_and_prefixes(void **state)
{
    (void)state;
    demo d;
    cli_parser p;
    unsigned both = CLI_PARSE_CLUSTERS | CLI_PARSE_PREFIXES;
    assert_int_equal(PARSE(&d, &p, both, "-jd12", "--ti=2", "-jo", "f"), 0);
    assert_true(d.json);
    assert_int_equal(d.depth, 12);
    assert_true(d.time == 2.0);
    assert_string_equal(d.out, "f");
    assert_int_equal(PARSE(&d, &p, both, "-jd"), EXIT_BAD_INPUT);
    assert_string_equal(errors, "gamesearch demo: -d needs a value (see "
                        "gamesearch demo --help)\n");
    assert_int_equal(PARSE(&d, &p, both, "-jx"), EXIT_BAD_INPUT);
    assert_string_equal(errors, "gamesearch demo: unknown option '-x' (see "
                        "gamesearch demo --help)\n");
    assert_int_equal(PARSE(&d, &p, both, "--o", "f"), EXIT_BAD_INPUT);
    assert_string_equal(errors, "gamesearch demo: ambiguous option '--o' "
                        "(--out, --output-format)\n");
    assert_int_equal(PARSE(&d, &p, both, "--de", "x"), EXIT_BAD_INPUT);
    assert_string_equal(errors, "gamesearch demo: --depth needs a whole number "
                        "of rounds from 0 to 100, not 'x'\n");
    assert_int_equal(PARSE(&d, &p, both, "--js=1"), EXIT_BAD_INPUT);
    assert_string_equal(errors, "gamesearch demo: --json takes no value\n");
    /* the first option outside a mode, as it was typed */
    assert_int_equal(PARSE(&d, &p, both, "-ofile", "--fir", "human"), 0);
    assert_string_equal(cli_opts_outside(&p, M_PLAY), "-o");
    assert_int_equal(PARSE(&d, &p, both, "--fir", "human", "-ofile"), 0);
    assert_string_equal(cli_opts_outside(&p, M_BOOK), "--first");
}

static void test_modes(void **state)
{
    (void)state;
    demo d;
    cli_parser p;
    assert_int_equal(PARSE(&d, &p, 0, "--out", "f", "--depth", "3"), 0);
    capture_begin();
    assert_int_equal(cli_opts_check_mode(&p, M_BOOK, mode_names),
                     EXIT_BAD_INPUT);
    assert_int_equal(cli_opts_check_mode(&p, M_SOLVE | M_PLAY | M_BOOK,
                                         mode_names), 0);
    capture_end();
    assert_string_equal(errors, "gamesearch demo: --depth goes with solve and "
                        "play\n");
    /* `only`: options of other modes are unknown */
    char *argv[] = {(char *)"demo", (char *)"--out", (char *)"f", NULL};
    p = (cli_parser){.cmd = "demo", CLI_TABLE(opts), .target = &d,
                     .only = M_SOLVE};
    capture_begin();
    assert_int_equal(cli_opts_parse(&p, 3, argv), EXIT_BAD_INPUT);
    argv[1] = (char *)"--first";
    argv[2] = (char *)"human";
    p.only = M_PLAY;
    assert_int_equal(cli_opts_parse(&p, 3, argv), 0);
    assert_int_equal(cli_opts_check_mode(&p, M_SOLVE, mode_names),
                     EXIT_BAD_INPUT);
    capture_end();
    assert_string_equal(errors, "gamesearch demo: unknown option '--out' (see "
                        "gamesearch demo --help)\n"
                        "gamesearch demo: --first goes with play\n");
    assert_int_equal(d.who, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stores),
        cmocka_unit_test(test_messages),
        cmocka_unit_test(test_help_and_maybe),
        cmocka_unit_test(test_clusters_and_prefixes),
        cmocka_unit_test(test_modes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
