/*
 * gamesearch compare: one position searched by each algorithm at each
 * depth (the library's gamesearch/compare.h), printed as a table, as JSON
 * or drawn as an SVG chart. Here: the options, setting up the game, and
 * printing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/gamesearch.h"
#include "gamesearch/compare.h"
#include "gamesearch/registry.h"
#include "commands.h"
#include "options.h"
#include "outfile.h"
#include "pacman_cli.h"

#define CMD "compare"

typedef struct options {
    const char *game, *arg, *algos, *svg;
    long k, ghosts, max_nodes;
    int lo, hi, rows, cols;
    bool json;
    bool sized;               /* --size given */
    bool large;               /* --large: the chart's type for a projector */
} options;

static int depth_range(cli_parser *p, const char *s)
{
    options *o = p->target;
    return gs_compare_depths_parse(s, &o->lo, &o->hi) == GS_OK ? 0
                                                               : CLI_OPT_BAD;
}

static int board_size(cli_parser *p, const char *v)
{
    options *o = p->target;
    o->sized = true;
    return cli_parse_size(v, GS_MNK_MAX_SIDE, &o->rows, &o->cols)
               ? 0 : CLI_OPT_BAD;
}

/* GAME[:PARAMS], then its position, layout or file. */
static int game_arg(cli_parser *p, const char *arg)
{
    options *o = p->target;
    if (!o->game && !gs_registry_lookup(arg, NULL)) {
        char games[256];
        gs_registry_names(0, games, sizeof games);
        cli_error(CMD, "unknown game '%s' (%s)", CLI_Q(arg), games);
        return EXIT_BAD_INPUT;
    }
    if (o->arg) {
        cli_error(CMD, "unexpected argument '%s' (see gamesearch compare "
                  "--help)", CLI_Q(arg));
        return EXIT_BAD_INPUT;
    }
    *(o->game ? &o->arg : &o->game) = arg;
    return 0;
}

#define AT(member) CLI_AT(options, member)
static const cli_opt compare_opts[] = {
    CLI_OPT("algo", 0, STRING, AT(algos)),
    CLI_OPT("depth", 0, VALUE, CLI_NOWHERE, .hook = depth_range,
            .want = "D or LO-HI, depths from 1 to 1000"),
    CLI_OPT("max-nodes", 0, LONG, AT(max_nodes), .lo = 0,
            .hi = 1000000000000000L, .unit = "nodes"),
    CLI_OPT("size", 0, VALUE, CLI_NOWHERE, .hook = board_size,
            .want = CLI_SIZE_WANT(GS_MNK_MAX_SIDE)),
    CLI_OPT("k", 0, LONG, AT(k), .lo = 1, .hi = GS_MNK_MAX_SIDE),
    CLI_OPT("ghosts", 0, LONG, AT(ghosts), .lo = 0, .hi = 1000,
            .unit = "ghosts"),
    CLI_OPT("svg", 0, STRING, AT(svg)),
    CLI_OPT("json", 0, FLAG, AT(json)),
    CLI_OPT("large", 0, FLAG, AT(large)),
    CLI_OPT("help", 'h', HELP, CLI_NOWHERE),
};

/* Returns 0, 1 (help printed) or EXIT_BAD_INPUT. */
static int parse_options(int argc, char **argv, options *o)
{
    *o = (options){.rows = 3, .cols = 3, .k = 3, .ghosts = 4,
                   .max_nodes = 5000000};
    cli_parser p = {.cmd = CMD, CLI_TABLE(compare_opts), .target = o,
                    .help = "compare", .positional = game_arg};
    int rc = cli_opts_parse(&p, argc, argv);
    if (rc)
        return rc;
    if (o->large && !o->svg) {
        cli_error(CMD, "--large sets the chart's type: give --svg FILE too");
        return EXIT_BAD_INPUT;
    }
    if (!o->game)
        o->game = "ttt";
    const gs_game_entry *e = gs_registry_lookup(o->game, NULL);
    if (e->source == GS_SOURCE_FILE && !o->arg) {
        cli_error(CMD, "%s needs a FILE (see gamesearch compare --help)",
                  e->name);
        return EXIT_BAD_INPUT;
    }
    return 0;
}

int cmd_compare_options(int argc, char **argv)
{
    options o;
    return parse_options(argc, argv, &o);
}

/* A parse error at `where` ("FILE:" or "position 'x':"). */
static int parse_error(const char *where, int rc, const gs_error *e)
{
    if (rc != GS_EPARSE && rc != GS_ETOOBIG)
        cli_error(CMD, "%s %s", where, gs_strerror(rc));
    else if (e->line > 0 && *where == 'p')
        cli_error(CMD, "%s character %d: %s", where, e->column, e->message);
    else if (e->line > 0)
        cli_error(CMD, "%s%d:%d: %s", where, e->line, e->column, e->message);
    else
        cli_error(CMD, "%s %s", where, e->message);
    return EXIT_BAD_INPUT;
}

