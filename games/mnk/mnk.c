/*
 * games/mnk/mnk.c: m,n,k games (an m-by-n board, k in a row wins,
 * freestyle) as a gs_game: the instance, the rules, positions as text, cell
 * names and the game callbacks. The line scans (evaluations, the
 * move-ordering hint, the winner of a parsed position) are in mnk_eval.c.
 *
 * Data layout (mnk_internal.h has the drawing): a state is a 16-byte header
 * {Zobrist hash, stones, last cell, winner} followed by two bitboards, X's
 * then O's, of ceil(rows*cols / 64) uint64 words each; cell c = row * cols
 * + col is bit c % 64 of word c / 64. The instance owns the Zobrist keys,
 * one per (cell, side) and one for "O to move", drawn from splitmix64 at a
 * fixed seed; playing a stone XORs its key and the side key into the
 * stored hash, so the hash callback only reads it.
 *
 * The rules never scan the board: a move can only make a line through the
 * stone just placed, so apply counts the stones of the mover on both sides
 * of it in the four directions (freestyle: k or more wins).
 */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mnk_internal.h"

/* The first state of splitmix64 for the Zobrist keys: any fixed value. */
#define MNK_ZOBRIST_SEED 0x6D6E6B2D7A6F6272ull   /* "mnk-zobr" */

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline const mnk_state *cstate(const void *state)
{
    return state;
}

static inline mnk_state *mstate(void *state)
{
    return state;
}

/* ---- The instance ------------------------------------------------------ */

/* Fills p with tic-tac-toe: 3x3, k 3, EVAL_LINES, radius 0, no hint. */
void gs_mnk_params_init(gs_mnk_params *p)
{
    memset(p, 0, sizeof *p);
    p->rows = 3;
    p->cols = 3;
    p->k = 3;
    p->eval = GS_MNK_EVAL_LINES;
    p->radius = 0;
    p->order_hint = false;
}

static bool params_valid(const gs_mnk_params *p)
{
    int longest = p->rows > p->cols ? p->rows : p->cols;
    return p->rows >= 1 && p->rows <= GS_MNK_MAX_SIDE && p->cols >= 1 &&
           p->cols <= GS_MNK_MAX_SIDE && p->k >= 1 && p->k <= longest &&
           (p->eval == GS_MNK_EVAL_NONE || p->eval == GS_MNK_EVAL_LINES ||
            p->eval == GS_MNK_EVAL_THREATS) &&
           p->radius >= 0;
}

/* Adds to g->lines the lines of direction (dr, dc) that hold k cells or
 * more: one starting at each cell whose predecessor is off the board. */
static void add_lines(gs_mnk *g, int dr, int dc)
{
    const int rows = g->p.rows, cols = g->p.cols;
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
            int pr = r - dr, pc = c - dc;
            if (pr >= 0 && pr < rows && pc >= 0 && pc < cols)
                continue;   /* not the start of its line */
            int len = 0;
            for (int rr = r, cc = c; rr >= 0 && rr < rows && cc >= 0 && cc < cols;
                 rr += dr, cc += dc)
                len++;
            if (len < g->p.k)
                continue;
            assert(g->nlines < MNK_MAX_LINES);
            mnk_line *l = &g->lines[g->nlines++];
            l->start = (int16_t)(r * cols + c);
            l->step = (int16_t)(dr * cols + dc);
            l->len = (int16_t)len;
        }
    }
}

static void set_weights(gs_mnk *g)
{
    const int k = g->p.k;
    /* The threat evaluation: TOP^((c-1)/(k-2)) for c stones, rounded to
     * an integer (see MNK_THREAT_TOP_WEIGHT); 1 when k is 2. */
    g->weight[0] = 0.0;
    for (int c = 1; c < k; c++)
        g->weight[c] = k > 2 ? round(pow(MNK_THREAT_TOP_WEIGHT,
                                         (double)(c - 1) / (k - 2)))
                             : 1.0;
    /* A full window only occurs in a finished position. */
    g->weight[k] = k > 1 ? 10.0 * g->weight[k - 1] : 1.0;
    /* The order hint: see MNK_HINT_*. */
    for (int c = 0; c < k; c++) {
        int32_t own = 2, block;
        for (int i = 0; i < c && own < MNK_HINT_SMALL_CAP; i++)
            own *= 4;
        if (own > MNK_HINT_SMALL_CAP)
            own = MNK_HINT_SMALL_CAP;
        block = c > 0 ? own / 2 : 0;
        if (c == k - 1) {
            own = MNK_HINT_WIN;
            block = c > 0 ? MNK_HINT_BLOCK_WIN : 0;
        } else if (c == k - 2 && c > 0) {
            own = MNK_HINT_THREAT;
            block = MNK_HINT_BLOCK_THREAT;
        }
        g->hint_own[c] = own;
        g->hint_block[c] = block;
    }
}

