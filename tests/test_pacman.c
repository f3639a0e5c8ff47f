/*
 * tests/test_pacman.c: the CS188 Pacman world (gamesearch/pacman.h) and
 * Python's random module (gamesearch/pyrandom.h).
 *
 * Facts checked:
 *   - pyrandom: CPython 3.11's outputs after random.seed(0), seed(42),
 *     seed('cs188') and other seeds (integers of one and two words,
 *     negative ones, long and non-ASCII strings), getrandbits and randrange
 *     sequences, and a draw past the first regeneration of the state.
 *   - layouts: every refusal with its line, column and message; junk
 *     never crashes; allocation failures leak nothing.
 *   - rules, on small mazes worked out by hand (and confirmed against
 *     pacman.py v1.004): food, the last food, the time penalty, capsules,
 *     scared ghosts at half speed, the timer and its rounding, eating a
 *     ghost, dying (once per ghost), the win that no ghost can spoil,
 *     ghosts between cells, the no-reverse rule, illegal actions, -k.
 *   - DirectionalGhost's distribution to the last bit.
 *   - pacman.py's state equality, and the world as a gs_game.
 *
 * Nothing here reads ../shared: what is checked against the CS188 files
 * (layouts, recorded games, traces, the hash on many positions) is
 * test_cs188_pacman.c.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/gamesearch.h"
#include "gamesearch/pacman.h"
#include "gamesearch/pyrandom.h"

#include "fixtures.h"
#include "pacman_fixture.h"
#include "track_alloc.h"

/* ---- Helpers ------------------------------------------------------------ */

static gs_pac_layout *parse_ok(const char *text)
{
    gs_pac_layout *lay = NULL;
    gs_error err;
    int rc = gs_pac_layout_parse(text, strlen(text), NULL, &lay, &err);
    if (rc != GS_OK)
        fail_msg("layout refused (%d) at %d:%d: %s", rc, err.line,
                 err.column, err.message);
    assert_non_null(lay);
    return lay;
}

static gs_pacman *world_of(const char *text, int ghosts)
{
    return world_from(text, strlen(text), ghosts, NULL, "test layout");
}

/* Plays a move that must be legal. */
static void play(const gs_pacman *w, void *s, int agent, const char *action)
{
    int rc = gs_pacman_apply(w, s, agent, dir_of(action));
    if (rc != GS_OK)
        fail_msg("agent %d cannot play %s (%d)", agent, action, rc);
}

/* The legal actions as "West Stop East", for comparing. */
static void legal_names(const gs_pacman *w, const void *s, int agent,
                        char *buf, size_t size)
{
    int a[GS_PAC_NUM_DIRS];
    int n = gs_pacman_legal(w, s, agent, a);
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (i)
            strncat(buf, " ", size - strlen(buf) - 1);
        strncat(buf, gs_pac_dir_name(a[i]), size - strlen(buf) - 1);
    }
}

static void expect_legal(const gs_pacman *w, const void *s, int agent,
                         const char *expected)
{
    char buf[64];
    legal_names(w, s, agent, buf, sizeof buf);
    assert_string_equal(buf, expected);
}

/* ---- pyrandom ----------------------------------------------------------- */

/* CPython 3.11: random.seed(0); [random.random() for _ in range(3)], and the
 * same for 42; random.seed('cs188'); random.random(). */
static void test_random_known_values(void **unused)
{
    (void)unused;
    gs_pyrandom r;
    gs_pyrandom_seed_int(&r, 0);
    assert_true(gs_pyrandom_random(&r) == 0.8444218515250481);
    assert_true(gs_pyrandom_random(&r) == 0.7579544029403025);
    assert_true(gs_pyrandom_random(&r) == 0.420571580830845);
    gs_pyrandom_seed_int(&r, 42);
    assert_true(gs_pyrandom_random(&r) == 0.6394267984578837);
    assert_true(gs_pyrandom_random(&r) == 0.025010755222666936);
    assert_true(gs_pyrandom_random(&r) == 0.27502931836911926);
    gs_pyrandom_seed_str(&r, "cs188");
    assert_true(gs_pyrandom_random(&r) == 0.7475483211151746);
}

/* A string seed with its digest given (as the WebAssembly module seeds,
 * digesting with WebCrypto): Python's stream, as gs_pyrandom_seed_str's. */
static void test_random_seed_digest(void **unused)
{
    (void)unused;
    /* hashlib.sha512(b'cs188').digest() */
    static const unsigned char cs188[64] = {
        0x9b, 0x0d, 0x12, 0x7c, 0x1b, 0x9e, 0xd9, 0x8b, 0x71, 0x1d, 0x6f,
        0x2d, 0xef, 0x70, 0x9e, 0x66, 0x10, 0x8f, 0x97, 0x90, 0xee, 0xbd,
        0x0e, 0x03, 0x1b, 0x74, 0x88, 0x63, 0x39, 0x96, 0x17, 0x2c, 0x01,
        0x6b, 0x04, 0x14, 0x6f, 0xba, 0x34, 0x29, 0x02, 0xd5, 0x9d, 0x77,
        0x5b, 0x0e, 0x89, 0xa0, 0x4e, 0xe6, 0x41, 0xdc, 0x4b, 0xc5, 0xf5,
        0x4b, 0x71, 0xcc, 0x38, 0x3c, 0x9c, 0x1a, 0x4e, 0x35};
    gs_pyrandom r, s;
    gs_pyrandom_seed_digest(&r, "cs188", 5, cs188);
    assert_true(gs_pyrandom_random(&r) == 0.7475483211151746);
    gs_pyrandom_seed_str(&s, "cs188");
    gs_pyrandom_random(&s);
    assert_memory_equal(r.mt, s.mt, sizeof r.mt);
    assert_int_equal(r.index, s.index);
}

/* Seeds as a command line gives them: 64 bits, signed or not. */
static void test_random_seed_parse(void **unused)
{
    (void)unused;
    int64_t n = 99;
    bool big = true;
    assert_int_equal(gs_pyrandom_seed_parse("42", &n, &big), GS_OK);
    assert_true(n == 42 && !big);
    assert_int_equal(gs_pyrandom_seed_parse(" -5", &n, &big), GS_OK);
    assert_true(n == -5 && !big);
    assert_int_equal(gs_pyrandom_seed_parse("+7", &n, &big), GS_OK);
    assert_true(n == 7 && !big);
    assert_int_equal(gs_pyrandom_seed_parse("-9223372036854775808", &n,
                                            &big), GS_OK);
    assert_true(n == INT64_MIN && !big);
    assert_int_equal(gs_pyrandom_seed_parse("9223372036854775807", &n,
                                            &big), GS_OK);
    assert_true(n == INT64_MAX && !big);
    assert_int_equal(gs_pyrandom_seed_parse("18446744073709551615", &n,
                                            &big), GS_OK);
    assert_true((uint64_t)n == UINT64_MAX && big);
    /* Refused, nothing stored. */
    static const char *const bad[] = {"", " ", "-", "x1", "1x", "1.5",
                                      "18446744073709551616",
                                      "-9223372036854775809", "- 1", "--1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        n = 3;
        big = true;
        assert_int_equal(gs_pyrandom_seed_parse(bad[i], &n, &big), GS_EINVAL);
        assert_true(n == 3 && big);
    }
}

