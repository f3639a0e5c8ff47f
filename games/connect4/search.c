/*
 * games/connect4/search.c: Connect Four's own exact search, a negamax on
 * the bitboards with whole-number scores and a table of its own, on one
 * thread or several sharing the table.
 *
 * A node is a position with what its parent learned of it (struct node):
 * its key, its bounds from the rules (judge_k: wins and losses at once,
 * dead lines, claimeven, the chain of forced moves played out) narrowed
 * by its table entry, and the cells worth playing. A parent works this out
 * for every child before it searches any, so that a child whose bounds
 * settle it (an exact value, a value that cannot reach the window, or one
 * that beats it: an enhanced transposition cutoff) is never entered, and
 * a child that is entered starts from what its parent found.
 *
 * The root's score is found by null-window probes that halve the range
 * of possible scores (Pons's bisection). Nodes are counted as Pons counts
 * them: every call of negamax, one for each probe of the root included.
 *
 * The table. A power of two of 16-byte entries, each a key (the position's
 * current + mask, or the smaller of it and its mirror image's with
 * `symmetry`) with the lower and upper bounds known of its score, its
 * stones and the generation that wrote it, in buckets of two: a store
 * keeps the entry whose position has fewer stones (nearer the root, a
 * larger search to redo) when both are taken. Emptying the table is a new generation: an
 * entry of an older one reads as empty, so the pages once written are
 * never written again to empty them (and never given back to the system
 * and faulted in again). The table in use starts small and doubles,
 * entries moved in place, while a generation's stores outnumber half its
 * entries, up to the size asked for: a small search touches few pages.
 * Emptied, it is small again in use, the memory kept (its entries all of
 * older generations): so a solve's node count depends only on the solves
 * since the table was last emptied.
 */
#include <assert.h>
#include <limits.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include "c4_internal.h"
#include "c4_kernels.h"
#include "../../src/mem.h"
#include "../../src/thread.h"

/* An entry: two words, each read and written whole, so that threads
 * sharing the table never see half a word; `check` is the key xor `data`,
 * so that an entry whose words two threads wrote reads as another key's
 * (and so, but for a coincidence of the bits of two data words and two
 * keys, as no entry of the position). data holds, from its low byte:
 * the generation that wrote it (0: never written), the lower and upper
 * bounds of the score, the mover's view (two's complement bytes), the
 * stones of its position. */
typedef struct entry {
    _Atomic uint64_t check;
    _Atomic uint64_t data;
} entry;

static inline uint64_t entry_data(int gen, int lo, int hi, int stones)
{
    return (uint64_t)(uint8_t)gen | (uint64_t)(uint8_t)(int8_t)lo << 8 |
           (uint64_t)(uint8_t)(int8_t)hi << 16 | (uint64_t)stones << 24;
}

static inline int data_gen(uint64_t d)
{
    return (uint8_t)d;
}

static inline int data_lo(uint64_t d)
{
    return (int8_t)(uint8_t)(d >> 8);
}

static inline int data_hi(uint64_t d)
{
    return (int8_t)(uint8_t)(d >> 16);
}

static inline int data_stones(uint64_t d)
{
    return (uint8_t)(d >> 24);
}

static inline uint64_t load(const _Atomic uint64_t *w)
{
    return atomic_load_explicit(w, memory_order_relaxed);
}

static inline void store(_Atomic uint64_t *w, uint64_t v)
{
    atomic_store_explicit(w, v, memory_order_relaxed);
}

/* The table's first size, in entries (1 MiB). */
#define TABLE_START_ENTRIES ((size_t)1 << 16)
/* The nodes after which a solve probes the scores nearest 0 first
 * (probe_root): a solve that has taken this many is a long one, whose
 * score is more often near 0 than a quick win's. */
#define LONG_SOLVE_NODES 50000
/* Several threads: the busy positions' slots (a power of two), and the
 * plies from the root within which a node's children are marked busy
 * while searched. Deeper, a subtree is too small for two threads to
 * waste much on it together. On the first 20 of Test_L1_R3 with two
 * threads, 4 to 42 plies all did better than none (docs/tuning.md). */
#define BUSY_SLOTS 1024
#define BUSY_PLIES 14
/* How often (in nodes, a power of two) the clock and a cancel are read. */
#define CHECK_NODES 1024

