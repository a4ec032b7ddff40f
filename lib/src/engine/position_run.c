/* position_run.c — the position vocabulary (position.h): engine actions to plain records and back,
 * the question a state asks, and the runner of DESIGN §5 "Position scenarios" that plays a
 * position file's actions and decisions with its fixed dice. Uses only the public match API. */
#include "berserk/position.h"
#include "berserk/placement.h"
#include "berserk/pool.h"

#include <stdio.h>
#include <string.h>

/* ---- Records ---- */

void bsk_record_init(bsk_record *r, int kind, int player)
{
    memset(r, 0, sizeof *r);
    r->type = BSK_RECORD_ACTION;
    r->kind = (uint8_t)kind;
    r->player = (uint8_t)player;
    r->index = -1;
    r->gold = r->silver = -1;
}

static const char *const AT_IDS[BSK_AT_COUNT] = {NULL, "targets", "roll", "calc", "block", "apply"};

const char *bsk_record_at_id(int at) { return at > 0 && at < BSK_AT_COUNT ? AT_IDS[at] : NULL; }

int bsk_record_at_parse(const char *word)
{
    for (int i = 1; word && i < BSK_AT_COUNT; i++)
        if (strcmp(word, AT_IDS[i]) == 0)
            return i;
    return -1;
}

/* DESIGN §5 `at`: whether the window open now is the one of the named 512.6 step of the action on top
 * of the stack (no `at`: any window). */
static bool at_window(const bsk_match *m, int at)
{
    const char *window = bsk_match_window_id(m);
    return at <= 0 || at >= BSK_AT_COUNT || (window && m->stack_count > 0 && strcmp(window, AT_IDS[at]) == 0);
}

void bsk_record_list_add(bsk_record_list *list, const bsk_record *record)
{
    if (!list)
        return;
    if (list->count >= list->capacity) {
        list->dropped++;
        return;
    }
    list->items[list->count++] = *record;
}

bool bsk_record_is_declaration(int kind)
{
    const bsk_action_kind_info *info = bsk_action_kind_info_get(kind);
    return info && info->declaration;
}

int bsk_record_verb_parse(const char *verb)
{
    for (int k = 0; k < BSK_ACT_KIND_COUNT; k++)
        if (bsk_record_is_declaration(k) && strcmp(bsk_action_kind_id(k), verb) == 0)
            return k;
    return -1;
}

static void place_of(const bsk_match *m, int unit, char out[BSK_PLACE_MAX])
{
    out[0] = '\0';
    if (unit >= 0)
        bsk_match_unit_place(m, unit, out);
}

static void cell_of(int cell, char out[BSK_PLACE_MAX])
{
    out[0] = '\0';
    if (cell >= 0 && cell < BSK_BOARD_CELLS) {
        char text[4];
        bsk_cell_format(cell, text);
        snprintf(out, BSK_PLACE_MAX, "%s", text);
    }
}

static const char *unit_name(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return cards->entries[m->units[unit].slot].card->name;
}

/* A `choose` answer's option as the question names it (DESIGN §5): a card by its place (by its
 * name once it has none), a cell, a number, a class or element id, a direction. */
static void choice_of(const bsk_match *m, const bsk_card_table *cards, int option, bsk_record *r)
{
    const bsk_choice *c = bsk_match_choice(m);
    const char *word = NULL;
    switch (c ? c->what : BSK_CHOOSE_NONE) {
    case BSK_CHOOSE_UNIT:
        if (option >= 0 && option < m->unit_count) {
            place_of(m, option, r->from);
            if (!r->from[0])
                word = unit_name(m, cards, option);
        }
        break;
    case BSK_CHOOSE_CELL:
        cell_of(option, r->from);
        break;
    case BSK_CHOOSE_CLASS:
        word = bsk_class_id(option);
        break;
    case BSK_CHOOSE_ELEMENT:
        word = bsk_element_id(option);
        break;
    case BSK_CHOOSE_DIRECTION:
        word = bsk_match_direction_id(option);
        break;
    case BSK_CHOOSE_DECK: /* grave10: a card of the deck, by its name */
        if (bsk_match_deck_option(m, option) >= 0)
            word = cards->entries[bsk_match_deck_option(m, option)].card->name;
        else if (option == BSK_DECK_OPTION_NONE) /* spawn11: a summon's «не нашёл» (536.5.1) */
            word = "none";
        break;
    default:
        r->index = option; /* a number */
        break;
    }
    if (word)
        snprintf(r->card, sizeof r->card, "%s", word);
}

