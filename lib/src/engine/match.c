/* match.c — the public face of the engine (match.h): who acts, the legal actions, applying one,
 * the canonical hash (DESIGN §5: FNV-1a over a little-endian serialisation) and queries. */
#include "engine.h"

#include <stdio.h>
#include <string.h>

const char *bsk_phase_id(int phase)
{
    static const char *ids[BSK_PHASE_COUNT] = {"roll", "redeal", "recruit", "place", "reveal", "seat",
                                               "beginning", "untap", "choice", "execution", "end", "over"};
    return phase >= 0 && phase < BSK_PHASE_COUNT ? ids[phase] : NULL;
}

int bsk_match_to_act(const bsk_match *m)
{
    return m->result.over || m->question == Q_NONE ? 0 : m->priority;
}

int bsk_match_legal(const bsk_match *m, const bsk_card_table *cards, bsk_action *out, int capacity)
{
    if (m->result.over || m->question == Q_NONE)
        return 0;
    if (m->phase < BSK_PHASE_BEGINNING)
        return engine_prelim_legal(m, cards, out, capacity);
    return engine_battle_legal(m, cards, out, capacity);
}

bsk_status bsk_match_check(const bsk_match *m, const bsk_card_table *cards, const bsk_action *a, bsk_error *error)
{
    bsk_match copy = *m;
    return bsk_match_apply(&copy, cards, a, NULL, error);
}

static bsk_status apply(bsk_match *m, const bsk_card_table *cards, const bsk_action *a, bool trusted,
                        bsk_events *events, bsk_error *error)
{
    if (m->result.over)
        return bsk_error_set(error, BSK_ERR_INVALID, "602.1", "the game is over");
    if (m->question == Q_NONE)
        return bsk_error_set(error, BSK_ERR_INVALID, "303.1", "no player is asked anything");
    if (a->player != m->priority)
        return bsk_error_set(error, BSK_ERR_INVALID, "303.1", "player %d is not the one to act (player %d is)",
                             a->player, m->priority);
    bsk_status status = m->phase < BSK_PHASE_BEGINNING ? engine_prelim_apply(m, cards, a, trusted, events, error)
                                                      : engine_battle_apply(m, cards, a, trusted, events, error);
    if (status != BSK_OK)
        return status;
    m->actions++;
    engine_run(m, cards, events);
    return BSK_OK;
}

bsk_status bsk_match_apply(bsk_match *m, const bsk_card_table *cards, const bsk_action *a, bsk_events *events,
                           bsk_error *error)
{
    return apply(m, cards, a, false, events, error);
}

void bsk_match_apply_legal(bsk_match *m, const bsk_card_table *cards, const bsk_action *a, bsk_events *events)
{
    bsk_error error;
    bsk_status status = apply(m, cards, a, true, events, &error);
    BSK_ASSERT(status == BSK_OK);
    (void)status;
}

/* ---- The canonical hash (DESIGN §5) ---- */

/* A new field of the state must go into bsk_match_hash (or be derived, and say so in match.h):
 * these sizes change with any field, and whoever changes them reads this. */
_Static_assert(sizeof(bsk_unit) == 18, "add the new field of bsk_unit to bsk_match_hash");
_Static_assert(sizeof(bsk_effect) == 10, "add the new field of bsk_effect to bsk_match_hash");
_Static_assert(sizeof(bsk_granted_x) == 2, "add the new field of bsk_granted_x to bsk_match_hash");
_Static_assert(sizeof(bsk_match_result) == 6, "add the new field of bsk_match_result to bsk_match_hash");
_Static_assert(sizeof(bsk_stack_entry) == 20, "add the new field of bsk_stack_entry to bsk_match_hash");
_Static_assert(sizeof(bsk_pending) == 4, "add the new field of bsk_pending to bsk_match_hash");
_Static_assert(sizeof(bsk_match_side) == 244, "add the new field of bsk_match_side to bsk_match_hash");
_Static_assert(sizeof(bsk_choice) == 16, "add the new field of bsk_choice to bsk_match_hash");
_Static_assert(sizeof(bsk_delayed) == 8, "add the new field of bsk_delayed to bsk_match_hash");
_Static_assert(sizeof(bsk_acquired) == 4, "add the new field of bsk_acquired to bsk_match_hash");
_Static_assert(sizeof(bsk_named_marker) == 4, "add the new field of bsk_named_marker to bsk_match_hash");
_Static_assert(sizeof(bsk_cell_marker) == 4, "add the new field of bsk_cell_marker to bsk_match_hash");
_Static_assert(sizeof(bsk_match) == 4016, "add the new field of bsk_match to bsk_match_hash");
/* bsk_match.rebuff (issue 21, hashed below) took the header's one padding byte, so the size above
 * stayed; with the header's small fields now packed, the next one added moves it again */
