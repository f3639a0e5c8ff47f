/*
 * games/pacman/batch.c: what a batch of games needs around the game loop
 * (`gamesearch pacman -n N`): a seed when none is given, each game logged
 * into the run's record as it is played, games played away from the
 * record (on other threads or MPI ranks) packed into bytes and added to it
 * in order, the tally of a batch's progress, and the setup of a replay.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gamesearch/pacman_play.h"

int64_t gs_pac_random_seed(void)
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

/* ---- A game logged as it is played ---- */

typedef struct logger {
    gs_pac_record *rec;
    gs_pac_game_log *log;
    unsigned keep;
    const gs_pac_play_options *o;   /* the caller's callbacks */
    int status;               /* GS_ENOMEM once the log could not grow */
} logger;

static int log_move(void *user, const gs_pac_move *m)
{
    logger *lg = user;
    if (m->number > 0 &&
        (((lg->keep & GS_PAC_KEEP_ACTIONS) &&
          gs_pac_record_push(lg->rec, lg->log, m->action) != GS_OK) ||
         (m->decision && (lg->keep & GS_PAC_KEEP_DECISIONS) &&
          gs_pac_record_push_decision(lg->rec, lg->log, m->decision) !=
              GS_OK))) {
        lg->status = GS_ENOMEM;
        return 1;
    }
    return lg->o->on_move ? lg->o->on_move(lg->o->user, m) : 0;
}

static unsigned log_keys(void *user)
{
    logger *lg = user;
    return lg->o->keys(lg->o->user);
}

int gs_pac_play_logged(const gs_pacman *world, gs_pac_agent *agent,
                       gs_pyrandom *rng, const gs_pac_play_options *options,
                       gs_pac_record *rec, gs_pac_game_log *log,
                       unsigned keep, void *state, gs_pac_game_result *out)
{
    if (!agent && options && options->replay_length == 0 && world && state &&
        log) {
        /* A game stopped before its first move: its start. */
        memset(out, 0, sizeof *out);
        out->result = GS_PAC_STOPPED;
        gs_pacman_initial(world, state);
        gs_pac_game_log_end(log, out);
        return GS_OK;
    }
    if (!options || !rec || !log)
        return GS_EINVAL;
    logger lg = {rec, log, keep, options, GS_OK};
    gs_pac_play_options o = *options;
    o.on_move = log_move;
    o.keys = options->keys ? log_keys : NULL;
    o.user = &lg;
    int rc = gs_pac_play(world, agent, rng, &o, state, out);
    if (lg.status != GS_OK)
        return lg.status;
    if (rc == GS_OK)
        gs_pac_game_log_end(log, out);
    return rc;
}

void gs_pac_game_log_end(gs_pac_game_log *log, const gs_pac_game_result *game)
{
    log->result = game->result == GS_PAC_WIN || game->result == GS_PAC_LOSS
                  ? game->result : GS_PAC_STOPPED;
    log->score = game->score;
}

/* ---- Games packed into bytes ---- */

/* What follows a packed game's actions. */
typedef struct packed_tail {
    gs_pac_game_result game;
    size_t actions;
} packed_tail;

int gs_pac_game_pack(const gs_pac_game_log *log,
                     const gs_pac_game_result *game, gs_write_fn write,
                     void *user)
{
    packed_tail tail;
    memset(&tail, 0, sizeof tail);
    tail.game = *game;
    tail.actions = log->n;
    int rc = log->n ? write(user, (const char *)log->actions, log->n) : 0;
    return rc ? rc : write(user, (const char *)&tail, sizeof tail);
}

/* The tail of a packed game at the end of data. */
static int unpack(const char *data, size_t len, packed_tail *tail,
                  size_t *start)
{
    if (!data || len < sizeof *tail)
        return GS_EINVAL;
    memcpy(tail, data + len - sizeof *tail, sizeof *tail);
    if (tail->actions > len - sizeof *tail)
        return GS_EINVAL;
    *start = len - sizeof *tail - tail->actions;
    return GS_OK;
}

int gs_pac_game_unpack(const char *data, size_t len, gs_pac_game_result *game,
                       size_t *start)
{
    packed_tail tail;
    int rc = unpack(data, len, &tail, start);
    if (rc == GS_OK)
        *game = tail.game;
    return rc;
}

int gs_pac_record_add_packed(gs_pac_record *rec, const char *data, size_t len,
                             bool training, gs_pac_game_result *game,
                             size_t *start)
{
    packed_tail tail;
    int rc = unpack(data, len, &tail, start);
    if (rc != GS_OK)
        return rc;
    gs_pac_game_log *log = gs_pac_record_add_game(rec);
    if (!log)
        return GS_ENOMEM;
    for (size_t i = 0; i < tail.actions; i++)
        if (gs_pac_record_push(rec, log, (unsigned char)data[*start + i]) !=
            GS_OK) {
            gs_pac_record_drop_game(rec);
            return GS_ENOMEM;
        }
    log->training = training;
    gs_pac_game_log_end(log, &tail.game);
    *game = tail.game;
    return GS_OK;
}

/* ---- Progress ---- */

void gs_pac_tally_add(gs_pac_tally *t, const gs_pac_game_result *game,
                      bool training)
{
    t->done++;
    if (!training) {
        t->counted++;
        t->wins += game->result == GS_PAC_WIN;
        t->score_sum += game->score;
    }
}

size_t gs_pac_tally_text(const gs_pac_tally *t, size_t total, double seconds,
                         char *buf, size_t size)
{
    char mean[32] = "-";
    if (t->counted)
        snprintf(mean, sizeof mean, "%.1f", t->score_sum / (double)t->counted);
    int n = snprintf(buf, size, "%zu/%zu games, %zu wins, mean score %s, "
                     "%.1f games/s", t->done, total, t->wins, mean,
                     (double)t->done / seconds);
    return n < 0 ? 0 : (size_t)n;
}

/* ---- Replays ---- */

int gs_pac_replay_open(const char *text, size_t len,
                       const gs_allocator *alloc, gs_pac_record *rec,
                       gs_pacman **world, gs_error *error)
{
    gs_error local;
    if (!error)
        error = &local;
    memset(error, 0, sizeof *error);
    *world = NULL;
    int rc = gs_pac_record_parse(text, len, alloc, rec, error);
    if (rc != GS_OK)
        return rc;
    rc = gs_pacman_read(rec->layout_text, rec->layout_len,
                        rec->layout_first_line, rec->ghosts, alloc, world,
                        error);
    if (rc == GS_OK && gs_pacman_num_agents(*world) - 1 < rec->ghosts) {
        snprintf(error->message, sizeof error->message, "the record has %d "
                 "ghosts, but its layout only %d", rec->ghosts,
                 gs_pacman_num_agents(*world) - 1);
        error->line = rec->ghosts_line;
        error->column = 0;
        rc = GS_EPARSE;
    }
    if (rc == GS_OK)
        rc = gs_pac_record_check(rec, *world, alloc, error);
    if (rc != GS_OK) {
        gs_pacman_free(*world);
        *world = NULL;
        gs_pac_record_free(rec);
    }
    return rc;
}
