/*
 * fuzz_tree: explicit game trees (gs_tree_parse, both syntaxes). A tree
 * that parses and has its values is searched with small limits, and
 * minimax, alpha-beta (both pruning rules, through chance nodes too) and
 * alpha-beta with iterative deepening must agree on its value; alpha-beta
 * never visits more nodes than minimax. Its traced alpha-beta search is
 * written as JSON and for Graphviz (tree.h), which must succeed.
 */
#include <string.h>

#include "gamesearch/gamesearch.h"
#include "fuzz.h"

/* Inputs and searches are kept small, so that the fuzzer explores parsing
 * and the search's paths rather than long searches. */
#define MAX_INPUT 16384
#define MAX_NODES 200000

static int search(const gs_game *game, const gs_tree *t, gs_algo algo,
                  bool prune_equal, bool iterative, int depth,
                  gs_result *res)
{
    gs_engine *e = NULL;
    int rc = gs_engine_new(game, NULL, &e);
    FUZZ_CHECK(rc == GS_OK || rc == GS_ENOMEM);
    if (rc != GS_OK)
        return rc;
    gs_search_options o;
    gs_search_options_init(&o);
    o.algo = algo;
    o.prune_equal = prune_equal;
    o.iterative = iterative;
    o.depth = depth;
    o.depth_unit = GS_DEPTH_ROUNDS;
    o.max_nodes = MAX_NODES;
    gs_tree_state root;
    gs_tree_root(t, &root);
    rc = gs_search(e, &root, &o, res);
    gs_engine_free(e);
    FUZZ_CHECK(rc == GS_OK || rc == GS_EPLY || rc == GS_ENOMEM);
    if (rc == GS_OK)
        FUZZ_CHECK(res->nodes <= MAX_NODES);
    return rc;
}

/* A gs_write_fn that counts the bytes. */
static int count_bytes(void *user, const char *text, size_t len)
{
    (void)text;
    *(size_t *)user += len;
    return 0;
}

/* The traced search written as the --json object and the drawing. */
static void write_search(const gs_tree *t, int depth, int32_t cutoff)
{
    gs_search_options o;
    gs_search_options_init(&o);
    o.depth = depth;
    o.depth_unit = GS_DEPTH_ROUNDS;
    o.max_nodes = MAX_NODES;
    gs_tree_trace tr;
    gs_result res;
    int rc = gs_tree_trace_search(t, &o, &tr, &res, NULL);
    FUZZ_CHECK(rc == GS_OK || rc == GS_EPLY || rc == GS_ENOMEM);
    if (rc != GS_OK)
        return;
    size_t n = 0;
    FUZZ_CHECK(gs_tree_json_write(t, &tr, &res, true, count_bytes, &n) == GS_OK);
    FUZZ_CHECK(n > 0);
    rc = gs_tree_dot_write(t, &tr, &res, GS_ALPHABETA, cutoff, count_bytes, &n);
    FUZZ_CHECK(rc == GS_OK || rc == GS_ENOMEM);
    gs_tree_trace_free(t, &tr);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > MAX_INPUT)
        return 0;
    gs_tree *t = (gs_tree *)&size;
    gs_error err;
    memset(&err, 0xAA, sizeof err);
    int rc = gs_tree_parse((const char *)data, size, NULL, &t, &err);
    FUZZ_CHECK(rc == GS_OK || rc == GS_EPARSE || rc == GS_ENOMEM);
    if (rc != GS_OK) {
        FUZZ_CHECK(t == NULL);
        if (rc == GS_EPARSE) {
            FUZZ_CHECK(memchr(err.message, '\0', sizeof err.message));
            FUZZ_CHECK(err.message[0] != '\0');
            FUZZ_CHECK(err.line >= 0 && err.column >= 0);
            FUZZ_CHECK((err.line == 0) == (err.column == 0));
        }
        return 0;
    }

    int32_t count = gs_tree_node_count(t);
    FUZZ_CHECK(count >= 1);
    int32_t root = gs_tree_root_node(t);
    FUZZ_CHECK(root >= 0 && root < count);
    for (int32_t n = 0; n < count; n++) {
        FUZZ_CHECK(gs_tree_node_name(t, n) != NULL);
        for (int i = 0; i < gs_tree_child_count(t, n); i++) {
            int32_t c = gs_tree_child(t, n, i);
            FUZZ_CHECK(c >= 0 && c < count);
            FUZZ_CHECK(gs_tree_child_action(t, n, i) != NULL);
        }
    }
    int agents = gs_tree_num_agents(t);
    FUZZ_CHECK(agents >= 1 && agents <= GS_TREE_MAX_AGENTS);
    int depth = gs_tree_depth(t);
    FUZZ_CHECK(depth >= 0);
    int32_t cutoff = depth > 0 && depth <= INT32_MAX / agents
                         ? (int32_t)(depth * agents) : 0;
    if (gs_tree_check_values(t, cutoff, &err) != GS_OK) {
        gs_tree_free(t);
        return 0;
    }

    gs_game game;
    gs_tree_game(t, &game);
    gs_result mm, ab, ab_strict, ab_iter;
    int r1 = search(&game, t, GS_MINIMAX, true, false, depth, &mm);
    int r2 = search(&game, t, GS_ALPHABETA, true, false, depth, &ab);
    int r3 = search(&game, t, GS_ALPHABETA, false, false, depth, &ab_strict);
    int r4 = search(&game, t, GS_ALPHABETA, true, true, depth, &ab_iter);
    /* Too deep for one is too deep for all. */
    FUZZ_CHECK((r1 == GS_EPLY) == (r2 == GS_EPLY));
    FUZZ_CHECK((r2 == GS_EPLY) == (r3 == GS_EPLY));
    if (r1 == GS_OK && r2 == GS_OK && !mm.stopped && !ab.stopped) {
        FUZZ_CHECK(fuzz_same_value(mm.value, ab.value));
        FUZZ_CHECK(ab.nodes <= mm.nodes);
        FUZZ_CHECK(mm.cutoffs == 0);
        /* No cutoff anywhere: alpha-beta searched just what minimax did. */
        if (ab.cutoffs == 0)
            FUZZ_CHECK(ab.nodes == mm.nodes);
    }
    if (r1 == GS_OK && r3 == GS_OK && !mm.stopped && !ab_strict.stopped) {
        FUZZ_CHECK(fuzz_same_value(mm.value, ab_strict.value));
        FUZZ_CHECK(ab_strict.nodes <= mm.nodes);
    }
    if (r1 == GS_OK && r4 == GS_OK && !mm.stopped && !ab_iter.stopped)
        FUZZ_CHECK(fuzz_same_value(mm.value, ab_iter.value));

    /* Expectimax reads every MIN agent as a uniform chance agent: on a tree
     * of MAX agents alone it is minimax. */
    bool max_only = true;
    for (int a = 0; a < agents; a++)
        if (gs_tree_role(t, a) != GS_ROLE_MAX)
            max_only = false;
    gs_result ex;
    if (search(&game, t, GS_EXPECTIMAX, true, false, depth, &ex) == GS_OK &&
        max_only && r1 == GS_OK && !mm.stopped && !ex.stopped)
        FUZZ_CHECK(fuzz_same_value(mm.value, ex.value));
    write_search(t, depth, cutoff);
    gs_tree_free(t);
    return 0;
}