_Static_assert(offsetof(bsk_match, rebuff) + 1 == offsetof(bsk_match, declarations),
               "bsk_match's header has a padding byte again: add its new field to bsk_match_hash");

typedef struct hasher {
    uint64_t h;
} hasher;

static void put(hasher *s, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        s->h ^= p[i];
        s->h *= 0x100000001b3ull;
    }
}

static void put8(hasher *s, int v)
{
    unsigned char b = (unsigned char)v;
    put(s, &b, 1);
}

static void put64(hasher *s, uint64_t v)
{
    unsigned char b[8];
    for (int i = 0; i < 8; i++)
        b[i] = (unsigned char)(v >> (8 * i));
    put(s, b, 8);
}

uint64_t bsk_match_hash(const bsk_match *m)
{
    hasher s = {0xcbf29ce484222325ull};
    for (int i = 0; i < 4; i++)
        put64(&s, m->dice.rng.state[i]);
    put8(&s, m->dice.script_len);
    put(&s, m->dice.script, m->dice.script_len);
    put8(&s, m->dice.script_pos);
    put8(&s, m->dice.flags);
    put8(&s, m->phase);
    put8(&s, m->turn);
    put8(&s, m->active);
    put8(&s, m->first);
    put8(&s, m->priority);
    put8(&s, m->passes);
    put8(&s, m->question);
    put8(&s, m->step_done);
    put64(&s, m->declarations);
    put64(&s, m->actions);
    put(&s, m->at, sizeof m->at);
    put8(&s, m->result.over);
    put8(&s, m->result.winner);
    put8(&s, m->result.by_cap);
    put8(&s, m->result.cap_actions);
    put8(&s, m->result.reason);
    const int params[8] = {m->params.gold, m->params.silver, m->params.second_player_gold,
                           m->params.second_player_silver, m->params.deal, m->params.flyer_budget,
                           m->params.cells, m->params.redeal_gold};
    for (int i = 0; i < 8; i++)
        put64(&s, (uint64_t)(int64_t)params[i]);
    for (int p = 0; p < 2; p++) {
        const bsk_match_side *d = &m->sides[p];
        put8(&s, d->deck_count);
        put(&s, d->deck, d->deck_count);
        put8(&s, d->deal_count);
        put(&s, d->deal, d->deal_count);
        put8(&s, d->taken_count);
        put(&s, d->taken, d->taken_count);
        put(&s, d->paid_gold, d->taken_count);
        put(&s, d->paid_silver, d->taken_count);
        put8(&s, d->redeals);
        put8(&s, d->redeal_done);
        put8(&s, d->recruit_done);
        put8(&s, d->placed);
        put8(&s, d->extra_count);
        put8(&s, d->lost_flag);
        put8(&s, d->can_finish);
        put64(&s, d->can_take);
        if (d->before_gold || d->before_state) { /* prebattle12 (issue 23): the 403.1 step's, only when set */
            put8(&s, 'B');
            put8(&s, d->before_gold);
            put8(&s, d->before_state);
        }
    }
    put8(&s, m->unit_count);
    for (int i = 0; i < m->unit_count; i++) {
        const bsk_unit *u = &m->units[i];
        const uint8_t f[16] = {u->slot, u->owner, u->zone, (uint8_t)u->cell, u->flags, u->actions, u->wounds,
                               (uint8_t)u->move_left, u->counters, u->poison, (uint8_t)u->host, u->extra_order,
                               u->armor_used, u->grant_turn, u->died_turn, (uint8_t)u->extra_life};
        put(&s, f, sizeof f);
    }
    put8(&s, m->stack_count);
    put8(&s, m->queue_count);
    const bsk_stack_entry *lists[2] = {m->stack, m->queue};
    const int counts[2] = {m->stack_count, m->queue_count};
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < counts[l]; i++) {
            const bsk_stack_entry *e = &lists[l][i];
            const uint8_t f[17] = {e->kind, e->step, e->player, (uint8_t)e->source, (uint8_t)e->target,
                                   (uint8_t)e->final_target, (uint8_t)e->cell, (uint8_t)e->guard,
                                   (uint8_t)e->ability, (uint8_t)e->roll[0], (uint8_t)e->roll[1],
                                   (uint8_t)e->strength[0], (uint8_t)e->strength[1], e->flags, e->magnitude[0],
                                   e->magnitude[1], e->flags2};
            put(&s, f, sizeof f);
            if (e->group) { /* group3 (issue 22): its group target's cards, only when it has one */
                put8(&s, 'G');
                put64(&s, m->groups[e->group - 1]);
            }
            if (e->x) { /* an X-counter cost's X, only when chosen (543.2) */
                put8(&s, 'X');
                put8(&s, e->x);
            }
            if (e->flags3) { /* times3 (issue 22): 540.4's not tapping, only when set */
                put8(&s, 'T');
                put8(&s, e->flags3);
            }
        }
    put8(&s, m->pending_count);
    for (int i = 0; i < m->pending_count; i++) {
        const bsk_pending *p = &m->pending[i];
        const uint8_t f[4] = {(uint8_t)p->unit, p->feature, (uint8_t)p->target, p->player};
        put(&s, f, sizeof f);
    }
    /* last and only when set, so that the hashes of games (never set) stay what they were */
    if (m->ask_choice)
        put8(&s, m->ask_choice);
    if (m->choice.what != BSK_CHOOSE_NONE) { /* a feature's question: only while one is asked */
        const uint8_t f[4] = {m->choice.what, m->choice.player, (uint8_t)m->choice.pending, m->choice.mode};
        put(&s, f, sizeof f);
        put64(&s, m->choice.allowed);
        if (m->choice.group) { /* turn10: a trigger's «до N» group being chosen */
            put8(&s, m->choice.group);
            put64(&s, m->groups[m->choice.group - 1]);
        }
    }
    /* issue 21: the effects cap, the effects, what units acquired or lost; each after its own tag
     * and only when there is one, for the same reason (a unit's extra life is its byte above, 0
     * before) */
    if (m->result.cap_effects)
        put8(&s, 'C');
    if (m->result.cap_effects > BSK_CAP_EFFECTS)
        put8(&s, m->result.cap_effects); /* which capacity (the effects' hash as before) */
    if (m->effect_count) {
        put8(&s, 'E');
        put8(&s, m->effect_count);
        for (int i = 0; i < m->effect_count; i++) {
            const bsk_effect *e = &m->effects[i];
            const uint8_t f[9] = {(uint8_t)e->source, (uint8_t)e->feature, e->op, e->what, (uint8_t)e->value,
                                  e->filter, (uint8_t)e->who, e->duration, e->until};
            put(&s, f, sizeof f);
        }
        for (int i = 0; i < m->effect_count; i++)
            if (m->effects[i].from) { /* branch shield6: a later start, only when there is one */
                put8(&s, 'F');
                put8(&s, i);
                put8(&s, m->effects[i].from);
            }
    }
    for (int i = 0; i < m->unit_count; i++) {
        const bsk_granted_x *x = m->granted_x[i];
        if (!m->granted[i] && !m->lost[i])
            continue; /* granted_x is set only with its granted bit */
        put8(&s, 'U');
        put8(&s, i);
        put64(&s, m->granted[i]);
        put64(&s, m->lost[i]);
        for (int k = 0; k < BSK_UNIT_GRANTED_X_MAX; k++) {
            put8(&s, x[k].keyword);
            put8(&s, x[k].x);
        }
    }
    /* issue 21 §2: incarnation tokens (536.7.1), after their tag and only on a unit that has them */
    for (int i = 0; i < m->unit_count; i++)
        if (m->units[i].incarnation || m->units[i].flags2) {
            put8(&s, 'I');
            put8(&s, i);
            put8(&s, m->units[i].incarnation);
            put8(&s, m->units[i].flags2);
        }
    for (int i = 0; i < m->unit_count; i++) /* 509.3: the cell a card died on, only when kept */
        if (m->died_cell[i]) {
            put8(&s, 'C');
            put8(&s, i);
            put8(&s, m->died_cell[i]);
        }
    if (m->form[0] | m->form[1]) { /* the werewolf forms (extension): only when one is set */
        put8(&s, 'F');
        put64(&s, m->form[0]);
        put64(&s, m->form[1]);
    }
    if (m->rebuff) { /* rebuff (extension): only while a player's is active */
        put8(&s, 'R');
        put8(&s, m->rebuff);
    }
    /* static2 (issue 22): the delayed effects waiting, after their tag and only when one waits */
    if (m->delayed_count) {
        put8(&s, 'D');
        put8(&s, m->delayed_count);
        for (int i = 0; i < m->delayed_count; i++) {
            const bsk_delayed *d = &m->delayed[i];
            const uint8_t f[7] = {(uint8_t)d->source, d->feature, d->from, d->when, d->turn, d->player,
                                  (uint8_t)d->target};
            put(&s, f, sizeof f);
        }
    }
    /* issue 22: the execution markers of the limits (545.7), after their tag and only on a unit
     * that has one */
    for (int i = 0; i < m->unit_count; i++)
        if (m->used[i]) {
            put8(&s, 'L');
            put8(&s, i);
            put64(&s, m->used[i]);
        }
    /* branch posio (issue 22 §2): acquired features and named markers, after their tags, only when in use */
    if (m->acquired_count) {
        put8(&s, 'A');
        put8(&s, m->acquired_count);
        for (int j = 0; j < m->acquired_count; j++) {
            put8(&s, m->acquired[j].until);
            put8(&s, (uint8_t)m->acquired[j].unit);
            put8(&s, m->acquired[j].slot);
            put8(&s, m->acquired[j].feature);
        }
        /* acquired4: their execution markers (545.7), after their tag, only when one is placed */
        uint32_t used;
        memcpy(&used, m->acquired_used, sizeof used);
        if (used) {
            put8(&s, 'U');
            put(&s, m->acquired_used, sizeof m->acquired_used);
        }
    }
    if (m->named_count) {
        put8(&s, 'N');
        put8(&s, m->named_count);
        for (int j = 0; j < m->named_count; j++) {
            put8(&s, m->named_markers[j].count);
            put8(&s, (uint8_t)m->named_markers[j].unit);
            /* group3: the placer in the name's high bits (names < 16), 0 when not recorded: hashes stay */
            put8(&s, (uint8_t)(m->named_markers[j].name | m->named_markers[j].by << 6));
        }
    }
    /* events3 (issue 22): the heals of the turn and the battle (545.8), only when one is counted */
    if (m->heals[0][0] | m->heals[0][1] | m->heals[1][0] | m->heals[1][1]) {
        put8(&s, 'H');
        put(&s, &m->heals[0][0], 4);
    }
    /* cell7 (issue 23): the named markers on cells, after their tag, only when one is there */
    if (m->cell_markers_count) {
        put8(&s, 'K');
        put8(&s, m->cell_markers_count);
        for (int j = 0; j < m->cell_markers_count; j++) {
            const bsk_cell_marker *c = &m->cell_markers[j];
            const uint8_t f[4] = {c->count, (uint8_t)c->cell, c->name, c->until};
            put(&s, f, sizeof f);
        }
    }
    return s.h;
}

