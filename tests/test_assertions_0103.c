/* test_assertions_0103.c — digest assertions (01 §10.8–10.10, 03 §T) that a position file cannot
 * express today: a symbiote named as an actor or a target (it shares its host's cell), priority
 * inside the windows of 303 and 512 (synthetic instant features), and the first turn after a
 * whole preliminary phase, and the zero rule on the magnitude pipeline (523.1), which no card
 * feature feeds yet. Listed in tests/positions/ASSERTIONS.md. Cells are global. */
#include "berserk/agent.h"
#include "berserk/board.h"
#include "berserk/match.h"
#include "../lib/src/engine/engine.h"
#include "engine_fixture.h"
#include "suites.h"

#include <stdio.h>
#include <string.h>

/* The shooters: "{tap}: shot 1-2-3" with no printed range (any range, 547.2.2 still applies). */
static bsk_card GROUND, SHOOTER, COMPANION, PARASITE, PARASITE_SHOOTER, INSTANT;

static void cards_setup(void)
{
    GROUND = make_card("a-1", "Пехотинец", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 3, false, 10, 2, 1, 2, 3);
    SHOOTER = make_card("a-2", "Лучник", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 3, false, 10, 2, 1, 2, 3);
    add_attack(&SHOOTER, BSK_KEYWORD_SHOT, BSK_ACTIVATION_TAP, 1, 2, 3, 0);
    COMPANION = make_card("a-3", "Спутник", BSK_TYPE_CREATURE, BSK_SUBTYPE_COMPANION, 3, false, 5, -1, 1, 2, 2);
    PARASITE = make_card("a-4", "Клещ", BSK_TYPE_CREATURE, BSK_SUBTYPE_PARASITE, 3, false, 5, -1, 1, 2, 2);
    PARASITE_SHOOTER = make_card("a-5", "Плевун", BSK_TYPE_CREATURE, BSK_SUBTYPE_PARASITE, 3, false, 5, -1, 1, 2, 2);
    add_attack(&PARASITE_SHOOTER, BSK_KEYWORD_SHOT, BSK_ACTIVATION_TAP, 1, 2, 3, 0);
    INSTANT = make_card("a-6", "Колдун", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 3, false, 10, 2, 1, 1, 1);
}

/* ---- 01 §10.8 #80, #87; 03 T04: symbiotes (211.9–211.11, 547.2.2) ---- */

/* 211.9: a symbiote and its host stand next to each other, so the first player's parasite
 * seated on the second player's creature may strike its host (one die per side: a fight). */
START_TEST(test_211_9_parasite_strikes_its_host)
{
    cards_setup();
    static bsk_card_table table;
    bsk_card_table_init(&table);
    bsk_match m;
    bsk_position pos = {0};
    int host = put_unit(&pos, &GROUND, 2, "c4");
    int parasite = put_unit(&pos, &PARASITE, 1, "c4+");
    put(&pos, &GROUND, 1, "a1");
    put(&pos, &GROUND, 2, "e6");
    int dice[2] = {6, 1}; /* +5: strong 2, no counter-strike */
    start(&m, &table, &pos, 3, dice, 2);
    ck_assert_int_eq(m.units[parasite].host, host);
    ck_assert(offered(&m, &table, BSK_ACT_ATTACK, parasite, host));
    act(&m, &table, BSK_ACT_ATTACK, 1, parasite, host, -1, -1);
    ck_assert_int_eq(m.units[host].wounds, 2);
    ck_assert_int_eq(m.units[parasite].wounds, 0);
    ck_assert_int_eq(bsk_match_dice_left(&m), 0);
}
END_TEST

/* 211.10, 211.11: a symbiote declares no movement; it goes where its host goes. */
START_TEST(test_211_10_symbiote_declares_no_movement)
{
    cards_setup();
    static bsk_card_table table;
    bsk_card_table_init(&table);
    bsk_match m;
    bsk_position pos = {0};
    int host = put_unit(&pos, &GROUND, 1, "c2");
    int companion = put_unit(&pos, &COMPANION, 1, "c2+");
    put(&pos, &GROUND, 2, "e6");
    start(&m, &table, &pos, 3, NULL, 0);
    ck_assert(offered(&m, &table, BSK_ACT_MOVE, host, FIXTURE_ANY));
    ck_assert(!offered(&m, &table, BSK_ACT_MOVE, companion, FIXTURE_ANY));
    bsk_action move = {BSK_ACT_MOVE, 1, (int8_t)companion, -1, (int8_t)cell("b2"), -1, -1, -1};
    bsk_error error;
    ck_assert_int_ne(bsk_match_check(&m, &table, &move, &error), BSK_OK);
    act(&m, &table, BSK_ACT_MOVE, 1, host, -1, cell("b2"), -1);
    ck_assert_int_eq(m.units[companion].cell, cell("b2"));
}
END_TEST

