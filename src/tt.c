/* The transposition table: see tt.h for its layout, replacement rule, how
 * threads share it and how it is emptied. */
#include "tt.h"

#include <string.h>

_Static_assert(sizeof(tt_bucket) == TT_LINE / 2, "two buckets a line");
_Static_assert(TT_CHUNK % sizeof(tt_bucket) == 0, "whole buckets a chunk");

/*
 * No huge pages are asked for: the table is written only where a search
 * stores, and a huge page is two megabytes the kernel zeroes (and may
 * first compact memory for) at the first store in it, inside the search's
 * time; a search of a few hundred nodes would touch every one of a 64 MiB
 * table's.
 */

/* The table's allocation: the buckets, room to align them, and a
 * generation byte per chunk after them. */
static size_t block_size(size_t buckets, size_t chunks)
{
    return buckets * sizeof(tt_bucket) + TT_LINE + chunks;
}

/* The generation bytes, as plain bytes, for zeroing them all. */
static void zero_gens(tt_table *t)
{
    memset((unsigned char *)t->bucket + t->buckets * sizeof(tt_bucket), 0,
           t->chunks);
}

/* The part in use back to its start (a table just emptied). */
static void restart(tt_table *t)
{
    size_t n = t->buckets < TT_START ? t->buckets : TT_START;
    atomic_store_explicit(&t->mask, n - 1, memory_order_relaxed);
    t->stores = 0;
    t->weight = 1;
    t->growing = n < t->buckets;
}

void tt_share(tt_table *t, int threads)
{
    t->weight = threads > 1 ? (size_t)threads : 1;
}

int tt_resize(tt_table *t, const gs_allocator *a, size_t bytes)
{
    size_t buckets = 0;
    if (bytes > 0) {
        buckets = 1;
        while (buckets <= bytes / (2 * sizeof(tt_bucket)))
            buckets *= 2;
    }
    if (!buckets) {
        tt_free(t, a);
        return GS_OK;
    }
    size_t chunk_buckets = TT_CHUNK / sizeof(tt_bucket);
    if (chunk_buckets > buckets)
        chunk_buckets = buckets;
    unsigned shift = 0;
    while (((size_t)1 << shift) < chunk_buckets)
        shift++;
    size_t chunks = buckets >> shift;
    void *block = a->fn(a->user, NULL, 0, block_size(buckets, chunks));
    if (!block)
        return GS_ENOMEM;
    tt_free(t, a);
    t->block = block;
    t->buckets = buckets;
    uintptr_t p = (uintptr_t)block;
    p = (p + TT_LINE - 1) / TT_LINE * TT_LINE;
    t->bucket = (tt_bucket *)p;
    t->chunk_gen = (_Atomic uint8_t *)(p + buckets * sizeof(tt_bucket));
    t->chunks = chunks;
    t->chunk_shift = shift;
    t->chunk_buckets = chunk_buckets;
    /* Every chunk at 0: empty in any generation. */
    zero_gens(t);
    t->gen = 1;
    t->age = 0;
    restart(t);
    return GS_OK;
}

void tt_free(tt_table *t, const gs_allocator *a)
{
    if (t->block)
        a->fn(a->user, t->block, block_size(t->buckets, t->chunks), 0);
    t->block = NULL;
    t->bucket = NULL;
    t->buckets = 0;
    t->chunk_gen = NULL;
    t->chunks = 0;
    atomic_store_explicit(&t->mask, 0, memory_order_relaxed);
    t->growing = false;
}

void tt_clear(tt_table *t)
{
    if (t->block) {
        if (t->gen >= TT_GEN_LAST) {
            /* The generations wrap: every chunk back to "never used". */
            zero_gens(t);
            t->gen = 1;
        } else {
            t->gen++;
        }
        restart(t);
    }
    t->age = 0;
}

/* True when the chunk of bucket i holds entries of this generation. */
static bool chunk_ready(tt_table *t, size_t i)
{
    return atomic_load_explicit(&t->chunk_gen[i >> t->chunk_shift],
                                memory_order_acquire) == t->gen;
}

/* Makes the chunk of bucket i one of this generation, zeroing it if it is
 * not; false when another thread is zeroing it (the store is skipped). */
static bool chunk_claim(tt_table *t, size_t i)
{
    _Atomic uint8_t *g = &t->chunk_gen[i >> t->chunk_shift];
    uint8_t c = atomic_load_explicit(g, memory_order_acquire);
    if (c == t->gen)
        return true;
    if (c == TT_GEN_BUSY ||
        !atomic_compare_exchange_strong_explicit(g, &c, (uint8_t)TT_GEN_BUSY,
                                                 memory_order_acquire,
                                                 memory_order_relaxed))
        return false;
    size_t first = i >> t->chunk_shift << t->chunk_shift;
    /* All-zero words are an empty slot (meta 0). */
    memset((void *)&t->bucket[first], 0, t->chunk_buckets * sizeof(tt_bucket));
    atomic_store_explicit(g, t->gen, memory_order_release);
    return true;
}

