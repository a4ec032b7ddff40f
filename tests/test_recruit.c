/* test_recruit.c — the deal and recruitment (402–403) and the best-squad optimizer
 * (DESIGN §2): crystals, redeals, payment and element penalties, the future-state check,
 * legality clauses, cancel and restart, the before-recruitment hooks and step, the digest
 * 01 §10 assertions #16, #18, #21, #45 and #46, the starter booklet's squads, and the
 * optimizer proved against brute force on 10,000 deals. */
#include "berserk/agent.h"
#include "berserk/card_table.h"
#include "berserk/match.h"
#include "berserk/placement.h"
#include "berserk/recruit.h"
#include "catalog.h"
#include "formats.h"
#include "suites.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bsk_format format;
static bsk_recruit recruit;
static bsk_recruit_result result;
static bsk_card cards[32];

/* A synthetic card: cost, elite, elements (bit set), type and subtype, uniqueness. */
static bsk_card *make(int index, const char *name, int cost, bool elite, unsigned elements, int type, int subtype,
                      int unique)
{
    bsk_card *card = &cards[index];
    memset(card, 0, sizeof *card);
    snprintf(card->id, sizeof card->id, "t-%03d", index);
    snprintf(card->name, sizeof card->name, "%s", name);
    snprintf(card->set, sizeof card->set, "01");
    card->cost = (int16_t)cost;
    card->elite = elite;
    card->elements = (uint8_t)elements;
    card->type = (uint8_t)type;
    card->subtype = (uint8_t)subtype;
    card->unique = (int8_t)unique;
    card->horde = 0;
    return card;
}

#define PLAINS (1u << BSK_ELEMENT_PLAINS)
#define FORESTS (1u << BSK_ELEMENT_FORESTS)
#define SWAMPS (1u << BSK_ELEMENT_SWAMPS)
#define DARKNESS (1u << BSK_ELEMENT_DARKNESS)
#define CREATURE BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND
#define FLYER BSK_TYPE_CREATURE, BSK_SUBTYPE_FLYER

static void deal_cards(int count, int player)
{
    const bsk_card *deal[32];
    for (int i = 0; i < count; i++)
        deal[i] = &cards[i];
    bsk_recruit_init(&recruit, &format.squad, player);
    bsk_recruit_set_deal(&recruit, deal, count);
}

static bsk_squad_scratch scratch; /* the optimizer's, reused across deals as a simulation does */

static void setup(void)
{
    bsk_format_init_defaults(&format);
    memset(cards, 0, sizeof cards);
    bsk_squad_scratch_init(&scratch);
}

START_TEST(test_402_1_crystals_of_each_player)
{
    deal_cards(0, BSK_PLAYER_FIRST);
    ck_assert_int_eq(recruit.gold, 24);
    ck_assert_int_eq(recruit.silver, 22);
    deal_cards(0, BSK_PLAYER_SECOND);
    ck_assert_int_eq(recruit.gold, 25);
    ck_assert_int_eq(recruit.silver, 23);
}
END_TEST

START_TEST(test_402_4_redeal_costs_one_gold_and_no_silver)
{
    deal_cards(1, BSK_PLAYER_FIRST);
    ck_assert_int_eq(bsk_recruit_redeal(&recruit), BSK_RECRUIT_OK);
    ck_assert_int_eq(bsk_recruit_redeal(&recruit), BSK_RECRUIT_OK);
    ck_assert_int_eq(recruit.gold, 22);
    ck_assert_int_eq(recruit.silver, 22);
    ck_assert_int_eq(recruit.redeal_gold, 2);
    ck_assert_int_eq(recruit.redeals, 2);
}
END_TEST

START_TEST(test_402_4_redeal_with_no_gold_loses)
{
    format.squad.gold = 1;
    deal_cards(1, BSK_PLAYER_FIRST);
    ck_assert_int_eq(bsk_recruit_redeal(&recruit), BSK_RECRUIT_OK);
    ck_assert_int_eq(recruit.gold, 0);
    ck_assert(!recruit.lost);
    ck_assert_int_eq(bsk_recruit_redeal(&recruit), BSK_RECRUIT_REDEAL_WITHOUT_GOLD);
    ck_assert(recruit.lost);
    ck_assert_str_eq(bsk_recruit_code_rule(BSK_RECRUIT_REDEAL_WITHOUT_GOLD), "402.4");
}
END_TEST

START_TEST(test_403_2_1_elite_paid_in_gold_only)
{
    make(0, "Элита", 5, true, PLAINS, CREATURE, 0);
    format.squad.gold = 4;
    format.squad.silver = 20;
    deal_cards(1, BSK_PLAYER_FIRST);
    ck_assert_int_eq(bsk_recruit_check(&recruit, 0, NULL, &result), BSK_RECRUIT_NOT_ENOUGH_GOLD);
    ck_assert_str_eq(bsk_recruit_code_id(result.code), "not_enough_gold");
    bsk_payment split = {0, 5};
    ck_assert_int_eq(bsk_recruit_check(&recruit, 0, &split, &result), BSK_RECRUIT_INVALID_SPLIT);
}
END_TEST

START_TEST(test_403_2_1_rank_and_file_any_split)
{
    make(0, "Рядовой", 5, false, PLAINS, CREATURE, 0);
    deal_cards(1, BSK_PLAYER_FIRST);
    static const bsk_payment SPLITS[] = {{2, 3}, {0, 5}, {5, 0}};
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(bsk_recruit_check(&recruit, 0, &SPLITS[i], &result), BSK_RECRUIT_OK);
        ck_assert_int_eq(result.gold, SPLITS[i].gold);
        ck_assert_int_eq(result.silver, SPLITS[i].silver);
    }
    bsk_payment wrong = {2, 2};
    ck_assert_int_eq(bsk_recruit_check(&recruit, 0, &wrong, &result), BSK_RECRUIT_INVALID_SPLIT);
    /* the default pays silver first */
    ck_assert_int_eq(bsk_recruit_take(&recruit, 0, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(recruit.silver, 17);
    ck_assert_int_eq(recruit.gold, 24);
    ck_assert_int_eq(recruit.spent, 5);
}
END_TEST

START_TEST(test_403_2_1_element_penalties)
{
    make(0, "Степняк", 3, false, PLAINS, CREATURE, 0);
    make(1, "Лесовик", 3, false, FORESTS, CREATURE, 0);
    make(2, "Болотник", 3, false, SWAMPS, CREATURE, 0);
    make(3, "Нейтрал", 3, false, 0, CREATURE, 0);
    make(4, "Степняк второй", 3, false, PLAINS, CREATURE, 0);
    deal_cards(5, BSK_PLAYER_FIRST);
    for (int i = 0; i < 5; i++)
        ck_assert_int_eq(bsk_recruit_take(&recruit, i, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(recruit.penalty_gold, 2); /* three elements: exactly 2 penalty gold */
    ck_assert_int_eq(recruit.gold, 22);
    /* neutral cards only: no penalty */
    make(0, "Нейтрал А", 3, false, 0, CREATURE, 0);
    make(1, "Нейтрал Б", 3, false, 0, CREATURE, 0);
    deal_cards(2, BSK_PLAYER_FIRST);
    bsk_recruit_take(&recruit, 0, NULL, &result);
    bsk_recruit_take(&recruit, 1, NULL, &result);
    ck_assert_int_eq(recruit.penalty_gold, 0);
}
END_TEST

/* 403.2.1: a take replayed from its record (the match state rebuilds recruitments so) spends
 * exactly what the checked take spent, element penalties included. */
START_TEST(test_403_2_1_recorded_takes_spend_as_the_checked_ones)
{
    make(0, "Степняк", 3, false, PLAINS, CREATURE, 0);
    make(1, "Лесовик", 4, true, FORESTS, CREATURE, 0);
    make(2, "Болотник", 2, false, SWAMPS, CREATURE, 0);
    make(3, "Летун", 5, false, PLAINS, FLYER, 0);
    deal_cards(4, BSK_PLAYER_SECOND);
    bsk_recruit replay = recruit;
    static const bsk_payment PAY[] = {{1, 2}, {-1, -1}, {0, 2}, {-1, -1}};
    for (int i = 0; i < 4; i++) {
        ck_assert_int_eq(bsk_recruit_take(&recruit, i, &PAY[i], &result), BSK_RECRUIT_OK);
        bsk_recruit_take_recorded(&replay, i, result.gold, result.silver);
        ck_assert_int_eq(replay.gold, recruit.gold);
        ck_assert_int_eq(replay.silver, recruit.silver);
        ck_assert_int_eq(replay.penalty_gold, recruit.penalty_gold);
        ck_assert_int_eq(replay.flyer_crystals, recruit.flyer_crystals);
        ck_assert_int_eq(replay.squad_count, recruit.squad_count);
        ck_assert_int_eq(replay.elements, recruit.elements);
    }
    ck_assert_int_eq(recruit.penalty_gold, 2);
}
END_TEST

START_TEST(test_403_2_1_two_element_first_card_pays_one)
{
    make(0, "Двойной", 3, false, PLAINS | FORESTS, CREATURE, 0);
    make(1, "Степняк", 3, false, PLAINS, CREATURE, 0);
    deal_cards(2, BSK_PLAYER_FIRST);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 0, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(result.penalty, 1);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 1, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(result.penalty, 0);
}
END_TEST

START_TEST(test_403_2_1_no_gold_for_a_second_element)
{
    make(0, "Степняк", 3, false, PLAINS, CREATURE, 0);
    make(1, "Лесовик", 3, false, FORESTS, CREATURE, 0);
    format.squad.gold = 0;
    format.squad.silver = 10;
    deal_cards(2, BSK_PLAYER_FIRST);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 0, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 1, NULL, &result), BSK_RECRUIT_NOT_ENOUGH_GOLD);
    /* 403.2.3.1 e: a failed check spends nothing and the card stays in the deal */
    ck_assert_int_eq(recruit.silver, 7);
    ck_assert_int_eq(recruit.squad_count, 1);
    ck_assert_int_eq(recruit.squad_index[1], -1);
}
END_TEST

START_TEST(test_403_2_3_not_enough_crystals)
{
    make(0, "Дорогой", 9, false, PLAINS, CREATURE, 0);
    format.squad.gold = 4;
    format.squad.silver = 4;
    deal_cards(1, BSK_PLAYER_FIRST);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 0, NULL, &result), BSK_RECRUIT_NOT_ENOUGH_CRYSTALS);
    ck_assert_str_eq(bsk_recruit_code_rule(result.code), "403.2.3");
}
END_TEST

