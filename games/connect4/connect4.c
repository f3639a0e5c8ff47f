/*
 * games/connect4/connect4.c: Connect Four (gamesearch/connect4.h) on
 * bitboards: the instance, the rules, positions as text and the game
 * callbacks with every search hook.
 *
 * Data layout. A board of W columns and H rows is kept in one uint64_t,
 * column by column from the left, H + 1 bits a column: bit col * (H + 1) +
 * row, row 0 at the bottom, and one guard bit on top of each column that
 * is never set by a stone (so W * (H + 1) <= 64). For 7x6:
 *
 *       .  .  .  .  .  .  .     guard bits
 *       5 12 19 26 33 40 47     row 5 (top)
 *       4 11 18 25 32 39 46
 *       3 10 17 24 31 38 45
 *       2  9 16 23 30 37 44
 *       1  8 15 22 29 36 43
 *       0  7 14 21 28 35 42     row 0 (bottom)
 *
 * A state holds two such boards: `current`, the stones of the player to
 * move, and `mask`, every stone. A column's stones fill its low bits, so
 * mask + (the bottom bit of a column) is the column's next free cell, and
 * mask + bottom (every column's bottom bit) marks the next free cell of
 * each column at once (the guard bit for a full column). A stone is the
 * first player's when it is in `current` and an even number of stones is
 * on the board, or the other way round.
 *
 * The key current + mask identifies the position: within a column of k
 * stones, mask is 2^k - 1 and current some c < 2^k, so the sum lies in
 * [2^k - 1, 2^(k+1) - 2], which tells k and then c; it never carries out
 * of the column (guard bit included). The hash is a bijective mixer of the
 * key (no two positions collide, low bits well spread), and the mirror
 * image's key is the key with its columns in reverse order.
 *
 * Lines are found with shifts over the whole board: a run of four cells
 * along direction d (1 vertical, H + 1 across, H and H + 2 the diagonals)
 * that leaves the board or wraps to another column always meets a guard
 * bit, which no stone occupies, so whole-board shifts never see a false
 * line. Across and diagonal lines need W >= 4 (and only then are the
 * shifts, up to 3 * (H + 2), below 64).
 */
#include <assert.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gamesearch/connect4.h"
#include "c4_internal.h"
#include "c4_kernels.h"


uint64_t c4_canonical_key(const gs_c4 *g, const gs_c4_state *s)
{
    const uint64_t key = s->current + s->mask;
    const uint64_t m = mirror_key(g, shape_of(g), key);
    return m < key ? m : key;
}

bool c4_is_symmetric(const gs_c4 *g, const gs_c4_state *s)
{
    const uint64_t key = s->current + s->mask;
    return mirror_key(g, shape_of(g), key) == key;
}

int c4_key_bits(const gs_c4 *g)
{
    return g->width * g->h1;
}

/* ---- The instance ------------------------------------------------------ */

/* Fills p with the standard 7x6 board. */
void gs_c4_params_init(gs_c4_params *p)
{
    memset(p, 0, sizeof *p);
    p->width = 7;
    p->height = 6;
}

/*
 * Creates a game instance for *p. alloc may be NULL (the C library's).
 * GS_OK and *out; GS_EINVAL when a size is out of range (width 1 ..
 * GS_C4_MAX_WIDTH, height >= 1, width * (height + 1) <= GS_C4_MAX_CELLS)
 * or an argument is NULL; GS_ENOMEM. On failure *out is NULL and nothing
 * is leaked.
 */
