/* Shared helpers of the gamesearch program (see util.h). */
#include "util.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

/* The length of the UTF-8 character at s (1 to 4), or 0 when s does not
 * start a well-formed character that a terminal shows as text: a control
 * byte (C0, DEL, C1), a stray continuation byte, an overlong or cut form. */
static size_t text_char(const unsigned char *s)
{
    if (*s >= 0x20 && *s < 0x7f)
        return 1;
    size_t n = *s >= 0xc2 && *s <= 0xdf ? 2 : *s >= 0xe0 && *s <= 0xef ? 3
             : *s >= 0xf0 && *s <= 0xf4 ? 4 : 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    if (n == 2 && s[0] == 0xc2 && s[1] < 0xa0)
        return 0;                                  /* C1 controls */
    if ((n == 3 && s[0] == 0xe0 && s[1] < 0xa0) ||
        (n == 3 && s[0] == 0xed && s[1] >= 0xa0) ||  /* surrogates */
        (n == 4 && s[0] == 0xf0 && s[1] < 0x90) ||
        (n == 4 && s[0] == 0xf4 && s[1] >= 0x90))
        return 0;
    return n;
}

/* Appends the text of s to out (size bytes, at most max of them text),
 * escaped; returns the bytes of s consumed. */
static size_t escape_into(char *out, size_t size, size_t max, const char *s,
                          bool *cut)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t used = 0, i = 0;
    *cut = false;
    while (p[i]) {
        size_t n = text_char(p + i);
        size_t w = n ? n : 4;
        if (used + w > max || used + w >= size) {
            *cut = true;
            break;
        }
        if (n)
            memcpy(out + used, p + i, n);
        else
            snprintf(out + used, 5, "\\x%02x", p[i]);
        used += w;
        i += n ? n : 1;
    }
    out[used] = '\0';
    return i;
}

/* Writes s to f escaped as cli_quote does, whole. */
static void put_escaped(FILE *f, const char *s)
{
    while (*s) {
        char piece[512];
        bool cut;
        s += escape_into(piece, sizeof piece, sizeof piece - 1, s, &cut);
        fputs(piece, f);
    }
}

const char *cli_quote(char *buf, const char *s)
{
    bool cut;
    escape_into(buf, CLI_QUOTE_SIZE, CLI_QUOTE_MAX, s, &cut);
    if (cut)
        strcat(buf, "...");
    return buf;
}

void cli_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fflush(stdout);
    char small[1024], *msg = small;
    va_start(ap, fmt);
    int len = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (len >= (int)sizeof small && (msg = malloc((size_t)len + 1)) != NULL) {
        va_start(ap, fmt);
        vsnprintf(msg, (size_t)len + 1, fmt, ap);
        va_end(ap);
    }
    if (!msg)
        msg = small;
    if (cmd)
        fprintf(stderr, "gamesearch %s: ", cmd);
    else
        fputs("gamesearch: ", stderr);
    put_escaped(stderr, msg);
    fputc('\n', stderr);
    if (msg != small)
        free(msg);
}

int cli_close_stdout(int status)
{
    /* A write that failed earlier left only the error flag; its errno may
     * be long gone, so an empty write asks the descriptor again (a full
     * device answers ENOSPC). */
    bool lost = ferror(stdout) != 0;
    int reason = 0;
    errno = 0;
    if (fflush(stdout) != 0) {
        lost = true;
        reason = errno;
    }
    if (lost && !reason) {
        errno = 0;
        if (write(STDOUT_FILENO, "", 0) < 0)
            reason = errno;
    }
    /* A descriptor closed before the start (">&-") that was never written
     * to has lost nothing. */
    errno = 0;
    if (fclose(stdout) != 0 && !lost && errno != EBADF) {
        lost = true;
        reason = errno;
    }
    if (!lost)
        return status;
    fprintf(stderr, "gamesearch: cannot write to standard output: %s\n",
            reason ? strerror(reason) : "write error");
    return status ? status : 1;
}

/* The message for input beyond CLI_MAX_INPUT. */
static void too_large(char *err, size_t errsize)
{
    snprintf(err, errsize, "larger than 1 GiB (%zu bytes), the most "
             "gamesearch reads", CLI_MAX_INPUT);
}

