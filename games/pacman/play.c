/*
 * games/pacman/play.c: pacman.py's game loop (game.py's Game.run): the
 * agents move in turn, Pacman first, each ghost drawing its move from the
 * random stream; a win or a loss ends the game at once. After every single
 * move the caller's callback sees the state, which is where displays,
 * records and measurements hang. Under options->timeout (pacman.py's -c)
 * every decision is timed as game.py times it, and an agent out of time
 * ends the game before its move. Also: the per-game random streams of a
 * batch, the check of a record's games against the rules, and the
 * statistics of a batch's results.
 */
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "gamesearch/pacman_play.h"
#include "play_internal.h"

double gs_pac_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void gs_pac_sleep(double seconds)
{
    if (!(seconds > 0))
        return;
    struct timespec ts;
    ts.tv_sec = (time_t)seconds;
    ts.tv_nsec = (long)((seconds - (double)ts.tv_sec) * 1e9);
    nanosleep(&ts, NULL);
}

void gs_pac_play_options_init(gs_pac_play_options *options)
{
    memset(options, 0, sizeof *options);
    options->ghosts = GS_PAC_RANDOM_GHOST;
    options->timeout = -1;
}

/*
 * game.py's checks of an agent's decision under -c, in its order: a
 * decision that reached the alarm (floor(timeout) seconds, when above 0),
 * then one over the warning time with no warning allowed, then the agent's
 * total over the game. GS_PAC_TIMEOUT_NONE when the decision stands.
 */
static gs_pac_timeout over_time(double timeout, double dt, double total)
{
    double alarm = floor(timeout);
    if (alarm > 0 && dt >= alarm)
        return GS_PAC_TIMEOUT_MOVE;
    if (dt > timeout)
        return GS_PAC_TIMEOUT_WARNING;
    if (total > timeout)
        return GS_PAC_TIMEOUT_TOTAL;
    return GS_PAC_TIMEOUT_NONE;
}

static int play_game(const gs_pacman *world, gs_pac_agent *agent,
                     gs_pyrandom *rng, const gs_pac_play_options *options,
                     void *state, gs_pac_game_result *out);

int gs_pac_play(const gs_pacman *world, gs_pac_agent *agent, gs_pyrandom *rng,
                const gs_pac_play_options *options, void *state,
                gs_pac_game_result *out)
{
    int rc = play_game(world, agent, rng, options, state, out);
    if (agent && options && options->timeout >= 0 && !options->replay)
        gs_pac_agent_time_limit(agent, 0);   /* the agent as it was given */
    return rc;
}

static int play_game(const gs_pacman *world, gs_pac_agent *agent,
                     gs_pyrandom *rng, const gs_pac_play_options *options,
                     void *state, gs_pac_game_result *out)
{
    const gs_pac_play_options *o = options;
    memset(out, 0, sizeof *out);
    out->agent = out->action = -1;
    if (!world || !o || !state || (o->replay && o->replay_length == 0) ||
        (!o->replay && (!agent || !rng)))
        return GS_EINVAL;
    int agents = gs_pacman_num_agents(world);
    double start = gs_pac_now();
    gs_pacman_initial(world, state);
    bool timed = o->timeout >= 0 && !o->replay;
    double agent_seconds[GS_PAC_MAX_GHOSTS + 1] = {0};
    if (timed)
        gs_pac_agent_time_limit(agent, floor(o->timeout));

    gs_pac_move m;
    memset(&m, 0, sizeof m);
    m.agent = m.action = -1;
    m.state = state;
    m.game = out;
    /* display.initialize */
    if (o->on_move && o->on_move(o->user, &m) != 0) {
        out->result = GS_PAC_QUIT;
        return GS_OK;
    }
    gs_pac_decision d;
    int who = 0;
    for (;;) {
        int action;
        const gs_pac_decision *decision = NULL;
        double asked = timed ? gs_pac_now() : 0;
        if (o->replay) {
            action = o->replay[out->moves];
        } else if (who == 0) {
            if (o->keys)
                gs_pac_agent_keys(agent, o->keys(o->user));
            double t0 = gs_pac_now();
            gs_pac_agent_act(agent, state, rng, &d);
            double dt = gs_pac_now() - t0;
            action = d.action;
            decision = &d;
            out->pacman_moves++;
            out->nodes += d.nodes;
            out->move_seconds += dt;
            if (dt > out->max_move_seconds)
                out->max_move_seconds = dt;
        } else {
            action = gs_pacman_ghost_action(world, state, who, o->ghosts, rng);
        }
        out->agent = who;
        out->action = action;
        if (timed) {
            /* game.py times every agent's getAction, ghosts too. */
            double dt = gs_pac_now() - asked;
            agent_seconds[who] += dt;
            gs_pac_timeout late = over_time(o->timeout, dt, agent_seconds[who]);
            if (late != GS_PAC_TIMEOUT_NONE) {
                out->result = GS_PAC_TIMED_OUT;
                out->timeout = late;
                out->agent_seconds = agent_seconds[who];
                out->score = gs_pacman_score(world, state);
                out->seconds = gs_pac_now() - start;
                return GS_OK;
            }
        }
        if (gs_pacman_apply(world, state, who, action) != GS_OK)
            return GS_EINVAL;
        out->moves++;
        bool over = gs_pacman_is_win(world, state) ||
                    gs_pacman_is_lose(world, state);
        bool stopped = !over && (o->replay
                                     ? (size_t)out->moves == o->replay_length
                                     : o->max_moves > 0 &&
                                           out->moves >= o->max_moves);
        out->score = gs_pacman_score(world, state);
        /* rules.process */
        if (over || stopped) {
            out->result = gs_pacman_is_win(world, state) ? GS_PAC_WIN
                          : over ? GS_PAC_LOSS : GS_PAC_STOPPED;
            out->seconds = gs_pac_now() - start;
        }
        m.number = out->moves;
        m.agent = who;
        m.action = action;
        m.pacman_move = out->pacman_moves;
        m.decision = decision;
        m.over = over || stopped;
        int stop = o->on_move ? o->on_move(o->user, &m) : 0;
        if (over || stopped)
            return GS_OK;
        if (stop) {
            out->result = GS_PAC_QUIT;
            out->seconds = gs_pac_now() - start;
            return GS_OK;
        }
        who = (who + 1) % agents;
    }
}

