/*
 * gamesearch tree: solve an explicit game tree read from a file or standard
 * input, list the nodes the search visited and the children it pruned, and
 * draw the tree for Graphviz.
 *
 * Everything that can fail (options, input, values, the search) is checked
 * before anything is written, so a bad input leaves standard output empty.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/gamesearch.h"
#include "commands.h"
#include "options.h"
#include "tree_text.h"
#include "outfile.h"
#include "web.h"

#define CMD "tree"

typedef struct tree_options {
    const char *file;
    int algo;              /* a gs_algo */
    long depth;            /* rounds; -1 = the file's */
    const char *agents;
    bool prune_equal;
    bool json;
    bool trace;
    const char *dot;
    const char *random;    /* --random SPEC */
    bool check;
    const char *solution;  /* --check SOLUTION; NULL: beside the test */
    const char *html;
    bool practice;
    bool dot_legend;       /* --dot-legend: a legend and why each cut */
    long max_nodes;        /* --max-nodes; 0: no limit */
} tree_options;

/* --check's optional value: --check=SOLUTION, or a next argument that
 * names a .solution file. */
static int check_value(cli_parser *p, const char *value)
{
    tree_options *o = p->target;
    const char *next = p->next < p->argc ? p->argv[p->next] : NULL;
    size_t k = next ? strlen(next) : 0;
    o->check = true;
    o->solution = value;
    if (!value && k > 9 && strcmp(next + k - 9, ".solution") == 0)
        o->solution = p->argv[p->next++];
    return 0;
}

static int input_file(cli_parser *p, const char *arg)
{
    tree_options *o = p->target;
    if (o->file) {
        cli_error(CMD, "one input at a time: '%s' and '%s' (see gamesearch "
                  "tree --help)", CLI_Q(o->file), CLI_Q(arg));
        return EXIT_BAD_INPUT;
    }
    o->file = arg;
    return 0;
}

#define AT(member) CLI_AT(tree_options, member)
static const char *const algos[] = {"minimax", "alphabeta", "expectimax",
                                    "mcts", "pvs", "mtdf", "sss", "maxn",
                                    "paranoid", "brs", "pns", "dfpn", NULL};
static const int algo_ids[] = {GS_MINIMAX, GS_ALPHABETA, GS_EXPECTIMAX,
                               GS_MCTS, GS_PVS, GS_MTDF, GS_SSS, GS_MAXN,
                               GS_PARANOID, GS_BRS, GS_PNS, GS_DFPN};
/* pns and dfpn prove outcomes rather than search values. */
static bool proves(int algo)
{
    return algo == GS_PNS || algo == GS_DFPN;
}

static const cli_opt tree_opts[] = {
    CLI_OPT("algo", 0, CHOICE, AT(algo), .choices = algos,
            .values = algo_ids, .noun = "algorithm"),
    CLI_OPT("depth", 0, LONG, AT(depth), .lo = 0, .hi = 1000000,
            .unit = "rounds"),
    CLI_OPT("agents", 0, STRING, AT(agents)),
    CLI_OPT("no-prune-equal", 0, CLEAR, AT(prune_equal)),
    CLI_OPT("json", 0, FLAG, AT(json)),
    CLI_OPT("dot", 0, STRING, AT(dot)),
    CLI_OPT("trace", 0, FLAG, AT(trace)),
    CLI_OPT("check", 0, MAYBE, CLI_NOWHERE, .hook = check_value),
    CLI_OPT("random", 0, STRING, AT(random)),
    CLI_OPT("html", 0, STRING, AT(html)),
    CLI_OPT("practice", 0, FLAG, AT(practice)),
    CLI_OPT("dot-legend", 0, FLAG, AT(dot_legend)),
    CLI_OPT("max-nodes", 0, LONG, AT(max_nodes), .lo = 0,
            .hi = 1000000000000000L, .want = "a whole number of nodes from "
            "0 to 10^15 (0: no limit)"),
    CLI_OPT("help", 'h', HELP, CLI_NOWHERE),
};