int gs_c4_new(const gs_c4_params *p, const gs_allocator *alloc, gs_c4 **out)
{
    if (!out)
        return GS_EINVAL;
    *out = NULL;
    if (!p || p->width < 1 || p->width > GS_C4_MAX_WIDTH || p->height < 1 ||
        p->height >= GS_C4_MAX_CELLS ||
        p->width * (p->height + 1) > GS_C4_MAX_CELLS)
        return GS_EINVAL;
    if (!alloc)
        alloc = gs_default_allocator();
    if (!alloc->fn)
        return GS_EINVAL;

    gs_c4 *g = alloc->fn(alloc->user, NULL, 0, sizeof *g);
    if (!g)
        return GS_ENOMEM;
    memset(g, 0, sizeof *g);
    g->alloc = *alloc;
    g->width = p->width;
    g->height = p->height;
    g->cells = p->width * p->height;
    g->h1 = p->height + 1;
    const uint64_t column = ((uint64_t)1 << p->height) - 1;   /* height < 64 */
    g->col_field = column | ((uint64_t)1 << p->height);
    for (int c = 0; c < g->width; c++) {
        g->col_bottom[c] = (uint64_t)1 << (c * g->h1);
        g->col_mask[c] = column << (c * g->h1);
        g->bottom |= g->col_bottom[c];
        for (int r = 1; r < g->height; r += 2)
            g->even_rows |= (uint64_t)1 << (c * g->h1 + r);
        g->board |= g->col_mask[c];
    }
    for (int i = 0; i < g->width; i++) {
        int c = g->width / 2 + (1 - 2 * (i % 2)) * (i + 1) / 2;
        assert(c >= 0 && c < g->width);
        g->order[i] = c;
        g->order_mask[i] = g->col_mask[c];
    }
    *out = g;
    return GS_OK;
}

/* Frees an instance (NULL is fine). Games filled from it die with it. */
void gs_c4_free(gs_c4 *g)
{
    if (!g)
        return;
    gs_allocator a = g->alloc;
    a.fn(a.user, g, sizeof *g, 0);
}

int gs_c4_width(const gs_c4 *g)
{
    return g->width;
}

int gs_c4_height(const gs_c4 *g)
{
    return g->height;
}

/* Pons's score of a win with the stone after `moves` stones. */
int gs_c4_win_score(const gs_c4 *g, int moves)
{
    return (g->cells + 1 - moves) / 2;
}

/* ---- States ------------------------------------------------------------ */

/* The empty board, first player to move. */
void gs_c4_empty(const gs_c4 *g, gs_c4_state *s)
{
    (void)g;
    memset(s, 0, sizeof *s);
}

/* Column col (0-based) has room for a stone and the game is not over. */
bool gs_c4_can_play(const gs_c4 *g, const gs_c4_state *s, int col)
{
    return col >= 0 && col < g->width && s->over == 0 &&
           (s->mask & g->col_mask[col]) != g->col_mask[col];
}

/* Playing col (which must be playable) makes four in a row. */
bool gs_c4_is_winning_move(const gs_c4 *g, const gs_c4_state *s, int col)
{
    assert(gs_c4_can_play(g, s, col));
    uint64_t cell = (s->mask + g->col_bottom[col]) & g->col_mask[col];
    return has_four(shape_of(g), s->current | cell);
}

/* Plays col for the player to move; GS_EINVAL (s unchanged) if the column
 * is off the board or full, or the game is over. */
int gs_c4_play(const gs_c4 *g, gs_c4_state *s, int col)
{
    if (!g || !s || !gs_c4_can_play(g, s, col))
        return GS_EINVAL;
    play_col(g, shape_of(g), s, col, s);
    return GS_OK;
}

/* 0 empty, 1 first player, 2 second player; row 0 is the bottom row. */
int gs_c4_cell(const gs_c4 *g, const gs_c4_state *s, int col, int row)
{
    assert(col >= 0 && col < g->width && row >= 0 && row < g->height);
    const uint64_t bit = (uint64_t)1 << (col * g->h1 + row);
    if (!(s->mask & bit))
        return 0;
    const int mover = 1 + (s->moves & 1);   /* owner of `current` */
    return (s->current & bit) ? mover : 3 - mover;
}

/* 0 when the first player is to move, 1 when the second is. */
int gs_c4_to_move(const gs_c4_state *s)
{
    return s->moves & 1;
}

