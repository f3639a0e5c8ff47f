/*
 * tools/compare/compare.c: searching one position with several algorithms
 * at several depths (gamesearch/compare.h). Built on the public API alone.
 *
 * Every search is made on one engine, one thread, without a time limit,
 * and a "+tt" search from an empty table: so each row's node count is a
 * fact of the search code, the same as gs_search gives for the same
 * options, and a row never profits from the rows before it.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/compare.h"

/* ---- Algorithms ---------------------------------------------------------- */

static const struct {
    const char *suffix;
    size_t offset;
} improvements[] = {
    {"+order", offsetof(gs_compare_algo, order_moves)},
    {"+tt", offsetof(gs_compare_algo, use_tt)},
    {"+iter", offsetof(gs_compare_algo, iterative)},
};
#define NUM_IMPROVEMENTS (sizeof improvements / sizeof *improvements)

static bool improvement(const gs_compare_algo *a, size_t i)
{
    return *(const bool *)((const char *)a + improvements[i].offset);
}

const char *gs_compare_algo_name(const gs_compare_algo *a, char *buf,
                                 size_t size)
{
    if (size == 0)
        return buf;
    size_t n = (size_t)snprintf(buf, size, "%s", gs_algo_name(a->algo));
    for (size_t i = 0; i < NUM_IMPROVEMENTS && n < size; i++)
        if (improvement(a, i))
            n += (size_t)snprintf(buf + n, size - n, "%s",
                                  improvements[i].suffix);
    return buf;
}

int gs_compare_algo_parse(const char *name, size_t len, gs_compare_algo *out)
{
    static const gs_algo bases[] = {GS_MINIMAX, GS_ALPHABETA, GS_EXPECTIMAX,
                                    GS_PVS, GS_MTDF, GS_SSS, GS_MAXN,
                                    GS_PARANOID, GS_BRS, GS_PNS, GS_DFPN};
    if (!name || !out)
        return GS_EINVAL;
    for (size_t b = 0; b < sizeof bases / sizeof *bases; b++) {
        const char *base = gs_algo_name(bases[b]);
        size_t k = strlen(base);
        if (len < k || memcmp(name, base, k) != 0)
            continue;
        gs_compare_algo a;
        memset(&a, 0, sizeof a);
        a.algo = bases[b];
        size_t at = k;
        for (size_t i = 0; i < NUM_IMPROVEMENTS && at < len; i++) {
            size_t s = strlen(improvements[i].suffix);
            if (len - at >= s &&
                memcmp(name + at, improvements[i].suffix, s) == 0) {
                *(bool *)((char *)&a + improvements[i].offset) = true;
                at += s;
            }
        }
        if (at != len)
            return GS_EINVAL;
        *out = a;
        return GS_OK;
    }
    return GS_EINVAL;
}

