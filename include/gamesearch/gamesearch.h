/*
 * gamesearch/gamesearch.h: the whole public API of the gamesearch library.
 *
 * The API comes in three tiers (docs/api.md), each knowing only the ones
 * above it in this list:
 *
 *   core   what a game and a search need: status codes and errors, the
 *          version, the allocator hook (core.h), the whole-file readers
 *          (file.h), the game interface (game.h), the solver tier
 *          (solver.h), the engine (search.h) and the text every output
 *          shares (text.h)
 *   games  one header a game, and what plays them (games.h)
 *   tools  what runs searches for a purpose and names no game: bench,
 *          compare, match, jobs (tools.h)
 *
 * This header includes every tier. A program that needs only some may
 * include those instead: the core tier's headers one by one (search.h
 * brings core.h and game.h), <gamesearch/games.h> or <gamesearch/tools.h>
 * (each brings what it uses of the core).
 */
#ifndef GAMESEARCH_GAMESEARCH_H
#define GAMESEARCH_GAMESEARCH_H

/* ---- The core tier ---- */
#include "core.h"     /* status codes, gs_error, the version, the allocator */
#include "file.h"     /* a whole file or stream read into memory */
#include "game.h"     /* the game interface: gs_game */
#include "solver.h"   /* the solver tier: gs_solver, gs_solver_options */
#include "search.h"   /* the engine: algorithms, limits, results, hooks */
#include "text.h"     /* numbers, JSON and Graphviz text, gs_writer */

/* ---- The games tier ---- */
#include "games.h"

/* ---- The tools tier ---- */
#include "tools.h"

#endif /* GAMESEARCH_GAMESEARCH_H */
