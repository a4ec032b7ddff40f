/* placement.h — the battlefield in global coordinates (DESIGN §2 "Board coordinates"),
 * placement of a squad by the fill tiers of 404.1.2/404.1.3 with forbidden cells
 * (404.1.4), the reveal step (405.1) and the seating of symbiotes (405.2 a–e). */
#ifndef BERSERK_PLACEMENT_H
#define BERSERK_PLACEMENT_H

#include "berserk/card.h"
#include "berserk/error.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BSK_BOARD_COLUMNS 5
#define BSK_BOARD_ROWS 6
#define BSK_BOARD_CELLS 30
#define BSK_HALF_CELLS 15
#define BSK_MAX_SQUAD 15        /* 403.2.3 e with the normal 15 cells; features may change it */
#define BSK_BOARD_MAX_CARDS 64  /* both squads */

enum { BSK_PLAYER_FIRST = 1, BSK_PLAYER_SECOND = 2 };

/* Cells: index = (row - 1) * 5 + column, column 0..4 = a..e, row 1..6 = global rows
 * from the first player's back row. */
int bsk_cell_parse(const char *text);          /* "c2" → 7; -1 when malformed */
void bsk_cell_format(int cell, char out[4]);   /* 7 → "c2" */
int bsk_cell_row(int cell);                    /* 1..6 */
int bsk_cell_column(int cell);                 /* 0..4 */
bool bsk_cell_on_half(int player, int cell);   /* first: rows 1–3; second: rows 4–6 */
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

/* Both squads on the battlefield, for the reveal (405.1) and seating (405.2) steps. */
typedef enum bsk_zone {
    BSK_ZONE_BATTLEFIELD,
    BSK_ZONE_EXTRA,     /* flyers and terrains after reveal (405.1, 213.1) */
    BSK_ZONE_GRAVEYARD, /* symbiotes left without a host die (405.2 e) */
    BSK_ZONE_DECK,
    BSK_ZONE_EXILE
} bsk_zone;

typedef struct bsk_board_card {
    const bsk_card *card;
    uint8_t owner;  /* BSK_PLAYER_FIRST or BSK_PLAYER_SECOND */
    int8_t cell;    /* battlefield cell, -1 when not on the battlefield */
    uint8_t zone;   /* bsk_zone */
    bool hidden;    /* face down */
    int8_t host;    /* for a seated symbiote: board index of its host, else -1 */
} bsk_board_card;

typedef struct bsk_board {
    bsk_board_card cards[BSK_BOARD_MAX_CARDS];
    int count;
} bsk_board;

void bsk_board_init(bsk_board *board);
/* Puts a card face down on a cell (404.1.1); returns its board index, or -1 when full. */
int bsk_board_place(bsk_board *board, const bsk_card *card, int owner, int cell);
/* The board index of the battlefield card on `cell` that is not a seated symbiote, or -1. */
int bsk_board_at(const bsk_board *board, int cell);

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
