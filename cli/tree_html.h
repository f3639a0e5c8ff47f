/* cli/tree_html.h: the page of `gamesearch tree --html`. */
#ifndef GS_CLI_TREE_HTML_H
#define GS_CLI_TREE_HTML_H

#include <stdbool.h>
#include <stdio.h>

#include "gamesearch/gamesearch.h"

typedef struct tree_html_options {
    const char *title;     /* the input's name */
    gs_algo algo;          /* the search shown first ... */
    bool prune_equal;      /* ... and its pruning rule */
    int depth;             /* the cutoff in rounds, 0 = none */
    bool practice;         /* open in practice mode */
} tree_html_options;

/*
 * Writes the self-contained page that draws `tree` and replays its
 * searches: minimax, alpha-beta by the textbook and the CS188 rule, and
 * expectimax when an agent is MIN (web/tree.js). Returns false when a
 * search failed, memory ran out or a write failed.
 */
bool tree_html_write(FILE *f, const gs_tree *tree, const tree_html_options *o);

#endif /* GS_CLI_TREE_HTML_H */
