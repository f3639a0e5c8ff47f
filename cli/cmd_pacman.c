/*
 * gamesearch pacman: Berkeley CS188's pacman.py (v1.004) in C, with its
 * options, its game loop and its output, so that scripts written for it
 * keep working: `-p GreedyAgent -l smallClassic -q -n 10 -f` prints what
 * pacman.py prints, to the digit.
 *
 * The world (games/pacman) has the rules and Python's random numbers; this
 * file has pacman.py's game loop (Game.run): the agents move in turn,
 * Pacman first, each ghost drawing its move from the run's one random
 * stream; after every single move the display is updated and a win or a
 * loss ends the game at once. Games follow each other in that stream, as
 * pacman.py's -n plays them.
 *
 * Displays: -q prints a line per game and the summary (NullGraphics); -t
 * prints the maze after every round (textDisplay.PacmanGraphics); the
 * default is the animated terminal view (pacman_view.c), which falls back
 * to the text display when there is no terminal for it.
 *
 * Ours, beyond pacman.py: --seed N, --max-moves N, --record FILE and
 * --replay FILE (our own text format, docs/pacman-record.md), RandomAgent,
 * and layouts found by name in the project's layouts/ directory.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gamesearch/pacman.h"
#include "gamesearch/pyrandom.h"
#include "commands.h"
#include "pacman_cli.h"
#include "util.h"

/* The view's pause after a game, so that its end can be seen. */
#define END_OF_GAME_PAUSE 1.5

static const char cmd[] = "pacman";

/* Parses a layout; `origin` names it in messages and `line0` is the line
 * of the file where the text starts. Returns NULL with a message. */
static gs_pac_layout *parse_layout(const char *text, size_t len,
                                   const char *origin, int line0)
{
    gs_pac_layout *layout;
    gs_pac_error err;
    memset(&err, 0, sizeof err);
    int s = gs_pac_layout_parse(text, len, NULL, &layout, &err);
    if (s == GS_OK)
        return layout;
    if (s == GS_EPARSE || s == GS_ETOOBIG) {
        if (err.line > 0)
            cli_error(cmd, "%s:%d:%d: %s", origin, err.line + line0 - 1,
                      err.column, err.message);
        else
            cli_error(cmd, "%s: %s", origin, err.message);
    } else {
        cli_error(cmd, "%s: %s", origin, gs_strerror(s));
    }
    return NULL;
}

/* ---- Playing ---- */

enum { SHOW_NONE, SHOW_TEXT, SHOW_VIEW };

typedef struct run {
    const pac_options *o;
    const gs_pacman *world;
    size_t size;
    unsigned char *state;
    pac_agent agent;
    gs_pyrandom rng;
    int show;                 /* SHOW_* for games that are not training */
    pac_view *view;
    pac_input input;          /* keys pressed since Pacman's last move */
    bool quit;                /* q in the view */
    pac_record rec;           /* the games played: results, and actions when
                                 recording or replaying */
    bool keep_actions;
    const pac_record *replay; /* the record being replayed, or NULL */
} run;

static void result_line(char *buf, size_t size, int result, int score)
{
    static const char *const words[] = {
        "Pacman died!", "Pacman emerges victorious!", "Pacman ran out of moves!"};
    snprintf(buf, size, "%s Score: %d", words[result], score);
}

static void pause_text(const run *r)
{
    double t = r->o->frame_time;
    if (t > 0) {
        fflush(stdout);
        struct timespec ts;
        ts.tv_sec = (time_t)t;
        ts.tv_nsec = (long)((t - (double)ts.tv_sec) * 1e9);
        nanosleep(&ts, NULL);
    }
}

static void view_status(const run *r, size_t game, char *buf, size_t size)
{
    long total = r->replay ? (long)r->replay->ngames : r->o->num_games;
    snprintf(buf, size, "Score: %d   food: %d   %sgame %zu of %ld   %s",
             gs_pacman_score(r->world, r->state),
             gs_pacman_food_left(r->world, r->state),
             r->replay ? "replay, " : "", game, total,
             !r->replay && r->o->pacman == PAC_KEYBOARD
                 ? "arrows/WASD move, space stops, q quits" : "q quits");
}