/* Whether record b (a `choose` answer as written) names option `option`, whose record is a: by
 * its place, else by a word (a card by name or id, with or without a place; a class, element or
 * direction id), else by a number. */
static bool same_choice(const bsk_match *m, const bsk_card_table *cards, const bsk_record *a, const bsk_record *b,
                        int option)
{
    if (b->from[0])
        return strcmp(a->from, b->from) == 0;
    if (b->card[0]) {
        const bsk_choice *c = bsk_match_choice(m);
        if (c && c->what == BSK_CHOOSE_UNIT && option >= 0 && option < m->unit_count) {
            const bsk_card *card = cards->entries[m->units[option].slot].card;
            return bsk_name_equal(card->name, b->card) || strcmp(card->id, b->card) == 0;
        }
        return a->card[0] && bsk_name_equal(a->card, b->card);
    }
    return !a->from[0] && !a->card[0] && a->index == b->index;
}

int bsk_record_question(const bsk_match *m, const bsk_card_table *cards)
{
    if (bsk_match_to_act(m) == 0)
        return -1;
    switch (m->phase) {
    case BSK_PHASE_ROLL:
        return BSK_ACT_FIRST;
    case BSK_PHASE_REDEAL:
        return BSK_ACT_REDEAL;
    case BSK_PHASE_RECRUIT: { /* prebattle12 (issue 23): 403.1's step first, its answers of kind before */
        bsk_action legal[BSK_MATCH_LEGAL_MAX];
        int n = bsk_match_legal(m, cards, legal, BSK_MATCH_LEGAL_MAX);
        return n > 0 && legal[0].kind == BSK_ACT_BEFORE ? BSK_ACT_BEFORE : BSK_ACT_TAKE;
    }
    case BSK_PHASE_PLACE:
        return BSK_ACT_PLACE;
    case BSK_PHASE_REVEAL:
        return BSK_ACT_HIDE;
    case BSK_PHASE_SEAT:
        return BSK_ACT_HOST;
    default: {
        /* the battle's questions, told apart by what they offer: the Choice subphase's priority ends
         * with end_turn, a window (303, 512) offers fast declarations and pass, 305.1 the order */
        bsk_action legal[BSK_MATCH_LEGAL_MAX];
        int n = bsk_match_legal(m, cards, legal, BSK_MATCH_LEGAL_MAX);
        if (n > BSK_MATCH_LEGAL_MAX) /* only the Choice subphase offers that many (its end_turn is cut off) */
            return m->phase == BSK_PHASE_CHOICE ? BSK_ACT_END_TURN : BSK_ACT_PASS;
        if (n < 1)
            return -1;
        if (legal[n - 1].kind == BSK_ACT_END_TURN || legal[n - 1].kind == BSK_ACT_MOVE ||
            (legal[n - 1].kind == BSK_ACT_ABILITY && legal[n - 1].cell >= 0))
            return BSK_ACT_END_TURN; /* a Choice list ends with end_turn, or holds only a card's
                                      * movement off a shared cell (524.1) */
        if (legal[0].kind == BSK_ACT_STEP_DOWN || legal[0].kind == BSK_ACT_ORDER || legal[0].kind == BSK_ACT_USE ||
            legal[0].kind == BSK_ACT_MODE || legal[0].kind == BSK_ACT_CHOOSE)
            return legal[0].kind; /* every answer is of one kind: 515.3, 305.1, a feature's question */
        for (int i = 0; i < n; i++)
            if (legal[i].kind == BSK_ACT_GUARD)
                return BSK_ACT_GUARD; /* 514: guards, then pass */
        return BSK_ACT_PASS;
    }
    }
}

bool bsk_record_answers(int kind, int question)
{
    if (kind == question)
        return true;
    if (question == BSK_ACT_REDEAL)
        return kind == BSK_ACT_KEEP;
    if (question == BSK_ACT_TAKE || question == BSK_ACT_HIDE || question == BSK_ACT_BEFORE)
        return kind == BSK_ACT_DONE;
    return false;
}

/* branch posio: an acquired feature's declaration names it by `src` and the place of a card whose
 * feature it is (DESIGN §5 `source`); with no such card in the battle zone it keeps its index. */
static void acquired_record(const bsk_match *m, const bsk_card_table *cards, const bsk_action *a, bsk_record *r)
{
    const bsk_feature *f = bsk_match_unit_feature(m, cards, a->unit, a->index);
    int slot = bsk_match_acquired_slot(m, a->index);
    for (int i = 0; f && f->src && i < m->unit_count; i++) {
        if (m->units[i].slot != slot)
            continue;
        place_of(m, i, r->source);
        if (r->source[0] && bsk_match_acquired_index(m, cards, a->unit, slot, f->src) == a->index) {
            r->src = f->src;
            r->index = -1;
            return;
        }
    }
    r->source[0] = '\0';
}

