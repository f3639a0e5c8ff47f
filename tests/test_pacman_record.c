/*
 * tests/test_pacman_record.c: Pacman record files (docs/pacman-record.md)
 * as the library reads, writes and checks them (gamesearch/pacman_play.h).
 *
 * Facts checked:
 *   - a record built in memory is written exactly as the format says
 *     (text compared whole), reads back to the same record, and is written
 *     again to the same text; the writer's callback may stop it;
 *   - bad records: each with the exact line, column and message;
 *   - gs_pac_record_check: a legal game passes; an illegal move, a game
 *     that goes on after its end and a wrong score are refused where they
 *     stand;
 *   - allocation failure: reading fails cleanly at every allocation (the
 *     record left empty, nothing leaked), building a record too, and the
 *     check's one allocation;
 *   - replays: a record read for replaying, each refusal at its line and
 *     column in the file (syntax, maze, ghosts, moves), every allocation
 *     failed in turn; a world read with its errors at the file's lines;
 *     the record replayed through a batch (no agent; a game without moves
 *     is its start);
 *   - the replay page's data: the whole JSON value for two games with a
 *     decision kept;
 *   - layouts found by name: the directories in order, empty entries
 *     skipped, a path as given, where it looked when nothing is found, an
 *     absolute path looked for only there, a directory in a file's place.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gamesearch/gamesearch.h"
#include "gamesearch/pacman_play.h"

#include "pacman_fixture.h"
#include "track_alloc.h"

/* ---- Helpers ------------------------------------------------------------ */

/* A growing text the writer writes into; `stop_after` pieces (0: never). */
typedef struct text {
    char buf[16384];
    size_t len;
    int pieces, stop_after;
} text;

static int into_text(void *user, const char *s, size_t n)
{
    text *t = user;
    if (t->stop_after && ++t->pieces >= t->stop_after)
        return 42;
    assert_true(t->len + n < sizeof t->buf);
    memcpy(t->buf + t->len, s, n);
    t->len += n;
    t->buf[t->len] = '\0';
    return 0;
}

static const char tiny_maze[] = "%%%%%\n%P.G%\n%%%%%\n";

/* A record of two games on the tiny maze (not legal games: the syntax
 * only), through allocator al. Returns GS_OK or GS_ENOMEM. */
static int build(gs_pac_record *rec, const gs_allocator *al)
{
    static const unsigned char g1[] = {GS_PAC_WEST, GS_PAC_STOP, GS_PAC_EAST};
    static const unsigned char g2[] = {GS_PAC_EAST, GS_PAC_WEST};
    gs_pac_record_init(rec, al);
    if (gs_pac_record_set(rec, &rec->layout_name, "tiny") != GS_OK ||
        gs_pac_record_set(rec, &rec->agent_args, "evalFn=scoreEvaluation") !=
            GS_OK)
        return GS_ENOMEM;
    strcpy(rec->pacman, "GreedyAgent");
    rec->ghosts = 1;
    rec->ghost_kind = GS_PAC_RANDOM_GHOST;
    rec->seed = 11;
    gs_pac_game_log *log = gs_pac_record_add_game(rec);
    if (!log)
        return GS_ENOMEM;
    log->result = GS_PAC_LOSS;
    log->score = -12;
    log->training = true;
    for (size_t i = 0; i < sizeof g1; i++)
        if (gs_pac_record_push(rec, log, g1[i]) != GS_OK)
            return GS_ENOMEM;
    if (!(log = gs_pac_record_add_game(rec)))
        return GS_ENOMEM;
    log->result = GS_PAC_STOPPED;
    log->score = 5;
    for (size_t i = 0; i < sizeof g2; i++)
        if (gs_pac_record_push(rec, log, g2[i]) != GS_OK)
            return GS_ENOMEM;
    return GS_OK;
}

static const char built_text[] =
    "gamesearch-pacman-record 1\n"
    "# Written by gamesearch pacman; the format: docs/pacman-record.md\n"
    "pacman: GreedyAgent\n"
    "agent-args: evalFn=scoreEvaluation\n"
    "ghosts: 1 RandomGhost\n"
    "seed: int 11\n"
    "games: 2\n"
    "layout: 3 tiny\n"
    "%%%%%\n"
    "%P.G%\n"
    "%%%%%\n"
    "game 1 result=Loss score=-12 moves=3 training\n"
    "West Stop\n"
    "East\n"
    "end\n"
    "game 2 result=Stopped score=5 moves=2\n"
    "East West\n"
    "end\n";

