/*
 * gamesearch web --out DIR: writes the static site of the pages that
 * search in the browser with the engine compiled to WebAssembly
 * (web/gs.js, cli_web_engine[]): DIR/index.html, which links the pages and
 * says what each does, DIR/tree-lab.html, DIR/connect4.html and
 * DIR/pacman.html. Each page is one self-contained file (its CSS, scripts
 * and module inline) that opens from disk with no network. Files are
 * written as every output option writes them (cli/outfile.h): all or
 * nothing.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "commands.h"
#include "options.h"
#include "outfile.h"
#include "util.h"
#include "web.h"

#define CMD "web"

typedef struct web_options {
    const char *out;
} web_options;

static const cli_opt web_opts[] = {
    CLI_OPT("out", 0, STRING, CLI_AT(web_options, out)),
    CLI_OPT("help", 'h', HELP, CLI_NOWHERE),
};

/* Returns 0, 1 (help printed) or EXIT_BAD_INPUT. */
static int parse_options(int argc, char **argv, web_options *o)
{
    *o = (web_options){.out = NULL};
    cli_parser p = {.cmd = CMD, CLI_TABLE(web_opts), .target = o,
                    .help = "web"};
    int s = cli_opts_parse(&p, argc, argv);
    if (s != 0)
        return s;
    if (!o->out) {
        cli_error(CMD, "give the site's directory: --out DIR");
        return EXIT_BAD_INPUT;
    }
    return 0;
}

int cmd_web_options(int argc, char **argv)
{
    web_options o;
    return parse_options(argc, argv, &o);
}

/* The pages' data: none (the lab reads its tree from the page itself). */
static bool no_data(FILE *f, void *user)
{
    (void)user;
    return fputs("{\"lab\":true}", f) >= 0;
}

/* The Connect Four page's data: none, the page plays in the browser. */
static bool connect4_data(FILE *f, void *user)
{
    (void)user;
    return fputs("{\"connect4\":true}", f) >= 0;
}

/* The site's pages: the file written, the template of web/, the data. */
static const struct {
    const char *file;
    const char *page;
    bool (*data)(FILE *f, void *user);
} site[] = {
    {"index.html", "index.html", NULL},
    {"tree-lab.html", "tree.html", no_data},
    {"connect4.html", "connect4.html", connect4_data},
    {"pacman.html", "pacman-play.html", NULL},
};
enum { SITE_PAGES = sizeof site / sizeof site[0] };

int cmd_web(int argc, char **argv)
{
    web_options o;
    int status = parse_options(argc, argv, &o);
    if (status != 0)
        return status == 1 ? 0 : status;
    if (!cli_web_engine_present()) {
        cli_error(CMD, "this build has no WebAssembly engine, so it cannot "
                  "write the pages that search in the browser (build with "
                  "clang, lld and wasi-libc installed, or -DGS_WASM_JS=PATH)");
        return EXIT_BAD_INPUT;
    }

    /* Step 1. The directory must be there: the site goes into it. */
    struct stat st;
    if (stat(o.out, &st) != 0) {
        cli_error(CMD, "--out %s: %s", o.out,
                  errno == ENOENT ? "no such directory (create it first)"
                                  : strerror(errno));
        return EXIT_BAD_INPUT;
    }
    if (!S_ISDIR(st.st_mode)) {
        cli_error(CMD, "--out %s: not a directory", o.out);
        return EXIT_BAD_INPUT;
    }

    /* Step 2. Open every file before writing any. */
    cli_outfile files[SITE_PAGES];
    cli_outfile *outs[SITE_PAGES];
    char paths[SITE_PAGES][4096];
    for (size_t i = 0; i < SITE_PAGES; i++) {
        files[i] = (cli_outfile)CLI_OUTFILE_NONE;
        outs[i] = &files[i];
    }
    status = 0;
    for (size_t i = 0; i < SITE_PAGES && status == 0; i++) {
        size_t n = strlen(o.out);
        int w = snprintf(paths[i], sizeof paths[i], "%s%s%s", o.out,
                         n && o.out[n - 1] == '/' ? "" : "/", site[i].file);
        if (w < 0 || (size_t)w >= sizeof paths[i]) {
            cli_error(CMD, "--out %s: the name is too long", o.out);
            status = EXIT_BAD_INPUT;
        } else if (!cli_outfile_open(CMD, &files[i], "--out", paths[i],
                                     NULL, NULL)) {
            status = EXIT_BAD_INPUT;
        }
    }

    /* Step 3. Write them, then put them in place together. */
    for (size_t i = 0; i < SITE_PAGES && status == 0; i++) {
        bool ok = cli_web_write_page(files[i].f, site[i].page, site[i].data,
                                     NULL, true);
        status = cli_outfile_wrote(CMD, &files[i], ok);
    }
    status = cli_outfile_commit(CMD, (cli_outfile *const *)outs, SITE_PAGES,
                                status);
    if (status == 0) {
        /* "wrote A, B and C" */
        printf("wrote");
        for (size_t i = 0; i < SITE_PAGES; i++)
            printf("%s %s", i == 0 ? "" : i + 1 < SITE_PAGES ? "," : " and",
                   paths[i]);
        printf("\n");
    }
    return status;
}
