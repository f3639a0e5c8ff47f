/* Output files written whole or not at all (see outfile.h). */
#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

/* Symbolic links followed at most, as the kernel's own limit (ELOOP). */
enum { MAX_LINKS = 40 };

static void say(const char *cmd, const cli_outfile *out, int reason)
{
    if (strcmp(out->path, "-") == 0)   /* as for what else is printed */
        cli_error(NULL, "cannot write to standard output: %s",
                  strerror(reason ? reason : EIO));
    else
        cli_error(cmd, "%s %s: cannot write: %s", out->option, out->path,
                  strerror(reason ? reason : EIO));
}

static char *copy(const char *s, size_t n)
{
    char *c = malloc(n + 1);
    if (c) {
        memcpy(c, s, n);
        c[n] = '\0';
    }
    return c;
}

/* The file path leads to once its symbolic links are followed (a name not
 * taken yet is its own), in *target (malloc); 0 or an errno. */
static int follow_links(const char *path, char **target)
{
    char *cur = copy(path, strlen(path));
    for (int hops = 0; cur; hops++) {
        struct stat st;
        if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode)) {
            *target = cur;
            return 0;
        }
        if (hops == MAX_LINKS) {
            free(cur);
            return ELOOP;
        }
        char link[4096];
        ssize_t n = readlink(cur, link, sizeof link - 1);
        if (n < 0) {
            int e = errno;
            free(cur);
            return e;
        }
        link[n] = '\0';
        const char *slash = strrchr(cur, '/');
        size_t dir = link[0] == '/' || !slash ? 0 : (size_t)(slash - cur) + 1;
        char *next = malloc(dir + (size_t)n + 1);
        if (next) {
            memcpy(next, cur, dir);
            memcpy(next + dir, link, (size_t)n + 1);
        }
        free(cur);
        cur = next;
    }
    return ENOMEM;
}

/* Gives the file fd the owner and group of the file it replaces (old),
 * as far as this process may: root may give any, others only a group
 * they belong to, so EPERM is not a failure for them (the file is then
 * theirs, as a file they create anew is). 0 or an errno. */
static int keep_owner(int fd, const struct stat *old)
{
    if (fchown(fd, old->st_uid, old->st_gid) == 0)
        return 0;
    if (errno != EPERM || geteuid() == 0)
        return errno;
    if (fchown(fd, (uid_t)-1, old->st_gid) == 0 || errno == EPERM)
        return 0;
    return errno;
}

/*
 * The temporary files not yet renamed or removed, so that a run stopped
 * by a signal (Ctrl-C, kill, a closed terminal) leaves none behind: the
 * handler removes them, then lets the signal do what it did before (the
 * handler there was, or the default: the process ends by the signal). A
 * signal ignored stays ignored. A command writes a few outputs at most;
 * one beyond the slots is still written, only not removed on a signal.
 */
enum { PENDING_SLOTS = 8 };
static char *volatile pending[PENDING_SLOTS];
static const int caught[] = {SIGINT, SIGTERM, SIGHUP};
static struct sigaction before[sizeof caught / sizeof caught[0]];
static bool handlers_set;

static void on_signal(int sig)
{
    for (size_t i = 0; i < PENDING_SLOTS; i++) {
        char *p = pending[i];
        if (p)
            unlink(p);
    }
    for (size_t i = 0; i < sizeof caught / sizeof caught[0]; i++) {
        if (caught[i] != sig)
            continue;
        sigaction(sig, &before[i], NULL);
        if (before[i].sa_handler != SIG_DFL && before[i].sa_handler != SIG_IGN)
            before[i].sa_handler(sig);
        else
            raise(sig);   /* delivered when this handler returns */
    }
}

static void remember(char *temp)
{
    if (!handlers_set) {
        handlers_set = true;
        for (size_t i = 0; i < sizeof caught / sizeof caught[0]; i++) {
            sigaction(caught[i], NULL, &before[i]);
            if (before[i].sa_handler == SIG_IGN ||
                (before[i].sa_flags & SA_SIGINFO))
                continue;
            struct sigaction sa;
            memset(&sa, 0, sizeof sa);
            sa.sa_handler = on_signal;
            sigaction(caught[i], &sa, NULL);
        }
    }
    for (size_t i = 0; i < PENDING_SLOTS; i++)
        if (!pending[i]) {
            pending[i] = temp;
            return;
        }
}

static void forget(const char *temp)
{
    for (size_t i = 0; i < PENDING_SLOTS; i++)
        if (pending[i] == temp)
            pending[i] = NULL;
}

/* Creates the temporary file beside out->target with `mode` and, when it
 * replaces a file (old not NULL), that file's owner and group (before
 * the mode, which a change of owner may clear bits of); 0 or an errno. */
static int open_temp(cli_outfile *out, mode_t mode, const struct stat *old)
{
    const char *t = out->target, *slash = strrchr(t, '/');
    size_t dir = slash ? (size_t)(slash - t) + 1 : 0;
    size_t size = strlen(t) + sizeof ".gs-XXXXXX" + 1;
    if (!(out->temp = malloc(size)))
        return ENOMEM;
    snprintf(out->temp, size, "%.*s.%s.gs-XXXXXX", (int)dir, t, t + dir);
    int fd = mkstemp(out->temp);
    if (fd < 0) {
        int e = errno;
        free(out->temp);
        out->temp = NULL;
        return e;
    }
    int e = old ? keep_owner(fd, old) : 0;
    if (e || fchmod(fd, mode) != 0 || !(out->f = fdopen(fd, "w"))) {
        e = e ? e : errno;
        close(fd);
        unlink(out->temp);
        free(out->temp);
        out->temp = NULL;
        return e;
    }
    remember(out->temp);
    return 0;
}