void bsk_match_hash_format(uint64_t hash, char out[17])
{
    snprintf(out, 17, "%016llx", (unsigned long long)hash);
}

/* ---- Queries ---- */

const bsk_match_result *bsk_match_result_get(const bsk_match *m) { return &m->result; }

int bsk_match_unit_used(const bsk_match *m, int unit, int feature)
{
    if (unit < 0 || unit >= m->unit_count || feature < 0 || feature >= BSK_FEATURE_LIMITED_MAX)
        return 0;
    return (int)(m->used[unit] >> (BSK_FEATURE_LIMIT_BITS * feature)) & BSK_FEATURE_LIMIT_COUNT_MAX;
}

const bsk_choice *bsk_match_choice(const bsk_match *m)
{
    return m->question == Q_CHOOSE && !m->result.over ? &m->choice : NULL;
}

const char *bsk_match_direction_id(int direction)
{
    static const char *const ids[4] = {"forward", "back", "left", "right"};
    return direction >= 0 && direction < 4 ? ids[direction] : NULL;
}

int bsk_match_deck_option(const bsk_match *m, int option)
{
    const bsk_choice *c = bsk_match_choice(m);
    if (!c || c->what != BSK_CHOOSE_DECK || m->priority < 1 || m->priority > 2)
        return -1;
    const bsk_match_side *side = &m->sides[m->priority - 1];
    return option >= 0 && option < side->deck_count && option != BSK_DECK_OPTION_NONE ? side->deck[option] : -1;
}

