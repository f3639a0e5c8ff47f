/*
 * games/tree/tree_parse.c: reads a tree from text (both syntaxes of
 * gamesearch/tree.h) into the arrays described in tree_internal.h.
 *
 * Data layout while parsing:
 *
 *   The text is read once, left to right, by a `parser` holding the
 *   position, the current line and the offset where that line starts (so a
 *   column is pos - line_start + 1, counted in bytes). The text is never
 *   NUL-terminated: every read is bounds-checked against its length.
 *
 *   Nested syntax: no recursion. `frames` is a stack of the lists still
 *   open (each with its node and where its children start in `kids`);
 *   `kids` is a stack of finished children waiting for their list to
 *   close. Closing a list moves its children from `kids` into the tree's
 *   edges, contiguously. Each node is pushed and moved once: linear time.
 *
 *   Line syntax: names are interned in a hash table (`slots`, open
 *   addressing over `syms`). A symbol is a name as seen in the text; it
 *   becomes a node (and gets a node number) when a line first gives its
 *   children or its value. Edges first hold symbol numbers (and `epos`
 *   where each child is named); once the whole text is read they are
 *   turned into node numbers. A name never defined becomes an implicit
 *   node after all the defined ones: an error only if the root reaches it.
 *
 *   Both: a final depth-first pass with an explicit stack finds cycles and
 *   the height of every node. Nothing recurses, so the depth of the input
 *   is bounded by memory alone.
 */
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tree_internal.h"

/* Inputs longer than this are refused (GS_ETOOBIG): 1 GiB. */
#define MAX_INPUT ((size_t)1 << 30)
/* The largest `depth:`, so that depth * GS_TREE_MAX_AGENTS fits int32. */
#define MAX_DEPTH (INT32_MAX / GS_TREE_MAX_AGENTS)
/* The longest number token read: generous enough for any finite double
 * written out in full (the largest has 309 digits before the point, the
 * smallest above 0 some 750 after it), finite so that strtod's copy of it
 * stays on the stack. */
#define NUMBER_MAX 4096
/* Bytes of a name shown in a message before it is cut with "...". */
#define NAME_SHOWN 40
_Static_assert(NAME_SHOWN + 8 <= TREE_NAME_BUF, "a shown name fits its buffer");
/* Probabilities must sum to 1 within this. */
#define PROB_EPSILON 1e-9
/* An edge whose action is its child's name (line syntax, before linking). */
#define NO_ACTION UINT32_MAX
/* Depth-first search marks (heights are >= 0). */
#define WHITE (-2)
#define GREY (-1)

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

/* A list still open (nested syntax). */
typedef struct frame {
    int32_t node;
    size_t base;   /* its first child's index in kids */
} frame;

/* A name seen in the line syntax. */
typedef struct symbol {
    uint32_t name;        /* offset in the names pool */
    uint32_t len;
    uint32_t hash;
    int32_t node;         /* its node, or -1 while it is only referred to */
    int32_t ref_line;     /* its first use as a child or as the root */
    int32_t ref_col;
    int32_t kids_line;    /* the line giving its children (0: none yet) */
    int32_t value_line;   /* where its value is (0: none yet) */
    int32_t value_col;
} symbol;

/* Where a child is named in the text (line syntax, one per edge). */
typedef struct position {
    int32_t line;
    int32_t col;
} position;

typedef struct parser {
    const unsigned char *s;  /* the text */
    size_t n;                /* its length */
    size_t pos;              /* the next byte */
    int line;                /* the line of pos, 1-based */
    size_t line_start;       /* the offset where that line starts */
    const gs_allocator *alloc;
    gs_error *err;
    gs_tree *t;

    /* nested syntax */
    bool plain;              /* lists of numbers, the nodes unnamed */
    frame *frames;
    size_t nframes, frames_cap;
    int32_t *kids;
    size_t nkids, kids_cap;

    /* line syntax */
    symbol *syms;
    size_t nsyms, syms_cap;
    int32_t *slots;          /* symbol numbers, -1 when empty */
    size_t slots_cap;        /* a power of two, or 0 */
    position *epos;          /* where each edge's child is named */
    size_t epos_cap;
    int agents_line, depth_line, bounds_line, sum_line;
    int vec_line, vec_col;   /* where the first utility vector is */
    bool root_seen;          /* the `root:` directive was read */
    int32_t root_sym;
    position root_pos;       /* where it names the root */
    size_t start;            /* after a byte order mark, if any */
} parser;

/* ---- Memory ---------------------------------------------------------- */

/*
 * Grows the array whose pointer is at `pp` (holding *cap elements of `elem`
 * bytes) to hold at least `need` elements. On failure the array is
 * unchanged and GS_ENOMEM is returned.
 */
static int grow(const gs_allocator *a, void *pp, size_t *cap, size_t need,
                size_t elem)
{
    if (need <= *cap)
        return GS_OK;
    size_t ncap = *cap < 8 ? 8 : *cap;
    while (ncap < need) {
        if (ncap > SIZE_MAX / 2)
            return GS_ENOMEM;
        ncap *= 2;
    }
    if (ncap > SIZE_MAX / elem)
        return GS_ENOMEM;
    void *p;
    memcpy(&p, pp, sizeof p);
    void *np = a->fn(a->user, p, *cap * elem, ncap * elem);
    if (!np)
        return GS_ENOMEM;
    memcpy(pp, &np, sizeof np);
    *cap = ncap;
    return GS_OK;
}

#define GROW(ps, arr, cap, need) \
    grow((ps)->alloc, &(arr), &(cap), (need), sizeof *(arr))

static void release(const gs_allocator *a, void *p, size_t bytes)
{
    if (p)
        a->fn(a->user, p, bytes, 0);
}

/* ---- Characters -------------------------------------------------------- */