/* Standard output for out; what else is printed goes to standard error.
 * 0 or an errno. */
static int open_stdout(cli_outfile *out)
{
    fflush(stdout);
    int fd = dup(STDOUT_FILENO);
    if (fd < 0)
        return errno;
    if (dup2(STDERR_FILENO, STDOUT_FILENO) < 0 || !(out->f = fdopen(fd, "w"))) {
        int e = errno;
        close(fd);
        return e;
    }
    return 0;
}

/* Opens out->path; 0 or an errno. */
static int open_path(cli_outfile *out)
{
    if (strcmp(out->path, "-") == 0)
        return open_stdout(out);
    int e = follow_links(out->path, &out->target);
    if (e)
        return e;
    struct stat st;
    if (stat(out->target, &st) == 0 && !S_ISREG(st.st_mode)) {
        /* a device, a pipe (a directory is refused by fopen) */
        free(out->target);
        out->target = NULL;
        return (out->f = fopen(out->path, "w")) ? 0 : errno;
    }
    mode_t mode;
    bool exists = false;
    if (stat(out->target, &st) == 0) {
        mode = st.st_mode & 07777;
        exists = true;
    } else if (errno == ENOENT) {
        /* A new file gets the mode open() would give it. (The umask is
         * read by setting it back: this runs before any thread starts.) */
        mode_t mask = umask(077);
        umask(mask);
        mode = 0666 & ~mask;
    } else {
        return errno;
    }
    return open_temp(out, mode, exists ? &st : NULL);
}

bool cli_outfile_open(const char *cmd, cli_outfile *out, const char *option,
                      const char *path, const char *input, const char *what)
{
    *out = (cli_outfile)CLI_OUTFILE_NONE;
    if (!path)
        return true;
    out->option = option;
    out->path = path;
    if (strcmp(path, "-") != 0 && input && strcmp(input, "-") != 0 &&
        cli_same_file(path, input)) {
        cli_error(cmd, "%s %s names %s: give another name", option, path,
                  what);
        return false;
    }
    if (strcmp(path, "-") != 0 && cli_is_stdout_file(path)) {
        cli_error(cmd, "%s %s is also standard output: give another name",
                  option, path);
        return false;
    }
    int e = open_path(out);
    if (e) {
        say(cmd, out, e);
        free(out->target);
        out->target = NULL;
        return false;
    }
    return true;
}

/* Why data written to out was lost, when a write failed earlier and its
 * errno is gone: one byte more to the temporary file, which is removed
 * anyway, or an empty write to a device, says it again (a full disk
 * answers ENOSPC). */
static int ask_again(const cli_outfile *out)
{
    int fd = fileno(out->f);
    errno = 0;
    if (write(fd, "\n", out->temp ? 1 : 0) < 0)
        return errno;
    return EIO;
}

int cli_outfile_wrote(const char *cmd, cli_outfile *out, bool wrote)
{
    int e = errno;   /* a failed write's, when the writer stopped on it */
    if (!out->f)
        return 0;
    if (!ferror(out->f)) {
        if (!wrote) {
            cli_error(cmd, "%s %s: out of memory", out->option, out->path);
            return 1;
        }
        errno = 0;
        if (fflush(out->f) == 0)
            return 0;
        e = errno;
    } else {
        int again = ask_again(out);
        e = again != EIO || !e ? again : e;
    }
    say(cmd, out, e);
    return 1;
}

/* Everything written to out on the disk, and out closed: 0 or an errno. */
static int finish(cli_outfile *out)
{
    int e = 0;
    errno = 0;
    if (fflush(out->f) != 0)
        e = errno ? errno : EIO;
    if (!e && ferror(out->f))
        e = ask_again(out);
    if (!e && out->temp && fsync(fileno(out->f)) != 0)
        e = errno;
    errno = 0;
    if (fclose(out->f) != 0 && !e)
        e = errno ? errno : EIO;
    out->f = NULL;
    return e;
}

int cli_outfile_commit(const char *cmd, cli_outfile *const *outs, size_t n,
                       int status)
{
    for (size_t i = 0; status == 0 && i < n; i++) {
        int e = outs[i]->f ? finish(outs[i]) : 0;
        if (e) {
            say(cmd, outs[i], e);
            status = 1;
        }
    }
    for (size_t i = 0; status == 0 && i < n; i++) {
        cli_outfile *out = outs[i];
        if (out->temp && rename(out->temp, out->target) != 0) {
            say(cmd, out, errno);
            status = 1;
        } else if (out->temp) {
            forget(out->temp);
            free(out->temp);
            out->temp = NULL;
        }
    }
    for (size_t i = 0; i < n; i++)
        cli_outfile_discard(outs[i]);
    return status;
}

void cli_outfile_discard(cli_outfile *out)
{
    if (out->f)
        fclose(out->f);
    out->f = NULL;
    if (out->temp) {
        forget(out->temp);
        unlink(out->temp);
    }
    free(out->temp);
    free(out->target);
    out->temp = out->target = NULL;
}
