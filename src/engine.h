/*
 * engine.h: the engine's state and the prototypes its files share
 * (internal; nothing here is part of the public API).
 *
 * The engine is split by algorithm, each file opening with what it holds;
 * no file calls back into one that calls it (the root driver and the
 * threads call the algorithm they are handed):
 *
 *   engine.c       an engine's life (new, free, the table's size), the
 *                  option checks and the modes they settle, the table of
 *                  algorithms that gs_search dispatches from
 *   context.h      what every node search shares: limits, events, the
 *                  pruning rule's comparisons, the principal variation
 *   root.c         the root driver of the depth-first algorithms: one
 *                  search or iterative deepening, and the answer
 *   minimax.c      minimax and expectimax, the textbook recursion
 *   chance.h       the sum a chance node adds up, shared by both node
 *                  searches
 *   alphabeta.c    alpha-beta with Star1, the table and the move picker:
 *                  one node, in numbered steps, and its loops
 *   movepick.h/.c  move ordering: the staged picker, killers and history
 *   solver_tier.h  the solver tier's steps inside a node, inline
 *                  (symmetries, kept bounds, busy marks, children's
 *                  bounds, enhanced transposition cutoffs, prefetching)
 *   solver.c       null-window search: the root's value by bisection
 *   pvs.c          principal variation search (NegaScout): its own node
 *   mtdf.c         MTD(f) and SSS* (MTD(+inf)): null-window passes of
 *                  alpha-beta's node with the table
 *   threads.c      lazy SMP: helper engines searching beside the caller's
 *   tt.c, tt.h     the transposition table
 *   mcts.c         Monte Carlo tree search (GS_MCTS): its tree, iterations,
 *                  playouts and solver (mcts_internal.h: what it shares with)
 *   mcts_root.c    the search's entry, root-parallel threads, the answer and
 *                  the tree read back
 *
 * Data layout. The engine keeps three growable stacks, indexed by ply or by
 * position, never by pointer, so that they may grow (and move) while a
 * search is under way:
 *
 *   states   [ply 0][ply 1][ply 2] ...        state_size bytes each, in
 *            slots aligned for any type; the node at ply p lives in slot p
 *            and its children are built, one at a time, in slot p + 1
 *            (copy-make).
 *   actions  [root's n0 actions][ply 1's n1 actions] ...
 *            each node pushes its legal actions on top of its ancestors'
 *            and pops them when it returns; `probs` runs parallel to it and
 *            holds a chance node's probabilities. After a node's loop its
 *            actions sit in the order they were searched (the root's are
 *            read back for the result's best action).
 *
 * The principal variation is the usual triangular table: pv[p] holds the
 * best line found below the node at ply p (only plies < GS_PV_MAX).
 */
#ifndef GS_ENGINE_H
#define GS_ENGINE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "gamesearch/search.h"
#include "tt.h"

/* ---- tuning constants ---- */

enum {
    /* With a time limit the clock is read at the first node, then every
     * n nodes: n grows by one (up to this) while the nodes between two
     * reads take under half of CLOCK_INTERVAL, and falls to the nodes
     * that fit in CLOCK_INTERVAL at the cost just seen (at least 1) when
     * they take more. Cheap nodes cost one read in this many; expensive
     * ones (a Pacman evaluation on a large maze, a first write to the
     * table's pages) are checked one by one; and n grows slowly, so that
     * nodes turning expensive all at once (the first leaves of a deep
     * search) run few before the next read. */
    CLOCK_EVERY_MAX = 256,
    /* Ply limit when the caller gives none: deeper than any game we ship,
     * shallow enough that the recursion fits an 8 MB thread stack even
     * under AddressSanitizer. */
    DEFAULT_MAX_PLY = 4096,
    /* History counters: actions are folded into this many (a power of
     * two) by their low bits. */
    HISTORY_SIZE = 1024,
    /* Killer moves are kept for the plies below this. */
    KILLER_PLIES = GS_PV_MAX,
    /* The children's bounds a node reads before searching them are kept
     * for its children (known_bounds) at the plies below this, for nodes
     * of up to KNOWN_MAX actions. */
    KNOWN_PLIES = 64,
    KNOWN_MAX = 16
};

/* The time between two reads of the clock that the node interval aims
 * at (seconds): a time-limited search answers about this late at most,
 * plus one node. */
#define CLOCK_INTERVAL 1e-4

/* The transposition table's size when a search asks for one and the caller
 * has not sized it: room for about half a million positions. */
#define DEFAULT_TT_BYTES ((size_t)16 << 20)

