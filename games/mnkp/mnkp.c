/*
 * games/mnkp/mnkp.c: m,n,k games for p players, served through the
 * registry alone (gamesearch/registry.h); it has no header of its own.
 *
 * Rules: an m x n board, empty at the start; players X, O, Y (and Z with
 * four) take turns in that order, each putting its mark on an empty cell;
 * the first with k or more marks in a row (across, down or diagonally)
 * wins, and the game is drawn when the board is full.
 *
 * Parameters: m rows and n columns (1 to 8), k (1 to the longer side),
 * players (2 to 4).
 * Utilities, one a player (gs_game.utilities): at a win, p to the winner
 * and 0 to the others; at a draw, 1 to each. At a depth cutoff, the
 * board's lines shared out: every run of k cells that holds marks of one
 * player only, c of them, is worth c * c to that player, and player i
 * gets p * (1 + w_i) / (p + w_0 + ... + w_{p-1}) of its worth w_i. So
 * every utility is at least 0 and they add up to p in every state: the
 * solver tier declares that sum (has_utility_sum), and max^n prunes
 * shallowly with it.
 * Roles, for the algorithms of two players: X is MAX, the others MIN, and
 * the value is X's utility (so that alpha-beta is paranoid from X's side).
 * Actions: the empty cells, row by row; a cell is named by its column
 * letter and row number from the top ("b2"), as the mnk boards name them.
 * Positions: the board row by row, one character a cell, '.' empty or
 * the player's letter; the player to move follows from the counts (each
 * player has as many marks as the one before it, or one fewer).
 * State: the cells, the player to move, the marks placed and the winner.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/registry.h"
#include "gamesearch/solver.h"

#define MAX_SIDE 8
#define MAX_CELLS (MAX_SIDE * MAX_SIDE)
#define MAX_PLAYERS 4
/* The runs of k cells: at most four directions from each cell. */
#define MAX_RUNS (4 * MAX_CELLS)
/* The searches compare and the computer players run to by default: as
 * deep as the product of the moves available ply after ply stays under
 * this many nodes (max^n keeps no table, so it searches every order). */
#define SEARCH_NODES 1000000.0

static const char marks[MAX_PLAYERS + 1] = "XOYZ";

typedef struct mnkp_state {
    uint8_t cell[MAX_CELLS];   /* 0 empty, else 1 + the player */
    uint8_t to_move;
    uint8_t filled;
    int8_t winner;             /* -1: none */
} mnkp_state;

typedef struct mnkp {
    gs_allocator alloc;
    int rows, cols, cells, k, players;
    int num_runs;
    uint8_t run_start[MAX_RUNS];
    uint8_t run_step[MAX_RUNS];
    gs_solver solver;
} mnkp;

static const mnkp_state *cst(const void *state)
{
    return state;
}

static int to_move(const void *ctx, const void *state)
{
    (void)ctx;
    return cst(state)->to_move;
}

static gs_role role(const void *ctx, int agent)
{
    (void)ctx;
    return agent == 0 ? GS_ROLE_MAX : GS_ROLE_MIN;
}

static bool is_terminal(const void *ctx, const void *state)
{
    const mnkp *g = ctx;
    const mnkp_state *s = state;
    return s->winner >= 0 || s->filled == g->cells;
}

static int actions(const void *ctx, const void *state, gs_action *out)
{
    const mnkp *g = ctx;
    const mnkp_state *s = state;
    int n = 0;
    for (int c = 0; c < g->cells; c++)
        if (!s->cell[c])
            out[n++] = c;
    return n;
}

/* The marks in a row through `cell` along (dr, dc), both ways. */
static int line_through(const mnkp *g, const mnkp_state *s, int cell, int dr,
                        int dc)
{
    int r0 = cell / g->cols, c0 = cell % g->cols, mark = s->cell[cell];
    int count = 1;
    for (int sign = -1; sign <= 1; sign += 2)
        for (int r = r0 + sign * dr, c = c0 + sign * dc;
             r >= 0 && r < g->rows && c >= 0 && c < g->cols &&
             s->cell[r * g->cols + c] == mark;
             r += sign * dr, c += sign * dc)
            count++;
    return count;
}

