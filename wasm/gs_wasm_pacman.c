/*
 * wasm/gs_wasm_pacman.c: a game of Pacman held in the WebAssembly module,
 * what web/gs.js's gs.pacman* calls: started from a layout (one of
 * layouts/, built in, or a layout's text), with pacman.py's ghosts, seed
 * and Pacman agent, then played a round at a time: Pacman's move (the
 * agent's decision, or the keys for KeyboardAgent), then each ghost's,
 * drawn from the one random stream in pacman.py's order. The steps are
 * those of the program's game loop (games/pacman/play.c), so a game
 * seeded and played as `gamesearch pacman` plays it ends with the same
 * score after the same number of moves.
 *
 * A game is its own context (gsw_pac_new), apart from gs_wasm.c's: the
 * answer of each call, JSON, or on failure the reason (one sentence) with
 * its place in the layout's text, is left in its buffer (gsw_pac_out,
 * gsw_pac_out_len, gsw_pac_error_line, gsw_pac_error_column); the calls
 * return the program's exit status: 0 answered, 1 failed, 2 bad input.
 *
 * String seeds (pacman.py's -f, random.seed('cs188'), and --seeds N's
 * 'N:1') are digested by the caller: the module has no SHA-512 of its own
 * (gs_pyrandom_seed_digest).
 */
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/gamesearch.h"
#include "gamesearch/pacman.h"
#include "gamesearch/pacman_play.h"
#include "gamesearch/pyrandom.h"
#include "gsw_answer.h"

#define EXPORT(name) __attribute__((export_name(name)))

enum { ANSWERED = 0, FAILED = 1, BAD_INPUT = 2 };

/* The .lay files of layouts/, built in by wasm/CMakeLists.txt: names without ".lay",
 * in the order of their names; the last entry's name is NULL. */
typedef struct gsw_layout {
    const char *name;
    const char *text;
    size_t len;
} gsw_layout;
extern const gsw_layout gsw_layouts[];

/* A game and its answer buffer. */
typedef struct gsw_pac {
    gsw_answer a;
    gs_pacman *world;
    gs_pac_agent *agent;
    gs_pac_ghost ghosts;
    gs_pyrandom rng;
    void *state;
    long moves, pacman_moves, max_moves;
    uint64_t nodes;
    bool stopped;                /* max_moves reached */
    gs_pac_decision last;        /* Pacman's last decision */
    bool has_last;
    int round[GS_PAC_MAX_GHOSTS + 1][2];   /* the last step's moves */
    int nround;
} gsw_pac;

/* Appends to the answer; a write that runs out of memory marks it
 * failed (answered() then says so). */
static void add(gsw_pac *g, const char *text, size_t len)
{
    (void)gsw_answer_write(&g->a, text, len);
}

