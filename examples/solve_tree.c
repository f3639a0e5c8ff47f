/*
 * solve_tree.c: solves a game tree file (examples/seed.tree and the
 * others, in the syntax of `gamesearch tree`) through gamesearch's public
 * API: gs_read_file reads it, gs_tree_parse parses it, gs_tree_game
 * makes it a game, gs_search searches it with alpha-beta (to the file's
 * `depth:`, if it has one).
 *
 *   usage: solve_tree FILE
 *
 * Build it against an installed gamesearch with
 *   cc solve_tree.c $(pkg-config --cflags --libs gamesearch) -o solve_tree
 */
#include <stdio.h>
#include <stdlib.h>

#include <gamesearch/gamesearch.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: solve_tree FILE\n");
        return 2;
    }
    char *text;
    size_t length;
    gs_error error;
    if (gs_read_file(argv[1], 0, NULL, &text, &length, &error) != GS_OK) {
        fprintf(stderr, "%s: %s\n", argv[1], error.message);
        return 2;
    }
    gs_tree *tree;
    int status = gs_tree_parse(text, length, NULL, &tree, &error);
    free(text);
    if (status == GS_EPARSE) {
        fprintf(stderr, "%s:%d:%d: %s\n", argv[1], error.line, error.column,
                error.message);
        return 2;
    }
    if (status != GS_OK) {
        fprintf(stderr, "%s: %s\n", argv[1], gs_strerror(status));
        return 1;
    }

    gs_game game;
    gs_tree_game(tree, &game);
    gs_tree_state root;
    gs_tree_root(tree, &root);
    gs_search_options options;
    gs_search_options_init(&options);           /* alpha-beta */
    options.depth = gs_tree_depth(tree);        /* 0: to the leaves */
    options.depth_unit = GS_DEPTH_ROUNDS;

    gs_engine *engine = NULL;
    gs_result result;
    status = gs_engine_new(&game, NULL, &engine);
    if (status == GS_OK)
        status = gs_search(engine, &root, &options, &result);
    if (status != GS_OK) {
        /* the engine, when there is one, says why in a sentence */
        const char *why = engine ? gs_engine_error(engine) : "";
        fprintf(stderr, "%s: %s\n", argv[1],
                *why ? why : gs_strerror(status));
        gs_engine_free(engine);
        gs_tree_free(tree);
        return 1;
    }
    printf("value: %g\n", result.value);
    if (result.best != GS_NO_ACTION) {
        int32_t node = gs_tree_root_node(tree);
        printf("best: %s\n",
               gs_tree_node_name(tree, gs_tree_child(tree, node, result.best)));
    }
    printf("nodes visited: %llu\n", (unsigned long long)result.nodes);
    gs_engine_free(engine);
    gs_tree_free(tree);
    return 0;
}
