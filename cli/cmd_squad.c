/* cmd_squad.c — `berserk squad check` (replay a recruitment + placement scenario and
 * report the first violation with its code and rule, DESIGN §4) and `berserk squad
 * auto` (deal from a deck, the exact best legal squad, a legal recruiting order and a
 * legal placement, explained). */
#include "berserk/deal.h"
#include "berserk/placement.h"
#include "berserk/recruit.h"
#include "berserk/scenario.h"
#include "cli.h"
#include "formats.h"
#include "scenario_file.h"
#include "seed.h"
#include "weights.h"

#include <stdlib.h>
#include <string.h>

/* ---- output shared by check and auto ------------------------------------------------- */

static json_t *squad_json(const bsk_recruit *recruit)
{
    json_t *cards = json_array();
    for (int i = 0; i < recruit->squad_count; i++)
        json_array_append_new(cards, json_string(recruit->deal[recruit->squad[i]]->name));
    json_t *elements = json_array();
    for (int e = 0; e < BSK_ELEMENT_COUNT; e++)
        if (recruit->elements & (1u << e))
            json_array_append_new(elements, json_string(bsk_element_id(e)));
    json_t *squad = json_object();
    json_object_set_new(squad, "cards", cards);
    json_object_set_new(squad, "gold_start", json_integer(recruit->gold_start));
    json_object_set_new(squad, "silver_start", json_integer(recruit->silver_start));
    json_object_set_new(squad, "redeal_gold", json_integer(recruit->redeal_gold));
    json_object_set_new(squad, "penalty_gold", json_integer(recruit->penalty_gold));
    json_object_set_new(squad, "spent", json_integer(recruit->spent));
    json_object_set_new(squad, "gold_left", json_integer(recruit->gold));
    json_object_set_new(squad, "silver_left", json_integer(recruit->silver));
    json_object_set_new(squad, "elements", elements);
    json_object_set_new(squad, "flyer_crystals", json_integer(recruit->flyer_crystals));
    json_object_set_new(squad, "creatures", json_integer(recruit->creatures));
    json_object_set_new(squad, "terrains", json_integer(recruit->terrains));
    return squad;
}

/* {"c2":"Раэр", ...} in cell order. */
static json_t *placement_json(const bsk_recruit *recruit, const bsk_placement *placement)
{
    json_t *cells = json_object();
    for (int cell = 0; cell < BSK_BOARD_CELLS; cell++) {
        if (placement->occupant[cell] < 0)
            continue;
        char name[4];
        bsk_cell_format(cell, name);
        json_object_set_new(cells, name, json_string(recruit->deal[recruit->squad[placement->occupant[cell]]]->name));
    }
    return cells;
}

/* Warnings for facts that matter and are unknown on every printing (DESIGN §2). */
static json_t *warnings_json(bsk_pool *pool, const bsk_recruit *recruit, bool print)
{
    json_t *warnings = json_array();
    for (int i = 0; i < recruit->squad_count; i++) {
        const bsk_card *card = recruit->deal[recruit->squad[i]];
        bool seen = false; /* one warning per name */
        for (int j = 0; j < i && !seen; j++)
            seen = bsk_card_same_name(recruit->deal[recruit->squad[j]], card);
        if (seen)
            continue;
        const bsk_card *printings[16];
        size_t count = bsk_pool_find_name(pool, card->name, printings, 16);
        bool known = false;
        for (size_t p = 0; p < count && p < 16; p++)
            known = known || printings[p]->unique != BSK_UNSET;
        if (known || card->unique != BSK_UNSET)
            continue;
        char message[256];
        snprintf(message, sizeof message, "whether %s is unique is unknown on every printing; counted as not unique",
                 card->name);
        json_array_append_new(warnings, json_pack("{s:s,s:s,s:s}", "code", "unknown_fact", "card", card->name,
                                                  "message", message));
        if (print)
            fprintf(stderr, "berserk: warning: %s\n", message);
    }
    return warnings;
}

/* ---- the board diagram ------------------------------------------------------------- */

