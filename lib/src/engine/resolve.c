/* resolve.c — the stack: a declaration's execution in the steps of 512.6 and its payment (512.7).
 * Movement (506) and the slow jump and teleport that replace it (506.6–506.7), simple strikes and
 * fights (513–515: the hit table, the step-down, closed and own cards, guards of 514), attack
 * abilities resolved with one die (515.8), gaining a counter (123.3), tapping to strike a flyer
 * (107.2 d); wounds and deaths (508–509, 503.1 k). */
#include "engine.h"

#include <string.h>

/* ---- Dice and events ---- */

void engine_event(bsk_events *events, int kind, int player, int unit, int cell, int value)
{
    if (!events)
        return;
    if (events->count >= events->capacity) {
        events->dropped++;
        return;
    }
    events->items[events->count++] =
        (bsk_event){(uint8_t)kind, (uint8_t)player, (int8_t)unit, (int8_t)cell, (int8_t)value, 0};
}

int engine_roll(bsk_match *m, int player, int unit, bsk_events *events)
{
    int value = bsk_dice_roll(&m->dice); /* a position's fixed dice in order, else the RNG (306) */
    if (value == 0)
        value = 1; /* ran out: the run reports it (bsk_match_dice_exhausted) */
    engine_event(events, BSK_EVENT_ROLL, player, unit, unit >= 0 ? m->units[unit].cell : -1, value);
    if (events && events->count > 0 && unit >= 0 && m->units[unit].host >= 0 &&
        m->units[unit].zone == BSK_ZONE_BATTLEFIELD)
        events->items[events->count - 1].seated = 1; /* a symbiote rolls under its own place (211.9) */
    return value;
}

int engine_roll_of(bsk_match *m, const bsk_card_table *cards, int player, int unit, bsk_events *events)
{
    if (m->effect_count && (cards->ops_any & (1ull << BSK_OP_NEXT_ROLL_EQUALS))) { /* branch dice3 */
        int value = engine_next_roll(m, cards, unit);
        if (value >= 0)
            return value; /* 519.5: the die is not rolled */
    }
    return engine_roll(m, player, unit, events);
}

/* ---- Zones, wounds and deaths ---- */

void engine_reveal(bsk_match *m, const bsk_card_table *cards, int unit)
{
    bsk_unit *u = &m->units[unit];
    bool revealed = (u->flags & BSK_UNIT_HIDDEN) != 0;
    u->flags &= (uint8_t)~BSK_UNIT_HIDDEN;
    if (revealed) /* 405.1, 533: "on reveal" */
        engine_raise(m, cards, BSK_ON_REVEAL, unit, -1, -1, 0);
    if (u->zone == BSK_ZONE_BATTLEFIELD && u->host < 0 && engine_char_never_adjacent(m, cards, unit))
        engine_to_zone(m, cards, unit, BSK_ZONE_EXTRA);
}

static void derive(const bsk_match *m, const bsk_card_table *cards, uint64_t in_battle[2], uint64_t *creatures,
                   uint64_t *incarnating, uint64_t *fast, uint64_t wide[BSK_MATCH_WIDE_SETS], uint64_t *statics,
                   uint32_t *occupied, uint32_t *shared)
{
    typedef char units_fit_a_set[BSK_MATCH_UNITS_MAX <= 64 ? 1 : -1];
    (void)sizeof(units_fit_a_set);
    in_battle[0] = in_battle[1] = *creatures = *incarnating = *fast = *statics = 0;
    memset(wide, 0, BSK_MATCH_WIDE_SETS * sizeof *wide);
    *occupied = *shared = 0;
    for (int c = 0; c < BSK_BOARD_CELLS; c++)
        if (m->at[c] >= 0)
            *occupied |= 1u << c;
    for (int i = 0; i < m->unit_count; i++) {
        const bsk_unit *u = &m->units[i];
        if (engine_in_battle(u))
            in_battle[u->owner - 1] |= 1ull << i;
        if (engine_char_creature(m, cards, i))
            *creatures |= 1ull << i;
        if (u->zone == BSK_ZONE_GRAVEYARD && engine_prints_incarnation(cards, u))
            *incarnating |= 1ull << i;
        if (u->slot < cards->count && cards->windows[u->slot])
            *fast |= 1ull << i;
        uint64_t hears = u->slot < cards->count ? cards->listen_wide_of[u->slot] : 0;
        for (int w = 0; hears && w < BSK_MATCH_WIDE_SETS; w++)
            if (hears & engine_wide_events[w])
                wide[w] |= 1ull << i;
        if (u->slot < cards->count && (cards->statics[u->slot] | cards->times[u->slot]))
            *statics |= 1ull << i;
        if (u->zone == BSK_ZONE_BATTLEFIELD && u->host < 0 && u->cell >= 0 && m->at[u->cell] != i)
            *shared |= 1u << u->cell; /* 524.2: an incorporeal creature on an occupied cell */
    }
}

void engine_derive(bsk_match *m, const bsk_card_table *cards)
{
    derive(m, cards, m->in_battle, &m->creatures, &m->incarnating, &m->fast, m->wide, &m->statics, &m->occupied,
           &m->shared);
    m->altered = engine_altered_set(m);
}

bool engine_derived_ok(const bsk_match *m, const bsk_card_table *cards)
{
    uint64_t in_battle[2], creatures, incarnating, fast, wide[BSK_MATCH_WIDE_SETS], statics;
    uint32_t occupied, shared;
    derive(m, cards, in_battle, &creatures, &incarnating, &fast, wide, &statics, &occupied, &shared);
    return in_battle[0] == m->in_battle[0] && in_battle[1] == m->in_battle[1] && creatures == m->creatures &&
           incarnating == m->incarnating && fast == m->fast && !memcmp(wide, m->wide, sizeof wide) && statics == m->statics &&
           occupied == m->occupied && shared == m->shared && m->altered == engine_altered_set(m);
}

/* cell_vacate's rare case: the cell of `unit` has a second card (524.2). */
static void cell_vacate_shared(bsk_match *m, int unit, int cell)
{
    uint32_t bit = 1u << cell;
    if (m->at[cell] != unit) { /* the second card of the cell */
        m->shared &= ~bit;
        return;
    }
    int next = -1;
    for (uint64_t all = m->in_battle[0] | m->in_battle[1]; all && next < 0; all &= all - 1) {
        int i = engine_first(all);
        if (i != unit && m->units[i].zone == BSK_ZONE_BATTLEFIELD && m->units[i].cell == cell && m->units[i].host < 0)
            next = i;
    }
    m->shared &= ~bit;
    engine_set_at(m, cell, next);
}

/* The ground card `unit` leaves its cell: an incorporeal creature sharing it (524.2) becomes the
 * cell's card, or the cell is free; the sharing card leaving frees only its share. */
static inline void cell_vacate(bsk_match *m, int unit)
{
    const bsk_unit *u = &m->units[unit];
    int cell = u->cell;
    if (u->zone != BSK_ZONE_BATTLEFIELD || u->host >= 0 || cell < 0)
        return;
    if (m->shared & (1u << cell))
        cell_vacate_shared(m, unit, cell);
    else if (m->at[cell] == unit)
        engine_set_at(m, cell, -1);
}

