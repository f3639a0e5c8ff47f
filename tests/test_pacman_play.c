/*
 * tests/test_pacman_play.c: the Pacman agents and pacman.py's game loop
 * as the library offers them (gamesearch/pacman_play.h).
 *
 * Facts checked:
 *   - agent names both ways, and -a's checks: each refusal's exact message
 *     and the column of the piece refused;
 *   - each simple agent's rule on a maze worked out by hand (keyboard keys
 *     and their memory, LeftTurn's turns, Greedy's and Random's draws);
 *   - a searching agent's measurements: 13 nodes and 11 distinct states at
 *     depth 2 on a corridor (as test_pacman_agents counts them with the
 *     engine directly), the depth, and each root action's value;
 *   - whole games equal to what `gamesearch pacman` printed before the
 *     loop moved into the library (same seed, layout and agent: result,
 *     score, moves, Pacman's moves and nodes), countStates's figures of
 *     the first three moves, and a game replayed from its own actions;
 *   - the callbacks: the start, every move, Pacman's decisions only for
 *     Pacman, the keys asked once per Pacman move, a stop at any move;
 *   - refusals: an illegal replayed move, missing arguments;
 *   - per-game seeding, the 95% intervals, a batch's summary, the text
 *     display's frames;
 *   - pacman.py's lines as the library writes them: each result and crash
 *     line, game.py's timeout messages, countStates's line, the summary
 *     block (exact text; a writer's refusal comes back);
 *   - batches: the tally, each way of seeding, a
 *     game's end as the record keeps it; a batch played in turn gives
 *     each game gs_pac_play's game from the same stream (one stream, or
 *     each game its own), and played away from the record by two players,
 *     packed and taken in order, the same record and results;
 *   - allocation failure: setting an agent up and a measured decision.
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
#include "gamesearch/pacman_play.h"

#include "layout_files.h"
#include "pacman_fixture.h"
#include "sink.h"
#include "track_alloc.h"

/* ---- Helpers ------------------------------------------------------------ */

/* A layout of the project's layouts/ directory, as a world. */
static gs_pacman *project_world(const char *name, int ghosts)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/layouts/%s.lay", GS_SOURCE_DIR, name);
    size_t len;
    char *text = read_file_text(path, &len);
    if (!text)
        fail_msg("cannot read %s", path);
    gs_pacman *w = world_from(text, len, ghosts, NULL, path);
    free(text);
    return w;
}

static gs_pac_agent *agent_of(gs_pac_agent_kind kind, const char *args,
                              const gs_pacman *w)
{
    gs_pac_agent *a = NULL;
    gs_error err;
    int rc = gs_pac_agent_new(kind, args, w, NULL, &a, &err);
    if (rc != GS_OK)
        fail_msg("agent %s with '%s': %d: %s", gs_pac_agent_name(kind),
                 args ? args : "", rc, err.message);
    return a;
}

/* The outcome of one game, and what the callbacks saw of it. */
typedef struct seen {
    long calls;               /* on_move calls, the start included */
    long starts;
    long decisions;           /* calls with a decision */
    long keys_asked;
    long stop_at;             /* return 1 at this move number (-1: never) */
    unsigned keys;            /* what the keys callback answers */
    unsigned char actions[8192];
    size_t n;
    /* countStates's figures of Pacman's first moves */
    uint64_t nodes[3];
    size_t distinct[3];
    bool bad;                 /* a callback saw something wrong */
} seen;

static int on_move(void *user, const gs_pac_move *m)
{
    seen *s = user;
    s->calls++;
    if (m->number == 0) {
        s->starts++;
        if (m->agent != -1 || m->action != -1 || m->decision)
            s->bad = true;
    } else {
        if (s->n < sizeof s->actions)
            s->actions[s->n++] = (unsigned char)m->action;
        if ((m->decision != NULL) != (m->agent == 0) ||
            m->number != m->game->moves)
            s->bad = true;
        if (m->decision) {
            s->decisions++;
            if (m->decision->action != m->action)
                s->bad = true;
            long k = m->pacman_move - 1;
            if (k >= 0 && k < 3 && m->decision->states_counted) {
                s->nodes[k] = m->decision->nodes;
                s->distinct[k] = m->decision->distinct_states;
            }
        }
    }
    return s->stop_at >= 0 && m->number == s->stop_at;
}

static unsigned keys(void *user)
{
    seen *s = user;
    s->keys_asked++;
    return s->keys;
}

static void seen_init(seen *s)
{
    memset(s, 0, sizeof *s);
    s->stop_at = -1;
}

/* Plays one game with callbacks into *s. */
static int play(const gs_pacman *w, gs_pac_agent *a, gs_pyrandom *rng,
                gs_pac_ghost ghosts, long max_moves, seen *s,
                gs_pac_game_result *out)
{
    gs_pac_play_options o;
    gs_pac_play_options_init(&o);
    o.ghosts = ghosts;
    o.max_moves = max_moves;
    o.on_move = on_move;
    o.keys = keys;
    o.user = s;
    void *state = new_state(w);
    int rc = gs_pac_play(w, a, rng, &o, state, out);
    free(state);
    return rc;
}

/* ---- Names and arguments ------------------------------------------------ */

/* ---- Decisions kept in a record ----------------------------------------- */

typedef struct keeper {
    gs_pac_record *rec;
    gs_pac_game_log *log;
    int failed;
} keeper;

static int keep_move(void *user, const gs_pac_move *m)
{
    keeper *k = user;
    if (m->number == 0)
        return 0;
    if (gs_pac_record_push(k->rec, k->log, m->action) != GS_OK ||
        (m->decision &&
         gs_pac_record_push_decision(k->rec, k->log, m->decision) != GS_OK))
        k->failed++;
    return 0;
}

/* Every decision of Pacman's, in order, with its values: the one played
 * at his turn, the best of its actions' values, the nodes summed as the
 * game sums them; and a record whose memory runs out keeps what it had
 * and frees all. */
static void test_record_decisions(void **unused)
{
    (void)unused;
    gs_pacman *w = project_world("crossroads", 1);
    gs_pac_agent *a = agent_of(GS_PAC_AGENT_ALPHABETA, "depth=2", w);
    gs_pac_agent_measure(a, GS_PAC_MEASURE_VALUES);
    track t;
    gs_allocator alloc = tracker(&t);
    gs_pac_record rec;
    gs_pac_record_init(&rec, &alloc);
    keeper k = {&rec, gs_pac_record_add_game(&rec), 0};
    gs_pac_play_options o;
    gs_pac_play_options_init(&o);
    o.on_move = keep_move;
    o.user = &k;
    gs_pyrandom rng;
    gs_pac_seed_game(&rng, 7, 1);
    void *state = new_state(w);
    gs_pac_game_result r;
    assert_int_equal(gs_pac_play(w, a, &rng, &o, state, &r), GS_OK);
    assert_int_equal(k.failed, 0);
    const gs_pac_game_log *log = &rec.games[0];
    assert_int_equal(log->ndecisions, r.pacman_moves);
    assert_int_equal(log->n, r.moves);
    uint64_t nodes = 0;
    int agents = gs_pacman_num_agents(w);
    for (size_t i = 0; i < log->ndecisions; i++) {
        const gs_pac_decision *d = &log->decisions[i];
        assert_int_equal(d->action, log->actions[i * (size_t)agents]);
        double best = -INFINITY, chosen = NAN;
        for (int j = 0; j < d->num_actions; j++) {
            if (d->values[j] > best)
                best = d->values[j];
            if (d->actions[j] == d->action)
                chosen = d->values[j];
        }
        assert_true(chosen == best);
        nodes += d->nodes;
    }
    assert_true(nodes == r.nodes);

    /* Out of memory when the log must grow: GS_ENOMEM, nothing lost. */
    size_t before = log->ndecisions;
    gs_pac_decision d = log->decisions[0];
    while (rec.games[0].ndecisions < rec.games[0].dcap)
        assert_int_equal(gs_pac_record_push_decision(&rec, &rec.games[0], &d),
                         GS_OK);
    t.fail_at = t.count + 1;
    assert_int_equal(gs_pac_record_push_decision(&rec, &rec.games[0], &d),
                     GS_ENOMEM);
    assert_true(rec.games[0].ndecisions == rec.games[0].dcap);
    assert_true(rec.games[0].ndecisions >= before);
    gs_pac_record_drop_game(&rec);
    assert_int_equal(rec.ngames, 0);
    gs_pac_record_free(&rec);
    assert_true(t.live == 0);
    free(state);
    gs_pac_agent_free(a);
    gs_pacman_free(w);
}

static void test_agent_names(void **unused)
{
    (void)unused;
    for (int k = 0; k < GS_PAC_NUM_AGENT_KINDS; k++)
        assert_int_equal(gs_pac_agent_parse(gs_pac_agent_name(k)), k);
    assert_int_equal(gs_pac_agent_parse("AlphaBeta"), GS_PAC_AGENT_ALPHABETA);
    assert_int_equal(gs_pac_agent_parse("ALPHABETA"), GS_PAC_AGENT_ALPHABETA);
    assert_int_equal(gs_pac_agent_parse("champion"), GS_PAC_AGENT_CHAMPION);
    assert_int_equal(gs_pac_agent_parse("greedyagent"), -1);   /* exact case */
    assert_int_equal(gs_pac_agent_parse("greedy"), -1);
    assert_int_equal(gs_pac_agent_parse("maxn"), GS_PAC_AGENT_MAXN);
    assert_int_equal(gs_pac_agent_parse("Paranoid"), GS_PAC_AGENT_PARANOID);
    assert_int_equal(gs_pac_agent_parse("brs"), GS_PAC_AGENT_BRS);
    assert_string_equal(gs_pac_agent_name(GS_PAC_AGENT_BRS), "BRSAgent");
    assert_int_equal(gs_pac_agent_parse(""), -1);
    assert_string_equal(gs_pac_agent_name(GS_PAC_NUM_AGENT_KINDS), "?");
}

