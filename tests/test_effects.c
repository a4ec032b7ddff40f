/* test_effects.c — effects in the state (issue 21 §1; lib/src/engine/characteristics.c): the
 * effects array, the keywords a unit acquires or loses, extra life, the characteristics that read
 * them, their durations (glossary §3.2: 413.3 at the end of the turn, 122.8 when the source leaves
 * play), the effects cap (DESIGN §5) and the hash. The effects are made through the engine's own
 * calls (engine.h), as card features will make them; cells are global (DESIGN §2). */
#include "berserk/history.h"
#include "berserk/match.h"
#include "../lib/src/engine/engine.h"
#include "engine_fixture.h"
#include "position_file.h"
#include "suites.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- a board ---------------------------------------------------------------------------- */

/* A 1-2-3 striker (life 10, movement 2), a 2-3-4 defender (life 8, movement 1), fillers that keep
 * both turns going. */
static bsk_card striker(void)
{
    return make_card("e-striker", "e-striker", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 4, false, 10, 2, 1, 2, 3);
}

static bsk_card defender(void)
{
    return make_card("e-defender", "e-defender", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 4, false, 8, 1, 2, 3, 4);
}

static bsk_card FILLER;

/* Unit 0: `a` (player 1, c3); unit 1: the defender (player 2, c4); unit 2: another defender
 * (player 2, b4, a guard for c4); units 3, 4: fillers (a1, e6). Player 1 on turn 1. */
static void board(bsk_match *m, bsk_card_table *table, const bsk_card *a, const int *dice, int count)
{
    static bsk_card d;
    d = defender();
    FILLER = make_card("e-filler", "e-filler", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 4, false, 5, 1, 1, 1, 1);
    bsk_position pos = {0};
    put(&pos, a, 1, "c3");
    put(&pos, &d, 2, "c4");
    put(&pos, &d, 2, "b4");
    put(&pos, &FILLER, 1, "a1");
    put(&pos, &FILLER, 2, "e6");
    bsk_card_table_init(table);
    start(m, table, &pos, 1, dice, count);
}

/* Unit 0: a defender (player 1, c3; 2-3-4); unit 1: a striker (player 2, c4, closed when `closed`: no fight, only
 * the attacker rolls); units 2, 3: fillers (a1, e6). The position only, so a test may change it before `start`. */
static void duel_position(bsk_position *pos, bool closed)
{
    static bsk_card a, d;
    a = defender();
    d = striker();
    FILLER = make_card("e-filler", "e-filler", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 4, false, 5, 1, 1, 1, 1);
    *pos = (bsk_position){0};
    put(pos, &a, 1, "c3");
    put(pos, &d, 2, "c4")->tapped = closed;
    put(pos, &FILLER, 1, "a1");
    put(pos, &FILLER, 2, "e6");
}

static bsk_effect effect(int op, int what, int value, int filter, int who, int duration, int until)
{
    return (bsk_effect){.source = -1, .feature = -1, .op = (uint8_t)op, .what = (uint8_t)what,
                        .value = (int8_t)value, .filter = (uint8_t)filter, .who = (int8_t)who,
                        .duration = (uint8_t)duration, .until = (uint8_t)until};
}

/* Player 1 attacks c4 from c3; whether player 2 is then offered a guard (514). */
static bool guard_offered(bsk_match *m, const bsk_card_table *table)
{
    act(m, table, BSK_ACT_ATTACK, 1, 0, 1, -1, -1);
    return bsk_match_to_act(m) == 2 && offered(m, table, BSK_ACT_GUARD, 2, FIXTURE_ANY);
}

static void end_turn(bsk_match *m, const bsk_card_table *table)
{
    act(m, table, BSK_ACT_END_TURN, m->active, -1, -1, -1, -1);
}

/* ---- acquired and lost keywords --------------------------------------------------------- */

/* 514.2, glossary «Направленный удар»: no guard against a directed strike; an acquired one works
 * like a printed one, a lost printed one does not work. */
START_TEST(test_514_2_acquired_directed_strike_no_guard)
{
    static bsk_card_table table;
    bsk_match m;
    bsk_card a = striker();
    int dice[2] = {4, 1};
    board(&m, &table, &a, dice, 2);
    ck_assert(guard_offered(&m, &table)); /* the plain striker: a guard is offered */
    board(&m, &table, &a, dice, 2);
    ck_assert(engine_grant(&m, &table, 0, BSK_KEYWORD_DIRECTED_STRIKE, 0));
    ck_assert(bsk_match_unit_has_keyword(&m, &table, 0, BSK_KEYWORD_DIRECTED_STRIKE));
    ck_assert(!guard_offered(&m, &table));
    ck_assert_int_eq(bsk_match_dice_left(&m), 0); /* the strike went on without a guard */
}
END_TEST

START_TEST(test_514_2_lost_directed_strike_guard_offered)
{
    static bsk_card_table table;
    bsk_match m;
    bsk_card a = striker();
    add_keyword(&a, BSK_KEYWORD_DIRECTED_STRIKE, -1);
    int dice[2] = {4, 1};
    board(&m, &table, &a, dice, 2);
    ck_assert(!guard_offered(&m, &table)); /* printed: no guard */
    board(&m, &table, &a, dice, 2);
    engine_lose(&m, 0, BSK_KEYWORD_DIRECTED_STRIKE);
    ck_assert(!bsk_match_unit_has_keyword(&m, &table, 0, BSK_KEYWORD_DIRECTED_STRIKE));
    ck_assert(guard_offered(&m, &table));
    /* glossary §3.2 `lose_battle`: another grant gives it back */
    board(&m, &table, &a, dice, 2);
    engine_lose(&m, 0, BSK_KEYWORD_DIRECTED_STRIKE);
    ck_assert(engine_grant(&m, &table, 0, BSK_KEYWORD_DIRECTED_STRIKE, 0));
    ck_assert(!guard_offered(&m, &table));
}
END_TEST

/* 518.3, digest 02 §4 #116: regeneration 2 and an acquired regeneration 1 is 2; an acquired 3 is
 * 3; an acquired keyword with no number takes the unprinted X. */
