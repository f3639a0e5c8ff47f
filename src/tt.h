/*
 * tt.h: the engine's transposition table (internal).
 *
 * Layout: a power-of-two array of buckets of two 16-byte entries, each
 * bucket half a cache line (aligned), so that a probe costs at most one
 * miss. A key picks its bucket by its low bits and its high 32 bits are
 * kept to tell positions apart (with a table of 2^k buckets, 32 + k bits
 * of the key in all). The engine hands the table tt_key() of the game's
 * hash, never the hash itself, so that both ends of the key are well
 * mixed whatever the game's hash is. Slot 0 of a bucket keeps the most valuable result
 * (replaced only by one at least as deep, or by any result of a newer
 * search; among results searched to the end, the one whose search took
 * more nodes, as the Fhourstones solver keeps its table); slot 1 always
 * takes the newest, so recent positions stay findable.
 *
 * An entry keeps a value from MAX's side with what it says of the true
 * value (exact, or a lower or upper bound), the number of plies that were
 * searched below the node (TT_DEPTH_FULL: to the end of the game on every
 * line), and the best action found there.
 *
 * Entry: two 64-bit words, the value's bits and `meta`, stored xor-ed
 * with a mix of the value's bits. `meta`, from its top bit down:
 *
 *   63      32 31      16 15     8 7   6 5     0
 *   [ key hi  ][ action ][ depth ][bnd][  age  ]
 *
 *   key hi  the key's high 32 bits                       TT_SHIFT_KEY
 *   action  the best action + 1 (0: none; an action below 0 or above
 *           65534 does not fit and is stored as none)    TT_SHIFT_ACTION
 *   depth   the depth code (see tt.c)                    TT_SHIFT_DEPTH
 *   bnd     the gs_bound + 1 (0: an empty slot)          TT_SHIFT_BOUND
 *   age     the search that stored it, modulo 64         TT_SHIFT_AGE
 *
 * each field read as (meta >> TT_SHIFT_x) & TT_MASK_x.
 *
 * Several threads may probe and store at once (gs_search_options.threads).
 * The two words are read and written one at a time with relaxed atomics;
 * an entry torn by two threads writing it at once decodes with the wrong
 * key bits (but for a chance of 2^-32), so a probe sees either a whole
 * entry or a miss.
 *
 * Emptying is lazy, so that it costs nothing inside a search's time and a
 * large table costs a small search only the memory it uses. The buckets
 * are grouped in chunks of TT_CHUNK bytes, and each chunk has a
 * generation byte in `chunk_gen`; the table has a generation `gen`. A
 * chunk whose byte is not `gen` is empty whatever its memory holds: a
 * probe there misses, and the first store there zeroes the chunk and sets
 * its byte. tt_clear() only moves `gen` on (and, once every
 * TT_GEN_LAST clears, zeroes the bytes, a 512th of the table). The table's
 * memory is never written before it is used, so pages the operating system
 * gives zeroed stay untouched until a search needs them.
 *
 * Growth. An emptied table uses only its first TT_START buckets (the
 * keys' low bits pick a bucket among them) and doubles the part in use
 * each time it has taken as many stores as it has buckets, up to the
 * whole table; so a search of a few dozen nodes touches a few pages that
 * stay in the cache, and the memory a search uses is in proportion to
 * its work. When the part in use doubles, an entry of bucket i whose key
 * has the new index bit set would now be looked for in bucket i + half:
 * it is no longer found (it stays where it is until replaced; its key
 * bits still tell it from every other key of bucket i), and the others
 * are found where they were. With several threads only one counts
 * stores and grows the table, each of its stores counting for all the
 * threads' (tt_share); the others read the part in use at each probe and
 * store (an entry stored under the old size just before a doubling is
 * lost as the entries moved by it are).
 *
 * A chunk's byte goes, during a search, from stale to TT_GEN_BUSY (the
 * thread that won a compare-and-swap zeroes it; meanwhile the others miss
 * there and skip their stores) to `gen` (released after the zeroing, read
 * with acquire), so no thread reads a chunk while it is zeroed. One thread
 * sees exactly what an eagerly emptied table would hold.
 */
#ifndef GS_TT_H
#define GS_TT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gamesearch/core.h"
#include "gamesearch/search.h"

/* The fields of an entry's `meta` word (drawn above). */
#define TT_SHIFT_AGE 0
#define TT_MASK_AGE 0x3fu
#define TT_SHIFT_BOUND 6
#define TT_MASK_BOUND 0x3u
#define TT_SHIFT_DEPTH 8
#define TT_MASK_DEPTH 0xffu
#define TT_SHIFT_ACTION 16
#define TT_MASK_ACTION 0xffffu
#define TT_SHIFT_KEY 32

/* "Searched to the end of every line": usable at any remaining depth. */
#define TT_DEPTH_FULL INT16_MAX

/* An entry as the search sees it. */
typedef struct tt_entry {
    double value;
    gs_action action;   /* best action, or GS_NO_ACTION */
    int16_t depth;      /* plies searched below, or TT_DEPTH_FULL */
    gs_bound bound;
} tt_entry;

