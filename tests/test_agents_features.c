/* test_agents_features.c — the greedy agent and card features (issue 22 §2, branch posio): it scores
 * every effect op of a feature, not only the first record's wound, heal or counters, and answers a
 * feature's questions (use, mode, choose) by the value of each answer, not by the default. Fixture
 * cards: tests/positions/cards/posio.json; the boards are the position files agent-greedy-*.json,
 * whose expected outputs show the defaults the greedy agent departs from. */
#include "berserk/agent.h"
#include "berserk/board.h"
#include "berserk/match.h"
#include "catalog.h"
#include "position_file.h"
#include "suites.h"
#include "synthetic.h"
#include "../lib/src/agents/agent_internal.h"
#include "../lib/src/engine/engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bsk_catalog catalog;
static bsk_card_table table;
static bsk_match match;
static bsk_action legal[BSK_MATCH_LEGAL_MAX];

static void load(void)
{
    bsk_error error;
    bsk_catalog_init(&catalog);
    ck_assert_int_eq(bsk_catalog_load_bundled(&catalog, &error), BSK_OK);
}

static void unload(void) { bsk_catalog_free(&catalog); }

/* The match of position file NAME, at its first question. */
static void open_position(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/positions/%s", BSK_SOURCE_DIR, name);
    bsk_position_file *file = malloc(sizeof *file);
    ck_assert_ptr_nonnull(file);
    bsk_error error;
    ck_assert_msg(bsk_position_read(path, &catalog.pool, file, &error) == BSK_OK, "%s", error.message);
    ck_assert_int_eq(bsk_synthetic_table(&file->synthetic, &file->position, &table, &error), BSK_OK);
    ck_assert_int_eq(bsk_match_from_position(&match, &table, &file->position, &error), BSK_OK);
    free(file);
}

/* The greedy agent's answer for player 1 now. */
static const bsk_action *greedy_answer(int *count)
{
    ck_assert_int_eq(bsk_match_to_act(&match), 1);
    *count = bsk_match_legal(&match, &table, legal, BSK_MATCH_LEGAL_MAX);
    ck_assert_int_ge(*count, 2);
    bsk_agent agent;
    bsk_agent_init(&agent, BSK_AGENT_GREEDY, 1, 7);
    bsk_match_view view;
    bsk_match_view_make(&match, 1, &view);
    int choice = bsk_agent_choose(&agent, &view, &table, legal, *count);
    ck_assert(choice >= 0 && choice < *count);
    return &legal[choice];
}

/* «или» (505.5): heal every enemy creature 1 (the default, mode 1) or wound each 1: greedy wounds. */
START_TEST(test_greedy_mode_takes_the_better_option)
{
    open_position("agent-greedy-mode-default-heals.json");
    int n;
    const bsk_action *a = greedy_answer(&n);
    ck_assert_int_eq(a->kind, BSK_ACT_MODE);
    ck_assert_int_eq(a->index, 2);
    bsk_match_apply_legal(&match, &table, a, NULL);
    ck_assert_int_eq(match.units[1].wounds, 3); /* c4 had 2 */
    ck_assert_int_eq(match.units[2].wounds, 2); /* e6 had 1 */
}
END_TEST

/* A trigger's chosen target (502.1): wound 1 at c4 (full life, the default, first) or e6 (1 life left):
 * greedy takes the kill. */
START_TEST(test_greedy_choose_takes_the_kill)
{
    open_position("agent-greedy-choose-default-first-target.json");
    int n;
    const bsk_action *a = greedy_answer(&n);
    ck_assert_int_eq(a->kind, BSK_ACT_CHOOSE);
    ck_assert_int_eq(a->index, 2); /* unit 2: e6 */
    bsk_match_apply_legal(&match, &table, a, NULL);
    ck_assert_int_eq(match.units[2].zone, BSK_ZONE_GRAVEYARD);
    ck_assert_int_eq(match.units[1].wounds, 0);
}
END_TEST

/* 543.2: «X {counter}{tap}: ранить на X» with 3 counters: the default answers X = 1; greedy pays all 3 (its
 * wound grows with X), and the card is left with none. */