static void refused(gs_pac_agent_kind kind, const char *args, int column,
                    const char *message)
{
    gs_error e;
    memset(&e, 0x55, sizeof e);
    assert_int_equal(gs_pac_agent_args_check(kind, args, &e), GS_EINVAL);
    assert_int_equal(e.line, 0);
    assert_int_equal(e.column, column);
    assert_string_equal(e.message, message);
    /* Setting the agent up refuses it the same way. */
    gs_pacman *w = project_world("corridor", 1);
    gs_pac_agent *a = (gs_pac_agent *)&e;
    gs_error e2;
    assert_int_equal(gs_pac_agent_new(kind, args, w, NULL, &a, &e2),
                     GS_EINVAL);
    assert_null(a);
    assert_string_equal(e2.message, message);
    gs_pacman_free(w);
}

static void test_agent_args(void **unused)
{
    (void)unused;
    for (int k = 0; k < GS_PAC_NUM_AGENT_KINDS; k++)
        assert_int_equal(gs_pac_agent_args_check(k, NULL, NULL), GS_OK);
    assert_int_equal(gs_pac_agent_args_check(GS_PAC_AGENT_MINIMAX,
                                             "depth=3,evalFn=better,"
                                             "ghostModel=Directional,"
                                             "nodes=10,time=0.5,countStates",
                                             NULL), GS_OK);
    assert_int_equal(gs_pac_agent_args_check(GS_PAC_AGENT_GREEDY,
                                             "evalFn=scoreEvaluation", NULL),
                     GS_OK);
    assert_int_equal(gs_pac_agent_args_check(GS_PAC_AGENT_LEFT_TURN,
                                             "index=0", NULL), GS_OK);

    refused(GS_PAC_AGENT_MINIMAX, "depth=0", 1,
            "depth must be a whole number of rounds from 1 to 1000, not '0'");
    refused(GS_PAC_AGENT_MINIMAX, "depth=2,foo=1", 9,
            "MinimaxAgent takes no argument 'foo' (it takes depth, evalFn, "
            "ghostModel, time, nodes, countStates)");
    refused(GS_PAC_AGENT_GREEDY, "evalFn=x", 1,
            "evalFn 'x' is unknown to GreedyAgent (it knows scoreEvaluation)");
    refused(GS_PAC_AGENT_LEFT_TURN, "index=1", 1,
            "index must be 0 (Pacman is agent 0), not '1'");
    refused(GS_PAC_AGENT_EXPECTIMAX, "depth=2,,x", 9,
            "empty argument in 'depth=2,,x' (expected key=value,key=value,"
            "...)");
    refused(GS_PAC_AGENT_EXPECTIMAX, "ghostModel=zz", 1,
            "ghostModel must be min, random or directional, not 'zz'");
    refused(GS_PAC_AGENT_ALPHABETA, "depth=2,a=b=c", 9,
            "'a=b=c' is not key=value");
    refused(GS_PAC_AGENT_ALPHABETA, "=3", 1, "'=3' has no key");
    refused(GS_PAC_AGENT_CHAMPION, "time=0", 1,
            "time must be a number of seconds above 0, at most 3600, not '0'");
    refused(GS_PAC_AGENT_MINIMAX, "countStates=2", 1,
            "countStates must be 0 or 1, not '2'");
    refused(GS_PAC_AGENT_REFLEX, "depth=2", 1,
            "ReflexAgent takes no argument 'depth' (it takes index)");
    refused(GS_PAC_AGENT_RANDOM, "depth=2", 1,
            "RandomAgent takes no argument 'depth' (it takes index)");
    refused(GS_PAC_AGENT_BRS, "depth=2,ghostModel=random", 9,
            "ghostModel must be min for BRSAgent, whose ghosts choose their "
            "replies, not 'random'");
    refused(GS_PAC_AGENT_MAXN, "iterations=5", 1,
            "MaxnAgent takes no argument 'iterations' (it takes depth, "
            "evalFn, ghostModel, time, nodes, countStates)");
    assert_int_equal(gs_pac_agent_args_check(GS_PAC_AGENT_MAXN,
                                             "ghostModel=directional", NULL),
                     GS_OK);
    gs_error e;
    assert_int_equal(gs_pac_agent_args_check(GS_PAC_NUM_AGENT_KINDS, NULL, &e),
                     GS_EINVAL);
}

/* ---- The agents of more than two players --------------------------------- */

/* Pacman's utility in the searches of more than two players is the
 * evaluation the agent was given, not the bare score. */
static void test_search_game_utilities(void **unused)
{
    (void)unused;
    gs_pacman *w = project_world("crossroads", 2);
    void *state = malloc(gs_pacman_state_size(w));
    assert_non_null(state);
    gs_pacman_initial(w, state);
    static const gs_pac_eval evals[] = {GS_PAC_EVAL_SCORE, GS_PAC_EVAL_BETTER,
                                        GS_PAC_EVAL_CHAMPION};
    for (size_t i = 0; i < sizeof evals / sizeof *evals; i++) {
        gs_pac_search_game sg = {.world = w, .eval = evals[i]};
        gs_game g;
        gs_pacman_search_game(&sg, &g);
        double u[3];
        g.utilities(g.ctx, state, u);
        assert_true(u[0] == g.value(g.ctx, state));
        assert_true(u[0] == gs_pacman_evaluate(w, state, evals[i]));
    }
    free(state);
    gs_pacman_free(w);
}

/* One move of each agent of more than two players from crossroads' start,
 * with the nodes it searched: paranoid against min ghosts is alpha-beta,
 * node for node. */
static void test_multi_agents_decide(void **unused)
{
    (void)unused;
    gs_pacman *w = project_world("crossroads", 2);
    void *state = malloc(gs_pacman_state_size(w));
    assert_non_null(state);
    gs_pacman_initial(w, state);
    static const gs_pac_agent_kind kinds[] = {
        GS_PAC_AGENT_ALPHABETA, GS_PAC_AGENT_PARANOID, GS_PAC_AGENT_MAXN,
        GS_PAC_AGENT_BRS};
    gs_pac_decision d[4];
    for (int i = 0; i < 4; i++) {
        gs_pac_agent *a = agent_of(kinds[i], "depth=2,evalFn=better", w);
        assert_int_equal(gs_pac_agent_act(a, state, NULL, &d[i]), GS_OK);
        gs_pac_agent_free(a);
    }
    assert_int_equal(d[1].action, d[0].action);
    assert_int_equal(d[1].nodes, d[0].nodes);
    assert_int_equal(d[1].depth, 2);
    /* best-reply search: 2 of Pacman's turns, each answered, 4 plies */
    assert_int_equal(d[3].depth, 4);
    assert_int_equal(d[0].nodes, 45);
    assert_int_equal(d[2].nodes, 73);   /* max^n prunes nothing here */
    assert_int_equal(d[3].nodes, 47);
    for (int i = 0; i < 4; i++)
        assert_int_equal(d[i].action, d[0].action);
    free(state);
    gs_pacman_free(w);
}

/* ---- The simple agents --------------------------------------------------- */

/*
 * corridor.lay: Pacman at (1, 3), the top-left corner: East and South
 * open, North and West walls.
 */
static void test_keyboard(void **unused)
{
    (void)unused;
    gs_pacman *w = project_world("corridor", 1);
    gs_pac_agent *a = agent_of(GS_PAC_AGENT_KEYBOARD, NULL, w);
    void *s = new_state(w);
    gs_pyrandom rng;
    gs_pyrandom_seed_int(&rng, 1);
    gs_pac_decision d;
    gs_pac_agent_keys(a, GS_PAC_KEY_EAST);
    assert_int_equal(gs_pac_agent_act(a, s, &rng, &d), GS_OK);
    assert_int_equal(d.action, GS_PAC_EAST);
    assert_int_equal(d.nodes, 0);
    gs_pac_agent_keys(a, 0);              /* no key: the last batch holds */
    gs_pac_agent_act(a, s, &rng, &d);
    assert_int_equal(d.action, GS_PAC_EAST);
    gs_pac_agent_keys(a, GS_PAC_KEY_WEST | GS_PAC_KEY_SOUTH);  /* later wins */
    gs_pac_agent_act(a, s, &rng, &d);
    assert_int_equal(d.action, GS_PAC_SOUTH);
    gs_pac_agent_keys(a, GS_PAC_KEY_NORTH);   /* a wall: on as before */
    gs_pac_agent_act(a, s, &rng, &d);
    assert_int_equal(d.action, GS_PAC_SOUTH);
    gs_pac_agent_keys(a, GS_PAC_KEY_STOP | GS_PAC_KEY_EAST);
    gs_pac_agent_act(a, s, &rng, &d);
    assert_int_equal(d.action, GS_PAC_STOP);
    assert_int_equal(d.num_actions, 3);
    assert_int_equal(d.actions[0], GS_PAC_STOP);
    assert_int_equal(d.actions[1], GS_PAC_EAST);
    assert_int_equal(d.actions[2], GS_PAC_SOUTH);
    assert_int_equal(gs_pac_agent_kind_of(a), GS_PAC_AGENT_KEYBOARD);
    free(s);
    gs_pac_agent_free(a);
    gs_pacman_free(w);
}

