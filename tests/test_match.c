/*
 * test_match.c: matches (gamesearch/match.h): players read from specs,
 * the expected outcomes (perfect alpha-beta never loses tic-tac-toe, MCTS
 * draws it, MCTS beats a random player at Connect Four), the statistics,
 * threads giving the same games, the JSON, bad input and allocation
 * failure.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gamesearch/match.h"
#include "gamesearch/mnk.h"
#include "sink.h"
#include "track_alloc.h"

static gs_match *play(const char *game, const char *a, const char *b,
                      int games, int threads)
{
    gs_match_params p;
    gs_match_params_init(&p);
    p.game = game;
    p.a = a;
    p.b = b;
    p.games = games;
    p.threads = threads;
    gs_match *m;
    gs_error err;
    int st = gs_match_run(&p, NULL, &m, &err);
    if (st != GS_OK)
        fail_msg("%s", err.message);
    return m;
}

static void test_spec_parse(void **unused)
{
    (void)unused;
    gs_player_spec s;
    gs_error e;
    assert_int_equal(gs_player_spec_parse("mcts:iterations=500,c=0.5,"
                                          "playout=random,threads=2", &s, &e),
                     GS_OK);
    assert_int_equal(s.kind, GS_PLAYER_MCTS);
    assert_int_equal(s.iterations, 500);
    assert_true(s.c == 0.5);
    assert_int_equal(s.playout, GS_PLAYOUT_RANDOM);
    assert_int_equal(s.threads, 2);
    assert_int_equal(gs_player_spec_parse("alphabeta:depth=4,time=0.5,"
                                          "eval=threats", &s, &e), GS_OK);
    assert_int_equal(s.kind, GS_PLAYER_ALPHABETA);
    assert_int_equal(s.depth, 4);
    assert_true(s.time == 0.5);
    assert_int_equal(s.eval, GS_MNK_EVAL_THREATS);
    assert_int_equal(gs_player_spec_parse("random", &s, &e), GS_OK);
    assert_int_equal(s.kind, GS_PLAYER_RANDOM);

    assert_int_equal(gs_player_spec_parse("negamax", &s, &e), GS_EPARSE);
    assert_string_equal(e.message, "unknown algorithm 'negamax' (expected "
                        "alphabeta, minimax, mcts, pvs, mtdf, sss, pns, dfpn "
                        "or random)");
    assert_int_equal(gs_player_spec_parse("mcts:foo=1", &s, &e), GS_EPARSE);
    assert_string_equal(e.message, "unknown key 'foo' (keys: depth, time, "
                        "nodes, iterations, c, playout, threads, eval)");
    assert_int_equal(e.column, 6);
    assert_int_equal(gs_player_spec_parse("mcts:depth=3", &s, &e), GS_EPARSE);
    assert_string_equal(e.message, "mcts players take no 'depth'");
    assert_int_equal(gs_player_spec_parse("random:time=1", &s, &e), GS_EPARSE);
    assert_string_equal(e.message, "random players take no 'time'");
    assert_int_equal(gs_player_spec_parse("alphabeta:depth=x", &s, &e),
                     GS_EPARSE);
    assert_string_equal(e.message, "'x' is no value for depth");
    assert_int_equal(e.column, 17);
    assert_int_equal(gs_player_spec_parse("mcts:iterations", &s, &e),
                     GS_EPARSE);
    assert_string_equal(e.message, "'iterations' is not key=value");
    assert_int_equal(gs_player_spec_parse("mcts:c=-1", &s, &e), GS_EPARSE);
    assert_int_equal(gs_player_spec_parse("mcts;c=1", &s, &e), GS_EPARSE);
}

static void test_stats(void **unused)
{
    (void)unused;
    double s, lo, hi, e, elo, ehi;
    gs_match_stats(6, 2, 2, &s, &lo, &hi, &e, &elo, &ehi);
    /* score 0.7, variance 0.16 a game */
    assert_true(fabs(s - 0.7) < 1e-12);
    assert_true(fabs(lo - 0.452082) < 1e-6);
    assert_true(fabs(hi - 0.947918) < 1e-6);
    assert_true(fabs(e - 147.19071) < 1e-4);
    assert_true(fabs(elo - -33.39935) < 1e-4);
    assert_true(fabs(ehi - 504.03329) < 1e-4);
    gs_match_stats(0, 4, 0, &s, &lo, &hi, &e, &elo, &ehi);
    assert_true(s == 0.5 && lo == 0.5 && hi == 0.5 && e == 0.0);
    gs_match_stats(3, 0, 0, &s, &lo, &hi, &e, &elo, &ehi);
    assert_true(s == 1.0 && isinf(e) && e > 0);
}