/* Null-window search widens the root's bounds by this many grains on
 * each side when it places its probes (see search_bisect in root.c). */
#define BISECT_SLACK 1.0

/* Star1 widens each child window by this much, relative to the size of
 * the value bounds, so that rounding in the window arithmetic can only make
 * it search more, never cut wrongly. */
#define STAR1_TOLERANCE 1e-9

/* gs_engine_error's sentence: room for the longest one with its numbers. */
#define ENGINE_ERROR_SIZE 256

/*
 * What the search under way does, settled once from the options and the
 * game by engine_begin(); nothing below re-derives it.
 */
typedef struct engine_modes {
    bool prune;          /* alpha-beta: windows and cutoffs */
    bool min_is_chance;  /* expectimax: MIN agents average uniformly */
    bool star1;          /* alpha-beta with the game's value bounds */
    bool knowledge;      /* ask the solver's bounds and search_actions */
    bool hinted;         /* order MAX/MIN nodes by the game's order_hint */
    bool history;        /* killer moves and history counters */
    bool use_tt;         /* probe and store the transposition table */
    bool table_move;     /* try the table's best action first */
    bool symmetry;       /* a state and its images share one entry */
    bool prefetch;       /* load the children's table buckets early */
    bool etc;            /* enhanced transposition cutoffs (etc_plies) */
    bool child_bounds;   /* the children's game bounds first
                            (child_bounds_plies) */
    bool window;         /* the caller gave a root window */
    bool null_window;    /* find the root's value by bisection */
    bool iterative;      /* iterative deepening */
} engine_modes;

/*
 * The game's bounds of the children of the node at ply p - 1, read by
 * child_bounds before any is searched and kept in known[p], so that each
 * child searched takes its own bounds from there instead of asking the
 * game again. The node at ply p - 1 empties known[p] as it begins, so a
 * node finds there only what its own parent wrote.
 */
typedef struct known_bounds {
    int n;
    gs_action action[KNOWN_MAX];
    double lo[KNOWN_MAX], hi[KNOWN_MAX];
} known_bounds;

/* What a thread's flag word (gs_engine.asked) asks for: gs_engine_cancel
 * and gs_engine_stop set the first two in the caller's engine; the owner
 * of a search on several threads sets ASK_STOP in its helpers' when it
 * has its answer; ASK_PROBE, set by whichever thread proves it, says that
 * the null-window probe under way is decided already (see smp_share). */
enum { ASK_CANCEL = 1u, ASK_STOP = 2u, ASK_PROBE = 4u };

/* Keys in the array of nodes being searched (a power of two), and the
 * plies below the root where threads mark and avoid each other's nodes
 * (threads.c). */
#define BUSY_SLOTS 16384
#define BUSY_PLIES 16

/* No probe under way (gs_engine.probe_med). */
#define PROBE_NONE INT64_MIN

/*
 * What the threads of one null-window search share (root.c's
 * search_bisect; threads.c sets it up): the range [lo, hi] of the root's
 * value, in grains from the side of the agent to move at the root, that
 * some thread has proved so far. Every thread starts each probe inside
 * the range as it then stands, and a thread whose probe is decided by
 * another's proof drops it (ASK_PROBE), so that no thread searches for
 * what another already knows.
 */
typedef struct smp_share {
    _Atomic int64_t lo, hi;   /* INT64_MIN / INT64_MAX: nothing proved */
    gs_engine *owner;         /* the owner; its first nthreads - 1 helpers
                                 search with it */
    int nthreads;
} smp_share;

/* What Monte Carlo tree search keeps in an engine (mcts.c): the last
 * search's tree, node 0 the root, and the path of the iteration under
 * way. */
typedef struct mcts_state {
    struct mcts_node *nodes;
    size_t count, cap;       /* nodes made, nodes allocated */
    uint32_t *path;
    size_t path_cap;
    uint64_t rng;            /* splitmix64 state */
    uint64_t iterations;
    bool win_loss;           /* the options' mcts_win_loss ... */
    double mid;              /* ... and the value between win and loss */
} mcts_state;

/* What alpha-beta keeps in an engine for the search under way
 * (alphabeta.c, movepick.c, solver_tier.h): killer moves (two a ply, the
 * newest first), history counters, and the children's bounds each node
 * read for its children. */
typedef struct ab_state {
    gs_action killers[KILLER_PLIES][2];
    uint32_t history_count[HISTORY_SIZE];
    known_bounds known[KNOWN_PLIES];
} ab_state;

