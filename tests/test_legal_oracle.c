/* test_legal_oracle.c — the fast legal list against a slow list (issue 21 §1, "a test proves the
 * fast bit-set legal list equals a slow predicate list on thousands of random states").
 *
 * States: every decision point of random games of the 15 tournament decklists with fixed seeds
 * (GAMES = 80 games, deck pairs (g % 15, (7g + 3) % 15), first player alternating, uniform random
 * choices): 11,438 states, 8,990 of them in the battle (8,711 the active player's Choice with an
 * end_turn, 411.2; the rest guard 514, step-down 515.3 and priority-window answers, and Choices
 * that offer only an incorporeal creature's way off a shared cell, 524.1), whose lists hold 50,096
 * moves, 64,213 simple strikes, 45,499 abilities (10,101 of them slow jumps and teleports to a
 * cell, 506.6–506.7), 693 flyer taps, 151 guards, 178 step-down answers, 105 passes; the
 * preliminary phase's lists hold 8,864 takes, 28,841 places.
 * The tournament decks carry no activated features and no simultaneous triggers, so FEATURE and
 * ORDER entries do not occur there (the candidates are still tried: none is accepted); the
 * position files' random walks (second test) bring them.
 *
 * bsk_match_check is not independent of the list: it applies a copy, and the engine's untrusted
 * apply looks the action up in a list (in the Choice subphase the per-card list of the acting
 * card, elsewhere the whole list). So the test has two sides:
 * - written from the rules, without the engine's bit sets, place sets or target pass, for the
 *   common kinds: a move (506: an open ground creature on the battlefield, not a seated symbiote,
 *   with movement left, one orthogonal step to a free cell on the board, or for an incorporeal
 *   creature to a cell with one ground card, 524.2) and a simple strike
 *   (107.2 a, 504, 510.1, 208.8, 210.4, 210.5, 213.2, 533.6: an open creature with a printed strike
 *   and no action marker, at a card of the battle zone that is not a revealed terrain; from the
 *   extra zone at any such card; at the extra zone only with the flyer grant, at an enemy flyer;
 *   otherwise at a card of the 3×3 block whose neither card is a flyer or terrain as the active
 *   player knows it), and a slow jump or teleport (506.6, 506.7, glossary «Прыжок», «Телепортация»:
 *   an open ground creature on the battlefield, not seated, without an action marker, its whole
 *   allowance unspent, to a free cell, within X for a jump). In every Choice state the list's
 *   moves, simple strikes, jumps and teleports equal the slow ones exactly;
 * - for every kind of the battle (everything but the preliminary phase's answers), every candidate
 *   action (kind × unit −1..count−1 × target −1..count−1 or cell −1..29 (an ability: both) × the
 *   indexes that kind takes) is put to bsk_match_check, and the accepted set equals the list as a set. This side is
 *   near-circular (in the Choice subphase the check's per-card list comes from the same per-card
 *   code as the whole list, with its target pass made afresh): it proves that nothing outside the
 *   list is accepted and that the per-card and whole lists agree, not that the kinds other than
 *   moves and simple strikes follow the rules.
 * Dash (glossary «Рывок», asked through the generic question) is checked from the rules in every
 * state that asks it (check_dash): `use` only while the attacker may dash, then `choose` among
 * exactly the free orthogonal cells, asked only when there are two or more; the position walks reach
 * both questions (the glossary-dash-* files). The werewolf's form (an extension: reminder text
 * 06-060) is checked the same way (check_form): asked in the Beginning phase for exactly the active
 * player's first revealed werewolf in the battle zone without a form, answered mode 1 or 2; the
 * position walks reach it (the ext-werewolf-* files).
 * Every list has no duplicates and is accepted entry by entry, in every phase.
 *
 * Time: about 8 s in the plain build for both tests (the games: 169,646 candidate actions
 * accepted; the positions: under a second); 20 s under make asan's
 * ASan + UBSan -O1 build. */
