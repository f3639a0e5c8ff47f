/*
 * games/connect4/play.c: what `gamesearch connect4` asks of a position
 * beyond a solve (gamesearch/connect4.h, "What the program asks of a
 * position"): a line of `solve` read, solved and checked; the board and an
 * analysis as text; the computer's choice on a thread of the job pool
 * while the caller watches the clock and the keyboard; an MCTS decision with
 * every column's statistics; and a game against the computer.
 */
#include <errno.h>
#include <math.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "c4_internal.h"
#include "gamesearch/connect4.h"
#include "gamesearch/jobs.h"

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

int gs_c4_board_write(const gs_c4 *g, const gs_c4_state *s,
                      gs_write_fn write, void *user)
{
    static const char mark[] = ".XO";
    gs_writer w;
    gs_writer_init(&w, write, user);
    int width = gs_c4_width(g), height = gs_c4_height(g);
    for (int c = 0; c < width; c++)
        gs_writer_printf(&w, " %d", c + 1);
    gs_writer_puts(&w, "\n");
    for (int row = height - 1; row >= 0; row--) {
        gs_writer_puts(&w, "|");
        for (int c = 0; c < width; c++)
            gs_writer_printf(&w, c ? " %c" : "%c",
                             mark[gs_c4_cell(g, s, c, row)]);
        gs_writer_puts(&w, "|\n");
    }
    gs_writer_puts(&w, "+");
    for (int c = 0; c < 2 * width - 1; c++)
        gs_writer_puts(&w, "-");
    gs_writer_puts(&w, "+\n");
    return gs_writer_finish(&w);
}

int gs_c4_analysis_write(const gs_c4_analysis *an, gs_write_fn write,
                         void *user)
{
    gs_writer w;
    gs_writer_init(&w, write, user);
    for (int c = 0; c < an->width; c++) {
        const char *sep = c ? " " : "";
        if (!an->playable[c])
            gs_writer_printf(&w, "%s.", sep);
        else if (!an->column[c].known)
            gs_writer_printf(&w, "%s?", sep);
        else
            gs_writer_printf(&w, "%s%d", sep, an->column[c].score);
    }
    gs_writer_puts(&w, "\nbest:");
    if (!an->all_known)
        gs_writer_puts(&w, " ?");
    else
        for (int c = 0; c < an->width; c++)
            if (an->playable[c] && an->column[c].score == an->best_score)
                gs_writer_printf(&w, " %d", c + 1);
    gs_writer_puts(&w, "\n");
    if (an->from_book)
        gs_writer_puts(&w, "(from the book: no search)\n");
    return gs_writer_finish(&w);
}

int gs_c4_line_write(const char *line, const gs_c4_line *r,
                     gs_write_fn write, void *user)
{
    const gs_c4_solution *sd = &r->solution;
    gs_writer w;
    gs_writer_init(&w, write, user);
    gs_writer_put(&w, line, r->len);
    if (sd->known)
        gs_writer_printf(&w, " %d", sd->score);
    else
        gs_writer_puts(&w, " ?");
    gs_writer_printf(&w, " %llu %lld\n", (unsigned long long)sd->nodes,
                     llround(sd->seconds * 1e6));
    return gs_writer_finish(&w);
}

/* "the engine returned 0.5 (a bound), not an exact score", as snprintf. */
static int not_exact(const gs_c4_solution *sd, char *buf, size_t size)
{
    return snprintf(buf, size, "the engine returned %g (%s), not an exact "
                    "score", sd->value,
                    sd->bound == GS_BOUND_EXACT ? "exact" : "a bound");
}

size_t gs_c4_column_message(const gs_c4_analysis *an, int c, int status,
                            const char *stopped_by, char *buf, size_t size)
{
    int n = snprintf(buf, size, "%s", "");
    if (c < 0 || c >= an->width || !an->playable[c] ||
        (an->failed_column >= 0 && c > an->failed_column))
        return 0;
    if (c == an->failed_column && status != GS_OK)
        n = snprintf(buf, size, "column %d: the search failed: %s", c + 1,
                     gs_strerror(status));
    else if (c == an->failed_column)
        n = not_exact(&an->column[c], buf, size);
    else if (!an->column[c].known)
        n = snprintf(buf, size, "column %d: stopped by %s before the score "
                     "was known", c + 1, stopped_by);
    return n > 0 ? (size_t)n : 0;
}

