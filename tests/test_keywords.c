/* test_keywords.c — the keyword abilities the engine runs generically (lib/src/engine/keywords.c),
 * on synthetic cards with fixed dice: die-roll modifiers (519: experience, clumsiness), the
 * magnitude pipeline (520, digest 02 worked examples), protections (511.3, 532), armor (534),
 * poison given by a strike, poison and regeneration at the start of the turn (409.2),
 * steadfastness. Cells are global (DESIGN §2). */
#include "berserk/agent.h"
#include "berserk/match.h"
#include "berserk/placement.h"
#include "../lib/src/engine/engine.h"
#include "engine_fixture.h"
#include "suites.h"

#include <stdio.h>
#include <string.h>

/* ---- synthetic cards -------------------------------------------------------------------- */

/* Plain cards: a 1-2-3 striker, a 2-3-4 defender, a 4-5-6 brute, a filler that keeps a side's turn
 * going (it can always move), a flyer. Every test copies one and adds keywords. */
static bsk_card striker(void)
{
    return make_card("k-striker", "k-striker", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 4, false, 10, 2, 1, 2, 3);
}

static bsk_card defender(void)
{
    return make_card("k-defender", "k-defender", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 4, false, 8, 1, 2, 3, 4);
}

static bsk_card brute(void)
{
    return make_card("k-brute", "k-brute", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 4, false, 10, 1, 4, 5, 6);
}

static bsk_card flyer(void)
{
    return make_card("k-flyer", "k-flyer", BSK_TYPE_CREATURE, BSK_SUBTYPE_FLYER, 4, false, 6, 0, 1, 2, 3);
}
static bsk_card FILLER;

/* The card table keeps one slot per id: two variants of a card in one match need their own ids. */
static void set_id(bsk_card *c, const char *id) { snprintf(c->id, sizeof c->id, "%s", id); }

/* Adds a filler for each player (a1, e6) so neither turn passes by itself, then sets the match up. */
static void start_with_fillers(bsk_match *m, bsk_card_table *table, bsk_position *pos, const int *dice, int count)
{
    FILLER = make_card("k-filler", "k-filler", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 4, false, 5, 1, 1, 1, 1);
    put(pos, &FILLER, 1, "a1");
    put(pos, &FILLER, 2, "e6");
    bsk_card_table_init(table);
    start(m, table, pos, 1, dice, count);
}

/* Unit 0 (player 1) strikes unit 1 with a simple strike, then answers a step-down question with
 * `step_down` (-1: none may be asked). */
static void strike(bsk_match *m, const bsk_card_table *table, int step_down)
{
    act(m, table, BSK_ACT_ATTACK, 1, 0, 1, -1, -1);
    bsk_action legal[16];
    int n = bsk_match_legal(m, table, legal, 16);
    bool asked = n > 0 && legal[0].kind == BSK_ACT_STEP_DOWN;
    ck_assert_msg(asked == (step_down >= 0), "step-down %s", asked ? "asked" : "not asked");
    if (asked)
        act(m, table, BSK_ACT_STEP_DOWN, bsk_match_to_act(m), -1, -1, -1, step_down);
    ck_assert_int_eq(bsk_match_dice_left(m), 0);
    ck_assert_int_eq(m->turn, 1);
}

/* A fight: unit 0 (player 1, c3, `a`) strikes unit 1 (player 2, c4, `d`) with the dice given. */
static void fight(const bsk_card *a, const bsk_card *d, int attacker_die, int defender_die, int step_down,
                  int wounds_on_defender, int wounds_on_attacker)
{
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, a, 1, "c3");
    put(&pos, d, 2, "c4");
    int dice[2] = {attacker_die, defender_die};
    start_with_fillers(&m, &table, &pos, dice, 2);
    strike(&m, &table, step_down);
    ck_assert_msg(m.units[1].wounds == wounds_on_defender, "%d:%d defender wounds %d, expected %d", attacker_die,
                  defender_die, m.units[1].wounds, wounds_on_defender);
    ck_assert_msg(m.units[0].wounds == wounds_on_attacker, "%d:%d attacker wounds %d, expected %d", attacker_die,
                  defender_die, m.units[0].wounds, wounds_on_attacker);
}

/* One die: unit 0 (player 1, c3) strikes the tapped unit 1 (player 2, c4); returns its wounds. */
static int strike_closed(const bsk_card *a, const bsk_card *d, int die)
{
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, a, 1, "c3");
    put(&pos, d, 2, "c4")->tapped = true;
    start_with_fillers(&m, &table, &pos, &die, 1);
    strike(&m, &table, -1);
    return m.units[1].wounds;
}

/* Unit 0 (player 1, c1) uses its first keyword (an attack ability) on unit 1 (player 2, c5) with
 * one die; returns the match for more checks. */
static void ability(bsk_match *m, bsk_card_table *table, const bsk_card *a, const bsk_card *t, int die)
{
    bsk_position pos = {0};
    put(&pos, a, 1, "c1");
    put(&pos, t, 2, "c5");
    start_with_fillers(m, table, &pos, &die, 1);
    act(m, table, BSK_ACT_ABILITY, 1, 0, 1, -1, 0);
    ck_assert_int_eq(bsk_match_dice_left(m), 0);
    ck_assert(m->units[0].flags & BSK_UNIT_TAPPED); /* 512.7: paid even when nothing lands */
}

static int ability_wounds(const bsk_card *a, const bsk_card *t, int die)
{
    static bsk_card_table table;
    bsk_match m;
    ability(&m, &table, a, t, die);
    return m.units[1].wounds;
}

/* ---- 519: die-roll modifiers -------------------------------------------------------------- */

/* Baseline (test_match): 5:5 is a tie of 5, the defender's weak counter-strike of 2. */
START_TEST(test_519_attack_experience_1_turns_tie_5_into_plus1)
{
    bsk_card a = striker(), d = defender();
    add_keyword(&a, BSK_KEYWORD_ATTACK_EXPERIENCE, 1);
    fight(&a, &d, 5, 5, -1, 1, 0); /* 6:5 → attacker +1: weak 1, no counter-strike */
}
END_TEST

START_TEST(test_519_attack_experience_unprinted_is_1)
{
    bsk_card a = striker(), d = defender();
    add_keyword(&a, BSK_KEYWORD_ATTACK_EXPERIENCE, -1);
    fight(&a, &d, 5, 5, -1, 1, 0);
}
END_TEST

START_TEST(test_519_attack_experience_2_and_1_largest_applies)
{
    bsk_card a = striker(), d = defender();
    add_keyword(&a, BSK_KEYWORD_ATTACK_EXPERIENCE, 1);
    add_keyword(&a, BSK_KEYWORD_ATTACK_EXPERIENCE, 2); /* 518.3: 2, not 3 */
    fight(&a, &d, 3, 5, -1, 0, 2); /* 5:5, the tie's counter-strike (3: 6:5, 1: 4:5 each weak 1) */
}
END_TEST

