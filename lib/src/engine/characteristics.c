/* characteristics.c — a unit's card as the game sees it now (engine.h, "Characteristics"): the
 * accessors that are not hot enough to be inline, and their slow paths: printed values, then what
 * the unit acquired or lost for the battle, then the active effects in the order they were made.
 * Also the effects' life in the state: adding one (the effects cap), acquiring and losing a
 * keyword, extra life, and what ends them (413.3 at the end of the turn, 122.8 when the source
 * leaves play). */
#include "engine.h"

/* ---- Whom an effect reaches ---- */

bool engine_effect_applies(const bsk_match *m, const bsk_card_table *cards, const bsk_effect *e, int unit)
{
    if (e->from > m->turn)
        return false; /* branch shield6: not yet («в следующий ход противника») */
    switch (e->filter) {
    case BSK_FILTER_CARDS_OF: /* branch shield6: «ваши карты» */
        BSK_ASSERT(e->who == 1 || e->who == 2);
        return (m->in_battle[e->who - 1] >> unit) & 1u;
    case BSK_FILTER_UNIT:
        return e->who == unit;
    case BSK_FILTER_AGAINST_UNIT: /* swap12: only engine_magnitude_mods, which knows the attacked card, reads it */
        return false;
    case BSK_FILTER_OTHER_CREATURES_OF:
        if (e->source == unit)
            return false;
        /* fall through */
    case BSK_FILTER_CREATURES_OF:
        BSK_ASSERT(e->who == 1 || e->who == 2);
        (void)cards;
        return ((m->in_battle[e->who - 1] & m->creatures) >> unit) & 1u;
    default:
        return false;
    }
}

/* ---- static2 (issue 22): static features (117, 121), read whenever a characteristic is read ---- */

/* One record of a holding static feature that reaches a unit. */
typedef struct static_hit {
    int source;
    const bsk_feature_effect *ef;
} static_hit;

enum { STATIC_HITS_MAX = 16 };

/* Whether source's static feature f holds now (121): its card in the battle zone and revealed (533.4:
 * a face-down card's static features make no effects), its condition met. */
static bool static_holds(const bsk_match *m, const bsk_card_table *cards, int source, const bsk_feature *f)
{
    const bsk_unit *u = &m->units[source];
    return engine_in_battle(u) && !(u->flags & BSK_UNIT_HIDDEN) && engine_feature_condition_holds(m, cards, source, f);
}

/* The records of op `op` (statics of kind `change`, BSK_STATIC_*) of the holding static features of
 * the cards in the battle zone that reach `unit` — self, or (117.2: a static feature never targets)
 * every card of the battle zone its filter matches, seen from its card — at most `max`, in unit and
 * feature order. */
static int static_hits_of(const bsk_match *m, const bsk_card_table *cards, unsigned change, int op, int op2,
                          int keyword, int unit, static_hit *out, int max)
{
    int n = 0;
    for (uint64_t rest = (m->in_battle[0] | m->in_battle[1]) & m->statics; rest; rest &= rest - 1) {
        int source = engine_first(rest), count;
        if (m->units[source].flags & BSK_UNIT_HIDDEN)
            continue; /* 533.4: a face-down card's statics make no effects (and an agent's view does not
                       * know an opponent's face-down card: its slot is BSK_AGENT_UNKNOWN_SLOT) */
        if (!((change & BSK_STATIC_TIMES ? (unsigned)cards->times[m->units[source].slot] << 8
                                         : cards->statics[m->units[source].slot]) & change))
            continue; /* times3: actions_per_turn and no_tap_after are kept in times[] */
        const bsk_feature *f = bsk_card_table_features(cards, m->units[source].slot, &count);
        for (int k = 0; k < count; k++) {
            if (f[k].kind != BSK_FEATURE_STATIC || f[k].event != BSK_EVENT_NONE)
                continue;
            int holds = -1; /* read once a record reaches the unit */
            for (int e = 0; e < f[k].effect_count; e++) {
                const bsk_feature_effect *ef = &f[k].effects[e];
                if ((ef->op != op && ef->op != op2) || (keyword >= 0 && ef->keyword != keyword))
                    continue; /* guard10: a grant of another keyword, its condition not read */
                if (ef->target == BSK_TARGET_SELF ? unit != source
                                                  : !engine_in_battle(&m->units[unit]) ||
                                                        !engine_filter_matches(m, cards, ef->filter, source, unit))
                    continue;
                if (holds < 0)
                    holds = static_holds(m, cards, source, &f[k]);
                if (holds && n < max)
                    out[n++] = (static_hit){source, ef};
            }
        }
    }
    return n;
}

/* static_hits_of for one op, every keyword's records (keyword -1). */
static inline int static_hits(const bsk_match *m, const bsk_card_table *cards, unsigned change, int op, int unit,
                              static_hit *out, int max)
{
    return static_hits_of(m, cards, change, op, op, -1, unit, out, max);
}

uint64_t engine_static_keywords(const bsk_match *m, const bsk_card_table *cards, int unit, uint64_t keywords)
{
    static_hit hits[STATIC_HITS_MAX];
    int n = static_hits(m, cards, BSK_STATIC_KEYWORDS, BSK_OP_GAIN_FEATURE, unit, hits, STATIC_HITS_MAX);
    for (int i = 0; i < n; i++)
        if (!hits[i].ef->against) /* fend6: one «по [картам]» holds only against such a card (541.4.1) */
            keywords |= 1ull << hits[i].ef->keyword;
    return keywords;
}

/* fend6 (issue 23), 541.4.1 «Направленный удар по героям»: a holding static grant of keyword to unit whose
 * "against" filter the attacked card `other` matches, seen from the grant's card. */
