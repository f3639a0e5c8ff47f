/*
 * The Pacman agents of `gamesearch pacman`, each deciding as pacman.py's
 * class of the same name decides (pacmanAgents.py, keyboardAgents.py) and
 * drawing from the run's one random stream where Python's random is used:
 *
 *   KeyboardAgent  the direction of the last keys pressed when it is legal,
 *                  else on in the previous direction when that is legal,
 *                  else Stop; the stop key stops.
 *   LeftTurnAgent  left of its heading, else straight on, else right, else
 *                  back, else Stop; a Pacman that has not moved heads North.
 *   GreedyAgent    the legal moves but Stop, each successor's score, and
 *                  random.choice among the best, in legal order.
 *   RandomAgent    random.choice over the legal actions (Stop included).
 *                  Not in pacman.py v1.004's pacmanAgents.py; ours.
 *
 * and CS188's multi-agent project (multiAgents.py), as its autograder
 * expects them to decide:
 *
 *   ReflexAgent    each legal action's successor (Stop included) valued by
 *                  the REFLEX evaluation; random.choice among the best, in
 *                  legal order.
 *   MinimaxAgent, AlphaBetaAgent, ExpectimaxAgent
 *                  the engine's minimax, alpha-beta with the autograder's
 *                  strict pruning and expectimax (the plain mean of the
 *                  ghosts' moves), depth in rounds, children in legal
 *                  order, ties at the root to the first action, no table
 *                  and no move ordering: their choices and the states they
 *                  generate are the autograder's.
 *   ChampionAgent  ours: expectimax over DirectionalGhost's distribution
 *                  with the CHAMPION evaluation, iterative deepening under
 *                  a fixed node budget per move (so that a game plays the
 *                  same on any machine) and a transposition table emptied
 *                  before each move.
 *
 * Their -a arguments (multiAgents.py's depth and evalFn, and ours):
 *
 *   depth=N        rounds (Pacman and every ghost once); default 2. With
 *                  time= or nodes=: the deepest iteration (default none).
 *   evalFn=NAME    scoreEvaluationFunction (score; the default),
 *                  betterEvaluationFunction (better), reflex, champion.
 *   ghostModel=M   min (ghosts minimise; the default of minimax and
 *                  alpha-beta), random (chance, uniform; expectimax's) or
 *                  directional (chance, DirectionalGhost's distribution).
 *   time=SECONDS   iterative deepening until the time is up (depends on
 *                  the machine: the games are not reproducible).
 *   nodes=N        iterative deepening until N nodes are visited
 *                  (reproducible); the answer is the deepest iteration
 *                  that finished.
 *   countStates=1  print, after each move, the nodes searched and the
 *                  distinct states among them as the CS188 autograder
 *                  counts them (pacman.py's GameState equality).
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gamesearch/search.h"
#include "pacman_cli.h"
#include "util.h"

/*
 * ChampionAgent's budget: nodes per move, a count rather than a time so
 * that every machine plays the same games. Calibrated where it was
 * written (2 cores shared with other work, about 5 to 8 million nodes a
 * second): on mediumClassic with two DirectionalGhosts a move took 15 ms
 * on average and 28 ms at most over 100 games, on originalClassic with
 * four 26 ms on average and about 50 ms at most in a typical game: under
 * the 100 ms a move allowed, with room for a busy machine. Half of it
 * wins as often on mediumClassic; the rest buys depth on larger mazes.
 */
#define CHAMPION_NODES 120000
/* Its transposition table: room for the nodes of one move, small enough
 * to empty in a fraction of a millisecond. */
#define CHAMPION_TT_BYTES ((size_t)2 << 20)
/* The deepest a search agent may be asked to look, in rounds. */
#define MAX_DEPTH 1000

static const char *const agent_names[PAC_NUM_AGENTS] = {
    "KeyboardAgent", "LeftTurnAgent", "GreedyAgent", "RandomAgent",
    "ReflexAgent", "MinimaxAgent", "AlphaBetaAgent", "ExpectimaxAgent",
    "ChampionAgent"};

