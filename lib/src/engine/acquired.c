/* acquired.c — branch posio (issue 22 §2): features a card has acquired from another card (glossary
 * §1.6 «Получает [текст]»: bsk_match.acquired) and named markers (glossary §2.7 `named:<name>`:
 * bsk_match.named_markers). Both are small fixed tables in the state, hashed only when in use, with
 * a count as their fast exit. */
#include "engine.h"

#include <string.h>

/* ---- Acquired features ---- */

static void acquired_markers_set(bsk_match *m, int j, int n);

/* mark9 (issue 23): the card table slot whose feature acquired entry j is — a unit marker's entry keeps the unit that
 * placed the marker in `slot` (BSK_ACQUIRED_MARKER), whose card it is. */
int engine_acquired_slot(const bsk_match *m, int j)
{
    const bsk_acquired *a = &m->acquired[j];
    return a->feature & BSK_ACQUIRED_MARKER ? m->units[a->slot].slot : a->slot;
}

/* mark9: 1 + the unit that placed the unit marker whose feature acquired entry j is (544.4), 0 for another entry. */
int engine_acquired_placer(const bsk_match *m, int j)
{
    const bsk_acquired *a = &m->acquired[j];
    return a->until && (a->feature & BSK_ACQUIRED_MARKER) ? a->slot + 1 : 0;
}

const bsk_feature *engine_unit_feature(const bsk_match *m, const bsk_card_table *cards, int unit, int k)
{
    if (unit < 0 || unit >= m->unit_count || k < 0)
        return NULL;
    if (k < BSK_FEATURE_ACQUIRED) {
        int count;
        const bsk_feature *f = bsk_card_table_features(cards, m->units[unit].slot, &count);
        return k < count ? &f[k] : NULL;
    }
    if (k >= BSK_FEATURE_CELL_MARKER) { /* mark9 (issue 23): the feature a cell marker carries, heard as its placer's */
        int c = k - BSK_FEATURE_CELL_MARKER;
        if (c >= m->cell_markers_count || !m->cell_markers[c].count || engine_cell_marker_source(m, cards, c) != unit)
            return NULL;
        int count, at = engine_marker_feature(cards, m->units[unit].slot,
                                              m->cell_markers[c].name & ((1u << BSK_CELL_MARKER_BY_SHIFT) - 1u));
        const bsk_feature *f = bsk_card_table_features(cards, m->units[unit].slot, &count);
        return at >= 0 ? &f[at] : NULL;
    }
    int j = k - BSK_FEATURE_ACQUIRED;
    if (j >= m->acquired_count || !m->acquired[j].until || m->acquired[j].unit != unit)
        return NULL;
    int count, feature = m->acquired[j].feature & ~BSK_ACQUIRED_MARKER;
    const bsk_feature *f = bsk_card_table_features(cards, engine_acquired_slot(m, j), &count);
    return feature < count ? &f[feature] : NULL;
}

uint64_t engine_acquired_activated_units(const bsk_match *m, const bsk_card_table *cards)
{
    uint64_t set = 0;
    for (int j = 0; j < m->acquired_count; j++) {
        const bsk_acquired *a = &m->acquired[j];
        if (!a->until)
            continue;
        int slot = engine_acquired_slot(m, j), feature = a->feature & ~BSK_ACQUIRED_MARKER;
        uint32_t activated = slot < cards->count ? cards->activated[slot] : 0;
        if ((activated >> 31) || (feature < 31 && ((activated >> feature) & 1u)))
            set |= 1ull << a->unit; /* bit 31: a card with one past index 30 is always asked */
    }
    return set;
}

bool engine_unit_any_feature(const bsk_match *m, const bsk_card_table *cards, int unit,
                             bool (*holds)(const bsk_feature *f))
{
    int count;
    const bsk_feature *own = bsk_card_table_features(cards, m->units[unit].slot, &count);
    for (int k = 0; k < count; k++)
        if (!(own[k].marker | own[k].given) && holds(&own[k])) /* farro13: a marker's or a given one is not its own */
            return true;
    for (int j = 0; j < m->acquired_count; j++)
        if (m->acquired[j].until && m->acquired[j].unit == unit) {
            const bsk_feature *f = engine_unit_feature(m, cards, unit, BSK_FEATURE_ACQUIRED + j);
            if (f && holds(f))
                return true;
        }
    return false;
}

