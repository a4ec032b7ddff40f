/* setup.c — a new match and its preliminary phase (401–406): the 402.1 roll, shuffles and deals
 * (402.2–402.3), redeals (402.4), recruitment through the squad library (403), placement by the
 * tiers (404), reveal (405.1) and seating (405.2). Each player's choice is a question of the state. */
#include "engine.h"

#include "berserk/recruit.h"

#include <string.h>

int engine_unit_new(bsk_match *m, int slot, int player)
{
    int unit = m->unit_count++;
    bsk_unit *u = &m->units[unit];
    memset(u, 0, sizeof *u);
    u->slot = (uint8_t)slot;
    u->owner = (uint8_t)player;
    u->zone = BSK_ZONE_DECK;
    u->cell = -1;
    u->host = -1;
    m->used[unit] = 0;
    m->granted[unit] = m->lost[unit] = 0;
    memset(m->granted_x[unit], 0, sizeof m->granted_x[unit]);
    m->died_cell[unit] = 0;
    return unit;
}

/* ---- Decks and deals (402.2–402.4) ---- */

/* Fisher–Yates over card slots, drawing as bsk_rng_shuffle does (402.2). */
static void shuffle_slots(bsk_rng *rng, uint8_t *items, int count)
{
    for (int i = count - 1; i > 0; i--) {
        int j = (int)bsk_rng_below(rng, (uint32_t)i + 1);
        uint8_t t = items[i];
        items[i] = items[j];
        items[j] = t;
    }
}

/* 402.2–402.3: the deal goes back into the deck (a redeal), the deck is shuffled and dealt. */
static void deal(bsk_match *m, int player)
{
    bsk_match_side *s = engine_side(m, player);
    if (s->recruit_done)
        return; /* a ready squad: recruited already */
    for (int i = 0; i < s->deal_count; i++)
        s->deck[s->deck_count++] = s->deal[i];
    s->deal_count = 0;
    s->taken_count = 0;
    shuffle_slots(&m->dice.rng, s->deck, s->deck_count);
    int n = m->params.deal < s->deck_count ? m->params.deal : s->deck_count;
    for (int i = 0; i < n; i++)
        s->deal[i] = s->deck[i];
    memmove(s->deck, s->deck + n, (size_t)(s->deck_count - n));
    s->deck_count = (uint8_t)(s->deck_count - n);
    s->deal_count = (uint8_t)n;
}

/* The player's recruitment so far, rebuilt from the state for the squad library's checks. */
static void build_recruit(const bsk_match *m, const bsk_card_table *cards, int player, bsk_recruit *r)
{
    const bsk_match_side *s = &m->sides[player - 1];
    bsk_recruit_init(r, &m->params, player);
    for (int i = 0; i < s->redeals; i++)
        bsk_recruit_redeal(r);
    const bsk_card *dealt[BSK_MATCH_DEAL_MAX];
    for (int i = 0; i < s->deal_count; i++)
        dealt[i] = cards->entries[s->deal[i]].card;
    bsk_recruit_set_deal(r, dealt, s->deal_count);
    r->gold -= s->before_gold; /* prebattle12: 403.1 features' payments, of the recruitment's crystals (402.1) */
    for (int i = 0; i < s->taken_count; i++) /* each was checked when taken */
        bsk_recruit_take_recorded(r, s->taken[i], s->paid_gold[i], s->paid_silver[i]);
    for (int i = 0; i < (s->before_state >> 4) && i < r->squad_count; i++)
        r->locked[i] = true; /* prebattle12: taken by a 403.1 feature, kept on a cancel (403.2.4) */
}

void bsk_match_recruit_state(const bsk_match *m, const bsk_card_table *cards, int player, bsk_recruit *out)
{
    build_recruit(m, cards, player, out);
}

/* Deck A goes second: the sides swap so that sides[0] is always the first player's. */
static void seat_players(bsk_match *m)
{
    bool swapped = m->first == 2;
    if (swapped) {
        bsk_match_side t = m->sides[0];
        m->sides[0] = m->sides[1];
        m->sides[1] = t;
    }
    m->first = 1;
    /* 402.3: the decks are dealt in the order they were given, whoever goes first, so two games of
     * one seed with the seats swapped deal each deck the same cards (DESIGN §4: batch pairs) */
    deal(m, swapped ? 2 : 1);
    deal(m, swapped ? 1 : 2);
    m->phase = BSK_PHASE_REDEAL;
}

/* ---- A new match ---- */

bsk_status bsk_match_new(bsk_match *m, bsk_card_table *cards, const bsk_squad_params *params,
                         const bsk_match_deck decks[2], uint64_t seed, int first_player, bsk_error *error)
{
    memset(m, 0, sizeof *m);
    memset(m->at, -1, sizeof m->at);
    bsk_dice_init(&m->dice, seed);
    m->params = *params;
    if (params->deal > BSK_MATCH_DEAL_MAX)
        return bsk_error_set(error, BSK_ERR_LIMIT, "402.3", "a deal of %d cards; at most %d", params->deal,
                             BSK_MATCH_DEAL_MAX);
    for (int p = 0; p < 2; p++) {
        if (decks[p].count > BSK_MATCH_DECK_MAX)
            return bsk_error_set(error, BSK_ERR_LIMIT, "match.deck", "deck %d has %d cards; at most %d", p + 1,
                                 decks[p].count, BSK_MATCH_DECK_MAX);
        if (decks[p].squad && (decks[p].count < 1 || decks[p].count > params->cells ||
                               decks[p].count > BSK_MATCH_DEAL_MAX))
            return bsk_error_set(error, BSK_ERR_INVALID, "403.2.3", "squad %d has %d cards; a squad holds 1..%d",
                                 p + 1, decks[p].count, params->cells);
        if (!decks[p].squad && decks[p].count < params->deal)
            return bsk_error_set(error, BSK_ERR_INVALID, "402.3", "deck %d has %d cards, fewer than the deal of %d",
                                 p + 1, decks[p].count, params->deal);
        for (int i = 0; i < decks[p].count; i++) {
            int slot = bsk_card_table_add(cards, decks[p].cards[i]);
            if (slot < 0)
                return bsk_error_set(error, BSK_ERR_LIMIT, "match.cards", "more than %d distinct cards",
                                     BSK_CARD_TABLE_MAX);
            m->sides[p].deck[m->sides[p].deck_count++] = (uint8_t)slot;
        }
        if (decks[p].squad) { /* the whole squad is its deal, every card taken, nothing paid */
            bsk_match_side *s = &m->sides[p];
            memcpy(s->deal, s->deck, s->deck_count);
            s->deal_count = s->deck_count;
            s->deck_count = 0;
            for (int i = 0; i < s->deal_count; i++)
                s->taken[i] = (int8_t)i;
            s->taken_count = s->deal_count;
            s->redeal_done = s->recruit_done = 1;
        }
    }
    if (first_player != 1 && first_player != 2) {
        /* 402.1: both roll; equal rolls roll again; the higher roller chooses */
        int a, b;
        do {
            a = engine_roll(m, 1, -1, NULL);
            b = engine_roll(m, 2, -1, NULL);
        } while (a == b && !bsk_dice_exhausted(&m->dice));
        m->phase = BSK_PHASE_ROLL;
        m->question = Q_FIRST;
        m->priority = (uint8_t)(a > b ? 1 : 2);
        return BSK_OK;
    }
    m->first = (uint8_t)first_player;
    seat_players(m);
    engine_prelim_run(m, cards, NULL);
    return BSK_OK;
}

