/* keywords.c — keyword abilities that run generically from catalogue data: die-roll modifiers
 * (519: attack, defence and shooting experience, clumsiness, blessing, curse), the magnitude
 * pipeline (520), the protection check (511.3, 532), armor as prevention (511.5, 534), poison given
 * by a landed strike, poison and regeneration at the start of the turn (409.2), steadfastness, the
 * slow jump and teleport (506.6–506.7), corpse-eating, vampirism. */
#include "engine.h"

/* Keywords and their X are read through the characteristics (engine_char_has, engine_char_x). */

/* The card dealing strike `which` of e (0: the source's strike, 1: the counter-strike, 515.4). */
static int striker_of(const bsk_stack_entry *e, int which) { return which == 0 ? e->source : e->final_target; }
static int struck_of(const bsk_stack_entry *e, int which) { return which == 0 ? e->final_target : e->source; }

/* The ability type of strike `which`: a counter-strike is a simple strike (515.4). */
static int strike_kind(const bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e, int which)
{
    if (which == 1 || e->kind == BSK_ACT_ATTACK)
        return KIND_SIMPLE_STRIKE;
    BSK_ASSERT(e->kind == BSK_ACT_ABILITY && e->ability >= 0 &&
               (e->ability < BSK_ENTRY_ATTACKS_MAX || e->ability >= ENGINE_SPAWNED_ATTACK));
    return engine_stack_attack(m, cards, e->source, e->ability)->keyword;
}

/* Glossary «Магическая атака»: the magic strike and the discharge (ability table, 111). */
static bool is_magic(int kind) { return kind == BSK_KEYWORD_MAGIC_STRIKE || kind == BSK_KEYWORD_DISCHARGE; }

/* ---- 519: die-roll modifiers ---- */

/* All are "+X / −X" modifiers (519.2 group 1); with no "reduce to" modifier yet their sum is the
 * whole pipeline. It is asked only for a card that rolls. Attack experience: the attacker's die whenever it attacks with a simple strike,
 * also at a closed or own card (DESIGN §2). Defence experience: the defending card's die in a fight
 * (glossary «Отражающая карта»: the target whose result comes from the hit table). Shooting
 * experience: the die that sets a shot's strength, never a throw's or a discharge's (glossary §7
 * #51). Clumsiness: −X (X=1 unprinted) when the card attacks with a simple strike or defends in a
 * fight ("при определении силы атаки"). */
int engine_die_modifier(const bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e, int unit)
{
    bool simple = e->kind == BSK_ACT_ATTACK;
    /* glossary «Благословление», «Проклятие» (named modifiers, 519.2 group 1): +1 and −1 to every
     * die the card rolls, in a fight as the attacker or the defender and for one die alike */
    uint64_t keywords = engine_char_keywords(m, cards, unit);
    int sum = (int)((keywords >> BSK_KEYWORD_BLESSING) & 1u) - (int)((keywords >> BSK_KEYWORD_CURSE) & 1u);
    /* the experiences and clumsiness only when the card has one (their X is a search) */
    const uint64_t experience = (1ull << BSK_KEYWORD_ATTACK_EXPERIENCE) | (1ull << BSK_KEYWORD_CLUMSINESS) |
                                (1ull << BSK_KEYWORD_SHOOTING_EXPERIENCE) | (1ull << BSK_KEYWORD_DEFENSE_EXPERIENCE);
    if ((keywords & experience) && unit == e->source) {
        if (simple)
            sum += engine_char_x(m, cards, unit, BSK_KEYWORD_ATTACK_EXPERIENCE, 1) -
                   engine_char_x(m, cards, unit, BSK_KEYWORD_CLUMSINESS, 1);
        else if (strike_kind(m, cards, e, 0) == BSK_KEYWORD_SHOT)
            sum += engine_char_x(m, cards, unit, BSK_KEYWORD_SHOOTING_EXPERIENCE, 1);
    } else if ((keywords & experience) && unit == e->final_target && simple && (e->flags & E_FIGHT)) {
        sum += engine_char_x(m, cards, unit, BSK_KEYWORD_DEFENSE_EXPERIENCE, 1) -
               engine_char_x(m, cards, unit, BSK_KEYWORD_CLUMSINESS, 1);
    }
    return sum + engine_char_die_roll(m, cards, unit); /* effects' +X / −X to its rolls (issue 21) */
}

