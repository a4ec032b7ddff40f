/* features.c — card features as the engine runs them (card_table.h: each feature a small data
 * program): the op table (each effect op's function and properties), the per-card handler table,
 * events raised to every listening card (116) with the replacements of destruction (535),
 * triggered features collected and declared in the order of 305.1, activated features (tap,
 * counters, instant), and the priority windows of 303 and 512 in which fast actions are declared
 * (the queue moves to the stack after two passes, 303.7; a step's window opens again when its
 * action is back on top, 303.4 b). */
#include "engine.h"

#include <stdlib.h>
#include <string.h>

/* ---- The op table (in the manner of Lua's luaP_opmodes) ---- */

/* An op applied to one card (`target`; -1 for an op on the stack) by `source`, controlled by `player`. */
typedef void (*engine_op_fn)(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                             bsk_events *events);

static void op_wound(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                     bsk_events *events)
{
    (void)source, (void)player;
    engine_wound(m, cards, target, engine_prevent(m, cards, target, value, -1), events); /* 534 (branch ops2) */
}

static void op_heal(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                    bsk_events *events)
{
    (void)cards, (void)source, (void)player, (void)events;
    bsk_unit *t = &m->units[target]; /* 508.5.3: wounds never below zero */
    t->wounds = (uint8_t)(t->wounds > value ? t->wounds - value : 0);
}

static void op_gain_counters(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                             bsk_events *events)
{
    (void)source, (void)player, (void)events;
    engine_gain_counters(m, cards, target, value); /* group3: 545.2, 545.4 (a static max_counters) */
}

static void op_cancel(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                      bsk_events *events)
{
    (void)cards, (void)source, (void)player, (void)target, (void)value, (void)events;
    /* 512.6.3: cancels the attack whose Cancel step this was declared in */
    for (int i = m->stack_count - 2; i >= 0; i--)
        if ((m->stack[i].kind == BSK_ACT_ATTACK || m->stack[i].kind == BSK_ACT_ABILITY) &&
            m->stack[i].step == S_CANCEL) {
            m->stack[i].flags2 |= E2_CANCELLED;
            break;
        }
}

static void op_destroy(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                       bsk_events *events)
{
    (void)player, (void)value;
    int8_t dead[1] = {(int8_t)target}, by[BSK_MATCH_UNITS_MAX]; /* 509.1.1: death without wounds, through the funnel (535) */
    engine_destroy_by(m, cards, dead, 1, engine_destroyer(cards, source, by), events); /* curse4: by its source */
}

static void op_tap(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                   bsk_events *events)
{
    (void)cards, (void)source, (void)player, (void)value, (void)events;
    m->units[target].flags |= BSK_UNIT_TAPPED; /* not an action of its own: no action marker */
    m->units[target].move_left = 0;
}

static void op_untap(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                     bsk_events *events)
{
    (void)source, (void)player, (void)value, (void)events;
    bsk_unit *t = &m->units[target]; /* glossary «Открыть»: movement back, action markers gone */
    t->flags &= (uint8_t)~BSK_UNIT_TAPPED;
    t->actions = 0;
    t->move_left = (int8_t)engine_char_movement(m, cards, target);
}

/* incarn7 (issue 23): «инкарнирует в открытом виде» (01-141): the incarnation itself put the card in untapped
 * (engine_incarnates_open, life.c); run, it does nothing more (apply_one: affected while the card is in play). */
static void op_incarnate_open(bsk_match *m, const bsk_card_table *cards, int source, int player, int target,
                              int value, bsk_events *events)
{
    (void)m, (void)cards, (void)source, (void)player, (void)target, (void)value, (void)events;
}

bool engine_incarnates_open(const bsk_card_table *cards, int slot)
{
    int count;
    const bsk_feature *f = bsk_card_table_features(cards, slot, &count);
    for (int k = 0; k < count; k++)
        if (f[k].kind == BSK_FEATURE_TRIGGERED && f[k].event == BSK_ON_INCARNATE && f[k].role == BSK_ROLE_SELF &&
            f[k].effect_count > 0 && f[k].effects[0].op == BSK_OP_INCARNATE_OPEN)
            return true;
    return false;
}

/* token6 (issue 23): «не открывается в начале своего следующего хода» (05-158): its controller's next untap step
 * (409.2, battle.c engine_untap_all) leaves it tapped and spends the mark. */
static void op_no_untap(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                        bsk_events *events)
{
    (void)cards, (void)source, (void)player, (void)value, (void)events;
    m->units[target].flags2 |= BSK_UNIT_NO_UNTAP;
}

/* 501.9, 501.12: the counters an action of `unit` being executed has reserved — an attack's counter cost past its
 * Legality step, a feature's while it resolves (on top of the stack, or waiting for what it spawned or
 * asked) — which no effect can remove. */
static int counters_named(const bsk_match *m, const bsk_card_table *cards, int unit, bool executing);

static int counters_reserved(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return counters_named(m, cards, unit, true);
}

static void op_lose_counters(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                             bsk_events *events)
{
    (void)source, (void)player, (void)events;
    bsk_unit *t = &m->units[target]; /* 528.10: at most what it has; 501.12: never what an action reserved */
    int free = t->counters - (t->counters ? counters_reserved(m, cards, target) : 0);
    if (free > 0 && value > 0) {
        int lost = value < free ? value : free;
        t->counters = (uint8_t)(t->counters - lost);
        engine_raise(m, cards, BSK_ON_COUNTERS_LOST, target, -1, -1, lost); /* trig4: 123 */
    }
}

static void op_heal_full(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                         bsk_events *events)
{
    (void)cards, (void)source, (void)player, (void)value, (void)events;
    m->units[target].wounds = 0; /* 543.8: poison stays */
}

static void op_set_life(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                        bsk_events *events)
{
    (void)source, (void)player, (void)events;
    int life = engine_char_life(m, cards, target); /* glossary «Остаётся X текущих жизней»: no extra life */
    m->units[target].wounds = (uint8_t)(value >= life ? 0 : life - value);
}

/* Glossary «Пророчество X; [текст]»: show the top X cards of your deck, do [текст] (the feature's
 * next records), then put the shown cards on the bottom of the deck — in any order if X > 1: no
 * question chooses the order yet, so they keep theirs. No record after it reads the shown cards yet
 * (issue 22), so they go to the bottom at once. */
static void op_prophecy(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                        bsk_events *events)
{
    (void)cards, (void)target, (void)events;
    bsk_match_side *side = &m->sides[(player ? player : m->units[source].owner) - 1];
    int n = value < side->deck_count ? value : side->deck_count;
    if (n <= 0)
        return;
    uint8_t shown[BSK_MATCH_DECK_MAX];
    memcpy(shown, side->deck, (size_t)n);
    memmove(side->deck, side->deck + n, (size_t)(side->deck_count - n));
    memcpy(side->deck + side->deck_count - n, shown, (size_t)n);
}

static void op_poison(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                      bsk_events *events)
{
    (void)source, (void)player, (void)events;
    engine_give_poison(m, cards, target, value); /* not a wound: steadfastness does not stop it */
}

/* ---- The ops with parameters (issue 22, branch ops): the effect record's keyword, duration, param ---- */

/* An op that reads its effect record `ef` of feature f (gain_feature … relocate). */
typedef void (*engine_param_fn)(bsk_match *m, const bsk_card_table *cards, int source, int player, int target,
                                int value, const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events);

/* Glossary §3.2: an effect on `target` alone lasting ef's duration, made by source's feature f
 * (battle: for the battle, gone when the card leaves the battle zone, 201.2.4; end_of_turn 413.3;
 * end_of_next_turn: to the end of the controller's next turn; while: while the source is in the
 * battle zone, 122.8). */
static int action_entry(const bsk_match *m, int skip, int duration);
static bool acts_in(const bsk_stack_entry *e, int duration, int unit);

static void lasting(bsk_match *m, const bsk_card_table *cards, int source, int player, int target,
                    const bsk_feature *f, const bsk_feature_effect *ef, int op, int what, int value)
{
    static const uint8_t durations[BSK_FEATURE_DURATION_COUNT] = {
        [BSK_FDURATION_BATTLE] = BSK_DURATION_BATTLE, [BSK_FDURATION_END_OF_TURN] = BSK_DURATION_TURN,
        [BSK_FDURATION_END_OF_NEXT_TURN] = BSK_DURATION_TURN, [BSK_FDURATION_WHILE_SOURCE] = BSK_DURATION_WHILE_SOURCE,
        [BSK_FDURATION_ROLL] = BSK_DURATION_ROLL, [BSK_FDURATION_ATTACK] = BSK_DURATION_ATTACK,
        [BSK_FDURATION_END_OF_OPPONENT_TURN] = BSK_DURATION_TURN,
        [BSK_FDURATION_NEXT_ATTACK] = BSK_DURATION_NEXT_ATTACK, /* move11 */
        [BSK_FDURATION_NEXT_ATTACK_END_OF_TURN] = BSK_DURATION_NEXT_ATTACK};
    int controller = player ? player : m->units[source].owner, count;
    const bsk_feature *features = bsk_card_table_features(cards, m->units[source].slot, &count);
    int feature = f >= features && f < features + count ? (int)(f - features) : -1;
    bsk_effect e = {(int8_t)source, (int8_t)feature, (uint8_t)op, (uint8_t)what,
                    (int8_t)(value > 99 ? 99 : value < -99 ? -99 : value), BSK_FILTER_UNIT, (int8_t)target,
                    durations[ef->duration < BSK_FEATURE_DURATION_COUNT ? ef->duration : 0], 0, 0};
    if (ef->duration == BSK_FDURATION_END_OF_TURN || ef->duration == BSK_FDURATION_NEXT_ATTACK_END_OF_TURN)
        e.until = (uint8_t)engine_turn_end_of(m, 0, false);
    else if (ef->duration == BSK_FDURATION_END_OF_NEXT_TURN)
        e.until = (uint8_t)engine_turn_end_of(m, controller, true);
    else if (ef->duration == BSK_FDURATION_END_OF_OPPONENT_TURN) /* branch shield6 */
        e.until = (uint8_t)engine_turn_end_of(m, 3 - controller, false);
    else if (ef->duration == BSK_FDURATION_ROLL || ef->duration == BSK_FDURATION_ATTACK) {
        /* branch dice5, 122.4.1: on the game action the target performs now (checked again: it may be over) */
        int at = action_entry(m, 1, ef->duration);
        if (at < 0 || !acts_in(&m->stack[at], ef->duration, target))
            return;
        e.until = (uint8_t)(at + 1);
    }
    if (ef->against_card == BSK_AGAINST_CARD_TARGET) {
        /* swap12 (issue 23): «получить +2 к дальним атакам по атакованному» — its attacks at the card the feature
         * targets alone (the entry being resolved names it); 119.3: with no printed end it lasts the battle */
        const bsk_stack_entry *at = m->stack_count ? &m->stack[m->stack_count - 1] : NULL;
        if (!at || at->kind != BSK_ACT_FEATURE || at->source != source || at->target < 0 || at->target == target ||
            !engine_in_battle(&m->units[at->target]))
            return;
        e.filter = BSK_FILTER_AGAINST_UNIT;
        e.who = at->target;
    }
    if (ef->op == BSK_OP_NEXT_ROLL_EQUALS && ef->param == BSK_ROLLER_OWN) { /* focus8: «вашей карты», one for the side */
        e.filter = BSK_FILTER_CARDS_OF;
        e.who = (int8_t)controller;
    }
    engine_effect_add(m, cards, &e);
}

/* Glossary §1.6 «Получает [текст]»: for the battle an acquired keyword (engine_grant: 518.2, 518.3),
 * else an effect with the duration (engine_effect_add applies 518.2, 518.3 to it too). */
static void op_gain_feature(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                            const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    if (ef->feature_src) { /* branch posio: the source card's feature N (an acquired feature, not a keyword) */
        int slot = m->units[source].slot, controller = player ? player : m->units[source].owner, count, k = -1;
        if (ef->feature_card == BSK_FEATURE_CARD_TARGET) {
            /* acquired4: the card the feature targets (run_records passes it as `value`: the record takes no
             * value), while it is in the battle zone (502.3: else no longer a target); its card entry's feature N
             * — the state keeps (holder, card entry, feature). None with that src: nothing acquired (303.3) */
            if (value < 0 || value >= m->unit_count || value == target || !engine_in_battle(&m->units[value]))
                return;
            slot = m->units[value].slot;
        }
        const bsk_feature *own = bsk_card_table_features(cards, slot, &count);
        for (int i = 0; i < count && k < 0; i++)
            if (own[i].src == ef->feature_src && own[i].given && ef->feature_card == BSK_FEATURE_CARD_SELF)
                k = i; /* farro13 (issue 23): the feature of that sentence its card gives, never has */
        bool given = k >= 0;
        for (int i = 0; i < count && k < 0; i++)
            if (own[i].src == ef->feature_src)
                k = i;
        int until = ef->duration == BSK_FDURATION_END_OF_TURN        ? engine_turn_end_of(m, 0, false)
                    : ef->duration == BSK_FDURATION_END_OF_NEXT_TURN ? engine_turn_end_of(m, controller, true)
                    : ef->duration == BSK_FDURATION_END_OF_OPPONENT_TURN ? engine_turn_end_of(m, 3 - controller, false)
                                                                     : BSK_ACQUIRED_BATTLE;
        if (given) /* farro13: the holder keeps the giving card (the records' "placer"; 518.2: one such entry) */
            engine_acquire_given(m, cards, target, source, k, until);
        else if (k >= 0)
            engine_acquire(m, cards, target, slot, k, until);
        return;
    }
    if (engine_gain_replaced(m, cards, target, ef->keyword, events))
        return; /* curse4, 535.3: «если должно получить [K] – вместо этого …»: it does not gain it */
    if (ef->duration == BSK_FDURATION_BATTLE)
        engine_grant(m, cards, target, ef->keyword, value);
    else
        lasting(m, cards, source, player, target, f, ef, BSK_EFFECT_GRANT, ef->keyword, value);
}

/* Glossary §1.6 «теряет [текст]», §3.2 `lose_battle`: lost at any X (528.10); for the battle until
 * another feature grants it again (engine_lose), else while the effect lasts — an own keyword is
 * suppressed that long, an acquired one is removed for good (541.4: it does not come back). */
static void op_lose_feature(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                            const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    (void)value, (void)events;
    if (ef->duration == BSK_FDURATION_BATTLE) {
        engine_lose(m, target, ef->keyword);
        return;
    }
    engine_drop_acquired(m, target, ef->keyword);
    lasting(m, cards, source, player, target, f, ef, BSK_EFFECT_LOSE, ef->keyword, 0);
}

/* 508.8, glossary «+X к жизням» (104.4): X extra life (negative life for −X; they cancel, 508.8.2);
 * the wounds stay. With a duration, a life modifier that ends with it (the deaths are checked then). */
static void op_gain_extra_life(bsk_match *m, const bsk_card_table *cards, int source, int player, int target,
                               int value, const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    (void)events;
    value = engine_life_gain_allowed(m, cards, target, value); /* vamp5: a static max_life (508.2.2, 545.2) */
    if (ef->duration == BSK_FDURATION_BATTLE)
        engine_extra_life(m, target, value);
    else if (value)
        lasting(m, cards, source, player, target, f, ef, BSK_EFFECT_MODIFY, BSK_CHAR_LIFE, value);
}

/* Glossary §1.4 movement_modifier (506, 517.1): the movement left follows (engine_effect_add). */
static void op_movement_modifier(bsk_match *m, const bsk_card_table *cards, int source, int player, int target,
                                 int value, const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    (void)events;
    lasting(m, cards, source, player, target, f, ef, BSK_EFFECT_MODIFY, BSK_CHAR_MOVEMENT, value);
}

/* 106.2.1: «получает стихию E» adds E to the target's elements; «становится картой стихии E» makes E its only
 * one (an effect on BSK_CHAR_ELEMENTS, read by engine_char_elements in the effects' order). */
static void op_add_element(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                           const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    (void)value, (void)events;
    if ((engine_char_elements(m, cards, target) >> ef->param) & 1u)
        return; /* 106.2.4: an element it has already is not given (illegal to execute) */
    lasting(m, cards, source, player, target, f, ef, BSK_EFFECT_MODIFY, BSK_CHAR_ELEMENTS, 1 << ef->param);
}

static void op_set_element(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                           const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    (void)value, (void)events;
    lasting(m, cards, source, player, target, f, ef, BSK_EFFECT_SET, BSK_CHAR_ELEMENTS, 1 << ef->param);
}

/* 601.2: «вы выиграли игру» / «противник проиграл игру»: the game ends at once, the feature's controller the
 * winner (602.1: nothing after it changes that). */
static void op_win(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                   bsk_events *events)
{
    (void)cards, (void)target, (void)value, (void)events;
    if (!m->result.over)
        engine_finish(m, player ? player : m->units[source].owner, BSK_RESULT_FEATURE);
}

/* 519.2 group 1: +X / −X to each of the target's die rolls (engine_die_modifier). */
static void op_die_roll_modifier(bsk_match *m, const bsk_card_table *cards, int source, int player, int target,
                                 int value, const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    (void)events;
    lasting(m, cards, source, player, target, f, ef, BSK_EFFECT_MODIFY, BSK_CHAR_DIE_ROLL, value);
}

/* 520.2 c «+X к атаке» (the simple strike's «+X к удару» too, 520 example 1): one effect per attack
 * kind of ef->param, read by engine_magnitude as an ADD modifier (not the base simple strike, 104.4). */
static void op_attack_modifier(bsk_match *m, const bsk_card_table *cards, int source, int player, int target,
                               int value, const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    (void)events;
    for (unsigned kinds = ef->param; kinds; kinds &= kinds - 1)
        lasting(m, cards, source, player, target, f, ef, BSK_EFFECT_MODIFY, bsk_char_attack(__builtin_ctz(kinds)),
                value);
}

/* Glossary «Перемещение», 507.2: the free cells `unit` may be relocated to under rule `to`
 * (BSK_RELOCATE_*): a ground card standing on its cell — not a flyer (glossary «Летающее существо»:
 * never relocated), not a seated symbiote (211.11: it goes with its host), not a card elsewhere. */
/* branch posio: glossary §2.7 named markers, placed or removed (at most what it has, 528.10). */
static void op_place_named_marker(bsk_match *m, const bsk_card_table *cards, int source, int player, int target,
                                  int value, const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    (void)f, (void)events;
    int carried = engine_marker_feature(cards, m->units[source].slot, ef->marker);
    if (carried >= 0) { /* mark9 (issue 23), 544.1: the marked card acquires the feature the marker carries, one a
                           marker (544.5), recording the card that placed it (544.4) */
        int until = ef->duration == BSK_FDURATION_END_OF_TURN ? engine_turn_end_of(m, 0, false)
                    : ef->duration == BSK_FDURATION_END_OF_TARGET_TURN /* «до конца своего хода»: its controller's */
                        ? engine_turn_end_of(m, m->units[target].owner, false)
                        : BSK_ACQUIRED_BATTLE;
        for (int i = 0; i < value && i < BSK_MATCH_ACQUIRED_MAX; i++)
            engine_acquire_marker(m, cards, target, source, carried, until);
        return;
    }
    if (value > 0) /* group3: the placer recorded when a filter reads it (544.3) */
        engine_named_add_by(m, target, ef->marker, cards->markers_by ? (player ? player : m->units[source].owner) : 0, value);
}

static void op_remove_named_marker(bsk_match *m, const bsk_card_table *cards, int source, int player, int target,
                                   int value, const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    (void)source, (void)f, (void)events;
    if (value > 0)
        engine_named_add_by(m, target, ef->marker, cards->markers_by ? (player ? player : m->units[source].owner) : 0, -value);
}

/* cell7 (issue 23): 544.1, named markers on cells. The cells of a cell-marker record (BSK_CELL_*): the cell its
 * controller chose as the feature began to resolve (the entry's `cell`, as relocate's; a free one still free), the
 * cell of the trigger's card — where it stands, or stood when it died (509.3: bsk_match.died_cell) — or every cell. */
static uint32_t marker_cells(const bsk_match *m, int source, int chosen, const bsk_feature_effect *ef)
{
    const uint32_t board = (1u << (BSK_BOARD_ROWS * BSK_BOARD_COLUMNS)) - 1u;
    if (ef->param == BSK_CELL_ALL)
        return board;
    if (ef->param == BSK_CELL_EVENT) {
        if (chosen < 0 || chosen >= m->unit_count)
            return 0;
        const bsk_unit *u = &m->units[chosen];
        if (u->zone == BSK_ZONE_BATTLEFIELD)
            return u->cell >= 0 ? 1u << u->cell : 0;
        int died = u->zone == BSK_ZONE_GRAVEYARD ? m->died_cell[chosen] : 0;
        return died && died != BSK_DIED_EXTRA ? 1u << (died - 1) : 0;
    }
    const bsk_stack_entry *e = m->stack_count ? &m->stack[m->stack_count - 1] : NULL;
    if (!e || e->kind != BSK_ACT_FEATURE || e->source != source || e->cell < 0)
        return 0; /* no cell was chosen (none free) */
    if (ef->param == BSK_CELL_CHOSEN_FREE && ((m->occupied >> e->cell) & 1u))
        return 0;
    return 1u << e->cell;
}

/* The cells a chosen-cell record offers (BSK_CELL_CHOSEN, BSK_CELL_CHOSEN_FREE). */
static uint32_t marker_choices(const bsk_match *m, const bsk_feature_effect *ef)
{
    const uint32_t board = (1u << (BSK_BOARD_ROWS * BSK_BOARD_COLUMNS)) - 1u;
    return ef->param == BSK_CELL_CHOSEN_FREE ? board & ~m->occupied : board;
}

static void op_cell_marker(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                           const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    (void)cards, (void)f, (void)events;
    int by = player ? player : m->units[source].owner; /* 544.3: the controller's squad placed them */
    int until = ef->duration == BSK_FDURATION_END_OF_TURN ? engine_turn_end_of(m, 0, false) : 0;
    bool add = ef->op == BSK_OP_CELL_MARKER_ADD;
    if (value <= 0)
        return;
    for (uint32_t cells = marker_cells(m, source, target, ef); cells; cells &= cells - 1)
        engine_cell_marker_add(m, __builtin_ctz(cells), ef->marker, by, add ? value : -value, until);
}

/* The cells relocate `to` allows unit; `away` (react10: "away_from_attacker") the striker it must not stand next to,
 * -1 for none; `source` the feature's card (move11: "next_to_self"). */
static uint32_t relocate_cells(const bsk_match *m, int unit, int to, int away, int source)
{
    const bsk_unit *u = &m->units[unit];
    if (u->zone != BSK_ZONE_BATTLEFIELD || u->cell < 0 || u->host >= 0 || m->at[u->cell] != unit)
        return 0;
    if (to == BSK_RELOCATE_NEXT_TO_SELF) { /* move11 (issue 23): 05-170 «на клетку рядом с собой» (glossary «Рядом») */
        const bsk_unit *s = &m->units[source];
        if (s->zone != BSK_ZONE_BATTLEFIELD || s->cell < 0)
            return 0; /* a flyer or a card gone has no cell next to it */
        return bsk_cell_neighbours(s->cell) & ~m->occupied & ~(1u << u->cell);
    }
    if (to == BSK_RELOCATE_BACK) { /* move8 (issue 23): glossary «Назад», one cell down the column as its
                                    * controller sees it (player 1's rows grow toward the opponent, DESIGN §2) */
        int row = ENGINE_ROW[u->cell] + (u->owner == 1 ? -1 : 1);
        uint32_t back = row < 0 || row >= BSK_BOARD_ROWS ? 0u : 1u << (row * BSK_BOARD_COLUMNS + ENGINE_COL[u->cell]);
        return back & ~m->occupied;
    }
    if (to == BSK_RELOCATE_FORWARD) { /* count12 (issue 23): glossary «Вперёд», one cell up the column as its
                                       * controller sees it (toward the opponent's edge), 05-169 «на клетку вперед» */
        int row = ENGINE_ROW[u->cell] + (u->owner == 1 ? 1 : -1);
        uint32_t ahead = row < 0 || row >= BSK_BOARD_ROWS ? 0u : 1u << (row * BSK_BOARD_COLUMNS + ENGINE_COL[u->cell]);
        return ahead & ~m->occupied;
    }
    if (to == BSK_RELOCATE_ROWS_2_3) { /* batl9: the controller's rows 2 and 3 (player 1's global rows 2, 1; player 2's
                                        * 5, 6: 0-based 1, 0 and 4, 5) */
        uint32_t row = (1u << BSK_BOARD_COLUMNS) - 1u;
        uint32_t rows = u->owner == 1 ? row | row << BSK_BOARD_COLUMNS
                                      : (row << (4 * BSK_BOARD_COLUMNS)) | (row << (5 * BSK_BOARD_COLUMNS));
        return rows & ~m->occupied & ~(1u << u->cell);
    }
    uint32_t cells = to == BSK_RELOCATE_ANY || to == BSK_RELOCATE_TELEPORT ? (1u << (BSK_BOARD_ROWS * BSK_BOARD_COLUMNS)) - 1u
                     : to == BSK_RELOCATE_ORTHOGONAL ? bsk_cell_orthogonal(u->cell)
                                                     : bsk_cell_neighbours(u->cell);
    /* react10 (issue 23): 06-091 «не рядом с атаковавшим»: not a cell next to the striker's (glossary «Рядом»: a
     * card off the battlefield, a flyer, is next to none) */
    if (to == BSK_RELOCATE_AWAY && away >= 0 && m->units[away].zone == BSK_ZONE_BATTLEFIELD && m->units[away].cell >= 0)
        cells &= ~(bsk_cell_neighbours(m->units[away].cell) | 1u << m->units[away].cell);
    return cells & ~m->occupied & ~(1u << u->cell);
}

/* react10 (issue 23): the striker a relocate "away_from_attacker" keeps off: an on_attack_wounds trigger naming the
 * wounded card keeps it as its x (raise_one), 1 + the unit; -1 for none. */
static int relocate_away(const bsk_stack_entry *e)
{
    return (e->flags & E_TRIGGERED) && e->x ? e->x - 1 : -1;
}

/* The cell was chosen as the feature began to resolve (engine_resolve_feature: the entry's cell);
 * still free and allowed, the card goes there: not a movement (507.1: no movement point), on_move
 * hears it, a seated symbiote goes along (engine_relocate). */
static void op_relocate(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                        const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    (void)player, (void)value, (void)f;
    const bsk_stack_entry *e = m->stack_count ? &m->stack[m->stack_count - 1] : NULL;
    if (ef->param == BSK_RELOCATE_SWAP) { /* swap12 (issue 23): no cell; the group's other card, or the feature's own */
        int other = source;
        if (e && e->kind == BSK_ACT_FEATURE && e->source == source && e->group) {
            uint64_t group = m->groups[e->group - 1];
            /* 122.14: one swap of the two; the group's records run card by card, so its second card does nothing */
            if (__builtin_popcountll(group) != 2 || target != engine_first(group))
                return;
            other = engine_first(group & (group - 1));
        }
        if (other != target && engine_swappable(m, target) && engine_swappable(m, other))
            engine_swap(m, cards, target, other, events); /* 122.14: one that may not be relocated: neither moves */
        return;
    }
    if (!e || e->kind != BSK_ACT_FEATURE || e->source != source || e->cell < 0)
        return; /* no cell was free (or no stack entry resolves it: a replacement) */
    if (!((relocate_cells(m, target, ef->param, relocate_away(e), source) >> e->cell) & 1u))
        return;
    if (ef->param == BSK_RELOCATE_TELEPORT) { /* spawn8 (issue 23): only a creature teleports (glossary «Телепортация») */
        if (!engine_char_creature(m, cards, target))
            return;
        int from = m->units[target].cell;
        engine_relocate(m, cards, target, e->cell, events);
        engine_raise(m, cards, BSK_ON_TELEPORT, target, -1, -1, from); /* «при телепортации» */
        return;
    }
    engine_relocate(m, cards, target, e->cell, events);
}

/* grave5 (issue 23): the creatures of `player`'s graveyard with an incarnation token (bit u: unit u) */
static uint64_t incarnation_holders(const bsk_match *m, const bsk_card_table *cards, int player)
{
    uint64_t set = 0;
    for (int u = 0; u < m->unit_count; u++)
        if (m->units[u].zone == BSK_ZONE_GRAVEYARD && m->units[u].owner == player && m->units[u].incarnation > 0 &&
            engine_char_creature(m, cards, u))
            set |= 1ull << u;
    return set;
}

/* grave5: «снять жетон инкарнации с вашего существа на кладбище» (536.7): the card the resolving entry's
 * question chose (kept in its `cell`, as relocate's cell) loses `value` tokens, at most what it has. */
static void op_lose_incarnation(bsk_match *m, const bsk_card_table *cards, int source, int player, int target,
                                int value, bsk_events *events)
{
    (void)target, (void)events;
    const bsk_stack_entry *e = m->stack_count ? &m->stack[m->stack_count - 1] : NULL;
    int owner = player ? player : m->units[source].owner;
    if (!e || e->kind != BSK_ACT_FEATURE || e->source != source || e->cell < 0 ||
        !((incarnation_holders(m, cards, owner) >> e->cell) & 1u))
        return;
    bsk_unit *u = &m->units[e->cell];
    int had = u->incarnation;
    u->incarnation = (uint8_t)(u->incarnation > value ? u->incarnation - value : 0);
    if (had > u->incarnation) /* inc9: «теряет жетон инкарнации» */
        engine_raise(m, cards, BSK_ON_INCARNATION_LOST, e->cell, -1, -1, had - u->incarnation);
}

/* inc9 (issue 23): the cards of `player`'s graveyard that may get an incarnation token (536.7.1): an unused
 * incarnation X (536.7.3; 211.8: not a symbiote) and fewer than X tokens (bit u: unit u) */
static uint64_t incarnation_takers(const bsk_match *m, const bsk_card_table *cards, int player)
{
    uint64_t set = 0;
    for (uint64_t rest = m->incarnating; rest; rest &= rest - 1) {
        int u = engine_first(rest);
        const bsk_unit *unit = &m->units[u];
        if (unit->zone != BSK_ZONE_GRAVEYARD || unit->owner != player || (unit->flags2 & BSK_UNIT_INCARNATED) ||
            engine_char_symbiote(m, cards, u))
            continue;
        int x = engine_char_x(m, cards, u, BSK_KEYWORD_INCARNATION, 0);
        if (x > 0 && unit->incarnation < x)
            set |= 1ull << u;
    }
    return set;
}

/* inc9: «карта на вашем кладбище получает жетон инкарнации» (536.7.1): the card the resolving entry's question
 * chose (its `cell`) gets `value` tokens, at most its X; with X it incarnates at once (536.7.1, 536.7.2: or waits
 * for a free cell). */
static void op_gain_incarnation(bsk_match *m, const bsk_card_table *cards, int source, int player, int target,
                                int value, bsk_events *events)
{
    (void)target; /* "target": "self" (BSK_GRAVE_SELF) took the source as the entry's cell (relocate_ask) */
    const bsk_stack_entry *e = m->stack_count ? &m->stack[m->stack_count - 1] : NULL;
    int owner = player ? player : m->units[source].owner;
    if (!e || e->kind != BSK_ACT_FEATURE || e->source != source || e->cell < 0 || value <= 0 ||
        !((incarnation_takers(m, cards, owner) >> e->cell) & 1u))
        return;
    bsk_unit *u = &m->units[e->cell];
    int x = engine_char_x(m, cards, e->cell, BSK_KEYWORD_INCARNATION, 0);
    u->incarnation = (uint8_t)(u->incarnation + value < x ? u->incarnation + value : x);
    engine_incarnation(m, cards, false, events); /* 536.7.1: it incarnates when it has X */
}

/* grave10 (issue 23): the positions of `player`'s deck (bit i: position i, the first 64) whose card matches filter's
 * face (engine_filter_slot), the first copy of each name class (copies are one choice, as records name them). */
static uint64_t deck_choices(const bsk_match *m, const bsk_card_table *cards, int player, int filter, int viewer,
                             int anchor)
{
    const bsk_match_side *side = &m->sides[player - 1];
    uint64_t set = 0;
    for (int i = 0; i < side->deck_count && i < BSK_DECK_OPTION_NONE; i++) { /* spawn11: 63 is "none" */
        int slot = side->deck[i];
        if (!engine_filter_slot(m, cards, filter, viewer, anchor, slot))
            continue;
        bool seen = false;
        for (uint64_t s = set; s && !seen; s &= s - 1)
            seen = cards->name_class[side->deck[engine_first(s)]] == cards->name_class[slot];
        if (!seen)
            set |= 1ull << i;
    }
    return set;
}

