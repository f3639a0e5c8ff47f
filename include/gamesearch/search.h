/*
 * gamesearch/search.h: the search engine.
 *
 * An engine (gs_engine) holds everything one search needs (per-ply state
 * buffers, action lists, the principal variation) for one game. It is
 * created for a game, reused for as many searches as wanted, and owned by
 * one thread at a time: two engines on two threads never interfere, even
 * over the same game instance. Nothing in the library is global.
 *
 * Algorithms (gs_algo):
 *   GS_MINIMAX        every node searched; MAX maximises, MIN minimises and
 *                     CHANCE averages, with the roles as the game gives them.
 *   GS_EXPECTIMINIMAX the same algorithm under its textbook name.
 *   GS_ALPHABETA      the minimax value and best action with alpha-beta
 *                     pruning. At a CHANCE node the children are searched
 *                     with a full window, unless the game declares value
 *                     bounds: then Ballard's Star1 prunes there too. Either
 *                     way the value is exactly the minimax value.
 *   GS_EXPECTIMAX     every MIN agent treated as a CHANCE agent with uniform
 *                     probabilities (the CS188 convention); no pruning.
 *   GS_MCTS           Monte Carlo tree search (UCT): see "Monte Carlo tree
 *                     search" below.
 *   GS_PVS            principal variation search (NegaScout): alpha-beta
 *                     that searches each child after the first with a
 *                     null window, and again with the full window only
 *                     when that child may be better.
 *   GS_MTDF           MTD(f): the root's value found by null-window
 *                     alpha-beta passes with the transposition table,
 *                     starting from a first guess (0, or with iterative
 *                     the previous depth's value).
 *   GS_SSS            SSS* in its MT form (MTD(+inf)): the same passes,
 *                     the first at +infinity, each at the last upper
 *                     bound, the children in the game's order.
 *   GS_PNS            proof-number search: the outcome proved (a win, a
 *                     draw or a loss for MAX), not a value; see
 *                     "Proof-number search" below.
 *   GS_DFPN           df-pn: the same proofs, depth first, with a table
 *                     of their own (the game's hash needed).
 * GS_PVS, GS_MTDF and GS_SSS give alpha-beta's value on games whose agents
 * are all MAX or MIN, and refuse (GS_EINVAL) a game with a CHANCE agent.
 * GS_MTDF and GS_SSS always use the table (they need the game's hash),
 * use_tt or not; every pass enters the root again, so the events report
 * the root's ENTER once a pass.
 *
 * More than two players (each agent scored by its own utility: the game's
 * `utilities` hook, or without it a MAX agent's utility is the game's
 * value, a MIN agent's its negation and a CHANCE agent's 0):
 *   GS_MAXN           max^n: every node backs up the vector of the
 *                     agents' utilities of the child best for the agent
 *                     to move (the first such child in the game's order on
 *                     ties); a CHANCE node averages the vectors. result.value
 *                     is agent 0's utility of the root, and
 *                     gs_engine_utilities gives the whole vector. On a game
 *                     of one MAX and one MIN agent without `utilities`, it
 *                     is minimax, value and best action alike. When the
 *                     game's solver declares has_utility_sum, shallow
 *                     pruning (Korf) skips the children that cannot change
 *                     the parent's choice; the answer is the same.
 *   GS_PARANOID       the agent to move at the root against all the
 *                     others: alpha-beta on the root agent's utility, every
 *                     other agent minimising it (CHANCE agents still
 *                     average). result.value is the root agent's utility.
 *   GS_BRS            best-reply search (Schadd and Winands): between two
 *                     turns of the root agent only the one opponent whose
 *                     move is worst for it moves, the others passing,
 *                     through the game's `turn_to` hook (refused without
 *                     it); alpha-beta on the root agent's utility over
 *                     those two kinds of turn. A depth counts the root
 *                     agent's turns and the opponents' turns, one ply each.
 *                     result.value is the root agent's utility.
 * Max^n and best-reply search keep no table (use_tt is refused); paranoid
 * takes alpha-beta's options but threads, history and the solver's. None
 * of the three runs on several threads.
 */
