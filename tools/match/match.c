/*
 * tools/match/match.c: matches between two players (gamesearch/match.h):
 * players read from their specs, the games played (on several threads
 * when asked, each game depending on its own seed alone), the statistics,
 * and the text and JSON the program prints. Built on the public API.
 */
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/jobs.h"
#include "gamesearch/match.h"
#include "gamesearch/mnk.h"
#include "gamesearch/registry.h"
#include "gamesearch/text.h"

/* ---- players ---- */

static const char *const kind_names[] = {"alphabeta", "minimax", "mcts",
                                         "random", "pvs", "mtdf", "sss",
                                         "pns", "dfpn"};
#define NUM_KINDS ((int)(sizeof kind_names / sizeof kind_names[0]))

static int spec_fail(gs_error *err, int column, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
        err->line = 1;
        err->column = column;
    }
    return GS_EPARSE;
}

static bool read_u64(const char *s, size_t len, uint64_t max, uint64_t *out)
{
    if (len == 0 || len > 19)
        return false;
    uint64_t v = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        v = v * 10 + (uint64_t)(s[i] - '0');
    }
    if (v > max)
        return false;
    *out = v;
    return true;
}

static bool read_double(const char *s, size_t len, double *out)
{
    char buf[64];
    if (len == 0 || len >= sizeof buf)
        return false;
    memcpy(buf, s, len);
    buf[len] = '\0';
    char *end;
    double v = strtod(buf, &end);
    if (*end != '\0' || !isfinite(v) || v < 0.0)
        return false;
    *out = v;
    return true;
}

static bool word_is(const char *s, size_t len, const char *w)
{
    return strlen(w) == len && memcmp(s, w, len) == 0;
}

int gs_player_spec_parse(const char *text, gs_player_spec *out, gs_error *err)
{
    if (!text || !out)
        return spec_fail(err, 0, "no player");
    memset(out, 0, sizeof *out);
    out->c = -1.0;
    out->eval = -1;
    out->playout = GS_PLAYOUT_POLICY;
    size_t alen = strcspn(text, ":");
    int kind = -1;
    for (int i = 0; i < NUM_KINDS; i++)
        if (word_is(text, alen, kind_names[i]))
            kind = i;
    if (kind < 0 && (word_is(text, alen, "maxn") ||
                     word_is(text, alen, "paranoid") ||
                     word_is(text, alen, "brs")))
        return spec_fail(err, 1,
                         "'%.*s' searches games of more than two players, "
                         "and a match is of two: on two players max^n is "
                         "minimax, and paranoid and best-reply search are "
                         "alpha-beta", (int)alen, text);
    if (kind < 0)
        return spec_fail(err, 1,
                         "unknown algorithm '%.*s' (expected alphabeta, "
                         "minimax, mcts, pvs, mtdf, sss, pns, dfpn or "
                         "random)",
                         (int)alen, text);
    out->kind = (gs_player_kind)kind;
    const char *p = text + alen;
    if (*p == ':')
        p++;
    else if (*p)
        return spec_fail(err, (int)alen + 1, "expected ':' after the algorithm");
    while (*p) {
        size_t len = strcspn(p, ",");
        size_t klen = strcspn(p, "=,");
        int col = (int)(p - text) + 1;
        if (klen >= len)
            return spec_fail(err, col, "'%.*s' is not key=value", (int)len, p);
        const char *v = p + klen + 1;
        size_t vlen = len - klen - 1;
        uint64_t u = 0;
        bool ok = true;
        bool search = out->kind != GS_PLAYER_RANDOM;
        bool mcts = out->kind == GS_PLAYER_MCTS;
        bool proof = out->kind == GS_PLAYER_PNS ||
                     out->kind == GS_PLAYER_DFPN;
        bool ab = search && !mcts && !proof;
        const char *key = NULL;
        if (word_is(p, klen, "depth")) {
            key = ab ? "depth" : NULL;
            ok = read_u64(v, vlen, 10000, &u);
            out->depth = (int)u;
        } else if (word_is(p, klen, "time")) {
            key = search ? "time" : NULL;
            ok = read_double(v, vlen, &out->time) && out->time > 0.0;
        } else if (word_is(p, klen, "nodes")) {
            key = search ? "nodes" : NULL;
            ok = read_u64(v, vlen, UINT64_MAX / 2, &out->nodes) && out->nodes;
        } else if (word_is(p, klen, "iterations")) {
            key = mcts ? "iterations" : NULL;
            ok = read_u64(v, vlen, UINT64_MAX / 2, &out->iterations) &&
                 out->iterations;
        } else if (word_is(p, klen, "c")) {
            key = mcts ? "c" : NULL;
            ok = read_double(v, vlen, &out->c);
        } else if (word_is(p, klen, "threads")) {
            key = mcts ? "threads" : NULL;
            ok = read_u64(v, vlen, 256, &u) && u > 0;
            out->threads = (int)u;
        } else if (word_is(p, klen, "playout")) {
            key = mcts ? "playout" : NULL;
            ok = word_is(v, vlen, "policy") || word_is(v, vlen, "random") ||
                 word_is(v, vlen, "eval");
            out->playout = word_is(v, vlen, "random") ? GS_PLAYOUT_RANDOM
                           : word_is(v, vlen, "eval") ? GS_PLAYOUT_EVAL
                                                      : GS_PLAYOUT_POLICY;
        } else if (word_is(p, klen, "eval")) {
            key = search ? "eval" : NULL;
            ok = word_is(v, vlen, "none") || word_is(v, vlen, "lines") ||
                 word_is(v, vlen, "threats");
            out->eval = word_is(v, vlen, "none")    ? GS_MNK_EVAL_NONE
                        : word_is(v, vlen, "lines") ? GS_MNK_EVAL_LINES
                                                    : GS_MNK_EVAL_THREATS;
        } else {
            return spec_fail(err, col,
                             "unknown key '%.*s' (keys: depth, time, nodes, "
                             "iterations, c, playout, threads, eval)",
                             (int)klen, p);
        }
        if (!key)
            return spec_fail(err, col, "%s players take no '%.*s'",
                             kind_names[kind], (int)klen, p);
        if (!ok)
            return spec_fail(err, (int)(v - text) + 1,
                             "'%.*s' is no value for %s", (int)vlen, v, key);
        p += len;
        if (*p == ',')
            p++;
    }
    return GS_OK;
}

