/*
 * games/compare/compare_svg.c: a comparison written out: drawn as an SVG
 * chart (gs_compare_svg): nodes searched against depth, on a log scale,
 * one line for each algorithm, b^d and b^(d/2) for reference, labelled
 * axes and a legend (plain SVG 1.1 with its styles inline, so that it
 * shows the same in a browser, on GitHub and in an image viewer); and as
 * the rows of text and the JSON object of `gamesearch compare`.
 */
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gamesearch/compare.h"

/* The picture: the plot area, the legend to its right. */
enum {
    WIDTH = 760,
    HEIGHT = 460,
    PLOT_LEFT = 78,
    PLOT_TOP = 52,
    PLOT_RIGHT = 520,
    PLOT_BOTTOM = 396,
    LEGEND_LEFT = 540
};

static const char *const colours[GS_COMPARE_MAX_ALGOS] = {
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e",
    "#9467bd", "#8c564b", "#e377c2", "#17becf",
};

typedef struct writer {
    gs_compare_write_fn write;
    void *user;
    int status;
} writer;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void out(writer *w, const char *fmt, ...)
{
    if (w->status)
        return;
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    size_t len = (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1;
    w->status = w->write(w->user, buf, len);
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
static void out_text(writer *w, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s);
    while (n > 0 && !w->status) {
        size_t len = utf8_char(p, n);
        if (len == 0 || (*p < 0x20 && *p != '\t') || *p == 0x7f) {
            out(w, "\xef\xbf\xbd");
            len = len ? len : 1;
        } else if (*p == '&') {
            out(w, "&amp;");
        } else if (*p == '<') {
            out(w, "&lt;");
        } else if (*p == '>') {
            out(w, "&gt;");
        } else {
            out(w, "%.*s", (int)len, (const char *)p);
        }
        p += len;
        n -= len;
    }
}

/* The scales: depth to x, log10(nodes) to y. */
typedef struct scale {
    double d0, d1;      /* depths at the left and right edges */
    int decades;        /* the y axis goes from 1 to 10^decades */
} scale;

static double x_of(const scale *s, double depth)
{
    return PLOT_LEFT + (depth - s->d0) / (s->d1 - s->d0) *
                           (PLOT_RIGHT - PLOT_LEFT);
}

static double y_of(const scale *s, double log10_nodes)
{
    return PLOT_BOTTOM - log10_nodes / s->decades * (PLOT_BOTTOM - PLOT_TOP);
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

static void axes(writer *w, const scale *s, const gs_compare *c)
{
    out(w, "<g font-size=\"12\" fill=\"#333\">\n");
    /* Horizontal grid lines and labels at every power of ten. */
    int step = s->decades > 12 ? 2 : 1;
    for (int e = 0; e <= s->decades; e += step) {
        char label[16];
        double y = y_of(s, e);
        decade_label(e, label, sizeof label);
        out(w, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" "
               "stroke=\"#ddd\"/>\n", PLOT_LEFT, y, PLOT_RIGHT, y);
        out(w, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
            PLOT_LEFT - 8, y + 4, label);
    }
    /* A tick and a label at each depth (every few on wide ranges). */
    int span = (int)(s->d1 - s->d0);
    int dstep = span > 40 ? 10 : span > 20 ? 5 : span > 12 ? 2 : 1;
    for (int d = c->options.min_depth; d <= (int)s->d1; d++) {
        if ((d - c->options.min_depth) % dstep)
            continue;
        double x = x_of(s, d);
        out(w, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
               "stroke=\"#333\"/>\n", x, PLOT_BOTTOM, x, PLOT_BOTTOM + 5);
        out(w, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>\n",
            x, PLOT_BOTTOM + 19, d);
    }
    out(w, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
           "stroke=\"#333\"/>\n", PLOT_LEFT, PLOT_TOP, PLOT_RIGHT - PLOT_LEFT,
        PLOT_BOTTOM - PLOT_TOP);
    out(w, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"13\">"
           "depth (plies)</text>\n", (PLOT_LEFT + PLOT_RIGHT) / 2,
        PLOT_BOTTOM + 42);
    out(w, "<text transform=\"translate(22 %d) rotate(-90)\" "
           "text-anchor=\"middle\" font-size=\"13\">nodes searched "
           "(log scale)</text>\n</g>\n", (PLOT_TOP + PLOT_BOTTOM) / 2);
}

/* b^d and b^(d/2): straight lines on a log scale, clipped to the plot. */
static void references(writer *w, const scale *s, double b)
{
    if (!(b > 1))
        return;
    static const char *const dashes[2] = {"7 4", "2 3"};
    for (int half = 0; half < 2; half++) {
        double k = half ? 0.5 : 1.0;
        out(w, "<polyline class=\"reference\" points=\"%.1f,%.1f %.1f,%.1f\" "
               "fill=\"none\" stroke=\"#777\" stroke-width=\"1.5\" "
               "stroke-dasharray=\"%s\" clip-path=\"url(#plot)\"/>\n",
            x_of(s, s->d0), y_of(s, k * s->d0 * log10(b)), x_of(s, s->d1),
            y_of(s, k * s->d1 * log10(b)), dashes[half]);
    }
}

/* One algorithm's line through its finished searches, a dot at each, an
 * open circle where a search stopped at the node limit. */
static void algorithm_line(writer *w, const scale *s, const gs_compare *c,
                           int algo)
{
    char name[GS_COMPARE_NAME_SIZE];
    gs_compare_algo_name(&c->options.algos[algo], name, sizeof name);
    const char *colour = colours[algo];
    out(w, "<g class=\"algorithm\" data-algo=\"%s\">\n<polyline points=\"",
        name);
    int points = 0;
    for (size_t i = 0; i < c->num_rows; i++) {
        const gs_compare_row *row = &c->rows[i];
        if (row->algo != algo || row->result.stopped != GS_STOP_NONE)
            continue;
        out(w, "%s%.1f,%.1f", points++ ? " " : "", x_of(s, row->depth),
            y_of(s, log10((double)row->result.nodes)));
    }
    /* Expectimax visits what minimax does: dashed, so both show. */
    bool dashed = c->options.algos[algo].algo == GS_EXPECTIMAX;
    out(w, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s/>\n", colour,
        dashed ? " stroke-dasharray=\"6 4\"" : "");
    for (size_t i = 0; i < c->num_rows; i++) {
        const gs_compare_row *row = &c->rows[i];
        if (row->algo != algo)
            continue;
        bool stopped = row->result.stopped != GS_STOP_NONE;
        out(w, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%s\" fill=\"%s\" "
               "stroke=\"%s\" stroke-width=\"1.5\"><title>%s, depth %d: "
               "%llu nodes%s</title></circle>\n",
            x_of(s, row->depth), y_of(s, log10((double)row->result.nodes)),
            stopped ? "4.5" : "3", stopped ? "white" : colour, colour, name,
            row->depth, (unsigned long long)row->result.nodes,
            stopped ? " (stopped at the node limit)" : "");
    }
    out(w, "</g>\n");
}

/* A legend entry's sample line at (x, y), `dash` NULL for a solid one. */
static void sample(writer *w, int x, int y, const char *colour,
                   const char *dash)
{
    out(w, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
           "stroke-width=\"%s\"%s%s%s/>\n", x, y, x + 28, y, colour,
        dash ? "1.5" : "2", dash ? " stroke-dasharray=\"" : "",
        dash ? dash : "", dash ? "\"" : "");
}

static void legend(writer *w, const gs_compare *c, double b, int bdepth)
{
    int n = c->options.num_algos;
    int x = LEGEND_LEFT, y = PLOT_TOP;
    out(w, "<g class=\"legend\" font-size=\"12\" fill=\"#333\">\n"
           "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"white\" "
           "stroke=\"#bbb\"/>\n", x, y, WIDTH - x - 10, 22 * (n + 2) + 40);
    for (int i = 0; i < n; i++) {
        char name[GS_COMPARE_NAME_SIZE];
        gs_compare_algo_name(&c->options.algos[i], name, sizeof name);
        int ly = y + 20 + 22 * i;
        if (c->options.algos[i].algo == GS_EXPECTIMAX)
            out(w, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
                   "stroke=\"%s\" stroke-width=\"2\" "
                   "stroke-dasharray=\"6 4\"/>\n", x + 10, ly - 4, x + 38,
                ly - 4, colours[i]);
        else
            sample(w, x + 10, ly - 4, colours[i], NULL);
        out(w, "<text x=\"%d\" y=\"%d\">%s</text>\n", x + 46, ly, name);
    }
    if (b > 1) {
        int ly = y + 20 + 22 * n;
        sample(w, x + 10, ly - 4, "#777", "7 4");
        out(w, "<text x=\"%d\" y=\"%d\">b<tspan dy=\"-5\" font-size=\"9\">d"
               "</tspan></text>\n", x + 46, ly);
        sample(w, x + 10, ly + 18, "#777", "2 3");
        out(w, "<text x=\"%d\" y=\"%d\">b<tspan dy=\"-5\" font-size=\"9\">"
               "d/2</tspan></text>\n", x + 46, ly + 22);
        out(w, "<text x=\"%d\" y=\"%d\" font-size=\"11\">b = %.2f: %s",
            x + 10, ly + 46, b, bdepth ? "minimax's" : "the root's moves");
        if (bdepth)
            out(w, "</text>\n<text x=\"%d\" y=\"%d\" font-size=\"11\">"
                   "nodes<tspan dy=\"-4\" font-size=\"8\">1/%d</tspan>"
                   "<tspan dy=\"4\"> at depth %d</tspan>",
                x + 10, ly + 60, bdepth, bdepth);
        out(w, "</text>\n");
    }
    out(w, "</g>\n");
}

int gs_compare_svg(const gs_compare *c, const char *title,
                   gs_compare_write_fn write, void *user)
{
    if (!c || !write || c->num_rows == 0)
        return GS_EINVAL;
    writer w = {write, user, 0};
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
    s.d0 = c->options.min_depth;
    s.d1 = deepest;
    if (s.d1 <= s.d0) {
        s.d0 -= 0.5;
        s.d1 += 0.5;
    }
    s.decades = (int)ceil(log10(top) - 1e-9);
    if (s.decades < 1)
        s.decades = 1;
    int bdepth;
    double b = gs_compare_branching(c, &bdepth);

    out(&w, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
            "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
            "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n",
        WIDTH, HEIGHT, WIDTH, HEIGHT);
    out(&w, "<title>");
    out_text(&w, title ? title : "nodes searched by depth");
    out(&w, "</title>\n<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n"
            "<defs><clipPath id=\"plot\"><rect x=\"%d\" y=\"%d\" "
            "width=\"%d\" height=\"%d\"/></clipPath></defs>\n",
        WIDTH, HEIGHT, PLOT_LEFT, PLOT_TOP, PLOT_RIGHT - PLOT_LEFT,
        PLOT_BOTTOM - PLOT_TOP);
    if (title) {
        out(&w, "<text x=\"%d\" y=\"28\" font-size=\"15\" "
                "font-weight=\"bold\" fill=\"#222\">", PLOT_LEFT);
        out_text(&w, title);
        out(&w, "</text>\n");
    }
    axes(&w, &s, c);
    references(&w, &s, b);
    for (int i = 0; i < c->options.num_algos; i++)
        algorithm_line(&w, &s, c, i);
    legend(&w, c, b, bdepth);
    out(&w, "</svg>\n");
    return w.status;
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
         nodes[32], leaves[32];
    if (!r->stopped)
        gs_format_value(r->value, value);
    gs_format_count(r->nodes, nodes, sizeof nodes);
    gs_format_count(r->leaves, leaves, sizeof leaves);
    int n = snprintf(buf, size, "%5d  %-24s %12s %12s %10.3f %7.2f %12s  %s\n",
                     row->depth, gs_compare_algo_name(&o->algos[row->algo],
                                                      name, sizeof name),
                     nodes, leaves, r->seconds * 1e3,
                     gs_compare_ebf(r->nodes, row->depth), value,
                     r->stopped || !*row->best ? "-" : row->best);
    return n > 0 ? (size_t)n : 0;
}

static int json_text(writer *w, const char *s)
{
    if (!w->status)
        w->status = gs_json_string(s, w->write, w->user);
    return w->status;
}

static int json_number(writer *w, double v)
{
    if (!w->status)
        w->status = gs_json_number(v, w->write, w->user);
    return w->status;
}

int gs_compare_json_write(const gs_compare *c, const char *game,
                          const char *position, gs_write_fn write, void *user)
{
    if (!c || !game || !position || !write)
        return GS_EINVAL;
    writer w = {write, user, 0};
    out(&w, "{\"game\":");
    json_text(&w, game);
    out(&w, ",\"position\":");
    json_text(&w, position);
    out(&w, ",\"branching\":");
    json_number(&w, gs_compare_branching(c, NULL));
    out(&w, ",\"rows\":[");
    for (size_t i = 0; i < c->num_rows; i++) {
        const gs_compare_row *row = &c->rows[i];
        const gs_result *r = &row->result;
        char name[GS_COMPARE_NAME_SIZE];
        out(&w, "%s{\"algo\":\"%s\",\"depth\":%d,\"nodes\":%" PRIu64
            ",\"leaves\":%" PRIu64 ",\"seconds\":", i ? "," : "",
            gs_compare_algo_name(&c->options.algos[row->algo], name,
                                 sizeof name),
            row->depth, r->nodes, r->leaves);
        json_number(&w, r->seconds);
        out(&w, ",\"ebf\":");
        json_number(&w, gs_compare_ebf(r->nodes, row->depth));
        out(&w, ",\"value\":");
        json_number(&w, r->stopped ? NAN : r->value);
        out(&w, ",\"best\":");
        if (*row->best)
            json_text(&w, row->best);
        else
            out(&w, "null");
        out(&w, r->stopped ? ",\"stopped\":true}" : "}");
    }
    out(&w, "]}\n");
    return w.status;
}