bool engine_static_keyword_against(const bsk_match *m, const bsk_card_table *cards, int unit, int keyword, int other)
{
    static_hit hits[STATIC_HITS_MAX];
    int n = static_hits(m, cards, BSK_STATIC_KEYWORDS, BSK_OP_GAIN_FEATURE, unit, hits, STATIC_HITS_MAX);
    for (int i = 0; i < n; i++)
        if (hits[i].ef->against && hits[i].ef->keyword == keyword && other >= 0 &&
            engine_filter_matches(m, cards, hits[i].ef->against, hits[i].source, other))
            return true;
    return false;
}

int engine_static_grant_x(const bsk_match *m, const bsk_card_table *cards, int unit, int keyword)
{
    static_hit hits[STATIC_HITS_MAX];
    int n = static_hits_of(m, cards, BSK_STATIC_KEYWORDS, BSK_OP_GAIN_FEATURE, BSK_OP_GAIN_FEATURE, keyword, unit, hits,
                           STATIC_HITS_MAX),
        x = -1;
    for (int i = 0; i < n; i++) /* 518.3: the largest */
        if (hits[i].ef->keyword == keyword && !hits[i].ef->against && hits[i].ef->value.b > x)
            x = hits[i].ef->value.b;
    return x;
}

int engine_static_named_sum(const bsk_match *m, const bsk_card_table *cards, int unit, int keyword, bool *any)
{
    static_hit hits[STATIC_HITS_MAX];
    int n = static_hits_of(m, cards, BSK_STATIC_X, BSK_OP_NAMED_FEATURE_MODIFIER, BSK_OP_NAMED_FEATURE_MODIFIER, keyword,
                           unit, hits, STATIC_HITS_MAX),
        sum = 0;
    *any = false;
    for (int i = 0; i < n; i++)
        if (hits[i].ef->keyword == keyword) {
            sum += hits[i].ef->value.b;
            *any = true;
        }
    return sum;
}

int engine_static_sum(const bsk_match *m, const bsk_card_table *cards, int unit, int what)
{
    bool movement = what == BSK_CHAR_MOVEMENT;
    static_hit hits[STATIC_HITS_MAX];
    int n = static_hits(m, cards, movement ? BSK_STATIC_MOVEMENT : BSK_STATIC_DIE,
                        movement ? BSK_OP_MOVEMENT_MODIFIER : BSK_OP_DIE_ROLL_MODIFIER, unit, hits, STATIC_HITS_MAX);
    int sum = 0;
    for (int i = 0; i < n; i++)
        sum += hits[i].ef->value.b;
    return sum;
}

/* The smallest value a holding static `op` (of the counter statics) gives unit, -1 none: max_counters and
 * max_life, where the strictest limit wins. */
static int static_smallest_limit(const bsk_match *m, const bsk_card_table *cards, int op, int unit)
{
    static_hit hits[STATIC_HITS_MAX];
    int n = static_hits(m, cards, BSK_STATIC_COUNTERS, op, unit, hits, STATIC_HITS_MAX), max = -1;
    for (int i = 0; i < n; i++)
        if (max < 0 || hits[i].ef->value.b < max)
            max = hits[i].ef->value.b;
    return max;
}

/* group3 (issue 22): the smallest maximum of counters a holding static max_counters gives unit, -1 none. */
int engine_static_max_counters(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return static_smallest_limit(m, cards, BSK_OP_MAX_COUNTERS, unit);
}

/* dice5 (issue 23): a holding static no_wounds_from_attacks keeps every wound of an attack of this value off unit. */
bool engine_static_no_wounds(const bsk_match *m, const bsk_card_table *cards, int unit, int value)
{
    static_hit hits[STATIC_HITS_MAX];
    int n = static_hits(m, cards, BSK_STATIC_INCOMING, BSK_OP_NO_WOUNDS_FROM_ATTACKS, unit, hits, STATIC_HITS_MAX);
    for (int i = 0; i < n; i++)
        if (hits[i].ef->param == (value % 2 ? BSK_VALUES_ODD : BSK_VALUES_EVEN))
            return true;
    return false;
}

/* guard10 (issue 23): 532.2, a partial protection of unit from the attacks of a kind (bsk_strike_kind) whose final value
 * (534.2: after every modifier, at the protection check of 511.3) is the record's X (0: any). */
bool engine_static_protected(const bsk_match *m, const bsk_card_table *cards, int unit, int kind, int value)
{
    static_hit hits[STATIC_HITS_MAX];
    int n = static_hits(m, cards, BSK_STATIC_INCOMING, BSK_OP_PROTECTION_FROM_ATTACKS, unit, hits, STATIC_HITS_MAX);
    for (int i = 0; i < n; i++)
        if (((hits[i].ef->param >> kind) & 1u) && (!hits[i].ef->value.b || hits[i].ef->value.b == value))
            return true;
    return false;
}

/* farro13 (issue 23): 542.1.3, whether a holding static ignore_protection of striker (its own card's: the record's
 * target is self) lets an attack of this bsk_strike_kind at unit pass the protections from that kind — unit matching
 * the record's "against" filter, seen from striker (03-032 «Игнорирует {zor} существ с магической особенностью»). */
bool engine_static_ignores_protection(const bsk_match *m, const bsk_card_table *cards, int striker, int unit, int kind)
{
    if (striker < 0 || striker >= m->unit_count || kind < 0 || kind >= BSK_STRIKE_KIND_COUNT)
        return false;
    int count;
    const bsk_feature *f = bsk_card_table_features(cards, m->units[striker].slot, &count);
    for (int k = 0; k < count; k++) {
        if (f[k].kind != BSK_FEATURE_STATIC || f[k].event != BSK_EVENT_NONE)
            continue;
        for (int e = 0; e < f[k].effect_count; e++) {
            const bsk_feature_effect *ef = &f[k].effects[e];
            if (ef->op == BSK_OP_IGNORE_PROTECTION && ((ef->param >> kind) & 1u) &&
                (!ef->against || engine_filter_matches(m, cards, ef->against, striker, unit)) &&
                static_holds(m, cards, striker, &f[k]))
                return true;
        }
    }
    return false;
}