/* ---- the game ---- */

typedef struct match_setup {
    const gs_match_params *p;
    const gs_game_entry *entry;
    bool small;               /* alpha-beta solves it in a moment */
    int rows, cols, k;        /* its parameters m, n and k, or 0 */
    gs_player_spec spec[2];   /* a, b */
    gs_game_instance inst[2]; /* each player's view of the game */
    gs_allocator alloc;
} match_setup;

/* One player on one thread. */
typedef struct player {
    const gs_player_spec *spec;
    const gs_game *game;
    gs_engine *engine;        /* NULL for random */
    gs_search_options so;
    bool proves;              /* pns, dfpn: so proves, fallback searches */
    gs_search_options fallback;
} player;

/* The nodes a pns or dfpn player's proof may take by default. */
#define PROOF_NODES 1000000u

static uint64_t mix(uint64_t a, uint64_t b)
{
    uint64_t z = a + 0x9e3779b97f4a7c15u * (b + 1);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static int player_init(player *pl, const match_setup *ms, int side)
{
    const gs_player_spec *s = &ms->spec[side];
    memset(pl, 0, sizeof *pl);
    pl->spec = s;
    pl->game = &ms->inst[side].game;
    if (s->kind == GS_PLAYER_RANDOM)
        return GS_OK;
    int st = gs_engine_new(pl->game, &ms->alloc, &pl->engine);
    if (st != GS_OK)
        return st;
    gs_search_options *o = &pl->so;
    gs_search_options_init(o);
    o->max_nodes = s->nodes;
    o->max_seconds = s->time;
    if (s->kind == GS_PLAYER_MCTS) {
        o->algo = GS_MCTS;
        o->mcts_iterations = s->iterations;
        if (s->c >= 0.0)
            o->mcts_c = s->c;
        o->mcts_playout = s->playout;
        o->mcts_win_loss = true;
        o->threads = s->threads > 0 ? s->threads : 1;
        return GS_OK;
    }
    pl->proves = s->kind == GS_PLAYER_PNS || s->kind == GS_PLAYER_DFPN;
    if (pl->proves) {
        /* the proof, then (o below) the fallback: alpha-beta */
        gs_search_options *pr = &pl->fallback;
        *pr = *o;
        pr->algo = s->kind == GS_PLAYER_PNS ? GS_PNS : GS_DFPN;
        pr->order_moves = true;
        if (!s->nodes && !s->time)
            pr->max_nodes = PROOF_NODES;
    }
    o->algo = s->kind == GS_PLAYER_MINIMAX ? GS_MINIMAX
            : s->kind == GS_PLAYER_PVS     ? GS_PVS
            : s->kind == GS_PLAYER_MTDF    ? GS_MTDF
            : s->kind == GS_PLAYER_SSS     ? GS_SSS
                                           : GS_ALPHABETA;
    o->order_moves = true;
    o->use_tt = true;
    o->depth = s->depth;
    bool small = ms->small;
    if (!small && !s->depth && !s->time && !s->nodes)
        o->max_seconds = 1.0;
    o->iterative = o->max_seconds > 0.0 || (s->nodes && !s->depth);
    if (small && !s->depth) {
        /* a table sized to tic-tac-toe's positions, as the ttt player's */
        st = gs_engine_tt_resize(pl->engine, (size_t)2 << 20);
    }
    if (pl->proves) {   /* (so the proof, fallback the alpha-beta) */
        gs_search_options ab = *o;
        *o = pl->fallback;
        pl->fallback = ab;
    }
    return st;
}

/* True when a proof's result (r->value for MAX) is a win or a draw for
 * the side to move in `state`: its move keeps it. */
static bool proved_not_lost(const gs_game *g, const void *state,
                            const gs_result *r)
{
    if (r->stopped != GS_STOP_NONE || r->best == GS_NO_ACTION)
        return false;
    bool max = g->role(g->ctx, g->to_move(g->ctx, state)) == GS_ROLE_MAX;
    return max ? r->value >= 0 : r->value <= 0;
}

static void player_free(player *pl)
{
    gs_engine_free(pl->engine);
}

/* The move of pl in `state`, into *out. */
static int player_move(player *pl, const void *state, uint64_t seed,
                       gs_action *buf, gs_action *out)
{
    const gs_game *g = pl->game;
    int n = g->actions(g->ctx, state, buf);
    if (n <= 0)
        return GS_EINVAL;
    if (!pl->engine) {
        *out = buf[mix(seed, 0) % (uint64_t)n];
        return GS_OK;
    }
    pl->so.mcts_seed = seed;
    gs_result r;
    int st = gs_search(pl->engine, state, &pl->so, &r);
    if (st == GS_OK && pl->proves && !proved_not_lost(g, state, &r))
        st = gs_search(pl->engine, state, &pl->fallback, &r);
    if (st != GS_OK)
        return st;
    *out = r.best != GS_NO_ACTION ? r.best : buf[0];
    return GS_OK;
}

/* Appends a move's name to a growing string. */
static bool append(const gs_allocator *a, char **s, size_t *len, size_t *cap,
                   const char *name)
{
    size_t n = strlen(name) + 1;
    if (*len + n + 1 > *cap) {
        size_t ncap = *cap ? *cap * 2 : 64;
        while (ncap < *len + n + 1)
            ncap *= 2;
        char *p = a->fn(a->user, *s, *cap, ncap);
        if (!p)
            return false;
        *s = p;
        *cap = ncap;
    }
    if (*len)
        (*s)[(*len)++] = ' ';
    memcpy(*s + *len, name, n);
    *len += n - 1;
    return true;
}

/* The work of one thread: games t, t + threads, ... */
/* What one thread of the job pool keeps for the games it plays: its
 * players and boards (made at its first game), and its first failure,
 * after which it plays no more. */
typedef struct worker {
    match_setup *ms;
    gs_match *m;
    player pl[2];
    unsigned char *s[2];
    gs_action *buf;
    bool ready;
    int status;
    int failed_game;          /* the game that failed */
    char error[200];
} worker;

/* The start of the game. */
static int init_state(const match_setup *ms, void *state)
{
    gs_error e;
    memset(&e, 0, sizeof e);
    return ms->entry->read(ms->inst[0].inst, "", 0, state, &e);
}

static int play_game(worker *w, player *pl, unsigned char *s[2],
                     gs_action *buf, int i)
{
    match_setup *ms = w->ms;
    gs_match_game *gm = &w->m->results[i];
    const gs_game *g = &ms->inst[0].game;
    int at = ms->p->first_game + i;   /* the game's place in the match */
    gm->seed = ms->p->seed + (uint64_t)at;
    gm->a_first = at % 2 == 0;
    for (int k = 0; k < 2; k++)
        if (pl[k].engine)
            gs_engine_tt_clear(pl[k].engine);
    if (init_state(ms, s[0]) != GS_OK) {
        snprintf(w->error, sizeof w->error, "the game has no start");
        return GS_EINVAL;
    }
    size_t len = 0, cap = 0;
    int cur = 0;
    while (!g->is_terminal(g->ctx, s[cur])) {
        int agent = g->to_move(g->ctx, s[cur]);
        int side = (agent == 0) == gm->a_first ? 0 : 1;
        gs_action act;
        int st = player_move(&pl[side], s[cur],
                             mix(gm->seed, (uint64_t)gm->plies), buf, &act);
        if (st != GS_OK) {
            snprintf(w->error, sizeof w->error, "player %c: %s",
                     side ? 'b' : 'a',
                     pl[side].engine ? gs_engine_error(pl[side].engine)
                                     : gs_strerror(st));
            return st;
        }
        char name[32];
        if (g->action_name)
            g->action_name(g->ctx, s[cur], act, name, sizeof name);
        else
            snprintf(name, sizeof name, "%d", (int)act);
        bool ok = append(&ms->alloc, &gm->moves, &len, &cap, name);
        gm->moves_size = cap;
        if (!ok) {
            snprintf(w->error, sizeof w->error, "out of memory for the moves");
            return GS_ENOMEM;
        }
        g->apply(g->ctx, s[cur], act, s[1 - cur]);
        cur = 1 - cur;
        gm->plies++;
    }
    if (!gm->moves && !append(&ms->alloc, &gm->moves, &len, &cap, "x")) {
        snprintf(w->error, sizeof w->error, "out of memory for the moves");
        return GS_ENOMEM;
    }
    gm->moves_size = cap;
    if (gm->plies == 0)
        gm->moves[0] = '\0';
    double v = g->value(g->ctx, s[cur]);
    int first = v > 0 ? 1 : v < 0 ? -1 : 0;
    gm->result = gm->a_first ? first : -first;
    return GS_OK;
}

/* Makes w's players and boards: GS_OK, or GS_ENOMEM with w->error. */
static int worker_setup(worker *w)
{
    match_setup *ms = w->ms;
    const gs_game *game = &ms->inst[0].game;
    size_t size = game->state_size;
    const gs_allocator *a = &ms->alloc;
    w->ready = true;
    w->s[0] = a->fn(a->user, NULL, 0, size);
    w->s[1] = a->fn(a->user, NULL, 0, size);
    w->buf = a->fn(a->user, NULL, 0,
                   (size_t)game->max_actions * sizeof *w->buf);
    if (w->s[0] && w->s[1] && w->buf &&
        player_init(&w->pl[0], ms, 0) == GS_OK &&
        player_init(&w->pl[1], ms, 1) == GS_OK)
        return GS_OK;
    snprintf(w->error, sizeof w->error, "out of memory for the players");
    return GS_ENOMEM;
}

static void worker_free(worker *w)
{
    if (!w->ready)
        return;
    match_setup *ms = w->ms;
    const gs_game *game = &ms->inst[0].game;
    size_t size = game->state_size;
    const gs_allocator *a = &ms->alloc;
    player_free(&w->pl[0]);
    player_free(&w->pl[1]);
    if (w->s[0])
        a->fn(a->user, w->s[0], size, 0);
    if (w->s[1])
        a->fn(a->user, w->s[1], size, 0);
    if (w->buf)
        a->fn(a->user, w->buf, (size_t)game->max_actions * sizeof *w->buf, 0);
}

/* The jobs of a match: one a game. */
typedef struct match_jobs {
    worker *w;
    int failed;               /* the first game that failed, or -1 */
    int failed_status;        /* its status */
} match_jobs;

static int game_run(void *user, size_t i, int t)
{
    worker *w = &((match_jobs *)user)->w[t];
    if (w->status != GS_OK)
        return w->status;   /* it failed before: it plays no more */
    if (!w->ready)
        w->status = worker_setup(w);
    if (w->status == GS_OK)
        w->status = play_game(w, w->pl, w->s, w->buf, (int)i);
    if (w->status != GS_OK)
        w->failed_game = (int)i;
    return w->status;
}

/* Stops at the first game in order that failed: every game a worker ran
 * after its own first failure comes later, so that game's failure is the
 * first of some worker's, whose error says what it was. */
static int game_take(void *user, size_t i, int status)
{
    if (status == GS_OK)
        return 0;
    ((match_jobs *)user)->failed = (int)i;
    ((match_jobs *)user)->failed_status = status;
    return 1;
}

/* ---- the match ---- */

void gs_match_params_init(gs_match_params *p)
{
    memset(p, 0, sizeof *p);
    p->games = 2;
    p->seed = 1;
    p->threads = 1;
}

static int fail(gs_error *err, int st, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
        err->line = err->column = 0;
    }
    return st;
}