/* ---- The run of the preliminary phase ---- */

/* The first deal position left holding the card at `position` (the same card table slot): the
 * copies of a card are one choice, and logs name cards, so the engine always takes the first. */
static int first_copy(const bsk_recruit *r, int position)
{
    for (int i = 0; i < position; i++)
        if (r->squad_index[i] < 0 && r->deal[i] == r->deal[position])
            return i;
    return position;
}

/* The deal positions that may be taken now with the default payment (403.2.3.1), one per card. */
static uint32_t recruit_takes(const bsk_recruit *r)
{
    uint32_t takes = 0;
    for (int i = 0; i < r->deal_count; i++) {
        if (r->squad_index[i] >= 0 || first_copy(r, i) != i)
            continue; /* taken, or a copy of a card listed already: taking either is the same choice */
        bsk_recruit_result res;
        bsk_payment pay = {-1, -1};
        if (bsk_recruit_check_quiet(r, i, &pay, &res) == BSK_RECRUIT_OK)
            takes |= 1u << i;
    }
    return takes;
}

/* ---- 403.1: the step of «до набора отряда» features (prebattle12, issue 23) ---- */

enum { BEFORE_DECLINED = 1, BEFORE_TAKEN_ONE = 16, /* bsk_match_side.before_state */
       BEFORE_SECOND = 1, BEFORE_OVER = 2 };       /* m->step_done in the Recruitment subphase */

/* The card's before_recruitment feature (the table holds the running ones), NULL. */
static const bsk_feature *before_feature(const bsk_card_table *cards, int slot)
{
    int count;
    const bsk_feature *f = bsk_card_table_features(cards, slot, &count);
    for (int k = 0; k < count; k++)
        if (f[k].kind == BSK_FEATURE_TRIGGERED && f[k].event == BSK_BEFORE_RECRUITMENT)
            return &f[k];
    return NULL;
}

/* Whether a card dealt to either player has such a feature: a match without one never enters the step (no state,
 * no hash changed). */
static bool before_in_match(const bsk_match *m, const bsk_card_table *cards)
{
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < m->sides[p].deal_count; i++)
            if (before_feature(cards, m->sides[p].deal[i]))
                return true;
    return false;
}

/* 403.1: the deal positions (one per card) whose feature `p` may use now: in the deal, not in the squad, the player
 * not declined; the gold to pay left (403.2.3 a, 402.1); a feature taking its card into the squad only when that take
 * is legal (403.1.1, 403.1.2: 403.2.3.1's check, after the payment); a unique card's only when no card of its name is
 * in the squad or was put into the graveyard by one (403.1.3). */
static uint32_t before_usable(const bsk_match *m, const bsk_card_table *cards, int p, const bsk_recruit *r)
{
    const bsk_match_side *s = &m->sides[p - 1];
    if (s->before_state & BEFORE_DECLINED)
        return 0;
    uint32_t usable = 0;
    for (int i = 0; i < r->deal_count; i++) {
        const bsk_feature *f = r->squad_index[i] < 0 && first_copy(r, i) == i ? before_feature(cards, s->deal[i]) : NULL;
        if (!f || f->recruit_gold > r->gold)
            continue;
        if (r->deal[i]->unique == 1) {
            bool used = false;
            for (int u = 0; u < m->unit_count && !used; u++)
                used = m->units[u].owner == p && cards->name_class[m->units[u].slot] == cards->name_class[s->deal[i]];
            for (int k = 0; k < r->squad_count && !used; k++)
                used = cards->name_class[s->deal[r->squad[k]]] == cards->name_class[s->deal[i]];
            if (used)
                continue;
        }
        if (f->recruit_self == BSK_BEFORE_SELF_SQUAD) {
            bsk_recruit after = *r;
            after.gold -= f->recruit_gold;
            bsk_recruit_result res;
            bsk_payment pay = {-1, -1};
            if (bsk_recruit_check_quiet(&after, i, &pay, &res) != BSK_RECRUIT_OK)
                continue;
        }
        usable |= 1u << i;
    }
    return usable;
}

/* The deal positions (one per card, not in the squad) a feature's "grave" filter may put into the graveyard. */
static uint32_t before_grave_choices(const bsk_match *m, const bsk_card_table *cards, int p, const bsk_recruit *r,
                                     const bsk_feature *f)
{
    uint32_t set = 0;
    for (int i = 0; i < r->deal_count; i++)
        if (r->squad_index[i] < 0 && first_copy(r, i) == i &&
            engine_filter_slot(m, cards, f->trigger_filter, -1, -1, m->sides[p - 1].deal[i]))
            set |= 1u << i;
    return set;
}

/* 205.1: the deal card at `position` goes to its owner's graveyard (not a death): out of the deal (the positions
 * after it and the takes naming them move down one), a unit in the graveyard, open, not of the squad. */
static void deal_to_graveyard(bsk_match *m, int p, int position)
{
    bsk_match_side *s = engine_side(m, p);
    int slot = s->deal[position];
    memmove(s->deal + position, s->deal + position + 1, (size_t)(s->deal_count - position - 1));
    s->deal_count--;
    for (int k = 0; k < s->taken_count; k++)
        s->taken[k] = (int8_t)(s->taken[k] - (s->taken[k] > position));
    if (m->unit_count >= BSK_MATCH_UNITS_MAX) {
        engine_capacity_cap(m, BSK_CAP_EFFECTS);
        return;
    }
    m->units[engine_unit_new(m, slot, p)].zone = BSK_ZONE_GRAVEYARD;
}

/* 403.1 with 401.3: asks the player whose turn it is in the step (step_done's BEFORE_SECOND: the second's) to use a
 * feature or decline; a player with none to use lets the other go on. True when asked; when neither may use one the
 * step is over (BEFORE_OVER) and recruitment (403.2) begins. */
static bool before_step(bsk_match *m, const bsk_card_table *cards)
{
    if ((m->step_done & BEFORE_OVER) || !before_in_match(m, cards))
        return false;
    for (int k = 0; k < 2; k++) {
        int p = (m->step_done & BEFORE_SECOND) ? 2 : 1;
        bsk_recruit r;
        build_recruit(m, cards, p, &r);
        uint32_t usable = m->sides[p - 1].recruit_done ? 0 : before_usable(m, cards, p, &r);
        if (usable) {
            m->sides[p - 1].can_take = usable;
            m->question = Q_BEFORE;
            m->priority = (uint8_t)p;
            return true;
        }
        m->step_done ^= BEFORE_SECOND;
    }
    m->step_done = BEFORE_OVER;
    return false;
}

