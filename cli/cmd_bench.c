/*
 * gamesearch bench: a fixed list of searches whose total node count is a
 * signature of the search code.
 *
 * Every position below is built into the program and searched to a fixed
 * depth (or to the end) on one thread, without a time or node limit, and
 * with a transposition table of a fixed size emptied before each search.
 * The number of nodes visited is then a fact of the search code alone: the
 * same in every build and on every machine, and changed by any change to
 * what the engine does or to what the games hand it (ordering hints,
 * evaluations, bounds, the moves worth searching). docs/bench.md says how
 * the signature (bench/signature) is kept.
 *
 * One row per search, then the totals on the last three lines:
 *   Nodes searched: N
 *   Nodes/second: M
 *   Time: S seconds
 * (time and speed count the searches only, not setting them up).
 *
 * Values that are known (tic-tac-toe and Connect Four solved to the end)
 * are checked: a wrong one is reported on standard error and the exit
 * status is 1.
 */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/gamesearch.h"
#include "gamesearch/connect4.h"
#include "commands.h"
#include "util.h"

#define CMD "bench"

/* Every engine's table: a fixed size, so that the node counts (which
 * depend on what the table can hold) are the same on every machine. */
#define BENCH_TT_BYTES ((size_t)16 << 20)

static const char usage[] =
    "usage: gamesearch bench [--json]\n"
    "\n"
    "Searches a fixed list of built-in positions (tic-tac-toe, Gomoku,\n"
    "Connect Four, Pacman) to a fixed depth, on one thread, without time\n"
    "limits, each with an empty 16 MiB transposition table, and prints one\n"
    "row per search (game, position, depth, value, best move, nodes,\n"
    "milliseconds, algorithm and options), then the totals:\n"
    "\n"
    "  Nodes searched: N\n"
    "  Nodes/second: M\n"
    "  Time: S seconds\n"
    "\n"
    "N is the same on every machine and in every build: it changes only\n"
    "when what the searches do changes. bench/signature holds its current\n"
    "value (see docs/bench.md).\n"
    "\n"
    "Options:\n"
    "  --json       print one JSON object instead: rows (game, position,\n"
    "               search, depth, value, best, nodes, ms), nodes,\n"
    "               nodes_per_second, seconds\n"
    "  -h, --help   show this help\n"
    "\n"
    "Exit status: 0 on success; 1 when a search fails or finds a value\n"
    "other than the position's known one; 2 on bad options.\n";

/* The running totals, and how rows are printed. */
typedef struct bench {
    bool json;
    int rows;
    uint64_t nodes;
    double seconds;
    int failures;
} bench;

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

static void print_header(const bench *b)
{
    if (b->json)
        fputs("{\"rows\":[", stdout);
    else
        printf("%-8s %-28s %-8s %12s %-5s %10s %9s  %s\n", "game",
               "position", "depth", "value", "best", "nodes", "ms", "search");
}

/*
 * One row: searches `root` with `o` on one thread from an empty table,
 * adds it to the totals and prints it. Returns true with *r filled in, or
 * false after a message when the search failed (the failure is counted).
 */
