/* declare.c — what a player may do in the battle and the declarations themselves: movement (506),
 * simple strikes (107.2 a, 504, 210.5), attack abilities (111, 547), gaining a counter (113.4,
 * 123.3), tapping to strike a flyer (107.2 d), passing the turn (411.2 c), and the answers to the
 * guard (514) and step-down (515.3) questions. */
#include "engine.h"

#include <stddef.h>
#include <string.h>

#define chebyshev engine_chebyshev
#define manhattan engine_manhattan

/* Whether `unit`, standing at `cell` of `zone`, is adjacent to `target` (the same cell: a host and its symbiote,
 * 211.9); a dead card reads the cell it died on (acquired4, 201.2.4). */
static bool adjacent_from(const bsk_match *m, const bsk_card_table *cards, int unit, int cell, int zone, int target)
{
    const bsk_unit *t = &m->units[target];
    int viewer = m->units[unit].owner;
    return unit != target && zone == BSK_ZONE_BATTLEFIELD && t->zone == BSK_ZONE_BATTLEFIELD &&
           chebyshev(cell, t->cell) <= 1 && /* the distance first: the characteristics only for a neighbour */
           !engine_unit_never_adjacent(m, cards, unit, viewer) && !engine_unit_never_adjacent(m, cards, target, viewer);
}

bool engine_adjacent(const bsk_match *m, const bsk_card_table *cards, int a, int b)
{
    return adjacent_from(m, cards, a, m->units[a].cell, m->units[a].zone, b);
}

/* 213.2: terrains are never attacked; creatures and artifacts are (digest 02 §4 #8). */
static bool attackable(const bsk_match *m, const bsk_card_table *cards, int target)
{
    const bsk_unit *t = &m->units[target];
    if (!engine_in_battle(t))
        return false;
    /* 533.6: a face-down card may be declared against whatever it proves to be */
    return (t->flags & BSK_UNIT_HIDDEN) || engine_char_type(m, cards, target) != BSK_TYPE_TERRAIN;
}

/* A simple strike from `unit` at `target` (504, 210.4, 210.5). */
bool engine_can_attack(const bsk_match *m, const bsk_card_table *cards, int unit, int target)
{
    if (unit == target || !attackable(m, cards, target))
        return false;
    const bsk_unit *u = &m->units[unit], *t = &m->units[target];
    if (u->zone == BSK_ZONE_EXTRA) /* 210.4: a flyer strikes any card of the battle zone */
        return true;
    if (t->zone == BSK_ZONE_EXTRA) /* 210.5: a ground creature strikes an enemy flyer only with the grant */
        return (u->flags & BSK_UNIT_FLYER_GRANT) && t->owner != u->owner && engine_char_flyer(m, cards, target);
    return engine_adjacent(m, cards, unit, target);
}

/* An attack ability's targets (504, 547): melee ones as a strike, ranged ones within range but
 * never adjacent (547.2.2), extra-zone cards whatever the range (504.3). */
bool engine_can_target_ability(const bsk_match *m, const bsk_card_table *cards, int unit,
                               const bsk_attack *attack, int target)
{
    if (unit == target || !attackable(m, cards, target))
        return false;
    const bsk_unit *u = &m->units[unit], *t = &m->units[target];
    /* acquired4 (issue 22 §1): where the attack is made from — the card's place, or for a card in the
     * graveyard (a dead card's on-death attack, 201.2.3) the cell it died on (201.2.4 «особенности
     * заявляются относительно клетки, на которой карта стояла»; 509.3, bsk_match.died_cell) */
    int cell = u->cell, zone = u->zone;
    if (zone == BSK_ZONE_GRAVEYARD) {
        if (!m->died_cell[unit])
            return false; /* no place of its death is kept */
        cell = m->died_cell[unit] == BSK_DIED_EXTRA ? -1 : m->died_cell[unit] - 1;
        zone = m->died_cell[unit] == BSK_DIED_EXTRA ? BSK_ZONE_EXTRA : BSK_ZONE_BATTLEFIELD;
    } else if (zone != BSK_ZONE_BATTLEFIELD && zone != BSK_ZONE_EXTRA) {
        return false; /* exiled, in the deck or the hand: no place to attack from (201.2.4) */
    }
    switch (attack->keyword) {
    case BSK_KEYWORD_MAGIC_STRIKE:
    case BSK_KEYWORD_SPECIAL_STRIKE:
        if (zone == BSK_ZONE_EXTRA)
            return true;
        if (t->zone != BSK_ZONE_BATTLEFIELD)
            return false; /* 210.5: a melee strike from the battlefield never reaches the extra zone */
        if (attack->range != BSK_RANGE_NONE) /* 111.1.1, 547.2.1: a melee strike with a range */
            return engine_manhattan(cell, t->cell) <= bsk_attack_range(attack, 0, u->counters) &&
                   (t->cell != cell || adjacent_from(m, cards, unit, cell, zone, target));
        return adjacent_from(m, cards, unit, cell, zone, target);
    case BSK_KEYWORD_SHOT:
    case BSK_KEYWORD_THROW:
    case BSK_KEYWORD_DISCHARGE: {
        if (zone == BSK_ZONE_EXTRA || t->zone == BSK_ZONE_EXTRA)
            return true;
        int range = attack->range == BSK_RANGE_NONE ? 99 : bsk_attack_range(attack, 0, m->units[unit].counters);
        /* 547.2.2: within the range, never its own cell (a host and its symbiote) nor an adjacent card; the
         * distances first, so only a card one cell away reads whether either is never adjacent */
        int near = engine_chebyshev(cell, t->cell);
        if (near == 0 || engine_manhattan(cell, t->cell) > range)
            return false;
        return near > 1 || engine_unit_never_adjacent(m, cards, unit, u->owner) ||
               engine_unit_never_adjacent(m, cards, target, u->owner);
    }
    case BSK_KEYWORD_STRIKE_ACROSS_ROW: {
        /* 547.2.3, 504.1.1: two cells away in a row or column, across one cell holding no card of
         * the striker's opponent; never from the extra zone (504.2) */
        if (zone != BSK_ZONE_BATTLEFIELD || t->zone != BSK_ZONE_BATTLEFIELD)
            return false;
        int crossed = bsk_cell_crossed(cell, t->cell);
        if (crossed < 0)
            return false;
        for (int i = 0; i < m->unit_count; i++)
            if (m->units[i].zone == BSK_ZONE_BATTLEFIELD && m->units[i].cell == crossed &&
                m->units[i].owner != u->owner)
                return false;
        return true;
    }
    case BSK_KEYWORD_FINISHING_BLOW: {
        /* glossary «Добивание на X»: an adjacent non-incorporeal ground creature with X or fewer
         * current life (checked when it resolves, after the die for X-Y-Z); strike13 (issue 23): a spawned one made
         * «как стоящей рядом» (BSK_SPAWN_AS_ADJACENT, its record's place; the card keywords' attacks have an index)
         * waives the adjacency only */
        if (!adjacent_from(m, cards, unit, cell, zone, target) &&
            !(attack->index == UINT8_MAX &&
              ((const bsk_feature_effect *)((const char *)attack - offsetof(bsk_feature_effect, attack)))->place ==
                  BSK_SPAWN_AS_ADJACENT))
            return false;
        /* 533.6: an opponent's face-down card may be taken to meet the restriction; checked again
         * once revealed (533.8) */
        if ((t->flags & BSK_UNIT_HIDDEN) && t->owner != u->owner)
            return true;
        return engine_char_creature_of(m, cards, target, BSK_SUBTYPE_GROUND) &&
               !engine_char_has(m, cards, target, BSK_KEYWORD_INCORPOREAL);
    }
    default:
        return false;
    }
}