/* ---- Positions as text ------------------------------------------------- */

static bool is_blank(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n';
}

/* "(columns are 1-7)", or the like for a board of one column. */
static void columns_hint(const gs_c4 *g, char *buf, size_t size)
{
    if (g->width == 1)
        snprintf(buf, size, "(the only column is 1)");
    else
        snprintf(buf, size, "(columns are 1-%d)", g->width);
}

/* Names a character into buf: 'x' when printable, byte 0xNN otherwise. */
static void char_name(char ch, char *buf, size_t size)
{
    unsigned char u = (unsigned char)ch;
    if (u >= 0x20 && u < 0x7F)
        snprintf(buf, size, "'%c'", ch);
    else
        snprintf(buf, size, "byte 0x%02X", u);
}

/*
 * Reads a position: column digits (1-based), each a move from the empty
 * board, then optionally blanks (spaces, tabs, CR, LF) up to `len`. GS_OK
 * and *s; GS_EPARSE with *error (error may be NULL) at the first bad
 * character, s untouched; GS_EINVAL for a NULL g or s, or a NULL text with
 * len > 0.
 */
int gs_c4_parse(const gs_c4 *g, const char *text, size_t len, gs_c4_state *s,
                gs_error *error)
{
    gs_error scratch;
    if (!error)
        error = &scratch;
    error->line = 0;
    error->column = 0;
    error->message[0] = '\0';
    if (!g || !s || (!text && len > 0)) {
        snprintf(error->message, sizeof error->message, "no position given");
        return GS_EINVAL;
    }
    char hint[32], what[16];
    columns_hint(g, hint, sizeof hint);

    gs_c4_state pos;
    gs_c4_empty(g, &pos);
    size_t i = 0;
    /* Step 1. The moves. */
    for (; i < len && !is_blank(text[i]); i++) {
        const char ch = text[i];
        error->line = 1;
        error->column = (int)i + 1;   /* i <= cells: the board fills first */
        if (ch < '1' || ch > '0' + g->width) {
            char_name(ch, what, sizeof what);
            snprintf(error->message, sizeof error->message,
                     "%s is not a column %s", what, hint);
            return GS_EPARSE;
        }
        const int col = ch - '1';
        if (!gs_c4_can_play(g, &pos, col)) {
            snprintf(error->message, sizeof error->message,
                     "column %d is full", col + 1);
            return GS_EPARSE;
        }
        play_col(g, shape_of(g), &pos, col, &pos);
        if (pos.over == 1 || pos.over == 2) {
            snprintf(error->message, sizeof error->message,
                     "the move in column %d wins: the game is over", col + 1);
            return GS_EPARSE;
        }
        if (pos.over == 3) {
            snprintf(error->message, sizeof error->message,
                     "the board is full: the game is over");
            return GS_EPARSE;
        }
    }
    /* Step 2. Blanks only, to the end. */
    for (; i < len; i++) {
        if (!is_blank(text[i])) {
            error->line = 1;
            error->column = i < INT_MAX ? (int)i + 1 : INT_MAX;
            char_name(text[i], what, sizeof what);
            snprintf(error->message, sizeof error->message,
                     "unexpected %s after the moves", what);
            return GS_EPARSE;
        }
    }
    error->line = 0;
    error->column = 0;
    *s = pos;
    return GS_OK;
}

/* ---- The game ---------------------------------------------------------- */

static int cb_to_move(const void *ctx, const void *state)
{
    (void)ctx;
    return ((const gs_c4_state *)state)->moves & 1;
}

static gs_role cb_role(const void *ctx, int agent)
{
    (void)ctx;
    return agent == 0 ? GS_ROLE_MAX : GS_ROLE_MIN;
}

static bool cb_is_terminal(const void *ctx, const void *state)
{
    (void)ctx;
    return ((const gs_c4_state *)state)->over != 0;
}