static void write_text(const gs_pac_record *rec, text *t)
{
    memset(t, 0, sizeof *t);
    assert_int_equal(gs_pac_record_write(rec, into_text, t), GS_OK);
}

/* The results as JSON: the whole document for the two games built above,
 * with costs, and a writer that stops. */
static void test_json(void **unused)
{
    (void)unused;
    gs_pac_record rec;
    assert_int_equal(build(&rec, NULL), GS_OK);
    gs_pac_game_result res[2];
    memset(res, 0, sizeof res);
    res[0].moves = 3;
    res[0].pacman_moves = 2;
    res[0].nodes = 7;
    res[0].seconds = 0.5;
    res[0].move_seconds = 0.25;
    res[0].max_move_seconds = 0.125;
    res[1].moves = 2;
    res[1].pacman_moves = 1;
    text t;
    memset(&t, 0, sizeof t);
    assert_int_equal(gs_pac_json_write(&rec, res, 2, 4.0, into_text, &t),
                     GS_OK);
    assert_string_equal(t.buf,
        "{\n  \"format\": \"gamesearch-pacman-results\",\n  \"version\": 1,\n"
        "  \"layout\": \"tiny\",\n  \"pacman\": \"GreedyAgent\",\n"
        "  \"agent_args\": \"evalFn=scoreEvaluation\",\n  \"ghosts\": 1,\n"
        "  \"ghost_agent\": \"RandomGhost\",\n  \"max_moves\": null,\n"
        "  \"seed\": {\"stream\": \"single\", \"int\": 11},\n"
        "  \"threads\": 2,\n  \"games\": [\n"
        "    {\"game\": 1, \"training\": true, \"result\": \"Loss\", "
        "\"win\": false, \"score\": -12, \"moves\": 3, \"pacman_moves\": 2, "
        "\"nodes\": 7, \"seconds\": 0.5, \"move_seconds_mean\": 0.125, "
        "\"move_seconds_max\": 0.125},\n"
        "    {\"game\": 2, \"training\": false, \"result\": \"Stopped\", "
        "\"win\": false, \"score\": 5, \"moves\": 2, \"pacman_moves\": 1, "
        "\"nodes\": 0, \"seconds\": 0, \"move_seconds_mean\": 0, "
        "\"move_seconds_max\": 0}\n  ],\n"
        "  \"summary\": {\n    \"games\": 1,\n    \"wins\": 0,\n"
        "    \"win_rate\": 0,\n    \"win_rate_ci95\": [0, 0.7934506856],\n"
        "    \"mean_score\": 5,\n    \"mean_score_ci95\": null,\n"
        "    \"min_score\": 5,\n    \"max_score\": 5,\n    \"played\": 2,\n"
        "    \"pacman_moves\": 3,\n    \"nodes\": 7,\n"
        "    \"move_seconds\": 0.25,\n    \"move_seconds_max\": 0.125,\n"
        "    \"seconds\": 4,\n    \"games_per_second\": 0.5,\n"
        "    \"nodes_per_second\": 1.75\n  }\n}\n");
    memset(&t, 0, sizeof t);
    t.stop_after = 1;
    assert_int_equal(gs_pac_json_write(&rec, res, 1, 0, into_text, &t), 42);
    gs_pac_record_free(&rec);
}

/* ---- Writing and reading ------------------------------------------------- */

