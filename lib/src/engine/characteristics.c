/* characteristics.c — a unit's card as the game sees it now (engine.h, "Characteristics"): the
 * accessors that are not hot enough to be inline. Printed values plus what effects grant, take
 * away or modify; no effect modifies a characteristic yet. */
#include "engine.h"

int engine_char_attack_index(const bsk_match *m, const bsk_card_table *cards, int unit, int keyword)
{
    int count = engine_char_attack_count(m, cards, unit);
    for (int k = 0; k < count; k++)
        if (engine_char_attack(m, cards, unit, k)->index == keyword)
            return k;
    return -1;
}

uint64_t engine_char_classes(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return engine_entry(cards, m, unit)->classes;
}

unsigned engine_char_elements(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return engine_entry(cards, m, unit)->elements;
}

/* ---- The public read access (match.h) ---- */

int bsk_match_unit_max_life(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return engine_char_life(m, cards, unit);
}

int bsk_match_unit_movement(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return engine_char_movement(m, cards, unit);
}

bool bsk_match_unit_has_keyword(const bsk_match *m, const bsk_card_table *cards, int unit, bsk_keyword_id keyword)
{
    return engine_char_has(m, cards, unit, (int)keyword);
}

int bsk_match_unit_keyword_x(const bsk_match *m, const bsk_card_table *cards, int unit, bsk_keyword_id keyword,
                             int unprinted)
{
    return engine_char_x(m, cards, unit, (int)keyword, unprinted);
}

int bsk_match_unit_armor_left(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    int left = engine_char_x(m, cards, unit, BSK_KEYWORD_ARMOR, 0) - m->units[unit].armor_used;
    return left > 0 ? left : 0;
}

int bsk_match_unit_type(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return engine_char_type(m, cards, unit);
}

int bsk_match_unit_subtype(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return engine_char_subtype(m, cards, unit);
}

bool bsk_match_unit_has_strike(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return engine_char_has_strike(m, cards, unit);
}

int bsk_match_unit_strike(const bsk_match *m, const bsk_card_table *cards, int unit, int strength)
{
    return engine_char_strike(m, cards, unit, strength);
}

void bsk_match_unit_strikes(const bsk_match *m, const bsk_card_table *cards, int unit, int out[3])
{
    engine_char_strikes(m, cards, unit, out);
}

int bsk_match_unit_attack_count(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return engine_char_attack_count(m, cards, unit);
}

const bsk_attack *bsk_match_unit_attack(const bsk_match *m, const bsk_card_table *cards, int unit, int k)
{
    return engine_char_attack(m, cards, unit, k);
}

int bsk_match_unit_attack_index(const bsk_match *m, const bsk_card_table *cards, int unit, int keyword)
{
    return engine_char_attack_index(m, cards, unit, keyword);
}

bool bsk_match_unit_protected_from(const bsk_match *m, const bsk_card_table *cards, int unit, int striker, int keyword)
{
    return engine_protected_from(m, cards, unit, striker, keyword < 0 ? KIND_SIMPLE_STRIKE : keyword);
}

bool bsk_match_unit_steadfast(const bsk_match *m, const bsk_card_table *cards, int unit, int source, int controller)
{
    return engine_steadfast_blocks(m, cards, unit, source, controller);
}

void bsk_match_hit_table(int a, int d, int8_t strength[2])
{
    engine_hit_table(a, d, strength);
}

int bsk_match_one_die_strength(int roll)
{
    return engine_one_die_strength(roll);
}

void bsk_match_derive(bsk_match *m, const bsk_card_table *cards)
{
    engine_derive(m, cards);
}