void bsk_record_from_action(const bsk_match *m, const bsk_card_table *cards, const bsk_action *a, bsk_record *r)
{
    bsk_record_init(r, a->kind, a->player);
    switch (a->kind) {
    case BSK_ACT_PASS:
        if (bsk_record_question(m, cards) == BSK_ACT_GUARD)
            r->kind = BSK_ACT_GUARD; /* no guard */
        break;
    case BSK_ACT_MOVE:
        place_of(m, a->unit, r->from);
        cell_of(a->cell, r->to);
        break;
    case BSK_ACT_ATTACK:
    case BSK_ACT_ABILITY:
    case BSK_ACT_FEATURE:
        place_of(m, a->unit, r->from);
        place_of(m, a->target, r->to);
        if (a->target < 0 && a->cell >= 0)
            cell_of(a->cell, r->to); /* a jump or teleport names its cell (506.6) */
        r->index = a->kind != BSK_ACT_ATTACK ? a->index : -1;
        if (a->kind == BSK_ACT_FEATURE && a->index >= BSK_FEATURE_ACQUIRED)
            acquired_record(m, cards, a, r);
        break;
    case BSK_ACT_ORDER: /* the card whose trigger goes next: its place, or its name once it has none */
        if (a->index >= 0 && a->index < m->pending_count) {
            int unit = m->pending[a->index].unit;
            place_of(m, unit, r->from);
            if (!r->from[0])
                snprintf(r->card, sizeof r->card, "%s", unit_name(m, cards, unit));
        }
        break;
    case BSK_ACT_GAIN_COUNTER:
    case BSK_ACT_FLYER_TAP:
    case BSK_ACT_GUARD:
        place_of(m, a->unit, r->from);
        break;
    case BSK_ACT_STEP_DOWN:
    case BSK_ACT_USE:
        r->flag = a->index == 1;
        break;
    case BSK_ACT_MODE:
        r->index = a->index;
        break;
    case BSK_ACT_CHOOSE:
        choice_of(m, cards, a->index, r);
        break;
    case BSK_ACT_FIRST:
        r->flag = a->index == 1; /* the engine's index 1: the chooser goes first */
        break;
    case BSK_ACT_BEFORE: /* prebattle12 (issue 23): a deal card by its name, as a take */
    case BSK_ACT_TAKE: {
        const bsk_match_side *s = &m->sides[a->player - 1];
        if (a->index >= 0 && a->index < s->deal_count)
            snprintf(r->card, sizeof r->card, "%s", cards->entries[s->deal[a->index]].card->name);
        r->gold = a->gold;
        r->silver = a->silver;
        break;
    }
    case BSK_ACT_PLACE:
        if (a->unit >= 0)
            snprintf(r->card, sizeof r->card, "%s", unit_name(m, cards, a->unit));
        cell_of(a->cell, r->to);
        break;
    case BSK_ACT_HIDE:
        cell_of(a->cell, r->from);
        break;
    case BSK_ACT_HOST:
        place_of(m, a->unit, r->from);
        place_of(m, a->target, r->to);
        break;
    default:
        break;
    }
}

/* ---- Records to actions ---- */

static bsk_status no_such(bsk_error *error, const char *rule, const bsk_record *r, const char *what)
{
    return bsk_error_set(error, BSK_ERR_INVALID, rule, "%s: %s", bsk_action_kind_id(r->kind), what);
}

/* Whether ORDER record r names the card of legal ORDER action a: by place, else by name or id. */
static bool order_names(const bsk_match *m, const bsk_card_table *cards, const bsk_action *a, const bsk_record *r)
{
    char place[BSK_PLACE_MAX];
    place_of(m, a->unit, place);
    if (r->from[0])
        return strcmp(place, r->from) == 0;
    return r->card[0] && bsk_record_names_slot(cards, m->units[a->unit].slot, r->card);
}

/* DESIGN §5 `card`: the card named (by name or id) among those on the cell of `place` (a host and
 * its symbiote, an incorporeal creature sharing a cell), -1 when none is. */
static int named_unit(const bsk_match *m, const bsk_card_table *cards, const char *place, const char *name)
{
    char text[3] = {place[0], place[0] ? place[1] : '\0', '\0'};
    int cell = bsk_cell_parse(text);
    for (int i = 0; cell >= 0 && i < m->unit_count; i++)
        if (m->units[i].zone == BSK_ZONE_BATTLEFIELD && m->units[i].cell == cell &&
            bsk_record_names_slot(cards, m->units[i].slot, name))
            return i;
    return -1;
}