/* Applies a Q_BEFORE or Q_BEFORE_GRAVE answer (the legal list checked it); true when a question is asked next. */
static bool before_apply(bsk_match *m, const bsk_card_table *cards, const bsk_action *a)
{
    int p = m->priority;
    bsk_match_side *s = engine_side(m, p);
    if (a->kind == BSK_ACT_DONE) /* 403.1: declined, none for the rest of the step */
        s->before_state |= BEFORE_DECLINED;
    else if (m->question == Q_BEFORE_GRAVE)
        deal_to_graveyard(m, p, a->index);
    else {
        const bsk_feature *f = before_feature(cards, s->deal[a->index]);
        s->before_gold = (uint8_t)(s->before_gold + f->recruit_gold); /* 402.1: of the recruitment's gold */
        if (f->recruit_self == BSK_BEFORE_SELF_GRAVEYARD) {
            deal_to_graveyard(m, p, a->index);
        } else { /* 403.1.1: taken into the squad under 403.2.1-403.2.3, the default payment; kept on a cancel */
            bsk_recruit r;
            build_recruit(m, cards, p, &r);
            bsk_recruit_result res;
            bsk_payment pay = {-1, -1};
            bsk_recruit_code code = bsk_recruit_take(&r, a->index, &pay, &res);
            BSK_ASSERT(code == BSK_RECRUIT_OK); /* before_usable checked it */
            (void)code;
            s->taken[s->taken_count] = (int8_t)a->index;
            s->paid_gold[s->taken_count] = (int8_t)res.gold;
            s->paid_silver[s->taken_count] = (int8_t)res.silver;
            s->taken_count++;
            s->before_state = (uint8_t)(s->before_state + BEFORE_TAKEN_ONE);
            uint32_t grave = f->trigger_filter ? before_grave_choices(m, cards, p, &r, f) : 0;
            if (grave & (grave - 1)) { /* two or more: chosen */
                s->can_take = grave;
                m->question = Q_BEFORE_GRAVE;
                return true;
            }
            if (grave) /* one taken without asking */
                deal_to_graveyard(m, p, __builtin_ctz(grave));
        }
    }
    /* 401.3: the opponent's turn next (one who declined lets this player go on: before_step) */
    m->step_done = (uint8_t)((m->step_done & ~BEFORE_SECOND) | (p == 1 ? BEFORE_SECOND : 0));
    return false;
}

/* 403.2: asks `p` to recruit from `r` (its recruitment as it stands), or ends its recruitment when
 * taking a card is impossible: 403.2.5 when the squad is empty too. True when asked. */
static bool ask_recruit(bsk_match *m, int p, const bsk_recruit *r)
{
    bsk_recruit_result res;
    /* 403.2.3.1: what may be taken now, kept with the question for its legal list */
    uint32_t takes = recruit_takes(r);
    /* every take passed the future-state check (403.2.3.1), so a squad with a card is legal */
    bool can_end = r->squad_count > 0;
    BSK_ASSERT(!can_end || bsk_recruit_legal(r, &res) == BSK_RECRUIT_OK);
    (void)res;
    m->sides[p - 1].can_take = takes;
    m->sides[p - 1].can_finish = can_end;
    if (!takes && !can_end) {
        /* 403.2.5: no legal squad; both failing is a draw (601.3 b) */
        m->sides[p - 1].lost_flag = 1;
        m->sides[p - 1].recruit_done = 1;
        if (m->sides[0].recruit_done && m->sides[1].recruit_done) {
            bool a = m->sides[0].lost_flag, b = m->sides[1].lost_flag;
            if (a || b)
                engine_finish(m, a && b ? 0 : a ? 2 : 1, BSK_RESULT_NO_SQUAD);
        }
        return false;
    }
    if (!takes) { /* finishing is the only choice */
        m->sides[p - 1].recruit_done = 1;
        return false;
    }
    m->question = Q_RECRUIT;
    m->priority = (uint8_t)p;
    return true;
}

/* Creates the units of a player's squad (face down, unplaced) once recruitment ends (403.2.6). */
static void make_units(bsk_match *m, const bsk_card_table *cards, int player)
{
    bsk_match_side *s = engine_side(m, player);
    uint8_t left[BSK_MATCH_DEAL_MAX];
    int left_count = 0;
    bool taken[BSK_MATCH_DEAL_MAX] = {false};
    for (int i = 0; i < s->taken_count; i++) {
        taken[s->taken[i]] = true;
        bsk_unit *u = &m->units[engine_unit_new(m, s->deal[s->taken[i]], player)]; /* in the deck: not yet placed */
        u->flags = BSK_UNIT_HIDDEN | BSK_UNIT_IN_SQUAD;
        u->move_left = (int8_t)engine_char_movement(m, cards, m->unit_count - 1);
    }
    for (int i = 0; i < s->deal_count; i++)
        if (!taken[i])
            left[left_count++] = s->deal[i];
    /* 403.2.6: the rest of the deal goes back into the deck, which is shuffled */
    for (int i = 0; i < left_count; i++)
        s->deck[s->deck_count++] = left[i];
    shuffle_slots(&m->dice.rng, s->deck, s->deck_count);
    engine_derive(m, cards);
}

/* The units of `player` not yet placed, in squad order. */
static int unplaced(const bsk_match *m, int player, int8_t *out)
{
    int n = 0;
    for (int i = 0, count = m->unit_count; i < count; i++) { /* without a branch per card */
        const bsk_unit *u = &m->units[i];
        out[n] = (int8_t)i;
        n += u->owner == player && u->zone == BSK_ZONE_DECK && (u->flags & BSK_UNIT_IN_SQUAD);
    }
    return n;
}

/* The fill tiers of DESIGN §2 (404.1.2, 404.1.3) as cell bit sets; checked against
 * bsk_placement_tier by the tests. */
static const uint32_t TIERS[2][3] = {
    {(1u << 1) | (1u << 2) | (1u << 3) | (1u << 6) | (1u << 7) | (1u << 8) | (1u << 11) | (1u << 12) | (1u << 13),
     (1u << 0) | (1u << 4) | (1u << 5) | (1u << 9), (1u << 10) | (1u << 14)},
    {(0x1fu << 15) | (1u << 21) | (1u << 22) | (1u << 23) | (1u << 26) | (1u << 27) | (1u << 28),
     (1u << 20) | (1u << 24) | (1u << 25) | (1u << 29), 0}};

uint32_t engine_tier_cells(int player, int tier) { return TIERS[player - 1][tier - 1]; }

/* 404.1.4: the next card goes to the lowest tier with a free cell. */
static uint32_t place_cells(const bsk_match *m, int player)
{
    uint32_t occupied = 0;
    for (int c = 0; c < BSK_BOARD_CELLS; c++) /* without a branch: at[c] is -1 when free */
        occupied |= (uint32_t)(1u - ((uint8_t)m->at[c] >> 7)) << c;
    for (int k = 0; k < 3; k++) {
        uint32_t free_cells = TIERS[player - 1][k] & ~occupied;
        if (free_cells)
            return free_cells;
    }
    return 0;
}

