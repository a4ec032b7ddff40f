/* sim_report.h — the simulation report (DESIGN §4: the --json output of sim deals, goldfish, sim
 * games and sim matrix) as a file format: the one 95 % Wilson interval its writers (cli/) and its
 * page (web-export/) show, and the reading of reports for `sim merge` (sim_report.c): every input
 * parsed, told apart by "kind", checked to be shards of one run (seed, decks by fingerprint,
 * agents, catalogue revision, engine version, each shard once) and to agree with itself (wins and
 * draws add up to the games, ...), and the integer totals summed with no overflow. */
#ifndef BERSERK_FORMATS_SIM_REPORT_H
#define BERSERK_FORMATS_SIM_REPORT_H

#include "berserk/error.h"

#include <stdint.h>

/* The 95 % Wilson score interval of `successes` in `trials` ([0, 1] when trials is 0). */
void bsk_wilson(uint64_t successes, uint64_t trials, double out[2]);

#endif
