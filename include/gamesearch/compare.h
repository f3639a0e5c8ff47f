/*
 * gamesearch/compare.h: what search costs. One position of any game is
 * searched with each of several algorithms at each of several depths,
 * every search on its own from an empty table, and each search's counts
 * are kept: nodes, leaves, time, value and best action. The rows can then
 * be drawn as a chart of nodes against depth (gs_compare_svg).
 *
 * An algorithm of a comparison is an engine algorithm and the alpha-beta
 * improvements it uses, named as `gamesearch compare --algo` spells them:
 *
 *   minimax                   every node (chance nodes averaged)
 *   alphabeta                 alpha-beta, the game's own move order
 *   alphabeta+order           ... trying moves by the game's ordering hint
 *   alphabeta+order+tt        ... and a transposition table
 *   alphabeta+order+tt+iter   ... and iterative deepening (its count is that
 *                             of every iteration)
 *   expectimax                every MIN agent a uniform chance agent
 *   pvs, mtdf, sss, maxn, paranoid, brs   when named
 *   pns, pns+order, dfpn, dfpn+order      proof-number search, when named:
 *                             searched once, to the end of the game, after
 *                             every depth, in a row of depth 0 whose value
 *                             is the outcome for MAX (1, 0, -1)
 *
 * "+order", "+tt" and "+iter" may be combined in any subset, in this order,
 * after "alphabeta" only (gs_compare_algo_unfit refuses them after the
 * others).
 *
 * The games and positions `gamesearch compare` searches come from the
 * registry (gamesearch/registry.h): the game's make and read, and its
 * depths and check_depth.
 */
#ifndef GAMESEARCH_COMPARE_H
#define GAMESEARCH_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core.h"
#include "game.h"
#include "search.h"
#include "text.h"