/* 405.2 and 211: may `host` receive `symbiote` now? */
static bool legal_host(const bsk_match *m, const bsk_card_table *cards, int symbiote, int host)
{
    const bsk_unit *s = &m->units[symbiote], *h = &m->units[host];
    if (host == symbiote || h->zone != BSK_ZONE_BATTLEFIELD ||
        !engine_char_creature_of(m, cards, host, BSK_SUBTYPE_GROUND))
        return false;
    for (int i = 0; i < m->unit_count; i++) /* 211.6: one symbiote per creature */
        if (m->units[i].host == host && engine_in_battle(&m->units[i]))
            return false;
    bool incorporeal_host = engine_char_has(m, cards, host, BSK_KEYWORD_INCORPOREAL);
    if (incorporeal_host && !engine_char_has(m, cards, symbiote, BSK_KEYWORD_INCORPOREAL)) /* 211.5 */
        return false;
    if (engine_char_subtype(m, cards, symbiote) == BSK_SUBTYPE_COMPANION)
        return h->owner == s->owner;
    /* 405.2 c/d: a parasite goes on the opponent's creature in the opponent's front row or on
     * the parasite owner's own half */
    if (h->owner == s->owner)
        return false;
    int row = bsk_cell_row(h->cell);
    int front = s->owner == 1 ? 4 : 3;
    return row == front || bsk_cell_on_half(s->owner, h->cell);
}

/* The next symbiote to seat in 405.2 order (a: first's companions, b: second's, c: first's
 * parasites, d: second's), or -1. */
static int next_symbiote(const bsk_match *m, const bsk_card_table *cards, int *player)
{
    static const struct { uint8_t player, subtype; } order[4] = {
        {1, BSK_SUBTYPE_COMPANION}, {2, BSK_SUBTYPE_COMPANION}, {1, BSK_SUBTYPE_PARASITE}, {2, BSK_SUBTYPE_PARASITE}};
    for (int k = 0; k < 4; k++)
        for (int i = 0; i < m->unit_count; i++) {
            const bsk_unit *u = &m->units[i];
            if (u->owner == order[k].player && u->zone == BSK_ZONE_BATTLEFIELD && u->host < 0 &&
                engine_char_creature_of(m, cards, i, order[k].subtype) &&
                !(u->flags & BSK_UNIT_MARK /* no legal host: dies at 405.2 e */)) {
                *player = order[k].player;
                return i;
            }
        }
    return -1;
}

static int hosts_of(const bsk_match *m, const bsk_card_table *cards, int symbiote, int8_t *out)
{
    int n = 0;
    for (int i = 0; i < m->unit_count; i++)
        if (legal_host(m, cards, symbiote, i))
            out[n++] = (int8_t)i;
    return n;
}

static void seat(bsk_match *m, int symbiote, int host)
{
    bsk_unit *s = &m->units[symbiote];
    if (s->cell >= 0 && m->at[s->cell] == symbiote)
        engine_set_at(m, s->cell, -1);
    s->host = (int8_t)host;
    s->cell = m->units[host].cell; /* 211.9: the host's cell */
    m->units[host].flags &= (uint8_t)~BSK_UNIT_HIDDEN; /* 405.2.2 */
    s->flags &= (uint8_t)~BSK_UNIT_HIDDEN;
}

static void start_battle(bsk_match *m, const bsk_card_table *cards)
{
    /* 405.2 e: symbiotes without a host die together */
    for (int i = 0; i < m->unit_count; i++) {
        bsk_unit *u = &m->units[i];
        if (u->zone == BSK_ZONE_BATTLEFIELD && u->host < 0 && engine_char_symbiote(m, cards, i)) {
            u->flags &= (uint8_t)~BSK_UNIT_MARK;
            engine_to_zone(m, cards, i, BSK_ZONE_GRAVEYARD);
        }
    }
    /* 407.1: the battle starts with the first player's turn */
    m->turn = 1;
    m->active = 1;
    m->phase = BSK_PHASE_BEGINNING;
    m->question = Q_NONE;
    /* batl9 (issue 23): 406.1, the start of the battle first, when a card of the match has such a feature */
    m->step_done = (cards->listen_any & BSK_LISTEN(BSK_AT_BATTLE_START)) ? ENGINE_BATTLE_OPEN : 0;
}

void engine_prelim_run(bsk_match *m, const bsk_card_table *cards, bsk_events *events)
{
    (void)events;
    for (;;) {
        if (m->result.over)
            return;
        switch (m->phase) {
        case BSK_PHASE_ROLL:
            return; /* waiting for Q_FIRST */
        case BSK_PHASE_REDEAL: {
            /* 402.4.1: rounds in which the first player answers, then the second; a player who
             * keeps is out of the step (step_done: the second player's turn in this round) */
            int p = m->step_done ? 2 : 1;
            if (m->sides[p - 1].redeal_done)
                p = engine_other(p);
            if (m->sides[p - 1].redeal_done) {
                m->step_done = 0;
                m->phase = BSK_PHASE_RECRUIT;
                continue;
            }
            m->question = Q_REDEAL;
            m->priority = (uint8_t)p;
            return;
        }
        case BSK_PHASE_RECRUIT: {
            if (before_step(m, cards)) /* prebattle12 (issue 23): 403.1 first */
                return;
            int p = !m->sides[0].recruit_done ? 1 : !m->sides[1].recruit_done ? 2 : 0;
            if (!p) {
                make_units(m, cards, 1);
                make_units(m, cards, 2);
                m->phase = BSK_PHASE_PLACE;
                m->step_done = 0; /* prebattle12: the 403.1 step's state goes with the subphase */
                continue;
            }
            bsk_recruit r;
            build_recruit(m, cards, p, &r);
            if (ask_recruit(m, p, &r))
                return;
            continue;
        }
        case BSK_PHASE_PLACE: {
            if (m->sides[0].lost_flag || m->sides[1].lost_flag) {
                bool a = m->sides[0].lost_flag, b = m->sides[1].lost_flag;
                engine_finish(m, a && b ? 0 : a ? 2 : 1, BSK_RESULT_NO_SQUAD);
                return;
            }
            int8_t list[BSK_MATCH_UNITS_MAX];
            int p = unplaced(m, 1, list) ? 1 : unplaced(m, 2, list) ? 2 : 0;
            if (!p) {
                m->phase = BSK_PHASE_REVEAL;
                /* 405.1: the first player reveals everything */
                for (int i = 0; i < m->unit_count; i++)
                    if (m->units[i].owner == 1 && m->units[i].zone == BSK_ZONE_BATTLEFIELD &&
                        !engine_char_symbiote(m, cards, i))
                        engine_reveal(m, cards, i); /* 210.1, 213.1: flyers and terrains to the extra zone */
                continue;
            }
            m->question = Q_PLACE;
            m->priority = (uint8_t)p;
            return;
        }
        case BSK_PHASE_REVEAL: {
            /* the second player may keep row-6 cards hidden: asked while such a card exists */
            bool any = false;
            for (int i = 0; i < m->unit_count && !any; i++) {
                const bsk_unit *u = &m->units[i];
                any = u->owner == 2 && u->zone == BSK_ZONE_BATTLEFIELD && (u->flags & BSK_UNIT_HIDDEN) &&
                      !(u->flags & BSK_UNIT_MARK) && bsk_cell_row(u->cell) == 6 &&
                      !engine_char_symbiote(m, cards, i);
            }
            if (any && !m->step_done) {
                m->question = Q_HIDE;
                m->priority = 2;
                return;
            }
            for (int i = 0; i < m->unit_count; i++) {
                bsk_unit *u = &m->units[i];
                if (u->owner == 2 && u->zone == BSK_ZONE_BATTLEFIELD && !engine_char_symbiote(m, cards, i)) {
                    if (u->flags & BSK_UNIT_MARK) /* kept hidden: the mark is cleared */
                        u->flags &= (uint8_t)~BSK_UNIT_MARK;
                    else
                        engine_reveal(m, cards, i); /* 210.1, 213.1: flyers and terrains to the extra zone */
                }
            }
            m->phase = BSK_PHASE_SEAT;
            m->step_done = 0;
            m->question = Q_NONE;
            continue;
        }
        case BSK_PHASE_SEAT: {
            int p = 0;
            int s = next_symbiote(m, cards, &p);
            if (s < 0) {
                start_battle(m, cards);
                return;
            }
            int8_t hosts[BSK_MATCH_UNITS_MAX];
            int n = hosts_of(m, cards, s, hosts);
            if (n == 0) { /* no legal host: it dies at 405.2 e */
                m->units[s].flags |= BSK_UNIT_MARK;
                continue;
            }
            if (n == 1) { /* 405.2.1: seating is mandatory */
                seat(m, s, hosts[0]);
                continue;
            }
            m->question = Q_SEAT;
            m->priority = (uint8_t)p;
            return;
        }
        default:
            return;
        }
    }
}

