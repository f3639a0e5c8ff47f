/*
 * games/tree/tree_random.c: practice trees: a random tree in the line
 * syntax, a deterministic function of a short spec (tree.h).
 *
 * The nodes are named and numbered breadth first (A, B, ..., Z, AA, AB,
 * ...), and drawn in that order from one splitmix64 stream: a node above
 * the last ply draws its number of children, a node on it its value. So
 * the tree needs no memory but a counter: node i's children are the next
 * unnumbered ones.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tree_internal.h"

/* The most nodes a random tree may have. */
#define RANDOM_MAX_NODES 1000000
#define RANDOM_MAX_BRANCHING 26
#define RANDOM_MAX_VALUE 1000000000L

#if defined(__GNUC__)
#define RANDOM_PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define RANDOM_PRINTF_LIKE(f, a)
#endif

typedef struct spec {
    long depth, lo_branch, hi_branch, lo_value, hi_value;
    gs_role roles[GS_TREE_MAX_AGENTS];
    int num_agents;
    uint64_t seed;
} spec;

static int bad(gs_error *err, size_t at, const char *fmt, ...)
    RANDOM_PRINTF_LIKE(3, 4);

static int bad(gs_error *err, size_t at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    err->line = 1;
    err->column = (int)at + 1;
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return GS_EPARSE;
}