/* A score for the player to move, seen from the first player (MAX). */
static inline double max_view(const gs_c4_state *s, int score)
{
    return (double)((s->moves & 1) ? -score : score);
}

/* Every column with room, centre first. */
C4_KERNEL int actions_k(const gs_c4 *g, shape sh, const gs_c4_state *s,
                        gs_action *out)
{
    if (s->over)
        return 0;
    return columns_of(g, sh, playable(g, s), out);
}

C4_KERNEL void apply_k(const gs_c4 *g, shape sh, const gs_c4_state *s,
                       gs_action action, gs_c4_state *child)
{
    assert(gs_c4_can_play(g, s, (int)action));
    play_col(g, sh, s, (int)action, child);
}

/*
 * A finished game: the winner's score, or 0. A game on: the mover's score
 * when they win at once or cannot stop the opponent winning next, else 0.
 */
C4_KERNEL double value_k(const gs_c4 *g, shape sh, const gs_c4_state *s)
{
    if (s->over) {
        const int score = gs_c4_win_score(g, s->moves - 1);
        return s->over == 1 ? score : s->over == 2 ? -score : 0.0;
    }
    if (winning_now(g, sh, s))
        return max_view(s, gs_c4_win_score(g, s->moves));
    if (!non_losing(g, sh, s))
        return max_view(s, -(g->cells - s->moves) / 2);
    return 0.0;
}


/* The bounds of any position, from the first player's view (MAX). */
C4_KERNEL bool bounds_k(const gs_c4 *g, shape sh, bool exact,
                        const gs_c4_state *s, double *lo, double *hi)
{
    int mlo, mhi;   /* the mover's view */
    if (s->over) {
        *lo = *hi = value_k(g, sh, s);
        return true;
    }
    judge_k(g, sh, exact, s, &mlo, &mhi);
    if (s->moves & 1) {
        *lo = -mhi;
        *hi = -mlo;
    } else {
        *lo = mlo;
        *hi = mhi;
    }
    return true;
}

/*
 * The moves worth searching, centre first: the wins at once when there
 * are any (nothing beats them); else the moves that do not let the
 * opponent win at once (0: every move loses at once, as value() scores).
 */
C4_KERNEL int search_actions_k(const gs_c4 *g, shape sh, const gs_c4_state *s,
                               gs_action *out)
{
    if (s->over)
        return 0;
    const uint64_t wins = winning_now(g, sh, s);
    return columns_of(g, sh, wins ? wins : non_losing(g, sh, s), out);
}

/*
 * bounds_k and search_actions_k at once: the opponent's winning cells are
 * worked out once for both.
 */
C4_KERNEL int bounds_actions_k(const gs_c4 *g, shape sh, bool exact,
                               const gs_c4_state *s, double *lo, double *hi,
                               gs_action *out)
{
    int mlo, mhi;   /* the mover's view */
    if (s->over) {
        *lo = *hi = value_k(g, sh, s);
        return 0;
    }
    /* Bounds that bounds_k gave for s (the solver tier's contract): not
     * exact, so the mover cannot win at once (judge_k finds that exact),
     * and the moves worth searching are those that do not lose at once. */
    if (*lo < *hi && (*lo > -INFINITY || *hi < INFINITY))
        return columns_of(g, sh, non_losing(g, sh, s), out);
    if (*lo == *hi)
        return 0;
    const uint64_t moves = judge_k(g, sh, exact, s, &mlo, &mhi);
    if (s->moves & 1) {
        *lo = -mhi;
        *hi = -mlo;
    } else {
        *lo = mlo;
        *hi = mhi;
    }
    return moves ? columns_of(g, sh, moves, out) : 0;
}

/* The key of the position after col, hashed as cb_hash does: the
 * opponent's stones plus the new mask. */
C4_KERNEL uint64_t child_hash_k(const gs_c4 *g, const gs_c4_state *s,
                                gs_action col)
{
    const uint64_t mask = s->mask | (s->mask + g->col_bottom[col]);
    return mix64((s->current ^ s->mask) + mask);
}