int cli_read_all(const char *path, char **data, size_t *len, char *err,
                 size_t errsize)
{
    bool is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    *data = NULL;
    *len = 0;
    if (!f) {
        snprintf(err, errsize, "cannot open: %s", strerror(errno));
        return -1;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = NULL;
    /* A regular file's size is known: one too large is refused unread, and
     * the buffer is made its size at once. */
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(err, errsize, "is a directory, not a file");
        goto fail;
    }
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode)) {
        if ((uintmax_t)st.st_size > (uintmax_t)CLI_MAX_INPUT) {
            too_large(err, errsize);
            goto fail;
        }
        if ((size_t)st.st_size > cap)
            cap = (size_t)st.st_size;
    }
    buf = malloc(cap + 1);
    if (!buf) {
        snprintf(err, errsize, "out of memory");
        goto fail;
    }
    for (;;) {
        if (n == cap) {
            /* Exactly CLI_MAX_INPUT bytes are accepted: refused only when
             * one more byte follows. */
            if (cap >= CLI_MAX_INPUT) {
                int c = fgetc(f);
                if (c == EOF && !ferror(f))
                    break;
                if (c != EOF) {
                    too_large(err, errsize);
                    goto fail;
                }
            }
            size_t ncap = cap * 2 > CLI_MAX_INPUT ? CLI_MAX_INPUT : cap * 2;
            if (ncap > cap) {
                char *nb = realloc(buf, ncap + 1);
                if (!nb) {
                    snprintf(err, errsize, "out of memory");
                    goto fail;
                }
                buf = nb;
                cap = ncap;
            }
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f)) {
                snprintf(err, errsize, "read error: %s", strerror(errno));
                goto fail;
            }
            break;
        }
    }
    if (!is_stdin)
        fclose(f);
    buf[n] = '\0';
    *data = buf;
    *len = n;
    return 0;
fail:
    free(buf);
    if (!is_stdin)
        fclose(f);
    return -1;
}

void cli_args_init(cli_args *a, int argc, char **argv)
{
    a->argc = argc;
    a->argv = argv;
    a->next = 0;
    a->inline_value = NULL;
    a->options_done = false;
}

bool cli_args_next(cli_args *a, bool *option, char *name, size_t size,
                   const char **arg)
{
    a->inline_value = NULL;
    while (a->next < a->argc) {
        const char *s = a->argv[a->next++];
        *arg = s;
        if (!a->options_done && strcmp(s, "--") == 0) {
            a->options_done = true;
            continue;
        }
        if (a->options_done || s[0] != '-' || strcmp(s, "-") == 0) {
            *option = false;
            return true;
        }
        *option = true;
        const char *eq = s[1] == '-' ? strchr(s, '=') : NULL;
        size_t k = eq ? (size_t)(eq - s) : strlen(s);
        if (k >= size)
            k = size - 1;
        memcpy(name, s, k);
        name[k] = '\0';
        if (eq)
            a->inline_value = eq + 1;
        return true;
    }
    return false;
}

const char *cli_args_value(cli_args *a)
{
    if (a->inline_value) {
        const char *v = a->inline_value;
        a->inline_value = NULL;
        return v;
    }
    if (a->next < a->argc)
        return a->argv[a->next++];
    return NULL;
}

bool cli_args_has_inline(const cli_args *a)
{
    return a->inline_value != NULL;
}

bool cli_parse_long(const char *s, long lo, long hi, long *out)
{
    if (!s || !*s)
        return false;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end || end == s || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

void cli_format_double(double v, char *buf)
{
    if (v == 0.0) {          /* also -0.0 */
        strcpy(buf, "0");
        return;
    }
    if (isinf(v)) {
        strcpy(buf, v > 0 ? "inf" : "-inf");
        return;
    }
    if (isnan(v)) {
        strcpy(buf, "nan");
        return;
    }
    /* A whole number prints whole (70, not the shorter 7e+01). */
    if (fabs(v) < 1e15 && v == trunc(v)) {
        snprintf(buf, 32, "%.0f", v);
        return;
    }
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(buf, 32, "%.*g", prec, v);
        if (strtod(buf, NULL) == v)
            return;
    }
}

