/*
 * games/connect4/c4_entry.c: Connect Four in the registry
 * (gamesearch/registry.h), as the solver sees it, and the bench's exact
 * solves of positions from Pascal Pons's test sets.
 */
#include <stdio.h>
#include <stdlib.h>

#include "gamesearch/connect4.h"
#include "gamesearch/registry.h"

static int whole(const char *name, const char *text, int hi, int *out,
                 gs_error *err)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (end == text || *end || v < 1 || v > hi) {
        snprintf(err->message, sizeof err->message,
                 "%s '%s' is not a whole number from 1 to %d", name, text, hi);
        return GS_EINVAL;
    }
    *out = (int)v;
    return GS_OK;
}

static int make(const char *const *value, const char *source, size_t len,
                const gs_allocator *alloc, void **inst, gs_game *game,
                gs_error *err)
{
    (void)source;
    (void)len;
    gs_c4_params p;
    gs_c4_params_init(&p);
    int rc = whole("width", value[0], GS_C4_MAX_WIDTH, &p.width, err);
    if (rc == GS_OK)
        rc = whole("height", value[1], GS_C4_MAX_CELLS, &p.height, err);
    gs_c4 *g = NULL;
    if (rc == GS_OK && (rc = gs_c4_new(&p, alloc, &g)) == GS_EINVAL)
        snprintf(err->message, sizeof err->message,
                 "a board of %d columns of %d cannot be played (width x "
                 "(height + 1) is at most %d)", p.width, p.height,
                 GS_C4_MAX_CELLS);
    if (rc != GS_OK)
        return rc;
    gs_c4_game(g, game);
    *inst = g;
    return GS_OK;
}

static void free_c4(void *inst)
{
    gs_c4_free(inst);
}

/* The columns played, from 1 ("4453"). */
static int read(const void *inst, const char *text, size_t len, void *state,
                gs_error *err)
{
    return gs_c4_parse(inst, text, len, state, err);
}

static void depths(const void *inst, const void *state, int *lo, int *hi)
{
    const gs_c4_state *s = state;
    *lo = 1;
    *hi = gs_c4_width(inst) * gs_c4_height(inst) - s->moves;
}

static bool small(const void *inst)
{
    (void)inst;
    return false;
}

/*
 * Solved exactly with the solver's options, from Pons's test sets
 * (Test_L1_R1: beginning, easy; Test_L2_R1: middle, easy; Test_L2_R2:
 * middle, medium). The values are the first player's (MAX's): the sets'
 * scores for the player to move, negated after an odd number of moves.
 * The last position is also solved weakly (win, draw or loss: the window
 * [-1, 1]).
 */
#define SOLVE(moves, value)                                                \
    {"", NULL, moves, moves, GS_ALPHABETA, 0, false, false, false, false,  \
     false, true, false, NULL, true, value}
static const gs_game_bench bench[] = {
    SOLVE("715371563635542612576371", 3),        /* L2_R1 */
    SOLVE("2737772244262123677516643354", 0),    /* L2_R1 */
    SOLVE("5654767662", 13),                     /* L1_R1 */
    SOLVE("42434653771434", 9),                  /* L1_R1 */
    SOLVE("32164625", 11),                       /* L1_R1 */
    SOLVE("441672735", -11),                     /* L1_R1 */
    SOLVE("65225331", 11),                       /* L1_R1 */
    SOLVE("6323454652623215", -2),               /* L2_R2 */
    SOLVE("4337567364435613", -2),               /* L2_R2 */
    SOLVE("2531276566711153", 2),                /* L2_R2 */
    SOLVE("651173365733134", 3),                 /* L2_R2 */
    SOLVE("1113222154334225", 0),                /* L2_R2 */
    {"", NULL, "651173365733134", "651173365733134", GS_ALPHABETA, 0, false,
     false, false, false, false, true, true, NULL, true, 3},
};

static const gs_game_param params[] = {
    {"width", "7", "columns (1 to 9)"},
    {"height", "6", "rows (width x (height + 1) at most 64)"},
};

const gs_game_entry gs_connect4_entry = {
    .name = "connect4",
    .title = "Connect Four",
    .summary = "Connect Four: 7x6, four in a row, with its exact solver",
    .num_params = 2,
    .params = params,
    .flags = GS_GAME_TWO_PLAYER,
    .make = make,
    .free = free_c4,
    .read = read,
    .start_name = "the empty board",
    .depths = depths,
    .small = small,
    .solver_options = gs_c4_search_options,
    .num_bench = (int)(sizeof bench / sizeof *bench),
    .bench = bench,
};
