/*
 * tests/test_c4_book.c: Connect Four opening books (gamesearch/connect4.h,
 * "Opening books"): a book built on a small board agrees with the solver
 * on every position it holds, mirror images included; written and read
 * back it is the same; bad files are refused with a message; the shipped
 * book agrees with the known scores of the 7x6 openings and with itself;
 * a solver given a book answers from it without a search.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gamesearch/connect4.h"
#include "fixtures.h"

static gs_c4 *board(int w, int h)
{
    gs_c4_params p;
    gs_c4_params_init(&p);
    p.width = w;
    p.height = h;
    gs_c4 *g = NULL;
    assert_int_equal(gs_c4_new(&p, NULL, &g), GS_OK);
    return g;
}

static gs_c4_solver *solver(const gs_c4 *g)
{
    gs_c4_solver_params sp;
    gs_c4_solver_params_init(&sp);
    sp.table_bytes = (size_t)1 << 20;
    gs_c4_solver *sv = NULL;
    assert_int_equal(gs_c4_solver_new(g, &sp, NULL, &sv), GS_OK);
    return sv;
}

/* Every position up to `left` more stones from s: the book's score equals
 * a fresh solve (no book), and `seen` counts the positions visited. */
static void check_all(const gs_c4 *g, const gs_c4_book *b, gs_c4_solver *plain,
                      const gs_c4_state *s, int left, int *seen)
{
    int score;
    assert_true(gs_c4_book_lookup(b, s, &score));
    gs_c4_solution sd;
    assert_int_equal(gs_c4_solve(plain, s, false, &sd), GS_OK);
    assert_true(sd.known);
    assert_false(sd.from_book);
    assert_int_equal(score, sd.score);
    ++*seen;
    if (left == 0)
        return;
    for (int c = 0; c < gs_c4_width(g); c++) {
        if (!gs_c4_can_play(g, s, c))
            continue;
        gs_c4_state child = *s;
        gs_c4_play(g, &child, c);
        if (!child.over)
            check_all(g, b, plain, &child, left - 1, seen);
    }
}

static int solves_seen;

static void count_solves(void *user, size_t done, size_t total,
                         const gs_c4_solution *sd)
{
    (void)user;
    assert_true(done >= 1 && done <= total);
    assert_true(sd->known);
    solves_seen++;
}

/* 5x4, every position up to 5 stones: 1 + 3 + 9 + ... distinct ones. */
static void test_small_board(void **state)
{
    (void)state;
    gs_c4 *g = board(5, 4);
    gs_c4_solver *sv = solver(g), *plain = solver(g);
    gs_c4_book *b = NULL;
    solves_seen = 0;
    assert_int_equal(gs_c4_book_build(sv, 5, count_solves, NULL, NULL, &b),
                     GS_OK);
    assert_int_equal(gs_c4_book_ply(b), 5);
    /* positions with 0..5 stones, game on, up to mirror images: 1, 3,
     * 13, 49, 177, 542 (counted by a separate enumeration; the 5-stone
     * ones searched, the others from them) */
    assert_int_equal(gs_c4_book_size(b), 1 + 3 + 13 + 49 + 177 + 542);
    assert_int_equal(solves_seen, 542);
    gs_c4_state empty;
    gs_c4_empty(g, &empty);
    int seen = 0;
    check_all(g, b, plain, &empty, 5, &seen);
    assert_int_equal(seen, 3901);   /* move orders, counted the same way */

    /* Deeper than the book: not there. */
    gs_c4_state deep = empty;
    for (int i = 0; i < 6; i++)
        gs_c4_play(g, &deep, i % 5);
    assert_false(gs_c4_book_lookup(b, &deep, NULL));

    /* Written and read back: the same entries. */
    char path[] = "/tmp/test_c4_book_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    gs_error err;
    assert_int_equal(gs_c4_book_write(b, path, &err), GS_OK);
    gs_c4_book *back = NULL;
    assert_int_equal(gs_c4_book_read(g, path, NULL, &back, &err), GS_OK);
    assert_int_equal(gs_c4_book_size(back), gs_c4_book_size(b));
    seen = 0;
    check_all(g, back, plain, &empty, 3, &seen);

    /* Another board refuses it. */
    gs_c4 *other = board(6, 4);
    gs_c4_book *no = NULL;
    assert_int_equal(gs_c4_book_read(other, path, NULL, &no, &err),
                     GS_EPARSE);
    assert_null(no);
    assert_string_equal(err.message,
                        "a book of the 5x4 board, not of the 6x4 board");
    remove(path);
    (void)fd;

    /* A solver with the book answers from it, and plays its best. */
    gs_c4_solver_set_book(sv, back);
    gs_c4_solution sd;
    assert_int_equal(gs_c4_choose(sv, &empty, &sd), GS_OK);
    assert_true(sd.from_book && sd.best_proved && sd.known);
    assert_int_equal(sd.nodes, 0);
    gs_c4_analysis an;
    assert_int_equal(gs_c4_analyze(sv, &empty, false, &an), GS_OK);
    assert_true(an.from_book);
    assert_int_equal(an.best_score, sd.score);
    assert_int_equal(an.column[sd.best].score, sd.score);

    gs_c4_book_free(back);
    gs_c4_book_free(b);
    gs_c4_free(other);
    gs_c4_solver_free(sv);
    gs_c4_solver_free(plain);
    gs_c4_free(g);
}

