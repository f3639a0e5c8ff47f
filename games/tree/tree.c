/*
 * games/tree/tree.c: a parsed tree as seen from outside: accessors, the
 * value check for depth cutoffs, and the tree as a gs_game. The parser is
 * in tree_parse.c.
 *
 * Data layout (tree_internal.h has the details): a tree is flat arrays
 * indexed by node number: nodes[] (name, where defined, value, and the
 * range of its children in edges[]), edges[] (the children of each node,
 * contiguous and in search order, each with its action's name), probs[]
 * (per edge, only when the text gives probabilities) and a pool of
 * NUL-terminated names addressed by offset.
 *
 * A state of the game is a gs_tree_state {node, ply}. Callbacks copy it out
 * with memcpy, so the engine may hand over states at any alignment.
 */
#include <stdio.h>
#include <string.h>

#include "tree_internal.h"

static void release(const gs_allocator *a, void *p, size_t bytes)
{
    if (p)
        a->fn(a->user, p, bytes, 0);
}

/* Frees a tree and everything it owns (NULL is fine). */
void gs_tree_free(gs_tree *tree)
{
    if (!tree)
        return;
    gs_allocator a = tree->alloc;
    release(&a, tree->nodes, tree->nodes_cap * sizeof *tree->nodes);
    release(&a, tree->edges, tree->edges_cap * sizeof *tree->edges);
    release(&a, tree->probs, tree->probs_cap * sizeof *tree->probs);
    release(&a, tree->names, tree->names_cap);
    release(&a, tree->vecs, tree->vecs_cap * sizeof *tree->vecs);
    release(&a, tree, sizeof *tree);
}

/* Which syntax the tree was written in. */
gs_tree_syntax gs_tree_syntax_of(const gs_tree *tree)
{
    return tree->syntax;
}

/* The number of agents (>= 1): declared, set, or 2 (max min) by default. */
int gs_tree_num_agents(const gs_tree *tree)
{
    return tree->num_agents;
}

/* The role of `agent`; GS_ROLE_MAX for an agent out of range. */
gs_role gs_tree_role(const gs_tree *tree, int agent)
{
    if (agent < 0 || agent >= tree->num_agents)
        return GS_ROLE_MAX;
    return tree->roles[agent];
}

/*
 * Replaces the roles with roles[0 .. n-1]. GS_EINVAL (tree unchanged) when
 * n is outside 1 .. GS_TREE_MAX_AGENTS or a role is not a gs_role.
 */
int gs_tree_set_roles(gs_tree *tree, const gs_role *roles, int n)
{
    if (!tree || !roles || n < 1 || n > GS_TREE_MAX_AGENTS)
        return GS_EINVAL;
    if (tree->vec_len > 0 && n != tree->vec_len)
        return GS_EINVAL;
    for (int i = 0; i < n; i++)
        if (roles[i] != GS_ROLE_MAX && roles[i] != GS_ROLE_MIN &&
            roles[i] != GS_ROLE_CHANCE)
            return GS_EINVAL;
    memcpy(tree->roles, roles, (size_t)n * sizeof *roles);
    tree->num_agents = n;
    return GS_OK;
}

/* The algorithm a CS188 test names, or -1. */
int gs_tree_algo(const gs_tree *tree)
{
    return tree->algo;
}

/* The `depth:` line in rounds, 0 when absent (always 0 for nested lists). */
int gs_tree_depth(const gs_tree *tree)
{
    return tree->depth;
}

int32_t gs_tree_cutoff(const gs_tree *tree, int depth)
{
    int agents = tree->num_agents;
    return depth > 0 && depth <= INT32_MAX / agents
               ? (int32_t)(depth * agents) : 0;
}

int gs_tree_max_rounds(const gs_tree *tree, int max_ply)
{
    return max_ply > 0 ? max_ply / tree->num_agents : 0;
}

/* True, with *lo and *hi (either may be NULL), when `bounds:` was given. */
bool gs_tree_bounds(const gs_tree *tree, double *lo, double *hi)
{
    if (!tree->has_bounds)
        return false;
    if (lo)
        *lo = tree->lo;
    if (hi)
        *hi = tree->hi;
    return true;
}

