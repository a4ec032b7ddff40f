/* cmd_deck.c — `berserk deck check|stats|convert` (DESIGN §4). `check` validates any
 * number of decklists (a tournament's registrations: files and directories) against a
 * format on a date and reports every problem (the first 100 per file, then how many
 * more), as text or in the JSON contract. Pools and format files are checked against
 * the catalogue before any deck is. */
#include "cli.h"
#include "deck_files.h"
#include "formats.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>

/* ---- Reporting ---- */

/* A JSON string that never vanishes from the output (DESIGN §4: keys are never omitted):
 * json_string() refuses bytes that are not UTF-8, which a file name can hold. */
static json_t *text_json(const char *text)
{
    json_t *value = json_string(text);
    if (value)
        return value;
    size_t size = strlen(text) * 3 + 1;
    char *repaired = malloc(size);
    if (repaired) {
        bsk_utf8_repair(repaired, size, text);
        value = json_string(repaired);
        free(repaired);
    }
    return value ? value : json_string("");
}

/* One issue as a line for stderr: `FILE:LINE: CODE: MESSAGE` (JSON decklists: the message
 * starts with the entry's path). */
static void format_issue(const char *path, const bsk_deck_issue *issue, char *out, size_t out_size)
{
    if (issue->line)
        snprintf(out, out_size, "%s:%d: %s: %s", path, issue->line, issue->code, issue->message);
    else
        snprintf(out, out_size, "%s: %s: %s", path, issue->code, issue->message);
    bsk_utf8_trim_cut(out);
    cli_terminal_safe(out);
}

static void print_more(FILE *out, const char *indent, size_t more)
{
    if (more)
        fprintf(out, "%s… and %zu more problem%s\n", indent, more, more == 1 ? "" : "s");
}

#define POOL_PROBLEMS_SHOWN 3

/* Reads a pool (a decklist whose counts are copies owned, DESIGN §2) and refuses it
 * with any problem: a pool with bad lines or unknown names would report `not_in_pool`
 * for cards the player owns (issue 10 item 5). Returns EXIT_OK, or EXIT_USAGE with
 * `problem` saying why: the first problems with their lines and suggestions. */
static int load_pool(bsk_cli *cli, const char *path, const bsk_format *format, bsk_deck *pool_deck, char *problem,
                     size_t problem_size)
{
    bsk_deck_report report;
    bsk_error error;
    bsk_deck_report_init(&report);
    bsk_error_clear(&error);
    int code = EXIT_OK;
    problem[0] = '\0';
    if (bsk_decklist_read(path, &cli->catalog.pool, format, pool_deck, &report, &error)) {
        char text[1024];
        bsk_error_format(&error, text, sizeof text);
        snprintf(problem, problem_size, "pool %s", text);
        code = EXIT_USAGE;
    } else if (report.count) {
        bsk_deck_report_sort(&report);
        size_t total = report.count + report.more;
        int used = snprintf(problem, problem_size, "not a usable pool (%zu problem%s): ", total, total == 1 ? "" : "s");
        for (size_t i = 0; i < report.count && i < POOL_PROBLEMS_SHOWN && used >= 0 && (size_t)used < problem_size;
             i++) {
            char line[BSK_ISSUE_MESSAGE_MAX + 4096];
            format_issue(path, &report.items[i], line, sizeof line);
            used += snprintf(problem + used, problem_size - (size_t)used, "%s%s", i ? "; " : "", line);
        }
        if (total > POOL_PROBLEMS_SHOWN && used >= 0 && (size_t)used < problem_size)
            snprintf(problem + used, problem_size - (size_t)used, "; … and %zu more", total - POOL_PROBLEMS_SHOWN);
        bsk_utf8_trim_cut(problem);
        code = EXIT_USAGE;
    }
    bsk_deck_report_free(&report);
    return code;
}

/* Parses one decklist (a pool, or a deck for stats/convert); prints its problems to
 * stderr as `FILE:LINE: CODE: MESSAGE`, then "… and N more"; *problems counts them all. */
