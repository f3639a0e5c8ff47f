/*
 * cli/pacman_html.c: `gamesearch pacman --html`: the replay page of web/
 * with the maze, every game's moves (each game replayed through the
 * library's rules to read its states) and Pacman's decisions where the
 * games kept them. web/pacman.js says what the data holds.
 */
#include <stdint.h>
#include <stdlib.h>

#include "pacman_cli.h"
#include "util.h"
#include "web.h"

typedef struct page {
    const gs_pac_record *rec;
    const gs_pacman *world;
    int agents;
    int last[GS_PAC_MAX_GHOSTS + 1][4];   /* each agent as last written */
    int moves;                             /* moves written in this game */
    FILE *f;
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
    FILE *f = pg->f;
    if (m->number == 0)
        fputs("\"start\":[", f);
    else
        fprintf(f, "%s[%d,%d,%d", pg->moves++ ? "," : "", m->agent, m->action,
                gs_pacman_score(pg->world, m->state));
    for (int i = 0; i < pg->agents; i++) {
        int now[4];
        agent_now(pg, m->state, i, now);
        if (m->number > 0 && now[0] == pg->last[i][0] &&
            now[1] == pg->last[i][1] && now[2] == pg->last[i][2] &&
            now[3] == pg->last[i][3])
            continue;
        fprintf(f, "%s%d,%d,%d,%d,%d", m->number == 0 && i == 0 ? "" : ",",
                i, now[0], now[1], now[2], now[3]);
        for (int k = 0; k < 4; k++)
            pg->last[i][k] = now[k];
    }
    fputs(m->number == 0 ? "],\"moves\":[" : "]", f);
    return 0;
}

/* Pacman's decisions: [action, nodes, depth, ms, [actions], [values]]. */
static void write_decisions(FILE *f, const gs_pac_game_log *log)
{
    fputs(",\"decisions\":[", f);
    for (size_t i = 0; i < log->ndecisions; i++) {
        const gs_pac_decision *d = &log->decisions[i];
        /* milliseconds to 4 digits: the clock says no more */
        fprintf(f, "%s[%d,%llu,%d,%.4g,[", i ? "," : "", d->action,
                (unsigned long long)d->nodes, d->depth, d->seconds * 1e3);
        for (int k = 0; k < d->num_actions; k++)
            fprintf(f, "%s%d", k ? "," : "", d->actions[k]);
        fputs("],[", f);
        for (int k = 0; k < d->num_actions; k++) {
            fputs(k ? "," : "", f);
            cli_json_number(f, d->values[k]);
        }
        fputs("]]", f);
    }
    fputc(']', f);
}

static bool write_data(FILE *f, void *user)
{
    page *pg = user;
    pg->f = f;
    const gs_pac_record *rec = pg->rec;
    const gs_pacman *w = pg->world;
    int width = gs_pacman_width(w), height = gs_pacman_height(w);
    void *state = malloc(gs_pacman_state_size(w));
    if (!state)
        return false;
    gs_pacman_initial(w, state);
    fputs("{\"layout\":", f);
    cli_json_string(f, rec->layout_name ? rec->layout_name : "");
    fprintf(f, ",\"pacman\":\"%s\",\"ghostKind\":\"%s\",\"agents\":%d,"
            "\"dirs\":[", rec->pacman,
            rec->ghost_kind == GS_PAC_DIRECTIONAL_GHOST ? "DirectionalGhost"
                                                        : "RandomGhost",
            pg->agents);
    for (int d = 0; d < GS_PAC_NUM_DIRS; d++)
        fprintf(f, "%s\"%s\"", d ? "," : "", gs_pac_dir_name(d));
    fputs("],\"maze\":[", f);
    for (int y = height - 1; y >= 0; y--) {
        fputs(y < height - 1 ? ",\"" : "\"", f);
        for (int x = 0; x < width; x++)
            fputc(gs_pacman_wall(w, x, y) ? '%'
                  : gs_pacman_food(w, state, x, y) ? '.'
                  : gs_pacman_capsule(w, state, x, y) ? 'o' : ' ', f);
        fputc('"', f);
    }
    fputs("],\"games\":[", f);
    bool ok = true;
    for (size_t g = 0; ok && g < rec->ngames; g++) {
        const gs_pac_game_log *log = &rec->games[g];
        static const char *const results[] = {"loss", "win", "stopped",
                                              "quit", "timed out"};
        fprintf(f, "%s{\"result\":\"%s\",\"score\":%d,\"training\":%s,",
                g ? "," : "", results[log->result], log->score,
                log->training ? "true" : "false");
        gs_pac_play_options o;
        gs_pac_play_options_init(&o);
        o.ghosts = rec->ghost_kind;
        o.replay = log->actions;
        o.replay_length = log->n;
        o.on_move = on_move;
        o.user = pg;
        pg->moves = 0;
        gs_pac_game_result res;
        if (log->n == 0)   /* a game without moves: its start alone */
            on_move(pg, &(gs_pac_move){.number = 0, .agent = -1,
                                       .action = -1, .state = state});
        else
            ok = gs_pac_play(w, NULL, NULL, &o, state, &res) == GS_OK;
        fputc(']', f);
        write_decisions(f, log);
        fputc('}', f);
        gs_pacman_initial(w, state);
    }
    fputs("]}", f);
    free(state);
    return ok && !ferror(f);
}

bool pac_html_write(FILE *f, const gs_pac_record *rec, const gs_pacman *world)
{
    page pg = {rec, world, gs_pacman_num_agents(world), {{0}}, 0, NULL};
    return cli_web_write(f, "pacman.html", write_data, &pg);
}