void engine_to_zone(bsk_match *m, const bsk_card_table *cards, int unit, int zone)
{
    bsk_unit *u = &m->units[unit];
    uint64_t bit = 1ull << unit;
    m->incarnating &= ~bit;
    if (zone == BSK_ZONE_GRAVEYARD && engine_prints_incarnation(cards, u))
        m->incarnating |= bit; /* 536.7: the only graveyard cards engine_incarnation looks at */
    m->in_battle[u->owner - 1] &= ~bit;
    if (zone == BSK_ZONE_BATTLEFIELD || zone == BSK_ZONE_EXTRA)
        m->in_battle[u->owner - 1] |= bit;
    bool leaves = engine_in_battle(u) && zone != BSK_ZONE_BATTLEFIELD && zone != BSK_ZONE_EXTRA;
    if (leaves) /* token6: 503.1 g, op no_untap's mark goes with it */
        u->flags2 &= (uint8_t)~BSK_UNIT_NO_UNTAP;
    if (u->zone == BSK_ZONE_GRAVEYARD && zone != BSK_ZONE_GRAVEYARD && m->acquired_count)
        engine_acquired_left_play(m, cards, unit, -1); /* acquired4: what it kept in the graveyard goes */
    if (u->zone == BSK_ZONE_BATTLEFIELD && zone != BSK_ZONE_BATTLEFIELD)
        cell_vacate(m, unit);
    if (cards->death_cell_any && zone == BSK_ZONE_GRAVEYARD) /* 509.3: where it died, for its on_death features */
        m->died_cell[unit] = (uint8_t)(u->zone == BSK_ZONE_BATTLEFIELD && u->cell >= 0 ? u->cell + 1
                                       : u->zone == BSK_ZONE_EXTRA               ? BSK_DIED_EXTRA /* acquired4 */
                                                                                 : 0);
    if (u->zone == BSK_ZONE_GRAVEYARD)
        u->incarnation = 0; /* 536.7.1: incarnation tokens only in the graveyard */
    if (zone == BSK_ZONE_DECK || zone == BSK_ZONE_HAND)
        m->used[unit] = 0; /* 204.4: in the deck it loses every marker, the execution markers too, and
                              is another card when it comes back; the graveyard and exile keep them
                              (205.4, 206.4, 545.7) */
    u->zone = (uint8_t)zone;
    if (zone == BSK_ZONE_EXTRA) {
        u->cell = -1;
        u->extra_order = ++m->sides[u->owner - 1].extra_count;
    } else if (zone != BSK_ZONE_BATTLEFIELD) {
        u->cell = -1;
        u->flags &= (uint8_t)~(BSK_UNIT_TAPPED | BSK_UNIT_HIDDEN | BSK_UNIT_FLYER_GRANT);
        m->form[0] &= ~bit; /* a werewolf's form (extension) goes with it */
        m->form[1] &= ~bit;
        u->counters = 0; /* 503.1 g: markers and wounds go when a card leaves the battle zone */
        u->poison = 0;
        u->wounds = 0;
        u->armor_used = 0;
    }
    /* issue 21: what it acquired, its extra life (508.6: markers), the effects on it alone and those lasting while
     * it is in play go (an effect it made on another card leaves its own bit clear: any effect asks) */
    if (leaves && (((m->altered >> unit) & 1u) || m->effect_count))
        engine_effects_left_play(m, unit);
    if (leaves && (m->acquired_count | m->named_count)) /* branch posio: acquired features, named markers */
        engine_acquired_left_play(m, cards, unit, zone);
    if (leaves) /* 211.4, 503.1 k: a symbiote dies when its host leaves the battlefield */
        for (int i = 0; i < m->unit_count; i++)
            if (m->units[i].host == unit && engine_in_battle(&m->units[i])) {
                engine_to_zone(m, cards, i, BSK_ZONE_GRAVEYARD); /* seated: it frees no cell */
                m->units[i].host = -1;
            }
}

/* 509: the cards die together; then the "on death" features of every card that died, its
 * symbiote's included (509.3). An incorporeal card is exiled instead of dying (glossary
 * «Бестелесность»): no death, no "on death" feature. */
void engine_destroy(bsk_match *m, const bsk_card_table *cards, const int8_t *dead, int n, bsk_events *events)
{
    engine_destroy_by(m, cards, dead, n, NULL, events);
}

/* curse4 (issue 23): glossary «Уничтожает (карту)», 509.1.1: the destroying card of each death hears
 * on_destroys as the destroyed card goes, read while it is still in the battle zone (538: its curse on it); a
 * destroyer that dies at the same moment hears nothing (201.2.3: not in its active zone), a card exiled instead
 * (incorporeal) or whose death is replaced (535.3) was not destroyed. */
enum { BY_ATTACK = 0x40 }; /* dice7: a by[] entry's mark, the death is a strike's (units < 64) */

static void raise_destroys(bsk_match *m, const bsk_card_table *cards, const int8_t *dead, int n, const int8_t *by,
                           int victim)
{
    if (by[victim] < 0)
        return;
    int killer = by[victim] & ~BY_ATTACK;
    if (killer == victim || !engine_in_battle(&m->units[killer]))
        return;
    for (int k = 0; k < n; k++)
        if (dead[k] == killer)
            return;
    /* dice7 (issue 23): «уничтожает атакой» — a strike's wounds (step_apply marks BY_ATTACK; the executing attack is
     * the stack's top) — hears the strike's kind, any other death a kind no trigger names; the value is the excess
     * damage (glossary «Избыточный урон»: the wounds past the life it had, read while it is in the battle zone) */
    int kind = BSK_DESTROYED_NOT_BY_ATTACK, excess = m->units[victim].wounds - engine_char_life(m, cards, victim);
    if ((by[victim] & BY_ATTACK) && m->stack_count > 0) {
        const bsk_stack_entry *e = &m->stack[m->stack_count - 1];
        kind = engine_strike_kind(m, cards, e, killer == e->source ? 0 : 1);
    }
    engine_raise(m, cards, BSK_ON_DESTROYS, killer, victim, excess > 0 ? excess : 0, kind);
}

/* cell7: whether unit i is one of the n dead and had keywords acquired for the battle (kept in had[]). */
static bool had_keywords(const int8_t *dead, int n, const uint64_t *had, int i)
{
    for (int k = 0; k < n; k++)
        if (dead[k] == i)
            return had[i] != 0;
    return false;
}

void engine_destroy_by(bsk_match *m, const bsk_card_table *cards, const int8_t *dead, int n, const int8_t *by,
                       bsk_events *events)
{
    if (n == 0)
        return;
    bool was_in_play[BSK_MATCH_UNITS_MAX];
    for (int i = 0; i < m->unit_count; i++)
        was_in_play[i] = engine_in_battle(&m->units[i]);
    /* cell7 (issue 23): 201.2.4, 538: an on_death feature reads the dead card as it was in the battle zone (07-160
     * «при гибели существа с проклятием»): the keywords it had acquired for the battle (granted[], a curse), which
     * engine_to_zone takes, are kept here and put back while its death is raised */
    uint64_t had[BSK_MATCH_UNITS_MAX];
    bool history = (cards->listen_any & BSK_LISTEN(BSK_ON_DEATH)) != 0;
    for (int k = 0; history && k < n; k++)
        had[dead[k]] = m->granted[dead[k]];
    for (int k = 0; k < n; k++) {
        if (!engine_in_battle(&m->units[dead[k]]))
            continue; /* a symbiote that died with its host */
        if (engine_death_replaced(m, cards, dead[k], events))
            continue; /* 535: "instead of dying …" */
        /* the destruction as displays and batch counts see it (a creature lost), exile or not */
        engine_event(events, BSK_EVENT_DEATH, m->units[dead[k]].owner, dead[k], m->units[dead[k]].cell, 0);
        if (engine_char_has(m, cards, dead[k], BSK_KEYWORD_INCORPOREAL)) {
            /* replacement: incorporeal (535) — glossary «Бестелесность»: exiled instead of dying */
            engine_to_zone(m, cards, dead[k], BSK_ZONE_EXILE);
            continue;
        }
        if (by) /* curse4 */
            raise_destroys(m, cards, dead, n, by, dead[k]);
        if (cards->listen_any & BSK_LISTEN(BSK_ON_LETHAL)) { /* spawn8: «уничтожается» with current life left (a
                                                                 death by wounds was heard as they came, engine_wound) */
            int life = engine_char_life(m, cards, dead[k]) - m->units[dead[k]].wounds;
            if (life > 0 && engine_char_type(m, cards, dead[k]) != BSK_TYPE_TERRAIN)
                engine_raise(m, cards, BSK_ON_LETHAL, dead[k], -1, life, 0);
        }
        m->units[dead[k]].died_turn = m->turn;
        m->units[dead[k]].flags &= (uint8_t)~BSK_UNIT_VALHALLA; /* an attack's death marks it after (step_apply) */
        engine_to_zone(m, cards, dead[k], BSK_ZONE_GRAVEYARD);
    }
    for (int i = 0; n > 0 && i < m->unit_count; i++) {
        if (!was_in_play[i] || (m->units[i].zone != BSK_ZONE_GRAVEYARD && m->units[i].zone != BSK_ZONE_EXILE))
            continue;
        if (m->units[i].zone == BSK_ZONE_GRAVEYARD && engine_char_has(m, cards, i, BSK_KEYWORD_INCORPOREAL))
            /* replacement: incorporeal (535) — a seated incorporeal symbiote dying with its host (211.4) */
            engine_to_zone(m, cards, i, BSK_ZONE_EXILE);
        if (m->units[i].zone == BSK_ZONE_GRAVEYARD && history && had_keywords(dead, n, had, i)) {
            uint64_t altered = m->altered;
            m->granted[i] = had[i]; /* cell7: as it was (201.2.4), for the listeners' filters only */
            m->altered |= 1ull << i;
            engine_raise(m, cards, BSK_ON_DEATH, i, -1, -1, 0);
            m->granted[i] = 0;
            m->altered = altered;
        } else if (m->units[i].zone == BSK_ZONE_GRAVEYARD)
            engine_raise(m, cards, BSK_ON_DEATH, i, -1, -1, 0);
        engine_raise(m, cards, BSK_ON_LEAVE, i, -1, -1, 0); /* 201.2.4: died, or exiled instead */
        if (m->units[i].zone == BSK_ZONE_GRAVEYARD && (m->units[i].flags2 & BSK_UNIT_INCARNATED))
            engine_to_zone(m, cards, i, BSK_ZONE_EXILE); /* 536.7.3: after its "on death" features */
    }
    engine_incarnation(m, cards, false, events); /* 536.7.2: a waiting card may take a cell a death left */
}

