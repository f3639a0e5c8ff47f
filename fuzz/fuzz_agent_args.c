/*
 * fuzz_agent_args: Pacman's -a agent arguments ("depth=3,evalFn=better",
 * gs_pac_agent_args_check) for the agent the input's first byte chooses.
 * Arguments the check accepts must set the agent up; with a node budget
 * added, the agent then plays a move on a small maze, measuring all it
 * can, which must be legal.
 */
#include <string.h>

#include "gamesearch/gamesearch.h"
#include "fuzz.h"

#define MAX_INPUT 512

static const char maze[] =
    "%%%%%%%%\n"
    "%P.. .G%\n"
    "% %%%% %\n"
    "%o. ..G%\n"
    "%%%%%%%%\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > MAX_INPUT)
        return 0;
    gs_pac_agent_kind kind =
        (gs_pac_agent_kind)(data[0] % GS_PAC_NUM_AGENT_KINDS);
    char *args = fuzz_string(data + 1, size - 1);
    FUZZ_CHECK(args != NULL);
    gs_error err;
    memset(&err, 0xAA, sizeof err);
    int ok = gs_pac_agent_args_check(kind, args, &err);
    FUZZ_CHECK(ok == GS_OK || ok == GS_EINVAL);
    if (ok != GS_OK) {
        FUZZ_CHECK(memchr(err.message, '\0', sizeof err.message));
        FUZZ_CHECK(err.message[0] != '\0');
        FUZZ_CHECK(err.column >= 1 && (size_t)err.column <= strlen(args) + 1);
        free(args);
        return 0;
    }

    gs_pac_layout *layout = NULL;
    FUZZ_CHECK(gs_pac_layout_parse(maze, sizeof maze - 1, NULL, &layout,
                                   NULL) == GS_OK);
    gs_pacman *w = NULL;
    FUZZ_CHECK(gs_pacman_new(layout, 2, NULL, &w) == GS_OK);
    gs_pac_layout_free(layout);
    gs_pac_agent *agent = NULL;
    FUZZ_CHECK(gs_pac_agent_new(kind, args, w, NULL, &agent, &err) == GS_OK);
    gs_pac_agent_free(agent);

    /* A move, when a node budget can bound its search. */
    size_t n = strlen(args);
    char *budget = malloc(n + 32);
    FUZZ_CHECK(budget != NULL);
    snprintf(budget, n + 32, "%s%snodes=2000", args, n ? "," : "");
    if (kind != GS_PAC_AGENT_KEYBOARD &&
        gs_pac_agent_args_check(kind, budget, &err) == GS_OK) {
        FUZZ_CHECK(gs_pac_agent_new(kind, budget, w, NULL, &agent, &err) ==
                   GS_OK);
        gs_pac_agent_measure(agent, GS_PAC_MEASURE_STATES |
                                        GS_PAC_MEASURE_VALUES);
        unsigned char *s = malloc(gs_pacman_state_size(w));
        FUZZ_CHECK(s != NULL);
        gs_pacman_initial(w, s);
        gs_pyrandom rng;
        gs_pyrandom_seed_int(&rng, 7);
        gs_pac_decision d;
        FUZZ_CHECK(gs_pac_agent_act(agent, s, &rng, &d) == GS_OK);
        int a = d.action;
        int legal[GS_PAC_NUM_DIRS];
        int m = gs_pacman_legal(w, s, 0, legal);
        bool found = false;
        for (int i = 0; i < m; i++)
            found = found || legal[i] == a;
        FUZZ_CHECK(found);
        free(s);
        gs_pac_agent_free(agent);
    }
    free(budget);
    gs_pacman_free(w);
    free(args);
    return 0;
}
