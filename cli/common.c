/* common.c — option parsing for subcommands, opening the store on demand, and the
 * output helpers every subcommand uses. */
#include "cli.h"
#include "formats.h"

#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void cli_errorf(const char *format, ...)
{
    va_list args;
    fputs("berserk: ", stderr);
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fputc('\n', stderr);
}

void cli_print_error(const bsk_error *error)
{
    char text[1024];
    bsk_error_format(error, text, sizeof text);
    fprintf(stderr, "berserk: %s\n", text);
}

int cli_exit_for_status(bsk_status status)
{
    switch (status) {
    case BSK_OK:
        return EXIT_OK;
    case BSK_ERR_INVALID:
    case BSK_ERR_LIMIT:
    case BSK_ERR_IO:
    case BSK_ERR_NOT_FOUND:
        return EXIT_USAGE;
    default:
        return EXIT_FAILURE_IO;
    }
}

/* Digits only, at most 20 of them; the value, or false past UINT64_MAX. */
static bool parse_digits(const char *text, unsigned long long *out)
{
    unsigned long long value = 0;
    if (!*text)
        return false;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9')
            return false;
        unsigned digit = (unsigned)(*p - '0');
        if (value > (ULLONG_MAX - digit) / 10)
            return false;
        value = value * 10 + digit;
    }
    *out = value;
    return true;
}

bool cli_parse_int(const char *option, const char *text, long long min, long long max, long long *out)
{
    bool negative = min < 0 && text[0] == '-';
    unsigned long long magnitude;
    bool ok = parse_digits(text + negative, &magnitude) && magnitude <= (unsigned long long)LLONG_MAX;
    long long value = ok ? (negative ? -(long long)magnitude : (long long)magnitude) : 0;
    if (!ok || value < min || value > max) {
        cli_errorf("%s must be an integer %lld..%lld, not \"%s\"", option, min, max, text);
        return false;
    }
    *out = value;
    return true;
}

int cli_parse(bsk_cli *cli, int first, const cli_option *options, size_t option_count, const char **operands,
              size_t *operand_count, size_t operand_max)
{
    *operand_count = 0;
    for (int i = first; i < cli->argc; i++) {
        const char *arg = cli->argv[i];
        bool is_option = i < cli->double_dash && arg[0] == '-' && arg[1] != '\0';
        if (!is_option) {
            if (*operand_count >= operand_max) {
                cli_errorf("unexpected argument \"%s\"", arg);
                return EXIT_USAGE;
            }
            operands[(*operand_count)++] = arg;
            continue;
        }
        const char *eq = strchr(arg, '=');
        size_t name_length = eq ? (size_t)(eq - arg) : strlen(arg);
        const cli_option *match = NULL;
        for (size_t o = 0; o < option_count; o++)
            if (strlen(options[o].name) == name_length && strncmp(options[o].name, arg, name_length) == 0)
                match = &options[o];
        if (!match) {
            cli_errorf("unknown option \"%.*s\" for \"%s\"", (int)name_length, arg, cli->argv[0]);
            return EXIT_USAGE;
        }
        if (!match->takes_value) {
            if (eq) {
                cli_errorf("%s takes no value", match->name);
                return EXIT_USAGE;
            }
            *match->flag = true;
        } else if (eq) {
            *match->value = eq + 1;
        } else if (i + 1 < cli->argc) {
            *match->value = cli->argv[++i];
        } else {
            cli_errorf("%s needs a value", match->name);
            return EXIT_USAGE;
        }
    }
    return EXIT_OK;
}

int cli_open_store(bsk_cli *cli)
{
    bsk_error error;
    bsk_error_clear(&error);
    if (cli->store)
        return EXIT_OK;
    if (cli->db_option)
        snprintf(cli->db_path, sizeof cli->db_path, "%s", cli->db_option);
    else if (bsk_store_default_path(cli->db_path, sizeof cli->db_path, &error)) {
        cli_print_error(&error);
        return EXIT_FAILURE_IO;
    }
    bsk_status status = bsk_store_open(cli->db_path, &cli->store, &error);
    if (status == BSK_ERR_INVALID) { /* not a berserk store: a whole file in no recognised format, exit 2 */
        cli_print_error(&error);
        return EXIT_USAGE;
    }
    if (!status)
        status = cli->empty ? bsk_store_mark_empty(cli->store, &error) : bsk_store_ensure_catalog(cli->store, &error);
    if (status) {
        cli_print_error(&error);
        return EXIT_FAILURE_IO;
    }
    return EXIT_OK;
}

int cli_load_catalog(bsk_cli *cli)
{
    bsk_error error;
    bsk_error_clear(&error);
    if (cli->catalog_loaded)
        return EXIT_OK;
    int code = cli_open_store(cli);
    if (code)
        return code;
    bsk_status status = bsk_store_load(cli->store, &cli->catalog, &error);
    if (!status)
        status = bsk_pool_index(&cli->catalog.pool, &error);
    if (status) {
        cli_print_error(&error);
        return EXIT_FAILURE_IO;
    }
    cli->catalog_loaded = true;
    return EXIT_OK;
}

void cli_close(bsk_cli *cli)
{
    bsk_catalog_free(&cli->catalog);
    cli->catalog_loaded = false;
    bsk_store_close(cli->store);
    cli->store = NULL;
}

void cli_print_json(json_t *value)
{
    char *text = json_dumps(value, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    if (text) {
        fputs(text, stdout);
        fputc('\n', stdout);
        free(text);
    }
    json_decref(value);
}

void cli_print_padded(FILE *out, const char *text, size_t width)
{
    size_t used = bsk_utf8_width(text);
    fputs(text, out);
    for (; used < width; used++)
        fputc(' ', out);
}

const char *cli_bold(const bsk_cli *cli)
{
    return cli->color ? "\033[1m" : "";
}

const char *cli_reset(const bsk_cli *cli)
{
    return cli->color ? "\033[0m" : "";
}

void cli_format_cost(const bsk_cli *cli, const bsk_card *card, char *out, size_t out_size)
{
    const char *x = card->cost_x ? "X" : "";
    if (!cli->color) /* symbols on a terminal, words in pipes and with --no-color */
        snprintf(out, out_size, "%d%s %s", card->cost, x, card->elite ? "gold" : "silver");
    else
        snprintf(out, out_size, "%d%s%s", card->cost, x, card->elite ? "◆" : "◇");
}

int cli_read_deck_cards(bsk_cli *cli, const char *path, const bsk_format *format, const bsk_card **cards, int max,
                        int *count)
{
    bsk_deck deck;
    bsk_deck_report report;
    bsk_error error;
    bsk_deck_init(&deck);
    bsk_deck_report_init(&report);
    bsk_error_clear(&error);
    int code = EXIT_OK;
    if (bsk_decklist_read(path, &cli->catalog.pool, format, &deck, &report, &error)) {
        cli_print_error(&error);
        code = EXIT_USAGE;
    } else if (report.count) {
        cli_errorf("%s: the decklist has problems (line %d: %s); run berserk deck check", path, report.items[0].line,
                   report.items[0].message);
        code = EXIT_USAGE;
    }
    *count = 0;
    for (size_t i = 0; !code && i < deck.count; i++)
        for (int c = 0; c < deck.entries[i].count; c++) {
            if (*count >= max) {
                cli_errorf("%s: more than %d cards", path, max);
                code = EXIT_USAGE;
                break;
            }
            cards[(*count)++] = deck.entries[i].card;
        }
    bsk_deck_free(&deck);
    bsk_deck_report_free(&report);
    return code;
}

