/*
 * python/ext/ext.h: what the parts of the extension module
 * gamesearch._gamesearch share. The module is the C side of the Python
 * package: the Python layer (python/gamesearch/) checks and shapes the
 * arguments and wraps the dictionaries these functions return.
 */
#ifndef GAMESEARCH_PY_EXT_H
#define GAMESEARCH_PY_EXT_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>

#include "gamesearch/gamesearch.h"

/* gamesearch.ParseError (a ValueError with line, column and message). */
extern PyObject *gsp_parse_error;

/* Raises ParseError from a library error record; `what` (may be NULL)
 * prefixes the message ("layout"). Returns NULL. */
PyObject *gsp_raise_parse_error(const gs_error *err, const char *what);
/* Sets the roles a string names on a tree; -1 with ValueError (tree.c). */
int gsp_tree_set_agents(gs_tree *t, const char *agents);

/* Raises the exception that fits a library status: MemoryError for
 * GS_ENOMEM, ValueError otherwise, with `message` when not NULL or empty,
 * else gs_strerror's. Returns NULL. */
PyObject *gsp_raise_status(int status, const char *message);

/* The algorithm named by `name`; -1 with ValueError set when unknown. */
int gsp_algo(const char *name);

/*
 * Arguments. Every number a caller hands the module is read by one of
 * these, which name the argument in what they raise: TypeError for what
 * is not a number of the kind, ValueError below the least value allowed
 * (or not finite), OverflowError above the greatest (a value C cannot
 * hold included). `hint` says what to give ("0 (no limit) or more"); NULL
 * says "LO .. HI". Each returns 0, or -1 with the exception set.
 */
int gsp_arg_int(PyObject *obj, const char *name, long long lo, long long hi,
                const char *hint, long long *out);
/* gsp_arg_int into an int (lo and hi within int's range). */
int gsp_arg_cint(PyObject *obj, const char *name, int lo, int hi,
                 const char *hint, int *out);
/* An int of 0 .. 2**64 - 1 (a count of nodes). */
int gsp_arg_u64(PyObject *obj, const char *name, const char *hint,
                uint64_t *out);
/* A finite float (or int) of at least lo. */
int gsp_arg_double(PyObject *obj, const char *name, double lo,
                   const char *hint, double *out);

/* A number that a function of the caller returned (`what`: "value()",
 * "evaluation"): 0 and *out when it is a finite number, else -1 with
 * TypeError or ValueError ("value() returned nan: values must be finite
 * numbers"). */
int gsp_finite_result(PyObject *obj, const char *what, double *out);

/* "exact", "lower", "upper". */
const char *gsp_bound_name(gs_bound bound);

/* None, or "nodes", "time", "hook" (a borrowed reference is never
 * returned: a new one). */
PyObject *gsp_stopped(gs_stop stop, bool by_hook);

/* Sets d[key] = value and drops the reference to value; -1 on failure
 * (value NULL included). */
int gsp_set(PyObject *d, const char *key, PyObject *value);

/* Appends value to the list and drops the reference to value; -1 on
 * failure (value NULL included). */
int gsp_set_append(PyObject *list, PyObject *value);

/*
 * Runs work(arg) on a thread of its own while the calling thread, the GIL
 * released, waits for it and looks for signals every tenth of a second:
 * on Ctrl-C (an exception from a signal handler) it calls cancel(arg,
 * true), waits for the work to end, calls cancel(arg, false) and returns
 * -1 with the exception set. 0 when the work ended by itself.
 */
int gsp_run_interruptible(void (*work)(void *), void (*cancel)(void *, bool),
                          void *arg);

/* A growing buffer of bytes that the library's writers fill
 * (gsp_buf_write is a gs_write_fn). */
typedef struct gsp_buf {
    char *data;
    size_t len, cap;
} gsp_buf;
int gsp_buf_write(void *user, const char *text, size_t len);
/* The buffer's bytes as a str (UTF-8), the buffer emptied and freed;
 * NULL with an exception. */
PyObject *gsp_buf_str(gsp_buf *b);

/* The module's functions, by part. */
PyObject *gsp_tree_check(PyObject *self, PyObject *args);
PyObject *gsp_tree_search(PyObject *self, PyObject *args, PyObject *kw);
PyObject *gsp_tree_page(PyObject *self, PyObject *args, PyObject *kw);
PyObject *gsp_search(PyObject *self, PyObject *args, PyObject *kw);
PyObject *gsp_c4_solver(PyObject *self, PyObject *args);
PyObject *gsp_c4_solve(PyObject *self, PyObject *args, PyObject *kw);
PyObject *gsp_c4_analyze(PyObject *self, PyObject *args, PyObject *kw);
PyObject *gsp_mnk_solve(PyObject *self, PyObject *args, PyObject *kw);
PyObject *gsp_games(PyObject *self, PyObject *unused);
PyObject *gsp_game_search(PyObject *self, PyObject *args, PyObject *kw);
PyObject *gsp_pacman_play(PyObject *self, PyObject *args, PyObject *kw);
PyObject *gsp_pacman_set_classes(PyObject *self, PyObject *args);
int gsp_pacman_init(PyObject *module);

#endif /* GAMESEARCH_PY_EXT_H */
