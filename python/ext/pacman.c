/*
 * python/ext/pacman.c: gamesearch.pacman.play, pacman.py's games played by
 * the library, and the state view a Python evaluation is handed: an
 * object with pacman.py's GameState method names over a state of the C
 * search, so that an evaluation written for CS188 runs unchanged.
 *
 * Without an evaluation, every game runs with the GIL released; it is
 * taken back only between moves, to notice Ctrl-C. With one, the GIL is
 * held, and the search calls the function at each leaf.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ext.h"

/* pacman.py's Grid and AgentState, from python/gamesearch/pacman.py. */
static PyObject *grid_class, *agent_state_class;

/* ---- Worlds: a capsule that owns a gs_pacman ---- */

static const char *const world_name = "gamesearch.pacman.world";

static void world_destroy(PyObject *capsule)
{
    gs_pacman_free(PyCapsule_GetPointer(capsule, world_name));
}

/* ---- The state view ---- */

typedef struct view {
    PyObject_HEAD
    PyObject *world_ref;      /* the capsule */
    const gs_pacman *world;
    const void *state;        /* NULL once the state it showed is gone */
    void *own;                /* a copy the view owns, or NULL */
} view;

static PyTypeObject view_type;

static view *view_new(PyObject *world_ref)
{
    view *v = PyObject_New(view, &view_type);
    if (!v)
        return NULL;
    v->world_ref = Py_NewRef(world_ref);
    v->world = PyCapsule_GetPointer(world_ref, world_name);
    v->state = NULL;
    v->own = NULL;
    return v;
}

/* Makes the view keep its own copy of the state it shows. */
static int view_keep(view *v)
{
    if (v->own || !v->state)
        return 0;
    size_t size = gs_pacman_state_size(v->world);
    v->own = PyMem_Malloc(size);
    if (!v->own) {
        v->state = NULL;
        PyErr_NoMemory();
        return -1;
    }
    memcpy(v->own, v->state, size);
    v->state = v->own;
    return 0;
}

static void view_dealloc(view *v)
{
    PyMem_Free(v->own);
    Py_XDECREF(v->world_ref);
    PyObject_Free(v);
}

static int live(view *v)
{
    if (v->state)
        return 0;
    PyErr_SetString(PyExc_RuntimeError,
                    "this state view belongs to a search that is over");
    return -1;
}

/* A position in cells: a whole number, or x.5 between two cells. */
static PyObject *coord(int doubled)
{
    if (doubled % 2 == 0)
        return PyLong_FromLong(doubled / 2);
    return PyFloat_FromDouble(doubled / 2.0);
}

static PyObject *position(view *v, int agent)
{
    int x2, y2;
    gs_pacman_position(v->world, v->state, agent, &x2, &y2);
    PyObject *x = coord(x2), *y = coord(y2);
    PyObject *t = x && y ? PyTuple_Pack(2, x, y) : NULL;
    Py_XDECREF(x);
    Py_XDECREF(y);
    return t;
}

static PyObject *agent_state(view *v, int agent)
{
    PyObject *pos = position(v, agent);
    if (!pos)
        return NULL;
    const char *dir = gs_pac_dir_name(gs_pacman_direction(v->world, v->state, agent));
    PyObject *r = PyObject_CallFunction(agent_state_class, "Osii", pos, dir,
                                        gs_pacman_scared(v->world, v->state, agent),
                                        agent == 0);
    Py_DECREF(pos);
    return r;
}

static int ghost_index(view *v, PyObject *arg, int *agent)
{
    long a = PyLong_AsLong(arg);
    if (a == -1 && PyErr_Occurred())
        return -1;
    if (a < 1 || a >= gs_pacman_num_agents(v->world)) {
        PyErr_Format(PyExc_IndexError, "no ghost %ld (ghosts are 1 .. %d)", a,
                     gs_pacman_num_agents(v->world) - 1);
        return -1;
    }
    *agent = (int)a;
    return 0;
}

static PyObject *v_getScore(view *v, PyObject *unused)
{
    (void)unused;
    if (live(v) < 0)
        return NULL;
    return PyFloat_FromDouble((double)gs_pacman_score(v->world, v->state));
}

static PyObject *v_getPacmanPosition(view *v, PyObject *unused)
{
    (void)unused;
    return live(v) < 0 ? NULL : position(v, 0);
}

static PyObject *v_getPacmanState(view *v, PyObject *unused)
{
    (void)unused;
    return live(v) < 0 ? NULL : agent_state(v, 0);
}

