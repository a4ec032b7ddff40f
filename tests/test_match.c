/* test_match.c — the match engine (DESIGN §5) on synthetic cards with fixed dice: the hit table
 * both ways with ties and the step-down (515.3), closed and own cards (515.6, 515.7), artifacts
 * (212.3), guards (514), movement (506), deaths and the result (509, 601); then properties over
 * random games: clones reach the same hash, a replay of the same actions reproduces every hash,
 * cards are conserved, no two ground cards share a cell, the derived unit sets match the cards,
 * and every game ends. Cells are global. */
#include "berserk/agent.h"
#include "berserk/match.h"
#include "berserk/placement.h"
#include "berserk/position.h"
#include "berserk/recruit.h"
#include "../lib/src/engine/engine.h"
#include "engine_fixture.h"
#include "suites.h"

#include <stdio.h>
#include <string.h>

#define GOLDEN_START "f7a25ce18dc38926"
#define GOLDEN_END "bd2bf3a8adef0c23"

/* ---- synthetic cards -------------------------------------------------------------------- */

static bsk_card WARRIOR, BRUTE, FLYER, ARTIFACT, GUARDIAN;

static void cards_setup(void)
{
    WARRIOR = make_card("t-1", "Воин", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 4, false, 10, 2, 1, 2, 3);
    BRUTE = make_card("t-2", "Громила", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 6, true, 10, 1, 4, 5, 6);
    FLYER = make_card("t-3", "Гарпия", BSK_TYPE_CREATURE, BSK_SUBTYPE_FLYER, 5, true, 6, 0, 1, 2, 3);
    ARTIFACT = make_card("t-4", "Тотем", BSK_TYPE_ARTIFACT, BSK_SUBTYPE_NONE, 3, false, 5, 0, -1, -1, -1);
    GUARDIAN = make_card("t-5", "Страж", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 3, false, 8, 1, 2, 3, 4);
}

/* A two-card fight: unit 0 (player 1, c3) strikes unit 1 (player 2, c4) with the dice given;
 * step_down: -1 not asked, 0 or 1 the answer. Checks the wounds on both cards. */
static void fight(int attacker_die, int defender_die, int step_down, int wounds_on_defender, int wounds_on_attacker)
{
    cards_setup();
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &WARRIOR, 1, "c3");  /* 1-2-3 */
    put(&pos, &GUARDIAN, 2, "c4"); /* 2-3-4 */
    put(&pos, &WARRIOR, 2, "e6");
    int dice[2] = {attacker_die, defender_die};
    bsk_card_table_init(&table);
    start(&m, &table, &pos, 1, dice, 2);
    act(&m, &table, BSK_ACT_ATTACK, 1, 0, 1, -1, -1);
    if (step_down >= 0) {
        ck_assert_msg(offered(&m, &table, BSK_ACT_STEP_DOWN, FIXTURE_ANY, FIXTURE_ANY), "step-down not asked for %d:%d",
                      attacker_die, defender_die);
        int who = bsk_match_to_act(&m);
        act(&m, &table, BSK_ACT_STEP_DOWN, who, -1, -1, -1, step_down);
    } else {
        ck_assert_msg(!offered(&m, &table, BSK_ACT_STEP_DOWN, FIXTURE_ANY, FIXTURE_ANY), "step-down asked for %d:%d",
                      attacker_die, defender_die);
    }
    ck_assert_msg(m.units[1].wounds == wounds_on_defender, "%d:%d defender wounds %d, expected %d", attacker_die,
                  defender_die, m.units[1].wounds, wounds_on_defender);
    ck_assert_msg(m.units[0].wounds == wounds_on_attacker, "%d:%d attacker wounds %d, expected %d", attacker_die,
                  defender_die, m.units[0].wounds, wounds_on_attacker);
    ck_assert(m.units[0].flags & BSK_UNIT_TAPPED); /* 510.2: the attacker pays by tapping */
    ck_assert(!(m.units[1].flags & BSK_UNIT_TAPPED)); /* 515.4: a counter-strike costs nothing */
    ck_assert_int_eq(bsk_match_dice_left(&m), 0);
}

/* ---- 515.3: the hit table, attacker strike 1-2-3, defender 2-3-4 ---- */

START_TEST(test_515_3_attacker_plus1_weak) { fight(4, 3, -1, 1, 0); }
END_TEST
START_TEST(test_515_3_attacker_plus2_exchange_medium_weak) { fight(5, 3, 0, 2, 2); }
END_TEST
START_TEST(test_515_3_attacker_plus2_step_down_weak_no_counter) { fight(5, 3, 1, 1, 0); }
END_TEST
START_TEST(test_515_3_attacker_plus3_medium) { fight(4, 1, -1, 2, 0); }
END_TEST
START_TEST(test_515_3_attacker_plus4_exchange_strong_weak) { fight(6, 2, 0, 3, 2); }
END_TEST
START_TEST(test_515_3_attacker_plus4_step_down_medium) { fight(6, 2, 1, 2, 0); }
END_TEST
START_TEST(test_515_3_attacker_plus5_strong) { fight(6, 1, -1, 3, 0); }
END_TEST
START_TEST(test_515_3_defender_plus1_attacker_weak) { fight(3, 4, -1, 1, 0); }
END_TEST
START_TEST(test_515_3_defender_plus2_both_miss) { fight(3, 5, -1, 0, 0); }
END_TEST
START_TEST(test_515_3_defender_plus3_counter_weak) { fight(2, 5, -1, 0, 2); }
END_TEST
START_TEST(test_515_3_defender_plus4_exchange_weak_medium) { fight(2, 6, 0, 1, 3); }
END_TEST
START_TEST(test_515_3_defender_plus4_step_down_counter_weak) { fight(2, 6, 1, 0, 2); }
END_TEST
START_TEST(test_515_3_defender_plus5_counter_medium) { fight(1, 6, -1, 0, 3); }
END_TEST
START_TEST(test_515_3_tie_4_attacker_weak) { fight(4, 4, -1, 1, 0); }
END_TEST
START_TEST(test_515_3_tie_5_defender_weak) { fight(5, 5, -1, 0, 2); }
END_TEST

/* ---- one die (515.6, 515.7, 212.3) ---- */

static void one_die(bool tapped_target, bool own_target, const bsk_card *target_card, int die, int wounds)
{
    cards_setup();
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &BRUTE, 1, "c3"); /* 4-5-6 */
    put(&pos, target_card, own_target ? 1 : 2, "c4");
    put(&pos, &WARRIOR, 2, "e6");
    put(&pos, &WARRIOR, 1, "a1");
    pos.cards[1].tapped = tapped_target;
    int dice[1] = {die};
    bsk_card_table_init(&table);
    start(&m, &table, &pos, 1, dice, 1);
    act(&m, &table, BSK_ACT_ATTACK, 1, 0, 1, -1, -1);
    ck_assert_int_eq(bsk_match_dice_left(&m), 0);
    ck_assert_int_eq(m.units[1].wounds, wounds);
    ck_assert_int_eq(m.units[0].wounds, 0);
}

START_TEST(test_515_6_closed_card_3_weak) { one_die(true, false, &GUARDIAN, 3, 4); }
END_TEST
START_TEST(test_515_6_closed_card_5_medium) { one_die(true, false, &GUARDIAN, 5, 5); }
END_TEST
START_TEST(test_515_6_closed_card_6_strong) { one_die(true, false, &GUARDIAN, 6, 6); }
END_TEST
START_TEST(test_515_7_own_card_one_die) { one_die(false, true, &GUARDIAN, 4, 5); }
END_TEST
START_TEST(test_212_3_artifact_as_closed) { one_die(false, false, &ARTIFACT, 1, 4); }
END_TEST

/* ---- 509.1, 601.2 a: the last enemy creature dies; the counter-strike still lands ---- */

START_TEST(test_509_1_death_and_601_2_win)
{
    cards_setup();
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &BRUTE, 1, "c3");
    put(&pos, &GUARDIAN, 2, "c4");
    pos.cards[1].wounds = 3; /* 5 life left */
    int dice[2] = {6, 2};    /* +4: strong 6 and weak 2 back (no step-down taken) */
    bsk_card_table_init(&table);
    start(&m, &table, &pos, 1, dice, 2);
    act(&m, &table, BSK_ACT_ATTACK, 1, 0, 1, -1, -1);
    act(&m, &table, BSK_ACT_STEP_DOWN, 1, -1, -1, -1, 0);
    ck_assert_int_eq(m.units[1].zone, BSK_ZONE_GRAVEYARD);
    ck_assert_int_eq(m.units[0].wounds, 2); /* digest 02 §4 #6: simultaneous counter-strike */
    ck_assert_int_eq(m.at[cell("c4")], -1);
    const bsk_match_result *r = bsk_match_result_get(&m);
    ck_assert(r->over);
    ck_assert_int_eq(r->winner, 1);
    ck_assert_int_eq(bsk_match_to_act(&m), 0);
}
END_TEST

START_TEST(test_601_3_both_last_creatures_die_draw)
{
    cards_setup();
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &WARRIOR, 1, "c3"); /* 1-2-3, 10 life */
    put(&pos, &GUARDIAN, 2, "c4"); /* 2-3-4 */
    pos.cards[0].wounds = 8;
    pos.cards[1].wounds = 6;
    int dice[2] = {6, 2}; /* strong 3 on the guardian (2 left → dead), weak 2 back (2 left → dead) */
    bsk_card_table_init(&table);
    start(&m, &table, &pos, 1, dice, 2);
    act(&m, &table, BSK_ACT_ATTACK, 1, 0, 1, -1, -1);
    act(&m, &table, BSK_ACT_STEP_DOWN, 1, -1, -1, -1, 0);
    const bsk_match_result *r = bsk_match_result_get(&m);
    ck_assert(r->over);
    ck_assert_int_eq(r->winner, 0);
}
END_TEST

/* ---- 514: guards ---- */

START_TEST(test_514_4_guard_adjacent_to_both_redirects_and_taps)
{
    cards_setup();
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &WARRIOR, 1, "c3");
    put(&pos, &WARRIOR, 2, "c4");
    put(&pos, &GUARDIAN, 2, "d4");  /* adjacent to c3 and c4 */
    put(&pos, &GUARDIAN, 2, "e5");  /* adjacent to neither */
    put(&pos, &WARRIOR, 1, "a1");   /* keeps the turn going */
    int dice[2] = {4, 1}; /* +3 against the guard: medium 2 */
    bsk_card_table_init(&table);
    start(&m, &table, &pos, 1, dice, 2);
    act(&m, &table, BSK_ACT_ATTACK, 1, 0, 1, -1, -1);
    ck_assert_int_eq(bsk_match_to_act(&m), 2);
    bsk_action legal[16];
    int n = bsk_match_legal(&m, &table, legal, 16);
    ck_assert_int_eq(n, 2); /* guard with d4, or pass */
    ck_assert_int_eq(legal[0].kind, BSK_ACT_GUARD);
    ck_assert_int_eq(legal[0].unit, 2);
    act(&m, &table, BSK_ACT_GUARD, 2, 2, 0, -1, -1);
    ck_assert_int_eq(m.units[1].wounds, 0);
    ck_assert_int_eq(m.units[2].wounds, 2);
    ck_assert(m.units[2].flags & BSK_UNIT_TAPPED); /* 514.9: the guard taps with the attacker's payment */
    ck_assert(m.units[0].flags & BSK_UNIT_TAPPED);
}
END_TEST

START_TEST(test_514_2_no_guard_question_without_a_guard)
{
    cards_setup();
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &WARRIOR, 1, "c3");
    put(&pos, &WARRIOR, 2, "c4");
    put(&pos, &GUARDIAN, 2, "e6");
    int dice[2] = {4, 3};
    bsk_card_table_init(&table);
    start(&m, &table, &pos, 1, dice, 2);
    act(&m, &table, BSK_ACT_ATTACK, 1, 0, 1, -1, -1);
    ck_assert_int_eq(m.units[1].wounds, 1);
}
END_TEST

/* 510.1, one test for every user (declarations, {tap} features, the Legality step, guards 514.1):
 * a card acts while it is in the battle zone, open and without an action marker. An open guard
 * with an action marker is not offered. */
