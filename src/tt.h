/*
 * tt.h: the engine's transposition table (internal).
 *
 * Layout: a power-of-two array of buckets of two entries. A key picks its
 * bucket by its low bits; the whole 64-bit key is kept to tell positions
 * apart. Slot 0 of a bucket keeps the deepest result (replaced only by one
 * at least as deep, or by any result of a newer search); slot 1 always takes
 * the newest, so recent positions stay findable.
 *
 * An entry keeps a value from MAX's side with what it says of the true
 * value (exact, or a lower or upper bound), the number of plies that were
 * searched below the node (TT_DEPTH_FULL: to the end of the game on every
 * line), and the best action found there.
 */
#ifndef GS_TT_H
#define GS_TT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gamesearch/core.h"
#include "gamesearch/search.h"

/* "Searched to the end of every line": usable at any remaining depth. */
#define TT_DEPTH_FULL INT16_MAX

typedef struct tt_entry {
    uint64_t key;
    double value;
    gs_action action;   /* best action, or GS_NO_ACTION */
    int16_t depth;      /* plies searched below, or TT_DEPTH_FULL */
    uint8_t bound;      /* gs_bound + 1; 0 marks an empty slot */
    uint8_t age;        /* the search that wrote it */
} tt_entry;

typedef struct tt_table {
    tt_entry *entries;  /* 2 * buckets entries */
    size_t buckets;     /* a power of two, or 0 when there is no table */
    uint8_t age;
    uint64_t hits, stores;
} tt_table;

/* Allocates room for as many buckets as fit in `bytes` (rounded down to a
 * power of two, at least one), freeing the old table; bytes == 0 frees it.
 * Returns GS_OK or GS_ENOMEM (the old table is then kept). */
int tt_resize(tt_table *t, const gs_allocator *a, size_t bytes);
void tt_free(tt_table *t, const gs_allocator *a);
/* Empties every slot. */
void tt_clear(tt_table *t);
/* The entry for `key`, or NULL. */
const tt_entry *tt_probe(const tt_table *t, uint64_t key);
/* Records a result for `key`. */
void tt_store(tt_table *t, uint64_t key, double value, gs_bound bound,
              int depth, gs_action action);

#endif /* GS_TT_H */
