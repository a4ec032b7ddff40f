/* merge.h — `sim merge FILE...` (DESIGN §4): the `--shard K/N` outputs of one run combined into
 * exactly the single run's JSON. cmd_merge.c checks that the files agree (kind, seed, decks, agents,
 * games) and hold each shard once; each kind's own file sums the integer "totals" and prints the
 * result with the very code its command prints with. */
#ifndef BERSERK_CLI_MERGE_H
#define BERSERK_CLI_MERGE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct cli_merge_input {
    const char *path;
    json_t *root; /* the file's JSON object */
} cli_merge_input;

/* Each returns the merged output (the caller prints it), or NULL after printing
 * "berserk: FILE: ..." naming the file whose totals are unusable. `interrupted`: some input was. */
json_t *cli_sim_deals_merge(const cli_merge_input *inputs, size_t count, bool interrupted);
json_t *cli_goldfish_merge(const cli_merge_input *inputs, size_t count, bool interrupted);
json_t *cli_sim_games_merge(const cli_merge_input *inputs, size_t count, bool interrupted);
json_t *cli_sim_matrix_merge(const cli_merge_input *inputs, size_t count, bool interrupted);

/* `berserk sim merge FILE...` (the `sim` dispatch of cmd_sim.c). */
int cmd_sim_merge(struct bsk_cli *cli);

#endif