int bsk_match_unit_life(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return engine_unit_life(m, cards, unit);
}

int bsk_match_unit_at(const bsk_match *m, int cell)
{
    return cell >= 0 && cell < BSK_BOARD_CELLS ? m->at[cell] : -1;
}

void bsk_match_unit_place(const bsk_match *m, int unit, char out[8])
{
    out[0] = '\0';
    if (unit < 0 || unit >= m->unit_count)
        return;
    const bsk_unit *u = &m->units[unit];
    if (u->zone == BSK_ZONE_BATTLEFIELD && u->cell >= 0) {
        char cell[4];
        bsk_cell_format(u->cell, cell);
        /* a seated symbiote shares its host's cell (211.9): "c3s" names it, "c3" the host; an
         * incorporeal creature that moved onto an occupied cell is its second card, "c3i" (524.2) */
        snprintf(out, 8, "%s%s", cell, u->host >= 0 ? "s" : m->at[u->cell] != unit ? "i" : "");
    } else if (u->zone == BSK_ZONE_EXTRA) {
        /* DESIGN §2: places numbered in the order the cards entered the zone, among those there */
        int k = 1;
        for (int i = 0; i < m->unit_count; i++)
            if (m->units[i].owner == u->owner && m->units[i].zone == BSK_ZONE_EXTRA &&
                m->units[i].extra_order < u->extra_order)
                k++;
        snprintf(out, 8, "%dx%d", u->owner & 3, k & 63);
    }
}

