/* filter.c — card filters (glossary §6.2 CardFilter; card_table.h bsk_feature_filter) as the engine
 * reads them: whether a unit matches a filter seen from a feature's card (the viewer), the count
 * of the battle zone's matching cards (BSK_EXPR_COUNT), and the chosen / all targets of a
 * feature's effect. Characteristics are read through engine_char_* (what a card is now); cost,
 * elite and name from the card table entry (no effect changes them).
 *
 * 533.6, 533.7 — a face-down card: its public facts (side, cell, row, adjacency, tapped, hidden,
 * wounds, poison, not_self) are read as they are. Its face (type, subtype, elements, classes,
 * keywords, incorporeal, cost, elite, name) is read truly when it is the viewer's own card (533.7:
 * its controller uses the truth); for an opponent's face-down card the filter does not read it:
 * engine_filter_matches (all matching cards, counts, a trigger's filter) takes it as not having
 * the fact (the player may treat each such card as not having [text], 533.6, and the engine does
 * without a question), engine_filter_may_choose (a chosen target) as having it (533.6: under an
 * explicit "only cards with [text]" restriction the player may treat it as having [text]). */
#include "engine.h"

/* The viewer's row number 1..3 of a battlefield cell (1: the front row, 3: the back row; glossary
 * «Первый ряд игрока», DESIGN §2: player 1's rows are global 3, 2, 1, player 2's 4, 5, 6); 0 when
 * the cell is in the other half. */
static int viewer_row(int viewer_player, int cell)
{
    int row = ENGINE_ROW[cell]; /* 0..5: global rows 1..6 */
    if (viewer_player == 1)
        return row <= 2 ? 3 - row : 0;
    return row >= 3 ? row - 2 : 0;
}

/* The cell one step from `cell` by (dr, dc) in global rows and columns, -1 off the board. */
static int step_cell(int cell, int dr, int dc)
{
    int row = ENGINE_ROW[cell] + dr, col = ENGINE_COL[cell] + dc;
    return row < 0 || row > 5 || col < 0 || col > 4 ? -1 : row * 5 + col;
}

/* The battlefield cell of a unit, -1 elsewhere (the extra zone has no direction). */
static int cell_of(const bsk_unit *u)
{
    return u->zone == BSK_ZONE_BATTLEFIELD ? u->cell : -1;
}

/* token6 (issue 23): filter "within" X: both cards in the battle zone, X or fewer cells apart vertically and
 * horizontally (547.1.1, 547.4), or one of them in the extra zone (547.3: regardless of range). */
static bool within_range(const bsk_match *m, const bsk_unit *v, const bsk_unit *u, int range)
{
    (void)m;
    if (!engine_in_battle(u) || !engine_in_battle(v))
        return false;
    if (u->zone == BSK_ZONE_EXTRA || v->zone == BSK_ZONE_EXTRA)
        return true;
    return u->cell >= 0 && v->cell >= 0 && bsk_cell_distance(u->cell, v->cell) <= range;
}

/* The cell behind `anchor` (in front when `sign` is -1): the anchor being the viewer, as its
 * controller faces the opponent (player 1's rows grow toward the opponent, DESIGN §2); another
 * card, as seen from the viewer: the next cell on the straight line (row, column or diagonal) from
 * the viewer through it, -1 when they are on no such line. */
static int cell_behind(const bsk_match *m, int viewer, int anchor, int sign)
{
    int v = cell_of(&m->units[viewer]), a = anchor < 0 ? -1 : cell_of(&m->units[anchor]);
    if (anchor == viewer) {
        int forward = m->units[viewer].owner == 1 ? 1 : -1;
        return v < 0 ? -1 : step_cell(v, -forward * sign, 0);
    }
    if (v < 0 || a < 0 || v == a)
        return -1;
    int dr = ENGINE_ROW[a] - ENGINE_ROW[v], dc = ENGINE_COL[a] - ENGINE_COL[v];
    if (dr && dc && dr != dc && dr != -dc)
        return -1;
    return step_cell(a, sign * ((dr > 0) - (dr < 0)), sign * ((dc > 0) - (dc < 0)));
}

