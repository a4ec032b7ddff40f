/* check_main.c — runs every Check suite; `CK_RUN_SUITE=name` runs one. */
#include "suites.h"

#include <stdlib.h>

int main(void)
{
    SRunner *runner = srunner_create(name_suite());
    srunner_add_suite(runner, pool_suite());
    srunner_add_suite(runner, codec_suite());
    srunner_add_suite(runner, store_suite());
    srunner_add_suite(runner, store_query_suite());
    srunner_add_suite(runner, format_suite());
    srunner_add_suite(runner, deck_suite());
    srunner_add_suite(runner, decklist_suite());
    srunner_add_suite(runner, recruit_suite());
    srunner_add_suite(runner, board_suite());
    srunner_add_suite(runner, placement_suite());
    srunner_add_suite(runner, deal_suite());
    srunner_add_suite(runner, scenario_suite());
    srunner_add_suite(runner, match_suite());
    srunner_add_suite(runner, rng_suite());
    srunner_add_suite(runner, card_table_suite());
    srunner_add_suite(runner, position_suite());
    srunner_add_suite(runner, keywords_suite());
    srunner_add_suite(runner, assertions02_suite());
    srunner_add_suite(runner, assertions0103_suite());
    srunner_add_suite(runner, synthetic_suite());
    srunner_add_suite(runner, agent_suite());
    srunner_add_suite(runner, history_suite());
    srunner_add_suite(runner, sim_report_suite());
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