struct c4_search {
    gs_allocator alloc;
    const gs_c4 *g;
    entry *table;
    size_t entries;       /* in use: a power of two */
    size_t allocated;     /* entries allocated, >= entries */
    size_t max_entries;   /* the size asked for, in entries */
    size_t stores;        /* new entries since the table in use last
                             doubled or was emptied */
    uint8_t gen;          /* the current generation, 1 .. 255 */
    atomic_bool cancel;
    /* Several threads (lazy SMP): the helpers, threads - 1 of them, each
     * a c4_search of its own sharing this one's table, and searching each
     * probe of the root with this one in a column order of its own.
     * Only this one grows the table (its own stores counted), the helpers
     * stopped meanwhile and started again on the larger one. A helper's
     * helpers is NULL. */
    int threads;
    struct c4_search *helpers;
    bool helped;              /* the helpers run in the solve under way */
    uint64_t helper_nodes;    /* their nodes until they last stopped */
    /* A probe of the root is a race: the helpers search its window too,
     * each in its own column order, and the first thread to finish gives
     * the probe's value, the others stopped. `raced`: 0 while none has,
     * else 1 + the index of the helper that won (its race_value and
     * race_best written before). A helper's `main` is the search it
     * helps, its `index` its place among the helpers. */
    int probe;                /* the window under way: (probe, probe + 1) */
    atomic_int raced;
    bool racing;              /* main: the helpers race the probe */
    bool lost;                /* main: stopped because a helper won */
    struct c4_search *main;
    int index;
    int race_value, race_best;
    const struct node *root_node;   /* main: the root of the solve */
    /* The positions being searched, near the root, by some thread: a
     * slot a key (BUSY_SLOTS of them, by hash), shared by all the
     * threads; NULL with one thread. A thread that meets a child another
     * is searching searches its other children first (see negamax_k). */
    _Atomic uint64_t *busy;
    /* The columns centre first (a helper: two of them swapped) */
    int order[GS_C4_MAX_WIDTH];
    uint64_t order_mask[GS_C4_MAX_WIDTH];
    /* The solve under way. */
    bool symmetry;
    uint64_t nodes, node_limit;
    double deadline;      /* seconds on the monotonic clock; 0: none */
    gs_stop stop;
    int root_moves;       /* stones on the root's board */
    int root_best;        /* the root's column that failed high last */
    /* The root and window of the solve, and a helper's thread. */
    gs_c4_state root;
    bool weak;
    thread_handle thread;
    bool running;
};

/* A position and what its parent learned of it. */
typedef struct node {
    gs_c4_state s;
    uint64_t key;
    uint64_t hash;    /* mix64(key): its slot is hash & (entries - 1) */
    uint64_t moves;   /* the cells worth playing; 0 when lo == hi */
    uint64_t threats; /* the empty cells that would give the opponent four */
    int lo, hi;       /* bounds of its score, its mover's view */
    int col;          /* the column its parent played into it */
    int32_t order;    /* its parent's ordering score of col */
} node;

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- The table ------------------------------------------------------- */

/* A key's bucket, the first of its two slots, by its hash (mix64 of the
 * key, worked out once a node). */
static inline size_t slot_of(const c4_search *S, uint64_t hash)
{
    return (size_t)hash & (S->entries - 2);
}

static inline void table_prefetch(const c4_search *S, uint64_t hash)
{
#if defined(__GNUC__)
    __builtin_prefetch(&S->table[slot_of(S, hash)]);
#else
    (void)S;
    (void)hash;
#endif
}

/* True when the entry e, whose data word reads d, is key's, of this
 * generation. */
static inline bool entry_is(const c4_search *S, const entry *e, uint64_t d,
                            uint64_t key)
{
    return data_gen(d) == S->gen && (load(&e->check) ^ d) == key;
}

/* Narrows [*lo, *hi] by the table's entry for key, if any. */
static inline void table_read(const c4_search *S, uint64_t key, uint64_t hash,
                              int *lo, int *hi)
{
    const entry *e = &S->table[slot_of(S, hash)];
    uint64_t d = load(&e[0].data);
    if (!entry_is(S, &e[0], d, key)) {
        d = load(&e[1].data);
        if (!entry_is(S, &e[1], d, key))
            return;
    }
    if (data_lo(d) > *lo)
        *lo = data_lo(d);
    if (data_hi(d) < *hi)
        *hi = data_hi(d);
}

/* Doubles the table in use, each entry of this generation moved to its
 * slot in the larger one (the new half holds only older generations, or
 * is new memory, zeroed); false (the table as it was) when memory is
 * short. */
