/*
 * tests/test_tree.c: the explicit-tree parser and game (gamesearch/tree.h).
 *
 * Every parse goes through a tracking allocator that records the size of
 * each block in a header, checks the size the library states when it
 * resizes or frees a block, counts live bytes (zero after gs_tree_free or
 * after any failure) and can fail the Nth allocation on purpose.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/gamesearch.h"

#include "fixtures.h"
#include "track_alloc.h"

/* ---- Helpers ----------------------------------------------------------- */

/* Parses text (NUL-terminated) that must be valid. */
static gs_tree *parse_ok_n(const char *text, size_t len, track *t)
{
    gs_allocator a = tracker(t);
    gs_tree *tree = NULL;
    gs_error err;
    int rc = gs_tree_parse(text, len, &a, &tree, &err);
    if (rc != GS_OK)
        fail_msg("unexpected parse failure %d at %d:%d: %s", rc, err.line,
                 err.column, err.message);
    assert_non_null(tree);
    return tree;
}

static gs_tree *parse_ok(const char *text, track *t)
{
    return parse_ok_n(text, strlen(text), t);
}

static void free_tree(gs_tree *tree, track *t)
{
    gs_tree_free(tree);
    assert_int_equal(t->live, 0);
}

/* Parses text that must fail with GS_EPARSE at line:col with message. */
static void expect_error_n(const char *text, size_t len, int line, int col,
                           const char *message)
{
    track t;
    gs_allocator a = tracker(&t);
    gs_tree *tree = (gs_tree *)(uintptr_t)1;
    gs_error err;
    int rc = gs_tree_parse(text, len, &a, &tree, &err);
    if (rc != GS_EPARSE || err.line != line || err.column != col ||
        strcmp(err.message, message) != 0)
        fail_msg("input \"%.*s\":\n  got      %d %d:%d: %s\n  expected %d %d:%d: %s",
                 (int)len, text, rc, err.line, err.column, err.message, GS_EPARSE,
                 line, col, message);
    assert_null(tree);
    assert_int_equal(t.live, 0);
}

static void expect_error(const char *text, int line, int col, const char *message)
{
    expect_error_n(text, strlen(text), line, col, message);
}

static int32_t find_node(const gs_tree *tree, const char *name)
{
    for (int32_t i = 0; i < gs_tree_node_count(tree); i++)
        if (strcmp(gs_tree_node_name(tree, i), name) == 0)
            return i;
    fail_msg("no node '%s'", name);
    return -1;
}

static double value_of(const gs_tree *tree, int32_t node)
{
    double v = NAN;
    assert_true(gs_tree_node_value(tree, node, &v));
    return v;
}

/* A growing string for generated inputs. */
typedef struct buf {
    char *s;
    size_t n, cap;
} buf;

#if defined(__GNUC__)
static void buf_add(buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#endif

static void buf_add(buf *b, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int w = vsnprintf(b->s ? b->s + b->n : NULL, b->s ? b->cap - b->n : 0,
                          fmt, ap);
        va_end(ap);
        assert_true(w >= 0);
        if (b->s && b->n + (size_t)w < b->cap) {
            b->n += (size_t)w;
            return;
        }
        size_t cap = b->cap ? b->cap * 2 : 4096;
        while (cap < b->n + (size_t)w + 1)
            cap *= 2;
        b->s = realloc(b->s, cap);
        assert_non_null(b->s);
        b->cap = cap;
    }
}

static const char SEED[] =
    "['A', ['B', ('E', 3), ('F', 12), ('G', 8)], "
    "['C', ('H', 2), ('I', 4), ('J', 6)], "
    "['D', ('K', 14), ('L', 5), ['M', ('N', 7), ('O', 2)]]]";

/* ---- Nested syntax ----------------------------------------------------- */

/* The seed tree as homework gives it: numbers only. */
static const char SEED_PLAIN[] =
    "[[3, 12, 8],\n [2, 4, 6],\n [14, 5, [7, 2]]]";

static void test_plain_lists(void **state)
{
    (void)state;
    track t, t2;
    /* Named breadth first, level by level and left to right: the seed
     * tree's names, whatever order the text gives the nodes in. */
    gs_tree *tree = parse_ok(SEED_PLAIN, &t);
    gs_tree *named = parse_ok(SEED, &t2);
    assert_int_equal(gs_tree_syntax_of(tree), GS_TREE_NESTED);
    assert_int_equal(gs_tree_node_count(tree), 15);
    assert_int_equal(gs_tree_height(tree), 3);
    assert_int_equal(gs_tree_num_agents(tree), 2);
    assert_int_equal(gs_tree_role(tree, 0), GS_ROLE_MAX);
    assert_int_equal(gs_tree_role(tree, 1), GS_ROLE_MIN);
    for (int32_t i = 0; i < 15; i++) {
        assert_string_equal(gs_tree_node_name(tree, i),
                            gs_tree_node_name(named, i));
        assert_int_equal(gs_tree_child_count(tree, i),
                         gs_tree_child_count(named, i));
        for (int c = 0; c < gs_tree_child_count(tree, i); c++) {
            assert_int_equal(gs_tree_child(tree, i, c),
                             gs_tree_child(named, i, c));
            assert_string_equal(gs_tree_child_action(tree, i, c),
                                gs_tree_child_action(named, i, c));
        }
        double v = -1, w = -1;
        assert_true(gs_tree_node_value(tree, i, &v) ==
                    gs_tree_node_value(named, i, &w));
        assert_true(v == w);
    }
    /* Each node where its '[' or number starts. */
    static const int lines[4] = {1, 1, 2, 3}, cols[4] = {1, 2, 2, 10};
    static const char *const at[4] = {"A", "B", "C", "M"};
    for (int k = 0; k < 4; k++) {
        int32_t i = find_node(tree, at[k]);
        assert_int_equal(gs_tree_node_line(tree, i), lines[k]);
        assert_int_equal(gs_tree_node_column(tree, i), cols[k]);
    }
    assert_int_equal(gs_tree_node_column(tree, find_node(tree, "O")), 14);
    free_tree(named, &t2);
    free_tree(tree, &t);

    /* The textbook's figure: a root of numbers, signs, decimals, comments
     * and a trailing comma. */
    tree = parse_ok("# AIMA 5.2\n[[3, 12, 8], [2, 4, 6], [14, 5, 2],]", &t);
    assert_int_equal(gs_tree_node_count(tree), 13);
    assert_true(value_of(tree, find_node(tree, "M")) == 2);
    free_tree(tree, &t);
    tree = parse_ok("[-3, +1.5e1, .5]", &t);
    assert_int_equal(gs_tree_node_count(tree), 4);
    assert_true(value_of(tree, find_node(tree, "B")) == -3);
    assert_true(value_of(tree, find_node(tree, "C")) == 15);
    assert_true(value_of(tree, find_node(tree, "D")) == 0.5);
    free_tree(tree, &t);

    /* More than 26 nodes: Z, then AA, AB ... as spreadsheet columns. */
    buf b = {0};
    buf_add(&b, "[");
    for (int i = 0; i < 30; i++)
        buf_add(&b, "[%d, %d], ", i, -i);
    buf_add(&b, "]");
    tree = parse_ok_n(b.s, b.n, &t);
    assert_int_equal(gs_tree_node_count(tree), 91);
    int32_t leaf = gs_tree_child(tree, gs_tree_child(tree, 0, 12), 1);
    assert_string_equal(gs_tree_node_name(tree, gs_tree_child(tree, 0, 24)), "Z");
    assert_string_equal(gs_tree_node_name(tree, gs_tree_child(tree, 0, 25)), "AA");
    assert_string_equal(gs_tree_node_name(tree, gs_tree_child(tree, 0, 29)), "AE");
    assert_string_equal(gs_tree_node_name(tree, gs_tree_child(tree, gs_tree_child(tree, 0, 0), 0)), "AF");
    assert_string_equal(gs_tree_node_name(tree, leaf), "BE");
    assert_true(value_of(tree, leaf) == -12);
    assert_string_equal(gs_tree_child_action(tree, 0, 25), "AA");
    free_tree(tree, &t);
    free(b.s);

    /* One form a tree, and errors keep their place. */
    static const char mixed_plain[] = "name every node, as in ['A', ('B', 3)], "
                                      "or none, as in [[3, 12], [2]]";
    char msg[256];
    snprintf(msg, sizeof msg, "a tuple (name, value) in a tree of plain "
             "numbers: %s", mixed_plain);
    expect_error("[[3, 12],\n ('X', 4)]", 2, 2, msg);
    snprintf(msg, sizeof msg, "a name in a tree of plain numbers: %s", mixed_plain);
    expect_error("[[3, 12], 'X']", 1, 11, msg);
    expect_error("[[3, \"X\"]]", 1, 6, msg);
    expect_error("[3, ('x', 1)]", 1, 5,
                 "a tuple (name, value) in a tree of plain numbers: name every "
                 "node, as in ['A', ('B', 3)], or none, as in [[3, 12], [2]]");
    snprintf(msg, sizeof msg, "a list without a name in a tree of named "
             "nodes: %s", mixed_plain);
    expect_error("['A',\n  [[3, 4]]]", 2, 3, msg);
    expect_error("[[3, 12], x]", 1, 11, "invalid number 'x'");
    expect_error("[[3, 12],\n [2, 4x]]", 2, 6, "invalid number '4x'");
    expect_error("[[3, 12], []]", 1, 12, "a list needs at least one child");
    expect_error("[[3, 12], [2", 1, 13,
                 "expected ',' or ']' after a list element, but the input ends");
    expect_error("[[3, 12], [2,\n", 2, 1,
                 "expected a number or a list, but the input ends");
    expect_error("[[3, 12], ]x", 1, 12, "unexpected 'x' after the end of the tree");
    expect_error("[[3 12]]", 1, 5, "expected ',' or ']' after a list element");
    /* A bare word that is no number still names the root. */
    tree = parse_ok("[3a, (x, 1)]", &t);
    assert_string_equal(gs_tree_node_name(tree, 0), "3a");
    free_tree(tree, &t);
}