static bool is_blank(unsigned c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static bool is_space(unsigned c)
{
    return is_blank(c) || c == '\n';
}

static bool is_digit(unsigned c)
{
    return c >= '0' && c <= '9';
}

static bool is_alpha(unsigned c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* A character of a bare word in the nested syntax: [A-Za-z0-9_.-]. */
static bool is_bare(unsigned c)
{
    return is_alpha(c) || is_digit(c) || c == '_' || c == '.' || c == '-';
}

/* A character of a number token (taken greedily, then checked). */
static bool is_numchar(unsigned c)
{
    return is_alpha(c) || is_digit(c) || c == '.' || c == '+' || c == '-' ||
           c == '_';
}

/* The length of the well-formed UTF-8 sequence at p (2 to 4), or 0. */
static size_t utf8_seq(const unsigned char *p, size_t avail)
{
    unsigned c = p[0], lo = 0x80, hi = 0xBF;
    size_t len;
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0)
            lo = 0xA0;      /* no overlong forms */
        else if (c == 0xED)
            hi = 0x9F;      /* no surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0)
            lo = 0x90;
        else if (c == 0xF4)
            hi = 0x8F;      /* nothing above U+10FFFF */
    } else {
        return 0;
    }
    if (avail < len || p[1] < lo || p[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if (p[i] < 0x80 || p[i] > 0xBF)
            return 0;
    return len;
}

/*
 * The length of the character at p when it may be part of a line-syntax
 * name (printable ASCII but :=@#, or a UTF-8 character), else 0.
 */
static size_t name_char(const unsigned char *p, size_t avail)
{
    unsigned c = p[0];
    if (c >= 0x80)
        return utf8_seq(p, avail);
    if (c <= 0x20 || c == 0x7F || strchr(":=@#,", (int)c))
        return 0;
    return 1;
}

/* True when the byte at p can appear nowhere in a tree (binary junk). */
static bool is_junk(const unsigned char *p, size_t avail)
{
    unsigned c = p[0];
    if (c >= 0x80)
        return utf8_seq(p, avail) == 0;
    return (c < 0x20 && !is_space(c)) || c == 0x7F;
}

/*
 * Writes a quoted picture of the character at p into buf: 'x', "'", a
 * UTF-8 character as is, or '\xNN' for anything else.
 */
static const char *show_char(char *buf, size_t size, const unsigned char *p,
                             size_t avail)
{
    unsigned c = p[0];
    size_t k;
    if (c == '\'')
        snprintf(buf, size, "\"'\"");
    else if (c > 0x20 && c < 0x7F)
        snprintf(buf, size, "'%c'", (int)c);
    else if (c >= 0x80 && (k = utf8_seq(p, avail)) != 0)
        snprintf(buf, size, "'%.*s'", (int)k, (const char *)p);
    else
        snprintf(buf, size, "'\\x%02X'", c);
    return buf;
}

/*
 * Writes 'name' (len bytes), quoted, into buf (TREE_NAME_BUF bytes) and
 * returns buf: bytes that are not printable are shown as \xNN, and a name
 * longer than NAME_SHOWN bytes is cut at a character boundary and ends in
 * "...".
 */
const char *tree_show_name(char *buf, const void *name, size_t len)
{
    const unsigned char *s = name;
    size_t o = 0, i = 0;
    buf[o++] = '\'';
    while (i < len) {
        size_t k = s[i] >= 0x80 ? utf8_seq(s + i, len - i) : 1;
        if (k == 1 && (s[i] < 0x20 || s[i] >= 0x7F)) {
            if (o + 4 > NAME_SHOWN + 1)
                break;
            snprintf(buf + o, 5, "\\x%02X", s[i]);
            o += 4;
            i++;
            continue;
        }
        if (k == 0)
            k = 1;
        if (o + k > NAME_SHOWN + 1)
            break;
        memcpy(buf + o, s + i, k);
        o += k;
        i += k;
    }
    if (i < len) {
        memcpy(buf + o, "...", 3);
        o += 3;
    }
    buf[o++] = '\'';
    buf[o] = '\0';
    return buf;
}

/* ---- Errors ------------------------------------------------------------ */

static void set_error(gs_error *err, int line, int col, const char *fmt,
                      va_list ap) PRINTF_LIKE(4, 0);

static void set_error(gs_error *err, int line, int col, const char *fmt,
                      va_list ap)
{
    err->line = line;
    err->column = col;
    vsnprintf(err->message, sizeof err->message, fmt, ap);
}

static int fail_err(gs_error *err, int line, int col, const char *fmt,
                    ...) PRINTF_LIKE(4, 5);

static int fail_err(gs_error *err, int line, int col, const char *fmt,
                    ...)
{
    va_list ap;
    va_start(ap, fmt);
    set_error(err, line, col, fmt, ap);
    va_end(ap);
    return GS_EPARSE;
}

/* The column of byte `at`, which lies on the current line. */
static int col_of(const parser *ps, size_t at)
{
    return (int)(at - ps->line_start) + 1;
}

static int fail_at(parser *ps, int line, int col, const char *fmt, ...)
    PRINTF_LIKE(4, 5);

static int fail_at(parser *ps, int line, int col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    set_error(ps->err, line, col, fmt, ap);
    va_end(ap);
    return GS_EPARSE;
}

static int fail_here(parser *ps, size_t at, const char *fmt, ...)
    PRINTF_LIKE(3, 4);

/* Fails at byte `at` of the current line. */
static int fail_here(parser *ps, size_t at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    set_error(ps->err, ps->line, col_of(ps, at), fmt, ap);
    va_end(ap);
    return GS_EPARSE;
}

static int fail_junk(parser *ps, size_t at)
{
    char c[16];
    return fail_here(ps, at, "unexpected character %s",
                     show_char(c, sizeof c, ps->s + at, ps->n - at));
}

static int fail_expected(parser *ps, const char *fmt, ...) PRINTF_LIKE(2, 3);

/*
 * Fails at ps->pos, where something else was expected: "expected X" (the
 * caller's sentence), with ", but the input ends" at the end of the text,
 * or "unexpected character" when the byte is junk.
 */
static int fail_expected(parser *ps, const char *fmt, ...)
{
    char what[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (ps->pos >= ps->n)
        return fail_here(ps, ps->pos, "%s, but the input ends", what);
    if (is_junk(ps->s + ps->pos, ps->n - ps->pos))
        return fail_junk(ps, ps->pos);
    return fail_here(ps, ps->pos, "%s", what);
}

static int fail_trailing(parser *ps, const char *fmt, ...) PRINTF_LIKE(2, 3);

/* Fails at ps->pos, where a statement should have ended. */
static int fail_trailing(parser *ps, const char *fmt, ...)
{
    char what[200], c[16];
    if (is_junk(ps->s + ps->pos, ps->n - ps->pos))
        return fail_junk(ps, ps->pos);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return fail_here(ps, ps->pos, "unexpected %s after %s",
                     show_char(c, sizeof c, ps->s + ps->pos, ps->n - ps->pos),
                     what);
}

static int too_big(parser *ps, const char *what)
{
    ps->err->line = 0;
    ps->err->column = 0;
    snprintf(ps->err->message, sizeof ps->err->message, "%s", what);
    return GS_ETOOBIG;
}

/* ---- Building blocks --------------------------------------------------- */

/* Reserves len + 1 bytes in the names pool: *dst for the name, *off its offset. */
static int pool_reserve(parser *ps, size_t len, char **dst, uint32_t *off)
{
    gs_tree *t = ps->t;
    if (len >= (size_t)UINT32_MAX - t->nnames)
        return too_big(ps, "the names in the input take more than 4 GiB");
    if (GROW(ps, t->names, t->names_cap, t->nnames + len + 1) != GS_OK)
        return GS_ENOMEM;
    *off = (uint32_t)t->nnames;
    *dst = t->names + t->nnames;
    (*dst)[len] = '\0';
    t->nnames += len + 1;
    return GS_OK;
}

/* Copies the len bytes at `at` in the text into the names pool. */
static int pool_add(parser *ps, size_t at, size_t len, uint32_t *off)
{
    char *dst;
    int rc = pool_reserve(ps, len, &dst, off);
    if (rc == GS_OK)
        memcpy(dst, ps->s + at, len);
    return rc;
}

/* Appends a node defined at `line` and `col`. */
static int append_node(parser *ps, int line, int col, int32_t *id)
{
    gs_tree *t = ps->t;
    if (t->count == INT32_MAX)
        return too_big(ps, "the input defines more than 2147483647 nodes");
    if (GROW(ps, t->nodes, t->nodes_cap, (size_t)t->count + 1) != GS_OK)
        return GS_ENOMEM;
    tree_node *nd = &t->nodes[t->count];
    memset(nd, 0, sizeof *nd);
    nd->line = line;
    nd->column = col;
    *id = t->count++;
    return GS_OK;
}

/* Appends a node defined at byte `at` of the current line. */
static int new_node(parser *ps, size_t at, int32_t *id)
{
    return append_node(ps, ps->line, col_of(ps, at), id);
}

/* Makes room for `more` edges (and their probabilities, once there are some). */
static int reserve_edges(parser *ps, size_t more)
{
    gs_tree *t = ps->t;
    if (more > (size_t)INT32_MAX - t->nedges)
        return too_big(ps, "the input has more than 2147483647 edges");
    size_t need = t->nedges + more;
    if (GROW(ps, t->edges, t->edges_cap, need) != GS_OK)
        return GS_ENOMEM;
    if (t->probs && GROW(ps, t->probs, t->probs_cap, need) != GS_OK)
        return GS_ENOMEM;
    return GS_OK;
}

/* Starts keeping probabilities (every edge so far gets 0); call after
 * reserve_edges, so that the array has room for one more edge. */
static int enable_probs(parser *ps)
{
    gs_tree *t = ps->t;
    if (t->probs)
        return GS_OK;
    if (GROW(ps, t->probs, t->probs_cap, t->edges_cap) != GS_OK)
        return GS_ENOMEM;
    for (size_t i = 0; i < t->probs_cap; i++)
        t->probs[i] = 0.0;
    return GS_OK;
}

/* True when s[0 .. len-1] is [+-]digits[.digits][(e|E)[+-]digits] (some digit). */
static bool number_syntax(const unsigned char *s, size_t len)
{
    size_t i = 0, digits = 0;
    if (i < len && (s[i] == '+' || s[i] == '-'))
        i++;
    for (; i < len && is_digit(s[i]); i++)
        digits++;
    if (i < len && s[i] == '.')
        for (i++; i < len && is_digit(s[i]); i++)
            digits++;
    if (digits == 0)
        return false;
    if (i < len && (s[i] == 'e' || s[i] == 'E')) {
        size_t e = 0;
        i++;
        if (i < len && (s[i] == '+' || s[i] == '-'))
            i++;
        for (; i < len && is_digit(s[i]); i++)
            e++;
        if (e == 0)
            return false;
    }
    return i == len;
}

/* strtod over a whole NUL-terminated token; false when it stops early. */
static bool whole_strtod(char *buf, size_t len, double *v)
{
    char *end;
    *v = strtod(buf, &end);
    if (end == buf + len)
        return true;
    /* A locale whose decimal point is not '.': try its own. */
    const struct lconv *lc = localeconv();
    char *dot = strchr(buf, '.');
    if (!dot || !lc || !lc->decimal_point || strlen(lc->decimal_point) != 1)
        return false;
    *dot = lc->decimal_point[0];
    *v = strtod(buf, &end);
    return end == buf + len;
}

/* The length of the number token at ps->pos (0 when there is none). */
static size_t number_len(const parser *ps)
{
    size_t e = ps->pos;
    while (e < ps->n && is_numchar(ps->s[e]))
        e++;
    return e - ps->pos;
}

/*
 * Converts the number token of `len` bytes at ps->pos (on the current line)
 * and moves past it; fails on anything but a finite decimal number.
 */
static int read_number(parser *ps, size_t len, double *v)
{
    char buf[NUMBER_MAX + 1], shown[TREE_NAME_BUF];
    size_t at = ps->pos;
    const unsigned char *tok = ps->s + at;
    if (!number_syntax(tok, len))
        return fail_here(ps, at, "invalid number %s",
                         tree_show_name(shown, tok, len));
    if (len > NUMBER_MAX)
        return fail_here(ps, at, "number %s is too long (at most %d characters)",
                         tree_show_name(shown, tok, len), NUMBER_MAX);
    memcpy(buf, tok, len);
    buf[len] = '\0';
    if (!whole_strtod(buf, len, v))
        return fail_here(ps, at, "invalid number %s",
                         tree_show_name(shown, tok, len));
    if (!isfinite(*v))
        return fail_here(ps, at, "number %s is out of range",
                         tree_show_name(shown, tok, len));
    ps->pos += len;
    return GS_OK;
}

/* ---- Nested syntax ----------------------------------------------------- */

/* Skips white space, newlines and comments; stops at a NUL in a comment. */
static void skip_space(parser *ps)
{
    while (ps->pos < ps->n) {
        unsigned c = ps->s[ps->pos];
        if (c == '\n') {
            ps->pos++;
            ps->line++;
            ps->line_start = ps->pos;
        } else if (is_blank(c)) {
            ps->pos++;
        } else if (c == '#') {
            while (ps->pos < ps->n && ps->s[ps->pos] != '\n' &&
                   ps->s[ps->pos] != '\0')
                ps->pos++;
            if (ps->pos < ps->n && ps->s[ps->pos] == '\0')
                return;
        } else {
            return;
        }
    }
}

/* Reads a quoted name ('...' or "...", \\ \' \" escaped) into the pool. */
static int quoted_name(parser *ps, uint32_t *off)
{
    const unsigned char *s = ps->s;
    size_t open = ps->pos, i = open + 1, escapes = 0;
    unsigned q = s[open];
    for (;;) {
        if (i >= ps->n || s[i] == '\n')
            return fail_here(ps, open, "unterminated quoted name (no closing %c "
                             "on its line)", (int)q);
        unsigned c = s[i];
        if (c == q)
            break;
        if (c == '\\' && i + 1 < ps->n &&
            (s[i + 1] == '\\' || s[i + 1] == '\'' || s[i + 1] == '"')) {
            i += 2;
            escapes++;
        } else if (is_junk(s + i, ps->n - i) || c == '\t' || c == '\r' ||
                   c == '\f' || c == '\v') {
            return fail_junk(ps, i);
        } else {
            size_t k = c >= 0x80 ? utf8_seq(s + i, ps->n - i) : 1;
            i += k;
        }
    }
    size_t len = i - open - 1 - escapes;
    if (len == 0)
        return fail_here(ps, open, "a node name must not be empty");
    char *dst;
    int rc = pool_reserve(ps, len, &dst, off);
    if (rc != GS_OK)
        return rc;
    for (size_t j = open + 1; j < i; j++) {
        if (s[j] == '\\' && (s[j + 1] == '\\' || s[j + 1] == '\'' || s[j + 1] == '"'))
            j++;
        *dst++ = (char)s[j];
    }
    ps->pos = i + 1;
    return GS_OK;
}

/*
 * Fails at line and col on a part of one form of the nested syntax in a
 * tree of the other: named nodes (['A', ('B', 3)]) or plain numbers
 * ([[3, 12], [2]]), one form a tree.
 */
static int fail_mixed(parser *ps, int line, int col, const char *what)
{
    return fail_at(ps, line, col, "%s in a tree of %s: name every node, as in "
                   "['A', ('B', 3)], or none, as in [[3, 12], [2]]", what,
                   ps->plain ? "plain numbers" : "named nodes");
}

/* Reads the name of a list or tuple (after `opener`) into node `id`. */
static int nested_name(parser *ps, int32_t id, const char *opener)
{
    uint32_t off = 0;   /* (set on GS_OK; gcc -O3 cannot tell) */
    int rc;
    skip_space(ps);
    size_t at = ps->pos;
    if (at < ps->n && (ps->s[at] == '\'' || ps->s[at] == '"')) {
        rc = quoted_name(ps, &off);
    } else {
        size_t e = at;
        while (e < ps->n && is_bare(ps->s[e]))
            e++;
        if (e == at && at < ps->n && ps->s[at] == '[' && *opener == '[')
            return fail_mixed(ps, ps->t->nodes[id].line,
                              ps->t->nodes[id].column, "a list without a name");
        if (e == at)
            return fail_expected(ps, "expected a node name after '%s'", opener);
        rc = pool_add(ps, at, e - at, &off);
        ps->pos = e;
    }
    if (rc == GS_OK)
        ps->t->nodes[id].name = off;
    return rc;
}

/* The name of node id, quoted for a message. */
static const char *node_shown(const parser *ps, char *buf, int32_t id)
{
    const char *name = ps->t->names + ps->t->nodes[id].name;
    return tree_show_name(buf, name, strlen(name));
}

static void skip_blanks(parser *ps);

/*
 * Gives node `id` the utility vector v[0 .. n-1], read at `line` and
 * `col`: every vector of a tree has as many values as the first.
 */
static int add_vector(parser *ps, int32_t id, const double *v, int n,
                      int line, int col)
{
    char shown[TREE_NAME_BUF];
    gs_tree *t = ps->t;
    if (t->vec_len == 0) {
        t->vec_len = n;
        ps->vec_line = line;
        ps->vec_col = col;
    } else if (n != t->vec_len) {
        return fail_at(ps, line, col,
                       "the utility vector of %s has %d value%s, but the "
                       "first one (line %d) has %d: one utility an agent",
                       node_shown(ps, shown, id), n, n == 1 ? "" : "s",
                       ps->vec_line, t->vec_len);
    }
    size_t need = (t->nvecs + 1) * (size_t)n;
    if (GROW(ps, t->vecs, t->vecs_cap, need) != GS_OK)
        return GS_ENOMEM;
    memcpy(t->vecs + t->nvecs * (size_t)n, v, (size_t)n * sizeof *v);
    tree_node *nd = &t->nodes[id];
    nd->vec = (int32_t)t->nvecs++;
    nd->value = v[0];
    nd->flags |= NODE_HAS_VALUE | NODE_HAS_VECTOR;
    return GS_OK;
}

/*
 * Reads the values of a utility vector at ps->pos into v (room for
 * GS_TREE_MAX_AGENTS) up to `close` (nested: "[3, 1, 2]", after the '['
 * it stops at ']', commas between) or to the end of the line (lines:
 * "3 1 2", close 0); *n counts them, the first being read already when
 * *n is 1.
 */
static int read_vector(parser *ps, int32_t id, char close, double *v, int *n)
{
    char shown[TREE_NAME_BUF];
    for (;;) {
        if (close)
            skip_space(ps);
        else
            skip_blanks(ps);
        if (close && ps->pos < ps->n && ps->s[ps->pos] == close && *n > 0) {
            ps->pos++;
            return GS_OK;
        }
        if (close && *n > 0) {
            if (ps->pos >= ps->n || ps->s[ps->pos] != ',')
                return fail_expected(ps, "expected ',' or '%c' in the utility "
                                     "vector of %s", close,
                                     node_shown(ps, shown, id));
            ps->pos++;
            skip_space(ps);
        }
        size_t len = number_len(ps);
        if (len == 0) {
            if (!close)
                return GS_OK;
            return fail_expected(ps, "expected a number in the utility "
                                 "vector of %s", node_shown(ps, shown, id));
        }
        if (*n == GS_TREE_MAX_AGENTS)
            return fail_here(ps, ps->pos, "the utility vector of %s has more "
                             "than %d values (one an agent)",
                             node_shown(ps, shown, id), GS_TREE_MAX_AGENTS);
        int rc = read_number(ps, len, &v[*n]);
        if (rc != GS_OK)
            return rc;
        ++*n;
    }
}

/* Reads a tuple (name, value) at ps->pos: a leaf, a child of the open list. */
static int nested_tuple(parser *ps)
{
    char shown[TREE_NAME_BUF];
    int32_t id;
    int rc = new_node(ps, ps->pos, &id);
    if (rc != GS_OK)
        return rc;
    ps->pos++;
    if ((rc = nested_name(ps, id, "(")) != GS_OK)
        return rc;
    skip_space(ps);
    if (ps->pos >= ps->n || ps->s[ps->pos] != ',')
        return fail_expected(ps, "expected ',' and a value after the name %s "
                             "(a tuple is (name, value))", node_shown(ps, shown, id));
    ps->pos++;
    skip_space(ps);
    double v = 0.0;
    if (ps->pos < ps->n && ps->s[ps->pos] == '[') {
        /* (name, [u0, u1, ...]): one utility an agent */
        double vec[GS_TREE_MAX_AGENTS];
        int nv = 0, line = ps->line, col = col_of(ps, ps->pos);
        ps->pos++;
        if ((rc = read_vector(ps, id, ']', vec, &nv)) != GS_OK ||
            (rc = add_vector(ps, id, vec, nv, line, col)) != GS_OK)
            return rc;
    } else {
        size_t len = number_len(ps);
        if (len == 0)
            return fail_expected(ps, "expected the value of %s (a number, or "
                                 "a list of one utility an agent)",
                                 node_shown(ps, shown, id));
        if ((rc = read_number(ps, len, &v)) != GS_OK)
            return rc;
    }
    skip_space(ps);
    if (ps->pos < ps->n && ps->s[ps->pos] == ',') {
        ps->pos++;
        skip_space(ps);
    }
    if (ps->pos >= ps->n || ps->s[ps->pos] != ')')
        return fail_expected(ps, "expected ')' after the value of %s "
                             "(a tuple is (name, value))", node_shown(ps, shown, id));
    ps->pos++;
    tree_node *nd = &ps->t->nodes[id];
    if (!(nd->flags & NODE_HAS_VECTOR))
        nd->value = v;
    nd->flags |= NODE_HAS_VALUE;
    if (GROW(ps, ps->kids, ps->kids_cap, ps->nkids + 1) != GS_OK)
        return GS_ENOMEM;
    ps->kids[ps->nkids++] = id;
    return GS_OK;
}

/* Reads '[' and the name of a list at ps->pos and opens it. */
static int nested_open(parser *ps)
{
    char shown[TREE_NAME_BUF];
    int32_t id;
    int rc = new_node(ps, ps->pos, &id);
    if (rc != GS_OK)
        return rc;
    ps->pos++;
    if ((rc = nested_name(ps, id, "[")) != GS_OK)
        return rc;
    skip_space(ps);
    if (ps->pos < ps->n && ps->s[ps->pos] == ']')
        return fail_here(ps, ps->pos, "list %s needs at least one child",
                         node_shown(ps, shown, id));
    if (ps->pos >= ps->n || ps->s[ps->pos] != ',')
        return fail_expected(ps, "expected ',' after the name %s",
                             node_shown(ps, shown, id));
    ps->pos++;
    if (GROW(ps, ps->frames, ps->frames_cap, ps->nframes + 1) != GS_OK)
        return GS_ENOMEM;
    ps->frames[ps->nframes].node = id;
    ps->frames[ps->nframes].base = ps->nkids;
    ps->nframes++;
    return GS_OK;
}

/* Reads the ']' at ps->pos: the open list gets its children. */
static int nested_close(parser *ps)
{
    gs_tree *t = ps->t;
    frame f = ps->frames[--ps->nframes];
    size_t k = ps->nkids - f.base;
    int rc = reserve_edges(ps, k);
    if (rc != GS_OK)
        return rc;
    tree_node *nd = &t->nodes[f.node];
    nd->first = (int32_t)t->nedges;
    nd->nchild = (int32_t)k;
    for (size_t i = 0; i < k; i++) {
        int32_t c = ps->kids[f.base + i];
        t->edges[t->nedges].child = c;
        t->edges[t->nedges].action = t->nodes[c].name;
        t->nedges++;
    }
    ps->nkids = f.base;
    ps->pos++;
    if (ps->nframes > 0)
        ps->kids[ps->nkids++] = f.node;  /* room: its own children were there */
    return GS_OK;
}

/* Opens a list of the plain form at ps->pos: '[' and no name. */
static int plain_open(parser *ps)
{
    int32_t id;
    int rc = new_node(ps, ps->pos, &id);
    if (rc != GS_OK)
        return rc;
    ps->pos++;
    if (GROW(ps, ps->frames, ps->frames_cap, ps->nframes + 1) != GS_OK)
        return GS_ENOMEM;
    ps->frames[ps->nframes].node = id;
    ps->frames[ps->nframes].base = ps->nkids;
    ps->nframes++;
    return GS_OK;
}

/* Reads a number at ps->pos: a leaf of the plain form. */
static int plain_leaf(parser *ps)
{
    int32_t id;
    double v;
    int rc = new_node(ps, ps->pos, &id);
    if (rc == GS_OK)
        rc = read_number(ps, number_len(ps), &v);
    if (rc != GS_OK)
        return rc;
    ps->t->nodes[id].value = v;
    ps->t->nodes[id].flags |= NODE_HAS_VALUE;
    if (GROW(ps, ps->kids, ps->kids_cap, ps->nkids + 1) != GS_OK)
        return GS_ENOMEM;
    ps->kids[ps->nkids++] = id;
    return GS_OK;
}

/* True when a number token starts at ps->pos (and is the whole word). */
static bool number_here(const parser *ps)
{
    size_t len = number_len(ps);
    return len > 0 && !is_alpha(ps->s[ps->pos]) && ps->s[ps->pos] != '_' &&
           number_syntax(ps->s + ps->pos, len);
}

/*
 * Decides the form of a nested tree, ps->pos at its first '[': plain when
 * the first element is a list or a number (a root list named by a bare
 * number is read as plain), named otherwise.
 */
static bool looks_plain(parser *ps)
{
    parser at = *ps;
    at.pos++;
    skip_space(&at);
    return at.pos < at.n && (at.s[at.pos] == '[' || number_here(&at));
}

/* The name of node i of the plain form, breadth first: A .. Z, AA ... */
static int plain_name(parser *ps, int32_t i, uint32_t *off)
{
    char name[8], *dst;
    int k = (int)sizeof name;
    for (int64_t n = (int64_t)i + 1; n > 0; n = (n - 1) / 26)
        name[--k] = (char)('A' + (n - 1) % 26);
    int rc = pool_reserve(ps, sizeof name - (size_t)k, &dst, off);
    if (rc == GS_OK)
        memcpy(dst, name + k, sizeof name - (size_t)k);
    return rc;
}

/* Names the nodes of the plain form breadth first, level by level and
 * left to right from the root, as the textbooks' figures do. */
static int plain_names(parser *ps)
{
    gs_tree *t = ps->t;
    size_t n = (size_t)t->count;
    int32_t *queue = ps->alloc->fn(ps->alloc->user, NULL, 0, n * sizeof *queue);
    if (!queue)
        return GS_ENOMEM;
    size_t head = 0, tail = 0;
    int rc = GS_OK;
    queue[tail++] = t->root;
    while (rc == GS_OK && head < tail) {
        int32_t v = queue[head];
        rc = plain_name(ps, (int32_t)head++, &t->nodes[v].name);
        for (int32_t c = 0; c < t->nodes[v].nchild; c++)
            queue[tail++] = t->edges[t->nodes[v].first + c].child;
    }
    release(ps->alloc, queue, n * sizeof *queue);
    for (size_t e = 0; rc == GS_OK && e < t->nedges; e++)
        t->edges[e].action = t->nodes[t->edges[e].child].name;
    return rc;
}

/* Parses the nested syntax; ps->pos is at the first '['. */
static int parse_nested(parser *ps)
{
    char shown[TREE_NAME_BUF];
    ps->plain = looks_plain(ps);
    int rc = ps->plain ? plain_open(ps) : nested_open(ps);
    while (rc == GS_OK && ps->nframes > 0) {
        /* Step 1. An element: a list, a tuple, or in the plain form a
         * number. */
        skip_space(ps);
        unsigned c = ps->pos < ps->n ? ps->s[ps->pos] : 0;
        if (ps->pos < ps->n && c == '[') {
            rc = ps->plain ? plain_open(ps) : nested_open(ps);
            continue;
        }
        bool empty = ps->nkids == ps->frames[ps->nframes - 1].base;
        if (ps->pos < ps->n && c == '(') {
            rc = ps->plain ? fail_mixed(ps, ps->line, col_of(ps, ps->pos),
                                        "a tuple (name, value)")
                           : nested_tuple(ps);
        } else if (ps->pos < ps->n && c == ']' && empty && ps->plain) {
            return fail_here(ps, ps->pos, "a list needs at least one child");
        } else if (ps->pos < ps->n && c == ']' && empty) {
            return fail_here(ps, ps->pos, "list %s needs at least one child",
                             node_shown(ps, shown, ps->frames[ps->nframes - 1].node));
        } else if (ps->plain && ps->pos < ps->n && (c == '\'' || c == '"')) {
            return fail_mixed(ps, ps->line, col_of(ps, ps->pos), "a name");
        } else if (ps->plain && ps->pos < ps->n && number_len(ps) > 0) {
            rc = plain_leaf(ps);
        } else if (ps->plain) {
            return fail_expected(ps, "expected a number or a list");
        } else if (ps->pos < ps->n && number_here(ps)) {
            return fail_mixed(ps, ps->line, col_of(ps, ps->pos),
                              "a value without a name");
        } else {
            return fail_expected(ps, "expected a list or a tuple");
        }
        /* Step 2. After it: ',' and another element, or ']' closing lists. */
        while (rc == GS_OK && ps->nframes > 0) {
            skip_space(ps);
            if (ps->pos < ps->n && ps->s[ps->pos] == ',') {
                ps->pos++;
                skip_space(ps);
                if (ps->pos < ps->n && ps->s[ps->pos] == ']')
                    rc = nested_close(ps);   /* a trailing comma */
                else
                    break;
            } else if (ps->pos < ps->n && ps->s[ps->pos] == ']') {
                rc = nested_close(ps);
            } else {
                return fail_expected(ps, "expected ',' or ']' after a list element");
            }
        }
    }
    if (rc != GS_OK)
        return rc;
    /* Step 3. Nothing but space may follow the tree. */
    skip_space(ps);
    if (ps->pos < ps->n)
        return fail_trailing(ps, "the end of the tree");
    ps->t->root = 0;
    return ps->plain ? plain_names(ps) : GS_OK;
}

/* ---- Roles ------------------------------------------------------------- */

static bool word_is(const unsigned char *s, size_t len, const char *word)
{
    return strlen(word) == len && memcmp(s, word, len) == 0;
}

/* Matches a role name, case-insensitively. */
static bool role_word(const unsigned char *s, size_t len, gs_role *role)
{
    static const char *const names[] = {"max", "min", "chance"};
    static const gs_role roles[] = {GS_ROLE_MAX, GS_ROLE_MIN, GS_ROLE_CHANCE};
    for (size_t r = 0; r < 3; r++) {
        size_t i = 0;
        if (strlen(names[r]) != len)
            continue;
        while (i < len && (s[i] | 0x20) == (unsigned char)names[r][i])
            i++;
        if (i == len) {
            *role = roles[r];
            return true;
        }
    }
    return false;
}

/*
 * Parses roles from s[0 .. n-1] (space or commas between them); `col0` is
 * the column of s[0] on `line`, for errors.
 */
static int parse_role_list(const unsigned char *s, size_t n, gs_role *roles,
                           int *count, gs_error *err, int line, int col0)
{
    char shown[TREE_NAME_BUF], c[16];
    int k = 0;
    size_t i = 0;
    for (;;) {
        while (i < n && (is_space(s[i]) || s[i] == ','))
            i++;
        if (i >= n)
            break;
        size_t b = i;
        while (i < n && !is_space(s[i]) && s[i] != ',') {
            if (is_junk(s + i, n - i))
                return fail_err(err, line, col0 + (int)i, "unexpected character %s",
                                show_char(c, sizeof c, s + i, n - i));
            i += s[i] >= 0x80 ? utf8_seq(s + i, n - i) : 1;
        }
        gs_role r;
        if (!role_word(s + b, i - b, &r))
            return fail_err(err, line, col0 + (int)b,
                            "unknown role %s (expected max, min or chance)",
                            tree_show_name(shown, s + b, i - b));
        if (k == GS_TREE_MAX_AGENTS)
            return fail_err(err, line, col0 + (int)b,
                            "too many agents (at most %d)", GS_TREE_MAX_AGENTS);
        roles[k++] = r;
    }
    if (k == 0)
        return fail_err(err, line, col0,
                        "expected at least one role (max, min or chance)");
    *count = k;
    return GS_OK;
}

/*
 * Parses a NUL-terminated role list ("max min chance", commas or spaces,
 * any case) into roles[0 .. *n-1]. GS_EPARSE with *error (line 1, the
 * column in text) on an unknown role, more than GS_TREE_MAX_AGENTS roles
 * or none; GS_EINVAL on NULL arguments.
 */
int gs_tree_parse_roles(const char *text, gs_role *roles, int *n,
                        gs_error *error)
{
    gs_error scratch;
    error = tree_error_reset(error, &scratch);
    if (!text || !roles || !n) {
        snprintf(error->message, sizeof error->message, "no role list given");
        return GS_EINVAL;
    }
    size_t len = strlen(text);
    if (len > MAX_INPUT)
        len = MAX_INPUT;   /* keeps every column within int */
    gs_role tmp[GS_TREE_MAX_AGENTS];
    int k = 0;
    int rc = parse_role_list((const unsigned char *)text, len, tmp, &k, error, 1, 1);
    if (rc != GS_OK)
        return rc;
    memcpy(roles, tmp, (size_t)k * sizeof *roles);
    *n = k;
    return GS_OK;
}

/* ---- Line syntax ------------------------------------------------------- */

static void skip_blanks(parser *ps)
{
    while (ps->pos < ps->n && is_blank(ps->s[ps->pos]))
        ps->pos++;
}

/*
 * Skips blanks and a comment; true when the line then ends (pos at its
 * '\n' or at the end of the text). False leaves pos at what is left, which
 * may be a NUL inside the comment.
 */
static bool at_line_end(parser *ps)
{
    skip_blanks(ps);
    if (ps->pos < ps->n && ps->s[ps->pos] == '#')
        while (ps->pos < ps->n && ps->s[ps->pos] != '\n' && ps->s[ps->pos] != '\0')
            ps->pos++;
    return ps->pos >= ps->n || ps->s[ps->pos] == '\n';
}

/* The length of the line-syntax name at `at` (0 when there is none). */
static size_t name_len(const parser *ps, size_t at)
{
    size_t e = at, k;
    while (e < ps->n && (k = name_char(ps->s + e, ps->n - e)) != 0)
        e += k;
    return e - at;
}

static uint32_t hash_name(const unsigned char *s, size_t len)
{
    uint32_t h = 2166136261u;   /* FNV-1a */
    for (size_t i = 0; i < len; i++) {
        h ^= s[i];
        h *= 16777619u;
    }
    return h;
}

/* Doubles the symbol table (its slots) and re-inserts every symbol. */
static int rehash(parser *ps)
{
    size_t cap = ps->slots_cap ? ps->slots_cap * 2 : 64;
    if (cap > SIZE_MAX / sizeof(int32_t))
        return GS_ENOMEM;
    int32_t *slots = ps->alloc->fn(ps->alloc->user, NULL, 0, cap * sizeof *slots);
    if (!slots)
        return GS_ENOMEM;
    for (size_t i = 0; i < cap; i++)
        slots[i] = -1;
    for (size_t y = 0; y < ps->nsyms; y++) {
        size_t i = ps->syms[y].hash & (cap - 1);
        while (slots[i] >= 0)
            i = (i + 1) & (cap - 1);
        slots[i] = (int32_t)y;
    }
    release(ps->alloc, ps->slots, ps->slots_cap * sizeof *ps->slots);
    ps->slots = slots;
    ps->slots_cap = cap;
    return GS_OK;
}

/* Finds or adds the symbol for the len-byte name at `at`. */
static int intern(parser *ps, size_t at, size_t len, int32_t *id)
{
    const unsigned char *name = ps->s + at;
    uint32_t h = hash_name(name, len);
    int rc;
    if ((ps->nsyms + 1) * 2 > ps->slots_cap && (rc = rehash(ps)) != GS_OK)
        return rc;
    size_t mask = ps->slots_cap - 1, i = h & mask;
    for (; ps->slots[i] >= 0; i = (i + 1) & mask) {
        const symbol *y = &ps->syms[ps->slots[i]];
        if (y->hash == h && y->len == len &&
            memcmp(ps->t->names + y->name, name, len) == 0) {
            *id = ps->slots[i];
            return GS_OK;
        }
    }
    if (ps->nsyms >= INT32_MAX)
        return too_big(ps, "the input names more than 2147483647 nodes");
    if (GROW(ps, ps->syms, ps->syms_cap, ps->nsyms + 1) != GS_OK)
        return GS_ENOMEM;
    symbol *y = &ps->syms[ps->nsyms];
    memset(y, 0, sizeof *y);
    if ((rc = pool_add(ps, at, len, &y->name)) != GS_OK)
        return rc;
    y->len = (uint32_t)len;
    y->hash = h;
    y->node = -1;
    *id = (int32_t)ps->nsyms;
    ps->slots[i] = *id;
    ps->nsyms++;
    return GS_OK;
}

/* Records a use of symbol y at byte `at` of the current line. */
static void refer(parser *ps, int32_t y, size_t at)
{
    symbol *sym = &ps->syms[y];
    if (sym->ref_line == 0) {
        sym->ref_line = ps->line;
        sym->ref_col = col_of(ps, at);
    }
}

/* Makes symbol y a node, defined by the statement whose name is at `at`. */
static int define(parser *ps, int32_t y, size_t at, int32_t *node)
{
    if (ps->syms[y].node < 0) {
        int32_t id;
        int rc = new_node(ps, at, &id);
        if (rc != GS_OK)
            return rc;
        ps->t->nodes[id].name = ps->syms[y].name;
        ps->syms[y].node = id;
    }
    *node = ps->syms[y].node;
    return GS_OK;
}

/* `agents: ROLES`, after the ':'. */
static int st_agents(parser *ps, size_t kw)
{
    if (ps->agents_line)
        return fail_here(ps, kw, "agents are already given on line %d",
                         ps->agents_line);
    size_t b = ps->pos, e = b;
    while (e < ps->n && ps->s[e] != '\n' && ps->s[e] != '#')
        e++;
    int rc = parse_role_list(ps->s + b, e - b, ps->t->roles, &ps->t->num_agents,
                             ps->err, ps->line, col_of(ps, b));
    if (rc != GS_OK)
        return rc;
    ps->pos = e;
    ps->agents_line = ps->line;
    if (!at_line_end(ps))
        return fail_trailing(ps, "the agents");
    return GS_OK;
}

/* `sum: S`, after the ':': the utilities are 0 or more and add up to at
 * most S. */
static int st_sum(parser *ps, size_t kw)
{
    if (ps->sum_line)
        return fail_here(ps, kw, "sum is already given on line %d",
                         ps->sum_line);
    skip_blanks(ps);
    size_t len = number_len(ps);
    if (len == 0)
        return fail_expected(ps, "expected a number after sum: (the most "
                             "the utilities of a vector add up to)");
    int rc = read_number(ps, len, &ps->t->sum);
    if (rc != GS_OK)
        return rc;
    ps->t->has_sum = true;
    ps->sum_line = ps->line;
    if (!at_line_end(ps))
        return fail_trailing(ps, "the sum");
    return GS_OK;
}

/* `depth: N`, after the ':'. */
static int st_depth(parser *ps, size_t kw)
{
    char shown[TREE_NAME_BUF];
    if (ps->depth_line)
        return fail_here(ps, kw, "depth is already given on line %d", ps->depth_line);
    skip_blanks(ps);
    size_t at = ps->pos, len = number_len(ps);
    if (len == 0)
        return fail_expected(ps, "expected a non-negative integer after 'depth:'");
    long long d = 0;
    for (size_t i = 0; i < len; i++) {
        if (!is_digit(ps->s[at + i]))
            return fail_here(ps, at, "depth must be a non-negative integer, not %s",
                             tree_show_name(shown, ps->s + at, len));
        if (d <= MAX_DEPTH)
            d = d * 10 + (ps->s[at + i] - '0');
    }
    if (d > MAX_DEPTH)
        return fail_here(ps, at, "depth %.*s%s is too large (at most %d)",
                         len > 20 ? 20 : (int)len, (const char *)ps->s + at,
                         len > 20 ? "..." : "", MAX_DEPTH);
    ps->t->depth = (int)d;
    ps->pos += len;
    ps->depth_line = ps->line;
    if (!at_line_end(ps))
        return fail_trailing(ps, "the depth");
    return GS_OK;
}

/* `bounds: LO HI`, after the ':'. */
static int st_bounds(parser *ps, size_t kw)
{
    if (ps->bounds_line)
        return fail_here(ps, kw, "bounds are already given on line %d",
                         ps->bounds_line);
    double lo, hi;
    int rc;
    skip_blanks(ps);
    size_t lo_at = ps->pos, len = number_len(ps);
    if (len == 0)
        return fail_expected(ps, "expected a lower bound after 'bounds:'");
    if ((rc = read_number(ps, len, &lo)) != GS_OK)
        return rc;
    skip_blanks(ps);
    if ((len = number_len(ps)) == 0)
        return fail_expected(ps, "expected an upper bound after the lower bound");
    if ((rc = read_number(ps, len, &hi)) != GS_OK)
        return rc;
    if (!(lo < hi))
        return fail_here(ps, lo_at, "lower bound %.15g is not less than upper "
                         "bound %.15g", lo, hi);
    ps->t->has_bounds = true;
    ps->t->lo = lo;
    ps->t->hi = hi;
    ps->bounds_line = ps->line;
    if (!at_line_end(ps))
        return fail_trailing(ps, "the bounds");
    return GS_OK;
}

/* True when only a single name (and maybe a comment) follows on the line. */
static bool single_name_follows(const parser *ps)
{
    size_t i = ps->pos;
    while (i < ps->n && is_blank(ps->s[i]))
        i++;
    size_t len = name_len(ps, i);
    if (len == 0)
        return false;
    i += len;
    while (i < ps->n && is_blank(ps->s[i]))
        i++;
    return i >= ps->n || ps->s[i] == '\n' || ps->s[i] == '#';
}

/* The `root: NAME` directive, after the ':'. */
static int st_root(parser *ps)
{
    skip_blanks(ps);
    size_t at = ps->pos, len = name_len(ps, at);
    int32_t y;
    int rc = intern(ps, at, len, &y);
    if (rc != GS_OK)
        return rc;
    refer(ps, y, at);
    ps->root_seen = true;
    ps->root_sym = y;
    ps->root_pos.line = ps->line;
    ps->root_pos.col = col_of(ps, at);
    ps->pos += len;
    if (!at_line_end(ps))
        return fail_trailing(ps, "the root's name");
    return GS_OK;
}

/* Reads a child name at ps->pos and returns its length (0: none there). */
static size_t child_name(parser *ps)
{
    size_t len = name_len(ps, ps->pos);
    ps->pos += len;
    return len;
}

/* One child `[action=]CHILD[@prob]` of node `id`; i is its position. */
static int one_child(parser *ps, int32_t id, size_t i, const char *parent,
                     bool *has_prob, double *p)
{
    char shown[TREE_NAME_BUF];
    gs_tree *t = ps->t;
    size_t first_at = ps->pos, first_len = child_name(ps);
    size_t at = first_at, len = first_len;
    int rc;
    if (first_len == 0)
        return fail_expected(ps, "expected a child of %s", parent);
    /* Blanks may surround '=' and '@'; otherwise they end the child. */
    size_t after = ps->pos;
    skip_blanks(ps);
    bool named = ps->pos < ps->n && ps->s[ps->pos] == '=';
    if (named) {
        ps->pos++;
        skip_blanks(ps);
        at = ps->pos;
        if ((len = child_name(ps)) == 0)
            return fail_expected(ps, "expected a child after the action %s=",
                                 tree_show_name(shown, ps->s + first_at, first_len));
        after = ps->pos;
        skip_blanks(ps);
    }
    *has_prob = ps->pos < ps->n && ps->s[ps->pos] == '@';
    if (!*has_prob)
        ps->pos = after;
    if (*has_prob) {
        ps->pos++;
        skip_blanks(ps);
        size_t p_at = ps->pos, p_len = number_len(ps);
        if (p_len == 0)
            return fail_expected(ps, "expected a probability after '@'");
        if ((rc = read_number(ps, p_len, p)) != GS_OK)
            return rc;
        if (!(*p > 0.0 && *p <= 1.0))
            return fail_here(ps, p_at, "probability %.15g of %s is not in (0, 1]",
                             *p, tree_show_name(shown, ps->s + at, len));
    }
    if (i > 0 && *has_prob != ((t->nodes[id].flags & NODE_HAS_PROBS) != 0))
        return fail_here(ps, first_at, "give a probability to every child of %s "
                         "or to none", parent);
    if (i == 0 && *has_prob)
        t->nodes[id].flags |= NODE_HAS_PROBS;
    /* The child itself, and its edge. */
    int32_t y;
    if ((rc = intern(ps, at, len, &y)) != GS_OK)
        return rc;
    refer(ps, y, at);
    uint32_t action = NO_ACTION;
    if (named && !(first_len == len &&
                   memcmp(ps->s + first_at, ps->s + at, len) == 0) &&
        (rc = pool_add(ps, first_at, first_len, &action)) != GS_OK)
        return rc;
    if ((rc = reserve_edges(ps, 1)) != GS_OK)
        return rc;
    if (*has_prob && (rc = enable_probs(ps)) != GS_OK)
        return rc;
    if (GROW(ps, ps->epos, ps->epos_cap, t->nedges + 1) != GS_OK)
        return GS_ENOMEM;
    ps->epos[t->nedges].line = ps->line;
    ps->epos[t->nedges].col = col_of(ps, at);
    t->edges[t->nedges].child = y;
    t->edges[t->nedges].action = action;
    if (t->probs)
        t->probs[t->nedges] = *has_prob ? *p : 0.0;
    t->nedges++;
    return GS_OK;
}

/* `NAME: children`, after the ':'; the name is at `at`. */
static int st_children(parser *ps, size_t at, size_t len)
{
    char parent[TREE_NAME_BUF];
    tree_show_name(parent, ps->s + at, len);
    int32_t y, id;
    int rc = intern(ps, at, len, &y);
    if (rc != GS_OK)
        return rc;
    if (ps->syms[y].kids_line)
        return fail_here(ps, at, "children of %s are already given on line %d",
                         parent, ps->syms[y].kids_line);
    if ((rc = define(ps, y, at, &id)) != GS_OK)
        return rc;
    ps->syms[y].kids_line = ps->line;
    size_t first = ps->t->nedges, i = 0;
    double sum = 0.0;
    for (;; i++) {
        while (ps->pos < ps->n && (is_blank(ps->s[ps->pos]) || ps->s[ps->pos] == ','))
            ps->pos++;
        if (at_line_end(ps))
            break;
        bool has_prob;
        double p = 0.0;
        if ((rc = one_child(ps, id, i, parent, &has_prob, &p)) != GS_OK)
            return rc;
        sum += p;
        unsigned c = ps->pos < ps->n ? ps->s[ps->pos] : '\n';
        if (!is_space(c) && c != ',' && c != '#') {
            char shown[TREE_NAME_BUF];
            const symbol *child = &ps->syms[ps->t->edges[ps->t->nedges - 1].child];
            return fail_trailing(ps, "the child %s",
                                 tree_show_name(shown, ps->t->names + child->name,
                                                child->len));
        }
    }
    tree_node *nd = &ps->t->nodes[id];
    nd->first = (int32_t)first;
    nd->nchild = (int32_t)i;
    if ((nd->flags & NODE_HAS_PROBS) && fabs(sum - 1.0) > PROB_EPSILON)
        return fail_here(ps, at, "probabilities of %s sum to %.15g, not 1",
                         parent, sum);
    return GS_OK;
}

/* `NAME = VALUE`, after the '='; the name is at `at`. */
static int st_value(parser *ps, size_t at, size_t len)
{
    char shown[TREE_NAME_BUF];
    tree_show_name(shown, ps->s + at, len);
    int32_t y, id;
    int rc = intern(ps, at, len, &y);
    if (rc != GS_OK)
        return rc;
    if (ps->syms[y].value_line)
        return fail_here(ps, at, "value of %s is already given on line %d",
                         shown, ps->syms[y].value_line);
    if ((rc = define(ps, y, at, &id)) != GS_OK)
        return rc;
    skip_blanks(ps);
    size_t v_at = ps->pos, v_len = number_len(ps);
    if (v_len == 0)
        return fail_expected(ps, "expected the value of %s (a number)", shown);
    double vec[GS_TREE_MAX_AGENTS];
    int nv = 0;
    if ((rc = read_number(ps, v_len, &vec[0])) != GS_OK)
        return rc;
    nv = 1;
    skip_blanks(ps);
    tree_node *nd = &ps->t->nodes[id];
    const unsigned char *c = ps->s + ps->pos;
    size_t left = ps->n - ps->pos;
    bool more = left > 0 && (is_digit(c[0]) ||
                             (left > 1 && (c[0] == '-' || c[0] == '+' ||
                                           c[0] == '.') &&
                              (is_digit(c[1]) || c[1] == '.')));
    if (more) {
        /* B = 3 1 2: one utility an agent */
        if ((rc = read_vector(ps, id, 0, vec, &nv)) != GS_OK ||
            (rc = add_vector(ps, id, vec, nv, ps->line,
                             col_of(ps, v_at))) != GS_OK)
            return rc;
    }
    nd->value = vec[0];
    nd->flags |= NODE_HAS_VALUE;
    ps->syms[y].value_line = ps->line;
    ps->syms[y].value_col = col_of(ps, v_at);
    if (!at_line_end(ps))
        return fail_trailing(ps, "the value of %s", shown);
    return GS_OK;
}

/* One line of the line syntax; leaves pos at its '\n' or at the end. */
static int line_statement(parser *ps)
{
    char shown[TREE_NAME_BUF];
    if (at_line_end(ps))
        return GS_OK;
    size_t at = ps->pos, len = name_len(ps, at);
    if (len == 0)
        return fail_expected(ps, "expected a node name at the start of the line");
    ps->pos += len;
    skip_blanks(ps);
    const unsigned char *w = ps->s + at;
    if (ps->pos < ps->n && ps->s[ps->pos] == ':') {
        ps->pos++;
        if (word_is(w, len, "agents"))
            return st_agents(ps, at);
        if (word_is(w, len, "depth"))
            return st_depth(ps, at);
        if (word_is(w, len, "bounds"))
            return st_bounds(ps, at);
        if (word_is(w, len, "sum"))
            return st_sum(ps, at);
        if (word_is(w, len, "root") && !ps->root_seen && single_name_follows(ps))
            return st_root(ps);
        return st_children(ps, at, len);
    }
    if (ps->pos < ps->n && ps->s[ps->pos] == '=') {
        ps->pos++;
        return st_value(ps, at, len);
    }
    return fail_expected(ps, "expected ':' or '=' after %s",
                         tree_show_name(shown, w, len));
}

/*
 * Walks the nodes reachable from the root: fails at the first reference
 * (in text order) from a reachable node to a name that is never defined,
 * then at the first reachable leaf without a value. Nodes numbered from
 * `defined` on are the implicit ones, named but never defined.
 */
static int check_reachable(parser *ps, int32_t defined)
{
    char shown[TREE_NAME_BUF];
    gs_tree *t = ps->t;
    size_t n = (size_t)t->count;
    int32_t *stack = ps->alloc->fn(ps->alloc->user, NULL, 0, n * sizeof *stack);
    unsigned char *seen = ps->alloc->fn(ps->alloc->user, NULL, 0, n);
    int rc = GS_OK;
    if (!stack || !seen) {
        rc = GS_ENOMEM;
        goto out;
    }
    memset(seen, 0, n);
    size_t sp = 0;
    const position *undefined = NULL;
    int32_t undefined_node = -1, valueless = -1;
    stack[sp++] = t->root;
    seen[t->root] = 1;
    while (sp > 0) {
        int32_t v = stack[--sp];
        const tree_node *nd = &t->nodes[v];
        if (nd->nchild == 0 && !(nd->flags & NODE_HAS_VALUE) && v < defined &&
            (valueless < 0 || v < valueless))
            valueless = v;
        for (int32_t i = 0; i < nd->nchild; i++) {
            int32_t e = nd->first + i, c = t->edges[e].child;
            const position *p = &ps->epos[e];
            if (c >= defined && (!undefined || p->line < undefined->line ||
                                 (p->line == undefined->line &&
                                  p->col < undefined->col))) {
                undefined = p;
                undefined_node = c;
            }
            if (!seen[c]) {
                seen[c] = 1;
                stack[sp++] = c;
            }
        }
    }
    if (undefined)
        rc = fail_at(ps, undefined->line, undefined->col,
                     "node %s is used as a child but never defined",
                     node_shown(ps, shown, undefined_node));
    else if (valueless >= 0)
        rc = fail_at(ps, t->nodes[valueless].line, t->nodes[valueless].column,
                     "node %s has no value (a leaf needs one)",
                     node_shown(ps, shown, valueless));
out:
    release(ps->alloc, stack, n * sizeof *stack);
    release(ps->alloc, seen, n);
    return rc;
}

/* Fails at the first value (in text order) outside the declared bounds. */
static int check_bounds(parser *ps)
{
    char shown[TREE_NAME_BUF], lo[32], hi[32], v[32];
    const gs_tree *t = ps->t;
    const symbol *worst = NULL;
    for (size_t y = 0; y < ps->nsyms; y++) {
        const symbol *sym = &ps->syms[y];
        if (!sym->value_line)
            continue;
        double x = t->nodes[sym->node].value;
        if (x >= t->lo && x <= t->hi)
            continue;
        if (!worst || sym->value_line < worst->value_line ||
            (sym->value_line == worst->value_line && sym->value_col < worst->value_col))
            worst = sym;
    }
    if (!worst)
        return GS_OK;
    snprintf(v, sizeof v, "%.15g", t->nodes[worst->node].value);
    snprintf(lo, sizeof lo, "%.15g", t->lo);
    snprintf(hi, sizeof hi, "%.15g", t->hi);
    return fail_at(ps, worst->value_line, worst->value_col,
                   "value %s of %s lies outside the bounds %s .. %s", v,
                   tree_show_name(shown, t->names + worst->name, worst->len), lo, hi);
}

/*
 * After the last line: links the edges to nodes, picks the root and checks
 * what the parts of the text reachable from it refer to. A name that is
 * never defined becomes an implicit node (a leaf without a value, numbered
 * after every defined node, placed at its first use): harmless below
 * unreachable nodes (the CS188 trees have such), an error when reachable.
 */
static int finish_lines(parser *ps)
{
    char shown[TREE_NAME_BUF];
    gs_tree *t = ps->t;
    int rc;
    if (t->count == 0)
        return fail_at(ps, 0, 0, "the input defines no node");
    /* Step 1. The root, when named, must be defined. */
    if (ps->root_seen && ps->syms[ps->root_sym].node < 0) {
        const symbol *sym = &ps->syms[ps->root_sym];
        return fail_at(ps, ps->root_pos.line, ps->root_pos.col,
                       "node %s is named as the root but never defined",
                       tree_show_name(shown, t->names + sym->name, sym->len));
    }
    /* Step 2. Names never defined become implicit nodes. */
    int32_t defined = t->count;
    for (size_t y = 0; y < ps->nsyms; y++) {
        symbol *sym = &ps->syms[y];
        if (sym->node >= 0)
            continue;
        if ((rc = append_node(ps, sym->ref_line, sym->ref_col, &sym->node)) != GS_OK)
            return rc;
        t->nodes[sym->node].name = sym->name;
    }
    /* Step 3. Edges point to nodes; unnamed actions take the child's name. */
    for (size_t e = 0; e < t->nedges; e++) {
        tree_edge *ed = &t->edges[e];
        ed->child = ps->syms[ed->child].node;
        if (ed->action == NO_ACTION)
            ed->action = t->nodes[ed->child].name;
    }
    /* Step 4. The root: as named, or the first node with children. */
    if (ps->root_seen) {
        t->root = ps->syms[ps->root_sym].node;
    } else {
        t->root = 0;
        for (int32_t i = 0; i < defined; i++)
            if (t->nodes[i].nchild > 0) {
                t->root = i;
                break;
            }
    }
    /* Step 5. What the root reaches is defined; values lie within bounds.
     * (A CS188 test needs evaluations only where its search goes:
     * gs_tree_check_values checks them for a given depth.) */
    if (t->syntax != GS_TREE_CS188 && (rc = check_reachable(ps, defined)) != GS_OK)
        return rc;
    return t->has_bounds ? check_bounds(ps) : GS_OK;
}

/* ---- CS188 test files -------------------------------------------------- */

enum { C_CLASS, C_ALG, C_DEPTH, C_AGENTS, C_START, C_WIN, C_LOSE, C_SUCC,
       C_EVAL, C_KEYS };

/* True when the first statement, at ps->pos, reads `KEY: "`. */
static bool looks_cs188(const parser *ps)
{
    size_t i = ps->pos;
    while (i < ps->n && ps->s[i] != ':' && ps->s[i] != '\n' && ps->s[i] != '"')
        i++;
    if (i >= ps->n || ps->s[i] != ':')
        return false;
    for (i++; i < ps->n && is_blank(ps->s[i]); i++)
        ;
    return i < ps->n && ps->s[i] == '"';
}

/* Moves the parser to the start of field f's value. */
static void to_field(parser *ps, const tree_field *f)
{
    ps->pos = f->at;
    ps->line = f->line;
    ps->line_start = f->line_start;
}

/* True when field f's value is `word`. */
static bool field_is(const parser *ps, const tree_field *f, const char *word)
{
    return f->len == strlen(word) && memcmp(ps->s + f->at, word, f->len) == 0;
}

/*
 * The words of the line of a field from ps->pos up to `end` (or the line's
 * end): up to `max` of them in at[] and len[]; returns how many there are
 * (max + 1 when more), or -1 after failing on a NUL byte. Leaves ps->pos
 * at the line's end.
 */
static int line_words(parser *ps, size_t end, size_t *at, size_t *len, int max)
{
    int k = 0;
    for (;;) {
        while (ps->pos < end && is_blank(ps->s[ps->pos]))
            ps->pos++;
        if (ps->pos >= end || ps->s[ps->pos] == '\n')
            return k;
        size_t b = ps->pos;
        while (ps->pos < end && !is_space(ps->s[ps->pos])) {
            if (ps->s[ps->pos] == '\0') {
                fail_junk(ps, ps->pos);
                return -1;
            }
            ps->pos++;
        }
        if (k < max) {
            at[k] = b;
            len[k] = ps->pos - b;
        }
        if (k <= max)
            k++;
    }
}

/* Steps over the '\n' ending the current line of a field. */
static void next_line(parser *ps)
{
    ps->pos++;
    ps->line++;
    ps->line_start = ps->pos;
}

/* A whole number from lo to hi in field f. */
static int field_int(parser *ps, const tree_field *f, long lo, long hi,
                     const char *what, long *out)
{
    char shown[TREE_NAME_BUF];
    to_field(ps, f);
    long v = 0;
    bool ok = f->len > 0 && f->len <= 10;
    for (size_t i = 0; ok && i < f->len; i++) {
        ok = is_digit(ps->s[f->at + i]);
        v = v * 10 + (ps->s[f->at + i] - '0');
    }
    if (!ok || v < lo || v > hi)
        return fail_here(ps, f->at, "%s must be a whole number from %ld to "
                         "%ld, not %s", what, lo, hi,
                         tree_show_name(shown, ps->s + f->at, f->len));
    *out = v;
    return GS_OK;
}

/* One successor line's edge, before the edges are laid out. */
typedef struct successor {
    int32_t parent;     /* node */
    int32_t child;      /* symbol */
    uint32_t action;    /* offset of its name */
    position pos;       /* where the child is named */
} successor;

/* The `successors` field: edges in line order, laid out parent by parent. */
static int cs188_successors(parser *ps, const tree_field *f)
{
    gs_tree *t = ps->t;
    successor *sc = NULL;
    size_t nsc = 0, cap = 0, end = f->at + f->len;
    int32_t *next = NULL;
    size_t next_n = 0;
    int rc = GS_OK;
    to_field(ps, f);
    for (;;) {
        size_t at[3], len[3];
        int k = line_words(ps, end, at, len, 3);
        if (k < 0) {
            rc = GS_EPARSE;
            goto out;
        }
        if (k > 0 && k != 3) {
            rc = fail_here(ps, at[0], "expected a successor: STATE ACTION "
                           "NEXT_STATE, three words");
            goto out;
        }
        if (k == 3) {
            int32_t y, id, yc;
            if ((rc = intern(ps, at[0], len[0], &y)) != GS_OK ||
                (rc = define(ps, y, at[0], &id)) != GS_OK ||
                (rc = intern(ps, at[2], len[2], &yc)) != GS_OK ||
                (rc = GROW(ps, sc, cap, nsc + 1)) != GS_OK)
                goto out;
            refer(ps, yc, at[2]);
            sc[nsc].parent = id;
            sc[nsc].child = yc;
            sc[nsc].pos.line = ps->line;
            sc[nsc].pos.col = col_of(ps, at[2]);
            if ((rc = pool_add(ps, at[1], len[1], &sc[nsc].action)) != GS_OK)
                goto out;
            nsc++;
        }
        if (ps->pos >= end)
            break;
        next_line(ps);
    }
    /* Each parent's edges together, in the order of its lines. */
    if ((rc = reserve_edges(ps, nsc)) != GS_OK ||
        (rc = GROW(ps, ps->epos, ps->epos_cap, nsc + 1)) != GS_OK)
        goto out;
    next_n = (size_t)t->count;
    next = ps->alloc->fn(ps->alloc->user, NULL, 0, (next_n + 1) * sizeof *next);
    if (!next) {
        rc = GS_ENOMEM;
        goto out;
    }
    memset(next, 0, (next_n + 1) * sizeof *next);
    for (size_t i = 0; i < nsc; i++)
        next[sc[i].parent]++;
    int32_t first = 0;
    for (int32_t v = 0; v < t->count; v++) {
        t->nodes[v].first = first;
        t->nodes[v].nchild = next[v];
        next[v] = first;
        first += t->nodes[v].nchild;
    }
    for (size_t i = 0; i < nsc; i++) {
        int32_t e = next[sc[i].parent]++;
        t->edges[e].child = sc[i].child;
        t->edges[e].action = sc[i].action;
        ps->epos[e] = sc[i].pos;
    }
    t->nedges = nsc;
out:
    release(ps->alloc, sc, cap * sizeof *sc);
    release(ps->alloc, next, (next_n + 1) * sizeof *next);
    return rc;
}

/* The `evaluation` field: STATE VALUE lines. */
static int cs188_evaluation(parser *ps, const tree_field *f)
{
    char shown[TREE_NAME_BUF];
    size_t end = f->at + f->len;
    int rc;
    to_field(ps, f);
    for (;;) {
        size_t at[2], len[2];
        int k = line_words(ps, end, at, len, 2);
        if (k < 0)
            return GS_EPARSE;
        if (k > 0 && k != 2)
            return fail_here(ps, at[0], "expected an evaluation: STATE VALUE, "
                             "two words");
        if (k == 2) {
            int32_t y, id;
            size_t line_end = ps->pos;
            tree_show_name(shown, ps->s + at[0], len[0]);
            if ((rc = intern(ps, at[0], len[0], &y)) != GS_OK)
                return rc;
            if (ps->syms[y].value_line)
                return fail_here(ps, at[0], "the evaluation of %s is already "
                                 "given on line %d", shown,
                                 ps->syms[y].value_line);
            if ((rc = define(ps, y, at[0], &id)) != GS_OK)
                return rc;
            double v;
            ps->pos = at[1];
            if ((rc = read_number(ps, len[1], &v)) != GS_OK)
                return rc;
            ps->pos = line_end;
            ps->t->nodes[id].value = v;
            ps->t->nodes[id].flags |= NODE_HAS_VALUE;
            ps->syms[y].value_line = ps->line;
            ps->syms[y].value_col = col_of(ps, at[1]);
        }
        if (ps->pos >= end)
            return GS_OK;
        next_line(ps);
    }
}

/* `win_states` and `lose_states`: the search ends there, whatever follows. */
static int cs188_final(parser *ps, const tree_field *f)
{
    size_t end = f->at + f->len;
    int rc;
    to_field(ps, f);
    while (ps->pos < end) {
        while (ps->pos < end && is_space(ps->s[ps->pos]))
            ps->pos++;
        size_t b = ps->pos;
        while (ps->pos < end && !is_space(ps->s[ps->pos]))
            ps->pos++;
        if (ps->pos == b)
            break;
        int32_t y;
        if ((rc = intern(ps, b, ps->pos - b, &y)) != GS_OK)
            return rc;
        if (ps->syms[y].node >= 0)
            ps->t->nodes[ps->syms[y].node].nchild = 0;
    }
    return GS_OK;
}

/* A CS188 GraphGameTreeTest file (gamesearch/tree.h). */
static int parse_cs188(parser *ps)
{
    static const char *const keys[C_KEYS] = {
        "class", "alg", "depth", "num_agents", "start_state",
        "win_states", "lose_states", "successors", "evaluation"};
    static const char *const algs[] = {"MinimaxAgent", "AlphaBetaAgent",
                                       "ExpectimaxAgent"};
    static const gs_algo algos[] = {GS_MINIMAX, GS_ALPHABETA, GS_EXPECTIMAX};
    char shown[TREE_NAME_BUF];
    tree_field f[C_KEYS];
    gs_tree *t = ps->t;
    int rc = tree_cs188_fields((const char *)ps->s, ps->n, keys, C_KEYS, f,
                               ps->err);
    if (rc != GS_OK)
        return rc;
    t->syntax = GS_TREE_CS188;

    /* Step 1. The test: its class, algorithm, depth and agents. */
    to_field(ps, &f[C_CLASS]);
    if (f[C_CLASS].found && !field_is(ps, &f[C_CLASS], "GraphGameTreeTest"))
        return fail_here(ps, f[C_CLASS].at, "class %s is not a game tree test "
                         "(GraphGameTreeTest)",
                         tree_show_name(shown, ps->s + f[C_CLASS].at,
                                        f[C_CLASS].len));
    for (int k = 0; k < C_KEYS; k++)
        if (!f[k].found)
            return fail_at(ps, 0, 0, "the test has no %s field", keys[k]);
    for (int i = 0; i < 3; i++)
        if (field_is(ps, &f[C_ALG], algs[i]))
            t->algo = algos[i];
    to_field(ps, &f[C_ALG]);
    if (t->algo < 0)
        return fail_here(ps, f[C_ALG].at, "alg %s is not MinimaxAgent, "
                         "AlphaBetaAgent or ExpectimaxAgent",
                         tree_show_name(shown, ps->s + f[C_ALG].at,
                                        f[C_ALG].len));
    long depth, agents;
    if ((rc = field_int(ps, &f[C_DEPTH], 1, MAX_DEPTH, "depth", &depth)) != GS_OK ||
        (rc = field_int(ps, &f[C_AGENTS], 1, GS_TREE_MAX_AGENTS, "num_agents",
                        &agents)) != GS_OK)
        return rc;
    t->depth = (int)depth;
    t->num_agents = (int)agents;
    t->roles[0] = GS_ROLE_MAX;
    for (long i = 1; i < agents; i++)
        t->roles[i] = GS_ROLE_MIN;

    /* Step 2. The states, their successors and evaluations. */
    if ((rc = cs188_successors(ps, &f[C_SUCC])) != GS_OK ||
        (rc = cs188_evaluation(ps, &f[C_EVAL])) != GS_OK ||
        (rc = cs188_final(ps, &f[C_WIN])) != GS_OK ||
        (rc = cs188_final(ps, &f[C_LOSE])) != GS_OK)
        return rc;

    /* Step 3. The start state is the root. */
    size_t at[2], len[2];
    to_field(ps, &f[C_START]);
    int k = line_words(ps, f[C_START].at + f[C_START].len, at, len, 1);
    if (k != 1)
        return fail_here(ps, f[C_START].at, "start_state must be one state");
    int32_t y;
    if ((rc = intern(ps, at[0], len[0], &y)) != GS_OK)
        return rc;
    refer(ps, y, at[0]);
    ps->root_seen = true;
    ps->root_sym = y;
    ps->root_pos.line = ps->line;
    ps->root_pos.col = col_of(ps, at[0]);
    if (t->count == 0)
        return fail_at(ps, 0, 0, "the test has no successors and no "
                       "evaluation");
    return finish_lines(ps);
}

/* ---- Both syntaxes ----------------------------------------------------- */

/* Appends at most NAME_SHOWN bytes of name (cut at a character) to buf. */
static size_t append_name(char *buf, size_t o, size_t size, const char *name)
{
    size_t len = strlen(name), take = 0;
    while (take < len) {
        size_t k = (unsigned char)name[take] >= 0x80
                       ? utf8_seq((const unsigned char *)name + take, len - take)
                       : 1;
        if (k == 0 || take + k > NAME_SHOWN)
            break;
        take += k;
    }
    int w = snprintf(buf + o, size - o, "%.*s%s", (int)take, name,
                     take < len ? "..." : "");
    return o + (w > 0 ? (size_t)w : 0);
}

/* Reports the cycle closed by an edge to `c`, grey on the stack st[0 .. sp-1]. */
static int report_cycle(parser *ps, const int32_t *stack, size_t sp, int32_t c)
{
    gs_tree *t = ps->t;
    size_t j = sp;
    while (j > 0 && stack[j - 1] != c)
        j--;
    j = j > 0 ? j - 1 : 0;
    char *m = ps->err->message;
    size_t size = sizeof ps->err->message;
    size_t o = (size_t)snprintf(m, size, "cycle: ");
    for (size_t k = j; k < sp; k++) {
        /* Keep room for this name, " -> ... -> " and the closing name. */
        if (o + 2 * (NAME_SHOWN + 3) + 4 + 7 + 1 > size) {
            o += (size_t)snprintf(m + o, size - o, "... -> ");
            break;
        }
        o = append_name(m, o, size, t->names + t->nodes[stack[k]].name);
        o += (size_t)snprintf(m + o, size - o, " -> ");
    }
    append_name(m, o, size, t->names + t->nodes[c].name);
    ps->err->line = t->nodes[c].line;
    ps->err->column = t->nodes[c].column;
    return GS_EPARSE;
}

/*
 * Depth-first search over every node with an explicit stack: fails on a
 * cycle, otherwise stores the root's height.
 */
static int check_cycles(parser *ps)
{
    gs_tree *t = ps->t;
    size_t n = (size_t)t->count;
    int32_t *height = ps->alloc->fn(ps->alloc->user, NULL, 0, n * sizeof *height);
    int32_t *stack = ps->alloc->fn(ps->alloc->user, NULL, 0, n * sizeof *stack);
    int32_t *next = ps->alloc->fn(ps->alloc->user, NULL, 0, n * sizeof *next);
    int32_t *best = ps->alloc->fn(ps->alloc->user, NULL, 0, n * sizeof *best);
    int rc = GS_OK;
    if (!height || !stack || !next || !best) {
        rc = GS_ENOMEM;
        goto out;
    }
    for (size_t i = 0; i < n; i++)
        height[i] = WHITE;
    for (size_t s = 0; s < n; s++) {
        if (height[s] != WHITE)
            continue;
        size_t sp = 0;
        stack[sp] = (int32_t)s;
        next[sp] = 0;
        best[sp++] = 0;
        height[s] = GREY;
        while (sp > 0) {
            const tree_node *nd = &t->nodes[stack[sp - 1]];
            if (next[sp - 1] < nd->nchild) {
                int32_t c = t->edges[nd->first + next[sp - 1]++].child;
                if (height[c] == WHITE) {
                    height[c] = GREY;
                    stack[sp] = c;
                    next[sp] = 0;
                    best[sp++] = 0;
                } else if (height[c] == GREY) {
                    rc = report_cycle(ps, stack, sp, c);
                    goto out;
                } else if (height[c] + 1 > best[sp - 1]) {
                    best[sp - 1] = height[c] + 1;
                }
            } else {
                sp--;
                height[stack[sp]] = best[sp];
                if (sp > 0 && best[sp] + 1 > best[sp - 1])
                    best[sp - 1] = best[sp] + 1;
            }
        }
    }
    t->height = height[t->root];
out:
    release(ps->alloc, height, n * sizeof *height);
    release(ps->alloc, stack, n * sizeof *stack);
    release(ps->alloc, next, n * sizeof *next);
    release(ps->alloc, best, n * sizeof *best);
    return rc;
}

/* The checks and defaults common to both syntaxes. */
/*
 * A tree with utility vectors has them at every node with a value, as
 * many as `agents:` names agents (when it does), each utility 0 or more
 * and adding up to at most `sum:` (when given).
 */
static int check_vectors(parser *ps)
{
    char shown[TREE_NAME_BUF];
    gs_tree *t = ps->t;
    if (t->vec_len == 0) {
        if (t->has_sum)
            return fail_at(ps, ps->sum_line, 1,
                           "sum: bounds what the utilities of a vector add "
                           "up to, but the tree's values are single numbers");
        return GS_OK;
    }
    if (ps->agents_line && t->num_agents != t->vec_len)
        return fail_at(ps, ps->agents_line, 1,
                       "agents: names %d agent%s, but the utility vectors have "
                       "%d values (one utility an agent)", t->num_agents,
                       t->num_agents == 1 ? "" : "s", t->vec_len);
    for (int32_t i = 0; i < t->count; i++) {
        const tree_node *nd = &t->nodes[i];
        const char *name = t->names + nd->name;
        if ((nd->flags & NODE_HAS_VALUE) && !(nd->flags & NODE_HAS_VECTOR))
            return fail_at(ps, nd->line, nd->column,
                           "%s has a single value, but the tree's other "
                           "values are utility vectors of %d (one utility an "
                           "agent)", tree_show_name(shown, name, strlen(name)),
                           t->vec_len);
        if (!(nd->flags & NODE_HAS_VECTOR) || !t->has_sum)
            continue;
        const double *u = t->vecs + (size_t)nd->vec * (size_t)t->vec_len;
        double total = 0.0;
        for (int j = 0; j < t->vec_len; j++) {
            if (u[j] < 0.0)
                return fail_at(ps, nd->line, nd->column,
                               "utility %.15g of %s is below 0, but sum: "
                               "promises utilities of 0 or more", u[j],
                               tree_show_name(shown, name, strlen(name)));
            total += u[j];
        }
        if (total > t->sum)
            return fail_at(ps, nd->line, nd->column,
                           "the utilities of %s add up to %.15g, more than "
                           "sum: %.15g", tree_show_name(shown, name,
                                                        strlen(name)),
                           total, t->sum);
    }
    return GS_OK;
}

static int finish_tree(parser *ps)
{
    gs_tree *t = ps->t;
    int rc = check_cycles(ps);
    if (rc != GS_OK)
        return rc;
    t->max_children = 1;
    for (int32_t i = 0; i < t->count; i++)
        if (t->nodes[i].nchild > t->max_children)
            t->max_children = t->nodes[i].nchild;
    if ((rc = check_vectors(ps)) != GS_OK)
        return rc;
    t->agents_given = t->num_agents > 0;
    if (t->num_agents == 0 && t->vec_len > 0) {
        /* one agent a utility, in turn order: MAX, then MIN */
        t->num_agents = t->vec_len;
        for (int i = 0; i < t->num_agents; i++)
            t->roles[i] = i == 0 ? GS_ROLE_MAX : GS_ROLE_MIN;
    }
    if (t->num_agents == 0) {
        t->num_agents = 2;
        t->roles[0] = GS_ROLE_MAX;
        t->roles[1] = GS_ROLE_MIN;
    }
    if (t->vec_len > 0) {
        t->solver.version = GS_SOLVER_VERSION;
        t->solver.has_utility_sum = t->has_sum;
        t->solver.utility_min = 0.0;
        t->solver.utility_sum = t->sum;
    }
    return GS_OK;
}

/* Skips white space and comments before the first statement or '['. */
static void skip_to_start(parser *ps)
{
    if (ps->n >= 3 && ps->s[0] == 0xEF && ps->s[1] == 0xBB && ps->s[2] == 0xBF)
        ps->start = 3;   /* a UTF-8 byte order mark */
    ps->pos = ps->line_start = ps->start;
    skip_space(ps);
}

/* Frees the parser's own arrays (not the tree); safe to call twice. */
static void parser_free(parser *ps)
{
    release(ps->alloc, ps->frames, ps->frames_cap * sizeof *ps->frames);
    release(ps->alloc, ps->kids, ps->kids_cap * sizeof *ps->kids);
    release(ps->alloc, ps->syms, ps->syms_cap * sizeof *ps->syms);
    release(ps->alloc, ps->slots, ps->slots_cap * sizeof *ps->slots);
    release(ps->alloc, ps->epos, ps->epos_cap * sizeof *ps->epos);
    ps->frames = NULL;
    ps->kids = NULL;
    ps->syms = NULL;
    ps->slots = NULL;
    ps->epos = NULL;
    ps->frames_cap = ps->kids_cap = ps->syms_cap = ps->slots_cap = ps->epos_cap = 0;
    ps->nframes = ps->nkids = ps->nsyms = 0;
}

/* Runs the parser over the whole text. */
static int parse_text(parser *ps)
{
    skip_to_start(ps);
    if (ps->pos >= ps->n)
        return fail_at(ps, 0, 0, "empty input: no tree");
    int rc;
    if (ps->s[ps->pos] == '[') {
        ps->t->syntax = GS_TREE_NESTED;
        rc = parse_nested(ps);
    } else if (looks_cs188(ps)) {
        rc = parse_cs188(ps);
    } else {
        /* Start again at the top: line numbers count from there. */
        ps->t->syntax = GS_TREE_LINES;
        ps->pos = ps->line_start = ps->start;
        ps->line = 1;
        rc = GS_OK;
        while (rc == GS_OK && ps->pos < ps->n) {
            rc = line_statement(ps);
            if (rc == GS_OK && ps->pos < ps->n) {
                ps->pos++;   /* the '\n' */
                ps->line++;
                ps->line_start = ps->pos;
            }
        }
        if (rc == GS_OK)
            rc = finish_lines(ps);
    }
    if (rc != GS_OK)
        return rc;
    parser_free(ps);   /* before the last pass, to need less memory at once */
    return finish_tree(ps);
}

/*
 * Parses `length` bytes of `text` into a new tree (see gamesearch/tree.h
 * for both syntaxes). GS_OK and *out, or GS_EPARSE with *error filled in
 * (1-based line and byte column, or 0 and 0 for a whole-input problem),
 * GS_ETOOBIG (longer than 1 GiB, or more nodes than int32 holds),
 * GS_ENOMEM, GS_EINVAL (NULL out, NULL text with a length); *out is NULL
 * on failure and nothing is leaked.
 */
int gs_tree_parse(const char *text, size_t length, const gs_allocator *alloc,
                  gs_tree **out, gs_error *error)
{
    gs_error scratch;
    error = tree_error_reset(error, &scratch);
    if (!out || (!text && length > 0) || (alloc && !alloc->fn)) {
        if (out)
            *out = NULL;
        snprintf(error->message, sizeof error->message, "invalid arguments");
        return GS_EINVAL;
    }
    *out = NULL;
    if (length > MAX_INPUT) {
        snprintf(error->message, sizeof error->message,
                 "input of %zu bytes is larger than the limit of 1 GiB "
                 "(%zu bytes)", length, MAX_INPUT);
        return GS_ETOOBIG;
    }
    if (!alloc)
        alloc = gs_default_allocator();
    gs_tree *t = alloc->fn(alloc->user, NULL, 0, sizeof *t);
    if (!t) {
        snprintf(error->message, sizeof error->message, "out of memory");
        return GS_ENOMEM;
    }
    memset(t, 0, sizeof *t);
    t->alloc = *alloc;
    t->algo = -1;

    parser ps;
    memset(&ps, 0, sizeof ps);
    ps.s = (const unsigned char *)text;
    ps.n = length;
    ps.line = 1;
    ps.alloc = &t->alloc;
    ps.err = error;
    ps.t = t;
    ps.root_sym = -1;
    int rc = parse_text(&ps);
    parser_free(&ps);
    if (rc != GS_OK) {
        gs_tree_free(t);
        if (rc == GS_ENOMEM) {
            error->line = 0;
            error->column = 0;
            snprintf(error->message, sizeof error->message, "out of memory");
        }
        return rc;
    }
    *out = t;
    return GS_OK;
}