int engine_acquire(bsk_match *m, const bsk_card_table *cards, int unit, int slot, int feature, int until)
{
    if (slot < 0 || slot >= cards->count || feature < 0 || feature >= cards->entries[slot].feature_count)
        return -1;
    int free = -1;
    for (int j = 0; j < BSK_MATCH_ACQUIRED_MAX; j++) {
        bsk_acquired *a = &m->acquired[j];
        if (!a->until) {
            if (free < 0)
                free = j;
            continue;
        }
        if (a->unit == unit && engine_acquired_slot(m, j) == slot && a->feature == feature) { /* 518.2: it has it already */
            if (until == BSK_ACQUIRED_BATTLE || (a->until != BSK_ACQUIRED_BATTLE && until > a->until))
                a->until = (uint8_t)until; /* the longer duration stays */
            return j;
        }
    }
    if (free < 0) {
        engine_effects_cap(m); /* DESIGN §5: a draw by cap, never a silent drop */
        return -1;
    }
    m->acquired[free] = (bsk_acquired){(uint8_t)until, (int8_t)unit, (uint8_t)slot, (uint8_t)feature};
    acquired_markers_set(m, free, 0); /* acquired4: a new acquired feature, no marker yet */
    if (free >= m->acquired_count)
        m->acquired_count = (uint8_t)(free + 1);
    return free;
}

/* ---- mark9 (issue 23): features carried by named markers (544.1, 544.4, 544.5) ---- */

int engine_marker_feature(const bsk_card_table *cards, int slot, int name)
{
    if (slot < 0 || slot >= cards->count || !cards->marker_listen)
        return -1;
    int count;
    const bsk_feature *f = bsk_card_table_features(cards, slot, &count);
    for (int k = 0; k < count && k < BSK_ACQUIRED_MARKER; k++)
        if (f[k].marker == name + 1)
            return k;
    return -1;
}

int engine_acquire_marker(bsk_match *m, const bsk_card_table *cards, int unit, int placer, int feature, int until)
{
    /* 544.2, 544.5: every marker is a feature of its own, so an equal one is not merged (518.2 does not apply) */
    if (feature < 0 || feature >= BSK_ACQUIRED_MARKER || feature >= cards->entries[m->units[placer].slot].feature_count)
        return -1;
    int free = -1;
    for (int j = 0; j < BSK_MATCH_ACQUIRED_MAX && free < 0; j++)
        if (!m->acquired[j].until)
            free = j;
    if (free < 0) {
        engine_effects_cap(m); /* DESIGN §5: a draw by cap, never a silent drop */
        return -1;
    }
    m->acquired[free] =
        (bsk_acquired){(uint8_t)until, (int8_t)unit, (uint8_t)placer, (uint8_t)(feature | BSK_ACQUIRED_MARKER)};
    acquired_markers_set(m, free, 0);
    if (free >= m->acquired_count)
        m->acquired_count = (uint8_t)(free + 1);
    return free;
}

int engine_acquire_given(bsk_match *m, const bsk_card_table *cards, int unit, int giver, int feature, int until)
{
    /* farro13 (issue 23): a mark9 entry (the giving unit in `slot`), merged with an equal one as engine_acquire does
     * (518.2: the same feature from the same card is had once; the longer duration stays) */
    if (feature < 0 || feature >= BSK_ACQUIRED_MARKER || feature >= cards->entries[m->units[giver].slot].feature_count)
        return -1;
    for (int j = 0; j < m->acquired_count; j++) {
        bsk_acquired *a = &m->acquired[j];
        if (a->until && a->unit == unit && a->slot == giver && a->feature == (feature | BSK_ACQUIRED_MARKER)) {
            if (until == BSK_ACQUIRED_BATTLE || (a->until != BSK_ACQUIRED_BATTLE && until > a->until))
                a->until = (uint8_t)until;
            return j;
        }
    }
    return engine_acquire_marker(m, cards, unit, giver, feature, until);
}

/* The unit a cell marker's feature is heard as (544.1: the cell has it; 544.3: its placer's squad): the first card of
 * the placing player's, in unit order, whose card has the feature that marker's name carries, one in the battle zone
 * before one outside it; -1 when none (or the placer was not recorded). */
int engine_cell_marker_source(const bsk_match *m, const bsk_card_table *cards, int c)
{
    const bsk_cell_marker *e = &m->cell_markers[c];
    int by = e->name >> BSK_CELL_MARKER_BY_SHIFT, name = e->name & ((1u << BSK_CELL_MARKER_BY_SHIFT) - 1u), other = -1;
    if (!by || !e->count || !cards->marker_listen)
        return -1;
    for (int i = 0; i < m->unit_count; i++)
        if (m->units[i].owner == by && engine_marker_feature(cards, m->units[i].slot, name) >= 0) {
            if (engine_in_battle(&m->units[i]))
                return i;
            if (other < 0)
                other = i;
        }
    return other;
}

