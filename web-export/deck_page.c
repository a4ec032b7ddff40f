/* deck_page.c — the deck page and the decks' index of deck_page.h. The page reads nothing and
 * decides nothing: the legality report and the statistics come from lib/ as `deck check` and
 * `deck stats` compute them; this lays them out (screen and one A4 page in print). Every text
 * from a file (deck name, card text as written, file name, the file's lines) is escaped. */
#include "deck_page.h"

#include "berserk/pool.h"
#include "html.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* The file's lines are listed whole up to this many; a longer file lists only the lines
 * with a problem (a hostile file can hold a million lines). */
#define SOURCE_LINES_SHOWN 500
/* Bytes of one listed line; longer ones are cut on a character boundary. */
#define SOURCE_LINE_SHOWN 240

static const char *const DECK_CSS =
    ".verdict{display:inline-block;font-weight:700;padding:.2rem .6rem;border-radius:4px;margin:.2rem 0}"
    ".verdict.legal{color:var(--good);background:#e6f3e6}.verdict.illegal{color:var(--bad);background:var(--bad-bg)}"
    ".verdict.unreadable{color:var(--bad);background:var(--bad-bg)}"
    ".meta{color:var(--muted);margin:.1rem 0}ul.top-issues{margin:.2rem 0;padding-left:1.2rem;color:var(--bad)}"
    "ul.top-issues code{color:var(--ink)}"
    ".groups{columns:2 32rem;column-gap:1.5rem}"
    "table.group{width:100%;break-inside:avoid;margin:0 0 .7rem;table-layout:fixed}"
    "table.group caption{text-align:left;font-weight:600;padding:.15rem .4rem;background:var(--panel);"
    "border-left:4px solid var(--accent)}"
    "table.group th,table.group td{padding:.12rem .35rem}"
    "th.w-count{width:2.4rem}th.w-cost{width:3.6rem}th.w-id{width:4.4rem}th.w-p{width:3.8rem}td.id{white-space:nowrap}"
    ".sub{color:var(--muted);font-size:.85em}"
    ".gold{color:#7a5300}.silver{color:#3d4a57}"
    "tr.flagged td{background:var(--bad-bg)}tr.flagged td:first-child{box-shadow:inset 4px 0 0 var(--bad)}"
    ".mark{color:var(--bad);font-weight:700}"
    "table.totals td,table.totals th{padding:.1rem .5rem}"
    ".charts{display:flex;flex-wrap:wrap;gap:0 1.5rem;align-items:flex-start}"
    "table.issues{width:100%}table.issues tr.error td:first-child{box-shadow:inset 4px 0 0 var(--bad)}"
    "table.issues tr.warning td:first-child{box-shadow:inset 4px 0 0 #8a6d00}"
    "table.source{font:13px/1.35 ui-monospace,'DejaVu Sans Mono',monospace;width:100%}"
    "table.source th{color:var(--muted);text-align:right;width:3.5rem;font-weight:400}"
    "table.source td{white-space:pre-wrap;word-break:break-word}"
    "table.source tr.flagged th,table.source tr.flagged td{background:var(--bad-bg);color:var(--bad)}"
    "table.source tr.flagged th{font-weight:700}table.source tr.warned td{background:#fff6d6}"
    "table.source td.why{font-family:system-ui,sans-serif;white-space:normal;font-size:.9em}"
    "table.decks{width:100%}table.decks tr.illegal td:first-child,table.decks tr.unreadable td:first-child"
    "{box-shadow:inset 4px 0 0 var(--bad)}"
    "@media print{body{font-size:9pt;line-height:1.25}h1{font-size:14pt;margin:0 0 .2rem}"
    "h2{font-size:10.5pt;margin:.35rem 0 .15rem}.source-listing,.screen-only{display:none}"
    ".groups{columns:2;column-gap:5mm}table.group{font-size:8pt;margin-bottom:1.5mm}"
    "table.group th,table.group td{padding:0 .25rem;border-bottom-width:.5px}th.w-p{width:3.3rem}th.w-cost{width:2.6rem}"
    "th.w-count{width:1.6rem}"
    ".opt{display:none}figure{margin:0 4mm 0 0}figure svg{max-height:3.1cm;width:auto;height:auto}figcaption{font-size:8.5pt}"
    "table.issues{font-size:8pt}table.issues th,table.issues td{padding:0 .25rem}"
    "table.totals{font-size:8pt}p{margin:.15rem 0}.verdict{padding:0 .4rem}"
    "tr.flagged td,.verdict,table.group caption{-webkit-print-color-adjust:exact;print-color-adjust:exact}}";

