/* cli.h — what every `berserk` subcommand shares: the global options of DESIGN §4, the
 * exit codes, option parsing for a command's own options, the catalogue store opened on
 * demand, and output helpers (JSON, aligned tables, colour, crystals). */
#ifndef BERSERK_CLI_H
#define BERSERK_CLI_H

#include "berserk/format.h"
#include "catalog.h"
#include "store.h"

#include <stdbool.h>
#include <stdio.h>

enum {
    EXIT_OK = 0,
    EXIT_FAILS_CHECK = 1, /* input read, but illegal / not found */
    EXIT_USAGE = 2,       /* bad usage or an unusable file */
    EXIT_FAILURE_IO = 3,  /* network or storage failure */
    EXIT_INTERRUPTED = 130
};

typedef struct bsk_cli {
    /* global options */
    const char *db_option;
    bool empty;
    bool json;
    bool no_color;
    bool seed_set;
    unsigned long long seed;
    const char *date;
    int quiet;
    int verbose;
    /* what is left after the global options: command words, command options, operands */
    int argc;
    char **argv;
    int double_dash; /* index in argv where `--` stood (everything from it is an operand), or argc */
    /* state */
    bool color;
    char db_path[4096];
    bsk_store *store;
    bsk_catalog catalog;
    bool catalog_loaded;
} bsk_cli;

/* A command's own option. `value` receives the argument of an option that takes one;
 * `flag` is set for one that does not. */
typedef struct cli_option {
    const char *name; /* "--limit" */
    bool takes_value;
    const char **value;
    bool *flag;
} cli_option;

/* Parses argv[first..] against the options; collects operands. Returns EXIT_OK or
 * EXIT_USAGE after printing why. */
int cli_parse(bsk_cli *cli, int first, const cli_option *options, size_t option_count, const char **operands,
              size_t *operand_count, size_t operand_max);

/* cli_parse for a command of exactly one operand: a usage error ("berserk: MISSING (usage:
 * berserk USAGE)") when it is absent. Returns EXIT_OK with *operand set, or the exit code. */
int cli_parse_one_operand(bsk_cli *cli, int first, const cli_option *options, size_t option_count, const char *usage,
                          const char *missing, const char **operand);

/* The one strict integer reader for every option (issue 10 #4): optional leading '-' only
 * when min < 0, then decimal digits and nothing else (no spaces, no exponent, no suffix);
 * a value outside min..max is refused, never clamped. On failure prints
 * "berserk: --threads must be an integer 1..64, not \"2x\"" and returns false. */
bool cli_parse_int(const char *option, const char *text, long long min, long long max, long long *out);

/* Opens the store (and imports the bundled catalogue on first use unless --empty).
 * Returns an exit code. */
int cli_open_store(bsk_cli *cli);
/* Opens the store and loads its catalogue into cli->catalog. */
int cli_load_catalog(bsk_cli *cli);
/* cli_load_catalog, then `size` bytes for the command's state ("out of memory" otherwise). Returns the
 * state (the caller frees it), or NULL with *code set to the exit code. */
void *cli_load_catalog_and_alloc(bsk_cli *cli, size_t size, int *code);
/* Finds --format NAME|PATH (constructed without one), loads the catalogue and checks that
 * every name the format bans or restricts exists (exit 2 naming the entry otherwise). */
int cli_load_format(bsk_cli *cli, const char *option, bsk_format *format);
void cli_close(bsk_cli *cli);
/* Reads a decklist (names resolved for `format`) into a flat list of at most `max`
 * cards; a file with problems is refused with a message. Returns an exit code. */
int cli_read_deck_cards(bsk_cli *cli, const char *path, const bsk_format *format, const bsk_card **cards, int max,
                        int *count);

/* Prints "berserk: <formatted error>" to stderr. */
void cli_print_error(const bsk_error *error);
void cli_errorf(const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* A usage error that says what is wrong and what is allowed:
 * "berserk: deck stats: FILE is missing (usage: berserk deck stats FILE ...)". Returns EXIT_USAGE. */
int cli_usage_error(const char *usage, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* "berserk: catalog: a subcommand is needed (usage: ...)" when `given` is "", else
 * "berserk: catalog: unknown subcommand "frob" (usage: ...)". Returns EXIT_USAGE. */
int cli_subcommand_error(const char *command, const char *given, const char *usage);

/* Maps a library status to the exit code of DESIGN §4. */
int cli_exit_for_status(bsk_status status);

/* Writes an output file (`-o FILE`) whole or not at all: through a temporary file beside it
 * and a rename, so a failed write keeps the old file; a device or pipe is written in place.
 * Returns EXIT_OK, or EXIT_FAILURE_IO after "berserk: FILE: cannot write: REASON". */
int cli_write_file(const char *path, const char *data, size_t length);

/* A keyword as `cards show` words it: "regeneration 1", "magic strike 2-2-2 (tap)", "shot 1-2-3,
 * range 3". */
void cli_keyword_text(const bsk_keyword *keyword, char *out, size_t out_size);

/* mkdir -p (0755). The path is changed while it runs and restored. False when a part cannot be
 * made or the path is not a directory (errno says why). */
bool cli_make_directories(char *path);

/* Output built in memory, then written whole by cli_write_file (game logs). */
typedef struct cli_text {
    FILE *out;
    char *data;
    size_t length;
} cli_text;
/* Opens text->out; false after "berserk: PATH: cannot write: out of memory". */
bool cli_text_open(cli_text *text, const char *path);
/* Closes text->out, writes the text to `path` and frees it. Returns cli_write_file's exit code. */
int cli_text_write(cli_text *text, const char *path);

/* Prints a JSON value to stdout (two-space indent, keys in insertion order) and frees it. */
void cli_print_json(json_t *value);

/* Pads a UTF-8 string to `width` terminal columns. */
void cli_print_padded(FILE *out, const char *text, size_t width);
/* Prints `first` then the UTF-8 text, broken at spaces so no line passes `width` columns (a word
 * longer than a line stays whole); each next line starts with `indent`. Ends with a newline. */
void cli_print_wrapped(FILE *out, const char *first, const char *indent, const char *text, size_t width);
/* Bold (or the plain text when colour is off). */
const char *cli_bold(const bsk_cli *cli);
const char *cli_reset(const bsk_cli *cli);
/* "8◆" / "8◇" on a terminal, "8 gold" / "8 silver" in a pipe or with --no-color. */
void cli_format_cost(const bsk_cli *cli, const bsk_card *card, char *out, size_t out_size);

int cmd_catalog(bsk_cli *cli);
int cmd_cards(bsk_cli *cli);
int cmd_deck(bsk_cli *cli);
int cmd_squad(bsk_cli *cli);
int cmd_sim(bsk_cli *cli);
int cmd_sim_games(bsk_cli *cli);  /* sim games and sim matrix: cmd_games.c */
int cmd_sim_matrix(bsk_cli *cli);
int cmd_goldfish(bsk_cli *cli);
int cmd_position(bsk_cli *cli);
int cmd_replay(bsk_cli *cli);
int cmd_play(bsk_cli *cli);
int cmd_export(bsk_cli *cli);

#endif
