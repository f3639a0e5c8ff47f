/*
 * tests/test_cs188_pacman.c: the Pacman world against the files of CS188's
 * Pacman project in ../shared/cs188 (GS_SHARED_DIR):
 *
 *   - the eleven CS188 layouts with the sizes, counts and agent order that
 *     pacman.py's layout.py gives them, and every layout there and in the
 *     project's layouts/ accepted by the reader's checks;
 *   - two games of DirectionalGhosts on powerClassic and smallClassic
 *     recorded from pacman.py (seed 'cs188'), replayed move for move;
 *   - the seven pacman.py traces in traces/: every move legal, every score,
 *     every game's end, and every ghost move drawn from one generator
 *     seeded with 'cs188' per file; the minimax, alpha-beta and expectimax
 *     traces also chosen move for move by the engine on gs_pacman_game;
 *   - pacman.py's state hash on 3,000 positions of smallClassic: equal
 *     states hash equally, unequal ones do not collide.
 *
 * Without GS_SHARED_DIR/cs188 the program says so and exits 77 (skipped);
 * with it, every file named here must be there.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gamesearch/gamesearch.h"
#include "gamesearch/pacman.h"
#include "gamesearch/pyrandom.h"

#include "fixtures.h"
#include "layout_files.h"
#include "pacman_fixture.h"

#define CS188_DIR GS_SHARED_DIR "/cs188"

/* The world of CS188 layout `name` with at most `ghosts` ghosts. */
static gs_pacman *cs188_world(const char *name, int ghosts)
{
    char path[512];
    snprintf(path, sizeof path, "%s/layouts/%s.lay", CS188_DIR, name);
    size_t len;
    char *text = read_file_or_fail(path, &len);
    gs_pacman *w = world_from(text, len, ghosts, NULL, path);
    free(text);
    return w;
}

/* pacman.py's layout.py on the eleven CS188 layouts: width, height, ghosts,
 * food, capsules, and the agents in order (Pacman first). */
typedef struct cs188_layout {
    const char *name;
    int width, height, ghosts, food, capsules;
    int agents[5][2];
} cs188_layout;

static const cs188_layout cs188_layouts[] = {
    {"capsuleClassic", 19, 7, 3, 23, 3, {{8, 1}, {1, 5}, {10, 5}, {17, 1}}},
    {"contestClassic", 20, 9, 3, 69, 6, {{9, 1}, {8, 5}, {10, 5}, {11, 5}}},
    {"mediumClassic", 20, 11, 2, 97, 2, {{9, 1}, {8, 5}, {11, 5}}},
    {"minimaxClassic", 9, 5, 3, 2, 0, {{2, 3}, {1, 1}, {5, 2}, {7, 3}}},
    {"openClassic", 25, 9, 1, 86, 1, {{4, 7}, {22, 4}}},
    {"originalClassic", 28, 27, 4, 229, 4,
     {{14, 1}, {10, 13}, {13, 13}, {14, 13}, {17, 13}}},
    {"powerClassic", 20, 7, 4, 53, 8,
     {{9, 1}, {8, 5}, {9, 5}, {10, 5}, {11, 5}}},
    {"smallClassic", 20, 7, 2, 55, 2, {{9, 1}, {8, 5}, {11, 5}}},
    {"testClassic", 5, 10, 1, 8, 0, {{1, 1}, {2, 7}}},
    {"trappedClassic", 8, 5, 2, 4, 0, {{4, 3}, {1, 2}, {6, 3}}},
    {"trickyClassic", 20, 13, 4, 114, 6,
     {{9, 1}, {8, 7}, {9, 7}, {10, 7}, {11, 7}}},
};

static void test_cs188_layouts(void **unused)
{
    (void)unused;
    for (size_t i = 0; i < sizeof cs188_layouts / sizeof *cs188_layouts; i++) {
        const cs188_layout *c = &cs188_layouts[i];
        gs_pacman *w = cs188_world(c->name, GS_PAC_MAX_GHOSTS);
        assert_int_equal(gs_pacman_width(w), c->width);
        assert_int_equal(gs_pacman_height(w), c->height);
        assert_int_equal(gs_pacman_num_agents(w), 1 + c->ghosts);
        void *s = new_state(w);
        assert_int_equal(gs_pacman_food_left(w, s), c->food);
        assert_int_equal(gs_pacman_capsules_left(w, s), c->capsules);
        assert_int_equal(gs_pacman_score(w, s), 0);
        assert_int_equal(gs_pacman_to_move(w, s), 0);
        for (int a = 0; a <= c->ghosts; a++)
            expect_agent(w, s, a, 2 * c->agents[a][0], 2 * c->agents[a][1],
                         "Stop", 0);
        free(s);
        gs_pacman_free(w);
    }
}