static PyObject *v_getGhostPositions(view *v, PyObject *unused)
{
    (void)unused;
    if (live(v) < 0)
        return NULL;
    int n = gs_pacman_num_agents(v->world) - 1;
    PyObject *list = PyList_New(n);
    for (int i = 0; list && i < n; i++) {
        PyObject *p = position(v, i + 1);
        if (!p)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, i, p);
    }
    return list;
}

static PyObject *v_getGhostStates(view *v, PyObject *unused)
{
    (void)unused;
    if (live(v) < 0)
        return NULL;
    int n = gs_pacman_num_agents(v->world) - 1;
    PyObject *list = PyList_New(n);
    for (int i = 0; list && i < n; i++) {
        PyObject *p = agent_state(v, i + 1);
        if (!p)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, i, p);
    }
    return list;
}

static PyObject *v_getGhostPosition(view *v, PyObject *arg)
{
    int agent;
    if (live(v) < 0 || ghost_index(v, arg, &agent) < 0)
        return NULL;
    return position(v, agent);
}

static PyObject *v_getGhostState(view *v, PyObject *arg)
{
    int agent;
    if (live(v) < 0 || ghost_index(v, arg, &agent) < 0)
        return NULL;
    return agent_state(v, agent);
}

/* A Grid of the maze's cells: food or walls. */
static PyObject *grid(view *v, bool walls)
{
    int w = gs_pacman_width(v->world), h = gs_pacman_height(v->world);
    PyObject *data = PyList_New(w);
    for (int x = 0; data && x < w; x++) {
        PyObject *col = PyList_New(h);
        if (!col) {
            Py_CLEAR(data);
            break;
        }
        for (int y = 0; y < h; y++) {
            bool b = walls ? gs_pacman_wall(v->world, x, y)
                           : gs_pacman_food(v->world, v->state, x, y);
            PyList_SET_ITEM(col, y, PyBool_FromLong(b));
        }
        PyList_SET_ITEM(data, x, col);
    }
    if (!data)
        return NULL;
    PyObject *g = PyObject_CallFunction(grid_class, "iiO", w, h, data);
    Py_DECREF(data);
    return g;
}

static PyObject *v_getFood(view *v, PyObject *unused)
{
    (void)unused;
    return live(v) < 0 ? NULL : grid(v, false);
}

static PyObject *v_getWalls(view *v, PyObject *unused)
{
    (void)unused;
    return live(v) < 0 ? NULL : grid(v, true);
}

static int cell_args(view *v, PyObject *args, int *x, int *y)
{
    if (live(v) < 0 || !PyArg_ParseTuple(args, "ii", x, y))
        return -1;
    return 0;
}

static PyObject *v_hasFood(view *v, PyObject *args)
{
    int x, y;
    if (cell_args(v, args, &x, &y) < 0)
        return NULL;
    return PyBool_FromLong(gs_pacman_food(v->world, v->state, x, y));
}

static PyObject *v_hasWall(view *v, PyObject *args)
{
    int x, y;
    if (cell_args(v, args, &x, &y) < 0)
        return NULL;
    return PyBool_FromLong(gs_pacman_wall(v->world, x, y));
}

static PyObject *v_getNumFood(view *v, PyObject *unused)
{
    (void)unused;
    if (live(v) < 0)
        return NULL;
    return PyLong_FromLong(gs_pacman_food_left(v->world, v->state));
}

static PyObject *v_getCapsules(view *v, PyObject *unused)
{
    (void)unused;
    if (live(v) < 0)
        return NULL;
    /* layout.py's order: rows from the bottom, each from the left */
    int w = gs_pacman_width(v->world), h = gs_pacman_height(v->world);
    PyObject *list = PyList_New(0);
    for (int y = 0; list && y < h; y++)
        for (int x = 0; x < w; x++)
            if (gs_pacman_capsule(v->world, v->state, x, y) &&
                gsp_set_append(list, Py_BuildValue("(ii)", x, y)) < 0) {
                Py_CLEAR(list);
                break;
            }
    return list;
}

static PyObject *v_isWin(view *v, PyObject *unused)
{
    (void)unused;
    if (live(v) < 0)
        return NULL;
    return PyBool_FromLong(gs_pacman_is_win(v->world, v->state));
}

static PyObject *v_isLose(view *v, PyObject *unused)
{
    (void)unused;
    if (live(v) < 0)
        return NULL;
    return PyBool_FromLong(gs_pacman_is_lose(v->world, v->state));
}