/* 509.1: every card whose current life is 0 or less is destroyed, together (503.3). */
void engine_destroy_dead(bsk_match *m, const bsk_card_table *cards, bsk_events *events)
{
    engine_destroy_dead_by(m, cards, NULL, events);
}

void engine_destroy_dead_by(bsk_match *m, const bsk_card_table *cards, const int8_t *by, bsk_events *events)
{
    /* a wounded card with no life left (engine_unit_life), found without a branch per card; the
     * cards no effect alters read their printed life (the fast exit taken once for them all) */
    uint64_t dying = 0, battle = m->in_battle[0] | m->in_battle[1], altered = m->altered;
    for (uint64_t rest = battle & ~altered; rest; rest &= rest - 1) {
        int i = engine_first(rest);
        const bsk_unit *u = &m->units[i];
        if (!u->wounds)
            continue; /* most cards: no wound, no life to read (an unaltered card's life is its printed one) */
        int life = engine_char_unaltered_life(m, cards, i);
        dying |= (uint64_t)((engine_char_type(m, cards, i) != BSK_TYPE_TERRAIN) & (life <= u->wounds)) << i;
    }
    /* 509.1, 508.8.1: an altered card may also have lost all its life to negative life or an effect
     * without a wound, if it prints life (an artifact without life has none to lose) */
    bool may_drop = (battle & altered) && engine_life_may_drop(m);
    for (uint64_t rest = battle & altered; rest; rest &= rest - 1) {
        int i = engine_first(rest);
        const bsk_unit *u = &m->units[i];
        if (!may_drop && u->extra_life >= 0 && u->wounds < engine_char_unaltered_life(m, cards, i))
            continue; /* its life is at least the printed life (no negative life, 508.8.1), above its wounds */
        int life = engine_char_life(m, cards, i);
        if (engine_char_type(m, cards, i) != BSK_TYPE_TERRAIN && life <= u->wounds &&
            (u->wounds > 0 || engine_char_printed_life(m, cards, i) > 0))
            dying |= 1ull << i;
    }
    if (!dying)
        return;
    int8_t dead[BSK_MATCH_UNITS_MAX];
    int n = 0;
    for (; dying; dying &= dying - 1)
        dead[n++] = (int8_t)engine_first(dying);
    engine_destroy_by(m, cards, dead, n, by, events);
}

/* Imposes wounds (508.5) and records them. */
void engine_wound(bsk_match *m, const bsk_card_table *cards, int unit, int amount, bsk_events *events)
{
    if (amount <= 0 || !engine_in_battle(&m->units[unit]))
        return;
    bsk_unit *u = &m->units[unit];
    /* spawn8 (issue 23): «получает смертельные раны» (508.1.1, 509.4): its current life before these wounds, read
     * only when a card of the match hears on_lethal */
    int before = (cards->listen_any & BSK_LISTEN(BSK_ON_LETHAL)) ? engine_char_life(m, cards, unit) - u->wounds : 0;
    int total = u->wounds + amount;
    u->wounds = (uint8_t)(total > 255 ? 255 : total);
    if (cards->listen_any & (BSK_LISTEN(BSK_ON_CONCENTRATION) | BSK_LISTEN(BSK_ON_CONCENTRATION_TRIGGERED)))
        u->flags |= BSK_UNIT_WOUNDED_TURN; /* glossary «Концентрация»: it took wounds this turn */
    engine_event(events, BSK_EVENT_WOUND, u->owner, unit, u->cell, amount);
    engine_raise(m, cards, BSK_ON_WOUNDED, unit, -1, -1, amount); /* 508.5: "on_wounds_taken" */
    if (before > 0 && amount >= before && engine_char_type(m, cards, unit) != BSK_TYPE_TERRAIN)
        engine_raise(m, cards, BSK_ON_LETHAL, unit, -1, before, 0); /* spawn8: lethal wounds, value: life before */
}

/* ---- Strength (515.3, 515.6, 515.8) ---- */

/* 515.3: the hit table on the modified rolls of the attacker (a) and the defending card (d). */
void engine_hit_table(int a, int d, int8_t strength[2])
{
    static const int8_t up[6][2] = {{0, 0}, {STRENGTH_WEAK, STRENGTH_MISS}, {STRENGTH_MEDIUM, STRENGTH_WEAK},
                                    {STRENGTH_MEDIUM, STRENGTH_MISS}, {STRENGTH_STRONG, STRENGTH_WEAK},
                                    {STRENGTH_STRONG, STRENGTH_MISS}};
    static const int8_t down[6][2] = {{0, 0}, {STRENGTH_WEAK, STRENGTH_MISS}, {STRENGTH_MISS, STRENGTH_MISS},
                                      {STRENGTH_MISS, STRENGTH_WEAK}, {STRENGTH_WEAK, STRENGTH_MEDIUM},
                                      {STRENGTH_MISS, STRENGTH_MEDIUM}};
    int diff = a - d;
    if (diff == 0) { /* ties: 4 or less the attacker, 5 or more the defending card */
        strength[0] = a <= 4 ? STRENGTH_WEAK : STRENGTH_MISS;
        strength[1] = a <= 4 ? STRENGTH_MISS : STRENGTH_WEAK;
    } else if (diff > 0) {
        int k = diff > 5 ? 5 : diff;
        strength[0] = up[k][0];
        strength[1] = up[k][1];
    } else {
        int k = -diff > 5 ? 5 : -diff;
        strength[0] = down[k][0];
        strength[1] = down[k][1];
    }
}

/* 515.6, 515.8: one die: 3 or less weak, 4 or 5 medium, 6 or more strong. */
int8_t engine_one_die_strength(int roll) { return roll <= 3 ? STRENGTH_WEAK : roll <= 5 ? STRENGTH_MEDIUM : STRENGTH_STRONG; }

/* 515.3: an exchange row (both strike) lets the higher roller step down. Returns that player, 0. */
int engine_step_down_player(const bsk_match *m, const bsk_stack_entry *e)
{
    if (e->strength[0] == STRENGTH_MISS || e->strength[1] == STRENGTH_MISS)
        return 0;
    int source_owner = m->units[e->source].owner, target_owner = m->units[e->final_target].owner;
    return e->roll[0] > e->roll[1] ? source_owner : target_owner;
}

/* 306.3 b: an effect-ability (finishing blow) with one value needs no die; attacks always roll. */
bool engine_fixed_value(const bsk_attack *a)
{
    return a->keyword == BSK_KEYWORD_FINISHING_BLOW && a->expr_of != BSK_ATTACK_EXPR_VALUES &&
           a->values[0] == a->values[1] && a->values[1] == a->values[2];
}