static int read_deck(bsk_cli *cli, const char *path, const bsk_format *format, bsk_deck *deck, size_t *problems)
{
    bsk_deck_report report;
    bsk_error error;
    bsk_deck_report_init(&report);
    bsk_error_clear(&error);
    if (bsk_decklist_read(path, &cli->catalog.pool, format, deck, &report, &error)) {
        cli_print_error(&error);
        bsk_deck_report_free(&report);
        return EXIT_USAGE;
    }
    bsk_deck_report_sort(&report);
    for (size_t i = 0; i < report.count; i++) {
        char line[BSK_ISSUE_MESSAGE_MAX + 4096];
        format_issue(path, &report.items[i], line, sizeof line);
        cli_errorf("%s", line);
    }
    print_more(stderr, "berserk: ", report.more);
    *problems = report.count + report.more;
    bsk_deck_report_free(&report);
    return EXIT_OK;
}

/* The --pool file, read once before any deck: a bad one is exit 2. */
static int load_pool_option(bsk_cli *cli, const char *path, const bsk_format *format, bsk_deck *pool_deck)
{
    size_t total;
    int code = read_deck(cli, path, format, pool_deck, &total);
    if (code)
        return code;
    char path_shown[4096];
    if (total)
        cli_errorf("%s: not a usable pool (%zu problem%s); fix it first", cli_shown(path, path_shown, sizeof path_shown),
                   total, total == 1 ? "" : "s");
    return total ? EXIT_USAGE : EXIT_OK;
}

static json_t *issue_json(const bsk_deck_issue *issue)
{
    json_t *object = json_object();
    json_object_set_new(object, "code", json_string(issue->code));
    json_object_set_new(object, "card", issue->card[0] ? text_json(issue->card) : json_null());
    json_object_set_new(object, "count", issue->count == BSK_UNSET ? json_null() : json_integer(issue->count));
    json_object_set_new(object, "limit", issue->limit == BSK_UNSET ? json_null() : json_integer(issue->limit));
    json_object_set_new(object, "line", issue->line ? json_integer(issue->line) : json_null());
    if (issue->line_count < 0) {
        json_object_set_new(object, "lines", json_null());
    } else {
        json_t *lines = json_array();
        for (int i = 0; i < issue->line_count; i++)
            json_array_append_new(lines, json_integer(issue->lines[i]));
        json_object_set_new(object, "lines", lines);
    }
    json_object_set_new(object, "rule", text_json(issue->rule));
    json_object_set_new(object, "message", text_json(issue->message));
    if (issue->suggestion_count >= 0) {
        json_t *suggestions = json_array();
        for (int i = 0; i < issue->suggestion_count; i++)
            json_array_append_new(suggestions, text_json(issue->suggestions[i]));
        json_object_set_new(object, "suggestions", suggestions);
    }
    if (issue->path[0]) /* JSON decklists: the entry's JSON path (issue 10 item 16) */
        json_object_set_new(object, "path", text_json(issue->path));
    return object;
}

typedef struct check_totals {
    int files;
    int legal;
    int illegal;
    int unreadable;
} check_totals;

static void print_issue(const bsk_deck_issue *issue)
{
    char where[BSK_ISSUE_PATH_MAX + 16];
    const char *message = issue->message;
    size_t path_length = strlen(issue->path);
    if (issue->warning)
        snprintf(where, sizeof where, "warning");
    else if (issue->line)
        snprintf(where, sizeof where, "line %d", issue->line);
    else if (path_length)
        snprintf(where, sizeof where, "%s", issue->path);
    else
        snprintf(where, sizeof where, "deck");
    if (path_length && strncmp(message, issue->path, path_length) == 0 && message[path_length] == ':')
        message += path_length + 2; /* the path is in the first column already */
    printf("  %-9s %-20s %s [%s]\n", where, issue->code, message, issue->rule);
    if (issue->suggestion_count > 1) {
        printf("            did you mean:");
        for (int i = 0; i < issue->suggestion_count; i++)
            printf("%s %s", i ? "," : "", issue->suggestions[i]);
        printf("\n");
    }
}

/* ---- deck check ---- */

/* Checks one decklist; appends its JSON result or prints its summary. `option_pool` is
 * the --pool deck, already read and found clean (NULL without --pool); a NAME.pool.*
 * beside the deck overrides it. Returns the exit code for this file. */