/* The cards of `among` engine_can_target_ability accepts, as a set: a shot, throw or discharge by cell sets (the
 * range, the block and the source's place found once, a target's never-adjacent read only beside it), any other
 * kind card by card. The legal lists ask it of a feature's spawned attack for every card it may choose. */
uint64_t engine_ability_reach(const bsk_match *m, const bsk_card_table *cards, int unit, const bsk_attack *attack,
                              uint64_t among)
{
    among &= ~(1ull << unit);
    int keyword = attack->keyword;
    if (keyword != BSK_KEYWORD_SHOT && keyword != BSK_KEYWORD_THROW && keyword != BSK_KEYWORD_DISCHARGE) {
        uint64_t out = 0;
        for (uint64_t rest = among; rest; rest &= rest - 1) {
            int t = engine_first(rest);
            out |= (uint64_t)engine_can_target_ability(m, cards, unit, attack, t) << t;
        }
        return out;
    }
    const bsk_unit *u = &m->units[unit];
    int cell = u->cell, zone = u->zone; /* the place it attacks from, as engine_can_target_ability reads it */
    if (zone == BSK_ZONE_GRAVEYARD) {
        if (!m->died_cell[unit])
            return 0;
        cell = m->died_cell[unit] == BSK_DIED_EXTRA ? -1 : m->died_cell[unit] - 1;
        zone = m->died_cell[unit] == BSK_DIED_EXTRA ? BSK_ZONE_EXTRA : BSK_ZONE_BATTLEFIELD;
    } else if (zone != BSK_ZONE_BATTLEFIELD && zone != BSK_ZONE_EXTRA) {
        return 0;
    }
    uint32_t within = 0, block = 0;
    if (zone != BSK_ZONE_EXTRA) { /* 547.2.2: within the range, never its own cell nor (below) an adjacent card */
        int range = attack->range == BSK_RANGE_NONE ? ENGINE_RANGE_ALL : bsk_attack_range(attack, 0, u->counters);
        within = engine_within(cell, range) & ~(1u << cell);
        block = ENGINE_BLOCK[cell];
    }
    int never = -1; /* the source's engine_unit_never_adjacent, read once when first needed */
    uint64_t out = 0;
    for (uint64_t rest = among; rest; rest &= rest - 1) {
        int t = engine_first(rest);
        if (!attackable(m, cards, t))
            continue;
        const bsk_unit *v = &m->units[t];
        if (zone == BSK_ZONE_EXTRA || v->zone == BSK_ZONE_EXTRA) { /* 504.3 */
            out |= 1ull << t;
            continue;
        }
        uint32_t at = 1u << v->cell;
        if (!(within & at))
            continue;
        if (block & at) { /* one cell away: only when either is never adjacent */
            if (never < 0)
                never = engine_unit_never_adjacent(m, cards, unit, u->owner);
            if (!never && !engine_unit_never_adjacent(m, cards, t, u->owner))
                continue;
        }
        out |= 1ull << t;
    }
    return out;
}

static bool ability_payable(const bsk_match *m, int unit, const bsk_attack *attack)
{
    if (attack->activation == BSK_ACTIVATION_TAP || attack->activation == BSK_ACTIVATION_INSTANT)
        return true; /* an instant attack is {instant}{tap}: fast, still an action (510) */
    if (attack->activation == BSK_ACTIVATION_COUNTER_TAP)
        return m->units[unit].counters >= (attack->counter_cost ? attack->counter_cost : 1);
    return false; /* instant and triggered attacks come with the priority windows */
}

/* 113.4, 123.3: a card with a counter in some feature's cost may tap to gain a counter. */
static bool has_counter_ability(const bsk_card_table *cards, const bsk_match *m, int unit)
{
    for (int k = 0, count = engine_char_attack_count(m, cards, unit); k < count; k++)
        if (engine_char_attack(m, cards, unit, k)->activation == BSK_ACTIVATION_COUNTER_TAP)
            return true;
    int count;
    const bsk_feature *f = bsk_card_table_features(cards, m->units[unit].slot, &count);
    for (int k = 0; k < count; k++)
        if (f[k].kind == BSK_FEATURE_ACTIVATED && f[k].counters > 0)
            return true;
    return false;
}

/* 533.9: the opponent has a face-down card in the battle zone, which counts for `player` as an
 * ordinary card on its cell; a declaration whose legality would read its type cannot be declared. */
static bool opponent_has_hidden(const bsk_match *m, int player)
{
    for (uint64_t rest = m->in_battle[2 - player]; rest; rest &= rest - 1)
        if (m->units[engine_first(rest)].flags & BSK_UNIT_HIDDEN)
            return true;
    return false;
}

/* 107.2 d: only while the opponent's creatures are all flyers, as the player knows them: with a
 * face-down card of the opponent the check would read its true type, so it fails (533.9, 533.6). */
static bool opponent_only_flyers(const bsk_match *m, const bsk_card_table *cards, int player)
{
    if (opponent_has_hidden(m, player))
        return false;
    uint64_t creatures = m->in_battle[2 - player] & m->creatures;
    for (uint64_t rest = creatures; rest; rest &= rest - 1)
        if (!engine_char_flyer(m, cards, engine_first(rest)))
            return false;
    return creatures != 0;
}



/* Facts of the whole board a legal list needs, gathered in one pass over the cards when the list
 * first needs them. The list is the active player's, whose knowledge decides what is adjacent
 * (533.6). Places are cell bits, bit 30 standing for the extra zone. */
#define EXTRA_BIT (1u << 30)
typedef struct choice_context {
    bool first_only;       /* only whether there is any declaration */
    int8_t only_flyers;    /* 107.2 d: the opponent's creatures are all flyers; -1 not yet known */
    bool listed;           /* the rest is filled (context_targets) */
    uint8_t targets, seated_count;
    uint64_t acquiring;    /* the cards holding an acquired activated feature (engine_acquired_activated_units) */
    uint32_t near;         /* cells whose ground card may be adjacent to its neighbours (210.2, 213.1) */
    int8_t target[BSK_MATCH_UNITS_MAX];      /* the cards an attack may be declared at (213.2, 533.6), */
    int8_t target_at[BSK_MATCH_UNITS_MAX];   /* their places (cell, or 30: the extra zone), */
    uint8_t target_far[BSK_MATCH_UNITS_MAX]; /* never adjacent as the active player knows them; */
    uint64_t target_bits[BSK_MATCH_UNITS_MAX]; /* their unit as an action's target field */
    int8_t seated[BSK_MATCH_UNITS_MAX];      /* the seated symbiotes among them (indexes of target[]) */
    /* the same targets by place (bit k: target[k]), the near and the never-adjacent apart, so an
     * ability's place sets select them a place at a time, not a card at a time */
    uint32_t near_places, far_places;        /* the places that hold such targets */
    uint64_t near_at[31], far_at[31];        /* per place (only those of the sets above are filled) */
} choice_context;