START_TEST(test_510_1_can_act_one_test_for_guards_and_declarations)
{
    cards_setup();
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &WARRIOR, 1, "c3");
    put(&pos, &WARRIOR, 2, "c4");
    put(&pos, &GUARDIAN, 2, "d4"); /* adjacent to c3 and c4: a guard, unless it cannot act */
    put(&pos, &WARRIOR, 1, "a1");
    int dice[2] = {4, 3};
    bsk_card_table_init(&table);
    start(&m, &table, &pos, 1, dice, 2);
    for (int i = 0; i < 4; i++)
        ck_assert(engine_unit_can_act(&m, i));
    m.units[2].actions = 1;
    ck_assert(!engine_unit_can_act(&m, 2));
    bsk_match dead = m;
    dead.units[3].zone = BSK_ZONE_GRAVEYARD;
    ck_assert(!engine_unit_can_act(&dead, 3));
    act(&m, &table, BSK_ACT_ATTACK, 1, 0, 1, -1, -1);
    ck_assert_int_eq(m.units[1].wounds, 1); /* no guard question: the strike landed on c4 */
    ck_assert(!engine_unit_can_act(&m, 0)); /* tapped, with its action marker (510.2) */
    ck_assert(!offered(&m, &table, BSK_ACT_ATTACK, 0, FIXTURE_ANY));
    ck_assert(offered(&m, &table, BSK_ACT_ATTACK, 3, FIXTURE_ANY) || offered(&m, &table, BSK_ACT_MOVE, 3, FIXTURE_ANY));
}
END_TEST

/* ---- 506: movement ---- */

START_TEST(test_506_move_one_orthogonal_step_per_point)
{
    cards_setup();
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &WARRIOR, 1, "c2"); /* movement 2 */
    put(&pos, &WARRIOR, 1, "c3");
    put(&pos, &WARRIOR, 2, "a6");
    bsk_card_table_init(&table);
    start(&m, &table, &pos, 1, NULL, 0);
    bsk_action legal[64];
    int n = bsk_match_legal(&m, &table, legal, 64);
    int moves = 0;
    for (int i = 0; i < n; i++)
        if (legal[i].kind == BSK_ACT_MOVE && legal[i].unit == 0) {
            moves++;
            ck_assert(legal[i].cell != cell("c3")); /* occupied */
            ck_assert(legal[i].cell != cell("b3") && legal[i].cell != cell("d1")); /* diagonals */
        }
    ck_assert_int_eq(moves, 3); /* b2, d2, c1 */
    act(&m, &table, BSK_ACT_MOVE, 1, 0, -1, cell("b2"), -1);
    ck_assert_int_eq(m.units[0].cell, cell("b2"));
    ck_assert_int_eq(m.at[cell("c2")], -1);
    act(&m, &table, BSK_ACT_MOVE, 1, 0, -1, cell("b3"), -1);
    ck_assert_int_eq(m.units[0].move_left, 0);
    n = bsk_match_legal(&m, &table, legal, 64);
    for (int i = 0; i < n; i++)
        ck_assert(!(legal[i].kind == BSK_ACT_MOVE && legal[i].unit == 0));
    /* 409.2: movement comes back at the next untap */
    act(&m, &table, BSK_ACT_END_TURN, 1, -1, -1, -1, -1);
    ck_assert_int_eq(m.turn, 2);
    ck_assert_int_eq(m.units[0].move_left, 2);
}
END_TEST

/* ---- 210.4, 210.5, 107.2 d: flyers ---- */

START_TEST(test_210_5_ground_strikes_flyer_only_after_tapping)
{
    cards_setup();
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &WARRIOR, 1, "c3");
    put(&pos, &FLYER, 2, "extra");
    bsk_card_table_init(&table);
    start(&m, &table, &pos, 1, NULL, 0);
    ck_assert(!offered(&m, &table, BSK_ACT_ATTACK, FIXTURE_ANY, FIXTURE_ANY));
    ck_assert(offered(&m, &table, BSK_ACT_FLYER_TAP, FIXTURE_ANY, FIXTURE_ANY));
    act(&m, &table, BSK_ACT_FLYER_TAP, 1, 0, -1, -1, -1);
    ck_assert(m.units[0].flags & BSK_UNIT_TAPPED);
    ck_assert(m.units[0].flags & BSK_UNIT_FLYER_GRANT);
    /* the flyer's turn passes; in its own next turn the creature strikes the flyer once */
    ck_assert_int_eq(m.turn, 2);
    act(&m, &table, BSK_ACT_END_TURN, 2, -1, -1, -1, -1);
    ck_assert_int_eq(m.turn, 3);
    ck_assert(offered(&m, &table, BSK_ACT_ATTACK, FIXTURE_ANY, FIXTURE_ANY));
    bsk_dice_script(&m.dice, (const uint8_t[]){6, 1}, 2);
    act(&m, &table, BSK_ACT_ATTACK, 1, 0, 1, -1, -1);
    ck_assert_int_eq(m.units[1].wounds, 3); /* +5: strong 3, no counter-strike */
    ck_assert(!(m.units[0].flags & BSK_UNIT_FLYER_GRANT)); /* used up */
}
END_TEST



/* ---- attack abilities from catalogue keywords ---- */

/* 547.2.3: across one cell in a row or column, never across an opponent's card, never diagonal. */
START_TEST(test_547_2_3_strike_across_a_row)
{
    cards_setup();
    static bsk_card across;
    across = make_card("t-20", "Копейщик", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 3, false, 6, 1, 1, 1, 1);
    add_attack(&across, BSK_KEYWORD_STRIKE_ACROSS_ROW, BSK_ACTIVATION_TAP, 1, 2, 3, 0);
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &across, 1, "c2");   /* 0 */
    put(&pos, &WARRIOR, 1, "c3");  /* 1: own card on the crossed cell */
    put(&pos, &WARRIOR, 2, "c4");  /* 2: across c3 (own): legal */
    put(&pos, &WARRIOR, 2, "a2");  /* 3: across b2 (empty): legal */
    put(&pos, &WARRIOR, 2, "e2");  /* 4: across d2 (enemy): illegal */
    put(&pos, &WARRIOR, 2, "d2");  /* 5: adjacent, not two cells away */
    put(&pos, &WARRIOR, 2, "e4");  /* 6: diagonal */
    int dice[1] = {4};
    bsk_card_table_init(&table);
    start(&m, &table, &pos, 1, dice, 1);
    ck_assert(offered(&m, &table, BSK_ACT_ABILITY, 0, 2));
    ck_assert(offered(&m, &table, BSK_ACT_ABILITY, 0, 3));
    ck_assert(!offered(&m, &table, BSK_ACT_ABILITY, 0, 4));
    ck_assert(!offered(&m, &table, BSK_ACT_ABILITY, 0, 5));
    ck_assert(!offered(&m, &table, BSK_ACT_ABILITY, 0, 6));
    act(&m, &table, BSK_ACT_ABILITY, 1, 0, 2, -1, 0);
    ck_assert_int_eq(m.units[2].wounds, 2); /* 515.8: one die, 4 → medium */
    ck_assert_int_eq(m.units[0].wounds, 0);
    ck_assert(m.units[0].flags & BSK_UNIT_TAPPED);
}
END_TEST

/* An archer: a shot of 1-2-3, range 3 (547.2.2). */
static const bsk_card *archer_card(void)
{
    static bsk_card archer;
    archer = make_card("t-21", "Лучник", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 3, false, 6, 1, 1, 1, 1);
    add_attack(&archer, BSK_KEYWORD_SHOT, BSK_ACTIVATION_TAP, 1, 2, 3, 3);
    return &archer;
}

/* 547.2.2, 515.8: a shot reaches within its range but never an adjacent card; one die. */
START_TEST(test_547_2_2_shot_range_not_adjacent_one_die)
{
    cards_setup();
    const bsk_card *archer = archer_card();
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, archer, 1, "c2");   /* 0 */
    put(&pos, &WARRIOR, 2, "c3");  /* 1: adjacent */
    put(&pos, &WARRIOR, 2, "c5");  /* 2: distance 3 */
    put(&pos, &WARRIOR, 2, "c6");  /* 3: distance 4 */
    put(&pos, &FLYER, 2, "extra"); /* 4: extra zone, whatever the range (504.3) */
    int dice[1] = {6};
    bsk_card_table_init(&table);
    start(&m, &table, &pos, 1, dice, 1);
    ck_assert(!offered(&m, &table, BSK_ACT_ABILITY, 0, 1));
    ck_assert(offered(&m, &table, BSK_ACT_ABILITY, 0, 2));
    ck_assert(!offered(&m, &table, BSK_ACT_ABILITY, 0, 3));
    ck_assert(offered(&m, &table, BSK_ACT_ABILITY, 0, 4));
    act(&m, &table, BSK_ACT_ABILITY, 1, 0, 2, -1, 0);
    ck_assert_int_eq(m.units[2].wounds, 3);
    ck_assert_int_eq(m.units[0].wounds, 0); /* no counter-strike */
}
END_TEST

/* 201.2.4, 509.3: a card out of the battle zone attacks from where it stood only from the graveyard, with
 * its place of death kept (bsk_match.died_cell); from exile (or the deck) it has no place and reaches
 * nothing. A real-decks game (ASan/UBSan) exiled 02-051 Черновар with its throw's trigger pending, and
 * the reach read cell -1. */
START_TEST(test_201_2_4_an_exiled_card_attacks_from_nowhere)
{
    cards_setup();
    const bsk_card *archer = archer_card();
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, archer, 1, "c2");  /* 0 */
    put(&pos, &WARRIOR, 2, "c5"); /* 1: distance 3 */
    put(&pos, &WARRIOR, 2, "a6"); /* 2: keeps player 2 in the game */
    bsk_card_table_init(&table);
    start(&m, &table, &pos, 1, NULL, 0);
    const bsk_attack *shot = engine_char_attack(&m, &table, 0, 0);
    ck_assert(engine_can_target_ability(&m, &table, 0, shot, 1));
    bsk_match dead = m;
    dead.units[0].zone = BSK_ZONE_GRAVEYARD;
    dead.units[0].cell = -1;
    dead.died_cell[0] = (uint8_t)(bsk_cell_parse("c2") + 1); /* died on c2 */
    ck_assert(engine_can_target_ability(&dead, &table, 0, shot, 1));
    dead.units[0].zone = BSK_ZONE_EXILE; /* exiled: no place, whatever it kept */
    ck_assert(!engine_can_target_ability(&dead, &table, 0, shot, 1));
    dead.units[0].zone = BSK_ZONE_DECK;
    ck_assert(!engine_can_target_ability(&dead, &table, 0, shot, 1));
}
END_TEST

/* Glossary «Добивание на X», 509.2: destroys an adjacent ground creature with X or less life,
 * without wounds; steadfastness stops the opponent's (glossary «Стойкость»). */
static void finishing(int target_wounds, bool steadfast, bool destroyed)
{
    cards_setup();
    static bsk_card executioner, victim;
    executioner = make_card("t-22", "Палач", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 3, false, 6, 1, 1, 1, 1);
    add_attack(&executioner, BSK_KEYWORD_FINISHING_BLOW, BSK_ACTIVATION_TAP, 3, 3, 3, 0);
    victim = make_card("t-23", "Жертва", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 3, false, 6, 1, 1, 1, 1);
    if (steadfast)
        add_keyword(&victim, BSK_KEYWORD_STEADFASTNESS, -1);
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &executioner, 1, "c3");
    put(&pos, &victim, 2, "c4");
    put(&pos, &WARRIOR, 2, "e6");
    put(&pos, &WARRIOR, 1, "a1");
    pos.cards[1].wounds = target_wounds;
    bsk_card_table_init(&table);
    start(&m, &table, &pos, 1, NULL, 0); /* one value: no die (306.3 b) */
    act(&m, &table, BSK_ACT_ABILITY, 1, 0, 1, -1, 0);
    ck_assert_int_eq(m.units[1].zone, destroyed ? BSK_ZONE_GRAVEYARD : BSK_ZONE_BATTLEFIELD);
    if (!destroyed)
        ck_assert_int_eq(m.units[1].wounds, target_wounds); /* no wounds dealt */
    ck_assert(m.units[0].flags & BSK_UNIT_TAPPED);
}

START_TEST(test_finishing_blow_destroys_3_life) { finishing(3, false, true); }
END_TEST
START_TEST(test_finishing_blow_spares_4_life) { finishing(2, false, false); }
END_TEST
START_TEST(test_finishing_blow_steadfastness) { finishing(3, true, false); }
END_TEST