/* Scores the positions with a fresh solve each, backwards (the order of
 * the solves does not matter, only the scores). */
typedef struct scoring {
    gs_c4_solver *sv;
    size_t n;
    int status;     /* returned when not GS_OK */
    int bad;        /* a score to give position 0 when nonzero */
} scoring;

static int score_each(void *user, const gs_c4_state *positions, size_t n,
                      int *scores)
{
    scoring *sc = user;
    sc->n = n;
    if (sc->status != GS_OK)
        return sc->status;
    for (size_t i = n; i-- > 0;) {
        gs_c4_solution sd;
        gs_c4_solver_clear(sc->sv);
        assert_int_equal(gs_c4_solve(sc->sv, &positions[i], false, &sd),
                         GS_OK);
        assert_int_equal(positions[i].moves, 4);
        scores[i] = sd.score;
    }
    if (sc->bad)
        scores[0] = sc->bad;
    return GS_OK;
}

static size_t read_bytes(const char *path, unsigned char *buf, size_t cap)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t n = fread(buf, 1, cap, f);
    fclose(f);
    return n;
}

/* The deepest positions scored elsewhere give the same file, byte for
 * byte; solve's status stops the build; a score out of range is refused. */
static void test_build_with(void **state)
{
    (void)state;
    gs_c4 *g = board(5, 4);
    gs_c4_solver *sv = solver(g);
    gs_c4_book *one = NULL, *two = NULL;
    assert_int_equal(gs_c4_book_build(sv, 4, NULL, NULL, NULL, &one), GS_OK);
    scoring sc = {solver(g), 0, GS_OK, 0};
    assert_int_equal(gs_c4_book_build_with(g, 4, score_each, &sc, NULL, &two),
                     GS_OK);
    assert_int_equal(sc.n, 177);
    char p1[] = "/tmp/test_c4_book_XXXXXX", p2[] = "/tmp/test_c4_book_XXXXXX";
    int f1 = mkstemp(p1), f2 = mkstemp(p2);
    assert_true(f1 >= 0 && f2 >= 0);
    gs_error err;
    assert_int_equal(gs_c4_book_write(one, p1, &err), GS_OK);
    assert_int_equal(gs_c4_book_write(two, p2, &err), GS_OK);
    static unsigned char b1[1 << 14], b2[1 << 14];
    size_t n1 = read_bytes(p1, b1, sizeof b1), n2 = read_bytes(p2, b2,
                                                                sizeof b2);
    assert_int_equal(n1, 16 + 8 * (1 + 3 + 13 + 49 + 177));
    assert_int_equal(n1, n2);
    assert_memory_equal(b1, b2, n1);
    remove(p1);
    remove(p2);
    (void)f1;
    (void)f2;
    gs_c4_book_free(two);
    two = one;
    sc.status = GS_ETOOBIG;
    assert_int_equal(gs_c4_book_build_with(g, 4, score_each, &sc, NULL, &two),
                     GS_ETOOBIG);
    assert_null(two);
    sc.status = GS_OK;
    sc.bad = 128;
    assert_int_equal(gs_c4_book_build_with(g, 4, score_each, &sc, NULL, &two),
                     GS_EINVAL);
    assert_null(two);
    assert_int_equal(gs_c4_book_build_with(g, 4, NULL, &sc, NULL, &two),
                     GS_EINVAL);
    gs_c4_book_free(one);
    gs_c4_solver_free(sc.sv);
    gs_c4_solver_free(sv);
    gs_c4_free(g);
}

/* Positions as text, a position and its mirror image as one: the cells
 * column by column ('.', 'x', 'o'), the smaller of the two readings. */
enum { MAX_SEEN = 1024 };
static char seen_text[MAX_SEEN][64];
static size_t nseen;
static bool note_after;   /* walk_play notes the positions after turns */

static void note_position(const gs_c4 *g, const gs_c4_state *s)
{
    char a[64], m[64];
    int w = gs_c4_width(g), h = gs_c4_height(g), n = 0;
    for (int c = 0; c < w; c++)
        for (int r = 0; r < h; r++, n++) {
            a[n] = ".xo"[gs_c4_cell(g, s, c, r)];
            m[n] = ".xo"[gs_c4_cell(g, s, w - 1 - c, r)];
        }
    a[n] = m[n] = '\0';
    assert_true(nseen < MAX_SEEN);
    strcpy(seen_text[nseen++], strcmp(a, m) < 0 ? a : m);
}

