/*
 * python/ext/game.c: gamesearch.search over a game written in Python.
 *
 * The engine runs in C and calls back into Python only for the game. Its
 * states are Python objects, which the engine cannot copy; the state it
 * copies is the ply of the node (an int32), and the Python state of each
 * ply lives in a table owned by the search: slot p holds the state the
 * engine's ply p holds and the actions the game listed there. The engine
 * builds a child only in the slot of the ply below its parent (copy-make,
 * one state a ply), so a slot is replaced exactly when the engine's own
 * copy is. An action is its position in the list actions() returned.
 *
 * The module owns what it keeps: actions() and order() are copied into
 * tuples, so that a game that changes the list it returned (result()
 * removing the action from a shared list, say) changes nothing here, and
 * every object handed to a Python call is held for the length of the call.
 * A slot's actions are asked for again when the engine applies an action
 * to a state whose actions it learned from an equal state earlier (MCTS
 * keeps the actions in its tree and replays them from the root).
 *
 * A Python exception in any method stops the search (gs_engine_stop):
 * the later callbacks return at once without calling Python, and
 * gamesearch.search raises the exception with its traceback. The table
 * is emptied after every search.
 */
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>

#include "ext.h"

typedef struct slot {
    PyObject *state;
    PyObject *actions;   /* a tuple of the actions, or NULL (not asked) */
} slot;

typedef struct pygame {
    PyObject *to_move, *actions, *result, *is_terminal, *value;
    PyObject *probabilities, *key, *order;   /* NULL when absent */
    PyObject *hook;                          /* NULL when none */
    gs_engine *engine;
    int agents;
    int max_actions;
    gs_role *roles;
    slot *slots;
    size_t nslots;
    bool failed;         /* an exception is saved in exc_* */
    bool hook_stopped;
    PyObject *exc_type, *exc_value, *exc_tb;
} pygame;

static pygame *game_of(const void *ctx)
{
    return (pygame *)(uintptr_t)ctx;
}

static int32_t ply_of(const void *state)
{
    int32_t ply;
    memcpy(&ply, state, sizeof ply);
    return ply;
}

/* Saves the exception being raised and stops the search. */
static void fail(pygame *g)
{
    if (g->failed) {
        PyErr_Clear();
        return;
    }
    g->failed = true;
    PyErr_Fetch(&g->exc_type, &g->exc_value, &g->exc_tb);
    gs_engine_stop(g->engine);
}

static void fail_with(pygame *g, PyObject *type, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    PyErr_FormatV(type, fmt, ap);
    va_end(ap);
    fail(g);
}

static int reserve_slots(pygame *g, size_t n)
{
    if (n <= g->nslots)
        return 0;
    size_t cap = g->nslots ? g->nslots : 16;
    while (cap < n)
        cap *= 2;
    slot *s = PyMem_Realloc(g->slots, cap * sizeof *s);
    if (!s) {
        PyErr_NoMemory();
        return -1;
    }
    memset(s + g->nslots, 0, (cap - g->nslots) * sizeof *s);
    g->slots = s;
    g->nslots = cap;
    return 0;
}

/* fn(state of the engine's `state`), the state held during the call. */
static PyObject *call_state(pygame *g, PyObject *fn, const void *state)
{
    PyObject *obj = Py_NewRef(g->slots[ply_of(state)].state);
    PyObject *r = PyObject_CallOneArg(fn, obj);
    Py_DECREF(obj);
    return r;
}

/* The actions of the state in slot `ply`, asked for when not known: a
 * borrowed tuple, or NULL with the search failed. */
