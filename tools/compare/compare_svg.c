/*
 * tools/compare/compare_svg.c: a comparison written out: drawn as an SVG
 * chart (gs_compare_svg): nodes searched against depth, on a log scale,
 * one line for each algorithm, b^d and b^(d/2) for reference, labelled
 * axes and a legend (plain SVG 1.1 with its styles inline, so that it
 * shows the same in a browser, on GitHub and in an image viewer); and as
 * the rows of text and the JSON object of `gamesearch compare`.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gamesearch/compare.h"

/*
 * The picture at type scale 1: the plot area, the legend to its right.
 * A larger type scale (for a projector) grows the type, the margins and
 * the legend with it; the plot keeps its size.
 */
enum {
    WIDTH = 760,
    HEIGHT = 460,
    PLOT_LEFT = 78,
    PLOT_TOP = 52,
    PLOT_RIGHT = 520,
    PLOT_BOTTOM = 396,
    LEGEND_LEFT = 540
};

/* The largest type scale: beyond it the legend outgrows any slide. */
#define MAX_FONT_SCALE 3.0

static const char *const colours[GS_COMPARE_MAX_ALGOS] = {
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e",
    "#9467bd", "#8c564b", "#e377c2", "#17becf",
};

/* The dashes of the second, third ... algorithm whose line is the same
 * as an earlier one's, so that each still shows over it. */
static const char *const same_dashes[] = {"6 4", "2 3", "10 3 2 3", "1 5"};

/* The picture's measures at a type scale. */
typedef struct geom {
    double f;                      /* the type scale, 1 by default */
    int width, height;
    int left, top, right, bottom;  /* the plot area */
    int legend_left, legend_width;
} geom;

static geom geom_of(double f)
{
    geom g;
    g.f = f;
    g.left = (int)(PLOT_LEFT * f);
    g.top = (int)(PLOT_TOP * f);
    g.right = g.left + (PLOT_RIGHT - PLOT_LEFT);
    g.bottom = g.top + (PLOT_BOTTOM - PLOT_TOP);
    g.legend_left = g.right + (LEGEND_LEFT - PLOT_RIGHT);
    g.legend_width = (int)((WIDTH - LEGEND_LEFT - 10) * f);
    g.width = g.legend_left + g.legend_width + 10;
    g.height = g.bottom + (int)((HEIGHT - PLOT_BOTTOM) * f);
    return g;
}

/* A font size of the picture at scale 1, at g's scale. */
static double fs(const geom *g, double size)
{
    return size * g->f;
}

/* The length of the UTF-8 character at s (at most n bytes), or 0 when the
 * bytes there are not one. */
static size_t utf8_char(const unsigned char *s, size_t n)
{
    size_t len = s[0] < 0x80 ? 1 : s[0] >= 0xc2 && s[0] <= 0xdf ? 2
               : s[0] >= 0xe0 && s[0] <= 0xef ? 3
               : s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : 0;
    if (len == 0 || len > n)
        return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xf0 && s[1] < 0x90) ||
        (s[0] == 0xf4 && s[1] > 0x8f) || (s[0] == 0xed && s[1] > 0x9f))
        return 0;   /* overlong, beyond U+10FFFF, or a surrogate */
    return len;
}

/* Writes s as XML character data: markup escaped, control characters and
 * bytes that are not UTF-8 as U+FFFD. */
static void out_text(gs_writer *w, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s);
    while (n > 0 && !w->status) {
        size_t len = utf8_char(p, n);
        if (len == 0 || (*p < 0x20 && *p != '\t') || *p == 0x7f) {
            gs_writer_printf(w, "\xef\xbf\xbd");
            len = len ? len : 1;
        } else if (*p == '&') {
            gs_writer_printf(w, "&amp;");
        } else if (*p == '<') {
            gs_writer_printf(w, "&lt;");
        } else if (*p == '>') {
            gs_writer_printf(w, "&gt;");
        } else {
            gs_writer_printf(w, "%.*s", (int)len, (const char *)p);
        }
        p += len;
        n -= len;
    }
}

