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
#include "play_internal.h"

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

void gs_pac_record_seeding(gs_pac_record *rec, gs_pac_seeding how,
                           int64_t seed, bool is_unsigned)
{
    rec->seed_is_string = how == GS_PAC_SEED_CS188;
    rec->seed_per_game = how == GS_PAC_SEED_PER_GAME ||
                         how == GS_PAC_SEED_RANDOM;
    rec->seed_random = how == GS_PAC_SEED_RANDOM;
    rec->seed = how == GS_PAC_SEED_CS188 ? 0
                : how == GS_PAC_SEED_RANDOM ? gs_pac_random_seed() : seed;
    rec->seed_unsigned = is_unsigned && (how == GS_PAC_SEED_ONE ||
                                         how == GS_PAC_SEED_PER_GAME);
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

/* What follows a packed game's actions and decisions. */
typedef struct packed_tail {
    gs_pac_game_result game;
    size_t actions;
    size_t decisions;        /* gs_pac_decision structs, as bytes */
} packed_tail;

int gs_pac_game_pack(const gs_pac_game_log *log,
                     const gs_pac_game_result *game, gs_write_fn write,
                     void *user)
{
    packed_tail tail;
    memset(&tail, 0, sizeof tail);
    tail.game = *game;
    tail.actions = log->n;
    tail.decisions = log->ndecisions;
    int rc = log->n ? write(user, (const char *)log->actions, log->n) : 0;
    if (!rc && log->ndecisions)
        rc = write(user, (const char *)log->decisions,
                   log->ndecisions * sizeof *log->decisions);
    return rc ? rc : write(user, (const char *)&tail, sizeof tail);
}

/* The tail of a packed game at the end of data. */
static int unpack(const char *data, size_t len, packed_tail *tail,
                  size_t *start)
{
    if (!data || len < sizeof *tail)
        return GS_EINVAL;
    memcpy(tail, data + len - sizeof *tail, sizeof *tail);
    size_t room = len - sizeof *tail;
    if (tail->decisions > room / sizeof(gs_pac_decision))
        return GS_EINVAL;
    room -= tail->decisions * sizeof(gs_pac_decision);
    if (tail->actions > room)
        return GS_EINVAL;
    *start = room - tail->actions;
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

/* ---- Batches ---- */

int gs_pac_batch_init(gs_pac_batch *b, const gs_pacman *world, size_t games,
                      const gs_pac_record *replay, const gs_allocator *alloc)
{
    memset(b, 0, sizeof *b);
    gs_pac_record_init(&b->rec, alloc);
    gs_pac_play_options_init(&b->options);
    b->world = world;
    b->replay = replay;
    b->games = replay ? replay->ngames : games;
    b->results = pac_mem_alloc(&b->rec.alloc,
                               b->games * sizeof *b->results);
    if (!b->results)
        return GS_ENOMEM;
    memset(b->results, 0, b->games * sizeof *b->results);
    return GS_OK;
}

void gs_pac_batch_free(gs_pac_batch *b)
{
    pac_mem_free(&b->rec.alloc, b->results, b->games * sizeof *b->results);
    b->results = NULL;
    gs_pac_record_free(&b->rec);
}

int gs_pac_batch_header(gs_pac_batch *b, const char *layout_name,
                        gs_pac_agent_kind pacman, const char *agent_args)
{
    gs_pac_record *rec = &b->rec;
    snprintf(rec->pacman, sizeof rec->pacman, "%s",
             gs_pac_agent_name(pacman));
    rec->ghosts = gs_pacman_num_agents(b->world) - 1;
    rec->ghost_kind = b->options.ghosts;
    rec->max_moves = b->options.max_moves;
    if (gs_pac_record_set(rec, &rec->layout_name, layout_name) != GS_OK ||
        gs_pac_record_set(rec, &rec->agent_args, agent_args) != GS_OK)
        return GS_ENOMEM;
    return GS_OK;
}

void gs_pac_batch_settings_init(gs_pac_batch_settings *s)
{
    memset(s, 0, sizeof *s);
    s->games = 1;
    s->pacman = GS_PAC_AGENT_KEYBOARD;
    s->ghosts = GS_PAC_RANDOM_GHOST;
    s->timeout = 30;
    s->seeding = GS_PAC_SEED_RANDOM;
}

int gs_pac_batch_setup(gs_pac_batch *b, const gs_pacman *world,
                       const char *layout_name,
                       const gs_pac_batch_settings *s,
                       const gs_pac_record *replay, const gs_allocator *alloc)
{
    if (gs_pac_batch_init(b, world, (size_t)s->games, replay, alloc) != GS_OK)
        return GS_ENOMEM;
    b->training = s->training;
    b->options.ghosts = s->ghosts;
    b->options.max_moves = s->max_moves;
    b->options.timeout = s->catch_exceptions ? (double)s->timeout : -1;
    if (replay)
        return GS_OK;
    b->keep = s->keep;
    gs_pac_record_seeding(&b->rec, s->seeding, s->seed, s->seed_unsigned);
    return gs_pac_batch_header(b, layout_name, s->pacman, s->agent_args);
}

long gs_pac_batch_threads(const gs_pac_batch *b, long jobs)
{
    if (b->replay || !b->rec.seed_per_game || jobs < 1 || b->games == 0)
        return 1;
    return (size_t)jobs < b->games ? jobs : (long)b->games;
}

bool gs_pac_batch_training(const gs_pac_batch *b, size_t g)
{
    return b->replay ? b->replay->games[g].training : (long)g < b->training;
}

int gs_pac_player_init(gs_pac_player *p, const gs_pac_batch *b,
                       gs_pac_agent_kind kind, const char *args,
                       unsigned measure, gs_error *error)
{
    memset(p, 0, sizeof *p);
    gs_pac_record_init(&p->own, &b->rec.alloc);
    p->state_size = gs_pacman_state_size(b->world);
    p->state = pac_mem_alloc(&b->rec.alloc, p->state_size);
    if (!p->state)
        return GS_ENOMEM;
    if (b->replay)
        return GS_OK;
    int rc = gs_pac_agent_new(kind, args, b->world, &b->rec.alloc, &p->agent,
                              error);
    if (rc == GS_OK)
        gs_pac_agent_measure(p->agent,
                             gs_pac_agent_measuring(p->agent) | measure);
    return rc;
}

void gs_pac_player_free(gs_pac_player *p)
{
    gs_pac_agent_free(p->agent);
    p->agent = NULL;
    pac_mem_free(&p->own.alloc, p->state, p->state_size);
    p->state = NULL;
    gs_pac_record_free(&p->own);
}

/* Game g of b by p into `into` and *out. */
static int play_into(const gs_pac_batch *b, gs_pac_player *p, size_t g,
                     const gs_pac_play_options *calls, gs_pac_record *into,
                     gs_pac_game_result *out)
{
    gs_pac_game_log *log = gs_pac_record_add_game(into);
    if (!log)
        return GS_ENOMEM;
    log->training = gs_pac_batch_training(b, g);
    if (b->rec.seed_per_game || g == 0)
        gs_pac_record_seed(&b->rec, &p->rng, g + 1);
    gs_pac_play_options o = b->options;
    o.on_move = calls->on_move;
    o.keys = calls->keys;
    o.user = calls->user;
    if (b->replay) {
        o.replay = b->replay->games[g].actions;
        o.replay_length = b->replay->games[g].n;
    }
    return gs_pac_play_logged(b->world, p->agent, &p->rng, &o, into, log,
                              b->keep, p->state, out);
}

int gs_pac_batch_play(gs_pac_batch *b, gs_pac_player *p, size_t g,
                      const gs_pac_play_options *calls)
{
    return play_into(b, p, g, calls, &b->rec, &b->results[g]);
}

int gs_pac_batch_play_away(const gs_pac_batch *b, gs_pac_player *p, size_t g,
                           const gs_pac_play_options *calls,
                           gs_pac_game_result *out, gs_write_fn write,
                           void *user)
{
    memset(out, 0, sizeof *out);
    if (b->replay)
        return GS_EINVAL;
    int rc = play_into(b, p, g, calls, &p->own, out);
    if (rc == GS_OK)
        rc = gs_pac_game_pack(&p->own.games[p->own.ngames - 1], out, write,
                              user);
    if (p->own.ngames > 0)
        gs_pac_record_drop_game(&p->own);
    return rc;
}

int gs_pac_batch_take(gs_pac_batch *b, size_t g, const char *data, size_t len,
                      size_t *start)
{
    packed_tail tail;
    int rc = unpack(data, len, &tail, start);
    if (rc != GS_OK)
        return rc;
    gs_pac_record *rec = &b->rec;
    gs_pac_game_log *log = gs_pac_record_add_game(rec);
    if (!log)
        return GS_ENOMEM;
    for (size_t i = 0; i < tail.actions; i++)
        if (gs_pac_record_push(rec, log, (unsigned char)data[*start + i]) !=
            GS_OK) {
            gs_pac_record_drop_game(rec);
            return GS_ENOMEM;
        }
    const char *kept = data + *start + tail.actions;
    for (size_t i = 0; i < tail.decisions; i++) {
        gs_pac_decision d;
        memcpy(&d, kept + i * sizeof d, sizeof d);
        if (gs_pac_record_push_decision(rec, log, &d) != GS_OK) {
            gs_pac_record_drop_game(rec);
            return GS_ENOMEM;
        }
    }
    log->training = gs_pac_batch_training(b, g);
    gs_pac_game_log_end(log, &tail.game);
    b->results[g] = tail.game;
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

bool gs_pac_batch_count(gs_pac_batch *b, size_t g, gs_pac_tally *t)
{
    const gs_pac_game_result *r = &b->results[g];
    if (r->result == GS_PAC_QUIT && r->moves == 0) {
        gs_pac_record_drop_game(&b->rec);
        return false;
    }
    gs_pac_tally_add(t, r, gs_pac_batch_training(b, g));
    return true;
}

int gs_pac_batch_count_packed(const gs_pac_batch *b, size_t g,
                              const char *data, size_t len, gs_pac_tally *t)
{
    gs_pac_game_result r;
    size_t start;
    int rc = gs_pac_game_unpack(data, len, &r, &start);
    if (rc == GS_OK)
        gs_pac_tally_add(t, &r, gs_pac_batch_training(b, g));
    return rc;
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
