/*
 * fuzz_options: the command line of every subcommand. The input is split
 * at NUL bytes into arguments; its first byte chooses the subcommand. The
 * subcommand's own option reader (the one it runs with) must answer 0, 1
 * (help) or 2 (bad input) and never crash; nothing is run.
 */
#include <string.h>

#include "commands.h"
#include "util.h"
#include "fuzz.h"

#define MAX_INPUT 1024
#define MAX_ARGS 32

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > MAX_INPUT)
        return 0;
    const cli_command *c = &cli_commands[data[0] % cli_num_commands];
    /* Arguments as a program receives them: each its own string. */
    char *copy = malloc(size);
    FUZZ_CHECK(copy != NULL);
    memcpy(copy, data + 1, size - 1);
    copy[size - 1] = '\0';
    char name[32];
    snprintf(name, sizeof name, "%s", c->name);
    char *argv[MAX_ARGS + 2];
    int argc = 0;
    argv[argc++] = name;
    size_t start = 0;
    for (size_t i = 0; i < size && argc <= MAX_ARGS; i++) {
        if (copy[i] == '\0') {
            if (i < size - 1 || i > start)
                argv[argc++] = copy + start;
            start = i + 1;
        }
    }
    argv[argc] = NULL;
    fflush(stdout);
    FILE *out = freopen("/dev/null", "w", stdout);
    FUZZ_CHECK(out != NULL);
    int rc = c->options(argc, argv);
    FUZZ_CHECK(rc == 0 || rc == 1 || rc == EXIT_BAD_INPUT);
    free(copy);
    return 0;
}