#ifndef GAMESEARCH_SEARCH_H
#define GAMESEARCH_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core.h"
#include "game.h"
#include "solver.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gs_engine gs_engine;

typedef enum gs_algo {
    GS_MINIMAX = 0,
    GS_ALPHABETA = 1,
    GS_EXPECTIMAX = 2,
    GS_EXPECTIMINIMAX = 3,
    GS_MCTS = 4,
    GS_PVS = 5,
    GS_MTDF = 6,
    GS_SSS = 7,
    GS_MAXN = 8,
    GS_PARANOID = 9,
    GS_BRS = 10,
    GS_PNS = 11,
    GS_DFPN = 12
} gs_algo;

typedef enum gs_depth_unit {
    GS_DEPTH_PLIES = 0,   /* one ply = one agent's move */
    GS_DEPTH_ROUNDS = 1   /* one round = num_agents plies (CS188's depth) */
} gs_depth_unit;

/* What a backed-up value says about the true value of a node. */
typedef enum gs_bound {
    GS_BOUND_EXACT = 0,
    GS_BOUND_LOWER = 1,   /* the true value is >= the value (a cutoff at MAX) */
    GS_BOUND_UPPER = 2    /* the true value is <= the value (a cutoff at MIN) */
} gs_bound;

/* Why a search ended before it finished. */
typedef enum gs_stop {
    GS_STOP_NONE = 0,
    GS_STOP_NODES = 1,
    GS_STOP_TIME = 2,
    GS_STOP_REQUEST = 3,  /* gs_engine_stop asked for it */
    GS_STOP_CANCEL = 4    /* gs_engine_cancel asked for it */
} gs_stop;

typedef enum gs_event_kind {
    GS_EVENT_ENTER = 0,   /* a node is visited (root first) */
    GS_EVENT_LEAVE = 1,   /* a node's value is backed up */
    GS_EVENT_PRUNE = 2    /* a child is never reached because of a cutoff */
} gs_event_kind;

typedef struct gs_event {
    /* ENTER/LEAVE: the node's state; PRUNE: the parent's state. */
    const void *state;
    /* ENTER/LEAVE: the node's ply (root 0); PRUNE: the parent's ply. */
    int ply;
    /* The agent to move in `state` (for a terminal state, as the game says). */
    int agent;
    /* ENTER/LEAVE: the action that led here (GS_NO_ACTION at the root);
     * PRUNE: the pruned action. */
    gs_action action;
    /* PRUNE: the pruned action's position in the parent's search order. */
    int index;
    /* LEAVE: true when the node's value was read from the game (a leaf). */
    bool leaf;
    /* LEAVE: the backed-up value and what it says about the true value. */
    double value;
    gs_bound bound;
    /*
     * The alpha-beta window (alpha, beta) at the node at that moment, from
     * MAX's point of view; -INFINITY and +INFINITY where it is open (always
     * so for minimax and expectimax, which do not prune).
     *   ENTER: the window the node is searched with. A child of a CHANCE
     *          node under Star1 (alpha-beta on a game with bounds) gets
     *          Star1's window: the game's bounds, narrowed to the values
     *          of the child for which the chance node could still end
     *          inside its own window.
     *   LEAVE: the node's window as it stands when it is left: at a MAX
     *          node alpha raised, at a MIN node beta lowered, by the
     *          children that came back before (not by the one that caused
     *          a cutoff); at a leaf and a CHANCE node the window it was
     *          entered with.
     *   PRUNE: the parent's window when it cut: a MAX node cut because
     *          its value reached beta (value >= beta; > under the strict
     *          rule), a MIN node because it fell to alpha; a CHANCE node
     *          (Star1) because its value is then proved to lie outside
     *          (alpha, beta), as the bound its LEAVE reports shows.
     * (Appended to the struct: a program compiled before these fields
     * existed reads the fields it knows unchanged.)
     */
    double alpha, beta;
} gs_event;

