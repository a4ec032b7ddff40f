/* sim_page.c — the simulation report page (sim_page.h). A reader checks every field the page shows
 * as the page is drawn and keeps the first problem with its JSON path (later reads return harmless
 * defaults, and the caller throws the text away); the sections are: the run, the results (win rates
 * with Wilson intervals), the statistics (mean, interval, percentiles) with their histograms, and
 * each kind's tables (cards, plain features, the matrix as a heat map and its pairs), and each deck's
 * notes (not legal in the format, cards that do not run as printed). formats/sim_report.c, the
 * report's codec the CLI writes with, is its one reader: the checks `sim merge` makes of a report
 * (run first), the field readers with their JSON paths, the STATs and the Wilson intervals. */
#include "sim_page.h"
#include "sim_report.h"

#include "html.h"
#include "json_reader.h"

#include "berserk/pool.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- The page being drawn ---- */

typedef struct page {
    FILE *out;
    const char *file;
    bsk_report_fields in; /* formats/sim_report.c's reader: the first problem, with its JSON path */
} page;

enum { CHART_BARS_MAX = 40 };

/* ---- Statistics (DESIGN §4 STAT) ---- */

/* A STAT as the report wrote it, read by formats/sim_report.c (the report's one codec). */
typedef bsk_stat_shown stat;

/* Reads the STAT at `key` of `object` (null: empty). The caller frees s->buckets. */
static void read_stat(page *p, const json_t *object, const char *key, stat *s)
{
    memset(s, 0, sizeof *s);
    if (bsk_report_failed(&p->in))
        return;
    p->in.status = bsk_stat_read(&p->in.reader, object, key, s);
}

static void format_value(char *out, size_t size, double value, bool tenths)
{
    snprintf(out, size, tenths ? "%.1f" : "%.0f", value);
}

/* The histogram as a bar chart: every value between the smallest and the largest (gaps drawn as
 * zero) when they are at most CHART_BARS_MAX steps apart, else bins of 2, 5, 10, 20, … steps
 * aligned on their width, each labelled by its lowest value (the title says the width). */
static void histogram_chart(page *p, const char *id, const char *title, const char *unit, const stat *s)
{
    if (s->bucket_count == 0) {
        fputs("<p class=\"muted\">", p->out);
        bsk_html_text(p->out, title);
        fputs(": no values.</p>\n", p->out);
        return;
    }
    double step = s->tenths ? 0.1 : 1.0;
    long low = lround(s->buckets[0].value / step), high = lround(s->buckets[s->bucket_count - 1].value / step);
    long width = 1; /* steps per bar */
    if (high - low + 1 > CHART_BARS_MAX) {
        static const long nice[] = {2, 5, 10};
        for (long scale = 1; (high - low) / width + 1 > 30; scale *= 10)
            for (int k = 0; k < 3 && (high - low) / width + 1 > 30; k++)
                width = nice[k] * scale;
    }
    long first = low >= 0 ? low / width * width : -((-low + width - 1) / width) * width;
    int bars = (int)((high - first) / width + 1);
    bsk_html_bar *list = calloc((size_t)bars, sizeof *list);
    char(*labels)[24] = calloc((size_t)bars, sizeof *labels);
    if (!list || !labels) {
        free(list);
        free(labels);
        if (!bsk_report_failed(&p->in))
            p->in.status = bsk_error_set(p->in.reader.error, BSK_ERR_NOMEM, "sim.memory", "out of memory");
        return;
    }
    for (int i = 0; i < bars; i++) {
        format_value(labels[i], sizeof labels[i], (double)(first + i * width) * step, s->tenths);
        list[i].label = labels[i];
    }
    for (int b = 0; b < s->bucket_count; b++) {
        long at = (lround(s->buckets[b].value / step) - first) / width;
        list[at < 0 ? 0 : at >= bars ? bars - 1 : at].value += (double)s->buckets[b].count;
    }
    char full[160], size[24];
    format_value(size, sizeof size, (double)width * step, s->tenths && width % 10 != 0);
    if (width > 1)
        snprintf(full, sizeof full, "%s, in bins of %s", title, size);
    else
        snprintf(full, sizeof full, "%s", title);
    bsk_html_bar_chart(p->out, id, full, unit, list, bars);
    free(list);
    free(labels);
}

/* One statistic: its row of the table (the chart comes later, from the same stat). */
static void stat_row(page *p, const char *title, const stat *s)
{
    char text[3][24];
    for (int i = 0; i < 3; i++)
        snprintf(text[i], sizeof text[i], "%g", s->percentile[i]);
    fputs("<tr><th scope=\"row\">", p->out);
    bsk_html_text(p->out, title);
    if (s->empty) {
        fputs("</th><td colspan=\"5\" class=\"muted\">no values (no games)</td></tr>\n", p->out);
        return;
    }
    fprintf(p->out,
            "</th><td class=\"n\">%.2f</td><td class=\"n\">%.2f – %.2f</td><td class=\"n\">%s</td>"
            "<td class=\"n\">%s</td><td class=\"n\">%s</td></tr>\n",
            s->mean, s->low, s->high, text[0], text[1], text[2]);
}

typedef struct stat_spec {
    const char *key;
    const char *title;
    const char *unit; /* the histogram's counted items */
} stat_spec;