const char *gs_compare_algo_unfit(const gs_game *game,
                                  const gs_compare_algo *a)
{
    bool ab = a->algo == GS_ALPHABETA || a->algo == GS_PVS;
    bool passes = a->algo == GS_MTDF || a->algo == GS_SSS;
    bool multi = a->algo == GS_MAXN || a->algo == GS_PARANOID ||
                 a->algo == GS_BRS;
    if (multi && (a->order_moves || a->use_tt || a->iterative))
        return "maxn, paranoid and brs take no +order, +tt or +iter";
    if (a->algo == GS_BRS && !game->turn_to)
        return "the game has no turn_to hook (brs moves one opponent while "
               "the others pass)";
    for (int i = 0; a->algo == GS_BRS && i < game->num_agents; i++)
        if (game->role(game->ctx, i) == GS_ROLE_CHANCE)
            return "the game has a chance agent (brs searches agents that "
                   "choose)";
    if (multi)
        return NULL;
    if (a->algo == GS_PNS || a->algo == GS_DFPN) {
        if (a->use_tt || a->iterative)
            return "pns and dfpn take +order only (dfpn has a table of its "
                   "own)";
        for (int i = 0; i < game->num_agents; i++)
            if (game->role(game->ctx, i) == GS_ROLE_CHANCE)
                return "the game has a chance agent (pns and dfpn prove "
                       "outcomes of MAX and MIN)";
        if (a->order_moves && !game->order_hint)
            return "the game has no move ordering hint";
        if (a->algo == GS_DFPN && !game->hash)
            return "the game has no hash for dfpn's table";
        return NULL;
    }
    if (!ab && !passes && a->algo != GS_MINIMAX && a->algo != GS_EXPECTIMAX)
        return "the algorithm is not minimax, alphabeta, expectimax, pvs, "
               "mtdf, sss, maxn, paranoid, brs, pns or dfpn";
    if (!ab && !passes && (a->order_moves || a->use_tt || a->iterative))
        return "only alphabeta, pvs, mtdf and sss take +order, +tt and +iter";
    if (passes && a->use_tt)
        return "mtdf and sss always use the table: give them without +tt";
    if (a->algo == GS_SSS && a->iterative)
        return "sss searches one depth: give it without +iter";
    if (a->order_moves && !game->order_hint)
        return "the game has no move ordering hint";
    if ((a->use_tt || a->iterative || passes) && !game->hash)
        return "the game has no hash for a transposition table";
    for (int i = 0; (ab || passes) && a->algo != GS_ALPHABETA &&
                    i < game->num_agents; i++)
        if (game->role(game->ctx, i) == GS_ROLE_CHANCE)
            return "the game has a chance agent (pvs, mtdf and sss search "
                   "MAX and MIN agents only)";
    if (a->algo == GS_EXPECTIMAX) {
        for (int i = 0; i < game->num_agents; i++)
            if (game->role(game->ctx, i) != GS_ROLE_MAX)
                return NULL;
        return "the game has no MIN or chance agent";
    }
    return NULL;
}

int gs_compare_default_algos(const gs_game *game, gs_compare_algo *out)
{
    static const gs_compare_algo all[] = {
        {GS_MINIMAX, false, false, false},
        {GS_ALPHABETA, false, false, false},
        {GS_ALPHABETA, true, false, false},
        {GS_ALPHABETA, true, true, false},
        {GS_ALPHABETA, true, true, true},
        {GS_EXPECTIMAX, false, false, false},
    };
    int n = 0;
    for (size_t i = 0; i < sizeof all / sizeof *all; i++) {
        gs_compare_algo a = all[i];
        if (!game->order_hint)
            a.order_moves = false;   /* +tt and +iter without it */
        bool seen = false;
        for (int j = 0; j < n; j++)
            seen = seen || memcmp(&out[j], &a, sizeof a) == 0;
        if (!seen && !gs_compare_algo_unfit(game, &a))
            out[n++] = a;
    }
    return n;
}

int gs_compare_depths_parse(const char *text, int *lo, int *hi)
{
    if (!text || !lo || !hi)
        return GS_EPARSE;
    char *end, *end2;
    long a = strtol(text, &end, 10), b = a;
    if (end == text || a < 1 || a > GS_COMPARE_MAX_DEPTH)
        return GS_EPARSE;
    if (*end != '\0') {
        if (*end != '-' || end[1] == '\0')
            return GS_EPARSE;
        errno = 0;
        b = strtol(end + 1, &end2, 10);
        if (errno || *end2 || end2 == end + 1 || b < a ||
            b > GS_COMPARE_MAX_DEPTH)
            return GS_EPARSE;
    }
    *lo = *end ? (int)a : 1;
    *hi = (int)b;
    return GS_OK;
}

int gs_compare_algos_parse(const char *list, const gs_game *game,
                           gs_compare_options *o, const char **why,
                           size_t *at, size_t *len)
{
    o->num_algos = 0;
    if (!list) {
        o->num_algos = gs_compare_default_algos(game, o->algos);
        return GS_OK;
    }
    for (const char *p = list;; p++) {
        size_t n = strcspn(p, ",");
        gs_compare_algo *a = &o->algos[o->num_algos];
        const char *unfit = NULL;
        bool full = o->num_algos == GS_COMPARE_MAX_ALGOS;
        int rc = full ? GS_EINVAL : gs_compare_algo_parse(p, n, a);
        if (rc != GS_OK || (unfit = gs_compare_algo_unfit(game, a))) {
            *why = unfit ? unfit : full ? "too many algorithms (at most 8)"
                                        : "not an algorithm";
            *at = (size_t)(p - list);
            *len = n;
            return full || unfit ? GS_EINVAL : GS_EPARSE;
        }
        o->num_algos++;
        p += n;
        if (!*p)
            return GS_OK;
    }
}

