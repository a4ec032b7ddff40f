/* test_assertions_02.c — digest 02 §5 assertions that a position file cannot express: states in
 * the middle of an execution (the tap paid at payment, 501.9), answers in priority windows (515.6
 * target closed after the declaration, 512.6.6 source gone before the Calculation step, 506.2
 * movement only in the Choice subphase), a feature naming no target (502.4), markers the position
 * output does not show (510.4, 510.5), event order (503.3) and properties over random games (508.3,
 * 508.5.1), and the magnitude pipeline's order (520.2), which no card feature feeds yet. Synthetic
 * cards with fixed dice; cells are global (DESIGN §2). */
#include "berserk/agent.h"
#include "berserk/match.h"
#include "berserk/placement.h"
#include "../lib/src/engine/engine.h"
#include "engine_fixture.h"
#include "suites.h"

#include <stdio.h>
#include <string.h>

/* ---- synthetic cards ---- */

/* WARRIOR 1-2-3, life 10, movement 2; GUARDIAN 2-3-4, life 8; SNIPER gets an instant feature
 * per test; BLASTER a slow {tap} feature. */
static bsk_card WARRIOR, GUARDIAN, SNIPER, BLASTER, MOVER;

static void cards_setup(void)
{
    WARRIOR = make_card("t-1", "Воин", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 3, false, 10, 2, 1, 2, 3);
    GUARDIAN = make_card("t-5", "Страж", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 3, false, 8, 1, 2, 3, 4);
    SNIPER = make_card("t-13", "Снайпер", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 3, false, 8, 1, 1, 1, 1);
    BLASTER = make_card("t-15", "Подрывник", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 3, false, 8, 1, 1, 1, 1);
    MOVER = make_card("t-16", "Ходок", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 3, false, 8, 2, 1, 1, 1);
}

/* ---- 501.9, 510.2: the {tap} is reserved at the Legality step and paid at payment ---- */

START_TEST(test_501_9_attacker_taps_only_at_payment)
{
    cards_setup();
    static bsk_card_table table;
    bsk_card_table_init(&table);
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &WARRIOR, 1, "c3");
    put(&pos, &GUARDIAN, 2, "c4");
    put(&pos, &WARRIOR, 1, "a1");
    put(&pos, &WARRIOR, 2, "e6");
    int dice[2] = {5, 3}; /* +2: an exchange, so the step-down question stops the Die-roll step */
    start(&m, &table, &pos, 1, dice, 2);
    act(&m, &table, BSK_ACT_ATTACK, 1, 0, 1, -1, -1);
    ck_assert_int_eq(bsk_match_to_act(&m), 1);
    ck_assert(offered(&m, &table, BSK_ACT_STEP_DOWN, -1, FIXTURE_ANY));
    /* in the middle of its execution the attacker is still open, without an action marker */
    ck_assert(!(m.units[0].flags & BSK_UNIT_TAPPED));
    ck_assert_int_eq(m.units[0].actions, 0);
    act(&m, &table, BSK_ACT_STEP_DOWN, 1, -1, -1, -1, 0);
    ck_assert(m.units[0].flags & BSK_UNIT_TAPPED); /* 512.7: paid */
    ck_assert_int_eq(m.units[0].actions, 1);
    ck_assert_int_eq(m.units[1].wounds, 2);
    ck_assert_int_eq(m.units[0].wounds, 2);
}
END_TEST

/* ---- 506.2: only the active player moves, only in the Choice subphase ---- */

START_TEST(test_506_2_non_active_player_cannot_move)
{
    cards_setup();
    static bsk_card_table table;
    bsk_card_table_init(&table);
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &WARRIOR, 1, "c2");
    put(&pos, &WARRIOR, 2, "c5");
    start(&m, &table, &pos, 1, NULL, 0);
    ck_assert_int_eq(bsk_match_to_act(&m), 1);
    ck_assert(try_act(&m, &table, BSK_ACT_MOVE, 2, 1, -1, cell("c6"), -1, NULL) != BSK_OK);
    ck_assert_int_eq(m.units[1].cell, cell("c5"));
    act(&m, &table, BSK_ACT_MOVE, 1, 0, -1, cell("c1"), -1); /* the active player may */
    ck_assert_int_eq(m.units[0].cell, cell("c1"));
}
END_TEST

