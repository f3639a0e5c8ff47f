/*
 * games/nim/nim.c: Nim, normal play, served through the registry alone
 * (gamesearch/registry.h); it has no header of its own.
 *
 * Rules: a few piles of objects; a move takes one or more objects from
 * one pile; the player who takes the last object wins. The first player
 * is MAX (agent 0), the second MIN (agent 1).
 *
 * Parameter: piles, the piles at the start ("3,4,5": 1 to 8 piles of 0
 * to 31).
 * Values, from MAX's side: +1 when MAX took the last object, -1 when MIN
 * did; 0 at a depth cutoff (Nim has no heuristic short of its theory,
 * which would solve it outright: the player to move wins exactly when
 * the XOR of the piles is not 0).
 * Actions: "P:T" takes T objects from pile P (both from 1): "2:3".
 * Positions: the piles, separated by commas, and " min" when the second
 * player is to move ("1,4,5 min"); "" the start.
 * State: the piles and who moves, hashed exactly (5 bits a pile).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/registry.h"

#define MAX_PILES 8
#define MAX_OBJECTS 31
#define TAKE_BITS 6   /* action = pile << TAKE_BITS | objects taken */

typedef struct nim_state {
    unsigned char pile[MAX_PILES];
    unsigned char to_move;   /* 0 MAX, 1 MIN */
} nim_state;

typedef struct nim {
    gs_allocator alloc;
    int piles;
    nim_state start;
} nim;

static int to_move(const void *ctx, const void *state)
{
    (void)ctx;
    return ((const nim_state *)state)->to_move;
}

static gs_role role(const void *ctx, int agent)
{
    (void)ctx;
    return agent == 0 ? GS_ROLE_MAX : GS_ROLE_MIN;
}

static bool is_terminal(const void *ctx, const void *state)
{
    const nim *g = ctx;
    const nim_state *s = state;
    for (int i = 0; i < g->piles; i++)
        if (s->pile[i])
            return false;
    return true;
}

/* Every pile in order, from one object taken to all of them. */
static int actions(const void *ctx, const void *state, gs_action *out)
{
    const nim *g = ctx;
    const nim_state *s = state;
    int n = 0;
    for (int i = 0; i < g->piles; i++)
        for (int take = 1; take <= s->pile[i]; take++)
            out[n++] = (gs_action)(i << TAKE_BITS | take);
    return n;
}

static void apply(const void *ctx, const void *state, gs_action a,
                  void *child)
{
    (void)ctx;
    nim_state *c = child;
    *c = *(const nim_state *)state;
    c->pile[a >> TAKE_BITS] -= (unsigned char)(a & ((1 << TAKE_BITS) - 1));
    c->to_move ^= 1;
}

/* At the end the player who is not to move took the last object. */
static double value(const void *ctx, const void *state)
{
    const nim_state *s = state;
    if (!is_terminal(ctx, state))
        return 0;
    return s->to_move == 1 ? 1.0 : -1.0;
}

static uint64_t hash(const void *ctx, const void *state)
{
    const nim *g = ctx;
    const nim_state *s = state;
    uint64_t h = s->to_move;
    for (int i = 0; i < g->piles; i++)
        h = h << 5 | s->pile[i];
    return (h + 1) * 0x9e3779b97f4a7c15u;
}

static int action_name(const void *ctx, const void *state, gs_action a,
                       char *buf, size_t size)
{
    (void)ctx;
    (void)state;
    return snprintf(buf, size, "%d:%d", (a >> TAKE_BITS) + 1,
                    a & ((1 << TAKE_BITS) - 1));
}

/* Playouts: the last pile taken whole when it wins at once, else a move
 * at random. */
static int playout(const void *ctx, const void *state,
                   const gs_action *acts, int n, uint64_t random)
{
    const nim *g = ctx;
    const nim_state *s = state;
    int left = 0, last = 0;
    for (int i = 0; i < g->piles; i++)
        if (s->pile[i]) {
            left++;
            last = i;
        }
    if (left == 1)
        for (int i = 0; i < n; i++)
            if (acts[i] == (gs_action)(last << TAKE_BITS | s->pile[last]))
                return i;
    return (int)(random % (uint64_t)n);
}

/* Reads "3,4,5" into pile[] and *n; false when it is not 1 to MAX_PILES
 * numbers from 0 to MAX_OBJECTS separated by commas. */
static bool read_piles(const char *text, size_t len, unsigned char *pile,
                       int *n)
{
    *n = 0;
    for (size_t at = 0; at <= len; at++) {
        int v = 0, digits = 0;
        for (; at < len && text[at] >= '0' && text[at] <= '9'; at++)
            if (++digits > 2 || (v = v * 10 + text[at] - '0') > MAX_OBJECTS)
                return false;
        if (!digits || *n == MAX_PILES || (at < len && text[at] != ','))
            return false;
        pile[(*n)++] = (unsigned char)v;
    }
    return true;
}

static void free_nim(void *inst)
{
    nim *g = inst;
    if (g)
        g->alloc.fn(g->alloc.user, g, sizeof *g, 0);
}