int bsk_match_place_unit(const bsk_match *m, int player, const char *place)
{
    if (!place || !place[0])
        return -1;
    int cell = bsk_cell_parse(place);
    if (cell >= 0)
        return m->at[cell];
    size_t length = strlen(place);
    if (length == 3 && (place[2] == 's' || place[2] == 'i')) {
        /* the symbiote seated on the card of a cell (211.9); the second card of a cell (524.2) */
        char text[3] = {place[0], place[1], '\0'};
        cell = bsk_cell_parse(text);
        for (int i = 0; cell >= 0 && i < m->unit_count; i++)
            if (m->units[i].zone == BSK_ZONE_BATTLEFIELD && m->units[i].cell == cell &&
                (place[2] == 's' ? m->units[i].host >= 0 : m->units[i].host < 0 && m->at[cell] != i))
                return i;
        return -1;
    }
    int owner = player, k = 0;
    const char *p = place;
    if (p[0] == '1' || p[0] == '2') {
        owner = p[0] - '0';
        p++;
    }
    if (p[0] != 'x')
        return -1;
    for (p++; *p >= '0' && *p <= '9'; p++) {
        k = k * 10 + (*p - '0');
        if (k > 99)
            return -1;
    }
    if (*p || k < 1)
        return -1;
    for (int i = 0; i < m->unit_count; i++) {
        const bsk_unit *u = &m->units[i];
        if (u->owner != owner || u->zone != BSK_ZONE_EXTRA)
            continue;
        int rank = 1;
        for (int j = 0; j < m->unit_count; j++)
            if (m->units[j].owner == owner && m->units[j].zone == BSK_ZONE_EXTRA &&
                m->units[j].extra_order < u->extra_order)
                rank++;
        if (rank == k)
            return i;
    }
    return -1;
}