/* More CPython 3.11 outputs (each printed by python3 -c "import random;
 * random.seed(S); print(repr(random.random()))"). */
static void test_random_more_seeds(void **unused)
{
    (void)unused;
    gs_pyrandom r;
    /* Negative seeds are their absolute value. */
    gs_pyrandom_seed_int(&r, 5);
    assert_true(gs_pyrandom_random(&r) == 0.6229016948897019);
    assert_true(gs_pyrandom_random(&r) == 0.7417869892607294);
    gs_pyrandom_seed_int(&r, -5);
    assert_true(gs_pyrandom_random(&r) == 0.6229016948897019);
    assert_true(gs_pyrandom_random(&r) == 0.7417869892607294);
    /* Two 32-bit words, and the edges of one. */
    gs_pyrandom_seed_int(&r, ((int64_t)1 << 40) + 3);
    assert_true(gs_pyrandom_random(&r) == 0.21978710637116716);
    gs_pyrandom_seed_int(&r, (int64_t)1 << 32);
    assert_true(gs_pyrandom_random(&r) == 0.11299430095636409);
    gs_pyrandom_seed_int(&r, ((int64_t)1 << 32) - 1);
    assert_true(gs_pyrandom_random(&r) == 0.6353574441341173);
    gs_pyrandom_seed_int(&r, INT64_MIN);   /* -2**63 */
    assert_true(gs_pyrandom_random(&r) == 0.5534639983914199);
    /* Strings: empty, long (a key of 266 words), not ASCII (UTF-8). */
    gs_pyrandom_seed_str(&r, "");
    assert_true(gs_pyrandom_random(&r) == 0.9602256525641875);
    assert_true(gs_pyrandom_random(&r) == 0.595411957851699);
    assert_true(gs_pyrandom_random(&r) == 0.3880117152955401);
    char longs[1001];
    memset(longs, 'a', 1000);
    longs[1000] = '\0';
    gs_pyrandom_seed_str(&r, longs);
    assert_true(gs_pyrandom_random(&r) == 0.9691624635987768);
    gs_pyrandom_seed_str(&r, "\xc3\xbc");   /* 'ü' */
    assert_true(gs_pyrandom_random(&r) == 0.18612139612298584);
    /* The 1000th random() after seed(0): two regenerations of the state. */
    gs_pyrandom_seed_int(&r, 0);
    for (int i = 0; i < 999; i++)
        gs_pyrandom_random(&r);
    assert_true(gs_pyrandom_random(&r) == 0.4804125346981437);
    /* A large negative seed. */
    gs_pyrandom_seed_int(&r, -12345678901234);
    assert_true(gs_pyrandom_random(&r) == 0.02504137575317178);
    assert_true(gs_pyrandom_random(&r) == 0.14532691110186335);
}

static void test_random_bits_and_below(void **unused)
{
    (void)unused;
    gs_pyrandom r;
    /* random.seed(0); [random.randrange(10) for _ in range(10)] */
    static const int tens[10] = {6, 6, 0, 4, 8, 7, 6, 4, 7, 5};
    gs_pyrandom_seed_int(&r, 0);
    for (int i = 0; i < 10; i++)
        assert_int_equal(gs_pyrandom_below(&r, 10), tens[i]);
    /* random.seed(7); [random.getrandbits(1 + 7 * i) for i in range(5)] */
    static const uint32_t bits[5] = {0, 242, 4943, 1656009, 349467786};
    gs_pyrandom_seed_int(&r, 7);
    for (int i = 0; i < 5; i++)
        assert_int_equal(gs_pyrandom_getrandbits(&r, 1 + 7 * i), bits[i]);
    /* random.seed(5); [random.randrange(1) for _ in range(3)] (each draws
     * getrandbits(1) until it is 0), then three randrange(2**31 - 1). */
    static const int big[3] = {1804633855, 999917037, 1666358331};
    gs_pyrandom_seed_int(&r, 5);
    for (int i = 0; i < 3; i++)
        assert_int_equal(gs_pyrandom_below(&r, 1), 0);
    for (int i = 0; i < 3; i++)
        assert_int_equal(gs_pyrandom_below(&r, 2147483647), big[i]);
    /* getrandbits(32) is a whole output; random() uses two. */
    gs_pyrandom a, b;
    gs_pyrandom_seed_int(&a, 99);
    gs_pyrandom_seed_int(&b, 99);
    uint32_t hi = gs_pyrandom_getrandbits(&a, 32);
    uint32_t lo = gs_pyrandom_getrandbits(&a, 32);
    double expect = ((double)(hi >> 5) * 67108864.0 + (double)(lo >> 6)) /
                    9007199254740992.0;
    assert_true(gs_pyrandom_random(&b) == expect);
}

/* ---- Layouts ------------------------------------------------------------ */

static void expect_layout_error(const char *text, size_t len, int status,
                                int line, int column, const char *message)
{
    gs_pac_layout *lay = (gs_pac_layout *)(uintptr_t)1;
    gs_error err;
    track t;
    gs_allocator a = tracker(&t);
    int rc = gs_pac_layout_parse(text, len, &a, &lay, &err);
    if (rc != status)
        fail_msg("status %d, expected %d (%d:%d: %s)", rc, status, err.line,
                 err.column, err.message);
    assert_null(lay);
    assert_int_equal(t.live, 0);
    assert_int_equal(err.line, line);
    assert_int_equal(err.column, column);
    assert_string_equal(err.message, message);
}

static void expect_error(const char *text, int line, int column,
                         const char *message)
{
    expect_layout_error(text, strlen(text), GS_EPARSE, line, column, message);
}

