/*
 * gamesearch pacman: Berkeley CS188's pacman.py (v1.004) in C, with its
 * options, its game loop and its output, so that scripts written for it
 * keep working: `-p GreedyAgent -l smallClassic -q -n 10 -f` prints what
 * pacman.py prints, to the digit.
 *
 * The library (gamesearch/pacman.h, pacman_play.h) has the rules, the
 * agents, pacman.py's game loop (Game.run), the record files, the batch's
 * bookkeeping and the lines pacman.py prints; this file hangs the displays
 * and the measurements' lines on the loop's callback after every single
 * move, and prints.
 *
 * Random streams: with -f or --seed the games follow each other in one
 * stream, as pacman.py's -n plays them, so they are played one after
 * another. Otherwise (--seeds N, or N from the system) game I has its own
 * stream, random.seed('N:I'), so that -j N can play N games at once on N
 * threads, each thread a player with its own agent, state and stream (the
 * world is shared, read-only); what they print is buffered and printed in
 * game order, so the output is the same for any -j.
 *
 * Displays: -q prints a line per game and the summary (NullGraphics); -t
 * prints the maze after every round (textDisplay.PacmanGraphics); the
 * default is the animated terminal view (pacman_view.c), which falls back
 * to the text display when there is no terminal for it.
 *
 * Ours, beyond pacman.py: --seed N, --seeds N, -j N, --max-moves N,
 * --record FILE and --replay FILE (our own text format,
 * docs/pacman-record.md), --json FILE (docs/pacman-json.md), --html FILE
 * (the replay page of web/), a progress line for -q batches on a
 * terminal, RandomAgent, and layouts found by name in the project's
 * layouts/ directory.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gamesearch/pacman.h"
#include "gamesearch/pacman_play.h"
#include "gamesearch/pyrandom.h"
#include "commands.h"
#include "jobs.h"
#include "pacman_cli.h"
#include "outfile.h"
#include "util.h"
#include "web.h"

/* The view's pause after a game, so that its end can be seen. */
#define END_OF_GAME_PAUSE 1.5

static const char cmd[] = "pacman";

/* Says what is wrong where in `path` (a layout or a record) after a
 * library call that returned s. Returns the exit status: 1 when memory ran
 * out, else EXIT_BAD_INPUT. */
static int input_error(const char *path, int s, const gs_error *e)
{
    if (s == GS_ENOMEM) {
        cli_error(cmd, "out of memory");
        return 1;
    }
    if (e->column > 0)
        cli_error(cmd, "%s:%d:%d: %s", path, e->line, e->column, e->message);
    else if (e->line > 0)
        cli_error(cmd, "%s:%d: %s", path, e->line, e->message);
    else
        cli_error(cmd, "%s: %s", path, e->message);
    return EXIT_BAD_INPUT;
}

/* ---- Playing ---- */

enum { SHOW_NONE, SHOW_TEXT, SHOW_VIEW };

/* The progress line on standard error (-q batches on a terminal). */
typedef struct progress {
    bool on;                  /* standard error is a terminal, nothing else
                                 is drawn on it */
    bool shown;               /* a line stands on the screen */
    bool share;               /* standard output is a terminal too: the
                                 line is erased while results are printed */
    double start, drawn;      /* when the batch began, the line was drawn */
    size_t total;             /* games in the batch */
} progress;

/* The run: the batch of games, read-only while games are played (except
 * its record and results, each game writing its own), and its display. */
typedef struct run {
    const pac_options *o;
    gs_pac_batch b;           /* the world, the games played: results, and
                                 actions when recording */
    int show;                 /* SHOW_* for games that are not training */
    pac_view *view;
    long threads;             /* games played at once */
    progress prog;
} run;

/* Who plays the games: the library's player (an agent, a state and a
 * random stream) and where its game prints. One for a run played game
 * after game; one per thread for -j N. */
typedef struct player {
    gs_pac_player pl;
    bool search_failed;       /* said once a game */
    FILE *out;                /* -t's frames and result lines */
    FILE *err;                /* what a game says on standard error: the
                                 search's failure, countStates's lines */
    bool pace;                /* -t: pause --frameTime between frames */
    pac_input input;          /* the view: keys pressed since Pacman's last
                                 move */
    bool quit;                /* q in the view */
} player;