static int make(const char *const *text, const char *source, size_t len,
                const gs_allocator *alloc, void **inst, gs_game *game,
                gs_error *err)
{
    (void)source;
    (void)len;
    nim_state start;
    memset(&start, 0, sizeof start);
    int n;
    if (!read_piles(text[0], strlen(text[0]), start.pile, &n)) {
        snprintf(err->message, sizeof err->message,
                 "piles '%s' is not 1 to %d numbers from 0 to %d separated "
                 "by commas", text[0], MAX_PILES, MAX_OBJECTS);
        return GS_EINVAL;
    }
    nim *g = alloc->fn(alloc->user, NULL, 0, sizeof *g);
    if (!g)
        return GS_ENOMEM;
    *g = (nim){*alloc, n, start};
    memset(game, 0, sizeof *game);
    game->version = GS_GAME_VERSION;
    game->ctx = g;
    game->state_size = sizeof(nim_state);
    game->num_agents = 2;
    game->max_actions = n * MAX_OBJECTS;
    game->to_move = to_move;
    game->role = role;
    game->is_terminal = is_terminal;
    game->actions = actions;
    game->apply = apply;
    game->value = value;
    game->hash = hash;
    game->action_name = action_name;
    game->has_bounds = true;
    game->min_value = -1;
    game->max_value = 1;
    game->playout = playout;
    *inst = g;
    return GS_OK;
}

static int read(const void *inst, const char *text, size_t len, void *state,
                gs_error *err)
{
    const nim *g = inst;
    nim_state s;
    memset(&s, 0, sizeof s);
    if (len == 0) {
        memcpy(state, &g->start, sizeof s);
        return GS_OK;
    }
    size_t piles = strcspn(text, " ");
    piles = piles < len ? piles : len;
    int n;
    if (!read_piles(text, piles, s.pile, &n) || n != g->piles) {
        err->line = 1;
        err->column = 1;
        snprintf(err->message, sizeof err->message,
                 "'%.*s' is not %d numbers from 0 to %d separated by "
                 "commas", (int)piles, text, g->piles, MAX_OBJECTS);
        return GS_EPARSE;
    }
    if (piles < len) {
        if (len - piles != 4 || memcmp(text + piles, " min", 4) != 0) {
            err->line = 1;
            err->column = (int)piles + 1;
            snprintf(err->message, sizeof err->message,
                     "only ' min' may follow the piles");
            return GS_EPARSE;
        }
        s.to_move = 1;
    }
    memcpy(state, &s, sizeof s);
    return GS_OK;
}

static size_t write(const void *inst, const void *state, char *buf,
                    size_t size)
{
    const nim *g = inst;
    const nim_state *s = state;
    size_t n = 0;
    for (int i = 0; i < g->piles; i++) {
        int w = snprintf(n < size ? buf + n : NULL, n < size ? size - n : 0,
                         "%s%d", i ? "," : "", s->pile[i]);
        n += (size_t)w;
    }
    int w = snprintf(n < size ? buf + n : NULL, n < size ? size - n : 0,
                     "%s", s->to_move ? " min" : "");
    return n + (size_t)w;
}

static size_t describe(const void *inst, char *buf, size_t size)
{
    const nim *g = inst;
    size_t n = (size_t)snprintf(buf, size, " piles ");
    return n + write(inst, &g->start, n < size ? buf + n : NULL,
                     n < size ? size - n : 0);
}

/* 1 to the end: every move takes an object at least. */
static void depths(const void *inst, const void *state, int *lo, int *hi)
{
    const nim *g = inst;
    const nim_state *s = state;
    *lo = 1;
    *hi = 0;
    for (int i = 0; i < g->piles; i++)
        *hi += s->pile[i];
    *hi = *hi > 0 ? *hi : 1;
}

/* Alpha-beta with a table solves up to about a million positions at
 * once. */
static bool small(const void *inst)
{
    const nim *g = inst;
    double positions = 1;
    for (int i = 0; i < g->piles; i++)
        positions *= g->start.pile[i] + 1;
    return positions <= 1e6;
}

/* Solved to the end; the values are the theory's (the player to move wins
 * when the XOR of the piles is not 0). */
static const gs_game_bench bench[] = {
    {"", NULL, "3,4,5", "", GS_ALPHABETA, 0, false, false, true, false,
     false, false, false, NULL, true, 1},
    {"", NULL, "3,4,5", "", GS_ALPHABETA, 0, false, false, false, false,
     false, false, false, NULL, true, 1},
    {"", NULL, "2,3,4", "2,3,4", GS_MINIMAX, 0, false, false, false, false,
     false, false, false, NULL, true, 1},
    {"piles=1,3,5,7", NULL, "1,3,5,7", "", GS_ALPHABETA, 0, false, false,
     true, false, false, false, false, NULL, true, -1},
};

static const gs_game_param params[] = {
    {"piles", "3,4,5", "the piles at the start (1 to 8 piles of 0 to 31)"},
};

const gs_game_entry gs_nim_entry = {
    .name = "nim",
    .title = "Nim",
    .summary = "Nim: take from one pile; whoever takes the last object wins",
    .num_params = 1,
    .params = params,
    .flags = GS_GAME_TWO_PLAYER,
    .make = make,
    .free = free_nim,
    .read = read,
    .write = write,
    .start_name = "the start",
    .describe = describe,
    .depths = depths,
    .small = small,
    .num_bench = (int)(sizeof bench / sizeof *bench),
    .bench = bench,
};
