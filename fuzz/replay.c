/*
 * fuzz/replay.c: runs saved inputs through a fuzz target without libFuzzer,
 * so that the test suite replays every input a fuzzer ever kept (its corpus
 * and the inputs of bugs it found) on every run, under any compiler and the
 * sanitizers.
 *
 * usage: replay_TARGET FILE|DIR...   (a directory: every file in it)
 * Exits 0 when every input ran (a broken invariant aborts), 2 when an input
 * cannot be read or there is none.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gamesearch/file.h"

#include "fuzz.h"

static int run_file(const char *path)
{
    char *buf;
    size_t n;
    gs_error err;
    if (gs_read_file(path, 0, NULL, &buf, &n, &err) != GS_OK) {
        fprintf(stderr, "replay: %s: %s\n", path, err.message);
        return -1;
    }
    /* A copy of exactly the input's size, so that the sanitizers see a
     * read past its end. */
    uint8_t *exact = malloc(n ? n : 1);
    if (!exact) {
        free(buf);
        fprintf(stderr, "replay: %s: out of memory\n", path);
        return -1;
    }
    if (n)
        memcpy(exact, buf, n);
    free(buf);
    LLVMFuzzerTestOneInput(exact, n);
    free(exact);
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Runs every regular file in dir, in name order; returns how many, or -1. */
static long run_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "replay: %s: cannot open the directory\n", dir);
        return -1;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    long count = 0;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 256;
            char **nn = realloc(names, cap * sizeof *nn);
            if (!nn) {
                count = -1;
                break;
            }
            names = nn;
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        if (!(names[n] = malloc(len))) {
            count = -1;
            break;
        }
        snprintf(names[n++], len, "%s/%s", dir, e->d_name);
    }
    closedir(d);
    if (count == 0 && n > 0)
        qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (count >= 0 && stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
            if (run_file(names[i]) != 0)
                count = -1;
            else
                count++;
        }
        free(names[i]);
    }
    free(names);
    if (count < 0)
        fprintf(stderr, "replay: %s: could not run every file\n", dir);
    return count;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
        return 2;
    }
    long total = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "replay: %s: no such file or directory\n", argv[i]);
            return 2;
        }
        long n = S_ISDIR(st.st_mode) ? run_dir(argv[i])
                                     : (run_file(argv[i]) == 0 ? 1 : -1);
        if (n < 0)
            return 2;
        total += n;
    }
    if (total == 0) {
        fprintf(stderr, "replay: no inputs found\n");
        return 2;
    }
    fprintf(stderr, "%ld inputs replayed\n", total);
    return 0;
}
