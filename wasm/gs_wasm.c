/*
 * wasm/gs_wasm.c: the engine's face in WebAssembly, what web/gs.js calls.
 *
 * Each function answers one request of the gs.* API (web/gs.js) as the
 * program answers the same command: gsw_tree_solve as `gamesearch tree
 * --json`, gsw_tree_random as `gamesearch tree --random SPEC`,
 * gsw_tree_page as the data of `gamesearch tree --html`, gsw_c4_analyze
 * as `gamesearch connect4 analyze`, gsw_c4_book_move as the book's answer
 * of `gamesearch connect4 play`. The answer, or on
 * failure the reason (one sentence, the program's own, without the
 * program's and the file's names), is left in the context's buffer
 * (gsw_out, gsw_out_len), and its place in the input in gsw_error_line
 * and gsw_error_column (0 when it has none). The functions return the
 * program's exit status: 0 answered, 1 failed (out of memory), 2 bad input.
 *
 * Strings cross in the module's memory: the caller allocates them with
 * gsw_alloc (UTF-8, with their length; no NUL needed) and frees them with
 * gsw_free. Uses the public API alone, and cli/tree_text.c for the
 * program's sentence about a tree too deep.
 *
 * Built twice (wasm/CMakeLists.txt): the full module, and with
 * GSW_TREE_ONLY the tree lab's, without Connect Four (its solver and
 * book), so without gsw_c4_analyze.
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/gamesearch.h"
#include "tree_text.h"
#include "gsw_answer.h"

#define EXPORT(name) __attribute__((export_name(name)))

/*
 * The deepest a tree is searched here, in plies, where the program goes to
 * 4096 (gs_search_options' default): each ply of a search is a few nested
 * calls, and a browser gives WebAssembly's calls a stack far smaller than
 * a native thread's, which overflows (a trap, no answer) where the program
 * still searches. At this depth alpha-beta, the most demanding, keeps a
 * wide margin in Chromium (docs/wasm.md gives the depths where it runs
 * out); a deeper tree gets the program's sentence for a tree too deep,
 * with this limit in it.
 */
#ifndef GSW_MAX_PLY
#define GSW_MAX_PLY 512
#endif

/* The exit statuses of the program (cli/commands.h). */
enum { ANSWERED = 0, FAILED = 1, BAD_INPUT = 2 };

/* Called by gsw_c4_analyze after each column it has scored, with the
 * column (0-based), the nodes searched so far and the column's score
 * (NaN for a full column): web/gs.js posts it as progress. */
__attribute__((import_module("gs"), import_name("progress")))
void gsw_progress(int column, double nodes, double score);

/* One caller's state: the last answer, and Connect Four's solver, made on
 * first use and kept (its table is emptied before each analysis). */
typedef struct gsw {
    gsw_answer a;
#ifndef GSW_TREE_ONLY
    gs_c4 *c4;
    gs_c4_solver *solver;
    gs_c4_book *book;
#endif
} gsw;

/* Leaves `message` (at line, column; 0: no place) as the answer and
 * returns status. */
static int fail(gsw *w, int status, const char *message, int line,
                int column)
{
    return gsw_answer_fail(&w->a, status, FAILED, message, line, column);
}

EXPORT("gsw_new") gsw *gsw_new(void);
gsw *gsw_new(void)
{
    return calloc(1, sizeof(gsw));
}

/* Frees a context and everything it holds (NULL is fine). */
EXPORT("gsw_delete") void gsw_delete(gsw *w);
void gsw_delete(gsw *w)
{
    if (!w)
        return;
#ifndef GSW_TREE_ONLY
    gs_c4_solver_free(w->solver);
    gs_c4_book_free(w->book);
    gs_c4_free(w->c4);
#endif
    free(w->a.out);
    free(w);
}

EXPORT("gsw_alloc") void *gsw_alloc(size_t n);
void *gsw_alloc(size_t n)
{
    return malloc(n ? n : 1);
}

EXPORT("gsw_free") void gsw_free(void *p);
void gsw_free(void *p)
{
    free(p);
}

EXPORT("gsw_out") const char *gsw_out(const gsw *w);
const char *gsw_out(const gsw *w)
{
    return w->a.out ? w->a.out : "";
}

EXPORT("gsw_out_len") size_t gsw_out_len(const gsw *w);
size_t gsw_out_len(const gsw *w)
{
    return w->a.len;
}

EXPORT("gsw_error_line") int gsw_error_line(const gsw *w);
int gsw_error_line(const gsw *w)
{
    return w->a.line;
}

EXPORT("gsw_error_column") int gsw_error_column(const gsw *w);
int gsw_error_column(const gsw *w)
{
    return w->a.column;
}

EXPORT("gsw_version") const char *gsw_version(void);
const char *gsw_version(void)
{
    return gs_version();
}

