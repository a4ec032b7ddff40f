/* export_deck.c — `berserk export html deck FILE|DIR... [--format F] -o DIR` (issue 14): each
 * decklist read, checked and counted exactly as `deck check` and `deck stats` do (the same
 * library calls, the same NAME.pool.* beside a deck, the same --date), then written as a page
 * by web-export/deck_page.c. One file: DIR/index.html is its page. Several (or a directory of
 * them): DIR/decks/NAME.html per deck and DIR/index.html listing them all with their verdicts.
 * Exit codes as deck check's: 0 every deck legal, 1 one is illegal (its page is still written),
 * 2 one is unreadable (no page; the index lists it), 3 a page cannot be written. */
#include "berserk/pool.h"
#include "cli.h"
#include "deck_files.h"
#include "deck_page.h"
#include "export.h"
#include "file_read.h"
#include "formats.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>

#define DECK_USAGE "export html deck FILE|DIR... [--format NAME|PATH] [--date YYYY-MM-DD] -o DIR"
#define SLUG_MAX 64

/* ---- Page names ---- */

/* decks/SLUG.html from the file's base name: ASCII letters, digits, '-', '_' and '.' kept, any
 * other run of bytes one '-'; "deck" when nothing is left; "-2", "-3", … when taken. */
static void page_name(const char *file, char (*taken)[SLUG_MAX + 32], size_t taken_count, char *out, size_t out_size)
{
    const char *base = strrchr(file, '/');
    base = base ? base + 1 : file;
    const char *dot = strrchr(base, '.');
    size_t length = dot && dot != base ? (size_t)(dot - base) : strlen(base);
    char slug[SLUG_MAX + 1];
    size_t n = 0;
    for (size_t i = 0; i < length && n < SLUG_MAX; i++) {
        unsigned char c = (unsigned char)base[i];
        bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                    c == '_' || (c == '.' && n > 0);
        if (keep)
            slug[n++] = (char)c;
        else if (n > 0 && slug[n - 1] != '-')
            slug[n++] = '-';
    }
    while (n > 0 && (slug[n - 1] == '-' || slug[n - 1] == '.'))
        n--;
    slug[n] = '\0';
    if (n == 0)
        snprintf(slug, sizeof slug, "deck");
    for (int suffix = 1;; suffix++) {
        if (suffix == 1)
            snprintf(out, out_size, "decks/%s.html", slug);
        else
            snprintf(out, out_size, "decks/%s-%d.html", slug, suffix);
        bool clash = false;
        for (size_t i = 0; i < taken_count && !clash; i++)
            clash = strcmp(taken[i], out) == 0;
        if (!clash)
            return;
    }
}

/* ---- One deck ---- */

typedef struct deck_result {
    bsk_deck_status status;
    int cards;
    int errors;
    int warnings;
    char name[BSK_DECK_NAME_MAX];
    char elements[160];
    char problem[5200];
} deck_result;

/* Reads a pool beside a deck; any problem makes the deck unreadable (as deck check: a pool with
 * bad lines would report not_in_pool for cards the player owns). */
static bool read_pool(bsk_cli *cli, const char *path, const bsk_format *format, bsk_deck *pool_deck, char *problem,
                      size_t problem_size)
{
    bsk_deck_report report;
    bsk_error error;
    bsk_deck_report_init(&report);
    bsk_error_clear(&error);
    bool ok = false;
    if (bsk_decklist_read(path, &cli->catalog.pool, format, pool_deck, &report, &error)) {
        char text[1024];
        bsk_error_format(&error, text, sizeof text);
        snprintf(problem, problem_size, "pool %s", text);
    } else if (report.count) {
        bsk_deck_report_sort(&report);
        snprintf(problem, problem_size, "%s: not a usable pool (%zu problem%s; the first: line %d: %s)", path,
                 report.count + report.more, report.count + report.more == 1 ? "" : "s", report.items[0].line,
                 report.items[0].message);
    } else {
        ok = true;
    }
    bsk_utf8_trim_cut(problem);
    bsk_deck_report_free(&report);
    return ok;
}

/* Reads and checks one decklist, and writes its page as DIR/NAME. Returns the file's exit code:
 * 0 legal, 1 illegal, 2 unreadable (nothing written), 3 the page cannot be written. */