static void test_nested_seed_tree(void **state)
{
    (void)state;
    track t;
    gs_tree *tree = parse_ok(SEED, &t);
    assert_int_equal(gs_tree_syntax_of(tree), GS_TREE_NESTED);
    assert_int_equal(gs_tree_node_count(tree), 15);
    assert_int_equal(gs_tree_root_node(tree), 0);
    assert_int_equal(gs_tree_height(tree), 3);
    assert_int_equal(gs_tree_num_agents(tree), 2);
    assert_int_equal(gs_tree_role(tree, 0), GS_ROLE_MAX);
    assert_int_equal(gs_tree_role(tree, 1), GS_ROLE_MIN);
    assert_int_equal(gs_tree_depth(tree), 0);
    assert_false(gs_tree_bounds(tree, NULL, NULL));

    /* Nodes in the order of their '[' or '('. */
    static const char *const names[15] = {"A", "B", "E", "F", "G", "C", "H", "I",
                                          "J", "D", "K", "L", "M", "N", "O"};
    static const int cols[15] = {1, 7, 13, 23, 34, 45, 51, 61, 71, 82, 88, 99,
                                 109, 115, 125};
    for (int32_t i = 0; i < 15; i++) {
        assert_string_equal(gs_tree_node_name(tree, i), names[i]);
        assert_int_equal(gs_tree_node_line(tree, i), 1);
        assert_int_equal(gs_tree_node_column(tree, i), cols[i]);
    }
    /* Children and actions. */
    assert_int_equal(gs_tree_child_count(tree, 0), 3);
    assert_int_equal(gs_tree_child(tree, 0, 0), 1);
    assert_int_equal(gs_tree_child(tree, 0, 1), 5);
    assert_int_equal(gs_tree_child(tree, 0, 2), 9);
    assert_string_equal(gs_tree_child_action(tree, 0, 0), "B");
    assert_string_equal(gs_tree_child_action(tree, 0, 1), "C");
    assert_string_equal(gs_tree_child_action(tree, 0, 2), "D");
    assert_int_equal(gs_tree_child_count(tree, 9), 3);
    assert_int_equal(gs_tree_child(tree, 9, 2), 12);
    assert_int_equal(gs_tree_child_count(tree, 12), 2);
    assert_int_equal(gs_tree_child(tree, 12, 0), 13);
    assert_int_equal(gs_tree_child(tree, 12, 1), 14);
    assert_string_equal(gs_tree_child_action(tree, 12, 1), "O");
    assert_int_equal(gs_tree_child_count(tree, 2), 0);
    /* Values: leaves only. */
    static const double values[15] = {NAN, NAN, 3, 12, 8, NAN, 2, 4,
                                      6, NAN, 14, 5, NAN, 7, 2};
    for (int32_t i = 0; i < 15; i++) {
        double v = -1;
        if (isnan(values[i])) {
            assert_false(gs_tree_node_value(tree, i, &v));
            assert_true(v == -1);
        } else {
            assert_true(value_of(tree, i) == values[i]);
        }
    }
    double p;
    assert_false(gs_tree_child_probability(tree, 0, 0, &p));
    /* Out of range. */
    assert_null(gs_tree_node_name(tree, 15));
    assert_null(gs_tree_node_name(tree, -1));
    assert_int_equal(gs_tree_child(tree, 0, 3), -1);
    assert_int_equal(gs_tree_child(tree, 0, -1), -1);
    assert_null(gs_tree_child_action(tree, 2, 0));
    assert_int_equal(gs_tree_child_count(tree, 99), 0);
    assert_int_equal(gs_tree_node_line(tree, 99), 0);
    free_tree(tree, &t);
}

static void test_nested_layout(void **state)
{
    (void)state;
    track t;
    /* Comments, CRLF, tabs, double quotes, bare words, trailing commas,
     * signs, decimals and exponents. */
    const char *text =
        "# a comment before the tree\r\n"
        "[ \"root\",  # the root\r\n"
        "\t['x', (leaf1, -4.01), (\"le af\", +2.5e1,),],\r\n"
        "  ( 'z' , .5 ) , ('w', 1E-2), ('v', 7.)\r\n"
        "]  # done\r\n";
    gs_tree *tree = parse_ok(text, &t);
    assert_int_equal(gs_tree_node_count(tree), 7);
    static const char *const names[7] = {"root", "x", "leaf1", "le af", "z", "w", "v"};
    static const int lines[7] = {2, 3, 3, 3, 4, 4, 4};
    static const int cols[7] = {1, 2, 8, 24, 3, 18, 31};
    for (int32_t i = 0; i < 7; i++) {
        assert_string_equal(gs_tree_node_name(tree, i), names[i]);
        assert_int_equal(gs_tree_node_line(tree, i), lines[i]);
        assert_int_equal(gs_tree_node_column(tree, i), cols[i]);
    }
    assert_true(value_of(tree, 2) == -4.01);
    assert_true(value_of(tree, 3) == 25.0);
    assert_true(value_of(tree, 4) == 0.5);
    assert_true(value_of(tree, 5) == 0.01);
    assert_true(value_of(tree, 6) == 7.0);
    assert_int_equal(gs_tree_child_count(tree, 0), 4);
    assert_int_equal(gs_tree_child(tree, 0, 0), 1);
    assert_int_equal(gs_tree_child(tree, 0, 1), 4);
    assert_int_equal(gs_tree_child(tree, 0, 3), 6);
    assert_int_equal(gs_tree_child_count(tree, 1), 2);
    assert_int_equal(gs_tree_height(tree), 2);
    free_tree(tree, &t);
}

static void test_nested_names(void **state)
{
    (void)state;
    track t;
    /* Names may repeat: every list or tuple is a new node. Escapes. */
    gs_tree *tree = parse_ok("['A', ('A', 1), ['A', ('it\\'s', 2), (\"q\\\"\\\\\", 3)]]", &t);
    assert_int_equal(gs_tree_node_count(tree), 5);
    assert_string_equal(gs_tree_node_name(tree, 0), "A");
    assert_string_equal(gs_tree_node_name(tree, 1), "A");
    assert_string_equal(gs_tree_node_name(tree, 2), "A");
    assert_string_equal(gs_tree_node_name(tree, 3), "it's");
    assert_string_equal(gs_tree_node_name(tree, 4), "q\"\\");
    assert_int_equal(gs_tree_child(tree, 0, 1), 2);
    assert_int_equal(gs_tree_child(tree, 2, 1), 4);
    free_tree(tree, &t);

    /* UTF-8 names; a backslash before another letter stays. */
    tree = parse_ok("['根', ('叶子', 1), ('a\\b', 2)]", &t);
    assert_string_equal(gs_tree_node_name(tree, 0), "根");
    assert_string_equal(gs_tree_node_name(tree, 1), "叶子");
    assert_string_equal(gs_tree_node_name(tree, 2), "a\\b");
    free_tree(tree, &t);

    /* A single child, and a UTF-8 byte order mark. */
    tree = parse_ok("\xEF\xBB\xBF['A', ('B', 0)]", &t);
    assert_int_equal(gs_tree_node_count(tree), 2);
    assert_int_equal(gs_tree_node_column(tree, 0), 1);
    assert_int_equal(gs_tree_height(tree), 1);
    free_tree(tree, &t);
}

