/*
 * pacman_fixture.h: what the Pacman tests share: a world made from a
 * layout text (failing the test, with the layout's own message, when it
 * is refused), states to play with, and checks of an agent.
 */
#ifndef GS_TEST_PACMAN_FIXTURE_H
#define GS_TEST_PACMAN_FIXTURE_H

#include <stddef.h>

#include "gamesearch/pacman.h"

/* The world of layout `text` (len bytes) with at most `ghosts` ghosts;
 * `where` names the text in a failure message. */
gs_pacman *world_from(const char *text, size_t len, int ghosts,
                      const gs_allocator *alloc, const char *where);
/* A fresh state at the start, and a copy of `s` (both malloc'd: aligned
 * for uint64_t; free them). */
void *new_state(const gs_pacman *w);
void *copy_state(const gs_pacman *w, const void *s);
/* The direction named `name` ("North", "Stop", ...); fails the test on an
 * unknown name. */
int dir_of(const char *name);
/* Checks that agent `agent` of s stands at doubled (x2, y2), faces `dir`
 * and has `scared` moves of fright left. */
void expect_agent(const gs_pacman *w, const void *s, int agent, int x2,
                  int y2, const char *dir, int scared);

#endif /* GS_TEST_PACMAN_FIXTURE_H */
