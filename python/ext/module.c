/*
 * python/ext/module.c: the module gamesearch._gamesearch, its exception
 * and the helpers its parts share.
 */
#include "ext.h"

PyObject *gsp_parse_error;

PyObject *gsp_raise_parse_error(const gs_error *err, const char *what)
{
    PyObject *text;
    if (err->line > 0)
        text = PyUnicode_FromFormat("%s%sline %d, column %d: %s",
                                    what ? what : "", what ? ": " : "",
                                    err->line, err->column, err->message);
    else
        text = PyUnicode_FromFormat("%s%s%s", what ? what : "",
                                    what ? ": " : "", err->message);
    if (!text)
        return NULL;
    PyObject *exc = PyObject_CallOneArg(gsp_parse_error, text);
    Py_DECREF(text);
    if (!exc)
        return NULL;
    PyObject *line = PyLong_FromLong(err->line);
    PyObject *column = PyLong_FromLong(err->column);
    PyObject *message = PyUnicode_FromString(err->message);
    if (line && column && message &&
        PyObject_SetAttrString(exc, "line", line) == 0 &&
        PyObject_SetAttrString(exc, "column", column) == 0 &&
        PyObject_SetAttrString(exc, "message", message) == 0)
        PyErr_SetObject(gsp_parse_error, exc);
    Py_XDECREF(line);
    Py_XDECREF(column);
    Py_XDECREF(message);
    Py_DECREF(exc);
    return NULL;
}

PyObject *gsp_raise_status(int status, const char *message)
{
    if (!message || !*message)
        message = gs_strerror(status);
    PyErr_SetString(status == GS_ENOMEM ? PyExc_MemoryError : PyExc_ValueError,
                    message);
    return NULL;
}

int gsp_algo(const char *name)
{
    int algo = gs_algo_parse(name);
    if (algo < 0)
        PyErr_Format(PyExc_ValueError,
                     "algo '%s' is unknown (minimax, alphabeta, expectimax "
                     "or expectiminimax)", name);
    return algo;
}

const char *gsp_bound_name(gs_bound bound)
{
    switch (bound) {
    case GS_BOUND_LOWER: return "lower";
    case GS_BOUND_UPPER: return "upper";
    default: return "exact";
    }
}

PyObject *gsp_stopped(gs_stop stop, bool by_hook)
{
    switch (stop) {
    case GS_STOP_NODES: return PyUnicode_FromString("nodes");
    case GS_STOP_TIME: return PyUnicode_FromString("time");
    case GS_STOP_REQUEST:
        return PyUnicode_FromString(by_hook ? "hook" : "request");
    default: Py_RETURN_NONE;
    }
}

int gsp_set(PyObject *d, const char *key, PyObject *value)
{
    if (!value)
        return -1;
    int rc = PyDict_SetItemString(d, key, value);
    Py_DECREF(value);
    return rc;
}

int gsp_set_append(PyObject *list, PyObject *value)
{
    if (!value)
        return -1;
    int rc = PyList_Append(list, value);
    Py_DECREF(value);
    return rc;
}

static PyObject *version(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    return PyUnicode_FromString(gs_version());
}

static PyMethodDef methods[] = {
    {"version", version, METH_NOARGS, "The library's version."},
    {"tree_check", gsp_tree_check, METH_VARARGS, NULL},
    {"tree_search", (PyCFunction)(void (*)(void))gsp_tree_search,
     METH_VARARGS | METH_KEYWORDS, NULL},
    {"search", (PyCFunction)(void (*)(void))gsp_search,
     METH_VARARGS | METH_KEYWORDS, NULL},
    {"c4_solver", gsp_c4_solver, METH_VARARGS, NULL},
    {"c4_solve", (PyCFunction)(void (*)(void))gsp_c4_solve,
     METH_VARARGS | METH_KEYWORDS, NULL},
    {"c4_analyze", (PyCFunction)(void (*)(void))gsp_c4_analyze,
     METH_VARARGS | METH_KEYWORDS, NULL},
    {"mnk_solve", (PyCFunction)(void (*)(void))gsp_mnk_solve,
     METH_VARARGS | METH_KEYWORDS, NULL},
    {"pacman_play", (PyCFunction)(void (*)(void))gsp_pacman_play,
     METH_VARARGS | METH_KEYWORDS, NULL},
    {"pacman_set_classes", gsp_pacman_set_classes, METH_VARARGS, NULL},
    {"games", gsp_games, METH_NOARGS, NULL},
    {"game_search", (PyCFunction)(void (*)(void))gsp_game_search,
     METH_VARARGS | METH_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "gamesearch._gamesearch",
    "The C side of the gamesearch package.", -1, methods,
    NULL, NULL, NULL, NULL
};

PyMODINIT_FUNC PyInit__gamesearch(void)
{
    PyObject *m = PyModule_Create(&module_def);
    if (!m)
        return NULL;
    if (!gsp_parse_error) {
        gsp_parse_error = PyErr_NewExceptionWithDoc(
            "gamesearch.ParseError",
            "Input that gamesearch could not read: `line` and `column` "
            "(1-based; 0 when the problem has no one place) and `message`.",
            PyExc_ValueError, NULL);
        if (!gsp_parse_error) {
            Py_DECREF(m);
            return NULL;
        }
    }
    Py_INCREF(gsp_parse_error);
    if (PyModule_AddObject(m, "ParseError", gsp_parse_error) < 0 ||
        gsp_pacman_init(m) < 0) {
        Py_DECREF(gsp_parse_error);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