START_TEST(test_506_2_no_movement_in_a_priority_window)
{
    cards_setup();
    static bsk_card_table table;
    bsk_card_table_init(&table);
    give(&table, &SNIPER, instant_wound(1));
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &WARRIOR, 1, "c3");
    put(&pos, &WARRIOR, 2, "c4");
    put(&pos, &SNIPER, 1, "e1"); /* gives the active player a fast action, so a window opens */
    put(&pos, &WARRIOR, 1, "a2");
    put(&pos, &WARRIOR, 2, "a6");
    int dice[2] = {4, 3};
    start(&m, &table, &pos, 1, dice, 2);
    act(&m, &table, BSK_ACT_ATTACK, 1, 0, 1, -1, -1);
    /* the window after the declaration: the active player holds priority, the queue is not empty */
    ck_assert_int_eq(bsk_match_to_act(&m), 1);
    ck_assert(offered(&m, &table, BSK_ACT_FEATURE, 2, FIXTURE_ANY));
    ck_assert(!offered(&m, &table, BSK_ACT_MOVE, 3, FIXTURE_ANY));
    ck_assert(try_act(&m, &table, BSK_ACT_MOVE, 1, 3, -1, cell("a3"), -1, NULL) != BSK_OK);
    ck_assert_int_eq(m.units[3].cell, cell("a2"));
}
END_TEST

/* ---- 506.5, 510.5: a card that acts loses its whole movement allowance ---- */

START_TEST(test_510_5_acting_card_has_no_movement_left)
{
    cards_setup();
    static bsk_card_table table;
    bsk_card_table_init(&table);
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &WARRIOR, 1, "c3"); /* movement 2 */
    put(&pos, &WARRIOR, 2, "c4");
    put(&pos, &WARRIOR, 1, "a1");
    put(&pos, &WARRIOR, 2, "a6");
    int dice[2] = {4, 3};
    start(&m, &table, &pos, 1, dice, 2);
    ck_assert_int_eq(m.units[0].move_left, 2);
    act(&m, &table, BSK_ACT_ATTACK, 1, 0, 1, -1, -1);
    ck_assert_int_eq(m.units[0].move_left, 0);
    ck_assert(!offered(&m, &table, BSK_ACT_MOVE, 0, FIXTURE_ANY));
}
END_TEST

/* ---- 510.4: action markers stay on a card that dies and go at the next Untap step ---- */

START_TEST(test_510_4_dead_card_keeps_action_marker_until_untap)
{
    cards_setup();
    static bsk_card_table table;
    bsk_card_table_init(&table);
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &WARRIOR, 1, "c3")->wounds = 9; /* 1 life left */
    put(&pos, &GUARDIAN, 2, "c4");
    put(&pos, &WARRIOR, 1, "a1");
    int dice[2] = {5, 3}; /* +2: medium 2 on the guardian, weak 2 back: the attacker dies */
    start(&m, &table, &pos, 1, dice, 2);
    act(&m, &table, BSK_ACT_ATTACK, 1, 0, 1, -1, -1);
    act(&m, &table, BSK_ACT_STEP_DOWN, 1, -1, -1, -1, 0);
    ck_assert_int_eq(m.units[0].zone, BSK_ZONE_GRAVEYARD);
    ck_assert_int_eq(m.units[0].actions, 1); /* 501.13.1: the payment still placed it */
    act(&m, &table, BSK_ACT_END_TURN, 1, -1, -1, -1, -1);
    ck_assert_int_eq(m.turn, 2);
    ck_assert_int_eq(m.units[0].actions, 0); /* 409.2: whatever zone the card is in */
}
END_TEST

/* ---- 515.6: a target closed after the declaration does not fight ---- */

