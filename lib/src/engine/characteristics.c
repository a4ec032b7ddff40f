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