static char *dup_string(const gs_allocator *a, const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = a->fn(a->user, NULL, 0, n);
    if (d)
        memcpy(d, s, n);
    return d;
}

static void free_string(const gs_allocator *a, char *s)
{
    if (s)
        a->fn(a->user, s, strlen(s) + 1, 0);
}

void gs_match_free(gs_match *m)
{
    if (!m)
        return;
    const gs_allocator a = m->alloc;
    if (m->results) {
        for (int i = 0; i < m->games; i++)
            if (m->results[i].moves)
                a.fn(a.user, m->results[i].moves, m->results[i].moves_size,
                     0);
        a.fn(a.user, m->results, (size_t)m->games * sizeof *m->results, 0);
    }
    free_string(&a, m->a);
    free_string(&a, m->b);
    a.fn(a.user, m, sizeof *m, 0);
}

static void setup_free(match_setup *ms)
{
    for (int i = 0; i < 2; i++)
        gs_game_unmake(&ms->inst[i]);
}

/* Appends ",key=value" (no comma first) to params. */
static void add_param(char *params, size_t size, const char *key,
                      const char *value)
{
    size_t n = strlen(params);
    if (n < size)
        snprintf(params + n, size - n, "%s%s=%s", n ? "," : "", key, value);
}

/* The games of a match that take a board size and k: "mnk". */
static void sized_games(char *buf, size_t size)
{
    int n = 0, k = 0;
    for (int i = 0; i < gs_registry_count(); i++) {
        const gs_game_entry *e = gs_registry_at(i);
        n += (e->flags & GS_GAME_TWO_PLAYER) && gs_game_param_index(e, "m") >= 0;
    }
    buf[0] = '\0';
    for (int i = 0, len = 0; i < gs_registry_count(); i++) {
        const gs_game_entry *e = gs_registry_at(i);
        if (!(e->flags & GS_GAME_TWO_PLAYER) || gs_game_param_index(e, "m") < 0)
            continue;
        if ((size_t)len >= size)
            break;
        len += snprintf(buf + len, size - (size_t)len, "%s%s",
                        k == 0 ? "" : k == n - 1 ? " or " : ", ", e->name);
        k++;
    }
}

