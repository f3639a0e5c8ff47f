/*
 * gamesearch/registry.h: every game of the library in one table, as Lua's
 * linit.c lists its libraries. The tools (compare, match, bench), the
 * program's `gamesearch games` and the Python package read the table and
 * name no game: a game added to it is served by all of them.
 *
 * An entry says what a game is called, its parameters (each with a
 * default and a line of help), how to make an instance of it from
 * parameter text ("m=4,n=4,k=3", "piles=3,4,5"), how to read and write a
 * position, and what the tools need of it (depths to compare, whether a
 * match can play it, the bench's positions). The table is const; an
 * instance belongs to its caller.
 *
 * Parameter text: "key=value" pairs separated by commas; a comma that is
 * not followed by "key=" belongs to the value ("piles=3,4,5,k=..." reads
 * piles as "3,4,5"). Keys not given take their defaults.
 */
#ifndef GAMESEARCH_REGISTRY_H
#define GAMESEARCH_REGISTRY_H

#include <stdbool.h>
#include <stddef.h>

#include "core.h"
#include "game.h"
#include "search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most parameters a game has. */
#define GS_GAME_MAX_PARAMS 8

/* One parameter of a game. */
typedef struct gs_game_param {
    const char *name;      /* "piles" */
    const char *value;     /* its default, as text ("3,4,5") */
    const char *help;      /* one line, no final period */
} gs_game_param;

/* What a game is made from besides its parameters. */
typedef enum gs_game_source {
    GS_SOURCE_NONE = 0,    /* its parameters alone */
    GS_SOURCE_FILE = 1,    /* the text of a file the user names (a tree) */
    GS_SOURCE_LAYOUT = 2   /* a maze, found by name among the layouts */
} gs_game_source;

/* A game's flags. */
enum {
    /* Two agents, MAX (0) and MIN (1), no chance; a finished game's value
     * is positive when MAX won, negative when MIN won, 0 a draw: the
     * players of a match (gamesearch/match.h) can play it from its start. */
    GS_GAME_TWO_PLAYER = 1
};

/*
 * One search of the bench (gamesearch/bench.h) on a game. Consecutive rows
 * of a game with the same params and source share one instance and one
 * engine (its table emptied before every search that uses it).
 */
typedef struct gs_game_bench {
    const char *params;    /* the instance's parameter text ("" defaults) */
    const char *source;    /* the text it is made from, or NULL */
    const char *name;      /* the position's name in the rows */
    const char *position;  /* as the entry's `read` takes it ("": start) */
    /* The search: with `solver` the entry's solver_options (weak: only
     * win, draw or loss), else these. depth 0: to the end. */
    gs_algo algo;
    int depth;
    bool rounds;           /* depth in rounds rather than plies */
    bool strict;           /* alpha-beta prunes on strict inequality */
    bool tt, order, iterative;
    bool solver, weak;
    const char *extra;     /* words after the options in the row's
                              description (an evaluation's name), or NULL */
    /* The value the search must find, from MAX's side, when known (only
     * its sign when weak). */
    bool known;
    double value;
} gs_game_bench;

/* One game of the registry. The hooks' `inst` is what `make` made; their
 * `err` is never NULL (and zeroed before the call). */