/* ---- 520: the magnitude pipeline ---- */

static int floor_div(int a, int b)
{
    int q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

int engine_magnitude_pipeline(const int values[3], int *strength, const engine_magnitude_mod *mods, int count)
{
    BSK_ASSERT(*strength >= STRENGTH_WEAK && *strength <= STRENGTH_STRONG);
    int s = *strength;
    /* 520.2 a: strength changes, in origin order (520.3); the list order is each controller's choice (520.4) */
    for (int origin = 0; origin < MAGNITUDE_ORIGIN_COUNT; origin++)
        for (int i = 0; i < count; i++)
            if (mods[i].group == MAGNITUDE_STRENGTH && mods[i].origin == origin) {
                BSK_ASSERT(mods[i].value >= STRENGTH_WEAK && mods[i].value <= STRENGTH_STRONG);
                s = mods[i].value;
            }
    *strength = s;
    int value = values[s]; /* digest 02 §4 #14: X-Y-Z is read again at the new strength */
    for (int group = MAGNITUDE_SCALE; group <= MAGNITUDE_REDUCE_TO; group++)
        for (int origin = 0; origin < MAGNITUDE_ORIGIN_COUNT; origin++)
            for (int i = 0; i < count; i++) {
                const engine_magnitude_mod *mod = &mods[i];
                if (mod->group != group || mod->origin != origin)
                    continue;
                if (group == MAGNITUDE_SCALE) { /* 520.2 b; rounding down: digest 02 §4 #13 leaves it open */
                    BSK_ASSERT(mod->divisor > 0);
                    value = floor_div(value * mod->value, mod->divisor);
                } else if (group == MAGNITUDE_ADD) { /* 520.2 c */
                    value += mod->value;
                } else if (mod->value < value) { /* 520.2 d; 520.5: never raises */
                    value = mod->value;
                }
            }
    return value < 0 ? 0 : value; /* 520.8, 523.1 */
}

/* The unmodified X-Y-Z of strike `which`: the simple strike, or the attack ability's values. */
static void strike_values(const bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e, int which,
                          int out[3])
{
    int striker = striker_of(e, which);
    int v[3];
    if (which == 0 && e->ability >= 0) {
        const bsk_attack *a = engine_stack_attack(m, cards, striker, e->ability);
        int counters = m->units[striker].counters;
        int x = a->expr_of == BSK_ATTACK_EXPR_VALUES ? engine_spawned_x(m, cards, striker, e->ability) : 0; /* blow11 */
        for (int s = 0; s < 3; s++)
            v[s] = bsk_attack_value(a, s, x, counters);
    } else {
        engine_char_strikes(m, cards, striker, v);
    }
    for (int s = 0; s < 3; s++)
        out[s] = v[s] < 0 ? 0 : v[s];
}

int engine_magnitude_mods(const bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e, int which,
                          engine_magnitude_mod mods[ENGINE_MAGNITUDE_MODS_MAX])
{
    if (!m->effect_count && !(cards->statics_any & (BSK_STATIC_ATTACK | BSK_STATIC_INCOMING)) &&
        !(e->flags3 & (E3_DICE_EQUAL << which)))
        return 0; /* the common case: no effect */
    /* 520.2 c: the «+X к атаке» effects on the striker for this attack's kind (op attack_modifier),
     * each from its source's origin (520.3) */
    int striker = striker_of(e, which), target = which ? e->source : e->final_target;
    int kind = engine_strike_kind(m, cards, e, which);
    int count = 0;
    for (int i = 0; i < m->effect_count; i++) {
        const bsk_effect *ef = &m->effects[i];
        if ((ef->op != BSK_EFFECT_MODIFY && ef->op != BSK_EFFECT_REDUCE_TO) || ef->what != bsk_char_attack(kind) ||
            (!engine_effect_applies(m, cards, ef, striker) &&
             /* swap12 (issue 23): «+2 к дальним атакам по атакованному», its source's attacks at that one card */
             !(ef->filter == BSK_FILTER_AGAINST_UNIT && ef->source == striker && ef->who == target)))
            continue;
        int from = ef->source, origin = MAGNITUDE_FROM_OPPONENT_SIDE;
        if (from == striker)
            origin = MAGNITUDE_FROM_SOURCE;
        else if (from >= 0 && from == target)
            origin = MAGNITUDE_FROM_TARGET;
        else if (from < 0 || m->units[from].owner == m->units[striker].owner)
            origin = MAGNITUDE_FROM_SOURCE_SIDE;
        /* 520.2 c «+X к атаке»; d «сводится к X» (branch ops2: reduce_attack_value_to, never raising, 520.5) */
        mods[count++] = (engine_magnitude_mod){ef->op == BSK_EFFECT_REDUCE_TO ? MAGNITUDE_REDUCE_TO : MAGNITUDE_ADD,
                                               (uint8_t)origin, ef->value, 1};
    }
    if (e->flags3 & (E3_DICE_EQUAL << which)) { /* dice7 (issue 23), 306.5.2: equal dice, +X from the striker */
        int x = engine_static_roll_twice(m, cards, striker);
        if (x > 0 && count < ENGINE_MAGNITUDE_MODS_MAX)
            mods[count++] = (engine_magnitude_mod){MAGNITUDE_ADD, MAGNITUDE_FROM_SOURCE, (int8_t)x, 1};
    }
    if (cards->statics_any & (BSK_STATIC_ATTACK | BSK_STATIC_INCOMING)) /* static2: the static ones (117, 121) */
        count = engine_static_magnitude_mods(m, cards, striker, target, kind, e->strength[which], mods, count,
                                             ENGINE_MAGNITUDE_MODS_MAX);
    return count;
}

int engine_magnitude_with(const bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e, int which,
                          int value, const engine_magnitude_mod *mods, int count)
{
    int values[3];
    strike_values(m, cards, e, which, values);
    int strength = e->strength[which];
    BSK_ASSERT(strength >= STRENGTH_WEAK && strength <= STRENGTH_STRONG);
    values[strength] = value; /* the caller's value for the rolled strength */
    return engine_magnitude_pipeline(values, &strength, count ? mods : NULL, count);
}

int engine_magnitude(const bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e, int which, int value)
{
    engine_magnitude_mod mods[ENGINE_MAGNITUDE_MODS_MAX];
    int count = engine_magnitude_mods(m, cards, e, which, mods);
    return engine_magnitude_with(m, cards, e, which, value, mods, count);
}

int engine_strength_set(const bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e, int which)
{
    bool statics = (cards->statics_any & BSK_STATIC_STRENGTH) != 0;
    if ((!m->effect_count && !statics) || e->strength[which] < 0)
        return -1; /* a miss has no strength to change */
    int striker = striker_of(e, which), kind = engine_strike_kind(m, cards, e, which);
    /* a static «… сводятся к слабым» (117, 520.2 a) first, the effects made later after it */
    int strength = statics ? engine_static_strength(m, cards, striker, kind) : -1;
    for (int i = 0; i < m->effect_count; i++) { /* the latest applies last (520.3: the order they were made) */
        const bsk_effect *ef = &m->effects[i];
        if (ef->op == BSK_EFFECT_STRENGTH && ef->what == bsk_char_attack(kind) &&
            engine_effect_applies(m, cards, ef, striker))
            strength = ef->value;
    }
    return strength;
}

/* 519.3 (branch dice3): the origin group of a die modifier made by `source` on `unit`'s roll: 0 the roller's
 * squad but the roller, 1 the roller, 2 the opponent's cards (a rules effect, source -1, counts as 0). */
static int die_origin(const bsk_match *m, int source, int unit)
{
    return source == unit ? 1 : source >= 0 && m->units[source].owner != m->units[unit].owner ? 2 : 0;
}

int engine_die_set(const bsk_match *m, const bsk_card_table *cards, int unit, int roll)
{
    const uint64_t sets = (1ull << BSK_OP_SET_DIE_ROLL) | (1ull << BSK_OP_FLIP_DIE);
    if (!m->effect_count || !(cards->ops_any & sets))
        return roll; /* the common case: no card reduces a roll */
    for (int origin = 0; origin < 3; origin++) /* 519.3; within an origin the order they were made */
        for (int i = 0; i < m->effect_count; i++) {
            const bsk_effect *ef = &m->effects[i];
            if ((ef->op != BSK_EFFECT_ROLL_TO && ef->op != BSK_EFFECT_FLIP) ||
                die_origin(m, ef->source, unit) != origin || !engine_effect_applies(m, cards, ef, unit))
                continue;
            if (ef->op == BSK_EFFECT_ROLL_TO)
                roll = ef->value; /* 519.8.1: legal even when the die shows X already */
            else if (roll >= 1 && roll <= 6)
                roll = 7 - roll; /* 519.6: 1↔6, 2↔5, 3↔4; a value past the faces has none to turn to */
        }
    return roll;
}

int engine_next_roll(bsk_match *m, const bsk_card_table *cards, int unit)
{
    int own = -1, theirs = -1; /* focus8: a value 0 is a roll too (a frenzy roll with modifiers, 05-006) */
    uint64_t used = 0;
    for (int i = 0; i < m->effect_count; i++) {
        const bsk_effect *ef = &m->effects[i];
        if (ef->op != BSK_EFFECT_NEXT_ROLL || !engine_effect_applies(m, cards, ef, unit))
            continue;
        used |= 1ull << i;
        if (die_origin(m, ef->source, unit) == 2)
            theirs = theirs >= 0 ? theirs : ef->value;
        else
            own = own >= 0 ? own : ef->value;
    }
    for (int i = m->effect_count - 1; i >= 0; i--) /* 519.5: the others are used up too */
        if ((used >> i) & 1u)
            engine_effect_drop(m, i);
    return theirs >= 0 ? theirs : own;
}

int engine_prevent(bsk_match *m, const bsk_card_table *cards, int unit, int wounds, int kind)
{
    if (wounds <= 0 || !m->effect_count ||
        !(cards->ops_any & ((1ull << BSK_OP_PREVENTION) | (1ull << BSK_OP_WOUNDS_TAKEN_MODIFIER) |
                            (1ull << BSK_OP_SIDE_PREVENTION))))
        return wounds; /* the common case: no card prevents */
    /* 535.1.1's replacements first (what 1, each time); then 534.3: the preventions with no number (what 2,
     * branch block3), then the numbered ones (what 0), each group the non-active player's first, then the
     * active player's (in the order they were made: nobody is asked the order yet); applying stops once
     * no wound is left (the others are not used) */
    static const int8_t groups[3] = {1, 2, 0};
    bool non_magic = kind >= 0 && !is_magic(kind) && kind != KIND_SPELL && kind != KIND_EFFECT_ABILITY;
    for (int g = 0; g < 3 && wounds > 0; g++)
        for (int pass = 0; pass < 2 && wounds > 0; pass++)
            for (int i = 0; i < m->effect_count && wounds > 0; i++) {
                bsk_effect *ef = &m->effects[i];
                /* branch shield6: a side's pool (what 3) is a numbered one, for non-magic attacks only */
                int what = ef->what == 3 ? (non_magic ? 0 : -1) : ef->what;
                if (ef->op != BSK_EFFECT_PREVENT || what != groups[g] || !engine_effect_applies(m, cards, ef, unit) ||
                    (ef->source >= 0 && !engine_in_battle(&m->units[ef->source]))) /* 534.6 */
                    continue;
                if (groups[g] != 1 && (ef->source >= 0 && m->units[ef->source].owner == m->active) != (pass == 1))
                    continue; /* 534.3: the non-active player's in pass 0, the active player's in pass 1 */
                if (groups[g] == 1 && pass == 1)
                    break; /* the replacements: one pass */
                int prevented = groups[g] == 2 || ef->value >= wounds ? wounds : ef->value; /* 534.4: partly */
                wounds -= prevented;
                if (groups[g] == 2 || (!groups[g] && (ef->value = (int8_t)(ef->value - prevented)) <= 0))
                    engine_effect_drop(m, i--); /* used up (534.4: a numbered one's rest is kept) */
            }
    return wounds;
}

/* ---- 511: protection, prevention, imposition ---- */

bool engine_protected_from(const bsk_match *m, const bsk_card_table *cards, int unit, int striker, int kind)
{
    if (kind == KIND_EFFECT_ABILITY)
        return false; /* no catalogue keyword protects from effect-abilities */
    uint64_t keywords = engine_char_keywords(m, cards, unit), from;
    switch (kind) {
    case BSK_KEYWORD_SHOT:
        from = 1ull << BSK_KEYWORD_PROTECTION_FROM_SHOTS;
        break;
    case BSK_KEYWORD_THROW: /* glossary: protection from shots or discharges does not cover throws */
        from = 1ull << BSK_KEYWORD_PROTECTION_FROM_THROWS;
        break;
    case BSK_KEYWORD_DISCHARGE: /* glossary «ЗОМ»: spells + magic strikes + discharges */
        from = (1ull << BSK_KEYWORD_PROTECTION_FROM_DISCHARGES) | (1ull << BSK_KEYWORD_PROTECTION_FROM_MAGIC);
        break;
    case BSK_KEYWORD_MAGIC_STRIKE:
        from = 1ull << BSK_KEYWORD_PROTECTION_FROM_MAGIC;
        break;
    case KIND_SPELL:
        return (keywords & ((1ull << BSK_KEYWORD_PROTECTION_FROM_SPELLS) | (1ull << BSK_KEYWORD_PROTECTION_FROM_MAGIC))) != 0;
    default:
        from = 0;
        break;
    }
    if ((keywords & from) &&
        !(cards->ignore_protection_any && /* farro13: 542.1.3, «игнорирует {zor}» */
          engine_static_ignores_protection(m, cards, striker, unit,
                                           kind == BSK_KEYWORD_SHOT    ? BSK_STRIKE_SHOT
                                           : kind == BSK_KEYWORD_THROW ? BSK_STRIKE_THROW
                                           : kind == BSK_KEYWORD_DISCHARGE ? BSK_STRIKE_DISCHARGE
                                                                           : BSK_STRIKE_MAGIC)))
        return true;
    /* glossary «Защита от атак летающих»: all 7 attack kinds of a flyer, not its spells */
    return striker >= 0 && ((keywords >> BSK_KEYWORD_PROTECTION_FROM_FLYER_ATTACKS) & 1u) &&
           engine_char_flyer(m, cards, striker);
}

/* 534, glossary «Броня X»: X wounds of non-magic attacks per turn of each player (armor_used is reset
 * at every untap step), the largest armor only; what it prevents counts as not dealt. */
static int prevent_by_armor(bsk_match *m, const bsk_card_table *cards, int unit, uint64_t keywords, int kind, int wounds)
{
    if (wounds <= 0 || is_magic(kind))
        return wounds;
    bsk_unit *u = &m->units[unit];
    int left = engine_char_x_of(m, cards, unit, keywords, BSK_KEYWORD_ARMOR, 0) - u->armor_used;
    if (left <= 0)
        return wounds;
    int prevented = left < wounds ? left : wounds;
    u->armor_used = (uint8_t)(u->armor_used + prevented);
    return wounds - prevented;
}

bool engine_give_poison(bsk_match *m, const bsk_card_table *cards, int unit, int x)
{
    bsk_unit *u = &m->units[unit];
    /* glossary «Отравление на X»: only non-incorporeal creatures; 532.1: no markers through protection */
    if (x <= 0 || !engine_in_battle(u) || !engine_char_creature(m, cards, unit) ||
        engine_char_has(m, cards, unit, BSK_KEYWORD_INCORPOREAL) ||
        engine_char_has(m, cards, unit, BSK_KEYWORD_PROTECTION_FROM_POISON))
        return false;
    if (x <= u->poison)
        return false; /* 518.3: only a larger value replaces; otherwise not performed */
    u->poison = (uint8_t)x;
    return true;
}

int engine_strike_lands(bsk_match *m, const bsk_card_table *cards, bsk_stack_entry *e, int which, bsk_events *events)
{
    int striker = striker_of(e, which), target = struck_of(e, which);
    int kind = strike_kind(m, cards, e, which);
    /* 511.3, 532.1: a protected target gets nothing from the strike nor from what goes with it */
    if (engine_protected_from(m, cards, target, striker, kind))
        return 0;
    if ((cards->ops_any & (1ull << BSK_OP_PROTECTION_FROM_ATTACKS)) && /* guard10: 532.2, of the final value (534.2) */
        engine_static_protected(m, cards, target, engine_strike_kind(m, cards, e, which), e->magnitude[which]))
        return 0;
    uint64_t striker_keywords = engine_char_keywords(m, cards, striker);
    uint64_t target_keywords = engine_char_keywords(m, cards, target);
    /* 523.4: 0 wounds are not applied; 511.5: prevention, then 511.6 imposition */
    /* Glossary «Вампиризм»: a simple strike (a counter-strike is one, 515.4) of a vampire */
    bool vampire = kind == KIND_SIMPLE_STRIKE && ((striker_keywords >> BSK_KEYWORD_VAMPIRISM) & 1u);
    int life = vampire ? engine_unit_life(m, cards, target) : 0; /* the target's remaining life */
    int dealt = prevent_by_armor(m, cards, target, target_keywords, kind, e->magnitude[which]);
    if ((cards->ops_any & (1ull << BSK_OP_NO_WOUNDS_FROM_ATTACKS)) && engine_static_no_wounds(m, cards, target, e->magnitude[which]))
        dealt = 0; /* dice5: «не получает раны от атак четной величины» (the attack's final value, 520) */
    if (m->effect_count) /* 534: the prevention effects after armor (branch ops2); none without an effect */
        dealt = engine_prevent(m, cards, target, dealt, kind);
    engine_wound(m, cards, target, dealt, events);
    if (dealt > 0) /* trig5 (issue 23): wounds from an attack (511.6) */
        engine_attack_wounded(m, cards, e, which, target, striker, dealt);
    /* "при атаке – отравить на X" goes with the strike even when armor took every wound (glossary
     * «Броня X»); a miss never gets here (515.5). The counter-strike counts as attacking (515.4).
     * The catalogue's inflicts_poison tag does not say which strikes poison (Ижор: the strong one,
     * Болотник: an effect), so only a card the catalogue describes fully poisons on every strike, and
     * not one whose feature gives the poison (02-105 Виверна: its strong strike only; branch wrap5). */
    if (((striker_keywords >> BSK_KEYWORD_INFLICTS_POISON) & 1u) &&
        engine_entry(cards, m, striker)->card->support == BSK_SUPPORT_FULL &&
        !bsk_card_poisons(engine_entry(cards, m, striker)->card))
        engine_give_poison(m, cards, target, engine_char_x_of(m, cards, striker, striker_keywords,
                                                              BSK_KEYWORD_INFLICTS_POISON, 1));
    /* X wounds dealt to a non-incorporeal creature heal the vampire X, not more than that life */
    if (!vampire || dealt <= 0 || !engine_char_creature(m, cards, target) ||
        ((target_keywords >> BSK_KEYWORD_INCORPOREAL) & 1u))
        return 0;
    return dealt < life ? dealt : life > 0 ? life : 0;
}

/* Glossary «Вампиризм»: the vampire heals `amount`; past its wounds it instead heals fully and
 * gains the difference as extra life (508.8). It triggers after the strike (511.7): a vampire that
 * died of the counter-strike in the same exchange (509.1, 503.3) heals nothing. */
void engine_vampirism(bsk_match *m, const bsk_card_table *cards, int vampire, int amount)
{
    bsk_unit *u = &m->units[vampire];
    if (amount <= 0 || !engine_in_battle(u))
        return;
    if (engine_char_has(m, cards, vampire, BSK_KEYWORD_INCORPOREAL)) {
        /* glossary «Бестелесность»: not healed, but it may gain extra life: the part past its wounds */
        if (amount > u->wounds)
            engine_extra_life(m, vampire, engine_life_gain_allowed(m, cards, vampire, amount - u->wounds));
        return;
    }
    if (amount <= u->wounds) {
        u->wounds = (uint8_t)(u->wounds - amount);
        engine_healed(m, cards, vampire, amount); /* events3: on_heal, 545.8 */
        return;
    }
    int extra = amount - u->wounds, healed = u->wounds;
    u->wounds = 0;
    engine_healed(m, cards, vampire, healed);
    engine_extra_life(m, vampire, engine_life_gain_allowed(m, cards, vampire, extra)); /* vamp5: 508.2.2 */
}

/* ---- 409.2: the start of the turn ---- */

/* Заряд (charge, an extension; see engine_turn_start): "on movement, lose a counter", after each
 * step, jump or teleport of the card. */
void engine_kw_charge_moved(bsk_match *m, const bsk_card_table *cards, int unit)
{
    bsk_unit *u = &m->units[unit];
    if (u->counters > 0 && engine_char_has(m, cards, unit, BSK_KEYWORD_CHARGE)) {
        u->counters--;
        engine_raise(m, cards, BSK_ON_COUNTERS_LOST, unit, -1, -1, 1); /* trig4: on_counters_lost (123) */
    }
}

/* Glossary «Регенерация X»: heal X; events3: a heal, on_heal and 545.8's count (0 for an unwounded card) */
static void regenerate(bsk_match *m, const bsk_card_table *cards, int unit, int x)
{
    bsk_unit *u = &m->units[unit];
    if (!x)
        return;
    int wounds = u->wounds;
    u->wounds = (uint8_t)(u->wounds > x ? u->wounds - x : 0);
    engine_healed(m, cards, unit, wounds - u->wounds);
}

/* Glossary «Регенерация X», «Отравление на X»: at the start of its turn an open non-incorporeal
 * creature heals X and takes its poison; one that stayed tapped does neither, one already open does
 * both. Both trigger together and the active player orders them: poison first (a later heal then
 * never goes to waste) unless the poison alone would kill, then regeneration first. */
void engine_turn_start(bsk_match *m, const bsk_card_table *cards, bsk_events *events)
{
    for (uint64_t mine = m->in_battle[m->active - 1]; mine; mine &= mine - 1) {
        int i = engine_first(mine);
        bsk_unit *u = &m->units[i];
        uint64_t keywords = engine_char_keywords(m, cards, i);
        /* Заряд (charge), an extension: not in rules v4.1-1; its reminder text (Паладин Братства
         * 07-014) gives "at the start of your turn, gain a counter" (and "on movement, lose one":
         * resolve.c). A face-down card gains it too, present but unseen (533.2). */
        if ((keywords >> BSK_KEYWORD_CHARGE) & 1u)
            engine_gain_counters(m, cards, i, 1); /* group3: 545.2, 545.4 */
        if (!((m->creatures >> i) & 1u) || (u->flags & BSK_UNIT_TAPPED) || ((keywords >> BSK_KEYWORD_INCORPOREAL) & 1u))
            continue;
        if ((keywords >> BSK_KEYWORD_PROTECTION_FROM_POISON) & 1u)
            u->poison = 0; /* 532.1: it cannot have poison markers */
        int regeneration = engine_char_x_of(m, cards, i, keywords, BSK_KEYWORD_REGENERATION, 0), poison = u->poison;
        if (!regeneration && !poison)
            continue;
        if (poison > 0 && engine_unit_life(m, cards, i) - poison > 0) {
            engine_wound(m, cards, i, poison, events);
            regenerate(m, cards, i, regeneration);
        } else {
            regenerate(m, cards, i, regeneration);
            engine_wound(m, cards, i, poison, events);
        }
    }
}

/* «Отпор» (rebuff), an extension: not in rules v4.1-1. Its reminder text (Наррах 06-056): "before
 * the start of the turn, if your squad has fewer cards than the opponent's squad, [the card] gains
 * [text] until the end of the turn". Read (engine README "Readings taken"): before the start of
 * every turn, both players' and either player's (408, before the Untap step and its start-of-turn
 * triggers), each player's squad is its cards in the battle zone (201.1: the battlefield and the
 * extra zone; face-down cards, flyers, terrain, seated symbiotes and an incorporeal second card on
 * a cell all count); a player with fewer cards than the opponent has its rebuff active until the
 * end of that turn (413.3, end_turn clears it), whatever dies or enters meanwhile. Nothing is set
 * when no card of the table has rebuff, so other games' states and hashes stay what they were. */
void engine_rebuff_start(bsk_match *m, const bsk_card_table *cards)
{
    m->rebuff = 0;
    if (!(cards->keywords_any & (1ull << BSK_KEYWORD_REBUFF)))
        return;
    int squad[2] = {__builtin_popcountll(m->in_battle[0]), __builtin_popcountll(m->in_battle[1])};
    m->rebuff = (uint8_t)((squad[0] < squad[1] ? 1u : 0u) | (squad[1] < squad[0] ? 2u : 0u));
}

/* ---- 506.6–506.7: jump and teleport ---- */

int engine_kw_index(const bsk_match *m, const bsk_card_table *cards, int unit, int keyword, int from)
{
    const bsk_card *card = engine_entry(cards, m, unit)->card;
    for (int k = from < 0 ? 0 : from; k < card->keyword_count; k++)
        if (card->keywords[k].id == keyword && card->keywords[k].condition == BSK_CONDITION_NONE)
            return k;
    return -1;
}

bool engine_teleport_declared(const bsk_match *m, const bsk_card_table *cards, const bsk_action *a)
{
    const bsk_card *card = engine_entry(cards, m, a->unit)->card;
    return a->index >= 0 && a->index < card->keyword_count && card->keywords[a->index].id == BSK_KEYWORD_TELEPORT;
}

/* Glossary «Прыжок, дальность X», «Телепортация»: a jump or teleport printed as a sentence of its
 * own (the catalogue's unconditional keyword) is slow: "spend all movement: relocate to any free
 * cell of the battlefield (within X cells, 547.2)", used instead of movement. Slow movement (506.3):
 * an open creature without an action marker; only a ground creature has or uses it (not a
 * symbiote, 211.10; 506.6: no artifact); 506.7: only with its whole allowance unspent, even an
 * allowance of 0, so not after a step nor after another slow jump this turn (move_left < 0 says
 * that a jump spent an allowance of 0). */
uint32_t engine_kw_relocation_cells(const bsk_match *m, const bsk_card_table *cards, int unit, int keyword)
{
    const bsk_unit *u = &m->units[unit];
    if (u->zone != BSK_ZONE_BATTLEFIELD || u->host >= 0 || !engine_char_has(m, cards, unit, keyword) ||
        !engine_char_creature_of(m, cards, unit, BSK_SUBTYPE_GROUND) || !engine_unit_can_act(m, unit) ||
        u->move_left < 0 || u->move_left < engine_char_movement(m, cards, unit))
        return 0;
    int range = keyword == BSK_KEYWORD_JUMP ? engine_char_x(m, cards, unit, BSK_KEYWORD_JUMP, 0) : ENGINE_RANGE_ALL;
    /* 507.2: a free cell; 524.2: an incorporeal creature also an occupied one */
    return engine_within(u->cell, range) & engine_enterable(m, cards, unit) & ~(1u << u->cell);
}

/* ---- Corpse-eating ---- */

/* Glossary «Трупоедство»: "when a creature with corpse-eating destroys an adjacent non-incorporeal
 * enemy creature, or destroys one with a melee attack — exile the dead creature from the graveyard;
 * if that succeeds, heal fully and lose poison". The caller names the destruction; the eater must
 * still be in play and the victim a non-incorporeal enemy creature in the graveyard. Resolved at
 * once, in the step that destroyed the victim (nothing can answer it yet). An incorporeal eater is
 * never healed, but loses its poison. */
void engine_kw_corpse_eating(bsk_match *m, const bsk_card_table *cards, int eater, int victim)
{
    bsk_unit *u = &m->units[eater];
    const bsk_unit *v = &m->units[victim];
    if (!engine_in_battle(u) || !engine_char_has(m, cards, eater, BSK_KEYWORD_CORPSE_EATING) ||
        v->zone != BSK_ZONE_GRAVEYARD || v->owner == u->owner || !engine_char_creature(m, cards, victim) ||
        engine_char_has(m, cards, victim, BSK_KEYWORD_INCORPOREAL))
        return;
    engine_to_zone(m, cards, victim, BSK_ZONE_EXILE);
    if (!engine_char_has(m, cards, eater, BSK_KEYWORD_INCORPOREAL)) {
        int wounds = u->wounds;
        u->wounds = 0;
        engine_healed(m, cards, eater, wounds); /* events3: on_heal, 545.8 */
    }
    u->poison = 0;
}

/* ---- Steadfastness ---- */

bool engine_steadfast_blocks(const bsk_match *m, const bsk_card_table *cards, int unit, int source, int controller)
{
    if (!engine_char_has(m, cards, unit, BSK_KEYWORD_STEADFASTNESS))
        return false;
    int owner = m->units[unit].owner; /* no card changes control yet: the owner controls it */
    return (source >= 0 && m->units[source].owner != owner) || (controller != 0 && controller != owner);
}