/* 547.2.2, 211.9 (digest 03 T04): a host and its symbiote share a cell and stand next to each
 * other, so neither may shoot the other, while both may shoot a card farther away. */
START_TEST(test_547_2_2_host_and_symbiote_cannot_shoot_each_other)
{
    cards_setup();
    static bsk_card_table table;
    bsk_card_table_init(&table);
    bsk_match m;
    bsk_position pos = {0};
    int host = put_unit(&pos, &SHOOTER, 1, "c3");
    int parasite = put_unit(&pos, &PARASITE_SHOOTER, 2, "c3+"); /* the second player's parasite on it */
    int far = put_unit(&pos, &GROUND, 2, "c6");
    int back = put_unit(&pos, &GROUND, 1, "a1");
    start(&m, &table, &pos, 3, NULL, 0);
    ck_assert(offered(&m, &table, BSK_ACT_ABILITY, host, far));
    ck_assert(!offered(&m, &table, BSK_ACT_ABILITY, host, parasite));
    ck_assert(offered(&m, &table, BSK_ACT_ATTACK, host, parasite)); /* a simple strike is fine (211.9) */
    /* the second player's turn: the parasite may not shoot its host either */
    act(&m, &table, BSK_ACT_END_TURN, 1, -1, -1, -1, -1);
    ck_assert_int_eq(bsk_match_to_act(&m), 2);
    ck_assert(!offered(&m, &table, BSK_ACT_ABILITY, parasite, host));
    ck_assert(offered(&m, &table, BSK_ACT_ABILITY, parasite, back));
}
END_TEST

/* ---- 01 §10.9 #98, #103, #104, #105: priority in the windows (303, 304, 407.2) ---- */

/* After the active player's strike is declared: the active player holds priority (407.2,
 * 303.1), only fast actions may be declared while the queue is not empty (304.1, 303.3 a),
 * declaring one keeps priority (303.3), and after two passes the last declared resolves first
 * (303.7, 302.4). In the Calculation step the active player again holds priority first. */
START_TEST(test_303_3_window_active_first_fast_only_declaring_keeps_priority)
{
    cards_setup();
    static bsk_card_table table;
    bsk_card_table_init(&table);
    give(&table, &INSTANT, instant_wound(1));
    bsk_match m;
    bsk_position pos = {0};
    int attacker = put_unit(&pos, &GROUND, 1, "c3");
    int target = put_unit(&pos, &GROUND, 2, "c4");
    int caster_a = put_unit(&pos, &INSTANT, 1, "a1");
    int caster_b = put_unit(&pos, &INSTANT, 1, "b1");
    int enemy_caster = put_unit(&pos, &INSTANT, 2, "e6");
    put(&pos, &GROUND, 1, "e1");
    int dice[2] = {4, 3}; /* +1: weak 1 */
    start(&m, &table, &pos, 3, dice, 2);
    act(&m, &table, BSK_ACT_ATTACK, 1, attacker, target, -1, -1);
    /* the Choice subphase's window: the active player first, fast actions only */
    ck_assert_int_eq(bsk_match_to_act(&m), 1);
    bsk_action legal[BSK_MATCH_LEGAL_MAX];
    int n = bsk_match_legal(&m, &table, legal, BSK_MATCH_LEGAL_MAX);
    ck_assert_int_gt(n, 1);
    for (int i = 0; i < n; i++)
        ck_assert_msg(legal[i].kind == BSK_ACT_FEATURE || legal[i].kind == BSK_ACT_PASS,
                      "a slow %s offered while the queue holds the strike", bsk_action_kind_id(legal[i].kind));
    act(&m, &table, BSK_ACT_FEATURE, 1, caster_a, target, -1, 0);
    ck_assert_int_eq(bsk_match_to_act(&m), 1); /* 303.3: still the active player's priority */
    ck_assert(offered(&m, &table, BSK_ACT_FEATURE, caster_b, FIXTURE_ANY));
    act(&m, &table, BSK_ACT_PASS, 1, -1, -1, -1, -1);
    ck_assert_int_eq(bsk_match_to_act(&m), 2);
    ck_assert(offered(&m, &table, BSK_ACT_FEATURE, enemy_caster, FIXTURE_ANY));
    act(&m, &table, BSK_ACT_PASS, 2, -1, -1, -1, -1);
    /* the wound (declared last) resolved before the strike: no die rolled yet */
    ck_assert_int_eq(m.units[target].wounds, 1);
    ck_assert_int_eq(bsk_match_dice_left(&m), 0); /* the strike rolled in its die-roll step */
    /* the Calculation step's window: the active player first again */
    ck_assert_int_eq(bsk_match_to_act(&m), 1);
    ck_assert(offered(&m, &table, BSK_ACT_FEATURE, caster_b, FIXTURE_ANY));
    act(&m, &table, BSK_ACT_PASS, 1, -1, -1, -1, -1);
    ck_assert_int_eq(bsk_match_to_act(&m), 2);
    act(&m, &table, BSK_ACT_PASS, 2, -1, -1, -1, -1);
    ck_assert_int_eq(m.units[target].wounds, 2);
    ck_assert_int_eq(m.units[attacker].wounds, 0);
}
END_TEST