/* ---- Helpers ---- */

static void percent(FILE *out, double p)
{
    fprintf(out, "%.1f%%", 100.0 * p);
}

/* The base name of a path without its extension ("regs/04-late.txt" → "04-late"). */
static void base_name(const char *file, char *out, size_t out_size)
{
    const char *slash = strrchr(file, '/');
    bsk_utf8_copy(out, out_size, slash ? slash + 1 : file);
    char *dot = strrchr(out, '.');
    if (dot && dot != out)
        *dot = '\0';
}

void bsk_deck_page_title(const bsk_deck *deck, const char *file, char *out, size_t out_size)
{
    if (deck && deck->name[0])
        bsk_utf8_copy(out, out_size, deck->name);
    else
        base_name(file, out, out_size);
}

/* ---- The decklist, grouped by element and type ---- */

/* Element groups: the five elements, then cards of several elements, neutral, unknown names. */
enum { GROUP_SEVERAL = BSK_ELEMENT_COUNT, GROUP_NEUTRAL, GROUP_UNKNOWN, GROUP_COUNT };

static const char *group_title(int group)
{
    static const char *const TITLES[] = {"Plains", "Mountains", "Forests", "Swamps", "Darkness",
                                         "Several elements", "Neutral", "Unknown cards"};
    return TITLES[group];
}

static int card_group(const bsk_card *card)
{
    if (!card)
        return GROUP_UNKNOWN;
    int count = bsk_card_element_count(card);
    if (count == 0)
        return GROUP_NEUTRAL;
    if (count > 1)
        return GROUP_SEVERAL;
    for (int e = 0; e < BSK_ELEMENT_COUNT; e++)
        if (bsk_card_has_element(card, (bsk_element)e))
            return e;
    return GROUP_NEUTRAL;
}

/* One row of the decklist: a printing with its copies summed over the file's lines, or one
 * unknown entry as written. */
typedef struct deck_row {
    const bsk_card *card;
    const char *text; /* the entry as written (unknown names) */
    int count;
    int group;
    int type;
    int first_line;
} deck_row;

static int compare_rows(const void *a, const void *b)
{
    const deck_row *x = a, *y = b;
    if (x->group != y->group)
        return x->group - y->group;
    if (x->type != y->type)
        return x->type - y->type;
    if (x->card && y->card) {
        if (x->card->cost != y->card->cost)
            return x->card->cost - y->card->cost;
        int by_name = strcmp(x->card->name, y->card->name);
        if (by_name)
            return by_name;
    }
    return x->first_line - y->first_line;
}

/* Rows in display order; *count is how many. NULL when out of memory. */
static deck_row *decklist_rows(const bsk_deck *deck, size_t *count)
{
    deck_row *rows = calloc(deck->count + 1, sizeof *rows);
    *count = 0;
    if (!rows)
        return NULL;
    for (size_t i = 0; i < deck->count; i++) {
        const bsk_deck_entry *entry = &deck->entries[i];
        size_t r = 0;
        while (entry->card && r < *count && rows[r].card != entry->card)
            r++;
        if (entry->card && r < *count) {
            rows[r].count += entry->count;
            continue;
        }
        deck_row *row = &rows[(*count)++];
        row->card = entry->card;
        row->text = entry->text;
        row->count = entry->count;
        row->group = card_group(entry->card);
        row->type = entry->card ? entry->card->type : 0;
        row->first_line = entry->line ? entry->line : entry->item;
    }
    qsort(rows, *count, sizeof *rows, compare_rows);
    return rows;
}

static const bsk_deck_card_odds *odds_of(const bsk_deck_stats *stats, const bsk_card *card)
{
    for (size_t i = 0; card && i < stats->odds_count; i++)
        if (bsk_card_same_name(stats->odds[i].card, card))
            return &stats->odds[i];
    return NULL;
}

