/*
 * tests/test_pacman_agents.c: what CS188's multi-agent search needs of the
 * Pacman world (gamesearch/pacman.h): maze distances, the evaluation
 * functions, and the world as a game for the engine.
 *
 * Facts checked, each on a maze small enough to work out by hand:
 *   - maze distances: through corridors, not across walls; -1 for walls,
 *     cells off the maze and cells no path joins; symmetric; the same on a
 *     maze too large for the table (searched on demand, its scratch memory
 *     freed, -1 when it cannot be had);
 *   - the evaluations: SCORE is the score; BETTER, REFLEX and CHAMPION
 *     prefer the nearer dot by maze distance (where Manhattan distance
 *     says the opposite), penalise an active ghost next to Pacman, reward
 *     closing in on a scared ghost Pacman can still catch, and value a
 *     death below staying alive;
 *   - gs_pacman_search_game: the value of a ghost's chance node is the
 *     expectation under DirectionalGhost's distribution (0.9 towards
 *     Pacman, 0.1 away, as pacman.py computes it), under RandomGhost's
 *     (1/2 each) and the minimum with MIN ghosts; leaves are valued by the
 *     chosen evaluation; the hash separates what the engine must;
 *   - the states a depth-2 search generates, counted as CS188's autograder
 *     counts them (pacman.py's state equality): 13 nodes, 11 distinct.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/gamesearch.h"
#include "gamesearch/pacman.h"

#include "pacman_fixture.h"
#include "track_alloc.h"

/* ---- Helpers ------------------------------------------------------------ */

static gs_pacman *world_alloc(const char *text, int ghosts,
                              const gs_allocator *alloc)
{
    return world_from(text, strlen(text), ghosts, alloc, "test layout");
}

static gs_pacman *world_of(const char *text, int ghosts)
{
    return world_alloc(text, ghosts, NULL);
}

/* Plays a move that must be legal. */
static void play(const gs_pacman *w, void *s, int agent, int action)
{
    int rc = gs_pacman_apply(w, s, agent, action);
    if (rc != GS_OK)
        fail_msg("agent %d cannot play %s (%d)", agent,
                 gs_pac_dir_name(action), rc);
}

static const gs_pac_eval own_evals[] = {
    GS_PAC_EVAL_BETTER, GS_PAC_EVAL_REFLEX, GS_PAC_EVAL_CHAMPION};
#define NUM_OWN_EVALS (sizeof own_evals / sizeof own_evals[0])

/* ---- Maze distances ----------------------------------------------------- */

/*
 * y=4  %%%%%%%%%
 * y=3  %.%P  %o%     the dot at (1,3) is two cells from Pacman as the
 * y=2  % %%% %%%     crow flies and ten along the corridors; the capsule
 * y=1  %     % %     at (7,3) and the cell (7,1) are walled in (a dot
 * y=0  %%%%%%%%%     there would have the layout refused)
 */
static const char *const detour_maze =
    "%%%%%%%%%\n"
    "%.%P  %o%\n"
    "% %%% %%%\n"
    "%     % %\n"
    "%%%%%%%%%\n";

static void test_maze_distance(void **unused)
{
    (void)unused;
    gs_pacman *w = world_of(detour_maze, 0);
    assert_int_equal(gs_pacman_maze_distance(w, 3, 3, 3, 3), 0);
    assert_int_equal(gs_pacman_maze_distance(w, 3, 3, 4, 3), 1);
    assert_int_equal(gs_pacman_maze_distance(w, 3, 3, 5, 1), 4);
    assert_int_equal(gs_pacman_maze_distance(w, 3, 3, 1, 1), 8);
    assert_int_equal(gs_pacman_maze_distance(w, 3, 3, 1, 3), 10);
    assert_int_equal(gs_pacman_maze_distance(w, 1, 3, 5, 3), 8);
    /* Walls, cells off the maze, cells no path reaches. */
    assert_int_equal(gs_pacman_maze_distance(w, 3, 3, 2, 3), -1);
    assert_int_equal(gs_pacman_maze_distance(w, 2, 3, 2, 3), -1);
    assert_int_equal(gs_pacman_maze_distance(w, -1, 0, 1, 1), -1);
    assert_int_equal(gs_pacman_maze_distance(w, 1, 1, 9, 3), -1);
    assert_int_equal(gs_pacman_maze_distance(w, 1, 1, 1, 5), -1);
    assert_int_equal(gs_pacman_maze_distance(w, 3, 3, 7, 3), -1);
    assert_int_equal(gs_pacman_maze_distance(w, 7, 3, 7, 1), -1);
    assert_int_equal(gs_pacman_maze_distance(w, 7, 3, 7, 3), 0);
    /* Symmetric, and one step between neighbours changes it by at most
     * one. */
    for (int x1 = 0; x1 < 9; x1++)
        for (int y1 = 0; y1 < 5; y1++)
            for (int x2 = 0; x2 < 9; x2++)
                for (int y2 = 0; y2 < 5; y2++) {
                    int d = gs_pacman_maze_distance(w, x1, y1, x2, y2);
                    assert_int_equal(d, gs_pacman_maze_distance(w, x2, y2,
                                                                 x1, y1));
                    int e = gs_pacman_maze_distance(w, x1, y1, x2 + 1, y2);
                    if (d >= 0 && e >= 0)
                        assert_true(abs(d - e) <= 1);
                }
    gs_pacman_free(w);
}

