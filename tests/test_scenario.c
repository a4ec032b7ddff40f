/* test_scenario.c — the library's squad scenario runner (berserk/scenario.h) on plain
 * scenarios of synthetic cards, no file involved: each verdict of DESIGN §4 with its step,
 * index, card, code and rule, and the squad and placement as they stood. */
#include "berserk/scenario.h"
#include "suites.h"

#include <stdio.h>
#include <string.h>

static bsk_card cards[16];
static bsk_scenario scenario;
static bsk_scenario_verdict verdict;

/* Card i: a ground creature of the forests, rank-and-file, price 3 (15 of them cost 45). */
static void setup(void)
{
    bsk_format format;
    bsk_format_init_defaults(&format);
    memset(cards, 0, sizeof cards);
    for (int i = 0; i < 16; i++) {
        snprintf(cards[i].id, sizeof cards[i].id, "t-%03d", i);
        snprintf(cards[i].name, sizeof cards[i].name, "Card %d", i);
        snprintf(cards[i].set, sizeof cards[i].set, "01");
        cards[i].cost = 3;
        cards[i].elements = 1u << BSK_ELEMENT_FORESTS;
        cards[i].type = BSK_TYPE_CREATURE;
        cards[i].subtype = BSK_SUBTYPE_GROUND;
    }
    memset(&scenario, 0, sizeof scenario);
    scenario.params = format.squad;
    scenario.player = BSK_PLAYER_FIRST;
    scenario.deal_count = 15;
    for (int i = 0; i < 15; i++)
        scenario.deal[i] = &cards[i];
}

static void recruit(const bsk_card *card)
{
    scenario.recruit[scenario.recruit_count++] = (bsk_scenario_recruit_step){card, false, {0, 0}};
}

static void place(const bsk_card *card, const char *cell)
{
    scenario.has_placement = true;
    scenario.placement[scenario.placement_count++] = (bsk_scenario_place_step){card, bsk_cell_parse(cell)};
}

/* The verdict's step, index, card, code and rule. */
static void assert_stop(bsk_scenario_step step, int index, const bsk_card *card, const char *code, const char *rule)
{
    ck_assert(!verdict.legal);
    ck_assert_int_eq(verdict.step, step);
    ck_assert_int_eq(verdict.index, index);
    ck_assert_ptr_eq(verdict.card, card);
    ck_assert_str_eq(verdict.code, code);
    ck_assert_str_eq(verdict.rule, rule);
    ck_assert(verdict.message[0] != '\0');
}

START_TEST(test_legal_scenario_has_no_code)
{
    recruit(&cards[0]);
    recruit(&cards[1]);
    place(&cards[0], "c2");
    place(&cards[1], "b2");
    ck_assert(bsk_scenario_run(&scenario, &verdict));
    ck_assert(verdict.legal);
    ck_assert_int_eq(verdict.step, BSK_SCENARIO_LEGAL);
    ck_assert_ptr_null(bsk_scenario_step_id(verdict.step));
    ck_assert_int_eq(verdict.index, -1);
    ck_assert_ptr_null(verdict.card);
    ck_assert_ptr_null(verdict.code);
    ck_assert_ptr_null(verdict.rule);
    ck_assert_str_eq(verdict.message, "");
    ck_assert_int_eq(verdict.squad.squad_count, 2);
    ck_assert_int_eq(verdict.squad.spent, 6);
    ck_assert_int_eq(verdict.placement.placed, 2);
    ck_assert_int_eq(verdict.placement.occupant[bsk_cell_parse("c2")], 0);
}
END_TEST

START_TEST(test_no_placement_means_no_placement_check)
{
    recruit(&cards[0]);
    ck_assert(bsk_scenario_run(&scenario, &verdict));
    ck_assert_int_eq(verdict.placement.placed, 0);
}
END_TEST

START_TEST(test_402_4_redeal_without_gold)
{
    scenario.params.gold = 1;
    scenario.redeals = 2;
    recruit(&cards[0]);
    ck_assert(!bsk_scenario_run(&scenario, &verdict));
    assert_stop(BSK_SCENARIO_DEAL, -1, NULL, "redeal_without_gold", "402.4");
    ck_assert_str_eq(bsk_scenario_step_id(verdict.step), "deal");
    ck_assert_int_eq(verdict.squad.redeal_gold, 1);
}
END_TEST

START_TEST(test_402_3_deal_size)
{
    scenario.deal_count = 14;
    ck_assert(!bsk_scenario_run(&scenario, &verdict));
    assert_stop(BSK_SCENARIO_DEAL, -1, NULL, "deal_size", "402.3");
    ck_assert_str_eq(verdict.message, "the deal has 14 cards; it must have 15");
}
END_TEST

START_TEST(test_402_3_not_in_deck_counts_copies_by_name)
{
    bsk_deck_entry entries[15];
    bsk_deck deck = {.entries = entries, .count = 15, .capacity = 15};
    memset(entries, 0, sizeof entries);
    for (int i = 0; i < 15; i++)
        entries[i] = (bsk_deck_entry){.card = &cards[i], .count = 1};
    scenario.deck = &deck;
    recruit(&cards[0]);
    ck_assert(bsk_scenario_run(&scenario, &verdict)); /* one of each, dealt once each */
    scenario.deal[9] = &cards[4]; /* a second Card 4 from a deck holding one */
    ck_assert(!bsk_scenario_run(&scenario, &verdict));
    assert_stop(BSK_SCENARIO_DEAL, 9, &cards[4], "not_in_deck", "402.3");
    ck_assert_str_eq(verdict.message, "Card 4 is dealt 2 times, but the deck has 1");
}
END_TEST

