/*
 * cli/tree_cli.h: what the tree command writes that other writers of the
 * program share.
 */
#ifndef GS_CLI_TREE_CLI_H
#define GS_CLI_TREE_CLI_H

#include <stddef.h>
#include <stdio.h>

#include "gamesearch/tree.h"

/*
 * Writes the steps of a search of `tree` as a JSON array, one object a
 * step: {"event": "enter"|"leave"|"prune", "node": NAME, "parent": NAME
 * (null at the root; for a prune, the node whose cutoff pruned `node`),
 * "alpha": number or null (-infinity), "beta": number or null
 * (+infinity), and on leave "value": number and "bound":
 * "exact"|"lower"|"upper"}. For a prune, alpha and beta are the parent's
 * window when it cut.
 */
void tree_trace_json(FILE *f, const gs_tree *tree, const gs_tree_step *steps,
                     size_t n);

#endif /* GS_CLI_TREE_CLI_H */