/* vamp5 (issue 23): the smallest life maximum a holding static max_life gives unit, -1 none (508.2.2). */
int engine_static_max_life(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return static_smallest_limit(m, cards, BSK_OP_MAX_LIFE, unit);
}

/* ---- times3 (issue 22): "X times per turn" and not tapping (510.3, 540) ---- */

/* Whether a record naming way `way` (BSK_ACTIONS_*) covers an action of way `kind`: its own, or "act"
 * («действовать»: every action). */
static bool actions_cover(unsigned way, int kind)
{
    return way == BSK_ACTIONS_ACT || way == (unsigned)kind;
}

int engine_actions_limit(const bsk_match *m, const bsk_card_table *cards, int unit, int kind)
{
    static_hit hits[STATIC_HITS_MAX];
    int n = static_hits(m, cards, BSK_STATIC_TIMES, BSK_OP_ACTIONS_PER_TURN, unit, hits, STATIC_HITS_MAX), limit = 1;
    for (int i = 0; i < n; i++) {
        if (!actions_cover(hits[i].ef->param & BSK_ACTIONS_KIND_MASK, kind))
            continue;
        int x = hits[i].ef->value.b <= 0 ? 255 : hits[i].ef->value.b; /* 0: «любое количество раз» */
        if (x > limit)
            limit = x;
    }
    return limit;
}

/* 540.1.1, 540.3.1: whether paying an action of way `kind` leaves unit open — a holding no_tap_after of that
 * way, or an actions_per_turn of that way with no_tap while the markers, this one counted, stay under its X. */
bool engine_action_no_tap(const bsk_match *m, const bsk_card_table *cards, int unit, int kind)
{
    static_hit hits[STATIC_HITS_MAX];
    int n = static_hits(m, cards, BSK_STATIC_TIMES, BSK_OP_NO_TAP_AFTER, unit, hits, STATIC_HITS_MAX);
    for (int i = 0; i < n; i++)
        if (actions_cover(hits[i].ef->param & BSK_ACTIONS_KIND_MASK, kind))
            return true;
    n = static_hits(m, cards, BSK_STATIC_TIMES, BSK_OP_ACTIONS_PER_TURN, unit, hits, STATIC_HITS_MAX);
    for (int i = 0; i < n; i++) {
        const bsk_feature_effect *ef = hits[i].ef;
        if ((ef->param & BSK_ACTIONS_NO_TAP) && actions_cover(ef->param & BSK_ACTIONS_KIND_MASK, kind) &&
            (ef->value.b <= 0 || m->units[unit].actions + 1 < ef->value.b))
            return true;
    }
    return false;
}

/* 520.3: the origin of a modifier from `from` of an attack by striker at target. */
static int magnitude_origin(const bsk_match *m, int from, int striker, int target)
{
    if (from == striker)
        return MAGNITUDE_FROM_SOURCE;
    if (from >= 0 && from == target)
        return MAGNITUDE_FROM_TARGET;
    if (from < 0 || m->units[from].owner == m->units[striker].owner)
        return MAGNITUDE_FROM_SOURCE_SIDE;
    return MAGNITUDE_FROM_OPPONENT_SIDE;
}

/* trig5 (issue 23): a modifier's "against" filter on the attack's other card, seen from the modifier's card; blow11
 * (issue 23): the card whose attack is modified is its anchor (cost "target": «по существам меньшей, чем они,
 * стоимости», 04-104 — the striker's cost). */
static bool against_holds(const bsk_match *m, const bsk_card_table *cards, const bsk_feature_effect *ef, int source,
                          int reached, int other)
{
    return !ef->against ||
           (other >= 0 && source >= 0 && engine_filter_matches_near(m, cards, ef->against, source, reached, other));
}

int engine_static_magnitude_mods(const bsk_match *m, const bsk_card_table *cards, int striker, int target, int kind,
                                 int strength, engine_magnitude_mod *mods, int count, int max)
{
    static_hit hits[2 * STATIC_HITS_MAX];
    for (int pass = 0; pass < 2; pass++) { /* the striker's «+X к удару», then the target's «−X от выстрелов» */
        unsigned change = pass ? BSK_STATIC_INCOMING : BSK_STATIC_ATTACK;
        int reached = pass ? target : striker;
        if (!(cards->statics_any & change) || reached < 0 || !((cards->static_attack_kinds[pass] >> kind) & 1u))
            continue; /* no static modifier of this attack's kind on either side */
        /* both ops' records in one walk of the statics; the additions are listed first, then the reductions */
        int add = pass ? BSK_OP_INCOMING_ATTACK_MODIFIER : BSK_OP_ATTACK_MODIFIER;
        int n = static_hits_of(m, cards, change, add,
                               pass ? BSK_OP_INCOMING_REDUCE_ATTACK_TO : BSK_OP_REDUCE_ATTACK_TO, -1, reached, hits,
                               2 * STATIC_HITS_MAX);
        for (int i = 0; i < n && count < max; i++)
            if (hits[i].ef->op == add && ((hits[i].ef->param >> kind) & 1u) &&
                against_holds(m, cards, hits[i].ef, hits[i].source, reached, pass ? striker : target))
                mods[count++] = (engine_magnitude_mod){MAGNITUDE_ADD,
                                                       (uint8_t)magnitude_origin(m, hits[i].source, striker, target),
                                                       hits[i].ef->value.b, 1};
        /* «сводится к X» (520.2 d: never raised, 520.5): the striker's; fend6 (issue 23): the attacked card's, of the
         * strengths its record names («средние и сильные атаки по … сводятся к 1», 03-121) */
        for (int i = 0; i < n && count < max; i++)
            if (hits[i].ef->op != add && ((hits[i].ef->param >> kind) & 1u) &&
                (!pass || !hits[i].ef->strength || (strength >= 0 && ((hits[i].ef->strength >> strength) & 1u))) &&
                against_holds(m, cards, hits[i].ef, hits[i].source, reached, pass ? striker : target)) /* batl9: 04-016 s3 */
                mods[count++] = (engine_magnitude_mod){MAGNITUDE_REDUCE_TO,
                                                       (uint8_t)magnitude_origin(m, hits[i].source, striker, target),
                                                       hits[i].ef->value.b, 1};
    }
    return count;
}