/* The first error naming this row's card (its catalogue spelling, or the text as written). */
static const bsk_deck_issue *error_of(const bsk_deck_report *report, const deck_row *row)
{
    const char *name = row->card ? row->card->name : row->text;
    for (size_t i = 0; i < report->count; i++) {
        const bsk_deck_issue *issue = &report->items[i];
        if (!issue->warning && issue->card[0] && bsk_name_equal(issue->card, name))
            return issue;
    }
    return NULL;
}

static void cost_cell(FILE *out, const bsk_card *card)
{
    if (!card) {
        fputs("<td class=\"n\">—</td>", out);
        return;
    }
    char cost[16];
    if (card->cost_x)
        snprintf(cost, sizeof cost, "X");
    else
        snprintf(cost, sizeof cost, "%d", card->cost);
    fprintf(out, "<td class=\"n %s\">%s<span aria-hidden=\"true\">%s</span><span class=\"visually-hidden\"> %s</span>"
                 "</td>",
            card->elite ? "gold" : "silver", cost, card->elite ? "◆" : "◇", card->elite ? "gold (elite)" : "silver");
}

static void row_write(FILE *out, const deck_row *row, const bsk_deck_stats *stats, const bsk_deck_report *report)
{
    const bsk_deck_issue *issue = error_of(report, row);
    fprintf(out, "<tr%s data-count=\"%d\"><td class=\"n\">%d</td><td>", issue ? " class=\"flagged\"" : "", row->count,
            row->count);
    bsk_html_text(out, row->card ? row->card->name : row->text);
    if (row->card && row->card->subtype != BSK_SUBTYPE_NONE && row->card->subtype != BSK_SUBTYPE_GROUND) {
        fputs(" <span class=\"sub\">", out);
        bsk_html_text(out, bsk_subtype_id(row->card->subtype));
        fputs("</span>", out);
    }
    if (row->card && row->card->unique == 1)
        fputs(" <span class=\"sub\">unique</span>", out);
    if (issue) {
        fputs(" <span class=\"mark\">⚠ ", out);
        bsk_html_text(out, issue->code);
        fputs("</span>", out);
    }
    fputs("</td>", out);
    cost_cell(out, row->card);
    fputs("<td class=\"opt id\">", out);
    bsk_html_text(out, row->card ? row->card->id : "—");
    fputs("</td>", out);
    const bsk_deck_card_odds *odds = odds_of(stats, row->card);
    for (int k = 0; k < 3; k++) {
        fprintf(out, "<td class=\"n%s\">", k == 2 ? " opt" : "");
        if (odds)
            percent(out, odds->at_least[k]);
        else
            fputs("—", out);
        fputs("</td>", out);
    }
    fputs("</tr>\n", out);
}

static void decklist_write(FILE *out, const bsk_deck_page *page)
{
    size_t count;
    deck_row *rows = decklist_rows(page->deck, &count);
    fprintf(out, "<section id=\"decklist\" aria-labelledby=\"decklist-heading\">\n<h2 id=\"decklist-heading\">"
                 "Decklist</h2>\n<p class=\"muted screen-only\">◆ gold: elite, ◇ silver: rank and file; P(≥k): the exact "
                 "chance of at least k copies of the name in the deal of %d.</p>\n"
                 "<div class=\"groups\">\n",
            page->stats->deal);
    for (size_t i = 0; rows && i < count;) {
        size_t end = i;
        int cards = 0;
        while (end < count && rows[end].group == rows[i].group && rows[end].type == rows[i].type)
            cards += rows[end++].count;
        fputs("<table class=\"group\"><caption>", out);
        bsk_html_text(out, group_title(rows[i].group));
        if (rows[i].card) {
            fputs(" — ", out);
            bsk_html_text(out, bsk_type_id(rows[i].type));
            fputs("s", out);
        }
        fprintf(out, " (%d)</caption>\n"
                     "<thead><tr><th scope=\"col\" class=\"n w-count\"><abbr title=\"copies\">#</abbr></th>"
                     "<th scope=\"col\">Card</th><th scope=\"col\" class=\"n w-cost\">Cost</th>"
                     "<th scope=\"col\" class=\"opt w-id\">Id</th><th scope=\"col\" class=\"n w-p\">P(≥1)</th>"
                     "<th scope=\"col\" class=\"n w-p\">P(≥2)</th><th scope=\"col\" class=\"n w-p opt\">P(≥3)</th>"
                     "</tr></thead>\n<tbody>\n",
                cards);
        for (; i < end; i++)
            row_write(out, &rows[i], page->stats, page->report);
        fputs("</tbody></table>\n", out);
    }
    free(rows);
    fputs("</div>\n</section>\n", out);
}