START_TEST(test_519_attack_experience_nothing_when_defending)
{
    bsk_card a = striker(), d = defender();
    add_keyword(&d, BSK_KEYWORD_ATTACK_EXPERIENCE, 2); /* glossary §7 #49 */
    fight(&a, &d, 5, 5, -1, 0, 2);
}
END_TEST

START_TEST(test_519_attack_experience_on_closed_card)
{
    bsk_card a = brute(), d = defender();
    add_keyword(&a, BSK_KEYWORD_ATTACK_EXPERIENCE, 1); /* DESIGN §2: also at a closed card */
    ck_assert_int_eq(strike_closed(&a, &d, 3), 5);      /* 3+1 = 4: medium 5 instead of weak 4 */
    ck_assert_int_eq(strike_closed(&a, &d, 5), 6);      /* 6: strong */
}
END_TEST

START_TEST(test_519_attack_experience_not_on_shot)
{
    bsk_card a = striker(), t = defender();
    add_attack(&a, BSK_KEYWORD_SHOT, BSK_ACTIVATION_TAP, 1, 2, 3, 0);
    add_keyword(&a, BSK_KEYWORD_ATTACK_EXPERIENCE, 1);
    ck_assert_int_eq(ability_wounds(&a, &t, 5), 2); /* medium, not strong */
}
END_TEST

/* Baseline: 5:4 is attacker +1, weak 1 on the defender. */
START_TEST(test_519_defense_experience_unprinted_gives_1)
{
    bsk_card a = striker(), d = defender();
    add_keyword(&d, BSK_KEYWORD_DEFENSE_EXPERIENCE, -1); /* glossary §7 #50 */
    fight(&a, &d, 5, 4, -1, 0, 2);                      /* 5:5: the defender's weak 2 */
}
END_TEST

/* 519 in the chance enumeration (DESIGN §5): the defender's die modifiers count there as in the
 * real fight — 5:4 with defence experience is the tie 5:5, the defender's weak 2 */
START_TEST(test_519_defense_experience_in_the_fight_outcomes)
{
    bsk_card a = striker(), d = defender();
    add_keyword(&d, BSK_KEYWORD_DEFENSE_EXPERIENCE, -1);
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &a, 1, "c3");
    put(&pos, &d, 2, "c4");
    start_with_fillers(&m, &table, &pos, NULL, 0);
    bsk_action attack = {BSK_ACT_ATTACK, 1, 0, 1, -1, -1, -1, -1};
    bsk_fight_outcome out[36];
    ck_assert_int_eq(bsk_match_fight_outcomes(&m, &table, &attack, out), 36);
    const bsk_fight_outcome *o = &out[(5 - 1) * 6 + (4 - 1)];
    ck_assert_int_eq(o->dice[0], 5);
    ck_assert_int_eq(o->dice[1], 4);
    ck_assert_int_eq(o->strength[0], -1); /* no strike: a tie */
    ck_assert_int_eq(o->strength[1], 0);  /* the defender's weak counter-strike */
    ck_assert_int_eq(o->magnitude[1], 2);
    fight(&a, &d, 5, 4, -1, 0, 2); /* and so the real fight */
}
END_TEST

START_TEST(test_519_defense_experience_nothing_when_attacking)
{
    bsk_card a = striker(), d = defender();
    add_keyword(&a, BSK_KEYWORD_DEFENSE_EXPERIENCE, 2);
    fight(&a, &d, 5, 4, -1, 1, 0);
}
END_TEST

/* Baseline: 5:3 is attacker +2, an exchange with a step-down question. */
/* 519.6 (branch dice3): a flip effect turns each face to the opposite one, 1↔6, 2↔5, 3↔4 (engine_die_set, a
 * «сводится к» modifier); a value past the faces after the +X / −X has none to turn to and stays; a flip on
 * another card leaves this card's die; two flips of one origin turn it back (519.4: in the order made). */
START_TEST(test_519_6_flip_maps_every_face)
{
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    bsk_card a = striker(), d = defender();
    put(&pos, &a, 1, "c3");
    put(&pos, &d, 2, "c4");
    int dice[1] = {1};
    start_with_fillers(&m, &table, &pos, dice, 1);
    table.ops_any |= 1ull << BSK_OP_FLIP_DIE; /* as a card of the match with flip_die sets it */
    for (int v = 1; v <= 6; v++)
        ck_assert_int_eq(engine_die_set(&m, &table, 0, v), v); /* no flip yet */
    bsk_effect flip = {1, -1, BSK_EFFECT_FLIP, BSK_CHAR_DIE_ROLL, 0, BSK_FILTER_UNIT, 0, BSK_DURATION_BATTLE, 0, 0};
    ck_assert(engine_effect_add(&m, &table, &flip));
    const int opposite[7] = {0, 6, 5, 4, 3, 2, 1};
    for (int v = 1; v <= 6; v++)
        ck_assert_int_eq(engine_die_set(&m, &table, 0, v), opposite[v]);
    ck_assert_int_eq(engine_die_set(&m, &table, 0, 7), 7);
    ck_assert_int_eq(engine_die_set(&m, &table, 0, 0), 0);
    ck_assert_int_eq(engine_die_set(&m, &table, 1, 2), 2); /* the defender's die: not flipped */
    ck_assert(engine_effect_add(&m, &table, &flip));
    ck_assert_int_eq(engine_die_set(&m, &table, 0, 2), 2);
}
END_TEST

START_TEST(test_519_clumsiness_attacker_minus_1)
{
    bsk_card a = striker(), d = defender();
    add_keyword(&a, BSK_KEYWORD_CLUMSINESS, -1); /* unprinted X = 1 */
    fight(&a, &d, 5, 3, -1, 1, 0);              /* 4:3: attacker +1, weak 1 */
}
END_TEST

/* Baseline: 3:5 is defender +2, both miss. */
START_TEST(test_519_clumsiness_defender_minus_1)
{
    bsk_card a = striker(), d = defender();
    add_keyword(&d, BSK_KEYWORD_CLUMSINESS, -1);
    fight(&a, &d, 3, 5, -1, 1, 0); /* 3:4: defender +1, the attacker's weak 1 */
}
END_TEST

START_TEST(test_519_clumsiness_and_attack_experience_sum)
{
    bsk_card a = striker(), d = defender();
    add_keyword(&a, BSK_KEYWORD_CLUMSINESS, 1);
    add_keyword(&a, BSK_KEYWORD_ATTACK_EXPERIENCE, 2);
    fight(&a, &d, 4, 4, -1, 1, 0); /* 5:4 */
    fight(&a, &d, 5, 5, -1, 1, 0); /* 6:5, not the tie's counter-strike */
}
END_TEST