START_TEST(test_greedy_pays_the_largest_x)
{
    open_position("agent-greedy-x-counters.json");
    int n = bsk_match_legal(&match, &table, legal, BSK_MATCH_LEGAL_MAX), k = 0;
    while (k < n && !(legal[k].kind == BSK_ACT_FEATURE && legal[k].unit == 0 && legal[k].target == 1))
        k++;
    ck_assert_int_lt(k, n);
    bsk_match_apply_legal(&match, &table, &legal[k], NULL);
    const bsk_action *a = greedy_answer(&n);
    ck_assert_int_eq(n, 3); /* 1, 2, 3: never 0 (523.2) */
    ck_assert_int_eq(a->kind, BSK_ACT_CHOOSE);
    ck_assert_int_eq(a->index, 3);
}
END_TEST

/* «может» (116.7): an optional trigger that wounds its own card 2: greedy declines (the default uses
 * it); the feature does nothing. */
START_TEST(test_greedy_use_declines_self_harm)
{
    open_position("agent-greedy-use-default-uses.json");
    int n;
    const bsk_action *a = greedy_answer(&n);
    ck_assert_int_eq(a->kind, BSK_ACT_USE);
    ck_assert_int_eq(a->index, 0);
    bsk_match_apply_legal(&match, &table, a, NULL);
    ck_assert_int_eq(match.units[0].wounds, 0);
}
END_TEST

/* Every op, not only the first record's wound, heal or counters: gain_feature (an own card acquires
 * this card's feature) scored 0 before, tying with ending the turn listed first; now it is worth a
 * feature to an own card, and greedy declares it. */
START_TEST(test_greedy_scores_an_op_past_the_first_three)
{
    open_position("glossary-gain-feature-of-self-acquired-and-declared.json");
    int n = bsk_match_legal(&match, &table, legal, BSK_MATCH_LEGAL_MAX);
    bsk_action two[2];
    int found = 0;
    for (int k = 0; k < n; k++)
        if (legal[k].kind == BSK_ACT_END_TURN)
            two[0] = legal[k], found |= 1;
        else if (legal[k].kind == BSK_ACT_FEATURE && legal[k].index == 0 && legal[k].target == 1)
            two[1] = legal[k], found |= 2; /* Тест-делитель's src 1 at a3 (unit 1) */
    ck_assert_int_eq(found, 3);
    bsk_agent agent;
    bsk_agent_init(&agent, BSK_AGENT_GREEDY, 1, 7);
    bsk_match_view view;
    bsk_match_view_make(&match, 1, &view);
    ck_assert_int_eq(bsk_agent_choose(&agent, &view, &table, two, 2), 1);
}
END_TEST

/* Greedy's choice between ending the turn and declaring feature `index` of unit `unit` at `target`
 * (the two alone, so a tie keeps ending the turn, listed first): 1 when it declares the feature. */
static int greedy_between_end_and_feature(int unit, int index, int target)
{
    int n = bsk_match_legal(&match, &table, legal, BSK_MATCH_LEGAL_MAX);
    bsk_action two[2];
    int found = 0;
    for (int k = 0; k < n; k++)
        if (legal[k].kind == BSK_ACT_END_TURN)
            two[0] = legal[k], found |= 1;
        else if (legal[k].kind == BSK_ACT_FEATURE && legal[k].unit == unit && legal[k].index == index &&
                 legal[k].target == target)
            two[1] = legal[k], found |= 2;
    ck_assert_int_eq(found, 3);
    bsk_agent agent;
    bsk_agent_init(&agent, BSK_AGENT_GREEDY, 1, 7);
    bsk_match_view view;
    bsk_match_view_make(&match, 1, &view);
    return bsk_agent_choose(&agent, &view, &table, two, 2);
}

/* The ops of issue 22's later rounds: exile (206.4) takes an enemy out of the battle, worth a kill;
 * greedy declares it at the enemy rather than end the turn (it scored 0 before, a tie). */
START_TEST(test_greedy_scores_exile)
{
    open_position("206.4-exile-not-a-death.json");
    ck_assert_int_eq(greedy_between_end_and_feature(0, 0, 1), 1);
}
END_TEST