/* ---- card features: triggers (305.1), windows (303, 512), cancellation (512.6.3) ---- */

static bsk_card TRIGGERED_A, TRIGGERED_B, CANCELLER, SNIPER;

static void feature_cards_setup(void)
{
    cards_setup();
    TRIGGERED_A = make_card("t-10", "Мститель", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 3, false, 4, 1, 1, 2, 3);
    TRIGGERED_B = make_card("t-11", "Каратель", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 3, false, 4, 1, 1, 2, 3);
    CANCELLER = make_card("t-12", "Хранитель", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 3, false, 8, 1, 1, 1, 1);
    SNIPER = make_card("t-13", "Снайпер", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 3, false, 8, 1, 1, 1, 1);
}

static bsk_feature on_death_wound_all(int value)
{
    return bsk_feature_simple(BSK_FEATURE_TRIGGERED, BSK_ON_DEATH, BSK_OP_WOUND, BSK_TARGET_EVERY_ENEMY, (int8_t)value, 0, 0, 0);
}

/* 305.1: two cards die together; the active player's trigger is declared first, the
 * non-active player's second, so the non-active player's resolves first. */
START_TEST(test_305_1_simultaneous_deaths_non_active_resolves_first)
{
    feature_cards_setup();
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &TRIGGERED_A, 1, "c3"); /* 1-2-3, 4 life; on death: 1 wound to every enemy creature */
    put(&pos, &TRIGGERED_B, 2, "c4"); /* on death: 2 wounds to every enemy creature */
    put(&pos, &WARRIOR, 1, "a1");
    put(&pos, &WARRIOR, 2, "e6");
    pos.cards[0].wounds = 3;
    pos.cards[1].wounds = 2;
    int dice[2] = {5, 3}; /* 5:3, +2: medium 2 on B (dies), weak 1 back on A (dies) */
    bsk_card_table_init(&table);
    give(&table, &TRIGGERED_A, on_death_wound_all(1));
    give(&table, &TRIGGERED_B, on_death_wound_all(2));
    start(&m, &table, &pos, 1, dice, 2);
    bsk_error error;
    bsk_event items[64];
    bsk_events events = {items, 0, 64, 0};
    bsk_action attack = {BSK_ACT_ATTACK, 1, 0, 1, -1, -1, -1, -1};
    ck_assert_int_eq(bsk_match_apply(&m, &table, &attack, &events, &error), BSK_OK);
    bsk_action keep = {BSK_ACT_STEP_DOWN, 1, -1, -1, -1, 0, -1, -1};
    ck_assert_int_eq(bsk_match_apply(&m, &table, &keep, &events, &error), BSK_OK);
    ck_assert_int_eq(m.units[0].zone, BSK_ZONE_GRAVEYARD);
    ck_assert_int_eq(m.units[1].zone, BSK_ZONE_GRAVEYARD);
    ck_assert_int_eq(m.units[2].wounds, 2); /* B's trigger hit a1 */
    ck_assert_int_eq(m.units[3].wounds, 1); /* A's trigger hit e6 */
    int first = -1, second = -1;
    for (size_t i = 0; i < events.count; i++)
        if (items[i].kind == BSK_EVENT_WOUND && (items[i].unit == 2 || items[i].unit == 3)) {
            if (first < 0)
                first = items[i].unit;
            else
                second = items[i].unit;
        }
    ck_assert_int_eq(first, 2); /* the non-active player's trigger resolved first */
    ck_assert_int_eq(second, 3);
}
END_TEST

/* 305.1: a player with two simultaneous triggers chooses their order; the first declared
 * resolves last. */
START_TEST(test_305_1_player_orders_own_triggers)
{
    feature_cards_setup();
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &WARRIOR, 1, "c2");
    put(&pos, &TRIGGERED_A, 2, "a6"); /* at the start of its turn: 1 wound to every enemy */
    put(&pos, &TRIGGERED_B, 2, "e6"); /* at the start of its turn: 2 wounds to every enemy */
    bsk_card_table_init(&table);
    give(&table, &TRIGGERED_A,
         bsk_feature_simple(BSK_FEATURE_TRIGGERED, BSK_AT_TURN_START, BSK_OP_WOUND, BSK_TARGET_EVERY_ENEMY, 1, 0, 0, 0));
    give(&table, &TRIGGERED_B,
         bsk_feature_simple(BSK_FEATURE_TRIGGERED, BSK_AT_TURN_START, BSK_OP_WOUND, BSK_TARGET_EVERY_ENEMY, 2, 0, 0, 0));
    start(&m, &table, &pos, 1, NULL, 0);
    bsk_error error;
    act(&m, &table, BSK_ACT_END_TURN, 1, -1, -1, -1, -1);
    ck_assert_int_eq(m.turn, 2);
    ck_assert_int_eq(bsk_match_to_act(&m), 2);
    bsk_action legal[8];
    int n = bsk_match_legal(&m, &table, legal, 8);
    ck_assert_int_eq(n, 2);
    ck_assert_int_eq(legal[0].kind, BSK_ACT_ORDER);
    bsk_event items[32];
    bsk_events events = {items, 0, 32, 0};
    /* declare e6's trigger first: it goes lower on the stack and resolves last */
    int k = legal[0].unit == 2 ? 0 : 1;
    ck_assert_int_eq(bsk_match_apply(&m, &table, &legal[k], &events, &error), BSK_OK);
    ck_assert_int_eq(m.units[0].wounds, 3);
    ck_assert_int_ge(events.count, 2);
    ck_assert_int_eq(items[0].kind, BSK_EVENT_WOUND);
    ck_assert_int_eq(items[0].value, 1); /* a6's, declared second, resolved first */
    ck_assert_int_eq(items[1].value, 2);
}
END_TEST

/* Issue 21, 116.7, 502.1: an optional trigger whose target is chosen asks its controller `use`
 * (yes listed first: the default), then `choose` among the legal targets; the question is in the
 * hash while asked; every agent answers it with a legal action. */
START_TEST(test_116_7_feature_question_use_then_choose)
{
    feature_cards_setup();
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &WARRIOR, 1, "c2");
    put(&pos, &WARRIOR, 1, "a1");
    put(&pos, &TRIGGERED_A, 2, "e6"); /* at the start of its turn: may wound a chosen enemy by 2 */
    bsk_card_table_init(&table);
    bsk_feature may = bsk_feature_simple(BSK_FEATURE_TRIGGERED, BSK_AT_TURN_START, BSK_OP_WOUND, BSK_TARGET_ANY_ENEMY, 2, 0, 0, 0);
    may.optional = 1;
    give(&table, &TRIGGERED_A, may);
    start(&m, &table, &pos, 1, NULL, 0);
    act(&m, &table, BSK_ACT_END_TURN, 1, -1, -1, -1, -1);
    ck_assert_int_eq(bsk_match_to_act(&m), 2);
    const bsk_choice *c = bsk_match_choice(&m);
    ck_assert_ptr_nonnull(c);
    ck_assert_int_eq(c->what, BSK_CHOOSE_USE);
    bsk_action legal[BSK_MATCH_LEGAL_MAX];
    int n = bsk_match_legal(&m, &table, legal, BSK_MATCH_LEGAL_MAX);
    ck_assert_int_eq(n, 2);
    ck_assert_int_eq(legal[0].kind, BSK_ACT_USE);
    ck_assert_int_eq(legal[0].index, 1);
    ck_assert_int_eq(legal[1].index, 0);
    /* the frame is hashed while asked: another allowed set is another state */
    bsk_match other = m;
    other.choice.allowed = 0x1;
    ck_assert(bsk_match_hash(&other) != bsk_match_hash(&m));
    /* every agent answers with a legal action */
    for (int kind = 0; kind < BSK_AGENT_KIND_COUNT; kind++) {
        bsk_agent agents[2];
        bsk_agent_init(&agents[0], kind, 1, 5);
        bsk_agent_init(&agents[1], kind, 2, 6);
        bsk_match_view view;
        bsk_error error;
        int count = 0;
        int k = bsk_agent_decide(agents, &m, &table, legal, &count, &view, &error);
        ck_assert_msg(k >= 0 && k < count && legal[k].kind == BSK_ACT_USE, "agent %s", bsk_agent_id(kind));
    }
    bsk_action no = {BSK_ACT_CHOOSE, 2, -1, -1, -1, 0, -1, -1};
    bsk_error error;
    ck_assert_int_eq(bsk_match_apply(&m, &table, &no, NULL, &error), BSK_ERR_INVALID); /* not this question */
    ck_assert_str_eq(error.rule, "502.1");
    act(&m, &table, BSK_ACT_USE, 2, -1, -1, -1, 1);
    c = bsk_match_choice(&m);
    ck_assert_ptr_nonnull(c);
    ck_assert_int_eq(c->what, BSK_CHOOSE_UNIT);
    ck_assert_uint_eq(c->allowed, 0x3); /* c2 and a1 */
    n = bsk_match_legal(&m, &table, legal, BSK_MATCH_LEGAL_MAX);
    ck_assert_int_eq(n, 2);
    ck_assert_int_eq(legal[1].kind, BSK_ACT_CHOOSE);
    ck_assert_int_eq(legal[1].index, 1);
    for (int kind = 0; kind < BSK_AGENT_KIND_COUNT; kind++) {
        bsk_agent agents[2];
        bsk_agent_init(&agents[0], kind, 1, 5);
        bsk_agent_init(&agents[1], kind, 2, 6);
        bsk_match_view view;
        int count = 0;
        int k = bsk_agent_decide(agents, &m, &table, legal, &count, &view, &error);
        ck_assert_msg(k >= 0 && k < count && legal[k].kind == BSK_ACT_CHOOSE, "agent %s", bsk_agent_id(kind));
    }
    act(&m, &table, BSK_ACT_CHOOSE, 2, -1, -1, -1, 1); /* a1 */
    ck_assert_ptr_null(bsk_match_choice(&m));
    ck_assert_int_eq(m.units[1].wounds, 2);
    ck_assert_int_eq(m.units[0].wounds, 0);
    ck_assert_int_eq(m.choice.what, BSK_CHOOSE_NONE);
}
END_TEST

/* 116.7: declined, the optional trigger is not declared and asks nothing more. */
START_TEST(test_116_7_declined_trigger_not_declared)
{
    feature_cards_setup();
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &WARRIOR, 1, "c2");
    put(&pos, &WARRIOR, 1, "a1");
    put(&pos, &TRIGGERED_A, 2, "e6");
    bsk_card_table_init(&table);
    bsk_feature may = bsk_feature_simple(BSK_FEATURE_TRIGGERED, BSK_AT_TURN_START, BSK_OP_WOUND, BSK_TARGET_ANY_ENEMY, 2, 0, 0, 0);
    may.optional = 1;
    give(&table, &TRIGGERED_A, may);
    start(&m, &table, &pos, 1, NULL, 0);
    act(&m, &table, BSK_ACT_END_TURN, 1, -1, -1, -1, -1);
    act(&m, &table, BSK_ACT_USE, 2, -1, -1, -1, 0);
    ck_assert_ptr_null(bsk_match_choice(&m));
    ck_assert_int_eq(m.pending_count, 0);
    ck_assert_int_eq(m.stack_count, 0);
    ck_assert_int_eq(m.units[0].wounds + m.units[1].wounds, 0);
}
END_TEST

/* Issue 21, DESIGN §5 `choose`: whatever a question asks (a card, by place or, without one, by name;
 * a cell; a number; a class or element id; a direction), each legal answer becomes a record naming
 * it and that record names the same answer back; an option not allowed is refused (502.1). */
