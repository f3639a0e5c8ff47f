/*
 * mcts.c: Monte Carlo tree search (GS_MCTS), as search.h describes it.
 *
 * The tree. Nodes live in one growable array (e->mcts.nodes), node 0 the
 * root, and refer to each other by index, so that the array may move as
 * it grows. A node's children are made together when the node is
 * expanded, consecutive from `first`, in the order the game's `actions`
 * wrote them. Nodes hold no state: each iteration copies the root into
 * state slot 1 and applies the actions of its path (slot 2 takes each
 * child), which costs one apply a ply and keeps a node at 56 bytes
 * whatever the game's state size.
 *
 * A node's kind is settled when an iteration first reaches it: a leaf
 * (terminal, or no legal action: its value is exact), a cut (max_ply
 * plies deep: scored by the game's value, never expanded), or the role of
 * the agent to move.
 *
 * One iteration: descend (select), expand a node reached for the second
 * time, score the node where the descent ended (a playout, its exact value
 * when it is a leaf or proved), and add the score to every node of the
 * path (back up), the solver's bounds being recombined from the bottom up
 * while they change.
 *
 * Threads (root parallelism, mcts_root.c): helper engines (threads.c
 * makes them) grow trees of their own from the same root with their own
 * seeds and shares of the limits; their roots' children are then added into the calling
 * engine's tree, so that the answer is read from one tree.
 */
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "engine.h"
#include "mcts_internal.h"

/* One thread's search under way. */
typedef struct mcts_run {
    gs_engine *e;
    const gs_search_options *o;
    uint64_t max_iterations;    /* 0: none */
    uint64_t max_nodes;         /* 0: none */
    double gmin, gmax;          /* a node's bounds before it is known */
    double ulo, uhi;            /* the scores' range, for UCT's scale */
    bool scale_seen;            /* ulo/uhi follow the scores seen ... */
    bool seen_any;              /* ... and one has been */
    double mid;                 /* win/loss: a score above it is a win */
    int max_depth;              /* the deepest node reached */
} mcts_run;

static double rng_unit(uint64_t *s)
{
    return (double)(rng_next(s) >> 11) * 0x1.0p-53;
}

void mcts_free(gs_engine *e)
{
    mem_resize(&e->alloc, e->mcts.nodes, e->mcts.cap * sizeof(mcts_node), 0);
    mem_resize(&e->alloc, e->mcts.path, e->mcts.path_cap * sizeof(uint32_t),
               0);
    e->mcts.nodes = NULL;
    e->mcts.path = NULL;
    e->mcts.cap = e->mcts.path_cap = e->mcts.count = 0;
}

/* Room for `n` more nodes; false (the search halted with GS_ENOMEM) when
 * there is none. */
static bool nodes_reserve(gs_engine *e, size_t n)
{
    if (e->mcts.count + n <= e->mcts.cap)
        return true;
    size_t cap = e->mcts.cap ? e->mcts.cap : 1024;
    while (cap < e->mcts.count + n) {
        if (cap > UINT32_MAX / 2) {
            cap = UINT32_MAX;
            break;
        }
        cap *= 2;
    }
    void *p = NULL;
    if (cap >= e->mcts.count + n && cap <= SIZE_MAX / sizeof(mcts_node))
        p = mem_resize(&e->alloc, e->mcts.nodes,
                       e->mcts.cap * sizeof(mcts_node),
                       cap * sizeof(mcts_node));
    if (!p) {
        e->status = GS_ENOMEM;
        e->halt = true;
        return false;
    }
    e->mcts.nodes = p;
    e->mcts.cap = cap;
    return true;
}

static bool path_reserve(gs_engine *e, size_t n)
{
    if (n <= e->mcts.path_cap)
        return true;
    size_t cap = e->mcts.path_cap ? e->mcts.path_cap * 2 : 64;
    while (cap < n)
        cap *= 2;
    void *p = mem_resize(&e->alloc, e->mcts.path,
                         e->mcts.path_cap * sizeof(uint32_t),
                         cap * sizeof(uint32_t));
    if (!p) {
        e->status = GS_ENOMEM;
        e->halt = true;
        return false;
    }
    e->mcts.path = p;
    e->mcts.path_cap = cap;
    return true;
}