/* ---- Running ------------------------------------------------------------- */

void gs_compare_options_init(gs_compare_options *o)
{
    memset(o, 0, sizeof *o);
    o->min_depth = o->max_depth = 1;
    o->prune_equal = true;
    o->max_nodes = 5000000;
    o->tt_bytes = (size_t)16 << 20;
}

double gs_compare_ebf(uint64_t nodes, int depth)
{
    if (depth < 1)
        return NAN;
    return pow((double)nodes, 1.0 / depth);
}

/* True for the algorithms that prove the outcome at the end of the game
 * rather than search to a depth: searched once, in a row of depth 0. */
static bool proves(const gs_compare_algo *a)
{
    return a->algo == GS_PNS || a->algo == GS_DFPN;
}

/* The engine options of algorithm a at `depth`. */
static void search_options(const gs_compare_options *o,
                           const gs_compare_algo *a, int depth,
                           gs_search_options *so)
{
    gs_search_options_init(so);
    so->algo = a->algo;
    so->depth = depth;
    so->depth_unit = GS_DEPTH_PLIES;
    so->prune_equal = o->prune_equal;
    so->order_moves = a->order_moves;
    so->use_tt = a->use_tt;
    so->iterative = a->iterative;
    so->max_nodes = o->max_nodes;
}

/* Writes "A: B" (B empty: "A") into why, when there is a why. */
static void say(char *why, const char *a, const char *b)
{
    if (why)
        snprintf(why, GS_COMPARE_WHY_SIZE, "%s%s%s", a, *b ? ": " : "", b);
}

static int check_options(const gs_game *game, const gs_compare_options *o,
                         char *why)
{
    if (o->num_algos < 1 || o->num_algos > GS_COMPARE_MAX_ALGOS) {
        say(why, "no algorithm to compare", "");
        return GS_EINVAL;
    }
    if (o->min_depth < 1 || o->max_depth < o->min_depth) {
        say(why, "the depths are not 1 <= min_depth <= max_depth",
            "");
        return GS_EINVAL;
    }
    for (int i = 0; i < o->num_algos; i++) {
        const char *unfit = gs_compare_algo_unfit(game, &o->algos[i]);
        if (unfit) {
            char name[GS_COMPARE_NAME_SIZE];
            say(why, gs_compare_algo_name(&o->algos[i], name,
                                                     sizeof name), unfit);
            return GS_EINVAL;
        }
    }
    return GS_OK;
}

typedef struct runner {
    gs_compare *c;
    gs_engine *engine;
} runner;

static int push_row(runner *r, const gs_compare_row *row)
{
    gs_compare *c = r->c;
    if (c->num_rows == c->rows_capacity) {
        size_t cap = c->rows_capacity ? 2 * c->rows_capacity : 32;
        void *p = c->alloc.fn(c->alloc.user, c->rows,
                              c->rows_capacity * sizeof *row,
                              cap * sizeof *row);
        if (!p)
            return GS_ENOMEM;
        c->rows = p;
        c->rows_capacity = cap;
    }
    c->rows[c->num_rows++] = *row;
    return GS_OK;
}

/* The searches themselves, into r->c: by depth, then the proofs (depth
 * 0: to the end of the game). */
