/*
 * tests/test_registry.c: the table of games (gamesearch/registry.h):
 * lookups, the list of names, parameter text and its errors, and each
 * game made and read as compare, match and bench use them, failed
 * allocations leaking nothing.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/registry.h"

#include "dice_tree.h"
#include "track_alloc.h"

static const char small_maze[] =
    "%%%%%%%\n"
    "%P..oG%\n"
    "%.%%%.%\n"
    "%.....%\n"
    "%%%%%%%\n";

/* A game made from `params` and `source`, and its position `text`, into
 * g and *root (malloc'd); the status of whichever failed. */
typedef struct made {
    gs_game_instance g;
    void *root;
} made;

static int make(const char *name, const char *params, const char *source,
                const char *text, made *m, gs_error *e)
{
    const gs_game_entry *entry = gs_registry_find(name);
    assert_non_null(entry);
    memset(m, 0, sizeof *m);
    int rc = gs_game_make(entry, params, source,
                          source ? strlen(source) : 0, NULL, &m->g, e);
    if (rc != GS_OK)
        return rc;
    m->root = malloc(m->g.game.state_size);
    assert_non_null(m->root);
    memset(e, 0, sizeof *e);
    return entry->read(m->g.inst, text, strlen(text), m->root, e);
}

static void unmake(made *m)
{
    free(m->root);
    gs_game_unmake(&m->g);
}

static void test_table(void **state)
{
    (void)state;
    static const char *const names[] = {"tree", "ttt", "mnk", "gomoku",
                                         "connect4", "pacman"};
    int n = gs_registry_count();
    assert_true(n >= 6);
    for (int i = 0; i < 6; i++)
        assert_string_equal(gs_registry_at(i)->name, names[i]);
    assert_null(gs_registry_at(-1));
    assert_null(gs_registry_at(n));
    for (int i = 0; i < n; i++) {
        const gs_game_entry *e = gs_registry_at(i);
        assert_ptr_equal(gs_registry_find(e->name), e);
        assert_true(e->make && e->free && e->read && e->depths);
        assert_true(e->num_params >= 0 && e->num_params <= GS_GAME_MAX_PARAMS);
        assert_true(!(e->flags & GS_GAME_TWO_PLAYER) || e->small);
    }
    assert_null(gs_registry_find("Ttt"));
    assert_null(gs_registry_find(""));
    assert_null(gs_registry_find(NULL));
    const char *params = NULL;
    assert_string_equal(gs_registry_lookup("mnk:m=4,n=4", &params)->name,
                        "mnk");
    assert_string_equal(params, "m=4,n=4");
    assert_string_equal(gs_registry_lookup("ttt", &params)->name, "ttt");
    assert_string_equal(params, "");
    assert_null(gs_registry_lookup("mn:k=3", &params));
    assert_null(gs_registry_lookup("mnkk", &params));

    char buf[256];
    size_t len = gs_registry_names(GS_GAME_TWO_PLAYER, buf, sizeof buf);
    assert_int_equal(len, strlen(buf));
    assert_string_equal(buf, "ttt, mnk, gomoku, connect4 or nim");
    gs_registry_names(0, buf, sizeof buf);
    assert_string_equal(buf, "tree, ttt, mnk, gomoku, connect4, pacman, "
                        "nim or mnkp");
    /* cut short, yet the whole length */
    char tiny[5];
    assert_int_equal(gs_registry_names(0, tiny, sizeof tiny), strlen(buf));
    assert_string_equal(tiny, "tree");
}

