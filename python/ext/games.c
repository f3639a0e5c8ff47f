/*
 * python/ext/games.c: gamesearch.connect4 and gamesearch.mnk, and every
 * game of the registry by name (gamesearch.games, gamesearch.search_game),
 * searched in C with the GIL released (other Python threads run
 * meanwhile).
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "ext.h"
#include "gamesearch/registry.h"

/* A Connect Four game and its solver (with its table), kept by the Python
 * layer in a capsule, one per thread, from solve to solve, as the program
 * keeps one for a whole list of positions; the shipped book, read at the
 * first call that wants it (book=True). */
typedef struct c4_run {
    gs_c4 *game;
    gs_c4_solver *solver;
    gs_c4_book *book;
} c4_run;

static const char *const c4_name = "gamesearch.connect4.solver";

static void c4_destroy(PyObject *capsule)
{
    c4_run *c = PyCapsule_GetPointer(capsule, c4_name);
    if (!c)
        return;
    gs_c4_solver_free(c->solver);
    gs_c4_book_free(c->book);
    gs_c4_free(c->game);
    PyMem_Free(c);
}

/* c4_solver(table_mb=0, analysis=False): a solver with a table of
 * table_mb MiB (0: the library's default), searching on one thread; with
 * analysis, `gamesearch connect4 analyze`'s defaults instead: every core
 * (one where the library has no threads) and GS_C4_ANALYSIS_TABLE_BYTES
 * unless table_mb says otherwise. */
PyObject *gsp_c4_solver(PyObject *self, PyObject *args)
{
    (void)self;
    Py_ssize_t table_mb = 0;
    int analysis = 0;
    if (!PyArg_ParseTuple(args, "|np", &table_mb, &analysis))
        return NULL;
    c4_run *c = PyMem_Calloc(1, sizeof *c);
    if (!c)
        return PyErr_NoMemory();
    gs_c4_params p;
    gs_c4_params_init(&p);
    gs_c4_solver_params sp;
    gs_c4_solver_params_init(&sp);
    if (table_mb > 0)
        sp.table_bytes = (size_t)table_mb << 20;
    else if (analysis)
        sp.table_bytes = GS_C4_ANALYSIS_TABLE_BYTES;
    if (analysis && gs_threads_available()) {
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        sp.threads = cores < 1 ? 1 : cores < 256 ? (int)cores : 256;
    }
    int rc = gs_c4_new(&p, NULL, &c->game);
    if (rc == GS_OK)
        rc = gs_c4_solver_new(c->game, &sp, NULL, &c->solver);
    PyObject *capsule = rc == GS_OK ? PyCapsule_New(c, c4_name, c4_destroy)
                                    : NULL;
    if (!capsule) {
        gs_c4_free(c->game);
        gs_c4_solver_free(c->solver);
        PyMem_Free(c);
        return rc == GS_OK ? NULL : gsp_raise_status(rc, NULL);
    }
    return capsule;
}

/* One solve or analysis, run by gsp_run_interruptible. */
typedef struct c4_job {
    c4_run *c;
    const gs_c4_state *state;
    bool weak, analyze;
    int rc;
    gs_c4_solution sol;
    gs_c4_analysis an;
} c4_job;

static void c4_work(void *arg)
{
    c4_job *j = arg;
    j->rc = j->analyze ? gs_c4_analyze(j->c->solver, j->state, j->weak, &j->an)
                       : gs_c4_solve(j->c->solver, j->state, j->weak, &j->sol);
}

static void c4_cancel(void *arg, bool cancel)
{
    gs_c4_solver_cancel(((c4_job *)arg)->c->solver, cancel);
}

/* The solver of `capsule`, answering from the shipped book when `book`
 * (as `gamesearch connect4` does unless --no-book), and `position`
 * parsed; -1 with an exception. */