START_TEST(test_515_6_target_tapped_after_declaration_one_die)
{
    cards_setup();
    static bsk_card_table table;
    bsk_card_table_init(&table);
    give(&table, &SNIPER, instant_wound(1));
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &WARRIOR, 1, "c3"); /* 1-2-3 */
    put(&pos, &SNIPER, 2, "c4");  /* the target; answers with its {instant}{tap} feature */
    put(&pos, &WARRIOR, 1, "a1");
    int dice[1] = {4}; /* one die: medium 2 */
    start(&m, &table, &pos, 1, dice, 1);
    act(&m, &table, BSK_ACT_ATTACK, 1, 0, 1, -1, -1);
    ck_assert_int_eq(bsk_match_to_act(&m), 2);
    bsk_action answer = find_legal(&m, &table, BSK_ACT_FEATURE, 1, 2);
    bsk_error error;
    ck_assert_int_eq(bsk_match_apply(&m, &table, &answer, NULL, &error), BSK_OK);
    ck_assert_int_eq(bsk_match_to_act(&m), 1); /* the strike is over; the active player chooses again */
    ck_assert_int_eq(m.units[2].wounds, 1);     /* the answer resolved first */
    ck_assert_int_eq(bsk_match_dice_left(&m), 0);
    ck_assert(!bsk_match_dice_exhausted(&m));   /* exactly one die was rolled */
    ck_assert_int_eq(m.units[1].wounds, 2);
    ck_assert_int_eq(m.units[0].wounds, 0);     /* no counter-strike */
}
END_TEST

/* ---- 512.6.6, 526: the source gone before the Calculation step's check: no effect ---- */

START_TEST(test_512_6_6_source_gone_before_calculation_no_effect)
{
    cards_setup();
    static bsk_card_table table;
    bsk_card_table_init(&table);
    give(&table, &SNIPER, instant_wound(9));
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &WARRIOR, 1, "c3")->wounds = 1; /* 9 life left */
    put(&pos, &GUARDIAN, 2, "c4");
    put(&pos, &SNIPER, 2, "e6");
    put(&pos, &WARRIOR, 1, "a1");
    int dice[2] = {4, 1}; /* +3: medium 2 on the guardian, no counter-strike */
    start(&m, &table, &pos, 1, dice, 2);
    act(&m, &table, BSK_ACT_ATTACK, 1, 0, 1, -1, -1);
    ck_assert_int_eq(bsk_match_to_act(&m), 2); /* the window after the declaration */
    act(&m, &table, BSK_ACT_PASS, 2, -1, -1, -1, -1);
    ck_assert_int_eq(bsk_match_to_act(&m), 2); /* the Calculation step's window, after both dice */
    ck_assert_int_eq(bsk_match_dice_left(&m), 0);
    bsk_action answer = find_legal(&m, &table, BSK_ACT_FEATURE, 2, 0);
    bsk_error error;
    ck_assert_int_eq(bsk_match_apply(&m, &table, &answer, NULL, &error), BSK_OK);
    ck_assert_int_eq(m.units[0].zone, BSK_ZONE_GRAVEYARD);
    ck_assert_int_eq(m.units[1].wounds, 0); /* the strike imposed nothing */
    ck_assert_int_eq(bsk_match_to_act(&m), 1);
}
END_TEST

/* ---- 502.4: an ability that names no target has its source as target ---- */

START_TEST(test_502_4_no_target_named_the_source_is_the_target)
{
    cards_setup();
    static bsk_card_table table;
    bsk_card_table_init(&table);
    /* {tap}: heal by 2, no target named */
    give(&table, &BLASTER,
         bsk_feature_simple(BSK_FEATURE_ACTIVATED, BSK_EVENT_NONE, BSK_OP_HEAL, BSK_TARGET_SELF, 2, 1, 0, 0));
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &BLASTER, 1, "c2")->wounds = 3;
    put(&pos, &WARRIOR, 1, "b2")->wounds = 3;
    put(&pos, &WARRIOR, 1, "a1");
    put(&pos, &WARRIOR, 2, "c5");
    start(&m, &table, &pos, 1, NULL, 0);
    bsk_action heal = find_legal(&m, &table, BSK_ACT_FEATURE, 0, FIXTURE_ANY);
    ck_assert_int_eq(heal.target, -1); /* nothing is chosen */
    bsk_error error;
    ck_assert_int_eq(bsk_match_apply(&m, &table, &heal, NULL, &error), BSK_OK);
    ck_assert_int_eq(m.units[0].wounds, 1);
    ck_assert_int_eq(m.units[1].wounds, 3);
    ck_assert(m.units[0].flags & BSK_UNIT_TAPPED);
}
END_TEST

