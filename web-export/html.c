/* html.c — escaping, the page skeleton and the SVG charts of html.h. Colours are chosen for a
 * contrast of at least 4.5:1 against their backgrounds (WCAG AA) in text and marks. */
#include "html.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The length of the valid UTF-8 sequence at s, 0 when it is not one. */
static size_t utf8_length(const unsigned char *s)
{
    if (s[0] < 0x80)
        return 1;
    size_t n = s[0] >= 0xF0 && s[0] <= 0xF4 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC2 && s[0] < 0xE0 ? 2 : 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    return n;
}

void bsk_html_text(FILE *out, const char *text)
{
    const unsigned char *s = (const unsigned char *)(text ? text : "");
    while (*s) {
        switch (*s) {
        case '&': fputs("&amp;", out); s++; continue;
        case '<': fputs("&lt;", out); s++; continue;
        case '>': fputs("&gt;", out); s++; continue;
        case '"': fputs("&quot;", out); s++; continue;
        case '\'': fputs("&#39;", out); s++; continue;
        default: break;
        }
        size_t n = utf8_length(s);
        if (n == 0) {
            fputs("\xEF\xBF\xBD", out); /* U+FFFD */
            s++;
        } else if (n == 1 && *s < 0x20 && *s != '\n' && *s != '\t') {
            fputc(' ', out); /* control characters are not allowed in HTML text */
            s++;
        } else {
            fwrite(s, 1, n, out);
            s += n;
        }
    }
}

void bsk_html_textf(FILE *out, const char *format, ...)
{
    char buffer[1024];
    va_list args;
    va_start(args, format);
    vsnprintf(buffer, sizeof buffer, format, args);
    va_end(args);
    bsk_html_text(out, buffer);
}

void bsk_html_json_string(FILE *out, const char *text)
{
    const unsigned char *s = (const unsigned char *)(text ? text : "");
    fputc('"', out);
    while (*s) {
        size_t n = utf8_length(s);
        if (n == 0) {
            fputs("\\ufffd", out);
            s++;
            continue;
        }
        if (n == 3 && s[0] == 0xE2 && s[1] == 0x80 && (s[2] == 0xA8 || s[2] == 0xA9)) {
            fprintf(out, "\\u%04x", s[2] == 0xA8 ? 0x2028 : 0x2029);
        } else if (n > 1) {
            fwrite(s, 1, n, out);
        } else if (*s == '"' || *s == '\\') {
            fprintf(out, "\\%c", *s);
        } else if (*s == '<' || *s == '>' || *s == '&' || *s < 0x20) {
            fprintf(out, "\\u%04x", *s); /* never "</script>" or "<!--" inside a script */
        } else {
            fputc(*s, out);
        }
        s += n;
    }
    fputc('"', out);
}

static const char *const STYLE =
    ":root{--ink:#1a1a1a;--muted:#4a4a4a;--line:#c8c8c8;--accent:#0b5394;--bad:#a40000;--bad-bg:#fde8e8;"
    "--good:#1e6b1e;--p1:#0b5394;--p2:#8a4b00;--bg:#ffffff;--panel:#f4f4f4}"
    "*{box-sizing:border-box}"
    "body{font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;color:var(--ink);"
    "background:var(--bg);margin:0 auto;padding:1rem 1.25rem;max-width:72rem}"
    "h1{font-size:1.5rem;margin:.2rem 0 .6rem}h2{font-size:1.15rem;margin:1.2rem 0 .5rem}"
    "a{color:var(--accent)}a:focus,button:focus,input:focus,select:focus{outline:3px solid #f2a900;"
    "outline-offset:2px}"
    "table{border-collapse:collapse;margin:.4rem 0}th,td{border-bottom:1px solid var(--line);"
    "padding:.2rem .5rem;text-align:left;vertical-align:top}td.n,th.n{text-align:right;"
    "font-variant-numeric:tabular-nums}"
    ".muted{color:var(--muted)}.bad{color:var(--bad)}.good{color:var(--good)}"
    "figure{margin:.6rem 0;display:inline-block;vertical-align:top;max-width:100%}"
    "figcaption{font-weight:600;margin-bottom:.2rem}figure svg{max-width:100%;height:auto}"
    "details.data{font-size:.85rem}details.data summary{cursor:pointer;color:var(--accent)}"
    "button{font:inherit;padding:.3rem .8rem;border:1px solid var(--accent);background:#fff;color:var(--accent);"
    "border-radius:4px;cursor:pointer}button:disabled{color:var(--muted);border-color:var(--line)}"
    ".visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);"
    "white-space:nowrap}"
    "@media print{body{max-width:none;padding:0;font-size:10.5pt}a{color:var(--ink);text-decoration:none}"
    "button,nav,.no-print,details.data{display:none}h1{font-size:15pt}h2{font-size:12pt;margin:.5rem 0 .2rem}"
    "@page{size:A4;margin:12mm}}";