static int export_one(bsk_cli *cli, const char *path, const bsk_format *format, const char *date, const char *dir,
                      const char *name, const char *index_href, deck_result *result)
{
    bsk_deck deck, pool_deck;
    bsk_deck_report report;
    bsk_error error;
    char pool_path[4096];
    char *data = NULL;
    size_t length = 0;
    bsk_deck_init(&deck);
    bsk_deck_init(&pool_deck);
    bsk_deck_report_init(&report);
    bsk_error_clear(&error);
    memset(result, 0, sizeof *result);
    result->status = BSK_DECK_UNREADABLE;
    bool has_pool = cli_sibling_pool(path, pool_path, sizeof pool_path);

    if (format->pool && !has_pool) {
        snprintf(result->problem, sizeof result->problem,
                 "format %s needs the player's pool: a NAME.pool.txt beside the deck", format->id);
    } else if (has_pool && !read_pool(cli, pool_path, format, &pool_deck, result->problem, sizeof result->problem)) {
        /* the problem says why */
    } else {
        /* the bytes once: parsed as deck check parses them, and listed line by line on the page */
        bsk_status status = bsk_file_read(path, BSK_DECK_FILE_MAX, "decklist.file", &data, &length, &error);
        if (status == BSK_OK)
            status = bsk_decklist_parse(data, length, bsk_decklist_kind_for_path(path), path, &cli->catalog.pool,
                                        format, &deck, &report, &error);
        if (status == BSK_ERR_LIMIT)
            bsk_error_set(&error, BSK_ERR_LIMIT, "decklist.size", "over the 1 MB decklist limit");
        if (status) {
            bsk_error_format(&error, result->problem, sizeof result->problem);
            bsk_utf8_trim_cut(result->problem);
        }
    }
    int code = EXIT_USAGE;
    bsk_deck_stats stats;
    memset(&stats, 0, sizeof stats);
    if (!result->problem[0]) {
        bsk_deck_check(&deck, format, has_pool ? &pool_deck : NULL, date, &cli->catalog.pool, &report);
        bsk_deck_report_sort(&report);
        for (size_t i = 0; i < report.count; i++)
            report.items[i].warning ? result->warnings++ : result->errors++;
        result->errors += (int)report.more;
        result->status = result->errors ? BSK_DECK_ILLEGAL : BSK_DECK_LEGAL;
        result->cards = bsk_deck_total(&deck);
        bsk_utf8_copy(result->name, sizeof result->name, deck.name);
        for (size_t i = 0; i < report.count; i++) {
            const bsk_deck_issue *issue = &report.items[i];
            if (issue->warning)
                continue;
            if (issue->line)
                snprintf(result->problem, sizeof result->problem, "line %d: %s: %s", issue->line, issue->code,
                         issue->message);
            else
                snprintf(result->problem, sizeof result->problem, "%s: %s", issue->code, issue->message);
            bsk_utf8_trim_cut(result->problem);
            break;
        }
        if (bsk_deck_stats_compute(&deck, format->squad.deal, &stats, &error)) {
            cli_print_error(&error);
            code = EXIT_FAILURE_IO;
        } else {
            size_t used = 0;
            for (int e = 0; e <= BSK_ELEMENT_COUNT && used < sizeof result->elements; e++)
                if (stats.by_element[e]) {
                    int n = snprintf(result->elements + used, sizeof result->elements - used, "%s%s %d",
                                     used ? ", " : "", bsk_element_id(e), stats.by_element[e]);
                    used += n > 0 ? (size_t)n : 0;
                }
            bsk_deck_page page = {.file = path,
                                  .source = data,
                                  .source_length = length,
                                  .deck = &deck,
                                  .report = &report,
                                  .stats = &stats,
                                  .format = format,
                                  .date = date,
                                  .index_href = index_href};
            cli_text text;
            if (!cli_text_open(&text, name)) {
                code = EXIT_FAILURE_IO;
            } else {
                bsk_deck_page_write(text.out, &page);
                code = export_write(dir, name, &text);
                if (!code)
                    code = result->errors ? EXIT_FAILS_CHECK : EXIT_OK;
            }
        }
    }
    bsk_deck_stats_free(&stats);
    free(data);
    bsk_deck_free(&deck);
    bsk_deck_free(&pool_deck);
    bsk_deck_report_free(&report);
    return code;
}

/* ---- The command ---- */

static void print_result(const bsk_cli *cli, const char *path, const deck_result *result, const char *dir,
                         const char *name)
{
    char path_shown[4096], page_shown[4096], page[4096 + 64];
    if (result->status == BSK_DECK_UNREADABLE) {
        char problem[sizeof result->problem];
        printf("%s: unreadable — %s\n", cli_shown(path, path_shown, sizeof path_shown),
               cli_shown(result->problem, problem, sizeof problem));
        return;
    }
    if (cli->quiet && result->status == BSK_DECK_LEGAL)
        return;
    snprintf(page, sizeof page, "%s/%s", dir, name);
    printf("%s: %s — %d card%s", cli_shown(path, path_shown, sizeof path_shown),
           result->status == BSK_DECK_LEGAL ? "legal" : "ILLEGAL", result->cards, result->cards == 1 ? "" : "s");
    if (result->errors)
        printf(", %d error%s", result->errors, result->errors == 1 ? "" : "s");
    printf(" → %s\n", cli_shown(page, page_shown, sizeof page_shown));
}