/* ---- acquired4 (issue 22 §1): limits on acquired features ----
 * 545.7: «сколько раз за ход или за бой карта может выполнить определённую особенность … карта получает
 * специальный маркер»: the card that executes an acquired feature is its holder, so the markers are the
 * holder's, counted per acquired entry (a second holder has its own entry and its own count; the source
 * card's own feature is another card's and counts in its bsk_match.used). 119.2: an acquired feature is
 * used as an own one. They go with the entry (205.4, 206.4, 204.4: the acquired feature itself goes). */
int engine_acquired_markers(const bsk_match *m, int j)
{
    if (j < 0 || j >= BSK_MATCH_ACQUIRED_MAX)
        return 0;
    return (m->acquired_used[j >> 1] >> ((j & 1) * BSK_FEATURE_LIMIT_BITS)) & BSK_FEATURE_LIMIT_COUNT_MAX;
}

static void acquired_markers_set(bsk_match *m, int j, int n)
{
    int shift = (j & 1) * BSK_FEATURE_LIMIT_BITS;
    m->acquired_used[j >> 1] = (uint8_t)((m->acquired_used[j >> 1] & ~(BSK_FEATURE_LIMIT_COUNT_MAX << shift)) |
                                         (n << shift));
}

void engine_acquired_mark(bsk_match *m, int j)
{
    int n = engine_acquired_markers(m, j);
    if (j >= 0 && j < m->acquired_count && m->acquired[j].until && n < BSK_FEATURE_LIMIT_COUNT_MAX)
        acquired_markers_set(m, j, n + 1);
}

void engine_acquired_new_turn(bsk_match *m, const bsk_card_table *cards)
{
    /* 409.2: «все карты обоих игроков теряют … маркеры выполнения "X раз за ход"» */
    for (int j = 0; j < m->acquired_count; j++) {
        if (!engine_acquired_markers(m, j))
            continue;
        const bsk_feature *f = engine_unit_feature(m, cards, m->acquired[j].unit, BSK_FEATURE_ACQUIRED + j);
        if (!f || f->limit_per == BSK_LIMIT_TURN)
            acquired_markers_set(m, j, 0);
    }
}

/* acquired_count back to one past the last entry in use. */
static void acquired_trim(bsk_match *m)
{
    while (m->acquired_count > 0 && !m->acquired[m->acquired_count - 1].until)
        m->acquired_count--;
}

void engine_acquired_left_play(bsk_match *m, const bsk_card_table *cards, int unit, int zone)
{
    for (int j = 0; j < m->acquired_count; j++)
        if (m->acquired[j].until && m->acquired[j].unit == unit) {
            /* acquired4: 205.4 «пропадают … приобретённые особенности, кроме … особенностей, которые согласно
             * тексту должны работать на кладбище»: its own «при гибели – [текст]» works there (201.2.3), and
             * 201.2.4 has the dead card declare it with its acquired features */
            const bsk_feature *f = zone == BSK_ZONE_GRAVEYARD
                                       ? engine_unit_feature(m, cards, unit, BSK_FEATURE_ACQUIRED + j)
                                       : NULL;
            if (f && f->kind == BSK_FEATURE_TRIGGERED && f->event == BSK_ON_DEATH && f->role == BSK_ROLE_SELF)
                continue;
            memset(&m->acquired[j], 0, sizeof m->acquired[j]);
            acquired_markers_set(m, j, 0); /* acquired4: its markers go with it */
        }
    acquired_trim(m);
    for (int j = 0; j < m->named_count; j++) /* 503.1 g: markers go when a card leaves the battle zone */
        if (m->named_markers[j].count && m->named_markers[j].unit == unit)
            memset(&m->named_markers[j], 0, sizeof m->named_markers[j]);
    while (m->named_count > 0 && !m->named_markers[m->named_count - 1].count)
        m->named_count--;
}

void engine_acquired_end_turn(bsk_match *m)
{
    for (int j = 0; j < m->acquired_count; j++)
        if (m->acquired[j].until && m->acquired[j].until != BSK_ACQUIRED_BATTLE && m->acquired[j].until <= m->turn) {
            memset(&m->acquired[j], 0, sizeof m->acquired[j]); /* 413.3 */
            acquired_markers_set(m, j, 0);
        }
    acquired_trim(m);
}

