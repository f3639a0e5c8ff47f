/*
 * cli/outfile.h: every file an output option writes (tree --dot/--html,
 * compare --svg, pacman --record/--json/--html, connect4 book --out), by
 * one rule:
 *
 * - "-" is standard output. Whatever else the command prints goes to
 *   standard error from then on, so that standard output holds the file
 *   alone.
 * - A regular file (or a name not taken yet) is written to a temporary
 *   file beside it, in the same directory, and renamed over it only when
 *   the run succeeded and every byte reached the disk. A symbolic link is
 *   followed: the file it names is replaced, the link kept; a file that
 *   existed keeps its mode (a new one gets the umask's) and, as far as
 *   the process may give them (root: always), its owner and group. A run
 *   that fails leaves the old file as it was.
 * - A device or a named pipe (/dev/null, /dev/full, <(...)) is written in
 *   place: there is nothing to replace.
 *
 * Every output is opened before the work, so that one that cannot be
 * created (a missing directory, one not writable) stops the run at once
 * with the system's reason and exit status 2.
 */
#ifndef GS_CLI_OUTFILE_H
#define GS_CLI_OUTFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct cli_outfile {
    const char *option;    /* "--dot", as the messages name it */
    const char *path;      /* as given; "-" for standard output */
    FILE *f;               /* where to write; NULL when not open */
    char *target;          /* the file renamed over (links followed), or
                              NULL when written in place */
    char *temp;            /* the temporary file beside it, or NULL */
} cli_outfile;

/* An output that is not open: cli_outfile out = CLI_OUTFILE_NONE. */
#define CLI_OUTFILE_NONE {NULL, NULL, NULL, NULL, NULL}

/*
 * Opens path (NULL: nothing, true) for `option` into *out, as the rule
 * above says. First refused: a path that names the file `input` (NULL or
 * "-": none; "OPTION PATH names WHAT: give another name", WHAT as "the
 * input file"), and a regular file that standard output goes to
 * ("OPTION PATH is also standard output: give another name"). Returns
 * true, or false after "gamesearch CMD: OPTION PATH: cannot write:
 * REASON" (the system's reason) or one of those messages: the caller
 * exits with status 2.
 */
bool cli_outfile_open(const char *cmd, cli_outfile *out, const char *option,
                      const char *path, const char *input, const char *what);

/*
 * What a writer's result means for out, its text flushed out of the
 * program: 0 when it wrote everything; else 1 after "gamesearch CMD:
 * OPTION PATH: cannot write: REASON" when a write failed, or
 * "gamesearch CMD: OPTION PATH: out of memory" (a writer fails on its own
 * only for want of memory). Nothing when out is not open (0).
 */
int cli_outfile_wrote(const char *cmd, cli_outfile *out, bool wrote);

/*
 * Ends a run that wrote the n outputs of outs (those not open are
 * skipped) and ended with `status`. With status 0, every output is
 * flushed to the disk first, then every temporary file renamed into
 * place; an output that fails says "gamesearch CMD: OPTION PATH: cannot
 * write: REASON" and no temporary file is renamed after it. Otherwise
 * (or after such a failure) every temporary file is removed, the old
 * files untouched. Returns the run's status: 1 after a failure here.
 * Every output is closed afterwards.
 */
int cli_outfile_commit(const char *cmd, cli_outfile *const *outs, size_t n,
                       int status);

/* Closes out without keeping what was written (nothing if never opened):
 * its temporary file is removed. */
void cli_outfile_discard(cli_outfile *out);

#endif /* GS_CLI_OUTFILE_H */