/* A 67 x 67 maze: 65 * 65 = 4225 open cells, too many for the table, so
 * each distance is a search of its own. */
static char *big_maze(void)
{
    const int side = 67;
    char *text = malloc((size_t)side * (size_t)(side + 1) + 1);
    assert_non_null(text);
    char *p = text;
    for (int row = 0; row < side; row++) {
        for (int col = 0; col < side; col++) {
            char c = ' ';
            if (row == 0 || col == 0 || row == side - 1 || col == side - 1)
                c = '%';
            else if (row == side - 2 && col == 1)
                c = 'P';
            else if (row == 1 && col == side - 2)
                c = '.';
            *p++ = c;
        }
        *p++ = '\n';
    }
    *p = '\0';
    return text;
}

static void test_maze_distance_without_table(void **unused)
{
    (void)unused;
    char *text = big_maze();
    track t;
    gs_allocator a = tracker(&t);
    gs_pacman *w = world_alloc(text, 0, &a);
    size_t live = t.live;
    assert_int_equal(gs_pacman_maze_distance(w, 1, 1, 65, 65), 128);
    assert_int_equal(gs_pacman_maze_distance(w, 65, 65, 1, 1), 128);
    assert_int_equal(gs_pacman_maze_distance(w, 10, 20, 13, 16), 7);
    assert_int_equal(gs_pacman_maze_distance(w, 0, 20, 13, 16), -1);
    assert_int_equal(t.live, live);            /* the scratch was freed */
    /* The evaluations search too: to the dot, 128 steps away. */
    void *s = new_state(w), *east = new_state(w);
    play(w, s, 0, GS_PAC_STOP);
    play(w, east, 0, GS_PAC_EAST);
    /* A step a point for BETTER and REFLEX; CHAMPION's nearest dot at d
     * steps costs 20 d / (d + 12), bounded, yet a step nearer still
     * counts: 20 * 128 / 140 - 20 * 127 / 139. */
    for (size_t i = 0; i < NUM_OWN_EVALS; i++) {
        double gain = own_evals[i] == GS_PAC_EVAL_CHAMPION
                          ? 20.0 * 128 / 140 - 20.0 * 127 / 139
                          : 1.0;
        assert_true(fabs(gs_pacman_evaluate(w, east, own_evals[i]) -
                         gs_pacman_evaluate(w, s, own_evals[i]) - gain) <
                    1e-9);
    }
    /* Their scratch stays with the world, one area for one thread at a
     * time, until the world is freed. */
    size_t kept = t.live;
    assert_true(kept > live);
    for (size_t i = 0; i < NUM_OWN_EVALS; i++)
        gs_pacman_evaluate(w, east, own_evals[i]);
    assert_int_equal(t.live, kept);
    free(east);
    /* No scratch memory: no distance. */
    t.fail_at = t.count + 1;
    assert_int_equal(gs_pacman_maze_distance(w, 1, 1, 65, 65), -1);
    assert_int_equal(t.failed, 1);
    free(s);
    gs_pacman_free(w);
    assert_int_equal(t.live, 0);
    free(text);
}

/*
 * A floor `side` cells wide and 18 rows high of corridors (every third row
 * a wall with a gap every sixth cell, where ghosts corner Pacman), food,
 * capsules and four ghosts (70 wide: more than 1024 open cells, the table
 * and the territory counted by the race; 40 wide: fewer, the table and
 * the territory counted from its rows), with `extra` rows of open floor walled off above it (none of
 * it reachable; every cell of the floor keeps its coordinates).
 */
