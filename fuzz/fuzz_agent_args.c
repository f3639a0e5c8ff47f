/*
 * fuzz_agent_args: Pacman's -a agent arguments ("depth=3,evalFn=better"),
 * for the agent the input's first byte chooses. Arguments the check accepts
 * must set the agent up; with a node budget added, the agent then plays a
 * move on a small maze, which must be legal.
 */
#include <string.h>

#include "gamesearch/gamesearch.h"
#include "pacman_cli.h"
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
    pac_agent_kind kind = (pac_agent_kind)(data[0] % PAC_NUM_AGENTS);
    char *args = fuzz_string(data + 1, size - 1);
    FUZZ_CHECK(args != NULL);
    char err[256];
    memset(err, 0xAA, sizeof err);
    bool ok = pac_agent_args_check(kind, args, err, sizeof err);
    if (!ok) {
        FUZZ_CHECK(memchr(err, '\0', sizeof err));
        FUZZ_CHECK(err[0] != '\0');
        free(args);
        return 0;
    }

    gs_pac_layout *layout = NULL;
    FUZZ_CHECK(gs_pac_layout_parse(maze, sizeof maze - 1, NULL, &layout,
                                   NULL) == GS_OK);
    gs_pacman *w = NULL;
    FUZZ_CHECK(gs_pacman_new(layout, 2, NULL, &w) == GS_OK);
    gs_pac_layout_free(layout);
    pac_agent agent;
    FUZZ_CHECK(pac_agent_init_args(&agent, kind, args, w) == GS_OK);
    pac_agent_free(&agent);

    /* A move, when a node budget can bound its search. */
    size_t n = strlen(args);
    char *budget = malloc(n + 32);
    FUZZ_CHECK(budget != NULL);
    snprintf(budget, n + 32, "%s%snodes=2000", args, n ? "," : "");
    if (kind != PAC_KEYBOARD &&
        pac_agent_args_check(kind, budget, err, sizeof err)) {
        FUZZ_CHECK(pac_agent_init_args(&agent, kind, budget, w) == GS_OK);
        unsigned char *s = malloc(gs_pacman_state_size(w));
        FUZZ_CHECK(s != NULL);
        gs_pacman_initial(w, s);
        gs_pyrandom rng;
        gs_pyrandom_seed_int(&rng, 7);
        int a = pac_agent_action(&agent, w, s, &rng);
        int legal[GS_PAC_NUM_DIRS];
        int m = gs_pacman_legal(w, s, 0, legal);
        bool found = false;
        for (int i = 0; i < m; i++)
            found = found || legal[i] == a;
        FUZZ_CHECK(found);
        free(s);
        pac_agent_free(&agent);
    }
    free(budget);
    gs_pacman_free(w);
    free(args);
    return 0;
}