static void test_nested_errors(void **state)
{
    (void)state;
    expect_error("['A']", 1, 5, "list 'A' needs at least one child");
    expect_error("['A', ]", 1, 7, "list 'A' needs at least one child");
    expect_error("['A' ('B', 1)]", 1, 6, "expected ',' after the name 'A'");
    expect_error("['A', ('B', 1) ('C', 2)]", 1, 16,
                 "expected ',' or ']' after a list element");
    expect_error("['A', ('B')]", 1, 11,
                 "expected ',' and a value after the name 'B' (a tuple is (name, value))");
    expect_error("['A', ('B', 1, 2)]", 1, 16,
                 "expected ')' after the value of 'B' (a tuple is (name, value))");
    expect_error("['A', ('B', )]", 1, 13, "expected the value of 'B' (a number, or a list of one utility an agent)");
    expect_error("['A', ('B', x)]", 1, 13, "invalid number 'x'");
    expect_error("['A', ('B', nan)]", 1, 13, "invalid number 'nan'");
    expect_error("['A', ('B', inf)]", 1, 13, "invalid number 'inf'");
    expect_error("['A', ('B', -inf)]", 1, 13, "invalid number '-inf'");
    expect_error("['A', ('B', 0x10)]", 1, 13, "invalid number '0x10'");
    expect_error("['A', ('B', 1e)]", 1, 13, "invalid number '1e'");
    expect_error("['A', ('B', --1)]", 1, 13, "invalid number '--1'");
    expect_error("['A', ('B', .)]", 1, 13, "invalid number '.'");
    expect_error("['A', ('B', 1e999)]", 1, 13, "number '1e999' is out of range");
    expect_error("['A', ('B', -1e999)]", 1, 13, "number '-1e999' is out of range");
    expect_error("['A', ('B', 1)] x", 1, 17, "unexpected 'x' after the end of the tree");
    expect_error("['A', ('B', 1)]]", 1, 16, "unexpected ']' after the end of the tree");
    expect_error("['A', ('B', 1)]'", 1, 16,
                 "unexpected \"'\" after the end of the tree");
    expect_error("['A', ('B', 1)]['C', ('D', 2)]", 1, 16,
                 "unexpected '[' after the end of the tree");
    expect_error("['A', ('B', 1)", 1, 15,
                 "expected ',' or ']' after a list element, but the input ends");
    expect_error("['A', ('B', 1),\n", 2, 1,
                 "expected a list or a tuple, but the input ends");
    expect_error("[", 1, 2, "expected a node name after '[', but the input ends");
    expect_error("[['A', ('B', 1)]]", 1, 3,
                 "a name in a tree of plain numbers: name every node, as in "
                 "['A', ('B', 3)], or none, as in [[3, 12], [2]]");
    expect_error("['A', (, 1)]", 1, 8, "expected a node name after '('");
    expect_error("['A\n, ('B', 1)]", 1, 2,
                 "unterminated quoted name (no closing ' on its line)");
    expect_error("[\"A", 1, 2, "unterminated quoted name (no closing \" on its line)");
    expect_error("['', ('B', 1)]", 1, 2, "a node name must not be empty");
    expect_error("['A', 3]", 1, 7,
                 "a value without a name in a tree of named nodes: name every "
                 "node, as in ['A', ('B', 3)], or none, as in [[3, 12], [2]]");
    expect_error("['A', x]", 1, 7, "expected a list or a tuple");
    expect_error("['A', ('B', 1),, ('C', 2)]", 1, 16, "expected a list or a tuple");
    expect_error("['A', (B C, 1)]", 1, 10,
                 "expected ',' and a value after the name 'B' (a tuple is (name, value))");
    expect_error("['A',\n  ('B', 1),\n  ('C', 2) x]", 3, 12,
                 "expected ',' or ']' after a list element");
    /* Binary junk. */
    expect_error("['A', ('B', 1)]\n\x01", 2, 1, "unexpected character '\\x01'");
    expect_error_n("['A', ('B',\0 1)]", 16, 1, 12, "unexpected character '\\x00'");
    expect_error_n("['A', ('B', 1)] # x\0y", 21, 1, 20, "unexpected character '\\x00'");
    expect_error("['A\xFF', ('B', 1)]", 1, 4, "unexpected character '\\xFF'");
    expect_error("['A\tB', ('B', 1)]", 1, 4, "unexpected character '\\x09'");
    expect_error("['A', \x7F]", 1, 7, "unexpected character '\\x7F'");
    expect_error("['A', \xC3\xA9]", 1, 7, "expected a list or a tuple");
    expect_error("['A', \xE0\x80\x80]", 1, 7, "unexpected character '\\xE0'");
    /* A long name is cut. */
    expect_error("['aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa']", 1, 54,
                 "list 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...' needs at least one child");
}

/* The value of leaf B in "A: B\nB = " followed by `len` bytes of `number`,
 * or the parser's message in err. */
static int leaf_number(const char *number, size_t len, double *v,
                       gs_error *err)
{
    size_t n = 9 + len;
    char *text = malloc(n + 1);
    assert_non_null(text);
    memcpy(text, "A: B\nB = ", 9);
    memcpy(text + 9, number, len);
    text[n] = '\0';
    gs_tree *tree = NULL;
    int rc = gs_tree_parse(text, n, NULL, &tree, err);
    if (rc == GS_OK) {
        *v = value_of(tree, find_node(tree, "B"));
        gs_tree_free(tree);
    }
    free(text);
    return rc;
}

/* Every finite decimal reads, written out in full: up to 4096 characters,
 * beyond the longest finite double (the smallest above 0 in full). */
static void test_long_numbers(void **state)
{
    (void)state;
    char num[4200];
    double v;
    gs_error err;
    /* 1 and 70 zeros */
    num[0] = '1';
    memset(num + 1, '0', 70);
    assert_int_equal(leaf_number(num, 71, &v, &err), GS_OK);
    assert_true(v == 1e70);
    /* 0.000...1, 1 at the 300th place */
    memcpy(num, "0.", 2);
    memset(num + 2, '0', 299);
    num[301] = '1';
    assert_int_equal(leaf_number(num, 302, &v, &err), GS_OK);
    assert_true(v == 1e-300);
    /* the largest double, all 309 digits: 2^1024 - 2^971 */
    static const char dbl_max[] =
        "17976931348623157081452742373170435679807056752584499659891747680315"
        "72607800285387605895586327668781715404589535143824642343213268894641"
        "82768467546703537516986049910576551282076245490090389328944075868508"
        "45513394230458323690322294816580855933212334827479782620414472316873"
        "8177180919299881250404026184124858368";
    assert_int_equal(leaf_number(dbl_max, strlen(dbl_max), &v, &err), GS_OK);
    assert_true(v == DBL_MAX);
    /* 4096 characters read; 4097 are refused */
    memcpy(num, "0.", 2);
    memset(num + 2, '0', 4093);
    num[4095] = '1';
    assert_int_equal(leaf_number(num, 4096, &v, &err), GS_OK);
    assert_true(v == 0.0);   /* below the smallest double */
    memcpy(num, "1.", 2);
    memset(num + 2, '0', 4095);
    assert_int_equal(leaf_number(num, 4097, &v, &err), GS_EPARSE);
    assert_int_equal(err.line, 2);
    assert_int_equal(err.column, 5);
    assert_string_equal(err.message, "number '1.00000000000000000000000000000000000000...' "
                                     "is too long (at most 4096 characters)");
}

/* ---- Line syntax ------------------------------------------------------- */

static void test_lines_full(void **state)
{
    (void)state;
    track t;
    const char *text =
        "# a game with every statement\n"              /* 1 */
        "agents: MAX, min chance   # three roles\n"    /* 2 */
        "depth: 2\n"                                   /* 3 */
        "bounds: -100 100.5\n"                         /* 4 */
        "root: top\n"                                  /* 5 */
        "\n"                                           /* 6 */
        "top: left=L right=R\n"                        /* 7 */
        "  L: a b\n"                                   /* 8 */
        "R:\tX@0.25 Y@0.75\n"                          /* 9 */
        "a = 1\n"                                      /* 10 */
        "b = -2.5e1\n"                                 /* 11 */
        "X = 100.5\n"                                  /* 12 */
        "Y=-100\n"                                     /* 13 */
        "L = 4 # an evaluation at a cutoff\n";         /* 14 */
    gs_tree *tree = parse_ok(text, &t);
    assert_int_equal(gs_tree_syntax_of(tree), GS_TREE_LINES);
    assert_int_equal(gs_tree_num_agents(tree), 3);
    assert_int_equal(gs_tree_role(tree, 0), GS_ROLE_MAX);
    assert_int_equal(gs_tree_role(tree, 1), GS_ROLE_MIN);
    assert_int_equal(gs_tree_role(tree, 2), GS_ROLE_CHANCE);
    assert_int_equal(gs_tree_depth(tree), 2);
    double lo = 0, hi = 0;
    assert_true(gs_tree_bounds(tree, &lo, &hi));
    assert_true(lo == -100.0 && hi == 100.5);
    assert_int_equal(gs_tree_node_count(tree), 7);
    static const char *const names[7] = {"top", "L", "R", "a", "b", "X", "Y"};
    static const int lines[7] = {7, 8, 9, 10, 11, 12, 13};
    static const int cols[7] = {1, 3, 1, 1, 1, 1, 1};
    for (int32_t i = 0; i < 7; i++) {
        assert_string_equal(gs_tree_node_name(tree, i), names[i]);
        assert_int_equal(gs_tree_node_line(tree, i), lines[i]);
        assert_int_equal(gs_tree_node_column(tree, i), cols[i]);
    }
    assert_int_equal(gs_tree_root_node(tree), 0);
    assert_int_equal(gs_tree_height(tree), 2);
    assert_string_equal(gs_tree_child_action(tree, 0, 0), "left");
    assert_string_equal(gs_tree_child_action(tree, 0, 1), "right");
    assert_int_equal(gs_tree_child(tree, 0, 0), 1);
    assert_int_equal(gs_tree_child(tree, 0, 1), 2);
    assert_string_equal(gs_tree_child_action(tree, 1, 0), "a");
    assert_int_equal(gs_tree_child(tree, 1, 1), 4);
    double p = 0;
    assert_false(gs_tree_child_probability(tree, 0, 0, &p));
    assert_true(gs_tree_child_probability(tree, 2, 0, &p));
    assert_true(p == 0.25);
    assert_true(gs_tree_child_probability(tree, 2, 1, &p));
    assert_true(p == 0.75);
    assert_true(value_of(tree, 1) == 4.0);
    assert_true(value_of(tree, 3) == 1.0);
    assert_true(value_of(tree, 4) == -25.0);
    assert_true(value_of(tree, 5) == 100.5);
    assert_true(value_of(tree, 6) == -100.0);
    assert_false(gs_tree_node_value(tree, 0, NULL));
    free_tree(tree, &t);
}