static void context_of(const bsk_match *m, const bsk_card_table *cards, bool first_only, choice_context *c)
{
    c->first_only = first_only;
    c->acquiring = m->acquired_count ? engine_acquired_activated_units(m, cards) : 0;
    c->only_flyers = -1;
    c->listed = false;
}

/* The targets, the near cells and the seated symbiotes. */
static const choice_context *context_targets(const bsk_match *m, const bsk_card_table *cards, choice_context *c)
{
    if (c->listed)
        return c;
    int p = m->active;
    /* counts and the cell set in locals: the stores below are of bytes, which may alias them */
    int targets = 0, seated = 0;
    uint32_t near = 0, near_places = 0, far_places = 0;
    for (uint64_t all = m->in_battle[0] | m->in_battle[1]; all; all &= all - 1) {
        int t = engine_first(all);
        const bsk_unit *u = &m->units[t];
        bool hidden = (u->flags & BSK_UNIT_HIDDEN) != 0;
        if (!hidden && engine_char_type(m, cards, t) == BSK_TYPE_TERRAIN)
            continue; /* 213.2: never attacked (and never adjacent) */
        /* 533.6: an opponent's face-down card is an ordinary card on its cell */
        bool far = !(hidden && u->owner != p) && engine_char_never_adjacent(m, cards, t);
        int at = u->zone == BSK_ZONE_BATTLEFIELD ? u->cell : 30;
        c->target[targets] = (int8_t)t;
        c->target_at[targets] = (int8_t)at;
        c->target_far[targets] = far;
        c->target_bits[targets] = engine_target_bits(t);
        uint32_t place = 1u << at;
        if (far) {
            if (!(far_places & place))
                c->far_at[at] = 0;
            far_places |= place;
            c->far_at[at] |= 1ull << targets;
        } else {
            if (!(near_places & place))
                c->near_at[at] = 0;
            near_places |= place;
            c->near_at[at] |= 1ull << targets;
        }
        if (at < 30 && !far && m->at[at] == t)
            near |= 1u << at; /* the ground card of its cell */
        if (at < 30 && m->at[at] != t) /* a seated symbiote, or a cell's second card (524.2) */
            c->seated[seated++] = (int8_t)targets;
        targets++;
    }
    c->targets = (uint8_t)targets;
    c->seated_count = (uint8_t)seated;
    c->near = near;
    c->near_places = near_places;
    c->far_places = far_places;
    c->listed = true;
    return c;
}

static bool context_only_flyers(const bsk_match *m, const bsk_card_table *cards, choice_context *c)
{
    if (c->only_flyers < 0)
        c->only_flyers = opponent_only_flyers(m, cards, m->active);
    return c->only_flyers;
}

/* The targets of one attack ability of the active player's `unit`: the answers of
 * engine_can_target_ability, as place sets computed once for the source. A target is taken
 * when its place is in `near_ok` (a card that may be adjacent) or `far_ok` (one never adjacent). */
static int ability_targets(const bsk_match *m, const bsk_card_table *cards, choice_context *lazy, int unit,
                           const bsk_attack *a, bsk_action *out, int n, int capacity)
{
    const bsk_unit *u = &m->units[unit];
    int p = u->owner;
    BSK_ASSERT(p == m->active);
    const choice_context *context = context_targets(m, cards, lazy);
    uint64_t act = engine_action_bits(BSK_ACT_ABILITY, p, unit, -1, a->index);
    uint32_t near_ok = 0, far_ok = 0;
    bool finishing = false;
    bool from_extra = u->zone == BSK_ZONE_EXTRA;
    int cell = from_extra ? 0 : u->cell;
    bool source_never = !from_extra && engine_unit_never_adjacent(m, cards, unit, p);
    uint32_t adjacent = source_never ? 0 : ENGINE_BLOCK[cell]; /* cells a near card is adjacent on */
    switch (a->keyword) {
    case BSK_KEYWORD_MAGIC_STRIKE:
    case BSK_KEYWORD_SPECIAL_STRIKE:
        if (from_extra) { /* 210.4 */
            near_ok = far_ok = ENGINE_ALL_CELLS | EXTRA_BIT;
        } else if (a->range != BSK_RANGE_NONE) {
            /* 111.1.1, 547.2.1: within the range; on its own cell only a card it is adjacent to */
            uint32_t within = engine_within(cell, bsk_attack_range(a, 0, u->counters));
            far_ok = within & ~(1u << cell);
            near_ok = source_never ? far_ok : within;
        } else {
            near_ok = adjacent; /* 210.5: never the extra zone from the battlefield */
        }
        break;
    case BSK_KEYWORD_SHOT:
    case BSK_KEYWORD_THROW:
    case BSK_KEYWORD_DISCHARGE: {
        if (from_extra) {
            near_ok = far_ok = ENGINE_ALL_CELLS | EXTRA_BIT;
            break;
        }
        /* 547.2.2: within the range, never its own cell, never an adjacent card; 504.3: the
         * extra zone whatever the range */
        int range = a->range == BSK_RANGE_NONE ? ENGINE_RANGE_ALL : bsk_attack_range(a, 0, u->counters);
        far_ok = (engine_within(cell, range) & ~(1u << cell)) | EXTRA_BIT;
        near_ok = far_ok & ~adjacent;
        break;
    }
    case BSK_KEYWORD_FINISHING_BLOW:
        near_ok = from_extra ? 0 : adjacent;
        finishing = true;
        break;
    default: /* strike across a row: rare, checked card by card */
        for (int k = 0; k < context->targets; k++) {
            int t = context->target[k];
            if (t != unit && engine_can_target_ability(m, cards, unit, a, t)) {
                engine_add_bits(out, &n, capacity, act | context->target_bits[k]);
                if (context->first_only)
                    return n;
            }
        }
        return n;
    }
    /* which targets, as a set over their indexes (unit order), without a branch per card */
    uint64_t chosen = 0;
    for (uint32_t places = near_ok & context->near_places; places; places &= places - 1)
        chosen |= context->near_at[__builtin_ctz(places)];
    for (uint32_t places = far_ok & context->far_places; places; places &= places - 1)
        chosen |= context->far_at[__builtin_ctz(places)];
    for (; chosen; chosen &= chosen - 1) {
        int k = __builtin_ctzll(chosen), t = context->target[k];
        if (t == unit)
            continue;
        if (finishing && !engine_can_target_ability(m, cards, unit, a, t))
            continue; /* the kind of creature (glossary «Добивание»), 533.6 */
        engine_add_bits(out, &n, capacity, act | context->target_bits[k]);
        if (context->first_only)
            return n;
    }
    return n;
}