static void node_init(mcts_run *R, mcts_node *n, uint32_t parent,
                      gs_action action, double prob)
{
    memset(n, 0, sizeof *n);
    n->lo = R->gmin;
    n->hi = R->gmax;
    n->prob = prob;
    n->parent = parent;
    n->action = action;
    n->kind = KIND_NEW;
}

/* A value as a score: itself, or with mcts_win_loss its outcome. */
static double score_of(const mcts_run *R, double v)
{
    if (!R->o->mcts_win_loss)
        return v;
    return v > R->mid ? 1.0 : v < R->mid ? -1.0 : 0.0;
}

static double read_value(mcts_run *R, const void *state)
{
    gs_engine *e = R->e;
    e->leaves++;
    return e->game.value(e->game.ctx, state);
}

/* Settles the kind of node `idx`, whose state is `state`, `depth` plies
 * below the root. */
static void classify(mcts_run *R, uint32_t idx, const void *state, int depth)
{
    gs_engine *e = R->e;
    mcts_node *n = &e->mcts.nodes[idx];
    if (e->game.is_terminal(e->game.ctx, state)) {
        n->kind = KIND_LEAF;
        n->lo = n->hi = read_value(R, state);
        return;
    }
    if (depth >= e->max_ply) {
        n->kind = KIND_CUT;
        return;
    }
    double lo, hi;
    if (R->o->mcts_solver && e->solver.bounds &&
        e->solver.bounds(e->game.ctx, state, &lo, &hi)) {
        n->lo = fmax(n->lo, lo);
        n->hi = fmin(n->hi, hi);
    }
    gs_role role = e->roles[e->game.to_move(e->game.ctx, state)];
    n->kind = role == GS_ROLE_MAX   ? KIND_MAX
              : role == GS_ROLE_MIN ? KIND_MIN
                                    : KIND_CHANCE;
}

/* Makes the children of node `idx` (state `state`). Returns false when
 * the search must end: the node budget (e->stopped) or memory. */
static bool expand(mcts_run *R, uint32_t idx, const void *state)
{
    gs_engine *e = R->e;
    const gs_game *g = &e->game;
    int n = g->actions(g->ctx, state, e->actions);
    if (n <= 0) {
        mcts_node *nd = &e->mcts.nodes[idx];
        nd->kind = KIND_LEAF;
        nd->lo = nd->hi = read_value(R, state);
        return true;
    }
    if (R->max_nodes && e->mcts.count + (size_t)n > R->max_nodes) {
        e->stopped = GS_STOP_NODES;
        return false;
    }
    if (!nodes_reserve(e, (size_t)n))
        return false;
    bool chance = e->mcts.nodes[idx].kind == KIND_CHANCE;
    bool weighted = chance && g->probabilities &&
                    g->probabilities(g->ctx, state, e->actions, n, e->probs);
    uint32_t first = (uint32_t)e->mcts.count;
    for (int i = 0; i < n; i++) {
        double p = !chance ? 0.0 : weighted ? e->probs[i] : 1.0 / n;
        node_init(R, &e->mcts.nodes[first + (uint32_t)i], idx, e->actions[i],
                  p);
    }
    e->mcts.count += (size_t)n;
    mcts_node *nd = &e->mcts.nodes[idx];
    nd->first = first;
    nd->nchild = n;
    return true;
}

/* The child of a CHANCE node, drawn by its probability. */
static uint32_t draw_chance(mcts_run *R, const mcts_node *nd)
{
    const mcts_node *c = &R->e->mcts.nodes[nd->first];
    double total = 0.0;
    for (int i = 0; i < nd->nchild; i++)
        total += c[i].prob > 0.0 ? c[i].prob : 0.0;
    double x = rng_unit(&R->e->mcts.rng) * total;
    int last = 0;
    for (int i = 0; i < nd->nchild; i++) {
        if (!(c[i].prob > 0.0))
            continue;
        last = i;
        if (x < c[i].prob)
            return nd->first + (uint32_t)i;
        x -= c[i].prob;
    }
    return nd->first + (uint32_t)last;
}

/* With the solver, a child of a MAX (MIN) node that can be no better than
 * what the node is already sure of: the search spends nothing more on it
 * (the final choice may still take it: see pick_best). */
