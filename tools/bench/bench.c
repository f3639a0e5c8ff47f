/*
 * tools/bench/bench.c: the bench (gamesearch/bench.h): its built-in
 * positions, the options each is searched with, and the checks of the
 * values that are known. Built on the public API alone.
 *
 * Every row is one search on one thread, without limits, from an empty
 * table (when it uses one): so its node count is a fact of the search
 * code. Each game keeps one engine for all its rows, as when the rows
 * were first measured, except Pacman, whose rows each have their own world.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gamesearch/bench.h"
#include "gamesearch/connect4.h"
#include "gamesearch/mnk.h"
#include "gamesearch/pacman.h"

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
    if (o->null_window)
        append(buf, size, &n, "nullwin");
    if (o->tt_symmetry)
        append(buf, size, &n, "sym");
    if (o->prefetch)
        append(buf, size, &n, "prefetch");
    if (o->iterative)
        append(buf, size, &n, "iter");
    if (o->window_lo < o->window_hi) {
        char window[64];
        snprintf(window, sizeof window, "window=%g,%g", o->window_lo,
                 o->window_hi);
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

/* ---- m,n,k games --------------------------------------------------------- */

typedef struct mnk_board {
    gs_mnk *g;
    gs_game game;
    gs_engine *e;
    void *state;
} mnk_board;

/* Frees what m holds (a board of zeros holds nothing). */
static void mnk_close(const bench *b, mnk_board *m)
{
    if (m->g)
        free_bytes(b, m->state, gs_mnk_state_size(m->g));
    gs_engine_free(m->e);
    gs_mnk_free(m->g);
}

/* A side x side board, k in a row, with the ordering hint, as
 * `gamesearch ttt` and `gamesearch gomoku` set it up. */
static int mnk_open(const bench *b, mnk_board *m, int side, int k,
                    gs_mnk_eval eval, int radius)
{
    memset(m, 0, sizeof *m);
    gs_mnk_params p;
    gs_mnk_params_init(&p);
    p.rows = p.cols = side;
    p.k = k;
    p.eval = eval;
    p.radius = radius;
    p.order_hint = true;
    int rc = gs_mnk_new(&p, &b->alloc, &m->g);
    if (rc == GS_OK) {
        gs_mnk_game(m->g, &m->game);
        rc = new_engine(b, &m->game, &m->e);
    }
    if (rc == GS_OK && !(m->state = alloc_bytes(b, gs_mnk_state_size(m->g))))
        rc = GS_ENOMEM;
    if (rc != GS_OK) {
        mnk_close(b, m);
        memset(m, 0, sizeof *m);   /* so that closing it again is harmless */
    }
    return rc;
}

/* The position after `moves` ("b2 a1"; "" for the empty board). */
static int mnk_setup(const mnk_board *m, const char *moves)
{
    gs_mnk_empty(m->g, m->state);
    for (const char *p = moves + strspn(moves, " "); *p;) {
        char name[16];
        size_t len = strcspn(p, " ");
        snprintf(name, sizeof name, "%.*s", (int)len, p);
        int cell = gs_mnk_parse_cell(m->g, name);
        if (cell < 0 || gs_mnk_play(m->g, m->state, cell) != GS_OK)
            return GS_EINVAL;
        p += len;
        p += strspn(p, " ");
    }
    return GS_OK;
}

/* Tic-tac-toe solved to the end: alpha-beta with the table and the
 * ordering hint as `gamesearch ttt` solves it, then plain minimax and
 * plain alpha-beta in the game's own order. Values are exact: 0 a draw,
 * 1000000 less the stones at the end a win for X. */
