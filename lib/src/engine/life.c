/* life.c — keywords that bring a card back into play, move it or change it on their own:
 * incarnation (536.7, glossary «Инкарнация X», «Жетон инкарнации»), dash (glossary «Рывок») and the
 * werewolf's choice of form (an extension: reminder text 06-060). Issue 21 §2. */
#include "engine.h"

/* ---- Incarnation (536.7) ---- */

/* 536.7, glossary «Инкарнация X»: the default place: a free cell of the owner's third row (its back
 * row, 202.2), the first from the owner's left (no card text chooses yet), or the extra zone for a
 * flyer or a card that lives there (210.1, 536.4); -1 when none is free (536.7.2: it waits), -2 for
 * the extra zone. */
static int incarnation_cell(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    if (engine_char_never_adjacent(m, cards, unit))
        return -2;
    int owner = m->units[unit].owner;
    for (int column = 0; column < 5; column++) {
        int cell = bsk_cell_from_owner(owner, column, 3);
        if (cell >= 0 && m->at[cell] < 0)
            return cell;
    }
    return -1;
}

/* 536.7: from the graveyard into the battle zone, tapped and revealed, under its owner's control;
 * its tokens go (536.7.1) and its incarnation is used (536.7.3). */
static bool incarnate(bsk_match *m, const bsk_card_table *cards, int unit)
{
    int cell = incarnation_cell(m, cards, unit);
    if (cell == -1)
        return false;
    bsk_unit *u = &m->units[unit];
    int tokens = u->incarnation;
    engine_to_zone(m, cards, unit, cell == -2 ? BSK_ZONE_EXTRA : BSK_ZONE_BATTLEFIELD); /* the tokens go with it */
    if (cell >= 0) {
        u->cell = (int8_t)cell;
        engine_set_at(m, cell, unit);
    }
    u->flags = (uint8_t)((u->flags & ~BSK_UNIT_HIDDEN) | BSK_UNIT_TAPPED);
    u->flags2 |= BSK_UNIT_INCARNATED;
    u->actions = 0;
    u->move_left = 0; /* tapped (409.2 restores it when it untaps) */
    if (engine_incarnates_open(cards, u->slot)) { /* incarn7: «инкарнирует в открытом виде» (01-141) */
        u->flags &= (uint8_t)~BSK_UNIT_TAPPED;
        u->move_left = (int8_t)engine_char_movement(m, cards, unit);
    }
    u->wounds = 0;
    engine_raise(m, cards, BSK_ON_ENTER, unit, -1, -1, 0); /* glossary §6: "on_enter" */
    engine_raise(m, cards, BSK_ON_INCARNATE, unit, -1, -1, 0); /* trig4: «при инкарнации» (536.7) */
    if (tokens) /* inc9: 536.7.1, leaving the graveyard it loses its tokens («инкарнирует или теряет жетон») */
        engine_raise(m, cards, BSK_ON_INCARNATION_LOST, unit, -1, -1, tokens);
    return true;
}

void engine_incarnation_slow(bsk_match *m, const bsk_card_table *cards, bool tokens, bsk_events *events)
{
    (void)events; /* entering play is no log event yet: the position's cards show where it went */
    for (uint64_t rest = m->incarnating; rest; rest &= rest - 1) {
        int i = engine_first(rest);
        bsk_unit *u = &m->units[i];
        if (u->flags2 & BSK_UNIT_INCARNATED)
            continue;
        /* 536.7.4: with several, the largest X (the card table keeps the largest printed one) */
        int x = engine_char_x(m, cards, i, BSK_KEYWORD_INCARNATION, 0);
        if (x <= 0 || engine_char_symbiote(m, cards, i)) /* 211.8: a symbiote needs text naming its host */
            continue;
        if (tokens && u->owner == m->active && u->incarnation < x) /* 536.7.1, 409.2: at the start of your turn */
            u->incarnation++;
        if (u->incarnation >= x)
            incarnate(m, cards, i); /* 536.7.2: when no cell is free it keeps its X tokens and waits */
    }
}

/* ---- Dash (glossary «Рывок») ---- */

