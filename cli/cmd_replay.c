/* cmd_replay.c — `berserk replay LOG [--json] [--step]` (DESIGN §4, §5 "Game log"): the log is
 * re-applied and checked by formats/game_log.c; the final state is printed as `position` prints
 * it, plus the counts of actions and turns. */
#include "cli.h"
#include "game_log.h"
#include "position.h"

#include <stdlib.h>

typedef struct step_context {
    int count;
} step_context;

/* --step: the record and the board after it. */
static void print_step(void *context, const bsk_match *match, const bsk_card_table *cards, const bsk_record *record)
{
    step_context *c = context;
    char line[256];
    bsk_record_format(record, line, sizeof line);
    printf("-- %d: %s\n", ++c->count, line);
    bsk_position_print_board(stdout, match, cards);
}

int cmd_replay(bsk_cli *cli)
{
    bool step = false;
    const cli_option options[] = {{"--step", false, NULL, &step}};
    const char *path;
    int code = cli_parse_one_operand(cli, 1, options, 1, "replay LOG [--json] [--step] (LOG: a game log, JSON Lines)",
                                     "replay: LOG is missing", &path);
    if (code)
        return code;
    bsk_replay *replay = cli_load_catalog_and_alloc(cli, sizeof *replay, &code);
    if (!replay)
        return code;
    bsk_error error;
    bsk_error_clear(&error);
    step_context context = {0};
    bsk_status status = bsk_game_log_replay(path, &cli->catalog.pool, cli->catalog.revision, replay,
                                            step && !cli->json ? print_step : NULL, &context, &error);
    if (status) {
        cli_print_error(&error);
        code = cli_exit_for_status(status);
    } else if (cli->json) {
        json_t *root = bsk_position_output_json(&replay->match, &replay->cards, &replay->records, NULL);
        json_object_set_new(root, "actions", json_integer(replay->match.actions));
        json_object_set_new(root, "turns", json_integer(replay->match.turn));
        cli_print_json(root);
    } else {
        if (step)
            printf("-- final\n");
        bsk_position_print_text(stdout, &replay->match, &replay->cards, &replay->records, NULL);
        printf("actions: %u, turns: %d\n", (unsigned)replay->match.actions, replay->match.turn);
    }
    bsk_replay_free(replay);
    free(replay);
    return code;
}
