/* placement.h — placement of a squad by the fill tiers of 404.1.2/404.1.3 with forbidden
 * cells (404.1.4), the reveal step (405.1) and the seating of symbiotes (405.2 a–e) on the
 * board of board.h (cells, players, zones). */
#ifndef BERSERK_PLACEMENT_H
#define BERSERK_PLACEMENT_H

#include "berserk/board.h"
#include "berserk/card.h"
#include "berserk/error.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BSK_MAX_SQUAD 15 /* 403.2.3 e with the normal 15 cells; features may change it */

/* The fill tier of a cell for a player (DESIGN §2 table): 1..3, 0 outside the half. */
int bsk_placement_tier(int player, int cell);

typedef enum bsk_place_result {
    BSK_PLACE_OK,
    BSK_PLACE_OUTSIDE_HALF, /* 404.1.1: only on the player's own half */
    BSK_PLACE_OCCUPIED,     /* 404.1.1: one card per cell (a forbidden cell counts too) */
    BSK_PLACE_NOT_ALLOWED   /* 404.1.2 (first) / 404.1.3 (second): a lower tier has a free cell */
} bsk_place_result;

/* The code of DESIGN §4, as bsk_recruit_code_id gives recruitment's: "cell_outside_half",
 * "cell_occupied", "cell_not_allowed"; "ok" for OK. */
const char *bsk_place_result_id(bsk_place_result result);
/* "404.1.1", or "404.1.2" / "404.1.3" by player for BSK_PLACE_NOT_ALLOWED; "" for OK. */
const char *bsk_place_result_rule(int player, bsk_place_result result);
/* Why the cell is refused, to follow "cell c2 ": "is occupied"; "" for OK. */
const char *bsk_place_result_reason(bsk_place_result result);

/* One player's placement step (404.1). */
typedef struct bsk_placement {
    int player;
    int8_t occupant[BSK_BOARD_CELLS]; /* index in the placing order's squad, or -1 */
    bool forbidden[BSK_BOARD_CELLS];  /* 404.1.4: cells an effect forbids count as occupied */
    int placed;
} bsk_placement;

void bsk_placement_init(bsk_placement *placement, int player);
/* Marks a cell forbidden by an effect (404.1.4). */
void bsk_placement_forbid(bsk_placement *placement, int cell);
/* Cells on the half that can still receive cards (403.2.3 e: 15 minus forbidden ones). */
int bsk_placement_capacity(const bsk_placement *placement);
/* Whether the next card may go to `cell` now. */
bsk_place_result bsk_placement_check(const bsk_placement *placement, int cell);
/* Checks, then places squad card `squad_index` on `cell`. */
bsk_place_result bsk_placement_put(bsk_placement *placement, int cell, int squad_index);
/* Bit set (1u << cell) of the cells where the next card may go. */
uint32_t bsk_placement_legal_cells(const bsk_placement *placement);
/* Places `count` cards (squad indexes 0..count-1) on legal cells in a fixed order, tier by
 * tier; returns how many were placed (fewer only when the half runs out of cells). */
int bsk_placement_auto(bsk_placement *placement, int count);

/* ---- Reveal and seating (405) on a bsk_board ----------------------------------- */

/* 405.1: the first player reveals every card, then the second player reveals every card
 * except those whose cells are in keep_hidden (bit set of cells; only row 6 may stay
 * hidden). Revealed flyers and terrains move to their owner's extra zone (405.1, 213.1).
 * Fails (BSK_ERR_INVALID, rule 405.1) for a kept-hidden cell outside row 6. */
bsk_status bsk_board_reveal(bsk_board *board, uint32_t keep_hidden, bsk_error *error);

/* 405.2 and 211: whether `host` may receive symbiote `symbiote` now. A legal host is a
 * ground creature on the battlefield without a symbiote, not incorporeal unless the
 * symbiote is; a companion's host is its owner's, a parasite's the opponent's and in
 * the opponent's front row (row 4 for the first player's parasites, row 3 for the
 * second's) or on the parasite owner's own half. A hidden card may receive a parasite
 * (405.2.2: it is then revealed, and the parasite dies if it proves illegal). */
bool bsk_seating_legal_host(const bsk_board *board, int symbiote, int host);
/* Seats symbiote on host (the host is revealed, 405.2.2; the symbiote leaves its own
 * cell for the host's, 211.9). Refuses an illegal host (BSK_ERR_INVALID naming the
 * rule). A parasite assigned to a hidden card that proves illegal once revealed dies
 * (405.2.2); that is BSK_OK with the parasite in the graveyard. */
bsk_status bsk_seating_assign(bsk_board *board, int symbiote, int host, bsk_error *error);
/* Runs 405.2 a–e: for each step in order, every symbiote of that step not yet seated
 * gets `choose(context, board, symbiote)` (a board index of a legal host, or -1 to
 * decline); when the choice is -1 or illegal but a legal (revealed, for parasites) host
 * exists, the first legal host is used, since seating is mandatory (405.2.1, 405.2.2).
 * Then every symbiote still without a host dies (405.2 e). choose may be NULL. */
typedef int (*bsk_seating_chooser)(void *context, const bsk_board *board, int symbiote);
void bsk_seating_run(bsk_board *board, bsk_seating_chooser choose, void *context);

#ifdef __cplusplus
}
#endif

#endif
