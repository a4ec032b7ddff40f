/* battle.c — the turn (407–413) and the loop that runs a match on until a player must decide:
 * beginning, untap (409.2), the choice and execution subphases (411–412), the end phase (413),
 * the result check of 503.1 u and 601, the caps of DESIGN §5, and where effects' durations end
 * (413.3; the rest in characteristics.c). */
#include "engine.h"

#include <string.h>

void engine_finish(bsk_match *m, int winner, int reason)
{
    m->result.over = 1;
    m->result.winner = (uint8_t)winner;
    m->result.reason = (uint8_t)reason;
    m->phase = BSK_PHASE_OVER;
    m->question = Q_NONE;
    m->priority = 0;
}

/* 601.2 a, 601.3: the result once a player has no creature in the battle zone. */
bool engine_check_result(bsk_match *m, const bsk_card_table *cards)
{
    if (m->result.over)
        return true;
    BSK_ASSERT(engine_derived_ok(m, cards));
    /* 601.2 a: creatures in the battle zone, hidden ones by their true type */
    bool has[2] = {(m->in_battle[0] & m->creatures) != 0, (m->in_battle[1] & m->creatures) != 0};
    if (has[0] && has[1])
        return false;
    engine_finish(m, has[0] ? 1 : has[1] ? 2 : 0, BSK_RESULT_NO_CREATURES); /* 601.3 b: both at once */
    return true;
}

/* 409.2: the active player untaps; every card loses its action markers and gets its movement. */
void engine_untap_all(bsk_match *m, const bsk_card_table *cards)
{
    for (int i = 0; i < m->unit_count; i++) {
        bsk_unit *u = &m->units[i];
        if (u->owner == m->active && (u->flags2 & BSK_UNIT_NO_UNTAP))
            u->flags2 &= (uint8_t)~BSK_UNIT_NO_UNTAP; /* token6: op no_untap, «не открывается …» (05-158) */
        else if (u->owner == m->active)
            u->flags &= (uint8_t)~BSK_UNIT_TAPPED;
        u->actions = 0;
        u->armor_used = 0;
        u->flags2 &= (uint8_t)~BSK_UNIT_DASHED; /* 409.2: "once per turn" markers go */
        u->move_left = (u->flags & BSK_UNIT_TAPPED) ? 0 : engine_char_unaltered_movement(m, cards, i);
    }
    if (cards->limits_turn_any) /* 409.2: the "X раз за ход" execution markers go (545.7) */
        engine_limits_new_turn(m, cards);
    /* the cards effects alter (the characteristics' fast exit taken once for the others) */
    uint64_t altered = (cards->statics_any & BSK_STATIC_MOVEMENT) ? ~0ull : m->altered; /* static2: static movement */
    for (uint64_t rest = altered & (m->unit_count < 64 ? (1ull << m->unit_count) - 1 : ~0ull); rest;
         rest &= rest - 1) {
        int i = engine_first(rest);
        if (!(m->units[i].flags & BSK_UNIT_TAPPED))
            m->units[i].move_left = (int8_t)engine_char_movement(m, cards, i);
    }
}

/* 413: the end phase; then the other player's turn, or the draw by cap. */
static void end_turn(bsk_match *m, const bsk_card_table *cards, bsk_events *events)
{
    if (m->delayed_count) { /* static2 (413.1): the delayed end-of-turn effects of this turn */
        engine_delayed_run(m, cards, false, events);
        if (engine_check_result(m, cards))
            return;
    }
    /* 413.3: the effects "until the end of [this] turn" end together (glossary §3.2); a card whose
     * life they raised may have none left (509.1, 508.8.3) */
    if (m->effect_count && engine_effects_end_turn(m, cards)) {
        engine_destroy_dead(m, cards, events);
        if (engine_check_result(m, cards))
            return;
    }
    if (m->acquired_count) /* 413.3: acquired features "until the end of the turn" (branch posio) */
        engine_acquired_end_turn(m);
    if (m->cell_markers_count) /* cell7: 413.3, cell markers «до конца хода» (06-165's «костёр») */
        engine_cell_markers_end_turn(m);
    if (m->turn == 1) {
        /* 405.1: cards kept hidden are revealed at the end of the first player's first turn */
        for (int i = 0; i < m->unit_count; i++)
            if ((m->units[i].flags & BSK_UNIT_HIDDEN) && m->units[i].zone == BSK_ZONE_BATTLEFIELD)
                engine_reveal(m, cards, i);
    }
    for (int i = 0; i < m->unit_count; i++) {
        bsk_unit *u = &m->units[i];
        /* 107.2 d: the grant lasts until the end of its controller's next turn */
        if ((u->flags & BSK_UNIT_FLYER_GRANT) && u->grant_turn <= m->turn)
            u->flags &= (uint8_t)~BSK_UNIT_FLYER_GRANT;
        u->flags &= (uint8_t)~BSK_UNIT_WOUNDED_TURN; /* concentration's "this turn" ends */
        u->flags2 &= (uint8_t)~BSK_UNIT_ATTACK_WOUNDED_TURN; /* trig5: on_attack_wounds' "first this turn" */
    }
    if (cards->history_any) /* times3 (538.2): this turn's moves become the last turn's */
        for (int i = 0; i < m->unit_count; i++) {
            bsk_unit *u = &m->units[i];
            u->flags2 = (uint8_t)((u->flags2 & ~(BSK_UNIT_MOVED_TURN | BSK_UNIT_MOVED_LAST)) |
                                  ((u->flags2 & BSK_UNIT_MOVED_TURN) ? BSK_UNIT_MOVED_LAST : 0));
        }
    m->rebuff = 0; /* rebuff (extension): "until the end of the turn" (413.3) */
    m->heals[0][0] = m->heals[1][0] = 0; /* events3: 545.8's "per turn" count of heals starts again */
    /* the werewolf forms (extension, engine README "Readings taken"): a form lasts until the end of
     * its controller's opponent's turn */
    if (m->form[0] | m->form[1])
        for (int i = 0; i < m->unit_count; i++)
            if (m->units[i].owner != m->active) {
                m->form[0] &= ~(1ull << i);
                m->form[1] &= ~(1ull << i);
            }
    if (m->turn >= BSK_MATCH_TURN_CAP) {
        m->result.by_cap = 1;
        engine_finish(m, 0, BSK_RESULT_CAP);
        return;
    }
    m->turn++;
    m->active = (uint8_t)engine_other(m->active);
    m->declarations = 0;
    m->phase = BSK_PHASE_BEGINNING;
}

