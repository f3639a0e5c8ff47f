/* cli/web.c: writes the self-contained HTML pages of web/ and the help
 * texts of docs/help/ (web.h). */
/* realpath() */
#define _XOPEN_SOURCE 700

#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gamesearch/text.h"

#include "util.h"
#include "web.h"

static const cli_web_file *find_in(const cli_web_file *table,
                                   const char *name, size_t len)
{
    for (const cli_web_file *w = table; w->name; w++)
        if (strlen(w->name) == len && memcmp(w->name, name, len) == 0)
            return w;
    return NULL;
}

/* A page's keys: @@DATA@@ the JSON that data() writes, written to memory
 * first, then copied with '<' escaped; @@FILE@@ that file of web/. */
typedef struct page_data {
    bool (*data)(FILE *f, void *user);
    void *user;
    bool engine;      /* @@ENGINE@@: gs.js, the WebAssembly engine */
    const char *page; /* the template's name */
} page_data;

/* The pages that search only explicit trees take the smaller module
 * without Connect Four (gs-tree.js), when the build has it. */
static const cli_web_file *engine_for(const char *page)
{
    static const char *const tree_pages[] = {"tree.html"};
    for (size_t i = 0; i < sizeof tree_pages / sizeof tree_pages[0]; i++) {
        if (strcmp(page, tree_pages[i]) != 0)
            continue;
        const cli_web_file *t = find_in(cli_web_engine, "gs-tree.js", 10);
        if (t)
            return t;
    }
    return find_in(cli_web_engine, "gs.js", 5);
}

static int page_key(void *user, const char *key, size_t n, gs_write_fn write,
                    void *f)
{
    const page_data *pd = user;
    const cli_web_file *w = find_in(cli_web_files, key, n);
    if (n == 6 && memcmp(key, "ENGINE", 6) == 0) {
        const cli_web_file *e = pd->engine ? engine_for(pd->page) : NULL;
        return e ? write(f, e->data, e->size) : 0;
    }
    if (n == 4 && memcmp(key, "DATA", 4) == 0) {
        if (!pd->data)
            return write(f, "null", 4);
        char *buf = NULL;
        size_t len = 0;
        FILE *m = open_memstream(&buf, &len);
        bool ok = m && pd->data(m, pd->user);
        ok = m && fclose(m) == 0 && ok &&
             gs_script_text(buf, len, write, f) == 0;
        free(buf);
        return ok ? 0 : 1;
    }
    return w ? write(f, w->data, w->size) : GS_TEMPLATE_KEEP;
}

bool cli_web_engine_present(void)
{
    return cli_web_engine[0].name != NULL;
}

bool cli_web_write(FILE *f, const char *page,
                   bool (*data)(FILE *f, void *user), void *user)
{
    return cli_web_write_page(f, page, data, user, false);
}

bool cli_web_write_page(FILE *f, const char *page,
                        bool (*data)(FILE *f, void *user), void *user,
                        bool engine)
{
    const cli_web_file *t = find_in(cli_web_files, page, strlen(page));
    page_data pd = {data, user, engine, page};
    return t && gs_template_write(t->data, t->size, page_key, &pd,
                                  cli_file_write, f) == 0 && !ferror(f);
}

/* The help texts' keys: the value after KEY in the list of pairs. */
typedef struct help_keys {
    va_list pairs;
} help_keys;

static int help_key(void *user, const char *key, size_t n, gs_write_fn write,
                    void *f)
{
    help_keys *h = user;
    const char *k, *value = NULL;
    va_list ap;
    va_copy(ap, h->pairs);
    while ((k = va_arg(ap, const char *)) != NULL) {
        const char *v = va_arg(ap, const char *);
        if (strlen(k) == n && memcmp(k, key, n) == 0)
            value = v;
    }
    va_end(ap);
    return value ? write(f, value, strlen(value)) : GS_TEMPLATE_KEEP;
}

/* Where `cmake --install` puts README.md and docs/ (its DOCDIR), and
 * the same relative to the directory of the installed program. */
#ifndef GS_DOC_DIR
#define GS_DOC_DIR "/usr/local/share/doc/gamesearch"
#endif
#ifndef GS_DOC_FROM_BINDIR
#define GS_DOC_FROM_BINDIR "../share/doc/gamesearch"
#endif

/* The installed documentation into buf: beside the program when it is
 * there (an install moved with --prefix finds its own), else where the
 * build configured the install. */
static const char *doc_dir(char *buf, size_t size)
{
    char exe[PATH_MAX], dir[PATH_MAX + sizeof GS_DOC_FROM_BINDIR];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0 && size >= PATH_MAX) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) {
            slash[1] = '\0';
            snprintf(dir, sizeof dir, "%s%s", exe, GS_DOC_FROM_BINDIR);
            if (realpath(dir, buf))
                return buf;
        }
    }
    snprintf(buf, size, "%s", GS_DOC_DIR);
    return buf;
}

int cli_help(FILE *f, const char *name, ...)
{
    char file[64];
    snprintf(file, sizeof file, "%s.txt", name);
    const cli_web_file *t = find_in(cli_help_files, file, strlen(file));
    help_keys h;
    va_start(h.pairs, name);
    if (t)
        gs_template_write(t->data, t->size, help_key, &h, cli_file_write, f);
    va_end(h.pairs);
    /* The page of the command, as installed and as in the source tree. */
    char page[64];
    if (strcmp(name, "gamesearch") == 0)
        snprintf(page, sizeof page, "README.md");
    else if (strcmp(name, "mnk") == 0)
        snprintf(page, sizeof page, "docs/ref/ttt-mnk-gomoku.md");
    else
        snprintf(page, sizeof page, "docs/ref/%s.md", name);
    char dir[PATH_MAX];
    fprintf(f, "\nDocumentation: %s/%s\n(%s in the source tree; docs/index.md lists every page)\n",
            doc_dir(dir, sizeof dir), page, page);
    return 0;
}