static void test_round_trip(void **unused)
{
    (void)unused;
    gs_pac_record rec;
    assert_int_equal(build(&rec, NULL), GS_OK);
    /* The maze, lent as the program lends it: blank lines and trailing
     * blanks around it are not written. */
    char maze[] = "\n%%%%%  \r\n%P.G%\n%%%%%\n\n";
    rec.layout_text = maze;
    rec.layout_len = strlen(maze);
    text t;
    write_text(&rec, &t);
    assert_string_equal(t.buf, built_text);
    rec.layout_text = NULL;
    rec.layout_len = 0;
    gs_pac_record_free(&rec);

    gs_pac_record back;
    gs_error e;
    assert_int_equal(gs_pac_record_parse(t.buf, t.len, NULL, &back, &e),
                     GS_OK);
    assert_string_equal(back.layout_name, "tiny");
    assert_string_equal(back.agent_args, "evalFn=scoreEvaluation");
    assert_string_equal(back.pacman, "GreedyAgent");
    assert_int_equal(back.ghosts, 1);
    assert_int_equal(back.ghosts_line, 5);
    assert_int_equal(back.seed, 11);
    assert_false(back.seed_per_game || back.seed_is_string ||
                 back.seed_random);
    assert_int_equal(back.layout_first_line, 9);
    assert_int_equal(back.layout_len, strlen(tiny_maze));
    assert_memory_equal(back.layout_text, tiny_maze, strlen(tiny_maze));
    assert_int_equal(back.ngames, 2);
    assert_int_equal(back.games[0].n, 3);
    assert_true(back.games[0].training);
    assert_int_equal(back.games[0].result, GS_PAC_LOSS);
    assert_int_equal(back.games[0].score, -12);
    assert_int_equal(back.games[0].header_line, 12);
    assert_int_equal(back.games[0].actions[2], GS_PAC_EAST);
    assert_int_equal(back.games[0].line[2], 14);
    assert_int_equal(back.games[0].col[2], 1);
    assert_int_equal(back.games[0].line[1], 13);
    assert_int_equal(back.games[0].col[1], 6);
    assert_int_equal(back.games[1].result, GS_PAC_STOPPED);
    assert_false(back.games[1].training);
    /* Written again: the same text. */
    text again;
    write_text(&back, &again);
    assert_string_equal(again.buf, built_text);
    /* Dropping the last game. */
    gs_pac_record_drop_game(&back);
    assert_int_equal(back.ngames, 1);
    gs_pac_record_free(&back);
    assert_int_equal(back.ngames, 0);
    assert_null(back.games);

    /* Seeds of the other kinds, and max-moves. */
    static const char *const seeds[] = {"seed: string cs188",
                                        "seed: per-game 7 random",
                                        "seed: per-game -3", "seed: int 5"};
    for (size_t i = 0; i < 4; i++) {
        char doc[512];
        snprintf(doc, sizeof doc, "gamesearch-pacman-record 1\npacman: X\n"
                 "ghosts: 1 DirectionalGhost\n%s\nmax-moves: 40\ngames: 0\n"
                 "layout: 3 tiny\n%s", seeds[i], tiny_maze);
        assert_int_equal(gs_pac_record_parse(doc, strlen(doc), NULL, &back,
                                             &e), GS_OK);
        assert_int_equal(back.max_moves, 40);
        assert_int_equal(back.ghost_kind, GS_PAC_DIRECTIONAL_GHOST);
        write_text(&back, &again);
        assert_non_null(strstr(again.buf, seeds[i]));
        assert_non_null(strstr(again.buf, "\nmax-moves: 40\n"));
        gs_pac_record_free(&back);
    }
}

static void test_writer_stops(void **unused)
{
    (void)unused;
    gs_pac_record rec;
    assert_int_equal(build(&rec, NULL), GS_OK);
    char maze[] = "%%%%%\n%P.G%\n%%%%%\n";
    rec.layout_text = maze;
    rec.layout_len = strlen(maze);
    text t;
    memset(&t, 0, sizeof t);
    t.stop_after = 1;
    assert_int_equal(gs_pac_record_write(&rec, into_text, &t), 42);
    assert_int_equal(t.len, 0);
    rec.layout_text = NULL;
    gs_pac_record_free(&rec);
}

/* ---- Bad records ---------------------------------------------------------- */

static void bad(const char *doc, int line, int column, const char *message)
{
    gs_pac_record rec;
    gs_error e;
    memset(&e, 0x55, sizeof e);
    assert_int_equal(gs_pac_record_parse(doc, strlen(doc), NULL, &rec, &e),
                     GS_EPARSE);
    assert_string_equal(e.message, message);
    assert_int_equal(e.line, line);
    assert_int_equal(e.column, column);
    assert_int_equal(rec.ngames, 0);
    assert_null(rec.layout_text);
    gs_pac_record_free(&rec);
}