static void test_left_turn_and_greedy(void **unused)
{
    (void)unused;
    gs_pacman *w = project_world("corridor", 1);
    void *s = new_state(w);
    gs_pyrandom rng;
    gs_pyrandom_seed_int(&rng, 1);
    gs_pac_decision d;
    /* Not moved yet: heading North; left (West) and on (North) are walls,
     * right (East) is open. */
    gs_pac_agent *a = agent_of(GS_PAC_AGENT_LEFT_TURN, NULL, w);
    gs_pac_agent_act(a, s, &rng, &d);
    assert_int_equal(d.action, GS_PAC_EAST);
    gs_pac_agent_free(a);
    /* Greedy: East and South score the same (-1, no food there), so it
     * draws; Stop is never considered. */
    a = agent_of(GS_PAC_AGENT_GREEDY, NULL, w);
    gs_pyrandom copy = rng;
    gs_pac_agent_act(a, s, &rng, &d);
    int pick = gs_pyrandom_below(&copy, 2);
    assert_int_equal(d.action, pick == 0 ? GS_PAC_EAST : GS_PAC_SOUTH);
    gs_pac_agent_free(a);
    /* Random: random.choice over all three legal actions. */
    a = agent_of(GS_PAC_AGENT_RANDOM, NULL, w);
    copy = rng;
    gs_pac_agent_act(a, s, &rng, &d);
    int legal[GS_PAC_NUM_DIRS];
    gs_pacman_legal(w, s, 0, legal);
    assert_int_equal(d.action, legal[gs_pyrandom_below(&copy, 3)]);
    gs_pac_agent_free(a);
    /* Reflex values every legal successor, Stop included. */
    a = agent_of(GS_PAC_AGENT_REFLEX, NULL, w);
    gs_pac_agent_measure(a, GS_PAC_MEASURE_VALUES);
    gs_pac_agent_act(a, s, &rng, &d);
    assert_int_equal(d.nodes, 3);
    for (int i = 0; i < d.num_actions; i++) {
        void *t = copy_state(w, s);
        assert_int_equal(gs_pacman_apply(w, t, 0, d.actions[i]), GS_OK);
        assert_true(d.values[i] ==
                    gs_pacman_evaluate(w, t, GS_PAC_EVAL_REFLEX));
        free(t);
    }
    gs_pac_agent_free(a);
    free(s);
    gs_pacman_free(w);
}

/* ---- Searching agents' measurements ------------------------------------- */

/*
 * %.  P   %  Pacman alone, two rounds deep: 13 nodes, 11 distinct (see
 * test_pacman_agents' test_count_states). Two moves eat nothing: every
 * root action is worth -2, and the first (West) is chosen.
 */
static void test_search_measurements(void **unused)
{
    (void)unused;
    static const char maze[] = "%%%%%%%%%\n%.  P   %\n%%%%%%%%%\n";
    gs_pacman *w = world_from(maze, sizeof maze - 1, 0, NULL, "corridor");
    void *s = new_state(w);
    gs_pac_agent *a = agent_of(GS_PAC_AGENT_MINIMAX, "depth=2,countStates=1",
                               w);
    assert_int_equal(gs_pac_agent_measuring(a), GS_PAC_MEASURE_STATES);
    gs_pac_agent_measure(a, GS_PAC_MEASURE_STATES | GS_PAC_MEASURE_VALUES);
    gs_pac_decision d;
    assert_int_equal(gs_pac_agent_act(a, s, NULL, &d), GS_OK);
    assert_int_equal(d.action, GS_PAC_WEST);
    assert_int_equal(d.nodes, 13);
    assert_true(d.states_counted);
    assert_false(d.states_incomplete);
    assert_int_equal(d.distinct_states, 11);
    assert_int_equal(d.depth, 2);
    assert_true(d.seconds >= 0);
    assert_int_equal(d.num_actions, 3);
    for (int i = 0; i < 3; i++) {
        assert_true(d.values[i] == -2.0);
        assert_int_equal(d.bounds[i], GS_BOUND_EXACT);
    }
    /* The same decision again: the same counts (nothing carried over). */
    gs_pac_decision again;
    gs_pac_agent_act(a, s, NULL, &again);
    assert_int_equal(again.nodes, 13);
    assert_int_equal(again.distinct_states, 11);
    /* Unmeasured: no count, no values. */
    gs_pac_agent_measure(a, 0);
    gs_pac_agent_act(a, s, NULL, &d);
    assert_false(d.states_counted);
    assert_int_equal(d.distinct_states, 0);
    assert_true(isnan(d.values[0]));
    gs_pac_agent_free(a);

    /* Under a node budget the values are the last finished iteration's:
     * k moves eat nothing for k < 3, so each action is worth -k. */
    a = agent_of(GS_PAC_AGENT_EXPECTIMAX, "nodes=20", w);
    gs_pac_agent_measure(a, GS_PAC_MEASURE_VALUES);
    gs_pac_agent_act(a, s, NULL, &d);
    assert_true(d.nodes <= 20);
    assert_true(d.depth >= 1 && d.depth <= 2);
    for (int i = 0; i < 3; i++)
        assert_true(d.values[i] == -(double)d.depth);
    gs_pac_agent_free(a);
    free(s);
    gs_pacman_free(w);
}

/* ---- Whole games --------------------------------------------------------- */

/* What `gamesearch pacman` printed for these games before the game loop
 * moved into the library (and its --record/--json: moves, nodes). */

/* -l spiral -p GreedyAgent -g DirectionalGhost -n 3 --seed 9: one stream
 * for the three games. */
static void test_games_greedy_one_stream(void **unused)
{
    (void)unused;
    gs_pacman *w = project_world("spiral", 4);
    gs_pac_agent *a = agent_of(GS_PAC_AGENT_GREEDY, NULL, w);
    gs_pyrandom rng;
    gs_pyrandom_seed_int(&rng, 9);
    for (int g = 0; g < 3; g++) {
        seen s;
        seen_init(&s);
        gs_pac_game_result r;
        assert_int_equal(play(w, a, &rng, GS_PAC_DIRECTIONAL_GHOST, 0, &s, &r),
                         GS_OK);
        assert_int_equal(r.result, GS_PAC_LOSS);
        assert_int_equal(r.score, -68);
        assert_int_equal(r.moves, 116);
        assert_int_equal(s.calls, 117);
        assert_int_equal(s.starts, 1);
        assert_int_equal(s.decisions, r.pacman_moves);
        assert_int_equal(s.keys_asked, r.pacman_moves);
        assert_false(s.bad);
    }
    gs_pac_agent_free(a);
    gs_pacman_free(w);
}

/* -l crossroads -p AlphaBetaAgent -a depth=2 -n 2 --seeds 3: each game
 * its own stream. */
static void test_games_alphabeta_per_game(void **unused)
{
    (void)unused;
    static const struct {
        int score;
        long moves, pacman_moves;
        uint64_t nodes;
    } want[2] = {{545, 1604, 535, 34076}, {443, 1910, 637, 39520}};
    gs_pacman *w = project_world("crossroads", 4);
    gs_pac_agent *a = agent_of(GS_PAC_AGENT_ALPHABETA, "depth=2", w);
    for (int g = 0; g < 2; g++) {
        gs_pyrandom rng;
        gs_pac_seed_game(&rng, 3, (size_t)g + 1);
        seen s;
        seen_init(&s);
        gs_pac_game_result r;
        assert_int_equal(play(w, a, &rng, GS_PAC_RANDOM_GHOST, 0, &s, &r),
                         GS_OK);
        assert_int_equal(r.result, GS_PAC_LOSS);
        assert_int_equal(r.score, want[g].score);
        assert_int_equal(r.moves, want[g].moves);
        assert_int_equal(r.pacman_moves, want[g].pacman_moves);
        assert_int_equal(r.nodes, want[g].nodes);
        assert_true(r.max_move_seconds <= r.move_seconds);
        assert_false(s.bad);

        /* Replayed from its own actions: the same end, no agent, no
         * random numbers. */
        gs_pac_play_options o;
        gs_pac_play_options_init(&o);
        o.replay = s.actions;
        o.replay_length = s.n;
        void *state = new_state(w);
        gs_pac_game_result rr;
        assert_int_equal(gs_pac_play(w, NULL, NULL, &o, state, &rr), GS_OK);
        assert_int_equal(rr.result, GS_PAC_LOSS);
        assert_int_equal(rr.score, r.score);
        assert_int_equal(rr.moves, r.moves);
        assert_int_equal(rr.pacman_moves, 0);
        free(state);
    }
    gs_pac_agent_free(a);
    gs_pacman_free(w);
}

/* -l corridor -f: LeftTurnAgent dies (-476, 12 moves); ReflexAgent wins
 * (762, 95 moves). */
static void test_games_cs188_seed(void **unused)
{
    (void)unused;
    gs_pacman *w = project_world("corridor", 4);
    static const struct {
        gs_pac_agent_kind kind;
        gs_pac_result result;
        int score;
        long moves;
    } want[] = {{GS_PAC_AGENT_LEFT_TURN, GS_PAC_LOSS, -476, 12},
                {GS_PAC_AGENT_REFLEX, GS_PAC_WIN, 762, 95}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        gs_pac_agent *a = agent_of(want[i].kind, NULL, w);
        gs_pyrandom rng;
        gs_pyrandom_seed_str(&rng, "cs188");
        seen s;
        seen_init(&s);
        gs_pac_game_result r;
        assert_int_equal(play(w, a, &rng, GS_PAC_RANDOM_GHOST, 0, &s, &r),
                         GS_OK);
        assert_int_equal(r.result, want[i].result);
        assert_int_equal(r.score, want[i].score);
        assert_int_equal(r.moves, want[i].moves);
        gs_pac_agent_free(a);
    }
    gs_pacman_free(w);
}