size_t gs_c4_line_message(const gs_c4_line *r, unsigned long lineno,
                          const char *stopped_by, char *buf, size_t size)
{
    const gs_c4_solution *sd = &r->solution;
    char where[40];
    snprintf(where, sizeof where, "line %lu", lineno);
    int n = 0;
    switch (r->outcome) {
    case GS_C4_LINE_SOLVED:
        n = snprintf(buf, size, "%s", "");
        break;
    case GS_C4_LINE_BAD:
        if (r->error.line > 0)
            n = snprintf(buf, size, "%s, character %d: %s", where,
                         r->error.column, r->error.message);
        else
            n = snprintf(buf, size, "%s: %s", where, r->error.message);
        break;
    case GS_C4_LINE_STOPPED:
        n = snprintf(buf, size, "%s: stopped by %s before the score was "
                     "known", where, stopped_by);
        break;
    case GS_C4_LINE_FAILED:
        n = snprintf(buf, size, "%s: the search failed: %s", where,
                     gs_strerror(r->status));
        break;
    case GS_C4_LINE_NOT_EXACT:
        n = not_exact(sd, buf, size);
        break;
    case GS_C4_LINE_WRONG_WIN:
        n = snprintf(buf, size, "%s: the engine scored %d, but the player "
                     "to move wins at once (%d): a bug in gamesearch", where,
                     sd->score, r->win_score);
        break;
    }
    return n > 0 ? (size_t)n : 0;
}

/* "computer (X) plays 4, " for the player to move in s. */
static void computer_plays(gs_writer *w, const gs_c4_state *s, int col)
{
    gs_writer_printf(w, "computer (%c) plays %d, ",
                     gs_c4_to_move(s) == 0 ? 'X' : 'O', col + 1);
}

int gs_c4_choice_write(const gs_c4_state *s, const gs_c4_solution *sd,
                       const char *stopped_by, gs_write_fn write, void *user)
{
    char count[40];
    gs_format_count(sd->nodes, count, sizeof count);
    gs_writer w;
    gs_writer_init(&w, write, user);
    computer_plays(&w, s, sd->best);
    if (!sd->known)
        gs_writer_printf(&w, "score ? (stopped by %s: the best move found, "
                         "not proved)", stopped_by);
    else
        gs_writer_printf(&w, "score %d (%s%s%s)", sd->score,
                         sd->score > 0 ? "a win for " : sd->score < 0
                         ? "a loss for " : "a draw", sd->score == 0 ? ""
                         : gs_c4_to_move(s) == 0 ? "X" : "O",
                         sd->from_book ? ", from the book" : "");
    gs_writer_printf(&w, ", %.3f ms, %s nodes\n", sd->seconds * 1e3, count);
    return gs_writer_finish(&w);
}

/* ---- The computer's choice, watched ------------------------------------- */

typedef struct choice {
    gs_c4_solver *sv;
    const gs_c4_state *s;
    gs_c4_solution *out;
    gs_c4_poll_fn poll;
    void *user;
    struct timespec t0;
    double next_poll;        /* seconds since t0 */
    atomic_bool ended;       /* the choice has been made */
    bool cancelled;          /* a poll asked to stop */
    int status;              /* the choice's */
} choice;

/* The one job: the choice, on the pool's thread. */
static int choice_run(void *user, size_t i, int worker)
{
    (void)i;
    (void)worker;
    choice *ch = user;
    int st = gs_c4_choose(ch->sv, ch->s, ch->out);
    atomic_store(&ch->ended, true);
    return st;
}

static double since(const struct timespec *t0)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t0->tv_sec) +
           (double)(now.tv_nsec - t0->tv_nsec) * 1e-9;
}

/* The calling thread, while the choice runs: a poll about every 20 ms,
 * none sooner than 19 ms after the last (the pool may call this sooner),
 * none once the choice has ended or a poll has cancelled it. */
static void choice_tick(void *user)
{
    choice *ch = user;
    if (!ch->poll || ch->cancelled || atomic_load(&ch->ended) ||
        since(&ch->t0) < ch->next_poll - 0.001)
        return;
    if (ch->poll(ch->user, since(&ch->t0))) {
        gs_c4_solver_cancel(ch->sv, true);
        ch->cancelled = true;
    }
    ch->next_poll = since(&ch->t0) + 0.020;
}