#define HEAD "gamesearch-pacman-record 1\npacman: GreedyAgent\n" \
             "ghosts: 1 RandomGhost\ngames: 1\nlayout: 3 tiny\n" \
             "%%%%%\n%P.G%\n%%%%%\n"

static void test_bad_records(void **unused)
{
    (void)unused;
    bad("", 0, 0, "empty file: not a gamesearch pacman record");
    bad("hello\n", 1, 1, "not a gamesearch pacman record (its first line "
        "should be 'gamesearch-pacman-record 1')");
    bad("gamesearch-pacman-record 2\n", 1, 26, "record version 2 is not "
        "known to this gamesearch (it reads version 1)");
    bad("gamesearch-pacman-record 1\npacman: A\n", 2, 0,
        "the record ends before its 'layout:' line");
    bad("gamesearch-pacman-record 1\ncolour: blue\n", 2, 1,
        "unknown header line 'colour: blue' (expected pacman:, agent-args:, "
        "ghosts:, seed:, max-moves:, games: or layout:)");
    bad("gamesearch-pacman-record 1\npacman: A\npacman: B\n", 3, 1,
        "pacman: given twice");
    bad("gamesearch-pacman-record 1\nghosts: 2 PinkGhost\n", 2, 11,
        "unknown ghost agent 'PinkGhost' (expected RandomGhost or "
        "DirectionalGhost)");
    bad("gamesearch-pacman-record 1\npacman: A\nlayout: 3 x\n", 3, 1,
        "the header has no 'ghosts:' line (it comes before 'layout:')");
    bad("gamesearch-pacman-record 1\npacman: A\nghosts: 1 RandomGhost\n"
        "games: 1\nlayout: 4 tiny\n%%%%%\n%P.G%\n", 5, 9,
        "the record ends inside the layout (4 rows announced, 2 found)");
    bad(HEAD "game 1 result=Win score=1 moves=2\nWest Jump\nend\n", 10, 6,
        "unknown action 'Jump' (expected North, South, East, West or Stop)");
    bad(HEAD "game 1 result=Win score=1 moves=3\nWest East\nend\n", 11, 1,
        "game 1 has 2 moves, but its header says moves=3");
    bad(HEAD "game 2 result=Win score=1 moves=1\nWest\nend\n", 9, 6,
        "expected game 1 here, not game 2");
    bad(HEAD "game 1 result=Draw score=1 moves=1\nWest\nend\n", 9, 15,
        "unknown result 'Draw' (expected Win, Loss or Stopped)");
    bad(HEAD "game 1 result=Win score=1 moves=1\nWest\n", 9, 1,
        "the record ends inside game 1 (no 'end' line)");
    bad(HEAD "game 1 result=Win score=1 moves=1 bonus\nWest\nend\n", 9, 35,
        "unexpected 'bonus' after the game's header (only 'training' may "
        "follow)");
    bad(HEAD "game 1 result=Win score=1 moves=1\nWest\nend\n"
        "game 2 result=Win score=1 moves=1\nWest\nend\n", 4, 8,
        "the header says 1 games, but the record holds 2");
}

/* ---- Checking games against the rules ------------------------------------ */

/* The tiny maze with its ghost: Pacman's East eats the only dot and wins,
 * 10 - 1 + 500 = 509. */
static int check(const char *games, gs_error *e)
{
    char doc[1024];
    snprintf(doc, sizeof doc, "%s%s", HEAD, games);
    gs_pac_record rec;
    assert_int_equal(gs_pac_record_parse(doc, strlen(doc), NULL, &rec, e),
                     GS_OK);
    gs_pacman *w = world_from(rec.layout_text, rec.layout_len, rec.ghosts,
                              NULL, "record");
    int rc = gs_pac_record_check(&rec, w, NULL, e);
    gs_pacman_free(w);
    gs_pac_record_free(&rec);
    return rc;
}