static void test_layout_errors(void **unused)
{
    (void)unused;
    expect_error("", 0, 0, "empty layout");
    expect_error("\n  \n\t\r\n", 0, 0, "empty layout");
    expect_error("%%%%%\n%P.P%\n%%%%%\n", 2, 4,
                 "the layout has 2 Pacmen (the second at line 2, column 4)");
    expect_error("%%%%%%\n%P..%%\n%.P.G%\n%%%%%%\n", 3, 3,
                 "the layout has 2 Pacmen (the second at line 3, column 3)");
    expect_error("%%%%%\n%P.x%\n%%%%%\n", 2, 4,
                 "unexpected character 'x' (a layout holds '%', '.', 'o', "
                 "'P', 'G', '1'-'4' and spaces)");
    expect_error("%%%%%\n%P.5%\n%%%%%\n", 2, 4,
                 "unexpected character '5' (a layout holds '%', '.', 'o', "
                 "'P', 'G', '1'-'4' and spaces)");
    expect_error("%%%%%\n%P\t.%\n%%%%%\n", 2, 3, "unexpected byte 0x09");
    expect_error("%%%%%\n%P.\r%\n%%%%%\n", 2, 4, "unexpected byte 0x0d");
    expect_error("%%%%%\n%P.\xff%\n%%%%%\n", 2, 4, "unexpected byte 0xff");
    static const char nul[] = "%%%%\n%P\0.%\n%%%%\n";
    expect_layout_error(nul, sizeof nul - 1, GS_EPARSE, 2, 3,
                        "unexpected byte 0x00");
    expect_error("%%%%%\n%P.%\n%%%%%\n", 2, 5,
                 "row 2 is 4 characters long, the first row 5");
    expect_error("%%%%%\n%P..%\n%%%%%.%\n", 3, 6,
                 "row 3 is 7 characters long, the first row 5, and only "
                 "walls may stand past its end");
    expect_error("%%%%%\n%P..%o\n%%%%%\n", 2, 6,
                 "row 2 is 6 characters long, the first row 5, and only "
                 "walls may stand past its end");
    expect_error("%%%%\n%P.%\n\n%%%%\n", 3, 1,
                 "row 3 is 0 characters long, the first row 4");
    expect_error("%%%%\n%P %\n%%%%\n", 0, 0, "the layout has no food ('.')");
    expect_error("%%%%\n%. %\n%%%%\n", 0, 0, "the layout has no Pacman ('P')");
    /* Food Pacman can never reach: the game could never be won. The first
     * such dot in the file's order is named; capsules and ghosts out of his
     * reach are fine. */
    expect_error("%%%%%\n%P%.%\n%%%%%\n", 2, 4,
                 "Pacman cannot reach the food at line 2, column 4 (walls cut "
                 "it off): the game could never be won");
    expect_error("\n%%%%%%\n%.%o.%\n%%%%%%\n%P..G%\n%%%%%%\n", 3, 2,
                 "Pacman cannot reach the food at line 3, column 2 (walls cut "
                 "it off): the game could never be won");
    gs_pac_layout *walled = parse_ok("%%%%%%%\n%P.%oG%\n%%%%%%%\n");
    gs_pac_layout_free(walled);
    /* Blank lines before the first row: lines still count. */
    expect_error("\n\n%%%%\n%Px%\n", 4, 3,
                 "unexpected character 'x' (a layout holds '%', '.', 'o', "
                 "'P', 'G', '1'-'4' and spaces)");
    /* 17 ghosts: the 17th at column 18. */
    expect_error("%%%%%%%%%%%%%%%%%%%%%\n%GGGGGGGG1234GGGGGP.%\n", 2, 18,
                 "the layout has more than 16 ghosts (the 17th at line 2, "
                 "column 18)");

    /* Too wide, too tall, too big. */
    char *big = malloc(((size_t)1 << 20) + 2);
    assert_non_null(big);
    memset(big, '%', 300);
    big[300] = '\n';
    expect_layout_error(big, 301, GS_EPARSE, 1, 257,
                        "row 1 is longer than 256 characters: a layout is at "
                        "most 256 cells wide");
    size_t n = 0;
    for (int row = 0; row < 257; row++) {
        memcpy(big + n, row == 1 ? "%P.%\n" : "%..%\n", 5);
        n += 5;
    }
    expect_layout_error(big, n, GS_EPARSE, 257, 1,
                        "the layout has more than 256 rows: a layout is at "
                        "most 256 cells high");
    /* 256 x 256 is the largest maze. */
    n = 0;
    for (int row = 0; row < 256; row++) {
        memset(big + n, '.', 256);
        if (row == 0)
            big[n] = 'P';
        n += 256;
        big[n++] = '\n';
    }
    gs_pac_layout *lay = NULL;
    assert_int_equal(gs_pac_layout_parse(big, n, NULL, &lay, NULL), GS_OK);
    assert_int_equal(gs_pac_layout_width(lay), 256);
    assert_int_equal(gs_pac_layout_height(lay), 256);
    gs_pac_layout_free(lay);
    memset(big, '.', ((size_t)1 << 20) + 1);
    expect_layout_error(big, ((size_t)1 << 20) + 1, GS_ETOOBIG, 0, 0,
                        "the layout is larger than 1 MiB");
    free(big);

    /* Bad arguments. */
    gs_error err;
    assert_int_equal(gs_pac_layout_parse("x", 1, NULL, NULL, &err), GS_EINVAL);
    lay = NULL;
    assert_int_equal(gs_pac_layout_parse(NULL, 3, NULL, &lay, &err),
                     GS_EINVAL);
    assert_int_equal(gs_pac_layout_parse(NULL, 0, NULL, &lay, &err),
                     GS_EPARSE);
    assert_string_equal(err.message, "empty layout");
}

static void test_layout_accepts(void **unused)
{
    (void)unused;
    /* CRLF, trailing white space and blank lines around the maze. */
    const char *text = "\n\r\n%%%%%  \r\n%P.G%\t\r\n%%%%%\r\n\n \n";
    gs_pac_layout *lay = parse_ok(text);
    assert_int_equal(gs_pac_layout_width(lay), 5);
    assert_int_equal(gs_pac_layout_height(lay), 3);
    assert_int_equal(gs_pac_layout_num_ghosts(lay), 1);
    assert_true(gs_pac_layout_wall(lay, 0, 0));
    assert_false(gs_pac_layout_wall(lay, 2, 1));
    assert_true(gs_pac_layout_wall(lay, -1, 1));   /* off the maze */
    assert_true(gs_pac_layout_wall(lay, 5, 1));
    assert_true(gs_pac_layout_wall(lay, 1, 3));
    gs_pac_layout_free(lay);
    gs_pac_layout_free(NULL);

    /* A longer row may hold walls past the first row's end: ignored. */
    lay = parse_ok("%%%%\n%P.%%%\n%%%%%\n");
    assert_int_equal(gs_pac_layout_width(lay), 4);
    assert_int_equal(gs_pac_layout_height(lay), 3);
    gs_pac_layout_free(lay);

    /* No border walls: off the maze counts as wall. Digits are ghosts. */
    gs_pacman *w = world_of("P.1\n", 4);
    assert_int_equal(gs_pacman_num_agents(w), 2);
    void *s = new_state(w);
    expect_legal(w, s, 0, "Stop East");
    play(w, s, 0, "East");
    assert_int_equal(gs_pacman_score(w, s), 509);
    assert_true(gs_pacman_is_win(w, s));
    free(s);
    gs_pacman_free(w);
    gs_pacman_free(NULL);
}

/* Plays up to `moves` random legal moves from the start, checking that
 * every legal action applies, that agents stay off walls, that the turn
 * passes and that a finished game refuses moves. */
