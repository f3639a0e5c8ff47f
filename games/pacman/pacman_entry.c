/*
 * games/pacman/pacman_entry.c: the CS188 Pacman world in the registry
 * (gamesearch/registry.h): a maze at its start, searched as the agents of
 * `gamesearch pacman` search it, and the bench's searches of those agents.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/pacman.h"
#include "gamesearch/registry.h"

/* An instance: the world and how the search sees it (its ctx). */
typedef struct pac_instance {
    gs_allocator alloc;
    gs_pacman *world;
    gs_pac_search_game sg;
} pac_instance;

static const char *const evals[] = {"score", "better", "reflex", "champion",
                                    NULL};
static const char *const models[] = {"min", "random", "directional", NULL};

/* The index of `text` in names, or -1 with err saying so. */
static int pick(const char *param, const char *text,
                const char *const *names, const char *choices, gs_error *err)
{
    for (int i = 0; names[i]; i++)
        if (strcmp(text, names[i]) == 0)
            return i;
    snprintf(err->message, sizeof err->message, "%s '%s' is not %s", param,
             text, choices);
    return -1;
}

static void free_pacman(void *inst)
{
    pac_instance *p = inst;
    if (!p)
        return;
    gs_pacman_free(p->world);
    p->alloc.fn(p->alloc.user, p, sizeof *p, 0);
}

static int make(const char *const *value, const char *source, size_t len,
                const gs_allocator *alloc, void **inst, gs_game *game,
                gs_error *err)
{
    char *end;
    long ghosts = strtol(value[0], &end, 10);
    if (end == value[0] || *end || ghosts < 0 || ghosts > 1000) {
        snprintf(err->message, sizeof err->message,
                 "ghosts '%s' is not a whole number from 0 to 1000",
                 value[0]);
        return GS_EINVAL;
    }
    int eval = pick("eval", value[1], evals,
                    "score, better, reflex or champion", err);
    int model = eval < 0 ? -1 : pick("model", value[2], models,
                                     "min, random or directional", err);
    if (model < 0)
        return GS_EINVAL;
    pac_instance *p = alloc->fn(alloc->user, NULL, 0, sizeof *p);
    if (!p)
        return GS_ENOMEM;
    memset(p, 0, sizeof *p);
    p->alloc = *alloc;
    int rc = gs_pacman_read(source, len, 1, (int)ghosts, alloc, &p->world,
                            err);
    if (rc != GS_OK) {
        free_pacman(p);
        return rc;
    }
    p->sg.world = p->world;
    p->sg.eval = (gs_pac_eval)eval;
    p->sg.ghosts = (gs_pac_ghost_model)model;
    gs_pacman_search_game(&p->sg, game);
    *inst = p;
    return GS_OK;
}

static int read(const void *inst, const char *text, size_t len, void *state,
                gs_error *err)
{
    const pac_instance *p = inst;
    (void)text;
    if (len) {
        snprintf(err->message, sizeof err->message,
                 "a maze has no position but its start");
        return GS_EPARSE;
    }
    gs_pacman_initial(p->world, state);
    return GS_OK;
}

static size_t describe(const void *inst, char *buf, size_t size)
{
    const pac_instance *p = inst;
    int ghosts = gs_pacman_num_agents(p->world) - 1;
    return (size_t)snprintf(buf, size, ", %d ghost%s", ghosts,
                            ghosts == 1 ? "" : "s");
}

/* 1 to 3 rounds. */
static void depths(const void *inst, const void *state, int *lo, int *hi)
{
    const pac_instance *p = inst;
    (void)state;
    *lo = 1;
    *hi = 3 * gs_pacman_num_agents(p->world);
}

/* Two of the project's mazes (layouts/arena.lay, layouts/fortress.lay),
 * built in so that the bench reads no file. */
static const char arena_maze[] =
    "%%%%%%%%%%%%%%%%%%%%%%%%%%\n"
    "%G......................G%\n"
    "%........................%\n"
    "%...%%%............%%%...%\n"
    "%...%................%...%\n"
    "%..........o..o..........%\n"
    "%...........P............%\n"
    "%...%................%...%\n"
    "%...%%%............%%%...%\n"
    "%........................%\n"
    "%G......................G%\n"
    "%%%%%%%%%%%%%%%%%%%%%%%%%%\n";

static const char fortress_maze[] =
    "%%%%%%%%%%%%%%%%%%%%%%%%%%%\n"
    "%o.......................o%\n"
    "%.%%%%%.%%%%%.%%%%%.%%%%%.%\n"
    "%.%.....................%.%\n"
    "%.%.%%%%%%%%%.%%%%%%%%%.%.%\n"
    "%.%.%%%%%%%%% %%%%%%%%%.%.%\n"
    "%.%.%%%%%o.......o%%%%%.%.%\n"
    "%....... ..1.3.2.. .......%\n"
    "%.%.%%%%%o.......o%%%%%.%.%\n"
    "%.%.%%%%%%%%% %%%%%%%%%.%.%\n"
    "%.%.%%%%%%%%%.%%%%%%%%%.%.%\n"
    "%.%.....................%.%\n"
    "%.%%%%%.%%%%%.%%%%%.%%%%%.%\n"
    "%o...........P...........o%\n"
    "%%%%%%%%%%%%%%%%%%%%%%%%%%%\n";

/*
 * The searches of `gamesearch pacman`'s agents from the start of a game:
 * MinimaxAgent, AlphaBetaAgent and ExpectimaxAgent as the CS188 autograder
 * expects them (depth in rounds, the legal order, strict pruning, no
 * table), and ChampionAgent's expectimax over DirectionalGhosts with its
 * table and iterative deepening, here to a fixed depth instead of its node
 * budget.
 */
static const gs_game_bench bench[] = {
    {"ghosts=4", arena_maze, "arena, 4 ghosts", "", GS_MINIMAX, 3, true,
     true, false, false, false, false, false, "score", false, 0},
    {"ghosts=4", arena_maze, "arena, 4 ghosts", "", GS_ALPHABETA, 3, true,
     true, false, false, false, false, false, "score", false, 0},
    {"ghosts=3,eval=better,model=random", fortress_maze,
     "fortress, 3 ghosts", "", GS_EXPECTIMAX, 3, true, true, false, false,
     false, false, false, "better", false, 0},
    {"ghosts=2,eval=champion,model=directional", arena_maze,
     "arena, 2 ghosts", "", GS_EXPECTIMAX, 4, true, true, true, false, true,
     false, false, "champion directional", false, 0},
};

static const gs_game_param params[] = {
    {"ghosts", "4", "at most this many of the maze's ghosts"},
    {"eval", "score", "the evaluation: score, better, reflex or champion"},
    {"model", "min", "the ghosts: min, random or directional (chance)"},
};

const gs_game_entry gs_pacman_entry = {
    .name = "pacman",
    .title = "Pacman",
    .summary = "CS188's Pacman: a maze at its start, the ghosts minimising",
    .num_params = 3,
    .params = params,
    .source = GS_SOURCE_LAYOUT,
    .source_default = "crossroads",
    .evals = evals,
    .make = make,
    .free = free_pacman,
    .read = read,
    .start_name = "its start",
    .describe = describe,
    .depths = depths,
    .num_bench = (int)(sizeof bench / sizeof *bench),
    .bench = bench,
};