/* The parameter `key` of the game as a number (0 when it has none). */
static int param_int(const gs_game_entry *e, const char *const *value,
                     const char *key)
{
    int i = gs_game_param_index(e, key);
    return i < 0 ? 0 : atoi(value[i]);
}

/* The game and the two players' views of it. */
static int setup(match_setup *ms, gs_error *err)
{
    const gs_match_params *p = ms->p;
    for (int i = 0; i < 2; i++) {
        gs_error e;
        if (gs_player_spec_parse(i ? p->b : p->a, &ms->spec[i], &e) != GS_OK)
            return fail(err, GS_EPARSE, "player %c: %s", i ? 'b' : 'a',
                        e.message);
    }
    const char *name = p->game ? p->game : "", *given;
    const gs_game_entry *entry = gs_registry_lookup(name, &given);
    if (!entry || !(entry->flags & GS_GAME_TWO_PLAYER)) {
        char games[256];
        gs_registry_names(GS_GAME_TWO_PLAYER, games, sizeof games);
        return fail(err, GS_EINVAL, "unknown game '%s' (expected %s)", name,
                    games);
    }
    ms->entry = entry;
    bool sized = p->rows || p->cols || p->k;
    if (sized && gs_game_param_index(entry, "m") < 0) {
        char games[128];
        sized_games(games, sizeof games);
        return fail(err, GS_EINVAL, "only %s takes a board size and k",
                    games);
    }
    char base[512], number[16];
    snprintf(base, sizeof base, "%s", given);
    const char *const keys[] = {"m", "n", "k"};
    const int sizes[] = {p->rows, p->cols, p->k};
    for (int i = 0; i < 3; i++)
        if (sizes[i]) {
            snprintf(number, sizeof number, "%d", sizes[i]);
            add_param(base, sizeof base, keys[i], number);
        }
    for (int i = 0; i < 2; i++) {
        char params[600];
        snprintf(params, sizeof params, "%s", base);
        int eval = ms->spec[i].eval;
        if (eval >= 0) {
            int n = 0;
            while (entry->evals && entry->evals[n])
                n++;
            if (eval >= n)
                return fail(err, GS_EINVAL, "player %c: %s players take no "
                            "eval", i ? 'b' : 'a', entry->title);
            add_param(params, sizeof params, "eval", entry->evals[eval]);
        }
        gs_error e;
        int st = gs_game_make(entry, params, NULL, 0, &ms->alloc,
                              &ms->inst[i], &e);
        if (st == GS_EINVAL && sized) {
            const char *value[GS_GAME_MAX_PARAMS];
            char buf[1024];
            gs_game_params_parse(entry, "", buf, sizeof buf, value, NULL);
            return fail(err, st, "no %dx%d board with k %d",
                        p->rows ? p->rows : param_int(entry, value, "m"),
                        p->cols ? p->cols : param_int(entry, value, "n"),
                        p->k ? p->k : param_int(entry, value, "k"));
        }
        if (st == GS_ENOMEM)
            return fail(err, st, "out of memory for the game");
        if (st != GS_OK)
            return fail(err, st, "%s: %s", name, e.message);
        if (i == 0) {
            const char *value[GS_GAME_MAX_PARAMS];
            char buf[1024];
            gs_game_params_parse(entry, params, buf, sizeof buf, value, NULL);
            ms->rows = param_int(entry, value, "m");
            ms->cols = param_int(entry, value, "n");
            ms->k = param_int(entry, value, "k");
        }
    }
    ms->small = entry->small && entry->small(ms->inst[0].inst);
    return GS_OK;
}

