/*
 * tests/test_symmetry.c: a game's list of symmetries (gs_solver.symmetries)
 * under gs_solver_options.tt_symmetry: the table keeps a position and its
 * images as one entry, and the best action it stores is mapped to the image
 * of the least key and back again, so that any image of a position searched
 * before tries the right move first.
 *
 * The game is tic-tac-toe written here on the public API, with the seven
 * symmetries of the square board besides the identity (rotations by a
 * quarter, a half and three quarters, and the four reflections).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <string.h>

#include "gamesearch/search.h"
#include "gamesearch/solver.h"

typedef struct board {
    int8_t cell[9];   /* row by row; 0 empty, 1 X (MAX), 2 O (MIN) */
    int8_t turn;      /* 0: X to move, 1: O */
} board;

static const int8_t lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8},
                                   {0, 3, 6}, {1, 4, 7}, {2, 5, 8},
                                   {0, 4, 8}, {2, 4, 6}};

static int winner(const board *b)
{
    for (int i = 0; i < 8; i++) {
        int8_t c = b->cell[lines[i][0]];
        if (c && c == b->cell[lines[i][1]] && c == b->cell[lines[i][2]])
            return c;
    }
    return 0;
}

static int t_to_move(const void *ctx, const void *state)
{
    (void)ctx;
    return ((const board *)state)->turn;
}

static gs_role t_role(const void *ctx, int agent)
{
    (void)ctx;
    return agent == 0 ? GS_ROLE_MAX : GS_ROLE_MIN;
}

static bool t_is_terminal(const void *ctx, const void *state)
{
    (void)ctx;
    const board *b = state;
    if (winner(b))
        return true;
    for (int i = 0; i < 9; i++)
        if (!b->cell[i])
            return false;
    return true;
}

static int t_actions(const void *ctx, const void *state, gs_action *out)
{
    (void)ctx;
    const board *b = state;
    int n = 0;
    for (int i = 0; i < 9; i++)
        if (!b->cell[i])
            out[n++] = i;
    return n;
}

static void t_apply(const void *ctx, const void *state, gs_action action,
                    void *child)
{
    (void)ctx;
    const board *b = state;
    board *c = child;
    assert_true(action >= 0 && action < 9 && !b->cell[action]);
    *c = *b;
    c->cell[action] = (int8_t)(b->turn + 1);
    c->turn = (int8_t)(1 - b->turn);
}

static double t_value(const void *ctx, const void *state)
{
    (void)ctx;
    int w = winner(state);
    return w == 1 ? 1.0 : w == 2 ? -1.0 : 0.0;
}

/* The board's cells in base 3, mixed so that the images' keys fall in no
 * particular order. */
static uint64_t board_hash(const board *b)
{
    uint64_t x = 0;
    for (int i = 0; i < 9; i++)
        x = x * 3 + (uint64_t)b->cell[i];
    x += 0x9e3779b97f4a7c15u;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
    return x ^ (x >> 31);
}

static uint64_t t_hash(const void *ctx, const void *state)
{
    (void)ctx;
    return board_hash(state);
}

/* Where symmetry k (0 .. 6) takes cell i: the image's cell map(k, i) holds
 * what the board's cell i holds. */
static int map(int k, int i)
{
    const int r = i / 3, c = i % 3;
    int nr, nc;
    switch (k) {
    case 0: nr = c; nc = 2 - r; break;          /* a quarter turn */
    case 1: nr = 2 - r; nc = 2 - c; break;      /* a half turn */
    case 2: nr = 2 - c; nc = r; break;          /* three quarters */
    case 3: nr = r; nc = 2 - c; break;          /* left-right */
    case 4: nr = 2 - r; nc = c; break;          /* top-bottom */
    case 5: nr = c; nc = r; break;              /* the main diagonal */
    default: nr = 2 - c; nc = 2 - r; break;     /* the other diagonal */
    }
    return nr * 3 + nc;
}

static int unmap(int k, int cell)
{
    for (int i = 0; i < 9; i++)
        if (map(k, i) == cell)
            return i;
    fail_msg("no cell maps to %d", cell);
    return -1;
}

static board image(int k, const board *b)
{
    board m = *b;
    for (int i = 0; i < 9; i++)
        m.cell[map(k, i)] = b->cell[i];
    return m;
}

#define SYMMETRY(k)                                                            \
    static uint64_t hash_##k(const void *ctx, const void *state)               \
    {                                                                          \
        (void)ctx;                                                             \
        board m = image(k, state);                                             \
        return board_hash(&m);                                                 \
    }                                                                          \
    static gs_action to_##k(const void *ctx, const void *state, gs_action a)   \
    {                                                                          \
        (void)ctx;                                                             \
        (void)state;                                                           \
        return map(k, a);                                                      \
    }                                                                          \
    static gs_action from_##k(const void *ctx, const void *state,              \
                              gs_action a)                                     \
    {                                                                          \
        (void)ctx;                                                             \
        (void)state;                                                           \
        return unmap(k, a);                                                    \
    }
SYMMETRY(0)
SYMMETRY(1)
SYMMETRY(2)
SYMMETRY(3)
SYMMETRY(4)
SYMMETRY(5)
SYMMETRY(6)

static gs_action same_action(const void *ctx, const void *state, gs_action a)
{
    (void)ctx;
    (void)state;
    return a;
}

/* The identity listed first, then the seven: the board's own key wins
 * every tie, so the list searches as the seven alone. */