static int choice_take(void *user, size_t i, int status)
{
    (void)i;
    ((choice *)user)->status = status;
    return 0;
}

int gs_c4_choose_polled(gs_c4_solver *sv, const gs_c4_state *s,
                        gs_c4_poll_fn poll, void *user, gs_c4_solution *out)
{
    if (!sv || !s || !out)
        return gs_c4_choose(sv, s, out);   /* its GS_EINVAL */
    gs_c4_solver_cancel(sv, false);
    choice ch = {.sv = sv, .s = s, .out = out, .poll = poll, .user = user,
                 .next_poll = 0.020};
    atomic_init(&ch.ended, false);
    clock_gettime(CLOCK_MONOTONIC, &ch.t0);
    /* One job on a thread of the library's pool, the polls on this one
     * (without threads, the choice on this thread and no polls). */
    gs_jobs job = {.count = 1, .run = choice_run, .take = choice_take,
                   .tick = choice_tick, .tick_ms = 20, .user = &ch};
    if (gs_jobs_run(&job, 1, NULL) != GS_OK)
        return gs_c4_choose(sv, s, out);
    if (ch.cancelled)
        gs_c4_solver_cancel(sv, false);
    return ch.status;
}

/* ---- Every column's score, watched ------------------------------------- */

typedef struct watched {
    gs_c4_solver *sv;
    const gs_c4_state *s;
    bool weak;
    gs_c4_analysis *out;
    gs_c4_poll_fn poll;
    gs_c4_column_fn settled;
    void *user;
    struct timespec t0;
    double next_poll;          /* seconds since t0 */
    double at[GS_C4_MAX_WIDTH];   /* when each column settled */
    atomic_int done;           /* the columns before this one have settled
                                  (their entries of out and at written) */
    int told;                  /* the columns before this one were told */
    atomic_bool ended;         /* the analysis has ended */
    bool direct;               /* no thread: told as each column settles */
    bool cancelled;            /* a poll asked to stop */
    int status;                /* the analysis's */
} watched;

static void watched_tell(watched *wa);

/* c4_analyze_each's settled, on the thread of the analysis. */
static void watched_settled(void *user, int column)
{
    watched *wa = user;
    wa->at[column] = since(&wa->t0);
    atomic_store(&wa->done, column + 1);
    if (wa->direct)
        watched_tell(wa);
}

/* Tells settled of the playable columns settled and not told yet. */
static void watched_tell(watched *wa)
{
    int done = atomic_load(&wa->done);
    for (; wa->told < done; wa->told++)
        if (wa->settled && wa->out->playable[wa->told])
            wa->settled(wa->user, wa->told, &wa->out->column[wa->told],
                        wa->at[wa->told]);
}

static int watched_run(void *user, size_t i, int worker)
{
    (void)i;
    (void)worker;
    watched *wa = user;
    int st = c4_analyze_each(wa->sv, wa->s, wa->weak, watched_settled, wa,
                             wa->out);
    atomic_store(&wa->ended, true);
    return st;
}

/* The calling thread, while the analysis runs: the columns settled since
 * the last tick, then a poll about every 20 ms (none once the analysis has
 * ended or a poll has cancelled it). */
static void watched_tick(void *user)
{
    watched *wa = user;
    watched_tell(wa);
    if (!wa->poll || wa->cancelled || atomic_load(&wa->ended) ||
        since(&wa->t0) < wa->next_poll - 0.001)
        return;
    if (wa->poll(wa->user, since(&wa->t0))) {
        gs_c4_solver_cancel(wa->sv, true);
        wa->cancelled = true;
    }
    wa->next_poll = since(&wa->t0) + 0.020;
}

static int watched_take(void *user, size_t i, int status)
{
    (void)i;
    ((watched *)user)->status = status;
    return 0;
}