/* ---- Statistics and charts ---- */

static void totals_write(FILE *out, const bsk_deck_stats *stats)
{
    fputs("<table class=\"totals\"><tbody>\n<tr><th scope=\"row\">Types</th><td>", out);
    bool any = false;
    for (int t = 0; t < BSK_TYPE_COUNT; t++)
        if (stats->by_type[t]) {
            fprintf(out, "%s%s %d", any ? ", " : "", bsk_type_id(t), stats->by_type[t]);
            any = true;
        }
    fputs(any ? "" : "none", out);
    fputs("</td></tr>\n<tr><th scope=\"row\">Creatures</th><td>", out);
    any = false;
    for (int s = 1; s < BSK_SUBTYPE_COUNT; s++)
        if (stats->by_subtype[s]) {
            fprintf(out, "%s%s %d", any ? ", " : "", bsk_subtype_id(s), stats->by_subtype[s]);
            any = true;
        }
    fputs(any ? "" : "none", out);
    fprintf(out, "</td></tr>\n<tr><th scope=\"row\">Elite</th><td>%d cards, cost %d; in a deal %.2f</td></tr>\n"
                 "<tr><th scope=\"row\">Rank and file</th><td>%d cards, cost %d; in a deal %.2f</td></tr>\n"
                 "<tr><th scope=\"row\">Flyers</th><td>cost %d in all</td></tr>\n</tbody></table>\n",
            stats->elite, stats->elite_cost, stats->expected_elite_cost, stats->rank_and_file,
            stats->rank_and_file_cost, stats->expected_rank_and_file_cost, stats->flyer_cost);
}

/* The element split as horizontal bars, since its labels are words that do not fit under
 * vertical ones; accessible as html.h's charts are: role="img" with every value in its
 * aria-label, a <title>, and the values as a table. A card of two elements counts in both. */
static void element_chart(FILE *out, const bsk_deck_stats *stats)
{
    enum { ROW = 26, LABEL = 150, BAR = 200, VALUE = 40, TOP = 4 };
    /* marks against white at 3:1 or more (WCAG 1.4.11); neutral last */
    static const char *const COLOURS[BSK_ELEMENT_COUNT + 1] = {"#8a6a00", "#3d6a9e", "#2e7d32", "#5f6b2a", "#5e35b1",
                                                               "#616161"};
    static const char *const TITLE = "Elements (cards of each element)";
    int rows = 0, max = 0;
    for (int e = 0; e <= BSK_ELEMENT_COUNT; e++)
        if (stats->by_element[e]) {
            rows++;
            max = stats->by_element[e] > max ? stats->by_element[e] : max;
        }
    int width = LABEL + BAR + VALUE, height = TOP * 2 + (rows ? rows : 1) * ROW;
    fprintf(out, "<figure id=\"element-split\">\n<figcaption>%s</figcaption>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
                 "role=\"img\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" aria-label=\"%s",
            TITLE, width, height, width, height, TITLE);
    int shown = 0;
    for (int e = 0; e <= BSK_ELEMENT_COUNT; e++)
        if (stats->by_element[e])
            fprintf(out, "%s%s %d", shown++ ? "; " : ": ", bsk_element_id(e), stats->by_element[e]);
    fprintf(out, "\"><title>%s</title>\n", TITLE);
    int row = 0;
    for (int e = 0; e <= BSK_ELEMENT_COUNT; e++) {
        if (!stats->by_element[e])
            continue;
        int y = TOP + row++ * ROW, w = max ? stats->by_element[e] * BAR / max : 0;
        fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" font-size=\"12\" fill=\"#1a1a1a\">%s", LABEL - 8,
                y + ROW / 2 + 4, bsk_element_id(e));
        if (e < BSK_ELEMENT_COUNT) {
            fputs(" · ", out);
            bsk_html_text(out, bsk_element_ru(e));
        }
        fprintf(out, "</text><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"></rect>"
                     "<text x=\"%d\" y=\"%d\" font-size=\"12\" fill=\"#1a1a1a\">%d</text>\n",
                LABEL, y + 4, w, ROW - 8, COLOURS[e], LABEL + w + 5, y + ROW / 2 + 4, stats->by_element[e]);
    }
    fputs("</svg>\n<details class=\"data\"><summary>Data</summary><table><thead><tr><th scope=\"col\"></th>"
          "<th scope=\"col\" class=\"n\">cards</th></tr></thead><tbody>\n",
          out);
    for (int e = 0; e <= BSK_ELEMENT_COUNT; e++)
        if (stats->by_element[e])
            fprintf(out, "<tr><th scope=\"row\">%s</th><td class=\"n\">%d</td></tr>\n", bsk_element_id(e),
                    stats->by_element[e]);
    fputs("</tbody></table></details>\n</figure>\n", out);
}

