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
 */
#include <stdlib.h>
#include <string.h>

#include "pacman_cli.h"

static const char *const agent_names[PAC_NUM_AGENTS] = {
    "KeyboardAgent", "LeftTurnAgent", "GreedyAgent", "RandomAgent"};

int pac_agent_parse(const char *name)
{
    for (int k = 0; k < PAC_NUM_AGENTS; k++)
        if (strcmp(name, agent_names[k]) == 0)
            return k;
    return -1;
}

const char *pac_agent_name(pac_agent_kind kind)
{
    return kind < PAC_NUM_AGENTS ? agent_names[kind] : "?";
}

/* One "key=value" piece of -a, checked for `kind`. */
static bool check_arg(pac_agent_kind kind, const char *key, const char *value,
                      char *err, size_t errsize)
{
    const char *name = agent_names[kind];
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

bool pac_agent_args_check(pac_agent_kind kind, const char *args, char *err,
                          size_t errsize)
{
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
        if (!check_arg(kind, piece, value, err, errsize))
            return false;
        if (p[len] == '\0')
            return true;
        p += len + 1;
    }
}

int pac_agent_init(pac_agent *agent, pac_agent_kind kind,
                   const gs_pacman *world)
{
    memset(agent, 0, sizeof *agent);
    agent->kind = kind;
    agent->last_move = GS_PAC_STOP;
    if (kind == PAC_GREEDY) {
        agent->scratch = malloc(gs_pacman_state_size(world));
        if (!agent->scratch)
            return GS_ENOMEM;
    }
    return GS_OK;
}

void pac_agent_free(pac_agent *agent)
{
    free(agent->scratch);
    agent->scratch = NULL;
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
    case PAC_RANDOM:
    default:
        return legal[gs_pyrandom_below(rng, n)];
    }
}
