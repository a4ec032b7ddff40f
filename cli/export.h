/* export.h — `berserk export html KIND ... -o DIR` (DESIGN §4, §6, issue 14): one function per
 * kind (cli/export_KIND.c), each reading its input with the libraries, rendering with web-export/
 * and writing the pages into DIR through export_write. */
#ifndef BERSERK_CLI_EXPORT_H
#define BERSERK_CLI_EXPORT_H

#include "cli.h"

#define EXPORT_USAGE                                                                                               \
    "export html deck FILE... [--format F] -o DIR | export html squad FILE|--auto DECK [--player P] -o DIR | "    \
    "export html sim FILE.json -o DIR | export html replay LOG -o DIR | export html catalog -o DIR"

/* Each kind's command; argv[0..2] are "export", "html", KIND; its options and operands follow. */
int cli_export_deck(bsk_cli *cli);
int cli_export_squad(bsk_cli *cli);
int cli_export_sim(bsk_cli *cli);
int cli_export_replay(bsk_cli *cli);
int cli_export_catalog(bsk_cli *cli);

/* Checks -o DIR (a usage error when missing) and makes the directory. Returns an exit code. */
int export_directory(const char *kind, const char *dir);

/* Writes DIR/NAME whole (through cli_write_file) from a cli_text; NAME may hold one "/" level,
 * whose directory is made. Returns an exit code. */
int export_write(const char *dir, const char *name, cli_text *text);

/* The one input and -o DIR of `export html sim|replay`: exactly one operand after the kind (named
 * `what` in the usage errors) and -o DIR given (made later, once the input reads). Returns an exit code; on EXIT_OK *path and *dir
 * are set. */
int export_one_input(bsk_cli *cli, const char *kind, const char *usage, const char *what, const char **path,
                     const char **dir);

/* "runs/elfy.json" → "elfy.html": the page named by its input; `fallback`.html when the name would
 * be hidden or empty. */
void export_page_name(const char *path, const char *fallback, char *out, size_t size);

/* The page of one input written: DIR made, DIR/NAME.html (export_page_name) written from `page`,
 * which is freed either way; NAME into name. Returns an exit code. */
int export_finish(const char *kind, const char *dir, const char *path, const char *fallback, cli_text *page,
                  char *name, size_t name_size);

#endif