static bool table_grow(c4_search *S)
{
    const size_t old = S->entries;
    entry *t = S->table;
    if (S->allocated < 2 * old) {
        t = mem_resize(&S->alloc, t, S->allocated * sizeof *t,
                       2 * old * sizeof *t);
        if (!t)
            return false;
        memset(t + S->allocated, 0, (2 * old - S->allocated) * sizeof *t);
        S->table = t;
        S->allocated = 2 * old;
    }
    S->entries = 2 * old;
    for (size_t i = 0; i < old; i++) {
        const uint64_t d = load(&t[i].data);
        if (data_gen(d) != S->gen)
            continue;
        const uint64_t c = load(&t[i].check);
        const size_t j = slot_of(S, mix64(c ^ d)) | (i & 1);
        if (j != i) {   /* j is i + old: no entry of this generation */
            store(&t[j].check, c);
            store(&t[j].data, d);
            store(&t[i].data, 0);
        }
    }
    return true;
}

/* The slot of key's bucket to store it in: its own entry, else an empty
 * one (of an older generation), else the one whose position has more
 * stones (a smaller search to redo), the second on a tie. */
static inline entry *pick_slot(c4_search *S, uint64_t key, uint64_t hash,
                               uint64_t *data)
{
    entry *e = &S->table[slot_of(S, hash)];
    const uint64_t d0 = load(&e[0].data), d1 = load(&e[1].data);
    if (entry_is(S, &e[0], d0, key))
        return *data = d0, &e[0];
    if (entry_is(S, &e[1], d1, key))
        return *data = d1, &e[1];
    if (data_gen(d0) != S->gen)
        return *data = d0, &e[0];
    if (data_gen(d1) != S->gen)
        return *data = d1, &e[1];
    return data_stones(d0) > data_stones(d1) ? (*data = d0, &e[0])
                                             : (*data = d1, &e[1]);
}

static void start_helpers(c4_search *S);
static uint64_t stop_helpers(c4_search *S);

/* table_grow, the helpers (if any run) stopped meanwhile. */
static bool table_grow_alone(c4_search *S)
{
    if (!S->racing)
        return table_grow(S);
    S->helper_nodes += stop_helpers(S);
    const bool grown = table_grow(S);
    if (!atomic_load(&S->raced))
        start_helpers(S);
    return grown;
}

/* Stores what a search found of key's score: within [lo, hi], met with
 * what the entry already holds for the same position. */
static void table_store(c4_search *S, uint64_t key, uint64_t hash, int lo,
                        int hi, int stones)
{
    uint64_t d;
    entry *e = pick_slot(S, key, hash, &d);
    if (entry_is(S, e, d, key)) {
        if (lo < data_lo(d))
            lo = data_lo(d);
        if (hi > data_hi(d))
            hi = data_hi(d);
    } else if (data_gen(d) != S->gen &&
               (S->stores += (size_t)S->threads) > S->entries / 2 &&
               S->entries < S->max_entries) {
        if (table_grow_alone(S)) {
            S->stores = 0;
            e = pick_slot(S, key, hash, &d);
        } else {
            S->max_entries = S->entries;
        }
    }
    d = entry_data(S->gen, lo, hi, stones);
    store(&e->data, d);
    store(&e->check, key ^ d);
}

/* The table's size in use when emptied. */
static size_t start_entries(const c4_search *S)
{
    if (S->max_entries < TABLE_START_ENTRIES)
        return S->max_entries;
    return TABLE_START_ENTRIES;
}

int c4_search_new(const gs_c4 *g, size_t table_bytes, int threads,
                  const gs_allocator *alloc, c4_search **out)
{
    *out = NULL;
    if (threads < 1 || !THREADS_AVAILABLE)
        threads = 1;   /* without threads, one thread's search exactly */
    c4_search *S = mem_resize(alloc, NULL, 0, sizeof *S);
    if (!S)
        return GS_ENOMEM;
    memset(S, 0, sizeof *S);
    S->alloc = *alloc;
    S->g = g;
    S->threads = threads;
    for (int i = 0; i < g->width; i++) {
        S->order[i] = g->order[i];
        S->order_mask[i] = g->order_mask[i];
    }
    S->max_entries = 2;   /* one bucket at least */
    while (S->max_entries * 2 * sizeof(entry) <= table_bytes)
        S->max_entries *= 2;
    S->entries = start_entries(S);
    S->table = mem_resize(alloc, NULL, 0, S->entries * sizeof(entry));
    if (!S->table) {
        mem_resize(alloc, S, sizeof *S, 0);
        return GS_ENOMEM;
    }
    memset(S->table, 0, S->entries * sizeof(entry));
    S->allocated = S->entries;
    S->gen = 1;
    atomic_init(&S->cancel, false);
    atomic_init(&S->raced, 0);
    if (threads > 1) {
        S->busy = mem_resize(alloc, NULL, 0, BUSY_SLOTS * sizeof *S->busy);
        const size_t bytes = (size_t)(threads - 1) * sizeof *S->helpers;
        S->helpers = S->busy ? mem_resize(alloc, NULL, 0, bytes) : NULL;
        if (!S->helpers) {
            c4_search_free(S);
            return GS_ENOMEM;
        }
        for (int i = 0; i < BUSY_SLOTS; i++)
            atomic_init(&S->busy[i], 0);
        for (int h = 0; h < threads - 1; h++) {
            c4_search *H = &S->helpers[h];
            memcpy(H, S, sizeof *H);
            H->threads = 1;
            H->helpers = NULL;
            atomic_init(&H->cancel, false);
            /* Helper h swaps two neighbours of the centre-first order
             * after the centre, at h + 1 and h + 2 (cyclically), so that
             * its search meets the positions in an order of its own
             * among children of equal ordering scores. */
            if (g->width > 2) {
                const int a = 1 + h % (g->width - 2), b = a + 1;
                const int c = H->order[a];
                const uint64_t m = H->order_mask[a];
                H->order[a] = H->order[b];
                H->order_mask[a] = H->order_mask[b];
                H->order[b] = c;
                H->order_mask[b] = m;
            }
        }
    }
    *out = S;
    return GS_OK;
}