/* The statistics table and each one's histogram. */
static void stats_section(page *p, const json_t *root, const stat_spec *specs, int count, const char *note)
{
    stat *stats = calloc((size_t)count, sizeof *stats);
    if (!stats) {
        if (!bsk_report_failed(&p->in))
            p->in.status = bsk_error_set(p->in.reader.error, BSK_ERR_NOMEM, "sim.memory", "out of memory");
        return;
    }
    for (int i = 0; i < count; i++)
        read_stat(p, root, specs[i].key, &stats[i]);
    fputs("<section aria-labelledby=\"statistics\">\n<h2 id=\"statistics\">Statistics</h2>\n", p->out);
    if (note) {
        fputs("<p class=\"muted\">", p->out);
        bsk_html_text(p->out, note);
        fputs("</p>\n", p->out);
    }
    fputs("<table id=\"stats\"><caption class=\"visually-hidden\">Means with their 95 % intervals and percentiles"
          "</caption><thead><tr><th scope=\"col\">statistic</th><th scope=\"col\" class=\"n\">mean</th>"
          "<th scope=\"col\" class=\"n\">95 % interval of the mean</th><th scope=\"col\" class=\"n\">5 %</th>"
          "<th scope=\"col\" class=\"n\">median</th><th scope=\"col\" class=\"n\">95 %</th></tr></thead><tbody>\n",
          p->out);
    for (int i = 0; i < count; i++)
        stat_row(p, specs[i].title, &stats[i]);
    fputs("</tbody></table>\n<h3>Histograms</h3>\n<div class=\"charts\">\n", p->out);
    for (int i = 0; i < count && !bsk_report_failed(&p->in); i++) {
        char id[64];
        snprintf(id, sizeof id, "histogram-%s", specs[i].key);
        histogram_chart(p, id, specs[i].title, specs[i].unit, &stats[i]);
    }
    fputs("</div>\n</section>\n", p->out);
    for (int i = 0; i < count; i++)
        free(stats[i].buckets);
    free(stats);
}

/* ---- Shared pieces ---- */

static void percent(FILE *out, double rate)
{
    if (isnan(rate))
        fputs("—", out); /* no games: no rate */
    else
        fprintf(out, "%.1f%%", 100 * rate);
}

static void interval(FILE *out, const double ci[2])
{
    fprintf(out, "%.1f%% – %.1f%%", 100 * ci[0], 100 * ci[1]);
}

/* The last part of a path, without its directory ("examples/06-elfy.txt" → "06-elfy.txt"). */
static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash && slash[1] ? slash + 1 : path;
}

/* A deck's label in the heat map: the file's name without directory and extension, at most 16
 * characters (the list above it numbers the full paths the same way). */
static void short_label(const char *path, char *out, size_t size)
{
    const char *base = base_name(path), *dot = strrchr(base, '.');
    size_t length = dot && dot > base ? (size_t)(dot - base) : strlen(base);
    size_t used = 0;
    int characters = 0;
    while (used < length && used + 8 < size) {
        if (((unsigned char)base[used] & 0xC0) != 0x80 && characters++ == 15) {
            memcpy(out + used, "…", sizeof "…");
            return;
        }
        out[used] = base[used];
        used++;
    }
    out[used] = '\0';
    bsk_utf8_trim_cut(out);
}

/* A row of the run's facts: the label, then the value written by the caller, then </td></tr>. */
static void fact(page *p, const char *label)
{
    fputs("<tr><th scope=\"row\">", p->out);
    bsk_html_text(p->out, label);
    fputs("</th><td>", p->out);
}

static void fact_text(page *p, const char *label, const char *value)
{
    fact(p, label);
    bsk_html_text(p->out, value);
    fputs("</td></tr>\n", p->out);
}

static void fact_count(page *p, const char *label, long long value)
{
    fact(p, label);
    fprintf(p->out, "%lld</td></tr>\n", value);
}

/* Seed (a 64-bit seed may come out negative from a signed JSON integer: shown as the unsigned
 * number it was), the shard, and whether the run was interrupted. */
static void run_common(page *p, const json_t *root)
{
    const json_t *seed = bsk_report_need(&p->in, root, "", "seed");
    if (!bsk_report_failed(&p->in) && !json_is_integer(seed))
        bsk_report_problem(&p->in, "seed", "expected an integer");
    fact(p, "Seed");
    fprintf(p->out, "%llu</td></tr>\n", (unsigned long long)json_integer_value(seed));
    const json_t *shard = json_object_get(root, "shard");
    if (shard) {
        const json_t *pair = bsk_report_array_at(&p->in, shard, "shard", 2, 2);
        long long k = bsk_report_count_at(&p->in, json_array_get(pair, 0), "shard[0]"),
                  n = bsk_report_count_at(&p->in, json_array_get(pair, 1), "shard[1]");
        fact(p, "Shard");
        fprintf(p->out, "%lld of %lld (merge the shards with <code>berserk sim merge</code>)</td></tr>\n", k, n);
    }
}

static void run_begin(page *p)
{
    fputs("<section aria-labelledby=\"run\">\n<h2 id=\"run\">The run</h2>\n<table class=\"facts\" id=\"run-facts\">"
          "<tbody>\n",
          p->out);
}

static void run_end(page *p, bool interrupted, const char *unit)
{
    fputs("</tbody></table>\n", p->out);
    if (interrupted)
        fprintf(p->out, "<p class=\"warn\" role=\"note\">The run was interrupted: the figures cover only the %s "
                        "played before it stopped.</p>\n",
                unit);
    fputs("</section>\n", p->out);
}

/* One deck's notes: its legality problem (a string; null when legal) and what of it does not run
 * as printed ({"names":N,"not_as_printed":[...]}), both optional (older outputs lack them). */