static void print_board(const bsk_recruit *recruit, const bsk_placement *placement)
{
    int first_row = recruit->player == BSK_PLAYER_FIRST ? 3 : 6;
    printf("     ");
    for (int column = 0; column < BSK_BOARD_COLUMNS; column++)
        printf("%-15c", 'a' + column);
    printf("\n");
    for (int row = first_row; row > first_row - 3; row--) {
        printf("  %d  ", row);
        for (int column = 0; column < BSK_BOARD_COLUMNS; column++) {
            int cell = (row - 1) * BSK_BOARD_COLUMNS + column;
            char text[BSK_CARD_NAME_MAX] = ".";
            if (placement->occupant[cell] >= 0) {
                const char *name = recruit->deal[recruit->squad[placement->occupant[cell]]]->name;
                /* cut to 13 code points so the columns stay aligned */
                size_t bytes = 0, points = 0;
                while (name[bytes] && points < 13) {
                    bytes++;
                    while ((name[bytes] & 0xC0) == 0x80)
                        bytes++;
                    points++;
                }
                snprintf(text, sizeof text, "%.*s", (int)bytes, name);
            }
            cli_print_padded(stdout, text, 15);
        }
        printf("%s\n", row == first_row ? (recruit->player == BSK_PLAYER_FIRST ? " front row" : " back row") : "");
    }
}

static void print_squad_summary(const bsk_cli *cli, const bsk_recruit *recruit)
{
    const char *gold = cli->color ? "◆" : " gold";
    const char *silver = cli->color ? "◇" : " silver";
    printf("squad: %d card%s, %d creature%s; spent %d; left %d%s and %d%s; element penalty %d%s; redeals %d%s\n",
           recruit->squad_count, recruit->squad_count == 1 ? "" : "s", recruit->creatures,
           recruit->creatures == 1 ? "" : "s", recruit->spent, recruit->gold, gold, recruit->silver, silver,
           recruit->penalty_gold, gold, recruit->redeal_gold, gold);
    printf("elements:");
    if (!recruit->elements)
        printf(" none");
    for (int e = 0; e < BSK_ELEMENT_COUNT; e++)
        if (recruit->elements & (1u << e))
            printf(" %s (%s)", bsk_element_id(e), bsk_element_ru(e));
    printf("; flyers %d of %d crystals\n", recruit->flyer_crystals, recruit->params.flyer_budget);
}

/* ---- squad check ------------------------------------------------------------------------ */

static void print_check_json(bsk_cli *cli, const bsk_scenario_verdict *verdict, int player)
{
    const char *step = bsk_scenario_step_id(verdict->step);
    json_t *root = json_object();
    json_object_set_new(root, "legal", json_boolean(verdict->legal));
    json_object_set_new(root, "player", json_integer(player));
    json_object_set_new(root, "step", step ? json_string(step) : json_null());
    json_object_set_new(root, "index", verdict->index < 0 ? json_null() : json_integer(verdict->index));
    json_object_set_new(root, "card", verdict->card ? json_string(verdict->card->name) : json_null());
    json_object_set_new(root, "code", verdict->legal ? json_null() : json_string(verdict->code));
    json_object_set_new(root, "rule", verdict->legal ? json_null() : json_string(verdict->rule));
    json_object_set_new(root, "message", verdict->legal ? json_null() : json_string(verdict->message));
    json_object_set_new(root, "squad", squad_json(&verdict->squad));
    json_object_set_new(root, "placement", placement_json(&verdict->squad, &verdict->placement));
    json_object_set_new(root, "warnings", warnings_json(&cli->catalog.pool, &verdict->squad, false));
    cli_print_json(root);
}

static void print_check_text(bsk_cli *cli, const char *file, const bsk_scenario_verdict *verdict, int player)
{
    json_decref(warnings_json(&cli->catalog.pool, &verdict->squad, true));
    if (verdict->legal) {
        printf("%s: legal (%s player)\n", file, player == BSK_PLAYER_FIRST ? "first" : "second");
    } else {
        char where[32] = "";
        if (verdict->index >= 0)
            snprintf(where, sizeof where, " %d", verdict->index);
        printf("%s: ILLEGAL at %s%s: %s [%s] %s\n", file, bsk_scenario_step_id(verdict->step), where, verdict->code,
               verdict->rule, verdict->message);
    }
    print_squad_summary(cli, &verdict->squad);
    if (verdict->placement.placed)
        print_board(&verdict->squad, &verdict->placement);
}