/* The game and the position compared. */
typedef struct subject {
    gs_game_instance g;
    void *root;
} subject;

static void subject_free(subject *s)
{
    free(s->root);
    gs_game_unmake(&s->g);
}

/* Appends ",key=value" (without the comma at the start) to params when
 * game e has parameter `key`: the options that set parameters. */
static void add_param(const gs_game_entry *e, char *params, size_t size,
                      const char *key, long value)
{
    size_t n = strlen(params);
    if (gs_game_param_index(e, key) >= 0 && n < size)
        snprintf(params + n, size - n, "%s%s=%ld", n ? "," : "", key, value);
}

/* The game and position o names into *s, and in words into what[160].
 * Returns 0 or EXIT_BAD_INPUT. */
static int open_subject(const options *o, subject *s, char *what)
{
    const char *given;
    const gs_game_entry *entry = gs_registry_lookup(o->game, &given);
    char params[512], buf[1024], path[4096], where[4200], err[256];
    const char *value[GS_GAME_MAX_PARAMS];
    snprintf(params, sizeof params, "%s", given);
    if (o->sized) {
        add_param(entry, params, sizeof params, "m", o->rows);
        add_param(entry, params, sizeof params, "n", o->cols);
    }
    if (o->k != 3 || o->sized)
        add_param(entry, params, sizeof params, "k", o->k);
    if (o->ghosts != 4)
        add_param(entry, params, sizeof params, "ghosts", o->ghosts);
    gs_error e;
    if (gs_game_params_parse(entry, params, buf, sizeof buf, value, &e)) {
        cli_error(CMD, "%s: %s", CLI_Q(o->game), e.message);
        return EXIT_BAD_INPUT;
    }
    /* the source: a file named, or a layout found by name */
    char *text = NULL;
    size_t len = 0;
    const char *name = o->arg ? o->arg : entry->source_default;
    const char *pos = entry->source == GS_SOURCE_NONE && o->arg ? o->arg : "";
    snprintf(where, sizeof where, "position '%s':", CLI_Q(pos));
    if (entry->source != GS_SOURCE_NONE) {
        bool file = entry->source == GS_SOURCE_FILE;
        if (!file && !pac_find_layout(CMD, name, path, sizeof path))
            return EXIT_BAD_INPUT;
        const char *f = file ? o->arg : path;
        if (cli_read_all(f, &text, &len, err, sizeof err) != 0) {
            cli_error(CMD, "%s %s: %s", file ? entry->name : "layout", f,
                      err);
            return EXIT_BAD_INPUT;
        }
        snprintf(where, sizeof where, "%s:", f);
    }
    int rc = gs_game_make(entry, params, text, len, NULL, &s->g, &e);
    free(text);
    if (rc == GS_EINVAL && !*given && (o->sized || o->k != 3)) {
        cli_error(CMD, "--k %ld cannot fit on a %dx%d board", o->k, o->rows,
                  o->cols);
        return EXIT_BAD_INPUT;
    }
    if (rc == GS_EINVAL) {
        cli_error(CMD, "%s: %s", CLI_Q(o->game), e.message);
        return EXIT_BAD_INPUT;
    }
    if (rc != GS_OK)
        return parse_error(where, rc, &e);
    /* the position */
    if (!(s->root = malloc(s->g.game.state_size))) {
        cli_error(CMD, "out of memory");
        return 1;
    }
    memset(&e, 0, sizeof e);
    rc = entry->read(s->g.inst, pos, strlen(pos), s->root, &e);
    if (rc != GS_OK)
        return parse_error(where, rc, &e);
    char about[96] = "";
    if (entry->describe)
        entry->describe(s->g.inst, about, sizeof about);
    if (entry->source == GS_SOURCE_FILE)
        snprintf(what, 160, "%s %s", entry->name, CLI_Q(o->arg));
    else if (entry->source == GS_SOURCE_LAYOUT)
        snprintf(what, 160, "%s %s%s", entry->name, CLI_Q(name), about);
    else
        snprintf(what, 160, "%s%s, %s", entry->name, about,
                 *pos ? CLI_Q(pos) : entry->start_name);
    return 0;
}

/* --algo's list into c->algos. */
static int parse_algos(const char *list, const gs_game *game,
                       gs_compare_options *c)
{
    const char *why;
    size_t at, n;
    int rc = gs_compare_algos_parse(list, game, c, &why, &at, &n);
    if (rc != GS_OK)
        cli_error(CMD, "--algo '%.*s': %s%s", (int)n, list + at, why,
                  rc == GS_EPARSE ? " (see gamesearch compare --help)" : "");
    return rc == GS_OK ? 0 : EXIT_BAD_INPUT;
}

