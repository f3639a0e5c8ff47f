/*
 * gamesearch connect4: Connect Four solved exactly. Three commands:
 *
 *   solve    positions on standard input, one a line, in Pascal Pons's
 *            format (the columns played, "4453"); for each the score for
 *            the player to move, the nodes searched and the time taken,
 *            one line each, as Pons's solver prints them;
 *   analyze  the score of every column of one position, and the best;
 *   play     a person against the perfect computer in the terminal.
 *
 * The library's solver (gamesearch/connect4.h) does the solving: this file
 * reads the options and the positions and prints what it found.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gamesearch/gamesearch.h"
#include "gamesearch/connect4.h"
#include "c4_text.h"
#include "commands.h"
#include "mnk_play.h"
#include "jobs.h"
#include "options.h"
#include "outfile.h"
#include "util.h"

static const char cmd[] = "connect4";

/* The commands, as bits for the options' modes (mode_names in order). */
typedef enum c4_mode {
    MODE_NONE = 0, MODE_SOLVE = 1, MODE_ANALYZE = 2, MODE_PLAY = 4,
    MODE_BOOK = 8
} c4_mode;

static const char *const mode_names[] = {"solve", "analyze", "play", "book"};

typedef struct c4_options {
    c4_mode mode;
    gs_c4_params params;
    long tt_mb;
    long threads;
    bool symmetry;
    bool weak;               /* solve, analyze: win/draw/loss only */
    bool keep_table;         /* solve: keep the table between lines */
    bool mpi;                /* solve: the lines split among MPI ranks */
    long max_nodes;          /* per search; 0 = no limit */
    double time;             /* seconds per search; 0 = no limit */
    const char *position;    /* analyze POSITION */
    const char *start;       /* play --start POSITION */
    int computer_first;      /* play --first: 0 human, 1 computer */
    int mcts;                /* analyze, play: --algo mcts (1) */
    int algo;                /* --algo as read: an index of algos[] */
    gs_engine *prover;       /* solve --algo pns|dfpn: its engine ... */
    const gs_c4 *g;          /* ... for this game */
    long iterations;         /* --iterations (MCTS) */
    const char *book;        /* --book FILE (NULL: the shipped book) */
    bool no_book;            /* --no-book */
    long ply;                /* book --ply N (-1: not given) */
    int play;                /* book --play WHO: 0 first, 1 second, 2 both
                                (-1: every position) */
    const char *out;         /* book --out FILE */
    int color;               /* play --color: 0 auto, 1 always, 2 never */
    bool json;               /* analyze --json */
} c4_options;

/* The command, then analyze's POSITION. */
static int positional(cli_parser *p, const char *arg)
{
    c4_options *o = p->target;
    for (int m = 0; o->mode == MODE_NONE && m < 4; m++)
        if (strcmp(arg, mode_names[m]) == 0) {
            o->mode = (c4_mode)(1 << m);
            return 0;
        }
    if (o->mode == MODE_NONE) {
        cli_error(cmd, "unknown command '%s' (expected solve, analyze, "
                  "play or book; see gamesearch connect4 --help)",
                  CLI_Q(arg));
        return EXIT_BAD_INPUT;
    }
    if (o->mode == MODE_ANALYZE && !o->position) {
        o->position = arg;
        return 0;
    }
    cli_error(cmd, "unexpected argument '%s' (see gamesearch connect4 "
              "--help)", CLI_Q(arg));
    return EXIT_BAD_INPUT;
}

static const char *const algos[] = {"alphabeta", "mcts", "pns", "dfpn",
                                    NULL};
/* What --algo pns and dfpn search with (algos[2] and [3]). */
static const gs_algo proof_algos[] = {GS_PNS, GS_DFPN};
static const char *const players[] = {"human", "computer", NULL};
static const char *const sides[] = {"first", "second", "both", NULL};

#define AT(member) CLI_AT(c4_options, member)
static const cli_opt options[] = {
    CLI_OPT("weak", 0, FLAG, AT(weak)),
    CLI_OPT("keep-table", 0, FLAG, AT(keep_table), .modes = MODE_SOLVE),
    CLI_OPT("mpi", 0, FLAG, AT(mpi), .modes = MODE_SOLVE | MODE_BOOK),
    CLI_OPT("book", 0, STRING, AT(book)),
    CLI_OPT("no-book", 0, FLAG, AT(no_book)),
    CLI_OPT("ply", 0, LONG, AT(ply), .lo = 0, .hi = GS_C4_MAX_CELLS,
            .unit = "stones"),
    CLI_OPT("out", 0, STRING, AT(out)),
    CLI_OPT("play", 0, CHOICE, AT(play), .choices = sides,
            .noun = "side", .modes = MODE_BOOK),
    CLI_OPT("first", 0, CHOICE, AT(computer_first), .choices = players,
            .modes = MODE_PLAY),
    CLI_OPT("start", 0, STRING, AT(start), .modes = MODE_PLAY),
    CLI_OPT("color", 0, CHOICE, AT(color), .choices = cli_color_choices,
            .modes = MODE_PLAY),
    CLI_OPT("width", 0, INT, AT(params.width), .lo = 1,
            .hi = GS_C4_MAX_WIDTH, .unit = "columns"),
    CLI_OPT("height", 0, INT, AT(params.height), .lo = 1,
            .hi = GS_C4_MAX_CELLS - 1, .unit = "rows"),
    CLI_OPT("tt-mb", 0, LONG, AT(tt_mb), .lo = 1, .hi = 65536,
            .unit = "MiB"),
    CLI_OPT("threads", 0, LONG, AT(threads), .lo = 1, .hi = 256),
    CLI_OPT("symmetry", 0, FLAG, AT(symmetry)),
    CLI_OPT("max-nodes", 0, LONG, AT(max_nodes), .lo = 0,
            .hi = 1000000000000000L, .want = "a whole number of nodes from "
            "0 to 10^15 (0: no limit)"),
    CLI_OPT("time", 0, SECONDS, AT(time), .want = "a number of seconds "
            "from 0 to 86400 (0: no limit)"),
    CLI_OPT("algo", 0, CHOICE, AT(algo), .choices = algos,
            .noun = "algorithm"),
    CLI_OPT("iterations", 0, LONG, AT(iterations), .lo = 1,
            .hi = 1000000000L),
    CLI_OPT("json", 0, FLAG, AT(json), .modes = MODE_ANALYZE),
    CLI_OPT("help", 'h', HELP, CLI_NOWHERE),
};

