/* progress.h — the one progress bar of the CLI (the batch runner of sim deals and the game
 * batches, and catalog sync's downloads): one line on stderr, redrawn in place, only when
 * stderr is a terminal and -q was not given. */
#ifndef BERSERK_CLI_PROGRESS_H
#define BERSERK_CLI_PROGRESS_H

#include "cli.h"

#include <stdbool.h>
#include <stdint.h>

/* Whether to draw: stderr is a terminal and not -q (results on stdout are never touched). */
bool cli_progress_wanted(const bsk_cli *cli);
/* Draws "LABEL [####......] DONE/TOTAL UNIT DETAIL" over the current line; detail may be NULL. */
void cli_progress_draw(const char *label, uint64_t done, uint64_t total, const char *unit, const char *detail);
/* Erases the bar's line, before results or messages follow. */
void cli_progress_clear(void);

#endif