int engine_prelim_legal(const bsk_match *m, const bsk_card_table *cards, bsk_action *out, int capacity)
{
    int n = 0;
    int p = m->priority;
    switch (m->question) {
    case Q_FIRST:
        engine_add(out, &n, capacity, BSK_ACT_FIRST, (uint8_t)p, -1, -1, -1, 1);
        engine_add(out, &n, capacity, BSK_ACT_FIRST, (uint8_t)p, -1, -1, -1, 2);
        break;
    case Q_REDEAL:
        engine_add(out, &n, capacity, BSK_ACT_KEEP, (uint8_t)p, -1, -1, -1, -1);
        engine_add(out, &n, capacity, BSK_ACT_REDEAL, (uint8_t)p, -1, -1, -1, -1);
        break;
    case Q_RECRUIT: { /* computed when the question was asked */
        const bsk_match_side *side = &m->sides[p - 1];
        for (uint32_t takes = side->can_take; takes; takes &= takes - 1)
            engine_add(out, &n, capacity, BSK_ACT_TAKE, (uint8_t)p, -1, -1, -1, __builtin_ctz(takes));
        if (side->can_finish)
            engine_add(out, &n, capacity, BSK_ACT_DONE, (uint8_t)p, -1, -1, -1, -1);
        break;
    }
    case Q_BEFORE: /* prebattle12 (issue 23): 403.1, computed when asked; declining is "done" */
    case Q_BEFORE_GRAVE: /* the card put into the graveyard: no decline */
        for (uint32_t usable = m->sides[p - 1].can_take; usable; usable &= usable - 1)
            engine_add(out, &n, capacity, BSK_ACT_BEFORE, (uint8_t)p, -1, -1, -1, __builtin_ctz(usable));
        if (m->question == Q_BEFORE)
            engine_add(out, &n, capacity, BSK_ACT_DONE, (uint8_t)p, -1, -1, -1, -1);
        break;
    case Q_PLACE: {
        int8_t list[BSK_MATCH_UNITS_MAX];
        int count = unplaced(m, p, list);
        uint32_t cells = place_cells(m, p);
        uint8_t seen[(BSK_CARD_TABLE_MAX + 7) / 8] = {0};
        for (int k = 0; k < count; k++) {
            /* one action per distinct card: placing either copy is the same choice */
            int slot = m->units[list[k]].slot;
            if (seen[slot >> 3] & (1u << (slot & 7)))
                continue;
            seen[slot >> 3] |= (uint8_t)(1u << (slot & 7));
            for (uint32_t rest = cells; rest; rest &= rest - 1)
                engine_add(out, &n, capacity, BSK_ACT_PLACE, (uint8_t)p, list[k], -1, (int8_t)__builtin_ctz(rest), -1);
        }
        break;
    }
    case Q_HIDE:
        for (int i = 0; i < m->unit_count; i++) {
            const bsk_unit *u = &m->units[i];
            if (u->owner == 2 && u->zone == BSK_ZONE_BATTLEFIELD && (u->flags & BSK_UNIT_HIDDEN) &&
                !(u->flags & BSK_UNIT_MARK) && bsk_cell_row(u->cell) == 6 && !engine_char_symbiote(m, cards, i))
                engine_add(out, &n, capacity, BSK_ACT_HIDE, 2, (int8_t)i, -1, u->cell, -1);
        }
        engine_add(out, &n, capacity, BSK_ACT_DONE, 2, -1, -1, -1, -1);
        break;
    case Q_SEAT: {
        int pp = 0;
        int s = next_symbiote(m, cards, &pp);
        int8_t hosts[BSK_MATCH_UNITS_MAX];
        int count = s >= 0 ? hosts_of(m, cards, s, hosts) : 0;
        for (int k = 0; k < count; k++)
            engine_add(out, &n, capacity, BSK_ACT_HOST, (uint8_t)p, (int8_t)s, hosts[k], m->units[hosts[k]].cell, -1);
        break;
    }
    default:
        break;
    }
    return n;
}

static bool same_action(const bsk_action *a, const bsk_action *b)
{
    return a->kind == b->kind && a->player == b->player && a->unit == b->unit && a->target == b->target &&
           a->cell == b->cell && a->index == b->index;
}