/* --threads and --tt-mb where not given (0). analyze answers a person
 * waiting for it: it searches on every core, with a table small enough
 * to stay mostly in the caches (GS_C4_ANALYSIS_TABLE_BYTES). solve, play
 * and book search on one thread with 64 MiB, so that their node counts
 * repeat and compare with the other solvers'. */
static void search_defaults(c4_options *o)
{
    const bool quick = o->mode == MODE_ANALYZE && !o->mcts;
    if (!o->threads) {
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        if (!quick || !gs_threads_available() || cores < 1)
            cores = 1;
        o->threads = cores < 256 ? cores : 256;
    }
    if (!o->tt_mb)
        o->tt_mb = (long)((quick ? GS_C4_ANALYSIS_TABLE_BYTES
                                 : GS_C4_DEFAULT_TABLE_BYTES) >> 20);
}

/* Returns 0, 1 (help printed) or EXIT_BAD_INPUT. */
static int parse_options(int argc, char **argv, c4_options *o)
{
    cli_parser p = {.cmd = cmd, CLI_TABLE(options), .target = o,
                    .help = "connect4", .positional = positional};
    int rc = cli_opts_parse(&p, argc, argv);
    if (rc)
        return rc;
    if (o->mode == MODE_NONE) {
        cli_error(cmd, "a command is needed: solve, analyze, play or book "
                  "(see gamesearch connect4 --help)");
        return EXIT_BAD_INPUT;
    }
    if (o->mode == MODE_BOOK ? o->ply < 0 || !o->out
                             : o->ply >= 0 || o->out) {
        cli_error(cmd, o->mode == MODE_BOOK ? "book needs --ply N and --out "
                  "FILE" : "--ply and --out go with book");
        return EXIT_BAD_INPUT;
    }
    if (o->mode == MODE_ANALYZE && !o->position) {
        cli_error(cmd, "analyze needs a POSITION ('' for the empty board)");
        return EXIT_BAD_INPUT;
    }
    if ((rc = cli_opts_check_mode(&p, o->mode, mode_names)) != 0)
        return rc;
    o->mcts = o->algo == 1;
    if (o->algo >= 2 && (o->mode != MODE_SOLVE || !o->weak)) {
        cli_error(cmd, "--algo %s goes with solve --weak (it proves a "
                  "position's outcome, the sign of its score)",
                  algos[o->algo]);
        return EXIT_BAD_INPUT;
    }
    if (o->algo >= 2 && o->threads > 1) {
        cli_error(cmd, "--algo %s searches on one thread: give it without "
                  "--threads", algos[o->algo]);
        return EXIT_BAD_INPUT;
    }
    if ((o->mcts || o->iterations) && o->mode == MODE_SOLVE) {
        cli_error(cmd, "--algo mcts and --iterations go with analyze and "
                  "play");
        return EXIT_BAD_INPUT;
    }
    if (o->json && o->mcts) {
        cli_error(cmd, "--json goes with the exact solver's analyze, not "
                  "--algo mcts");
        return EXIT_BAD_INPUT;
    }
    if (o->play >= 0 && o->ply < 1) {
        cli_error(cmd, "book --play needs --ply 1 or more (the stones the "
                  "book reaches)");
        return EXIT_BAD_INPUT;
    }
    if (o->mpi && o->play >= 0) {
        cli_error(cmd, "--play cannot go with --mpi (each turn's replies "
                  "depend on the turn before)");
        return EXIT_BAD_INPUT;
    }
    if (o->mpi && o->keep_table) {
        cli_error(cmd, "--keep-table cannot go with --mpi (each rank solves "
                  "its own share of the lines)");
        return EXIT_BAD_INPUT;
    }
    if (o->weak && o->mode == MODE_PLAY) {
        cli_error(cmd, "--weak goes with solve and analyze (the computer "
                  "plays the fastest win)");
        return EXIT_BAD_INPUT;
    }
    /* The solver's threads share its table; MCTS's trees grow one after
     * another without threads. */
    if (o->threads > 1 && !o->mcts && !gs_threads_available()) {
        cli_error(cmd, "--threads is %ld, but this gamesearch was built "
                  "without threads (GS_THREADS=OFF)", o->threads);
        return EXIT_BAD_INPUT;
    }
    search_defaults(o);
    return 0;
}

/* The library's solver for the options. Returns 0 with *g and *sv, or an
 * exit status after a message. */
static int solver_init(const c4_options *o, gs_c4 **g, gs_c4_solver **sv)
{
    int s = gs_c4_new(&o->params, NULL, g);
    if (s != GS_OK) {
        if (s == GS_EINVAL) {
            cli_error(cmd, "a board of %d columns and %d rows cannot be "
                      "played (width * (height + 1) may be at most %d)",
                      o->params.width, o->params.height, GS_C4_MAX_CELLS);
            return EXIT_BAD_INPUT;
        }
        cli_error(cmd, "%s", gs_strerror(s));
        return 1;
    }
    gs_c4_solver_params p;
    gs_c4_solver_params_init(&p);
    p.table_bytes = (size_t)o->tt_mb << 20;
    p.threads = (int)o->threads;
    p.symmetry = o->symmetry;
    p.max_nodes = (uint64_t)o->max_nodes;
    p.max_seconds = o->time;
    s = gs_c4_solver_new(*g, &p, NULL, sv);
    if (s != GS_OK) {
        cli_error(cmd, "--tt-mb %ld: cannot make the table: %s", o->tt_mb,
                  gs_strerror(s));
        return 1;
    }
    return 0;
}

/* What stopped a search, as the option that set the limit. */
static const char *limit_name(const gs_c4_solution *sd)
{
    return sd->stopped == GS_STOP_NODES    ? "--max-nodes"
           : sd->stopped == GS_STOP_CANCEL ? "q or Ctrl-C"
                                           : "--time";
}