bool bsk_filter_cost_holds(int op, int cost, int value)
{
    switch (op) {
    case BSK_FILTER_COST_LE: return cost <= value;
    case BSK_FILTER_COST_GE: return cost >= value;
    case BSK_FILTER_COST_EQ: return cost == value;
    case BSK_FILTER_COST_LT: return cost < value;
    case BSK_FILTER_COST_GT: return cost > value;
    default: return true;
    }
}

/* move8 (issue 23): whether a feature's records print a magic ability (glossary «Магическая способность»: a spell, a
 * magic strike, a discharge; 111.1.2) the card itself uses — a spell's record, or a spawned magic strike or discharge.
 * A record that gives another card a feature gives this one none (glossary «Магическая особенность», Дверг). */
static bool feature_magic(const bsk_feature *f)
{
    for (int r = 0; f && r < f->effect_count; r++) {
        const bsk_feature_effect *ef = &f->effects[r];
        if (ef->spell || (ef->op == BSK_OP_SPAWN_ATTACK && (ef->attack.keyword == BSK_KEYWORD_MAGIC_STRIKE ||
                                                          ef->attack.keyword == BSK_KEYWORD_DISCHARGE)))
            return true;
    }
    return false;
}

/* move8: «существо с магической способностью»: a magic strike or discharge among its attacks, or a feature of its
 * own or acquired (glossary §1.6) printing a magic ability. Read only for a filter that asks. */
static bool has_magic_ability(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    for (int k = 0, n = engine_char_attack_count(m, cards, unit); k < n; k++) {
        int keyword = engine_char_attack(m, cards, unit, k)->keyword;
        if ((keyword == BSK_KEYWORD_MAGIC_STRIKE || keyword == BSK_KEYWORD_DISCHARGE) && engine_attack_had(m, cards, unit, k))
            return true;
    }
    return engine_unit_any_feature(m, cards, unit, feature_magic);
}

/* The face facts of the filter (the printed card as the game sees it now). */
static bool face_matches(const bsk_match *m, const bsk_card_table *cards, const bsk_feature_filter *f, int viewer,
                         int anchor, int unit)
{
    if (f->types && !((f->types >> engine_char_type(m, cards, unit)) & 1u))
        return false;
    if (f->subtypes | f->subtypes_not) {
        int subtype = engine_char_subtype(m, cards, unit);
        if ((f->subtypes && !((f->subtypes >> subtype) & 1u)) || ((f->subtypes_not >> subtype) & 1u))
            return false;
    }
    if (f->elements && !(engine_char_elements(m, cards, unit) & f->elements))
        return false;
    if (f->element_of) { /* 106.2.3: a neutral card is of no element, the same or a different one */
        unsigned mine = engine_char_elements(m, cards, viewer), its = engine_char_elements(m, cards, unit);
        bool same = (mine & its) != 0;
        if (f->element_of == BSK_FILTER_ELEMENT_SAME ? !same : same || !mine || !its)
            return false;
    }
    if (f->classes && !(engine_char_classes(m, cards, unit) & f->classes))
        return false;
    if (f->keywords || f->incorporeal || f->keywords_not) {
        uint64_t keywords = engine_char_keywords(m, cards, unit);
        if (f->keywords && !(keywords & f->keywords) &&
            !(((f->keywords >> BSK_KEYWORD_CONCENTRATION) & 1u) && /* farro13: glossary «Концентрация»: a feature */
              engine_concentration_feature_had(m, cards, unit)))
            return false;
        if (keywords & f->keywords_not) /* grave10: «без инкарнации» */
            return false;
        bool incorporeal = (keywords >> BSK_KEYWORD_INCORPOREAL) & 1u;
        if (f->incorporeal && incorporeal != (f->incorporeal == BSK_FILTER_YES))
            return false;
    }
    const bsk_card_entry *e = engine_entry(cards, m, unit);
    if (f->cost_op) {
        int from = f->cost_value == -1 ? viewer : f->cost_value == -2 ? anchor : -1; /* grave10: -2 "target" */
        if (f->cost_value == -2 && anchor < 0)
            return false;
        int value = from >= 0 ? engine_entry(cards, m, from)->cost + f->cost_plus : f->cost_value; /* spawn11: plus */
        if (!bsk_filter_cost_holds(f->cost_op, e->cost, value))
            return false;
    }
    if (f->elite && ((e->flags & BSK_ENTRY_ELITE) != 0) != (f->elite == BSK_FILTER_YES))
        return false;
    if (f->name_key && cards->name_key[m->units[unit].slot] != f->name_key)
        return false;
    if (f->magic_ability && has_magic_ability(m, cards, unit) != (f->magic_ability == BSK_FILTER_YES))
        return false; /* move8 (issue 23): glossary «Магическая способность» */
    if (f->life_parity && ((engine_unit_life(m, cards, unit) & 1) == 0) != (f->life_parity == BSK_FILTER_YES))
        return false; /* batl9 (issue 23): «с четными {health}», the current life */
    if (f->armor_left && engine_armor_left(m, cards, unit) < f->armor_left)
        return false; /* guard10 (issue 23): units of armor left (glossary «Броня X»), 04-167 */
    if (f->movement_max && f->movement_max != BSK_FILTER_MOVEMENT_X &&
        !engine_filter_movement_at_most(m, cards, unit, f->movement_max - 1))
        return false; /* count12 (issue 23): «с {move} N или менее»; "X" is read where the X is known (features.c) */
    return true;
}

