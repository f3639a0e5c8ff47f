/*
 * games/pacman/layout.c: reads a Pacman layout ('%' wall, '.' food, 'o'
 * capsule, 'P' Pacman, 'G' or '1'-'4' a ghost, ' ' floor) as pacman.py's
 * layout.py reads it, with every mistake reported by line and column.
 *
 * Two passes over the text, which is never NUL-terminated (every read is
 * bounds-checked against its length). The first checks every line and
 * measures the maze; the second fills the cells of a block allocated once
 * the size is known, so a layout the first pass refuses allocates nothing.
 * Then the block is checked for food Pacman cannot reach (that check needs
 * the cells; it frees what it allocated).
 *
 * Lines. Trailing white space (spaces, tabs, CR, FF, VT) is dropped, as
 * pacman.py's line.strip() drops it; blank lines before the first row and
 * after the last are ignored. The first line of the file is the top row
 * (y = height - 1). The first row sets the width: a shorter row is an
 * error (pacman.py would fail on it), and a longer one may only hold walls
 * past the width, which are ignored as pacman.py ignores them (the last
 * row of CS188's capsuleClassic is one wall longer than the others).
 *
 * Agents. pacman.py lists them sorted by (kind, position): kind 0 for
 * 'P', 1 for 'G' and '1', 2 for '2', 3 for '3', 4 for '4', positions
 * compared as (x, y) pairs. Pacman is agent 0, the ghosts follow in that
 * order, and -k keeps the first k of them.
 *
 * Also: a world read from a layout's text in one call, and a layout's
 * file found by name in a list of directories (`gamesearch pacman -l`).
 */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "pacman_internal.h"

/* Layouts longer than this are refused (GS_ETOOBIG): 1 MiB. The largest
 * maze, 256 x 256 cells, needs about 64 KiB. */
#define MAX_INPUT ((size_t)1 << 20)

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

static void set_error(gs_error *err, int line, int column,
                      const char *fmt, ...) PRINTF_LIKE(4, 5);

static void set_error(gs_error *err, int line, int column,
                      const char *fmt, ...)
{
    err->line = line;
    err->column = column;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
}

static bool trailing_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* One line of the text: [start, start + len) after trailing white space is
 * dropped; next is where the following line starts. */
typedef struct text_line {
    size_t start, len, next;
} text_line;

static text_line line_at(const char *text, size_t length, size_t pos)
{
    text_line l;
    const char *nl = memchr(text + pos, '\n', length - pos);
    size_t end = nl ? (size_t)(nl - text) : length;
    l.start = pos;
    l.next = nl ? end + 1 : length;
    while (end > pos && trailing_space(text[end - 1]))
        end--;
    l.len = end - pos;
    return l;
}

/* The agent kind of a layout character: 0 Pacman, 1 .. 4 a ghost, -1 none. */
static int agent_kind(char c)
{
    if (c == 'P')
        return 0;
    if (c == 'G')
        return 1;
    if (c >= '1' && c <= '4')
        return c - '0';
    return -1;
}

/* What the first pass learns. */
typedef struct survey {
    size_t first;     /* offset of the first row's line */
    int first_line;   /* its line number */
    int width, height;
    int ghosts, food, capsules;
} survey;

/* Checks one row (line number `ln`, row number `row`) and counts what it
 * holds. GS_OK or GS_EPARSE with *err. */
static int check_row(const char *text, text_line l, int ln, int row,
                     survey *sv, int *pacmen, gs_error *err)
{
    for (size_t i = 0; i < l.len; i++) {
        char c = text[l.start + i];
        int col = (int)i + 1;
        if (row > 1 && col > sv->width) {
            /* Past the first row's end: pacman.py ignores what stands
             * there (capsuleClassic has a wall there); only walls may. */
            if (c != '%') {
                set_error(err, ln, col,
                          "row %d is %d characters long, the first row %d, "
                          "and only walls may stand past its end", row,
                          (int)l.len, sv->width);
                return GS_EPARSE;
            }
            continue;
        }
        if (col > GS_PAC_MAX_SIDE) {
            set_error(err, ln, col,
                      "row %d is longer than %d characters: a layout is at most "
                      "%d cells wide", row, GS_PAC_MAX_SIDE, GS_PAC_MAX_SIDE);
            return GS_EPARSE;
        }
        int kind = agent_kind(c);
        if (kind == 0) {
            if (++*pacmen == 2) {
                set_error(err, ln, col,
                          "the layout has 2 Pacmen (the second at line %d, "
                          "column %d)", ln, col);
                return GS_EPARSE;
            }
        } else if (kind > 0) {
            if (++sv->ghosts > GS_PAC_MAX_GHOSTS) {
                set_error(err, ln, col,
                          "the layout has more than %d ghosts (the %dth at "
                          "line %d, column %d)", GS_PAC_MAX_GHOSTS,
                          GS_PAC_MAX_GHOSTS + 1, ln, col);
                return GS_EPARSE;
            }
        } else if (c == '.') {
            sv->food++;
        } else if (c == 'o') {
            sv->capsules++;
        } else if (c != '%' && c != ' ') {
            unsigned char u = (unsigned char)c;
            if (u > 0x20 && u < 0x7f)
                set_error(err, ln, col,
                          "unexpected character '%c' (a layout holds '%%', "
                          "'.', 'o', 'P', 'G', '1'-'4' and spaces)", c);
            else
                set_error(err, ln, col, "unexpected byte 0x%02x", u);
            return GS_EPARSE;
        }
    }
    if (row > 1 && (int)l.len < sv->width) {
        set_error(err, ln, (int)l.len + 1,
                  "row %d is %d characters long, the first row %d", row,
                  (int)l.len, sv->width);
        return GS_EPARSE;
    }
    return GS_OK;
}