#include "engine_fixture.h"
#include "berserk/board.h"
#include "berserk/card_table.h"
#include "berserk/match.h"
#include "berserk/rng.h"
#include "catalog.h"
#include "formats.h"
#include "position_file.h"
#include "suites.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { DECKS = 15, GAMES = 80 };
static const char *const DECK_FILES[DECKS] = {
    "01-babkina-tachanka.txt", "02-lamingi-na-vzlet.txt", "03-odin-laming-v-pole-voin.txt", "04-farro.txt",
    "05-chk-bolota.txt", "06-elfy.txt", "07-alesha-popovich.txt", "08-farro.txt", "09-koven.txt",
    "10-farro-gumno.txt", "11-obeskulachennyy-chernok.txt", "12-alesha-popovich.txt", "13-inkarnatsiya.txt",
    "14-farro.txt", "15-koven.txt"};

static bsk_catalog catalog;
static bsk_format format;
static const bsk_card *deck_cards[DECKS][BSK_MATCH_DECK_MAX];
static int deck_counts[DECKS];
static bsk_card_table table;
static bsk_match match;
static bsk_action legal[BSK_MATCH_LEGAL_MAX];
static bsk_action slow[8 * BSK_MATCH_LEGAL_MAX];

/* The cards of a tournament decklist, one entry a copy (tests/engine_fixture.c). */
static int read_deck(const char *file, const bsk_card **out)
{
    return tournament_deck_read(&catalog.pool, &format, file, out);
}

static void load_decks(void)
{
    bsk_error error;
    bsk_format_init_defaults(&format);
    bsk_catalog_init(&catalog);
    ck_assert_int_eq(bsk_catalog_load_bundled(&catalog, &error), BSK_OK);
    for (int d = 0; d < DECKS; d++)
        deck_counts[d] = read_deck(DECK_FILES[d], deck_cards[d]);
}

static void free_decks(void) { bsk_catalog_free(&catalog); }

/* ---- the slow side, from the rules ---- */

static const bsk_card_entry *entry_of(int unit) { return &table.entries[match.units[unit].slot]; }

static bool in_battle(int unit) /* 201 */
{
    int zone = match.units[unit].zone;
    return zone == BSK_ZONE_BATTLEFIELD || zone == BSK_ZONE_EXTRA;
}

static bool is_creature_of(int unit, int subtype)
{
    const bsk_card_entry *e = entry_of(unit);
    return e->type == BSK_TYPE_CREATURE && e->subtype == subtype;
}

/* 210.2, 213.1: a flyer or a terrain is adjacent to no card; 533.6: the opponent's face-down card
 * counts for `viewer` as an ordinary card on its cell. */
static bool never_adjacent(int unit, int viewer)
{
    const bsk_unit *u = &match.units[unit];
    if ((u->flags & BSK_UNIT_HIDDEN) && u->owner != viewer)
        return false;
    const bsk_card_entry *e = entry_of(unit);
    return e->type == BSK_TYPE_TERRAIN || (e->type == BSK_TYPE_CREATURE && e->subtype == BSK_SUBTYPE_FLYER);
}

static int distance8(int a, int b) /* the king's distance between two cells */
{
    int dr = bsk_cell_row(a) - bsk_cell_row(b), dc = bsk_cell_column(a) - bsk_cell_column(b);
    dr = dr < 0 ? -dr : dr;
    dc = dc < 0 ? -dc : dc;
    return dr > dc ? dr : dc;
}

/* 507.2, 524.2: whether `unit` may enter `cell`: a cell no ground card stands on; for an incorporeal
 * creature, one with at most one ground card (seated symbiotes aside). */
static bool slow_enterable(int unit, int cell)
{
    int standing = 0;
    for (int i = 0; i < match.unit_count; i++)
        standing += match.units[i].zone == BSK_ZONE_BATTLEFIELD && match.units[i].cell == cell &&
                    match.units[i].host < 0;
    /* incorporeal printed or acquired (a position's `gains`): the characteristic, not the print */
    return standing == 0 || (standing == 1 && bsk_match_unit_has_keyword(&match, &table, unit, BSK_KEYWORD_INCORPOREAL));
}

