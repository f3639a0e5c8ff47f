/*
 * tools/bench/bench.c: the bench (gamesearch/bench.h): the searches every
 * game of the registry lists for it (gs_game_entry.bench), in the
 * registry's order, and the checks of the values that are known. Built on
 * the public API alone; it names no game.
 *
 * Every row is one search on one thread, without limits, from an empty
 * table (when it uses one): so its node count is a fact of the search
 * code. Consecutive rows of a game made alike share one instance and one
 * engine, as when the rows were first measured.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gamesearch/bench.h"
#include "gamesearch/registry.h"

typedef struct bench {
    gs_allocator alloc;
    gs_bench_fn fn;
    void *user;
    gs_bench_totals *totals;
    gs_bench_row row;          /* the row being searched */
} bench;

/* ---- Rows ---------------------------------------------------------------- */

/* Appends `word` to the n bytes of text in buf, after a space unless it
 * is the first. */
static void append(char *buf, size_t size, size_t *n, const char *word)
{
    if (*n < size)
        *n += (size_t)snprintf(buf + *n, size - *n, "%s%s", *n ? " " : "",
                               word);
}

/* "alphabeta tt order ..." from the options, then `extra`. */
static void describe(const gs_search_options *o, const char *extra,
                     char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    append(buf, size, &n, gs_algo_name(o->algo));
    if (o->algo == GS_ALPHABETA && !o->prune_equal)
        append(buf, size, &n, "strict");
    if (o->use_tt)
        append(buf, size, &n, "tt");
    if (o->order_moves)
        append(buf, size, &n, "order");
    if (o->history)
        append(buf, size, &n, "history");
    const gs_solver_options *so = o->solver;
    if (so && so->null_window)
        append(buf, size, &n, "nullwin");
    if (so && so->tt_symmetry)
        append(buf, size, &n, "sym");
    if (so && so->prefetch)
        append(buf, size, &n, "prefetch");
    if (o->iterative)
        append(buf, size, &n, "iter");
    if (so && so->window_lo < so->window_hi) {
        char window[64];
        snprintf(window, sizeof window, "window=%g,%g", so->window_lo,
                 so->window_hi);
        append(buf, size, &n, window);
    }
    if (extra && *extra)
        append(buf, size, &n, extra);
}

static void describe_depth(const gs_search_options *o, char *buf, size_t size)
{
    if (o->depth == 0)
        snprintf(buf, size, "end");
    else
        snprintf(buf, size, "%d %s", o->depth,
                 o->depth_unit == GS_DEPTH_ROUNDS ? "rounds" : "plies");
}

/*
 * Searches `root` with `o` on one thread, without limits, from an empty
 * table, into b->row (which is then handed on by finish_row). Returns true
 * when the search finished.
 */
static bool search_row(bench *b, const char *game_name, const char *position,
                       const gs_game *game, gs_engine *e, const void *root,
                       const gs_search_options *o, const char *extra)
{
    gs_bench_row *row = &b->row;
    memset(row, 0, sizeof *row);
    row->game = game_name;
    row->position = position;
    gs_search_options so = *o;
    so.threads = 1;
    so.max_nodes = 0;
    so.max_seconds = 0;
    describe(&so, extra, row->search, sizeof row->search);
    describe_depth(&so, row->depth, sizeof row->depth);
    if (so.use_tt)
        gs_engine_tt_clear(e);
    row->status = gs_search(e, root, &so, &row->result);
    if (row->status != GS_OK || row->result.stopped != GS_STOP_NONE)
        return false;   /* without limits it cannot stop: a failure */
    if (row->result.best == GS_NO_ACTION || !game->action_name)
        snprintf(row->best, sizeof row->best, "-");
    else
        game->action_name(game->ctx, root, row->result.best, row->best,
                          sizeof row->best);
    return true;
}