/* The file is read (formats/scenario_file.c), judged (lib/src/squad/scenario.c) and printed. */
static int squad_check(bsk_cli *cli)
{
    const char *operands[1];
    size_t operand_count;
    int code = cli_parse(cli, 2, NULL, 0, operands, &operand_count, 1);
    if (code)
        return code;
    if (operand_count != 1)
        return cli_usage_error("squad check FILE [--json] (FILE: a JSON scenario, at most 1 MiB)",
                               "squad check: FILE is missing");
    if ((code = cli_load_catalog(cli)))
        return code;
    bsk_scenario_file *file = malloc(sizeof *file);
    bsk_scenario_verdict *verdict = malloc(sizeof *verdict);
    bsk_error error;
    bsk_error_clear(&error);
    if (!file || !verdict) {
        free(file);
        free(verdict);
        return EXIT_FAILURE_IO;
    }
    bsk_status status = bsk_scenario_read(operands[0], &cli->catalog.pool, file, &error);
    if (status) {
        cli_print_error(&error);
        code = cli_exit_for_status(status);
    } else {
        bool legal = bsk_scenario_run(&file->scenario, verdict);
        if (cli->json)
            print_check_json(cli, verdict, file->scenario.player);
        else
            print_check_text(cli, operands[0], verdict, file->scenario.player);
        code = legal ? EXIT_OK : EXIT_FAILS_CHECK;
    }
    bsk_scenario_file_free(file);
    free(file);
    free(verdict);
    return code;
}

/* ---- squad auto ------------------------------------------------------------------------ */

/* --weights FILE (formats/weights.c): unlisted cards weigh their cost (DESIGN §2). */
static int read_weights(bsk_cli *cli, const char *path, const bsk_recruit *recruit, int *weights)
{
    bsk_weights read;
    bsk_error error;
    bsk_error_clear(&error);
    bsk_status status = bsk_weights_read(path, &cli->catalog.pool, &read, &error);
    if (status) {
        cli_print_error(&error);
        bsk_weights_free(&read);
        return cli_exit_for_status(status);
    }
    for (int i = 0; i < recruit->deal_count; i++)
        weights[i] = recruit->deal[i]->cost;
    for (size_t w = 0; w < read.count; w++)
        for (int i = 0; i < recruit->deal_count; i++)
            if (bsk_card_same_name(recruit->deal[i], read.items[w].card))
                weights[i] = read.items[w].weight;
    bsk_weights_free(&read);
    return EXIT_OK;
}