/* The scales: depth to x, log10(nodes) to y. */
typedef struct scale {
    const geom *g;
    double d0, d1;      /* depths at the left and right edges */
    int decades;        /* the y axis goes from 1 to 10^decades */
    bool single;        /* one depth: drawn as bars, one per algorithm */
} scale;

static double x_of(const scale *s, double depth)
{
    return s->g->left + (depth - s->d0) / (s->d1 - s->d0) *
                            (s->g->right - s->g->left);
}

static double y_of(const scale *s, double log10_nodes)
{
    return s->g->bottom - log10_nodes / s->decades *
                              (s->g->bottom - s->g->top);
}

/* "1", "10", "100", "1k", ... "100M", "1G", ... for 10^e. */
static void decade_label(int e, char *buf, size_t size)
{
    static const char units[] = " kMGTPE";
    int u = e / 3;
    if (u > 6)
        snprintf(buf, size, "1e%d", e);
    else
        snprintf(buf, size, "%s%.*s", e % 3 == 0 ? "1"
                                      : e % 3 == 1 ? "10" : "100",
                 u > 0 ? 1 : 0, units + u);
}

static void axes(gs_writer *w, const scale *s, const gs_compare *c)
{
    const geom *g = s->g;
    gs_writer_printf(w, "<g font-size=\"%g\" fill=\"#333\">\n", fs(g, 12));
    /* Horizontal grid lines and labels at every power of ten. */
    int step = s->decades > 12 ? 2 : 1;
    for (int e = 0; e <= s->decades; e += step) {
        char label[16];
        double y = y_of(s, e);
        decade_label(e, label, sizeof label);
        gs_writer_printf(w, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" "
               "stroke=\"#ddd\"/>\n", g->left, y, g->right, y);
        gs_writer_printf(w, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
            g->left - 8, y + fs(g, 4), label);
    }
    /* A tick and a label at each depth (every few on wide ranges); one
     * depth alone is named under the middle of its bars. */
    int span = (int)(s->d1 - s->d0);
    int dstep = span > 40 ? 10 : span > 20 ? 5 : span > 12 ? 2 : 1;
    for (int d = c->options.min_depth; d <= (int)s->d1; d++) {
        if ((d - c->options.min_depth) % dstep)
            continue;
        double x = x_of(s, d);
        gs_writer_printf(w, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
               "stroke=\"#333\"/>\n", x, g->bottom, x, g->bottom + 5);
        gs_writer_printf(w, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%d</text>\n",
            x, g->bottom + fs(g, 19), d);
    }
    gs_writer_printf(w, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
           "stroke=\"#333\"/>\n", g->left, g->top, g->right - g->left,
        g->bottom - g->top);
    gs_writer_printf(w, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"%g\">"
           "depth (plies)</text>\n", (g->left + g->right) / 2,
        g->bottom + fs(g, 42), fs(g, 13));
    gs_writer_printf(w, "<text transform=\"translate(%.1f %d) rotate(-90)\" "
           "text-anchor=\"middle\" font-size=\"%g\">nodes searched "
           "(log scale)</text>\n</g>\n", fs(g, 22), (g->top + g->bottom) / 2,
           fs(g, 13));
}

/* b^d and b^(d/2): straight lines on a log scale, clipped to the plot;
 * level ones at a single depth. */
static void references(gs_writer *w, const scale *s, double b)
{
    if (!(b > 1))
        return;
    static const char *const dashes[2] = {"7 4", "2 3"};
    double mid = (s->d0 + s->d1) / 2;
    for (int half = 0; half < 2; half++) {
        double k = half ? 0.5 : 1.0;
        double from = s->single ? mid : s->d0, to = s->single ? mid : s->d1;
        gs_writer_printf(w, "<polyline class=\"reference\" points=\"%.1f,%.1f %.1f,%.1f\" "
               "fill=\"none\" stroke=\"#777\" stroke-width=\"%g\" "
               "stroke-dasharray=\"%s\" clip-path=\"url(#plot)\"/>\n",
            x_of(s, s->d0), y_of(s, k * from * log10(b)), x_of(s, s->d1),
            y_of(s, k * to * log10(b)), fs(s->g, 1.5), dashes[half]);
    }
}

/* True when algorithms a and b finished searches at the same depths and
 * each with the same nodes (and a finished one at least): their lines
 * coincide. */