/* Returns 0, 1 (help printed) or EXIT_BAD_INPUT; *p tells which options
 * were given. */
static int parse_options(int argc, char **argv, tree_options *o,
                         cli_parser *p)
{
    *o = (tree_options){.algo = GS_ALPHABETA, .depth = -1,
                        .prune_equal = true};
    *p = (cli_parser){.cmd = CMD, CLI_TABLE(tree_opts), .target = o,
                      .help = "tree", .positional = input_file};
    int rc = cli_opts_parse(p, argc, argv);
    if (rc)
        return rc;
    if (o->check && (o->json || o->dot || o->trace || o->random || o->html)) {
        cli_error(CMD, "--check prints its own report: give it without "
                  "--json, --dot, --trace, --random and --html");
        return EXIT_BAD_INPUT;
    }
    if (o->algo == GS_BRS) {
        cli_error(CMD, "--algo brs lets one opponent move out of turn while "
                  "the others pass, and an explicit tree has no such moves: "
                  "use --algo maxn or paranoid");
        return EXIT_BAD_INPUT;
    }
    if (o->algo == GS_MCTS &&
        (o->json || o->dot || o->trace || o->html || o->check)) {
        cli_error(CMD, "--algo mcts prints its own text: give it without "
                  "--json, --dot, --trace, --html and --check");
        return EXIT_BAD_INPUT;
    }
    if (proves(o->algo) && (o->dot || o->trace || o->html || o->check)) {
        cli_error(CMD, "--algo %s proves the outcome without the search's "
                  "events, so it has no trace, drawing, page or check: give "
                  "it without --dot, --trace, --html and --check (--json "
                  "works)", gs_algo_name((gs_algo)o->algo));
        return EXIT_BAD_INPUT;
    }
    if (proves(o->algo) && o->depth >= 0) {
        cli_error(CMD, "--depth goes with the depth-first algorithms: %s "
                  "proves the value at the leaves",
                  gs_algo_name((gs_algo)o->algo));
        return EXIT_BAD_INPUT;
    }
    if (o->random && o->file) {
        cli_error(CMD, "--random makes a tree and reads none: give no FILE, "
                  "and pipe its output into gamesearch tree -");
        return EXIT_BAD_INPUT;
    }
    if (!o->file)
        o->file = "-";
    if (o->dot_legend && !o->dot) {
        cli_error(CMD, "--dot-legend adds to the drawing: give --dot FILE too");
        return EXIT_BAD_INPUT;
    }
    if (o->practice && !o->html) {
        cli_error(CMD, "--practice makes a page: give --html FILE too");
        return EXIT_BAD_INPUT;
    }
    const char *dash = o->dot && strcmp(o->dot, "-") == 0 ? "--dot"
                       : o->html && strcmp(o->html, "-") == 0 ? "--html"
                       : NULL;
    if (o->json && dash) {
        cli_error(CMD, "--json and %s - cannot both write to standard "
                  "output; give %s a file name", dash, dash);
        return EXIT_BAD_INPUT;
    }
    return 0;
}

int cmd_tree_options(int argc, char **argv)
{
    tree_options o;
    cli_parser p;
    return parse_options(argc, argv, &o, &p);
}

/* --html: the tree page of web/ with the data gs_tree_page_data_write
 * writes (web/tree.js says what it holds). */
typedef struct page {
    const gs_tree *tree;
    const char *title;        /* the input's name */
    const tree_options *o;
    int depth;                /* the cutoff in rounds, 0 = none */
} page;

static bool page_data(FILE *f, void *user)
{
    const page *pg = user;
    return gs_tree_page_data_write(pg->tree, pg->title, pg->o->algo,
                                   pg->o->prune_equal, pg->depth,
                                   pg->o->practice, cli_file_write,
                                   f) == GS_OK;
}

