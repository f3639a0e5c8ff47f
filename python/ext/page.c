/*
 * python/ext/page.c: the data of the step-through page of a tree, as
 * `gamesearch tree --html` writes it (gs_tree_page_data_write); the Python
 * layer puts it into web/tree.html as the program does. And the buffer
 * that the library's writers fill here and in pacman.c.
 */
#include <limits.h>
#include <string.h>

#include "ext.h"

int gsp_buf_write(void *user, const char *text, size_t len)
{
    gsp_buf *b = user;
    if (len > b->cap - b->len) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap - b->len < len) {
            if (cap > PY_SSIZE_T_MAX / 2)
                return GS_ENOMEM;
            cap *= 2;
        }
        char *p = PyMem_Realloc(b->data, cap);
        if (!p)
            return GS_ENOMEM;
        b->data = p;
        b->cap = cap;
    }
    memcpy(b->data + b->len, text, len);
    b->len += len;
    return 0;
}

PyObject *gsp_buf_str(gsp_buf *b)
{
    PyObject *s = PyUnicode_DecodeUTF8(b->data ? b->data : "",
                                       (Py_ssize_t)b->len, "replace");
    PyMem_Free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
    return s;
}

PyObject *gsp_tree_page(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"text", "title", "algo", "prune_equal", "depth",
                             "agents", "practice", NULL};
    PyObject *text, *depth_obj = Py_None;
    const char *title, *algo_name = "alphabeta", *agents = NULL;
    int prune_equal = 1, practice = 0, depth = -1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "Us|spOzp", kwlist, &text,
                                     &title, &algo_name, &prune_equal,
                                     &depth_obj, &agents, &practice))
        return NULL;
    int algo = gsp_algo(algo_name);
    if (algo < 0)
        return NULL;
    if (algo == GS_PNS || algo == GS_DFPN)
        return PyErr_Format(PyExc_ValueError, "algo='%s' proves the outcome "
                            "without the search's events, so the page has "
                            "no steps to show for it: open it on another "
                            "algorithm", gs_algo_name((gs_algo)algo));
    if (depth_obj != Py_None &&
        gsp_arg_cint(depth_obj, "depth", 0, INT_MAX,
                     "None or 0 (no cutoff) or more", &depth) < 0)
        return NULL;
    Py_ssize_t len;
    const char *s = PyUnicode_AsUTF8AndSize(text, &len);
    if (!s)
        return NULL;
    gs_error err;
    gs_tree *t = NULL;
    int rc = gs_tree_parse(s, (size_t)len, NULL, &t, &err);
    if (rc == GS_EPARSE || rc == GS_ETOOBIG)
        return gsp_raise_parse_error(&err, NULL);
    if (rc != GS_OK)
        return gsp_raise_status(rc, NULL);
    PyObject *out = NULL;
    if (agents) {
        if (gsp_tree_set_agents(t, agents) < 0)
            goto out;
    }
    if (depth < 0)
        depth = gs_tree_depth(t);
    rc = gs_tree_check_values(t, gs_tree_cutoff(t, depth), &err);
    if (rc == GS_EPARSE) {
        gsp_raise_parse_error(&err, NULL);
        goto out;
    } else if (rc != GS_OK) {
        gsp_raise_status(rc, NULL);
        goto out;
    }
    gsp_buf b = {NULL, 0, 0};
    rc = gs_tree_page_data_write(t, title, (gs_algo)algo, prune_equal != 0,
                                 depth, practice != 0, gsp_buf_write, &b);
    if (rc == GS_EPLY)
        PyErr_Format(PyExc_ValueError,
                     "the tree is %ld plies deep, more than gamesearch "
                     "searches: cut it off with depth (the nodes at the "
                     "cutoff given values)", (long)gs_tree_height(t));
    else if (rc != GS_OK)
        gsp_raise_status(rc, NULL);
    else
        out = gsp_buf_str(&b);
    PyMem_Free(b.data);
out:
    gs_tree_free(t);
    return out;
}