static bool bench_row(bench *b, const char *game_name, const char *position,
                      const gs_game *game, gs_engine *e, const void *root,
                      const gs_search_options *o, const char *extra,
                      gs_result *r)
{
    /* One thread and no limits: a count that only the search decides. */
    gs_search_options so = *o;
    so.threads = 1;
    so.max_nodes = 0;
    so.max_seconds = 0;
    char search[160], depth[32], value[40], best[32];
    describe(&so, extra, search, sizeof search);
    describe_depth(&so, depth, sizeof depth);
    if (so.use_tt)
        gs_engine_tt_clear(e);
    int rc = gs_search(e, root, &so, r);
    if (rc != GS_OK || r->stopped != GS_STOP_NONE) {
        cli_error(CMD, "%s %s (%s): the search failed: %s", game_name,
                  position, search,
                  rc != GS_OK ? gs_strerror(rc) : "it stopped early");
        b->failures++;
        return false;
    }
    if (r->best == GS_NO_ACTION || !game->action_name)
        snprintf(best, sizeof best, "-");
    else
        game->action_name(game->ctx, root, r->best, best, sizeof best);
    b->nodes += r->nodes;
    b->seconds += r->seconds;
    if (b->json) {
        cli_format_double(r->value, value);
        fputs(b->rows ? ",{\"game\":" : "{\"game\":", stdout);
        cli_json_string(stdout, game_name);
        fputs(",\"position\":", stdout);
        cli_json_string(stdout, position);
        fputs(",\"search\":", stdout);
        cli_json_string(stdout, search);
        fputs(",\"depth\":", stdout);
        cli_json_string(stdout, depth);
        printf(",\"value\":%s,\"best\":", value);
        cli_json_string(stdout, best);
        printf(",\"nodes\":%" PRIu64 ",\"ms\":%.3f}", r->nodes,
               r->seconds * 1e3);
    } else {
        snprintf(value, sizeof value, "%.10g", r->value);
        printf("%-8s %-28s %-8s %12s %-5s %10" PRIu64 " %9.1f  %s\n",
               game_name, position, depth, value, best, r->nodes,
               r->seconds * 1e3, search);
    }
    b->rows++;
    return true;
}

/* Reports a value other than the known one. */
static void wrong_value(bench *b, const char *game_name, const char *position,
                        double got, const char *want)
{
    cli_error(CMD, "%s %s: the search says %.10g, but the position's value "
              "is %s: the search is wrong", game_name, position, got, want);
    b->failures++;
}

/* An engine for `game` with the bench's table; exits when it cannot. */
static gs_engine *new_engine(const gs_game *game)
{
    gs_engine *e = NULL;
    int rc = gs_engine_new(game, NULL, &e);
    if (rc == GS_OK)
        rc = gs_engine_tt_resize(e, BENCH_TT_BYTES);
    if (rc != GS_OK) {
        cli_error(CMD, "cannot set up a search: %s", gs_strerror(rc));
        gs_engine_free(e);
        exit(1);
    }
    return e;
}

static void *xmalloc(size_t size)
{
    void *p = malloc(size);
    if (!p) {
        cli_error(CMD, "out of memory");
        exit(1);
    }
    return p;
}

/* ---- m,n,k games ---- */

typedef struct mnk_board {
    gs_mnk *g;
    gs_game game;
    gs_engine *e;
    void *state;
} mnk_board;

/* A side x side board, k in a row, with the ordering hint, as
 * `gamesearch ttt` and `gamesearch gomoku` set it up. */
static void mnk_open(mnk_board *m, int side, int k, gs_mnk_eval eval,
                     int radius)
{
    gs_mnk_params p;
    gs_mnk_params_init(&p);
    p.rows = p.cols = side;
    p.k = k;
    p.eval = eval;
    p.radius = radius;
    p.order_hint = true;
    if (gs_mnk_new(&p, NULL, &m->g) != GS_OK) {
        cli_error(CMD, "out of memory");
        exit(1);
    }
    gs_mnk_game(m->g, &m->game);
    m->e = new_engine(&m->game);
    m->state = xmalloc(gs_mnk_state_size(m->g));
}

static void mnk_close(mnk_board *m)
{
    free(m->state);
    gs_engine_free(m->e);
    gs_mnk_free(m->g);
}

/* The position after `moves` ("b2 a1"; "" for the empty board). */
static void mnk_setup(const mnk_board *m, const char *moves)
{
    gs_mnk_empty(m->g, m->state);
    for (const char *p = moves + strspn(moves, " "); *p;) {
        char name[16];
        size_t len = strcspn(p, " ");
        snprintf(name, sizeof name, "%.*s", (int)len, p);
        int cell = gs_mnk_parse_cell(m->g, name);
        if (cell < 0 || gs_mnk_play(m->g, m->state, cell) != GS_OK) {
            cli_error(CMD, "built-in position '%s': bad move '%s'", moves,
                      name);
            exit(1);
        }
        p += len;
        p += strspn(p, " ");
    }
}