static void test_params(void **state)
{
    (void)state;
    const gs_game_entry *mnk = gs_registry_find("mnk");
    char buf[64];
    const char *v[GS_GAME_MAX_PARAMS];
    gs_error e;
    assert_int_equal(gs_game_params_parse(mnk, "k=4,m=5", buf, sizeof buf, v,
                                          &e), GS_OK);
    assert_string_equal(v[0], "5");
    assert_string_equal(v[1], "3");
    assert_string_equal(v[2], "4");
    assert_string_equal(v[3], "auto");
    assert_int_equal(gs_game_param_index(mnk, "k"), 2);
    assert_int_equal(gs_game_param_index(mnk, "x"), -1);
    /* a comma not followed by key= is the value's */
    assert_int_equal(gs_game_params_parse(mnk, "eval=a,b,m=2", buf,
                                          sizeof buf, v, &e), GS_OK);
    assert_string_equal(v[3], "a,b");
    assert_string_equal(v[0], "2");

    assert_int_equal(gs_game_params_parse(mnk, "m=4,x=1", buf, sizeof buf, v,
                                          &e), GS_EPARSE);
    assert_string_equal(e.message, "unknown parameter 'x' (mnk takes m, n, "
                        "k, eval)");
    assert_int_equal(e.column, 5);
    assert_int_equal(gs_game_params_parse(mnk, "m=4,m=5", buf, sizeof buf, v,
                                          &e), GS_EPARSE);
    assert_string_equal(e.message, "parameter 'm' given twice");
    assert_int_equal(e.column, 5);
    assert_int_equal(gs_game_params_parse(mnk, "4x4", buf, sizeof buf, v,
                                          &e), GS_EPARSE);
    assert_string_equal(e.message, "'4x4' is not key=value");
    assert_int_equal(e.column, 1);
    assert_int_equal(gs_game_params_parse(gs_registry_find("tree"), "a=1",
                                          buf, sizeof buf, v, &e), GS_EPARSE);
    assert_string_equal(e.message, "unknown parameter 'a' (tree takes none)");
    assert_int_equal(gs_game_params_parse(mnk, "eval=0123456789012345678901"
                                          "234567890123456789012345678901234"
                                          "5678901234567890123456789",
                                          buf, sizeof buf, v, &e), GS_ETOOBIG);

    made m;
    assert_int_equal(make("mnk", "m=3,k=4", NULL, "", &m, &e), GS_EINVAL);
    assert_string_equal(e.message, "k = 4 cannot fit on a 3x3 board");
    assert_int_equal(make("mnk", "m=33", NULL, "", &m, &e), GS_EINVAL);
    assert_string_equal(e.message, "m '33' is not a whole number from 1 to "
                        "32");
    assert_int_equal(make("ttt", "eval=best", NULL, "", &m, &e), GS_EINVAL);
    assert_string_equal(e.message, "eval 'best' is not auto, none, lines or "
                        "threats");
    assert_int_equal(make("pacman", "model=smart", small_maze, "", &m, &e),
                     GS_EINVAL);
    assert_string_equal(e.message, "model 'smart' is not min, random or "
                        "directional");
    assert_int_equal(make("connect4", "width=10", NULL, "", &m, &e),
                     GS_EINVAL);
    assert_string_equal(e.message, "width '10' is not a whole number from 1 "
                        "to 9");
}

