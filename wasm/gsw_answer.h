/*
 * wasm/gsw_answer.h: the answer buffer every context of the WebAssembly
 * module keeps (gs_wasm.c's, and each Pacman game's in gs_wasm_pacman.c):
 * the last call's answer, or on failure its reason (one sentence) with its
 * place (line and column, 0 for none), which web/gs.js reads back through
 * the module's exports. The text is kept NUL-terminated.
 */
#ifndef GSW_ANSWER_H
#define GSW_ANSWER_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

typedef struct gsw_answer {
    char *out;
    size_t len, cap;
    int line, column;
    bool failed;      /* a write ran out of memory since the last reset */
} gsw_answer;

/* A gs_write_fn appending to the answer (user: a gsw_answer): 0, or -1
 * (and every later write refused) when memory ran out. */
static inline int gsw_answer_write(void *user, const char *text, size_t len)
{
    gsw_answer *a = user;
    if (a->failed)
        return -1;
    if (a->len + len + 1 > a->cap) {
        size_t cap = a->cap ? a->cap : 4096;
        while (cap < a->len + len + 1)
            cap *= 2;
        char *p = realloc(a->out, cap);
        if (!p) {
            a->failed = true;
            return -1;
        }
        a->out = p;
        a->cap = cap;
    }
    memcpy(a->out + a->len, text, len);
    a->len += len;
    a->out[a->len] = '\0';
    return 0;
}

/* Empties the answer and its place. */
static inline void gsw_answer_reset(gsw_answer *a)
{
    a->len = 0;
    a->line = a->column = 0;
    a->failed = false;
    if (a->out)
        a->out[0] = '\0';
}

/* Leaves `message` (at line, column; 0: no place) as the answer and
 * returns status, or `failed` when the message could not be kept. */
static inline int gsw_answer_fail(gsw_answer *a, int status, int failed,
                                  const char *message, int line, int column)
{
    gsw_answer_reset(a);
    if (gsw_answer_write(a, message, strlen(message)) != 0)
        status = failed;
    a->line = line;
    a->column = column;
    return status;
}

#endif
