/* scenario.c — the squad scenario runner (scenario.h): redeals and the deal (402.3,
 * 402.4), recruitment step by step (403.2.1–403.2.3), the squad's legality, placement
 * step by step (404.1), stopping at the first violation with its code and rule. Copies
 * count by name, like a decklist: any printing of a name stands for that name. */
#include "berserk/scenario.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *bsk_scenario_step_id(bsk_scenario_step step)
{
    switch (step) {
    case BSK_SCENARIO_DEAL:
        return "deal";
    case BSK_SCENARIO_RECRUIT:
        return "recruit";
    case BSK_SCENARIO_PLACEMENT:
        return "placement";
    case BSK_SCENARIO_FINAL:
        return "final";
    case BSK_SCENARIO_LEGAL:
    default:
        return NULL;
    }
}

static void stop(bsk_scenario_verdict *verdict, bsk_scenario_step step, int index, const bsk_card *card,
                 const char *code, const char *rule, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 7, 8)))
#endif
    ;

/* Records the violation; a message cut short ends in '~'. */
static void stop(bsk_scenario_verdict *verdict, bsk_scenario_step step, int index, const bsk_card *card,
                 const char *code, const char *rule, const char *format, ...)
{
    va_list args;
    verdict->legal = false;
    verdict->step = step;
    verdict->index = index;
    verdict->card = card;
    verdict->code = code;
    verdict->rule = rule;
    va_start(args, format);
    if (vsnprintf(verdict->message, sizeof verdict->message, format, args) >= (int)sizeof verdict->message)
        verdict->message[sizeof verdict->message - 2] = '~';
    va_end(args);
}

/* The first card not yet used that is this printing, else one of the same name; -1. */
static int first_copy(const bsk_card *const *cards, const bool *used, int count, const bsk_card *card)
{
    for (int i = 0; i < count; i++)
        if (!used[i] && cards[i] == card)
            return i;
    for (int i = 0; i < count; i++)
        if (!used[i] && bsk_card_same_name(cards[i], card))
            return i;
    return -1;
}

/* How many copies of the card's name the deck holds. */
static int copies_in_deck(const bsk_deck *deck, const bsk_card *card)
{
    int copies = 0;
    for (size_t i = 0; i < deck->count; i++)
        if (deck->entries[i].card && bsk_card_same_name(deck->entries[i].card, card))
            copies += deck->entries[i].count;
    return copies;
}

/* ---- deal (402.3, 402.4) ---------------------------------------------------------------- */

static bool run_deal(const bsk_scenario *scenario, bsk_scenario_verdict *verdict)
{
    bsk_recruit *recruit = &verdict->squad;
    /* redeals are paid first (402.4), then the deal itself is checked (402.3) */
    for (int r = 0; r < scenario->redeals; r++)
        if (bsk_recruit_redeal(recruit) != BSK_RECRUIT_OK) {
            stop(verdict, BSK_SCENARIO_DEAL, -1, NULL, "redeal_without_gold", "402.4",
                 "redeal %d declared with no gold left: the player loses", r + 1);
            return false;
        }
    if (scenario->deal_count != scenario->params.deal) {
        stop(verdict, BSK_SCENARIO_DEAL, -1, NULL, "deal_size", "402.3", "the deal has %d cards; it must have %d",
             scenario->deal_count, scenario->params.deal);
        return false;
    }
    for (int i = 0; scenario->deck && i < scenario->deal_count; i++) {
        const bsk_card *card = scenario->deal[i];
        int dealt = 0;
        for (int j = 0; j <= i; j++)
            dealt += bsk_card_same_name(scenario->deal[j], card);
        int owned = copies_in_deck(scenario->deck, card);
        if (dealt > owned) {
            stop(verdict, BSK_SCENARIO_DEAL, i, card, "not_in_deck", "402.3", "%s is dealt %d time%s, but the deck has %d",
                 card->name, dealt, dealt == 1 ? "" : "s", owned);
            return false;
        }
    }
    bsk_recruit_set_deal(recruit, scenario->deal, scenario->deal_count);
    return true;
}

/* ---- recruitment (403.2) ------------------------------------------------------------------ */