C4_KERNEL uint64_t mirror_hash_k(const gs_c4 *g, shape sh, const gs_c4_state *s)
{
    return mix64(mirror_key(g, sh, s->current + s->mask));
}

/*
 * The callbacks that depend on the shape, for a shape SHAPE(g): the
 * instance's (any board) or constants (7x6).
 */
#define C4_CALLBACKS(name, SHAPE)                                              \
    static int name##_actions(const void *ctx, const void *state,             \
                              gs_action *out)                                  \
    {                                                                          \
        return actions_k(ctx, SHAPE((const gs_c4 *)ctx), state, out);         \
    }                                                                          \
    static void name##_apply(const void *ctx, const void *state,              \
                             gs_action action, void *child)                    \
    {                                                                          \
        apply_k(ctx, SHAPE((const gs_c4 *)ctx), state, action, child);        \
    }                                                                          \
    static double name##_value(const void *ctx, const void *state)            \
    {                                                                          \
        return value_k(ctx, SHAPE((const gs_c4 *)ctx), state);                \
    }                                                                          \
    static bool name##_bounds(const void *ctx, const void *state, double *lo, \
                              double *hi)                                      \
    {                                                                          \
        return bounds_k(ctx, SHAPE((const gs_c4 *)ctx), false, state, lo, hi);\
    }                                                                          \
    static int name##_search_actions(const void *ctx, const void *state,      \
                                     gs_action *out)                           \
    {                                                                          \
        return search_actions_k(ctx, SHAPE((const gs_c4 *)ctx), state, out);  \
    }                                                                          \
    static void name##_order_hint(const void *ctx, const void *state,         \
                                  const gs_action *actions, int n,             \
                                  int32_t *scores)                             \
    {                                                                          \
        order_hint_k(ctx, SHAPE((const gs_c4 *)ctx), state, actions, n,       \
                     scores);                                                  \
    }                                                                          \
    static uint64_t name##_mirror_hash(const void *ctx, const void *state)    \
    {                                                                          \
        return mirror_hash_k(ctx, SHAPE((const gs_c4 *)ctx), state);          \
    }                                                                          \
    static int name##_bounds_actions(const void *ctx, const void *state,      \
                                     double *lo, double *hi, gs_action *out)   \
    {                                                                          \
        return bounds_actions_k(ctx, SHAPE((const gs_c4 *)ctx), false, state, \
                                lo, hi, out);                                  \
    }                                                                          \
    static bool name##_bounds_exact(const void *ctx, const void *state,       \
                                    double *lo, double *hi)                    \
    {                                                                          \
        return bounds_k(ctx, SHAPE((const gs_c4 *)ctx), true, state, lo, hi); \
    }                                                                          \
    static int name##_bounds_actions_exact(const void *ctx, const void *state,\
                                           double *lo, double *hi,             \
                                           gs_action *out)                     \
    {                                                                          \
        return bounds_actions_k(ctx, SHAPE((const gs_c4 *)ctx), true, state,  \
                                lo, hi, out);                                  \
    }                                                                          \
    static const gs_symmetry name##_mirror[1] = {                             \
        {name##_mirror_hash, cb_mirror_action, cb_mirror_action}};             \
    static const gs_solver name##_solver = {                                   \
        .version = GS_SOLVER_VERSION,                                          \
        .value_grain = 1.0,                                                    \
        .bounds = name##_bounds,                                               \
        .search_actions = name##_search_actions,                               \
        .bounds_actions = name##_bounds_actions,                               \
        .child_hash = cb_child_hash,                                           \
        .symmetries = name##_mirror,                                           \
        .num_symmetries = 1,                                                   \
        .hash_mixed = true};                                                  \
    static const gs_solver name##_solver_exact = {                             \
        .version = GS_SOLVER_VERSION,                                          \
        .value_grain = 1.0,                                                    \
        .bounds = name##_bounds_exact,                                         \
        .search_actions = name##_search_actions,                               \
        .bounds_actions = name##_bounds_actions_exact,                         \
        .child_hash = cb_child_hash,                                           \
        .symmetries = name##_mirror,                                           \
        .num_symmetries = 1,                                                   \
        .hash_mixed = true};