/* Waits in the view (seconds < 0: for a key), collecting keys; any key
 * ends the wait early when `any_key`. */
static void view_wait(run *r, double seconds, bool any_key)
{
    pac_view_wait(r->view, seconds, any_key || seconds < 0, &r->input);
    if (r->input.quit)
        r->quit = true;
}

/* What play_game returns. */
enum { GAME_OVER, GAME_FAILED, GAME_QUIT };

/*
 * Plays game number `game` (1-based) into *log: its actions from the
 * agents, or from `replay` when given. Returns GAME_OVER; GAME_QUIT when q
 * was pressed before the end; GAME_FAILED when an action was refused (a
 * bug: the agents only pick legal actions).
 */
static int play_game(run *r, size_t game, pac_game_log *log,
                     const pac_game_log *replay)
{
    const gs_pacman *w = r->world;
    int agents = gs_pacman_num_agents(w);
    int show = log->training ? SHOW_NONE : r->show;
    char status[256];
    gs_pacman_initial(w, r->state);

    /* display.initialize */
    if (show == SHOW_TEXT) {
        pac_text_frame(stdout, w, r->state);
        pause_text(r);
    } else if (show == SHOW_VIEW) {
        view_status(r, game, status, sizeof status);
        pac_view_draw(r->view, r->state, status);
        view_wait(r, r->o->frame_time, false);
    } else if (r->view && log->training) {
        snprintf(status, sizeof status, "game %zu: training, not shown", game);
        pac_view_draw(r->view, r->state, status);
    }

    int agent = 0, counter = 0;
    size_t moves = 0;
    while (!r->quit) {
        int action;
        if (replay) {
            action = replay->actions[moves];
        } else if (agent == 0) {
            pac_agent_keys(&r->agent, r->input.keys);
            r->input.keys = 0;
            action = pac_agent_action(&r->agent, w, r->state, &r->rng);
        } else {
            action = gs_pacman_ghost_action(w, r->state, agent, r->o->ghost,
                                            &r->rng);
        }
        if (gs_pacman_apply(w, r->state, agent, action) != GS_OK) {
            cli_error(cmd, "internal error: %s of agent %d refused in game %zu",
                      gs_pac_dir_name(action), agent, game);
            return GAME_FAILED;
        }
        moves++;
        if (r->keep_actions && !replay && pac_log_push(log, action) != GS_OK) {
            cli_error(cmd, "out of memory");
            return GAME_FAILED;
        }
        bool over = gs_pacman_is_win(w, r->state) || gs_pacman_is_lose(w, r->state);
        bool stopped = !over && (replay ? moves == replay->n
                                        : r->o->max_moves > 0 &&
                                              (long)moves >= r->o->max_moves);

        /* display.update: the text display draws after every round and
         * once more at the end. */
        counter = (counter + 1) % agents;
        if (show == SHOW_TEXT) {
            if (counter == 0) {
                pac_text_frame(stdout, w, r->state);
                pause_text(r);
            }
            if (over || stopped)
                pac_text_frame(stdout, w, r->state);
        } else if (show == SHOW_VIEW && (counter == 0 || over || stopped)) {
            view_status(r, game, status, sizeof status);
            pac_view_draw(r->view, r->state, status);
            if (!over && !stopped)
                view_wait(r, r->o->frame_time, false);
        } else if (r->view && (moves & 255) == 0) {
            pac_input ignored = {0, false, false};
            pac_view_wait(r->view, 0, false, &ignored);   /* q still quits */
            if (ignored.quit)
                r->quit = true;
        }

        /* rules.process */
        if (over || stopped) {
            log->result = gs_pacman_is_win(w, r->state) ? PAC_WIN
                          : over ? PAC_LOSS : PAC_STOPPED;
            log->score = gs_pacman_score(w, r->state);
            char line[96];
            result_line(line, sizeof line, log->result, log->score);
            if (show == SHOW_TEXT || show == SHOW_NONE) {
                if (!log->training)
                    puts(line);
            } else {
                snprintf(status, sizeof status, "%s   game %zu of %ld", line,
                         game, r->replay ? (long)r->replay->ngames
                                         : r->o->num_games);
                pac_view_draw(r->view, r->state, status);
                if (r->o->frame_time != 0)
                    view_wait(r, r->o->frame_time < 0 ? -1 : END_OF_GAME_PAUSE,
                              true);
            }
            return GAME_OVER;
        }
        agent = (agent + 1) % agents;
    }
    return GAME_QUIT;
}

