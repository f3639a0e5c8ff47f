/*
 * games/pacman/record.c: record files of played Pacman games (what
 * `gamesearch pacman --record` writes and --replay reads): a header, the
 * maze itself, then every game's single-agent actions. The format is
 * described in docs/pacman-record.md; in short:
 *
 *   gamesearch-pacman-record 1
 *   pacman: GreedyAgent
 *   ghosts: 2 RandomGhost
 *   seed: string cs188
 *   games: 1
 *   layout: 5 spiral
 *   <5 lines of the maze>
 *   game 1 result=Win score=532 moves=31
 *   West South East        <- one round a line: Pacman, then each ghost
 *   end
 *
 * This file reads and writes the syntax; gs_pac_record_check (play.c)
 * replays the games through the rules and checks their results. The
 * reader works on text in memory, the writer hands its text to a callback:
 * neither touches a file.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/pacman_play.h"
#include "gamesearch/text.h"
#include "play_internal.h"

#define RECORD_MAGIC "gamesearch-pacman-record"
#define RECORD_VERSION 1

static const char *const result_names[] = {"Loss", "Win", "Stopped"};

/* ---- Records in memory ---- */

void gs_pac_record_init(gs_pac_record *rec, const gs_allocator *alloc)
{
    memset(rec, 0, sizeof *rec);
    rec->alloc = alloc ? *alloc : *gs_default_allocator();
}

static void free_string(gs_pac_record *rec, char **s)
{
    if (*s)
        pac_mem_free(&rec->alloc, *s, strlen(*s) + 1);
    *s = NULL;
}

void gs_pac_record_free(gs_pac_record *rec)
{
    const gs_allocator *a = &rec->alloc;
    for (size_t i = 0; i < rec->ngames; i++) {
        gs_pac_game_log *g = &rec->games[i];
        pac_mem_free(a, g->actions, g->cap);
        pac_mem_free(a, g->line, g->pos_cap * sizeof *g->line);
        pac_mem_free(a, g->col, g->pos_cap * sizeof *g->col);
        pac_mem_free(a, g->decisions, g->dcap * sizeof *g->decisions);
    }
    pac_mem_free(a, rec->games, rec->cap * sizeof *rec->games);
    free_string(rec, &rec->layout_name);
    free_string(rec, &rec->agent_args);
    pac_mem_free(a, rec->layout_text, rec->layout_len + 1);
    gs_allocator keep = rec->alloc;
    gs_pac_record_init(rec, &keep);
}

int gs_pac_record_set(gs_pac_record *rec, char **field, const char *s)
{
    char *copy = NULL;
    if (s) {
        size_t n = strlen(s) + 1;
        if (!(copy = pac_mem_alloc(&rec->alloc, n)))
            return GS_ENOMEM;
        memcpy(copy, s, n);
    }
    free_string(rec, field);
    *field = copy;
    return GS_OK;
}

gs_pac_game_log *gs_pac_record_add_game(gs_pac_record *rec)
{
    if (rec->ngames == rec->cap) {
        size_t cap = rec->cap ? rec->cap * 2 : 8;
        gs_pac_game_log *g = mem_resize(&rec->alloc, rec->games,
                                        rec->cap * sizeof *g,
                                        cap * sizeof *g);
        if (!g)
            return NULL;
        rec->games = g;
        rec->cap = cap;
    }
    gs_pac_game_log *log = &rec->games[rec->ngames++];
    memset(log, 0, sizeof *log);
    return log;
}

void gs_pac_record_drop_game(gs_pac_record *rec)
{
    if (rec->ngames == 0)
        return;
    gs_pac_game_log *g = &rec->games[--rec->ngames];
    pac_mem_free(&rec->alloc, g->actions, g->cap);
    pac_mem_free(&rec->alloc, g->line, g->pos_cap * sizeof *g->line);
    pac_mem_free(&rec->alloc, g->col, g->pos_cap * sizeof *g->col);
    pac_mem_free(&rec->alloc, g->decisions, g->dcap * sizeof *g->decisions);
    memset(g, 0, sizeof *g);
}