static int run_grid(runner *r, const gs_game *game, const void *root,
                    const gs_compare_options *o, char *why)
{
    bool stopped[GS_COMPARE_MAX_ALGOS] = {false};
    int left = 0;
    for (int i = 0; i < o->num_algos; i++)
        left += !proves(&o->algos[i]);
    for (int depth = o->min_depth; depth <= o->max_depth + 1; depth++) {
        bool proofs = depth > o->max_depth;
        if (!proofs && left == 0)
            continue;
        for (int i = 0; i < o->num_algos; i++) {
            const gs_compare_algo *a = &o->algos[i];
            if (stopped[i] || proves(a) != proofs)
                continue;
            gs_search_options so;
            search_options(o, a, proofs ? 0 : depth, &so);
            gs_compare_row row;
            memset(&row, 0, sizeof row);
            row.algo = i;
            row.depth = proofs ? 0 : depth;
            if (a->use_tt || a->algo == GS_MTDF || a->algo == GS_SSS)
                gs_engine_tt_clear(r->engine);
            int rc = gs_search(r->engine, root, &so, &row.result);
            if (rc != GS_OK) {
                char name[GS_COMPARE_NAME_SIZE], at[64];
                gs_compare_algo_name(a, name, sizeof name);
                if (proofs)
                    snprintf(at, sizeof at, "%s", name);
                else
                    snprintf(at, sizeof at, "%s at depth %d", name, depth);
                say(why, at, gs_engine_error(r->engine));
                return rc;
            }
            const gs_result *res = &row.result;
            if (res->stopped != GS_STOP_NONE) {
                stopped[i] = true;
                left -= !proofs;
            } else if (res->best != GS_NO_ACTION) {
                if (game->action_name)
                    game->action_name(game->ctx, root, res->best, row.best,
                                      sizeof row.best);
                else
                    snprintf(row.best, sizeof row.best, "%ld",
                             (long)res->best);
            }
            if ((rc = push_row(r, &row)) != GS_OK) {
                say(why, "out of memory", "");
                return rc;
            }
            if (o->fn)
                o->fn(o->user, &r->c->rows[r->c->num_rows - 1]);
        }
    }
    return GS_OK;
}

int gs_compare_run(const gs_game *game, const void *root,
                   const gs_compare_options *o, const gs_allocator *alloc,
                   gs_compare **out, char *why)
{
    say(why, "", "");
    if (out)
        *out = NULL;
    if (!game || !root || !o || !out || !game->role) {
        say(why, "a game, a root, options and a result are needed",
            "");
        return GS_EINVAL;
    }
    if (!alloc)
        alloc = gs_default_allocator();
    int rc = check_options(game, o, why);
    if (rc != GS_OK)
        return rc;
    gs_compare *c = alloc->fn(alloc->user, NULL, 0, sizeof *c);
    if (!c) {
        say(why, "out of memory", "");
        return GS_ENOMEM;
    }
    memset(c, 0, sizeof *c);
    c->alloc = *alloc;
    c->options = *o;
    c->options.fn = NULL;
    c->options.user = NULL;
    runner r = {c, NULL};
    rc = gs_engine_new(game, alloc, &r.engine);
    bool tt = false;
    for (int i = 0; i < o->num_algos; i++)
        tt = tt || o->algos[i].use_tt || o->algos[i].algo == GS_MTDF ||
             o->algos[i].algo == GS_SSS;
    if (rc == GS_OK && tt)
        rc = gs_engine_tt_resize(r.engine, o->tt_bytes);
    if (rc != GS_OK) {
        say(why, "cannot set up the search",
            r.engine ? gs_engine_error(r.engine) : gs_strerror(rc));
    } else {
        /* The root's actions, for the reference lines of the chart. */
        gs_action *acts = alloc->fn(alloc->user, NULL, 0,
                                    (size_t)game->max_actions * sizeof *acts);
        if (!acts) {
            rc = GS_ENOMEM;
            say(why, "out of memory", "");
        } else {
            c->root_actions = game->is_terminal(game->ctx, root)
                                  ? 0
                                  : game->actions(game->ctx, root, acts);
            alloc->fn(alloc->user, acts,
                      (size_t)game->max_actions * sizeof *acts, 0);
            rc = run_grid(&r, game, root, o, why);
        }
    }
    gs_engine_free(r.engine);
    if (rc != GS_OK) {
        gs_compare_free(c);
        return rc;
    }
    *out = c;
    return GS_OK;
}

void gs_compare_free(gs_compare *c)
{
    if (!c)
        return;
    gs_allocator a = c->alloc;
    if (c->rows)
        a.fn(a.user, c->rows, c->rows_capacity * sizeof *c->rows, 0);
    a.fn(a.user, c, sizeof *c, 0);
}

double gs_compare_branching(const gs_compare *c, int *depth)
{
    int best = 0;
    double b = 0;
    for (size_t i = 0; c && i < c->num_rows; i++) {
        const gs_compare_row *row = &c->rows[i];
        if (c->options.algos[row->algo].algo == GS_MINIMAX &&
            row->result.stopped == GS_STOP_NONE && row->depth > best) {
            best = row->depth;
            b = gs_compare_ebf(row->result.nodes, row->depth);
        }
    }
    if (depth)
        *depth = best;
    return best ? b : (c ? (double)c->root_actions : 0);
}