static void deck_notes(page *p, const char *deck, const json_t *legality, const char *legality_path,
                       const json_t *run, const char *run_path)
{
    if (legality && !json_is_null(legality)) {
        const char *problem = bsk_report_string_at(&p->in, legality, legality_path);
        fputs("<p class=\"warn\" role=\"note\">", p->out);
        bsk_html_text(p->out, deck);
        fputs(" is not legal in the format: ", p->out);
        bsk_html_text(p->out, problem);
        fputs(". The run went on.</p>\n", p->out);
    }
    if (!run || bsk_report_failed(&p->in))
        return;
    char at[BSK_ERROR_PATH_MAX];
    long long names = bsk_report_get_count(&p->in, run, run_path, "names");
    bsk_json_join_path(at, sizeof at, run_path, "not_as_printed");
    const json_t *list =
        bsk_report_array_at(&p->in, bsk_report_need(&p->in, run, run_path, "not_as_printed"), at, 0, 100000);
    size_t count = json_array_size(list);
    if (bsk_report_failed(&p->in) || count == 0)
        return;
    fputs("<p class=\"warn\" role=\"note\">", p->out);
    bsk_html_text(p->out, deck);
    if ((long long)count == names)
        fprintf(p->out, ": none of its %lld card names runs as printed", names);
    else
        fprintf(p->out, ": %zu of its %lld card names do not run as printed", count, names);
    fputs(" (they play with their printed numbers and the keywords that run): ", p->out);
    size_t i;
    const json_t *name;
    json_array_foreach(list, i, name) {
        char item[BSK_ERROR_PATH_MAX];
        bsk_report_join_index(item, sizeof item, at, i);
        fputs(i ? ", " : "", p->out);
        bsk_html_text(p->out, bsk_report_string_at(&p->in, name, item));
    }
    fputs(".</p>\n", p->out);
}

/* The notes of every deck: "deck"/"legality"/"deck_run" (goldfish, sim deals), or the lists
 * "decks"/"legality"/"decks_run" (sim games, sim matrix). */
static void decks_notes(page *p, const json_t *root)
{
    const json_t *decks = json_object_get(root, "decks"), *legality = json_object_get(root, "legality");
    if (!json_is_array(decks)) {
        const char *deck = json_string_value(json_object_get(root, "deck"));
        deck_notes(p, deck ? deck : "The deck", legality, "legality", json_object_get(root, "deck_run"), "deck_run");
        return;
    }
    const json_t *runs = json_object_get(root, "decks_run");
    for (size_t d = 0; d < json_array_size(decks) && !bsk_report_failed(&p->in); d++) {
        char at[2][BSK_ERROR_PATH_MAX];
        bsk_report_join_index(at[0], sizeof at[0], "legality", d);
        bsk_report_join_index(at[1], sizeof at[1], "decks_run", d);
        const char *deck = json_string_value(json_array_get(decks, d));
        deck_notes(p, deck ? deck : "a deck", json_array_get(legality, d), at[0], json_array_get(runs, d), at[1]);
    }
}

static void heading(page *p, const char *title)
{
    fputs("<header>\n<h1>", p->out);
    bsk_html_text(p->out, title);
    fputs("</h1>\n<p class=\"muted\">Simulation report from <code>", p->out);
    bsk_html_text(p->out, p->file);
    fputs("</code></p>\n</header>\n<main>\n", p->out);
}

/* ---- sim deals ---- */

static const stat_spec DEAL_STATS[] = {
    {"spent", "Crystals spent", "trials"},
    {"squad_size", "Squad size (cards)", "trials"},
    {"creatures", "Creatures in the squad", "trials"},
    {"elements", "Elements in the squad", "trials"},
    {"flyer_crystals", "Crystals paid for flyers", "trials"},
    {"gold_left", "Gold left", "trials"},
    {"silver_left", "Silver left", "trials"},
    {"redeals", "Redeals", "trials"},
};

