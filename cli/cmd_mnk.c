/*
 * gamesearch ttt | mnk | gomoku: play an m,n,k game in the terminal against
 * the computer (or watch two computers, or let two people play), or solve a
 * position: its value and every optimal move.
 *
 * The computer player and the game's moves are the library's
 * (gamesearch/mnk.h, gs_mnk_player_play); what the person sees and types
 * while playing is mnk_play.c's; this file reads the options and prints a
 * solve.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/gamesearch.h"
#include "gamesearch/mnk.h"
#include "commands.h"
#include "mnk_play.h"
#include "options.h"
#include "web.h"

typedef struct mnk_options {
    const char *cmd;         /* "ttt", "mnk" or "gomoku" */
    gs_mnk_params params;
    gs_mnk_player_params player;   /* algorithm, depth, time, table */
    int computer[2];         /* X, O: 1 computer, 0 human, -1 not said */
    int algo, eval;          /* --algo, --eval as read */
    long depth;              /* --depth; -1: not given */
    const char *solve;       /* --solve POSITION */
    const char *start;       /* --start POSITION */
    bool json;
    int color;               /* --color: 0 auto, 1 always, 2 never */
    long max_nodes;          /* --max-nodes; 0: no limit */
} mnk_options;

/* The help of ttt, mnk or gomoku: docs/help/mnk.txt with its name, what
 * it plays and, for mnk, its board's options. */
static int help(cli_parser *p, const char *v)
{
    bool sized = strcmp(p->cmd, "mnk") == 0;
    (void)v;
    cli_help(stdout, "mnk", "CMD", p->cmd, "INTRO", sized
             ? "An m,n,k game: an M-by-N board, K in a row wins (five or more "
               "counts\nwhen K is five, as in freestyle Gomoku)."
             : strcmp(p->cmd, "gomoku") == 0
             ? "Gomoku (15x15, five or more in a row) against the computer, "
               "which\nsearches with iterative deepening for --time seconds a "
               "move."
             : "Tic-tac-toe (3x3, three in a row) against the computer, which "
               "plays\nperfectly by default.", "SIZE", sized
             ? "  --size MxN         M rows, N columns (default 3x3)\n"
               "  --k K              stones in a row that win (default 3)\n"
             : "", (char *)NULL);
    return 1;
}

static int size(cli_parser *p, const char *v)
{
    gs_mnk_params *mp = &((mnk_options *)p->target)->params;
    return cli_parse_size(v, GS_MNK_MAX_SIDE, &mp->rows, &mp->cols)
               ? 0 : CLI_OPT_BAD;
}

enum { ANY_BOARD = 1, SIZED = 2 };   /* ttt and gomoku; mnk */
#define AT(member) CLI_AT(mnk_options, member)
static const char *const sides[] = {"human", "computer", NULL};
static const char *const algos[] = {"minimax", "alphabeta", "mcts", "pvs",
                                    "mtdf", "sss", "maxn", "paranoid",
                                    "brs", "pns", "dfpn", NULL};
static const int algo_ids[] = {GS_MINIMAX, GS_ALPHABETA, GS_MCTS, GS_PVS,
                               GS_MTDF, GS_SSS, GS_MAXN, GS_PARANOID,
                               GS_BRS, GS_PNS, GS_DFPN};
static const char *const evals[] = {"lines", "threats", "none", NULL};
static const int eval_ids[] = {GS_MNK_EVAL_LINES, GS_MNK_EVAL_THREATS,
                               GS_MNK_EVAL_NONE};