START_TEST(test_519_clumsiness_on_closed_card_strike)
{
    bsk_card a = brute(), d = defender();
    add_keyword(&a, BSK_KEYWORD_CLUMSINESS, -1);
    ck_assert_int_eq(strike_closed(&a, &d, 4), 4); /* 3: weak 4 instead of medium 5 */
}
END_TEST

START_TEST(test_519_clumsiness_not_on_shot)
{
    bsk_card a = striker(), t = defender();
    add_attack(&a, BSK_KEYWORD_SHOT, BSK_ACTIVATION_TAP, 1, 2, 3, 0);
    add_keyword(&a, BSK_KEYWORD_CLUMSINESS, -1); /* glossary §7 #48 */
    ck_assert_int_eq(ability_wounds(&a, &t, 4), 2);
}
END_TEST

START_TEST(test_519_shooting_experience_on_shot)
{
    bsk_card a = striker(), t = defender();
    add_attack(&a, BSK_KEYWORD_SHOT, BSK_ACTIVATION_TAP, 1, 2, 3, 0);
    add_keyword(&a, BSK_KEYWORD_SHOOTING_EXPERIENCE, 1); /* glossary §7 #51 */
    ck_assert_int_eq(ability_wounds(&a, &t, 5), 3);     /* 6: strong */
    ck_assert_int_eq(ability_wounds(&a, &t, 3), 2);     /* 4: medium */
}
END_TEST

START_TEST(test_519_shooting_experience_not_on_throw_or_discharge)
{
    bsk_card a = striker(), b = striker(), t = defender();
    add_attack(&a, BSK_KEYWORD_THROW, BSK_ACTIVATION_TAP, 1, 2, 3, 0);
    add_keyword(&a, BSK_KEYWORD_SHOOTING_EXPERIENCE, 1);
    ck_assert_int_eq(ability_wounds(&a, &t, 5), 2);
    add_attack(&b, BSK_KEYWORD_DISCHARGE, BSK_ACTIVATION_TAP, 1, 2, 3, 0);
    add_keyword(&b, BSK_KEYWORD_SHOOTING_EXPERIENCE, 1);
    ck_assert_int_eq(ability_wounds(&b, &t, 5), 2);
}
END_TEST

START_TEST(test_519_shooting_experience_not_on_simple_strike)
{
    bsk_card a = brute(), d = defender();
    add_keyword(&a, BSK_KEYWORD_SHOOTING_EXPERIENCE, 2);
    ck_assert_int_eq(strike_closed(&a, &d, 3), 4);
}
END_TEST

/* ---- 520: the magnitude pipeline (digest 02 §520 worked examples) --------------------------- */

static int pipeline(const int values[3], int *strength, const engine_magnitude_mod *mods, int count)
{
    return engine_magnitude_pipeline(values, strength, mods, count);
}

static const int BASAARG[3] = {2, 3, 4};

START_TEST(test_520_ex1_plus_three_then_reduce_to_1)
{
    /* group c: +1 formation with the king, +1 at a closed creature (source side), +1 own formation;
     * group d: the target's "reduced to 1" */
    engine_magnitude_mod mods[] = {
        {MAGNITUDE_REDUCE_TO, MAGNITUDE_FROM_TARGET, 1, 1},
        {MAGNITUDE_ADD, MAGNITUDE_FROM_SOURCE, 1, 1},
        {MAGNITUDE_ADD, MAGNITUDE_FROM_SOURCE_SIDE, 1, 1},
        {MAGNITUDE_ADD, MAGNITUDE_FROM_SOURCE_SIDE, 1, 1},
    };
    int strength = STRENGTH_MEDIUM;
    ck_assert_int_eq(pipeline(BASAARG, &strength, mods, 4), 1);
    ck_assert_int_eq(pipeline(BASAARG, &strength, mods + 1, 3), 6); /* without the reduction: 3+3 */
    ck_assert_int_eq(strength, STRENGTH_MEDIUM);
}
END_TEST

START_TEST(test_520_ex2_source_side_strong_then_target_weak)
{
    /* listed target first: the origin order (520.3), not the list, puts the target last */
    engine_magnitude_mod mods[] = {
        {MAGNITUDE_STRENGTH, MAGNITUDE_FROM_TARGET, STRENGTH_WEAK, 1},
        {MAGNITUDE_STRENGTH, MAGNITUDE_FROM_SOURCE_SIDE, STRENGTH_STRONG, 1},
    };
    int strength = STRENGTH_MEDIUM;
    ck_assert_int_eq(pipeline(BASAARG, &strength, mods, 2), 2); /* X-Y-Z read again: weak 2 */
    ck_assert_int_eq(strength, STRENGTH_WEAK);
}
END_TEST

START_TEST(test_520_ex3_source_side_then_opponent_side)
{
    engine_magnitude_mod mods[] = {
        {MAGNITUDE_STRENGTH, MAGNITUDE_FROM_OPPONENT_SIDE, STRENGTH_WEAK, 1},   /* Morok */
        {MAGNITUDE_STRENGTH, MAGNITUDE_FROM_SOURCE_SIDE, STRENGTH_STRONG, 1},   /* the enemy Ost */
    };
    int strength = STRENGTH_MEDIUM;
    ck_assert_int_eq(pipeline(BASAARG, &strength, mods, 2), 2);
    ck_assert_int_eq(strength, STRENGTH_WEAK);
}
END_TEST

START_TEST(test_520_ex4_same_origin_in_the_controllers_order)
{
    engine_magnitude_mod ost_then_morok[] = {
        {MAGNITUDE_STRENGTH, MAGNITUDE_FROM_OPPONENT_SIDE, STRENGTH_STRONG, 1},
        {MAGNITUDE_STRENGTH, MAGNITUDE_FROM_OPPONENT_SIDE, STRENGTH_WEAK, 1},
    };
    engine_magnitude_mod morok_then_ost[] = {ost_then_morok[1], ost_then_morok[0]};
    int strength = STRENGTH_MEDIUM;
    ck_assert_int_eq(pipeline(BASAARG, &strength, ost_then_morok, 2), 2);
    ck_assert_int_eq(strength, STRENGTH_WEAK);
    strength = STRENGTH_MEDIUM;
    ck_assert_int_eq(pipeline(BASAARG, &strength, morok_then_ost, 2), 4);
    ck_assert_int_eq(strength, STRENGTH_STRONG);
}
END_TEST

START_TEST(test_520_ex5_target_acts_last)
{
    engine_magnitude_mod mods[] = {
        {MAGNITUDE_STRENGTH, MAGNITUDE_FROM_TARGET, STRENGTH_STRONG, 1},        /* the Ost itself */
        {MAGNITUDE_STRENGTH, MAGNITUDE_FROM_OPPONENT_SIDE, STRENGTH_WEAK, 1},   /* Morok */
    };
    int strength = STRENGTH_MEDIUM;
    ck_assert_int_eq(pipeline(BASAARG, &strength, mods, 2), 4);
    ck_assert_int_eq(strength, STRENGTH_STRONG);
}
END_TEST