void cli_format_py_float(double v, char *buf)
{
    if (isnan(v)) {
        strcpy(buf, "nan");
        return;
    }
    if (isinf(v)) {
        strcpy(buf, v > 0 ? "inf" : "-inf");
        return;
    }
    if (v == 0.0) {
        strcpy(buf, signbit(v) ? "-0.0" : "0.0");
        return;
    }
    /* The fewest significant digits that read back as v: "d.ddde+XX". */
    char sci[40];
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(sci, sizeof sci, "%.*e", prec - 1, v);
        if (strtod(sci, NULL) == v)
            break;
    }
    const char *p = sci;
    char *out = buf;
    if (*p == '-')
        *out++ = *p++;
    char digits[20];
    int nd = 0;
    for (; *p && *p != 'e'; p++)
        if (*p >= '0' && *p <= '9' && nd < 19)
            digits[nd++] = *p;
    while (nd > 1 && digits[nd - 1] == '0')
        nd--;
    digits[nd] = '\0';
    int exp10 = atoi(p + 1);   /* v = d.ddd * 10^exp10 */
    if (exp10 < -4 || exp10 >= 16) {
        /* repr switches to exponent form there: 1e+16, 1.5e-05. */
        *out++ = digits[0];
        if (nd > 1) {
            *out++ = '.';
            memcpy(out, digits + 1, (size_t)(nd - 1));
            out += nd - 1;
        }
        sprintf(out, "e%c%02d", exp10 < 0 ? '-' : '+', abs(exp10));
        return;
    }
    if (exp10 < 0) {
        *out++ = '0';
        *out++ = '.';
        for (int i = -1; i > exp10; i--)
            *out++ = '0';
        memcpy(out, digits, (size_t)nd);
        out[nd] = '\0';
        return;
    }
    /* exp10 + 1 digits before the point, zeros as needed, then the rest
     * or a single 0. */
    for (int i = 0; i <= exp10; i++)
        *out++ = i < nd ? digits[i] : '0';
    *out++ = '.';
    if (nd > exp10 + 1) {
        memcpy(out, digits + exp10 + 1, (size_t)(nd - exp10 - 1));
        out += nd - exp10 - 1;
    } else {
        *out++ = '0';
    }
    *out = '\0';
}

void cli_format_value(double v, char *buf)
{
    cli_format_double(v, buf);
    if (strlen(buf) > 11 && isfinite(v)) {
        snprintf(buf, 32, "%.10g", v);
        if (strtod(buf, NULL) == 0.0)
            strcpy(buf, "0");
    }
}

void cli_format_count(unsigned long long n, char *buf, size_t size)
{
    char digits[32];
    int len = snprintf(digits, sizeof digits, "%llu", n);
    size_t j = 0;
    for (int i = 0; i < len && j + 2 < size; i++) {
        buf[j++] = digits[i];
        int k = len - i - 1;
        if (k > 0 && k % 3 == 0)
            buf[j++] = ',';
    }
    buf[j] = '\0';
}

/*
 * The length of the well-formed UTF-8 character at p (1 to 4), or 0 when
 * the bytes there are not one; *bad then says how many bytes one U+FFFD
 * stands for: the longest start of a well-formed character, at least 1
 * (Unicode's "maximal subpart"). Overlong forms, surrogates and code
 * points above U+10FFFF are not well-formed. p is NUL-terminated, and a
 * NUL is never a continuation byte, so no length is needed.
 */
static size_t utf8_char(const unsigned char *p, size_t *bad)
{
    unsigned c = p[0], lo = 0x80, hi = 0xBF;
    size_t len;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0)
            lo = 0xA0;      /* overlong below */
        else if (c == 0xED)
            hi = 0x9F;      /* surrogates above */
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0)
            lo = 0x90;      /* overlong below */
        else if (c == 0xF4)
            hi = 0x8F;      /* above U+10FFFF */
    } else {
        *bad = 1;
        return 0;
    }
    for (size_t i = 1; i < len; i++) {
        unsigned b = p[i];
        if (b < (i == 1 ? lo : 0x80) || b > (i == 1 ? hi : 0xBF)) {
            *bad = i;
            return 0;
        }
    }
    return len;
}

void cli_json_number(FILE *f, double v)
{
    char buf[32];
    if (!isfinite(v)) {
        fputs("null", f);
        return;
    }
    cli_format_double(v, buf);
    fputs(buf, f);
}

