/*
 * gamesearch/bench.h: the bench, a fixed list of searches whose total node
 * count is a signature of the search code.
 *
 * Every position is built in, listed by its game's registry entry
 * (gs_game_entry.bench: tic-tac-toe, Gomoku, Connect Four, Pacman, ...),
 * and searched to a fixed depth (or to the end) on one thread, without a
 * time or node limit, with a transposition table of 16 MiB emptied before
 * each search. The number of nodes visited is then a fact of the search
 * code alone: the same in every build and on every machine, and changed by
 * any change to what the engine does or to what the games hand it
 * (ordering hints, evaluations, bounds, the moves worth searching).
 * Values that are known (games solved to the end) are checked.
 */
#ifndef GAMESEARCH_BENCH_H
#define GAMESEARCH_BENCH_H

#include <stdbool.h>
#include <stdint.h>

#include "core.h"
#include "search.h"
#include "text.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The table every search of the bench uses. */
#define GS_BENCH_TT_BYTES ((size_t)16 << 20)

/* One search of the bench, as it ended. */
typedef struct gs_bench_row {
    const char *game;       /* the game's name in the registry */
    const char *position;   /* the position's name ("b2 a1", "arena, 4
                               ghosts") */
    /* The search, in words: the algorithm, "strict" (alpha-beta pruning
     * only on strict inequality), "tt", "order", "history", "nullwin",
     * "sym", "prefetch", "iter", "window=LO,HI" as the options have them,
     * then the evaluation and ghost model of a Pacman search. */
    char search[160];
    char depth[32];         /* "end", "5 plies" or "3 rounds" */
    /* GS_OK, or the status of a search that failed. A search that
     * stopped early (result.stopped; none should, without limits) failed
     * too. A failed row is not in the totals' rows, nodes and seconds. */
    int status;
    gs_result result;       /* what the search found */
    char best[32];          /* the best action's name, or "-" */
    /* The position's value is known and the search found another; `want`
     * is that value in words ("0", "-2 (its sign)"). */
    bool wrong;
    char want[32];
} gs_bench_row;

/* Called after every search of the bench, in order. */
typedef void (*gs_bench_fn)(void *user, const gs_bench_row *row);

/* What the whole bench did. */
typedef struct gs_bench_totals {
    int rows;               /* searches that finished */
    uint64_t nodes;         /* their nodes: the signature */
    double seconds;         /* their wall time (setting up not counted) */
    int failures;           /* searches that failed or found a wrong value */
} gs_bench_totals;

/*
 * Runs every search of the bench in order, calling fn (which may be NULL)
 * after each, and fills *totals. alloc may be NULL. Returns GS_OK (also
 * when searches failed: totals->failures counts them), or GS_ENOMEM (or
 * another status) when a game or an engine could not be set up: the bench
 * ends there, after the rows before it. GS_EINVAL for a NULL totals.
 */
GS_API int gs_bench_run(const gs_allocator *alloc, gs_bench_fn fn, void *user,
                        gs_bench_totals *totals);

/*
 * The bench as `gamesearch bench` prints it, through a gs_write_fn: the
 * start, each finished row (first: the first one written), the end.
 * Text: a header line, a line a row (game, position, depth, value with
 * ten significant digits, best, nodes, milliseconds, search), then an
 * empty line and the totals:
 *   Nodes searched: N
 *   Nodes/second: M
 *   Time: S seconds
 * JSON: {"rows": [{"game", "position", "search", "depth", "value", "best",
 * "nodes", "ms"}, ...], "nodes", "nodes_per_second", "seconds"} and a
 * newline. Each returns 0 or the first nonzero value write returned.
 */
GS_API int gs_bench_write_start(bool json, gs_write_fn write, void *user);
GS_API int gs_bench_write_row(const gs_bench_row *row, bool json, bool first,
                              gs_write_fn write, void *user);
GS_API int gs_bench_write_end(const gs_bench_totals *totals, bool json,
                              gs_write_fn write, void *user);

#ifdef __cplusplus
}
#endif

#endif /* GAMESEARCH_BENCH_H */
