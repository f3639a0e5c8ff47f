/* cli/commands.c: the table of gamesearch's subcommands. */
#include "commands.h"

const cli_command cli_commands[] = {
    {"tree", cmd_tree, cmd_tree_options},
    {"ttt", cmd_ttt, cmd_ttt_options},
    {"mnk", cmd_mnk, cmd_mnk_options},
    {"gomoku", cmd_gomoku, cmd_gomoku_options},
    {"connect4", cmd_connect4, cmd_connect4_options},
    {"pacman", cmd_pacman, cmd_pacman_options},
    {"compare", cmd_compare, cmd_compare_options},
    {"bench", cmd_bench, cmd_bench_options},
    {"match", cmd_match, cmd_match_options},
    {"games", cmd_games, cmd_games_options},
    {"web", cmd_web, cmd_web_options},
    {"mnkp", cmd_mnkp, cmd_mnkp_options},
};

const size_t cli_num_commands = sizeof cli_commands / sizeof cli_commands[0];