/* pacman.py's summary of the games that were not training. */
static void print_summary(const pac_record *rec)
{
    size_t n = 0, wins = 0;
    double sum = 0;
    for (size_t i = 0; i < rec->ngames; i++)
        if (!rec->games[i].training) {
            n++;
            sum += rec->games[i].score;
            wins += rec->games[i].result == PAC_WIN;
        }
    if (n == 0)
        return;
    char num[32];
    cli_format_py_float(sum / (double)n, num);
    printf("Average Score: %s\n", num);
    fputs("Scores:        ", stdout);
    bool first = true;
    for (size_t i = 0; i < rec->ngames; i++)
        if (!rec->games[i].training) {
            cli_format_py_float((double)rec->games[i].score, num);
            printf("%s%s", first ? "" : ", ", num);
            first = false;
        }
    printf("\nWin Rate:      %zu/%zu (%.2f)\n", wins, n, (double)wins / (double)n);
    fputs("Record:        ", stdout);
    first = true;
    for (size_t i = 0; i < rec->ngames; i++)
        if (!rec->games[i].training) {
            printf("%s%s", first ? "" : ", ",
                   rec->games[i].result == PAC_WIN ? "Win" : "Loss");
            first = false;
        }
    fputc('\n', stdout);
}

/* A seed for runs without -f or --seed: from the system, else the clock. */
static int64_t random_seed(void)
{
    uint32_t v = 0;
    FILE *f = fopen("/dev/urandom", "rb");
    if (f) {
        if (fread(&v, sizeof v, 1, f) != 1)
            v = 0;
        fclose(f);
    }
    if (v == 0) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        v = (uint32_t)ts.tv_sec ^ (uint32_t)ts.tv_nsec ^ (uint32_t)getpid();
    }
    return (int64_t)v;
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
    r->view = pac_view_open(r->world, why, sizeof why);
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

/* After the view closes: the lines pacman.py would have printed. */
static void print_results(const pac_record *rec)
{
    for (size_t i = 0; i < rec->ngames; i++)
        if (!rec->games[i].training) {
            char line[96];
            result_line(line, sizeof line, rec->games[i].result,
                        rec->games[i].score);
            puts(line);
        }
}

/* Plays every game (or replays them); the record holds the results.
 * Returns the exit status. */
static int play_all(run *r, bool keyboard)
{
    int rc = open_display(r, keyboard);
    if (rc)
        return rc;
    size_t total = r->replay ? r->replay->ngames : (size_t)r->o->num_games;
    int status = 0;
    for (size_t g = 0; g < total && !r->quit; g++) {
        pac_game_log *log = pac_record_add_game(&r->rec);
        if (!log) {
            cli_error(cmd, "out of memory");
            status = 1;
            break;
        }
        log->training = r->replay ? r->replay->games[g].training
                                  : (long)g < r->o->num_training;
        int end = play_game(r, g + 1, log, r->replay ? &r->replay->games[g] : NULL);
        if (end == GAME_FAILED) {
            status = 1;
            break;
        }
        if (end == GAME_QUIT) {   /* the game left unfinished is not counted */
            free(log->actions);
            r->rec.ngames--;
        }
    }
    if (r->view) {
        pac_view_close(r->view);
        r->view = NULL;
        print_results(&r->rec);
    }
    if (status == 0)
        print_summary(&r->rec);
    return status;
}

/* ---- Replays ---- */

/*
 * Replays every game of a record through the rules, silently: each action
 * must be legal, the game must end exactly at its last action (unless it
 * was stopped) with the recorded result and score. Returns 0, or
 * EXIT_BAD_INPUT with a message naming the file, line and column.
 */
