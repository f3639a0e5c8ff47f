/*
 * fuzz_mnk: tic-tac-toe and m,n,k positions (gs_mnk_parse, gs_mnk_parse_cell)
 * on boards chosen by the input's first bytes. A position that parses is
 * written back and read again to the same position, and searched: to two
 * plies, and to the end when few cells are empty, by minimax, alpha-beta,
 * and alpha-beta with the table, move ordering, iterative deepening and
 * null windows, which must all agree on its value.
 */
#include <string.h>

#include "gamesearch/gamesearch.h"
#include "gamesearch/mnk.h"
#include "fuzz.h"

#define MAX_INPUT 1024
#define MAX_NODES 100000
/* Searched to the end at most this many empty cells. */
#define MAX_EMPTY 8

typedef struct variant {
    gs_algo algo;
    bool tt, order, iterative, null_window;
} variant;

static const variant variants[] = {
    {GS_MINIMAX, false, false, false, false},
    {GS_ALPHABETA, false, false, false, false},
    {GS_ALPHABETA, true, true, false, false},
    {GS_ALPHABETA, true, true, true, false},
    {GS_ALPHABETA, true, true, false, true},
};

/* Searches `state` with every variant to `depth` plies (0: the end) and
 * checks that those that finish agree. */
static void agree(const gs_game *game, const void *state, int depth)
{
    double first = 0;
    bool have = false;
    for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++) {
        const variant *v = &variants[i];
        if (v->null_window &&
            (depth > 0 || !(game->solver && game->solver->value_grain > 0)))
            continue;
        gs_engine *e = NULL;
        int rc = gs_engine_new(game, NULL, &e);
        FUZZ_CHECK(rc == GS_OK);
        gs_search_options o;
        gs_search_options_init(&o);
        o.algo = v->algo;
        o.use_tt = v->tt;
        o.order_moves = v->order;
        o.iterative = v->iterative;
        gs_solver_options so;
        gs_solver_options_init(&so);
        so.null_window = v->null_window;
        if (v->null_window)
            o.solver = &so;
        o.depth = depth;
        o.max_nodes = MAX_NODES;
        if (v->tt)
            FUZZ_CHECK(gs_engine_tt_resize(e, (size_t)1 << 16) == GS_OK);
        gs_result r;
        rc = gs_search(e, state, &o, &r);
        gs_engine_free(e);
        FUZZ_CHECK(rc == GS_OK);
        FUZZ_CHECK(r.nodes <= MAX_NODES);
        if (r.stopped)
            continue;
        FUZZ_CHECK(r.value >= -GS_MNK_WIN && r.value <= GS_MNK_WIN);
        if (have)
            FUZZ_CHECK(fuzz_same_value(first, r.value));
        first = r.value;
        have = true;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3 || size > MAX_INPUT)
        return 0;
    gs_mnk_params p;
    gs_mnk_params_init(&p);
    p.rows = 1 + data[0] % 8;
    p.cols = 1 + (data[0] / 8) % 8;
    p.k = 1 + data[1] % 8;
    p.eval = (gs_mnk_eval)((data[1] / 8) % 3);
    p.radius = data[2] % 3;
    p.order_hint = (data[2] & 4) != 0;
    gs_mnk *g = NULL;
    int rc = gs_mnk_new(&p, NULL, &g);
    FUZZ_CHECK(rc == GS_OK || rc == GS_EINVAL);
    if (rc != GS_OK) {
        FUZZ_CHECK(g == NULL);
        FUZZ_CHECK(p.k > p.rows && p.k > p.cols);
        return 0;
    }
    char *text = fuzz_string(data + 3, size - 3);
    FUZZ_CHECK(text != NULL);
    int cells = p.rows * p.cols;

    int cell = gs_mnk_parse_cell(g, text);
    FUZZ_CHECK(cell >= -1 && cell < cells);
    if (cell >= 0) {
        char name[8];
        gs_mnk_cell_name(g, cell, name, sizeof name);
        FUZZ_CHECK(gs_mnk_parse_cell(g, name) == cell);
    }

    size_t ss = gs_mnk_state_size(g);
    void *s = calloc(1, ss), *again = calloc(1, ss);
    char *buf = malloc((size_t)cells + 1);
    FUZZ_CHECK(s && again && buf);
    gs_error err;
    memset(&err, 0xAA, sizeof err);
    rc = gs_mnk_parse(g, text, s, &err);
    FUZZ_CHECK(rc == GS_OK || rc == GS_EPARSE);
    if (rc != GS_OK) {
        FUZZ_CHECK(memchr(err.message, '\0', sizeof err.message));
        FUZZ_CHECK(err.message[0] != '\0');
        FUZZ_CHECK((err.line == 0 && err.column == 0) ||
                   (err.line == 1 && err.column >= 1 &&
                    (size_t)err.column <= strlen(text)));
    } else {
        gs_mnk_format(g, s, buf, (size_t)cells + 1);
        FUZZ_CHECK(strlen(buf) == (size_t)cells);
        FUZZ_CHECK(gs_mnk_parse(g, buf, again, &err) == GS_OK);
        int stones = 0;
        for (int c = 0; c < cells; c++) {
            FUZZ_CHECK(gs_mnk_cell(g, s, c) == gs_mnk_cell(g, again, c));
            stones += gs_mnk_cell(g, s, c) != 0;
        }
        FUZZ_CHECK(stones == gs_mnk_stones(g, s));
        FUZZ_CHECK(gs_mnk_to_move(g, s) == stones % 2);
        double ev = gs_mnk_evaluate(g, s, p.eval);
        FUZZ_CHECK(ev >= -GS_MNK_WIN && ev <= GS_MNK_WIN);

        gs_game game;
        gs_mnk_game(g, &game);
        agree(&game, s, 2);
        if (cells - stones <= MAX_EMPTY)
            agree(&game, s, 0);
    }
    free(buf);
    free(again);
    free(s);
    free(text);
    gs_mnk_free(g);
    return 0;
}