/* 506: one orthogonal step of an open ground creature with movement left to a cell it may enter. */
static bool slow_move(int unit, int cell)
{
    const bsk_unit *u = &match.units[unit];
    if (u->owner != match.active || u->zone != BSK_ZONE_BATTLEFIELD || !is_creature_of(unit, BSK_SUBTYPE_GROUND))
        return false;
    if (u->host >= 0 || (u->flags & BSK_UNIT_TAPPED) || u->move_left <= 0)
        return false;
    int dr = bsk_cell_row(cell) - bsk_cell_row(u->cell), dc = bsk_cell_column(cell) - bsk_cell_column(u->cell);
    if (dr * dr + dc * dc != 1)
        return false;
    return slow_enterable(unit, cell);
}

/* 510.3 (branch times3): how many action markers a card may have and still assault with a simple strike — the
 * largest X of its own static «может атаковать {strike} / действовать X раз за ход» (actions_per_turn on
 * itself, of the way simple_strike or act; "any": 255), 1 without one (510.1); read while it is revealed. */
static int slow_strike_limit(int unit)
{
    int count, limit = 1;
    if (match.units[unit].flags & BSK_UNIT_HIDDEN)
        return 1;
    const bsk_feature *f = bsk_card_table_features(&table, match.units[unit].slot, &count);
    for (int k = 0; k < count; k++)
        for (int r = 0; f[k].kind == BSK_FEATURE_STATIC && r < f[k].effect_count; r++) {
            const bsk_feature_effect *ef = &f[k].effects[r];
            unsigned way = ef->param & BSK_ACTIONS_KIND_MASK;
            if (ef->op != BSK_OP_ACTIONS_PER_TURN || ef->target != BSK_TARGET_SELF ||
                (way != BSK_ACTIONS_STRIKE && way != BSK_ACTIONS_ACT))
                continue;
            int x = ef->value.b <= 0 ? 255 : ef->value.b;
            limit = x > limit ? x : limit;
        }
    return limit;
}

/* A simple strike (107.2 a, 504, 510.1, 510.3, 208.8, 210.4, 210.5, 213.2, 533.6). */
static bool slow_attack(int unit, int target)
{
    int p = match.active;
    const bsk_unit *u = &match.units[unit], *t = &match.units[target];
    if (unit == target || u->owner != p || !in_battle(unit) || !in_battle(target))
        return false;
    const bsk_card_entry *e = entry_of(unit);
    if (e->type != BSK_TYPE_CREATURE || (e->flags & BSK_ENTRY_NO_STRIKE))
        return false;
    if ((u->flags & BSK_UNIT_TAPPED) || (u->actions != 0 && u->actions >= slow_strike_limit(unit)))
        return false;
    if (!(t->flags & BSK_UNIT_HIDDEN) && entry_of(target)->type == BSK_TYPE_TERRAIN)
        return false;
    if (u->zone == BSK_ZONE_EXTRA)
        return true;
    if (t->zone == BSK_ZONE_EXTRA)
        return (u->flags & BSK_UNIT_FLYER_GRANT) && t->owner != p && is_creature_of(target, BSK_SUBTYPE_FLYER);
    if (never_adjacent(unit, p) || never_adjacent(target, p))
        return false;
    return distance8(u->cell, t->cell) <= 1;
}

/* 506.6, 506.7, glossary «Прыжок, дальность X», «Телепортация»: the slow jump or teleport of
 * catalogue keyword `index` (the card's first unconditional one of its kind) to `cell`: an open
 * ground creature on the battlefield without an action marker, not seated, with its whole allowance
 * unspent (none spent by a jump either), to a free cell within the jump's range (Manhattan, 547.2). */
static bool slow_relocation(int unit, int cell, int index)
{
    const bsk_unit *u = &match.units[unit];
    const bsk_card *card = entry_of(unit)->card;
    if (u->owner != match.active || u->zone != BSK_ZONE_BATTLEFIELD || !is_creature_of(unit, BSK_SUBTYPE_GROUND))
        return false;
    int id = card->keywords[index].id;
    if ((id != BSK_KEYWORD_JUMP && id != BSK_KEYWORD_TELEPORT) || card->keywords[index].condition != BSK_CONDITION_NONE)
        return false;
    for (int k = 0; k < index; k++)
        if (card->keywords[k].id == id && card->keywords[k].condition == BSK_CONDITION_NONE)
            return false; /* 518.3: a named feature printed twice is one */
    int movement = card->movement < 0 ? 0 : card->movement;
    if (u->host >= 0 || (u->flags & BSK_UNIT_TAPPED) || u->actions != 0 || u->move_left < 0 || u->move_left < movement)
        return false;
    if (cell == u->cell || !slow_enterable(unit, cell))
        return false;
    int dr = bsk_cell_row(cell) - bsk_cell_row(u->cell), dc = bsk_cell_column(cell) - bsk_cell_column(u->cell);
    int distance = (dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc);
    return id == BSK_KEYWORD_TELEPORT || distance <= card->keywords[index].range.value;
}

