/*
 * cli/jobs.c: jobs handed out to threads or over MPI (jobs.h).
 *
 * Threads: the library's pool of gamesearch/jobs.h, each job printing
 * into memory of its own.
 *
 * MPI: a worker sends one message per job, the job's number, status and
 * printed bytes (the first message asks for work and carries none); rank 0
 * answers each with the next job's number, or -1 when there is no more.
 * Rank 0 polls with short sleeps rather than MPI's busy wait, so that it
 * costs no core while the others work.
 */
#include <inttypes.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gamesearch/jobs.h"

#include "jobs.h"
#include "util.h"

#ifdef GS_HAVE_MPI
#include <fcntl.h>
#include <mpi.h>
#include <unistd.h>
#endif

static bool mpi_on;
static int mpi_rank;
static _Thread_local int this_worker;

bool cli_mpi_on(void) { return mpi_on; }
bool cli_mpi_worker(void) { return mpi_rank > 0; }
int cli_jobs_worker(void) { return this_worker; }

/* A job's output: its status and bytes, until taken. */
typedef struct done_job {
    bool done;                /* it ran (ok or not) */
    bool ok;                  /* memory did not run out */
    int status;
    char *out, *err;
    size_t outlen, errlen;
} done_job;

/* Runs job i into memory; d->ok is false when memory ran out. */
static void run_job(const cli_jobs *j, size_t i, done_job *d)
{
    memset(d, 0, sizeof *d);
    FILE *out = open_memstream(&d->out, &d->outlen);
    FILE *err = open_memstream(&d->err, &d->errlen);
    d->ok = out && err;
    if (d->ok)
        d->status = j->run(j->user, i, out, err);
    if ((out && fclose(out) != 0) || (err && fclose(err) != 0))
        d->ok = false;
    d->done = true;
}

static void job_done(const cli_jobs *j, size_t i, const done_job *d)
{
    if (j->done && d->ok)
        j->done(j->user, i, d->status, d->out, d->outlen);
}

/* cli_jobs without take: job i's bytes passed on or kept. */
static int keep(const cli_jobs *j, size_t i, done_job *d)
{
    if (j->keep) {
        j->keep[i] = (cli_job_bytes){d->out, d->outlen};
        d->out = NULL;
    } else {
        fwrite(d->out, 1, d->outlen, stdout);
        fflush(stdout);
    }
    fwrite(d->err, 1, d->errlen, stderr);
    *j->bits |= d->status;
    return (d->status & j->stop) != 0;
}

/* Passes job i on: 0; 1 to stop; -1 after a message when it ran out of
 * memory. */
static int take(const cli_jobs *j, size_t i, done_job *d)
{
    int stop = -1;
    if (d->ok && !j->take)
        stop = keep(j, i, d);
    else if (d->ok)
        stop = j->take(j->user, i, d->status, d->out, d->outlen, d->err,
                       d->errlen) != 0;
    else
        cli_error(j->cmd, "out of memory");
    free(d->out);
    free(d->err);
    d->out = d->err = NULL;
    return stop;
}

/* ---- Threads: the library's pool (gamesearch/jobs.h) ---- */

typedef struct glue {
    const cli_jobs *j;
    done_job *jobs;
    void (*tick)(void *user);
    bool failed;              /* a job ran out of memory */
} glue;

static int glue_run(void *user, size_t i, int worker)
{
    glue *g = user;
    this_worker = worker;
    run_job(g->j, i, &g->jobs[i]);
    return g->jobs[i].status;
}

static void glue_done(void *user, size_t i, int status)
{
    glue *g = user;
    (void)status;
    job_done(g->j, i, &g->jobs[i]);
}

static int glue_take(void *user, size_t i, int status)
{
    glue *g = user;
    (void)status;
    int rc = take(g->j, i, &g->jobs[i]);
    g->failed |= rc < 0;
    return rc != 0;
}

static void glue_tick(void *user)
{
    glue *g = user;
    g->tick(g->j->user);
}

int cli_jobs_run_threads(const cli_jobs *j, int threads,
                         void (*tick)(void *user))
{
    glue g = {j, calloc(j->count ? j->count : 1, sizeof *g.jobs), tick,
              false};
    gs_jobs pool = {j->count, glue_run, glue_done, glue_take,
                    tick ? glue_tick : NULL, 200, &g};
    int st = g.jobs ? gs_jobs_run(&pool, threads, NULL) : GS_ENOMEM;
    if (st != GS_OK)
        cli_error(j->cmd, "%s", gs_strerror(st));
    for (size_t i = 0; g.jobs && i < j->count; i++) {
        free(g.jobs[i].out);
        free(g.jobs[i].err);
    }
    free(g.jobs);
    return st != GS_OK || g.failed;
}