static void test_games(void **state)
{
    (void)state;
    gs_error e;
    made m;
    int lo, hi;
    const gs_game_entry *mnk = gs_registry_find("mnk");
    assert_int_equal(make("ttt", "", NULL, "....X....", &m, &e), GS_OK);
    m.g.entry->depths(m.g.inst, m.root, &lo, &hi);
    assert_int_equal(lo, 1);
    assert_int_equal(hi, 8);
    assert_non_null(m.g.game.order_hint);
    assert_true(m.g.entry->small(m.g.inst));
    char text[64];
    assert_int_equal(m.g.entry->write(m.g.inst, m.root, text, sizeof text),
                     9);
    assert_string_equal(text, "....X....");
    unmake(&m);
    /* moves, the same position */
    assert_int_equal(make("ttt", "", NULL, "b2 a1", &m, &e), GS_OK);
    m.g.entry->write(m.g.inst, m.root, text, sizeof text);
    assert_string_equal(text, "O...X....");
    unmake(&m);
    assert_int_equal(make("ttt", "", NULL, "b2 b2", &m, &e), GS_EPARSE);
    assert_string_equal(e.message, "'b2' is not a cell that can be played");
    assert_int_equal(e.column, 4);
    unmake(&m);
    assert_int_equal(make("mnk", "m=4,n=5,k=4", NULL, "", &m, &e), GS_OK);
    assert_ptr_equal(m.g.entry, mnk);
    mnk->describe(m.g.inst, text, sizeof text);
    assert_string_equal(text, " 4x5 k=4");
    assert_false(mnk->small(m.g.inst));
    unmake(&m);

    assert_int_equal(make("connect4", "", NULL, "4453", &m, &e), GS_OK);
    m.g.entry->depths(m.g.inst, m.root, &lo, &hi);
    assert_int_equal(hi, 38);
    unmake(&m);
    assert_int_equal(make("connect4", "", NULL, "448", &m, &e), GS_EPARSE);
    assert_int_equal(e.column, 3);
    assert_string_equal(e.message, "'8' is not a column (columns are 1-7)");
    unmake(&m);

    /* A nested list has values only at its leaves: its height alone. */
    const gs_game_entry *tree = gs_registry_find("tree");
    assert_int_equal(make("tree", "", "['A', ['B', ('C', 1), ('D', 2)], "
                          "['E', ('F', 3)]]", "", &m, &e), GS_OK);
    tree->depths(m.g.inst, m.root, &lo, &hi);
    assert_int_equal(lo, 2);
    assert_int_equal(hi, 2);
    assert_int_equal(tree->check_depth(m.g.inst, 1, &e), GS_EPARSE);
    assert_string_equal(e.message, "node 'B' is cut off at ply 1 but has no "
                        "value");
    assert_int_equal(tree->check_depth(m.g.inst, 2, &e), GS_OK);
    unmake(&m);
    assert_int_equal(make("tree", "", dice_tree, "", &m, &e), GS_OK);
    tree->depths(m.g.inst, m.root, &lo, &hi);
    assert_int_equal(lo, 3);
    assert_int_equal(hi, 3);
    assert_int_equal(m.g.game.num_agents, 3);
    unmake(&m);
    assert_int_equal(make("tree", "", dice_tree, "S", &m, &e), GS_EPARSE);
    assert_string_equal(e.message, "a tree has no position but its root");
    unmake(&m);

    const gs_game_entry *pac = gs_registry_find("pacman");
    assert_int_equal(make("pacman", "ghosts=1", small_maze, "", &m, &e),
                     GS_OK);
    pac->depths(m.g.inst, m.root, &lo, &hi);
    assert_int_equal(hi, 6);
    pac->describe(m.g.inst, text, sizeof text);
    assert_string_equal(text, ", 1 ghost");
    assert_int_equal(m.g.game.role(m.g.game.ctx, 1), GS_ROLE_MIN);
    unmake(&m);
    assert_int_equal(make("pacman", "", "%%%\n%P\n", "", &m, &e), GS_EPARSE);
}

/* Every allocation failing in turn: GS_ENOMEM, nothing leaked. */
static void test_alloc_failures(void **state)
{
    (void)state;
    static const struct {
        const char *name, *params, *source;
    } all[] = {
        {"ttt", "", NULL}, {"mnk", "m=5,n=5,k=4", NULL},
        {"connect4", "", NULL}, {"tree", "", dice_tree},
        {"pacman", "", small_maze},
    };
    for (size_t i = 0; i < sizeof all / sizeof *all; i++) {
        const gs_game_entry *entry = gs_registry_find(all[i].name);
        const char *src = all[i].source;
        for (long at = 1;; at++) {
            track t;
            gs_allocator a = tracker(&t);
            t.fail_at = at;
            gs_game_instance g;
            gs_error e;
            int rc = gs_game_make(entry, all[i].params, src,
                                  src ? strlen(src) : 0, &a, &g, &e);
            gs_game_unmake(&g);
            assert_true(t.live == 0);
            if (rc == GS_OK)
                break;
            assert_int_equal(rc, GS_ENOMEM);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table),
        cmocka_unit_test(test_params),
        cmocka_unit_test(test_games),
        cmocka_unit_test(test_alloc_failures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