/* An entry as it is stored. */
typedef struct tt_slot {
    _Atomic uint64_t value;   /* the bits of the double */
    _Atomic uint64_t meta;    /* see above, xor-ed with a mix of `value` */
} tt_slot;

/* Half a cache line: two slots. */
#define TT_LINE 64
typedef struct tt_bucket {
    tt_slot slot[2];
} tt_bucket;

/* Bytes of buckets that share a generation byte: eight cache lines, so
 * that the first store in a chunk after a clear zeroes little (a whole
 * page was measurably slower on short searches: docs/tuning.md), while
 * the generation bytes stay small enough to sit in the cache. */
#define TT_CHUNK ((size_t)512)
/* The generations a table counts through (1 .. TT_GEN_LAST; 0: a chunk
 * never used), and the mark of a chunk being zeroed. */
#define TT_GEN_LAST 254u
#define TT_GEN_BUSY 255u
/* Buckets in use after a clear (128 KiB). */
#define TT_START ((size_t)4096)

typedef struct tt_table {
    /* A cache line before the fields every thread reads at every probe,
     * so that they share none with what precedes the table in its
     * engine (written by the owner at every node). */
    char pad_before[TT_LINE];
    tt_bucket *bucket;  /* `buckets` buckets, aligned to TT_LINE */
    void *block;        /* the allocation they sit in (and chunk_gen) */
    size_t buckets;     /* a power of two, or 0 when there is no table */
    _Atomic uint8_t *chunk_gen;  /* one byte a chunk (see above), in
                                    `block` after the buckets */
    size_t chunks;
    unsigned chunk_shift;        /* bucket index >> chunk_shift: its chunk */
    size_t chunk_buckets;        /* buckets in a chunk */
    _Atomic size_t mask;   /* buckets in use - 1 (see "Growth" above) */
    uint8_t gen;        /* the table's generation (see above) */
    uint8_t age;        /* the search under way; set while no thread
                           searches */
    /* The growth, written by one thread at each of its stores while the
     * table grows: a cache line away from the fields above, which every
     * thread reads at every probe. */
    char pad[TT_LINE];
    size_t stores;      /* stores counted since the table was emptied,
                           while it grows */
    size_t weight;      /* what one counted store adds to `stores`: the
                           threads searching */
    bool growing;       /* the part in use doubles as stores come */
} tt_table;

/* Allocates room for as many buckets as fit in `bytes` (rounded down to a
 * power of two, at least one), freeing the old table; bytes == 0 frees it.
 * The new table is empty; its memory is not written until used. Returns
 * GS_OK or GS_ENOMEM (the old table is then kept). */
int tt_resize(tt_table *t, const gs_allocator *a, size_t bytes);
void tt_free(tt_table *t, const gs_allocator *a);
/* Empties every slot (while no thread searches), lazily: see above. */
void tt_clear(tt_table *t);

/* Several threads are about to search with the table (1: one): only
 * one of them counts its stores (tt_count_store), each for `threads`. */
void tt_share(tt_table *t, int threads);

/* Before a store: counts it, and doubles the part of the table in use when
 * it has taken as many stores as it has buckets. Called by one thread
 * only (with several, the one that set tt_share). */
static inline void tt_count_store(tt_table *t)
{
    if (t->growing) {
        size_t mask = atomic_load_explicit(&t->mask, memory_order_relaxed);
        t->stores += t->weight;
        if (t->stores > mask) {
            mask = 2 * mask + 1;
            atomic_store_explicit(&t->mask, mask, memory_order_relaxed);
            t->stores = 0;
            t->growing = mask < t->buckets - 1;
        }
    }
}

/* The table's key for a game's hash: murmur3's 64-bit finaliser, a
 * bijection in which every bit of the hash reaches every bit of the key.
 * The table picks a bucket by the key's low bits and tells keys apart by
 * its high bits, so a hash whose low or high bits vary little (a
 * multiplicative hash, a small state's code taken as is) would crowd
 * buckets and, worse, pass one position for another; its image here is
 * as spread as a random key, and distinct hashes stay distinct keys. */
static inline uint64_t tt_key(uint64_t hash)
{
    hash ^= hash >> 33;
    hash *= 0xff51afd7ed558ccdu;
    hash ^= hash >> 33;
    hash *= 0xc4ceb9fe1a85ec53u;
    return hash ^ (hash >> 33);
}

/* The bucket of `key` in the part of the table in use. */
static inline size_t tt_index(const tt_table *t, uint64_t key)
{
    return (size_t)key & atomic_load_explicit(&t->mask, memory_order_relaxed);
}

/* Asks the processor to start loading the bucket of `key`. */
static inline void tt_prefetch(const tt_table *t, uint64_t key)
{
#if defined(__GNUC__)
    __builtin_prefetch(&t->bucket[tt_index(t, key)]);
#else
    (void)t;
    (void)key;
#endif
}

/* Copies the entry for `key` into *out and returns true, or returns
 * false. */
bool tt_probe(tt_table *t, uint64_t key, tt_entry *out);
/* Records a result for `key`, whose search took `work` nodes (the thread
 * that grows the table calls tt_count_store first). */
void tt_store(tt_table *t, uint64_t key, double value, gs_bound bound,
              int depth, gs_action action, uint64_t work);

#endif /* GS_TT_H */
