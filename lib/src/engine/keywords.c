/* keywords.c — keyword abilities that run generically from catalogue data: die-roll modifiers
 * (519: attack, defence and shooting experience, clumsiness), the magnitude pipeline (520), the
 * protection check (511.3, 532), armor as prevention (511.5, 534), poison and regeneration at
 * the start of the turn (409.2), steadfastness. */
#include "engine.h"

int engine_die_modifier(const bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e, int unit)
{
    (void)m; (void)cards; (void)e; (void)unit;
    return 0;
}

int engine_magnitude(const bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e, int which, int value)
{
    (void)m; (void)cards; (void)e; (void)which;
    return value < 0 ? 0 : value; /* 520.8 */
}

void engine_strike_lands(bsk_match *m, const bsk_card_table *cards, bsk_stack_entry *e, int which, bsk_events *events)
{
    int target = which == 0 ? e->final_target : e->source;
    engine_wound(m, cards, target, e->magnitude[which], events);
}

void engine_turn_start(bsk_match *m, const bsk_card_table *cards, bsk_events *events)
{
    (void)m; (void)cards; (void)events;
}
