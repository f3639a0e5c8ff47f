/*
 * gamesearch ttt | mnk | gomoku: play an m,n,k game in the terminal against
 * the computer (or watch two computers, or let two people play), or solve a
 * position: its value and every optimal move.
 *
 * The computer player is the library's (gamesearch/mnk.h, "Playing and
 * solving"): this file reads the options and the moves and prints.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gamesearch/gamesearch.h"
#include "gamesearch/mnk.h"
#include "commands.h"
#include "util.h"

typedef struct mnk_options {
    const char *cmd;         /* "ttt", "mnk" or "gomoku" */
    gs_mnk_params params;
    gs_mnk_player_params player;   /* algorithm, depth, time, table */
    bool player_set[2];      /* --x / --o given */
    bool computer[2];        /* X, O */
    const char *solve;       /* --solve POSITION */
    const char *start;       /* --start POSITION */
    bool json;
} mnk_options;

static void usage(const mnk_options *o)
{
    printf("usage: gamesearch %s [options]\n"
           "       gamesearch %s --solve POSITION [--json] [options]\n\n",
           o->cmd, o->cmd);
    if (strcmp(o->cmd, "ttt") == 0)
        puts("Tic-tac-toe (3x3, three in a row) against the computer, which "
             "plays\nperfectly by default.");
    else if (strcmp(o->cmd, "gomoku") == 0)
        puts("Gomoku (15x15, five or more in a row) against the computer, "
             "which\nsearches with iterative deepening for --time seconds a "
             "move.");
    else
        puts("An m,n,k game: an M-by-N board, K in a row wins (five or more "
             "counts\nwhen K is five, as in freestyle Gomoku).");
    puts("\n"
         "Cells are named by column letter and row number from the top left "
         "(b2),\n"
         "or numbered 1, 2, ... row by row. A POSITION lists the board row by "
         "row,\n"
         "one character a cell: X, O or . (\"X.O......\"); X moves first, so "
         "the\n"
         "counts say who is to move.\n\n"
         "Options:");
    if (strcmp(o->cmd, "mnk") == 0)
        puts("  --size MxN         M rows, N columns (default 3x3)\n"
             "  --k K              stones in a row that win (default 3)");
    puts("  --x human|computer who plays X (X moves first)\n"
         "  --o human|computer who plays O; without --x or --o you are asked\n"
         "  --algo ALGO        alphabeta (default), minimax or mcts (20000\n"
         "                     iterations a move on small boards, --time on\n"
         "                     large ones)\n"
         "  --depth N          search N plies (default: to the end on boards "
         "of at\n"
         "                     most 16 cells, iterative deepening on larger "
         "ones)\n"
         "  --eval EVAL        evaluation at the depth cutoff: lines (open "
         "lines,\n"
         "                     default on small boards), threats (default on "
         "large)\n"
         "                     or none\n"
         "  --time SECONDS     thinking time per computer move on large "
         "boards\n"
         "                     (default 1; 0 = no limit, which needs --depth)\n"
         "  --tt, --no-tt      use a transposition table (default: use one)\n"
         "  --start POSITION   play on from a position\n"
         "  --solve POSITION   print the value of POSITION for the player to "
         "move\n"
         "                     (1 win, 0 draw, -1 loss) and every optimal "
         "move\n"
         "  --json             with --solve: one JSON object: value, best (the "
         "cells,\n"
         "                     0-based, row by row), nodes, time_ms\n"
         "  -h, --help         show this help\n\n"
         "Exit status: 0 on success, 2 on bad options or positions.");
}

/* "3x4" -> rows 3, cols 4. */
static bool parse_size(const char *s, int *rows, int *cols)
{
    char *end;
    errno = 0;
    long r = strtol(s, &end, 10);
    if (errno || end == s || (*end != 'x' && *end != 'X'))
        return false;
    const char *c0 = end + 1;
    long c = strtol(c0, &end, 10);
    if (errno || end == c0 || *end || r < 1 || c < 1 ||
        r > GS_MNK_MAX_SIDE || c > GS_MNK_MAX_SIDE)
        return false;
    *rows = (int)r;
    *cols = (int)c;
    return true;
}

