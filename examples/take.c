/* take.c: the smallest game filled in. One pile of stones; a move takes
 * 1, 2 or 3; whoever takes the last stone wins. Usage: take [1-20] */
#include <stdio.h>
#include <stdlib.h>
#include <gamesearch/gamesearch.h>

typedef struct { int stones, to_move; } pile;   /* a state: plain bytes */

static int to_move(const void *ctx, const void *s)
{ (void)ctx; return ((const pile *)s)->to_move; }
static gs_role role(const void *ctx, int agent)
{ (void)ctx; return agent == 0 ? GS_ROLE_MAX : GS_ROLE_MIN; }
static bool is_terminal(const void *ctx, const void *s)
{ (void)ctx; return ((const pile *)s)->stones == 0; }
static int actions(const void *ctx, const void *s, gs_action *out)
{
    (void)ctx;
    int n = 0;
    for (int take = 1; take <= 3 && take <= ((const pile *)s)->stones; take++)
        out[n++] = take;                      /* the action: stones taken */
    return n;
}
static void apply(const void *ctx, const void *s, gs_action take, void *child)
{
    (void)ctx;
    const pile *p = s;
    *(pile *)child = (pile){p->stones - (int)take, 1 - p->to_move};
}
static double value(const void *ctx, const void *s)   /* for MAX, at the end */
{ (void)ctx; return ((const pile *)s)->to_move == 1 ? 1 : -1; }

int main(int argc, char **argv)
{
    gs_game game = {
        .version = GS_GAME_VERSION, .state_size = sizeof(pile),
        .num_agents = 2, .max_actions = 3, .to_move = to_move, .role = role,
        .is_terminal = is_terminal, .actions = actions, .apply = apply,
        .value = value,
    };
    pile start = {argc > 1 ? atoi(argv[1]) : 10, 0};
    gs_engine *engine;
    gs_search_options options;
    gs_result result;
    if (start.stones < 1 || start.stones > 20) {
        fprintf(stderr, "take: give 1 to 20 stones\n");
        return 2;
    }
    if (gs_engine_new(&game, NULL, &engine) != GS_OK)
        return 1;
    gs_search_options_init(&options);           /* alpha-beta to the end */
    int status = gs_search(engine, &start, &options, &result);
    if (status != GS_OK) {
        fprintf(stderr, "take: %s\n", gs_engine_error(engine));
        gs_engine_free(engine);
        return 1;
    }
    printf("pile of %d: %s, take %d (%llu nodes)\n", start.stones,
           result.value > 0 ? "a win" : "a loss", (int)result.best,
           (unsigned long long)result.nodes);
    gs_engine_free(engine);
    return 0;
}