bsk_status engine_prelim_apply(bsk_match *m, const bsk_card_table *cards, const bsk_action *a, bool trusted,
                               bsk_events *events, bsk_error *error)
{
    int p = m->priority;
    if (a->kind == BSK_ACT_TAKE && m->question == Q_RECRUIT) {
        /* a take may carry any valid payment split (403.2.1), not only the default one listed */
        bsk_recruit r;
        build_recruit(m, cards, p, &r);
        bsk_recruit_result res;
        bsk_payment pay = {a->gold, a->silver};
        if (a->index < 0 || a->index >= r.deal_count)
            return bsk_error_set(error, BSK_ERR_INVALID, "403.2.1", "no card at deal position %d", a->index);
        int position = r.squad_index[a->index] < 0 ? first_copy(&r, a->index) : a->index;
        bsk_recruit_code code = bsk_recruit_take(&r, position, &pay, &res);
        if (code != BSK_RECRUIT_OK)
            return bsk_error_set(error, BSK_ERR_INVALID, bsk_recruit_code_rule(code), "%s", res.message);
        bsk_match_side *s = engine_side(m, p);
        s->taken[s->taken_count] = (int8_t)position;
        s->paid_gold[s->taken_count] = (int8_t)res.gold;
        s->paid_silver[s->taken_count] = (int8_t)res.silver;
        s->taken_count++;
        m->question = Q_NONE;
        /* the next question from the recruitment at hand, not rebuilt */
        if (!ask_recruit(m, p, &r))
            engine_prelim_run(m, cards, events);
        return BSK_OK;
    }
    bsk_action legal[BSK_MATCH_LEGAL_MAX];
    int n = trusted ? 0 : engine_prelim_legal(m, cards, legal, BSK_MATCH_LEGAL_MAX);
    bool found = trusted;
    for (int i = 0; i < n && !found; i++) {
        found = same_action(&legal[i], a);
        /* a place of another copy of the same card is the same choice */
        if (!found && a->kind == BSK_ACT_PLACE && legal[i].kind == BSK_ACT_PLACE && a->cell == legal[i].cell &&
            a->unit >= 0 && a->unit < m->unit_count && m->units[a->unit].owner == p &&
            m->units[a->unit].zone == BSK_ZONE_DECK && m->units[a->unit].slot == m->units[legal[i].unit].slot)
            found = true;
    }
    if (!found)
        return bsk_error_set(error, BSK_ERR_INVALID, "401", "not a legal %s now", bsk_action_kind_id(a->kind));
    bsk_match_side *s = engine_side(m, p);
    if (m->question == Q_BEFORE || m->question == Q_BEFORE_GRAVE) { /* prebattle12 (issue 23): 403.1 */
        if (before_apply(m, cards, a))
            return BSK_OK;
        m->question = Q_NONE;
        engine_prelim_run(m, cards, events);
        return BSK_OK;
    }
    switch (a->kind) {
    case BSK_ACT_FIRST:
        m->first = (uint8_t)(a->index == 1 ? p : engine_other(p));
        seat_players(m);
        break;
    case BSK_ACT_KEEP:
        s->redeal_done = 1;
        m->step_done = (uint8_t)(p == 1);
        break;
    case BSK_ACT_REDEAL: {
        bsk_recruit r;
        build_recruit(m, cards, p, &r);
        if (bsk_recruit_redeal(&r) != BSK_RECRUIT_OK) { /* 402.4: no gold left */
            s->lost_flag = 1;
            engine_finish(m, engine_other(p), BSK_RESULT_REDEAL);
            return BSK_OK;
        }
        s->redeals++;
        deal(m, p);
        m->step_done = (uint8_t)(p == 1);
        break;
    }
    case BSK_ACT_DONE:
        if (m->question == Q_RECRUIT)
            s->recruit_done = 1;
        else if (m->question == Q_HIDE)
            m->step_done = 1; /* answered: reveal the rest */
        break;
    case BSK_ACT_PLACE: {
        /* the first unplaced copy of the card, as the legal list names it: copies are one choice */
        int unit = a->unit;
        for (int i = 0; i < unit; i++)
            if (m->units[i].owner == p && m->units[i].zone == BSK_ZONE_DECK &&
                (m->units[i].flags & BSK_UNIT_IN_SQUAD) && m->units[i].slot == m->units[unit].slot) {
                unit = i;
                break;
            }
        bsk_unit *u = &m->units[unit];
        u->zone = BSK_ZONE_BATTLEFIELD;
        u->cell = a->cell;
        engine_set_at(m, a->cell, unit);
        m->in_battle[u->owner - 1] |= 1ull << unit;
        s->placed++;
        break;
    }
    case BSK_ACT_HIDE:
        m->units[a->unit].flags |= BSK_UNIT_MARK; /* kept hidden (405.1) */
        break;
    case BSK_ACT_HOST:
        seat(m, a->unit, a->target);
        break;
    default:
        break;
    }
    m->question = Q_NONE;
    engine_prelim_run(m, cards, events);
    return BSK_OK;
}

/* ---- Positions (DESIGN §5) ---- */