START_TEST(test_403_2_1_not_in_deal_and_copies)
{
    recruit(&cards[0]);
    recruit(&cards[0]); /* dealt once: the second copy is not there */
    ck_assert(!bsk_scenario_run(&scenario, &verdict));
    assert_stop(BSK_SCENARIO_RECRUIT, 1, &cards[0], "not_in_deal", "403.2.1");
    ck_assert_int_eq(verdict.squad.squad_count, 1);
}
END_TEST

START_TEST(test_403_2_1_split_outside_0_99_is_invalid)
{
    /* the file reader refuses parts beyond ±99; the runner still judges what it is given */
    scenario.recruit[0] = (bsk_scenario_recruit_step){&cards[0], true, {100, 0}};
    scenario.recruit_count = 1;
    ck_assert(!bsk_scenario_run(&scenario, &verdict));
    assert_stop(BSK_SCENARIO_RECRUIT, 0, &cards[0], "invalid_split", "403.2.1");
    ck_assert_str_eq(verdict.message, "Card 0: a split of 100 gold + 0 silver is not a payment");
    scenario.recruit[0].payment = (bsk_payment){3, -1};
    ck_assert(!bsk_scenario_run(&scenario, &verdict));
    assert_stop(BSK_SCENARIO_RECRUIT, 0, &cards[0], "invalid_split", "403.2.1");
    scenario.recruit[0].payment = (bsk_payment){1, 2}; /* sums to the price of 3 */
    ck_assert(bsk_scenario_run(&scenario, &verdict));
    ck_assert_int_eq(verdict.squad.gold, 23);
    ck_assert_int_eq(verdict.squad.silver, 20);
}
END_TEST

START_TEST(test_403_2_3_final_no_creature)
{
    ck_assert(!bsk_scenario_run(&scenario, &verdict)); /* an empty squad has no creature */
    assert_stop(BSK_SCENARIO_FINAL, -1, NULL, "no_creature", "403.2.3");
    ck_assert_str_eq(bsk_scenario_step_id(verdict.step), "final");
}
END_TEST

START_TEST(test_404_1_1_not_in_squad)
{
    recruit(&cards[0]);
    place(&cards[1], "c2");
    ck_assert(!bsk_scenario_run(&scenario, &verdict));
    assert_stop(BSK_SCENARIO_PLACEMENT, 0, &cards[1], "not_in_squad", "404.1.1");
}
END_TEST

START_TEST(test_404_1_placement_codes_from_placement_ids)
{
    recruit(&cards[0]);
    recruit(&cards[1]);
    place(&cards[0], "c4"); /* the second player's half */
    ck_assert(!bsk_scenario_run(&scenario, &verdict));
    assert_stop(BSK_SCENARIO_PLACEMENT, 0, &cards[0], "cell_outside_half", "404.1.1");
    ck_assert_str_eq(verdict.message, "Card 0: cell c4 is not on the player's half");
    scenario.placement[0].cell = bsk_cell_parse("c2");
    place(&cards[1], "c2");
    ck_assert(!bsk_scenario_run(&scenario, &verdict));
    assert_stop(BSK_SCENARIO_PLACEMENT, 1, &cards[1], "cell_occupied", "404.1.1");
    scenario.placement[1].cell = bsk_cell_parse("a1");
    ck_assert(!bsk_scenario_run(&scenario, &verdict));
    assert_stop(BSK_SCENARIO_PLACEMENT, 1, &cards[1], "cell_not_allowed", "404.1.2");
    ck_assert_int_eq(verdict.placement.placed, 1);
}
END_TEST

START_TEST(test_404_1_1_not_placed)
{
    recruit(&cards[0]);
    recruit(&cards[1]);
    place(&cards[0], "c2");
    ck_assert(!bsk_scenario_run(&scenario, &verdict));
    assert_stop(BSK_SCENARIO_FINAL, -1, &cards[1], "not_placed", "404.1.1");
    ck_assert_str_eq(verdict.message, "Card 1 is in the squad but was not placed");
}
END_TEST

Suite *scenario_suite(void)
{
    Suite *suite = suite_create("scenario");
    TCase *tc = tcase_create("runner");
    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_add_test(tc, test_legal_scenario_has_no_code);
    tcase_add_test(tc, test_no_placement_means_no_placement_check);
    tcase_add_test(tc, test_402_4_redeal_without_gold);
    tcase_add_test(tc, test_402_3_deal_size);
    tcase_add_test(tc, test_402_3_not_in_deck_counts_copies_by_name);
    tcase_add_test(tc, test_403_2_1_not_in_deal_and_copies);
    tcase_add_test(tc, test_403_2_1_split_outside_0_99_is_invalid);
    tcase_add_test(tc, test_403_2_3_final_no_creature);
    tcase_add_test(tc, test_404_1_1_not_in_squad);
    tcase_add_test(tc, test_404_1_placement_codes_from_placement_ids);
    tcase_add_test(tc, test_404_1_1_not_placed);
    suite_add_tcase(suite, tc);
    return suite;
}