/*
 * Creates a game instance for *p (copied). alloc may be NULL (the C
 * library's). GS_OK and *out; GS_EINVAL when a size is out of range (sides
 * and k in 1 .. GS_MNK_MAX_SIDE, k at most the longer side), the eval is
 * not a gs_mnk_eval, the radius is negative or an argument is NULL;
 * GS_ENOMEM. On failure *out is NULL and nothing is leaked.
 */
int gs_mnk_new(const gs_mnk_params *p, const gs_allocator *alloc,
               gs_mnk **out)
{
    if (!out)
        return GS_EINVAL;
    *out = NULL;
    if (!p || !params_valid(p))
        return GS_EINVAL;
    if (!alloc)
        alloc = gs_default_allocator();
    if (!alloc->fn)
        return GS_EINVAL;

    gs_mnk *g = alloc->fn(alloc->user, NULL, 0, sizeof *g);
    if (!g)
        return GS_ENOMEM;
    memset(g, 0, sizeof *g);
    g->alloc = *alloc;
    g->p = *p;
    g->cells = p->rows * p->cols;
    g->words = (g->cells + 63) / 64;
    g->centre = (p->rows / 2) * p->cols + p->cols / 2;
    g->state_size = sizeof(mnk_state) + 2 * (size_t)g->words * sizeof(uint64_t);

    size_t nkeys = 2 * (size_t)g->cells + 1;
    g->keys = alloc->fn(alloc->user, NULL, 0, nkeys * sizeof *g->keys);
    if (!g->keys) {
        alloc->fn(alloc->user, g, sizeof *g, 0);
        return GS_ENOMEM;
    }
    uint64_t seed = MNK_ZOBRIST_SEED;
    for (size_t i = 0; i < nkeys; i++)
        g->keys[i] = splitmix64(&seed);

    add_lines(g, 0, 1);    /* rows */
    add_lines(g, 1, 0);    /* columns */
    add_lines(g, 1, 1);    /* diagonals, down and to the right */
    add_lines(g, 1, -1);   /* diagonals, down and to the left */
    set_weights(g);
    *out = g;
    return GS_OK;
}

/* Frees an instance (NULL is fine). Games filled from it die with it. */
void gs_mnk_free(gs_mnk *g)
{
    if (!g)
        return;
    gs_allocator a = g->alloc;
    a.fn(a.user, g->keys, (2 * (size_t)g->cells + 1) * sizeof *g->keys, 0);
    a.fn(a.user, g, sizeof *g, 0);
}

/* The parameters the instance was created with. */
const gs_mnk_params *gs_mnk_params_of(const gs_mnk *g)
{
    return &g->p;
}

/* Bytes in one state: 16 + 16 * ceil(rows * cols / 64). */
size_t gs_mnk_state_size(const gs_mnk *g)
{
    return g->state_size;
}

/* ---- States ------------------------------------------------------------ */

/* Writes the empty board (hash 0, X to move) into state. */
void gs_mnk_empty(const gs_mnk *g, void *state)
{
    memset(state, 0, g->state_size);
    mstate(state)->last = -1;
}

/* Counts the stones of side `bb` in a row through `cell` along (dr, dc),
 * both ways, the cell itself included. */
static int run_through(const gs_mnk *g, const uint64_t *bb, int cell, int dr,
                       int dc)
{
    const int rows = g->p.rows, cols = g->p.cols;
    const int r0 = cell / cols, c0 = cell % cols;
    int n = 1;
    for (int sgn = -1; sgn <= 1; sgn += 2) {
        int r = r0 + sgn * dr, c = c0 + sgn * dc;
        while (r >= 0 && r < rows && c >= 0 && c < cols &&
               mnk_has(bb, r * cols + c)) {
            n++;
            r += sgn * dr;
            c += sgn * dc;
        }
    }
    return n;
}

