/*
 * games/connect4/solver.c: Connect Four solved exactly (gamesearch/
 * connect4.h, "The solver"): a solver object (Connect Four's own search,
 * search.c, with its table and threads, and a book), the two questions
 * people ask of a position (its score, and every column's score), and the
 * engine options that solve Connect Four on the generic engine, for those
 * who search it there (gs_c4_search_options).
 */
#include <limits.h>
#include <string.h>

#include "c4_internal.h"
#include "gamesearch/connect4.h"

struct gs_c4_solver {
    gs_allocator alloc;
    const gs_c4 *g;
    c4_search *search;         /* the search, its table and threads */
    uint64_t max_nodes;        /* the caller's limits (0: none) */
    double max_seconds;
    bool symmetry;             /* a position and its mirror one entry */
    const gs_c4_book *book;    /* answers before a search (or NULL) */
};

const gs_c4 *c4_solver_game(const gs_c4_solver *sv)
{
    return sv->g;
}

const gs_c4_book *c4_solver_book(const gs_c4_solver *sv)
{
    return sv->book;
}

void gs_c4_solver_set_book(gs_c4_solver *sv, const gs_c4_book *b)
{
    if (sv)
        sv->book = b;
}

void gs_c4_solver_cancel(gs_c4_solver *sv, bool cancel)
{
    if (sv)
        c4_search_cancel(sv->search, cancel);
}

/*
 * The engine's recipe, each part chosen by the node counts and times of
 * the engine on Pons's test sets (docs/tuning.md gives them): the threat
 * counts and the centre-first order without killers or history, which
 * only disturb them; no folding of mirror images, which saves few nodes
 * and costs more in hashing; prefetching the children's entries;
 * enhanced transposition cutoffs; every child's bounds read before any
 * child is searched, no table entry for a forced move, and the children
 * that their bounds settle left out.
 *
 * gs_c4_etc_plies gives each position's etc_plies so that the cutoffs
 * reach while fewer than two thirds of the cells are full: deeper costs
 * more time in probes than it saves in nodes, shallower saves fewer.
 */

int gs_c4_etc_plies(const gs_c4 *g, const gs_c4_state *s)
{
    if (!g || !s)
        return 0;
    int etc = 2 * gs_c4_width(g) * gs_c4_height(g) / 3 - s->moves;
    return etc > 0 ? etc : 0;
}

void gs_c4_search_options(gs_search_options *o, gs_solver_options *so,
                          bool weak)
{
    gs_search_options_init(o);
    o->algo = GS_ALPHABETA;
    o->use_tt = true;
    o->order_moves = true;
    o->history = false;
    gs_solver_options_init(so);
    so->null_window = true;
    so->prefetch = true;
    so->tt_symmetry = false;
    so->etc_plies = 16;
    so->child_bounds_plies = 64;   /* every ply of any board */
    if (weak) {
        so->window_lo = -1.0;
        so->window_hi = 1.0;
    }
    o->solver = so;
}

int gs_c4_winning_column(const gs_c4 *g, const gs_c4_state *s)
{
    for (int c = 0; c < gs_c4_width(g); c++)
        if (gs_c4_can_play(g, s, c) && gs_c4_is_winning_move(g, s, c))
            return c;
    return -1;
}

/* A column when the search named none: a win at once, else the playable
 * column nearest the centre; -1 when every column is full. */
static int fallback_column(const gs_c4 *g, const gs_c4_state *s)
{
    int width = gs_c4_width(g);
    int c = gs_c4_winning_column(g, s);
    if (c >= 0)
        return c;
    for (int i = 0; i < width; i++) {
        /* the centre, then right and left of it, outwards */
        c = (width - 1) / 2 + (i % 2 ? (i + 1) / 2 : -(i / 2));
        if (gs_c4_can_play(g, s, c))
            return c;
    }
    return -1;
}

void gs_c4_solver_params_init(gs_c4_solver_params *p)
{
    memset(p, 0, sizeof *p);
    p->table_bytes = GS_C4_DEFAULT_TABLE_BYTES;
    p->threads = 1;
}

