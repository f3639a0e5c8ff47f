/* cli/commands.h: the subcommands of the gamesearch program. Each takes the
 * arguments from its own name on and returns the exit status. */
#ifndef GS_CLI_COMMANDS_H
#define GS_CLI_COMMANDS_H

int cmd_tree(int argc, char **argv);
int cmd_ttt(int argc, char **argv);
int cmd_mnk(int argc, char **argv);
int cmd_gomoku(int argc, char **argv);
int cmd_connect4(int argc, char **argv);
int cmd_pacman(int argc, char **argv);
int cmd_bench(int argc, char **argv);

#endif /* GS_CLI_COMMANDS_H */
