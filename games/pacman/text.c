/*
 * games/pacman/text.c: a state as pacman.py prints one (game.py's
 * GameStateData.__str__, then print's newline):
 *
 *   %%%%%          food '.', wall '%', floor ' ';
 *   %.G.%          then each agent in turn at its nearest cell (a ghost
 *   %< .%          between two cells rounds up): Pacman by the way its
 *   %%%%%          mouth opens, '<' East or Stop, '>' West, 'v' North,
 *   Score: 0       '^' South; ghosts 'G', over Pacman; then capsules 'o',
 *                  over everything
 * and an empty line.
 *
 * Also the other lines pacman.py prints: a game's result, game.py's
 * messages about an agent out of time, the CS188 autograder's state count
 * and the summary of a batch.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "gamesearch/pacman_play.h"

char gs_pac_text_glyph(int dir)
{
    switch (dir) {
    case GS_PAC_NORTH: return 'v';
    case GS_PAC_SOUTH: return '^';
    case GS_PAC_WEST: return '>';
    default: return '<';
    }
}

/* What cell (x, y) shows. */
static char cell(const gs_pacman *w, const void *state, int x, int y)
{
    if (gs_pacman_capsule(w, state, x, y))
        return 'o';
    char c = gs_pacman_food(w, state, x, y) ? '.'
             : gs_pacman_wall(w, x, y)      ? '%' : ' ';
    int agents = gs_pacman_num_agents(w);
    for (int i = 0; i < agents; i++) {   /* the last agent there shows */
        int x2, y2;
        gs_pacman_position(w, state, i, &x2, &y2);
        if ((x2 + 1) / 2 == x && (y2 + 1) / 2 == y)   /* int(x + 0.5) */
            c = i == 0 ? gs_pac_text_glyph(gs_pacman_direction(w, state, 0)) : 'G';
    }
    return c;
}

int gs_pac_text_frame_write(const gs_pacman *world, const void *state,
                            gs_write_fn write, void *user)
{
    int w = gs_pacman_width(world), h = gs_pacman_height(world);
    gs_writer wr;
    gs_writer_init(&wr, write, user);
    for (int y = h - 1; y >= 0; y--) {
        for (int x = 0; x < w; x++) {
            char c = cell(world, state, x, y);
            gs_writer_put(&wr, &c, 1);
        }
        gs_writer_put(&wr, "\n", 1);
    }
    gs_writer_printf(&wr, "Score: %d\n\n", gs_pacman_score(world, state));
    return gs_writer_finish(&wr);
}

/* A gs_write_fn into a buffer of snprintf's kind: what fits is kept, the
 * whole length counted. */
typedef struct sink {
    char *buf;
    size_t size, len;
} sink;

static int to_sink(void *user, const char *text, size_t len)
{
    sink *k = user;
    for (size_t i = 0; i < len; i++, k->len++)
        if (k->len + 1 < k->size)
            k->buf[k->len] = text[i];
    return 0;
}

size_t gs_pac_text_frame(const gs_pacman *world, const void *state, char *buf,
                         size_t size)
{
    sink k = {buf, size, 0};
    gs_pac_text_frame_write(world, state, to_sink, &k);
    if (size > 0)
        buf[k.len < size ? k.len : size - 1] = '\0';
    return k.len;
}

/* ---- The terminal view's model ---- */

gs_pac_cell gs_pac_cell_at(const gs_pacman *world, const void *state, int x,
                           int y)
{
    if (gs_pacman_wall(world, x, y))
        return GS_PAC_CELL_WALL;
    if (gs_pacman_capsule(world, state, x, y))
        return GS_PAC_CELL_CAPSULE;
    return gs_pacman_food(world, state, x, y) ? GS_PAC_CELL_FOOD
                                              : GS_PAC_CELL_FLOOR;
}

gs_pac_sprite gs_pac_sprite_of(const gs_pacman *world, const void *state,
                               int agent)
{
    gs_pac_sprite s = {GS_PAC_SPRITE_PACMAN, 0, 0, 0, 0};
    gs_pacman_position(world, state, agent, &s.x2, &s.y2);
    if (agent == 0) {
        s.glyph = gs_pac_text_glyph(gs_pacman_direction(world, state, 0));
    } else if (gs_pacman_scared(world, state, agent) > 0) {
        s.kind = GS_PAC_SPRITE_SCARED;
        s.glyph = 'g';
    } else {
        s.kind = GS_PAC_SPRITE_GHOST;
        s.glyph = 'G';
        s.colour = (agent - 1) % GS_PAC_GHOST_COLOURS;
    }
    return s;
}

/* ---- pacman.py's lines ---- */

size_t gs_pac_result_text(const gs_pac_game_result *game, char *buf,
                          size_t size)
{
    static const char *const words[] = {
        "Pacman died!", "Pacman emerges victorious!",
        "Pacman ran out of moves!", "Pacman quit!"};
    int n;
    if (game->result == GS_PAC_TIMED_OUT)
        n = snprintf(buf, size, "%s", game->agent == 0 ? "Pacman crashed"
                                                       : "A ghost crashed");
    else
        n = snprintf(buf, size, "%s Score: %d", words[game->result % 4],
                     game->score);
    return n < 0 ? 0 : (size_t)n;
}