/* The short names of the agents from ReflexAgent on. */
static const char *const short_names[PAC_NUM_AGENTS - PAC_REFLEX] = {
    "reflex", "minimax", "alphabeta", "expectimax", "champion"};

static bool same_caseless(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        int x = *a >= 'A' && *a <= 'Z' ? *a - 'A' + 'a' : *a;
        int y = *b >= 'A' && *b <= 'Z' ? *b - 'A' + 'a' : *b;
        if (x != y)
            return false;
    }
    return *a == *b;
}

int pac_agent_parse(const char *name)
{
    for (int k = 0; k < PAC_NUM_AGENTS; k++)
        if (strcmp(name, agent_names[k]) == 0)
            return k;
    for (int k = PAC_REFLEX; k < PAC_NUM_AGENTS; k++)
        if (same_caseless(name, short_names[k - PAC_REFLEX]))
            return k;
    return -1;
}

static bool is_search_agent(pac_agent_kind kind)
{
    return kind >= PAC_MINIMAX && kind < PAC_NUM_AGENTS;
}

const char *pac_agent_name(pac_agent_kind kind)
{
    return kind < PAC_NUM_AGENTS ? agent_names[kind] : "?";
}

/* What -a says to a searching agent. */
typedef struct search_args {
    int depth;               /* rounds; 0: none (with time or nodes only) */
    bool depth_set;
    gs_pac_eval eval;
    gs_pac_ghost_model ghosts;
    double seconds;          /* time=; 0: none */
    uint64_t nodes;          /* nodes=; 0: none */
    bool count_states;
} search_args;

static void search_defaults(pac_agent_kind kind, search_args *sa)
{
    memset(sa, 0, sizeof *sa);
    sa->depth = 2;
    sa->eval = GS_PAC_EVAL_SCORE;
    sa->ghosts = kind == PAC_EXPECTIMAX ? GS_PAC_GHOSTS_RANDOM
                                        : GS_PAC_GHOSTS_MIN;
    if (kind == PAC_CHAMPION) {
        sa->depth = 0;
        sa->eval = GS_PAC_EVAL_CHAMPION;
        sa->ghosts = GS_PAC_GHOSTS_DIRECTIONAL;
        sa->nodes = CHAMPION_NODES;
    }
}

static const struct {
    const char *name;
    gs_pac_eval eval;
} eval_names[] = {
    {"scoreEvaluationFunction", GS_PAC_EVAL_SCORE},
    {"score", GS_PAC_EVAL_SCORE},
    {"betterEvaluationFunction", GS_PAC_EVAL_BETTER},
    {"better", GS_PAC_EVAL_BETTER},
    {"reflex", GS_PAC_EVAL_REFLEX},
    {"champion", GS_PAC_EVAL_CHAMPION},
};