/* The longest path from the root in plies (computed by the parser). */
int32_t gs_tree_height(const gs_tree *tree)
{
    return tree->height;
}

/* The number of nodes (>= 1), implicit ones included (tree_internal.h). */
int32_t gs_tree_node_count(const gs_tree *tree)
{
    return tree->count;
}

/* The root's node number: 0 for nested lists; see tree.h for lines. */
int32_t gs_tree_root_node(const gs_tree *tree)
{
    return tree->root;
}

static bool valid_node(const gs_tree *tree, int32_t node)
{
    return node >= 0 && node < tree->count;
}

static bool valid_child(const gs_tree *tree, int32_t node, int i)
{
    return valid_node(tree, node) && i >= 0 && i < tree->nodes[node].nchild;
}

/* The node's name; NULL when node is out of range. */
const char *gs_tree_node_name(const gs_tree *tree, int32_t node)
{
    if (!valid_node(tree, node))
        return NULL;
    return tree->names + tree->nodes[node].name;
}

/* The 1-based line of the node's definition; 0 when node is out of range. */
int gs_tree_node_line(const gs_tree *tree, int32_t node)
{
    return valid_node(tree, node) ? tree->nodes[node].line : 0;
}

/* The 1-based byte column of the node's definition; 0 when out of range. */
int gs_tree_node_column(const gs_tree *tree, int32_t node)
{
    return valid_node(tree, node) ? tree->nodes[node].column : 0;
}

/* True and *value when the text gives the node a value. */
bool gs_tree_node_value(const gs_tree *tree, int32_t node, double *value)
{
    if (!valid_node(tree, node) || !(tree->nodes[node].flags & NODE_HAS_VALUE))
        return false;
    if (value)
        *value = tree->nodes[node].value;
    return true;
}

/* The number of children (0 for a leaf or a node out of range). */
int gs_tree_child_count(const gs_tree *tree, int32_t node)
{
    return valid_node(tree, node) ? tree->nodes[node].nchild : 0;
}

/* The i-th child's node number; -1 when out of range. */
int32_t gs_tree_child(const gs_tree *tree, int32_t node, int i)
{
    if (!valid_child(tree, node, i))
        return -1;
    return tree->edges[tree->nodes[node].first + i].child;
}

/* The i-th action's name; NULL when out of range. */
const char *gs_tree_child_action(const gs_tree *tree, int32_t node, int i)
{
    if (!valid_child(tree, node, i))
        return NULL;
    return tree->names + tree->edges[tree->nodes[node].first + i].action;
}

/* True and *p when the text gives the i-th child's probability. */
bool gs_tree_child_probability(const gs_tree *tree, int32_t node, int i,
                               double *p)
{
    if (!valid_child(tree, node, i) || !(tree->nodes[node].flags & NODE_HAS_PROBS))
        return false;
    if (p)
        *p = tree->probs[tree->nodes[node].first + i];
    return true;
}

/* The root state: the root node at ply 0. */
void gs_tree_root(const gs_tree *tree, gs_tree_state *state)
{
    state->node = tree->root;
    state->ply = 0;
}

gs_error *tree_error_reset(gs_error *error, gs_error *scratch)
{
    if (!error)
        error = scratch;
    error->line = 0;
    error->column = 0;
    error->message[0] = '\0';
    return error;
}

/*
 * Checks that every inner node reachable from the root at exactly
 * depth_plies plies has a value (leaves always have one: the parser checks
 * them). The walk goes level by level over (node, ply) pairs; a per-node
 * stamp of the last level it joined keeps each level free of duplicates,
 * so a DAG costs at most its edges per level. GS_OK; GS_EPARSE with
 * *error at the first such node in text order; GS_EINVAL for a negative
 * depth; GS_ENOMEM.
 */
