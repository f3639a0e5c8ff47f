/* cli/commands.h: the subcommands of the gamesearch program. Each takes the
 * arguments from its own name on and returns the exit status. */
#ifndef GS_CLI_COMMANDS_H
#define GS_CLI_COMMANDS_H

#include <stddef.h>

int cmd_tree(int argc, char **argv);
int cmd_ttt(int argc, char **argv);
int cmd_mnk(int argc, char **argv);
int cmd_gomoku(int argc, char **argv);
int cmd_connect4(int argc, char **argv);
int cmd_pacman(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_match(int argc, char **argv);
int cmd_games(int argc, char **argv);
int cmd_web(int argc, char **argv);
int cmd_mnkp(int argc, char **argv);

/*
 * The same commands' option readers: each reads the options exactly as its
 * command does, with the same messages, and stops there (no file is read
 * or written, nothing is searched). Returns 0, 1 when the help was printed,
 * or EXIT_BAD_INPUT after a message.
 */
int cmd_tree_options(int argc, char **argv);
int cmd_ttt_options(int argc, char **argv);
int cmd_mnk_options(int argc, char **argv);
int cmd_gomoku_options(int argc, char **argv);
int cmd_connect4_options(int argc, char **argv);
int cmd_pacman_options(int argc, char **argv);
int cmd_compare_options(int argc, char **argv);
int cmd_bench_options(int argc, char **argv);
int cmd_match_options(int argc, char **argv);
int cmd_games_options(int argc, char **argv);
int cmd_web_options(int argc, char **argv);
int cmd_mnkp_options(int argc, char **argv);

typedef struct cli_command {
    const char *name;
    int (*run)(int argc, char **argv);
    int (*options)(int argc, char **argv);
} cli_command;

/* Every subcommand, in the order of `gamesearch --help`. */
extern const cli_command cli_commands[];
extern const size_t cli_num_commands;

#endif /* GS_CLI_COMMANDS_H */