/* What the searches of more than two players keep in an engine
 * (maxn.c, paranoid.c, brs.c): one utility vector a ply (max^n: the best
 * child's so far, then the node's), the root's from the last max^n search,
 * and paranoid's view of the game and its engine. */
typedef struct multi_state {
    double *rows;            /* rows_cap rows of num_agents utilities */
    size_t rows_cap;
    double *root;            /* num_agents: the root's last vector ... */
    bool root_valid;         /* ... when a max^n search finished */
    const double *leaving;   /* the vector of the node whose LEAVE event is
                                being reported (NULL: none) */
    struct paranoid_view *view;   /* paranoid's game (paranoid.c) ... */
    gs_engine *inner;        /* ... and the engine that searches it */
} multi_state;

struct gs_engine {
    gs_game game;            /* a copy of the caller's description
                                (version 0: an engine that only says why
                                gs_engine_new refused the game) */
    gs_solver solver;        /* a copy of *game.solver (zeros: none) */
    gs_allocator alloc;

    unsigned char *states;   /* the per-ply state slots */
    size_t slot_size;        /* state_size rounded up to max_align_t */
    size_t states_cap;       /* in slots */
    gs_action *actions;      /* the action stack ... */
    double *probs;           /* ... and the probabilities beside it */
    size_t actions_cap;      /* in entries */
    size_t probs_cap;        /* in entries */
    size_t actions_top;      /* entries in use */
    gs_role *roles;          /* each agent's role (the game's role()) */
    int64_t **chance_blocks; /* per ply: the digits of an exact chance
                                sum (chance.h), made when a sum first
                                needs them and kept (NULL: none yet) */
    size_t chance_cap;       /* in plies */
    int32_t *scores;         /* max_actions ordering scores ... */
    int64_t *keys;           /* ... and sort keys (hint, then history) */

    tt_table table;          /* the engine's transposition table (may be
                                empty) ... */
    tt_table *tt;            /* ... and the one it searches with: its own,
                                or for a helper its owner's */
    int tt_mode;             /* the algorithm and pruning rule its values
                                were found with (-1: none yet) */
    gs_action (*pv)[GS_PV_MAX];   /* GS_PV_MAX rows, never cleared: each
                                     node sets its own length first */
    int pv_len[GS_PV_MAX];

    /* The search under way. */
    gs_search_options opt;   /* the caller's options, every field set */
    gs_solver_options sopt;  /* the solver options (defaults when none) */
    engine_modes mode;
    double tolerance;        /* Star1's window widening */
    int depth_plies;         /* 0 = no cutoff */
    int unit;                /* plies in one unit of options.depth */
    int max_ply;
    struct timespec start;
    double clock_last;       /* engine_elapsed() at the last read */
    uint32_t clock_every;    /* nodes between two reads of the clock ... */
    uint32_t clock_countdown;   /* ... and nodes until the next one */
    uint64_t nodes, leaves, cutoffs, tt_hits;
    uint64_t cut_evals;      /* values read because of the depth cutoff, or
                                taken from the table with a cutoff below */
    bool halt;               /* unwind: a limit was reached or an error hit */
    /* The algorithm's search of the root to depth_plies (see root.c). */
    bool (*run_depth)(gs_engine *e, gs_result *r, bool keep_stopped);
    gs_stop stopped;
    int status;
    int root_best;           /* position in search order of the best root
                                child searched completely, or -1 */
    double root_best_value;

    /* Several threads (lazy SMP): the owner's helper engines, and for a
     * helper, which one it is. */
    gs_engine **helpers;
    int nhelpers;
    int helper_id;           /* 0: not a helper */
    atomic_uint *stop_flag;  /* read before every node: its own `asked` */
    atomic_uint asked;       /* ASK_CANCEL (gs_engine_cancel, until
                                withdrawn) | ASK_STOP (gs_engine_stop, or
                                a helper's owner: this search only) |
                                ASK_PROBE (this probe only) */
    /* A null-window search shared by several threads: the owner's range
     * (smp_own), the one this search works with (NULL: none), and the
     * probe under way (its low end in grains, PROBE_NONE). */
    smp_share smp_own;
    smp_share *smp;
    _Atomic int64_t probe_med;
    /* A node budget shared by the threads: the owner's count of the
     * nodes they tried (shared_nodes), and the count a search charges
     * (budget: NULL when it has the budget to itself). */
    _Atomic uint64_t shared_nodes;
    _Atomic uint64_t *budget;
    /* The nodes being searched (threads.c; search.c marks them): the
     * owner's array of BUSY_SLOTS keys (busy_own, in the allocation
     * busy_block, made at its first search on several threads), and the
     * one a search marks in (busy: NULL with one thread). */
    void *busy_block;
    _Atomic uint64_t *busy_own;
    _Atomic uint64_t *busy;