void gs_pac_seed_game(gs_pyrandom *rng, int64_t base, size_t game)
{
    char s[48];
    snprintf(s, sizeof s, "%" PRId64 ":%zu", base, game);
    gs_pyrandom_seed_str(rng, s);
}

const char *gs_pac_record_seed_text(const gs_pac_record *rec, char *buf)
{
    if (rec->seed_unsigned)
        snprintf(buf, GS_PAC_SEED_TEXT, "%" PRIu64, (uint64_t)rec->seed);
    else
        snprintf(buf, GS_PAC_SEED_TEXT, "%" PRId64, rec->seed);
    return buf;
}

void gs_pac_record_seed(const gs_pac_record *rec, gs_pyrandom *rng,
                        size_t game)
{
    char n[GS_PAC_SEED_TEXT], s[48];
    if (rec->seed_is_string) {
        gs_pyrandom_seed_str(rng, "cs188");
    } else if (rec->seed_per_game) {
        snprintf(s, sizeof s, "%s:%zu", gs_pac_record_seed_text(rec, n), game);
        gs_pyrandom_seed_str(rng, s);
    } else if (rec->seed_unsigned) {
        gs_pyrandom_seed_uint(rng, (uint64_t)rec->seed);
    } else {
        gs_pyrandom_seed_int(rng, rec->seed);
    }
}

/* ---- Records against the rules ---- */

