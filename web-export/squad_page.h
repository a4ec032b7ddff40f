/* squad_page.h — the squad page of `berserk export html squad` (issue 14, DESIGN §6): one
 * player's squad on the 5×6 board as placed (global cells a1..e6, DESIGN §2), the crystals
 * (gold, silver, element penalty, redeals), the elements, the flyer budget, the recruit order
 * with each card's payment, and the deal. From a squad scenario (as `squad check` judges it,
 * with its first violation) or from `squad auto` (the best squad of a deal and why). */
#ifndef BERSERK_WEB_SQUAD_PAGE_H
#define BERSERK_WEB_SQUAD_PAGE_H

#include "berserk/placement.h"
#include "berserk/recruit.h"
#include "berserk/scenario.h"

#include <stdbool.h>
#include <stdio.h>

typedef struct bsk_squad_page {
    const char *source;       /* the scenario file, or the deck of --auto (untrusted text) */
    const char *format_id;    /* the format's id */
    const bsk_recruit *squad; /* the squad as recruited: deal, cards in order, payments, crystals */
    const bsk_placement *placement; /* occupants index squad->squad; NULL: nothing placed */
    /* a scenario: the file as read and the verdict of bsk_scenario_run (NULL for --auto) */
    const bsk_scenario *scenario;
    const bsk_scenario_verdict *verdict;
    /* --auto: the seed of the deal, whether a legal squad exists and why this one */
    unsigned long long seed;
    bool found;
    const char *explanation;
} bsk_squad_page;

/* Writes the whole page (an HTML5 document). */
void bsk_squad_page_write(FILE *out, const bsk_squad_page *page);

#endif