static bool same(const bsk_action *a, const bsk_action *b)
{
    return a->kind == b->kind && a->unit == b->unit && a->target == b->target && a->cell == b->cell &&
           a->index == b->index;
}

bsk_status bsk_record_to_action(const bsk_match *m, const bsk_card_table *cards, const bsk_record *r,
                                bsk_action *out, bsk_error *error)
{
    if (r->type != BSK_RECORD_ACTION)
        return bsk_error_set(error, BSK_ERR_INVALID, "306", "a roll is not a declaration");
    bsk_action want = {r->kind, r->player, -1, -1, -1, -1, -1, -1};
    int player = r->player;
    switch (r->kind) {
    case BSK_ACT_MOVE:
        want.unit = (int8_t)bsk_match_place_unit(m, player, r->from);
        want.cell = (int8_t)bsk_cell_parse(r->to);
        break;
    case BSK_ACT_ATTACK:
    case BSK_ACT_ABILITY:
    case BSK_ACT_FEATURE:
        want.unit = (int8_t)bsk_match_place_unit(m, player, r->from);
        want.target = (int8_t)bsk_match_place_unit(m, player, r->to);
        want.index = (int8_t)(r->kind != BSK_ACT_ATTACK ? r->index : -1);
        if (r->kind == BSK_ACT_FEATURE && r->src > 0 && want.unit >= 0) { /* DESIGN §5 `src`, `source` */
            want.index = -1;
            if (r->source[0]) { /* a feature acquired from the card at `source` */
                int from = bsk_match_place_unit(m, player, r->source);
                if (from < 0)
                    from = bsk_match_place_unit(m, player == 1 ? 2 : 1, r->source);
                if (from >= 0)
                    want.index = (int8_t)bsk_match_acquired_index(m, cards, want.unit, m->units[from].slot, r->src);
            } else { /* its own feature whose src is N */
                int count;
                const bsk_feature *f = bsk_card_table_features(cards, m->units[want.unit].slot, &count);
                for (int k = 0; k < count && want.index < 0; k++)
                    if (f[k].src == r->src)
                        want.index = (int8_t)k;
            }
            if (want.index < 0)
                return bsk_error_set(error, BSK_ERR_INVALID, "303.3", "feature from %s: it has no feature with src %d%s%s",
                                     r->from, r->src, r->source[0] ? " acquired from " : "", r->source);
        }
        if (r->kind == BSK_ACT_ABILITY && want.unit >= 0 && r->index >= 0 && r->to[0]) {
            const bsk_card *card = cards->entries[m->units[want.unit].slot].card;
            int id = r->index < card->keyword_count ? card->keywords[r->index].id : -1;
            if (id == BSK_KEYWORD_JUMP || id == BSK_KEYWORD_TELEPORT) { /* a cell, not a card (506.6) */
                want.target = -1;
                want.cell = (int8_t)bsk_cell_parse(r->to);
            }
        }
        break;
    case BSK_ACT_GAIN_COUNTER:
    case BSK_ACT_FLYER_TAP:
        want.unit = (int8_t)bsk_match_place_unit(m, player, r->from);
        break;
    case BSK_ACT_GUARD:
        if (!r->from[0]) {
            want.kind = BSK_ACT_PASS; /* no guard */
            break;
        }
        want.unit = (int8_t)bsk_match_place_unit(m, player, r->from);
        if (m->stack_count > 0)
            want.target = m->stack[m->stack_count - 1].source;
        break;
    case BSK_ACT_STEP_DOWN:
        want.index = r->flag ? 1 : 0;
        break;
    case BSK_ACT_FIRST:
        want.index = r->flag ? 1 : 2;
        break;
    case BSK_ACT_HIDE:
        want.cell = (int8_t)bsk_cell_parse(r->from);
        want.unit = (int8_t)bsk_match_place_unit(m, player, r->from);
        break;
    case BSK_ACT_HOST:
        want.unit = (int8_t)bsk_match_place_unit(m, player, r->from);
        want.target = (int8_t)bsk_match_place_unit(m, player, r->to);
        want.cell = (int8_t)bsk_cell_parse(r->to);
        break;
    case BSK_ACT_TAKE: {
        /* the legal list holds default payments only; bsk_match_apply checks any split (403.2.1) */
        int name_class = bsk_card_table_name_class(cards, r->card);
        int position = name_class < 0 ? -1 : bsk_record_deal_copy(m, cards, player, name_class);
        if (position < 0)
            return no_such(error, "403.2.1", r, "no such card left in the deal");
        *out = (bsk_action){BSK_ACT_TAKE, (uint8_t)player, -1, -1, -1, (int8_t)position, (int8_t)r->gold,
                            (int8_t)r->silver};
        return bsk_match_check(m, cards, out, error);
    }
    case BSK_ACT_BEFORE: { /* prebattle12 (issue 23): 403.1, the first copy of the name left in the deal */
        int name_class = bsk_card_table_name_class(cards, r->card);
        int position = name_class < 0 ? -1 : bsk_record_deal_copy(m, cards, player, name_class);
        if (position < 0)
            return no_such(error, "403.1", r, "no such card in the deal");
        *out = (bsk_action){BSK_ACT_BEFORE, (uint8_t)player, -1, -1, -1, (int8_t)position, -1, -1};
        return bsk_match_check(m, cards, out, error);
    }
    default:
        break;
    }
    if (bsk_record_is_declaration(r->kind) && r->card[0] && r->from[0]) { /* `card` picks one of a cell's cards */
        want.unit = (int8_t)named_unit(m, cards, r->from, r->card);
        if (want.unit < 0)
            return bsk_error_set(error, BSK_ERR_INVALID, "202", "%s: no card \"%s\" on %s", bsk_action_kind_id(r->kind),
                                 r->card, r->from);
    }
    bsk_action legal[BSK_MATCH_LEGAL_MAX];
    int n = bsk_match_legal(m, cards, legal, BSK_MATCH_LEGAL_MAX);
    if (n > BSK_MATCH_LEGAL_MAX)
        n = BSK_MATCH_LEGAL_MAX;
    bool to_act = bsk_match_to_act(m) == player;
    for (int i = 0; i < n && to_act && r->kind == BSK_ACT_CHOOSE && !r->from[0] && r->card[0]; i++) {
        /* a card by name: one with no place first (the record the engine writes for it), so a
         * graveyard card is not taken for a namesake on the battlefield */
        bsk_record option;
        bsk_record_from_action(m, cards, &legal[i], &option);
        if (legal[i].kind == BSK_ACT_CHOOSE && !option.from[0] && option.card[0] &&
            same_choice(m, cards, &option, r, legal[i].index)) {
            *out = legal[i];
            return BSK_OK;
        }
    }
    for (int i = 0; i < n && to_act; i++) {
        if (r->kind == BSK_ACT_ORDER) { /* 305.1: the pending trigger of the card named */
            if (legal[i].kind == BSK_ACT_ORDER && order_names(m, cards, &legal[i], r)) {
                *out = legal[i];
                return BSK_OK;
            }
            continue;
        }
        if (r->kind == BSK_ACT_USE || r->kind == BSK_ACT_MODE || r->kind == BSK_ACT_CHOOSE) {
            /* a feature's question: the option the record names, as the legal answer's record */
            bsk_record option;
            if (legal[i].kind != r->kind)
                continue;
            bsk_record_from_action(m, cards, &legal[i], &option);
            if (r->kind == BSK_ACT_USE ? option.flag == r->flag
                : r->kind == BSK_ACT_MODE ? option.index == r->index
                                          : same_choice(m, cards, &option, r, legal[i].index)) {
                *out = legal[i];
                return BSK_OK;
            }
            continue;
        }
        if (r->kind == BSK_ACT_PLACE) { /* the first unplaced copy of the card (404.1) */
            int name_class = bsk_card_table_name_class(cards, r->card);
            int k = name_class < 0 ? -1 : bsk_record_place_copy(m, cards, legal, n, name_class, bsk_cell_parse(r->to));
            if (k >= 0) {
                *out = legal[k];
                return BSK_OK;
            }
            break;
        }
        if (same(&legal[i], &want)) {
            *out = legal[i];
            return BSK_OK;
        }
    }
    /* 411.2 c: the active player passing priority in the Choice subphase passes the turn */
    if (to_act && r->kind == BSK_ACT_PASS && bsk_record_question(m, cards) == BSK_ACT_END_TURN) {
        *out = (bsk_action){BSK_ACT_END_TURN, (uint8_t)player, -1, -1, -1, -1, -1, -1};
        return BSK_OK;
    }
    bool feature_answer = r->kind == BSK_ACT_USE || r->kind == BSK_ACT_MODE || r->kind == BSK_ACT_CHOOSE;
    if (feature_answer && (!to_act || bsk_record_question(m, cards) != r->kind))
        return bsk_error_set(error, BSK_ERR_INVALID, bsk_action_kind_info_get(r->kind)->rule,
                             "%s: no card feature asks player %d this now", bsk_action_kind_id(r->kind), player);
    if (feature_answer) { /* asked, but not this: the rules do not allow it */
        char text[BSK_CARD_NAME_MAX + 16];
        const char *rule = bsk_action_kind_info_get(r->kind)->rule;
        const bsk_choice *c = bsk_match_choice(m);
        int cell = r->from[0] ? bsk_cell_parse(r->from) : -1;
        bsk_error refused;
        if (c && c->what == BSK_CHOOSE_CELL && cell >= 0) { /* a cell: the rule the engine names for it */
            bsk_action option = {BSK_ACT_CHOOSE, (uint8_t)player, -1, -1, -1, (int8_t)cell, -1, -1};
            if (bsk_match_check(m, cards, &option, &refused) != BSK_OK)
                rule = refused.rule;
        }
        if (c && c->pending == BSK_CHOICE_GROUP) /* group3: a card of the group the filter allows, not twice */
            rule = "512.5";
        if (c && c->pending == BSK_CHOICE_X) /* X counters: 1 up to what the card can pay (523.2, 543.2) */
            rule = "543.2";
        if (c && c->pending >= 0 && c->what == BSK_CHOOSE_NUMBER) /* count12: a trigger's X of extra lives */
            rule = "543.2";
        if (c && c->pending == BSK_CHOICE_DIE) /* dice7: one of the values its two dice show */
            rule = "306.5.2";
        if (c && c->pending == BSK_CHOICE_FORM && r->kind == BSK_ACT_MODE) { /* a werewolf's form (extension) */
            bsk_action option = {BSK_ACT_MODE, (uint8_t)player, -1, -1, -1, (int8_t)r->index, -1, -1};
            if (bsk_match_check(m, cards, &option, &refused) != BSK_OK)
                return bsk_error_set(error, BSK_ERR_INVALID, refused.rule, "mode %d: a form is mode 1 (wolf) or 2 (human)",
                                     r->index);
        }
        if (r->kind == BSK_ACT_USE)
            snprintf(text, sizeof text, "%s", r->flag ? "true" : "false");
        else if (r->from[0] || r->card[0])
            snprintf(text, sizeof text, "%s", r->from[0] ? r->from : r->card);
        else
            snprintf(text, sizeof text, "%d", r->index);
        return bsk_error_set(error, BSK_ERR_INVALID, rule, "%s %s: not an option the feature allows", bsk_action_kind_id(r->kind), text);
    }
    /* not legal: the engine names the rule */
    if (bsk_match_check(m, cards, &want, error) == BSK_OK)
        return no_such(error, "303.3", r, "not among the legal actions");
    char message[BSK_ERROR_MESSAGE_MAX], rule[BSK_ERROR_RULE_MAX];
    snprintf(message, sizeof message, "%s", error->message);
    snprintf(rule, sizeof rule, "%s", error->rule);
    bsk_error_set(error, BSK_ERR_INVALID, rule, "%s%s%s%s%s: %s", bsk_action_kind_id(r->kind),
                  r->from[0] ? " from " : "", r->from, r->to[0] ? " to " : "", r->to, message);
    return BSK_ERR_INVALID;
}