START_TEST(test_520_2_multiply_before_plus)
{
    /* digest 02 §5 #128: weak 2, "double" and "+1" → (2×2)+1 whatever the declaration order */
    engine_magnitude_mod mods[] = {
        {MAGNITUDE_ADD, MAGNITUDE_FROM_SOURCE_SIDE, 1, 1},
        {MAGNITUDE_SCALE, MAGNITUDE_FROM_TARGET, 2, 1},
    };
    int strength = STRENGTH_WEAK;
    ck_assert_int_eq(pipeline(BASAARG, &strength, mods, 2), 5);
    /* dividing rounds down (digest 02 §4 #13 leaves it open): half of 3 is 1 */
    engine_magnitude_mod half = {MAGNITUDE_SCALE, MAGNITUDE_FROM_SOURCE, 1, 2};
    strength = STRENGTH_MEDIUM;
    ck_assert_int_eq(pipeline(BASAARG, &strength, &half, 1), 1);
}
END_TEST

START_TEST(test_520_5_reduce_to_never_raises)
{
    const int zero[3] = {0, 0, 0}, three[3] = {3, 3, 3};
    engine_magnitude_mod reduce = {MAGNITUDE_REDUCE_TO, MAGNITUDE_FROM_TARGET, 1, 1};
    int strength = STRENGTH_WEAK;
    ck_assert_int_eq(pipeline(zero, &strength, &reduce, 1), 0);
    ck_assert_int_eq(pipeline(three, &strength, &reduce, 1), 1);
}
END_TEST

START_TEST(test_520_8_negative_is_zero)
{
    const int one[3] = {1, 1, 1};
    engine_magnitude_mod minus = {MAGNITUDE_ADD, MAGNITUDE_FROM_TARGET, -3, 1};
    int strength = STRENGTH_STRONG;
    ck_assert_int_eq(pipeline(one, &strength, &minus, 1), 0);
    ck_assert_int_eq(pipeline(one, &strength, NULL, 0), 1);
}
END_TEST

/* ---- 511.3, 532: protections --------------------------------------------------------------- */

START_TEST(test_532_1_protection_from_shots_stops_a_shot)
{
    bsk_card a = striker(), t = defender();
    add_attack(&a, BSK_KEYWORD_SHOT, BSK_ACTIVATION_TAP, 3, 3, 3, 0);
    add_keyword(&t, BSK_KEYWORD_PROTECTION_FROM_SHOTS, -1);
    ck_assert_int_eq(ability_wounds(&a, &t, 4), 0); /* glossary §7 #78 */
}
END_TEST

START_TEST(test_532_1_each_protection_covers_its_own_kind)
{
    /* glossary §7 #80: shots ≠ throws ≠ discharges */
    bsk_card shot = striker(), throw_ = striker(), discharge = striker();
    add_attack(&shot, BSK_KEYWORD_SHOT, BSK_ACTIVATION_TAP, 3, 3, 3, 0);
    add_attack(&throw_, BSK_KEYWORD_THROW, BSK_ACTIVATION_TAP, 3, 3, 3, 0);
    add_attack(&discharge, BSK_KEYWORD_DISCHARGE, BSK_ACTIVATION_TAP, 3, 3, 3, 0);
    bsk_card from_shots = defender(), from_throws = defender(), from_discharges = defender();
    add_keyword(&from_shots, BSK_KEYWORD_PROTECTION_FROM_SHOTS, -1);
    add_keyword(&from_throws, BSK_KEYWORD_PROTECTION_FROM_THROWS, -1);
    add_keyword(&from_discharges, BSK_KEYWORD_PROTECTION_FROM_DISCHARGES, -1);
    ck_assert_int_eq(ability_wounds(&throw_, &from_shots, 4), 3);
    ck_assert_int_eq(ability_wounds(&discharge, &from_shots, 4), 3);
    ck_assert_int_eq(ability_wounds(&throw_, &from_throws, 4), 0);
    ck_assert_int_eq(ability_wounds(&shot, &from_throws, 4), 3);
    ck_assert_int_eq(ability_wounds(&discharge, &from_discharges, 4), 0);
    ck_assert_int_eq(ability_wounds(&throw_, &from_discharges, 4), 3);
    ck_assert_int_eq(ability_wounds(&shot, &from_discharges, 4), 3);
}
END_TEST

START_TEST(test_532_3_protection_from_magic_discharge_and_magic_strike)
{
    /* glossary §7 #83: spells, magic strikes, discharges; not shots, throws or simple strikes */
    bsk_card discharge = striker(), magic = striker(), shot = striker(), t = defender();
    add_attack(&discharge, BSK_KEYWORD_DISCHARGE, BSK_ACTIVATION_TAP, 3, 3, 3, 0);
    add_attack(&magic, BSK_KEYWORD_MAGIC_STRIKE, BSK_ACTIVATION_TAP, 3, 3, 3, 0);
    add_attack(&shot, BSK_KEYWORD_SHOT, BSK_ACTIVATION_TAP, 3, 3, 3, 0);
    add_keyword(&t, BSK_KEYWORD_PROTECTION_FROM_MAGIC, -1);
    ck_assert_int_eq(ability_wounds(&discharge, &t, 4), 0);
    ck_assert_int_eq(ability_wounds(&shot, &t, 4), 3);
    bsk_card b = brute();
    ck_assert_int_eq(strike_closed(&b, &t, 4), 5);
    /* a magic strike is melee: c3 on c4 */
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &magic, 1, "c3");
    put(&pos, &t, 2, "c4");
    int die = 6;
    start_with_fillers(&m, &table, &pos, &die, 1);
    act(&m, &table, BSK_ACT_ABILITY, 1, 0, 1, -1, 0);
    ck_assert_int_eq(m.units[1].wounds, 0);
    ck_assert(m.units[0].flags & BSK_UNIT_TAPPED);
}
END_TEST

START_TEST(test_532_protection_from_flyer_attacks_strike_and_counter_strike)
{
    /* glossary §7 #88: the flyer's simple strike does nothing; the protected card's counter-strike
     * still lands on the flyer */
    bsk_card a = flyer(), d = defender();
    add_keyword(&d, BSK_KEYWORD_PROTECTION_FROM_FLYER_ATTACKS, -1);
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &a, 1, "extra");
    put(&pos, &d, 2, "c4");
    int dice[2] = {5, 3}; /* +2: medium 2 / weak 2, keep the exchange */
    start_with_fillers(&m, &table, &pos, dice, 2);
    strike(&m, &table, 0);
    ck_assert_int_eq(m.units[1].wounds, 0);
    ck_assert_int_eq(m.units[0].wounds, 2);
}
END_TEST