/* One "key=value" piece of -a for a searching agent, into *sa. */
static bool search_arg(pac_agent_kind kind, const char *key, const char *value,
                       search_args *sa, char *err, size_t errsize)
{
    const char *name = agent_names[kind];
    long n;
    if (strcmp(key, "depth") == 0) {
        if (!cli_parse_long(value, 1, MAX_DEPTH, &n)) {
            snprintf(err, errsize, "depth must be a whole number of rounds "
                     "from 1 to %d, not '%s'", MAX_DEPTH, value);
            return false;
        }
        sa->depth = (int)n;
        sa->depth_set = true;
    } else if (strcmp(key, "evalFn") == 0) {
        size_t i, count = sizeof eval_names / sizeof eval_names[0];
        for (i = 0; i < count; i++)
            if (strcmp(value, eval_names[i].name) == 0)
                break;
        if (i == count) {
            snprintf(err, errsize, "evalFn '%s' is unknown to %s (it knows "
                     "scoreEvaluationFunction or score, "
                     "betterEvaluationFunction or better, reflex, champion)",
                     value, name);
            return false;
        }
        sa->eval = eval_names[i].eval;
    } else if (strcmp(key, "ghostModel") == 0) {
        if (same_caseless(value, "min"))
            sa->ghosts = GS_PAC_GHOSTS_MIN;
        else if (same_caseless(value, "random"))
            sa->ghosts = GS_PAC_GHOSTS_RANDOM;
        else if (same_caseless(value, "directional"))
            sa->ghosts = GS_PAC_GHOSTS_DIRECTIONAL;
        else {
            snprintf(err, errsize, "ghostModel must be min, random or "
                     "directional, not '%s'", value);
            return false;
        }
    } else if (strcmp(key, "time") == 0) {
        char *end;
        double t = strtod(value, &end);
        if (end == value || *end || !isfinite(t) || t <= 0 || t > 3600) {
            snprintf(err, errsize, "time must be a number of seconds above 0, "
                     "at most 3600, not '%s'", value);
            return false;
        }
        sa->seconds = t;
    } else if (strcmp(key, "nodes") == 0) {
        if (!cli_parse_long(value, 1, 2000000000L, &n)) {
            snprintf(err, errsize, "nodes must be a whole number from 1 to "
                     "2000000000, not '%s'", value);
            return false;
        }
        sa->nodes = (uint64_t)n;
    } else if (strcmp(key, "countStates") == 0) {
        if (strcmp(value, "0") != 0 && strcmp(value, "1") != 0) {
            snprintf(err, errsize, "countStates must be 0 or 1, not '%s'",
                     value);
            return false;
        }
        sa->count_states = value[0] == '1';
    } else {
        snprintf(err, errsize, "%s takes no argument '%s' (it takes depth, "
                 "evalFn, ghostModel, time, nodes, countStates)", name, key);
        return false;
    }
    return true;
}

/* One "key=value" piece of -a, checked for `kind`; a searching agent's
 * goes into *sa. */
static bool check_arg(pac_agent_kind kind, const char *key, const char *value,
                      search_args *sa, char *err, size_t errsize)
{
    const char *name = agent_names[kind];
    if (is_search_agent(kind))
        return search_arg(kind, key, value, sa, err, errsize);
    if (kind == PAC_GREEDY) {
        /* GreedyAgent(evalFn='scoreEvaluation'): the only evaluation
         * function pacmanAgents.py defines. */
        if (strcmp(key, "evalFn") != 0) {
            snprintf(err, errsize, "%s takes no argument '%s' (it takes evalFn)",
                     name, key);
            return false;
        }
        if (strcmp(value, "scoreEvaluation") != 0) {
            snprintf(err, errsize, "evalFn '%s' is unknown to %s (it knows "
                     "scoreEvaluation)", value, name);
            return false;
        }
        return true;
    }
    /* The others take Agent's index, which for Pacman is 0. */
    if (strcmp(key, "index") != 0) {
        snprintf(err, errsize, "%s takes no argument '%s' (it takes index)",
                 name, key);
        return false;
    }
    if (strcmp(value, "0") != 0) {
        snprintf(err, errsize, "index must be 0 (Pacman is agent 0), not '%s'",
                 value);
        return false;
    }
    return true;
}

/* Reads -a (NULL: nothing) for `kind`; a searching agent's settings go
 * into *sa (its defaults first). */
