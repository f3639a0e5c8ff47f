/*
 * tools/compare/subject.c: the positions `gamesearch compare` searches,
 * made from text (gamesearch/compare.h): an m,n,k position, a Connect
 * Four position, a tree, or a Pacman maze at its start. Built on the
 * public API alone.
 */
#include <stdio.h>
#include <string.h>

#include "gamesearch/compare.h"
#include "gamesearch/connect4.h"
#include "gamesearch/mnk.h"
#include "gamesearch/pacman.h"
#include "gamesearch/tree.h"

struct gs_compare_subject {
    gs_allocator alloc;
    gs_compare_kind kind;
    gs_game game;
    void *root;
    size_t root_size;
    int min_depth, max_depth;
    int ghosts;
    gs_mnk *mnk;
    gs_c4 *c4;
    gs_tree *tree;
    gs_pac_layout *layout;
    gs_pacman *world;
    gs_pac_search_game sg;
};

int gs_compare_kind_parse(const char *name)
{
    static const char *const names[] = {"ttt", "mnk", "connect4", "tree",
                                        "pacman"};
    static const int kinds[] = {GS_COMPARE_MNK, GS_COMPARE_MNK,
                                GS_COMPARE_CONNECT4, GS_COMPARE_TREE,
                                GS_COMPARE_PACMAN};
    for (size_t i = 0; name && i < sizeof names / sizeof *names; i++)
        if (strcmp(name, names[i]) == 0)
            return kinds[i];
    return -1;
}

void gs_compare_subject_params_init(gs_compare_subject_params *p)
{
    memset(p, 0, sizeof *p);
    p->rows = p->cols = p->k = 3;
    p->ghosts = 4;
}

void gs_compare_subject_free(gs_compare_subject *s)
{
    if (!s)
        return;
    gs_allocator a = s->alloc;
    if (s->root)
        a.fn(a.user, s->root, s->root_size, 0);
    gs_mnk_free(s->mnk);
    gs_c4_free(s->c4);
    gs_tree_free(s->tree);
    gs_pacman_free(s->world);
    gs_pac_layout_free(s->layout);
    a.fn(a.user, s, sizeof *s, 0);
}

static int new_root(gs_compare_subject *s, size_t size)
{
    s->root = s->alloc.fn(s->alloc.user, NULL, 0, size);
    s->root_size = size;
    return s->root ? GS_OK : GS_ENOMEM;
}

static void set_error(gs_error *e, const char *message)
{
    if (e) {
        e->line = e->column = 0;
        snprintf(e->message, sizeof e->message, "%s", message);
    }
}

/* An m,n,k position: the player's settings (the ordering hint; the
 * threats and the cells near the stones on large boards). */
static int open_mnk(gs_compare_subject *s, const gs_compare_subject_params *p,
                    char *text, gs_error *e)
{
    gs_mnk_params mp;
    gs_mnk_params_init(&mp);
    mp.rows = p->rows;
    mp.cols = p->cols;
    mp.k = p->k;
    gs_mnk_params_for_play(&mp, true);
    int rc = gs_mnk_new(&mp, &s->alloc, &s->mnk);
    if (rc == GS_EINVAL) {
        char m[96];
        snprintf(m, sizeof m, "k = %d cannot fit on a %dx%d board", p->k,
                 p->rows, p->cols);
        set_error(e, m);
        return rc;
    }
    if (rc == GS_OK)
        rc = new_root(s, gs_mnk_state_size(s->mnk));
    if (rc != GS_OK)
        return rc;
    gs_mnk_game(s->mnk, &s->game);
    gs_mnk_empty(s->mnk, s->root);
    if (*text && (rc = gs_mnk_parse(s->mnk, text, s->root, e)) != GS_OK)
        return rc;
    s->max_depth = mp.rows * mp.cols - gs_mnk_stones(s->mnk, s->root);
    return GS_OK;
}

static int open_c4(gs_compare_subject *s, const gs_compare_subject_params *p,
                   gs_error *e)
{
    gs_c4_params cp;
    gs_c4_params_init(&cp);
    int rc = gs_c4_new(&cp, &s->alloc, &s->c4);
    if (rc == GS_OK)
        rc = new_root(s, sizeof(gs_c4_state));
    if (rc != GS_OK)
        return rc;
    gs_c4_game(s->c4, &s->game);
    gs_c4_state *root = s->root;
    if ((rc = gs_c4_parse(s->c4, p->text, p->length, root, e)) != GS_OK)
        return rc;
    s->max_depth = gs_c4_width(s->c4) * gs_c4_height(s->c4) - root->moves;
    return GS_OK;
}

/* A tree: its height, from the shallowest depth at which every node cut
 * off has a value. */