bool engine_filter_movement_at_most(const bsk_match *m, const bsk_card_table *cards, int unit, int most)
{
    return engine_entry(cards, m, unit)->movement >= 0 && engine_char_movement(m, cards, unit) <= most;
}

/* grave10 (issue 23): a card of the deck (a table slot, no unit) against filter's face facts, as printed (204.2: its
 * owner looks at it); cost "self" is the viewer's, "target" the anchor's. The reader lets only face facts through. */
bool engine_filter_slot(const bsk_match *m, const bsk_card_table *cards, int filter, int viewer, int anchor, int slot)
{
    if (filter <= 0)
        return true;
    const bsk_feature_filter *f = &cards->filters[filter];
    const bsk_card_entry *e = &cards->entries[slot];
    if (f->types && !((f->types >> e->type) & 1u))
        return false;
    if ((f->subtypes && !((f->subtypes >> e->subtype) & 1u)) || ((f->subtypes_not >> e->subtype) & 1u))
        return false;
    if ((f->elements && !(e->elements & f->elements)) || (f->classes && !(e->classes & f->classes)))
        return false;
    if ((f->keywords && !(e->keywords & f->keywords)) || (e->keywords & f->keywords_not))
        return false;
    if (f->incorporeal && ((e->keywords >> BSK_KEYWORD_INCORPOREAL) & 1u) != (f->incorporeal == BSK_FILTER_YES))
        return false;
    if (f->cost_op) {
        int from = f->cost_value == -1 ? viewer : f->cost_value == -2 ? anchor : -1;
        if (f->cost_value < 0 && from < 0)
            return false;
        if (!bsk_filter_cost_holds(f->cost_op, e->cost,
                                   from >= 0 ? engine_entry(cards, m, from)->cost + f->cost_plus : f->cost_value))
            return false;
    }
    if (f->elite && ((e->flags & BSK_ENTRY_ELITE) != 0) != (f->elite == BSK_FILTER_YES))
        return false;
    return !f->name_key || cards->name_key[slot] == f->name_key;
}

static bool has_face(const bsk_feature_filter *f)
{
    return f->types | f->subtypes | f->subtypes_not | f->elements | f->classes | f->keywords | f->incorporeal |
           f->cost_op | f->elite | f->name_key | f->element_of | f->magic_ability | f->life_parity | f->armor_left |
           f->movement_max | /* count12 */
           (f->keywords_not != 0);
}

/* `hidden_face`: what an opponent's face-down card's face counts as (533.6, above). */
static bool matches_rest(const bsk_match *m, const bsk_card_table *cards, int filter, int viewer, int anchor,
                         int unit, bool hidden_face);