/* Tic-tac-toe solved to the end: alpha-beta with the table and the
 * ordering hint as `gamesearch ttt` solves it, then plain minimax and
 * plain alpha-beta in the game's own order. Values are exact: 0 a draw,
 * 1000000 less the stones at the end a win for X. */
static void bench_ttt(bench *b)
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
    mnk_open(&m, 3, 3, GS_MNK_EVAL_LINES, 0);
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
        const char *name = *positions[i].moves ? positions[i].moves : "empty";
        gs_search_options o;
        gs_search_options_init(&o);
        o.algo = positions[i].algo;
        o.use_tt = positions[i].tt_order;
        o.order_moves = positions[i].tt_order;
        mnk_setup(&m, positions[i].moves);
        gs_result r;
        if (bench_row(b, "ttt", name, &m.game, m.e, m.state, &o, NULL, &r) &&
            r.value != positions[i].value) {
            char want[32];
            snprintf(want, sizeof want, "%.10g", positions[i].value);
            wrong_value(b, "ttt", name, r.value, want);
        }
    }
    mnk_close(&m);
}

/* Gomoku (15x15, five in a row) as `gamesearch gomoku` searches it: the
 * threats evaluation, the cells within 2 of a stone, the ordering hint,
 * the table; here to a fixed depth. The positions come from a game the
 * program played against itself. */
static void bench_gomoku(bench *b)
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
    mnk_open(&m, 15, 5, GS_MNK_EVAL_THREATS, 2);
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
        gs_search_options o;
        gs_search_options_init(&o);
        o.algo = GS_ALPHABETA;
        o.use_tt = true;
        o.order_moves = true;
        o.depth = positions[i].depth;
        o.iterative = positions[i].iterative;
        mnk_setup(&m, positions[i].moves);
        gs_result r;
        bench_row(b, "gomoku", positions[i].name, &m.game, m.e, m.state, &o,
                  NULL, &r);
    }
    mnk_close(&m);
}

/* ---- Connect Four ---- */


/*
 * Connect Four 7x6 solved exactly, from Pascal Pons's test sets
 * (Test_L1_R1: beginning, easy; Test_L2_R1: middle, easy; Test_L2_R2:
 * middle, medium): the moves and the score for the player to move. The
 * last one is also solved weakly (win, draw or loss: the window [-1, 1]).
 */
static void bench_connect4(bench *b)
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
    if (gs_c4_new(&p, NULL, &g) != GS_OK) {
        cli_error(CMD, "out of memory");
        exit(1);
    }
    gs_game game;
    gs_c4_game(g, &game);
    gs_engine *e = new_engine(&game);
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
        const char *moves = positions[i].moves;
        gs_c4_state s;
        gs_error err;
        if (gs_c4_parse(g, moves, strlen(moves), &s, &err) != GS_OK) {
            cli_error(CMD, "built-in position '%s': %s", moves, err.message);
            exit(1);
        }
        gs_search_options o;
        gs_c4_search_options(&o, positions[i].weak);
        gs_result r;
        if (!bench_row(b, "connect4", moves, &game, e, &s, &o, NULL, &r))
            continue;
        /* Values are the first player's; scores the player to move's. */
        double want = gs_c4_to_move(&s) == 0 ? positions[i].score
                                              : -positions[i].score;
        bool right = positions[i].weak
                         ? (r.value > 0) == (want > 0) &&
                               (r.value < 0) == (want < 0)
                         : r.value == want && r.bound == GS_BOUND_EXACT;
        if (!right) {
            char text[32];
            snprintf(text, sizeof text, "%g%s", want,
                     positions[i].weak ? " (its sign)" : "");
            wrong_value(b, "connect4", moves, r.value, text);
        }
    }
    gs_engine_free(e);
    gs_c4_free(g);
}

/* ---- Pacman ---- */

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
static gs_pacman *pacman_world(const char *maze, int ghosts)
{
    gs_pac_layout *layout = NULL;
    gs_error err;
    int rc = gs_pac_layout_parse(maze, strlen(maze), NULL, &layout, &err);
    gs_pacman *world = NULL;
    if (rc == GS_OK)
        rc = gs_pacman_new(layout, ghosts, NULL, &world);
    gs_pac_layout_free(layout);
    if (rc != GS_OK) {
        cli_error(CMD, "built-in maze: %s",
                  rc == GS_EPARSE ? err.message : gs_strerror(rc));
        exit(1);
    }
    return world;
}