static int check_one(bsk_cli *cli, const char *path, const bsk_format *format, const bsk_deck *option_pool,
                     const char *date, json_t *results, check_totals *totals)
{
    bsk_pool *pool = &cli->catalog.pool;
    bsk_deck deck, sibling_deck;
    bsk_deck_report report;
    bsk_error error;
    char pool_path[4096];
    bool has_sibling = cli_sibling_pool(path, pool_path, sizeof pool_path);
    const bsk_deck *pool_deck = has_sibling ? &sibling_deck : option_pool;
    bsk_deck_init(&deck);
    bsk_deck_init(&sibling_deck);
    bsk_deck_report_init(&report);
    bsk_error_clear(&error);
    totals->files++;

    char unreadable[4096] = "";
    if (format->pool && !pool_deck) {
        snprintf(unreadable, sizeof unreadable,
                 "format %s needs the player's pool: --pool FILE, or a NAME.pool.txt beside the deck", format->id);
    } else if (has_sibling && load_pool(cli, pool_path, format, &sibling_deck, unreadable, sizeof unreadable)) {
        /* unreadable says why */
    } else if (bsk_decklist_read(path, pool, format, &deck, &report, &error)) {
        bsk_error_format(&error, unreadable, sizeof unreadable);
        bsk_utf8_trim_cut(unreadable);
    }
    int code;
    if (unreadable[0]) {
        totals->unreadable++;
        code = EXIT_USAGE;
        if (results) {
            json_t *result = json_pack("{s:o,s:s,s:n,s:n,s:[],s:[],s:o}", "file", text_json(path), "format", format->id,
                                       "legal", "cards", "errors", "warnings", "error", text_json(unreadable));
            json_array_append_new(results, result);
        } else {
            char path_shown[4096];
            printf("%s: unreadable — %s\n", cli_shown(path, path_shown, sizeof path_shown), cli_terminal_safe(unreadable));
        }
    } else {
        bsk_deck_check(&deck, format, pool_deck, date, pool, &report);
        bool legal = bsk_deck_report_errors(&report) == 0;
        legal ? totals->legal++ : totals->illegal++;
        code = legal ? EXIT_OK : EXIT_FAILS_CHECK;
        int cards = bsk_deck_total(&deck);
        if (results) {
            json_t *errors = json_array(), *warnings = json_array();
            for (size_t i = 0; i < report.count; i++)
                json_array_append_new(report.items[i].warning ? warnings : errors, issue_json(&report.items[i]));
            json_t *result = json_object();
            json_object_set_new(result, "file", text_json(path));
            json_object_set_new(result, "format", json_string(format->id));
            json_object_set_new(result, "legal", json_boolean(legal));
            json_object_set_new(result, "cards", json_integer(cards));
            json_object_set_new(result, "errors", errors);
            json_object_set_new(result, "warnings", warnings);
            if (report.more) /* problems past the first BSK_DECK_REPORT_MAX, counted (issue 10 item 10) */
                json_object_set_new(result, "more", json_integer((json_int_t)report.more));
            json_array_append_new(results, result);
        } else if (!cli->quiet || !legal) {
            char path_shown[4096];
            printf("%s: %s — %d card%s, %s%s%s\n", cli_shown(path, path_shown, sizeof path_shown),
                   legal ? "legal" : "ILLEGAL", cards, cards == 1 ? "" : "s", format->id, deck.name[0] ? ", " : "",
                   deck.name);
            for (size_t i = 0; i < report.count; i++)
                print_issue(&report.items[i]);
            print_more(stdout, "  ", report.more);
        }
    }
    if (!results)
        fflush(stdout); /* what is known is out, whatever comes next (issue 10 item 9) */
    bsk_deck_free(&deck);
    bsk_deck_free(&sibling_deck);
    bsk_deck_report_free(&report);
    return code;
}

/* The format by name or path, with its banned and restricted names checked against the
 * catalogue (issue 10 item 2): an unknown one is exit 2. Loads the catalogue. */