/* Reads the position `text` of `what` ("analyze", "--start"): 0 with *s,
 * or EXIT_BAD_INPUT after a message. */
static int read_position(const gs_c4 *g, const char *what, const char *text,
                         gs_c4_state *s)
{
    gs_error err;
    memset(&err, 0, sizeof err);
    if (gs_c4_parse(g, text, strlen(text), s, &err) == GS_OK)
        return 0;
    char msg[400];
    cli_c4_position_message(what, text, &err, msg, sizeof msg);
    cli_error(cmd, "%s", msg);
    return EXIT_BAD_INPUT;
}

/* ---- solve ---- */

/* What became of a line of solve. */
enum { LINE_BAD = 1, LINE_STOPPED = 2, LINE_FAILED = 4, LINE_BROKEN = 8 };

/* A line of solve --weak proved by --algo pns or dfpn on o->prover, into
 * *r as gs_c4_solve_line fills it: the position, the sign of its score
 * for the player to move, or what stopped the proof. */
static void prove_line(const c4_options *o, const gs_c4 *g, const char *line,
                       size_t len, gs_c4_line *r)
{
    memset(r, 0, sizeof *r);
    r->solution.best = -1;
    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r' ||
                       line[len - 1] == ' ' || line[len - 1] == '\t'))
        len--;
    r->len = len;
    gs_c4_state s;
    if (gs_c4_parse(g, line, len, &s, &r->error) != GS_OK) {
        r->outcome = GS_C4_LINE_BAD;
        return;
    }
    gs_search_options so;
    gs_search_options_init(&so);
    so.algo = proof_algos[o->algo - 2];
    so.order_moves = true;
    so.max_nodes = (uint64_t)o->max_nodes;
    so.max_seconds = o->time;
    gs_result res;
    gs_c4_solution *sd = &r->solution;
    r->status = gs_search(o->prover, &s, &so, &res);
    if (r->status != GS_OK) {
        r->outcome = GS_C4_LINE_FAILED;
        return;
    }
    sd->nodes = res.nodes;
    sd->seconds = res.seconds;
    sd->value = res.value;
    sd->bound = res.bound;
    sd->stopped = res.stopped;
    if (res.stopped != GS_STOP_NONE) {
        r->outcome = GS_C4_LINE_STOPPED;
        return;
    }
    sd->known = true;
    sd->best_proved = res.best != GS_NO_ACTION;
    sd->best = (int)res.best;
    sd->score = (int)res.value * (gs_c4_to_move(&s) == 0 ? 1 : -1);
    r->win_score = gs_c4_winning_column(g, &s) >= 0 ? 1 : 0;
    r->outcome = GS_C4_LINE_SOLVED;
}

/* Solves one line of solve, printing its line on out and its messages on
 * err. Returns LINE_* bits, 0 when solved; LINE_BROKEN ends the run. */
static int solve_line(const c4_options *o, gs_c4_solver *sv, const char *line,
                      size_t len, unsigned long lineno, FILE *out, FILE *err)
{
    /* What each outcome (gs_c4_line_outcome, in its order) makes of the
     * run. */
    static const int bits[] = {0, LINE_BAD, LINE_STOPPED,
                               LINE_FAILED | LINE_BROKEN,
                               LINE_FAILED | LINE_BROKEN, LINE_FAILED};
    gs_c4_line r;
    char msg[512];
    int b;
    if (o->prover) {
        prove_line(o, o->g, line, len, &r);
        b = bits[r.outcome];
    } else {
        b = bits[gs_c4_solve_line(sv, line, len, o->weak, o->keep_table,
                                  &r)];
    }
    if (!(b & (LINE_BAD | LINE_BROKEN))) {
        gs_c4_line_write(line, &r, cli_file_write, out);
        fflush(out);
    }
    if (gs_c4_line_message(&r, lineno, limit_name(&r.solution), msg,
                           sizeof msg) > 0)
        cli_error_to(err, cmd, "%s", msg);
    return b;
}

static int solve_status(int bits)
{
    if (bits & LINE_BAD)
        return EXIT_BAD_INPUT;
    return bits ? 1 : 0;
}

/* The message of line `lineno`, longer than any position. */
static void line_too_long(unsigned long lineno)
{
    cli_error(cmd, "line %lu: longer than %d bytes, more than any position: "
              "the rest of the input is not read", lineno, CLI_LINE_MAX);
}

static int run_solve(const c4_options *o, gs_c4_solver *sv)
{
    char line[CLI_LINE_SIZE];
    unsigned long lineno = 0;
    int bits = 0;
    size_t n;
    cli_line st = CLI_LINE_OK;

    while (!(bits & LINE_BROKEN) &&
           (st = cli_read_line(stdin, line, &n)) == CLI_LINE_OK)
        bits |= solve_line(o, sv, line, n, ++lineno, stdout, stderr);
    if (st == CLI_LINE_LONG) {
        line_too_long(lineno + 1);
        bits |= LINE_BAD;
    } else if (st == CLI_LINE_ERROR) {
        /* input that cannot be read is bad input, as for every command */
        cli_error(cmd, "reading standard input: %s",
                  errno ? strerror(errno) : "read error");
        bits |= LINE_BAD;
    }
    return solve_status(bits);
}

/* solve --mpi: the lines split among the ranks, a job each. */
typedef struct solve_jobs {
    const c4_options *o;
    gs_c4_solver *sv;
    const char *text;
    size_t *at;   /* where each line starts, and the end of the last */
} solve_jobs;

static int solve_job(void *user, size_t i, FILE *out, FILE *err)
{
    solve_jobs *sj = user;
    return solve_line(sj->o, sj->sv, sj->text + sj->at[i],
                      sj->at[i + 1] - sj->at[i], i + 1, out, err);
}

