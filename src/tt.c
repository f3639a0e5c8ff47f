/* The transposition table: see tt.h for its layout and replacement rule. */
#include "tt.h"

#include <string.h>

int tt_resize(tt_table *t, const gs_allocator *a, size_t bytes)
{
    size_t buckets = 0;
    if (bytes > 0) {
        buckets = 1;
        while (buckets <= bytes / (4 * sizeof(tt_entry)))
            buckets *= 2;
    }
    tt_entry *n = NULL;
    if (buckets) {
        n = a->fn(a->user, NULL, 0, 2 * buckets * sizeof *n);
        if (!n)
            return GS_ENOMEM;
    }
    tt_free(t, a);
    t->entries = n;
    t->buckets = buckets;
    tt_clear(t);
    return GS_OK;
}

void tt_free(tt_table *t, const gs_allocator *a)
{
    if (t->entries)
        a->fn(a->user, t->entries, 2 * t->buckets * sizeof *t->entries, 0);
    t->entries = NULL;
    t->buckets = 0;
}

void tt_clear(tt_table *t)
{
    if (t->entries)
        memset(t->entries, 0, 2 * t->buckets * sizeof *t->entries);
    t->age = 0;
    t->hits = t->stores = 0;
}

const tt_entry *tt_probe(const tt_table *t, uint64_t key)
{
    const tt_entry *b = t->entries + 2 * (key & (t->buckets - 1));
    if (b[0].bound && b[0].key == key)
        return &b[0];
    if (b[1].bound && b[1].key == key)
        return &b[1];
    return NULL;
}

void tt_store(tt_table *t, uint64_t key, double value, gs_bound bound,
              int depth, gs_action action)
{
    tt_entry *b = t->entries + 2 * (key & (t->buckets - 1));
    tt_entry *slot;
    if (b[0].bound && b[0].key == key) {
        /* The same position: keep the deeper result of this search. */
        if (b[0].age == t->age && depth < b[0].depth)
            return;
        slot = &b[0];
    } else if (!b[0].bound || b[0].age != t->age || depth >= b[0].depth) {
        if (b[0].bound)
            b[1] = b[0];   /* the displaced deep entry stays a while */
        slot = &b[0];
    } else {
        slot = &b[1];
    }
    slot->key = key;
    slot->value = value;
    slot->action = action;
    slot->depth = (int16_t)(depth > TT_DEPTH_FULL ? TT_DEPTH_FULL : depth);
    slot->bound = (uint8_t)(bound + 1);
    slot->age = t->age;
    t->stores++;
}
