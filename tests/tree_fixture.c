/* The toy game of the engine's tests (tree_fixture.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixtures.h"
#include "gamesearch/solver.h"
#include "tree_fixture.h"

void tree_init(tree *t, const char *roles)
{
    memset(t, 0, sizeof *t);
    t->min_value = -20.0;
    t->max_value = 20.0;
    t->num_agents = (int)strlen(roles);
    if (t->num_agents < 1 || t->num_agents > 4)
        die("bad role string");
    for (int i = 0; i < t->num_agents; i++) {
        switch (roles[i]) {
        case 'M': t->roles[i] = GS_ROLE_MAX; break;
        case 'm': t->roles[i] = GS_ROLE_MIN; break;
        case 'c': t->roles[i] = GS_ROLE_CHANCE; break;
        default: die("bad role letter");
        }
    }
}

void tree_free(tree *t)
{
    free(t->nodes);
    free(t->kids);
    free(t->probs);
    memset(t, 0, sizeof *t);
}

int tree_add(tree *t, const char *name, double value)
{
    if (t->nnodes == t->ncap) {
        t->ncap = 2 * t->ncap + 16;
        t->nodes = xrealloc(t->nodes, (size_t)t->ncap * sizeof *t->nodes);
    }
    tnode *nd = &t->nodes[t->nnodes];
    memset(nd, 0, sizeof *nd);
    if (name)
        snprintf(nd->name, sizeof nd->name, "%s", name);
    nd->value = value;
    nd->terminal = true;
    return t->nnodes++;
}

void tree_set_kids(tree *t, int parent, const int32_t *kids, int n)
{
    if (t->nkids + n > t->kcap) {
        t->kcap = 2 * t->kcap + n + 16;
        t->kids = xrealloc(t->kids, (size_t)t->kcap * sizeof *t->kids);
        t->probs = xrealloc(t->probs, (size_t)t->kcap * sizeof *t->probs);
    }
    memcpy(t->kids + t->nkids, kids, (size_t)n * sizeof *kids);
    for (int i = 0; i < n; i++)
        t->probs[t->nkids + i] = 0.0;
    t->nodes[parent].first = t->nkids;
    t->nodes[parent].n = n;
    t->nodes[parent].terminal = false;
    t->nkids += n;
}

int tree_max_actions(const tree *t)
{
    int m = 1;
    for (int i = 0; i < t->nnodes; i++)
        if (t->nodes[i].n > m)
            m = t->nodes[i].n;
    return m;
}

int32_t kid(const tree *t, int node, int action)
{
    return t->kids[t->nodes[node].first + action];
}

double kid_prob(const tree *t, int node, int action)
{
    return t->probs[t->nodes[node].first + action];
}

void set_kid_prob(tree *t, int node, int action, double p)
{
    t->probs[t->nodes[node].first + action] = p;
    t->nodes[node].has_probs = true;
}

static const char *skip_ws(const char *s)
{
    while (*s == ' ' || *s == '\n' || *s == '\t')
        s++;
    return s;
}

/* Parses one node and its subtree at *sp; its probability ("p@", 0
 * without) into *prob_out. */