/* The first pass: checks the whole text and measures the maze. */
static int survey_text(const char *text, size_t length, survey *sv,
                       gs_error *err)
{
    memset(sv, 0, sizeof *sv);
    int pacmen = 0, ln = 0, row = 0;
    int blank_line = 0;   /* the first blank line after a row, 0: none */
    size_t pos = 0;
    while (pos < length) {
        text_line l = line_at(text, length, pos);
        pos = l.next;
        ln++;
        if (l.len == 0) {
            if (row > 0 && !blank_line)
                blank_line = ln;
            continue;
        }
        if (blank_line) {
            /* A blank line between rows: a row of no characters. */
            set_error(err, blank_line, 1,
                      "row %d is 0 characters long, the first row %d", row + 1,
                      sv->width);
            return GS_EPARSE;
        }
        if (++row > GS_PAC_MAX_SIDE) {
            set_error(err, ln, 1,
                      "the layout has more than %d rows: a layout is at most "
                      "%d cells high", GS_PAC_MAX_SIDE, GS_PAC_MAX_SIDE);
            return GS_EPARSE;
        }
        if (row == 1) {
            sv->first = l.start;
            sv->first_line = ln;
            sv->width = l.len > GS_PAC_MAX_SIDE ? GS_PAC_MAX_SIDE + 1
                                                : (int)l.len;
        }
        int rc = check_row(text, l, ln, row, sv, &pacmen, err);
        if (rc != GS_OK)
            return rc;
    }
    if (row == 0) {
        set_error(err, 0, 0, "empty layout");
        return GS_EPARSE;
    }
    sv->height = row;
    if (pacmen == 0) {
        set_error(err, 0, 0, "the layout has no Pacman ('P')");
        return GS_EPARSE;
    }
    if (sv->food == 0) {
        set_error(err, 0, 0, "the layout has no food ('.')");
        return GS_EPARSE;
    }
    return GS_OK;
}

/*
 * Every food dot must be one Pacman can walk to: food walled off from him
 * could never be eaten, so the game could never be won, and without a
 * ghost that can reach him it would never end. A breadth-first search
 * from Pacman's cell through the cells that are not walls; the first dot
 * it missed, in the file's order (top row first, each left to right), is
 * reported at its line and column (the rows stand on consecutive lines
 * from `first_line`). Capsules and ghosts out of his reach change nothing
 * of how a game ends and are accepted. GS_OK, GS_EPARSE with *err, or
 * GS_ENOMEM for the search's scratch memory.
 */
static int check_reachable(const gs_pac_layout *lay, const gs_allocator *alloc,
                           int first_line, gs_error *err)
{
    const int w = lay->width, h = lay->height;
    const size_t ncells = (size_t)w * (size_t)h;
    size_t bytes = ncells * (sizeof(int32_t) + 1);
    int32_t *queue = alloc->fn(alloc->user, NULL, 0, bytes);
    if (!queue)
        return GS_ENOMEM;
    uint8_t *seen = (uint8_t *)(queue + ncells);
    memset(seen, 0, ncells);
    static const int dx[4] = {-1, 1, 0, 0}, dy[4] = {0, 0, 1, -1};
    size_t head = 0, tail = 0;
    size_t start = (size_t)lay->agent[0].y * (size_t)w + (size_t)lay->agent[0].x;
    seen[start] = 1;
    queue[tail++] = (int32_t)start;
    while (head < tail) {
        int c = queue[head++];
        int x = c % w, y = c / w;
        for (int k = 0; k < 4; k++) {
            int nx = x + dx[k], ny = y + dy[k];
            if (nx < 0 || ny < 0 || nx >= w || ny >= h)
                continue;
            size_t n = (size_t)ny * (size_t)w + (size_t)nx;
            if (!seen[n] && lay->cells[n] != CELL_WALL) {
                seen[n] = 1;
                queue[tail++] = (int32_t)n;
            }
        }
    }
    int rc = GS_OK;
    for (int y = h - 1; y >= 0 && rc == GS_OK; y--)
        for (int x = 0; x < w; x++) {
            size_t c = (size_t)y * (size_t)w + (size_t)x;
            if (lay->cells[c] == CELL_FOOD && !seen[c]) {
                int line = first_line + (h - 1 - y);
                set_error(err, line, x + 1,
                          "Pacman cannot reach the food at line %d, column %d "
                          "(walls cut it off): the game could never be won",
                          line, x + 1);
                rc = GS_EPARSE;
                break;
            }
        }
    alloc->fn(alloc->user, queue, bytes, 0);
    return rc;
}