/* Places a stone of the side to move on the empty cell of a position that
 * is not over, and updates the header. */
static void place(const gs_mnk *g, mnk_state *s, int cell)
{
    assert(cell >= 0 && cell < g->cells);
    assert(s->winner == 0 && s->stones < g->cells);
    const int side = s->stones & 1;
    uint64_t *bb = s->bits + (size_t)side * (size_t)g->words;
    assert(!mnk_has(s->bits, cell) && !mnk_has(s->bits + g->words, cell));
    bb[cell >> 6] |= (uint64_t)1 << (cell & 63);
    s->hash ^= g->keys[2 * cell + side] ^ g->keys[2 * g->cells];
    s->stones++;
    s->last = (int16_t)cell;
    const int k = g->p.k;
    if (run_through(g, bb, cell, 0, 1) >= k || run_through(g, bb, cell, 1, 0) >= k ||
        run_through(g, bb, cell, 1, 1) >= k || run_through(g, bb, cell, 1, -1) >= k)
        s->winner = (uint8_t)(side + 1);
}

/* 0 empty, 1 X, 2 O; cell must be on the board. */
int gs_mnk_cell(const gs_mnk *g, const void *state, int cell)
{
    assert(cell >= 0 && cell < g->cells);
    const mnk_state *s = cstate(state);
    if (mnk_has(s->bits, cell))
        return 1;
    if (mnk_has(s->bits + g->words, cell))
        return 2;
    return 0;
}

/*
 * Plays `cell` for the player to move. GS_OK; GS_EINVAL (state unchanged)
 * when the cell is off the board or taken or the game is over.
 */
int gs_mnk_play(const gs_mnk *g, void *state, int cell)
{
    if (!g || !state || cell < 0 || cell >= g->cells)
        return GS_EINVAL;
    mnk_state *s = mstate(state);
    if (gs_mnk_over(g, s) || gs_mnk_cell(g, s, cell) != 0)
        return GS_EINVAL;
    place(g, s, cell);
    return GS_OK;
}

/* 0 when X is to move, 1 when O is (also once the game is over). */
int gs_mnk_to_move(const gs_mnk *g, const void *state)
{
    (void)g;
    return cstate(state)->stones & 1;
}

/* 0 nobody (yet), 1 X has a line, 2 O has a line. */
int gs_mnk_winner(const gs_mnk *g, const void *state)
{
    (void)g;
    return cstate(state)->winner;
}

/* Stones on the board. */
int gs_mnk_stones(const gs_mnk *g, const void *state)
{
    (void)g;
    return cstate(state)->stones;
}

/* The game is over: a line, or a full board. */
bool gs_mnk_over(const gs_mnk *g, const void *state)
{
    const mnk_state *s = cstate(state);
    return s->winner != 0 || s->stones >= g->cells;
}

/* The cell of the last move, -1 when not known. */
int gs_mnk_last_move(const gs_mnk *g, const void *state)
{
    (void)g;
    return cstate(state)->last;
}

void mnk_board_bytes(const gs_mnk *g, const mnk_state *s, uint8_t *board)
{
    memset(board, 0, (size_t)g->cells);
    for (int side = 0; side < 2; side++) {
        const uint64_t *bb = s->bits + (size_t)side * (size_t)g->words;
        for (int w = 0; w < g->words; w++) {
            uint64_t x = bb[w];
            while (x) {
                int b = 0;
                uint64_t low = x & (~x + 1);   /* the lowest set bit */
#if defined(__GNUC__)
                b = __builtin_ctzll(low);
#else
                while (!((low >> b) & 1u))
                    b++;
#endif
                board[w * 64 + b] = (uint8_t)(side + 1);
                x ^= low;
            }
        }
    }
}

/* ---- Positions as text ------------------------------------------------- */

static const char *plural(long n)
{
    return n == 1 ? "" : "s";
}