/* -l crossroads -p ExpectimaxAgent -a depth=2,countStates=1 --seeds 5
 * --max-moves 9: "move 1: 73 nodes, 59 distinct states", then 130/94 and
 * 73/52; "Pacman ran out of moves! Score: 27". */
static void test_games_count_states_and_limit(void **unused)
{
    (void)unused;
    gs_pacman *w = project_world("crossroads", 4);
    gs_pac_agent *a = agent_of(GS_PAC_AGENT_EXPECTIMAX,
                               "depth=2,countStates=1", w);
    gs_pyrandom rng;
    gs_pac_seed_game(&rng, 5, 1);
    seen s;
    seen_init(&s);
    gs_pac_game_result r;
    assert_int_equal(play(w, a, &rng, GS_PAC_RANDOM_GHOST, 9, &s, &r), GS_OK);
    assert_int_equal(r.result, GS_PAC_STOPPED);
    assert_int_equal(r.score, 27);
    assert_int_equal(r.moves, 9);
    assert_int_equal(r.pacman_moves, 3);   /* 3 agents: moves 1, 4, 7 */
    assert_int_equal(s.nodes[0], 73);
    assert_int_equal(s.distinct[0], 59);
    assert_int_equal(s.nodes[1], 130);
    assert_int_equal(s.distinct[1], 94);
    assert_int_equal(s.nodes[2], 73);
    assert_int_equal(s.distinct[2], 52);
    gs_pac_agent_free(a);
    gs_pacman_free(w);
}

/* The callback stops a game at the start, in the middle, and (to no
 * effect) at its last move. */
static void test_play_stop(void **unused)
{
    (void)unused;
    gs_pacman *w = project_world("corridor", 1);
    gs_pac_agent *a = agent_of(GS_PAC_AGENT_GREEDY, NULL, w);
    gs_pyrandom rng;
    seen s;
    gs_pac_game_result r;
    static const long stops[] = {0, 1, 5};
    for (size_t i = 0; i < 3; i++) {
        gs_pyrandom_seed_int(&rng, 11);
        seen_init(&s);
        s.stop_at = stops[i];
        assert_int_equal(play(w, a, &rng, GS_PAC_RANDOM_GHOST, 0, &s, &r),
                         GS_OK);
        assert_int_equal(r.result, GS_PAC_QUIT);
        assert_int_equal(r.moves, stops[i]);
        assert_int_equal(s.calls, stops[i] + 1);
    }
    gs_pyrandom_seed_int(&rng, 11);
    seen_init(&s);
    assert_int_equal(play(w, a, &rng, GS_PAC_RANDOM_GHOST, 0, &s, &r), GS_OK);
    long length = r.moves;
    gs_pyrandom_seed_int(&rng, 11);
    seen_init(&s);
    s.stop_at = length;
    gs_pac_game_result r2;
    assert_int_equal(play(w, a, &rng, GS_PAC_RANDOM_GHOST, 0, &s, &r2), GS_OK);
    assert_int_equal(r2.result, r.result);
    assert_int_equal(r2.score, r.score);
    gs_pac_agent_free(a);
    gs_pacman_free(w);
}

/* pacman.py's -c with --timeout: every decision timed. With 0 seconds the
 * first one is over it (no warning allowed): the game ends before any
 * move, the agent "crashed". Far from the limit the game is the same as
 * without one; a search that would run past the whole seconds is stopped
 * there. */
static void test_play_timeout(void **unused)
{
    (void)unused;
    gs_pacman *w = project_world("corridor", 1);
    gs_pac_agent *a = agent_of(GS_PAC_AGENT_GREEDY, NULL, w);
    gs_pyrandom rng;
    gs_pac_play_options o;
    gs_pac_play_options_init(&o);
    assert_true(o.timeout < 0);
    void *state = malloc(gs_pacman_state_size(w));
    assert_non_null(state);
    gs_pac_game_result r, plain;
    gs_pyrandom_seed_int(&rng, 11);
    assert_int_equal(gs_pac_play(w, a, &rng, &o, state, &plain), GS_OK);
    o.timeout = 0;
    gs_pyrandom_seed_int(&rng, 11);
    assert_int_equal(gs_pac_play(w, a, &rng, &o, state, &r), GS_OK);
    assert_int_equal(r.result, GS_PAC_TIMED_OUT);
    assert_int_equal(r.timeout, GS_PAC_TIMEOUT_WARNING);
    assert_int_equal(r.agent, 0);
    assert_int_equal(r.moves, 0);
    assert_int_equal(r.score, 0);
    assert_true(r.agent_seconds > 0);
    o.timeout = 3600;
    gs_pyrandom_seed_int(&rng, 11);
    assert_int_equal(gs_pac_play(w, a, &rng, &o, state, &r), GS_OK);
    assert_int_equal(r.result, plain.result);
    assert_int_equal(r.score, plain.score);
    assert_int_equal(r.moves, plain.moves);
    gs_pac_agent_free(a);

    /* A search deeper than a second allows: stopped at the second. */
    gs_pacman *big = project_world("labyrinth", 4);
    a = agent_of(GS_PAC_AGENT_MINIMAX, "depth=9", big);
    void *bs = malloc(gs_pacman_state_size(big));
    assert_non_null(bs);
    o.timeout = 1.5;
    assert_int_equal(gs_pac_play(big, a, &rng, &o, bs, &r), GS_OK);
    assert_int_equal(r.result, GS_PAC_TIMED_OUT);
    assert_int_equal(r.timeout, GS_PAC_TIMEOUT_MOVE);
    assert_true(r.agent_seconds >= 1.0 && r.agent_seconds < 10.0);
    gs_pac_agent_free(a);
    gs_pacman_free(big);
    free(bs);
    free(state);
    gs_pacman_free(w);
}

static void test_play_refused(void **unused)
{
    (void)unused;
    gs_pacman *w = project_world("corridor", 1);
    void *state = new_state(w);
    gs_pac_play_options o;
    gs_pac_play_options_init(&o);
    gs_pac_game_result r;
    /* No agent and no replay; an empty replay. */
    assert_int_equal(gs_pac_play(w, NULL, NULL, &o, state, &r), GS_EINVAL);
    static const unsigned char none[1] = {0};
    o.replay = none;
    o.replay_length = 0;
    assert_int_equal(gs_pac_play(w, NULL, NULL, &o, state, &r), GS_EINVAL);
    /* Pacman East, then the ghost (at the top-right corner, West and South
     * open) North: refused, and said which. */
    static const unsigned char bad[] = {GS_PAC_EAST, GS_PAC_NORTH};
    o.replay = bad;
    o.replay_length = 2;
    assert_int_equal(gs_pac_play(w, NULL, NULL, &o, state, &r), GS_EINVAL);
    assert_int_equal(r.agent, 1);
    assert_int_equal(r.action, GS_PAC_NORTH);
    assert_int_equal(r.moves, 1);
    /* Two legal moves: stopped after the last. */
    static const unsigned char good[] = {GS_PAC_EAST, GS_PAC_WEST};
    o.replay = good;
    assert_int_equal(gs_pac_play(w, NULL, NULL, &o, state, &r), GS_OK);
    assert_int_equal(r.result, GS_PAC_STOPPED);
    assert_int_equal(r.moves, 2);
    assert_int_equal(r.score, -1);
    free(state);
    gs_pacman_free(w);
}

/* ---- Seeds and statistics ------------------------------------------------ */

static void test_seed_game(void **unused)
{
    (void)unused;
    gs_pyrandom a, b;
    gs_pac_seed_game(&a, -12, 30);
    gs_pyrandom_seed_str(&b, "-12:30");
    for (int i = 0; i < 10; i++)
        assert_true(gs_pyrandom_random(&a) == gs_pyrandom_random(&b));
}

static void test_intervals(void **unused)
{
    (void)unused;
    assert_true(isnan(gs_pac_student_t95(0)));
    assert_true(fabs(gs_pac_student_t95(1) - 12.7062047362) < 1e-9);
    assert_true(fabs(gs_pac_student_t95(30) - 2.0422724563) < 1e-9);
    /* t(0.975, 100) = 1.98397151852 and t(0.975, 1000) = 1.96233908082. */
    assert_true(fabs(gs_pac_student_t95(100) - 1.98397151852) < 1e-7);
    assert_true(fabs(gs_pac_student_t95(1000) - 1.96233908082) < 1e-7);
    double lo, hi;
    gs_pac_wilson95(0, 10, &lo, &hi);
    assert_true(lo == 0 && fabs(hi - 0.2775327999) < 1e-9);
    gs_pac_wilson95(10, 10, &lo, &hi);
    assert_true(hi == 1 && fabs(lo - 0.7224672001) < 1e-9);
    gs_pac_wilson95(5, 10, &lo, &hi);
    assert_true(fabs(lo - 0.2365930905) < 1e-9);
    assert_true(fabs(hi - 0.7634069095) < 1e-9);
}

/* ---- The text display and the summary ----------------------------------- */