/* grave10: as its controller looks through the deck (204.2), the matching cards are put first, in their order (the
 * deck is shuffled after the look, so where they were does not matter), so every one is an option of the first 64. */
static void deck_matches_first(bsk_match *m, const bsk_card_table *cards, int player, int filter, int viewer,
                               int anchor)
{
    bsk_match_side *side = &m->sides[player - 1];
    uint8_t rest[BSK_MATCH_DECK_MAX];
    int n = 0, r = 0;
    for (int i = 0; i < side->deck_count; i++) {
        int slot = side->deck[i];
        if (engine_filter_slot(m, cards, filter, viewer, anchor, slot))
            side->deck[n++] = (uint8_t)slot;
        else
            rest[r++] = (uint8_t)slot;
    }
    memcpy(side->deck + n, rest, (size_t)r);
}

/* The card at position `cell` of player's deck taken out of it, as the unit a position's deck card or a card
 * returned to the deck already is, else as a new unit (left in the deck zone: the caller moves it); -1, the deck
 * untouched, when the units are full (DESIGN §5: a draw by cap, never a crash). grave10's and spawn11's ops. */
static int deck_take(bsk_match *m, int player, int cell)
{
    bsk_match_side *side = &m->sides[player - 1];
    int slot = side->deck[cell], unit = -1;
    for (int i = 0; i < m->unit_count && unit < 0; i++)
        if (m->units[i].zone == BSK_ZONE_DECK && m->units[i].owner == player && m->units[i].slot == slot)
            unit = i;
    if (unit < 0) {
        if (m->unit_count >= BSK_MATCH_UNITS_MAX) {
            engine_capacity_cap(m, BSK_CAP_EFFECTS);
            return -1;
        }
        unit = engine_unit_new(m, slot, player);
    }
    memmove(side->deck + cell, side->deck + cell + 1, (size_t)(side->deck_count - cell - 1));
    side->deck_count--;
    return unit;
}

/* grave10: «найдите [карту] и положите на кладбище», «положить [карту] из колоды на кладбище»: the deck card the
 * resolving entry's question chose (its `cell`: a deck position) goes to its owner's graveyard (205.1: from the deck,
 * not a destruction: no on_death), as the unit a position's deck card or a card returned to the deck already is, else
 * as a new unit; the deck is then shuffled (204.2, from the state's RNG). */
static void op_deck_to_graveyard(bsk_match *m, const bsk_card_table *cards, int source, int player, int target,
                                 int value, const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    (void)player, (void)target, (void)value, (void)f, (void)events;
    const bsk_stack_entry *e = m->stack_count ? &m->stack[m->stack_count - 1] : NULL;
    if (!e || e->kind != BSK_ACT_FEATURE || e->source != source || e->cell < 0 ||
        !((deck_choices(m, cards, e->player, ef->from_filter, source, e->target) >> e->cell) & 1u))
        return;
    int unit = deck_take(m, e->player, e->cell);
    if (unit < 0)
        return;
    engine_to_zone(m, cards, unit, BSK_ZONE_GRAVEYARD);
    engine_derive(m, cards); /* a new unit: its creature bit */
    bsk_match_side *side = &m->sides[e->player - 1];
    bsk_rng_shuffle_u8(&m->dice.rng, side->deck, (size_t)side->deck_count); /* 204.2: shuffled after the look */
}

/* ---- Summons (spawn11, issue 23; 536.5, glossary «Вызов») ---- */

static bool ask_or_take(bsk_match *m, bsk_stack_entry *e, int what, uint64_t options);
static uint64_t with_attack_cards(const bsk_match *m, const bsk_card_table *cards, const bsk_feature_effect *ef,
                                  const bsk_stack_entry *e);
static int with_anchor(const bsk_card_table *cards, const bsk_feature_effect *ef, int otherwise, int targeted);

/* The cell a summon is anchored to (536.5 «рядом с вызывающей картой»; "adjacent_to_target": the feature's target):
 * its cell, or the cell it died on when it is in the graveyard (201.2.3, 509.3); -1 when none. */
static int summon_anchor_cell(const bsk_match *m, const bsk_stack_entry *e, const bsk_feature_effect *ef)
{
    int anchor = ef->param == BSK_SUMMON_NEAR_SELF ? e->source : e->target;
    if (anchor < 0 || anchor >= m->unit_count)
        return -1;
    const bsk_unit *u = &m->units[anchor];
    if (u->zone == BSK_ZONE_BATTLEFIELD)
        return u->cell;
    int died = m->died_cell[anchor];
    return u->zone == BSK_ZONE_GRAVEYARD && died && died != BSK_DIED_EXTRA ? died - 1 : -1;
}

/* 536.5: the free cells (a ground card's, at most one a cell) a summoned card may enter; "target_cell": the target's
 * own cell (its records free it first). */
static uint32_t summon_cells(const bsk_match *m, const bsk_stack_entry *e, const bsk_feature_effect *ef)
{
    int cell = summon_anchor_cell(m, e, ef);
    if (ef->param == BSK_SUMMON_ON_TARGET)
        return cell >= 0 && m->units[e->target].zone == BSK_ZONE_BATTLEFIELD ? 1u << cell : 0;
    return cell >= 0 ? bsk_cell_neighbours(cell) & ~m->occupied : 0;
}

/* The unit of `player` in the hand (207: only a summoned card waits there), -1 when none. */
static int summon_hand_unit(const bsk_match *m, int player)
{
    for (int i = 0; i < m->unit_count; i++)
        if (m->units[i].zone == BSK_ZONE_HAND && m->units[i].owner == player)
            return i;
    return -1;
}

/* The summon record of f (the first), NULL when none. */
static const bsk_feature_effect *summon_record(const bsk_feature *f)
{
    for (int k = 0; k < f->effect_count; k++)
        if (f->effects[k].op == BSK_OP_SUMMON)
            return &f->effects[k];
    return NULL;
}

/* 536.5.1: the deck cards a summon may find — not a symbiote, which a text must seat on a named host (211.8) — and
 * "none" (536.5.1 «если он не нашёл … или не захотел»: paid all the same). */
static uint64_t summon_choices(const bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e,
                               const bsk_feature_effect *ef)
{
    const bsk_match_side *side = &m->sides[e->player - 1];
    uint64_t set = deck_choices(m, cards, e->player, ef->from_filter, e->source, e->target);
    for (uint64_t rest = set; rest; rest &= rest - 1) {
        const bsk_card_entry *c = &cards->entries[side->deck[engine_first(rest)]];
        if (c->type == BSK_TYPE_CREATURE && (c->subtype == BSK_SUBTYPE_COMPANION || c->subtype == BSK_SUBTYPE_PARASITE))
            set &= ~(1ull << engine_first(rest));
    }
    return set | 1ull << BSK_DECK_OPTION_NONE;
}

/* 536.5.1.2: the deck card chosen (the entry's `cell`: a deck position, BSK_DECK_OPTION_NONE none) goes to the hand
 * (207), as the unit a position's deck card already is, else a new unit; -1 when none. */
static int summon_to_hand(bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e,
                          const bsk_feature_effect *ef)
{
    if (e->cell < 0 || e->cell == BSK_DECK_OPTION_NONE || !((summon_choices(m, cards, e, ef) >> e->cell) & 1u))
        return -1;
    int unit = deck_take(m, e->player, e->cell);
    if (unit < 0)
        return -1;
    engine_to_zone(m, cards, unit, BSK_ZONE_HAND);
    engine_derive(m, cards); /* a new unit: its creature bit */
    return unit;
}

/* 536.5.1: a summon's second question — the card its controller found went to the hand; now its cell, among the free
 * cells adjacent to the anchor (one taken without asking; a flyer needs none, 536.4: the extra zone, -2). True when
 * asked. */
static bool summon_ask(bsk_match *m, const bsk_card_table *cards, const bsk_feature *f, bsk_stack_entry *e)
{
    const bsk_feature_effect *ef = summon_record(f);
    if (!ef || (e->flags3 & E3_SUMMONING))
        return false;
    e->flags3 |= E3_SUMMONING;
    if ((ef->place & BSK_SUMMON_TARGET_WOUNDS) && e->target >= 0) /* «с тем же числом ран»: as it is declared */
        e->x = engine_in_battle(&m->units[e->target]) ? m->units[e->target].wounds : 0;
    int unit = summon_to_hand(m, cards, e, ef);
    uint32_t cells = summon_cells(m, e, ef);
    e->cell = -1;
    if (unit < 0)
        return false;
    if (engine_char_never_adjacent(m, cards, unit)) { /* 536.4: a flyer goes to the extra zone (the place's
                                                         conditions still met: a cell adjacent to the anchor) */
        e->cell = (int8_t)(ef->param == BSK_SUMMON_NEAR_SELF || cells ? -2 : -1);
        return false;
    }
    return ask_or_take(m, e, BSK_CHOOSE_CELL, cells);
}

/* spawn11: «вызвать [карту]» (536.5): the card in its controller's hand (summon_ask) enters the battle zone on the
 * entry's cell, open and revealed, under its owner's control (536.5; no card changes control yet), or to the extra zone
 * for a flyer (536.4), with the features its summoner's card gives in this sentence (glossary «Входит в игру с
 * [текст]»: acquired for the battle, nothing triggers on them); on_enter is heard. A cell no longer free: the summon
 * fails and the card goes back to the deck (207.2). The deck is shuffled either way (536.5.1.3: it was looked
 * through). */
static void op_summon(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                      const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    (void)player, (void)target, (void)value, (void)events;
    const bsk_stack_entry *e = m->stack_count ? &m->stack[m->stack_count - 1] : NULL;
    if (!e || e->kind != BSK_ACT_FEATURE || e->source != source || !(e->flags3 & E3_SUMMONING))
        return;
    bsk_match_side *side = &m->sides[e->player - 1];
    int unit = summon_hand_unit(m, e->player);
    bool onto = e->cell >= 0 && e->cell < BSK_BOARD_CELLS && !((m->occupied >> e->cell) & 1u) &&
                (ef->param == BSK_SUMMON_ON_TARGET || ((summon_cells(m, e, ef) >> e->cell) & 1u));
    if (unit >= 0 && !onto && e->cell != -2) { /* 207.2: a failed summon: back to the deck */
        engine_to_zone(m, cards, unit, BSK_ZONE_DECK);
        if (side->deck_count < BSK_MATCH_DECK_MAX)
            side->deck[side->deck_count++] = m->units[unit].slot;
        engine_derive(m, cards);
        unit = -1;
    }
    if (unit >= 0) {
        bsk_unit *u = &m->units[unit];
        engine_to_zone(m, cards, unit, e->cell == -2 ? BSK_ZONE_EXTRA : BSK_ZONE_BATTLEFIELD);
        if (e->cell >= 0) {
            u->cell = e->cell;
            engine_set_at(m, e->cell, unit);
        }
        u->flags &= (uint8_t)~(BSK_UNIT_HIDDEN | BSK_UNIT_TAPPED); /* 536.5: open, revealed */
        u->actions = 0;
        u->wounds = (uint8_t)((ef->place & BSK_SUMMON_TARGET_WOUNDS) ? e->x : 0); /* «с тем же числом ран» */
        u->move_left = (int8_t)engine_char_movement(m, cards, unit);
        if (ef->place & BSK_SUMMON_TAPPED) { /* «в закрытом виде» */
            u->flags |= BSK_UNIT_TAPPED;
            u->move_left = 0;
        }
        engine_derive(m, cards);
        int count, slot = m->units[source].slot;
        const bsk_feature *own = bsk_card_table_features(cards, slot, &count);
        for (int k = 0; k < count; k++) /* glossary «Входит в игру с [текст]» */
            if (own[k].given && own[k].src == f->src)
                engine_acquire(m, cards, unit, slot, k, BSK_ACQUIRED_BATTLE);
    }
    bsk_rng_shuffle_u8(&m->dice.rng, side->deck, (size_t)side->deck_count); /* 536.5.1.3 */
    if (unit >= 0)
        engine_raise(m, cards, BSK_ON_ENTER, unit, -1, -1, 0); /* glossary §6: "on_enter" (536.2: taken into the squad) */
}

/* ---- The ops that act inside an attack or take a card away (issue 22, branch ops2) ---- */

static void push_entry(bsk_match *m, const bsk_stack_entry *entry);
static void fill_entry(bsk_stack_entry *e, int kind, int player, int unit, int target, int feature, uint8_t flags);

/* Where record ef of feature f lies among unit's features: ENGINE_SPAWNED_ATTACK + j * records + r for
 * the card's own feature j, ENGINE_SPAWNED_ACQUIRED + a * records + r for its acquired entry a; -1 when f
 * is neither (never: op_spawn_attack runs a feature of its unit). */
static int spawned_attack_index(const bsk_match *m, const bsk_card_table *cards, int unit, const bsk_feature *f,
                                const bsk_feature_effect *ef)
{
    int count, r = (int)(ef - f->effects);
    const bsk_feature *own = bsk_card_table_features(cards, m->units[unit].slot, &count);
    for (int j = 0; j < count && j < BSK_CARD_FEATURES_MAX; j++)
        if (&own[j] == f)
            return ENGINE_SPAWNED_ATTACK + j * BSK_FEATURE_EFFECTS_MAX + r;
    for (int a = 0; a < m->acquired_count && a < BSK_MATCH_ACQUIRED_MAX; a++)
        if (engine_unit_feature(m, cards, unit, BSK_FEATURE_ACQUIRED + a) == f)
            return ENGINE_SPAWNED_ACQUIRED + a * BSK_FEATURE_EFFECTS_MAX + r;
    return -1;
}

const bsk_attack *engine_spawned_attack(const bsk_match *m, const bsk_card_table *cards, int unit, int k)
{
    static const bsk_attack none = {BSK_KEYWORD_SPECIAL_STRIKE, 0, 0, 0, {0, 0, 0}, BSK_RANGE_NONE, 0, {0, 0, 0}};
    bool acquired = k >= ENGINE_SPAWNED_ACQUIRED;
    int base = acquired ? ENGINE_SPAWNED_ACQUIRED : ENGINE_SPAWNED_ATTACK;
    int j = (k - base) / BSK_FEATURE_EFFECTS_MAX, r = (k - base) % BSK_FEATURE_EFFECTS_MAX;
    /* an acquired entry that ended while its attack waited on the stack names nothing: a strike of 0 */
    const bsk_feature *f = k < ENGINE_SPAWNED_ATTACK ? NULL
                                                     : engine_unit_feature(m, cards, unit,
                                                                           acquired ? BSK_FEATURE_ACQUIRED + j : j);
    if (!f || r >= f->effect_count || !f->effects[r].attack.keyword)
        return &none; /* only op_spawn_attack makes such an index */
    return &f->effects[r].attack;
}

/* blow11 (issue 23): the X of spawned attack `k` of `unit` printed «на X» (its record's attack.expr X): the X of the
 * feature entry it was spawned from, just below it on the stack (537.2 d: the parent waits; a trigger's event value,
 * 04-104 «добивание на X … разряд на X», or the counters an activated feature paid), at most the record's at_most
 * («максимум на 3»); 0 for any other attack. */
int engine_spawned_x(const bsk_match *m, const bsk_card_table *cards, int unit, int k)
{
    const bsk_attack *a = engine_spawned_attack(m, cards, unit, k);
    if (k < ENGINE_SPAWNED_ATTACK || a->expr_of != BSK_ATTACK_EXPR_VALUES || a->expr.var != BSK_EXPR_X)
        return 0;
    const bsk_feature_effect *ef = (const bsk_feature_effect *)((const char *)a - offsetof(bsk_feature_effect, attack));
    for (int i = m->stack_count - 1; i > 0; i--) {
        const bsk_stack_entry *e = &m->stack[i], *parent = &m->stack[i - 1];
        if (e->kind != BSK_ACT_ABILITY || e->source != unit || e->ability != k)
            continue;
        if (parent->kind != BSK_ACT_FEATURE || parent->source != unit)
            return 0;
        return ef->at_most && parent->x > ef->at_most ? ef->at_most : parent->x;
    }
    return 0;
}

/* strike13 (issue 23): the card an attack's "with" filter reads "adjacent_to": "target" from — the card the feature
 * targets (05-159 «карты, стоящей рядом с атакованным»), when it names one; else `otherwise` (blow11's anchor). */
static int with_anchor(const bsk_card_table *cards, const bsk_feature_effect *ef, int otherwise, int targeted)
{
    return cards->filters[ef->from_filter].adjacent_to == BSK_FILTER_NEAR_TARGET && targeted >= 0 ? targeted : otherwise;
}

/* 537, glossary §3.5 «Порождённое игродействие»: the feature's card «наносит» a simple strike (or the
 * attack ability the record prints: ef->attack, a stack entry's ability ENGINE_SPAWNED_ATTACK + …) at `target`
 * — a spawned game action put on top of the stack, above its parent, if it passes the legality checks
 * then (537.2 a: the striker on the battlefield with a strike, the target in the battle zone and not a
 * terrain; no adjacency asked: the text names its target); it is executed from the Target resolution
 * step (537.2 b: no Legality or Cancel step, so no assault and no on_assault; no redirect, no guard),
 * struck as at a closed card (537.5 «наносит»: one die, no counter-strike), and never paid (537.2 c;
 * E2_SPAWNED). Its parent waits below it and is paid after it (537.2 d, engine_resolve_feature). A
 * full stack ends the game as a draw by cap (push_entry, "cap":"stack"). */
static void op_spawn_attack(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                            const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    (void)value, (void)events;
    if (ef->from_filter && ef->attack.keyword) {
        /* blow11 (issue 23): "with" on an attack the feature prints — its card makes it at a card matching the filter,
         * chosen as the record resolved (505.4.3; 04-104 «объявить разряд на X»), checked again now (502.3) */
        const bsk_stack_entry *top = m->stack_count ? &m->stack[m->stack_count - 1] : NULL;
        if (!top || top->kind != BSK_ACT_FEATURE || top->source != source || top->cell < 0 ||
            !engine_filter_may_choose(m, cards, ef->from_filter, source, with_anchor(cards, ef, target, top->target),
                                      top->cell))
            return;
        target = top->cell;
    }
    if (ef->from_filter && !ef->attack.keyword) {
        /* fight9 (issue 23): "with" — the target «наносит {strike} по [карте]» chosen as the record resolved (537.5
         * ex. 1, Шаман-душегрыз's «гипноз»: the creature that strikes and the card it strikes; 537.6: made by the
         * striker's controller); as at a closed card like every spawned simple strike */
        const bsk_stack_entry *top = m->stack_count ? &m->stack[m->stack_count - 1] : NULL;
        if (!top || top->kind != BSK_ACT_FEATURE || top->source != source || top->cell < 0 ||
            !engine_filter_may_choose(m, cards, ef->from_filter, source, target, top->cell))
            return;
        player = m->units[target].owner;
        source = target;
        target = top->cell;
    }
    /* an attack the feature prints needs no simple strike, and its kind's targeting (504, 547.2: a shot
     * never at an adjacent card, within its range) holds when it is spawned (537.2 a) */
    int ability = ef->attack.keyword ? spawned_attack_index(m, cards, source, f, ef) : -1;
    /* acquired4: «при гибели – [атака]» of the card itself (201.2.3: its active zone is the graveyard) is
     * made by the dead card (201.2.4 ex. 1: the werewolf's special strike from the graveyard, declared by its
     * controller) from the cell it died on (201.2.4, 509.3: engine_can_target_ability reads died_cell); an
     * attack ability it prints only (its simple strike: no card's frame) */
    /* spawn8 (issue 23): so is an on_lethal trigger heard of its own card (201.2.3: «если карта-источник особенности
     * сама соответствует условию … в случае её гибели активной зоной является кладбище»), which its entry's x says */
    const bsk_stack_entry *top = m->stack_count ? &m->stack[m->stack_count - 1] : NULL;
    bool own_lethal = f->event == BSK_ON_LETHAL && top && top->kind == BSK_ACT_FEATURE && top->source == source &&
                      top->x == ENGINE_LETHAL_SELF;
    bool dead = m->units[source].zone == BSK_ZONE_GRAVEYARD &&
                ((f->event == BSK_ON_DEATH && f->role == BSK_ROLE_SELF) || own_lethal) &&
                f->kind == BSK_FEATURE_TRIGGERED && ef->attack.keyword && m->died_cell[source];
    /* trig5 (issue 23): an attack ability the feature prints is made by any card that prints it — a war machine
     * (an artifact) shoots as its own {tap} shot does (05-024); the simple strike is a creature's */
    /* spawn8 (issue 23): a flyer makes the attack ability from the extra zone, part of the battle zone (201.1), as
     * its own {tap} attacks are (04-027: «разряд … по атаковавшей карте» of a dragon) */
    bool flying = ef->attack.keyword && m->units[source].zone == BSK_ZONE_EXTRA;
    if (target == source || (m->units[source].zone != BSK_ZONE_BATTLEFIELD && !dead && !flying) ||
        (!ef->attack.keyword && !engine_char_creature(m, cards, source)) ||
        (ef->attack.keyword ? ability < 0 || !engine_can_target_ability(m, cards, source, &ef->attack, target)
                            : !engine_char_has_strike(m, cards, source)))
        return;
    bsk_stack_entry e; /* a full stack is a draw by cap ("cap":"stack", push_entry) */
    if (!engine_in_battle(&m->units[target]) || engine_char_type(m, cards, target) == BSK_TYPE_TERRAIN)
        return;
    fill_entry(&e, ability >= 0 ? BSK_ACT_ABILITY : BSK_ACT_ATTACK, player ? player : m->units[source].owner, source,
               target, ability, E_UNANSWERED | E_DIRECTED);
    e.step = S_TARGETS;
    e.flags2 = E2_SPAWNED;
    if (dead)
        e.flags3 = E3_FROM_GRAVEYARD;
    push_entry(m, &e);
    if (ef->attack.keyword == BSK_KEYWORD_MAGIC_STRIKE || ef->attack.keyword == BSK_KEYWORD_DISCHARGE)
        engine_raise(m, cards, BSK_ON_MAGIC_ABILITY, source, target, -1, /* vamp8: 111.1, a magic ability performed */
                     ef->attack.keyword == BSK_KEYWORD_DISCHARGE ? BSK_STRIKE_DISCHARGE : BSK_STRIKE_MAGIC);
}

/* fight9 (issue 23): a fight «как с открытым» (537.5: «[источник] сражается с [целью], как с открытым существом» —
 * «происходит сражение как для двух открытых существ, но с учетом … особенностей карт (например, безответный удар
 * у атакующего)»; 537.5 ex. 2, Матриарх племени: «даже если [цель] закрыта»). The feature's card fights the target
 * with its simple strike; with "with" (`from_filter`) the target fights the card its controller chose as the record
 * resolved (relocate_ask: the entry's `cell`). A spawned game action (537.2 a: legal when put on the stack — the
 * striker a creature in the battle zone with a strike, the other card in the battle zone, not a terrain; the text
 * names its target, so no adjacency is asked), executed from the Target resolution step (537.2 b «сражается»: no
 * redirect, no guard, not an assault), never paid (537.2 c: nobody taps, «не закрываясь»), its parent paid after it
 * (537.2 d). E3_AS_OPEN: both roll whatever the other card's state and squad (engine_is_fight); the attack is made
 * by the striker's controller (537.6). */
static void op_fight(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                     const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    (void)player, (void)value, (void)f, (void)events;
    int striker = source, other = target;
    if (ef->from_filter) { /* "with": the card chosen as the feature began to resolve */
        const bsk_stack_entry *top = m->stack_count ? &m->stack[m->stack_count - 1] : NULL;
        if (!top || top->kind != BSK_ACT_FEATURE || top->source != source || top->cell < 0)
            return;
        striker = target;
        other = top->cell;
        if (!engine_filter_may_choose(m, cards, ef->from_filter, source, striker, other))
            return; /* 502.3: no longer a legal card (moved away, gone) */
    }
    /* a flyer fights from the extra zone (part of the battle zone, 201.1), as its own simple strike is made there */
    if (striker == other || !engine_in_battle(&m->units[striker]) || !engine_char_creature(m, cards, striker) ||
        !engine_char_has_strike(m, cards, striker) || !engine_in_battle(&m->units[other]) ||
        engine_char_type(m, cards, other) == BSK_TYPE_TERRAIN)
        return;
    uint8_t flags = E_DIRECTED; /* 537.2 b: no guard */
    if (engine_char_has(m, cards, striker, BSK_KEYWORD_UNANSWERED_STRIKE))
        flags |= E_UNANSWERED; /* 537.5: an unanswered striker fights alone */
    bsk_stack_entry e;
    fill_entry(&e, BSK_ACT_ATTACK, m->units[striker].owner, striker, other, -1, flags);
    e.step = S_TARGETS;
    e.flags2 = E2_SPAWNED;
    e.flags3 = E3_AS_OPEN;
    push_entry(m, &e);
}

/* The attack whose step `step` runs below the top of the stack (the feature resolving above it: a redirect in
 * the Target resolution step 512.6.4, a block in the Blocking step 512.6.7; skip 1), or whose window is open
 * on top (skip 0). */
static int step_entry(const bsk_match *m, int skip, int step)
{
    for (int i = m->stack_count - 1 - skip; i >= 0; i--) {
        const bsk_stack_entry *e = &m->stack[i];
        if ((e->kind == BSK_ACT_ATTACK || e->kind == BSK_ACT_ABILITY) && e->step == step)
            return i;
        if (e->kind != BSK_ACT_FEATURE)
            return -1;
    }
    return -1;
}

/* 512.6.4: a redirect onto `unit` is legal — the attack was not redirected already (nor given a guard,
 * 514.8), `unit` is not its source nor its current target; the range may be exceeded. */
static bool redirect_ok(const bsk_match *m, const bsk_stack_entry *e, int unit)
{
    return e && !(e->flags & E_REDIRECTED) && !(e->flags2 & E2_SPAWNED) && unit != e->source && unit != e->final_target &&
           engine_in_battle(&m->units[unit]);
}

/* branch dice5 (issue 23): the record's conditions on the attack e (512.6.4 «перенаправить [атаку] …»): one of
 * its kinds (`param`, 0: any), its current target matching `from_filter` and its source `by_filter`, seen
 * from the feature's card `unit`; «на соседнюю с ней карту»: the chosen filter's "actor" is that target. */
static bool redirect_fits(const bsk_match *m, const bsk_card_table *cards, int unit, const bsk_feature_effect *ef,
                          const bsk_stack_entry *e)
{
    return e && (!ef->param || ((ef->param >> engine_strike_kind(m, cards, e, 0)) & 1u)) &&
           (!ef->from_filter || engine_filter_matches(m, cards, ef->from_filter, unit, e->final_target)) &&
           (!ef->by_filter || engine_filter_matches(m, cards, ef->by_filter, unit, e->source));
}

static void op_redirect(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                        const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    (void)player, (void)value, (void)events;
    int i = step_entry(m, 1, S_TARGETS);
    if (i < 0 && f->kind == BSK_FEATURE_TRIGGERED && f->event == BSK_ON_ASSAULT)
        /* swap12 (issue 23): an on_assault trigger resolves before the attack goes on (512.6.2 d), its step the
         * cancel window's: «когда … нападает … перенаправить атаку» gives it its final target there, and 512.6.4
         * then opens no guard for it (514.8) */
        i = step_entry(m, 1, S_CANCEL);
    bsk_stack_entry *e = i >= 0 ? &m->stack[i] : NULL;
    if (redirect_ok(m, e, target) && redirect_fits(m, cards, source, ef, e)) { /* checked again: another redirect may have resolved first */
        e->final_target = (int8_t)target;
        e->flags |= E_REDIRECTED;
    }
}

/* 534: a prevention effect on the target (engine_prevent): the next value wounds, used up; with no
 * number (param BSK_PREVENT_ALL), every wound of the next strike; with wounds_taken_modifier, value
 * wounds fewer each time (535.1.1). */
static void op_prevention(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                          const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    (void)events;
    if (ef->op == BSK_OP_WOUNDS_TAKEN_MODIFIER)
        lasting(m, cards, source, player, target, f, ef, BSK_EFFECT_PREVENT, 1, value < 0 ? -value : value);
    else if (ef->param == BSK_PREVENT_ALL) /* branch block3: no number (534.3), every wound of one strike */
        lasting(m, cards, source, player, target, f, ef, BSK_EFFECT_PREVENT, 2, 1);
    else if (value > 0)
        lasting(m, cards, source, player, target, f, ef, BSK_EFFECT_PREVENT, 0, value);
}

/* branch shield6 (issue 23), 534: a side's prevention pool — the next value wounds from non-magic attacks
 * on any card of the feature's controller (engine_prevent, what 3, filter CARDS_OF), used up wound by
 * wound (534.4); the window from the duration: this turn, until the end of the opponent's turn, or the
 * opponent's next turn only (`from`). One of the same feature for the same window adds up, to at most
 * param (06-021 «максимум 3»). */
static void op_side_prevention(bsk_match *m, const bsk_card_table *cards, int source, int player, int target,
                               int value, const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    (void)target, (void)events;
    int controller = player ? player : m->units[source].owner, count, until = 0, from = 0;
    int duration = BSK_DURATION_TURN;
    if (ef->duration == BSK_FDURATION_END_OF_TURN)
        until = m->turn;
    else if (ef->duration == BSK_FDURATION_END_OF_NEXT_TURN)
        until = engine_turn_end_of(m, controller, true);
    else if (ef->duration == BSK_FDURATION_END_OF_OPPONENT_TURN)
        until = engine_turn_end_of(m, 3 - controller, false);
    else if (ef->duration == BSK_FDURATION_OPPONENT_NEXT_TURN)
        until = from = engine_turn_end_of(m, 3 - controller, true);
    else
        duration = ef->duration == BSK_FDURATION_WHILE_SOURCE ? BSK_DURATION_WHILE_SOURCE : BSK_DURATION_BATTLE;
    if (value <= 0 || until > 255)
        return;
    const bsk_feature *features = bsk_card_table_features(cards, m->units[source].slot, &count);
    int feature = f >= features && f < features + count ? (int)(f - features) : -1, max = ef->param ? ef->param : 99;
    for (int i = 0; i < m->effect_count; i++) {
        bsk_effect *e = &m->effects[i];
        if (e->op == BSK_EFFECT_PREVENT && e->what == 3 && e->source == source && e->feature == feature &&
            e->who == controller && e->duration == duration && e->until == until && e->from == from) {
            int sum = e->value + value; /* the amounts add up, to the maximum */
            e->value = (int8_t)(sum > max ? max : sum);
            return;
        }
    }
    bsk_effect e = {(int8_t)source, (int8_t)feature, BSK_EFFECT_PREVENT, 3, (int8_t)(value > max ? max : value),
                    BSK_FILTER_CARDS_OF, (int8_t)controller, (uint8_t)duration, (uint8_t)until, (uint8_t)from};
    engine_effect_add(m, cards, &e);
}

/* 520.2 a and d: one effect per attack kind of ef->param (engine_magnitude reads them). */
static void op_attack_value(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                            const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    (void)events;
    bool strength = ef->op == BSK_OP_SET_ATTACK_STRENGTH;
    for (unsigned kinds = ef->param; kinds; kinds &= kinds - 1)
        lasting(m, cards, source, player, target, f, ef, strength ? BSK_EFFECT_STRENGTH : BSK_EFFECT_REDUCE_TO,
                bsk_char_attack(__builtin_ctz(kinds)), strength ? ef->strength : value);
}

/* 519.2 group 2 «бросок сводится к X»: after the +X / −X (engine_die_set); 519.8.1: legal even when the
 * die already shows X. */
static void op_set_die_roll(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                            const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    (void)events;
    lasting(m, cards, source, player, target, f, ef, BSK_EFFECT_ROLL_TO, BSK_CHAR_DIE_ROLL, value);
}

/* ---- branch dice3 (issue 22): die rolls (306.5, 519) ---- */

