/* cmd_position.c — `berserk position FILE [--json] [--log OUT]` (DESIGN §5 "Position scenarios"):
 * the file is read (formats/position_file.c), set up and played by lib's runner (position_run.c), and
 * printed; --log writes the run as a game log (formats/game_log.c) that `berserk replay` checks. */
#include "cli.h"
#include "game_log.h"
#include "position_file.h"
#include "position_text.h"

#include "berserk/position.h"

#include <stdlib.h>
#include <string.h>

enum { LOG_CAPACITY = 8192, EVENT_CAPACITY = 256 };

typedef struct position_run {
    bsk_position_file file;
    bsk_match match;
    bsk_card_table cards;
    bsk_record records[LOG_CAPACITY];
    bsk_event events[EVENT_CAPACITY];
} position_run;

/* The log in memory, then written whole (cli_write_file). */
static int write_log(const char *path, const bsk_cli *cli, const position_run *run, const bsk_record_list *log)
{
    cli_text text;
    if (!cli_text_open(&text, path))
        return EXIT_FAILURE_IO;
    FILE *out = text.out;
    bsk_game_log_write_position_header(out, cli->catalog.revision, &run->file);
    for (size_t i = 0; i < log->count; i++)
        bsk_game_log_write_record(out, &log->items[i]);
    bsk_game_log_write_end(out, &run->match);
    return cli_text_write(&text, path);
}

int cmd_position(bsk_cli *cli)
{
    const char *log_path = NULL;
    const cli_option options[] = {{"--log", true, &log_path, NULL}};
    const char *path;
    int code = cli_parse_one_operand(cli, 1, options, 1,
                                     "position FILE [--json] [--log OUT] (FILE: a JSON position, at most 1 MiB)",
                                     "position: FILE is missing", &path);
    if (code)
        return code;
    position_run *run = cli_load_catalog_and_alloc(cli, sizeof *run, &code);
    if (!run)
        return code;
    bsk_error error;
    bsk_error_clear(&error);
    bsk_status status = bsk_position_read(path, &cli->catalog.pool, &run->file, &error);
    if (!status) {
        status = bsk_synthetic_table(&run->file.synthetic, &run->file.position, &run->cards, &error);
        if (!status)
            status = bsk_match_from_position(&run->match, &run->cards, &run->file.position, &error);
        if (status) { /* a board the rules do not allow (two cards on a cell, a symbiote without host) */
            bsk_error_set_file(&error, path);
            char message[BSK_ERROR_MESSAGE_MAX], rule[BSK_ERROR_RULE_MAX];
            snprintf(message, sizeof message, "%s", error.message);
            snprintf(rule, sizeof rule, "%s", error.rule);
            bsk_error_set(&error, status, rule, "%s [%s]", message, rule);
        }
    }
    if (status) {
        cli_print_error(&error);
        free(run);
        return cli_exit_for_status(status);
    }
    bsk_position_script script = {run->file.actions, run->file.action_count, run->file.decisions,
                                  run->file.decision_count};
    bsk_record_list log = {run->records, 0, LOG_CAPACITY, 0};
    bsk_position_outcome outcome;
    bsk_position_run(&run->match, &run->cards, &script, run->events, EVENT_CAPACITY, &log, &outcome);
    if (cli->json)
        cli_print_json(bsk_position_output_json(&run->match, &run->cards, &log, &outcome));
    else
        bsk_position_print_text(stdout, &run->match, &run->cards, &log, &outcome);
    code = outcome.stop == BSK_POSITION_DONE ? EXIT_OK
           : outcome.stop == BSK_POSITION_ILLEGAL ? EXIT_FAILS_CHECK
                                                  : EXIT_USAGE; /* the file's dice (DESIGN §5) */
    if (code) {
        char where[48] = "";
        if (outcome.step && outcome.index >= 0)
            snprintf(where, sizeof where, "%s[%d]: ", outcome.step, outcome.index);
        cli_errorf("%s: %s%s [%s] %s", path, where, outcome.code, outcome.error.rule, outcome.error.message);
    }
    if (log.dropped) {
        cli_errorf("%s: more than %d log records", path, LOG_CAPACITY);
        code = code > EXIT_USAGE ? code : EXIT_USAGE;
    }
    if (log_path) {
        int written = write_log(log_path, cli, run, &log);
        code = written > code ? written : code;
    }
    free(run);
    return code;
}