static void test_text_frame(void **unused)
{
    (void)unused;
    gs_pacman *w = project_world("corridor", 1);
    void *s = new_state(w);
    static const char want[] = "%%%%%%%%%%%%%%%\n"
                               "%< . . . . . G%\n"
                               "% %%%%%%%%%%% %\n"
                               "%o . . . . . .%\n"
                               "%%%%%%%%%%%%%%%\n"
                               "Score: 0\n\n";
    assert_int_equal(gs_pac_text_frame(w, s, NULL, 0), strlen(want));
    char buf[128];
    assert_int_equal(gs_pac_text_frame(w, s, buf, sizeof buf), strlen(want));
    assert_string_equal(buf, want);
    assert_int_equal(gs_pac_text_frame(w, s, buf, 10), strlen(want));
    assert_string_equal(buf, "%%%%%%%%%");
    /* Pacman heads South into the corridor: '^', one point down; the
     * ghost goes West. */
    assert_int_equal(gs_pacman_apply(w, s, 0, GS_PAC_SOUTH), GS_OK);
    assert_int_equal(gs_pacman_apply(w, s, 1, GS_PAC_WEST), GS_OK);
    gs_pac_text_frame(w, s, buf, sizeof buf);
    assert_string_equal(buf, "%%%%%%%%%%%%%%%\n"
                             "%  . . . . .G %\n"
                             "%^%%%%%%%%%%% %\n"
                             "%o . . . . . .%\n"
                             "%%%%%%%%%%%%%%%\n"
                             "Score: -1\n\n");
    free(s);
    gs_pacman_free(w);
}

/* The clock goes forward, and a pause lasts at least as long as asked
 * (none for 0 or less). */
static void test_clock(void **unused)
{
    (void)unused;
    double t0 = gs_pac_now();
    gs_pac_sleep(0);
    gs_pac_sleep(-1);
    double t1 = gs_pac_now();
    assert_true(t1 >= t0);
    gs_pac_sleep(0.02);
    assert_true(gs_pac_now() - t1 >= 0.02);
}

/* ---- The terminal view's cells and sprites ---------------------------- */

static void test_view_cells(void **unused)
{
    (void)unused;
    gs_pacman *w = project_world("corridor", 1);
    void *s = new_state(w);
    assert_int_equal(gs_pac_cell_at(w, s, 0, 0), GS_PAC_CELL_WALL);
    assert_int_equal(gs_pac_cell_at(w, s, 1, 2), GS_PAC_CELL_FLOOR);
    assert_int_equal(gs_pac_cell_at(w, s, 1, 1), GS_PAC_CELL_CAPSULE);
    assert_int_equal(gs_pac_cell_at(w, s, 3, 3), GS_PAC_CELL_FOOD);
    assert_int_equal(gs_pac_cell_at(w, s, 2, 3), GS_PAC_CELL_FLOOR);
    /* Under an agent the cell is still what it holds. */
    assert_int_equal(gs_pac_cell_at(w, s, 1, 3), GS_PAC_CELL_FLOOR);
    gs_pac_sprite p = gs_pac_sprite_of(w, s, 0), g = gs_pac_sprite_of(w, s, 1);
    assert_int_equal(p.kind, GS_PAC_SPRITE_PACMAN);
    assert_int_equal(p.x2, 2);
    assert_int_equal(p.y2, 6);
    assert_int_equal(p.glyph, '<');
    assert_int_equal(p.colour, 0);
    assert_int_equal(g.kind, GS_PAC_SPRITE_GHOST);
    assert_int_equal(g.x2, 26);
    assert_int_equal(g.y2, 6);
    assert_int_equal(g.glyph, 'G');
    assert_int_equal(g.colour, 0);
    /* Pacman goes South twice to the capsule: it is eaten, the ghost is
     * scared, Pacman shows '^'. */
    assert_int_equal(gs_pacman_apply(w, s, 0, GS_PAC_SOUTH), GS_OK);
    assert_int_equal(gs_pacman_apply(w, s, 1, GS_PAC_WEST), GS_OK);
    assert_int_equal(gs_pacman_apply(w, s, 0, GS_PAC_SOUTH), GS_OK);
    assert_int_equal(gs_pac_cell_at(w, s, 1, 1), GS_PAC_CELL_FLOOR);
    p = gs_pac_sprite_of(w, s, 0);
    g = gs_pac_sprite_of(w, s, 1);
    assert_int_equal(p.glyph, '^');
    assert_int_equal(p.y2, 2);
    assert_int_equal(g.kind, GS_PAC_SPRITE_SCARED);
    assert_int_equal(g.glyph, 'g');
    assert_int_equal(g.colour, 0);
    free(s);
    gs_pacman_free(w);
}

static void test_view_ghost_colours(void **unused)
{
    (void)unused;
    static const char five[] = "%%%%%%%%\n"
                               "%PGGGGG%\n"
                               "%.     %\n"
                               "%%%%%%%%\n";
    gs_pacman *w = world_from(five, strlen(five), 5, NULL, "five ghosts");
    int n = gs_pacman_num_agents(w);
    assert_int_equal(n, 6);
    void *s = new_state(w);
    assert_int_equal(gs_pac_sprite_of(w, s, 5).colour, 0);
    for (int i = 1; i < n; i++)
        assert_int_equal(gs_pac_sprite_of(w, s, i).colour,
                         (i - 1) % GS_PAC_GHOST_COLOURS);
    free(s);
    gs_pacman_free(w);
}

static void test_summary(void **unused)
{
    (void)unused;
    gs_pac_record rec;
    gs_pac_record_init(&rec, NULL);
    gs_pac_summary s;
    gs_pac_summarize(&rec, NULL, &s);
    assert_int_equal(s.games, 0);
    assert_true(isnan(s.win_rate) && isnan(s.mean_score) &&
                isnan(s.mean_lo) && isnan(s.min_score) && isnan(s.win_lo));
    static const struct { bool training; gs_pac_result r; int score; } g[] = {
        {true, GS_PAC_WIN, 500}, {false, GS_PAC_LOSS, -100},
        {false, GS_PAC_WIN, 300}};
    gs_pac_game_result results[3];
    memset(results, 0, sizeof results);
    for (int i = 0; i < 3; i++) {
        gs_pac_game_log *log = gs_pac_record_add_game(&rec);
        assert_non_null(log);
        log->training = g[i].training;
        log->result = g[i].r;
        log->score = g[i].score;
        results[i].nodes = (uint64_t)(5 + 3 * i);
        results[i].pacman_moves = 10 * (i + 1);
        results[i].max_move_seconds = 0.5 * i;
        results[i].move_seconds = 1;
    }
    gs_pac_summarize(&rec, results, &s);
    assert_int_equal(s.games, 2);
    assert_int_equal(s.wins, 1);
    assert_true(s.win_rate == 0.5);
    assert_true(s.mean_score == 100 && s.min_score == -100 &&
                s.max_score == 300);
    /* sd = sqrt((200^2 + 200^2) / 1), half = t(1) * sd / sqrt(2) */
    double half = gs_pac_student_t95(1) * sqrt(80000.0) / sqrt(2.0);
    assert_true(s.mean_lo == 100 - half && s.mean_hi == 100 + half);
    double lo, hi;
    gs_pac_wilson95(1, 2, &lo, &hi);
    assert_true(s.win_lo == lo && s.win_hi == hi);
    assert_int_equal(s.played, 3);
    assert_int_equal(s.nodes, 5 + 8 + 11);
    assert_int_equal(s.pacman_moves, 60);
    assert_true(s.move_seconds == 3 && s.max_move_seconds == 1.0);
    gs_pac_record_free(&rec);
}

/* ---- pacman.py's lines ------------------------------------------------- */

/* Empties a buffer of sink.h for its next text. */
static void buffer_reset(buffer *b)
{
    free(b->text);
    memset(b, 0, sizeof *b);
}

/* Every result's line, the crash lines, and snprintf's rule for a short
 * buffer. */
static void test_result_text(void **unused)
{
    (void)unused;
    static const struct {
        gs_pac_result result;
        int agent, score;
        const char *line;
    } cases[] = {
        {GS_PAC_WIN, 0, 503, "Pacman emerges victorious! Score: 503"},
        {GS_PAC_LOSS, 1, -412, "Pacman died! Score: -412"},
        {GS_PAC_STOPPED, 0, 12, "Pacman ran out of moves! Score: 12"},
        {GS_PAC_QUIT, 0, 40, "Pacman quit! Score: 40"},
        {GS_PAC_TIMED_OUT, 0, 7, "Pacman crashed"},
        {GS_PAC_TIMED_OUT, 2, 7, "A ghost crashed"}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        gs_pac_game_result g;
        memset(&g, 0, sizeof g);
        g.result = cases[i].result;
        g.agent = cases[i].agent;
        g.score = cases[i].score;
        char buf[GS_PAC_LINE_SIZE];
        assert_int_equal(gs_pac_result_text(&g, buf, sizeof buf),
                         strlen(cases[i].line));
        assert_string_equal(buf, cases[i].line);
    }
    gs_pac_game_result g;
    memset(&g, 0, sizeof g);
    g.result = GS_PAC_WIN;
    g.score = 1;
    char small[8];
    assert_int_equal(gs_pac_result_text(&g, small, sizeof small), 35);
    assert_string_equal(small, "Pacman ");
    assert_int_equal(gs_pac_result_text(&g, NULL, 0), 35);
}

/* game.py's messages for each way of running out of time; nothing for a
 * game that did not; a writer's refusal comes back. */