START_TEST(test_choose_answers_round_trip_through_records)
{
    feature_cards_setup();
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &WARRIOR, 1, "c2");
    put(&pos, &WARRIOR, 2, "c4");
    pos.cards[pos.card_count] = pos.cards[1];
    pos.cards[pos.card_count].zone = BSK_ZONE_GRAVEYARD;
    pos.cards[pos.card_count++].cell = -1;
    bsk_card_table_init(&table);
    start(&m, &table, &pos, 1, NULL, 0);
    static const struct {
        int what;
        uint64_t allowed;
        const char *first; /* the first option's record: a place or word, "" for a number */
    } cases[] = {{BSK_CHOOSE_UNIT, 0x6, "c4"},  {BSK_CHOOSE_UNIT, 0x4, "Воин"}, {BSK_CHOOSE_CELL, 0x60, "a2"},
                 {BSK_CHOOSE_NUMBER, 0xe, ""}, {BSK_CHOOSE_DIRECTION, 0xf, "forward"},
                 {BSK_CHOOSE_ELEMENT, 0x6, NULL}, {BSK_CHOOSE_CLASS, 0x30, NULL}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        bsk_match asked = m;
        asked.question = Q_CHOOSE;
        asked.priority = 1;
        asked.choice = (bsk_choice){(uint8_t)cases[c].what, 1, -1, 0, 0, {0}, cases[c].allowed};
        bsk_action legal[64];
        int n = bsk_match_legal(&asked, &table, legal, 64);
        ck_assert_int_eq(n, __builtin_popcountll(cases[c].allowed));
        for (int i = 0; i < n; i++) {
            bsk_record r;
            bsk_record_from_action(&asked, &table, &legal[i], &r);
            ck_assert_int_eq(r.kind, BSK_ACT_CHOOSE);
            if (i == 0 && cases[c].first)
                ck_assert_str_eq(r.from[0] ? r.from : r.card, cases[c].first);
            if (i == 0 && cases[c].first && !cases[c].first[0])
                ck_assert_int_eq(r.index, 1);
            ck_assert_msg(r.from[0] || r.card[0] || r.index >= 0, "case %zu: the record names nothing", c);
            bsk_action back;
            bsk_error error;
            ck_assert_int_eq(bsk_record_to_action(&asked, &table, &r, &back, &error), BSK_OK);
            ck_assert_int_eq(back.index, legal[i].index);
        }
        bsk_record wrong;
        bsk_record_init(&wrong, BSK_ACT_CHOOSE, 1);
        wrong.index = 63;
        bsk_action back;
        bsk_error error;
        ck_assert_int_eq(bsk_record_to_action(&asked, &table, &wrong, &back, &error), BSK_ERR_INVALID);
        ck_assert_str_eq(error.rule, "502.1");
    }
}
END_TEST

/* 512.6.3: the non-active player cancels a strike in its Cancel step; the strike is paid, no die
 * is rolled, nobody is wounded. */
START_TEST(test_512_6_3_cancelled_strike_is_paid)
{
    feature_cards_setup();
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &WARRIOR, 1, "c3");
    put(&pos, &WARRIOR, 2, "c4");
    put(&pos, &CANCELLER, 2, "e6"); /* {instant}{tap}: cancel the attack */
    put(&pos, &WARRIOR, 1, "a1");
    bsk_card_table_init(&table);
    give(&table, &CANCELLER, bsk_feature_simple(BSK_FEATURE_ACTIVATED, BSK_EVENT_NONE, BSK_OP_CANCEL, BSK_TARGET_SELF, 0, 1, 0, 1));
    start(&m, &table, &pos, 1, NULL, 0);
    act(&m, &table, BSK_ACT_ATTACK, 1, 0, 1, -1, -1);
    ck_assert_int_eq(bsk_match_to_act(&m), 2); /* the Cancel step's window */
    bsk_action legal[8];
    int n = bsk_match_legal(&m, &table, legal, 8);
    ck_assert_int_eq(n, 2);
    ck_assert_int_eq(legal[0].kind, BSK_ACT_FEATURE);
    ck_assert_int_eq(legal[1].kind, BSK_ACT_PASS);
    act(&m, &table, BSK_ACT_FEATURE, 2, 2, -1, -1, 0);
    ck_assert_int_eq(bsk_match_dice_left(&m), 0);
    ck_assert(!bsk_match_dice_exhausted(&m)); /* no die rolled */
    ck_assert_int_eq(m.units[1].wounds, 0);
    ck_assert(m.units[0].flags & BSK_UNIT_TAPPED); /* 512.6.3: paid */
    ck_assert(m.units[2].flags & BSK_UNIT_TAPPED);
}
END_TEST

/* 303.3 b, 303.6: after the active player's declaration, the non-active player may answer with an
 * instant action, which resolves first (the last declared is on top). */
START_TEST(test_303_6_instant_answer_resolves_before_the_declaration)
{
    feature_cards_setup();
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &WARRIOR, 1, "c3");   /* 10 life */
    put(&pos, &SNIPER, 2, "c4");    /* {instant}{tap}: wound an adjacent enemy by 9 */
    put(&pos, &WARRIOR, 1, "a1");
    pos.cards[0].wounds = 1;
    bsk_card_table_init(&table);
    give(&table, &SNIPER, bsk_feature_simple(BSK_FEATURE_ACTIVATED, BSK_EVENT_NONE, BSK_OP_WOUND, BSK_TARGET_ADJACENT_ENEMY, 9, 1, 0, 1));
    start(&m, &table, &pos, 1, NULL, 0);
    act(&m, &table, BSK_ACT_ATTACK, 1, 0, 1, -1, -1);
    ck_assert_int_eq(bsk_match_to_act(&m), 2);
    act(&m, &table, BSK_ACT_FEATURE, 2, 1, 0, -1, 0);
    /* the attacker died before its strike executed: removed without payment (512.6.2) */
    ck_assert_int_eq(m.units[0].zone, BSK_ZONE_GRAVEYARD);
    ck_assert_int_eq(m.units[1].wounds, 0);
    ck_assert(m.units[1].flags & BSK_UNIT_TAPPED);
}
END_TEST


/* 404.1.2, 404.1.3: the engine's tier bit sets are the placement library's tiers. */
START_TEST(test_404_1_engine_tiers_match_the_placement_library)
{
    for (int player = 1; player <= 2; player++)
        for (int cell = 0; cell < BSK_BOARD_CELLS; cell++) {
            int tier = bsk_placement_tier(player, cell);
            for (int k = 1; k <= 3; k++)
                ck_assert_msg(((engine_tier_cells(player, k) >> cell) & 1u) == (tier == k),
                              "player %d cell %d tier %d", player, cell, k);
        }
}
END_TEST

/* 210.2, 547.2: the cell sets the legal lists are built from are the engine's distances. */
START_TEST(test_547_2_cell_sets_match_the_distances)
{
    for (int a = 0; a < BSK_BOARD_CELLS; a++) {
        for (int b = 0; b < BSK_BOARD_CELLS; b++) {
            ck_assert_msg(((ENGINE_BLOCK[a] >> b) & 1u) == (engine_chebyshev(a, b) <= 1), "block %d %d", a, b);
            for (int range = -1; range <= 12; range++)
                ck_assert_msg(((engine_within(a, range) >> b) & 1u) == (engine_manhattan(a, b) <= range),
                              "within %d of %d: %d", range, a, b);
        }
        ck_assert_uint_eq(ENGINE_BLOCK[a] & ~ENGINE_ALL_CELLS, 0);
    }
}
END_TEST

/* ---- chance (DESIGN §5) ---- */

static void decks_setup(bsk_match_deck decks[2]);

/* Each of the 36 outcomes chance lists is what the real fight with those dice deals (no step-down taken);
 * returns how many outcomes offer a step-down. */
static int outcomes_are_the_real_fight(const bsk_match *m, const bsk_card_table *table)
{
    bsk_action attack = {BSK_ACT_ATTACK, 1, 0, 1, -1, -1, -1, -1};
    bsk_fight_outcome out[36];
    int n = bsk_match_fight_outcomes(m, table, &attack, out);
    ck_assert_int_eq(n, 36);
    int weight = 0, step_downs = 0;
    for (int i = 0; i < n; i++) {
        weight += out[i].weight;
        step_downs += out[i].step_down;
        /* the real fight with these dice (no step-down taken) deals the same wounds */
        bsk_match copy = *m;
        bsk_dice_script(&copy.dice, out[i].dice, 2);
        bsk_error error;
        ck_assert_int_eq(bsk_match_apply(&copy, table, &attack, NULL, &error), BSK_OK);
        bsk_action asked[4];
        if (bsk_match_to_act(&copy) && bsk_match_legal(&copy, table, asked, 4) > 0 &&
            asked[0].kind == BSK_ACT_STEP_DOWN) {
            bsk_action keep = {BSK_ACT_STEP_DOWN, (uint8_t)bsk_match_to_act(&copy), -1, -1, -1, 0, -1, -1};
            ck_assert_int_eq(bsk_match_apply(&copy, table, &keep, NULL, &error), BSK_OK);
        }
        ck_assert_int_eq(copy.units[1].wounds, out[i].strength[0] >= 0 ? out[i].magnitude[0] : 0);
        ck_assert_int_eq(copy.units[0].wounds, out[i].strength[1] >= 0 ? out[i].magnitude[1] : 0);
    }
    ck_assert_int_eq(weight, 36);
    return step_downs;
}

START_TEST(test_chance_fight_outcomes_match_the_hit_table_and_the_real_fight)
{
    cards_setup();
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &WARRIOR, 1, "c3");  /* 1-2-3 */
    put(&pos, &GUARDIAN, 2, "c4"); /* 2-3-4 */
    put(&pos, &WARRIOR, 1, "a1");
    put(&pos, &WARRIOR, 2, "e6");
    bsk_card_table_init(&table);
    start(&m, &table, &pos, 1, NULL, 0);
    /* 515.3: exchange rows: attacker +2 (4 pairs), attacker +4 (2), defender +4 (2) */
    ck_assert_int_eq(outcomes_are_the_real_fight(&m, &table), 4 + 2 + 2);
}
END_TEST

/* 520.2 d (fend6, 03-121 «средние и сильные атаки по … сводятся к 1»): a static reduction of the attacked
 * card that names strengths — chance lists the modifiers once a strength, not once for all 36 outcomes. */
START_TEST(test_chance_outcomes_under_a_strength_named_reduction)
{
    feature_cards_setup();
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &WARRIOR, 1, "c3");    /* 1-2-3 */
    put(&pos, &CANCELLER, 2, "c4");  /* medium and strong strikes on it come down to 1 */
    put(&pos, &WARRIOR, 1, "a1");
    put(&pos, &WARRIOR, 2, "e6");
    bsk_card_table_init(&table);
    bsk_feature f = bsk_feature_simple(BSK_FEATURE_STATIC, BSK_EVENT_NONE, BSK_OP_INCOMING_REDUCE_ATTACK_TO,
                                       BSK_TARGET_SELF, 1, 0, 0, 0);
    f.effects[0].param = 1u << BSK_STRIKE_SIMPLE;
    f.effects[0].strength = (1u << STRENGTH_MEDIUM) | (1u << STRENGTH_STRONG);
    give(&table, &CANCELLER, f);
    start(&m, &table, &pos, 1, NULL, 0);
    outcomes_are_the_real_fight(&m, &table);
    bsk_action attack = {BSK_ACT_ATTACK, 1, 0, 1, -1, -1, -1, -1};
    bsk_fight_outcome out[36];
    int reduced = 0;
    for (int i = 0, n = bsk_match_fight_outcomes(&m, &table, &attack, out); i < n; i++) {
        if (out[i].strength[0] >= STRENGTH_MEDIUM)
            ck_assert_int_eq(out[i].magnitude[0], 1);
        reduced += out[i].strength[0] >= STRENGTH_MEDIUM;
        if (out[i].strength[0] == STRENGTH_WEAK)
            ck_assert_int_eq(out[i].magnitude[0], 1); /* weak: its own 1 */
    }
    ck_assert_int_gt(reduced, 0);
}
END_TEST

/* 306.5.2 (dice7, 02-027 Пиромант Дзара): a striker that rolls two dice for its strength outside a fight has 36
 * outcomes, a pair of its dice each, weight 1, the better value kept and equal values +1 — each what the real
 * attack deals with those dice when its controller keeps that value. */