/* ---- comparing ---- */

/* Glossary «Рывок» (issue 21: through the generic question), from the rules: after its own attack
 * (the completion step of the stack's top entry) an attacker that has dash (printed or acquired, not
 * lost), on a cell, seated on no host, in its controller's turn, not dashed yet this turn, may
 * relocate to a free cell orthogonally beside it. The cells, or 0 when it may not dash. */
static uint32_t slow_dash_cells(int unit)
{
    const bsk_unit *u = &match.units[unit];
    bool has = (match.granted[unit] >> BSK_KEYWORD_DASH) & 1;
    for (int k = 0; k < entry_of(unit)->card->keyword_count; k++)
        has |= entry_of(unit)->card->keywords[k].id == BSK_KEYWORD_DASH;
    has &= !((match.lost[unit] >> BSK_KEYWORD_DASH) & 1);
    if (!has || u->zone != BSK_ZONE_BATTLEFIELD || u->cell < 0 || u->host >= 0 || u->owner != match.active ||
        (u->flags2 & BSK_UNIT_DASHED) || (u->flags & BSK_UNIT_HIDDEN))
        return 0;
    uint32_t cells = 0;
    for (int cell = 0; cell < 30; cell++) {
        int dr = bsk_cell_row(cell) - bsk_cell_row(u->cell), dc = bsk_cell_column(cell) - bsk_cell_column(u->cell);
        bool free_cell = true;
        for (int o = 0; o < match.unit_count; o++)
            free_cell &= !(match.units[o].zone == BSK_ZONE_BATTLEFIELD && match.units[o].cell == cell);
        if (dr * dr + dc * dc == 1 && free_cell)
            cells |= 1u << cell;
    }
    return cells;
}

static int dash_uses, dash_cells, form_asks;

/* The werewolf forms (extension; reminder text 06-060: "before your turn, gain {wolf} or {human}
 * until the end of the opponent's turn"), from the reading: in the Beginning phase, the active
 * player's first werewolf in unit order that is in the battle zone (201: battlefield or extra zone),
 * revealed (533.4), has the keyword (printed or acquired, not lost) and has no form yet; -1. */
static int slow_form_unit(void)
{
    if (match.phase != BSK_PHASE_BEGINNING)
        return -1;
    for (int unit = 0; unit < match.unit_count; unit++) {
        const bsk_unit *u = &match.units[unit];
        bool has = (match.granted[unit] >> BSK_KEYWORD_WEREWOLF) & 1;
        for (int k = 0; k < entry_of(unit)->card->keyword_count; k++)
            has |= entry_of(unit)->card->keywords[k].id == BSK_KEYWORD_WEREWOLF &&
                   entry_of(unit)->card->keywords[k].condition == BSK_CONDITION_NONE;
        has &= !((match.lost[unit] >> BSK_KEYWORD_WEREWOLF) & 1);
        if (has && u->owner == match.active && (u->zone == BSK_ZONE_BATTLEFIELD || u->zone == BSK_ZONE_EXTRA) &&
            !(u->flags & BSK_UNIT_HIDDEN) && !((match.form[0] | match.form[1]) >> unit & 1))
            return unit;
    }
    return -1;
}

/* A form question against the reading: asked for exactly that werewolf, of its controller, with the
 * two answers mode 1 (wolf) and mode 2 (human), in that order. */