int bsk_match_unit_acquired(const bsk_match *m, const bsk_card_table *cards, int unit, int *slots, int *srcs,
                            int max)
{
    int n = 0;
    for (int j = 0; j < m->acquired_count; j++) {
        if (!m->acquired[j].until || m->acquired[j].unit != unit)
            continue;
        const bsk_feature *f = engine_unit_feature(m, cards, unit, BSK_FEATURE_ACQUIRED + j);
        if (n < max) {
            slots[n] = engine_acquired_slot(m, j);
            srcs[n] = f ? f->src : 0;
        }
        n++;
    }
    return n;
}

const bsk_feature *bsk_match_unit_feature(const bsk_match *m, const bsk_card_table *cards, int unit, int k)
{
    return engine_unit_feature(m, cards, unit, k);
}

int bsk_match_acquired_index(const bsk_match *m, const bsk_card_table *cards, int unit, int slot, int src)
{
    for (int j = 0; j < m->acquired_count; j++) {
        if (!m->acquired[j].until || m->acquired[j].unit != unit || (slot >= 0 && engine_acquired_slot(m, j) != slot))
            continue;
        const bsk_feature *f = engine_unit_feature(m, cards, unit, BSK_FEATURE_ACQUIRED + j);
        if (f && f->src == src)
            return BSK_FEATURE_ACQUIRED + j;
    }
    return -1;
}

int bsk_match_acquired_slot(const bsk_match *m, int k)
{
    int j = k - BSK_FEATURE_ACQUIRED;
    return j >= 0 && j < m->acquired_count && m->acquired[j].until ? engine_acquired_slot(m, j) : -1;
}

/* ---- Named markers ---- */

int engine_named_count(const bsk_match *m, int unit, int name)
{
    return engine_named_count_by(m, unit, name, 0);
}

/* group3 (issue 22): an entry is (unit, name, by); the markers of one name on a card are the sum of its
 * entries, one per placer recorded (544.3). */
int engine_named_count_by(const bsk_match *m, int unit, int name, int by)
{
    int n = 0;
    for (int j = 0; j < m->named_count; j++) {
        const bsk_named_marker *e = &m->named_markers[j];
        if (e->count && e->unit == unit && e->name == name && (!by || e->by == by))
            n += e->count;
    }
    return n;
}

void engine_named_add(bsk_match *m, int unit, int name, int delta)
{
    engine_named_add_by(m, unit, name, 0, delta);
}

void engine_named_add_by(bsk_match *m, int unit, int name, int by, int delta)
{
    int free = -1;
    for (int pass = 0; pass < (delta < 0 ? 2 : 1) && delta; pass++) /* a removal: by's own first, then any */
        for (int j = 0; j < BSK_MATCH_NAMED_MAX && delta; j++) {
            bsk_named_marker *e = &m->named_markers[j];
            if (!e->count) {
                if (free < 0 && j <= m->named_count)
                    free = j;
                continue;
            }
            if (e->unit != unit || e->name != name || (pass == 0 && e->by != by))
                continue;
            int count = e->count + delta;
            delta = delta < 0 && count < 0 ? count : 0; /* what is left to remove */
            e->count = (uint8_t)(count < 0 ? 0 : count > 99 ? 99 : count);
            if (!e->count)
                e->by = 0;
        }
    while (m->named_count > 0 && !m->named_markers[m->named_count - 1].count)
        m->named_count--;
    if (delta <= 0)
        return; /* placed on an entry of its own; 528.10: no marker left to remove */
    if (free < 0) {
        engine_effects_cap(m);
        return;
    }
    m->named_markers[free] =
        (bsk_named_marker){(uint8_t)(delta > 99 ? 99 : delta), (int8_t)unit, (uint8_t)name, (uint8_t)by};
    if (free >= m->named_count)
        m->named_count = (uint8_t)(free + 1);
}

int bsk_match_unit_named_markers(const bsk_match *m, int unit, int *names, int *counts, int max)
{
    int n = 0;
    for (int j = 0; j < m->named_count; j++)
        if (m->named_markers[j].count && m->named_markers[j].unit == unit) {
            int k = 0; /* group3: one name's entries of several placers are listed once, summed */
            while (k < n && k < max && names[k] != m->named_markers[j].name)
                k++;
            if (k < n && k < max) {
                counts[k] += m->named_markers[j].count;
                continue;
            }
            if (n < max) {
                names[n] = m->named_markers[j].name;
                counts[n] = m->named_markers[j].count;
            }
            n++;
        }
    return n;
}

