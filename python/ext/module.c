/*
 * python/ext/module.c: the module gamesearch._gamesearch, its exception
 * and the helpers its parts share.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "convert.h"
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
    if (algo >= 0)
        return algo;
    /* the library's own list, so that a new algorithm is named here too */
    char names[160] = "";
    size_t len = 0;
    int n = 0;
    while (strcmp(gs_algo_name((gs_algo)n), "unknown") != 0)
        n++;
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(names + len, sizeof names - len, "%s%s",
                                i == 0 ? "" : i + 1 < n ? ", " : " or ",
                                gs_algo_name((gs_algo)i));
    PyErr_Format(PyExc_ValueError, "algo '%s' is unknown (%s)", name, names);
    return -1;
}

/* ---- Long calls that Ctrl-C stops ---- */

typedef struct job {
    void (*work)(void *);
    void *arg;
    PyThread_type_lock done;   /* held until the work ends */
} job;

static void job_main(void *p)
{
    job *j = p;
    j->work(j->arg);
    PyThread_release_lock(j->done);
}

int gsp_run_interruptible(void (*work)(void *), void (*cancel)(void *, bool),
                          void *arg)
{
    job j = {work, arg, PyThread_allocate_lock()};
    if (!j.done) {
        PyErr_NoMemory();
        return -1;
    }
    PyThread_acquire_lock(j.done, WAIT_LOCK);
    if (PyThread_start_new_thread(job_main, &j) == PYTHREAD_INVALID_THREAD_ID) {
        PyThread_release_lock(j.done);
        PyThread_free_lock(j.done);
        PyErr_SetString(PyExc_RuntimeError, "cannot start a thread to search on");
        return -1;
    }
    bool interrupted = false;
    for (;;) {
        PyLockStatus st;
        Py_BEGIN_ALLOW_THREADS
        st = PyThread_acquire_lock_timed(j.done, 100000, 0);
        Py_END_ALLOW_THREADS
        if (st == PY_LOCK_ACQUIRED)
            break;
        /* signals reach the main thread only: elsewhere this is 0 */
        if (!interrupted && PyErr_CheckSignals() < 0) {
            interrupted = true;
            cancel(arg, true);
        }
    }
    if (interrupted)
        cancel(arg, false);
    PyThread_free_lock(j.done);
    return interrupted ? -1 : 0;
}

/* ---- Arguments ---- */

/* Raises "NAME is VALUE: give HINT" (or "LO .. HI"). */
static int out_of_range(PyObject *type, PyObject *obj, const char *name,
                        long long lo, long long hi, const char *hint)
{
    if (hint)
        PyErr_Format(type, "%s is %R: give %s", name, obj, hint);
    else
        PyErr_Format(type, "%s is %R: give %lld .. %lld", name, obj, lo, hi);
    return -1;
}

/* obj as an int (an object with __index__), or NULL with TypeError. A
 * bool is refused, as gsp_arg_double refuses it: True for a count is a
 * slip (depth=False would mean no limit), never a number meant. */
static PyObject *as_int(PyObject *obj, const char *name)
{
    if (PyBool_Check(obj) || PyFloat_Check(obj) || !PyIndex_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %s", name,
                     Py_TYPE(obj)->tp_name);
        return NULL;
    }
    return PyNumber_Index(obj);
}

int gsp_arg_int(PyObject *obj, const char *name, long long lo, long long hi,
                const char *hint, long long *out)
{
    PyObject *n = as_int(obj, name);
    if (!n)
        return -1;
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(n, &overflow);
    Py_DECREF(n);
    if (v == -1 && PyErr_Occurred())
        return -1;
    switch (gsp_int_range(overflow, v, lo, hi)) {
    case GSP_BELOW:
        return out_of_range(PyExc_ValueError, obj, name, lo, hi, hint);
    case GSP_ABOVE:
        return out_of_range(PyExc_OverflowError, obj, name, lo, hi, hint);
    case GSP_IN_RANGE:
        break;
    }
    *out = v;
    return 0;
}

int gsp_arg_cint(PyObject *obj, const char *name, int lo, int hi,
                 const char *hint, int *out)
{
    long long v;
    if (gsp_arg_int(obj, name, lo, hi, hint, &v) < 0)
        return -1;
    *out = (int)v;
    return 0;
}

int gsp_arg_u64(PyObject *obj, const char *name, const char *hint,
                uint64_t *out)
{
    PyObject *n = as_int(obj, name);
    if (!n)
        return -1;
    int overflow = 0;
    long long sv = PyLong_AsLongLongAndOverflow(n, &overflow);
    if (sv == -1 && overflow == 0 && PyErr_Occurred()) {
        Py_DECREF(n);
        return -1;
    }
    if (gsp_u64_range(overflow, sv, false) == GSP_BELOW) {
        Py_DECREF(n);
        return out_of_range(PyExc_ValueError, obj, name, 0, 0, hint);
    }
    unsigned long long v = PyLong_AsUnsignedLongLong(n);
    Py_DECREF(n);
    bool u64_overflow = false;
    if (v == (unsigned long long)-1 && PyErr_Occurred()) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError))
            return -1;
        PyErr_Clear();
        u64_overflow = true;
    }
    if (gsp_u64_range(overflow, sv, u64_overflow) == GSP_ABOVE)
        return out_of_range(PyExc_OverflowError, obj, name, 0, 0, hint);
    *out = (uint64_t)v;
    return 0;
}

int gsp_arg_double(PyObject *obj, const char *name, double lo,
                   const char *hint, double *out)
{
    if (PyBool_Check(obj) || !(PyFloat_Check(obj) || PyLong_Check(obj))) {
        PyErr_Format(PyExc_TypeError, "%s must be a number, not %s", name,
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    double v = PyFloat_AsDouble(obj);
    if (v == -1.0 && PyErr_Occurred()) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError))
            return -1;
        PyErr_Clear();
        return out_of_range(PyExc_OverflowError, obj, name, 0, 0, hint);
    }
    if (gsp_double_range(v, lo) != GSP_IN_RANGE)
        return out_of_range(PyExc_ValueError, obj, name, 0, 0, hint);
    *out = v;
    return 0;
}

int gsp_finite_result(PyObject *obj, const char *what, double *out)
{
    double v = PyFloat_AsDouble(obj);
    if (v == -1.0 && PyErr_Occurred())
        return -1;
    if (!isfinite(v)) {
        PyErr_Format(PyExc_ValueError, "%s returned %s: values must be "
                     "finite numbers", what,
                     isnan(v) ? "nan" : v > 0 ? "inf" : "-inf");
        return -1;
    }
    *out = v;
    return 0;
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
    {"tree_page", (PyCFunction)(void (*)(void))gsp_tree_page,
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
