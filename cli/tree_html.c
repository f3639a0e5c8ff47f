/*
 * cli/tree_html.c: `gamesearch tree --html`: the tree page of web/ with
 * the data gs_tree_page_data_write writes (web/tree.js says what it holds).
 */
#include "gamesearch/gamesearch.h"
#include "tree_html.h"
#include "util.h"
#include "web.h"

typedef struct page {
    const gs_tree *tree;
    const tree_html_options *o;
} page;

static bool write_data(FILE *f, void *user)
{
    const page *pg = user;
    const tree_html_options *o = pg->o;
    return gs_tree_page_data_write(pg->tree, o->title, o->algo, o->prune_equal,
                                   o->depth, o->practice, cli_file_write,
                                   f) == GS_OK;
}

bool tree_html_write(FILE *f, const gs_tree *tree, const tree_html_options *o)
{
    page pg = {tree, o};
    return cli_web_write(f, "tree.html", write_data, &pg);
}