/* The simple strikes of the active player's creature `i` (504, 210.4, 210.5). */
static int strike_targets(const bsk_match *m, const bsk_card_table *cards, choice_context *lazy, int i,
                          bsk_action *out, int n, int capacity)
{
    const choice_context *context = context_targets(m, cards, lazy);
    const bsk_unit *u = &m->units[i];
    uint64_t act = engine_action_bits(BSK_ACT_ATTACK, u->owner, i, -1, -1);
    if (u->zone == BSK_ZONE_EXTRA) { /* 210.4: a flyer strikes any card of the battle zone */
        for (int k = 0; k < context->targets; k++)
            if (context->target[k] != i)
                engine_add_bits(out, &n, capacity, act | context->target_bits[k]);
        return n;
    }
    if ((u->flags & BSK_UNIT_FLYER_GRANT) || engine_unit_never_adjacent(m, cards, i, u->owner)) {
        for (int t = 0; t < m->unit_count; t++) /* 210.5: the grant reaches the flyers */
            if (engine_can_attack(m, cards, i, t))
                engine_add_bits(out, &n, capacity, act | engine_target_bits(t));
        return n;
    }
    /* the ground cards of the 3×3 block around it that may be adjacent (a face-down flyer or
     * terrain of the player's own is not; terrains are never attacked, 213.2), in cell order,
     * then the symbiotes seated there */
    uint32_t block = ENGINE_BLOCK[u->cell];
    for (uint32_t cells = block & context->near; cells; cells &= cells - 1) {
        int t = m->at[__builtin_ctz(cells)];
        if (t != i)
            engine_add_bits(out, &n, capacity, act | engine_target_bits(t));
    }
    for (int s = 0; s < context->seated_count; s++) {
        int k = context->seated[s], t = context->target[k];
        if (t != i && !context->target_far[k] && ((block >> context->target_at[k]) & 1u))
            engine_add_bits(out, &n, capacity, act | context->target_bits[k]);
    }
    return n;
}

/* 506: the steps of the card `i` (`ground`: a ground creature, engine_char_creature_of): one
 * orthogonal step of a ground creature to a cell of `enterable` (engine_enterable); 211.10: not a
 * symbiote. */
static int unit_steps(const bsk_match *m, bool ground, int i, uint32_t enterable, bsk_action *out, int n,
                      int capacity)
{
    const bsk_unit *u = &m->units[i];
    /* one test, not six branches */
    bool movable = (u->zone == BSK_ZONE_BATTLEFIELD) & ground & (u->host < 0) & !(u->flags & BSK_UNIT_TAPPED) &
                   (u->actions == 0) & (u->move_left > 0); /* 506.3: open, no action marker */
    if (!movable)
        return n;
    int cell = u->cell;
    /* the orthogonal neighbours (Manhattan 1) that are free, listed down, up, right, left */
    uint64_t free_cells = ENGINE_WITHIN[cell][1] & ~(1u << cell) & enterable;
    if (!free_cells)
        return n;
    uint64_t act = engine_action_bits(BSK_ACT_MOVE, u->owner, i, 0, -1) | engine_target_bits(-1);
    if ((free_cells >> (cell + 5)) & 1u)
        engine_add_bits(out, &n, capacity, act | engine_cell_bits(cell + 5));
    if (cell >= 5 && ((free_cells >> (cell - 5)) & 1u))
        engine_add_bits(out, &n, capacity, act | engine_cell_bits(cell - 5));
    if ((free_cells >> (cell + 1)) & 1u)
        engine_add_bits(out, &n, capacity, act | engine_cell_bits(cell + 1));
    if (cell >= 1 && ((free_cells >> (cell - 1)) & 1u))
        engine_add_bits(out, &n, capacity, act | engine_cell_bits(cell - 1));
    return n;
}

/* 506.6–506.7: the slow jump or teleport of the active player's creature `i`, declared as an
 * ability (BSK_ACT_ABILITY: index = its catalogue keyword, cell = the free cell it relocates to, no
 * target), one entry a cell; a named feature printed twice is used once (518.3, the largest X). */
static int unit_relocations(const bsk_match *m, const bsk_card_table *cards, int i, bool first_only, bsk_action *out,
                            int n, int capacity)
{
    static const int KEYWORDS[2] = {BSK_KEYWORD_JUMP, BSK_KEYWORD_TELEPORT};
    for (int k = 0; k < 2; k++) {
        uint32_t cells = engine_kw_relocation_cells(m, cards, i, KEYWORDS[k]);
        int index = cells ? engine_kw_index(m, cards, i, KEYWORDS[k], 0) : -1;
        if (index < 0)
            continue;
        uint64_t act = engine_action_bits(BSK_ACT_ABILITY, m->units[i].owner, i, 0, index) | engine_target_bits(-1);
        for (; cells; cells &= cells - 1) {
            engine_add_bits(out, &n, capacity, act | engine_cell_bits(__builtin_ctz(cells)));
            if (first_only)
                return n;
        }
    }
    return n;
}

/* The declarations of an open card `i` of the active player beyond its features: movement, strikes and
 * attack abilities (unit_legal). Apart, so a tapped card's pass costs no call of this large body. */
static __attribute__((noinline)) int unit_legal_open(const bsk_match *m, const bsk_card_table *cards,
                                                     choice_context *context, int i, bsk_action *out, int n,
                                                     int capacity)
{
    int p = m->active;
    const bsk_unit *u = &m->units[i];
    int type = engine_char_type(m, cards, i), subtype = engine_char_subtype(m, cards, i);
    int attacks = engine_char_attack_count(m, cards, i);
    bool strikes = engine_char_has_strike(m, cards, i);
    if (type == BSK_TYPE_ARTIFACT) { /* 212.2: no movement, no simple strike; attack abilities yes */
        if (engine_unit_can_act(m, i))
            for (int k = 0; k < attacks && !(context->first_only && n > 0); k++) {
                const bsk_attack *a = engine_char_attack(m, cards, i, k);
                if (ability_payable(m, i, a) && engine_attack_had(m, cards, i, k)) /* move8 */
                    n = ability_targets(m, cards, context, i, a, out, n, capacity);
            }
        return n;
    }
    if (type != BSK_TYPE_CREATURE)
        return n; /* terrains */
    uint64_t keywords = engine_char_keywords(m, cards, i);
    uint32_t enterable = (keywords >> BSK_KEYWORD_INCORPOREAL) & 1u ? ~m->shared : ~m->occupied;
    n = unit_steps(m, subtype == BSK_SUBTYPE_GROUND, i, enterable, out, n, capacity); /* a creature here */
    if ((keywords & ENGINE_RELOCATION_KEYWORDS) && !(context->first_only && n > 0))
        n = unit_relocations(m, cards, i, context->first_only, out, n, capacity);
    /* 510.1, 510.3 (times3): an action marker stops it unless it may act that way more times */
    bool act = engine_unit_can_act_as(m, cards, i, BSK_ACTIONS_ACT);
    if (!(act || (strikes && engine_unit_can_act_as(m, cards, i, BSK_ACTIONS_STRIKE))) || (context->first_only && n > 0))
        return n;
    if (strikes) { /* 208.8: only a card with a printed strike */
        n = strike_targets(m, cards, context, i, out, n, capacity);
        if ((context->first_only && n > 0) || !act)
            return n;
    }
    for (int k = 0; k < attacks && !(context->first_only && n > 0); k++) {
        const bsk_attack *a = engine_char_attack(m, cards, i, k);
        if (ability_payable(m, i, a) && engine_attack_had(m, cards, i, k)) /* move8: a granted one while held */
            n = ability_targets(m, cards, context, i, a, out, n, capacity);
    }
    if (has_counter_ability(cards, m, i))
        engine_add(out, &n, capacity, BSK_ACT_GAIN_COUNTER, p, i, -1, -1, -1);
    if (u->zone == BSK_ZONE_BATTLEFIELD && subtype != BSK_SUBTYPE_FLYER && strikes &&
        !(u->flags & BSK_UNIT_FLYER_GRANT) && context_only_flyers(m, cards, context))
        engine_add(out, &n, capacity, BSK_ACT_FLYER_TAP, p, i, -1, -1, -1);
    return n;
}

