/* What `gamesearch tree` says to the person when a tree is deeper than
 * the search goes (see tree_text.h). */
#include "tree_text.h"

#include <stdio.h>

size_t cli_tree_ply_limit_text(const gs_tree *tree, int depth, int32_t cutoff,
                               int max_ply, char *buf, size_t size)
{
    /* What can be done depends on where values may stand: a nested list
     * has them only at its leaves, so no cutoff can help it. */
    int most = gs_tree_max_rounds(tree, max_ply), n;
    long height = (long)gs_tree_height(tree);
    if (gs_tree_syntax_of(tree) == GS_TREE_NESTED)
        n = snprintf(buf, size, "the tree is %ld plies deep, more than the %d "
                     "plies gamesearch searches; a nested list has values "
                     "only at its leaves, so --depth cannot cut it off: "
                     "write it as lines, with values for the nodes at a "
                     "cutoff of at most %d rounds, and give that --depth",
                     height, max_ply, most);
    else if (cutoff > 0)
        n = snprintf(buf, size, "the tree is %ld plies deep and a cutoff of "
                     "%d rounds (%ld plies) lies beyond the %d plies "
                     "gamesearch searches; give --depth at most %d",
                     height, depth, (long)cutoff, max_ply, most);
    else
        n = snprintf(buf, size, "the tree is %ld plies deep, more than the %d "
                     "plies gamesearch searches; cut it off with --depth N, "
                     "N at most %d rounds, the nodes at the cutoff given "
                     "values", height, max_ply, most);
    return n > 0 ? (size_t)n : 0;
}