/* A match of `games` games, none played yet, for ms's game and players. */
static int match_new(const match_setup *ms, int games, gs_match **out,
                     gs_error *err)
{
    const gs_allocator *alloc = &ms->alloc;
    const gs_match_params *p = ms->p;
    gs_match *m = alloc->fn(alloc->user, NULL, 0, sizeof *m);
    *out = NULL;
    if (!m)
        return fail(err, GS_ENOMEM, "out of memory for the match");
    memset(m, 0, sizeof *m);
    m->alloc = *alloc;
    m->games = games;
    snprintf(m->game, sizeof m->game, "%s", ms->entry->name);
    m->a = dup_string(alloc, p->a);
    m->b = dup_string(alloc, p->b);
    m->results = alloc->fn(alloc->user, NULL, 0,
                           (size_t)games * sizeof *m->results);
    if (m->results)
        memset(m->results, 0, (size_t)games * sizeof *m->results);
    if (!m->a || !m->b || !m->results) {
        gs_match_free(m);
        return fail(err, GS_ENOMEM, "out of memory for the match");
    }
    m->rows = ms->rows;
    m->cols = ms->cols;
    m->k = ms->k;
    *out = m;
    return GS_OK;
}

/* The wins, draws and statistics of m's games. */
static void match_count(gs_match *m)
{
    m->a_wins = m->b_wins = m->draws = 0;
    for (int i = 0; i < m->games; i++) {
        int r = m->results[i].result;
        m->a_wins += r > 0;
        m->b_wins += r < 0;
        m->draws += r == 0;
    }
    gs_match_stats(m->a_wins, m->draws, m->b_wins, &m->score, &m->score_lo,
                   &m->score_hi, &m->elo, &m->elo_lo, &m->elo_hi);
}