/* 515.2: both roll against an open enemy creature that can strike back; else 515.6–515.8. */
bool engine_is_fight(const bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e)
{
    const bsk_unit *t = &m->units[e->final_target];
    /* fight9 (issue 23), 537.5: a fight «как с открытым» — as two open creatures, even a tapped one or one of its own
     * squad (515.6, 515.7 do not apply); an unanswered striker still fights alone (E_UNANSWERED) */
    return e->kind == BSK_ACT_ATTACK && !(e->flags & E_UNANSWERED) && engine_char_creature(m, cards, e->final_target) &&
           engine_char_has_strike(m, cards, e->final_target) &&
           ((!(t->flags & BSK_UNIT_TAPPED) && t->owner != m->units[e->source].owner) || (e->flags3 & E3_AS_OPEN));
}

/* The attack flags a declaration carries from its source's keywords (directed, unanswered). */
uint8_t engine_attack_flags(const bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e)
{
    uint8_t flags = 0;
    if (e->kind == BSK_ACT_ATTACK && engine_char_has(m, cards, e->source, BSK_KEYWORD_UNANSWERED_STRIKE))
        flags |= E_UNANSWERED | E_DIRECTED; /* an unanswered strike is directed too */
    if (e->kind == BSK_ACT_ATTACK && engine_char_has(m, cards, e->source, BSK_KEYWORD_DIRECTED_STRIKE))
        flags |= E_DIRECTED;
    else if (e->kind == BSK_ACT_ATTACK && (cards->statics_any & BSK_STATIC_KEYWORDS) &&
             engine_static_keyword_against(m, cards, e->source, BSK_KEYWORD_DIRECTED_STRIKE, e->target))
        flags |= E_DIRECTED; /* fend6 (issue 23), 541.4.1: «{direct} по героям» at such a card */
    return flags;
}

/* ---- Guards (514) ---- */

int engine_guards(const bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e, int8_t *out)
{
    int n = 0;
    if (e->kind != BSK_ACT_ATTACK || (e->flags & (E_REDIRECTED | E_UNANSWERED | E_DIRECTED)))
        return 0; /* 514.2, 514.8 */
    int nap = engine_other(m->active);
    if (m->units[e->source].owner != m->active || m->units[e->target].owner != nap)
        return 0; /* 514.1; digest 02 §4 #9: only a strike at the non-active player's card */
    bool flyer_source = engine_char_flyer(m, cards, e->source);
    bool target_extra = m->units[e->target].zone == BSK_ZONE_EXTRA;
    for (int g = 0; g < m->unit_count; g++) {
        const bsk_unit *u = &m->units[g];
        /* 514.1: an open creature of the non-active player, with a strike, that can act (510.1): without an
         * action marker, unless it may guard more times (510.3, times3) */
        if (u->owner != nap || g == e->target || g == e->source || !engine_unit_can_act_as(m, cards, g, BSK_ACTIONS_GUARD) ||
            !engine_char_creature(m, cards, g) || !engine_char_has_strike(m, cards, g))
            continue;
        bool ok;
        if (!flyer_source && !target_extra) /* 514.4 */
            ok = engine_adjacent(m, cards, g, e->source) && engine_adjacent(m, cards, g, e->target);
        else if (flyer_source && !target_extra) /* 514.5 */
            ok = engine_adjacent(m, cards, g, e->target) || engine_char_flyer(m, cards, g);
        else /* 514.6, 514.7 */
            ok = engine_char_flyer(m, cards, g);
        if (ok)
            out[n++] = (int8_t)g;
    }
    return n;
}

/* ---- Execution ---- */

static void pop(bsk_match *m)
{
    if (m->effect_count) /* branch dice5: the effects on this attack end with it (122.4.1) */
        engine_effects_action_over(m, BSK_DURATION_ATTACK, m->stack_count);
    m->stack_count--;
}

void engine_pay_tap(bsk_match *m, int unit)
{
    /* 510.2, 510.5: tapped, an action marker, no movement left; paid wherever the card is (501.13.1) */
    bsk_unit *u = &m->units[unit];
    if (engine_in_battle(u))
        u->flags |= BSK_UNIT_TAPPED;
    u->actions++;
    u->move_left = 0;
}

void engine_pay_action(bsk_match *m, const bsk_card_table *cards, int unit, int kind, bool no_tap)
{
    if (!no_tap && !(cards->times_any && engine_action_no_tap(m, cards, unit, kind))) {
        engine_pay_tap(m, unit);
    } else { /* 540.3: not tapped, but the action marker all the same: it has acted and cannot move (510.5) */
        bsk_unit *u = &m->units[unit];
        u->actions++;
        u->move_left = 0;
    }
    /* react10 (issue 23): glossary «Когда действует» (ab.payment, 512.7): it acted; one test of listen_any */
    engine_raise(m, cards, BSK_ON_ACT, unit, -1, -1, kind);
}


/* 507.1: the ground card `unit` relocates to `cell`, its symbiote with it (211.11): a free cell, or
 * (524.2) an incorporeal creature onto a cell whose card it then shares. */
static void relocate(bsk_match *m, const bsk_card_table *cards, int unit, int cell, bsk_events *events)
{
    bsk_unit *u = &m->units[unit];
    if (cards->history_any) /* times3: the history of battle (538.2), only when a filter reads it */
        u->flags2 |= BSK_UNIT_MOVED_TURN;
    BSK_ASSERT(u->zone == BSK_ZONE_BATTLEFIELD && !(m->shared & (1u << cell)));
    int from = u->cell;
    cell_vacate(m, unit);
    if (m->at[cell] < 0)
        engine_set_at(m, cell, unit);
    else
        m->shared |= 1u << cell;
    u->cell = (int8_t)cell;
    for (uint64_t rest = m->in_battle[0] | m->in_battle[1]; rest; rest &= rest - 1)
        if (m->units[engine_first(rest)].host == unit) /* its seated symbiote (211.11) */
            m->units[engine_first(rest)].cell = (int8_t)cell;
    engine_event(events, BSK_EVENT_MOVE, u->owner, unit, from, cell);
}

void engine_relocate(bsk_match *m, const bsk_card_table *cards, int unit, int cell, bsk_events *events)
{
    int from = m->units[unit].cell;
    relocate(m, cards, unit, cell, events);
    engine_raise(m, cards, BSK_ON_MOVE, unit, -1, -1, from);
    engine_incarnation(m, cards, false, events); /* 536.7.2: a waiting card may take the cell left */
}

/* swap12 (issue 23): whether `unit` may take part in a swap — a ground card alone on its battlefield cell (glossary
 * «Перемещение»: a flyer is never relocated; 211.11: a seated symbiote goes with its host; 524.2: a shared cell is
 * not one card's to give). */
bool engine_swappable(const bsk_match *m, int unit)
{
    const bsk_unit *u = &m->units[unit];
    return u->zone == BSK_ZONE_BATTLEFIELD && u->cell >= 0 && u->host < 0 && m->at[u->cell] == unit &&
           !((m->shared >> u->cell) & 1u);
}

void engine_swap(bsk_match *m, const bsk_card_table *cards, int a, int b, bsk_events *events)
{
    BSK_ASSERT(a != b && engine_swappable(m, a) && engine_swappable(m, b));
    /* glossary «Поменять местами (карты)»: both relocated at once, each into the other's cell (507.1: no movement);
     * both cells are emptied first, so neither relocation meets an occupied cell */
    int from_a = m->units[a].cell, from_b = m->units[b].cell;
    cell_vacate(m, a);
    cell_vacate(m, b);
    relocate(m, cards, a, from_b, events);
    relocate(m, cards, b, from_a, events);
    engine_raise(m, cards, BSK_ON_MOVE, a, -1, -1, from_a); /* each was relocated: on_move hears both (116.3.6) */
    engine_raise(m, cards, BSK_ON_MOVE, b, -1, -1, from_b);
}