int engine_static_strength(const bsk_match *m, const bsk_card_table *cards, int striker, int kind)
{
    static_hit hits[STATIC_HITS_MAX];
    int strength = -1;
    int n = static_hits(m, cards, BSK_STATIC_STRENGTH, BSK_OP_SET_ATTACK_STRENGTH, striker, hits, STATIC_HITS_MAX);
    for (int i = 0; i < n; i++)
        if ((hits[i].ef->param >> kind) & 1u)
            strength = hits[i].ef->strength;
    return strength;
}

/* ---- The slow paths of engine.h's accessors ---- */

uint64_t engine_char_keywords_altered(const bsk_match *m, const bsk_card_table *cards, int unit, uint64_t printed)
{
    uint64_t keywords = (printed | m->granted[unit]) & ~m->lost[unit];
    for (int i = 0; i < m->effect_count; i++) {
        const bsk_effect *e = &m->effects[i];
        if ((e->op != BSK_EFFECT_GRANT && e->op != BSK_EFFECT_LOSE) || !engine_effect_applies(m, cards, e, unit))
            continue;
        if (e->op == BSK_EFFECT_GRANT)
            keywords |= 1ull << e->what;
        else
            keywords &= ~(1ull << e->what);
    }
    return keywords;
}

int engine_char_x_altered(const bsk_match *m, const bsk_card_table *cards, int unit, int keyword, int printed)
{
    int x = printed;
    for (int k = 0; k < BSK_UNIT_GRANTED_X_MAX; k++) {
        const bsk_granted_x *g = &m->granted_x[unit][k];
        if (g->x > 0 && g->keyword == keyword && g->x > x)
            x = g->x;
    }
    for (int i = 0; i < m->effect_count; i++) {
        const bsk_effect *e = &m->effects[i];
        if (e->op == BSK_EFFECT_GRANT && e->what == keyword && e->value > x && engine_effect_applies(m, cards, e, unit))
            x = e->value;
    }
    return x;
}

/* Whether effect characteristic `effect` touches the characteristic `what` read (the whole simple
 * strike touches each of its values). */
static bool touches(int effect, int what)
{
    return effect == what || (effect == BSK_CHAR_STRIKE && what >= BSK_CHAR_STRIKE_WEAK && what <= BSK_CHAR_STRIKE_STRONG);
}

int engine_char_value_altered(const bsk_match *m, const bsk_card_table *cards, int unit, int what, int printed)
{
    int value = printed, sum = 0;
    for (int i = 0; i < m->effect_count; i++) {
        const bsk_effect *e = &m->effects[i];
        if ((e->op != BSK_EFFECT_SET && e->op != BSK_EFFECT_MODIFY) || !touches(e->what, what) ||
            !engine_effect_applies(m, cards, e, unit))
            continue;
        if (e->op == BSK_EFFECT_SET) { /* a base property (104.4.1): the latest counts, modifiers on top */
            value = e->value;
            sum = 0;
        } else {
            sum += e->value;
        }
    }
    if ((what == BSK_CHAR_MOVEMENT && (cards->statics_any & BSK_STATIC_MOVEMENT)) ||
        (what == BSK_CHAR_DIE_ROLL && (cards->statics_any & BSK_STATIC_DIE)))
        sum += engine_static_sum(m, cards, unit, what); /* static2: the static modifiers (117, 121) */
    value += sum;
    /* 517.2: a characteristic below 0 is 0; a die modifier is a sum, signed (519.2) */
    return what == BSK_CHAR_DIE_ROLL || value >= 0 ? value : 0;
}

/* Whether some lasting effect may take a card's life below its printed life (a set life, 104.4.1, or a
 * negative modifier): without one, an altered card without negative life (508.8.1) has at least its
 * printed life (extra life and positive modifiers only add), so 509.1 need not compute it for a card
 * with fewer wounds. */
bool engine_life_may_drop(const bsk_match *m)
{
    for (int i = 0; i < m->effect_count; i++) {
        const bsk_effect *e = &m->effects[i];
        if (e->what == BSK_CHAR_LIFE && (e->op == BSK_EFFECT_SET || (e->op == BSK_EFFECT_MODIFY && e->value < 0)))
            return true;
    }
    return false;
}

int engine_char_life_altered(const bsk_match *m, const bsk_card_table *cards, int unit, int printed)
{
    int life = engine_char_value_altered(m, cards, unit, BSK_CHAR_LIFE, printed) + m->units[unit].extra_life;
    return life < 0 ? 0 : life;
}

/* ---- Wrappers: formation, at depth, on surface, the werewolf forms (121.1) ---- */

/* The ground card standing on its cell in the battle zone: a flyer in the extra zone, a seated
 * symbiote or a card elsewhere stands on no cell. 533.4: a hidden card's static features make no
 * effects, and 533.11 a hidden card does not count for another's condition. */
static bool stands_revealed(const bsk_match *m, int unit)
{
    const bsk_unit *u = &m->units[unit];
    return u->zone == BSK_ZONE_BATTLEFIELD && u->cell >= 0 && m->at[u->cell] == unit && !(u->flags & BSK_UNIT_HIDDEN);
}

/* Whether the unit has the wrapper keyword itself (printed, acquired, less lost; a wrapper is never
 * held under another, so this reads no held[]). */