/* Perfect alpha-beta never loses tic-tac-toe; MCTS with 20000 iterations
 * draws every game against it. */
static void test_ttt_outcomes(void **unused)
{
    (void)unused;
    gs_match *m = play("ttt", "alphabeta", "random", 10, 1);
    assert_int_equal(m->b_wins, 0);
    assert_int_equal(m->a_wins + m->draws, 10);
    assert_true(m->a_wins >= 8);
    gs_match_free(m);
    m = play("ttt", "alphabeta", "mcts:iterations=20000", 4, 1);
    assert_int_equal(m->draws, 4);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(m->results[i].result, 0);
        assert_int_equal(m->results[i].plies, 9);
        assert_int_equal(m->results[i].a_first, i % 2 == 0);
        assert_int_equal(m->results[i].seed, 1 + (uint64_t)i);
    }
    assert_true(m->elo == 0.0 && m->elo_lo == 0.0 && m->elo_hi == 0.0);
    gs_match_free(m);
}

/* MCTS beats a random player at Connect Four: every one of these games
 * (the seeds fix them). */
static void test_c4_mcts_beats_random(void **unused)
{
    (void)unused;
    gs_match *m = play("connect4", "mcts:iterations=1000", "random", 10, 2);
    assert_int_equal(m->a_wins, 10);
    assert_true(isinf(m->elo));
    gs_match_free(m);
}

/* Threads play the same games; the JSON has its exact shape. */
static void test_threads_and_json(void **unused)
{
    (void)unused;
    buffer one = {0}, three = {0};
    gs_match *m = play("mnk", "mcts:iterations=300", "random", 5, 1);
    one.len = 0;
    assert_int_equal(gs_match_write_json(m, to_buffer, &one), GS_OK);
    gs_match_free(m);
    m = play("mnk", "mcts:iterations=300", "random", 5, 3);
    three.len = 0;
    assert_int_equal(gs_match_write_json(m, to_buffer, &three), GS_OK);
    gs_match_free(m);
    assert_string_equal(one.text, three.text);

    m = play("ttt", "alphabeta", "alphabeta:depth=1", 2, 1);
    one.len = 0;
    assert_int_equal(gs_match_write_json(m, to_buffer, &one), GS_OK);
    assert_string_equal(
        one.text,
        "{\"game\": \"ttt\", \"games\": 2, \"a\": {\"spec\": \"alphabeta\", "
        "\"wins\": 0}, \"b\": {\"spec\": \"alphabeta:depth=1\", \"wins\": 0}, "
        "\"draws\": 2, \"elo\": 0.0, \"elo_interval\": [0.0, 0.0], "
        "\"results\": [{\"seed\": 1, \"first\": \"a\", \"result\": \"draw\", "
        "\"plies\": 9, \"moves\": [\"b2\", \"a1\", \"c1\", \"a3\", \"a2\", "
        "\"c2\", \"b3\", \"b1\", \"c3\"]}, {\"seed\": 2, \"first\": \"b\", "
        "\"result\": \"draw\", \"plies\": 9, \"moves\": [\"b2\", \"a1\", "
        "\"c1\", \"a3\", \"a2\", \"c2\", \"b3\", \"b1\", \"c3\"]}]}\n");
    gs_match_free(m);
    /* a win and a loss: infinite ends are null */
    m = play("connect4", "mcts:iterations=200", "random", 1, 1);
    one.len = 0;
    assert_int_equal(gs_match_write_json(m, to_buffer, &one), GS_OK);
    assert_non_null(strstr(one.text, "\"elo\": null, \"elo_interval\": "
                                     "[null, null]"));
    gs_match_free(m);
    free(one.text);
    free(three.text);
}

/* Games packed into bytes (as jobs on other processes print them) and
 * unpacked again are the games, to the byte of the match they make; bytes
 * that are not a packed game are refused, and a refusing writer stops the
 * packing. */