static void test_check(void **unused)
{
    (void)unused;
    gs_error e;
    assert_int_equal(check("game 1 result=Win score=509 moves=1\nEast\nend\n",
                           &e), GS_OK);
    assert_int_equal(check("game 1 result=Win score=509 moves=1\n  West\n"
                           "end\n", &e), GS_EPARSE);
    assert_string_equal(e.message, "West is not a legal move for Pacman here "
                        "(game 1, move 1)");
    assert_int_equal(e.line, 10);
    assert_int_equal(e.column, 3);
    assert_int_equal(check("game 1 result=Win score=509 moves=2\nEast Stop\n"
                           "end\n", &e), GS_EPARSE);
    assert_string_equal(e.message, "game 1 is over after move 1 (Pacman "
                        "won), but the record goes on");
    assert_int_equal(e.line, 10);
    assert_int_equal(e.column, 6);
    assert_int_equal(check("game 1 result=Win score=500 moves=1\nEast\nend\n",
                           &e), GS_EPARSE);
    assert_string_equal(e.message, "game 1's moves give result=Win score=509, "
                        "but the record says result=Win score=500");
    assert_int_equal(e.line, 9);
    assert_int_equal(e.column, 1);
    assert_int_equal(check("game 1 result=Stopped score=-1 moves=2\nStop East"
                           "\nend\n", &e), GS_EPARSE);
    assert_string_equal(e.message, "East is not a legal move for ghost 1 here "
                        "(game 1, move 2)");
    assert_int_equal(check("game 1 result=Stopped score=-1 moves=2\nStop West"
                           "\nend\n", &e), GS_OK);
}

/* ---- Replays ------------------------------------------------------------ */

/* Two games on the tiny maze: a win in one move, and one stopped before
 * its first move (an agent out of time). */
#define REPLAY "gamesearch-pacman-record 1\npacman: GreedyAgent\n" \
               "ghosts: 1 RandomGhost\ngames: 2\nlayout: 3 tiny\n" \
               "%%%%%\n%P.G%\n%%%%%\n" \
               "game 1 result=Win score=509 moves=1\nEast\nend\n" \
               "game 2 result=Stopped score=0 moves=0\nend\n"

/* REPLAY read for replaying (the test fails otherwise): its world. */
static gs_pacman *open_replay(gs_pac_record *rec)
{
    gs_error e;
    gs_pacman *w;
    int rc = gs_pac_replay_open(REPLAY, strlen(REPLAY), NULL, rec, &w, &e);
    if (rc != GS_OK)
        fail_msg("REPLAY refused: %d: %s", rc, e.message);
    return w;
}

/* gs_pac_replay_open on `doc` with `from` replaced by `to`: its status
 * and error. */
static int replay_with(const char *from, const char *to, gs_error *e)
{
    char doc[1024];
    const char *at = strstr(REPLAY, from);
    assert_non_null(at);
    snprintf(doc, sizeof doc, "%.*s%s%s", (int)(at - REPLAY), REPLAY, to,
             at + strlen(from));
    gs_pac_record rec;
    gs_pacman *w = (gs_pacman *)doc;   /* set to NULL on failure */
    int rc = gs_pac_replay_open(doc, strlen(doc), NULL, &rec, &w, e);
    assert_int_equal(rc != GS_OK, w == NULL);
    assert_int_equal(rc != GS_OK, rec.ngames == 0);
    gs_pacman_free(w);
    gs_pac_record_free(&rec);
    return rc;
}

/* A record read for replaying: its world, and each refusal where it
 * stands in the file: the syntax, the maze (its line in the file), the
 * ghosts, the moves. */
