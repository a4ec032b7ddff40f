/* test_deal.c — deal and redeal simulation (402.2–402.4, DESIGN §2 and §4): redeal
 * policies, redeal accounting and the 0-gold loss, Monte Carlo against the exact
 * hypergeometric odds within 4 standard errors, the optimal policy's dynamic programme
 * against its Monte Carlo mean, and trials that do not depend on how they are split. */
#include "berserk/deal.h"
#include "catalog.h"
#include "formats.h"
#include "suites.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static bsk_catalog catalog;
static bsk_format format;
static bsk_squad_scratch scratch; /* the optimizer's, reused by every trial */

static void setup(void)
{
    bsk_error error;
    bsk_squad_scratch_init(&scratch);
    bsk_catalog_init(&catalog);
    ck_assert_int_eq(bsk_catalog_load_bundled(&catalog, &error), BSK_OK);
    ck_assert_int_eq(bsk_pool_index(&catalog.pool, &error), BSK_OK);
    bsk_format_init_defaults(&format);
}

static void teardown(void)
{
    bsk_catalog_free(&catalog);
}

static void load_deck(const char *file, bsk_sim_deck *deck, int player)
{
    char path[512];
    bsk_deck parsed;
    bsk_deck_report report;
    bsk_error error;
    const bsk_card *cards[BSK_SIM_MAX_DECK];
    int count = 0;
    snprintf(path, sizeof path, "%s/tests/fixtures/decks/%s", BSK_SOURCE_DIR, file);
    bsk_deck_init(&parsed);
    bsk_deck_report_init(&report);
    ck_assert_int_eq(bsk_decklist_read(path, &catalog.pool, &format, &parsed, &report, &error), BSK_OK);
    for (size_t i = 0; i < parsed.count; i++)
        for (int c = 0; c < parsed.entries[i].count; c++)
            cards[count++] = parsed.entries[i].card;
    ck_assert_int_eq(bsk_sim_deck_init(deck, cards, count, &format.squad, player, &error), BSK_OK);
    bsk_deck_free(&parsed);
    bsk_deck_report_free(&report);
}

/* 30 copies of Циклоп (elite, cost 8). */
static void eights_deck(bsk_sim_deck *deck, int player)
{
    const bsk_card *cards[30];
    const bsk_card *cyclops = bsk_pool_find_id(&catalog.pool, "01-101");
    bsk_error error;
    for (int i = 0; i < 30; i++)
        cards[i] = cyclops;
    ck_assert_int_eq(bsk_sim_deck_init(deck, cards, 30, &format.squad, player, &error), BSK_OK);
}

START_TEST(test_402_4_policy_syntax)
{
    bsk_redeal_policy policy;
    bsk_error error;
    char text[64];
    ck_assert_int_eq(bsk_redeal_policy_parse("none", &policy, &error), BSK_OK);
    ck_assert_int_eq(policy.kind, BSK_REDEAL_NONE);
    ck_assert_int_eq(bsk_redeal_policy_parse("below:40,max:2", &policy, &error), BSK_OK);
    ck_assert_int_eq(policy.kind, BSK_REDEAL_BELOW);
    ck_assert_int_eq(policy.below, 40);
    ck_assert_int_eq(policy.max_redeals, 2);
    bsk_redeal_policy_format(&policy, text, sizeof text);
    ck_assert_str_eq(text, "below:40,max:2");
    ck_assert_int_eq(bsk_redeal_policy_parse("optimal", &policy, &error), BSK_OK);
    ck_assert_int_eq(policy.max_redeals, -1);
    static const char *const BAD[] = {"", "below", "below:", "below:x", "often", "none,max", "none,max:-1",
                                      "optimal,min:2"};
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++)
        ck_assert_int_eq(bsk_redeal_policy_parse(BAD[i], &policy, &error), BSK_ERR_INVALID);
}
END_TEST

