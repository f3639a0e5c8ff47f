/*
 * games/pacman/page.c: the data of the Pacman replay page (`gamesearch
 * pacman --html`, web/pacman.html): the maze, every game's moves (each
 * game replayed through the rules to read its states) and Pacman's
 * decisions where the games kept them. web/pacman.js says what it holds.
 */
#include <string.h>

#include "gamesearch/pacman_play.h"
#include "play_internal.h"

typedef struct page {
    gs_writer *w;
    const gs_pacman *world;
    int agents;
    int last[GS_PAC_MAX_GHOSTS + 1][4];   /* each agent as last written */
    int moves;                             /* moves written in this game */
} page;

/* Agent i's x2, y2 (doubled coordinates), direction, scared timer. */
static void agent_now(const page *pg, const void *state, int i, int out[4])
{
    gs_pacman_position(pg->world, state, i, &out[0], &out[1]);
    out[2] = gs_pacman_direction(pg->world, state, i);
    out[3] = gs_pacman_scared(pg->world, state, i);
}

/* A move as [agent, action, score, then i, x2, y2, dir, scared for each
 * agent that changed]; the start as "start": every agent. */
static int on_move(void *user, const gs_pac_move *m)
{
    page *pg = user;
    gs_writer *w = pg->w;
    if (m->number == 0)
        gs_writer_puts(w, "\"start\":[");
    else
        gs_writer_printf(w, "%s[%d,%d,%d", pg->moves++ ? "," : "", m->agent,
                 m->action, gs_pacman_score(pg->world, m->state));
    for (int i = 0; i < pg->agents; i++) {
        int now[4];
        agent_now(pg, m->state, i, now);
        if (m->number > 0 && memcmp(now, pg->last[i], sizeof now) == 0)
            continue;
        gs_writer_printf(w, "%s%d,%d,%d,%d,%d", m->number == 0 && i == 0 ? "" : ",",
                 i, now[0], now[1], now[2], now[3]);
        memcpy(pg->last[i], now, sizeof now);
    }
    gs_writer_puts(w, m->number == 0 ? "],\"moves\":[" : "]");
    return w->status;
}

/* Pacman's decisions: [action, nodes, depth, ms, [actions], [values]]. */
static void write_decisions(gs_writer *w, const gs_pac_game_log *log)
{
    gs_writer_puts(w, ",\"decisions\":[");
    for (size_t i = 0; i < log->ndecisions; i++) {
        const gs_pac_decision *d = &log->decisions[i];
        /* milliseconds to 4 digits: the clock says no more */
        gs_writer_printf(w, "%s[%d,%llu,%d,%.4g,[", i ? "," : "", d->action,
                 (unsigned long long)d->nodes, d->depth, d->seconds * 1e3);
        for (int k = 0; k < d->num_actions; k++)
            gs_writer_printf(w, "%s%d", k ? "," : "", d->actions[k]);
        gs_writer_puts(w, "],[");
        for (int k = 0; k < d->num_actions; k++) {
            gs_writer_puts(w, k ? "," : "");
            gs_json_number(d->values[k], gs_writer_put, w);
        }
        gs_writer_puts(w, "]]");
    }
    gs_writer_puts(w, "]");
}

/* The maze as rows of '%' wall, '.' food, 'o' capsule, ' ' floor, the
 * top row first. */
static void write_maze(gs_writer *w, const gs_pacman *world,
                       const void *state)
{
    int width = gs_pacman_width(world), height = gs_pacman_height(world);
    gs_writer_puts(w, "],\"maze\":[");
    for (int y = height - 1; y >= 0; y--) {
        gs_writer_puts(w, y < height - 1 ? ",\"" : "\"");
        for (int x = 0; x < width; x++)
            gs_writer_put(w, gs_pacman_wall(world, x, y) ? "%"
                    : gs_pacman_food(world, state, x, y) ? "."
                    : gs_pacman_capsule(world, state, x, y) ? "o" : " ", 1);
        gs_writer_puts(w, "\"");
    }
    gs_writer_puts(w, "],\"games\":[");
}

int gs_pac_page_data_write(const gs_pac_record *rec, const gs_pacman *world,
                           gs_write_fn write, void *user)
{
    static const char *const results[] = {"loss", "win", "stopped", "quit",
                                          "timed out"};
    size_t size = gs_pacman_state_size(world);
    void *state = pac_mem_alloc(&rec->alloc, size);
    if (!state)
        return GS_ENOMEM;
    gs_writer wr, *w = &wr;
    gs_writer_init(w, write, user);
    page pg;
    memset(&pg, 0, sizeof pg);
    pg.w = w;
    pg.world = world;
    pg.agents = gs_pacman_num_agents(world);
    gs_pacman_initial(world, state);
    gs_writer_puts(w, "{\"layout\":");
    gs_json_string(rec->layout_name ? rec->layout_name : "", gs_writer_put, w);
    gs_writer_printf(w, ",\"pacman\":\"%s\",\"ghostKind\":\"%s\",\"agents\":%d,"
             "\"dirs\":[", rec->pacman,
             rec->ghost_kind == GS_PAC_DIRECTIONAL_GHOST ? "DirectionalGhost"
                                                         : "RandomGhost",
             pg.agents);
    for (int d = 0; d < GS_PAC_NUM_DIRS; d++)
        gs_writer_printf(w, "%s\"%s\"", d ? "," : "", gs_pac_dir_name(d));
    write_maze(w, world, state);
    int rc = GS_OK;
    for (size_t g = 0; rc == GS_OK && !w->status && g < rec->ngames; g++) {
        const gs_pac_game_log *log = &rec->games[g];
        gs_writer_printf(w, "%s{\"result\":\"%s\",\"score\":%d,\"training\":%s,",
                 g ? "," : "", results[log->result % 5], log->score,
                 log->training ? "true" : "false");
        gs_pac_play_options o;
        gs_pac_play_options_init(&o);
        o.ghosts = rec->ghost_kind;
        o.replay = log->actions;
        o.replay_length = log->n;
        o.on_move = on_move;
        o.user = &pg;
        pg.moves = 0;
        gs_pac_game_result res;
        if (log->n == 0)   /* a game without moves: its start alone */
            on_move(&pg, &(gs_pac_move){.number = 0, .agent = -1,
                                        .action = -1, .state = state});
        else
            rc = gs_pac_play(world, NULL, NULL, &o, state, &res);
        gs_writer_puts(w, "]");
        write_decisions(w, log);
        gs_writer_puts(w, "}");
        gs_pacman_initial(world, state);
    }
    gs_writer_puts(w, "]}");
    gs_writer_finish(w);
    pac_mem_free(&rec->alloc, state, size);
    return rc != GS_OK ? rc : w->status;
}