/* A record at every card its filter matches (glossary §6.2 Ability.target count "all"): Тест-взрыв
 * wounds its chosen enemy 2 and every enemy next to it 1. The cards the second record reaches are
 * read now (it scored 0 before): at d4 it also wounds c4 and e4, at b4 only c4, so greedy takes d4
 * (b4, listed first, won the tie before). */
START_TEST(test_greedy_scores_a_filtered_all_target)
{
    open_position("glossary-filter-all-adjacent-to-target.json");
    int n = bsk_match_legal(&match, &table, legal, BSK_MATCH_LEGAL_MAX);
    bsk_action two[2];
    int found = 0;
    for (int k = 0; k < n; k++)
        if (legal[k].kind == BSK_ACT_FEATURE && legal[k].unit == 0 && legal[k].target == 2)
            two[0] = legal[k], found |= 1; /* b4 */
        else if (legal[k].kind == BSK_ACT_FEATURE && legal[k].unit == 0 && legal[k].target == 3)
            two[1] = legal[k], found |= 2; /* d4 */
    ck_assert_int_eq(found, 3);
    bsk_agent agent;
    bsk_agent_init(&agent, BSK_AGENT_GREEDY, 1, 7);
    bsk_match_view view;
    bsk_match_view_make(&match, 1, &view);
    ck_assert_int_eq(bsk_agent_choose(&agent, &view, &table, two, 2), 1);
}
END_TEST

/* Cancel (512.6.3) in the Cancel window: player 2's guardian may cancel player 1's strike at its own
 * card; greedy (player 2) cancels rather than pass, and the strike does nothing. */
START_TEST(test_greedy_cancels_an_enemy_strike)
{
    open_position("512.6.3-cancel-strike-paid.json");
    int n = bsk_match_legal(&match, &table, legal, BSK_MATCH_LEGAL_MAX);
    int k = 0;
    while (k < n && !(legal[k].kind == BSK_ACT_ATTACK && legal[k].unit == 0 && legal[k].target == 1))
        k++;
    ck_assert_int_lt(k, n);
    bsk_match_apply_legal(&match, &table, &legal[k], NULL);
    /* player 1 keeps priority first (303.3): it passes */
    while (bsk_match_to_act(&match) == 1) {
        n = bsk_match_legal(&match, &table, legal, BSK_MATCH_LEGAL_MAX);
        k = 0;
        while (k < n && legal[k].kind != BSK_ACT_PASS)
            k++;
        ck_assert_int_lt(k, n);
        bsk_match_apply_legal(&match, &table, &legal[k], NULL);
    }
    ck_assert_int_eq(bsk_match_to_act(&match), 2);
    n = bsk_match_legal(&match, &table, legal, BSK_MATCH_LEGAL_MAX);
    bool cancel_listed = false;
    for (k = 0; k < n; k++)
        cancel_listed |= legal[k].kind == BSK_ACT_FEATURE && legal[k].unit == 2;
    ck_assert(cancel_listed);
    bsk_agent agent;
    bsk_agent_init(&agent, BSK_AGENT_GREEDY, 2, 7);
    bsk_match_view view;
    bsk_match_view_make(&match, 2, &view);
    const bsk_action *a = &legal[bsk_agent_choose(&agent, &view, &table, legal, n)];
    ck_assert_int_eq(a->kind, BSK_ACT_FEATURE);
    ck_assert_int_eq(a->unit, 2);
}
END_TEST

/* Block (531, branch block3) in the Blocking step: player 2's «блокировать атаку по себе» may block player
 * 1's strike at it; greedy (player 2) blocks rather than pass (it scored 0 before, a tie with the pass). */