static void random_playout(const gs_pacman *w, uint64_t *seed, int moves)
{
    void *s = new_state(w);
    int n = gs_pacman_num_agents(w);
    for (int m = 0; m < moves; m++) {
        int agent = gs_pacman_to_move(w, s);
        assert_true(agent >= 0 && agent < n);
        int a[GS_PAC_NUM_DIRS];
        int k = gs_pacman_legal(w, s, agent, a);
        if (gs_pacman_is_win(w, s) || gs_pacman_is_lose(w, s)) {
            assert_int_equal(k, 0);
            assert_int_equal(gs_pacman_apply(w, s, agent, GS_PAC_STOP),
                             GS_EINVAL);
            break;
        }
        int action = k ? a[rng_next(seed) % (uint64_t)k] : GS_PAC_STOP;
        assert_int_equal(gs_pacman_apply(w, s, agent, action), GS_OK);
        assert_int_equal(gs_pacman_to_move(w, s), (agent + 1) % n);
        for (int i = 0; i < n; i++) {
            int x2, y2;
            gs_pacman_position(w, s, i, &x2, &y2);
            assert_true(x2 >= 0 && y2 >= 0 && x2 < 2 * gs_pacman_width(w) &&
                        y2 < 2 * gs_pacman_height(w));
            /* The cells an agent touches are never walls. */
            assert_false(gs_pacman_wall(w, x2 / 2, y2 / 2));
            assert_false(gs_pacman_wall(w, (x2 + 1) / 2, (y2 + 1) / 2));
        }
    }
    free(s);
}

/* Random bytes and random mazes: refused cleanly or played safely. */
static void test_layout_junk(void **unused)
{
    (void)unused;
    static const char alphabet[] = "%%%%.... oPG1234\n";
    static const char maze[] = "%%%%%.....o";   /* no trailing spaces */
    uint64_t seed = 1234;
    char buf[400];
    int accepted = 0;
    for (int round = 0; round < 3000; round++) {
        size_t len = (size_t)(rng_next(&seed) % sizeof buf);
        int mode = round % 3;
        int width = 1 + (int)(rng_next(&seed) % 12);
        if (mode == 2)   /* whole rows */
            len -= len % (size_t)(width + 1);
        for (size_t i = 0; i < len; i++) {
            uint64_t r = rng_next(&seed);
            if (mode == 0)
                buf[i] = (char)(r & 0xff);                   /* any bytes */
            else if (mode == 1)
                buf[i] = alphabet[r % (sizeof alphabet - 1)];
            else                                             /* rows */
                buf[i] = (i % (size_t)(width + 1) == (size_t)width)
                             ? '\n'
                             : maze[r % (sizeof maze - 1)];
        }
        if (mode == 2 && len > 3) {
            /* A Pacman and a few ghosts, so that most are accepted. */
            for (int k = 0; k < 6; k++) {
                size_t at = (size_t)(rng_next(&seed) % len);
                while (buf[at] == '\n')
                    at = (at + 1) % len;
                buf[at] = "PG1234"[k];
            }
        }
        gs_pac_layout *lay = NULL;
        gs_error err;
        track t;
        gs_allocator a = tracker(&t);
        int rc = gs_pac_layout_parse(buf, len, &a, &lay, &err);
        /* Food walled off from Pacman: the position named holds that dot;
         * walled in, the maze is tried again, so that many are played. */
        while (rc == GS_EPARSE && strstr(err.message, "cannot reach")) {
            assert_int_equal(t.live, 0);
            size_t at = 0;
            for (int line = 1; line < err.line; at++)
                line += buf[at] == '\n';
            at += (size_t)err.column - 1;
            assert_true(at < len && buf[at] == '.');
            buf[at] = '%';
            rc = gs_pac_layout_parse(buf, len, &a, &lay, &err);
        }
        assert_true(rc == GS_OK || rc == GS_EPARSE);
        if (rc == GS_EPARSE) {
            assert_null(lay);
            assert_true(err.message[0] != '\0');
            assert_true(err.line >= 0 && err.column >= 0);
            assert_int_equal(t.live, 0);
            continue;
        }
        accepted++;
        for (int k = 0; k <= 2; k++) {
            gs_pacman *w = NULL;
            assert_int_equal(gs_pacman_new(lay, k * 8, &a, &w), GS_OK);
            random_playout(w, &seed, 300);
            gs_pacman_free(w);
        }
        gs_pac_layout_free(lay);
        assert_int_equal(t.live, 0);
    }
    assert_true(accepted > 500);
}

static void test_allocation_failure(void **unused)
{
    (void)unused;
    const char *text = "%%%%%%\n%P.oG%\n%%%%%%\n";
    bool done = false;
    for (long n = 1; !done; n++) {
        track t;
        gs_allocator a = tracker(&t);
        t.fail_at = n;
        gs_pac_layout *lay = NULL;
        gs_pacman *w = NULL;
        int rc = gs_pac_layout_parse(text, strlen(text), &a, &lay, NULL);
        if (rc == GS_OK)
            rc = gs_pacman_new(lay, 4, &a, &w);
        if (rc == GS_OK) {
            done = true;
            assert_int_equal(t.failed, 0);
            /* three allocations (the layout, the scratch of its
             * reachability check, the world), then success */
            assert_int_equal(n, 4);
            void *s = new_state(w);
            play(w, s, 0, "East");
            assert_int_equal(gs_pacman_score(w, s), 509);
            free(s);
        } else {
            assert_int_equal(rc, GS_ENOMEM);
            assert_int_equal(t.failed, 1);
            assert_null(w);
        }
        gs_pacman_free(w);
        gs_pac_layout_free(lay);
        assert_int_equal(t.live, 0);
    }
    gs_pac_layout *lay = parse_ok(text);
    gs_pacman *w = (gs_pacman *)(uintptr_t)1;
    assert_int_equal(gs_pacman_new(lay, -1, NULL, &w), GS_EINVAL);
    assert_null(w);
    assert_int_equal(gs_pacman_new(NULL, 1, NULL, &w), GS_EINVAL);
    assert_int_equal(gs_pacman_new(lay, 1, NULL, NULL), GS_EINVAL);
    gs_pac_layout_free(lay);
}

static void test_dir_names(void **unused)
{
    (void)unused;
    static const char *names[] = {"West", "Stop", "East", "North", "South"};
    for (int d = 0; d < GS_PAC_NUM_DIRS; d++) {
        assert_string_equal(gs_pac_dir_name(d), names[d]);
        assert_int_equal(gs_pac_dir_parse(names[d]), d);
    }
    assert_int_equal(GS_PAC_WEST, 0);
    assert_int_equal(GS_PAC_SOUTH, 4);
    assert_null(gs_pac_dir_name(-1));
    assert_null(gs_pac_dir_name(5));
    assert_int_equal(gs_pac_dir_parse("north"), GS_PAC_NORTH);
    assert_int_equal(gs_pac_dir_parse("SOUTH"), GS_PAC_SOUTH);
    assert_int_equal(gs_pac_dir_parse("Sout"), -1);
    assert_int_equal(gs_pac_dir_parse("Southh"), -1);
    assert_int_equal(gs_pac_dir_parse(""), -1);
    assert_int_equal(gs_pac_dir_parse(NULL), -1);
}