/* Called for every event of a search; the event is valid during the call. */
typedef void (*gs_hook_fn)(void *user, gs_event_kind kind,
                           const gs_event *event);

/*
 * The options of a search. Set them up with gs_search_options_init, then
 * change the fields you need:
 *
 *     gs_search_options o;
 *     gs_search_options_init(&o);
 *     o.depth = 4;
 *
 * Versions. `size` (the first field, set by gs_search_options_init) tells
 * the library which version of this struct, and of gs_result, the caller
 * was compiled with. A later version only appends fields, at the end of
 * gs_search_options and at the end of gs_result, so that a program
 * compiled against older headers keeps working with a newer library of
 * the same ABI: the fields its options lack take their defaults, and its
 * gs_result is written only as far as its version has it. Gamesearch 0.4
 * moved the solver's fields (null_window, window_lo and window_hi,
 * tt_symmetry, prefetch, etc_plies, child_bounds_plies) into
 * gs_solver_options and started the versions again: today there is one.
 * gs_search refuses (GS_EVERSION) a size it does not know: 0 (the options
 * were not set up by gs_search_options_init), the size of the struct of
 * gamesearch 0.3 or older (the program must be rebuilt), or larger than
 * the library's own struct (a program compiled against newer headers
 * than the library it runs with).
 */
/* How an MCTS playout picks its moves (gs_search_options.mcts_playout). */
typedef enum gs_mcts_playout {
    GS_PLAYOUT_RANDOM = 0,  /* uniformly among the legal actions */
    GS_PLAYOUT_POLICY = 1,  /* the game's playout hook at MAX and MIN agents */
    GS_PLAYOUT_EVAL = 2     /* no playout: the new node is scored by the
                               game's value (its static evaluation) */
} gs_mcts_playout;