static bool read_args(pac_agent_kind kind, const char *args, search_args *sa,
                      char *err, size_t errsize)
{
    search_defaults(kind, sa);
    if (!args)
        return true;
    const char *p = args;
    for (;;) {
        size_t len = strcspn(p, ",");
        char piece[256];
        if (len == 0) {
            snprintf(err, errsize, "empty argument in '%s' (expected "
                     "key=value,key=value,...)", args);
            return false;
        }
        if (len >= sizeof piece) {
            snprintf(err, errsize, "argument too long in '%.40s...'", args);
            return false;
        }
        memcpy(piece, p, len);
        piece[len] = '\0';
        char *eq = strchr(piece, '=');
        const char *value = "1";     /* parseAgentArgs: a bare key is 1 */
        if (eq) {
            if (strchr(eq + 1, '=')) {
                snprintf(err, errsize, "'%s' is not key=value", piece);
                return false;
            }
            *eq = '\0';
            value = eq + 1;
            if (piece[0] == '\0') {
                snprintf(err, errsize, "'%s=%s' has no key", piece, value);
                return false;
            }
        }
        if (!check_arg(kind, piece, value, sa, err, errsize))
            return false;
        if (p[len] == '\0')
            break;
        p += len + 1;
    }
    /* A search under a budget deepens until the budget is spent, as deep
     * as depth= says when it is given. */
    if ((sa->seconds > 0 || sa->nodes > 0) && !sa->depth_set &&
        kind != PAC_CHAMPION)
        sa->depth = 0;
    return true;
}

bool pac_agent_args_check(pac_agent_kind kind, const char *args, char *err,
                          size_t errsize)
{
    search_args sa;
    return read_args(kind, args, &sa, err, errsize);
}

/* ---- The states a search generated (countStates) ---- */

/*
 * A set of states under pacman.py's equality: open addressing on
 * gs_pacman_state_hash, the states themselves kept in one growing block so
 * that equal hashes are told apart by gs_pacman_state_equal.
 */
typedef struct state_set {
    const gs_pacman *world;
    size_t size;             /* bytes in a state */
    size_t count;
    size_t cap;              /* slots, a power of two (0: none yet) */
    uint32_t *slot;          /* 1 + the state's number; 0: empty */
    uint64_t *hash;          /* per state */
    unsigned char *states;   /* count states */
    size_t states_cap;       /* in states */
    bool failed;             /* out of memory: the count is too low */
} state_set;

static void set_clear(state_set *set)
{
    set->count = 0;
    set->failed = false;
    if (set->slot)
        memset(set->slot, 0, set->cap * sizeof *set->slot);
}

static void set_free(state_set *set)
{
    free(set->slot);
    free(set->hash);
    free(set->states);
    memset(set, 0, sizeof *set);
}

static bool set_grow(state_set *set)
{
    size_t ncap = set->cap ? set->cap * 2 : 1024;
    uint32_t *slot = calloc(ncap, sizeof *slot);
    uint64_t *hash = realloc(set->hash, (ncap / 2) * sizeof *hash);
    if (hash)
        set->hash = hash;
    unsigned char *states = realloc(set->states, (ncap / 2) * set->size);
    if (states)
        set->states = states;
    if (!slot || !hash || !states || ncap / 2 > UINT32_MAX - 1) {
        free(slot);
        return false;
    }
    set->states_cap = ncap / 2;
    for (size_t i = 0; i < set->count; i++) {
        size_t j = (size_t)set->hash[i] & (ncap - 1);
        while (slot[j])
            j = (j + 1) & (ncap - 1);
        slot[j] = (uint32_t)(i + 1);
    }
    free(set->slot);
    set->slot = slot;
    set->cap = ncap;
    return true;
}

/* Adds `state` unless an equal one is in the set. */
static void set_add(state_set *set, const void *state)
{
    if (set->failed)
        return;
    if (set->count + 1 > set->cap / 2 && !set_grow(set)) {
        set->failed = true;
        return;
    }
    uint64_t h = gs_pacman_state_hash(set->world, state);
    size_t j = (size_t)h & (set->cap - 1);
    for (; set->slot[j]; j = (j + 1) & (set->cap - 1)) {
        size_t i = set->slot[j] - 1;
        if (set->hash[i] == h &&
            gs_pacman_state_equal(set->world, set->states + i * set->size,
                                  state))
            return;
    }
    set->hash[set->count] = h;
    memcpy(set->states + set->count * set->size, state, set->size);
    set->slot[j] = (uint32_t)(++set->count);
}

/* The search's hook: every node it enters is a state it generated (the
 * root included), as pacman.py's GameState.explored collects them. */