static void test_lines_cs188_style(void **state)
{
    (void)state;
    track t;
    /* `root: root` names the root; the later `root:` line gives its children. */
    const char *text = "agents: max min\r\n"
                       "depth: 2\r\n"
                       "root: root\r\n"
                       "root: Left=lose1 Right=lose2\r\n"
                       "lose1 = 1\r\n"
                       "lose2 = -4.01\r\n";
    gs_tree *tree = parse_ok(text, &t);
    assert_int_equal(gs_tree_node_count(tree), 3);
    assert_int_equal(gs_tree_root_node(tree), 0);
    assert_string_equal(gs_tree_node_name(tree, 0), "root");
    assert_int_equal(gs_tree_node_line(tree, 0), 4);
    assert_int_equal(gs_tree_child_count(tree, 0), 2);
    assert_string_equal(gs_tree_child_action(tree, 0, 0), "Left");
    assert_string_equal(gs_tree_node_name(tree, gs_tree_child(tree, 0, 1)), "lose2");
    assert_true(value_of(tree, 2) == -4.01);
    free_tree(tree, &t);

    /* Nodes named like keywords, `max`, and values for inner nodes. */
    tree = parse_ok("root: max\nmax: Left=min1 Right=min2\nmin1: Down=A\n"
                    "min2: A B\nA = 10\nB = 0\nmin1 = -4\n", &t);
    assert_int_equal(gs_tree_root_node(tree), 0);
    assert_string_equal(gs_tree_node_name(tree, 0), "max");
    assert_int_equal(gs_tree_node_count(tree), 5);
    /* A is reached twice: a DAG. */
    assert_int_equal(gs_tree_child(tree, 1, 0), gs_tree_child(tree, 2, 0));
    assert_true(value_of(tree, 1) == -4.0);
    free_tree(tree, &t);
}

static void test_lines_root_rules(void **state)
{
    (void)state;
    track t;
    gs_tree *tree;
    /* Default: the first node with children, in definition order. */
    tree = parse_ok("v = 1\nw = 2\nP: v\nQ: P w\n", &t);
    assert_int_equal(gs_tree_root_node(tree), 2);
    assert_string_equal(gs_tree_node_name(tree, 2), "P");
    assert_int_equal(gs_tree_height(tree), 1);
    free_tree(tree, &t);
    /* No node with children: the first node defined. */
    tree = parse_ok("# only leaves\nonly = 3\nother = 4\n", &t);
    assert_int_equal(gs_tree_node_count(tree), 2);
    assert_int_equal(gs_tree_root_node(tree), 0);
    assert_int_equal(gs_tree_height(tree), 0);
    free_tree(tree, &t);
    /* The directive may come last and name a node defined before. */
    tree = parse_ok("A: B\nB: C\nC = 1\nroot: B\n", &t);
    assert_int_equal(gs_tree_root_node(tree), 1);
    assert_int_equal(gs_tree_height(tree), 1);
    free_tree(tree, &t);
    /* `root:` with two names gives the children of a node called root. */
    tree = parse_ok("root: A B\nA = 1\nB = 2\n", &t);
    assert_int_equal(gs_tree_root_node(tree), 0);
    assert_string_equal(gs_tree_node_name(tree, 0), "root");
    assert_int_equal(gs_tree_child_count(tree, 0), 2);
    free_tree(tree, &t);
    /* ... and so does `root: left=A` (an action) or `root: A@1`. */
    tree = parse_ok("root: left=A\nA = 1\n", &t);
    assert_string_equal(gs_tree_node_name(tree, 0), "root");
    assert_string_equal(gs_tree_child_action(tree, 0, 0), "left");
    free_tree(tree, &t);
    tree = parse_ok("root: A@1\nA = 1\n", &t);
    assert_string_equal(gs_tree_node_name(tree, 0), "root");
    free_tree(tree, &t);
    /* Only the first single-name `root:` line is the directive. */
    tree = parse_ok("root: X\nroot: Y\nX: root\nY = 5\n", &t);
    assert_int_equal(gs_tree_node_count(tree), 3);
    assert_string_equal(gs_tree_node_name(tree, gs_tree_root_node(tree)), "X");
    assert_string_equal(gs_tree_node_name(tree, 0), "root");
    assert_int_equal(gs_tree_height(tree), 2);
    free_tree(tree, &t);
}

static void test_lines_lenient_forms(void **state)
{
    (void)state;
    track t;
    /* Spaces around '=' and '@', commas between children, tabs, no final
     * newline, UTF-8 and punctuation in names. */
    gs_tree *tree = parse_ok("\tA :\tgo = B @ .5 , C @0.5\nC: x\nB = 1\n x = 2\n"
                             "[n](1).z-y_ = 3\n节点 = 4", &t);
    assert_int_equal(gs_tree_node_count(tree), 6);
    assert_int_equal(gs_tree_child_count(tree, 0), 2);
    assert_string_equal(gs_tree_child_action(tree, 0, 0), "go");
    assert_string_equal(gs_tree_node_name(tree, gs_tree_child(tree, 0, 0)), "B");
    assert_string_equal(gs_tree_child_action(tree, 0, 1), "C");
    assert_true(gs_tree_child_probability(tree, 0, 1, NULL));
    assert_int_equal(gs_tree_node_column(tree, 0), 2);
    assert_int_equal(gs_tree_node_column(tree, 3), 2);
    assert_string_equal(gs_tree_node_name(tree, 4), "[n](1).z-y_");
    assert_string_equal(gs_tree_node_name(tree, 5), "节点");
    free_tree(tree, &t);

    /* An action named like its child is stored once and reads the same. */
    tree = parse_ok("A: B=B\nB = 1\n", &t);
    assert_string_equal(gs_tree_child_action(tree, 0, 0), "B");
    free_tree(tree, &t);
}

static void test_lines_probabilities(void **state)
{
    (void)state;
    track t;
    /* 0.1 + 0.2 + 0.7 is 0.9999999999999999 in doubles: within 1e-9. */
    gs_tree *tree = parse_ok("agents: chance\nC: a@0.1 b@0.2 c@0.7\nD: c d\n"
                             "a = 1\nb = 2\nc = 3\nd = 4\nroot: C\n", &t);
    double p = 0;
    assert_true(gs_tree_child_probability(tree, 0, 2, &p));
    assert_true(p == 0.7);
    assert_int_equal(gs_tree_role(tree, 0), GS_ROLE_CHANCE);
    /* Probabilities only where given. */
    int32_t d = find_node(tree, "D");
    assert_false(gs_tree_child_probability(tree, d, 0, &p));
    free_tree(tree, &t);

    /* 1e-10 away from 1 is accepted. */
    tree = parse_ok("C: a@0.5 b@0.5000000001\na = 1\nb = 2\n", &t);
    free_tree(tree, &t);
    expect_error("C: a@0.5 b@0.500000002\na = 1\nb = 2\n", 1, 1,
                 "probabilities of 'C' sum to 1.000000002, not 1");
    expect_error("X: a@0.5 b@0.4\na = 1\nb = 2\n", 1, 1,
                 "probabilities of 'X' sum to 0.9, not 1");
    expect_error("X: a@1.5 b@0.5\n", 1, 6, "probability 1.5 of 'a' is not in (0, 1]");
    expect_error("X: a@0 b@1\n", 1, 6, "probability 0 of 'a' is not in (0, 1]");
    expect_error("X: a@-0.5 b@1\n", 1, 6, "probability -0.5 of 'a' is not in (0, 1]");
    expect_error("X: a@0.5 b\n", 1, 10, "give a probability to every child of 'X' or to none");
    expect_error("X: a b@0.5\n", 1, 6, "give a probability to every child of 'X' or to none");
    expect_error("X: a@", 1, 6, "expected a probability after '@', but the input ends");
    expect_error("X: a@ # none\n", 1, 7, "expected a probability after '@'");
    expect_error("X: a@x\n", 1, 6, "invalid number 'x'");
}