START_TEST(test_402_3_deck_smaller_than_the_deal)
{
    const bsk_card *cards[14];
    bsk_sim_deck deck;
    bsk_error error;
    for (int i = 0; i < 14; i++)
        cards[i] = bsk_pool_find_id(&catalog.pool, "01-101");
    ck_assert_int_eq(bsk_sim_deck_init(&deck, cards, 14, &format.squad, 1, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.rule, "402.3");
}
END_TEST

START_TEST(test_403_2_1_elite_eights_first_player_at_most_three)
{
    bsk_sim_deck deck;
    bsk_redeal_policy policy;
    bsk_sim_trial trial;
    eights_deck(&deck, 1);
    bsk_redeal_policy_parse("none", &policy, NULL);
    for (uint64_t i = 0; i < 2000; i++) {
        bsk_sim_run_trial(&deck, &policy, 7, i, &scratch, &trial);
        ck_assert_int_le(trial.squad_size, 3); /* 24 gold buys three cost-8 elite cards */
        ck_assert_int_eq(trial.spent, 24);
        ck_assert_int_eq(trial.gold_left, 0);
        ck_assert_int_eq(trial.silver_left, 22);
    }
}
END_TEST

/* recruit7 (issue 23), 403.2.2: sim deals honours a price a squad card changes — 04-003 Мираж makes the terrain
 * 02-011 Пустыня Дзара (4) cost 3. A deck of exactly the deal: Мираж, the terrain, 13 Кочевник (3, plains): the
 * whole deck costs 3 + 3 + 39 = 45 of the first player's 46 crystals (46 without the feature), paid silver first:
 * 22 silver and 23 gold, 1 gold left. */
START_TEST(test_403_2_2_sim_deals_counts_the_cheaper_terrain)
{
    const bsk_card *cards[15];
    bsk_sim_deck deck;
    bsk_redeal_policy policy;
    bsk_sim_trial trial;
    bsk_error error;
    cards[0] = bsk_pool_find_id(&catalog.pool, "04-003");
    cards[1] = bsk_pool_find_id(&catalog.pool, "02-011");
    for (int i = 2; i < 15; i++)
        cards[i] = bsk_pool_find_id(&catalog.pool, "01-001");
    ck_assert_int_eq(bsk_sim_deck_init(&deck, cards, 15, &format.squad, 1, &error), BSK_OK);
    bsk_redeal_policy_parse("none", &policy, NULL);
    for (uint64_t i = 0; i < 50; i++) {
        bsk_sim_run_trial(&deck, &policy, 5, i, &scratch, &trial);
        ck_assert_int_eq(trial.squad_size, 15);
        ck_assert_int_eq(trial.spent, 45);
        ck_assert_int_eq(trial.gold_left, 1);
        ck_assert_int_eq(trial.silver_left, 0);
    }
}
END_TEST

START_TEST(test_402_4_redeal_accounting)
{
    bsk_sim_deck deck;
    bsk_redeal_policy policy;
    bsk_sim_trial trial;
    eights_deck(&deck, 1);
    /* always redeal, twice at most: 22 gold left buys two cost-8 cards */
    bsk_redeal_policy_parse("below:99,max:2", &policy, NULL);
    for (uint64_t i = 0; i < 200; i++) {
        bsk_sim_run_trial(&deck, &policy, 11, i, &scratch, &trial);
        ck_assert_int_eq(trial.redeals, 2);
        ck_assert(!trial.lost);
        ck_assert_int_eq(trial.spent, 16);
        ck_assert_int_eq(trial.gold_left, 22 - 16);
    }
}
END_TEST

START_TEST(test_402_4_redeal_with_no_gold_is_a_loss)
{
    bsk_sim_deck deck;
    bsk_redeal_policy policy;
    bsk_sim_trial trial;
    format.squad.gold = 1;
    eights_deck(&deck, 1);
    bsk_redeal_policy_parse("below:99", &policy, NULL);
    bsk_sim_stats stats;
    bsk_sim_stats_init(&stats);
    for (uint64_t i = 0; i < 100; i++) {
        bsk_sim_run_trial(&deck, &policy, 3, i, &scratch, &trial);
        ck_assert(trial.lost);
        ck_assert_int_eq(trial.redeals, 1); /* the first redeal is paid; the second has no gold */
        ck_assert_int_eq(trial.spent, 0);
        bsk_sim_stats_add(&stats, &trial, deck.name_count);
    }
    ck_assert_uint_eq(stats.losses, 100);
    ck_assert(bsk_histogram_mean(&stats.spent) == 0.0);
}
END_TEST

/* Digest 01 §10 #45, 403.2.5: a player who cannot recruit a legal squad loses. A deck of
 * artifacts has no creature (403.2.3 d), so every trial is a loss, counted in losses as well
 * as in no_legal (issue 10 item 6: losses used to count only 402.4). */
START_TEST(test_403_2_5_no_legal_squad_is_a_loss)
{
    const bsk_card *cards[30];
    bsk_sim_deck deck;
    bsk_redeal_policy policy;
    bsk_sim_trial trial;
    bsk_sim_stats stats;
    bsk_error error;
    const bsk_card *altar = bsk_pool_find_id(&catalog.pool, "02-173"); /* Алтарь Хигарта, an artifact */
    ck_assert_ptr_nonnull(altar);
    ck_assert_int_eq(altar->type, BSK_TYPE_ARTIFACT);
    for (int i = 0; i < 30; i++)
        cards[i] = altar;
    ck_assert_int_eq(bsk_sim_deck_init(&deck, cards, 30, &format.squad, 1, &error), BSK_OK);
    bsk_redeal_policy_parse("none", &policy, NULL);
    bsk_sim_stats_init(&stats);
    for (uint64_t i = 0; i < 50; i++) {
        bsk_sim_run_trial(&deck, &policy, 5, i, &scratch, &trial);
        ck_assert(trial.no_legal);
        ck_assert(trial.lost);
        ck_assert_int_eq(trial.spent, 0);
        bsk_sim_stats_add(&stats, &trial, deck.name_count);
    }
    ck_assert_uint_eq(stats.no_legal, 50);
    ck_assert_uint_eq(stats.losses, 50);
}
END_TEST

START_TEST(test_monte_carlo_matches_exact_odds_within_4_se)
{
    bsk_sim_deck deck;
    bsk_redeal_policy policy;
    bsk_sim_trial trial;
    bsk_sim_stats stats;
    load_deck("tournament/09-koven.txt", &deck, 1);
    bsk_redeal_policy_parse("none", &policy, NULL);
    bsk_sim_stats_init(&stats);
    int group[2] = {0, 1};
    uint64_t group_hits = 0;
    const uint64_t trials = 20000;
    for (uint64_t i = 0; i < trials; i++) {
        bsk_sim_run_trial(&deck, &policy, 2026, i, &scratch, &trial);
        bsk_sim_stats_add(&stats, &trial, deck.name_count);
        group_hits += trial.in_deal[0] || trial.in_deal[1];
    }
    for (int name = 0; name < deck.name_count; name++) {
        double exact = bsk_hypergeometric_at_least(deck.size, deck.copies[name], 15, 1);
        double observed = (double)stats.in_deal[name] / (double)trials;
        double se = sqrt(exact * (1 - exact) / (double)trials);
        ck_assert_msg(fabs(observed - exact) <= 4 * se + 1e-12, "%s: observed %f, exact %f (se %f)",
                      deck.names[name]->name, observed, exact, se);
    }
    double exact = bsk_group_probability(&deck, group, 2, 15);
    double observed = (double)group_hits / (double)trials;
    ck_assert(fabs(observed - exact) <= 4 * sqrt(exact * (1 - exact) / (double)trials));
    ck_assert(exact > bsk_hypergeometric_at_least(deck.size, deck.copies[0], 15, 1));
}
END_TEST

START_TEST(test_trials_do_not_depend_on_their_split)
{
    /* the same trials in any order (as threads would take them) give the same sums */
    bsk_sim_deck deck;
    bsk_redeal_policy policy;
    bsk_sim_trial trial;
    bsk_sim_stats in_order, split_a, split_b;
    load_deck("tournament/06-elfy.txt", &deck, 2);
    bsk_redeal_policy_parse("below:45,max:3", &policy, NULL);
    bsk_sim_stats_init(&in_order);
    bsk_sim_stats_init(&split_a);
    bsk_sim_stats_init(&split_b);
    for (uint64_t i = 0; i < 600; i++) {
        bsk_sim_run_trial(&deck, &policy, 99, i, &scratch, &trial);
        bsk_sim_stats_add(&in_order, &trial, deck.name_count);
    }
    for (uint64_t i = 600; i-- > 0;) {
        bsk_sim_run_trial(&deck, &policy, 99, i, &scratch, &trial);
        bsk_sim_stats_add(i % 3 ? &split_a : &split_b, &trial, deck.name_count);
    }
    bsk_sim_stats_merge(&split_a, &split_b);
    ck_assert(memcmp(in_order.spent.count, split_a.spent.count, sizeof in_order.spent.count) == 0);
    ck_assert(memcmp(in_order.redeals.count, split_a.redeals.count, sizeof in_order.redeals.count) == 0);
    ck_assert(memcmp(in_order.in_squad, split_a.in_squad, sizeof in_order.in_squad) == 0);
    ck_assert_uint_eq(in_order.losses, split_a.losses);
    ck_assert(in_order.redeals.sum > 0); /* the policy did redeal */
}
END_TEST

START_TEST(test_optimal_policy_dp_against_monte_carlo)
{
    bsk_sim_deck deck;
    bsk_redeal_policy policy;
    bsk_sim_trial trial;
    bsk_sim_stats stats;
    load_deck("tournament/01-babkina-tachanka.txt", &deck, 1);
    bsk_redeal_policy_parse("optimal", &policy, NULL);
    bsk_redeal_optimal_values(&deck, &policy, 5, 3000);
    ck_assert_int_eq(policy.value_count, 25);
    for (int g = 1; g < policy.value_count; g++)
        ck_assert(policy.value[g] >= policy.value[g - 1] - 1e-9); /* more gold never hurts */
    bsk_sim_stats_init(&stats);
    for (uint64_t i = 0; i < 6000; i++) {
        bsk_sim_run_trial(&deck, &policy, 77, i, &scratch, &trial);
        bsk_sim_stats_add(&stats, &trial, deck.name_count);
    }
    double mean = bsk_histogram_mean(&stats.spent);
    /* both are estimates: allow 4 standard errors of each */
    double se = bsk_histogram_ci95(&stats.spent) / 1.96;
    ck_assert_msg(fabs(mean - policy.value[24]) <= 4 * se * sqrt(2.0) + 0.05, "Monte Carlo %f, DP %f", mean,
                  policy.value[24]);
}
END_TEST

START_TEST(test_histogram_summaries)
{
    bsk_sim_histogram histogram;
    memset(&histogram, 0, sizeof histogram);
    for (int v = 1; v <= 100; v++) {
        int bucket = v % 10;
        histogram.count[bucket]++;
        histogram.n++;
        histogram.sum += bucket;
        histogram.sum_squares += bucket * bucket;
    }
    ck_assert(fabs(bsk_histogram_mean(&histogram) - 4.5) < 1e-12);
    ck_assert_int_eq(bsk_histogram_percentile(&histogram, 0.05), 0);
    ck_assert_int_eq(bsk_histogram_percentile(&histogram, 0.5), 4);
    ck_assert_int_eq(bsk_histogram_percentile(&histogram, 0.95), 9);
    ck_assert(bsk_histogram_ci95(&histogram) > 0.5 && bsk_histogram_ci95(&histogram) < 0.6);
}
END_TEST

Suite *deal_suite(void)
{
    Suite *suite = suite_create("deal");
    TCase *tc = tcase_create("simulation");
    tcase_set_timeout(tc, 300);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_402_4_policy_syntax);
    tcase_add_test(tc, test_402_3_deck_smaller_than_the_deal);
    tcase_add_test(tc, test_403_2_1_elite_eights_first_player_at_most_three);
    tcase_add_test(tc, test_402_4_redeal_accounting);
    tcase_add_test(tc, test_403_2_2_sim_deals_counts_the_cheaper_terrain);
    tcase_add_test(tc, test_402_4_redeal_with_no_gold_is_a_loss);
    tcase_add_test(tc, test_403_2_5_no_legal_squad_is_a_loss);
    tcase_add_test(tc, test_monte_carlo_matches_exact_odds_within_4_se);
    tcase_add_test(tc, test_trials_do_not_depend_on_their_split);
    tcase_add_test(tc, test_optimal_policy_dp_against_monte_carlo);
    tcase_add_test(tc, test_histogram_summaries);
    suite_add_tcase(suite, tc);
    return suite;
}
