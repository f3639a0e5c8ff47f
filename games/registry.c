/*
 * games/registry.c: the table of every game (gamesearch/registry.h), and
 * reading parameter text. A game joins the registry with its entry, defined
 * in its own folder, and one line here.
 */
#include <stdio.h>
#include <string.h>

#include "gamesearch/registry.h"

extern const gs_game_entry gs_tree_entry, gs_ttt_entry, gs_mnk_entry,
    gs_gomoku_entry, gs_connect4_entry, gs_pacman_entry, gs_nim_entry,
    gs_mnkp_entry;

/* Every game, in the order of `gamesearch games` and of the bench. */
static const gs_game_entry *const games[] = {
    &gs_tree_entry,
    &gs_ttt_entry,
    &gs_mnk_entry,
    &gs_gomoku_entry,
    &gs_connect4_entry,
    &gs_pacman_entry,
    &gs_nim_entry,
    &gs_mnkp_entry,
};

#define NUM_GAMES ((int)(sizeof games / sizeof *games))

int gs_registry_count(void)
{
    return NUM_GAMES;
}

const gs_game_entry *gs_registry_at(int i)
{
    return i >= 0 && i < NUM_GAMES ? games[i] : NULL;
}

const gs_game_entry *gs_registry_find(const char *name)
{
    for (int i = 0; name && i < NUM_GAMES; i++)
        if (strcmp(games[i]->name, name) == 0)
            return games[i];
    return NULL;
}

const gs_game_entry *gs_registry_lookup(const char *spec,
                                        const char **params)
{
    if (!spec)
        return NULL;
    size_t n = strcspn(spec, ":");
    for (int i = 0; i < NUM_GAMES; i++)
        if (strlen(games[i]->name) == n &&
            memcmp(games[i]->name, spec, n) == 0) {
            if (params)
                *params = spec[n] ? spec + n + 1 : "";
            return games[i];
        }
    return NULL;
}

size_t gs_registry_names(unsigned flags, char *buf, size_t size)
{
    int n = 0, k = 0;
    for (int i = 0; i < NUM_GAMES; i++)
        n += (games[i]->flags & flags) == flags;
    size_t len = 0;
    if (size)
        buf[0] = '\0';
    for (int i = 0; i < NUM_GAMES; i++) {
        if ((games[i]->flags & flags) != flags)
            continue;
        const char *sep = k == 0 ? "" : k == n - 1 ? " or " : ", ";
        int w = snprintf(len < size ? buf + len : NULL,
                         len < size ? size - len : 0, "%s%s", sep,
                         games[i]->name);
        len += w > 0 ? (size_t)w : 0;
        k++;
    }
    return len;
}

int gs_game_param_index(const gs_game_entry *e, const char *name)
{
    for (int i = 0; e && name && i < e->num_params; i++)
        if (strcmp(e->params[i].name, name) == 0)
            return i;
    return -1;
}

/* A parameter error at byte `at` of the text; err->message is set by the
 * caller (when err is not NULL). */
static int param_fail(gs_error *err, size_t at)
{
    if (err) {
        err->line = 1;
        err->column = (int)at + 1;
    }
    return GS_EPARSE;
}

/* The length of a key at p ("[a-z0-9_]+" before '='), or 0. */
static size_t key_at(const char *p)
{
    size_t n = 0;
    while ((p[n] >= 'a' && p[n] <= 'z') || (p[n] >= '0' && p[n] <= '9') ||
           p[n] == '_')
        n++;
    return n && p[n] == '=' ? n : 0;
}

int gs_game_params_parse(const gs_game_entry *e, const char *text,
                         char *buf, size_t size, const char **value,
                         gs_error *err)
{
    if (err)
        memset(err, 0, sizeof *err);
    if (!e || !buf || !value)
        return GS_EINVAL;
    bool given[GS_GAME_MAX_PARAMS] = {false};
    size_t used = 0;
    /* the values given, copied into buf */
    for (const char *p = text ? text : ""; *p;) {
        size_t at = (size_t)(p - text), klen = key_at(p);
        if (!klen) {
            int n = (int)strcspn(p, ",");
            if (err)
                snprintf(err->message, sizeof err->message,
                         "'%.*s' is not key=value", n, p);
            return param_fail(err, at);
        }
        int i = -1;
        for (int j = 0; j < e->num_params; j++)
            if (strlen(e->params[j].name) == klen &&
                memcmp(e->params[j].name, p, klen) == 0)
                i = j;
        if (i < 0) {
            char keys[160] = "";
            size_t kn = 0;
            for (int j = 0; j < e->num_params && kn < sizeof keys; j++)
                kn += (size_t)snprintf(keys + kn, sizeof keys - kn, "%s%s",
                                       j ? ", " : "", e->params[j].name);
            if (err)
                snprintf(err->message, sizeof err->message,
                         "unknown parameter '%.*s' (%s takes %s)", (int)klen,
                         p, e->name, e->num_params ? keys : "none");
            return param_fail(err, at);
        }
        if (given[i]) {
            if (err)
                snprintf(err->message, sizeof err->message,
                         "parameter '%.*s' given twice", (int)klen, p);
            return param_fail(err, at);
        }
        given[i] = true;
        /* the value runs to the next ",key=" or the end */
        const char *v = p + klen + 1, *end = v;
        while (*end && !(*end == ',' && key_at(end + 1)))
            end++;
        size_t vlen = (size_t)(end - v);
        if (used + vlen + 1 > size)
            return GS_ETOOBIG;
        memcpy(buf + used, v, vlen);
        buf[used + vlen] = '\0';
        value[i] = buf + used;
        used += vlen + 1;
        p = *end ? end + 1 : end;
    }
    for (int i = 0; i < e->num_params; i++)
        if (!given[i])
            value[i] = e->params[i].value;
    return GS_OK;
}

int gs_game_make(const gs_game_entry *e, const char *params,
                 const char *source, size_t len, const gs_allocator *alloc,
                 gs_game_instance *out, gs_error *err)
{
    gs_error ignored;
    if (!err)
        err = &ignored;   /* the games' hooks always have one */
    memset(err, 0, sizeof *err);
    if (!out)
        return GS_EINVAL;
    memset(out, 0, sizeof *out);
    if (!e || (!source && len))
        return GS_EINVAL;
    if (!alloc)
        alloc = gs_default_allocator();
    char buf[1024];
    const char *value[GS_GAME_MAX_PARAMS];
    int rc = gs_game_params_parse(e, params, buf, sizeof buf, value, err);
    if (rc != GS_OK)
        return rc;
    gs_game game;
    void *inst = NULL;
    rc = e->make(value, e->source == GS_SOURCE_NONE ? NULL
                        : source ? source : "",
                 e->source == GS_SOURCE_NONE ? 0 : len, alloc, &inst, &game,
                 err);
    if (rc != GS_OK)
        return rc;
    out->entry = e;
    out->inst = inst;
    out->game = game;
    return GS_OK;
}

void gs_game_unmake(gs_game_instance *g)
{
    if (g && g->entry)
        g->entry->free(g->inst);
    if (g)
        memset(g, 0, sizeof *g);
}