START_TEST(test_chance_two_dice_of_one_roller)
{
    feature_cards_setup();
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &WARRIOR, 1, "c3");  /* 1-2-3 */
    put(&pos, &GUARDIAN, 2, "c4");
    pos.cards[1].tapped = true;    /* no fight: one roller (515.6) */
    bsk_card_table_init(&table);
    give(&table, &WARRIOR, bsk_feature_simple(BSK_FEATURE_STATIC, BSK_EVENT_NONE, BSK_OP_ROLL_TWICE, BSK_TARGET_SELF,
                                              1, 0, 0, 0));
    start(&m, &table, &pos, 1, NULL, 0);
    bsk_action attack = {BSK_ACT_ATTACK, 1, 0, 1, -1, -1, -1, -1};
    bsk_fight_outcome out[36];
    int n = bsk_match_fight_outcomes(&m, &table, &attack, out), weight = 0;
    ck_assert_int_eq(n, 36);
    for (int i = 0; i < n; i++) {
        int a = i / 6 + 1, b = i % 6 + 1;
        weight += out[i].weight;
        ck_assert_int_eq(out[i].dice[0], a > b ? a : b); /* the larger of 1-2-3's two dice */
        bsk_match copy = m;
        uint8_t dice[2] = {(uint8_t)a, (uint8_t)b};
        bsk_dice_script(&copy.dice, dice, 2);
        bsk_error error;
        ck_assert_int_eq(bsk_match_apply(&copy, &table, &attack, NULL, &error), BSK_OK);
        const bsk_choice *c = bsk_match_choice(&copy);
        ck_assert_int_eq(c != NULL, a != b); /* equal values: nothing to choose */
        if (c) {
            ck_assert_int_eq(c->pending, BSK_CHOICE_DIE);
            ck_assert_uint_eq(c->allowed, (1ull << a) | (1ull << b));
            bsk_action keep = {BSK_ACT_CHOOSE, 1, -1, -1, -1, (int8_t)out[i].dice[0], -1, -1};
            ck_assert_int_eq(bsk_match_apply(&copy, &table, &keep, NULL, &error), BSK_OK);
        }
        ck_assert_int_eq(copy.units[1].wounds, out[i].magnitude[0]);
        if (a == b)
            ck_assert_int_eq(out[i].magnitude[0], (a <= 3 ? 1 : a <= 5 ? 2 : 3) + 1);
    }
    ck_assert_int_eq(weight, 36);
}
END_TEST

START_TEST(test_chance_one_die_against_a_closed_card)
{
    cards_setup();
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &WARRIOR, 1, "c3");
    put(&pos, &GUARDIAN, 2, "c4");
    pos.cards[1].tapped = true;
    bsk_card_table_init(&table);
    start(&m, &table, &pos, 1, NULL, 0);
    bsk_action attack = {BSK_ACT_ATTACK, 1, 0, 1, -1, -1, -1, -1};
    bsk_fight_outcome out[36];
    ck_assert_int_eq(bsk_match_fight_outcomes(&m, &table, &attack, out), 6);
    ck_assert_int_eq(out[2].strength[0], 0); /* 3: weak */
    ck_assert_int_eq(out[3].strength[0], 1); /* 4: medium */
    ck_assert_int_eq(out[5].magnitude[0], 3); /* 6: strong 3 */
    ck_assert_int_eq(out[5].weight, 6);
}
END_TEST

/* DESIGN §5: a view hides the opponent's face-down card (533.6: its owner knows it); the chance
 * enumeration refuses a card it does not know, and a determinised view is a runnable state whose
 * unknown card is one of the candidates and whose dice are re-seeded. */
START_TEST(test_view_hides_face_down_cards_and_determinises)
{
    cards_setup();
    static bsk_card_table table;
    static bsk_match m, runnable;
    static bsk_match_view view;
    static bsk_action legal[BSK_MATCH_LEGAL_MAX];
    bsk_position pos = {0};
    put(&pos, &WARRIOR, 1, "c3");
    put(&pos, &GUARDIAN, 2, "c4")->hidden = true;
    put(&pos, &WARRIOR, 2, "e6");
    bsk_card_table_init(&table);
    start(&m, &table, &pos, 1, NULL, 0);
    bsk_match_view_make(&m, 1, &view);
    ck_assert_int_eq(view.match.units[1].slot, BSK_AGENT_UNKNOWN_SLOT);
    ck_assert_int_eq(view.match.units[2].slot, m.units[2].slot); /* open: known */
    bsk_match_view own;
    bsk_match_view_make(&m, 2, &own);
    ck_assert_int_eq(own.match.units[1].slot, m.units[1].slot); /* its owner knows it */
    bsk_fight_outcome out[36];
    bsk_action attack = {BSK_ACT_ATTACK, 1, 0, 1, -1, -1, -1, -1};
    ck_assert_int_eq(bsk_match_fight_outcomes(&m, &table, &attack, out), 36);
    ck_assert_int_eq(bsk_match_fight_outcomes(&view.match, &table, &attack, out), 0);
    uint8_t candidates[1] = {m.units[2].slot}; /* say: it is a Warrior */
    bsk_rng rng;
    bsk_rng_seed(&rng, 5);
    bsk_match_view_determinise(&view, &table, candidates, 1, &rng, &runnable);
    ck_assert_int_eq(runnable.units[1].slot, m.units[2].slot);
    ck_assert(runnable.units[1].flags & BSK_UNIT_HIDDEN);
    ck_assert(engine_derived_ok(&runnable, &table));
    ck_assert_int_eq(bsk_match_fight_outcomes(&runnable, &table, &attack, out), 36);
    ck_assert_int_gt(bsk_match_legal(&runnable, &table, legal, BSK_MATCH_LEGAL_MAX), 1);
    ck_assert(memcmp(&runnable.dice.rng, &m.dice.rng, sizeof m.dice.rng) != 0); /* not the real dice */
}
END_TEST

/* 403.2.1, 404.1: copies of one card are one choice. The lists name each card once, and taking or
 * placing another copy takes or places the first, so a log (which names cards) replays exactly. */
START_TEST(test_403_404_copies_are_one_choice)
{
    static bsk_card_table table;
    static bsk_match m;
    static bsk_action legal[BSK_MATCH_LEGAL_MAX];
    bsk_match_deck decks[2] = {{NULL, 0, false}, {NULL, 0, false}};
    decks_setup(decks);
    bsk_format format;
    bsk_format_init_defaults(&format);
    bsk_error error;
    bsk_card_table_init(&table);
    ck_assert_int_eq(bsk_match_new(&m, &table, &format.squad, decks, 77, 1, &error), BSK_OK);
    act(&m, &table, BSK_ACT_KEEP, 1, -1, -1, -1, -1);
    act(&m, &table, BSK_ACT_KEEP, 2, -1, -1, -1, -1);
    ck_assert_int_eq(bsk_match_to_act(&m), 1);
    const bsk_match_side *s = &m.sides[0];
    int n = bsk_match_legal(&m, &table, legal, BSK_MATCH_LEGAL_MAX);
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++)
            if (legal[a].kind == BSK_ACT_TAKE && legal[b].kind == BSK_ACT_TAKE)
                ck_assert_int_ne(s->deal[legal[a].index], s->deal[legal[b].index]);
    /* a later copy of a listed card: the first copy is taken */
    int first = -1, later = -1;
    for (int i = 0; i < s->deal_count && later < 0; i++)
        for (int j = i + 1; j < s->deal_count && later < 0; j++)
            if (s->deal[i] == s->deal[j]) {
                bool listed = false;
                for (int a = 0; a < n; a++)
                    listed = listed || (legal[a].kind == BSK_ACT_TAKE && legal[a].index == i);
                if (listed)
                    first = i, later = j;
            }
    ck_assert_int_ge(later, 0);
    bsk_action take = {BSK_ACT_TAKE, 1, -1, -1, -1, (int8_t)later, -1, -1};
    ck_assert_int_eq(bsk_match_apply(&m, &table, &take, NULL, &error), BSK_OK);
    ck_assert_int_eq(s->taken[0], first);
    /* placement: another unplaced copy places the first */
    bsk_agent agents[2];
    bsk_agent_init(&agents[0], BSK_AGENT_RANDOM, 1, 4);
    bsk_agent_init(&agents[1], BSK_AGENT_RANDOM, 2, 5);
    int player;
    while ((player = bsk_match_to_act(&m)) != 0 && m.phase < BSK_PHASE_PLACE) {
        n = bsk_match_legal(&m, &table, legal, BSK_MATCH_LEGAL_MAX);
        bsk_match_apply_legal(&m, &table, &legal[bsk_agent_choose(&agents[player - 1], NULL, &table, legal, n)],
                              NULL);
    }
    ck_assert_int_eq(m.phase, BSK_PHASE_PLACE);
    player = bsk_match_to_act(&m);
    int a1 = -1, a2 = -1;
    for (int i = 0; i < m.unit_count && a2 < 0; i++)
        for (int j = i + 1; j < m.unit_count && a2 < 0; j++)
            if (m.units[i].owner == player && m.units[j].owner == player && m.units[i].slot == m.units[j].slot &&
                m.units[i].zone == BSK_ZONE_DECK && m.units[j].zone == BSK_ZONE_DECK)
                a1 = i, a2 = j;
    ck_assert_int_ge(a2, 0);
    n = bsk_match_legal(&m, &table, legal, BSK_MATCH_LEGAL_MAX);
    bsk_action place = legal[0];
    place.unit = (int8_t)a2;
    ck_assert_int_eq(bsk_match_apply(&m, &table, &place, NULL, &error), BSK_OK);
    ck_assert_int_eq(m.units[a1].zone, BSK_ZONE_BATTLEFIELD);
    ck_assert_int_eq(m.units[a2].zone, BSK_ZONE_DECK);
}
END_TEST

/* prebattle12 (issue 23), 403.1: the step of «до набора отряда» features before recruitment. A deck of dust
 * elementals (05-166's shape: pay 2 gold, put it from the deal into the graveyard) and undertakers (06-167's: take it
 * into the squad, put a creature of cost 5 or less of the deal into the graveyard), the rest warriors. */
static const bsk_card *BEFORE_DECK[2][30];

static void before_setup(bsk_card_table *table, bsk_card *dust, bsk_card *undertaker, int undertakers)
{
    cards_setup();
    *dust = make_card("t-30", "Прах", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 2, true, 5, 2, 1, 1, 1);
    *undertaker = make_card("t-31", "Могильщик", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 4, false, 4, 1, 1, 2, 2);
    bsk_card_table_init(table);
    bsk_feature f;
    memset(&f, 0, sizeof f);
    f.kind = BSK_FEATURE_TRIGGERED;
    f.event = BSK_BEFORE_RECRUITMENT;
    f.optional = 1;
    f.src = 2;
    f.recruit_gold = 2;
    f.recruit_self = BSK_BEFORE_SELF_GRAVEYARD;
    give(table, dust, f);
    bsk_feature_filter grave;
    memset(&grave, 0, sizeof grave);
    grave.types = 1u << BSK_TYPE_CREATURE;
    grave.cost_op = BSK_FILTER_COST_LE;
    grave.cost_value = 5;
    int filter = bsk_card_table_add_filter(table, &grave);
    ck_assert_int_gt(filter, 0);
    f.recruit_gold = 0;
    f.recruit_self = BSK_BEFORE_SELF_SQUAD;
    f.trigger_filter = (uint8_t)filter;
    give(table, undertaker, f);
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < 30; i++)
            BEFORE_DECK[p][i] = undertakers ? (i % 3 == 0 ? dust : i % 3 == 1 ? undertaker : &WARRIOR)
                                            : i % 2 == 0 ? dust : &WARRIOR;
}

static int before_find(const bsk_action *legal, int n, int kind)
{
    for (int i = 0; i < n; i++)
        if (legal[i].kind == kind)
            return i;
    return -1;
}