static void charts_write(FILE *out, const bsk_deck_stats *stats)
{
    bsk_html_bar curve[BSK_STATS_MAX_COST + 1];
    char labels[BSK_STATS_MAX_COST + 1][8];
    int first = -1, last = -1;
    for (int c = 0; c <= BSK_STATS_MAX_COST; c++)
        if (stats->cost_curve[c]) {
            if (first < 0)
                first = c;
            last = c;
        }
    int bars = 0;
    for (int c = first; first >= 0 && c <= last; c++) {
        snprintf(labels[bars], sizeof labels[bars], c == BSK_STATS_MAX_COST ? "%d+" : "%d", c);
        curve[bars].label = labels[bars];
        curve[bars].value = stats->cost_curve[c];
        bars++;
    }
    fputs("<section id=\"statistics\" aria-labelledby=\"statistics-heading\">\n<h2 id=\"statistics-heading\">"
          "Cost curve and elements</h2>\n",
          out);
    if (stats->cards == 0) { /* unknown names are left out of the statistics: nothing to draw */
        fputs("<p>No card of the deck is in the catalogue: no statistics.</p>\n</section>\n", out);
        return;
    }
    fputs("<div class=\"charts\">\n", out);
    bsk_html_bar_chart(out, "cost-curve", "Cost curve (cards by cost)", "cards", curve, bars);
    element_chart(out, stats);
    fputs("<div>", out);
    totals_write(out, stats);
    fputs("</div>\n</div>\n</section>\n", out);
}

/* ---- Legality: the issues and the file's lines ---- */

static void issue_where(FILE *out, const bsk_deck_issue *issue, bool linked)
{
    if (issue->line && linked)
        fprintf(out, "<a href=\"#line-%d\">line %d</a>", issue->line, issue->line);
    else if (issue->line)
        fprintf(out, "line %d", issue->line);
    else if (issue->path[0])
        bsk_html_text(out, issue->path);
    else
        fputs("deck", out);
}

/* One file line (1-based) → whether it is shown in the listing. */
typedef struct source_lines {
    const char **start;
    size_t *length;
    size_t count;
} source_lines;

static bool split_lines(const char *data, size_t length, source_lines *lines)
{
    size_t count = 1;
    for (size_t i = 0; i < length; i++)
        count += data[i] == '\n';
    if (length && data[length - 1] == '\n')
        count--;
    lines->start = malloc((count + 1) * sizeof *lines->start);
    lines->length = malloc((count + 1) * sizeof *lines->length);
    lines->count = 0;
    if (!lines->start || !lines->length)
        return false;
    size_t at = 0;
    if (length >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0)
        at = 3; /* a BOM is no part of line 1 */
    while (lines->count < count) {
        const char *nl = memchr(data + at, '\n', length - at);
        size_t end = nl ? (size_t)(nl - data) : length;
        size_t n = end - at;
        if (n && data[at + n - 1] == '\r')
            n--;
        lines->start[lines->count] = data + at;
        lines->length[lines->count] = n;
        lines->count++;
        at = end + 1;
        if (!nl)
            break;
    }
    return true;
}