/* The attack whose die roll step (512.6.5) has its dice rolled and their modifiers not yet applied (its
 * window after the dice, 519.8), below the top of the stack (a feature resolving above it) or on top
 * (skip 0); -1 when none (a finishing blow with one value rolls no die, 306.3 b). */
static int roll_step_entry(const bsk_match *m, int skip)
{
    int i = step_entry(m, skip, S_ROLL); /* its dice rolled, the modifiers not yet applied */
    return i >= 0 && (m->stack[i].flags2 & (E2_ROLLED | E2_PAID_NO_DIE)) == E2_ROLLED ? i : -1;
}

/* Which of e's dice `unit` rolled (0: the source's, 1: the defender's in a fight), -1 for none. */
static int die_of(const bsk_stack_entry *e, int unit)
{
    return unit == e->source ? 0 : unit == e->final_target && (e->flags & E_FIGHT) ? 1 : -1;
}

/* branch dice5 (issue 23), 122.4.1: the game action an effect of duration "roll" / "attack" acts on — the attack
 * whose die roll step has its dice waiting (roll), or the attack or attack ability being executed below the
 * features on top of the stack (attack); skip 1 while the feature itself resolves on top. -1: none. */
static int action_entry(const bsk_match *m, int skip, int duration)
{
    if (duration == BSK_FDURATION_ROLL)
        return roll_step_entry(m, skip);
    for (int i = m->stack_count - 1 - skip; i >= 0; i--) {
        const bsk_stack_entry *e = &m->stack[i];
        if (e->kind == BSK_ACT_ATTACK || e->kind == BSK_ACT_ABILITY) /* incarn7: from its assault on (512.6.2 d: a
            trigger of «при нападении … +X к этой атаке»; an instant feature fits the Calculation step only) */
            return e->step > S_LEGALITY && e->step < S_COMPLETE ? i : -1;
        if (e->kind != BSK_ACT_FEATURE)
            return -1;
    }
    return -1;
}

/* The card performs that action: it rolled one of its dice (roll), or it is its source or, in a fight, the
 * defender striking back (attack). */
static bool acts_in(const bsk_stack_entry *e, int duration, int unit)
{
    if (unit < 0)
        return false;
    if (duration == BSK_FDURATION_ROLL)
        return die_of(e, unit) >= 0;
    return unit == e->source || (unit == e->final_target && (e->flags & E_FIGHT));
}

/* 306.5.2: a player re-rolls only his own dice: `unit` rolled a die of e and `player` controls it. */
static bool reroll_ok(const bsk_match *m, const bsk_stack_entry *e, int unit, int player)
{
    return e && unit >= 0 && die_of(e, unit) >= 0 && m->units[unit].owner == player;
}

/* 519.7 «перебросить кубик»: the target's die of the attack in its die roll step is rolled again from the
 * match's dice (the next die of the same stream, logged as a roll); the new value replaces the old, which is
 * ignored as if it had never been rolled (nothing read it: the modifiers, the hit table and the triggers on
 * the roll come after the window, 306.5.2). Checked again: the die is still the controller's. */
static void op_reroll(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                      const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    (void)cards, (void)value, (void)f, (void)ef;
    int i = roll_step_entry(m, 1), controller = player ? player : m->units[source].owner;
    bsk_stack_entry *e = i >= 0 ? &m->stack[i] : NULL;
    if (reroll_ok(m, e, target, controller))
        e->roll[die_of(e, target)] = (int8_t)engine_roll(m, controller, target, events);
}

/* 519.6: a flip is a «сводится к» modifier (519.2 group 2) whose value is read from the die (engine_die_set). */
static void op_flip_die(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                        const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    (void)value, (void)events;
    lasting(m, cards, source, player, target, f, ef, BSK_EFFECT_FLIP, BSK_CHAR_DIE_ROLL, 0);
}

/* 519.5 «следующий бросок кубика равен X»: the target's next die roll is value (engine_roll_of), used up then. */
static void op_next_roll_equals(bsk_match *m, const bsk_card_table *cards, int source, int player, int target,
                                int value, const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    (void)events;
    lasting(m, cards, source, player, target, f, ef, BSK_EFFECT_NEXT_ROLL, BSK_CHAR_DIE_ROLL, value);
}

/* focus8 (issue 23), 518.6: «+Y к [именной особенности]» run by a trigger or an activated feature: +Y to the X of
 * the target's named feature ef->keyword while the duration lasts (a static one is read by engine_static_named_sum). */
static void op_named_feature_modifier(bsk_match *m, const bsk_card_table *cards, int source, int player, int target,
                                      int value, const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    (void)value, (void)events;
    lasting(m, cards, source, player, target, f, ef, BSK_EFFECT_X_MODIFY, ef->keyword, ef->value.b);
}

/* 508.8, glossary «−X к жизням»: negative life (extra life cancels it, 508.8.2); 509.1 checks the deaths. */
static void op_gain_negative_life(bsk_match *m, const bsk_card_table *cards, int source, int player, int target,
                                  int value, const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    (void)events;
    if (ef->duration == BSK_FDURATION_BATTLE)
        engine_extra_life(m, target, -value);
    else
        lasting(m, cards, source, player, target, f, ef, BSK_EFFECT_MODIFY, BSK_CHAR_LIFE, -value);
}

/* 204.4: the card goes to its owner's deck and loses everything (markers, wounds, what it acquired,
 * its execution markers: engine_to_zone); it is a new card there — shuffled into the deck (the card
 * goes to a random place of it, drawn from the state's RNG, never a position's dice), or on its top or
 * bottom. 206.4: exile. Neither is a death (no on_death); on_leave_battlefield hears both (201.2.4). */
static void op_leave(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                     const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    (void)source, (void)player, (void)value, (void)f;
    bsk_unit *u = &m->units[target];
    engine_event(events, BSK_EVENT_DEATH, u->owner, target, u->cell, 0); /* a card lost, as displays count it */
    if (ef->op == BSK_OP_EXILE) {
        engine_to_zone(m, cards, target, BSK_ZONE_EXILE);
    } else {
        bsk_match_side *side = &m->sides[u->owner - 1];
        engine_to_zone(m, cards, target, BSK_ZONE_DECK);
        u->flags2 = 0;
        u->extra_life = 0;
        if (side->deck_count < BSK_MATCH_DECK_MAX) {
            int at = ef->place == BSK_DECK_TOP      ? 0
                     : ef->place == BSK_DECK_BOTTOM ? side->deck_count
                                                    : (int)bsk_rng_below(&m->dice.rng, (uint32_t)side->deck_count + 1);
            memmove(side->deck + at + 1, side->deck + at, (size_t)(side->deck_count - at));
            side->deck[at] = u->slot;
            side->deck_count++;
        }
    }
    engine_raise(m, cards, BSK_ON_LEAVE, target, -1, -1, 0);
    engine_incarnation(m, cards, false, events); /* 536.7.2: a waiting card may take the cell it left */
}

#define ENEMY_CHOSEN ((1u << BSK_TARGET_ADJACENT_ENEMY) | (1u << BSK_TARGET_ANY_ENEMY))
#define ANY_CARD                                                                                                   \
    (ENEMY_CHOSEN | (1u << BSK_TARGET_SELF) | (1u << BSK_TARGET_ATTACKED) | (1u << BSK_TARGET_EVERY_ENEMY) |        \
     (1u << BSK_TARGET_CHOSEN) | (1u << BSK_TARGET_ALL) | (1u << BSK_TARGET_GROUP) |                              \
     (1u << BSK_TARGET_PLACER) | (1u << BSK_TARGET_MARKED)) /* mark9 (issue 23): a marker's feature's */
/* group3: the ops on one card's cell or attack: not every card, not a group */
#define ONE_CARD                                                                                                   \
    (ANY_CARD & ~((1u << BSK_TARGET_EVERY_ENEMY) | (1u << BSK_TARGET_ALL) | (1u << BSK_TARGET_GROUP) |            \
                  (1u << BSK_TARGET_MARKED)))

/* static2: the targets a static feature's record takes (117.2: a static feature never targets) */
#define STATIC_CARD ((1u << BSK_TARGET_SELF) | (1u << BSK_TARGET_ALL))

/* The static-only ops do nothing when run (a static feature is read, not run: 117). */
static void op_static_only(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                           bsk_events *events)
{
    (void)m, (void)cards, (void)source, (void)player, (void)target, (void)value, (void)events;
}

/* times3 (issue 22): 540.4, 540.4.1 — the attack being executed below the feature (an attack or ability
 * entry) whose source or guard is `target` (the feature's card) does not tap it at its payment
 * (E3_NO_TAP_SOURCE, E3_NO_TAP_GUARD); the action marker stays (540.3). Nothing when there is none, or
 * when the record's filter ("if") no longer matches its card. */
static void op_no_tap_this_attack(bsk_match *m, const bsk_card_table *cards, int source, int player, int target,
                                  int value, const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    (void)player, (void)value, (void)f, (void)events;
    if (ef->filter && !engine_filter_matches(m, cards, ef->filter, source, target))
        return; /* «если после этого у Келе нет ран»: its card's state as the record applies */
    for (int i = m->stack_count - 2; i >= 0; i--) {
        bsk_stack_entry *e = &m->stack[i];
        if (e->kind != BSK_ACT_ATTACK && e->kind != BSK_ACT_ABILITY)
            continue;
        if (e->source == target) {
            e->flags3 |= E3_NO_TAP_SOURCE;
            return;
        }
        if (e->guard == target) {
            e->flags3 |= E3_NO_TAP_GUARD;
            return;
        }
    }
}

/* vamp8 (issue 23): «снять … 1 дополнительную {health}» (06-161): at most what it has (528.10); the wounds stay
 * (508.8), so the loss may leave the card without life (BSK_OPM_DEATH: deaths are checked after the feature). */
static void op_lose_extra_life(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                               bsk_events *events)
{
    (void)cards, (void)source, (void)player, (void)events;
    int has = m->units[target].extra_life;
    if (has > 0 && value > 0)
        engine_extra_life(m, target, -(value < has ? value : has));
}

/* vamp8 (issue 23): «этот {strike} становится безответным» (06-161; glossary «Безответный удар»): the simple-strike
 * attack being executed below the feature whose source is `target` (the feature's card) is unanswered from now on —
 * directed too (no guard, 514.2), and only its attacker rolls, as against a tapped card (engine_is_fight). Nothing
 * when there is none. */
static void op_unanswered_this_attack(bsk_match *m, const bsk_card_table *cards, int source, int player, int target,
                                      int value, const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    (void)cards, (void)source, (void)player, (void)value, (void)f, (void)ef, (void)events;
    for (int i = m->stack_count - 2; i >= 0; i--)
        if (m->stack[i].kind == BSK_ACT_ATTACK && m->stack[i].source == target) {
            m->stack[i].flags |= E_UNANSWERED | E_DIRECTED;
            return;
        }
}

/* 531.2, 531.3: a block feature of this record fits the attack e: made at `unit` (the record's target:
 * the feature's card for self, «по себе»; the chosen card, «по вашим картам»), of one of the record's
 * attack kinds (param, 0: any). */
static bool block_fits(const bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e,
                       const bsk_feature_effect *ef, int unit)
{
    /* spawn11 (issue 23): "X": n — «заблокировать атаку величиной n» (its final magnitude, 512.6.6, frozen before
     * the Blocking step) */
    return e && e->final_target == unit && (!ef->param || ((ef->param >> engine_strike_kind(m, cards, e, 0)) & 1u)) &&
           (ef->value.var != BSK_EXPR_CONST || ef->value.b <= 0 || e->magnitude[0] == ef->value.b);
}

/* 531.4, 531.6: blocks the attack in its Blocking step; a second block of it executes too (it is paid,
 * the attack stays blocked). step_blocking (resolve.c) then goes to the completion step. */
static void op_block(bsk_match *m, const bsk_card_table *cards, int source, int player, int target, int value,
                     const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    (void)source, (void)player, (void)value, (void)f, (void)events;
    int i = step_entry(m, 1, S_BLOCK);
    if (i >= 0 && block_fits(m, cards, &m->stack[i], ef, target)) /* checked again as it resolves */
        m->stack[i].flags2 |= E2_BLOCKED;
}

/* branch wrap5: a static block (the first two attacks at it in a battle blocked, 06-194; glossary
 * «Блокировать», 531.4): in the Blocking step of an attack made at the entry's final target, the
 * target's static feature whose first record is block (self), fitting the attack's kind, revealed
 * (533.4), its condition holding and its limit not spent, blocks it with no declaration, and its
 * execution marker is placed (545.7: the first X attacks made at it). True when it blocked. */
static void limit_use(bsk_match *m, int unit, int k, const bsk_feature *f);
static bool condition_holds(const bsk_match *m, const bsk_card_table *cards, int unit, const bsk_feature *f);
bool engine_static_block(bsk_match *m, const bsk_card_table *cards, bsk_stack_entry *e)
{
    int unit = e->final_target;
    if (unit < 0 || !engine_in_battle(&m->units[unit]) || (m->units[unit].flags & BSK_UNIT_HIDDEN))
        return false;
    int count;
    const bsk_feature *f = bsk_card_table_features(cards, m->units[unit].slot, &count);
    for (int k = 0; k < count; k++) {
        if (f[k].kind != BSK_FEATURE_STATIC || f[k].event != BSK_EVENT_NONE || f[k].effect_count < 1 ||
            f[k].effects[0].op != BSK_OP_BLOCK || !block_fits(m, cards, e, &f[k].effects[0], unit))
            continue;
        if ((f[k].limit_per && engine_feature_limit_spent(m, cards, unit, k)) || !condition_holds(m, cards, unit, &f[k]))
            continue;
        if (f[k].limit_per)
            limit_use(m, unit, k, &f[k]);
        e->flags2 |= E2_BLOCKED;
        return true;
    }
    return false;
}

/* dice7 (issue 23), 306.5.2: the +X equal dice give when unit rolls two dice for an attack's strength (a holding
 * static roll_twice of its own, first record), -1 when it rolls one. Read behind the ops_any bit. */
int engine_static_roll_twice(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    if (unit < 0 || !engine_in_battle(&m->units[unit]) || (m->units[unit].flags & BSK_UNIT_HIDDEN))
        return -1; /* 533.4: a face-down card's statics make no effects */
    int count;
    const bsk_feature *f = bsk_card_table_features(cards, m->units[unit].slot, &count);
    for (int k = 0; k < count; k++)
        if (f[k].kind == BSK_FEATURE_STATIC && f[k].event == BSK_EVENT_NONE && f[k].effect_count >= 1 &&
            f[k].effects[0].op == BSK_OP_ROLL_TWICE && condition_holds(m, cards, unit, &f[k]))
            return bsk_expr_eval(f[k].effects[0].value, 0, 0);
    return -1;
}

/* focus8 (issue 23): «срабатывает концентрация [цели]» (glossary «Концентрация», 413.1; 06-022). */
static void op_trigger_concentration(bsk_match *m, const bsk_card_table *cards, int source, int player, int target,
                                     int value, bsk_events *events)
{
    (void)source, (void)player, (void)value, (void)events;
    engine_concentration_force(m, cards, target);
}

typedef struct engine_op {
    engine_op_fn apply;
    uint16_t modes;   /* BSK_OPM_* */
    uint16_t targets; /* bit t: target selector t allowed (mark9: 16 bits, the marker refs) */
    engine_param_fn with; /* instead of apply: an op that reads its effect record */
} engine_op;

#define LASTING (BSK_OPM_CARD | BSK_OPM_LASTS | BSK_OPM_NOT_TERRAIN)

static const engine_op ENGINE_OPS[BSK_FEATURE_OP_COUNT] = {
    [BSK_OP_WOUND] = {op_wound, BSK_OPM_CARD | BSK_OPM_WOUNDING | BSK_OPM_PROTECTED | BSK_OPM_NOT_TERRAIN |
                                    BSK_OPM_DEATH, ANY_CARD, NULL},
    [BSK_OP_HEAL] = {op_heal, BSK_OPM_CARD | BSK_OPM_HEALING, ANY_CARD, NULL},
    [BSK_OP_GAIN_COUNTERS] = {op_gain_counters, BSK_OPM_CARD | BSK_OPM_COUNTERS, ANY_CARD, NULL},
    [BSK_OP_CANCEL] = {op_cancel, BSK_OPM_STACK, 1u << BSK_TARGET_SELF, NULL},
    [BSK_OP_DESTROY] = {op_destroy, BSK_OPM_CARD | BSK_OPM_PROTECTED | BSK_OPM_NOT_TERRAIN | BSK_OPM_DEATH, ANY_CARD, NULL},
    [BSK_OP_TAP] = {op_tap, BSK_OPM_CARD, ANY_CARD, NULL},
    [BSK_OP_UNTAP] = {op_untap, BSK_OPM_CARD, ANY_CARD, NULL},
    [BSK_OP_LOSE_COUNTERS] = {op_lose_counters, BSK_OPM_CARD | BSK_OPM_COUNTERS, ANY_CARD, NULL},
    [BSK_OP_HEAL_FULL] = {op_heal_full, BSK_OPM_CARD | BSK_OPM_HEALING, ANY_CARD, NULL},
    [BSK_OP_SET_LIFE] = {op_set_life, BSK_OPM_CARD | BSK_OPM_NOT_TERRAIN | BSK_OPM_DEATH, ANY_CARD, NULL},
    [BSK_OP_PROPHECY] = {op_prophecy, BSK_OPM_DECK, 1u << BSK_TARGET_SELF, NULL},
    [BSK_OP_POISON] = {op_poison, BSK_OPM_CARD | BSK_OPM_NOT_TERRAIN, ANY_CARD, NULL},
    [BSK_OP_GAIN_FEATURE] = {NULL, BSK_OPM_CARD | BSK_OPM_LASTS | BSK_OPM_KEYWORD, ANY_CARD, op_gain_feature},
    [BSK_OP_LOSE_FEATURE] = {NULL, BSK_OPM_CARD | BSK_OPM_LASTS | BSK_OPM_KEYWORD, ANY_CARD, op_lose_feature},
    [BSK_OP_GAIN_EXTRA_LIFE] = {NULL, LASTING, ANY_CARD, op_gain_extra_life},
    [BSK_OP_MOVEMENT_MODIFIER] = {NULL, LASTING, ANY_CARD, op_movement_modifier},
    [BSK_OP_DIE_ROLL_MODIFIER] = {NULL, LASTING, ANY_CARD, op_die_roll_modifier},
    [BSK_OP_ATTACK_MODIFIER] = {NULL, LASTING, ANY_CARD, op_attack_modifier},
    /* one card's cell is chosen: not every enemy at once */
    [BSK_OP_RELOCATE] = {NULL, BSK_OPM_CARD | BSK_OPM_NOT_TERRAIN | BSK_OPM_RELOCATION,
                         ONE_CARD | (1u << BSK_TARGET_GROUP) /* swap12: a swap's two (the reader allows no other) */,
                         op_relocate},
    /* branch posio (issue 22 §2) */
    [BSK_OP_PLACE_NAMED_MARKER] = {NULL, BSK_OPM_CARD, ANY_CARD, op_place_named_marker},
    [BSK_OP_REMOVE_NAMED_MARKER] = {NULL, BSK_OPM_CARD, ANY_CARD, op_remove_named_marker},
    /* static2 (issue 22): a static feature's modifiers, read where the characteristic is read
     * (characteristics.c), never run as a program (the fixture reader refuses them elsewhere); the
     * delayed effect, which run_program turns into a bsk_delayed record */
    [BSK_OP_INCOMING_ATTACK_MODIFIER] = {op_static_only, BSK_OPM_CARD | BSK_OPM_NOT_TERRAIN, STATIC_CARD, NULL},
    [BSK_OP_NO_WOUNDS_FROM_ATTACKS] = {op_static_only, BSK_OPM_CARD | BSK_OPM_NOT_TERRAIN, STATIC_CARD, NULL}, /* dice5 */
    /* focus8 (issue 23): run by a trigger too, lasting (518.6) */
    [BSK_OP_NAMED_FEATURE_MODIFIER] = {NULL, BSK_OPM_CARD | BSK_OPM_KEYWORD | BSK_OPM_LASTS, ANY_CARD,
                                       op_named_feature_modifier},
    [BSK_OP_DELAYED] = {op_static_only, 0, 1u << BSK_TARGET_SELF, NULL},
    /* branch ops2: one attack's target, so never every card at once */
    /* a group: N attacks, one at each card (505.4.4) */
    [BSK_OP_SPAWN_ATTACK] = {NULL, BSK_OPM_CARD | BSK_OPM_NOT_TERRAIN | BSK_OPM_ATTACK, ONE_CARD | (1u << BSK_TARGET_GROUP),
                             op_spawn_attack},
    [BSK_OP_REDIRECT] = {NULL, BSK_OPM_CARD | BSK_OPM_ATTACK, 1u << BSK_TARGET_CHOSEN, op_redirect},
    [BSK_OP_PREVENTION] = {NULL, LASTING, ANY_CARD, op_prevention},
    [BSK_OP_WOUNDS_TAKEN_MODIFIER] = {NULL, LASTING, ANY_CARD, op_prevention},
    [BSK_OP_SET_ATTACK_STRENGTH] = {NULL, LASTING, ANY_CARD, op_attack_value},
    [BSK_OP_REDUCE_ATTACK_TO] = {NULL, LASTING, ANY_CARD, op_attack_value},
    [BSK_OP_SET_DIE_ROLL] = {NULL, LASTING, ANY_CARD, op_set_die_roll},
    [BSK_OP_RETURN_TO_DECK] = {NULL, BSK_OPM_CARD | BSK_OPM_PROTECTED | BSK_OPM_LEAVES, ANY_CARD, op_leave},
    [BSK_OP_EXILE] = {NULL, BSK_OPM_CARD | BSK_OPM_PROTECTED | BSK_OPM_LEAVES, ANY_CARD, op_leave},
    [BSK_OP_GAIN_NEGATIVE_LIFE] = {NULL, LASTING | BSK_OPM_DEATH, ANY_CARD, op_gain_negative_life},
    /* branch block3: the attack at the feature's card or at a chosen card (531) */
    [BSK_OP_BLOCK] = {NULL, BSK_OPM_CARD | BSK_OPM_ATTACK, (1u << BSK_TARGET_SELF) | (1u << BSK_TARGET_CHOSEN), op_block},
    /* group3 (issue 22): a static feature's counter limit, read by engine_gain_counters (545.2, 545.4) */
    [BSK_OP_MAX_COUNTERS] = {op_static_only, BSK_OPM_CARD | BSK_OPM_COUNTERS, STATIC_CARD, NULL},
    /* vamp5 (issue 23): a static feature's life limit, read by engine_gain_extra_life (508.2.2, 545.2) */
    [BSK_OP_MAX_LIFE] = {op_static_only, BSK_OPM_CARD, STATIC_CARD, NULL},
    /* branch shield6 (issue 23): the controller's side, named by the feature's own card */
    [BSK_OP_SIDE_PREVENTION] = {NULL, BSK_OPM_CARD | BSK_OPM_LASTS, 1u << BSK_TARGET_SELF, op_side_prevention},
    [BSK_OP_NO_UNTAP] = {op_no_untap, BSK_OPM_CARD, ANY_CARD, NULL}, /* token6 (issue 23): 409.2 */
    [BSK_OP_INCARNATE_OPEN] = {op_incarnate_open, BSK_OPM_CARD, STATIC_CARD, NULL}, /* incarn7: 536.7; recruit11: all */
    /* fend6 (issue 23): the attacked card's «сводится к X» (520.2 d), read by engine_static_magnitude_mods */
    [BSK_OP_INCOMING_REDUCE_ATTACK_TO] = {op_static_only, BSK_OPM_CARD | BSK_OPM_NOT_TERRAIN, STATIC_CARD, NULL},
    /* recruit7 (issue 23): a price at recruitment (403.2.2), read by the squad library (bsk_recruit_price) */
    [BSK_OP_RECRUIT_COST_MODIFIER] = {op_static_only, BSK_OPM_CARD, 1u << BSK_TARGET_ALL, NULL},
    /* dice7 (issue 23): two dice for its own card's strength (306.5.2), read by resolve.c's roll_dice */
    [BSK_OP_ROLL_TWICE] = {op_static_only, BSK_OPM_CARD | BSK_OPM_NOT_TERRAIN, 1u << BSK_TARGET_SELF, NULL},
    /* issue 22 (lead, session 7): element changes (106.2.1) */
    [BSK_OP_ADD_ELEMENT] = {NULL, BSK_OPM_CARD | BSK_OPM_LASTS, ANY_CARD, op_add_element},
    [BSK_OP_SET_ELEMENT] = {NULL, BSK_OPM_CARD | BSK_OPM_LASTS, ANY_CARD, op_set_element},
    [BSK_OP_WIN] = {op_win, 0, 1u << BSK_TARGET_SELF, NULL}, /* 601.2 */
    /* times3 (issue 22): 510.3, 540: two static records read where actions are declared and paid
     * (engine_unit_can_act_as, engine_pay_action), and the feature's own card's attack not tapping it */
    [BSK_OP_ACTIONS_PER_TURN] = {op_static_only, BSK_OPM_CARD, STATIC_CARD, NULL},
    [BSK_OP_NO_TAP_AFTER] = {op_static_only, BSK_OPM_CARD, STATIC_CARD, NULL},
    [BSK_OP_NO_TAP_THIS_ATTACK] = {NULL, BSK_OPM_CARD, 1u << BSK_TARGET_SELF, op_no_tap_this_attack},
    /* branch dice3 (issue 22): one die's card (306.5.2, 519.5–519.7) */
    [BSK_OP_REROLL] = {NULL, BSK_OPM_CARD | BSK_OPM_ATTACK, (1u << BSK_TARGET_SELF) | (1u << BSK_TARGET_CHOSEN),
                       op_reroll},
    [BSK_OP_FLIP_DIE] = {NULL, LASTING, ANY_CARD, op_flip_die},
    [BSK_OP_NEXT_ROLL_EQUALS] = {NULL, LASTING, ANY_CARD, op_next_roll_equals},
    /* grave5 (issue 23) */
    [BSK_OP_LOSE_INCARNATION] = {op_lose_incarnation, BSK_OPM_GRAVEYARD, 1u << BSK_TARGET_SELF, NULL},
    /* cell7 (issue 23): 544.1, cells, not cards (no protection, no terrain test) */
    [BSK_OP_CELL_MARKER_ADD] = {NULL, BSK_OPM_CELL, (1u << BSK_TARGET_SELF) | (1u << BSK_TARGET_ATTACKED), op_cell_marker},
    [BSK_OP_CELL_MARKER_REMOVE] = {NULL, BSK_OPM_CELL, (1u << BSK_TARGET_SELF) | (1u << BSK_TARGET_ATTACKED),
                                   op_cell_marker},
    /* focus8 (issue 23): a card's concentration made to trigger (glossary «Концентрация») */
    [BSK_OP_TRIGGER_CONCENTRATION] = {op_trigger_concentration, BSK_OPM_CARD, ANY_CARD, NULL},
    /* vamp8 (issue 23): extra life taken off a card (528.10); the feature's card's own simple strike (glossary
     * «Безответный удар») */
    [BSK_OP_LOSE_EXTRA_LIFE] = {op_lose_extra_life, BSK_OPM_CARD | BSK_OPM_NOT_TERRAIN | BSK_OPM_DEATH, ANY_CARD, NULL},
    [BSK_OP_UNANSWERED_THIS_ATTACK] = {NULL, BSK_OPM_CARD, 1u << BSK_TARGET_SELF, op_unanswered_this_attack},
    /* fight9 (issue 23): a fight «как с открытым» spawned for the feature's card or for its target (537.5) */
    [BSK_OP_FIGHT] = {NULL, BSK_OPM_CARD | BSK_OPM_NOT_TERRAIN | BSK_OPM_ATTACK, ONE_CARD, op_fight},
    /* inc9 (issue 23): a token onto a graveyard card (536.7.1) */
    [BSK_OP_GAIN_INCARNATION] = {op_gain_incarnation, BSK_OPM_GRAVEYARD, 1u << BSK_TARGET_SELF, NULL},
    /* guard10 (issue 23): a partial protection from attacks of a value (532.2), read by engine_static_protected */
    [BSK_OP_PROTECTION_FROM_ATTACKS] = {op_static_only, BSK_OPM_CARD | BSK_OPM_NOT_TERRAIN, STATIC_CARD, NULL},
    /* grave10 (issue 23): a card of the deck into the graveyard (205.1, 204.2) */
    [BSK_OP_DECK_TO_GRAVEYARD] = {NULL, BSK_OPM_DECK, 1u << BSK_TARGET_SELF, op_deck_to_graveyard},
    [BSK_OP_SUMMON] = {NULL, BSK_OPM_DECK, 1u << BSK_TARGET_SELF, op_summon}, /* spawn11 */
    /* farro13 (issue 23): 542.1.3, read at the protection check by engine_static_ignores_protection */
    [BSK_OP_IGNORE_PROTECTION] = {op_static_only, BSK_OPM_CARD | BSK_OPM_NOT_TERRAIN, 1u << BSK_TARGET_SELF, NULL},
};

unsigned bsk_feature_op_modes(int op)
{
    return op >= 0 && op < BSK_FEATURE_OP_COUNT ? ENGINE_OPS[op].modes : 0;
}

unsigned bsk_feature_op_targets(int op)
{
    return op >= 0 && op < BSK_FEATURE_OP_COUNT ? ENGINE_OPS[op].targets : 0;
}

/* The words of the vocabulary (glossary §1.1, §1.6, §3.1, §6.2). */
static const char *const KIND_IDS[BSK_FEATURE_KIND_COUNT] = {
    [BSK_FEATURE_ACTIVATED] = "activated", [BSK_FEATURE_TRIGGERED] = "triggered", [BSK_FEATURE_STATIC] = "static"};
static const char *const EVENT_IDS[BSK_FEATURE_EVENT_COUNT] = {
    [BSK_ON_DEATH] = "on_death",      [BSK_ON_ASSAULT] = "on_assault",   [BSK_AT_TURN_START] = "at_turn_start",
    [BSK_AT_TURN_END] = "at_turn_end", [BSK_ON_ENTER] = "on_enter",      [BSK_ON_REVEAL] = "on_reveal",
    [BSK_ON_MOVE] = "on_move",        [BSK_ON_STRIKE] = "on_attack",     [BSK_ON_WOUNDED] = "on_wounds_taken",
    [BSK_ON_LEAVE] = "on_leave_battlefield", [BSK_WOULD_DIE] = "would_die",
    [BSK_ON_CONCENTRATION] = "concentration", [BSK_ON_FRENZY] = "frenzy", [BSK_ON_VALHALLA] = "valhalla",
    /* events3 (issue 22) */
    [BSK_ON_HEALED] = "on_heal", [BSK_ON_TARGETED] = "on_become_target", [BSK_WHEN_FIGHTS] = "when_fights",
    /* branch dice3 (issue 22) */
    [BSK_ON_DIE_ROLL] = "on_die_roll",
    /* trig4 (issue 23) */
    [BSK_ON_COUNTERS_LOST] = "on_counters_lost", [BSK_ON_INCARNATE] = "on_incarnate",
    /* curse4 (issue 23) */
    [BSK_ON_DESTROYS] = "on_destroys", [BSK_WOULD_GAIN_FEATURE] = "would_gain_feature",
    /* trig5 (issue 23) */
    [BSK_ON_ATTACK_WOUNDS] = "on_attack_wounds", [BSK_ON_TAPPED_TO_MOVE] = "on_tapped_to_move",
    /* focus6 (issue 23) */
    [BSK_ON_CONCENTRATION_TRIGGERED] = "on_concentration_triggered",
    /* spawn8 (issue 23) */
    [BSK_ON_LETHAL] = "on_lethal", [BSK_ON_TELEPORT] = "on_teleport",
    /* vamp8 (issue 23) */
    [BSK_ON_EFFECT_WOUNDS] = "on_effect_wounds", [BSK_ON_MAGIC_ABILITY] = "on_magic_ability",
    [BSK_AT_BATTLE_START] = "at_battle_start",
    [BSK_ON_INCARNATION_LOST] = "on_incarnation_lost",
    /* react10 (issue 23) */
    [BSK_ON_ACT] = "on_act", [BSK_ON_STRIKE_ROLLED] = "on_strike_rolled", /* blow11 */
    [BSK_BEFORE_RECRUITMENT] = "before_recruitment"}; /* prebattle12 */
