/*
 * cli/mpi_jobs.h: a command run as the ranks of MPI (--mpi). Rank 0 reads
 * the input and shares it; the work is N independent jobs of uneven cost,
 * handed out one at a time to whichever rank asks next; rank 0 collects
 * what each job printed and passes it on in job order, so that the output
 * is one process's. The other ranks print nothing. Without MPI in the
 * build, --mpi is refused.
 */
#ifndef GS_CLI_MPI_JOBS_H
#define GS_CLI_MPI_JOBS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Starts MPI when argv holds --mpi (before any "--"): every rank but 0
 * then writes nothing on standard output and error. Returns 0, or
 * EXIT_BAD_INPUT after a message when this gamesearch has no MPI. */
int cli_mpi_init(int argc, char **argv);
/* Ends MPI; returns the process's exit status. */
int cli_mpi_finish(int status);
/* --mpi is on; this rank is not rank 0 (it must not write files). */
bool cli_mpi_on(void);
bool cli_mpi_worker(void);

/* Rank 0's status and bytes (*data, *len, from malloc) to every rank:
 * collective. Returns the status (rank 0's); on the other ranks *data is
 * theirs when it is 0. Without --mpi, returns status. */
int cli_mpi_share(int status, char **data, size_t *len);

typedef struct cli_mpi_jobs {
    const char *cmd;          /* for messages: "pacman" */
    const char *what;         /* a job in messages: "game" */
    size_t count;
    /* Runs job i on any rank, printing into out and err; returns its
     * status (passed to take). */
    int (*run)(void *user, size_t i, FILE *out, FILE *err);
    /* On rank 0, job after job in order: what job i printed. Nonzero
     * stops the run there (the later jobs are dropped). */
    int (*take)(void *user, size_t i, int status, const char *out,
                size_t outlen, const char *err, size_t errlen);
    void *user;
} cli_mpi_jobs;

/*
 * Runs every job: on the other ranks when there are some, else on this
 * one. Returns 0 when every job was taken (or take stopped the run);
 * 1 after a message saying which jobs were lost when a rank failed or
 * the run was stopped.
 */
int cli_mpi_run(const cli_mpi_jobs *jobs);

#endif /* GS_CLI_MPI_JOBS_H */