static void test_lines_dag_and_unreachable(void **state)
{
    (void)state;
    track t;
    /* A diamond: D has two parents. */
    gs_tree *tree = parse_ok("A: B C\nB: D\nC: D\nD = 1\n", &t);
    assert_int_equal(gs_tree_node_count(tree), 4);
    assert_int_equal(gs_tree_child(tree, 1, 0), 3);
    assert_int_equal(gs_tree_child(tree, 2, 0), 3);
    assert_int_equal(gs_tree_height(tree), 2);
    free_tree(tree, &t);

    /* Unreachable nodes may name children that are never defined (as the
     * CS188 trees do): those become valueless leaves after every defined
     * node, placed at their first use. */
    const char *text = "root: a\n"
                       "a: Left=b1\n"
                       "c3: Left=d5 Right=d6\n"
                       "d5: Left=I Right=J\n"
                       "b1 = 1\n"
                       "I = 2\n";
    tree = parse_ok(text, &t);
    assert_int_equal(gs_tree_node_count(tree), 7);
    static const char *const names[7] = {"a", "c3", "d5", "b1", "I", "d6", "J"};
    static const int lines[7] = {2, 3, 4, 5, 6, 3, 4};
    static const int cols[7] = {1, 1, 1, 1, 1, 19, 18};
    for (int32_t i = 0; i < 7; i++) {
        assert_string_equal(gs_tree_node_name(tree, i), names[i]);
        assert_int_equal(gs_tree_node_line(tree, i), lines[i]);
        assert_int_equal(gs_tree_node_column(tree, i), cols[i]);
    }
    assert_false(gs_tree_node_value(tree, 5, NULL));
    assert_int_equal(gs_tree_child_count(tree, 5), 0);
    assert_int_equal(gs_tree_child(tree, 1, 1), 5);
    assert_int_equal(gs_tree_height(tree), 1);
    assert_int_equal(gs_tree_check_values(tree, 0, NULL), GS_OK);
    assert_int_equal(gs_tree_check_values(tree, 1, NULL), GS_OK);
    free_tree(tree, &t);

    /* A valueless leaf that is not reachable is no error either. */
    tree = parse_ok("A: B\nB = 1\nlonely:\n", &t);
    assert_int_equal(gs_tree_node_count(tree), 3);
    free_tree(tree, &t);
}

static void test_lines_errors(void **state)
{
    (void)state;
    expect_error("A: B\n", 1, 4, "node 'B' is used as a child but never defined");
    expect_error("A: B C\nB = 1\n", 1, 6, "node 'C' is used as a child but never defined");
    /* The first reference from a reachable node, in text order. */
    expect_error("root: A\nX: C\nA: B\nB: C D\n", 4, 4,
                 "node 'C' is used as a child but never defined");
    expect_error("A: B C\nB = 1\nA: C\nC = 2\n", 3, 1,
                 "children of 'A' are already given on line 1");
    expect_error("A: B\nB = 1\n  B = 2\n", 3, 3, "value of 'B' is already given on line 2");
    expect_error("agents: max mx\nA = 1\n", 1, 13,
                 "unknown role 'mx' (expected max, min or chance)");
    expect_error("agents:\nA = 1\n", 1, 8, "expected at least one role (max, min or chance)");
    expect_error("agents: # none\nA = 1\n", 1, 8,
                 "expected at least one role (max, min or chance)");
    expect_error("agents: max min\nagents: max\n", 2, 1, "agents are already given on line 1");
    expect_error("agents: max\x01min\n", 1, 12, "unexpected character '\\x01'");
    expect_error("depth: -1\n", 1, 8, "depth must be a non-negative integer, not '-1'");
    expect_error("depth: 2.5\n", 1, 8, "depth must be a non-negative integer, not '2.5'");
    expect_error("depth:", 1, 7,
                 "expected a non-negative integer after 'depth:', but the input ends");
    expect_error("depth: 33554432\n", 1, 8, "depth 33554432 is too large (at most 33554431)");
    expect_error("depth: 123456789012345678901234567890\n", 1, 8,
                 "depth 12345678901234567890... is too large (at most 33554431)");
    expect_error("depth: 2\ndepth: 3\n", 2, 1, "depth is already given on line 1");
    expect_error("depth: 2 3\n", 1, 10, "unexpected '3' after the depth");
    expect_error("bounds: 5 5\n", 1, 9, "lower bound 5 is not less than upper bound 5");
    expect_error("bounds: 5 -5\n", 1, 9, "lower bound 5 is not less than upper bound -5");
    expect_error("bounds: 1", 1, 10,
                 "expected an upper bound after the lower bound, but the input ends");
    expect_error("bounds:\n", 1, 8, "expected a lower bound after 'bounds:'");
    expect_error("bounds: 0 1\nbounds: 0 1\n", 2, 1, "bounds are already given on line 1");
    expect_error("bounds: 0 1 2\n", 1, 13, "unexpected '2' after the bounds");
    expect_error("bounds: -100 100\nA: B\nB = 150\n", 3, 5,
                 "value 150 of 'B' lies outside the bounds -100 .. 100");
    /* Bounds after the values; the first value out of range in the text. */
    expect_error("A: B C\nC = 200\nB = -100.5\nA = 300\nbounds: -100 100\n", 2, 5,
                 "value 200 of 'C' lies outside the bounds -100 .. 100");
    expect_error("A B\n", 1, 3, "expected ':' or '=' after 'A'");
    expect_error("A", 1, 2, "expected ':' or '=' after 'A', but the input ends");
    expect_error("A: B\nB = 1\nC", 3, 2, "expected ':' or '=' after 'C', but the input ends");
    expect_error(": A\n", 1, 1, "expected a node name at the start of the line");
    expect_error("  = 3\n", 1, 3, "expected a node name at the start of the line");
    expect_error("A = ", 1, 5, "expected the value of 'A' (a number), but the input ends");
    expect_error("A = # nothing\n", 1, 5, "expected the value of 'A' (a number)");
    expect_error("A = 3 x\n", 1, 7, "unexpected 'x' after the value of 'A'");
    /* ("A = 3 4" is a vector of two utilities: test_multi.c) */
    expect_error("A = 3x\n", 1, 5, "invalid number '3x'");
    expect_error("A = inf\n", 1, 5, "invalid number 'inf'");
    expect_error("A = NaN\n", 1, 5, "invalid number 'NaN'");
    expect_error("A = 1e400\n", 1, 5, "number '1e400' is out of range");
    expect_error("A: B:C\n", 1, 5, "unexpected ':' after the child 'B'");
    expect_error("A: B C=\n", 1, 8,
                 "expected a child after the action 'C'=");
    expect_error("A: =B\n", 1, 4, "expected a child of 'A'");
    expect_error("A: B\nB:\n", 2, 1, "node 'B' has no value (a leaf needs one)");
    expect_error("A:\n", 1, 1, "node 'A' has no value (a leaf needs one)");
    expect_error("root: Z\nA: B\nB = 1\n", 1, 7,
                 "node 'Z' is named as the root but never defined");
    expect_error("root: Z\n", 0, 0, "the input defines no node");
    /* Cycles, wherever they are. */
    expect_error("A: B\nB: A\n", 1, 1, "cycle: A -> B -> A");
    expect_error("A: A\n", 1, 1, "cycle: A -> A");
    expect_error("A: B\nB: C\n  C: x B\nx = 1\n", 2, 1, "cycle: B -> C -> B");
    expect_error("root: A\nA: B\nB = 1\nX: Y\nY: X\n", 4, 1, "cycle: X -> Y -> X");
    /* Binary junk, NUL bytes, bad UTF-8, CRLF. */
    expect_error("A: B\n\x01", 2, 1, "unexpected character '\\x01'");
    expect_error_n("A: B\0 C\n", 8, 1, 5, "unexpected character '\\x00'");
    expect_error_n("A = 1 # \0\n", 10, 1, 9, "unexpected character '\\x00'");
    expect_error_n("\0", 1, 1, 1, "unexpected character '\\x00'");
    expect_error("A\xC3: B\n", 1, 2, "unexpected character '\\xC3'");
    expect_error("\xFF\xFE" "A: B\n", 1, 1, "unexpected character '\\xFF'");
    expect_error("A: B\r\nB = x\r\n", 2, 5, "invalid number 'x'");
    expect_error("A: B\rC\nB = 1\n", 1, 6, "node 'C' is used as a child but never defined");
    /* Nothing to parse. */
    expect_error("", 0, 0, "empty input: no tree");
    expect_error("  \n\t\r\n# only a comment\n", 0, 0, "empty input: no tree");
    expect_error("agents: max min\ndepth: 3\n", 0, 0, "the input defines no node");
    /* A long name is cut in messages. */
    expect_error("A: bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\n", 1, 4,
                 "node 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb...' is used as a child "
                 "but never defined");
}

static void test_too_many_agents(void **state)
{
    (void)state;
    buf b = {0};
    buf_add(&b, "agents:");
    for (int i = 0; i < 65; i++)
        buf_add(&b, " max");
    buf_add(&b, "\nA = 1\n");
    expect_error(b.s, 1, 8 + 64 * 4 + 1, "too many agents (at most 64)");
    /* 64 are fine. */
    b.n = 0;
    buf_add(&b, "agents:");
    for (int i = 0; i < 64; i++)
        buf_add(&b, i % 2 ? " min" : " max");
    buf_add(&b, "\nA = 1\n");
    track t;
    gs_tree *tree = parse_ok(b.s, &t);
    assert_int_equal(gs_tree_num_agents(tree), 64);
    assert_int_equal(gs_tree_role(tree, 63), GS_ROLE_MIN);
    free_tree(tree, &t);
    free(b.s);
}

