/*
 * tests/test_text.c: the text formats every output shares
 * (gamesearch/text.h).
 *
 * Facts checked:
 *   - numbers: the shortest text that reads back, whole numbers whole,
 *     Python's float repr on both sides of its switch to exponent form,
 *     at most 10 digits for people, thousands separators;
 *   - JSON strings: escapes, control bytes, and one \ufffd for each
 *     maximal subpart of bytes that are not UTF-8 (stray, overlong,
 *     surrogate, cut short); JSON numbers: null for infinity and NaN;
 *   - Graphviz strings: quotes and backslashes escaped, controls and bad
 *     bytes as U+FFFD, long text cut into joined pieces;
 *   - user text for messages: escape sequences shown as \x1b, never cut
 *     inside a character;
 *   - a writer that says stop stops each of them with its value;
 *   - the buffered gs_writer: what it hands over and when, printf's
 *     limit, and its status once the function said stop;
 *   - numbers read from user text: whole strings only, the bounds
 *     inclusive, overflow, NaN and underflow refused, board sizes;
 *   - templates: keys filled, unknown keys and "@@@@" kept, a lone "@@"
 *     at the end, a stop from the filler or the writer; '<' escaped for
 *     a script element.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/text.h"

typedef struct out {
    char buf[40000];
    size_t len;
    int calls, stop_at;
} out;

static int into(void *user, const char *s, size_t n)
{
    out *o = user;
    if (o->stop_at && ++o->calls >= o->stop_at)
        return 7;
    assert_true(o->len + n < sizeof o->buf);
    memcpy(o->buf + o->len, s, n);
    o->len += n;
    o->buf[o->len] = '\0';
    return 0;
}

#define CHECK_FMT(fn, v, want)                                           \
    do {                                                                 \
        char b_[GS_NUMBER_SIZE];                                         \
        size_t n_ = fn((v), b_);                                         \
        assert_string_equal(b_, (want));                                 \
        assert_int_equal(n_, strlen(want));                              \
    } while (0)

static void test_numbers(void **unused)
{
    (void)unused;
    CHECK_FMT(gs_format_double, 5.0, "5");
    CHECK_FMT(gs_format_double, 70.0, "70");
    CHECK_FMT(gs_format_double, -4.01, "-4.01");
    CHECK_FMT(gs_format_double, 0.1, "0.1");
    CHECK_FMT(gs_format_double, -0.0, "0");
    CHECK_FMT(gs_format_double, 1.0 / 3, "0.3333333333333333");
    CHECK_FMT(gs_format_double, 1e300, "1e+300");
    CHECK_FMT(gs_format_double, INFINITY, "inf");
    CHECK_FMT(gs_format_double, -INFINITY, "-inf");
    CHECK_FMT(gs_format_double, NAN, "nan");
    CHECK_FMT(gs_format_py_float, 49.0, "49.0");
    CHECK_FMT(gs_format_py_float, -206.66666666666666, "-206.66666666666666");
    CHECK_FMT(gs_format_py_float, 1e16, "1e+16");
    CHECK_FMT(gs_format_py_float, 1234567890123456.0, "1234567890123456.0");
    CHECK_FMT(gs_format_py_float, 1.5e-5, "1.5e-05");
    CHECK_FMT(gs_format_py_float, 0.0001, "0.0001");
    CHECK_FMT(gs_format_py_float, -0.0, "-0.0");
    CHECK_FMT(gs_format_value, 0.9999999999999998, "1");
    CHECK_FMT(gs_format_value, 1.0 / 3, "0.3333333333");
    CHECK_FMT(gs_format_value, 2.5, "2.5");
    char b[32];
    assert_int_equal(gs_format_count(1234567, b, sizeof b), 9);
    assert_string_equal(b, "1,234,567");
    gs_format_count(999, b, sizeof b);
    assert_string_equal(b, "999");
    gs_format_count(18446744073709551615ULL, b, sizeof b);
    assert_string_equal(b, "18,446,744,073,709,551,615");
}

static void test_json(void **unused)
{
    (void)unused;
    out o = {0};
    assert_int_equal(gs_json_string("a\"b\\c\nd\te\r\x01 \xc3\xa9", into, &o), 0);
    assert_string_equal(o.buf, "\"a\\\"b\\\\c\\nd\\te\\r\\u0001 \xc3\xa9\"");
    /* A stray continuation byte, an overlong form, a surrogate and a cut
     * 3-byte character: one \ufffd per maximal subpart. */
    memset(&o, 0, sizeof o);
    gs_json_string("\x80|\xc0\xaf|\xed\xa0\x80|\xe2\x82", into, &o);
    assert_string_equal(o.buf, "\"\\ufffd|\\ufffd\\ufffd|\\ufffd\\ufffd\\ufffd|\\ufffd\"");
    memset(&o, 0, sizeof o);
    gs_json_number(-2.5, into, &o);
    gs_json_number(NAN, into, &o);
    gs_json_number(INFINITY, into, &o);
    assert_string_equal(o.buf, "-2.5nullnull");
    /* A long string goes out in pieces; the writer's stop ends it. */
    char *big = malloc(3000);
    assert_non_null(big);
    memset(big, 'x', 2999);
    big[2999] = '\0';
    memset(&o, 0, sizeof o);
    assert_int_equal(gs_json_string(big, into, &o), 0);
    assert_int_equal(o.len, 3001);
    assert_true(o.calls == 0);
    memset(&o, 0, sizeof o);
    o.stop_at = 2;
    assert_int_equal(gs_json_string(big, into, &o), 7);
    free(big);
}

