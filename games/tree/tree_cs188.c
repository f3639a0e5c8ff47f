/*
 * games/tree/tree_cs188.c: the CS188 autograder's test-file format (the
 * fields of .test and .solution files) and the comparison of a search with
 * a .solution, as the autograder's GraphGameTreeTest makes it. Building a
 * tree from a .test file's fields is in tree_parse.c.
 *
 * The format, as the autograder reads it: a '#' starts a comment on a
 * field's line; blank lines are skipped; a field is `KEY: "VALUE"` on one
 * line, or `KEY: """` followed by raw lines (comments not removed) up to
 * a line holding only `"""`.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tree_internal.h"

#if defined(__GNUC__)
#define CS188_PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define CS188_PRINTF_LIKE(f, a)
#endif

static int fail(gs_error *err, int line, int col, const char *fmt, ...)
    CS188_PRINTF_LIKE(4, 5);

static int fail(gs_error *err, int line, int col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    err->line = line;
    err->column = col;
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return GS_EPARSE;
}

static bool blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* The end of the line starting at b (its '\n' or n). */
static size_t line_end(const char *s, size_t n, size_t b)
{
    const char *nl = memchr(s + b, '\n', n - b);
    return nl ? (size_t)(nl - s) : n;
}

/* Only blanks in [b, e). */
static bool all_blank(const char *s, size_t b, size_t e)
{
    while (b < e && blank(s[b]))
        b++;
    return b == e;
}

int tree_cs188_fields(const char *s, size_t n, const char *const *keys,
                      int nkeys, tree_field *fields, gs_error *err)
{
    for (int k = 0; k < nkeys; k++)
        memset(&fields[k], 0, sizeof fields[k]);
    int line = 1;
    for (size_t b = 0; b < n; line++) {
        size_t e = line_end(s, n, b), next = e < n ? e + 1 : n;
        const char *hash = memchr(s + b, '#', e - b);
        size_t c = hash ? (size_t)(hash - s) : e;   /* comment cut off */
        if (all_blank(s, b, c)) {
            b = next;
            continue;
        }
        const char *colon = memchr(s + b, ':', c - b);
        const char *quote = memchr(s + b, '"', c - b);
        size_t q = colon ? (size_t)(colon - s) + 1 : c;
        while (q < c && blank(s[q]))
            q++;
        if (!colon || (quote && quote < colon) || q >= c || s[q] != '"')
            return fail(err, line, 1, "expected KEY: \"VALUE\" or KEY: \"\"\" "
                        "(a CS188 test file)");
        size_t klen = (size_t)(colon - s) - b;
        int k = -1;
        for (int i = 0; i < nkeys; i++)
            if (strlen(keys[i]) == klen && memcmp(s + b, keys[i], klen) == 0)
                k = i;
        if (k >= 0 && fields[k].found)
            return fail(err, line, 1, "%s is already given on line %d",
                        keys[k], fields[k].line);
        tree_field f = {0};
        f.found = true;
        if (q + 3 <= c && memcmp(s + q, "\"\"\"", 3) == 0 &&
            all_blank(s, q + 3, c)) {
            /* KEY: """ then raw lines up to one holding only """ */
            size_t v = next, at = v;
            int vline = line + 1;
            for (;;) {
                if (at >= n)
                    return fail(err, line, (int)(q - b) + 1,
                                "the \"\"\" of %.*s is never closed",
                                (int)(klen > 40 ? 40 : klen), s + b);
                size_t le = line_end(s, n, at), k3 = at;
                while (k3 < le && blank(s[k3]))
                    k3++;
                if (k3 + 3 <= le && memcmp(s + k3, "\"\"\"", 3) == 0 &&
                    all_blank(s, k3 + 3, le)) {
                    f.at = v;
                    f.len = at > v ? at - 1 - v : 0;
                    f.line = vline;
                    f.line_start = v;
                    f.value_line = line;
                    /* on to the closing line */
                    line = vline;
                    for (size_t i = v; i < at; i++)
                        line += s[i] == '\n';
                    next = le < n ? le + 1 : n;
                    break;
                }
                at = le < n ? le + 1 : n;
            }
        } else {
            const char *close = memchr(s + q + 1, '"', c - q - 1);
            if (!close || !all_blank(s, (size_t)(close - s) + 1, c))
                return fail(err, line, (int)(q - b) + 1,
                            "expected one \"VALUE\" after %.*s:",
                            (int)(klen > 40 ? 40 : klen), s + b);
            f.at = q + 1;
            f.len = (size_t)(close - s) - f.at;
            f.line = f.value_line = line;
            f.line_start = b;
        }
        if (k >= 0)
            fields[k] = f;
        b = next;
    }
    return GS_OK;
}

/* ---- Comparing a search with a .solution ---- */

typedef struct report {
    char *buf;
    size_t size, len;
} report;

static void put(report *r, const char *fmt, ...) CS188_PRINTF_LIKE(2, 3);