static const cli_opt mnk_opts[] = {
    CLI_OPT("size", 0, VALUE, CLI_NOWHERE, .hook = size, .modes = SIZED,
            .want = CLI_SIZE_WANT(GS_MNK_MAX_SIDE)),
    CLI_OPT("k", 0, INT, AT(params.k), .lo = 1, .hi = GS_MNK_MAX_SIDE,
            .modes = SIZED),
    CLI_OPT("x", 0, CHOICE, AT(computer[0]), .choices = sides),
    CLI_OPT("o", 0, CHOICE, AT(computer[1]), .choices = sides),
    CLI_OPT("algo", 0, CHOICE, AT(algo), .choices = algos,
            .values = algo_ids, .noun = "algorithm"),
    CLI_OPT("depth", 0, LONG, AT(depth), .lo = 0, .hi = 1024,
            .unit = "plies"),
    CLI_OPT("eval", 0, CHOICE, AT(eval), .choices = evals,
            .values = eval_ids, .noun = "evaluation"),
    CLI_OPT("time", 0, SECONDS, AT(player.max_seconds)),
    CLI_OPT("tt", 0, FLAG, AT(player.use_tt)),
    CLI_OPT("no-tt", 0, CLEAR, AT(player.use_tt)),
    CLI_OPT("start", 0, STRING, AT(start)),
    CLI_OPT("solve", 0, STRING, AT(solve)),
    CLI_OPT("json", 0, FLAG, AT(json)),
    CLI_OPT("color", 0, CHOICE, AT(color), .choices = cli_color_choices),
    CLI_OPT("max-nodes", 0, LONG, AT(max_nodes), .lo = 0,
            .hi = 1000000000000000L, .want = "a whole number of nodes from "
            "0 to 10^15 (0: no limit)"),
    CLI_OPT("help", 'h', HELP, CLI_NOWHERE, .hook = help),
};

/* Returns 0, 1 (help printed) or EXIT_BAD_INPUT. */
static int parse_options(int argc, char **argv, mnk_options *o)
{
    const char *cmd = o->cmd;
    bool sized = strcmp(cmd, "mnk") == 0;
    cli_parser cp = {.cmd = cmd, CLI_TABLE(mnk_opts), .target = o,
                     .only = sized ? SIZED : ANY_BOARD};
    int rc = cli_opts_parse(&cp, argc, argv);
    if (rc)
        return rc;
    o->player.algo = (gs_algo)o->algo;
    if (o->algo == GS_MAXN || o->algo == GS_PARANOID || o->algo == GS_BRS) {
        /* (the searches of more than two players: on two, the old ones) */
        cli_error(cmd, "--algo %s searches games of more than two players; "
                  "with two, %s: use --algo %s", gs_algo_name(o->player.algo),
                  o->algo == GS_MAXN
                      ? "max^n is minimax"
                      : o->algo == GS_PARANOID
                            ? "paranoid search is alpha-beta"
                            : "best-reply search is alpha-beta",
                  o->algo == GS_MAXN ? "minimax" : "alphabeta");
        return EXIT_BAD_INPUT;
    }
    o->params.eval = (gs_mnk_eval)o->eval;

    gs_mnk_params *p = &o->params;
    int longest = p->rows > p->cols ? p->rows : p->cols;
    if (!cli_opts_given(&cp, "--k") && sized && p->k > longest)
        p->k = longest;
    if (p->k > longest) {
        cli_error(cmd, "--k %d cannot fit on a %dx%d board", p->k, p->rows,
                  p->cols);
        return EXIT_BAD_INPUT;
    }
    gs_mnk_params_for_play(p, !cli_opts_given(&cp, "--eval"));
    o->player.depth = o->depth >= 0 ? (int)o->depth : 0;
    o->player.max_nodes = (uint64_t)o->max_nodes;
    bool mcts = o->player.algo == GS_MCTS;
    bool pns = o->player.algo == GS_PNS || o->player.algo == GS_DFPN;
    if (pns && o->depth >= 0) {
        cli_error(cmd, "--depth goes with the depth-first algorithms: %s "
                  "proves the outcome at the end of the game",
                  gs_algo_name(o->player.algo));
        return EXIT_BAD_INPUT;
    }
    if (pns && gs_mnk_is_large(p) && o->max_nodes == 0) {
        cli_error(cmd, "--algo %s on a board of more than %d cells needs "
                  "--max-nodes N (its memory grows with its nodes)",
                  gs_algo_name(o->player.algo), GS_MNK_SMALL_CELLS);
        return EXIT_BAD_INPUT;
    }
    if (mcts && o->depth >= 0) {
        cli_error(cmd, "--depth goes with the depth-first algorithms: mcts searches "
                  "no fixed depth (limit it with --time)");
        return EXIT_BAD_INPUT;
    }
    /* An MCTS solve is bounded by its nodes; --time, when given, bounds it
     * in all. */
    if (mcts && o->solve && !cli_opts_given(&cp, "--time"))
        o->player.max_seconds = 0;
    if (o->json && !o->solve) {
        cli_error(cmd, "--json goes with --solve");
        return EXIT_BAD_INPUT;
    }
    if (o->solve && !mcts && !pns && gs_mnk_is_large(p) &&
        o->player.depth == 0) {
        cli_error(cmd, "--solve on a board of more than %d cells needs --depth N "
                  "(a search to the end would not finish)", GS_MNK_SMALL_CELLS);
        return EXIT_BAD_INPUT;
    }
    /* A computer without a depth searches a large board until its time
     * is up: with no time limit it would never move. */
    bool computer_plays = o->computer[0] != 0 || o->computer[1] != 0;
    if (!o->solve && !mcts && computer_plays && gs_mnk_is_large(p) &&
        o->player.depth == 0 && o->player.max_seconds == 0.0) {
        cli_error(cmd, "--time 0 (no limit) on a board of more than %d cells "
                  "needs --depth N for the computer (a search to the end "
                  "would not finish)", GS_MNK_SMALL_CELLS);
        return EXIT_BAD_INPUT;
    }
    if (o->solve && o->start) {
        cli_error(cmd, "--solve and --start cannot be used together");
        return EXIT_BAD_INPUT;
    }
    return 0;
}