static bool dominated(const mcts_run *R, const mcts_node *nd,
                      const mcts_node *c)
{
    if (!R->o->mcts_solver)
        return false;
    return nd->kind == KIND_MAX ? c->hi <= nd->lo : c->lo >= nd->hi;
}

/* The child of a MAX or MIN node that UCT picks: the first unvisited one,
 * else the best score. */
static uint32_t select_uct(mcts_run *R, const mcts_node *nd)
{
    const mcts_node *c = &R->e->mcts.nodes[nd->first];
    int best = -1;
    for (int i = 0; i < nd->nchild; i++)
        if (c[i].visits == 0 && !dominated(R, nd, &c[i]))
            return nd->first + (uint32_t)i;
    double range = R->uhi - R->ulo;
    double logn = log((double)nd->visits);
    double top = -INFINITY;
    for (int i = 0; i < nd->nchild; i++) {
        if (dominated(R, nd, &c[i]))
            continue;
        double mean = c[i].sum / (double)c[i].visits;
        double q = range > 0.0 ? (mean - R->ulo) / range : 0.5;
        if (nd->kind == KIND_MIN)
            q = 1.0 - q;
        double u = q + R->o->mcts_c * sqrt(logn / (double)c[i].visits);
        if (best < 0 || u > top) {
            best = i;
            top = u;
        }
    }
    return nd->first + (uint32_t)(best < 0 ? 0 : best);
}

/* Recombines node `idx`'s bounds from its children's; true when they
 * changed. */
static bool rebound(gs_engine *e, uint32_t idx)
{
    mcts_node *nd = &e->mcts.nodes[idx];
    if (nd->nchild == 0 || nd->kind == KIND_LEAF)
        return false;
    const mcts_node *c = &e->mcts.nodes[nd->first];
    double lo, hi;
    if (nd->kind == KIND_CHANCE) {
        lo = hi = 0.0;
        for (int i = 0; i < nd->nchild; i++)
            if (c[i].prob > 0.0) {
                lo += c[i].prob * c[i].lo;
                hi += c[i].prob * c[i].hi;
            }
    } else {
        bool max = nd->kind == KIND_MAX;
        lo = c[0].lo;
        hi = c[0].hi;
        for (int i = 1; i < nd->nchild; i++) {
            lo = max ? fmax(lo, c[i].lo) : fmin(lo, c[i].lo);
            hi = max ? fmax(hi, c[i].hi) : fmin(hi, c[i].hi);
        }
    }
    /* Both are bounds: keep the tighter (the game's bounds hook may have
     * known more than the children yet say). */
    lo = fmax(lo, nd->lo);
    hi = fmin(hi, nd->hi);
    if (lo == nd->lo && hi == nd->hi)
        return false;
    nd->lo = lo;
    nd->hi = hi;
    return true;
}

static bool proved(const mcts_run *R, const mcts_node *nd)
{
    return R->o->mcts_solver && nd->lo == nd->hi;
}

/* A playout from `state` (slot 1), `depth` plies below the root: its
 * score. */
static double playout(mcts_run *R, int depth)
{
    gs_engine *e = R->e;
    const gs_game *g = &e->game;
    unsigned char *cur = state_at(e, 1), *next = state_at(e, 2);
    const int limit = R->o->mcts_playout_depth;
    bool eval = R->o->mcts_playout == GS_PLAYOUT_EVAL;
    bool policy = R->o->mcts_playout == GS_PLAYOUT_POLICY;
    for (int plies = 0;; plies++, depth++) {
        if (g->is_terminal(g->ctx, cur) || eval || depth >= e->max_ply ||
            (limit > 0 && plies >= limit))
            break;
        int n = g->actions(g->ctx, cur, e->actions);
        if (n <= 0)
            break;
        int i;
        gs_role role = e->roles[g->to_move(g->ctx, cur)];
        if (role == GS_ROLE_CHANCE) {
            bool w = g->probabilities &&
                     g->probabilities(g->ctx, cur, e->actions, n, e->probs);
            i = n - 1;
            if (w) {
                double x = rng_unit(&e->mcts.rng);
                for (int k = 0; k < n; k++) {
                    if (x < e->probs[k]) {
                        i = k;
                        break;
                    }
                    x -= e->probs[k];
                }
            } else {
                i = (int)(rng_next(&e->mcts.rng) % (uint64_t)n);
            }
        } else if (policy) {
            i = g->playout(g->ctx, cur, e->actions, n, rng_next(&e->mcts.rng));
            if (i < 0 || i >= n) {
                e->status = GS_EINVAL;
                e->halt = true;
                engine_fail(e, GS_EINVAL,
                            "the game's playout returned %d for a state "
                            "with %d actions", i, n);
                return 0.0;
            }
        } else {
            i = (int)(rng_next(&e->mcts.rng) % (uint64_t)n);
        }
        g->apply(g->ctx, cur, e->actions[i], next);
        unsigned char *t = cur;
        cur = next;
        next = t;
    }
    double v = score_of(R, read_value(R, cur));
    return v;
}