bsk_status bsk_match_from_position(bsk_match *m, bsk_card_table *cards, const bsk_position *pos, bsk_error *error)
{
    memset(m, 0, sizeof *m);
    memset(m->at, -1, sizeof m->at);
    bsk_dice_init(&m->dice, pos->seed);
    if (pos->turn < 1 || pos->turn > BSK_MATCH_TURN_CAP)
        return bsk_error_set(error, BSK_ERR_INVALID, "position.turn", "turn %d is outside 1..%d", pos->turn,
                             BSK_MATCH_TURN_CAP);
    if (pos->active != (pos->turn % 2 == 1 ? 1 : 2))
        return bsk_error_set(error, BSK_ERR_INVALID, "407.1",
                             "player %d cannot be active in turn %d (the first player moves on odd turns)",
                             pos->active, pos->turn);
    if (pos->card_count > BSK_MATCH_UNITS_MAX)
        return bsk_error_set(error, BSK_ERR_LIMIT, "position.cards", "more than %d cards", BSK_MATCH_UNITS_MAX);
    if (pos->dice_count > BSK_MATCH_DICE_SCRIPT_MAX)
        return bsk_error_set(error, BSK_ERR_LIMIT, "position.dice", "more than %d dice", BSK_MATCH_DICE_SCRIPT_MAX);
    m->first = 1;
    m->turn = (uint8_t)pos->turn;
    m->active = (uint8_t)pos->active;
    m->ask_choice = pos->ask_choice;
    uint32_t shared = 0; /* cells given a second card (524.2) */
    for (int i = 0; i < pos->card_count; i++) {
        const bsk_position_card *pc = &pos->cards[i];
        int slot = bsk_card_table_add(cards, pc->card);
        if (slot < 0)
            return bsk_error_set(error, BSK_ERR_LIMIT, "match.cards", "more than %d distinct cards", BSK_CARD_TABLE_MAX);
        const bsk_card_entry *e = &cards->entries[slot];
        bsk_unit *u = &m->units[m->unit_count];
        memset(u, 0, sizeof *u);
        u->slot = (uint8_t)slot;
        u->owner = (uint8_t)pc->owner;
        u->zone = (uint8_t)pc->zone;
        u->cell = -1;
        u->host = -1;
        u->flags = BSK_UNIT_IN_SQUAD | (pc->tapped ? BSK_UNIT_TAPPED : 0) | (pc->hidden ? BSK_UNIT_HIDDEN : 0);
        u->wounds = (uint8_t)(pc->wounds < 0 ? 0 : pc->wounds > 255 ? 255 : pc->wounds);
        u->counters = (uint8_t)(pc->counters < 0 ? 0 : pc->counters > 255 ? 255 : pc->counters);
        u->poison = (uint8_t)(pc->poison < 0 ? 0 : pc->poison > 255 ? 255 : pc->poison);
        int unit = m->unit_count, type = engine_char_type(m, cards, unit);
        /* DESIGN §5 `extra_life` (508.4, 508.8.1) and `gains`: what the card has acquired */
        if (pc->extra_life < -99 || pc->extra_life > 99)
            return bsk_error_set(error, BSK_ERR_INVALID, "508.8", "cards[%d].extra_life: %d is outside -99..99", i,
                                 pc->extra_life);
        u->extra_life = (int8_t)pc->extra_life;
        if (pc->form) { /* a werewolf's form (extension; engine README "Readings taken") */
            if ((pc->form != BSK_FORM_WOLF && pc->form != BSK_FORM_HUMAN) || !((e->keywords >> BSK_KEYWORD_WEREWOLF) & 1u))
                return bsk_error_set(error, BSK_ERR_INVALID, "position.cards", "cards[%d].form: %s is not a werewolf",
                                     i, e->card->name);
            m->form[pc->form - BSK_FORM_WOLF] |= 1ull << unit;
        }
        if (pc->incarnation) { /* DESIGN §5 `markers`: incarnation tokens (536.7.1) */
            if (pc->zone != BSK_ZONE_GRAVEYARD || bsk_card_entry_x(e, BSK_KEYWORD_INCARNATION) <= 0 ||
                pc->incarnation > bsk_card_entry_x(e, BSK_KEYWORD_INCARNATION))
                return bsk_error_set(error, BSK_ERR_INVALID, "536.7.1",
                                     "cards[%d].markers: incarnation tokens only on a card with incarnation X in "
                                     "the graveyard, at most X", i);
            u->incarnation = (uint8_t)pc->incarnation;
        }
        if (pc->used) { /* DESIGN §5 `used`: execution markers (545.7), on its limited features, at most X */
            int count;
            const bsk_feature *f = bsk_card_table_features(cards, slot, &count);
            if (pc->zone == BSK_ZONE_DECK)
                return bsk_error_set(error, BSK_ERR_INVALID, "204.4",
                                     "cards[%d].used: a card in the deck has no markers", i);
            for (int k = 0; k < BSK_FEATURE_LIMITED_MAX; k++) {
                int n = (int)(pc->used >> (BSK_FEATURE_LIMIT_BITS * k)) & BSK_FEATURE_LIMIT_COUNT_MAX;
                if (n && (k >= count || f[k].limit_per == BSK_LIMIT_NONE || n > f[k].limit_count))
                    return bsk_error_set(error, BSK_ERR_INVALID, "545.7",
                                         "cards[%d].used: src %d of %s %s", i, k + 1, e->card->name,
                                         k >= count || f[k].limit_per == BSK_LIMIT_NONE
                                             ? "is not a feature with a limit"
                                             : "takes at most its limit's count of markers");
            }
            m->used[unit] = pc->used;
        }
        /* branch posio: `gains` {"card","src"} (glossary §1.6 «Получает [текст]») and named markers (§2.7) */
        if ((pc->acquired_count || pc->named_count) && pc->zone != BSK_ZONE_BATTLEFIELD && pc->zone != BSK_ZONE_EXTRA)
            return bsk_error_set(error, BSK_ERR_INVALID, "503.1", "cards[%d]: only a card in the battle zone has "
                                 "acquired features or named markers", i);
        for (int g = 0; g < pc->acquired_count; g++) {
            int from = bsk_card_table_add(cards, pc->acquired[g].card), count, feature = -1;
            if (from < 0)
                return bsk_error_set(error, BSK_ERR_LIMIT, "match.cards", "more than %d distinct cards",
                                     BSK_CARD_TABLE_MAX);
            const bsk_feature *f = bsk_card_table_features(cards, from, &count);
            for (int k = 0; k < count && feature < 0; k++)
                if (f[k].src == pc->acquired[g].src)
                    feature = k;
            if (feature < 0)
                return bsk_error_set(error, BSK_ERR_INVALID, "position.cards",
                                     "cards[%d].gains[%d]: %s has no feature with src %d", i, g,
                                     pc->acquired[g].card->name, pc->acquired[g].src);
            int j = engine_acquire(m, cards, unit, from, feature, BSK_ACQUIRED_BATTLE);
            if (j < 0)
                return bsk_error_set(error, BSK_ERR_LIMIT, "position.cards", "cards[%d].gains: more than %d acquired "
                                     "features in the match", i, BSK_MATCH_ACQUIRED_MAX);
            if (pc->acquired[g].used) { /* acquired4: its execution markers on this holder (545.7), at most X */
                if (f[feature].limit_per == BSK_LIMIT_NONE || pc->acquired[g].used > f[feature].limit_count)
                    return bsk_error_set(error, BSK_ERR_INVALID, "545.7", "cards[%d].gains[%d].used: src %d of %s %s",
                                         i, g, pc->acquired[g].src, pc->acquired[g].card->name,
                                         f[feature].limit_per == BSK_LIMIT_NONE
                                             ? "is not a feature with a limit"
                                             : "takes at most its limit's count of markers");
                while (engine_acquired_markers(m, j) < pc->acquired[g].used)
                    engine_acquired_mark(m, j);
            }
        }
        for (int g = 0; g < pc->named_count; g++) {
            int name = bsk_card_table_marker(cards, pc->named[g].name, true);
            if (name < 0)
                return bsk_error_set(error, BSK_ERR_LIMIT, "position.cards", "cards[%d].markers: more than %d "
                                     "marker names in the match", i, BSK_MARKER_NAMES_MAX);
            engine_named_add(m, unit, name, pc->named[g].count);
            if (m->result.over)
                return bsk_error_set(error, BSK_ERR_LIMIT, "position.cards", "cards[%d].markers: more than %d "
                                     "named markers in the match", i, BSK_MATCH_NAMED_MAX);
        }
        for (uint64_t gains = pc->gains; gains; gains &= gains - 1) {
            int keyword = engine_first(gains), x = 0;
            if (keyword >= BSK_KEYWORD_COUNT || bsk_keyword_takes_values(keyword))
                return bsk_error_set(error, BSK_ERR_INVALID, "111", "cards[%d].gains: %s is an attack ability; acquiring "
                                     "one is not run yet (issue 22)", i, keyword < BSK_KEYWORD_COUNT ? bsk_keyword_name(keyword) : "?");
            for (int k = 0; k < BSK_UNIT_GRANTED_X_MAX; k++)
                if (pc->gains_x[k].x > 0 && pc->gains_x[k].keyword == keyword)
                    x = pc->gains_x[k].x;
            if (!engine_grant(m, cards, unit, keyword, x))
                return bsk_error_set(error, BSK_ERR_LIMIT, "position.cards", "cards[%d].gains: more than %d numbers",
                                     i, BSK_UNIT_GRANTED_X_MAX);
        }
        m->altered = engine_altered_set(m);
        int movement = engine_char_movement(m, cards, unit), life = engine_char_life(m, cards, unit);
        u->move_left = (int8_t)(pc->tapped ? 0 : movement);
        if (pc->moved > 0) { /* 506.1: points already spent this turn */
            if (pc->moved > movement)
                return bsk_error_set(error, BSK_ERR_INVALID, "506.1",
                                     "cards[%d].moved: %d steps past its movement allowance of %d", i, pc->moved,
                                     movement);
            u->move_left = (int8_t)(u->move_left > pc->moved ? u->move_left - pc->moved : 0);
        }
        if (pc->zone != BSK_ZONE_DECK && pc->zone != BSK_ZONE_GRAVEYARD && pc->zone != BSK_ZONE_EXILE &&
            (life > 0 || engine_char_printed_life(m, cards, unit) > 0) &&
            pc->wounds >= life) /* 509.1: it would be destroyed at once; say so instead */
            return bsk_error_set(error, BSK_ERR_INVALID, "509.1",
                                 "cards[%d].wounds: %s has %d wounds, at or past its life of %d (a card with no "
                                 "life left is destroyed, 509.1: put it in the graveyard instead)",
                                 i, e->card->name, pc->wounds, life);
        if (pc->zone == BSK_ZONE_DECK) { /* DESIGN §5: a deck's cards are listed top first */
            bsk_match_side *side = &m->sides[pc->owner - 1];
            if (side->deck_count >= BSK_MATCH_DECK_MAX)
                return bsk_error_set(error, BSK_ERR_LIMIT, "position.cards", "more than %d cards in a deck",
                                     BSK_MATCH_DECK_MAX);
            side->deck[side->deck_count++] = (uint8_t)slot;
        }
        bool symbiote = engine_char_symbiote(m, cards, unit);
        bool extra_only = engine_char_never_adjacent(m, cards, unit); /* 210.1, 213.1: a flyer or a terrain */
        if (pc->zone == BSK_ZONE_BATTLEFIELD) {
            if (pc->cell < 0 || pc->cell >= BSK_BOARD_CELLS)
                return bsk_error_set(error, BSK_ERR_INVALID, "202", "cards[%d]: a battlefield card needs a cell", i);
            if (extra_only && !pc->hidden)
                return bsk_error_set(error, BSK_ERR_INVALID, type == BSK_TYPE_TERRAIN ? "213.1" : "210.1",
                                     "cards[%d]: an open %s is in the extra zone, not on a cell", i,
                                     type == BSK_TYPE_TERRAIN ? "terrain" : "flyer");
            u->cell = (int8_t)pc->cell;
            if (symbiote && pc->host_cell >= 0) {
                u->cell = (int8_t)pc->host_cell;
            } else {
                /* 524.2: an incorporeal creature may stand on an occupied cell as its second card */
                bool second = m->at[pc->cell] >= 0 && !((shared >> pc->cell) & 1u) &&
                              engine_char_has(m, cards, m->unit_count, BSK_KEYWORD_INCORPOREAL);
                if (m->at[pc->cell] >= 0 && !second)
                    return bsk_error_set(error, BSK_ERR_INVALID, "202",
                                         "cards[%d]: two cards on one cell (%d and %d)", i, m->at[pc->cell], i);
                if (second)
                    shared |= 1u << pc->cell;
                else
                    m->at[pc->cell] = (int8_t)m->unit_count;
            }
        } else if (pc->zone == BSK_ZONE_EXTRA) {
            u->extra_order = ++m->sides[pc->owner - 1].extra_count;
        }
        m->unit_count++;
    }
    /* symbiotes find their hosts once every card stands */
    for (int i = 0; i < pos->card_count; i++) {
        const bsk_position_card *pc = &pos->cards[i];
        if (pc->host_cell < 0)
            continue;
        int host = m->at[pc->host_cell];
        if (!engine_char_symbiote(m, cards, i))
            return bsk_error_set(error, BSK_ERR_INVALID, "211.1", "cards[%d]: only a symbiote has a host", i);
        if (host < 0 || host == i)
            return bsk_error_set(error, BSK_ERR_INVALID, "211.4", "cards[%d]: no host on its host cell", i);
        m->units[i].host = (int8_t)host;
        m->units[i].cell = (int8_t)pc->host_cell;
    }
    if (!bsk_dice_script(&m->dice, pos->dice, (size_t)pos->dice_count))
        return bsk_error_set(error, BSK_ERR_INVALID, "306", "dice must be 1..6, at most %d", BSK_DICE_SCRIPT_MAX);
    /* cell7 (issue 23): DESIGN §5 `cell_markers`, named markers on cells (544.1) */
    for (int k = 0; k < pos->cell_marker_count && k < BSK_POSITION_CELL_MARKERS_MAX; k++) {
        const bsk_position_cell_marker *c = &pos->cell_markers[k];
        int name = bsk_card_table_marker(cards, c->name, true);
        if (name < 0)
            return bsk_error_set(error, BSK_ERR_LIMIT, "position.cell_markers", "cell_markers[%d]: more than %d "
                                 "marker names in the match", k, BSK_MARKER_NAMES_MAX);
        if (c->cell < 0 || c->cell >= BSK_BOARD_ROWS * BSK_BOARD_COLUMNS || c->owner < 1 || c->owner > 2 ||
            c->count < 1 || c->count > 99 || c->until < 0 || (c->until && c->until < pos->turn))
            return bsk_error_set(error, BSK_ERR_INVALID, "position.cell_markers",
                                 "cell_markers[%d]: a battlefield cell, owner 1 or 2, count 1..99, until no earlier "
                                 "than the position's turn", k);
        engine_cell_marker_add(m, c->cell, name, c->owner, c->count, c->until);
        if (m->result.over)
            return bsk_error_set(error, BSK_ERR_LIMIT, "position.cell_markers", "more than %d cell marker entries",
                                 BSK_MATCH_CELL_MARKERS_MAX);
    }
    engine_derive(m, cards);
    /* rebuff (extension): a position starting in the Choice subphase reads its board as the board
     * before that turn's start (engine README "Readings taken"); the others evaluate it at the
     * turn's start as a game does */
    if (pos->start == BSK_POSITION_START_CHOICE)
        engine_rebuff_start(m, cards);
    /* DESIGN §5: the position starts in the Choice subphase; or before its turn's Untap step (409),
     * "battle" first running the start-of-battle features (406.1) */
    m->phase = pos->start == BSK_POSITION_START_CHOICE ? BSK_PHASE_CHOICE : BSK_PHASE_BEGINNING;
    if (pos->start == BSK_POSITION_START_BATTLE && (cards->listen_any & BSK_LISTEN(BSK_AT_BATTLE_START)))
        m->step_done = ENGINE_BATTLE_OPEN; /* batl9 (issue 23): 406.1, the start of the battle */
    engine_run(m, cards, NULL);
    return BSK_OK;
}

int bsk_match_dice_left(const bsk_match *m)
{
    size_t left = bsk_dice_left(&m->dice);
    return left > BSK_DICE_SCRIPT_MAX ? 0 : (int)left;
}

bool bsk_match_dice_exhausted(const bsk_match *m) { return bsk_dice_exhausted(&m->dice); }
