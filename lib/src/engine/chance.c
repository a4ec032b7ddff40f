/* chance.c — chance for search agents (DESIGN §5): every outcome of an attack's dice with its
 * weight in 36ths, computed on a scratch stack entry exactly as the Die-roll and Calculation steps
 * do (515.2–515.8, 519, 520: the «сводится к» and flip modifiers too, branch dice3), and re-seeding a clone's
 * dice. «Следующий бросок равен X» (519.5) is not weighed: the outcomes are the dice's as if rolled.
 * dice7 (issue 23): a source that rolls two dice for its strength outside a fight (roll_twice, 306.5.2) has
 * 36 outcomes, one a pair of its dice, weight 1: the value giving the larger magnitude (then strength, then the
 * larger die) is the one kept, equal dice add their +X. In a fight such a roller's dice are weighed as one die (36 pairs of the
 * two cards): its 216 outcomes do not fit the 36 a fight has, nor their weights 36ths. */
#include "engine.h"

#include <string.h>

/* The magnitude modifiers of the two strikes at each rolled strength, listed once for the 36 outcomes (they
 * hang on the strength, fend6's «средние и сильные … сводятся к 1», never on the dice themselves). */
typedef struct outcome_mods {
    int count[2][3];
    engine_magnitude_mod mods[2][3][ENGINE_MAGNITUDE_MODS_MAX];
} outcome_mods;

static void outcome_of(const bsk_match *m, const bsk_card_table *cards, bsk_stack_entry *e, int a, int d,
                       bool fight, const outcome_mods *mods, int bonus, bsk_fight_outcome *out)
{
    memset(out, 0, sizeof *out);
    out->dice[0] = (uint8_t)a;
    if (fight) {
        out->dice[1] = (uint8_t)d;
        e->roll[0] = (int8_t)engine_die_set(m, cards, e->source, a + engine_die_modifier(m, cards, e, e->source));
        e->roll[1] = (int8_t)engine_die_set(m, cards, e->final_target,
                                            d + engine_die_modifier(m, cards, e, e->final_target));
        engine_hit_table(e->roll[0], e->roll[1], e->strength);
        out->step_down = engine_step_down_player(m, e) != 0;
        out->weight = 1;
    } else {
        e->roll[0] = (int8_t)engine_die_set(m, cards, e->source, a + engine_die_modifier(m, cards, e, e->source));
        e->strength[0] = engine_one_die_strength(e->roll[0]);
        e->strength[1] = STRENGTH_MISS;
        out->weight = 6;
    }
    for (int w = 0; w < 2; w++) {
        out->strength[w] = e->strength[w];
        if (e->strength[w] >= 0) {
            int unit = w == 0 ? e->source : e->final_target;
            int value = engine_strike_value(m, cards, unit, w == 0 ? e->ability : -1, e->strength[w]);
            int s = e->strength[w], count = mods->count[w][s];
            const engine_magnitude_mod *list = mods->mods[w][s];
            engine_magnitude_mod more[ENGINE_MAGNITUDE_MODS_MAX];
            if (bonus > 0 && w == 0 && count < ENGINE_MAGNITUDE_MODS_MAX) { /* dice7: equal dice (306.5.2) */
                memcpy(more, list, (size_t)count * sizeof *more);
                more[count++] = (engine_magnitude_mod){MAGNITUDE_ADD, MAGNITUDE_FROM_SOURCE, (int8_t)bonus, 1};
                list = more;
            }
            out->magnitude[w] = (uint8_t)engine_magnitude_with(m, cards, e, w, value, list, count);
        }
    }
}

int bsk_match_fight_outcomes(const bsk_match *m, const bsk_card_table *cards, const bsk_action *attack,
                             bsk_fight_outcome out[36])
{
    if (attack->kind != BSK_ACT_ATTACK && attack->kind != BSK_ACT_ABILITY)
        return 0;
    if (attack->unit < 0 || attack->unit >= m->unit_count || attack->target < 0 || attack->target >= m->unit_count)
        return 0;
    if (m->units[attack->unit].slot >= cards->count || m->units[attack->target].slot >= cards->count)
        return 0; /* a card a view does not know */
    bsk_stack_entry e;
    memset(&e, 0, sizeof e);
    e.kind = attack->kind;
    e.player = attack->player;
    e.source = attack->unit;
    e.target = e.final_target = attack->target;
    e.guard = -1;
    e.cell = -1;
    e.ability = -1;
    if (attack->kind == BSK_ACT_ABILITY) {
        e.ability = (int8_t)engine_char_attack_index(m, cards, attack->unit, attack->index);
        if (e.ability < 0)
            return 0;
    }
    e.flags = engine_attack_flags(m, cards, &e);
    bool fight = engine_is_fight(m, cards, &e);
    if (fight)
        e.flags |= E_FIGHT; /* as the Die-roll step marks it: the defender's die modifiers count (519) */
    outcome_mods mods;
    for (int w = 0; w < 2; w++)
        for (int s = STRENGTH_WEAK; s <= STRENGTH_STRONG; s++) {
            e.strength[w] = (int8_t)s;
            mods.count[w][s] = w == 0 || fight ? engine_magnitude_mods(m, cards, &e, w, mods.mods[w][s]) : 0;
        }
    e.strength[0] = e.strength[1] = 0;
    int n = 0;
    int twice = !fight && (cards->ops_any & (1ull << BSK_OP_ROLL_TWICE)) ? engine_static_roll_twice(m, cards, e.source)
                                                                         : -1;
    if (twice >= 0) { /* dice7: a pair of its dice an outcome, the better value kept (306.5.2) */
        for (int a = 1; a <= 6; a++)
            for (int b = 1; b <= 6; b++) {
                bsk_fight_outcome first, second;
                outcome_of(m, cards, &e, a, 1, false, &mods, a == b ? twice : 0, &first);
                outcome_of(m, cards, &e, b, 1, false, &mods, a == b ? twice : 0, &second);
                bool keep_first = first.magnitude[0] != second.magnitude[0] ? first.magnitude[0] > second.magnitude[0]
                                  : first.strength[0] != second.strength[0]   ? first.strength[0] > second.strength[0]
                                                                               : a >= b; /* then the larger die */
                out[n] = keep_first ? first : second;
                out[n++].weight = 1;
            }
        return n;
    }
    for (int a = 1; a <= 6; a++)
        for (int d = 1; d <= (fight ? 6 : 1); d++)
            outcome_of(m, cards, &e, a, d, fight, &mods, 0, &out[n++]);
    return n;
}

void bsk_match_reseed(bsk_match *m, uint64_t seed)
{
    bsk_rng_seed(&m->dice.rng, seed);
}