int gs_tree_check_values(const gs_tree *tree, int32_t depth_plies,
                         gs_error *error)
{
    gs_error scratch;
    error = tree_error_reset(error, &scratch);
    if (depth_plies < 0) {
        snprintf(error->message, sizeof error->message,
                 "negative depth %ld", (long)depth_plies);
        return GS_EINVAL;
    }
    /* A CS188 test's states without successors need an evaluation where
     * the search reaches them (the parser checks the other syntaxes'
     * leaves everywhere). */
    bool leaves = tree->syntax == GS_TREE_CS188;
    if (depth_plies == 0 || depth_plies > tree->height) {
        if (!leaves)
            return GS_OK;   /* no inner node is cut off */
        depth_plies = tree->height;
    }

    const gs_allocator *a = &tree->alloc;
    size_t n = (size_t)tree->count;
    int32_t *stamp = a->fn(a->user, NULL, 0, n * sizeof *stamp);
    int32_t *level = a->fn(a->user, NULL, 0, n * sizeof *level);
    int32_t *next = a->fn(a->user, NULL, 0, n * sizeof *next);
    int rc = GS_OK;
    if (!stamp || !level || !next) {
        snprintf(error->message, sizeof error->message, "out of memory");
        rc = GS_ENOMEM;
        goto out;
    }
    for (size_t i = 0; i < n; i++)
        stamp[i] = -1;
    size_t nlevel = 1;
    level[0] = tree->root;
    stamp[tree->root] = 0;
    /* Step 1. The nodes at each ply, up to depth_plies. */
    int32_t worst = -1, worst_ply = 0;
    for (int32_t ply = 0; ply < depth_plies && nlevel > 0; ply++) {
        size_t nnext = 0;
        for (size_t k = 0; k < nlevel; k++) {
            const tree_node *nd = &tree->nodes[level[k]];
            if (leaves && worst < 0 && nd->nchild == 0 &&
                !(nd->flags & NODE_HAS_VALUE)) {
                worst = level[k];
                worst_ply = ply;
            }
            for (int32_t i = 0; i < nd->nchild; i++) {
                int32_t c = tree->edges[nd->first + i].child;
                if (stamp[c] != ply + 1) {
                    stamp[c] = ply + 1;
                    next[nnext++] = c;
                }
            }
        }
        int32_t *swap = level;
        level = next;
        next = swap;
        nlevel = nnext;
    }
    /* Step 2. Those cut off there need a value; report the first defined
     * (or the CS188 state without one that the search reaches first). */
    for (size_t k = 0; worst < 0 && k < nlevel; k++) {
        const tree_node *nd = &tree->nodes[level[k]];
        if ((leaves || nd->nchild > 0) && !(nd->flags & NODE_HAS_VALUE)) {
            worst = level[k];
            worst_ply = depth_plies;
        }
    }
    for (size_t k = 0; worst_ply == depth_plies && k < nlevel; k++) {
        const tree_node *nd = &tree->nodes[level[k]];
        if ((leaves || nd->nchild > 0) && !(nd->flags & NODE_HAS_VALUE) &&
            level[k] < worst)
            worst = level[k];
    }
    if (worst >= 0 && leaves) {
        char shown[TREE_NAME_BUF];
        const char *name = tree->names + tree->nodes[worst].name;
        error->line = tree->nodes[worst].line;
        error->column = tree->nodes[worst].column;
        snprintf(error->message, sizeof error->message,
                 "state %s has no evaluation, and the search evaluates it "
                 "at ply %ld", tree_show_name(shown, name, strlen(name)),
                 (long)worst_ply);
        rc = GS_EPARSE;
    } else if (worst >= 0) {
        char shown[TREE_NAME_BUF];
        const char *name = tree->names + tree->nodes[worst].name;
        error->line = tree->nodes[worst].line;
        error->column = tree->nodes[worst].column;
        snprintf(error->message, sizeof error->message,
                 "node %s is cut off at ply %ld but has no value",
                 tree_show_name(shown, name, strlen(name)), (long)depth_plies);
        rc = GS_EPARSE;
    }
out:
    release(a, stamp, n * sizeof *stamp);
    release(a, level, n * sizeof *level);
    release(a, next, n * sizeof *next);
    return rc;
}

/* ---- The game ---------------------------------------------------------- */

static gs_tree_state get_state(const void *state)
{
    gs_tree_state s;
    memcpy(&s, state, sizeof s);
    return s;
}

static int cb_to_move(const void *ctx, const void *state)
{
    const gs_tree *t = ctx;
    return (int)(get_state(state).ply % t->num_agents);
}

