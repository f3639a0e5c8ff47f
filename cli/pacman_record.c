/*
 * Record files of `gamesearch pacman` (--record, --replay): a header, the
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
 * This file reads and writes the syntax; cmd_pacman.c replays the games
 * through the rules and checks their results.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "pacman_cli.h"
#include "util.h"

#define RECORD_MAGIC "gamesearch-pacman-record"
#define RECORD_VERSION 1

static const char *const result_names[] = {"Loss", "Win", "Stopped"};

int pac_log_push(pac_game_log *log, int action)
{
    if (log->n == log->cap) {
        size_t cap = log->cap ? log->cap * 2 : 256;
        unsigned char *a = realloc(log->actions, cap);
        if (!a)
            return GS_ENOMEM;
        log->actions = a;
        log->cap = cap;
    }
    log->actions[log->n++] = (unsigned char)action;
    return GS_OK;
}

pac_game_log *pac_record_add_game(pac_record *rec)
{
    if (rec->ngames == rec->cap) {
        size_t cap = rec->cap ? rec->cap * 2 : 8;
        pac_game_log *g = realloc(rec->games, cap * sizeof *g);
        if (!g)
            return NULL;
        rec->games = g;
        rec->cap = cap;
    }
    pac_game_log *log = &rec->games[rec->ngames++];
    memset(log, 0, sizeof *log);
    return log;
}

void pac_record_free(pac_record *rec)
{
    for (size_t i = 0; i < rec->ngames; i++) {
        free(rec->games[i].actions);
        free(rec->games[i].line);
        free(rec->games[i].col);
    }
    free(rec->games);
    free(rec->layout_name);
    free(rec->layout_text);
    free(rec->agent_args);
    memset(rec, 0, sizeof *rec);
}

/* ---- Writing ---- */

/* The maze's lines as they will be written: trailing white space and the
 * blank lines around the maze dropped. Returns how many. */
static int layout_lines(const char *text, size_t len,
                        void (*emit)(FILE *, const char *, size_t), FILE *f)
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

static void emit_line(FILE *f, const char *s, size_t n)
{
    fwrite(s, 1, n, f);
    fputc('\n', f);
}

int pac_record_write(FILE *f, const pac_record *rec, char *err,
                     size_t errsize)
{
    fprintf(f, "%s %d\n", RECORD_MAGIC, RECORD_VERSION);
    fputs("# Written by gamesearch pacman; the format: docs/pacman-record.md\n", f);
    fprintf(f, "pacman: %s\n", rec->pacman);
    if (rec->agent_args)
        fprintf(f, "agent-args: %s\n", rec->agent_args);
    fprintf(f, "ghosts: %d %s\n", rec->ghosts,
            rec->ghost_kind == GS_PAC_DIRECTIONAL_GHOST ? "DirectionalGhost"
                                                        : "RandomGhost");
    if (rec->seed_is_string)
        fputs("seed: string cs188\n", f);
    else
        fprintf(f, "seed: %s %" PRId64 "%s\n",
                rec->seed_per_game ? "per-game" : "int", rec->seed,
                rec->seed_random ? " random" : "");
    if (rec->max_moves > 0)
        fprintf(f, "max-moves: %ld\n", rec->max_moves);
    fprintf(f, "games: %zu\n", rec->ngames);
    int rows = layout_lines(rec->layout_text, rec->layout_len, NULL, NULL);
    fprintf(f, "layout: %d ", rows);
    for (const char *c = rec->layout_name ? rec->layout_name : ""; *c; c++)
        fputc(is_control(*c) ? '?' : *c, f);   /* one line */
    fputc('\n', f);
    layout_lines(rec->layout_text, rec->layout_len, emit_line, f);

    int agents = rec->ghosts + 1;
    for (size_t g = 0; g < rec->ngames; g++) {
        const pac_game_log *log = &rec->games[g];
        fprintf(f, "game %zu result=%s score=%d moves=%zu%s\n", g + 1,
                result_names[log->result], log->score, log->n,
                log->training ? " training" : "");
        for (size_t i = 0; i < log->n; i++) {
            fputs(gs_pac_dir_name(log->actions[i]), f);
            fputc((i + 1) % (size_t)agents == 0 || i + 1 == log->n ? '\n' : ' ', f);
        }
        fputs("end\n", f);
    }
    if (ferror(f) | (fflush(f) != 0)) {
        snprintf(err, errsize, "cannot write: %s", strerror(errno));
        return -1;
    }
    return 0;
}

/* ---- Reading ---- */

typedef struct reader {
    const char *text;
    size_t len, pos;
    int line;                 /* of the line last read */
    const char *s;            /* that line, without its newline */
    size_t n;
    pac_record_error *error;
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

static int parse_field(reader *r, pac_record *rec, int field, char *value,
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
        rec->agent_args = malloc(strlen(value) + 1);
        if (!rec->agent_args)
            return fail(r, 0, "out of memory");
        strcpy(rec->agent_args, value);
        return 0;
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
            errno = 0;
            long long v = strtoll(num, &end, 10);
            if (errno == 0 && end != num &&
                (*end == '\0' || strcmp(end, " random") == 0)) {
                rec->seed = v;
                rec->seed_per_game = value[0] == 'p';
                rec->seed_random = *end != '\0';
                return 0;
            }
        }
        return fail(r, vcol, "seed: expected 'string cs188', 'int N' or "
                    "'per-game N' (the last two optionally followed by "
                    "'random')");
    case F_MAX_MOVES:
        if (!cli_parse_long(value, 1, 1000000000L, &rec->max_moves))
            return fail(r, vcol, "max-moves: expected a whole number from 1 "
                        "to 1000000000");
        return 0;
    case F_GAMES:
        if (!cli_parse_long(value, 0, 1000000L, games))
            return fail(r, vcol, "games: expected a whole number from 0 to "
                        "1000000");
        return 0;
    default:
        return 0;
    }
}