START_TEST(test_greedy_blocks_an_enemy_strike)
{
    open_position("512.6.7-blocked-attack-no-wounds-paid.json");
    int n = bsk_match_legal(&match, &table, legal, BSK_MATCH_LEGAL_MAX);
    int k = 0;
    while (k < n && !(legal[k].kind == BSK_ACT_ATTACK && legal[k].unit == 0 && legal[k].target == 1))
        k++;
    ck_assert_int_lt(k, n);
    bsk_match_apply_legal(&match, &table, &legal[k], NULL);
    /* player 1 answers the step-down question with its default and passes in the Blocking step first */
    while (bsk_match_to_act(&match) == 1) {
        n = bsk_match_legal(&match, &table, legal, BSK_MATCH_LEGAL_MAX);
        k = 0;
        while (k < n && legal[k].kind != BSK_ACT_PASS)
            k++;
        bsk_match_apply_legal(&match, &table, &legal[k < n ? k : 0], NULL);
    }
    ck_assert_int_eq(bsk_match_to_act(&match), 2);
    n = bsk_match_legal(&match, &table, legal, BSK_MATCH_LEGAL_MAX);
    bool block_listed = false;
    for (k = 0; k < n; k++)
        block_listed |= legal[k].kind == BSK_ACT_FEATURE && legal[k].unit == 1;
    ck_assert(block_listed);
    bsk_agent agent;
    bsk_agent_init(&agent, BSK_AGENT_GREEDY, 2, 7);
    bsk_match_view view;
    bsk_match_view_make(&match, 2, &view);
    const bsk_action *a = &legal[bsk_agent_choose(&agent, &view, &table, legal, n)];
    ck_assert_int_eq(a->kind, BSK_ACT_FEATURE);
    ck_assert_int_eq(a->unit, 1);
}
END_TEST

/* The search's cache of fights keys on the two cards, so a fight that an effect changes (520.2 d: the
 * striker's simple strike reduced to 1 until the end of the turn) is worked out afresh: the cached
 * scores after the effect equal the uncached ones, and differ from those before it. */
START_TEST(test_cached_fight_sees_an_effect_on_its_cards)
{
    static agent_fights fights;
    open_position("520.2d-reduce-attack-value-to.json");
    memset(&fights, 0, sizeof fights);
    int n = bsk_match_legal(&match, &table, legal, BSK_MATCH_LEGAL_MAX);
    int k = 0;
    while (k < n && !(legal[k].kind == BSK_ACT_ATTACK && legal[k].unit == 0 && legal[k].target == 1))
        k++;
    ck_assert_int_lt(k, n);
    int before[BSK_MATCH_LEGAL_MAX], cached[BSK_MATCH_LEGAL_MAX], fresh[BSK_MATCH_LEGAL_MAX];
    agent_greedy_scores_cached(&match, 1, &table, legal, n, before, &fights);
    bsk_effect reduce = {2, 1, BSK_EFFECT_REDUCE_TO, BSK_CHAR_ATTACK + BSK_STRIKE_SIMPLE, 1, BSK_FILTER_UNIT, 0,
                         BSK_DURATION_TURN, 0, 0};
    reduce.until = (uint8_t)engine_turn_end_of(&match, 0, false);
    ck_assert(engine_effect_add(&match, &table, &reduce));
    agent_greedy_scores_cached(&match, 1, &table, legal, n, cached, &fights);
    agent_greedy_scores(&match, 1, &table, legal, n, fresh);
    ck_assert_int_eq(cached[k], fresh[k]);
    ck_assert_int_lt(fresh[k], before[k]);
}
END_TEST

/* Branch dice3: player 1's attack (unit 0 at unit 1) of position NAME, run to its roll window (519.8) with
 * player 1 to act; the greedy agent's answer there. */
static const bsk_action *greedy_in_the_roll_window(const char *name)
{
    open_position(name);
    int n = bsk_match_legal(&match, &table, legal, BSK_MATCH_LEGAL_MAX);
    int k = 0;
    while (k < n && !(legal[k].kind == BSK_ACT_ATTACK && legal[k].unit == 0 && legal[k].target == 1))
        k++;
    ck_assert_int_lt(k, n);
    bsk_match_apply_legal(&match, &table, &legal[k], NULL);
    while (bsk_match_to_act(&match) == 1 &&
           !(bsk_match_window_id(&match) && strcmp(bsk_match_window_id(&match), "roll") == 0)) {
        n = bsk_match_legal(&match, &table, legal, BSK_MATCH_LEGAL_MAX);
        for (k = 0; k < n && legal[k].kind != BSK_ACT_PASS; k++)
            ;
        ck_assert_int_lt(k, n);
        bsk_match_apply_legal(&match, &table, &legal[k], NULL);
    }
    ck_assert_str_eq(bsk_match_window_id(&match), "roll");
    int count;
    return greedy_answer(&count);
}