START_TEST(test_403_1_before_recruitment_step)
{
    static bsk_card_table table;
    static bsk_match m, plain;
    static bsk_action legal[BSK_MATCH_LEGAL_MAX];
    static bsk_card dust, undertaker;
    before_setup(&table, &dust, &undertaker, 0);
    bsk_match_deck decks[2] = {{BEFORE_DECK[0], 30, false}, {BEFORE_DECK[1], 30, false}};
    bsk_format format;
    bsk_format_init_defaults(&format);
    bsk_error error;
    ck_assert_int_eq(bsk_match_new(&m, &table, &format.squad, decks, 9, 1, &error), BSK_OK);
    act(&m, &table, BSK_ACT_KEEP, 1, -1, -1, -1, -1);
    act(&m, &table, BSK_ACT_KEEP, 2, -1, -1, -1, -1);
    /* 403.1: the first player is asked first: one answer per card (the copies are one), or done (decline) */
    ck_assert_int_eq(bsk_match_to_act(&m), 1);
    int n = bsk_match_legal(&m, &table, legal, BSK_MATCH_LEGAL_MAX);
    ck_assert_int_eq(n, 2);
    ck_assert_int_eq(legal[0].kind, BSK_ACT_BEFORE);
    ck_assert_int_eq(legal[1].kind, BSK_ACT_DONE);
    const bsk_match_side *s = &m.sides[0];
    ck_assert_ptr_eq(table.entries[s->deal[legal[0].index]].card, &dust);
    bsk_record record;
    bsk_record_from_action(&m, &table, &legal[0], &record);
    ck_assert_str_eq(record.card, "Прах");
    ck_assert_int_eq(bsk_record_question(&m, &table), BSK_ACT_BEFORE);
    int deal = s->deal_count, units = m.unit_count;
    ck_assert_int_eq(bsk_match_apply(&m, &table, &legal[0], NULL, &error), BSK_OK);
    /* paid 2 gold of the recruitment's (402.1), out of the deal, in the graveyard (205.1) */
    ck_assert_int_eq(s->deal_count, deal - 1);
    ck_assert_int_eq(m.unit_count, units + 1);
    ck_assert_int_eq(m.units[units].zone, BSK_ZONE_GRAVEYARD);
    ck_assert_int_eq(m.units[units].owner, 1);
    ck_assert_ptr_eq(table.entries[m.units[units].slot].card, &dust);
    ck_assert_int_eq(s->before_gold, 2);
    bsk_recruit r;
    bsk_match_recruit_state(&m, &table, 1, &r);
    ck_assert_int_eq(r.gold, format.squad.gold - 2);
    ck_assert_int_eq(r.deal_count, deal - 1);
    /* 401.3: the second player's turn; a decline (done) ends theirs, the first goes on alone */
    ck_assert_int_eq(bsk_match_to_act(&m), 2);
    act(&m, &table, BSK_ACT_DONE, 2, -1, -1, -1, -1);
    ck_assert_int_eq(bsk_match_to_act(&m), 1);
    n = bsk_match_legal(&m, &table, legal, BSK_MATCH_LEGAL_MAX);
    ck_assert_int_eq(legal[0].kind, BSK_ACT_BEFORE);
    ck_assert_int_eq(bsk_match_apply(&m, &table, &legal[0], NULL, &error), BSK_OK); /* a second copy */
    ck_assert_int_eq(s->before_gold, 4);
    ck_assert_int_eq(bsk_match_to_act(&m), 1); /* the second declined */
    act(&m, &table, BSK_ACT_DONE, 1, -1, -1, -1, -1);
    /* recruitment (403.2) with 4 gold less; the second player's declined feature is gone for the step */
    ck_assert_int_eq(bsk_match_to_act(&m), 1);
    n = bsk_match_legal(&m, &table, legal, BSK_MATCH_LEGAL_MAX);
    ck_assert_int_eq(legal[0].kind, BSK_ACT_TAKE);
    ck_assert_int_lt(before_find(legal, n, BSK_ACT_BEFORE), 0);
    bsk_match_recruit_state(&m, &table, 1, &r);
    ck_assert_int_eq(r.gold, format.squad.gold - 4);
    bsk_action before = {BSK_ACT_BEFORE, 1, -1, -1, -1, legal[0].index, -1, -1};
    ck_assert_int_ne(bsk_match_apply(&m, &table, &before, NULL, &error), BSK_OK);
    /* random agents to the battle: the two cards stay in the graveyard, the game runs */
    bsk_agent agents[2];
    bsk_agent_init(&agents[0], BSK_AGENT_RANDOM, 1, 4);
    bsk_agent_init(&agents[1], BSK_AGENT_RANDOM, 2, 5);
    int player;
    while ((player = bsk_match_to_act(&m)) != 0 && m.phase < BSK_PHASE_CHOICE) {
        n = bsk_match_legal(&m, &table, legal, BSK_MATCH_LEGAL_MAX);
        bsk_match_apply_legal(&m, &table, &legal[bsk_agent_choose(&agents[player - 1], NULL, &table, legal, n)], NULL);
    }
    int graves = 0;
    for (int i = 0; i < m.unit_count; i++)
        graves += m.units[i].zone == BSK_ZONE_GRAVEYARD && m.units[i].owner == 1;
    ck_assert_int_eq(graves, 2);
    ck_assert_int_eq(m.step_done & 2, 0); /* the step's state went with the subphase */
    /* declined at once by both: nothing paid, nothing hashed */
    ck_assert_int_eq(bsk_match_new(&plain, &table, &format.squad, decks, 9, 1, &error), BSK_OK);
    act(&plain, &table, BSK_ACT_KEEP, 1, -1, -1, -1, -1);
    act(&plain, &table, BSK_ACT_KEEP, 2, -1, -1, -1, -1);
    act(&plain, &table, BSK_ACT_DONE, 1, -1, -1, -1, -1);
    act(&plain, &table, BSK_ACT_DONE, 2, -1, -1, -1, -1);
    n = bsk_match_legal(&plain, &table, legal, BSK_MATCH_LEGAL_MAX);
    ck_assert_int_eq(legal[0].kind, BSK_ACT_TAKE);
    bsk_match_recruit_state(&plain, &table, 1, &r);
    ck_assert_int_eq(r.gold, format.squad.gold);
}
END_TEST

/* 403.1.1, 403.2.4: a feature that takes its card into the squad (the undertaker) does it at once, paying its cost;
 * then a creature of cost 5 or less of the deal goes to the graveyard (chosen when two cards may); the card stays on a
 * cancel. */
START_TEST(test_403_1_1_before_recruitment_takes_into_squad)
{
    static bsk_card_table table;
    static bsk_match m;
    static bsk_action legal[BSK_MATCH_LEGAL_MAX];
    static bsk_card dust, undertaker;
    before_setup(&table, &dust, &undertaker, 1);
    bsk_match_deck decks[2] = {{BEFORE_DECK[0], 30, false}, {BEFORE_DECK[1], 30, false}};
    bsk_format format;
    bsk_format_init_defaults(&format);
    bsk_error error;
    ck_assert_int_eq(bsk_match_new(&m, &table, &format.squad, decks, 11, 1, &error), BSK_OK);
    act(&m, &table, BSK_ACT_KEEP, 1, -1, -1, -1, -1);
    act(&m, &table, BSK_ACT_KEEP, 2, -1, -1, -1, -1);
    ck_assert_int_eq(bsk_match_to_act(&m), 1);
    int n = bsk_match_legal(&m, &table, legal, BSK_MATCH_LEGAL_MAX);
    ck_assert_int_eq(n, 3); /* the dust, the undertaker, done */
    const bsk_match_side *s = &m.sides[0];
    int k = table.entries[s->deal[legal[0].index]].card == &undertaker ? 0 : 1;
    ck_assert_ptr_eq(table.entries[s->deal[legal[k].index]].card, &undertaker);
    int deal = s->deal_count;
    ck_assert_int_eq(bsk_match_apply(&m, &table, &legal[k], NULL, &error), BSK_OK);
    ck_assert_int_eq(s->taken_count, 1);
    ck_assert_ptr_eq(table.entries[s->deal[s->taken[0]]].card, &undertaker);
    /* the three kinds left in the deal are creatures of cost 5 or less: the card is chosen, no decline */
    ck_assert_int_eq(bsk_match_to_act(&m), 1);
    n = bsk_match_legal(&m, &table, legal, BSK_MATCH_LEGAL_MAX);
    ck_assert_int_eq(n, 3);
    ck_assert_int_lt(before_find(legal, n, BSK_ACT_DONE), 0);
    ck_assert_int_eq(bsk_record_question(&m, &table), BSK_ACT_BEFORE);
    int w = -1;
    for (int i = 0; i < n; i++)
        if (table.entries[s->deal[legal[i].index]].card == &WARRIOR)
            w = i;
    ck_assert_int_ge(w, 0);
    int units = m.unit_count;
    ck_assert_int_eq(bsk_match_apply(&m, &table, &legal[w], NULL, &error), BSK_OK);
    ck_assert_int_eq(s->deal_count, deal - 1);
    ck_assert_ptr_eq(table.entries[m.units[units].slot].card, &WARRIOR);
    ck_assert_int_eq(m.units[units].zone, BSK_ZONE_GRAVEYARD);
    ck_assert_ptr_eq(table.entries[s->deal[s->taken[0]]].card, &undertaker); /* its position moved with the deal */
    ck_assert_int_eq(bsk_match_to_act(&m), 2);
    /* 403.2.4: a cancel keeps it, paid, first */
    bsk_recruit r;
    bsk_match_recruit_state(&m, &table, 1, &r);
    ck_assert_int_eq(r.squad_count, 1);
    ck_assert_int_eq(r.gold + r.silver, format.squad.gold + format.squad.silver - 4);
    bsk_recruit_cancel(&r);
    ck_assert_int_eq(r.squad_count, 1);
    ck_assert_ptr_eq(r.deal[r.squad[0]], &undertaker);
    /* the rest to the battle: the undertaker is in the squad, recruited before the rest */
    act(&m, &table, BSK_ACT_DONE, 2, -1, -1, -1, -1);
    act(&m, &table, BSK_ACT_DONE, 1, -1, -1, -1, -1);
    n = bsk_match_legal(&m, &table, legal, BSK_MATCH_LEGAL_MAX);
    ck_assert_int_eq(legal[0].kind, BSK_ACT_TAKE);
    ck_assert_int_eq(m.sides[0].can_finish, 1); /* a creature in the squad: the squad is legal */
}
END_TEST

/* DESIGN §4: games 2j and 2j+1 of a batch share the deal seed with the seats swapped, so each
 * deck is dealt the same cards in both. */
START_TEST(test_402_3_swapped_seats_deal_each_deck_the_same)
{
    static bsk_card_table table;
    static bsk_match a, b;
    bsk_match_deck decks[2] = {{NULL, 0, false}, {NULL, 0, false}};
    decks_setup(decks);
    bsk_format format;
    bsk_format_init_defaults(&format);
    bsk_error error;
    bsk_card_table_init(&table);
    for (uint64_t seed = 1; seed <= 20; seed++) {
        ck_assert_int_eq(bsk_match_new(&a, &table, &format.squad, decks, seed, 1, &error), BSK_OK);
        ck_assert_int_eq(bsk_match_new(&b, &table, &format.squad, decks, seed, 2, &error), BSK_OK);
        for (int deck = 0; deck < 2; deck++) { /* deck 0 sits first in a, second in b */
            const bsk_match_side *x = &a.sides[deck], *y = &b.sides[1 - deck];
            ck_assert_int_eq(x->deal_count, y->deal_count);
            ck_assert(memcmp(x->deal, y->deal, x->deal_count) == 0);
        }
    }
}
END_TEST

/* ---- preliminary losses ---- */

/* 402.4: a redeal declared with no gold left loses the game. */
START_TEST(test_402_4_redeal_without_gold_loses)
{
    static bsk_card_table table;
    static bsk_match m;
    bsk_match_deck decks[2] = {{NULL, 0, false}, {NULL, 0, false}};
    decks_setup(decks);
    bsk_format format;
    bsk_format_init_defaults(&format);
    bsk_error error;
    bsk_card_table_init(&table);
    ck_assert_int_eq(bsk_match_new(&m, &table, &format.squad, decks, 5, 1, &error), BSK_OK);
    bsk_action redeal = {BSK_ACT_REDEAL, 1, -1, -1, -1, -1, -1, -1};
    bsk_action keep = {BSK_ACT_KEEP, 2, -1, -1, -1, -1, -1, -1};
    act(&m, &table, BSK_ACT_REDEAL, 1, -1, -1, -1, -1);
    ck_assert_int_eq(bsk_match_to_act(&m), 2); /* 402.4.1: the second player answers in the same round */
    act(&m, &table, BSK_ACT_KEEP, 2, -1, -1, -1, -1);
    for (int i = 1; i < 24; i++)
        ck_assert_int_eq(bsk_match_apply(&m, &table, &redeal, NULL, &error), BSK_OK);
    ck_assert(!m.result.over);
    ck_assert_int_eq(m.sides[0].redeals, 24); /* all 24 gold spent */
    ck_assert_int_eq(bsk_match_apply(&m, &table, &redeal, NULL, &error), BSK_OK);
    ck_assert(m.result.over);
    ck_assert_int_eq(m.result.winner, 2);
    ck_assert_int_eq(m.result.reason, BSK_RESULT_REDEAL);
    (void)keep;
}
END_TEST