void bsk_record_add_rolls(const bsk_match *m, const bsk_events *events, size_t first, bsk_record_list *out)
{
    for (size_t i = first; i < events->count; i++) {
        const bsk_event *e = &events->items[i];
        if (e->kind != BSK_EVENT_ROLL)
            continue;
        bsk_record r;
        bsk_record_init(&r, BSK_ACT_PASS, e->player);
        r.type = BSK_RECORD_ROLL;
        r.value = e->value;
        if (e->cell >= 0) {
            cell_of(e->cell, r.from);
            if (e->seated && strlen(r.from) == 2) /* the symbiote's own place, not its host's (211.9) */
                strcat(r.from, "s");
        } else
            place_of(m, e->unit, r.from); /* a flyer in the extra zone */
        bsk_record_list_add(out, &r);
    }
}

/* ---- The runner ---- */

static bsk_status stop(bsk_position_outcome *o, int kind, const char *step, int index, const char *code)
{
    o->stop = kind;
    o->step = step;
    o->index = index;
    o->code = code;
    return BSK_ERR_INVALID;
}

/* The default answer (DESIGN §5: no guard, no step-down); the first legal one elsewhere. */
static bool default_answer(const bsk_match *m, const bsk_card_table *cards, bsk_action *out)
{
    bsk_action legal[BSK_MATCH_LEGAL_MAX];
    int n = bsk_match_legal(m, cards, legal, BSK_MATCH_LEGAL_MAX);
    if (n > BSK_MATCH_LEGAL_MAX)
        n = BSK_MATCH_LEGAL_MAX;
    for (int i = 0; i < n; i++)
        if (legal[i].kind == BSK_ACT_PASS || (legal[i].kind == BSK_ACT_STEP_DOWN && legal[i].index == 0) ||
            legal[i].kind == BSK_ACT_KEEP || legal[i].kind == BSK_ACT_DONE) {
            *out = legal[i];
            return true;
        }
    if (n > 0)
        *out = legal[0];
    return n > 0;
}

