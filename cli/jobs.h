/*
 * cli/jobs.h: N independent jobs of uneven cost, handed out one at a time
 * to whichever thread (-j N) or rank of MPI (--mpi) asks next; each job
 * prints into memory, and what it printed is passed on in job order, so
 * that the output is one process's.
 *
 * Under --mpi, rank 0 reads the input and shares it; the other ranks print
 * nothing. Without MPI in the build, --mpi is refused.
 */
#ifndef GS_CLI_JOBS_H
#define GS_CLI_JOBS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* What one job printed on out, kept (from malloc, NUL after len). */
typedef struct cli_job_bytes {
    char *data;
    size_t len;
} cli_job_bytes;

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

typedef struct cli_jobs {
    const char *cmd;          /* for messages: "pacman" */
    const char *what;         /* a job in messages: "game" */
    size_t count;
    /* Runs job i on any thread or rank, printing into out and err;
     * returns its status (passed to take). Threads run it at once: what
     * each needs for itself is found by cli_jobs_worker(). */
    int (*run)(void *user, size_t i, FILE *out, FILE *err);
    /* Job after job in order (on rank 0): what job i printed. Nonzero
     * stops the run there (the later jobs are dropped). NULL: its out
     * bytes go to standard output (flushed job by job), or into keep[i]
     * when keep is set, then its err text to standard error; the run
     * stops after a job whose status has a bit of `stop`, and *bits
     * gathers the taken jobs' statuses (OR). */
    int (*take)(void *user, size_t i, int status, const char *out,
                size_t outlen, const char *err, size_t errlen);
    void *user;
    /* Optional, as soon as job i ends, in any order, before its take:
     * what it printed on out (a running count, for a progress line). */
    void (*done)(void *user, size_t i, int status, const char *out,
                 size_t outlen);
    int stop;                 /* without take, as above */
    cli_job_bytes *keep;      /* count of them, zeroed (or NULL) */
    int *bits;
} cli_jobs;

/* take, done and the tick below are called on one thread, one at a time. */

/*
 * Runs every job on `threads` threads (gs_jobs_run), calling tick (when
 * not NULL) every fifth of a second while waiting for the next job in
 * order. Returns 0 when every job was taken (or take stopped the run); 1
 * after a message when memory ran out.
 */
int cli_jobs_run_threads(const cli_jobs *jobs, int threads,
                         void (*tick)(void *user));
/* The thread running the job: 0 to threads - 1 (0 under MPI). */
int cli_jobs_worker(void);

/*
 * Runs every job: on the other ranks when there are some, else on this
 * one. Returns 0 when every job was taken (or take stopped the run);
 * 1 after a message saying which jobs were lost when a rank failed or
 * the run was stopped.
 */
int cli_mpi_run(const cli_jobs *jobs);

void cli_job_bytes_free(cli_job_bytes *keep, size_t count);

/* Rank 0's status and the size bytes at p to every rank (cli_mpi_share):
 * returns the status. */
int cli_mpi_share_value(int status, void *p, size_t size);

#endif /* GS_CLI_JOBS_H */