static int squad_auto(bsk_cli *cli)
{
    const char *player_option = NULL, *weights_option = NULL, *format_option = NULL;
    const cli_option options[] = {{"--player", true, &player_option, NULL},
                                  {"--weights", true, &weights_option, NULL},
                                  {"--format", true, &format_option, NULL}};
    const char *operands[1];
    size_t operand_count;
    int code = cli_parse(cli, 2, options, 3, operands, &operand_count, 1);
    if (code)
        return code;
    long long player = 1;
    if (player_option && !cli_parse_int("--player", player_option, 1, 2, &player))
        return EXIT_USAGE;
    if (operand_count != 1)
        return cli_usage_error("squad auto DECK [--player 1|2] [--seed N] [--weights FILE] [--json] "
                               "(--weights: a JSON object {\"NAME\": weight}, at most 1 MiB)",
                               "squad auto: DECK is missing");
    bsk_format *format = malloc(sizeof *format);
    bsk_recruit *recruit = malloc(sizeof *recruit);
    bsk_error error;
    bsk_error_clear(&error);
    code = format && recruit ? EXIT_OK : EXIT_FAILURE_IO;
    if (!code)
        code = cli_load_format(cli, format_option, format);
    const bsk_card *cards[BSK_SIM_MAX_DECK];
    int size = 0;
    if (!code)
        code = cli_read_deck_cards(cli, operands[0], format, cards, BSK_SIM_MAX_DECK, &size);
    if (!code && size < format->squad.deal) {
        cli_errorf("%s: %d card%s; a deal needs %d (402.3)", operands[0], size, size == 1 ? "" : "s",
                   format->squad.deal);
        code = EXIT_USAGE;
    }
    if (code) {
        free(format);
        free(recruit);
        return code;
    }
    unsigned long long seed = cli->seed_set ? cli->seed : (unsigned long long)cli_random_seed();
    bsk_rng rng;
    bsk_rng_seed(&rng, seed);
    bsk_recruit_init(recruit, &format->squad, player);
    bsk_recruit_deal(recruit, cards, size, &rng);
    int weights[BSK_MAX_DEAL];
    if (weights_option && (code = read_weights(cli, weights_option, recruit, weights))) {
        free(format);
        free(recruit);
        return code;
    }
    bsk_squad_choice choice;
    /* one call: the optimizer sets up a temporary scratch */
    bool found = bsk_squad_best(recruit, weights_option ? weights : NULL, NULL, &choice);
    int8_t order[BSK_MAX_DEAL];
    int order_count = found ? bsk_squad_order(recruit, &choice, order) : 0;
    bsk_recruit_result payments[BSK_MAX_DEAL];
    for (int i = 0; i < order_count; i++)
        bsk_recruit_take(recruit, order[i], NULL, &payments[i]);
    bsk_placement placement;
    bsk_placement_init(&placement, player);
    bsk_placement_auto(&placement, recruit->squad_count);
    char explanation[512];
    if (found)
        snprintf(explanation, sizeof explanation,
                 "the largest %s (%d) any legal squad of this deal reaches with %d gold and %d silver; ties go to more "
                 "creatures (%d), then fewer elements (%d), then fewer cards (%d), then the earliest deal positions",
                 weights_option ? "total weight" : "number of crystals spent", choice.value,
                 recruit->gold_start - recruit->redeal_gold, recruit->silver_start, choice.creatures, choice.elements,
                 choice.count);
    else
        snprintf(explanation, sizeof explanation,
                 "no legal squad can be recruited from this deal: the player loses (403.2.5)");
    if (cli->json) {
        json_t *root = json_object();
        json_object_set_new(root, "seed", json_integer((json_int_t)seed));
        json_object_set_new(root, "player", json_integer(player));
        json_object_set_new(root, "legal", json_boolean(found));
        json_t *deal = json_array();
        for (int i = 0; i < recruit->deal_count; i++)
            json_array_append_new(deal, json_string(recruit->deal[i]->name));
        json_object_set_new(root, "deal", deal);
        json_t *chosen = json_array();
        for (int i = 0; i < choice.count && found; i++)
            json_array_append_new(chosen, json_integer(choice.positions[i]));
        json_object_set_new(root, "chosen", chosen);
        json_t *steps = json_array();
        for (int i = 0; i < order_count; i++)
            json_array_append_new(steps, json_pack("{s:s,s:i,s:i,s:i}", "card", recruit->deal[order[i]]->name, "gold",
                                                   payments[i].gold, "silver", payments[i].silver, "penalty",
                                                   payments[i].penalty));
        json_object_set_new(root, "recruit", steps);
        json_object_set_new(root, "squad", squad_json(recruit));
        json_object_set_new(root, "placement", placement_json(recruit, &placement));
        if (weights_option)
            json_object_set_new(root, "value", json_integer(choice.value));
        json_object_set_new(root, "explanation", json_string(explanation));
        json_object_set_new(root, "warnings", warnings_json(&cli->catalog.pool, recruit, false));
        cli_print_json(root);
    } else {
        json_decref(warnings_json(&cli->catalog.pool, recruit, true));
        printf("seed %llu, %s player, deal of %d from %s:\n", seed, player == 1 ? "first" : "second",
               recruit->deal_count, operands[0]);
        for (int i = 0; i < recruit->deal_count; i++) {
            char cost[32];
            cli_format_cost(cli, recruit->deal[i], cost, sizeof cost);
            printf("  %c %2d  ", recruit->squad_index[i] >= 0 ? '*' : ' ', i);
            cli_print_padded(stdout, recruit->deal[i]->name, 26);
            printf("%-10s %s\n", cost, recruit->deal[i]->elements ? bsk_element_id(__builtin_ctz(recruit->deal[i]->elements))
                                                                   : "neutral");
        }
        printf("best: %s\n", explanation);
        if (found) {
            printf("recruit in this order:");
            for (int i = 0; i < order_count; i++)
                printf("%s %s", i ? "," : "", recruit->deal[order[i]]->name);
            printf("\n");
            print_squad_summary(cli, recruit);
            print_board(recruit, &placement);
        }
    }
    free(format);
    free(recruit);
    return found ? EXIT_OK : EXIT_FAILS_CHECK;
}

int cmd_squad(bsk_cli *cli)
{
    const char *sub = cli->argc > 1 && 1 < cli->double_dash ? cli->argv[1] : "";
    if (strcmp(sub, "check") == 0)
        return squad_check(cli);
    if (strcmp(sub, "auto") == 0)
        return squad_auto(cli);
    return cli_subcommand_error("squad", sub,
                                "squad check FILE | squad auto DECK [--player 1|2] [--seed N] [--weights FILE]");
}
