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

static void axes(gs_writer *w, const scale *s, const gs_compare *c)
{
    gs_writer_printf(w, "<g font-size=\"12\" fill=\"#333\">\n");
    /* Horizontal grid lines and labels at every power of ten. */
    int step = s->decades > 12 ? 2 : 1;
    for (int e = 0; e <= s->decades; e += step) {
        char label[16];
        double y = y_of(s, e);
        decade_label(e, label, sizeof label);
        gs_writer_printf(w, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" "
               "stroke=\"#ddd\"/>\n", PLOT_LEFT, y, PLOT_RIGHT, y);
        gs_writer_printf(w, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
            PLOT_LEFT - 8, y + 4, label);
    }
    /* A tick and a label at each depth (every few on wide ranges). */
    int span = (int)(s->d1 - s->d0);
    int dstep = span > 40 ? 10 : span > 20 ? 5 : span > 12 ? 2 : 1;
    for (int d = c->options.min_depth; d <= (int)s->d1; d++) {
        if ((d - c->options.min_depth) % dstep)
            continue;
        double x = x_of(s, d);
        gs_writer_printf(w, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
               "stroke=\"#333\"/>\n", x, PLOT_BOTTOM, x, PLOT_BOTTOM + 5);
        gs_writer_printf(w, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>\n",
            x, PLOT_BOTTOM + 19, d);
    }
    gs_writer_printf(w, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
           "stroke=\"#333\"/>\n", PLOT_LEFT, PLOT_TOP, PLOT_RIGHT - PLOT_LEFT,
        PLOT_BOTTOM - PLOT_TOP);
    gs_writer_printf(w, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"13\">"
           "depth (plies)</text>\n", (PLOT_LEFT + PLOT_RIGHT) / 2,
        PLOT_BOTTOM + 42);
    gs_writer_printf(w, "<text transform=\"translate(22 %d) rotate(-90)\" "
           "text-anchor=\"middle\" font-size=\"13\">nodes searched "
           "(log scale)</text>\n</g>\n", (PLOT_TOP + PLOT_BOTTOM) / 2);
}

/* b^d and b^(d/2): straight lines on a log scale, clipped to the plot. */
static void references(gs_writer *w, const scale *s, double b)
{
    if (!(b > 1))
        return;
    static const char *const dashes[2] = {"7 4", "2 3"};
    for (int half = 0; half < 2; half++) {
        double k = half ? 0.5 : 1.0;
        gs_writer_printf(w, "<polyline class=\"reference\" points=\"%.1f,%.1f %.1f,%.1f\" "
               "fill=\"none\" stroke=\"#777\" stroke-width=\"1.5\" "
               "stroke-dasharray=\"%s\" clip-path=\"url(#plot)\"/>\n",
            x_of(s, s->d0), y_of(s, k * s->d0 * log10(b)), x_of(s, s->d1),
            y_of(s, k * s->d1 * log10(b)), dashes[half]);
    }
}

/* One algorithm's line through its finished searches, a dot at each, an
 * open circle where a search stopped at the node limit. */
static void algorithm_line(gs_writer *w, const scale *s, const gs_compare *c,
                           int algo)
{
    char name[GS_COMPARE_NAME_SIZE];
    gs_compare_algo_name(&c->options.algos[algo], name, sizeof name);
    const char *colour = colours[algo];
    gs_writer_printf(w, "<g class=\"algorithm\" data-algo=\"%s\">\n<polyline points=\"",
        name);
    int points = 0;
    for (size_t i = 0; i < c->num_rows; i++) {
        const gs_compare_row *row = &c->rows[i];
        if (row->algo != algo || row->result.stopped != GS_STOP_NONE)
            continue;
        gs_writer_printf(w, "%s%.1f,%.1f", points++ ? " " : "", x_of(s, row->depth),
            y_of(s, log10((double)row->result.nodes)));
    }
    /* Expectimax visits what minimax does: dashed, so both show. */
    bool dashed = c->options.algos[algo].algo == GS_EXPECTIMAX;
    gs_writer_printf(w, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s/>\n", colour,
        dashed ? " stroke-dasharray=\"6 4\"" : "");
    for (size_t i = 0; i < c->num_rows; i++) {
        const gs_compare_row *row = &c->rows[i];
        if (row->algo != algo)
            continue;
        bool stopped = row->result.stopped != GS_STOP_NONE;
        gs_writer_printf(w, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%s\" fill=\"%s\" "
               "stroke=\"%s\" stroke-width=\"1.5\"><title>%s, depth %d: "
               "%llu nodes%s</title></circle>\n",
            x_of(s, row->depth), y_of(s, log10((double)row->result.nodes)),
            stopped ? "4.5" : "3", stopped ? "white" : colour, colour, name,
            row->depth, (unsigned long long)row->result.nodes,
            stopped ? " (stopped at the node limit)" : "");
    }
    gs_writer_printf(w, "</g>\n");
}

