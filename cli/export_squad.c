/* export_squad.c — `berserk export html squad FILE | --auto DECK [--player P] [--format F] -o DIR`
 * (issue 14): a squad scenario judged as `squad check` judges it (the first violation shown),
 * or the best squad of a deal as `squad auto` finds it (the same --seed gives the same deal),
 * written as DIR/index.html by web-export/squad_page.c. Exit codes as those commands': 0 a legal
 * squad, 1 an illegal scenario or no legal squad in the deal (the page is still written), 2 bad
 * usage or an unusable file (nothing written), 3 the page cannot be written. */
#include "berserk/deal.h"
#include "berserk/placement.h"
#include "berserk/recruit.h"
#include "berserk/scenario.h"
#include "cli.h"
#include "export.h"
#include "scenario_file.h"
#include "seed.h"
#include "squad_page.h"

#include <stdlib.h>
#include <string.h>

#define SQUAD_USAGE "export html squad FILE | --auto DECK [--player 1|2] [--format F] [--seed N] -o DIR"

static int write_page(const char *dir, const bsk_squad_page *page)
{
    cli_text text;
    if (!cli_text_open(&text, "index.html"))
        return EXIT_FAILURE_IO;
    bsk_squad_page_write(text.out, page);
    return export_write(dir, "index.html", &text);
}

static void print_written(const char *dir, const char *what)
{
    printf("%s → %s/index.html\n", what, dir);
}

/* A scenario file, as squad check reads and judges it. */
static int export_scenario(bsk_cli *cli, const char *path, const char *dir)
{
    int code = cli_load_catalog(cli);
    if (code)
        return code;
    bsk_scenario_file *file = malloc(sizeof *file);
    bsk_scenario_verdict *verdict = malloc(sizeof *verdict);
    bsk_error error;
    bsk_error_clear(&error);
    if (!file || !verdict) {
        free(file);
        free(verdict);
        cli_errorf("out of memory");
        return EXIT_FAILURE_IO;
    }
    bsk_status status = bsk_scenario_read(path, &cli->catalog.pool, file, &error);
    if (status) {
        cli_print_error(&error);
        code = cli_exit_for_status(status);
    } else {
        bool legal = bsk_scenario_run(&file->scenario, verdict);
        bsk_squad_page page = {.source = path,
                               .format_id = file->format.id,
                               .squad = &verdict->squad,
                               .placement = file->scenario.has_placement ? &verdict->placement : NULL,
                               .scenario = &file->scenario,
                               .verdict = verdict};
        code = write_page(dir, &page);
        if (!code) {
            char what[512];
            if (legal)
                snprintf(what, sizeof what, "legal: %d card%s, %d crystal%s spent", verdict->squad.squad_count,
                         verdict->squad.squad_count == 1 ? "" : "s", verdict->squad.spent,
                         verdict->squad.spent == 1 ? "" : "s");
            else
                snprintf(what, sizeof what, "ILLEGAL at %s: %s [%s]", bsk_scenario_step_id(verdict->step),
                         verdict->code, verdict->rule);
            print_written(dir, what);
            code = legal ? EXIT_OK : EXIT_FAILS_CHECK;
        }
    }
    bsk_scenario_file_free(file);
    free(file);
    free(verdict);
    return code;
}