static bool wins_at(const mnkp *g, const mnkp_state *s, int cell)
{
    static const int dir[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    for (int d = 0; d < 4; d++)
        if (line_through(g, s, cell, dir[d][0], dir[d][1]) >= g->k)
            return true;
    return false;
}

static void apply(const void *ctx, const void *state, gs_action a,
                  void *child)
{
    const mnkp *g = ctx;
    mnkp_state *c = child;
    *c = *cst(state);
    c->cell[a] = (uint8_t)(c->to_move + 1);
    c->filled++;
    if (wins_at(g, c, (int)a))
        c->winner = (int8_t)c->to_move;
    c->to_move = (uint8_t)((c->to_move + 1) % g->players);
}

static void utilities(const void *ctx, const void *state, double *out)
{
    const mnkp *g = ctx;
    const mnkp_state *s = state;
    const int p = g->players;
    if (s->winner >= 0 || s->filled == g->cells) {
        for (int i = 0; i < p; i++)
            out[i] = s->winner < 0 ? 1.0 : i == s->winner ? (double)p : 0.0;
        return;
    }
    double worth[MAX_PLAYERS] = {0}, total = 0;
    for (int r = 0; r < g->num_runs; r++) {
        int count[MAX_PLAYERS + 1] = {0};
        for (int i = 0, c = g->run_start[r]; i < g->k;
             i++, c += g->run_step[r])
            count[s->cell[c]]++;
        int owner = -1, owners = 0;
        for (int i = 0; i < p; i++)
            if (count[i + 1]) {
                owner = i;
                owners++;
            }
        if (owners == 1) {
            double c = count[owner + 1];
            worth[owner] += c * c;
            total += c * c;
        }
    }
    for (int i = 0; i < p; i++)
        out[i] = (double)p * (1.0 + worth[i]) / ((double)p + total);
}

static double value(const void *ctx, const void *state)
{
    double u[MAX_PLAYERS];
    utilities(ctx, state, u);
    return u[0];
}

/* Another player to move while the others pass, for best-reply search:
 * any player may, until the game is over. */
static bool turn_to(const void *ctx, const void *state, int agent, void *out)
{
    if (is_terminal(ctx, state))
        return false;
    mnkp_state *o = out;
    *o = *cst(state);
    o->to_move = (uint8_t)agent;
    return true;
}

static uint64_t hash(const void *ctx, const void *state)
{
    const mnkp *g = ctx;
    const mnkp_state *s = state;
    uint64_t h = 0xcbf29ce484222325u;
    for (int c = 0; c < g->cells; c++)
        h = (h ^ s->cell[c]) * 0x100000001b3u;
    return (h ^ s->to_move) * 0x100000001b3u;
}

static int cell_name(const mnkp *g, int cell, char *buf, size_t size)
{
    return snprintf(buf, size, "%c%d", 'a' + cell % g->cols,
                    cell / g->cols + 1);
}

static int action_name(const void *ctx, const void *state, gs_action a,
                       char *buf, size_t size)
{
    (void)state;
    return cell_name(ctx, (int)a, buf, size);
}

/* The runs of k cells along each direction that fit on the board. */
static void list_runs(mnkp *g)
{
    static const int dir[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    g->num_runs = 0;
    for (int r = 0; r < g->rows; r++)
        for (int c = 0; c < g->cols; c++)
            for (int d = 0; d < 4; d++) {
                int er = r + (g->k - 1) * dir[d][0];
                int ec = c + (g->k - 1) * dir[d][1];
                if (er >= g->rows || ec < 0 || ec >= g->cols)
                    continue;
                g->run_start[g->num_runs] = (uint8_t)(r * g->cols + c);
                g->run_step[g->num_runs] =
                    (uint8_t)(dir[d][0] * g->cols + dir[d][1]);
                g->num_runs++;
            }
}

/* Reads a whole number from lo to hi for parameter `name`. */
static int number(const char *name, const char *text, int lo, int hi,
                  int *out, gs_error *err)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (end == text || *end || v < lo || v > hi) {
        snprintf(err->message, sizeof err->message,
                 "%s '%s' is not a whole number from %d to %d", name, text,
                 lo, hi);
        return GS_EINVAL;
    }
    *out = (int)v;
    return GS_OK;
}

static void free_mnkp(void *inst)
{
    mnkp *g = inst;
    if (g)
        g->alloc.fn(g->alloc.user, g, sizeof *g, 0);
}

static int make(const char *const *text, const char *source, size_t len,
                const gs_allocator *alloc, void **inst, gs_game *game,
                gs_error *err)
{
    (void)source;
    (void)len;
    int m, n, k, p;
    if (number("m", text[0], 1, MAX_SIDE, &m, err) != GS_OK ||
        number("n", text[1], 1, MAX_SIDE, &n, err) != GS_OK ||
        number("k", text[2], 1, MAX_SIDE, &k, err) != GS_OK ||
        number("players", text[3], 2, MAX_PLAYERS, &p, err) != GS_OK)
        return GS_EINVAL;
    if (k > m && k > n) {
        snprintf(err->message, sizeof err->message,
                 "k = %d cannot fit on a %dx%d board", k, m, n);
        return GS_EINVAL;
    }
    mnkp *g = alloc->fn(alloc->user, NULL, 0, sizeof *g);
    if (!g)
        return GS_ENOMEM;
    memset(g, 0, sizeof *g);
    g->alloc = *alloc;
    g->rows = m;
    g->cols = n;
    g->cells = m * n;
    g->k = k;
    g->players = p;
    list_runs(g);
    g->solver.version = GS_SOLVER_VERSION;
    g->solver.has_utility_sum = true;
    g->solver.utility_min = 0;
    g->solver.utility_sum = p;
    memset(game, 0, sizeof *game);
    game->version = GS_GAME_VERSION;
    game->ctx = g;
    game->state_size = sizeof(mnkp_state);
    game->num_agents = p;
    game->max_actions = g->cells;
    game->to_move = to_move;
    game->role = role;
    game->is_terminal = is_terminal;
    game->actions = actions;
    game->apply = apply;
    game->value = value;
    game->hash = hash;
    game->action_name = action_name;
    game->has_bounds = true;
    game->min_value = 0;
    game->max_value = p;
    game->solver = &g->solver;
    game->utilities = utilities;
    game->turn_to = turn_to;
    *inst = g;
    return GS_OK;
}

static int fail_at(gs_error *err, size_t at)
{
    err->line = 1;
    err->column = (int)at + 1;
    return GS_EPARSE;
}

/* The players with k in a row, as bits. */
static unsigned lines_of(const mnkp *g, const mnkp_state *s)
{
    unsigned who = 0;
    for (int c = 0; c < g->cells; c++)
        if (s->cell[c] && wins_at(g, s, c))
            who |= 1u << (s->cell[c] - 1);
    return who;
}

static int read(const void *inst, const char *text, size_t len, void *state,
                gs_error *err)
{
    const mnkp *g = inst;
    mnkp_state s;
    memset(&s, 0, sizeof s);
    s.winner = -1;
    if (len == 0) {
        memcpy(state, &s, sizeof s);
        return GS_OK;
    }
    int count[MAX_PLAYERS] = {0};
    for (size_t i = 0; i < len; i++) {
        const char *m = text[i] ? memchr(marks, text[i], (size_t)g->players)
                                : NULL;
        if (i >= (size_t)g->cells) {
            snprintf(err->message, sizeof err->message,
                     "the position has more than the board's %d cells",
                     g->cells);
            return fail_at(err, i);
        }
        if (text[i] == '.')
            continue;
        if (!m) {
            snprintf(err->message, sizeof err->message,
                     "'%c' is not a cell: '.' or a player's mark (%.*s)",
                     text[i], g->players, marks);
            return fail_at(err, i);
        }
        int who = (int)(m - marks);
        s.cell[i] = (uint8_t)(who + 1);
        count[who]++;
        s.filled++;
    }
    if (len != (size_t)g->cells) {
        snprintf(err->message, sizeof err->message,
                 "the position has %zu cells, not the board's %d", len,
                 g->cells);
        return fail_at(err, len);
    }
    /* X, O, ... in turn: each has as many marks as the one before, or one
     * fewer; the first with fewer is to move. */
    s.to_move = 0;
    for (int i = 1; i < g->players; i++) {
        if (count[i] > count[i - 1] || count[i] < count[0] - 1) {
            snprintf(err->message, sizeof err->message,
                     "%c has %d marks and %c %d, but %c moves right after "
                     "%c", marks[i - 1], count[i - 1], marks[i], count[i],
                     marks[i], marks[i - 1]);
            return fail_at(err, 0);
        }
        if (count[i] < count[i - 1])
            s.to_move = (uint8_t)i;
    }
    unsigned who = lines_of(g, &s);
    int last = (s.to_move + g->players - 1) % g->players;
    if (who && who != 1u << last) {
        snprintf(err->message, sizeof err->message,
                 "the position cannot be reached: a player with %d in a "
                 "row has played on, or two players have one", g->k);
        return fail_at(err, 0);
    }
    s.winner = who ? (int8_t)last : -1;
    memcpy(state, &s, sizeof s);
    return GS_OK;
}

static size_t write(const void *inst, const void *state, char *buf,
                    size_t size)
{
    const mnkp *g = inst;
    const mnkp_state *s = state;
    for (int c = 0; c < g->cells && (size_t)c + 1 < size; c++)
        buf[c] = s->cell[c] ? marks[s->cell[c] - 1] : '.';
    if (size)
        buf[(size_t)g->cells < size ? (size_t)g->cells : size - 1] = '\0';
    return (size_t)g->cells;
}

static size_t describe(const void *inst, char *buf, size_t size)
{
    const mnkp *g = inst;
    return (size_t)snprintf(buf, size, " %dx%d k=%d, %d players", g->rows,
                            g->cols, g->k, g->players);
}

/* From 1 ply to the end, or as far as a search of every order of the
 * moves stays under SEARCH_NODES. */
static void depths(const void *inst, const void *state, int *lo, int *hi)
{
    const mnkp *g = inst;
    const mnkp_state *s = state;
    int empty = g->cells - s->filled;
    double product = 1;
    int d = 0;
    while (d < empty && (product *= empty - d) <= SEARCH_NODES)
        d++;
    *lo = 1;
    *hi = d > 0 ? d : 1;
}

static const gs_game_param params[] = {
    {"m", "3", "rows (1 to 8)"},
    {"n", "3", "columns (1 to 8)"},
    {"k", "3", "marks in a row that win (at most the longer side)"},
    {"players", "3", "players, X, O, Y and Z in turn (2 to 4)"},
};

const gs_game_entry gs_mnkp_entry = {
    .name = "mnkp",
    .title = "m,n,k for p players",
    .summary = "m,n,k games for 2 to 4 players, each scored by its own "
               "utility",
    .num_params = 4,
    .params = params,
    .flags = 0,
    .make = make,
    .free = free_mnkp,
    .read = read,
    .write = write,
    .start_name = "the empty board",
    .describe = describe,
    .depths = depths,
};
