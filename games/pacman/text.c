/*
 * games/pacman/text.c: a state as pacman.py prints one (game.py's
 * GameStateData.__str__, then print's newline):
 *
 *   %%%%%          food '.', wall '%', floor ' ';
 *   %.G.%          then each agent in turn at its nearest cell (a ghost
 *   %< .%          between two cells rounds up): Pacman by the way its
 *   %%%%%          mouth opens, '<' East or Stop, '>' West, 'v' North,
 *   Score: 0       '^' South; ghosts 'G', over Pacman; then capsules 'o',
 *                  over everything
 * and an empty line.
 */
#include <stdio.h>
#include <string.h>

#include "gamesearch/pacman_play.h"

char gs_pac_text_glyph(int dir)
{
    switch (dir) {
    case GS_PAC_NORTH: return 'v';
    case GS_PAC_SOUTH: return '^';
    case GS_PAC_WEST: return '>';
    default: return '<';
    }
}

/* What cell (x, y) shows. */
static char cell(const gs_pacman *w, const void *state, int x, int y)
{
    if (gs_pacman_capsule(w, state, x, y))
        return 'o';
    char c = gs_pacman_food(w, state, x, y) ? '.'
             : gs_pacman_wall(w, x, y)      ? '%' : ' ';
    int agents = gs_pacman_num_agents(w);
    for (int i = 0; i < agents; i++) {   /* the last agent there shows */
        int x2, y2;
        gs_pacman_position(w, state, i, &x2, &y2);
        if ((x2 + 1) / 2 == x && (y2 + 1) / 2 == y)   /* int(x + 0.5) */
            c = i == 0 ? gs_pac_text_glyph(gs_pacman_direction(w, state, 0)) : 'G';
    }
    return c;
}

size_t gs_pac_text_frame(const gs_pacman *world, const void *state, char *buf,
                         size_t size)
{
    int w = gs_pacman_width(world), h = gs_pacman_height(world);
    char score[32];
    int slen = snprintf(score, sizeof score, "Score: %d\n\n",
                        gs_pacman_score(world, state));
    size_t need = (size_t)h * ((size_t)w + 1) + (size_t)slen;
    if (size == 0)
        return need;
    size_t k = 0;
    for (int y = h - 1; y >= 0; y--) {
        for (int x = 0; x < w && k + 1 < size; x++)
            buf[k++] = cell(world, state, x, y);
        if (k + 1 < size)
            buf[k++] = '\n';
    }
    for (int i = 0; i < slen && k + 1 < size; i++)
        buf[k++] = score[i];
    buf[k] = '\0';
    return need;
}