/* Reads the maze: `rows` lines after the layout: line, verbatim. */
static int read_layout(reader *r, pac_record *rec, char *value, int vcol)
{
    char *end;
    long rows = strtol(value, &end, 10);
    if (end == value || (*end != '\0' && *end != ' ') || rows < 1 ||
        rows > GS_PAC_MAX_SIDE)
        return fail(r, vcol, "layout: expected the number of rows (1 to %d) "
                    "and the layout's name", GS_PAC_MAX_SIDE);
    while (*end == ' ')
        end++;
    rec->layout_name = malloc(strlen(end) + 1);
    if (!rec->layout_name)
        return fail(r, 0, "out of memory");
    strcpy(rec->layout_name, end);
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
    rec->layout_text = malloc(len + 1);
    if (!rec->layout_text)
        return fail(r, 0, "out of memory");
    memcpy(rec->layout_text, r->text + start, len);
    rec->layout_text[len] = '\0';
    rec->layout_len = len;
    rec->layout_first_line = header + 1;
    return 0;
}

/* "game I result=R score=S moves=M [training]" */
static int parse_game_header(reader *r, pac_record *rec, long *moves)
{
    char buf[256], word[16], result[16], extra[16];
    long idx, score;
    int used = 0;
    if (!line_copy(r, buf, sizeof buf))
        return fail(r, 1, "expected 'game %zu result=... score=... moves=...'",
                    rec->ngames + 1);
    int got = sscanf(buf, "%15s %ld result=%15s score=%ld moves=%ld%n", word,
                     &idx, result, &score, moves, &used);
    /* %15s swallows up to the next blank, so result= takes just its word. */
    if (got != 5 || strcmp(word, "game") != 0)
        return fail(r, 1, "expected 'game %zu result=... score=... moves=...'",
                    rec->ngames + 1);
    if (idx != (long)rec->ngames + 1)
        return fail(r, 6, "expected game %zu here, not game %ld",
                    rec->ngames + 1, idx);
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
    pac_game_log *log = pac_record_add_game(rec);
    if (!log)
        return fail(r, 0, "out of memory");
    log->result = res;
    log->score = (int)score;
    log->training = training;
    log->header_line = r->line;
    return 0;
}

static int push_token(reader *r, pac_game_log *log, int dir, int col)
{
    if (pac_log_push(log, dir) != GS_OK)
        return fail(r, 0, "out of memory");
    if (log->pos_cap < log->cap) {
        /* where each action stands, for messages about it */
        int *l = realloc(log->line, log->cap * sizeof *l);
        if (l)
            log->line = l;
        int *c = l ? realloc(log->col, log->cap * sizeof *c) : NULL;
        if (!c)
            return fail(r, 0, "out of memory");
        log->col = c;
        log->pos_cap = log->cap;
    }
    log->line[log->n - 1] = r->line;
    log->col[log->n - 1] = col;
    return 0;
}

/* The actions of one game, up to its "end" line. */
static int read_actions(reader *r, pac_game_log *log, size_t index,
                        long moves)
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
                            "says moves=%ld", index, log->n, moves);
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
            if (push_token(r, log, dir, (int)start + 1) != 0)
                return -1;
        }
    }
    r->line = header;
    return fail(r, 1, "the record ends inside game %zu (no 'end' line)", index);
}

int pac_record_parse(const char *text, size_t len, pac_record *rec,
                     pac_record_error *error)
{
    reader rd = {text, len, 0, 0, NULL, 0, error};
    reader *r = &rd;
    memset(rec, 0, sizeof *rec);
    rec->ghosts = -1;
    char buf[1024];

    if (!next_line(r))
        return fail(r, 0, "empty file: not a gamesearch pacman record");
    if (!line_copy(r, buf, sizeof buf) ||
        strncmp(buf, RECORD_MAGIC " ", sizeof RECORD_MAGIC) != 0)
        return fail(r, 1, "not a gamesearch pacman record (its first line "
                    "should be '%s %d')", RECORD_MAGIC, RECORD_VERSION);
    long version;
    if (!cli_parse_long(buf + sizeof RECORD_MAGIC, 1, 1000000, &version))
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
        long moves;
        if (parse_game_header(r, rec, &moves) != 0)
            return -1;
        if (read_actions(r, &rec->games[rec->ngames - 1], rec->ngames,
                         moves) != 0)
            return -1;
    }
    if ((long)rec->ngames != games) {
        r->line = games_line;
        return fail(r, games_col, "the header says %ld games, but the record "
                    "holds %zu", games, rec->ngames);
    }
    return 0;
}
