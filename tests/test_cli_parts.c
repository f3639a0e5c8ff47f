/*
 * tests/test_cli_parts.c: helpers of the gamesearch program (cli/) that
 * are not the library's.
 *
 * Facts checked:
 *   - which paths name one file (cli_same_file): one file by two names, a
 *     file not yet made by two names, two files, devices, NULL; the file a
 *     descriptor is open on (cli_file_is_fd);
 *   - what `connect4` says to the person at the terminal (c4_text.h): who
 *     plays what and how the game ended, the prompt and the reply to
 *     every kind of answer (escaped, cut after 64 bytes), the messages on
 *     a position it cannot read and on a search that gave no move or no
 *     exact score; each as snprintf (cut short, the whole length) or
 *     stopping at a refusing writer; the board with the last move in
 *     brackets (at the sides too), the four in lowercase or in colour, the
 *     four said (row, column, diagonal), a hint (solver, book, not proved,
 *     MCTS from the mover's side), undo's lines, "Play again?"'s answer;
 *   - what `ttt` says while a game is played (mnk_play.h): the computer's
 *     move with and without iterative deepening; a game with scripted
 *     answers: the side asked for, every kind of wrong answer told why,
 *     "q" and the end of input at a move or at the side's question, a win
 *     of the computer, and the refusal of missing callbacks; the board
 *     with the last move and the line marked (plain, colour, large); a
 *     whole session to the byte: undo at the start and in the game, a
 *     hint, a lost game and its line, play again, the end of input;
 *   - what `tree` says of a tree deeper than the search goes: for a
 *     nested list, a cutoff beyond the limit and no cutoff, with the most
 *     rounds for the number of agents; cut short as snprintf cuts;
 *   - what `pacman` shows besides pacman.py's lines (pacman_cli.h): the
 *     view's status line at each moment, with the keys or not, in a
 *     replay; a batch's progress line before and after games count.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "c4_text.h"
#include "mnk_play.h"
#include "pacman_cli.h"
#include "tree_text.h"
#include "util.h"

#include "connect4_fixture.h"
#include "pacman_fixture.h"
#include "mnk_fixture.h"
#include "sink.h"

/* A temporary file holding n bytes of data; its name in path. */
static void make_file(char path[64], const void *data, size_t n)
{
    snprintf(path, 64, "/tmp/gs_test_cli_XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, data, n), (ssize_t)n);
    assert_int_equal(close(fd), 0);
}

static void test_same_file(void **unused)
{
    (void)unused;
    char a[64], b[64], via[80];
    make_file(a, "a", 1);
    make_file(b, "b", 1);
    snprintf(via, sizeof via, "/tmp/../tmp/%s", a + 5);
    assert_true(cli_same_file(a, a));
    assert_true(cli_same_file(a, via));
    assert_false(cli_same_file(a, b));
    assert_false(cli_same_file("/dev/null", "/dev/null"));
    assert_false(cli_same_file(a, NULL));
    int fd = open(a, O_RDONLY);
    assert_true(fd >= 0);
    assert_true(cli_file_is_fd(via, fd));
    assert_false(cli_file_is_fd(b, fd));
    close(fd);
    fd = open("/dev/null", O_RDONLY);
    assert_false(cli_file_is_fd("/dev/null", fd));
    close(fd);
    /* Not made yet: the same name in one directory. */
    remove(a);
    assert_true(cli_same_file(a, via));
    assert_false(cli_same_file(a, b));
    assert_true(cli_same_file("/nonexistent/x", "/nonexistent/x"));
    assert_false(cli_same_file("/nonexistent/x", "/nonexistent/./x"));
    remove(b);
}

/* The text a writer gave: rc 0 and exactly want. */
static void expect_text(buffer *out, int rc, const char *want)
{
    assert_int_equal(rc, 0);
    assert_string_equal(out->text, want);
    free(out->text);
    memset(out, 0, sizeof *out);
}

static void test_game_text(void **state)
{
    (void)state;
    buffer out = {0};
    gs_c4_game_play p = {{true, false}, NULL, NULL, NULL, NULL, NULL, NULL,
                         NULL, NULL};
    expect_text(&out, cli_c4_game_sides_write(&p, to_buffer, &out),
                "You play O, the computer X. X moves first.\n");
    gs_c4_game_result r = {GS_C4_GAME_OVER, 0, GS_OK, true};
    expect_text(&out, cli_c4_game_end_write(&p, &r, to_buffer, &out),
                "X wins: the computer beat you.\n");
    r.winner = 1;
    expect_text(&out, cli_c4_game_end_write(&p, &r, to_buffer, &out),
                "O wins: you beat the computer.\n");
    r.winner = -1;
    expect_text(&out, cli_c4_game_end_write(&p, &r, to_buffer, &out),
                "Draw.\n");
    r.end = GS_C4_GAME_LEFT;
    expect_text(&out, cli_c4_game_end_write(&p, &r, to_buffer, &out),
                "Game left unfinished.\n");
    p.computer[0] = false;
    p.computer[1] = true;
    expect_text(&out, cli_c4_game_sides_write(&p, to_buffer, &out),
                "You play X, the computer O. X moves first.\n");
    r.end = GS_C4_GAME_FAILED;
    assert_int_equal(cli_c4_game_end_write(&p, &r, to_buffer, &out), 0);
    assert_int_equal(out.len, 0);
    free(out.text);
}

/* What the program says of a position it cannot read. */
static void test_position_message(void **state)
{
    (void)state;
    gs_c4 *g = make(7, 6);
    gs_c4_state s;
    gs_error err;
    char buf[200];
    assert_int_equal(gs_c4_parse(g, "4444444", 7, &s, &err), GS_EPARSE);
    cli_c4_position_message("analyze", "4444444", &err, buf, sizeof buf);
    assert_string_equal(buf, "analyze '4444444', character 7: column 4 is "
                             "full");
    gs_error whole = {0, 0, "too long"};
    assert_int_equal(cli_c4_position_message("--start", "12345671234567123456"
                                            "71234567123456712345671",
                                            &whole, buf, sizeof buf), 63);
    assert_string_equal(buf, "--start '1234567123456712345671234567123456"
                             "712345...': too long");
    char small[10];
    assert_int_equal(cli_c4_position_message("analyze", "1", &whole, small,
                                            sizeof small), 21);
    assert_string_equal(small, "analyze '");
    gs_c4_free(g);
}

/* What play says of the computer's searches. */
static void expect_move_message(const gs_c4_state *s, const gs_c4_game_move *m,
                                const char *want)
{
    char buf[160];
    assert_int_equal(cli_c4_move_message(s, m, "--time", buf, sizeof buf),
                     strlen(want));
    assert_string_equal(buf, want);
}

static void test_move_message(void **state)
{
    (void)state;
    gs_c4 *g = make(7, 6);
    gs_c4_state s = position(g, "4455");
    gs_c4_game_move m;
    memset(&m, 0, sizeof m);
    m.ok = true;
    m.column = 2;
    m.solution.known = true;
    expect_move_message(&s, &m, "");
    m.solution.known = false;
    m.solution.stopped = GS_STOP_TIME;
    expect_move_message(&s, &m, "move 5 (column 3): stopped by --time before "
                        "the score was known");
    m.ok = false;
    m.status = GS_ENOMEM;
    expect_move_message(&s, &m, "the search failed: out of memory");
    m.status = GS_OK;
    m.solution.value = 0.5;
    m.solution.bound = GS_BOUND_LOWER;
    expect_move_message(&s, &m, "the engine returned 0.5 (a bound), not an "
                        "exact score");
    m.left = true;
    expect_move_message(&s, &m, "");
    /* MCTS: a move, or none. */
    memset(&m, 0, sizeof m);
    m.mcts = true;
    m.ok = true;
    expect_move_message(&s, &m, "");
    m.ok = false;
    expect_move_message(&s, &m, "the search failed: no move found");
    m.status = GS_EINVAL;
    expect_move_message(&s, &m, "the search failed: invalid argument");
    /* As snprintf: cut short, the whole length. */
    char small[8];
    assert_int_equal(cli_c4_move_message(&s, &m, "--time", small,
                                        sizeof small), 35);
    assert_string_equal(small, "the sea");
    gs_c4_free(g);
}

/* A person's turn: the prompt, and what each answer means. */
static void expect_answer(const gs_c4 *g, const gs_c4_state *s,
                          const char *text, int want, const char *said)
{
    buffer out = {0};
    assert_int_equal(cli_c4_answer(g, s, text, to_buffer, &out), want);
    if (said)
        assert_string_equal(out.text, said);
    else
        assert_int_equal(out.len, 0);
    free(out.text);
}

static void test_answer(void **state)
{
    (void)state;
    gs_c4 *g = make(7, 6);
    gs_c4_state s = position(g, "444444");   /* column 4 full, X to move */
    buffer out = {0};
    expect_text(&out, cli_c4_prompt_write(g, &s, to_buffer, &out),
                "X to move (a column 1-7; u undo, h hint, q quit): ");
    gs_c4_state o = position(g, "1");
    expect_text(&out, cli_c4_prompt_write(g, &o, to_buffer, &out),
                "O to move (a column 1-7; u undo, h hint, q quit): ");
    free(out.text);
    expect_answer(g, &s, "3", 2, NULL);
    expect_answer(g, &s, " \t7\t ", 6, NULL);
    expect_answer(g, &s, "+1", 0, NULL);
    expect_answer(g, &s, "q", CLI_C4_ANSWER_QUIT, NULL);
    expect_answer(g, &s, "  quit ", CLI_C4_ANSWER_QUIT, NULL);
    expect_answer(g, &s, "u", CLI_C4_ANSWER_UNDO, NULL);
    expect_answer(g, &s, " undo", CLI_C4_ANSWER_UNDO, NULL);
    expect_answer(g, &s, "h", CLI_C4_ANSWER_HINT, NULL);
    expect_answer(g, &s, "hint ", CLI_C4_ANSWER_HINT, NULL);
    expect_answer(g, &s, "U", CLI_C4_ANSWER_AGAIN, "'U' is not a column: type "
                  "a number from 1 to 7, or q to quit.\n");
    expect_answer(g, &s, "Q", CLI_C4_ANSWER_AGAIN, "'Q' is not a column: type "
                  "a number from 1 to 7, or q to quit.\n");
    expect_answer(g, &s, " \t", CLI_C4_ANSWER_AGAIN, "Type a column number "
                  "from 1 to 7, or q to quit.\n");
    expect_answer(g, &s, "0", CLI_C4_ANSWER_AGAIN, "'0' is not a column: type "
                  "a number from 1 to 7, or q to quit.\n");
    expect_answer(g, &s, " 3 4 ", CLI_C4_ANSWER_AGAIN, "'3 4' is not a "
                  "column: type a number from 1 to 7, or q to quit.\n");
    expect_answer(g, &s, "99999999999999999999", CLI_C4_ANSWER_AGAIN,
                  "'99999999999999999999' is not a column: type a number "
                  "from 1 to 7, or q to quit.\n");
    expect_answer(g, &s, "a\033[2J", CLI_C4_ANSWER_AGAIN, "'a\\x1b[2J' is "
                  "not a column: type a number from 1 to 7, or q to "
                  "quit.\n");
    expect_answer(g, &s, "4", CLI_C4_ANSWER_AGAIN, "Column 4 is full: choose "
                  "another.\n");
    /* A long answer: its first 64 bytes and "...". */
    char text[101], want[256];
    memset(text, 'z', 100);
    text[100] = '\0';
    snprintf(want, sizeof want, "'%.64s...' is not a column: type a number "
             "from 1 to 7, or q to quit.\n", text);
    expect_answer(g, &s, text, CLI_C4_ANSWER_AGAIN, want);
    text[64] = '\0';
    snprintf(want, sizeof want, "'%s' is not a column: type a number from 1 "
             "to 7, or q to quit.\n", text);
    expect_answer(g, &s, text, CLI_C4_ANSWER_AGAIN, want);
    /* A refusing writer: nothing else changes. */
    buffer refusing = {.refuse_at = 1};
    assert_int_equal(cli_c4_answer(g, &s, "x", to_buffer, &refusing),
                     CLI_C4_ANSWER_AGAIN);
    assert_int_equal(cli_c4_prompt_write(g, &s, to_buffer, &refusing), 7);
    free(refusing.text);
    gs_c4_free(g);
}

/* The board of a game: the last move, the four, colour; the four said;
 * a hint, undo and "Play again?". */
static void test_c4_play_text(void **state)
{
    (void)state;
    gs_c4 *g = make(7, 6);
    buffer out = {0};
    gs_c4_state s = position(g, "4455");
    expect_text(&out, cli_c4_board_write(g, &s, 4, false, to_buffer, &out),
                " 1 2 3 4 5 6 7\n"
                "|. . . . . . .|\n"
                "|. . . . . . .|\n"
                "|. . . . . . .|\n"
                "|. . . . . . .|\n"
                "|. . . O[O]. .|\n"
                "|. . . X X . .|\n"
                "+-------------+\n");
    /* no last move: as the library draws it */
    buffer lib = {0};
    assert_int_equal(gs_c4_board_write(g, &s, to_buffer, &lib), 0);
    expect_text(&out, cli_c4_board_write(g, &s, -1, false, to_buffer, &out),
                lib.text);
    free(lib.text);
    /* the sides: the frame gives way */
    s = position(g, "17");
    expect_text(&out, cli_c4_board_write(g, &s, 6, false, to_buffer, &out),
                " 1 2 3 4 5 6 7\n"
                "|. . . . . . .|\n"
                "|. . . . . . .|\n"
                "|. . . . . . .|\n"
                "|. . . . . . .|\n"
                "|. . . . . . .|\n"
                "|X . . . . .[O]\n"
                "+-------------+\n");
    s = position(g, "1");
    expect_text(&out, cli_c4_board_write(g, &s, 0, true, to_buffer, &out),
                " 1 2 3 4 5 6 7\n"
                "|. . . . . . .|\n"
                "|. . . . . . .|\n"
                "|. . . . . . .|\n"
                "|. . . . . . .|\n"
                "|. . . . . . .|\n"
                "[\033[1;31mX\033[0m]. . . . . .|\n"
                "+-------------+\n");
    /* a four: lowercase, or reverse video; and said */
    s = position(g, "121212");
    gs_c4_play(g, &s, 0);
    expect_text(&out, cli_c4_board_write(g, &s, 0, false, to_buffer, &out),
                " 1 2 3 4 5 6 7\n"
                "|. . . . . . .|\n"
                "|. . . . . . .|\n"
                "[x]. . . . . .|\n"
                "|x O . . . . .|\n"
                "|x O . . . . .|\n"
                "|x O . . . . .|\n"
                "+-------------+\n");
    expect_text(&out, cli_c4_winning_write(g, &s, to_buffer, &out),
                "The winning four: column 1, rows 1 to 4.\n");
    s = position(g, "445566");
    gs_c4_play(g, &s, 6);
    expect_text(&out, cli_c4_winning_write(g, &s, to_buffer, &out),
                "The winning four: row 1, columns 4 to 7.\n");
    s = position(g, "1223343441");
    gs_c4_play(g, &s, 3);
    expect_text(&out, cli_c4_winning_write(g, &s, to_buffer, &out),
                "The winning four: a diagonal from column 1, row 1 to "
                "column 4, row 4.\n");
    assert_int_equal(cli_c4_board_write(g, &s, 3, true, to_buffer, &out), 0);
    assert_non_null(strstr(out.text, "[\033[1;7;31mX\033[0m]"));
    assert_null(strchr(out.text, 'x'));
    free(out.text);
    out = (buffer){0};
    s = position(g, "4455");
    assert_int_equal(cli_c4_winning_write(g, &s, to_buffer, &out), 0);
    assert_int_equal(out.len, 0);

    /* a hint: whose win, from the book or not, or not proved */
    gs_c4_solution sd = {.known = true, .score = 2, .best = 3,
                         .from_book = true};
    expect_text(&out, cli_c4_hint_write(&sd, "--time", to_buffer, &out),
                "hint: 4, score 2 (a win for you, from the book)\n");
    sd.score = -1;
    sd.from_book = false;
    expect_text(&out, cli_c4_hint_write(&sd, "--time", to_buffer, &out),
                "hint: 4, score -1 (a loss for you)\n");
    sd.score = 0;
    expect_text(&out, cli_c4_hint_write(&sd, "--time", to_buffer, &out),
                "hint: 4, score 0 (a draw)\n");
    sd.known = false;
    expect_text(&out, cli_c4_hint_write(&sd, "--max-nodes", to_buffer, &out),
                "hint: 4, score ? (stopped by --max-nodes: the best move "
                "found, not proved)\n");
    gs_c4_mcts_decision d = {.best = 2, .value = 0.25, .iterations = 1000};
    s = position(g, "4");
    expect_text(&out, cli_c4_mcts_hint_write(&s, &d, to_buffer, &out),
                "hint: 3 (MCTS: mean -0.25 for you, 1000 iterations, not "
                "proved)\n");
    d.proved = true;
    s = position(g, "");
    expect_text(&out, cli_c4_mcts_hint_write(&s, &d, to_buffer, &out),
                "hint: 3 (MCTS: mean 0.25 for you, 1000 iterations, "
                "proved)\n");

    /* undo */
    expect_text(&out, cli_c4_undone_write(0, to_buffer, &out),
                "Nothing to undo: you have not moved yet.\n");
    expect_text(&out, cli_c4_undone_write(2, to_buffer, &out),
                "Took back your move and the computer's.\n");
    expect_text(&out, cli_c4_undone_write(1, to_buffer, &out),
                "Took back 1 move.\n");
    free(out.text);

    /* play again */
    assert_true(cli_c4_yes("y"));
    assert_true(cli_c4_yes(" Y\t"));
    assert_true(cli_c4_yes("yes"));
    assert_false(cli_c4_yes(""));
    assert_false(cli_c4_yes("n"));
    assert_false(cli_c4_yes("yess"));
    assert_false(cli_c4_yes("1"));
    gs_c4_free(g);
}

/* ---- m,n,k games ---- */

static void test_mnk_move_text(void **state)
{
    (void)state;
    gs_mnk *g = mnk_fixture_make(2, 5, 2);
    char buf[256];
    gs_mnk_move mv = {.cell = 7, .nodes = 1234, .seconds = 0.25e-3,
                      .iterative = true, .depth = 4};
    assert_int_equal(cli_mnk_move_text(g, 1, &mv, buf, sizeof buf), 68);
    assert_string_equal(buf, "computer (O) plays c2\ncomputer move: 0.250 "
                        "ms, 1,234 nodes, depth 4\n");
    mv.iterative = false;
    assert_int_equal(cli_mnk_move_text(g, 0, &mv, buf, 10), 59);
    assert_string_equal(buf, "computer ");
    cli_mnk_move_text(g, 0, &mv, buf, sizeof buf);
    assert_string_equal(buf, "computer (X) plays c2\ncomputer move: 0.250 "
                        "ms, 1,234 nodes\n");
    gs_mnk_free(g);
}

/* Scripted answers for cli_mnk_play: each prompt goes into the
 * transcript as "[prompt]", then the next answer (NULL: end of input). */
typedef struct script {
    buffer *out;
    const char *const *answers;
    size_t n, next;
    char line[64];
} script;

static char *scripted(void *user, const char *prompt)
{
    script *sc = user;
    to_buffer(sc->out, "[", 1);
    to_buffer(sc->out, prompt, strlen(prompt));
    to_buffer(sc->out, "]", 1);
    if (sc->next >= sc->n || !sc->answers[sc->next])
        return NULL;
    snprintf(sc->line, sizeof sc->line, "%s", sc->answers[sc->next++]);
    return sc->line;
}

/* Plays from `start` with computer x and o and the answers; the
 * transcript in *out (free out->text). */
static int play_script(const gs_mnk *g, gs_mnk_player *pl, sbuf *s,
                       int x, int o, const char *const *answers, size_t n,
                       buffer *out)
{
    script sc = {.out = out, .answers = answers, .n = n};
    cli_mnk_play_options po;
    cli_mnk_play_options_init(&po);
    assert_int_equal(po.computer[0], -1);
    assert_int_equal(po.computer[1], -1);
    po.computer[0] = x;
    po.computer[1] = o;
    po.ask = scripted;
    po.ask_user = &sc;
    po.write = to_buffer;
    po.write_user = out;
    int rc = cli_mnk_play(g, pl, s, &po);
    assert_int_equal(sc.next, n);   /* every answer read */
    return rc;
}

/* The board cli_mnk_play shows after the moves cells[0 .. n-1] from the
 * empty board, into out (size bytes), without colour. */
static void board_after(const gs_mnk *g, const int *cells, int n, char *out,
                        size_t size)
{
    sbuf s;
    buffer b = {0};
    gs_mnk_empty(g, &s);
    for (int i = 0; i < n; i++)
        assert_int_equal(gs_mnk_play(g, &s, cells[i]), GS_OK);
    assert_int_equal(cli_mnk_board_write(g, &s, false, to_buffer, &b), 0);
    assert_true(b.len < size);
    memcpy(out, b.text, b.len + 1);
    free(b.text);
}

static void test_mnk_board(void **state)
{
    (void)state;
    gs_mnk *g = mnk_fixture_make(3, 3, 3);
    sbuf s;
    buffer out = {0};

    /* no move known: as the library draws it */
    char lib[256];
    mnk_fixture_parse(g, "X.O.X....", &s);
    gs_mnk_board_text(g, &s, lib, sizeof lib);
    assert_int_equal(cli_mnk_board_write(g, &s, false, to_buffer, &out), 0);
    assert_string_equal(out.text, lib);
    free(out.text);

    /* the last move in brackets, the first and the last cell of a row */
    static const int moves[] = {4, 0, 8, 2};
    char b[256];
    board_after(g, moves, 4, b, sizeof b);
    assert_string_equal(b, "     a   b   c\n"
                           "  1  O | . |[O]\n"
                           "    ---+---+---\n"
                           "  2  . | X | .\n"
                           "    ---+---+---\n"
                           "  3  . | . | X\n");
    board_after(g, moves, 3, b, sizeof b);
    assert_non_null(strstr(b, "  3  . | . |[X]\n"));
    board_after(g, moves, 2, b, sizeof b);
    assert_non_null(strstr(b, "  1 [O]| . | .\n"));

    /* a line: its stones in lowercase; in colour, in reverse video */
    static const int won[] = {0, 3, 4, 5, 8};
    board_after(g, won, 5, b, sizeof b);
    assert_string_equal(b, "     a   b   c\n"
                           "  1  x | . | .\n"
                           "    ---+---+---\n"
                           "  2  O | x | O\n"
                           "    ---+---+---\n"
                           "  3  . | . |[x]\n");
    gs_mnk_empty(g, &s);
    for (int i = 0; i < 5; i++)
        gs_mnk_play(g, &s, won[i]);
    out = (buffer){0};
    assert_int_equal(cli_mnk_board_write(g, &s, true, to_buffer, &out), 0);
    assert_string_equal(out.text,
        "     a   b   c\n"
        "  1  \033[1;7;31mX\033[0m | . | .\n"
        "    ---+---+---\n"
        "  2  \033[1;33mO\033[0m | \033[1;7;31mX\033[0m | "
        "\033[1;33mO\033[0m\n"
        "    ---+---+---\n"
        "  3  . | . |[\033[1;7;31mX\033[0m]\n");
    free(out.text);
    out = (buffer){.refuse_at = 1};
    assert_int_equal(cli_mnk_board_write(g, &s, true, to_buffer, &out), 7);
    free(out.text);
    gs_mnk_free(g);

    /* a large board: the blanks around the last stone become brackets */
    g = mnk_fixture_make(5, 5, 4);
    static const int large[] = {12, 13, 4};
    board_after(g, large, 2, b, sizeof b);
    assert_string_equal(b, "    a b c d e\n"
                           "  1 . . . . .\n"
                           "  2 . . . . .\n"
                           "  3 . . X[O].\n"
                           "  4 . . . . .\n"
                           "  5 . . . . .\n");
    board_after(g, large, 3, b, sizeof b);
    assert_non_null(strstr(b, "  1 . . . .[X]\n"));
    static const int first[] = {10};
    board_after(g, first, 1, b, sizeof b);
    assert_non_null(strstr(b, "  3[X]. . . .\n"));
    gs_mnk_free(g);
}

static void test_mnk_play(void **state)
{
    (void)state;
    gs_mnk *g = mnk_fixture_make(3, 3, 3);
    gs_mnk_player *pl = NULL;
    assert_int_equal(gs_mnk_player_new(g, NULL, NULL, &pl), GS_OK);
    char b0[256], b1[256], b2[256], want[4096];
    sbuf s;
    static const int b2_a1[] = {4, 0};

    /* two people: wrong answers told why, then "q" */
    static const char *const people[] = {"", "zz", " b2\t", "b2", "a1", "q"};
    buffer out = {0};
    board_after(g, b2_a1, 0, b0, sizeof b0);
    board_after(g, b2_a1, 1, b1, sizeof b1);
    board_after(g, b2_a1, 2, b2, sizeof b2);
    gs_mnk_empty(g, &s);
    assert_int_equal(play_script(g, pl, &s, 0, 0, people, 6, &out), GS_OK);
    const char *xp = "[X to move (a cell a1-c3 or 1-9; u undo, h hint, q "
                     "quit): ]";
    const char *op = "[O to move (a cell a1-c3 or 1-9; u undo, h hint, q "
                     "quit): ]";
    snprintf(want, sizeof want, "%s%sType a cell such as a1, or q to quit.\n"
             "%s'zz' is not a cell of this 3x3 board: type a cell such as a1, "
             "or a number from 1 to 9.\n%s%s%sb2 is taken: choose an empty "
             "cell.\n%s%s%sGame left unfinished.\n", b0, xp, xp, xp, b1, op,
             op, b2, xp);
    assert_string_equal(out.text, want);
    assert_int_equal(gs_mnk_cell(g, &s, 4), 1);
    assert_int_equal(gs_mnk_cell(g, &s, 0), 2);
    free(out.text);

    /* two people: "u" takes back one move */
    static const char *const people_undo[] = {"b2", "u", "q"};
    out = (buffer){0};
    gs_mnk_empty(g, &s);
    assert_int_equal(play_script(g, pl, &s, 0, 0, people_undo, 3, &out),
                     GS_OK);
    snprintf(want, sizeof want, "%s%s%s%sTook back the last move.\n%s%s"
             "Game left unfinished.\n", b0, xp, b1, op, b0, xp);
    assert_string_equal(out.text, want);
    free(out.text);

    /* an answer shown escaped and cut after 64 bytes of what is shown */
    char escaped[80], shown[160];
    escaped[0] = '\033';
    memset(escaped + 1, 'z', 70);
    escaped[71] = '\0';
    const char *const long_answer[] = {escaped, "quit"};
    out = (buffer){0};
    gs_mnk_empty(g, &s);
    assert_int_equal(play_script(g, pl, &s, 0, 0, long_answer, 2, &out),
                     GS_OK);
    snprintf(shown, sizeof shown, "]'\\x1b%.60s...' is not a cell of this "
             "3x3 board", escaped + 1);
    assert_non_null(strstr(out.text, shown));
    free(out.text);

    /* the side asked for; O chosen, the computer opens in the centre;
     * the end of input at a move leaves the game unfinished */
    static const char *const side_o[] = {"maybe", " o ", NULL};
    out = (buffer){0};
    gs_mnk_empty(g, &s);
    assert_int_equal(play_script(g, pl, &s, -1, -1, side_o, 2, &out), GS_OK);
    const char *ask = "[Play X (moves first) or O? [X/o] ]";
    snprintf(want, sizeof want, "%sType X or O.\n%s%scomputer (X) plays b2\n"
             "computer move: ", ask, ask, b0);
    assert_memory_equal(out.text, want, strlen(want));
    snprintf(want, sizeof want, "%s%sGame left unfinished.\n", b1, op);
    assert_string_equal(out.text + out.len - strlen(want), want);
    assert_int_equal(gs_mnk_stones(g, &s), 1);
    free(out.text);

    /* the end of input at the side's question: nothing more */
    out = (buffer){0};
    gs_mnk_empty(g, &s);
    assert_int_equal(play_script(g, pl, &s, -1, -1, NULL, 0, &out), GS_OK);
    assert_string_equal(out.text, ask);
    assert_int_equal(gs_mnk_stones(g, &s), 0);
    free(out.text);

    /* X the computer (O then the person) wins at once: its line, and the
     * end of input at "Play again?" */
    out = (buffer){0};
    mnk_fixture_parse(g, "XX.OO....", &s);
    assert_int_equal(play_script(g, pl, &s, 1, -1, NULL, 0, &out), GS_OK);
    assert_int_equal(gs_mnk_winner(g, &s), 1);
    snprintf(want, sizeof want, "     a   b   c\n"
             "  1  x | x |[x]\n"
             "    ---+---+---\n"
             "  2  O | O | .\n"
             "    ---+---+---\n"
             "  3  . | . | .\n"
             "The winning line: a1 b1 c1.\nX wins.\n[Play again? [y/N] ]");
    assert_string_equal(out.text + out.len - strlen(want), want);
    assert_non_null(strstr(out.text, "computer (X) plays c1\n"));
    free(out.text);

    /* two computers: a draw, nothing asked */
    out = (buffer){0};
    gs_mnk_empty(g, &s);
    assert_int_equal(play_script(g, pl, &s, 1, 1, NULL, 0, &out), GS_OK);
    assert_null(strstr(out.text, "to move ("));
    assert_null(strstr(out.text, "Play again?"));
    assert_string_equal(out.text + out.len - 6, "Draw.\n");
    assert_int_equal(gs_mnk_stones(g, &s), 9);
    free(out.text);

    cli_mnk_play_options po;
    cli_mnk_play_options_init(&po);
    po.write = to_buffer;
    assert_int_equal(cli_mnk_play(g, pl, &s, &po), GS_EINVAL);
    assert_int_equal(cli_mnk_play(g, NULL, &s, NULL), GS_EINVAL);
    gs_mnk_player_free(pl);
    gs_mnk_free(g);
}

/* The hint's words by search: to the end, to a depth, by MCTS. */
static void test_mnk_hint(void **state)
{
    (void)state;
    gs_mnk *g = mnk_fixture_make(3, 3, 3);
    static const char *const answers[] = {"h", "q"};
    struct {
        gs_algo algo;
        int depth;
        const char *position, *want;
    } cases[] = {
        {GS_ALPHABETA, 0, "XX.OO....", "hint: c1 (you win with best play)"},
        {GS_ALPHABETA, 0, "XX.X.O.O.", "hint: c1 (you lose against best "
                                       "play; this holds out longest)"},
        {GS_ALPHABETA, 1, "XX.OO....", "hint: c1 (a forced win for you)"},
        {GS_ALPHABETA, 1, ".........", "hint: b2 (no forced win for either "
                                       "side within 1 ply)"},
        {GS_MCTS, 0, "XX.OO....", "hint: c1 (the move MCTS tried most; not "
                                  "proved)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gs_mnk_player_params pp;
        gs_mnk_player_params_init(&pp);
        pp.algo = cases[i].algo;
        pp.depth = cases[i].depth;
        pp.use_tt = cases[i].algo != GS_MCTS;
        gs_mnk_player *pl = NULL;
        assert_int_equal(gs_mnk_player_new(g, &pp, NULL, &pl), GS_OK);
        sbuf s;
        mnk_fixture_parse(g, cases[i].position, &s);
        script sc = {.answers = answers, .n = 2};
        buffer out = {0};
        sc.out = &out;
        cli_mnk_play_options po;
        cli_mnk_play_options_init(&po);
        po.computer[0] = po.computer[1] = 0;
        po.ask = scripted;
        po.ask_user = &sc;
        po.write = to_buffer;
        po.write_user = &out;
        po.algo = cases[i].algo;
        po.depth = cases[i].depth;
        assert_int_equal(cli_mnk_play(g, pl, &s, &po), GS_OK);
        char want[160];
        snprintf(want, sizeof want, "]%s\n[", cases[i].want);
        if (!strstr(out.text, want))
            fail_msg("case %zu: %s", i, out.text);
        free(out.text);
        gs_mnk_player_free(pl);
    }
    gs_mnk_free(g);
}

/* A whole session against the computer, to the byte: undo at the start
 * and in the game, a hint, a lost game with its line, play again, and the
 * end of input at each prompt. */
static void test_mnk_session(void **state)
{
    (void)state;
    gs_mnk *g = mnk_fixture_make(3, 3, 3);
    gs_mnk_player *pl = NULL;
    assert_int_equal(gs_mnk_player_new(g, NULL, NULL, &pl), GS_OK);
    sbuf s;
    buffer out = {0};
    static const char *const answers[] = {
        "u", "h", "a1", "u", "a1", "b1", "c3", "yes", "b2"};
    gs_mnk_empty(g, &s);
    assert_int_equal(play_script(g, pl, &s, 0, 1, answers, 9, &out), GS_OK);
    /* the computer's lines without their timings */
    char *w = out.text;
    for (char *r = out.text; *r;) {
        if (strncmp(r, "computer move: ", 15) == 0) {
            r = strchr(r, '\n') + 1;
            continue;
        }
        *w++ = *r++;
    }
    *w = '\0';
    assert_string_equal(out.text,
        "     a   b   c\n"
        "  1  . | . | .\n"
        "    ---+---+---\n"
        "  2  . | . | .\n"
        "    ---+---+---\n"
        "  3  . | . | .\n"
        "[X to move (a cell a1-c3 or 1-9; u undo, h hint, q quit): ]Nothing to undo: you have not moved yet.\n"
        "[X to move (a cell a1-c3 or 1-9; u undo, h hint, q quit): ]hint: b2 (a draw with best play)\n"
        "[X to move (a cell a1-c3 or 1-9; u undo, h hint, q quit): ]     a   b   c\n"
        "  1 [X]| . | .\n"
        "    ---+---+---\n"
        "  2  . | . | .\n"
        "    ---+---+---\n"
        "  3  . | . | .\n"
        "computer (O) plays b2\n"
        "     a   b   c\n"
        "  1  X | . | .\n"
        "    ---+---+---\n"
        "  2  . |[O]| .\n"
        "    ---+---+---\n"
        "  3  . | . | .\n"
        "[X to move (a cell a1-c3 or 1-9; u undo, h hint, q quit): ]Took back your move and the computer's.\n"
        "     a   b   c\n"
        "  1  . | . | .\n"
        "    ---+---+---\n"
        "  2  . | . | .\n"
        "    ---+---+---\n"
        "  3  . | . | .\n"
        "[X to move (a cell a1-c3 or 1-9; u undo, h hint, q quit): ]     a   b   c\n"
        "  1 [X]| . | .\n"
        "    ---+---+---\n"
        "  2  . | . | .\n"
        "    ---+---+---\n"
        "  3  . | . | .\n"
        "computer (O) plays b2\n"
        "     a   b   c\n"
        "  1  X | . | .\n"
        "    ---+---+---\n"
        "  2  . |[O]| .\n"
        "    ---+---+---\n"
        "  3  . | . | .\n"
        "[X to move (a cell a1-c3 or 1-9; u undo, h hint, q quit): ]     a   b   c\n"
        "  1  X |[X]| .\n"
        "    ---+---+---\n"
        "  2  . | O | .\n"
        "    ---+---+---\n"
        "  3  . | . | .\n"
        "computer (O) plays c1\n"
        "     a   b   c\n"
        "  1  X | X |[O]\n"
        "    ---+---+---\n"
        "  2  . | O | .\n"
        "    ---+---+---\n"
        "  3  . | . | .\n"
        "[X to move (a cell a1-c3 or 1-9; u undo, h hint, q quit): ]     a   b   c\n"
        "  1  X | X | O\n"
        "    ---+---+---\n"
        "  2  . | O | .\n"
        "    ---+---+---\n"
        "  3  . | . |[X]\n"
        "computer (O) plays a3\n"
        "     a   b   c\n"
        "  1  X | X | o\n"
        "    ---+---+---\n"
        "  2  . | o | .\n"
        "    ---+---+---\n"
        "  3 [o]| . | X\n"
        "The winning line: c1 b2 a3.\n"
        "O wins.\n"
        "[Play again? [y/N] ]     a   b   c\n"
        "  1  . | . | .\n"
        "    ---+---+---\n"
        "  2  . | . | .\n"
        "    ---+---+---\n"
        "  3  . | . | .\n"
        "[X to move (a cell a1-c3 or 1-9; u undo, h hint, q quit): ]     a   b   c\n"
        "  1  . | . | .\n"
        "    ---+---+---\n"
        "  2  . |[X]| .\n"
        "    ---+---+---\n"
        "  3  . | . | .\n"
        "computer (O) plays a1\n"
        "     a   b   c\n"
        "  1 [O]| . | .\n"
        "    ---+---+---\n"
        "  2  . | X | .\n"
        "    ---+---+---\n"
        "  3  . | . | .\n"
        "[X to move (a cell a1-c3 or 1-9; u undo, h hint, q quit): ]Game left unfinished.\n");
    free(out.text);
    gs_mnk_player_free(pl);
    gs_mnk_free(g);
}

/* ---- Trees ---- */

static gs_tree *parse_tree(const char *text)
{
    gs_tree *tree = NULL;
    gs_error err;
    if (gs_tree_parse(text, strlen(text), NULL, &tree, &err) != GS_OK)
        fail_msg("'%s': %s", text, err.message);
    return tree;
}

/* What `gamesearch tree` says when a tree is deeper than the search. */
static void test_tree_ply_limit_text(void **state)
{
    (void)state;
    char text[512];
    gs_tree *tree = parse_tree("['A', ['B', ('E', 3), ('F', 12), ('G', 8)], "
                               "['C', ('H', 2), ('I', 4), ('J', 6)], "
                               "['D', ('K', 14), ('L', 5), ['M', ('N', 7), "
                               "('O', 2)]]]");   /* nested, 3 plies, 2 agents */
    const char *nested = "the tree is 3 plies deep, more than the 2 plies "
        "gamesearch searches; a nested list has values only at its leaves, "
        "so --depth cannot cut it off: write it as lines, with values for "
        "the nodes at a cutoff of at most 1 rounds, and give that --depth";
    assert_int_equal(cli_tree_ply_limit_text(tree, 0, 0, 2, text, sizeof text),
                     strlen(nested));
    assert_string_equal(text, nested);
    gs_tree_free(tree);

    tree = parse_tree("A: B C\nB = 1\nC: D\nD: B\n");   /* lines, 3 plies */
    const char *beyond = "the tree is 3 plies deep and a cutoff of 3 rounds "
        "(6 plies) lies beyond the 5 plies gamesearch searches; give --depth "
        "at most 2";
    assert_int_equal(cli_tree_ply_limit_text(tree, 3, 6, 5, text, sizeof text),
                     strlen(beyond));
    assert_string_equal(text, beyond);
    const char *none = "the tree is 3 plies deep, more than the 2 plies "
        "gamesearch searches; cut it off with --depth N, N at most 1 rounds, "
        "the nodes at the cutoff given values";
    assert_int_equal(cli_tree_ply_limit_text(tree, 0, 0, 2, text, sizeof text),
                     strlen(none));
    assert_string_equal(text, none);
    /* cut short as snprintf cuts, the whole length still returned */
    assert_int_equal(cli_tree_ply_limit_text(tree, 0, 0, 2, text, 12),
                     strlen(none));
    assert_string_equal(text, "the tree is");
    gs_tree_free(tree);

    /* three agents: the rounds are the plies divided by three */
    tree = parse_tree("agents: max min min\nA: B\nB: C\nC: D\nD = 1\n");
    assert_int_equal(cli_tree_ply_limit_text(tree, 0, 0, 2, text, sizeof text),
                     strlen(none));
    assert_string_equal(text, "the tree is 3 plies deep, more than the 2 "
                        "plies gamesearch searches; cut it off with --depth "
                        "N, N at most 0 rounds, the nodes at the cutoff given "
                        "values");
    gs_tree_free(tree);
}

/* ---- Pacman ---- */

static void test_pacman_status_text(void **state)
{
    (void)state;
    static const char corridor[] = "%%%%%%%%%%%%%%%\n"
                                   "%P . . . . . G%\n"
                                   "% %%%%%%%%%%% %\n"
                                   "%o . . . . . .%\n"
                                   "%%%%%%%%%%%%%%%\n";
    gs_pacman *w = world_from(corridor, strlen(corridor), 1, NULL, "corridor");
    void *s = new_state(w);
    gs_pac_batch b;
    assert_int_equal(gs_pac_batch_init(&b, w, 3, NULL, NULL), GS_OK);
    gs_pac_game_result won;
    memset(&won, 0, sizeof won);
    won.result = GS_PAC_WIN;
    won.score = 503;
    char buf[256];
    static const char move[] = "Score: 0   food: 11   game 2 of 3   q quits";
    assert_int_equal(pac_status_text(&b, 2, s, NULL, false, PAC_MOMENT_MOVE,
                                     buf, sizeof buf),
                     strlen(move));
    assert_string_equal(buf, move);
    pac_status_text(&b, 1, s, NULL, true, PAC_MOMENT_MOVE, buf, sizeof buf);
    assert_string_equal(buf, "Score: 0   food: 11   game 1 of 3   "
                             "arrows/WASD move, space stops, q quits");
    pac_status_text(&b, 2, s, NULL, true, PAC_MOMENT_START, buf, sizeof buf);
    assert_string_equal(buf, "game 2 of 3: an arrow key or WASD starts it, "
                             "q quits");
    pac_status_text(&b, 1, s, NULL, false, PAC_MOMENT_TRAINING, buf,
                    sizeof buf);
    assert_string_equal(buf, "game 1: training, not shown");
    pac_status_text(&b, 3, s, &won, false, PAC_MOMENT_OVER, buf, sizeof buf);
    assert_string_equal(buf, "Pacman emerges victorious! Score: 503   game 3 "
                             "of 3");
    /* A replay says so, and takes no keys but q. */
    gs_pac_record replay;
    b.replay = &replay;
    pac_status_text(&b, 1, s, NULL, true, PAC_MOMENT_MOVE, buf, sizeof buf);
    assert_string_equal(buf, "Score: 0   food: 11   replay, game 1 of 3   "
                             "q quits");
    b.replay = NULL;
    /* As snprintf: the whole length, what fits kept. */
    assert_int_equal(pac_status_text(&b, 2, s, NULL, false, PAC_MOMENT_MOVE,
                                     NULL, 0),
                     strlen(move));
    assert_int_equal(pac_status_text(&b, 2, s, NULL, false, PAC_MOMENT_MOVE,
                                     buf, 9),
                     strlen(move));
    assert_string_equal(buf, "Score: 0");
    gs_pac_batch_free(&b);
    free(s);
    gs_pacman_free(w);
}

/* A batch's progress line, before and after games count (a training game
 * only as done). */
static void test_pacman_tally_text(void **state)
{
    (void)state;
    gs_pac_tally t = {0, 0, 0, 0};
    char buf[128];
    pac_tally_text(&t, 10, 2.0, buf, sizeof buf);
    assert_string_equal(buf, "0/10 games, 0 wins, mean score -, 0.0 games/s");
    gs_pac_game_result g;
    memset(&g, 0, sizeof g);
    g.result = GS_PAC_WIN;
    g.score = 500;
    gs_pac_tally_add(&t, &g, true);
    gs_pac_tally_add(&t, &g, false);
    g.result = GS_PAC_TIMED_OUT;
    g.score = -3;
    gs_pac_tally_add(&t, &g, false);
    static const char want[] =
        "3/10 games, 1 wins, mean score 248.5, 1.5 games/s";
    assert_int_equal(pac_tally_text(&t, 10, 2.0, buf, sizeof buf),
                     strlen(want));
    assert_string_equal(buf, want);
    assert_int_equal(pac_tally_text(&t, 10, 2.0, buf, 5), strlen(want));
    assert_string_equal(buf, "3/10");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_file),
        cmocka_unit_test(test_game_text),
        cmocka_unit_test(test_answer),
        cmocka_unit_test(test_move_message),
        cmocka_unit_test(test_position_message),
        cmocka_unit_test(test_c4_play_text),
        cmocka_unit_test(test_mnk_move_text),
        cmocka_unit_test(test_mnk_board),
        cmocka_unit_test(test_mnk_play),
        cmocka_unit_test(test_mnk_session),
        cmocka_unit_test(test_mnk_hint),
        cmocka_unit_test(test_tree_ply_limit_text),
        cmocka_unit_test(test_pacman_status_text),
        cmocka_unit_test(test_pacman_tally_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
