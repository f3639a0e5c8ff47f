/*
 * games/connect4/book.c: opening books (gamesearch/connect4.h, "Opening
 * books"): the exact score of every position up to a number of stones,
 * built with the solver, kept sorted in memory, written to and read from
 * a compact file.
 *
 * An entry is one 64-bit word: the position's canonical key (the smaller
 * of its key and its mirror image's, c4_canonical_key) shifted left by 8,
 * and the score for the player to move as a signed byte in the low 8
 * bits. The entries are kept in increasing order, so a look-up is a
 * binary search on the key. The board's key bits and the byte must fit
 * 64 bits: width * (height + 1) <= 56 (7x6 uses 49).
 *
 * The file: the 8 bytes "GSC4BOOK", then the bytes width, height, ply
 * and 1 (the format's version), then the entry count as 4 bytes, then the
 * entries, each 8 bytes; every number little-endian. Since the entries
 * are fixed-size records in increasing order, a book opened with
 * gs_c4_book_open stays in its file: a look-up is a binary search that
 * reads one record at a time (pread), about log2(count) of them.
 *
 * Building: the positions with exactly `ply` stones (game not over,
 * mirror images once) are solved one after the other with the solver's
 * table kept, so that each search reuses what the ones before found; the
 * positions with fewer stones are then scored from the book itself, a
 * stone count at a time (a win at once, or the best of minus the
 * children's scores), with no search.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "c4_internal.h"
#include "gamesearch/connect4.h"
#include "gamesearch/file.h"

#define BOOK_MAGIC "GSC4BOOK"
#define BOOK_HEADER 16
#define BOOK_VERSION 1
#define BOOK_KEY_BITS 56

struct gs_c4_book {
    gs_allocator alloc;
    const gs_c4 *g;
    int ply;
    size_t count;
    size_t cap;        /* entries allocated */
    uint64_t *entry;   /* count entries, increasing (NULL when in a file) */
    int fd;            /* gs_c4_book_open: the file of the entries; else -1 */
    gs_c4_book *lines; /* gs_c4_book_default: the book for play merged in,
                          whose lines c4_book_on_line follows; else NULL */
};

static void *mem(const gs_allocator *a, void *p, size_t osize, size_t nsize)
{
    return a->fn(a->user, p, osize, nsize);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* An empty book for g, or NULL when out of memory. */
static gs_c4_book *book_new(const gs_c4 *g, const gs_allocator *alloc)
{
    gs_c4_book *b = mem(alloc, NULL, 0, sizeof *b);
    if (!b)
        return NULL;
    memset(b, 0, sizeof *b);
    b->alloc = *alloc;
    b->g = g;
    b->fd = -1;
    return b;
}

void gs_c4_book_free(gs_c4_book *b)
{
    if (!b)
        return;
    gs_allocator a = b->alloc;
    gs_c4_book_free(b->lines);
    if (b->entry)
        mem(&a, b->entry, b->cap * sizeof *b->entry, 0);
    if (b->fd >= 0)
        close(b->fd);
    mem(&a, b, sizeof *b, 0);
}

size_t gs_c4_book_size(const gs_c4_book *b)
{
    return b ? b->count : 0;
}

int gs_c4_book_ply(const gs_c4_book *b)
{
    return b ? b->ply : -1;
}

static int entry_score(uint64_t e)
{
    return (int)(int8_t)(uint8_t)(e & 0xff);
}

static uint64_t get_le(const unsigned char *p, int bytes);

/* A position's key and a score: what every entry of a book of b's board
 * is (the order of the entries aside). */
static bool entry_valid(const gs_c4_book *b, uint64_t e)
{
    const int bits = c4_key_bits(b->g);
    const int most = (gs_c4_width(b->g) * gs_c4_height(b->g) + 1) / 2;
    int score = entry_score(e);
    return !(bits < BOOK_KEY_BITS && (e >> 8) >> bits) && score >= -most &&
           score <= most;
}

/* Entry i (< b->count) into *e: true, or false when the book's file
 * cannot be read there or holds no valid entry there. */
static bool entry_at(const gs_c4_book *b, size_t i, uint64_t *e)
{
    if (b->fd < 0) {
        *e = b->entry[i];
        return true;
    }
    unsigned char rec[8];
    off_t at = (off_t)BOOK_HEADER + (off_t)i * 8;
    if (pread(b->fd, rec, sizeof rec, at) != (ssize_t)sizeof rec)
        return false;
    *e = get_le(rec, 8);
    return entry_valid(b, *e);
}

/* The entry of canonical key k into *e: true, or false when the book has
 * none (or its file a bad record on the way). */
static bool find(const gs_c4_book *b, uint64_t k, uint64_t *e)
{
    size_t lo = 0, hi = b->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (!entry_at(b, mid, e))
            return false;
        uint64_t mk = *e >> 8;
        if (mk == k)
            return true;
        if (mk < k)
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}

/* The entry of s (its canonical key) with `score` (-127 to 127). */
static uint64_t entry_of(const gs_c4 *g, const gs_c4_state *s, int score)
{
    return c4_canonical_key(g, s) << 8 | (uint8_t)(int8_t)score;
}

bool gs_c4_book_lookup(const gs_c4_book *b, const gs_c4_state *s, int *score)
{
    if (!b || !s || s->over || s->moves > b->ply)
        return false;
    uint64_t e;
    if (!find(b, c4_canonical_key(b->g, s), &e))
        return false;
    if (score)
        *score = entry_score(e);
    return true;
}

bool c4_book_on_line(const gs_c4_book *b, const gs_c4_state *s)
{
    return gs_c4_book_lookup(b && b->lines ? b->lines : b, s, NULL);
}

/* ---- Building ---------------------------------------------------------- */

/* A growing array of positions. */
typedef struct level {
    gs_c4_state *s;
    size_t n, cap;
} level;

static bool level_push(const gs_allocator *a, level *l, const gs_c4_state *s)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 64;
        gs_c4_state *p = mem(a, l->s, l->cap * sizeof *p, cap * sizeof *p);
        if (!p)
            return false;
        l->s = p;
        l->cap = cap;
    }
    l->s[l->n++] = *s;
    return true;
}

