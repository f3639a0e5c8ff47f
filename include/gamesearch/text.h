/*
 * gamesearch/text.h: the text that gamesearch's outputs share, for the
 * program, the browser pages and other programs that print what a search
 * found: numbers that read back exactly, Python's float format, JSON and
 * Graphviz string literals that are always valid, and user text made safe
 * to show on a terminal.
 *
 * Nothing here allocates or prints: the formatting functions write into a
 * caller's buffer, and the writers hand their text, a piece at a time, to
 * a caller's gs_write_fn (to a FILE, a growing buffer, a socket ...).
 */
#ifndef GAMESEARCH_TEXT_H
#define GAMESEARCH_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Receives text, a piece at a time (not NUL-terminated); a nonzero return
 * stops the writer, which returns that value. */
typedef int (*gs_write_fn)(void *user, const char *text, size_t len);

/*
 * A buffered writer, for code that writes its text a piece at a time:
 * the pieces are gathered in `buf` and handed to `write` a buffer at a
 * time. The first nonzero value `write` returns is kept in `status`, and
 * what comes after it is dropped. Give the writer itself to the writers
 * below as their function and user: gs_json_string(s, gs_writer_put, &w).
 *
 *     gs_writer w;
 *     gs_writer_init(&w, write, user);
 *     gs_writer_printf(&w, "%d nodes\n", n);
 *     return gs_writer_finish(&w);
 */
typedef struct gs_writer {
    gs_write_fn write;
    void *user;
    int status;            /* the first nonzero value write returned */
    size_t len;            /* bytes waiting in buf */
    char buf[1024];
} gs_writer;

GS_API void gs_writer_init(gs_writer *w, gs_write_fn write, void *user);
/* Adds len bytes of text; a gs_write_fn whose user is the gs_writer.
 * Returns the writer's status. */
GS_API int gs_writer_put(void *w, const char *text, size_t len);
/* Adds a NUL-terminated string. */
GS_API int gs_writer_puts(gs_writer *w, const char *s);
/* Adds printf's text, at most sizeof buf - 1 bytes of it. */
GS_API int gs_writer_printf(gs_writer *w, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Hands over what is left in the buffer; returns the status. */
GS_API int gs_writer_finish(gs_writer *w);

/* The buffer size the number formats below need. */
#define GS_NUMBER_SIZE 32

/*
 * v with the fewest significant digits that read back as v (strtod gives
 * v again), whole numbers below 1e15 whole ("70", not "7e+01"), -0 as
 * "0", and "inf", "-inf", "nan". Returns the length written.
 */
GS_API size_t gs_format_double(double v, char buf[GS_NUMBER_SIZE]);

/* v as Python's repr(float) writes it: "3.0", "0.1", "1e+16", "1.5e-05",
 * "-0.0", "inf", "nan". Returns the length written. */
GS_API size_t gs_format_py_float(double v, char buf[GS_NUMBER_SIZE]);

/* v for people: as gs_format_double, but at most 10 significant digits
 * ("0.3333333333"), and a tiny remainder of rounding shown as "0". */
GS_API size_t gs_format_value(double v, char buf[GS_NUMBER_SIZE]);

/* n with thousands separators ("1,234,567") into buf (size bytes, 32 is
 * enough for any n). Returns the length written. */
GS_API size_t gs_format_count(unsigned long long n, char *buf, size_t size);

/*
 * User text made safe to show: printable UTF-8 is kept, every other byte
 * (control bytes, C1 controls, bytes that are not well-formed UTF-8)
 * becomes the four characters \xHH, so that an escape sequence is shown,
 * never obeyed by a terminal. Writes into out (size >= 1 bytes, always
 * NUL-terminated) as much of s as fits in whole characters and at most
 * `max` bytes, and returns how many bytes of s it consumed: s[returned]
 * is NUL when all of it was written.
 */
GS_API size_t gs_text_escape(const char *s, size_t max, char *out,
                             size_t size);

/* Writes v as a JSON number (as gs_format_double), or null when v is not
 * finite: JSON has no infinity and no NaN. */
GS_API int gs_json_number(double v, gs_write_fn write, void *user);

/* Writes s as a JSON string literal, quotes included. Bytes that are not
 * UTF-8 (stray, overlong, cut short) become \ufffd, one for each longest
 * start of a character (Unicode's "maximal subpart"), so that the output
 * is always valid JSON. */
GS_API int gs_json_string(const char *s, gs_write_fn write, void *user);

/* Writes s as a Graphviz quoted string, quotes included. Bytes that are
 * not UTF-8, and control characters, become U+FFFD, so that the output is
 * always valid UTF-8; a string longer than Graphviz reads in one piece is
 * written as pieces that it joins ("a" + "b"). */
GS_API int gs_dot_string(const char *s, gs_write_fn write, void *user);

/*
 * Numbers read from user text (options, fields of a file): each takes the
 * whole string, in decimal, and returns true with the value, or false
 * (nothing stored) for anything else: an empty string, trailing text, a
 * value out of range or one that overflows.
 */
/* A whole number in [lo, hi]: "42", "-3"; s may be NULL (false). */
GS_API bool gs_parse_long(const char *s, long lo, long hi, long *out);
/* A number in [lo, hi], fractions and exponents allowed ("0.5", "2e3");
 * never NaN, and not a value so small that it reads as 0. */
GS_API bool gs_parse_double(const char *s, double lo, double hi,
                            double *out);
/* A board size "ROWSxCOLUMNS" ("3x4"; 'X' too), each 1 to max. */
GS_API bool gs_parse_size(const char *s, int max, int *rows, int *cols);

/*
 * Templates, such as an HTML page with its data left out or a help text
 * with the program's name left out: each "@@KEY@@" in a template (KEY not
 * empty and without "@@") is replaced by what a gs_template_fn writes for
 * it. The function writes key's text (keylen bytes of key, not
 * NUL-terminated) with write and write_user and returns 0, or returns
 * GS_TEMPLATE_KEEP when the key is not one of its, to leave "@@KEY@@" as
 * it stands; any other value stops the template, which returns it.
 */
#define GS_TEMPLATE_KEEP (-1)
typedef int (*gs_template_fn)(void *user, const char *key, size_t keylen,
                              gs_write_fn write, void *write_user);

/* Writes the len bytes of text, its keys filled in by fill(fill_user,
 * ...). Returns 0, or the first nonzero value write returned or other
 * than GS_TEMPLATE_KEEP that fill did. */
GS_API int gs_template_write(const char *text, size_t len,
                             gs_template_fn fill, void *fill_user,
                             gs_write_fn write, void *user);

/* Writes len bytes of text (JSON, say) to go inside an HTML <script>
 * element: each '<' as \u003c, so that no string in it can end the
 * element; the same text to JSON and JavaScript. */
GS_API int gs_script_text(const char *text, size_t len, gs_write_fn write,
                          void *user);

#ifdef __cplusplus
}
#endif

#endif /* GAMESEARCH_TEXT_H */