void cli_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        size_t bad, k = utf8_char(p, &bad);
        if (k == 0) {
            fputs("\\ufffd", f);
            p += bad;
            continue;
        }
        switch (*p) {
        case '"': fputs("\\\"", f); break;
        case '\\': fputs("\\\\", f); break;
        case '\n': fputs("\\n", f); break;
        case '\t': fputs("\\t", f); break;
        case '\r': fputs("\\r", f); break;
        default:
            if (*p < 0x20)
                fprintf(f, "\\u%04x", *p);
            else
                fwrite(p, 1, k, f);
        }
        p += k;
    }
    fputc('"', f);
}

void cli_dot_string(FILE *f, const char *s)
{
    /* Graphviz refuses a quoted string longer than 16384 bytes ("longer
     * than 16384?"); a long one is written in pieces it joins, "a" + "b". */
    enum { DOT_PIECE = 16000 };
    size_t piece = 0;
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        if (piece > DOT_PIECE - 4) { /* a character takes at most 4 bytes */
            fputs("\" + \"", f);
            piece = 0;
        }
        size_t bad, k = utf8_char(p, &bad);
        if (k == 0 || *p < 0x20 || *p == 0x7F) {
            fputs("\xef\xbf\xbd", f);   /* U+FFFD */
            piece += 3;
            p += k ? k : bad;
            continue;
        }
        if (*p == '"' || *p == '\\') {
            fputc('\\', f);
            piece++;
        }
        fwrite(p, 1, k, f);
        piece += k;
        p += k;
    }
    fputc('"', f);
}

bool cli_read_answer(char **line, size_t *cap)
{
    ssize_t n = getline(line, cap, stdin);
    if (n < 0)
        return false;
    while (n > 0 && ((*line)[n - 1] == '\n' || (*line)[n - 1] == '\r'))
        (*line)[--n] = '\0';
    if (!isatty(STDIN_FILENO)) {
        put_escaped(stdout, *line);
        putchar('\n');
    }
    return true;
}

char *cli_trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = '\0';
    return s;
}

bool cli_parse_seconds(const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end || !(v >= 0.0) || v > 86400.0)
        return false;
    *out = v;
    return true;
}

bool cli_output_open(const char *cmd, cli_output *out, const char *option,
                     const char *path)
{
    struct stat st;
    out->option = option;
    out->path = path;
    out->created = stat(path, &st) != 0 && errno == ENOENT;
    out->f = fopen(path, "w");
    if (!out->f) {
        cli_error(cmd, "%s %s: cannot write: %s", option, path,
                  strerror(errno));
        return false;
    }
    return true;
}

bool cli_output_close(cli_output *out, bool failed)
{
    if (!out->f)
        return true;
    errno = 0;
    bool ok = !ferror(out->f);
    if (fclose(out->f) != 0)
        ok = false;
    out->f = NULL;
    if (failed && out->created) {
        int saved = errno;
        remove(out->path);
        errno = saved;
    }
    return ok;
}

/* Whether two paths of files that do not exist yet name one directory
 * entry: the same last component in the same directory. */
static bool same_new_file(const char *a, const char *b)
{
    const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
    const char *na = sa ? sa + 1 : a, *nb = sb ? sb + 1 : b;
    if (strcmp(na, nb) != 0)
        return false;
    char da[4096], db[4096];
    snprintf(da, sizeof da, "%.*s", sa ? (int)(sa - a) + 1 : 1, sa ? a : ".");
    snprintf(db, sizeof db, "%.*s", sb ? (int)(sb - b) + 1 : 1, sb ? b : ".");
    struct stat st_a, st_b;
    if (stat(da, &st_a) != 0 || stat(db, &st_b) != 0)
        return strcmp(a, b) == 0;
    return st_a.st_dev == st_b.st_dev && st_a.st_ino == st_b.st_ino;
}

bool cli_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    bool ea = stat(a, &sa) == 0, eb = stat(b, &sb) == 0;
    if (!ea && !eb)
        return same_new_file(a, b);
    /* Devices and pipes (/dev/null, /dev/full) may take several writers. */
    return ea && eb && S_ISREG(sa.st_mode) && S_ISREG(sb.st_mode) &&
           sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

bool cli_is_stdout_file(const char *path)
{
    struct stat sp, so;
    return stat(path, &sp) == 0 && S_ISREG(sp.st_mode) &&
           fstat(STDOUT_FILENO, &so) == 0 && S_ISREG(so.st_mode) &&
           sp.st_dev == so.st_dev && sp.st_ino == so.st_ino;
}
