/*
 * cli/connect4_cli.h: the Connect Four solver's search options, shared by
 * `gamesearch connect4` and `gamesearch bench` so that the bench measures
 * the solver people run.
 */
#ifndef GS_CLI_CONNECT4_H
#define GS_CLI_CONNECT4_H

#include "gamesearch/search.h"

/* Exact solving: alpha-beta, null-window search, the table, the game's
 * ordering hint, prefetching; no killers or history, no symmetry (both
 * measured worse on Pons's test sets; see cmd_connect4.c). */
void c4_solver_options(gs_search_options *o);

#endif /* GS_CLI_CONNECT4_H */