static const char *const OP_IDS[BSK_FEATURE_OP_COUNT] = {
    [BSK_OP_WOUND] = "wound",         [BSK_OP_HEAL] = "heal",         [BSK_OP_GAIN_COUNTERS] = "gain_counters",
    [BSK_OP_CANCEL] = "cancel",       [BSK_OP_DESTROY] = "destroy",   [BSK_OP_TAP] = "tap",
    [BSK_OP_UNTAP] = "untap",         [BSK_OP_LOSE_COUNTERS] = "lose_counters",
    [BSK_OP_HEAL_FULL] = "heal_full", [BSK_OP_SET_LIFE] = "set_current_life", [BSK_OP_PROPHECY] = "prophecy",
    [BSK_OP_POISON] = "poison",       [BSK_OP_GAIN_FEATURE] = "gain_feature", [BSK_OP_LOSE_FEATURE] = "lose_feature",
    [BSK_OP_GAIN_EXTRA_LIFE] = "gain_extra_life", [BSK_OP_MOVEMENT_MODIFIER] = "movement_modifier",
    [BSK_OP_DIE_ROLL_MODIFIER] = "die_roll_modifier", [BSK_OP_ATTACK_MODIFIER] = "attack_modifier",
    [BSK_OP_RELOCATE] = "relocate",
    /* branch posio */
    [BSK_OP_PLACE_NAMED_MARKER] = "place_named_marker", [BSK_OP_REMOVE_NAMED_MARKER] = "remove_named_marker",
    /* static2 (issue 22) */
    [BSK_OP_INCOMING_ATTACK_MODIFIER] = "incoming_attack_modifier",
    [BSK_OP_NAMED_FEATURE_MODIFIER] = "named_feature_modifier", [BSK_OP_DELAYED] = "delayed",
    /* branch ops2 */
    [BSK_OP_SPAWN_ATTACK] = "spawn_attack", [BSK_OP_REDIRECT] = "redirect", [BSK_OP_PREVENTION] = "prevention",
    [BSK_OP_WOUNDS_TAKEN_MODIFIER] = "wounds_taken_modifier", [BSK_OP_SET_ATTACK_STRENGTH] = "set_attack_strength",
    [BSK_OP_REDUCE_ATTACK_TO] = "reduce_attack_value_to", [BSK_OP_SET_DIE_ROLL] = "set_die_roll",
    [BSK_OP_RETURN_TO_DECK] = "return_to_deck", [BSK_OP_EXILE] = "exile",
    [BSK_OP_GAIN_NEGATIVE_LIFE] = "gain_negative_life",
    /* branch block3 */
    [BSK_OP_BLOCK] = "block",
    /* group3 (issue 22) */
    [BSK_OP_MAX_COUNTERS] = "max_counters",
    /* issue 22 (lead, session 7) */
    [BSK_OP_ADD_ELEMENT] = "add_element", [BSK_OP_SET_ELEMENT] = "set_element", [BSK_OP_WIN] = "win",
    /* times3 (issue 22) */
    [BSK_OP_ACTIONS_PER_TURN] = "actions_per_turn", [BSK_OP_NO_TAP_AFTER] = "no_tap_after",
    [BSK_OP_NO_TAP_THIS_ATTACK] = "no_tap_this_attack",
    /* branch dice3 (issue 22) */
    [BSK_OP_REROLL] = "reroll", [BSK_OP_FLIP_DIE] = "flip_die", [BSK_OP_NEXT_ROLL_EQUALS] = "next_roll_equals",
    [BSK_OP_NO_WOUNDS_FROM_ATTACKS] = "no_wounds_from_attacks",
    [BSK_OP_LOSE_INCARNATION] = "lose_incarnation",
    /* branch vamp5 (issue 23) */
    [BSK_OP_MAX_LIFE] = "max_life",
    /* branch shield6 (issue 23) */
    [BSK_OP_SIDE_PREVENTION] = "side_prevention",
    /* token6 (issue 23) */
    [BSK_OP_NO_UNTAP] = "no_untap",
    /* fend6 (issue 23) */
    [BSK_OP_INCOMING_REDUCE_ATTACK_TO] = "incoming_reduce_attack_to",
    /* recruit7 (issue 23) */
    [BSK_OP_RECRUIT_COST_MODIFIER] = "recruit_cost_modifier",
    /* cell7 (issue 23) */
    [BSK_OP_CELL_MARKER_ADD] = "cell_marker_add", [BSK_OP_CELL_MARKER_REMOVE] = "cell_marker_remove",
    /* incarn7 (issue 23) */
    [BSK_OP_INCARNATE_OPEN] = "incarnate_open",
    /* dice7 (issue 23) */
    [BSK_OP_ROLL_TWICE] = "roll_twice",
    /* focus8 (issue 23) */
    [BSK_OP_TRIGGER_CONCENTRATION] = "trigger_concentration",
    /* vamp8 (issue 23) */
    [BSK_OP_LOSE_EXTRA_LIFE] = "lose_extra_life", [BSK_OP_UNANSWERED_THIS_ATTACK] = "unanswered_this_attack",
    /* fight9 (issue 23) */
    [BSK_OP_FIGHT] = "fight",
    [BSK_OP_GAIN_INCARNATION] = "gain_incarnation",
    /* guard10 (issue 23) */
    [BSK_OP_PROTECTION_FROM_ATTACKS] = "protection_from_attacks",
    [BSK_OP_DECK_TO_GRAVEYARD] = "deck_to_graveyard", /* grave10 */
    [BSK_OP_SUMMON] = "summon", /* spawn11 */
    [BSK_OP_IGNORE_PROTECTION] = "ignore_protection"}; /* farro13 */
static const char *const DURATION_IDS[BSK_FEATURE_DURATION_COUNT] = {
    [BSK_FDURATION_BATTLE] = "battle", [BSK_FDURATION_END_OF_TURN] = "end_of_turn",
    [BSK_FDURATION_END_OF_NEXT_TURN] = "end_of_next_turn", [BSK_FDURATION_WHILE_SOURCE] = "while",
    [BSK_FDURATION_ROLL] = "roll", [BSK_FDURATION_ATTACK] = "attack",
    [BSK_FDURATION_END_OF_OPPONENT_TURN] = "end_of_opponent_turn", [BSK_FDURATION_OPPONENT_NEXT_TURN] = "opponent_next_turn",
    [BSK_FDURATION_END_OF_TARGET_TURN] = "end_of_target_turn", /* mark9 */
    [BSK_FDURATION_NEXT_ATTACK] = "next_attack", [BSK_FDURATION_NEXT_ATTACK_END_OF_TURN] = "next_attack_end_of_turn"};
static const char *const STRIKE_IDS[BSK_STRIKE_KIND_COUNT] = {
    [BSK_STRIKE_SIMPLE] = "simple_strike", [BSK_STRIKE_COUNTER] = "counter_strike",
    [BSK_STRIKE_SPECIAL] = "special_strike", [BSK_STRIKE_MAGIC] = "magic_strike", [BSK_STRIKE_SHOT] = "shot",
    [BSK_STRIKE_THROW] = "throw", [BSK_STRIKE_DISCHARGE] = "discharge", [BSK_STRIKE_ACROSS_ROW] = "strike_across_row",
    [BSK_STRIKE_FINISHING_BLOW] = "finishing_blow"}; /* blow11 */

const char *bsk_feature_kind_id(int kind) { return kind >= 0 && kind < BSK_FEATURE_KIND_COUNT ? KIND_IDS[kind] : NULL; }
const char *bsk_feature_event_id(int event)
{
    return event >= 0 && event < BSK_FEATURE_EVENT_COUNT ? EVENT_IDS[event] : NULL;
}
const char *bsk_feature_op_id(int op) { return op >= 0 && op < BSK_FEATURE_OP_COUNT ? OP_IDS[op] : NULL; }
const char *bsk_strike_kind_id(int kind) { return kind >= 0 && kind < BSK_STRIKE_KIND_COUNT ? STRIKE_IDS[kind] : NULL; }
const char *bsk_feature_duration_id(int duration)
{
    return duration >= 0 && duration < BSK_FEATURE_DURATION_COUNT ? DURATION_IDS[duration] : NULL;
}

/* ---- Per-card handlers (DESIGN §3 `engine: "handler:<id>"`): what the vocabulary cannot say ---- */

typedef void (*engine_handler_fn)(bsk_match *m, const bsk_card_table *cards, int source, int player, int target,
                                  bsk_events *events);

/* test-oddity (tests/positions/cards/synthetic.json): gains a counter per enemy card in the battle
 * zone — a count the vocabulary has no expression for. */
static void handler_test_oddity(bsk_match *m, const bsk_card_table *cards, int source, int player, int target,
                                bsk_events *events)
{
    (void)cards, (void)target, (void)events;
    int n = __builtin_popcountll(m->in_battle[engine_other(player) - 1]);
    bsk_unit *u = &m->units[source];
    u->counters = (uint8_t)(u->counters + n > 255 ? 255 : u->counters + n);
}

static const struct {
    const char *card_id;
    engine_handler_fn run;
} ENGINE_HANDLERS[] = {
    {NULL, NULL}, /* 0: none */
    {"test-oddity", handler_test_oddity},
};
enum { HANDLER_COUNT = sizeof ENGINE_HANDLERS / sizeof ENGINE_HANDLERS[0] };

int bsk_feature_handler_find(const char *card_id)
{
    for (int i = 1; card_id && i < HANDLER_COUNT; i++)
        if (strcmp(ENGINE_HANDLERS[i].card_id, card_id) == 0)
            return i;
    return 0;
}

const char *bsk_feature_handler_id(int handler)
{
    return handler > 0 && handler < HANDLER_COUNT ? ENGINE_HANDLERS[handler].card_id : NULL;
}

/* ---- Running a feature's program ---- */

/* static2 (issue 22): a count compared with a number (the condition {"count", "op", "value"}). */
static bool count_holds(int op, int count, int value)
{
    switch (op) {
    case BSK_FILTER_COST_LE: return count <= value;
    case BSK_FILTER_COST_GE: return count >= value;
    case BSK_FILTER_COST_EQ: return count == value;
    case BSK_FILTER_COST_LT: return count < value;
    case BSK_FILTER_COST_GT: return count > value;
    default: return true;
    }
}

static bool wrapper_holds(const bsk_match *m, const bsk_card_table *cards, int unit, const bsk_feature *f);

/* A feature's condition (glossary §3.1 while, §6.2 Condition; 121): its `condition` (a state, a
 * wrapper), the filter its card must match (`if_source`: wounded, tapped, in a row, adjacent …) and
 * a count compared with a number (`if_count`: «если в вашем отряде ≥ N карт F»), read from the board
 * now: a static feature each time it is read, a triggered or activated one when it is declared and
 * when it resolves. */
static bool condition_holds(const bsk_match *m, const bsk_card_table *cards, int unit, const bsk_feature *f)
{
    if (f->if_source && !engine_filter_matches(m, cards, f->if_source, unit, unit))
        return false;
    if (f->if_op && !count_holds(f->if_op, engine_filter_count(m, cards, f->if_count, unit, -1), f->if_value))
        return false;
    return wrapper_holds(m, cards, unit, f);
}

bool engine_feature_condition_holds(const bsk_match *m, const bsk_card_table *cards, int unit, const bsk_feature *f)
{
    return condition_holds(m, cards, unit, f);
}

static bool wrapper_holds(const bsk_match *m, const bsk_card_table *cards, int unit, const bsk_feature *f)
{
    switch (f->condition) {
    case BSK_FEATURE_IF_WOUNDED:
        return m->units[unit].wounds > 0;
    case BSK_FEATURE_IF_UNWOUNDED:
        return m->units[unit].wounds == 0;
    /* a wrapper's linked text (121.1): the feature is there while the wrapper's condition holds */
    case BSK_FEATURE_IF_FORMATION:
        return engine_condition_holds(m, cards, unit, BSK_CONDITION_FORMATION);
    case BSK_FEATURE_IF_AT_DEPTH:
        return engine_condition_holds(m, cards, unit, BSK_CONDITION_AT_DEPTH);
    case BSK_FEATURE_IF_ON_SURFACE:
        return engine_condition_holds(m, cards, unit, BSK_CONDITION_ON_SURFACE);
    case BSK_FEATURE_IF_WOLF:
        return engine_condition_holds(m, cards, unit, BSK_CONDITION_WEREWOLF_WOLF);
    case BSK_FEATURE_IF_HUMAN:
        return engine_condition_holds(m, cards, unit, BSK_CONDITION_WEREWOLF_HUMAN);
    case BSK_FEATURE_IF_REBUFF:
        return engine_condition_holds(m, cards, unit, BSK_CONDITION_REBUFF);
    case BSK_FEATURE_IF_SECOND: /* batl9: glossary «Если вы ходите вторым (II)»; 402.1: player 2 moves second */
        return m->units[unit].owner == 2;
    default:
        return true;
    }
}

/* ---- Limits «X раз за ход / за бой» (545.7) ---- */

/* The execution markers on unit's feature k (bsk_match.used); an acquired feature's (k >= 64) are its
 * entry's, on the card that holds it (acquired4: 545.7 «карта может выполнить … карта получает маркер»). */
static int limit_markers(const bsk_match *m, int unit, int k)
{
    if (k >= BSK_FEATURE_ACQUIRED)
        return engine_acquired_markers(m, k - BSK_FEATURE_ACQUIRED);
    return (int)(m->used[unit] >> (BSK_FEATURE_LIMIT_BITS * k)) & BSK_FEATURE_LIMIT_COUNT_MAX;
}

/* Unit's feature k declared and not yet paid: in the queue, on the stack, or waiting as a pending
 * trigger. 545.7: the marker is a reserved resource (501.5), so these count as placed. */
static int limit_reserved(const bsk_match *m, int unit, int k)
{
    int n = 0;
    const bsk_stack_entry *lists[2] = {m->queue, m->stack};
    const int counts[2] = {m->queue_count, m->stack_count};
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < counts[l]; i++)
            n += lists[l][i].kind == BSK_ACT_FEATURE && lists[l][i].source == unit && lists[l][i].ability == k;
    for (int i = 0; i < m->pending_count; i++)
        n += m->pending[i].unit == unit && m->pending[i].feature == k;
    return n;
}

/* 545.7: no declaring unit's feature f (index k) once its markers reach X, the reserved ones counted (501.5). */
static inline bool limit_spent_of(const bsk_match *m, const bsk_feature *f, int unit, int k)
{
    int markers = limit_markers(m, unit, k);
    if (f->limit_battle && k < BSK_FEATURE_LIMITED_MAX) { /* spawn11: «…, Y раз за бой» too */
        int battle = limit_markers(m, unit, BSK_FEATURE_LIMITED_MAX - 1 - k);
        if (battle + limit_reserved(m, unit, k) >= f->limit_battle)
            return true;
    }
    if (markers + m->queue_count + m->stack_count + m->pending_count < f->limit_count)
        return false; /* the common case: even were every entry waiting one of its uses, X is not reached */
    return markers + limit_reserved(m, unit, k) >= f->limit_count;
}

bool engine_feature_limit_spent(const bsk_match *m, const bsk_card_table *cards, int unit, int k)
{
    const bsk_feature *f = engine_unit_feature(m, cards, unit, k); /* its own, or acquired (acquired4) */
    return f && f->limit_per != BSK_LIMIT_NONE && limit_spent_of(m, f, unit, k);
}

/* 545.7: "as an extra payment" a limited feature puts an execution marker on its card (a
 * trigger's one payment, 116.2), also on a card that has since died (501.13.1). */
static void limit_use(bsk_match *m, int unit, int k, const bsk_feature *f)
{
    int battle = BSK_FEATURE_LIMITED_MAX - 1 - k; /* spawn11: «…, Y раз за бой»'s nibble */
    if (f->limit_battle && k < BSK_FEATURE_LIMITED_MAX && limit_markers(m, unit, battle) < BSK_FEATURE_LIMIT_COUNT_MAX)
        m->used[unit] += 1u << (BSK_FEATURE_LIMIT_BITS * battle);
    if (k >= BSK_FEATURE_ACQUIRED) { /* acquired4: the holder's marker, on its entry (gone with it) */
        engine_acquired_mark(m, k - BSK_FEATURE_ACQUIRED);
        return;
    }
    if (k >= BSK_FEATURE_LIMITED_MAX || limit_markers(m, unit, k) >= BSK_FEATURE_LIMIT_COUNT_MAX)
        return; /* bsk_card_table_add_feature refuses such a limit */
    m->used[unit] += 1u << (BSK_FEATURE_LIMIT_BITS * k);
}

void engine_limits_new_turn(bsk_match *m, const bsk_card_table *cards)
{
    /* 409.2: every card of both players loses its "X раз за ход" markers (not the per-battle ones) */
    for (int i = 0; i < m->unit_count; i++) {
        if (!m->used[i])
            continue;
        int count;
        const bsk_feature *f = bsk_card_table_features(cards, m->units[i].slot, &count);
        for (int k = 0; k < count && k < BSK_FEATURE_LIMITED_MAX; k++)
            if (f[k].limit_per == BSK_LIMIT_TURN)
                m->used[i] &= ~((uint32_t)BSK_FEATURE_LIMIT_COUNT_MAX << (BSK_FEATURE_LIMIT_BITS * k));
    }
    if (m->acquired_count) /* acquired4: the acquired features' per-turn markers too */
        engine_acquired_new_turn(m, cards);
}

/* Applies op to one card; returns what it did there (compound3, 505.4, 505.7): the wounds imposed, the
 * wounds healed, the counters placed or removed, 1 for the other ops; -1 when it was not applied (the
 * card left, a terrain, a protection, an incorporeal heal). */
static int apply_one(bsk_match *m, const bsk_card_table *cards, const engine_op *op, int source, int player,
                     int target, int value, const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    if (!engine_in_battle(&m->units[target]))
        return -1;
    if ((op->modes & BSK_OPM_NOT_TERRAIN) && engine_char_type(m, cards, target) == BSK_TYPE_TERRAIN)
        return -1;
    /* 511.3 and 532: the protection check; glossary «Стойкость»: nothing from the opponent's effect-abilities */
    if (ef && ef->spell) { /* grave5: a spell, 532.1: protection from spells or magic, whatever the op */
        if (engine_protected_from(m, cards, target, source, KIND_SPELL))
            return -1;
    } else if ((op->modes & BSK_OPM_PROTECTED) &&
               (engine_protected_from(m, cards, target, source, KIND_EFFECT_ABILITY) ||
                engine_steadfast_blocks(m, cards, target, source, player)))
        return -1;
    /* glossary «Бестелесность»: an incorporeal creature is never healed */
    if ((op->modes & BSK_OPM_HEALING) && engine_char_has(m, cards, target, BSK_KEYWORD_INCORPOREAL))
        return -1;
    int wounds = m->units[target].wounds, counters = m->units[target].counters, cell = m->units[target].cell;
    int extra = m->units[target].extra_life;
    if (ef->value.var == BSK_EXPR_X_OF) /* branch dice5: the target's own X of the named feature (518) */
        value = ef->value.a * engine_char_x(m, cards, target, ef->keyword, 1) + ef->value.b;
    else if (ef->value.var == BSK_EXPR_STRIKE_OF) /* turn10: the target's simple strike at a strength (03-111) */
        value = ef->value.a * engine_char_strike(m, cards, target, ef->strength) + ef->value.b;
    if (ef->value.var == BSK_EXPR_LIFE_OF_SELF) /* grave10 (issue 23): the feature's card's current life (508.2.4) */
        value = ef->value.a * engine_unit_life(m, cards, source) + ef->value.b;
    if (op->with)
        op->with(m, cards, source, player, target, value, f, ef, events);
    else
        op->apply(m, cards, source, player, target, value, events);
    if (op->modes & (BSK_OPM_WOUNDING | BSK_OPM_HEALING)) {
        int now = m->units[target].wounds;
        if (op->modes & BSK_OPM_WOUNDING) {
            if (now > wounds && !ef->spell) /* vamp8: «ранит воздействием» (an effect-ability's wounds, 111.3) */
                engine_effect_wounded(m, cards, source, target, wounds, now - wounds);
            return now > wounds ? now - wounds : 0;
        }
        engine_healed(m, cards, target, wounds > now ? wounds - now : 0); /* events3: on_heal, 545.8 */
        return wounds > now ? wounds - now : 0;
    }
    if (op->modes & BSK_OPM_COUNTERS)
        return abs((int)m->units[target].counters - counters);
    if (op->modes & BSK_OPM_RELOCATION) /* trig4: no free cell, no relocation (523.4.1: «при этом» does not follow) */
        return m->units[target].cell != cell;
    if (ef->op == BSK_OP_LOSE_EXTRA_LIFE) /* vamp8: the extra life removed (0: none, so «при этом» does not follow) */
        return extra - m->units[target].extra_life;
    return 1;
}

/* The effect records of f in order, then its handler: `chosen` is the declared target or the
 * event's card. A feature with a mode («или») runs only the record its declaration chose (`mode`
 * 1-based; 0: the first). */
/* static2 (issue 22): a "delayed" record (glossary §3.2, 120): the records after it wait in the state
 * (bsk_match.delayed) for the moment its param names; past BSK_MATCH_DELAYED_MAX, the effects cap. */
static void delay_rest(bsk_match *m, const bsk_card_table *cards, const bsk_feature *f, int k, int source, int player,
                       int chosen)
{
    int count;
    const bsk_feature *features = bsk_card_table_features(cards, m->units[source].slot, &count);
    if (f < features || f >= features + count || k + 1 >= f->effect_count)
        return;
    if (m->delayed_count >= BSK_MATCH_DELAYED_MAX) {
        engine_effects_cap(m);
        return;
    }
    int controller = player ? player : m->units[source].owner, when = f->effects[k].param;
    int turn = when == BSK_DELAY_END_OF_TURN        ? m->turn
               : when == BSK_DELAY_END_OF_NEXT_TURN ? m->turn + 1
                                                    : engine_turn_end_of(m, controller, controller == m->active);
    m->delayed[m->delayed_count++] = (bsk_delayed){(int8_t)source, (uint8_t)(f - features), (uint8_t)(k + 1),
                                                   (uint8_t)when, (uint8_t)(turn > 255 ? 255 : turn),
                                                   (uint8_t)controller, (int8_t)chosen, 0};
}

/* guard10 (issue 23): BSK_EXPR_COUNT_MORE, «+1 …, пока … больше [F], чем [G]»: a + b while more cards of the battle zone
 * match the count_filter than the than_filter (seen from the feature's card, counted now), else b. */
static int count_more_value(const bsk_match *m, const bsk_card_table *cards, const bsk_feature_effect *ef, int source,
                            int chosen)
{
    bool more = engine_filter_count(m, cards, ef->count_filter, source, chosen) >
                engine_filter_count(m, cards, ef->than_filter, source, chosen);
    return (more ? ef->value.a : 0) + ef->value.b;
}

static void run_records(bsk_match *m, const bsk_card_table *cards, const bsk_feature *f, int source, int player,
                        int chosen, uint64_t group, int spent, int first, int end, bsk_events *events);

/* `spent`: the counters its cost took (an X-counter cost's X, 543.2), for the values "X" and "N per counter". */
static void run_program(bsk_match *m, const bsk_card_table *cards, const bsk_feature *f, int source, int player,
                        int chosen, uint64_t group, int spent, int mode, bsk_events *events)
{
    int first = 0, end = f->effect_count;
    if (f->mode) {
        first = mode > 0 && mode <= f->effect_count ? mode - 1 : 0;
        end = first + 1;
    }
    run_records(m, cards, f, source, player, chosen, group, spent, first, end, events);
    if (f->marker) { /* mark9 (issue 23), 544.5: each marker of a cell marker's entry executes its feature, in turn */
        const bsk_stack_entry *e = m->stack_count ? &m->stack[m->stack_count - 1] : NULL;
        int c = e && e->kind == BSK_ACT_FEATURE && e->source == source ? e->ability - BSK_FEATURE_CELL_MARKER : -1;
        for (int n = 1; c >= 0 && c < m->cell_markers_count && n < m->cell_markers[c].count; n++)
            run_records(m, cards, f, source, player, chosen, group, spent, first, end, events);
    }
    if (f->handler > 0 && f->handler < HANDLER_COUNT)
        ENGINE_HANDLERS[f->handler].run(m, cards, source, player, chosen, events);
}

void engine_delayed_run(bsk_match *m, const bsk_card_table *cards, bool start, bsk_events *events)
{
    for (int i = 0; i < m->delayed_count;) {
        bsk_delayed d = m->delayed[i];
        if (d.turn > m->turn || (d.when == BSK_DELAY_START_OF_OWN_TURN) != start) {
            i++;
            continue;
        }
        memmove(&m->delayed[i], &m->delayed[i + 1], (size_t)(m->delayed_count - i - 1) * sizeof m->delayed[0]);
        m->delayed_count--;
        memset(&m->delayed[m->delayed_count], 0, sizeof m->delayed[0]);
        int count;
        const bsk_feature *f = bsk_card_table_features(cards, m->units[d.source].slot, &count);
        if (d.feature < count) /* 120: it exists independently of its source (which may have left) */
            run_records(m, cards, &f[d.feature], d.source, d.player, d.target, 0, f[d.feature].counters, d.from,
                        f[d.feature].effect_count, events); /* (an X-counter cost delays nothing: synthetic.c) */
    }
    engine_destroy_dead(m, cards, events);
}

/* events3 (issue 22), 502.6, digest 02 §5 #22: one record's wounds on several cards are imposed at once, so
 * the on_wounds_taken triggers are collected after the last: the ones its wounds made pending since
 * `mark` are dropped and each wounded card's event (dealt[t], unit order) is raised again, heard on the
 * board with every wound in place. */
static void collect_wounds(bsk_match *m, const bsk_card_table *cards, int mark, uint64_t hit, const uint8_t *dealt)
{
    int kept = mark;
    for (int i = mark; i < m->pending_count; i++) {
        const bsk_feature *g = engine_unit_feature(m, cards, m->pending[i].unit, m->pending[i].feature);
        if (!g || g->event != BSK_ON_WOUNDED)
            m->pending[kept++] = m->pending[i];
    }
    if (kept < m->pending_count)
        memset(&m->pending[kept], 0, (size_t)(m->pending_count - kept) * sizeof m->pending[0]);
    m->pending_count = (uint8_t)kept;
    for (; hit; hit &= hit - 1) {
        int t = engine_first(hit);
        engine_raise(m, cards, BSK_ON_WOUNDED, t, -1, -1, dealt[t]);
    }
}

/* A record on several cards (every enemy creature, all matching, a group), at once (502.6). */
static void apply_many(bsk_match *m, const bsk_card_table *cards, const engine_op *op, int source, int player,
                       uint64_t set, int value, const bsk_feature *f, const bsk_feature_effect *ef, bsk_events *events)
{
    bool defer = (op->modes & BSK_OPM_WOUNDING) && (cards->listen_any & BSK_LISTEN(BSK_ON_WOUNDED)) &&
                 (set & (set - 1));
    int mark = m->pending_count;
    uint8_t dealt[BSK_MATCH_UNITS_MAX];
    uint64_t hit = 0;
    for (; set; set &= set - 1) {
        int t = engine_first(set), r = apply_one(m, cards, op, source, player, t, value, f, ef, events);
        if (defer && r > 0) {
            dealt[t] = (uint8_t)(r > 255 ? 255 : r);
            hit |= 1ull << t;
        }
    }
    if (defer)
        collect_wounds(m, cards, mark, hit, dealt);
}

/* mark9 (issue 23): the cards a marker's feature names, read from the stack entry being resolved (its feature index
 * names the marker): "placer" — the card that placed this unit marker, while in the battle zone (544.4: that copy);
 * "marked" — every card of the battle zone on this cell marker's cell (544.6: this marker's cell only), or the marked
 * card itself for a unit marker. */
static uint64_t marker_targets(const bsk_match *m, int source, int selector)
{
    const bsk_stack_entry *e = m->stack_count ? &m->stack[m->stack_count - 1] : NULL;
    if (!e || e->kind != BSK_ACT_FEATURE || e->source != source || e->ability < BSK_FEATURE_ACQUIRED)
        return 0;
    int k = e->ability;
    if (k < BSK_FEATURE_CELL_MARKER) { /* a unit marker: an acquired entry */
        int j = k - BSK_FEATURE_ACQUIRED, placer = j < BSK_MATCH_ACQUIRED_MAX ? engine_acquired_placer(m, j) - 1 : -1;
        if (selector == BSK_TARGET_MARKED)
            return engine_in_battle(&m->units[source]) ? 1ull << source : 0;
        return placer >= 0 && engine_in_battle(&m->units[placer]) ? 1ull << placer : 0;
    }
    int c = k - BSK_FEATURE_CELL_MARKER;
    if (selector != BSK_TARGET_MARKED || c >= m->cell_markers_count || !m->cell_markers[c].count)
        return 0;
    uint64_t set = 0;
    for (uint64_t all = m->in_battle[0] | m->in_battle[1]; all; all &= all - 1) {
        int i = engine_first(all);
        if (m->units[i].zone == BSK_ZONE_BATTLEFIELD && m->units[i].cell == m->cell_markers[c].cell)
            set |= 1ull << i;
    }
    return set;
}

static void run_records(bsk_match *m, const bsk_card_table *cards, const bsk_feature *f, int source, int player,
                        int chosen, uint64_t group, int spent, int first, int end, bsk_events *events)
{
    /* "X": an X group target's number of cards (512.5 e), or an X-counter cost's X (543.2), fixed when declared */
    int x = f->counters == BSK_FEATURE_COUNTERS_X || f->kind == BSK_FEATURE_TRIGGERED /* dice7: the event's value */
                ? spent
                : __builtin_popcountll(group);
    for (int k = first; k < end; k++) {
        const bsk_feature_effect *ef = &f->effects[k];
        const engine_op *op = &ENGINE_OPS[ef->op];
        if (ef->op == BSK_OP_DELAYED) { /* static2: the rest waits for its moment */
            delay_rest(m, cards, f, k, source, player, chosen);
            return;
        }
        int value = ef->value.var == BSK_EXPR_COUNT /* 543: X counted as the effect resolves */
                        ? ef->value.a * engine_filter_count(m, cards, ef->count_filter, source, chosen) + ef->value.b
                    : ef->value.var == BSK_EXPR_COUNT_MORE ? count_more_value(m, cards, ef, source, chosen) /* guard10 */
                        : bsk_expr_eval(ef->value, x, spent);
        if (ef->feature_card == BSK_FEATURE_CARD_TARGET)
            value = chosen; /* acquired4: gain_feature {"card":"target"}: whose feature (it takes no value) */
        if (op->modes & BSK_OPM_CELL) /* cell7: cells, the trigger's card naming one */
            op->with(m, cards, source, player, chosen, value, f, ef, events);
        else if (!(op->modes & BSK_OPM_CARD) && op->with) /* grave10: deck_to_graveyard reads its record */
            op->with(m, cards, source, player, -1, value, f, ef, events);
        else if (!(op->modes & BSK_OPM_CARD))
            op->apply(m, cards, source, player, -1, value, events);
        else if (ef->target == BSK_TARGET_SELF)
            apply_one(m, cards, op, source, player, source, value, f, ef, events);
        else if (ef->target == BSK_TARGET_PLACER || ef->target == BSK_TARGET_MARKED) /* mark9: 544.4, 544.6 */
            apply_many(m, cards, op, source, player, marker_targets(m, source, ef->target), value, f, ef, events);
        else if (ef->target == BSK_TARGET_EVERY_ENEMY) { /* 502.6: all at once */
            uint64_t set = 0;
            for (int i = 0; i < m->unit_count; i++)
                if (m->units[i].owner != m->units[source].owner && engine_in_battle(&m->units[i]) &&
                    engine_char_creature(m, cards, i))
                    set |= 1ull << i;
            apply_many(m, cards, op, source, player, set, value, f, ef, events);
        } else if (ef->target == BSK_TARGET_ALL) { /* every matching card, found before any is affected (502.6) */
            apply_many(m, cards, op, source, player, engine_filter_all(m, cards, ef->filter, source, chosen), value, f,
                       ef, events);
        } else if (ef->target == BSK_TARGET_GROUP && ef->op == BSK_OP_SPAWN_ATTACK) {
            /* 505.4.4: «[атака] по N целям» is N attacks, one at each card, each legal on its own when it is
             * spawned; pushed last card first, so the first card's (by place in the match) is executed first */
            for (int i = m->unit_count - 1; i >= 0; i--)
                if ((group >> i) & 1u)
                    apply_one(m, cards, op, source, player, i, value, f, ef, events);
        } else if (ef->target == BSK_TARGET_GROUP) { /* group3: 528.7, the group all at once (502.6) */
            if ((group & (m->in_battle[0] | m->in_battle[1])) != group)
                continue; /* a card of it has left the battle zone: the whole group is illegal */
            apply_many(m, cards, op, source, player, group, value, f, ef, events);
        } else if (chosen >= 0)
            apply_one(m, cards, op, source, player, chosen, value, f, ef, events);
    }
}