static int bench_ttt(bench *b)
{
    static const struct {
        const char *moves;
        gs_algo algo;
        bool tt_order;
        double value;
    } positions[] = {
        {"", GS_ALPHABETA, true, 0},
        {"a1", GS_ALPHABETA, true, 0},
        {"b2 b1", GS_ALPHABETA, true, GS_MNK_WIN - 7},
        {"b2 a1 c3", GS_ALPHABETA, true, 0},
        {"b2", GS_MINIMAX, false, 0},
        {"", GS_ALPHABETA, false, 0},
    };
    mnk_board m;
    int rc = mnk_open(b, &m, 3, 3, GS_MNK_EVAL_LINES, 0);
    for (size_t i = 0; rc == GS_OK && i < sizeof positions / sizeof *positions;
         i++) {
        const char *name = *positions[i].moves ? positions[i].moves : "empty";
        gs_search_options o;
        gs_search_options_init(&o);
        o.algo = positions[i].algo;
        o.use_tt = positions[i].tt_order;
        o.order_moves = positions[i].tt_order;
        rc = mnk_setup(&m, positions[i].moves);
        if (rc != GS_OK)
            break;
        if (search_row(b, "ttt", name, &m.game, m.e, m.state, &o, NULL) &&
            b->row.result.value != positions[i].value) {
            b->row.wrong = true;
            snprintf(b->row.want, sizeof b->row.want, "%.10g",
                     positions[i].value);
        }
        finish_row(b);
    }
    mnk_close(b, &m);
    return rc;
}

/* Gomoku (15x15, five in a row) as `gamesearch gomoku` searches it: the
 * threats evaluation, the cells within 2 of a stone, the ordering hint,
 * the table; here to a fixed depth. The positions come from a game the
 * program played against itself. */
static int bench_gomoku(bench *b)
{
    static const struct {
        const char *name;
        const char *moves;
        int depth;
        bool iterative;
    } positions[] = {
        {"6 stones", "h8 g7 h6 h7 i7 e7", 5, false},
        {"12 stones",
         "h8 g7 h6 h7 i7 e7 f7 g9 g5 f4 j8 k9", 4, false},
        {"16 stones",
         "h8 g7 h6 h7 i7 e7 f7 g9 g5 f4 j8 k9 h10 g8 g11 i9", 4, false},
        {"20 stones",
         "h8 g7 h6 h7 i7 e7 f7 g9 g5 f4 j8 k9 h10 g8 g11 i9 h9 i6 f9 j5", 5,
         true},
    };
    mnk_board m;
    int rc = mnk_open(b, &m, 15, 5, GS_MNK_EVAL_THREATS, 2);
    for (size_t i = 0; rc == GS_OK && i < sizeof positions / sizeof *positions;
         i++) {
        gs_search_options o;
        gs_search_options_init(&o);
        o.algo = GS_ALPHABETA;
        o.use_tt = true;
        o.order_moves = true;
        o.depth = positions[i].depth;
        o.iterative = positions[i].iterative;
        rc = mnk_setup(&m, positions[i].moves);
        if (rc != GS_OK)
            break;
        search_row(b, "gomoku", positions[i].name, &m.game, m.e, m.state, &o,
                   NULL);
        finish_row(b);
    }
    mnk_close(b, &m);
    return rc;
}

/* ---- Connect Four -------------------------------------------------------- */

/*
 * Connect Four 7x6 solved exactly with the solver's options
 * (gs_c4_search_options), from Pascal Pons's test sets (Test_L1_R1:
 * beginning, easy; Test_L2_R1: middle, easy; Test_L2_R2: middle, medium):
 * the moves and the score for the player to move. The last one is also
 * solved weakly (win, draw or loss: the window [-1, 1]).
 */