static int check_record(const char *path, const pac_record *rec,
                        const gs_pacman *w, unsigned char *state)
{
    int agents = gs_pacman_num_agents(w);
    for (size_t g = 0; g < rec->ngames; g++) {
        const pac_game_log *log = &rec->games[g];
        gs_pacman_initial(w, state);
        if (log->n == 0) {
            cli_error(cmd, "%s:%d:1: game %zu has no moves", path,
                      log->header_line, g + 1);
            return EXIT_BAD_INPUT;
        }
        int agent = 0;
        for (size_t i = 0; i < log->n; i++) {
            const char *who = agent == 0 ? "Pacman" : "ghost";
            if (gs_pacman_is_win(w, state) || gs_pacman_is_lose(w, state)) {
                cli_error(cmd, "%s:%d:%d: game %zu is over after move %zu "
                          "(Pacman %s), but the record goes on", path,
                          log->line[i], log->col[i], g + 1, i,
                          gs_pacman_is_win(w, state) ? "won" : "died");
                return EXIT_BAD_INPUT;
            }
            if (gs_pacman_apply(w, state, agent, log->actions[i]) != GS_OK) {
                char ghost[32] = "";
                if (agent > 0)
                    snprintf(ghost, sizeof ghost, " %d", agent);
                cli_error(cmd, "%s:%d:%d: %s is not a legal move for %s%s here "
                          "(game %zu, move %zu)", path, log->line[i],
                          log->col[i], gs_pac_dir_name(log->actions[i]), who,
                          ghost, g + 1, i + 1);
                return EXIT_BAD_INPUT;
            }
            agent = (agent + 1) % agents;
        }
        int result = gs_pacman_is_win(w, state) ? PAC_WIN
                     : gs_pacman_is_lose(w, state) ? PAC_LOSS : PAC_STOPPED;
        int score = gs_pacman_score(w, state);
        if (result != log->result || score != log->score) {
            static const char *const names[] = {"Loss", "Win", "Stopped"};
            cli_error(cmd, "%s:%d:1: game %zu's moves give result=%s score=%d, "
                      "but the record says result=%s score=%d", path,
                      log->header_line, g + 1, names[result], score,
                      names[log->result], log->score);
            return EXIT_BAD_INPUT;
        }
    }
    return 0;
}

static int replay_file(const pac_options *o)
{
    const char *path = o->replay;
    char *text = NULL, err[256];
    size_t len;
    if (cli_read_all(path, &text, &len, err, sizeof err) != 0) {
        cli_error(cmd, "%s: %s", path, err);
        return EXIT_BAD_INPUT;
    }
    pac_record rec;
    pac_record_error perr;
    memset(&perr, 0, sizeof perr);
    int status = EXIT_BAD_INPUT;
    gs_pac_layout *layout = NULL;
    gs_pacman *world = NULL;
    run r;
    memset(&r, 0, sizeof r);
    if (pac_record_parse(text, len, &rec, &perr) != 0) {
        if (perr.column > 0)
            cli_error(cmd, "%s:%d:%d: %s", path, perr.line, perr.column,
                      perr.message);
        else if (perr.line > 0)
            cli_error(cmd, "%s:%d: %s", path, perr.line, perr.message);
        else
            cli_error(cmd, "%s: %s", path, perr.message);
        goto out;
    }
    layout = parse_layout(rec.layout_text, rec.layout_len, path,
                          rec.layout_first_line);
    if (!layout)
        goto out;
    if (rec.ghosts > gs_pac_layout_num_ghosts(layout)) {
        cli_error(cmd, "%s:%d: the record has %d ghosts, but its layout only %d",
                  path, rec.ghosts_line, rec.ghosts,
                  gs_pac_layout_num_ghosts(layout));
        goto out;
    }
    if (gs_pacman_new(layout, rec.ghosts, NULL, &world) != GS_OK) {
        cli_error(cmd, "out of memory");
        status = 1;
        goto out;
    }
    r.o = o;
    r.world = world;
    r.size = gs_pacman_state_size(world);
    r.state = malloc(r.size);
    if (!r.state) {
        cli_error(cmd, "out of memory");
        status = 1;
        goto out;
    }
    status = check_record(path, &rec, world, r.state);
    if (status)
        goto out;
    r.replay = &rec;
    status = play_all(&r, false);
out:
    pac_record_free(&r.rec);
    free(r.state);
    gs_pacman_free(world);
    gs_pac_layout_free(layout);
    pac_record_free(&rec);
    free(text);
    return status;
}