static void pause_text(const run *r, const player *p)
{
    double t = r->o->frame_time;
    if (p->pace && t > 0) {
        fflush(p->out);
        gs_pac_sleep(t);
    }
}

/* Draws the view with its status line at `when` (pac_status_text). */
static void view_draw(const run *r, size_t game, const gs_pac_move *m,
                      pac_moment when)
{
    char status[256];
    pac_status_text(&r->b, game, m->state, m->game,
                    r->o->b.pacman == GS_PAC_AGENT_KEYBOARD, when, status,
                    sizeof status);
    pac_view_draw(r->view, m->state, status);
}

/* Waits in the view (seconds < 0: for a key), collecting keys; any key
 * ends the wait early when `any_key`. */
static void view_wait(const run *r, player *p, double seconds, bool any_key)
{
    pac_view_wait(r->view, seconds, any_key || seconds < 0, &p->input);
    if (p->input.quit)
        p->quit = true;
}

/* One game as its callbacks follow it. */
typedef struct watch {
    run *r;
    player *p;
    size_t game;              /* 1-based */
    bool training;
    int show;                 /* SHOW_* for this game */
} watch;

/*
 * What Pacman's decision measured, into the game's standard error (the
 * player's err: stderr itself when games are played in turn, a buffer
 * printed in game order when they are played side by side). A run of
 * several games names the game on each line ("game 2, move 5: ..."); a
 * run of one keeps the plain "move 5: ..." line.
 */
static void report_decision(watch *g, const gs_pac_move *m)
{
    if (g->p->err == stderr)
        fflush(stdout);    /* what the game printed before comes first */
    gs_pac_decision_write(m->decision, m->pacman_move,
                          g->r->b.games > 1 ? g->game : 0, g->r->o->b.pacman,
                          "gamesearch pacman: ", &g->p->search_failed,
                          cli_file_write, g->p->err);
}

/* The keys pressed in the view since Pacman's last move. */
static unsigned take_keys(void *user)
{
    watch *g = user;
    unsigned keys = g->p->input.keys;
    g->p->input.keys = 0;
    return keys;
}

/* The display (display.initialize, display.update) after every move; the
 * result line at the end. */
static int on_move(void *user, const gs_pac_move *m)
{
    watch *g = user;
    run *r = g->r;
    player *p = g->p;
    const gs_pacman *w = r->b.world;
    if (m->number == 0) {
        if (g->show == SHOW_TEXT) {
            gs_pac_text_frame_write(w, m->state, cli_file_write, p->out);
            pause_text(r, p);
        } else if (g->show == SHOW_VIEW && !r->b.replay &&
                   r->o->b.pacman == GS_PAC_AGENT_KEYBOARD) {
            /* The player's game starts with the player: nothing moves
             * before the first key, which is Pacman's first move. */
            view_draw(r, g->game, m, PAC_MOMENT_START);
            view_wait(r, p, -1, true);
        } else if (g->show == SHOW_VIEW) {
            view_draw(r, g->game, m, PAC_MOMENT_MOVE);
            view_wait(r, p, r->o->frame_time, false);
        } else if (r->view && g->training) {
            view_draw(r, g->game, m, PAC_MOMENT_TRAINING);
        }
        return p->quit;
    }
    if (m->decision)
        report_decision(g, m);

    /* The text display draws after every round and once more at the end. */
    bool round = m->number % gs_pacman_num_agents(w) == 0;
    if (g->show == SHOW_TEXT) {
        if (round) {
            gs_pac_text_frame_write(w, m->state, cli_file_write, p->out);
            pause_text(r, p);
        }
        if (m->over)
            gs_pac_text_frame_write(w, m->state, cli_file_write, p->out);
    } else if (g->show == SHOW_VIEW && (round || m->over)) {
        view_draw(r, g->game, m, PAC_MOMENT_MOVE);
        if (!m->over)
            view_wait(r, p, r->o->frame_time, false);
    } else if (r->view && (m->number & 255) == 0) {
        pac_input ignored = {0, false, false};
        pac_view_wait(r->view, 0, false, &ignored);   /* q still quits */
        if (ignored.quit)
            p->quit = true;
    }
    if (!m->over)
        return p->quit;

    if (g->show == SHOW_TEXT && !g->training) {
        gs_pac_result_write(m->game, cli_file_write, p->out);
    } else if (g->show == SHOW_VIEW) {
        view_draw(r, g->game, m, PAC_MOMENT_OVER);
        if (r->o->frame_time != 0)
            view_wait(r, p, r->o->frame_time < 0 ? -1 : END_OF_GAME_PAUSE,
                      true);
    }
    return 0;
}