static PyObject *slot_actions(pygame *g, int32_t ply)
{
    slot *s = &g->slots[ply];
    if (s->actions)
        return s->actions;
    PyObject *state = Py_NewRef(s->state);
    PyObject *r = PyObject_CallOneArg(g->actions, state);
    Py_DECREF(state);
    if (!r) {
        fail(g);
        return NULL;
    }
    PyObject *tuple = PySequence_Tuple(r);
    Py_DECREF(r);
    if (!tuple) {
        if (PyErr_ExceptionMatches(PyExc_TypeError)) {
            PyErr_Clear();
            PyErr_SetString(PyExc_TypeError,
                            "actions() must return a sequence");
        }
        fail(g);
        return NULL;
    }
    if (PyTuple_GET_SIZE(tuple) > g->max_actions) {
        fail_with(g, PyExc_ValueError,
                  "actions() returned %zd actions, more than the game's "
                  "max_actions (%d): set max_actions higher",
                  PyTuple_GET_SIZE(tuple), g->max_actions);
        Py_DECREF(tuple);
        return NULL;
    }
    /* the slot may have been given actions during the call (a nested
     * search does not share this table, so only by this call) */
    Py_XSETREF(g->slots[ply].actions, tuple);
    return tuple;
}

static int cb_to_move(const void *ctx, const void *state)
{
    pygame *g = game_of(ctx);
    if (g->failed)
        return 0;
    PyObject *r = call_state(g, g->to_move, state);
    if (!r) {
        fail(g);
        return 0;
    }
    long agent = PyLong_AsLong(r);
    Py_DECREF(r);
    if (agent == -1 && PyErr_Occurred()) {
        fail(g);
        return 0;
    }
    if (agent < 0 || agent >= g->agents) {
        fail_with(g, PyExc_ValueError,
                  "to_move() returned %ld, but the game has %d agents "
                  "(0 .. %d)", agent, g->agents, g->agents - 1);
        return 0;
    }
    return (int)agent;
}

static gs_role cb_role(const void *ctx, int agent)
{
    return game_of(ctx)->roles[agent];
}

static bool cb_is_terminal(const void *ctx, const void *state)
{
    pygame *g = game_of(ctx);
    if (g->failed)
        return true;
    PyObject *r = call_state(g, g->is_terminal, state);
    int t = r ? PyObject_IsTrue(r) : -1;
    Py_XDECREF(r);
    if (t < 0) {
        fail(g);
        return true;
    }
    return t != 0;
}

static int cb_actions(const void *ctx, const void *state, gs_action *out)
{
    pygame *g = game_of(ctx);
    if (g->failed)
        return 0;
    /* asked afresh: the state in the slot may be new */
    Py_CLEAR(g->slots[ply_of(state)].actions);
    PyObject *acts = slot_actions(g, ply_of(state));
    if (!acts)
        return 0;
    Py_ssize_t n = PyTuple_GET_SIZE(acts);
    for (Py_ssize_t i = 0; i < n; i++)
        out[i] = (gs_action)i;
    return (int)n;
}

static void cb_apply(const void *ctx, const void *state, gs_action action,
                     void *child)
{
    pygame *g = game_of(ctx);
    int32_t ply = ply_of(state) + 1;
    memcpy(child, &ply, sizeof ply);
    if (g->failed)
        return;
    if (reserve_slots(g, (size_t)ply + 1) < 0) {
        fail(g);
        return;
    }
    PyObject *acts = slot_actions(g, ply - 1);
    if (!acts)
        return;
    if (action < 0 || action >= PyTuple_GET_SIZE(acts)) {
        fail_with(g, PyExc_RuntimeError,
                  "actions() listed %zd actions for a state where it listed "
                  "more before: the game must list the same actions for "
                  "the same state", PyTuple_GET_SIZE(acts));
        return;
    }
    PyObject *args[2] = {Py_NewRef(g->slots[ply - 1].state),
                         Py_NewRef(PyTuple_GET_ITEM(acts, action))};
    PyObject *r = PyObject_Vectorcall(g->result, args, 2, NULL);
    Py_DECREF(args[0]);
    Py_DECREF(args[1]);
    if (!r) {
        fail(g);
        return;
    }
    Py_XSETREF(g->slots[ply].state, r);
    Py_CLEAR(g->slots[ply].actions);
}