bsk_status bsk_position_run(bsk_match *m, const bsk_card_table *cards, const bsk_position_script *script,
                            bsk_event *event_items, size_t event_capacity, bsk_record_list *log,
                            bsk_position_outcome *o)
{
    memset(o, 0, sizeof *o);
    o->stop = BSK_POSITION_DONE;
    o->index = -1;
    bsk_error_clear(&o->error);
    bool used[BSK_POSITION_STEPS_MAX] = {false};
    int decisions = script->decision_count < BSK_POSITION_STEPS_MAX ? script->decision_count : BSK_POSITION_STEPS_MAX;
    int next = 0;
    int window_failed = -1; /* the action a window refused last, and why */
    bsk_error window_error;
    bsk_error_clear(&window_error);
    for (;;) {
        int player = bsk_match_to_act(m);
        if (player == 0)
            break; /* the game is over */
        int question = bsk_record_question(m, cards);
        const char *step = NULL;
        int index = -1;
        bsk_action action;
        bool fast_here = question == BSK_ACT_PASS && next < script->action_count &&
                         script->actions[next].player == player &&
                         (script->actions[next].kind == BSK_ACT_FEATURE || script->actions[next].kind == BSK_ACT_ABILITY) &&
                         at_window(m, script->actions[next].at);
        bool take = fast_here && bsk_record_to_action(m, cards, &script->actions[next], &action, &window_error) == BSK_OK;
        if (fast_here && !take)
            window_failed = next; /* kept: the reason, should no later window allow it either */
        if (take) {
            /* priority in a window (303, 512): the player's next action when it is a fast declaration
             * the window allows; otherwise the player passes (the default below) */
            step = "actions";
            index = next++;
        } else if (question == BSK_ACT_END_TURN) { /* priority in the Choice subphase (411.1) */
            if (next >= script->action_count)
                break; /* the last action has resolved: no pass, no turn ends */
            step = "actions";
            index = next++;
            if (script->actions[index].at) { /* DESIGN §5 `at`: the named step's window never opened for it */
                bsk_error_set(&o->error, BSK_ERR_INVALID, "512.4",
                              "%s of player %d waits for the window of the %s step, which closed without allowing it "
                              "(or never opened) before the Choice subphase of turn %d",
                              bsk_action_kind_id(script->actions[index].kind), script->actions[index].player,
                              bsk_record_at_id(script->actions[index].at), m->turn);
                return stop(o, BSK_POSITION_ILLEGAL, step, index, "illegal_declaration");
            }
            if (script->actions[index].player != player && window_failed == index) {
                /* a fast declaration no window allowed: the reason the last one gave */
                o->error = window_error;
                return stop(o, BSK_POSITION_ILLEGAL, step, index, "illegal_declaration");
            }
            if (script->actions[index].player != player) { /* the turn ends only at an end_turn */
                bsk_error_set(&o->error, BSK_ERR_INVALID, "411.1",
                              "%s of player %d: player %d holds priority in the Choice subphase of turn %d "
                              "(write its end_turn first)",
                              bsk_action_kind_id(script->actions[index].kind), script->actions[index].player,
                              player, m->turn);
                return stop(o, BSK_POSITION_ILLEGAL, step, index, "illegal_declaration");
            }
            if (bsk_record_to_action(m, cards, &script->actions[index], &action, &o->error))
                return stop(o, BSK_POSITION_ILLEGAL, step, index, "illegal_declaration");
        } else {
            for (int j = 0; j < decisions && !step && question != BSK_ACT_PASS; j++)
                if (!used[j] && script->decisions[j].player == player &&
                    bsk_record_answers(script->decisions[j].kind, question)) {
                    used[j] = true;
                    step = "decisions";
                    index = j;
                }
            if (step) {
                if (bsk_record_to_action(m, cards, &script->decisions[index], &action, &o->error))
                    return stop(o, BSK_POSITION_ILLEGAL, step, index, "illegal_answer");
            } else if (!default_answer(m, cards, &action)) {
                break;
            }
        }
        bsk_record record;
        bsk_record_from_action(m, cards, &action, &record);
        bsk_events events = {event_items, 0, event_capacity, 0};
        if (bsk_match_apply(m, cards, &action, &events, &o->error))
            return stop(o, BSK_POSITION_ILLEGAL, step ? step : "actions", index,
                        step && strcmp(step, "decisions") == 0 ? "illegal_answer" : "illegal_declaration");
        bsk_record_list_add(log, &record);
        bsk_record_add_rolls(m, &events, 0, log);
        if (bsk_match_dice_exhausted(m)) {
            bsk_error_set(&o->error, BSK_ERR_INVALID, "position.dice", "the position's dice ran out");
            return stop(o, BSK_POSITION_BAD_DICE, step, index, "dice_exhausted");
        }
    }
    if (next < script->action_count) { /* the game ended before these were declared */
        bsk_error_set(&o->error, BSK_ERR_INVALID, "602.1", "the game is over; action %d is never declared", next);
        return stop(o, BSK_POSITION_ILLEGAL, "actions", next, "illegal_declaration");
    }
    if (bsk_match_dice_left(m) > 0) {
        bsk_error_set(&o->error, BSK_ERR_INVALID, "position.dice", "%d of the position's dice left over",
                      bsk_match_dice_left(m));
        return stop(o, BSK_POSITION_BAD_DICE, NULL, -1, "dice_left");
    }
    for (int j = 0; j < decisions; j++)
        if (!used[j]) {
            bsk_error_set(&o->error, BSK_ERR_INVALID, "position.decisions",
                          "player %d is never asked this %s question", script->decisions[j].player,
                          bsk_action_kind_id(script->decisions[j].kind));
            return stop(o, BSK_POSITION_ILLEGAL, "decisions", j, "decision_not_asked");
        }
    return BSK_OK;
}