/* `gamesearch tree --random SPEC`: the text, or the reason `spec` is bad
 * (its column in the spec). spec is NUL-terminated. */
EXPORT("gsw_tree_random") int gsw_tree_random(gsw *w, const char *spec);
int gsw_tree_random(gsw *w, const char *spec)
{
    gs_error e;
    memset(&e, 0, sizeof e);
    gsw_answer_reset(&w->a);
    int s = gs_tree_random_write(spec, gsw_answer_write, &w->a, &e);
    if (s == GS_OK)
        return ANSWERED;
    if (s == GS_EPARSE || s == GS_EINVAL)
        return fail(w, BAD_INPUT, s == GS_EPARSE ? e.message : gs_strerror(s),
                    e.line, e.column);
    return fail(w, FAILED, gs_strerror(GS_ENOMEM), 0, 0);
}

/* The program's names of the algorithms (cmd_tree.c's table), and
 * GS_MINIMAX ... for them; -1 for another name. */
static int algo_id(const char *name)
{
    static const char *const names[] = {"minimax", "alphabeta", "expectimax",
                                        "mcts", "pvs", "mtdf", "sss", "maxn",
                                        "paranoid", "brs", "pns", "dfpn"};
    static const int ids[] = {GS_MINIMAX, GS_ALPHABETA, GS_EXPECTIMAX,
                              GS_MCTS, GS_PVS, GS_MTDF, GS_SSS, GS_MAXN,
                              GS_PARANOID, GS_BRS, GS_PNS, GS_DFPN};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(name, names[i]) == 0)
            return ids[i];
    return -1;
}

/*
 * `gamesearch tree --json` on `len` bytes of `text`: algo is one of the
 * program's names ("" for the default, as without --algo: alpha-beta, or
 * a CS188 file's own), strict the strict pruning rule (--no-prune-equal),
 * depth the rounds (-1: the file's). The steps are cmd_tree.c's, so that
 * the answers are the program's: a CS188 test file takes its algorithm
 * (unless one is given) and the strict rule.
 */
EXPORT("gsw_tree_solve")
int gsw_tree_solve(gsw *w, const char *text, size_t len, const char *algo,
                   int strict, int depth);
int gsw_tree_solve(gsw *w, const char *text, size_t len, const char *algo,
                   int strict, int depth)
{
    int id = *algo ? algo_id(algo) : GS_ALPHABETA;
    if (id < 0)
        return fail(w, BAD_INPUT, "no such algorithm for a JSON answer", 0, 0);
    /* What `gamesearch tree --json --algo NAME` refuses, in its words. */
    if (id == GS_BRS)
        return fail(w, BAD_INPUT, "--algo brs lets one opponent move out of "
                    "turn while the others pass, and an explicit tree has no "
                    "such moves: use --algo maxn or paranoid", 0, 0);
    if (id == GS_MCTS) {
        char why[160];
        snprintf(why, sizeof why, "--algo %s prints its own text, not the "
                 "JSON of a search", algo);
        return fail(w, BAD_INPUT, why, 0, 0);
    }
    /* The proofs' JSON (proved, result) is the program's alone. */
    if (id == GS_PNS || id == GS_DFPN) {
        char why[160];
        snprintf(why, sizeof why, "--algo %s proves outcomes: run "
                 "`gamesearch tree FILE --algo %s --json` for its proof",
                 algo, algo);
        return fail(w, BAD_INPUT, why, 0, 0);
    }
    gs_tree *t = NULL;
    gs_tree_trace tr;
    memset(&tr, 0, sizeof tr);
    gs_error e;
    memset(&e, 0, sizeof e);
    int status;

    /* Step 1. Parse and check the tree. */
    int s = gs_tree_parse(text, len, NULL, &t, &e);
    if (s == GS_EPARSE || s == GS_ETOOBIG) {
        status = fail(w, BAD_INPUT, e.message, e.line, e.column);
        goto out;
    } else if (s != GS_OK) {
        status = fail(w, FAILED, gs_strerror(s), 0, 0);
        goto out;
    }
    bool prune_equal = !strict;
    if (gs_tree_syntax_of(t) == GS_TREE_CS188) {
        if (!*algo)
            id = gs_tree_algo(t);
        prune_equal = false;
    }
    /* PVS, MTD(f) and SSS* search MAX and MIN nodes only: the program's
     * sentence, before the search would refuse it in its own words. */
    if (id == GS_PVS || id == GS_MTDF || id == GS_SSS) {
        for (int i = 0; i < gs_tree_num_agents(t); i++)
            if (gs_tree_role(t, i) == GS_ROLE_CHANCE) {
                char why[200];
                snprintf(why, sizeof why, "--algo %s searches trees of max "
                         "and min nodes only, and agent %d is chance (use "
                         "--algo alphabeta or minimax)", algo, i + 1);
                status = fail(w, BAD_INPUT, why, 0, 0);
                goto out;
            }
    }
    if (depth < 0)
        depth = gs_tree_depth(t);
    int32_t cutoff = gs_tree_cutoff(t, depth);
    s = gs_tree_check_values(t, cutoff, &e);
    if (s == GS_EPARSE) {
        char msg[400];
        snprintf(msg, sizeof msg, "%s%s", e.message,
                 cutoff > 0 && gs_tree_syntax_of(t) == GS_TREE_NESTED
                     ? " (a nested list has values only at its leaves)" : "");
        status = fail(w, BAD_INPUT, msg, e.line, e.column);
        goto out;
    } else if (s != GS_OK) {
        status = fail(w, FAILED, gs_strerror(s), 0, 0);
        goto out;
    }

    /* Step 2. Search it, recording every node. */
    gs_search_options so;
    gs_search_options_init(&so);
    so.algo = id;
    so.depth = depth;
    so.depth_unit = GS_DEPTH_ROUNDS;
    so.prune_equal = prune_equal;
    so.max_ply = GSW_MAX_PLY;
    gs_result res;
    s = gs_tree_trace_search(t, &so, &tr, &res, &e);
    if (s == GS_EPLY) {
        char why[512];
        cli_tree_ply_limit_text(t, depth, cutoff, so.max_ply, why, sizeof why);
        status = fail(w, BAD_INPUT, why, 0, 0);
        goto out;
    }
    if (s != GS_OK) {
        status = fail(w, FAILED, e.message, 0, 0);
        goto out;
    }

    /* Step 3. The answer. */
    gsw_answer_reset(&w->a);
    s = gs_tree_json_write(t, &tr, &res, false, gsw_answer_write, &w->a);
    status = s == GS_OK ? ANSWERED
                        : fail(w, FAILED, gs_strerror(GS_ENOMEM), 0, 0);
out:
    gs_tree_trace_free(t, &tr);
    gs_tree_free(t);
    return status;
}