/* ---- Rules, worked out by hand (and confirmed against pacman.py) -------- */

static void test_food_and_win(void **unused)
{
    (void)unused;
    gs_pacman *w = world_of("%%%%%\n"
                            "%P..%\n"
                            "%%%%%\n", 4);
    assert_int_equal(gs_pacman_num_agents(w), 1);
    void *s = new_state(w);
    assert_int_equal(gs_pacman_food_left(w, s), 2);
    assert_true(gs_pacman_food(w, s, 2, 1));
    expect_legal(w, s, 0, "Stop East");
    play(w, s, 0, "East");          /* +10 food, -1 time */
    assert_int_equal(gs_pacman_score(w, s), 9);
    assert_false(gs_pacman_food(w, s, 2, 1));
    assert_int_equal(gs_pacman_food_left(w, s), 1);
    expect_agent(w, s, 0, 4, 2, "East", 0);
    play(w, s, 0, "Stop");          /* -1; Stop keeps the direction */
    assert_int_equal(gs_pacman_score(w, s), 8);
    expect_agent(w, s, 0, 4, 2, "East", 0);
    play(w, s, 0, "East");          /* +10, +500 for the last food, -1 */
    assert_int_equal(gs_pacman_score(w, s), 517);
    assert_true(gs_pacman_is_win(w, s));
    assert_false(gs_pacman_is_lose(w, s));
    assert_int_equal(gs_pacman_food_left(w, s), 0);
    expect_legal(w, s, 0, "");
    void *before = copy_state(w, s);
    assert_int_equal(gs_pacman_apply(w, s, 0, GS_PAC_STOP), GS_EINVAL);
    assert_memory_equal(s, before, gs_pacman_state_size(w));
    free(before);
    free(s);
    gs_pacman_free(w);
}

static void test_illegal_actions(void **unused)
{
    (void)unused;
    gs_pacman *w = world_of("%%%%%%\n"
                            "%P G.%\n"
                            "%%%%%%\n", 4);
    void *s = new_state(w);
    void *before = copy_state(w, s);
    size_t size = gs_pacman_state_size(w);
    /* Into a wall, out of range, the wrong agent. */
    assert_int_equal(gs_pacman_apply(w, s, 0, GS_PAC_WEST), GS_EINVAL);
    assert_int_equal(gs_pacman_apply(w, s, 0, GS_PAC_NORTH), GS_EINVAL);
    assert_int_equal(gs_pacman_apply(w, s, 0, -1), GS_EINVAL);
    assert_int_equal(gs_pacman_apply(w, s, 0, 5), GS_EINVAL);
    assert_int_equal(gs_pacman_apply(w, s, 1, GS_PAC_WEST), GS_EINVAL);
    assert_int_equal(gs_pacman_apply(w, s, 2, GS_PAC_WEST), GS_EINVAL);
    assert_int_equal(gs_pacman_apply(w, s, -1, GS_PAC_WEST), GS_EINVAL);
    assert_memory_equal(s, before, size);
    /* Stop is always legal for Pacman, never for a ghost. */
    expect_legal(w, s, 0, "Stop East");
    play(w, s, 0, "Stop");
    assert_int_equal(gs_pacman_score(w, s), -1);
    assert_int_equal(gs_pacman_to_move(w, s), 1);
    expect_legal(w, s, 1, "West East");
    memcpy(before, s, size);
    assert_int_equal(gs_pacman_apply(w, s, 1, GS_PAC_STOP), GS_EINVAL);
    assert_int_equal(gs_pacman_apply(w, s, 1, GS_PAC_NORTH), GS_EINVAL);
    assert_int_equal(gs_pacman_apply(w, s, 0, GS_PAC_STOP), GS_EINVAL);
    assert_memory_equal(s, before, size);
    free(before);
    free(s);
    gs_pacman_free(w);
}

static void test_death(void **unused)
{
    (void)unused;
    /* A ghost walks into Pacman: -500 and the loss. */
    gs_pacman *w = world_of("%%%%%%\n"
                            "%P G.%\n"
                            "%%%%%%\n", 4);
    void *s = new_state(w);
    play(w, s, 0, "East");
    assert_int_equal(gs_pacman_score(w, s), -1);
    assert_false(gs_pacman_is_lose(w, s));   /* a cell apart: alive */
    play(w, s, 1, "West");
    assert_int_equal(gs_pacman_score(w, s), -501);
    assert_true(gs_pacman_is_lose(w, s));
    assert_false(gs_pacman_is_win(w, s));
    expect_legal(w, s, 0, "");
    expect_legal(w, s, 1, "");
    free(s);
    gs_pacman_free(w);

    /* Pacman walks into a ghost. */
    w = world_of("%%%%%\n"
                 "%PG.%\n"
                 "%%%%%\n", 4);
    s = new_state(w);
    play(w, s, 0, "East");
    assert_int_equal(gs_pacman_score(w, s), -501);
    assert_true(gs_pacman_is_lose(w, s));
    free(s);
    gs_pacman_free(w);

    /* Two ghosts on one cell: each collides, -500 each. */
    w = world_of("%%%%%\n"
                 "%%G%%\n"
                 "%P G%\n"
                 "%%.%%\n"
                 "%%%%%\n", 4);
    s = new_state(w);
    expect_agent(w, s, 1, 4, 6, "Stop", 0);   /* (2, 3) before (3, 2) */
    expect_agent(w, s, 2, 6, 4, "Stop", 0);
    play(w, s, 0, "Stop");
    expect_legal(w, s, 1, "South");
    play(w, s, 1, "South");
    expect_legal(w, s, 2, "West");
    play(w, s, 2, "West");
    assert_int_equal(gs_pacman_score(w, s), -1);
    assert_false(gs_pacman_is_lose(w, s));
    play(w, s, 0, "East");
    assert_int_equal(gs_pacman_score(w, s), -1002);
    assert_true(gs_pacman_is_lose(w, s));
    free(s);
    gs_pacman_free(w);
}

static void test_last_food_on_ghost(void **unused)
{
    (void)unused;
    /* The ghost stands on the last food; Pacman eats it there: he wins,
     * and the ghost no longer costs him 500. */
    gs_pacman *w = world_of("%%%%%%\n"
                            "%P.G %\n"
                            "%%%%%%\n", 4);
    void *s = new_state(w);
    play(w, s, 0, "Stop");
    play(w, s, 1, "West");
    expect_agent(w, s, 1, 4, 2, "West", 0);
    assert_int_equal(gs_pacman_score(w, s), -1);
    play(w, s, 0, "East");
    assert_int_equal(gs_pacman_score(w, s), 508);
    assert_true(gs_pacman_is_win(w, s));
    assert_false(gs_pacman_is_lose(w, s));
    free(s);
    gs_pacman_free(w);
}