void bsk_html_begin(FILE *out, const char *title, const char *css)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
          "<meta name=\"generator\" content=\"berserk export html\">\n<title>",
          out);
    bsk_html_text(out, title);
    fprintf(out, "</title>\n<style>%s%s</style>\n</head>\n<body>\n", STYLE, css ? css : "");
}

void bsk_html_end(FILE *out, const char *script)
{
    if (script && script[0])
        fprintf(out, "<script>\n%s\n</script>\n", script);
    fputs("</body>\n</html>\n", out);
}

/* ---- Charts ---- */

static void number(FILE *out, double value)
{
    if (value == floor(value) && fabs(value) < 1e15)
        fprintf(out, "%.0f", value);
    else
        fprintf(out, "%.3g", value);
}

static void figure_begin(FILE *out, const char *id, const char *title)
{
    fputs("<figure", out);
    if (id) {
        fputs(" id=\"", out);
        bsk_html_text(out, id);
        fputc('"', out);
    }
    fputs(">\n<figcaption>", out);
    bsk_html_text(out, title);
    fputs("</figcaption>\n", out);
}

void bsk_html_bar_chart(FILE *out, const char *id, const char *title, const char *unit, const bsk_html_bar *bars,
                        int count)
{
    enum { BAR = 34, GAP = 10, HEIGHT = 160, TOP = 18, BOTTOM = 34, LEFT = 8 };
    double max = 0;
    for (int i = 0; i < count; i++)
        if (bars[i].value > max)
            max = bars[i].value;
    int width = LEFT * 2 + (count > 0 ? count : 1) * (BAR + GAP);
    figure_begin(out, id, title);
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" viewBox=\"0 0 %d %d\" width=\"%d\" "
                 "height=\"%d\" aria-label=\"",
            width, TOP + HEIGHT + BOTTOM, width, TOP + HEIGHT + BOTTOM);
    bsk_html_text(out, title);
    for (int i = 0; i < count; i++) {
        bsk_html_text(out, i ? "; " : ": ");
        bsk_html_text(out, bars[i].label);
        fputc(' ', out);
        number(out, bars[i].value);
    }
    fputs("\"><title>", out);
    bsk_html_text(out, title);
    fputs("</title>\n", out);
    for (int i = 0; i < count; i++) {
        int h = max > 0 ? (int)lround(bars[i].value / max * HEIGHT) : 0;
        int x = LEFT + i * (BAR + GAP);
        fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#0b5394\"></rect>", x,
                TOP + HEIGHT - h, BAR, h);
        fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"12\" fill=\"#1a1a1a\">",
                x + BAR / 2, TOP + HEIGHT - h - 4);
        number(out, bars[i].value);
        fprintf(out, "</text><text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"12\" fill=\"#1a1a1a\">",
                x + BAR / 2, TOP + HEIGHT + 16);
        bsk_html_text(out, bars[i].label);
        fputs("</text>\n", out);
    }
    fputs("</svg>\n<details class=\"data\"><summary>Data</summary><table><thead><tr><th scope=\"col\"></th>"
          "<th scope=\"col\" class=\"n\">",
          out);
    bsk_html_text(out, unit);
    fputs("</th></tr></thead><tbody>\n", out);
    for (int i = 0; i < count; i++) {
        fputs("<tr><th scope=\"row\">", out);
        bsk_html_text(out, bars[i].label);
        fputs("</th><td class=\"n\">", out);
        number(out, bars[i].value);
        fputs("</td></tr>\n", out);
    }
    fputs("</tbody></table></details>\n</figure>\n", out);
}