/* Returns 0, 1 (help printed) or EXIT_BAD_INPUT. */
static int parse_options(int argc, char **argv, mnk_options *o)
{
    const char *cmd = o->cmd;
    cli_args a;
    bool is_opt, eval_set = false, k_set = false;
    char name[64];
    const char *arg;
    long depth = -1;

    cli_args_init(&a, argc - 1, argv + 1);
    while (cli_args_next(&a, &is_opt, name, sizeof name, &arg)) {
        if (!is_opt) {
            cli_error(cmd, "unexpected argument '%s' (see gamesearch %s --help)",
                      CLI_Q(arg), cmd);
            return EXIT_BAD_INPUT;
        }
        bool flag = strcmp(name, "-h") == 0 || strcmp(name, "--help") == 0 ||
                    strcmp(name, "--json") == 0 || strcmp(name, "--tt") == 0 ||
                    strcmp(name, "--no-tt") == 0;
        if (flag) {
            if (cli_args_has_inline(&a)) {
                cli_error(cmd, "%s takes no value", CLI_Q(name));
                return EXIT_BAD_INPUT;
            }
            if (strcmp(name, "--json") == 0) {
                o->json = true;
            } else if (strcmp(name, "--tt") == 0 || strcmp(name, "--no-tt") == 0) {
                o->player.use_tt = strcmp(name, "--tt") == 0;
            } else {
                usage(o);
                return 1;
            }
            continue;
        }
        bool mnk_only = strcmp(name, "--size") == 0 || strcmp(name, "--k") == 0;
        bool known = mnk_only || strcmp(name, "--x") == 0 ||
                     strcmp(name, "--o") == 0 || strcmp(name, "--algo") == 0 ||
                     strcmp(name, "--depth") == 0 || strcmp(name, "--eval") == 0 ||
                     strcmp(name, "--time") == 0 || strcmp(name, "--solve") == 0 ||
                     strcmp(name, "--start") == 0;
        if (!known || (mnk_only && strcmp(cmd, "mnk") != 0)) {
            cli_error(cmd, "unknown option '%s' (see gamesearch %s --help)",
                      CLI_Q(name), cmd);
            return EXIT_BAD_INPUT;
        }
        const char *v = cli_args_value(&a);
        if (!v) {
            cli_error(cmd, "%s needs a value (see gamesearch %s --help)", CLI_Q(name),
                      cmd);
            return EXIT_BAD_INPUT;
        }
        if (strcmp(name, "--size") == 0) {
            if (!parse_size(v, &o->params.rows, &o->params.cols)) {
                cli_error(cmd, "--size needs ROWSxCOLUMNS, each 1 to %d, not '%s'",
                          GS_MNK_MAX_SIDE, CLI_Q(v));
                return EXIT_BAD_INPUT;
            }
        } else if (strcmp(name, "--k") == 0) {
            long k;
            if (!cli_parse_long(v, 1, GS_MNK_MAX_SIDE, &k)) {
                cli_error(cmd, "--k needs a whole number from 1 to %d, not '%s'",
                          GS_MNK_MAX_SIDE, CLI_Q(v));
                return EXIT_BAD_INPUT;
            }
            o->params.k = (int)k;
            k_set = true;
        } else if (strcmp(name, "--x") == 0 || strcmp(name, "--o") == 0) {
            int side = name[2] == 'o';
            if (strcmp(v, "human") != 0 && strcmp(v, "computer") != 0) {
                cli_error(cmd, "%s needs human or computer, not '%s'", CLI_Q(name), CLI_Q(v));
                return EXIT_BAD_INPUT;
            }
            o->computer[side] = strcmp(v, "computer") == 0;
            o->player_set[side] = true;
        } else if (strcmp(name, "--algo") == 0) {
            int al = gs_algo_parse(v);
            if (al != GS_MINIMAX && al != GS_ALPHABETA && al != GS_MCTS) {
                cli_error(cmd, "unknown algorithm '%s' (expected minimax, "
                          "alphabeta or mcts)", CLI_Q(v));
                return EXIT_BAD_INPUT;
            }
            o->player.algo = (gs_algo)al;
        } else if (strcmp(name, "--depth") == 0) {
            if (!cli_parse_long(v, 0, 1024, &depth)) {
                cli_error(cmd, "--depth needs a whole number of plies from 0 to "
                          "1024, not '%s'", CLI_Q(v));
                return EXIT_BAD_INPUT;
            }
        } else if (strcmp(name, "--eval") == 0) {
            if (strcmp(v, "lines") == 0)
                o->params.eval = GS_MNK_EVAL_LINES;
            else if (strcmp(v, "threats") == 0)
                o->params.eval = GS_MNK_EVAL_THREATS;
            else if (strcmp(v, "none") == 0)
                o->params.eval = GS_MNK_EVAL_NONE;
            else {
                cli_error(cmd, "unknown evaluation '%s' (expected lines, threats "
                          "or none)", CLI_Q(v));
                return EXIT_BAD_INPUT;
            }
            eval_set = true;
        } else if (strcmp(name, "--time") == 0) {
            if (!cli_parse_seconds(v, &o->player.max_seconds)) {
                cli_error(cmd, "--time needs a number of seconds from 0 to 86400, "
                          "not '%s'", CLI_Q(v));
                return EXIT_BAD_INPUT;
            }
        } else if (strcmp(name, "--solve") == 0) {
            o->solve = v;
        } else {
            o->start = v;
        }
    }

    gs_mnk_params *p = &o->params;
    int longest = p->rows > p->cols ? p->rows : p->cols;
    if (!k_set && strcmp(cmd, "mnk") == 0 && p->k > longest)
        p->k = longest;
    if (p->k > longest) {
        cli_error(cmd, "--k %d cannot fit on a %dx%d board", p->k, p->rows,
                  p->cols);
        return EXIT_BAD_INPUT;
    }
    gs_mnk_params_for_play(p, !eval_set);
    o->player.depth = depth >= 0 ? (int)depth : 0;
    if (o->json && !o->solve) {
        cli_error(cmd, "--json goes with --solve");
        return EXIT_BAD_INPUT;
    }
    if (o->solve && gs_mnk_is_large(p) && o->player.depth == 0) {
        cli_error(cmd, "--solve on a board of more than %d cells needs --depth N "
                  "(a search to the end would not finish)", GS_MNK_SMALL_CELLS);
        return EXIT_BAD_INPUT;
    }
    /* A computer without a depth searches a large board until its time
     * is up: with no time limit it would never move. */
    bool computer_plays = !(o->player_set[0] && !o->computer[0] &&
                            o->player_set[1] && !o->computer[1]);
    if (!o->solve && computer_plays && gs_mnk_is_large(p) &&
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

static void print_board(const gs_mnk *g, const void *s)
{
    const gs_mnk_params *p = gs_mnk_params_of(g);
    static const char mark[] = ".XO";
    bool small = p->rows <= 4 && p->cols <= 4;
    char name[16], header[8 + 4 * GS_MNK_MAX_SIDE];
    size_t len = (size_t)snprintf(header, sizeof header, small ? "   " : "    ");
    for (int c = 0; c < p->cols; c++) {
        gs_mnk_cell_name(g, c, name, sizeof name);
        name[strcspn(name, "0123456789")] = '\0';
        len += (size_t)snprintf(header + len, sizeof header - len,
                                small ? "  %-2s" : "%-2s", name);
    }
    while (len > 0 && header[len - 1] == ' ')
        header[--len] = '\0';
    puts(header);
    for (int r = 0; r < p->rows; r++) {
        printf("%3d ", r + 1);
        for (int c = 0; c < p->cols; c++) {
            char m = mark[gs_mnk_cell(g, s, r * p->cols + c)];
            if (small)
                printf(c + 1 < p->cols ? " %c |" : " %c", m);
            else
                printf(c + 1 < p->cols ? "%c " : "%c", m);
        }
        fputc('\n', stdout);
        if (small && r + 1 < p->rows) {
            fputs("    ", stdout);
            for (int c = 0; c < p->cols; c++)
                fputs(c + 1 < p->cols ? "---+" : "---", stdout);
            fputc('\n', stdout);
        }
    }
}

static int solve(const mnk_options *o, gs_mnk *g)
{
    const char *cmd = o->cmd;
    unsigned char *root = malloc(gs_mnk_state_size(g));
    gs_mnk_solution *sol = malloc(sizeof *sol);
    gs_mnk_player *pl = NULL;
    int status = EXIT_BAD_INPUT;
    if (!root || !sol)
        goto oom;
    gs_error err;
    if (gs_mnk_parse(g, o->solve, root, &err) != GS_OK) {
        cli_error(cmd, "--solve '%s': %s", CLI_Q(o->solve), err.message);
        goto out;
    }
    if (gs_mnk_over(g, root)) {
        cli_error(cmd, "--solve '%s': the game is already over (%s)", CLI_Q(o->solve),
                  gs_mnk_over_reason(g, root));
        goto out;
    }
    if (gs_mnk_player_new(g, &o->player, NULL, &pl) != GS_OK)
        goto oom;
    int s = gs_mnk_player_solve(pl, root, sol);
    if (s != GS_OK) {
        cli_error(cmd, "search failed: %s", gs_strerror(s));
        status = 1;
        goto out;
    }

    if (o->json) {
        printf("{\"value\":%d,\"best\":[", sol->value);
        for (int i = 0; i < sol->nbest; i++)
            printf("%s%d", i ? "," : "", sol->best[i]);
        printf("],\"nodes\":%llu,\"time_ms\":%.3f}\n",
               (unsigned long long)sol->nodes, sol->seconds * 1e3);
    } else {
        char count[40], name[16];
        cli_format_count(sol->nodes, count, sizeof count);
        print_board(g, root);
        printf("%c to move: %s\n", gs_mnk_to_move(g, root) == 0 ? 'X' : 'O',
               sol->value > 0 ? "wins" : sol->value < 0 ? "loses" : "draw");
        printf("value: %d\noptimal moves:", sol->value);
        for (int i = 0; i < sol->nbest; i++) {
            gs_mnk_cell_name(g, sol->best[i], name, sizeof name);
            printf(" %s", name);
        }
        printf("\nnodes: %s, time: %.3f ms\n", count, sol->seconds * 1e3);
        if (o->player.depth > 0)
            printf("(searched %d plies deep: 0 means no win was found within "
                   "them)\n", o->player.depth);
    }
    status = 0;
    goto out;
oom:
    cli_error(cmd, "out of memory");
    status = 1;
out:
    gs_mnk_player_free(pl);
    free(root);
    free(sol);
    return status;
}

/* Asks which side the person plays, when the options did not say. Returns
 * false at the end of input. */
static bool ask_side(mnk_options *o, char **line, size_t *cap)
{
    for (;;) {
        printf("Play X (moves first) or O? [X/o] ");
        fflush(stdout);
        if (!cli_read_answer(line, cap)) {
            fputc('\n', stdout);
            return false;
        }
        char *a = cli_trim(*line);
        if (*a == '\0' || strcmp(a, "x") == 0 || strcmp(a, "X") == 0) {
            o->computer[0] = false;
            o->computer[1] = true;
            return true;
        }
        if (strcmp(a, "o") == 0 || strcmp(a, "O") == 0) {
            o->computer[0] = true;
            o->computer[1] = false;
            return true;
        }
        printf("Type X or O.\n");
    }
}

/* A person's move: the cell, or -1 at the end of input or on "q". */
static int ask_move(const gs_mnk *g, const void *s, char **line, size_t *cap)
{
    const gs_mnk_params *p = gs_mnk_params_of(g);
    int cells = p->rows * p->cols;
    char first[16], last[16];
    gs_mnk_cell_name(g, 0, first, sizeof first);
    gs_mnk_cell_name(g, cells - 1, last, sizeof last);
    for (;;) {
        printf("%c to move (a cell %s-%s or 1-%d, q to quit): ",
               gs_mnk_to_move(g, s) == 0 ? 'X' : 'O', first, last, cells);
        fflush(stdout);
        if (!cli_read_answer(line, cap)) {
            fputc('\n', stdout);
            return -1;
        }
        char *a = cli_trim(*line);
        if (strcmp(a, "q") == 0 || strcmp(a, "quit") == 0)
            return -1;
        if (*a == '\0') {
            printf("Type a cell such as %s, or q to quit.\n", first);
            continue;
        }
        int c = gs_mnk_parse_cell(g, a);
        if (c < 0) {
            printf("'%s' is not a cell of this %dx%d board: type a cell such as "
                   "%s, or a number from 1 to %d.\n", CLI_Q(a), p->rows, p->cols, first,
                   cells);
            continue;
        }
        if (gs_mnk_cell(g, s, c) != 0) {
            char name[16];
            gs_mnk_cell_name(g, c, name, sizeof name);
            printf("%s is taken: choose an empty cell.\n", name);
            continue;
        }
        return c;
    }
}

static int play(mnk_options *o, gs_mnk *g)
{
    const char *cmd = o->cmd;
    size_t size = gs_mnk_state_size(g);
    unsigned char *s = malloc(size);
    char *line = NULL;
    size_t cap = 0;
    gs_mnk_player *pl = NULL;
    int status = EXIT_BAD_INPUT;
    if (!s) {
        cli_error(cmd, "out of memory");
        return 1;
    }
    gs_mnk_empty(g, s);
    if (o->start) {
        gs_error err;
        if (gs_mnk_parse(g, o->start, s, &err) != GS_OK) {
            cli_error(cmd, "--start '%s': %s", CLI_Q(o->start), err.message);
            goto out;
        }
        if (gs_mnk_over(g, s)) {
            cli_error(cmd, "--start '%s': the game is already over (%s)",
                      CLI_Q(o->start), gs_mnk_over_reason(g, s));
            goto out;
        }
    }
    if (gs_mnk_player_new(g, &o->player, NULL, &pl) != GS_OK) {
        cli_error(cmd, "out of memory");
        status = 1;
        goto out;
    }

    status = 0;
    if (!o->player_set[0] && !o->player_set[1]) {
        if (!ask_side(o, &line, &cap))
            goto out;
    } else if (!o->player_set[0]) {
        o->computer[0] = !o->computer[1];
    } else if (!o->player_set[1]) {
        o->computer[1] = !o->computer[0];
    }

    for (;;) {
        print_board(g, s);
        if (gs_mnk_over(g, s)) {
            int w = gs_mnk_winner(g, s);
            puts(w == 1 ? "X wins." : w == 2 ? "O wins." : "Draw.");
            break;
        }
        int side = gs_mnk_to_move(g, s), cell;
        char name[16];
        if (!o->computer[side]) {
            cell = ask_move(g, s, &line, &cap);
            if (cell < 0) {
                puts("Game left unfinished.");
                break;
            }
        } else {
            gs_mnk_move m;
            int rs = gs_mnk_player_move(pl, s, &m);
            if (rs != GS_OK) {
                cli_error(cmd, "search failed: %s", gs_strerror(rs));
                status = 1;
                break;
            }
            cell = m.cell;
            char count[40];
            cli_format_count(m.nodes, count, sizeof count);
            gs_mnk_cell_name(g, cell, name, sizeof name);
            printf("computer (%c) plays %s\n", side == 0 ? 'X' : 'O', name);
            printf("computer move: %.3f ms, %s nodes", m.seconds * 1e3, count);
            if (m.iterative)
                printf(", depth %d", m.depth);
            fputc('\n', stdout);
        }
        gs_mnk_play(g, s, cell);
    }
out:
    gs_mnk_player_free(pl);
    free(line);
    free(s);
    return status;
}

/* The subcommands: ttt, mnk and gomoku differ only in their board. */
static int read_options(const char *cmd, int rows, int cols, int k,
                        int argc, char **argv, mnk_options *o)
{
    memset(o, 0, sizeof *o);
    o->cmd = cmd;
    gs_mnk_params_init(&o->params);
    o->params.rows = rows;
    o->params.cols = cols;
    o->params.k = k;
    gs_mnk_player_params_init(&o->player);
    return parse_options(argc, argv, o);
}

static int run(const char *cmd, int rows, int cols, int k, int argc,
               char **argv)
{
    mnk_options o;
    int rc = read_options(cmd, rows, cols, k, argc, argv, &o);
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
    return run("ttt", 3, 3, 3, argc, argv);
}

int cmd_mnk(int argc, char **argv)
{
    return run("mnk", 3, 3, 3, argc, argv);
}

int cmd_gomoku(int argc, char **argv)
{
    return run("gomoku", 15, 15, 5, argc, argv);
}

int cmd_ttt_options(int argc, char **argv)
{
    mnk_options o;
    return read_options("ttt", 3, 3, 3, argc, argv, &o);
}

int cmd_mnk_options(int argc, char **argv)
{
    mnk_options o;
    return read_options("mnk", 3, 3, 3, argc, argv, &o);
}

int cmd_gomoku_options(int argc, char **argv)
{
    mnk_options o;
    return read_options("gomoku", 15, 15, 5, argc, argv, &o);
}