/* --check: the search against the test's .solution, as the autograder
 * compares them. Returns the exit status: 0 when they match. */
static int check_solution(const tree_options *o, const gs_tree *t,
                          const gs_tree_trace *tr, const gs_result *res)
{
    char path[4096], err[256], *text = NULL;
    size_t len;
    const char *sol = o->solution;
    if (!sol && strcmp(o->file, "-") == 0) {
        cli_error(CMD, "--check needs the solution's file name when the test "
                  "is read from standard input: --check=FILE.solution");
        return EXIT_BAD_INPUT;
    }
    if (!sol) {
        gs_tree_cs188_solution_path(o->file, path, sizeof path);
        sol = path;
    }
    if (cli_read_all(sol, &text, &len, err, sizeof err) != 0) {
        cli_error(CMD, "--check %s: %s", sol, err);
        return EXIT_BAD_INPUT;
    }
    gs_error e;
    bool match = false;
    int s = gs_tree_cs188_check_write(t, tr, res, text, len, &match,
                                      cli_file_write, stdout, &e);
    free(text);
    if (s == GS_EPARSE && e.line > 0)
        cli_error(CMD, "%s:%d:%d: %s", sol, e.line, e.column, e.message);
    else if (s > 0)
        cli_error(CMD, "%s: %s", sol, e.message);
    if (s > 0)   /* (a failed write is standard output's to show) */
        return s == GS_EPARSE ? EXIT_BAD_INPUT : 1;
    printf("%s: %s\n", match ? "PASS" : "FAIL",
           strcmp(o->file, "-") == 0 ? "<stdin>" : o->file);
    return match ? 0 : 1;
}

/* --algo pns proves outcomes: every leaf must be -1, 0 or 1. False after
 * a message that names the first other leaf. */
static bool outcome_leaves(const gs_tree *t, const char *shown, bool random,
                           int algo)
{
    for (int32_t n = 0; n < gs_tree_node_count(t); n++) {
        double v;
        if (gs_tree_child_count(t, n) > 0 || !gs_tree_node_value(t, n, &v) ||
            v == -1.0 || v == 0.0 || v == 1.0)
            continue;
        char value[GS_NUMBER_SIZE];
        gs_format_value(v, value);
        if (random || gs_tree_node_line(t, n) <= 0)
            cli_error(CMD, "%s: --algo %s proves outcomes, so every leaf "
                      "must be -1, 0 or 1, and leaf '%s' is %s", shown,
                      gs_algo_name((gs_algo)algo),
                      CLI_Q(gs_tree_node_name(t, n)), value);
        else
            cli_error(CMD, "%s:%d:%d: --algo %s proves outcomes, so every "
                      "leaf must be -1, 0 or 1, and leaf '%s' is %s", shown,
                      gs_tree_node_line(t, n), gs_tree_node_column(t, n),
                      gs_algo_name((gs_algo)algo),
                      CLI_Q(gs_tree_node_name(t, n)), value);
        return false;
    }
    return true;
}

/* The proof of --algo pns: the value, what it means, the root's child
 * that reaches it, and the work. 0, or 1 when the text cannot be
 * written. */