static void check_form(int n, const char *game, int state)
{
    const bsk_choice *c = bsk_match_choice(&match);
    if (!c || c->pending != BSK_CHOICE_FORM)
        return;
    int unit = slow_form_unit();
    ck_assert_msg(unit >= 0, "%s state %d: a form asked, but no werewolf is to choose one", game, state);
    ck_assert_int_eq(bsk_match_form_asked(&match, &table), unit);
    ck_assert_int_eq(c->player, match.units[unit].owner);
    ck_assert_int_eq(n, 2);
    ck_assert(legal[0].kind == BSK_ACT_MODE && legal[0].index == 1 && legal[1].kind == BSK_ACT_MODE &&
              legal[1].index == 2);
    form_asks++;
}

/* The dash's questions against the rules: `use` (yes, no) while a free cell is beside the attacker,
 * then `choose` among exactly those cells when there are two or more (one is taken without asking). */
static void check_dash(int n, const char *game, int state)
{
    const bsk_choice *c = bsk_match_choice(&match);
    if (!c || c->pending != BSK_CHOICE_DASH)
        return;
    ck_assert_msg(match.stack_count > 0, "%s state %d: a dash question with no attack on the stack", game, state);
    int unit = match.stack[match.stack_count - 1].source;
    uint32_t cells = slow_dash_cells(unit);
    ck_assert_msg(cells != 0, "%s state %d: dash asked, but the rules allow no dash", game, state);
    ck_assert_int_eq(c->player, match.units[unit].owner);
    if (c->what == BSK_CHOOSE_USE) {
        ck_assert_int_eq(n, 2);
        ck_assert(legal[0].kind == BSK_ACT_USE && legal[0].index == 1 && legal[1].kind == BSK_ACT_USE &&
                  legal[1].index == 0);
        dash_uses++;
        return;
    }
    ck_assert_int_eq(c->what, BSK_CHOOSE_CELL);
    ck_assert_msg(bsk_cells_count(cells) >= 2, "%s state %d: one free cell is asked for", game, state);
    uint32_t listed_cells = 0;
    for (int i = 0; i < n; i++) {
        ck_assert_int_eq(legal[i].kind, BSK_ACT_CHOOSE);
        listed_cells |= 1u << legal[i].index;
    }
    ck_assert_msg(listed_cells == cells && n == bsk_cells_count(cells), "%s state %d: dash cells %x, the rules' %x",
                  game, state, listed_cells, cells);
    dash_cells++;
}

static bool same(const bsk_action *a, const bsk_action *b)
{
    return a->kind == b->kind && a->player == b->player && a->unit == b->unit && a->target == b->target &&
           a->cell == b->cell && a->index == b->index;
}

static bool listed(const bsk_action *list, int n, const bsk_action *a)
{
    for (int i = 0; i < n; i++)
        if (same(&list[i], a))
            return true;
    return false;
}

static char *describe(const bsk_action *a, char *out, size_t size)
{
    snprintf(out, size, "%s unit %d target %d cell %d index %d (player %d)", bsk_action_kind_id(a->kind), a->unit,
             a->target, a->cell, a->index, a->player);
    return out;
}

/* Both lists hold the same actions of `kind` (every kind when kind < 0). */
static void assert_same_set(const bsk_action *fast, int nf, const bsk_action *other, int no, int kind,
                            const char *what, const char *game, int state)
{
    char text[128];
    for (int i = 0; i < nf; i++)
        if ((kind < 0 || fast[i].kind == kind) && !listed(other, no, &fast[i]))
            ck_abort_msg("%s state %d (turn %d, phase %s): the legal list has %s, which the %s has not", game,
                         state, match.turn, bsk_phase_id(match.phase), describe(&fast[i], text, sizeof text), what);
    for (int i = 0; i < no; i++)
        if ((kind < 0 || other[i].kind == kind) && !listed(fast, nf, &other[i]))
            ck_abort_msg("%s state %d (turn %d, phase %s): the %s has %s, which the legal list has not", game,
                         state, match.turn, bsk_phase_id(match.phase), what, describe(&other[i], text, sizeof text));
}

static int accepted, enumerated, enumerated_listed, relocations;

static void try_candidate(int kind, int unit, int target, int cell, int index, int *n)
{
    bsk_action a = {(uint8_t)kind, match.priority, (int8_t)unit, (int8_t)target, (int8_t)cell, (int8_t)index, -1, -1};
    bsk_error error;
    if (bsk_match_check(&match, &table, &a, &error) == BSK_OK) {
        ck_assert_int_lt(*n, (int)(sizeof slow / sizeof slow[0]));
        slow[(*n)++] = a;
    }
}