static const gs_symmetry square[8] = {
    {t_hash, same_action, same_action},
    {hash_0, to_0, from_0}, {hash_1, to_1, from_1}, {hash_2, to_2, from_2},
    {hash_3, to_3, from_3}, {hash_4, to_4, from_4}, {hash_5, to_5, from_5},
    {hash_6, to_6, from_6},
};

static const gs_solver with_identity = {
    .version = GS_SOLVER_VERSION, .symmetries = square, .num_symmetries = 8};
static const gs_solver seven = {
    .version = GS_SOLVER_VERSION, .symmetries = square + 1,
    .num_symmetries = 7};
/* Two of them: the quarter and the half turn. */
static const gs_solver two = {
    .version = GS_SOLVER_VERSION, .symmetries = square + 1,
    .num_symmetries = 2};

static gs_game ttt_game(const gs_solver *sv)
{
    gs_game g;
    memset(&g, 0, sizeof g);
    g.version = GS_GAME_VERSION;
    g.state_size = sizeof(board);
    g.num_agents = 2;
    g.max_actions = 9;
    g.to_move = t_to_move;
    g.role = t_role;
    g.is_terminal = t_is_terminal;
    g.actions = t_actions;
    g.apply = t_apply;
    g.value = t_value;
    g.hash = t_hash;
    g.solver = sv;
    return g;
}

/* Alpha-beta with the table, positions and their images as one entry when
 * `symmetry` (*so must outlive the options). */
static gs_search_options ttt_options(gs_solver_options *so, bool symmetry)
{
    gs_search_options o;
    gs_search_options_init(&o);
    o.use_tt = true;
    gs_solver_options_init(so);
    so->tt_symmetry = symmetry;
    o.solver = so;
    return o;
}

static board play(const char *cells)
{
    board b;
    memset(&b, 0, sizeof b);
    for (const char *p = cells; *p; p++) {
        b.cell[*p - '0'] = (int8_t)(b.turn + 1);
        b.turn = (int8_t)(1 - b.turn);
    }
    return b;
}

/* The empty board solved with each list: the draw, and the node counts
 * (exact: a change in the key or the stored actions shows here). The
 * identity listed too changes nothing; two symmetries merge fewer
 * positions than seven. */
static void test_counts(void **state)
{
    (void)state;
    static const struct {
        const gs_solver *sv;
        bool symmetry;
        uint64_t nodes;
    } cases[] = {
        {&seven, false, 4878},
        {&seven, true, 1119},
        {&with_identity, true, 1119},
        {&two, true, 2211},
    };
    for (int i = 0; i < 4; i++) {
        gs_game g = ttt_game(cases[i].sv);
        gs_engine *e = NULL;
        assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
        assert_int_equal(gs_engine_tt_resize(e, (size_t)1 << 20), GS_OK);
        gs_solver_options so;
        gs_search_options o = ttt_options(&so, cases[i].symmetry);
        board b = play("");
        gs_result r;
        assert_int_equal(gs_search(e, &b, &o, &r), GS_OK);
        assert_true(r.value == 0.0);
        assert_int_equal(r.bound, GS_BOUND_EXACT);
        if (r.nodes != cases[i].nodes)
            fail_msg("case %d: %llu nodes, want %llu", i,
                     (unsigned long long)r.nodes,
                     (unsigned long long)cases[i].nodes);
        gs_engine_free(e);
    }
}

/* What the second search of test_read_back tries first at the root. */
typedef struct first_move {
    gs_action action;   /* GS_NO_ACTION until the first child is entered */
} first_move;

static void on_event(void *user, gs_event_kind kind, const gs_event *ev)
{
    first_move *f = user;
    if (kind == GS_EVENT_ENTER && ev->ply == 1 && f->action == GS_NO_ACTION)
        f->action = ev->action;
}

/*
 * A position searched with the table, then each of its seven images from
 * the same table: the image's root finds the position's entry and tries
 * first the image of the best move found for the position. The position
 * is its own image under no symmetry, so that the move is the one right
 * answer.
 */
static void test_read_back(void **state)
{
    (void)state;
    static const char *const positions[] = {"05", "4170", "013"};
    for (size_t p = 0; p < sizeof positions / sizeof *positions; p++) {
        const board b = play(positions[p]);
        for (int k = 0; k < 7; k++) {
            board m = image(k, &b);
            assert_true(memcmp(&m, &b, sizeof b) != 0);
        }
        gs_game g = ttt_game(&seven);
        gs_engine *e = NULL;
        assert_int_equal(gs_engine_new(&g, NULL, &e), GS_OK);
        assert_int_equal(gs_engine_tt_resize(e, (size_t)1 << 20), GS_OK);
        for (int k = 0; k < 7; k++) {
            gs_solver_options so;
            gs_search_options o = ttt_options(&so, true);
            gs_engine_tt_clear(e);
            gs_result r;
            assert_int_equal(gs_search(e, &b, &o, &r), GS_OK);
            assert_true(r.best >= 0 && r.best < 9);
            const double value = r.value;
            const gs_action best = r.best;

            board m = image(k, &b);
            first_move f = {GS_NO_ACTION};
            o.hook = on_event;
            o.hook_user = &f;
            assert_int_equal(gs_search(e, &m, &o, &r), GS_OK);
            assert_true(r.value == value);
            if (f.action != map(k, best))
                fail_msg("%s, symmetry %d: first move %d, want %d (the "
                         "image of %d)", positions[p], k, (int)f.action,
                         map(k, best), (int)best);
        }
        gs_engine_free(e);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts),
        cmocka_unit_test(test_read_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