static void level_free(const gs_allocator *a, level *l)
{
    if (l->s)
        mem(a, l->s, l->cap * sizeof *l->s, 0);
    memset(l, 0, sizeof *l);
}

/* Sorting positions by canonical key needs the instance: the keys are
 * worked out first and sorted with their index. */
typedef struct keyed {
    uint64_t key;
    size_t at;
} keyed;

static int cmp_keyed(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    return x->key < y->key ? -1 : x->key > y->key;
}

/* Keeps one position per canonical key in l, in increasing key order. */
static bool level_unique(const gs_c4 *g, const gs_allocator *a, level *l)
{
    if (l->n == 0)
        return true;
    keyed *k = mem(a, NULL, 0, l->n * sizeof *k);
    gs_c4_state *out = mem(a, NULL, 0, l->n * sizeof *out);
    if (!k || !out) {
        if (k)
            mem(a, k, l->n * sizeof *k, 0);
        if (out)
            mem(a, out, l->n * sizeof *out, 0);
        return false;
    }
    for (size_t i = 0; i < l->n; i++) {
        k[i].key = c4_canonical_key(g, &l->s[i]);
        k[i].at = i;
    }
    qsort(k, l->n, sizeof *k, cmp_keyed);
    size_t m = 0;
    for (size_t i = 0; i < l->n; i++)
        if (i == 0 || k[i].key != k[i - 1].key)
            out[m++] = l->s[k[i].at];
    mem(a, k, l->n * sizeof *k, 0);
    mem(a, l->s, l->cap * sizeof *l->s, 0);
    l->s = out;
    l->cap = l->n;
    l->n = m;
    return true;
}

/* The positions with one more stone than those of `from` (game not
 * over), mirror images once. */
static bool next_level(const gs_c4 *g, const gs_allocator *a,
                       const level *from, level *to)
{
    for (size_t i = 0; i < from->n; i++)
        for (int c = 0; c < gs_c4_width(g); c++) {
            if (!gs_c4_can_play(g, &from->s[i], c))
                continue;
            gs_c4_state child = from->s[i];
            gs_c4_play(g, &child, c);
            if (!child.over && !level_push(a, to, &child))
                return false;
        }
    return level_unique(g, a, to);
}