START_TEST(test_518_3_acquired_x_the_largest_applies)
{
    static bsk_card_table table;
    bsk_match m;
    bsk_card a = striker();
    add_keyword(&a, BSK_KEYWORD_REGENERATION, 2);
    board(&m, &table, &a, NULL, 0);
    ck_assert(engine_grant(&m, &table, 0, BSK_KEYWORD_REGENERATION, 1));
    ck_assert_int_eq(bsk_match_unit_keyword_x(&m, &table, 0, BSK_KEYWORD_REGENERATION, 1), 2);
    ck_assert(engine_grant(&m, &table, 0, BSK_KEYWORD_REGENERATION, 3));
    ck_assert_int_eq(bsk_match_unit_keyword_x(&m, &table, 0, BSK_KEYWORD_REGENERATION, 1), 3);
    ck_assert(engine_grant(&m, &table, 1, BSK_KEYWORD_ATTACK_EXPERIENCE, 0));
    ck_assert_int_eq(bsk_match_unit_keyword_x(&m, &table, 1, BSK_KEYWORD_ATTACK_EXPERIENCE, 1), 1);
    /* an effect's grant counts too, while it lasts */
    bsk_effect e = effect(BSK_EFFECT_GRANT, BSK_KEYWORD_REGENERATION, 5, BSK_FILTER_UNIT, 0, BSK_DURATION_TURN, 1);
    ck_assert(engine_effect_add(&m, &table, &e));
    ck_assert_int_eq(bsk_match_unit_keyword_x(&m, &table, 0, BSK_KEYWORD_REGENERATION, 1), 5);
    ck_assert_int_eq(bsk_match_unit_gain_x(&m, &table, 0, BSK_KEYWORD_REGENERATION), 5);
    /* a loss takes the acquired number with it: the printed 2 is lost too */
    engine_lose(&m, 0, BSK_KEYWORD_REGENERATION);
    ck_assert_int_eq(bsk_match_unit_keyword_x(&m, &table, 0, BSK_KEYWORD_REGENERATION, 1), 5); /* the effect is later */
    ck_assert(engine_effects_end_turn(&m, &table));
    ck_assert_int_eq(bsk_match_unit_keyword_x(&m, &table, 0, BSK_KEYWORD_REGENERATION, 1), 0);
}
END_TEST

/* 518.3, digest 02 §4 #117: an acquired armor 1 replaced by an acquired armor 2 that then ends
 * leaves no armor; an own armor 1 so replaced comes back. A gain not larger is not performed
 * (518.2): it does not come back either. */
START_TEST(test_518_3_acquired_replaced_for_good_own_suppressed)
{
    static bsk_card_table table;
    bsk_match m;
    bsk_card a = striker(), own = striker();
    snprintf(own.id, sizeof own.id, "%s", "e-armored");
    add_keyword(&own, BSK_KEYWORD_ARMOR, 1);
    for (int printed = 0; printed < 2; printed++) {
        board(&m, &table, printed ? &own : &a, NULL, 0);
        if (!printed)
            ck_assert(engine_grant(&m, &table, 0, BSK_KEYWORD_ARMOR, 1));
        ck_assert_int_eq(bsk_match_unit_armor_left(&m, &table, 0), 1);
        bsk_effect e = effect(BSK_EFFECT_GRANT, BSK_KEYWORD_ARMOR, 2, BSK_FILTER_UNIT, 0, BSK_DURATION_TURN, 1);
        ck_assert(engine_effect_add(&m, &table, &e));
        ck_assert_int_eq(bsk_match_unit_armor_left(&m, &table, 0), 2);
        ck_assert(engine_grant(&m, &table, 0, BSK_KEYWORD_ARMOR, 1)); /* not larger: not performed */
        end_turn(&m, &table);
        ck_assert_int_eq(bsk_match_unit_keyword_x(&m, &table, 0, BSK_KEYWORD_ARMOR, 0), printed ? 1 : 0);
        ck_assert(bsk_match_unit_has_keyword(&m, &table, 0, BSK_KEYWORD_ARMOR) == (printed == 1));
    }
}
END_TEST

/* 534, glossary «Броня X»: acquired armor 2 prevents 2 wounds of a strike (a strike at the closed
 * defender: one die, 4 = a medium 3). */
START_TEST(test_534_acquired_armor_prevents)
{
    static bsk_card_table table;
    bsk_match m;
    int die = 4;
    bsk_position pos;
    duel_position(&pos, true);
    pos.cards[1].gains = 1ull << BSK_KEYWORD_ARMOR;
    pos.cards[1].gains_x[0] = (bsk_granted_x){BSK_KEYWORD_ARMOR, 2};
    bsk_card_table_init(&table);
    start(&m, &table, &pos, 1, &die, 1);
    ck_assert_int_eq(bsk_match_unit_armor_left(&m, &table, 1), 2);
    act(&m, &table, BSK_ACT_ATTACK, 1, 0, 1, -1, -1);
    ck_assert_int_eq(m.units[1].wounds, 1); /* 3 − 2 */
    ck_assert_int_eq(bsk_match_unit_armor_left(&m, &table, 1), 0);
}
END_TEST

/* ---- extra life (508.4, 508.8) ---------------------------------------------------------- */

START_TEST(test_508_8_extra_and_negative_life)
{
    static bsk_card_table table;
    bsk_match m;
    bsk_card a = striker();
    board(&m, &table, &a, NULL, 0);
    engine_wound(&m, &table, 1, 3, NULL);
    ck_assert_int_eq(bsk_match_unit_life(&m, &table, 1), 5);
    engine_extra_life(&m, 1, 3); /* 508.8: the max rises, the wounds stay */
    ck_assert_int_eq(bsk_match_unit_max_life(&m, &table, 1), 11);
    ck_assert_int_eq(bsk_match_unit_life(&m, &table, 1), 8);
    ck_assert_int_eq(m.units[1].wounds, 3);
    engine_extra_life(&m, 1, -5); /* 508.8.2: extra and negative life cancel */
    ck_assert_int_eq(bsk_match_unit_extra_life(&m, 1), -2);
    ck_assert_int_eq(bsk_match_unit_life(&m, &table, 1), 3);
    /* 509.1 with 508.8.1: no life left, destroyed */
    engine_extra_life(&m, 1, -3);
    engine_destroy_dead(&m, &table, NULL);
    ck_assert_int_eq(m.units[1].zone, BSK_ZONE_GRAVEYARD);
    ck_assert_int_eq(bsk_match_unit_extra_life(&m, 1), 0); /* 508.6: markers go with it */
    /* negative life alone, no wound: destroyed too */
    board(&m, &table, &a, NULL, 0);
    engine_extra_life(&m, 1, -8);
    engine_destroy_dead(&m, &table, NULL);
    ck_assert_int_eq(m.units[1].zone, BSK_ZONE_GRAVEYARD);
    /* … but not a card that had no life to lose: negative life less than its life */
    board(&m, &table, &a, NULL, 0);
    engine_extra_life(&m, 1, -7);
    engine_destroy_dead(&m, &table, NULL);
    ck_assert_int_eq(m.units[1].zone, BSK_ZONE_BATTLEFIELD);
    ck_assert_int_eq(bsk_match_unit_life(&m, &table, 1), 1);
}
END_TEST

/* Digest 02 §4 #58–#61 with their numbers: a card of max life 5 (life 4 for #59, 10 for #61). */
static void small_board(bsk_match *m, bsk_card_table *table, int life, int wounds)
{
    static bsk_card c;
    c = make_card("e-small", "e-small", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 4, false, life, 1, 1, 2, 3);
    FILLER = make_card("e-filler", "e-filler", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 4, false, 5, 1, 1, 1, 1);
    bsk_position pos = {0};
    put(&pos, &c, 2, "c4")->wounds = wounds;
    put(&pos, &FILLER, 1, "a1");
    put(&pos, &FILLER, 2, "e6");
    bsk_card_table_init(table);
    start(m, table, &pos, 1, NULL, 0);
}