/* ---- Compound features (505; branch compound3, issue 22) ----
 * A feature whose effect records carry a link (505.4), an optional record (505.6) or a dependent X
 * ("previous", 505.7) runs its records one at a time through the entry on the stack, since a record may
 * wait: for the strike it spawned (537, its success read at the attack's payment) or for its
 * controller's `use` (505.6). A feature entry uses its attack-only fields for this: roll[0] is the
 * record to consider next plus 1 (0: not begun), roll[1] what the previous record did (505.7), and
 * magnitude[0..1] four bits a record (R_*). Every other feature runs as before (run_program). */
enum { R_DECLARED = 1, R_AFFECTED = 2, R_FULL = 4, R_USE = 8 };

bool engine_feature_compound(const bsk_feature *f)
{
    for (int k = 0; k < f->effect_count; k++)
        if (f->effects[k].link | f->effects[k].optional || f->effects[k].value.var == BSK_EXPR_PREVIOUS)
            return true;
    return false;
}

static int record_bits(const bsk_stack_entry *e, int k)
{
    return (e->magnitude[k >> 1] >> ((k & 1) * 4)) & 0xF;
}

static void record_set(bsk_stack_entry *e, int k, int bits)
{
    e->magnitude[k >> 1] = (uint8_t)(e->magnitude[k >> 1] | (bits << ((k & 1) * 4)));
}

/* 505.5: how loosely a link groups ("and" tightest, "then" loosest). */
static int looseness(int link)
{
    static const uint8_t order[BSK_LINK_COUNT] = {[BSK_LINK_AND] = 0, [BSK_LINK_OR] = 1, [BSK_LINK_ELSE] = 2,
                                                  [BSK_LINK_THEN_IF] = 3, [BSK_LINK_WHILE_DOING] = 3,
                                                  [BSK_LINK_THEN] = 4};
    return link < BSK_LINK_COUNT ? order[link] : 0;
}

/* The link records [lo, hi) split at: the loosest, the rightmost of equals (505.5: left to right). */
static int record_split(const bsk_feature *f, int lo, int hi)
{
    int at = lo + 1;
    for (int j = lo + 1; j < hi; j++)
        if (looseness(f->effects[j].link) >= looseness(f->effects[at].link))
            at = j;
    return at;
}

/* What the group of records [lo, hi) did (R_DECLARED, R_AFFECTED, R_FULL): 505.4.1 "and" in full when
 * every part was; 505.4.7 "else" when either was; a dependency when both were. */
static int record_group(const bsk_feature *f, const bsk_stack_entry *e, int lo, int hi)
{
    if (hi - lo == 1)
        return record_bits(e, lo) & (R_DECLARED | R_AFFECTED | R_FULL);
    int j = record_split(f, lo, hi), a = record_group(f, e, lo, j), b = record_group(f, e, j, hi);
    /* 505.4.8: an «или» in full when the group used was (the other one is never declared) */
    int link = f->effects[j].link,
        full = link == BSK_LINK_ELSE || link == BSK_LINK_OR ? ((a | b) & R_FULL) : (a & b & R_FULL);
    int declared = link == BSK_LINK_THEN_IF || link == BSK_LINK_WHILE_DOING ? a & R_DECLARED : (a | b) & R_DECLARED;
    return declared | ((a | b) & R_AFFECTED) | full;
}

/* Whether record k is reached, by the results of the records before it (505.4.5–505.4.7, 505.5): 0 no, 1 yes.
 * incarn7 (505.4.8): an «или» split at j of the records [lo, hi) lets through only the group its controller
 * chose — R_USE on its first record, lo or j (the reader allows no optional record beside an «или») —; not
 * chosen yet, GATE_OR + j: the question is asked first (run_compound). */
enum { GATE_OR = 2 };

static int record_gate(const bsk_feature *f, const bsk_stack_entry *e, int lo, int hi, int k)
{
    if (hi - lo == 1)
        return 1;
    int j = record_split(f, lo, hi);
    if (f->effects[j].link == BSK_LINK_OR) {
        bool left = (record_bits(e, lo) & R_USE) != 0, right = (record_bits(e, j) & R_USE) != 0;
        if (!left && !right)
            return GATE_OR + j;
        if (k < j)
            return left ? record_gate(f, e, lo, j, k) : 0;
        return right ? record_gate(f, e, j, hi, k) : 0;
    }
    if (k < j)
        return record_gate(f, e, lo, j, k);
    int left = record_group(f, e, lo, j), link = f->effects[j].link;
    bool go = link == BSK_LINK_THEN_IF       ? (left & R_AFFECTED) != 0
              : link == BSK_LINK_WHILE_DOING ? (left & (R_DECLARED | R_FULL)) == (R_DECLARED | R_FULL)
              : link == BSK_LINK_ELSE        ? (left & (R_DECLARED | R_FULL)) != (R_DECLARED | R_FULL)
                                             : true;
    return go ? record_gate(f, e, j, hi, k) : 0;
}

/* The first record of the «или» split at j (505.5: every record back to a looser link). */
static int record_or_first(const bsk_feature *f, int j)
{
    int lo = j;
    while (lo > 0 && looseness(f->effects[lo].link) <= looseness(BSK_LINK_OR))
        lo--;
    return lo;
}

/* The cards record ef may be declared at (505.4.1: none, and it is skipped), as run_records finds them. */
static uint64_t record_targets(const bsk_match *m, const bsk_card_table *cards, const bsk_feature_effect *ef,
                               int source, int chosen)
{
    const engine_op *op = &ENGINE_OPS[ef->op];
    uint64_t set = 0;
    if (ef->op == BSK_OP_GAIN_INCARNATION) /* inc9: a graveyard card that may get a token (self: its own card) */
        return incarnation_takers(m, cards, m->units[source].owner) &
               (ef->param == BSK_GRAVE_SELF ? 1ull << source : ~UINT64_C(0));
    if (!(op->modes & BSK_OPM_CARD))
        return 1;
    if (ef->target == BSK_TARGET_SELF)
        set = engine_in_battle(&m->units[source]) ? 1ull << source : 0;
    else if (ef->target == BSK_TARGET_PLACER || ef->target == BSK_TARGET_MARKED) /* mark9 */
        set = marker_targets(m, source, ef->target);
    else if (ef->target == BSK_TARGET_EVERY_ENEMY) {
        for (int i = 0; i < m->unit_count; i++)
            if (m->units[i].owner != m->units[source].owner && engine_in_battle(&m->units[i]) &&
                engine_char_creature(m, cards, i))
                set |= 1ull << i;
    } else if (ef->target == BSK_TARGET_ALL)
        set = engine_filter_all(m, cards, ef->filter, source, chosen);
    else if (chosen >= 0 && engine_in_battle(&m->units[chosen]))
        set = 1ull << chosen;
    return set;
}

/* Runs the records of compound feature f from the entry's next one; false when one waits (a spawned
 * strike above the entry, a `use` question), true when the last is done and the feature is paid. */
static bool run_compound(bsk_match *m, const bsk_card_table *cards, const bsk_feature *f, bsk_stack_entry *e,
                         bsk_events *events)
{
    int source = e->source, player = e->player, chosen = e->target;
    for (int k = e->roll[0] ? e->roll[0] - 1 : 0; k < f->effect_count; k++) {
        e->roll[0] = (int8_t)(k + 1);
        const bsk_feature_effect *ef = &f->effects[k];
        const engine_op *op = &ENGINE_OPS[ef->op];
        int gate = record_gate(f, e, 0, f->effect_count, k);
        if (gate >= GATE_OR) { /* incarn7, 505.4.8: which group of the «или»; one with no legal target is not offered */
            int j = gate - GATE_OR, lo = record_or_first(f, j);
            uint64_t allowed = (record_targets(m, cards, &f->effects[lo], source, chosen) ? 0x2u : 0u) |
                               (record_targets(m, cards, &f->effects[j], source, chosen) ? 0x4u : 0u);
            if (allowed == 0x2u || allowed == 0x4u || !allowed) { /* one usable group (none: the first, skipped) */
                record_set(e, allowed == 0x4u ? j : lo, R_USE);
                k--;
                continue;
            }
            memset(&m->choice, 0, sizeof m->choice);
            engine_ask_choice(m, player, BSK_CHOOSE_MODE, BSK_CHOICE_OR, allowed);
            return false;
        }
        if (!gate)
            continue; /* a dependent group whose condition failed: not declared */
        if (ef->op == BSK_OP_DELAYED) { /* static2: the rest waits for its moment */
            delay_rest(m, cards, f, k, source, player, chosen);
            return true;
        }
        uint64_t targets = record_targets(m, cards, ef, source, chosen);
        /* strike13 (issue 23), 505.4.5: a dependent attack "with" a filter is declared once the group before it
         * succeeded — its card asked now, after its `use` (relocate_ask left it); none to choose: not declared */
        uint64_t with = ef->op == BSK_OP_SPAWN_ATTACK && ef->attack.keyword && ef->from_filter && k > 0 && ef->link
                            ? (e->cell >= 0 ? 1ull << e->cell : with_attack_cards(m, cards, ef, e))
                            : ~UINT64_C(0);
        if (!targets || !with)
            continue; /* 505.4.1: no legal target, skipped */
        if (ef->optional && !(record_bits(e, k) & R_USE)) { /* 505.6: asked as it is reached */
            memset(&m->choice, 0, sizeof m->choice);
            engine_ask_choice(m, player, BSK_CHOOSE_USE, BSK_CHOICE_MAY, 0x3);
            return false;
        }
        if (~with && e->cell < 0 && ask_or_take(m, e, BSK_CHOOSE_UNIT, with))
            return false; /* the answer sets the entry's cell; the resolution comes back to this record */
        int value = ef->value.var == BSK_EXPR_COUNT ? ef->value.a * engine_filter_count(m, cards, ef->count_filter,
                                                                                       source, chosen) + ef->value.b
                    : ef->value.var == BSK_EXPR_COUNT_MORE ? count_more_value(m, cards, ef, source, chosen) /* guard10 */
                    : ef->value.var == BSK_EXPR_PREVIOUS ? ef->value.a * e->roll[1] + ef->value.b /* 505.7 */
                                                         : bsk_expr_eval(ef->value, e->x, engine_feature_counters(f, e));
        if (value < 0)
            value = 0;
        if (ef->feature_card == BSK_FEATURE_CARD_TARGET)
            value = chosen; /* acquired4: gain_feature {"card":"target"}: whose feature (it takes no value) */
        bool measured = (op->modes & (BSK_OPM_WOUNDING | BSK_OPM_HEALING | BSK_OPM_COUNTERS)) != 0 ||
                        ef->op == BSK_OP_LOSE_EXTRA_LIFE; /* vamp8: in full when all N left the card */
        int bits = R_DECLARED | R_FULL, did = 0;
        if (ef->op == BSK_OP_SPAWN_ATTACK || ef->op == BSK_OP_FIGHT) { /* fight9: a fight is a spawned strike too */
            int height = m->stack_count;
            apply_one(m, cards, op, source, player, engine_first(targets), value, f, ef, events);
            if (m->stack_count > height) { /* 537.2 d: the strike runs first; its payment reports back */
                record_set(e, k, R_DECLARED);
                e->roll[0] = (int8_t)(k + 2);
                e->roll[1] = 0;
                e->flags2 |= E2_SPAWNED;
                return false;
            }
            continue; /* it could not be declared (537.2 a) */
        }
        if (op->modes & BSK_OPM_CELL) { /* cell7: cells, the trigger's card naming one */
            op->with(m, cards, source, player, chosen, value, f, ef, events);
            did = true;
        } else if (!(op->modes & BSK_OPM_CARD)) {
            int held = -1; /* grave5: lose_incarnation succeeds when a token left the chosen card (505.4.5) */
            if ((ef->op == BSK_OP_LOSE_INCARNATION || ef->op == BSK_OP_GAIN_INCARNATION) && e->cell >= 0)
                held = m->units[e->cell].incarnation;
            int deck = m->sides[e->player - 1].deck_count; /* grave10: deck_to_graveyard took a card */
            if (op->with)
                op->with(m, cards, source, player, -1, value, f, ef, events);
            else
                op->apply(m, cards, source, player, -1, value, events);
            did = ef->op == BSK_OP_DECK_TO_GRAVEYARD ? m->sides[e->player - 1].deck_count < deck
                  : ef->op == BSK_OP_GAIN_INCARNATION /* inc9: a token came (it may have incarnated with it) */
                      ? held >= 0 && (m->units[e->cell].zone != BSK_ZONE_GRAVEYARD || m->units[e->cell].incarnation > held)
                      : ef->op != BSK_OP_LOSE_INCARNATION || (held > 0 && m->units[e->cell].incarnation < held);
            if (!did) /* 523.4.1: no token removed, no effect */
                bits &= ~R_FULL;
        } else {
            /* events3: 502.6, the wound triggers of several cards collected after the last (collect_wounds) */
            bool defer = (op->modes & BSK_OPM_WOUNDING) && (cards->listen_any & BSK_LISTEN(BSK_ON_WOUNDED)) &&
                         (targets & (targets - 1));
            int mark = m->pending_count;
            uint8_t dealt[BSK_MATCH_UNITS_MAX];
            uint64_t hit = 0;
            for (uint64_t set = targets; set; set &= set - 1) {
                int t = engine_first(set), wounds = m->units[t].wounds;
                /* a heal is calculated on the wounds the card has (505.7's example: «4 или менее») */
                int amount = !(op->modes & BSK_OPM_HEALING) ? value
                             : ef->op == BSK_OP_HEAL_FULL  ? wounds
                                                           : (value < wounds ? value : wounds);
                int done = apply_one(m, cards, op, source, player, t, value, f, ef, events);
                if (done > 0)
                    did += measured ? done : 1;
                /* 505.4.5: in full is every effect in the amount calculated; 523.4.1: 0 is no effect */
                if (done <= 0 || (measured && done != amount))
                    bits &= ~R_FULL;
                if (defer && done > 0) {
                    dealt[t] = (uint8_t)(done > 255 ? 255 : done);
                    hit |= 1ull << t;
                }
            }
            if (defer)
                collect_wounds(m, cards, mark, hit, dealt);
        }
        if (did > 0)
            bits |= R_AFFECTED;
        record_set(e, k, bits);
        e->roll[1] = (int8_t)(did > 127 ? 127 : did);
    }
    e->roll[0] = (int8_t)(f->effect_count + 1);
    return true;
}

/* 505.4.5, 523.4.2: the strike record k of the compound feature below a spawned attack succeeded when it
 * was executed and was not a miss (nor blocked nor cancelled); what it did for 505.7 is its magnitude. */
void engine_compound_strike_done(bsk_match *m, const bsk_stack_entry *attack)
{
    if (m->stack_count < 2)
        return;
    bsk_stack_entry *p = &m->stack[m->stack_count - 2];
    if (p->kind != BSK_ACT_FEATURE || !(p->flags2 & E2_SPAWNED) || p->roll[0] < 2)
        return;
    bool success = attack->strength[0] != STRENGTH_MISS && !(attack->flags2 & (E2_CANCELLED | E2_BLOCKED)); /* 531.4 */
    if (success) {
        record_set(p, p->roll[0] - 2, R_FULL | (attack->magnitude[0] > 0 ? R_AFFECTED : 0));
        p->roll[1] = (int8_t)(attack->magnitude[0] > 127 ? 127 : attack->magnitude[0]);
    }
}

void engine_compound_use_answer(bsk_match *m, const bsk_action *a)
{
    bsk_stack_entry *e = &m->stack[m->stack_count - 1];
    BSK_ASSERT(m->choice.what == BSK_CHOOSE_USE && e->roll[0] > 0);
    m->question = Q_NONE;
    memset(&m->choice, 0, sizeof m->choice);
    if (a->index)
        record_set(e, e->roll[0] - 1, R_USE); /* the resolution goes on with it (engine_resolve_feature) */
    else
        e->roll[0]++; /* 505.6: declined, not declared */
}

/* incarn7 (505.4.8): the answer to a compound feature's «или»: mode 1 the group before the link, 2 the one after. */
void engine_compound_or_answer(bsk_match *m, const bsk_card_table *cards, const bsk_action *a)
{
    bsk_stack_entry *e = &m->stack[m->stack_count - 1];
    const bsk_feature *f = engine_unit_feature(m, cards, e->source, e->ability);
    BSK_ASSERT(m->choice.what == BSK_CHOOSE_MODE && e->roll[0] > 0 && f);
    m->question = Q_NONE;
    memset(&m->choice, 0, sizeof m->choice);
    int gate = f ? record_gate(f, e, 0, f->effect_count, e->roll[0] - 1) : 0;
    if (gate >= GATE_OR)
        record_set(e, a->index == 2 ? gate - GATE_OR : record_or_first(f, gate - GATE_OR), R_USE);
}

/* ---- Events (116): every listening card hears them ---- */

/* Whether `listener`'s feature f hears the event. */
static bool hears(const bsk_match *m, const bsk_card_table *cards, int listener, const bsk_feature *f,
                  const engine_signal *s)
{
    const bsk_unit *u = &m->units[listener];
    bool role;
    switch (f->event) { /* the keyword frames: the keyword's own condition (glossary §1.2) */
    case BSK_ON_CONCENTRATION: /* «Концентрация»: the end of the opponent's turn, no wound taken in it */
        if (s->subject >= 0) /* focus8: made to trigger (engine_concentration_force): this card's, at once */
            return s->subject == listener && engine_in_battle(u) && condition_holds(m, cards, listener, f);
        return u->owner != m->active && engine_in_battle(u) && !(u->flags & BSK_UNIT_WOUNDED_TURN) &&
               condition_holds(m, cards, listener, f);
    case BSK_ON_FRENZY: /* «Бешенство X»: its own fight's roll on its own turn, X or less (X: the keyword's) */
        return s->subject == listener && u->owner == m->active &&
               engine_char_has(m, cards, listener, BSK_KEYWORD_FRENZY) &&
               s->strength <= engine_char_x(m, cards, listener, BSK_KEYWORD_FRENZY, 0) &&
               condition_holds(m, cards, listener, f);
    case BSK_ON_VALHALLA: /* «Вальхалла»: in the graveyard at the start of its owner's turn, having died
                             from an attack of an opponent's card */
        return u->owner == m->active && u->zone == BSK_ZONE_GRAVEYARD && (u->flags & BSK_UNIT_VALHALLA);
    default:
        break;
    }
    switch (f->role) {
    case BSK_ROLE_SELF: /* a turn event: this card's controller's turn */
        role = s->subject < 0 ? u->owner == m->active : s->subject == listener;
        break;
    case BSK_ROLE_ANY:
        role = true;
        break;
    case BSK_ROLE_OWN:
        role = s->subject < 0 ? u->owner == m->active
                              : s->subject != listener && m->units[s->subject].owner == u->owner;
        break;
    case BSK_ROLE_ENEMY:
        role = s->subject < 0 ? u->owner != m->active : m->units[s->subject].owner != u->owner;
        break;
    case BSK_ROLE_ADJACENT: /* both in the battle zone: a dead card is adjacent to nothing */
        role = s->subject >= 0 && s->subject != listener && engine_in_battle(u) &&
               engine_in_battle(&m->units[s->subject]) && engine_adjacent(m, cards, listener, s->subject);
        break;
    case BSK_ROLE_ATTACKED:
        role = s->other == listener;
        break;
    default:
        role = false;
    }
    if (!role)
        return false;
    if (f->gain_keyword && s->kind != f->gain_keyword - 1) /* curse4: would_gain_feature's keyword */
        return false;
    /* the signal's own facts before the filters, which read the cards (a miss is judged below) */
    if (!s->miss) {
        if (f->fight_side && !(f->fight_side & s->side))
            return false; /* events3, 546.1: «в нападении» / «при отражении»: the striker's side of the fight */
        if (f->strengths && (s->strength < 0 || !((f->strengths >> s->strength) & 1u)))
            return false; /* mark9 (issue 23): on_move's "movement" is strengths 1 | 2 (506.1; 506.6 a jump, a teleport) */
        if (f->event == BSK_ON_MOVE && s->strength == 2 && !f->strengths)
            return false; /* mark9: a slow jump or teleport is heard by a movement trigger only (as before this branch) */
        /* 515.4, glossary «Ответный удар»: a counter-strike is a simple strike with all that goes with one */
        unsigned kinds =
            f->abilities & (1u << BSK_STRIKE_SIMPLE) ? f->abilities | 1u << BSK_STRIKE_COUNTER : f->abilities;
        /* react10 (issue 23): on_attack_wounds keeps the strike's kind apart (its kind is the wounds, at_least's) */
        int strike = f->event == BSK_ON_ATTACK_WOUNDS ? s->attack - 1 : s->kind;
        if (kinds && (strike < 0 || !((kinds >> strike) & 1u)))
            return false;
        /* blow11 (issue 23): a finishing blow is an effect-ability, no attack (glossary «Добивание на X»): heard only by
         * a trigger naming it («когда … выполняет добивание») */
        if (!kinds && f->event == BSK_ON_STRIKE && strike == BSK_STRIKE_FINISHING_BLOW)
            return false;
        if (f->first_per && !((s->first >> (f->first_per - 1)) & 1u))
            return false; /* events3, 545.8: not the first heal of the turn / battle */
    }
    /* the trigger's filter: the event's card, seen from the listener (a turn event has none) */
    if (f->trigger_filter &&
        (s->subject < 0 || !engine_filter_matches(m, cards, f->trigger_filter, listener, s->subject)))
        return false;
    if (f->destroyed_filter && /* curse4: on_destroys, the destroyed card (still in the battle zone) */
        (s->other < 0 || !engine_filter_matches(m, cards, f->destroyed_filter, listener, s->other)))
        return false;
    if (s->miss) /* events3: 515.5: a miss deals no strike; heard only by a feature naming it on that side */
        return (f->miss & s->side) && condition_holds(m, cards, listener, f);
    if (f->roll_value == BSK_ROLL_ABOVE_COST) { /* dice5: «больше его стоимости» (the roller's) */
        if (s->strength <= engine_entry(cards, m, s->subject)->cost)
            return false;
    } else if (f->roll_value > BSK_ROLL_AT_MOST) { /* dice7: «равен X или менее» */
        if (s->strength > f->roll_value - BSK_ROLL_AT_MOST)
            return false;
    } else if (f->roll_value && s->strength != f->roll_value) /* branch dice3: «когда бросок кубика равен X» */
        return false;
    if (f->during && (u->owner == m->active) != (f->during == BSK_DURING_OWN_TURN))
        return false; /* dice5: «в ход противника» */
    if (f->at_least && s->kind < f->at_least) /* trig4: «теряет 2 или более фишек» (the reader: value events only) */
        return false;
    return condition_holds(m, cards, listener, f);
}

/* The cards that may hear an event: those in the battle zone, and the event's own card wherever it
 * is (a dead card hears its own death, 509.3). */
static uint64_t listeners(const bsk_match *m, const bsk_card_table *cards, const engine_signal *s, int event)
{
    uint64_t set = m->in_battle[0] | m->in_battle[1];
    /* every listener of the table hears only its own card's events or those naming it as the other
     * card (role self, attacked): only the event's two cards may hear it */
    if (!(cards->listen_wide & BSK_LISTEN(event)) && s->subject >= 0)
        return (1ull << s->subject) | (s->other >= 0 ? set & (1ull << s->other) : 0);
    if (event == BSK_ON_VALHALLA || event == BSK_ON_INCARNATION_LOST) /* heard from the graveyard (409.2; inc9: 201.2.3) */
        for (int i = 0; i < m->unit_count; i++)
            if (m->units[i].zone == BSK_ZONE_GRAVEYARD)
                set |= 1ull << i;
    if (s->subject >= 0)
        set |= 1ull << s->subject;
    return set;
}

/* Whether feature k of unit waits as a pending trigger: pending triggers are declared before
 * anything else runs (305.1), so the ones waiting were met at the same moment. */
static bool already_pending(const bsk_match *m, int unit, int k)
{
    for (int i = 0; i < m->pending_count; i++)
        if (m->pending[i].unit == unit && m->pending[i].feature == k)
            return true;
    return false;
}

/* Unit's feature f (index k: its card's, or acquired) hears the event: a pending trigger. False when
 * the pending list is full. */
/* dice7 (issue 23): whether a record's value reads "X" (a trigger's X: the event's value its pending entry keeps). */
static bool reads_x(const bsk_feature *f)
{
    for (int k = 0; k < f->effect_count; k++)
        if (f->effects[k].value.var == BSK_EXPR_X ||
            (f->effects[k].attack.expr_of == BSK_ATTACK_EXPR_VALUES && f->effects[k].attack.expr.var == BSK_EXPR_X))
            return true; /* blow11: a spawned attack «на X» */
    return false;
}

static bool raise_one(bsk_match *m, const bsk_card_table *cards, int event, const engine_signal *s, int unit,
                      const bsk_feature *f, int k)
{
    if (f->kind != BSK_FEATURE_TRIGGERED || f->event != event || ((f->marker | f->given) && k < BSK_FEATURE_ACQUIRED) ||
        !hears(m, cards, unit, f, s))
        return true; /* mark9: a marker's feature is never its card's own (544.1); spawn11: nor one it gives */
    if (f->target != BSK_TARGET_ATTACKED && !f->marker && already_pending(m, unit, k))
        return true; /* 116.8: met twice at one moment, it triggers once (544.5: each marker's feature triggers) */
    if (f->limit_per && limit_spent_of(m, f, unit, k))
        return true; /* 545.7, 116.2: its limit is spent (the pending and declared ones counted) */
    BSK_ASSERT(m->pending_count < BSK_MATCH_PENDING_MAX);
    if (m->pending_count >= BSK_MATCH_PENDING_MAX)
        return false;
    /* the event's other card for this card's own event, else the event's card; 532.1: a
     * struck card protected from the strike gets nothing from what goes with it */
    /* trig4 (issue 23): an attack or strike heard of another card (side, filter, adjacent: «при ударе вашего
     * летающего существа … в ту же цель») names the attacked card as "attacked" too (the reader refuses
     * "attacker" there) */
    /* spawn8 (issue 23): on_attack_wounds names its striker (the signal's other card) "attacker" whoever hears it
     * («разряд … по атаковавшей карте»; heard of its own card, "attacked" named the striker already) */
    bool attacked = f->role == BSK_ROLE_SELF || event == BSK_ON_ATTACK_WOUNDS ||
                    ((event == BSK_ON_STRIKE || event == BSK_ON_ASSAULT) && f->role != BSK_ROLE_ATTACKED);
    int target = attacked ? (s->shielded ? -1 : s->other) : s->subject;
    if (f->wounded_target) /* react10 (issue 23): its "attacked" is the wounded card; the striker kept as its x */
        target = s->subject;
    /* dice7 (issue 23): an on_destroys trigger whose records read "X" keeps the excess damage (its signal's value) */
    int x = event == BSK_ON_DESTROYS && reads_x(f) && s->strength > 0 ? (s->strength > 63 ? 63 : s->strength) : 0;
    /* focus8 (issue 23): a frenzy / on_die_roll trigger reading "X" keeps the roll (with modifiers, 306.5.3; one
     * below 0 kept as 0: 6 bits) — 05-006 «равен этому броску кубика» */
    if ((event == BSK_ON_FRENZY || event == BSK_ON_DIE_ROLL) && reads_x(f))
        x = s->strength < 0 ? 0 : s->strength > 63 ? 63 : s->strength;
    if (event == BSK_ON_STRIKE && s->kind == BSK_STRIKE_FINISHING_BLOW && reads_x(f)) /* blow11: «добивание на X» */
        x = s->value < 0 ? 0 : s->value > 63 ? 63 : s->value;
    if (f->wounded_target && event == BSK_ON_ATTACK_WOUNDS && s->other >= 0)
        x = 1 + s->other; /* react10: 1 + the striker (48 units fit the pending entry's 6 bits) */
    if (event == BSK_ON_LETHAL && s->subject == unit)
        x = ENGINE_LETHAL_SELF; /* spawn8: its own lethal wounds or destruction (201.2.3: then from the graveyard) */
    m->pending[m->pending_count++] =
        (bsk_pending){(int8_t)unit, (uint8_t)k, (int8_t)target, (uint8_t)(m->units[unit].owner | (x << 2))};
    return true;
}

void engine_raise_slow(bsk_match *m, const bsk_card_table *cards, int event, const engine_signal *s)
{
    uint64_t acquiring = 0; /* the cards with an acquired feature hearing the event: only they walk the entries */
    for (int j = 0; j < m->acquired_count; j++)
        if (m->acquired[j].until && (cards->listen[engine_acquired_slot(m, j)] & BSK_LISTEN(event)))
            acquiring |= 1ull << m->acquired[j].unit;
    uint64_t set = listeners(m, cards, s, event);
    if (s->subject >= 0 && (cards->listen_wide & BSK_LISTEN(event))) /* a wide event: its two cards and m->wide */
        set &= m->wide[engine_wide_set(event)] | acquiring | (1ull << s->subject) | (s->other >= 0 ? 1ull << s->other : 0);
    /* a card that is neither of the event's two cards hears it only through a wide feature (listen_wide); chosen
     * without a branch per card (the set is walked in unit order: the pending triggers' order) */
    uint64_t named = s->subject < 0 ? ~0ull : (1ull << s->subject) | (s->other >= 0 ? 1ull << s->other : 0);
    for (; set; set &= set - 1) {
        int unit = engine_first(set), slot = m->units[unit].slot;
        uint64_t own = 0 - ((named >> unit) & 1u);
        if (((cards->listen[slot] & own) | (cards->listen_wide_of[slot] & ~own)) & BSK_LISTEN(event)) {
            int count;
            const bsk_feature *f = bsk_card_table_features(cards, slot, &count);
            uint32_t heard = cards->triggered[slot];
            if (heard >> 31) { /* a triggered feature past index 30: every one is visited */
                for (int k = 0; k < count; k++)
                    if (!raise_one(m, cards, event, s, unit, &f[k], k))
                        return;
            } else { /* only its triggered features (the others hear nothing) */
                for (; heard; heard &= heard - 1) {
                    int k = __builtin_ctz(heard);
                    if (k < count && !raise_one(m, cards, event, s, unit, &f[k], k))
                        return;
                }
            }
        }
        /* branch posio: the features it acquired hear as its own (glossary §1.6 «Получает [текст]») */
        for (int j = 0; ((acquiring >> unit) & 1u) && j < m->acquired_count; j++)
            if (m->acquired[j].until && m->acquired[j].unit == unit &&
                (cards->listen[engine_acquired_slot(m, j)] & BSK_LISTEN(event))) {
                const bsk_feature *f = engine_unit_feature(m, cards, unit, BSK_FEATURE_ACQUIRED + j);
                if (f && !raise_one(m, cards, event, s, unit, f, BSK_FEATURE_ACQUIRED + j))
                    return;
            }
    }
    /* mark9 (issue 23), 544.5: the features the cell markers carry hear as their placing card's, one trigger per
     * marker, wherever that card is (544.1: the cell has the feature) */
    if (!(cards->marker_listen & BSK_LISTEN(event)) || !m->cell_markers_count)
        return;
    for (int j = 0; j < m->cell_markers_count; j++) {
        int unit = engine_cell_marker_source(m, cards, j);
        const bsk_feature *f = unit >= 0 ? engine_unit_feature(m, cards, unit, BSK_FEATURE_CELL_MARKER + j) : NULL;
        if (!f)
            continue;
        if (m->pending_count >= BSK_MATCH_PENDING_MAX) { /* DESIGN §5: a draw by cap, never a crash */
            engine_capacity_cap(m, BSK_CAP_STACK);
            return;
        }
        /* one trigger for the entry; its records run once for each of its markers (run_program) */
        if (!raise_one(m, cards, event, s, unit, f, BSK_FEATURE_CELL_MARKER + j))
            return;
    }
}