static PyObject *v_getNumAgents(view *v, PyObject *unused)
{
    (void)unused;
    return PyLong_FromLong(gs_pacman_num_agents(v->world));
}

static int agent_arg(view *v, PyObject *args, int *agent)
{
    *agent = 0;
    if (live(v) < 0 || !PyArg_ParseTuple(args, "|i", agent))
        return -1;
    if (*agent < 0 || *agent >= gs_pacman_num_agents(v->world)) {
        PyErr_Format(PyExc_IndexError, "no agent %d (agents are 0 .. %d)",
                     *agent, gs_pacman_num_agents(v->world) - 1);
        return -1;
    }
    return 0;
}

static PyObject *legal(view *v, int agent)
{
    int acts[GS_PAC_NUM_DIRS], n = 0;
    if (!gs_pacman_is_win(v->world, v->state) &&
        !gs_pacman_is_lose(v->world, v->state))
        n = gs_pacman_legal(v->world, v->state, agent, acts);
    PyObject *list = PyList_New(n);
    for (int i = 0; list && i < n; i++)
        PyList_SET_ITEM(list, i, PyUnicode_FromString(gs_pac_dir_name(acts[i])));
    return list;
}

static PyObject *v_getLegalActions(view *v, PyObject *args)
{
    int agent;
    if (agent_arg(v, args, &agent) < 0)
        return NULL;
    return legal(v, agent);
}

static PyObject *v_getLegalPacmanActions(view *v, PyObject *unused)
{
    (void)unused;
    return live(v) < 0 ? NULL : legal(v, 0);
}

static PyObject *successor(view *v, int agent, const char *action)
{
    int dir = gs_pac_dir_parse(action);
    if (dir < 0)
        return PyErr_Format(PyExc_ValueError, "no action '%s' (West, Stop, "
                            "East, North or South)", action);
    if (gs_pacman_is_win(v->world, v->state) ||
        gs_pacman_is_lose(v->world, v->state))
        return PyErr_Format(PyExc_ValueError,
                            "the game is over: no successor");
    view *c = view_new(v->world_ref);
    if (!c)
        return NULL;
    c->state = v->state;
    if (view_keep(c) < 0) {
        Py_DECREF(c);
        return NULL;
    }
    if (gs_pacman_to_move(v->world, c->state) != agent ||
        gs_pacman_apply(v->world, c->own, agent, dir) != GS_OK) {
        Py_DECREF(c);
        return PyErr_Format(PyExc_ValueError,
                            "%s is not a legal action of agent %d here",
                            action, agent);
    }
    return (PyObject *)c;
}

static PyObject *v_generateSuccessor(view *v, PyObject *args)
{
    int agent;
    const char *action;
    if (live(v) < 0 || !PyArg_ParseTuple(args, "is", &agent, &action))
        return NULL;
    return successor(v, agent, action);
}

static PyObject *v_generatePacmanSuccessor(view *v, PyObject *args)
{
    const char *action;
    if (live(v) < 0 || !PyArg_ParseTuple(args, "s", &action))
        return NULL;
    return successor(v, 0, action);
}

static PyObject *v_getAgentToMove(view *v, PyObject *unused)
{
    (void)unused;
    if (live(v) < 0)
        return NULL;
    return PyLong_FromLong(gs_pacman_to_move(v->world, v->state));
}

#define M0(name) {#name, (PyCFunction)v_##name, METH_NOARGS, NULL}
#define M1(name) {#name, (PyCFunction)v_##name, METH_O, NULL}
#define MV(name) {#name, (PyCFunction)v_##name, METH_VARARGS, NULL}
static PyMethodDef view_methods[] = {
    M0(getScore), M0(getPacmanPosition), M0(getPacmanState),
    M0(getGhostPositions), M0(getGhostStates), M1(getGhostPosition),
    M1(getGhostState), M0(getFood), M0(getWalls), MV(hasFood), MV(hasWall),
    M0(getNumFood), M0(getCapsules), M0(isWin), M0(isLose), M0(getNumAgents),
    MV(getLegalActions), M0(getLegalPacmanActions), MV(generateSuccessor),
    MV(generatePacmanSuccessor), M0(getAgentToMove),
    {NULL, NULL, 0, NULL}
};