static int deck_check(bsk_cli *cli)
{
    const char *format_option = NULL, *pool_option = NULL;
    const cli_option options[] = {{"--format", true, &format_option, NULL}, {"--pool", true, &pool_option, NULL}};
    const char **operands = calloc((size_t)cli->argc + 1, sizeof *operands);
    size_t operand_count;
    int code = operands ? cli_parse(cli, 2, options, 2, operands, &operand_count, (size_t)cli->argc) : EXIT_FAILURE_IO;
    if (code) {
        free(operands);
        return code;
    }
    if (operand_count == 0) {
        free(operands);
        return cli_usage_error("deck check FILE|DIR... [--format NAME|PATH] [--pool FILE] [--date YYYY-MM-DD]",
                               "deck check: FILE|DIR is missing");
    }
    bsk_format *format = malloc(sizeof *format);
    bsk_deck option_pool;
    bsk_deck_init(&option_pool);
    if (!format || (code = cli_load_format(cli, format_option, format)) ||
        (pool_option && (code = load_pool_option(cli, pool_option, format, &option_pool)))) {
        bsk_deck_free(&option_pool);
        free(format);
        free(operands);
        return code ? code : EXIT_FAILURE_IO;
    }
    char date[16];
    if (cli->date)
        snprintf(date, sizeof date, "%s", cli->date);
    else
        cli_today_utc(date, sizeof date);

    cli_path_list paths = {0};
    int worst = EXIT_OK;
    for (size_t i = 0; i < operand_count; i++) {
        if (cli_is_directory(operands[i])) {
            long found = cli_decklist_directory(operands[i], &paths);
            if (found <= 0) { /* DESIGN §4: an argument that yields no usable input file is exit 2 */
                char dir_shown[4096];
                cli_errorf(found < 0 ? "%s: cannot read the directory"
                                     : "%s: no decklist (*.txt, *.brsd, *.json) in this directory",
                           cli_shown(operands[i], dir_shown, sizeof dir_shown));
                worst = EXIT_USAGE;
            }
        } else {
            cli_path_list_push(&paths, operands[i]);
        }
    }
    check_totals totals = {0};
    json_t *results = cli->json && paths.count ? json_array() : NULL;
    for (size_t i = 0; i < paths.count; i++) {
        int file_code = check_one(cli, paths.items[i], format, pool_option ? &option_pool : NULL, date, results,
                                  &totals);
        if (file_code > worst)
            worst = file_code;
    }
    if (paths.count == 0) {
        /* issue 10 item 8: nothing was checked; the messages above say why */
    } else if (results) {
        json_t *root = json_object();
        json_object_set_new(root, "date", json_string(date));
        json_object_set_new(root, "results", results);
        json_object_set_new(root, "totals", json_pack("{s:i,s:i,s:i,s:i}", "files", totals.files, "legal",
                                                      totals.legal, "illegal", totals.illegal, "unreadable",
                                                      totals.unreadable));
        cli_print_json(root);
    } else if (totals.files != 1 || cli->verbose) {
        printf("%d file%s: %d legal, %d illegal, %d unreadable (%s, %s)\n", totals.files, totals.files == 1 ? "" : "s",
               totals.legal, totals.illegal, totals.unreadable, format->id, date);
    }
    cli_path_list_free(&paths);
    bsk_deck_free(&option_pool);
    free(format);
    free(operands);
    return worst;
}

/* ---- deck stats, deck convert ---- */


static json_t *counts_json(const int *counts, int n, const char *(*id_of)(int), const char *none)
{
    json_t *object = json_object();
    for (int i = 0; i < n; i++) {
        const char *id = id_of(i);
        json_object_set_new(object, id ? id : none, json_integer(counts[i]));
    }
    return object;
}

static const char *element_or_neutral(int element)
{
    return bsk_element_id(element);
}

