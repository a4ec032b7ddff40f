/* card_table.h — TEMPORARY stand-in of the per-match card table while the real one is built
 * on branch cardtab; replaced at merge. */
#ifndef BERSERK_CARD_TABLE_H
#define BERSERK_CARD_TABLE_H

#include "berserk/card.h"

#include <stdbool.h>
#include <stdint.h>

#define BSK_CARD_TABLE_MAX 255
#define BSK_ENTRY_ATTACKS_MAX 4

typedef struct bsk_entry_attack {
    uint8_t kind;        /* bsk_keyword_id */
    uint8_t activation;  /* bsk_activation */
    uint8_t counters;
    uint8_t range;
    int8_t values[3];
    int8_t keyword;      /* index in card->keywords */
} bsk_entry_attack;

typedef struct bsk_card_entry {
    const bsk_card *card;
    int8_t life, movement;
    int8_t strike[3];
    uint8_t type, subtype, elements;
    uint8_t attack_count;
    uint64_t keywords;
    bsk_entry_attack attacks[BSK_ENTRY_ATTACKS_MAX];
} bsk_card_entry;

typedef struct bsk_card_table {
    int count;
    bsk_card_entry entries[BSK_CARD_TABLE_MAX];
} bsk_card_table;

void bsk_card_table_init(bsk_card_table *table);
int bsk_card_table_add(bsk_card_table *table, const bsk_card *card);

#endif