/* 403.2.5: a player who cannot recruit a legal squad loses; both at once is a draw (601.3 b). */
static void no_squad(bool both)
{
    cards_setup();
    static const bsk_card *artifacts[30], *mixed[30];
    for (int i = 0; i < 30; i++) {
        artifacts[i] = &ARTIFACT;
        mixed[i] = i % 2 ? &WARRIOR : &GUARDIAN;
    }
    bsk_match_deck decks[2] = {{both ? artifacts : mixed, 30, false}, {artifacts, 30, false}};
    static bsk_card_table table;
    static bsk_match m;
    static bsk_action legal[BSK_MATCH_LEGAL_MAX];
    bsk_format format;
    bsk_format_init_defaults(&format);
    bsk_error error;
    bsk_card_table_init(&table);
    ck_assert_int_eq(bsk_match_new(&m, &table, &format.squad, decks, 9, 1, &error), BSK_OK);
    bsk_agent agents[2];
    bsk_agent_init(&agents[0], BSK_AGENT_PASSIVE, 1, 1);
    bsk_agent_init(&agents[1], BSK_AGENT_PASSIVE, 2, 2);
    ck_assert_int_eq(bsk_agents_play(&m, &table, agents, legal, NULL, &error), BSK_OK);
    ck_assert(m.result.over);
    ck_assert_int_eq(m.result.reason, BSK_RESULT_NO_SQUAD);
    ck_assert_int_eq(m.result.winner, both ? 0 : 1);
}

START_TEST(test_403_2_5_no_legal_squad_loses) { no_squad(false); }
END_TEST
START_TEST(test_403_2_5_both_without_a_squad_draw) { no_squad(true); }
END_TEST

/* DESIGN §4 --squad: a ready squad skips the deal, the redeals and the recruitment (every card is
 * in it, nothing paid) and is placed by the 404 tiers; the other player recruits as usual. */
START_TEST(test_403_ready_squad_skips_deal_and_recruitment)
{
    cards_setup();
    static const bsk_card *squad[5], *deck[30];
    const bsk_card *kinds[5] = {&WARRIOR, &BRUTE, &FLYER, &GUARDIAN, &WARRIOR};
    for (int i = 0; i < 5; i++)
        squad[i] = kinds[i];
    for (int i = 0; i < 30; i++)
        deck[i] = i % 2 ? &WARRIOR : &GUARDIAN;
    static bsk_card_table table;
    static bsk_match m;
    static bsk_action legal[BSK_MATCH_LEGAL_MAX];
    bsk_format format;
    bsk_format_init_defaults(&format);
    bsk_error error;
    for (int first = 1; first <= 2; first++) {
        bsk_match_deck decks[2] = {{squad, 5, true}, {deck, 30, false}};
        bsk_card_table_init(&table);
        ck_assert_int_eq(bsk_match_new(&m, &table, &format.squad, decks, 3, first, &error), BSK_OK);
        /* the squad's side: no deal question, no recruitment; its owner is player `first` */
        const bsk_match_side *ready = &m.sides[first - 1];
        ck_assert_int_eq(ready->taken_count, 5);
        ck_assert_int_eq(ready->deck_count, 0);
        ck_assert(ready->recruit_done && ready->redeal_done);
        int asked_ready = 0;
        bsk_agent agents[2];
        bsk_agent_init(&agents[0], BSK_AGENT_PASSIVE, 1, 1);
        bsk_agent_init(&agents[1], BSK_AGENT_PASSIVE, 2, 2);
        int player;
        while ((player = bsk_match_to_act(&m)) != 0 && m.phase < BSK_PHASE_PLACE) {
            asked_ready += player == first;
            int n = bsk_match_legal(&m, &table, legal, BSK_MATCH_LEGAL_MAX);
            bsk_match_apply_legal(&m, &table, &legal[bsk_agent_choose(&agents[player - 1], NULL, &table, legal, n)],
                                  NULL);
        }
        ck_assert_int_eq(asked_ready, 0);
        ck_assert_int_eq(bsk_agents_play(&m, &table, agents, legal, NULL, &error), BSK_OK);
        ck_assert(m.result.over);
        int units = 0;
        for (int i = 0; i < m.unit_count; i++)
            units += m.units[i].owner == first;
        ck_assert_int_eq(units, 5); /* every card of the squad entered play */
    }
    /* more cards than a squad holds (403.2.3 e) */
    static const bsk_card *big[16];
    for (int i = 0; i < 16; i++)
        big[i] = &WARRIOR;
    bsk_match_deck too_big[2] = {{big, 16, true}, {deck, 30, false}};
    ck_assert_int_eq(bsk_match_new(&m, &table, &format.squad, too_big, 3, 1, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.rule, "403.2.3");
}
END_TEST

/* ---- properties over random games ---- */

static const bsk_card *DECK[2][30];

/* The random-game decks: ground creatures, a flyer, an artifact, a companion, a parasite and a
 * terrain, so that seating (405.2), hosts dying (211.4) and the extra zone are played too. */
static bsk_card COMPANION, PARASITE, TERRAIN;

static void decks_setup(bsk_match_deck decks[2])
{
    cards_setup();
    COMPANION = make_card("t-6", "Спутник", BSK_TYPE_CREATURE, BSK_SUBTYPE_COMPANION, 3, false, 4, 0, 1, 1, 2);
    PARASITE = make_card("t-7", "Паразит", BSK_TYPE_CREATURE, BSK_SUBTYPE_PARASITE, 2, false, 3, 0, 1, 1, 1);
    TERRAIN = make_card("t-8", "Болото", BSK_TYPE_TERRAIN, BSK_SUBTYPE_NONE, 2, false, -1, -1, -1, -1, -1);
    const bsk_card *kinds[8] = {&WARRIOR, &BRUTE, &FLYER, &ARTIFACT, &GUARDIAN, &COMPANION, &PARASITE, &TERRAIN};
    for (int p = 0; p < 2; p++) {
        for (int i = 0; i < 30; i++)
            DECK[p][i] = kinds[(i + p) % 8];
        decks[p].cards = DECK[p];
        decks[p].count = 30;
    }
}

static void check_invariants(const bsk_match *m, const bsk_card_table *table)
{
    int8_t seen[30];
    memset(seen, -1, sizeof seen);
    for (int i = 0; i < m->unit_count; i++) {
        const bsk_unit *u = &m->units[i];
        if (u->zone == BSK_ZONE_BATTLEFIELD && u->host < 0) {
            ck_assert_msg(seen[u->cell] < 0, "two ground cards on cell %d", u->cell);
            seen[u->cell] = (int8_t)i;
            ck_assert_int_eq(m->at[u->cell], i);
        }
        if (u->zone == BSK_ZONE_BATTLEFIELD || u->zone == BSK_ZONE_EXTRA)
            ck_assert_msg(bsk_match_unit_life(m, table, i) > 0 || table->entries[u->slot].card->type == BSK_TYPE_TERRAIN,
                          "a card with no life left stays in play");
    }
    for (int c = 0; c < 30; c++)
        ck_assert_int_eq(m->at[c], seen[c]);
    /* the unit sets kept as cards change zones are what the cards say */
    ck_assert_msg(engine_derived_ok(m, table), "in_battle/creatures out of step with units[]");
    /* cards are conserved: deck + deal + squad = the deck given */
    for (int p = 0; p < 2; p++) {
        int in_squad = 0;
        for (int i = 0; i < m->unit_count; i++)
            in_squad += m->units[i].owner == p + 1;
        int total = m->sides[p].deck_count + (m->phase <= BSK_PHASE_RECRUIT ? m->sides[p].deal_count : 0) + in_squad;
        ck_assert_int_eq(total, 30);
    }
}

START_TEST(test_property_random_games_clone_replay_invariants)
{
    static bsk_card_table table;
    static bsk_match m, copy, replay;
    static bsk_action legal[BSK_MATCH_LEGAL_MAX], played[4096];
    static uint64_t hashes[4096];
    bsk_match_deck decks[2] = {{NULL, 0, false}, {NULL, 0, false}};
    decks_setup(decks);
    bsk_format format;
    bsk_format_init_defaults(&format);
    bsk_error error;
    int capped = 0;
    long seated = 0, died_with_host = 0, terrains = 0;
    for (int g = 0; g < 1000; g++) {
        bsk_card_table_init(&table);
        ck_assert_int_eq(bsk_match_new(&m, &table, &format.squad, decks, (uint64_t)g, g % 3, &error), BSK_OK);
        bsk_agent agents[2];
        bsk_agent_init(&agents[0], BSK_AGENT_RANDOM, 1, (uint64_t)g + 77);
        bsk_agent_init(&agents[1], BSK_AGENT_RANDOM, 2, (uint64_t)g + 99);
        int steps = 0;
        while (bsk_match_to_act(&m)) {
            int n = bsk_match_legal(&m, &table, legal, BSK_MATCH_LEGAL_MAX);
            ck_assert_int_gt(n, 0);
            int k = bsk_agent_choose(&agents[bsk_match_to_act(&m) - 1], NULL, &table, legal, n);
            copy = m; /* a snapshot given the same action reaches the same hash */
            ck_assert_int_eq(bsk_match_apply(&m, &table, &legal[k], NULL, &error), BSK_OK);
            ck_assert_int_eq(bsk_match_apply(&copy, &table, &legal[k], NULL, &error), BSK_OK);
            ck_assert(bsk_match_hash(&copy) == bsk_match_hash(&m));
            ck_assert_int_lt(steps, 4096);
            played[steps] = legal[k];
            hashes[steps++] = bsk_match_hash(&m);
            check_invariants(&m, &table);
            for (int i = 0; i < m.unit_count; i++) { /* what the games went through */
                seated += m.units[i].host >= 0 && m.units[i].zone == BSK_ZONE_BATTLEFIELD;
                died_with_host += m.units[i].host >= 0 && m.units[i].zone == BSK_ZONE_GRAVEYARD;
                terrains += table.entries[m.units[i].slot].type == BSK_TYPE_TERRAIN &&
                            m.units[i].zone == BSK_ZONE_EXTRA;
            }
        }
        ck_assert(m.result.over);
        ck_assert(!m.result.cap_actions);
        capped += m.result.by_cap;
        /* a replay from the seed with the same actions passes through every hash */
        ck_assert_int_eq(bsk_match_new(&replay, &table, &format.squad, decks, (uint64_t)g, g % 3, &error), BSK_OK);
        for (int i = 0; i < steps; i++) {
            ck_assert_int_eq(bsk_match_apply(&replay, &table, &played[i], NULL, &error), BSK_OK);
            ck_assert(bsk_match_hash(&replay) == hashes[i]);
        }
    }
    ck_assert_int_lt(capped, 1000);
    /* the games seated symbiotes, lost some with their hosts and put terrains in the extra zone */
    ck_assert_int_gt(seated, 0);
    ck_assert_int_gt(died_with_host, 0);
    ck_assert_int_gt(terrains, 0);
}
END_TEST

/* Issue 22, 545.7, 409.2: a limited feature's execution markers are state (bsk_match.used): none
 * hashes as before, a marker is hashed and copied with the match; spent, the feature leaves the
 * legal list and its declaration is refused naming 545.7; the Untap step of the next turn takes the
 * "X раз за ход" markers away. */
START_TEST(test_545_7_limit_markers_in_the_state)
{
    feature_cards_setup();
    static bsk_card_table table;
    static bsk_match m, copy;
    bsk_position pos = {0};
    int u = put_unit(&pos, &TRIGGERED_A, 1, "c2");
    put(&pos, &WARRIOR, 1, "a1"); /* can still move: the Choice is asked after the feature */
    put(&pos, &WARRIOR, 2, "e6");
    bsk_card_table_init(&table);
    bsk_feature f =
        bsk_feature_simple(BSK_FEATURE_ACTIVATED, BSK_EVENT_NONE, BSK_OP_GAIN_COUNTERS, BSK_TARGET_SELF, 1, 0, 0, 0);
    f.limit_per = BSK_LIMIT_TURN;
    f.limit_count = 1;
    give(&table, &TRIGGERED_A, f);
    start(&m, &table, &pos, 3, NULL, 0);
    for (int i = 0; i < m.unit_count; i++)
        ck_assert_uint_eq(m.used[i], 0);
    uint64_t unused = bsk_match_hash(&m);
    ck_assert(offered(&m, &table, BSK_ACT_FEATURE, u, -1));
    act(&m, &table, BSK_ACT_FEATURE, 1, u, -1, -1, 0);
    ck_assert_int_eq(m.units[u].counters, 1);
    ck_assert_int_eq(bsk_match_unit_used(&m, u, 0), 1);
    ck_assert(!offered(&m, &table, BSK_ACT_FEATURE, u, -1));
    bsk_action again = {BSK_ACT_FEATURE, 1, (int8_t)u, -1, -1, 0, -1, -1};
    bsk_error error;
    ck_assert_int_ne(bsk_match_check(&m, &table, &again, &error), BSK_OK);
    ck_assert_str_eq(error.rule, "545.7");
    /* clone = memcpy: the same hash; the marker is in it */
    memcpy(&copy, &m, sizeof m);
    ck_assert(bsk_match_hash(&copy) == bsk_match_hash(&m));
    copy.used[u] = 0;
    ck_assert(bsk_match_hash(&copy) != bsk_match_hash(&m));
    ck_assert(bsk_match_hash(&m) != unused);
    /* 409.2: gone at the next turn's Untap step, the opponent's included */
    act(&m, &table, BSK_ACT_END_TURN, 1, -1, -1, -1, -1);
    ck_assert_int_eq(m.turn, 4);
    ck_assert_int_eq(bsk_match_unit_used(&m, u, 0), 0);
    act(&m, &table, BSK_ACT_END_TURN, 2, -1, -1, -1, -1);
    ck_assert_int_eq(m.turn, 5);
    ck_assert(offered(&m, &table, BSK_ACT_FEATURE, u, -1));
}
END_TEST

/* Issue 22 §1 (branch acquired4), 545.7, 119.2: a limited feature a card acquired is counted on its holder,
 * per acquired entry (bsk_match.acquired_used), hashed only when placed, apart from the source card's own
 * count, and its per-turn markers go at the Untap step (409.2). */
START_TEST(test_545_7_acquired_limit_markers_in_the_state)
{
    feature_cards_setup();
    static bsk_card_table table;
    static bsk_match m, copy;
    bsk_position pos = {0};
    int source = put_unit(&pos, &TRIGGERED_A, 1, "c2");
    int holder = put_unit(&pos, &WARRIOR, 1, "a1");
    put(&pos, &WARRIOR, 2, "e6");
    bsk_card_table_init(&table);
    bsk_feature f =
        bsk_feature_simple(BSK_FEATURE_ACTIVATED, BSK_EVENT_NONE, BSK_OP_GAIN_COUNTERS, BSK_TARGET_SELF, 1, 0, 0, 0);
    f.limit_per = BSK_LIMIT_TURN;
    f.limit_count = 1;
    give(&table, &TRIGGERED_A, f);
    start(&m, &table, &pos, 3, NULL, 0);
    int k = engine_acquire(&m, &table, holder, m.units[source].slot, 0, BSK_ACQUIRED_BATTLE) + BSK_FEATURE_ACQUIRED;
    ck_assert_int_eq(k, BSK_FEATURE_ACQUIRED);
    uint64_t unused = bsk_match_hash(&m);
    act(&m, &table, BSK_ACT_FEATURE, 1, holder, -1, -1, k);
    ck_assert_int_eq(m.units[holder].counters, 1);
    ck_assert_int_eq(engine_acquired_markers(&m, 0), 1);
    ck_assert_uint_eq(m.used[holder], 0);
    ck_assert_uint_eq(m.used[source], 0);
    bsk_action again = {BSK_ACT_FEATURE, 1, (int8_t)holder, -1, -1, (int8_t)k, -1, -1};
    bsk_error error;
    ck_assert_int_ne(bsk_match_check(&m, &table, &again, &error), BSK_OK);
    ck_assert_str_eq(error.rule, "545.7");
    ck_assert(offered(&m, &table, BSK_ACT_FEATURE, source, -1)); /* the source card's own count is apart */
    memcpy(&copy, &m, sizeof m);
    ck_assert(bsk_match_hash(&copy) == bsk_match_hash(&m));
    memset(copy.acquired_used, 0, sizeof copy.acquired_used);
    ck_assert(bsk_match_hash(&copy) != bsk_match_hash(&m)); /* the marker is in the hash */
    ck_assert(bsk_match_hash(&m) != unused);
    act(&m, &table, BSK_ACT_END_TURN, 1, -1, -1, -1, -1);
    ck_assert_int_eq(engine_acquired_markers(&m, 0), 0); /* 409.2 */
}
END_TEST

/* 501.13.1, 545.7 (02 §5 #12): a limited "on death" feature resolves from the graveyard and its
 * execution marker is placed there, on the dead card, which keeps it (205.4). */
START_TEST(test_501_13_1_marker_placed_on_a_dead_card)
{
    feature_cards_setup();
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &WARRIOR, 1, "c3");
    put(&pos, &TRIGGERED_B, 2, "c4"); /* on death: 2 wounds to every enemy creature, 1 per battle */
    put(&pos, &WARRIOR, 1, "a1");
    put(&pos, &WARRIOR, 2, "e6");
    pos.cards[1].wounds = 2;
    int dice[2] = {5, 3}; /* 5:3, +2: medium 2 on B (dies); step down kept */
    bsk_card_table_init(&table);
    bsk_feature f = on_death_wound_all(2);
    f.limit_per = BSK_LIMIT_BATTLE;
    f.limit_count = 1;
    give(&table, &TRIGGERED_B, f);
    start(&m, &table, &pos, 1, dice, 2);
    act(&m, &table, BSK_ACT_ATTACK, 1, 0, 1, -1, -1);
    act(&m, &table, BSK_ACT_STEP_DOWN, 1, -1, -1, -1, 0); /* 515.3: the exchange kept */
    ck_assert_int_eq(m.units[1].zone, BSK_ZONE_GRAVEYARD);
    ck_assert_int_eq(m.units[0].wounds, 1 + 2); /* the counter-strike's 1, then its 2 from the graveyard */
    ck_assert_int_eq(m.units[2].wounds, 2);
    ck_assert_int_eq(bsk_match_unit_used(&m, 1, 0), 1);
}
END_TEST