static bool same_line(const gs_compare *c, int a, int b)
{
    int shared = 0;
    for (size_t i = 0; i < c->num_rows; i++) {
        const gs_compare_row *ra = &c->rows[i];
        if (ra->algo != a)
            continue;
        const gs_compare_row *rb = NULL;
        for (size_t j = 0; j < c->num_rows && !rb; j++)
            if (c->rows[j].algo == b && c->rows[j].depth == ra->depth)
                rb = &c->rows[j];
        bool fa = ra->result.stopped == GS_STOP_NONE;
        bool fb = rb && rb->result.stopped == GS_STOP_NONE;
        if (fa != fb || (fa && ra->result.nodes != rb->result.nodes))
            return false;
        shared += fa;
    }
    for (size_t j = 0; j < c->num_rows; j++)   /* b's depths a lacks */
        if (c->rows[j].algo == b && c->rows[j].result.stopped == GS_STOP_NONE) {
            bool found = false;
            for (size_t i = 0; i < c->num_rows && !found; i++)
                found = c->rows[i].algo == a && c->rows[i].depth == c->rows[j].depth;
            if (!found)
                return false;
        }
    return shared > 0;
}

/* How the lines are drawn: same[i] the first earlier algorithm whose line
 * algorithm i's coincides with (-1: none), dash[i] its dashes (NULL:
 * solid). */
typedef struct lines {
    int same[GS_COMPARE_MAX_ALGOS];
    const char *dash[GS_COMPARE_MAX_ALGOS];
} lines;

static void lines_of(const gs_compare *c, lines *l)
{
    int n = c->options.num_algos, rank[GS_COMPARE_MAX_ALGOS] = {0};
    for (int i = 0; i < n; i++) {
        l->same[i] = -1;
        l->dash[i] = NULL;
        for (int j = 0; j < i && l->same[i] < 0; j++)
            if (l->same[j] < 0 && same_line(c, j, i))
                l->same[i] = j;
        if (l->same[i] >= 0) {
            int k = rank[l->same[i]]++;
            int nd = (int)(sizeof same_dashes / sizeof *same_dashes);
            l->dash[i] = same_dashes[k < nd ? k : nd - 1];
        }
    }
}

/* True for an algorithm searched once to the end of the game (pns,
 * dfpn): its row has depth 0. */
static bool proves(const gs_compare_algo *a)
{
    return a->algo == GS_PNS || a->algo == GS_DFPN;
}

/* A proof's row, searched once to the end of the game: a level line
 * across the plot at its nodes, dotted, ending in a dot (an open circle
 * when the node limit stopped it). */
static void proof_line(gs_writer *w, const scale *s, const lines *l,
                       const char *name, const char *colour, int algo,
                       const gs_compare_row *row)
{
    const geom *g = s->g;
    bool stopped = row->result.stopped != GS_STOP_NONE;
    double y = y_of(s, log10((double)row->result.nodes));
    gs_writer_printf(w, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" "
                     "y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%g\" "
                     "stroke-dasharray=\"%s\"/>\n", g->left, y, g->right, y,
                     colour, fs(g, 2), l->dash[algo] ? l->dash[algo] : "9 3");
    gs_writer_printf(w, "<circle cx=\"%d\" cy=\"%.1f\" r=\"%g\" "
                     "fill=\"%s\" stroke=\"%s\" stroke-width=\"%g\"><title>%s, "
                     "to the end of the game: %llu nodes%s</title></circle>\n",
                     g->right, y, fs(g, stopped ? 4.5 : 3),
                     stopped ? "white" : colour, colour, fs(g, 1.5), name,
                     (unsigned long long)row->result.nodes,
                     stopped ? " (stopped at the node limit: not proved)"
                             : "");
}

/* One algorithm's line through its finished searches, a dot at each, an
 * open circle where a search stopped at the node limit; at a single
 * depth, its bar, the count written above it. A proof (depth 0) is a
 * level line (proof_line). */
