/* scenario.h — one player's deal, recruitment and placement replayed from a plain
 * scenario (DESIGN §4 "Squad scenario file"): redeals (402.4), the deal (402.3), the
 * recruitment steps one card at a time (403.2), the squad's legality (403.2.3), the
 * placement steps (404.1), and a verdict naming the first violation with its code and
 * rule. Reading a scenario file is formats/'s job (formats/scenario_file.h); this only judges. */
#ifndef BERSERK_SCENARIO_H
#define BERSERK_SCENARIO_H

#include "berserk/card.h"
#include "berserk/deck.h"
#include "berserk/format.h"
#include "berserk/placement.h"
#include "berserk/recruit.h"

#include <stdbool.h>

#define BSK_SCENARIO_MAX_STEPS 64      /* recruit steps, and placement steps: twice the largest deal */
#define BSK_SCENARIO_PAYMENT_LIMIT 99  /* a split part above it is no payment (format files cap crystals at 99) */
#define BSK_SCENARIO_MESSAGE_MAX 320

/* Recruit this card (the first copy of its printing still in the deal, else one of its
 * name), paying the split when one is given. */
typedef struct bsk_scenario_recruit_step {
    const bsk_card *card;
    bool split;          /* a payment split is given (an absent part is 0) */
    bsk_payment payment; /* parts outside 0..BSK_SCENARIO_PAYMENT_LIMIT are an invalid split */
} bsk_scenario_recruit_step;

/* Place this squad card (the first copy not yet placed) on a cell, 0..BSK_BOARD_CELLS-1. */
typedef struct bsk_scenario_place_step {
    const bsk_card *card;
    int cell;
} bsk_scenario_place_step;

typedef struct bsk_scenario {
    bsk_squad_params params; /* the format's crystals, deal size, flyer budget, cells */
    int player;              /* BSK_PLAYER_FIRST or BSK_PLAYER_SECOND */
    int redeals;             /* declared before the deal (402.4) */
    const bsk_deck *deck;    /* when set, the deal must come from it (402.3); caller-owned */
    int deal_count;          /* 0..BSK_MAX_DEAL */
    const bsk_card *deal[BSK_MAX_DEAL];
    int recruit_count;       /* 0..BSK_SCENARIO_MAX_STEPS */
    bsk_scenario_recruit_step recruit[BSK_SCENARIO_MAX_STEPS];
    bool has_placement;      /* without it the replay ends with the squad (no placement check) */
    int placement_count;     /* 0..BSK_SCENARIO_MAX_STEPS */
    bsk_scenario_place_step placement[BSK_SCENARIO_MAX_STEPS];
} bsk_scenario;

/* Where the replay stopped. */
typedef enum bsk_scenario_step {
    BSK_SCENARIO_LEGAL,     /* it did not: the scenario is legal */
    BSK_SCENARIO_DEAL,
    BSK_SCENARIO_RECRUIT,
    BSK_SCENARIO_PLACEMENT,
    BSK_SCENARIO_FINAL      /* after the last step: an illegal squad, or a squad card not placed */
} bsk_scenario_step;

/* "deal", "recruit", "placement", "final"; NULL for BSK_SCENARIO_LEGAL. */
const char *bsk_scenario_step_id(bsk_scenario_step step);

/* The first violation, or legal. Codes and rules are those of DESIGN §4: not_in_deck and
 * deal_size 402.3, redeal_without_gold 402.4, the recruitment codes of recruit.h,
 * not_in_squad / not_placed 404.1.1 and the placement codes of placement.h. */
typedef struct bsk_scenario_verdict {
    bool legal;
    bsk_scenario_step step;
    int index;            /* 0-based in the step's list (deal, recruit, placement); -1 = none */
    const bsk_card *card; /* the card concerned; NULL when none */
    const char *code;     /* "not_enough_gold"; NULL when legal */
    const char *rule;     /* "403.2.3"; NULL when legal */
    char message[BSK_SCENARIO_MESSAGE_MAX]; /* "" when legal */
    bsk_recruit squad;       /* the squad when the replay stopped */
    bsk_placement placement; /* cards placed so far; occupant indexes squad.squad */
} bsk_scenario_verdict;

/* Replays the scenario up to its first violation. Returns verdict->legal. */
bool bsk_scenario_run(const bsk_scenario *scenario, bsk_scenario_verdict *verdict);

#endif