/* ---- 503.3, 509.1: deaths from a multi-target effect come after every target is wounded ---- */

START_TEST(test_509_1_multi_target_deaths_after_every_wound)
{
    cards_setup();
    static bsk_card_table table;
    bsk_card_table_init(&table);
    /* {tap}: 2 wounds to every enemy creature (slow) */
    give(&table, &BLASTER,
         bsk_feature_simple(BSK_FEATURE_ACTIVATED, BSK_EVENT_NONE, BSK_OP_WOUND, BSK_TARGET_EVERY_ENEMY, 2, 1, 0, 0));
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &BLASTER, 1, "c2");
    put(&pos, &WARRIOR, 2, "a4")->wounds = 8; /* 2 life left */
    put(&pos, &WARRIOR, 2, "e4")->wounds = 8;
    put(&pos, &WARRIOR, 2, "c6");
    put(&pos, &WARRIOR, 1, "a1");
    start(&m, &table, &pos, 1, NULL, 0);
    bsk_action blast = find_legal(&m, &table, BSK_ACT_FEATURE, 0, FIXTURE_ANY);
    bsk_event items[32];
    bsk_events events = {items, 0, 32, 0};
    bsk_error error;
    ck_assert_int_eq(bsk_match_apply(&m, &table, &blast, &events, &error), BSK_OK);
    int wounds = 0, deaths = 0;
    for (size_t i = 0; i < events.count; i++) {
        if (items[i].kind == BSK_EVENT_WOUND) {
            ck_assert_msg(deaths == 0, "a card died before every target was wounded");
            wounds++;
        } else if (items[i].kind == BSK_EVENT_DEATH) {
            deaths++;
        }
    }
    ck_assert_int_eq(wounds, 3);
    ck_assert_int_eq(deaths, 2);
    ck_assert_int_eq(m.units[1].zone, BSK_ZONE_GRAVEYARD);
    ck_assert_int_eq(m.units[2].zone, BSK_ZONE_GRAVEYARD);
    ck_assert_int_eq(m.units[3].wounds, 2);
}
END_TEST

/* ---- 508.3, 508.5.1: full life on entering; life is always the maximum minus the wounds ---- */

static const bsk_card *DECK[2][30];

START_TEST(test_508_5_1_life_is_maximum_minus_wounds_in_random_games)
{
    cards_setup();
    bsk_card brute = make_card("t-2", "Громила", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 3, false, 10, 1, 4, 5, 6);
    bsk_card flyer = make_card("t-3", "Гарпия", BSK_TYPE_CREATURE, BSK_SUBTYPE_FLYER, 3, false, 6, 0, 1, 2, 3);
    const bsk_card *kinds[4] = {&WARRIOR, &brute, &flyer, &GUARDIAN};
    bsk_match_deck decks[2] = {{NULL, 0, false}, {NULL, 0, false}};
    for (int p = 0; p < 2; p++) {
        for (int i = 0; i < 30; i++)
            DECK[p][i] = kinds[(i + p) % 4];
        decks[p].cards = DECK[p];
        decks[p].count = 30;
    }
    static bsk_card_table table;
    static bsk_match m;
    static bsk_action legal[BSK_MATCH_LEGAL_MAX];
    bsk_format format;
    bsk_format_init_defaults(&format);
    bsk_error error;
    for (int g = 0; g < 40; g++) {
        bsk_card_table_init(&table);
        ck_assert_int_eq(bsk_match_new(&m, &table, &format.squad, decks, (uint64_t)g + 500, g % 3, &error), BSK_OK);
        bsk_agent agents[2];
        bsk_agent_init(&agents[0], BSK_AGENT_RANDOM, 1, (uint64_t)g + 7);
        bsk_agent_init(&agents[1], BSK_AGENT_RANDOM, 2, (uint64_t)g + 9);
        bool battle = false;
        while (bsk_match_to_act(&m)) {
            if (!battle && m.phase >= BSK_PHASE_BEGINNING) {
                battle = true; /* 508.3: every card enters the battle at its full life */
                for (int i = 0; i < m.unit_count; i++)
                    if (m.units[i].zone == BSK_ZONE_BATTLEFIELD || m.units[i].zone == BSK_ZONE_EXTRA)
                        ck_assert_int_eq(m.units[i].wounds, 0);
            }
            for (int i = 0; i < m.unit_count; i++) {
                const bsk_unit *u = &m.units[i];
                if (u->zone != BSK_ZONE_BATTLEFIELD && u->zone != BSK_ZONE_EXTRA)
                    continue;
                int printed = table.entries[u->slot].card->life; /* no extra or negative lives yet */
                ck_assert_int_eq(bsk_match_unit_life(&m, &table, i), printed - u->wounds);
            }
            int n = bsk_match_legal(&m, &table, legal, BSK_MATCH_LEGAL_MAX);
            ck_assert_int_gt(n, 0);
            int k = bsk_agent_choose(&agents[bsk_match_to_act(&m) - 1], NULL, &table, legal, n);
            ck_assert_int_eq(bsk_match_apply(&m, &table, &legal[k], NULL, &error), BSK_OK);
        }
        ck_assert(battle);
    }
}
END_TEST