/*
 * The data of `gamesearch tree FILE --html` for the tree `text` (len
 * bytes), with `algo`, strict and depth as gsw_tree_solve takes them (the
 * run shown first; every run's cutoff): the tree's nodes and a traced
 * search of each algorithm, as web/tree.js draws them. The tree is
 * checked and searched by gsw_tree_solve first, so that a bad one gets the
 * same answer (message, line and column) as there.
 */
EXPORT("gsw_tree_page")
int gsw_tree_page(gsw *w, const char *text, size_t len, const char *algo,
                  int strict, int depth);
int gsw_tree_page(gsw *w, const char *text, size_t len, const char *algo,
                  int strict, int depth)
{
    int status = gsw_tree_solve(w, text, len, algo, strict, depth);
    if (status != ANSWERED)
        return status;
    gs_tree *t = NULL;
    gs_error e;
    memset(&e, 0, sizeof e);
    if (gs_tree_parse(text, len, NULL, &t, &e) != GS_OK)
        return fail(w, FAILED, gs_strerror(GS_ENOMEM), 0, 0);
    int id = *algo ? algo_id(algo) : GS_ALPHABETA;
    bool prune_equal = !strict;
    if (gs_tree_syntax_of(t) == GS_TREE_CS188) {
        if (!*algo)
            id = gs_tree_algo(t);
        prune_equal = false;
    }
    if (depth < 0)
        depth = gs_tree_depth(t);
    gsw_answer_reset(&w->a);
    int s = gs_tree_page_data_write(t, "", id, prune_equal, depth, false,
                                    gsw_answer_write, &w->a);
    status = s == GS_OK ? ANSWERED
                        : fail(w, FAILED, gs_strerror(s), 0, 0);
    gs_tree_free(t);
    return status;
}

#ifndef GSW_TREE_ONLY
/* Connect Four 7x6 and its solver as `gamesearch connect4` makes them:
 * the default table and the shipped book. */
static int c4_init(gsw *w)
{
    if (w->solver)
        return GS_OK;
    gs_c4_params p;
    gs_c4_params_init(&p);
    int s = gs_c4_new(&p, NULL, &w->c4);
    if (s == GS_OK)
        s = gs_c4_solver_new(w->c4, NULL, NULL, &w->solver);
    if (s == GS_OK && gs_c4_book_default(w->c4, NULL, &w->book) == GS_OK)
        gs_c4_solver_set_book(w->solver, w->book);
    if (s != GS_OK) {
        gs_c4_solver_free(w->solver);
        gs_c4_free(w->c4);
        w->solver = NULL;
        w->c4 = NULL;
    }
    return s;
}