static void resolve_move(bsk_match *m, const bsk_card_table *cards, bsk_stack_entry *e, bsk_events *events)
{
    bsk_unit *u = &m->units[e->source];
    /* 512.6.2: still legal? a card on the battlefield, open, with movement, to a free cell */
    int dc = bsk_cell_column(u->cell) - bsk_cell_column(e->cell), dr = bsk_cell_row(u->cell) - bsk_cell_row(e->cell);
    /* 524.3: an incorporeal creature's move stays legal if the cell filled since it was declared */
    bool legal = u->zone == BSK_ZONE_BATTLEFIELD && !(u->flags & BSK_UNIT_TAPPED) && u->actions == 0 && /* 506.3 */
                 u->move_left > 0 &&
                 ((engine_enterable(m, cards, e->source) >> e->cell) & 1u) &&
                 (dc < 0 ? -dc : dc) + (dr < 0 ? -dr : dr) == 1;
    if (legal) {
        int from = u->cell;
        relocate(m, cards, e->source, e->cell, events);
        engine_raise(m, cards, BSK_ON_MOVE, e->source, -1, 1, from); /* 412.1: "on_move"; mark9: 1, a movement (506.1) */
        u->move_left--; /* 412.1: movement is paid with a movement point */
        engine_kw_charge_moved(m, cards, e->source);
        engine_incarnation(m, cards, false, events); /* 536.7.2: a waiting card may take the cell left */
    }
    pop(m);
}

/* 506.6–506.7, glossary «Прыжок», «Телепортация»: a slow jump or teleport (an ability entry with a
 * cell and no target). 512.6.2: still legal when the card may still use slow movement and the cell
 * is free and within reach; it relocates and spends all its movement, an allowance of 0 included
 * (move_left −1: no other slow movement this turn). Illegal, it leaves without payment. */
static void resolve_relocation(bsk_match *m, const bsk_card_table *cards, bsk_stack_entry *e, bsk_events *events)
{
    BSK_ASSERT(e->cell >= 0 && e->cell < BSK_BOARD_CELLS);
    uint32_t cells = engine_kw_relocation_cells(m, cards, e->source, BSK_KEYWORD_JUMP) |
                     engine_kw_relocation_cells(m, cards, e->source, BSK_KEYWORD_TELEPORT);
    if ((cells >> e->cell) & 1u) {
        int from = m->units[e->source].cell;
        relocate(m, cards, e->source, e->cell, events);
        m->units[e->source].move_left = -1;
        if (e->x) /* spawn8 (issue 23): a teleport (declare.c marks it only when a card hears on_teleport) */
            engine_raise(m, cards, BSK_ON_TELEPORT, e->source, -1, -1, from);
        /* mark9 (issue 23), 506.6: a jump or teleport replacing movement is a movement: on_move with value 2, heard only
         * by a trigger on movements ("movement": true; the other on_move triggers keep not hearing it) */
        engine_raise(m, cards, BSK_ON_MOVE, e->source, -1, 2, from);
        engine_kw_charge_moved(m, cards, e->source);
        engine_incarnation(m, cards, false, events); /* 536.7.2: a waiting card may take the cell left */
    }
    pop(m);
}

/* The value of a strike of `unit` at `strength` (the simple strike, or attack `ability`). */
int engine_strike_value(const bsk_match *m, const bsk_card_table *cards, int unit, int ability, int strength)
{
    const bsk_attack *a = ability >= 0 ? engine_stack_attack(m, cards, unit, ability) : NULL;
    int x = a && a->expr_of == BSK_ATTACK_EXPR_VALUES ? engine_spawned_x(m, cards, unit, ability) : 0; /* blow11 */
    int v = a ? bsk_attack_value(a, strength, x, m->units[unit].counters)
                         : engine_char_strike(m, cards, unit, strength);
    return v < 0 ? 0 : v;
}

static bool attack_still_legal(const bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e)
{
    if (!engine_unit_can_act_as(m, cards, e->source, e->kind == BSK_ACT_ATTACK ? BSK_ACTIONS_STRIKE : BSK_ACTIONS_ACT))
        return false; /* 510.1, 510.3 */
    if (e->kind == BSK_ACT_ATTACK)
        return engine_can_attack(m, cards, e->source, e->target);
    return engine_in_battle(&m->units[e->target]); /* 501.17: restrictions on the chosen target only */
}

/* ---- The steps of an attack's execution (512.6), one function each ----
 * A step returns true to go on with the entry's next step (e->step), false when the entry waits (a
 * question, its window, triggers to resolve first) or has left the stack. Features hook into the
 * step they name. */
typedef bool (*attack_step)(bsk_match *m, const bsk_card_table *cards, bsk_stack_entry *e, bsk_events *events);

/* 512.6.2: illegal now → removed without payment. */
static bool step_legality(bsk_match *m, const bsk_card_table *cards, bsk_stack_entry *e, bsk_events *events)
{
    (void)events;
    if (!attack_still_legal(m, cards, e)) {
        pop(m);
        return false;
    }
    e->flags |= engine_attack_flags(m, cards, e);
    e->step = S_CANCEL;
    /* 512.6.2 d: "on attack" features trigger; they resolve before the attack goes on */
    /* incarn7: with the attack's kind («при нападении выстрелом»), worked out only when a card hears it */
    engine_raise(m, cards, BSK_ON_ASSAULT, e->source, e->target, -1,
                 cards->listen_any & BSK_LISTEN(BSK_ON_ASSAULT) ? engine_strike_kind(m, cards, e, 0) : 0);
    if (cards->listen_any & BSK_LISTEN(BSK_ON_MAGIC_ABILITY)) { /* vamp8: a magic strike or discharge performed (111.1) */
        int kind = engine_strike_kind(m, cards, e, 0);
        if (kind == BSK_STRIKE_MAGIC || kind == BSK_STRIKE_DISCHARGE)
            engine_raise(m, cards, BSK_ON_MAGIC_ABILITY, e->source, e->target, -1, kind);
    }
    return m->pending_count == 0;
}

/* The window of a step (512.4): true once it has closed with nothing declared, or its answers have
 * resolved; false while it is open or answers are above the entry on the stack. */
static bool step_window(bsk_match *m, const bsk_card_table *cards, bsk_stack_entry *e, int window)
{
    if (window >= W_TARGETS && !((cards->windows_any >> window) & 1u))
        return true; /* branch ops2: no card of the table could act in this step's window (512.4) */
    if (!(e->flags & E_WINDOW_DONE) && engine_open_window(m, cards, window)) {
        e->flags2 |= E2_IN_WINDOW;
        return false;
    }
    if (!(e->flags & E_WINDOW_DONE) && m->stack_count > 0 && &m->stack[m->stack_count - 1] != e)
        return false; /* answers went on the stack above it */
    e->flags &= (uint8_t)~E_WINDOW_DONE;
    e->flags2 &= (uint8_t)~E2_IN_WINDOW;
    return true;
}

/* 512.6.3: the window for cancel features. */
static bool step_cancel(bsk_match *m, const bsk_card_table *cards, bsk_stack_entry *e, bsk_events *events)
{
    (void)events;
    if (!step_window(m, cards, e, W_CANCEL))
        return false;
    if (e->flags2 & E2_CANCELLED) { /* cancelled: paid all the same */
        e->flags |= E_PAY;
        e->step = S_PAYMENT;
        return true;
    }
    e->step = S_TARGETS;
    return true;
}

/* 512.6.4: the non-active player may assign a guard (514); the final target is revealed. */
static bool step_targets(bsk_match *m, const bsk_card_table *cards, bsk_stack_entry *e, bsk_events *events)
{
    (void)events;
    /* 512.6.4: the active player first, then the other may play redirects (features.c op_redirect);
     * then the non-active player assigns a guard, unless a redirect took the attack (514.8) */
    if (!(e->flags & E_ASKED) && !(e->flags2 & E2_SPAWNED) && !step_window(m, cards, e, W_TARGETS))
        return false; /* 537.2 b: no redirect of a spawned attack */
    if (!(e->flags & E_ASKED)) {
        int8_t guards[BSK_MATCH_UNITS_MAX];
        if (engine_guards(m, cards, e, guards) > 0) {
            m->question = Q_GUARD;
            m->priority = (uint8_t)engine_other(m->active);
            return false;
        }
    }
    e->flags &= (uint8_t)~E_ASKED;
    if (m->units[e->final_target].flags & BSK_UNIT_HIDDEN) {
        /* the final target is revealed; a flyer or terrain leaves for the extra zone
         * (210.1, 213.1). Not redirected, it is checked again against the target-choice
         * restrictions (512.6.4, 533.8): illegal now, it is paid but not executed. */
        engine_reveal(m, cards, e->final_target);
        bool legal = (e->flags & E_REDIRECTED) ||
                     (e->kind == BSK_ACT_ATTACK
                          ? engine_can_attack(m, cards, e->source, e->final_target)
                          : engine_can_target_ability(m, cards, e->source,
                                                      engine_stack_attack(m, cards, e->source, e->ability),
                                                      e->final_target));
        if (!legal || engine_char_type(m, cards, e->final_target) == BSK_TYPE_TERRAIN) { /* 213.2 */
            e->flags |= E_PAY;
            e->step = S_PAYMENT;
            return true;
        }
    }
    e->step = S_ROLL;
    /* events3 (issue 22), 502.1, 512.6.4: the final target is known: "when it becomes the target";
     * the triggers resolve before the die roll */
    engine_raise(m, cards, BSK_ON_TARGETED, e->final_target, e->source, -1, 0);
    return m->pending_count == 0;
}