/* dice5 (issue 23): "fewest_wounds": the unit matches the rest and no card of the battle zone matching the rest
 * has fewer wounds (each of equals matches). */
static bool matches(const bsk_match *m, const bsk_card_table *cards, int filter, int viewer, int anchor, int unit,
                    bool hidden_face)
{
    if (!matches_rest(m, cards, filter, viewer, anchor, unit, hidden_face))
        return false;
    if (filter <= 0 || !cards->filters[filter].fewest_wounds)
        return true;
    for (uint64_t s = m->in_battle[0] | m->in_battle[1]; s; s &= s - 1) {
        int other = engine_first(s);
        if (m->units[other].wounds < m->units[unit].wounds &&
            matches_rest(m, cards, filter, viewer, anchor, other, false))
            return false;
    }
    return true;
}

/* The place and state tests of filter f (all but its side, "not_self" and face facts). A new test here names its
 * field in engine_filter_tests too, else a filter with only that field skips it. */
static bool place_matches(const bsk_match *m, const bsk_card_table *cards, const bsk_feature_filter *f, int viewer,
                          int anchor, int unit)
{
    const bsk_unit *u = &m->units[unit], *v = &m->units[viewer];
    if (f->states) {
        unsigned now = (u->flags & BSK_UNIT_TAPPED ? BSK_FILTER_TAPPED : BSK_FILTER_UNTAPPED) |
                       (u->flags & BSK_UNIT_HIDDEN ? BSK_FILTER_HIDDEN : 0u) |
                       (u->wounds ? BSK_FILTER_WOUNDED : BSK_FILTER_UNWOUNDED) | (u->poison ? BSK_FILTER_POISONED : 0u) |
                       (u->counters ? BSK_FILTER_COUNTERS : 0u) | /* incarn7: «карты с {counter}» (123) */
                       (u->extra_life > 0 ? BSK_FILTER_EXTRA_LIFE : 0u); /* vamp8: with extra life (508.4) */
        if ((now & f->states) != f->states)
            return false;
    }
    if (f->adjacent_to) {
        int near = f->adjacent_to == BSK_FILTER_NEAR_SELF ? viewer : anchor;
        int died = near < 0 || m->units[near].zone != BSK_ZONE_GRAVEYARD ? 0 : m->died_cell[near];
        if (died == BSK_DIED_EXTRA)
            died = 0; /* acquired4: it died in the extra zone, beside no cell */
        if (died) { /* 509.3: the cell it died on */
            if (u->zone != BSK_ZONE_BATTLEFIELD || u->cell < 0 || u->cell == died - 1 ||
                !((ENGINE_BLOCK[died - 1] >> u->cell) & 1u) ||
                engine_unit_never_adjacent(m, cards, unit, m->units[near].owner))
                return false;
        } else if (near < 0 || !engine_adjacent(m, cards, near, unit))
            return false;
    }
    if (f->same_cell) { /* move8 (issue 23): on the anchor's cell (524.2), not the anchor nor its seated symbiote */
        int near = f->same_cell == BSK_FILTER_NEAR_SELF ? viewer : anchor;
        int at = cell_of(u), c = near < 0 ? -1 : cell_of(&m->units[near]);
        if (at < 0 || at != c || unit == near || u->host == near)
            return false;
    }
    if (f->diagonal_to | f->behind | f->in_front) { /* directions: battlefield cells only */
        int at = cell_of(u);
        if (f->diagonal_to) {
            int near = f->diagonal_to == BSK_FILTER_NEAR_SELF ? viewer : anchor;
            int c = near < 0 ? -1 : cell_of(&m->units[near]);
            if (at < 0 || c < 0 || !engine_adjacent(m, cards, near, unit) || ENGINE_ROW[at] == ENGINE_ROW[c] ||
                ENGINE_COL[at] == ENGINE_COL[c])
                return false;
        }
        if (f->behind &&
            (at < 0 || cell_behind(m, viewer, f->behind == BSK_FILTER_NEAR_SELF ? viewer : anchor, 1) != at))
            return false;
        if (f->in_front && (at < 0 || cell_behind(m, viewer, viewer, -1) != at))
            return false;
    }
    if (f->left_of | f->right_of) { /* curse4 (issue 23): «слева», «справа» of the feature's card */
        int at = cell_of(u), v_at = cell_of(v), forward = v->owner == 1 ? 1 : -1;
        if (at < 0 || v_at < 0 || (f->left_of && step_cell(v_at, 0, -forward) != at) ||
            (f->right_of && step_cell(v_at, 0, forward) != at))
            return false;
    }
    if (f->in_row || f->line) {
        if (u->zone != BSK_ZONE_BATTLEFIELD || u->cell < 0)
            return false;
        if (f->in_row && f->in_row <= 3 && viewer_row(v->owner, u->cell) != f->in_row)
            return false;
        if (f->in_row > 3 && (viewer_row(1, u->cell) ? viewer_row(1, u->cell) : viewer_row(2, u->cell)) != f->in_row - 3)
            return false; /* batl9: that row of either half */
        if (f->line && (v->zone != BSK_ZONE_BATTLEFIELD || v->cell < 0))
            return false;
        if ((f->line & BSK_FILTER_LINE_ROW) && ENGINE_ROW[u->cell] != ENGINE_ROW[v->cell])
            return false;
        if ((f->line & BSK_FILTER_LINE_COLUMN) && ENGINE_COL[u->cell] != ENGINE_COL[v->cell])
            return false;
    }
    /* group3 (issue 22): named markers on the card (544.3: without counting text, the own squad's only) */
    if (f->marker && engine_named_count_by(m, unit, f->marker - 1, f->marker_counting ? 0 : v->owner) < f->marker_min)
        return false;
    /* cell7 (issue 23): on a cell with named markers of the viewer's squad (544.1, 544.3: «на клетке с маркером …») */
    if (f->cell_marker && (u->zone != BSK_ZONE_BATTLEFIELD || u->cell < 0 ||
                           engine_cell_markers(m, u->cell, f->cell_marker - 1, v->owner) < f->cell_marker_min))
        return false;
    /* times3 (issue 22): 538.2 «(не) передвигался в прошлый ход»; 538.3: no last turn in the first game turn */
    if (f->moved_last_turn &&
        (m->turn <= 1 || ((u->flags2 & BSK_UNIT_MOVED_LAST) != 0) != (f->moved_last_turn == BSK_FILTER_YES)))
        return false;
    /* token6 (issue 23): «дальность X» of an effect or a spell (547.1.1, 547.4); 547.3: the extra zone regardless */
    if (f->within && !within_range(m, v, u, f->within))
        return false;
    /* grave10 (issue 23): «хозяин» (211): the host the feature's card sits on */
    if (f->host_of && (v->host != unit || !engine_in_battle(v)))
        return false;
    /* grave10: in front of the controller's row N: a row of theirs before it, or the opponent's half (202) */
    if (f->ahead_of_row) {
        if (u->zone != BSK_ZONE_BATTLEFIELD || u->cell < 0)
            return false;
        int row = viewer_row(v->owner, u->cell);
        if (row >= f->ahead_of_row || (row == 0 && viewer_row(3 - v->owner, u->cell) == 0))
            return false;
    }
    /* trig5 (issue 23): 538.2 «перемещавшимся в этот ход» */
    if (f->moved_this_turn && ((u->flags2 & BSK_UNIT_MOVED_TURN) != 0) != (f->moved_this_turn == BSK_FILTER_YES))
        return false;
    return true;
}

