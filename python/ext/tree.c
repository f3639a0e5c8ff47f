/*
 * python/ext/tree.c: gamesearch.Tree's parsing and search, with what the
 * search visited, pruned and, when asked, every event of it.
 */
#include <limits.h>
#include <math.h>
#include <stdint.h>

#include "ext.h"

/* Parses `text` (a str) into *out, raising ParseError when it is refused. */
static int parse(PyObject *text, gs_tree **out)
{
    Py_ssize_t len;
    const char *s = PyUnicode_AsUTF8AndSize(text, &len);
    if (!s)
        return -1;
    gs_error err;
    int rc = gs_tree_parse(s, (size_t)len, NULL, out, &err);
    if (rc == GS_EPARSE || rc == GS_ETOOBIG) {
        gsp_raise_parse_error(&err, NULL);
        return -1;
    }
    if (rc != GS_OK) {
        gsp_raise_status(rc, NULL);
        return -1;
    }
    return 0;
}

/* The roles `agents` names ("max min", "max,min,chance"), set on tree t:
 * 0, or -1 with ValueError saying what is wrong. */
int gsp_tree_set_agents(gs_tree *t, const char *agents)
{
    gs_error err;
    gs_role roles[GS_TREE_MAX_AGENTS];
    int n;
    if (gs_tree_parse_roles(agents, roles, &n, &err) != GS_OK) {
        PyErr_Format(PyExc_ValueError, "agents '%s': %s", agents,
                     err.message);
        return -1;
    }
    if (gs_tree_set_roles(t, roles, n) != GS_OK) {
        PyErr_Format(PyExc_ValueError, "agents '%s' names %d agent%s, "
                     "but the tree's utility vectors have %d values "
                     "(one utility an agent)", agents, n,
                     n == 1 ? "" : "s", gs_tree_utility_count(t));
        return -1;
    }
    return 0;
}

PyObject *gsp_tree_check(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *text;
    if (!PyArg_ParseTuple(args, "U", &text))
        return NULL;
    gs_tree *t = NULL;
    if (parse(text, &t) < 0)
        return NULL;
    PyObject *out = Py_BuildValue("{s:i,s:i}", "nodes",
                                  (int)gs_tree_node_count(t), "agents",
                                  gs_tree_num_agents(t));
    gs_tree_free(t);
    return out;
}

/* What the hook records while the tree is searched. */
typedef struct record {
    const gs_tree *tree;
    gs_engine *engine;
    PyObject *visited;   /* names, in visit order */
    PyObject *pruned;    /* pruned children's names, in the order cut,
                            each once, none that a pass entered */
    PyObject *trace;     /* event dicts, or NULL */
    int32_t *path;       /* the node entered at each ply, root first */
    bool failed;         /* a Python error is set */
    /* The nodes entered (1) and pruned (2) so far, a byte a node, and
     * the pruned children in the order cut (several passes, MTD(f) and
     * SSS*, may prune a child in one pass that another enters). */
    unsigned char *marks;
    int32_t *cut;
    size_t ncut;
    long passes;         /* the root's entries */
} record;

static PyObject *name_of(const gs_tree *t, int32_t node)
{
    return PyUnicode_FromString(gs_tree_node_name(t, node));
}

static PyObject *event_dict(record *r, gs_event_kind kind, const gs_event *ev)
{
    static const char *const kinds[] = {"enter", "leave", "prune"};
    const gs_tree_state *s = ev->state;
    PyObject *d = PyDict_New();
    if (!d)
        return NULL;
    int32_t node = kind == GS_EVENT_PRUNE
                       ? gs_tree_child(r->tree, s->node, (int)ev->action)
                       : s->node;
    if (gsp_set(d, "event", PyUnicode_FromString(kinds[kind])) < 0 ||
        gsp_set(d, "node", name_of(r->tree, node)) < 0 ||
        gsp_set(d, "ply", PyLong_FromLong(s->ply + (kind == GS_EVENT_PRUNE))) < 0)
        goto fail;
    PyObject *parent = kind == GS_EVENT_PRUNE ? name_of(r->tree, s->node)
                       : s->ply > 0 ? name_of(r->tree, r->path[s->ply - 1])
                                    : Py_NewRef(Py_None);
    if (gsp_set(d, "parent", parent) < 0)
        goto fail;
    if (kind == GS_EVENT_LEAVE &&
        (gsp_set(d, "value", PyFloat_FromDouble(ev->value)) < 0 ||
         gsp_set(d, "bound", PyUnicode_FromString(gsp_bound_name(ev->bound))) < 0 ||
         gsp_set(d, "leaf", PyBool_FromLong(ev->leaf)) < 0))
        goto fail;
    if (gsp_set(d, "alpha", PyFloat_FromDouble(ev->alpha)) < 0 ||
        gsp_set(d, "beta", PyFloat_FromDouble(ev->beta)) < 0)
        goto fail;
    return d;
fail:
    Py_DECREF(d);
    return NULL;
}