static double cb_value(const void *ctx, const void *state)
{
    pygame *g = game_of(ctx);
    if (g->failed)
        return 0.0;
    PyObject *r = call_state(g, g->value, state);
    if (!r) {
        fail(g);
        return 0.0;
    }
    double v;
    int rc = gsp_finite_result(r, "value()", &v);
    Py_DECREF(r);
    if (rc < 0) {
        fail(g);
        return 0.0;
    }
    return v;
}

/* Probabilities must sum to 1 within this: the tree format's rule
 * (games/tree/tree_parse.c), so that a game says the same in either. */
#define PROB_EPSILON 1e-9

static bool cb_probabilities(const void *ctx, const void *state,
                             const gs_action *actions, int n, double *p)
{
    pygame *g = game_of(ctx);
    if (g->failed)
        return false;
    int32_t ply = ply_of(state);
    PyObject *r = call_state(g, g->probabilities, state);
    if (!r) {
        fail(g);
        return false;
    }
    if (r == Py_None) {
        Py_DECREF(r);
        return false;
    }
    PyObject *seq = PySequence_Tuple(r);
    Py_DECREF(r);
    if (!seq) {
        if (PyErr_ExceptionMatches(PyExc_TypeError)) {
            PyErr_Clear();
            PyErr_SetString(PyExc_TypeError, "probabilities() must return a "
                                             "sequence of numbers or None");
        }
        fail(g);
        return false;
    }
    PyObject *acts = slot_actions(g, ply);
    if (!acts) {
        Py_DECREF(seq);
        return false;
    }
    Py_ssize_t all = PyTuple_GET_SIZE(acts);
    if (PyTuple_GET_SIZE(seq) != all) {
        fail_with(g, PyExc_ValueError,
                  "probabilities() returned %zd numbers for %zd actions",
                  PyTuple_GET_SIZE(seq), all);
        Py_DECREF(seq);
        return false;
    }
    /* every number checked, as the tree format checks a node's */
    double sum = 0.0;
    for (Py_ssize_t i = 0; i < all; i++) {
        PyObject *item = PyTuple_GET_ITEM(seq, i);
        double q = PyFloat_AsDouble(item);
        if (q == -1.0 && PyErr_Occurred()) {
            fail(g);
            Py_DECREF(seq);
            return false;
        }
        if (!(q > 0.0 && q <= 1.0)) {
            fail_with(g, PyExc_ValueError,
                      "probabilities() returned %R for action %zd: each "
                      "must be in (0, 1]", item, i);
            Py_DECREF(seq);
            return false;
        }
        sum += q;
    }
    if (fabs(sum - 1.0) > PROB_EPSILON) {
        char *text = PyOS_double_to_string(sum, 'r', 0, Py_DTSF_ADD_DOT_0, NULL);
        if (text)
            fail_with(g, PyExc_ValueError, "probabilities() returned %R, "
                      "which sum to %s, not 1", seq, text);
        else
            fail(g);
        PyMem_Free(text);
        Py_DECREF(seq);
        return false;
    }
    for (int i = 0; i < n; i++) {
        if (actions[i] < 0 || actions[i] >= all) {
            fail_with(g, PyExc_RuntimeError, "the engine asked for the "
                      "probability of an action that is not listed");
            Py_DECREF(seq);
            return false;
        }
        p[i] = PyFloat_AsDouble(PyTuple_GET_ITEM(seq, actions[i]));
    }
    Py_DECREF(seq);
    return true;
}

static uint64_t cb_hash(const void *ctx, const void *state)
{
    pygame *g = game_of(ctx);
    if (g->failed)
        return 0;
    PyObject *r = call_state(g, g->key, state);
    if (!r) {
        fail(g);
        return 0;
    }
    Py_hash_t h = PyObject_Hash(r);
    Py_DECREF(r);
    if (h == -1 && PyErr_Occurred()) {
        fail(g);
        return 0;
    }
    /* spread Python's hash (small ints hash to themselves) over 64 bits */
    uint64_t x = (uint64_t)h;
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9u;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebu;
    return x ^ (x >> 31);
}