/* A slot's two words, read once each, `meta` unmixed. */
typedef struct words {
    uint64_t value, meta;
} words;

static uint64_t mix(uint64_t v)
{
    return v * 0x9e3779b97f4a7c15u;
}

static words load(tt_slot *s)
{
    words w;
    w.value = atomic_load_explicit(&s->value, memory_order_relaxed);
    w.meta = atomic_load_explicit(&s->meta, memory_order_relaxed) ^
             mix(w.value);
    return w;
}

static void put(tt_slot *s, const words *w)
{
    atomic_store_explicit(&s->value, w->value, memory_order_relaxed);
    atomic_store_explicit(&s->meta, w->meta ^ mix(w->value),
                          memory_order_relaxed);
}

/* The 8-bit depth code: 0 .. 127 plies searched (deeper real depths are
 * kept as 127, which only makes an entry less useful), or 128 + w for a
 * result searched to the end, w (0 .. 127) the bit length of the number of
 * nodes its search took. A larger code is worth more: slot 0 keeps it. */
enum { DEPTH_MAX_CODE = 127, DEPTH_FULL_CODE = 128 };

static unsigned meta_bound(uint64_t m)
{
    return (unsigned)(m >> TT_SHIFT_BOUND) & TT_MASK_BOUND;
}

static unsigned meta_age(uint64_t m)
{
    return (unsigned)(m >> TT_SHIFT_AGE) & TT_MASK_AGE;
}

static unsigned meta_code(uint64_t m)
{
    return (unsigned)(m >> TT_SHIFT_DEPTH) & TT_MASK_DEPTH;
}

static unsigned meta_action(uint64_t m)
{
    return (unsigned)(m >> TT_SHIFT_ACTION) & TT_MASK_ACTION;
}

static int meta_depth(uint64_t m)
{
    unsigned d = meta_code(m);
    return d >= DEPTH_FULL_CODE ? TT_DEPTH_FULL : (int)d;
}

static bool holds(const words *w, uint64_t key)
{
    return meta_bound(w->meta) != 0 &&
           (w->meta >> TT_SHIFT_KEY) == (key >> TT_SHIFT_KEY);
}

bool tt_probe(tt_table *t, uint64_t key, tt_entry *out)
{
    size_t at = tt_index(t, key);
    if (!chunk_ready(t, at))
        return false;
    tt_slot *b = t->bucket[at].slot;
    for (int i = 0; i < 2; i++) {
        words w = load(&b[i]);
        if (!holds(&w, key))
            continue;
        memcpy(&out->value, &w.value, sizeof out->value);
        unsigned a = meta_action(w.meta);
        out->action = a == 0 ? GS_NO_ACTION : (gs_action)(a - 1);
        out->depth = (int16_t)meta_depth(w.meta);
        out->bound = (gs_bound)(meta_bound(w.meta) - 1);
        return true;
    }
    return false;
}

void tt_store(tt_table *t, uint64_t key, double value, gs_bound bound,
              int depth, gs_action action, uint64_t work)
{
    size_t at = tt_index(t, key);
    if (!chunk_claim(t, at))
        return;
    tt_slot *b = t->bucket[at].slot;
    unsigned dcode;
    if (depth >= TT_DEPTH_FULL) {
        unsigned bits = 0;
        while (work && bits < 127) {
            work >>= 1;
            bits++;
        }
        dcode = DEPTH_FULL_CODE + bits;
    } else {
        dcode = depth > DEPTH_MAX_CODE ? DEPTH_MAX_CODE
              : (unsigned)(depth < 0 ? 0 : depth);
        depth = (int)dcode;
    }
    /* An action that does not fit the field is stored as none. */
    unsigned acode = action >= 0 && (unsigned)action < TT_MASK_ACTION
                         ? (unsigned)action + 1 : 0;
    words w;
    memcpy(&w.value, &value, sizeof value);
    w.meta = (key >> TT_SHIFT_KEY) << TT_SHIFT_KEY |
             (uint64_t)acode << TT_SHIFT_ACTION |
             (uint64_t)dcode << TT_SHIFT_DEPTH |
             (uint64_t)(bound + 1) << TT_SHIFT_BOUND |
             (uint64_t)(t->age & TT_MASK_AGE) << TT_SHIFT_AGE;

    words first = load(&b[0]);
    bool used = meta_bound(first.meta) != 0;
    bool same = holds(&first, key);
    bool fresh = used && meta_age(first.meta) == (t->age & TT_MASK_AGE);
    if (same) {
        /* The same position: keep the deeper result of this search, and
         * the action it held when the new result names none. */
        if (fresh && depth < meta_depth(first.meta))
            return;
        if (acode == 0)
            w.meta |= (uint64_t)meta_action(first.meta) << TT_SHIFT_ACTION;
        put(&b[0], &w);
    } else if (!fresh || dcode >= meta_code(first.meta)) {
        if (used)
            put(&b[1], &first);   /* the displaced deep entry stays a while */
        put(&b[0], &w);
    } else {
        put(&b[1], &w);
    }
}