static void test_dot(void **unused)
{
    (void)unused;
    out o = {0};
    gs_dot_string("say \"hi\"\\\x07\xff", into, &o);
    assert_string_equal(o.buf, "\"say \\\"hi\\\"\\\\\xef\xbf\xbd\xef\xbf\xbd\"");
    char *big = malloc(20001);
    assert_non_null(big);
    memset(big, 'y', 20000);
    big[20000] = '\0';
    memset(&o, 0, sizeof o);
    assert_int_equal(gs_dot_string(big, into, &o), 0);
    char *join = strstr(o.buf, "\" + \"");
    assert_non_null(join);
    assert_int_equal(join - o.buf, 1 + 15997);
    assert_int_equal(o.len, 20000 + 2 + 5);
    free(big);
}

static void test_escape(void **unused)
{
    (void)unused;
    char b[16];
    const char *s = "\x1b[31mred";
    assert_int_equal(gs_text_escape(s, 64, b, sizeof b), strlen(s));
    assert_string_equal(b, "\\x1b[31mred");
    /* At most 5 bytes: "ab" and then "é" (2 bytes) fits, "€" (3) not. */
    s = "ab\xc3\xa9\xe2\x82\xac";
    assert_int_equal(gs_text_escape(s, 5, b, sizeof b), 4);
    assert_string_equal(b, "ab\xc3\xa9");
    /* The buffer's size bounds it too, NUL included. */
    assert_int_equal(gs_text_escape("abcdef", 64, b, 4), 3);
    assert_string_equal(b, "abc");
    /* A C1 control (U+0085) is two bytes shown. */
    assert_int_equal(gs_text_escape("\xc2\x85", 64, b, sizeof b), 2);
    assert_string_equal(b, "\\xc2\\x85");
}

static void test_writer(void **unused)
{
    (void)unused;
    out o = {.len = 0, .calls = 0, .stop_at = 1000};
    gs_writer w;
    gs_writer_init(&w, into, &o);
    assert_int_equal(gs_writer_puts(&w, "ab"), 0);
    assert_int_equal(gs_writer_printf(&w, "%d-%s", 42, "x"), 0);
    assert_int_equal(gs_json_string("q\"", gs_writer_put, &w), 0);
    assert_int_equal(o.calls, 0);           /* all still in the buffer */
    assert_int_equal(gs_writer_finish(&w), 0);
    assert_int_equal(o.calls, 1);
    assert_string_equal(o.buf, "ab42-x\"q\\\"\"");

    /* 3,000 bytes go over in buffers of 1,024. */
    static char big[3000];
    memset(big, 'z', sizeof big);
    o = (out){.len = 0, .calls = 0, .stop_at = 1000};
    gs_writer_init(&w, into, &o);
    gs_writer_put(&w, big, sizeof big);
    assert_int_equal(o.calls, 2);
    assert_int_equal(gs_writer_finish(&w), 0);
    assert_int_equal(o.calls, 3);
    assert_int_equal(o.len, 3000);
    assert_int_equal(gs_writer_finish(&w), 0);   /* nothing more to say */
    assert_int_equal(o.calls, 3);

    /* printf writes at most 1,023 bytes a call. */
    big[2000] = '\0';
    o = (out){.len = 0, .calls = 0, .stop_at = 1000};
    gs_writer_init(&w, into, &o);
    gs_writer_printf(&w, "%s", big);
    gs_writer_finish(&w);
    assert_int_equal(o.len, sizeof w.buf - 1);

    /* The second handover says stop: its value stays, nothing follows. */
    big[2000] = 'z';
    o = (out){.len = 0, .calls = 0, .stop_at = 2};
    gs_writer_init(&w, into, &o);
    assert_int_equal(gs_writer_put(&w, big, 2048), 0);
    assert_int_equal(gs_writer_puts(&w, "more"), 7);
    assert_int_equal(gs_writer_printf(&w, "%d", 1), 7);
    assert_int_equal(gs_writer_finish(&w), 7);
    assert_int_equal(o.len, 1024);
    assert_int_equal(o.calls, 2);
}