/*
 * `gamesearch connect4 analyze POSITION` (len bytes of text): every
 * column's score for the player to move, as gs_c4_analyze scores them,
 * with a fresh table as the program starts with, calling gsw_progress
 * after each column. The answer is JSON: {"scores": [7 numbers or null
 * for a full column], "nodes": N, "from_book": bool}.
 */
EXPORT("gsw_c4_analyze")
int gsw_c4_analyze(gsw *w, const char *text, size_t len);
int gsw_c4_analyze(gsw *w, const char *text, size_t len)
{
    int s = c4_init(w);
    if (s != GS_OK)
        return fail(w, FAILED, gs_strerror(s), 0, 0);
    gs_c4_state root;
    gs_error e;
    memset(&e, 0, sizeof e);
    if (gs_c4_parse(w->c4, text, len, &root, &e) != GS_OK)
        return fail(w, BAD_INPUT, e.message, e.line, e.column);
    gs_c4_solver_clear(w->solver);

    /* gs_c4_analyze's steps, a column at a time, so that each column can
     * be reported as it is scored. */
    int width = gs_c4_width(w->c4);
    bool from_book = true;
    uint64_t nodes = 1;   /* the position itself, as gs_c4_analyze counts */
    char answer[256];
    size_t n = (size_t)snprintf(answer, sizeof answer, "{\"scores\": [");
    for (int c = 0; c < width; c++) {
        if (!gs_c4_can_play(w->c4, &root, c)) {
            n += (size_t)snprintf(answer + n, sizeof answer - n, "%snull",
                                  c ? ", " : "");
            gsw_progress(c, (double)nodes, NAN);
            continue;
        }
        gs_c4_solution col;
        memset(&col, 0, sizeof col);
        if (gs_c4_is_winning_move(w->c4, &root, c)) {
            col.score = gs_c4_win_score(w->c4, root.moves);
        } else {
            gs_c4_state child = root;
            gs_c4_play(w->c4, &child, c);
            s = gs_c4_solve(w->solver, &child, false, &col);
            if (s != GS_OK)
                return fail(w, FAILED, gs_strerror(s), 0, 0);
            if (!col.known)   /* no limit is set, so never stopped */
                return fail(w, FAILED, "the search gave no exact score", 0,
                            0);
            from_book = from_book && col.from_book;
            nodes += col.nodes;
            col.score = -col.score;
        }
        n += (size_t)snprintf(answer + n, sizeof answer - n, "%s%d",
                              c ? ", " : "", col.score);
        gsw_progress(c, (double)nodes, col.score);
    }
    snprintf(answer + n, sizeof answer - n,
             "], \"nodes\": %llu, \"from_book\": %s}",
             (unsigned long long)nodes, from_book ? "true" : "false");
    gsw_answer_reset(&w->a);
    if (gsw_answer_write(&w->a, answer, strlen(answer)) != 0)
        return fail(w, FAILED, gs_strerror(GS_ENOMEM), 0, 0);
    return ANSWERED;
}

/*
 * The book's move in the position `text` (len bytes), as `gamesearch
 * connect4 play` takes it without a search (gs_c4_choose): when the
 * shipped book holds the position's score and a column that gets it (the
 * nearest the centre of those it holds), {"column": C (1-based), "score":
 * S} with S the score for the player to move; else {"column": null,
 * "score": null}. Never searches.
 */
EXPORT("gsw_c4_book_move")
int gsw_c4_book_move(gsw *w, const char *text, size_t len);
int gsw_c4_book_move(gsw *w, const char *text, size_t len)
{
    int s = c4_init(w);
    if (s != GS_OK)
        return fail(w, FAILED, gs_strerror(s), 0, 0);
    gs_c4_state root;
    gs_error e;
    memset(&e, 0, sizeof e);
    if (gs_c4_parse(w->c4, text, len, &root, &e) != GS_OK)
        return fail(w, BAD_INPUT, e.message, e.line, e.column);
    char answer[64] = "{\"column\": null, \"score\": null}";
    int score;
    gs_c4_solution sd;
    /* The solve of a position the book holds is the book's answer, with
     * no search. */
    if (w->book && gs_c4_book_lookup(w->book, &root, &score) &&
        gs_c4_solve(w->solver, &root, false, &sd) == GS_OK &&
        sd.from_book && sd.best_proved)
        snprintf(answer, sizeof answer, "{\"column\": %d, \"score\": %d}",
                 sd.best + 1, sd.score);
    gsw_answer_reset(&w->a);
    if (gsw_answer_write(&w->a, answer, strlen(answer)) != 0)
        return fail(w, FAILED, gs_strerror(GS_ENOMEM), 0, 0);
    return ANSWERED;
}
#endif /* GSW_TREE_ONLY */