/* ---- Named markers on cells (cell7, issue 23; 544.1 «выбранная карта/клетка может получить особый маркер») ----
 * An entry is (cell, name, placer, end); the markers of one name on a cell are the sum of its entries, one per
 * placer and end. 544.2: a cell may hold several equal markers; 544.3: without a counting text a card sees only
 * its own squad's. */

static int cell_marker_by(const bsk_cell_marker *e)
{
    return e->name >> BSK_CELL_MARKER_BY_SHIFT;
}

static int cell_marker_name(const bsk_cell_marker *e)
{
    return e->name & ((1u << BSK_CELL_MARKER_BY_SHIFT) - 1u);
}

int engine_cell_markers(const bsk_match *m, int cell, int name, int by)
{
    int n = 0;
    for (int j = 0; j < m->cell_markers_count; j++) {
        const bsk_cell_marker *e = &m->cell_markers[j];
        if (e->count && e->cell == cell && cell_marker_name(e) == name && (!by || cell_marker_by(e) == by))
            n += e->count;
    }
    return n;
}

static void cell_markers_trim(bsk_match *m)
{
    while (m->cell_markers_count > 0 && !m->cell_markers[m->cell_markers_count - 1].count)
        m->cell_markers_count--;
}

int engine_cell_marker_add(bsk_match *m, int cell, int name, int by, int delta, int until)
{
    if (cell < 0 || cell >= BSK_BOARD_ROWS * BSK_BOARD_COLUMNS || name < 0 || name >= BSK_MARKER_NAMES_MAX || !delta)
        return 0;
    int removed = 0, free = -1;
    for (int j = 0; j < BSK_MATCH_CELL_MARKERS_MAX; j++) {
        bsk_cell_marker *e = &m->cell_markers[j];
        if (!e->count) {
            if (free < 0 && j <= m->cell_markers_count)
                free = j;
            continue;
        }
        if (e->cell != cell || cell_marker_name(e) != name || (by && cell_marker_by(e) != by))
            continue;
        if (delta > 0 && e->until == until) { /* the same placer and end: one more on its entry */
            e->count = (uint8_t)(e->count + delta > 99 ? 99 : e->count + delta);
            return 0;
        }
        if (delta < 0) { /* 528.10: at most what there is */
            int take = -delta < e->count ? -delta : e->count;
            e->count = (uint8_t)(e->count - take);
            removed += take;
            delta += take;
            if (!e->count)
                memset(e, 0, sizeof *e);
            if (!delta)
                break;
        }
    }
    cell_markers_trim(m);
    if (delta <= 0)
        return removed;
    if (free < 0) {
        engine_effects_cap(m);
        return 0;
    }
    m->cell_markers[free] = (bsk_cell_marker){(uint8_t)(delta > 99 ? 99 : delta), (int8_t)cell,
                                              (uint8_t)(name | (by & 3) << BSK_CELL_MARKER_BY_SHIFT),
                                              (uint8_t)(until > 255 ? 255 : until)};
    if (free >= m->cell_markers_count)
        m->cell_markers_count = (uint8_t)(free + 1);
    return 0;
}

void engine_cell_markers_end_turn(bsk_match *m)
{
    for (int j = 0; j < m->cell_markers_count; j++)
        if (m->cell_markers[j].count && m->cell_markers[j].until && m->cell_markers[j].until <= m->turn)
            memset(&m->cell_markers[j], 0, sizeof m->cell_markers[j]);
    cell_markers_trim(m);
}

int bsk_match_cell_markers(const bsk_match *m, int cell, int *names, int *bys, int *counts, int max)
{
    int n = 0;
    for (int j = 0; j < m->cell_markers_count; j++) {
        const bsk_cell_marker *e = &m->cell_markers[j];
        if (!e->count || e->cell != cell)
            continue;
        int k = 0; /* one name and placer listed once, summed over their ends */
        while (k < n && k < max && (names[k] != cell_marker_name(e) || bys[k] != cell_marker_by(e)))
            k++;
        if (k < n && k < max) {
            counts[k] += e->count;
            continue;
        }
        if (n < max) {
            names[n] = cell_marker_name(e);
            bys[n] = cell_marker_by(e);
            counts[n] = e->count;
        }
        n++;
    }
    return n;
}