START_TEST(test_532_spells_magic_and_flyers_spells_checked_directly)
{
    /* glossary §7 #82, #83, #88: no spell runs yet, so the check itself is tested */
    bsk_card spells = defender(), magic = defender(), flyers = defender(), f = flyer();
    add_keyword(&spells, BSK_KEYWORD_PROTECTION_FROM_SPELLS, -1);
    set_id(&spells, "k-spells");
    add_keyword(&magic, BSK_KEYWORD_PROTECTION_FROM_MAGIC, -1);
    set_id(&magic, "k-magic");
    add_keyword(&flyers, BSK_KEYWORD_PROTECTION_FROM_FLYER_ATTACKS, -1);
    set_id(&flyers, "k-flyers");
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &spells, 2, "a4");
    put(&pos, &magic, 2, "b4");
    put(&pos, &flyers, 2, "c4");
    put(&pos, &f, 1, "extra");
    start_with_fillers(&m, &table, &pos, NULL, 0);
    ck_assert(engine_protected_from(&m, &table, 0, 3, KIND_SPELL));
    ck_assert(!engine_protected_from(&m, &table, 0, 3, KIND_EFFECT_ABILITY));
    ck_assert(!engine_protected_from(&m, &table, 0, 3, BSK_KEYWORD_DISCHARGE));
    ck_assert(engine_protected_from(&m, &table, 1, -1, KIND_SPELL));
    ck_assert(!engine_protected_from(&m, &table, 1, -1, KIND_EFFECT_ABILITY));
    ck_assert(!engine_protected_from(&m, &table, 1, -1, KIND_SIMPLE_STRIKE));
    ck_assert(engine_protected_from(&m, &table, 2, 3, KIND_SIMPLE_STRIKE));
    ck_assert(engine_protected_from(&m, &table, 2, 3, BSK_KEYWORD_SHOT));
    ck_assert(!engine_protected_from(&m, &table, 2, 3, KIND_SPELL));
    ck_assert(!engine_protected_from(&m, &table, 2, 3, KIND_EFFECT_ABILITY));
    ck_assert(!engine_protected_from(&m, &table, 2, 0, KIND_SIMPLE_STRIKE));
}
END_TEST

START_TEST(test_532_protection_from_flyer_attacks_not_from_ground_cards)
{
    bsk_card a = brute(), d = defender();
    add_keyword(&d, BSK_KEYWORD_PROTECTION_FROM_FLYER_ATTACKS, -1);
    ck_assert_int_eq(strike_closed(&a, &d, 4), 5);
}
END_TEST

START_TEST(test_532_1_protected_target_gets_no_poison_from_the_shot)
{
    bsk_card a = striker(), t = defender();
    add_attack(&a, BSK_KEYWORD_SHOT, BSK_ACTIVATION_TAP, 3, 3, 3, 0);
    add_keyword(&a, BSK_KEYWORD_INFLICTS_POISON, 1);
    a.support = BSK_SUPPORT_FULL; /* poisons on every strike only when fully described */
    add_keyword(&t, BSK_KEYWORD_PROTECTION_FROM_SHOTS, -1);
    static bsk_card_table table;
    bsk_match m;
    ability(&m, &table, &a, &t, 4);
    ck_assert_int_eq(m.units[1].wounds, 0);
    ck_assert_int_eq(m.units[1].poison, 0);
}
END_TEST

/* ---- 534: armor ------------------------------------------------------------------------------ */

START_TEST(test_534_armor_2_two_shots_of_3_same_turn)
{
    /* glossary §7 #1: 1 wound, then all 3 */
    bsk_card a = striker(), t = defender();
    add_attack(&a, BSK_KEYWORD_SHOT, BSK_ACTIVATION_TAP, 3, 3, 3, 0);
    add_keyword(&t, BSK_KEYWORD_ARMOR, 2);
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &a, 1, "c1");
    put(&pos, &t, 2, "c5");
    put(&pos, &a, 1, "d1");
    int dice[2] = {4, 4};
    start_with_fillers(&m, &table, &pos, dice, 2);
    act(&m, &table, BSK_ACT_ABILITY, 1, 0, 1, -1, 0);
    ck_assert_int_eq(m.units[1].wounds, 1);
    ck_assert_int_eq(m.units[1].armor_used, 2);
    act(&m, &table, BSK_ACT_ABILITY, 1, 2, 1, -1, 0);
    ck_assert_int_eq(m.units[1].wounds, 4);
}
END_TEST

START_TEST(test_534_armor_resets_every_turn_of_either_player)
{
    /* glossary §7 #2: used up in the opponent's turn, it prevents 2 again in its controller's turn
     * (here against its own squad's strike, 515.7) */
    bsk_card a = striker(), t = defender(), own = brute();
    add_attack(&a, BSK_KEYWORD_SHOT, BSK_ACTIVATION_TAP, 3, 3, 3, 0);
    add_keyword(&t, BSK_KEYWORD_ARMOR, 2);
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &a, 1, "c1");
    put(&pos, &t, 2, "c5");
    put(&pos, &own, 2, "c6");
    int dice[2] = {4, 4};
    start_with_fillers(&m, &table, &pos, dice, 2);
    act(&m, &table, BSK_ACT_ABILITY, 1, 0, 1, -1, 0);
    ck_assert_int_eq(m.units[1].wounds, 1);
    act(&m, &table, BSK_ACT_END_TURN, 1, -1, -1, -1, -1);
    ck_assert_int_eq(m.turn, 2);
    ck_assert_int_eq(m.units[1].armor_used, 0);
    act(&m, &table, BSK_ACT_ATTACK, 2, 2, 1, -1, -1); /* 4: medium 5, 2 prevented */
    ck_assert_int_eq(m.units[1].wounds, 1 + 3);
}
END_TEST

START_TEST(test_534_armor_nothing_against_magic_attacks)
{
    /* glossary §7 #3 */
    bsk_card d = striker(), t = defender();
    add_attack(&d, BSK_KEYWORD_DISCHARGE, BSK_ACTIVATION_TAP, 3, 3, 3, 0);
    add_keyword(&t, BSK_KEYWORD_ARMOR, 2);
    ck_assert_int_eq(ability_wounds(&d, &t, 4), 3);
}
END_TEST

START_TEST(test_534_armor_on_counter_strike)
{
    /* glossary §7 #4: 2:6 is defender +4, weak 1 / medium 3; armor 1 takes one of the 3 */
    bsk_card a = striker(), d = defender();
    add_keyword(&a, BSK_KEYWORD_ARMOR, 1);
    fight(&a, &d, 2, 6, 0, 1, 2);
}
END_TEST