unsigned engine_filter_tests(const bsk_feature_filter *f)
{
    bool place = f->states | f->adjacent_to | f->same_cell | f->diagonal_to | f->behind | f->in_front | f->left_of |
                 f->right_of | f->in_row | f->line | f->marker | f->cell_marker | f->moved_last_turn | f->within |
                 f->moved_this_turn | f->host_of | f->ahead_of_row; /* grave10 */
    return (place ? ENGINE_FILTER_PLACE : 0u) | (has_face(f) ? ENGINE_FILTER_FACE : 0u);
}

static bool matches_rest(const bsk_match *m, const bsk_card_table *cards, int filter, int viewer, int anchor,
                         int unit, bool hidden_face)
{
    if (filter <= 0)
        return true; /* the empty filter: any card */
    const bsk_feature_filter *f = &cards->filters[filter];
    const bsk_unit *u = &m->units[unit], *v = &m->units[viewer];
    if (f->not_self && unit == viewer)
        return false;
    if (f->side && (u->owner == v->owner) != (f->side == BSK_FILTER_SIDE_OWN))
        return false;
    unsigned tests = cards->filter_tests[filter]; /* which of the tests below the filter has (the card table's) */
    if ((tests & ENGINE_FILTER_PLACE) && !place_matches(m, cards, f, viewer, anchor, unit))
        return false;
    if (!(tests & ENGINE_FILTER_FACE))
        return true;
    if ((u->flags & BSK_UNIT_HIDDEN) && u->owner != v->owner)
        return hidden_face; /* 533.6: the face is not read */
    return face_matches(m, cards, f, viewer, anchor, unit);
}

