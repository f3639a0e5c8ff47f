/*
 * games/connect4/play.c: what `gamesearch connect4` asks of a position
 * beyond a solve (gamesearch/connect4.h, "What the program asks of a
 * position"): a line of `solve` read, solved and checked; the board and an
 * analysis as text; the computer's choice on a thread of its own while the
 * caller watches the clock and the keyboard; and an MCTS decision with
 * every column's statistics.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "c4_internal.h"
#include "gamesearch/connect4.h"

/* ---- A line of solve ---------------------------------------------------- */

gs_c4_line_outcome gs_c4_solve_line(gs_c4_solver *sv, const char *line,
                                    size_t len, bool weak, bool keep_table,
                                    gs_c4_line *out)
{
    gs_c4_line none;
    bool bad = !sv || !out || (!line && len > 0);
    if (!out)
        out = &none;
    memset(out, 0, sizeof *out);
    out->solution.best = -1;
    if (bad) {
        out->status = GS_EINVAL;
        return out->outcome = GS_C4_LINE_FAILED;
    }

    /* Step 1. The position: the line without its trailing blanks. */
    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r' ||
                       line[len - 1] == ' ' || line[len - 1] == '\t'))
        len--;
    out->len = len;
    const gs_c4 *g = c4_solver_game(sv);
    gs_c4_state s;
    if (gs_c4_parse(g, line, len, &s, &out->error) != GS_OK)
        return out->outcome = GS_C4_LINE_BAD;

    /* Step 2. The solve, from an empty table unless told otherwise. */
    if (!keep_table)
        gs_c4_solver_clear(sv);
    gs_c4_solution *sd = &out->solution;
    out->status = gs_c4_solve(sv, &s, weak, sd);
    if (out->status != GS_OK)
        return out->outcome = GS_C4_LINE_FAILED;
    if (!sd->known)
        return out->outcome = sd->stopped != GS_STOP_NONE
                              ? GS_C4_LINE_STOPPED : GS_C4_LINE_NOT_EXACT;

    /* Step 3. A win at once has a score known without a search. */
    if (gs_c4_winning_column(g, &s) >= 0) {
        out->win_score = weak ? 1 : gs_c4_win_score(g, s.moves);
        if (sd->score != out->win_score)
            return out->outcome = GS_C4_LINE_WRONG_WIN;
    }
    return out->outcome = GS_C4_LINE_SOLVED;
}

/* ---- Text --------------------------------------------------------------- */

/* Text written into a caller's buffer as snprintf does: as much as fits,
 * always NUL-terminated (when size > 0), and the whole length counted. */
typedef struct text_out {
    char *buf;
    size_t size;
    size_t len;
} text_out;

static void put(text_out *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bool room = t->len < t->size;
    int n = vsnprintf(room ? t->buf + t->len : NULL,
                      room ? t->size - t->len : 0, fmt, ap);
    va_end(ap);
    if (n > 0)
        t->len += (size_t)n;
}

size_t gs_c4_board_text(const gs_c4 *g, const gs_c4_state *s, char *buf,
                        size_t size)
{
    static const char mark[] = ".XO";
    text_out t = {buf, size, 0};
    int width = gs_c4_width(g), height = gs_c4_height(g);
    for (int c = 0; c < width; c++)
        put(&t, " %d", c + 1);
    put(&t, "\n");
    for (int row = height - 1; row >= 0; row--) {
        put(&t, "|");
        for (int c = 0; c < width; c++)
            put(&t, c ? " %c" : "%c", mark[gs_c4_cell(g, s, c, row)]);
        put(&t, "|\n");
    }
    put(&t, "+");
    for (int c = 0; c < 2 * width - 1; c++)
        put(&t, "-");
    put(&t, "+\n");
    return t.len;
}

size_t gs_c4_analysis_text(const gs_c4_analysis *an, char *buf, size_t size)
{
    text_out t = {buf, size, 0};
    for (int c = 0; c < an->width; c++) {
        const char *sep = c ? " " : "";
        if (!an->playable[c])
            put(&t, "%s.", sep);
        else if (!an->column[c].known)
            put(&t, "%s?", sep);
        else
            put(&t, "%s%d", sep, an->column[c].score);
    }
    put(&t, "\nbest:");
    if (!an->all_known)
        put(&t, " ?");
    else
        for (int c = 0; c < an->width; c++)
            if (an->playable[c] && an->column[c].score == an->best_score)
                put(&t, " %d", c + 1);
    put(&t, "\n");
    if (an->from_book)
        put(&t, "(from the book: no search)\n");
    return t.len;
}

/* ---- The computer's choice, watched ------------------------------------- */

typedef struct choice {
    gs_c4_solver *sv;
    const gs_c4_state *s;
    gs_c4_solution *out;
    int status;
    bool done;               /* under lock */
    pthread_mutex_t lock;
    pthread_cond_t ended;    /* on CLOCK_MONOTONIC */
} choice;

static void *choice_main(void *arg)
{
    choice *ch = arg;
    int st = gs_c4_choose(ch->sv, ch->s, ch->out);
    pthread_mutex_lock(&ch->lock);
    ch->status = st;
    ch->done = true;
    pthread_cond_signal(&ch->ended);
    pthread_mutex_unlock(&ch->lock);
    return NULL;
}