/* The indexes an action of `kind` by `unit` may carry: none, every index of the card's keywords
 * (BSK_ACT_ABILITY: the position file's `ability` index), the card's features (BSK_ACT_FEATURE),
 * the pending triggers (BSK_ACT_ORDER), the answers 0 and 1 (BSK_ACT_STEP_DOWN), and 0 for
 * BSK_ACT_MOVE as a wrong index. */
static int indexes_of(int kind, int unit, int *out)
{
    int n = 0;
    out[n++] = -1;
    if (kind == BSK_ACT_ABILITY && unit >= 0) {
        for (int k = 0; k < entry_of(unit)->card->keyword_count; k++)
            out[n++] = k;
    } else if (kind == BSK_ACT_FEATURE && unit >= 0) {
        for (int k = 0; k < entry_of(unit)->feature_count; k++)
            out[n++] = k;
        for (int j = 0; j < match.acquired_count; j++) /* the features it acquired (issue 22, branch posio) */
            if (match.acquired[j].until && match.acquired[j].unit == unit)
                out[n++] = BSK_FEATURE_ACQUIRED + j;
    } else if (kind == BSK_ACT_ORDER) {
        for (int k = 0; k < match.pending_count; k++)
            out[n++] = k;
    } else if (kind == BSK_ACT_STEP_DOWN) {
        out[n++] = 0;
        out[n++] = 1;
    } else if (kind == BSK_ACT_MOVE) {
        out[n++] = 0;
    }
    return n;
}

/* Every candidate of the battle's kinds put to bsk_match_check. */
static int enumerate(void)
{
    static const int KINDS[] = {BSK_ACT_PASS,       BSK_ACT_END_TURN,  BSK_ACT_MOVE,      BSK_ACT_ATTACK,
                                BSK_ACT_ABILITY,    BSK_ACT_GAIN_COUNTER, BSK_ACT_FLYER_TAP, BSK_ACT_GUARD,
                                BSK_ACT_STEP_DOWN,  BSK_ACT_FEATURE,   BSK_ACT_ORDER};
    int n = 0, count = match.unit_count;
    for (size_t k = 0; k < sizeof KINDS / sizeof KINDS[0]; k++) {
        int kind = KINDS[k];
        for (int unit = -1; unit < count; unit++) {
            int index[BSK_MAX_KEYWORDS + BSK_MATCH_PENDING_MAX + 8];
            int indexes = indexes_of(kind, unit, index);
            for (int x = 0; x < indexes; x++) {
                if (kind == BSK_ACT_MOVE) {
                    for (int cell = -1; cell < 30; cell++)
                        try_candidate(kind, unit, -1, cell, index[x], &n);
                } else {
                    if (kind == BSK_ACT_ABILITY && index[x] >= 0) /* a jump's or teleport's cell */
                        for (int cell = 0; cell < 30; cell++)
                            try_candidate(kind, unit, -1, cell, index[x], &n);
                    for (int target = -1; target < count; target++)
                        try_candidate(kind, unit, target, -1, index[x], &n);
                }
            }
        }
    }
    /* a feature's question (issue 21): the option in index only, every option any question may ask */
    static const int ANSWERS[] = {BSK_ACT_USE, BSK_ACT_MODE, BSK_ACT_CHOOSE};
    for (size_t k = 0; k < sizeof ANSWERS / sizeof ANSWERS[0]; k++)
        for (int option = -1; option < 64; option++)
            try_candidate(ANSWERS[k], -1, -1, -1, option, &n);
    return n;
}