/*
 * Reads a position string (rows*cols characters 'X', 'O' or '.'; nothing
 * else, lowercase letters and blanks included) into state, which is not
 * touched on failure. The checks, in order: each character within the
 * first rows*cols (error at line 1, that character's column), the length
 * (line and column 0, as for the rest), the counts (O may not have more
 * stones than X, X not more than one more than O), and lines (not both
 * sides). A finished
 * position is accepted, with its winner; its last move is unknown (-1).
 * Other unreachable positions (two lines of one side, a move after a win)
 * are accepted as they are. GS_OK; GS_EPARSE with *error (error may be
 * NULL); GS_EINVAL for a NULL g, text or state.
 */
int gs_mnk_parse(const gs_mnk *g, const char *text, void *state,
                 gs_error *error)
{
    gs_error scratch;
    if (!error)
        error = &scratch;
    error->line = 0;
    error->column = 0;
    error->message[0] = '\0';
    if (!g || !text || !state) {
        snprintf(error->message, sizeof error->message, "no position given");
        return GS_EINVAL;
    }

    /* Step 1. The characters, as far as the board goes, into one byte a
     * cell (the state is written only once everything is checked). */
    uint8_t board[MNK_MAX_CELLS];
    int count[2] = {0, 0};
    size_t len = 0;
    for (; text[len] != '\0' && len < (size_t)g->cells; len++) {
        unsigned char ch = (unsigned char)text[len];
        int side = ch == 'X' ? 0 : ch == 'O' ? 1 : ch == '.' ? -1 : -2;
        if (side == -2) {
            /* Where, as a person counts: the cell's name and the
             * character's place from 1. */
            char cell[16];
            gs_mnk_cell_name(g, (int)len, cell, sizeof cell);
            error->line = 1;
            error->column = (int)len + 1;
            if (ch >= 0x20 && ch < 0x7F)
                snprintf(error->message, sizeof error->message,
                         "unexpected character '%c' at cell %s (character "
                         "%d; use X, O or .)", ch, cell, (int)len + 1);
            else
                snprintf(error->message, sizeof error->message,
                         "unexpected byte 0x%02X at cell %s (character %d; "
                         "use X, O or .)", ch, cell, (int)len + 1);
            return GS_EPARSE;
        }
        board[len] = (uint8_t)(side + 1);
        if (side >= 0)
            count[side]++;
    }

    /* Step 2. The length. */
    len += strlen(text + len);
    if (len != (size_t)g->cells) {
        snprintf(error->message, sizeof error->message,
                 "the position has %zu cell%s, not %d", len,
                 plural((long)len), g->cells);
        return GS_EPARSE;
    }

    /* Step 3. The counts: X moves first, and the sides alternate. */
    if (count[1] > count[0]) {
        snprintf(error->message, sizeof error->message,
                 "O has %d stone%s but X only %d (X moves first)", count[1],
                 plural(count[1]), count[0]);
        return GS_EPARSE;
    }
    if (count[0] > count[1] + 1) {
        snprintf(error->message, sizeof error->message,
                 "X has %d stones but O only %d (X is at most one stone ahead)",
                 count[0], count[1]);
        return GS_EPARSE;
    }

    /* Step 4. The lines, by a scan of every window. */
    int lines = mnk_scan_lines(g, board);
    if (lines == 3) {
        snprintf(error->message, sizeof error->message,
                 "both X and O have %d in a row", g->p.k);
        return GS_EPARSE;
    }

    /* Step 5. The state, its hash from scratch. */
    gs_mnk_empty(g, state);
    mnk_state *s = mstate(state);
    for (int cell = 0; cell < g->cells; cell++) {
        if (board[cell] == 0)
            continue;
        int side = board[cell] - 1;
        s->bits[(size_t)side * (size_t)g->words + (size_t)(cell >> 6)] |=
            (uint64_t)1 << (cell & 63);
        s->hash ^= g->keys[2 * cell + side];
    }
    s->stones = count[0] + count[1];
    if (s->stones & 1)
        s->hash ^= g->keys[2 * g->cells];
    s->winner = (uint8_t)lines;
    return GS_OK;
}

/*
 * Writes the position string (rows*cols characters and a NUL) into buf of
 * `size` bytes; a shorter buffer gets as much as fits and a NUL (nothing
 * when size is 0).
 */