#ifdef __cplusplus
extern "C" {
#endif

/* An algorithm of a comparison. */
typedef struct gs_compare_algo {
    gs_algo algo;        /* GS_MINIMAX, GS_ALPHABETA, GS_EXPECTIMAX, ... */
    bool order_moves;    /* alpha-beta: the game's ordering hint */
    bool use_tt;         /* alpha-beta: the transposition table */
    bool iterative;      /* alpha-beta: iterative deepening */
} gs_compare_algo;

/* The most algorithms in one comparison, and room for a name. */
#define GS_COMPARE_MAX_ALGOS 8
#define GS_COMPARE_NAME_SIZE 32

/* Writes the algorithm's name ("alphabeta+order+tt") into buf (at most
 * size bytes, NUL included) and returns buf. */
GS_API const char *gs_compare_algo_name(const gs_compare_algo *a, char *buf,
                                        size_t size);

/* Reads a name as gs_compare_algo_name writes it (len bytes of name, no
 * NUL needed). GS_OK and *out, or GS_EINVAL. */
GS_API int gs_compare_algo_parse(const char *name, size_t len,
                                 gs_compare_algo *out);

/*
 * Why `a` cannot search `game`, in one sentence without a final period
 * ("the game has no ordering hint"), or NULL when it can: "+order" needs
 * the game's order_hint, "+tt" and "+iter" its hash, expectimax a MIN or
 * chance agent.
 */
GS_API const char *gs_compare_algo_unfit(const gs_game *game,
                                         const gs_compare_algo *a);

/* The algorithms of the list above that can search `game`, in that order,
 * into out[0 .. n-1] (room for GS_COMPARE_MAX_ALGOS); returns n. */
GS_API int gs_compare_default_algos(const gs_game *game,
                                    gs_compare_algo *out);

/* One search of a comparison. */
typedef struct gs_compare_row {
    int algo;            /* its index in the options' algos */
    int depth;           /* plies (0: a proof, to the end of the game) */
    gs_result result;    /* the engine's result, as gs_search gave it */
    /* The best root action's name (game->action_name, or its number), or
     * "" when there is none or the search stopped. */
    char best[32];
} gs_compare_row;

/* Called after each search, with the row just added. */
typedef void (*gs_compare_fn)(void *user, const gs_compare_row *row);

typedef struct gs_compare_options {
    int num_algos;                            /* 1 .. GS_COMPARE_MAX_ALGOS */
    gs_compare_algo algos[GS_COMPARE_MAX_ALGOS];
    int min_depth, max_depth;                 /* plies, 1 <= min <= max */
    /* The textbook pruning rule (default true); false: CS188's. */
    bool prune_equal;
    /* Each search stops after this many nodes (0: no limit; default
     * 5,000,000). An algorithm whose search stopped is not searched at
     * the greater depths, and the comparison ends when every one has. */
    uint64_t max_nodes;
    /* The table of the "+tt" algorithms, emptied before each search
     * (default 16 MiB). */
    size_t tt_bytes;
    gs_compare_fn fn;    /* may be NULL */
    void *user;
} gs_compare_options;

/*
 * Reads `list`, names as gs_compare_algo_name writes them separated by
 * commas ("minimax,alphabeta+order"), into o->algos and o->num_algos, or
 * with a NULL list the defaults of gs_compare_default_algos. GS_OK;
 * GS_EPARSE for a name that is not an algorithm, GS_EINVAL for one that
 * cannot search `game` or for more than GS_COMPARE_MAX_ALGOS: then the
 * name is list[*at .. *at + *len - 1] and *why says why in words without
 * a final period ("not an algorithm", gs_compare_algo_unfit's reason,
 * "too many algorithms (at most 8)").
 */
GS_API int gs_compare_algos_parse(const char *list, const gs_game *game,
                                  gs_compare_options *o, const char **why,
                                  size_t *at, size_t *len);

/* The most depth gs_compare_depths_parse takes. */
#define GS_COMPARE_MAX_DEPTH 1000

/* Reads depths as `gamesearch compare --depth` takes them: "D" (1 to D)
 * or "LO-HI", whole numbers with 1 <= LO <= HI <= GS_COMPARE_MAX_DEPTH.
 * GS_OK with *lo and *hi; GS_EPARSE (nothing stored). */
GS_API int gs_compare_depths_parse(const char *text, int *lo, int *hi);

/* Fills in the defaults: no algorithm yet, depths 1 .. 1, the rest as
 * above. */
GS_API void gs_compare_options_init(gs_compare_options *o);

/* A comparison's results. */
typedef struct gs_compare {
    gs_compare_options options;   /* as given (fn and user cleared) */
    /* The searches in the order made: by depth, then by algorithm; a
     * search that stopped at max_nodes is here with result.stopped set,
     * the ones never made (deeper, after it stopped) are not. */
    size_t num_rows;
    gs_compare_row *rows;
    size_t rows_capacity;         /* room for rows (the library's) */
    /* How many actions the root has (for the reference lines). */
    int root_actions;
    gs_allocator alloc;
} gs_compare;

/*
 * Searches `root` of `game` with every algorithm of `o` (each one checked
 * with gs_compare_algo_unfit) at every depth from o->min_depth to
 * o->max_depth, on one engine, one thread, without a time limit; alloc may
 * be NULL. GS_OK and *out (free it with gs_compare_free); GS_EINVAL for a
 * missing argument, bad options or an algorithm that cannot search the
 * game; GS_ENOMEM; or the status of a search that failed (GS_EPLY, ...),
 * with `why` (when not NULL, GS_COMPARE_WHY_SIZE bytes) saying which and
 * why in one sentence. *out is NULL on failure and nothing is leaked.
 */
#define GS_COMPARE_WHY_SIZE 256
GS_API int gs_compare_run(const gs_game *game, const void *root,
                          const gs_compare_options *o,
                          const gs_allocator *alloc, gs_compare **out,
                          char *why);

/* Frees a comparison (NULL is fine). */
GS_API void gs_compare_free(gs_compare *c);

/* The effective branching factor of a search: nodes^(1/depth) (NAN for a
 * depth below 1). */
GS_API double gs_compare_ebf(uint64_t nodes, int depth);

/*
 * The branching factor b of the chart's reference lines b^d and b^(d/2):
 * minimax's effective branching factor at the deepest depth it finished,
 * or, without such a search, the root's number of actions. *depth (when
 * not NULL) is that depth, or 0 for the root's count.
 */
GS_API double gs_compare_branching(const gs_compare *c, int *depth);

/* Receives the SVG text a piece at a time; nonzero stops the writer: a
 * gs_write_fn (text.h). */
typedef gs_write_fn gs_compare_write_fn;

/*
 * Writes an SVG chart of c: nodes searched against depth on a log scale,
 * one line for each algorithm (its finished searches; one that stopped at
 * the node limit ends in an open circle, which the legend explains),
 * b^d and b^(d/2) dashed for reference, labelled axes and a legend; `title`
 * (may be NULL) is shown above it. A line that coincides with an earlier
 * algorithm's is dashed, and the legend says "same nodes as" that one;
 * with expectimax, the legend says its value is an expectation. A
 * comparison at a single depth is drawn as bars, one per algorithm, with
 * the count above each. Returns GS_OK, GS_EINVAL for a comparison without rows, or
 * the first nonzero value write returned.
 */
GS_API int gs_compare_svg(const gs_compare *c, const char *title,
                          gs_compare_write_fn write, void *user);

/*
 * gs_compare_svg with its type `font_scale` times as large (1 to 3; 1.5
 * reads on a projector), the margins and the legend grown with it.
 * GS_EINVAL for a scale outside 1 to 3.
 */
GS_API int gs_compare_svg_scaled(const gs_compare *c, const char *title,
                                 double font_scale, gs_compare_write_fn write,
                                 void *user);

/*
 * One row as `gamesearch compare` prints it, and a newline: the depth, the
 * algorithm's name, nodes and leaves (with thousands separators), the
 * milliseconds, the effective branching factor, the value ("stopped" for
 * a search that stopped) and the best action ("-" when none), in columns
 * under gs_compare_text_header's. Writes at most size bytes, NUL
 * included, and returns the whole length, as snprintf does.
 */
GS_API size_t gs_compare_row_text(const gs_compare_options *o,
                                  const gs_compare_row *row, char *buf,
                                  size_t size);
/* The header of those columns, and a newline. */
GS_API const char *gs_compare_text_header(void);

/*
 * c as `gamesearch compare --json` prints it, one object and a newline:
 * {"game": game, "position": position, "branching":
 * gs_compare_branching, "rows": [{"algo", "depth", "nodes", "leaves",
 * "seconds", "ebf", "value" (null when stopped), "best" (null when none)
 * and "stopped": true for a search that stopped}, ...]}. Returns GS_OK,
 * GS_EINVAL for a NULL argument, or the first nonzero value of write.
 */
GS_API int gs_compare_json_write(const gs_compare *c, const char *game,
                                 const char *position, gs_write_fn write,
                                 void *user);

#ifdef __cplusplus
}
#endif

#endif /* GAMESEARCH_COMPARE_H */