/* The position of --solve or --start (`option`) into state: false after
 * a message. */
static bool read_position(const char *cmd, const gs_mnk *g, const char *option,
                          const char *text, void *state)
{
    gs_error err;
    if (gs_mnk_parse_open(g, text, state, &err) == GS_OK)
        return true;
    cli_error(cmd, "%s '%s': %s", option, CLI_Q(text), err.message);
    return false;
}

static int solve(const mnk_options *o, gs_mnk *g)
{
    const char *cmd = o->cmd;
    unsigned char *root = malloc(gs_mnk_state_size(g));
    gs_mnk_solution *sol = malloc(sizeof *sol);
    gs_mnk_player *pl = NULL;
    int status = EXIT_BAD_INPUT, s;
    if (root && sol && !read_position(cmd, g, "--solve", o->solve, root))
        goto out;
    status = 1;
    if (!root || !sol || gs_mnk_player_new(g, &o->player, NULL, &pl) != GS_OK)
        cli_error(cmd, "out of memory");
    else if ((s = gs_mnk_player_solve(pl, root, sol)) != GS_OK)
        cli_error(cmd, "search failed: %s", gs_strerror(s));
    else if (o->json)
        status = gs_mnk_solution_json(sol, cli_file_write, stdout) != 0;
    else
        status = gs_mnk_solution_text(g, root, sol, o->player.depth,
                                      cli_file_write, stdout) != 0;
    if (sol && sol->unproved) {
        /* a search stopped by a limit: not bad input, as for connect4 */
        char count[40], limit[96];
        gs_format_count(sol->node_limit, count, sizeof count);
        if (o->max_nodes)
            snprintf(limit, sizeof limit, "--max-nodes (%s nodes)", count);
        else
            snprintf(limit, sizeof limit, "the node limit of an MCTS solve "
                     "(%s nodes)", count);
        cli_error(cmd, "--solve: stopped by %s before the value was proved "
                  "(%d of %d moves proved)", sol->stopped == GS_STOP_NODES
                  ? limit : sol->stopped == GS_STOP_TIME ? "--time"
                  : "the iteration limit", sol->proved, sol->empty);
        status = 1;
    }
out:
    gs_mnk_player_free(pl);
    free(root);
    free(sol);
    return status;
}