static int c4_open(PyObject *capsule, PyObject *position, bool book,
                   c4_run **c, gs_c4_state *state)
{
    *c = PyCapsule_GetPointer(capsule, c4_name);
    if (!*c)
        return -1;
    if (book && !(*c)->book) {
        int rc = gs_c4_book_default((*c)->game, NULL, &(*c)->book);
        if (rc != GS_OK) {
            gsp_raise_status(rc, NULL);
            return -1;
        }
    }
    gs_c4_solver_set_book((*c)->solver, book ? (*c)->book : NULL);
    Py_ssize_t len;
    const char *text = PyUnicode_AsUTF8AndSize(position, &len);
    if (!text)
        return -1;
    gs_error err;
    if (gs_c4_parse((*c)->game, text, (size_t)len, state, &err) != GS_OK) {
        gsp_raise_parse_error(&err, NULL);
        return -1;
    }
    /* each answer from the position alone, as the program gives it */
    gs_c4_solver_clear((*c)->solver);
    return 0;
}

PyObject *gsp_c4_solve(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"solver", "position", "weak", "book", NULL};
    PyObject *capsule, *position;
    int weak = 0, book = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OU|pp", kwlist, &capsule,
                                     &position, &weak, &book))
        return NULL;
    c4_run *c;
    gs_c4_state state;
    if (c4_open(capsule, position, book != 0, &c, &state) < 0)
        return NULL;
    c4_job job = {.c = c, .state = &state, .weak = weak != 0};
    if (gsp_run_interruptible(c4_work, c4_cancel, &job) < 0)
        return NULL;
    int rc = job.rc;
    const gs_c4_solution sol = job.sol;
    if (rc != GS_OK)
        return gsp_raise_status(rc, NULL);
    if (!sol.known)
        return PyErr_Format(PyExc_RuntimeError,
                            "the solve did not find an exact score");
    return Py_BuildValue("{s:i,s:i,s:K,s:d}", "score", sol.score, "best",
                         sol.best, "nodes", (unsigned long long)sol.nodes,
                         "seconds", sol.seconds);
}

PyObject *gsp_c4_analyze(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"solver", "position", "weak", "book", NULL};
    PyObject *capsule, *position;
    int weak = 0, book = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OU|pp", kwlist, &capsule,
                                     &position, &weak, &book))
        return NULL;
    c4_run *c;
    gs_c4_state state;
    if (c4_open(capsule, position, book != 0, &c, &state) < 0)
        return NULL;
    c4_job *job = PyMem_Calloc(1, sizeof *job);   /* the analysis is large */
    if (!job)
        return PyErr_NoMemory();
    job->c = c;
    job->state = &state;
    job->weak = weak != 0;
    job->analyze = true;
    if (gsp_run_interruptible(c4_work, c4_cancel, job) < 0) {
        PyMem_Free(job);
        return NULL;
    }
    int rc = job->rc;
    gs_c4_analysis an = job->an;
    PyMem_Free(job);
    if (rc != GS_OK)
        return gsp_raise_status(rc, NULL);
    if (!an.all_known)
        return PyErr_Format(PyExc_RuntimeError,
                            "the analysis did not find every exact score");
    PyObject *scores = PyList_New(an.width);
    if (!scores)
        return NULL;
    for (int col = 0; col < an.width; col++) {
        PyObject *v = an.playable[col] ? PyLong_FromLong(an.column[col].score)
                                       : Py_NewRef(Py_None);
        if (!v) {
            Py_DECREF(scores);
            return NULL;
        }
        PyList_SET_ITEM(scores, col, v);
    }
    PyObject *out = Py_BuildValue("{s:O,s:K,s:d}", "scores", scores, "nodes",
                                  (unsigned long long)an.nodes, "seconds",
                                  an.seconds);
    Py_DECREF(scores);
    return out;
}

typedef struct mnk_job {
    gs_mnk_player *pl;
    const void *root;
    gs_mnk_solution *sol;
    int rc;
} mnk_job;

static void mnk_work(void *arg)
{
    mnk_job *j = arg;
    j->rc = gs_mnk_player_solve(j->pl, j->root, j->sol);
}

static void mnk_cancel(void *arg, bool cancel)
{
    gs_mnk_player_cancel(((mnk_job *)arg)->pl, cancel);
}