static void on_event(void *user, gs_event_kind kind, const gs_event *ev)
{
    record *r = user;
    if (r->failed)
        return;
    const gs_tree_state *s = ev->state;
    int rc = 0;
    if (kind == GS_EVENT_ENTER) {
        r->path[s->ply] = s->node;
        r->marks[s->node] |= 1;
        r->passes += s->ply == 0;
        rc = gsp_set_append(r->visited, name_of(r->tree, s->node));
    } else if (kind == GS_EVENT_PRUNE) {
        int32_t c = gs_tree_child(r->tree, s->node, (int)ev->action);
        if (!(r->marks[c] & 2)) {
            r->marks[c] |= 2;
            r->cut[r->ncut++] = c;   /* (a node is cut once at most) */
        }
    }
    if (rc == 0 && r->trace)
        rc = gsp_set_append(r->trace, event_dict(r, kind, ev));
    if (rc < 0) {
        r->failed = true;
        gs_engine_stop(r->engine);
    }
}

/* algo pns or dfpn: every leaf -1, 0 or 1 (a proof's outcome is the
 * tree's value then), and no depth. 0, or -1 with ValueError. */
static int proof_fits(const gs_tree *t, int algo, PyObject *depth_obj)
{
    const char *name = gs_algo_name((gs_algo)algo);
    if (depth_obj != Py_None) {
        PyErr_Format(PyExc_ValueError, "depth goes with the depth-first "
                     "algorithms: %s proves the outcome at the leaves "
                     "(give depth=None)", name);
        return -1;
    }
    for (int32_t n = 0; n < gs_tree_node_count(t); n++) {
        double v;
        if (gs_tree_child_count(t, n) > 0 || !gs_tree_node_value(t, n, &v) ||
            v == -1.0 || v == 0.0 || v == 1.0)
            continue;
        char value[GS_NUMBER_SIZE];
        gs_format_value(v, value);
        PyErr_Format(PyExc_ValueError, "algo='%s' proves outcomes, so every "
                     "leaf must be -1, 0 or 1, and leaf '%s' (line %d, column "
                     "%d) is %s", name, gs_tree_node_name(t, n),
                     gs_tree_node_line(t, n), gs_tree_node_column(t, n),
                     value);
        return -1;
    }
    return 0;
}