/* DESIGN §5: the canonical hash is pinned so it is the same on every machine and compiler. */
START_TEST(test_hash_golden)
{
    static bsk_card_table table;
    static bsk_match m;
    static bsk_action legal[BSK_MATCH_LEGAL_MAX];
    bsk_match_deck decks[2] = {{NULL, 0, false}, {NULL, 0, false}};
    decks_setup(decks);
    bsk_format format;
    bsk_format_init_defaults(&format);
    bsk_error error;
    bsk_card_table_init(&table);
    ck_assert_int_eq(bsk_match_new(&m, &table, &format.squad, decks, 12345, 1, &error), BSK_OK);
    char text[17];
    bsk_match_hash_format(bsk_match_hash(&m), text);
    ck_assert_str_eq(text, GOLDEN_START);
    bsk_agent agents[2];
    bsk_agent_init(&agents[0], BSK_AGENT_RANDOM, 1, 1);
    bsk_agent_init(&agents[1], BSK_AGENT_RANDOM, 2, 2);
    ck_assert_int_eq(bsk_agents_play(&m, &table, agents, legal, NULL, &error), BSK_OK);
    bsk_match_hash_format(bsk_match_hash(&m), text);
    ck_assert_str_eq(text, GOLDEN_END);
}
END_TEST

Suite *match_suite(void)
{
    Suite *s = suite_create("match");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, test_515_3_attacker_plus1_weak);
    tcase_add_test(tc, test_545_7_limit_markers_in_the_state);
    tcase_add_test(tc, test_545_7_acquired_limit_markers_in_the_state); /* branch acquired4 */
    tcase_add_test(tc, test_501_13_1_marker_placed_on_a_dead_card);
    tcase_add_test(tc, test_515_3_attacker_plus2_exchange_medium_weak);
    tcase_add_test(tc, test_515_3_attacker_plus2_step_down_weak_no_counter);
    tcase_add_test(tc, test_515_3_attacker_plus3_medium);
    tcase_add_test(tc, test_515_3_attacker_plus4_exchange_strong_weak);
    tcase_add_test(tc, test_515_3_attacker_plus4_step_down_medium);
    tcase_add_test(tc, test_515_3_attacker_plus5_strong);
    tcase_add_test(tc, test_515_3_defender_plus1_attacker_weak);
    tcase_add_test(tc, test_515_3_defender_plus2_both_miss);
    tcase_add_test(tc, test_515_3_defender_plus3_counter_weak);
    tcase_add_test(tc, test_515_3_defender_plus4_exchange_weak_medium);
    tcase_add_test(tc, test_515_3_defender_plus4_step_down_counter_weak);
    tcase_add_test(tc, test_515_3_defender_plus5_counter_medium);
    tcase_add_test(tc, test_515_3_tie_4_attacker_weak);
    tcase_add_test(tc, test_515_3_tie_5_defender_weak);
    tcase_add_test(tc, test_515_6_closed_card_3_weak);
    tcase_add_test(tc, test_515_6_closed_card_5_medium);
    tcase_add_test(tc, test_515_6_closed_card_6_strong);
    tcase_add_test(tc, test_515_7_own_card_one_die);
    tcase_add_test(tc, test_212_3_artifact_as_closed);
    tcase_add_test(tc, test_509_1_death_and_601_2_win);
    tcase_add_test(tc, test_601_3_both_last_creatures_die_draw);
    tcase_add_test(tc, test_514_4_guard_adjacent_to_both_redirects_and_taps);
    tcase_add_test(tc, test_514_2_no_guard_question_without_a_guard);
    tcase_add_test(tc, test_510_1_can_act_one_test_for_guards_and_declarations);
    tcase_add_test(tc, test_506_move_one_orthogonal_step_per_point);
    tcase_add_test(tc, test_210_5_ground_strikes_flyer_only_after_tapping);
    tcase_add_test(tc, test_547_2_3_strike_across_a_row);
    tcase_add_test(tc, test_547_2_2_shot_range_not_adjacent_one_die);
    tcase_add_test(tc, test_201_2_4_an_exiled_card_attacks_from_nowhere);
    tcase_add_test(tc, test_finishing_blow_destroys_3_life);
    tcase_add_test(tc, test_finishing_blow_spares_4_life);
    tcase_add_test(tc, test_finishing_blow_steadfastness);
    tcase_add_test(tc, test_404_1_engine_tiers_match_the_placement_library);
    tcase_add_test(tc, test_403_ready_squad_skips_deal_and_recruitment);
    tcase_add_test(tc, test_view_hides_face_down_cards_and_determinises);
    tcase_add_test(tc, test_403_404_copies_are_one_choice);
    tcase_add_test(tc, test_403_1_before_recruitment_step);
    tcase_add_test(tc, test_403_1_1_before_recruitment_takes_into_squad);
    tcase_add_test(tc, test_402_3_swapped_seats_deal_each_deck_the_same);
    tcase_add_test(tc, test_547_2_cell_sets_match_the_distances);
    tcase_add_test(tc, test_chance_fight_outcomes_match_the_hit_table_and_the_real_fight);
    tcase_add_test(tc, test_chance_outcomes_under_a_strength_named_reduction);
    tcase_add_test(tc, test_chance_two_dice_of_one_roller);
    tcase_add_test(tc, test_chance_one_die_against_a_closed_card);
    tcase_add_test(tc, test_305_1_simultaneous_deaths_non_active_resolves_first);
    tcase_add_test(tc, test_305_1_player_orders_own_triggers);
    tcase_add_test(tc, test_116_7_feature_question_use_then_choose);
    tcase_add_test(tc, test_116_7_declined_trigger_not_declared);
    tcase_add_test(tc, test_choose_answers_round_trip_through_records);
    tcase_add_test(tc, test_512_6_3_cancelled_strike_is_paid);
    tcase_add_test(tc, test_303_6_instant_answer_resolves_before_the_declaration);
    suite_add_tcase(s, tc);
    TCase *props = tcase_create("properties");
    tcase_set_timeout(props, 120);
    tcase_add_test(props, test_property_random_games_clone_replay_invariants);
    tcase_add_test(props, test_hash_golden);
    tcase_add_test(props, test_402_4_redeal_without_gold_loses);
    tcase_add_test(props, test_403_2_5_no_legal_squad_loses);
    tcase_add_test(props, test_403_2_5_both_without_a_squad_draw);
    suite_add_tcase(s, props);
    return s;
}