static int cmp_text(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* The positions noted, each once. */
static size_t distinct_positions(void)
{
    qsort(seen_text, nseen, sizeof seen_text[0], cmp_text);
    size_t m = 0;
    for (size_t i = 0; i < nseen; i++)
        if (m == 0 || strcmp(seen_text[m - 1], seen_text[i]) != 0)
            memmove(seen_text[m++], seen_text[i], sizeof seen_text[0]);
    return nseen = m;
}

/* The computer's turns of play from s (the computer to move) while they
 * have fewer than `ply` stones, through every reply: each is answered
 * from sv's book without a search, with the score a fresh solve gives,
 * and its column gets that score. *turns counts them; the turns (and with
 * note_after the positions after them) are noted (note_position). */
static void walk_play(const gs_c4 *g, gs_c4_solver *sv, gs_c4_solver *plain,
                      const gs_c4_state *s, int ply, int *turns)
{
    if (gs_c4_winning_column(g, s) >= 0)
        return;   /* left out: a search finds it at once */
    gs_c4_solution sd, fresh;
    assert_int_equal(gs_c4_choose(sv, s, &sd), GS_OK);
    assert_true(sd.from_book && sd.best_proved && sd.known);
    assert_int_equal(sd.nodes, 0);
    assert_int_equal(gs_c4_solve(plain, s, false, &fresh), GS_OK);
    assert_int_equal(sd.score, fresh.score);
    ++*turns;
    note_position(g, s);
    gs_c4_state after = *s;
    gs_c4_play(g, &after, sd.best);
    if (!after.over) {
        if (note_after)
            note_position(g, &after);
        assert_int_equal(gs_c4_solve(plain, &after, false, &fresh), GS_OK);
        assert_int_equal(-fresh.score, sd.score);
    }
    if (after.over || s->moves + 2 >= ply)
        return;
    for (int c = 0; c < gs_c4_width(g); c++) {
        if (!gs_c4_can_play(g, &after, c))
            continue;
        gs_c4_state reply = after;
        gs_c4_play(g, &reply, c);
        if (!reply.over)
            walk_play(g, sv, plain, &reply, ply, turns);
    }
}

static size_t turns_built, turns_from_book;

static void count_turns(void *user, size_t done, size_t total,
                        const gs_c4_solution *sd)
{
    (void)user;
    assert_true(done >= 1 && done <= total);
    assert_true(sd->known && sd->best_proved);
    turns_built++;
    turns_from_book += sd->from_book;
}

/* A book for play on 5x4 to 6 stones: the computer's every turn, first
 * or second, answered from it with the solver's scores; far smaller than
 * the book of every position; it keeps the solver's book's entries and
 * does not search the turns that book answers. */
static void test_play_book(void **state)
{
    (void)state;
    gs_c4 *g = board(5, 4);
    gs_c4_solver *sv = solver(g), *plain = solver(g), *user = solver(g);
    gs_c4_book *b = NULL, *full = NULL, *both = NULL;
    gs_c4_state empty;
    gs_c4_empty(g, &empty);

    turns_built = turns_from_book = 0;
    assert_int_equal(gs_c4_book_build_play(sv, 6, GS_C4_BOOK_BOTH,
                                           count_turns, NULL, NULL, &b),
                     GS_OK);
    assert_int_equal(gs_c4_book_ply(b), 6);
    assert_int_equal(turns_from_book, 0);
    gs_c4_solver_set_book(user, b);
    /* Walked twice: the turns, then the turns and the positions after. */
    for (int pass = 0; pass < 2; pass++) {
        note_after = pass == 1;
        nseen = 0;
        int first = 0, second = 0;
        walk_play(g, user, plain, &empty, 6, &first);
        for (int c = 0; c < 5; c++) {
            gs_c4_state s = empty;
            gs_c4_play(g, &s, c);
            walk_play(g, user, plain, &s, 6, &second);
        }
        /* first: 0, 2 and 4 stones, every reply; second: 1, 3 and 5
         * stones, one reply at 4 stones leaving a win at once */
        assert_int_equal(first, 1 + 5 + 25);
        assert_int_equal(second, 5 + 25 + 125 - 1);
        /* up to mirror images: the turns built; with the positions
         * after them, all but 1 of the book's 152 entries (1 turn where
         * play finds another column of the same score in the book first,
         * centre first, than the one the solve named) */
        assert_int_equal(distinct_positions(), pass ? 151 : 81);
    }
    assert_int_equal(turns_built, 81);
    assert_int_equal(gs_c4_book_size(b), 152);

    /* Built on a solver with a book of every position to 3 stones: every
     * entry of that book is kept, and the turns it answers (the empty
     * board, and the second player's first turns) are not searched. */
    assert_int_equal(gs_c4_book_build(plain, 3, NULL, NULL, NULL, &full),
                     GS_OK);
    gs_c4_solver_set_book(sv, full);
    turns_built = turns_from_book = 0;
    assert_int_equal(gs_c4_book_build_play(sv, 6, GS_C4_BOOK_BOTH,
                                           count_turns, NULL, NULL, &both),
                     GS_OK);
    assert_int_equal(turns_from_book, 1 + 3 + 3);
    int seen = 0;
    check_all(g, both, plain, &empty, 3, &seen);
    assert_int_equal(seen, 1 + 5 + 25 + 125);

    /* Bad arguments. */
    gs_c4_book *none = b;
    assert_int_equal(gs_c4_book_build_play(sv, 6, 0, NULL, NULL, NULL,
                                           &none), GS_EINVAL);
    assert_null(none);
    assert_int_equal(gs_c4_book_build_play(sv, 6, 4, NULL, NULL, NULL,
                                           &none), GS_EINVAL);
    assert_int_equal(gs_c4_book_build_play(sv, 0, 1, NULL, NULL, NULL,
                                           &none), GS_EINVAL);
    assert_int_equal(gs_c4_book_build_play(sv, 21, 1, NULL, NULL, NULL,
                                           &none), GS_EINVAL);
    assert_int_equal(gs_c4_book_build_play(NULL, 6, 1, NULL, NULL, NULL,
                                           &none), GS_EINVAL);
    assert_int_equal(gs_c4_book_build_play(sv, 6, 1, NULL, NULL, NULL,
                                           NULL), GS_EINVAL);

    gs_c4_book_free(both);
    gs_c4_book_free(full);
    gs_c4_book_free(b);
    gs_c4_solver_free(user);
    gs_c4_solver_free(plain);
    gs_c4_solver_free(sv);
    gs_c4_free(g);
}

static void test_bad_files(void **state)
{
    (void)state;
    gs_c4 *g = board(7, 6);
    gs_c4_book *b = NULL;
    gs_error err;
    assert_int_equal(gs_c4_book_load(g, "hello", 5, NULL, &b, &err),
                     GS_EPARSE);
    assert_string_equal(err.message, "not a Connect Four book (it does not "
                                     "start with GSC4BOOK)");
    unsigned char head[24] = "GSC4BOOK\x07\x06\x01\x01\x02\0\0\0";
    assert_int_equal(gs_c4_book_load(g, head, 24, NULL, &b, &err), GS_EPARSE);
    assert_string_equal(err.message, "the book says 2 entries, but holds 8 "
                                     "bytes of them");
    head[12] = 1;
    head[16] = 0x30;   /* score 48: more than any 7x6 score */
    assert_int_equal(gs_c4_book_load(g, head, 24, NULL, &b, &err), GS_EPARSE);
    assert_string_equal(err.message, "entry 1 is not a position and score "
                                     "in increasing order");
    head[11] = 9;
    assert_int_equal(gs_c4_book_load(g, head, 24, NULL, &b, &err), GS_EPARSE);
    assert_string_equal(err.message, "a book of format version 9 (this "
                                     "library reads version 1)");
    assert_int_equal(gs_c4_book_read(g, "/nonexistent/book", NULL, &b, &err),
                     GS_EINVAL);
    assert_null(b);
    gs_c4 *small = board(5, 4);
    assert_int_equal(gs_c4_book_default(small, NULL, &b), GS_EINVAL);
    gs_c4_free(small);
    gs_c4_free(g);
}

/* Why a book cannot be built, each cause its own status: a board too
 * large, a --ply beyond its cells, a search a limit stopped. */
static void test_build_refusals(void **state)
{
    (void)state;
    gs_c4 *big = board(8, 7), *g = board(5, 4);
    gs_c4_solver *sv = solver(big);
    gs_c4_book *b = NULL;
    assert_int_equal(gs_c4_book_build(sv, 2, NULL, NULL, NULL, &b),
                     GS_ETOOBIG);
    assert_int_equal(gs_c4_book_build_play(sv, 2, GS_C4_BOOK_FIRST, NULL,
                                           NULL, NULL, &b), GS_ETOOBIG);
    assert_null(b);
    gs_c4_solver_free(sv);

    gs_c4_solver_params sp;
    gs_c4_solver_params_init(&sp);
    sp.table_bytes = (size_t)1 << 20;
    sp.max_nodes = 5;
    assert_int_equal(gs_c4_solver_new(g, &sp, NULL, &sv), GS_OK);
    assert_int_equal(gs_c4_book_build(sv, 20, NULL, NULL, NULL, &b),
                     GS_EINVAL);
    assert_int_equal(gs_c4_book_build_play(sv, 21, GS_C4_BOOK_FIRST, NULL,
                                           NULL, NULL, &b), GS_EINVAL);
    assert_int_equal(gs_c4_book_build(sv, 4, NULL, NULL, NULL, &b),
                     GS_ESTOPPED);
    assert_int_equal(gs_c4_book_build_play(sv, 4, GS_C4_BOOK_FIRST, NULL,
                                           NULL, NULL, &b), GS_ESTOPPED);
    assert_null(b);
    assert_string_equal(gs_strerror(GS_ESTOPPED),
                        "a search limit stopped a search");
    gs_c4_solver_free(sv);
    gs_c4_free(g);
    gs_c4_free(big);
}

/* Writes len bytes of data to a new temporary file named in path. */
static void write_temp(char *path, const void *data, size_t len)
{
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

/* Input without end, or longer than its header says, is refused as soon
 * as it is seen to be no book: never read whole first. */
static void test_unbounded_files(void **state)
{
    (void)state;
    alarm(60);   /* a reader that reads on fails here instead of hanging */
    gs_c4 *g = board(7, 6);
    gs_c4_book *b = NULL;
    gs_error err;
    assert_int_equal(gs_c4_book_read(g, "/dev/zero", NULL, &b, &err),
                     GS_EPARSE);
    assert_null(b);
    assert_string_equal(err.message, "not a Connect Four book (it does not "
                                     "start with GSC4BOOK)");

    /* A header that promises 2^32 - 1 entries, then zeros: the second
     * entry is not after the first. */
    static unsigned char big[16 + 65536];
    memcpy(big, "GSC4BOOK\x07\x06\x01\x01\xff\xff\xff\xff", 16);
    char path[] = "/tmp/test_c4_book_XXXXXX";
    write_temp(path, big, sizeof big);
    assert_int_equal(gs_c4_book_read(g, path, NULL, &b, &err), GS_EPARSE);
    assert_null(b);
    assert_string_equal(err.message, "entry 2 is not a position and score "
                                     "in increasing order");
    remove(path);

    /* Fewer entries than the header says, and more. */
    unsigned char two[32] = "GSC4BOOK\x07\x06\x01\x01\x03\0\0\0";
    two[17] = 1;   /* keys 1 and 2, each with score 0 */
    two[25] = 2;
    char p2[] = "/tmp/test_c4_book_XXXXXX";
    write_temp(p2, two, sizeof two);
    assert_int_equal(gs_c4_book_read(g, p2, NULL, &b, &err), GS_EPARSE);
    assert_string_equal(err.message, "the book says 3 entries, but holds 16 "
                                     "bytes of them");
    remove(p2);
    two[12] = 1;
    char p3[] = "/tmp/test_c4_book_XXXXXX";
    write_temp(p3, two, sizeof two);
    assert_int_equal(gs_c4_book_read(g, p3, NULL, &b, &err), GS_EPARSE);
    assert_null(b);
    assert_string_equal(err.message, "the book says 1 entries, but holds "
                                     "more than 8 bytes of them");
    remove(p3);
    two[12] = 2;
    char p4[] = "/tmp/test_c4_book_XXXXXX";
    write_temp(p4, two, sizeof two);
    assert_int_equal(gs_c4_book_read(g, p4, NULL, &b, &err), GS_OK);
    assert_int_equal(gs_c4_book_size(b), 2);
    gs_c4_book_free(b);
    remove(p4);
    alarm(0);
    gs_c4_free(g);
}

/* A person's replies for test_default_book: a column from the suite's
 * random generator, the first playable one from there. */
static int person_move(const gs_c4 *g, const gs_c4_state *s, uint64_t *seed)
{
    int c = rng_int(seed, 0, 6);
    while (!gs_c4_can_play(g, s, c))
        c = (c + 1) % 7;
    return c;
}

/* One line of play against the shipped book: the computer moving first
 * (or second), the person's moves from `seed`, while the computer's turns
 * have fewer than `stones` stones and the game is not decided at once.
 * Each of its turns comes from the book; the deepest one is solved again
 * with `plain` (no book, table emptied), as is the position after its
 * move, and the scores must agree. Returns the nodes of those solves. */
static uint64_t book_line(const gs_c4 *g, gs_c4_solver *sv,
                          gs_c4_solver *plain, bool second, uint64_t seed,
                          int stones)
{
    gs_c4_state s, last;
    gs_c4_empty(g, &s);
    if (second)
        gs_c4_play(g, &s, person_move(g, &s, &seed));
    gs_c4_solution sd, at_last = {0};
    int turns = 0;
    while (s.moves < stones && gs_c4_winning_column(g, &s) < 0) {
        assert_int_equal(gs_c4_choose(sv, &s, &sd), GS_OK);
        assert_true(sd.from_book && sd.best_proved && sd.known);
        assert_int_equal(sd.nodes, 0);
        last = s;
        at_last = sd;
        turns++;
        gs_c4_play(g, &s, sd.best);
        if (s.over)
            break;
        gs_c4_play(g, &s, person_move(g, &s, &seed));
        if (s.over)
            break;
    }
    assert_true(turns > 0);
    gs_c4_solution fresh;
    gs_c4_solver_clear(plain);
    assert_int_equal(gs_c4_solve(plain, &last, false, &fresh), GS_OK);
    assert_true(fresh.known);
    assert_int_equal(fresh.score, at_last.score);
    uint64_t nodes = fresh.nodes;
    gs_c4_play(g, &last, at_last.best);
    if (!last.over) {
        gs_c4_solver_clear(plain);
        assert_int_equal(gs_c4_solve(plain, &last, false, &fresh), GS_OK);
        assert_int_equal(-fresh.score, at_last.score);
        nodes += fresh.nodes;
    }
    return nodes;
}

/* The shipped book: its stones and entries, and the person's seeds of the
 * lines checked (chosen among the first 40 for lines whose last solves
 * are small, under a million nodes, the whole test taking seconds
 * under the sanitizers; all 40 agree). */
/* The 399,029 entries of analysis.book and the 23,720 of default.book's
 * 27,552 that have more than 9 stones (analysis.book has the others). */
enum { DEFAULT_BOOK_PLY = 13, DEFAULT_BOOK_SIZE = 422749 };
static const uint64_t first_lines[] = {2, 3, 11, 15, 17, 26, 33, 36, 40};
static const uint64_t second_lines[] = {5, 6, 12, 17, 24, 26, 31, 33, 36, 39};

/* The shipped book (docs/playing.md, "Opening books"): every position up to 9
 * stones (analysis.book), and a book for play, the computer moving first to 13 stones and
 * second to 12. The known opening scores (the first player wins with the
 * centre column: 1 for the empty board, -2 -1 0 1 0 -1 -2 for the first
 * columns); along lines of play, every computer turn answered from it; a
 * sample of its entries, the deepest turn of each line and the position
 * after the book's move, against fresh solves. */
static void test_default_book(void **state)
{
    (void)state;
    gs_c4 *g = board(7, 6);
    gs_c4_book *b = NULL;
    assert_int_equal(gs_c4_book_default(g, NULL, &b), GS_OK);
    assert_int_equal(gs_c4_book_ply(b), DEFAULT_BOOK_PLY);
    assert_int_equal(gs_c4_book_size(b), DEFAULT_BOOK_SIZE);
    gs_c4_state empty;
    gs_c4_empty(g, &empty);
    int score;
    assert_true(gs_c4_book_lookup(b, &empty, &score));
    assert_int_equal(score, 1);
    static const int first[7] = {-2, -1, 0, 1, 0, -1, -2};
    for (int c = 0; c < 7; c++) {
        gs_c4_state s = empty;
        gs_c4_play(g, &s, c);
        assert_true(gs_c4_book_lookup(b, &s, &score));
        assert_int_equal(-score, first[c]);
    }

    gs_c4_solver *sv = solver(g), *plain = solver(g);
    gs_c4_solver_set_book(sv, b);
    for (size_t i = 0; i < sizeof first_lines / sizeof *first_lines; i++)
        book_line(g, sv, plain, false, first_lines[i], 13);
    for (size_t i = 0; i < sizeof second_lines / sizeof *second_lines; i++)
        book_line(g, sv, plain, true, second_lines[i], 12);
    gs_c4_solver_free(plain);
    gs_c4_solver_free(sv);
    gs_c4_book_free(b);
    gs_c4_free(g);
}

/* The shipped book's every position (games/connect4/analysis.book, in
 * the book for play too): each position with up to ANALYSIS_PLY stones,
 * the game not over, is in it, and each with fewer is worth the best of
 * its columns as the book scores them (a win at once, a full board, or
 * minus the position after it). The walk meets each position once (a
 * set of those met), so that it costs the positions, not the move orders
 * that reach them. */
enum { ANALYSIS_PLY = 9, ANALYSIS_BOOK_SIZE = 399029 };

/* The positions met: an open-addressing set of current + mask + 1 (which
 * tells positions of the 7x6 board apart, and is never 0). */
typedef struct seen_set {
    uint64_t *slot;
    size_t mask;      /* slots - 1, a power of two less one */
    size_t count;     /* positions in the set */
    size_t folded;    /* those that are not above their mirror image */
} seen_set;

/* The mirror image of a 7x6 board's bitboard (7 bits a column). */
static uint64_t mirror_bits(uint64_t x)
{
    uint64_t m = 0;
    for (int c = 0; c < 7; c++)
        m |= ((x >> (7 * c)) & 0x7f) << (7 * (6 - c));
    return m;
}

/* Adds s to the set: true if it was not there. */
static bool seen_add(seen_set *set, const gs_c4_state *s)
{
    uint64_t k = s->current + s->mask + 1;
    size_t i = (size_t)((k * 0x9E3779B97F4A7C15u) >> 20) & set->mask;
    while (set->slot[i]) {
        if (set->slot[i] == k)
            return false;
        i = (i + 1) & set->mask;
    }
    set->slot[i] = k;
    set->count++;
    if (k <= mirror_bits(s->current) + mirror_bits(s->mask) + 1)
        set->folded++;
    assert_true(set->count <= set->mask / 2);
    return true;
}

static void check_every(const gs_c4 *g, const gs_c4_book *b,
                        const gs_c4_state *s, seen_set *set)
{
    if (!seen_add(set, s))
        return;
    int score;
    assert_true(gs_c4_book_lookup(b, s, &score));
    if (s->moves == ANALYSIS_PLY)
        return;
    int best = INT_MIN;
    for (int c = 0; c < gs_c4_width(g); c++) {
        if (!gs_c4_can_play(g, s, c))
            continue;
        gs_c4_state child = *s;
        gs_c4_play(g, &child, c);
        int v;
        if (gs_c4_is_winning_move(g, s, c)) {
            v = gs_c4_win_score(g, s->moves);
        } else {
            check_every(g, b, &child, set);
            assert_true(gs_c4_book_lookup(b, &child, &v));
            v = -v;
        }
        if (v > best)
            best = v;
    }
    assert_int_equal(score, best);
}

/* Seeds of random games whose position of ANALYSIS_PLY stones is solved
 * again in test_analysis_book_sample (chosen among the first 40 for
 * solves of 50,000 to 400,000 nodes, a loss, a draw and wins among them;
 * all 40 agree). */
static const uint64_t analysis_seeds[] = {2, 21, 25, 30, 37};

/* A sample of the shipped book's deepest positions (games/connect4/
 * analysis.book) against fresh solves: the position at ANALYSIS_PLY
 * stones of a random game from each seed (a game won before it is played
 * again from the next seed). */
static void test_analysis_book_sample(void **state)
{
    (void)state;
    gs_c4 *g = board(7, 6);
    gs_c4_book *b = NULL;
    assert_int_equal(gs_c4_book_default(g, NULL, &b), GS_OK);
    gs_c4_solver *plain = solver(g);
    for (size_t i = 0; i < sizeof analysis_seeds / sizeof *analysis_seeds;
         i++) {
        uint64_t seed = analysis_seeds[i];
        gs_c4_state s;
        do {
            gs_c4_empty(g, &s);
            while (s.moves < ANALYSIS_PLY && !s.over)
                gs_c4_play(g, &s, person_move(g, &s, &seed));
        } while (s.over);
        int score;
        assert_true(gs_c4_book_lookup(b, &s, &score));
        gs_c4_solution sd;
        gs_c4_solver_clear(plain);
        assert_int_equal(gs_c4_solve(plain, &s, false, &sd), GS_OK);
        assert_true(sd.known && !sd.from_book);
        assert_int_equal(sd.score, score);
    }
    gs_c4_solver_free(plain);
    gs_c4_book_free(b);
    gs_c4_free(g);
}

static void test_default_book_every_position(void **state)
{
    (void)state;
    gs_c4 *g = board(7, 6);
    gs_c4_book *b = NULL;
    assert_int_equal(gs_c4_book_default(g, NULL, &b), GS_OK);
    gs_c4_state empty;
    gs_c4_empty(g, &empty);
    seen_set set = {0};
    set.mask = ((size_t)1 << 21) - 1;   /* room for twice the 797,388 */
    set.slot = calloc(set.mask + 1, sizeof *set.slot);
    assert_non_null(set.slot);
    check_every(g, b, &empty, &set);
    /* every position to ANALYSIS_PLY stones once, mirror images as one:
     * as many as analysis.book holds */
    assert_int_equal(set.folded, ANALYSIS_BOOK_SIZE);
    free(set.slot);
    gs_c4_book_free(b);
    gs_c4_free(g);
}

/* Writes `len` bytes of `data` to a new temporary file: its path in
 * path (a "/tmp/test_c4_book_XXXXXX" buffer). */
static void temp_file(char *path, const void *data, size_t len)
{
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, data, len), (ssize_t)len);
    close(fd);
}

