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

#include "gamesearch/gamesearch.h"

/* gamesearch.ParseError (a ValueError with line, column and message). */
extern PyObject *gsp_parse_error;

/* Raises ParseError from a library error record; `what` (may be NULL)
 * prefixes the message ("layout"). Returns NULL. */
PyObject *gsp_raise_parse_error(const gs_error *err, const char *what);

/* Raises the exception that fits a library status: MemoryError for
 * GS_ENOMEM, ValueError otherwise, with `message` when not NULL or empty,
 * else gs_strerror's. Returns NULL. */
PyObject *gsp_raise_status(int status, const char *message);

/* The algorithm named by `name`; -1 with ValueError set when unknown. */
int gsp_algo(const char *name);

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

/* The module's functions, by part. */
PyObject *gsp_tree_check(PyObject *self, PyObject *args);
PyObject *gsp_tree_search(PyObject *self, PyObject *args, PyObject *kw);
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