/* ---- Play commands (the rows' `command` texts) ---- */

/* Appends the value of placeholder `name` ("from", "n", "from|none", …) of record r. */
static void command_value(const bsk_record *r, const char *name, size_t length, char *out, size_t size)
{
    char number[16] = "";
    const char *text = "";
#define IS(word) (length == sizeof word - 1 && strncmp(name, word, length) == 0)
    if (IS("from"))
        text = r->from;
    else if (IS("to") || IS("to:cell"))
        text = r->to;
    else if (IS("card"))
        text = r->card;
    else if (IS("from|none"))
        text = r->from[0] ? r->from : "none";
    else if (IS("from|card"))
        text = r->from[0] ? r->from : r->card;
    else if (IS("choice") && (r->from[0] || r->card[0]))
        text = r->from[0] ? r->from : r->card;
    else if (IS("n") || IS("index") || IS("choice") || IS("gold") || IS("silver")) {
        int value = IS("n") ? r->index + 1 : IS("gold") ? r->gold : IS("silver") ? r->silver : r->index;
        snprintf(number, sizeof number, "%d", value);
        text = number;
    }
#undef IS
    size_t used = strlen(out);
    snprintf(out + used, size - used, "%s", text);
}

/* Whether the optional group starting at p ("[{to}]", "[{gold} {silver}]", "[turn]") is written:
 * when its first placeholder is set (a group of words only never is). */