/* Every layout of CS188's and of the project's is accepted by the reader,
 * its checks included (all food within Pacman's reach). */
static void test_all_layouts_accepted(void **unused)
{
    (void)unused;
    static const char *const dirs[] = {CS188_DIR "/layouts",
                                       GS_SOURCE_DIR "/layouts"};
    char path[1024], why[512];
    if (!largest_layout(dirs, 2, path, sizeof path, why, sizeof why))
        fail_msg("%s", why);
}

#include "test_pacman_directional.inc"

typedef struct recorded_game {
    const char *moves;
    int score;
    bool win;
} recorded_game;

/* Replays games recorded from pacman.py with DirectionalGhosts (one
 * generator seeded 'cs188' for the games of a layout): Pacman's moves as
 * recorded, every ghost move drawn here and compared. Letters: the
 * initial of the direction, X for Stop. */
static void replay_directional(const char *layout, int ghosts,
                               const recorded_game *games, int ngames)
{
    gs_pacman *w = cs188_world(layout, ghosts);
    gs_pyrandom rng;
    gs_pyrandom_seed_str(&rng, "cs188");
    int half = 0, scared = 0;
    for (int g = 0; g < ngames; g++) {
        void *s = new_state(w);
        const char *m = games[g].moves;
        for (size_t t = 0; m[t]; t++) {
            assert_false(gs_pacman_is_win(w, s) || gs_pacman_is_lose(w, s));
            int agent = gs_pacman_to_move(w, s);
            int action;
            if (agent == 0) {
                action = m[t] == 'X' ? GS_PAC_STOP
                                     : gs_pac_dir_parse(m[t] == 'W'   ? "West"
                                                        : m[t] == 'E' ? "East"
                                                        : m[t] == 'N' ? "North"
                                                                      : "South");
            } else {
                scared += gs_pacman_scared(w, s, agent) > 0;
                action = gs_pacman_ghost_action(w, s, agent,
                                                GS_PAC_DIRECTIONAL_GHOST, &rng);
                if (gs_pac_dir_name(action)[0] != m[t])
                    fail_msg("%s game %d move %zu: ghost %d drew %s, pacman.py "
                             "%c", layout, g + 1, t, agent,
                             gs_pac_dir_name(action), m[t]);
            }
            int rc = gs_pacman_apply(w, s, agent, action);
            if (rc != GS_OK)
                fail_msg("%s game %d move %zu: %s refused", layout, g + 1, t,
                         gs_pac_dir_name(action));
            int x2, y2;
            gs_pacman_position(w, s, agent, &x2, &y2);
            half += (x2 | y2) & 1;
        }
        assert_int_equal(gs_pacman_score(w, s), games[g].score);
        assert_int_equal(gs_pacman_is_win(w, s), games[g].win);
        assert_int_equal(gs_pacman_is_lose(w, s), !games[g].win);
        free(s);
    }
    /* The games do exercise scared ghosts between cells. */
    assert_true(scared > 50);
    assert_true(half > 20);
    gs_pacman_free(w);
}

static void test_directional_games(void **unused)
{
    (void)unused;
    const recorded_game power[2] = {{power_game1, 1545, true},
                                    {power_game2, 204, false}};
    replay_directional("powerClassic", 4, power, 2);
    const recorded_game small[2] = {{small_game1, 1551, true},
                                    {small_game2, -185, false}};
    replay_directional("smallClassic", 2, small, 2);
}

/* ---- pacman.py's traces ------------------------------------------------- */

/* What the "# args:" line of a trace says. */
typedef struct trace_args {
    char layout[64];
    char agent[64];      /* -p */
    int ghosts;          /* -k, default 4 */
    int games;           /* -n, default 1 */
    int depth;           /* -a depth=N, default 2 */
    bool own_eval;       /* -a evalFn=...: not the score */
} trace_args;

static void parse_args(const char *line, trace_args *ta)
{
    memset(ta, 0, sizeof *ta);
    strcpy(ta->layout, "mediumClassic");
    ta->ghosts = 4;
    ta->games = 1;
    ta->depth = 2;
    char buf[512];
    snprintf(buf, sizeof buf, "%s", line);
    char *save = NULL;
    char *tok = strtok_r(buf, " \t\r\n", &save);
    while (tok) {
        char *val = NULL;
        if (tok[0] == '-' && strchr("lkpna", tok[1]) && tok[2] == '\0')
            val = strtok_r(NULL, " \t\r\n", &save);
        if (val && tok[1] == 'l')
            snprintf(ta->layout, sizeof ta->layout, "%s", val);
        else if (val && tok[1] == 'k')
            ta->ghosts = atoi(val);
        else if (val && tok[1] == 'n')
            ta->games = atoi(val);
        else if (val && tok[1] == 'p')
            snprintf(ta->agent, sizeof ta->agent, "%s", val);
        else if (val && tok[1] == 'a') {
            char *save2 = NULL;
            for (char *kv = strtok_r(val, ",", &save2); kv;
                 kv = strtok_r(NULL, ",", &save2)) {
                if (strncmp(kv, "depth=", 6) == 0)
                    ta->depth = atoi(kv + 6);
                else if (strncmp(kv, "evalFn=", 7) == 0)
                    ta->own_eval = true;
            }
        }
        tok = strtok_r(NULL, " \t\r\n", &save);
    }
}