typedef struct gs_search_options {
    size_t size;               /* sizeof(gs_search_options), set by
                                  gs_search_options_init; see above */
    gs_algo algo;              /* default GS_ALPHABETA */
    /* Depth limit (0 = none) and its unit; at the limit a node is evaluated
     * with the game's value callback. */
    int depth;                 /* default 0 */
    gs_depth_unit depth_unit;  /* default GS_DEPTH_PLIES */
    /*
     * true (default): the textbook rule, cut when v >= beta at MAX or
     * v <= alpha at MIN. false: the CS188 autograder's rule, cut only when
     * v > beta or v < alpha.
     */
    bool prune_equal;
    /* Order the actions of MAX and MIN nodes by the game's order_hint when
     * it has one (default false: the game's own order, as CS188 requires).
     * Chance nodes always keep the game's order. */
    bool order_moves;
    /*
     * Use the engine's transposition table (default false). Needs the
     * game's hash callback, and values that depend on the state alone
     * (the hash must cover all they depend on). The table keeps its
     * contents from search to search until gs_engine_tt_clear; its size is
     * set by gs_engine_tt_resize (16 MiB when first used unsized); a
     * search with another algorithm or pruning rule than the table's
     * contents were found with empties it first. A node
     * whose result the table settles is counted as visited, reported by
     * ENTER and LEAVE, and not expanded; the principal variation stops
     * there. An entry keeps its node's best action only when the action is
     * 0 to 65534 (16 bits): for any other action (a negative one, or one
     * above 65534) it keeps the value, bound and depth but no action, so
     * the result still settles nodes, but the action is not tried first
     * when the position is searched again.
     */
    bool use_tt;
    /*
     * Iterative deepening (default false): search to depth 1, 2, ... (in
     * depth_unit) up to `depth` (0: as deep as the tree goes), each
     * iteration trying the previous one's best moves first when the table
     * is on. It ends early when an iteration meets no depth cutoff (the
     * whole tree was searched) or when a limit stops it; the result is
     * that of the deepest finished iteration.
     */
    bool iterative;
    /*
     * Killer moves and history (alpha-beta; default false): at MAX and MIN
     * nodes, after the table's move, the two actions that last caused a
     * cutoff at the same ply are tried first, then the rest by the game's
     * hint (when order_moves) and, among equal hints, by how often and how
     * deep each action caused cutoffs in this search.
     */
    bool history;
    /*
     * Threads searching the root together (default 1; at most
     * GS_THREADS_MAX). With more than one
     * (alpha-beta with use_tt only), helper threads search the same
     * position and share the table (lazy SMP): the answer is that of the
     * calling thread's search, sped up by what the helpers store; with
     * the solver's null_window (and no iterative deepening) the threads
     * also share what each probe proves of the root's value, and drop a
     * probe another thread has decided. Near the root each thread marks
     * the nodes it is searching, and a node puts off a child that
     * another thread has marked until its other children are done
     * (ABDADA), so that the threads split the work instead of repeating
     * it. The value is the one a single thread finds (exactly, when no
     * root window bounds it); the best action
     * reaches it but may be another of equal value. The node count then
     * includes the helpers' nodes, and it and the time vary from run to
     * run. A library built without threads (gs_threads_available() false)
     * refuses more than one (GS_EINVAL), MCTS aside.
     */
    int threads;
    /* Stop after this many nodes (0 = no limit); never exceeded. */
    uint64_t max_nodes;
    /* Stop after this many seconds of wall time (0 = no limit). */
    double max_seconds;
    /* Refuse to search deeper than this many plies (default 4096): the
     * search then fails with GS_EPLY. */
    int max_ply;
    /* Called for every node entered, left and pruned (NULL: none). */
    gs_hook_fn hook;
    void *hook_user;

    /* ---- Monte Carlo tree search (GS_MCTS; see below) ---- */
    double mcts_c;               /* UCT's exploration constant (default
                                    1.4142, about sqrt(2); >= 0) */
    uint64_t mcts_iterations;    /* stop after this many iterations (0 = no
                                    limit; with no limit of any kind, 10000) */
    uint64_t mcts_seed;          /* the search's random generator starts
                                    here (default 0) */
    gs_mcts_playout mcts_playout;   /* default GS_PLAYOUT_RANDOM */
    int mcts_playout_depth;      /* a playout stops after this many plies
                                    and is scored by the game's value
                                    (default 0: it plays to the end) */
    bool mcts_solver;            /* MCTS-Solver (default true) */
    bool mcts_win_loss;          /* score a playout by its outcome alone
                                    (default false); see below */

    /* The solver tier's options (gamesearch/solver.h; NULL, the default:
     * none, as gs_solver_options_init sets them). Alpha-beta only: any
     * other algorithm refuses them. Read during gs_search only. */
    const gs_solver_options *solver;
} gs_search_options;

/* The principal variation is kept to this many plies. */
#define GS_PV_MAX 256

typedef struct gs_result {
    /* The root's value, from MAX's point of view. */
    double value;
    /* What `value` says of the true value: GS_BOUND_EXACT unless a root
     * window (gs_solver_options window_lo, window_hi) left it outside. */
    gs_bound bound;
    /* The best root action: the first best in the search order on ties;
     * GS_NO_ACTION at a leaf or CHANCE root. */
    gs_action best;
    /* Its position among the root's actions in the game's order (-1: none). */
    int best_index;
    /* The principal variation: actions from the root, as long as the
     * players' choices are determined (it ends at a leaf or at a CHANCE
     * node), truncated at GS_PV_MAX. */
    int pv_length;
    gs_action pv[GS_PV_MAX];
    /* Nodes visited (root included), leaves evaluated (values read from
     * the game), and cutoffs: nodes that skipped at least one child (a cut
     * after the last child skips nothing and is not counted). */
    uint64_t nodes;
    uint64_t leaves;
    uint64_t cutoffs;
    /* Positions settled by the transposition table. */
    uint64_t tt_hits;
    /* The depth the answer comes from, in depth_unit: options.depth for
     * one search; the deepest finished iteration with iterative deepening
     * (0 when a limit stopped the first one); for GS_MCTS the deepest
     * tree node an iteration reached, in plies. */
    int depth;
    /* Wall time of the search. */
    double seconds;
    /* Why the search stopped early, or GS_STOP_NONE when it finished. When
     * it stopped, `value` is meaningless and `best` is the best root action
     * among the root children that were searched completely (or
     * GS_NO_ACTION). For GS_MCTS it says which limit ended the search,
     * and the answer holds either way. */
    gs_stop stopped;

    /* ---- Monte Carlo tree search (GS_MCTS) ---- */
    uint64_t mcts_iterations;    /* iterations run (by every thread) */
    int mcts_root_actions;       /* the root's actions (0: a leaf root) */
    bool mcts_proved;            /* the solver proved the root's value:
                                    `value` is exact */
} gs_result;