PyObject *gsp_tree_search(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"text", "algo", "prune_equal", "depth", "agents",
                             "trace", NULL};
    PyObject *text;
    const char *algo_name = "alphabeta";
    int prune_equal = 1, trace = 0;
    int depth = -1;
    PyObject *depth_obj = Py_None;
    const char *agents = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "U|spOzp", kwlist, &text,
                                     &algo_name, &prune_equal, &depth_obj,
                                     &agents, &trace))
        return NULL;
    int algo = gsp_algo(algo_name);
    if (algo < 0)
        return NULL;
    /* None: the tree's own depth */
    if (depth_obj != Py_None &&
        gsp_arg_cint(depth_obj, "depth", 0, INT_MAX,
                     "None or 0 (no cutoff) or more", &depth) < 0)
        return NULL;
    gs_tree *t = NULL;
    gs_engine *e = NULL;
    record r = {0};
    PyObject *out = NULL;
    if (parse(text, &t) < 0)
        return NULL;
    gs_error err;
    if (agents) {
        if (gsp_tree_set_agents(t, agents) < 0)
            goto out;
    }
    bool proof = algo == GS_PNS || algo == GS_DFPN;
    if (proof && proof_fits(t, algo, depth_obj) < 0)
        goto out;
    if (depth < 0)
        depth = proof ? 0 : gs_tree_depth(t);
    int nagents = gs_tree_num_agents(t);
    int32_t cutoff = depth > 0 && depth <= INT32_MAX / nagents
                         ? (int32_t)(depth * nagents) : 0;
    int rc = gs_tree_check_values(t, cutoff, &err);
    if (rc == GS_EPARSE) {
        gsp_raise_parse_error(&err, NULL);
        goto out;
    } else if (rc != GS_OK) {
        gsp_raise_status(rc, NULL);
        goto out;
    }
    gs_game game;
    gs_tree_game(t, &game);
    rc = gs_engine_new(&game, NULL, &e);
    if (rc != GS_OK) {
        gsp_raise_status(rc, gs_engine_error(e));
        goto out;
    }
    r.tree = t;
    r.engine = e;
    r.visited = PyList_New(0);
    r.pruned = PyList_New(0);
    r.trace = trace ? PyList_New(0) : NULL;
    r.path = PyMem_Calloc((size_t)gs_tree_height(t) + 1, sizeof *r.path);
    r.marks = PyMem_Calloc((size_t)gs_tree_node_count(t), 1);
    r.cut = PyMem_Calloc((size_t)gs_tree_node_count(t), sizeof *r.cut);
    if (!r.path || !r.marks || !r.cut) {
        PyErr_NoMemory();
        goto out;
    }
    if (!r.visited || !r.pruned || (trace && !r.trace))
        goto out;
    gs_search_options so;
    gs_search_options_init(&so);
    so.algo = (gs_algo)algo;
    so.depth = depth;
    so.depth_unit = GS_DEPTH_ROUNDS;
    so.prune_equal = prune_equal != 0;
    so.hook = on_event;
    so.hook_user = &r;
    gs_tree_state root;
    gs_tree_root(t, &root);
    gs_result res;
    rc = gs_search(e, &root, &so, &res);
    if (r.failed)
        goto out;
    if (rc == GS_EPLY) {
        PyErr_Format(PyExc_ValueError,
                     "the tree is %ld plies deep, more than the %d plies "
                     "gamesearch searches: cut it off with depth (the nodes "
                     "at the cutoff given values)",
                     (long)gs_tree_height(t), so.max_ply);
        goto out;
    }
    if (rc != GS_OK) {
        gsp_raise_status(rc, gs_engine_error(e));
        goto out;
    }
    for (size_t i = 0; i < r.ncut; i++)
        if (!(r.marks[r.cut[i]] & 1) &&
            gsp_set_append(r.pruned, name_of(t, r.cut[i])) < 0)
            goto out;
    out = PyDict_New();
    if (!out)
        goto out;
    int32_t node = gs_tree_root_node(t);
    PyObject *pv = PyList_New(0);
    if (!pv)
        goto fail;
    for (int i = -1; i < res.pv_length; i++) {
        if (i >= 0)
            node = gs_tree_child(t, node, (int)res.pv[i]);
        if (gsp_set_append(pv, name_of(t, node)) < 0) {
            Py_DECREF(pv);
            goto fail;
        }
    }
    int32_t rootn = gs_tree_root_node(t);
    PyObject *best, *action;
    if (res.best != GS_NO_ACTION) {
        best = name_of(t, gs_tree_child(t, rootn, (int)res.best));
        action = PyUnicode_FromString(gs_tree_child_action(t, rootn, (int)res.best));
    } else {
        best = Py_NewRef(Py_None);
        action = Py_NewRef(Py_None);
    }
    /* max^n: the root's utility vector, one float an agent */
    double u[GS_TREE_MAX_AGENTS];
    int nu = algo == GS_MAXN ? gs_engine_utilities(e, u, GS_TREE_MAX_AGENTS)
                             : 0;
    PyObject *value = nu > 0 ? PyList_New(nu) : PyFloat_FromDouble(res.value);
    for (int i = 0; value && i < nu; i++) {
        PyObject *x = PyFloat_FromDouble(u[i]);
        if (!x) {
            Py_CLEAR(value);
            break;
        }
        PyList_SET_ITEM(value, i, x);
    }
    if (gsp_set(out, "pv", pv) < 0 ||
        gsp_set(out, "value", value) < 0 ||
        gsp_set(out, "best", best) < 0 || gsp_set(out, "action", action) < 0 ||
        gsp_set(out, "visited", Py_NewRef(r.visited)) < 0 ||
        gsp_set(out, "pruned", Py_NewRef(r.pruned)) < 0 ||
        gsp_set(out, "nodes", PyLong_FromUnsignedLongLong(res.nodes)) < 0 ||
        gsp_set(out, "leaves", PyLong_FromUnsignedLongLong(res.leaves)) < 0 ||
        gsp_set(out, "cutoffs", PyLong_FromUnsignedLongLong(res.cutoffs)) < 0 ||
        gsp_set(out, "passes", PyLong_FromLong(r.passes)) < 0 ||
        gsp_set(out, "algo", PyUnicode_FromString(gs_algo_name((gs_algo)algo))) < 0 ||
        gsp_set(out, "trace", r.trace ? Py_NewRef(r.trace) : Py_NewRef(Py_None)) < 0)
        goto fail;
    if (proof &&
        (gsp_set(out, "proved", Py_NewRef(Py_True)) < 0 ||
         gsp_set(out, "result", PyUnicode_FromString(
                                    res.value > 0   ? "win"
                                    : res.value < 0 ? "loss"
                                                    : "draw")) < 0))
        goto fail;
    goto out;
fail:
    Py_CLEAR(out);
out:
    Py_XDECREF(r.visited);
    Py_XDECREF(r.pruned);
    Py_XDECREF(r.trace);
    PyMem_Free(r.path);
    PyMem_Free(r.marks);
    PyMem_Free(r.cut);
    gs_engine_free(e);
    gs_tree_free(t);
    return out;
}