static void test_game_pack(void **unused)
{
    (void)unused;
    gs_match_params p;
    gs_match_params_init(&p);
    p.game = "ttt";
    p.a = "random";
    p.b = "alphabeta";
    p.games = 3;
    p.seed = 11;
    gs_match *m, *built;
    gs_error err;
    assert_int_equal(gs_match_run(&p, NULL, &m, &err), GS_OK);
    buffer packed[3];
    gs_match_game games[3];
    memset(packed, 0, sizeof packed);
    for (int i = 0; i < 3; i++) {
        const gs_match_game *g = &m->results[i];
        assert_int_equal(gs_match_game_pack(g, to_buffer, &packed[i]), GS_OK);
        assert_int_equal(packed[i].writes, 2);   /* the moves, the rest */
        assert_true(packed[i].len > strlen(g->moves));
        assert_memory_equal(packed[i].text, g->moves, strlen(g->moves));
        assert_int_equal(gs_match_game_unpack(packed[i].text, packed[i].len,
                                              &games[i]), GS_OK);
        assert_ptr_equal(games[i].moves, packed[i].text);
        assert_string_equal(games[i].moves, g->moves);
        assert_int_equal(games[i].seed, 11 + i);
        assert_int_equal(games[i].a_first, g->a_first);
        assert_int_equal(games[i].result, g->result);
        assert_int_equal(games[i].plies, g->plies);
        assert_int_equal(games[i].moves_size, 0);
    }
    assert_int_equal(gs_match_from_games(&p, games, 3, NULL, &built, &err),
                     GS_OK);
    buffer a = {0}, b = {0};
    gs_match_write_json(m, to_buffer, &a);
    gs_match_write_json(built, to_buffer, &b);
    assert_string_equal(a.text, b.text);
    free(a.text);
    free(b.text);
    gs_match_free(built);

    /* Not a packed game: too short, or its length is not the moves'. */
    gs_match_game g = {1, true, 1, 1, NULL, 0};
    buffer copy = {0};
    to_buffer(&copy, packed[1].text, packed[1].len);
    assert_int_equal(gs_match_game_unpack(packed[0].text, 5, &g), GS_EINVAL);
    assert_int_equal(gs_match_game_unpack(copy.text, copy.len - 1, &g),
                     GS_EINVAL);
    assert_int_equal(gs_match_game_unpack(copy.text + 1, copy.len - 1, &g),
                     GS_EINVAL);
    assert_memory_equal(copy.text, packed[1].text, copy.len);
    free(copy.text);
    assert_int_equal(gs_match_game_unpack(NULL, 0, &g), GS_EINVAL);
    assert_null(g.moves);
    /* A refusing writer: its value back. */
    buffer refuse = {.refuse_at = 2};
    assert_int_equal(gs_match_game_pack(&m->results[0], to_buffer, &refuse),
                     7);
    assert_int_equal(refuse.writes, 2);
    free(refuse.text);
    for (int i = 0; i < 3; i++)
        free(packed[i].text);
    gs_match_free(m);
}

/* A match played one game at a time (first_game) and put together with
 * gs_match_from_games is the match played at once, to the byte; the
 * copies are the match's own (the games given may be freed), allocation
 * failures leave nothing behind, and bad input gets its sentence. */