/* 512.6.5: the die roll: both dice in a fight (515.2), one die otherwise (515.6–515.8), none for
 * a finishing blow with one value (306.3 b). */
/* 512.6.5, 306.5.1: the dice of the roll step, without modifiers (e->roll: the source's, the defender's);
 * false for a finishing blow with one value (306.3 b: no die). */
/* dice7 (issue 23), 306.5.1: a roller with a holding roll_twice rolls its second die at once after its first (as
 * if both at one time); kept in the entry's x nibble `w` until it chooses (306.5.2). */
static void second_die(bsk_match *m, const bsk_card_table *cards, bsk_stack_entry *e, int w, int unit,
                       bsk_events *events)
{
    if (!(cards->ops_any & (1ull << BSK_OP_ROLL_TWICE)) || engine_static_roll_twice(m, cards, unit) < 0)
        return;
    int die = engine_roll_of(m, cards, m->units[unit].owner, unit, events); /* 519.5: «следующий» took the first */
    e->x = (uint8_t)((e->x & (w ? 0x0fu : 0xf0u)) | ((unsigned)(die & 0x0f) << (4 * w)));
}

static bool roll_dice(bsk_match *m, const bsk_card_table *cards, bsk_stack_entry *e, bsk_events *events)
{
    int source_owner = m->units[e->source].owner;
    if (engine_is_fight(m, cards, e)) {
        e->flags |= E_FIGHT;
        /* 306.5.1: the active player's die first */
        int first = source_owner == m->active ? e->source : e->final_target;
        int second = first == e->source ? e->final_target : e->source;
        int r1 = engine_roll_of(m, cards, m->units[first].owner, first, events);
        second_die(m, cards, e, first != e->source, first, events);
        int r2 = engine_roll_of(m, cards, m->units[second].owner, second, events);
        second_die(m, cards, e, second != e->source, second, events);
        e->roll[0] = (int8_t)(first == e->source ? r1 : r2);
        e->roll[1] = (int8_t)(first == e->source ? r2 : r1);
        return true;
    }
    if (e->ability >= 0 && engine_fixed_value(engine_stack_attack(m, cards, e->source, e->ability)))
        return false;
    e->roll[0] = (int8_t)engine_roll_of(m, cards, source_owner, e->source, events);
    second_die(m, cards, e, 0, e->source, events);
    return true;
}

/* dice7 (issue 23), 306.5.2: each roller that rolled two dice keeps one, the active player's first: equal
 * values need no choice (E3_DICE_EQUAL: +X to its strike, 306.5.2's example), else its controller is asked
 * (BSK_CHOICE_DIE, option n = value n); false while asked. The unchosen die is then ignored (never heard). */
static bool choose_dice(bsk_match *m, bsk_stack_entry *e)
{
    if (!e->x)
        return true;
    int first = m->units[e->source].owner == m->active || !(e->flags & E_FIGHT) ? 0 : 1;
    for (int k = 0; k < 2; k++) {
        int w = k ? 1 - first : first, die = (e->x >> (4 * w)) & 0x0f;
        if (!die)
            continue;
        if (die == e->roll[w]) {
            e->flags3 |= (uint8_t)(E3_DICE_EQUAL << w);
            e->x = (uint8_t)(e->x & (w ? 0x0fu : 0xf0u));
            continue;
        }
        int unit = w ? e->final_target : e->source;
        memset(&m->choice, 0, sizeof m->choice);
        engine_ask_choice(m, m->units[unit].owner, BSK_CHOOSE_NUMBER, BSK_CHOICE_DIE,
                          (1ull << die) | (1ull << (e->roll[w] & 0x3f)));
        m->choice.mode = (uint8_t)w;
        return false;
    }
    return true;
}

void engine_die_choice_answer(bsk_match *m, const bsk_action *a)
{
    bsk_stack_entry *e = &m->stack[m->stack_count - 1];
    BSK_ASSERT(m->choice.what == BSK_CHOOSE_NUMBER && ((m->choice.allowed >> a->index) & 1u));
    int w = m->choice.mode;
    m->question = Q_NONE;
    memset(&m->choice, 0, sizeof m->choice);
    e->roll[w] = (int8_t)a->index; /* «бросок кубика (без модификаторов)» (306.5.2) */
    e->x = (uint8_t)(e->x & (w ? 0x0fu : 0xf0u));
}

/* 519.1: the modifiers on the rolled dice (519.2: the +X / −X of experience, clumsiness and effects, then
 * «сводится к X», engine_die_set), then the strength (515.3 the hit table, 515.6 one die); false when
 * the step-down question is asked. */
static bool roll_result(bsk_match *m, const bsk_card_table *cards, bsk_stack_entry *e, bool rolled)
{
    if (!rolled) {
        e->strength[0] = STRENGTH_WEAK; /* 306.3 b: no X-Y-Z, no die */
        e->strength[1] = STRENGTH_MISS;
        return true;
    }
    e->roll[0] = (int8_t)(e->roll[0] + engine_die_modifier(m, cards, e, e->source));
    if (m->effect_count) /* 519.2 group 2 after group 1 (no effect: no «сводится к X») */
        e->roll[0] = (int8_t)engine_die_set(m, cards, e->source, e->roll[0]);
    if (e->flags & E_FIGHT) {
        e->roll[1] = (int8_t)(e->roll[1] + engine_die_modifier(m, cards, e, e->final_target));
        if (m->effect_count)
            e->roll[1] = (int8_t)engine_die_set(m, cards, e->final_target, e->roll[1]);
        engine_hit_table(e->roll[0], e->roll[1], e->strength);
        int p = engine_step_down_player(m, e);
        if (p) {
            m->question = Q_STEP_DOWN;
            m->priority = (uint8_t)p;
            return false;
        }
        return true;
    }
    e->strength[0] = engine_one_die_strength(e->roll[0]);
    e->strength[1] = STRENGTH_MISS;
    return true;
}