int engine_strike_kind(const bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e, int which)
{
    if (which)
        return BSK_STRIKE_COUNTER;
    if (e->ability < 0)
        return BSK_STRIKE_SIMPLE;
    switch (engine_stack_attack(m, cards, e->source, e->ability)->keyword) {
    case BSK_KEYWORD_SPECIAL_STRIKE: return BSK_STRIKE_SPECIAL;
    case BSK_KEYWORD_MAGIC_STRIKE: return BSK_STRIKE_MAGIC;
    case BSK_KEYWORD_SHOT: return BSK_STRIKE_SHOT;
    case BSK_KEYWORD_THROW: return BSK_STRIKE_THROW;
    case BSK_KEYWORD_DISCHARGE: return BSK_STRIKE_DISCHARGE;
    case BSK_KEYWORD_STRIKE_ACROSS_ROW: return BSK_STRIKE_ACROSS_ROW;
    case BSK_KEYWORD_FINISHING_BLOW: return BSK_STRIKE_FINISHING_BLOW; /* blow11 (issue 23) */
    default: return BSK_STRIKE_SIMPLE;
    }
}

void engine_raise_strike_slow(bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e, int which)
{
    engine_signal s = {which ? e->final_target : e->source, which ? e->source : e->final_target, e->strength[which],
                       0, false, 0, false, 0, 0, 0};
    if (!m->acquired_count) { /* nobody who may hear it listens: no kind, no protection to work out */
        uint64_t set = listeners(m, cards, &s, BSK_ON_STRIKE);
        while (set && !(cards->listen[m->units[engine_first(set)].slot] & BSK_LISTEN(BSK_ON_STRIKE)))
            set &= set - 1;
        if (!set)
            return;
    }
    s.kind = engine_strike_kind(m, cards, e, which);
    int protection = which || e->ability < 0 ? KIND_SIMPLE_STRIKE
                                             : engine_stack_attack(m, cards, e->source, e->ability)->keyword;
    s.shielded = engine_protected_from(m, cards, s.other, s.subject, protection) ||
                 ((cards->ops_any & (1ull << BSK_OP_PROTECTION_FROM_ATTACKS)) && /* guard10: 532.2 */
                  engine_static_protected(m, cards, s.other, s.kind, e->magnitude[which]));
    s.side = which ? BSK_FIGHT_DEFENCE : BSK_FIGHT_ASSAULT; /* events3: 546.1 */
    s.value = e->magnitude[which]; /* blow11 (issue 23): «выполняет добивание на X» — a trigger's X */
    engine_raise_slow(m, cards, BSK_ON_STRIKE, &s);
}

void engine_raise_miss_slow(bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e, int which)
{
    /* events3 (issue 22), 515.5: the attacker (which 0) or the defender (1) missed in the fight: the
     * missing card's on_attack features with `miss` on that side hear it; the other card is its target */
    engine_signal s = {which ? e->final_target : e->source, which ? e->source : e->final_target, -1, 0, false,
                       which ? BSK_FIGHT_DEFENCE : BSK_FIGHT_ASSAULT, true, 0, 0, 0};
    engine_raise_slow(m, cards, BSK_ON_STRIKE, &s);
}

void engine_healed_slow(bsk_match *m, const bsk_card_table *cards, int unit, int amount)
{
    /* events3 (issue 22): 545.8, 538: every heal applied counts in the battle history of its card's
     * controller, a heal of an unwounded card too (545.8's example: it uses up "the first heal"); 523.4:
     * a heal of 0 is not applied as an effect, so it raises nothing */
    uint8_t *h = m->heals[m->units[unit].owner - 1];
    engine_signal s = {unit, -1, -1, amount, false, 0, false, 0, 0, 0};
    s.first = (uint8_t)((h[0] == 0 ? 1u : 0u) | (h[1] == 0 ? 2u : 0u));
    for (int k = 0; k < 2; k++)
        if (h[k] < 255)
            h[k]++;
    if (amount > 0)
        engine_raise_slow(m, cards, BSK_ON_HEALED, &s);
}

void engine_concentrations_triggered_slow(bsk_match *m, const bsk_card_table *cards)
{
    /* focus6 (issue 23), 413.1, glossary «Концентрация»: a card's concentration triggers at the end of its
     * opponent's turn when it is in the battle zone and took no wound this turn — its keyword's, whether or not
     * its [text] runs, or a concentration feature it has (acquired ones too: a pending concentration trigger) */
    uint64_t seen = 0;
    for (int i = 0; i < m->pending_count; i++) {
        const bsk_feature *f = engine_unit_feature(m, cards, m->pending[i].unit, m->pending[i].feature);
        if (f && f->event == BSK_ON_CONCENTRATION)
            seen |= 1ull << m->pending[i].unit;
    }
    for (int unit = 0; unit < m->unit_count; unit++) {
        const bsk_unit *u = &m->units[unit];
        if ((seen >> unit) & 1u)
            continue;
        if (u->owner != m->active && engine_in_battle(u) && !(u->flags & BSK_UNIT_WOUNDED_TURN) &&
            engine_char_has(m, cards, unit, BSK_KEYWORD_CONCENTRATION))
            seen |= 1ull << unit;
    }
    for (; seen; seen &= seen - 1) /* one event per card; 116.8: a listener hearing several triggers once */
        engine_raise(m, cards, BSK_ON_CONCENTRATION_TRIGGERED, engine_first(seen), -1, -1, 0);
}

/* focus8 (issue 23): whether unit has a concentration — the keyword, or a concentration feature of its own or
 * acquired (518.9: «Концентрация: [текст]» is not named, a card may have several). */
static bool concentration_feature(const bsk_feature *f)
{
    return f->kind == BSK_FEATURE_TRIGGERED && f->event == BSK_ON_CONCENTRATION;
}

bool engine_concentration_feature_had(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return engine_unit_any_feature(m, cards, unit, concentration_feature);
}

static bool has_concentration(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return engine_char_has(m, cards, unit, BSK_KEYWORD_CONCENTRATION) || engine_concentration_feature_had(m, cards, unit);
}

void engine_concentration_force(bsk_match *m, const bsk_card_table *cards, int unit)
{
    /* focus8 (issue 23), glossary «Концентрация», 06-022 «срабатывает концентрация вашего степного существа»: the
     * concentration frame heard with unit as its card (hears: whatever the turn and its wounds, 518.9 each of its
     * concentration features, limits and conditions as ever), and on_concentration_triggered, once, when it has one */
    if (unit < 0 || !engine_in_battle(&m->units[unit]))
        return;
    engine_raise(m, cards, BSK_ON_CONCENTRATION, unit, -1, -1, 0);
    if ((cards->listen_any & BSK_LISTEN(BSK_ON_CONCENTRATION_TRIGGERED)) && has_concentration(m, cards, unit))
        engine_raise(m, cards, BSK_ON_CONCENTRATION_TRIGGERED, unit, -1, -1, 0);
}

void engine_attack_wounded_slow(bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e, int which,
                                int unit, int striker, int amount)
{
    /* trig5 (issue 23): «получает раны от атаки в первый раз за ход»: the card's first this game turn (413.3) */
    bsk_unit *u = &m->units[unit];
    engine_signal s = {unit, striker, -1, amount, false, 0, false, 0, 0, 0};
    s.attack = (int8_t)(1 + engine_strike_kind(m, cards, e, which)); /* react10: «от немагической атаки» (511.5) */
    s.first = (u->flags2 & BSK_UNIT_ATTACK_WOUNDED_TURN) ? 0u : 1u;
    u->flags2 |= BSK_UNIT_ATTACK_WOUNDED_TURN;
    if (engine_in_battle(u))
        engine_raise_slow(m, cards, BSK_ON_ATTACK_WOUNDS, &s);
}

void engine_effect_wounded_slow(bsk_match *m, const bsk_card_table *cards, int source, int unit, int before, int amount)
{
    /* vamp8 (issue 23): «ранит воздействием другое существо без ран» (06-154): the listeners read the wounded card as
     * it was just before these wounds (its wounds put back while the event is heard, restored after) */
    bsk_unit *u = &m->units[unit];
    int now = u->wounds;
    engine_signal s = {source, unit, -1, amount, false, 0, false, 0, 0, 0};
    u->wounds = (uint8_t)before;
    engine_raise_slow(m, cards, BSK_ON_EFFECT_WOUNDS, &s);
    u->wounds = (uint8_t)now;
}

/* vamp8 (issue 23): whether a feature has a spell record (111.3.3: the feature's abilities are spells). */
static bool casts_spell(const bsk_feature *f)
{
    for (int k = 0; k < f->effect_count; k++)
        if (f->effects[k].spell)
            return true;
    return false;
}

/* trig5 (issue 23): whether a feature relocates its own card (a relocate record on self): «чтобы переместить». */
static bool relocates_self(const bsk_feature *f)
{
    for (int k = 0; k < f->effect_count; k++)
        if (f->effects[k].op == BSK_OP_RELOCATE && f->effects[k].target == BSK_TARGET_SELF)
            return true;
    return false;
}

/* ---- Replacement (535) of destruction (509) ---- */

bool engine_replace_death(bsk_match *m, const bsk_card_table *cards, int unit, bsk_events *events)
{
    engine_signal s = {unit, -1, -1, 0, false, 0, false, 0, 0, 0};
    for (uint64_t set = listeners(m, cards, &s, BSK_WOULD_DIE); set; set &= set - 1) {
        int listener = engine_first(set);
        if (!(cards->listen[m->units[listener].slot] & BSK_LISTEN(BSK_WOULD_DIE)))
            continue;
        int count;
        const bsk_feature *f = bsk_card_table_features(cards, m->units[listener].slot, &count);
        for (int k = 0; k < count; k++) {
            if (f[k].kind != BSK_FEATURE_STATIC || f[k].event != BSK_WOULD_DIE || !hears(m, cards, listener, &f[k], &s))
                continue;
            if (f[k].limit_per && engine_feature_limit_spent(m, cards, listener, k))
                continue; /* 545.7: a replacement with a spent limit does not replace (535.1's example: Серк) */
            /* 535.7: each replacement once for this death, the unit order deciding (535.4 asks nobody yet) */
            if (f[k].limit_per)
                limit_use(m, listener, k, &f[k]); /* 545.7: its marker, as it replaces */
            run_program(m, cards, &f[k], listener, m->units[listener].owner, unit, 0, 0, 0, events);
            if (!engine_in_battle(&m->units[unit]) || engine_unit_life(m, cards, unit) > 0)
                return true; /* 535.3: the death did not happen */
        }
    }
    return false;
}

/* curse4 (issue 23), 535, 518.2: a card about to gain keyword K (op gain_feature) — «если [карта] должна получить
 * [K] – вместо этого [текст]»: each static would_gain_feature feature that hears it runs its records instead, once
 * (535.7), in unit order (535.4 asks nobody yet), its target the card; the gain is not performed (535.3). A spent
 * limit does not replace (545.7). */
bool engine_replace_gain(bsk_match *m, const bsk_card_table *cards, int unit, int keyword, bsk_events *events)
{
    engine_signal s = {unit, -1, -1, keyword, false, 0, false, 0, 0, 0};
    for (uint64_t set = listeners(m, cards, &s, BSK_WOULD_GAIN_FEATURE); set; set &= set - 1) {
        int listener = engine_first(set);
        if (!(cards->listen[m->units[listener].slot] & BSK_LISTEN(BSK_WOULD_GAIN_FEATURE)) ||
            !engine_in_battle(&m->units[listener]))
            continue;
        int count;
        const bsk_feature *f = bsk_card_table_features(cards, m->units[listener].slot, &count);
        for (int k = 0; k < count; k++) {
            if (f[k].kind != BSK_FEATURE_STATIC || f[k].event != BSK_WOULD_GAIN_FEATURE ||
                !hears(m, cards, listener, &f[k], &s))
                continue;
            if (f[k].limit_per && engine_feature_limit_spent(m, cards, listener, k))
                continue;
            if (f[k].limit_per)
                limit_use(m, listener, k, &f[k]);
            run_program(m, cards, &f[k], listener, m->units[listener].owner, unit, 0, 0, 0, events);
            return true;
        }
    }
    return false;
}

/* ---- Declaring triggers (305.1) ---- */

static void push_entry(bsk_match *m, const bsk_stack_entry *entry)
{
    if (m->stack_count < BSK_MATCH_STACK_MAX)
        m->stack[m->stack_count++] = *entry;
    else
        engine_capacity_cap(m, BSK_CAP_STACK); /* DESIGN §5: a draw by cap */
}

/* Fills a stack or queue entry in place (a struct built aside and copied is read back before
 * its bytes have landed). */
static void fill_entry(bsk_stack_entry *e, int kind, int player, int unit, int target, int feature, uint8_t flags)
{
    memset(e, 0, sizeof *e);
    e->kind = (uint8_t)kind;
    e->step = S_LEGALITY;
    e->player = (uint8_t)player;
    e->source = (int8_t)unit;
    e->target = (int8_t)target;
    e->final_target = (int8_t)target;
    e->cell = -1;
    e->guard = -1;
    e->ability = (int8_t)feature;
    e->strength[0] = e->strength[1] = STRENGTH_MISS;
    e->flags = flags;
}

/* Takes pending trigger i off the list (declared, declined, or without a legal target). */
static bsk_pending take_pending(bsk_match *m, int i)
{
    const bsk_pending p = m->pending[i];
    memmove(&m->pending[i], &m->pending[i + 1], (size_t)(m->pending_count - i - 1) * sizeof m->pending[0]);
    m->pending_count--;
    return p;
}

/* Declares pending trigger i with its target and mode (it goes on the stack above what is
 * executing); the feature's question, if one was asked, is over. 533.3, 533.5: a hidden card
 * declaring its trigger is revealed. */
static void declare_pending(bsk_match *m, const bsk_card_table *cards, int i, int target, int mode)
{
    const bsk_pending p = take_pending(m, i);
    memset(&m->choice, 0, sizeof m->choice);
    if (m->stack_count < BSK_MATCH_STACK_MAX) {
        bsk_stack_entry *e = &m->stack[m->stack_count++];
        fill_entry(e, BSK_ACT_FEATURE, p.player & 3u, p.unit, target, p.feature, E_TRIGGERED);
        e->x = (uint8_t)(p.player >> 2); /* dice7: the event's value, a trigger's X (no X-counter cost on a trigger) */
        if (mode == 2)
            e->flags2 |= E2_MODE2;
    } else {
        engine_capacity_cap(m, BSK_CAP_STACK); /* DESIGN §5: a draw by cap */
    }
    if ((m->units[p.unit].flags & BSK_UNIT_HIDDEN) && engine_in_battle(&m->units[p.unit]))
        engine_reveal(m, cards, p.unit);
}

/* ---- A trigger's choices (116.7 «может», «или», its target: DESIGN §5 use, mode, choose) ---- */

enum { STAGE_USE, STAGE_MODE, STAGE_X /* count12: a trigger's X of extra lives (543.2) */, STAGE_TARGET };

static const bsk_feature *pending_feature(const bsk_match *m, const bsk_card_table *cards, int i)
{
    return engine_unit_feature(m, cards, m->pending[i].unit, m->pending[i].feature); /* NULL: an acquired
                                                                                      * feature gone since */
}

/* A trigger whose target its controller chooses (the others name theirs: self, every enemy, the
 * attacked card). */
static bool chosen_target(const bsk_feature *f)
{
    return f->target == BSK_TARGET_ADJACENT_ENEMY || f->target == BSK_TARGET_ANY_ENEMY ||
           f->target == BSK_TARGET_CHOSEN;
}

static int chosen_filter(const bsk_feature *f);
static bool reads_x_movement(const bsk_card_table *cards, const bsk_feature *f);
static bool target_ok(const bsk_match *m, const bsk_card_table *cards, int unit, const bsk_feature *f, int target,
                      int actor);

/* vamp5 (issue 23): the options (bit n: mode n, 1-based) of an «или» whose record does not act on the chosen
 * target (its own card: «… или излечиться»). */
static unsigned mode_untargeted(const bsk_feature *f)
{
    unsigned options = 0;
    for (int k = 0; k < f->effect_count && k < 2; k++)
        if (f->effects[k].target != f->target)
            options |= 1u << (k + 1);
    return options;
}

/* The legal targets of pending trigger i (bit t: unit t). */
static uint64_t group_candidates(const bsk_match *m, const bsk_card_table *cards, int unit, const bsk_feature *f);

static uint64_t trigger_targets(const bsk_match *m, const bsk_card_table *cards, int i, const bsk_feature *f)
{
    uint64_t set = 0;
    int unit = m->pending[i].unit;
    if (f->target == BSK_TARGET_GROUP) { /* swap12: target_ok's group case in one walk (not one walk per card) */
        uint64_t candidates = group_candidates(m, cards, unit, f);
        return f->group_count == BSK_FEATURE_GROUP_X || BSK_FEATURE_GROUP_IS_UP_TO(f->group_count) ||
                       __builtin_popcountll(candidates) >= f->group_count
                   ? candidates
                   : 0;
    }
    /* a chosen card is one of the battle zone on its filter's side (engine_filter_reach): only those are tried */
    uint64_t tried = f->target == BSK_TARGET_CHOSEN ? engine_filter_reach(m, cards, chosen_filter(f), unit)
                                                    : engine_units_below(m->unit_count);
    bool x_movement = f->cost_extra_lives == BSK_FEATURE_COUNTERS_X && reads_x_movement(cards, f);
    for (; tried; tried &= tried - 1) {
        int t = engine_first(tried);
        if (target_ok(m, cards, unit, f, t, m->pending[i].target) &&
            (!x_movement || engine_filter_movement_at_most(m, cards, t, m->pending[i].player >> 2)))
            set |= 1ull << t;
    }
    return set;
}

/* count12 (issue 23): a trigger whose cost is X extra lives (05-169): the most X its card can pay now (501.6: what it
 * has; the pending trigger's bits 2-7 hold X, so 63 at most), 0 when it has none (523.2: X is never 0). */
static int x_lives_most(const bsk_match *m, int unit)
{
    int most = m->units[unit].extra_life;
    return most < 0 ? 0 : most > 63 ? 63 : most;
}

/* count12: the X values its controller may choose (bit x): 1..most, each leaving a legal target when it chooses one
 * and its filter reads X (a movement of X or less: from the smallest movement among those of X = most on). */
static uint64_t x_lives_options(const bsk_match *m, const bsk_card_table *cards, int i, const bsk_feature *f, int most)
{
    int least = 1;
    if (chosen_target(f) && reads_x_movement(cards, f)) {
        least = most + 1;
        for (uint64_t t = trigger_targets(m, cards, i, f); t; t &= t - 1) {
            int movement = engine_char_movement(m, cards, engine_first(t));
            if (movement < least)
                least = movement < 1 ? 1 : movement;
        }
    }
    return least > most ? 0 : ((2ull << most) - 1) & ~((1ull << least) - 1);
}

void engine_ask_choice(bsk_match *m, int player, int what, int pending, uint64_t allowed)
{
    m->choice.what = (uint8_t)what;
    m->choice.player = (uint8_t)player;
    m->choice.pending = (int8_t)pending;
    m->choice.allowed = allowed;
    m->question = Q_CHOOSE;
    m->priority = (uint8_t)player;
}

/* Asks the trigger's controller (Q_CHOOSE); the frame keeps an earlier mode answer. */
static void ask(bsk_match *m, int what, int i, uint64_t allowed)
{
    engine_ask_choice(m, m->pending[i].player & 3u, what, i, allowed);
}

/* swap12 (issue 23): an exact N (no BSK_FEATURE_GROUP_UP_TO) asks its N cards one after the other, no `use` between.
 * turn10 (issue 23): a trigger's «до N» group (BSK_FEATURE_GROUP_UP_TO), chosen into a free groups[] slot kept in
 * choice.group while asked: the first card (taken without asking when it is the only one), then, while fewer than N
 * are chosen and another may be, `use` (1: one more card, 0: no more) and that card (taken when the only one). Then
 * the trigger is declared with the first card as its target and the slot as its entry's group (group3's execution:
 * 528.7, the records on every card). Returns false when a question is asked. */
static bool group_trigger_ask(bsk_match *m, const bsk_card_table *cards, int i, const bsk_feature *f, bool another)
{
    int slot = m->choice.group - 1;
    if (slot < 0) { /* its slot: one no entry of the queue or the stack names */
        uint8_t used = 0;
        for (int q = 0; q < m->queue_count; q++)
            used |= (uint8_t)(m->queue[q].group ? 1u << (m->queue[q].group - 1) : 0);
        for (int q = 0; q < m->stack_count; q++)
            used |= (uint8_t)(m->stack[q].group ? 1u << (m->stack[q].group - 1) : 0);
        while (++slot < BSK_MATCH_GROUPS_MAX && ((used >> slot) & 1u))
            ;
        if (slot == BSK_MATCH_GROUPS_MAX) {
            engine_capacity_cap(m, BSK_CAP_STACK); /* DESIGN §5: a draw by cap */
            take_pending(m, i);
            memset(&m->choice, 0, sizeof m->choice);
            return true;
        }
        m->groups[slot] = 0;
        m->choice.group = (uint8_t)(slot + 1);
    }
    uint64_t chosen = m->groups[slot], options = trigger_targets(m, cards, i, f) & ~chosen;
    int most = f->group_count & ~BSK_FEATURE_GROUP_UP_TO;
    while (another && options && __builtin_popcountll(chosen) < most) {
        if (options & (options - 1)) {
            ask(m, BSK_CHOOSE_UNIT, i, options);
            return false;
        }
        chosen = m->groups[slot] |= options; /* the only card left: taken */
        options = 0;
    }
    if (!BSK_FEATURE_GROUP_IS_UP_TO(f->group_count) && __builtin_popcountll(chosen) < most && !options) {
        take_pending(m, i); /* swap12: an exact N with a card gone meanwhile: not declared (502.3) */
        memset(&m->choice, 0, sizeof m->choice);
        return true;
    }
    if (!another || !options || __builtin_popcountll(chosen) >= most) {
        int first = engine_first(chosen), depth = m->stack_count;
        declare_pending(m, cards, i, first, 0);
        if (m->stack_count > depth)
            m->stack[m->stack_count - 1].group = (uint8_t)(slot + 1);
        return true;
    }
    ask(m, BSK_CHOOSE_USE, i, 0x3); /* one more card? */
    return false;
}

/* The answer to a trigger group's question (choice.group set): a card, or whether one more is chosen. */
static void group_trigger_answer(bsk_match *m, const bsk_card_table *cards, int i, const bsk_action *a)
{
    const bsk_feature *f = pending_feature(m, cards, i);
    BSK_ASSERT(f != NULL);
    if (m->choice.what == BSK_CHOOSE_UNIT) {
        m->groups[m->choice.group - 1] |= 1ull << a->index;
        uint64_t chosen = m->groups[m->choice.group - 1];
        uint64_t options = trigger_targets(m, cards, i, f) & ~chosen;
        if (!options || __builtin_popcountll(chosen) >= (f->group_count & ~BSK_FEATURE_GROUP_UP_TO))
            group_trigger_ask(m, cards, i, f, false);
        else if (!BSK_FEATURE_GROUP_IS_UP_TO(f->group_count))
            group_trigger_ask(m, cards, i, f, true); /* swap12: exactly N: the next card, no `use` between */
        else
            ask(m, BSK_CHOOSE_USE, i, 0x3); /* one more card? */
        return;
    }
    group_trigger_ask(m, cards, i, f, a->index == 1);
}

static bool declare_or_ask(bsk_match *m, const bsk_card_table *cards, int i, int stage);

/* count12 (issue 23): pending trigger i's X of extra lives is x (543.2: fixed until it is done), kept in its bits 2-7
 * (its entry's x once declared: its records' "X"); then its target. */
static void choose_x_lives(bsk_match *m, const bsk_card_table *cards, int i, int x)
{
    m->pending[i].player = (uint8_t)((m->pending[i].player & 3u) | (unsigned)x << 2);
    declare_or_ask(m, cards, i, STAGE_TARGET);
}

/* Declares pending trigger i, first asking its controller what the feature leaves to them, from
 * `stage` on, in DESIGN §5's order: use («может», 116.7), mode («или»), the target. A trigger
 * with no legal target is not declared. Returns false when a question is asked: its answer
 * resumes here at the next stage (engine_choose_apply). */
static bool declare_or_ask(bsk_match *m, const bsk_card_table *cards, int i, int stage)
{
    if (m->pending[i].feature == ENGINE_PENDING_INCARNATION) /* recruit11: a chosen incarnation cell (536.7) */
        return engine_incarnation_choice(m, cards, i);
    const bsk_feature *f = pending_feature(m, cards, i);
    if (!f) { /* an acquired feature its card no longer has: nothing is declared */
        take_pending(m, i);
        memset(&m->choice, 0, sizeof m->choice);
        return true;
    }
    bool group = f->target == BSK_TARGET_GROUP; /* turn10: a trigger's «до N» group */
    bool x_lives = f->cost_extra_lives == BSK_FEATURE_COUNTERS_X; /* count12 (issue 23): X extra lives (543.2) */
    if (x_lives && stage < STAGE_TARGET) { /* X = the most it can pay while the targets are tried for use */
        int most = x_lives_most(m, m->pending[i].unit);
        m->pending[i].player = (uint8_t)((m->pending[i].player & 3u) | (unsigned)most << 2);
        if (!most || !x_lives_options(m, cards, i, f, most)) { /* 501.6, 523.2; 502.3: not declared */
            take_pending(m, i);
            memset(&m->choice, 0, sizeof m->choice);
            return true;
        }
    }
    if (stage == STAGE_USE && !f->optional && !f->mode && !chosen_target(f) && !group && !x_lives) {
        declare_pending(m, cards, i, m->pending[i].target, 0); /* the common case: nothing to ask */
        return true;
    }
    if (group) { /* turn10: no card to choose, not declared (502.3); else «может», then the cards */
        uint64_t may = trigger_targets(m, cards, i, f);
        /* swap12 (issue 23): an exact N («двух ваших эльфов») needs N cards to choose (502.3, 512.5) */
        if (!may || (!BSK_FEATURE_GROUP_IS_UP_TO(f->group_count) && __builtin_popcountll(may) < f->group_count)) {
            take_pending(m, i);
            memset(&m->choice, 0, sizeof m->choice);
            return true;
        }
        if (stage <= STAGE_USE && f->optional) {
            m->choice.mode = 0;
            ask(m, BSK_CHOOSE_USE, i, 0x3);
            return false;
        }
        return group_trigger_ask(m, cards, i, f, true);
    }
    uint64_t targets = chosen_target(f) ? trigger_targets(m, cards, i, f) : 0;
    /* vamp5 (issue 23): an «или» whose other alternative acts on its own card (mode_untargeted) stays declarable
     * without a legal target: only that alternative is offered then (502.3), and no target is asked for it */
    unsigned untargeted = f->mode && chosen_target(f) ? mode_untargeted(f) : 0;
    if (chosen_target(f) && targets == 0 && !untargeted) { /* no legal target: not declared (502.3) */
        take_pending(m, i);
        memset(&m->choice, 0, sizeof m->choice);
        return true;
    }
    if (stage == STAGE_USE)
        m->choice.mode = 0;
    if (stage <= STAGE_USE && f->optional) {
        ask(m, BSK_CHOOSE_USE, i, 0x3);
        return false;
    }
    if (stage <= STAGE_MODE && f->mode) {
        ask(m, BSK_CHOOSE_MODE, i, chosen_target(f) && targets == 0 ? untargeted : 0x6); /* option n: effect
                                                                                              * record n (E2_MODE2) */
        return false;
    }
    if (stage <= STAGE_X && x_lives) { /* count12: X, 1 up to what it has (543.2); one value: taken unasked */
        uint64_t options = x_lives_options(m, cards, i, f, x_lives_most(m, m->pending[i].unit));
        if (options & (options - 1)) {
            ask(m, BSK_CHOOSE_NUMBER, i, options);
            return false;
        }
        choose_x_lives(m, cards, i, engine_first(options));
        return true;
    }
    int target = m->pending[i].target;
    if (chosen_target(f) && ((untargeted >> m->choice.mode) & 1u))
        target = -1; /* vamp5: the alternative chosen acts on its own card: no target chosen (502.1) */
    else if (chosen_target(f)) {
        if (targets & (targets - 1)) {
            ask(m, BSK_CHOOSE_UNIT, i, targets);
            return false;
        }
        target = engine_first(targets); /* one legal target: nothing to ask */
    }
    declare_pending(m, cards, i, target, m->choice.mode);
    return true;
}

int engine_choose_legal(const bsk_match *m, bsk_action *out, int capacity)
{
    static const uint8_t kinds[BSK_CHOOSE_WHAT_COUNT] = {[BSK_CHOOSE_USE] = BSK_ACT_USE,
                                                         [BSK_CHOOSE_MODE] = BSK_ACT_MODE};
    int kind = kinds[m->choice.what] ? kinds[m->choice.what] : BSK_ACT_CHOOSE, n = 0;
    if (m->choice.what == BSK_CHOOSE_USE) { /* the default first: use it */
        engine_add(out, &n, capacity, kind, m->priority, -1, -1, -1, 1);
        engine_add(out, &n, capacity, kind, m->priority, -1, -1, -1, 0);
        return n;
    }
    for (uint64_t s = m->choice.allowed; s; s &= s - 1)
        engine_add(out, &n, capacity, kind, m->priority, -1, -1, -1, engine_first(s));
    return n;
}

void engine_choose_apply(bsk_match *m, const bsk_card_table *cards, const bsk_action *a)
{
    int i = m->choice.pending;
    m->question = Q_NONE;
    BSK_ASSERT(i >= 0 && i < m->pending_count);
    if (m->pending[i].feature == ENGINE_PENDING_INCARNATION) { /* recruit11: a chosen incarnation cell (536.7) */
        engine_incarnation_choice_answer(m, cards, i, a);
        return;
    }
    if (m->choice.group) { /* turn10: a trigger's «до N» group */
        group_trigger_answer(m, cards, i, a);
        return;
    }
    switch (m->choice.what) {
    case BSK_CHOOSE_USE:
        if (a->index == 0) { /* 116.7: declined; it is not declared */
            take_pending(m, i);
            memset(&m->choice, 0, sizeof m->choice);
            return;
        }
        declare_or_ask(m, cards, i, STAGE_MODE);
        return;
    case BSK_CHOOSE_MODE:
        m->choice.mode = (uint8_t)a->index;
        declare_or_ask(m, cards, i, STAGE_X);
        return;
    case BSK_CHOOSE_NUMBER: /* count12 (issue 23): a trigger's X of extra lives (543.2) */
        choose_x_lives(m, cards, i, a->index);
        return;
    case BSK_CHOOSE_UNIT:
        declare_pending(m, cards, i, a->index, m->choice.mode);
        return;
    default:
        BSK_ASSERT(false);
        return;
    }
}

void engine_order_apply(bsk_match *m, const bsk_card_table *cards, int pending)
{
    if (pending >= 0 && pending < m->pending_count)
        declare_or_ask(m, cards, pending, STAGE_USE);
}

/* 305.1: the active player's triggers first, in the order that player chooses, then the
 * non-active player's; the last declared is on top, so the non-active player's resolve first.
 * A trigger's own questions (use, mode, target) are asked as it is declared. */
void engine_declare_pending(bsk_match *m, const bsk_card_table *cards)
{
    for (int round = 0; round < 2; round++) {
        int player = round == 0 ? m->active : engine_other(m->active);
        for (;;) {
            int count = 0, last = -1;
            for (int i = 0; i < m->pending_count; i++)
                if ((m->pending[i].player & 3) == player) {
                    count++;
                    last = i;
                }
            if (count == 0)
                break;
            if (count >= 2) {
                m->question = Q_ORDER;
                m->priority = (uint8_t)player;
                return;
            }
            if (!declare_or_ask(m, cards, last, STAGE_USE))
                return;
        }
    }
}

/* ---- The start of the battle (406.1; batl9, issue 23) ---- */

/* The feature index of unit's start-of-battle feature it may use now, or -1: a revealed card of the battle zone
 * (533.4: a face-down card has no features), its at_battle_start trigger's condition holding ({second}: glossary
 * «Если вы ходите вторым»), not used yet this battle (406.1: the table gives it the limit «1 раз за бой») and,
 * when it chooses its target, with a legal one (502.3). */