PyObject *gsp_mnk_solve(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"position", "rows", "cols", "k", "depth", NULL};
    const char *position;
    PyObject *rows_obj, *cols_obj, *k_obj, *depth_obj = Py_None;
    int rows, cols, k, depth = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "sOOO|O", kwlist, &position,
                                     &rows_obj, &cols_obj, &k_obj, &depth_obj))
        return NULL;
    if (gsp_arg_cint(rows_obj, "rows", 1, GS_MNK_MAX_SIDE, NULL, &rows) < 0 ||
        gsp_arg_cint(cols_obj, "cols", 1, GS_MNK_MAX_SIDE, NULL, &cols) < 0 ||
        gsp_arg_cint(k_obj, "k", 1, GS_MNK_MAX_SIDE, NULL, &k) < 0 ||
        (depth_obj != Py_None &&
         gsp_arg_cint(depth_obj, "depth", 1, INT_MAX,
                      "None (to the end) or 1 or more plies", &depth) < 0))
        return NULL;
    gs_mnk_params p;
    gs_mnk_params_init(&p);
    p.rows = rows;
    p.cols = cols;
    p.k = k;
    gs_mnk_params_for_play(&p, true);
    if (gs_mnk_is_large(&p) && depth == 0)
        return PyErr_Format(PyExc_ValueError,
                            "a board of more than %d cells is solved only to "
                            "a depth: give depth=N", GS_MNK_SMALL_CELLS);
    gs_mnk *g = NULL;
    int rc = gs_mnk_new(&p, NULL, &g);
    if (rc != GS_OK)
        return rc == GS_EINVAL
                   ? PyErr_Format(PyExc_ValueError,
                                  "a board of %dx%d with k=%d cannot be "
                                  "played (sides and k 1 .. %d, k at most "
                                  "the longer side)", rows, cols, k,
                                  GS_MNK_MAX_SIDE)
                   : gsp_raise_status(rc, NULL);
    PyObject *out = NULL;
    gs_mnk_player *pl = NULL;
    gs_mnk_solution *sol = PyMem_Malloc(sizeof *sol);
    void *root = PyMem_Malloc(gs_mnk_state_size(g));
    if (!sol || !root) {
        PyErr_NoMemory();
        goto out;
    }
    gs_error err;
    if (gs_mnk_parse(g, position, root, &err) != GS_OK) {
        gsp_raise_parse_error(&err, NULL);
        goto out;
    }
    if (gs_mnk_over(g, root)) {
        PyErr_Format(PyExc_ValueError, "the game is already over (%s)",
                     gs_mnk_over_reason(g, root));
        goto out;
    }
    gs_mnk_player_params pp;
    gs_mnk_player_params_init(&pp);
    pp.depth = depth;
    rc = gs_mnk_player_new(g, &pp, NULL, &pl);
    if (rc == GS_OK) {
        mnk_job job = {pl, root, sol, GS_OK};
        if (gsp_run_interruptible(mnk_work, mnk_cancel, &job) < 0)
            goto out;
        rc = job.rc;
    }
    if (rc != GS_OK) {
        gsp_raise_status(rc, NULL);
        goto out;
    }
    PyObject *cells = PyList_New(sol->nbest);
    if (!cells)
        goto out;
    for (int i = 0; i < sol->nbest; i++) {
        PyObject *c = PyLong_FromLong(sol->best[i]);
        if (!c) {
            Py_DECREF(cells);
            goto out;
        }
        PyList_SET_ITEM(cells, i, c);
    }
    out = Py_BuildValue("{s:i,s:O,s:K,s:d}", "value", sol->value, "best",
                        cells, "nodes", (unsigned long long)sol->nodes,
                        "seconds", sol->seconds);
    Py_DECREF(cells);
out:
    gs_mnk_player_free(pl);
    PyMem_Free(root);
    PyMem_Free(sol);
    gs_mnk_free(g);
    return out;
}

/* ---- The registry: every game of the library by name ---- */

PyObject *gsp_games(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    PyObject *list = PyList_New(0);
    for (int i = 0; list && i < gs_registry_count(); i++) {
        const gs_game_entry *e = gs_registry_at(i);
        PyObject *params = PyList_New(0);
        for (int k = 0; params && k < e->num_params; k++)
            if (gsp_set_append(params, Py_BuildValue(
                    "{s:s,s:s,s:s}", "name", e->params[k].name, "default",
                    e->params[k].value, "help", e->params[k].help)) < 0)
                Py_CLEAR(params);
        const char *source = e->source == GS_SOURCE_FILE     ? "file"
                             : e->source == GS_SOURCE_LAYOUT ? "layout"
                                                             : NULL;
        PyObject *d = params ? Py_BuildValue(
            "{s:s,s:s,s:s,s:z,s:O,s:O}", "name", e->name, "title", e->title,
            "summary", e->summary, "source", source, "params", params,
            "match", (e->flags & GS_GAME_TWO_PLAYER) ? Py_True : Py_False)
                             : NULL;
        Py_XDECREF(params);
        if (gsp_set_append(list, d) < 0)
            Py_CLEAR(list);
    }
    return list;
}