static PyTypeObject view_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "gamesearch.pacman.GameState",
    .tp_basicsize = sizeof(view),
    .tp_dealloc = (destructor)view_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A Pacman state as pacman.py's GameState shows it (read only).",
    .tp_methods = view_methods,
};

int gsp_pacman_init(PyObject *module)
{
    if (PyType_Ready(&view_type) < 0)
        return -1;
    Py_INCREF(&view_type);
    if (PyModule_AddObject(module, "GameState", (PyObject *)&view_type) < 0) {
        Py_DECREF(&view_type);
        return -1;
    }
    return 0;
}

PyObject *gsp_pacman_set_classes(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *g, *a;
    if (!PyArg_ParseTuple(args, "OO", &g, &a))
        return NULL;
    Py_XSETREF(grid_class, Py_NewRef(g));
    Py_XSETREF(agent_state_class, Py_NewRef(a));
    Py_RETURN_NONE;
}

/* ---- Playing ---- */

typedef struct play {
    PyObject *evaluation;     /* NULL: the agent's own */
    PyObject *world_ref;
    view *view;               /* reused from leaf to leaf while nobody
                                 else holds it */
    PyThreadState *saved;     /* the GIL released: the thread's state */
    bool failed;
    PyObject *exc_type, *exc_value, *exc_tb;
    const char *agent_name;   /* the Pacman agent, for its errors */
} play;

static void play_fail(play *p)
{
    if (p->failed) {
        PyErr_Clear();
        return;
    }
    p->failed = true;
    PyErr_Fetch(&p->exc_type, &p->exc_value, &p->exc_tb);
}

static double evaluate(void *user, const gs_pacman *world, const void *state)
{
    (void)world;
    play *p = user;
    if (p->failed)
        return 0.0;
    if (!p->view) {
        p->view = view_new(p->world_ref);
        if (!p->view) {
            play_fail(p);
            return 0.0;
        }
    }
    view *v = p->view;
    v->state = state;
    PyObject *r = PyObject_CallOneArg(p->evaluation, (PyObject *)v);
    if (Py_REFCNT(v) > 1) {
        /* kept by the evaluation: it keeps this state, and the next leaf
         * gets a view of its own */
        if (view_keep(v) < 0)
            PyErr_Clear();
        Py_CLEAR(p->view);
    } else {
        v->state = NULL;
    }
    if (!r) {
        play_fail(p);
        return 0.0;
    }
    double x;
    int rc = gsp_finite_result(r, "evaluation", &x);
    Py_DECREF(r);
    if (rc < 0) {
        play_fail(p);
        return 0.0;
    }
    return x;
}

/* After every move: stop the game when the evaluation failed or Ctrl-C
 * was pressed. */
/* The plies a search goes at most (the library's default, which the
 * agents keep). */
static int max_ply(void)
{
    gs_search_options o;
    gs_search_options_init(&o);
    return o.max_ply;
}

static int on_move(void *user, const gs_pac_move *m)
{
    play *p = user;
    if (p->saved)
        PyEval_RestoreThread(p->saved);
    if (!p->failed && PyErr_CheckSignals() < 0)
        play_fail(p);
    /* A search that failed (deeper than the engine goes: depth rounds of
     * every agent beyond its ply limit) is refused, where the program
     * says so and plays the first legal move: a Python caller gets no
     * line on standard error to see. */
    if (!p->failed && m->decision && m->decision->status != GS_OK) {
        if (m->decision->status == GS_EPLY)
            PyErr_Format(PyExc_ValueError, "%s: the search failed (%s): "
                         "depth in rounds times the agents (Pacman and its "
                         "ghosts) must stay within the %d plies gamesearch "
                         "searches; give a smaller depth", p->agent_name,
                         gs_strerror(GS_EPLY), max_ply());
        else
            PyErr_Format(PyExc_ValueError, "%s: the search failed (%s)",
                         p->agent_name, gs_strerror(m->decision->status));
        play_fail(p);
    }
    if (p->saved)
        p->saved = PyEval_SaveThread();
    return p->failed ? 1 : 0;
}

static const char *result_name(gs_pac_result r)
{
    switch (r) {
    case GS_PAC_WIN: return "win";
    case GS_PAC_LOSS: return "loss";
    case GS_PAC_STOPPED: return "stopped";
    case GS_PAC_QUIT: return "quit";
    default: return "timed out";
    }
}