static bool has_wrapper(const bsk_match *m, const bsk_card_table *cards, int unit, int keyword)
{
    uint64_t keywords = engine_entry(cards, m, unit)->keywords;
    if (engine_char_altered(m, unit))
        keywords = engine_char_keywords_altered(m, cards, unit, keywords);
    return (keywords >> keyword) & 1u;
}

/* Glossary «Строй»: a creature with formation is in formation while another creature of its
 * controller with formation stands on an orthogonally adjacent cell (not diagonally; an enemy's
 * does not count). */
static bool in_formation(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    if (!stands_revealed(m, unit) || !engine_char_creature(m, cards, unit) ||
        !has_wrapper(m, cards, unit, BSK_KEYWORD_FORMATION))
        return false;
    int cell = m->units[unit].cell;
    uint32_t beside = engine_within(cell, 1) & m->occupied & ~(1u << cell); /* the 4 orthogonal cells */
    for (; beside; beside &= beside - 1) {
        int other = m->at[__builtin_ctz(beside)];
        if (other >= 0 && m->units[other].owner == m->units[unit].owner && stands_revealed(m, other) &&
            engine_char_creature(m, cards, other) && has_wrapper(m, cards, other, BSK_KEYWORD_FORMATION))
            return true;
    }
    return false;
}

/* Glossary «Клетка поверхности»: a cell on the edge of the battlefield (row 0 or 5, column 0 or 4);
 * «Клетка глубины»: any other. */
static bool surface_cell(int cell)
{
    return ENGINE_ROW[cell] == 0 || ENGINE_ROW[cell] == BSK_BOARD_ROWS - 1 || ENGINE_COL[cell] == 0 ||
           ENGINE_COL[cell] == BSK_BOARD_COLUMNS - 1;
}

bool engine_condition_holds(const bsk_match *m, const bsk_card_table *cards, int unit, int condition)
{
    const bsk_unit *u = &m->units[unit];
    switch (condition) {
    case BSK_CONDITION_FORMATION:
        return in_formation(m, cards, unit);
    case BSK_CONDITION_AT_DEPTH: /* glossary «На глубине»: while it stands on a depth cell */
        return stands_revealed(m, unit) && !surface_cell(u->cell);
    case BSK_CONDITION_ON_SURFACE: /* glossary «На поверхности»: on a surface cell */
        return stands_revealed(m, unit) && surface_cell(u->cell);
    case BSK_CONDITION_WEREWOLF_WOLF: /* the forms (extension): in the battle zone, in that form */
        return engine_in_battle(u) && !(u->flags & BSK_UNIT_HIDDEN) && ((m->form[0] >> unit) & 1u);
    case BSK_CONDITION_WEREWOLF_HUMAN:
        return engine_in_battle(u) && !(u->flags & BSK_UNIT_HIDDEN) && ((m->form[1] >> unit) & 1u);
    case BSK_CONDITION_REBUFF: /* rebuff (extension): its controller's rebuff this turn (engine_rebuff_start) */
        return ((m->rebuff >> (u->owner - 1)) & 1u) && engine_in_battle(u) && !(u->flags & BSK_UNIT_HIDDEN) &&
               has_wrapper(m, cards, unit, BSK_KEYWORD_REBUFF);
    default:
        return false;
    }
}

uint64_t engine_char_held_keywords(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    const bsk_card_entry *e = engine_entry(cards, m, unit);
    const bsk_held_keyword *held = cards->held[m->units[unit].slot];
    uint64_t keywords = 0;
    for (int i = 0; i < e->held_count; i++)
        if (!((keywords >> held[i].keyword) & 1u) && engine_condition_holds(m, cards, unit, held[i].condition))
            keywords |= 1ull << held[i].keyword;
    return keywords;
}

int engine_char_x_search(const bsk_match *m, const bsk_card_table *cards, int unit, int keyword, int unprinted)
{
    const bsk_card_entry *e = engine_entry(cards, m, unit);
    int x = -1;
    for (int i = 0; i < e->param_count; i++)
        if (e->params[i].keyword == keyword && e->params[i].x > x)
            x = e->params[i].x;
    if (e->held_count) {
        int held = engine_char_held_x(m, cards, unit, keyword);
        x = held > x ? held : x;
    }
    if (cards->statics_any & BSK_STATIC_KEYWORDS) { /* static2: granted by a static feature (518.3: the largest) */
        int granted = engine_static_grant_x(m, cards, unit, keyword);
        x = granted > x ? granted : x;
    }
    bool any = false;
    int sum = 0;
    if (engine_char_altered(m, unit)) {
        x = engine_char_x_altered(m, cards, unit, keyword, x);
        for (int i = 0; i < m->effect_count; i++) { /* focus8: a lasting +Y to X (518.6) */
            const bsk_effect *ef = &m->effects[i];
            if (ef->op == BSK_EFFECT_X_MODIFY && ef->what == keyword && engine_effect_applies(m, cards, ef, unit)) {
                sum += ef->value;
                any = true;
            }
        }
    }
    if (cards->statics_any & BSK_STATIC_X) { /* static2: 518.6–518.8, +Y to X; a total below 0 works as 0 */
        bool held;
        sum += engine_static_named_sum(m, cards, unit, keyword, &held);
        any |= held;
    }
    if (any) {
        x = (x < 0 ? unprinted : x) + sum;
        return x < 0 ? 0 : x;
    }
    return x < 0 ? unprinted : x;
}

