/*
 * gamesearch mnkp: m,n,k games for 2 to 4 players (the registry's "mnkp")
 * in the terminal: people and the computer take the seats, the computer
 * choosing by max^n, paranoid or best-reply search; or one position
 * analysed, every player's utility of it and the move chosen.
 *
 * The game is made through the registry from --size, --k and --players,
 * and read, written and searched through its entry and gs_game alone.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gamesearch/gamesearch.h"
#include "gamesearch/registry.h"
#include "commands.h"
#include "options.h"
#include "util.h"

#define CMD "mnkp"
#define MAX_SIDE 8
#define MAX_PLAYERS 4

static const char marks[] = "XOYZ";

typedef struct mnkp_options {
    int rows, cols;
    long k, players, depth;
    int algo;                 /* index in algos[] */
    const char *seats, *start, *solve;
    bool json;
} mnkp_options;

static const char *const algos[] = {"maxn", "paranoid", "brs", NULL};
static const gs_algo algo_of[] = {GS_MAXN, GS_PARANOID, GS_BRS};

static int board_size(cli_parser *p, const char *v)
{
    mnkp_options *o = p->target;
    return cli_parse_size(v, MAX_SIDE, &o->rows, &o->cols) ? 0 : CLI_OPT_BAD;
}

#define AT(member) CLI_AT(mnkp_options, member)
static const cli_opt mnkp_opts[] = {
    CLI_OPT("size", 0, VALUE, CLI_NOWHERE, .hook = board_size,
            .want = CLI_SIZE_WANT(MAX_SIDE)),
    CLI_OPT("k", 0, LONG, AT(k), .lo = 1, .hi = MAX_SIDE),
    CLI_OPT("players", 0, LONG, AT(players), .lo = 2, .hi = MAX_PLAYERS,
            .unit = "players"),
    CLI_OPT("seats", 0, STRING, AT(seats)),
    CLI_OPT("algo", 0, CHOICE, AT(algo), .choices = algos,
            .noun = "algorithm"),
    CLI_OPT("depth", 0, LONG, AT(depth), .lo = 1, .hi = MAX_SIDE * MAX_SIDE,
            .unit = "plies"),
    CLI_OPT("start", 0, STRING, AT(start)),
    CLI_OPT("solve", 0, STRING, AT(solve)),
    CLI_OPT("json", 0, FLAG, AT(json)),
    CLI_OPT("help", 'h', HELP, CLI_NOWHERE),
};

/* Returns 0, 1 (help printed) or EXIT_BAD_INPUT. */
static int parse_options(int argc, char **argv, mnkp_options *o)
{
    *o = (mnkp_options){.rows = 3, .cols = 3, .k = 3, .players = 3};
    cli_parser p = {.cmd = CMD, CLI_TABLE(mnkp_opts), .target = o,
                    .help = "mnkp"};
    int rc = cli_opts_parse(&p, argc, argv);
    if (rc)
        return rc;
    if (o->k > o->rows && o->k > o->cols) {
        cli_error(CMD, "--k %ld cannot fit on a %dx%d board", o->k, o->rows,
                  o->cols);
        return EXIT_BAD_INPUT;
    }
    if (o->json && !o->solve) {
        cli_error(CMD, "--json goes with --solve");
        return EXIT_BAD_INPUT;
    }
    if (o->solve && (o->seats || o->start)) {
        cli_error(CMD, "--solve analyses one position: it takes no %s",
                  o->seats ? "--seats" : "--start");
        return EXIT_BAD_INPUT;
    }
    if (o->seats) {
        size_t n = strlen(o->seats);
        bool ok = n == (size_t)o->players &&
                  strspn(o->seats, "hc") == n;
        if (!ok) {
            cli_error(CMD, "--seats needs one letter a player, h (human) or "
                      "c (computer), for %ld players in turn (X, O, ...), "
                      "not '%s'", o->players, CLI_Q(o->seats));
            return EXIT_BAD_INPUT;
        }
    }
    return 0;
}

int cmd_mnkp_options(int argc, char **argv)
{
    mnkp_options o;
    return parse_options(argc, argv, &o);
}

/* The game and an engine for it, with room for two states. */
typedef struct table {
    gs_game_instance g;
    gs_engine *engine;
    unsigned char *state, *child;
    int rows, cols, players;
} table;

static void table_free(table *t)
{
    gs_engine_free(t->engine);
    free(t->state);
    free(t->child);
    gs_game_unmake(&t->g);
}

