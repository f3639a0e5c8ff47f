/*
 * The text display: a state drawn as pacman.py prints one (game.py's
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
#include <stdlib.h>

#include "pacman_cli.h"

static char pacman_glyph(int dir)
{
    switch (dir) {
    case GS_PAC_NORTH: return 'v';
    case GS_PAC_SOUTH: return '^';
    case GS_PAC_WEST: return '>';
    default: return '<';
    }
}

void pac_text_frame(FILE *f, const gs_pacman *world, const void *state)
{
    int w = gs_pacman_width(world), h = gs_pacman_height(world);
    char *grid = malloc((size_t)w * (size_t)h);
    if (!grid) {
        fputs("(out of memory)\n", f);
        return;
    }
    /* grid[y * w + x], y = 0 the bottom row. */
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            grid[y * w + x] = gs_pacman_food(world, state, x, y) ? '.'
                              : gs_pacman_wall(world, x, y) ? '%' : ' ';
    int agents = gs_pacman_num_agents(world);
    for (int i = 0; i < agents; i++) {
        int x2, y2;
        gs_pacman_position(world, state, i, &x2, &y2);
        int x = (x2 + 1) / 2, y = (y2 + 1) / 2;   /* int(x + 0.5) */
        if (x < 0 || x >= w || y < 0 || y >= h)
            continue;
        grid[y * w + x] = i == 0
            ? pacman_glyph(gs_pacman_direction(world, state, 0)) : 'G';
    }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (gs_pacman_capsule(world, state, x, y))
                grid[y * w + x] = 'o';
    for (int y = h - 1; y >= 0; y--) {
        fwrite(grid + (size_t)y * (size_t)w, 1, (size_t)w, f);
        fputc('\n', f);
    }
    fprintf(f, "Score: %d\n\n", gs_pacman_score(world, state));
    free(grid);
}