void gs_mnk_format(const gs_mnk *g, const void *state, char *buf, size_t size)
{
    if (size == 0)
        return;
    size_t n = (size_t)g->cells < size - 1 ? (size_t)g->cells : size - 1;
    for (size_t i = 0; i < n; i++)
        buf[i] = ".XO"[gs_mnk_cell(g, state, (int)i)];
    buf[n] = '\0';
}

/* ---- Cell names -------------------------------------------------------- */

/* The name of a column: a .. z, then aa .. af (bijective base 26). */
static int column_name(int col, char *out)
{
    if (col < 26) {
        out[0] = (char)('a' + col);
        return 1;
    }
    out[0] = (char)('a' + col / 26 - 1);
    out[1] = (char)('a' + col % 26);
    return 2;
}

/*
 * Writes the cell's name (column letters, then the row number from the top:
 * "a1" is cell 0; columns past z are aa, ab, ...) into buf of `size` bytes
 * (8 are always enough), truncated like snprintf; "?" for a cell off the
 * board.
 */
void gs_mnk_cell_name(const gs_mnk *g, int cell, char *buf, size_t size)
{
    char name[8];
    if (cell < 0 || cell >= g->cells) {
        snprintf(buf, size, "?");
        return;
    }
    int n = column_name(cell % g->p.cols, name);
    int row = cell / g->p.cols + 1;   /* 1 .. 32 */
    if (row >= 10)
        name[n++] = (char)('0' + row / 10);
    name[n++] = (char)('0' + row % 10);
    name[n] = '\0';
    snprintf(buf, size, "%s", name);
}

/* Reads a decimal number without sign or leading zero, at most 4 digits;
 * -1 otherwise. */
static int read_number(const char *p)
{
    if (p[0] < '1' || p[0] > '9')
        return -1;
    int v = 0, n = 0;
    for (; p[n] >= '0' && p[n] <= '9'; n++) {
        if (n == 4)
            return -1;
        v = v * 10 + (p[n] - '0');
    }
    return p[n] == '\0' ? v : -1;
}

/*
 * The cell a text names: a cell name ("b3": column letters a.., either
 * case, then the row number from 1) or a 1-based cell number in row-major
 * order ("5" is cell 4). -1 for anything else (blanks, signs and leading
 * zeros included) or a cell off the board.
 */
int gs_mnk_parse_cell(const gs_mnk *g, const char *text)
{
    if (!g || !text)
        return -1;
    int letters = 0, col = 0;
    while (letters < 3) {
        char ch = text[letters];
        if (ch >= 'A' && ch <= 'Z')
            ch = (char)(ch - 'A' + 'a');
        if (ch < 'a' || ch > 'z')
            break;
        col = col * 26 + (ch - 'a' + 1);
        letters++;
    }
    int num = read_number(text + letters);
    if (num < 0)
        return -1;
    if (letters == 0)
        return num <= g->cells ? num - 1 : -1;
    col -= 1;   /* bijective base 26: "a" is 1 */
    if (letters > 2 || col >= g->p.cols || num > g->p.rows)
        return -1;
    return (num - 1) * g->p.cols + col;
}

/* ---- The game ---------------------------------------------------------- */

static int cb_to_move(const void *ctx, const void *state)
{
    return gs_mnk_to_move(ctx, state);
}

static gs_role cb_role(const void *ctx, int agent)
{
    (void)ctx;
    return agent == 0 ? GS_ROLE_MAX : GS_ROLE_MIN;
}

static bool cb_is_terminal(const void *ctx, const void *state)
{
    return gs_mnk_over(ctx, state);
}

/* The stones of side bb on the row starting at cell `start` (cols <= 32
 * bits, so a row spans at most two words). */
static uint64_t row_bits(const uint64_t *bb, int start, int cols)
{
    int w = start >> 6, b = start & 63;
    uint64_t v = bb[w] >> b;
    if (b + cols > 64)
        v |= bb[w + 1] << (64 - b);
    return v & (((uint64_t)1 << cols) - 1);
}

/*
 * The empty cells, in cell order: all of them (radius 0), or those within
 * Chebyshev distance `radius` of a stone, found row by row: each row's
 * stones are widened by the radius sideways, then rows are ORed with their
 * neighbours up to the radius away. Since the board is connected, a
 * non-empty board that is not full always has such a cell.
 */