/* A legend entry's sample line at (x, y), `dash` NULL for a solid one. */
static void sample(gs_writer *w, int x, int y, const char *colour,
                   const char *dash)
{
    gs_writer_printf(w, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
           "stroke-width=\"%s\"%s%s%s/>\n", x, y, x + 28, y, colour,
        dash ? "1.5" : "2", dash ? " stroke-dasharray=\"" : "",
        dash ? dash : "", dash ? "\"" : "");
}

static void legend(gs_writer *w, const gs_compare *c, double b, int bdepth)
{
    int n = c->options.num_algos;
    int x = LEGEND_LEFT, y = PLOT_TOP;
    gs_writer_printf(w, "<g class=\"legend\" font-size=\"12\" fill=\"#333\">\n"
           "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"white\" "
           "stroke=\"#bbb\"/>\n", x, y, WIDTH - x - 10, 22 * (n + 2) + 40);
    for (int i = 0; i < n; i++) {
        char name[GS_COMPARE_NAME_SIZE];
        gs_compare_algo_name(&c->options.algos[i], name, sizeof name);
        int ly = y + 20 + 22 * i;
        if (c->options.algos[i].algo == GS_EXPECTIMAX)
            gs_writer_printf(w, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
                   "stroke=\"%s\" stroke-width=\"2\" "
                   "stroke-dasharray=\"6 4\"/>\n", x + 10, ly - 4, x + 38,
                ly - 4, colours[i]);
        else
            sample(w, x + 10, ly - 4, colours[i], NULL);
        gs_writer_printf(w, "<text x=\"%d\" y=\"%d\">%s</text>\n", x + 46, ly, name);
    }
    if (b > 1) {
        int ly = y + 20 + 22 * n;
        sample(w, x + 10, ly - 4, "#777", "7 4");
        gs_writer_printf(w, "<text x=\"%d\" y=\"%d\">b<tspan dy=\"-5\" font-size=\"9\">d"
               "</tspan></text>\n", x + 46, ly);
        sample(w, x + 10, ly + 18, "#777", "2 3");
        gs_writer_printf(w, "<text x=\"%d\" y=\"%d\">b<tspan dy=\"-5\" font-size=\"9\">"
               "d/2</tspan></text>\n", x + 46, ly + 22);
        gs_writer_printf(w, "<text x=\"%d\" y=\"%d\" font-size=\"11\">b = %.2f: %s",
            x + 10, ly + 46, b, bdepth ? "minimax's" : "the root's moves");
        if (bdepth)
            gs_writer_printf(w, "</text>\n<text x=\"%d\" y=\"%d\" font-size=\"11\">"
                   "nodes<tspan dy=\"-4\" font-size=\"8\">1/%d</tspan>"
                   "<tspan dy=\"4\"> at depth %d</tspan>",
                x + 10, ly + 60, bdepth, bdepth);
        gs_writer_printf(w, "</text>\n");
    }
    gs_writer_printf(w, "</g>\n");
}

int gs_compare_svg(const gs_compare *c, const char *title,
                   gs_compare_write_fn write, void *user)
{
    if (!c || !write || c->num_rows == 0)
        return GS_EINVAL;
    gs_writer w;
    gs_writer_init(&w, write, user);
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

    gs_writer_printf(&w, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
            "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
            "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n",
        WIDTH, HEIGHT, WIDTH, HEIGHT);
    gs_writer_printf(&w, "<title>");
    out_text(&w, title ? title : "nodes searched by depth");
    gs_writer_printf(&w, "</title>\n<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n"
            "<defs><clipPath id=\"plot\"><rect x=\"%d\" y=\"%d\" "
            "width=\"%d\" height=\"%d\"/></clipPath></defs>\n",
        WIDTH, HEIGHT, PLOT_LEFT, PLOT_TOP, PLOT_RIGHT - PLOT_LEFT,
        PLOT_BOTTOM - PLOT_TOP);
    if (title) {
        gs_writer_printf(&w, "<text x=\"%d\" y=\"28\" font-size=\"15\" "
                "font-weight=\"bold\" fill=\"#222\">", PLOT_LEFT);
        out_text(&w, title);
        gs_writer_printf(&w, "</text>\n");
    }
    axes(&w, &s, c);
    references(&w, &s, b);
    for (int i = 0; i < c->options.num_algos; i++)
        algorithm_line(&w, &s, c, i);
    legend(&w, c, b, bdepth);
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
        gs_writer_puts(&w, r->stopped ? ",\"stopped\":true}" : "}");
    }
    gs_writer_puts(&w, "]}\n");
    return gs_writer_finish(&w);
}