static void test_scared_ghost_and_timer(void **unused)
{
    (void)unused;
    /* Two capsules; the ghost paces a two-cell corridor of its own. */
    gs_pacman *w = world_of("%%%%%%%%%\n"
                            "%Poo.%G %\n"
                            "%%%%%%%%%\n", 4);
    void *s = new_state(w);
    assert_int_equal(gs_pacman_capsules_left(w, s), 2);
    play(w, s, 0, "East");                       /* the first capsule */
    assert_int_equal(gs_pacman_score(w, s), -1);
    assert_int_equal(gs_pacman_capsules_left(w, s), 1);
    assert_false(gs_pacman_capsule(w, s, 2, 1));
    assert_true(gs_pacman_capsule(w, s, 3, 1));
    expect_agent(w, s, 1, 12, 2, "Stop", 40);
    assert_int_equal(gs_pacman_scared(w, s, 0), 0);
    expect_legal(w, s, 1, "East");
    play(w, s, 1, "East");                       /* half a cell */
    expect_agent(w, s, 1, 13, 2, "East", 39);
    expect_legal(w, s, 1, "East");               /* between cells */
    play(w, s, 0, "Stop");
    expect_agent(w, s, 1, 13, 2, "East", 39);    /* only its own moves count */
    play(w, s, 1, "East");
    expect_agent(w, s, 1, 14, 2, "East", 38);
    play(w, s, 0, "Stop");
    expect_legal(w, s, 1, "West");               /* a dead end: reverse */
    play(w, s, 1, "West");
    expect_agent(w, s, 1, 13, 2, "West", 37);
    play(w, s, 0, "East");                       /* the second capsule */
    expect_agent(w, s, 1, 13, 2, "West", 40);
    assert_int_equal(gs_pacman_score(w, s), -4);
    assert_int_equal(gs_pacman_capsules_left(w, s), 0);

    /* 40 more ghost moves, half a cell each, from x = 6.5 going West: the
     * ghost paces 6 .. 7; the 40th takes it from 7 West to 6.5 with the
     * timer at 1, and the nearest cell of 6.5 is 7 (a half rounds up). */
    static const int x2_after[4] = {13, 12, 13, 14};   /* k % 4 */
    for (int k = 1; k <= 42; k++) {
        int a[GS_PAC_NUM_DIRS];
        assert_int_equal(gs_pacman_legal(w, s, 1, a), 1);
        assert_int_equal(gs_pacman_apply(w, s, 1, a[0]), GS_OK);
        int x2, y2;
        gs_pacman_position(w, s, 1, &x2, &y2);
        assert_int_equal(y2, 2);
        if (k < 40) {
            assert_int_equal(x2, x2_after[k % 4]);
            assert_int_equal(gs_pacman_scared(w, s, 1), 40 - k);
        } else if (k == 40) {
            expect_agent(w, s, 1, 14, 2, "West", 0);
        } else if (k == 41) {
            expect_agent(w, s, 1, 12, 2, "West", 0);   /* full speed again */
        } else {
            expect_agent(w, s, 1, 14, 2, "East", 0);
        }
        assert_int_equal(gs_pacman_score(w, s), -4 - (k - 1));
        play(w, s, 0, "Stop");
    }
    assert_int_equal(gs_pacman_score(w, s), -46);
    free(s);
    gs_pacman_free(w);
}

static void test_eat_scared_ghost(void **unused)
{
    (void)unused;
    /* The scared ghost steps half a cell into Pacman: +200, home again. */
    gs_pacman *w = world_of("%%%%%%%\n"
                            "%.PoG %\n"
                            "%%%%%%%\n", 4);
    void *s = new_state(w);
    play(w, s, 0, "East");
    assert_int_equal(gs_pacman_score(w, s), -1);
    expect_agent(w, s, 1, 8, 2, "Stop", 40);
    play(w, s, 1, "West");
    assert_int_equal(gs_pacman_score(w, s), 199);
    assert_false(gs_pacman_is_lose(w, s));
    expect_agent(w, s, 1, 8, 2, "Stop", 0);
    /* Home, timer 0: Pacman is a cell away and the ghost is dangerous. */
    expect_legal(w, s, 1, "West East");
    free(s);
    gs_pacman_free(w);

    /* Pacman steps onto a scared ghost half a cell away. */
    w = world_of("%%%%%%%\n"
                 "%.Po G%\n"
                 "%%%%%%%\n", 4);
    s = new_state(w);
    play(w, s, 0, "East");
    expect_legal(w, s, 1, "West");
    play(w, s, 1, "West");
    expect_agent(w, s, 1, 9, 2, "West", 39);
    play(w, s, 0, "East");
    assert_int_equal(gs_pacman_score(w, s), 198);
    expect_agent(w, s, 1, 10, 2, "Stop", 0);
    free(s);
    gs_pacman_free(w);
}

static void test_ghost_moves(void **unused)
{
    (void)unused;
    gs_pacman *w = world_of("%%%%%%\n"
                            "%G  .%\n"
                            "%%% %%\n"
                            "%%%P%%\n"
                            "%%%%%%\n", 4);
    void *s = new_state(w);
    expect_legal(w, s, 0, "Stop North");
    expect_legal(w, s, 1, "East");
    play(w, s, 0, "Stop");
    play(w, s, 1, "East");
    /* West is open but the reverse of its way: gone. */
    expect_legal(w, s, 1, "East");
    play(w, s, 0, "North");
    expect_legal(w, s, 0, "Stop North South");
    play(w, s, 1, "East");
    /* At the junction: on, or turn; not back. */
    play(w, s, 0, "Stop");
    expect_legal(w, s, 1, "East South");
    play(w, s, 1, "East");
    expect_agent(w, s, 1, 8, 6, "East", 0);
    assert_true(gs_pacman_food(w, s, 4, 3));     /* ghosts eat nothing */
    play(w, s, 0, "Stop");
    expect_legal(w, s, 1, "West");               /* the dead end */
    play(w, s, 1, "West");
    expect_agent(w, s, 1, 6, 6, "West", 0);
    assert_int_equal(gs_pacman_score(w, s), -4);
    free(s);
    gs_pacman_free(w);
}

/* -k keeps the first k ghosts in pacman.py's order: kind ('G' and '1'
 * first, then '2', '3', '4'), then x, then y. */
static void test_ghost_order(void **unused)
{
    (void)unused;
    static const char *text = "%%%%%%%%\n"
                              "%%%%%%%%\n"
                              "%3.2G1P%\n"
                              "%G     %\n"
                              "%%%%%%%%\n";
    static const int order[5][2] = {{1, 1}, {4, 2}, {5, 2}, {3, 2}, {1, 2}};
    gs_pac_layout *lay = parse_ok(text);
    assert_int_equal(gs_pac_layout_num_ghosts(lay), 5);
    gs_pac_layout_free(lay);
    static const int ks[] = {0, 1, 2, 3, 5, 9};
    for (size_t i = 0; i < sizeof ks / sizeof *ks; i++) {
        gs_pacman *w = world_of(text, ks[i]);
        int n = ks[i] < 5 ? ks[i] : 5;
        assert_int_equal(gs_pacman_num_agents(w), 1 + n);
        void *s = new_state(w);
        expect_agent(w, s, 0, 12, 4, "Stop", 0);
        for (int g = 0; g < n; g++)
            expect_agent(w, s, 1 + g, 2 * order[g][0], 2 * order[g][1],
                         "Stop", 0);
        free(s);
        gs_pacman_free(w);
    }
}