/* One iteration. False when the search must end (a budget or an error). */
static bool iterate(mcts_run *R)
{
    gs_engine *e = R->e;
    const gs_game *g = &e->game;
    unsigned char *cur = state_at(e, 1), *next = state_at(e, 2);
    memcpy(cur, state_at(e, 0), g->state_size);
    uint32_t idx = 0;
    size_t len = 0;
    int depth = 0;
    double score = 0.0;
    bool scored = false;
    for (;;) {
        if (!path_reserve(e, len + 1))
            return false;
        e->mcts.path[len++] = idx;
        if (e->mcts.nodes[idx].kind == KIND_NEW)
            classify(R, idx, cur, depth);
        mcts_node *nd = &e->mcts.nodes[idx];
        if (nd->kind == KIND_LEAF || (idx != 0 && proved(R, nd))) {
            score = score_of(R, nd->lo);
            scored = true;
            break;
        }
        if (nd->kind == KIND_CUT) {
            score = score_of(R, read_value(R, cur));
            scored = true;
            break;
        }
        if (nd->visits == 0 && idx != 0)
            break;
        if (nd->nchild == 0) {
            if (!expand(R, idx, cur))
                return false;
            nd = &e->mcts.nodes[idx];
            if (nd->kind == KIND_LEAF) {
                score = score_of(R, nd->lo);
                scored = true;
                break;
            }
        }
        uint32_t child = nd->kind == KIND_CHANCE ? draw_chance(R, nd)
                                                 : select_uct(R, nd);
        g->apply(g->ctx, cur, e->mcts.nodes[child].action, next);
        unsigned char *t = cur;
        cur = next;
        next = t;
        idx = child;
        depth++;
    }
    if (depth > R->max_depth)
        R->max_depth = depth;
    if (!scored) {
        /* The playout runs in slot 1. */
        if (cur != state_at(e, 1))
            memcpy(state_at(e, 1), cur, g->state_size);
        score = playout(R, depth);
        if (e->halt)
            return false;
    }
    if (R->scale_seen) {
        if (!R->seen_any || score < R->ulo)
            R->ulo = score;
        if (!R->seen_any || score > R->uhi)
            R->uhi = score;
        R->seen_any = true;
    }
    for (size_t i = len; i-- > 0;) {
        mcts_node *nd = &e->mcts.nodes[e->mcts.path[i]];
        nd->visits++;
        nd->sum += score;
    }
    if (R->o->mcts_solver)
        for (size_t i = len - 1; i-- > 0;)
            if (!rebound(e, e->mcts.path[i]))
                break;
    return true;
}

/* One thread's search: grows the engine's tree from `root` with the
 * options (this thread's share of the limits), seeded with `seed`. */
