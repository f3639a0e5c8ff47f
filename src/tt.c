/* The transposition table: see tt.h for its layout, replacement rule and
 * how threads share it. */
#if defined(__linux__)
/* madvise and MADV_HUGEPAGE */
#define _DEFAULT_SOURCE 1
#include <sys/mman.h>
#endif

#include "tt.h"

#include <string.h>

_Static_assert(sizeof(tt_bucket) == TT_LINE / 2, "two buckets a line");

/* Tables of at least this many bytes are aligned to it and, on Linux,
 * asked to sit in huge pages: a probe of a large table then rarely misses
 * the TLB as well as the cache (about a third faster on Connect Four). */
#define TT_HUGE ((size_t)2 << 20)

static size_t alignment(size_t buckets)
{
    return buckets * sizeof(tt_bucket) >= TT_HUGE ? TT_HUGE : TT_LINE;
}

static size_t block_size(size_t buckets)
{
    return buckets * sizeof(tt_bucket) + alignment(buckets);
}

int tt_resize(tt_table *t, const gs_allocator *a, size_t bytes)
{
    size_t buckets = 0;
    if (bytes > 0) {
        buckets = 1;
        while (buckets <= bytes / (2 * sizeof(tt_bucket)))
            buckets *= 2;
    }
    void *block = NULL;
    if (buckets) {
        block = a->fn(a->user, NULL, 0, block_size(buckets));
        if (!block)
            return GS_ENOMEM;
    }
    tt_free(t, a);
    t->block = block;
    t->buckets = buckets;
    t->bucket = NULL;
    if (block) {
        const size_t align = alignment(buckets);
        uintptr_t p = (uintptr_t)block;
        p = (p + align - 1) / align * align;
        t->bucket = (tt_bucket *)p;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        /* Advice only: without huge pages the table works the same. */
        if (align == TT_HUGE)
            (void)madvise(t->bucket, buckets * sizeof(tt_bucket),
                          MADV_HUGEPAGE);
#endif
    }
    tt_clear(t);
    return GS_OK;
}

void tt_free(tt_table *t, const gs_allocator *a)
{
    if (t->block)
        a->fn(a->user, t->block, block_size(t->buckets), 0);
    t->block = NULL;
    t->bucket = NULL;
    t->buckets = 0;
}

void tt_clear(tt_table *t)
{
    /* All-zero words are an empty slot (meta 0). */
    if (t->bucket)
        memset((void *)t->bucket, 0, t->buckets * sizeof *t->bucket);
    t->age = 0;
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
    tt_slot *b = t->bucket[key & (t->buckets - 1)].slot;
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
    tt_slot *b = t->bucket[key & (t->buckets - 1)].slot;
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
        /* The same position: keep the deeper result of this search. */
        if (fresh && depth < meta_depth(first.meta))
            return;
        put(&b[0], &w);
    } else if (!fresh || dcode >= meta_code(first.meta)) {
        if (used)
            put(&b[1], &first);   /* the displaced deep entry stays a while */
        put(&b[0], &w);
    } else {
        put(&b[1], &w);
    }
}