/* 408.1, 303.3 b: no feature may be declared in the Beginning phase: after the turn passes, the
 * new active player is asked first in the Choice subphase, though the other player holds an
 * instant feature. */
START_TEST(test_408_1_no_window_in_the_beginning_phase)
{
    cards_setup();
    static bsk_card_table table;
    bsk_card_table_init(&table);
    give(&table, &INSTANT, instant_wound(1));
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &INSTANT, 1, "c2");
    put(&pos, &GROUND, 2, "c5");
    start(&m, &table, &pos, 3, NULL, 0);
    act(&m, &table, BSK_ACT_END_TURN, 1, -1, -1, -1, -1);
    ck_assert_int_eq(m.turn, 4);
    ck_assert_int_eq(m.phase, BSK_PHASE_CHOICE);
    ck_assert_int_eq(bsk_match_to_act(&m), 2);
    ck_assert(offered(&m, &table, BSK_ACT_END_TURN, -1, -1));
}
END_TEST

/* ---- 03 T30, T45: the source or the target leaves while the action is on the stack ---- */

/* 526.1 (T30): the attacker is destroyed by an instant action in the Calculation step: the
 * strike is interrupted and applies nothing, though its dice said strong. */
START_TEST(test_526_1_source_destroyed_in_calculation_step_applies_nothing)
{
    cards_setup();
    static bsk_card_table table;
    bsk_card_table_init(&table);
    give(&table, &INSTANT, instant_wound(10));
    bsk_match m;
    bsk_position pos = {0};
    int attacker = put_unit(&pos, &GROUND, 1, "c3");
    int target = put_unit(&pos, &GROUND, 2, "c4");
    int caster = put_unit(&pos, &INSTANT, 2, "e6");
    put(&pos, &GROUND, 1, "a1");
    int dice[2] = {6, 1}; /* +5: strong 3, no counter-strike */
    start(&m, &table, &pos, 3, dice, 2);
    act(&m, &table, BSK_ACT_ATTACK, 1, attacker, target, -1, -1);
    ck_assert_int_eq(bsk_match_to_act(&m), 2); /* the Choice window; the active player had nothing */
    act(&m, &table, BSK_ACT_PASS, 2, -1, -1, -1, -1);
    ck_assert_int_eq(bsk_match_dice_left(&m), 0); /* rolled: now in the Calculation step's window */
    ck_assert_int_eq(bsk_match_to_act(&m), 2);
    act(&m, &table, BSK_ACT_FEATURE, 2, caster, attacker, -1, 0);
    if (bsk_match_to_act(&m) == 2)
        act(&m, &table, BSK_ACT_PASS, 2, -1, -1, -1, -1);
    ck_assert_int_eq(m.units[attacker].zone, BSK_ZONE_GRAVEYARD);
    ck_assert_int_eq(m.units[target].wounds, 0);
}
END_TEST

/* 529.4, 529.8, 528.8 (T45): a shot whose target dies while the shot waits on the stack is removed
 * at its legality-check step without payment: the shooter stays open. */
START_TEST(test_529_4_shot_at_a_dead_target_removed_unpaid)
{
    cards_setup();
    static bsk_card_table table;
    bsk_card_table_init(&table);
    give(&table, &INSTANT, instant_wound(10));
    bsk_match m;
    bsk_position pos = {0};
    int shooter = put_unit(&pos, &SHOOTER, 1, "c2");
    int target = put_unit(&pos, &GROUND, 2, "c5");
    int caster = put_unit(&pos, &INSTANT, 1, "a1");
    put(&pos, &GROUND, 2, "e6");
    start(&m, &table, &pos, 3, NULL, 0);
    act(&m, &table, BSK_ACT_ABILITY, 1, shooter, target, -1, 0);
    ck_assert_int_eq(bsk_match_to_act(&m), 1);
    act(&m, &table, BSK_ACT_FEATURE, 1, caster, target, -1, 0); /* declared last: resolves first */
    while (bsk_match_to_act(&m) == 1 && m.question != 0 && !offered(&m, &table, BSK_ACT_END_TURN, -1, -1))
        act(&m, &table, BSK_ACT_PASS, 1, -1, -1, -1, -1);
    ck_assert_int_eq(m.units[target].zone, BSK_ZONE_GRAVEYARD);
    ck_assert(!(m.units[shooter].flags & BSK_UNIT_TAPPED));
    ck_assert_int_eq(m.units[shooter].actions, 0);
    ck_assert(!bsk_match_dice_exhausted(&m)); /* no die rolled for the shot */
    ck_assert(offered(&m, &table, BSK_ACT_ABILITY, shooter, FIXTURE_ANY)); /* it may shoot again */
}
END_TEST