/* White to the accent blue; text switches to white on dark cells for contrast. */
static void heat_colour(double v, char out[8], bool *dark)
{
    int r = (int)lround(255 + (11 - 255) * v), g = (int)lround(255 + (83 - 255) * v),
        b = (int)lround(255 + (148 - 255) * v);
    snprintf(out, 8, "#%02x%02x%02x", r & 0xff, g & 0xff, b & 0xff);
    *dark = v > 0.45;
}

void bsk_html_heat_map(FILE *out, const char *id, const char *title, const char *const *names, int n,
                       const double *cells)
{
    enum { CELL = 56, LABEL = 150, TOP = 24 };
    int size = LABEL + n * CELL;
    figure_begin(out, id, title);
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" viewBox=\"0 0 %d %d\" width=\"%d\" "
                 "height=\"%d\" aria-label=\"",
            size, TOP + n * CELL, size, TOP + n * CELL);
    bsk_html_text(out, title);
    fputs(" (rows against columns; the table below holds every value)\"><title>", out);
    bsk_html_text(out, title);
    fputs("</title>\n", out);
    for (int c = 0; c < n; c++) {
        fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"12\" fill=\"#1a1a1a\">%d</text>",
                LABEL + c * CELL + CELL / 2, TOP - 8, c + 1);
    }
    for (int r = 0; r < n; r++) {
        fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" font-size=\"12\" fill=\"#1a1a1a\">%d. ", LABEL - 6,
                TOP + r * CELL + CELL / 2 + 4, r + 1);
        char short_name[40];
        snprintf(short_name, sizeof short_name, "%s", names[r]);
        bsk_html_text(out, short_name);
        fputs("</text>\n", out);
        for (int c = 0; c < n; c++) {
            double v = cells[r * n + c];
            int x = LABEL + c * CELL, y = TOP + r * CELL;
            if (isnan(v)) {
                fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#f4f4f4\" "
                             "stroke=\"#c8c8c8\"></rect>\n",
                        x, y, CELL, CELL);
                continue;
            }
            char colour[8];
            bool dark;
            heat_colour(v < 0 ? 0 : v > 1 ? 1 : v, colour, &dark);
            fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#ffffff\"></rect>"
                         "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"13\" fill=\"%s\">%.0f%%</text>\n",
                    x, y, CELL, CELL, colour, x + CELL / 2, y + CELL / 2 + 5, dark ? "#ffffff" : "#1a1a1a", v * 100);
        }
    }
    fputs("</svg>\n<details class=\"data\"><summary>Data</summary><table><thead><tr><th scope=\"col\"></th>", out);
    for (int c = 0; c < n; c++)
        fprintf(out, "<th scope=\"col\" class=\"n\">%d</th>", c + 1);
    fputs("</tr></thead><tbody>\n", out);
    for (int r = 0; r < n; r++) {
        fprintf(out, "<tr><th scope=\"row\">%d. ", r + 1);
        bsk_html_text(out, names[r]);
        fputs("</th>", out);
        for (int c = 0; c < n; c++) {
            double v = cells[r * n + c];
            if (isnan(v))
                fputs("<td class=\"n\">—</td>", out);
            else
                fprintf(out, "<td class=\"n\">%.1f%%</td>", v * 100);
        }
        fputs("</tr>\n", out);
    }
    fputs("</tbody></table></details>\n</figure>\n", out);
}