/* Counts b->row in the totals and hands it to the caller. */
static void finish_row(bench *b)
{
    gs_bench_row *row = &b->row;
    bool finished =
        row->status == GS_OK && row->result.stopped == GS_STOP_NONE;
    if (finished) {
        b->totals->rows++;
        b->totals->nodes += row->result.nodes;
        b->totals->seconds += row->result.seconds;
    }
    if (!finished || row->wrong)
        b->totals->failures++;
    if (b->fn)
        b->fn(b->user, row);
}

/* An engine for `game` with the bench's table. */
static int new_engine(const bench *b, const gs_game *game, gs_engine **e)
{
    int rc = gs_engine_new(game, &b->alloc, e);
    if (rc == GS_OK)
        rc = gs_engine_tt_resize(*e, GS_BENCH_TT_BYTES);
    if (rc != GS_OK) {
        gs_engine_free(*e);
        *e = NULL;
    }
    return rc;
}

static void *alloc_bytes(const bench *b, size_t size)
{
    return b->alloc.fn(b->alloc.user, NULL, 0, size);
}

static void free_bytes(const bench *b, void *p, size_t size)
{
    if (p)
        b->alloc.fn(b->alloc.user, p, size, 0);
}

/* ---- The games' searches ----------------------------------------------- */

/* A game made for some rows, its engine and a position. */
typedef struct made {
    gs_game_instance g;
    gs_engine *e;
    void *state;
} made;

static void unmake(const bench *b, made *m)
{
    free_bytes(b, m->state, m->g.game.state_size);
    gs_engine_free(m->e);
    gs_game_unmake(&m->g);
    memset(m, 0, sizeof *m);
}

static int make(const bench *b, const gs_game_entry *entry,
                const gs_game_bench *row, made *m)
{
    memset(m, 0, sizeof *m);
    const char *src = row->source ? row->source : "";
    int rc = gs_game_make(entry, row->params, src, strlen(src), &b->alloc,
                          &m->g, NULL);
    if (rc == GS_OK)
        rc = new_engine(b, &m->g.game, &m->e);
    if (rc == GS_OK && !(m->state = alloc_bytes(b, m->g.game.state_size)))
        rc = GS_ENOMEM;
    if (rc != GS_OK)
        unmake(b, m);
    return rc;
}

static bool same_game(const gs_game_bench *a, const gs_game_bench *b)
{
    return strcmp(a->params, b->params) == 0 && a->source == b->source;
}

/* The engine options of a row (*so: its solver options, when it has
 * them). */
static void row_options(const gs_game_entry *entry, const gs_game_bench *row,
                        gs_search_options *o, gs_solver_options *so)
{
    if (row->solver && entry->solver_options) {
        entry->solver_options(o, so, row->weak);
        return;
    }
    gs_search_options_init(o);
    o->algo = row->algo;
    o->depth = row->depth;
    o->depth_unit = row->rounds ? GS_DEPTH_ROUNDS : GS_DEPTH_PLIES;
    o->prune_equal = !row->strict;
    o->use_tt = row->tt;
    o->order_moves = row->order;
    o->iterative = row->iterative;
}

/* Whether the row's search found the value the row knows; if not, says
 * what it should have been. */
static void check_value(bench *b, const gs_game_bench *row)
{
    const gs_result *r = &b->row.result;
    bool right = row->weak ? (r->value > 0) == (row->value > 0) &&
                                 (r->value < 0) == (row->value < 0)
                           : r->value == row->value &&
                                 r->bound == GS_BOUND_EXACT;
    if (!right) {
        b->row.wrong = true;
        snprintf(b->row.want, sizeof b->row.want, "%.10g%s", row->value,
                 row->weak ? " (its sign)" : "");
    }
}

/* The rows of one game, in order: consecutive rows made alike share one
 * instance and one engine. */