/*
 * Plays game g (0-based) of the run: into the run's record, or, when
 * `packed` is not NULL, away from it, packed into `packed` after what it
 * prints. -t's frames and result line go to p->out; -q's line is the
 * caller's to print (q in the view ends the game as quit). Returns 0;
 * 1 when an action was refused (a bug: the agents only pick legal
 * actions) or memory ran out, after a message.
 */
static int play_game(run *r, player *p, size_t g, FILE *packed)
{
    bool training = gs_pac_batch_training(&r->b, g);
    watch w = {r, p, g + 1, training, training ? SHOW_NONE : r->show};
    gs_pac_play_options calls = {.on_move = on_move, .keys = take_keys,
                                 .user = &w};
    gs_pac_game_result away, *st = packed ? &away : &r->b.results[g];
    p->search_failed = false;
    int rc = packed ? gs_pac_batch_play_away(&r->b, &p->pl, g, &calls, st,
                                             cli_file_write, packed)
                    : gs_pac_batch_play(&r->b, &p->pl, g, &calls);
    if (rc == GS_EINVAL) {
        cli_error_to(p->err, cmd, "internal error: %s of agent %d refused in "
                     "game %zu", gs_pac_dir_name(st->action), st->agent,
                     g + 1);
        return 1;
    }
    if (rc != GS_OK) {
        cli_error_to(p->err, cmd, "out of memory");
        return 1;
    }
    if (st->result == GS_PAC_TIMED_OUT) {
        /* game.py's messages on standard error, then the rules' crash
         * line (print_game_line's, or -t's here); the game counts as a
         * loss at its score, and its record as stopped. */
        if (p->err == stderr)
            fflush(stdout);
        gs_pac_timeout_write(st, cli_file_write, p->err);
        if (w.show == SHOW_TEXT || (r->show == SHOW_TEXT && training))
            gs_pac_result_write(st, cli_file_write, p->out);
    }
    return 0;
}

/* ---- The progress line ---- */

static void progress_start(progress *pg, const run *r, size_t total)
{
    memset(pg, 0, sizeof *pg);
    pg->on = r->show == SHOW_NONE && isatty(STDERR_FILENO);
    pg->share = isatty(STDOUT_FILENO);
    pg->start = gs_pac_now();
    pg->total = total;
}

static void progress_erase(progress *pg)
{
    if (pg->shown) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
        pg->shown = false;
    }
}

/* Draws the line, at most ten times a second and only once the batch has
 * run half a second (`force`: whenever it has been erased). */
static void progress_draw(progress *pg, const gs_pac_tally *t, bool force)
{
    if (!pg->on)
        return;
    double now = gs_pac_now(), elapsed = now - pg->start;
    if (elapsed < 0.5 || (!force && now - pg->drawn < 0.1) ||
        (force && pg->shown))
        return;
    char line[160];
    pac_tally_text(t, pg->total, elapsed, line, sizeof line);
    fprintf(stderr, "\r%s\033[K", line);
    fflush(stderr);
    pg->shown = true;
    pg->drawn = now;
}

/* -q's line for a game, under the progress line. */
static void print_game_line(run *r, const gs_pac_game_result *st,
                            bool training, const gs_pac_tally *t)
{
    if (r->show != SHOW_NONE ||
        (training && st->result != GS_PAC_TIMED_OUT)) {
        progress_draw(&r->prog, t, false);
        return;
    }
    bool erased = r->prog.shown && r->prog.share;
    if (erased)
        progress_erase(&r->prog);
    gs_pac_result_write(st, cli_file_write, stdout);
    if (erased)
        fflush(stdout);
    progress_draw(&r->prog, t, erased);
}