/* The score of s from the book's entries of the positions one stone
 * deeper (all present: built before); false when one is missing. */
static bool score_from_children(const gs_c4_book *b, const gs_c4_state *s,
                                int *score)
{
    const gs_c4 *g = b->g;
    if (gs_c4_winning_column(g, s) >= 0) {
        *score = gs_c4_win_score(g, s->moves);
        return true;
    }
    int best = INT_MIN;
    for (int c = 0; c < gs_c4_width(g); c++) {
        if (!gs_c4_can_play(g, s, c))
            continue;
        gs_c4_state child = *s;
        gs_c4_play(g, &child, c);
        int v;
        if (child.over)
            v = 0;   /* a full board without a line */
        else if (!gs_c4_book_lookup(b, &child, &v))
            return false;
        else
            v = -v;
        if (v > best)
            best = v;
    }
    *score = best;
    return best != INT_MIN;
}

int gs_c4_book_build_with(const gs_c4 *g, int ply, gs_c4_book_solve_fn solve,
                          void *user, const gs_allocator *alloc,
                          gs_c4_book **out)
{
    if (!out)
        return GS_EINVAL;
    *out = NULL;
    if (!g || !solve || ply < 0)
        return GS_EINVAL;
    if (c4_key_bits(g) > BOOK_KEY_BITS)
        return GS_ETOOBIG;
    if (ply >= gs_c4_width(g) * gs_c4_height(g))
        return GS_EINVAL;
    if (!alloc)
        alloc = gs_default_allocator();

    /* Step 1. The positions, a stone count at a time. */
    level *lv = mem(alloc, NULL, 0, (size_t)(ply + 1) * sizeof *lv);
    gs_c4_book *b = book_new(g, alloc);
    int *scores = NULL;
    size_t nscores = 0;
    int st = GS_ENOMEM;
    if (!lv || !b)
        goto done;
    memset(lv, 0, (size_t)(ply + 1) * sizeof *lv);
    gs_c4_state empty;
    gs_c4_empty(g, &empty);
    if (!level_push(alloc, &lv[0], &empty))
        goto done;
    size_t total = 1;
    for (int k = 1; k <= ply; k++) {
        if (!next_level(g, alloc, &lv[k - 1], &lv[k]))
            goto done;
        total += lv[k].n;
    }
    b->ply = ply;
    b->entry = mem(alloc, NULL, 0, total * sizeof *b->entry);
    nscores = lv[ply].n ? lv[ply].n : 1;
    scores = mem(alloc, NULL, 0, nscores * sizeof *scores);
    if (!b->entry || !scores)
        goto done;
    b->cap = total;

    /* Step 2. The deepest positions, solved. */
    if ((st = solve(user, lv[ply].s, lv[ply].n, scores)) != GS_OK)
        goto done;
    for (size_t i = 0; i < lv[ply].n; i++) {
        if (scores[i] < -127 || scores[i] > 127) {
            st = GS_EINVAL;
            goto done;
        }
        b->entry[b->count++] = entry_of(g, &lv[ply].s[i], scores[i]);
    }
    qsort(b->entry, b->count, sizeof *b->entry, cmp_u64);

    /* Step 3. The others, from the book, shallower and shallower. */
    for (int k = ply - 1; k >= 0; k--) {
        for (size_t i = 0; i < lv[k].n; i++) {
            int score;
            if (!score_from_children(b, &lv[k].s[i], &score)) {
                st = GS_EINVAL;   /* cannot happen: every child is in */
                goto done;
            }
            /* after the sorted entries, which the look-ups read */
            b->entry[b->count + i] = entry_of(g, &lv[k].s[i], score);
        }
        b->count += lv[k].n;
        qsort(b->entry, b->count, sizeof *b->entry, cmp_u64);
    }
    st = GS_OK;

done:
    if (scores)
        mem(alloc, scores, nscores * sizeof *scores, 0);
    if (lv) {
        for (int k = 0; k <= ply; k++)
            level_free(alloc, &lv[k]);
        mem(alloc, lv, (size_t)(ply + 1) * sizeof *lv, 0);
    }
    if (st != GS_OK) {
        gs_c4_book_free(b);
        return st;
    }
    *out = b;
    return GS_OK;
}