typedef struct gs_game_entry {
    const char *name;      /* as the commands take it: "connect4" */
    const char *title;     /* in sentences: "Connect Four" */
    const char *summary;   /* one line, no final period */
    int num_params;        /* 0 .. GS_GAME_MAX_PARAMS */
    const gs_game_param *params;
    gs_game_source source;
    /* With GS_SOURCE_LAYOUT: the layout used when none is named. */
    const char *source_default;
    unsigned flags;        /* GS_GAME_* */
    /* The names of the values of its parameter "eval" (NULL-terminated),
     * in the order of gs_player_spec's eval; NULL when it has none. */
    const char *const *evals;

    /*
     * Makes an instance: value[i] is the text of params[i] (given or its
     * default), source the `len` bytes of the source (NULL with
     * GS_SOURCE_NONE). Fills *game (ctx is the instance) and *inst.
     * GS_OK; GS_EINVAL with err->message naming the bad parameter;
     * GS_EPARSE or GS_ETOOBIG for a bad source (err says where);
     * GS_ENOMEM. Nothing is left allocated on failure.
     */
    int (*make)(const char *const *value, const char *source, size_t len,
                const gs_allocator *alloc, void **inst, gs_game *game,
                gs_error *err);
    void (*free)(void *inst);
    /* Writes into `state` (game->state_size bytes) the position `text`
     * (len bytes, "" the start). GS_OK or GS_EPARSE with err (column:
     * where in text, 1-based). */
    int (*read)(const void *inst, const char *text, size_t len, void *state,
                gs_error *err);
    /* Writes the position as `read` takes it into buf (size bytes, NUL
     * included) and returns the whole length, as snprintf; NULL when the
     * game's positions have no text but the start. */
    size_t (*write)(const void *inst, const void *state, char *buf,
                    size_t size);
    /* What the position is called when its text is "" ("the empty
     * board"). */
    const char *start_name;
    /* The instance in a few words for a heading, after the game's name
     * (" 4x4 k=3", ", 2 ghosts"), or NULL when its name says it all. */
    size_t (*describe)(const void *inst, char *buf, size_t size);

    /* ---- what compare needs ---- */

    /* The depths in plies compared by default from `state`: 1 to the
     * end of the game, or as far as searches stay quick. */
    void (*depths)(const void *inst, const void *state, int *lo, int *hi);
    /* Optional: GS_OK when a search cut off at `depth` plies can value
     * every node it cuts off, else GS_EPARSE with err. */
    int (*check_depth)(const void *inst, int depth, gs_error *err);

    /* ---- what match needs (GS_GAME_TWO_PLAYER) ---- */

    /* True when alpha-beta solves the game from its start in a moment:
     * match's players then search to the end by default. */
    bool (*small)(const void *inst);

    /* ---- what bench needs ---- */

    /* Optional: the game's strongest exact search, into *o and its solver
     * tier's options *so (o->solver points to so); weak: only the sign of
     * the value. */
    void (*solver_options)(gs_search_options *o, gs_solver_options *so,
                           bool weak);
    int num_bench;
    const gs_game_bench *bench;
} gs_game_entry;

/* The number of games, and game i (0 .. count-1; NULL outside), in the
 * order of `gamesearch games`. */
GS_API int gs_registry_count(void);
GS_API const gs_game_entry *gs_registry_at(int i);
/* The game called `name` (exactly), or NULL. */
GS_API const gs_game_entry *gs_registry_find(const char *name);
/* Game `name` written "NAME[:PARAMS]": the game and *params (the text
 * after the colon, "" when none); NULL when no game is called NAME. */
GS_API const gs_game_entry *gs_registry_lookup(const char *spec,
                                               const char **params);

/*
 * The names of the games with all of `flags` (0: every game), as a list
 * for a sentence: "ttt, mnk, gomoku or connect4". Writes at most size
 * bytes (NUL included) and returns the whole length, as snprintf.
 */
GS_API size_t gs_registry_names(unsigned flags, char *buf, size_t size);

/* The index of parameter `name` of e, or -1. */
GS_API int gs_game_param_index(const gs_game_entry *e, const char *name);

/*
 * Reads parameter text for e into value[0 .. e->num_params-1] (each a
 * NUL-terminated string in buf, `size` bytes; defaults for keys not
 * given). GS_OK; GS_EPARSE with err->message ("unknown parameter 'x'
 * (nim takes piles)", "parameter 'piles' given twice", "'x' is not
 * key=value") and err->column (1-based, in text); GS_ETOOBIG when buf is
 * too small.
 */
GS_API int gs_game_params_parse(const gs_game_entry *e, const char *text,
                                char *buf, size_t size, const char **value,
                                gs_error *err);

/* A game made from the registry: the entry, its instance and gs_game. */
typedef struct gs_game_instance {
    const gs_game_entry *entry;
    void *inst;
    gs_game game;
} gs_game_instance;

/*
 * Makes game e from parameter text `params` (NULL or "": the defaults)
 * and, for a game with a source, `len` bytes of source text. GS_OK and
 * *out; the statuses of gs_game_params_parse and of e->make, with err
 * saying why. alloc may be NULL.
 */
GS_API int gs_game_make(const gs_game_entry *e, const char *params,
                        const char *source, size_t len,
                        const gs_allocator *alloc, gs_game_instance *out,
                        gs_error *err);
/* Frees what gs_game_make made (a zeroed instance is fine). */
GS_API void gs_game_unmake(gs_game_instance *g);

#ifdef __cplusplus
}
#endif

#endif /* GAMESEARCH_REGISTRY_H */
