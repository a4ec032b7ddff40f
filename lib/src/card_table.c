/* card_table.c — TEMPORARY stand-in (see card_table.h). */
#include "berserk/card_table.h"

#include <string.h>

void bsk_card_table_init(bsk_card_table *table) { table->count = 0; }

int bsk_card_table_add(bsk_card_table *table, const bsk_card *card) {
    for (int i = 0; i < table->count; i++)
        if (table->entries[i].card == card) return i;
    if (table->count >= BSK_CARD_TABLE_MAX) return -1;
    bsk_card_entry *e = &table->entries[table->count];
    memset(e, 0, sizeof *e);
    e->card = card;
    e->life = (int8_t)(card->life < 0 ? 0 : card->life);
    e->movement = (int8_t)(card->movement < 0 ? 0 : card->movement);
    for (int k = 0; k < 3; k++) e->strike[k] = card->simple_strike[k];
    e->type = card->type;
    e->subtype = card->subtype;
    e->elements = card->elements;
    for (int k = 0; k < card->keyword_count; k++) {
        const bsk_keyword *kw = &card->keywords[k];
        e->keywords |= 1ull << kw->id;
        if (bsk_keyword_takes_values(kw->id) && kw->id != BSK_KEYWORD_FINISHING_BLOW &&
            e->attack_count < BSK_ENTRY_ATTACKS_MAX) {
            bsk_entry_attack *a = &e->attacks[e->attack_count++];
            a->kind = kw->id;
            a->activation = kw->activation;
            a->range = (uint8_t)((kw->has & BSK_KEYWORD_HAS_RANGE) && !kw->range.expr[0] ? kw->range.value : 0);
            for (int v = 0; v < 3; v++) a->values[v] = (int8_t)(kw->values[v].expr[0] ? 0 : kw->values[v].value);
            a->keyword = (int8_t)k;
        }
    }
    return table->count++;
}