static int bench_connect4(bench *b)
{
    static const struct {
        const char *moves;
        int score;
        bool weak;
    } positions[] = {
        {"715371563635542612576371", 3, false},        /* L2_R1 */
        {"2737772244262123677516643354", 0, false},    /* L2_R1 */
        {"5654767662", 13, false},                     /* L1_R1 */
        {"42434653771434", 9, false},                  /* L1_R1 */
        {"32164625", 11, false},                       /* L1_R1 */
        {"441672735", 11, false},                      /* L1_R1 */
        {"65225331", 11, false},                       /* L1_R1 */
        {"6323454652623215", -2, false},               /* L2_R2 */
        {"4337567364435613", -2, false},               /* L2_R2 */
        {"2531276566711153", 2, false},                /* L2_R2 */
        {"651173365733134", -3, false},                /* L2_R2 */
        {"1113222154334225", 0, false},                /* L2_R2 */
        {"651173365733134", -3, true},                 /* L2_R2 */
    };
    gs_c4_params p;
    gs_c4_params_init(&p);
    gs_c4 *g = NULL;
    gs_engine *e = NULL;
    gs_game game;
    int rc = gs_c4_new(&p, &b->alloc, &g);
    if (rc == GS_OK) {
        gs_c4_game(g, &game);
        rc = new_engine(b, &game, &e);
    }
    for (size_t i = 0; rc == GS_OK && i < sizeof positions / sizeof *positions;
         i++) {
        const char *moves = positions[i].moves;
        gs_c4_state s;
        rc = gs_c4_parse(g, moves, strlen(moves), &s, NULL);
        if (rc != GS_OK)
            break;
        gs_search_options o;
        gs_c4_search_options(&o, positions[i].weak);
        if (search_row(b, "connect4", moves, &game, e, &s, &o, NULL)) {
            /* Values are the first player's; scores the player to move's. */
            const gs_result *r = &b->row.result;
            double want = gs_c4_to_move(&s) == 0 ? positions[i].score
                                                  : -positions[i].score;
            bool right = positions[i].weak
                             ? (r->value > 0) == (want > 0) &&
                                   (r->value < 0) == (want < 0)
                             : r->value == want && r->bound == GS_BOUND_EXACT;
            if (!right) {
                b->row.wrong = true;
                snprintf(b->row.want, sizeof b->row.want, "%g%s", want,
                         positions[i].weak ? " (its sign)" : "");
            }
        }
        finish_row(b);
    }
    gs_engine_free(e);
    gs_c4_free(g);
    return rc;
}

/* ---- Pacman -------------------------------------------------------------- */

/* Two of the project's mazes (layouts/arena.lay, layouts/fortress.lay),
 * built in so that the bench reads no file. */
static const char arena_maze[] =
    "%%%%%%%%%%%%%%%%%%%%%%%%%%\n"
    "%G......................G%\n"
    "%........................%\n"
    "%...%%%............%%%...%\n"
    "%...%................%...%\n"
    "%..........o..o..........%\n"
    "%...........P............%\n"
    "%...%................%...%\n"
    "%...%%%............%%%...%\n"
    "%........................%\n"
    "%G......................G%\n"
    "%%%%%%%%%%%%%%%%%%%%%%%%%%\n";

static const char fortress_maze[] =
    "%%%%%%%%%%%%%%%%%%%%%%%%%%%\n"
    "%o.......................o%\n"
    "%.%%%%%.%%%%%.%%%%%.%%%%%.%\n"
    "%.%.....................%.%\n"
    "%.%.%%%%%%%%%.%%%%%%%%%.%.%\n"
    "%.%.%%%%%%%%% %%%%%%%%%.%.%\n"
    "%.%.%%%%%o.......o%%%%%.%.%\n"
    "%....... ..1.3.2.. .......%\n"
    "%.%.%%%%%o.......o%%%%%.%.%\n"
    "%.%.%%%%%%%%% %%%%%%%%%.%.%\n"
    "%.%.%%%%%%%%%.%%%%%%%%%.%.%\n"
    "%.%.....................%.%\n"
    "%.%%%%%.%%%%%.%%%%%.%%%%%.%\n"
    "%o...........P...........o%\n"
    "%%%%%%%%%%%%%%%%%%%%%%%%%%%\n";