static char *floor_maze(int side, int extra)
{
    const int rows = 20;
    int total = rows + (extra ? extra + 1 : 0);
    char *text = malloc((size_t)total * (size_t)(side + 1) + 1);
    assert_non_null(text);
    char *p = text;
    for (int r = 0; r < total; r++) {
        int row = r - (total - rows);   /* the floor's own row, or < 0 */
        for (int col = 0; col < side; col++) {
            char c = '.';
            if (col == 0 || col == side - 1 || r == 0 || r == total - 1 ||
                row == 0)
                c = '%';
            else if (row < 0)
                c = ' ';
            else if (row == rows - 2 && col == 1)
                c = 'P';
            else if (row == 1 && col >= side - 5 && col <= side - 2)
                c = 'G';
            else if (row % 3 == 0 && col % 6 != 1 + row % 4)
                c = '%';
            else if ((row == 2 || row == rows - 3) && col % 17 == 5)
                c = 'o';
            *p++ = c;
        }
        *p++ = '\n';
    }
    *p = '\0';
    return text;
}

/* The evaluations read distances from the table, or walk from Pacman
 * without one: along random games, the same values either way. */
static void test_evaluations_with_and_without_table(void **unused)
{
    (void)unused;
    for (int side = 40; side <= 70; side += 30) {
        char *a_text = floor_maze(side, 0), *b_text = floor_maze(side, 120);
        gs_pacman *a = world_of(a_text, 4), *b = world_of(b_text, 4);
        void *sa = new_state(a), *sb = new_state(b);
        gs_pyrandom rng;
        gs_pyrandom_seed_int(&rng, 7);
        static const gs_pac_eval evals[] = {
            GS_PAC_EVAL_BETTER, GS_PAC_EVAL_REFLEX, GS_PAC_EVAL_CHAMPION};
        long compared = 0;
        for (int game = 0; game < 6; game++) {
            gs_pacman_initial(a, sa);
            gs_pacman_initial(b, sb);
            for (int move = 0; move < 1500; move++) {
                if (gs_pacman_is_win(a, sa) || gs_pacman_is_lose(a, sa))
                    break;
                for (size_t e = 0; e < sizeof evals / sizeof *evals; e++) {
                    double va = gs_pacman_evaluate(a, sa, evals[e]);
                    double vb = gs_pacman_evaluate(b, sb, evals[e]);
                    if (va != vb)
                        fail_msg("game %d move %d eval %d: %g with the table, "
                                 "%g without", game, move, (int)evals[e], va, vb);
                    compared++;
                }
                int agent = gs_pacman_to_move(a, sa);
                int legal[GS_PAC_NUM_DIRS];
                int n = gs_pacman_legal(a, sa, agent, legal);
                int action = n ? legal[gs_pyrandom_below(&rng, n)] : GS_PAC_STOP;
                play(a, sa, agent, action);
                play(b, sb, agent, action);
            }
        }
        assert_true(compared > 10000);
        free(sa);
        free(sb);
        gs_pacman_free(a);
        gs_pacman_free(b);
        free(a_text);
        free(b_text);
    }
}

/* ---- Evaluations -------------------------------------------------------- */

static void test_score_evaluation(void **unused)
{
    (void)unused;
    gs_pacman *w = world_of(detour_maze, 0);
    void *s = new_state(w);
    assert_true(gs_pacman_evaluate(w, s, GS_PAC_EVAL_SCORE) == 0.0);
    play(w, s, 0, GS_PAC_EAST);
    assert_true(gs_pacman_evaluate(w, s, GS_PAC_EVAL_SCORE) == -1.0);
    free(s);
    gs_pacman_free(w);
}

/* The dot by the maze: East is a step nearer along the corridors, though
 * a step further as the crow flies; and in a straight corridor the side
 * of the dot. */