static void test_timeout_write(void **unused)
{
    (void)unused;
    gs_pac_game_result g;
    memset(&g, 0, sizeof g);
    buffer t = {0};
    g.result = GS_PAC_LOSS;
    assert_int_equal(gs_pac_timeout_write(&g, to_buffer, &t), GS_OK);
    assert_int_equal(t.len, 0);
    g.result = GS_PAC_TIMED_OUT;
    g.agent = 1;
    g.timeout = GS_PAC_TIMEOUT_MOVE;
    assert_int_equal(gs_pac_timeout_write(&g, to_buffer, &t), GS_OK);
    g.agent = 0;
    g.timeout = GS_PAC_TIMEOUT_WARNING;
    assert_int_equal(gs_pac_timeout_write(&g, to_buffer, &t), GS_OK);
    g.timeout = GS_PAC_TIMEOUT_TOTAL;
    g.agent_seconds = 2.305;
    assert_int_equal(gs_pac_timeout_write(&g, to_buffer, &t), GS_OK);
    assert_string_equal(t.text,
                        "Agent 1 timed out on a single move!\n"
                        "Agent 0 took too long to make a move! This is "
                        "warning 1\n"
                        "Agent 0 exceeded the maximum number of warnings: 1\n"
                        "Agent 0 ran out of time! (time: 2.31)\n");
    t.refuse_at = t.writes + 1;
    assert_int_equal(gs_pac_timeout_write(&g, to_buffer, &t), 7);
    buffer_reset(&t);
}

/* countStates's line, with and without the game named; nothing for a
 * decision that counted nothing or whose search failed. */
static void test_states_write(void **unused)
{
    (void)unused;
    gs_pac_decision d;
    memset(&d, 0, sizeof d);
    d.nodes = 1234;
    d.distinct_states = 56;
    buffer t = {0};
    assert_int_equal(gs_pac_states_write(&d, 5, 0, to_buffer, &t), GS_OK);
    assert_int_equal(t.len, 0);
    d.states_counted = true;
    assert_int_equal(gs_pac_states_write(&d, 5, 0, to_buffer, &t), GS_OK);
    assert_int_equal(gs_pac_states_write(&d, 6, 2, to_buffer, &t), GS_OK);
    d.status = GS_ENOMEM;
    assert_int_equal(gs_pac_states_write(&d, 7, 2, to_buffer, &t), GS_OK);
    assert_string_equal(t.text, "move 5: 1234 nodes, 56 distinct states\n"
                               "game 2, move 6: 1234 nodes, 56 distinct "
                               "states\n");
    buffer_reset(&t);
}

/* The result lines pacman.py prints at the games' ends: training games
 * only when they timed out. */
static void test_results_write(void **unused)
{
    (void)unused;
    gs_pac_record rec;
    gs_pac_record_init(&rec, NULL);
    gs_pac_game_result res[3];
    memset(res, 0, sizeof res);
    for (int i = 0; i < 3; i++) {
        gs_pac_game_log *log = gs_pac_record_add_game(&rec);
        assert_non_null(log);
        log->training = i < 2;
    }
    res[0].result = GS_PAC_LOSS;
    res[0].score = -400;
    res[1].result = GS_PAC_TIMED_OUT;
    res[1].agent = 1;
    res[2].result = GS_PAC_WIN;
    res[2].score = 503;
    buffer t = {0};
    assert_int_equal(gs_pac_results_write(&rec, res, to_buffer, &t), GS_OK);
    assert_string_equal(t.text, "A ghost crashed\n"
                               "Pacman emerges victorious! Score: 503\n");
    assert_int_equal(gs_pac_result_write(&res[0], to_buffer, &t), GS_OK);
    assert_string_equal(t.text + strlen("A ghost crashed\nPacman emerges "
                                       "victorious! Score: 503\n"),
                        "Pacman died! Score: -400\n");
    buffer_reset(&t);
    gs_pac_record_free(&rec);
}

/* What Pacman says about a decision: a failed search once a game, an
 * incomplete count, then countStates's line, each after the prefix. */
static void test_decision_write(void **unused)
{
    (void)unused;
    gs_pac_decision d;
    memset(&d, 0, sizeof d);
    d.nodes = 1234;
    d.distinct_states = 56;
    bool failed = false;
    buffer t = {0};
    assert_int_equal(gs_pac_decision_write(&d, 5, 0, GS_PAC_AGENT_MINIMAX,
                                           "p: ", &failed, to_buffer, &t),
                     GS_OK);
    assert_int_equal(t.len, 0);
    d.states_counted = true;
    d.states_incomplete = true;
    assert_int_equal(gs_pac_decision_write(&d, 5, 2, GS_PAC_AGENT_MINIMAX,
                                           "p: ", &failed, to_buffer, &t),
                     GS_OK);
    d.states_incomplete = false;
    gs_pac_decision_write(&d, 6, 0, GS_PAC_AGENT_MINIMAX, "p: ", &failed,
                          to_buffer, &t);
    assert_false(failed);
    d.status = GS_ENOMEM;
    gs_pac_decision_write(&d, 7, 2, GS_PAC_AGENT_MINIMAX, "p: ", &failed,
                          to_buffer, &t);
    assert_true(failed);
    gs_pac_decision_write(&d, 8, 2, GS_PAC_AGENT_MINIMAX, "p: ", &failed,
                          to_buffer, &t);
    assert_string_equal(t.text, "p: game 2, countStates: out of memory; the "
                               "count below is too low\n"
                               "game 2, move 5: 1234 nodes, 56 distinct "
                               "states\n"
                               "move 6: 1234 nodes, 56 distinct states\n"
                               "p: game 2, MinimaxAgent: the search failed "
                               "(out of memory); playing the first legal "
                               "move\n");
    buffer_reset(&t);
}

/* The summary of the games that count, Python's floats, a stopped game a
 * loss; nothing without such games. */
static void test_summary_write(void **unused)
{
    (void)unused;
    gs_pac_record rec;
    gs_pac_record_init(&rec, NULL);
    buffer t = {0};
    static const struct { bool training; gs_pac_result r; int score; } g[] = {
        {true, GS_PAC_WIN, 500}, {false, GS_PAC_WIN, 503},
        {false, GS_PAC_STOPPED, 0}, {false, GS_PAC_LOSS, -2}};
    gs_pac_game_log *log = gs_pac_record_add_game(&rec);
    assert_non_null(log);
    log->training = true;
    assert_int_equal(gs_pac_summary_write(&rec, to_buffer, &t), GS_OK);
    assert_int_equal(t.len, 0);
    gs_pac_record_drop_game(&rec);
    for (int i = 0; i < 4; i++) {
        log = gs_pac_record_add_game(&rec);
        assert_non_null(log);
        log->training = g[i].training;
        log->result = g[i].r;
        log->score = g[i].score;
    }
    assert_int_equal(gs_pac_summary_write(&rec, to_buffer, &t), GS_OK);
    assert_string_equal(t.text, "Average Score: 167.0\n"
                               "Scores:        503.0, 0.0, -2.0\n"
                               "Win Rate:      1/3 (0.33)\n"
                               "Record:        Win, Loss, Loss\n");
    t.refuse_at = t.writes + 1;
    assert_int_equal(gs_pac_summary_write(&rec, to_buffer, &t), 7);
    gs_pac_record_free(&rec);
    buffer_reset(&t);
}

/* The text display through a writer: the same text as gs_pac_text_frame,
 * and a writer's refusal. */
static void test_text_frame_write(void **unused)
{
    (void)unused;
    gs_pacman *w = project_world("corridor", 1);
    void *s = new_state(w);
    buffer t = {0};
    assert_int_equal(gs_pac_text_frame_write(w, s, to_buffer, &t), GS_OK);
    char buf[256];
    assert_int_equal(gs_pac_text_frame(w, s, buf, sizeof buf), t.len);
    assert_string_equal(t.text, buf);
    t.refuse_at = t.writes + 1;
    assert_int_equal(gs_pac_text_frame_write(w, s, to_buffer, &t), 7);
    free(s);
    gs_pacman_free(w);
    buffer_reset(&t);
}

/* ---- Batches ------------------------------------------------------------ */

/* The tally: training games only as done. */
static void test_tally(void **unused)
{
    (void)unused;
    gs_pac_tally t = {0, 0, 0, 0};
    gs_pac_game_result g;
    memset(&g, 0, sizeof g);
    g.result = GS_PAC_WIN;
    g.score = 500;
    gs_pac_tally_add(&t, &g, true);
    gs_pac_tally_add(&t, &g, false);
    g.result = GS_PAC_TIMED_OUT;
    g.score = -3;
    gs_pac_tally_add(&t, &g, false);
    assert_int_equal(t.done, 3);
    assert_int_equal(t.counted, 2);
    assert_int_equal(t.wins, 1);
    assert_true(t.score_sum == 497.0);
}

/* Games counted as a batch plays them: in turn (a game quit before its
 * first move dropped, one quit later counted) and packed, as they end. */