/* The engine's choice for Pacman as the trace's agent makes it, or -1 when
 * the trace's agent is not one the engine plays. */
static int engine_choice(gs_engine *e, const trace_args *ta, const void *s)
{
    gs_search_options o;
    gs_search_options_init(&o);
    if (ta->own_eval)
        return -1;
    if (strcmp(ta->agent, "MinimaxAgent") == 0)
        o.algo = GS_MINIMAX;
    else if (strcmp(ta->agent, "AlphaBetaAgent") == 0)
        o.algo = GS_ALPHABETA;
    else if (strcmp(ta->agent, "ExpectimaxAgent") == 0)
        o.algo = GS_EXPECTIMAX;
    else
        return -1;
    o.depth = ta->depth;
    o.depth_unit = GS_DEPTH_ROUNDS;
    o.prune_equal = false;
    gs_result r;
    assert_int_equal(gs_search(e, s, &o, &r), GS_OK);
    assert_int_equal(r.stopped, GS_STOP_NONE);
    return (int)r.best;
}

typedef struct trace_totals {
    int games, moves, ghost_moves, engine_moves;
} trace_totals;

/* Replays one trace file; see the comment at the top. */
static void replay_trace(const char *name, trace_totals *tot)
{
    char path[512];
    snprintf(path, sizeof path, "%s/traces/%s.trace", CS188_DIR, name);
    size_t len;
    char *text = read_file_or_fail(path, &len);
    assert_true(strncmp(text, "# args:", 7) == 0);
    trace_args ta;
    parse_args(text + 7, &ta);

    gs_pacman *w = cs188_world(ta.layout, ta.ghosts);
    gs_game game;
    gs_pacman_game(w, &game);
    gs_engine *engine = NULL;
    assert_int_equal(gs_engine_new(&game, NULL, &engine), GS_OK);
    const int n = gs_pacman_num_agents(w);
    gs_pyrandom rng;
    gs_pyrandom_seed_str(&rng, "cs188");   /* -f: once, for all games */

    void *s = NULL;
    int game_no = 0, moves = 0, want_moves = 0, want_score = 0;
    bool want_win = false;
    int lineno = 1;
    char *save = NULL;
    char *line = strtok_r(strchr(text, '\n') + 1, "\n", &save);
    for (;; line = strtok_r(NULL, "\n", &save)) {
        lineno++;
        bool game_line = line && strncmp(line, "GAME ", 5) == 0;
        if (s && (!line || game_line)) {
            /* The end of a game: as many moves as pacman.py made, and over
             * with its result and score. */
            assert_int_equal(moves, want_moves);
            assert_int_equal(gs_pacman_score(w, s), want_score);
            assert_int_equal(gs_pacman_is_win(w, s), want_win);
            assert_int_equal(gs_pacman_is_lose(w, s), !want_win);
            free(s);
            s = NULL;
            tot->games++;
        }
        if (!line)
            break;
        if (game_line) {
            int no;
            char result[16];
            assert_int_equal(sscanf(line, "GAME %d result=%15s score=%d moves=%d",
                                    &no, result, &want_score, &want_moves),
                             4);
            assert_int_equal(no, ++game_no);
            want_win = strcmp(result, "Win") == 0;
            assert_true(want_win || strcmp(result, "Loss") == 0);
            s = new_state(w);
            moves = 0;
            continue;
        }
        int t, agent, score;
        char action[16];
        if (sscanf(line, "%d %d %15s %d", &t, &agent, action, &score) != 4)
            fail_msg("%s:%d: unreadable line", path, lineno);
        assert_non_null(s);
        assert_int_equal(t, moves);
        assert_int_equal(agent, t % n);
        assert_int_equal(gs_pacman_to_move(w, s), agent);
        int act = dir_of(action);
        int legal[GS_PAC_NUM_DIRS];
        int k = gs_pacman_legal(w, s, agent, legal);
        bool found = false;
        for (int i = 0; i < k; i++)
            found = found || legal[i] == act;
        if (!found)
            fail_msg("%s:%d: %s is not legal for agent %d", path, lineno,
                     action, agent);
        if (agent == 0) {
            int choice = engine_choice(engine, &ta, s);
            if (choice >= 0) {
                if (choice != act)
                    fail_msg("%s:%d: the engine plays %s, pacman.py %s", path,
                             lineno, gs_pac_dir_name(choice), action);
                tot->engine_moves++;
            }
        } else {
            /* pacman.py's RandomGhost drew this move from the stream. */
            int drawn = gs_pacman_ghost_action(w, s, agent,
                                               GS_PAC_RANDOM_GHOST, &rng);
            if (drawn != act)
                fail_msg("%s:%d: ghost %d drew %s, pacman.py %s", path, lineno,
                         agent, gs_pac_dir_name(drawn), action);
            tot->ghost_moves++;
        }
        assert_int_equal(gs_pacman_apply(w, s, agent, act), GS_OK);
        if (gs_pacman_score(w, s) != score)
            fail_msg("%s:%d: score %d, pacman.py %d", path, lineno,
                     gs_pacman_score(w, s), score);
        moves++;
        tot->moves++;
    }
    assert_int_equal(game_no, ta.games);
    gs_engine_free(engine);
    gs_pacman_free(w);
    free(text);
}