int gs_c4_analyze_polled(gs_c4_solver *sv, const gs_c4_state *s, bool weak,
                         gs_c4_poll_fn poll, gs_c4_column_fn settled,
                         void *user, gs_c4_analysis *out)
{
    if (!sv || !s || !out)
        return gs_c4_analyze(sv, s, weak, out);   /* its GS_EINVAL */
    gs_c4_solver_cancel(sv, false);
    /* Without threads the pool runs the job on this thread, without
     * ticks: the columns are told as they settle, from the job itself. */
    watched wa = {.sv = sv, .s = s, .weak = weak, .out = out, .poll = poll,
                  .settled = settled, .user = user, .next_poll = 0.020,
                  .direct = !gs_threads_available()};
    atomic_init(&wa.done, 0);
    atomic_init(&wa.ended, false);
    clock_gettime(CLOCK_MONOTONIC, &wa.t0);
    /* One job on a thread of the library's pool, the polls and the
     * columns' news on this one (when no thread can be started, the
     * analysis on this thread, without polls, its news at its end). */
    gs_jobs job = {.count = 1, .run = watched_run, .take = watched_take,
                   .tick = watched_tick, .tick_ms = 20, .user = &wa};
    if (gs_jobs_run(&job, 1, NULL) != GS_OK) {
        atomic_init(&wa.done, 0);
        wa.told = 0;
        wa.poll = NULL;
        wa.direct = true;
        wa.status = c4_analyze_each(sv, s, weak, watched_settled, &wa, out);
    }
    watched_tell(&wa);
    if (wa.cancelled)
        gs_c4_solver_cancel(sv, false);
    return wa.status;
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

int gs_c4_mcts_write(const gs_c4_mcts_decision *d, gs_write_fn write,
                     void *user)
{
    char num[GS_NUMBER_SIZE];
    gs_writer w;
    gs_writer_init(&w, write, user);
    for (int i = 0; i < d->columns; i++) {
        const gs_c4_mcts_column *c = &d->column[i];
        gs_format_value(c->mean, num);
        gs_writer_printf(&w, "%d: %llu visits, mean %s", c->column + 1,
                         (unsigned long long)c->visits, num);
        if (c->proved)
            gs_writer_printf(&w, ", proved %g", c->proved_value);
        gs_writer_puts(&w, "\n");
    }
    gs_writer_printf(&w, "best: %d (%llu iterations, %.3f ms%s)\n",
                     d->best + 1, (unsigned long long)d->iterations,
                     d->seconds * 1e3, d->proved ? ", proved" : "");
    return gs_writer_finish(&w);
}

int gs_c4_mcts_choice_write(const gs_c4_state *s,
                            const gs_c4_mcts_decision *d, gs_write_fn write,
                            void *user)
{
    char num[GS_NUMBER_SIZE];
    gs_format_value(d->value, num);
    gs_writer w;
    gs_writer_init(&w, write, user);
    computer_plays(&w, s, d->best);
    gs_writer_printf(&w, "mean %s, %llu iterations, %.3f ms\n", num,
                     (unsigned long long)d->iterations, d->seconds * 1e3);
    return gs_writer_finish(&w);
}

/* ---- A game against the computer ---------------------------------------- */

int gs_c4_winning_line(const gs_c4 *g, const gs_c4_state *s, int cols[4],
                       int rows[4])
{
    /* right, up, up-right, down-right: each line found from its first
     * cell in the order the header gives */
    static const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    if (!g || !s || (s->over != 1 && s->over != 2))
        return 0;
    int who = s->over, width = gs_c4_width(g), height = gs_c4_height(g);
    for (int c = 0; c < width; c++)
        for (int r = 0; r < height; r++)
            for (int d = 0; d < 4; d++) {
                int n = 0;
                while (n < 4) {
                    int cc = c + n * dirs[d][0], rr = r + n * dirs[d][1];
                    if (cc >= width || rr < 0 || rr >= height ||
                        gs_c4_cell(g, s, cc, rr) != who)
                        break;
                    cols[n] = cc;
                    rows[n++] = rr;
                }
                if (n == 4)
                    return 4;
            }
    return 0;
}

/* The caller's poll, and whether it asked to leave. */
typedef struct game_poll {
    const gs_c4_game_play *play;
    bool left;
} game_poll;

static bool game_poll_fn(void *user, double seconds)
{
    game_poll *gp = user;
    if (gp->play->poll && gp->play->poll(gp->play->user, seconds))
        gp->left = true;
    return gp->left;
}

/* The computer's search from s into *m. */
static void computer_move(const gs_c4 *g, const gs_c4_state *s,
                          const gs_c4_game_play *p, gs_c4_game_move *m)
{
    memset(m, 0, sizeof *m);
    m->mcts = p->mcts != NULL;
    if (m->mcts) {
        m->status = gs_c4_mcts_decide(g, s, p->mcts, NULL, &m->decision);
        m->column = m->decision.best;
    } else {
        game_poll gp = {p, false};
        m->status = gs_c4_choose_polled(p->solver, s, game_poll_fn, &gp,
                                        &m->solution);
        m->column = m->solution.best;
        m->left = gp.left;
    }
    /* The solver's choice ends with an exact score, or a limit stopped
     * it: anything else is not a move to play. */
    m->ok = m->status == GS_OK && m->column >= 0 && !m->left &&
            (m->mcts || m->solution.known ||
             m->solution.stopped != GS_STOP_NONE);
}

int gs_c4_play_game(const gs_c4 *g, gs_c4_state *s,
                    const gs_c4_game_play *play, gs_c4_game_result *out)
{
    if (!g || !s || !play || !out || !play->ask ||
        (!play->solver && !play->mcts))
        return GS_EINVAL;
    memset(out, 0, sizeof *out);
    out->all_known = true;
    /* The game's positions before each move, the move, and whether the
     * person played it: what undo goes back through. */
    gs_c4_state before[GS_C4_MAX_CELLS];
    int column[GS_C4_MAX_CELLS];
    bool person[GS_C4_MAX_CELLS];
    int n = 0;
    for (;;) {
        if (play->show)
            play->show(play->user, s);
        if (s->over) {
            out->winner = s->over == 1 ? 0 : s->over == 2 ? 1 : -1;
            return GS_OK;
        }
        int col;
        bool asked = !play->computer[gs_c4_to_move(s)];
        if (asked) {
            col = play->ask(play->user, s);
            while (col == GS_C4_ASK_UNDO) {
                int back = n - 1;
                while (back >= 0 && !person[back])
                    back--;
                int taken = back < 0 ? 0 : n - back;
                if (back >= 0) {
                    *s = before[back];
                    n = back;
                }
                if (play->undone)
                    play->undone(play->user, s, taken,
                                 n > 0 ? column[n - 1] : -1);
                if (taken > 0)
                    break;
                col = play->ask(play->user, s);
            }
            if (col == GS_C4_ASK_UNDO)
                continue;   /* the position taken back to, shown */
            if (col < 0) {
                out->end = GS_C4_GAME_LEFT;
                return GS_OK;
            }
            if (!gs_c4_can_play(g, s, col))
                return GS_EINVAL;
        } else {
            gs_c4_game_move m;
            computer_move(g, s, play, &m);
            bool leave = play->chose && play->chose(play->user, s, &m);
            if (m.left || leave) {
                out->end = GS_C4_GAME_LEFT;
                return GS_OK;
            }
            if (!m.ok) {
                out->end = GS_C4_GAME_FAILED;
                out->status = m.status;
                return GS_OK;
            }
            out->all_known = out->all_known && (m.mcts || m.solution.known);
            col = m.column;
        }
        if (n < GS_C4_MAX_CELLS) {
            before[n] = *s;
            column[n] = col;
            person[n++] = asked;
        }
        gs_c4_play(g, s, col);
    }
}

/* ---- How long a score says the game lasts -------------------------------- */

int gs_c4_moves_to_end(const gs_c4 *g, const gs_c4_state *s, int score)
{
    if (!g || !s)
        return 0;
    int cells = gs_c4_width(g) * gs_c4_height(g), n = s->moves;
    if (score == 0)
        return cells > n ? cells - n : 0;
    /* The stones before the winning one: of the mover's parity for a win,
     * of the opponent's for a loss. */
    int win = score > 0 ? score : -score;
    int parity = score > 0 ? n % 2 : (n + 1) % 2;
    int m = cells + 1 - 2 * win;
    if (m < 0 || (m >= 0 && m % 2 != parity))
        m = cells - 2 * win;
    if (m < n || m % 2 != parity || m + 1 > cells)
        return 0;
    return m + 1 - n;
}