static gs_role cb_role(const void *ctx, int agent)
{
    return gs_tree_role(ctx, agent);
}

static bool cb_is_terminal(const void *ctx, const void *state)
{
    const gs_tree *t = ctx;
    return t->nodes[get_state(state).node].nchild == 0;
}

static int cb_actions(const void *ctx, const void *state, gs_action *out)
{
    const gs_tree *t = ctx;
    int n = t->nodes[get_state(state).node].nchild;
    for (int i = 0; i < n; i++)
        out[i] = i;
    return n;
}

static void cb_apply(const void *ctx, const void *state, gs_action action,
                     void *child)
{
    const gs_tree *t = ctx;
    gs_tree_state s = get_state(state);
    gs_tree_state c;
    c.node = t->edges[t->nodes[s.node].first + action].child;
    c.ply = s.ply + 1;
    memcpy(child, &c, sizeof c);
}

static double cb_value(const void *ctx, const void *state)
{
    const gs_tree *t = ctx;
    const tree_node *nd = &t->nodes[get_state(state).node];
    return (nd->flags & NODE_HAS_VALUE) ? nd->value : 0.0;
}

static void cb_utilities(const void *ctx, const void *state, double *out)
{
    const gs_tree *t = ctx;
    gs_tree_node_utilities(t, get_state(state).node, out);
}

static bool cb_probabilities(const void *ctx, const void *state,
                             const gs_action *actions, int n, double *p)
{
    const gs_tree *t = ctx;
    const tree_node *nd = &t->nodes[get_state(state).node];
    if (!(nd->flags & NODE_HAS_PROBS))
        return false;
    for (int i = 0; i < n; i++)
        p[i] = t->probs[nd->first + actions[i]];
    return true;
}

static uint64_t cb_hash(const void *ctx, const void *state)
{
    const gs_tree *t = ctx;
    gs_tree_state s = get_state(state);
    /* The agent to move is all of the ply that matters; splitmix64 mixes. */
    uint64_t x = ((uint64_t)(uint32_t)s.node << 8) |
                 (uint64_t)(s.ply % t->num_agents);
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

static int cb_action_name(const void *ctx, const void *state, gs_action action,
                          char *buf, size_t size)
{
    const gs_tree *t = ctx;
    const char *name = gs_tree_child_action(t, get_state(state).node, action);
    return snprintf(buf, size, "%s", name ? name : "?");
}

/*
 * Fills *game with the tree as a game: state_size sizeof(gs_tree_state),
 * agents and roles as the tree has them now, max_actions the most children
 * of any node (at least 1), bounds when the tree declares them. The tree
 * must outlive the game.
 */
void gs_tree_game(const gs_tree *tree, gs_game *game)
{
    memset(game, 0, sizeof *game);
    game->version = GS_GAME_VERSION;
    game->ctx = tree;
    game->state_size = sizeof(gs_tree_state);
    game->num_agents = tree->num_agents;
    game->max_actions = tree->max_children;
    game->to_move = cb_to_move;
    game->role = cb_role;
    game->is_terminal = cb_is_terminal;
    game->actions = cb_actions;
    game->apply = cb_apply;
    game->value = cb_value;
    game->probabilities = cb_probabilities;
    game->hash = cb_hash;
    game->order_hint = NULL;
    game->action_name = cb_action_name;
    game->has_bounds = tree->has_bounds;
    game->min_value = tree->lo;
    game->max_value = tree->hi;
    if (tree->vec_len > 0) {
        game->utilities = cb_utilities;
        game->solver = &tree->solver;
    }
}

int gs_tree_utility_count(const gs_tree *tree)
{
    return tree->vec_len;
}

bool gs_tree_node_utilities(const gs_tree *tree, int32_t node, double *out)
{
    const tree_node *nd = &tree->nodes[node];
    if (!(nd->flags & NODE_HAS_VECTOR)) {
        for (int i = 0; i < tree->vec_len; i++)
            out[i] = 0.0;
        return false;
    }
    memcpy(out, tree->vecs + (size_t)nd->vec * (size_t)tree->vec_len,
           (size_t)tree->vec_len * sizeof *out);
    return true;
}