    /* Alpha-beta's own. */
    ab_state ab;

    /* A gs_search on this engine is under way (its hooks and the game's
     * callbacks may not start another, nor resize the table). */
    bool in_search;

    /* What the last failed gs_search or gs_engine_tt_resize got wrong, one
     * sentence ("" after a success). */
    char error[ENGINE_ERROR_SIZE];
    /* An engine that only says why gs_engine_new refused the game (its
     * game.version 0): the status that gs_engine_new returned, which its
     * every search returns. */
    int refused;

    /* Monte Carlo tree search's own (mcts.c). */
    mcts_state mcts;

    /* The searches of more than two players' own. */
    multi_state multi;
};

/* ---- context.c ---- */

/* Makes an engine for `game` (checked by the caller) with its stacks
 * empty: GS_OK or GS_ENOMEM. */
int engine_make(const gs_game *game, const gs_allocator *alloc,
                gs_engine **out);

/* Gives back an engine's own memory (not its helpers' engines, nor what an
 * algorithm keeps in it: gs_engine_free frees those first). NULL is
 * fine. */
void engine_release(gs_engine *e);

#if defined(__GNUC__)
#define ENGINE_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define ENGINE_PRINTF(f, a)
#endif

/* Sets gs_engine_error's sentence (printf-style) and returns `status`. */
int engine_fail(gs_engine *e, int status, const char *fmt, ...)
    ENGINE_PRINTF(3, 4);

/* Checks the options (every field set) as engine_begin() does, without
 * readying anything: GS_OK, or GS_EINVAL with gs_engine_error's sentence
 * set. For a search on several threads, before their engines are made. */
int engine_check(gs_engine *e, const gs_search_options *options);

/* Checks the options (every field set: see root.c) and readies the engine
 * for a search with them: its modes, depth, counters and table. Returns
 * GS_OK, or GS_EINVAL / GS_ENOMEM with gs_engine_error's sentence set. */
int engine_begin(gs_engine *e, const gs_search_options *options);

/* Grows the stacks for state slot `slot` and `extra` more actions; on
 * failure halts the search with GS_ENOMEM and returns false. */
bool engine_grow(gs_engine *e, size_t slot, size_t extra);

/* The digits for an exact chance sum at `ply` (chance.h's
 * chance_blocks), the same block for the same ply every time; on failure
 * halts the search with GS_ENOMEM and returns NULL. `ctx` is the engine. */
int64_t *engine_chance_block(void *ctx, int ply);

/* Seconds since the search under way began. */
double engine_elapsed(const gs_engine *e);

/* Makes room for state slot `slot` and for `extra` more actions on the
 * action stack (the usual case costs two comparisons); on failure halts the
 * search with GS_ENOMEM and returns false. */
static inline bool reserve(gs_engine *e, size_t slot, size_t extra)
{
    size_t need = e->actions_top + extra;
    if (slot < e->states_cap && need <= e->actions_cap &&
        need <= e->probs_cap)
        return true;
    return engine_grow(e, slot, extra);
}

static inline unsigned char *state_at(const gs_engine *e, int ply)
{
    return e->states + (size_t)ply * e->slot_size;
}

/* ---- root.c: the driver of the depth-first algorithms ---- */

/* Readies the engine for one search of the root in slot 0. */
void root_begin(gs_engine *e);

/* What a root value v says against the window (alpha, beta) it was
 * searched with. */
gs_bound root_bound(double v, double alpha, double beta);

/* Fills the result's answer from the search just done: the value, best
 * action and line of a finished search, or the best root action among the
 * children searched completely by a stopped one. */
void take_answer(gs_engine *e, double v, gs_result *r);

/* A result with nothing in it yet. */
void result_clear(gs_result *r);

/* One thread's search of `root` with `options` (every field set): the
 * caller's when it searches alone, or a helper's. Fills *r. */
int root_search_one(gs_engine *e, const void *root,
                    const gs_search_options *options, gs_result *r);

/* The search of `root` once engine_begin() has readied the engine: to
 * one depth, or with iterative deepening, by e->run_depth. */
int root_search_begun(gs_engine *e, const void *root, gs_result *r);

/* ---- the searches of the root to e->depth_plies (engine_begin picks
 * one as e->run_depth): true with the answer in r when the search
 * finished; false when a limit or an error stopped it (r then holds the
 * best root action found so far when keep_stopped) ---- */