static int to_buffer(void *user, const char *text, size_t len)
{
    char **at = user;
    memcpy(*at, text, len);
    *at += len;
    return 0;
}

/* A book opened where it lies answers as the book read whole: every
 * position to 5 stones of 5x4 against fresh solves; its bytes written
 * back are the file's; bad files refused with the messages of a read. */
static void test_open_in_file(void **state)
{
    (void)state;
    gs_c4 *g = board(5, 4);
    gs_c4_solver *sv = solver(g), *plain = solver(g);
    gs_c4_book *b = NULL;
    assert_int_equal(gs_c4_book_build(sv, 5, NULL, NULL, NULL, &b), GS_OK);
    char path[] = "/tmp/test_c4_book_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    gs_error err;
    assert_int_equal(gs_c4_book_write(b, path, &err), GS_OK);

    gs_c4_book *open_b = NULL;
    assert_int_equal(gs_c4_book_open(g, path, NULL, &open_b, &err), GS_OK);
    assert_int_equal(gs_c4_book_size(open_b), gs_c4_book_size(b));
    assert_int_equal(gs_c4_book_ply(open_b), 5);
    gs_c4_state empty;
    gs_c4_empty(g, &empty);
    int seen = 0;
    check_all(g, open_b, plain, &empty, 5, &seen);
    assert_int_equal(seen, 3901);

    /* a solver given it answers from it */
    gs_c4_solver_set_book(sv, open_b);
    gs_c4_state s = empty;
    gs_c4_play(g, &s, 2);
    gs_c4_play(g, &s, 1);
    gs_c4_solution sd;
    assert_int_equal(gs_c4_solve(sv, &s, false, &sd), GS_OK);
    assert_true(sd.from_book);
    assert_int_equal(sd.nodes, 0);

    /* its bytes, written back, are the file's */
    size_t size = 16 + 8 * gs_c4_book_size(b);
    char *bytes = malloc(size), *want = malloc(size + 1), *at = bytes;
    assert_non_null(bytes);
    assert_non_null(want);
    assert_int_equal(gs_c4_book_write_to(open_b, to_buffer, &at), 0);
    assert_int_equal((size_t)(at - bytes), size);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    assert_int_equal(fread(want, 1, size + 1, f), size);
    fclose(f);
    assert_memory_equal(bytes, want, size);

    /* a file one byte short, one byte long, a bad last entry */
    gs_c4_book *no = NULL;
    char p2[] = "/tmp/test_c4_book_XXXXXX";
    temp_file(p2, want, size - 1);
    assert_int_equal(gs_c4_book_open(g, p2, NULL, &no, &err), GS_EPARSE);
    assert_null(no);
    char msg[160];
    snprintf(msg, sizeof msg, "the book says %zu entries, but holds %zu "
             "bytes of them", gs_c4_book_size(b), size - 17);
    assert_string_equal(err.message, msg);
    remove(p2);
    want[size] = 0;
    char p3[] = "/tmp/test_c4_book_XXXXXX";
    temp_file(p3, want, size + 1);
    assert_int_equal(gs_c4_book_open(g, p3, NULL, &no, &err), GS_EPARSE);
    snprintf(msg, sizeof msg, "the book says %zu entries, but holds more "
             "than %zu bytes of them", gs_c4_book_size(b), size - 16);
    assert_string_equal(err.message, msg);
    remove(p3);
    want[size - 1] = 0x7f;   /* the last entry's score: 127 */
    char p4[] = "/tmp/test_c4_book_XXXXXX";
    temp_file(p4, want, size);
    assert_int_equal(gs_c4_book_open(g, p4, NULL, &no, &err), GS_EPARSE);
    assert_string_equal(err.message, "the book's first or last entry is not "
                                     "a position and score in increasing "
                                     "order");
    remove(p4);

    /* another board; not a book; no file; a device, read as a stream */
    gs_c4 *other = board(6, 4);
    assert_int_equal(gs_c4_book_open(other, path, NULL, &no, &err),
                     GS_EPARSE);
    assert_string_equal(err.message,
                        "a book of the 5x4 board, not of the 6x4 board");
    gs_c4_free(other);
    char p5[] = "/tmp/test_c4_book_XXXXXX";
    temp_file(p5, "hello", 5);
    assert_int_equal(gs_c4_book_open(g, p5, NULL, &no, &err), GS_EPARSE);
    assert_string_equal(err.message, "not a Connect Four book (it does not "
                                     "start with GSC4BOOK)");
    remove(p5);
    assert_int_equal(gs_c4_book_open(g, "/nonexistent/book", NULL, &no,
                                     &err), GS_EINVAL);
    assert_int_equal(gs_c4_book_open(g, "/dev/null", NULL, &no, &err),
                     GS_EPARSE);
    assert_null(no);
    assert_int_equal(gs_c4_book_open(g, NULL, NULL, &no, &err), GS_EINVAL);
    assert_int_equal(gs_c4_book_open(g, path, NULL, NULL, &err), GS_EINVAL);

    free(bytes);
    free(want);
    remove(path);
    gs_c4_book_free(open_b);
    gs_c4_book_free(b);
    gs_c4_solver_free(sv);
    gs_c4_solver_free(plain);
    gs_c4_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_small_board),
        cmocka_unit_test(test_build_with),
        cmocka_unit_test(test_play_book),
        cmocka_unit_test(test_bad_files),
        cmocka_unit_test(test_unbounded_files),
        cmocka_unit_test(test_build_refusals),
        cmocka_unit_test(test_default_book),
        cmocka_unit_test(test_default_book_every_position),
        cmocka_unit_test(test_analysis_book_sample),
        cmocka_unit_test(test_open_in_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