static void test_nearer_food(void **unused)
{
    (void)unused;
    gs_pacman *w = world_of(detour_maze, 0);
    void *stay = new_state(w), *east = new_state(w);
    play(w, stay, 0, GS_PAC_STOP);
    play(w, east, 0, GS_PAC_EAST);
    for (size_t i = 0; i < NUM_OWN_EVALS; i++)
        assert_true(gs_pacman_evaluate(w, east, own_evals[i]) >
                    gs_pacman_evaluate(w, stay, own_evals[i]));
    free(stay);
    free(east);
    gs_pacman_free(w);

    w = world_of("%%%%%%%%%\n"
                 "%.  P   %\n"
                 "%%%%%%%%%\n", 0);
    void *west = new_state(w);
    east = new_state(w);
    play(w, west, 0, GS_PAC_WEST);
    play(w, east, 0, GS_PAC_EAST);
    for (size_t i = 0; i < NUM_OWN_EVALS; i++)
        assert_true(gs_pacman_evaluate(w, west, own_evals[i]) >
                    gs_pacman_evaluate(w, east, own_evals[i]));
    free(west);
    free(east);
    gs_pacman_free(w);
}

/*
 * %.    P  G .%   Pacman in the middle, a dot at each end. East, then the
 *                 ghost West: it is a step from Pacman. West, then the
 *                 ghost East: five steps. The score, the food and the
 *                 nearest dot (4 steps) are the same; only the ghost
 *                 differs.
 */
static void test_ghost_next_to_pacman(void **unused)
{
    (void)unused;
    gs_pacman *w = world_of("%%%%%%%%%%%%%\n"
                            "%.    P  G .%\n"
                            "%%%%%%%%%%%%%\n", 1);
    void *near = new_state(w), *far = new_state(w);
    play(w, near, 0, GS_PAC_EAST);
    play(w, near, 1, GS_PAC_WEST);
    play(w, far, 0, GS_PAC_WEST);
    play(w, far, 1, GS_PAC_EAST);
    assert_int_equal(gs_pacman_maze_distance(w, 7, 1, 8, 1), 1);
    assert_int_equal(gs_pacman_score(w, near), gs_pacman_score(w, far));
    for (size_t i = 0; i < NUM_OWN_EVALS; i++) {
        double a = gs_pacman_evaluate(w, near, own_evals[i]);
        double b = gs_pacman_evaluate(w, far, own_evals[i]);
        /* More than any difference of food could make here. */
        if (!(a + 50 < b))
            fail_msg("eval %d: ghost adjacent %g, far %g", own_evals[i], a, b);
    }
    /* The ghost steps onto Pacman: a death is worse still. */
    void *dead = copy_state(w, near);
    play(w, dead, 0, GS_PAC_STOP);
    play(w, dead, 1, GS_PAC_WEST);
    assert_true(gs_pacman_is_lose(w, dead));
    for (size_t i = 0; i < NUM_OWN_EVALS; i++)
        assert_true(gs_pacman_evaluate(w, dead, own_evals[i]) <
                    gs_pacman_evaluate(w, near, own_evals[i]));
    free(dead);
    free(near);
    free(far);
    gs_pacman_free(w);
}

/*
 * %.    oP  G.%   Pacman eats the capsule (West), the scared ghost steps
 *                 half a cell East (to 10.5); then Pacman East (three
 *                 and a half steps from it) or West (five and a half). The
 *                 dots are at the same distance either way (4), so BETTER
 *                 and CHAMPION must prefer East for the ghost alone; with
 *                 the ghost not scared they prefer West.
 */
static void test_chase_scared_ghost(void **unused)
{
    (void)unused;
    gs_pacman *w = world_of("%%%%%%%%%%%%%\n"
                            "%.    oP  G.%\n"
                            "%%%%%%%%%%%%%\n", 1);
    void *s = new_state(w);
    play(w, s, 0, GS_PAC_WEST);
    assert_int_equal(gs_pacman_scared(w, s, 1), GS_PAC_SCARED_TIME);
    play(w, s, 1, GS_PAC_EAST);
    void *toward = copy_state(w, s), *away = copy_state(w, s);
    play(w, toward, 0, GS_PAC_EAST);
    play(w, away, 0, GS_PAC_WEST);
    static const gs_pac_eval chasers[] = {GS_PAC_EVAL_BETTER,
                                          GS_PAC_EVAL_CHAMPION};
    for (size_t i = 0; i < 2; i++)
        assert_true(gs_pacman_evaluate(w, toward, chasers[i]) >
                    gs_pacman_evaluate(w, away, chasers[i]));
    free(toward);
    free(away);

    /* The same positions without the capsule: BETTER flees the ghost.
     * (CHAMPION's territory, in this dead end, is a cell larger next to
     * the ghost: its search, not its evaluation, must see the end of a
     * corridor.) */
    gs_pacman *plain = world_of("%%%%%%%%%%%%%\n"
                                "%.     P  G.%\n"
                                "%%%%%%%%%%%%%\n", 1);
    void *p = new_state(plain);
    play(plain, p, 0, GS_PAC_WEST);
    play(plain, p, 1, GS_PAC_WEST);
    toward = copy_state(plain, p);
    away = copy_state(plain, p);
    play(plain, toward, 0, GS_PAC_EAST);
    play(plain, away, 0, GS_PAC_WEST);
    assert_true(gs_pacman_evaluate(plain, toward, GS_PAC_EVAL_BETTER) <
                gs_pacman_evaluate(plain, away, GS_PAC_EVAL_BETTER));
    free(toward);
    free(away);
    free(p);
    free(s);
    gs_pacman_free(plain);
    gs_pacman_free(w);
}