/* (kind, x, y) of an agent, for sorting. */
typedef struct agent_key {
    int kind, x, y;
} agent_key;

static bool key_less(agent_key a, agent_key b)
{
    if (a.kind != b.kind)
        return a.kind < b.kind;
    if (a.x != b.x)
        return a.x < b.x;
    return a.y < b.y;
}

/*
 * Reads a layout (see gamesearch/pacman.h). alloc may be NULL (the C
 * library's); error may be NULL. GS_OK and *out; GS_EPARSE with *error
 * (line and column 1-based, 0 when the whole file is meant); GS_ETOOBIG
 * (more than 1 MiB); GS_EINVAL (out NULL, or text NULL with a length);
 * GS_ENOMEM. On failure *out is NULL and nothing is leaked.
 */
int gs_pac_layout_parse(const char *text, size_t length,
                        const gs_allocator *alloc, gs_pac_layout **out,
                        gs_error *error)
{
    gs_error scratch;
    gs_error *err = error ? error : &scratch;
    set_error(err, 0, 0, "%s", "");
    if (!out)
        return GS_EINVAL;
    *out = NULL;
    if (!text && length > 0)
        return GS_EINVAL;
    if (!alloc)
        alloc = gs_default_allocator();
    if (!alloc->fn)
        return GS_EINVAL;
    if (length > MAX_INPUT) {
        set_error(err, 0, 0, "the layout is larger than 1 MiB");
        return GS_ETOOBIG;
    }

    /* A UTF-8 byte order mark at the very start is skipped, as the tree
     * and record readers skip it; columns count from after it. */
    if (length >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
        text += 3;
        length -= 3;
    }

    survey sv;
    int rc = survey_text(text, length, &sv, err);
    if (rc != GS_OK)
        return rc;

    size_t ncells = (size_t)sv.width * (size_t)sv.height;
    size_t bytes = sizeof(gs_pac_layout) + ncells;
    gs_pac_layout *lay = alloc->fn(alloc->user, NULL, 0, bytes);
    if (!lay)
        return GS_ENOMEM;
    memset(lay, 0, bytes);
    lay->alloc = *alloc;
    lay->bytes = bytes;
    lay->width = sv.width;
    lay->height = sv.height;
    lay->num_ghosts = sv.ghosts;
    lay->num_food = sv.food;
    lay->num_capsules = sv.capsules;
    lay->cells = (uint8_t *)(lay + 1);

    /* The second pass: the rows are known to be well formed. */
    agent_key keys[PAC_MAX_AGENTS];
    int nkeys = 0;
    size_t pos = sv.first;
    for (int row = 0; row < sv.height; row++) {
        text_line l = line_at(text, length, pos);
        pos = l.next;
        assert((int)l.len >= sv.width);
        int y = sv.height - 1 - row;
        for (int x = 0; x < sv.width; x++) {
            char c = text[l.start + (size_t)x];
            uint8_t *cell = &lay->cells[(size_t)y * (size_t)sv.width + (size_t)x];
            int kind = agent_kind(c);
            if (c == '%')
                *cell = CELL_WALL;
            else if (c == '.')
                *cell = CELL_FOOD;
            else if (c == 'o')
                *cell = CELL_CAPSULE;
            else
                *cell = CELL_FLOOR;
            if (kind >= 0) {
                assert(nkeys < PAC_MAX_AGENTS);
                agent_key k = {kind, x, y};
                int i = nkeys++;
                while (i > 0 && key_less(k, keys[i - 1])) {
                    keys[i] = keys[i - 1];
                    i--;
                }
                keys[i] = k;
            }
        }
    }
    assert(nkeys == 1 + sv.ghosts && keys[0].kind == 0);
    for (int i = 0; i < nkeys; i++) {
        lay->agent[i].x = (int16_t)keys[i].x;
        lay->agent[i].y = (int16_t)keys[i].y;
    }
    rc = check_reachable(lay, alloc, sv.first_line, err);
    if (rc != GS_OK) {
        gs_pac_layout_free(lay);
        return rc;
    }
    *out = lay;
    return GS_OK;
}