/* ---- The command ---- */

static int play(const pac_options *o)
{
    char path[2048], err[256], *text = NULL;
    size_t len;
    const char *name = o->layout ? o->layout : PAC_DEFAULT_LAYOUT;
    if (!pac_find_layout(name, path, sizeof path))
        return EXIT_BAD_INPUT;
    if (cli_read_all(path, &text, &len, err, sizeof err) != 0) {
        cli_error(cmd, "%s: %s", path, err);
        return EXIT_BAD_INPUT;
    }
    int status = EXIT_BAD_INPUT;
    gs_pacman *world = NULL;
    FILE *recf = NULL;
    run r;
    memset(&r, 0, sizeof r);
    gs_pac_layout *layout = parse_layout(text, len, path, 1);
    if (!layout)
        goto out;
    if (gs_pacman_new(layout, (int)o->num_ghosts, NULL, &world) != GS_OK ||
        pac_agent_init(&r.agent, o->pacman, world) != GS_OK) {
        cli_error(cmd, "out of memory");
        status = 1;
        goto out;
    }
    r.o = o;
    r.world = world;
    r.size = gs_pacman_state_size(world);
    r.state = malloc(r.size);
    r.keep_actions = o->record != NULL;
    if (!r.state) {
        cli_error(cmd, "out of memory");
        status = 1;
        goto out;
    }
    /* Opened now, so that a record that cannot be written stops the run
     * before it starts. */
    if (o->record && !(recf = fopen(o->record, "w"))) {
        cli_error(cmd, "--record %s: cannot write: %s", o->record,
                  strerror(errno));
        goto out;
    }

    /* random.seed: once, before the first game. */
    pac_record *rec = &r.rec;
    if (o->fix_seed) {
        gs_pyrandom_seed_str(&r.rng, "cs188");
        rec->seed_is_string = true;
    } else {
        rec->seed = o->seed_set ? o->seed : random_seed();
        rec->seed_random = !o->seed_set;
        gs_pyrandom_seed_int(&r.rng, rec->seed);
    }

    status = play_all(&r, o->pacman == PAC_KEYBOARD);
    if (status == 0 && o->record) {
        snprintf(rec->pacman, sizeof rec->pacman, "%s", pac_agent_name(o->pacman));
        rec->ghosts = gs_pacman_num_agents(world) - 1;
        rec->ghost_kind = o->ghost;
        rec->max_moves = o->max_moves;
        rec->layout_name = malloc(strlen(name) + 1);
        rec->agent_args = o->agent_args ? malloc(strlen(o->agent_args) + 1) : NULL;
        if (!rec->layout_name || (o->agent_args && !rec->agent_args)) {
            cli_error(cmd, "out of memory");
            status = 1;
            goto out;
        }
        strcpy(rec->layout_name, name);
        if (o->agent_args)
            strcpy(rec->agent_args, o->agent_args);
        rec->layout_text = text;       /* lent to the record until written */
        rec->layout_len = len;
        fflush(stdout);
        if (pac_record_write(recf, rec, err, sizeof err) != 0) {
            cli_error(cmd, "--record %s: %s", o->record, err);
            status = 1;
        }
        rec->layout_text = NULL;
    }
out:
    if (recf && fclose(recf) != 0 && status == 0) {
        cli_error(cmd, "--record %s: cannot write: %s", o->record,
                  strerror(errno));
        status = 1;
    }
    pac_record_free(&r.rec);
    pac_agent_free(&r.agent);
    free(r.state);
    gs_pacman_free(world);
    gs_pac_layout_free(layout);
    free(text);
    return status;
}

int cmd_pacman(int argc, char **argv)
{
    pac_options o;
    int rc = pac_options_parse(argc, argv, &o);
    if (rc)
        return rc == 1 ? 0 : rc;
    return o.replay ? replay_file(&o) : play(&o);
}