/* The checks of one state; returns whether it was the Choice subphase. */
static bool check_state(int n, const char *game, int state)
{
    char text[128];
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < i; j++)
            if (same(&legal[i], &legal[j]))
                ck_abort_msg("%s state %d: %s is listed twice", game, state,
                             describe(&legal[i], text, sizeof text));
        bsk_error error;
        if (bsk_match_check(&match, &table, &legal[i], &error) != BSK_OK)
            ck_abort_msg("%s state %d: the listed %s is refused: %s", game, state,
                         describe(&legal[i], text, sizeof text), error.message);
    }
    if (match.phase < BSK_PHASE_BEGINNING)
        return false;
    check_dash(n, game, state);
    check_form(n, game, state);
    int m = enumerate();
    enumerated++;
    accepted += m;
    enumerated_listed += n;
    assert_same_set(legal, n, slow, m, -1, "set of actions bsk_match_check accepts", game, state);
    bool choice = false;
    for (int i = 0; i < n; i++)
        choice |= legal[i].kind == BSK_ACT_END_TURN;
    if (!choice)
        return false;
    int s = 0;
    for (int unit = 0; unit < match.unit_count; unit++) {
        for (int cell = 0; cell < 30; cell++)
            if (slow_move(unit, cell))
                slow[s++] = (bsk_action){BSK_ACT_MOVE, match.active, (int8_t)unit, -1, (int8_t)cell, -1, -1, -1};
        for (int target = 0; target < match.unit_count; target++)
            if (slow_attack(unit, target))
                slow[s++] = (bsk_action){BSK_ACT_ATTACK, match.active, (int8_t)unit, (int8_t)target, -1, -1, -1, -1};
    }
    assert_same_set(legal, n, slow, s, BSK_ACT_MOVE, "rules' moves (506)", game, state);
    assert_same_set(legal, n, slow, s, BSK_ACT_ATTACK, "rules' simple strikes (107.2 a, 504)", game, state);
    /* the jumps and teleports: the list's ability entries with a cell against the rules' */
    int r = 0, listed_relocations = 0;
    for (int unit = 0; unit < match.unit_count; unit++)
        for (int k = 0; k < entry_of(unit)->card->keyword_count; k++)
            for (int cell = 0; cell < 30; cell++)
                if (slow_relocation(unit, cell, k))
                    slow[r++] = (bsk_action){BSK_ACT_ABILITY, match.active, (int8_t)unit, -1, (int8_t)cell, (int8_t)k, -1, -1};
    for (int i = 0; i < n; i++)
        if (legal[i].kind == BSK_ACT_ABILITY && legal[i].cell >= 0) {
            ck_assert_msg(listed(slow, r, &legal[i]), "%s state %d: the legal list has %s, which the rules' jumps "
                          "and teleports (506.6, 506.7) have not", game, state, describe(&legal[i], text, sizeof text));
            listed_relocations++;
        }
    ck_assert_msg(listed_relocations == r, "%s state %d: the rules' jumps and teleports (506.6, 506.7) are %d, the "
                  "list's %d", game, state, r, listed_relocations);
    relocations += r;
    return true;
}

START_TEST(test_fast_list_equals_slow_list_on_random_games)
{
    int states = 0, choices = 0, moves = 0, attacks = 0;
    static int kinds[BSK_ACT_KIND_COUNT];
    accepted = enumerated = enumerated_listed = relocations = 0;
    for (int g = 0; g < GAMES; g++) {
        int d1 = g % DECKS, d2 = (7 * g + 3) % DECKS;
        bsk_match_deck decks[2] = {{deck_cards[d1], deck_counts[d1], false}, {deck_cards[d2], deck_counts[d2], false}};
        bsk_error error;
        bsk_rng rng;
        bsk_rng_seed(&rng, 0x1e6a1u + (uint64_t)g);
        bsk_card_table_init(&table);
        ck_assert_int_eq(bsk_match_new(&match, &table, &format.squad, decks, 2100 + (uint64_t)g, 1 + g % 2, &error),
                         BSK_OK);
        while (bsk_match_to_act(&match) != 0) {
            int n = bsk_match_legal(&match, &table, legal, BSK_MATCH_LEGAL_MAX);
            ck_assert_int_gt(n, 0);
            ck_assert_int_le(n, BSK_MATCH_LEGAL_MAX);
            char game[32];
            snprintf(game, sizeof game, "game %d", g);
            choices += check_state(n, game, states);
            for (int i = 0; i < n; i++) {
                kinds[legal[i].kind]++;
                moves += legal[i].kind == BSK_ACT_MOVE;
                attacks += legal[i].kind == BSK_ACT_ATTACK;
            }
            states++;
            bsk_match_apply_legal(&match, &table, &legal[bsk_rng_below(&rng, (uint32_t)n)], NULL);
        }
    }
    /* the counts the comment gives, and that the random games reach what they should */
    ck_assert_int_ge(states, 11000);
    ck_assert_int_ge(enumerated, 8500);
    ck_assert_int_ge(choices, 8000);
    ck_assert_int_gt(moves, 40000);
    ck_assert_int_gt(attacks, 60000);
    ck_assert_int_gt(kinds[BSK_ACT_ABILITY], 30000);
    ck_assert_int_gt(kinds[BSK_ACT_GUARD], 100);
    ck_assert_int_gt(kinds[BSK_ACT_STEP_DOWN], 100);
    ck_assert_int_gt(kinds[BSK_ACT_FLYER_TAP], 100);
    ck_assert_int_gt(kinds[BSK_ACT_PASS], 100);
    ck_assert_int_gt(relocations, 5000); /* the slow jumps of Ассасин Храма 05-213 (06-elfy) and others */
    ck_assert_int_eq(accepted, enumerated_listed);
}
END_TEST

