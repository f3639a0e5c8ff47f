/* The readers of file.h: a whole file or stream read into memory. */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>

#include "gamesearch/file.h"

static int fail(gs_error *err, int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static int fail(gs_error *err, int status, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        err->line = 0;
        err->column = 0;
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return status;
}

/* "cannot open: REASON" and the like, REASON from the errno e. */
static int fail_errno(gs_error *err, const char *what, int e)
{
    char why[128];
    if (strerror_r(e, why, sizeof why) != 0)
        snprintf(why, sizeof why, "error %d", e);
    return fail(err, GS_EINVAL, "%s: %s", what, why);
}

/* "larger than 1 GiB (1073741824 bytes), the most gamesearch reads": the
 * limit in the largest unit that it is a whole number of. */
static int too_large(gs_error *err, size_t max)
{
    static const char *const unit[] = {"GiB", "MiB", "KiB"};
    for (int u = 0; u < 3; u++) {
        size_t size = (size_t)1 << (30 - 10 * u);
        if (max >= size && max % size == 0)
            return fail(err, GS_ETOOBIG, "larger than %zu %s (%zu bytes), "
                        "the most gamesearch reads", max / size, unit[u],
                        max);
    }
    return fail(err, GS_ETOOBIG, "larger than %zu bytes, the most "
                "gamesearch reads", max);
}

int gs_read_stream(FILE *f, size_t max, const gs_allocator *alloc,
                   char **data, size_t *len, gs_error *err)
{
    if (!data || !len)
        return fail(err, GS_EINVAL, "no place for the data");
    *data = NULL;
    *len = 0;
    if (!f)
        return fail(err, GS_EINVAL, "no stream");
    if (!alloc)
        alloc = gs_default_allocator();
    if (max == 0)
        max = GS_READ_MAX;
    if (max == SIZE_MAX)
        max--;                /* room for the NUL */
    size_t cap = (size_t)1 << 16, n = 0;
    /* A regular file's size is known: one too large is refused unread, and
     * the block is made its size at once. */
    struct stat st;
    if (fstat(fileno(f), &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return fail(err, GS_EINVAL, "is a directory, not a file");
        if (S_ISREG(st.st_mode)) {
            if ((uintmax_t)st.st_size > (uintmax_t)max)
                return too_large(err, max);
            cap = (size_t)st.st_size;
        }
    }
    if (cap > max)
        cap = max;
    char *buf = alloc->fn(alloc->user, NULL, 0, cap + 1);
    if (!buf)
        return fail(err, GS_ENOMEM, "out of memory");
    int status = GS_OK;
    for (;;) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap) {
            if (ferror(f))
                status = fail_errno(err, "read error", errno);
            break;
        }
        /* The block is full: one more byte says whether there is more.
         * Exactly max bytes are accepted. */
        int c = fgetc(f);
        if (c == EOF) {
            if (ferror(f))
                status = fail_errno(err, "read error", errno);
            break;
        }
        if (n == max) {
            status = too_large(err, max);
            break;
        }
        size_t grown = cap < ((size_t)1 << 15) ? (size_t)1 << 16
                       : cap > max / 2 ? max : 2 * cap;
        if (grown > max)
            grown = max;
        char *nb = alloc->fn(alloc->user, buf, cap + 1, grown + 1);
        if (!nb) {
            status = fail(err, GS_ENOMEM, "out of memory");
            break;
        }
        buf = nb;
        cap = grown;
        buf[n++] = (char)c;
    }
    if (status == GS_OK && cap != n) {
        /* The block is len + 1 bytes, as its owner frees it. */
        char *nb = alloc->fn(alloc->user, buf, cap + 1, n + 1);
        if (nb) {
            buf = nb;
            cap = n;
        } else {
            status = fail(err, GS_ENOMEM, "out of memory");
        }
    }
    if (status != GS_OK) {
        alloc->fn(alloc->user, buf, cap + 1, 0);
        return status;
    }
    buf[n] = '\0';
    *data = buf;
    *len = n;
    return GS_OK;
}

int gs_read_file(const char *path, size_t max, const gs_allocator *alloc,
                 char **data, size_t *len, gs_error *err)
{
    if (!data || !len)
        return fail(err, GS_EINVAL, "no place for the data");
    *data = NULL;
    *len = 0;
    if (!path)
        return fail(err, GS_EINVAL, "no file name");
    FILE *f = fopen(path, "rb");
    if (!f)
        return fail_errno(err, "cannot open", errno);
    int status = gs_read_stream(f, max, alloc, data, len, err);
    fclose(f);
    return status;
}