int gs_c4_solver_new(const gs_c4 *g, const gs_c4_solver_params *p,
                     const gs_allocator *alloc, gs_c4_solver **out)
{
    gs_c4_solver_params defaults;
    if (!out)
        return GS_EINVAL;
    *out = NULL;
    if (!p) {
        gs_c4_solver_params_init(&defaults);
        p = &defaults;
    }
    if (!g || p->table_bytes == 0 || p->threads < 1)
        return GS_EINVAL;
    if (!alloc)
        alloc = gs_default_allocator();
    if (!alloc->fn)
        return GS_EINVAL;

    gs_c4_solver *sv = alloc->fn(alloc->user, NULL, 0, sizeof *sv);
    if (!sv)
        return GS_ENOMEM;
    memset(sv, 0, sizeof *sv);
    sv->alloc = *alloc;
    sv->g = g;
    int rc = c4_search_new(g, p->table_bytes, p->threads, alloc, &sv->search);
    if (rc != GS_OK) {
        gs_c4_solver_free(sv);
        return rc;
    }
    sv->symmetry = p->symmetry;
    sv->max_nodes = p->max_nodes;
    sv->max_seconds = p->max_seconds;
    *out = sv;
    return GS_OK;
}

void gs_c4_solver_free(gs_c4_solver *sv)
{
    if (!sv)
        return;
    c4_search_free(sv->search);
    gs_allocator a = sv->alloc;
    a.fn(a.user, sv, sizeof *sv, 0);
}

void gs_c4_solver_clear(gs_c4_solver *sv)
{
    c4_search_clear(sv->search);
}

/* gs_c4_solve's search: Connect Four's own, on the solver's threads. */
static void solve_search(gs_c4_solver *sv, const gs_c4_state *s, bool weak,
                        gs_c4_solution *out)
{
    c4_limits lim = {
        .max_nodes = sv->max_nodes,
        .max_seconds = sv->max_seconds,
        .weak = weak,
        .symmetry = sv->symmetry || c4_is_symmetric(sv->g, s),
    };
    c4_answer a;
    c4_search_solve(sv->search, s, &lim, &a);
    out->stopped = a.stopped;
    out->nodes = a.nodes;
    out->seconds = a.seconds;
    out->best = a.best >= 0 ? a.best : fallback_column(sv->g, s);
    out->best_proved = a.best_proved;
    if (!a.known)
        return;
    out->known = true;
    out->score = weak ? (a.score > 0) - (a.score < 0) : a.score;
    out->value = gs_c4_to_move(s) == 1 ? -out->score : out->score;
    out->bound = GS_BOUND_EXACT;
}

/* A best column of s, whose score for its player to move is `score`, by
 * the book: the first column, centre first (so that ties go inward, as
 * fallback_column), whose own score is known (a win at once, a full
 * board, or the book's entry of the position after it) and equals
 * `score`. Such a column is proved best. A book of every position up to
 * some stones has every column; a book made for play
 * (gs_c4_book_build_play) has the best one. Of several best columns, one
 * on the book's lines for play (c4_book_on_line) comes first: the
 * shipped book's every position to 9 stones holds more best columns than
 * its lines, and a column off them would leave the book at 10 stones. */
static int book_best(const gs_c4_solver *sv, const gs_c4_state *s, int score)
{
    const gs_c4 *g = sv->g;
    int width = gs_c4_width(g);
    /* First the columns that stay on the book's lines for play, then any. */
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < width; i++) {
            int c = (width - 1) / 2 + (i % 2 ? (i + 1) / 2 : -(i / 2));
            if (!gs_c4_can_play(g, s, c))
                continue;
            int v;
            if (gs_c4_is_winning_move(g, s, c)) {
                v = gs_c4_win_score(g, s->moves);
            } else {
                gs_c4_state child = *s;
                gs_c4_play(g, &child, c);
                if (child.over)
                    v = 0;
                else if (pass == 0 && !c4_book_on_line(sv->book, &child))
                    continue;
                else if (gs_c4_book_lookup(sv->book, &child, &v))
                    v = -v;
                else
                    continue;
            }
            if (v == score)
                return c;
        }
    }
    return -1;
}

