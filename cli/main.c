/* gamesearch: the command-line program. Dispatches to one subcommand. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "gamesearch/core.h"

#include "commands.h"
#include "jobs.h"
#include "util.h"
#include "web.h"

static int run(int argc, char **argv)
{
    if (argc < 2) {
        cli_help(stderr, "gamesearch");
        return EXIT_BAD_INPUT;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0 ||
        strcmp(cmd, "help") == 0) {
        if (argc > 2 && strcmp(cmd, "help") == 0) {
            char *help_argv[] = {argv[2], (char *)"--help", NULL};
            for (size_t i = 0; i < cli_num_commands; i++)
                if (strcmp(argv[2], cli_commands[i].name) == 0)
                    return cli_commands[i].run(2, help_argv);
            cli_error(NULL, "unknown command '%s' (see gamesearch --help)", CLI_Q(argv[2]));
            return EXIT_BAD_INPUT;
        }
        return cli_help(stdout, "gamesearch");
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("gamesearch %s\n", gs_version());
        return 0;
    }
    for (size_t i = 0; i < cli_num_commands; i++)
        if (strcmp(cmd, cli_commands[i].name) == 0)
            return cli_commands[i].run(argc - 1, argv + 1);
    cli_error(NULL, "unknown command '%s' (see gamesearch --help)", cmd);
    return EXIT_BAD_INPUT;
}

/* A standard descriptor closed at the start (">&-") would be taken by the
 * first file the command opens: a --record or --json file would then get
 * standard output's lines too, and the command would succeed. Each closed
 * one is held by /dev/null opened the wrong way round (standard input for
 * writing, the outputs for reading), so that using it still fails with
 * EBADF, as on the closed descriptor. */
static void hold_closed_std_fds(void)
{
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
            continue;
        /* The lower ones are open by now: the lowest free one is fd. */
        (void)open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
    }
}

/* Every command's status, after the check that all its standard output
 * reached its destination: a full disk or a closed pipe is an error, never
 * a silent success. */
int main(int argc, char **argv)
{
    hold_closed_std_fds();
    int status = cli_mpi_init(argc, argv);
    if (status == 0)
        status = run(argc, argv);
    return cli_mpi_finish(cli_close_stdout(status));
}
