/*
 * cli/util.h: what every gamesearch subcommand shares: reading inputs,
 * argument scanning, error reporting, and writing numbers and strings for
 * people, JSON and Graphviz.
 */
#ifndef GS_CLI_UTIL_H
#define GS_CLI_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <unistd.h>

#include "gamesearch/file.h"
#include "gamesearch/text.h"

/* Exit statuses. */
enum { EXIT_BAD_INPUT = 2 };

/* Inputs larger than this are refused with a message (not read). */
#define CLI_MAX_INPUT GS_READ_MAX

/*
 * User text quoted in a message: control bytes and bytes that are not
 * UTF-8 written as \xHH (so that an escape sequence is shown, never
 * obeyed by the terminal), and text longer than CLI_QUOTE_MAX bytes so
 * written cut at a character boundary and ended with "...". Returns buf,
 * which needs CLI_QUOTE_SIZE bytes; CLI_Q(s) gives it a buffer that lives
 * until the end of the enclosing full expression's block, as in
 * cli_error(cmd, "not '%s'", CLI_Q(v)).
 */
#define CLI_QUOTE_MAX 64
#define CLI_QUOTE_SIZE (CLI_QUOTE_MAX + 8)
const char *cli_quote(char *buf, const char *s);
#define CLI_Q(s) cli_quote((char[CLI_QUOTE_SIZE]){0}, (s))

/* Prints "gamesearch CMD: MESSAGE\n" on standard error, MESSAGE with its
 * control bytes and bytes that are not UTF-8 escaped as cli_quote does
 * (nothing shortened). */
void cli_error(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* The same message on f (a job's standard error, buffered). */
void cli_error_to(FILE *f, const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/*
 * Reads all of `path` ("-" for standard input) into a new buffer (*data,
 * *len; NUL-terminated for convenience, the NUL not counted; free() it):
 * gs_read_file and gs_read_stream (gamesearch/file.h). Returns 0, or -1
 * with their message for the user in err (no file name in it).
 */
int cli_read_all(const char *path, char **data, size_t *len, char *err,
                 size_t errsize);

/* Parses a whole decimal integer in [lo, hi]; false otherwise. These
 * parsers are the library's (gamesearch/text.h). */
#define cli_parse_long(s, lo, hi, out) gs_parse_long((s), (lo), (hi), (out))
/* A board size "ROWSxCOLUMNS" ("3x4"; 'X' too), each 1 to max: true and
 * *rows, *cols, or false. */
#define cli_parse_size(s, max, rows, cols) \
    gs_parse_size((s), (max), (rows), (cols))
/* What it wants, for messages: "ROWSxCOLUMNS, each 1 to 32" (max a
 * number or a macro for one). */
#define CLI_SIZE_WANT(max) "ROWSxCOLUMNS, each 1 to " CLI_STRING(max)
#define CLI_STRING(x) CLI_STRING_(x)
#define CLI_STRING_(x) #x
/* A number of seconds, 0 to one day (fractions allowed): true and *out,
 * or false. */
#define cli_parse_seconds(s, out) gs_parse_double((s), 0.0, 86400.0, (out))

/* Numbers and strings for people, JSON and Graphviz: the library's
 * formats (gamesearch/text.h), here for FILEs; a buffer for a number
 * needs GS_NUMBER_SIZE (32) bytes. */
int cli_file_write(void *f, const char *text, size_t len);
#define cli_format_double(v, buf) ((void)gs_format_double((v), (buf)))
#define cli_format_py_float(v, buf) ((void)gs_format_py_float((v), (buf)))
#define cli_format_value(v, buf) ((void)gs_format_value((v), (buf)))
#define cli_format_count(n, buf, size) ((void)gs_format_count((n), (buf), (size)))
#define cli_json_number(f, v) ((void)gs_json_number((v), cli_file_write, (f)))
#define cli_json_string(f, s) ((void)gs_json_string((s), cli_file_write, (f)))
#define cli_dot_string(f, s) ((void)gs_dot_string((s), cli_file_write, (f)))

/*
 * Flushes and closes standard output. When anything written to it was
 * lost (a full disk, a closed pipe with SIGPIPE ignored, an I/O error),
 * says so ("gamesearch: cannot write to standard output: REASON") and
 * returns 1 if status was 0; otherwise returns status.
 */
int cli_close_stdout(int status);

/* Whether paths a and b name one file that two writers (or a reader and a
 * writer) would spoil: one regular file (the same device and inode), or,
 * for files that do not exist yet, the same name in one directory.
 * Devices and pipes such as /dev/null are never "one"; NULL is no file. */
bool cli_same_file(const char *a, const char *b);
/* Whether path names the regular file that the descriptor fd is open on. */
bool cli_file_is_fd(const char *path, int fd);
/* Whether path names the regular file that standard output writes to. */
#define cli_is_stdout_file(path) cli_file_is_fd((path), STDOUT_FILENO)

/*
 * Lines of standard input (connect4 solve's positions, a person's answers
 * at a prompt) are read with one bound: a line of more than CLI_LINE_MAX
 * bytes before its newline is no position (at most 63 moves and a few
 * blanks) and no answer, so it is refused as soon as its first
 * CLI_LINE_MAX + 1 bytes are seen, never stored whole (a stream without
 * a newline, such as /dev/zero, would never end). A buffer for a line
 * needs CLI_LINE_SIZE bytes: the line, its newline and a NUL.
 */
#define CLI_LINE_MAX 1024
#define CLI_LINE_SIZE (CLI_LINE_MAX + 2)

/* What cli_read_line found. */
typedef enum cli_line {
    CLI_LINE_OK,      /* a line (the last one may lack its newline) */
    CLI_LINE_END,     /* the end of the input: nothing more was read */
    CLI_LINE_LONG,    /* more than CLI_LINE_MAX bytes before a newline; the
                         rest of the input is left unread */
    CLI_LINE_ERROR    /* the input cannot be read; errno says why */
} cli_line;

/* Reads the next line of f into buf (CLI_LINE_SIZE bytes): *len bytes,
 * its newline included when it has one, then a NUL (a line may hold NUL
 * bytes too: *len counts them). */
cli_line cli_read_line(FILE *f, char *buf, size_t *len);

/* Reads a person's answer with cli_read_line from standard input into buf
 * (CLI_LINE_SIZE bytes), without its newline or a CR before it, and
 * echoes it when standard input is not a terminal, so that a piped
 * session reads as one at the terminal would. */
cli_line cli_read_answer(char *buf);

/* Says on standard error why cli_read_answer stopped the game: an answer
 * too long (CLI_LINE_LONG), or standard input that cannot be read
 * (CLI_LINE_ERROR, errno as cli_read_answer left it). Returns
 * EXIT_BAD_INPUT for those, else 0 (nothing said). */
int cli_answer_status(const char *cmd, cli_line st);

#endif /* GS_CLI_UTIL_H */
