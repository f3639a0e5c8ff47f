/*
 * fuzz_connect4: Connect Four positions (gs_c4_parse) on boards chosen by
 * the input's first byte, the standard 7x6 board for most of them. A
 * position that parses is checked against its moves played one by one, and
 * when few cells are empty it is solved by plain alpha-beta and by the
 * solver's settings (table, move order, null windows, prefetching; also
 * killers, history and mirror images), which must agree on the score; the
 * weak solve must agree on its sign.
 */
#include <string.h>

#include "gamesearch/gamesearch.h"
#include "gamesearch/connect4.h"
#include "fuzz.h"

#define MAX_INPUT 256
#define MAX_NODES 300000
/* Solved at most this many empty cells. */
#define MAX_EMPTY 16

enum { PLAIN, SOLVER, SOLVER_EXTRAS, WEAK, NUM_WAYS };

static bool solve(const gs_game *game, const gs_c4_state *s, int way,
                  double *value)
{
    gs_engine *e = NULL;
    FUZZ_CHECK(gs_engine_new(game, NULL, &e) == GS_OK);
    gs_search_options o;
    gs_search_options_init(&o);
    gs_solver_options so;
    gs_solver_options_init(&so);
    o.algo = GS_ALPHABETA;
    o.max_nodes = MAX_NODES;
    if (way != PLAIN) {
        o.use_tt = true;
        o.order_moves = true;
        so.null_window = true;
        so.prefetch = true;
        o.solver = &so;
        FUZZ_CHECK(gs_engine_tt_resize(e, (size_t)1 << 16) == GS_OK);
    }
    if (way == SOLVER_EXTRAS) {
        o.history = true;
        so.tt_symmetry = true;
    }
    if (way == WEAK) {
        so.window_lo = -1;
        so.window_hi = 1;
    }
    gs_result r;
    int rc = gs_search(e, s, &o, &r);
    gs_engine_free(e);
    FUZZ_CHECK(rc == GS_OK);
    FUZZ_CHECK(r.nodes <= MAX_NODES);
    if (r.stopped)
        return false;
    FUZZ_CHECK(way == WEAK || r.bound == GS_BOUND_EXACT);
    *value = r.value;
    return true;
}

static int sign(double v)
{
    return (v > 0) - (v < 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > MAX_INPUT)
        return 0;
    gs_c4_params p;
    gs_c4_params_init(&p);
    if (data[0] >= 90) {            /* most inputs: 7x6 */
        p.width = 1 + data[0] % 9;
        p.height = 1 + (data[0] / 9) % 10;
    }
    gs_c4 *g = NULL;
    int rc = gs_c4_new(&p, NULL, &g);
    FUZZ_CHECK(rc == GS_OK || rc == GS_EINVAL);
    if (rc != GS_OK) {
        FUZZ_CHECK(g == NULL);
        FUZZ_CHECK(p.width * (p.height + 1) > GS_C4_MAX_CELLS);
        return 0;
    }
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    gs_c4_state s, replay;
    gs_error err;
    memset(&err, 0xAA, sizeof err);
    rc = gs_c4_parse(g, text, len, &s, &err);
    FUZZ_CHECK(rc == GS_OK || rc == GS_EPARSE);
    if (rc != GS_OK) {
        FUZZ_CHECK(memchr(err.message, '\0', sizeof err.message));
        FUZZ_CHECK(err.message[0] != '\0');
        FUZZ_CHECK((err.line == 0 && err.column == 0) ||
                   (err.line == 1 && err.column >= 1 &&
                    (size_t)err.column <= len));
        gs_c4_free(g);
        return 0;
    }

    /* The same position, move by move. */
    gs_c4_empty(g, &replay);
    size_t i = 0;
    for (; i < len && text[i] >= '1' && text[i] <= '9'; i++) {
        int col = text[i] - '1';
        FUZZ_CHECK(gs_c4_can_play(g, &replay, col));
        FUZZ_CHECK(!gs_c4_is_winning_move(g, &replay, col));
        FUZZ_CHECK(gs_c4_play(g, &replay, col) == GS_OK);
    }
    FUZZ_CHECK(replay.moves == (int32_t)i && s.moves == replay.moves);
    FUZZ_CHECK(s.over == 0);
    int stones = 0;
    for (int c = 0; c < p.width; c++)
        for (int row = 0; row < p.height; row++) {
            int cell = gs_c4_cell(g, &s, c, row);
            FUZZ_CHECK(cell == gs_c4_cell(g, &replay, c, row));
            stones += cell != 0;
        }
    FUZZ_CHECK(stones == s.moves);
    FUZZ_CHECK(gs_c4_to_move(&s) == s.moves % 2);

    if (p.width * p.height - s.moves <= MAX_EMPTY) {
        gs_game game;
        gs_c4_game(g, &game);
        double v[NUM_WAYS];
        bool done[NUM_WAYS];
        for (int w = 0; w < NUM_WAYS; w++)
            done[w] = solve(&game, &s, w, &v[w]);
        for (int w = 1; w < NUM_WAYS; w++) {
            if (!done[0] || !done[w])
                continue;
            if (w == WEAK)
                FUZZ_CHECK(sign(v[w]) == sign(v[0]));
            else
                FUZZ_CHECK(v[w] == v[0]);
        }
        if (done[0]) {
            int best = gs_c4_win_score(g, s.moves);
            FUZZ_CHECK(v[0] >= -best && v[0] <= best);
        }
    }
    gs_c4_free(g);
    return 0;
}