/* gs_c4_book_build's scoring: one solve after another with sv. */
typedef struct solver_scoring {
    gs_c4_solver *sv;
    gs_c4_book_progress fn;
    void *user;
} solver_scoring;

static int solve_with_solver(void *user, const gs_c4_state *positions,
                             size_t n, int *scores)
{
    solver_scoring *ss = user;
    for (size_t i = 0; i < n; i++) {
        gs_c4_solution sd;
        int st = gs_c4_solve(ss->sv, &positions[i], false, &sd);
        if (st == GS_OK && !sd.known)
            st = GS_ESTOPPED;
        if (st != GS_OK)
            return st;
        scores[i] = sd.score;
        if (ss->fn)
            ss->fn(ss->user, i + 1, n, &sd);
    }
    return GS_OK;
}

int gs_c4_book_build(gs_c4_solver *sv, int ply, gs_c4_book_progress fn,
                     void *user, const gs_allocator *alloc, gs_c4_book **out)
{
    if (!out)
        return GS_EINVAL;
    *out = NULL;
    if (!sv)
        return GS_EINVAL;
    solver_scoring ss = {sv, fn, user};
    return gs_c4_book_build_with(c4_solver_game(sv), ply, solve_with_solver,
                                 &ss, alloc, out);
}

/* ---- A book for play -------------------------------------------------- */

/* Appends an entry to b, growing it; b->ply follows the deepest. */
static bool book_push(gs_c4_book *b, uint64_t entry, int moves)
{
    if (b->count == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 256;
        uint64_t *p = mem(&b->alloc, b->entry, b->cap * sizeof *p,
                          cap * sizeof *p);
        if (!p)
            return false;
        b->entry = p;
        b->cap = cap;
    }
    b->entry[b->count++] = entry;
    if (moves > b->ply)
        b->ply = moves;
    return true;
}

static bool book_push_score(gs_c4_book *b, const gs_c4_state *s, int score)
{
    return book_push(b, entry_of(b->g, s, score), s->moves);
}

/* Sorts b's entries and keeps one a position: GS_OK, or GS_EINVAL when
 * two entries of one position disagree (which a right solver never
 * gives). */
static int book_settle(gs_c4_book *b)
{
    qsort(b->entry, b->count, sizeof *b->entry, cmp_u64);
    size_t m = 0;
    for (size_t i = 0; i < b->count; i++) {
        if (m > 0 && b->entry[m - 1] >> 8 == b->entry[i] >> 8) {
            if (b->entry[m - 1] != b->entry[i])
                return GS_EINVAL;
            continue;
        }
        b->entry[m++] = b->entry[i];
    }
    b->count = m;
    return GS_OK;
}

/* The computer's turn at s (k stones) while building a book for play: its
 * choice and the position after it go into b, and the positions after
 * each reply to it (when they have fewer than `ply` stones) into
 * lv[k + 2]. */
static int play_turn(gs_c4_solver *sv, gs_c4_book *b, level *lv, int ply,
                     const gs_c4_state *s, gs_c4_solution *sd)
{
    const gs_c4 *g = b->g;
    int st = gs_c4_choose(sv, s, sd);
    if (st == GS_OK && (!sd->known || !sd->best_proved))
        st = GS_ESTOPPED;
    if (st != GS_OK)
        return st;
    gs_c4_state after = *s;
    gs_c4_play(g, &after, sd->best);
    if (!book_push_score(b, s, sd->score) ||
        (!after.over && !book_push_score(b, &after, -sd->score)))
        return GS_ENOMEM;
    for (int c = 0; !after.over && s->moves + 2 < ply && c < gs_c4_width(g);
         c++) {
        if (!gs_c4_can_play(g, &after, c))
            continue;
        gs_c4_state reply = after;
        gs_c4_play(g, &reply, c);
        if (!reply.over && gs_c4_winning_column(g, &reply) < 0 &&
            !level_push(&b->alloc, &lv[s->moves + 2], &reply))
            return GS_ENOMEM;
    }
    return GS_OK;
}