static bool group_written(const bsk_record *r, const char *p)
{
    const char *open = strchr(p, '{'), *close = strchr(p, ']');
    if (!open || (close && close < open))
        return false;
    return strncmp(open, "{to}", 4) == 0 ? r->to[0] != '\0' : strncmp(open, "{gold}", 6) == 0 ? r->gold >= 0 : true;
}

void bsk_record_command_format(const bsk_record *r, char *out, size_t size)
{
    const bsk_action_kind_info *info = bsk_action_kind_info_get(r->kind);
    if (size == 0)
        return;
    out[0] = '\0';
    if (!info) {
        snprintf(out, size, "?");
        return;
    }
    const char *p = info->command_no && !r->flag ? info->command_no : info->command;
    bool skip = false;
    while (*p) {
        size_t used = strlen(out);
        if (*p == '[') {
            skip = !group_written(r, p);
            p++;
        } else if (*p == ']') {
            skip = false;
            p++;
        } else if (*p == '{') {
            const char *end = strchr(p, '}');
            if (!end)
                break;
            if (!skip)
                command_value(r, p + 1, (size_t)(end - p - 1), out, size);
            p = end + 1;
        } else {
            if (!skip && used + 1 < size) {
                out[used] = *p;
                out[used + 1] = '\0';
            }
            p++;
        }
    }
    for (size_t n = strlen(out); n > 0 && out[n - 1] == ' '; n--) /* a group left out leaves its space */
        out[n - 1] = '\0';
}