static int check_error(gs_error *error, int line, int column,
                       const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;



static int check_error(gs_error *error, int line, int column,
                       const char *fmt, ...)
{
    va_list ap;
    error->line = line;
    error->column = column;
    va_start(ap, fmt);
    vsnprintf(error->message, sizeof error->message, fmt, ap);
    va_end(ap);
    return GS_EPARSE;
}

/* The games of rec played through the rules in `state`. */
static int check_games(const gs_pac_record *rec, const gs_pacman *w,
                       void *state, gs_error *error)
{
    static const char *const names[] = {"Loss", "Win", "Stopped"};
    int agents = gs_pacman_num_agents(w);
    for (size_t g = 0; g < rec->ngames; g++) {
        const gs_pac_game_log *log = &rec->games[g];
        gs_pacman_initial(w, state);
        /* A game stopped before its first move (an agent out of time under
         * -c) is the start itself. */
        if (log->n == 0 && log->result != GS_PAC_STOPPED)
            return check_error(error, log->header_line, 1,
                               "game %zu has no moves", g + 1);
        int agent = 0;
        for (size_t i = 0; i < log->n; i++) {
            int line = log->line ? log->line[i] : 0;
            int col = log->col ? log->col[i] : 0;
            if (gs_pacman_is_win(w, state) || gs_pacman_is_lose(w, state))
                return check_error(error, line, col, "game %zu is over after "
                                   "move %zu (Pacman %s), but the record goes "
                                   "on", g + 1, i,
                                   gs_pacman_is_win(w, state) ? "won" : "died");
            /* A game ends after max-moves single-agent moves, as it was
             * played: a record cannot hold more. */
            if (rec->max_moves > 0 && i >= (size_t)rec->max_moves)
                return check_error(error, line, col, "game %zu goes on after "
                                   "move %zu, but the record's max-moves: %ld "
                                   "ends a game there", g + 1, i,
                                   rec->max_moves);
            if (gs_pacman_apply(w, state, agent, log->actions[i]) != GS_OK) {
                char ghost[32] = "";
                if (agent > 0)
                    snprintf(ghost, sizeof ghost, " %d", agent);
                return check_error(error, line, col, "%s is not a legal move "
                                   "for %s%s here (game %zu, move %zu)",
                                   gs_pac_dir_name(log->actions[i]),
                                   agent == 0 ? "Pacman" : "ghost", ghost,
                                   g + 1, i + 1);
            }
            agent = (agent + 1) % agents;
        }
        int result = gs_pacman_is_win(w, state) ? GS_PAC_WIN
                     : gs_pacman_is_lose(w, state) ? GS_PAC_LOSS
                                                   : GS_PAC_STOPPED;
        int score = gs_pacman_score(w, state);
        if (result != (int)log->result || score != log->score)
            return check_error(error, log->header_line, 1, "game %zu's moves "
                               "give result=%s score=%d, but the record says "
                               "result=%s score=%d", g + 1, names[result],
                               score, names[log->result % 3], log->score);
    }
    return GS_OK;
}

int gs_pac_record_check(const gs_pac_record *rec, const gs_pacman *world,
                        const gs_allocator *alloc, gs_error *error)
{
    gs_error local;
    if (!error)
        error = &local;
    memset(error, 0, sizeof *error);
    if (!alloc)
        alloc = gs_default_allocator();
    size_t size = gs_pacman_state_size(world);
    void *state = pac_mem_alloc(alloc, size);
    if (!state)
        return GS_ENOMEM;
    int rc = check_games(rec, world, state, error);
    pac_mem_free(alloc, state, size);
    return rc;
}

/* ---- Statistics ---- */

/* The normal distribution's 97.5% quantile. */
#define Z95 1.959963984540054

double gs_pac_student_t95(long df)
{
    /* t(0.975, df) for df = 1..30 (computed with mpmath to 12 digits). */
    static const double table[30] = {
        12.7062047362, 4.30265272975, 3.18244630528, 2.7764451052,
        2.57058183564, 2.44691185114, 2.36462425159, 2.3060041352,
        2.2621571628, 2.22813885199, 2.20098516009, 2.17881282967,
        2.16036865646, 2.14478668792, 2.13144954556, 2.11990529922,
        2.10981557783, 2.10092204024, 2.09302405441, 2.08596344727,
        2.07961384473, 2.0738730679, 2.06865761042, 2.06389856163,
        2.05953855275, 2.05552943864, 2.05183051648, 2.0484071418,
        2.04522964213, 2.0422724563};
    if (df < 1)
        return NAN;
    if (df <= 30)
        return table[df - 1];
    /* Beyond: the Cornish-Fisher expansion of t around the normal
     * quantile to 1/df^4 (Abramowitz and Stegun 26.7.5), within 3e-8 from
     * df = 31 on. */
    double z = Z95, z2 = z * z, d = (double)df;
    double g1 = (z2 + 1) * z / 4;
    double g2 = ((5 * z2 + 16) * z2 + 3) * z / 96;
    double g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384;
    double g4 = ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * z /
                92160;
    return z + g1 / d + g2 / (d * d) + g3 / (d * d * d) + g4 / (d * d * d * d);
}

void gs_pac_wilson95(size_t wins, size_t n, double *lo, double *hi)
{
    double nn = (double)n, p = (double)wins / nn, z2 = Z95 * Z95;
    double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
    double half = Z95 / (1 + z2 / nn) *
                  sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn));
    *lo = centre - half < 0 ? 0 : centre - half;
    *hi = centre + half > 1 ? 1 : centre + half;
    if (wins == 0)      /* exactly, without rounding */
        *lo = 0;
    if (wins == n)
        *hi = 1;
}

void gs_pac_summarize(const gs_pac_record *rec,
                      const gs_pac_game_result *results, gs_pac_summary *out)
{
    gs_pac_summary *s = out;
    memset(s, 0, sizeof *s);
    s->played = rec->ngames;
    double sum = 0, min = 0, max = 0;
    for (size_t i = 0; i < rec->ngames; i++) {
        if (results) {
            const gs_pac_game_result *st = &results[i];
            s->nodes += st->nodes;
            s->pacman_moves += st->pacman_moves;
            s->move_seconds += st->move_seconds;
            if (st->max_move_seconds > s->max_move_seconds)
                s->max_move_seconds = st->max_move_seconds;
        }
        const gs_pac_game_log *g = &rec->games[i];
        if (g->training)
            continue;
        double v = g->score;
        min = s->games == 0 || v < min ? v : min;
        max = s->games == 0 || v > max ? v : max;
        s->games++;
        sum += v;
        s->wins += g->result == GS_PAC_WIN;
    }
    size_t n = s->games;
    s->win_rate = s->win_lo = s->win_hi = NAN;
    s->mean_score = s->mean_lo = s->mean_hi = NAN;
    s->min_score = s->max_score = NAN;
    if (n == 0)
        return;
    s->win_rate = (double)s->wins / (double)n;
    gs_pac_wilson95(s->wins, n, &s->win_lo, &s->win_hi);
    s->mean_score = sum / (double)n;
    s->min_score = min;
    s->max_score = max;
    if (n < 2)
        return;
    double var = 0;
    for (size_t i = 0; i < rec->ngames; i++)
        if (!rec->games[i].training) {
            double d = rec->games[i].score - s->mean_score;
            var += d * d;
        }
    double half = gs_pac_student_t95((long)n - 1) *
                  sqrt(var / (double)(n - 1)) / sqrt((double)n);
    s->mean_lo = s->mean_score - half;
    s->mean_hi = s->mean_score + half;
}
