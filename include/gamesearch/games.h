/*
 * gamesearch/games.h: the games tier of the gamesearch API (docs/api.md),
 * one header a game. Each fills in the game interface (gamesearch/game.h)
 * and holds its own logic: agents, game loops with per-move callbacks,
 * formats. Every header here includes what it uses of the core tier.
 */
#ifndef GAMESEARCH_GAMES_H
#define GAMESEARCH_GAMES_H

#include "tree.h"          /* explicit game trees read from text */
#include "mnk.h"           /* m,n,k games: tic-tac-toe, Gomoku, a player */
#include "connect4.h"      /* Connect Four and its exact solver */
#include "pacman.h"        /* the CS188 Pacman world */
#include "pyrandom.h"      /* Python's random module, bit for bit */
#include "pacman_play.h"   /* Pacman agents, the game loop, records */
#include "registry.h"      /* every game in one table: parameters, making,
                              positions, what the tools need */

#endif /* GAMESEARCH_GAMES_H */