/* The world of `maze` with its first `ghosts` ghosts. */
static int pacman_world(const bench *b, const char *maze, int ghosts,
                        gs_pacman **world)
{
    gs_pac_layout *layout = NULL;
    *world = NULL;
    int rc = gs_pac_layout_parse(maze, strlen(maze), &b->alloc, &layout, NULL);
    if (rc == GS_OK)
        rc = gs_pacman_new(layout, ghosts, &b->alloc, world);
    gs_pac_layout_free(layout);
    return rc;
}

/*
 * The searches of `gamesearch pacman`'s agents from the start of a game:
 * MinimaxAgent, AlphaBetaAgent and ExpectimaxAgent as the CS188 autograder
 * expects them (depth in rounds, the legal order, strict pruning, no
 * table), and ChampionAgent's expectimax over DirectionalGhosts with its
 * table and iterative deepening, here to a fixed depth instead of its node
 * budget.
 */
static int bench_pacman(bench *b)
{
    static const struct {
        const char *maze_name;
        const char *maze;
        int ghosts;
        gs_algo algo;
        gs_pac_eval eval;
        gs_pac_ghost_model model;
        bool champion;
        int depth;
        const char *extra;
    } searches[] = {
        {"arena", arena_maze, 4, GS_MINIMAX, GS_PAC_EVAL_SCORE,
         GS_PAC_GHOSTS_MIN, false, 3, "score"},
        {"arena", arena_maze, 4, GS_ALPHABETA, GS_PAC_EVAL_SCORE,
         GS_PAC_GHOSTS_MIN, false, 3, "score"},
        {"fortress", fortress_maze, 3, GS_EXPECTIMAX, GS_PAC_EVAL_BETTER,
         GS_PAC_GHOSTS_RANDOM, false, 3, "better"},
        {"arena", arena_maze, 2, GS_EXPECTIMAX, GS_PAC_EVAL_CHAMPION,
         GS_PAC_GHOSTS_DIRECTIONAL, true, 4, "champion directional"},
    };
    int rc = GS_OK;
    for (size_t i = 0; rc == GS_OK && i < sizeof searches / sizeof *searches;
         i++) {
        gs_pacman *world = NULL;
        gs_engine *e = NULL;
        void *state = NULL;
        size_t size = 0;
        rc = pacman_world(b, searches[i].maze, searches[i].ghosts, &world);
        gs_pac_search_game sg = {world, searches[i].eval, searches[i].model,
                                 NULL, NULL};
        gs_game game;
        if (rc == GS_OK) {
            gs_pacman_search_game(&sg, &game);
            rc = new_engine(b, &game, &e);
        }
        if (rc == GS_OK) {
            size = gs_pacman_state_size(world);
            if (!(state = alloc_bytes(b, size)))
                rc = GS_ENOMEM;
        }
        if (rc == GS_OK) {
            gs_pacman_initial(world, state);
            gs_search_options o;
            gs_search_options_init(&o);
            o.algo = searches[i].algo;
            o.depth_unit = GS_DEPTH_ROUNDS;
            o.depth = searches[i].depth;
            o.prune_equal = false;
            o.use_tt = searches[i].champion;
            o.iterative = searches[i].champion;
            char position[64];
            int agents = gs_pacman_num_agents(world);
            snprintf(position, sizeof position, "%s, %d ghost%s",
                     searches[i].maze_name, agents - 1,
                     agents == 2 ? "" : "s");
            search_row(b, "pacman", position, &game, e, state, &o,
                       searches[i].extra);
            finish_row(b);
        }
        free_bytes(b, state, size);
        gs_engine_free(e);
        gs_pacman_free(world);
    }
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
    int rc = bench_ttt(&b);
    if (rc == GS_OK)
        rc = bench_gomoku(&b);
    if (rc == GS_OK)
        rc = bench_connect4(&b);
    if (rc == GS_OK)
        rc = bench_pacman(&b);
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