static void deals_page(page *p, const json_t *root)
{
    long long player = bsk_report_get_count(&p->in, root, "", "player");
    if (!bsk_report_failed(&p->in) && player != 1 && player != 2)
        bsk_report_problem(&p->in, "player", "expected 1 or 2");
    long long trials = bsk_report_get_count(&p->in, root, "", "trials");
    const char *policy = bsk_report_get_string(&p->in, root, "", "policy");
    bool interrupted = bsk_report_get_bool(&p->in, root, "interrupted");
    const json_t *cards = bsk_report_get_array(&p->in, root, "cards", 0, 100000);
    long long deck_size = 0;
    size_t i;
    const json_t *card;
    json_array_foreach(cards, i, card) {
        char at[BSK_ERROR_PATH_MAX];
        bsk_report_join_index(at, sizeof at, "cards", i);
        deck_size += bsk_report_get_count(&p->in, bsk_report_object_at(&p->in, card, at), at, "copies");
    }
    char title[160];
    snprintf(title, sizeof title, "sim deals: %lld trials of a %lld-card deck", trials, deck_size);
    heading(p, title);
    run_begin(p);
    fact_text(p, "Kind", "sim deals: deals, redeals and the best squad of each");
    run_common(p, root);
    fact_text(p, "Player", player == 2 ? "second (one more gold and silver)" : "first");
    fact_count(p, "Trials", trials);
    fact_text(p, "Redeal policy", policy);
    fact(p, "Deck");
    fprintf(p->out, "%lld cards, %zu names</td></tr>\n", deck_size, json_array_size(cards));
    run_end(p, interrupted, "trials");
    decks_notes(p, root);

    double no_legal = bsk_report_get_rate(&p->in, root, "", "no_legal_squad"),
           losses = bsk_report_get_rate(&p->in, root, "", "losses");
    fputs("<section aria-labelledby=\"results\">\n<h2 id=\"results\">Results</h2>\n<table class=\"facts\"><tbody>\n",
          p->out);
    fact(p, "No legal squad (403.2.5)");
    fputs("<span id=\"no-legal-squad\">", p->out);
    percent(p->out, no_legal);
    fputs("</span> of the trials</td></tr>\n", p->out);
    fact(p, "Lost by a redeal without gold (402.4)");
    percent(p->out, losses);
    fputs(" of the trials</td></tr>\n</tbody></table>\n</section>\n", p->out);

    stats_section(p, root, DEAL_STATS, (int)(sizeof DEAL_STATS / sizeof DEAL_STATS[0]),
                  "Over the trials: the best legal squad of each final deal.");

    fputs("<section aria-labelledby=\"cards\">\n<h2 id=\"cards\">Cards</h2>\n<table id=\"card-table\"><thead><tr>"
          "<th scope=\"col\">card</th><th scope=\"col\" class=\"n\">copies</th>"
          "<th scope=\"col\" class=\"n\">in the deal</th><th scope=\"col\" class=\"n\">in the deal (exact)</th>"
          "<th scope=\"col\" class=\"n\">in the squad</th></tr></thead><tbody>\n",
          p->out);
    json_array_foreach(cards, i, card) {
        char at[BSK_ERROR_PATH_MAX];
        bsk_report_join_index(at, sizeof at, "cards", i);
        const char *name = bsk_report_get_string(&p->in, card, at, "name");
        long long copies = bsk_report_get_count(&p->in, card, at, "copies");
        double in_deal = bsk_report_get_rate(&p->in, card, at, "in_deal"),
               in_squad = bsk_report_get_rate(&p->in, card, at, "in_squad");
        double exact =
            json_object_get(card, "in_deal_exact") ? bsk_report_get_rate(&p->in, card, at, "in_deal_exact") : NAN;
        fputs("<tr><th scope=\"row\">", p->out);
        bsk_html_text(p->out, name);
        fprintf(p->out, "</th><td class=\"n\">%lld</td><td class=\"n\">", copies);
        percent(p->out, in_deal);
        fputs("</td><td class=\"n\">", p->out);
        if (isnan(exact))
            fputs("—", p->out);
        else
            percent(p->out, exact);
        fputs("</td><td class=\"n\">", p->out);
        percent(p->out, in_squad);
        fputs("</td></tr>\n", p->out);
    }
    fputs("</tbody></table>\n</section>\n", p->out);

    const json_t *groups =
        json_object_get(root, "groups") ? bsk_report_get_array(&p->in, root, "groups", 0, 100000) : NULL;
    if (json_array_size(groups) > 0) {
        fputs("<section aria-labelledby=\"groups\">\n<h2 id=\"groups\">Groups: at least one in the deal</h2>\n"
              "<table><thead><tr><th scope=\"col\">group</th><th scope=\"col\" class=\"n\">exact</th>"
              "<th scope=\"col\" class=\"n\">observed</th><th scope=\"col\" class=\"n\">95 % interval</th></tr>"
              "</thead><tbody>\n",
              p->out);
        const json_t *group;
        json_array_foreach(groups, i, group) {
            char at[BSK_ERROR_PATH_MAX], ci_at[BSK_ERROR_PATH_MAX], item[BSK_ERROR_PATH_MAX];
            bsk_report_join_index(at, sizeof at, "groups", i);
            const char *text = bsk_report_get_string(&p->in, group, at, "group");
            double exact = bsk_report_get_rate(&p->in, group, at, "exact"),
                   observed = bsk_report_get_rate(&p->in, group, at, "observed");
            bsk_json_join_path(ci_at, sizeof ci_at, at, "ci95");
            const json_t *ci = bsk_report_array_at(&p->in, bsk_report_need(&p->in, group, at, "ci95"), ci_at, 2, 2);
            double bounds[2] = {0, 0};
            for (size_t k = 0; ci && k < 2; k++) {
                bsk_report_join_index(item, sizeof item, ci_at, k);
                bounds[k] = bsk_report_number_at(&p->in, json_array_get(ci, k), item, -HUGE_VAL, HUGE_VAL, "a number");
            }
            fputs("<tr><th scope=\"row\">", p->out);
            bsk_html_text(p->out, text);
            fputs("</th><td class=\"n\">", p->out);
            percent(p->out, exact);
            fputs("</td><td class=\"n\">", p->out);
            percent(p->out, observed);
            fputs("</td><td class=\"n\">", p->out);
            interval(p->out, bounds);
            fputs("</td></tr>\n", p->out);
        }
        fputs("</tbody></table>\n</section>\n", p->out);
    }
}

/* ---- goldfish ---- */

static const stat_spec GOLDFISH_STATS[] = {
    {"turns_to_win", "Own turns to win (won games)", "games"},
    {"wounds_dealt_per_turn", "Wounds dealt per own turn", "games"},
    {"own_losses", "Own creatures lost per game", "games"},
};

