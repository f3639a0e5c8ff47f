/*
 * The lines `gamesearch pacman` shows the person at the terminal besides
 * pacman.py's own: the animated view's status line and the progress line
 * of a batch (see pacman_cli.h).
 */
#include <stdio.h>

#include "pacman_cli.h"

size_t pac_status_text(const gs_pac_batch *b, size_t game, const void *state,
                       const gs_pac_game_result *result, bool keyboard,
                       pac_moment when, char *buf, size_t size)
{
    char line[GS_PAC_LINE_SIZE];
    int n;
    switch (when) {
    case PAC_MOMENT_START:
        n = snprintf(buf, size, "game %zu of %zu: an arrow key or WASD starts "
                     "it, q quits", game, b->games);
        break;
    case PAC_MOMENT_TRAINING:
        n = snprintf(buf, size, "game %zu: training, not shown", game);
        break;
    case PAC_MOMENT_OVER:
        gs_pac_result_text(result, line, sizeof line);
        n = snprintf(buf, size, "%s   game %zu of %zu", line, game, b->games);
        break;
    default:
        n = snprintf(buf, size, "Score: %d   food: %d   %sgame %zu of %zu   %s",
                     gs_pacman_score(b->world, state),
                     gs_pacman_food_left(b->world, state),
                     b->replay ? "replay, " : "", game, b->games,
                     keyboard && !b->replay
                         ? "arrows/WASD move, space stops, q quits"
                         : "q quits");
        break;
    }
    return n < 0 ? 0 : (size_t)n;
}

size_t pac_tally_text(const gs_pac_tally *t, size_t total, double seconds,
                      char *buf, size_t size)
{
    char mean[32] = "-";
    if (t->counted)
        snprintf(mean, sizeof mean, "%.1f", t->score_sum / (double)t->counted);
    int n = snprintf(buf, size, "%zu/%zu games, %zu wins, mean score %s, "
                     "%.1f games/s", t->done, total, t->wins, mean,
                     (double)t->done / seconds);
    return n < 0 ? 0 : (size_t)n;
}
