/*
 * cli/web.h: the program's HTML pages and help texts. Their sources are the files of web/,
 * built into the program (cmake/EmbedWeb.cmake); a page is written as one
 * self-contained file: the template web/PAGE.html with every
 * "@@FILE@@" replaced by that file of web/ and "@@DATA@@" by one JSON
 * value, which the page's script reads from
 * <script type="application/json" id="gs-data">. It works opened from disk
 * with no network.
 */
#ifndef GS_CLI_WEB_H
#define GS_CLI_WEB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct cli_web_file {
    const char *name;      /* "tree.html" */
    const char *data;      /* its bytes, NUL after them */
    size_t size;
} cli_web_file;

/* Every file of web/; the last entry's name is NULL. */
extern const cli_web_file cli_web_files[];
/* Every help text of docs/help/ ("connect4.txt"), likewise. */
extern const cli_web_file cli_help_files[];

/*
 * Prints the help text docs/help/`name`.txt on f, each "@@KEY@@" in it
 * replaced by the value that follows KEY in the NULL-ended list of pairs
 * (cli_help(stdout, "mnk", "CMD", "ttt", NULL)), then where the
 * command's page is installed (beside the program, else GS_DOC_DIR) and
 * where it is in the source tree; returns 0, the exit status of --help.
 */
int cli_help(FILE *f, const char *name, ...);

/*
 * Writes the page made from web/`page` (e.g. "tree.html") to f, with the
 * JSON written by data(f, user) as its data. Every '<' that the JSON holds
 * (only inside its strings) is written as \u003c, so that no name can end
 * the script element. Returns false when data() did or a write failed.
 */
bool cli_web_write(FILE *f, const char *page,
                   bool (*data)(FILE *f, void *user), void *user);

/* The WebAssembly engine, build-wasm's gs.js (cmake/WebEngine.cmake), and
 * gs-tree.js, the smaller module of the pages that search explicit trees
 * only (tree.html), when built; none in a build without it. */
extern const cli_web_file cli_web_engine[];

/* Whether this build carries the engine. */
bool cli_web_engine_present(void);

/*
 * cli_web_write, and: data may be NULL (the page's data is then null);
 * "@@ENGINE@@" in the template is replaced by the engine when `engine` (and
 * the build has one), else by nothing.
 */
bool cli_web_write_page(FILE *f, const char *page,
                        bool (*data)(FILE *f, void *user), void *user,
                        bool engine);

#endif /* GS_CLI_WEB_H */