/* Fills in the defaults described above, `size` included. */
GS_API void gs_search_options_init(gs_search_options *options);

/*
 * Creates an engine for `game`, which must outlive it (its solver too);
 * `alloc` may be NULL. Returns GS_OK, GS_ENOMEM, GS_EINVAL (game is NULL,
 * a required member is missing or out of range, or the solver lists a
 * symmetry without its three hooks), or GS_EVERSION: game->version is
 * not GS_GAME_VERSION, or game->solver's version is not
 * GS_SOLVER_VERSION. On GS_EINVAL and GS_EVERSION, *out is an engine that
 * only says why (gs_engine_error: "game.apply is NULL: every game needs
 * to_move, role, is_terminal, actions, apply and value", "game.version
 * is 2, but this library (gamesearch 0.4.0) takes gs_game version 3: a
 * program built against gamesearch 0.3 or older must be rebuilt"), whose
 * every search fails with the same status, and which must be freed with
 * gs_engine_free (NULL when there was no memory even for that, or when
 * `out` is NULL); on GS_ENOMEM *out is NULL.
 */
GS_API int gs_engine_new(const gs_game *game, const gs_allocator *alloc,
                         gs_engine **out);

/* Frees an engine (NULL is fine). */
GS_API void gs_engine_free(gs_engine *engine);

/*
 * Searches `root` (game->state_size bytes) with `options` (NULL: defaults,
 * and the current gs_result) and fills *result, as far as the version
 * options->size names has it. Returns GS_OK (also when a limit stopped the
 * search cleanly: see result->stopped), GS_EVERSION when options->size is
 * not a version this library knows (*result is then left alone), GS_EINVAL
 * for bad options, GS_EPLY when the game tree is deeper than
 * options->max_ply, or GS_ENOMEM. gs_engine_error then says why. A search
 * may not start another on the same engine: called from the hook or the
 * game's callbacks of a search under way on `engine`, gs_search returns
 * GS_EINVAL at once and that search goes on unharmed (a search inside a
 * search needs an engine of its own).
 */
GS_API int gs_search(gs_engine *engine, const void *root,
                     const gs_search_options *options, gs_result *result);

/*
 * Why the last gs_search or gs_engine_tt_resize on `engine` failed, in
 * one sentence without a newline that names the option or callback at
 * fault ("options.threads is 2, but several threads need use_tt, ..."),
 * or "" when it succeeded (or for a NULL engine). Never NULL; valid until
 * the engine's next search, resize or free.
 */
GS_API const char *gs_engine_error(const gs_engine *engine);

/*
 * Asks the search under way on `engine` to stop before it visits one more
 * node, as a limit stops it: gs_search then returns GS_OK with
 * result->stopped GS_STOP_REQUEST. Meant for the game's callbacks and the
 * hook (a game written in another language whose callback failed, a user
 * who pressed Ctrl-C) and safe to call from another thread while the
 * search runs. A request made while no search runs is forgotten when the
 * next search starts. NULL is fine.
 */
GS_API void gs_engine_stop(gs_engine *engine);