void c4_search_free(c4_search *S)
{
    if (!S)
        return;
    gs_allocator a = S->alloc;
    if (S->helpers)
        mem_resize(&a, S->helpers,
                   (size_t)(S->threads - 1) * sizeof *S->helpers, 0);
    if (S->busy)
        mem_resize(&a, S->busy, BUSY_SLOTS * sizeof *S->busy, 0);
    mem_resize(&a, S->table, S->allocated * sizeof(entry), 0);
    mem_resize(&a, S, sizeof *S, 0);
}

void c4_search_clear(c4_search *S)
{
    S->stores = 0;
    S->entries = start_entries(S);
    if (++S->gen == 0) {   /* every generation used: empty it for real */
        memset(S->table, 0, S->allocated * sizeof(entry));
        S->gen = 1;
    }
}

void c4_search_cancel(c4_search *S, bool cancel)
{
    atomic_store(&S->cancel, cancel);
}

/* ---- The search ------------------------------------------------------ */

/* Plays col of s into child, a move that neither wins nor fills the board
 * (a move worth playing, of a node whose mover cannot win at once, below
 * the last two cells): the game goes on, so no line is looked for. */
C4_KERNEL void play_on(const gs_c4 *g, const gs_c4_state *s, int col,
                       gs_c4_state *child)
{
    const uint64_t mask = s->mask | (s->mask + g->col_bottom[col]);
    child->current = s->current ^ s->mask;
    child->mask = mask;
    child->moves = s->moves + 1;
    child->over = 0;
}

/* The table's key of s. */
C4_KERNEL uint64_t key_of(const c4_search *S, shape sh, const gs_c4_state *s)
{
    const uint64_t key = s->current + s->mask;
    if (!S->symmetry)
        return key;
    const uint64_t m = mirror_key(S->g, sh, key);
    return m < key ? m : key;
}

/* Fills the root n's bounds, moves and threats from the rules and the
 * table (n->s and n->key set). */
C4_KERNEL void judge_node(const c4_search *S, shape sh, node *n)
{
    n->moves = judge_k(S->g, sh, true, &n->s, &n->lo, &n->hi);
    n->threats = winning_cells(S->g, sh, n->s.current ^ n->s.mask, n->s.mask);
    table_read(S, n->key, n->hash, &n->lo, &n->hi);
    if (n->lo >= n->hi)
        n->moves = 0;
}

/*
 * dead_lines for a child k of a node n. The child's opponent (n's mover)
 * has, in stones and empty cells, what they had in n: whether they can
 * still make four is worked out once for all of n's children, when the
 * first needs it.
 */
typedef struct dead_info {
    bool ready;
    bool opp_dead;    /* a child's opponent cannot make four */
} dead_info;

C4_KERNEL void dead_lines_child(const gs_c4 *g, shape sh,
                                const gs_c4_state *n, const gs_c4_state *k,
                                dead_info *d, int *mlo, int *mhi)
{
    if (2 * k->moves < sh_cells(sh))
        return;
    if (!d->ready) {
        d->opp_dead = !has_four(sh, n->current | (g->board & ~n->mask));
        d->ready = true;
    }
    if (!has_four(sh, k->current | (g->board & ~k->mask)))
        *mhi = 0;
    if (d->opp_dead)
        *mlo = 0;
}

/*
 * judge_node for a child k of a node: judge_k's bounds with what a child
 * is known not to need. Its mover cannot win at once (its parent played a
 * move worth playing), so only the opponent's threats are worked out, and
 * kept for the ordering score; a chain of forced moves is left to judge_k.
 */
