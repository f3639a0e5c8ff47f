/*
 * cli/tree_html.c: `gamesearch tree --html`: the tree page of web/ with
 * the tree and the trace of every search that applies to it (web/tree.js
 * says what the data holds).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/gamesearch.h"
#include "tree_cli.h"
#include "tree_html.h"
#include "util.h"
#include "web.h"

typedef struct page {
    const gs_tree *tree;
    const tree_html_options *o;
    int32_t cutoff;        /* plies, 0 = none */
} page;

static const char *role_json(gs_role r)
{
    return r == GS_ROLE_MAX ? "\"max\"" : r == GS_ROLE_MIN ? "\"min\"" : "\"chance\"";
}

/* The nodes down to the cutoff, breadth first, each once. */
static bool write_nodes(FILE *f, const page *pg)
{
    const gs_tree *t = pg->tree;
    int32_t count = gs_tree_node_count(t);
    int32_t *ply = malloc((size_t)count * sizeof *ply);
    int32_t *queue = malloc((size_t)count * sizeof *queue);
    if (!ply || !queue) {
        free(ply);
        free(queue);
        return false;
    }
    for (int32_t i = 0; i < count; i++)
        ply[i] = -1;
    size_t head = 0, tail = 0;
    queue[tail++] = gs_tree_root_node(t);
    ply[queue[0]] = 0;
    fputs("\"nodes\":[", f);
    while (head < tail) {
        int32_t v = queue[head++];
        double x;
        fputs(head > 1 ? ",{\"name\":" : "{\"name\":", f);
        cli_json_string(f, gs_tree_node_name(t, v));
        if (gs_tree_node_value(t, v, &x)) {
            fputs(",\"value\":", f);
            cli_json_number(f, x);
        }
        fputs(",\"children\":[", f);
        int nc = pg->cutoff > 0 && ply[v] >= pg->cutoff ? 0 : gs_tree_child_count(t, v);
        for (int i = 0; i < nc; i++) {
            int32_t c = gs_tree_child(t, v, i);
            fputs(i ? ",{\"node\":" : "{\"node\":", f);
            cli_json_string(f, gs_tree_node_name(t, c));
            fputs(",\"action\":", f);
            cli_json_string(f, gs_tree_child_action(t, v, i));
            if (gs_tree_child_probability(t, v, i, &x)) {
                fputs(",\"p\":", f);
                cli_json_number(f, x);
            }
            fputc('}', f);
            if (ply[c] < 0) {
                ply[c] = ply[v] + 1;
                queue[tail++] = c;
            }
        }
        fputs("]}", f);
    }
    fputc(']', f);
    free(ply);
    free(queue);
    return true;
}

/* One search, traced, as {key, label, rule, agents, value, best, action,
 * pv, nodes, leaves, trace}. */
static bool write_run(FILE *f, const page *pg, gs_algo algo, bool prune_equal,
                      const char *key, const char *label)
{
    const gs_tree *t = pg->tree;
    gs_search_options so;
    gs_search_options_init(&so);
    so.algo = algo;
    so.depth = pg->o->depth;
    so.depth_unit = GS_DEPTH_ROUNDS;
    so.prune_equal = prune_equal;
    gs_tree_trace tr = {0};
    gs_result res;
    if (gs_tree_trace_search(t, &so, &tr, &res, NULL) != GS_OK)
        return false;
    fprintf(f, "{\"key\":\"%s\",\"label\":\"%s\",\"rule\":%s,\"agents\":[", key,
            label, algo != GS_ALPHABETA ? "null"
                   : prune_equal ? "\"textbook\"" : "\"strict\"");
    for (int i = 0; i < gs_tree_num_agents(t); i++) {
        gs_role r = gs_tree_role(t, i);
        fputs(i ? "," : "", f);
        fputs(role_json(r == GS_ROLE_MIN && algo == GS_EXPECTIMAX ? GS_ROLE_CHANCE : r), f);
    }
    fputs("],\"value\":", f);
    cli_json_number(f, res.value);
    int32_t node = gs_tree_root_node(t);
    fputs(",\"best\":", f);
    if (res.best != GS_NO_ACTION) {
        cli_json_string(f, gs_tree_node_name(t, gs_tree_child(t, node, (int)res.best)));
        fputs(",\"action\":", f);
        cli_json_string(f, gs_tree_child_action(t, node, (int)res.best));
    } else {
        fputs("null,\"action\":null", f);
    }
    fputs(",\"pv\":[", f);
    cli_json_string(f, gs_tree_node_name(t, node));
    for (int k = 0; k < res.pv_length; k++) {
        node = gs_tree_child(t, node, (int)res.pv[k]);
        fputc(',', f);
        cli_json_string(f, gs_tree_node_name(t, node));
    }
    fprintf(f, "],\"nodes\":%llu,\"leaves\":%llu,\"trace\":",
            (unsigned long long)res.nodes, (unsigned long long)res.leaves);
    tree_trace_json(f, t, tr.steps, tr.count);
    fputc('}', f);
    gs_tree_trace_free(t, &tr);
    return true;
}

static bool write_data(FILE *f, void *user)
{
    const page *pg = user;
    const tree_html_options *o = pg->o;
    const gs_tree *t = pg->tree;
    bool has_min = false;
    for (int i = 0; i < gs_tree_num_agents(t); i++)
        has_min |= gs_tree_role(t, i) == GS_ROLE_MIN;
    /* minimax, alpha-beta by both rules, and expectimax when it differs
     * from minimax (a MIN agent to average) */
    int initial = o->algo == GS_MINIMAX ? 0 : o->algo == GS_EXPECTIMAX && has_min ? 3
                : o->algo == GS_ALPHABETA && !o->prune_equal ? 2 : 1;
    double lo, hi;
    fputs("{\"title\":", f);
    cli_json_string(f, o->title);
    fprintf(f, ",\"practice\":%s,\"initial\":%d,\"bounds\":",
            o->practice ? "true" : "false", initial);
    if (gs_tree_bounds(t, &lo, &hi)) {
        fputc('[', f);
        cli_json_number(f, lo);
        fputc(',', f);
        cli_json_number(f, hi);
        fputc(']', f);
    } else {
        fputs("null", f);
    }
    fputs(",\"tree\":{\"root\":", f);
    cli_json_string(f, gs_tree_node_name(t, gs_tree_root_node(t)));
    fprintf(f, ",\"cutoff\":%ld,", (long)pg->cutoff);
    if (!write_nodes(f, pg))
        return false;
    fputs("},\"runs\":[", f);
    bool ok = write_run(f, pg, GS_MINIMAX, true, "minimax", "minimax") &&
              fputc(',', f) != EOF &&
              write_run(f, pg, GS_ALPHABETA, true, "alphabeta",
                        "alpha-beta (textbook)") &&
              fputc(',', f) != EOF &&
              write_run(f, pg, GS_ALPHABETA, false, "alphabeta-strict",
                        "alpha-beta (CS188 rule)") &&
              (!has_min || (fputc(',', f) != EOF &&
                            write_run(f, pg, GS_EXPECTIMAX, true, "expectimax",
                                      "expectimax")));
    fputs("]}", f);
    return ok;
}

bool tree_html_write(FILE *f, const gs_tree *tree, const tree_html_options *o)
{
    page pg = {tree, o, 0};
    int agents = gs_tree_num_agents(tree);
    if (o->depth > 0 && o->depth <= INT32_MAX / agents)
        pg.cutoff = (int32_t)(o->depth * agents);
    return cli_web_write(f, "tree.html", write_data, &pg);
}