static void algorithm_line(gs_writer *w, const scale *s, const gs_compare *c,
                           const lines *l, int algo)
{
    const geom *g = s->g;
    char name[GS_COMPARE_NAME_SIZE];
    gs_compare_algo_name(&c->options.algos[algo], name, sizeof name);
    const char *colour = colours[algo];
    gs_writer_printf(w, "<g class=\"algorithm\" data-algo=\"%s\">\n", name);
    if (s->single) {
        int n = c->options.num_algos;
        double slot = (double)(g->right - g->left) / n;
        double bw = slot * 0.6 < 48 * g->f ? slot * 0.6 : 48 * g->f;
        double x = g->left + slot * (algo + 0.5);
        for (size_t i = 0; i < c->num_rows; i++) {
            const gs_compare_row *row = &c->rows[i];
            if (row->algo != algo)
                continue;
            bool stopped = row->result.stopped != GS_STOP_NONE;
            char count[32];
            gs_format_count(row->result.nodes, count, sizeof count);
            double y = y_of(s, log10((double)row->result.nodes));
            gs_writer_printf(w, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" "
                   "width=\"%.1f\" height=\"%.1f\" fill=\"%s\" stroke=\"%s\" "
                   "stroke-width=\"%g\"><title>%s, depth %d: %s nodes%s</title>"
                   "</rect>\n", x - bw / 2, y, bw, g->bottom - y,
                   stopped ? "white" : colour, colour, fs(g, 1.5), name,
                   row->depth, count,
                   stopped ? " (stopped at the node limit)" : "");
            gs_writer_printf(w, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%g\" "
                   "text-anchor=\"middle\" fill=\"#333\">%s%s</text>\n", x,
                   y - fs(g, 5), fs(g, 11), count, stopped ? "+" : "");
        }
        gs_writer_printf(w, "</g>\n");
        return;
    }
    if (proves(&c->options.algos[algo])) {
        for (size_t i = 0; i < c->num_rows; i++)
            if (c->rows[i].algo == algo)
                proof_line(w, s, l, name, colour, algo, &c->rows[i]);
        gs_writer_printf(w, "</g>\n");
        return;
    }
    gs_writer_printf(w, "<polyline points=\"");
    int points = 0;
    for (size_t i = 0; i < c->num_rows; i++) {
        const gs_compare_row *row = &c->rows[i];
        if (row->algo != algo || row->result.stopped != GS_STOP_NONE)
            continue;
        gs_writer_printf(w, "%s%.1f,%.1f", points++ ? " " : "", x_of(s, row->depth),
            y_of(s, log10((double)row->result.nodes)));
    }
    gs_writer_printf(w, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"%g\"%s%s%s/>\n",
        colour, fs(g, 2), l->dash[algo] ? " stroke-dasharray=\"" : "",
        l->dash[algo] ? l->dash[algo] : "", l->dash[algo] ? "\"" : "");
    for (size_t i = 0; i < c->num_rows; i++) {
        const gs_compare_row *row = &c->rows[i];
        if (row->algo != algo)
            continue;
        bool stopped = row->result.stopped != GS_STOP_NONE;
        gs_writer_printf(w, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%g\" fill=\"%s\" "
               "stroke=\"%s\" stroke-width=\"%g\"><title>%s, depth %d: "
               "%llu nodes%s</title></circle>\n",
            x_of(s, row->depth), y_of(s, log10((double)row->result.nodes)),
            fs(g, stopped ? 4.5 : 3), stopped ? "white" : colour, colour,
            fs(g, 1.5), name, row->depth, (unsigned long long)row->result.nodes,
            stopped ? " (stopped at the node limit)" : "");
    }
    gs_writer_printf(w, "</g>\n");
}

/* A legend entry's sample line at (x, y), `dash` NULL for a solid one. */
static void sample(gs_writer *w, const geom *g, int x, double y,
                   const char *colour, const char *dash, double width)
{
    gs_writer_printf(w, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
           "stroke=\"%s\" stroke-width=\"%g\"%s%s%s/>\n", x, y, x + fs(g, 28),
        y, colour, fs(g, width), dash ? " stroke-dasharray=\"" : "",
        dash ? dash : "", dash ? "\"" : "");
}