static int parse_node(tree *t, const char **sp, double *prob_out)
{
    const char *s = skip_ws(*sp);
    double prob = 0.0;
    if ((*s >= '0' && *s <= '9') || *s == '.') {
        char *end;
        prob = strtod(s, &end);
        if (end == s || *end != '@')
            die("tree spec: expected p@");
        s = end + 1;
    }
    char name[12];
    size_t len = 0;
    while ((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') ||
           (*s >= '0' && *s <= '9') || *s == '_') {
        if (len + 1 >= sizeof name)
            die("tree spec: name too long");
        name[len++] = *s++;
    }
    name[len] = '\0';
    if (len == 0)
        die("tree spec: expected a name");
    int idx = tree_add(t, name, 0.0);
    *prob_out = prob;
    if (*s == '#') {
        char *end;
        t->nodes[idx].hint = (int32_t)strtol(s + 1, &end, 10);
        s = end;
    }
    if (*s == '=') {
        char *end;
        t->nodes[idx].value = strtod(s + 1, &end);
        if (end == s + 1)
            die("tree spec: expected a value");
        s = end;
    }
    if (*s == '?') {
        t->nodes[idx].terminal = false;
        s++;
    }
    if (*s == '(') {
        int32_t kids[MAX_KIDS];
        double kprobs[MAX_KIDS];
        bool probs[MAX_KIDS];
        int n = 0;
        s++;
        for (;;) {
            s = skip_ws(s);
            if (*s == ')')
                break;
            if (n == MAX_KIDS)
                die("tree spec: too many children");
            const char *before = skip_ws(s);
            probs[n] = (*before >= '0' && *before <= '9') || *before == '.';
            kids[n] = parse_node(t, &s, &kprobs[n]);
            n++;
        }
        s++;
        if (n == 0)
            die("tree spec: empty child list");
        tree_set_kids(t, idx, kids, n);
        for (int i = 0; i < n; i++)
            if (probs[i] != probs[0])
                die("tree spec: give all or no probabilities");
        if (probs[0])
            for (int i = 0; i < n; i++)
                set_kid_prob(t, idx, i, kprobs[i]);
    }
    *sp = s;
    return idx;
}

/* Parses `spec` into t (which may already hold other trees); returns the
 * root's index. */
int tree_parse(tree *t, const char *spec)
{
    const char *s = spec;
    double prob;
    int root = parse_node(t, &s, &prob);
    if (*skip_ws(s) != '\0')
        die("tree spec: trailing text");
    return root;
}

int find_node(const tree *t, const char *name)
{
    for (int i = 0; i < t->nnodes; i++)
        if (strcmp(t->nodes[i].name, name) == 0)
            return i;
    die("no such node");
    return -1;
}

static const tnode *state_node(const tree *t, const void *state)
{
    const tstate *s = state;
    if (s->node < 0 || s->node >= t->nnodes || s->ply < 0)
        die("the engine passed a state the game never made");
    return &t->nodes[s->node];
}

static int tg_to_move(const void *ctx, const void *state)
{
    const tree *t = ctx;
    const tstate *s = state;
    return s->ply % t->num_agents;
}

static gs_role tg_role(const void *ctx, int agent)
{
    const tree *t = ctx;
    if (agent < 0 || agent >= t->num_agents)
        die("role() of an agent out of range");
    return t->roles[agent];
}

static bool tg_is_terminal(const void *ctx, const void *state)
{
    const tnode *nd = state_node(ctx, state);
    return nd->n == 0 && nd->terminal;
}

static int tg_actions(const void *ctx, const void *state, gs_action *out)
{
    const tnode *nd = state_node(ctx, state);
    for (int i = 0; i < nd->n; i++)
        out[i] = i;
    return nd->n;
}

static void tg_apply(const void *ctx, const void *state, gs_action action,
                     void *child)
{
    const tree *t = ctx;
    const tstate *s = state;
    const tnode *nd = state_node(t, state);
    if (action < 0 || action >= nd->n)
        die("apply() with an illegal action");
    tstate c = {t->kids[nd->first + action], s->ply + 1};
    memcpy(child, &c, sizeof c);
}

static double tg_value(const void *ctx, const void *state)
{
    const tree *t = ctx;
    const tnode *nd = state_node(t, state);
    if (t->value_calls != NULL)
        ++*t->value_calls;
    return nd->value;
}

static bool tg_probabilities(const void *ctx, const void *state,
                             const gs_action *actions, int n, double *p)
{
    const tree *t = ctx;
    const tnode *nd = state_node(t, state);
    if (!nd->has_probs)
        return false;
    if (n != nd->n)
        die("probabilities() with a wrong action count");
    for (int i = 0; i < n; i++) {
        if (actions[i] < 0 || actions[i] >= nd->n)
            die("probabilities() with an illegal action");
        p[i] = t->probs[nd->first + actions[i]];
    }
    return true;
}

static void tg_order_hint(const void *ctx, const void *state,
                          const gs_action *actions, int n, int32_t *scores)
{
    const tree *t = ctx;
    const tnode *nd = state_node(t, state);
    for (int i = 0; i < n; i++) {
        if (actions[i] < 0 || actions[i] >= nd->n)
            die("order_hint() with an illegal action");
        scores[i] = t->nodes[t->kids[nd->first + actions[i]]].hint;
    }
}

static int tg_action_name(const void *ctx, const void *state,
                          gs_action action, char *buf, size_t size)
{
    const tree *t = ctx;
    const tnode *nd = state_node(t, state);
    if (action < 0 || action >= nd->n)
        die("action_name() with an illegal action");
    return snprintf(buf, size, "%s", t->nodes[t->kids[nd->first + action]].name);
}

static bool tg_bounds(const void *ctx, const void *state, double *lo,
                      double *hi)
{
    const tree *t = ctx;
    const tnode *nd = state_node(t, state);
    if (t->bounds_calls != NULL)
        ++*t->bounds_calls;
    if (!nd->has_bounds)
        return false;
    *lo = nd->lo;
    *hi = nd->hi;
    return true;
}

static int tg_search_actions(const void *ctx, const void *state,
                             gs_action *out)
{
    const tnode *nd = state_node(ctx, state);
    memcpy(out, nd->search, (size_t)nd->nsearch * sizeof *out);
    return nd->nsearch;
}

/* The solver tier of every tree with hooks: its nodes' bounds and search
 * lists. */
static const gs_solver tree_solver = {
    .version = GS_SOLVER_VERSION,
    .bounds = tg_bounds,
    .search_actions = tg_search_actions,
};

gs_game tree_game(const tree *t, bool bounds)
{
    gs_game g;
    memset(&g, 0, sizeof g);
    g.version = GS_GAME_VERSION;
    g.ctx = t;
    g.state_size = sizeof(tstate);
    g.num_agents = t->num_agents;
    g.max_actions = tree_max_actions(t);
    g.to_move = tg_to_move;
    g.role = tg_role;
    g.is_terminal = tg_is_terminal;
    g.actions = tg_actions;
    g.apply = tg_apply;
    g.value = tg_value;
    g.probabilities = tg_probabilities;
    g.order_hint = tg_order_hint;
    g.action_name = tg_action_name;
    if (bounds) {
        g.has_bounds = true;
        g.min_value = t->min_value;
        g.max_value = t->max_value;
    }
    if (t->hooks)
        g.solver = &tree_solver;
    return g;
}