/* A whole decimal integer (optionally negative) of n bytes at s. */
static bool whole(const char *s, size_t n, long lo, long hi, long *out)
{
    char buf[24];
    if (n == 0 || n >= sizeof buf)
        return false;
    memcpy(buf, s, n);
    buf[n] = '\0';
    char *end;
    long v = strtol(buf, &end, 10);
    if (*end || buf[0] == '+' || buf[0] == ' ' || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

/* "A<sep>B" or (single) "A": two whole numbers. */
static bool range(const char *s, size_t n, const char *sep, bool single,
                  long lo, long hi, long *a, long *b)
{
    size_t k = strlen(sep);
    for (size_t i = 1; i + k <= n; i++)
        if (memcmp(s + i, sep, k) == 0)
            return whole(s, i, lo, hi, a) &&
                   whole(s + i + k, n - i - k, lo, hi, b) && *a <= *b;
    if (!single || !whole(s, n, lo, hi, a))
        return false;
    *b = *a;
    return true;
}

static int parse_spec(const char *text, spec *sp, gs_error *err)
{
    static const char *const keys[] = {"depth", "branching", "values",
                                       "agents", "seed"};
    bool seen[5] = {false};
    sp->depth = 3;
    sp->lo_branch = 2;
    sp->hi_branch = 3;
    sp->lo_value = 0;
    sp->hi_value = 20;
    sp->num_agents = 2;
    sp->roles[0] = GS_ROLE_MAX;
    sp->roles[1] = GS_ROLE_MIN;
    sp->seed = 1;
    size_t at = 0, len = strlen(text);
    while (at < len) {
        size_t end = at;
        while (end < len && text[end] != ',')
            end++;
        const char *item = text + at, *eq = memchr(item, '=', end - at);
        int k = -1;
        if (eq)
            for (int i = 0; i < 5; i++)
                if ((size_t)(eq - item) == strlen(keys[i]) &&
                    memcmp(item, keys[i], strlen(keys[i])) == 0)
                    k = i;
        if (k < 0)
            return bad(err, at, "'%.*s' is not KEY=VALUE with a key depth, "
                       "branching, values, agents or seed",
                       (int)(end - at > 40 ? 40 : end - at), item);
        if (seen[k])
            return bad(err, at, "%s is given twice", keys[k]);
        seen[k] = true;
        const char *v = eq + 1;
        size_t n = (size_t)(text + end - v), vat = (size_t)(v - text);
        long lo, hi;
        char roles[256];
        gs_error rerr;
        switch (k) {
        case 0:
            if (!whole(v, n, 1, 64, &sp->depth))
                return bad(err, vat, "depth must be a whole number of plies "
                           "from 1 to 64");
            break;
        case 1:
            if (!range(v, n, "-", true, 1, RANDOM_MAX_BRANCHING, &lo, &hi))
                return bad(err, vat, "branching must be N or LO-HI, whole "
                           "numbers from 1 to %d, LO <= HI",
                           RANDOM_MAX_BRANCHING);
            sp->lo_branch = lo;
            sp->hi_branch = hi;
            break;
        case 2:
            if (!range(v, n, "..", false, -RANDOM_MAX_VALUE, RANDOM_MAX_VALUE,
                       &lo, &hi) || lo == hi)
                return bad(err, vat, "values must be LO..HI, whole numbers "
                           "from %ld to %ld, LO < HI", -RANDOM_MAX_VALUE,
                           RANDOM_MAX_VALUE);
            sp->lo_value = lo;
            sp->hi_value = hi;
            break;
        case 3:
            if (n >= sizeof roles)
                n = sizeof roles - 1;
            memcpy(roles, v, n);
            roles[n] = '\0';
            for (char *p = roles; *p; p++)
                if (*p == '+')
                    *p = ' ';
                else if (*p == ' ' || *p == ',')
                    *p = '!';   /* only '+' joins roles here */
            if (gs_tree_parse_roles(roles, sp->roles, &sp->num_agents,
                                    &rerr) != GS_OK)
                return bad(err, vat + (size_t)(rerr.column > 0 ? rerr.column - 1 : 0),
                           "agents must be roles max, min or chance joined "
                           "by '+', as max+min+chance");
            break;
        default: {
            char buf[24];
            char *e;
            if (n == 0 || n >= sizeof buf || v[0] < '0' || v[0] > '9')
                return bad(err, vat, "seed must be a whole number from 0 to "
                           "18446744073709551615");
            memcpy(buf, v, n);
            buf[n] = '\0';
            errno = 0;
            unsigned long long s = strtoull(buf, &e, 10);
            if (*e || errno)
                return bad(err, vat, "seed must be a whole number from 0 to "
                           "18446744073709551615");
            sp->seed = (uint64_t)s;
        }
        }
        at = end + 1;
    }
    /* Step 2. The size, before anything is drawn. */
    double nodes = 1, level = 1;
    for (long d = 0; d < sp->depth; d++) {
        level *= (double)sp->hi_branch;
        nodes += level;
    }
    if (nodes > RANDOM_MAX_NODES)
        return bad(err, 0, "depth %ld with up to %ld children a node can make "
                   "%.0f nodes, more than %d: lower depth or branching",
                   sp->depth, sp->hi_branch, nodes, RANDOM_MAX_NODES);
    return GS_OK;
}

static uint64_t next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* A number from lo to hi, both included. */
static long draw(uint64_t *state, long lo, long hi)
{
    return lo + (long)(next(state) % (uint64_t)(hi - lo + 1));
}

typedef struct out {
    char *buf;
    size_t size, len;
} out;

static void put(out *o, const char *fmt, ...) RANDOM_PRINTF_LIKE(2, 3);

static void put(out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(o->len < o->size ? o->buf + o->len : NULL,
                      o->len < o->size ? o->size - o->len : 0, fmt, ap);
    va_end(ap);
    if (w > 0)
        o->len += (size_t)w;
}

/* Node i's name, spreadsheet style: A .. Z, AA .. ZZ, AAA ... */
static void put_name(out *o, long i)
{
    char name[8];
    int k = (int)sizeof name - 1;
    name[k] = '\0';
    for (long n = i + 1; n > 0; n = (n - 1) / 26)
        name[--k] = (char)('A' + (n - 1) % 26);
    put(o, "%s", name + k);
}

static const char *role_text(gs_role r)
{
    return r == GS_ROLE_MAX ? "max" : r == GS_ROLE_MIN ? "min" : "chance";
}

int gs_tree_random(const char *text, char *buf, size_t size, size_t *length,
                   gs_error *error)
{
    gs_error scratch;
    error = tree_error_reset(error, &scratch);
    if (!text || (!buf && size > 0)) {
        snprintf(error->message, sizeof error->message, "invalid arguments");
        return GS_EINVAL;
    }
    spec sp;
    int rc = parse_spec(text, &sp, error);
    if (rc != GS_OK)
        return rc;
    out o = {buf, size, 0};
    if (size > 0)
        buf[0] = '\0';
    bool chance = false;
    put(&o, "# gamesearch tree --random depth=%ld,branching=%ld-%ld,"
            "values=%ld..%ld,agents=", sp.depth, sp.lo_branch, sp.hi_branch,
        sp.lo_value, sp.hi_value);
    for (int i = 0; i < sp.num_agents; i++)
        put(&o, "%s%s", i ? "+" : "", role_text(sp.roles[i]));
    put(&o, ",seed=%" PRIu64 "\nagents:", sp.seed);
    for (int i = 0; i < sp.num_agents; i++) {
        put(&o, " %s", role_text(sp.roles[i]));
        chance |= sp.roles[i] == GS_ROLE_CHANCE;
    }
    put(&o, "\n");
    if (chance)   /* the values' range: alpha-beta prunes there too (Star1) */
        put(&o, "bounds: %ld %ld\n", sp.lo_value, sp.hi_value);
    uint64_t state = sp.seed;
    long count = 1, level_end = 1, ply = 0;
    for (long i = 0; i < count; i++) {
        if (i == level_end) {
            ply++;
            level_end = count;
        }
        put_name(&o, i);
        if (ply == sp.depth) {
            put(&o, " = %ld\n", draw(&state, sp.lo_value, sp.hi_value));
            continue;
        }
        long b = draw(&state, sp.lo_branch, sp.hi_branch);
        put(&o, ":");
        for (long c = 0; c < b; c++) {
            put(&o, " ");
            put_name(&o, count++);
        }
        put(&o, "\n");
    }
    if (length)
        *length = o.len;
    return GS_OK;
}

int gs_tree_random_write(const char *text, gs_write_fn write, void *user,
                         gs_error *error)
{
    size_t n;
    int rc = gs_tree_random(text, NULL, 0, &n, error);
    if (rc != GS_OK)
        return rc;
    const gs_allocator *a = gs_default_allocator();
    char *buf = a->fn(a->user, NULL, 0, n + 1);
    if (!buf)
        return GS_ENOMEM;
    gs_tree_random(text, buf, n + 1, NULL, NULL);
    rc = write(user, buf, n);
    a->fn(a->user, buf, n + 1, 0);
    return rc;
}