/*
 * Chooses the display: -q none, -t text, else the view when the terminal
 * allows (KeyboardAgent needs it). Returns 0 or EXIT_BAD_INPUT.
 */
static int open_display(run *r, bool keyboard)
{
    if (r->o->quiet) {
        r->show = SHOW_NONE;
        return 0;
    }
    if (r->o->text) {
        r->show = SHOW_TEXT;
        return 0;
    }
    char why[200];
    if (keyboard && !isatty(STDIN_FILENO)) {
        cli_error(cmd, "KeyboardAgent needs a terminal (standard input is not "
                  "a terminal); choose another agent with -p");
        return EXIT_BAD_INPUT;
    }
    fflush(stdout);
    r->view = pac_view_open(r->b.world, why, sizeof why);
    if (r->view) {
        r->show = SHOW_VIEW;
        return 0;
    }
    if (keyboard) {
        cli_error(cmd, "KeyboardAgent needs a terminal (%s); choose another "
                  "agent with -p", why);
        return EXIT_BAD_INPUT;
    }
    cli_error(cmd, "%s: showing the text display (-t) instead", why);
    r->show = SHOW_TEXT;
    return 0;
}

/* Sets up a player: its agent for the run's world and room for a state.
 * Returns 0, or 1 after a message. */
static int player_init(player *p, const run *r)
{
    memset(p, 0, sizeof *p);
    p->out = stdout;
    p->err = stderr;
    gs_error err;
    /* The page shows each action's value. */
    if (gs_pac_player_init(&p->pl, &r->b, r->o->b.pacman, r->o->b.agent_args,
                           r->o->html ? GS_PAC_MEASURE_VALUES : 0,
                           &err) != GS_OK) {
        cli_error(cmd, "out of memory");
        return 1;
    }
    return 0;
}

/* Plays (or replays) every game one after another with one player.
 * Returns the exit status. */
static int play_in_turn(run *r, player *p, size_t total)
{
    int status = 0;
    gs_pac_tally t = {0, 0, 0, 0};
    p->pace = true;
    for (size_t g = 0; g < total && !p->quit; g++) {
        if (play_game(r, p, g, NULL)) {
            status = 1;
            break;
        }
        /* q: a game quit before its first move was never played; one quit
         * later counts, as a loss at its score (recorded as stopped), and
         * the summary follows. */
        if (!gs_pac_batch_count(&r->b, g, &t))
            break;
        print_game_line(r, &r->b.results[g], gs_pac_batch_training(&r->b, g),
                        &t);
    }
    return status;
}

/* ---- Games as jobs: on threads (-j N) or the ranks of MPI (--mpi) ---- */

typedef struct games {
    run *r;
    player *p;                /* one per thread */
    gs_pac_tally t;           /* over the games done, in any order */
    int status;
} games;

/* Game g: what it prints, then the game packed. */
static int game_job(void *user, size_t g, FILE *out, FILE *err)
{
    games *gs = user;
    player *p = &gs->p[cli_jobs_worker()];
    p->out = out;
    p->err = err;
    return play_game(gs->r, p, g, out);
}

/* A game has ended: it counts on the progress line. */
static void game_done(void *user, size_t g, int failed, const char *out,
                      size_t outlen)
{
    games *gs = user;
    if (!failed)
        gs_pac_batch_count_packed(&gs->r->b, g, out, outlen, &gs->t);
}

static void game_tick(void *user)
{
    games *gs = user;
    progress_draw(&gs->r->prog, &gs->t, false);
}