static double since(const struct timespec *t0)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t0->tv_sec) +
           (double)(now.tv_nsec - t0->tv_nsec) * 1e-9;
}

/* Starts the choice's thread: true when it runs. */
static bool choice_start(choice *ch, pthread_t *thread)
{
    pthread_condattr_t attr;
    if (pthread_condattr_init(&attr) != 0)
        return false;
    bool ok = pthread_condattr_setclock(&attr, CLOCK_MONOTONIC) == 0 &&
              pthread_cond_init(&ch->ended, &attr) == 0;
    pthread_condattr_destroy(&attr);
    if (!ok)
        return false;
    if (pthread_mutex_init(&ch->lock, NULL) != 0) {
        pthread_cond_destroy(&ch->ended);
        return false;
    }
    if (pthread_create(thread, NULL, choice_main, ch) != 0) {
        pthread_mutex_destroy(&ch->lock);
        pthread_cond_destroy(&ch->ended);
        return false;
    }
    return true;
}

int gs_c4_choose_polled(gs_c4_solver *sv, const gs_c4_state *s,
                        gs_c4_poll_fn poll, void *user, gs_c4_solution *out)
{
    if (!sv || !s || !out)
        return gs_c4_choose(sv, s, out);   /* its GS_EINVAL */
    gs_c4_solver_cancel(sv, false);
    choice ch = {.sv = sv, .s = s, .out = out, .status = GS_OK};
    pthread_t thread;
    struct timespec t0, wake;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (!choice_start(&ch, &thread))
        return gs_c4_choose(sv, s, out);

    bool cancelled = false;
    wake = t0;
    pthread_mutex_lock(&ch.lock);
    while (!ch.done) {
        /* Step 1. Wait for the end, or for the next poll 20 ms on. */
        wake.tv_nsec += 20000000L;
        if (wake.tv_nsec >= 1000000000L) {
            wake.tv_sec++;
            wake.tv_nsec -= 1000000000L;
        }
        while (!ch.done &&
               pthread_cond_timedwait(&ch.ended, &ch.lock, &wake) == 0)
            ;
        if (ch.done || cancelled || !poll)
            continue;
        /* Step 2. The poll, outside the lock (it may take its time). */
        pthread_mutex_unlock(&ch.lock);
        if (poll(user, since(&t0))) {
            gs_c4_solver_cancel(sv, true);
            cancelled = true;
        }
        clock_gettime(CLOCK_MONOTONIC, &wake);
        pthread_mutex_lock(&ch.lock);
    }
    pthread_mutex_unlock(&ch.lock);
    pthread_join(thread, NULL);
    pthread_mutex_destroy(&ch.lock);
    pthread_cond_destroy(&ch.ended);
    if (cancelled)
        gs_c4_solver_cancel(sv, false);
    return ch.status;
}

/* ---- MCTS --------------------------------------------------------------- */

void gs_c4_mcts_params_init(gs_c4_mcts_params *p)
{
    memset(p, 0, sizeof *p);
    p->threads = 1;
}

int gs_c4_mcts_decide(const gs_c4 *g, const gs_c4_state *s,
                      const gs_c4_mcts_params *p, const gs_allocator *alloc,
                      gs_c4_mcts_decision *out)
{
    gs_c4_mcts_params defaults;
    if (!out)
        return GS_EINVAL;
    memset(out, 0, sizeof *out);
    out->best = -1;
    if (!p) {
        gs_c4_mcts_params_init(&defaults);
        p = &defaults;
    }
    if (!g || !s || p->threads < 1 || !(p->max_seconds >= 0.0))
        return GS_EINVAL;

    /* Step 1. The recipe: the game's playouts, scored win, draw or loss. */
    gs_search_options so;
    gs_search_options_init(&so);
    so.algo = GS_MCTS;
    so.mcts_playout = GS_PLAYOUT_POLICY;
    so.mcts_win_loss = true;
    so.threads = p->threads;
    so.max_nodes = p->max_nodes;
    so.max_seconds = p->max_seconds;
    so.mcts_iterations = p->iterations;
    if (!p->iterations && !p->max_nodes && !(p->max_seconds > 0))
        so.mcts_iterations = 100000;

    /* Step 2. The search. */
    gs_game game;
    gs_c4_game(g, &game);
    gs_engine *e;
    gs_result r;
    int st = gs_engine_new(&game, alloc, &e);
    if (st != GS_OK)
        return st;
    st = gs_search(e, s, &so, &r);
    if (st != GS_OK) {
        gs_engine_free(e);
        return st;
    }

    /* Step 3. The decision and the root's children. */
    out->best = r.best == GS_NO_ACTION ? -1 : (int)r.best;
    out->value = r.value;
    out->proved = r.mcts_proved;
    out->iterations = r.mcts_iterations;
    out->seconds = r.seconds;
    gs_mcts_node_info root, c;
    if (gs_mcts_tree_node(e, 0, &root) == GS_OK)
        for (int i = 0; i < root.children && i < GS_C4_MAX_WIDTH; i++) {
            gs_mcts_tree_node(e, (size_t)(root.first_child + i), &c);
            gs_c4_mcts_column *col = &out->column[out->columns++];
            col->column = (int)c.action;
            col->visits = c.visits;
            col->mean = c.mean;
            col->proved = c.proved;
            col->proved_value = c.lo;
        }
    gs_engine_free(e);
    return GS_OK;
}