static void legend(gs_writer *w, const geom *g, const gs_compare *c,
                   const lines *l, bool single, double b, int bdepth)
{
    int n = c->options.num_algos;
    bool stopped = false, expectimax = false;
    for (size_t i = 0; i < c->num_rows; i++)
        stopped |= c->rows[i].result.stopped != GS_STOP_NONE;
    for (int i = 0; i < n; i++)
        expectimax |= c->options.algos[i].algo == GS_EXPECTIMAX;
    /* Step 1. The height: a line an algorithm (two when its line is the
     * same as another's), the marker, the references, the note. */
    double row = fs(g, 22), small = fs(g, 15);
    double height = fs(g, 20) + row * n;
    for (int i = 0; i < n; i++)
        height += l->same[i] >= 0 ? small : 0;
    height += stopped ? row : 0;
    height += b > 1 ? 2 * row + fs(g, 38) : 0;
    height += expectimax ? 2 * small + fs(g, 4) : 0;
    int x = g->legend_left;
    double y = g->top;
    gs_writer_printf(w, "<g class=\"legend\" font-size=\"%g\" fill=\"#333\">\n"
           "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%.0f\" fill=\"white\" "
           "stroke=\"#bbb\"/>\n", fs(g, 12), x, g->top, g->legend_width, height);
    /* Step 2. The algorithms, and which line each coincides with. */
    y += fs(g, 20);
    for (int i = 0; i < n; i++) {
        char name[GS_COMPARE_NAME_SIZE];
        gs_compare_algo_name(&c->options.algos[i], name, sizeof name);
        bool proof = proves(&c->options.algos[i]);
        if (single)
            gs_writer_printf(w, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%g\" "
                   "height=\"%g\" fill=\"%s\"/>\n", x + fs(g, 16),
                   y - fs(g, 10), fs(g, 14), fs(g, 10), colours[i]);
        else
            sample(w, g, x + 10, y - fs(g, 4), colours[i],
                   l->dash[i] ? l->dash[i] : proof ? "9 3" : NULL, 2);
        gs_writer_printf(w, "<text x=\"%.1f\" y=\"%.1f\">%s%s</text>\n",
                         x + fs(g, 46), y, name,
                         proof ? " (to the end)" : "");
        if (l->same[i] >= 0) {
            char other[GS_COMPARE_NAME_SIZE];
            gs_compare_algo_name(&c->options.algos[l->same[i]], other,
                                 sizeof other);
            gs_writer_printf(w, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%g\">"
                   "same nodes as %s</text>\n", x + fs(g, 46), y + small - 1,
                   fs(g, 10), other);
            y += small;
        }
        y += row;
    }
    /* Step 3. What the open marker means, when the chart has one. */
    if (stopped) {
        if (single)
            gs_writer_printf(w, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%g\" "
                   "height=\"%g\" fill=\"white\" stroke=\"#555\" "
                   "stroke-width=\"%g\"/>\n", x + fs(g, 16), y - fs(g, 10),
                   fs(g, 14), fs(g, 10), fs(g, 1.5));
        else
            gs_writer_printf(w, "<circle class=\"marker\" cx=\"%.1f\" cy=\"%.1f\" "
                   "r=\"%g\" fill=\"white\" stroke=\"#555\" stroke-width=\"%g\"/>\n",
                   x + fs(g, 24), y - fs(g, 4), fs(g, 4.5), fs(g, 1.5));
        gs_writer_printf(w, "<text x=\"%.1f\" y=\"%.1f\">stopped at the node "
                         "limit</text>\n", x + fs(g, 46), y);
        y += row;
    }
    /* Step 4. The references. */
    if (b > 1) {
        sample(w, g, x + 10, y - fs(g, 4), "#777", "7 4", 1.5);
        gs_writer_printf(w, "<text x=\"%.1f\" y=\"%.1f\">b<tspan dy=\"%g\" "
               "font-size=\"%g\">d</tspan></text>\n", x + fs(g, 46), y,
               -fs(g, 5), fs(g, 9));
        sample(w, g, x + 10, y + row - fs(g, 4), "#777", "2 3", 1.5);
        gs_writer_printf(w, "<text x=\"%.1f\" y=\"%.1f\">b<tspan dy=\"%g\" "
               "font-size=\"%g\">d/2</tspan></text>\n", x + fs(g, 46), y + row,
               -fs(g, 5), fs(g, 9));
        y += 2 * row + fs(g, 2);
        gs_writer_printf(w, "<text x=\"%d\" y=\"%.1f\" font-size=\"%g\">b = %.2f: %s",
            x + 10, y, fs(g, 11), b, bdepth ? "minimax's" : "the root's moves");
        if (bdepth)
            gs_writer_printf(w, "</text>\n<text x=\"%d\" y=\"%.1f\" font-size=\"%g\">"
                   "nodes<tspan dy=\"%g\" font-size=\"%g\">1/%d</tspan>"
                   "<tspan dy=\"%g\"> at depth %d</tspan>",
                x + 10, y + fs(g, 14), fs(g, 11), -fs(g, 4), fs(g, 8), bdepth,
                fs(g, 4), bdepth);
        gs_writer_printf(w, "</text>\n");
        y += fs(g, 36);
    }
    /* Step 5. What expectimax's value is: not the game's. */
    if (expectimax)
        gs_writer_printf(w, "<text x=\"%d\" y=\"%.1f\" font-size=\"%g\">"
               "expectimax: MIN moves uniformly at</text>\n<text x=\"%d\" "
               "y=\"%.1f\" font-size=\"%g\">random, its value an expectation"
               "</text>\n", x + 10, y, fs(g, 10), x + 10, y + small, fs(g, 10));
    gs_writer_printf(w, "</g>\n");
}