C4_KERNEL void judge_child(const c4_search *S, shape sh, const node *n,
                           dead_info *dead, node *k)
{
    const gs_c4 *g = S->g;
    const gs_c4_state *s = &k->s;
    const uint64_t threats =
        winning_cells(g, sh, s->current ^ s->mask, s->mask);
    const uint64_t possible = playable(g, s);
    const uint64_t forced = possible & threats;
    uint64_t moves = possible;
    if (forced)
        moves = forced & (forced - 1) ? 0 : forced;
    moves &= ~(threats >> 1);
    k->threats = threats;
    if (!moves) {
        k->lo = k->hi = -(sh_cells(sh) - s->moves) / 2;
    } else if (s->moves >= sh_cells(sh) - 2) {
        k->lo = k->hi = 0;
    } else if (!(moves & (moves - 1))) {
        moves = judge_from(g, sh, true, s, true, threats, &k->lo,
                           &k->hi);   /* the chain */
    } else {
        k->lo = -(sh_cells(sh) - 2 - s->moves) / 2;
        k->hi = (sh_cells(sh) - 1 - s->moves) / 2;
        dead_lines_child(g, sh, &n->s, s, dead, &k->lo, &k->hi);
        claimeven(g, sh, s, true, &k->hi);
    }
    k->moves = moves;
    table_read(S, k->key, k->hash, &k->lo, &k->hi);
    if (k->lo >= k->hi)
        k->moves = 0;
}

/* The ordering score of n's child k: the threats the move leaves its
 * player, as order_hint_k scores them. */
C4_KERNEL int32_t order_of(const gs_c4 *g, const node *n, const node *k)
{
    const uint64_t useful =
        k->threats & ~((n->threats & ~k->s.mask) << 1);
    const uint64_t above = ((k->s.mask + g->bottom) & g->board) << 1;
    return 3 * popcount64(useful) + 2 * popcount64(useful & above);
}

/* True when the search must stop: the node limit, a cancel or the clock
 * (S->stop says which). Called every CHECK_NODES nodes and at the limit. */
static bool must_stop(c4_search *S)
{
    if (S->nodes >= S->node_limit)
        S->stop = GS_STOP_NODES;
    else if (atomic_load_explicit(&S->cancel, memory_order_relaxed))
        S->stop = GS_STOP_CANCEL;
    else if (S->deadline > 0 && now_seconds() >= S->deadline)
        S->stop = GS_STOP_TIME;
    else if (S->racing &&
             atomic_load_explicit(&S->raced, memory_order_relaxed))
        S->stop = GS_STOP_CANCEL, S->lost = true;
    return S->stop != GS_STOP_NONE;
}

typedef int (*negamax_fn)(c4_search *S, const node *n, int alpha, int beta);

/*
 * The score of n (a game on, whose mover cannot win at once, with bounds
 * lo < hi and moves set by judge_node) for its mover, within the window
 * alpha < beta:
 * - when the score is at most alpha: a value v, score <= v <= alpha;
 * - when it is at least beta: a value v, beta <= v <= score;
 * - otherwise the score itself.
 * When the search is stopped (S->stop), the value means nothing.
 */