static int run_solve_mpi(const c4_options *o, gs_c4_solver *sv)
{
    char *text = NULL, why[256];
    size_t len = 0, count = 0;
    int rc = 0, bits = 0;
    if (!cli_mpi_worker() && cli_read_all("-", &text, &len, why, sizeof why)) {
        cli_error(cmd, "reading standard input: %s", why);
        rc = EXIT_BAD_INPUT;
    }
    if ((rc = cli_mpi_share(rc, &text, &len)) != 0)
        return rc;
    /* The lines' bound of solve without --mpi: the lines before one
     * longer than any position are solved, then it is refused and the
     * rest is not read. */
    unsigned long long_at = 0;
    for (size_t i = 0, start = 0; i < len; i++) {
        if (i - start == CLI_LINE_MAX && text[i] != '\n') {
            long_at = (unsigned long)count + 1;
            len = start;
            break;
        }
        if (text[i] == '\n' || i + 1 == len) {
            count++;
            start = i + 1;
        }
    }
    solve_jobs sj = {o, sv, text, malloc((count + 1) * sizeof *sj.at)};
    if (!sj.at) {
        cli_error(cmd, "out of memory");
        rc = 1;
    } else {
        sj.at[0] = 0;
        for (size_t i = 0, k = 0; i < len; i++)
            if (text[i] == '\n' || i + 1 == len)
                sj.at[++k] = i + 1;
    }
    cli_jobs jobs = {cmd, "line", count, solve_job, NULL, &sj, NULL,
                     .stop = LINE_BROKEN, .bits = &bits};
    if (rc == 0 && (rc = cli_mpi_run(&jobs)) == 0) {
        if (long_at && !(bits & LINE_BROKEN)) {
            if (!cli_mpi_worker())
                line_too_long(long_at);
            bits |= LINE_BAD;
        }
        rc = solve_status(bits);
    }
    free(sj.at);
    free(text);
    return rc;
}

/* The computer's move (play) and every column's score (analyze) are
 * solved on another thread while this one watches for q or Ctrl-C. */
static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
    (void)sig;
    interrupted = 1;
}

/* True when the person asks to stop: Ctrl-C, or q (and Enter) typed on a
 * terminal. */
static bool stop_asked(void)
{
    struct pollfd p = {STDIN_FILENO, POLLIN, 0};
    char buf[64];
    return interrupted || (isatty(STDIN_FILENO) && poll(&p, 1, 0) > 0 &&
                           fgets(buf, sizeof buf, stdin) && buf[0] == 'q');
}

/* ---- MCTS ---- */

/* The MCTS parameters of the options. */
static void mcts_params(const c4_options *o, gs_c4_mcts_params *p)
{
    gs_c4_mcts_params_init(p);
    p->threads = (int)o->threads;
    p->iterations = (uint64_t)o->iterations;
    p->max_nodes = (uint64_t)o->max_nodes;
    p->max_seconds = o->time;
}

/* ---- analyze ---- */

/* gs_c4_poll_fn of analyze: true when the person asks to stop. */
static bool analyze_poll(void *user, double seconds)
{
    (void)user;
    (void)seconds;
    return stop_asked();
}

/* gs_c4_column_fn of analyze on a terminal: the column's line. */
static void analyze_column(void *user, int column, const gs_c4_solution *sd,
                           double seconds)
{
    (void)user;
    cli_c4_column_write(column, sd, limit_name(sd), seconds, cli_file_write,
                        stdout);
    fflush(stdout);
}

static int run_analyze(const c4_options *o, const gs_c4 *g, gs_c4_solver *sv)
{
    gs_c4_state root;
    if (read_position(g, "analyze", o->position, &root) != 0)
        return EXIT_BAD_INPUT;

    if (o->mcts) {
        gs_c4_mcts_params p;
        gs_c4_mcts_decision d;
        mcts_params(o, &p);
        int st = gs_c4_mcts_decide(g, &root, &p, NULL, &d);
        if (st != GS_OK || d.best < 0) {
            cli_error(cmd, "the search failed: %s",
                      st != GS_OK ? gs_strerror(st) : "no move found");
            return 1;
        }
        gs_c4_mcts_write(&d, cli_file_write, stdout);
        return 0;
    }
    /* On a terminal, each column as soon as it settles; q or Ctrl-C
     * stops the search, leaving '?' for the columns not known. */
    bool tty = isatty(STDOUT_FILENO) && !o->json;
    if (tty) {
        printf("Each column as it is proved%s:\n", gs_threads_available()
               ? " (q and Enter, or Ctrl-C, stops)" : "");
        fflush(stdout);
    }
    gs_c4_analysis an;
    int st = gs_c4_analyze_polled(sv, &root, o->weak, analyze_poll,
                                  tty ? analyze_column : NULL, NULL, &an);
    char msg[300];
    bool cancelled = false;
    for (int c = 0; c < an.width; c++) {
        if (an.playable[c] && an.column[c].stopped == GS_STOP_CANCEL) {
            cancelled = true;   /* said once below */
            continue;
        }
        if (gs_c4_column_message(&an, c, st, limit_name(&an.column[c]), msg,
                                 sizeof msg) > 0)
            cli_error(cmd, "%s", msg);
    }
    if (cancelled)
        cli_error(cmd, "stopped by q or Ctrl-C before every column's score "
                  "was known");
    if (an.failed_column < 0 && st != GS_OK)
        cli_error(cmd, "%s", gs_strerror(st));
    if (an.failed_column >= 0 || st != GS_OK)
        return 1;

    if (o->json)
        cli_c4_analysis_json_write(g, &root, o->position, &an, o->weak,
                                   cli_file_write, stdout);
    else
        gs_c4_analysis_write(&an, cli_file_write, stdout);
    return an.all_known ? 0 : 1;
}

/* ---- book ---- */

/*
 * A build of every position keeps the score of each deepest position it
 * solves in OUT.part beside --out, one record at a time as they come, so
 * that a build stopped by Ctrl-C, a kill, a limit or a crash is continued
 * by the same command, which takes the positions the file has and solves
 * only the rest. The file: the 8 bytes "GSC4PART", then the bytes width,
 * height, ply and 1 (the format's version), 4 bytes of zeros; then a
 * record a position, in the build's order: its two bitboards (the
 * player to move's stones, every stone) and its score, each 8 bytes
 * little-endian. A record cut short at the end (a write the process did
 * not finish) is dropped. The file is removed once the book is written.
 */
#define PART_MAGIC "GSC4PART"
#define PART_HEADER 16
#define PART_RECORD 24