static void count_hook(void *user, gs_event_kind kind, const gs_event *ev)
{
    if (kind == GS_EVENT_ENTER)
        set_add(user, ev->state);
}

/* ---- Setting agents up ---- */

struct pac_search {
    search_args args;
    gs_pac_search_game sg;   /* the game's ctx: lives as long as the engine */
    gs_game game;
    gs_engine *engine;
    gs_search_options opt;
    size_t size;
    unsigned char *initial;  /* the start of a game, to tell a new one */
    long move;               /* Pacman's moves so far in this game */
    bool failed;             /* a search failed (reported once) */
    state_set seen;
};

static void search_free(struct pac_search *ps)
{
    if (!ps)
        return;
    gs_engine_free(ps->engine);
    set_free(&ps->seen);
    free(ps->initial);
    free(ps);
}

static int search_new(pac_agent_kind kind, const search_args *sa,
                      const gs_pacman *world, struct pac_search **out)
{
    struct pac_search *ps = calloc(1, sizeof *ps);
    if (!ps)
        return GS_ENOMEM;
    ps->args = *sa;
    ps->sg.world = world;
    ps->sg.eval = sa->eval;
    ps->sg.ghosts = sa->ghosts;
    gs_pacman_search_game(&ps->sg, &ps->game);
    ps->size = gs_pacman_state_size(world);
    ps->initial = malloc(ps->size);
    int rc = ps->initial ? gs_engine_new(&ps->game, NULL, &ps->engine)
                         : GS_ENOMEM;
    if (rc == GS_OK && kind == PAC_CHAMPION)
        rc = gs_engine_tt_resize(ps->engine, CHAMPION_TT_BYTES);
    if (rc != GS_OK) {
        search_free(ps);
        return rc;
    }
    gs_pacman_initial(world, ps->initial);
    ps->seen.world = world;
    ps->seen.size = ps->size;

    gs_search_options *o = &ps->opt;
    gs_search_options_init(o);
    /* CS188's conventions: depth in rounds, children in legal order, the
     * autograder's strict pruning, ties to the first action. */
    o->depth_unit = GS_DEPTH_ROUNDS;
    o->depth = sa->depth;
    o->prune_equal = false;
    o->order_moves = false;
    switch (kind) {
    case PAC_MINIMAX:
        o->algo = GS_MINIMAX;
        break;
    case PAC_ALPHABETA:
        o->algo = GS_ALPHABETA;
        break;
    default:   /* expectimax: MIN ghosts become uniform chance; CHANCE
                  ghosts keep their model's probabilities */
        o->algo = GS_EXPECTIMAX;
        break;
    }
    o->use_tt = kind == PAC_CHAMPION;
    o->iterative = sa->seconds > 0 || sa->nodes > 0;
    o->max_seconds = sa->seconds;
    o->max_nodes = sa->nodes;
    *out = ps;
    return GS_OK;
}

int pac_agent_init_args(pac_agent *agent, pac_agent_kind kind,
                        const char *args, const gs_pacman *world)
{
    memset(agent, 0, sizeof *agent);
    agent->kind = kind;
    agent->last_move = GS_PAC_STOP;
    search_args sa;
    char err[256];
    if (!read_args(kind, args, &sa, err, sizeof err))
        return GS_EINVAL;
    if (kind == PAC_GREEDY || kind == PAC_REFLEX) {
        agent->scratch = malloc(gs_pacman_state_size(world));
        if (!agent->scratch)
            return GS_ENOMEM;
    }
    if (is_search_agent(kind)) {
        int rc = search_new(kind, &sa, world, &agent->search);
        if (rc != GS_OK) {
            pac_agent_free(agent);
            return rc;
        }
    }
    return GS_OK;
}

int pac_agent_init(pac_agent *agent, pac_agent_kind kind,
                   const gs_pacman *world)
{
    return pac_agent_init_args(agent, kind, NULL, world);
}