/*
 * The searches of `gamesearch pacman`'s agents from the start of a game
 * (cli/pacman_agents.c): MinimaxAgent, AlphaBetaAgent and ExpectimaxAgent
 * as the CS188 autograder expects them (depth in rounds, the legal order,
 * strict pruning, no table), and ChampionAgent's expectimax over
 * DirectionalGhosts with its table and iterative deepening, here to a
 * fixed depth instead of its node budget.
 */
static void bench_pacman(bench *b)
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
    for (size_t i = 0; i < sizeof searches / sizeof searches[0]; i++) {
        gs_pacman *world = pacman_world(searches[i].maze, searches[i].ghosts);
        gs_pac_search_game sg = {world, searches[i].eval, searches[i].model};
        gs_game game;
        gs_pacman_search_game(&sg, &game);
        gs_engine *e = new_engine(&game);
        void *state = xmalloc(gs_pacman_state_size(world));
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
        snprintf(position, sizeof position, "%s, %d ghost%s",
                 searches[i].maze_name, gs_pacman_num_agents(world) - 1,
                 gs_pacman_num_agents(world) == 2 ? "" : "s");
        gs_result r;
        bench_row(b, "pacman", position, &game, e, state, &o,
                  searches[i].extra, &r);
        free(state);
        gs_engine_free(e);
        gs_pacman_free(world);
    }
}

/* Returns 0, 1 (help printed) or EXIT_BAD_INPUT. */
static int parse_options(int argc, char **argv, bool *json)
{
    cli_args a;
    bool is_opt;
    char name[64];
    const char *arg;
    *json = false;
    cli_args_init(&a, argc - 1, argv + 1);
    while (cli_args_next(&a, &is_opt, name, sizeof name, &arg)) {
        if (!is_opt) {
            cli_error(CMD, "unexpected argument '%s' (see gamesearch bench "
                      "--help)", arg);
            return EXIT_BAD_INPUT;
        }
        bool help = strcmp(name, "-h") == 0 || strcmp(name, "--help") == 0;
        if (!help && strcmp(name, "--json") != 0) {
            cli_error(CMD, "unknown option '%s' (see gamesearch bench --help)",
                      name);
            return EXIT_BAD_INPUT;
        }
        if (cli_args_has_inline(&a)) {
            cli_error(CMD, "%s takes no value", name);
            return EXIT_BAD_INPUT;
        }
        if (help) {
            fputs(usage, stdout);
            return 1;
        }
        *json = true;
    }
    return 0;
}

int cmd_bench_options(int argc, char **argv)
{
    bool json;
    return parse_options(argc, argv, &json);
}

int cmd_bench(int argc, char **argv)
{
    bench b;
    memset(&b, 0, sizeof b);
    int rc = parse_options(argc, argv, &b.json);
    if (rc)
        return rc == 1 ? 0 : rc;

    print_header(&b);
    bench_ttt(&b);
    bench_gomoku(&b);
    bench_connect4(&b);
    bench_pacman(&b);

    uint64_t speed = b.seconds > 0 ? (uint64_t)llround((double)b.nodes /
                                                       b.seconds)
                                   : 0;
    if (b.json)
        printf("],\"nodes\":%" PRIu64 ",\"nodes_per_second\":%" PRIu64
               ",\"seconds\":%.3f}\n", b.nodes, speed, b.seconds);
    else
        printf("\nNodes searched: %" PRIu64 "\nNodes/second: %" PRIu64
               "\nTime: %.3f seconds\n", b.nodes, speed, b.seconds);
    if (b.failures) {
        fflush(stdout);
        cli_error(CMD, "%d search%s went wrong (see above)", b.failures,
                  b.failures == 1 ? "" : "es");
        return 1;
    }
    return 0;
}