static void test_parse(void **unused)
{
    (void)unused;
    long n = 99;
    assert_true(gs_parse_long("42", 1, 42, &n));
    assert_int_equal(n, 42);
    assert_true(gs_parse_long("-3", -3, 0, &n));
    assert_int_equal(n, -3);
    n = 99;
    assert_false(gs_parse_long("43", 1, 42, &n));
    assert_false(gs_parse_long("0", 1, 42, &n));
    assert_false(gs_parse_long("4x", 1, 42, &n));
    assert_false(gs_parse_long("", 1, 42, &n));
    assert_false(gs_parse_long(NULL, 1, 42, &n));
    assert_false(gs_parse_long("99999999999999999999", 0, LONG_MAX, &n));
    assert_int_equal(n, 99);

    double d = 7.0;
    assert_true(gs_parse_double("0.25", 0.0, 1.0, &d));
    assert_true(d == 0.25);
    assert_true(gs_parse_double("86400", 0.0, 86400.0, &d));
    assert_true(d == 86400.0);
    assert_true(gs_parse_double("2e-3", 0.0, 1.0, &d));
    assert_true(d == 0.002);
    d = 7.0;
    assert_false(gs_parse_double("86400.5", 0.0, 86400.0, &d));
    assert_false(gs_parse_double("-1", 0.0, 1.0, &d));
    assert_false(gs_parse_double("nan", 0.0, 1.0, &d));
    assert_false(gs_parse_double("1e-400", 0.0, 1.0, &d));
    assert_false(gs_parse_double("1e999", 0.0, INFINITY, &d));
    assert_false(gs_parse_double("0.5s", 0.0, 1.0, &d));
    assert_false(gs_parse_double("", 0.0, 1.0, &d));
    assert_false(gs_parse_double(NULL, 0.0, 1.0, &d));
    assert_true(d == 7.0);

    int r = 0, c = 0;
    assert_true(gs_parse_size("3x4", 32, &r, &c));
    assert_int_equal(r, 3);
    assert_int_equal(c, 4);
    assert_true(gs_parse_size("32X1", 32, &r, &c));
    assert_int_equal(r, 32);
    assert_int_equal(c, 1);
    r = c = 0;
    assert_false(gs_parse_size("33x1", 32, &r, &c));
    assert_false(gs_parse_size("0x3", 32, &r, &c));
    assert_false(gs_parse_size("3x", 32, &r, &c));
    assert_false(gs_parse_size("3*3", 32, &r, &c));
    assert_false(gs_parse_size("3x3 ", 32, &r, &c));
    assert_int_equal(r + c, 0);
}

/* Fills NAME with "Ada" and DATA with "<b>"; STOP stops with 9. */
static int fill(void *user, const char *key, size_t n, gs_write_fn write,
                void *wuser)
{
    int *calls = user;
    ++*calls;
    if (n == 4 && memcmp(key, "NAME", 4) == 0)
        return write(wuser, "Ada", 3);
    if (n == 4 && memcmp(key, "DATA", 4) == 0)
        return gs_script_text("<b>", 3, write, wuser);
    if (n == 4 && memcmp(key, "STOP", 4) == 0)
        return 9;
    return GS_TEMPLATE_KEEP;
}

static int template_into(out *o, const char *text, int *calls)
{
    memset(o, 0, sizeof *o);
    *calls = 0;
    return gs_template_write(text, strlen(text), fill, calls, into, o);
}

static void test_template(void **unused)
{
    (void)unused;
    out *o = malloc(sizeof *o);
    assert_non_null(o);
    int calls;
    assert_int_equal(template_into(o, "Hi @@NAME@@, @@WHO@@ @@@@ x@y @@", &calls), 0);
    assert_string_equal(o->buf, "Hi Ada, @@WHO@@ @@@@ x@y @@");
    assert_int_equal(calls, 2);
    assert_int_equal(template_into(o, "<script>@@DATA@@</script>", &calls),
                     0);
    assert_string_equal(o->buf, "<script>\\u003cb></script>");
    assert_int_equal(template_into(o, "@@NAME@@@@NAME@@", &calls), 0);
    assert_string_equal(o->buf, "AdaAda");
    assert_int_equal(template_into(o, "a @@STOP@@ b @@NAME@@", &calls), 9);
    assert_string_equal(o->buf, "a ");
    assert_int_equal(calls, 1);
    assert_int_equal(template_into(o, "", &calls), 0);
    assert_string_equal(o->buf, "");
    /* Only len bytes are read: the key cut off is no key. */
    memset(o, 0, sizeof *o);
    assert_int_equal(gs_template_write("x@@NAME@@", 8, fill, &calls, into,
                                       o), 0);
    assert_string_equal(o->buf, "x@@NAME@");
    /* The writer's stop. */
    memset(o, 0, sizeof *o);
    o->stop_at = 2;
    assert_int_equal(gs_template_write("a@@NAME@@b", 10, fill, &calls, into,
                                       o), 7);
    assert_string_equal(o->buf, "a");
    memset(o, 0, sizeof *o);
    assert_int_equal(gs_script_text("<<a<", 4, into, o), 0);
    assert_string_equal(o->buf, "\\u003c\\u003ca\\u003c");
    free(o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_json),
        cmocka_unit_test(test_dot),
        cmocka_unit_test(test_escape),
        cmocka_unit_test(test_writer),
        cmocka_unit_test(test_parse),
        cmocka_unit_test(test_template),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