static void cb_order(const void *ctx, const void *state,
                     const gs_action *actions, int n, int32_t *scores)
{
    pygame *g = game_of(ctx);
    for (int i = 0; i < n; i++)
        scores[i] = 0;
    if (g->failed)
        return;
    int32_t ply = ply_of(state);
    PyObject *acts = slot_actions(g, ply);
    if (!acts)
        return;
    /* `mine` stays as it is; order() is handed a list of its own, which it
     * may sort in place */
    PyObject *mine = PyTuple_New(n);
    if (!mine) {
        fail(g);
        return;
    }
    for (int i = 0; i < n; i++) {
        if (actions[i] < 0 || actions[i] >= PyTuple_GET_SIZE(acts)) {
            Py_DECREF(mine);
            fail_with(g, PyExc_RuntimeError, "the engine asked to order an "
                      "action that is not listed");
            return;
        }
        PyTuple_SET_ITEM(mine, i, Py_NewRef(PyTuple_GET_ITEM(acts, actions[i])));
    }
    PyObject *list = PySequence_List(mine);
    PyObject *st = Py_NewRef(g->slots[ply].state);
    PyObject *r = NULL;
    if (list) {
        PyObject *args[2] = {st, list};
        r = PyObject_Vectorcall(g->order, args, 2, NULL);
    }
    Py_DECREF(st);
    Py_XDECREF(list);
    PyObject *seq = r ? PySequence_Tuple(r) : NULL;
    Py_XDECREF(r);
    if (!seq) {
        if (r && PyErr_ExceptionMatches(PyExc_TypeError)) {
            PyErr_Clear();
            PyErr_SetString(PyExc_TypeError, "order() must return a sequence "
                                             "of the actions it was given");
        }
        Py_DECREF(mine);
        fail(g);
        return;
    }
    /* The k-th action returned scores n - k; one not returned scores 0. */
    Py_ssize_t m = PyTuple_GET_SIZE(seq);
    for (Py_ssize_t k = 0; k < m && k < n; k++) {
        PyObject *a = PyTuple_GET_ITEM(seq, k);
        for (int i = 0; i < n; i++) {
            PyObject *b = PyTuple_GET_ITEM(mine, i);
            int same = a == b ? 1 : PyObject_RichCompareBool(a, b, Py_EQ);
            if (same < 0) {
                fail(g);
                goto out;
            }
            if (same && scores[i] == 0) {
                scores[i] = (int32_t)(n - k);
                break;
            }
        }
    }
out:
    Py_DECREF(seq);
    Py_DECREF(mine);
}

static void on_event(void *user, gs_event_kind kind, const gs_event *ev)
{
    static const char *const kinds[] = {"enter", "leave", "prune"};
    pygame *g = user;
    if (g->failed)
        return;
    PyObject *state = Py_NewRef(g->slots[ev->ply].state);
    PyObject *acts = NULL;
    Py_ssize_t index = -1;
    if (kind == GS_EVENT_PRUNE) {
        acts = g->slots[ev->ply].actions;
        index = ev->action;
    } else if (ev->ply > 0 && ev->action != GS_NO_ACTION) {
        acts = g->slots[ev->ply - 1].actions;
        index = ev->action;
    }
    PyObject *action = acts && index >= 0 && index < PyTuple_GET_SIZE(acts)
                           ? PyTuple_GET_ITEM(acts, index) : Py_None;
    Py_INCREF(action);
    PyObject *value = kind == GS_EVENT_LEAVE ? PyFloat_FromDouble(ev->value)
                                             : Py_NewRef(Py_None);
    PyObject *bound = kind == GS_EVENT_LEAVE
                          ? PyUnicode_FromString(gsp_bound_name(ev->bound))
                          : Py_NewRef(Py_None);
    PyObject *k = PyUnicode_FromString(kinds[kind]);
    PyObject *ply = PyLong_FromLong(ev->ply);
    PyObject *r = NULL;
    if (value && bound && k && ply) {
        PyObject *args[6] = {k, state, ply, action, value, bound};
        r = PyObject_Vectorcall(g->hook, args, 6, NULL);
    }
    Py_XDECREF(value);
    Py_XDECREF(bound);
    Py_XDECREF(k);
    Py_XDECREF(ply);
    Py_DECREF(state);
    Py_DECREF(action);
    int stop = r ? PyObject_IsTrue(r) : -1;
    Py_XDECREF(r);
    if (stop < 0) {
        fail(g);
    } else if (stop) {
        g->hook_stopped = true;
        gs_engine_stop(g->engine);
    }
}

