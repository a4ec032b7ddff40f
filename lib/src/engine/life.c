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
 * its tokens go (536.7.1) and its incarnation is used (536.7.3). `cell` the place (incarnation_cell's,
 * or a permission's); `open` (recruit11: a permission's «в открытом виде») untapped as incarn7's record. */
static bool incarnate_at(bsk_match *m, const bsk_card_table *cards, int unit, int cell, bool open)
{
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
    if (open || engine_incarnates_open(cards, u->slot)) { /* incarn7: «инкарнирует в открытом виде» (01-141) */
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

/* ---- A chosen incarnation cell (recruit11, issue 23) ----
 * A static feature whose record is incarnate_open with a place is a permission: the cards it reaches may
 * incarnate open on a free cell of that place instead of the default one (05-167 «может инкарнировать в любом
 * третьем ряду в открытом виде, сняв жетон инкарнации с другого вашего существа»: its own card, from the
 * graveyard; 06-180 «ваши существа могут инкарнировать в открытом виде на клетках с маркером «гнили» в любом
 * ряду, удалив с этой клетки одну «гниль»»: another card's, while it is in the battle zone, revealed, 121). */

/* The other creatures of `owner`'s graveyard with an incarnation token (536.7.1: only graveyard cards hold them). */
static uint64_t token_payers(const bsk_match *m, const bsk_card_table *cards, int owner, int unit)
{
    uint64_t set = 0;
    for (int i = 0; i < m->unit_count; i++)
        if (i != unit && m->units[i].zone == BSK_ZONE_GRAVEYARD && m->units[i].owner == owner &&
            m->units[i].incarnation > 0 && engine_char_creature(m, cards, i))
            set |= 1ull << i;
    return set;
}

/* The free cells record ef of `holder`'s feature lets `unit` incarnate on, its payment possible. */
static uint32_t permission_record_cells(const bsk_match *m, const bsk_card_table *cards, int holder, int unit,
                                        const bsk_feature_effect *ef)
{
    int owner = m->units[unit].owner;
    uint32_t cells = 0;
    if (ef->place == BSK_INC_PLACE_THIRD_ROWS) { /* glossary «Ряд»: either player's third row */
        for (int p = 1; p <= 2; p++)
            for (int column = 0; column < BSK_BOARD_COLUMNS; column++)
                cells |= 1u << bsk_cell_from_owner(p, column, 3);
    } else if (ef->place == BSK_INC_PLACE_MARKED) { /* 544.3: the markers its controller's squad placed */
        for (int j = 0; j < m->cell_markers_count; j++)
            if (m->cell_markers[j].count &&
                engine_cell_markers(m, m->cell_markers[j].cell, ef->marker, m->units[holder].owner) > 0)
                cells |= 1u << m->cell_markers[j].cell;
    }
    for (uint32_t rest = cells; rest; rest &= rest - 1)
        if (m->at[__builtin_ctz(rest)] >= 0)
            cells &= ~(1u << __builtin_ctz(rest)); /* a free cell (536.7: it is put there) */
    if (ef->param == BSK_INC_PAY_TOKEN && !token_payers(m, cards, owner, unit))
        return 0;
    return cells;
}

/* The permissions reaching `unit` (its own card's; a revealed card of its owner in the battle zone whose
 * "count":"all" filter its face matches), in that order: calls `each` until it returns true. */
typedef bool (*permission_fn)(const bsk_match *m, const bsk_card_table *cards, int holder, int unit,
                              const bsk_feature_effect *ef, void *arg);
static void permissions(const bsk_match *m, const bsk_card_table *cards, int unit, permission_fn each, void *arg)
{
    const bsk_unit *u = &m->units[unit];
    if (engine_char_never_adjacent(m, cards, unit) || engine_char_symbiote(m, cards, unit))
        return; /* a flyer or a card of the extra zone has no cell (536.4); 211.8 */
    uint64_t holders = (1ull << unit) | m->in_battle[u->owner - 1];
    for (uint64_t rest = holders; rest; rest &= rest - 1) {
        int h = engine_first(rest);
        const bsk_unit *hu = &m->units[h];
        if (h != unit && (hu->flags & BSK_UNIT_HIDDEN))
            continue; /* 533.4: a face-down card has no features */
        int count;
        const bsk_feature *f = bsk_card_table_features(cards, hu->slot, &count);
        for (int k = 0; k < count; k++) {
            if (f[k].kind != BSK_FEATURE_STATIC || f[k].event || f[k].effect_count < 1)
                continue;
            const bsk_feature_effect *ef = &f[k].effects[0];
            if (ef->op != BSK_OP_INCARNATE_OPEN || !ef->place)
                continue;
            if (h == unit ? ef->target != BSK_TARGET_SELF
                          : ef->target != BSK_TARGET_ALL || !engine_filter_slot(m, cards, ef->filter, h, -1, u->slot))
                continue;
            if (f[k].condition || f[k].if_source || f[k].if_op)
                if (h == unit || !engine_feature_condition_holds(m, cards, h, &f[k]))
                    continue;
            if (each(m, cards, h, unit, ef, arg))
                return;
        }
    }
}

static bool gather_cells(const bsk_match *m, const bsk_card_table *cards, int holder, int unit,
                         const bsk_feature_effect *ef, void *arg)
{
    *(uint32_t *)arg |= permission_record_cells(m, cards, holder, unit, ef);
    return false;
}

/* The cells `unit` may incarnate on by a permission (0: none; the fast exit is the table's ops_any bit). */
static uint32_t permission_cells(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    uint32_t cells = 0;
    if (cards->ops_any & (1ull << BSK_OP_INCARNATE_OPEN))
        permissions(m, cards, unit, gather_cells, &cells);
    return cells;
}

typedef struct {
    int cell;
    int holder;
    const bsk_feature_effect *ef;
} permission_pick;

static bool pick_cell(const bsk_match *m, const bsk_card_table *cards, int holder, int unit,
                      const bsk_feature_effect *ef, void *arg)
{
    permission_pick *p = arg;
    if (!((permission_record_cells(m, cards, holder, unit, ef) >> p->cell) & 1u))
        return false;
    p->holder = holder;
    p->ef = ef;
    return true;
}

/* 536.7: `unit` reached X tokens. With a permission's cell possible, its owner is asked (a pending entry of
 * feature ENGINE_PENDING_INCARNATION, declared as a trigger is, 305.1: the question waits for the player to get
 * priority; meanwhile it stays in the graveyard with its X tokens), else it incarnates on the default cell. */
static bool incarnate(bsk_match *m, const bsk_card_table *cards, int unit)
{
    if (permission_cells(m, cards, unit)) {
        for (int i = 0; i < m->pending_count; i++)
            if (m->pending[i].unit == unit && m->pending[i].feature == ENGINE_PENDING_INCARNATION)
                return false;
        if (m->pending_count >= BSK_MATCH_PENDING_MAX) {
            engine_capacity_cap(m, BSK_CAP_STACK); /* DESIGN §5: a draw by cap */
            return false;
        }
        m->pending[m->pending_count++] =
            (bsk_pending){(int8_t)unit, ENGINE_PENDING_INCARNATION, -1, m->units[unit].owner};
        return false;
    }
    return incarnate_at(m, cards, unit, incarnation_cell(m, cards, unit), false);
}

/* Whether `unit` still waits to incarnate (536.7.1: X tokens, in the graveyard, its incarnation unused). */
static bool waits(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    const bsk_unit *u = &m->units[unit];
    int x = engine_char_x(m, cards, unit, BSK_KEYWORD_INCARNATION, 0);
    return u->zone == BSK_ZONE_GRAVEYARD && !(u->flags2 & BSK_UNIT_INCARNATED) && x > 0 && u->incarnation >= x;
}

static void take_entry(bsk_match *m, int i)
{
    memmove(&m->pending[i], &m->pending[i + 1], (size_t)(m->pending_count - i - 1) * sizeof m->pending[0]);
    m->pending_count--;
    memset(&m->pending[m->pending_count], 0, sizeof m->pending[0]);
    memset(&m->choice, 0, sizeof m->choice);
}

/* Pays the permission's cost and incarnates `unit` open on `cell`; `payer` the graveyard creature losing a
 * token (BSK_INC_PAY_TOKEN). */
static void incarnate_permitted(bsk_match *m, const bsk_card_table *cards, int unit, int cell, int payer)
{
    permission_pick p = {cell, -1, NULL};
    permissions(m, cards, unit, pick_cell, &p);
    if (!p.ef)
        return;
    if (p.ef->param == BSK_INC_PAY_MARKER) /* «удалив с этой клетки одну «гниль»» (528.10) */
        engine_cell_marker_add(m, cell, p.ef->marker, m->units[p.holder].owner, -1, 0);
    if (p.ef->param == BSK_INC_PAY_TOKEN && payer >= 0 && m->units[payer].incarnation > 0) {
        m->units[payer].incarnation--; /* «сняв жетон инкарнации с другого вашего существа» */
        engine_raise(m, cards, BSK_ON_INCARNATION_LOST, payer, -1, -1, 1); /* inc9: «теряет жетон инкарнации» */
    }
    incarnate_at(m, cards, unit, cell, true);
}

/* The pending entry i (ENGINE_PENDING_INCARNATION) reached in 305.1's order: `use` (116.7 «может»: 1 a
 * permission's cell, 0 the default way), then the cell (one taken without asking), then the creature paying a
 * token (one taken without asking). Returns false when a question is asked. */
bool engine_incarnation_choice(bsk_match *m, const bsk_card_table *cards, int i)
{
    int unit = m->pending[i].unit;
    if (!waits(m, cards, unit) || !permission_cells(m, cards, unit)) {
        take_entry(m, i);
        if (waits(m, cards, unit))
            incarnate_at(m, cards, unit, incarnation_cell(m, cards, unit), false);
        return true;
    }
    memset(&m->choice, 0, sizeof m->choice);
    engine_ask_choice(m, m->units[unit].owner, BSK_CHOOSE_USE, i, 0x3);
    return false;
}

void engine_incarnation_choice_answer(bsk_match *m, const bsk_card_table *cards, int i, const bsk_action *a)
{
    int unit = m->pending[i].unit;
    m->question = Q_NONE;
    if (!waits(m, cards, unit)) {
        take_entry(m, i);
        return;
    }
    if (m->choice.what == BSK_CHOOSE_USE && a->index == 0) { /* the default way: its third row, tapped */
        take_entry(m, i);
        incarnate_at(m, cards, unit, incarnation_cell(m, cards, unit), false);
        return;
    }
    int cell = m->choice.what == BSK_CHOOSE_CELL ? a->index : m->choice.what == BSK_CHOOSE_UNIT ? m->choice.mode - 1 : -1;
    if (cell < 0) { /* `use` yes: the cell */
        uint32_t cells = permission_cells(m, cards, unit);
        if (cells & (cells - 1)) {
            engine_ask_choice(m, m->units[unit].owner, BSK_CHOOSE_CELL, i, cells);
            return;
        }
        cell = __builtin_ctz(cells);
    }
    permission_pick p = {cell, -1, NULL};
    permissions(m, cards, unit, pick_cell, &p);
    if (!p.ef) { /* no longer allowed: the default way */
        take_entry(m, i);
        incarnate_at(m, cards, unit, incarnation_cell(m, cards, unit), false);
        return;
    }
    int payer = -1;
    if (p.ef->param == BSK_INC_PAY_TOKEN) {
        uint64_t payers = token_payers(m, cards, m->units[unit].owner, unit);
        if (m->choice.what == BSK_CHOOSE_UNIT)
            payer = a->index;
        else if (payers & (payers - 1)) {
            m->choice.mode = (uint8_t)(cell + 1);
            engine_ask_choice(m, m->units[unit].owner, BSK_CHOOSE_UNIT, i, payers);
            return;
        } else
            payer = engine_first(payers);
    }
    take_entry(m, i);
    incarnate_permitted(m, cards, unit, cell, payer);
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