static void test_replay_open(void **unused)
{
    (void)unused;
    gs_error e;
    gs_pac_record rec;
    gs_pacman *w = open_replay(&rec);
    assert_int_equal(gs_pacman_num_agents(w), 2);
    assert_int_equal(rec.ngames, 2);
    assert_int_equal(rec.games[0].n, 1);
    gs_pacman_free(w);
    gs_pac_record_free(&rec);

    assert_int_equal(replay_with("games: 2", "games: x", &e), GS_EPARSE);
    assert_int_equal(e.line, 4);
    assert_int_equal(e.column, 8);
    assert_int_equal(replay_with("%P.G%", "%P.Gx", &e), GS_EPARSE);
    assert_int_equal(e.line, 7);
    assert_int_equal(e.column, 5);
    assert_string_equal(e.message, "unexpected character 'x' (a layout holds "
                        "'%', '.', 'o', 'P', 'G', '1'-'4' and spaces)");
    assert_int_equal(replay_with("ghosts: 1", "ghosts: 2", &e), GS_EPARSE);
    assert_int_equal(e.line, 3);
    assert_int_equal(e.column, 0);
    assert_string_equal(e.message, "the record has 2 ghosts, but its layout "
                        "only 1");
    assert_int_equal(replay_with("East", "West", &e), GS_EPARSE);
    assert_int_equal(e.line, 10);
    assert_int_equal(e.column, 1);
    assert_string_equal(e.message, "West is not a legal move for Pacman here "
                        "(game 1, move 1)");
    assert_int_equal(replay_with("score=509", "score=9", &e), GS_EPARSE);
    assert_int_equal(e.line, 9);

    /* Every allocation failed in turn: GS_ENOMEM, nothing kept. */
    long n;
    for (n = 1;; n++) {
        track t;
        gs_allocator al = tracker(&t);
        t.fail_at = n;
        int rc = gs_pac_replay_open(REPLAY, strlen(REPLAY), &al, &rec, &w,
                                    &e);
        if (t.failed == 0) {
            assert_int_equal(rc, GS_OK);
            gs_pacman_free(w);
            gs_pac_record_free(&rec);
            assert_int_equal(t.live, 0);
            break;
        }
        assert_int_equal(rc, GS_ENOMEM);
        assert_null(w);
        assert_int_equal(rec.ngames, 0);
        assert_int_equal(t.live, 0);
    }
    assert_true(n > 5);
}

/* A world read from a layout file's text: errors at their line in the
 * file (line0), the world with at most the ghosts asked for. */
static void test_pacman_read(void **unused)
{
    (void)unused;
    gs_error e;
    gs_pacman *w = NULL;
    assert_int_equal(gs_pacman_read("%%%%%\n%P.G%\n%%%%%\n", 18, 1, 0, NULL,
                                    &w, &e), GS_OK);
    assert_int_equal(gs_pacman_num_agents(w), 1);
    gs_pacman_free(w);
    assert_int_equal(gs_pacman_read("%%%%%\n%P.x%\n%%%%%\n", 18, 5, 1, NULL,
                                    &w, &e), GS_EPARSE);
    assert_null(w);
    assert_int_equal(e.line, 6);
    assert_int_equal(e.column, 4);
    assert_int_equal(gs_pacman_read("", 0, 5, 1, NULL, &w, &e), GS_EPARSE);
    assert_int_equal(e.line, 0);
    assert_string_equal(e.message, "empty layout");
    assert_int_equal(gs_pacman_read("%%%%%\n%P.G%\n%%%%%\n", 18, 1, -1, NULL,
                                    &w, &e), GS_EINVAL);
    assert_null(w);
}

/* The replayed record through a batch: no agent, each game as recorded,
 * the game without moves its start. */
static void test_batch_replay(void **unused)
{
    (void)unused;
    gs_error e;
    gs_pac_record rec;
    gs_pacman *w = open_replay(&rec);
    gs_pac_batch b;
    assert_int_equal(gs_pac_batch_init(&b, w, 99, &rec, NULL), GS_OK);
    assert_int_equal(b.games, 2);
    gs_pac_player p;
    assert_int_equal(gs_pac_player_init(&p, &b, GS_PAC_AGENT_GREEDY, NULL, 0,
                                        &e), GS_OK);
    assert_null(p.agent);
    gs_pac_play_options none;
    gs_pac_play_options_init(&none);
    for (size_t g = 0; g < 2; g++)
        assert_int_equal(gs_pac_batch_play(&b, &p, g, &none), GS_OK);
    assert_int_equal(b.results[0].result, GS_PAC_WIN);
    assert_int_equal(b.results[0].score, 509);
    assert_int_equal(b.results[1].result, GS_PAC_STOPPED);
    assert_int_equal(b.results[1].moves, 0);
    assert_int_equal(b.rec.ngames, 2);
    assert_int_equal(b.rec.games[0].result, GS_PAC_WIN);
    assert_int_equal(b.rec.games[1].result, GS_PAC_STOPPED);
    assert_int_equal(b.rec.games[0].n, 0);   /* nothing kept */
    /* A batch that replays is not played away from its record. */
    gs_pac_game_result r;
    text t;
    memset(&t, 0, sizeof t);
    assert_int_equal(gs_pac_batch_play_away(&b, &p, 0, &none, &r, into_text,
                                            &t), GS_EINVAL);
    gs_pac_player_free(&p);
    gs_pac_batch_free(&b);
    gs_pacman_free(w);
    gs_pac_record_free(&rec);
}