int gs_c4_book_build_play(gs_c4_solver *sv, int ply, int sides,
                          gs_c4_book_progress fn, void *user,
                          const gs_allocator *alloc, gs_c4_book **out)
{
    if (!out)
        return GS_EINVAL;
    *out = NULL;
    if (!sv || sides < 1 || sides > 3 || ply < 1)
        return GS_EINVAL;
    const gs_c4 *g = c4_solver_game(sv);
    const gs_c4_book *from = c4_solver_book(sv);
    if (c4_key_bits(g) > BOOK_KEY_BITS)
        return GS_ETOOBIG;
    if (ply > gs_c4_width(g) * gs_c4_height(g))
        return GS_EINVAL;
    if (!alloc)
        alloc = gs_default_allocator();

    /* Step 1. The solver's book, and the computer's first turns: the
     * empty board when it moves first, each first move when second. */
    level *lv = mem(alloc, NULL, 0, (size_t)ply * sizeof *lv);
    gs_c4_book *b = book_new(g, alloc);
    int st = GS_ENOMEM;
    if (!lv || !b)
        goto done;
    memset(lv, 0, (size_t)ply * sizeof *lv);
    for (size_t i = 0; from && i < from->count; i++) {
        uint64_t e;
        if (!entry_at(from, i, &e)) {
            st = GS_EINVAL;   /* the book's file cannot be read */
            goto done;
        }
        if (!book_push(b, e, from->ply))
            goto done;
    }
    gs_c4_state empty;
    gs_c4_empty(g, &empty);
    if ((sides & 1) && !level_push(alloc, &lv[0], &empty))
        goto done;
    for (int c = 0; (sides & 2) && ply > 1 && c < gs_c4_width(g); c++) {
        gs_c4_state first = empty;
        gs_c4_play(g, &first, c);
        if (!first.over && !level_push(alloc, &lv[1], &first))
            goto done;
    }

    /* Step 2. A stone count at a time: each of the computer's turns
     * chosen (from the solver's book, or solved with its table kept), and
     * every reply to the choice added two stones deeper. */
    for (int k = 0; k < ply; k++) {
        if (!level_unique(g, alloc, &lv[k]))
            goto done;
        for (size_t i = 0; i < lv[k].n; i++) {
            gs_c4_solution sd;
            if ((st = play_turn(sv, b, lv, ply, &lv[k].s[i], &sd)) != GS_OK)
                goto done;
            if (fn)
                fn(user, i + 1, lv[k].n, &sd);
        }
    }
    st = book_settle(b);

done:
    if (lv) {
        for (int k = 0; k < ply; k++)
            level_free(alloc, &lv[k]);
        mem(alloc, lv, (size_t)ply * sizeof *lv, 0);
    }
    if (st != GS_OK) {
        gs_c4_book_free(b);
        return st;
    }
    *out = b;
    return GS_OK;
}

/* ---- Files ------------------------------------------------------------- */