static int battle_start_feature(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    const bsk_unit *u = &m->units[unit];
    if (u->zone != BSK_ZONE_BATTLEFIELD && u->zone != BSK_ZONE_EXTRA)
        return -1;
    if ((u->flags & BSK_UNIT_HIDDEN) || !(cards->listen[u->slot] & BSK_LISTEN(BSK_AT_BATTLE_START)))
        return -1;
    int count;
    const bsk_feature *f = bsk_card_table_features(cards, u->slot, &count);
    for (int k = 0; k < count; k++) {
        if (f[k].kind != BSK_FEATURE_TRIGGERED || f[k].event != BSK_AT_BATTLE_START ||
            !condition_holds(m, cards, unit, &f[k]) || engine_feature_limit_spent(m, cards, unit, k))
            continue;
        if (!chosen_target(&f[k]))
            return k;
        for (int t = 0; t < m->unit_count; t++)
            if (target_ok(m, cards, unit, &f[k], t, -1))
                return k;
    }
    return -1;
}

/* Player p's cards that may use a start-of-battle feature now (bit i: unit i). */
static uint64_t battle_start_units(const bsk_match *m, const bsk_card_table *cards, int p)
{
    uint64_t set = 0;
    for (uint64_t rest = m->in_battle[p - 1]; rest; rest &= rest - 1)
        if (battle_start_feature(m, cards, engine_first(rest)) >= 0)
            set |= 1ull << engine_first(rest);
    return set;
}

/* 406.1: the players in turn, the first player first, each using one of its cards' «в начале боя» features (a slow
 * action, 304.2: it resolves before the other player's turn, 303.3.1) or declining, and then using none for the rest
 * of the subphase; a player with none left is out too. The state is bsk_match.step_done's ENGINE_BATTLE_* bits (0 in
 * the battle otherwise). Returns true when it asked a question or declared a feature; false once the subphase is
 * over (step_done back to 0). */
bool engine_battle_start(bsk_match *m, const bsk_card_table *cards)
{
    for (int round = 0; round < 2; round++) {
        int p = (m->step_done & ENGINE_BATTLE_SECOND) ? 2 : 1;
        uint8_t out = p == 1 ? ENGINE_BATTLE_OUT1 : ENGINE_BATTLE_OUT2;
        if (!(m->step_done & out) && battle_start_units(m, cards, p)) {
            engine_ask_choice(m, p, BSK_CHOOSE_USE, BSK_CHOICE_BATTLE_START, 0x3);
            return true;
        }
        m->step_done = (uint8_t)((m->step_done | out) ^ ENGINE_BATTLE_SECOND);
    }
    m->step_done = 0;
    return false;
}

/* Unit's start-of-battle feature is declared (a pending trigger of its controller, its target asked as a trigger's,
 * 502: the use question was this subphase's own); the turn passes to the other player (406.1). */
static void battle_start_use(bsk_match *m, const bsk_card_table *cards, int unit)
{
    int k = battle_start_feature(m, cards, unit);
    memset(&m->choice, 0, sizeof m->choice);
    m->question = Q_NONE;
    m->step_done ^= ENGINE_BATTLE_SECOND;
    if (k < 0 || m->pending_count >= BSK_MATCH_PENDING_MAX)
        return;
    m->pending[m->pending_count++] = (bsk_pending){(int8_t)unit, (uint8_t)k, -1, m->units[unit].owner};
    declare_or_ask(m, cards, m->pending_count - 1, STAGE_MODE);
}

void engine_battle_start_answer(bsk_match *m, const bsk_card_table *cards, const bsk_action *a)
{
    int p = m->choice.player;
    if (m->choice.what == BSK_CHOOSE_USE) {
        if (a->index == 0) { /* 406.1: declined: no more «в начале боя» for this player in this subphase */
            memset(&m->choice, 0, sizeof m->choice);
            m->question = Q_NONE;
            m->step_done = (uint8_t)((m->step_done | (p == 1 ? ENGINE_BATTLE_OUT1 : ENGINE_BATTLE_OUT2)) ^
                                     ENGINE_BATTLE_SECOND);
            return;
        }
        uint64_t units = battle_start_units(m, cards, p);
        if (units & (units - 1)) { /* which card: the player chooses */
            engine_ask_choice(m, p, BSK_CHOOSE_UNIT, BSK_CHOICE_BATTLE_START, units);
            return;
        }
        battle_start_use(m, cards, engine_first(units));
        return;
    }
    battle_start_use(m, cards, a->index);
}

/* ---- Activated features ---- */

/* The filter of a feature's chosen target: its first effect record with a chosen target. */
static int chosen_filter(const bsk_feature *f)
{
    for (int k = 0; k < f->effect_count; k++)
        if (f->effects[k].target == BSK_TARGET_CHOSEN || f->effects[k].target == BSK_TARGET_GROUP ||
            f->effects[k].feature_card == BSK_FEATURE_CARD_TARGET) /* acquired4: it reads the chosen card */
            return f->effects[k].filter;
    return 0;
}

/* count12 (issue 23): whether f's chosen target's filter reads the X its cost fixed ("movement_max": "X"). */
static bool reads_x_movement(const bsk_card_table *cards, const bsk_feature *f)
{
    int filter = chosen_filter(f);
    return filter > 0 && cards->filters[filter].movement_max == BSK_FILTER_MOVEMENT_X;
}

static bool spawned_attack_reaches(const bsk_match *m, const bsk_card_table *cards, int unit, const bsk_feature *f,
                                   int target);

/* The chosen target's per-card tests that f's records need (bsk_feature.chosen_checks, derived by the card
 * table): the state its tap, untap or element record changes, the reach of the attack it spawns. */
static inline bool chosen_checks_hold(const bsk_match *m, const bsk_card_table *cards, int unit, const bsk_feature *f,
                                      int target)
{
    if (!f->chosen_checks)
        return true; /* the common case */
    return (!(f->chosen_checks & BSK_CHOSEN_STATE) || engine_feature_state_change_possible(m, cards, f, target)) &&
           (!(f->chosen_checks & BSK_CHOSEN_REACH) || spawned_attack_reaches(m, cards, unit, f, target));
}

/* Whether unit's feature f may choose card t of the battle zone (t from engine_filter_reach, so in battle:
 * filter 0 asks nothing more, the common case of the legal lists): its chosen filter and chosen_checks_hold. */
static inline bool chosen_fits(const bsk_match *m, const bsk_card_table *cards, int unit, const bsk_feature *f,
                               int actor, int t)
{
    int filter = chosen_filter(f);
    return (filter == 0 || engine_filter_may_choose(m, cards, filter, unit, actor, t)) &&
           chosen_checks_hold(m, cards, unit, f, t);
}

/* chosen_fits for a card already known to be within the reach of f's spawned attacks (spawned_attack_reach_set):
 * its filter and the state its records change (the tests are pure: their order is free). */
static inline bool chosen_fits_reached(const bsk_match *m, const bsk_card_table *cards, int unit, const bsk_feature *f,
                                       int t)
{
    int filter = chosen_filter(f);
    return (filter == 0 || engine_filter_may_choose(m, cards, filter, unit, -1, t)) &&
           (!(f->chosen_checks & BSK_CHOSEN_STATE) || engine_feature_state_change_possible(m, cards, f, t));
}

/* The cards of `among` every spawned attack of f at its chosen card reaches (spawned_attack_reaches of each). */
static uint64_t spawned_attack_reach_set(const bsk_match *m, const bsk_card_table *cards, int unit,
                                         const bsk_feature *f, uint64_t among)
{
    for (int k = 0; k < f->effect_count && among; k++)
        if (f->effects[k].op == BSK_OP_SPAWN_ATTACK && f->effects[k].attack.keyword &&
            f->effects[k].target == f->target)
            among = engine_ability_reach(m, cards, unit, &f->effects[k].attack, among);
    return among;
}

/* group3 (issue 22): the cards unit's feature f may take into its group target now (bit i: unit i),
 * as a chosen target's (engine_feature_target_ok). */
static uint64_t group_candidates(const bsk_match *m, const bsk_card_table *cards, int unit, const bsk_feature *f)
{
    uint64_t set = 0, rest = engine_filter_reach(m, cards, chosen_filter(f), unit);
    if (f->chosen_checks & BSK_CHOSEN_REACH) /* the reach of its spawned attacks, for every card at once */
        rest = spawned_attack_reach_set(m, cards, unit, f, rest);
    for (; rest; rest &= rest - 1) {
        int t = engine_first(rest);
        if (chosen_fits_reached(m, cards, unit, f, t))
            set |= 1ull << t;
    }
    return set;
}

/* 528.2.1: untapping an open card or tapping a tapped one is illegal to declare (glossary «Закрыть»,
 * «Открыть»): the chosen card of a tap or untap record must be in the state the op changes (of a
 * feature with modes, of one of them). 501.11: a card whose tap is reserved by a declaration that
 * pays with it cannot be tapped until then (it counts as open, so it cannot be untapped either). */
bool engine_feature_state_change_possible(const bsk_match *m, const bsk_card_table *cards, const bsk_feature *f,
                                          int target)
{
    bool tapped = (m->units[target].flags & BSK_UNIT_TAPPED) != 0;
    bool tap_op = false;
    for (int k = 0; k < f->effect_count; k++)
        tap_op |= f->effects[k].op == BSK_OP_TAP;
    if (tap_op && !tapped && engine_tap_declared(m, cards, target))
        tapped = true; /* 501.11: its tap is reserved */
    int possible = 0, chosen = 0;
    for (int k = 0; k < f->effect_count; k++) {
        const bsk_feature_effect *e = &f->effects[k];
        if (k > 0 && (e->link == BSK_LINK_WHILE_DOING || e->link == BSK_LINK_THEN_IF || e->link == BSK_LINK_ELSE))
            break; /* swap12 (issue 23): a dependent group (505.4.5–505.4.7) is reached only if the one before did (or
                      did not) succeed: its 528.2.1 criteria are no condition of the declaration (05-213 «…; открыть
                      его»: an inquisitor already open is chosen, and is not untapped) */
        if (e->target != f->target)
            continue; /* the records acting on the card the declaration chooses */
        chosen++;
        possible += !((e->op == BSK_OP_UNTAP && !tapped) || (e->op == BSK_OP_TAP && tapped) ||
                      /* 106.2.4: an element it has already cannot be given */
                      (e->op == BSK_OP_ADD_ELEMENT && ((engine_char_elements(m, cards, target) >> e->param) & 1u)));
    }
    return f->mode ? possible > 0 || chosen == 0 : possible == chosen;
}

bool engine_feature_target_ok(const bsk_match *m, const bsk_card_table *cards, int unit, const bsk_feature *f,
                              int target)
{
    return target_ok(m, cards, unit, f, target, -1);
}

/* A chosen target of a feature whose record spawns an attack ability it prints is one that attack may
 * be declared at (504, 547.2: a shot never at an adjacent card, within its range; 537.2 a). */
static bool spawned_attack_reaches(const bsk_match *m, const bsk_card_table *cards, int unit, const bsk_feature *f,
                                   int target)
{
    for (int k = 0; k < f->effect_count; k++)
        if (f->effects[k].op == BSK_OP_SPAWN_ATTACK && f->effects[k].attack.keyword &&
            f->effects[k].target == f->target &&
            !engine_can_target_ability(m, cards, unit, &f->effects[k].attack, target))
            return false;
    return true;
}

/* engine_feature_target_ok with the card a chosen filter's "adjacent_to":"actor" names (a trigger's
 * event card; -1 for an activated feature). */
static bool target_ok(const bsk_match *m, const bsk_card_table *cards, int unit, const bsk_feature *f, int target,
                      int actor)
{
    const bsk_unit *u = &m->units[unit];
    switch (f->target) {
    case BSK_TARGET_SELF:
    case BSK_TARGET_EVERY_ENEMY:
    case BSK_TARGET_ALL:
        return target < 0;
    case BSK_TARGET_CHOSEN: /* a card of the battle zone matching the first chosen record's filter */
        return target >= 0 && engine_in_battle(&m->units[target]) && chosen_fits(m, cards, unit, f, actor, target);
    case BSK_TARGET_GROUP: /* group3: its first card, while N different cards can be chosen (512.5; X: at
                              least one, 523.3) */
        return target >= 0 && ((group_candidates(m, cards, unit, f) >> target) & 1u) &&
               (f->group_count == BSK_FEATURE_GROUP_X || BSK_FEATURE_GROUP_IS_UP_TO(f->group_count) ||
                __builtin_popcountll(group_candidates(m, cards, unit, f)) >= f->group_count);
    case BSK_TARGET_ADJACENT_ENEMY:
        return target >= 0 && m->units[target].owner != u->owner && engine_adjacent(m, cards, unit, target) &&
               engine_char_type(m, cards, target) != BSK_TYPE_TERRAIN && chosen_checks_hold(m, cards, unit, f, target);
    case BSK_TARGET_ANY_ENEMY:
        return target >= 0 && m->units[target].owner != u->owner && engine_in_battle(&m->units[target]) &&
               engine_char_type(m, cards, target) != BSK_TYPE_TERRAIN && chosen_checks_hold(m, cards, unit, f, target);
    case BSK_TARGET_ATTACKED:
        return target >= 0;
    default:
        return false;
    }
}

/* 501.5, 512.5 d: a resource named for a declaration in the queue or on the stack is taken. */
bool engine_tap_declared(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    const bsk_stack_entry *lists[2] = {m->queue, m->stack};
    const int counts[2] = {m->queue_count, m->stack_count};
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < counts[l]; i++) {
            const bsk_stack_entry *e = &lists[l][i];
            if (e->source != unit || (e->flags & E_TRIGGERED) || (e->flags2 & E2_SPAWNED))
                continue; /* a trigger or a spawned attack names no resource (glossary §3.5) */
            if (e->kind != BSK_ACT_FEATURE)
                return true; /* strikes, attack abilities, counters, the flyer tap: {tap}; a move
                                reserves it too (501.8) */
            const bsk_feature *f = engine_unit_feature(m, cards, unit, e->ability);
            if (f && f->tap)
                return true;
        }
    return false;
}

/* 501.5: the counters of `unit` already named as payment in the queue or on the stack. */
/* The counter costs of unit's declared actions (501.5: in the queue or on the stack); `executing`: only those
 * being executed, past their Legality step, whose counters are reserved (501.9) — an attack's, or a feature's
 * while it resolves (on top, or waiting for what it spawned or asked). */
static int counters_named(const bsk_match *m, const bsk_card_table *cards, int unit, bool executing)
{
    int named = 0;
    const bsk_stack_entry *lists[2] = {m->stack, m->queue};
    const int counts[2] = {m->stack_count, executing ? 0 : m->queue_count};
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < counts[l]; i++) {
            const bsk_stack_entry *e = &lists[l][i];
            if (e->source != unit || (e->flags & E_TRIGGERED) || e->ability < 0)
                continue;
            if (e->kind == BSK_ACT_FEATURE) {
                const bsk_feature *f = engine_unit_feature(m, cards, unit, e->ability);
                bool begun = i == m->stack_count - 1 || (e->flags & (E_PREPAID | E_ASKED)) ||
                             (e->flags2 & E2_SPAWNED) || e->roll[0];
                if (f && (!executing || begun))
                    named += engine_feature_counters(f, e); /* an X not chosen yet: 0 */
            } else if (e->kind == BSK_ACT_ABILITY && e->ability < engine_char_attack_count(m, cards, unit) &&
                       (!executing || e->step > S_LEGALITY)) {
                const bsk_attack *a = engine_stack_attack(m, cards, unit, e->ability);
                if (a->activation == BSK_ACTIVATION_COUNTER_TAP)
                    named += a->counter_cost ? a->counter_cost : 1;
            }
        }
    return named;
}

int engine_counters_declared(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return counters_named(m, cards, unit, false);
}

/* static2 (issue 22): the cost «закрыть соседнее открытое существо»: the open creatures of unit's
 * controller adjacent to it, other than itself (bit i: unit i), one of which its controller taps. */
static uint64_t tap_cost_options(const bsk_match *m, const bsk_card_table *cards, int unit, bool first_only)
{
    uint64_t set = 0;
    for (uint64_t rest = m->in_battle[m->units[unit].owner - 1] & m->creatures; rest; rest &= rest - 1) {
        int i = engine_first(rest);
        if (i != unit && !(m->units[i].flags & BSK_UNIT_TAPPED) && engine_adjacent(m, cards, unit, i)) {
            set |= 1ull << i;
            if (first_only)
                break; /* whether there is one (the legal list) */
        }
    }
    return set;
}

/* static2: the costs beyond tap and counters (113, 114, glossary «:»): wounding itself by N while its
 * current life is at least N (501.6: not more wounds than its remaining life; as many is allowed) and an
 * adjacent open creature of its controller to tap. */
static bool extra_cost_payable(const bsk_match *m, const bsk_card_table *cards, int unit, const bsk_feature *f)
{
    if (f->cost_wound && engine_unit_life(m, cards, unit) < f->cost_wound)
        return false;
    return !f->cost_tap_adjacent || tap_cost_options(m, cards, unit, true) != 0;
}

/* branch costs4 (issue 22), 501.7: whether a resource of unit is declared or used to pay an action other than
 * the one being declared: an action of its own in the queue or on the stack that names a resource (an attack,
 * a move, a feature with any cost; a trigger or a spawned attack names none, glossary §3.5), or its tap
 * chosen to pay another feature's tap_adjacent cost. */
static bool resources_named(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    const bsk_stack_entry *lists[2] = {m->queue, m->stack};
    const int counts[2] = {m->queue_count, m->stack_count};
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < counts[l]; i++) {
            const bsk_stack_entry *e = &lists[l][i];
            if ((e->flags & E_TRIGGERED) || (e->flags2 & E2_SPAWNED) || e->source < 0)
                continue;
            if (e->kind != BSK_ACT_FEATURE) {
                if (e->source == unit)
                    return true; /* strikes, attack abilities, counters, moves: {tap}, movement (501.8) */
                continue;
            }
            const bsk_feature *f = engine_unit_feature(m, cards, e->source, e->ability);
            if (!f)
                continue;
            if (e->source == unit && (f->tap | f->counters | f->cost_wound | f->cost_tap_adjacent |
                                      f->cost_destroy_self | f->cost_extra_lives | f->cost_return_self))
                return true;
            if (f->cost_tap_adjacent && e->guard == unit)
                return true; /* its tap pays another card's feature */
        }
    return false;
}

const char *engine_feature_prepaid_refusal(const bsk_match *m, const bsk_card_table *cards, int unit,
                                           const bsk_feature *f)
{
    if (!(f->cost_wound | f->cost_destroy_self | f->cost_extra_lives | f->cost_return_self))
        return NULL;
    if (f->cost_extra_lives > m->units[unit].extra_life) /* 501.6, 528.10 ex. 2: no more than it has */
        return "501.6, 528.10";
    return resources_named(m, cards, unit) ? "501.7" : NULL;
}

static bool feature_payable(const bsk_match *m, const bsk_card_table *cards, int unit, const bsk_feature *f)
{
    if (!engine_in_battle(&m->units[unit]))
        return false;
    if (f->tap && (!engine_unit_can_act_as(m, cards, unit, BSK_ACTIONS_ACT) || engine_tap_declared(m, cards, unit)))
        return false; /* 510.1, 510.3 (before the condition: a tapped card is the common case, its test cheap) */
    if (!condition_holds(m, cards, unit, f))
        return false;
    if ((f->cost_wound | f->cost_tap_adjacent) && !extra_cost_payable(m, cards, unit, f))
        return false;
    if ((f->cost_wound | f->cost_destroy_self | f->cost_extra_lives | f->cost_return_self) && /* branch costs4 */
        engine_feature_prepaid_refusal(m, cards, unit, f))
        return false;
    int need = engine_feature_counters(f, NULL); /* X: at least 1 (523.2) */
    return m->units[unit].counters >= need + (need ? engine_counters_declared(m, cards, unit) : 0);
}

/* Which fast features a window allows (512.4): cancel features in the Cancel step, the others
 * where unconditional instant actions may be declared (303.3 b, 512.6.6). */
static bool cancels(const bsk_feature *f)
{
    return f->effect_count > 0 && (ENGINE_OPS[f->effects[0].op].modes & BSK_OPM_STACK);
}

/* The windows an instant feature fits (bit w), by its first record's op (512.4): a cancel the Cancel
 * step (512.6.3); a redirect the Target resolution step (512.6.4); a die modifier also the die roll
 * step, after the dice (512.6.5, 519.8); a prevention also the window before its effect applies
 * (534.2: after the modifiers); every other one the Choice subphase's window and the Calculation step
 * (303.3 b, 512.6.6); a block only the Blocking step (512.6.7, 531.1: after the dice; branch block3). */
unsigned engine_feature_windows(const bsk_feature *f)
{
    if (f->kind != BSK_FEATURE_ACTIVATED || !f->instant)
        return 0;
    if (cancels(f))
        return 1u << W_CANCEL;
    unsigned usual = (1u << W_CHOICE) | (1u << W_CALC);
    if (f->effect_count > 0 && f->effects[0].duration == BSK_FDURATION_ROLL)
        return 1u << W_ROLL; /* branch dice5: a die roll of the step's dice, before their modifiers apply (519.8) */
    if (f->effect_count > 0 && f->effects[0].duration == BSK_FDURATION_ATTACK)
        usual = 1u << W_CALC; /* branch dice5: an attack being executed (122.4.1), its strength set there (520.6) */
    switch (f->effect_count > 0 ? f->effects[0].op : -1) {
    case BSK_OP_REDIRECT:
        return 1u << W_TARGETS;
    case BSK_OP_SET_DIE_ROLL:
    case BSK_OP_DIE_ROLL_MODIFIER:
    case BSK_OP_FLIP_DIE: /* branch dice3: a «сводится к» modifier (519.6) */
        return usual | (1u << W_ROLL);
    case BSK_OP_REROLL: /* branch dice3: after the dice, before their modifiers (306.5.2, 519.7) */
        return 1u << W_ROLL;
    case BSK_OP_PREVENTION:
    case BSK_OP_WOUNDS_TAKEN_MODIFIER:
    case BSK_OP_SIDE_PREVENTION: /* branch shield6 */
        return usual | (1u << W_APPLY);
    case BSK_OP_BLOCK: /* branch block3: only the Blocking step (512.6.7, 531.1) */
        return 1u << W_BLOCK;
    default:
        return usual;
    }
}

static bool fits_window(const bsk_feature *f, int window)
{
    return (engine_feature_windows(f) >> window) & 1u;
}

/* Appends unit's usable activated features: slow ones only when `slow` (the Choice subphase with
 * an empty stack), instant ones when they fit `window` (0: the Choice subphase itself); `any`: only
 * whether there is one, so the first target found ends the walk. */
static int unit_feature(const bsk_match *m, const bsk_card_table *cards, int unit, const bsk_feature *f, int k,
                        bool slow, int window, bool any, bsk_action *out, int n, int capacity)
{
    int player = m->units[unit].owner;
    if (f->kind != BSK_FEATURE_ACTIVATED || (f->instant ? (window ? !fits_window(f, window) : cancels(f)) : !slow))
        return n; /* the cheap tests first: not declared in this window */
    if (f->limit_per && limit_spent_of(m, f, unit, k))
        return n; /* 545.7: its markers have reached X */
    if (!feature_payable(m, cards, unit, f))
        return n;
    if (f->effects[0].op == BSK_OP_BLOCK) { /* branch block3: 531.2, the attack whose Blocking step this is */
        int at = step_entry(m, 0, S_BLOCK);
        const bsk_stack_entry *blocked = at >= 0 ? &m->stack[at] : NULL;
        int t = f->target == BSK_TARGET_SELF ? unit : blocked ? blocked->final_target : -1;
        if (blocked && !(blocked->flags2 & E2_BLOCKED) && block_fits(m, cards, blocked, &f->effects[0], t) &&
            (f->target == BSK_TARGET_SELF || engine_feature_target_ok(m, cards, unit, f, t)))
            engine_add(out, &n, capacity, BSK_ACT_FEATURE, player, unit, f->target == BSK_TARGET_SELF ? -1 : t, -1, k);
        return n;
    }
    if (f->effects[0].op == BSK_OP_REROLL) { /* branch dice3: 306.5.2, a die of the roll step its controller's */
        int at = roll_step_entry(m, 0);
        const bsk_stack_entry *rolled = at >= 0 ? &m->stack[at] : NULL;
        if (f->target == BSK_TARGET_SELF && reroll_ok(m, rolled, unit, player))
            engine_add(out, &n, capacity, BSK_ACT_FEATURE, player, unit, -1, -1, k);
        for (int t = 0; f->target != BSK_TARGET_SELF && rolled && t < m->unit_count; t++)
            if (reroll_ok(m, rolled, t, player) && engine_feature_target_ok(m, cards, unit, f, t))
                engine_add(out, &n, capacity, BSK_ACT_FEATURE, player, unit, t, -1, k);
        return n;
    }
    int duration = f->effect_count > 0 ? f->effects[0].duration : 0;
    if (duration == BSK_FDURATION_ROLL || duration == BSK_FDURATION_ATTACK) { /* branch dice5, 122.4.1 */
        int at = action_entry(m, 0, duration);
        const bsk_stack_entry *acting = at >= 0 ? &m->stack[at] : NULL;
        if (acting && f->target == BSK_TARGET_SELF && acts_in(acting, duration, unit))
            engine_add(out, &n, capacity, BSK_ACT_FEATURE, player, unit, -1, -1, k);
        for (int t = 0; acting && f->target == BSK_TARGET_CHOSEN && t < m->unit_count; t++)
            if (acts_in(acting, duration, t) && engine_feature_target_ok(m, cards, unit, f, t))
                engine_add(out, &n, capacity, BSK_ACT_FEATURE, player, unit, t, -1, k);
        return n;
    }
    if (f->target == BSK_TARGET_SELF || f->target == BSK_TARGET_EVERY_ENEMY || f->target == BSK_TARGET_ALL) {
        engine_add(out, &n, capacity, BSK_ACT_FEATURE, player, unit, -1, -1, k);
        return n;
    }
    /* 512.6.4 (branch ops2): a redirect names a new target of the attack whose Target resolution step this is */
    int at = f->effects[0].op == BSK_OP_REDIRECT ? step_entry(m, 0, S_TARGETS) : -1;
    const bsk_stack_entry *redirected = at >= 0 ? &m->stack[at] : NULL;
    if (f->effects[0].op == BSK_OP_REDIRECT && !redirect_fits(m, cards, unit, &f->effects[0], redirected))
        return n; /* dice5: not an attack of its kinds, from its cards, at its cards */
    /* a chosen card, an adjacent or any enemy is one of the battle zone (target_ok; a chosen one of the side its
     * filter names, engine_filter_reach): only those are tried, in unit order as before */
    uint64_t tried = f->target == BSK_TARGET_CHOSEN ? engine_filter_reach(m, cards, chosen_filter(f), unit)
                     : f->target == BSK_TARGET_ADJACENT_ENEMY || f->target == BSK_TARGET_ANY_ENEMY
                         ? m->in_battle[2 - player]
                         : engine_units_below(m->unit_count);
    if (f->target == BSK_TARGET_CHOSEN && !redirected) { /* target_ok's test of a chosen card, its filter found once */
        if (f->chosen_checks & BSK_CHOSEN_REACH) /* the reach of its spawned attacks, for every card at once */
            tried = spawned_attack_reach_set(m, cards, unit, f, tried);
        for (; tried; tried &= tried - 1) {
            int t = engine_first(tried);
            if (chosen_fits_reached(m, cards, unit, f, t)) {
                engine_add(out, &n, capacity, BSK_ACT_FEATURE, player, unit, t, -1, k);
                if (any)
                    break;
            }
        }
        return n;
    }
    if (f->target == BSK_TARGET_GROUP && !redirected) { /* siege13: target_ok's group case, its candidates found once
                                                          * (per card they were a walk each: O(n²) a legal list) */
        uint64_t candidates = group_candidates(m, cards, unit, f);
        if (f->group_count != BSK_FEATURE_GROUP_X && !BSK_FEATURE_GROUP_IS_UP_TO(f->group_count) &&
            __builtin_popcountll(candidates) < f->group_count)
            candidates = 0;
        for (; candidates; candidates &= candidates - 1) {
            engine_add(out, &n, capacity, BSK_ACT_FEATURE, player, unit, engine_first(candidates), -1, k);
            if (any)
                break;
        }
        return n;
    }
    for (; tried; tried &= tried - 1) {
        int t = engine_first(tried);
        if (target_ok(m, cards, unit, f, t, redirected ? redirected->final_target : -1) &&
            (!redirected || redirect_ok(m, redirected, t))) {
            engine_add(out, &n, capacity, BSK_ACT_FEATURE, player, unit, t, -1, k);
            if (any)
                break; /* whether there is one (engine_player_has_fast_slow) */
        }
    }
    return n;
}

static int unit_features(const bsk_match *m, const bsk_card_table *cards, int unit, bool slow, int window, bool any,
                         bsk_action *out, int n, int capacity)
{
    int count, slot = m->units[unit].slot;
    const bsk_feature *f = bsk_card_table_features(cards, slot, &count);
    /* a window (not `slow`) declares only instant features: only they are visited */
    uint32_t activated = slot < cards->count ? (slow ? cards->activated : cards->instant)[slot] : 0;
    if (activated >> 31) { /* an activated feature past index 30: every one is visited */
        for (int k = 0; k < count && !(any && n > 0); k++)
            n = unit_feature(m, cards, unit, &f[k], k, slow, window, any, out, n, capacity);
    } else { /* only its activated features (the others declare nothing) */
        for (; activated && !(any && n > 0); activated &= activated - 1) {
            int k = __builtin_ctz(activated);
            if (k < count)
                n = unit_feature(m, cards, unit, &f[k], k, slow, window, any, out, n, capacity);
        }
    }
    /* branch posio: the features it acquired, after its own (glossary §1.6 «Получает [текст]») */
    for (int j = 0; j < m->acquired_count; j++)
        if (m->acquired[j].until && m->acquired[j].unit == unit) {
            const bsk_feature *g = engine_unit_feature(m, cards, unit, BSK_FEATURE_ACQUIRED + j);
            if (g)
                n = unit_feature(m, cards, unit, g, BSK_FEATURE_ACQUIRED + j, slow, window, any, out, n, capacity);
        }
    return n;
}

int engine_unit_features_legal(const bsk_match *m, const bsk_card_table *cards, int unit, bsk_action *out, int n,
                               int capacity)
{
    return unit_features(m, cards, unit, true, 0, false, out, n, capacity);
}

int engine_fast_legal(const bsk_match *m, const bsk_card_table *cards, int player, int window, bsk_action *out, int n,
                      int capacity)
{
    for (int i = 0; i < m->unit_count; i++) {
        if (m->units[i].owner != player || !engine_in_battle(&m->units[i]))
            continue;
        n = unit_features(m, cards, i, false, window, false, out, n, capacity);
        if (window == W_CHOICE || window == W_CALC)
            n = engine_instant_attacks(m, cards, i, out, n, capacity); /* 516: instant attacks */
    }
    return n;
}

bool engine_player_has_fast_slow(const bsk_match *m, const bsk_card_table *cards, int player, int window)
{
    bool attacks = cards->instant_attacks_any && (window == W_CHOICE || window == W_CALC); /* 516 */
    uint64_t acquired = 0; /* the cards with an acquired instant feature fitting this window (glossary §1.6) */
    for (int j = 0; j < m->acquired_count; j++) {
        const bsk_acquired *a = &m->acquired[j];
        if (!a->until)
            continue;
        int feature = a->feature & ~BSK_ACQUIRED_MARKER;
        int slot = a->feature & BSK_ACQUIRED_MARKER ? m->units[a->slot].slot : a->slot; /* engine_acquired_slot */
        if (slot >= cards->count || !((cards->instant[slot] >> (feature < 31 ? feature : 31)) & 1u))
            continue; /* the common case: an acquired feature that is no instant one */
        const bsk_feature *f = engine_unit_feature(m, cards, m->acquired[j].unit, BSK_FEATURE_ACQUIRED + j);
        if (f && f->kind == BSK_FEATURE_ACTIVATED && f->instant && fits_window(f, window))
            acquired |= 1ull << m->acquired[j].unit;
    }
    if (!((cards->windows_any >> window) & 1u) && !acquired && !attacks)
        return false; /* no fast feature fits this window and no instant attack is made in it (516) */
    /* only the cards with something instant (m->fast: their own features and attacks) or an acquired one */
    uint64_t asked = m->in_battle[player - 1] & (m->fast | acquired);
    for (uint64_t rest = asked; rest; rest &= rest - 1) {
        int i = engine_first(rest);
        const bsk_unit *u = &m->units[i];
        /* a card with no instant feature for this window is passed over (an agent's unknown slot has none) */
        bool maybe = (u->slot < cards->count && ((cards->windows[u->slot] >> window) & 1u)) || ((acquired >> i) & 1u);
        if (!maybe)
            continue; /* the common case: nothing fast on this card */
        bsk_action one[1];
        int n = unit_features(m, cards, i, false, window, true, one, 0, 1);
        if (n == 0 && attacks)
            n = engine_instant_attacks(m, cards, i, one, 0, 1);
        if (n > 0)
            return true;
    }
    return false;
}