int gs_match_run(const gs_match_params *p, const gs_allocator *alloc,
                 gs_match **out, gs_error *err)
{
    if (!out || !p)
        return fail(err, GS_EINVAL, "no match");
    *out = NULL;
    if (p->games < 1)
        return fail(err, GS_EINVAL, "games is %d, but it must be 1 or more",
                    p->games);
    if (p->threads < 1 || p->threads > 256)
        return fail(err, GS_EINVAL, "threads is %d, but it must be 1 to 256",
                    p->threads);
    if (p->first_game < 0 || p->first_game > INT_MAX - p->games)
        return fail(err, GS_EINVAL, "first_game is %d, but it must be 0 to "
                    "%d", p->first_game, INT_MAX - p->games);
    if (!alloc)
        alloc = gs_default_allocator();
    match_setup ms;
    memset(&ms, 0, sizeof ms);
    ms.p = p;
    ms.alloc = *alloc;
    int st = setup(&ms, err);
    gs_match *m = NULL;
    worker *w = NULL;
    int nt = p->threads < p->games ? p->threads : p->games;
    if (st != GS_OK)
        goto done;
    if ((st = match_new(&ms, p->games, &m, err)) != GS_OK)
        goto done;
    w = alloc->fn(alloc->user, NULL, 0, (size_t)nt * sizeof *w);
    if (!w) {
        st = fail(err, GS_ENOMEM, "out of memory for the match");
        goto done;
    }
    for (int t = 0; t < nt; t++)
        w[t] = (worker){.ms = &ms, .m = m, .status = GS_OK};
    /* The games on the library's job pool (one after another on this
     * thread in a build without threads): each depends on its own seed
     * alone, so any thread may play it. */
    match_jobs mj = {.w = w, .failed = -1};
    gs_jobs jobs = {.count = (size_t)p->games, .run = game_run,
                    .take = game_take, .user = &mj};
    st = gs_jobs_run(&jobs, nt, alloc);
    if (st != GS_OK) {
        st = fail(err, st, "out of memory for the match");
        goto done;
    }
    if (mj.failed >= 0) {
        const char *why = gs_strerror(mj.failed_status);
        for (int t = 0; t < nt; t++)
            if (w[t].status != GS_OK && w[t].failed_game == mj.failed)
                why = w[t].error;
        st = fail(err, mj.failed_status, "%s", why);
        goto done;
    }
    match_count(m);
done:
    if (w) {
        for (int t = 0; t < nt; t++)
            worker_free(&w[t]);
        alloc->fn(alloc->user, w, (size_t)nt * sizeof *w, 0);
    }
    setup_free(&ms);
    if (st != GS_OK) {
        gs_match_free(m);
        return st;
    }
    *out = m;
    return GS_OK;
}