static bool run_recruit(const bsk_scenario *scenario, bsk_scenario_verdict *verdict)
{
    bsk_recruit *recruit = &verdict->squad;
    for (int i = 0; i < scenario->recruit_count; i++) {
        const bsk_scenario_recruit_step *step = &scenario->recruit[i];
        const bsk_card *card = step->card;
        bsk_payment split = step->split ? step->payment : (bsk_payment){0, 0};
        /* 403.2.1: a payment is crystals the player could hold */
        if (split.gold < 0 || split.silver < 0 || split.gold > BSK_SCENARIO_PAYMENT_LIMIT ||
            split.silver > BSK_SCENARIO_PAYMENT_LIMIT) {
            stop(verdict, BSK_SCENARIO_RECRUIT, i, card, "invalid_split", "403.2.1",
                 "%s: a split of %d gold + %d silver is not a payment", card->name, split.gold, split.silver);
            return false;
        }
        bool taken[BSK_MAX_DEAL];
        for (int p = 0; p < recruit->deal_count; p++)
            taken[p] = recruit->squad_index[p] >= 0;
        int position = first_copy(recruit->deal, taken, recruit->deal_count, card);
        bsk_recruit_result result;
        bsk_recruit_code code =
            position < 0 ? BSK_RECRUIT_NOT_IN_DEAL
                         : bsk_recruit_take(recruit, position, step->split ? &split : NULL, &result);
        if (code != BSK_RECRUIT_OK) {
            stop(verdict, BSK_SCENARIO_RECRUIT, i, card, bsk_recruit_code_id(code), bsk_recruit_code_rule(code), "%s",
                 position < 0 ? "the card is not in the deal (or all its copies are taken)" : result.message);
            return false;
        }
    }
    bsk_recruit_result legal;
    if (bsk_recruit_legal(recruit, &legal) != BSK_RECRUIT_OK) {
        stop(verdict, BSK_SCENARIO_FINAL, -1, NULL, bsk_recruit_code_id(legal.code), bsk_recruit_code_rule(legal.code),
             "%s", legal.message);
        return false;
    }
    return true;
}

/* ---- placement (404.1) -------------------------------------------------------------------- */

static bool run_placement(const bsk_scenario *scenario, bsk_scenario_verdict *verdict)
{
    const bsk_recruit *recruit = &verdict->squad;
    bsk_placement *placement = &verdict->placement;
    const bsk_card *squad[BSK_MAX_RECRUITED];
    bool placed[BSK_MAX_RECRUITED] = {false};
    for (int k = 0; k < recruit->squad_count; k++)
        squad[k] = recruit->deal[recruit->squad[k]];
    for (int i = 0; i < scenario->placement_count; i++) {
        const bsk_card *card = scenario->placement[i].card;
        int cell = scenario->placement[i].cell;
        assert(cell >= 0 && cell < BSK_BOARD_CELLS);
        int slot = first_copy(squad, placed, recruit->squad_count, card);
        if (slot < 0) {
            stop(verdict, BSK_SCENARIO_PLACEMENT, i, card, "not_in_squad", "404.1.1",
                 "%s is not in the squad (or all its copies are placed)", card->name);
            return false;
        }
        bsk_place_result put = bsk_placement_put(placement, cell, slot);
        if (put != BSK_PLACE_OK) {
            char cell_name[4];
            bsk_cell_format(cell, cell_name);
            stop(verdict, BSK_SCENARIO_PLACEMENT, i, card, bsk_place_result_id(put),
                 bsk_place_result_rule(scenario->player, put), "%s: cell %s %s", card->name, cell_name,
                 bsk_place_result_reason(put));
            return false;
        }
        placed[slot] = true;
    }
    for (int k = 0; k < recruit->squad_count; k++)
        if (!placed[k]) {
            stop(verdict, BSK_SCENARIO_FINAL, -1, squad[k], "not_placed", "404.1.1",
                 "%s is in the squad but was not placed", squad[k]->name);
            return false;
        }
    return true;
}

bool bsk_scenario_run(const bsk_scenario *scenario, bsk_scenario_verdict *verdict)
{
    assert(scenario->player == BSK_PLAYER_FIRST || scenario->player == BSK_PLAYER_SECOND);
    assert(scenario->deal_count >= 0 && scenario->deal_count <= BSK_MAX_DEAL);
    assert(scenario->recruit_count >= 0 && scenario->recruit_count <= BSK_SCENARIO_MAX_STEPS);
    assert(scenario->placement_count >= 0 && scenario->placement_count <= BSK_SCENARIO_MAX_STEPS);
    memset(verdict, 0, sizeof *verdict);
    verdict->legal = true;
    verdict->index = -1;
    bsk_recruit_init(&verdict->squad, &scenario->params, scenario->player);
    bsk_placement_init(&verdict->placement, scenario->player);
    if (run_deal(scenario, verdict) && run_recruit(scenario, verdict) && scenario->has_placement)
        run_placement(scenario, verdict);
    return verdict->legal;
}