uint32_t engine_dash_cells_slow(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    const bsk_unit *u = &m->units[unit];
    /* "once per your turn": in its controller's turn (no card changes control yet: the owner), not
     * yet this turn (BSK_UNIT_DASHED, lost at 409.2); a ground card on a cell, not a seated symbiote */
    if (u->zone != BSK_ZONE_BATTLEFIELD || u->cell < 0 || u->host >= 0 || u->owner != m->active ||
        (u->flags2 & BSK_UNIT_DASHED) || (u->flags & BSK_UNIT_HIDDEN) || !engine_char_has(m, cards, unit, BSK_KEYWORD_DASH))
        return 0;
    return bsk_cell_orthogonal(u->cell) & ~m->occupied; /* not diagonally; a free cell (relocation) */
}

/* Asks the controller of `unit` a fresh generic question of one of this file's keywords
 * (`pending`: BSK_CHOICE_DASH or BSK_CHOICE_FORM). */
static void ask(bsk_match *m, int unit, int what, int pending, uint64_t allowed)
{
    memset(&m->choice, 0, sizeof m->choice);
    engine_ask_choice(m, m->units[unit].owner, what, pending, allowed);
}

/* Asks the attacker's controller whether to dash (116.7 «может»: `use`, yes by default). */
void engine_dash_ask(bsk_match *m, int unit)
{
    ask(m, unit, BSK_CHOOSE_USE, BSK_CHOICE_DASH, 0x3);
}

/* `use` yes: the one free cell is taken without asking (as a trigger's one legal target), else
 * `choose` asks for it (option i: cell i); `use` no or the cell: the completion step goes on. */
void engine_dash_apply(bsk_match *m, const bsk_card_table *cards, const bsk_action *a, bsk_events *events)
{
    bsk_stack_entry *e = &m->stack[m->stack_count - 1];
    int unit = e->source, cell = -1;
    m->question = Q_NONE;
    if (m->choice.what == BSK_CHOOSE_USE) {
        uint32_t cells = a->index == 1 ? engine_dash_cells(m, cards, unit) : 0;
        if (cells & (cells - 1)) {
            m->choice.what = BSK_CHOOSE_CELL;
            m->choice.allowed = cells;
            m->question = Q_CHOOSE;
            return;
        }
        cell = cells ? __builtin_ctz(cells) : -1;
    } else {
        BSK_ASSERT(m->choice.what == BSK_CHOOSE_CELL && (m->choice.allowed >> a->index & 1));
        cell = a->index;
    }
    memset(&m->choice, 0, sizeof m->choice);
    e->flags |= E_ASKED;
    if (cell >= 0) {
        engine_relocate(m, cards, unit, cell, events);
        m->units[unit].flags2 |= BSK_UNIT_DASHED;
    }
}

/* ---- The werewolf's form (extension; reminder text 06-060) ---- */

int engine_form_next_slow(const bsk_match *m, const bsk_card_table *cards)
{
    /* unit order; a unit with a form was asked (the forms of the active player's units end at the end
     * of the opponent's turn, so none is left from before) */
    for (uint64_t rest = m->in_battle[m->active - 1] & ~(m->form[0] | m->form[1]); rest; rest &= rest - 1) {
        int i = engine_first(rest);
        if (!(m->units[i].flags & BSK_UNIT_HIDDEN) && engine_char_has(m, cards, i, BSK_KEYWORD_WEREWOLF))
            return i; /* 533.4: a face-down card has no features, so no form */
    }
    return -1;
}

/* Asks the werewolf's controller its form: `mode` 1 {wolf} or 2 {human}, both always allowed. */
void engine_form_ask(bsk_match *m, int unit)
{
    ask(m, unit, BSK_CHOOSE_MODE, BSK_CHOICE_FORM, 0x6);
}

/* The form lasts until the end of the opponent's turn (battle.c's end_turn ends it). */
void engine_form_apply(bsk_match *m, const bsk_card_table *cards, const bsk_action *a)
{
    int unit = engine_form_next(m, cards);
    BSK_ASSERT(unit >= 0 && m->choice.pending == BSK_CHOICE_FORM && (a->index == 1 || a->index == 2));
    m->question = Q_NONE;
    memset(&m->choice, 0, sizeof m->choice);
    if (unit >= 0)
        m->form[a->index - 1] |= 1ull << unit;
}