/* A bound method of the game, or NULL without error when optional and
 * absent (the base class's own, which returns NotImplemented, counts as
 * absent: the Python layer passes None for those). */
static int method(PyObject *game, const char *name, PyObject *given,
                  PyObject **out)
{
    if (given == Py_None) {
        *out = NULL;
        return 0;
    }
    *out = PyObject_GetAttrString(game, name);
    return *out ? 0 : -1;
}

static void clear(pygame *g)
{
    Py_CLEAR(g->to_move);
    Py_CLEAR(g->actions);
    Py_CLEAR(g->result);
    Py_CLEAR(g->is_terminal);
    Py_CLEAR(g->value);
    Py_CLEAR(g->probabilities);
    Py_CLEAR(g->key);
    Py_CLEAR(g->order);
    for (size_t i = 0; i < g->nslots; i++) {
        Py_CLEAR(g->slots[i].state);
        Py_CLEAR(g->slots[i].actions);
    }
    PyMem_Free(g->slots);
    g->slots = NULL;
    PyMem_Free(g->roles);
    g->roles = NULL;
    gs_engine_free(g->engine);
    g->engine = NULL;
}

/* The principal variation as action objects: the root's list, then the
 * game asked again along the way. */
static PyObject *pv_actions(pygame *g, const gs_result *r)
{
    PyObject *pv = PyList_New(0);
    if (!pv || r->pv_length == 0 || !g->slots[0].actions)
        return pv;
    PyObject *state = Py_NewRef(g->slots[0].state);
    PyObject *acts = Py_NewRef(g->slots[0].actions);
    for (int i = 0;; i++) {
        if (r->pv[i] < 0 || (Py_ssize_t)r->pv[i] >= PyTuple_GET_SIZE(acts)) {
            PyErr_SetString(PyExc_RuntimeError,
                            "actions() listed fewer actions along the "
                            "principal variation than during the search");
            goto fail;
        }
        PyObject *a = PyTuple_GET_ITEM(acts, r->pv[i]);
        if (PyList_Append(pv, a) < 0)
            goto fail;
        if (i + 1 == r->pv_length)
            break;
        PyObject *args[2] = {state, a};
        PyObject *next = PyObject_Vectorcall(g->result, args, 2, NULL);
        if (!next)
            goto fail;
        Py_SETREF(state, next);
        PyObject *list = PyObject_CallOneArg(g->actions, state);
        PyObject *seq = list ? PySequence_Tuple(list) : NULL;
        Py_XDECREF(list);
        if (!seq)
            goto fail;
        Py_SETREF(acts, seq);
    }
    Py_DECREF(state);
    Py_DECREF(acts);
    return pv;
fail:
    Py_DECREF(state);
    Py_DECREF(acts);
    Py_DECREF(pv);
    return NULL;
}