static void source_line_text(FILE *out, const char *start, size_t length)
{
    char text[SOURCE_LINE_SHOWN + 8];
    size_t n = length < SOURCE_LINE_SHOWN ? length : SOURCE_LINE_SHOWN;
    memcpy(text, start, n);
    text[n] = '\0';
    for (size_t i = 0; i < n; i++)
        if (text[i] == '\0')
            text[i] = ' ';
    if (n < length)
        bsk_utf8_trim_cut(text);
    bsk_html_text(out, text);
    if (n < length)
        fputs("…", out);
}

static bool line_has_issue(const bsk_deck_report *report, int line, bool warning)
{
    for (size_t i = 0; i < report->count; i++)
        if (report->items[i].line == line && report->items[i].warning == warning)
            return true;
    return false;
}

static void source_write(FILE *out, const bsk_deck_page *page, bool legal, const source_lines *lines)
{
    const bsk_deck_report *report = page->report;
    bool whole = lines->count <= SOURCE_LINES_SHOWN;
    fprintf(out, "<details class=\"source-listing\"%s>\n<summary>The file, line by line (%zu line%s%s)</summary>\n",
            legal ? "" : " open", lines->count, lines->count == 1 ? "" : "s",
            whole ? "" : "; only the lines with a problem are shown");
    fputs("<table class=\"source\"><caption class=\"visually-hidden\">", out);
    bsk_html_text(out, page->file);
    fputs(", every line with its number; lines with a problem are marked</caption>\n<tbody>\n", out);
    for (size_t i = 0; i < lines->count; i++) {
        int number = (int)i + 1;
        bool error = line_has_issue(report, number, false), warning = line_has_issue(report, number, true);
        if (!whole && !error && !warning)
            continue;
        fprintf(out, "<tr id=\"line-%d\"%s><th scope=\"row\">%d</th><td>", number,
                error ? " class=\"flagged\"" : warning ? " class=\"warned\"" : "", number);
        source_line_text(out, lines->start[i], lines->length[i]);
        fputs("</td><td class=\"why\">", out);
        for (size_t k = 0; k < report->count; k++) {
            const bsk_deck_issue *issue = &report->items[k];
            if (issue->line != number)
                continue;
            fputs(issue->warning ? "<span>⚠ warning " : "<span class=\"mark\">✗ ", out);
            bsk_html_text(out, issue->code);
            fputs("</span> ", out);
            bsk_html_text(out, issue->message);
            fputs(" <span class=\"muted\">[", out);
            bsk_html_text(out, issue->rule);
            fputs("]</span><br>", out);
        }
        fputs("</td></tr>\n", out);
    }
    fputs("</tbody></table>\n</details>\n", out);
}

static void legality_write(FILE *out, const bsk_deck_page *page, size_t errors, size_t warnings)
{
    const bsk_deck_report *report = page->report;
    source_lines lines = {0};
    bool listed = page->source && split_lines(page->source, page->source_length, &lines);
    fputs("<section id=\"legality\" aria-labelledby=\"legality-heading\">\n<h2 id=\"legality-heading\">Legality</h2>\n",
          out);
    fputs("<p>", out);
    if (errors == 0)
        fputs("<span class=\"good\">✓ Legal</span> in ", out);
    else
        fprintf(out, "<span class=\"bad\">✗ %zu error%s</span> in ", errors, errors == 1 ? "" : "s");
    bsk_html_text(out, page->format->name[0] ? page->format->name : page->format->id);
    fputs(" (", out);
    bsk_html_text(out, page->format->id);
    fputs(") on ", out);
    bsk_html_text(out, page->date);
    if (warnings)
        fprintf(out, "; %zu warning%s", warnings, warnings == 1 ? "" : "s");
    fputs(".</p>\n", out);
    if (report->count) {
        fputs("<table class=\"issues\"><caption class=\"visually-hidden\">Problems found, in the order of the "
              "file</caption>\n<thead><tr><th scope=\"col\">Where</th><th scope=\"col\">Code</th>"
              "<th scope=\"col\">Problem</th><th scope=\"col\">Rule</th></tr></thead>\n<tbody>\n",
              out);
        for (size_t i = 0; i < report->count; i++) {
            const bsk_deck_issue *issue = &report->items[i];
            fprintf(out, "<tr class=\"%s\"><td>", issue->warning ? "warning" : "error");
            issue_where(out, issue, listed);
            fputs("</td><td><code>", out);
            bsk_html_text(out, issue->code);
            fputs("</code></td><td>", out);
            bsk_html_text(out, issue->message);
            if (issue->suggestion_count > 1) {
                fputs(" <span class=\"muted\">(did you mean: ", out);
                for (int s = 0; s < issue->suggestion_count; s++) {
                    fputs(s ? ", " : "", out);
                    bsk_html_text(out, issue->suggestions[s]);
                }
                fputs(")</span>", out);
            }
            fputs("</td><td><code>", out);
            bsk_html_text(out, issue->rule);
            fputs("</code></td></tr>\n", out);
        }
        if (report->more)
            fprintf(out, "<tr class=\"error\"><td colspan=\"4\">… and %zu more problem%s</td></tr>\n", report->more,
                    report->more == 1 ? "" : "s");
        fputs("</tbody></table>\n", out);
    }
    if (listed)
        source_write(out, page, errors == 0, &lines);
    free(lines.start);
    free(lines.length);
    fputs("</section>\n", out);
}