static void test_batch_count(void **unused)
{
    (void)unused;
    gs_pacman *w = project_world("crossroads", 2);
    gs_pac_batch b;
    assert_int_equal(gs_pac_batch_init(&b, w, 4, NULL, NULL), GS_OK);
    b.training = 1;
    static const gs_pac_result res[] = {GS_PAC_WIN, GS_PAC_LOSS, GS_PAC_QUIT,
                                        GS_PAC_QUIT};
    static const int score[] = {503, -200, 0, 12};
    static const long moves[] = {10, 7, 0, 5};
    static const bool counted[] = {true, true, false, true};
    gs_pac_tally t = {0, 0, 0, 0};
    for (size_t g = 0; g < 4; g++) {
        assert_non_null(gs_pac_record_add_game(&b.rec));
        b.results[g].result = res[g];
        b.results[g].score = score[g];
        b.results[g].moves = moves[g];
        assert_int_equal(gs_pac_batch_count(&b, g, &t), counted[g]);
    }
    assert_int_equal(b.rec.ngames, 3);   /* game 3 (2) dropped */
    assert_int_equal(t.done, 3);
    assert_int_equal(t.counted, 2);      /* game 1 (0) is training */
    assert_int_equal(t.wins, 0);
    assert_true(t.score_sum == -188.0);
    /* Packed, as games played away end: training counts as done only. */
    gs_pac_tally u = {0, 0, 0, 0};
    for (size_t g = 0; g < 2; g++) {
        buffer packed = {0};
        to_buffer(&packed, "text", 4);
        assert_int_equal(gs_pac_game_pack(&b.rec.games[g], &b.results[g],
                                          to_buffer, &packed), GS_OK);
        assert_int_equal(gs_pac_batch_count_packed(&b, g == 0 ? 0 : 3,
                                                   packed.text, packed.len,
                                                   &u), GS_OK);
        free(packed.text);
    }
    assert_int_equal(u.done, 2);
    assert_int_equal(u.counted, 1);
    assert_int_equal(u.wins, 0);
    assert_true(u.score_sum == -200.0);
    assert_int_equal(gs_pac_batch_count_packed(&b, 1, "text", 4, &u),
                     GS_EINVAL);
    assert_int_equal(u.done, 2);
    gs_pac_batch_free(&b);
    gs_pacman_free(w);
}

/* Each way of seeding: the record's fields. */
static void test_record_seeding(void **unused)
{
    (void)unused;
    gs_pac_record rec;
    gs_pac_record_init(&rec, NULL);
    gs_pac_record_seeding(&rec, GS_PAC_SEED_CS188, 5, true);
    assert_true(rec.seed_is_string && !rec.seed_per_game &&
                !rec.seed_random && !rec.seed_unsigned && rec.seed == 0);
    gs_pac_record_seeding(&rec, GS_PAC_SEED_ONE, -1, true);
    assert_true(!rec.seed_is_string && !rec.seed_per_game &&
                !rec.seed_random && rec.seed_unsigned && rec.seed == -1);
    gs_pac_record_seeding(&rec, GS_PAC_SEED_PER_GAME, 7, false);
    assert_true(!rec.seed_is_string && rec.seed_per_game &&
                !rec.seed_random && !rec.seed_unsigned && rec.seed == 7);
    gs_pac_record_seeding(&rec, GS_PAC_SEED_RANDOM, 7, true);
    assert_true(!rec.seed_is_string && rec.seed_per_game &&
                rec.seed_random && !rec.seed_unsigned);
    assert_true(rec.seed >= 0 && rec.seed <= (int64_t)UINT32_MAX);
}

/* A batch set up from a command line's settings, and the games it lets
 * players play at once. */
static void test_batch_setup(void **unused)
{
    (void)unused;
    gs_pacman *w = project_world("crossroads", 2);
    gs_pac_batch_settings s;
    gs_pac_batch_settings_init(&s);
    assert_int_equal(s.games, 1);
    assert_int_equal(s.training, 0);
    assert_int_equal(s.pacman, GS_PAC_AGENT_KEYBOARD);
    assert_null(s.agent_args);
    assert_int_equal(s.ghosts, GS_PAC_RANDOM_GHOST);
    assert_int_equal(s.max_moves, 0);
    assert_false(s.catch_exceptions);
    assert_int_equal(s.timeout, 30);
    assert_int_equal(s.seeding, GS_PAC_SEED_RANDOM);
    assert_int_equal(s.keep, 0);
    s.games = 5;
    s.training = 2;
    s.pacman = GS_PAC_AGENT_MINIMAX;
    s.agent_args = "depth=1";
    s.ghosts = GS_PAC_DIRECTIONAL_GHOST;
    s.max_moves = 40;
    s.catch_exceptions = true;
    s.timeout = 7;
    s.seeding = GS_PAC_SEED_ONE;
    s.seed = -3;
    s.seed_unsigned = true;
    s.keep = GS_PAC_KEEP_ACTIONS;
    gs_pac_batch b;
    assert_int_equal(gs_pac_batch_setup(&b, w, "crossroads", &s, NULL, NULL),
                     GS_OK);
    assert_int_equal(b.games, 5);
    assert_int_equal(b.training, 2);
    assert_int_equal(b.options.ghosts, GS_PAC_DIRECTIONAL_GHOST);
    assert_int_equal(b.options.max_moves, 40);
    assert_true(b.options.timeout == 7.0);
    assert_int_equal(b.keep, GS_PAC_KEEP_ACTIONS);
    assert_true(b.rec.seed == -3 && b.rec.seed_unsigned &&
                !b.rec.seed_per_game && !b.rec.seed_is_string);
    assert_string_equal(b.rec.pacman, "MinimaxAgent");
    assert_string_equal(b.rec.agent_args, "depth=1");
    assert_string_equal(b.rec.layout_name, "crossroads");
    assert_int_equal(b.rec.ghosts, 2);
    assert_int_equal(b.rec.ghost_kind, GS_PAC_DIRECTIONAL_GHOST);
    assert_int_equal(b.rec.max_moves, 40);
    /* One stream through the games: one at a time. */
    assert_int_equal(gs_pac_batch_threads(&b, 4), 1);
    gs_pac_batch_free(&b);
    /* Each game its own stream: up to the number of games. */
    s.seeding = GS_PAC_SEED_PER_GAME;
    s.catch_exceptions = false;
    assert_int_equal(gs_pac_batch_setup(&b, w, "crossroads", &s, NULL, NULL),
                     GS_OK);
    assert_true(b.options.timeout < 0);
    assert_true(b.rec.seed_per_game && b.rec.seed == -3);
    assert_int_equal(gs_pac_batch_threads(&b, 4), 4);
    assert_int_equal(gs_pac_batch_threads(&b, 9), 5);
    assert_int_equal(gs_pac_batch_threads(&b, 1), 1);
    assert_int_equal(gs_pac_batch_threads(&b, 0), 1);
    gs_pac_batch_free(&b);
    /* Out of memory: nothing leaked once freed. */
    long at = 1;
    for (;; at++) {
        track t;
        gs_allocator a = tracker(&t);
        t.fail_at = at;
        int rc = gs_pac_batch_setup(&b, w, "crossroads", &s, NULL, &a);
        gs_pac_batch_free(&b);
        assert_int_equal(t.live, 0);
        if (!t.failed) {
            assert_int_equal(rc, GS_OK);
            break;
        }
        assert_int_equal(rc, GS_ENOMEM);
    }
    assert_int_equal(at, 4);   /* the results, the two strings: three */
    gs_pacman_free(w);
}

/* The end of a game as a record keeps it. */
static void test_game_log_end(void **unused)
{
    (void)unused;
    static const gs_pac_result from[] = {GS_PAC_LOSS, GS_PAC_WIN,
                                         GS_PAC_STOPPED, GS_PAC_QUIT,
                                         GS_PAC_TIMED_OUT};
    static const gs_pac_result to[] = {GS_PAC_LOSS, GS_PAC_WIN,
                                       GS_PAC_STOPPED, GS_PAC_STOPPED,
                                       GS_PAC_STOPPED};
    for (int i = 0; i < 5; i++) {
        gs_pac_game_result g;
        memset(&g, 0, sizeof g);
        g.result = from[i];
        g.score = 10 * i - 7;
        gs_pac_game_log log;
        memset(&log, 0, sizeof log);
        gs_pac_game_log_end(&log, &g);
        assert_int_equal(log.result, to[i]);
        assert_int_equal(log.score, 10 * i - 7);
    }
}

/* A batch of crossroads games by GreedyAgent, recorded, `seeding` as
 * given: in turn with one player, and side by side away from the record
 * (two players, packed, taken in order) must give the same record, and
 * each game what gs_pac_play gives from the same stream. */
