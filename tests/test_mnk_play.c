/*
 * The m,n,k games under the engine: what the searches say of every
 * tic-tac-toe position, perfect play against every opponent, and Gomoku
 * tactics and strength.
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
#include "gamesearch/mnk.h"

#include "fixtures.h"

/* A value from X's side as an outcome: 1 X wins, -1 O wins, 0 draw. */
static int outcome(double v)
{
    return v > GS_MNK_EVAL_MAX ? 1 : v < -GS_MNK_EVAL_MAX ? -1 : 0;
}

typedef struct fixture {
    gs_mnk *g;
    gs_game game;
    gs_engine *e;
    size_t size;
} fixture;

static void open_game(fixture *f, int rows, int cols, int k, gs_mnk_eval eval,
                      int radius)
{
    gs_mnk_params p;
    gs_mnk_params_init(&p);
    p.rows = rows;
    p.cols = cols;
    p.k = k;
    p.eval = eval;
    p.radius = radius;
    p.order_hint = radius > 0;
    assert_int_equal(gs_mnk_new(&p, NULL, &f->g), GS_OK);
    gs_mnk_game(f->g, &f->game);
    assert_int_equal(gs_engine_new(&f->game, NULL, &f->e), GS_OK);
    f->size = gs_mnk_state_size(f->g);
}

static void close_game(fixture *f)
{
    gs_engine_free(f->e);
    gs_mnk_free(f->g);
}

static double value_of(fixture *f, const void *s, gs_algo algo, bool tt,
                       gs_result *r)
{
    gs_search_options o;
    gs_search_options_init(&o);
    o.algo = algo;
    o.use_tt = tt;
    assert_int_equal(gs_search(f->e, s, &o, r), GS_OK);
    assert_int_equal(r->stopped, GS_STOP_NONE);
    return r->value;
}

/* ---- every reachable tic-tac-toe position ---- */

typedef struct walk {
    fixture *f;
    uint64_t *seen;      /* hashes of the positions already checked */
    size_t nseen, cap;
    long positions;
} walk;

static bool remember(walk *w, uint64_t h)
{
    for (size_t i = 0; i < w->nseen; i++)
        if (w->seen[i] == h)
            return false;
    if (w->nseen == w->cap) {
        w->cap = w->cap ? 2 * w->cap : 1024;
        w->seen = realloc(w->seen, w->cap * sizeof *w->seen);
        assert_non_null(w->seen);
    }
    w->seen[w->nseen++] = h;
    return true;
}

static void agree_everywhere(walk *w, const unsigned char *s)
{
    fixture *f = w->f;
    if (!remember(w, f->game.hash(f->game.ctx, s)))
        return;
    w->positions++;
    gs_result r;
    double mm = value_of(f, s, GS_MINIMAX, false, &r);
    double ab = value_of(f, s, GS_ALPHABETA, false, &r);
    gs_engine_tt_clear(f->e);
    double tt = value_of(f, s, GS_ALPHABETA, true, &r);
    if (mm != ab || mm != tt) {
        char pos[16];
        gs_mnk_format(f->g, s, pos, sizeof pos);
        fail_msg("%s: minimax %g, alpha-beta %g, alpha-beta + table %g", pos,
                 mm, ab, tt);
    }
    if (gs_mnk_over(f->g, s))
        return;
    unsigned char *c = malloc(f->size);
    assert_non_null(c);
    for (int cell = 0; cell < 9; cell++) {
        if (gs_mnk_cell(f->g, s, cell))
            continue;
        memcpy(c, s, f->size);
        assert_int_equal(gs_mnk_play(f->g, c, cell), GS_OK);
        agree_everywhere(w, c);
    }
    free(c);
}

static void test_searches_agree_on_every_position(void **state)
{
    (void)state;
    fixture f;
    open_game(&f, 3, 3, 3, GS_MNK_EVAL_LINES, 0);
    unsigned char *s = malloc(f.size);
    assert_non_null(s);
    gs_mnk_empty(f.g, s);
    walk w = {&f, NULL, 0, 0, 0};
    agree_everywhere(&w, s);
    /* every one of the 5,478 reachable positions was checked */
    assert_int_equal(w.positions, 5478);
    free(w.seen);
    free(s);
    close_game(&f);
}

/* ---- solved values and node counts ---- */

