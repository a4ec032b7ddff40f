/* html.h — what every page of `berserk export html` shares (DESIGN §6, issue 14): escaping of
 * untrusted text (card and deck names), the HTML5 page skeleton with one stylesheet (screen and
 * print), data embedded for scripts, and accessible inline SVG charts (role="img", aria-label, a
 * <title> and a data table as the text alternative). Pages are self-contained: no network. */
#ifndef BERSERK_WEB_HTML_H
#define BERSERK_WEB_HTML_H

#include <stdbool.h>
#include <stdio.h>

/* Text for HTML content or a quoted attribute value: & < > " ' escaped, invalid UTF-8 replaced. */
void bsk_html_text(FILE *out, const char *text);
void bsk_html_textf(FILE *out, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* A JSON string literal safe inside <script> (also "</" and U+2028/2029 escaped). */
void bsk_html_json_string(FILE *out, const char *text);

/* <!DOCTYPE html> … <body>: lang, charset, viewport, the title (escaped), the common stylesheet
 * and `css` (NULL: none) for the page's own rules. */
void bsk_html_begin(FILE *out, const char *title, const char *css);
/* The page's inline script (NULL: none), then </body></html>. */
void bsk_html_end(FILE *out, const char *script);

/* One bar of a chart. */
typedef struct bsk_html_bar {
    const char *label; /* under the bar (escaped) */
    double value;
} bsk_html_bar;

/* A bar chart as a <figure>: an inline SVG with role="img" and aria-label `title`, its <title>,
 * a <figcaption>, and the values as a table (the text alternative). `unit` names the values
 * ("cards", "games"); `id` is the figure's id attribute (NULL: none). */
void bsk_html_bar_chart(FILE *out, const char *id, const char *title, const char *unit, const bsk_html_bar *bars,
                        int count);

/* A heat map of values 0..1 (NaN: no value, drawn empty) as a <figure>: rows and columns both
 * named by `names` (n of them), cells[row * n + column], each cell's value written in it, with an
 * aria-label and the same values as a table. */
void bsk_html_heat_map(FILE *out, const char *id, const char *title, const char *const *names, int n,
                       const double *cells);

#endif
