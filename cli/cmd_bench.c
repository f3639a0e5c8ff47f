/*
 * gamesearch bench: prints the rows and the totals of the library's bench
 * (gamesearch/bench.h), a fixed list of searches whose total node count is
 * a signature of the search code. docs/ref/bench.md says how the signature
 * (bench/signature) is kept.
 *
 * One row per search, then the totals on the last three lines:
 *   Nodes searched: N
 *   Nodes/second: M
 *   Time: S seconds
 * (time and speed count the searches only, not setting them up).
 *
 * Values that are known (tic-tac-toe and Connect Four solved to the end)
 * are checked: a wrong one is reported on standard error and the exit
 * status is 1.
 */
#include <stdio.h>

#include "gamesearch/gamesearch.h"
#include "gamesearch/bench.h"
#include "commands.h"
#include "options.h"

#define CMD "bench"

/* How rows are printed, and how many were. */
typedef struct printer {
    bool json;
    int rows;
} printer;

/* One row of the bench: its line (or JSON object), or why it failed. */
static void print_row(void *user, const gs_bench_row *row)
{
    printer *pr = user;
    const gs_result *r = &row->result;
    if (row->status != GS_OK || r->stopped != GS_STOP_NONE) {
        cli_error(CMD, "%s %s (%s): the search failed: %s", row->game,
                  row->position, row->search,
                  row->status != GS_OK ? gs_strerror(row->status)
                                       : "it stopped early");
        return;
    }
    gs_bench_write_row(row, pr->json, pr->rows++ == 0, cli_file_write, stdout);
    if (row->wrong)
        cli_error(CMD, "%s %s: the search says %.10g, but the position's "
                  "value is %s: the search is wrong", row->game,
                  row->position, r->value, row->want);
}

static const cli_opt bench_opts[] = {
    CLI_OPT("json", 0, FLAG, CLI_AT(printer, json)),
    CLI_OPT("help", 'h', HELP, CLI_NOWHERE),
};

/* Returns 0, 1 (help printed) or EXIT_BAD_INPUT. */
static int parse_options(int argc, char **argv, printer *pr)
{
    *pr = (printer){.json = false};
    cli_parser p = {.cmd = CMD, CLI_TABLE(bench_opts), .target = pr,
                    .help = "bench"};
    return cli_opts_parse(&p, argc, argv);
}

int cmd_bench_options(int argc, char **argv)
{
    printer pr;
    return parse_options(argc, argv, &pr);
}

int cmd_bench(int argc, char **argv)
{
    printer pr;
    int rc = parse_options(argc, argv, &pr);
    if (rc)
        return rc == 1 ? 0 : rc;

    gs_bench_write_start(pr.json, cli_file_write, stdout);
    gs_bench_totals t;
    rc = gs_bench_run(NULL, print_row, &pr, &t);
    if (rc != GS_OK) {
        cli_error(CMD, "cannot set up a search: %s", gs_strerror(rc));
        return 1;
    }
    gs_bench_write_end(&t, pr.json, cli_file_write, stdout);
    if (t.failures) {
        fflush(stdout);
        cli_error(CMD, "%d search%s went wrong (see above)", t.failures,
                  t.failures == 1 ? "" : "es");
        return 1;
    }
    return 0;
}