START_TEST(test_534_only_the_largest_armor)
{
    /* glossary §7 #6: armor 1 and armor 3 prevent 3 */
    bsk_card a = brute(), t = defender();
    add_keyword(&t, BSK_KEYWORD_ARMOR, 1);
    add_keyword(&t, BSK_KEYWORD_ARMOR, 3);
    ck_assert_int_eq(strike_closed(&a, &t, 4), 2); /* medium 5 − 3 */
}
END_TEST

/* The greedy agent weighs armor as the engine applies it (bsk_match_unit_armor_left): the largest
 * armor (armor 1 and armor 3 prevent 3), less what it prevented this turn. A 4-5-6 brute at c3
 * chooses between c4 (armor 1) and d3 (armor 1 and 3). */
static int greedy_strike_target(int d3_armor_used)
{
    bsk_card a = brute(), both = defender(), one = defender();
    set_id(&both, "k-armor-1-3");
    add_keyword(&both, BSK_KEYWORD_ARMOR, 1);
    add_keyword(&both, BSK_KEYWORD_ARMOR, 3);
    set_id(&one, "k-armor-1");
    add_keyword(&one, BSK_KEYWORD_ARMOR, 1);
    static bsk_card_table table;
    static bsk_match m;
    static bsk_match_view view;
    static bsk_action legal[BSK_MATCH_LEGAL_MAX];
    bsk_position pos = {0};
    put(&pos, &a, 1, "c3");
    put(&pos, &one, 2, "c4");
    put(&pos, &both, 2, "d3");
    start_with_fillers(&m, &table, &pos, NULL, 0);
    m.units[2].armor_used = (uint8_t)d3_armor_used;
    ck_assert_int_eq(bsk_match_unit_armor_left(&m, &table, 1), 1);
    ck_assert_int_eq(bsk_match_unit_armor_left(&m, &table, 2), 3 - d3_armor_used);
    bsk_agent agents[2];
    bsk_agent_init(&agents[0], BSK_AGENT_GREEDY, 1, 7);
    bsk_agent_init(&agents[1], BSK_AGENT_GREEDY, 2, 8);
    int count = 0;
    bsk_error error;
    int k = bsk_agent_decide(agents, &m, &table, legal, &count, &view, &error);
    ck_assert_int_ge(k, 0);
    ck_assert_int_eq(legal[k].kind, BSK_ACT_ATTACK);
    ck_assert_int_eq(legal[k].unit, 0);
    return legal[k].target;
}

START_TEST(test_534_greedy_agent_reads_armor_left)
{
    ck_assert_int_eq(greedy_strike_target(0), 1); /* d3 prevents 3 (not its first armor, 1), c4 only 1 */
    ck_assert_int_eq(greedy_strike_target(3), 2); /* d3's armor is spent this turn */
}
END_TEST

START_TEST(test_534_armor_prevents_all_poison_still_given)
{
    /* glossary §7 #5: armor 2 takes all of a strike of 2, "при атаке – отравить" still poisons */
    bsk_card a = striker(), t = defender();
    add_keyword(&a, BSK_KEYWORD_INFLICTS_POISON, 1);
    a.support = BSK_SUPPORT_FULL; /* poisons on every strike only when fully described */
    add_keyword(&t, BSK_KEYWORD_ARMOR, 2);
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &a, 1, "c3");
    put(&pos, &t, 2, "c4")->tapped = true;
    int die = 4;
    start_with_fillers(&m, &table, &pos, &die, 1);
    strike(&m, &table, -1);
    ck_assert_int_eq(m.units[1].wounds, 0);
    ck_assert_int_eq(m.units[1].poison, 1);
}
END_TEST

/* ---- Poison given by a strike -------------------------------------------------------------- */

/* The catalogue's inflicts_poison tag does not say which strikes poison: a card it does not
 * describe fully (every real card today) poisons on no strike. */
START_TEST(test_inflicts_poison_tag_alone_poisons_nothing)
{
    bsk_card a = striker(), d = defender();
    add_keyword(&a, BSK_KEYWORD_INFLICTS_POISON, 1);
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &a, 1, "c3");
    put(&pos, &d, 2, "c4");
    int dice[2] = {6, 1}; /* +5: strong, no counter-strike */
    start_with_fillers(&m, &table, &pos, dice, 2);
    strike(&m, &table, -1);
    ck_assert_int_gt(m.units[1].wounds, 0);
    ck_assert_int_eq(m.units[1].poison, 0);
}
END_TEST

START_TEST(test_515_5_miss_gives_no_poison)
{
    bsk_card a = striker(), d = defender();
    add_keyword(&a, BSK_KEYWORD_INFLICTS_POISON, 1);
    a.support = BSK_SUPPORT_FULL; /* poisons on every strike only when fully described */
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &a, 1, "c3");
    put(&pos, &d, 2, "c4");
    int dice[2] = {3, 5}; /* defender +2: both miss */
    start_with_fillers(&m, &table, &pos, dice, 2);
    strike(&m, &table, -1);
    ck_assert_int_eq(m.units[1].wounds, 0);
    ck_assert_int_eq(m.units[1].poison, 0);
}
END_TEST

START_TEST(test_515_4_counter_strike_gives_poison)
{
    bsk_card a = striker(), d = defender();
    add_keyword(&d, BSK_KEYWORD_INFLICTS_POISON, 2);
    d.support = BSK_SUPPORT_FULL;
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &a, 1, "c3");
    put(&pos, &d, 2, "c4");
    int dice[2] = {5, 5};
    start_with_fillers(&m, &table, &pos, dice, 2); /* a tie of 5: the defender's weak counter-strike of 2 */
    strike(&m, &table, -1);
    ck_assert_int_eq(m.units[0].wounds, 2);
    ck_assert_int_eq(m.units[0].poison, 2);
    ck_assert_int_eq(m.units[1].poison, 0);
}
END_TEST

START_TEST(test_518_3_poison_only_a_larger_value_replaces)
{
    bsk_card a = brute(), t = defender();
    add_keyword(&a, BSK_KEYWORD_INFLICTS_POISON, 1);
    a.support = BSK_SUPPORT_FULL; /* poisons on every strike only when fully described */
    add_keyword(&a, BSK_KEYWORD_INFLICTS_POISON, 2); /* printed twice (01-193 Арацент): 2 */
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &a, 1, "c3");
    put(&pos, &t, 2, "c4")->tapped = true;
    put(&pos, &t, 2, "b4")->tapped = true;
    pos.cards[1].poison = 3;
    pos.cards[2].poison = 1;
    int die = 1;
    start_with_fillers(&m, &table, &pos, &die, 1);
    strike(&m, &table, -1);
    ck_assert_int_eq(m.units[1].poison, 3); /* 2 is not larger: not performed */
    ck_assert(!engine_give_poison(&m, &table, 1, 2));
    ck_assert(engine_give_poison(&m, &table, 2, 2));
    ck_assert_int_eq(m.units[2].poison, 2);
}
END_TEST