static int bench_game(bench *b, const gs_game_entry *entry)
{
    made m;
    memset(&m, 0, sizeof m);
    int rc = GS_OK;
    for (int i = 0; rc == GS_OK && i < entry->num_bench; i++) {
        const gs_game_bench *row = &entry->bench[i];
        if (i == 0 || !same_game(row, &entry->bench[i - 1])) {
            unmake(b, &m);
            if ((rc = make(b, entry, row, &m)) != GS_OK)
                break;
        }
        gs_error e;
        memset(&e, 0, sizeof e);
        rc = entry->read(m.g.inst, row->position, strlen(row->position),
                         m.state, &e);
        if (rc != GS_OK)
            break;
        gs_search_options o;
        gs_solver_options so;
        row_options(entry, row, &o, &so);
        if (search_row(b, entry->name, row->name, &m.g.game, m.e, m.state,
                       &o, row->extra) && row->known)
            check_value(b, row);
        finish_row(b);
    }
    unmake(b, &m);
    return rc;
}

/* ---- The bench ----------------------------------------------------------- */

int gs_bench_run(const gs_allocator *alloc, gs_bench_fn fn, void *user,
                 gs_bench_totals *totals)
{
    if (!totals)
        return GS_EINVAL;
    memset(totals, 0, sizeof *totals);
    if (!alloc)
        alloc = gs_default_allocator();
    if (!alloc->fn)
        return GS_EINVAL;
    bench b;
    memset(&b, 0, sizeof b);
    b.alloc = *alloc;
    b.fn = fn;
    b.user = user;
    b.totals = totals;
    int rc = GS_OK;
    for (int i = 0; rc == GS_OK && i < gs_registry_count(); i++)
        rc = bench_game(&b, gs_registry_at(i));
    return rc;
}

/* ---- The bench as text and JSON ----------------------------------------- */

int gs_bench_write_start(bool json, gs_write_fn write, void *user)
{
    gs_writer w;
    gs_writer_init(&w, write, user);
    if (json)
        gs_writer_puts(&w, "{\"rows\":[");
    else
        gs_writer_printf(&w, "%-8s %-28s %-8s %12s %-5s %10s %9s  %s\n",
                         "game", "position", "depth", "value", "best",
                         "nodes", "ms", "search");
    return gs_writer_finish(&w);
}

int gs_bench_write_row(const gs_bench_row *row, bool json, bool first,
                       gs_write_fn write, void *user)
{
    const gs_result *r = &row->result;
    gs_writer w;
    gs_writer_init(&w, write, user);
    if (!json) {
        gs_writer_printf(&w, "%-8s %-28s %-8s %12.10g %-5s %10" PRIu64
                         " %9.1f  %s\n", row->game, row->position, row->depth,
                         r->value, row->best, r->nodes, r->seconds * 1e3,
                         row->search);
        return gs_writer_finish(&w);
    }
    /* the names and the search as JSON strings, in this order */
    const char *const keys[] = {"game", "position", "search", "depth", "best"};
    const char *const texts[] = {row->game, row->position, row->search,
                                 row->depth, row->best};
    for (int i = 0; i < 5; i++) {
        if (i == 4) {
            gs_writer_puts(&w, ",\"value\":");
            gs_json_number(r->value, gs_writer_put, &w);
        }
        gs_writer_printf(&w, "%s\"%s\":", i ? "," : first ? "{" : ",{",
                         keys[i]);
        gs_json_string(texts[i], gs_writer_put, &w);
    }
    gs_writer_printf(&w, ",\"nodes\":%" PRIu64 ",\"ms\":%.3f}", r->nodes,
                     r->seconds * 1e3);
    return gs_writer_finish(&w);
}

int gs_bench_write_end(const gs_bench_totals *t, bool json, gs_write_fn write,
                       void *user)
{
    uint64_t speed = t->seconds > 0
                         ? (uint64_t)llround((double)t->nodes / t->seconds) : 0;
    gs_writer w;
    gs_writer_init(&w, write, user);
    if (json)
        gs_writer_printf(&w, "],\"nodes\":%" PRIu64 ",\"nodes_per_second\":%"
                         PRIu64 ",\"seconds\":%.3f}\n", t->nodes, speed,
                         t->seconds);
    else
        gs_writer_printf(&w, "\nNodes searched: %" PRIu64 "\nNodes/second: %"
                         PRIu64 "\nTime: %.3f seconds\n", t->nodes, speed,
                         t->seconds);
    return gs_writer_finish(&w);
}