/* ---- 501.8 a: a card with a declared, unexecuted movement cannot declare an action ---- */

START_TEST(test_501_8_declared_movement_blocks_an_action)
{
    cards_setup();
    static bsk_card_table table;
    bsk_card_table_init(&table);
    give(&table, &MOVER, instant_wound(1));
    give(&table, &SNIPER, instant_wound(1));
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &MOVER, 1, "c2");   /* {instant}{tap}: an action it could declare in a window */
    put(&pos, &SNIPER, 2, "c5");  /* a fast action for the other player: the window opens */
    start(&m, &table, &pos, 1, NULL, 0);
    act(&m, &table, BSK_ACT_MOVE, 1, 0, -1, cell("c3"), -1);
    ck_assert_int_eq(m.units[0].cell, cell("c2")); /* the movement waits in the queue */
    /* its {tap} is reserved with the movement (501.8 b): no action until the movement executes */
    ck_assert_int_ne(bsk_match_to_act(&m), 0);
    ck_assert_msg(!offered(&m, &table, BSK_ACT_FEATURE, 0, FIXTURE_ANY),
                  "501.8 a: an action is offered to a card whose movement is declared");
}
END_TEST


/* ---- 501.5, 512.5 d: a counter named for a queued feature cannot pay for another ---- */

START_TEST(test_501_5_counter_named_once)
{
    cards_setup();
    static bsk_card_table table;
    bsk_card_table_init(&table);
    /* {instant}, one counter: heal itself by 1 (no {TAP}: not an action, 510.2.1) */
    give(&table, &SNIPER,
         bsk_feature_simple(BSK_FEATURE_ACTIVATED, BSK_EVENT_NONE, BSK_OP_HEAL, BSK_TARGET_SELF, 1, 0, 1, 1));
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &WARRIOR, 1, "c3");
    put(&pos, &WARRIOR, 2, "c4");
    put(&pos, &SNIPER, 1, "e1")->wounds = 2;
    put(&pos, &WARRIOR, 1, "a1");
    put(&pos, &WARRIOR, 2, "a6");
    pos.cards[2].counters = 1;
    int dice[2] = {4, 3};
    start(&m, &table, &pos, 1, dice, 2);
    act(&m, &table, BSK_ACT_ATTACK, 1, 0, 1, -1, -1);
    ck_assert_int_eq(bsk_match_to_act(&m), 1); /* the window after the declaration */
    bsk_action heal = find_legal(&m, &table, BSK_ACT_FEATURE, 2, FIXTURE_ANY);
    bsk_error error;
    ck_assert_int_eq(bsk_match_apply(&m, &table, &heal, NULL, &error), BSK_OK);
    /* its one counter is named: the same feature cannot be declared again with it */
    if (bsk_match_to_act(&m) == 1)
        ck_assert_msg(!offered(&m, &table, BSK_ACT_FEATURE, 2, FIXTURE_ANY),
                      "501.5: the named counter is offered again");
}
END_TEST