START_TEST(test_508_8_digest_58_to_61)
{
    static bsk_card_table table;
    bsk_match m;
    /* #58, 508.8: max 5, 2 wounds, +2 extra life: max 7, life 5, wounds 2 */
    small_board(&m, &table, 5, 2);
    engine_extra_life(&m, 0, 2);
    ck_assert_int_eq(bsk_match_unit_max_life(&m, &table, 0), 7);
    ck_assert_int_eq(bsk_match_unit_life(&m, &table, 0), 5);
    ck_assert_int_eq(m.units[0].wounds, 2);
    /* #59, 508.8.1, 509.1: −3 life on max 4, life 2: max 1, life −1 (read as 0), destroyed, no wound */
    small_board(&m, &table, 4, 2);
    engine_extra_life(&m, 0, -3);
    ck_assert_int_eq(bsk_match_unit_max_life(&m, &table, 0), 1);
    bsk_event items[8];
    bsk_events events = {items, 0, 8, 0};
    engine_destroy_dead(&m, &table, &events);
    ck_assert_int_eq(m.units[0].zone, BSK_ZONE_GRAVEYARD);
    for (size_t i = 0; i < events.count; i++)
        ck_assert_int_ne(items[i].kind, BSK_EVENT_WOUND);
    /* #60, 508.8.2: 3 negative and 3 extra cancel out */
    small_board(&m, &table, 5, 0);
    engine_extra_life(&m, 0, -3);
    engine_extra_life(&m, 0, 3);
    ck_assert_int_eq(bsk_match_unit_extra_life(&m, 0), 0);
    ck_assert_int_eq(bsk_match_unit_max_life(&m, &table, 0), 5);
    /* #61, 508.8.3 (Жжраг): max 10, −3 until the end of the turn, then +3 extra life (corpse eating):
     * max 10 that turn, 13 when the −3 ends */
    small_board(&m, &table, 10, 0);
    bsk_effect e = effect(BSK_EFFECT_MODIFY, BSK_CHAR_LIFE, -3, BSK_FILTER_UNIT, 0, BSK_DURATION_TURN, 1);
    ck_assert(engine_effect_add(&m, &table, &e));
    ck_assert_int_eq(bsk_match_unit_max_life(&m, &table, 0), 7);
    engine_extra_life(&m, 0, 3);
    ck_assert_int_eq(bsk_match_unit_max_life(&m, &table, 0), 10);
    end_turn(&m, &table);
    ck_assert_int_eq(m.turn, 2);
    ck_assert_int_eq(bsk_match_unit_max_life(&m, &table, 0), 13);
}
END_TEST

/* ---- durations (glossary §3.2) ----------------------------------------------------------- */

/* 413.3: "until the end of the turn" ends with this turn; the next turn has none of it. */
START_TEST(test_413_3_until_end_of_turn_gone_next_turn)
{
    static bsk_card_table table;
    bsk_match m;
    bsk_card a = striker();
    board(&m, &table, &a, NULL, 0);
    bsk_effect e = effect(BSK_EFFECT_GRANT, BSK_KEYWORD_DIRECTED_STRIKE, 0, BSK_FILTER_UNIT, 0, BSK_DURATION_TURN,
                          engine_turn_end_of(&m, 0, false));
    ck_assert(engine_effect_add(&m, &table, &e));
    ck_assert(bsk_match_unit_has_keyword(&m, &table, 0, BSK_KEYWORD_DIRECTED_STRIKE));
    ck_assert(!bsk_match_unit_has_keyword(&m, &table, 1, BSK_KEYWORD_DIRECTED_STRIKE));
    end_turn(&m, &table);
    ck_assert_int_eq(m.turn, 2);
    ck_assert_int_eq(m.effect_count, 0);
    ck_assert(!bsk_match_unit_has_keyword(&m, &table, 0, BSK_KEYWORD_DIRECTED_STRIKE));
    ck_assert_uint_eq(m.altered, 0); /* the fast exit is back */
    ck_assert(engine_derived_ok(&m, &table));
}
END_TEST

/* Glossary §3.2 `end_of_next_turn`: "until the end of your next turn", made on your turn, lasts
 * through the opponent's turn and your next one; made on the opponent's turn, through your next. */
START_TEST(test_until_end_of_players_next_turn)
{
    static bsk_card_table table;
    bsk_match m;
    bsk_card a = striker();
    board(&m, &table, &a, NULL, 0);
    ck_assert_int_eq(engine_turn_end_of(&m, 1, true), 3);
    ck_assert_int_eq(engine_turn_end_of(&m, 2, true), 2);
    bsk_effect e = effect(BSK_EFFECT_MODIFY, BSK_CHAR_STRIKE, 2, BSK_FILTER_UNIT, 0, BSK_DURATION_TURN,
                          engine_turn_end_of(&m, 1, true));
    ck_assert(engine_effect_add(&m, &table, &e));
    int strikes[3];
    for (int turn = 1; turn <= 3; turn++) {
        ck_assert_int_eq(m.turn, turn);
        bsk_match_unit_strikes(&m, &table, 0, strikes);
        ck_assert_int_eq(strikes[0], 3);
        ck_assert_int_eq(strikes[2], 5);
        end_turn(&m, &table);
    }
    ck_assert_int_eq(m.turn, 4);
    bsk_match_unit_strikes(&m, &table, 0, strikes);
    ck_assert_int_eq(strikes[0], 1);
    ck_assert_int_eq(strikes[2], 3);
}
END_TEST

/* 122.8: "while the source is in play" ends for good when it leaves; a battle-long effect of the
 * same source stays, and an effect on a card that leaves play goes with it. */
START_TEST(test_122_8_while_source_ends_when_it_leaves)
{
    static bsk_card_table table;
    bsk_match m;
    bsk_card a = striker();
    board(&m, &table, &a, NULL, 0);
    bsk_effect e = effect(BSK_EFFECT_GRANT, BSK_KEYWORD_ARMOR, 1, BSK_FILTER_UNIT, 2, BSK_DURATION_WHILE_SOURCE, 0);
    e.source = 1;
    ck_assert(engine_effect_add(&m, &table, &e));
    e = effect(BSK_EFFECT_MODIFY, BSK_CHAR_LIFE, 2, BSK_FILTER_UNIT, 2, BSK_DURATION_BATTLE, 0);
    e.source = 1;
    ck_assert(engine_effect_add(&m, &table, &e));
    e = effect(BSK_EFFECT_MODIFY, BSK_CHAR_MOVEMENT, 1, BSK_FILTER_UNIT, 1, BSK_DURATION_BATTLE, 0);
    ck_assert(engine_effect_add(&m, &table, &e));
    ck_assert(engine_grant(&m, &table, 1, BSK_KEYWORD_STEADFASTNESS, 0));
    ck_assert_int_eq(bsk_match_unit_armor_left(&m, &table, 2), 1);
    ck_assert_int_eq(bsk_match_unit_max_life(&m, &table, 2), 10);
    engine_to_zone(&m, &table, 1, BSK_ZONE_GRAVEYARD); /* the source dies */
    ck_assert_int_eq(m.effect_count, 1);
    ck_assert_int_eq(bsk_match_unit_armor_left(&m, &table, 2), 0);
    ck_assert_int_eq(bsk_match_unit_max_life(&m, &table, 2), 10);
    ck_assert(!bsk_match_unit_has_keyword(&m, &table, 1, BSK_KEYWORD_STEADFASTNESS));
    ck_assert_uint_eq(m.granted[1], 0);
    ck_assert(engine_derived_ok(&m, &table));
}
END_TEST

