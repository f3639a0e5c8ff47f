/*
 * fuzz_layout: Pacman layouts (gs_pac_layout_parse). The input's first
 * byte chooses how many ghosts play and how the moves are drawn; the rest
 * is the layout. A layout that parses is played for a few moves by every
 * agent in turn (legal actions only), checking the rules' invariants as it
 * goes; an expectimax and an alpha-beta search with a node budget must
 * each pick a legal action, and maze distances must be symmetric.
 */
#include <string.h>

#include "gamesearch/gamesearch.h"
#include "gamesearch/pacman.h"
#include "fuzz.h"

#define MAX_INPUT 2048
#define MAX_MOVES 24
#define MAX_NODES 3000

static bool is_legal(const gs_pacman *w, const void *s, int agent, int a)
{
    int legal[GS_PAC_NUM_DIRS];
    int n = gs_pacman_legal(w, s, agent, legal);
    for (int i = 0; i < n; i++)
        if (legal[i] == a)
            return true;
    return false;
}

static void search_move(const gs_pacman *w, const void *s, gs_algo algo,
                        gs_pac_ghost_model ghosts, gs_pac_eval eval)
{
    gs_pac_search_game sg = {w, eval, ghosts, NULL, NULL};
    gs_game game;
    gs_pacman_search_game(&sg, &game);
    gs_engine *e = NULL;
    FUZZ_CHECK(gs_engine_new(&game, NULL, &e) == GS_OK);
    gs_search_options o;
    gs_search_options_init(&o);
    o.algo = algo;
    o.depth = 2;
    o.depth_unit = GS_DEPTH_ROUNDS;
    o.max_nodes = MAX_NODES;
    gs_result r;
    FUZZ_CHECK(gs_search(e, s, &o, &r) == GS_OK);
    gs_engine_free(e);
    FUZZ_CHECK(r.nodes <= MAX_NODES);
    if (r.best != GS_NO_ACTION)
        FUZZ_CHECK(is_legal(w, s, 0, (int)r.best));
    else
        FUZZ_CHECK(r.stopped);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > MAX_INPUT)
        return 0;
    unsigned control = data[0];
    gs_pac_layout *layout = (gs_pac_layout *)&size;
    gs_error err;
    memset(&err, 0xAA, sizeof err);
    int rc = gs_pac_layout_parse((const char *)data + 1, size - 1, NULL,
                                 &layout, &err);
    FUZZ_CHECK(rc == GS_OK || rc == GS_EPARSE || rc == GS_ENOMEM);
    if (rc != GS_OK) {
        FUZZ_CHECK(layout == NULL);
        if (rc == GS_EPARSE) {
            FUZZ_CHECK(memchr(err.message, '\0', sizeof err.message));
            FUZZ_CHECK(err.message[0] != '\0');
            FUZZ_CHECK(err.line >= 0 && err.column >= 0);
        }
        return 0;
    }
    int width = gs_pac_layout_width(layout), height = gs_pac_layout_height(layout);
    FUZZ_CHECK(width >= 1 && width <= GS_PAC_MAX_SIDE);
    FUZZ_CHECK(height >= 1 && height <= GS_PAC_MAX_SIDE);
    int in_file = gs_pac_layout_num_ghosts(layout);
    FUZZ_CHECK(in_file >= 0 && in_file <= GS_PAC_MAX_GHOSTS);

    gs_pacman *w = NULL;
    rc = gs_pacman_new(layout, (int)(control % 4), NULL, &w);
    FUZZ_CHECK(rc == GS_OK);
    gs_pac_layout_free(layout);
    int agents = gs_pacman_num_agents(w);
    FUZZ_CHECK(agents == 1 + ((int)(control % 4) < in_file ? (int)(control % 4)
                                                         : in_file));
    size_t ss = gs_pacman_state_size(w);
    unsigned char *s = calloc(1, ss), *copy = calloc(1, ss);
    FUZZ_CHECK(s && copy);
    gs_pacman_initial(w, s);
    FUZZ_CHECK(gs_pacman_score(w, s) == 0);
    FUZZ_CHECK(gs_pacman_food_left(w, s) >= 1);

    /* Maze distances: symmetric, zero to itself, -1 only into walls or
     * across walls. */
    int x2, y2;
    gs_pacman_position(w, s, 0, &x2, &y2);
    int px = x2 / 2, py = y2 / 2;
    FUZZ_CHECK(gs_pacman_maze_distance(w, px, py, px, py) == 0);
    int tx = (int)((control * 7u + (unsigned)size) % (unsigned)width);
    int ty = (int)((control * 13u + (unsigned)size) % (unsigned)height);
    int d = gs_pacman_maze_distance(w, px, py, tx, ty);
    FUZZ_CHECK(d == gs_pacman_maze_distance(w, tx, ty, px, py));
    FUZZ_CHECK(d >= -1);
    if (gs_pacman_wall(w, tx, ty))
        FUZZ_CHECK(d == -1);

    uint32_t pick = control * 2654435761u + (uint32_t)size;
    for (int move = 0; move < MAX_MOVES; move++) {
        if (gs_pacman_is_win(w, s) || gs_pacman_is_lose(w, s))
            break;
        int agent = gs_pacman_to_move(w, s);
        FUZZ_CHECK(agent >= 0 && agent < agents);
        if (agent == 0 && move % 8 == 0) {
            search_move(w, s, GS_EXPECTIMAX, GS_PAC_GHOSTS_DIRECTIONAL,
                        GS_PAC_EVAL_BETTER);
            search_move(w, s, GS_ALPHABETA, GS_PAC_GHOSTS_MIN,
                        GS_PAC_EVAL_CHAMPION);
        }
        int legal[GS_PAC_NUM_DIRS];
        int n = gs_pacman_legal(w, s, agent, legal);
        FUZZ_CHECK(n >= 0 && n <= GS_PAC_NUM_DIRS);
        int action;
        if (agent > 0 && (pick & 1)) {
            gs_pyrandom rng;
            gs_pyrandom_seed_int(&rng, (int64_t)pick);
            action = gs_pacman_ghost_action(w, s, agent,
                                            GS_PAC_DIRECTIONAL_GHOST, &rng);
            FUZZ_CHECK(n == 0 ? action == GS_PAC_STOP
                              : is_legal(w, s, agent, action));
            int dist[GS_PAC_NUM_DIRS];
            double pr[GS_PAC_NUM_DIRS], sum = 0;
            int m = gs_pacman_ghost_distribution(w, s, agent,
                                                 GS_PAC_DIRECTIONAL_GHOST,
                                                 dist, pr);
            FUZZ_CHECK(m == n);
            for (int i = 0; i < m; i++) {
                FUZZ_CHECK(pr[i] >= 0 && pr[i] <= 1);
                sum += pr[i];
            }
            FUZZ_CHECK(m == 0 || fuzz_same_value(sum, 1.0));
        } else {
            FUZZ_CHECK(agent > 0 || n >= 1);
            action = n ? legal[pick % (unsigned)n] : GS_PAC_STOP;
        }
        pick = pick * 1103515245u + 12345u;
        int food = gs_pacman_food_left(w, s);
        memcpy(copy, s, ss);
        FUZZ_CHECK(gs_pacman_state_equal(w, s, copy));
        FUZZ_CHECK(gs_pacman_state_hash(w, s) == gs_pacman_state_hash(w, copy));
        FUZZ_CHECK(gs_pacman_apply(w, s, agent, action) == GS_OK);
        FUZZ_CHECK(gs_pacman_food_left(w, s) <= food);
        FUZZ_CHECK(gs_pacman_food_left(w, s) >= food - 1);
        /* An illegal move leaves the state as it was. */
        if (!gs_pacman_is_win(w, s) && !gs_pacman_is_lose(w, s)) {
            int next = gs_pacman_to_move(w, s);
            memcpy(copy, s, ss);
            int bad = -1;
            for (int a = 0; a < GS_PAC_NUM_DIRS; a++)
                if (!is_legal(w, s, next, a) && !(next > 0 && a == GS_PAC_STOP))
                    bad = a;
            if (bad >= 0) {
                FUZZ_CHECK(gs_pacman_apply(w, s, next, bad) == GS_EINVAL);
                FUZZ_CHECK(memcmp(s, copy, ss) == 0);
            }
        }
    }
    free(copy);
    free(s);
    gs_pacman_free(w);
    return 0;
}
