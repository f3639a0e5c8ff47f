/*
 * nim.c: a complete game written against gamesearch's public API alone.
 *
 * Nim, subtraction version: a few piles of stones; a move takes 1, 2 or 3
 * stones from one pile; whoever takes the last stone wins. The program
 * solves the position given on its command line (default: piles of 3, 4
 * and 5) with alpha-beta and a transposition table, and prints the value
 * for the player to move (1 a win, -1 a loss) and the first best move.
 *
 *   usage: nim [PILE...]      (1 to 4 piles of 0 to 15 stones)
 *
 * Build it against an installed gamesearch with
 *   cc nim.c $(pkg-config --cflags --libs gamesearch) -o nim
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gamesearch/gamesearch.h>

#define MAX_PILES 4
#define MAX_STONES 15
#define MAX_TAKE 3

/* A state: the piles and who moves, agent 0 (MAX, the player to move at
 * the start) or agent 1 (MIN). Plain bytes: the engine copies states. */
typedef struct nim_state {
    unsigned char pile[MAX_PILES];
    unsigned char to_move;
} nim_state;

/* The game instance: how many piles this game has. */
typedef struct nim {
    int piles;
} nim;

/* An action is a pile and a number of stones: pile * MAX_TAKE + take - 1. */
static int action_pile(gs_action a) { return a / MAX_TAKE; }
static int action_take(gs_action a) { return a % MAX_TAKE + 1; }

static int nim_to_move(const void *ctx, const void *state)
{
    (void)ctx;
    return ((const nim_state *)state)->to_move;
}

static gs_role nim_role(const void *ctx, int agent)
{
    (void)ctx;
    return agent == 0 ? GS_ROLE_MAX : GS_ROLE_MIN;
}

static bool nim_is_terminal(const void *ctx, const void *state)
{
    const nim *g = ctx;
    const nim_state *s = state;
    for (int i = 0; i < g->piles; i++)
        if (s->pile[i] > 0)
            return false;
    return true;
}

static int nim_actions(const void *ctx, const void *state, gs_action *out)
{
    const nim *g = ctx;
    const nim_state *s = state;
    int n = 0;
    for (int i = 0; i < g->piles; i++)
        for (int take = 1; take <= MAX_TAKE && take <= s->pile[i]; take++)
            out[n++] = i * MAX_TAKE + take - 1;
    return n;
}

static void nim_apply(const void *ctx, const void *state, gs_action action,
                      void *child)
{
    (void)ctx;
    nim_state *c = child;
    memcpy(c, state, sizeof *c);
    c->pile[action_pile(action)] -= (unsigned char)action_take(action);
    c->to_move ^= 1;
}

/* Only ever asked at the end of the game (the search has no depth limit):
 * the player who just took the last stone won. */
static double nim_value(const void *ctx, const void *state)
{
    (void)ctx;
    return ((const nim_state *)state)->to_move == 1 ? 1.0 : -1.0;
}

static uint64_t nim_hash(const void *ctx, const void *state)
{
    const nim *g = ctx;
    const nim_state *s = state;
    uint64_t h = s->to_move;
    for (int i = 0; i < g->piles; i++)
        h = h * 16 + s->pile[i];
    return h * 0x9e3779b97f4a7c15u;
}

static int nim_action_name(const void *ctx, const void *state,
                           gs_action action, char *buf, size_t size)
{
    (void)ctx;
    (void)state;
    return snprintf(buf, size, "take %d from pile %d", action_take(action),
                    action_pile(action) + 1);
}

/* Fills *game with Nim over `g`'s piles. */
static void nim_game(const nim *g, gs_game *game)
{
    memset(game, 0, sizeof *game);
    game->version = GS_GAME_VERSION;
    game->ctx = g;
    game->state_size = sizeof(nim_state);
    game->num_agents = 2;
    game->max_actions = MAX_PILES * MAX_TAKE;
    game->to_move = nim_to_move;
    game->role = nim_role;
    game->is_terminal = nim_is_terminal;
    game->actions = nim_actions;
    game->apply = nim_apply;
    game->value = nim_value;
    game->hash = nim_hash;
    game->action_name = nim_action_name;
    game->has_bounds = true;
    game->min_value = -1;
    game->max_value = 1;
}

int main(int argc, char **argv)
{
    /* The headers this program was compiled with against the library it
     * runs with. */
    if (strcmp(gs_version(), GS_VERSION_STRING) != 0)
        fprintf(stderr, "nim: compiled with gamesearch %s, running with %s\n",
                GS_VERSION_STRING, gs_version());

    nim g = {0};
    nim_state root = {{0}, 0};
    if (argc - 1 > MAX_PILES) {
        fprintf(stderr, "nim: at most %d piles\n", MAX_PILES);
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        char *end;
        long n = strtol(argv[i], &end, 10);
        if (end == argv[i] || *end || n < 0 || n > MAX_STONES) {
            fprintf(stderr, "nim: '%s' is not a pile of 0 to %d stones\n",
                    argv[i], MAX_STONES);
            return 2;
        }
        root.pile[g.piles++] = (unsigned char)n;
    }
    if (g.piles == 0) {
        static const unsigned char start[] = {3, 4, 5};
        for (; g.piles < 3; g.piles++)
            root.pile[g.piles] = start[g.piles];
    }

    gs_game game;
    nim_game(&g, &game);
    gs_engine *engine = NULL;
    int status = gs_engine_new(&game, NULL, &engine);
    if (status != GS_OK) {
        /* the engine, when there is one, says which member it refused */
        const char *why = engine ? gs_engine_error(engine) : "";
        fprintf(stderr, "nim: %s\n", *why ? why : gs_strerror(status));
        gs_engine_free(engine);
        return 1;
    }
    gs_search_options options;
    gs_search_options_init(&options);   /* alpha-beta to the end */
    options.use_tt = true;              /* positions recur: remember them */
    gs_result result;
    status = gs_search(engine, &root, &options, &result);
    if (status != GS_OK) {
        fprintf(stderr, "nim: %s\n", gs_strerror(status));
        gs_engine_free(engine);
        return 1;
    }

    printf("piles:");
    for (int i = 0; i < g.piles; i++)
        printf(" %d", root.pile[i]);
    printf("\nvalue: %g (%s)\n", result.value,
           result.value > 0 ? "the player to move wins" :
           result.value < 0 ? "the player to move loses" : "a draw");
    if (result.best != GS_NO_ACTION) {
        char name[64];
        nim_action_name(&g, &root, result.best, name, sizeof name);
        printf("best move: %s\n", name);
    }
    gs_engine_free(engine);
    return 0;
}