static uint64_t cb_child_hash(const void *ctx, const void *state,
                               gs_action action)
{
    return child_hash_k(ctx, state, action);
}

/* The mirror's action map, its own inverse: column c and width - 1 - c. */
static gs_action cb_mirror_action(const void *ctx, const void *state,
                                  gs_action action)
{
    (void)state;
    const gs_c4 *g = ctx;
    return g->width - 1 - action;
}

static inline shape shape_7x6(const gs_c4 *g)
{
    (void)g;
    shape sh = {7, 7};
    return sh;
}

C4_CALLBACKS(any, shape_of)
C4_CALLBACKS(std, shape_7x6)

static uint64_t cb_hash(const void *ctx, const void *state)
{
    (void)ctx;
    const gs_c4_state *s = state;
    return mix64(s->current + s->mask);
}

static int cb_action_name(const void *ctx, const void *state, gs_action action,
                          char *buf, size_t size)
{
    (void)ctx;
    (void)state;
    return snprintf(buf, size, "%d", (int)action + 1);
}

/* The playout policy (gs_game.playout): the first column that wins at
 * once, else the first that stops the opponent's win at once, else one at
 * random. */
static int cb_playout(const void *ctx, const void *state,
                      const gs_action *actions, int n, uint64_t random)
{
    const gs_c4 *g = ctx;
    const gs_c4_state *s = state;
    const shape sh = shape_of(g);
    uint64_t now = playable(g, s);
    uint64_t want = now & winning_cells(g, sh, s->current, s->mask);
    if (!want)
        want = now & winning_cells(g, sh, s->current ^ s->mask, s->mask);
    for (int i = 0; want && i < n; i++)
        if (want & g->col_mask[actions[i]])
            return i;
    return (int)(random % (uint64_t)n);
}

/*
 * Fills *game with the instance as a game: two agents (first player MAX,
 * second MIN), states of sizeof(gs_c4_state) bytes, width actions at most,
 * Pons's scores (within +-(cells + 1) / 2), every hook, and the solver
 * tier (value_grain 1, the left-right mirror as its one symmetry); the
 * standard 7x6 board gets callbacks compiled for its shape. g must
 * outlive the game.
 */
void gs_c4_game(const gs_c4 *g, gs_game *game)
{
    const bool std = g->width == 7 && g->height == 6;
    memset(game, 0, sizeof *game);
    game->version = GS_GAME_VERSION;
    game->ctx = g;
    game->state_size = sizeof(gs_c4_state);
    game->num_agents = 2;
    game->max_actions = g->width;
    game->to_move = cb_to_move;
    game->role = cb_role;
    game->is_terminal = cb_is_terminal;
    game->actions = std ? std_actions : any_actions;
    game->apply = std ? std_apply : any_apply;
    game->value = std ? std_value : any_value;
    game->probabilities = NULL;
    game->hash = cb_hash;
    game->order_hint = std ? std_order_hint : any_order_hint;
    game->action_name = cb_action_name;
    game->has_bounds = true;
    game->max_value = (double)((g->cells + 1) / 2);
    game->min_value = -game->max_value;
    game->playout = cb_playout;
    game->solver = std ? &std_solver : &any_solver;
}

/*
 * gs_c4_game for searches to the end of the game only (the solver's):
 * bounds that also use what holds at the end of the game and not at a
 * depth cutoff (see claimeven).
 */
void c4_game_exact(const gs_c4 *g, gs_game *game)
{
    const bool std = g->width == 7 && g->height == 6;
    gs_c4_game(g, game);
    game->solver = std ? &std_solver_exact : &any_solver_exact;
}
