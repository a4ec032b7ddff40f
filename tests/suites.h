/* suites.h — the Check suites of the unit-test runner, one per module. */
#ifndef BERSERK_TEST_SUITES_H
#define BERSERK_TEST_SUITES_H

#include <check.h>

Suite *name_suite(void);
Suite *pool_suite(void);
Suite *codec_suite(void);
Suite *store_suite(void);
Suite *store_query_suite(void);
Suite *format_suite(void);
Suite *deck_suite(void);
Suite *decklist_suite(void);
Suite *recruit_suite(void);
Suite *board_suite(void);
Suite *placement_suite(void);
Suite *deal_suite(void);
Suite *scenario_suite(void);
Suite *match_suite(void);
Suite *rng_suite(void);
Suite *card_table_suite(void);
Suite *position_suite(void);
Suite *keywords_suite(void);
Suite *assertions02_suite(void);
Suite *assertions0103_suite(void);
Suite *synthetic_suite(void);
Suite *agent_suite(void);
Suite *agent_strength_suite(void);
Suite *history_suite(void);
Suite *sim_report_suite(void);
Suite *figures_suite(void);
Suite *legal_oracle_suite(void);
Suite *effects_suite(void);
Suite *life_suite(void);
Suite *filter_suite(void);
Suite *agents_features_suite(void);
Suite *real_decks_suite(void);

#endif