/* 508.8, 508.8.3 (Лунная баньши's "−3 life until the end of the turn"): the max falls and comes
 * back, the wounds stay; a card whose raised life ends below its wounds dies then (509.1). */
START_TEST(test_508_8_life_effect_until_end_of_turn)
{
    static bsk_card_table table;
    bsk_match m;
    bsk_card a = striker();
    board(&m, &table, &a, NULL, 0);
    bsk_effect minus = effect(BSK_EFFECT_MODIFY, BSK_CHAR_LIFE, -3, BSK_FILTER_UNIT, 1, BSK_DURATION_TURN, 1);
    ck_assert(engine_effect_add(&m, &table, &minus));
    bsk_effect plus = effect(BSK_EFFECT_MODIFY, BSK_CHAR_LIFE, 3, BSK_FILTER_UNIT, 2, BSK_DURATION_TURN, 1);
    ck_assert(engine_effect_add(&m, &table, &plus));
    ck_assert_int_eq(bsk_match_unit_life(&m, &table, 1), 5);
    engine_wound(&m, &table, 1, 2, NULL);
    engine_wound(&m, &table, 2, 9, NULL);
    engine_destroy_dead(&m, &table, NULL);
    ck_assert_int_eq(bsk_match_unit_life(&m, &table, 1), 3);
    ck_assert_int_eq(bsk_match_unit_life(&m, &table, 2), 2); /* 11 − 9 */
    ck_assert_int_eq(m.units[2].zone, BSK_ZONE_BATTLEFIELD);
    end_turn(&m, &table);
    ck_assert_int_eq(bsk_match_unit_life(&m, &table, 1), 6); /* 8 − 2: the max back, the wounds kept */
    ck_assert_int_eq(m.units[2].zone, BSK_ZONE_GRAVEYARD); /* 8 − 9 */
}
END_TEST

/* ---- characteristics an effect modifies or sets ----------------------------------------- */

START_TEST(test_517_2_strike_and_movement_effects)
{
    static bsk_card_table table;
    bsk_match m;
    bsk_card a = striker();
    board(&m, &table, &a, NULL, 0);
    ck_assert_int_eq(m.units[0].move_left, 2);
    bsk_effect e = effect(BSK_EFFECT_MODIFY, BSK_CHAR_MOVEMENT, 1, BSK_FILTER_UNIT, 0, BSK_DURATION_TURN, 1);
    ck_assert(engine_effect_add(&m, &table, &e));
    ck_assert_int_eq(bsk_match_unit_movement(&m, &table, 0), 3);
    ck_assert_int_eq(m.units[0].move_left, 3); /* 506: the extra point can be spent now */
    e = effect(BSK_EFFECT_SET, BSK_CHAR_STRIKE_WEAK, 4, BSK_FILTER_UNIT, 0, BSK_DURATION_BATTLE, 0);
    ck_assert(engine_effect_add(&m, &table, &e));
    e = effect(BSK_EFFECT_MODIFY, BSK_CHAR_STRIKE, -2, BSK_FILTER_UNIT, 0, BSK_DURATION_BATTLE, 0);
    ck_assert(engine_effect_add(&m, &table, &e));
    int strikes[3];
    bsk_match_unit_strikes(&m, &table, 0, strikes);
    ck_assert_int_eq(strikes[0], 2); /* set to 4, then −2 */
    ck_assert_int_eq(strikes[1], 0);
    ck_assert_int_eq(strikes[2], 1);
    ck_assert_int_eq(bsk_match_unit_strike(&m, &table, 0, 0), 2);
    e = effect(BSK_EFFECT_MODIFY, BSK_CHAR_MOVEMENT, -5, BSK_FILTER_UNIT, 0, BSK_DURATION_TURN, 1);
    ck_assert(engine_effect_add(&m, &table, &e));
    ck_assert_int_eq(bsk_match_unit_movement(&m, &table, 0), 0); /* 517.2: never below 0 */
    ck_assert_int_eq(m.units[0].move_left, 0);
    ck_assert(!offered(&m, &table, BSK_ACT_MOVE, 0, FIXTURE_ANY));
}
END_TEST

/* 519.2: an effect's +1 to the die roll: a strike at a closed card rolling 3 (weak) is medium. */
START_TEST(test_519_2_die_roll_effect)
{
    static bsk_card_table table;
    bsk_match m;
    bsk_card a = striker();
    int die = 3;
    board(&m, &table, &a, &die, 1);
    m.units[1].flags |= BSK_UNIT_TAPPED;
    m.units[2].flags |= BSK_UNIT_TAPPED; /* no guard (514.1) */
    bsk_effect e = effect(BSK_EFFECT_MODIFY, BSK_CHAR_DIE_ROLL, 1, BSK_FILTER_UNIT, 0, BSK_DURATION_TURN, 1);
    ck_assert(engine_effect_add(&m, &table, &e));
    act(&m, &table, BSK_ACT_ATTACK, 1, 0, 1, -1, -1);
    ck_assert_int_eq(bsk_match_dice_left(&m), 0);
    ck_assert_int_eq(m.units[1].wounds, 2); /* medium 2, not weak 1 */
}
END_TEST

/* A side filter is read when the characteristic is read: every creature of player 2 on the
 * battlefield now, the source left out by "other". */
START_TEST(test_side_filters)
{
    static bsk_card_table table;
    bsk_match m;
    bsk_card a = striker();
    board(&m, &table, &a, NULL, 0);
    bsk_effect e = effect(BSK_EFFECT_GRANT, BSK_KEYWORD_ARMOR, 2, BSK_FILTER_OTHER_CREATURES_OF, 2, BSK_DURATION_BATTLE, 0);
    e.source = 1;
    ck_assert(engine_effect_add(&m, &table, &e));
    ck_assert_int_eq(bsk_match_unit_armor_left(&m, &table, 1), 0);
    ck_assert_int_eq(bsk_match_unit_armor_left(&m, &table, 2), 2);
    ck_assert_int_eq(bsk_match_unit_armor_left(&m, &table, 4), 2);
    ck_assert_int_eq(bsk_match_unit_armor_left(&m, &table, 0), 0);
    ck_assert_int_eq(bsk_match_unit_armor_left(&m, &table, 3), 0);
    e = effect(BSK_EFFECT_LOSE, BSK_KEYWORD_ARMOR, 0, BSK_FILTER_CREATURES_OF, 2, BSK_DURATION_BATTLE, 0);
    ck_assert(engine_effect_add(&m, &table, &e)); /* a later loss wins */
    ck_assert_int_eq(bsk_match_unit_armor_left(&m, &table, 2), 0);
    engine_to_zone(&m, &table, 2, BSK_ZONE_GRAVEYARD);
    ck_assert(!engine_effect_applies(&m, &table, &m.effects[0], 2)); /* no longer in the battle zone */
}
END_TEST