/* The declarations of one card of the active player (411.2 a, b). */
static inline int unit_legal(const bsk_match *m, const bsk_card_table *cards, choice_context *context, int i,
                             bsk_action *out, int n, int capacity)
{
    const bsk_unit *u = &m->units[i];
    if (u->owner != m->active || !engine_in_battle(u))
        return n;
    /* activated features: 510.2.1, one without {tap} is no action and works on a closed card too */
    if ((u->slot < cards->count && cards->activated[u->slot]) || ((context->acquiring >> i) & 1u))
        n = engine_unit_features_legal(m, cards, i, out, n, capacity);
    if (u->flags & BSK_UNIT_TAPPED)
        return n; /* 506, 510.1: a tapped card neither moves nor acts */
    return unit_legal_open(m, cards, context, i, out, n, capacity);
}

/* 524.1, glossary «Бестелесность»: the active player's cards standing on a cell as its second card
 * (an incorporeal creature that moved onto an occupied cell, 524.2). */
static uint64_t sharing_units(const bsk_match *m)
{
    uint64_t out = 0;
    for (uint64_t mine = m->in_battle[m->active - 1]; mine; mine &= mine - 1) {
        int i = engine_first(mine);
        const bsk_unit *u = &m->units[i];
        if (u->zone == BSK_ZONE_BATTLEFIELD && u->host < 0 && ((m->shared >> u->cell) & 1u) && m->at[u->cell] != i)
            out |= 1ull << i;
    }
    return out;
}

/* The movement declarations of the active player's card `i`: its steps, slow jumps and teleports. */
static int unit_movement(const bsk_match *m, const bsk_card_table *cards, int i, bool first_only, bsk_action *out,
                         int n, int capacity)
{
    n = unit_steps(m, engine_char_creature_of(m, cards, i, BSK_SUBTYPE_GROUND), i, engine_enterable(m, cards, i),
                   out, n, capacity);
    if ((engine_char_keywords(m, cards, i) & ENGINE_RELOCATION_KEYWORDS) && !(first_only && n > 0))
        n = unit_relocations(m, cards, i, first_only, out, n, capacity);
    return n;
}

/* 524.1, glossary «Бестелесность»: a card sharing a cell must declare movement off it at the first
 * opportunity: the sharing cards that can move now (0: none, the Choice subphase is as usual). */
static uint64_t obliged_movers(const bsk_match *m, const bsk_card_table *cards)
{
    uint64_t movers = 0;
    if (!m->shared)
        return 0;
    bsk_action one[1];
    for (uint64_t s = sharing_units(m); s; s &= s - 1)
        if (unit_movement(m, cards, engine_first(s), true, one, 0, 1) > 0)
            movers |= 1ull << engine_first(s);
    return movers;
}

static int choice_legal(const bsk_match *m, const bsk_card_table *cards, bsk_action *out, int capacity)
{
    int n = 0;
    uint64_t movers = obliged_movers(m, cards);
    if (movers) { /* only their movement: no other declaration, no end of the turn (524.1) */
        for (; movers; movers &= movers - 1)
            n = unit_movement(m, cards, engine_first(movers), false, out, n, capacity);
        return n;
    }
    choice_context context;
    context_of(m, cards, false, &context);
    for (uint64_t mine = m->in_battle[m->active - 1]; mine; mine &= mine - 1)
        n = unit_legal(m, cards, &context, engine_first(mine), out, n, capacity);
    engine_add(out, &n, capacity, BSK_ACT_END_TURN, m->active, -1, -1, -1, -1);
    return n;
}

/* Whether the list has a declaration, by the full per-card pass. */
static bool any_declaration(const bsk_match *m, const bsk_card_table *cards)
{
    bsk_action one[1];
    choice_context context;
    context_of(m, cards, true, &context);
    for (uint64_t rest = m->in_battle[m->active - 1]; rest; rest &= rest - 1)
        if (unit_legal(m, cards, &context, engine_first(rest), one, 0, 1) > 0)
            return true;
    return false;
}

bool engine_choice_has_declaration(const bsk_match *m, const bsk_card_table *cards)
{
    bsk_action one[1];
    /* a step, or a simple strike at a neighbour's ground card, needs no target pass: looked for
     * first. A ground card is adjacent unless it is the player's own face-down flyer or terrain
     * (210.2, 533.6), which the test leaves to the full pass. */
    for (uint64_t rest = m->in_battle[m->active - 1]; rest; rest &= rest - 1) {
        int i = engine_first(rest);
        /* free cells only: an incorporeal creature's steps onto occupied ones are left to the full pass */
        bool found = unit_steps(m, engine_char_creature_of(m, cards, i, BSK_SUBTYPE_GROUND), i, ~m->occupied, one,
                                0, 1) > 0;
        const bsk_unit *u = &m->units[i];
        if (!found && u->zone == BSK_ZONE_BATTLEFIELD && engine_char_creature(m, cards, i) &&
            engine_char_has_strike(m, cards, i) && engine_unit_can_act_as(m, cards, i, BSK_ACTIONS_STRIKE) &&
            !(u->flags & BSK_UNIT_FLYER_GRANT) &&
            !engine_unit_never_adjacent(m, cards, i, u->owner))
            for (uint32_t cells = ENGINE_BLOCK[u->cell] & m->occupied & ~(1u << u->cell); cells && !found;
                 cells &= cells - 1) {
                const bsk_unit *t = &m->units[m->at[__builtin_ctz(cells)]];
                /* open (so no flyer or terrain: those have left the cells), or the opponent's */
                found = !(t->flags & BSK_UNIT_HIDDEN) || t->owner != u->owner;
            }
        if (found) {
            BSK_ASSERT(any_declaration(m, cards));
            return true;
        }
    }
    return any_declaration(m, cards);
}