#ifndef GS_HAVE_MPI

int cli_mpi_init(int argc, char **argv)
{
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (strcmp(argv[i], "--mpi") == 0) {
            cli_error(NULL, "--mpi: this gamesearch was built without MPI "
                      "(install Open MPI, libopenmpi-dev, and build it again)");
            return EXIT_BAD_INPUT;
        }
    return 0;
}

int cli_mpi_finish(int status) { return status; }

int cli_mpi_share(int status, char **data, size_t *len)
{
    (void)data;
    (void)len;
    return status;
}

#else

enum { TAG_RESULT = 1, TAG_JOB = 2 };

static int mpi_size = 1;

/* What a worker sends before a job's bytes. */
typedef struct job_header {
    int64_t job;              /* -1: the first request */
    int64_t status;
    uint64_t outlen, errlen;
} job_header;

static bool mpi_failed;

/* What rank 0 says when mpirun stops it (SIGTERM: a rank failed or was
 * killed) or it is interrupted, kept up to date while jobs run, for the
 * signal handler to write: "gamesearch CMD: --mpi: " WHY TAIL. Two
 * copies, so that the handler never reads one being written. */
static char lost_head[96], lost_tail[2][400];
static volatile sig_atomic_t lost_which = -1;

static void put(const char *s)
{
    size_t n = strlen(s);
    while (n > 0) {
        ssize_t w = write(STDERR_FILENO, s, n);
        if (w <= 0)
            return;
        s += w;
        n -= (size_t)w;
    }
}

static void on_signal(int sig)
{
    int which = lost_which;
    if (which < 0) {
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    put(lost_head);
    put(sig == SIGTERM ? "a rank failed or was killed" : "interrupted");
    put(lost_tail[which]);
    /* mpirun kills a second later; what was written reaches the user
     * through it only while this rank lives, and late on a loaded
     * machine. */
    nanosleep(&(struct timespec){0, 700000000L}, NULL);
    _exit(1);
}

int cli_mpi_init(int argc, char **argv)
{
    bool want = false;
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
        want = want || strcmp(argv[i], "--mpi") == 0;
    if (!want)
        return 0;
    int provided;
    if (MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided) !=
        MPI_SUCCESS) {
        cli_error(NULL, "--mpi: MPI could not start");
        return 1;
    }
    mpi_on = true;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &mpi_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &mpi_size);
    if (mpi_rank > 0) {
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) {
            dup2(null, STDOUT_FILENO);
            dup2(null, STDERR_FILENO);
            close(null);
        }
    } else {
        /* mpirun stops every rank with SIGTERM when one fails: rank 0
         * then says what was lost before it goes. */
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigaction(SIGTERM, &sa, NULL);
        sigaction(SIGINT, &sa, NULL);
        sigaction(SIGHUP, &sa, NULL);
    }
    return 0;
}

int cli_mpi_finish(int status)
{
    if (!mpi_on)
        return status;
    if (mpi_failed) {
        /* The other ranks may never reach MPI_Finalize: stop them all. */
        fflush(stdout);
        fflush(stderr);
        MPI_Abort(MPI_COMM_WORLD, status ? status : 1);
    }
    MPI_Finalize();
    return status;
}

/* A worker's or rank 0's MPI call failed. */
static int mpi_error(const char *cmd, const char *what, int rc)
{
    char text[MPI_MAX_ERROR_STRING];
    int n = 0;
    if (MPI_Error_string(rc, text, &n) != MPI_SUCCESS)
        snprintf(text, sizeof text, "error %d", rc);
    cli_error(cmd, "--mpi: %s: %s", what, text);
    mpi_failed = true;
    return 1;
}