/*
 * Sizes the engine's transposition table to at most `bytes` (a power of
 * two of buckets; 0 frees it) and empties it. GS_OK, GS_EINVAL (no
 * engine, or called while a search on it is under way: the table is kept)
 * or GS_ENOMEM (the old table is kept; gs_engine_error says so).
 */
GS_API int gs_engine_tt_resize(gs_engine *engine, size_t bytes);

/*
 * Asks the searches on `engine` to stop (cancel true) at their next node,
 * from any thread, as a limit stops them (result.stopped GS_STOP_CANCEL);
 * the request stands, for the search under way and every later one, until
 * it is withdrawn (cancel false). Unlike gs_engine_stop, which ends one
 * search, it holds until withdrawn: a program that may be asked to quit
 * at any moment (the Connect Four player's `q`) sets it once.
 */
GS_API void gs_engine_cancel(gs_engine *engine, bool cancel);

/* Empties the transposition table, for a search that must not profit from
 * earlier ones. Called while a search on the engine is under way (from its
 * hook), it does nothing. */
GS_API void gs_engine_tt_clear(gs_engine *engine);

/*
 * Monte Carlo tree search (GS_MCTS).
 *
 * Each iteration descends the tree the search has grown from the root:
 * at MAX and MIN agents to the child with the best UCT score (every
 * child once first, in the game's order; then mean + c * sqrt(ln N / n)
 * with the mean scaled to [0, 1] and turned round for MIN), at CHANCE
 * agents to a child drawn by its probability. A node reached for the
 * second time is expanded (its children made, unvisited); the node where
 * the descent ends is scored by a playout, and the score is added to every
 * node on the way back up. The tree is grown one level a visit, kept in
 * memory from the engine's allocator, and counted in result.nodes (the
 * nodes made, root included; max_nodes limits them); result.leaves counts
 * the scores read from the game.
 *
 * Playouts (mcts_playout): uniformly random moves, the game's playout hook
 * (an error when the game has none), or none at all (the game's value of
 * the node, its evaluation); chance agents always draw by their
 * probabilities. A playout that reaches a terminal state, a state without
 * actions, mcts_playout_depth plies or max_ply plies from the root is
 * scored by the game's value. With mcts_win_loss a score is only its sign
 * (1 a win for MAX, 0 a draw, -1 a loss, relative to the middle of the
 * game's bounds, or 0 without them), so that a late win counts as much as
 * an early one; means are then in [-1, 1]. Otherwise means are in the
 * game's units, and UCT scales them by the game's bounds (or, without
 * bounds, by the least and greatest score seen so far).
 *
 * MCTS-Solver (mcts_solver): every node keeps bounds on its minimax value,
 * exact at terminal states and states without actions, narrowed by the
 * `bounds` hook of the game's solver tier when it has one, combined upwards
 * (MAX takes the greatest, MIN the least, CHANCE the weighted mean of its
 * children's; a child not yet visited lies within the game's bounds or is
 * unbounded). A child that can no longer beat what its parent is sure of
 * is not chosen again, a proved node's value is used as its score without
 * a playout, and a proved root ends the search (result.mcts_proved; then
 * result.value is the minimax value and result.best reaches it). Draws and
 * scores of any size are proved like wins.
 *
 * The limits: mcts_iterations, max_nodes (tree nodes) and max_seconds;
 * with none, 10000 iterations. With threads > 1 each thread grows its own
 * tree from the root (root parallelism) with a seed of its own, taking an
 * equal share of the iterations and nodes (so that they never exceed
 * them together: with fewer iterations or nodes than threads, that many
 * trees grow); the root's children then add
 * up every thread's visits and scores, the deeper nodes are the calling
 * thread's. The same options and seed give the same search, thread count
 * included, unless max_seconds ends it.
 *
 * The answer: result.best is the most visited root action (ties: the
 * greater mean for the agent to move, then the game's order) among those
 * that may still be best; result.value its mean (or the proved value);
 * pv follows the most visited children while they are MAX or MIN nodes.
 * MCTS ignores depth, depth_unit, prune_equal, order_moves, use_tt,
 * iterative, history and the hook (and refuses the solver options).
 */