START_TEST(test_532_1_protection_from_poison_and_incorporeal_get_none)
{
    bsk_card a = brute(), safe = defender(), ghost = defender();
    add_keyword(&a, BSK_KEYWORD_INFLICTS_POISON, 1);
    a.support = BSK_SUPPORT_FULL; /* poisons on every strike only when fully described */
    add_keyword(&safe, BSK_KEYWORD_PROTECTION_FROM_POISON, -1);
    add_keyword(&ghost, BSK_KEYWORD_INCORPOREAL, -1);
    set_id(&ghost, "k-ghost");
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &a, 1, "c3");
    put(&pos, &safe, 2, "c4")->tapped = true;
    put(&pos, &ghost, 2, "a5"); /* no guard: not adjacent to c3 */
    int die = 1;
    start_with_fillers(&m, &table, &pos, &die, 1);
    strike(&m, &table, -1);
    ck_assert_int_eq(m.units[1].wounds, 4); /* the strike itself lands */
    ck_assert_int_eq(m.units[1].poison, 0);
    ck_assert(!engine_give_poison(&m, &table, 2, 1)); /* glossary §7 #14 */
    ck_assert_int_eq(m.units[2].poison, 0);
}
END_TEST

/* ---- 409.2: poison and regeneration at the start of the turn ------------------------------- */

/* Unit 0 is player 2's creature `c` on c5 with `wounds`, `poison`, tapped or not; player 1 passes
 * the turn, so player 2's untap step runs. */
static void turn_of_player_2(bsk_match *m, bsk_card_table *table, const bsk_card *c, int wounds, int poison,
                             bool tapped)
{
    bsk_position pos = {0};
    bsk_position_card *pc = put(&pos, c, 2, "c5");
    pc->wounds = wounds;
    pc->poison = poison;
    pc->tapped = tapped;
    start_with_fillers(m, table, &pos, NULL, 0);
    act(m, table, BSK_ACT_END_TURN, 1, -1, -1, -1, -1);
    ck_assert_int_eq(m->turn, 2);
    ck_assert_int_eq(bsk_match_to_act(m), 2);
}

START_TEST(test_409_2_regeneration_2_heals_at_own_untap)
{
    /* glossary §7 #8, tapped before the untap step */
    bsk_card c = defender();
    add_keyword(&c, BSK_KEYWORD_REGENERATION, 2);
    static bsk_card_table table;
    bsk_match m;
    turn_of_player_2(&m, &table, &c, 3, 0, true);
    ck_assert_int_eq(m.units[0].wounds, 1);
    bsk_match open;
    turn_of_player_2(&open, &table, &c, 1, 0, false); /* already open: it triggers; never below 0 */
    ck_assert_int_eq(open.units[0].wounds, 0);
}
END_TEST

START_TEST(test_409_2_regeneration_never_in_the_opponents_turn)
{
    /* glossary §7 #10: player 1's creature does not heal at player 2's untap */
    bsk_card c = defender();
    add_keyword(&c, BSK_KEYWORD_REGENERATION, 2);
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &c, 1, "c2")->wounds = 3;
    start_with_fillers(&m, &table, &pos, NULL, 0);
    act(&m, &table, BSK_ACT_END_TURN, 1, -1, -1, -1, -1);
    ck_assert_int_eq(m.turn, 2);
    ck_assert_int_eq(m.units[0].wounds, 3);
}
END_TEST

START_TEST(test_409_2_poison_wounds_open_creature)
{
    /* glossary §7 #12: poison 1 wounds 1 at its controller's untap; the markers stay */
    bsk_card c = defender();
    static bsk_card_table table;
    bsk_match m;
    turn_of_player_2(&m, &table, &c, 0, 1, false);
    ck_assert_int_eq(m.units[0].wounds, 1);
    ck_assert_int_eq(m.units[0].poison, 1);
}
END_TEST

START_TEST(test_409_2_poison_kills_at_the_untap_step)
{
    bsk_card c = defender(); /* 8 life */
    static bsk_card_table table;
    bsk_match m;
    turn_of_player_2(&m, &table, &c, 6, 2, true);
    ck_assert_int_eq(m.units[0].zone, BSK_ZONE_GRAVEYARD); /* 509.1 */
    ck_assert_int_eq(m.units[0].poison, 0);                 /* 503.1 g: markers go with it */
}
END_TEST

START_TEST(test_409_2_poison_and_regeneration_order)
{
    /* the active player orders them: poison first when it does not kill (nothing wasted)… */
    bsk_card c = defender();
    add_keyword(&c, BSK_KEYWORD_REGENERATION, 1);
    static bsk_card_table table;
    bsk_match m;
    turn_of_player_2(&m, &table, &c, 0, 1, false);
    ck_assert_int_eq(m.units[0].wounds, 0);
    /* …regeneration first when the poison alone would kill: 7 wounds of 8, poison 1 */
    bsk_match last;
    turn_of_player_2(&last, &table, &c, 7, 1, false);
    ck_assert_int_eq(last.units[0].zone, BSK_ZONE_BATTLEFIELD);
    ck_assert_int_eq(last.units[0].wounds, 7);
}
END_TEST

START_TEST(test_409_2_incorporeal_neither_poisoned_nor_regenerates)
{
    /* glossary §7 #11, #14 */
    bsk_card c = defender();
    add_keyword(&c, BSK_KEYWORD_INCORPOREAL, -1);
    add_keyword(&c, BSK_KEYWORD_REGENERATION, 2);
    static bsk_card_table table;
    bsk_match m;
    turn_of_player_2(&m, &table, &c, 3, 1, false);
    ck_assert_int_eq(m.units[0].wounds, 3);
}
END_TEST

START_TEST(test_532_1_protection_from_poison_loses_markers_at_untap)
{
    bsk_card c = defender();
    add_keyword(&c, BSK_KEYWORD_PROTECTION_FROM_POISON, -1);
    static bsk_card_table table;
    bsk_match m;
    turn_of_player_2(&m, &table, &c, 0, 2, false);
    ck_assert_int_eq(m.units[0].wounds, 0);
    ck_assert_int_eq(m.units[0].poison, 0);
}
END_TEST

START_TEST(test_409_2_poison_not_in_the_opponents_turn)
{
    bsk_card c = defender();
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &c, 1, "c2")->poison = 1;
    start_with_fillers(&m, &table, &pos, NULL, 0);
    act(&m, &table, BSK_ACT_END_TURN, 1, -1, -1, -1, -1);
    ck_assert_int_eq(m.turn, 2);
    ck_assert_int_eq(m.units[0].wounds, 0);
}
END_TEST

/* ---- Steadfastness ---------------------------------------------------------------------------- */

