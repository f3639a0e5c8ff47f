/*
 * cli/tree_text.h: what `gamesearch tree` says to the person when a tree
 * is deeper than the search goes, with the option that helps.
 */
#ifndef GS_CLI_TREE_TEXT_H
#define GS_CLI_TREE_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "gamesearch/tree.h"

/*
 * Why a search of `tree` to `depth` rounds (cut off at `cutoff` plies; 0:
 * no cutoff) failed with GS_EPLY, the tree being deeper than the max_ply
 * plies the engine searches, and what can be done, in one sentence without
 * a final period, as `gamesearch tree` gives it after the file's name: a
 * nested list has values only at its leaves, so no --depth helps it; a
 * cutoff beyond the limit asks for a smaller --depth; no cutoff asks for
 * one (the most rounds from gs_tree_max_rounds). Writes at most size
 * bytes, NUL included, into buf and returns the length of the whole text,
 * as snprintf does.
 */
size_t cli_tree_ply_limit_text(const gs_tree *tree, int depth, int32_t cutoff,
                               int max_ply, char *buf, size_t size);

#endif /* GS_CLI_TREE_TEXT_H */