static int table_open(table *t, const mnkp_options *o)
{
    memset(t, 0, sizeof *t);
    char params[96];
    snprintf(params, sizeof params, "m=%d,n=%d,k=%ld,players=%ld", o->rows,
             o->cols, o->k, o->players);
    gs_error err;
    int rc = gs_game_make(gs_registry_find("mnkp"), params, NULL, 0, NULL,
                          &t->g, &err);
    if (rc == GS_OK)
        rc = gs_engine_new(&t->g.game, NULL, &t->engine);
    if (rc == GS_OK) {
        t->state = calloc(1, t->g.game.state_size);
        t->child = calloc(1, t->g.game.state_size);
        if (!t->state || !t->child)
            rc = GS_ENOMEM;
    }
    if (rc != GS_OK) {
        cli_error(CMD, "%s", rc == GS_EINVAL ? err.message : gs_strerror(rc));
        table_free(t);
        return rc == GS_EINVAL ? EXIT_BAD_INPUT : 1;
    }
    t->rows = o->rows;
    t->cols = o->cols;
    t->players = (int)o->players;
    t->g.entry->read(t->g.inst, "", 0, t->state, &err);   /* the start */
    return 0;
}

/* Reads POSITION (given to `option`) into t->state. */
static int read_position(table *t, const char *option, const char *text)
{
    gs_error err;
    memset(&err, 0, sizeof err);
    if (t->g.entry->read(t->g.inst, text, strlen(text), t->state, &err) ==
        GS_OK)
        return 0;
    cli_error(CMD, "%s '%s': column %d: %s", option, CLI_Q(text), err.column,
              err.message);
    return EXIT_BAD_INPUT;
}

static void print_board(const table *t)
{
    char pos[MAX_SIDE * MAX_SIDE + 1];
    t->g.entry->write(t->g.inst, t->state, pos, sizeof pos);
    printf("  ");
    for (int c = 0; c < t->cols; c++)
        printf(" %c", 'a' + c);
    printf("\n");
    for (int r = 0; r < t->rows; r++) {
        printf("%d ", r + 1);
        for (int c = 0; c < t->cols; c++)
            printf(" %c", pos[r * t->cols + c]);
        printf("\n");
    }
}

/* "(3, 0, 0)", or in JSON "[3,0,0]" */
static void print_vector(FILE *f, const double *u, int n, bool json)
{
    fputs(json ? "[" : "(", f);
    for (int i = 0; i < n; i++)
        fprintf(f, "%s%.10g", i ? (json ? "," : ", ") : "", u[i]);
    fputs(json ? "]" : ")", f);
}

/* The search of t->state: depth `depth` (0: the game's default, to the
 * end when that stays small). GS_OK and *r, u[] the players' utilities
 * (maxn) or u[mover] the mover's (the others NAN). */
static int search(table *t, const mnkp_options *o, gs_result *r, double *u,
                  int *depth)
{
    const gs_game *g = &t->g.game;
    int lo, hi;
    t->g.entry->depths(t->g.inst, t->state, &lo, &hi);
    *depth = o->depth ? (int)o->depth : hi;
    gs_search_options so;
    gs_search_options_init(&so);
    so.algo = algo_of[o->algo];
    so.depth = *depth;
    int rc = gs_search(t->engine, t->state, &so, r);
    if (rc != GS_OK)
        return rc;
    int mover = g->to_move(g->ctx, t->state);
    for (int i = 0; i < t->players; i++)
        u[i] = NAN;
    if (so.algo == GS_MAXN)
        gs_engine_utilities(t->engine, u, t->players);
    else
        u[mover] = r->value;
    return GS_OK;
}

static int solve(const mnkp_options *o)
{
    table t;
    int rc = table_open(&t, o);
    if (rc)
        return rc;
    rc = read_position(&t, "--solve", o->solve);
    const gs_game *g = &t.g.game;
    if (!rc && g->is_terminal(g->ctx, t.state)) {
        cli_error(CMD, "--solve '%s': the game is over there",
                  CLI_Q(o->solve));
        rc = EXIT_BAD_INPUT;
    }
    if (rc) {
        table_free(&t);
        return rc;
    }
    gs_result r;
    double u[MAX_PLAYERS];
    int depth;
    int st = search(&t, o, &r, u, &depth);
    if (st != GS_OK) {
        cli_error(CMD, "%s", gs_engine_error(t.engine));
        table_free(&t);
        return 1;
    }
    int mover = g->to_move(g->ctx, t.state);
    int empty = 0;
    for (const char *p = o->solve; *p; p++)
        empty += *p == '.';
    char best[16] = "";
    if (r.best != GS_NO_ACTION)
        g->action_name(g->ctx, t.state, r.best, best, sizeof best);
    bool vector = algo_of[o->algo] == GS_MAXN;
    if (o->json) {
        printf("{\"algo\":\"%s\",\"to_move\":\"%c\",\"depth\":%d,"
               "\"to_the_end\":%s,\"value\":", algos[o->algo], marks[mover],
               depth, depth >= empty ? "true" : "false");
        if (vector)
            print_vector(stdout, u, t.players, true);
        else
            printf("%.10g", u[mover]);
        printf(",\"best\":\"%s\",\"nodes\":%llu}\n", best,
               (unsigned long long)r.nodes);
    } else {
        printf("to move: %c\n", marks[mover]);
        printf("algorithm: %s, %d %s%s\n", algos[o->algo], depth,
               depth == 1 ? "ply" : "plies",
               depth >= empty ? " (to the end)" : "");
        if (vector) {
            printf("utilities (");
            for (int i = 0; i < t.players; i++)
                printf("%s%c", i ? ", " : "", marks[i]);
            printf("): ");
            print_vector(stdout, u, t.players, false);
            printf("\n");
        } else {
            printf("%c's utility: %.10g\n", marks[mover], u[mover]);
        }
        printf("best: %s\n", best);
        printf("nodes: %llu\n", (unsigned long long)r.nodes);
    }
    table_free(&t);
    return 0;
}

