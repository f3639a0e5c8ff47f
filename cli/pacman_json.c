/*
 * Batches of `gamesearch pacman` games: the per-game random streams of
 * --seeds, and --json's document (docs/pacman-json.md) with its
 * statistics: the win rate's Wilson interval and the mean score's Student
 * t interval, both at 95%.
 */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "pacman_cli.h"
#include "util.h"

void pac_seed_game(gs_pyrandom *rng, int64_t base, size_t game)
{
    char s[48];
    snprintf(s, sizeof s, "%" PRId64 ":%zu", base, game);
    gs_pyrandom_seed_str(rng, s);
}

/* ---- Statistics ---- */

/* The normal distribution's 97.5% quantile. */
#define Z95 1.959963984540054

double pac_student_t95(long df)
{
    /* t(0.975, df) for df = 1..30 (computed with mpmath to 12 digits). */
    static const double table[30] = {
        12.7062047362, 4.30265272975, 3.18244630528, 2.7764451052,
        2.57058183564, 2.44691185114, 2.36462425159, 2.3060041352,
        2.2621571628, 2.22813885199, 2.20098516009, 2.17881282967,
        2.16036865646, 2.14478668792, 2.13144954556, 2.11990529922,
        2.10981557783, 2.10092204024, 2.09302405441, 2.08596344727,
        2.07961384473, 2.0738730679, 2.06865761042, 2.06389856163,
        2.05953855275, 2.05552943864, 2.05183051648, 2.0484071418,
        2.04522964213, 2.0422724563};
    if (df < 1)
        return NAN;
    if (df <= 30)
        return table[df - 1];
    /* Beyond: the Cornish-Fisher expansion of t around the normal
     * quantile to 1/df^4 (Abramowitz and Stegun 26.7.5), within 3e-8 from
     * df = 31 on. */
    double z = Z95, z2 = z * z, d = (double)df;
    double g1 = (z2 + 1) * z / 4;
    double g2 = ((5 * z2 + 16) * z2 + 3) * z / 96;
    double g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384;
    double g4 = ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * z /
                92160;
    return z + g1 / d + g2 / (d * d) + g3 / (d * d * d) + g4 / (d * d * d * d);
}

void pac_wilson95(size_t wins, size_t n, double *lo, double *hi)
{
    double nn = (double)n, p = (double)wins / nn, z2 = Z95 * Z95;
    double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
    double half = Z95 / (1 + z2 / nn) *
                  sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn));
    *lo = centre - half < 0 ? 0 : centre - half;
    *hi = centre + half > 1 ? 1 : centre + half;
    if (wins == 0)      /* exactly, without rounding */
        *lo = 0;
    if (wins == n)
        *hi = 1;
}

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

static void string_or_null(FILE *f, const char *s)
{
    if (s)
        cli_json_string(f, s);
    else
        fputs("null", f);
}

static const char *result_name(int result)
{
    return result == PAC_WIN ? "Win" : result == PAC_LOSS ? "Loss" : "Stopped";
}

static void write_seed(FILE *f, const pac_record *rec)
{
    if (rec->seed_is_string)
        fputs("{\"stream\": \"single\", \"string\": \"cs188\"}", f);
    else if (rec->seed_per_game)
        fprintf(f, "{\"stream\": \"per-game\", \"base\": %" PRId64
                ", \"from_system\": %s}", rec->seed,
                rec->seed_random ? "true" : "false");
    else
        fprintf(f, "{\"stream\": \"single\", \"int\": %" PRId64 "}", rec->seed);
}

static void write_game(FILE *f, size_t i, const pac_game_log *g,
                       const pac_game_stats *st)
{
    fprintf(f, "    {\"game\": %zu, \"training\": %s, \"result\": \"%s\", "
            "\"win\": %s, \"score\": %d, \"moves\": %ld, \"pacman_moves\": %ld, "
            "\"nodes\": %" PRIu64 ", \"seconds\": ", i + 1,
            g->training ? "true" : "false", result_name(g->result),
            g->result == PAC_WIN ? "true" : "false", g->score, st->moves,
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
 * over all games played. */
static void write_summary(FILE *f, const pac_json_run *run)
{
    const pac_record *rec = run->rec;
    size_t n = 0, wins = 0, played = rec->ngames;
    double sum = 0, min = 0, max = 0;
    uint64_t nodes = 0;
    long pacman_moves = 0;
    double move_seconds = 0, max_move = 0;
    for (size_t i = 0; i < rec->ngames; i++) {
        const pac_game_stats *st = &run->stats[i];
        nodes += st->nodes;
        pacman_moves += st->pacman_moves;
        move_seconds += st->move_seconds;
        if (st->max_move_seconds > max_move)
            max_move = st->max_move_seconds;
        const pac_game_log *g = &rec->games[i];
        if (g->training)
            continue;
        double s = g->score;
        min = n == 0 || s < min ? s : min;
        max = n == 0 || s > max ? s : max;
        n++;
        sum += s;
        wins += g->result == PAC_WIN;
    }
    double mean = n ? sum / (double)n : NAN;
    double var = 0;
    for (size_t i = 0; i < rec->ngames; i++)
        if (!rec->games[i].training) {
            double d = rec->games[i].score - mean;
            var += d * d;
        }
    double half = NAN;
    if (n >= 2)
        half = pac_student_t95((long)n - 1) * sqrt(var / (double)(n - 1)) /
               sqrt((double)n);
    double wlo = NAN, whi = NAN;
    if (n)
        pac_wilson95(wins, n, &wlo, &whi);

    fprintf(f, "  \"summary\": {\n    \"games\": %zu,\n    \"wins\": %zu,\n"
            "    \"win_rate\": ", n, wins);
    exact(f, n ? (double)wins / (double)n : NAN);
    fputs(",\n    \"win_rate_ci95\": ", f);
    if (n) {
        fputc('[', f);
        num(f, wlo, 10);
        fputs(", ", f);
        num(f, whi, 10);
        fputc(']', f);
    } else {
        fputs("null", f);
    }
    fputs(",\n    \"mean_score\": ", f);
    exact(f, mean);
    fputs(",\n    \"mean_score_ci95\": ", f);
    if (n >= 2) {
        fputc('[', f);
        num(f, mean - half, 10);
        fputs(", ", f);
        num(f, mean + half, 10);
        fputc(']', f);
    } else {
        fputs("null", f);
    }
    fputs(",\n    \"min_score\": ", f);
    exact(f, n ? min : NAN);
    fputs(",\n    \"max_score\": ", f);
    exact(f, n ? max : NAN);
    fprintf(f, ",\n    \"played\": %zu,\n    \"pacman_moves\": %ld,\n"
            "    \"nodes\": %" PRIu64 ",\n    \"move_seconds\": ", played,
            pacman_moves, nodes);
    num(f, move_seconds, 6);
    fputs(",\n    \"move_seconds_max\": ", f);
    num(f, max_move, 6);
    fputs(",\n    \"seconds\": ", f);
    num(f, run->seconds, 6);
    fputs(",\n    \"games_per_second\": ", f);
    num(f, run->seconds > 0 ? (double)played / run->seconds : NAN, 6);
    fputs(",\n    \"nodes_per_second\": ", f);
    num(f, run->seconds > 0 ? (double)nodes / run->seconds : NAN, 6);
    fputs("\n  }\n", f);
}

int pac_json_write(FILE *f, const pac_json_run *run)
{
    const pac_record *rec = run->rec;
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