static void print_stats(const char *path, const bsk_deck *deck, const bsk_deck_stats *stats)
{
    char path_shown[4096];
    printf("%s%s%s: %d card%s, deal of %d\n", cli_shown(path, path_shown, sizeof path_shown), deck->name[0] ? " — " : "",
           deck->name, stats->cards, stats->cards == 1 ? "" : "s", stats->deal);
    printf("  elements:");
    for (int e = 0; e <= BSK_ELEMENT_COUNT; e++)
        if (stats->by_element[e])
            printf(" %s %d", bsk_element_id(e), stats->by_element[e]);
    printf("\n  types:");
    for (int t = 0; t < BSK_TYPE_COUNT; t++)
        if (stats->by_type[t])
            printf(" %s %d", bsk_type_id(t), stats->by_type[t]);
    printf("\n  subtypes:");
    for (int s = 1; s < BSK_SUBTYPE_COUNT; s++)
        if (stats->by_subtype[s])
            printf(" %s %d", bsk_subtype_id(s), stats->by_subtype[s]);
    printf("\n  elite %d (cost %d), rank-and-file %d (cost %d); flyers cost %d\n", stats->elite, stats->elite_cost,
           stats->rank_and_file, stats->rank_and_file_cost, stats->flyer_cost);
    printf("  expected in a deal: elite cost %.2f, rank-and-file cost %.2f\n", stats->expected_elite_cost,
           stats->expected_rank_and_file_cost);
    printf("  cost curve:\n");
    for (int c = 0; c <= BSK_STATS_MAX_COST; c++) {
        if (!stats->cost_curve[c])
            continue;
        printf("    %2d%s %2d ", c, c == BSK_STATS_MAX_COST ? "+" : " ", stats->cost_curve[c]);
        for (int i = 0; i < stats->cost_curve[c]; i++)
            fputs("█", stdout);
        printf("\n");
    }
    printf("  odds in the deal of %d:   copies  P(>=1)  P(>=2)  P(>=3)\n", stats->deal);
    for (size_t i = 0; i < stats->odds_count; i++) {
        const bsk_deck_card_odds *odds = &stats->odds[i];
        printf("    ");
        cli_print_padded(stdout, odds->card->name, 26);
        printf("%4d  %6.1f%%  %5.1f%%  %5.1f%%\n", odds->copies, 100 * odds->at_least[0], 100 * odds->at_least[1],
               100 * odds->at_least[2]);
    }
}

static int deck_stats(bsk_cli *cli)
{
    const char *format_option = NULL;
    const cli_option options[] = {{"--format", true, &format_option, NULL}};
    const char *operands[1];
    size_t operand_count;
    int code = cli_parse(cli, 2, options, 1, operands, &operand_count, 1);
    if (code)
        return code;
    if (operand_count != 1)
        return cli_usage_error("deck stats FILE [--format NAME|PATH] [--json]", "deck stats: FILE is missing");
    bsk_format *format = malloc(sizeof *format);
    bsk_deck deck;
    size_t problems = 0;
    bsk_deck_init(&deck);
    if (!format || (code = cli_load_format(cli, format_option, format)) ||
        (code = read_deck(cli, operands[0], format, &deck, &problems))) {
        free(format);
        return code ? code : EXIT_FAILURE_IO;
    }
    bsk_deck_stats stats;
    bsk_error error;
    if (bsk_deck_stats_compute(&deck, format->squad.deal, &stats, &error)) {
        cli_print_error(&error);
        bsk_deck_free(&deck);
        free(format);
        return EXIT_FAILURE_IO;
    }
    if (cli->json) {
        json_t *root = json_object();
        json_object_set_new(root, "file", text_json(operands[0]));
        json_object_set_new(root, "name", text_json(deck.name));
        json_object_set_new(root, "cards", json_integer(stats.cards));
        json_object_set_new(root, "deal", json_integer(stats.deal));
        json_object_set_new(root, "elements", counts_json(stats.by_element, BSK_ELEMENT_COUNT + 1, element_or_neutral, ""));
        json_object_set_new(root, "types", counts_json(stats.by_type, BSK_TYPE_COUNT, bsk_type_id, ""));
        json_object_set_new(root, "subtypes", counts_json(stats.by_subtype, BSK_SUBTYPE_COUNT, bsk_subtype_id, "none"));
        json_object_set_new(root, "elite", json_integer(stats.elite));
        json_object_set_new(root, "rank_and_file", json_integer(stats.rank_and_file));
        json_t *curve = json_object();
        for (int c = 0; c <= BSK_STATS_MAX_COST; c++) {
            char key[16];
            snprintf(key, sizeof key, c == BSK_STATS_MAX_COST ? "%d+" : "%d", c);
            if (stats.cost_curve[c])
                json_object_set_new(curve, key, json_integer(stats.cost_curve[c]));
        }
        json_object_set_new(root, "cost_curve", curve);
        json_object_set_new(root, "flyer_cost", json_integer(stats.flyer_cost));
        json_object_set_new(root, "elite_cost", json_integer(stats.elite_cost));
        json_object_set_new(root, "rank_and_file_cost", json_integer(stats.rank_and_file_cost));
        json_object_set_new(root, "expected_elite_cost", json_real(stats.expected_elite_cost));
        json_object_set_new(root, "expected_rank_and_file_cost", json_real(stats.expected_rank_and_file_cost));
        json_t *per_card = json_array();
        for (size_t i = 0; i < stats.odds_count; i++) {
            const bsk_deck_card_odds *odds = &stats.odds[i];
            json_array_append_new(per_card,
                                  json_pack("{s:s,s:s,s:i,s:f,s:f,s:f}", "name", odds->card->name, "id", odds->card->id,
                                            "copies", odds->copies, "p_at_least_1", odds->at_least[0], "p_at_least_2",
                                            odds->at_least[1], "p_at_least_3", odds->at_least[2]));
        }
        json_object_set_new(root, "per_card", per_card);
        cli_print_json(root);
    } else {
        print_stats(operands[0], &deck, &stats);
    }
    bsk_deck_stats_free(&stats);
    bsk_deck_free(&deck);
    free(format);
    return problems ? EXIT_FAILS_CHECK : EXIT_OK;
}