/* A registry game made from "NAME[:PARAMS]" and a source, searched from
 * `position` in C with the GIL released. */
PyObject *gsp_game_search(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"game", "position", "source", "algo", "depth",
                             "table", NULL};
    const char *spec, *position = "", *algo_name = "alphabeta";
    const char *source = NULL;
    Py_ssize_t source_len = 0;
    int depth = 0, table = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s|sz#sip", kwlist, &spec,
                                     &position, &source, &source_len,
                                     &algo_name, &depth, &table))
        return NULL;
    const char *params;
    const gs_game_entry *e = gs_registry_lookup(spec, &params);
    if (!e) {
        char names[256];
        gs_registry_names(0, names, sizeof names);
        return PyErr_Format(PyExc_ValueError, "unknown game '%s' (%s)", spec,
                            names);
    }
    if (e->source != GS_SOURCE_NONE && !source)
        return PyErr_Format(PyExc_ValueError, "%s is made from a %s: give "
                            "source=TEXT", e->name,
                            e->source == GS_SOURCE_FILE ? "file" : "layout");
    int algo = gsp_algo(algo_name);
    if (algo < 0)
        return NULL;
    if (depth < 0)
        return PyErr_Format(PyExc_ValueError, "depth is %d: 0 (no limit) "
                            "or more", depth);
    gs_game_instance g;
    gs_error err;
    int rc = gs_game_make(e, params, source, (size_t)source_len, NULL, &g,
                          &err);
    if (rc == GS_EPARSE || rc == GS_ETOOBIG)
        return gsp_raise_parse_error(&err, spec);
    if (rc != GS_OK)
        return gsp_raise_status(rc, err.message);
    PyObject *out = NULL;
    gs_engine *engine = NULL;
    void *state = PyMem_Malloc(g.game.state_size);
    if (!state) {
        PyErr_NoMemory();
        goto done;
    }
    memset(&err, 0, sizeof err);
    if (e->read(g.inst, position, strlen(position), state, &err) != GS_OK) {
        gsp_raise_parse_error(&err, "position");
        goto done;
    }
    if ((rc = gs_engine_new(&g.game, NULL, &engine)) != GS_OK) {
        gsp_raise_status(rc, gs_engine_error(engine));
        goto done;
    }
    gs_search_options o;
    gs_search_options_init(&o);
    o.algo = (gs_algo)algo;
    o.depth = depth;
    o.use_tt = table && g.game.hash;
    o.order_moves = g.game.order_hint != NULL;
    gs_result r;
    Py_BEGIN_ALLOW_THREADS
    rc = gs_search(engine, state, &o, &r);
    Py_END_ALLOW_THREADS
    if (rc == GS_EPLY) {
        PyErr_Format(PyExc_ValueError,
                     "the game goes deeper than the %d plies gamesearch "
                     "searches: cut it off with depth (the positions at the "
                     "cutoff valued by the game's evaluation)", o.max_ply);
        goto done;
    }
    if (rc != GS_OK) {
        gsp_raise_status(rc, gs_engine_error(engine));
        goto done;
    }
    char best[64] = "";
    if (r.best != GS_NO_ACTION && g.game.action_name)
        g.game.action_name(g.game.ctx, state, r.best, best, sizeof best);
    else if (r.best != GS_NO_ACTION)
        snprintf(best, sizeof best, "%ld", (long)r.best);
    out = Py_BuildValue("{s:d,s:z,s:s,s:K,s:K,s:d}", "value", r.value,
                        "best", *best ? best : NULL, "bound",
                        gsp_bound_name(r.bound), "nodes",
                        (unsigned long long)r.nodes, "leaves",
                        (unsigned long long)r.leaves, "seconds", r.seconds);
done:
    gs_engine_free(engine);
    PyMem_Free(state);
    gs_game_unmake(&g);
    return out;
}