bool engine_filter_matches(const bsk_match *m, const bsk_card_table *cards, int filter, int viewer, int unit)
{
    return matches(m, cards, filter, viewer, -1, unit, false);
}

bool engine_filter_matches_near(const bsk_match *m, const bsk_card_table *cards, int filter, int viewer, int anchor,
                                int unit)
{
    return matches(m, cards, filter, viewer, anchor, unit, false);
}

bool engine_filter_may_choose(const bsk_match *m, const bsk_card_table *cards, int filter, int viewer, int anchor,
                              int unit)
{
    return engine_in_battle(&m->units[unit]) && matches(m, cards, filter, viewer, anchor, unit, true);
}

uint64_t engine_filter_reach(const bsk_match *m, const bsk_card_table *cards, int filter, int viewer)
{
    uint64_t set = m->in_battle[0] | m->in_battle[1];
    if (filter <= 0)
        return set;
    const bsk_feature_filter *f = &cards->filters[filter];
    int own = m->units[viewer].owner;
    if (f->side == BSK_FILTER_SIDE_OWN)
        set = m->in_battle[own - 1];
    else if (f->side == BSK_FILTER_SIDE_ENEMY)
        set = m->in_battle[2 - own];
    if (f->not_self)
        set &= ~(1ull << viewer);
    return set;
}

/* grave10 (issue 23): the graveyards' cards (bit i: unit i), for a filter with "zone": "graveyard" */
static uint64_t graveyard_units(const bsk_match *m)
{
    uint64_t set = 0;
    for (int i = 0; i < m->unit_count; i++)
        if (m->units[i].zone == BSK_ZONE_GRAVEYARD)
            set |= 1ull << i;
    return set;
}

uint64_t engine_filter_all(const bsk_match *m, const bsk_card_table *cards, int filter, int viewer, int anchor)
{
    uint64_t set = 0;
    uint64_t from = filter > 0 && cards->filters[filter].in_graveyard ? graveyard_units(m) : m->in_battle[0] | m->in_battle[1];
    for (uint64_t s = from; s; s &= s - 1) {
        int unit = engine_first(s);
        if (matches(m, cards, filter, viewer, anchor, unit, false))
            set |= 1ull << unit;
    }
    return set;
}

int engine_filter_count(const bsk_match *m, const bsk_card_table *cards, int filter, int viewer, int anchor)
{
    return __builtin_popcountll(engine_filter_all(m, cards, filter, viewer, anchor));
}

uint64_t bsk_match_filter_all(const bsk_match *m, const bsk_card_table *cards, int filter, int viewer, int anchor)
{
    if (filter < 0 || filter >= cards->filter_count || viewer < 0 || viewer >= m->unit_count)
        return 0;
    return engine_filter_all(m, cards, filter, viewer, anchor >= 0 && anchor < m->unit_count ? anchor : -1);
}