/* One node of the last MCTS search's tree (gs_mcts_tree_node). */
typedef struct gs_mcts_node_info {
    gs_action action;        /* the action that led here (GS_NO_ACTION at
                                the root) */
    int64_t parent;          /* the parent's index (-1 at the root) */
    int64_t first_child;     /* the first child's index; the children are
                                consecutive, in the game's action order */
    int children;            /* 0 until the node is expanded */
    uint64_t visits;
    double mean;             /* the mean score (0 when unvisited) */
    double lo, hi;           /* the solver's bounds on its value */
    bool proved;             /* lo == hi */
} gs_mcts_node_info;

/* The nodes of the tree of the engine's last MCTS search (0: none). Node 0
 * is the root; its children are the root's actions in the game's order,
 * result.mcts_root_actions of them. Valid until the engine's next search
 * or free. */
GS_API size_t gs_mcts_tree_size(const gs_engine *engine);

/* Node `index` of that tree into *out: GS_OK, or GS_EINVAL (NULL
 * arguments, or no such node). */
GS_API int gs_mcts_tree_node(const gs_engine *engine, size_t index,
                             gs_mcts_node_info *out);

/*
 * The utility vector of the engine's last max^n search (GS_MAXN): writes
 * agent i's utility of the root into out[i] for i below n and below the
 * game's num_agents, and returns num_agents. Called from the hook during
 * a max^n search, at a LEAVE event, it gives the vector of the node being
 * left instead. Returns 0 (out untouched) when there is none: a NULL
 * engine or out, no max^n search yet, one that failed or that a limit
 * stopped.
 */
GS_API int gs_engine_utilities(const gs_engine *engine, double *out, int n);

/*
 * Proof-number search (GS_PNS).
 *
 * The outcome of the root, played to the end, by Allis's proof-number
 * search on a tree grown in memory: "MAX wins" (a value above the middle
 * of the game's bounds, or above 0 without bounds) is proved or
 * disproved; when disproved ("at most a draw"), "MAX draws at least" (a
 * value of at least the middle) is proved or disproved in a second
 * search. result.value is then 1 (a win for MAX), 0 (a draw) or -1 (a
 * loss), whatever the game's units; result.best a root action that
 * reaches it for the side to move (the first in search order when every
 * action does), pv that action alone. result.nodes counts the tree nodes
 * made by both searches (each root included), result.leaves the values
 * read from the game.
 *
 * Limits: max_nodes bounds the nodes of both searches together, and with
 * them the memory (a node is a few dozen bytes, from the engine's
 * allocator, freed when the search returns); max_seconds, gs_engine_stop
 * and gs_engine_cancel as for the others. A search a limit stops returns
 * GS_OK with result.stopped set: the outcome is not proved, value is 0
 * and best GS_NO_ACTION. Memory refused by the allocator: GS_ENOMEM.
 *
 * GS_DFPN proves the same by Nagai's depth-first proof-number search:
 * the numbers are kept in a table of its own (keyed by the game's hash,
 * which it needs: GS_EINVAL without; transpositions share their entry;
 * a few dozen MiB, made for the search and freed after it), and
 * result.nodes counts the positions made as each node searched makes its
 * children (again when it is searched again). The game must have no
 * cycles.
 *
 * A CHANCE agent, or a depth other than 0, is refused (GS_EINVAL). The
 * search uses order_moves (the game's hint orders each node's children,
 * which are tried first on ties) and ignores use_tt, iterative,
 * prune_equal and the hook (it reports no events).
 */

/* The name of an algorithm ("minimax", ...) and back; -1 when unknown. */
GS_API const char *gs_algo_name(gs_algo algo);
GS_API int gs_algo_parse(const char *name);

#ifdef __cplusplus
}
#endif

#endif /* GAMESEARCH_SEARCH_H */