static void goldfish_page(page *p, const json_t *root)
{
    long long games = bsk_report_get_count(&p->in, root, "", "games");
    const char *deck = bsk_report_get_string(&p->in, root, "", "deck"),
               *opponent = bsk_report_get_string(&p->in, root, "", "opponent"),
               *agent = bsk_report_get_string(&p->in, root, "", "agent");
    long long player = bsk_report_get_count(&p->in, root, "", "player");
    if (!bsk_report_failed(&p->in) && player != 1 && player != 2)
        bsk_report_problem(&p->in, "player", "expected 1 or 2");
    bool interrupted = bsk_report_get_bool(&p->in, root, "interrupted");
    long long won = bsk_report_get_count(&p->in, root, "", "won"),
              capped = bsk_report_get_count(&p->in, root, "", "capped");
    long long lost = bsk_report_get_count_or(&p->in, root, "lost", -1),
              draws = bsk_report_get_count_or(&p->in, root, "draws", -1);
    bool squad = json_object_get(root, "squad") ? bsk_report_get_bool(&p->in, root, "squad") : false;
    if (!bsk_report_failed(&p->in) && won > games)
        bsk_report_problem(&p->in, "won", "more games won than played");

    char title[320];
    snprintf(title, sizeof title, "goldfish: %.120s against a passive %.120s", base_name(deck), base_name(opponent));
    heading(p, title);
    run_begin(p);
    fact_text(p, "Kind", "goldfish: one deck against a passive opponent");
    run_common(p, root);
    fact_count(p, "Games", games);
    fact_text(p, "Deck", deck);
    if (squad)
        fact_text(p, "Ready squad", "yes (all its cards recruited, no deal)");
    fact_text(p, "Passive opponent", opponent);
    fact_text(p, "Agent", agent);
    fact_text(p, "The goldfishing player moves", player == 2 ? "second" : "first");
    run_end(p, interrupted, "games");
    decks_notes(p, root);

    double ci[2];
    bsk_wilson((uint64_t)won, (uint64_t)games, ci);
    fputs("<section aria-labelledby=\"results\">\n<h2 id=\"results\">Results</h2>\n<table id=\"results-table\">"
          "<thead><tr><th scope=\"col\">games</th><th scope=\"col\" class=\"n\">count</th>"
          "<th scope=\"col\" class=\"n\">rate</th><th scope=\"col\" class=\"n\">95 % interval (Wilson)</th></tr>"
          "</thead><tbody>\n",
          p->out);
    fprintf(p->out, "<tr><th scope=\"row\">won</th><td class=\"n\" id=\"won\">%lld</td><td class=\"n\" "
                    "id=\"win-rate\">",
            won);
    percent(p->out, games ? (double)won / (double)games : NAN);
    fputs("</td><td class=\"n\" id=\"win-interval\">", p->out);
    interval(p->out, ci);
    fputs("</td></tr>\n", p->out);
    const struct {
        const char *label;
        long long value;
    } rows[] = {{"lost", lost}, {"drawn", draws}, {"ended by the turn cap", capped}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        if (rows[i].value < 0)
            continue;
        fprintf(p->out, "<tr><th scope=\"row\">%s</th><td class=\"n\">%lld</td><td class=\"n\">", rows[i].label,
                rows[i].value);
        percent(p->out, games ? (double)rows[i].value / (double)games : NAN);
        fputs("</td><td></td></tr>\n", p->out);
    }
    fputs("</tbody></table>\n", p->out);

    const json_t *by_turn =
        bsk_report_object_at(&p->in, bsk_report_need(&p->in, root, "", "won_by_turn"), "won_by_turn");
    size_t turns = json_object_size(by_turn);
    if (turns > 64) {
        bsk_report_problem(&p->in, "won_by_turn", "more than 64 turns");
        turns = 0;
    }
    bsk_html_bar bars[64];
    char labels[64][48];
    int bar_count = 0;
    const char *key;
    const json_t *value;
    json_object_foreach((json_t *)by_turn, key, value) {
        if (bar_count >= (int)turns)
            break;
        char at[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(at, sizeof at, "won_by_turn", key);
        if (json_is_null(value))
            continue; /* no games: no rate to draw */
        snprintf(labels[bar_count], sizeof labels[bar_count], "turn %.30s", key);
        bars[bar_count] = (bsk_html_bar){labels[bar_count], round(bsk_report_rate_at(&p->in, value, at) * 1000) / 10};
        bar_count++;
    }
    if (bar_count > 0 && !bsk_report_failed(&p->in))
        bsk_html_bar_chart(p->out, "won-by-turn", "Games won by the own turn", "% of games", bars, bar_count);
    fputs("</section>\n", p->out);

    stats_section(p, root, GOLDFISH_STATS, (int)(sizeof GOLDFISH_STATS / sizeof GOLDFISH_STATS[0]),
                  "Turns are the goldfishing player's own turns; turns to win are over the games won; wounds per "
                  "turn are counted in tenths.");

    const json_t *plain = json_object_get(root, "plain_features")
                              ? bsk_report_get_array(&p->in, root, "plain_features", 0, 100000)
                              : NULL;
    if (json_array_size(plain) > 0) {
        fputs("<section aria-labelledby=\"plain\">\n<h2 id=\"plain\">Cards whose features ran as printed numbers "
              "only</h2>\n<table><thead><tr><th scope=\"col\">card</th><th scope=\"col\" class=\"n\">games</th></tr>"
              "</thead><tbody>\n",
              p->out);
        size_t i;
        const json_t *entry;
        json_array_foreach(plain, i, entry) {
            char at[BSK_ERROR_PATH_MAX];
            bsk_report_join_index(at, sizeof at, "plain_features", i);
            const char *card = bsk_report_get_string(&p->in, entry, at, "card");
            long long count = bsk_report_get_count(&p->in, entry, at, "count");
            fputs("<tr><th scope=\"row\">", p->out);
            bsk_html_text(p->out, card);
            fprintf(p->out, "</th><td class=\"n\">%lld</td></tr>\n", count);
        }
        fputs("</tbody></table>\n</section>\n", p->out);
    }
}

/* ---- sim games ---- */

static const stat_spec GAMES_STATS[] = {
    {"turns", "Game length (turns)", "games"},
};

static void games_page(page *p, const json_t *root)
{
    long long games = bsk_report_get_count(&p->in, root, "", "games");
    const json_t *decks = bsk_report_get_array(&p->in, root, "decks", 2, 2),
                 *agents = bsk_report_get_array(&p->in, root, "agents", 2, 2),
                 *wins = bsk_report_get_array(&p->in, root, "wins", 2, 2),
                 *rates = bsk_report_get_array(&p->in, root, "win_rate", 2, 2),
                 *cis = bsk_report_get_array(&p->in, root, "ci95", 2, 2);
    bool interrupted = bsk_report_get_bool(&p->in, root, "interrupted");
    const char *deck[2], *agent[2];
    long long won[2];
    double rate[2], ci[2][2] = {{0, 0}, {0, 0}};
    for (size_t d = 0; d < 2; d++) {
        char at[BSK_ERROR_PATH_MAX];
        bsk_report_join_index(at, sizeof at, "decks", d);
        deck[d] = bsk_report_string_at(&p->in, json_array_get(decks, d), at);
        bsk_report_join_index(at, sizeof at, "agents", d);
        agent[d] = bsk_report_string_at(&p->in, json_array_get(agents, d), at);
        bsk_report_join_index(at, sizeof at, "wins", d);
        won[d] = bsk_report_count_at(&p->in, json_array_get(wins, d), at);
        bsk_report_join_index(at, sizeof at, "win_rate", d);
        rate[d] = bsk_report_rate_at(&p->in, json_array_get(rates, d), at);
        bsk_report_join_index(at, sizeof at, "ci95", d);
        const json_t *pair = bsk_report_array_at(&p->in, json_array_get(cis, d), at, 2, 2);
        for (size_t k = 0; pair && k < 2; k++) {
            char item[BSK_ERROR_PATH_MAX];
            bsk_report_join_index(item, sizeof item, at, k);
            ci[d][k] = bsk_report_rate_at(&p->in, json_array_get(pair, k), item);
        }
    }
    long long draws = bsk_report_get_count(&p->in, root, "", "draws"),
              by_cap = bsk_report_get_count(&p->in, root, "", "draws_by_cap");
    double first = bsk_report_get_rate(&p->in, root, "", "first_player_win_rate");
    bool squad = json_object_get(root, "squad") ? bsk_report_get_bool(&p->in, root, "squad") : false;
    if (bsk_report_failed(&p->in))
        return;

    char title[320];
    snprintf(title, sizeof title, "sim games: %.120s against %.120s", base_name(deck[0]), base_name(deck[1]));
    heading(p, title);
    run_begin(p);
    fact_text(p, "Kind", "sim games: two decks played by agents");
    run_common(p, root);
    fact_count(p, "Games", games);
    for (int d = 0; d < 2; d++) {
        char label[32];
        snprintf(label, sizeof label, "Deck %d", d + 1);
        fact(p, label);
        bsk_html_text(p->out, deck[d]);
        fputs(" (agent ", p->out);
        bsk_html_text(p->out, agent[d]);
        fputs(")</td></tr>\n", p->out);
    }
    if (squad)
        fact_text(p, "Ready squads", "yes (all their cards recruited, no deal)");
    fact_text(p, "Seats", "deck 1 moves first in the even games; games 2j and 2j+1 share the deal with seats swapped");
    run_end(p, interrupted, "games");
    decks_notes(p, root);

    fputs("<section aria-labelledby=\"results\">\n<h2 id=\"results\">Results</h2>\n<div class=\"charts\">\n<div>\n"
          "<table id=\"results-table\"><thead><tr><th scope=\"col\">deck</th><th scope=\"col\">agent</th><th "
          "scope=\"col\" class=\"n\">wins</th>"
          "<th scope=\"col\" class=\"n\">win rate</th><th scope=\"col\" class=\"n\">95 % interval (Wilson)</th>"
          "</tr></thead><tbody>\n",
          p->out);
    for (int d = 0; d < 2; d++) {
        fprintf(p->out, "<tr><th scope=\"row\">%d. ", d + 1);
        bsk_html_text(p->out, base_name(deck[d]));
        fputs("</th><td>", p->out);
        bsk_html_text(p->out, agent[d]);
        fprintf(p->out, "</td><td class=\"n\">%lld</td><td class=\"n\" id=\"win-rate-%d\">", won[d], d + 1);
        percent(p->out, rate[d]);
        fprintf(p->out, "</td><td class=\"n\" id=\"win-interval-%d\">", d + 1);
        interval(p->out, ci[d]);
        fputs("</td></tr>\n", p->out);
    }
    fprintf(p->out, "</tbody></table>\n<p>Draws: <span id=\"draws\">%lld</span> (%lld by the turn cap).<br>The "
                    "first player won <span id=\"first-player\">",
            draws, by_cap);
    percent(p->out, first);
    fputs("</span> of the games.</p>\n</div>\n", p->out);
    bsk_html_bar bars[3] = {{"deck 1", (double)won[0]}, {"deck 2", (double)won[1]}, {"draws", (double)draws}};
    char chart[64];
    snprintf(chart, sizeof chart, "Results of %lld games", games);
    bsk_html_bar_chart(p->out, "results-chart", chart, "games", bars, 3);
    fputs("</div>\n</section>\n", p->out);
    stats_section(p, root, GAMES_STATS, 1, NULL);
}

/* ---- sim matrix ---- */

typedef struct pair_result {
    long long games, wins[2], draws;
    bool known;
} pair_result;

static void matrix_page(page *p, const json_t *root)
{
    long long games = bsk_report_get_count(&p->in, root, "", "games");
    const char *agent = bsk_report_get_string(&p->in, root, "", "agent");
    bool interrupted = bsk_report_get_bool(&p->in, root, "interrupted");
    const json_t *decks = bsk_report_get_array(&p->in, root, "decks", 2, BSK_SIM_PAGE_DECKS_MAX);
    size_t n = json_array_size(decks);
    const json_t *rows = bsk_report_get_array(&p->in, root, "win_rate", n, n);
    bool squad = json_object_get(root, "squad") ? bsk_report_get_bool(&p->in, root, "squad") : false;
    if (bsk_report_failed(&p->in))
        return;
    const char **names = calloc(n, sizeof *names), **short_names = calloc(n, sizeof *short_names);
    char(*labels)[96] = calloc(n, sizeof *labels);
    double *cells = calloc(n * n, sizeof *cells);
    pair_result *pairs = calloc(n * n, sizeof *pairs); /* [i * n + j], i < j */
    if (!names || !short_names || !labels || !cells || !pairs) {
        free(labels);
        free(names);
        free(short_names);
        free(cells);
        free(pairs);
        p->in.status = bsk_error_set(p->in.reader.error, BSK_ERR_NOMEM, "sim.memory", "out of memory");
        return;
    }
    char at[BSK_ERROR_PATH_MAX], item[BSK_ERROR_PATH_MAX];
    for (size_t d = 0; d < n; d++) {
        bsk_report_join_index(at, sizeof at, "decks", d);
        names[d] = bsk_report_string_at(&p->in, json_array_get(decks, d), at);
        short_label(names[d], labels[d], sizeof labels[d]);
        short_names[d] = labels[d];
    }
    for (size_t r = 0; r < n; r++) {
        bsk_report_join_index(at, sizeof at, "win_rate", r);
        const json_t *row = bsk_report_array_at(&p->in, json_array_get(rows, r), at, n, n);
        for (size_t c = 0; row && c < n; c++) {
            const json_t *value = json_array_get(row, c);
            bsk_report_join_index(item, sizeof item, at, c);
            cells[r * n + c] = json_is_null(value) ? NAN : bsk_report_rate_at(&p->in, value, item);
        }
    }
    /* totals.pairs, when present, give each pair's counts for the intervals */
    const json_t *totals = json_object_get(root, "totals");
    const json_t *pair_list = totals ? json_object_get(bsk_report_object_at(&p->in, totals, "totals"), "pairs") : NULL;
    size_t i;
    const json_t *entry;
    if (pair_list && bsk_report_array_at(&p->in, pair_list, "totals.pairs", 0, n * n)) {
        json_array_foreach(pair_list, i, entry) {
            bsk_report_join_index(at, sizeof at, "totals.pairs", i);
            char key[BSK_ERROR_PATH_MAX];
            bsk_json_join_path(key, sizeof key, at, "decks");
            const json_t *which = bsk_report_array_at(&p->in, bsk_report_need(&p->in, entry, at, "decks"), key, 2, 2);
            bsk_report_join_index(item, sizeof item, key, 0);
            long long a = bsk_report_count_at(&p->in, json_array_get(which, 0), item);
            bsk_report_join_index(item, sizeof item, key, 1);
            long long b = bsk_report_count_at(&p->in, json_array_get(which, 1), item);
            if (a >= b || b >= (long long)n) {
                bsk_report_problem(&p->in, key, "expected two deck indices I < J of decks");
                break;
            }
            bsk_json_join_path(key, sizeof key, at, "wins");
            const json_t *won = bsk_report_array_at(&p->in, bsk_report_need(&p->in, entry, at, "wins"), key, 2, 2);
            pair_result *pr = &pairs[a * (long long)n + b];
            pr->games = bsk_report_get_count(&p->in, entry, at, "games");
            for (size_t k = 0; k < 2; k++) {
                bsk_report_join_index(item, sizeof item, key, k);
                pr->wins[k] = bsk_report_count_at(&p->in, json_array_get(won, k), item);
            }
            pr->draws = bsk_report_get_count(&p->in, entry, at, "draws");
            pr->known = true;
            if (bsk_report_failed(&p->in))
                break;
        }
    }
    if (bsk_report_failed(&p->in))
        goto done;

    char title[96];
    snprintf(title, sizeof title, "sim matrix: %zu decks, %lld games per pair", n, games);
    heading(p, title);
    run_begin(p);
    fact_text(p, "Kind", "sim matrix: every pair of decks played by agents");
    run_common(p, root);
    fact_count(p, "Games per pair", games);
    fact_text(p, "Agent", agent);
    if (squad)
        fact_text(p, "Ready squads", "yes (all their cards recruited, no deal)");
    fact(p, "Decks");
    fputs("<ol id=\"deck-list\">", p->out);
    for (size_t d = 0; d < n; d++) {
        fputs("<li>", p->out);
        bsk_html_text(p->out, names[d]);
        fputs("</li>", p->out);
    }
    fputs("</ol></td></tr>\n", p->out);
    run_end(p, interrupted, "games");
    decks_notes(p, root);

    fputs("<section aria-labelledby=\"matrix\">\n<h2 id=\"matrix\">Win rates</h2>\n<p class=\"muted\">Each cell is "
          "the win rate of the row's deck against the column's (both seats, draws count as not won).</p>\n",
          p->out);
    bsk_html_heat_map(p->out, "heat-map", "Win rate of the row's deck against the column's", short_names, (int)n,
                      cells);

    /* each deck's mean win rate over the decks it met */
    fputs("<h3>Against the field</h3>\n<table id=\"field\"><thead><tr><th scope=\"col\">deck</th>"
          "<th scope=\"col\" class=\"n\">mean win rate</th></tr></thead><tbody>\n",
          p->out);
    for (size_t r = 0; r < n; r++) {
        double sum = 0;
        int met = 0;
        for (size_t c = 0; c < n; c++)
            if (!isnan(cells[r * n + c])) {
                sum += cells[r * n + c];
                met++;
            }
        fprintf(p->out, "<tr><th scope=\"row\">%zu. ", r + 1);
        bsk_html_text(p->out, base_name(names[r]));
        fputs("</th><td class=\"n\">", p->out);
        if (met)
            percent(p->out, sum / met);
        else
            fputs("—", p->out);
        fputs("</td></tr>\n", p->out);
    }
    fputs("</tbody></table>\n", p->out);

    if (pair_list && json_array_size(pair_list) > 0) {
        fputs("<h3>Pairs</h3>\n<table id=\"pairs\"><thead><tr><th scope=\"col\">pair</th>"
              "<th scope=\"col\" class=\"n\">games</th><th scope=\"col\" class=\"n\">wins</th>"
              "<th scope=\"col\" class=\"n\">draws</th><th scope=\"col\" class=\"n\">first's win rate</th>"
              "<th scope=\"col\" class=\"n\">95 % interval</th></tr></thead><tbody>\n",
              p->out);
        for (size_t a = 0; a < n; a++)
            for (size_t b = a + 1; b < n; b++) {
                const pair_result *pr = &pairs[a * n + b];
                if (!pr->known)
                    continue;
                double ci[2];
                bsk_wilson((uint64_t)pr->wins[0], (uint64_t)pr->games, ci);
                fprintf(p->out, "<tr><th scope=\"row\">%zu. ", a + 1);
                bsk_html_text(p->out, base_name(names[a]));
                fprintf(p->out, " – %zu. ", b + 1);
                bsk_html_text(p->out, base_name(names[b]));
                fprintf(p->out,
                        "</th><td class=\"n\">%lld</td><td class=\"n\">%lld – %lld</td><td class=\"n\">%lld</td>"
                        "<td class=\"n\">",
                        pr->games, pr->wins[0], pr->wins[1], pr->draws);
                percent(p->out, pr->games ? (double)pr->wins[0] / (double)pr->games : 0);
                fputs("</td><td class=\"n\">", p->out);
                interval(p->out, ci);
                fputs("</td></tr>\n", p->out);
            }
        fputs("</tbody></table>\n", p->out);
    }
    fputs("</section>\n", p->out);
done:
    free(labels);
    free(names);
    free(short_names);
    free(cells);
    free(pairs);
}

/* ---- The page ---- */

static const char *const CSS =
    ".facts th{font-weight:600;padding-right:1.2rem}.facts ol{margin:0;padding-left:1.4rem}"
    ".charts{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:flex-start}"
    ".warn{background:var(--bad-bg);color:var(--bad);padding:.4rem .7rem;border-radius:4px}"
    "code{font-size:.92em}h3{font-size:1rem;margin:1rem 0 .3rem}"
    "#heat-map svg{max-width:100%}";

static const struct {
    const char *kind;
    const char *title;
    void (*draw)(page *, const json_t *);
} KINDS[] = {
    {"sim_deals", "sim deals", deals_page},
    {"goldfish", "goldfish", goldfish_page},
    {"sim_games", "sim games", games_page},
    {"sim_matrix", "sim matrix", matrix_page},
};

bsk_status bsk_sim_page_write(FILE *out, const char *file, const char *text, size_t length, const char **kind,
                              bsk_error *error)
{
    page p = {out, file, {{file, "sim.syntax", "sim.schema", error}, BSK_OK}};
    json_t *root = bsk_json_parse(&p.in.reader, text, length);
    if (!root)
        return BSK_ERR_INVALID;
    if (!json_is_object(root)) {
        bsk_json_schema_error(&p.in.reader, "", "expected a JSON object, not %s: the --json output of sim deals, "
                              "goldfish, sim games or sim matrix", bsk_json_type_name(root));
        json_decref(root);
        return BSK_ERR_INVALID;
    }
    /* its kind, and the checks sim merge makes of each report: its shard's share, totals that agree with
     * themselves */
    bsk_sim_report report = {file, root};
    const char *name = NULL;
    if (bsk_sim_report_check(&report, &name, error)) {
        json_decref(root);
        return BSK_ERR_INVALID;
    }
    size_t k = 0; /* the kinds bsk_sim_report_check knows are the ones this table draws */
    while (k + 1 < sizeof KINDS / sizeof KINDS[0] && strcmp(KINDS[k].kind, name) != 0)
        k++;
    char title[64];
    snprintf(title, sizeof title, "%s report", KINDS[k].title);
    bsk_html_begin(out, title, CSS);
    KINDS[k].draw(&p, root);
    fputs("</main>\n<footer class=\"muted\"><p>Made by <code>berserk export html sim</code>.</p></footer>\n", out);
    bsk_html_end(out, NULL);
    json_decref(root);
    if (!p.in.status && kind)
        *kind = KINDS[k].kind;
    return p.in.status;
}