C4_KERNEL int negamax_k(c4_search *S, shape sh, const node *n, int alpha,
                        int beta, negamax_fn recurse)
{
    assert(alpha < beta);
    assert(n->lo < n->hi && n->moves != 0);
    const gs_c4 *g = S->g;

    /* Step 1. Count the node; stop when a limit says so. */
    if ((S->nodes & (CHECK_NODES - 1)) == 0 || S->nodes >= S->node_limit) {
        if (must_stop(S))
            return alpha;
    }
    S->nodes++;

    /* Step 2. The window within what is known of n. */
    if (n->lo >= beta)
        return n->lo;
    if (n->hi <= alpha)
        return n->hi;
    if (alpha < n->lo)
        alpha = n->lo;
    if (beta > n->hi)
        beta = n->hi;
    const bool root = n->s.moves == S->root_moves;
    const bool forced = (n->moves & (n->moves - 1)) == 0;

    /* Step 3. The children, centre first: played, their entries
     * prefetched, then their bounds. A child whose bounds beat the window
     * ends the search of n; one whose bounds cannot raise alpha is left
     * out; an exact one raises alpha without a search. */
    node kid[GS_C4_MAX_WIDTH];
    int n_kids = 0;
    for (int i = 0; i < sh.width; i++) {
        if (!(n->moves & S->order_mask[i]))
            continue;
        node *k = &kid[n_kids++];
        k->col = S->order[i];
        play_on(g, &n->s, k->col, &k->s);
        k->key = key_of(S, sh, &k->s);
        k->hash = mix64(k->key);
        table_prefetch(S, k->hash);
    }
    const node *pick[GS_C4_MAX_WIDTH];   /* the children to search */
    int kept = 0;
    dead_info dead = {false, false};
    for (int i = 0; i < n_kids; i++) {
        node *k = &kid[i];
        judge_child(S, sh, n, &dead, k);
        if (-k->hi >= beta) {   /* the child's worst for n beats beta */
            if (!forced)
                table_store(S, n->key, n->hash, -k->hi, n->hi, n->s.moves);
            if (root)
                S->root_best = k->col;
            return -k->hi;
        }
        if (-k->lo <= alpha)
            continue;   /* it cannot raise alpha */
        if (k->lo == k->hi) {
            alpha = -k->lo;   /* settled: below beta, above alpha */
            continue;
        }
        k->order = order_of(g, n, k);
        pick[kept++] = k;
    }

    /* Step 4. The children left, by the game's ordering score (the
     * centre first among equals). */
    for (int i = 1; i < kept; i++) {
        const node *k = pick[i];
        int j = i;
        for (; j > 0 && pick[j - 1]->order < k->order; j--)
            pick[j] = pick[j - 1];
        pick[j] = k;
    }

    /* Step 5. Search them in turn, each as far as it can still matter.
     * With several threads, near the root: a child that another thread
     * is searching (its key in the busy slots) waits until the others
     * are searched, unless it is the first (simplified ABDADA), so that
     * the threads spread over the tree instead of searching the same
     * subtree together; the table then gives this one the other's
     * result. */
    const node *later[GS_C4_MAX_WIDTH];   /* the children put off */
    int n_later = 0;
    const bool share =
        S->busy && n->s.moves < S->root_moves + BUSY_PLIES;
    for (int i = 0; i < kept + n_later; i++) {
        const node *k = i < kept ? pick[i] : later[i - kept];
        if (-k->lo <= alpha)
            continue;
        _Atomic uint64_t *slot = NULL;
        if (share && i < kept) {
            slot = &S->busy[k->hash & (BUSY_SLOTS - 1)];
            if (i > 0 && load(slot) == k->key) {
                later[n_later++] = k;
                continue;
            }
            store(slot, k->key);
        }
        const int v = -recurse(S, k, -beta, -alpha);
        if (slot) {   /* still its key: no longer busy */
            uint64_t key = k->key;
            atomic_compare_exchange_strong_explicit(
                slot, &key, 0, memory_order_relaxed, memory_order_relaxed);
        }
        if (S->stop)
            return alpha;
        if (v >= beta) {
            if (!forced)
                table_store(S, n->key, n->hash, v, n->hi, n->s.moves);
            if (root)
                S->root_best = k->col;
            return v;
        }
        if (v > alpha)
            alpha = v;
    }

    /* Step 6. Every child at most alpha: so is n. */
    if (!forced)
        table_store(S, n->key, n->hash, n->lo, alpha, n->s.moves);
    return alpha;
}

static int negamax_any(c4_search *S, const node *n, int alpha, int beta);
static int negamax_std(c4_search *S, const node *n, int alpha, int beta);

static int negamax_any(c4_search *S, const node *n, int alpha, int beta)
{
    return negamax_k(S, shape_of(S->g), n, alpha, beta, negamax_any);
}

/* The standard 7x6 board, its shifts constants. */
static int negamax_std(c4_search *S, const node *n, int alpha, int beta)
{
    const shape sh = {7, 7};
    return negamax_k(S, sh, n, alpha, beta, negamax_std);
}

/* n's children and n's own bounds, as negamax's parent would give them. */
static void make_root(c4_search *S, const gs_c4_state *s, node *n)
{
    n->s = *s;
    n->key = key_of(S, shape_of(S->g), s);
    n->hash = mix64(n->key);
    n->col = -1;
    judge_node(S, shape_of(S->g), n);
}

/*
 * A column of n (a search's root) that scores `score` or more for its
 * mover, the first such centre first, found by a null-window probe of
 * each child; -1 when a limit stopped the probes or none does (a position
 * with no move worth playing: every move loses at once).
 */