START_TEST(test_403_2_3_flyers_15_legal_16_not)
{
    make(0, "Наземный", 2, false, PLAINS, CREATURE, 0);
    make(1, "Летун А", 8, false, PLAINS, FLYER, 0);
    make(2, "Летун Б", 7, false, PLAINS, FLYER, 0);
    make(3, "Летун В", 1, false, PLAINS, FLYER, 0);
    deal_cards(4, BSK_PLAYER_FIRST);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 0, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 1, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 2, NULL, &result), BSK_RECRUIT_OK); /* 15 */
    ck_assert_int_eq(recruit.flyer_crystals, 15);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 3, NULL, &result), BSK_RECRUIT_FLYER_BUDGET); /* 16 */
    ck_assert_str_eq(bsk_recruit_code_id(result.code), "flyer_budget");
}
END_TEST

START_TEST(test_403_2_3_flyer_penalty_does_not_count)
{
    /* DESIGN §2: only the flyers' own hire prices count toward 15 */
    make(0, "Наземный", 2, false, PLAINS, CREATURE, 0);
    make(1, "Летун", 15, false, DARKNESS, FLYER, 0);
    deal_cards(2, BSK_PLAYER_FIRST);
    bsk_recruit_take(&recruit, 0, NULL, &result);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 1, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(result.penalty, 1);
    ck_assert_int_eq(recruit.flyer_crystals, 15);
}
END_TEST

START_TEST(test_403_2_3_first_card_must_be_a_creature)
{
    make(0, "Артефакт", 3, false, PLAINS, BSK_TYPE_ARTIFACT, BSK_SUBTYPE_NONE, 0);
    make(1, "Существо", 3, false, PLAINS, CREATURE, 0);
    deal_cards(2, BSK_PLAYER_FIRST);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 0, NULL, &result), BSK_RECRUIT_NO_CREATURE);
    ck_assert_ptr_nonnull(strstr(result.message, "first card must be a creature"));
    ck_assert_int_eq(bsk_recruit_take(&recruit, 1, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 0, NULL, &result), BSK_RECRUIT_OK);
    /* an empty squad is not legal (403.2.3 d) */
    deal_cards(2, BSK_PLAYER_FIRST);
    ck_assert_int_eq(bsk_recruit_legal(&recruit, &result), BSK_RECRUIT_NO_CREATURE);
}
END_TEST

START_TEST(test_403_2_3_cells_limit_the_squad)
{
    for (int i = 0; i < 17; i++) {
        char name[32];
        snprintf(name, sizeof name, "Дешёвый %d", i);
        make(i, name, 1, false, 0, CREATURE, 0);
    }
    deal_cards(17, BSK_PLAYER_FIRST);
    for (int i = 0; i < 15; i++)
        ck_assert_int_eq(bsk_recruit_take(&recruit, i, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 15, NULL, &result), BSK_RECRUIT_TOO_MANY_CARDS); /* a 16th */
    /* one forbidden placement cell (404.1.4): at most 14 */
    deal_cards(17, BSK_PLAYER_FIRST);
    recruit.cells = 14;
    for (int i = 0; i < 14; i++)
        ck_assert_int_eq(bsk_recruit_take(&recruit, i, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 14, NULL, &result), BSK_RECRUIT_TOO_MANY_CARDS);
}
END_TEST

START_TEST(test_106_4_uniqueness_in_the_squad)
{
    make(0, "Герой", 3, false, PLAINS, CREATURE, 1);
    make(1, "Герой", 3, false, PLAINS, CREATURE, 1);
    make(2, "ГЕРОЙ", 3, false, PLAINS, CREATURE, 0); /* same name, another printing, not unique */
    make(3, "Воин", 3, false, PLAINS, CREATURE, 0);
    make(4, "Воин", 3, false, PLAINS, CREATURE, 0);
    deal_cards(5, BSK_PLAYER_FIRST);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 0, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 1, NULL, &result), BSK_RECRUIT_DUPLICATE_UNIQUE);
    ck_assert_str_eq(bsk_recruit_code_rule(result.code), "106.4");
    ck_assert_int_eq(bsk_recruit_take(&recruit, 2, NULL, &result), BSK_RECRUIT_DUPLICATE_UNIQUE);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 3, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 4, NULL, &result), BSK_RECRUIT_OK); /* two non-unique */
    /* a unique card after a non-unique one of the same name */
    deal_cards(5, BSK_PLAYER_FIRST);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 2, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 0, NULL, &result), BSK_RECRUIT_DUPLICATE_UNIQUE);
}
END_TEST

START_TEST(test_213_3_one_terrain)
{
    make(0, "Существо", 3, false, PLAINS, CREATURE, 0);
    make(1, "Лес", 1, false, PLAINS, BSK_TYPE_TERRAIN, BSK_SUBTYPE_NONE, 0);
    make(2, "Горы", 1, false, PLAINS, BSK_TYPE_TERRAIN, BSK_SUBTYPE_NONE, 0);
    deal_cards(3, BSK_PLAYER_FIRST);
    bsk_recruit_take(&recruit, 0, NULL, &result);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 1, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 2, NULL, &result), BSK_RECRUIT_SECOND_TERRAIN);
    ck_assert_str_eq(bsk_recruit_code_rule(result.code), "213.3");
}
END_TEST

/* recruit7 (issue 23): a card whose static feature changes prices at recruitment (recruit_cost_modifier, 04-003
 * Мираж: your terrains cost 1 crystal less at recruitment): a filter of printed fields (terrain, or
 * artifact for the second), X crystals. */
static bsk_card_features CHEAPER_TERRAIN, CHEAPER_ARTIFACT;