/* ---- 501.7: a card whose {TAP} is declared cannot be a "destroy this card" prepayment (branch costs4) ---- */

START_TEST(test_501_7_destroy_self_not_declarable_while_its_tap_is_declared)
{
    cards_setup();
    static bsk_card_table table;
    bsk_card_table_init(&table);
    /* {instant}, «уничтожить эту карту»: wound every enemy creature by 1 */
    bsk_feature f = bsk_feature_simple(BSK_FEATURE_ACTIVATED, BSK_EVENT_NONE, BSK_OP_WOUND, BSK_TARGET_EVERY_ENEMY, 1,
                                       0, 0, 1);
    f.cost_destroy_self = 1;
    give(&table, &SNIPER, f);
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &SNIPER, 1, "c3");
    put(&pos, &WARRIOR, 2, "c4");
    put(&pos, &SNIPER, 1, "a1");
    put(&pos, &WARRIOR, 2, "e6");
    int dice[2] = {4, 3};
    start(&m, &table, &pos, 1, dice, 2);
    ck_assert(offered(&m, &table, BSK_ACT_FEATURE, 0, FIXTURE_ANY));
    act(&m, &table, BSK_ACT_ATTACK, 1, 0, 1, -1, -1); /* c3 strikes c4: its {tap} is declared (501.5) */
    ck_assert_int_eq(bsk_match_to_act(&m), 1);        /* the window after the declaration */
    ck_assert_msg(!offered(&m, &table, BSK_ACT_FEATURE, 0, FIXTURE_ANY),
                  "501.7: a card whose {tap} is declared is offered as a destroy prepayment");
    ck_assert(offered(&m, &table, BSK_ACT_FEATURE, 2, FIXTURE_ANY)); /* the other card names nothing */
    bsk_action destroy = find_legal(&m, &table, BSK_ACT_FEATURE, 2, FIXTURE_ANY);
    destroy.unit = 0;
    bsk_error error;
    ck_assert_int_ne(bsk_match_apply(&m, &table, &destroy, NULL, &error), BSK_OK);
    ck_assert_str_eq(error.rule, "501.7");
    ck_assert_int_eq(m.units[0].zone, BSK_ZONE_BATTLEFIELD);
}
END_TEST

/* 501.7 reads "другие предоплачиваемые ресурсы" too: «раниться на 1» is not declarable while the card's {tap}
 * is declared (branch costs4). */
START_TEST(test_501_7_self_wound_not_declarable_while_its_tap_is_declared)
{
    cards_setup();
    static bsk_card_table table;
    bsk_card_table_init(&table);
    /* {instant}, «раниться на 1»: wound every enemy creature by 1 */
    bsk_feature f = bsk_feature_simple(BSK_FEATURE_ACTIVATED, BSK_EVENT_NONE, BSK_OP_WOUND, BSK_TARGET_EVERY_ENEMY, 1,
                                       0, 0, 1);
    f.cost_wound = 1;
    give(&table, &SNIPER, f);
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &SNIPER, 1, "c3");
    put(&pos, &WARRIOR, 2, "c4");
    put(&pos, &SNIPER, 1, "a1");
    put(&pos, &WARRIOR, 2, "e6");
    int dice[2] = {4, 3};
    start(&m, &table, &pos, 1, dice, 2);
    ck_assert(offered(&m, &table, BSK_ACT_FEATURE, 0, FIXTURE_ANY));
    act(&m, &table, BSK_ACT_ATTACK, 1, 0, 1, -1, -1);
    ck_assert_int_eq(bsk_match_to_act(&m), 1);
    ck_assert(!offered(&m, &table, BSK_ACT_FEATURE, 0, FIXTURE_ANY));
    ck_assert(offered(&m, &table, BSK_ACT_FEATURE, 2, FIXTURE_ANY));
}
END_TEST

/* ---- 510.2.1: a game action without {TAP} is not an action: a closed card may declare it ---- */