static int cb_actions(const void *ctx, const void *state, gs_action *out)
{
    const gs_mnk *g = ctx;
    const mnk_state *s = cstate(state);
    if (gs_mnk_over(g, s))
        return 0;
    const int rows = g->p.rows, cols = g->p.cols;
    int radius = g->p.radius;
    if (radius > 0 && s->stones == 0) {
        out[0] = g->centre;
        return 1;
    }
    const uint64_t full = ((uint64_t)1 << cols) - 1;
    uint64_t occ[GS_MNK_MAX_SIDE], near[GS_MNK_MAX_SIDE];
    for (int r = 0; r < rows; r++)
        occ[r] = row_bits(s->bits, r * cols, cols) |
                 row_bits(s->bits + g->words, r * cols, cols);
    if (radius == 0) {
        for (int r = 0; r < rows; r++)
            near[r] = full;
    } else {
        if (radius > GS_MNK_MAX_SIDE)
            radius = GS_MNK_MAX_SIDE;
        uint64_t wide[GS_MNK_MAX_SIDE];
        for (int r = 0; r < rows; r++) {
            uint64_t w = occ[r];
            for (int i = 1; i <= radius && i < cols; i++)
                w |= (occ[r] << i) | (occ[r] >> i);
            wide[r] = w & full;
        }
        for (int r = 0; r < rows; r++) {
            uint64_t w = 0;
            int lo = r - radius < 0 ? 0 : r - radius;
            int hi = r + radius >= rows ? rows - 1 : r + radius;
            for (int rr = lo; rr <= hi; rr++)
                w |= wide[rr];
            near[r] = w;
        }
    }
    int n = 0;
    for (int r = 0; r < rows; r++) {
        uint64_t cand = near[r] & ~occ[r] & full;
        for (int c = 0; cand; c++, cand >>= 1)
            if (cand & 1u)
                out[n++] = r * cols + c;
    }
    assert(n > 0);
    return n;
}

static void cb_apply(const void *ctx, const void *state, gs_action action,
                     void *child)
{
    const gs_mnk *g = ctx;
    memcpy(child, state, g->state_size);
    place(g, mstate(child), (int)action);
}

static double cb_value(const void *ctx, const void *state)
{
    const gs_mnk *g = ctx;
    const mnk_state *s = cstate(state);
    if (s->winner)
        return (s->winner == 1 ? 1.0 : -1.0) * (GS_MNK_WIN - s->stones);
    if (s->stones >= g->cells)
        return 0.0;
    return gs_mnk_evaluate(g, state, g->p.eval);
}

static uint64_t cb_hash(const void *ctx, const void *state)
{
    (void)ctx;
    return cstate(state)->hash;
}

/* Each action's score: the windows through its cell (mnk_hint_windows),
 * then closeness to the centre cell (Chebyshev). */
static void cb_order_hint(const void *ctx, const void *state,
                          const gs_action *actions, int n, int32_t *scores)
{
    const gs_mnk *g = ctx;
    const mnk_state *s = cstate(state);
    uint8_t board[MNK_MAX_CELLS];
    int32_t score[MNK_MAX_CELLS];
    mnk_board_bytes(g, s, board);
    memset(score, 0, (size_t)g->cells * sizeof *score);
    mnk_hint_windows(g, board, s->stones & 1, score);
    const int cols = g->p.cols;
    const int cr = g->centre / cols, cc = g->centre % cols;
    const int far = g->p.rows > cols ? g->p.rows : cols;
    for (int i = 0; i < n; i++) {
        int cell = (int)actions[i];
        int dr = cell / cols - cr, dc = cell % cols - cc;
        dr = dr < 0 ? -dr : dr;
        dc = dc < 0 ? -dc : dc;
        scores[i] = score[cell] + far - (dr > dc ? dr : dc);
    }
}

static int cb_action_name(const void *ctx, const void *state, gs_action action,
                          char *buf, size_t size)
{
    (void)state;
    char name[8];
    gs_mnk_cell_name(ctx, (int)action, name, sizeof name);
    return snprintf(buf, size, "%s", name);
}

