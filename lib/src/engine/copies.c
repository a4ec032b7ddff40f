/* copies.c — which copy of a same-name card a record means (position.h): records name recruited,
 * placed and ordered cards by their name, so the first copy of a name is the one meant. The one
 * place that decides it for replays, logs, typed commands, positions and the batches' games (issue
 * 21; before, four places decided it each their own way). Uses only the public match API. */
#include "berserk/pool.h"
#include "berserk/position.h"

#include <string.h>

int bsk_record_deal_copy(const bsk_match *m, const bsk_card_table *cards, int player, int name_class)
{
    const bsk_match_side *s = &m->sides[player - 1];
    for (int i = 0; i < s->deal_count; i++) {
        bool taken = false;
        for (int k = 0; k < s->taken_count && !taken; k++)
            taken = s->taken[k] == i;
        if (!taken && cards->name_class[s->deal[i]] == name_class)
            return i;
    }
    return -1;
}

int bsk_record_place_copy(const bsk_match *m, const bsk_card_table *cards, const bsk_action *legal, int count,
                          int name_class, int cell)
{
    for (int i = 0; i < count; i++)
        if (legal[i].kind == BSK_ACT_PLACE && legal[i].cell == cell &&
            cards->name_class[m->units[legal[i].unit].slot] == name_class)
            return i;
    return -1;
}

bool bsk_record_names_slot(const bsk_card_table *cards, int slot, const char *name)
{
    const bsk_card *card = cards->entries[slot].card;
    return bsk_name_equal(card->name, name) || strcmp(card->id, name) == 0;
}

int bsk_record_canonical(const bsk_match *m, const bsk_card_table *cards, const bsk_action *legal, int count,
                         int chosen)
{
    const bsk_action *a = &legal[chosen];
    if (a->kind == BSK_ACT_TAKE) {
        const bsk_match_side *s = &m->sides[a->player - 1];
        int first = bsk_record_deal_copy(m, cards, a->player, cards->name_class[s->deal[a->index]]);
        if (first == a->index)
            return chosen;
        /* the legal list offers default payments only: the first copy with the same split */
        for (int i = 0; i < count; i++)
            if (legal[i].kind == BSK_ACT_TAKE && legal[i].index == first && legal[i].gold == a->gold &&
                legal[i].silver == a->silver)
                return i;
    } else if (a->kind == BSK_ACT_PLACE) {
        int first = bsk_record_place_copy(m, cards, legal, count, cards->name_class[m->units[a->unit].slot], a->cell);
        if (first >= 0)
            return first;
    } else if (a->kind == BSK_ACT_ORDER) {
        /* a trigger is named by its card's place, or by its name once it has none (305.1): no hot
         * path (only card features trigger), so the record's own way back decides */
        bsk_record record;
        bsk_action meant;
        bsk_error ignored;
        bsk_record_from_action(m, cards, a, &record);
        if (bsk_record_to_action(m, cards, &record, &meant, &ignored) == BSK_OK)
            for (int i = 0; i < count; i++)
                if (legal[i].kind == BSK_ACT_ORDER && legal[i].index == meant.index)
                    return i;
    }
    return chosen;
}