static int pns_text(const gs_tree *t, const gs_result *r, int algo,
                    bool json)
{
    static const char *const meaning[] = {"a loss for MAX", "a draw",
                                          "a win for MAX"};
    int32_t root = gs_tree_root_node(t);
    int v = r->value > 0 ? 1 : r->value < 0 ? -1 : 0;
    if (json) {
        static const char *const result[] = {"loss", "draw", "win"};
        printf("{\"algorithm\":\"%s\",\"value\":%d,\"proved\":true,"
               "\"result\":\"%s\",\"best\":", gs_algo_name((gs_algo)algo),
               v, result[v + 1]);
        if (r->best != GS_NO_ACTION)
            cli_json_string(stdout, gs_tree_node_name(
                                        t, gs_tree_child(t, root,
                                                         (int)r->best)));
        else
            fputs("null", stdout);
        printf(",\"nodes\":%llu,\"leaves\":%llu,\"proofs\":%d}\n",
               (unsigned long long)r->nodes, (unsigned long long)r->leaves,
               v == 1 ? 1 : 2);
        return fflush(stdout) != 0 || ferror(stdout) ? 1 : 0;
    }
    printf("algorithm: %s\n", algo == GS_DFPN
           ? "dfpn (depth-first proof-number search)"
           : "pns (proof-number search)");
    printf("value: %d (proved: %s)\n", v, meaning[v + 1]);
    if (r->best != GS_NO_ACTION)
        printf("best: %s\n",
               gs_tree_node_name(t, gs_tree_child(t, root, (int)r->best)));
    printf("nodes: %llu, leaves: %llu (%s)\n",
           (unsigned long long)r->nodes, (unsigned long long)r->leaves,
           v == 1 ? "one proof" : "two proofs");
    return fflush(stdout) != 0 || ferror(stdout) ? 1 : 0;
}

/* --random's tree as text, in *text (malloc'd) and *len; GS_OK, or the
 * status after a message. */
static int random_text(const char *spec, char **text, size_t *len)
{
    gs_error re;
    int s = gs_tree_random(spec, NULL, 0, len, &re);
    if (s != GS_OK) {
        cli_error(CMD, "--random '%s': %s", CLI_Q(spec), re.message);
        return s;
    }
    if (!(*text = malloc(*len + 1))) {
        cli_error(CMD, "out of memory");
        return GS_ENOMEM;
    }
    gs_tree_random(spec, *text, *len + 1, NULL, NULL);
    return GS_OK;
}