/* ---- The replay page ---------------------------------------------------- */

/* The page's data for the two games, with a decision kept in the first:
 * the whole JSON value; and a writer that stops. */
static void test_page_data(void **unused)
{
    (void)unused;
    gs_pac_record rec;
    gs_pacman *w = open_replay(&rec);
    assert_int_equal(gs_pac_record_set(&rec, &rec.layout_name, "<tiny>"),
                     GS_OK);
    gs_pac_decision d;
    memset(&d, 0, sizeof d);
    d.action = GS_PAC_EAST;
    d.nodes = 3;
    d.depth = 1;
    d.seconds = 0.00125;
    d.num_actions = 2;
    d.actions[0] = GS_PAC_EAST;
    d.actions[1] = GS_PAC_STOP;
    d.values[0] = 509;
    d.values[1] = NAN;
    assert_int_equal(gs_pac_record_push_decision(&rec, &rec.games[0], &d),
                     GS_OK);
    text t;
    memset(&t, 0, sizeof t);
    assert_int_equal(gs_pac_page_data_write(&rec, w, into_text, &t), GS_OK);
    assert_string_equal(t.buf,
        "{\"layout\":\"<tiny>\",\"pacman\":\"GreedyAgent\","
        "\"ghostKind\":\"RandomGhost\",\"agents\":2,"
        "\"dirs\":[\"West\",\"Stop\",\"East\",\"North\",\"South\"],"
        "\"maze\":[\"%%%%%\",\"% . %\",\"%%%%%\"],\"games\":["
        "{\"result\":\"win\",\"score\":509,\"training\":false,"
        "\"start\":[0,2,2,1,0,1,6,2,1,0],\"moves\":[[0,2,509,0,4,2,2,0]],"
        "\"decisions\":[[2,3,1,1.25,[2,1],[509,null]]]},"
        "{\"result\":\"stopped\",\"score\":0,\"training\":false,"
        "\"start\":[0,2,2,1,0,1,6,2,1,0],\"moves\":[],\"decisions\":[]}]}");
    memset(&t, 0, sizeof t);
    t.stop_after = 1;
    assert_int_equal(gs_pac_page_data_write(&rec, w, into_text, &t), 42);
    gs_pacman_free(w);
    gs_pac_record_free(&rec);
}

/* ---- Layouts found by name ---------------------------------------------- */

static void touch(const char *dir, const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fclose(f);
}

/* Where gs_pac_layout_find looks, in order, and what it says when it
 * finds nothing or a directory. */
static void test_layout_find(void **unused)
{
    (void)unused;
    char top[] = "/tmp/gs-layouts-XXXXXX";
    assert_non_null(mkdtemp(top));
    char a[256], b[256], dirs[600], path[512], looked[1024];
    snprintf(a, sizeof a, "%s/a", top);
    snprintf(b, sizeof b, "%s/b", top);
    assert_int_equal(mkdir(a, 0700), 0);
    assert_int_equal(mkdir(b, 0700), 0);
    touch(b, "maze.lay");
    touch(a, "other.lay");
    snprintf(path, sizeof path, "%s/dir.lay", a);
    assert_int_equal(mkdir(path, 0700), 0);
    snprintf(dirs, sizeof dirs, "%s::%s", a, b);

    /* By name in the second directory; by name with .lay; the first
     * directory first. */
    assert_int_equal(gs_pac_layout_find("maze", dirs, path, sizeof path,
                                        looked, sizeof looked), GS_PAC_FOUND);
    char want[600];
    snprintf(want, sizeof want, "%s/maze.lay", b);
    assert_string_equal(path, want);
    assert_string_equal(looked, "");
    assert_int_equal(gs_pac_layout_find("other.lay", dirs, path, sizeof path,
                                        NULL, 0), GS_PAC_FOUND);
    snprintf(want, sizeof want, "%s/other.lay", a);
    assert_string_equal(path, want);
    /* A path as given. */
    snprintf(want, sizeof want, "%s/maze.lay", b);
    assert_int_equal(gs_pac_layout_find(want, NULL, path, sizeof path, looked,
                                        sizeof looked), GS_PAC_FOUND);
    assert_string_equal(path, want);
    /* Nothing: where it looked. */
    assert_int_equal(gs_pac_layout_find("none", dirs, path, sizeof path,
                                        looked, sizeof looked),
                     GS_PAC_NOT_FOUND);
    assert_string_equal(path, "none.lay");
    snprintf(want, sizeof want, "%s, %s, ./layouts", a, b);
    assert_string_equal(looked, want);
    /* An absolute path that is missing: only there. */
    snprintf(want, sizeof want, "%s/none", top);
    assert_int_equal(gs_pac_layout_find(want, dirs, path, sizeof path,
                                        looked, sizeof looked),
                     GS_PAC_NOT_FOUND);
    snprintf(want, sizeof want, "%s/none.lay", top);
    assert_string_equal(path, want);
    assert_string_equal(looked, "");
    /* A directory where the file should be. */
    assert_int_equal(gs_pac_layout_find("dir", dirs, path, sizeof path,
                                        looked, sizeof looked),
                     GS_PAC_FOUND_DIR);
    snprintf(want, sizeof want, "%s/dir.lay", a);
    assert_string_equal(path, want);
    assert_string_equal(looked, "");

    assert_int_equal(rmdir(path), 0);
    snprintf(path, sizeof path, "%s/other.lay", a);
    assert_int_equal(remove(path), 0);
    snprintf(path, sizeof path, "%s/maze.lay", b);
    assert_int_equal(remove(path), 0);
    assert_int_equal(rmdir(a), 0);
    assert_int_equal(rmdir(b), 0);
    assert_int_equal(rmdir(top), 0);
}