/* ---- The world as a game -------------------------------------------------- */

/*
 * %.P G.%   Pacman steps East, next to the ghost; the ghost's move is the
 *           root: West kills him (-1 - 500), East does not (-1). Searched
 *           one ply deep with the score at the leaves.
 */
static double ghost_root_value(gs_pac_ghost_model model, gs_algo algo)
{
    gs_pacman *w = world_of("%%%%%%%\n"
                            "%.P G.%\n"
                            "%%%%%%%\n", 1);
    void *s = new_state(w);
    play(w, s, 0, GS_PAC_EAST);
    gs_pac_search_game sg = {w, GS_PAC_EVAL_SCORE, model, NULL, NULL};
    gs_game game;
    gs_pacman_search_game(&sg, &game);
    assert_true(game.ctx == &sg);
    assert_int_equal(game.role(game.ctx, 0), GS_ROLE_MAX);
    assert_int_equal(game.role(game.ctx, 1), model == GS_PAC_GHOSTS_MIN
                                                 ? GS_ROLE_MIN
                                                 : GS_ROLE_CHANCE);
    gs_engine *e = NULL;
    assert_int_equal(gs_engine_new(&game, NULL, &e), GS_OK);
    gs_search_options o;
    gs_search_options_init(&o);
    o.algo = algo;
    o.depth = 1;
    o.depth_unit = GS_DEPTH_PLIES;
    gs_result r;
    assert_int_equal(gs_search(e, s, &o, &r), GS_OK);
    assert_int_equal(r.nodes, 3);
    assert_int_equal(r.leaves, 2);
    gs_engine_free(e);
    free(s);
    gs_pacman_free(w);
    return r.value;
}

static void test_ghost_models(void **unused)
{
    (void)unused;
    /* DirectionalGhost: 0.8 to the best move (West, onto Pacman), then
     * 0.2 spread over both, normalised as pacman.py does. */
    double p_west = 0.8 + (1 - 0.8) / 2, p_east = (1 - 0.8) / 2;
    double total = p_west + p_east;
    double expected = p_west / total * -501.0 + p_east / total * -1.0;
    assert_true(fabs(expected - (-451.0)) < 1e-9);
    double v = ghost_root_value(GS_PAC_GHOSTS_DIRECTIONAL, GS_EXPECTIMINIMAX);
    assert_true(v == expected);
    assert_true(ghost_root_value(GS_PAC_GHOSTS_DIRECTIONAL, GS_EXPECTIMAX) ==
                expected);
    /* with alpha-beta too: chance nodes are searched with a full window */
    assert_true(ghost_root_value(GS_PAC_GHOSTS_DIRECTIONAL, GS_ALPHABETA) ==
                expected);
    /* RandomGhost: the plain mean. */
    assert_true(ghost_root_value(GS_PAC_GHOSTS_RANDOM, GS_EXPECTIMINIMAX) ==
                -251.0);
    /* MIN ghosts: the worst; expectimax makes them uniform again. */
    assert_true(ghost_root_value(GS_PAC_GHOSTS_MIN, GS_MINIMAX) == -501.0);
    assert_true(ghost_root_value(GS_PAC_GHOSTS_MIN, GS_EXPECTIMAX) == -251.0);

    /* The distribution the engine got is the world's own. */
    gs_pacman *w = world_of("%%%%%%%\n"
                            "%.P G.%\n"
                            "%%%%%%%\n", 1);
    void *s = new_state(w);
    play(w, s, 0, GS_PAC_EAST);
    int acts[GS_PAC_NUM_DIRS];
    double p[GS_PAC_NUM_DIRS];
    assert_int_equal(gs_pacman_ghost_distribution(
                         w, s, 1, GS_PAC_DIRECTIONAL_GHOST, acts, p), 2);
    assert_int_equal(acts[0], GS_PAC_WEST);
    assert_true(p[0] * -501.0 + p[1] * -1.0 == expected);
    free(s);
    gs_pacman_free(w);
}