static bool step_roll(bsk_match *m, const bsk_card_table *cards, bsk_stack_entry *e, bsk_events *events)
{
    if (!(e->flags & E_ASKED)) {
        if (!((cards->windows_any >> W_ROLL) & 1u) && !(cards->ops_any & (1ull << BSK_OP_ROLL_TWICE))) {
            if (!roll_result(m, cards, e, roll_dice(m, cards, e, events)))
                return false;
        } else { /* branch ops2: 512.6.5, 519.8: a window after the dice, before their modifiers apply */
            if (!(e->flags2 & E2_ROLLED)) {
                e->flags2 |= E2_ROLLED;
                if (!roll_dice(m, cards, e, events))
                    e->flags2 |= E2_PAID_NO_DIE;
            }
            /* dice7: a two-dice roller chooses (306.5.2) before the window, where the modifiers are declared
             * (306.5.3); a re-roll there re-rolls the chosen die */
            if (!choose_dice(m, e))
                return false;
            if (!step_window(m, cards, e, W_ROLL))
                return false;
            bool rolled = !(e->flags2 & E2_PAID_NO_DIE);
            e->flags2 &= (uint8_t)~(E2_ROLLED | E2_PAID_NO_DIE);
            bool done = roll_result(m, cards, e, rolled);
            if (m->effect_count) /* branch dice5: the die roll is fixed (306.5.3), effects on it end */
                engine_effects_action_over(m, BSK_DURATION_ROLL, 0);
            if (!done)
                return false;
        }
    }
    e->flags &= (uint8_t)~E_ASKED;
    e->step = S_CALC;
    /* 512.6.5 (its last priority: triggers on the roll's result), 515.1: the attacker fought when it
     * rolled for its strength; frenzy reads "the die roll", the one with modifiers (306.5.3), and so does
     * on_die_roll (branch dice3: each card's own die; 519.7: a re-rolled-away value was never rolled) */
    uint64_t hear = cards->listen_any & (BSK_LISTEN(BSK_ON_FRENZY) | BSK_LISTEN(BSK_ON_DIE_ROLL) |
                                         BSK_LISTEN(BSK_WHEN_FIGHTS) | BSK_LISTEN(BSK_ON_STRIKE_ROLLED));
    if (hear && ((e->flags & E_FIGHT) || e->ability < 0 ||
                 !engine_fixed_value(engine_stack_attack(m, cards, e->source, e->ability)))) {
        if (hear & BSK_LISTEN(BSK_ON_FRENZY))
            engine_raise(m, cards, BSK_ON_FRENZY, e->source, e->final_target, e->roll[0], 0);
        if (hear & BSK_LISTEN(BSK_WHEN_FIGHTS)) { /* events3 (issue 22), 515.1: each card that rolled for its strike's
                                                    strength */
            engine_raise(m, cards, BSK_WHEN_FIGHTS, e->source, e->final_target, e->roll[0], 0);
            if (e->flags & E_FIGHT)
                engine_raise(m, cards, BSK_WHEN_FIGHTS, e->final_target, e->source, e->roll[1], 0);
        }
        if (hear & BSK_LISTEN(BSK_ON_DIE_ROLL)) {
            engine_raise(m, cards, BSK_ON_DIE_ROLL, e->source, e->final_target, e->roll[0], 0);
            if (e->flags & E_FIGHT)
                engine_raise(m, cards, BSK_ON_DIE_ROLL, e->final_target, e->source, e->roll[1], 0);
        }
        /* blow11 (issue 23), 512.6.5, 520.2 a: the attack's strength is known; a trigger may set it before the
         * Calculation step (05-153); a miss has none */
        for (int which = 0; (hear & BSK_LISTEN(BSK_ON_STRIKE_ROLLED)) && which < 2; which++)
            if (e->strength[which] >= 0 && (which == 0 || (e->flags & E_FIGHT))) /* 515.4: the counter-strike too */
                engine_raise(m, cards, BSK_ON_STRIKE_ROLLED, which ? e->final_target : e->source,
                             which ? e->source : e->final_target, e->strength[which], engine_strike_kind(m, cards, e, which));
        return m->pending_count == 0;
    }
    return true;
}

/* 512.6.6: a window for instant actions, then the source must still be in play (526); the
 * magnitude pipeline (520), once for the strike and once for the counter-strike. */
static bool step_calculation(bsk_match *m, const bsk_card_table *cards, bsk_stack_entry *e, bsk_events *events)
{
    (void)events;
    if (!step_window(m, cards, e, W_CALC))
        return false;
    /* 526.1: the source still in its active zone — the battle zone, or the graveyard for a dead card's
     * on-death attack (201.2.3; acquired4) */
    if (!engine_in_battle(&m->units[e->source]) &&
        !((e->flags3 & E3_FROM_GRAVEYARD) && m->units[e->source].zone == BSK_ZONE_GRAVEYARD)) {
        e->step = S_COMPLETE;
        return true;
    }
    if ((m->effect_count || (cards->statics_any & BSK_STATIC_STRENGTH)) &&
        (cards->ops_any & (1ull << BSK_OP_SET_ATTACK_STRENGTH)))
        for (int which = 0; which < 2; which++) { /* 520.2 a, 520.6: the strength its features then read */
            int strength = engine_strength_set(m, cards, e, which);
            if (strength >= 0)
                e->strength[which] = (int8_t)strength;
        }
    if (e->strength[0] >= 0)
        e->magnitude[0] = (uint8_t)engine_magnitude(
            m, cards, e, 0, engine_strike_value(m, cards, e->source, e->ability, e->strength[0]));
    else
        e->magnitude[0] = 0;
    if (e->strength[1] >= 0)
        e->magnitude[1] = (uint8_t)engine_magnitude(
            m, cards, e, 1, engine_strike_value(m, cards, e->final_target, -1, e->strength[1]));
    else
        e->magnitude[1] = 0;
    if (m->effect_count && cards->next_attack_any) /* move11: «к следующему разряду», read above, now used up */
        engine_effects_attack_made(m, cards, e);
    e->step = S_BLOCK;
    return true;
}

/* 512.6.7: the Blocking step's window (it opens only when a card of the match has a block feature,
 * engine_feature_windows: the table's windows_any). 531.4 (branch block3): a blocked attack applies no
 * effect (no wounds, no counter-strike, no "on attack") and goes to the completion step; it is paid. */
static bool step_blocking(bsk_match *m, const bsk_card_table *cards, bsk_stack_entry *e, bsk_events *events)
{
    (void)events;
    /* branch wrap5: a static block blocks first, with no declaration (531.4; 06-194) */
    if ((cards->ops_any & (1ull << BSK_OP_BLOCK)) && !(e->flags2 & E2_BLOCKED))
        engine_static_block(m, cards, e);
    if (!step_window(m, cards, e, W_BLOCK))
        return false;
    e->step = (e->flags2 & E2_BLOCKED) ? S_COMPLETE : S_APPLY;
    return true;
}

/* Glossary «Вальхалла», 538.2 ex. 1: `struck`, struck by `striker`'s attack just now, died of it: if
 * the striker is an opponent's card, the mark of its death from an opponent's attack (never lost).
 * A card of its own squad (515.7), a spell or an effect leaves no mark (engine_destroy clears it). */
static void mark_valhalla(bsk_match *m, int striker, int struck)
{
    bsk_unit *u = &m->units[struck];
    if (u->zone == BSK_ZONE_GRAVEYARD && u->died_turn == m->turn && m->units[striker].owner != u->owner)
        u->flags |= BSK_UNIT_VALHALLA;
}

/* 512.6.8, digest 02 §4 #6: the strike and the counter-strike land together; a finishing blow
 * destroys instead. 511.7: triggers resolve before the completion step. */