int engine_battle_legal(const bsk_match *m, const bsk_card_table *cards, bsk_action *out, int capacity)
{
    int n = 0;
    switch (m->question) {
    case Q_CHOICE:
        return choice_legal(m, cards, out, capacity);
    case Q_GUARD: {
        int8_t guards[BSK_MATCH_UNITS_MAX];
        int count = engine_guards(m, cards, &m->stack[m->stack_count - 1], guards);
        for (int k = 0; k < count; k++)
            engine_add(out, &n, capacity, BSK_ACT_GUARD, m->priority, guards[k], m->stack[m->stack_count - 1].source, -1, -1);
        engine_add(out, &n, capacity, BSK_ACT_PASS, m->priority, -1, -1, -1, -1);
        return n;
    }
    case Q_WINDOW:
        n = engine_fast_legal(m, cards, m->priority, m->window, out, 0, capacity);
        engine_add(out, &n, capacity, BSK_ACT_PASS, m->priority, -1, -1, -1, -1);
        return n;
    case Q_ORDER:
        for (int i = 0; i < m->pending_count; i++)
            if ((m->pending[i].player & 3u) == m->priority)
                engine_add(out, &n, capacity, BSK_ACT_ORDER, m->priority, m->pending[i].unit, -1, -1, i);
        return n;
    case Q_CHOOSE:
        return engine_choose_legal(m, out, capacity);
    case Q_STEP_DOWN:
        engine_add(out, &n, capacity, BSK_ACT_STEP_DOWN, m->priority, -1, -1, -1, 1);
        engine_add(out, &n, capacity, BSK_ACT_STEP_DOWN, m->priority, -1, -1, -1, 0);
        return n;
    default:
        return 0;
    }
}


int engine_instant_attacks(const bsk_match *m, const bsk_card_table *cards, int unit, bsk_action *out, int n,
                           int capacity)
{
    if (!engine_unit_can_act_as(m, cards, unit, BSK_ACTIONS_ACT) || engine_tap_declared(m, cards, unit))
        return n;
    for (int k = 0, count = engine_char_attack_count(m, cards, unit); k < count; k++) {
        const bsk_attack *a = engine_char_attack(m, cards, unit, k);
        if (a->activation != BSK_ACTIVATION_INSTANT || !engine_attack_had(m, cards, unit, k)) /* move8 */
            continue;
        for (int t = 0; t < m->unit_count; t++)
            if (engine_can_target_ability(m, cards, unit, a, t))
                engine_add(out, &n, capacity, BSK_ACT_ABILITY, m->units[unit].owner, unit, t, -1, a->index);
    }
    return n;
}

/* The index of the attack with catalogue keyword index `keyword` in the card entry, or -1. */
int engine_attack_index(const bsk_card_entry *e, int keyword)
{
    for (int k = 0; k < e->attack_count; k++)
        if (e->attacks[k].index == keyword)
            return k;
    return -1;
}

/* The rule that forbids an action not in the legal list: the most particular one the card's state
 * shows (an artifact's move 212.2, a closed card's 510.1 or 506.3, counters it cannot pay 510.1 with
 * 123.5, a flyer grant it no longer has 107.2), else the kind's general rule. */