START_TEST(test_510_2_1_closed_card_declares_a_feature_without_tap)
{
    cards_setup();
    static bsk_card_table table;
    bsk_card_table_init(&table);
    /* one counter (no {TAP}, slow): heal itself by 1 */
    give(&table, &BLASTER,
         bsk_feature_simple(BSK_FEATURE_ACTIVATED, BSK_EVENT_NONE, BSK_OP_HEAL, BSK_TARGET_SELF, 1, 0, 1, 0));
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &BLASTER, 1, "c2")->wounds = 2;
    put(&pos, &WARRIOR, 1, "a1");
    put(&pos, &WARRIOR, 2, "c5");
    pos.cards[0].tapped = true;
    pos.cards[0].counters = 1;
    start(&m, &table, &pos, 1, NULL, 0);
    bsk_action heal = find_legal(&m, &table, BSK_ACT_FEATURE, 0, FIXTURE_ANY);
    bsk_error error;
    ck_assert_int_eq(bsk_match_apply(&m, &table, &heal, NULL, &error), BSK_OK);
    ck_assert_int_eq(m.units[0].wounds, 1);
    ck_assert_int_eq(m.units[0].counters, 0);
    ck_assert(m.units[0].flags & BSK_UNIT_TAPPED);
}
END_TEST


/* Digest 02 §5 #128: a weak strike of 2 with "double" and "+1" (one origin, so the declaration
 * order is the list order) is (2×2)+1 = 5 in either order: 520.2 puts b before c. */
START_TEST(test_520_2_double_and_plus_1_in_either_declaration_order)
{
    const int values[3] = {2, 3, 4};
    engine_magnitude_mod plus_first[] = {
        {MAGNITUDE_ADD, MAGNITUDE_FROM_SOURCE_SIDE, 1, 1},
        {MAGNITUDE_SCALE, MAGNITUDE_FROM_SOURCE_SIDE, 2, 1},
    };
    engine_magnitude_mod double_first[] = {plus_first[1], plus_first[0]};
    int strength = STRENGTH_WEAK;
    ck_assert_int_eq(engine_magnitude_pipeline(values, &strength, plus_first, 2), 5);
    ck_assert_int_eq(engine_magnitude_pipeline(values, &strength, double_first, 2), 5);
    ck_assert_int_eq(strength, STRENGTH_WEAK);
}
END_TEST

Suite *assertions02_suite(void)
{
    Suite *s = suite_create("assertions02");
    TCase *tc = tcase_create("digest02");
    tcase_add_test(tc, test_501_9_attacker_taps_only_at_payment);
    tcase_add_test(tc, test_506_2_non_active_player_cannot_move);
    tcase_add_test(tc, test_506_2_no_movement_in_a_priority_window);
    tcase_add_test(tc, test_510_5_acting_card_has_no_movement_left);
    tcase_add_test(tc, test_510_4_dead_card_keeps_action_marker_until_untap);
    tcase_add_test(tc, test_515_6_target_tapped_after_declaration_one_die);
    tcase_add_test(tc, test_512_6_6_source_gone_before_calculation_no_effect);
    tcase_add_test(tc, test_509_1_multi_target_deaths_after_every_wound);
    tcase_add_test(tc, test_502_4_no_target_named_the_source_is_the_target);
    tcase_add_test(tc, test_501_8_declared_movement_blocks_an_action);
    tcase_add_test(tc, test_501_5_counter_named_once);
    tcase_add_test(tc, test_501_7_destroy_self_not_declarable_while_its_tap_is_declared); /* branch costs4 */
    tcase_add_test(tc, test_501_7_self_wound_not_declarable_while_its_tap_is_declared); /* branch costs4 */
    tcase_add_test(tc, test_510_2_1_closed_card_declares_a_feature_without_tap);
    tcase_add_test(tc, test_520_2_double_and_plus_1_in_either_declaration_order);
    suite_add_tcase(s, tc);
    TCase *props = tcase_create("properties");
    tcase_set_timeout(props, 120);
    tcase_add_test(props, test_508_5_1_life_is_maximum_minus_wounds_in_random_games);
    suite_add_tcase(s, props);
    return s;
}