PyObject *gsp_pacman_play(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"layout_text", "layout_name", "pacman",
                             "agent_args", "ghosts", "num_ghosts", "games",
                             "seed_kind", "seed", "evaluation", "max_moves",
                             "page", NULL};
    const char *text, *name, *pacman, *agent_args, *ghosts, *seed_kind;
    Py_ssize_t text_len;
    int num_ghosts, games, page = 0;
    long long seed, moves_limit;
    PyObject *evaluation, *ghosts_obj, *games_obj, *seed_obj, *moves_obj;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s#sszsOOsOOO|p", kwlist, &text,
                                     &text_len, &name, &pacman, &agent_args,
                                     &ghosts, &ghosts_obj, &games_obj,
                                     &seed_kind, &seed_obj, &evaluation,
                                     &moves_obj, &page))
        return NULL;
    if (gsp_arg_cint(ghosts_obj, "num_ghosts", 0, INT_MAX, "0 or more",
                     &num_ghosts) < 0 ||
        gsp_arg_cint(games_obj, "games", 0, INT_MAX, "0 or more", &games) < 0 ||
        gsp_arg_int(seed_obj, "seed", LLONG_MIN, LLONG_MAX, NULL, &seed) < 0 ||
        gsp_arg_int(moves_obj, "max_moves", 0, LONG_MAX,
                    "0 (no limit) or more", &moves_limit) < 0)
        return NULL;
    long max_moves = (long)moves_limit;
    int kind = gs_pac_agent_parse(pacman);
    if (kind < 0 || kind == GS_PAC_AGENT_KEYBOARD) {
        /* every agent that plays without a person, in the library's order */
        char names[512] = "";
        size_t len = 0;
        for (int k = 0; k < GS_PAC_NUM_AGENT_KINDS; k++)
            if (k != GS_PAC_AGENT_KEYBOARD && len < sizeof names)
                len += (size_t)snprintf(names + len, sizeof names - len,
                                        "%s%s", len ? ", " : "",
                                        gs_pac_agent_name((gs_pac_agent_kind)k));
        if (kind == GS_PAC_AGENT_KEYBOARD)
            return PyErr_Format(PyExc_ValueError, "KeyboardAgent plays the "
                                "keys a person presses, and play() has no "
                                "keyboard: give one of %s", names);
        return PyErr_Format(PyExc_ValueError, "no Pacman agent '%s' (%s)",
                            pacman, names);
    }
    gs_pac_ghost ghost;
    if (strcmp(ghosts, "RandomGhost") == 0)
        ghost = GS_PAC_RANDOM_GHOST;
    else if (strcmp(ghosts, "DirectionalGhost") == 0)
        ghost = GS_PAC_DIRECTIONAL_GHOST;
    else
        return PyErr_Format(PyExc_ValueError, "no ghost agent '%s' "
                            "(RandomGhost or DirectionalGhost)", ghosts);
    gs_error err;
    gs_pac_layout *layout = NULL;
    int rc = gs_pac_layout_parse(text, (size_t)text_len, NULL, &layout, &err);
    if (rc == GS_EPARSE || rc == GS_ETOOBIG)
        return gsp_raise_parse_error(&err, name);
    if (rc != GS_OK)
        return gsp_raise_status(rc, NULL);
    gs_pacman *world = NULL;
    rc = gs_pacman_new(layout, num_ghosts, NULL, &world);
    gs_pac_layout_free(layout);
    if (rc != GS_OK)
        return gsp_raise_status(rc, NULL);
    play p;
    memset(&p, 0, sizeof p);
    p.agent_name = gs_pac_agent_name((gs_pac_agent_kind)kind);
    p.world_ref = PyCapsule_New(world, world_name, world_destroy);
    if (!p.world_ref) {
        gs_pacman_free(world);
        return NULL;
    }
    PyObject *out = NULL;
    gs_pac_agent *agent = NULL;
    void *state = NULL;
    gs_pac_record rec;
    gs_pac_record_init(&rec, NULL);
    rc = gs_pac_agent_new((gs_pac_agent_kind)kind, agent_args, world, NULL,
                          &agent, &err);
    if (rc == GS_EINVAL) {
        PyErr_Format(PyExc_ValueError, "agent_args: %s", err.message);
        goto out;
    } else if (rc != GS_OK) {
        gsp_raise_status(rc, NULL);
        goto out;
    }
    state = PyMem_Malloc(gs_pacman_state_size(world));
    out = PyList_New(0);
    if (!state || !out) {
        if (!state)
            PyErr_NoMemory();
        Py_CLEAR(out);
        goto out;
    }
    if (evaluation != Py_None) {
        p.evaluation = evaluation;
        gs_pac_agent_evaluation(agent, evaluate, &p);
    }
    /* random.seed as pacman.py and gamesearch pacman seed it */
    if (strcmp(seed_kind, "fix") == 0) {
        rec.seed_is_string = true;
    } else {
        rec.seed = (int64_t)seed;
        rec.seed_per_game = strcmp(seed_kind, "seeds") == 0;
    }
    gs_pyrandom rng;
    gs_pac_record_seed(&rec, &rng, 1);
    if (page) {
        /* the record of the replay page, as `gamesearch pacman` keeps it,
         * with each action's value beside Pacman's moves */
        gs_pac_agent_measure(agent, gs_pac_agent_measuring(agent) |
                                        GS_PAC_MEASURE_VALUES);
        snprintf(rec.pacman, sizeof rec.pacman, "%s",
                 gs_pac_agent_name((gs_pac_agent_kind)kind));
        rec.ghosts = gs_pacman_num_agents(world) - 1;
        rec.ghost_kind = ghost;
        rec.max_moves = max_moves;
        if (gs_pac_record_set(&rec, &rec.layout_name, name) != GS_OK ||
            gs_pac_record_set(&rec, &rec.agent_args, agent_args) != GS_OK) {
            PyErr_NoMemory();
            Py_CLEAR(out);
            goto out;
        }
        rec.layout_text = (char *)text;   /* lent until the page is written */
        rec.layout_len = (size_t)text_len;
    }
    gs_pac_play_options o;
    gs_pac_play_options_init(&o);
    o.ghosts = ghost;
    o.max_moves = max_moves;
    o.on_move = on_move;
    o.user = &p;
    for (int g = 0; g < games; g++) {
        if (rec.seed_per_game)
            gs_pac_record_seed(&rec, &rng, (size_t)g + 1);
        gs_pac_game_result res;
        gs_pac_game_log *log = NULL;
        if (page && !(log = gs_pac_record_add_game(&rec))) {
            PyErr_NoMemory();
            Py_CLEAR(out);
            goto out;
        }
        if (!p.evaluation)
            p.saved = PyEval_SaveThread();
        if (log)
            rc = gs_pac_play_logged(world, agent, &rng, &o, &rec, log,
                                    GS_PAC_KEEP_ACTIONS |
                                        GS_PAC_KEEP_DECISIONS,
                                    state, &res);
        else
            rc = gs_pac_play(world, agent, &rng, &o, state, &res);
        if (p.saved) {
            PyEval_RestoreThread(p.saved);
            p.saved = NULL;
        }
        if (p.failed) {
            PyErr_Restore(p.exc_type, p.exc_value, p.exc_tb);
            p.exc_type = p.exc_value = p.exc_tb = NULL;
            Py_CLEAR(out);
            goto out;
        }
        if (rc != GS_OK) {
            gsp_raise_status(rc, NULL);
            Py_CLEAR(out);
            goto out;
        }
        PyObject *d = Py_BuildValue(
            "{s:i,s:O,s:s,s:l,s:l,s:K,s:d}", "score", res.score, "win",
            res.result == GS_PAC_WIN ? Py_True : Py_False, "result",
            result_name(res.result), "moves", res.moves, "pacman_moves",
            res.pacman_moves, "nodes", (unsigned long long)res.nodes,
            "seconds", res.seconds);
        if (gsp_set_append(out, d) < 0) {
            Py_CLEAR(out);
            goto out;
        }
    }
    if (page) {
        gsp_buf b = {NULL, 0, 0};
        rc = gs_pac_page_data_write(&rec, world, gsp_buf_write, &b);
        PyObject *data = rc == GS_OK ? gsp_buf_str(&b)
                                     : gsp_raise_status(rc, NULL);
        PyMem_Free(b.data);
        PyObject *both = data ? PyTuple_Pack(2, out, data) : NULL;
        Py_XDECREF(data);
        Py_SETREF(out, both);
    }
out:
    rec.layout_text = NULL;
    rec.layout_len = 0;
    Py_XDECREF(p.exc_type);
    Py_XDECREF(p.exc_value);
    Py_XDECREF(p.exc_tb);
    Py_XDECREF(p.view);
    gs_pac_record_free(&rec);
    PyMem_Free(state);
    gs_pac_agent_free(agent);
    Py_DECREF(p.world_ref);
    return out;
}