static const char *const trace_names[] = {
    "a_minimax_d2_smallClassic_f",
    "c_expectimax_d2_smallClassic_f",
    "d_expectimax_better_smallClassic_f",
    "d_k1_expectimax_better_smallClassic_k1_f",
    "f1_minimax_d4_minimaxClassic_f",
    "f2_alphabeta_d3_trappedClassic_f",
    "f3_expectimax_d3_trappedClassic_f",
};

static void test_trace(void **state)
{
    const char *name = *state;
    trace_totals tot = {0, 0, 0, 0};
    replay_trace(name, &tot);
    assert_int_equal(tot.games, 10);
    assert_true(tot.ghost_moves > 0);
    /* The engine chose every Pacman move of the five traces whose agent
     * uses the score as evaluation. */
    if (name[0] != 'd')
        assert_int_equal(tot.engine_moves, tot.moves - tot.ghost_moves);
    else
        assert_int_equal(tot.engine_moves, 0);
}

/* Equal states hash equally; on many random positions, unequal ones do
 * not collide. */
static void test_state_hash(void **unused)
{
    (void)unused;
    gs_pacman *w = cs188_world("smallClassic", 2);
    enum { N = 3000 };
    size_t size = gs_pacman_state_size(w);
    char *states = malloc(N * size);
    assert_non_null(states);
    uint64_t seed = 42;
    int count = 0;
    void *s = new_state(w);
    while (count < N) {
        memcpy(states + (size_t)count * size, s, size);
        count++;
        int agent = gs_pacman_to_move(w, s);
        int a[GS_PAC_NUM_DIRS];
        int k = gs_pacman_legal(w, s, agent, a);
        if (k == 0) {
            gs_pacman_initial(w, s);
            continue;
        }
        assert_int_equal(gs_pacman_apply(w, s, agent,
                                         a[rng_next(&seed) % (uint64_t)k]),
                         GS_OK);
    }
    int equal_pairs = 0;
    for (int i = 0; i < N; i++) {
        const void *x = states + (size_t)i * size;
        uint64_t hx = gs_pacman_state_hash(w, x);
        for (int j = i + 1; j < N; j++) {
            const void *y = states + (size_t)j * size;
            bool eq = gs_pacman_state_equal(w, x, y);
            bool same_hash = hx == gs_pacman_state_hash(w, y);
            assert_int_equal(eq, same_hash);
            equal_pairs += eq;
        }
    }
    assert_true(equal_pairs > 0);   /* restarts repeat the start */
    free(s);
    free(states);
    gs_pacman_free(w);
}

int main(void)
{
    struct stat st;
    if (stat(CS188_DIR, &st) != 0 || !S_ISDIR(st.st_mode)) {
        printf("skipped: %s not found\n", CS188_DIR);
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cs188_layouts),
        cmocka_unit_test(test_all_layouts_accepted),
        cmocka_unit_test(test_directional_games),
        cmocka_unit_test(test_state_hash),
    };
    enum { NTRACES = sizeof trace_names / sizeof *trace_names };
    struct CMUnitTest traces[NTRACES];
    for (int i = 0; i < NTRACES; i++)
        traces[i] = (struct CMUnitTest){trace_names[i], test_trace, NULL,
                                        NULL,
                                        (void *)(uintptr_t)trace_names[i]};
    int failed = cmocka_run_group_tests_name("cs188_pacman", tests, NULL, NULL);
    failed += _cmocka_run_group_tests("cs188_pacman_traces", traces, NTRACES,
                                      NULL, NULL);
    return failed;
}