/* ---- The page ---- */

/* The first errors under the verdict (on screen; the legality section below has them all). */
static void summary_write(FILE *out, const bsk_deck_report *report, bool listed)
{
    enum { SHOWN = 3 };
    size_t shown = 0, errors = 0;
    for (size_t i = 0; i < report->count; i++)
        errors += !report->items[i].warning;
    if (!errors)
        return;
    fputs("<ul class=\"top-issues screen-only\">\n", out);
    for (size_t i = 0; i < report->count && shown < SHOWN; i++) {
        const bsk_deck_issue *issue = &report->items[i];
        if (issue->warning)
            continue;
        fputs("<li>", out);
        issue_where(out, issue, listed);
        fputs(": <code>", out);
        bsk_html_text(out, issue->code);
        fputs("</code> ", out);
        bsk_html_text(out, issue->message);
        fputs("</li>\n", out);
        shown++;
    }
    if (errors + report->more > shown)
        fprintf(out, "<li><a href=\"#legality\">… %zu more</a></li>\n", errors + report->more - shown);
    fputs("</ul>\n", out);
}

void bsk_deck_page_write(FILE *out, const bsk_deck_page *page)
{
    char title[BSK_DECK_NAME_MAX + 64];
    bsk_deck_page_title(page->deck, page->file, title, sizeof title);
    size_t warnings = 0;
    for (size_t i = 0; i < page->report->count; i++)
        warnings += page->report->items[i].warning;
    size_t errors = page->report->count - warnings + page->report->more;
    int cards = bsk_deck_total(page->deck);

    char head[sizeof title + 32];
    snprintf(head, sizeof head, "%s — deck", title);
    bsk_utf8_trim_cut(head);
    bsk_html_begin(out, head, DECK_CSS);
    if (page->index_href) {
        fputs("<nav><a href=\"", out);
        bsk_html_text(out, page->index_href);
        fputs("\">← All decks</a></nav>\n", out);
    }
    fputs("<header>\n<h1 id=\"deck-name\">", out);
    bsk_html_text(out, title);
    fputs("</h1>\n<p class=\"meta\"><span id=\"deck-file\">", out);
    bsk_html_text(out, page->file);
    fprintf(out, "</span> · <span id=\"deck-cards\">%d</span> card%s · deal of %d · ", cards, cards == 1 ? "" : "s",
            page->stats->deal);
    bsk_html_text(out, page->format->id);
    fputs(" on ", out);
    bsk_html_text(out, page->date);
    fprintf(out, "</p>\n<p class=\"verdict %s\" id=\"verdict\">%s", errors ? "illegal" : "legal",
            errors ? "✗ Illegal" : "✓ Legal");
    if (errors)
        fprintf(out, ": %zu error%s", errors, errors == 1 ? "" : "s");
    fputs("</p>\n", out);
    summary_write(out, page->report, page->source != NULL);
    fputs("</header>\n<main>\n", out);
    decklist_write(out, page);
    charts_write(out, page->stats);
    legality_write(out, page, errors, warnings);
    fputs("</main>\n<footer class=\"muted screen-only\"><p>Written by <code>berserk export html deck</code>; the same "
          "checks as <code>berserk deck check</code> and <code>deck stats</code>.</p></footer>\n",
          out);
    bsk_html_end(out, NULL);
}

