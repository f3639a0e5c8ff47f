/*
 * games/tree/tree_entry.c: explicit game trees in the registry
 * (gamesearch/registry.h): a game made from a tree's text, whose only
 * position is its root.
 */
#include <stdio.h>

#include "gamesearch/registry.h"
#include "gamesearch/tree.h"

static int make(const char *const *value, const char *source, size_t len,
                const gs_allocator *alloc, void **inst, gs_game *game,
                gs_error *err)
{
    (void)value;
    gs_tree *tree = NULL;
    int rc = gs_tree_parse(source, len, alloc, &tree, err);
    if (rc != GS_OK)
        return rc;
    gs_tree_game(tree, game);
    *inst = tree;
    return GS_OK;
}

static void free_tree(void *inst)
{
    gs_tree_free(inst);
}

static int read(const void *inst, const char *text, size_t len, void *state,
                gs_error *err)
{
    (void)text;
    if (len) {
        snprintf(err->message, sizeof err->message,
                 "a tree has no position but its root");
        return GS_EPARSE;
    }
    gs_tree_root(inst, state);
    return GS_OK;
}

/* Its height, from the shallowest depth at which every node cut off has a
 * value. */
static void depths(const void *inst, const void *state, int *lo, int *hi)
{
    (void)state;
    int32_t height = gs_tree_height(inst);
    *hi = height > 0 ? (int)height : 1;
    *lo = *hi;
    gs_error ignored;
    while (*lo > 1 && gs_tree_check_values(inst, *lo - 1, &ignored) == GS_OK)
        (*lo)--;
}

static int check_depth(const void *inst, int depth, gs_error *err)
{
    return gs_tree_check_values(inst, depth, err);
}

const gs_game_entry gs_tree_entry = {
    .name = "tree",
    .title = "game tree",
    .summary = "an explicit game tree read from a file, with its own roles",
    .source = GS_SOURCE_FILE,
    .make = make,
    .free = free_tree,
    .read = read,
    .start_name = "its root",
    .depths = depths,
    .check_depth = check_depth,
};