void pac_agent_free(pac_agent *agent)
{
    free(agent->scratch);
    agent->scratch = NULL;
    search_free(agent->search);
    agent->search = NULL;
}

void pac_agent_keys(pac_agent *agent, unsigned keys)
{
    if (keys)
        agent->keys = keys;
}

static bool contains(const int *legal, int n, int action)
{
    for (int i = 0; i < n; i++)
        if (legal[i] == action)
            return true;
    return false;
}

static int keyboard_action(pac_agent *a, const int *legal, int n,
                           gs_pyrandom *rng)
{
    /* Later directions win when several keys are down, as getMove checks
     * West, East, North, South in turn. */
    static const struct { unsigned key; int dir; } order[] = {
        {PAC_KEY_WEST, GS_PAC_WEST}, {PAC_KEY_EAST, GS_PAC_EAST},
        {PAC_KEY_NORTH, GS_PAC_NORTH}, {PAC_KEY_SOUTH, GS_PAC_SOUTH}};
    int move = GS_PAC_STOP;
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
        if ((a->keys & order[i].key) && contains(legal, n, order[i].dir))
            move = order[i].dir;
    if (move == GS_PAC_STOP && contains(legal, n, a->last_move))
        move = a->last_move;
    if ((a->keys & PAC_KEY_STOP) && contains(legal, n, GS_PAC_STOP))
        move = GS_PAC_STOP;
    if (!contains(legal, n, move))
        move = legal[gs_pyrandom_below(rng, n)];
    a->last_move = move;
    return move;
}

static int left_turn_action(const gs_pacman *world, const void *state,
                            const int *legal, int n)
{
    /* Directions.LEFT: North -> West -> South -> East -> North. */
    static const int left_of[GS_PAC_NUM_DIRS] = {
        [GS_PAC_NORTH] = GS_PAC_WEST, [GS_PAC_WEST] = GS_PAC_SOUTH,
        [GS_PAC_SOUTH] = GS_PAC_EAST, [GS_PAC_EAST] = GS_PAC_NORTH,
        [GS_PAC_STOP] = GS_PAC_STOP};
    static const int right_of[GS_PAC_NUM_DIRS] = {
        [GS_PAC_NORTH] = GS_PAC_EAST, [GS_PAC_EAST] = GS_PAC_SOUTH,
        [GS_PAC_SOUTH] = GS_PAC_WEST, [GS_PAC_WEST] = GS_PAC_NORTH,
        [GS_PAC_STOP] = GS_PAC_STOP};
    int current = gs_pacman_direction(world, state, 0);
    if (current == GS_PAC_STOP)
        current = GS_PAC_NORTH;
    int left = left_of[current];
    if (contains(legal, n, left))
        return left;
    if (contains(legal, n, current))
        return current;
    if (contains(legal, n, right_of[current]))
        return right_of[current];
    if (contains(legal, n, left_of[left]))
        return left_of[left];
    return GS_PAC_STOP;
}

