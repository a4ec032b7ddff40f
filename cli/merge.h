/* merge.h — `sim merge FILE...` (DESIGN §4): the `--shard K/N` outputs of one run combined into
 * exactly the single run's JSON. formats/sim_report.c reads the files, checks that they are shards
 * of one run that agree with themselves and sums their integer "totals"; each kind's own file
 * turns the summed totals into its output with the very code its command prints with. */
#ifndef BERSERK_CLI_MERGE_H
#define BERSERK_CLI_MERGE_H

#include "sim_report.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* Each returns the merged output (the caller prints it): the first report's run (seed, decks,
 * agents, ...) with the figures of the summed `totals`; or NULL after printing "berserk: FILE: ..."
 * when the totals are unusable. `interrupted`: some report was. */
json_t *cli_sim_deals_merge(const bsk_sim_report *first, const json_t *totals, bool interrupted);
json_t *cli_goldfish_merge(const bsk_sim_report *first, const json_t *totals, bool interrupted);
json_t *cli_sim_games_merge(const bsk_sim_report *first, const json_t *totals, bool interrupted);
json_t *cli_sim_matrix_merge(const bsk_sim_report *first, const json_t *totals, bool interrupted);

/* `berserk sim merge FILE... [--partial]` (the `sim` dispatch of cmd_sim.c). */
int cmd_sim_merge(struct bsk_cli *cli);

#endif
