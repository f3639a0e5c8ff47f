/*
 * games/pacman/writer.c: the buffered text writer of the Pacman writers
 * (play_internal.h): pieces of text gathered into a buffer and handed to
 * the caller's gs_write_fn a buffer at a time.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "play_internal.h"

void pac_writer_init(pac_writer *w, gs_write_fn fn, void *user)
{
    w->fn = fn;
    w->user = user;
    w->status = 0;
    w->used = 0;
}

void pac_flush(pac_writer *w)
{
    if (w->used && w->status == 0)
        w->status = w->fn(w->user, w->buf, w->used);
    w->used = 0;
}

void pac_put(pac_writer *w, const char *s, size_t n)
{
    while (n > 0 && w->status == 0) {
        if (w->used == sizeof w->buf)
            pac_flush(w);
        size_t k = sizeof w->buf - w->used < n ? sizeof w->buf - w->used : n;
        memcpy(w->buf + w->used, s, k);
        w->used += k;
        s += k;
        n -= k;
    }
}

void pac_puts(pac_writer *w, const char *s)
{
    pac_put(w, s, strlen(s));
}

void pac_putf(pac_writer *w, const char *fmt, ...)
{
    char line[128];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    pac_put(w, line, n < 0 ? 0 : (size_t)n < sizeof line ? (size_t)n
                                                         : sizeof line - 1);
}

int pac_to_writer(void *user, const char *text, size_t len)
{
    pac_writer *w = user;
    pac_put(w, text, len);
    return w->status;
}