typedef struct printer {
    const gs_compare_options *o;
    int depth;
} printer;

/* Each row as soon as it is searched, a blank line between depths. */
static void print_row(void *user, const gs_compare_row *row)
{
    printer *pr = user;
    char line[256];
    if (row->depth != pr->depth && pr->depth)
        putchar('\n');
    pr->depth = row->depth;
    gs_compare_row_text(pr->o, row, line, sizeof line);
    fputs(line, stdout);
    fflush(stdout);
}

/* The notes of the algorithms left out (one a line, each ending in a
 * period). */
typedef struct notes {
    char text[GS_COMPARE_MAX_ALGOS][400];
    int count;
} notes;

/* True when a proof of game `entry` (instance `inst`) is a win, draw or
 * loss: a two-player game of the registry, or a tree whose leaves are
 * -1, 0 and 1. Else false, with the reason in why[300] (after "it proves
 * a win, draw or loss, and "). */
static bool proves_outcomes(const gs_game_entry *entry, const void *inst,
                            char *why)
{
    if (strcmp(entry->name, "tree") == 0) {
        const gs_tree *t = inst;
        for (int32_t n = 0; n < gs_tree_node_count(t); n++) {
            double v;
            if (gs_tree_child_count(t, n) > 0 ||
                !gs_tree_node_value(t, n, &v) || v == -1.0 || v == 0.0 ||
                v == 1.0)
                continue;
            char value[GS_NUMBER_SIZE];
            gs_format_value(v, value);
            int line = gs_tree_node_line(t, n);
            if (line > 0)
                snprintf(why, 300, "leaf '%s' (line %d, column %d) is %s, "
                         "not -1, 0 or 1", CLI_Q(gs_tree_node_name(t, n)),
                         line, gs_tree_node_column(t, n), value);
            else
                snprintf(why, 300, "leaf '%s' is %s, not -1, 0 or 1",
                         CLI_Q(gs_tree_node_name(t, n)), value);
            return false;
        }
        return true;
    }
    if (entry->flags & GS_GAME_TWO_PLAYER)
        return true;
    snprintf(why, 300, "%s's values are scores, not outcomes", entry->name);
    return false;
}

/* pns and dfpn on a game whose values are not outcomes: left out of
 * co->algos, each with a note. Returns 0, or EXIT_BAD_INPUT (after a
 * message) when no algorithm is left. */
static int leave_out_proofs(const gs_game_entry *entry, const void *inst,
                            const char *list, gs_compare_options *co,
                            notes *nt)
{
    char why[300] = "";
    int kept = 0;
    for (int i = 0; i < co->num_algos; i++) {
        gs_algo a = co->algos[i].algo;
        if ((a != GS_PNS && a != GS_DFPN) ||
            proves_outcomes(entry, inst, why)) {
            co->algos[kept++] = co->algos[i];
            continue;
        }
        char name[GS_COMPARE_NAME_SIZE];
        gs_compare_algo_name(&co->algos[i], name, sizeof name);
        if (nt->count < GS_COMPARE_MAX_ALGOS)
            snprintf(nt->text[nt->count++], sizeof nt->text[0],
                     "%s is left out: it proves a win, draw or loss, and %s.",
                     name, why);
    }
    co->num_algos = kept;
    if (kept == 0) {
        cli_error(CMD, "--algo '%s': proof-number search proves a win, draw "
                  "or loss, and %s",
                  CLI_Q(list), why);
        return EXIT_BAD_INPUT;
    }
    return 0;
}

/* Writes the JSON object through to standard output but its last three
 * bytes ("]}\n"), so that the notes can be added to it. */
typedef struct held {
    FILE *f;
    char tail[3];
    size_t len;
} held;

static int write_held(void *user, const char *text, size_t len)
{
    held *h = user;
    for (size_t i = 0; i < len; i++) {
        if (h->len == sizeof h->tail) {
            if (fputc(h->tail[0], h->f) == EOF)
                return 1;
            memmove(h->tail, h->tail + 1, sizeof h->tail - 1);
            h->len--;
        }
        h->tail[h->len++] = text[i];
    }
    return 0;
}

/* The comparison as JSON, with "notes" (a list of sentences) when an
 * algorithm was left out. */
static void json_write(const gs_compare *c, const options *o,
                       const notes *nt)
{
    if (nt->count == 0) {
        gs_compare_json_write(c, o->game, o->arg ? o->arg : "",
                              cli_file_write, stdout);
        return;
    }
    held h = {stdout, {0}, 0};
    gs_compare_json_write(c, o->game, o->arg ? o->arg : "", write_held, &h);
    fputs("],\"notes\":[", stdout);
    for (int i = 0; i < nt->count; i++) {
        if (i)
            putchar(',');
        cli_json_string(stdout, nt->text[i]);
    }
    fputs("]}\n", stdout);
}