static int deck_convert(bsk_cli *cli)
{
    const char *to = NULL, *output = NULL;
    const cli_option options[] = {{"--to", true, &to, NULL}, {"-o", true, &output, NULL}, {"--output", true, &output, NULL}};
    const char *operands[1];
    size_t operand_count;
    int code = cli_parse(cli, 2, options, 3, operands, &operand_count, 1);
    if (code)
        return code;
    int kind = to ? bsk_decklist_kind_parse(to) : -1;
    static const char CONVERT_USAGE[] = "deck convert FILE --to text|brsd|json [-o OUTPUT]";
    if (operand_count != 1)
        return cli_usage_error(CONVERT_USAGE, "deck convert: FILE is missing");
    if (!to)
        return cli_usage_error(CONVERT_USAGE, "deck convert: --to is missing: text, brsd or json");
    if (kind < 0) {
        cli_errorf("--to: unknown value \"%s\" (expected text, brsd or json)", to);
        return EXIT_USAGE;
    }
    if ((code = cli_load_catalog(cli)))
        return code;
    bsk_deck deck;
    size_t problems = 0;
    bsk_deck_init(&deck);
    if ((code = read_deck(cli, operands[0], NULL, &deck, &problems)))
        return code;
    if (problems) {
        cli_errorf("%s: not converted; fix the problems above first", operands[0]);
        bsk_deck_free(&deck);
        return EXIT_FAILS_CHECK;
    }
    bsk_error error;
    size_t length;
    bsk_error_clear(&error);
    char *text = bsk_decklist_write(&deck, (bsk_decklist_kind)kind, &cli->catalog.pool, &length, &error);
    bsk_deck_free(&deck);
    if (!text) {
        cli_print_error(&error);
        return EXIT_FAILS_CHECK;
    }
    /* -o: whole or not at all (issue 10 #1); stdout is checked once at exit (main.c) */
    code = output ? cli_write_file(output, text, length) : EXIT_OK;
    if (!output)
        fwrite(text, 1, length, stdout);
    free(text);
    return code;
}

int cmd_deck(bsk_cli *cli)
{
    const char *sub = cli->argc > 1 && 1 < cli->double_dash ? cli->argv[1] : "";
    if (strcmp(sub, "check") == 0)
        return deck_check(cli);
    if (strcmp(sub, "stats") == 0)
        return deck_stats(cli);
    if (strcmp(sub, "convert") == 0)
        return deck_convert(cli);
    return cli_subcommand_error("deck", sub, "deck check FILE|DIR... | deck stats FILE | deck convert FILE --to text|brsd|json");
}