static void addf(gsw_pac *g, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void addf(gsw_pac *g, const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n > 0)
        add(g, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

static void reset(gsw_pac *g)
{
    gsw_answer_reset(&g->a);
}

/* Leaves `message` (at line, column; 0: no place) and returns status. */
static int fail(gsw_pac *g, int status, const char *message, int line,
                int column)
{
    return gsw_answer_fail(&g->a, status, FAILED, message, line, column);
}

/* The answer written: ANSWERED, or FAILED when it ran out of memory. */
static int answered(gsw_pac *g)
{
    return g->a.failed ? fail(g, FAILED, "out of memory", 0, 0) : ANSWERED;
}

/* Frees the game held (not the buffer). */
static void end_game(gsw_pac *g)
{
    gs_pac_agent_free(g->agent);
    gs_pacman_free(g->world);
    free(g->state);
    g->agent = NULL;
    g->world = NULL;
    g->state = NULL;
}

EXPORT("gsw_pac_new") gsw_pac *gsw_pac_new(void);
gsw_pac *gsw_pac_new(void)
{
    return calloc(1, sizeof(gsw_pac));
}

/* Frees a game context and all it holds (NULL is fine). */
EXPORT("gsw_pac_delete") void gsw_pac_delete(gsw_pac *g);
void gsw_pac_delete(gsw_pac *g)
{
    if (!g)
        return;
    end_game(g);
    free(g->a.out);
    free(g);
}

EXPORT("gsw_pac_out") const char *gsw_pac_out(const gsw_pac *g);
const char *gsw_pac_out(const gsw_pac *g)
{
    return g->a.out ? g->a.out : "";
}

EXPORT("gsw_pac_out_len") size_t gsw_pac_out_len(const gsw_pac *g);
size_t gsw_pac_out_len(const gsw_pac *g)
{
    return g->a.len;
}

EXPORT("gsw_pac_error_line") int gsw_pac_error_line(const gsw_pac *g);
int gsw_pac_error_line(const gsw_pac *g)
{
    return g->a.line;
}

EXPORT("gsw_pac_error_column") int gsw_pac_error_column(const gsw_pac *g);
int gsw_pac_error_column(const gsw_pac *g)
{
    return g->a.column;
}

/* A JSON string of s (names and layout rows: printable ASCII). */
static void add_string(gsw_pac *g, const char *s)
{
    add(g, "\"", 1);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            addf(g, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            addf(g, "\\u%04x", (unsigned)(unsigned char)*s);
        else
            add(g, s, 1);
    }
    add(g, "\"", 1);
}

/* The built-in layouts' names, as JSON: ["arena", "corridor", ...]. */
EXPORT("gsw_pac_layouts") int gsw_pac_layouts(gsw_pac *g);
int gsw_pac_layouts(gsw_pac *g)
{
    reset(g);
    add(g, "[", 1);
    for (const gsw_layout *l = gsw_layouts; l->name; l++) {
        if (l != gsw_layouts)
            add(g, ", ", 2);
        add_string(g, l->name);
    }
    add(g, "]", 1);
    return answered(g);
}

/* The text of the built-in layout `name`, or NULL. */
static const gsw_layout *builtin(const char *name, size_t len)
{
    for (const gsw_layout *l = gsw_layouts; l->name; l++)
        if (strlen(l->name) == len && memcmp(l->name, name, len) == 0)
            return l;
    return NULL;
}

/*
 * The state as JSON: the maze's rows, top first ('%' wall, '.' food, 'o' a
 * capsule, ' ' open), every agent's doubled position, heading and scared
 * timer, the score, what is left, the counts of moves, whether the game
 * is over and how, Pacman's legal actions, the moves of the last step and
 * Pacman's last decision with each legal action's value.
 */
static void write_state(gsw_pac *g)
{
    const gs_pacman *w = g->world;
    const void *s = g->state;
    int width = gs_pacman_width(w), height = gs_pacman_height(w);
    reset(g);
    add(g, "{\"width\": ", 10);
    addf(g, "%d, \"height\": %d, \"maze\": [", width, height);
    char row[GS_PAC_MAX_SIDE + 1];
    for (int y = height - 1; y >= 0; y--) {
        for (int x = 0; x < width; x++)
            row[x] = gs_pacman_wall(w, x, y)          ? '%'
                     : gs_pacman_food(w, s, x, y)     ? '.'
                     : gs_pacman_capsule(w, s, x, y)  ? 'o'
                                                      : ' ';
        row[width] = '\0';
        if (y != height - 1)
            add(g, ", ", 2);
        add_string(g, row);
    }
    add(g, "], \"agents\": [", 14);
    int agents = gs_pacman_num_agents(w);
    for (int a = 0; a < agents; a++) {
        int x2, y2;
        gs_pacman_position(w, s, a, &x2, &y2);
        addf(g, "%s{\"x2\": %d, \"y2\": %d, \"dir\": \"%s\", \"scared\": %d}",
             a ? ", " : "", x2, y2,
             gs_pac_dir_name(gs_pacman_direction(w, s, a)),
             gs_pacman_scared(w, s, a));
    }
    bool win = gs_pacman_is_win(w, s), lose = gs_pacman_is_lose(w, s);
    addf(g, "], \"score\": %d, \"food\": %d, \"capsules\": %d, "
            "\"moves\": %ld, \"pacmanMoves\": %ld, \"nodes\": %llu, ",
         gs_pacman_score(w, s), gs_pacman_food_left(w, s),
         gs_pacman_capsules_left(w, s), g->moves, g->pacman_moves,
         (unsigned long long)g->nodes);
    addf(g, "\"over\": %s, \"result\": %s, \"legal\": [",
         win || lose || g->stopped ? "true" : "false",
         win ? "\"win\"" : lose ? "\"loss\"" : g->stopped ? "\"stopped\""
                                                          : "null");
    int legal[GS_PAC_NUM_DIRS];
    int n = win || lose || g->stopped ? 0 : gs_pacman_legal(w, s, 0, legal);
    for (int i = 0; i < n; i++)
        addf(g, "%s\"%s\"", i ? ", " : "", gs_pac_dir_name(legal[i]));
    add(g, "], \"step\": [", 12);
    for (int i = 0; i < g->nround; i++)
        addf(g, "%s[%d, \"%s\"]", i ? ", " : "", g->round[i][0],
             gs_pac_dir_name(g->round[i][1]));
    add(g, "], \"decision\": ", 15);
    if (!g->has_last) {
        add(g, "null}", 5);
        return;
    }
    const gs_pac_decision *d = &g->last;
    addf(g, "{\"action\": \"%s\", \"nodes\": %llu, \"depth\": %d, "
            "\"ms\": %.3f, \"values\": [",
         gs_pac_dir_name(d->action), (unsigned long long)d->nodes, d->depth,
         d->seconds * 1000);
    /* Only the agents that value their actions say so. */
    int valued = gs_pac_agent_measuring(g->agent) & GS_PAC_MEASURE_VALUES
                     ? d->num_actions : 0;
    for (int i = 0; i < valued; i++) {
        addf(g, "%s{\"action\": \"%s\", \"value\": ", i ? ", " : "",
             gs_pac_dir_name(d->actions[i]));
        if (isfinite(d->values[i]))
            addf(g, "%.17g}", d->values[i]);
        else
            add(g, "null}", 5);
    }
    add(g, "]}}", 3);
}

/*
 * Starts a game in place of the one before (which a refused start
 * leaves as it was): the layout `layout` (len
 * bytes: the name of a built-in layout, or a layout's text), with at most
 * num_ghosts ghosts (-k), moved as `ghosts` says ("RandomGhost" or
 * "DirectionalGhost"), Pacman played by `agent` (-p: a name
 * gs_pac_agent_parse knows) with -a's `args` ("" for none), and the random
 * stream seeded with random.seed(N) for the integer `seed` (seed_len
 * bytes, as --seed takes it) when digest is NULL, else with random.seed of
 * the string `seed` whose SHA-512 digest (64 bytes) is `digest`.
 * max_moves ends the game after that many single-agent moves (0: never),
 * as --max-moves. Bad options get the program's messages. The answer is the state (write_state).
 */
EXPORT("gsw_pac_start")
int gsw_pac_start(gsw_pac *g, const char *layout, size_t len, int num_ghosts,
                  const char *ghosts, const char *agent, const char *args,
                  const char *seed, size_t seed_len,
                  const unsigned char *digest, long max_moves);
int gsw_pac_start(gsw_pac *g, const char *layout, size_t len, int num_ghosts,
                  const char *ghosts, const char *agent, const char *args,
                  const char *seed, size_t seed_len,
                  const unsigned char *digest, long max_moves)
{
    char msg[600];
    gs_pac_ghost ghost_kind;
    gs_pyrandom rng;
    gs_pacman *world = NULL;

    /* Step 1. The options, checked as the program checks them. */
    int kind = gs_pac_agent_parse(agent);
    if (kind < 0) {
        snprintf(msg, sizeof msg, "unknown Pacman agent '%.60s' (available:",
                 agent);
        for (int k = 0; k < GS_PAC_NUM_AGENT_KINDS; k++) {
            strncat(msg, k ? ", " : " ", sizeof msg - strlen(msg) - 1);
            strncat(msg, gs_pac_agent_name((gs_pac_agent_kind)k),
                    sizeof msg - strlen(msg) - 1);
        }
        strncat(msg, ")", sizeof msg - strlen(msg) - 1);
        return fail(g, BAD_INPUT, msg, 0, 0);
    }
    if (strcmp(ghosts, "RandomGhost") == 0)
        ghost_kind = GS_PAC_RANDOM_GHOST;
    else if (strcmp(ghosts, "DirectionalGhost") == 0)
        ghost_kind = GS_PAC_DIRECTIONAL_GHOST;
    else {
        snprintf(msg, sizeof msg, "unknown ghost agent '%.60s' (expected "
                 "RandomGhost or DirectionalGhost)", ghosts);
        return fail(g, BAD_INPUT, msg, 0, 0);
    }
    if (num_ghosts < 0 || num_ghosts > 1000000) {
        snprintf(msg, sizeof msg, "-k needs a whole number of ghosts from 0 "
                 "to 1000000, not '%d'", num_ghosts);
        return fail(g, BAD_INPUT, msg, 0, 0);
    }
    if (max_moves < 0 || max_moves > 1000000000) {
        snprintf(msg, sizeof msg, "--max-moves needs a whole number of moves "
                 "from 1 to 1000000000, not '%ld'", max_moves);
        return fail(g, BAD_INPUT, msg, 0, 0);
    }
    gs_error e;
    memset(&e, 0, sizeof e);
    const char *a = *args ? args : NULL;
    if (a && gs_pac_agent_args_check((gs_pac_agent_kind)kind, a, &e) !=
                 GS_OK) {
        snprintf(msg, sizeof msg, "-a: %s", e.message);
        return fail(g, BAD_INPUT, msg, 0, 0);
    }
    if (!digest) {
        int64_t n;
        bool big;
        char text[32];
        if (seed_len >= sizeof text ||
            (memcpy(text, seed, seed_len), text[seed_len] = '\0',
             gs_pyrandom_seed_parse(text, &n, &big) != GS_OK)) {
            snprintf(msg, sizeof msg, "--seed needs a whole number from "
                     "-9223372036854775808 to 18446744073709551615, not "
                     "'%.*s'", seed_len < 40 ? (int)seed_len : 40, seed);
            return fail(g, BAD_INPUT, msg, 0, 0);
        }
        if (big)
            gs_pyrandom_seed_uint(&rng, (uint64_t)n);
        else
            gs_pyrandom_seed_int(&rng, n);
    } else {
        gs_pyrandom_seed_digest(&rng, seed, seed_len, digest);
    }

    /* Step 2. The world, from a built-in layout or the text given. */
    const gsw_layout *l = builtin(layout, len);
    int s = l ? gs_pacman_read(l->text, l->len, 1, num_ghosts, NULL, &world,
                               &e)
              : gs_pacman_read(layout, len, 1, num_ghosts, NULL, &world, &e);
    if (s == GS_EPARSE || s == GS_ETOOBIG || s == GS_EINVAL) {
        if (!l && len < 64 && !memchr(layout, '\n', len) &&
            !memchr(layout, '%', len)) {
            snprintf(msg, sizeof msg, "no layout named '%.*s' here "
                     "(built in:", (int)len, layout);
            for (const gsw_layout *b = gsw_layouts; b->name; b++) {
                strncat(msg, " ", sizeof msg - strlen(msg) - 1);
                strncat(msg, b->name, sizeof msg - strlen(msg) - 1);
            }
            strncat(msg, "; or give a layout's text)",
                    sizeof msg - strlen(msg) - 1);
            return fail(g, BAD_INPUT, msg, 0, 0);
        }
        return fail(g, BAD_INPUT, s == GS_EINVAL ? gs_strerror(s)
                                                 : e.message,
                    e.line, e.column);
    }
    if (s != GS_OK)
        return fail(g, FAILED, gs_strerror(s), 0, 0);
    void *state = malloc(gs_pacman_state_size(world));
    if (!state) {
        gs_pacman_free(world);
        return fail(g, FAILED, gs_strerror(GS_ENOMEM), 0, 0);
    }
    gs_pacman_initial(world, state);

    /* Step 3. Pacman's agent, telling each legal action's value when it
     * values them (the reflex and searching agents). */
    gs_pac_agent *pacman = NULL;
    s = gs_pac_agent_new((gs_pac_agent_kind)kind, a, world, NULL, &pacman,
                         &e);
    if (s != GS_OK) {
        free(state);
        gs_pacman_free(world);
        if (s == GS_EINVAL) {
            snprintf(msg, sizeof msg, "-a: %s", e.message);
            return fail(g, BAD_INPUT, msg, 0, 0);
        }
        return fail(g, FAILED, gs_strerror(s), 0, 0);
    }
    if (kind >= GS_PAC_AGENT_REFLEX)
        gs_pac_agent_measure(pacman, gs_pac_agent_measuring(pacman) |
                                         GS_PAC_MEASURE_VALUES);

    /* Step 4. The new game in place of the one before. */
    end_game(g);
    g->world = world;
    g->state = state;
    g->agent = pacman;
    g->ghosts = ghost_kind;
    g->rng = rng;
    g->max_moves = max_moves;
    g->moves = g->pacman_moves = 0;
    g->nodes = 0;
    g->stopped = false;
    g->has_last = false;
    g->nround = 0;
    write_state(g);
    return answered(g);
}

/* The game over, or stopped after max_moves. */
static bool over(const gsw_pac *g)
{
    return g->stopped || gs_pacman_is_win(g->world, g->state) ||
           gs_pacman_is_lose(g->world, g->state);
}

/* Plays one single-agent move; GS_OK or GS_EINVAL (refused). */
static int play(gsw_pac *g, int agent, int action)
{
    if (gs_pacman_apply(g->world, g->state, agent, action) != GS_OK)
        return GS_EINVAL;
    g->round[g->nround][0] = agent;
    g->round[g->nround][1] = action;
    g->nround++;
    g->moves++;
    if (!over(g) && g->max_moves > 0 && g->moves >= g->max_moves)
        g->stopped = true;
    return GS_OK;
}

/*
 * Plays a round: Pacman's move, decided by the game's agent (keys, the
 * GS_PAC_KEY_* bits pressed since the last step, go to KeyboardAgent: 0
 * keeps the last ones, as keyboardAgents.py does), then each ghost's,
 * until Pacman is to move again or the game is over. The answer is the
 * state after it, with the round's moves and Pacman's decision; a game
 * over, or none started, is bad input.
 */
EXPORT("gsw_pac_step") int gsw_pac_step(gsw_pac *g, unsigned keys);
int gsw_pac_step(gsw_pac *g, unsigned keys)
{
    if (!g->world)
        return fail(g, BAD_INPUT, "no game: start one first", 0, 0);
    if (over(g))
        return fail(g, BAD_INPUT, "the game is over: start another", 0, 0);
    g->nround = 0;
    gs_pac_agent_keys(g->agent, keys);
    gs_pac_agent_act(g->agent, g->state, &g->rng, &g->last);
    g->has_last = true;
    g->pacman_moves++;
    g->nodes += g->last.nodes;
    if (play(g, 0, g->last.action) != GS_OK)
        return fail(g, FAILED, "the agent's move was refused", 0, 0);
    int agents = gs_pacman_num_agents(g->world);
    for (int who = 1; who < agents && !over(g); who++) {
        int action = gs_pacman_ghost_action(g->world, g->state, who,
                                            g->ghosts, &g->rng);
        if (play(g, who, action) != GS_OK)
            return fail(g, FAILED, "a ghost's move was refused", 0, 0);
    }
    write_state(g);
    return answered(g);
}

/* The state of the game under way (write_state). */
EXPORT("gsw_pac_state") int gsw_pac_state(gsw_pac *g);
int gsw_pac_state(gsw_pac *g)
{
    if (!g->world)
        return fail(g, BAD_INPUT, "no game: start one first", 0, 0);
    write_state(g);
    return answered(g);
}