int gs_pac_record_push_decision(gs_pac_record *rec, gs_pac_game_log *log,
                                const gs_pac_decision *d)
{
    if (log->ndecisions == log->dcap) {
        size_t cap = log->dcap ? log->dcap * 2 : 64;
        gs_pac_decision *p = mem_resize(&rec->alloc, log->decisions,
                                        log->dcap * sizeof *p,
                                        cap * sizeof *p);
        if (!p)
            return GS_ENOMEM;
        log->decisions = p;
        log->dcap = cap;
    }
    log->decisions[log->ndecisions++] = *d;
    return GS_OK;
}

int gs_pac_record_push(gs_pac_record *rec, gs_pac_game_log *log, int action)
{
    if (log->n == log->cap) {
        size_t cap = log->cap ? log->cap * 2 : 256;
        unsigned char *a = mem_resize(&rec->alloc, log->actions, log->cap,
                                      cap);
        if (!a)
            return GS_ENOMEM;
        log->actions = a;
        log->cap = cap;
    }
    log->actions[log->n++] = (unsigned char)action;
    return GS_OK;
}

/* ---- Writing ---- */

/* The maze's lines as they will be written: trailing white space and the
 * blank lines around the maze dropped. Returns how many. */
static int layout_lines(const char *text, size_t len,
                        void (*emit)(gs_writer *, const char *, size_t),
                        gs_writer *f)
{
    int count = 0, pending_empty = 0;
    size_t i = 0;
    while (i < len) {
        size_t start = i;
        while (i < len && text[i] != '\n')
            i++;
        size_t end = i;
        if (i < len)
            i++;
        while (end > start && (text[end - 1] == '\r' || text[end - 1] == ' ' ||
                               text[end - 1] == '\t'))
            end--;
        if (end == start) {
            pending_empty++;
            continue;
        }
        if (count == 0)          /* blank lines before the maze: dropped */
            pending_empty = 0;
        for (; pending_empty > 0; pending_empty--, count++)
            if (emit)
                emit(f, "", 0);
        if (emit)
            emit(f, text + start, end - start);
        count++;
    }
    return count;
}

/* A control character, which a header line may not hold (tabs may). */
static bool is_control(char c)
{
    unsigned char u = (unsigned char)c;
    return (u < 0x20 && u != '\t') || u == 0x7f;
}

static void emit_line(gs_writer *w, const char *s, size_t n)
{
    gs_writer_put(w, s, n);
    gs_writer_put(w, "\n", 1);
}

int gs_pac_record_write(const gs_pac_record *rec, gs_pac_write_fn write,
                        void *user)
{
    gs_writer wr, *w = &wr;
    gs_writer_init(w, write, user);
    gs_writer_printf(w, "%s %d\n", RECORD_MAGIC, RECORD_VERSION);
    gs_writer_puts(w, "# Written by gamesearch pacman; the format: "
              "docs/pacman-record.md\n");
    gs_writer_printf(w, "pacman: %s\n", rec->pacman);
    if (rec->agent_args) {
        gs_writer_puts(w, "agent-args: ");
        gs_writer_puts(w, rec->agent_args);
        gs_writer_puts(w, "\n");
    }
    gs_writer_printf(w, "ghosts: %d %s\n", rec->ghosts,
         rec->ghost_kind == GS_PAC_DIRECTIONAL_GHOST ? "DirectionalGhost"
                                                     : "RandomGhost");
    if (rec->seed_is_string)
        gs_writer_puts(w, "seed: string cs188\n");
    else {
        char n[GS_PAC_SEED_TEXT];
        gs_writer_printf(w, "seed: %s %s%s\n", rec->seed_per_game ? "per-game" : "int",
             gs_pac_record_seed_text(rec, n), rec->seed_random ? " random" : "");
    }
    if (rec->max_moves > 0)
        gs_writer_printf(w, "max-moves: %ld\n", rec->max_moves);
    gs_writer_printf(w, "games: %zu\n", rec->ngames);
    int rows = layout_lines(rec->layout_text, rec->layout_len, NULL, NULL);
    gs_writer_printf(w, "layout: %d ", rows);
    for (const char *c = rec->layout_name ? rec->layout_name : ""; *c; c++)
        gs_writer_put(w, is_control(*c) ? "?" : c, 1);   /* one line */
    gs_writer_put(w, "\n", 1);
    layout_lines(rec->layout_text, rec->layout_len, emit_line, w);

    size_t agents = (size_t)rec->ghosts + 1;
    for (size_t g = 0; g < rec->ngames; g++) {
        const gs_pac_game_log *log = &rec->games[g];
        gs_writer_printf(w, "game %zu result=%s score=%d moves=%zu%s\n", g + 1,
             result_names[log->result % 3], log->score, log->n,
             log->training ? " training" : "");
        for (size_t i = 0; i < log->n; i++) {
            gs_writer_puts(w, gs_pac_dir_name(log->actions[i]));
            gs_writer_put(w, (i + 1) % agents == 0 || i + 1 == log->n ? "\n" : " ", 1);
        }
        gs_writer_puts(w, "end\n");
    }
    return gs_writer_finish(w);
}

