/* sim_page.h — the page of `berserk export html sim FILE.json` (DESIGN §4 "Other JSON outputs", §6,
 * issue 14): the --json output of `sim deals`, `goldfish`, `sim games` or `sim matrix`, told apart
 * by its "kind" and checked field by field as it is drawn: the run (seed, games, decks, agents),
 * each statistic's mean with its 95 % interval, percentiles and histogram (a bar chart), win rates
 * with 95 % Wilson intervals, and the matrix as a heat map. */
#ifndef BERSERK_WEB_SIM_PAGE_H
#define BERSERK_WEB_SIM_PAGE_H

#include "berserk/error.h"

#include <stddef.h>
#include <stdio.h>

#define BSK_SIM_PAGE_FILE_CAP (256u << 20) /* as `sim merge` reads: a large matrix is a few hundred KB */
#define BSK_SIM_PAGE_DECKS_MAX 256         /* decks of a matrix */

/* Writes the whole page for the simulation output `text` (`length` bytes) read from `file` (named
 * in errors and on the page). A text that is not strict JSON, has no known "kind", fails a check
 * `sim merge` makes of each report (bsk_sim_report_check: a shard without its share, totals that
 * disagree with themselves), or misses a field the page shows (or has it of the wrong type or
 * range) is BSK_ERR_INVALID naming the file and the JSON path ("games.json: win_rate[1]: expected
 * a rate 0..1", "games.json: totals: wins 3 + 0 and draws 0 do not add up to 2: ..."); what was
 * written to `out` is then to be thrown away. On success *kind (when not NULL) is the output's kind
 * ("sim_games"), a static string. Fields the page does not know are ignored (outputs grow, DESIGN §4). */
bsk_status bsk_sim_page_write(FILE *out, const char *file, const char *text, size_t length, const char **kind,
                              bsk_error *error);

#endif