static void price_feature(bsk_card_features *out, int type, int x)
{
    memset(out, 0, sizeof *out);
    out->count = 1;
    out->filter_count = 1;
    out->filters[0].types = (uint8_t)(1u << type);
    out->filters[0].side = BSK_FILTER_SIDE_OWN;
    bsk_feature *f = &out->features[0];
    f->kind = BSK_FEATURE_STATIC;
    f->src = 2;
    f->effect_count = 1;
    f->effects[0].op = BSK_OP_RECRUIT_COST_MODIFIER;
    f->effects[0].target = BSK_TARGET_ALL;
    f->effects[0].filter = 1;
    f->effects[0].value = (bsk_expr){BSK_EXPR_CONST, 0, (int8_t)x};
    out->engine[0] = BSK_ENGINE_GENERIC;
}

/* 403.2.2: once the card is in the squad, its feature changes the hire price of the terrain recruited after it
 * (403.2.3.1 a), never below 0; not its own (403.2.3.2), not a terrain taken before it; cancel (403.2.4) gives the
 * crystals back as paid. */
START_TEST(test_403_2_2_a_squad_card_makes_terrain_cheaper)
{
    price_feature(&CHEAPER_TERRAIN, BSK_TYPE_TERRAIN, -1);
    make(0, "Мираж", 3, false, PLAINS, CREATURE, 0)->features = &CHEAPER_TERRAIN;
    make(1, "Лес", 2, false, PLAINS, BSK_TYPE_TERRAIN, BSK_SUBTYPE_NONE, 0);
    make(2, "Существо", 4, false, PLAINS, CREATURE, 0);
    make(3, "Пустошь", 0, false, PLAINS, BSK_TYPE_TERRAIN, BSK_SUBTYPE_NONE, 0);
    ck_assert(bsk_card_changes_prices(&cards[0]));
    ck_assert(!bsk_card_changes_prices(&cards[2]));
    ck_assert_int_eq(bsk_card_recruit_cost_change(&cards[0], &cards[1]), -1);
    ck_assert_int_eq(bsk_card_recruit_cost_change(&cards[0], &cards[2]), 0); /* a creature: not its filter */
    deal_cards(4, BSK_PLAYER_FIRST);
    ck_assert_int_eq(bsk_recruit_price(&recruit, 1), 2); /* not in the squad yet: the printed cost */
    ck_assert_int_eq(bsk_recruit_take(&recruit, 0, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(result.price, 3);
    ck_assert_int_eq(bsk_recruit_price(&recruit, 1), 1);
    ck_assert_int_eq(bsk_recruit_price(&recruit, 2), 4);
    ck_assert_int_eq(bsk_recruit_price(&recruit, 3), 0); /* never below 0 */
    ck_assert_int_eq(bsk_recruit_take(&recruit, 1, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(result.price, 1);
    ck_assert_int_eq(recruit.spent, 4);
    ck_assert_int_eq(recruit.silver, 22 - 4);
    /* the record replays the price then paid */
    bsk_recruit replay;
    const bsk_card *deal[4] = {&cards[0], &cards[1], &cards[2], &cards[3]};
    bsk_recruit_init(&replay, &format.squad, BSK_PLAYER_FIRST);
    bsk_recruit_set_deal(&replay, deal, 4);
    bsk_recruit_take_recorded(&replay, 0, 0, 3);
    bsk_recruit_take_recorded(&replay, 1, 0, 1);
    ck_assert_int_eq(replay.spent, 4);
    ck_assert_int_eq(replay.price_changers, 1);
    /* 403.2.4: cancel refunds every crystal paid */
    bsk_recruit_cancel(&recruit);
    ck_assert_int_eq(recruit.silver, 22);
    ck_assert_int_eq(recruit.price_changers, 0);
    /* the terrain first pays its printed cost: the feature acts only from the squad */
    ck_assert_int_eq(bsk_recruit_take(&recruit, 2, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 1, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(result.price, 2);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 0, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(recruit.spent, 9);
}
END_TEST

/* 403.2.2 with DESIGN §2: the optimizer counts the lower price when the card is in its squad, and its recruiting
 * order takes the card before the terrain, so the library charges what it counted; two copies lower it twice. */
START_TEST(test_403_2_2_best_squad_counts_the_cheaper_terrain)
{
    price_feature(&CHEAPER_TERRAIN, BSK_TYPE_TERRAIN, -1);
    make(0, "Лес", 3, false, PLAINS, BSK_TYPE_TERRAIN, BSK_SUBTYPE_NONE, 0);
    make(1, "Мираж", 3, false, PLAINS, CREATURE, 0)->features = &CHEAPER_TERRAIN;
    make(2, "Мираж", 3, false, PLAINS, CREATURE, 0)->features = &CHEAPER_TERRAIN;
    make(3, "Существо", 20, false, PLAINS, CREATURE, 0);
    make(4, "Существо", 19, true, PLAINS, CREATURE, 0);
    deal_cards(5, BSK_PLAYER_FIRST);
    recruit.gold = 2; /* 2 gold, 22 silver: 24 crystals */
    bsk_squad_choice fast, slow;
    ck_assert(bsk_squad_best(&recruit, NULL, &scratch, &fast));
    ck_assert(bsk_squad_best_brute_force(&recruit, NULL, &slow));
    /* 20 + terrain at 3 − 1 = 22 with one Мираж (25 crystals: too much); with both 3 + 3 + 20 > 24; the best: 20 +
     * Мираж 3 = 23, or the terrain at 2 beside a Мираж: 20 + 3 + 2 = 25 > 24; so {Мираж, Существо} value 23, or
     * {Лес, Мираж, Мираж}: 3 + 3 + 1 = 7 */
    ck_assert_int_eq(fast.value, slow.value);
    ck_assert_int_eq(fast.count, slow.count);
    ck_assert_int_eq(memcmp(fast.positions, slow.positions, (size_t)fast.count), 0);
    recruit.gold = 24;
    recruit.silver = 1; /* 25 crystals: {Лес, Мираж, Существо 20} costs 2 + 3 + 20 = 25 only with the discount */
    ck_assert(bsk_squad_best(&recruit, NULL, &scratch, &fast));
    ck_assert(bsk_squad_best_brute_force(&recruit, NULL, &slow));
    ck_assert_int_eq(fast.value, slow.value);
    ck_assert_int_eq(fast.spent, slow.spent);
    ck_assert_int_eq(memcmp(fast.positions, slow.positions, (size_t)fast.count), 0);
    int8_t order[BSK_MAX_DEAL];
    int n = bsk_squad_order(&recruit, &fast, order);
    ck_assert_int_eq(n, fast.count);
    ck_assert(recruit.deal[order[0]]->features != NULL); /* the card that lowers the price first */
    for (int i = 0; i < n; i++)
        ck_assert_msg(bsk_recruit_take(&recruit, order[i], NULL, &result) == BSK_RECRUIT_OK, "%s", result.message);
    ck_assert_int_eq(recruit.spent, fast.spent);
}
END_TEST

START_TEST(test_403_2_4_cancel_refunds_and_keeps_locked_cards)
{
    make(0, "Первый", 4, false, PLAINS, CREATURE, 0);
    make(1, "Второй", 5, true, FORESTS, CREATURE, 0);
    make(2, "Третий", 3, false, SWAMPS, CREATURE, 0);
    deal_cards(3, BSK_PLAYER_FIRST);
    /* 403.1: the first card enters in the before-recruitment step */
    ck_assert_int_eq(bsk_recruit_before_use(&recruit, 0), BSK_RECRUIT_OK);
    ck_assert_int_eq(bsk_recruit_before_take(&recruit, 0, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 1, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 2, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(recruit.gold, 24 - 5 - 2);
    bsk_recruit_cancel(&recruit);
    ck_assert_int_eq(recruit.squad_count, 1);
    ck_assert_int_eq(recruit.squad[0], 0);
    ck_assert_int_eq(recruit.gold, 24);
    ck_assert_int_eq(recruit.silver, 18);
    ck_assert_int_eq(recruit.penalty_gold, 0);
    ck_assert_uint_eq(recruit.elements, PLAINS); /* returned cards' elements no longer count */
    ck_assert_int_eq(recruit.squad_index[1], -1);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 2, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(result.penalty, 1);
}
END_TEST

START_TEST(test_403_1_before_recruitment_hooks)
{
    make(0, "Пророк", 3, false, PLAINS, CREATURE, 1);
    make(1, "Пророк", 3, false, PLAINS, CREATURE, 1);
    make(2, "Жрец", 3, false, PLAINS, CREATURE, 0);
    deal_cards(3, BSK_PLAYER_FIRST);
    ck_assert_int_eq(bsk_recruit_before_use(&recruit, 0), BSK_RECRUIT_OK);
    ck_assert_int_eq(bsk_recruit_before_use(&recruit, 0), BSK_RECRUIT_FEATURE_USED);          /* once per battle */
    ck_assert_int_eq(bsk_recruit_before_use(&recruit, 1), BSK_RECRUIT_FEATURE_UNIQUE_NAME);   /* 403.1.3 */
    ck_assert_int_eq(bsk_recruit_before_take(&recruit, 2, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(bsk_recruit_before_use(&recruit, 2), BSK_RECRUIT_NOT_IN_DEAL);          /* only deal cards */
    bsk_recruit_before_pass(&recruit);
    ck_assert_int_eq(bsk_recruit_before_use(&recruit, 1), BSK_RECRUIT_STEP_PASSED);
}
END_TEST

START_TEST(test_403_2_3_3_unchecked_take_stays)
{
    make(0, "Существо", 3, false, PLAINS, CREATURE, 0);
    make(1, "Артефакт", 3, false, PLAINS, BSK_TYPE_ARTIFACT, BSK_SUBTYPE_NONE, 0);
    deal_cards(2, BSK_PLAYER_FIRST);
    /* taken without the check: the squad is now illegal (no creature) and it cannot be undone */
    ck_assert_int_eq(bsk_recruit_take_unchecked(&recruit, 1, NULL, &result), BSK_RECRUIT_NO_CREATURE);
    ck_assert_int_eq(recruit.squad_count, 1);
    bsk_recruit_cancel(&recruit);
    ck_assert_int_eq(recruit.squad_count, 1);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 0, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(bsk_recruit_legal(&recruit, &result), BSK_RECRUIT_OK);
}
END_TEST

START_TEST(test_403_2_5_no_legal_squad)
{
    make(0, "Артефакт", 3, false, PLAINS, BSK_TYPE_ARTIFACT, BSK_SUBTYPE_NONE, 0);
    make(1, "Гигант", 30, true, PLAINS, CREATURE, 0);
    deal_cards(2, BSK_PLAYER_FIRST);
    bsk_squad_choice choice;
    ck_assert(!bsk_squad_best(&recruit, NULL, NULL, &choice));
    ck_assert(!bsk_squad_best_brute_force(&recruit, NULL, &choice));
}
END_TEST

START_TEST(test_403_2_6_leftover_returns_to_the_deck)
{
    make(0, "А", 3, false, PLAINS, CREATURE, 0);
    make(1, "Б", 3, false, PLAINS, CREATURE, 0);
    make(2, "В", 3, false, PLAINS, CREATURE, 0);
    deal_cards(3, BSK_PLAYER_FIRST);
    bsk_recruit_take(&recruit, 1, NULL, &result);
    const bsk_card *left[3];
    ck_assert_int_eq(bsk_recruit_leftover(&recruit, left), 2);
    ck_assert_ptr_eq(left[0], &cards[0]);
    ck_assert_ptr_eq(left[1], &cards[2]);
}
END_TEST

/* ---- digest 01 §10 assertions #16, #18, #21, #45, #46 (issue 10 audit) ---- */

/* 30 distinct ground creatures t-000..t-029, cost 1, no element. */
static void thirty_cards(const bsk_card **deck)
{
    for (int i = 0; i < 30; i++) {
        char name[32];
        snprintf(name, sizeof name, "Карта %d", i);
        deck[i] = make(i, name, 1, false, 0, CREATURE, 0);
    }
}

static bool in_cards(const bsk_card *card, const bsk_card *const *list, int count)
{
    for (int i = 0; i < count; i++)
        if (list[i] == card)
            return true;
    return false;
}

/* #16 (402.4, 402.2): on a redeal the old deal goes back into the deck and the whole deck is
 * reshuffled before 15 new cards are taken: the new deal may hold cards of the old one (it
 * does, with this seed: 5 of 15) and is not the old deal again. */
START_TEST(test_10_16_402_4_redeal_returns_the_deal_and_reshuffles)
{
    const bsk_card *deck[30], *first[15];
    bsk_rng rng;
    thirty_cards(deck);
    bsk_rng_seed(&rng, 2026);
    bsk_recruit_init(&recruit, &format.squad, BSK_PLAYER_FIRST);
    bsk_recruit_deal(&recruit, deck, 30, &rng);
    ck_assert_int_eq(recruit.deal_count, 15);
    memcpy(first, recruit.deal, sizeof first);
    ck_assert_int_eq(bsk_recruit_redeal(&recruit), BSK_RECRUIT_OK);
    bsk_recruit_deal(&recruit, deck, 30, &rng);
    int again = 0, same_place = 0;
    for (int i = 0; i < 15; i++) {
        again += in_cards(recruit.deal[i], first, 15);
        same_place += recruit.deal[i] == first[i];
    }
    ck_assert_int_eq(again, 5);       /* returned: cards of the old deal come back */
    ck_assert_int_lt(same_place, 15); /* reshuffled: not the same deal */
    ck_assert_int_eq(recruit.gold, 23);
    /* every card of the deck is still there exactly once */
    for (int i = 0; i < 30; i++)
        ck_assert(in_cards(&cards[i], deck, 30));
}
END_TEST

/* #18 (403.1, 401.3): the "before recruitment" step starts with the first player; players
 * alternate one feature each; a player who passes uses no more, the opponent goes on alone;
 * the step ends when both have passed. */
START_TEST(test_10_18_403_1_first_player_acts_first_before_recruitment)
{
    bsk_recruit first, second;
    bsk_before_step step;
    const bsk_card *deal[4];
    for (int i = 0; i < 4; i++) {
        char name[32];
        snprintf(name, sizeof name, "Пророк %d", i);
        deal[i] = make(i, name, 2, false, PLAINS, CREATURE, 0);
    }
    bsk_recruit_init(&first, &format.squad, BSK_PLAYER_FIRST);
    bsk_recruit_set_deal(&first, deal, 4);
    bsk_recruit_init(&second, &format.squad, BSK_PLAYER_SECOND);
    bsk_recruit_set_deal(&second, deal, 4);
    bsk_before_step_init(&step, &first, &second);
    ck_assert_int_eq(bsk_before_step_to_act(&step), BSK_PLAYER_FIRST);
    /* the second player may not start */
    ck_assert_int_eq(bsk_before_step_use(&step, BSK_PLAYER_SECOND, 0, -1, NULL, &result), BSK_RECRUIT_NOT_YOUR_TURN);
    ck_assert_str_eq(bsk_recruit_code_rule(result.code), "401.3");
    ck_assert_int_eq(bsk_before_step_pass(&step, BSK_PLAYER_SECOND), BSK_RECRUIT_NOT_YOUR_TURN);
    ck_assert(!second.before_used[0] && !second.before_passed);
    /* P1 uses one, then P2, then P1 again */
    ck_assert_int_eq(bsk_before_step_use(&step, BSK_PLAYER_FIRST, 0, -1, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(bsk_before_step_to_act(&step), BSK_PLAYER_SECOND);
    ck_assert_int_eq(bsk_before_step_use(&step, BSK_PLAYER_FIRST, 1, -1, NULL, &result), BSK_RECRUIT_NOT_YOUR_TURN);
    ck_assert_int_eq(bsk_before_step_use(&step, BSK_PLAYER_SECOND, 0, -1, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(bsk_before_step_to_act(&step), BSK_PLAYER_FIRST);
    /* P1 passes: out for the rest of the step; P2 goes on alone */
    ck_assert_int_eq(bsk_before_step_pass(&step, BSK_PLAYER_FIRST), BSK_RECRUIT_OK);
    ck_assert(first.before_passed);
    ck_assert_int_eq(bsk_before_step_to_act(&step), BSK_PLAYER_SECOND);
    ck_assert_int_eq(bsk_before_step_use(&step, BSK_PLAYER_SECOND, 1, 1, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(second.squad_count, 1); /* 403.1.1: the feature took its card */
    ck_assert_int_eq(bsk_before_step_to_act(&step), BSK_PLAYER_SECOND);
    ck_assert_int_eq(bsk_before_step_use(&step, BSK_PLAYER_FIRST, 2, -1, NULL, &result), BSK_RECRUIT_STEP_PASSED);
    ck_assert_int_eq(bsk_before_step_pass(&step, BSK_PLAYER_SECOND), BSK_RECRUIT_OK);
    ck_assert_int_eq(bsk_before_step_to_act(&step), 0); /* both passed: the step is over */
    ck_assert_int_eq(bsk_before_step_use(&step, BSK_PLAYER_SECOND, 2, -1, NULL, &result), BSK_RECRUIT_STEP_PASSED);
}
END_TEST

/* #21 (403.1.2): a "before recruitment" feature that would put a card into the squad cannot
 * be declared if the squad would be illegal: refused with the 403.2.3 reason, and nothing
 * changes (the feature is not spent, the turn does not pass, no crystal is paid). */
START_TEST(test_10_21_403_1_2_illegal_before_recruitment_take_refused)
{
    bsk_recruit first, second;
    bsk_before_step step;
    const bsk_card *deal[3] = {make(0, "Жрец", 2, false, PLAINS, CREATURE, 0),
                               make(1, "Алтарь", 3, false, PLAINS, BSK_TYPE_ARTIFACT, BSK_SUBTYPE_NONE, 0),
                               make(2, "Гигант", 30, true, PLAINS, CREATURE, 0)};
    bsk_recruit_init(&first, &format.squad, BSK_PLAYER_FIRST);
    bsk_recruit_set_deal(&first, deal, 3);
    bsk_recruit_init(&second, &format.squad, BSK_PLAYER_SECOND);
    bsk_recruit_set_deal(&second, deal, 3);
    bsk_before_step_init(&step, &first, &second);
    /* an artifact as the squad's only card: no creature (403.2.3 d) */
    ck_assert_int_eq(bsk_before_step_use(&step, BSK_PLAYER_FIRST, 0, 1, NULL, &result), BSK_RECRUIT_NO_CREATURE);
    /* a card the player cannot pay for (403.2.3 a) */
    ck_assert_int_eq(bsk_before_step_use(&step, BSK_PLAYER_FIRST, 0, 2, NULL, &result), BSK_RECRUIT_NOT_ENOUGH_GOLD);
    ck_assert_int_eq(first.squad_count, 0);
    ck_assert_int_eq(first.gold, 24);
    ck_assert_int_eq(first.silver, 22);
    ck_assert(!first.before_used[0]);
    ck_assert_int_eq(bsk_before_step_to_act(&step), BSK_PLAYER_FIRST);
    /* the single-player hook refuses it too, and takes nothing */
    ck_assert_int_eq(bsk_recruit_before_take(&first, 1, NULL, &result), BSK_RECRUIT_NO_CREATURE);
    ck_assert_int_eq(first.squad_count, 0);
    /* a legal take through the same feature is accepted */
    ck_assert_int_eq(bsk_before_step_use(&step, BSK_PLAYER_FIRST, 0, 0, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(first.squad_count, 1);
    ck_assert(first.before_used[0]);
    ck_assert(first.locked[0]); /* it stays on cancel (403.2.4) */
    ck_assert_int_eq(bsk_before_step_to_act(&step), BSK_PLAYER_SECOND);
}
END_TEST

/* #45 (403.2.5): a player who cannot recruit any legal squad (here: no creature in the deal
 * can be afforded) loses; a player with a legal squad does not. */
START_TEST(test_10_45_403_2_5_no_legal_squad_loses)
{
    make(0, "Артефакт", 3, false, PLAINS, BSK_TYPE_ARTIFACT, BSK_SUBTYPE_NONE, 0);
    make(1, "Гигант", 30, true, PLAINS, CREATURE, 0);
    deal_cards(2, BSK_PLAYER_FIRST);
    bsk_squad_choice choice;
    ck_assert(!bsk_squad_best(&recruit, NULL, NULL, &choice));
    ck_assert_int_eq(bsk_recruit_take(&recruit, 0, NULL, &result), BSK_RECRUIT_NO_CREATURE);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 1, NULL, &result), BSK_RECRUIT_NOT_ENOUGH_GOLD);
    ck_assert_int_eq(bsk_recruit_end(&recruit, &result), BSK_RECRUIT_NO_LEGAL_SQUAD);
    ck_assert(recruit.lost);
    ck_assert_str_eq(bsk_recruit_code_id(result.code), "no_legal_squad");
    ck_assert_str_eq(bsk_recruit_code_rule(result.code), "403.2.5");
    ck_assert_ptr_nonnull(strstr(result.message, "no creature"));
    /* with an affordable creature the squad is legal and nobody loses */
    make(1, "Гоблин", 3, false, PLAINS, CREATURE, 0);
    deal_cards(2, BSK_PLAYER_FIRST);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 1, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(bsk_recruit_end(&recruit, &result), BSK_RECRUIT_OK);
    ck_assert(!recruit.lost);
}
END_TEST

/* #46 (403.2.6): after recruitment the cards left in the deal go back into the deck and the
 * deck is shuffled. deck[0..28) is the new deck: the 13 deal cards not taken and the 15 never
 * dealt, each once, shuffled (not the deal's leftovers on top in deal order); deck[28..30)
 * the squad in the order taken. */
START_TEST(test_10_46_403_2_6_leftover_deal_shuffled_back)
{
    const bsk_card *deck[30], *before[30];
    bsk_rng rng;
    thirty_cards(deck);
    bsk_rng_seed(&rng, 46);
    bsk_recruit_init(&recruit, &format.squad, BSK_PLAYER_FIRST);
    bsk_recruit_deal(&recruit, deck, 30, &rng);
    memcpy(before, deck, sizeof before);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 7, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 2, NULL, &result), BSK_RECRUIT_OK);
    int size = bsk_recruit_return_leftover(&recruit, deck, 30, &rng);
    ck_assert_int_eq(size, 28);
    ck_assert_ptr_eq(deck[28], before[7]);
    ck_assert_ptr_eq(deck[29], before[2]);
    for (int i = 0; i < 30; i++) /* a permutation of the whole deck */
        ck_assert(in_cards(before[i], deck, 30));
    for (int i = 0; i < 28; i++)
        ck_assert(deck[i] != before[7] && deck[i] != before[2]);
    /* unshuffled would be: the leftovers in deal order, then the rest of the deck */
    const bsk_card *unshuffled[28];
    int n = 0;
    for (int i = 0; i < 30; i++)
        if (i != 7 && i != 2)
            unshuffled[n++] = before[i];
    int same_place = 0, leftovers_on_top = 0;
    for (int i = 0; i < 28; i++) {
        same_place += deck[i] == unshuffled[i];
        leftovers_on_top += i < 13 && in_cards(deck[i], before, 15);
    }
    ck_assert_int_lt(same_place, 5);
    ck_assert_int_lt(leftovers_on_top, 13);
}
END_TEST

START_TEST(test_best_squad_elite_eights_first_player)
{
    /* 15 elite 8-cost cards: 24 gold buys 3, never 4 (issue 6's check, here on the optimizer) */
    for (int i = 0; i < 15; i++)
        make(i, "Восьмёрка", 8, true, PLAINS, CREATURE, 0);
    deal_cards(15, BSK_PLAYER_FIRST);
    bsk_squad_choice choice;
    ck_assert(bsk_squad_best(&recruit, NULL, NULL, &choice));
    ck_assert_int_eq(choice.count, 3);
    ck_assert_int_eq(choice.spent, 24);
    ck_assert_int_eq(choice.positions[0], 0); /* identical cards: the earliest positions */
    ck_assert_int_eq(choice.positions[2], 2);
}
END_TEST

/* ---- real cards: the starter booklet's squads and the optimizer against brute force ---- */

static bsk_catalog catalog;

static void load_catalog(void)
{
    bsk_error error;
    setup();
    bsk_catalog_init(&catalog);
    ck_assert_int_eq(bsk_catalog_load_bundled(&catalog, &error), BSK_OK);
}

static void free_catalog(void)
{
    bsk_catalog_free(&catalog);
}

/* Recruits the booklet squad (ids of sets 1–2, as the booklet prints them) from a deal
 * padded to 15 cards; returns the first refusal or OK. */
static bsk_recruit_code recruit_booklet_squad(const char *const *ids, int count, int player)
{
    const bsk_card *deal[15];
    static const char *const PADDING[] = {"01-092", "01-100", "01-062", "01-074", "01-087", "01-095"};
    int n = 0;
    for (int i = 0; i < count; i++) {
        deal[n] = bsk_pool_find_id(&catalog.pool, ids[i]);
        ck_assert_msg(deal[n] != NULL, "no card %s", ids[i]);
        n++;
    }
    for (int i = 0; n < 15; i++)
        deal[n++] = bsk_pool_find_id(&catalog.pool, PADDING[i]);
    bsk_recruit_init(&recruit, &format.squad, player);
    bsk_recruit_set_deal(&recruit, deal, 15);
    for (int i = 0; i < count; i++) {
        bsk_recruit_code code = bsk_recruit_take(&recruit, i, NULL, &result);
        if (code != BSK_RECRUIT_OK)
            return code;
    }
    return bsk_recruit_legal(&recruit, &result);
}

static const char *const RAER[] = {"02-167", "02-135", "02-159", "02-163", "01-141",
                                   "02-113", "02-105", "02-151", "02-152"};
static const char *const HELMIR[] = {"02-066", "02-027", "02-031", "02-058", "02-012",
                                     "02-035", "02-040", "02-039", "02-051", "01-005"};

START_TEST(test_booklet_raer_horde_exactly_first_players_crystals)
{
    /* «Полчища Раэра» goes to the first player: 23 elite + 1 penalty = 24 gold, 22 silver */
    ck_assert_int_eq(recruit_booklet_squad(RAER, 9, BSK_PLAYER_FIRST), BSK_RECRUIT_OK);
    ck_assert_int_eq(recruit.gold, 0);
    ck_assert_int_eq(recruit.silver, 0);
    ck_assert_int_eq(recruit.spent, 45);
    ck_assert_int_eq(recruit.penalty_gold, 1);
    /* the second player could pay for it too, with crystals to spare: not exact */
    ck_assert_int_eq(recruit_booklet_squad(RAER, 9, BSK_PLAYER_SECOND), BSK_RECRUIT_OK);
    ck_assert_int_eq(recruit.gold + recruit.silver, 2);
}
END_TEST

START_TEST(test_booklet_helmir_host_only_for_the_second_player)
{
    /* «Дружина Хельмира» goes to the second player: 48 crystals, exactly 25 + 23 */
    ck_assert_int_eq(recruit_booklet_squad(HELMIR, 10, BSK_PLAYER_SECOND), BSK_RECRUIT_OK);
    ck_assert_int_eq(recruit.gold, 0);
    ck_assert_int_eq(recruit.silver, 0);
    ck_assert_int_eq(recruit.spent, 47);
    /* the first player's 46 crystals cannot pay for it */
    ck_assert_int_eq(recruit_booklet_squad(HELMIR, 10, BSK_PLAYER_FIRST), BSK_RECRUIT_NOT_ENOUGH_CRYSTALS);
}
END_TEST

/* recruit7 (issue 23): 04-003 Мираж s2 (your terrains cost 1 crystal less at recruitment) read from the
 * catalogue (403.2.2): a terrain (02-011 Пустыня Дзара, 4) recruited after it costs 3, a creature its cost. */
START_TEST(test_403_2_2_catalogue_04_003_terrain_one_less)
{
    const bsk_card *mirage = bsk_pool_find_id(&catalog.pool, "04-003");
    const bsk_card *desert = bsk_pool_find_id(&catalog.pool, "02-011");
    const bsk_card *creature = bsk_pool_find_id(&catalog.pool, "04-149");
    ck_assert(mirage && desert && creature);
    ck_assert(bsk_card_changes_prices(mirage));
    ck_assert_int_eq(bsk_card_recruit_cost_change(mirage, desert), -1);
    ck_assert_int_eq(bsk_card_recruit_cost_change(mirage, creature), 0);
    const bsk_card *deal[3] = {desert, mirage, creature};
    bsk_recruit_init(&recruit, &format.squad, BSK_PLAYER_FIRST);
    bsk_recruit_set_deal(&recruit, deal, 3);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 1, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 0, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(result.price, desert->cost - 1);
    ck_assert_int_eq(bsk_recruit_take(&recruit, 2, NULL, &result), BSK_RECRUIT_OK);
    ck_assert_int_eq(result.price, creature->cost);
}
END_TEST

/* recruit7: the optimizer's assumption (squad_best.c best_with_changers, bsk_squad_order): no catalogue card's
 * recruit_cost_modifier reaches a creature (so never another changer nor the first creature recruited). A card that
 * breaks it needs the optimizer's search per recruiting order first. */
START_TEST(test_403_2_2_catalogue_price_changers_reach_no_creature)
{
    int changers = 0;
    for (size_t i = 0; i < catalog.pool.count; i++) {
        const bsk_card *card = &catalog.pool.cards[i];
        if (!card->features || !bsk_card_changes_prices(card))
            continue;
        changers++;
        for (size_t j = 0; j < catalog.pool.count; j++)
            if (catalog.pool.cards[j].type == BSK_TYPE_CREATURE)
                ck_assert_msg(bsk_card_recruit_cost_change(card, &catalog.pool.cards[j]) == 0, "%s changes the price of %s",
                              card->id, catalog.pool.cards[j].id);
    }
    ck_assert_int_ge(changers, 1); /* 04-003 */
}
END_TEST

/* recruit7 (issue 23), 403.2.2 in the match: its recruitment goes through the library, so the legal take of the
 * terrain after 04-003 Мираж pays 3 of 02-011's 4, and a terrain taken first pays 4; the state records the
 * payment, and the rebuilt recruitment (bsk_match_recruit_state) spends as paid. */
START_TEST(test_403_2_2_match_recruitment_pays_the_cheaper_terrain)
{
    static bsk_card_table table;
    static bsk_match m;
    const bsk_card *mirage = bsk_pool_find_id(&catalog.pool, "04-003");
    const bsk_card *desert = bsk_pool_find_id(&catalog.pool, "02-011");
    const bsk_card *nomad = bsk_pool_find_id(&catalog.pool, "01-001");
    const bsk_card *first[15], *second[15];
    for (int i = 0; i < 15; i++)
        first[i] = second[i] = nomad;
    first[3] = mirage;
    first[9] = desert;
    second[4] = mirage;
    second[7] = desert;
    bsk_match_deck decks[2] = {{first, 15, false}, {second, 15, false}};
    bsk_error error;
    bsk_card_table_init(&table);
    ck_assert_int_eq(bsk_match_new(&m, &table, &format.squad, decks, 5, 1, &error), BSK_OK);
    bsk_action keep1 = {BSK_ACT_KEEP, 1, -1, -1, -1, -1, -1, -1}, keep2 = {BSK_ACT_KEEP, 2, -1, -1, -1, -1, -1, -1};
    ck_assert_int_eq(bsk_match_apply(&m, &table, &keep1, NULL, &error), BSK_OK);
    ck_assert_int_eq(bsk_match_apply(&m, &table, &keep2, NULL, &error), BSK_OK);
    for (int player = 1; player <= 2; player++) {
        const bsk_match_side *s = &m.sides[player - 1];
        int at_mirage = -1, at_desert = -1;
        for (int i = 0; i < s->deal_count; i++) {
            const bsk_card *card = table.entries[s->deal[i]].card;
            at_mirage = card == mirage ? i : at_mirage;
            at_desert = card == desert ? i : at_desert;
        }
        ck_assert_int_eq(bsk_match_to_act(&m), player);
        ck_assert(at_mirage >= 0 && at_desert >= 0);
        bsk_action take = {BSK_ACT_TAKE, (uint8_t)player, -1, -1, -1, -1, -1, -1};
        take.index = (int8_t)(player == 1 ? at_mirage : 0); /* the second player: a creature, then the terrain */
        if (player == 2)
            for (int i = 0; i < s->deal_count; i++)
                if (table.entries[s->deal[i]].card == nomad) {
                    take.index = (int8_t)i;
                    break;
                }
        ck_assert_int_eq(bsk_match_apply(&m, &table, &take, NULL, &error), BSK_OK);
        take.index = (int8_t)at_desert;
        ck_assert_int_eq(bsk_match_apply(&m, &table, &take, NULL, &error), BSK_OK);
        ck_assert_int_eq(s->paid_gold[1] + s->paid_silver[1], player == 1 ? 3 : 4);
        bsk_recruit r;
        bsk_match_recruit_state(&m, &table, player, &r);
        ck_assert_int_eq(r.spent, player == 1 ? 3 + 3 : 3 + 4);
        if (player == 2) { /* Мираж after the terrain: nothing changes for it */
            take.index = (int8_t)at_mirage;
            ck_assert_int_eq(bsk_match_apply(&m, &table, &take, NULL, &error), BSK_OK);
            ck_assert_int_eq(s->paid_gold[2] + s->paid_silver[2], 3);
        }
        bsk_action done = {BSK_ACT_DONE, (uint8_t)player, -1, -1, -1, -1, -1, -1};
        ck_assert_int_eq(bsk_match_apply(&m, &table, &done, NULL, &error), BSK_OK);
    }
}
END_TEST

/* The decks random deals are drawn from: the 15 tournament decklists and the starter. */
static const char *const DECKS[] = {
    "tournament/01-babkina-tachanka.txt", "tournament/02-lamingi-na-vzlet.txt",
    "tournament/03-odin-laming-v-pole-voin.txt", "tournament/04-farro.txt", "tournament/05-chk-bolota.txt",
    "tournament/06-elfy.txt", "tournament/07-alesha-popovich.txt", "tournament/08-farro.txt",
    "tournament/09-koven.txt", "tournament/10-farro-gumno.txt", "tournament/11-obeskulachennyy-chernok.txt",
    "tournament/12-alesha-popovich.txt", "tournament/13-inkarnatsiya.txt", "tournament/14-farro.txt",
    "tournament/15-koven.txt", "berserk_vibe-starter-lesa-gory.txt",
};

static int expand_deck(const char *file, const bsk_card **out)
{
    char path[512];
    bsk_deck deck;
    bsk_deck_report report;
    bsk_error error;
    snprintf(path, sizeof path, "%s/tests/fixtures/decks/%s", BSK_SOURCE_DIR, file);
    bsk_deck_init(&deck);
    bsk_deck_report_init(&report);
    ck_assert_int_eq(bsk_decklist_read(path, &catalog.pool, &format, &deck, &report, &error), BSK_OK);
    int n = 0;
    for (size_t i = 0; i < deck.count; i++)
        for (int c = 0; c < deck.entries[i].count && n < 64; c++)
            out[n++] = deck.entries[i].card;
    bsk_deck_free(&deck);
    bsk_deck_report_free(&report);
    return n;
}

/* Weights as --weights gives them: small integers, some negative. */
static const int *random_weights(bsk_rng *rng, int count, int *weights)
{
    for (int i = 0; i < count; i++)
        weights[i] = (int)bsk_rng_below(rng, 12) - 2;
    return weights;
}

/* The optimizer's answer for the current deal, asserted equal to the brute force's in
 * every figure and position, and to its own with a fresh scratch (the reused one keeps
 * nothing from earlier deals); false when neither finds a legal squad. */
static bool best_equals_brute_force(int trial, const char *deck, const int *weights, bsk_squad_choice *fast)
{
    bsk_squad_choice slow, fresh;
    bool a = bsk_squad_best(&recruit, weights, &scratch, fast);
    bool b = bsk_squad_best_brute_force(&recruit, weights, &slow);
    ck_assert_msg(a == b, "trial %d (%s): found %d vs %d", trial, deck, a, b);
    ck_assert(bsk_squad_best(&recruit, weights, NULL, &fresh) == a);
    if (!a)
        return false;
    ck_assert_msg(fresh.value == fast->value && fresh.count == fast->count &&
                      memcmp(fresh.positions, fast->positions, (size_t)fast->count) == 0,
                  "trial %d (%s): a fresh scratch chose another squad", trial, deck);
    ck_assert_msg(fast->value == slow.value && fast->count == slow.count && fast->creatures == slow.creatures &&
                      fast->elements == slow.elements && fast->spent == slow.spent &&
                      memcmp(fast->positions, slow.positions, (size_t)fast->count) == 0,
                  "trial %d (%s): value %d, %d cards, %d creatures; brute force %d, %d, %d", trial, deck, fast->value,
                  fast->count, fast->creatures, slow.value, slow.count, slow.creatures);
    return true;
}

START_TEST(test_best_squad_equals_brute_force_on_10000_deals)
{
    enum { DECK_COUNT = sizeof DECKS / sizeof DECKS[0] };
    const bsk_card *decks[DECK_COUNT][64];
    int sizes[DECK_COUNT];
    for (int d = 0; d < DECK_COUNT; d++)
        sizes[d] = expand_deck(DECKS[d], decks[d]);
    bsk_rng rng;
    bsk_rng_seed(&rng, 20261121);
    int found = 0;
    for (int trial = 0; trial < 10000; trial++) {
        int d = (int)bsk_rng_below(&rng, DECK_COUNT);
        const bsk_card *deck[64];
        memcpy(deck, decks[d], (size_t)sizes[d] * sizeof deck[0]);
        bsk_recruit_init(&recruit, &format.squad, 1 + trial % 2);
        int redeals = (int)bsk_rng_below(&rng, 4);
        for (int r = 0; r < redeals; r++)
            bsk_recruit_redeal(&recruit);
        bsk_recruit_deal(&recruit, deck, sizes[d], &rng);
        int weights[BSK_MAX_DEAL];
        /* every fifth deal with --weights style values */
        const int *use_weights = trial % 5 == 4 ? random_weights(&rng, recruit.deal_count, weights) : NULL;
        bsk_squad_choice fast;
        if (!best_equals_brute_force(trial, DECKS[d], use_weights, &fast))
            continue;
        found++;
        /* the choice can really be recruited, in the order given, with the library's own checks */
        int8_t order[BSK_MAX_DEAL];
        int n = bsk_squad_order(&recruit, &fast, order);
        ck_assert_int_eq(n, fast.count);
        for (int i = 0; i < n; i++)
            ck_assert_msg(bsk_recruit_take(&recruit, order[i], NULL, &result) == BSK_RECRUIT_OK, "trial %d: %s",
                          trial, result.message);
        ck_assert_int_eq(recruit.spent, fast.spent);
        ck_assert_int_eq(recruit.penalty_gold, fast.penalty);
    }
    ck_assert_int_gt(found, 9000);
}
END_TEST

/* Synthetic deals built to reach every branch of the optimizer: few names (so copies
 * meet), unique flags mixed within a name (106.4), several terrains (213.3), flyers
 * near the budget (403.2.3) and other budgets, neutral and two-element cards, few
 * cells, more crystals than usual, deals shorter and longer than 15 (the packed tables
 * stop at 16 positions), names with and without pool ids, and weights. Every answer must equal the brute force's. */
START_TEST(test_best_squad_equals_brute_force_on_synthetic_deals)
{
    static const char *const NAMES[] = {"Альфа", "Бета", "Гамма", "Дельта", "Эпсилон", "Дзета", "Эта"};
    static const unsigned ELEMENTS[] = {0, PLAINS, PLAINS, FORESTS, FORESTS, SWAMPS, PLAINS | FORESTS};
    price_feature(&CHEAPER_TERRAIN, BSK_TYPE_TERRAIN, -1);
    price_feature(&CHEAPER_ARTIFACT, BSK_TYPE_ARTIFACT, -2);
    int changed = 0;
    bsk_rng rng;
    bsk_rng_seed(&rng, 403231);
    int found = 0;
    for (int trial = 0; trial < 3000; trial++) {
        int count = 4 + (int)bsk_rng_below(&rng, 14); /* 4..17 */
        bool ids = bsk_rng_below(&rng, 2) == 0;
        for (int i = 0; i < count; i++) {
            int name = (int)bsk_rng_below(&rng, 7);
            int roll = (int)bsk_rng_below(&rng, 10);
            int type = roll < 7 ? BSK_TYPE_CREATURE : roll < 9 ? BSK_TYPE_TERRAIN : BSK_TYPE_ARTIFACT;
            int subtype = type != BSK_TYPE_CREATURE          ? BSK_SUBTYPE_NONE
                          : bsk_rng_below(&rng, 3) == 0      ? BSK_SUBTYPE_FLYER
                                                             : BSK_SUBTYPE_GROUND;
            int cost = bsk_rng_below(&rng, 40) == 0 ? 60 + (int)bsk_rng_below(&rng, 40) : (int)bsk_rng_below(&rng, 12);
            bsk_card *card = make(i, NAMES[name], cost, bsk_rng_below(&rng, 5) < 2,
                                  ELEMENTS[bsk_rng_below(&rng, 7)], type, subtype, bsk_rng_below(&rng, 3) == 0);
            card->name_id = ids ? (uint32_t)name + 1 : 0;
            /* recruit7 (403.2.2): some creatures lower the price of terrains or artifacts recruited after them */
            if (type == BSK_TYPE_CREATURE && bsk_rng_below(&rng, 6) == 0)
                card->features = bsk_rng_below(&rng, 2) ? &CHEAPER_TERRAIN : &CHEAPER_ARTIFACT;
        }
        deal_cards(count, 1 + (int)bsk_rng_below(&rng, 2));
        for (int r = (int)bsk_rng_below(&rng, 4); r > 0; r--)
            bsk_recruit_redeal(&recruit);
        if (bsk_rng_below(&rng, 4) == 0)
            recruit.cells = 2 + (int)bsk_rng_below(&rng, 6);
        if (bsk_rng_below(&rng, 4) == 0) { /* custom formats: other flyer budgets */
            static const int BUDGETS[] = {0, 4, 9, 20, 70};
            recruit.params.flyer_budget = BUDGETS[bsk_rng_below(&rng, 5)];
        }
        if (bsk_rng_below(&rng, 10) == 0) { /* and more crystals than the packed tables hold */
            recruit.gold = 20 + (int)bsk_rng_below(&rng, 30);
            recruit.silver = 20 + (int)bsk_rng_below(&rng, 30);
        }
        int weights[BSK_MAX_DEAL];
        const int *use_weights = bsk_rng_below(&rng, 5) == 0 ? random_weights(&rng, count, weights) : NULL;
        bsk_squad_choice fast;
        bool any = best_equals_brute_force(trial, "synthetic", use_weights, &fast);
        found += any;
        bool changers = false;
        for (int i = 0; i < count; i++)
            changers |= cards[i].features != NULL;
        if (!any || !changers || count > 16)
            continue;
        /* recruit7: the order takes the price changers first, so the library charges what the optimizer counted */
        int8_t order[BSK_MAX_DEAL];
        int n = bsk_squad_order(&recruit, &fast, order);
        ck_assert_int_eq(n, fast.count);
        for (int i = 0; i < n; i++)
            ck_assert_msg(bsk_recruit_take(&recruit, order[i], NULL, &result) == BSK_RECRUIT_OK, "trial %d: %s", trial,
                          result.message);
        ck_assert_int_eq(recruit.spent, fast.spent);
        changed++;
    }
    ck_assert_int_gt(found, 2000);
    ck_assert_int_gt(changed, 300);
}
END_TEST

/* DESIGN §4: the goldfish dummy is a ready squad of plain creatures: ground, one element, no
 * keyword, every number known, within a squad's cells and a first player's crystals. */
START_TEST(test_dummy_squad_is_plain_creatures)
{
    const bsk_card *squad[BSK_DUMMY_SQUAD_SIZE];
    ck_assert(bsk_dummy_squad(&catalog.pool, squad));
    int cost = 0;
    for (int i = 0; i < BSK_DUMMY_SQUAD_SIZE; i++) {
        ck_assert_int_eq(squad[i]->type, BSK_TYPE_CREATURE);
        ck_assert_int_eq(squad[i]->subtype, BSK_SUBTYPE_GROUND);
        ck_assert_int_eq(squad[i]->keyword_count, 0);
        ck_assert_int_eq(squad[i]->elements, 1u << BSK_ELEMENT_PLAINS);
        ck_assert_int_eq(squad[i]->unknown, 0);
        ck_assert(!squad[i]->elite);
        cost += squad[i]->cost;
    }
    ck_assert_int_eq(cost, 23);
}
END_TEST

Suite *recruit_suite(void)
{
    Suite *suite = suite_create("recruit");
    TCase *tc = tcase_create("rules");
    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_add_test(tc, test_402_1_crystals_of_each_player);
    tcase_add_test(tc, test_402_4_redeal_costs_one_gold_and_no_silver);
    tcase_add_test(tc, test_402_4_redeal_with_no_gold_loses);
    tcase_add_test(tc, test_403_2_1_elite_paid_in_gold_only);
    tcase_add_test(tc, test_403_2_1_rank_and_file_any_split);
    tcase_add_test(tc, test_403_2_1_element_penalties);
    tcase_add_test(tc, test_403_2_1_recorded_takes_spend_as_the_checked_ones);
    tcase_add_test(tc, test_403_2_1_two_element_first_card_pays_one);
    tcase_add_test(tc, test_403_2_1_no_gold_for_a_second_element);
    tcase_add_test(tc, test_403_2_3_not_enough_crystals);
    tcase_add_test(tc, test_403_2_3_flyers_15_legal_16_not);
    tcase_add_test(tc, test_403_2_3_flyer_penalty_does_not_count);
    tcase_add_test(tc, test_403_2_3_first_card_must_be_a_creature);
    tcase_add_test(tc, test_403_2_3_cells_limit_the_squad);
    tcase_add_test(tc, test_106_4_uniqueness_in_the_squad);
    tcase_add_test(tc, test_213_3_one_terrain);
    tcase_add_test(tc, test_403_2_2_a_squad_card_makes_terrain_cheaper);
    tcase_add_test(tc, test_403_2_2_best_squad_counts_the_cheaper_terrain);
    tcase_add_test(tc, test_403_2_4_cancel_refunds_and_keeps_locked_cards);
    tcase_add_test(tc, test_403_1_before_recruitment_hooks);
    tcase_add_test(tc, test_403_2_3_3_unchecked_take_stays);
    tcase_add_test(tc, test_403_2_5_no_legal_squad);
    tcase_add_test(tc, test_403_2_6_leftover_returns_to_the_deck);
    tcase_add_test(tc, test_best_squad_elite_eights_first_player);
    tcase_add_test(tc, test_10_16_402_4_redeal_returns_the_deal_and_reshuffles);
    tcase_add_test(tc, test_10_18_403_1_first_player_acts_first_before_recruitment);
    tcase_add_test(tc, test_10_21_403_1_2_illegal_before_recruitment_take_refused);
    tcase_add_test(tc, test_10_45_403_2_5_no_legal_squad_loses);
    tcase_add_test(tc, test_10_46_403_2_6_leftover_deal_shuffled_back);
    suite_add_tcase(suite, tc);
    TCase *real = tcase_create("real cards");
    tcase_set_timeout(real, 300);
    tcase_add_checked_fixture(real, load_catalog, free_catalog);
    tcase_add_test(real, test_booklet_raer_horde_exactly_first_players_crystals);
    tcase_add_test(real, test_booklet_helmir_host_only_for_the_second_player);
    tcase_add_test(real, test_best_squad_equals_brute_force_on_10000_deals);
    tcase_add_test(real, test_dummy_squad_is_plain_creatures);
    tcase_add_test(real, test_403_2_2_catalogue_04_003_terrain_one_less);
    tcase_add_test(real, test_403_2_2_match_recruitment_pays_the_cheaper_terrain);
    tcase_add_test(real, test_403_2_2_catalogue_price_changers_reach_no_creature);
    suite_add_tcase(suite, real);
    TCase *synthetic = tcase_create("optimizer");
    tcase_set_timeout(synthetic, 300);
    tcase_add_checked_fixture(synthetic, setup, NULL);
    tcase_add_test(synthetic, test_best_squad_equals_brute_force_on_synthetic_deals);
    suite_add_tcase(suite, synthetic);
    return suite;
}