static void test_cycle_message_is_cut(void **state)
{
    (void)state;
    /* 30 nodes with 20-byte names in one cycle: the message keeps its
     * start, says "...", and closes the cycle. */
    buf b = {0};
    for (int i = 0; i < 30; i++)
        buf_add(&b, "node_%015d: node_%015d\n", i, (i + 1) % 30);
    track t;
    gs_allocator a = tracker(&t);
    gs_tree *tree = NULL;
    gs_error err;
    assert_int_equal(gs_tree_parse(b.s, b.n, &a, &tree, &err), GS_EPARSE);
    assert_int_equal(err.line, 1);
    assert_int_equal(err.column, 1);
    const char *start = "cycle: node_000000000000000 -> node_000000000000001 -> ";
    assert_memory_equal(err.message, start, strlen(start));
    const char *end = " -> ... -> node_000000000000000";
    size_t len = strlen(err.message);
    assert_true(len < sizeof err.message);
    assert_true(len > strlen(end));
    assert_string_equal(err.message + len - strlen(end), end);
    assert_int_equal(t.live, 0);
    free(b.s);
}

/* ---- Sizes, depth, junk ------------------------------------------------ */

static void test_million_deep_nested(void **state)
{
    (void)state;
    enum { DEPTH = 1000000 };
    buf b = {0};
    for (int i = 0; i < DEPTH; i++)
        buf_add(&b, "['n',");
    buf_add(&b, "('leaf', 1)");
    for (int i = 0; i < DEPTH; i++)
        buf_add(&b, "]");
    track t;
    gs_tree *tree = parse_ok_n(b.s, b.n, &t);
    assert_int_equal(gs_tree_node_count(tree), DEPTH + 1);
    assert_int_equal(gs_tree_height(tree), DEPTH);
    assert_int_equal(gs_tree_child(tree, DEPTH - 1, 0), DEPTH);
    assert_string_equal(gs_tree_node_name(tree, DEPTH), "leaf");
    assert_int_equal(gs_tree_node_column(tree, DEPTH), 5 * DEPTH + 1);
    /* The last inner node, at ply DEPTH-1, has no value. */
    gs_error err;
    assert_int_equal(gs_tree_check_values(tree, DEPTH - 1, &err), GS_EPARSE);
    assert_int_equal(err.line, 1);
    assert_int_equal(err.column, 5 * (DEPTH - 1) + 1);
    assert_string_equal(err.message, "node 'n' is cut off at ply 999999 but has no value");
    assert_int_equal(gs_tree_check_values(tree, DEPTH, &err), GS_OK);
    free_tree(tree, &t);

    /* Unclosed: a million '[' and names, then the end. */
    b.n -= DEPTH;
    b.s[b.n] = '\0';
    expect_error_n(b.s, b.n, 1, (int)b.n + 1,
                   "expected ',' or ']' after a list element, but the input ends");
    /* A million '[' with no names: lists of the plain form, unclosed. */
    memset(b.s, '[', DEPTH);
    expect_error_n(b.s, DEPTH, 1, DEPTH + 1,
                   "expected a number or a list, but the input ends");
    /* A million nested plain lists around one number. */
    b.s[DEPTH - 1] = '7';
    memset(b.s + DEPTH, ']', DEPTH - 1);
    b.n = 2 * DEPTH - 1;
    tree = parse_ok_n(b.s, b.n, &t);
    assert_int_equal(gs_tree_node_count(tree), DEPTH);
    assert_int_equal(gs_tree_height(tree), DEPTH - 1);
    assert_string_equal(gs_tree_node_name(tree, DEPTH - 1), "BDWGN");
    assert_true(value_of(tree, DEPTH - 1) == 7);
    free_tree(tree, &t);
    free(b.s);
}

static void test_million_deep_lines(void **state)
{
    (void)state;
    enum { DEPTH = 1000000 };
    buf b = {0};
    for (int i = 0; i < DEPTH; i++)
        buf_add(&b, "n%d: n%d\n", i, i + 1);
    buf_add(&b, "n%d = 7\n", DEPTH);
    track t;
    gs_tree *tree = parse_ok_n(b.s, b.n, &t);
    assert_int_equal(gs_tree_node_count(tree), DEPTH + 1);
    assert_int_equal(gs_tree_height(tree), DEPTH);
    assert_int_equal(gs_tree_node_line(tree, DEPTH), DEPTH + 1);
    free_tree(tree, &t);
    /* Closing the chain into a cycle. */
    b.n = 0;
    for (int i = 0; i < DEPTH; i++)
        buf_add(&b, "n%d: n%d\n", i, (i + 1) % DEPTH);
    gs_allocator a = tracker(&t);
    gs_error err;
    assert_int_equal(gs_tree_parse(b.s, b.n, &a, &tree, &err), GS_EPARSE);
    assert_null(tree);
    assert_int_equal(err.line, 1);
    assert_memory_equal(err.message, "cycle: n0 -> n1 -> n2 -> ", 25);
    assert_int_equal(t.live, 0);
    free(b.s);
}

static void test_binary_junk(void **state)
{
    (void)state;
    /* Bytes 0x00 .. 0xFF after a valid tree, one at a time: never a crash,
     * always a clean error or (for space) success. */
    for (int c = 0; c < 256; c++) {
        char text[32];
        int n = snprintf(text, sizeof text, "A: B\nB = 1\n");
        text[n++] = (char)c;
        track t;
        gs_allocator a = tracker(&t);
        gs_tree *tree = NULL;
        gs_error err;
        int rc = gs_tree_parse(text, (size_t)n, &a, &tree, &err);
        if (rc == GS_OK) {
            gs_tree_free(tree);
        } else {
            assert_int_equal(rc, GS_EPARSE);
            assert_int_equal(err.line, 3);
            assert_true(err.column >= 1);
            assert_true(strlen(err.message) > 0);
        }
        assert_int_equal(t.live, 0);
    }
    /* Pseudo-random junk of every length up to 200, in both syntaxes. */
    uint64_t x = 88172645463325252ull;
    for (int len = 1; len <= 200; len++) {
        char text[201];
        for (int i = 0; i < len; i++)
            text[i] = (char)(xorshift64_next(&x) & 0xFF);
        for (int nested = 0; nested < 2; nested++) {
            if (nested)
                text[0] = '[';
            track t;
            gs_allocator a = tracker(&t);
            gs_tree *tree = NULL;
            gs_error err;
            int rc = gs_tree_parse(text, (size_t)len, &a, &tree, &err);
            assert_true(rc == GS_OK || rc == GS_EPARSE);
            if (rc == GS_OK)
                gs_tree_free(tree);
            else
                assert_true(strlen(err.message) > 0);
            assert_int_equal(t.live, 0);
        }
    }
}

static void test_sizes_and_arguments(void **state)
{
    (void)state;
    gs_tree *tree = (gs_tree *)(uintptr_t)1;
    gs_error err;
    /* The length is checked before any byte is read. */
    char small[4] = "[]";
    assert_int_equal(gs_tree_parse(small, ((size_t)1 << 30) + 1, NULL, &tree, &err),
                     GS_ETOOBIG);
    assert_null(tree);
    assert_int_equal(err.line, 0);
    assert_string_equal(err.message, "input of 1073741825 bytes is larger than the "
                                     "limit of 1 GiB (1073741824 bytes)");
    assert_int_equal(gs_tree_parse(NULL, 3, NULL, &tree, &err), GS_EINVAL);
    assert_int_equal(gs_tree_parse("A = 1", 5, NULL, NULL, &err), GS_EINVAL);
    gs_allocator broken = {NULL, NULL};
    assert_int_equal(gs_tree_parse("A = 1", 5, &broken, &tree, &err), GS_EINVAL);
    /* NULL text of length 0 is the empty input; NULL error is fine. */
    assert_int_equal(gs_tree_parse(NULL, 0, NULL, &tree, &err), GS_EPARSE);
    assert_string_equal(err.message, "empty input: no tree");
    assert_int_equal(gs_tree_parse("]", 1, NULL, &tree, NULL), GS_EPARSE);
    /* The default allocator. */
    assert_int_equal(gs_tree_parse(SEED, strlen(SEED), NULL, &tree, NULL), GS_OK);
    assert_int_equal(gs_tree_node_count(tree), 15);
    gs_tree_free(tree);
    gs_tree_free(NULL);
    /* The text is not read past its length. */
    assert_int_equal(gs_tree_parse("A = 12345", 5, NULL, &tree, &err), GS_OK);
    assert_true(value_of(tree, 0) == 1.0);
    gs_tree_free(tree);
}

/* ---- Allocation failure ------------------------------------------------ */

/* Fails allocation 1, 2, 3, ... until parsing succeeds; returns how many. */
static long fail_each_allocation(const char *text, size_t len)
{
    for (long n = 1;; n++) {
        track t;
        gs_allocator a = tracker(&t);
        t.fail_at = n;
        gs_tree *tree = (gs_tree *)(uintptr_t)1;
        gs_error err;
        int rc = gs_tree_parse(text, len, &a, &tree, &err);
        if (rc == GS_OK) {
            assert_int_equal(t.failed, 0);
            gs_tree_free(tree);
            assert_int_equal(t.live, 0);
            return n - 1;
        }
        assert_int_equal(rc, GS_ENOMEM);
        assert_int_equal(t.failed, 1);
        assert_null(tree);
        assert_string_equal(err.message, "out of memory");
        assert_int_equal(t.live, 0);
    }
}