static void test_solved_boards(void **state)
{
    (void)state;
    fixture f;
    gs_result r;
    unsigned char *s;

    /* 3x3: a draw; plain minimax visits the whole tree, 549,946 nodes. */
    open_game(&f, 3, 3, 3, GS_MNK_EVAL_LINES, 0);
    s = malloc(f.size);
    assert_non_null(s);
    gs_mnk_empty(f.g, s);
    assert_int_equal(outcome(value_of(&f, s, GS_MINIMAX, false, &r)), 0);
    assert_int_equal(r.nodes, 549946);
    uint64_t mm = r.nodes;
    assert_int_equal(outcome(value_of(&f, s, GS_ALPHABETA, false, &r)), 0);
    uint64_t ab = r.nodes;
    gs_engine_tt_clear(f.e);
    assert_int_equal(outcome(value_of(&f, s, GS_ALPHABETA, true, &r)), 0);
    uint64_t abtt = r.nodes;
    print_message("3x3 from empty: minimax %llu, alpha-beta %llu, "
                  "alpha-beta + table %llu nodes\n", (unsigned long long)mm,
                  (unsigned long long)ab, (unsigned long long)abtt);
    assert_true(ab < mm / 10);
    assert_true(abtt < ab / 2);
    free(s);
    close_game(&f);

    /* (4,3,3): four rows of three, three in a row: the first player wins. */
    open_game(&f, 4, 3, 3, GS_MNK_EVAL_LINES, 0);
    s = malloc(f.size);
    assert_non_null(s);
    gs_mnk_empty(f.g, s);
    assert_int_equal(outcome(value_of(&f, s, GS_ALPHABETA, true, &r)), 1);
    free(s);
    close_game(&f);

    /* (4,4,4): a draw. */
    open_game(&f, 4, 4, 4, GS_MNK_EVAL_LINES, 0);
    s = malloc(f.size);
    assert_non_null(s);
    gs_mnk_empty(f.g, s);
    assert_int_equal(outcome(value_of(&f, s, GS_ALPHABETA, true, &r)), 0);
    print_message("(4,4,4) from empty: alpha-beta + table %llu nodes\n",
                  (unsigned long long)r.nodes);
    free(s);
    close_game(&f);
}

/* ---- perfect play: the computer never loses, whatever the opponent ---- */

typedef struct duel {
    fixture *f;
    int computer;        /* 0: X, 1: O */
    long games, wins, draws;
} duel;

static void all_opponents(duel *d, const unsigned char *s)
{
    fixture *f = d->f;
    if (gs_mnk_over(f->g, s)) {
        int w = gs_mnk_winner(f->g, s);
        d->games++;
        if (w == 0)
            d->draws++;
        else if (w == d->computer + 1)
            d->wins++;
        else
            fail_msg("the computer (%c) lost a game", d->computer ? 'O' : 'X');
        return;
    }
    unsigned char *c = malloc(f->size);
    assert_non_null(c);
    if (gs_mnk_to_move(f->g, s) == d->computer) {
        gs_result r;
        value_of(f, s, GS_ALPHABETA, true, &r);
        memcpy(c, s, f->size);
        assert_int_equal(gs_mnk_play(f->g, c, (int)r.best), GS_OK);
        all_opponents(d, c);
    } else {
        for (int cell = 0; cell < 9; cell++) {
            if (gs_mnk_cell(f->g, s, cell))
                continue;
            memcpy(c, s, f->size);
            assert_int_equal(gs_mnk_play(f->g, c, cell), GS_OK);
            all_opponents(d, c);
        }
    }
    free(c);
}

static void test_perfect_play(void **state)
{
    (void)state;
    fixture f;
    open_game(&f, 3, 3, 3, GS_MNK_EVAL_LINES, 0);
    unsigned char *s = malloc(f.size);
    assert_non_null(s);
    for (int side = 0; side < 2; side++) {
        duel d = {&f, side, 0, 0, 0};
        gs_mnk_empty(f.g, s);
        all_opponents(&d, s);
        print_message("computer as %c: %ld games, %ld won, %ld drawn, 0 lost\n",
                      side ? 'O' : 'X', d.games, d.wins, d.draws);
        assert_true(d.games > 0);
        assert_int_equal(d.games, d.wins + d.draws);
    }
    free(s);
    close_game(&f);
}

/* ---- Gomoku ---- */

/* A 15x15 position from stone lists such as "h8 i8" (X) and "a1 o15" (O). */
static void setup(fixture *f, unsigned char *s, const char *xs, const char *os)
{
    char pos[15 * 15 + 1];
    memset(pos, '.', 225);
    pos[225] = '\0';
    const char *lists[2] = {xs, os};
    for (int side = 0; side < 2; side++) {
        char buf[256];
        snprintf(buf, sizeof buf, "%s", lists[side]);
        for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
            int c = gs_mnk_parse_cell(f->g, tok);
            assert_true(c >= 0);
            pos[c] = side ? 'O' : 'X';
        }
    }
    gs_error err;
    if (gs_mnk_parse(f->g, pos, s, &err) != GS_OK)
        fail_msg("%s", err.message);
}

static int best_move(fixture *f, const unsigned char *s, int depth, double *v)
{
    gs_search_options o;
    gs_search_options_init(&o);
    o.depth = depth;
    o.use_tt = true;
    o.order_moves = true;
    o.iterative = true;
    gs_result r;
    gs_engine_tt_clear(f->e);
    assert_int_equal(gs_search(f->e, s, &o, &r), GS_OK);
    if (v)
        *v = r.value;
    return (int)r.best;
}