static const char *refusal_rule(const bsk_match *m, const bsk_card_table *cards, const bsk_action *a)
{
    const bsk_action_kind_info *info = bsk_action_kind_info_get(a->kind);
    const char *rule = info ? info->rule : "303.3";
    if (m->question == Q_CHOOSE && m->choice.pending == BSK_CHOICE_DASH && a->kind == BSK_ACT_CHOOSE)
        return "glossary «Рывок»"; /* a free cell beside it, not diagonally */
    if (m->question == Q_CHOOSE && m->choice.pending == BSK_CHOICE_RELOCATE && a->kind == BSK_ACT_CHOOSE)
        return m->choice.what == BSK_CHOOSE_UNIT   ? "536.7" /* grave5: a graveyard creature with a token */
               : m->choice.what == BSK_CHOOSE_DECK ? "204.2" /* grave10: a card of the deck the feature names */
                                                   : "507.2"; /* relocation: a free cell the effect allows */
    if (m->question == Q_CHOOSE && m->choice.pending == BSK_CHOICE_TAP_COST && a->kind == BSK_ACT_CHOOSE)
        return "510.1"; /* a cost taps an adjacent open creature of its controller */
    if (m->question == Q_CHOOSE && m->choice.pending == BSK_CHOICE_GROUP && a->kind == BSK_ACT_CHOOSE)
        return "512.5"; /* group3: another card of the group its filter allows, not one chosen already */
    if (m->question == Q_CHOOSE && m->choice.pending == BSK_CHOICE_MAY)
        return "505.6"; /* an optional record: use it or not */
    if (m->question == Q_CHOOSE && m->choice.pending == BSK_CHOICE_OR)
        return "505.4.8"; /* incarn7: one of the groups of an «или» that has a legal target */
    if (m->question == Q_CHOOSE && m->choice.pending == BSK_CHOICE_X)
        return "543.2"; /* X counters: 1 up to what the card holds and has not reserved (523.2) */
    if (m->question == Q_CHOOSE && m->choice.pending >= 0 && m->choice.what == BSK_CHOOSE_NUMBER)
        return "543.2"; /* count12: a trigger's X of extra lives, 1 up to those it has (501.6, 523.2) */
    if (m->question == Q_CHOOSE && m->choice.pending == BSK_CHOICE_DIE)
        return "306.5.2"; /* dice7: one of the values its two dice show */
    if (m->question == Q_CHOOSE && m->choice.pending == BSK_CHOICE_FORM)
        return "werewolf forms (extension; 06-060)"; /* mode 1 wolf or 2 human */
    if (m->question == Q_CHOOSE && m->choice.pending == BSK_CHOICE_BATTLE_START)
        return "406.1"; /* batl9: a card of the player's that may use its start-of-battle feature now */
    if (m->question == Q_CHOOSE && m->choice.pending >= 0 && m->choice.pending < m->pending_count &&
        m->pending[m->choice.pending].feature == ENGINE_PENDING_INCARNATION)
        return "536.7"; /* recruit11: a free cell a permission allows, a graveyard creature with a token */
    if (m->question == Q_CHOICE && obliged_movers(m, cards))
        return "524.1"; /* a card sharing a cell must move off it first */
    if (a->kind == BSK_ACT_FEATURE && a->unit >= 0 && a->unit < m->unit_count && engine_in_battle(&m->units[a->unit])) {
        /* branch costs4 (issue 22): a prepaid cost it cannot declare (501.6 extra lives, 501.7 a resource taken) */
        const bsk_feature *f = engine_unit_feature(m, cards, a->unit, a->index);
        const char *why = f && f->kind == BSK_FEATURE_ACTIVATED ? engine_feature_prepaid_refusal(m, cards, a->unit, f)
                                                                 : NULL;
        if (why)
            return why;
    }
    if (a->kind == BSK_ACT_FEATURE && a->unit >= 0 && a->unit < m->unit_count && a->target >= 0 &&
        a->target < m->unit_count) { /* in the Choice subphase or a window */
        const bsk_feature *f = engine_unit_feature(m, cards, a->unit, a->index);
        if (f && f->kind == BSK_FEATURE_ACTIVATED && f->target == BSK_TARGET_GROUP) /* group3 */
            return f->group_count == BSK_FEATURE_GROUP_X ? "523.3"  /* X targets: never 0 */
                                                         : "512.5"; /* N different cards its filter allows */
        if (f && f->kind == BSK_FEATURE_ACTIVATED && !engine_feature_state_change_possible(m, cards, f, a->target)) {
            for (int k = 0; k < f->effect_count; k++)
                if (f->effects[k].op == BSK_OP_ADD_ELEMENT && f->effects[k].target == f->target &&
                    ((engine_char_elements(m, cards, a->target) >> f->effects[k].param) & 1u))
                    return "106.2.4"; /* an element it has already */
            return (m->units[a->target].flags & BSK_UNIT_TAPPED) || !engine_tap_declared(m, cards, a->target)
                       ? "528.2.1"  /* untapping an open card, tapping a tapped one */
                       : "501.11"; /* tapping a card whose tap is reserved */
        }
    }
    if (m->question != Q_CHOICE || a->unit < 0 || a->unit >= m->unit_count || !engine_in_battle(&m->units[a->unit]))
        return rule;
    const bsk_unit *u = &m->units[a->unit];
    int type = engine_char_type(m, cards, a->unit);
    switch (a->kind) {
    case BSK_ACT_MOVE:
        if (type == BSK_TYPE_ARTIFACT)
            return "212.2"; /* artifacts never move */
        if (engine_char_creature_of(m, cards, a->unit, BSK_SUBTYPE_GROUND) && u->host < 0) {
            if (!engine_unit_can_act(m, a->unit))
                return "506.3"; /* only an open creature without an action marker moves */
            if (u->move_left <= 0)
                return "506.1"; /* each step spends a movement point */
        }
        return rule;
    case BSK_ACT_ATTACK:
        if (type == BSK_TYPE_ARTIFACT)
            return "212.2"; /* no simple strike */
        if (!engine_unit_can_act_as(m, cards, a->unit, BSK_ACTIONS_STRIKE))
            return "510.1"; /* 510.3: fewer markers than its X times per turn */
        if (a->target >= 0 && a->target < m->unit_count && m->units[a->target].zone == BSK_ZONE_EXTRA &&
            u->zone == BSK_ZONE_BATTLEFIELD && m->units[a->target].owner != u->owner &&
            engine_char_flyer(m, cards, a->target) && !(u->flags & BSK_UNIT_FLYER_GRANT))
            return "107.2"; /* a ground creature strikes a flyer only while it has the grant (210.5) */
        return rule;
    case BSK_ACT_ABILITY: {
        const bsk_card *card = engine_entry(cards, m, a->unit)->card;
        int keyword = a->index >= 0 && a->index < card->keyword_count ? card->keywords[a->index].id : -1;
        if (keyword == BSK_KEYWORD_JUMP || keyword == BSK_KEYWORD_TELEPORT) {
            if (!engine_char_creature_of(m, cards, a->unit, BSK_SUBTYPE_GROUND) || u->host >= 0)
                return "506.6"; /* only a ground creature has and uses it (glossary «Прыжок») */
            if (!engine_unit_can_act(m, a->unit))
                return "506.3"; /* slow movement: open, no action marker */
            if (u->move_left < 0 || u->move_left < engine_char_movement(m, cards, a->unit))
                return "506.7"; /* its whole allowance unspent */
            if (a->target >= 0 || (a->cell >= 0 && a->cell < BSK_BOARD_CELLS && m->at[a->cell] >= 0))
                return "507.2"; /* a relocation only to a free cell */
            return keyword == BSK_KEYWORD_JUMP ? "547.2" : "506.6"; /* out of range, or no cell */
        }
        if (!engine_unit_can_act_as(m, cards, a->unit, BSK_ACTIONS_ACT))
            return "510.1";
        int k = engine_char_attack_index(m, cards, a->unit, a->index);
        const bsk_attack *at = k >= 0 ? engine_char_attack(m, cards, a->unit, k) : NULL;
        if (at && at->activation == BSK_ACTIVATION_COUNTER_TAP &&
            u->counters < (at->counter_cost ? at->counter_cost : 1))
            return "510.1, 123.5"; /* the counters of its cost cannot be paid */
        return rule;
    }
    case BSK_ACT_FEATURE: {
        const bsk_feature *f = engine_unit_feature(m, cards, a->unit, a->index); /* its own, or acquired */
        if (!f || f->kind != BSK_FEATURE_ACTIVATED)
            return rule;
        if (engine_feature_limit_spent(m, cards, a->unit, a->index))
            return "545.7"; /* its limit «X раз за ход / за бой» is spent */
        if (f->tap && !engine_unit_can_act_as(m, cards, a->unit, BSK_ACTIONS_ACT))
            return "510.1";
        if (f->cost_wound && engine_unit_life(m, cards, a->unit) < f->cost_wound)
            return "501.6, 528.10"; /* no more wounds as a cost than its current life */
        if (f->counters > 0 && u->counters < engine_feature_counters(f, NULL) + engine_counters_declared(m, cards, a->unit))
            return f->counters == BSK_FEATURE_COUNTERS_X ? "523.2, 543.2" /* X counters: never X = 0 */
                                                         : "510.1, 123.5"; /* the counters of its cost cannot be paid */
        return rule;
    }
    case BSK_ACT_FLYER_TAP:
        if (type == BSK_TYPE_ARTIFACT)
            return "212.2";
        if (!engine_unit_can_act_as(m, cards, a->unit, BSK_ACTIONS_ACT))
            return "510.1";
        return opponent_has_hidden(m, u->owner) ? "533.9" : rule;
    case BSK_ACT_GAIN_COUNTER:
        return engine_unit_can_act_as(m, cards, a->unit, BSK_ACTIONS_ACT) ? rule : "510.1";
    default:
        return rule;
    }
}

/* Whether a caller's action is in the legal list (a declaration: its card's list alone), else the
 * refusal naming the rule. Out of line: the trusted path (agents, replays) never runs it. */