int engine_char_held_x(const bsk_match *m, const bsk_card_table *cards, int unit, int keyword)
{
    const bsk_card_entry *e = engine_entry(cards, m, unit);
    const bsk_held_keyword *held = cards->held[m->units[unit].slot];
    int x = -1;
    for (int i = 0; i < e->held_count; i++)
        if (held[i].keyword == keyword && held[i].x > x && engine_condition_holds(m, cards, unit, held[i].condition))
            x = held[i].x;
    return x;
}

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
    unsigned elements = engine_entry(cards, m, unit)->elements;
    if (!((m->altered >> unit) & 1u)) /* no effect is active on it: printed */
        return elements;
    for (int i = 0; i < m->effect_count; i++) { /* 106.2.1: "becomes" replaces, "gains" adds, in order */
        const bsk_effect *e = &m->effects[i];
        if (e->what != BSK_CHAR_ELEMENTS || (e->op != BSK_EFFECT_SET && e->op != BSK_EFFECT_MODIFY) ||
            !engine_effect_applies(m, cards, e, unit))
            continue;
        elements = e->op == BSK_EFFECT_SET ? (unsigned)e->value : elements | (unsigned)e->value;
    }
    return elements;
}

/* ---- Effects in the state ---- */

void engine_capacity_cap(bsk_match *m, int cap)
{
    if (m->result.over)
        return;
    m->result.by_cap = 1;
    m->result.cap_effects = (uint8_t)cap;
    engine_finish(m, 0, BSK_RESULT_CAP);
}

void engine_effects_cap(bsk_match *m)
{
    engine_capacity_cap(m, BSK_CAP_EFFECTS);
}

/* The movement of every card in the battle zone, to move their movement left with a change. */
static void movements(const bsk_match *m, const bsk_card_table *cards, int out[BSK_MATCH_UNITS_MAX])
{
    for (uint64_t rest = m->in_battle[0] | m->in_battle[1]; rest; rest &= rest - 1) {
        int i = engine_first(rest);
        out[i] = engine_char_movement(m, cards, i);
    }
}

/* 506: a card whose movement changed has as much more (less) movement left; none below 0, and none
 * for a closed card (409.2: it got none). */
static void follow_movements(bsk_match *m, const bsk_card_table *cards, const int before[BSK_MATCH_UNITS_MAX])
{
    for (uint64_t rest = m->in_battle[0] | m->in_battle[1]; rest; rest &= rest - 1) {
        int i = engine_first(rest);
        bsk_unit *u = &m->units[i];
        int left = u->move_left + engine_char_movement(m, cards, i) - before[i];
        u->move_left = (int8_t)((u->flags & BSK_UNIT_TAPPED) || left < 0 ? 0 : left > 99 ? 99 : left);
    }
}

static bool moves_movement(const bsk_effect *e)
{
    return (e->op == BSK_EFFECT_MODIFY || e->op == BSK_EFFECT_SET) && e->what == BSK_CHAR_MOVEMENT;
}

/* Removes the effects `drop` marks (bit i: effects[i]), keeping the others in order. */
static void drop_effects(bsk_match *m, uint64_t drop)
{
    int kept = 0;
    for (int i = 0; i < m->effect_count; i++)
        if (!((drop >> i) & 1u))
            m->effects[kept++] = m->effects[i];
    if (kept < m->effect_count)
        memset(&m->effects[kept], 0, (size_t)(m->effect_count - kept) * sizeof m->effects[0]);
    m->effect_count = (uint8_t)kept;
    m->altered = engine_altered_set(m);
}

/* 518.2, 518.3: whether `unit` gaining named feature `keyword` with number x (0: none) is
 * performed — not when it has it already without a number, or with one at least x (an unprinted
 * X is 1) — and, when it is, the acquired ones it replaces go for good; a printed one is only
 * suppressed (the largest is read, so it is back when the larger goes). Unit grants only: an
 * effect on a side's creatures is read as the largest while it lasts. */
static bool named_gain(bsk_match *m, const bsk_card_table *cards, int unit, int keyword, int x)
{
    if (engine_char_has(m, cards, unit, keyword) && (x <= 0 || x <= engine_char_x(m, cards, unit, keyword, 1)))
        return false;
    engine_drop_acquired(m, unit, keyword); /* the acquired ones go for good */
    return true;
}

/* The units whose characteristics an effect may change (engine_effect_applies), as m->altered counts them: a
 * unit's effect its unit alone (the others keep reading their printed values), one against a unit none (swap12:
 * engine_magnitude_mods reads it from the effects themselves), one on a side's cards every unit (a card may join
 * the side). A superset is always right: it only sends a read down the slow path. */
static uint64_t effect_reach(const bsk_effect *e)
{
    switch (e->filter) {
    case BSK_FILTER_UNIT:
        return e->who >= 0 && e->who < BSK_MATCH_UNITS_MAX ? 1ull << e->who : ~0ull;
    case BSK_FILTER_AGAINST_UNIT:
        return 0;
    default:
        return ~0ull;
    }
}

static uint64_t effects_reach(const bsk_match *m)
{
    uint64_t set = 0;
    for (int i = 0; i < m->effect_count; i++)
        set |= effect_reach(&m->effects[i]);
    return set;
}

bool engine_effect_add(bsk_match *m, const bsk_card_table *cards, const bsk_effect *e)
{
    BSK_ASSERT(e->op < BSK_EFFECT_OP_COUNT && e->filter < BSK_EFFECT_FILTER_COUNT &&
               e->duration < BSK_EFFECT_DURATION_COUNT);
    if (e->op == BSK_EFFECT_GRANT && e->filter == BSK_FILTER_UNIT && !named_gain(m, cards, e->who, e->what, e->value))
        return true; /* 518.2, 518.3: not performed */
    if (m->effect_count >= BSK_MATCH_EFFECTS_MAX) {
        engine_effects_cap(m);
        return false;
    }
    int before[BSK_MATCH_UNITS_MAX];
    bool movement = moves_movement(e);
    if (movement)
        movements(m, cards, before);
    m->effects[m->effect_count] = *e;
    m->effect_count++;
    m->altered |= effect_reach(e);
    if (e->op == BSK_EFFECT_GRANT && e->what == BSK_KEYWORD_PROTECTION_FROM_POISON) /* 03 T54, 532.1 */
        for (int i = 0; i < m->unit_count; i++)
            if (m->units[i].poison && engine_char_has(m, cards, i, BSK_KEYWORD_PROTECTION_FROM_POISON))
                m->units[i].poison = 0;
    if (movement)
        follow_movements(m, cards, before);
    return true;
}