int gs_compare_svg(const gs_compare *c, const char *title,
                   gs_compare_write_fn write, void *user)
{
    return gs_compare_svg_scaled(c, title, 1.0, write, user);
}

int gs_compare_svg_scaled(const gs_compare *c, const char *title,
                          double font_scale, gs_compare_write_fn write,
                          void *user)
{
    if (!c || !write || c->num_rows == 0 || !(font_scale >= 1) ||
        font_scale > MAX_FONT_SCALE)
        return GS_EINVAL;
    gs_writer w;
    gs_writer_init(&w, write, user);
    geom g = geom_of(font_scale);
    double top = 1;
    for (size_t i = 0; i < c->num_rows; i++)
        if ((double)c->rows[i].result.nodes > top)
            top = (double)c->rows[i].result.nodes;
    /* Depths up to the deepest search made (the others stopped before). */
    int deepest = c->options.min_depth;
    for (size_t i = 0; i < c->num_rows; i++)
        if (c->rows[i].depth > deepest)
            deepest = c->rows[i].depth;
    scale s;
    s.g = &g;
    s.d0 = c->options.min_depth;
    s.d1 = deepest;
    s.single = s.d1 <= s.d0;
    if (s.single) {
        s.d0 -= 0.5;
        s.d1 += 0.5;
    }
    s.decades = (int)ceil(log10(top) - 1e-9);
    if (s.decades < 1)
        s.decades = 1;
    if (s.single && log10(top) > s.decades - 0.15)
        s.decades++;   /* room for the count above the highest bar */
    int bdepth;
    double b = gs_compare_branching(c, &bdepth);
    lines l;
    lines_of(c, &l);

    gs_writer_printf(&w, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
            "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
            "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n",
        g.width, g.height, g.width, g.height);
    gs_writer_printf(&w, "<title>");
    out_text(&w, title ? title : "nodes searched by depth");
    gs_writer_printf(&w, "</title>\n<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n"
            "<defs><clipPath id=\"plot\"><rect x=\"%d\" y=\"%d\" "
            "width=\"%d\" height=\"%d\"/></clipPath></defs>\n",
        g.width, g.height, g.left, g.top, g.right - g.left, g.bottom - g.top);
    if (title) {
        gs_writer_printf(&w, "<text x=\"%d\" y=\"%.1f\" font-size=\"%g\" "
                "font-weight=\"bold\" fill=\"#222\">", g.left, fs(&g, 28),
                fs(&g, 15));
        out_text(&w, title);
        gs_writer_printf(&w, "</text>\n");
    }
    axes(&w, &s, c);
    references(&w, &s, b);
    for (int i = 0; i < c->options.num_algos; i++)
        algorithm_line(&w, &s, c, &l, i);
    legend(&w, &g, c, &l, s.single, b, bdepth);
    gs_writer_printf(&w, "</svg>\n");
    return gs_writer_finish(&w);
}