int mcts_run_one(gs_engine *e, const void *root,
                 const gs_search_options *o, uint64_t seed)
{
    const gs_game *g = &e->game;
    mcts_run R;
    memset(&R, 0, sizeof R);
    R.e = e;
    R.o = o;
    R.max_iterations = o->mcts_iterations;
    R.max_nodes = o->max_nodes;
    if (!R.max_iterations && !R.max_nodes && !(o->max_seconds > 0.0))
        R.max_iterations = MCTS_DEFAULT_ITERATIONS;
    R.gmin = g->has_bounds ? g->min_value : -INFINITY;
    R.gmax = g->has_bounds ? g->max_value : INFINITY;
    R.mid = g->has_bounds ? (g->min_value + g->max_value) / 2 : 0.0;
    if (o->mcts_win_loss) {
        R.ulo = -1.0;
        R.uhi = 1.0;
    } else if (g->has_bounds) {
        R.ulo = g->min_value;
        R.uhi = g->max_value;
    } else {
        R.scale_seen = true;
    }
    e->mcts.rng = seed;
    e->mcts.win_loss = o->mcts_win_loss;
    e->mcts.mid = R.mid;
    e->mcts.iterations = 0;
    e->mcts.count = 0;
    e->actions_top = 0;
    if (!reserve(e, 2, (size_t)g->max_actions) || !nodes_reserve(e, 1))
        return engine_fail(e, GS_ENOMEM, "out of memory for the MCTS tree");
    memcpy(state_at(e, 0), root, g->state_size);
    memcpy(state_at(e, 1), root, g->state_size);
    node_init(&R, &e->mcts.nodes[0], UINT32_MAX, GS_NO_ACTION, 0.0);
    e->mcts.count = 1;
    e->nodes = 1;
    classify(&R, 0, root, 0);
    while (e->mcts.nodes[0].kind != KIND_LEAF) {
        if (R.max_iterations && e->mcts.iterations >= R.max_iterations)
            break;
        if (o->mcts_solver && e->mcts.nodes[0].lo == e->mcts.nodes[0].hi &&
            (e->mcts.nodes[0].kind == KIND_CHANCE || mcts_pick_best(e, true) >= 0))
            break;
        if (o->max_seconds > 0.0 && engine_elapsed(e) >= o->max_seconds) {
            e->stopped = GS_STOP_TIME;
            break;
        }
        if (!iterate(&R))
            break;
        e->mcts.iterations++;
    }
    e->nodes = e->mcts.count;
    e->cut_evals = (uint64_t)R.max_depth;
    if (e->status == GS_ENOMEM)
        return engine_fail(e, GS_ENOMEM,
                           "out of memory for the MCTS tree (%zu nodes)",
                           e->mcts.count);
    return e->status;
}

/* ---- the answer ---- */

double mcts_mean(const mcts_node *n)
{
    return n->visits ? n->sum / (double)n->visits : 0.0;
}

/*
 * The root child to play (its position), or -1. A proved root: the most
 * visited child that reaches its value. Otherwise the most visited child
 * that may still be best, unless a child proved to secure what the root is
 * sure of (the solver's) has a better value than that child's mean.
 */
int mcts_pick_best(const gs_engine *e, bool solver)
{
    const mcts_node *r = &e->mcts.nodes[0];
    if ((r->kind != KIND_MAX && r->kind != KIND_MIN) || r->nchild == 0)
        return -1;
    bool max = r->kind == KIND_MAX;
    bool solved = solver && r->lo == r->hi;
    int best = -1, secure = -1;
    for (int i = 0; i < r->nchild; i++) {
        const mcts_node *c = &e->mcts.nodes[r->first + (uint32_t)i];
        bool secures = c->lo == c->hi && (max ? c->lo == r->lo : c->hi == r->hi);
        if (solved && !secures)
            continue;
        if (solver && !solved) {
            if (secures && c->visits > 0) {
                if (secure < 0)
                    secure = i;
                continue;
            }
            if (max ? c->hi <= r->lo : c->lo >= r->hi)
                continue;
        }
        if (best < 0) {
            best = i;
            continue;
        }
        const mcts_node *b = &e->mcts.nodes[r->first + (uint32_t)best];
        double mc = max ? mcts_mean(c) : -mcts_mean(c);
        double mb = max ? mcts_mean(b) : -mcts_mean(b);
        if (c->visits > b->visits || (c->visits == b->visits && mc > mb))
            best = i;
    }
    if (secure >= 0) {
        const mcts_node *s = &e->mcts.nodes[r->first + (uint32_t)secure];
        double sure = e->mcts.win_loss ? (s->lo > e->mcts.mid   ? 1.0
                                          : s->lo < e->mcts.mid ? -1.0
                                                                : 0.0)
                                       : s->lo;
        if (best < 0 || e->mcts.nodes[r->first + (uint32_t)best].visits == 0 ||
            (max ? mcts_mean(&e->mcts.nodes[r->first + (uint32_t)best]) < sure
                 : mcts_mean(&e->mcts.nodes[r->first + (uint32_t)best]) > sure))
            best = secure;
    }
    return best;
}