/* minimax.c: minimax and expectimax, every node searched. */
bool minimax_depth(gs_engine *e, gs_result *r, bool keep_stopped);

/* alphabeta.c: one alpha-beta search of the root with the caller's
 * window, if any. */
bool ab_plain_depth(gs_engine *e, gs_result *r, bool keep_stopped);

/* pvs.c: principal variation search of the root. */
bool pvs_depth(gs_engine *e, gs_result *r, bool keep_stopped);
/* mtdf.c: MTD(f) from its first guess, and SSS* (MTD(+inf)): passes of
 * alpha-beta with a null window and the table. */
bool mtdf_depth(gs_engine *e, gs_result *r, bool keep_stopped);
bool sss_depth(gs_engine *e, gs_result *r, bool keep_stopped);
/* solver.c: null-window search, the root's value found by bisection. */
bool solver_bisect_depth(gs_engine *e, gs_result *r, bool keep_stopped);

/* alphabeta.c, for solver.c's probes: one search of the root with the
 * window (alpha, beta), its value as search_node's contract says ... */
double ab_search_root(gs_engine *e, double alpha, double beta);

/* ... and with its answer taken into r: true with *v its value when it
 * finished; false when it failed or a limit stopped it (then r has the
 * stopped search's answer only when keep_stopped). */
bool ab_search_and_take(gs_engine *e, double alpha, double beta,
                        bool keep_stopped, gs_result *r, double *v);

/* ---- more than two players ---- */

/* maxn.c: max^n of the root; brs.c: best-reply search of the root. */
bool maxn_depth(gs_engine *e, gs_result *r, bool keep_stopped);
bool brs_depth(gs_engine *e, gs_result *r, bool keep_stopped);

/* maxn.c: writes the agents' utilities of `state` into out (num_agents values): the game's utilities, or
 * from its value by the agents' roles. */
void multi_utilities(gs_engine *e, const void *state, double *out);

/* maxn.c: makes room for utility rows 0 .. rows - 1 (false: out of
 * memory, the search halted with GS_ENOMEM). */
bool multi_reserve(gs_engine *e, size_t rows);

/* paranoid.c: the paranoid search of `root` (alpha-beta over a view of the
 * game in which the root's agent maximises its utility and every other
 * agent minimises it). */
int paranoid_search(gs_engine *e, const void *root,
                    const gs_search_options *options, gs_result *r);

/* paranoid.c: the bytes of the engine's paranoid view. */
size_t paranoid_view_size(const gs_engine *e);

/* Frees what the searches of more than two players keep. */
void multi_free(gs_engine *e);

/* ---- mcts.c ---- */

/* The MCTS search of `root` with `options` (every field set, algo
 * GS_MCTS): checks, runs (on options->threads threads) and fills *r. */
int mcts_search(gs_engine *e, const void *root,
                const gs_search_options *options, gs_result *r);

/* Frees the engine's MCTS tree. */
void mcts_free(gs_engine *e);

/* ---- pns.c ---- */

/* Proof-number search of `root` with `options` (every field set, algo
 * GS_PNS or GS_DFPN): checks, proves and fills *r. */
int pns_search(gs_engine *e, const void *root,
               const gs_search_options *options, gs_result *r);

/* dfpn.c: one df-pn proof of "the root (state slot 0) is worth more than
 * `middle`" (strict) or "at least `middle`", counting into the engine's
 * nodes under its limits: 1 proved, 0 disproved, -1 stopped (e->halt,
 * e->stopped or e->status say why). *decider as pns.c's prove() says. */
int dfpn_prove(gs_engine *e, bool strict, double middle, int *decider);

/* ---- threads.c ---- */

/* Makes sure the engine has n helper engines. */
int threads_ensure_helpers(gs_engine *e, int n);

/* One helper thread's search, as the owner's (root_search_one). */
typedef int (*threads_search_fn)(gs_engine *helper, const void *root,
                                 const gs_search_options *options,
                                 gs_result *r);

/* The caller's own search, once engine_begin() has readied its engine
 * (root_search_begun). */
typedef int (*threads_owner_fn)(gs_engine *e, const void *root,
                                gs_result *r);

/* The search with options->threads > 1 (checked by the caller: alpha-beta
 * under the textbook rule with the table): the caller's thread, readied by
 * engine_begin() and running `owner`, and threads - 1 helpers each running
 * `helper`. Fills *r with the caller's answer and everyone's counts. */
int threads_search(gs_engine *e, const void *root,
                   const gs_search_options *options, gs_result *r,
                   threads_search_fn helper, threads_owner_fn owner);

#endif /* GS_ENGINE_H */