static int cell(fixture *f, const char *name)
{
    return gs_mnk_parse_cell(f->g, name);
}

static void test_gomoku_tactics(void **state)
{
    (void)state;
    fixture f;
    open_game(&f, 15, 15, 5, GS_MNK_EVAL_THREATS, 2);
    unsigned char *s = malloc(f.size);
    assert_non_null(s);
    double v;
    int m;

    /* X completes its open four (e8 f8 g8 h8): d8 or i8 wins at once. */
    setup(&f, s, "e8 f8 g8 h8", "a1 a15 o1 o15");
    m = best_move(&f, s, 3, &v);
    assert_true(m == cell(&f, "d8") || m == cell(&f, "i8"));
    assert_int_equal(outcome(v), 1);

    /* O to move blocks X's four (e8 f8 g8 h8, d8 taken by O) at i8. */
    setup(&f, s, "e8 f8 g8 h8 b2", "d8 a15 o1 o15");
    m = best_move(&f, s, 2, &v);
    assert_int_equal(m, cell(&f, "i8"));

    /* O to move against X's open four: every move loses, but blocking an
     * end puts the loss off longest. */
    setup(&f, s, "e8 f8 g8 h8 b2", "a1 a15 o1 o15");
    m = best_move(&f, s, 4, &v);
    assert_true(m == cell(&f, "d8") || m == cell(&f, "i8"));
    assert_int_equal(outcome(v), 1);

    /* A four-three: X at i8 makes the four f8-i8 (e8 is O's) and the open
     * three i6 i7 i8; O must stop the four at j8, then X opens the three
     * into a four and wins: five plies. */
    setup(&f, s, "f8 g8 h8 i6 i7", "e8 a1 a15 o1 o15");
    m = best_move(&f, s, 5, &v);
    assert_int_equal(m, cell(&f, "i8"));
    assert_int_equal(outcome(v), 1);

    /* A double three: X at h8 makes the open threes f8 g8 h8 and h6 h7 h8;
     * O can stop only one. */
    setup(&f, s, "f8 g8 h6 h7", "a1 a15 o1 o15");
    m = best_move(&f, s, 5, &v);
    assert_int_equal(m, cell(&f, "h8"));
    assert_int_equal(outcome(v), 1);

    free(s);
    close_game(&f);
}

/* A player that picks a random empty cell next to a stone (the centre on
 * an empty board). */
static int random_neighbour(fixture *f, const unsigned char *s, uint64_t *rng)
{
    int cand[225], n = 0;
    for (int c = 0; c < 225; c++) {
        if (gs_mnk_cell(f->g, s, c))
            continue;
        int r = c / 15, col = c % 15;
        bool near = false;
        for (int dr = -1; dr <= 1 && !near; dr++)
            for (int dc = -1; dc <= 1 && !near; dc++) {
                int rr = r + dr, cc = col + dc;
                near = rr >= 0 && rr < 15 && cc >= 0 && cc < 15 &&
                       gs_mnk_cell(f->g, s, rr * 15 + cc) != 0;
            }
        if (near)
            cand[n++] = c;
    }
    if (n == 0)
        return 7 * 15 + 7;
    return cand[xorshift64_next(rng) % (uint64_t)n];
}

static void test_gomoku_beats_random(void **state)
{
    (void)state;
    fixture f;
    open_game(&f, 15, 15, 5, GS_MNK_EVAL_THREATS, 2);
    unsigned char *s = malloc(f.size);
    assert_non_null(s);
    uint64_t rng = 0x2545f4914f6cdd1dULL;
    gs_search_options o;
    gs_search_options_init(&o);
    o.depth = 2;
    o.use_tt = true;
    o.order_moves = true;
    int wins = 0;
    long moves = 0;
    for (int game = 0; game < 100; game++) {
        int computer = game % 2;
        gs_mnk_empty(f.g, s);
        gs_engine_tt_clear(f.e);
        while (!gs_mnk_over(f.g, s)) {
            int c;
            if (gs_mnk_to_move(f.g, s) == computer) {
                gs_result r;
                assert_int_equal(gs_search(f.e, s, &o, &r), GS_OK);
                c = (int)r.best;
                moves++;
            } else {
                c = random_neighbour(&f, s, &rng);
            }
            assert_int_equal(gs_mnk_play(f.g, s, c), GS_OK);
        }
        wins += gs_mnk_winner(f.g, s) == computer + 1;
    }
    print_message("gomoku: the computer won %d of 100 games against a random "
                  "neighbour player (%ld computer moves)\n", wins, moves);
    assert_int_equal(wins, 100);
    free(s);
    close_game(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solved_boards),
        cmocka_unit_test(test_searches_agree_on_every_position),
        cmocka_unit_test(test_perfect_play),
        cmocka_unit_test(test_gomoku_tactics),
        cmocka_unit_test(test_gomoku_beats_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