static void put(report *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(r->len < r->size ? r->buf + r->len : NULL,
                      r->len < r->size ? r->size - r->len : 0, fmt, ap);
    va_end(ap);
    if (w > 0)
        r->len += (size_t)w;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Sorts names[0 .. n-1] and drops repeats; the new count. */
static size_t sort_unique(const char **names, size_t n)
{
    qsort(names, n, sizeof *names, by_name);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (k == 0 || strcmp(names[k - 1], names[i]) != 0)
            names[k++] = names[i];
    return k;
}

/* The names in a of which b (both sorted) has none, after `label`. */
static void put_missing(report *r, const char *label, const char **a,
                        size_t na, const char **b, size_t nb)
{
    bool any = false;
    for (size_t i = 0, j = 0; i < na; i++) {
        while (j < nb && strcmp(b[j], a[i]) < 0)
            j++;
        if (j < nb && strcmp(b[j], a[i]) == 0)
            continue;
        put(r, "%s%s", any ? " " : label, a[i]);
        any = true;
    }
    if (any)
        put(r, "\n");
}

int gs_tree_cs188_check(const gs_tree *tree, const gs_tree_trace *trace,
                        const gs_result *result, const char *solution,
                        size_t length, bool *match, char *buf, size_t size,
                        size_t *report_length, gs_error *error)
{
    static const char *const keys[] = {"action", "generated"};
    gs_error scratch;
    error = tree_error_reset(error, &scratch);
    if (!tree || !trace || !result || (!solution && length) || !match ||
        (!buf && size)) {
        snprintf(error->message, sizeof error->message, "invalid arguments");
        return GS_EINVAL;
    }
    tree_field f[2];
    int rc = tree_cs188_fields(solution, length, keys, 2, f, error);
    if (rc != GS_OK)
        return rc;
    for (int k = 0; k < 2; k++)
        if (!f[k].found)
            return fail(error, 0, 0, "the solution has no %s field", keys[k]);

    /* Step 1. Both sets of names, sorted: the solution's words (pointing
     * into a copy of its field) and the nodes the search entered. */
    const gs_allocator *a = &tree->alloc;
    size_t glen = f[1].len, nsol = 0, nours = 0;
    char *words = a->fn(a->user, NULL, 0, glen + 1);
    const char **sol = a->fn(a->user, NULL, 0, (glen / 2 + 1) * sizeof *sol);
    const char **ours = a->fn(a->user, NULL, 0,
                              (trace->count + 1) * sizeof *ours);
    if (!words || !sol || !ours) {
        snprintf(error->message, sizeof error->message, "out of memory");
        rc = GS_ENOMEM;
        goto out;
    }
    memcpy(words, solution + f[1].at, glen);
    words[glen] = '\0';
    for (char *p = words; *p;) {
        while (*p && (blank(*p) || *p == '\n'))
            *p++ = '\0';
        if (*p)
            sol[nsol++] = p;
        while (*p && !blank(*p) && *p != '\n')
            p++;
    }
    for (size_t i = 0; i < trace->count; i++)
        if (trace->steps[i].kind == GS_EVENT_ENTER)
            ours[nours++] = gs_tree_node_name(tree, trace->steps[i].node);
    nsol = sort_unique(sol, nsol);
    nours = sort_unique(ours, nours);

    /* Step 2. The report. */
    report r = {buf, size, 0};
    if (size)
        buf[0] = '\0';
    const char *action = result->best == GS_NO_ACTION
                             ? "(none)"
                             : gs_tree_child_action(tree, gs_tree_root_node(tree),
                                                    result->best);
    bool action_ok = strlen(action) == f[0].len &&
                     memcmp(action, solution + f[0].at, f[0].len) == 0;
    bool generated_ok = nsol == nours;
    for (size_t i = 0; generated_ok && i < nsol; i++)
        generated_ok = strcmp(sol[i], ours[i]) == 0;
    if (action_ok)
        put(&r, "action: %s, as the solution says\n", action);
    else
        put(&r, "action: %s, but the solution says %.*s\n", action,
            (int)(f[0].len > 200 ? 200 : f[0].len), solution + f[0].at);
    if (generated_ok) {
        put(&r, "generated: the %zu states of the solution:", nsol);
        for (size_t i = 0; i < nsol; i++)
            put(&r, " %s", sol[i]);
        put(&r, "\n");
    } else {
        put(&r, "generated: %zu states, the solution %zu:\n", nours, nsol);
        put_missing(&r, "  generated, not in the solution: ", ours, nours,
                    sol, nsol);
        put_missing(&r, "  in the solution, not generated: ", sol, nsol,
                    ours, nours);
    }
    *match = action_ok && generated_ok;
    if (report_length)
        *report_length = r.len;
out:
    if (words)
        a->fn(a->user, words, glen + 1, 0);
    if (sol)
        a->fn(a->user, sol, (glen / 2 + 1) * sizeof *sol, 0);
    if (ours)
        a->fn(a->user, ours, (trace->count + 1) * sizeof *ours, 0);
    return rc;
}

int gs_tree_cs188_check_write(const gs_tree *tree, const gs_tree_trace *trace,
                              const gs_result *result, const char *solution,
                              size_t length, bool *match, gs_write_fn write,
                              void *user, gs_error *error)
{
    size_t n;
    int rc = gs_tree_cs188_check(tree, trace, result, solution, length,
                                 match, NULL, 0, &n, error);
    if (rc != GS_OK)
        return rc;
    const gs_allocator *a = &tree->alloc;
    char *text = a->fn(a->user, NULL, 0, n + 1);
    if (!text) {
        if (error)
            snprintf(error->message, sizeof error->message, "out of memory");
        return GS_ENOMEM;
    }
    rc = gs_tree_cs188_check(tree, trace, result, solution, length, match,
                             text, n + 1, NULL, error);
    if (rc == GS_OK)
        rc = write(user, text, n);
    a->fn(a->user, text, n + 1, 0);
    return rc;
}

size_t gs_tree_cs188_solution_path(const char *test, char *buf, size_t size)
{
    size_t k = strlen(test);
    if (k > 5 && strcmp(test + k - 5, ".test") == 0)
        k -= 5;
    int n = snprintf(buf, size, "%.*s.solution", (int)k, test);
    return n < 0 ? 0 : (size_t)n;
}