void engine_effect_drop(bsk_match *m, int i)
{
    if (i >= 0 && i < m->effect_count)
        drop_effects(m, 1ull << i); /* branch ops2: a prevention used up (534.4) */
}

int engine_turn_end_of(const bsk_match *m, int player, bool next)
{
    if (player == 0)
        return m->turn;
    /* the turns alternate (407): the player's next turn is this one's successor or the one after */
    return m->turn + (player == m->active ? (next ? 2 : 0) : 1);
}

/* m->altered after a change to one unit's acquired, lost or extra life alone (no effect added or
 * dropped): that unit's bit, not a pass over every unit. */
static void altered_unit(bsk_match *m, int unit)
{
    uint64_t bit = 1ull << unit;
    bool altered = ((m->granted[unit] | m->lost[unit]) != 0) | (m->units[unit].extra_life != 0) |
                   ((effects_reach(m) >> unit) & 1u);
    m->altered = (m->altered & ~bit) | (altered ? bit : 0);
}

uint64_t engine_altered_set(const bsk_match *m)
{
    uint64_t set = effects_reach(m);
    if (set == ~0ull)
        return set;
    for (int i = 0; i < BSK_MATCH_UNITS_MAX; i++) /* a unit being set up is past unit_count */
        set |= (uint64_t)(((m->granted[i] | m->lost[i]) != 0) | (m->units[i].extra_life != 0)) << i;
    return set;
}

bool engine_grant(bsk_match *m, const bsk_card_table *cards, int unit, int keyword, int x)
{
    BSK_ASSERT(keyword >= 0 && keyword < BSK_KEYWORD_COUNT);
    if (!named_gain(m, cards, unit, keyword, x))
        return true; /* 518.2, 518.3: not performed */
    m->granted[unit] |= 1ull << keyword;
    m->lost[unit] &= ~(1ull << keyword);
    altered_unit(m, unit);
    if (keyword == BSK_KEYWORD_PROTECTION_FROM_POISON) /* 03 T54 (532.1): gaining it, the card loses its poison */
        m->units[unit].poison = 0;
    if (x <= 0)
        return true;
    bsk_granted_x *slots = m->granted_x[unit], *free_slot = NULL;
    for (int k = 0; k < BSK_UNIT_GRANTED_X_MAX; k++) {
        if (slots[k].x > 0 && slots[k].keyword == keyword) { /* 518.3: the largest */
            if (x > slots[k].x)
                slots[k].x = (int8_t)(x > 99 ? 99 : x);
            return true;
        }
        if (slots[k].x == 0 && !free_slot)
            free_slot = &slots[k];
    }
    if (!free_slot) {
        engine_effects_cap(m);
        return false;
    }
    free_slot->keyword = (uint8_t)keyword;
    free_slot->x = (int8_t)(x > 99 ? 99 : x);
    return true;
}

void engine_drop_acquired(bsk_match *m, int unit, int keyword)
{
    BSK_ASSERT(keyword >= 0 && keyword < BSK_KEYWORD_COUNT);
    m->granted[unit] &= ~(1ull << keyword);
    for (int k = 0; k < BSK_UNIT_GRANTED_X_MAX; k++)
        if (m->granted_x[unit][k].keyword == keyword)
            m->granted_x[unit][k] = (bsk_granted_x){0, 0};
    uint64_t drop = 0;
    for (int i = 0; i < m->effect_count; i++) {
        const bsk_effect *e = &m->effects[i];
        if (e->op == BSK_EFFECT_GRANT && e->what == keyword && e->filter == BSK_FILTER_UNIT && e->who == unit)
            drop |= 1ull << i;
    }
    if (drop)
        drop_effects(m, drop);
    m->altered = engine_altered_set(m);
}

void engine_lose(bsk_match *m, int unit, int keyword)
{
    BSK_ASSERT(keyword >= 0 && keyword < BSK_KEYWORD_COUNT);
    m->lost[unit] |= 1ull << keyword;
    m->granted[unit] &= ~(1ull << keyword);
    for (int k = 0; k < BSK_UNIT_GRANTED_X_MAX; k++)
        if (m->granted_x[unit][k].keyword == keyword) {
            m->granted_x[unit][k].keyword = 0;
            m->granted_x[unit][k].x = 0;
        }
    altered_unit(m, unit);
}

void engine_extra_life(bsk_match *m, int unit, int amount)
{
    int life = m->units[unit].extra_life + amount;
    m->units[unit].extra_life = (int8_t)(life > 99 ? 99 : life < -99 ? -99 : life);
    altered_unit(m, unit);
}

bool engine_effects_end_turn(bsk_match *m, const bsk_card_table *cards)
{
    uint64_t drop = 0;
    bool movement = false;
    for (int i = 0; i < m->effect_count; i++) {
        const bsk_effect *e = &m->effects[i];
        if ((e->duration == BSK_DURATION_TURN || (e->duration == BSK_DURATION_NEXT_ATTACK && e->until)) &&
            e->until <= m->turn) { /* move11: a next-attack modifier «до конца хода» unused */
            drop |= 1ull << i;
            movement |= moves_movement(e);
        }
    }
    if (!drop)
        return false;
    int before[BSK_MATCH_UNITS_MAX];
    if (movement)
        movements(m, cards, before);
    drop_effects(m, drop);
    if (movement) /* none left above the movement (the next Untap step restores it, 409.2) */
        for (uint64_t rest = m->in_battle[0] | m->in_battle[1]; rest; rest &= rest - 1) {
            int i = engine_first(rest), now = engine_char_movement(m, cards, i);
            if (m->units[i].move_left > now)
                m->units[i].move_left = (int8_t)now;
        }
    return true;
}

