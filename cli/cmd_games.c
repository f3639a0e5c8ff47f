/*
 * gamesearch games: the games of the registry (gamesearch/registry.h),
 * each with a line about it, its parameters and their defaults, as text
 * or as JSON.
 */
#include <stdio.h>

#include "gamesearch/gamesearch.h"
#include "gamesearch/registry.h"
#include "commands.h"
#include "options.h"

#define CMD "games"

typedef struct games_options {
    bool json;
} games_options;

static const cli_opt games_opts[] = {
    CLI_OPT("json", 0, FLAG, CLI_AT(games_options, json)),
    CLI_OPT("help", 'h', HELP, CLI_NOWHERE),
};

/* Returns 0, 1 (help printed) or EXIT_BAD_INPUT. */
static int parse_options(int argc, char **argv, games_options *o)
{
    *o = (games_options){.json = false};
    cli_parser p = {.cmd = CMD, CLI_TABLE(games_opts), .target = o,
                    .help = "games"};
    return cli_opts_parse(&p, argc, argv);
}

int cmd_games_options(int argc, char **argv)
{
    games_options o;
    return parse_options(argc, argv, &o);
}

static const char *source_name(gs_game_source s)
{
    return s == GS_SOURCE_FILE ? "file" : s == GS_SOURCE_LAYOUT ? "layout"
                                                                : NULL;
}

static void print_text(const gs_game_entry *e)
{
    printf("%-9s %s\n", e->name, e->summary);
    if (e->source == GS_SOURCE_FILE)
        printf("            made from a file (gamesearch compare %s FILE)\n",
               e->name);
    else if (e->source == GS_SOURCE_LAYOUT)
        printf("            made from a layout (default %s)\n",
               e->source_default);
    for (int i = 0; i < e->num_params; i++) {
        char kv[64];
        snprintf(kv, sizeof kv, "%s=%s", e->params[i].name,
                 e->params[i].value);
        printf("            %-14s %s\n", kv, e->params[i].help);
    }
    printf("            tools: %s%s\n",
           e->flags & GS_GAME_TWO_PLAYER ? "compare, match" : "compare",
           e->num_bench ? ", bench" : "");
}

static void print_json(const gs_game_entry *e, bool first)
{
    printf("%s{\"name\": ", first ? "" : ", ");
    cli_json_string(stdout, e->name);
    printf(", \"title\": ");
    cli_json_string(stdout, e->title);
    printf(", \"summary\": ");
    cli_json_string(stdout, e->summary);
    printf(", \"source\": ");
    if (source_name(e->source))
        cli_json_string(stdout, source_name(e->source));
    else
        printf("null");
    printf(", \"params\": [");
    for (int i = 0; i < e->num_params; i++) {
        printf("%s{\"name\": ", i ? ", " : "");
        cli_json_string(stdout, e->params[i].name);
        printf(", \"default\": ");
        cli_json_string(stdout, e->params[i].value);
        printf(", \"help\": ");
        cli_json_string(stdout, e->params[i].help);
        printf("}");
    }
    printf("], \"match\": %s, \"bench\": %d}",
           e->flags & GS_GAME_TWO_PLAYER ? "true" : "false", e->num_bench);
}

int cmd_games(int argc, char **argv)
{
    games_options o;
    int rc = parse_options(argc, argv, &o);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (o.json)
        printf("[");
    for (int i = 0; i < gs_registry_count(); i++) {
        if (o.json)
            print_json(gs_registry_at(i), i == 0);
        else
            print_text(gs_registry_at(i));
    }
    if (o.json)
        printf("]\n");
    return 0;
}