static int find_best(c4_search *S, negamax_fn search, const node *n,
                     int score)
{
    const gs_c4 *g = S->g;
    const shape sh = shape_of(g);
    const uint64_t moves = non_losing(g, sh, &n->s);
    dead_info dead = {false, false};
    for (int i = 0; i < sh.width; i++) {
        if (!(moves & g->order_mask[i]))
            continue;
        node k;
        k.col = g->order[i];
        play_on(g, &n->s, k.col, &k.s);
        k.key = key_of(S, sh, &k.s);
        k.hash = mix64(k.key);
        judge_child(S, sh, n, &dead, &k);
        if (-k.hi >= score)
            return k.col;
        if (-k.lo < score)
            continue;
        /* Does the child score at most -score for its mover? */
        const int v = search(S, &k, -score, -score + 1);
        if (S->stop)
            return -1;
        if (v <= -score)
            return k.col;
    }
    return -1;
}

/* Starts the race of the probe (med, med + 1), if helpers run. */
static void race_start(c4_search *S, int med)
{
    if (!S->helped)
        return;
    S->probe = med;
    atomic_store(&S->raced, 0);
    S->racing = true;
    start_helpers(S);
}

/* Ends the race of a probe: the helpers stopped; when one of them won,
 * its value and root column replace the main search's (*r, *col), whose
 * own search stopped unfinished. */
static void race_end(c4_search *S, int *r, int *col)
{
    if (!S->helped)
        return;
    S->helper_nodes += stop_helpers(S);
    S->racing = false;
    if (S->lost) {
        const int h = atomic_load(&S->raced) - 1;
        *r = S->helpers[h].race_value;
        *col = S->helpers[h].race_best;
        S->lost = false;
        S->stop = GS_STOP_NONE;
    }
}

/*
 * Null-window probes of root (its bounds set by make_root, lo < hi)
 * halving [*min, *max], the range of the scores still possible, until it
 * is one score or the search stops; *best: the column that failed high
 * last (-1: none).
 *
 * Which score to probe. Pons's rule: the middle of the range, moved to
 * half the range's end on the side of 0 it lies (-(cells - moves) / 4
 * first from the full range), since a probe far from 0 is cheap and
 * settles the quick wins and losses, which are most positions' scores,
 * in a few probes. A long solve (LONG_SOLVE_NODES searched) probes the
 * score of its range nearest 0 instead: 0 while the range holds both
 * signs, then one score at a time outward. Its score is more often near
 * 0, and each probe from the far side costs it a large search. On Pons's
 * sets and the empty board this takes fewer nodes on the long solves and
 * the same on the short ones (docs/tuning.md).
 */
static void probe_root(c4_search *S, negamax_fn search, const node *root,
                       int *min, int *max, int *best)
{
    while (*min < *max && !S->stop) {
        int med = *min + (*max - *min) / 2;
        if (S->nodes >= LONG_SOLVE_NODES)   /* is it beyond the nearest? */
            med = *min >= 0 ? *min : *max <= 0 ? *max - 1 : 0;
        else if (med <= 0 && *min / 2 < med)
            med = *min / 2;
        else if (med >= 0 && *max / 2 > med)
            med = *max / 2;
        S->root_best = -1;
        race_start(S, med);
        int r = search(S, root, med, med + 1);
        int col = S->root_best;
        race_end(S, &r, &col);
        if (S->stop)
            break;
        if (r <= med) {
            *max = r;
        } else {
            *min = r;
            *best = col;
        }
    }
}

/* The range of scores a solve of s starts from: every score possible
 * (those of a win or a loss at once included, which places the probes
 * better than the tight bounds do), or [-1, 1] for a weak solve. */
static void score_range(const gs_c4 *g, const gs_c4_state *s, bool weak,
                        int *min, int *max)
{
    *min = weak ? -1 : -(g->cells - s->moves) / 2;
    *max = weak ? 1 : (g->cells + 1 - s->moves) / 2;
}

static negamax_fn search_of(const gs_c4 *g)
{
    return g->width == 7 && g->height == 6 ? negamax_std : negamax_any;
}

/* A helper thread: the probe under way (S->probe) of the main search's
 * root, until it ends (then the race is won, unless another thread won
 * it first) or the main search stops it (its cancel). */
static void *helper_main(void *arg)
{
    c4_search *H = arg;
    H->root_best = -1;
    const int r = search_of(H->g)(H, H->main->root_node, H->probe,
                                  H->probe + 1);
    if (!H->stop) {
        H->race_value = r;
        H->race_best = H->root_best;
        int none = 0;
        atomic_compare_exchange_strong_explicit(
            &H->main->raced, &none, H->index + 1, memory_order_release,
            memory_order_relaxed);
    }
    return NULL;
}

/* Starts S's helpers on the probe S->probe of S->root (with its limits
 * but the nodes, which count the main search only): each whose thread
 * starts runs helper_main. */