/* Leaves are valued by the chosen evaluation, wins and losses included,
 * and the search prefers by it. */
static void test_search_game_leaves(void **unused)
{
    (void)unused;
    gs_pacman *w = world_of("%%%%%%%%%\n"
                            "%.  P   %\n"
                            "%%%%%%%%%\n", 0);
    void *s = new_state(w);
    for (int ev = GS_PAC_EVAL_SCORE; ev <= GS_PAC_EVAL_CHAMPION; ev++) {
        gs_pac_search_game sg = {w, (gs_pac_eval)ev, GS_PAC_GHOSTS_MIN,
                                 NULL, NULL};
        gs_game game;
        gs_pacman_search_game(&sg, &game);
        gs_engine *e = NULL;
        assert_int_equal(gs_engine_new(&game, NULL, &e), GS_OK);
        gs_search_options o;
        gs_search_options_init(&o);
        o.algo = GS_MINIMAX;
        o.depth = 1;
        o.depth_unit = GS_DEPTH_ROUNDS;
        gs_result r;
        assert_int_equal(gs_search(e, s, &o, &r), GS_OK);
        /* West, Stop, East: West is best for every evaluation but the
         * score, whose tie goes to the first action, West too. */
        assert_int_equal(r.best, GS_PAC_WEST);
        void *c = copy_state(w, s);
        play(w, c, 0, GS_PAC_WEST);
        assert_true(r.value == gs_pacman_evaluate(w, c, (gs_pac_eval)ev));
        free(c);
        /* Three moves West eat the only dot: a win, valued by the
         * evaluation too. */
        o.depth = 3;
        assert_int_equal(gs_search(e, s, &o, &r), GS_OK);
        c = copy_state(w, s);
        for (int i = 0; i < 3; i++)
            play(w, c, 0, GS_PAC_WEST);
        assert_true(gs_pacman_is_win(w, c));
        assert_true(r.value == gs_pacman_evaluate(w, c, (gs_pac_eval)ev));
        free(c);
        gs_engine_free(e);
    }
    free(s);
    gs_pacman_free(w);
}

/* ---- States generated, as the autograder counts them ---------------------- */

typedef struct counter {
    const gs_pacman *w;
    size_t n;
    void *states[64];
    uint64_t entered;
} counter;

static void count_distinct(void *user, gs_event_kind kind, const gs_event *ev)
{
    counter *c = user;
    if (kind != GS_EVENT_ENTER)
        return;
    c->entered++;
    for (size_t i = 0; i < c->n; i++)
        if (gs_pacman_state_equal(c->w, c->states[i], ev->state))
            return;
    assert_true(c->n < 64);
    c->states[c->n++] = copy_state(c->w, ev->state);
}

/*
 * %.  P   %   Pacman alone, two moves deep: the root, its 3 children
 * (West, Stop, East) and their 9: 13 nodes. Equal by pacman.py's
 * equality (position, direction, score, food): Stop-then-West and
 * West-then-Stop (both at x=3 facing West, score -2), and
 * Stop-then-East and East-then-Stop. 11 distinct states.
 */