/* Under the table: what expectimax's value is, when it was searched. */
static void expectimax_note(const gs_compare_options *co)
{
    for (int i = 0; i < co->num_algos; i++)
        if (co->algos[i].algo == GS_EXPECTIMAX) {
            printf("\nexpectimax takes every MIN player for a uniform random "
                   "mover: its value is\nthe expected score against such "
                   "a player, not the game's value.\n");
            return;
        }
}

/* Under the table: what the proofs' rows are, when there were any. */
static void proof_note(const gs_compare_options *co)
{
    for (int i = 0; i < co->num_algos; i++)
        if (co->algos[i].algo == GS_PNS || co->algos[i].algo == GS_DFPN) {
            printf("\npns and dfpn prove the outcome at the end of the game "
                   "(depth \"end\"): win,\ndraw or loss for MAX, or "
                   "\"not proved\" when --max-nodes stopped them.\n");
            return;
        }
}

int cmd_compare(int argc, char **argv)
{
    options o;
    int status = parse_options(argc, argv, &o);
    if (status)
        return status == 1 ? 0 : status;
    if (o.json && o.svg && strcmp(o.svg, "-") == 0) {
        cli_error(CMD, "--json and --svg - cannot both write to standard "
                  "output; give --svg a file name");
        return EXIT_BAD_INPUT;
    }
    subject subj;
    memset(&subj, 0, sizeof subj);
    char what[160];
    cli_outfile svg = CLI_OUTFILE_NONE;
    cli_outfile *const outs[] = {&svg};
    gs_compare *c = NULL;
    gs_compare_options co;
    gs_compare_options_init(&co);
    notes nt = {.count = 0};
    if ((status = open_subject(&o, &subj, what)) ||
        (status = parse_algos(o.algos, &subj.g.game, &co)) ||
        (status = leave_out_proofs(subj.g.entry, subj.g.inst, o.algos, &co,
                                     &nt)))
        goto out;
    status = EXIT_BAD_INPUT;
    const gs_game_entry *entry = subj.g.entry;
    entry->depths(subj.g.inst, subj.root, &co.min_depth, &co.max_depth);
    co.min_depth = o.lo ? o.lo : co.min_depth;
    co.max_depth = o.hi ? o.hi : co.max_depth;
    co.max_nodes = (uint64_t)o.max_nodes;
    for (int d = co.min_depth; o.hi && entry->check_depth && d <= co.max_depth;
         d++) {
        gs_error e;
        memset(&e, 0, sizeof e);
        if (entry->check_depth(subj.g.inst, d, &e) != GS_OK) {
            cli_error(CMD, "%s:%d:%d: %s (at depth %d)", o.arg, e.line,
                      e.column, e.message, d);
            goto out;
        }
    }
    if (!cli_outfile_open(CMD, &svg, "--svg", o.svg,
                          entry->source == GS_SOURCE_FILE ? o.arg : NULL,
                          "the tree file"))
        goto out;
    printer pr = {&co, 0};
    if (!o.json) {
        printf("%s\n%s", what, gs_compare_text_header());
        co.fn = print_row;
        co.user = &pr;
    }
    char why[GS_COMPARE_WHY_SIZE];
    int rc = gs_compare_run(&subj.g.game, subj.root, &co, NULL, &c, why);
    if (rc != GS_OK) {
        cli_error(CMD, "%s", why);
        status = rc == GS_EINVAL ? EXIT_BAD_INPUT : 1;
        goto out;
    }
    if (o.json) {
        json_write(c, &o, &nt);
    } else {
        expectimax_note(&co);
        proof_note(&co);
        for (int i = 0; i < nt.count; i++)
            printf("\n%s\n", nt.text[i]);
    }
    /* The chart names a tree by its file's name: a path is the reader's
     * own directory, not the subject. */
    char title[200];
    const char *base = o.arg ? strrchr(o.arg, '/') : NULL;
    if (entry->source == GS_SOURCE_FILE)
        snprintf(title, sizeof title, "Nodes searched: %s %s", entry->name,
                 CLI_Q(base ? base + 1 : o.arg));
    else
        snprintf(title, sizeof title, "Nodes searched: %s", what);
    status = svg.f ? cli_outfile_wrote(CMD, &svg,
                                       gs_compare_svg_scaled(c, title,
                                                             o.large ? 1.5 : 1,
                                                             cli_file_write,
                                                             svg.f) == 0)
                   : 0;
out:
    status = cli_outfile_commit(CMD, outs, 1, status);
    gs_compare_free(c);
    subject_free(&subj);
    return status;
}