/* ---- 01 §10.9 #96: the first turn of the Battle phase is the first player's (407.1) ---- */

START_TEST(test_407_1_first_turn_is_the_first_players)
{
    cards_setup();
    static const bsk_card *deck[30];
    for (int i = 0; i < 30; i++)
        deck[i] = &GROUND;
    bsk_match_deck decks[2] = {{deck, 30, false}, {deck, 30, false}};
    bsk_format format;
    bsk_format_init_defaults(&format);
    static bsk_card_table table;
    static bsk_action legal[BSK_MATCH_LEGAL_MAX];
    for (int seed = 0; seed < 20; seed++) {
        bsk_card_table_init(&table);
        static bsk_match m;
        bsk_error error;
        ck_assert_int_eq(bsk_match_new(&m, &table, &format.squad, decks, (uint64_t)seed, 0, &error), BSK_OK);
        bsk_agent agents[2];
        bsk_agent_init(&agents[0], BSK_AGENT_RANDOM, 1, (uint64_t)seed + 5);
        bsk_agent_init(&agents[1], BSK_AGENT_RANDOM, 2, (uint64_t)seed + 7);
        while (bsk_match_to_act(&m) && m.turn == 0) {
            int n = bsk_match_legal(&m, &table, legal, BSK_MATCH_LEGAL_MAX);
            int k = bsk_agent_choose(&agents[bsk_match_to_act(&m) - 1], NULL, &table, legal, n);
            ck_assert_int_eq(bsk_match_apply(&m, &table, &legal[k], NULL, &error), BSK_OK);
        }
        if (m.result.over)
            continue;
        ck_assert_int_eq(m.turn, 1);
        ck_assert_int_ne(m.first, 0);
        ck_assert_int_eq(m.active, m.first);
        ck_assert_int_eq(bsk_match_to_act(&m), m.first);
    }
}
END_TEST

/* Digest 03 T13: an attack value of 2 with modifiers totalling −3 is 0, not −1 (523.1, 520.8). */
START_TEST(test_523_1_value_2_with_minus_3_is_0)
{
    const int values[3] = {2, 2, 2};
    engine_magnitude_mod minus[] = {
        {MAGNITUDE_ADD, MAGNITUDE_FROM_OPPONENT_SIDE, -2, 1},
        {MAGNITUDE_ADD, MAGNITUDE_FROM_TARGET, -1, 1},
    };
    int strength = STRENGTH_MEDIUM;
    ck_assert_int_eq(engine_magnitude_pipeline(values, &strength, minus, 2), 0);
    ck_assert_int_eq(engine_magnitude_pipeline(values, &strength, minus, 1), 0); /* −2: exactly 0 */
}
END_TEST

Suite *assertions0103_suite(void)
{
    Suite *suite = suite_create("assertions0103");
    TCase *symbiotes = tcase_create("symbiotes");
    tcase_add_test(symbiotes, test_211_9_parasite_strikes_its_host);
    tcase_add_test(symbiotes, test_211_10_symbiote_declares_no_movement);
    tcase_add_test(symbiotes, test_547_2_2_host_and_symbiote_cannot_shoot_each_other);
    suite_add_tcase(suite, symbiotes);
    TCase *priority = tcase_create("priority");
    tcase_add_test(priority, test_303_3_window_active_first_fast_only_declaring_keeps_priority);
    tcase_add_test(priority, test_408_1_no_window_in_the_beginning_phase);
    tcase_add_test(priority, test_526_1_source_destroyed_in_calculation_step_applies_nothing);
    tcase_add_test(priority, test_529_4_shot_at_a_dead_target_removed_unpaid);
    suite_add_tcase(suite, priority);
    TCase *zero = tcase_create("zero");
    tcase_add_test(zero, test_523_1_value_2_with_minus_3_is_0);
    suite_add_tcase(suite, zero);
    TCase *turns = tcase_create("turns");
    tcase_add_test(turns, test_407_1_first_turn_is_the_first_players);
    suite_add_tcase(suite, turns);
    return suite;
}