static void test_allocation_failures(void **state)
{
    (void)state;
    assert_true(fail_each_allocation(SEED, strlen(SEED)) >= 5);
    assert_true(fail_each_allocation(SEED_PLAIN, strlen(SEED_PLAIN)) >= 5);
    /* Line syntax with enough names to grow the symbol table, actions,
     * probabilities and an implicit node. */
    buf b = {0};
    buf_add(&b, "agents: max chance\nbounds: -1000 1000\nroot: r\n");
    buf_add(&b, "r: go=c0 c1 c2 c3\n");
    for (int i = 0; i < 4; i++) {
        buf_add(&b, "c%d:", i);
        for (int k = 0; k < 25; k++)
            buf_add(&b, " a%d=l%d_%d@0.04", k, i, k);
        buf_add(&b, "\n");
        for (int k = 0; k < 25; k++)
            buf_add(&b, "l%d_%d = %d\n", i, k, k - i);
    }
    buf_add(&b, "x: never_defined\n");
    long n = fail_each_allocation(b.s, b.n);
    assert_true(n >= 20);
    free(b.s);

    /* gs_tree_check_values fails cleanly too. */
    track t;
    gs_tree *tree = parse_ok(SEED, &t);
    long before = t.count;
    for (long k = 1; k <= 3; k++) {
        gs_error err;
        t.fail_at = before + k;
        t.failed = 0;
        size_t live = t.live;
        assert_int_equal(gs_tree_check_values(tree, 1, &err), GS_ENOMEM);
        assert_string_equal(err.message, "out of memory");
        assert_int_equal(t.live, live);
        t.count = before;
    }
    t.fail_at = 0;
    assert_int_equal(gs_tree_check_values(tree, 1, NULL), GS_EPARSE);
    free_tree(tree, &t);
}

/* ---- Values at a depth cutoff, height ---------------------------------- */

static void test_check_values(void **state)
{
    (void)state;
    track t;
    const char *text = "root: a\n"                 /* 1 */
                       "a: Left=b1 Right=b2\n"     /* 2 */
                       "b1: Left=c1 Right=c2\n"    /* 3 */
                       "b2: Down=cx\n"             /* 4 */
                       "c1: Left=d1 Right=d2\n"    /* 5 */
                       "c2: Left=d3 Right=d4\n"    /* 6 */
                       "  cx: Down=dx\n"           /* 7 */
                       "d1 = -3\nd2 = -9\nd3 = 10\nd4 = 6\ndx = -3.01\n"
                       "c1 = -4\n"
                       "b1 = 0\n";
    gs_tree *tree = parse_ok(text, &t);
    gs_error err;
    assert_int_equal(gs_tree_height(tree), 3);
    assert_int_equal(gs_tree_check_values(tree, 0, &err), GS_OK);
    assert_int_equal(gs_tree_check_values(tree, 1, &err), GS_EPARSE);
    assert_int_equal(err.line, 4);
    assert_int_equal(err.column, 1);
    assert_string_equal(err.message, "node 'b2' is cut off at ply 1 but has no value");
    /* Ply 2: c1 has a value, c2 and cx do not; c2 is defined first. */
    assert_int_equal(gs_tree_check_values(tree, 2, &err), GS_EPARSE);
    assert_int_equal(err.line, 6);
    assert_int_equal(err.column, 1);
    assert_string_equal(err.message, "node 'c2' is cut off at ply 2 but has no value");
    assert_int_equal(gs_tree_check_values(tree, 3, &err), GS_OK);
    assert_int_equal(gs_tree_check_values(tree, 4, &err), GS_OK);
    assert_int_equal(gs_tree_check_values(tree, 1000000, &err), GS_OK);
    assert_int_equal(gs_tree_check_values(tree, -1, &err), GS_EINVAL);
    free_tree(tree, &t);

    /* cx is the only node cut off at ply 2 that lacks a value. */
    tree = parse_ok("a: b1 b2\nb1: c1 c2\nb2: cx\nc1: d\nc2: d\ncx: d\nd = 1\n"
                    "c1 = 0\nc2 = 0\n", &t);
    assert_int_equal(gs_tree_check_values(tree, 2, &err), GS_EPARSE);
    assert_int_equal(err.line, 6);
    assert_string_equal(err.message, "node 'cx' is cut off at ply 2 but has no value");
    free_tree(tree, &t);
}

static void test_check_values_dag_is_fast(void **state)
{
    (void)state;
    /* 60 layers of two nodes, each joined to both nodes of the next: 2^60
     * paths, 120 nodes. Only the a-nodes have values. */
    enum { LAYERS = 60 };
    buf b = {0};
    int line = 1, b30_line = 0;
    buf_add(&b, "r: a1 b1\n");
    for (int i = 1; i < LAYERS; i++) {
        buf_add(&b, "a%d: a%d b%d\n", i, i + 1, i + 1);
        line++;
        buf_add(&b, "  b%d: a%d b%d\n", i, i + 1, i + 1);
        line++;
        if (i == 30)
            b30_line = line;
    }
    for (int i = 1; i <= LAYERS; i++)
        buf_add(&b, "a%d = %d\n", i, i);
    buf_add(&b, "b%d = 0\n", LAYERS);
    track t;
    gs_tree *tree = parse_ok_n(b.s, b.n, &t);
    assert_int_equal(gs_tree_node_count(tree), 2 * LAYERS + 1);
    assert_int_equal(gs_tree_height(tree), LAYERS);
    gs_error err;
    assert_int_equal(gs_tree_check_values(tree, 30, &err), GS_EPARSE);
    assert_int_equal(err.line, b30_line);
    assert_int_equal(err.column, 3);
    assert_string_equal(err.message, "node 'b30' is cut off at ply 30 but has no value");
    assert_int_equal(gs_tree_check_values(tree, LAYERS, &err), GS_OK);
    free_tree(tree, &t);
    free(b.s);
}

static void test_height(void **state)
{
    (void)state;
    track t;
    gs_tree *tree = parse_ok("A = 1\n", &t);
    assert_int_equal(gs_tree_height(tree), 0);
    free_tree(tree, &t);
    /* The longest path, not the first one found. */
    tree = parse_ok("A: B C\nB = 1\nC: D\nD: B\n", &t);
    assert_int_equal(gs_tree_height(tree), 3);
    free_tree(tree, &t);
    /* From the root only. */
    tree = parse_ok("root: B\nA: B\nB: C\nC = 1\n", &t);
    assert_int_equal(gs_tree_height(tree), 1);
    free_tree(tree, &t);
}

/* The most rounds a search can be cut off at within the ply limit. */
static void test_max_rounds(void **state)
{
    (void)state;
    track t;
    gs_tree *tree = parse_ok(SEED, &t);   /* 2 agents */
    assert_int_equal(gs_tree_max_rounds(tree, 2), 1);
    assert_int_equal(gs_tree_max_rounds(tree, 5), 2);
    assert_int_equal(gs_tree_max_rounds(tree, 4096), 2048);
    assert_int_equal(gs_tree_max_rounds(tree, 1), 0);
    assert_int_equal(gs_tree_max_rounds(tree, 0), 0);
    assert_int_equal(gs_tree_max_rounds(tree, -3), 0);
    free_tree(tree, &t);
    tree = parse_ok("agents: max min min\nA: B\nB = 1\n", &t);
    assert_int_equal(gs_tree_max_rounds(tree, 8), 2);
    assert_int_equal(gs_tree_max_rounds(tree, 9), 3);
    free_tree(tree, &t);
}

/* ---- Roles ------------------------------------------------------------- */