PyObject *gsp_search(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"game", "state", "algo", "depth", "depth_unit",
                             "prune_equal", "table", "iterative", "max_nodes",
                             "time", "hook", "agents", "roles", "max_actions",
                             "probabilities", "key", "order", "iterations",
                             "exploration", "seed", NULL};
    PyObject *game, *state, *hook, *roles, *has_prob, *has_key, *has_order;
    PyObject *iter_obj = Py_None, *c_obj = Py_None, *seed_obj = Py_None;
    PyObject *depth_obj, *nodes_obj, *time_obj, *agents_obj, *actions_obj;
    const char *algo_name, *unit;
    int depth, prune_equal, table, iterative, agents, max_actions;
    uint64_t max_nodes;
    double seconds;
    if (!PyArg_ParseTupleAndKeywords(
            args, kw, "OOsOspppOOOOO!OOOO|OOO", kwlist, &game, &state,
            &algo_name, &depth_obj, &unit, &prune_equal, &table, &iterative,
            &nodes_obj, &time_obj, &hook, &agents_obj, &PyTuple_Type, &roles,
            &actions_obj, &has_prob, &has_key, &has_order, &iter_obj, &c_obj,
            &seed_obj))
        return NULL;
    int algo = gsp_algo(algo_name);
    if (algo < 0 ||
        gsp_arg_cint(depth_obj, "depth", 0, INT_MAX,
                     "None (no limit) or 0 or more", &depth) < 0 ||
        gsp_arg_u64(nodes_obj, "max_nodes", "0 (no limit) or more",
                    &max_nodes) < 0 ||
        gsp_arg_double(time_obj, "time", 0.0,
                       "a finite number of seconds, 0 (no limit) or more",
                       &seconds) < 0 ||
        gsp_arg_cint(agents_obj, "game.agents", 1, INT_MAX, "1 or more",
                     &agents) < 0 ||
        gsp_arg_cint(actions_obj, "game.max_actions", 1, INT_MAX,
                     "1 or more", &max_actions) < 0)
        return NULL;
    /* MCTS's own options: None leaves the library's default */
    uint64_t mcts_iterations = 0, mcts_seed = 0;
    double mcts_c = -1.0;
    if ((iter_obj != Py_None || c_obj != Py_None || seed_obj != Py_None) &&
        algo != GS_MCTS)
        return PyErr_Format(PyExc_ValueError, "iterations, exploration and "
                            "seed are options of algo='mcts', not of "
                            "algo='%s'", algo_name);
    if ((iter_obj != Py_None &&
         gsp_arg_u64(iter_obj, "iterations",
                     "0 (no limit; 10000 when no other limit is given) "
                     "or more", &mcts_iterations) < 0) ||
        (c_obj != Py_None &&
         gsp_arg_double(c_obj, "exploration", 0.0,
                        "a finite number, 0 or more (UCT's constant; "
                        "default about 1.4142)", &mcts_c) < 0) ||
        (seed_obj != Py_None &&
         gsp_arg_u64(seed_obj, "seed", "a whole number from 0 to 2**64-1",
                     &mcts_seed) < 0))
        return NULL;
    if (PyTuple_GET_SIZE(roles) != agents)
        return PyErr_Format(PyExc_ValueError, "game.roles has %zd roles for "
                            "%d agents", PyTuple_GET_SIZE(roles), agents);
    pygame g;
    memset(&g, 0, sizeof g);
    PyObject *out = NULL;
    g.agents = agents;
    g.max_actions = max_actions;
    g.hook = hook == Py_None ? NULL : hook;
    if (method(game, "to_move", NULL, &g.to_move) < 0 ||
        method(game, "actions", NULL, &g.actions) < 0 ||
        method(game, "result", NULL, &g.result) < 0 ||
        method(game, "is_terminal", NULL, &g.is_terminal) < 0 ||
        method(game, "value", NULL, &g.value) < 0 ||
        method(game, "probabilities", has_prob, &g.probabilities) < 0 ||
        method(game, "key", has_key, &g.key) < 0 ||
        method(game, "order", has_order, &g.order) < 0)
        goto out;
    g.roles = PyMem_Calloc((size_t)agents, sizeof *g.roles);
    if (!g.roles) {
        PyErr_NoMemory();
        goto out;
    }
    for (int i = 0; i < agents; i++) {
        long role = PyLong_AsLong(PyTuple_GET_ITEM(roles, i));
        if (role == -1 && PyErr_Occurred())
            goto out;
        g.roles[i] = (gs_role)role;
    }
    if (reserve_slots(&g, 16) < 0)
        goto out;
    g.slots[0].state = Py_NewRef(state);

    gs_game gg;
    memset(&gg, 0, sizeof gg);
    gg.version = GS_GAME_VERSION;
    gg.ctx = &g;
    gg.state_size = sizeof(int32_t);
    gg.num_agents = agents;
    gg.max_actions = max_actions;
    gg.to_move = cb_to_move;
    gg.role = cb_role;
    gg.is_terminal = cb_is_terminal;
    gg.actions = cb_actions;
    gg.apply = cb_apply;
    gg.value = cb_value;
    if (g.probabilities)
        gg.probabilities = cb_probabilities;
    if (g.key)
        gg.hash = cb_hash;
    if (g.order)
        gg.order_hint = cb_order;
    int rc = gs_engine_new(&gg, NULL, &g.engine);
    if (rc != GS_OK) {
        gsp_raise_status(rc, gs_engine_error(g.engine));
        goto out;
    }
    gs_search_options so;
    gs_search_options_init(&so);
    so.algo = (gs_algo)algo;
    so.depth = depth;
    so.depth_unit = strcmp(unit, "rounds") == 0 ? GS_DEPTH_ROUNDS
                                                 : GS_DEPTH_PLIES;
    so.prune_equal = prune_equal != 0;
    so.order_moves = g.order != NULL;
    so.use_tt = table != 0;
    so.iterative = iterative != 0;
    so.max_nodes = max_nodes;
    so.max_seconds = seconds;
    so.mcts_iterations = mcts_iterations;
    so.mcts_seed = mcts_seed;
    if (mcts_c >= 0.0)
        so.mcts_c = mcts_c;
    if (g.hook) {
        so.hook = on_event;
        so.hook_user = &g;
    }
    if (so.use_tt) {
        /* 1 MiB: a Python game is far slower than the table is small */
        rc = gs_engine_tt_resize(g.engine, (size_t)1 << 20);
        if (rc != GS_OK) {
            gsp_raise_status(rc, gs_engine_error(g.engine));
            goto out;
        }
    }
    int32_t root = 0;
    gs_result r;
    rc = gs_search(g.engine, &root, &so, &r);
    if (g.failed) {
        PyErr_Restore(g.exc_type, g.exc_value, g.exc_tb);
        g.exc_type = g.exc_value = g.exc_tb = NULL;
        goto out;
    }
    if (rc == GS_EPLY) {
        PyErr_Format(PyExc_ValueError,
                     "the game goes deeper than the %d plies gamesearch "
                     "searches: cut it off with depth (the states at the "
                     "cutoff valued by the game's value)", so.max_ply);
        goto out;
    }
    if (rc != GS_OK) {
        gsp_raise_status(rc, gs_engine_error(g.engine));
        goto out;
    }
    out = PyDict_New();
    if (!out)
        goto out;
    PyObject *best = Py_None;
    if (r.best != GS_NO_ACTION && g.slots[0].actions &&
        r.best >= 0 && r.best < PyTuple_GET_SIZE(g.slots[0].actions))
        best = PyTuple_GET_ITEM(g.slots[0].actions, r.best);
    if (gsp_set(out, "value", PyFloat_FromDouble(r.value)) < 0 ||
        gsp_set(out, "best", Py_NewRef(best)) < 0 ||
        gsp_set(out, "nodes", PyLong_FromUnsignedLongLong(r.nodes)) < 0 ||
        gsp_set(out, "leaves", PyLong_FromUnsignedLongLong(r.leaves)) < 0 ||
        gsp_set(out, "cutoffs", PyLong_FromUnsignedLongLong(r.cutoffs)) < 0 ||
        gsp_set(out, "table_hits", PyLong_FromUnsignedLongLong(r.tt_hits)) < 0 ||
        gsp_set(out, "depth", PyLong_FromLong(r.depth)) < 0 ||
        gsp_set(out, "seconds", PyFloat_FromDouble(r.seconds)) < 0 ||
        gsp_set(out, "stopped", gsp_stopped(r.stopped, g.hook_stopped)) < 0 ||
        gsp_set(out, "pv", pv_actions(&g, &r)) < 0)
        Py_CLEAR(out);
out:
    Py_XDECREF(g.exc_type);
    Py_XDECREF(g.exc_value);
    Py_XDECREF(g.exc_tb);
    clear(&g);
    return out;
}