/* The next game in order: what it printed, its game into the record. */
static int game_take(void *user, size_t g, int failed, const char *out,
                     size_t outlen, const char *err, size_t errlen)
{
    games *gs = user;
    run *r = gs->r;
    size_t start = 0;
    if (errlen) {
        progress_erase(&r->prog);
        fwrite(err, 1, errlen, stderr);
        fflush(stderr);
    }
    if (failed || gs_pac_batch_take(&r->b, g, out, outlen, &start) != GS_OK) {
        if (!failed)
            cli_error(cmd, "out of memory");
        gs->status = 1;
        return 1;
    }
    fwrite(out, 1, start, stdout);
    print_game_line(r, &r->b.results[g], gs_pac_batch_training(&r->b, g),
                    &gs->t);
    return 0;
}

/*
 * Plays every game as a job, on `threads` threads (each with its own
 * player) or on the ranks of MPI, each game with its own random stream,
 * and prints what each game printed in game order as soon as the games
 * before it are done. Returns the exit status.
 */
static int play_jobs(run *r, size_t total, long threads)
{
    games gs = {r, calloc((size_t)threads, sizeof *gs.p), {0, 0, 0, 0}, 0};
    long ready = 0;
    int status = gs.p ? 0 : 1;
    if (!gs.p)
        cli_error(cmd, "out of memory");
    while (status == 0 && ready < threads)
        status = player_init(&gs.p[ready++], r);
    cli_jobs jobs = {cmd, "game", total, game_job, game_take, &gs, game_done,
                     0, NULL, NULL};
    if (status == 0)
        status = r->o->mpi ? cli_mpi_run(&jobs)
                 : cli_jobs_run_threads(&jobs, (int)threads,
                                        r->prog.on ? game_tick : NULL);
    while (ready > 0)
        gs_pac_player_free(&gs.p[--ready].pl);
    free(gs.p);
    return status ? status : gs.status;
}

/* Plays every game (or replays them); the record holds the results.
 * Returns the exit status. */
static int play_all(run *r, bool keyboard)
{
    int rc = open_display(r, keyboard);
    if (rc)
        return rc;
    size_t total = r->b.games;
    long threads = gs_pac_batch_threads(&r->b, r->o->jobs);
    if (!r->b.replay && r->o->jobs > 1 && !r->b.rec.seed_per_game)
        cli_error(cmd, "%s draws every game from one random stream, as "
                  "pacman.py does, so the games are played one after "
                  "another, not %ld at a time (--seeds N gives each game "
                  "its own stream)", r->o->fix_seed ? "-f" : "--seed",
                  r->o->jobs);
    r->threads = threads;
    progress_start(&r->prog, r, total);
    int status;
    if (r->o->mpi || threads > 1) {
        status = play_jobs(r, total, threads);
    } else {
        player p;
        status = player_init(&p, r);
        if (status == 0)
            status = play_in_turn(r, &p, total);
        gs_pac_player_free(&p.pl);
    }
    progress_erase(&r->prog);
    if (r->view) {
        pac_view_close(r->view);
        r->view = NULL;
        /* the lines pacman.py would have printed */
        gs_pac_results_write(&r->b.rec, r->b.results, cli_file_write, stdout);
    }
    if (status == 0)
        gs_pac_summary_write(&r->b.rec, cli_file_write, stdout);
    return status;
}

/* ---- Replays ---- */

/* ---- Output files: --record, --json, --html ---- */

/* The replay page (web/pacman.html) of rec's games in `world` (made from
 * rec's maze and ghosts), with Pacman's decisions where the games kept
 * them: the data gs_pac_page_data_write writes (web/pacman.js says what it
 * holds). */
typedef struct page {
    const gs_pac_record *rec;
    const gs_pacman *world;
} page;

static bool page_data(FILE *f, void *user)
{
    const page *pg = user;
    return gs_pac_page_data_write(pg->rec, pg->world, cli_file_write, f) ==
           GS_OK;
}

/* ---- The command ---- */

/* Plays the games of the layout -l names, or replays those of --replay's
 * record. Returns the exit status. */