/* The legal move `text` names, or -1. */
static gs_action named_move(table *t, const char *text)
{
    const gs_game *g = &t->g.game;
    gs_action acts[MAX_SIDE * MAX_SIDE];
    int n = g->actions(g->ctx, t->state, acts);
    for (int i = 0; i < n; i++) {
        char name[16];
        g->action_name(g->ctx, t->state, acts[i], name, sizeof name);
        size_t len = strlen(name);
        bool same = strlen(text) == len;
        for (size_t j = 0; same && j < len; j++)
            same = (text[j] | 0x20) == name[j];
        if (same)
            return acts[i];
    }
    return -1;
}

/* One line of standard input without its newline; false at its end. */
static bool read_line(char *buf, size_t size)
{
    if (!fgets(buf, (int)size, stdin))
        return false;
    size_t n = strcspn(buf, "\r\n");
    if (buf[n] == '\0' && n + 1 == size) {   /* too long: drop the rest */
        int ch;
        while ((ch = getchar()) != EOF && ch != '\n')
            ;
    }
    buf[n] = '\0';
    return true;
}

static int play(const mnkp_options *o)
{
    table t;
    int rc = table_open(&t, o);
    if (rc)
        return rc;
    if (o->start && (rc = read_position(&t, "--start", o->start)) != 0) {
        table_free(&t);
        return rc;
    }
    char seats[MAX_PLAYERS + 1] = "hccc";
    if (o->seats)
        snprintf(seats, sizeof seats, "%s", o->seats);
    const gs_game *g = &t.g.game;
    printf("m,n,k for %d players: %dx%d, %ld in a row wins; ", t.players,
           t.rows, t.cols, o->k);
    for (int i = 0; i < t.players; i++)
        printf("%s%c %s", i ? ", " : "", marks[i],
               seats[i] == 'h' ? "human" : "computer");
    printf(" (computer: %s)\n", algos[o->algo]);
    while (!g->is_terminal(g->ctx, t.state)) {
        print_board(&t);
        int mover = g->to_move(g->ctx, t.state);
        gs_action a;
        char name[16];
        if (seats[mover] == 'h') {
            char line[256];
            for (;;) {
                printf("%c to move (a cell such as b2, q to quit): ",
                       marks[mover]);
                fflush(stdout);
                bool got = read_line(line, sizeof line);
                if (got && !isatty(STDIN_FILENO))
                    printf("%s\n", CLI_Q(line));   /* as typed */
                if (!got || strcmp(line, "q") == 0) {
                    printf("%sgame abandoned\n", got ? "" : "\n");
                    table_free(&t);
                    return 0;
                }
                a = named_move(&t, line);
                if (a >= 0)
                    break;
                printf("'%s' is not an empty cell\n", CLI_Q(line));
            }
        } else {
            gs_result r;
            double u[MAX_PLAYERS];
            int depth;
            if (search(&t, o, &r, u, &depth) != GS_OK) {
                cli_error(CMD, "%s", gs_engine_error(t.engine));
                table_free(&t);
                return 1;
            }
            a = r.best;
            g->action_name(g->ctx, t.state, a, name, sizeof name);
            printf("%c plays %s (%s, %d %s, %llu nodes)\n", marks[mover],
                   name, algos[o->algo], depth, depth == 1 ? "ply" : "plies",
                   (unsigned long long)r.nodes);
        }
        g->apply(g->ctx, t.state, a, t.child);
        memcpy(t.state, t.child, g->state_size);
    }
    print_board(&t);
    double u[MAX_PLAYERS];
    g->utilities(g->ctx, t.state, u);
    int winner = -1;
    for (int i = 0; i < t.players; i++)
        if (u[i] > 1.0)
            winner = i;
    if (winner >= 0)
        printf("%c wins\n", marks[winner]);
    else
        printf("draw\n");
    table_free(&t);
    return 0;
}

int cmd_mnkp(int argc, char **argv)
{
    mnkp_options o;
    int rc = parse_options(argc, argv, &o);
    if (rc)
        return rc == 1 ? 0 : rc;
    return o.solve ? solve(&o) : play(&o);
}