/* ---- Ghost agents ------------------------------------------------------- */

/* Distributions printed by pacman.py's DirectionalGhost.getDistribution
 * (repr of each value) on these positions. */
static void test_directional_distribution(void **unused)
{
    (void)unused;
    static const char *plus = "%%%%%%%\n"
                              "%.....%\n"
                              "%.%.%.%\n"
                              "%..G..%\n"
                              "%.%.%.%\n"
                              "%..o..%\n"
                              "%..P..%\n"
                              "%%%%%%%\n";
    gs_pacman *w = world_of(plus, 1);
    void *s = new_state(w);
    int a[GS_PAC_NUM_DIRS];
    double p[GS_PAC_NUM_DIRS];
    play(w, s, 0, "Stop");
    /* Four ways, South nearest to Pacman: 0.8 + 0.2/4 and 0.2/4 (1 - 0.8
     * is 0.19999999999999996), normalised by a total summed South first. */
    assert_int_equal(gs_pacman_ghost_distribution(
                         w, s, 1, GS_PAC_DIRECTIONAL_GHOST, a, p), 4);
    assert_int_equal(a[0], GS_PAC_WEST);
    assert_int_equal(a[1], GS_PAC_EAST);
    assert_int_equal(a[2], GS_PAC_NORTH);
    assert_int_equal(a[3], GS_PAC_SOUTH);
    assert_true(p[0] == 0.049999999999999975);
    assert_true(p[1] == 0.049999999999999975);
    assert_true(p[2] == 0.049999999999999975);
    assert_true(p[3] == 0.8499999999999999);
    /* They sum (East, North, South, West) to 0.9999999999999998, not 1. */
    assert_true(((p[1] + p[2]) + p[3]) + p[0] == 0.9999999999999998);
    /* RandomGhost: 1/4 each. */
    assert_int_equal(gs_pacman_ghost_distribution(w, s, 1,
                                                  GS_PAC_RANDOM_GHOST, a, p),
                     4);
    for (int i = 0; i < 4; i++)
        assert_true(p[i] == 0.25);
    free(s);

    /* Scared (Pacman took the capsule): half-cell steps, the farthest are
     * best: West, East and North tie at 2.5, South is 1.5 away. */
    s = new_state(w);
    play(w, s, 0, "North");
    assert_int_equal(gs_pacman_scared(w, s, 1), 40);
    assert_int_equal(gs_pacman_ghost_distribution(
                         w, s, 1, GS_PAC_DIRECTIONAL_GHOST, a, p), 4);
    assert_true(p[0] == 0.31666666666666665);
    assert_true(p[1] == 0.31666666666666665);
    assert_true(p[2] == 0.31666666666666665);
    assert_true(p[3] == 0.04999999999999999);
    play(w, s, 1, "West");
    play(w, s, 0, "Stop");
    /* Between cells: one way, probability 0.8 + 0.19999999999999996. */
    assert_int_equal(gs_pacman_ghost_distribution(
                         w, s, 1, GS_PAC_DIRECTIONAL_GHOST, a, p), 1);
    assert_int_equal(a[0], GS_PAC_WEST);
    assert_true(p[0] == 1.0);
    free(s);
    gs_pacman_free(w);

    /* Two ways, West nearer: 0.9 and 0.09999999999999998. */
    static const char *two = "%%%%%%%\n"
                             "%o....%\n"
                             "%.%%%.%\n"
                             "%..G..%\n"
                             "%.%%%.%\n"
                             "%P....%\n"
                             "%%%%%%%\n";
    w = world_of(two, 1);
    s = new_state(w);
    play(w, s, 0, "Stop");
    assert_int_equal(gs_pacman_ghost_distribution(
                         w, s, 1, GS_PAC_DIRECTIONAL_GHOST, a, p), 2);
    assert_int_equal(a[0], GS_PAC_WEST);
    assert_int_equal(a[1], GS_PAC_EAST);
    assert_true(p[0] == 0.9);
    assert_true(p[1] == 0.09999999999999998);
    assert_int_equal(gs_pacman_ghost_distribution(w, s, 1,
                                                  GS_PAC_RANDOM_GHOST, a, p),
                     2);
    assert_true(p[0] == 0.5 && p[1] == 0.5);
    /* random.seed(0): the first random() is 0.844...: past East's share
     * (East sorts first) either way, so both ghosts go West; a draw each. */
    gs_pyrandom r, check;
    gs_pyrandom_seed_int(&r, 0);
    assert_int_equal(gs_pacman_ghost_action(w, s, 1, GS_PAC_RANDOM_GHOST, &r),
                     GS_PAC_WEST);
    assert_int_equal(
        gs_pacman_ghost_action(w, s, 1, GS_PAC_DIRECTIONAL_GHOST, &r),
        GS_PAC_WEST);                    /* 0.7579... > 0.0999... */
    assert_true(gs_pyrandom_random(&r) == 0.420571580830845);
    /* 0.42 of the uniform split: East. */
    gs_pyrandom_seed_int(&r, 0);
    gs_pyrandom_random(&r);
    gs_pyrandom_random(&r);
    assert_int_equal(gs_pacman_ghost_action(w, s, 1, GS_PAC_RANDOM_GHOST, &r),
                     GS_PAC_EAST);
    free(s);
    gs_pacman_free(w);

    /* A walled-in ghost has no move: Stop, and nothing is drawn. */
    w = world_of("%%%%%\n"
                 "%P.%%\n"
                 "%%%G%\n"
                 "%%%%%\n", 1);
    s = new_state(w);
    play(w, s, 0, "Stop");
    gs_pyrandom_seed_int(&r, 3);
    check = r;
    assert_int_equal(gs_pacman_ghost_distribution(
                         w, s, 1, GS_PAC_DIRECTIONAL_GHOST, a, p), 0);
    assert_int_equal(gs_pacman_ghost_action(w, s, 1, GS_PAC_RANDOM_GHOST, &r),
                     GS_PAC_STOP);
    assert_int_equal(
        gs_pacman_ghost_action(w, s, 1, GS_PAC_DIRECTIONAL_GHOST, &r),
        GS_PAC_STOP);
    assert_memory_equal(&r, &check, sizeof r);
    free(s);
    gs_pacman_free(w);
}

/* ---- Equality, hashing and the game -------------------------------------- */