static bool step_apply(bsk_match *m, const bsk_card_table *cards, bsk_stack_entry *e, bsk_events *events)
{
    /* branch ops2: a window before the effect applies, for prevention (534.2: after every modifier) */
    if (!step_window(m, cards, e, W_APPLY))
        return false;
    if (e->ability >= 0 && engine_stack_attack(m, cards, e->source, e->ability)->keyword == BSK_KEYWORD_FINISHING_BLOW) {
        /* glossary «Добивание на X», 509.2: destroys without wounds a card with X or less life;
         * steadfastness stops an opponent's effect-ability (glossary «Стойкость») */
        int t = e->final_target;
        bool steadfast = engine_steadfast_blocks(m, cards, t, e->source, e->player);
        if (engine_in_battle(&m->units[t]) && !steadfast && engine_unit_life(m, cards, t) <= e->magnitude[0]) {
            int8_t dead[1] = {(int8_t)t}, by[BSK_MATCH_UNITS_MAX];
            engine_destroy_by(m, cards, dead, 1, engine_destroyer(cards, e->source, by), events); /* curse4 */
            engine_kw_corpse_eating(m, cards, e->source, t); /* it destroyed an adjacent creature */
            if (cards->listen_any & BSK_LISTEN(BSK_ON_VALHALLA))
                mark_valhalla(m, e->source, t);
        }
        /* blow11 (issue 23): «когда … выполняет добивание на X» — performed, whether it destroyed or not; heard only
         * by an on_attack trigger naming the kind (features.c hears), X its final value */
        engine_raise_strike(m, cards, e, 0);
    } else {
        int drain[2] = {0, 0}; /* what vampirism heals each striker */
        bool target_in = engine_in_battle(&m->units[e->final_target]);
        bool source_in = engine_in_battle(&m->units[e->source]);
        if (e->strength[0] >= 0)
            drain[0] = engine_strike_lands(m, cards, e, 0, events);
        if (e->strength[1] >= 0)
            drain[1] = engine_strike_lands(m, cards, e, 1, events);
        for (int which = 0; which < 2; which++) /* 511.7: "on attack" of each strike dealt */
            if (e->strength[which] >= 0)
                engine_raise_strike(m, cards, e, which);
            else if (e->flags & E_FIGHT) /* events3: 515.5, 546.2: a card that fought and missed */
                engine_raise_miss(m, cards, e, which);
        int8_t by[BSK_MATCH_UNITS_MAX]; /* curse4: 509.1.1, each struck card destroyed by the card striking it */
        const int8_t *killers = NULL;
        if (cards->listen_any & BSK_LISTEN(BSK_ON_DESTROYS)) {
            memset(by, -1, sizeof by);
            if (e->strength[0] >= 0)
                by[e->final_target] = (int8_t)(e->source | BY_ATTACK); /* dice7: «уничтожает атакой» */
            if (e->strength[1] >= 0)
                by[e->source] = (int8_t)(e->final_target | BY_ATTACK);
            killers = by;
        }
        engine_destroy_dead_by(m, cards, killers, events);
        /* glossary «Трупоедство»: a melee strike (simple, special, magic; a counter-strike is a simple
         * strike, 515.4) that destroyed its target; ranged attacks never reach an adjacent card */
        if (e->strength[0] >= 0 && target_in && !engine_in_battle(&m->units[e->final_target]) &&
            (e->kind == BSK_ACT_ATTACK ||
             engine_stack_attack(m, cards, e->source, e->ability)->keyword == BSK_KEYWORD_SPECIAL_STRIKE ||
             engine_stack_attack(m, cards, e->source, e->ability)->keyword == BSK_KEYWORD_MAGIC_STRIKE))
            engine_kw_corpse_eating(m, cards, e->source, e->final_target);
        if (e->strength[1] >= 0 && source_in && !engine_in_battle(&m->units[e->source]))
            engine_kw_corpse_eating(m, cards, e->final_target, e->source);
        /* 511.7: vampirism triggers once the deaths are done (503.3); after corpse-eating's full heal,
         * the order its owner would choose (the rest then all extra life) */
        if (drain[0] | drain[1]) {
            engine_vampirism(m, cards, e->source, drain[0]);
            engine_vampirism(m, cards, e->final_target, drain[1]);
        }
        if (cards->listen_any & BSK_LISTEN(BSK_ON_VALHALLA)) { /* the struck cards that died of it */
            if (e->strength[0] >= 0)
                mark_valhalla(m, e->source, e->final_target);
            if (e->strength[1] >= 0) /* 515.4, 512.6.5: the counter-striking card counts as attacking */
                mark_valhalla(m, e->final_target, e->source);
        }
    }
    e->step = S_COMPLETE;
    return m->pending_count == 0;
}

/* 512.6.9: the completion step. Glossary «Рывок»: after its own attack the attacker may relocate
 * to a free cell beside it, not diagonally, once per its controller's turn (Q_CHOOSE: use, then
 * choose the cell; engine_dash_ask). */
static bool step_completion(bsk_match *m, const bsk_card_table *cards, bsk_stack_entry *e, bsk_events *events)
{
    (void)events;
    if (!(e->flags & E_ASKED) && engine_dash_cells(m, cards, e->source)) {
        engine_dash_ask(m, e->source);
        return false;
    }
    e->flags &= (uint8_t)~E_ASKED;
    e->step = S_PAYMENT;
    return true;
}

/* 512.7; 514.9: the guard taps with the attacker; 515.5: a miss is paid too. The entry leaves. */
static bool step_payment(bsk_match *m, const bsk_card_table *cards, bsk_stack_entry *e, bsk_events *events)
{
    (void)events;
    if (e->flags2 & E2_SPAWNED) { /* glossary §3.5: a spawned action pays nothing; a guard still taps (514.9) */
        engine_compound_strike_done(m, e); /* compound3: 505.4.5 reads whether it succeeded */
        if (e->guard >= 0)
            engine_pay_action(m, cards, e->guard, BSK_ACTIONS_GUARD, (e->flags3 & E3_NO_TAP_GUARD) != 0);
        pop(m);
        return false;
    }
    /* times3: 540.1.1, 540.3.1, 540.4 — an action of its way may leave it open, the marker all the same */
    engine_pay_action(m, cards, e->source, e->kind == BSK_ACT_ATTACK ? BSK_ACTIONS_STRIKE : BSK_ACTIONS_ACT,
                      (e->flags3 & E3_NO_TAP_SOURCE) != 0);
    if (e->ability >= 0) {
        const bsk_attack *a = engine_stack_attack(m, cards, e->source, e->ability);
        if (a->activation == BSK_ACTIVATION_COUNTER_TAP) {
            int cost = a->counter_cost ? a->counter_cost : 1;
            bsk_unit *u = &m->units[e->source];
            int had = u->counters;
            u->counters = (uint8_t)(u->counters > cost ? u->counters - cost : 0); /* 501.13 */
            if (had > u->counters) /* trig4: on_counters_lost (123) */
                engine_raise(m, cards, BSK_ON_COUNTERS_LOST, e->source, -1, -1, had - u->counters);
        }
    }
    if (e->guard >= 0) /* 514.9; 540.4.1: its counter-strike's «не закрывается после этой атаки» */
        engine_pay_action(m, cards, e->guard, BSK_ACTIONS_GUARD, (e->flags3 & E3_NO_TAP_GUARD) != 0);
    /* 107.2 d, 210.5: the strike at a flyer the grant allowed is its one use, miss or not */
    if (e->kind == BSK_ACT_ATTACK && (m->units[e->source].flags & BSK_UNIT_FLYER_GRANT) &&
        engine_char_flyer(m, cards, e->target))
        m->units[e->source].flags &= (uint8_t)~BSK_UNIT_FLYER_GRANT;
    pop(m);
    return false;
}

/* The steps by their number (S_*, engine.h). */
static const attack_step ATTACK_STEPS[S_STEP_COUNT] = {
    [S_LEGALITY] = step_legality, [S_CANCEL] = step_cancel,   [S_TARGETS] = step_targets,
    [S_ROLL] = step_roll,         [S_CALC] = step_calculation, [S_BLOCK] = step_blocking,
    [S_APPLY] = step_apply,       [S_COMPLETE] = step_completion, [S_PAYMENT] = step_payment};

/* Runs the entry's steps from e->step until one waits or the entry leaves the stack. */
static void resolve_attack(bsk_match *m, const bsk_card_table *cards, bsk_stack_entry *e, bsk_events *events)
{
    for (;;) {
        if (e->step >= S_STEP_COUNT) {
            BSK_ASSERT(0);
            pop(m);
            return;
        }
        if (!ATTACK_STEPS[e->step](m, cards, e, events))
            return;
    }
}

void engine_resolve(bsk_match *m, const bsk_card_table *cards, bsk_events *events)
{
    BSK_ASSERT(m->stack_count > 0);
    bsk_stack_entry *e = &m->stack[m->stack_count - 1];
    switch (e->kind) {
    case BSK_ACT_MOVE:
        resolve_move(m, cards, e, events);
        return;
    case BSK_ACT_ABILITY:
        if (e->ability < 0 && e->target < 0) { /* not an attack: a jump or teleport to e->cell */
            resolve_relocation(m, cards, e, events);
            return;
        }
        resolve_attack(m, cards, e, events);
        return;
    case BSK_ACT_ATTACK:
        resolve_attack(m, cards, e, events);
        return;
    case BSK_ACT_FEATURE:
        engine_resolve_feature(m, cards, e, events);
        return;
    case BSK_ACT_GAIN_COUNTER: /* 123.3: a slow tap action */
        if (engine_unit_can_act_as(m, cards, e->source, BSK_ACTIONS_ACT)) {
            engine_gain_counters(m, cards, e->source, 1); /* group3: 545.2, 545.4 */
            engine_pay_action(m, cards, e->source, BSK_ACTIONS_ACT, false);
        }
        pop(m);
        return;
    case BSK_ACT_FLYER_TAP: /* 107.2 d: until the end of its controller's next turn */
        if (engine_unit_can_act_as(m, cards, e->source, BSK_ACTIONS_ACT)) {
            m->units[e->source].flags |= BSK_UNIT_FLYER_GRANT;
            m->units[e->source].grant_turn = (uint8_t)(m->turn + 2);
            engine_pay_action(m, cards, e->source, BSK_ACTIONS_ACT, false);
        }
        pop(m);
        return;
    default:
        BSK_ASSERT(0);
        pop(m);
        return;
    }
}