static void put_le(unsigned char *p, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t get_le(const unsigned char *p, int bytes)
{
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

static int fail(gs_error *err, int st, const char *msg)
{
    if (err) {
        err->line = 0;
        err->column = 0;
        snprintf(err->message, sizeof err->message, "%s", msg);
    }
    return st;
}

int gs_c4_book_write_to(const gs_c4_book *b, gs_write_fn write, void *user)
{
    if (!b || !write)
        return GS_EINVAL;
    unsigned char head[BOOK_HEADER];
    memcpy(head, BOOK_MAGIC, 8);
    head[8] = (unsigned char)gs_c4_width(b->g);
    head[9] = (unsigned char)gs_c4_height(b->g);
    head[10] = (unsigned char)b->ply;
    head[11] = BOOK_VERSION;
    put_le(head + 12, b->count, 4);
    int rc = write(user, (const char *)head, sizeof head);
    for (size_t i = 0; !rc && i < b->count; i++) {
        unsigned char e[8];
        uint64_t v;
        if (!entry_at(b, i, &v))
            return GS_EINVAL;   /* the book's file cannot be read */
        put_le(e, v, 8);
        rc = write(user, (const char *)e, 8);
    }
    return rc;
}

static int file_write(void *f, const char *text, size_t len)
{
    return fwrite(text, 1, len, f) == len ? 0 : -1;
}

int gs_c4_book_write(const gs_c4_book *b, const char *path, gs_error *err)
{
    char msg[160];
    if (!b || !path)
        return fail(err, GS_EINVAL, "no book or no file name");
    FILE *f = fopen(path, "wb");
    if (!f) {
        snprintf(msg, sizeof msg, "cannot open: %s", strerror(errno));
        return fail(err, GS_EINVAL, msg);
    }
    errno = 0;
    bool ok = gs_c4_book_write_to(b, file_write, f) == 0 && fflush(f) == 0;
    int e = errno;
    if (fclose(f) != 0 && ok) {
        ok = false;
        e = errno;
    }
    if (ok)
        return GS_OK;
    snprintf(msg, sizeof msg, "cannot write: %s", strerror(e ? e : EIO));
    return fail(err, GS_EINVAL, msg);
}

/* Checks the header p (len bytes read of it, at most BOOK_HEADER) against
 * g: GS_OK and the entry count, or GS_EPARSE with its message. */
static int check_header(const gs_c4 *g, const unsigned char *p, size_t len,
                        uint64_t *count, gs_error *err)
{
    char msg[160];
    if (len < BOOK_HEADER || memcmp(p, BOOK_MAGIC, 8) != 0)
        return fail(err, GS_EPARSE, "not a Connect Four book (it does not "
                                    "start with GSC4BOOK)");
    if (p[11] != BOOK_VERSION) {
        snprintf(msg, sizeof msg, "a book of format version %d (this "
                 "library reads version %d)", p[11], BOOK_VERSION);
        return fail(err, GS_EPARSE, msg);
    }
    if (p[8] != gs_c4_width(g) || p[9] != gs_c4_height(g)) {
        snprintf(msg, sizeof msg, "a book of the %dx%d board, not of the "
                 "%dx%d board", p[8], p[9], gs_c4_width(g), gs_c4_height(g));
        return fail(err, GS_EPARSE, msg);
    }
    *count = get_le(p + 12, 4);
    return GS_OK;
}

/* Appends entry e, the (b->count + 1)th, to b (room made by the caller)
 * when it is a position of b's board and a score, after the entries
 * before it in increasing key order: GS_OK, or GS_EPARSE with its
 * message. */
static int add_entry(gs_c4_book *b, uint64_t e, gs_error *err)
{
    if (!entry_valid(b, e) ||
        (b->count > 0 && e >> 8 <= b->entry[b->count - 1] >> 8)) {
        char msg[160];
        snprintf(msg, sizeof msg, "entry %zu is not a position and score in "
                 "increasing order", b->count + 1);
        return fail(err, GS_EPARSE, msg);
    }
    b->entry[b->count++] = e;
    return GS_OK;
}

/* The message of a book whose header says `count` entries but whose
 * entries take `bytes` bytes (or, with more, more than count * 8). */
static int wrong_length(gs_error *err, uint64_t count, size_t bytes,
                        bool more)
{
    char msg[160];
    if (more)
        snprintf(msg, sizeof msg, "the book says %llu entries, but holds "
                 "more than %llu bytes of them", (unsigned long long)count,
                 (unsigned long long)count * 8);
    else
        snprintf(msg, sizeof msg, "the book says %llu entries, but holds "
                 "%zu bytes of them", (unsigned long long)count, bytes);
    return fail(err, GS_EPARSE, msg);
}

int gs_c4_book_load(const gs_c4 *g, const void *data, size_t len,
                    const gs_allocator *alloc, gs_c4_book **out,
                    gs_error *err)
{
    if (!out)
        return fail(err, GS_EINVAL, "no place for the book");
    *out = NULL;
    if (!g || (!data && len > 0))
        return fail(err, GS_EINVAL, "no game or no data");
    if (!alloc)
        alloc = gs_default_allocator();
    const unsigned char *p = data;
    uint64_t count;
    int st = check_header(g, p, len, &count, err);
    if (st != GS_OK)
        return st;
    if ((len - BOOK_HEADER) / 8 != count || (len - BOOK_HEADER) % 8)
        return wrong_length(err, count, len - BOOK_HEADER, false);
    gs_c4_book *b = book_new(g, alloc);
    if (!b)
        return fail(err, GS_ENOMEM, "out of memory for the book");
    b->ply = p[10];
    if (count) {
        b->entry = mem(alloc, NULL, 0, (size_t)count * sizeof *b->entry);
        if (!b->entry) {
            gs_c4_book_free(b);
            return fail(err, GS_ENOMEM, "out of memory for the book");
        }
        b->cap = (size_t)count;
    }
    for (size_t i = 0; i < count; i++)
        if ((st = add_entry(b, get_le(p + BOOK_HEADER + 8 * i, 8), err)) !=
            GS_OK) {
            gs_c4_book_free(b);
            return st;
        }
    *out = b;
    return GS_OK;
}

/* The union of a and b (both in memory, of one board) into *out: GS_OK,
 * GS_EINVAL when they score a position differently, or GS_ENOMEM. */
static int book_union(const gs_c4_book *a, const gs_c4_book *b,
                      gs_c4_book **out)
{
    gs_c4_book *u = book_new(a->g, &a->alloc);
    size_t cap = a->count + b->count;
    if (!u || (cap && !(u->entry = mem(&u->alloc, NULL, 0,
                                       cap * sizeof *u->entry)))) {
        gs_c4_book_free(u);
        return GS_ENOMEM;
    }
    u->cap = cap;
    u->ply = a->ply > b->ply ? a->ply : b->ply;
    size_t i = 0, j = 0;
    while (i < a->count || j < b->count) {
        uint64_t x = i < a->count ? a->entry[i] : UINT64_MAX;
        uint64_t y = j < b->count ? b->entry[j] : UINT64_MAX;
        if (i < a->count && j < b->count && x >> 8 == y >> 8) {
            if (x != y) {
                gs_c4_book_free(u);
                return GS_EINVAL;
            }
            j++;   /* one entry for both */
            u->entry[u->count++] = a->entry[i++];
        } else if (j >= b->count || (i < a->count && x >> 8 < y >> 8)) {
            u->entry[u->count++] = a->entry[i++];
        } else {
            u->entry[u->count++] = b->entry[j++];
        }
    }
    *out = u;
    return GS_OK;
}

int gs_c4_book_default(const gs_c4 *g, const gs_allocator *alloc,
                       gs_c4_book **out)
{
    if (!out)
        return GS_EINVAL;
    *out = NULL;
    if (!g || gs_c4_width(g) != 7 || gs_c4_height(g) != 6)
        return GS_EINVAL;
    /* The book for play and the book of every position to a few stones,
     * as one. */
    gs_c4_book *play = NULL, *every = NULL;
    int st = gs_c4_book_load(g, c4_default_book, c4_default_book_len, alloc,
                             &play, NULL);
    if (st == GS_OK)
        st = gs_c4_book_load(g, c4_analysis_book, c4_analysis_book_len,
                             alloc, &every, NULL);
    if (st == GS_OK)
        st = book_union(play, every, out);
    if (st == GS_OK)
        (*out)->lines = play;   /* the computer keeps to its lines */
    else
        gs_c4_book_free(play);
    gs_c4_book_free(every);
    return st;
}

/* The entries of a book read from a stream are taken this many at a
 * time, and room for them is made as they come, so that a header that
 * promises more entries than follow costs no more memory than the
 * entries that do. */
#define BOOK_READ_CHUNK 4096

/* Reads the count entries after the header from f into b, each checked as
 * it comes, then makes sure that f ends there. */
static int read_entries(gs_c4_book *b, FILE *f, uint64_t count,
                        gs_error *err)
{
    unsigned char chunk[8 * 512];
    while (b->count < count) {
        if (b->count == b->cap) {
            uint64_t want = b->cap ? 2 * (uint64_t)b->cap : BOOK_READ_CHUNK;
            if (want > count)
                want = count;
            if (want > SIZE_MAX / sizeof *b->entry)
                return fail(err, GS_ENOMEM, "out of memory for the book");
            uint64_t *p = mem(&b->alloc, b->entry, b->cap * sizeof *p,
                              (size_t)want * sizeof *p);
            if (!p)
                return fail(err, GS_ENOMEM, "out of memory for the book");
            b->entry = p;
            b->cap = (size_t)want;
        }
        size_t n = b->cap - b->count;
        if (n > sizeof chunk / 8)
            n = sizeof chunk / 8;
        size_t got = fread(chunk, 1, 8 * n, f);
        for (size_t i = 0; i + 8 <= got; i += 8) {
            int st = add_entry(b, get_le(chunk + i, 8), err);
            if (st != GS_OK)
                return st;
        }
        if (got < 8 * n) {
            if (ferror(f))
                return fail(err, GS_EINVAL, "cannot read the file");
            return wrong_length(err, count, (size_t)b->count * 8 + got % 8,
                                false);
        }
    }
    if (getc(f) != EOF)
        return wrong_length(err, count, 0, true);
    if (ferror(f))
        return fail(err, GS_EINVAL, "cannot read the file");
    return GS_OK;
}

int gs_c4_book_read(const gs_c4 *g, const char *path,
                    const gs_allocator *alloc, gs_c4_book **out,
                    gs_error *err)
{
    if (!out)
        return fail(err, GS_EINVAL, "no place for the book");
    *out = NULL;
    if (!g || !path)
        return fail(err, GS_EINVAL, "no game or no file name");
    FILE *f = fopen(path, "rb");
    if (!f)
        return fail(err, GS_EINVAL, "cannot open the file");
    if (!alloc)
        alloc = gs_default_allocator();
    /* Step 1. The header: anything that does not start as a book is
     * refused after its first BOOK_HEADER bytes (a device or a pipe that
     * never ends included). */
    unsigned char head[BOOK_HEADER];
    size_t got = fread(head, 1, sizeof head, f);
    uint64_t count;
    int st = ferror(f) ? fail(err, GS_EINVAL, "cannot read the file")
                       : check_header(g, head, got, &count, err);
    /* Step 2. The entries the header announces (a book of 2^32 entries
     * at most, 32 GiB), and then the end of the file. */
    gs_c4_book *b = NULL;
    if (st == GS_OK && !(b = book_new(g, alloc)))
        st = fail(err, GS_ENOMEM, "out of memory for the book");
    if (st == GS_OK) {
        b->ply = head[10];
        st = read_entries(b, f, count, err);
    }
    fclose(f);
    if (st != GS_OK) {
        gs_c4_book_free(b);
        return st;
    }
    *out = b;
    return GS_OK;
}

int gs_c4_book_open(const gs_c4 *g, const char *path,
                    const gs_allocator *alloc, gs_c4_book **out,
                    gs_error *err)
{
    if (!out)
        return fail(err, GS_EINVAL, "no place for the book");
    *out = NULL;
    if (!g || !path)
        return fail(err, GS_EINVAL, "no game or no file name");
    if (!alloc)
        alloc = gs_default_allocator();
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return fail(err, GS_EINVAL, "cannot open the file");
    /* Step 1. Anything but a file of its own size (a pipe, a device) is
     * read as gs_c4_book_read reads it. */
    struct stat st_file;
    if (fstat(fd, &st_file) != 0 || !S_ISREG(st_file.st_mode)) {
        close(fd);
        return gs_c4_book_read(g, path, alloc, out, err);
    }
    /* Step 2. The header, and a size that is exactly its entries. */
    unsigned char head[BOOK_HEADER];
    ssize_t got = pread(fd, head, sizeof head, 0);
    uint64_t count = 0;
    int st = got < 0 ? fail(err, GS_EINVAL, "cannot read the file")
                     : check_header(g, head, (size_t)got, &count, err);
    uint64_t bytes = (uint64_t)st_file.st_size - BOOK_HEADER;
    if (st == GS_OK && bytes != count * 8)
        st = wrong_length(err, count, (size_t)bytes, bytes > count * 8);
    gs_c4_book *b = NULL;
    if (st == GS_OK && !(b = book_new(g, alloc)))
        st = fail(err, GS_ENOMEM, "out of memory for the book");
    if (st != GS_OK) {
        close(fd);
        return st;
    }
    b->fd = fd;
    b->ply = head[10];
    b->count = (size_t)count;
    /* Step 3. The first and last entries, as a check that costs two
     * reads: valid, and in increasing order. */
    uint64_t first, last;
    if (count > 0 && (!entry_at(b, 0, &first) ||
                      !entry_at(b, b->count - 1, &last) ||
                      (count > 1 && first >> 8 >= last >> 8))) {
        gs_c4_book_free(b);
        return fail(err, GS_EPARSE, "the book's first or last entry is not "
                                    "a position and score in increasing "
                                    "order");
    }
    *out = b;
    return GS_OK;
}
