/* common.c — option parsing for subcommands, opening the store on demand, and the
 * output helpers every subcommand uses. */
#include "cli.h"
#include "file_read.h"
#include "formats.h"
#include "help.h"
#include "json_reader.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void cli_errorf(const char *format, ...)
{
    va_list args;
    fputs("berserk: ", stderr);
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fputc('\n', stderr);
}

int cli_usage_error(const char *usage, const char *format, ...)
{
    va_list args;
    fputs("berserk: ", stderr);
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fprintf(stderr, " (usage: berserk %s)\n", usage);
    return EXIT_USAGE;
}

int cli_subcommand_error(const char *command, const char *given, const char *usage)
{
    if (!*given)
        return cli_usage_error(usage, "%s: a subcommand is needed", command);
    return cli_usage_error(usage, "%s: unknown subcommand \"%s\"", command, given);
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

/* "catalog sync": the command words before argv[first]. */
static void command_name(const bsk_cli *cli, int first, char *out, size_t out_size)
{
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < first && i < cli->argc && used < out_size; i++) {
        int n = snprintf(out + used, out_size - used, "%s%s", i ? " " : "", cli->argv[i]);
        used += n > 0 ? (size_t)n : 0;
    }
}

int cli_parse(bsk_cli *cli, int first, const cli_option *options, size_t option_count, const char **operands,
              size_t *operand_count, size_t operand_max)
{
    char command[128];
    command_name(cli, first, command, sizeof command);
    *operand_count = 0;
#ifndef NDEBUG
    /* The help table (cli/help.c) lists every option a command takes (issue 10 #11). */
    /* `export html KIND` (first == 3) is documented by its "export html" entry */
    const help_command *help = first >= 2 ? help_find(cli->argv[0], cli->argv[1])
                               : first == 1 ? help_find(cli->argv[0], "") /* a one-word command */
                                            : NULL;
    for (size_t o = 0; o < option_count; o++)
        if (!help || !help_has_option(help, options[o].name)) {
            fprintf(stderr, "berserk: internal error: %s is not in the help of \"%s %s\" (cli/help.c)\n",
                    options[o].name, cli->argv[0], first >= 2 ? cli->argv[1] : "");
            abort();
        }
#endif
    for (int i = first; i < cli->argc; i++) {
        const char *arg = cli->argv[i];
        bool is_option = i < cli->double_dash && arg[0] == '-' && arg[1] != '\0';
        if (!is_option) {
            if (*operand_count >= operand_max) {
                if (operand_max == 0)
                    cli_errorf("unexpected argument \"%s\": %s takes no operands", arg, command);
                else
                    cli_errorf("unexpected argument \"%s\": %s takes %s%zu operand%s", arg, command,
                               operand_max == 1 ? "" : "at most ", operand_max, operand_max == 1 ? "" : "s");
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
            fprintf(stderr, "berserk: unknown option \"%.*s\" for %s ", (int)name_length, arg, command);
            if (option_count == 0)
                fputs("(it takes only the global options: berserk --help)", stderr);
            for (size_t o = 0; o < option_count; o++)
                fprintf(stderr, "%s%s", o ? ", " : "(its options: ", options[o].name);
            fputs(option_count ? ")\n" : "\n", stderr);
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

int cli_parse_one_operand(bsk_cli *cli, int first, const cli_option *options, size_t option_count, const char *usage,
                          const char *missing, const char **operand)
{
    const char *operands[1];
    size_t operand_count;
    int code = cli_parse(cli, first, options, option_count, operands, &operand_count, 1);
    if (code)
        return code;
    if (operand_count != 1)
        return cli_usage_error(usage, "%s", missing);
    *operand = operands[0];
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

void *cli_load_catalog_and_alloc(bsk_cli *cli, size_t size, int *code)
{
    if ((*code = cli_load_catalog(cli)))
        return NULL;
    void *state = malloc(size);
    if (!state) {
        cli_errorf("out of memory");
        *code = EXIT_FAILURE_IO;
    }
    return state;
}

void cli_close(bsk_cli *cli)
{
    bsk_catalog_free(&cli->catalog);
    cli->catalog_loaded = false;
    bsk_store_close(cli->store);
    cli->store = NULL;
}

/* Writes the whole of `data` to a temporary file beside the target, syncs it and renames
 * it over the target: a failed write (a full disk, a file size limit) leaves the user's
 * file as it was and no cut file (issue 10 #1). */
static int write_replacing(const char *path, const char *data, size_t length, mode_t mode)
{
    char temporary[PATH_MAX + 16];
    if (snprintf(temporary, sizeof temporary, "%s.tmp.XXXXXX", path) >= (int)sizeof temporary) {
        cli_errorf("%s: cannot write: %s", path, strerror(ENAMETOOLONG));
        return EXIT_FAILURE_IO;
    }
    int fd = mkstemp(temporary);
    if (fd < 0) {
        cli_errorf("%s: cannot write: %s", path, strerror(errno));
        return EXIT_FAILURE_IO;
    }
    FILE *file = fdopen(fd, "wb");
    bool ok = file && fchmod(fd, mode) == 0 && fwrite(data, 1, length, file) == length && fflush(file) == 0 &&
              fsync(fd) == 0;
    int saved = errno;
    if (file ? fclose(file) != 0 : close(fd) != 0) {
        saved = ok ? errno : saved;
        ok = false;
    }
    if (ok && rename(temporary, path) != 0) {
        saved = errno;
        ok = false;
    }
    if (!ok) {
        unlink(temporary);
        cli_errorf("%s: cannot write: %s", path, strerror(saved));
        return EXIT_FAILURE_IO;
    }
    return EXIT_OK;
}

bool cli_make_directories(char *path)
{
    for (char *p = path + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        bool ok = mkdir(path, 0755) == 0 || errno == EEXIST;
        *p = '/';
        if (!ok)
            return false;
    }
    struct stat st;
    if (!(mkdir(path, 0755) == 0 || errno == EEXIST) || stat(path, &st) != 0)
        return false;
    if (!S_ISDIR(st.st_mode))
        errno = ENOTDIR;
    return S_ISDIR(st.st_mode);
}

bool cli_text_open(cli_text *text, const char *path)
{
    text->data = NULL;
    text->length = 0;
    text->out = open_memstream(&text->data, &text->length);
    if (!text->out)
        cli_errorf("%s: cannot write: out of memory", path);
    return text->out != NULL;
}

int cli_text_write(cli_text *text, const char *path)
{
    fclose(text->out);
    int code = cli_write_file(path, text->data, text->length);
    free(text->data);
    text->data = NULL;
    return code;
}

int cli_write_file(const char *path, const char *data, size_t length)
{
    struct stat st;
    char target[PATH_MAX];
    /* A symbolic link: replace the file it points to and keep the link. */
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode) && realpath(path, target))
        path = target;
    bool exists = stat(path, &st) == 0;
    if (exists && access(path, W_OK) != 0) { /* a read-only file stays so, as an fopen would have kept it */
        cli_errorf("%s: cannot write: %s", path, strerror(errno));
        return EXIT_FAILURE_IO;
    }
    if (!exists || S_ISREG(st.st_mode)) {
        mode_t mask = umask(0);
        umask(mask);
        return write_replacing(path, data, length, exists ? st.st_mode & 07777 : 0666 & ~mask);
    }
    /* A device or a pipe (-o /dev/stdout): written in place, never replaced. */
    FILE *file = fopen(path, "wb");
    bool ok = file && fwrite(data, 1, length, file) == length && fflush(file) == 0;
    int saved = errno;
    if (file && fclose(file) != 0 && ok) {
        saved = errno;
        ok = false;
    }
    if (!ok) {
        cli_errorf("%s: cannot write: %s", path, strerror(saved));
        return EXIT_FAILURE_IO;
    }
    return EXIT_OK;
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

/* The terminal columns of the first `bytes` bytes of a UTF-8 string (one a code point). */
static size_t utf8_columns(const char *text, size_t bytes)
{
    size_t columns = 0;
    for (size_t i = 0; i < bytes; i++)
        columns += ((unsigned char)text[i] & 0xC0) != 0x80;
    return columns;
}

void cli_print_wrapped(FILE *out, const char *first, const char *indent, const char *text, size_t width)
{
    fputs(first, out);
    size_t used = bsk_utf8_width(first), margin = bsk_utf8_width(indent);
    bool line_empty = true;
    while (*text) {
        while (*text == ' ')
            text++;
        size_t length = strcspn(text, " ");
        if (!length)
            break;
        size_t columns = utf8_columns(text, length);
        if (!line_empty && used + 1 + columns > width) {
            fputc('\n', out);
            fputs(indent, out);
            used = margin;
            line_empty = true;
        }
        if (!line_empty) {
            fputc(' ', out);
            used++;
        }
        fwrite(text, 1, length, out);
        used += columns;
        line_empty = false;
        text += length;
    }
    fputc('\n', out);
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
        const bsk_deck_issue *first = &report.items[0];
        if (first->path[0]) /* a JSON decklist: its messages start with their JSON path, not a line */
            cli_errorf("%s: the decklist has problems (%s); run berserk deck check", path, first->message);
        else
            cli_errorf("%s: the decklist has problems (line %d: %s); run berserk deck check", path, first->line,
                       first->message);
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

int cli_load_format(bsk_cli *cli, const char *option, bsk_format *format)
{
    bsk_error error;
    bsk_error_clear(&error);
    const char *name = option ? option : "constructed";
    if (bsk_format_find(name, format, &error)) {
        cli_print_error(&error);
        return EXIT_USAGE;
    }
    int code = cli_load_catalog(cli);
    if (code)
        return code;
    if (bsk_format_check_names(format, name, &cli->catalog.pool, &error)) {
        cli_print_error(&error);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}