int cli_export_deck(bsk_cli *cli)
{
    const char *format_option = NULL, *dir = NULL;
    const cli_option options[] = {{"-o", true, &dir, NULL}, {"--format", true, &format_option, NULL}};
    const char **operands = calloc((size_t)cli->argc + 1, sizeof *operands);
    size_t operand_count = 0;
    /* from argv[2] (KIND is operand 0): the help table that cli_parse checks options against
     * is the one of "export html" */
    int code = operands ? cli_parse(cli, 2, options, 2, operands, &operand_count, (size_t)cli->argc)
                        : EXIT_FAILURE_IO;
    if (!code && operand_count < 2)
        code = cli_usage_error(DECK_USAGE, "export html deck: FILE|DIR is missing");
    if (!code)
        code = export_directory("deck", dir);
    bsk_format *format = code ? NULL : malloc(sizeof *format);
    if (!code && !format)
        code = EXIT_FAILURE_IO;
    if (!code)
        code = cli_load_format(cli, format_option, format);
    if (code) {
        free(format);
        free(operands);
        return code;
    }
    char date[16];
    if (cli->date)
        snprintf(date, sizeof date, "%s", cli->date);
    else
        cli_today_utc(date, sizeof date);

    cli_path_list paths = {0};
    int worst = EXIT_OK;
    for (size_t i = 1; i < operand_count; i++) {
        char shown_dir[4096];
        if (!cli_is_directory(operands[i])) {
            cli_path_list_push(&paths, operands[i]);
            continue;
        }
        long found = cli_decklist_directory(operands[i], &paths);
        if (found <= 0) { /* DESIGN §4: an argument that yields no usable input file is exit 2 */
            cli_errorf(found < 0 ? "%s: cannot read the directory"
                                 : "%s: no decklist (*.txt, *.brsd, *.json) in this directory",
                       cli_shown(operands[i], shown_dir, sizeof shown_dir));
            worst = EXIT_USAGE;
        }
    }
    bool single = paths.count == 1;
    deck_result *results = calloc(paths.count + 1, sizeof *results);
    char (*names)[SLUG_MAX + 32] = calloc(paths.count + 1, sizeof *names);
    bsk_deck_index_entry *entries = calloc(paths.count + 1, sizeof *entries);
    if (!results || !names || !entries) {
        cli_errorf("out of memory");
        worst = EXIT_FAILURE_IO;
    }
    for (size_t i = 0; worst != EXIT_FAILURE_IO && i < paths.count; i++) {
        if (single)
            snprintf(names[i], sizeof names[i], "index.html");
        else
            page_name(paths.items[i], names, i, names[i], sizeof names[i]);
        int file_code = export_one(cli, paths.items[i], format, date, dir, names[i], single ? NULL : "../index.html",
                                   &results[i]);
        print_result(cli, paths.items[i], &results[i], dir, names[i]);
        fflush(stdout);
        if (file_code > worst)
            worst = file_code;
        entries[i] = (bsk_deck_index_entry){.file = paths.items[i],
                                            .name = results[i].name,
                                            .href = results[i].status == BSK_DECK_UNREADABLE ? NULL : names[i],
                                            .status = results[i].status,
                                            .cards = results[i].cards,
                                            .errors = results[i].errors,
                                            .warnings = results[i].warnings,
                                            .elements = results[i].elements,
                                            .problem = results[i].problem};
    }
    if (!single && paths.count > 0 && worst != EXIT_FAILURE_IO) {
        cli_text text;
        int index_code = cli_text_open(&text, "index.html") ? EXIT_OK : EXIT_FAILURE_IO;
        if (!index_code) {
            bsk_deck_index_write(text.out, format, date, entries, paths.count);
            index_code = export_write(dir, "index.html", &text);
        }
        if (index_code > worst)
            worst = index_code;
        if (!index_code) {
            size_t legal = 0, illegal = 0;
            for (size_t i = 0; i < paths.count; i++) {
                legal += results[i].status == BSK_DECK_LEGAL;
                illegal += results[i].status == BSK_DECK_ILLEGAL;
            }
            char dir_shown[4096];
            printf("%s/index.html: %zu files: %zu legal, %zu illegal, %zu unreadable (%s, %s)\n",
                   cli_shown(dir, dir_shown, sizeof dir_shown), paths.count, legal, illegal, paths.count - legal - illegal,
                   format->id, date);
        }
    }
    free(entries);
    free(names);
    free(results);
    cli_path_list_free(&paths);
    free(format);
    free(operands);
    return worst;
}