/* ---- Allocation failure --------------------------------------------------- */

static void test_alloc(void **unused)
{
    (void)unused;
    /* Reading: every allocation failed in turn. */
    long n;
    for (n = 1;; n++) {
        track t;
        gs_allocator al = tracker(&t);
        t.fail_at = n;
        gs_pac_record rec;
        gs_error e;
        int rc = gs_pac_record_parse(built_text, strlen(built_text), &al, &rec,
                                     &e);
        if (t.failed == 0) {
            assert_int_equal(rc, GS_OK);
            gs_pac_record_free(&rec);
            assert_int_equal(t.live, 0);
            break;
        }
        assert_int_equal(rc, GS_ENOMEM);
        assert_string_equal(e.message, "out of memory");
        assert_int_equal(rec.ngames, 0);
        assert_null(rec.layout_name);
        assert_int_equal(t.live, 0);
    }
    assert_true(n > 8);   /* names, maze, games, actions, positions */

    /* Building one: each failure is reported and nothing leaks. */
    for (n = 1;; n++) {
        track t;
        gs_allocator al = tracker(&t);
        t.fail_at = n;
        gs_pac_record rec;
        int rc = build(&rec, &al);
        gs_pac_record_free(&rec);
        assert_int_equal(t.live, 0);
        if (t.failed == 0) {
            assert_int_equal(rc, GS_OK);
            break;
        }
        assert_int_equal(rc, GS_ENOMEM);
    }
    assert_true(n > 5);

    /* The check: room for one state. */
    gs_pac_record rec;
    gs_error e;
    static const char doc[] = HEAD "game 1 result=Win score=509 moves=1\n"
                              "East\nend\n";
    assert_int_equal(gs_pac_record_parse(doc, strlen(doc), NULL, &rec, &e),
                     GS_OK);
    gs_pacman *w = world_from(rec.layout_text, rec.layout_len, 1, NULL, "rec");
    track t;
    gs_allocator al = tracker(&t);
    t.fail_at = 1;
    assert_int_equal(gs_pac_record_check(&rec, w, &al, &e), GS_ENOMEM);
    t.fail_at = 0;
    assert_int_equal(gs_pac_record_check(&rec, w, &al, &e), GS_OK);
    assert_int_equal(t.live, 0);
    gs_pacman_free(w);
    gs_pac_record_free(&rec);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_writer_stops),
        cmocka_unit_test(test_json),
        cmocka_unit_test(test_bad_records),
        cmocka_unit_test(test_check),
        cmocka_unit_test(test_alloc),
        cmocka_unit_test(test_replay_open),
        cmocka_unit_test(test_pacman_read),
        cmocka_unit_test(test_batch_replay),
        cmocka_unit_test(test_page_data),
        cmocka_unit_test(test_layout_find),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
