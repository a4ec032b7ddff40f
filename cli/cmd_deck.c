/* cmd_deck.c — `berserk deck check|stats|convert` (DESIGN §4). `check` validates any
 * number of decklists (a tournament's registrations: files and directories) against a
 * format on a date and reports every problem, as text or in the JSON contract. */
#include "cli.h"
#include "formats.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>

static void today_utc(char *out, size_t out_size)
{
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(out, out_size, "%Y-%m-%d", &tm);
}

static bool is_directory(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool has_decklist_extension(const char *name)
{
    const char *dot = strrchr(name, '.');
    return dot && (strcasecmp(dot, ".txt") == 0 || strcasecmp(dot, ".brsd") == 0 || strcasecmp(dot, ".json") == 0);
}

/* NAME.pool.EXT files are pools, not decks. */
static bool is_pool_file(const char *name)
{
    const char *dot = strrchr(name, '.');
    return dot && dot - name >= 5 && strncmp(dot - 5, ".pool", 5) == 0;
}

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

typedef struct path_list {
    char **items;
    size_t count;
    size_t capacity;
} path_list;

static bool push_path(path_list *list, const char *path)
{
    if (list->count == list->capacity) {
        size_t capacity = list->capacity ? list->capacity * 2 : 64;
        char **items = realloc(list->items, capacity * sizeof *items);
        if (!items)
            return false;
        list->items = items;
        list->capacity = capacity;
    }
    list->items[list->count] = strdup(path);
    return list->items[list->count++] != NULL;
}

static void free_paths(path_list *list)
{
    for (size_t i = 0; i < list->count; i++)
        free(list->items[i]);
    free(list->items);
}

/* A directory contributes its *.txt, *.brsd and *.json files, not recursively, sorted. */
static bool expand_directory(const char *dir, path_list *list)
{
    DIR *handle = opendir(dir);
    if (!handle)
        return false;
    size_t first = list->count;
    struct dirent *item;
    while ((item = readdir(handle))) {
        char path[4096];
        if (item->d_name[0] == '.' || !has_decklist_extension(item->d_name) || is_pool_file(item->d_name))
            continue;
        snprintf(path, sizeof path, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", item->d_name);
        if (!is_directory(path))
            push_path(list, path);
    }
    closedir(handle);
    qsort(list->items + first, list->count - first, sizeof *list->items, compare_strings);
    return true;
}

/* NAME.pool.{txt,brsd,json} beside NAME.EXT, or NULL. */
static bool sibling_pool(const char *deck_path, char *out, size_t out_size)
{
    static const char *const EXTENSIONS[] = {"txt", "brsd", "json"};
    char base[4096];
    snprintf(base, sizeof base, "%s", deck_path);
    char *dot = strrchr(base, '.');
    char *slash = strrchr(base, '/');
    if (dot && (!slash || dot > slash))
        *dot = '\0';
    for (size_t i = 0; i < 3; i++) {
        struct stat st;
        if (snprintf(out, out_size, "%s.pool.%s", base, EXTENSIONS[i]) < (int)out_size && stat(out, &st) == 0)
            return true;
    }
    return false;
}

static json_t *issue_json(const bsk_deck_issue *issue)
{
    json_t *object = json_object();
    json_object_set_new(object, "code", json_string(issue->code));
    json_object_set_new(object, "card", issue->card[0] ? json_string(issue->card) : json_null());
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
    json_object_set_new(object, "rule", json_string(issue->rule));
    json_object_set_new(object, "message", json_string(issue->message));
    if (issue->suggestion_count >= 0) {
        json_t *suggestions = json_array();
        for (int i = 0; i < issue->suggestion_count; i++)
            json_array_append_new(suggestions, json_string(issue->suggestions[i]));
        json_object_set_new(object, "suggestions", suggestions);
    }
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
    char where[32];
    if (issue->warning)
        snprintf(where, sizeof where, "warning");
    else if (issue->line)
        snprintf(where, sizeof where, "line %d", issue->line);
    else
        snprintf(where, sizeof where, "deck");
    printf("  %-9s %-20s %s [%s]\n", where, issue->code, issue->message, issue->rule);
    if (issue->suggestion_count > 1) {
        printf("            did you mean:");
        for (int i = 0; i < issue->suggestion_count; i++)
            printf("%s %s", i ? "," : "", issue->suggestions[i]);
        printf("\n");
    }
}

/* Checks one decklist; appends its JSON result or prints its summary. Returns the exit
 * code for this file. */
static int check_one(bsk_cli *cli, const char *path, const bsk_format *format, const char *pool_option,
                     const char *date, json_t *results, check_totals *totals)
{
    bsk_pool *pool = &cli->catalog.pool;
    bsk_deck deck, pool_deck;
    bsk_deck_report report, pool_report;
    bsk_error error;
    char pool_path[4096];
    const char *pool_file = sibling_pool(path, pool_path, sizeof pool_path) ? pool_path : pool_option;
    bsk_deck_init(&deck);
    bsk_deck_init(&pool_deck);
    bsk_deck_report_init(&report);
    bsk_deck_report_init(&pool_report);
    bsk_error_clear(&error);
    totals->files++;

    bsk_status status = BSK_OK;
    char unreadable[1024] = "";
    if (format->pool && !pool_file) {
        snprintf(unreadable, sizeof unreadable,
                 "format %s needs the player's pool: --pool FILE, or a NAME.pool.txt beside the deck", format->id);
    } else if (pool_file && (status = bsk_decklist_read(pool_file, pool, format, &pool_deck, &pool_report, &error))) {
        char text[900];
        bsk_error_format(&error, text, sizeof text);
        snprintf(unreadable, sizeof unreadable, "pool: %s", text);
    } else if ((status = bsk_decklist_read(path, pool, format, &deck, &report, &error))) {
        bsk_error_format(&error, unreadable, sizeof unreadable);
    }
    int code;
    if (unreadable[0]) {
        totals->unreadable++;
        code = EXIT_USAGE;
        if (results) {
            json_t *result = json_pack("{s:s,s:s,s:n,s:n,s:[],s:[],s:s}", "file", path, "format", format->id, "legal",
                                       "cards", "errors", "warnings", "error", unreadable);
            json_array_append_new(results, result);
        } else {
            printf("%s: unreadable — %s\n", path, unreadable);
        }
    } else {
        bsk_deck_check(&deck, format, pool_file ? &pool_deck : NULL, date, pool, &report);
        bool legal = bsk_deck_report_errors(&report) == 0;
        legal ? totals->legal++ : totals->illegal++;
        code = legal ? EXIT_OK : EXIT_FAILS_CHECK;
        int cards = bsk_deck_total(&deck);
        if (results) {
            json_t *errors = json_array(), *warnings = json_array();
            for (size_t i = 0; i < report.count; i++)
                json_array_append_new(report.items[i].warning ? warnings : errors, issue_json(&report.items[i]));
            json_t *result = json_object();
            json_object_set_new(result, "file", json_string(path));
            json_object_set_new(result, "format", json_string(format->id));
            json_object_set_new(result, "legal", json_boolean(legal));
            json_object_set_new(result, "cards", json_integer(cards));
            json_object_set_new(result, "errors", errors);
            json_object_set_new(result, "warnings", warnings);
            json_array_append_new(results, result);
        } else if (!cli->quiet || !legal) {
            printf("%s: %s — %d card%s, %s%s%s\n", path, legal ? "legal" : "ILLEGAL", cards, cards == 1 ? "" : "s",
                   format->id,
                   deck.name[0] ? ", " : "", deck.name);
            for (size_t i = 0; i < report.count; i++)
                print_issue(&report.items[i]);
        }
    }
    bsk_deck_free(&deck);
    bsk_deck_free(&pool_deck);
    bsk_deck_report_free(&report);
    bsk_deck_report_free(&pool_report);
    return code;
}

static int load_format(const char *option, bsk_format *format)
{
    bsk_error error;
    bsk_error_clear(&error);
    bsk_status status = bsk_format_find(option ? option : "constructed", format, &error);
    if (status) {
        cli_print_error(&error);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

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
    if (!format || (code = load_format(format_option, format)) || (code = cli_load_catalog(cli))) {
        free(format);
        free(operands);
        return code ? code : EXIT_FAILURE_IO;
    }
    char date[16];
    if (cli->date)
        snprintf(date, sizeof date, "%s", cli->date);
    else
        today_utc(date, sizeof date);

    path_list paths = {0};
    int worst = EXIT_OK;
    for (size_t i = 0; i < operand_count; i++) {
        if (is_directory(operands[i])) {
            if (!expand_directory(operands[i], &paths)) {
                cli_errorf("%s: cannot read the directory", operands[i]);
                worst = EXIT_USAGE;
            }
        } else {
            push_path(&paths, operands[i]);
        }
    }
    check_totals totals = {0};
    json_t *results = cli->json ? json_array() : NULL;
    for (size_t i = 0; i < paths.count; i++) {
        int file_code = check_one(cli, paths.items[i], format, pool_option, date, results, &totals);
        if (file_code > worst)
            worst = file_code;
    }
    if (results) {
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
    free_paths(&paths);
    free(format);
    free(operands);
    return worst;
}

/* Parses one decklist for stats/convert; prints its problems to stderr. */
static int read_deck(bsk_cli *cli, const char *path, const bsk_format *format, bsk_deck *deck, bool *clean)
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
    for (size_t i = 0; i < report.count; i++) {
        const bsk_deck_issue *issue = &report.items[i];
        if (issue->line)
            fprintf(stderr, "berserk: %s:%d: %s: %s\n", path, issue->line, issue->code, issue->message);
        else
            fprintf(stderr, "berserk: %s: %s: %s\n", path, issue->code, issue->message);
    }
    *clean = report.count == 0;
    bsk_deck_report_free(&report);
    return EXIT_OK;
}

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
    printf("%s%s%s: %d card%s, deal of %d\n", path, deck->name[0] ? " — " : "", deck->name, stats->cards,
           stats->cards == 1 ? "" : "s", stats->deal);
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
    bool clean = true;
    bsk_deck_init(&deck);
    if (!format || (code = load_format(format_option, format)) || (code = cli_load_catalog(cli)) ||
        (code = read_deck(cli, operands[0], format, &deck, &clean))) {
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
        json_object_set_new(root, "file", json_string(operands[0]));
        json_object_set_new(root, "name", json_string(deck.name));
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
    return clean ? EXIT_OK : EXIT_FAILS_CHECK;
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
    bool clean = true;
    bsk_deck_init(&deck);
    if ((code = read_deck(cli, operands[0], NULL, &deck, &clean)))
        return code;
    if (!clean) {
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