/* --auto DECK: deal, the best squad, a legal order and the tiers' placement (as squad auto). */
static int export_auto(bsk_cli *cli, const char *deck_path, const char *format_option, int player, const char *dir)
{
    bsk_format *format = malloc(sizeof *format);
    bsk_recruit *recruit = malloc(sizeof *recruit);
    const bsk_card **cards = malloc(BSK_SIM_MAX_DECK * sizeof *cards);
    int code = format && recruit && cards ? EXIT_OK : EXIT_FAILURE_IO;
    int size = 0;
    if (!code)
        code = cli_load_format(cli, format_option, format);
    if (!code)
        code = cli_read_deck_cards(cli, deck_path, format, cards, BSK_SIM_MAX_DECK, &size);
    if (!code && size < format->squad.deal) {
        cli_errorf("%s: %d card%s; a deal needs %d (402.3)", deck_path, size, size == 1 ? "" : "s",
                   format->squad.deal);
        code = EXIT_USAGE;
    }
    if (!code) {
        unsigned long long seed = cli->seed_set ? cli->seed : (unsigned long long)cli_random_seed();
        bsk_rng rng;
        bsk_rng_seed(&rng, seed);
        bsk_recruit_init(recruit, &format->squad, player);
        bsk_recruit_deal(recruit, cards, size, &rng);
        bsk_squad_choice choice;
        bool found = bsk_squad_best(recruit, NULL, NULL, &choice);
        int8_t order[BSK_MAX_DEAL];
        int order_count = found ? bsk_squad_order(recruit, &choice, order) : 0;
        for (int i = 0; i < order_count; i++) {
            bsk_recruit_result result;
            bsk_recruit_take(recruit, order[i], NULL, &result);
        }
        bsk_placement placement;
        bsk_placement_init(&placement, player);
        bsk_placement_auto(&placement, recruit->squad_count);
        char explanation[512];
        if (found)
            snprintf(explanation, sizeof explanation,
                     "The largest number of crystals spent (%d) any legal squad of this deal reaches with %d gold and "
                     "%d silver; ties go to more creatures (%d), then fewer elements (%d), then fewer cards (%d), "
                     "then the earliest deal positions",
                     choice.value, recruit->gold_start - recruit->redeal_gold, recruit->silver_start, choice.creatures,
                     choice.elements, choice.count);
        else
            snprintf(explanation, sizeof explanation, "No legal squad can be recruited from this deal (403.2.5)");
        bsk_squad_page page = {.source = deck_path,
                               .format_id = format->id,
                               .squad = recruit,
                               .placement = found ? &placement : NULL,
                               .seed = seed,
                               .found = found,
                               .explanation = explanation};
        code = write_page(dir, &page);
        if (!code) {
            char what[256];
            if (found)
                snprintf(what, sizeof what, "seed %llu: the best squad, %d card%s, %d crystal%s spent", seed,
                         recruit->squad_count, recruit->squad_count == 1 ? "" : "s", recruit->spent,
                         recruit->spent == 1 ? "" : "s");
            else
                snprintf(what, sizeof what, "seed %llu: no legal squad in the deal (403.2.5)", seed);
            print_written(dir, what);
            code = found ? EXIT_OK : EXIT_FAILS_CHECK;
        }
    }
    free(cards);
    free(format);
    free(recruit);
    return code;
}

int cli_export_squad(bsk_cli *cli)
{
    const char *dir = NULL, *auto_deck = NULL, *player_option = NULL, *format_option = NULL;
    const cli_option options[] = {{"-o", true, &dir, NULL},
                                  {"--auto", true, &auto_deck, NULL},
                                  {"--player", true, &player_option, NULL},
                                  {"--format", true, &format_option, NULL}};
    const char **operands = calloc((size_t)cli->argc + 1, sizeof *operands);
    size_t operand_count = 0;
    /* from argv[2] (KIND is operand 0): cli_parse checks options against the help of "export html" */
    int code = operands ? cli_parse(cli, 2, options, 4, operands, &operand_count, (size_t)cli->argc)
                        : EXIT_FAILURE_IO;
    const char *scenario = operand_count == 2 ? operands[1] : NULL;
    free(operands);
    if (code)
        return code;
    long long player = 1;
    if (operand_count > 2)
        return cli_usage_error(SQUAD_USAGE, "export html squad: one scenario FILE at most");
    if (operand_count == 2 && auto_deck)
        return cli_usage_error(SQUAD_USAGE, "export html squad: a scenario FILE or --auto DECK, not both");
    if (operand_count < 2 && !auto_deck)
        return cli_usage_error(SQUAD_USAGE, "export html squad: FILE or --auto DECK is missing");
    if (!auto_deck && (player_option || format_option))
        return cli_usage_error(SQUAD_USAGE, "export html squad: %s goes with --auto (a scenario names its own)",
                               player_option ? "--player" : "--format");
    if (player_option && !cli_parse_int("--player", player_option, 1, 2, &player))
        return EXIT_USAGE;
    if ((code = export_directory("squad", dir)))
        return code;
    if (auto_deck)
        return export_auto(cli, auto_deck, format_option, (int)player, dir);
    return export_scenario(cli, scenario, dir);
}