/* branch focus8 (issue 23): 518.6 a lasting +Y to a named feature's X adds after the largest X is taken (518.3: a second
 * grant keeps the largest), 518.8 a total below 0 works as 0, 518.7 nothing without the feature; 519.5 a side's next
 * roll (filter CARDS_OF) of 0 is a value, used up by the first roll of any card of that side. */
START_TEST(test_focus8_lasting_x_modifier_and_side_next_roll)
{
    static bsk_card_table table;
    bsk_match m;
    bsk_card a = striker();
    board(&m, &table, &a, NULL, 0);
    bsk_effect e = effect(BSK_EFFECT_GRANT, BSK_KEYWORD_FRENZY, 2, BSK_FILTER_UNIT, 1, BSK_DURATION_BATTLE, 0);
    ck_assert(engine_effect_add(&m, &table, &e));
    ck_assert_int_eq(engine_char_x(&m, &table, 1, BSK_KEYWORD_FRENZY, 0), 2);
    e = effect(BSK_EFFECT_X_MODIFY, BSK_KEYWORD_FRENZY, 2, BSK_FILTER_UNIT, 1, BSK_DURATION_TURN, m.turn);
    ck_assert(engine_effect_add(&m, &table, &e));
    ck_assert_int_eq(engine_char_x(&m, &table, 1, BSK_KEYWORD_FRENZY, 0), 4);
    e = effect(BSK_EFFECT_GRANT, BSK_KEYWORD_FRENZY, 5, BSK_FILTER_UNIT, 1, BSK_DURATION_BATTLE, 0);
    ck_assert(engine_effect_add(&m, &table, &e));
    ck_assert_int_eq(engine_char_x(&m, &table, 1, BSK_KEYWORD_FRENZY, 0), 7); /* the largest 5, then +2 */
    e = effect(BSK_EFFECT_X_MODIFY, BSK_KEYWORD_FRENZY, -9, BSK_FILTER_UNIT, 1, BSK_DURATION_TURN, m.turn);
    ck_assert(engine_effect_add(&m, &table, &e));
    ck_assert_int_eq(engine_char_x(&m, &table, 1, BSK_KEYWORD_FRENZY, 0), 0); /* 518.8 */
    e = effect(BSK_EFFECT_X_MODIFY, BSK_KEYWORD_FRENZY, 2, BSK_FILTER_UNIT, 2, BSK_DURATION_TURN, m.turn);
    ck_assert(engine_effect_add(&m, &table, &e));
    ck_assert_int_eq(engine_char_x(&m, &table, 2, BSK_KEYWORD_FRENZY, 0), 0); /* 518.7: it has no frenzy */
    ck_assert(!engine_char_has(&m, &table, 2, BSK_KEYWORD_FRENZY));
    int before = m.effect_count;
    e = effect(BSK_EFFECT_NEXT_ROLL, BSK_CHAR_DIE_ROLL, 0, BSK_FILTER_CARDS_OF, 2, BSK_DURATION_TURN, m.turn);
    ck_assert(engine_effect_add(&m, &table, &e));
    ck_assert_int_eq(engine_next_roll(&m, &table, 0), -1); /* player 1's card: not its side's */
    ck_assert_int_eq(engine_next_roll(&m, &table, 2), 0);  /* a value 0, used up */
    ck_assert_int_eq(m.effect_count, before);
    ck_assert_int_eq(engine_next_roll(&m, &table, 1), -1);
}
END_TEST

/* move11 (issue 23), 520.2 c: a next-attack modifier (BSK_DURATION_NEXT_ATTACK, 05-170 «+1 к следующему разряду до
 * конца хода») adds to its card's next attack of its kind and is used up at that attack's Calculation step, with its
 * record's effects on the other kinds; another card's, or another record's, stay; 413.3 ends one with `until`. */
START_TEST(test_move11_next_attack_modifier_used_up)
{
    static bsk_card_table table;
    bsk_match m;
    int die = 4;
    bsk_position pos;
    duel_position(&pos, true);
    bsk_card_table_init(&table);
    start(&m, &table, &pos, 1, &die, 1);
    table.next_attack_any = true;
    int turn = m.turn;
    bsk_effect e = effect(BSK_EFFECT_MODIFY, BSK_CHAR_ATTACK + BSK_STRIKE_SIMPLE, 1, BSK_FILTER_UNIT, 0,
                          BSK_DURATION_NEXT_ATTACK, turn);
    ck_assert(engine_effect_add(&m, &table, &e));
    e.what = BSK_CHAR_ATTACK + BSK_STRIKE_SHOT; /* the same record's other kind */
    ck_assert(engine_effect_add(&m, &table, &e));
    e.what = BSK_CHAR_ATTACK + BSK_STRIKE_SIMPLE;
    e.who = 2; /* the filler's: another card */
    ck_assert(engine_effect_add(&m, &table, &e));
    e.who = 0;
    e.what = BSK_CHAR_ATTACK + BSK_STRIKE_DISCHARGE;
    e.feature = 2; /* another record's, another kind */
    e.until = 0;   /* no end but its use */
    ck_assert(engine_effect_add(&m, &table, &e));
    ck_assert_int_eq(m.effect_count, 4);
    act(&m, &table, BSK_ACT_ATTACK, 1, 0, 1, -1, -1);
    ck_assert_int_eq(m.units[1].wounds, 4); /* medium 3 + 1 */
    ck_assert_int_eq(m.effect_count, 2);    /* the strike's and its record's shot one used up */
    ck_assert_int_eq(m.effects[0].who, 2);
    ck_assert_int_eq(m.effects[1].what, BSK_CHAR_ATTACK + BSK_STRIKE_DISCHARGE);
    m.turn = (uint8_t)(turn + 1);
    engine_effects_end_turn(&m, &table); /* 413.3: the filler's ends, the unbounded one stays */
    ck_assert_int_eq(m.effect_count, 1);
    ck_assert_int_eq(m.effects[0].what, BSK_CHAR_ATTACK + BSK_STRIKE_DISCHARGE);
}
END_TEST

/* swap12 (issue 23): an attack modifier kept against one unit (BSK_FILTER_AGAINST_UNIT, «+2 к дальним атакам по
 * атакованному»): only its source's attacks at that unit, gone when either leaves the battle zone; and a swap
 * (glossary «Поменять местами (карты)»): two ground cards exchange cells at once. */