/* What follows a packed game's moves. */
typedef struct packed_game {
    uint64_t seed;
    int a_first, result, plies;
    size_t moves;             /* the moves' bytes, before it */
} packed_game;

int gs_match_game_pack(const gs_match_game *g, gs_write_fn write, void *user)
{
    packed_game t;
    memset(&t, 0, sizeof t);   /* the padding too: the bytes are defined */
    t.seed = g->seed;
    t.a_first = g->a_first;
    t.result = g->result;
    t.plies = g->plies;
    t.moves = g->moves ? strlen(g->moves) : 0;
    int rc = t.moves ? write(user, g->moves, t.moves) : 0;
    return rc ? rc : write(user, (const char *)&t, sizeof t);
}

int gs_match_game_unpack(char *data, size_t len, gs_match_game *g)
{
    packed_game t;
    if (!data || len < sizeof t)
        return GS_EINVAL;
    memcpy(&t, data + len - sizeof t, sizeof t);
    if (t.moves != len - sizeof t)
        return GS_EINVAL;
    data[t.moves] = '\0';
    *g = (gs_match_game){t.seed, t.a_first, t.result, t.plies, data, 0};
    return GS_OK;
}

int gs_match_from_games(const gs_match_params *p, const gs_match_game *games,
                        int n, const gs_allocator *alloc, gs_match **out,
                        gs_error *err)
{
    if (!out || !p)
        return fail(err, GS_EINVAL, "no match");
    *out = NULL;
    if (n < 1 || !games)
        return fail(err, GS_EINVAL, "games is %d, but it must be 1 or more",
                    n);
    for (int i = 0; i < n; i++)
        if (!games[i].moves)
            return fail(err, GS_EINVAL, "game %d has no moves", i + 1);
    if (!alloc)
        alloc = gs_default_allocator();
    match_setup ms;
    memset(&ms, 0, sizeof ms);
    ms.p = p;
    ms.alloc = *alloc;
    gs_match *m = NULL;
    int st = setup(&ms, err);
    setup_free(&ms);
    if (st == GS_OK)
        st = match_new(&ms, n, &m, err);
    for (int i = 0; st == GS_OK && i < n; i++) {
        gs_match_game *g = &m->results[i];
        *g = games[i];
        g->moves = dup_string(alloc, games[i].moves);
        g->moves_size = g->moves ? strlen(g->moves) + 1 : 0;
        if (!g->moves)
            st = fail(err, GS_ENOMEM, "out of memory for the moves");
    }
    if (st != GS_OK) {
        gs_match_free(m);
        return st;
    }
    match_count(m);
    *out = m;
    return GS_OK;
}

/* ---- statistics ---- */

static double elo_of(double score)
{
    if (score <= 0.0)
        return -INFINITY;
    if (score >= 1.0)
        return INFINITY;
    return -400.0 * log10(1.0 / score - 1.0);
}