/* A person's answer for cli_mnk_play, read from standard input. */
typedef struct answers {
    char line[CLI_LINE_SIZE];
    cli_line status;   /* why the answers stopped, if they did */
    int err;           /* errno then */
} answers;

static char *ask(void *user, const char *prompt)
{
    answers *a = user;
    fputs(prompt, stdout);
    fflush(stdout);
    if ((a->status = cli_read_answer(a->line)) != CLI_LINE_OK) {
        a->err = errno;
        fputc('\n', stdout);
        return NULL;
    }
    return a->line;
}

static int play(mnk_options *o, gs_mnk *g)
{
    const char *cmd = o->cmd;
    unsigned char *s = malloc(gs_mnk_state_size(g));
    answers in = {.status = CLI_LINE_OK};
    gs_mnk_player *pl = NULL;
    int status = EXIT_BAD_INPUT, rc;
    if (!s) {
        cli_error(cmd, "out of memory");
        return 1;
    }
    gs_mnk_empty(g, s);
    if (o->start && !read_position(cmd, g, "--start", o->start, s))
        goto out;
    cli_mnk_play_options po;
    cli_mnk_play_options_init(&po);
    po.computer[0] = o->computer[0];
    po.computer[1] = o->computer[1];
    po.ask = ask;
    po.ask_user = &in;
    po.write = cli_file_write;
    po.write_user = stdout;
    po.color = cli_play_color(o->color);
    po.algo = o->player.algo;
    po.depth = o->player.depth;
    status = 1;
    if (gs_mnk_player_new(g, &o->player, NULL, &pl) != GS_OK)
        cli_error(cmd, "out of memory");
    else if ((rc = cli_mnk_play(g, pl, s, &po)) != GS_OK)
        cli_error(cmd, "search failed: %s", gs_strerror(rc));
    else {
        errno = in.err;
        status = cli_answer_status(cmd, in.status);
    }
out:
    gs_mnk_player_free(pl);
    free(s);
    return status;
}

/* The subcommands: ttt, mnk and gomoku differ only in their board. */
static int read_options(const char *cmd, int argc, char **argv,
                        mnk_options *o)
{
    bool gomoku = strcmp(cmd, "gomoku") == 0;
    *o = (mnk_options){.cmd = cmd, .computer = {-1, -1}, .depth = -1};
    gs_mnk_params_init(&o->params);
    o->params.rows = o->params.cols = gomoku ? 15 : 3;
    o->params.k = gomoku ? 5 : 3;
    gs_mnk_player_params_init(&o->player);
    o->algo = (int)o->player.algo;
    o->eval = (int)o->params.eval;
    return parse_options(argc, argv, o);
}

static int run(const char *cmd, int argc, char **argv)
{
    mnk_options o;
    int rc = read_options(cmd, argc, argv, &o);
    if (rc)
        return rc == 1 ? 0 : rc;

    gs_mnk *g = NULL;
    int s = gs_mnk_new(&o.params, NULL, &g);
    if (s != GS_OK) {
        cli_error(cmd, "%s", s == GS_EINVAL ? "this board cannot be played"
                                            : gs_strerror(s));
        return s == GS_EINVAL ? EXIT_BAD_INPUT : 1;
    }
    rc = o.solve ? solve(&o, g) : play(&o, g);
    gs_mnk_free(g);
    return rc;
}

int cmd_ttt(int argc, char **argv)
{
    return run("ttt", argc, argv);
}

int cmd_mnk(int argc, char **argv)
{
    return run("mnk", argc, argv);
}

int cmd_gomoku(int argc, char **argv)
{
    return run("gomoku", argc, argv);
}

int cmd_ttt_options(int argc, char **argv)
{
    mnk_options o;
    return read_options("ttt", argc, argv, &o);
}

int cmd_mnk_options(int argc, char **argv)
{
    mnk_options o;
    return read_options("mnk", argc, argv, &o);
}

int cmd_gomoku_options(int argc, char **argv)
{
    mnk_options o;
    return read_options("gomoku", argc, argv, &o);
}