static void start_helpers(c4_search *S)
{
    for (int h = 0; h < S->threads - 1; h++) {
        c4_search *H = &S->helpers[h];
        H->table = S->table;
        H->entries = S->entries;
        H->max_entries = S->entries;
        H->allocated = 0;   /* not its own */
        H->gen = S->gen;
        H->stores = 0;
        H->symmetry = S->symmetry;
        H->nodes = 0;
        H->node_limit = UINT64_MAX;
        H->deadline = S->deadline;
        H->stop = GS_STOP_NONE;
        H->root_moves = S->root_moves;
        H->root = S->root;
        H->weak = S->weak;
        H->probe = S->probe;
        H->main = S;
        H->index = h;
        atomic_store(&H->cancel, false);
        H->running = thread_start(&H->thread, helper_main, H);
    }
}

/* Stops S's helpers and waits for them: the nodes they searched. */
static uint64_t stop_helpers(c4_search *S)
{
    uint64_t nodes = 0;
    for (int h = 0; h < S->threads - 1; h++) {
        c4_search *H = &S->helpers[h];
        if (!H->running)
            continue;
        atomic_store(&H->cancel, true);
        thread_join(&H->thread);
        H->running = false;
        nodes += H->nodes;
    }
    return nodes;
}

/*
 * Solves s. With helpers (several threads, and no node limit, which
 * stays a count of one deterministic search), each probe of the root is
 * raced by all the threads, sharing the table, the first to finish
 * giving its value; the nodes are all the threads'.
 */
int c4_search_solve(c4_search *S, const gs_c4_state *s, const c4_limits *lim,
                    c4_answer *out)
{
    const gs_c4 *g = S->g;
    const shape sh = shape_of(g);
    const double start = now_seconds();
    memset(out, 0, sizeof *out);
    out->best = -1;
    S->symmetry = lim->symmetry;
    S->nodes = 0;
    S->node_limit = lim->max_nodes ? lim->max_nodes : UINT64_MAX;
    S->deadline = lim->max_seconds > 0 ? start + lim->max_seconds : 0;
    S->stop = GS_STOP_NONE;
    S->root_moves = s->moves;
    S->root_best = -1;
    const negamax_fn search = search_of(g);

    /* Step 1. A game over, or won at once: no search. */
    if (s->over) {
        out->known = true;
        out->score = s->over == 3 ? 0 : -gs_c4_win_score(g, s->moves - 1);
        out->nodes = out->own_nodes = 1;
        out->seconds = now_seconds() - start;
        return GS_OK;
    }
    const uint64_t wins = winning_now(g, sh, s);
    if (wins) {
        gs_action cols[GS_C4_MAX_WIDTH];
        columns_of(g, sh, wins, cols);
        out->known = true;
        out->score = gs_c4_win_score(g, s->moves);
        out->best = (int)cols[0];
        out->best_proved = true;
        out->nodes = out->own_nodes = 1;
        out->seconds = now_seconds() - start;
        return GS_OK;
    }

    /* Step 2. Null-window probes halving the range of the scores still
     * possible, the root's bounds kept within the node; the helpers
     * probing too. */
    node root;
    make_root(S, s, &root);
    int min, max, best = -1;
    score_range(g, s, lim->weak, &min, &max);
    S->root = *s;
    S->weak = lim->weak;
    S->helper_nodes = 0;
    S->root_node = &root;
    S->helped = root.lo < root.hi && S->threads > 1 && !lim->max_nodes;
    if (root.lo >= root.hi) {   /* the rules settle it */
        min = max = root.lo;
        S->nodes = 1;
    }
    probe_root(S, search, &root, &min, &max, &best);

    /* Step 3. A best column: the one that failed high last, else one
     * probed for. */
    if (!S->stop) {
        int score = min;
        if (lim->weak)
            score = score > 0 ? 1 : score < 0 ? -1 : 0;
        if (best < 0 && !(lim->weak && score < 0))
            best = find_best(S, search, &root, score);
        if (best < 0 && !S->stop) {   /* every move loses alike */
            gs_action cols[GS_C4_MAX_WIDTH];
            const uint64_t ok = non_losing(g, sh, s);
            if (columns_of(g, sh, ok ? ok : playable(g, s), cols) > 0)
                best = (int)cols[0];
        }
        out->known = true;
        out->score = score;
        out->best_proved = best >= 0 && !S->stop;
    }
    out->best = best;
    out->stopped = S->stop;
    out->own_nodes = S->nodes;
    out->nodes = S->nodes;
    if (S->helped)
        out->nodes += S->helper_nodes;
    S->helped = false;
    out->seconds = now_seconds() - start;
    return GS_OK;
}