int gs_pac_result_write(const gs_pac_game_result *game, gs_write_fn write,
                        void *user)
{
    char line[GS_PAC_LINE_SIZE + 1];
    size_t n = gs_pac_result_text(game, line, sizeof line - 1);
    if (n > GS_PAC_LINE_SIZE - 1)
        n = GS_PAC_LINE_SIZE - 1;    /* never: the size holds any line */
    line[n] = '\n';
    return write(user, line, n + 1);
}

int gs_pac_results_write(const gs_pac_record *rec,
                         const gs_pac_game_result *results, gs_write_fn write,
                         void *user)
{
    int rc = GS_OK;
    for (size_t i = 0; i < rec->ngames && rc == GS_OK; i++)
        if (results[i].result == GS_PAC_TIMED_OUT || !rec->games[i].training)
            rc = gs_pac_result_write(&results[i], write, user);
    return rc;
}

int gs_pac_timeout_write(const gs_pac_game_result *game, gs_write_fn write,
                         void *user)
{
    gs_writer wr;
    gs_writer_init(&wr, write, user);
    int a = game->agent;
    if (game->result != GS_PAC_TIMED_OUT)
        return GS_OK;
    if (game->timeout == GS_PAC_TIMEOUT_MOVE)
        gs_writer_printf(&wr, "Agent %d timed out on a single move!\n", a);
    else if (game->timeout == GS_PAC_TIMEOUT_WARNING)
        gs_writer_printf(&wr, "Agent %d took too long to make a move! This is "
                 "warning 1\nAgent %d exceeded the maximum number of "
                 "warnings: 1\n", a, a);
    else
        gs_writer_printf(&wr, "Agent %d ran out of time! (time: %1.2f)\n", a,
                 game->agent_seconds);
    return gs_writer_finish(&wr);
}

int gs_pac_states_write(const gs_pac_decision *d, long move, size_t game,
                        gs_write_fn write, void *user)
{
    gs_writer wr;
    gs_writer_init(&wr, write, user);
    if (d->status != GS_OK || !d->states_counted)
        return GS_OK;
    if (game > 0)
        gs_writer_printf(&wr, "game %zu, ", game);
    gs_writer_printf(&wr, "move %ld: %" PRIu64 " nodes, %zu distinct states\n", move,
             d->nodes, d->distinct_states);
    return gs_writer_finish(&wr);
}

int gs_pac_decision_write(const gs_pac_decision *d, long move, size_t game,
                          gs_pac_agent_kind pacman, const char *prefix,
                          bool *failed, gs_write_fn write, void *user)
{
    gs_writer wr;
    gs_writer_init(&wr, write, user);
    char tag[48] = "";
    if (game > 0)
        snprintf(tag, sizeof tag, "game %zu, ", game);
    if (d->status != GS_OK) {
        if (!*failed)
            gs_writer_printf(&wr, "%s%s%s: the search failed (%s); playing "
                             "the first legal move\n", prefix, tag,
                             gs_pac_agent_name(pacman),
                             gs_strerror(d->status));
        *failed = true;
        return gs_writer_finish(&wr);
    }
    if (d->states_counted && d->states_incomplete)
        gs_writer_printf(&wr, "%s%scountStates: out of memory; the count "
                         "below is too low\n", prefix, tag);
    int rc = gs_writer_finish(&wr);
    return rc != GS_OK ? rc : gs_pac_states_write(d, move, game, write, user);
}

int gs_pac_summary_write(const gs_pac_record *rec, gs_write_fn write,
                         void *user)
{
    gs_pac_summary s;
    gs_pac_summarize(rec, NULL, &s);
    if (s.games == 0)
        return GS_OK;
    gs_writer wr;
    gs_writer_init(&wr, write, user);
    char num[GS_NUMBER_SIZE];
    gs_format_py_float(s.mean_score, num);
    gs_writer_printf(&wr, "Average Score: %s\nScores:        ", num);
    bool first = true;
    for (size_t i = 0; i < rec->ngames; i++)
        if (!rec->games[i].training) {
            gs_format_py_float((double)rec->games[i].score, num);
            gs_writer_printf(&wr, "%s%s", first ? "" : ", ", num);
            first = false;
        }
    gs_writer_printf(&wr, "\nWin Rate:      %zu/%zu (%.2f)\nRecord:        ", s.wins,
             s.games, (double)s.wins / (double)s.games);
    first = true;
    for (size_t i = 0; i < rec->ngames; i++)
        if (!rec->games[i].training) {
            gs_writer_puts(&wr, first ? "" : ", ");
            gs_writer_puts(&wr, rec->games[i].result == GS_PAC_WIN ? "Win" : "Loss");
            first = false;
        }
    gs_writer_put(&wr, "\n", 1);
    return gs_writer_finish(&wr);
}