/* Frees a layout (NULL is fine). */
void gs_pac_layout_free(gs_pac_layout *layout)
{
    if (!layout)
        return;
    gs_allocator a = layout->alloc;
    a.fn(a.user, layout, layout->bytes, 0);
}

/* The maze's size in cells: the first row's length, the number of rows. */
int gs_pac_layout_width(const gs_pac_layout *layout)
{
    return layout->width;
}

int gs_pac_layout_height(const gs_pac_layout *layout)
{
    return layout->height;
}

/* True for a wall, and for any cell off the maze. */
bool gs_pac_layout_wall(const gs_pac_layout *layout, int x, int y)
{
    if (x < 0 || y < 0 || x >= layout->width || y >= layout->height)
        return true;
    return layout->cells[(size_t)y * (size_t)layout->width + (size_t)x] ==
           CELL_WALL;
}

/* Every ghost in the file, whatever -k keeps. */
int gs_pac_layout_num_ghosts(const gs_pac_layout *layout)
{
    return layout->num_ghosts;
}

int gs_pacman_read(const char *text, size_t len, int line0, int num_ghosts,
                   const gs_allocator *alloc, gs_pacman **out, gs_error *error)
{
    gs_error scratch;
    gs_error *err = error ? error : &scratch;
    gs_pac_layout *layout;
    if (!out)
        return GS_EINVAL;
    *out = NULL;
    int s = gs_pac_layout_parse(text, len, alloc, &layout, err);
    if (s != GS_OK) {
        if (err->line > 0)
            err->line += line0 - 1;
        return s;
    }
    s = gs_pacman_new(layout, num_ghosts, alloc, out);
    gs_pac_layout_free(layout);
    return s;
}

/* ---- Layouts found by name ---- */

/* Whether path names something a layout can be read from: a file, or a
 * pipe or device read to its end as a file is. A directory is not, and is
 * remembered in dir (when it is still empty) for the caller's message. */
static bool is_file(const char *path, char *dir, size_t dsize)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return false;
    if (S_ISDIR(st.st_mode)) {
        if (!*dir)
            snprintf(dir, dsize, "%s", path);
        return false;
    }
    return true;
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* Tries DIR/FILE; adds the directory to `looked`. */
static bool try_dir(const char *dir, const char *file, char *path,
                    size_t size, char *looked, size_t lsize, char *isdir,
                    size_t dsize)
{
    size_t used = strlen(looked);
    snprintf(looked + used, lsize - used, "%s%s", used ? ", " : "", dir);
    snprintf(path, size, "%s/%s", dir, file);
    return is_file(path, isdir, dsize);
}

/* The search of gs_pac_layout_find, with `looked` and `isdir` of the
 * sizes it needs. */
static gs_pac_found find_layout(const char *name, const char *dirs,
                                char *path, size_t size, char *looked,
                                size_t lsize, char *isdir, size_t dsize)
{
    char file[1024];
    bool pathlike = strchr(name, '/') || ends_with(name, ".lay");
    snprintf(file, sizeof file, "%s%s", name,
             ends_with(name, ".lay") ? "" : ".lay");
    if (pathlike) {
        snprintf(path, size, "%s", file);
        if (is_file(path, isdir, dsize))
            return GS_PAC_FOUND;
        if (name[0] == '/')
            goto missing;
    }
    while (dirs && *dirs) {
        size_t len = strcspn(dirs, ":");
        char dir[1024];
        if (len > 0 && len < sizeof dir) {
            memcpy(dir, dirs, len);
            dir[len] = '\0';
            if (try_dir(dir, file, path, size, looked, lsize, isdir, dsize))
                return GS_PAC_FOUND;
        }
        dirs += len;
        if (*dirs == ':')
            dirs++;
    }
    if (try_dir("./layouts", file, path, size, looked, lsize, isdir, dsize))
        return GS_PAC_FOUND;
    snprintf(path, size, "%s", file);
    if (is_file(path, isdir, dsize))
        return GS_PAC_FOUND;
missing:
    if (*isdir) {
        snprintf(path, size, "%s", isdir);
        return GS_PAC_FOUND_DIR;
    }
    snprintf(path, size, "%s", file);
    return GS_PAC_NOT_FOUND;
}

gs_pac_found gs_pac_layout_find(const char *name, const char *dirs,
                                char *path, size_t size, char *looked,
                                size_t lsize)
{
    char seen[2048] = "", isdir[2048] = "";
    gs_pac_found f = find_layout(name, dirs, path, size, seen, sizeof seen,
                                 isdir, sizeof isdir);
    if (looked && lsize > 0)
        snprintf(looked, lsize, "%s", f == GS_PAC_NOT_FOUND ? seen : "");
    return f;
}