START_TEST(test_swap12_against_unit_and_swap)
{
    static bsk_card_table table;
    bsk_match m;
    int die = 4;
    bsk_position pos;
    duel_position(&pos, true);
    bsk_card_table_init(&table);
    start(&m, &table, &pos, 1, &die, 1);
    bsk_effect e = effect(BSK_EFFECT_MODIFY, BSK_CHAR_ATTACK + BSK_STRIKE_SIMPLE, 2, BSK_FILTER_AGAINST_UNIT, 3,
                          BSK_DURATION_BATTLE, 0);
    e.source = 0; /* unit 0's attacks at the filler e6: not this one */
    ck_assert(engine_effect_add(&m, &table, &e));
    e.source = 2; /* the other filler's attacks at the attacked card: not unit 0's */
    e.who = 1;
    ck_assert(engine_effect_add(&m, &table, &e));
    e.source = 0; /* unit 0's at the attacked card: +2 */
    ck_assert(engine_effect_add(&m, &table, &e));
    ck_assert(!engine_effect_applies(&m, &table, &m.effects[2], 0)); /* no other reader sees it */
    act(&m, &table, BSK_ACT_ATTACK, 1, 0, 1, -1, -1);
    ck_assert_int_eq(m.units[1].wounds, 5); /* medium 3 + 2 */
    ck_assert_int_eq(m.effect_count, 3);     /* it lasts (119.3) */
    engine_effects_left_play(&m, 1);         /* the attacked card leaves: its two go */
    ck_assert_int_eq(m.effect_count, 1);
    ck_assert_int_eq(m.effects[0].who, 3);
    engine_effects_left_play(&m, 0); /* the source leaves: its own goes */
    ck_assert_int_eq(m.effect_count, 0);
    /* the swap: unit 0 (c3) and the filler of a1 exchange cells; the enemy filler on e6 stays */
    int c0 = m.units[0].cell, c2 = m.units[2].cell, c3 = m.units[3].cell;
    ck_assert(engine_swappable(&m, 0) && engine_swappable(&m, 2));
    engine_swap(&m, &table, 0, 2, NULL);
    ck_assert_int_eq(m.units[0].cell, c2);
    ck_assert_int_eq(m.units[2].cell, c0);
    ck_assert_int_eq(m.at[c2], 0);
    ck_assert_int_eq(m.at[c0], 2);
    ck_assert_int_eq(m.units[3].cell, c3);
    ck_assert(engine_swappable(&m, 0));
}
END_TEST

/* 503.1: a card leaving the battle zone takes the effects against it with it, through the real leave path (the bug:
 * when the only effects were ones against a unit, no unit counted as altered and engine_to_zone skipped
 * engine_effects_left_play, so «+2 … по атакованному» outlived the attacked card); and m->altered marks only the
 * units an effect may change: a unit's effect its unit alone (the others read their printed values). */
START_TEST(test_503_1_against_unit_effect_leaves_with_its_card)
{
    static bsk_card_table table;
    bsk_match m;
    int die = 4;
    bsk_position pos;
    duel_position(&pos, false);
    bsk_card_table_init(&table);
    start(&m, &table, &pos, 1, &die, 1);
    bsk_effect e = effect(BSK_EFFECT_MODIFY, BSK_CHAR_ATTACK + BSK_STRIKE_SIMPLE, 2, BSK_FILTER_AGAINST_UNIT, 1,
                          BSK_DURATION_BATTLE, 0);
    e.source = 0;
    ck_assert(engine_effect_add(&m, &table, &e));
    ck_assert_int_eq(m.effect_count, 1);
    ck_assert(m.altered == 0); /* it changes no characteristic */
    engine_to_zone(&m, &table, 1, BSK_ZONE_GRAVEYARD); /* the attacked card dies */
    ck_assert_int_eq(m.effect_count, 0);
    /* a unit's effect: that unit alone is altered */
    bsk_effect g = effect(BSK_EFFECT_MODIFY, BSK_CHAR_MOVEMENT, 1, BSK_FILTER_UNIT, 2, BSK_DURATION_BATTLE, 0);
    ck_assert(engine_effect_add(&m, &table, &g));
    ck_assert(m.altered == 1ull << 2);
    ck_assert(m.altered == engine_altered_set(&m));
    /* a side's effect: every unit (a card may join the side) */
    bsk_effect h = effect(BSK_EFFECT_MODIFY, BSK_CHAR_MOVEMENT, 1, BSK_FILTER_CREATURES_OF, 1, BSK_DURATION_BATTLE, 0);
    ck_assert(engine_effect_add(&m, &table, &h));
    ck_assert(m.altered == ~0ull);
    engine_effect_drop(&m, 1);
    ck_assert(m.altered == 1ull << 2);
}
END_TEST

/* branch shield6 (issue 23), 534: a side's prevention pool (what 3, filter CARDS_OF) — only wounds of a
 * non-magic attack on the player's cards, not before its `from` turn, used up wound by wound (534.4). */
START_TEST(test_534_side_pool_non_magic_attacks_from_its_turn)
{
    static bsk_card_table table;
    bsk_match m;
    bsk_card a = striker();
    board(&m, &table, &a, NULL, 0);
    table.ops_any |= 1ull << BSK_OP_SIDE_PREVENTION;
    int turn = m.turn;
    bsk_effect e = effect(BSK_EFFECT_PREVENT, 3, 2, BSK_FILTER_CARDS_OF, 2, BSK_DURATION_TURN, turn + 1);
    e.from = (uint8_t)(turn + 1);
    ck_assert(engine_effect_add(&m, &table, &e));
    uint64_t before = bsk_match_hash(&m);
    ck_assert(!engine_effect_applies(&m, &table, &m.effects[0], 1)); /* not yet */
    ck_assert_int_eq(engine_prevent(&m, &table, 1, 3, KIND_SIMPLE_STRIKE), 3);
    m.effects[0].from = 0;
    ck_assert(bsk_match_hash(&m) != before); /* `from` is hashed */
    m.effects[0].from = (uint8_t)(turn + 1);
    m.turn = (uint8_t)(turn + 1);
    ck_assert(engine_effect_applies(&m, &table, &m.effects[0], 1));
    ck_assert(engine_effect_applies(&m, &table, &m.effects[0], 4)); /* every card of player 2 */
    ck_assert(!engine_effect_applies(&m, &table, &m.effects[0], 0));
    ck_assert_int_eq(engine_prevent(&m, &table, 1, 3, BSK_KEYWORD_DISCHARGE), 3); /* magic: not prevented */
    ck_assert_int_eq(engine_prevent(&m, &table, 1, 3, -1), 3);                    /* no attack */
    ck_assert_int_eq(engine_prevent(&m, &table, 0, 3, KIND_SIMPLE_STRIKE), 3);    /* the other side */
    ck_assert_int_eq(engine_prevent(&m, &table, 1, 1, KIND_SIMPLE_STRIKE), 0);
    ck_assert_int_eq(m.effects[0].value, 1); /* 534.4: the rest kept */
    ck_assert_int_eq(engine_prevent(&m, &table, 2, 3, BSK_KEYWORD_SHOT), 2);
    ck_assert_int_eq(m.effect_count, 0); /* used up */
}
END_TEST

/* ---- the effects cap (DESIGN §5) --------------------------------------------------------- */