/* ---- Windows (303.3–303.7, 512.4) ---- */

const char *bsk_match_window_id(const bsk_match *m)
{
    static const char *const ids[W_COUNT] = {
        [W_CHOICE] = "choice", [W_CANCEL] = "cancel", [W_CALC] = "calc",   [W_TARGETS] = "targets",
        [W_ROLL] = "roll",     [W_BLOCK] = "block",   [W_APPLY] = "apply"};
    return m->question == Q_WINDOW && m->window < W_COUNT ? ids[m->window] : NULL;
}

void engine_queue(bsk_match *m, const bsk_action *a, int ability, uint8_t flags)
{
    if (m->queue_count >= BSK_MATCH_QUEUE_MAX) {
        engine_capacity_cap(m, BSK_CAP_STACK); /* DESIGN §5: a draw by cap */
        return;
    }
    bsk_stack_entry *e = &m->queue[m->queue_count++];
    fill_entry(e, a->kind, a->player, a->unit, a->target, ability, flags);
    e->cell = a->cell;
}

void engine_queue_to_stack(bsk_match *m)
{
    for (int i = 0; i < m->queue_count; i++)
        push_entry(m, &m->queue[i]);
    m->queue_count = 0;
}

/* Passes for whoever has nothing to declare; closes the window after two passes in a row. */
static void window_settle(bsk_match *m, const bsk_card_table *cards)
{
    while (m->question == Q_WINDOW) {
        if (m->passes >= 2) {
            bool declared = m->queue_count > 0;
            int window = m->window;
            engine_queue_to_stack(m);
            m->question = Q_NONE;
            m->window = 0;
            m->passes = 0;
            if (window != W_CHOICE && m->stack_count > 0 && !declared) {
                /* closed with nothing declared: the step goes on */
                bsk_stack_entry *top = &m->stack[m->stack_count - 1];
                top->flags |= E_WINDOW_DONE;
                top->flags2 &= (uint8_t)~E2_IN_WINDOW;
            }
            return;
        }
        if (engine_player_has_fast(m, cards, m->priority, m->window))
            return;
        m->passes++; /* nothing to declare: the pass is automatic */
        m->priority = (uint8_t)engine_other(m->priority);
    }
}

bool engine_open_window_slow(bsk_match *m, const bsk_card_table *cards, int window)
{
    int ap = m->active, nap = engine_other(ap);
    if (!engine_player_has_fast(m, cards, ap, window) && !engine_player_has_fast(m, cards, nap, window)) {
        if (window == W_CHOICE)
            engine_queue_to_stack(m);
        return false;
    }
    m->question = Q_WINDOW;
    m->window = (uint8_t)window;
    m->priority = (uint8_t)ap; /* 303.1, 512.6: the active player first */
    m->passes = 0;
    window_settle(m, cards);
    return m->question == Q_WINDOW;
}

/* Applies a declaration or a pass made in a window. */
void engine_window_apply(bsk_match *m, const bsk_card_table *cards, const bsk_action *a)
{
    if (a->kind == BSK_ACT_PASS) { /* 303.2 */
        m->passes++;
        m->priority = (uint8_t)engine_other(m->priority);
    } else { /* 303.3: declaring keeps priority */
        int ability = a->kind == BSK_ACT_FEATURE ? a->index : engine_char_attack_index(m, cards, a->unit, a->index);
        engine_queue(m, a, ability, 0);
        m->passes = 0;
        if (a->kind == BSK_ACT_ABILITY) /* 533.3: a hidden card declaring an action is revealed */
            m->units[a->unit].flags &= (uint8_t)~BSK_UNIT_HIDDEN;
        if (a->kind == BSK_ACT_FEATURE && (engine_counters_x_ask(m, cards, true) || engine_group_ask(m, cards, true)))
            return; /* its X (543.2), then the other cards of its group target (512.5), first */
    }
    window_settle(m, cards);
}

/* ---- group3 (issue 22): group targets (BSK_TARGET_GROUP; glossary §6.2 Ability.target {"count": N}) ---- */

/* 528.7: a group is legal while every card of it is in the battle zone and still matches its filter (502.3). */
/* 505.4.4: a group target whose records are attacks («выстрел по N целям»): N attacks, not one group. */
static bool group_of_attacks(const bsk_feature *f)
{
    for (int k = 0; k < f->effect_count; k++)
        if (f->effects[k].target == BSK_TARGET_GROUP && f->effects[k].op != BSK_OP_SPAWN_ATTACK)
            return false;
    return true;
}

static bool group_legal(const bsk_match *m, const bsk_card_table *cards, int source, const bsk_feature *f,
                        uint64_t group)
{
    if ((group & (m->in_battle[0] | m->in_battle[1])) != group)
        return false;
    for (uint64_t set = group; set; set &= set - 1)
        if (!engine_filter_may_choose(m, cards, chosen_filter(f), source, -1, engine_first(set)))
            return false;
    return true;
}

static bool group_ask(bsk_match *m, const bsk_card_table *cards, bool in_window, bool another);

bool engine_group_ask(bsk_match *m, const bsk_card_table *cards, bool in_window)
{
    return group_ask(m, cards, in_window, false);
}

/* `another`: an X group's `use` answered yes, so its next card is asked. */
static bool group_ask(bsk_match *m, const bsk_card_table *cards, bool in_window, bool another)
{
    bsk_stack_entry *e = m->queue_count && !m->result.over ? &m->queue[m->queue_count - 1] : NULL;
    if (!e || e->kind != BSK_ACT_FEATURE || e->target < 0 || (e->flags & E_TRIGGERED))
        return false; /* nothing queued now (a full queue is a draw by cap) */
    const bsk_feature *f = engine_unit_feature(m, cards, e->source, e->ability);
    if (!f || f->target != BSK_TARGET_GROUP)
        return false;
    if (!e->group) { /* its slot: one no entry of the queue or the stack names */
        uint8_t used = 0;
        for (int i = 0; i < m->queue_count; i++)
            used |= (uint8_t)(m->queue[i].group ? 1u << (m->queue[i].group - 1) : 0);
        for (int i = 0; i < m->stack_count; i++)
            used |= (uint8_t)(m->stack[i].group ? 1u << (m->stack[i].group - 1) : 0);
        int slot = 0;
        while (slot < BSK_MATCH_GROUPS_MAX && ((used >> slot) & 1u))
            slot++;
        if (slot == BSK_MATCH_GROUPS_MAX) {
            engine_capacity_cap(m, BSK_CAP_STACK); /* DESIGN §5: a draw by cap */
            return false;
        }
        m->groups[slot] = 1ull << e->target;
        e->group = (uint8_t)(slot + 1);
    }
    uint64_t group = m->groups[e->group - 1];
    uint64_t options = group_candidates(m, cards, e->source, f) & ~group;
    /* siege13 (issue 23): an activated «до N» group (505.4.3 «N или менее [атак]») is asked as an X group of at
     * most N cards */
    bool x = f->group_count == BSK_FEATURE_GROUP_X || BSK_FEATURE_GROUP_IS_UP_TO(f->group_count);
    int most = f->group_count == BSK_FEATURE_GROUP_X ? BSK_FEATURE_GROUP_MAX : f->group_count & ~BSK_FEATURE_GROUP_UP_TO;
    if (__builtin_popcountll(group) >= most || !options)
        return false;
    memset(&m->choice, 0, sizeof m->choice);
    /* X: first `use` (1: one more card, 0: X is the cards chosen so far), then the card */
    engine_ask_choice(m, e->player, x && !another ? BSK_CHOOSE_USE : BSK_CHOOSE_UNIT, BSK_CHOICE_GROUP,
                      x && !another ? 3u : options);
    m->choice.mode = in_window; /* where the declaration goes on: a window's priority or the Choice subphase's */
    return true;
}

/* A declaration's last question answered: it goes on where it was made — a window's priority, kept by its
 * player (303.3), or the Choice subphase's window. */
static void declaration_goes_on(bsk_match *m, const bsk_card_table *cards, int player, bool in_window)
{
    if (in_window) {
        m->question = Q_WINDOW;
        m->priority = (uint8_t)player;
        window_settle(m, cards);
    } else
        engine_open_window(m, cards, W_CHOICE);
}

void engine_group_answer(bsk_match *m, const bsk_card_table *cards, const bsk_action *a)
{
    bsk_stack_entry *e = &m->queue[m->queue_count - 1];
    BSK_ASSERT((m->choice.what == BSK_CHOOSE_UNIT || m->choice.what == BSK_CHOOSE_USE) &&
               ((m->choice.allowed >> a->index) & 1u) && e->group);
    bool in_window = m->choice.mode != 0, use = m->choice.what == BSK_CHOOSE_USE;
    m->question = Q_NONE;
    memset(&m->choice, 0, sizeof m->choice);
    if (!use)
        m->groups[e->group - 1] |= 1ull << a->index;
    if ((!use || a->index == 1) && group_ask(m, cards, in_window, use))
        return; /* the next card, or (X) whether there is one */
    declaration_goes_on(m, cards, e->player, in_window);
}

/* ---- X-counter costs (543.2, 523.2) ---- */

bool engine_counters_x_ask(bsk_match *m, const bsk_card_table *cards, bool in_window)
{
    bsk_stack_entry *e = m->queue_count && !m->result.over ? &m->queue[m->queue_count - 1] : NULL;
    if (!e || e->kind != BSK_ACT_FEATURE || e->x || (e->flags & E_TRIGGERED))
        return false;
    const bsk_feature *f = engine_unit_feature(m, cards, e->source, e->ability);
    if (!f || f->counters != BSK_FEATURE_COUNTERS_X)
        return false;
    /* what the card holds beyond the counters its other declared features reserve (501.12; this one: 0 yet) */
    int free = m->units[e->source].counters - engine_counters_declared(m, cards, e->source);
    if (free > 63)
        free = 63;
    if (free < 1) /* never: declaring needs 1 (523.2) */
        free = 1;
    memset(&m->choice, 0, sizeof m->choice);
    engine_ask_choice(m, e->player, BSK_CHOOSE_NUMBER, BSK_CHOICE_X, ((2ull << free) - 1) & ~1ull);
    m->choice.mode = in_window; /* where the declaration goes on, as a group target's question */
    return true;
}

void engine_counters_x_answer(bsk_match *m, const bsk_card_table *cards, const bsk_action *a)
{
    bsk_stack_entry *e = &m->queue[m->queue_count - 1];
    BSK_ASSERT(m->choice.what == BSK_CHOOSE_NUMBER && ((m->choice.allowed >> a->index) & 1u));
    bool in_window = m->choice.mode != 0;
    m->question = Q_NONE;
    memset(&m->choice, 0, sizeof m->choice);
    e->x = (uint8_t)a->index; /* 543.2: fixed until the action is done */
    if (engine_group_ask(m, cards, in_window))
        return; /* group3: the cards of its group target next (512.5) */
    declaration_goes_on(m, cards, e->player, in_window);
}

/* ---- Resolving a feature (512) ---- */

/* A relocate record of f (the mode's record for an «или»): as the feature begins to resolve its
 * controller chooses the cell among the free ones (`choose`, BSK_CHOICE_RELOCATE; one free cell is
 * taken without asking, none: the record does nothing). True when the question is asked. */
/* The answer a resolving feature needs (a cell, a unit: `what`) out of `options`: asked when there are
 * several (BSK_CHOICE_RELOCATE), else the only one taken, or none (-1), into the entry's cell. */
static bool ask_or_take(bsk_match *m, bsk_stack_entry *e, int what, uint64_t options)
{
    e->flags |= E_ASKED;
    if (options & (options - 1)) {
        memset(&m->choice, 0, sizeof m->choice);
        engine_ask_choice(m, e->player, what, BSK_CHOICE_RELOCATE, options);
        return true;
    }
    e->cell = (int8_t)(options ? engine_first(options) : -1);
    return false;
}

/* blow11 (issue 23): the cards an attack the feature prints "with" a filter may be made at — matching the filter (its
 * "adjacent_to": "target" read from the card the feature targets: strike13, «стоящей рядом с атакованным»; one gone
 * is seen from the cell it left, 509.3) and one the attack may target from where its card stands. */
static uint64_t with_attack_cards(const bsk_match *m, const bsk_card_table *cards, const bsk_feature_effect *ef,
                                  const bsk_stack_entry *e)
{
    int anchor = with_anchor(cards, ef, e->source, e->target);
    uint64_t set = engine_filter_all(m, cards, ef->from_filter, e->source, anchor) & ~(1ull << e->source);
    for (uint64_t left = set; left; left &= left - 1)
        if (!engine_can_target_ability(m, cards, e->source, &ef->attack, engine_first(left)))
            set &= ~(1ull << engine_first(left));
    return set;
}

static bool relocate_ask(bsk_match *m, const bsk_card_table *cards, const bsk_feature *f, bsk_stack_entry *e)
{
    int first = 0, end = f->effect_count;
    if (f->mode) {
        first = (e->flags2 & E2_MODE2) ? 1 : 0;
        end = first + 1;
    }
    for (int k = first; k < end; k++) {
        const bsk_feature_effect *ef = &f->effects[k];
        if (ef->op == BSK_OP_LOSE_INCARNATION) /* grave5: which graveyard creature loses its token */
            return ask_or_take(m, e, BSK_CHOOSE_UNIT, incarnation_holders(m, cards, e->player));
        if (ef->op == BSK_OP_DECK_TO_GRAVEYARD || ef->op == BSK_OP_SUMMON) { /* grave10: which card of the deck
                                                                                 (204.2: its owner looks) */
            deck_matches_first(m, cards, e->player, ef->from_filter, e->source, e->target);
            return ask_or_take(m, e, BSK_CHOOSE_DECK,
                               ef->op == BSK_OP_SUMMON
                                   ? summon_choices(m, cards, e, ef)
                                   : deck_choices(m, cards, e->player, ef->from_filter, e->source, e->target));
        }
        if (ef->op == BSK_OP_GAIN_INCARNATION) /* inc9: which graveyard card gets a token (self: no question) */
            return ask_or_take(m, e, BSK_CHOOSE_UNIT,
                               incarnation_takers(m, cards, e->player) &
                                   (ef->param == BSK_GRAVE_SELF ? 1ull << e->source : ~UINT64_C(0)));
        if ((ENGINE_OPS[ef->op].modes & BSK_OPM_CELL) &&
            (ef->param == BSK_CELL_CHOSEN || ef->param == BSK_CELL_CHOSEN_FREE))
            /* cell7 (issue 23): «выбранная клетка», «свободная клетка» (544.1): chosen as it begins to resolve */
            return ask_or_take(m, e, BSK_CHOOSE_CELL, marker_choices(m, ef));
        if (ef->op == BSK_OP_SPAWN_ATTACK && ef->attack.keyword && ef->from_filter) {
            /* blow11 (issue 23): the card its printed attack is made at, one it may target from where it stands;
             * strike13: a dependent record's is asked when it is reached (run_compound, 505.4.5) */
            if (k > 0 && ef->link)
                continue;
            return ask_or_take(m, e, BSK_CHOOSE_UNIT, with_attack_cards(m, cards, ef, e));
        }
        if ((ef->op == BSK_OP_FIGHT || (ef->op == BSK_OP_SPAWN_ATTACK && !ef->attack.keyword)) && ef->from_filter) {
            /* fight9: the card the target fights («со стоящим рядом») or strikes («по стоящей рядом карте») */
            int striker = ef->target == BSK_TARGET_SELF ? e->source : e->target;
            return ask_or_take(m, e, BSK_CHOOSE_UNIT,
                               striker >= 0 ? engine_filter_all(m, cards, ef->from_filter, e->source, striker) &
                                                  ~(1ull << striker)
                                            : 0);
        }
        if (ef->op != BSK_OP_RELOCATE || ef->param == BSK_RELOCATE_SWAP) /* swap12: a swap asks no cell */
            continue;
        int unit = ef->target == BSK_TARGET_SELF ? e->source : e->target;
        return ask_or_take(m, e, BSK_CHOOSE_CELL, unit >= 0 ? relocate_cells(m, unit, ef->param, relocate_away(e), e->source) : 0);
    }
    return false;
}

void engine_tap_cost_answer(bsk_match *m, const bsk_action *a)
{
    bsk_stack_entry *e = &m->stack[m->stack_count - 1];
    BSK_ASSERT(m->choice.what == BSK_CHOOSE_UNIT && ((m->choice.allowed >> a->index) & 1u));
    m->question = Q_NONE;
    memset(&m->choice, 0, sizeof m->choice);
    e->guard = (int8_t)a->index; /* the resolution goes on with it (engine_resolve_feature) */
}

void engine_relocate_answer(bsk_match *m, const bsk_action *a)
{
    bsk_stack_entry *e = &m->stack[m->stack_count - 1];
    BSK_ASSERT((m->choice.what == BSK_CHOOSE_CELL || m->choice.what == BSK_CHOOSE_UNIT || /* grave5: a unit */
                m->choice.what == BSK_CHOOSE_DECK) && /* grave10: a deck position */
               ((m->choice.allowed >> a->index) & 1u));
    m->question = Q_NONE;
    memset(&m->choice, 0, sizeof m->choice);
    e->cell = (int8_t)a->index; /* the resolution goes on with it (engine_resolve_feature) */
}

/* Whether a filter is read from another card than the feature's (an actor, a target), which a stack
 * entry no longer names: such a target is not checked again. */
static bool filter_needs_actor(const bsk_card_table *cards, int filter)
{
    const bsk_feature_filter *ff = &cards->filters[filter];
    return filter > 0 && ((ff->adjacent_to && ff->adjacent_to != BSK_FILTER_NEAR_SELF) ||
                          (ff->diagonal_to && ff->diagonal_to != BSK_FILTER_NEAR_SELF) ||
                          (ff->behind && ff->behind != BSK_FILTER_NEAR_SELF));
}

/* events3 (issue 22), 502.1, glossary «Когда становится целью»: the cards a feature's ability chose (a
 * chosen target, a group) or names (the event's card) become its targets as it passes its legality
 * step: on_become_target, other card the source. Not the source itself (502.4: an ability without a target
 * is its own), not the cards of an "all" selector (found only as the records run), and never a
 * payment's card (501.16: the creature a tap_adjacent cost taps is no target). */
static void raise_targeted(bsk_match *m, const bsk_card_table *cards, const bsk_feature *f, const bsk_stack_entry *e)
{
    uint64_t set = 0;
    if (f->target == BSK_TARGET_GROUP && e->group)
        set = m->groups[e->group - 1];
    else if ((f->target == BSK_TARGET_ADJACENT_ENEMY || f->target == BSK_TARGET_ANY_ENEMY ||
              f->target == BSK_TARGET_CHOSEN || f->target == BSK_TARGET_ATTACKED) &&
             e->target >= 0)
        set = 1ull << e->target;
    set &= ~(1ull << e->source);
    for (; set; set &= set - 1) {
        int t = engine_first(set);
        if (engine_in_battle(&m->units[t]))
            engine_raise(m, cards, BSK_ON_TARGETED, t, e->source, -1, 0);
    }
}

void engine_resolve_feature(bsk_match *m, const bsk_card_table *cards, bsk_stack_entry *e, bsk_events *events)
{
    const bsk_feature *f = engine_unit_feature(m, cards, e->source, e->ability);
    int source = e->source, ability = e->ability;
    bool executed = true; /* false: its prepayment killed its source (501.15) */
    if (!f) { /* an acquired feature its card has lost since it was declared: removed (512.6.2) */
        m->stack_count--;
        return;
    }
    if (f->event == BSK_ON_DESTROYS && !(e->flags3 & E3_AFTER_PAYMENT) && e == &m->stack[m->stack_count - 1]) {
        /* curse4 (issue 23), 512.7: a death in an attack being executed (the nearest entry below the triggers):
         * «после того, как уничтожает» is executed after that attack's payment — the trigger goes below the
         * attack, which goes on */
        int j = m->stack_count - 2;
        while (j >= 0 && m->stack[j].kind == BSK_ACT_FEATURE && (m->stack[j].flags & E_TRIGGERED))
            j--;
        const bsk_stack_entry *below = j >= 0 ? &m->stack[j] : NULL;
        if (below && (below->kind == BSK_ACT_ATTACK || (below->kind == BSK_ACT_ABILITY && below->target >= 0)) &&
            below->step >= S_APPLY) {
            bsk_stack_entry trigger = *e;
            trigger.flags3 |= E3_AFTER_PAYMENT;
            memmove(&m->stack[j + 1], &m->stack[j], (size_t)(m->stack_count - 1 - j) * sizeof m->stack[0]);
            m->stack[j] = trigger;
            return;
        }
    }
    bool compound = cards->compound_any && engine_feature_compound(f); /* compound3: the table's fast exit */
    if (compound && e->roll[0]) { /* compound3: back on top after a spawned strike or a `use` answer */
        e->flags2 &= (uint8_t)~E2_SPAWNED;
        goto records;
    }
    if (e->flags2 & E2_SPAWNED) /* 537.2 d: back on top after the attack it spawned: on to its payment */
        goto payment;
    bool leaves = f->cost_destroy_self | f->cost_return_self; /* branch costs4: its card pays with itself */
    if (leaves && (e->flags & E_PREPAID))
        goto prepaid; /* 501.15.1: back on top, its active zone the graveyard (deck) since its Legality step */
    /* 512.6.2: legality against the chosen target; activated features need their source in play */
    bool legal = (e->flags & E_TRIGGERED) || engine_in_battle(&m->units[e->source]);
    if (legal && e->target >= 0 &&
        (f->target == BSK_TARGET_ADJACENT_ENEMY || f->target == BSK_TARGET_ANY_ENEMY || f->target == BSK_TARGET_CHOSEN))
        legal = engine_in_battle(&m->units[e->target]); /* a chosen target; an event's card may have left */
    if (legal && e->target >= 0 && f->target == BSK_TARGET_CHOSEN && !filter_needs_actor(cards, chosen_filter(f)))
        /* 502.3, 502.1 (branch posio): the chosen target is checked again against its filter at the start of
         * the execution; one that no longer matches (tapped, healed, moved away) is not affected */
        legal = engine_filter_may_choose(m, cards, chosen_filter(f), e->source, -1, e->target);
    if (legal && f->target == BSK_TARGET_GROUP) /* group3: 528.7, 528.8: a card of the group gone (or no longer
                                                  * matching): the whole group is illegal, removed unpaid; N attacks
                                                  * are each legal on their own when spawned (505.4.4) */
        legal = e->group && (group_of_attacks(f) || group_legal(m, cards, e->source, f, m->groups[e->group - 1]));
    /* static2: a condition of the source (a filter, a count) holds at the resolution too; the extra
     * costs can still be paid */
    if (legal && (f->if_source || f->if_op))
        legal = condition_holds(m, cards, e->source, f);
    if (legal && !(e->flags & (E_TRIGGERED | E_PREPAID)) && (f->cost_wound | f->cost_tap_adjacent))
        legal = extra_cost_payable(m, cards, e->source, f) ||
                (f->cost_tap_adjacent && e->guard >= 0 && !f->cost_wound); /* the chosen one stays open */
    bool x_lives = f->cost_extra_lives == BSK_FEATURE_COUNTERS_X && (e->flags & E_TRIGGERED); /* count12 */
    if (legal && !(e->flags & E_PREPAID) && f->cost_extra_lives) /* branch costs4: lost meanwhile, not payable */
        legal = m->units[e->source].extra_life >= (x_lives ? e->x : f->cost_extra_lives);
    if (legal && x_lives && e->target >= 0 && f->target == BSK_TARGET_CHOSEN && reads_x_movement(cards, f))
        legal = engine_filter_movement_at_most(m, cards, e->target, e->x); /* count12: 502.3, its X (543.2) */
    if (!legal) {
        m->stack_count--; /* removed without payment */
        return;
    }
    if (f->cost_tap_adjacent && !(e->flags & E_TRIGGERED) && e->guard < 0) {
        /* static2: the creature the cost taps, chosen as the feature begins to resolve (`choose`,
         * BSK_CHOICE_TAP_COST; one is taken without asking); kept in the entry's guard */
        uint64_t options = tap_cost_options(m, cards, e->source, false);
        if (options & (options - 1)) {
            memset(&m->choice, 0, sizeof m->choice);
            engine_ask_choice(m, e->player, BSK_CHOOSE_UNIT, BSK_CHOICE_TAP_COST, options);
            return;
        }
        e->guard = (int8_t)engine_first(options);
    }
    if (f->cost_tap_adjacent && !(e->flags & E_PREPAID) && e->guard >= 0 &&
        (m->units[e->guard].flags & BSK_UNIT_TAPPED)) {
        m->stack_count--; /* the chosen creature was tapped meanwhile: the cost cannot be paid */
        return;
    }
    if (!(e->flags & (E_TRIGGERED | E_PREPAID)) && (f->cost_wound | f->cost_tap_adjacent | f->cost_extra_lives | leaves)) {
        /* 501.4, 501.14: the prepaid resources (own wounds, another card tapped) go now, at the Legality
         * step, before the effect; 501.15: a source the prepayment kills executes nothing */
        e->flags |= E_PREPAID;
        if (f->cost_tap_adjacent && e->guard >= 0) { /* static2: tapped, not an action of its own */
            m->units[e->guard].flags |= BSK_UNIT_TAPPED;
            m->units[e->guard].move_left = 0;
            if ((cards->listen_any & BSK_LISTEN(BSK_ON_TAPPED_TO_MOVE)) && relocates_self(f)) /* trig5: 507 */
                engine_raise(m, cards, BSK_ON_TAPPED_TO_MOVE, e->guard, e->source, -1, 0);
        }
        if (f->cost_wound) { /* static2: «раниться на N» */
            engine_wound(m, cards, e->source, f->cost_wound, events);
            if (engine_unit_life(m, cards, e->source) <= 0) {
                executed = false;
                goto payment;
            }
        }
        if (f->cost_extra_lives) { /* branch costs4: 501.4 «дополнительные жизни»; its maximum falls with them
                                      and the wounds stay (508.8), so the loss may kill it: nothing then (501.15) */
            engine_extra_life(m, e->source, -f->cost_extra_lives);
            if (engine_unit_life(m, cards, e->source) <= 0) {
                executed = false;
                goto payment;
            }
        }
        if (f->cost_destroy_self) { /* branch costs4: «уничтожить эту карту»: a death (509.3: on_death triggers),
                                       and the feature goes on from the graveyard (501.15, 501.15.1, 201.2.3.1) */
            int8_t dead[1] = {(int8_t)e->source};
            engine_destroy(m, cards, dead, 1, events);
        } else if (f->cost_return_self) { /* branch costs4: «вернуть эту карту в колоду»: shuffled in (204.4),
                                             the feature goes on from the deck (501.15.1, 201.2.3.2) */
            bsk_feature_effect back;
            memset(&back, 0, sizeof back);
            back.op = BSK_OP_RETURN_TO_DECK;
            back.place = BSK_DECK_SHUFFLED;
            op_leave(m, cards, e->source, e->player, e->source, 0, f, &back, events);
        }
    }
    if (x_lives && !(e->flags & E_PREPAID)) { /* count12 (issue 23): a trigger's X extra lives, prepaid at its
                                                 Legality step (501.14); a source the loss kills executes nothing
                                                 (501.15: its wounds stay, 508.8) */
        e->flags |= E_PREPAID;
        engine_extra_life(m, e->source, -e->x);
        if (engine_unit_life(m, cards, e->source) <= 0) {
            executed = false;
            goto payment;
        }
    }
prepaid:
    if ((cards->listen_any & (BSK_LISTEN(BSK_ON_TARGETED) | BSK_LISTEN(BSK_ON_MAGIC_ABILITY))) &&
        !(e->flags2 & E2_TRIGGERS_DONE)) {
        e->flags2 |= E2_TRIGGERS_DONE; /* events3: its targets are final (502.1): on_become_target, resolved first */
        int waiting = m->pending_count;
        raise_targeted(m, cards, f, e);
        if ((cards->listen_any & BSK_LISTEN(BSK_ON_MAGIC_ABILITY)) && casts_spell(f)) /* vamp8: a spell performed */
            engine_raise(m, cards, BSK_ON_MAGIC_ABILITY, e->source, e->target, -1, BSK_STRIKE_KIND_COUNT);
        if (m->pending_count > waiting)
            return;
    }
    if (!(e->flags & E_ASKED) && relocate_ask(m, cards, f, e))
        return; /* the cell of a relocate record is asked first */
    if (summon_ask(m, cards, f, e))
        return; /* spawn11: then a summoned card's cell (536.5.1) */
records:
    if (compound) { /* 505: record by record; 505.3: paid once, after the last */
        if (!run_compound(m, cards, f, e, events))
            return;
        if (f->handler > 0 && f->handler < HANDLER_COUNT)
            ENGINE_HANDLERS[f->handler].run(m, cards, e->source, e->player, e->target, events);
        goto payment;
    }
    run_program(m, cards, f, e->source, e->player, e->target, e->group ? m->groups[e->group - 1] : 0,
                (e->flags & E_TRIGGERED) ? e->x /* dice7: the event's value, its X */ : engine_feature_counters(f, e),
                (e->flags2 & E2_MODE2) ? 2 : 1, events);
    if (m->stack_count > 0 && &m->stack[m->stack_count - 1] != e && (m->stack[m->stack_count - 1].flags2 & E2_SPAWNED)) {
        e->flags2 |= E2_SPAWNED; /* 537.2 d: the spawned attack above it is executed first */
        return;
    }
payment:
    { /* curse4: 509.1.1, the cards its records' wounds left without life were destroyed by its card */
        int8_t by[BSK_MATCH_UNITS_MAX];
        engine_destroy_dead_by(m, cards, engine_destroyer(cards, source, by), events);
    }
    /* 512.7: payment with what is reserved */
    if (!(e->flags & E_TRIGGERED) && !(f->cost_return_self && m->units[e->source].zone == BSK_ZONE_DECK)) {
        /* (branch costs4: a card returned to its deck is a new card there, 204.4: nothing to pay) */
        bsk_unit *u = &m->units[e->source];
        if (f->tap) /* times3: 540.1.1, 540.3.1 */
            engine_pay_action(m, cards, e->source, BSK_ACTIONS_ACT, false);
        int spent = engine_feature_counters(f, e); /* X: as declared (543.2) */
        int had = u->counters;
        u->counters = (uint8_t)(u->counters > spent ? u->counters - spent : 0);
        if (had > u->counters) /* trig4: the counters a cost took, at once (512.7) */
            engine_raise(m, cards, BSK_ON_COUNTERS_LOST, e->source, -1, -1, had - u->counters);
    }
    /* the entry leaves the stack: it is the top one unless triggers went above it */
    for (int i = m->stack_count - 1; i >= 0; i--)
        if (&m->stack[i] == e) {
            memmove(&m->stack[i], &m->stack[i + 1], (size_t)(m->stack_count - i - 1) * sizeof m->stack[0]);
            m->stack_count--;
            break;
        }
    /* 545.7, 526.2: it was legal past the legality step, so its execution marker is placed at
     * payment whatever its effect did (until now the entry reserved it, 501.5); not when its prepayment
     * killed its source there (501.15: it does not execute) */
    if (f->limit_per && executed && !(f->cost_return_self && m->units[source].zone == BSK_ZONE_DECK)) /* 204.4 */
        limit_use(m, source, ability, f);
}