/* ---- The index ---- */

void bsk_deck_index_write(FILE *out, const bsk_format *format, const char *date, const bsk_deck_index_entry *entries,
                          size_t count)
{
    size_t legal = 0, illegal = 0, unreadable = 0;
    for (size_t i = 0; i < count; i++) {
        legal += entries[i].status == BSK_DECK_LEGAL;
        illegal += entries[i].status == BSK_DECK_ILLEGAL;
        unreadable += entries[i].status == BSK_DECK_UNREADABLE;
    }
    bsk_html_begin(out, "Decks — berserk", DECK_CSS);
    fprintf(out, "<header>\n<h1>Decks: %zu file%s</h1>\n<p id=\"totals\"><span class=\"good\">%zu legal</span>, "
                 "<span class=\"bad\">%zu illegal</span>, %zu unreadable · ",
            count, count == 1 ? "" : "s", legal, illegal, unreadable);
    bsk_html_text(out, format->name[0] ? format->name : format->id);
    fputs(" (", out);
    bsk_html_text(out, format->id);
    fputs(") on ", out);
    bsk_html_text(out, date);
    fputs("</p>\n</header>\n<main>\n<table class=\"decks\"><caption class=\"visually-hidden\">Every file, its deck "
          "and its verdict</caption>\n<thead><tr><th scope=\"col\" class=\"n\">#</th><th scope=\"col\">Deck</th>"
          "<th scope=\"col\">File</th><th scope=\"col\" class=\"n\">Cards</th><th scope=\"col\">Elements</th>"
          "<th scope=\"col\">Verdict</th><th scope=\"col\">First problem</th></tr></thead>\n<tbody>\n",
          out);
    for (size_t i = 0; i < count; i++) {
        const bsk_deck_index_entry *e = &entries[i];
        static const char *const CLASSES[] = {"legal", "illegal", "unreadable"};
        fprintf(out, "<tr class=\"%s\"><td class=\"n\">%zu</td><td>", CLASSES[e->status], i + 1);
        char title[BSK_DECK_NAME_MAX];
        if (e->name && e->name[0])
            bsk_utf8_copy(title, sizeof title, e->name);
        else
            base_name(e->file, title, sizeof title);
        if (e->href) {
            fputs("<a href=\"", out);
            bsk_html_text(out, e->href);
            fputs("\">", out);
            bsk_html_text(out, title);
            fputs("</a>", out);
        } else {
            bsk_html_text(out, title);
        }
        fputs("</td><td><code>", out);
        bsk_html_text(out, e->file);
        fputs("</code></td>", out);
        if (e->status == BSK_DECK_UNREADABLE)
            fputs("<td class=\"n\">—</td><td>—</td><td class=\"bad\">✗ unreadable</td><td>", out);
        else {
            fprintf(out, "<td class=\"n\">%d</td><td>", e->cards);
            bsk_html_text(out, e->elements && e->elements[0] ? e->elements : "—");
            if (e->status == BSK_DECK_LEGAL)
                fputs("</td><td class=\"good\">✓ legal", out);
            else
                fprintf(out, "</td><td class=\"bad\">✗ illegal: %d error%s", e->errors, e->errors == 1 ? "" : "s");
            if (e->warnings)
                fprintf(out, ", %d warning%s", e->warnings, e->warnings == 1 ? "" : "s");
            fputs("</td><td>", out);
        }
        bsk_html_text(out, e->problem && e->problem[0] ? e->problem : "—");
        fputs("</td></tr>\n", out);
    }
    fputs("</tbody></table>\n</main>\n<footer class=\"muted screen-only\"><p>Written by <code>berserk export html "
          "deck</code>: one page per deck, with the same checks as <code>berserk deck check</code>.</p></footer>\n",
          out);
    bsk_html_end(out, NULL);
}