START_TEST(test_effects_cap_draws_the_game)
{
    static bsk_card_table table;
    bsk_match m;
    bsk_card a = striker();
    board(&m, &table, &a, NULL, 0);
    bsk_effect e = effect(BSK_EFFECT_MODIFY, BSK_CHAR_LIFE, 1, BSK_FILTER_UNIT, 0, BSK_DURATION_BATTLE, 0);
    for (int i = 0; i < BSK_MATCH_EFFECTS_MAX; i++)
        ck_assert(engine_effect_add(&m, &table, &e));
    json_t *result = bsk_position_result_json(&m);
    ck_assert(json_is_null(result));
    ck_assert(!engine_effect_add(&m, &table, &e)); /* one past the capacity: never a crash nor a drop */
    ck_assert_int_eq(m.effect_count, BSK_MATCH_EFFECTS_MAX);
    const bsk_match_result *r = bsk_match_result_get(&m);
    ck_assert(r->over && r->winner == 0 && r->by_cap && r->cap_effects && !r->cap_actions);
    ck_assert_int_eq(r->reason, BSK_RESULT_CAP);
    ck_assert_int_eq(bsk_match_to_act(&m), 0);
    result = bsk_position_result_json(&m);
    char *text = json_dumps(result, JSON_COMPACT);
    ck_assert_str_eq(text, "{\"winner\":null,\"draw\":true,\"by_cap\":true,\"cap\":\"effects\"}");
    free(text);
    json_decref(result);
    /* the numbers of acquired keywords have a capacity too */
    board(&m, &table, &a, NULL, 0);
    ck_assert(engine_grant(&m, &table, 0, BSK_KEYWORD_ARMOR, 1));
    ck_assert(engine_grant(&m, &table, 0, BSK_KEYWORD_REGENERATION, 1));
    ck_assert(engine_grant(&m, &table, 0, BSK_KEYWORD_ARMOR, 2)); /* the same keyword: the larger kept */
    ck_assert(!engine_grant(&m, &table, 0, BSK_KEYWORD_ATTACK_EXPERIENCE, 1));
    ck_assert(m.result.over && m.result.cap_effects);
}
END_TEST

/* ---- the hash, clone and undo ------------------------------------------------------------ */

START_TEST(test_hash_covers_effects_acquired_lost_extra_life)
{
    static bsk_card_table table;
    static bsk_match base, m, copy;
    bsk_card a = striker();
    board(&base, &table, &a, NULL, 0);
    uint64_t h0 = bsk_match_hash(&base);
    uint64_t seen[8];
    int n = 0;
    seen[n++] = h0;
    /* one change each: every one hashes differently from the base and from the others */
    for (int change = 0; change < 6; change++) {
        m = base;
        bsk_effect e = effect(BSK_EFFECT_GRANT, BSK_KEYWORD_ARMOR, 1, BSK_FILTER_UNIT, 0, BSK_DURATION_TURN, 1);
        switch (change) {
        case 0: ck_assert(engine_effect_add(&m, &table, &e)); break;
        case 1: e.until = 2; ck_assert(engine_effect_add(&m, &table, &e)); break;
        case 2: ck_assert(engine_grant(&m, &table, 0, BSK_KEYWORD_ARMOR, 0)); break;
        case 3: ck_assert(engine_grant(&m, &table, 0, BSK_KEYWORD_ARMOR, 1)); break;
        case 4: engine_lose(&m, 0, BSK_KEYWORD_ARMOR); break;
        default: engine_extra_life(&m, 0, -1); break;
        }
        uint64_t h = bsk_match_hash(&m);
        for (int k = 0; k < n; k++)
            ck_assert_msg(h != seen[k], "change %d hashes like an earlier state", change);
        seen[n++] = h;
        /* clone (memcpy) and undo (restoring a copy) give it back exactly */
        memcpy(&copy, &m, sizeof m);
        ck_assert_uint_eq(bsk_match_hash(&copy), h);
        ck_assert(memcmp(&copy, &m, sizeof m) == 0);
        copy = base;
        ck_assert_uint_eq(bsk_match_hash(&copy), h0);
        ck_assert(engine_derived_ok(&m, &table));
    }
    /* the effects cap is in the hash too */
    m = base;
    engine_effects_cap(&m);
    uint64_t capped = bsk_match_hash(&m);
    m.result.cap_effects = 0;
    ck_assert_uint_ne(capped, bsk_match_hash(&m));
    /* undo (history.h) restores a state with effects exactly */
    m = base;
    bsk_effect kept = effect(BSK_EFFECT_LOSE, BSK_KEYWORD_ARMOR, 0, BSK_FILTER_CREATURES_OF, 2, BSK_DURATION_BATTLE, 0);
    ck_assert(engine_effect_add(&m, &table, &kept));
    engine_extra_life(&m, 1, 2);
    ck_assert(engine_grant(&m, &table, 0, BSK_KEYWORD_ARMOR, 1));
    uint64_t before = bsk_match_hash(&m);
    bsk_history history;
    bsk_history_init(&history);
    bsk_agent agents[2];
    memset(agents, 0, sizeof agents);
    ck_assert_int_eq(bsk_history_push(&history, &m, agents, 0, 1), BSK_OK);
    engine_lose(&m, 0, BSK_KEYWORD_ARMOR);
    engine_extra_life(&m, 1, -2);
    ck_assert_uint_ne(bsk_match_hash(&m), before);
    static bsk_history_entry undone;
    ck_assert(bsk_history_undo(&history, 1u << 1, &undone));
    ck_assert_uint_eq(bsk_match_hash(&undone.match), before);
    copy = m;
    m = undone.match;
    ck_assert_int_eq(bsk_match_unit_keyword_x(&m, &table, 0, BSK_KEYWORD_ARMOR, 0), 1);
    ck_assert_int_eq(bsk_match_unit_extra_life(&m, 1), 2);
    bsk_history_free(&history);
    /* ending the effect puts the hash back: nothing is left of it */
    m = base;
    bsk_effect e = effect(BSK_EFFECT_GRANT, BSK_KEYWORD_ARMOR, 1, BSK_FILTER_UNIT, 0, BSK_DURATION_TURN, 1);
    ck_assert(engine_effect_add(&m, &table, &e));
    ck_assert(engine_effects_end_turn(&m, &table));
    ck_assert_uint_eq(bsk_match_hash(&m), h0);
}
END_TEST

/* ---- random games with random effects ---------------------------------------------------- */