/* ---- Text and JSON ---- */

const char *gs_compare_text_header(void)
{
    return "depth  algorithm                       nodes       leaves         "
           "ms     ebf        value  best\n";
}

size_t gs_compare_row_text(const gs_compare_options *o,
                           const gs_compare_row *row, char *buf, size_t size)
{
    const gs_result *r = &row->result;
    char name[GS_COMPARE_NAME_SIZE], value[GS_NUMBER_SIZE] = "stopped",
         nodes[32], leaves[32], depth[16], ebf[16];
    bool proof = proves(&o->algos[row->algo]);
    if (!r->stopped)
        gs_format_value(r->value, value);
    if (proof)   /* (the outcome for MAX, proved or not) */
        snprintf(value, sizeof value, "%s", r->stopped ? "not proved"
                 : r->value > 0 ? "win" : r->value < 0 ? "loss" : "draw");
    gs_format_count(r->nodes, nodes, sizeof nodes);
    gs_format_count(r->leaves, leaves, sizeof leaves);
    snprintf(depth, sizeof depth, proof ? "end" : "%d", row->depth);
    snprintf(ebf, sizeof ebf, proof ? "-" : "%.2f",
             gs_compare_ebf(r->nodes, row->depth));
    int n = snprintf(buf, size, "%5s  %-24s %12s %12s %10.3f %7s %12s  %s\n",
                     depth, gs_compare_algo_name(&o->algos[row->algo],
                                                 name, sizeof name),
                     nodes, leaves, r->seconds * 1e3, ebf, value,
                     r->stopped || !*row->best ? "-" : row->best);
    return n > 0 ? (size_t)n : 0;
}

int gs_compare_json_write(const gs_compare *c, const char *game,
                          const char *position, gs_write_fn write, void *user)
{
    if (!c || !game || !position || !write)
        return GS_EINVAL;
    gs_writer w;
    gs_writer_init(&w, write, user);
    gs_writer_puts(&w, "{\"game\":");
    gs_json_string(game, gs_writer_put, &w);
    gs_writer_puts(&w, ",\"position\":");
    gs_json_string(position, gs_writer_put, &w);
    gs_writer_puts(&w, ",\"branching\":");
    gs_json_number(gs_compare_branching(c, NULL), gs_writer_put, &w);
    gs_writer_puts(&w, ",\"rows\":[");
    for (size_t i = 0; i < c->num_rows; i++) {
        const gs_compare_row *row = &c->rows[i];
        const gs_result *r = &row->result;
        char name[GS_COMPARE_NAME_SIZE];
        gs_writer_printf(&w, "%s{\"algo\":\"%s\",\"depth\":%d,\"nodes\":%"
                         PRIu64 ",\"leaves\":%" PRIu64 ",\"seconds\":",
                         i ? "," : "",
                         gs_compare_algo_name(&c->options.algos[row->algo],
                                              name, sizeof name),
                         row->depth, r->nodes, r->leaves);
        gs_json_number(r->seconds, gs_writer_put, &w);
        gs_writer_puts(&w, ",\"ebf\":");
        gs_json_number(gs_compare_ebf(r->nodes, row->depth), gs_writer_put, &w);
        gs_writer_puts(&w, ",\"value\":");
        gs_json_number(r->stopped ? NAN : r->value, gs_writer_put, &w);
        gs_writer_puts(&w, ",\"best\":");
        if (*row->best)
            gs_json_string(row->best, gs_writer_put, &w);
        else
            gs_writer_puts(&w, "null");
        if (proves(&c->options.algos[row->algo])) {
            gs_writer_puts(&w, r->stopped ? ",\"proved\":false"
                                          : ",\"proved\":true");
            if (!r->stopped)
                gs_writer_puts(&w, r->value > 0 ? ",\"result\":\"win\""
                                   : r->value < 0 ? ",\"result\":\"loss\""
                                                  : ",\"result\":\"draw\"");
        }
        gs_writer_puts(&w, r->stopped ? ",\"stopped\":true}" : "}");
    }
    gs_writer_puts(&w, "]}\n");
    return gs_writer_finish(&w);
}
