/* cli/web.c: writes the self-contained HTML pages of web/ and the help
 * texts of docs/help/ (web.h). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "web.h"

static const cli_web_file *find_in(const cli_web_file *table,
                                   const char *name, size_t len)
{
    for (const cli_web_file *w = table; w->name; w++)
        if (strlen(w->name) == len && memcmp(w->name, name, len) == 0)
            return w;
    return NULL;
}

static const cli_web_file *find(const char *name, size_t len)
{
    return find_in(cli_web_files, name, len);
}

/* The JSON, written to memory first, then copied with '<' escaped. */
static bool write_data(FILE *f, bool (*data)(FILE *, void *), void *user)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m)
        return false;
    bool ok = data(m, user);
    ok = fclose(m) == 0 && ok;
    for (size_t i = 0, from = 0; ok && i <= len; i++) {
        if (i < len && buf[i] != '<')
            continue;
        ok = fwrite(buf + from, 1, i - from, f) == i - from &&
             (i == len || fputs("\\u003c", f) >= 0);
        from = i + 1;
    }
    free(buf);
    return ok;
}

bool cli_web_write(FILE *f, const char *page,
                   bool (*data)(FILE *f, void *user), void *user)
{
    const cli_web_file *t = find(page, strlen(page));
    if (!t)
        return false;
    const char *p = t->data, *end = t->data + t->size;
    while (p < end) {
        const char *at = strstr(p, "@@");
        const char *close = at ? strstr(at + 2, "@@") : NULL;
        if (!close) {
            fwrite(p, 1, (size_t)(end - p), f);
            break;
        }
        fwrite(p, 1, (size_t)(at - p), f);
        size_t n = (size_t)(close - at - 2);
        const cli_web_file *w;
        if (n == 4 && memcmp(at + 2, "DATA", 4) == 0) {
            if (!write_data(f, data, user))
                return false;
        } else if ((w = find(at + 2, n)) != NULL) {
            fwrite(w->data, 1, w->size, f);
        } else {
            fwrite(at, 1, (size_t)(close + 2 - at), f);
        }
        p = close + 2;
    }
    return !ferror(f);
}

int cli_help(FILE *f, const char *name, ...)
{
    char file[64];
    snprintf(file, sizeof file, "%s.txt", name);
    const cli_web_file *t = find_in(cli_help_files, file, strlen(file));
    const char *p = t ? t->data : "", *at, *close;
    while ((at = strstr(p, "@@")) && (close = strstr(at + 2, "@@"))) {
        fwrite(p, 1, (size_t)(at - p), f);
        const char *key, *value = NULL;
        va_list ap;
        va_start(ap, name);
        while ((key = va_arg(ap, const char *)) != NULL) {
            const char *v = va_arg(ap, const char *);
            if (strlen(key) == (size_t)(close - at - 2) &&
                memcmp(key, at + 2, strlen(key)) == 0)
                value = v;
        }
        va_end(ap);
        if (value)
            fputs(value, f);
        else
            fwrite(at, 1, (size_t)(close + 2 - at), f);
        p = close + 2;
    }
    fputs(p, f);
    return 0;
}