static __attribute__((noinline)) bsk_status check_legal(const bsk_match *m, const bsk_card_table *cards,
                                                        const bsk_action *a, bsk_error *error)
{
    bsk_action legal[BSK_MATCH_LEGAL_MAX];
    int n;
    if (m->question == Q_CHOICE && a->kind != BSK_ACT_END_TURN && !obliged_movers(m, cards))
    {
        choice_context context;
        context_of(m, cards, false, &context);
        n = a->unit >= 0 && a->unit < m->unit_count
                ? unit_legal(m, cards, &context, a->unit, legal, 0, BSK_MATCH_LEGAL_MAX) : 0;
    }
    else
        n = engine_battle_legal(m, cards, legal, BSK_MATCH_LEGAL_MAX);
    if (n > BSK_MATCH_LEGAL_MAX)
        n = BSK_MATCH_LEGAL_MAX;
    for (int i = 0; i < n; i++)
        if (legal[i].kind == a->kind && legal[i].unit == a->unit && legal[i].target == a->target &&
            legal[i].cell == a->cell && legal[i].index == a->index)
            return BSK_OK;
    return bsk_error_set(error, BSK_ERR_INVALID, refusal_rule(m, cards, a), "%s is not legal now",
                         bsk_action_kind_id(a->kind));
}

bsk_status engine_battle_apply(bsk_match *m, const bsk_card_table *cards, const bsk_action *a, bool trusted,
                               bsk_events *events, bsk_error *error)
{
    if (!trusted) {
        bsk_status status = check_legal(m, cards, a, error);
        if (status != BSK_OK)
            return status;
    }
    switch (m->question) {
    case Q_CHOICE:
        m->question = Q_NONE;
        if (a->kind == BSK_ACT_END_TURN) {
            m->phase = BSK_PHASE_END; /* 411.2 c */
            engine_raise(m, cards, BSK_AT_TURN_END, -1, -1, -1, 0); /* 413.1: "at the end of the turn" */
            engine_raise(m, cards, BSK_ON_CONCENTRATION, -1, -1, -1, 0); /* 413.1: concentration */
            engine_concentrations_triggered(m, cards); /* focus6: «при срабатывании концентрации» */
            break;
        }
        m->declarations++;
        if (m->shared) /* 524.1, glossary «Бестелесность»: a sharing card that cannot move off is
                        * exiled when its controller declares anything but its movement */
            for (uint64_t s = sharing_units(m); s; s &= s - 1) {
                int i = engine_first(s);
                if (a->unit != i || !(a->kind == BSK_ACT_MOVE || (a->kind == BSK_ACT_ABILITY && a->target < 0)))
                    engine_to_zone(m, cards, i, BSK_ZONE_EXILE);
            }
        if (a->kind != BSK_ACT_MOVE && (m->units[a->unit].flags & BSK_UNIT_HIDDEN))
            engine_reveal(m, cards, a->unit); /* 533.3: a hidden card declaring an action is revealed */
        /* 303.3, 303.6: the declaration enters the queue; fast answers may follow before it moves
         * onto the stack */
        engine_queue(m, a,
                     a->kind == BSK_ACT_ABILITY ? engine_char_attack_index(m, cards, a->unit, a->index)
                     : a->kind == BSK_ACT_FEATURE ? a->index : -1,
                     0);
        if ((cards->listen_any & BSK_LISTEN(BSK_ON_TELEPORT)) && a->kind == BSK_ACT_ABILITY && a->target < 0 &&
            m->queue_count > 0) /* spawn8 (issue 23): a slow teleport (not a jump) says so to on_teleport */
            m->queue[m->queue_count - 1].x = (uint8_t)engine_teleport_declared(m, cards, a);
        if (a->kind == BSK_ACT_FEATURE && (engine_counters_x_ask(m, cards, false) || engine_group_ask(m, cards, false)))
            break; /* its X (543.2), then the other cards of its group target (512.5), first */
        engine_open_window(m, cards, W_CHOICE);
        break;
    case Q_WINDOW:
        engine_window_apply(m, cards, a);
        break;
    case Q_ORDER:
        m->question = Q_NONE;
        engine_order_apply(m, cards, a->index);
        break;
    case Q_CHOOSE:
        if (m->choice.pending == BSK_CHOICE_FORM) /* a werewolf's form (extension) */
            engine_form_apply(m, cards, a);
        else if (m->choice.pending == BSK_CHOICE_BATTLE_START) /* batl9: 406.1, a start-of-battle feature */
            engine_battle_start_answer(m, cards, a);
        else if (m->choice.pending == BSK_CHOICE_DASH) /* the completion step's question: glossary «Рывок» */
            engine_dash_apply(m, cards, a, events);
        else if (m->choice.pending == BSK_CHOICE_RELOCATE) /* a resolving feature's relocate cell (507.2) */
            engine_relocate_answer(m, a);
        else if (m->choice.pending == BSK_CHOICE_TAP_COST) /* static2: the creature a cost taps */
            engine_tap_cost_answer(m, a);
        else if (m->choice.pending == BSK_CHOICE_GROUP) /* group3: the next card of a group target */
            engine_group_answer(m, cards, a);
        else if (m->choice.pending == BSK_CHOICE_X) /* an X-counter cost's X (543.2) */
            engine_counters_x_answer(m, cards, a);
        else if (m->choice.pending == BSK_CHOICE_MAY) /* compound3: an optional record (505.6) */
            engine_compound_use_answer(m, a);
        else if (m->choice.pending == BSK_CHOICE_OR) /* incarn7: a compound feature's «или» (505.4.8) */
            engine_compound_or_answer(m, cards, a);
        else if (m->choice.pending == BSK_CHOICE_DIE) /* dice7: the die a two-dice roller keeps (306.5.2) */
            engine_die_choice_answer(m, a);
        else
            engine_choose_apply(m, cards, a);
        break;
    case Q_GUARD: {
        bsk_stack_entry *e = &m->stack[m->stack_count - 1];
        m->question = Q_NONE;
        e->flags |= E_ASKED;
        if (a->kind == BSK_ACT_GUARD) { /* 514.1: a redirection onto the guard */
            e->guard = a->unit;
            e->final_target = a->unit;
            e->flags |= E_REDIRECTED;
            if (m->units[a->unit].flags & BSK_UNIT_HIDDEN)
                engine_reveal(m, cards, a->unit);
        }
        break;
    }
    case Q_STEP_DOWN: {
        bsk_stack_entry *e = &m->stack[m->stack_count - 1];
        m->question = Q_NONE;
        e->flags |= E_ASKED;
        if (a->index == 1) { /* 515.3: one row up the table, as if the difference were 1 smaller */
            if (e->strength[0] == STRENGTH_MEDIUM && e->strength[1] == STRENGTH_WEAK) {
                e->strength[0] = STRENGTH_WEAK;
                e->strength[1] = STRENGTH_MISS;
            } else if (e->strength[0] == STRENGTH_STRONG && e->strength[1] == STRENGTH_WEAK) {
                e->strength[0] = STRENGTH_MEDIUM;
                e->strength[1] = STRENGTH_MISS;
            } else if (e->strength[0] == STRENGTH_WEAK && e->strength[1] == STRENGTH_MEDIUM) {
                e->strength[0] = STRENGTH_MISS;
                e->strength[1] = STRENGTH_WEAK;
            }
        }
        break;
    }
    default:
        return bsk_error_set(error, BSK_ERR_INVALID, "303.1", "nothing is asked");
    }
    return BSK_OK;
}