int cmd_tree(int argc, char **argv)
{
    tree_options o;
    cli_parser p;
    int rc = parse_options(argc, argv, &o, &p);
    if (rc)
        return rc == 1 ? 0 : rc;
    /* --random alone prints the tree; with an option of the search or
     * of its output, that tree is searched as a FILE would be. */
    bool search_random = o.json || o.trace || o.dot || o.html ||
                         cli_opts_given(&p, "--algo") ||
                         cli_opts_given(&p, "--depth") ||
                         cli_opts_given(&p, "--max-nodes") || o.agents ||
                         !o.prune_equal;
    if (o.random && !search_random) {
        gs_error re;
        int s = gs_tree_random_write(o.random, cli_file_write, stdout, &re);
        if (s == GS_ENOMEM)
            cli_error(CMD, "out of memory");
        else if (s > 0)
            cli_error(CMD, "--random '%s': %s", CLI_Q(o.random), re.message);
        return s == GS_ENOMEM ? 1 : s > 0 ? EXIT_BAD_INPUT : 0;
    }

    /* A random tree is named by its spec: its text is never shown, so its
     * messages give no line and column. */
    char random_name[256];
    if (o.random)
        snprintf(random_name, sizeof random_name, "--random '%s'",
                 CLI_Q(o.random));
    const char *shown = o.random ? random_name
                        : strcmp(o.file, "-") == 0 ? "<stdin>" : o.file;
    char *text = NULL, err[256];
    size_t len;
    gs_tree *t = NULL;
    gs_tree_trace tr = {0};
    gs_engine *mcts = NULL;   /* --algo mcts: its engine, for its tree */
    int status = EXIT_BAD_INPUT;
    /* With --dot - or --html -, standard output holds that file alone. */
    bool file_to_stdout = (o.dot && strcmp(o.dot, "-") == 0) ||
                          (o.html && strcmp(o.html, "-") == 0);
    cli_outfile dot = CLI_OUTFILE_NONE, html = CLI_OUTFILE_NONE;
    cli_outfile *const outs[] = {&html, &dot};

    /* The drawing's file and the page are opened first, so that one that
     * cannot be written stops the run before the work; never over the
     * input or over the file standard output goes to. */
    if (!cli_outfile_open(CMD, &dot, "--dot", o.dot, o.file,
                          "the input file"))
        goto out;
    if (o.html && o.dot && cli_same_file(o.html, o.dot)) {
        cli_error(CMD, "--html %s names the drawing (--dot): give another "
                  "name", o.html);
        goto out;
    }
    if (!cli_outfile_open(CMD, &html, "--html", o.html, o.file,
                          "the input file"))
        goto out;
    if (o.random) {
        int s = random_text(o.random, &text, &len);
        if (s != GS_OK) {
            status = s == GS_ENOMEM ? 1 : EXIT_BAD_INPUT;
            goto out;
        }
    } else if (cli_read_all(o.file, &text, &len, err, sizeof err) != 0) {
        cli_error(CMD, "%s: %s", shown, err);
        goto out;
    }

    /* Step 1. Parse and check the tree. */
    gs_error te;
    int s = gs_tree_parse(text, len, NULL, &t, &te);
    if (s == GS_EPARSE || s == GS_ETOOBIG) {
        if (te.line > 0 && !o.random)
            cli_error(CMD, "%s:%d:%d: %s", shown, te.line, te.column, te.message);
        else
            cli_error(CMD, "%s: %s", shown, te.message);
        goto out;
    } else if (s != GS_OK) {
        cli_error(CMD, "%s: %s", shown, gs_strerror(s));
        status = 1;
        goto out;
    }
    if (o.agents) {
        gs_role roles[GS_TREE_MAX_AGENTS];
        int n;
        if (gs_tree_parse_roles(o.agents, roles, &n, &te) != GS_OK) {
            cli_error(CMD, "--agents '%s': %s", CLI_Q(o.agents), te.message);
            goto out;
        }
        if (gs_tree_set_roles(t, roles, n) != GS_OK) {
            cli_error(CMD, "--agents '%s' names %d agent%s, but the utility "
                      "vectors of %s have %d values (one utility an agent)",
                      CLI_Q(o.agents), n, n == 1 ? "" : "s", shown,
                      gs_tree_utility_count(t));
            goto out;
        }
    }
    if (gs_tree_syntax_of(t) == GS_TREE_CS188) {
        /* the autograder's conventions: its algorithm, strict pruning */
        if (!cli_opts_given(&p, "--algo"))
            o.algo = gs_tree_algo(t);
        o.prune_equal = false;
    } else if (o.check) {
        cli_error(CMD, "%s: --check compares a CS188 test file with its "
                  ".solution, and this is not one", shown);
        goto out;
    }
    if (o.algo == GS_PVS || o.algo == GS_MTDF || o.algo == GS_SSS ||
        proves(o.algo)) {
        for (int i = 0; i < gs_tree_num_agents(t); i++)
            if (gs_tree_role(t, i) == GS_ROLE_CHANCE) {
                cli_error(CMD, "%s: --algo %s searches trees of max and min "
                          "nodes only, and agent %d is chance (use --algo "
                          "alphabeta or minimax)", shown,
                          gs_algo_name((gs_algo)o.algo), i + 1);
                goto out;
            }
    }
    int depth = o.depth >= 0 ? (int)o.depth
                : proves(o.algo) ? 0 : gs_tree_depth(t);
    int32_t cutoff = gs_tree_cutoff(t, depth);
    s = gs_tree_check_values(t, cutoff, &te);
    if (s == GS_EPARSE && o.random) {
        cli_error(CMD, "%s: %s", shown, te.message);
        goto out;
    } else if (s == GS_EPARSE) {
        cli_error(CMD, "%s:%d:%d: %s%s", shown, te.line, te.column, te.message,
                  cutoff > 0 && gs_tree_syntax_of(t) == GS_TREE_NESTED
                      ? " (a nested list has values only at its leaves)" : "");
        goto out;
    } else if (s != GS_OK) {
        cli_error(CMD, "%s: %s", shown, gs_strerror(s));
        status = 1;
        goto out;
    }

    if (proves(o.algo) &&
        !outcome_leaves(t, shown, o.random != NULL, o.algo))
        goto out;

    /* Step 2. Search it, recording every node. */
    gs_search_options so;
    gs_search_options_init(&so);
    so.algo = o.algo;
    so.depth = depth;
    so.depth_unit = GS_DEPTH_ROUNDS;
    so.prune_equal = o.prune_equal;
    so.max_nodes = (uint64_t)o.max_nodes;
    gs_result res;
    /* (MCTS calls no hook: its tree is read back from its engine.) */
    s = gs_tree_search(t, &so, &tr, &res, &mcts, &te);
    if (s == GS_EPLY) {
        char why[512];
        cli_tree_ply_limit_text(t, depth, cutoff, so.max_ply, why, sizeof why);
        cli_error(CMD, "%s: %s", shown, why);
        goto out;
    }
    if (s != GS_OK) {
        cli_error(CMD, "%s", te.message);
        status = 1;
        goto out;
    }

    if (res.stopped == GS_STOP_NODES) {
        /* (pns stops with no answer: it proves one or none) */
        if (proves(o.algo) && o.json)
            printf("{\"algorithm\":\"%s\",\"value\":null,\"proved\":false,"
                   "\"result\":null,\"best\":null,\"nodes\":%llu,"
                   "\"stopped\":\"nodes\"}\n", gs_algo_name((gs_algo)o.algo),
                   (unsigned long long)res.nodes);
        else if (proves(o.algo))
            printf("value: not proved (stopped by --max-nodes)\nnodes: "
                   "%llu\n", (unsigned long long)res.nodes);
        cli_error(CMD, "%s: stopped by --max-nodes (%ld nodes) before the "
                  "value was %s", shown, o.max_nodes,
                  proves(o.algo) ? "proved" : "known");
        status = 1;
        goto out;
    }
    if (proves(o.algo)) {
        status = pns_text(t, &res, o.algo, o.json);
        goto out;
    }

    /* Step 3. Write what was asked for. */
    if (o.check) {
        status = check_solution(&o, t, &tr, &res);
        goto out;
    }
    if (o.html) {
        const char *base = strrchr(shown, '/');
        char title[300];
        if (o.random)   /* the spec is the tree's name */
            snprintf(title, sizeof title, "random %s", o.random);
        page pg = {t, o.random ? title : base ? base + 1 : shown, &o, depth};
        bool ok = cli_web_write(html.f, "tree.html", page_data, &pg);
        if ((status = cli_outfile_wrote(CMD, &html, ok)) != 0)
            goto out;
    }
    if (o.dot) {
        unsigned flags = o.dot_legend ? GS_TREE_DOT_LEGEND | GS_TREE_DOT_CUTS
                                      : 0;
        bool ok = gs_tree_dot_write_with(t, &tr, &res, o.algo, cutoff, flags,
                                         cli_file_write, dot.f) == GS_OK;
        if ((status = cli_outfile_wrote(CMD, &dot, ok)) != 0)
            goto out;
    }
    if (file_to_stdout) {
        status = 0;
        goto out;
    }
    gs_tree_text_options to = {o.algo, o.prune_equal, depth, o.trace, mcts};
    s = o.json ? gs_tree_json_write(t, &tr, &res, o.trace, cli_file_write,
                                    stdout)
               : gs_tree_text_write(t, &tr, &res, &to, cli_file_write, stdout);
    if (s == GS_ENOMEM) {
        cli_error(CMD, "out of memory");
        status = 1;
        goto out;
    }
    status = 0;

out:
    /* The files are kept only when everything succeeded. */
    status = cli_outfile_commit(CMD, outs, 2, status);
    gs_tree_trace_free(t, &tr);
    gs_engine_free(mcts);
    gs_tree_free(t);
    free(text);
    return status;
}