static void test_parse_roles(void **state)
{
    (void)state;
    gs_role roles[GS_TREE_MAX_AGENTS];
    int n = 0;
    gs_error err;
    assert_int_equal(gs_tree_parse_roles("max min chance", roles, &n, &err), GS_OK);
    assert_int_equal(n, 3);
    assert_int_equal(roles[0], GS_ROLE_MAX);
    assert_int_equal(roles[1], GS_ROLE_MIN);
    assert_int_equal(roles[2], GS_ROLE_CHANCE);
    assert_int_equal(gs_tree_parse_roles(" MAX,Min,,\tCHANCE , min ", roles, &n, &err),
                     GS_OK);
    assert_int_equal(n, 4);
    assert_int_equal(roles[2], GS_ROLE_CHANCE);
    assert_int_equal(roles[3], GS_ROLE_MIN);
    assert_int_equal(gs_tree_parse_roles("chance", roles, &n, NULL), GS_OK);
    assert_int_equal(n, 1);

    n = 7;
    assert_int_equal(gs_tree_parse_roles("max mx", roles, &n, &err), GS_EPARSE);
    assert_int_equal(n, 7);
    assert_int_equal(err.line, 1);
    assert_int_equal(err.column, 5);
    assert_string_equal(err.message, "unknown role 'mx' (expected max, min or chance)");
    assert_int_equal(gs_tree_parse_roles("max,maxi", roles, &n, &err), GS_EPARSE);
    assert_int_equal(err.column, 5);
    assert_string_equal(err.message, "unknown role 'maxi' (expected max, min or chance)");
    assert_int_equal(gs_tree_parse_roles("", roles, &n, &err), GS_EPARSE);
    assert_int_equal(err.line, 1);
    assert_int_equal(err.column, 1);
    assert_string_equal(err.message, "expected at least one role (max, min or chance)");
    assert_int_equal(gs_tree_parse_roles(" , ", roles, &n, &err), GS_EPARSE);
    assert_int_equal(gs_tree_parse_roles("max \x01", roles, &n, &err), GS_EPARSE);
    assert_int_equal(err.column, 5);
    assert_string_equal(err.message, "unexpected character '\\x01'");
    assert_int_equal(gs_tree_parse_roles("max m\xC3\xA1x", roles, &n, &err), GS_EPARSE);
    assert_string_equal(err.message, "unknown role 'm\xC3\xA1x' (expected max, min or chance)");

    buf b = {0};
    for (int i = 0; i < 64; i++)
        buf_add(&b, "min ");
    assert_int_equal(gs_tree_parse_roles(b.s, roles, &n, &err), GS_OK);
    assert_int_equal(n, 64);
    buf_add(&b, "max");
    assert_int_equal(gs_tree_parse_roles(b.s, roles, &n, &err), GS_EPARSE);
    assert_int_equal(err.column, 257);
    assert_string_equal(err.message, "too many agents (at most 64)");
    free(b.s);
    assert_int_equal(gs_tree_parse_roles(NULL, roles, &n, &err), GS_EINVAL);
}

static void test_set_roles(void **state)
{
    (void)state;
    track t;
    gs_tree *tree = parse_ok(SEED, &t);
    gs_role three[3] = {GS_ROLE_MAX, GS_ROLE_CHANCE, GS_ROLE_MIN};
    assert_int_equal(gs_tree_set_roles(tree, three, 3), GS_OK);
    assert_int_equal(gs_tree_num_agents(tree), 3);
    assert_int_equal(gs_tree_role(tree, 1), GS_ROLE_CHANCE);
    assert_int_equal(gs_tree_role(tree, 3), GS_ROLE_MAX);   /* out of range */
    assert_int_equal(gs_tree_set_roles(tree, three, 0), GS_EINVAL);
    assert_int_equal(gs_tree_set_roles(tree, three, GS_TREE_MAX_AGENTS + 1), GS_EINVAL);
    gs_role bad[2] = {GS_ROLE_MAX, (gs_role)7};
    assert_int_equal(gs_tree_set_roles(tree, bad, 2), GS_EINVAL);
    assert_int_equal(gs_tree_num_agents(tree), 3);
    gs_game game;
    gs_tree_game(tree, &game);
    assert_int_equal(game.num_agents, 3);
    assert_int_equal(game.role(game.ctx, 1), GS_ROLE_CHANCE);
    free_tree(tree, &t);
}

/* ---- The game ---------------------------------------------------------- */

static void test_game(void **state)
{
    (void)state;
    track t;
    gs_tree *tree = parse_ok(SEED, &t);
    gs_game g;
    gs_tree_game(tree, &g);
    assert_int_equal(g.version, GS_GAME_VERSION);
    assert_ptr_equal(g.ctx, tree);
    assert_int_equal(g.state_size, sizeof(gs_tree_state));
    assert_int_equal(g.num_agents, 2);
    assert_int_equal(g.max_actions, 3);
    assert_null(g.order_hint);
    assert_false(g.has_bounds);
    assert_non_null(g.probabilities);
    assert_non_null(g.hash);
    assert_non_null(g.action_name);

    gs_tree_state root, child, leaf;
    gs_tree_root(tree, &root);
    assert_int_equal(root.node, 0);
    assert_int_equal(root.ply, 0);
    assert_int_equal(g.to_move(g.ctx, &root), 0);
    assert_int_equal(g.role(g.ctx, 0), GS_ROLE_MAX);
    assert_int_equal(g.role(g.ctx, 1), GS_ROLE_MIN);
    assert_false(g.is_terminal(g.ctx, &root));
    gs_action acts[3] = {-1, -1, -1};
    assert_int_equal(g.actions(g.ctx, &root, acts), 3);
    assert_int_equal(acts[0], 0);
    assert_int_equal(acts[2], 2);
    g.apply(g.ctx, &root, 2, &child);
    assert_int_equal(child.node, 9);   /* D */
    assert_int_equal(child.ply, 1);
    assert_int_equal(g.to_move(g.ctx, &child), 1);
    g.apply(g.ctx, &child, 1, &leaf);
    assert_int_equal(leaf.node, 11);   /* L */
    assert_int_equal(leaf.ply, 2);
    assert_true(g.is_terminal(g.ctx, &leaf));
    assert_int_equal(g.actions(g.ctx, &leaf, acts), 0);
    assert_true(g.value(g.ctx, &leaf) == 5.0);
    assert_true(g.value(g.ctx, &root) == 0.0);   /* no value given */
    double p[3];
    assert_false(g.probabilities(g.ctx, &root, acts, 3, p));

    /* action_name works like snprintf. */
    char name[8];
    assert_int_equal(g.action_name(g.ctx, &root, 1, name, sizeof name), 1);
    assert_string_equal(name, "C");
    /* The hash: equal states hash equally; the agent to move matters. */
    gs_tree_state s1 = {9, 1}, s2 = {9, 3}, s3 = {9, 2}, s4 = {10, 1};
    assert_true(g.hash(g.ctx, &s1) == g.hash(g.ctx, &s2));
    assert_true(g.hash(g.ctx, &s1) != g.hash(g.ctx, &s3));
    assert_true(g.hash(g.ctx, &s1) != g.hash(g.ctx, &s4));
    /* States at any alignment. */
    unsigned char raw[sizeof(gs_tree_state) + 1];
    memcpy(raw + 1, &child, sizeof child);
    assert_int_equal(g.to_move(g.ctx, raw + 1), 1);
    free_tree(tree, &t);
}

static void test_game_lines(void **state)
{
    (void)state;
    track t;
    gs_tree *tree = parse_ok("agents: max chance\nbounds: -10 10\n"
                             "top: long_action_name=C other=X\n"
                             "C: x@0.25 y@0.75\nX = 1\nx = -10\ny = 10\n", &t);
    gs_game g;
    gs_tree_game(tree, &g);
    assert_true(g.has_bounds);
    assert_true(g.min_value == -10.0);
    assert_true(g.max_value == 10.0);
    assert_int_equal(g.max_actions, 2);
    gs_tree_state root, c;
    gs_tree_root(tree, &root);
    char name[8];
    assert_int_equal(g.action_name(g.ctx, &root, 0, name, sizeof name), 16);
    assert_string_equal(name, "long_ac");
    assert_int_equal(g.action_name(g.ctx, &root, 1, NULL, 0), 5);
    g.apply(g.ctx, &root, 0, &c);
    assert_int_equal(g.to_move(g.ctx, &c), 1);
    assert_int_equal(g.role(g.ctx, 1), GS_ROLE_CHANCE);
    gs_action acts[2] = {1, 0};
    double p[2] = {0, 0};
    assert_true(g.probabilities(g.ctx, &c, acts, 2, p));
    assert_true(p[0] == 0.75);
    assert_true(p[1] == 0.25);
    free_tree(tree, &t);

    /* A single leaf: max_actions is still 1. */
    tree = parse_ok("only = 2\n", &t);
    gs_tree_game(tree, &g);
    assert_int_equal(g.max_actions, 1);
    gs_tree_root(tree, &root);
    assert_true(g.is_terminal(g.ctx, &root));
    assert_true(g.value(g.ctx, &root) == 2.0);
    free_tree(tree, &t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nested_seed_tree),
        cmocka_unit_test(test_nested_layout),
        cmocka_unit_test(test_nested_names),
        cmocka_unit_test(test_nested_errors),
        cmocka_unit_test(test_plain_lists),
        cmocka_unit_test(test_long_numbers),
        cmocka_unit_test(test_lines_full),
        cmocka_unit_test(test_lines_cs188_style),
        cmocka_unit_test(test_lines_root_rules),
        cmocka_unit_test(test_lines_lenient_forms),
        cmocka_unit_test(test_lines_probabilities),
        cmocka_unit_test(test_lines_dag_and_unreachable),
        cmocka_unit_test(test_lines_errors),
        cmocka_unit_test(test_too_many_agents),
        cmocka_unit_test(test_cycle_message_is_cut),
        cmocka_unit_test(test_million_deep_nested),
        cmocka_unit_test(test_million_deep_lines),
        cmocka_unit_test(test_binary_junk),
        cmocka_unit_test(test_sizes_and_arguments),
        cmocka_unit_test(test_allocation_failures),
        cmocka_unit_test(test_check_values),
        cmocka_unit_test(test_check_values_dag_is_fast),
        cmocka_unit_test(test_height),
        cmocka_unit_test(test_max_rounds),
        cmocka_unit_test(test_parse_roles),
        cmocka_unit_test(test_set_roles),
        cmocka_unit_test(test_game),
        cmocka_unit_test(test_game_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