/* The position files of tests/positions (DESIGN §5), synthetic cards and activated features among
 * them: from each one's start, a random walk of up to WALK decision points with the dice reseeded
 * (fixed seeds), every state checked as above: 136 positions, 5,201 states, whose lists hold 65
 * activated features and 14 trigger orders (305.1). */
enum { WALK = 40 };

START_TEST(test_fast_list_equals_slow_list_from_positions)
{
    char dir[512];
    snprintf(dir, sizeof dir, "%s/tests/positions", BSK_SOURCE_DIR);
    static char *names[1024];
    int count = position_names(names, 1024);
    bsk_position_file *file = malloc(sizeof *file);
    ck_assert_ptr_nonnull(file);
    int positions = 0, states = 0, features = 0, orders = 0;
    dash_uses = dash_cells = form_asks = 0;
    for (int i = 0; i < count; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        bsk_error error;
        if (bsk_position_read(path, &catalog.pool, file, &error) != BSK_OK)
            continue; /* the files that test a refused position */
        if (bsk_synthetic_table(&file->synthetic, &file->position, &table, &error) != BSK_OK ||
            bsk_match_from_position(&match, &table, &file->position, &error) != BSK_OK)
            continue;
        positions++;
        bsk_match_reseed(&match, 0x9051u + (uint64_t)i);
        bsk_rng rng;
        bsk_rng_seed(&rng, 0x5eedu + (uint64_t)i);
        for (int step = 0; step < WALK && bsk_match_to_act(&match) != 0; step++) {
            int n = bsk_match_legal(&match, &table, legal, BSK_MATCH_LEGAL_MAX);
            ck_assert_msg(n > 0, "%s: no legal action at step %d", names[i], step);
            check_state(n, names[i], step);
            for (int k = 0; k < n; k++) {
                features += legal[k].kind == BSK_ACT_FEATURE;
                orders += legal[k].kind == BSK_ACT_ORDER;
            }
            states++;
            bsk_match_apply_legal(&match, &table, &legal[bsk_rng_below(&rng, (uint32_t)n)], NULL);
        }
    }
    free_position_names(names, count);
    free(file);
    /* the counts the comment gives: every file, several thousand states, features and 305.1 orders */
    ck_assert_int_ge(positions, 130);
    ck_assert_int_ge(states, 5000);
    ck_assert_int_gt(features, 50);
    ck_assert_int_gt(orders, 10);
    ck_assert_int_gt(dash_uses, 0); /* the glossary-dash-* positions: the dash's use and cell questions */
    ck_assert_int_gt(dash_cells, 0);
    ck_assert_int_gt(form_asks, 0); /* the ext-werewolf-* positions: the form asked before the turn */
}
END_TEST

Suite *legal_oracle_suite(void)
{
    Suite *s = suite_create("legal_oracle");
    TCase *random_games = tcase_create("random_games");
    tcase_add_unchecked_fixture(random_games, load_decks, free_decks);
    tcase_set_timeout(random_games, 240);
    tcase_add_test(random_games, test_fast_list_equals_slow_list_on_random_games);
    tcase_add_test(random_games, test_fast_list_equals_slow_list_from_positions);
    suite_add_tcase(s, random_games);
    return s;
}
