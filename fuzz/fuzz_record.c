/*
 * fuzz_record: Pacman record files (gs_pac_record_parse, and the whole of
 * `gamesearch pacman --replay`). A record that parses is written back and
 * read again to the same record (its maze without the blanks that end its
 * lines), and what is written once is written again the same. Every input
 * is also replayed by the command itself, quietly, which checks its games
 * against the rules: it must answer 0 or 2 (bad input), never anything
 * else.
 */
#include <string.h>
#include <unistd.h>

#include "gamesearch/gamesearch.h"
#include "commands.h"
#include "util.h"
#include "fuzz.h"

#define MAX_INPUT 8192

static void same_record(const gs_pac_record *a, const gs_pac_record *b)
{
    /* The maze is written without the blanks that end its lines, so it
     * is compared as written (in LLVMFuzzerTestOneInput). */
    FUZZ_CHECK(strcmp(a->layout_name, b->layout_name) == 0);
    FUZZ_CHECK(a->ghosts == b->ghosts && a->ghost_kind == b->ghost_kind);
    FUZZ_CHECK(strcmp(a->pacman, b->pacman) == 0);
    FUZZ_CHECK((a->agent_args == NULL) == (b->agent_args == NULL));
    if (a->agent_args)
        FUZZ_CHECK(strcmp(a->agent_args, b->agent_args) == 0);
    FUZZ_CHECK(a->seed_is_string == b->seed_is_string);
    FUZZ_CHECK(a->seed_per_game == b->seed_per_game);
    FUZZ_CHECK(a->seed_random == b->seed_random);
    if (!a->seed_is_string)
        FUZZ_CHECK(a->seed == b->seed);
    FUZZ_CHECK(a->max_moves == b->max_moves);
    FUZZ_CHECK(a->ngames == b->ngames);
    for (size_t g = 0; g < a->ngames; g++) {
        const gs_pac_game_log *x = &a->games[g], *y = &b->games[g];
        FUZZ_CHECK(x->result == y->result && x->score == y->score);
        FUZZ_CHECK(x->training == y->training && x->n == y->n);
        FUZZ_CHECK(x->n == 0 || memcmp(x->actions, y->actions, x->n) == 0);
    }
}

static int to_file(void *user, const char *text, size_t len)
{
    return fwrite(text, 1, len, user) == len ? 0 : -1;
}

/* The record as gs_pac_record_write writes it (malloc'd, *len bytes). */
static char *written(const gs_pac_record *rec, size_t *len)
{
    char *text = NULL;
    FILE *f = open_memstream(&text, len);
    FUZZ_CHECK(f != NULL);
    FUZZ_CHECK(gs_pac_record_write(rec, to_file, f) == GS_OK);
    FUZZ_CHECK(fclose(f) == 0);
    return text;
}

/* The command's replay of the input, from a file of its own. */
static void replay_command(const uint8_t *data, size_t size)
{
    char path[64];
    snprintf(path, sizeof path, "/tmp/gamesearch-fuzz-record-%ld.txt",
             (long)getpid());
    FILE *f = fopen(path, "wb");
    FUZZ_CHECK(f != NULL);
    FUZZ_CHECK(fwrite(data, 1, size, f) == size);
    FUZZ_CHECK(fclose(f) == 0);
    char *argv[] = {(char *)"pacman", (char *)"--replay", path, (char *)"-q",
                    NULL};
    /* What --replay -q prints is not the point here. */
    fflush(stdout);
    FILE *out = freopen("/dev/null", "w", stdout);
    FUZZ_CHECK(out != NULL);
    int rc = cmd_pacman(4, argv);
    FUZZ_CHECK(rc == 0 || rc == EXIT_BAD_INPUT);
    remove(path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > MAX_INPUT)
        return 0;
    gs_pac_record rec, again;
    gs_error err;
    memset(&err, 0xAA, sizeof err);
    int rc = gs_pac_record_parse((const char *)data, size, NULL, &rec, &err);
    FUZZ_CHECK(rc == GS_OK || rc == GS_EPARSE);
    if (rc != GS_OK) {
        FUZZ_CHECK(memchr(err.message, '\0', sizeof err.message));
        FUZZ_CHECK(err.message[0] != '\0');
        FUZZ_CHECK(err.line >= 0 && err.column >= 0);
    } else {
        size_t len, len2;
        char *text = written(&rec, &len);
        FUZZ_CHECK(gs_pac_record_parse(text, len, NULL, &again, &err) ==
                   GS_OK);
        same_record(&rec, &again);
        /* What is written once reads back to itself. */
        char *text2 = written(&again, &len2);
        FUZZ_CHECK(len2 == len && memcmp(text, text2, len) == 0);
        gs_pac_record_free(&again);
        free(text2);
        free(text);
    }
    gs_pac_record_free(&rec);
    replay_command(data, size);
    return 0;
}