/* A solve the book answers: true with *out filled in. */
static bool solve_from_book(gs_c4_solver *sv, const gs_c4_state *s,
                            bool weak, gs_c4_solution *out)
{
    int score;
    if (!sv->book || !gs_c4_book_lookup(sv->book, s, &score))
        return false;
    out->from_book = true;
    out->known = true;
    out->score = weak ? (score > 0) - (score < 0) : score;
    double v = gs_c4_to_move(s) == 1 ? -score : score;
    out->value = weak ? (v > 0) - (v < 0) : v;
    out->bound = GS_BOUND_EXACT;
    out->best = book_best(sv, s, score);
    out->best_proved = out->best >= 0;
    if (!out->best_proved)
        out->best = fallback_column(sv->g, s);
    return true;
}

int gs_c4_choose(gs_c4_solver *sv, const gs_c4_state *s, gs_c4_solution *out)
{
    if (!out)
        return GS_EINVAL;
    memset(out, 0, sizeof *out);
    out->best = -1;
    if (!sv || !s)
        return GS_EINVAL;
    if (solve_from_book(sv, s, false, out) && out->best_proved)
        return GS_OK;
    const gs_c4_book *book = sv->book;
    sv->book = NULL;   /* the search below, not the book's score alone */
    int st = gs_c4_solve(sv, s, false, out);
    sv->book = book;
    return st;
}

int gs_c4_solve(gs_c4_solver *sv, const gs_c4_state *s, bool weak,
                gs_c4_solution *out)
{
    if (!out)
        return GS_EINVAL;
    memset(out, 0, sizeof *out);
    out->best = -1;
    if (!sv || !s)
        return GS_EINVAL;
    if (solve_from_book(sv, s, weak, out))
        return GS_OK;
    solve_search(sv, s, weak, out);
    return GS_OK;
}

int gs_c4_analyze(gs_c4_solver *sv, const gs_c4_state *s, bool weak,
                  gs_c4_analysis *out)
{
    return c4_analyze_each(sv, s, weak, NULL, NULL, out);
}

int c4_analyze_each(gs_c4_solver *sv, const gs_c4_state *s, bool weak,
                    void (*settled)(void *user, int column), void *user,
                    gs_c4_analysis *out)
{
    if (!out)
        return GS_EINVAL;
    memset(out, 0, sizeof *out);
    out->best_score = INT_MIN;
    out->failed_column = -1;
    if (!sv || !s)
        return GS_EINVAL;
    const gs_c4 *g = sv->g;
    out->width = gs_c4_width(g);
    out->all_known = true;
    out->from_book = true;
    out->nodes = 1;   /* the position itself, as one search from it counts it */
    int status = GS_OK;
    bool cancelled = false;

    for (int c = 0; c < out->width; c++) {
        gs_c4_solution *col = &out->column[c];
        col->best = -1;
        out->playable[c] = gs_c4_can_play(g, s, c);
        if (!out->playable[c])
            continue;
        if (out->failed_column >= 0) {
            out->all_known = false;   /* left unsearched */
            continue;
        }
        if (cancelled) {
            /* left unsearched: the cancel stands for the whole analysis */
            col->stopped = GS_STOP_CANCEL;
            out->all_known = false;
            continue;
        }
        /* Step 1. A win at once needs no search. */
        if (gs_c4_is_winning_move(g, s, c)) {
            col->score = weak ? 1 : gs_c4_win_score(g, s->moves);
            col->known = true;
        } else {
            /* Step 2. The position after c, from the opponent's side. */
            gs_c4_state child = *s;
            gs_c4_play(g, &child, c);
            int rc = gs_c4_solve(sv, &child, weak, col);
            if (!col->from_book)
                out->from_book = false;
            out->nodes += col->nodes;
            out->seconds += col->seconds;
            if (rc != GS_OK) {
                out->failed_column = c;
                out->all_known = false;
                status = rc;
                continue;
            }
            if (!col->known && col->stopped == GS_STOP_NONE)
                out->failed_column = c;
            col->score = -col->score;
        }
        if (!col->known)
            out->all_known = false;
        else if (col->score > out->best_score)
            out->best_score = col->score;
        if (col->stopped == GS_STOP_CANCEL)
            cancelled = true;
        if (settled && out->failed_column < 0)
            settled(user, c);
    }
    return status;
}