void gs_match_stats(int wins, int draws, int losses, double *score,
                    double *score_lo, double *score_hi, double *elo,
                    double *elo_lo, double *elo_hi)
{
    double n = (double)wins + draws + losses;
    double mu = n > 0 ? ((double)wins + 0.5 * draws) / n : 0.5;
    double var = 0.0;
    if (n > 0)
        var = ((double)wins * (1.0 - mu) * (1.0 - mu) +
               (double)draws * (0.5 - mu) * (0.5 - mu) +
               (double)losses * mu * mu) / n;
    double half = n > 0 ? 1.959963984540054 * sqrt(var / n) : 0.0;
    *score = mu;
    *score_lo = fmax(0.0, mu - half);
    *score_hi = fmin(1.0, mu + half);
    *elo = elo_of(mu);
    *elo_lo = elo_of(*score_lo);
    *elo_hi = elo_of(*score_hi);
}

/* ---- output ---- */

static void put_number(gs_writer *o, double v, bool json)
{
    if (v == 0.0)
        v = 0.0;   /* no "-0.0" */
    if (isfinite(v))
        gs_writer_printf(o, "%.1f", v);
    else
        gs_writer_printf(o, "%s", json ? "null" : v > 0 ? "+inf" : "-inf");
}

int gs_match_write_text(const gs_match *m, bool moves, gs_match_write_fn write,
                        void *user)
{
    gs_writer o;
    gs_writer_init(&o, write, user);
    if (moves)
        for (int i = 0; i < m->games; i++) {
            const gs_match_game *g = &m->results[i];
            gs_writer_printf(&o, "game %d: %s first, %s in %d plies:%s", i + 1,
                g->a_first ? "a" : "b",
                g->result > 0 ? "a wins" : g->result < 0 ? "b wins" : "draw",
                g->plies, g->plies ? " " : "");
            gs_writer_puts(&o, g->moves);
            gs_writer_puts(&o, "\n");
        }
    gs_writer_printf(&o, "a: %s\nb: %s\n", m->a, m->b);
    gs_writer_printf(&o, "%d games: a won %d, b won %d, %d drawn\n", m->games, m->a_wins,
        m->b_wins, m->draws);
    gs_writer_printf(&o, "score of a: %.3f (95%% interval %.3f to %.3f)\n", m->score,
        m->score_lo, m->score_hi);
    gs_writer_printf(&o, "Elo difference: ");
    put_number(&o, m->elo, false);
    gs_writer_printf(&o, " (95%% interval ");
    put_number(&o, m->elo_lo, false);
    gs_writer_printf(&o, " to ");
    put_number(&o, m->elo_hi, false);
    gs_writer_printf(&o, ")\n");
    return gs_writer_finish(&o);
}

int gs_match_write_json(const gs_match *m, gs_match_write_fn write, void *user)
{
    gs_writer o;
    gs_writer_init(&o, write, user);
    gs_writer_printf(&o, "{\"game\": ");
    gs_json_string(m->game, gs_writer_put, &o);
    gs_writer_printf(&o, ", \"games\": %d, \"a\": {\"spec\": ", m->games);
    gs_json_string(m->a, gs_writer_put, &o);
    gs_writer_printf(&o, ", \"wins\": %d}, \"b\": {\"spec\": ", m->a_wins);
    gs_json_string(m->b, gs_writer_put, &o);
    gs_writer_printf(&o, ", \"wins\": %d}, \"draws\": %d, \"elo\": ", m->b_wins, m->draws);
    put_number(&o, m->elo, true);
    gs_writer_printf(&o, ", \"elo_interval\": [");
    put_number(&o, m->elo_lo, true);
    gs_writer_printf(&o, ", ");
    put_number(&o, m->elo_hi, true);
    gs_writer_printf(&o, "], \"results\": [");
    for (int i = 0; i < m->games; i++) {
        const gs_match_game *g = &m->results[i];
        gs_writer_printf(&o, "%s{\"seed\": %llu, \"first\": \"%s\", \"result\": \"%s\", "
                "\"plies\": %d, \"moves\": [",
            i ? ", " : "", (unsigned long long)g->seed, g->a_first ? "a" : "b",
            g->result > 0 ? "a" : g->result < 0 ? "b" : "draw", g->plies);
        const char *s = g->moves;
        for (int k = 0; *s; k++) {
            size_t len = strcspn(s, " ");
            gs_writer_printf(&o, "%s\"%.*s\"", k ? ", " : "", (int)len, s);
            s += len;
            if (*s == ' ')
                s++;
        }
        gs_writer_printf(&o, "]}");
    }
    gs_writer_printf(&o, "]}\n");
    return gs_writer_finish(&o);
}