/* Re-roll (519.7, branch dice3): greedy re-rolls its own 1 (worth 2.5 pips) and keeps its own 6. */
START_TEST(test_greedy_rerolls_a_low_die_keeps_a_six)
{
    const bsk_action *a = greedy_in_the_roll_window("519.7-reroll-replaces-the-roll.json"); /* rolled 1 */
    ck_assert_int_eq(a->kind, BSK_ACT_FEATURE);
    ck_assert_int_eq(a->target, 0);
    a = greedy_in_the_roll_window("519.7-rerolled-away-6-triggers-no-on-die-roll-6.json"); /* rolled 6 */
    ck_assert_int_eq(a->kind, BSK_ACT_PASS);
}
END_TEST

/* The greedy score of unit 0's feature 0 at unit 1 in position NAME (branch costs4). */
static int feature_score(const char *name)
{
    open_position(name);
    int n = bsk_match_legal(&match, &table, legal, BSK_MATCH_LEGAL_MAX);
    int k = 0;
    while (k < n && !(legal[k].kind == BSK_ACT_FEATURE && legal[k].unit == 0 && legal[k].index == 0 &&
                      legal[k].target == 1))
        k++;
    ck_assert_int_lt(k, n);
    int scores[BSK_MATCH_LEGAL_MAX];
    agent_greedy_scores(&match, 1, &table, legal, n, scores);
    return scores[k];
}

/* Prepaid costs (501.4, branch costs4): greedy weighs what they take from its own card. Destroying a
 * 3-life card to wound an 8-life enemy by 2 is a loss, and greedy does not do it; losing one of two extra
 * lives for those 2 wounds is worth it; losing the extra life that keeps the card alive is not. */
START_TEST(test_greedy_scores_prepaid_costs)
{
    ck_assert_int_lt(feature_score("501.15.1-destroy-self-prepayment-feature-still-executes.json"), 0);
    int count;
    const bsk_action *a = greedy_answer(&count);
    ck_assert_msg(!(a->kind == BSK_ACT_FEATURE && a->unit == 0 && a->index == 0), "greedy destroys its own card");
    ck_assert_int_lt(feature_score("501.15.1-return-self-to-deck-prepayment-feature-still-executes.json"), 0);
    ck_assert_int_gt(feature_score("501.4-lose-extra-life-cost-paid-before-the-effect.json"), 0);
    ck_assert_int_lt(feature_score("501.15-lose-extra-life-prepayment-kills-the-source-effect-not-applied.json"), 0);
}
END_TEST

Suite *agents_features_suite(void)
{
    Suite *suite = suite_create("agents_features");
    TCase *greedy = tcase_create("greedy");
    tcase_set_timeout(greedy, 60);
    tcase_add_unchecked_fixture(greedy, load, unload);
    tcase_add_test(greedy, test_greedy_mode_takes_the_better_option);
    tcase_add_test(greedy, test_greedy_choose_takes_the_kill);
    tcase_add_test(greedy, test_greedy_pays_the_largest_x);
    tcase_add_test(greedy, test_greedy_use_declines_self_harm);
    tcase_add_test(greedy, test_greedy_scores_an_op_past_the_first_three);
    tcase_add_test(greedy, test_greedy_scores_exile);
    tcase_add_test(greedy, test_greedy_scores_a_filtered_all_target);
    tcase_add_test(greedy, test_greedy_cancels_an_enemy_strike);
    tcase_add_test(greedy, test_greedy_blocks_an_enemy_strike); /* branch block3 */
    tcase_add_test(greedy, test_cached_fight_sees_an_effect_on_its_cards);
    tcase_add_test(greedy, test_greedy_rerolls_a_low_die_keeps_a_six); /* branch dice3 */
    tcase_add_test(greedy, test_greedy_scores_prepaid_costs); /* branch costs4 */
    suite_add_tcase(suite, greedy);
    return suite;
}