START_TEST(test_steadfastness_blocks_only_the_opponents_effect_abilities)
{
    /* glossary §7 #45, #47 */
    bsk_card s = defender(), plain = defender();
    add_keyword(&s, BSK_KEYWORD_STEADFASTNESS, -1);
    set_id(&s, "k-steadfast");
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    put(&pos, &s, 2, "c4");     /* 0 */
    put(&pos, &plain, 2, "b4"); /* 1 */
    put(&pos, &plain, 1, "c3"); /* 2 */
    start_with_fillers(&m, &table, &pos, NULL, 0);
    ck_assert(engine_steadfast_blocks(&m, &table, 0, 2, 0));  /* an opponent's card */
    ck_assert(engine_steadfast_blocks(&m, &table, 0, -1, 1)); /* controlled by the opponent */
    ck_assert(!engine_steadfast_blocks(&m, &table, 0, 1, 0)); /* its own squad's */
    ck_assert(!engine_steadfast_blocks(&m, &table, 0, 0, 0)); /* its own poison */
    ck_assert(!engine_steadfast_blocks(&m, &table, 1, 2, 0)); /* no steadfastness */
}
END_TEST

START_TEST(test_steadfastness_still_takes_attacks)
{
    /* glossary §7 #46 */
    bsk_card a = striker(), t = defender();
    add_attack(&a, BSK_KEYWORD_SHOT, BSK_ACTIVATION_TAP, 3, 3, 3, 0);
    add_keyword(&t, BSK_KEYWORD_STEADFASTNESS, -1);
    ck_assert_int_eq(ability_wounds(&a, &t, 4), 3);
}
END_TEST

Suite *keywords_suite(void)
{
    Suite *s = suite_create("keywords");
    TCase *dice = tcase_create("die_modifiers");
    tcase_add_test(dice, test_519_attack_experience_1_turns_tie_5_into_plus1);
    tcase_add_test(dice, test_519_attack_experience_unprinted_is_1);
    tcase_add_test(dice, test_519_attack_experience_2_and_1_largest_applies);
    tcase_add_test(dice, test_519_attack_experience_nothing_when_defending);
    tcase_add_test(dice, test_519_attack_experience_on_closed_card);
    tcase_add_test(dice, test_519_attack_experience_not_on_shot);
    tcase_add_test(dice, test_519_defense_experience_unprinted_gives_1);
    tcase_add_test(dice, test_519_defense_experience_in_the_fight_outcomes);
    tcase_add_test(dice, test_519_defense_experience_nothing_when_attacking);
    tcase_add_test(dice, test_519_6_flip_maps_every_face);
    tcase_add_test(dice, test_519_clumsiness_attacker_minus_1);
    tcase_add_test(dice, test_519_clumsiness_defender_minus_1);
    tcase_add_test(dice, test_519_clumsiness_and_attack_experience_sum);
    tcase_add_test(dice, test_519_clumsiness_on_closed_card_strike);
    tcase_add_test(dice, test_519_clumsiness_not_on_shot);
    tcase_add_test(dice, test_519_shooting_experience_on_shot);
    tcase_add_test(dice, test_519_shooting_experience_not_on_throw_or_discharge);
    tcase_add_test(dice, test_519_shooting_experience_not_on_simple_strike);
    suite_add_tcase(s, dice);
    TCase *magnitude = tcase_create("magnitude");
    tcase_add_test(magnitude, test_520_ex1_plus_three_then_reduce_to_1);
    tcase_add_test(magnitude, test_520_ex2_source_side_strong_then_target_weak);
    tcase_add_test(magnitude, test_520_ex3_source_side_then_opponent_side);
    tcase_add_test(magnitude, test_520_ex4_same_origin_in_the_controllers_order);
    tcase_add_test(magnitude, test_520_ex5_target_acts_last);
    tcase_add_test(magnitude, test_520_2_multiply_before_plus);
    tcase_add_test(magnitude, test_520_5_reduce_to_never_raises);
    tcase_add_test(magnitude, test_520_8_negative_is_zero);
    suite_add_tcase(s, magnitude);
    TCase *protection = tcase_create("protection_and_armor");
    tcase_add_test(protection, test_532_1_protection_from_shots_stops_a_shot);
    tcase_add_test(protection, test_532_1_each_protection_covers_its_own_kind);
    tcase_add_test(protection, test_532_3_protection_from_magic_discharge_and_magic_strike);
    tcase_add_test(protection, test_532_protection_from_flyer_attacks_strike_and_counter_strike);
    tcase_add_test(protection, test_532_spells_magic_and_flyers_spells_checked_directly);
    tcase_add_test(protection, test_532_protection_from_flyer_attacks_not_from_ground_cards);
    tcase_add_test(protection, test_532_1_protected_target_gets_no_poison_from_the_shot);
    tcase_add_test(protection, test_534_armor_2_two_shots_of_3_same_turn);
    tcase_add_test(protection, test_534_armor_resets_every_turn_of_either_player);
    tcase_add_test(protection, test_534_armor_nothing_against_magic_attacks);
    tcase_add_test(protection, test_534_armor_on_counter_strike);
    tcase_add_test(protection, test_534_only_the_largest_armor);
    tcase_add_test(protection, test_534_greedy_agent_reads_armor_left);
    tcase_add_test(protection, test_534_armor_prevents_all_poison_still_given);
    suite_add_tcase(s, protection);
    TCase *poison = tcase_create("poison_and_regeneration");
    tcase_add_test(poison, test_515_5_miss_gives_no_poison);
    tcase_add_test(poison, test_inflicts_poison_tag_alone_poisons_nothing);
    tcase_add_test(poison, test_515_4_counter_strike_gives_poison);
    tcase_add_test(poison, test_518_3_poison_only_a_larger_value_replaces);
    tcase_add_test(poison, test_532_1_protection_from_poison_and_incorporeal_get_none);
    tcase_add_test(poison, test_409_2_regeneration_2_heals_at_own_untap);
    tcase_add_test(poison, test_409_2_regeneration_never_in_the_opponents_turn);
    tcase_add_test(poison, test_409_2_poison_wounds_open_creature);
    tcase_add_test(poison, test_409_2_poison_kills_at_the_untap_step);
    tcase_add_test(poison, test_409_2_poison_and_regeneration_order);
    tcase_add_test(poison, test_409_2_incorporeal_neither_poisoned_nor_regenerates);
    tcase_add_test(poison, test_532_1_protection_from_poison_loses_markers_at_untap);
    tcase_add_test(poison, test_409_2_poison_not_in_the_opponents_turn);
    tcase_add_test(poison, test_steadfastness_blocks_only_the_opponents_effect_abilities);
    tcase_add_test(poison, test_steadfastness_still_takes_attacks);
    suite_add_tcase(s, poison);
    return s;
}