static int greedy_action(pac_agent *a, const gs_pacman *world,
                         const void *state, const int *legal, int n,
                         gs_pyrandom *rng)
{
    size_t size = gs_pacman_state_size(world);
    int moves[GS_PAC_NUM_DIRS], scores[GS_PAC_NUM_DIRS], m = 0;
    for (int i = 0; i < n; i++) {
        if (legal[i] == GS_PAC_STOP)
            continue;
        memcpy(a->scratch, state, size);
        if (gs_pacman_apply(world, a->scratch, 0, legal[i]) != GS_OK)
            continue;
        moves[m] = legal[i];
        scores[m++] = gs_pacman_score(world, a->scratch);
    }
    if (m == 0)          /* walled in: pacman.py would fail on max([]) */
        return GS_PAC_STOP;
    int best = scores[0];
    for (int i = 1; i < m; i++)
        if (scores[i] > best)
            best = scores[i];
    int ties[GS_PAC_NUM_DIRS], t = 0;
    for (int i = 0; i < m; i++)
        if (scores[i] == best)
            ties[t++] = moves[i];
    return ties[gs_pyrandom_below(rng, t)];
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* multiAgents.py's ReflexAgent.getAction: every legal action's successor
 * valued, random.choice among the best indices. */
static int reflex_action(pac_agent *a, const gs_pacman *world,
                         const void *state, const int *legal, int n,
                         gs_pyrandom *rng)
{
    double start = now_seconds();
    size_t size = gs_pacman_state_size(world);
    double scores[GS_PAC_NUM_DIRS];
    for (int i = 0; i < n; i++) {
        memcpy(a->scratch, state, size);
        int rc = gs_pacman_apply(world, a->scratch, 0, legal[i]);
        (void)rc;
        scores[i] = gs_pacman_evaluate(world, a->scratch, GS_PAC_EVAL_REFLEX);
    }
    double best = scores[0];
    for (int i = 1; i < n; i++)
        if (scores[i] > best)
            best = scores[i];
    int ties[GS_PAC_NUM_DIRS], t = 0;
    for (int i = 0; i < n; i++)
        if (scores[i] == best)
            ties[t++] = legal[i];
    a->stats.nodes = (uint64_t)n;
    a->stats.seconds = now_seconds() - start;
    return ties[gs_pyrandom_below(rng, t)];
}

/* A searching agent's move: one search of the state, the best root
 * action (the first best, in legal order, for the CS188 agents). */
static int search_action(pac_agent *a, const gs_pacman *world,
                         const void *state, const int *legal)
{
    struct pac_search *ps = a->search;
    double start = now_seconds();
    if (memcmp(state, ps->initial, ps->size) == 0)
        ps->move = 0;   /* only the start of a game equals the start */
    ps->move++;
    gs_search_options o = ps->opt;
    if (ps->args.count_states) {
        set_clear(&ps->seen);
        o.hook = count_hook;
        o.hook_user = &ps->seen;
    }
    /* Each decision from the state alone, whatever came before. */
    if (o.use_tt)
        gs_engine_tt_clear(ps->engine);
    gs_result r;
    int rc = gs_search(ps->engine, state, &o, &r);
    a->stats.nodes = r.nodes;
    a->stats.seconds = now_seconds() - start;
    if (rc != GS_OK) {
        if (!ps->failed)
            cli_error("pacman", "%s: the search failed (%s); playing the "
                      "first legal move", agent_names[a->kind],
                      gs_strerror(rc));
        ps->failed = true;
        return legal[0];
    }
    (void)world;
    if (ps->args.count_states) {
        if (ps->seen.failed)
            cli_error("pacman", "countStates: out of memory; the count below "
                      "is too low");
        fprintf(stderr, "move %ld: %" PRIu64 " nodes, %zu distinct states\n",
                ps->move, r.nodes, ps->seen.count);
    }
    return r.best != GS_NO_ACTION ? (int)r.best : legal[0];
}

int pac_agent_action(pac_agent *agent, const gs_pacman *world,
                     const void *state, gs_pyrandom *rng)
{
    int legal[GS_PAC_NUM_DIRS];
    int n = gs_pacman_legal(world, state, 0, legal);
    if (n == 0)
        return GS_PAC_STOP;
    switch (agent->kind) {
    case PAC_KEYBOARD:
        return keyboard_action(agent, legal, n, rng);
    case PAC_LEFT_TURN:
        return left_turn_action(world, state, legal, n);
    case PAC_GREEDY:
        return greedy_action(agent, world, state, legal, n, rng);
    case PAC_REFLEX:
        return reflex_action(agent, world, state, legal, n, rng);
    case PAC_MINIMAX:
    case PAC_ALPHABETA:
    case PAC_EXPECTIMAX:
    case PAC_CHAMPION:
        return search_action(agent, world, state, legal);
    case PAC_RANDOM:
    default:
        return legal[gs_pyrandom_below(rng, n)];
    }
}
