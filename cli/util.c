/* Shared helpers of the gamesearch program (see util.h). */
#include "util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Writes text to a FILE for the library's writers. */
int cli_file_write(void *f, const char *text, size_t len)
{
    return fwrite(text, 1, len, f) == len ? 0 : -1;
}

/* Writes s to f escaped as cli_quote does, whole. */
static void put_escaped(FILE *f, const char *s)
{
    while (*s) {
        char piece[512];
        s += gs_text_escape(s, sizeof piece - 1, piece, sizeof piece);
        fputs(piece, f);
    }
}

const char *cli_quote(char *buf, const char *s)
{
    if (s[gs_text_escape(s, CLI_QUOTE_MAX, buf, CLI_QUOTE_SIZE)])
        strcat(buf, "...");
    return buf;
}

static void error_to(FILE *f, const char *cmd, const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    fflush(stdout);
    char small[1024], *msg = small;
    int len = vsnprintf(small, sizeof small, fmt, ap);
    if (len >= (int)sizeof small && (msg = malloc((size_t)len + 1)) != NULL)
        vsnprintf(msg, (size_t)len + 1, fmt, again);
    va_end(again);
    if (!msg)
        msg = small;
    /* The line in one write, so that what other processes write on the
     * same standard error (mpirun, the other ranks) cannot come between
     * its pieces: every byte escaped takes at most four. */
    size_t cap = 4 * strlen(msg) + (cmd ? strlen(cmd) : 0) + 16;
    char *line = malloc(cap);
    if (line) {
        size_t n = (size_t)snprintf(line, cap, "gamesearch%s%s: ",
                                    cmd ? " " : "", cmd ? cmd : "");
        gs_text_escape(msg, cap - n - 2, line + n, cap - n - 1);
        n += strlen(line + n);
        line[n++] = '\n';
        fwrite(line, 1, n, f);
        free(line);
    } else {
        fprintf(f, "gamesearch%s%s: ", cmd ? " " : "", cmd ? cmd : "");
        put_escaped(f, msg);
        fputc('\n', f);
    }
    if (msg != small)
        free(msg);
}

void cli_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    error_to(stderr, cmd, fmt, ap);
    va_end(ap);
}

void cli_error_to(FILE *f, const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    error_to(f, cmd, fmt, ap);
    va_end(ap);
}

int cli_close_stdout(int status)
{
    /* A write that failed earlier left only the error flag; its errno may
     * be long gone, so an empty write asks the descriptor again (a full
     * device answers ENOSPC). */
    bool lost = ferror(stdout) != 0;
    int reason = 0;
    errno = 0;
    if (fflush(stdout) != 0) {
        lost = true;
        reason = errno;
    }
    if (lost && !reason) {
        errno = 0;
        if (write(STDOUT_FILENO, "", 0) < 0)
            reason = errno;
    }
    /* A descriptor closed before the start (">&-") that was never written
     * to has lost nothing. */
    errno = 0;
    if (fclose(stdout) != 0 && !lost && errno != EBADF) {
        lost = true;
        reason = errno;
    }
    if (!lost)
        return status;
    fprintf(stderr, "gamesearch: cannot write to standard output: %s\n",
            reason ? strerror(reason) : "write error");
    return status ? status : 1;
}

int cli_read_all(const char *path, char **data, size_t *len, char *err,
                 size_t errsize)
{
    gs_error e;
    int st = strcmp(path, "-") == 0
             ? gs_read_stream(stdin, CLI_MAX_INPUT, NULL, data, len, &e)
             : gs_read_file(path, CLI_MAX_INPUT, NULL, data, len, &e);
    if (st != GS_OK)
        snprintf(err, errsize, "%s", e.message);
    return st == GS_OK ? 0 : -1;
}

cli_line cli_read_line(FILE *f, char *buf, size_t *len)
{
    size_t n = 0;
    int c;
    errno = 0;
    while ((c = getc(f)) != EOF) {
        if (c == '\n') {
            buf[n++] = '\n';
            break;
        }
        if (n == CLI_LINE_MAX) {
            buf[n] = '\0';
            *len = n;
            return CLI_LINE_LONG;
        }
        buf[n++] = (char)c;
    }
    buf[n] = '\0';
    *len = n;
    if (c == EOF && ferror(f))
        return CLI_LINE_ERROR;
    return c == EOF && n == 0 ? CLI_LINE_END : CLI_LINE_OK;
}

cli_line cli_read_answer(char *buf)
{
    size_t n;
    cli_line st = cli_read_line(stdin, buf, &n);
    if (st != CLI_LINE_OK)
        return st;
    while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
        buf[--n] = '\0';
    if (!isatty(STDIN_FILENO)) {
        put_escaped(stdout, buf);
        putchar('\n');
    }
    return CLI_LINE_OK;
}

int cli_answer_status(const char *cmd, cli_line st)
{
    if (st == CLI_LINE_LONG)
        cli_error(cmd, "standard input: an answer longer than %d bytes, "
                  "more than any move: the rest of the input is not read",
                  CLI_LINE_MAX);
    else if (st == CLI_LINE_ERROR)
        cli_error(cmd, "reading standard input: %s",
                  errno ? strerror(errno) : "read error");
    else
        return 0;
    return EXIT_BAD_INPUT;
}

/* Whether two paths of files that do not exist yet name one directory
 * entry: the same last component in the same directory. */
static bool same_new_file(const char *a, const char *b)
{
    const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
    const char *na = sa ? sa + 1 : a, *nb = sb ? sb + 1 : b;
    if (strcmp(na, nb) != 0)
        return false;
    char da[4096], db[4096];
    snprintf(da, sizeof da, "%.*s", sa ? (int)(sa - a) + 1 : 1, sa ? a : ".");
    snprintf(db, sizeof db, "%.*s", sb ? (int)(sb - b) + 1 : 1, sb ? b : ".");
    struct stat st_a, st_b;
    if (stat(da, &st_a) != 0 || stat(db, &st_b) != 0)
        return strcmp(a, b) == 0;
    return st_a.st_dev == st_b.st_dev && st_a.st_ino == st_b.st_ino;
}

bool cli_same_file(const char *a, const char *b)
{
    if (!a || !b)
        return false;
    struct stat sa, sb;
    bool ea = stat(a, &sa) == 0, eb = stat(b, &sb) == 0;
    if (!ea && !eb)
        return same_new_file(a, b);
    /* Devices and pipes (/dev/null, /dev/full) may take several writers. */
    return ea && eb && S_ISREG(sa.st_mode) && S_ISREG(sb.st_mode) &&
           sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

bool cli_file_is_fd(const char *path, int fd)
{
    struct stat sp, so;
    return path && stat(path, &sp) == 0 && S_ISREG(sp.st_mode) &&
           fstat(fd, &so) == 0 && S_ISREG(so.st_mode) &&
           sp.st_dev == so.st_dev && sp.st_ino == so.st_ino;
}
