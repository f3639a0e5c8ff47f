/*
 * gamesearch/gamesearch.h: the whole public API of the gamesearch library.
 *
 *   core.h         status codes, gs_strerror, the version, the error
 *                  record of every parser, the allocator hook, the
 *                  whole-file readers
 *   game.h         the game interface (gs_game)
 *   search.h       the engine: minimax, alpha-beta (Star1 at chance
 *                  nodes), expectimax, limits, hooks
 *   tree.h         explicit game trees read from text
 *   mnk.h          m,n,k games: tic-tac-toe, Gomoku, the computer player
 *   connect4.h     Connect Four and its exact solver
 *   pacman.h       the CS188 Pacman world
 *   pyrandom.h     Python's random module, bit for bit
 *   pacman_play.h  Pacman agents, the game loop, records
 *   registry.h     every game in one table: parameters, making,
 *                  positions, what the tools need
 *   bench.h        the fixed searches of `gamesearch bench`
 *   compare.h      one position, every algorithm, every depth
 *   match.h        two players, many games: the result and its Elo
 *   jobs.h         a batch of jobs on a pool of threads, results in order
 */
#ifndef GAMESEARCH_GAMESEARCH_H
#define GAMESEARCH_GAMESEARCH_H

#include "core.h"
#include "game.h"
#include "search.h"
#include "tree.h"
#include "mnk.h"
#include "connect4.h"
#include "pacman.h"
#include "pyrandom.h"
#include "pacman_play.h"
#include "registry.h"
#include "bench.h"
#include "text.h"
#include "compare.h"
#include "match.h"
#include "jobs.h"

#endif /* GAMESEARCH_GAMESEARCH_H */