void engine_effects_action_over(bsk_match *m, int duration, int until)
{
    uint64_t drop = 0;
    for (int i = 0; i < m->effect_count; i++)
        if (m->effects[i].duration == duration && (duration == BSK_DURATION_ROLL || m->effects[i].until == until))
            drop |= 1ull << i;
    if (drop)
        drop_effects(m, drop);
}

void engine_effects_attack_made(bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e)
{
    uint64_t used = 0;
    for (int which = 0; which < 2; which++) {
        if (which && !(e->flags & E_FIGHT))
            break; /* the attacked card makes an attack only when it fights back (515.4) */
        int striker = which ? e->final_target : e->source;
        int what = BSK_CHAR_ATTACK + engine_strike_kind(m, cards, e, which);
        for (int i = 0; i < m->effect_count; i++) {
            const bsk_effect *ef = &m->effects[i];
            if (ef->duration == BSK_DURATION_NEXT_ATTACK && ef->what == what &&
                engine_effect_applies(m, cards, ef, striker))
                used |= 1ull << i;
        }
    }
    if (!used)
        return;
    uint64_t drop = used; /* the record's effects on its other kinds go with it («к следующей дальней атаке») */
    for (int i = 0; i < m->effect_count; i++)
        for (uint64_t u = used; u; u &= u - 1) {
            const bsk_effect *a = &m->effects[i], *b = &m->effects[engine_first(u)];
            if (a->duration == BSK_DURATION_NEXT_ATTACK && a->source == b->source && a->feature == b->feature &&
                a->filter == b->filter && a->who == b->who && a->until == b->until)
                drop |= 1ull << i;
        }
    drop_effects(m, drop);
}

void engine_effects_left_play(bsk_match *m, int unit)
{
    uint64_t drop = 0;
    for (int i = 0; i < m->effect_count; i++) {
        const bsk_effect *e = &m->effects[i];
        if ((e->duration == BSK_DURATION_WHILE_SOURCE && e->source == unit) ||
            (e->filter == BSK_FILTER_UNIT && e->who == unit) ||
            /* swap12: «по атакованному» is about these two objects (503.1: one that comes back is another) */
            (e->filter == BSK_FILTER_AGAINST_UNIT && (e->who == unit || e->source == unit)))
            drop |= 1ull << i;
    }
    if (drop)
        drop_effects(m, drop);
    m->granted[unit] = 0;
    m->lost[unit] = 0;
    memset(m->granted_x[unit], 0, sizeof m->granted_x[unit]);
    m->units[unit].extra_life = 0;
    m->altered = engine_altered_set(m);
}

/* ---- The public read access (match.h) ---- */

uint64_t bsk_match_unit_keywords(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return engine_char_keywords(m, cards, unit);
}

uint64_t bsk_match_unit_gains(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    uint64_t gains = m->granted[unit];
    if (cards->statics_any & BSK_STATIC_KEYWORDS) /* static2: what static features grant it is acquired */
        gains = engine_static_keywords(m, cards, unit, gains);
    for (int i = 0; i < m->effect_count; i++) {
        const bsk_effect *e = &m->effects[i];
        if (e->op == BSK_EFFECT_GRANT && engine_effect_applies(m, cards, e, unit))
            gains |= 1ull << e->what;
    }
    return gains & engine_char_keywords(m, cards, unit);
}

int bsk_match_unit_gain_x(const bsk_match *m, const bsk_card_table *cards, int unit, bsk_keyword_id keyword)
{
    if (!((bsk_match_unit_gains(m, cards, unit) >> keyword) & 1u))
        return 0;
    int x = engine_char_x_altered(m, cards, unit, (int)keyword, 0);
    return x > 0 ? x : 0;
}

bsk_unit_form bsk_match_unit_form(const bsk_match *m, int unit)
{
    if (unit < 0 || unit >= m->unit_count)
        return BSK_FORM_NONE;
    return (m->form[0] >> unit) & 1u ? BSK_FORM_WOLF : (m->form[1] >> unit) & 1u ? BSK_FORM_HUMAN : BSK_FORM_NONE;
}

int bsk_match_form_asked(const bsk_match *m, const bsk_card_table *cards)
{
    const bsk_choice *c = bsk_match_choice(m);
    return c && c->pending == BSK_CHOICE_FORM ? engine_form_next(m, cards) : -1;
}

int bsk_match_unit_extra_life(const bsk_match *m, int unit)
{
    return m->units[unit].extra_life;
}

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

/* guard10 (issue 23): the units of armor the unit has left (glossary «Броня X»: X less the wounds it prevented this
 * turn, «Восстановить броню»: «единицы брони»), read for a filter's "armor_left" (04-167 «пока у … одна или более
 * единицы {armor}»). Its keyword set is read without the static grants of other keywords (a grant conditioned on
 * armor would otherwise read itself; card_table.c refuses one that grants or modifies armor itself). */
int engine_armor_left(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    const bsk_card_entry *e = engine_entry(cards, m, unit);
    uint64_t keywords = e->keywords;
    if (e->held_count)
        keywords |= engine_char_held_keywords(m, cards, unit);
    if ((cards->statics_any & BSK_STATIC_KEYWORDS) && engine_static_grant_x(m, cards, unit, BSK_KEYWORD_ARMOR) >= 0)
        keywords |= 1ull << BSK_KEYWORD_ARMOR;
    if (engine_char_altered(m, unit))
        keywords = engine_char_keywords_altered(m, cards, unit, keywords);
    int left = engine_char_x_of(m, cards, unit, keywords, BSK_KEYWORD_ARMOR, 0) - m->units[unit].armor_used;
    return left > 0 ? left : 0;
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
    return engine_stack_attack(m, cards, unit, k); /* a stack entry's spawned attack too (agents read it) */
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