static void test_from_games(void **unused)
{
    (void)unused;
    buffer whole = {0}, parts = {0};
    gs_match_params p;
    gs_match_params_init(&p);
    p.game = "mnk";
    p.a = "mcts:iterations=300";
    p.b = "random";
    p.games = 5;
    p.seed = 7;
    gs_match *m, *one[5];
    gs_error err;
    assert_int_equal(gs_match_run(&p, NULL, &m, &err), GS_OK);
    whole.len = 0;
    assert_int_equal(gs_match_write_json(m, to_buffer, &whole), GS_OK);
    assert_int_equal(gs_match_write_text(m, true, to_buffer, &whole), GS_OK);
    gs_match_game games[5];
    for (int i = 0; i < 5; i++) {
        gs_match_params q = p;
        q.games = 1;
        q.first_game = i;
        assert_int_equal(gs_match_run(&q, NULL, &one[i], &err), GS_OK);
        games[i] = one[i]->results[0];
        assert_int_equal(games[i].seed, 7 + i);
        assert_int_equal(games[i].a_first, i % 2 == 0);
    }
    gs_match *built;
    assert_int_equal(gs_match_from_games(&p, games, 5, NULL, &built, &err),
                     GS_OK);
    for (int i = 0; i < 5; i++)
        gs_match_free(one[i]);
    parts.len = 0;
    assert_int_equal(gs_match_write_json(built, to_buffer, &parts), GS_OK);
    assert_int_equal(gs_match_write_text(built, true, to_buffer, &parts),
                     GS_OK);
    assert_string_equal(whole.text, parts.text);
    free(whole.text);
    free(parts.text);
    assert_int_equal(built->a_wins + built->b_wins + built->draws, 5);
    assert_int_equal(built->a_wins, m->a_wins);
    assert_true(built->elo_lo == m->elo_lo);
    gs_match_free(built);

    bool done = false;
    for (long n = 1; n < 100 && !done; n++) {
        track t;
        gs_allocator a = tracker(&t);
        t.fail_at = n;
        int st = gs_match_from_games(&p, m->results, 5, &a, &built, &err);
        if (st == GS_OK) {
            done = t.failed == 0;
            gs_match_free(built);
        } else {
            assert_int_equal(st, GS_ENOMEM);
            assert_null(built);
        }
        assert_int_equal(t.live, 0);
    }
    assert_true(done);

    assert_int_equal(gs_match_from_games(&p, m->results, 0, NULL, &built,
                                         &err), GS_EINVAL);
    assert_null(built);
    assert_string_equal(err.message, "games is 0, but it must be 1 or more");
    p.b = "mcts:x=1";
    assert_int_equal(gs_match_from_games(&p, m->results, 5, NULL, &built,
                                         &err), GS_EPARSE);
    assert_string_equal(err.message, "player b: unknown key 'x' (keys: "
                        "depth, time, nodes, iterations, c, playout, "
                        "threads, eval)");
    p.b = "random";
    games[0] = m->results[0];
    games[0].moves = NULL;
    assert_int_equal(gs_match_from_games(&p, games, 1, NULL, &built, &err),
                     GS_EINVAL);
    assert_string_equal(err.message, "game 1 has no moves");
    p.first_game = -1;
    assert_int_equal(gs_match_run(&p, NULL, &built, &err), GS_EINVAL);
    assert_string_equal(err.message, "first_game is -1, but it must be 0 to "
                        "2147483642");
    gs_match_free(m);
}

static void test_bad_input(void **unused)
{
    (void)unused;
    gs_match_params p;
    gs_match_params_init(&p);
    gs_match *m = (gs_match *)&p;
    gs_error e;
    p.a = "alphabeta";
    p.b = "random";
    p.game = "chess";
    assert_int_equal(gs_match_run(&p, NULL, &m, &e), GS_EINVAL);
    assert_null(m);
    assert_string_equal(e.message, "unknown game 'chess' (expected ttt, mnk, "
                        "gomoku, connect4 or nim)");
    p.game = "connect4";
    p.a = "alphabeta:eval=lines";
    assert_int_equal(gs_match_run(&p, NULL, &m, &e), GS_EINVAL);
    assert_string_equal(e.message, "player a: Connect Four players take no "
                        "eval");
    p.a = "alphabeta";
    p.b = "mcts:x=1";
    assert_int_equal(gs_match_run(&p, NULL, &m, &e), GS_EPARSE);
    assert_string_equal(e.message, "player b: unknown key 'x' (keys: depth, "
                        "time, nodes, iterations, c, playout, threads, eval)");
    p.b = "random";
    p.rows = 4;
    assert_int_equal(gs_match_run(&p, NULL, &m, &e), GS_EINVAL);
    assert_string_equal(e.message, "only mnk takes a board size and k");
    p.game = "mnk";
    p.k = 5;
    assert_int_equal(gs_match_run(&p, NULL, &m, &e), GS_EINVAL);
    assert_string_equal(e.message, "no 4x3 board with k 5");
    p.k = 0;
    p.games = 0;
    assert_int_equal(gs_match_run(&p, NULL, &m, &e), GS_EINVAL);
    assert_string_equal(e.message, "games is 0, but it must be 1 or more");
}

