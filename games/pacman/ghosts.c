/*
 * games/pacman/ghosts.c: pacman.py's ghost agents (ghostAgents.py), their
 * distributions computed in the same floating-point operations in the same
 * order, and util.py's sampling, so that a generator seeded as pacman.py
 * seeds Python's draws the same moves.
 *
 * RandomGhost: a Counter of 1.0 per legal action, normalised: each
 * 1.0 / n (the total n is exact).
 *
 * DirectionalGhost: the distance to Pacman after each legal action (half a
 * cell when scared); the best actions are those at the least distance (the
 * greatest when scared). The Counter gets bestProb / #best for each best
 * action first (in legal order), then (1 - bestProb) / #legal is added to
 * every legal action in legal order (a new key starts from 0), and it is
 * normalised: the total summed in the Counter's insertion order (best
 * actions first), each value divided by it. bestProb is 0.8 both ways
 * (prob_attack, prob_scaredFlee).
 *
 * Sampling (util.chooseFromDistribution -> util.sample): the Counter's
 * items sorted by action name (East, North, South, Stop, West); when their
 * sum (left to right) is not exactly 1 each is divided by it; then one
 * random() u, and the first action whose running total (left to right)
 * reaches u.
 */
#include <assert.h>

#include "pacman_internal.h"

/* prob_attack and prob_scaredFlee of pacman.py's DirectionalGhost. */
#define PROB_ATTACK 0.8
#define PROB_SCARED_FLEE 0.8

/* The rank of each direction's name in alphabetical order. */
static const int name_rank[GS_PAC_NUM_DIRS] = {
    4,   /* West */
    3,   /* Stop */
    0,   /* East */
    1,   /* North */
    2    /* South */
};

static int iabs(int v)
{
    return v < 0 ? -v : v;
}

/* DirectionalGhost.getDistribution for the n legal actions in out[]. */
static void directional(const gs_pacman *w, const pac_state *s, int agent,
                        const int *out, int n, double *p)
{
    (void)w;
    const pac_agent *g = &s->agent[agent], *pac = &s->agent[0];
    const bool scared = g->scared > 0;
    const int step = scared ? 1 : 2;   /* half cells a move */
    int dist[GS_PAC_NUM_DIRS];         /* doubled distances: exact */
    for (int i = 0; i < n; i++) {
        int dx, dy;
        pac_dir_vector(out[i], &dx, &dy);
        dist[i] = iabs(g->x2 + dx * step - pac->x2) +
                  iabs(g->y2 + dy * step - pac->y2);
    }
    int best = dist[0];
    for (int i = 1; i < n; i++)
        if (scared ? dist[i] > best : dist[i] < best)
            best = dist[i];
    const double best_prob = scared ? PROB_SCARED_FLEE : PROB_ATTACK;
    int nbest = 0;
    for (int i = 0; i < n; i++)
        nbest += dist[i] == best;

    /* The Counter, values in legal order, and its insertion order. */
    int order[GS_PAC_NUM_DIRS], k = 0;
    for (int i = 0; i < n; i++) {
        if (dist[i] == best) {
            p[i] = best_prob / nbest;
            order[k++] = i;
        } else {
            p[i] = 0.0;
        }
    }
    for (int i = 0; i < n; i++) {
        p[i] += (1 - best_prob) / n;
        if (dist[i] != best)
            order[k++] = i;
    }
    assert(k == n);
    /* Counter.normalize: the total in insertion order. */
    double total = 0.0;
    for (int j = 0; j < n; j++)
        total += p[order[j]];
    if (total == 0.0)
        return;
    for (int i = 0; i < n; i++)
        p[i] = p[i] / total;
}

/*
 * The ghost's distribution over its legal actions, as pacman.py computes
 * it: actions in legal order in out[], probabilities in p[]; returns how
 * many (0 when the ghost has no legal action or the game is over).
 */
int gs_pacman_ghost_distribution(const gs_pacman *world, const void *state,
                                 int agent, gs_pac_ghost kind, int *out,
                                 double *p)
{
    assert(agent >= 1 && agent < world->num_agents);
    const pac_state *s = state;
    int n = pac_legal(world, s, agent, out);
    if (n == 0)
        return 0;
    if (kind == GS_PAC_DIRECTIONAL_GHOST) {
        directional(world, s, agent, out, n, p);
    } else {
        assert(kind == GS_PAC_RANDOM_GHOST);
        double total = 0.0;
        for (int i = 0; i < n; i++)
            total += 1.0;
        for (int i = 0; i < n; i++)
            p[i] = 1.0 / total;
    }
    return n;
}

/*
 * The ghost's move as pacman.py draws it: one random() walked along the
 * distribution sorted by action name. GS_PAC_STOP, drawing nothing, when
 * the ghost has no legal action.
 */
int gs_pacman_ghost_action(const gs_pacman *world, const void *state,
                           int agent, gs_pac_ghost kind, gs_pyrandom *rng)
{
    int legal[GS_PAC_NUM_DIRS];
    double p[GS_PAC_NUM_DIRS];
    int n = gs_pacman_ghost_distribution(world, state, agent, kind, legal, p);
    if (n == 0)
        return GS_PAC_STOP;

    /* sorted(distribution.items()): by name (the keys are distinct). */
    int act[GS_PAC_NUM_DIRS];
    double d[GS_PAC_NUM_DIRS];
    for (int i = 0; i < n; i++) {
        int j = i;
        while (j > 0 && name_rank[act[j - 1]] > name_rank[legal[i]]) {
            act[j] = act[j - 1];
            d[j] = d[j - 1];
            j--;
        }
        act[j] = legal[i];
        d[j] = p[i];
    }
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += d[i];
    if (sum != 1.0)
        for (int i = 0; i < n; i++)
            d[i] = d[i] / sum;

    double choice = gs_pyrandom_random(rng);
    int i = 0;
    double total = d[0];
    /* pacman.py would run off the end if rounding left the total below
     * the draw; the last action is the only sensible answer there. */
    while (choice > total && i < n - 1) {
        i++;
        total += d[i];
    }
    return act[i];
}