static int open_tree(gs_compare_subject *s,
                     const gs_compare_subject_params *p, gs_error *e)
{
    int rc = gs_tree_parse(p->text, p->length, &s->alloc, &s->tree, e);
    if (rc == GS_OK)
        rc = new_root(s, sizeof(gs_tree_state));
    if (rc != GS_OK)
        return rc;
    gs_tree_game(s->tree, &s->game);
    gs_tree_root(s->tree, s->root);
    int32_t height = gs_tree_height(s->tree);
    s->max_depth = height > 0 ? (int)height : 1;
    s->min_depth = s->max_depth;
    gs_error ignored;
    while (s->min_depth > 1 &&
           gs_tree_check_values(s->tree, s->min_depth - 1, &ignored) == GS_OK)
        s->min_depth--;
    return GS_OK;
}

/* A maze at its start: ghosts minimising, the score as evaluation, 3
 * rounds deep. */
static int open_pacman(gs_compare_subject *s,
                       const gs_compare_subject_params *p, gs_error *e)
{
    int rc = gs_pac_layout_parse(p->text, p->length, &s->alloc, &s->layout,
                                 e);
    if (rc != GS_OK)
        return rc;
    int ghosts = gs_pac_layout_num_ghosts(s->layout);
    s->ghosts = p->ghosts < ghosts ? p->ghosts : ghosts;
    rc = gs_pacman_new(s->layout, s->ghosts, &s->alloc, &s->world);
    if (rc == GS_OK)
        rc = new_root(s, gs_pacman_state_size(s->world));
    if (rc != GS_OK)
        return rc;
    s->sg.world = s->world;
    s->sg.eval = GS_PAC_EVAL_SCORE;
    s->sg.ghosts = GS_PAC_GHOSTS_MIN;
    gs_pacman_search_game(&s->sg, &s->game);
    gs_pacman_initial(s->world, s->root);
    s->max_depth = 3 * (1 + s->ghosts);
    return GS_OK;
}

int gs_compare_subject_new(const gs_compare_subject_params *p,
                           const gs_allocator *alloc,
                           gs_compare_subject **out, gs_error *error)
{
    if (error)
        memset(error, 0, sizeof *error);
    if (!out)
        return GS_EINVAL;
    *out = NULL;
    if (!p || (!p->text && p->length) || p->ghosts < 0)
        return GS_EINVAL;
    gs_compare_subject_params given = *p;
    if (!given.text)
        given.text = "";
    p = &given;
    if (!alloc)
        alloc = gs_default_allocator();
    gs_compare_subject *s = alloc->fn(alloc->user, NULL, 0, sizeof *s);
    if (!s)
        return GS_ENOMEM;
    memset(s, 0, sizeof *s);
    s->alloc = *alloc;
    s->kind = p->kind;
    s->min_depth = 1;
    int rc = GS_EINVAL;
    if (p->kind == GS_COMPARE_MNK) {
        /* gs_mnk_parse reads a NUL-terminated string */
        char text[GS_MNK_MAX_SIDE * GS_MNK_MAX_SIDE + 2];
        if (p->length >= sizeof text) {
            set_error(error, "the position is longer than any board");
            rc = GS_EPARSE;
        } else {
            if (p->length)
                memcpy(text, p->text, p->length);
            text[p->length] = '\0';
            rc = open_mnk(s, p, text, error);
        }
    } else if (p->kind == GS_COMPARE_CONNECT4) {
        rc = open_c4(s, p, error);
    } else if (p->kind == GS_COMPARE_TREE) {
        rc = open_tree(s, p, error);
    } else if (p->kind == GS_COMPARE_PACMAN) {
        rc = open_pacman(s, p, error);
    }
    if (rc != GS_OK) {
        gs_compare_subject_free(s);
        return rc;
    }
    *out = s;
    return GS_OK;
}

const gs_game *gs_compare_subject_game(const gs_compare_subject *s)
{
    return &s->game;
}

const void *gs_compare_subject_root(const gs_compare_subject *s)
{
    return s->root;
}

void gs_compare_subject_depths(const gs_compare_subject *s, int *min_depth,
                               int *max_depth)
{
    *min_depth = s->min_depth;
    *max_depth = s->max_depth;
}

int gs_compare_subject_ghosts(const gs_compare_subject *s)
{
    return s->ghosts;
}

int gs_compare_subject_check_depth(const gs_compare_subject *s, int depth,
                                   gs_error *error)
{
    if (error)
        memset(error, 0, sizeof *error);
    if (depth < 1)
        return GS_EINVAL;
    return s->tree ? gs_tree_check_values(s->tree, depth, error) : GS_OK;
}
