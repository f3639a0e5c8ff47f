/* The text formats that gamesearch's outputs share (gamesearch/text.h). */
#include "gamesearch/text.h"

#include <errno.h>

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t gs_format_double(double v, char buf[GS_NUMBER_SIZE])
{
    if (v == 0.0)            /* also -0.0 */
        return (size_t)snprintf(buf, GS_NUMBER_SIZE, "0");
    if (isinf(v))
        return (size_t)snprintf(buf, GS_NUMBER_SIZE, v > 0 ? "inf" : "-inf");
    if (isnan(v))
        return (size_t)snprintf(buf, GS_NUMBER_SIZE, "nan");
    /* A whole number prints whole (70, not the shorter 7e+01). */
    if (fabs(v) < 1e15 && v == trunc(v))
        return (size_t)snprintf(buf, GS_NUMBER_SIZE, "%.0f", v);
    int len = 0;
    for (int prec = 1; prec <= 17; prec++) {
        len = snprintf(buf, GS_NUMBER_SIZE, "%.*g", prec, v);
        if (strtod(buf, NULL) == v)
            break;
    }
    return (size_t)len;
}

size_t gs_format_py_float(double v, char buf[GS_NUMBER_SIZE])
{
    if (isnan(v))
        return (size_t)snprintf(buf, GS_NUMBER_SIZE, "nan");
    if (isinf(v))
        return (size_t)snprintf(buf, GS_NUMBER_SIZE, v > 0 ? "inf" : "-inf");
    if (v == 0.0)
        return (size_t)snprintf(buf, GS_NUMBER_SIZE, signbit(v) ? "-0.0" : "0.0");
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
    int exp10 = atoi(p + 1);   /* v = d.ddd * 10^exp10 */
    if (exp10 < -4 || exp10 >= 16) {
        /* repr switches to exponent form there: 1e+16, 1.5e-05. */
        *out++ = digits[0];
        if (nd > 1) {
            *out++ = '.';
            memcpy(out, digits + 1, (size_t)(nd - 1));
            out += nd - 1;
        }
        out += snprintf(out, 8, "e%c%02d", exp10 < 0 ? '-' : '+', abs(exp10));
        return (size_t)(out - buf);
    }
    if (exp10 < 0) {
        *out++ = '0';
        *out++ = '.';
        for (int i = -1; i > exp10; i--)
            *out++ = '0';
        memcpy(out, digits, (size_t)nd);
        out += nd;
        *out = '\0';
        return (size_t)(out - buf);
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
    return (size_t)(out - buf);
}

size_t gs_format_value(double v, char buf[GS_NUMBER_SIZE])
{
    size_t len = gs_format_double(v, buf);
    if (len > 11 && isfinite(v)) {
        len = (size_t)snprintf(buf, GS_NUMBER_SIZE, "%.10g", v);
        if (strtod(buf, NULL) == 0.0)
            len = (size_t)snprintf(buf, GS_NUMBER_SIZE, "0");
    }
    return len;
}

size_t gs_format_count(unsigned long long n, char *buf, size_t size)
{
    char digits[32];
    int len = snprintf(digits, sizeof digits, "%llu", n);
    size_t j = 0;
    if (size == 0)
        return 0;
    for (int i = 0; i < len && j + 2 < size; i++) {
        buf[j++] = digits[i];
        int k = len - i - 1;
        if (k > 0 && k % 3 == 0)
            buf[j++] = ',';
    }
    buf[j] = '\0';
    return j;
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

/* A character a terminal shows as text: printable ASCII, or well-formed
 * UTF-8 that is not a C1 control. Its length, or 0. */
static size_t shown_char(const unsigned char *p)
{
    if (*p < 0x80)
        return *p >= 0x20 && *p < 0x7f;
    size_t bad, n = utf8_char(p, &bad);
    if (n == 2 && p[0] == 0xc2 && p[1] < 0xa0)
        return 0;                                  /* C1 controls */
    return n;
}

size_t gs_text_escape(const char *s, size_t max, char *out, size_t size)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t used = 0, i = 0;
    if (size == 0)
        return 0;
    while (p[i]) {
        size_t n = shown_char(p + i);
        size_t w = n ? n : 4;
        if (used + w > max || used + w >= size)
            break;
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

/* Text gathered into pieces before it goes to the writer. */
void gs_writer_init(gs_writer *w, gs_write_fn write, void *user)
{
    w->write = write;
    w->user = user;
    w->status = 0;
    w->len = 0;
}

static void writer_flush(gs_writer *w)
{
    if (w->len && !w->status)
        w->status = w->write(w->user, w->buf, w->len);
    w->len = 0;
}

int gs_writer_put(void *user, const char *text, size_t len)
{
    gs_writer *w = user;
    while (len && !w->status) {
        if (w->len == sizeof w->buf)
            writer_flush(w);
        size_t n = sizeof w->buf - w->len;
        if (n > len)
            n = len;
        memcpy(w->buf + w->len, text, n);
        w->len += n;
        text += n;
        len -= n;
    }
    return w->status;
}

int gs_writer_puts(gs_writer *w, const char *s)
{
    return gs_writer_put(w, s, strlen(s));
}

int gs_writer_printf(gs_writer *w, const char *fmt, ...)
{
    char line[sizeof w->buf];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n > 0)
        gs_writer_put(w, line, (size_t)n < sizeof line ? (size_t)n
                                                       : sizeof line - 1);
    return w->status;
}

int gs_writer_finish(gs_writer *w)
{
    writer_flush(w);
    return w->status;
}

#define PUT(w, lit) gs_writer_put((w), (lit), sizeof(lit) - 1)

int gs_json_number(double v, gs_write_fn write, void *user)
{
    char buf[GS_NUMBER_SIZE];
    if (!isfinite(v))
        return write(user, "null", 4);
    return write(user, buf, gs_format_double(v, buf));
}

int gs_json_string(const char *s, gs_write_fn write, void *user)
{
    gs_writer k;
    gs_writer_init(&k, write, user);
    PUT(&k, "\"");
    for (const unsigned char *p = (const unsigned char *)s; *p && !k.status;) {
        size_t bad, n = utf8_char(p, &bad);
        if (n == 0) {
            PUT(&k, "\\ufffd");
            p += bad;
            continue;
        }
        switch (*p) {
        case '"': PUT(&k, "\\\""); break;
        case '\\': PUT(&k, "\\\\"); break;
        case '\n': PUT(&k, "\\n"); break;
        case '\t': PUT(&k, "\\t"); break;
        case '\r': PUT(&k, "\\r"); break;
        default:
            if (*p < 0x20)
                gs_writer_printf(&k, "\\u%04x", *p);
            else
                gs_writer_put(&k, (const char *)p, n);
        }
        p += n;
    }
    PUT(&k, "\"");
    return gs_writer_finish(&k);
}

int gs_dot_string(const char *s, gs_write_fn write, void *user)
{
    /* Graphviz refuses a quoted string longer than 16384 bytes ("longer
     * than 16384?"); a long one is written in pieces it joins, "a" + "b". */
    enum { DOT_PIECE = 16000 };
    gs_writer k;
    gs_writer_init(&k, write, user);
    size_t piece = 0;
    PUT(&k, "\"");
    for (const unsigned char *p = (const unsigned char *)s; *p && !k.status;) {
        if (piece > DOT_PIECE - 4) { /* a character takes at most 4 bytes */
            PUT(&k, "\" + \"");
            piece = 0;
        }
        size_t bad, n = utf8_char(p, &bad);
        if (n == 0 || *p < 0x20 || *p == 0x7F) {
            PUT(&k, "\xef\xbf\xbd");   /* U+FFFD */
            piece += 3;
            p += n ? n : bad;
            continue;
        }
        if (*p == '"' || *p == '\\') {
            PUT(&k, "\\");
            piece++;
        }
        gs_writer_put(&k, (const char *)p, n);
        piece += n;
        p += n;
    }
    PUT(&k, "\"");
    return gs_writer_finish(&k);
}

/* The first "@@" in the n bytes at p, or NULL. */
static const char *find_marker(const char *p, size_t n)
{
    while (n >= 2) {
        const char *at = memchr(p, '@', n - 1);
        if (!at)
            return NULL;
        if (at[1] == '@')
            return at;
        n -= (size_t)(at + 1 - p);
        p = at + 1;
    }
    return NULL;
}

int gs_template_write(const char *text, size_t len, gs_template_fn fill,
                      void *fill_user, gs_write_fn write, void *user)
{
    const char *p = text, *end = text + len;
    int st = 0;
    while (st == 0 && p < end) {
        const char *at = find_marker(p, (size_t)(end - p));
        const char *close = at ? find_marker(at + 2, (size_t)(end - at - 2))
                               : NULL;
        if (!close)
            return write(user, p, (size_t)(end - p));
        st = write(user, p, (size_t)(at - p));
        /* "@@@@" has no key: it stays. */
        if (st == 0)
            st = close > at + 2 ? fill(fill_user, at + 2,
                                       (size_t)(close - at - 2), write, user)
                                : GS_TEMPLATE_KEEP;
        if (st == GS_TEMPLATE_KEEP)
            st = write(user, at, (size_t)(close + 2 - at));
        p = close + 2;
    }
    return st;
}

int gs_script_text(const char *text, size_t len, gs_write_fn write,
                   void *user)
{
    int st = 0;
    for (size_t i = 0, from = 0; st == 0 && i <= len; i++) {
        if (i < len && text[i] != '<')
            continue;
        st = write(user, text + from, i - from);
        if (st == 0 && i < len)
            st = write(user, "\\u003c", 6);
        from = i + 1;
    }
    return st;
}

bool gs_parse_long(const char *s, long lo, long hi, long *out)
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

bool gs_parse_double(const char *s, double lo, double hi, double *out)
{
    if (!s)
        return false;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end || !(v >= lo) || v > hi)
        return false;
    *out = v;
    return true;
}

bool gs_parse_size(const char *s, int max, int *rows, int *cols)
{
    if (!s)
        return false;
    char *end;
    errno = 0;
    long r = strtol(s, &end, 10);
    if (errno || end == s || (*end != 'x' && *end != 'X'))
        return false;
    const char *c0 = end + 1;
    long c = strtol(c0, &end, 10);
    if (errno || end == c0 || *end || r < 1 || c < 1 || r > max || c > max)
        return false;
    *rows = (int)r;
    *cols = (int)c;
    return true;
}