int cli_mpi_share(int status, char **data, size_t *len)
{
    if (!mpi_on)
        return status;
    uint64_t head[2] = {(uint64_t)status, mpi_rank == 0 && status == 0 ?
                                          (uint64_t)*len : 0};
    int rc = MPI_Bcast(head, 2, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    if (rc != MPI_SUCCESS)
        return mpi_error(NULL, "sharing the input", rc);
    status = (int)head[0];
    if (status != 0)
        return status;
    if (mpi_rank > 0) {
        *len = (size_t)head[1];
        if (!(*data = malloc(*len + 1)))
            return mpi_error(NULL, "sharing the input", MPI_ERR_NO_MEM);
        (*data)[*len] = '\0';
    }
    for (size_t at = 0; at < *len; at += (size_t)1 << 30) {
        size_t n = *len - at < (size_t)1 << 30 ? *len - at : (size_t)1 << 30;
        rc = MPI_Bcast(*data + at, (int)n, MPI_BYTE, 0, MPI_COMM_WORLD);
        if (rc != MPI_SUCCESS)
            return mpi_error(NULL, "sharing the input", rc);
    }
    return 0;
}

/* The test suite's failing rank: GS_MPI_TEST_EXIT=RANK:JOB makes rank
 * RANK exit when handed job JOB (0-based) or a later one, as a crash
 * would. */
static void test_exit(size_t job)
{
    const char *e = getenv("GS_MPI_TEST_EXIT");
    long rank, at;
    if (e && sscanf(e, "%ld:%ld", &rank, &at) == 2 && rank == mpi_rank &&
        at <= (long)job)
        _exit(3);
}

/* A worker: asks for a job, runs it, sends its output with the next
 * request, until told -1. */
static int serve(const cli_jobs *j)
{
    job_header h = {-1, 0, 0, 0};
    char *msg = NULL;
    size_t msglen = sizeof h;
    for (;;) {
        int rc = MPI_Send(msg ? msg : (char *)&h, (int)msglen, MPI_BYTE, 0,
                          TAG_RESULT, MPI_COMM_WORLD);
        free(msg);
        msg = NULL;
        int64_t next;
        if (rc == MPI_SUCCESS)
            rc = MPI_Recv(&next, 1, MPI_INT64_T, 0, TAG_JOB, MPI_COMM_WORLD,
                          MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS)
            return mpi_error(j->cmd, "talking to rank 0", rc);
        if (next < 0)
            return 0;
        test_exit((size_t)next);
        done_job d;
        run_job(j, (size_t)next, &d);
        h = (job_header){next, d.status, d.outlen, d.errlen};
        msglen = sizeof h + d.outlen + d.errlen;
        if (!d.ok || msglen > INT32_MAX || !(msg = malloc(msglen))) {
            free(d.out);
            free(d.err);
            return mpi_error(j->cmd, "a job's output", MPI_ERR_NO_MEM);
        }
        memcpy(msg, &h, sizeof h);
        memcpy(msg + sizeof h, d.out, d.outlen);
        memcpy(msg + sizeof h + d.outlen, d.err, d.errlen);
        free(d.out);
        free(d.err);
    }
}

/* What is lost if the run stops now, for the signal handler and
 * say_lost: ": games 4 to 10 (7 of 10) were not printed; rank 1 was on
 * game 4; the output above is incomplete\n". */
static void note_lost(const cli_jobs *j, size_t printed,
                      const int64_t *busy)
{
    int which = lost_which == 0 ? 1 : 0;
    char *t = lost_tail[which];
    size_t size = sizeof lost_tail[0], at;
    at = (size_t)snprintf(t, size, ": %ss %zu to %zu (%zu of %zu) were not "
                          "printed", j->what, printed + 1, j->count,
                          j->count - printed, j->count);
    for (int r = 1, first = 1; r < mpi_size && at < size - 100; r++)
        if (busy[r] >= 0) {
            at += (size_t)snprintf(t + at, size - at, "%s rank %d was on "
                                   "%s %" PRId64, first ? ";" : ",", r,
                                   j->what, busy[r] + 1);
            first = 0;
        }
    snprintf(t + at, size - at, "; the output above is incomplete\n");
    lost_which = which;
}

/* Rank 0 after a failure it saw itself: what was lost. */
static void say_lost(const char *why)
{
    fflush(stdout);
    put(lost_head);
    put(why);
    put(lost_tail[lost_which]);
    mpi_failed = true;
}

/* Rank 0 with workers: hands out jobs, prints what comes back in order. */
static int coordinate(const cli_jobs *j)
{
    done_job *jobs = calloc(j->count ? j->count : 1, sizeof *jobs);
    int64_t *busy = malloc((size_t)mpi_size * sizeof *busy);
    if (!jobs || !busy) {
        free(jobs);
        free(busy);
        mpi_failed = true;
        cli_error(j->cmd, "out of memory");
        return 1;
    }
    for (int r = 0; r < mpi_size; r++)
        busy[r] = -1;
    snprintf(lost_head, sizeof lost_head, "gamesearch %s: --mpi: ", j->cmd);
    note_lost(j, 0, busy);
    size_t next = 0, printed = 0;
    int working = mpi_size - 1, status = 0;
    bool stop = false;
    long nap = 0;
    while (working > 0) {
        int flag = 0, rc;
        MPI_Status st;
        rc = MPI_Iprobe(MPI_ANY_SOURCE, TAG_RESULT, MPI_COMM_WORLD, &flag, &st);
        if (rc != MPI_SUCCESS) {
            status = mpi_error(j->cmd, "waiting for the ranks", rc);
            break;
        }
        if (!flag) {
            /* Sleep a little longer each time, up to a millisecond. */
            nap = nap < 1000000 ? nap + 50000 : nap;
            nanosleep(&(struct timespec){0, nap}, NULL);
            continue;
        }
        nap = 0;
        int n;
        MPI_Get_count(&st, MPI_BYTE, &n);
        char *msg = malloc(n > 0 ? (size_t)n : 1);
        if (!msg) {
            status = mpi_error(j->cmd, "a job's output", MPI_ERR_NO_MEM);
            break;
        }
        rc = MPI_Recv(msg, n, MPI_BYTE, st.MPI_SOURCE, TAG_RESULT,
                      MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        job_header h;
        if (rc == MPI_SUCCESS && (size_t)n >= sizeof h)
            memcpy(&h, msg, sizeof h);
        if (rc != MPI_SUCCESS || (size_t)n < sizeof h ||
            h.job != busy[st.MPI_SOURCE] ||
            (size_t)n != sizeof h + h.outlen + h.errlen) {
            free(msg);
            status = rc != MPI_SUCCESS ? mpi_error(j->cmd, "receiving", rc)
                     : mpi_error(j->cmd, "receiving", MPI_ERR_TRUNCATE);
            break;
        }
        if (h.job >= 0) {
            done_job *d = &jobs[h.job];
            d->done = d->ok = true;
            d->status = (int)h.status;
            d->outlen = h.outlen;
            d->errlen = h.errlen;
            if (!(d->out = malloc(h.outlen + 1)) ||
                !(d->err = malloc(h.errlen + 1))) {
                free(msg);
                status = mpi_error(j->cmd, "a job's output", MPI_ERR_NO_MEM);
                break;
            }
            memcpy(d->out, msg + sizeof h, h.outlen);
            d->out[h.outlen] = '\0';
            memcpy(d->err, msg + sizeof h + h.outlen, h.errlen);
            job_done(j, (size_t)h.job, d);
        }
        free(msg);
        while (!stop && printed < j->count && jobs[printed].done) {
            if (take(j, printed, &jobs[printed]) != 0)
                stop = true;
            printed++;
        }
        fflush(stdout);
        int64_t give = -1;
        if (!stop && next < j->count)
            give = (int64_t)next++;
        else
            working--;
        busy[st.MPI_SOURCE] = give;
        note_lost(j, printed, busy);
        rc = MPI_Send(&give, 1, MPI_INT64_T, st.MPI_SOURCE, TAG_JOB,
                      MPI_COMM_WORLD);
        if (rc != MPI_SUCCESS) {
            status = mpi_error(j->cmd, "handing out work", rc);
            break;
        }
    }
    if (status == 0 && !stop && printed < j->count) {
        say_lost("a rank sent nothing back");
        status = 1;
    } else if (status != 0) {
        say_lost("the run stopped");
    }
    lost_which = -1;
    for (size_t i = 0; i < j->count; i++) {
        free(jobs[i].out);
        free(jobs[i].err);
    }
    free(jobs);
    free(busy);
    return status;
}

#endif /* GS_HAVE_MPI */

int cli_mpi_run(const cli_jobs *j)
{
#ifdef GS_HAVE_MPI
    if (mpi_on && mpi_size > 1)
        return mpi_rank == 0 ? coordinate(j) : serve(j);
#endif
    return cli_jobs_run_threads(j, 1, NULL);
}

void cli_job_bytes_free(cli_job_bytes *keep, size_t count)
{
    for (size_t i = 0; keep && i < count; i++)
        free(keep[i].data);
    free(keep);
}

int cli_mpi_share_value(int status, void *p, size_t size)
{
    char *data = NULL;
    size_t len = size;
    if (!cli_mpi_on())
        return status;
    if (!cli_mpi_worker() && status == 0) {
        if (!(data = malloc(len)))
            status = 1;
        else
            memcpy(data, p, len);
    }
    if ((status = cli_mpi_share(status, &data, &len)) == 0 && len == size)
        memcpy(p, data, len);
    free(data);
    return status;
}