/* pns and dfpn players: the keys they take; on tic-tac-toe a proof
 * every move, so they never lose and draw against alpha-beta; where a
 * proof wins (3x3, two in a row) they take it at once; a proof that is
 * not made (nodes=1) leaves the move to alpha-beta with the same keys,
 * move for move. */
static void test_proof_players(void **unused)
{
    (void)unused;
    gs_player_spec s;
    gs_error e;
    assert_int_equal(gs_player_spec_parse("pns:nodes=100,time=0.5", &s, &e),
                     GS_OK);
    assert_int_equal(s.kind, GS_PLAYER_PNS);
    assert_int_equal(s.nodes, 100);
    assert_int_equal(gs_player_spec_parse("dfpn", &s, &e), GS_OK);
    assert_int_equal(s.kind, GS_PLAYER_DFPN);
    assert_int_equal(gs_player_spec_parse("dfpn:depth=3", &s, &e), GS_EPARSE);
    assert_string_equal(e.message, "dfpn players take no 'depth'");

    gs_match *m = play("ttt", "pns", "alphabeta", 2, 1);
    assert_int_equal(m->draws, 2);
    assert_string_equal(m->results[0].moves, "b2 a1 c1 a3 a2 c2 b3 b1 c3");
    gs_match_free(m);
    m = play("ttt", "dfpn", "random", 10, 2);
    assert_int_equal(m->b_wins, 0);
    assert_int_equal(m->a_wins, 8);
    gs_match_free(m);
    m = play("mnk:k=2", "pns", "random", 4, 1);
    for (int i = 0; i < 4; i += 2) {
        assert_int_equal(m->results[i].result, 1);
        assert_int_equal(m->results[i].plies, 3);
    }
    gs_match_free(m);

    gs_match *fb = play("ttt", "pns:nodes=1", "alphabeta", 2, 1);
    gs_match *ab = play("ttt", "alphabeta:nodes=1", "alphabeta", 2, 1);
    for (int i = 0; i < 2; i++) {
        assert_int_equal(fb->results[i].result, ab->results[i].result);
        assert_string_equal(fb->results[i].moves, ab->results[i].moves);
    }
    gs_match_free(fb);
    gs_match_free(ab);
}

/* Every allocation of a match of proof players fails in turn. */
static void test_proof_alloc_failure(void **unused)
{
    (void)unused;
    gs_match_params p;
    gs_match_params_init(&p);
    p.game = "ttt";
    p.a = "pns:nodes=3000";
    p.b = "dfpn:nodes=3000";
    p.games = 1;
    bool done = false;
    for (long n = 1; n < 2000 && !done; n++) {
        track t;
        gs_allocator a = tracker(&t);
        t.fail_at = n;
        gs_match *m;
        gs_error e;
        int st = gs_match_run(&p, &a, &m, &e);
        if (st == GS_OK) {
            done = t.failed == 0;
            gs_match_free(m);
        } else {
            assert_int_equal(st, GS_ENOMEM);
            assert_null(m);
        }
        assert_int_equal(t.live, 0);
    }
    assert_true(done);
}

static void test_alloc_failure(void **unused)
{
    (void)unused;
    gs_match_params p;
    gs_match_params_init(&p);
    p.game = "ttt";
    p.a = "mcts:iterations=50";
    p.b = "random";
    p.threads = 2;
    bool done = false;
    for (long n = 1; n < 500 && !done; n++) {
        track t;
        gs_allocator a = tracker(&t);
        t.fail_at = n;
        gs_match *m;
        gs_error e;
        int st = gs_match_run(&p, &a, &m, &e);
        if (st == GS_OK) {
            done = t.failed == 0;
            gs_match_free(m);
        } else {
            assert_int_equal(st, GS_ENOMEM);
            assert_null(m);
        }
        assert_int_equal(t.live, 0);
    }
    assert_true(done);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spec_parse),
        cmocka_unit_test(test_stats),
        cmocka_unit_test(test_ttt_outcomes),
        cmocka_unit_test(test_c4_mcts_beats_random),
        cmocka_unit_test(test_threads_and_json),
        cmocka_unit_test(test_from_games),
        cmocka_unit_test(test_game_pack),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_alloc_failure),
        cmocka_unit_test(test_proof_players),
        cmocka_unit_test(test_proof_alloc_failure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
