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
 *     stopping at a refusing writer.
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
#include "util.h"

#include "connect4_fixture.h"
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
                         NULL};
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
                "X to move (a column 1-7, q to quit): ");
    gs_c4_state o = position(g, "1");
    expect_text(&out, cli_c4_prompt_write(g, &o, to_buffer, &out),
                "O to move (a column 1-7, q to quit): ");
    free(out.text);
    expect_answer(g, &s, "3", 2, NULL);
    expect_answer(g, &s, " \t7\t ", 6, NULL);
    expect_answer(g, &s, "+1", 0, NULL);
    expect_answer(g, &s, "q", CLI_C4_ANSWER_QUIT, NULL);
    expect_answer(g, &s, "  quit ", CLI_C4_ANSWER_QUIT, NULL);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_file),
        cmocka_unit_test(test_game_text),
        cmocka_unit_test(test_answer),
        cmocka_unit_test(test_move_message),
        cmocka_unit_test(test_position_message),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