static void batch_games(gs_pac_seeding seeding)
{
    gs_pacman *w = project_world("crossroads", 2);
    gs_pac_batch b[2];
    for (int k = 0; k < 2; k++) {
        assert_int_equal(gs_pac_batch_init(&b[k], w, 4, NULL, NULL), GS_OK);
        b[k].training = 1;
        b[k].options.ghosts = GS_PAC_DIRECTIONAL_GHOST;
        b[k].keep = GS_PAC_KEEP_ACTIONS;
        gs_pac_record_seeding(&b[k].rec, seeding, 11, false);
        assert_int_equal(gs_pac_batch_header(&b[k], "crossroads",
                                             GS_PAC_AGENT_GREEDY, NULL),
                         GS_OK);
    }
    assert_string_equal(b[0].rec.pacman, "GreedyAgent");
    assert_int_equal(b[0].rec.ghosts, 2);
    assert_string_equal(b[0].rec.layout_name, "crossroads");
    assert_true(gs_pac_batch_training(&b[0], 0) &&
                !gs_pac_batch_training(&b[0], 1));
    gs_pac_player p[2];
    gs_error err;
    for (int k = 0; k < 2; k++)
        assert_int_equal(gs_pac_player_init(&p[k], &b[0], GS_PAC_AGENT_GREEDY,
                                            NULL, 0, &err), GS_OK);
    gs_pac_play_options none;
    gs_pac_play_options_init(&none);
    for (size_t g = 0; g < 4; g++)
        assert_int_equal(gs_pac_batch_play(&b[0], &p[0], g, &none), GS_OK);
    /* The same games, one stream through them or each its own. */
    gs_pac_agent *a = agent_of(GS_PAC_AGENT_GREEDY, NULL, w);
    gs_pyrandom rng;
    void *state = new_state(w);
    for (size_t g = 0; g < 4; g++) {
        if (g == 0 || seeding == GS_PAC_SEED_PER_GAME)
            gs_pac_record_seed(&b[0].rec, &rng, g + 1);
        seen s;
        seen_init(&s);
        gs_pac_play_options o;
        gs_pac_play_options_init(&o);
        o.ghosts = GS_PAC_DIRECTIONAL_GHOST;
        o.on_move = on_move;
        o.user = &s;
        gs_pac_game_result r;
        assert_int_equal(gs_pac_play(w, a, &rng, &o, state, &r), GS_OK);
        const gs_pac_game_log *log = &b[0].rec.games[g];
        assert_int_equal(log->training, g == 0);
        assert_int_equal(log->score, r.score);
        assert_int_equal(log->result, r.result);
        assert_int_equal(b[0].results[g].moves, r.moves);
        assert_int_equal(log->n, s.n);
        assert_memory_equal(log->actions, s.actions, s.n);
    }
    free(state);
    gs_pac_agent_free(a);
    if (seeding == GS_PAC_SEED_PER_GAME) {
        /* Away: games 1 and 3 by one player, 0 and 2 by the other, taken
         * in order after some text of each job's own. */
        buffer out[4];
        memset(out, 0, sizeof out);
        for (size_t g = 4; g-- > 0;) {
            gs_pac_game_result r;
            to_buffer(&out[g], "job text", 8);
            assert_int_equal(gs_pac_batch_play_away(&b[1], &p[g % 2], g,
                                                    &none, &r, to_buffer,
                                                    &out[g]), GS_OK);
            assert_int_equal(r.score, b[0].results[g].score);
            assert_int_equal(p[g % 2].own.ngames, 0);
        }
        for (size_t g = 0; g < 4; g++) {
            size_t start = 99;
            gs_pac_game_result r;
            assert_int_equal(gs_pac_game_unpack(out[g].text, out[g].len, &r,
                                                &start), GS_OK);
            assert_int_equal(start, 8);
            assert_int_equal(r.moves, b[0].results[g].moves);
            assert_int_equal(gs_pac_batch_take(&b[1], g, out[g].text,
                                               out[g].len, &start), GS_OK);
            assert_int_equal(start, 8);
            /* Not a packed game: too short, or more actions than bytes. */
            assert_int_equal(gs_pac_batch_take(&b[1], g, out[g].text, 5,
                                               &start), GS_EINVAL);
            assert_int_equal(gs_pac_game_unpack(out[g].text + 8,
                                                out[g].len - 9, &r, &start),
                             GS_EINVAL);
            buffer_reset(&out[g]);
        }
        b[0].rec.layout_text = b[1].rec.layout_text = (char *)"%";
        b[0].rec.layout_len = b[1].rec.layout_len = 1;
        buffer r0 = {0}, r1 = {0};
        assert_int_equal(gs_pac_record_write(&b[0].rec, to_buffer, &r0),
                         GS_OK);
        assert_int_equal(gs_pac_record_write(&b[1].rec, to_buffer, &r1),
                         GS_OK);
        assert_string_equal(r0.text, r1.text);
        for (size_t g = 0; g < 4; g++) {
            const gs_pac_game_result *x = &b[0].results[g];
            const gs_pac_game_result *y = &b[1].results[g];
            assert_true(x->result == y->result && x->score == y->score &&
                        x->moves == y->moves &&
                        x->pacman_moves == y->pacman_moves &&
                        x->nodes == y->nodes);
        }
        buffer_reset(&r0);
        buffer_reset(&r1);
        b[0].rec.layout_text = b[1].rec.layout_text = NULL;
    }
    for (int k = 0; k < 2; k++) {
        gs_pac_player_free(&p[k]);
        gs_pac_batch_free(&b[k]);
    }
    gs_pacman_free(w);
}

static void test_batch_one_stream(void **unused)
{
    (void)unused;
    batch_games(GS_PAC_SEED_ONE);
}

static void test_batch_per_game(void **unused)
{
    (void)unused;
    batch_games(GS_PAC_SEED_PER_GAME);
}

/* ---- Allocation failure -------------------------------------------------- */

/* gs_pac_agent_new for every kind, failing allocation 1, 2, ...: GS_ENOMEM,
 * no agent, nothing leaked; then it succeeds and frees everything. */
static void test_alloc_agent_new(void **unused)
{
    (void)unused;
    gs_pacman *w = project_world("corridor", 1);
    for (int k = 0; k < GS_PAC_NUM_AGENT_KINDS; k++) {
        track t;
        gs_allocator al = tracker(&t);
        long n;
        for (n = 1;; n++) {
            t.fail_at = t.count + n;
            long failed = t.failed;
            gs_pac_agent *a = (gs_pac_agent *)&t;
            int rc = gs_pac_agent_new(k, NULL, w, &al, &a, NULL);
            if (t.failed == failed) {
                assert_int_equal(rc, GS_OK);
                t.fail_at = 0;
                gs_pac_agent_free(a);
                assert_int_equal(t.live, 0);
                break;
            }
            assert_int_equal(rc, GS_ENOMEM);
            assert_null(a);
            assert_int_equal(t.failed, failed + 1);
            assert_int_equal(t.live, 0);
        }
        assert_true(n >= 3);   /* the agent, its scratch, then succeeded */
    }
    gs_pacman_free(w);
}

/* A decision that counts states, failing each allocation it makes: the
 * decision is the same (the count says it is incomplete, or the search
 * says it ran out of memory and the first legal move is played), and the
 * agent frees everything. */
static void test_alloc_measured_decision(void **unused)
{
    (void)unused;
    gs_pacman *w = project_world("crossroads", 2);
    void *s = new_state(w);
    gs_pac_agent *ref = agent_of(GS_PAC_AGENT_ALPHABETA, "depth=2", w);
    gs_pac_decision want;
    gs_pac_agent_act(ref, s, NULL, &want);
    gs_pac_agent_free(ref);
    long n;
    bool incomplete = false;
    for (n = 1;; n++) {
        track t;
        gs_allocator al = tracker(&t);
        gs_pac_agent *a = NULL;
        assert_int_equal(gs_pac_agent_new(GS_PAC_AGENT_ALPHABETA,
                                          "depth=2,countStates=1", w, &al, &a,
                                          NULL), GS_OK);
        t.fail_at = t.count + n;
        gs_pac_decision d;
        int rc = gs_pac_agent_act(a, s, NULL, &d);
        bool failed = t.failed > 0;
        t.fail_at = 0;
        if (rc == GS_OK) {
            assert_int_equal(d.action, want.action);
            assert_int_equal(d.nodes, want.nodes);
            assert_int_equal(d.states_incomplete, failed);
            incomplete = incomplete || d.states_incomplete;
        } else {
            assert_int_equal(rc, GS_ENOMEM);
            assert_int_equal(d.status, GS_ENOMEM);
            assert_int_equal(d.action, d.actions[0]);
        }
        gs_pac_agent_free(a);
        assert_int_equal(t.live, 0);
        if (!failed)
            break;
    }
    assert_true(incomplete);
    assert_true(n >= 2);
    free(s);
    gs_pacman_free(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_agent_names),
        cmocka_unit_test(test_record_decisions),
        cmocka_unit_test(test_agent_args),
        cmocka_unit_test(test_search_game_utilities),
        cmocka_unit_test(test_multi_agents_decide),
        cmocka_unit_test(test_keyboard),
        cmocka_unit_test(test_left_turn_and_greedy),
        cmocka_unit_test(test_search_measurements),
        cmocka_unit_test(test_games_greedy_one_stream),
        cmocka_unit_test(test_games_alphabeta_per_game),
        cmocka_unit_test(test_games_cs188_seed),
        cmocka_unit_test(test_games_count_states_and_limit),
        cmocka_unit_test(test_play_stop),
        cmocka_unit_test(test_play_timeout),
        cmocka_unit_test(test_play_refused),
        cmocka_unit_test(test_seed_game),
        cmocka_unit_test(test_intervals),
        cmocka_unit_test(test_text_frame),
        cmocka_unit_test(test_clock),
        cmocka_unit_test(test_view_cells),
        cmocka_unit_test(test_view_ghost_colours),
        cmocka_unit_test(test_summary),
        cmocka_unit_test(test_result_text),
        cmocka_unit_test(test_timeout_write),
        cmocka_unit_test(test_states_write),
        cmocka_unit_test(test_decision_write),
        cmocka_unit_test(test_results_write),
        cmocka_unit_test(test_summary_write),
        cmocka_unit_test(test_text_frame_write),
        cmocka_unit_test(test_tally),
        cmocka_unit_test(test_record_seeding),
        cmocka_unit_test(test_batch_setup),
        cmocka_unit_test(test_batch_count),
        cmocka_unit_test(test_game_log_end),
        cmocka_unit_test(test_batch_one_stream),
        cmocka_unit_test(test_batch_per_game),
        cmocka_unit_test(test_alloc_agent_new),
        cmocka_unit_test(test_alloc_measured_decision),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