static void test_count_states(void **unused)
{
    (void)unused;
    gs_pacman *w = world_of("%%%%%%%%%\n"
                            "%.  P   %\n"
                            "%%%%%%%%%\n", 0);
    void *s = new_state(w);
    gs_pac_search_game sg = {w, GS_PAC_EVAL_SCORE, GS_PAC_GHOSTS_MIN, NULL,
                             NULL};
    gs_game game;
    gs_pacman_search_game(&sg, &game);
    gs_engine *e = NULL;
    assert_int_equal(gs_engine_new(&game, NULL, &e), GS_OK);
    counter c = {w, 0, {0}, 0};
    gs_search_options o;
    gs_search_options_init(&o);
    o.algo = GS_MINIMAX;
    o.depth = 2;
    o.depth_unit = GS_DEPTH_ROUNDS;
    o.hook = count_distinct;
    o.hook_user = &c;
    gs_result r;
    assert_int_equal(gs_search(e, s, &o, &r), GS_OK);
    assert_int_equal(r.nodes, 13);
    assert_int_equal(c.entered, 13);
    assert_int_equal(c.n, 11);
    /* The engine's hash agrees with pacman.py's equality here. */
    for (size_t i = 0; i < c.n; i++)
        for (size_t j = 0; j < c.n; j++)
            assert_int_equal(game.hash(game.ctx, c.states[i]) ==
                                 game.hash(game.ctx, c.states[j]),
                             i == j);
    for (size_t i = 0; i < c.n; i++)
        free(c.states[i]);
    gs_engine_free(e);
    free(s);
    gs_pacman_free(w);
}

/* ---- The caller's evaluation ---------------------------------------------- */

typedef struct own_eval {
    int calls;
    double offset;
} own_eval;

static double score_plus(void *user, const gs_pacman *w, const void *state)
{
    own_eval *oe = user;
    oe->calls++;
    return gs_pacman_score(w, state) + oe->offset;
}

/* A search game and an agent valuing leaves by the caller's function: the
 * same decisions as the score's, with the offset in the value, and one
 * call per leaf; NULL gives the agent its own evaluation back. */
static void test_caller_evaluation(void **unused)
{
    (void)unused;
    gs_pacman *w = world_of("%%%%%%%%%\n"
                            "%.  P   %\n"
                            "%%%%%%%%%\n", 0);
    void *s = new_state(w);
    own_eval oe = {0, 1000.0};
    gs_pac_search_game sg = {w, GS_PAC_EVAL_BETTER, GS_PAC_GHOSTS_MIN,
                             score_plus, &oe};
    gs_game game;
    gs_pacman_search_game(&sg, &game);
    gs_engine *e = NULL;
    assert_int_equal(gs_engine_new(&game, NULL, &e), GS_OK);
    gs_search_options o;
    gs_search_options_init(&o);
    o.algo = GS_MINIMAX;
    o.depth = 2;
    o.depth_unit = GS_DEPTH_ROUNDS;
    gs_result r;
    assert_int_equal(gs_search(e, s, &o, &r), GS_OK);
    /* 13 nodes, 9 leaves; the best is West then West: score -2 + 1000. */
    assert_int_equal(r.nodes, 13);
    assert_int_equal(oe.calls, 9);
    assert_true(r.value == 998.0);
    assert_int_equal(r.best, GS_PAC_WEST);
    gs_engine_free(e);

    gs_error err;
    gs_pac_agent *a = NULL;
    assert_int_equal(gs_pac_agent_new(GS_PAC_AGENT_MINIMAX, "depth=1", w,
                                      NULL, &a, &err), GS_OK);
    gs_pac_agent_measure(a, GS_PAC_MEASURE_VALUES);
    oe.calls = 0;
    oe.offset = 0.5;
    gs_pac_agent_evaluation(a, score_plus, &oe);
    gs_pyrandom rng;
    gs_pyrandom_seed_int(&rng, 1);
    gs_pac_decision d;
    assert_int_equal(gs_pac_agent_act(a, s, &rng, &d), GS_OK);
    assert_int_equal(oe.calls, 3);
    assert_int_equal(d.num_actions, 3);
    assert_true(d.values[0] == -0.5 && d.values[1] == -0.5 &&
                d.values[2] == -0.5);
    gs_pac_agent_evaluation(a, NULL, &oe);
    assert_int_equal(gs_pac_agent_act(a, s, &rng, &d), GS_OK);
    assert_int_equal(oe.calls, 3);
    assert_true(d.values[0] == -1.0);
    gs_pac_agent_free(a);
    free(s);
    gs_pacman_free(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_maze_distance),
        cmocka_unit_test(test_maze_distance_without_table),
        cmocka_unit_test(test_evaluations_with_and_without_table),
        cmocka_unit_test(test_score_evaluation),
        cmocka_unit_test(test_nearer_food),
        cmocka_unit_test(test_ghost_next_to_pacman),
        cmocka_unit_test(test_chase_scared_ghost),
        cmocka_unit_test(test_ghost_models),
        cmocka_unit_test(test_search_game_leaves),
        cmocka_unit_test(test_count_states),
        cmocka_unit_test(test_caller_evaluation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