void engine_run(bsk_match *m, const bsk_card_table *cards, bsk_events *events)
{
    for (;;) {
        if (m->result.over || m->question != Q_NONE)
            return;
        if (m->pending_count > 0 && m->phase >= BSK_PHASE_BEGINNING) {
            engine_declare_pending(m, cards); /* 305.1 */
            continue;
        }
        switch (m->phase) {
        case BSK_PHASE_ROLL:
        case BSK_PHASE_REDEAL:
        case BSK_PHASE_RECRUIT:
        case BSK_PHASE_PLACE:
        case BSK_PHASE_REVEAL:
        case BSK_PHASE_SEAT:
            engine_prelim_run(m, cards, events);
            if (m->phase < BSK_PHASE_BEGINNING)
                return;
            if (engine_check_result(m, cards))
                return;
            break;
        case BSK_PHASE_BEGINNING: { /* 408: "before the start of the turn" features come with card features */
            if (m->step_done & ENGINE_BATTLE_OPEN) { /* batl9: 406.1, the start of the battle before the first turn */
                if (m->stack_count > 0) { /* a start-of-battle feature resolves before the other player's turn */
                    engine_resolve(m, cards, events);
                    if (m->question == Q_NONE && engine_check_result(m, cards))
                        return;
                    break;
                }
                if (engine_battle_start(m, cards))
                    break;
                if (engine_check_result(m, cards))
                    return;
            }
            /* the werewolf forms (extension, engine README "Readings taken"): before the Untap step,
             * each of the active player's werewolves in unit order */
            int werewolf = engine_form_next(m, cards);
            if (werewolf >= 0) {
                engine_form_ask(m, werewolf);
                return;
            }
            engine_rebuff_start(m, cards); /* rebuff (extension): before the start of the turn */
            m->phase = BSK_PHASE_UNTAP;
            break;
        }
        case BSK_PHASE_UNTAP:
            engine_untap_all(m, cards);
            engine_incarnation(m, cards, true, events); /* 409.2, 536.7.1: incarnation tokens */
            engine_turn_start(m, cards, events); /* 409.2: poison and regeneration */
            if (m->delayed_count) /* static2 (409.2): the delayed start-of-turn effects */
                engine_delayed_run(m, cards, true, events);
            engine_destroy_dead(m, cards, events);
            engine_raise(m, cards, BSK_AT_TURN_START, -1, -1, -1, 0); /* 409.2: "at the start of the turn" */
            engine_raise(m, cards, BSK_ON_VALHALLA, -1, -1, -1, 0); /* 409.2: valhalla, from the graveyard */
            m->phase = BSK_PHASE_CHOICE;
            break;
        case BSK_PHASE_CHOICE: {
            if (m->stack_count > 0) {
                m->phase = BSK_PHASE_EXECUTION;
                break;
            }
            if (engine_check_result(m, cards)) /* 503.1 u: before the active player gets priority */
                return;
            if (m->declarations >= BSK_MATCH_DECLARATION_CAP) {
                m->result.cap_actions = 1;
                engine_finish(m, 0, BSK_RESULT_CAP);
                return;
            }
            m->question = Q_CHOICE;
            m->priority = m->active;
            if (m->ask_choice || engine_choice_has_declaration(m, cards))
                return; /* a position's run asks even when the only choice is to pass the turn */
            /* 411.2 c: passing the turn is the only choice, so it happens by itself */
            m->question = Q_NONE;
            m->phase = BSK_PHASE_END;
            engine_raise(m, cards, BSK_AT_TURN_END, -1, -1, -1, 0); /* 413.1: "at the end of the turn" */
            engine_raise(m, cards, BSK_ON_CONCENTRATION, -1, -1, -1, 0); /* 413.1: concentration */
            engine_concentrations_triggered(m, cards); /* focus6: «при срабатывании концентрации» */
            break;
        }
        case BSK_PHASE_EXECUTION:
            if (m->stack_count == 0) {
                m->phase = BSK_PHASE_CHOICE; /* 412.2 */
                break;
            }
            engine_resolve(m, cards, events);
            if (m->question == Q_NONE && engine_check_result(m, cards))
                return;
            break;
        case BSK_PHASE_END:
            if (m->stack_count > 0) { /* 413.1: the end-of-turn features resolve first */
                engine_resolve(m, cards, events);
                if (m->question == Q_NONE && engine_check_result(m, cards))
                    return;
                break;
            }
            end_turn(m, cards, events);
            break;
        default:
            return;
        }
    }
}