/* Placing a stone of side bb on the empty cell makes k in a row. */
static bool completes(const gs_mnk *g, const uint64_t *bb, int cell)
{
    const int k = g->p.k;
    return run_through(g, bb, cell, 0, 1) >= k ||
           run_through(g, bb, cell, 1, 0) >= k ||
           run_through(g, bb, cell, 1, 1) >= k ||
           run_through(g, bb, cell, 1, -1) >= k;
}

/* Among the empty cells on the lines through cell `last`, less than k
 * cells away, the first where a stone of side bb makes k in a row along
 * that line (any_line: along any line), as its index in actions[0 .. n-1],
 * or -1. */
static int completes_near(const gs_mnk *g, const mnk_state *s,
                          const uint64_t *bb, bool any_line, int last,
                          const gs_action *actions, int n)
{
    static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    const int rows = g->p.rows, cols = g->p.cols, k = g->p.k;
    for (int d = 0; d < 4; d++)
        for (int t = 1 - k; t < k; t++) {
            int r = last / cols + t * dirs[d][0], c = last % cols + t * dirs[d][1];
            if (t == 0 || r < 0 || r >= rows || c < 0 || c >= cols)
                continue;
            int cell = r * cols + c;
            if (mnk_has(s->bits, cell) || mnk_has(s->bits + g->words, cell))
                continue;
            if (any_line ? !completes(g, bb, cell)
                         : run_through(g, bb, cell, dirs[d][0], dirs[d][1]) < k)
                continue;
            for (int i = 0; i < n; i++)
                if (actions[i] == cell)
                    return i;
        }
    return -1;
}

/*
 * The playout policy (gs_game.playout): the first cell that wins at once,
 * else the first that stops the opponent's win at once, else one at
 * random. On boards with candidate cells (radius > 0, as Gomoku is
 * played) only the cells on the lines through the last move, less than k
 * away, are looked at (where the opponent's new threat is, and the
 * mover's wins that lie there): a playout then costs a few times a random
 * one instead of a hundred.
 */
static int cb_playout(const void *ctx, const void *state,
                      const gs_action *actions, int n, uint64_t random)
{
    const gs_mnk *g = ctx;
    const mnk_state *s = cstate(state);
    const uint64_t *own = s->bits + (size_t)(s->stones & 1) * g->words;
    const uint64_t *opp = s->bits + (size_t)(~s->stones & 1) * g->words;
    /* No line can be completed before k-1 stones of a side are down. */
    if (s->stones < 2 * g->p.k - 3)
        return (int)(random % (uint64_t)n);
    for (int side = 0; side < 2; side++) {
        const uint64_t *bb = side ? opp : own;
        if (g->p.radius > 0 && s->last >= 0) {
            int i = completes_near(g, s, bb, side == 0, s->last, actions, n);
            if (i >= 0)
                return i;
            continue;
        }
        for (int i = 0; i < n; i++)
            if (completes(g, bb, (int)actions[i]))
                return i;
    }
    return (int)(random % (uint64_t)n);
}

/*
 * Fills *game with the instance as a game: two agents (X MAX, O MIN),
 * state_size gs_mnk_state_size(g), max_actions rows*cols, bounds
 * +-GS_MNK_WIN, the stored Zobrist hash, cell names as action names, and
 * the order hint when the parameters ask for it. g must outlive the game.
 */
void gs_mnk_game(const gs_mnk *g, gs_game *game)
{
    memset(game, 0, sizeof *game);
    game->version = GS_GAME_VERSION;
    game->ctx = g;
    game->state_size = g->state_size;
    game->num_agents = 2;
    game->max_actions = g->cells;
    game->to_move = cb_to_move;
    game->role = cb_role;
    game->is_terminal = cb_is_terminal;
    game->actions = cb_actions;
    game->apply = cb_apply;
    game->value = cb_value;
    game->probabilities = NULL;
    game->hash = cb_hash;
    game->order_hint = g->p.order_hint ? cb_order_hint : NULL;
    game->action_name = cb_action_name;
    game->has_bounds = true;
    game->min_value = -GS_MNK_WIN;
    game->max_value = GS_MNK_WIN;
    game->playout = cb_playout;
}