/* ---- Reading ---- */

typedef struct reader {
    const char *text;
    size_t len, pos;
    int line;                 /* of the line last read */
    const char *s;            /* that line, without its newline */
    size_t n;
    gs_error *error;
    const gs_allocator *alloc;
    int status;               /* GS_EPARSE, or GS_ENOMEM */
} reader;

static bool next_line(reader *r)
{
    if (r->pos >= r->len)
        return false;
    size_t start = r->pos;
    while (r->pos < r->len && r->text[r->pos] != '\n')
        r->pos++;
    size_t end = r->pos;
    if (r->pos < r->len)
        r->pos++;
    if (end > start && r->text[end - 1] == '\r')
        end--;
    r->s = r->text + start;
    r->n = end - start;
    r->line++;
    return true;
}

static int fail(reader *r, int column, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static int fail(reader *r, int column, const char *fmt, ...)
{
    va_list ap;
    r->error->line = r->line;
    r->error->column = column;
    va_start(ap, fmt);
    vsnprintf(r->error->message, sizeof r->error->message, fmt, ap);
    va_end(ap);
    return -1;
}

/* Out of memory while reading. */
static int nomem(reader *r)
{
    r->status = GS_ENOMEM;
    return fail(r, 0, "out of memory");
}

/* A line that holds nothing but blanks or a # comment. */
static bool is_blank(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    return i == n || s[i] == '#';
}

/* Copies the line into buf (NUL-terminated, trailing blanks dropped);
 * false when it does not fit or holds a NUL byte. */
static bool line_copy(const reader *r, char *buf, size_t size)
{
    size_t n = r->n;
    while (n > 0 && (r->s[n - 1] == ' ' || r->s[n - 1] == '\t'))
        n--;
    if (n >= size || memchr(r->s, '\0', n))
        return false;
    memcpy(buf, r->s, n);
    buf[n] = '\0';
    return true;
}

enum { F_PACMAN, F_ARGS, F_GHOSTS, F_SEED, F_MAX_MOVES, F_GAMES, F_LAYOUT, F_N };
static const char *const field_names[F_N] = {
    "pacman", "agent-args", "ghosts", "seed", "max-moves", "games", "layout"};

static int parse_field(reader *r, gs_pac_record *rec, int field, char *value,
                       int vcol, long *games)
{
    char *end;
    switch (field) {
    case F_PACMAN:
        if (!*value || strlen(value) >= sizeof rec->pacman || strchr(value, ' '))
            return fail(r, vcol, "pacman: expected the name of a Pacman agent");
        strcpy(rec->pacman, value);
        return 0;
    case F_ARGS:
        return gs_pac_record_set(rec, &rec->agent_args, value) == GS_OK
                   ? 0 : nomem(r);
    case F_GHOSTS: {
        long n = strtol(value, &end, 10);
        if (end == value || *end != ' ' || n < 0 || n > GS_PAC_MAX_GHOSTS)
            return fail(r, vcol, "ghosts: expected a count from 0 to %d and "
                        "RandomGhost or DirectionalGhost", GS_PAC_MAX_GHOSTS);
        while (*end == ' ')
            end++;
        if (strcmp(end, "RandomGhost") == 0)
            rec->ghost_kind = GS_PAC_RANDOM_GHOST;
        else if (strcmp(end, "DirectionalGhost") == 0)
            rec->ghost_kind = GS_PAC_DIRECTIONAL_GHOST;
        else
            return fail(r, vcol + (int)(end - value), "unknown ghost agent "
                        "'%s' (expected RandomGhost or DirectionalGhost)", end);
        rec->ghosts = (int)n;
        rec->ghosts_line = r->line;
        return 0;
    }
    case F_SEED:
        if (strcmp(value, "string cs188") == 0) {
            rec->seed_is_string = true;
            return 0;
        }
        if (strncmp(value, "int ", 4) == 0 ||
            strncmp(value, "per-game ", 9) == 0) {
            const char *num = strchr(value, ' ') + 1;
            int64_t v;
            bool is_unsigned;
            end = pac_parse_seed(num, &v, &is_unsigned);
            if (end && (*end == '\0' || strcmp(end, " random") == 0)) {
                rec->seed = v;
                rec->seed_unsigned = is_unsigned;
                rec->seed_per_game = value[0] == 'p';
                rec->seed_random = *end != '\0';
                return 0;
            }
        }
        return fail(r, vcol, "seed: expected 'string cs188', 'int N' or "
                    "'per-game N' (the last two optionally followed by "
                    "'random')");
    case F_MAX_MOVES:
        if (!gs_parse_long(value, 1, 1000000000L, &rec->max_moves))
            return fail(r, vcol, "max-moves: expected a whole number from 1 "
                        "to 1000000000");
        return 0;
    case F_GAMES:
        if (!gs_parse_long(value, 0, 1000000L, games))
            return fail(r, vcol, "games: expected a whole number from 0 to "
                        "1000000");
        return 0;
    default:
        return 0;
    }
}

/* Reads the maze: `rows` lines after the layout: line, verbatim. */
static int read_layout(reader *r, gs_pac_record *rec, char *value, int vcol)
{
    char *end;
    long rows = strtol(value, &end, 10);
    if (end == value || (*end != '\0' && *end != ' ') || rows < 1 ||
        rows > GS_PAC_MAX_SIDE)
        return fail(r, vcol, "layout: expected the number of rows (1 to %d) "
                    "and the layout's name", GS_PAC_MAX_SIDE);
    while (*end == ' ')
        end++;
    if (gs_pac_record_set(rec, &rec->layout_name, end) != GS_OK)
        return nomem(r);
    int header = r->line;
    size_t start = r->pos;
    for (long i = 0; i < rows; i++)
        if (!next_line(r)) {
            r->line = header;
            return fail(r, vcol, "the record ends inside the layout (%ld rows "
                        "announced, %ld found)", rows, i);
        }
    size_t len = r->pos - start;
    if (layout_lines(r->text + start, len, NULL, NULL) == 0) {
        r->line = header;
        return fail(r, vcol, "layout: its %ld row%s %s blank", rows,
                    rows == 1 ? "" : "s", rows == 1 ? "is" : "are all");
    }
    rec->layout_text = pac_mem_alloc(r->alloc, len + 1);
    if (!rec->layout_text)
        return nomem(r);
    memcpy(rec->layout_text, r->text + start, len);
    rec->layout_text[len] = '\0';
    rec->layout_len = len;
    rec->layout_first_line = header + 1;
    return 0;
}

/* A whole decimal number (an optional '-', then digits), its value in *v,
 * saturated at LONG_MIN or LONG_MAX when it does not fit: the messages
 * quote the number's text, never *v. */
static bool whole_number(const char *s, long *v)
{
    const char *d = s + (*s == '-' || *s == '+');
    if (!*d || strspn(d, "0123456789") != strlen(d))
        return false;
    *v = strtol(s, NULL, 10);
    return true;
}

/* "game I result=R score=S moves=M [training]" */
static int parse_game_header(reader *r, gs_pac_record *rec, long *moves,
                             char *moves_text, size_t moves_size)
{
    char buf[256], word[16], result[16], extra[16];
    char idx_s[256], score_s[256], moves_s[256];
    long idx, score;
    int used = 0;
    if (!line_copy(r, buf, sizeof buf))
        return fail(r, 1, "expected 'game %zu result=... score=... moves=...'",
                    rec->ngames + 1);
    int got = sscanf(buf, "%15s %255s result=%15s score=%255s moves=%255s%n",
                     word, idx_s, result, score_s, moves_s, &used);
    /* %15s swallows up to the next blank, so result= takes just its word. */
    if (got != 5 || strcmp(word, "game") != 0 || !whole_number(idx_s, &idx) ||
        !whole_number(score_s, &score) || !whole_number(moves_s, moves))
        return fail(r, 1, "expected 'game %zu result=... score=... moves=...'",
                    rec->ngames + 1);
    snprintf(moves_text, moves_size, "%s", moves_s);
    if (idx != (long)rec->ngames + 1)
        return fail(r, 6, "expected game %zu here, not game %.40s%s",
                    rec->ngames + 1, idx_s, strlen(idx_s) > 40 ? "..." : "");
    int res = -1;
    for (int k = 0; k < 3; k++)
        if (strcmp(result, result_names[k]) == 0)
            res = k;
    if (res < 0) {
        const char *at = strstr(buf, "result=");
        return fail(r, at ? (int)(at - buf) + 8 : 1, "unknown result '%s' "
                    "(expected Win, Loss or Stopped)", result);
    }
    if (*moves < 0 || score < -1000000000L || score > 1000000000L) {
        const char *at = strstr(buf, *moves < 0 ? "moves=" : "score=");
        return fail(r, at ? (int)(at - buf) + 7 : 1, "%s out of range",
                    *moves < 0 ? "moves" : "score");
    }
    bool training = false;
    const char *rest = buf + used;
    if (*rest) {
        if (sscanf(rest, " %15s", extra) == 1 && strcmp(extra, "training") == 0 &&
            strstr(rest, "training")[8] == '\0')
            training = true;
        else
            return fail(r, (int)(rest - buf) + 1 + (int)strspn(rest, " "),
                        "unexpected '%s' after the game's header (only "
                        "'training' may follow)", rest + strspn(rest, " "));
    }
    gs_pac_game_log *log = gs_pac_record_add_game(rec);
    if (!log)
        return nomem(r);
    log->result = res;
    log->score = (int)score;
    log->training = training;
    log->header_line = r->line;
    return 0;
}

static int push_token(reader *r, gs_pac_record *rec, gs_pac_game_log *log,
                      int dir, int col)
{
    if (gs_pac_record_push(rec, log, dir) != GS_OK)
        return nomem(r);
    if (log->pos_cap < log->cap) {
        /* where each action stands, for messages about it */
        size_t old = log->pos_cap * sizeof(int), n = log->cap * sizeof(int);
        int *l = pac_mem_alloc(r->alloc, n), *c = pac_mem_alloc(r->alloc, n);
        if (!l || !c) {
            pac_mem_free(r->alloc, l, n);
            pac_mem_free(r->alloc, c, n);
            log->n--;
            return nomem(r);
        }
        if (old) {
            memcpy(l, log->line, old);
            memcpy(c, log->col, old);
        }
        pac_mem_free(r->alloc, log->line, old);
        pac_mem_free(r->alloc, log->col, old);
        log->line = l;
        log->col = c;
        log->pos_cap = log->cap;
    }
    log->line[log->n - 1] = r->line;
    log->col[log->n - 1] = col;
    return 0;
}

/* The actions of one game, up to its "end" line. */
static int read_actions(reader *r, gs_pac_record *rec, gs_pac_game_log *log, size_t index,
                        long moves, const char *moves_text)
{
    int header = r->line;
    while (next_line(r)) {
        if (is_blank(r->s, r->n))
            continue;
        size_t i = 0;
        while (i < r->n && (r->s[i] == ' ' || r->s[i] == '\t'))
            i++;
        size_t k = r->n;
        while (k > i && (r->s[k - 1] == ' ' || r->s[k - 1] == '\t'))
            k--;
        if (k - i == 3 && memcmp(r->s + i, "end", 3) == 0) {
            if ((long)log->n != moves)
                return fail(r, 1, "game %zu has %zu moves, but its header "
                            "says moves=%.40s%s", index, log->n, moves_text,
                            strlen(moves_text) > 40 ? "..." : "");
            return 0;
        }
        if (k - i > 5 && memcmp(r->s + i, "game ", 5) == 0)
            return fail(r, (int)i + 1, "expected 'end' after the moves of "
                        "game %zu, before the next game", index);
        while (i < r->n) {
            while (i < r->n && (r->s[i] == ' ' || r->s[i] == '\t'))
                i++;
            if (i >= r->n)
                break;
            size_t start = i;
            while (i < r->n && r->s[i] != ' ' && r->s[i] != '\t')
                i++;
            char tok[16];
            size_t tl = i - start;
            int dir = -1;
            if (tl < sizeof tok) {
                memcpy(tok, r->s + start, tl);
                tok[tl] = '\0';
                if (!memchr(tok, '\0', tl))
                    dir = gs_pac_dir_parse(tok);
            }
            if (dir < 0) {
                char shown[24];
                size_t sl = tl < 20 ? tl : 20;
                memcpy(shown, r->s + start, sl);
                shown[sl] = '\0';
                for (size_t j = 0; j < sl; j++)
                    if ((unsigned char)shown[j] < 0x20 || (unsigned char)shown[j] >= 0x7f)
                        shown[j] = '?';
                return fail(r, (int)start + 1, "unknown action '%s%s' (expected "
                            "North, South, East, West or Stop)", shown,
                            tl > sl ? "..." : "");
            }
            if (push_token(r, rec, log, dir, (int)start + 1) != 0)
                return -1;
        }
    }
    r->line = header;
    return fail(r, 1, "the record ends inside game %zu (no 'end' line)", index);
}

static int parse(reader *r, gs_pac_record *rec)
{
    rec->ghosts = -1;
    char buf[1024];

    if (!next_line(r))
        return fail(r, 0, "empty file: not a gamesearch pacman record");
    if (!line_copy(r, buf, sizeof buf) ||
        strncmp(buf, RECORD_MAGIC " ", sizeof RECORD_MAGIC) != 0)
        return fail(r, 1, "not a gamesearch pacman record (its first line "
                    "should be '%s %d')", RECORD_MAGIC, RECORD_VERSION);
    long version;
    if (!gs_parse_long(buf + sizeof RECORD_MAGIC, 1, 1000000, &version))
        return fail(r, (int)sizeof RECORD_MAGIC + 1, "expected a version number");
    if (version != RECORD_VERSION)
        return fail(r, (int)sizeof RECORD_MAGIC + 1, "record version %ld is "
                    "not known to this gamesearch (it reads version %d)",
                    version, RECORD_VERSION);

    /* The header: "field: value" lines, each at most once, layout last. */
    bool seen[F_N] = {false};
    long games = -1;
    int games_line = 0, games_col = 0;
    for (;;) {
        if (!next_line(r))
            return fail(r, 0, "the record ends before its 'layout:' line");
        if (is_blank(r->s, r->n))
            continue;
        if (!line_copy(r, buf, sizeof buf))
            return fail(r, 1, "line too long or holding a NUL byte");
        for (const char *c = buf; *c; c++)
            if (is_control(*c))
                return fail(r, (int)(c - buf) + 1, "control character (byte "
                            "0x%02x) in a header line",
                            (unsigned)(unsigned char)*c);
        char *colon = strchr(buf, ':');
        int field = -1;
        if (colon) {
            *colon = '\0';
            for (int k = 0; k < F_N; k++)
                if (strcmp(buf, field_names[k]) == 0)
                    field = k;
        }
        if (field < 0) {
            if (colon)
                *colon = ':';
            if (strncmp(buf, "game ", 5) == 0)
                return fail(r, 1, "a game before the 'layout:' line");
            return fail(r, 1, "unknown header line '%.60s' (expected pacman:, "
                        "agent-args:, ghosts:, seed:, max-moves:, games: or "
                        "layout:)", buf);
        }
        if (seen[field])
            return fail(r, 1, "%s: given twice", field_names[field]);
        seen[field] = true;
        char *value = colon + 1;
        while (*value == ' ' || *value == '\t')
            value++;
        int vcol = (int)(value - buf) + 1;
        if (field == F_LAYOUT) {
            static const int required[] = {F_PACMAN, F_GHOSTS, F_GAMES};
            for (size_t k = 0; k < sizeof required / sizeof required[0]; k++)
                if (!seen[required[k]])
                    return fail(r, 1, "the header has no '%s:' line (it comes "
                                "before 'layout:')", field_names[required[k]]);
            if (read_layout(r, rec, value, vcol) != 0)
                return -1;
            break;
        }
        if (parse_field(r, rec, field, value, vcol, &games) != 0)
            return -1;
        if (field == F_GAMES) {
            games_line = r->line;
            games_col = vcol;
        }
    }

    /* The games. */
    while (next_line(r)) {
        if (is_blank(r->s, r->n))
            continue;
        long moves = 0;     /* set by parse_game_header on success */
        char moves_text[256];
        if (parse_game_header(r, rec, &moves, moves_text, sizeof moves_text) != 0)
            return -1;
        if (read_actions(r, rec, &rec->games[rec->ngames - 1], rec->ngames,
                         moves, moves_text) != 0)
            return -1;
    }
    if ((long)rec->ngames != games) {
        r->line = games_line;
        return fail(r, games_col, "the header says %ld games, but the record "
                    "holds %zu", games, rec->ngames);
    }
    return 0;
}

int gs_pac_record_parse(const char *text, size_t len,
                        const gs_allocator *alloc, gs_pac_record *rec,
                        gs_error *error)
{
    gs_error local;
    if (!error)
        error = &local;
    memset(error, 0, sizeof *error);
    gs_pac_record_init(rec, alloc);
    reader rd = {text, len, 0, 0, NULL, 0, error, &rec->alloc, GS_EPARSE};
    /* A UTF-8 byte order mark at the very start is skipped, as the tree
     * and layout readers skip it; columns count from after it. */
    if (text && len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        rd.pos = 3;
    if (parse(&rd, rec) == 0)
        return GS_OK;
    gs_pac_record_free(rec);
    return rd.status;
}

/* ---- The results as JSON (docs/pacman-json.md) ---- */

/* A number with `digits` significant digits; null when not finite. */
static void json_num(gs_writer *w, double v, int digits)
{
    if (isfinite(v))
        gs_writer_printf(w, "%.*g", digits, v);
    else
        gs_writer_puts(w, "null");
}

/* A number that reads back exactly; null when not finite. */
static void json_exact(gs_writer *w, double v)
{
    gs_json_number(v, gs_writer_put, w);
}

/* [lo, hi] to 10 digits when `shown`, else null. */
static void json_pair(gs_writer *w, bool shown, double lo, double hi)
{
    if (!shown) {
        gs_writer_puts(w, "null");
        return;
    }
    gs_writer_puts(w, "[");
    json_num(w, lo, 10);
    gs_writer_puts(w, ", ");
    json_num(w, hi, 10);
    gs_writer_puts(w, "]");
}

static void json_string_or_null(gs_writer *w, const char *s)
{
    if (s)
        gs_json_string(s, gs_writer_put, w);
    else
        gs_writer_puts(w, "null");
}

static void json_seed(gs_writer *w, const gs_pac_record *rec)
{
    char n[GS_PAC_SEED_TEXT];
    if (rec->seed_is_string)
        gs_writer_puts(w, "{\"stream\": \"single\", \"string\": \"cs188\"}");
    else if (rec->seed_per_game)
        gs_writer_printf(w, "{\"stream\": \"per-game\", \"base\": %s, \"from_system\": %s}",
             gs_pac_record_seed_text(rec, n),
             rec->seed_random ? "true" : "false");
    else
        gs_writer_printf(w, "{\"stream\": \"single\", \"int\": %s}",
             gs_pac_record_seed_text(rec, n));
}

static void json_game(gs_writer *w, size_t i, const gs_pac_game_log *g,
                      const gs_pac_game_result *st)
{
    gs_writer_printf(w, "    {\"game\": %zu, \"training\": %s, \"result\": \"%s\", ", i + 1,
         g->training ? "true" : "false", g->result == GS_PAC_WIN ? "Win"
         : g->result == GS_PAC_LOSS ? "Loss" : "Stopped");
    gs_writer_printf(w, "\"win\": %s, \"score\": %d, \"moves\": %ld, \"pacman_moves\": %ld, ",
         g->result == GS_PAC_WIN ? "true" : "false", g->score, st->moves,
         st->pacman_moves);
    gs_writer_printf(w, "\"nodes\": %" PRIu64 ", \"seconds\": ", st->nodes);
    json_num(w, st->seconds, 6);
    gs_writer_puts(w, ", \"move_seconds_mean\": ");
    json_num(w, st->pacman_moves > 0
                    ? st->move_seconds / (double)st->pacman_moves : 0, 6);
    gs_writer_puts(w, ", \"move_seconds_max\": ");
    json_num(w, st->max_move_seconds, 6);
    gs_writer_puts(w, "}");
}

/* The summary over the games that count (not training), and the costs
 * over all games played (gs_pac_summarize). */
static void json_summary(gs_writer *w, const gs_pac_record *rec,
                         const gs_pac_game_result *results, double seconds)
{
    gs_pac_summary s;
    gs_pac_summarize(rec, results, &s);
    gs_writer_printf(w, "  \"summary\": {\n    \"games\": %zu,\n    \"wins\": %zu,\n"
         "    \"win_rate\": ", s.games, s.wins);
    json_exact(w, s.win_rate);
    gs_writer_puts(w, ",\n    \"win_rate_ci95\": ");
    json_pair(w, s.games > 0, s.win_lo, s.win_hi);
    gs_writer_puts(w, ",\n    \"mean_score\": ");
    json_exact(w, s.mean_score);
    gs_writer_puts(w, ",\n    \"mean_score_ci95\": ");
    json_pair(w, s.games >= 2, s.mean_lo, s.mean_hi);
    gs_writer_puts(w, ",\n    \"min_score\": ");
    json_exact(w, s.min_score);
    gs_writer_puts(w, ",\n    \"max_score\": ");
    json_exact(w, s.max_score);
    gs_writer_printf(w, ",\n    \"played\": %zu,\n    \"pacman_moves\": %ld,\n", s.played,
         s.pacman_moves);
    gs_writer_printf(w, "    \"nodes\": %" PRIu64 ",\n    \"move_seconds\": ", s.nodes);
    json_num(w, s.move_seconds, 6);
    gs_writer_puts(w, ",\n    \"move_seconds_max\": ");
    json_num(w, s.max_move_seconds, 6);
    gs_writer_puts(w, ",\n    \"seconds\": ");
    json_num(w, seconds, 6);
    gs_writer_puts(w, ",\n    \"games_per_second\": ");
    json_num(w, seconds > 0 ? (double)s.played / seconds : NAN, 6);
    gs_writer_puts(w, ",\n    \"nodes_per_second\": ");
    json_num(w, seconds > 0 ? (double)s.nodes / seconds : NAN, 6);
    gs_writer_puts(w, "\n  }\n");
}

int gs_pac_json_write(const gs_pac_record *rec,
                      const gs_pac_game_result *results, long threads,
                      double seconds, gs_pac_write_fn write, void *user)
{
    gs_writer wr, *w = &wr;
    gs_writer_init(w, write, user);
    gs_writer_puts(w, "{\n  \"format\": \"gamesearch-pacman-results\",\n"
           "  \"version\": 1,\n  \"layout\": ");
    json_string_or_null(w, rec->layout_name);
    gs_writer_puts(w, ",\n  \"pacman\": ");
    json_string_or_null(w, rec->pacman);
    gs_writer_puts(w, ",\n  \"agent_args\": ");
    json_string_or_null(w, rec->agent_args);
    gs_writer_printf(w, ",\n  \"ghosts\": %d,\n  \"ghost_agent\": \"%s\",\n"
         "  \"max_moves\": ", rec->ghosts,
         rec->ghost_kind == GS_PAC_DIRECTIONAL_GHOST ? "DirectionalGhost"
                                                     : "RandomGhost");
    if (rec->max_moves > 0)
        gs_writer_printf(w, "%ld", rec->max_moves);
    else
        gs_writer_puts(w, "null");
    gs_writer_puts(w, ",\n  \"seed\": ");
    json_seed(w, rec);
    gs_writer_printf(w, ",\n  \"threads\": %ld,\n  \"games\": [", threads);
    for (size_t i = 0; i < rec->ngames; i++) {
        gs_writer_puts(w, i ? ",\n" : "\n");
        json_game(w, i, &rec->games[i], &results[i]);
    }
    gs_writer_puts(w, rec->ngames ? "\n  ],\n" : "],\n");
    json_summary(w, rec, results, seconds);
    gs_writer_puts(w, "}\n");
    return gs_writer_finish(w);
}
