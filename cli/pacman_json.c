/*
 * --json's document of a batch of `gamesearch pacman` games
 * (docs/pacman-json.md), with its statistics: the win rate's Wilson
 * interval and the mean score's Student t interval, both at 95% (the
 * library's gs_pac_wilson95 and gs_pac_student_t95).
 */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "pacman_cli.h"
#include "util.h"

/* ---- Writing ---- */

/* A number with `digits` significant digits; null when not finite. */
static void num(FILE *f, double v, int digits)
{
    if (isfinite(v))
        fprintf(f, "%.*g", digits, v);
    else
        fputs("null", f);
}

/* A number that reads back exactly. */
static void exact(FILE *f, double v)
{
    char buf[32];
    if (!isfinite(v)) {
        fputs("null", f);
        return;
    }
    if (v == floor(v) && fabs(v) < 1e15) {    /* 980, not 9.8e+02 */
        fprintf(f, "%.0f", v);
        return;
    }
    cli_format_double(v, buf);
    fputs(buf, f);
}

/* [lo, hi] to 10 digits when `shown`, else null. */
static void pair(FILE *f, bool shown, double lo, double hi)
{
    if (!shown) {
        fputs("null", f);
        return;
    }
    fputc('[', f);
    num(f, lo, 10);
    fputs(", ", f);
    num(f, hi, 10);
    fputc(']', f);
}

static void string_or_null(FILE *f, const char *s)
{
    if (s)
        cli_json_string(f, s);
    else
        fputs("null", f);
}

static const char *result_name(int result)
{
    return result == GS_PAC_WIN ? "Win" : result == GS_PAC_LOSS ? "Loss" : "Stopped";
}

static void write_seed(FILE *f, const gs_pac_record *rec)
{
    char n[GS_PAC_SEED_TEXT];
    if (rec->seed_is_string)
        fputs("{\"stream\": \"single\", \"string\": \"cs188\"}", f);
    else if (rec->seed_per_game)
        fprintf(f, "{\"stream\": \"per-game\", \"base\": %s"
                ", \"from_system\": %s}", gs_pac_record_seed_text(rec, n),
                rec->seed_random ? "true" : "false");
    else
        fprintf(f, "{\"stream\": \"single\", \"int\": %s}",
                gs_pac_record_seed_text(rec, n));
}

static void write_game(FILE *f, size_t i, const gs_pac_game_log *g,
                       const gs_pac_game_result *st)
{
    fprintf(f, "    {\"game\": %zu, \"training\": %s, \"result\": \"%s\", "
            "\"win\": %s, \"score\": %d, \"moves\": %ld, \"pacman_moves\": %ld, "
            "\"nodes\": %" PRIu64 ", \"seconds\": ", i + 1,
            g->training ? "true" : "false", result_name(g->result),
            g->result == GS_PAC_WIN ? "true" : "false", g->score, st->moves,
            st->pacman_moves, st->nodes);
    num(f, st->seconds, 6);
    fputs(", \"move_seconds_mean\": ", f);
    num(f, st->pacman_moves > 0 ? st->move_seconds / (double)st->pacman_moves
                                : 0, 6);
    fputs(", \"move_seconds_max\": ", f);
    num(f, st->max_move_seconds, 6);
    fputc('}', f);
}

/* The summary over the games that count (not training), and the costs
 * over all games played (gs_pac_summarize). */
static void write_summary(FILE *f, const pac_json_run *run)
{
    gs_pac_summary s;
    gs_pac_summarize(run->rec, run->stats, &s);
    fprintf(f, "  \"summary\": {\n    \"games\": %zu,\n    \"wins\": %zu,\n"
            "    \"win_rate\": ", s.games, s.wins);
    exact(f, s.win_rate);
    fputs(",\n    \"win_rate_ci95\": ", f);
    pair(f, s.games > 0, s.win_lo, s.win_hi);
    fputs(",\n    \"mean_score\": ", f);
    exact(f, s.mean_score);
    fputs(",\n    \"mean_score_ci95\": ", f);
    pair(f, s.games >= 2, s.mean_lo, s.mean_hi);
    fputs(",\n    \"min_score\": ", f);
    exact(f, s.min_score);
    fputs(",\n    \"max_score\": ", f);
    exact(f, s.max_score);
    fprintf(f, ",\n    \"played\": %zu,\n    \"pacman_moves\": %ld,\n"
            "    \"nodes\": %" PRIu64 ",\n    \"move_seconds\": ", s.played,
            s.pacman_moves, s.nodes);
    num(f, s.move_seconds, 6);
    fputs(",\n    \"move_seconds_max\": ", f);
    num(f, s.max_move_seconds, 6);
    fputs(",\n    \"seconds\": ", f);
    num(f, run->seconds, 6);
    fputs(",\n    \"games_per_second\": ", f);
    num(f, run->seconds > 0 ? (double)s.played / run->seconds : NAN, 6);
    fputs(",\n    \"nodes_per_second\": ", f);
    num(f, run->seconds > 0 ? (double)s.nodes / run->seconds : NAN, 6);
    fputs("\n  }\n", f);
}

int pac_json_write(FILE *f, const pac_json_run *run)
{
    const gs_pac_record *rec = run->rec;
    fputs("{\n  \"format\": \"gamesearch-pacman-results\",\n  \"version\": 1,\n"
          "  \"layout\": ", f);
    string_or_null(f, rec->layout_name);
    fputs(",\n  \"pacman\": ", f);
    cli_json_string(f, rec->pacman);
    fputs(",\n  \"agent_args\": ", f);
    string_or_null(f, rec->agent_args);
    fprintf(f, ",\n  \"ghosts\": %d,\n  \"ghost_agent\": \"%s\",\n"
            "  \"max_moves\": ", rec->ghosts,
            rec->ghost_kind == GS_PAC_DIRECTIONAL_GHOST ? "DirectionalGhost"
                                                        : "RandomGhost");
    if (rec->max_moves > 0)
        fprintf(f, "%ld", rec->max_moves);
    else
        fputs("null", f);
    fputs(",\n  \"seed\": ", f);
    write_seed(f, rec);
    fprintf(f, ",\n  \"threads\": %ld,\n  \"games\": [", run->threads);
    for (size_t i = 0; i < rec->ngames; i++) {
        fputs(i ? ",\n" : "\n", f);
        write_game(f, i, &rec->games[i], &run->stats[i]);
    }
    fputs(rec->ngames ? "\n  ],\n" : "],\n", f);
    write_summary(f, run);
    fputs("}\n", f);
    return fflush(f) == 0 && !ferror(f) ? 0 : -1;
}