static int play(const pac_options *o)
{
    char path[2048] = "", err[256], *text = NULL;
    size_t len = 0;
    const char *name = o->layout ? o->layout : PAC_DEFAULT_LAYOUT;
    const char *file = o->replay ? o->replay : path;
    /* Under --mpi, rank 0 reads the layout for every rank. */
    int status = 0;
    if (!o->replay && !cli_mpi_worker() &&
        !pac_find_layout(cmd, name, path, sizeof path)) {
        status = EXIT_BAD_INPUT;
    } else if (!cli_mpi_worker() &&
               cli_read_all(file, &text, &len, err, sizeof err) != 0) {
        cli_error(cmd, "%s: %s", file, err);
        status = EXIT_BAD_INPUT;
    }
    if ((status = cli_mpi_share(status, &text, &len)) != 0) {
        free(text);
        return status;
    }
    gs_pacman *world = NULL;
    gs_pac_record replay;
    gs_pac_record_init(&replay, NULL);
    cli_outfile recf = CLI_OUTFILE_NONE, jsonf = CLI_OUTFILE_NONE,
                html = CLI_OUTFILE_NONE;
    cli_outfile *const outs[] = {&recf, &jsonf, &html};
    run r;
    memset(&r, 0, sizeof r);
    gs_error perr;
    status = o->replay ? gs_pac_replay_open(text, len, NULL, &replay, &world,
                                            &perr)
                       : gs_pacman_read(text, len, 1, (int)o->num_ghosts,
                                        NULL, &world, &perr);
    if (status != GS_OK) {
        status = input_error(file, status, &perr);
        goto out;
    }
    r.o = o;
    /* random.seed: -f and --seed once, before the first game, as pacman.py
     * does; otherwise each game from the base seed and its number. A
     * replay has its record's. */
    if (gs_pac_batch_setup(&r.b, world, name, &o->b, o->replay ? &replay : NULL,
                           NULL) != GS_OK) {
        cli_error(cmd, "out of memory");
        status = 1;
        goto out;
    }
    /* Under --mpi, rank 0 writes the record and the results. */
    const char *input = o->replay ? "the record replayed" : "the layout file";
    if (!cli_mpi_worker() &&
        (!cli_outfile_open(cmd, &recf, "--record", o->record, file, input) ||
         !cli_outfile_open(cmd, &jsonf, "--json", o->json, file, input)))
        status = EXIT_BAD_INPUT;
    else if (!cli_outfile_open(cmd, &html, "--html", o->html, file, input))
        status = EXIT_BAD_INPUT;

    /* rank 0's seed on every rank */
    gs_pac_record *rec = &r.b.rec;
    if (!o->replay)
        status = cli_mpi_share_value(status, &rec->seed, sizeof rec->seed);
    if (status != 0)
        goto out;

    double start = gs_pac_now();
    status = play_all(&r, !o->replay && o->b.pacman == GS_PAC_AGENT_KEYBOARD);
    double seconds = gs_pac_now() - start;
    fflush(stdout);
    rec->layout_text = text;       /* lent to the record until written */
    rec->layout_len = len;
    if (status == 0 && recf.f)
        status = cli_outfile_wrote(cmd, &recf,
                                   gs_pac_record_write(rec, cli_file_write,
                                                       recf.f) == GS_OK);
    rec->layout_text = NULL;
    if (status == 0 && jsonf.f)
        status = cli_outfile_wrote(cmd, &jsonf,
                                   gs_pac_json_write(rec, r.b.results,
                                                     r.threads, seconds,
                                                     cli_file_write,
                                                     jsonf.f) == GS_OK);
    page pg = {o->replay ? &replay : rec, world};
    if (status == 0 && html.f)
        status = cli_outfile_wrote(cmd, &html,
                                   cli_web_write(html.f, "pacman.html",
                                                 page_data, &pg));
out:
    /* The files are kept only when every game and every file succeeded. */
    status = cli_outfile_commit(cmd, outs, 3, status);
    gs_pac_batch_free(&r.b);
    gs_pacman_free(world);
    gs_pac_record_free(&replay);
    free(text);
    return status;
}

int cmd_pacman_options(int argc, char **argv)
{
    pac_options o;
    return pac_options_parse(argc, argv, &o);
}

int cmd_pacman(int argc, char **argv)
{
    pac_options o;
    int rc = pac_options_parse(argc, argv, &o);
    if (rc)
        return rc == 1 ? 0 : rc;
    return play(&o);
}