static uint64_t next_random(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

/* Property: random play on a board of synthetic cards while random effects, grants, losses and
 * extra life come and go never breaks the derived sets, the life identity (508.5.1: life = max −
 * wounds) or a clone's hash, and every game ends (a result or the turn cap). */
START_TEST(test_random_games_with_random_effects)
{
    static bsk_card_table table;
    static bsk_match m, copy;
    static bsk_action legal[BSK_MATCH_LEGAL_MAX];
    static const int keywords[] = {BSK_KEYWORD_ARMOR, BSK_KEYWORD_DIRECTED_STRIKE, BSK_KEYWORD_UNANSWERED_STRIKE,
                                   BSK_KEYWORD_ATTACK_EXPERIENCE, BSK_KEYWORD_DEFENSE_EXPERIENCE,
                                   BSK_KEYWORD_REGENERATION, BSK_KEYWORD_STEADFASTNESS, BSK_KEYWORD_CLUMSINESS,
                                   BSK_KEYWORD_PROTECTION_FROM_POISON};
    uint64_t rng = 0x9e3779b97f4a7c15ull;
    int games_over = 0, effects_made = 0;
    for (int game = 0; game < 30; game++) {
        bsk_card cards[4] = {striker(), defender(), striker(), defender()};
        snprintf(cards[2].id, sizeof cards[2].id, "%s", "e-armored-striker");
        add_keyword(&cards[2], BSK_KEYWORD_ARMOR, 1);
        snprintf(cards[3].id, sizeof cards[3].id, "%s", "e-directed-defender");
        add_keyword(&cards[3], BSK_KEYWORD_DIRECTED_STRIKE, -1);
        bsk_position pos = {0};
        static const char *const cells[2][4] = {{"a3", "b3", "c3", "d3"}, {"b4", "c4", "d4", "e4"}};
        for (int side = 0; side < 2; side++)
            for (int k = 0; k < 4; k++)
                put(&pos, &cards[(k + side) % 4], side + 1, cells[side][k]);
        pos.seed = game + 1;
        bsk_card_table_init(&table);
        start(&m, &table, &pos, 1, NULL, 0);
        m.dice.flags = 0; /* roll from the state's RNG, not a position's (empty) script */
        for (int step = 0; step < 600 && bsk_match_to_act(&m); step++) {
            uint64_t r = next_random(&rng);
            int unit = (int)(r % (uint64_t)m.unit_count);
            switch ((r >> 8) % 16) {
            case 0: {
                bsk_effect e = effect((int)((r >> 16) % 4), 0, (int)((r >> 20) % 5) - 2, BSK_FILTER_UNIT, unit,
                                      BSK_DURATION_TURN, engine_turn_end_of(&m, 1 + (int)((r >> 24) % 2), (r >> 25) & 1));
                e.what = (uint8_t)(e.op <= BSK_EFFECT_LOSE ? keywords[(r >> 28) % 9] : (int)((r >> 28) % BSK_EFFECT_CHAR_COUNT));
                if (e.op == BSK_EFFECT_SET && e.what == BSK_CHAR_DIE_ROLL)
                    e.op = BSK_EFFECT_MODIFY;
                if (e.op == BSK_EFFECT_GRANT)
                    e.value = (int8_t)(e.value < 0 ? 0 : e.value);
                if ((r >> 33) % 3 == 0) {
                    e.filter = (uint8_t)(BSK_FILTER_CREATURES_OF + (r >> 35) % 2);
                    e.who = (int8_t)m.units[unit].owner;
                    e.source = (int8_t)unit;
                }
                if ((r >> 37) % 3 == 0) {
                    e.duration = BSK_DURATION_WHILE_SOURCE;
                    e.source = (int8_t)unit;
                }
                effects_made++;
                engine_effect_add(&m, &table, &e);
                engine_destroy_dead(&m, &table, NULL);
                engine_check_result(&m, &table);
                break;
            }
            case 1:
                engine_grant(&m, &table, unit, keywords[(r >> 16) % 9], (int)((r >> 20) % 3));
                break;
            case 2:
                engine_lose(&m, unit, keywords[(r >> 16) % 9]);
                break;
            case 3:
                if (engine_in_battle(&m.units[unit])) {
                    engine_extra_life(&m, unit, (int)((r >> 16) % 5) - 2);
                    engine_destroy_dead(&m, &table, NULL);
                    engine_check_result(&m, &table);
                }
                break;
            default:
                break;
            }
            if (!bsk_match_to_act(&m))
                break;
            int n = bsk_match_legal(&m, &table, legal, BSK_MATCH_LEGAL_MAX);
            ck_assert_int_gt(n, 0);
            bsk_match_apply_legal(&m, &table, &legal[next_random(&rng) % (uint64_t)n], NULL);
            ck_assert(engine_derived_ok(&m, &table));
            for (int i = 0; i < m.unit_count; i++)
                if (engine_in_battle(&m.units[i]))
                    ck_assert_int_eq(bsk_match_unit_life(&m, &table, i),
                                     bsk_match_unit_max_life(&m, &table, i) - m.units[i].wounds);
            memcpy(&copy, &m, sizeof m);
            ck_assert_uint_eq(bsk_match_hash(&copy), bsk_match_hash(&m));
        }
        games_over += m.result.over;
    }
    ck_assert_int_gt(effects_made, 100);
    ck_assert_int_gt(games_over, 0);
}
END_TEST

Suite *effects_suite(void)
{
    Suite *s = suite_create("effects");
    TCase *keywords = tcase_create("acquired_and_lost");
    tcase_add_test(keywords, test_514_2_acquired_directed_strike_no_guard);
    tcase_add_test(keywords, test_514_2_lost_directed_strike_guard_offered);
    tcase_add_test(keywords, test_518_3_acquired_x_the_largest_applies);
    tcase_add_test(keywords, test_518_3_acquired_replaced_for_good_own_suppressed);
    tcase_add_test(keywords, test_534_acquired_armor_prevents);
    suite_add_tcase(s, keywords);
    TCase *life = tcase_create("extra_life");
    tcase_add_test(life, test_508_8_extra_and_negative_life);
    tcase_add_test(life, test_508_8_digest_58_to_61);
    suite_add_tcase(s, life);
    TCase *durations = tcase_create("durations");
    tcase_add_test(durations, test_413_3_until_end_of_turn_gone_next_turn);
    tcase_add_test(durations, test_until_end_of_players_next_turn);
    tcase_add_test(durations, test_122_8_while_source_ends_when_it_leaves);
    tcase_add_test(durations, test_508_8_life_effect_until_end_of_turn);
    suite_add_tcase(s, durations);
    TCase *values = tcase_create("characteristics");
    tcase_add_test(values, test_517_2_strike_and_movement_effects);
    tcase_add_test(values, test_519_2_die_roll_effect);
    tcase_add_test(values, test_side_filters);
    suite_add_tcase(s, values);
    TCase *state = tcase_create("state");
    tcase_add_test(state, test_534_side_pool_non_magic_attacks_from_its_turn);
    tcase_add_test(state, test_focus8_lasting_x_modifier_and_side_next_roll);
    tcase_add_test(state, test_move11_next_attack_modifier_used_up);
    tcase_add_test(state, test_swap12_against_unit_and_swap);
    tcase_add_test(state, test_503_1_against_unit_effect_leaves_with_its_card);
    tcase_add_test(state, test_effects_cap_draws_the_game);
    tcase_add_test(state, test_hash_covers_effects_acquired_lost_extra_life);
    tcase_add_test(state, test_random_games_with_random_effects);
    suite_add_tcase(s, state);
    return s;
}