static void test_state_equality(void **unused)
{
    (void)unused;
    gs_pacman *w = world_of("%%%%%%%\n"
                            "%P   .%\n"
                            "%%%%%%%\n", 0);
    void *a = new_state(w), *b = new_state(w), *c = new_state(w);
    assert_true(gs_pacman_state_equal(w, a, b));
    /* East then Stop, Stop then East: the same cell, direction (a Stop
     * keeps East) and score. */
    play(w, a, 0, "East");
    play(w, a, 0, "Stop");
    play(w, b, 0, "Stop");
    play(w, b, 0, "East");
    assert_true(gs_pacman_state_equal(w, a, b));
    assert_true(gs_pacman_state_hash(w, a) == gs_pacman_state_hash(w, b));
    /* East, West, East: the same cell and direction, one point less. */
    play(w, c, 0, "East");
    play(w, c, 0, "West");
    assert_false(gs_pacman_state_equal(w, a, c));
    play(w, c, 0, "East");
    assert_int_equal(gs_pacman_score(w, c), -3);
    assert_false(gs_pacman_state_equal(w, a, c));
    free(a);
    free(b);
    free(c);
    gs_pacman_free(w);

    /* Differing only in whose turn it is: equal, as in pacman.py (its
     * states do not record the turn). The walled-in ghost passes. */
    w = world_of("%%%%%\n"
                 "%P.%%\n"
                 "%%%G%\n"
                 "%%%%%\n", 1);
    a = new_state(w);
    play(w, a, 0, "Stop");
    b = copy_state(w, a);
    expect_legal(w, b, 1, "");
    assert_int_equal(gs_pacman_apply(w, b, 1, GS_PAC_WEST), GS_EINVAL);
    assert_int_equal(gs_pacman_apply(w, b, 1, GS_PAC_STOP), GS_OK);
    assert_int_equal(gs_pacman_to_move(w, a), 1);
    assert_int_equal(gs_pacman_to_move(w, b), 0);
    assert_true(gs_pacman_state_equal(w, a, b));
    assert_true(gs_pacman_state_hash(w, a) == gs_pacman_state_hash(w, b));
    /* The engine's hash tells them apart. */
    gs_game g;
    gs_pacman_game(w, &g);
    assert_true(g.hash(g.ctx, a) != g.hash(g.ctx, b));
    gs_action acts[GS_PAC_NUM_DIRS];
    assert_int_equal(g.actions(g.ctx, a, acts), 0);
    free(a);
    free(b);
    gs_pacman_free(w);

    /* Scared timers and capsules count. */
    w = world_of("%%%%%%%\n"
                 "%Po.G %\n"
                 "%%%%%%%\n", 1);
    a = new_state(w);
    b = new_state(w);
    play(w, a, 0, "East");
    assert_false(gs_pacman_state_equal(w, a, b));
    free(a);
    free(b);
    gs_pacman_free(w);
}

static void test_game_interface(void **unused)
{
    (void)unused;
    gs_pacman *w = world_of("%%%%%%%\n"
                            "%P..G %\n"
                            "%%%%%%%\n", 4);
    gs_game g;
    gs_pacman_game(w, &g);
    assert_int_equal(g.version, GS_GAME_VERSION);
    assert_ptr_equal(g.ctx, w);
    assert_int_equal(g.state_size, gs_pacman_state_size(w));
    assert_int_equal(g.num_agents, 2);
    assert_int_equal(g.max_actions, GS_PAC_NUM_DIRS);
    assert_int_equal(g.role(g.ctx, 0), GS_ROLE_MAX);
    assert_int_equal(g.role(g.ctx, 1), GS_ROLE_MIN);
    assert_null(g.probabilities);
    assert_false(g.has_bounds);
    void *s = new_state(w), *child = new_state(w);
    assert_int_equal(g.to_move(g.ctx, s), 0);
    assert_false(g.is_terminal(g.ctx, s));
    gs_action acts[GS_PAC_NUM_DIRS];
    assert_int_equal(g.actions(g.ctx, s, acts), 2);
    assert_int_equal(acts[0], GS_PAC_STOP);
    assert_int_equal(acts[1], GS_PAC_EAST);
    char name[16];
    assert_int_equal(g.action_name(g.ctx, s, GS_PAC_NORTH, name, sizeof name),
                     5);
    assert_string_equal(name, "North");
    g.apply(g.ctx, s, GS_PAC_EAST, child);
    assert_int_equal(g.to_move(g.ctx, child), 1);
    assert_true(g.value(g.ctx, child) == 9.0);
    assert_int_equal(gs_pacman_score(w, s), 0);   /* the parent is intact */
    /* Ghost legal actions keep pacman.py's order. */
    assert_int_equal(g.actions(g.ctx, child, acts), 2);
    assert_int_equal(acts[0], GS_PAC_WEST);
    assert_int_equal(acts[1], GS_PAC_EAST);

    /* Searches. One round: East eats (9) and the ghost, two cells off,
     * cannot reach him. Two rounds: East, East eats the last food on the
     * ghost's cell (or beside it) and wins: 9 + 510 - 1. */
    gs_engine *e = NULL;
    assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
    gs_search_options o;
    gs_search_options_init(&o);
    o.algo = GS_MINIMAX;
    o.depth = 1;
    o.depth_unit = GS_DEPTH_ROUNDS;
    gs_result r;
    assert_int_equal(gs_search(e, s, &o, &r), GS_OK);
    assert_int_equal(r.best, GS_PAC_EAST);
    assert_true(r.value == 9.0);
    o.depth = 2;
    assert_int_equal(gs_search(e, s, &o, &r), GS_OK);
    assert_int_equal(r.best, GS_PAC_EAST);
    assert_true(r.value == 518.0);
    assert_int_equal(r.pv_length, 3);   /* the win ends the game */
    gs_engine_free(e);
    free(child);
    free(s);
    gs_pacman_free(w);
}

/* ---- main ------------------------------------------------------------------ */

int main(void)
{
    const struct CMUnitTest rules[] = {
        cmocka_unit_test(test_random_known_values),
        cmocka_unit_test(test_random_seed_digest),
        cmocka_unit_test(test_random_more_seeds),
        cmocka_unit_test(test_random_seed_parse),
        cmocka_unit_test(test_random_bits_and_below),
        cmocka_unit_test(test_dir_names),
        cmocka_unit_test(test_layout_errors),
        cmocka_unit_test(test_layout_accepts),
        cmocka_unit_test(test_layout_junk),
        cmocka_unit_test(test_allocation_failure),
        cmocka_unit_test(test_food_and_win),
        cmocka_unit_test(test_illegal_actions),
        cmocka_unit_test(test_death),
        cmocka_unit_test(test_last_food_on_ghost),
        cmocka_unit_test(test_scared_ghost_and_timer),
        cmocka_unit_test(test_eat_scared_ghost),
        cmocka_unit_test(test_ghost_moves),
        cmocka_unit_test(test_ghost_order),
        cmocka_unit_test(test_directional_distribution),
        cmocka_unit_test(test_state_equality),
        cmocka_unit_test(test_game_interface),
    };
    return cmocka_run_group_tests_name("pacman", rules, NULL, NULL);
}