typedef struct book_part {
    char *path;             /* OUT.part; NULL: none (--out -) */
    int fd;                 /* open for appending; -1 */
    unsigned char *rec;     /* the records read, `have` of them */
    size_t have;
    size_t added;           /* records this run appended */
    int width, height, ply;
} book_part;

enum { BOOK_STOPPED = -1, BOOK_WORKER = -2, BOOK_BAD_PART = -3,
       BOOK_PART_WRITE = -4 };   /* beside the GS_ codes */

static void part_put(unsigned char *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t part_get(const unsigned char *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

static void part_free(book_part *bp)
{
    if (bp->fd >= 0)
        close(bp->fd);
    free(bp->rec);
    free(bp->path);
    bp->fd = -1;
    bp->rec = NULL;
    bp->path = NULL;
}

/* Says that bp->path is not a partial build of this book: EXIT_BAD_INPUT. */
static int part_refused(const book_part *bp, const char *why)
{
    cli_error(cmd, "book: %s is not a partial build of this book (%s): "
              "remove it to start again", CLI_Q(bp->path), why);
    return EXIT_BAD_INPUT;
}

/* Opens (or creates) OUT.part for the build of o into *bp and reads the
 * records it holds. Returns 0, or an exit status after a message. */
static int part_open(const c4_options *o, const gs_c4 *g, book_part *bp)
{
    memset(bp, 0, sizeof *bp);
    bp->fd = -1;
    bp->width = gs_c4_width(g);
    bp->height = gs_c4_height(g);
    bp->ply = (int)o->ply;
    if (o->play >= 0 || strcmp(o->out, "-") == 0 || cli_mpi_worker())
        return 0;
    size_t len = strlen(o->out);
    if (!(bp->path = malloc(len + 6))) {
        cli_error(cmd, "out of memory");
        return 1;
    }
    memcpy(bp->path, o->out, len);
    memcpy(bp->path + len, ".part", 6);
    bp->fd = open(bp->path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
    struct stat st;
    if (bp->fd < 0 || fstat(bp->fd, &st) != 0) {
        cli_error(cmd, "book: %s: cannot write: %s", CLI_Q(bp->path),
                  strerror(errno));
        return EXIT_BAD_INPUT;
    }
    unsigned char head[PART_HEADER] = PART_MAGIC;
    head[8] = (unsigned char)bp->width;
    head[9] = (unsigned char)bp->height;
    head[10] = (unsigned char)bp->ply;
    head[11] = 1;
    if (st.st_size == 0) {
        if (write(bp->fd, head, sizeof head) != (ssize_t)sizeof head) {
            cli_error(cmd, "book: %s: cannot write: %s", CLI_Q(bp->path),
                      strerror(errno ? errno : EIO));
            return 1;
        }
        return 0;
    }
    /* A file there: the header of this book, then whole records. */
    unsigned char got[PART_HEADER];
    if (pread(bp->fd, got, sizeof got, 0) != (ssize_t)sizeof got ||
        memcmp(got, PART_MAGIC, 8) != 0 || got[11] != 1)
        return part_refused(bp, "it does not start as one");
    if (memcmp(got, head, sizeof head) != 0) {
        char why[120];
        snprintf(why, sizeof why, "it is of the %dx%d board to %d stones",
                 got[8], got[9], got[10]);
        return part_refused(bp, why);
    }
    off_t whole = (st.st_size - PART_HEADER) / PART_RECORD;
    bp->have = (size_t)whole;
    if (bp->have > 0) {
        if (!(bp->rec = malloc(bp->have * PART_RECORD))) {
            cli_error(cmd, "out of memory");
            return 1;
        }
        if (pread(bp->fd, bp->rec, bp->have * PART_RECORD, PART_HEADER) !=
            (ssize_t)(bp->have * PART_RECORD)) {
            cli_error(cmd, "book: %s: cannot read: %s", CLI_Q(bp->path),
                      strerror(errno ? errno : EIO));
            return 1;
        }
    }
    /* a record cut short: dropped, so that the next one lands whole */
    if (PART_HEADER + whole * PART_RECORD != st.st_size &&
        ftruncate(bp->fd, PART_HEADER + whole * PART_RECORD) != 0) {
        cli_error(cmd, "book: %s: cannot write: %s", CLI_Q(bp->path),
                  strerror(errno));
        return 1;
    }
    return 0;
}

/* The scores of the first positions from bp's records into scores, each
 * record checked against its position: the count taken, or (size_t)-1
 * after a message when a record is not of its position. */
static size_t part_take(const book_part *bp, const gs_c4_state *positions,
                        size_t n, int *scores)
{
    const int most = (bp->width * bp->height + 1) / 2;
    if (bp->have > n) {
        part_refused(bp, "it has more positions than the book solves");
        return (size_t)-1;
    }
    for (size_t i = 0; i < bp->have; i++) {
        const unsigned char *r = bp->rec + i * PART_RECORD;
        int64_t score = (int64_t)part_get(r + 16);
        if (part_get(r) != positions[i].current ||
            part_get(r + 8) != positions[i].mask || score < -most ||
            score > most) {
            char why[80];
            snprintf(why, sizeof why, "record %zu is not the position the "
                     "book solves there", i + 1);
            part_refused(bp, why);
            return (size_t)-1;
        }
        scores[i] = (int)score;
    }
    return bp->have;
}

/* Appends the score of s to bp: true, or false after a message. */
static bool part_add(book_part *bp, const gs_c4_state *s, int score)
{
    if (bp->fd < 0)
        return true;
    unsigned char r[PART_RECORD];
    part_put(r, s->current);
    part_put(r + 8, s->mask);
    part_put(r + 16, (uint64_t)(int64_t)score);
    errno = 0;
    if (write(bp->fd, r, sizeof r) != (ssize_t)sizeof r) {
        cli_error(cmd, "book: %s: cannot write: %s", CLI_Q(bp->path),
                  strerror(errno ? errno : EIO));
        return false;
    }
    bp->added++;
    return true;
}

/* What book's solve callback needs. */
typedef struct book_run {
    const c4_options *o;
    gs_c4_solver *sv;
    book_part *part;
    const gs_c4_state *positions;   /* the deepest ones ... */
    size_t done;                    /* ... the first ones of the file */
    int *scores;
    int status;                     /* a job's failure (MPI) */
} book_run;

static void book_progress(size_t done, size_t total, double seconds)
{
    fprintf(stderr, "\r%zu/%zu positions solved (last: %.1f s)", done,
            total, seconds);
    if (done == total)
        fputc('\n', stderr);
}

/* Solves position i (a job of MPI, or one after another): its score, or
 * the status that stops the build. */
static int book_solve_one(book_run *br, size_t i, int *score,
                          double *seconds)
{
    gs_c4_solution sd;
    int st = gs_c4_solve(br->sv, &br->positions[i], false, &sd);
    if (st == GS_OK && !sd.known)
        st = GS_ESTOPPED;
    *score = sd.score;
    *seconds = sd.seconds;
    return st;
}

/* book --mpi: the positions not in the file, a job each; a job's output
 * is its score, which rank 0 adds to the file in order as it comes. */
static int book_job(void *user, size_t i, FILE *out, FILE *err)
{
    (void)err;
    book_run *br = user;
    int score;
    double seconds;
    int st = book_solve_one(br, br->done + i, &score, &seconds);
    if (st == GS_OK)
        fwrite(&score, sizeof score, 1, out);
    return st;
}

static int book_take(void *user, size_t i, int status, const char *out,
                     size_t outlen, const char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    book_run *br = user;
    size_t at = br->done + i;
    if (status == GS_OK && outlen != sizeof *br->scores)
        status = GS_EINVAL;
    if (status != GS_OK) {
        br->status = status;
        return 1;
    }
    memcpy(&br->scores[at], out, sizeof *br->scores);
    if (!part_add(br->part, &br->positions[at], br->scores[at])) {
        br->status = BOOK_PART_WRITE;
        return 1;
    }
    return 0;
}

/* gs_c4_book_solve_fn of book: the positions the file has, then the
 * others, solved here or on the ranks of MPI. */
static int book_solve(void *user, const gs_c4_state *positions, size_t n,
                      int *scores)
{
    book_run *br = user;
    br->positions = positions;
    br->scores = scores;
    /* Step 1. On rank 0, the file's positions, checked. */
    size_t done = 0;
    int st = GS_OK;
    if (!cli_mpi_worker() &&
        (done = part_take(br->part, positions, n, scores)) == (size_t)-1)
        st = BOOK_BAD_PART;
    if (br->o->mpi)
        st = cli_mpi_share_value(st, &done, sizeof done);
    if (st != GS_OK)
        return st;
    br->done = done;
    if (done > 0 && !cli_mpi_worker())
        cli_error(cmd, "book: continuing from %s: %zu of %zu positions "
                  "solved before", CLI_Q(br->part->path), done, n);
    /* Step 2. The rest. */
    bool show = isatty(STDERR_FILENO) && !cli_mpi_worker();
    if (br->o->mpi) {
        cli_jobs jobs = {cmd, "position", n - done, book_job, book_take,
                         br, NULL, 0, NULL, NULL};
        if (cli_mpi_run(&jobs) != 0)
            return BOOK_STOPPED;
        if (cli_mpi_worker())
            return BOOK_WORKER;
        return br->status;
    }
    for (size_t i = done; i < n; i++) {
        double seconds;
        if ((st = book_solve_one(br, i, &scores[i], &seconds)) != GS_OK)
            return st;
        if (!part_add(br->part, &positions[i], scores[i]))
            return BOOK_PART_WRITE;
        if (show)
            book_progress(i + 1, n, seconds);
    }
    return GS_OK;
}

/* gs_c4_book_progress of book --play. */
static void play_progress(void *user, size_t done, size_t total,
                          const gs_c4_solution *sd)
{
    (void)user;
    book_progress(done, total, sd->seconds);
}

static int run_book(const c4_options *o, const gs_c4 *g, gs_c4_solver *sv)
{
    /* The book's file and the partial build first, so that one that
     * cannot be written stops the run before the searches (on rank 0,
     * which writes them). */
    cli_outfile out = CLI_OUTFILE_NONE;
    cli_outfile *const outs[] = {&out};
    book_part part;
    int status = !cli_mpi_worker() &&
                 !cli_outfile_open(cmd, &out, "--out", o->out, o->book,
                                   "the book read (--book)")
                 ? EXIT_BAD_INPUT : 0;
    if (status == 0)
        status = part_open(o, g, &part);
    else
        memset(&part, 0, sizeof part), part.fd = -1;
    char none = 0;
    if ((status = cli_mpi_share_value(status, &none, 1)) != 0) {
        if (part.fd >= 0 && part.have == 0 && part.added == 0 &&
            status != EXIT_BAD_INPUT)
            unlink(part.path);
        part_free(&part);
        cli_outfile_commit(cmd, outs, 1, status);
        return status;
    }
    gs_c4_book *b = NULL;
    book_run br = {o, sv, &part, NULL, 0, NULL, GS_OK};
    int st = o->play >= 0
             ? gs_c4_book_build_play(sv, (int)o->ply, o->play + 1,
                                     isatty(STDERR_FILENO) ? play_progress
                                                           : NULL,
                                     NULL, NULL, &b)
             : gs_c4_book_build_with(g, (int)o->ply, book_solve, &br, NULL,
                                     &b);
    int cells = gs_c4_width(g) * gs_c4_height(g);
    size_t kept = part.have + part.added;
    if (st == BOOK_STOPPED || st == BOOK_WORKER) {
        status = st == BOOK_STOPPED;
    } else if (st == BOOK_BAD_PART) {
        status = EXIT_BAD_INPUT;
    } else if (st == BOOK_PART_WRITE) {
        status = 1;
    } else if (st == GS_ETOOBIG) {
        cli_error(cmd, "book: a board of %d columns and %d rows is too large "
                  "for a book (width * (height + 1) may be at most 56)",
                  gs_c4_width(g), gs_c4_height(g));
        status = EXIT_BAD_INPUT;
    } else if (st == GS_EINVAL && o->ply >= cells + (o->play >= 0)) {
        cli_error(cmd, "book --ply %ld: --ply must be %s the board's %d "
                  "cells", o->ply, o->play >= 0 ? "at most" : "below", cells);
        status = EXIT_BAD_INPUT;
    } else if (st == GS_ESTOPPED) {
        /* not bad input: a search stopped by a limit, as solve says it */
        cli_error(cmd, "book --ply %ld: a search was stopped by %s before "
                  "its score was known: no book written", o->ply,
                  !o->max_nodes ? "--time" : o->time > 0
                  ? "--max-nodes or --time" : "--max-nodes");
        status = 1;
    } else if (st != GS_OK) {
        cli_error(cmd, "book --ply %ld: %s", o->ply, gs_strerror(st));
        status = 1;
    } else {
        status = cli_outfile_wrote(cmd, &out,
                                   gs_c4_book_write_to(b, cli_file_write,
                                                       out.f) == GS_OK);
    }
    status = cli_outfile_commit(cmd, outs, 1, status);
    if (part.path && status == 0 && st == GS_OK)
        unlink(part.path);   /* the book holds it all now */
    else if (part.path && kept > 0 && st != BOOK_BAD_PART)
        cli_error(cmd, "book: the %zu positions solved are kept in %s: the "
                  "same command continues from them", kept,
                  CLI_Q(part.path));
    else if (part.path && kept == 0 && st != BOOK_BAD_PART)
        unlink(part.path);   /* nothing solved: nothing to keep */
    part_free(&part);
    /* (with --out -, standard output holds the book: this goes to
     * standard error) */
    if (status == 0 && st == GS_OK)
        printf("%zu positions (up to %ld stones) written to %s\n",
               gs_c4_book_size(b), o->ply,
               strcmp(o->out, "-") == 0 ? "standard output" : o->out);
    gs_c4_book_free(b);
    return status;
}

/* ---- play ---- */


/* What play's callbacks need. */
typedef struct watch {
    const gs_c4 *g;
    gs_c4_solver *sv;           /* hints: the solver's choice ... */
    const gs_c4_mcts_params *mcts;   /* ... or, when set, MCTS's */
    int last;                   /* the column of the last move; -1: none */
    int first_last;             /* the first position's */
    bool color;
    char line[CLI_LINE_SIZE];   /* the person's answers */
    cli_line status;            /* why they stopped, if they did */
    int err;                    /* errno then */
    int side;     /* the one to move: 0 X, 1 O */
    bool tty;     /* standard output is a terminal */
    int shown;    /* the tenth of a second last shown */
} watch;

/* gs_c4_poll_fn of a hint: true after Ctrl-C. */
static bool hint_poll(void *user, double seconds)
{
    (void)user;
    (void)seconds;
    return interrupted != 0;
}

/* "h": the move the computer would play in s for the person, with what
 * it is worth, within the play's limits. */
static void hint(watch *w, const gs_c4_state *s)
{
    int st;
    if (w->mcts) {
        gs_c4_mcts_decision d;
        if ((st = gs_c4_mcts_decide(w->g, s, w->mcts, NULL, &d)) == GS_OK &&
            d.best >= 0) {
            cli_c4_mcts_hint_write(s, &d, cli_file_write, stdout);
            return;
        }
    } else {
        gs_c4_solution sd;
        st = gs_c4_choose_polled(w->sv, s, hint_poll, w, &sd);
        if (interrupted)
            return;
        if (st == GS_OK && sd.best >= 0 &&
            (sd.known || sd.stopped != GS_STOP_NONE)) {
            cli_c4_hint_write(&sd, limit_name(&sd), cli_file_write, stdout);
            return;
        }
    }
    printf("No hint: the search failed: %s.\n",
           st != GS_OK ? gs_strerror(st) : "no move found");
}

/* The person's column (0-based), GS_C4_ASK_UNDO on "u", or -1 at the end
 * of input, on "q" or after Ctrl-C; "h" answered here. */
static int ask_move(void *user, const gs_c4_state *s)
{
    watch *w = user;
    int c = CLI_C4_ANSWER_AGAIN;
    while ((c == CLI_C4_ANSWER_AGAIN || c == CLI_C4_ANSWER_HINT) &&
           !interrupted) {
        cli_c4_prompt_write(w->g, s, cli_file_write, stdout);
        fflush(stdout);
        if ((w->status = cli_read_answer(w->line)) != CLI_LINE_OK) {
            w->err = errno;
            fputc('\n', stdout);
            return -1;
        }
        c = cli_c4_answer(w->g, s, w->line, cli_file_write, stdout);
        if (c == CLI_C4_ANSWER_HINT)
            hint(w, s);
    }
    if (c == CLI_C4_ANSWER_UNDO)
        return GS_C4_ASK_UNDO;
    if (c >= 0)
        w->last = c;
    return c < 0 ? -1 : c;
}

/* After "u" (gs_c4_game_play.undone). */
static void watch_undone(void *user, const gs_c4_state *s, int moves,
                         int last)
{
    watch *w = user;
    (void)s;
    if (moves > 0)
        w->last = last >= 0 ? last : w->first_last;
    cli_c4_undone_write(moves, cli_file_write, stdout);
}

/* Draws the position before its move. */
static void watch_show(void *user, const gs_c4_state *s)
{
    watch *w = user;
    cli_c4_board_write(w->g, s, w->last, w->color, cli_file_write, stdout);
    w->side = gs_c4_to_move(s);
    w->shown = -1;
}

/* gs_c4_poll_fn: true when the person leaves (q, or Ctrl-C); else shows
 * the time so far on a terminal. */
static bool watch_poll(void *user, double seconds)
{
    watch *w = user;
    if (stop_asked())
        return true;
    if (w->tty && seconds >= 0.2 && (int)(seconds * 10) != w->shown) {
        w->shown = (int)(seconds * 10);
        printf("\rcomputer (%c) thinking... %.1f s (q to quit) ",
               w->side == 0 ? 'X' : 'O', seconds);
        fflush(stdout);
    }
    return false;
}

/* The computer's move: its line, or why there is none. */
static bool watch_chose(void *user, const gs_c4_state *s,
                        const gs_c4_game_move *m)
{
    watch *w = user;
    const gs_c4_solution *sd = &m->solution;
    char msg[300];
    if (!m->mcts && w->tty)
        printf("\r%50s\r", ""), fflush(stdout);
    if (!m->mcts && (m->left || interrupted))
        return true;
    if (m->ok)
        w->last = m->column;
    if (m->ok && m->mcts)
        gs_c4_mcts_choice_write(s, &m->decision, cli_file_write, stdout);
    else if (m->ok)
        gs_c4_choice_write(s, sd, limit_name(sd), cli_file_write, stdout);
    /* Why there is no move; or, for the exit status 1 a score not known
     * gives, its reason on standard error too, as solve and analyze give
     * it. */
    if (cli_c4_move_message(s, m, limit_name(sd), msg, sizeof msg) > 0)
        cli_error(cmd, "%s", msg);
    return false;
}

/* After a finished game: true when the person wants another. */
static bool play_again(watch *w)
{
    fputs(CLI_PLAY_AGAIN, stdout);
    fflush(stdout);
    if ((w->status = cli_read_answer(w->line)) != CLI_LINE_OK) {
        w->err = errno;
        fputc('\n', stdout);
        return false;
    }
    return cli_c4_yes(w->line);
}

static int run_play(const c4_options *o, const gs_c4 *g, gs_c4_solver *sv)
{
    gs_c4_state first;
    gs_c4_empty(g, &first);
    if (o->start && read_position(g, "--start", o->start, &first) != 0)
        return EXIT_BAD_INPUT;
    gs_c4_mcts_params mp;
    /* the last move of --start: its last digit */
    int start_last = o->start && *o->start
                     ? o->start[strlen(o->start) - 1] - '1' : -1;
    watch w = {.g = g, .sv = sv, .mcts = o->mcts ? &mp : NULL,
               .first_last = start_last, .color = cli_play_color(o->color),
               .status = CLI_LINE_OK, .tty = isatty(STDOUT_FILENO),
               .shown = -1};
    gs_c4_game_play play = {{false, false}, sv, o->mcts ? &mp : NULL,
                            watch_show, ask_move, watch_poll, watch_chose,
                            &w, watch_undone};
    mcts_params(o, &mp);
    /* computer[p]: player p (0 X, 1 O) is the computer. */
    int side = gs_c4_to_move(&first);
    play.computer[side] = o->computer_first == 1;
    play.computer[!side] = !play.computer[side];
    cli_c4_game_sides_write(&play, cli_file_write, stdout);
    bool failed = false;
    for (;;) {
        gs_c4_state s = first;
        w.last = start_last;
        gs_c4_game_result r;
        gs_c4_play_game(g, &s, &play, &r);
        if (r.end == GS_C4_GAME_OVER)
            cli_c4_winning_write(g, &s, cli_file_write, stdout);
        cli_c4_game_end_write(&play, &r, cli_file_write, stdout);
        failed = failed || r.end == GS_C4_GAME_FAILED || !r.all_known;
        if (r.end != GS_C4_GAME_OVER || interrupted || !play_again(&w))
            break;
    }
    errno = w.err;
    int bad = cli_answer_status(cmd, w.status);
    return bad ? bad : failed;
}

static int read_options(int argc, char **argv, c4_options *o)
{
    memset(o, 0, sizeof *o);
    gs_c4_params_init(&o->params);
    o->ply = -1;   /* --threads and --tt-mb: search_defaults */
    o->play = -1;
    return parse_options(argc, argv, o);
}

int cmd_connect4_options(int argc, char **argv)
{
    c4_options o;
    return read_options(argc, argv, &o);
}

/* Books up to this size are read whole, every entry checked; larger ones
 * stay in their file, a look-up reading about log2(entries) records. */
#define BOOK_READ_WHOLE ((off_t)16 << 20)

/* The book of --book FILE (gs_c4_book_read or gs_c4_book_open). */
static int read_book(const gs_c4 *g, const char *path, gs_c4_book **out,
                     gs_error *err)
{
    struct stat st;
    if (stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
        st.st_size > BOOK_READ_WHOLE)
        return gs_c4_book_open(g, path, NULL, out, err);
    return gs_c4_book_read(g, path, NULL, out, err);
}

int cmd_connect4(int argc, char **argv)
{
    c4_options o;
    int rc = read_options(argc, argv, &o);
    if (rc)
        return rc == 1 ? 0 : rc;

    gs_c4 *g = NULL;
    gs_c4_solver *sv = NULL;
    rc = solver_init(&o, &g, &sv);
    gs_c4_book *book = NULL;
    if (rc == 0 && !o.no_book) {
        gs_error err;
        int st = o.book ? read_book(g, o.book, &book, &err)
                        : gs_c4_book_default(g, NULL, &book);
        if (st != GS_OK && o.book) {
            cli_error(cmd, "--book '%s': %s", CLI_Q(o.book), err.message);
            rc = EXIT_BAD_INPUT;
        }
        gs_c4_solver_set_book(sv, book);   /* (none for other boards) */
    }
    /* analyze watches for Ctrl-C on a thread of its own while the search
     * runs on another; with one thread only, Ctrl-C ends it as usual. */
    if (rc == 0 && (o.mode == MODE_PLAY ||
                    (o.mode == MODE_ANALYZE && !o.mcts &&
                     gs_threads_available()))) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_interrupt;   /* no SA_RESTART: reads end */
        sigaction(SIGINT, &sa, NULL);
    }
    gs_game game;
    if (rc == 0 && o.algo >= 2) {
        gs_c4_game(g, &game);
        o.g = g;
        if (gs_engine_new(&game, NULL, &o.prover) != GS_OK) {
            cli_error(cmd, "out of memory");
            rc = 1;
        }
    }
    if (rc == 0) {
        if (o.mode == MODE_BOOK)
            rc = run_book(&o, g, sv);
        else if (o.mode == MODE_SOLVE)
            rc = o.mpi ? run_solve_mpi(&o, sv) : run_solve(&o, sv);
        else if (o.mode == MODE_ANALYZE)
            rc = run_analyze(&o, g, sv);
        else
            rc = run_play(&o, g, sv);
    }
    gs_engine_free(o.prover);
    gs_c4_solver_free(sv);
    gs_c4_book_free(book);
    gs_c4_free(g);
    return rc;
}
