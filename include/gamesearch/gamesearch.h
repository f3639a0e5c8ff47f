/*
 * gamesearch/gamesearch.h: the whole public API of the gamesearch library.
 *
 *   core.h    status codes, gs_strerror, the allocator hook
 *   game.h    the game interface (gs_game)
 *   search.h  the engine: minimax, alpha-beta (Star1 at chance nodes),
 *             expectimax, limits, hooks
 *   tree.h    explicit game trees read from text
 *   mnk.h     m,n,k games: tic-tac-toe, Gomoku
 *   pacman.h  the CS188 Pacman world
 *   pyrandom.h Python's random module, bit for bit
 *   pacman_play.h Pacman agents, the game loop, records
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

#endif /* GAMESEARCH_GAMESEARCH_H */
