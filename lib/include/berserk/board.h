/* board.h — the battlefield in global coordinates (DESIGN §2 "Board coordinates"): cells
 * a1..e6 and their geometry (neighbours, adjacency, range 547, strike across a row), the
 * players and the game zones of 201, and the board of cards with a cell grid that the
 * reveal (405.1) and seating (405.2) steps of placement.h work on. */
#ifndef BERSERK_BOARD_H
#define BERSERK_BOARD_H

#include "berserk/card.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BSK_BOARD_COLUMNS 5
#define BSK_BOARD_ROWS 6
#define BSK_BOARD_CELLS 30
#define BSK_HALF_CELLS 15
#define BSK_BOARD_MAX_CARDS 64 /* both squads */

/* Bit sets of cells: bit `cell` set (1u << cell) for each cell in the set. */
#define BSK_CELL_BIT(cell) (1u << (cell))
#define BSK_CELLS_ALL ((1u << BSK_BOARD_CELLS) - 1u)

/* The longest range on the board (corner to opposite corner, 4 + 5; 547.4). A range of at
 * least this covers every cell: pass it for "no range stated" or "regardless of range". */
#define BSK_RANGE_UNLIMITED 9

enum { BSK_PLAYER_FIRST = 1, BSK_PLAYER_SECOND = 2 };

/* The other player; 0 for anything but BSK_PLAYER_FIRST or BSK_PLAYER_SECOND. */
int bsk_player_opponent(int player);

/* ---- Cells ---------------------------------------------------------------------- */

/* Cells: index = (row - 1) * 5 + column, column 0..4 = a..e from the first player's left,
 * row 1..6 = global rows from the first player's back row. Off-board input gives -1, 0 or
 * false as each function says, never a crash. */
bool bsk_cell_valid(int cell);                 /* 0..29 */
int bsk_cell_make(int column, int row);        /* (2, 2) → 7 ("c2"); -1 off the board */
int bsk_cell_parse(const char *text);          /* "c2" → 7; -1 when malformed */
void bsk_cell_format(int cell, char out[4]);   /* 7 → "c2"; "" off the board */
int bsk_cell_row(int cell);                    /* 1..6; 0 off the board */
int bsk_cell_column(int cell);                 /* 0..4; -1 off the board */
bool bsk_cell_on_half(int player, int cell);   /* 202.2: first rows 1–3; second rows 4–6 */
/* 202.2: a player's front row ("1-й ряд", touching the opponent's half): 3 for the first
 * player, 4 for the second; 0 for a bad player. */
int bsk_player_front_row(int player);
/* 202.2: the owner-relative row of a cell on the player's half, as the rules and digests
 * number it: 1 = front row, 3 = back row; 0 off the half. */
int bsk_cell_owner_row(int player, int cell);
/* Converts an owner-relative cell of the rules and digests (column 0..4 = a..e from that
 * player's own left, owner_row 1..3 from the front, as 202.2 numbers it) to a global cell
 * (DESIGN §2: first player (k, 4−r), second (mirror(k), 3+r)); -1 when out of range. */
int bsk_cell_from_owner(int player, int column, int owner_row);
/* The cells of a global row 1..6, and of a player's half (0 for bad input). */
uint32_t bsk_cells_row(int row);
uint32_t bsk_cells_half(int player);
/* The number of cells in a bit set. */
int bsk_cells_count(uint32_t cells);

/* ---- Geometry (506.1, glossary «Рядом», 547) --------------------------------------- */
/* Pure functions of cells; every set is empty for a cell off the board. They know no
 * cards: whether a card counts as adjacent (never a flyer or terrain, 210.2, 213.1; cards
 * sharing a cell — a host and its symbiote, 211.9 — always), what stands on a cell and
 * whose it is, and the extra zone (547.3: no range there) are the engine's to apply. */

/* 506.1: the up to 4 cells a movement step from `cell` may go to (left, right, forward,
 * back; never diagonal). */
uint32_t bsk_cell_orthogonal(int cell);
/* Glossary «Рядом», «Соседняя клетка»: the up to 8 cells next to `cell` (diagonals
 * included, `cell` itself not). */
uint32_t bsk_cell_neighbours(int cell);
/* Whether two distinct cells are next to each other (Chebyshev distance 1). false for the
 * same cell: two cards on one cell (host and symbiote) are adjacent to each other, but
 * that is a question about cards, answered by the engine. */
bool bsk_cells_adjacent(int a, int b);
/* 547.1.1, 547.4: the range from one cell to the other, counted in vertical and horizontal
 * steps (Manhattan distance, 0..9); cells in between never block it. -1 off the board. */
int bsk_cell_distance(int a, int b);
/* 547.1.1: the cells within range X of `cell` (distance ≤ X), `cell` itself included; the
 * target set of a range-limited spell, effect-ability or ranged melee strike (547.2.1).
 * Empty for a negative range. */
uint32_t bsk_cells_within(int cell, int range);
/* 547.1.1 with 547.2.2: the cells a shot, throw or discharge with range X may be declared
 * at from a card on `cell`: within range X, minus `cell` itself and its 8 neighbours, the
 * cells whose cards are adjacent (its host or symbiote shares `cell`). The exclusion holds
 * "regardless of range" too (pass BSK_RANGE_UNLIMITED). A card the rules do not count as
 * adjacent although it stands next to the source (a hidden flyer, 210.2) is the engine's
 * case. Empty for a negative range. */
uint32_t bsk_cells_ranged_attack(int cell, int range);
/* 547.2.3, 504.1.1: the cells a strike across a row from a card on `cell` may be declared
 * at: exactly two cells away in the same row or column, never diagonally, across one cell
 * that holds no card of the striker's opponent. `blocked` is the bit set of cells holding
 * a card the opponent controls (hidden cards and symbiotes included). It has no range
 * (range modifiers never apply), and a card in the extra zone cannot use it (504.2). */
uint32_t bsk_cells_strike_across_row(int cell, uint32_t blocked);
/* The cell a strike across a row from `from` at `to` goes across (547.2.3): the middle
 * cell when they are two cells apart in one row or column, else -1. */
int bsk_cell_crossed(int from, int to);

/* ---- Zones (201) ------------------------------------------------------------------ */

/* 201.1: where a card is. Each player has their own zone of each kind but the
 * battlefield (203.1, 204.1, 205.1, 206.1, 207.1). The stack holds game actions, not
 * cards, so it is no value here. The values are stable (positions and logs store them). */
typedef enum bsk_zone {
    BSK_ZONE_BATTLEFIELD, /* 202: ground cards on cells; hidden flyers and terrains too */
    BSK_ZONE_EXTRA,       /* 203: flyers and terrains after reveal (405.1, 210.1, 213.1) */
    BSK_ZONE_GRAVEYARD,   /* 205: e.g. symbiotes left without a host (405.2 e) */
    BSK_ZONE_DECK,        /* 204 */
    BSK_ZONE_EXILE,       /* 206 */
    BSK_ZONE_HAND,        /* 207: a summoned card until the summon resolves */
    BSK_ZONE_COUNT
} bsk_zone;

/* "battlefield", "extra", "graveyard", "deck", "exile", "hand" (the words of DESIGN §5
 * positions); "unknown" for anything else. */
const char *bsk_zone_id(int zone);
/* The zone named by bsk_zone_id's word, or -1. */
int bsk_zone_parse(const char *text);

/* ---- The board of cards (404.1.1, 405) ------------------------------------------- */

typedef struct bsk_board_card {
    const bsk_card *card;
    uint8_t owner;  /* BSK_PLAYER_FIRST or BSK_PLAYER_SECOND */
    int8_t cell;    /* battlefield cell, -1 when not on the battlefield */
    uint8_t zone;   /* bsk_zone */
    bool hidden;    /* face down */
    int8_t host;    /* for a seated symbiote: board index of its host, else -1 */
} bsk_board_card;

/* Both squads. `at` is the cell grid: for each cell, the board index of the card standing
 * on it that is not a seated symbiote (211.9: a symbiote shares its host's cell), or -1
 * when free. Every function below and in placement.h keeps it in step with the cards; do
 * not write `cards[].cell`, `zone` or `host` directly. */
typedef struct bsk_board {
    bsk_board_card cards[BSK_BOARD_MAX_CARDS];
    int count;
    int8_t at[BSK_BOARD_CELLS];
} bsk_board;

void bsk_board_init(bsk_board *board);
/* Puts a card face down on a free cell (404.1.1); returns its board index, or -1 when the
 * board is full, the cell is taken or off the board, the owner is bad or card NULL. */
int bsk_board_place(bsk_board *board, const bsk_card *card, int owner, int cell);
/* The board index of the card on `cell` that is not a seated symbiote, or -1 (O(1)). */
int bsk_board_at(const bsk_board *board, int cell);
/* The cells holding a battlefield card owned by `player`, seated symbiotes and hidden
 * cards included: with the opponent, the `blocked` set of bsk_cells_strike_across_row
 * (the board knows owners; a match with control changes passes its controller's set). */
uint32_t bsk_board_cells_of(const bsk_board *board, int player);
/* Relocates a battlefield card that is not a seated symbiote to a free cell (506.1,
 * 507); its symbiote goes with it (211.11). Returns false, changing nothing, when the
 * card is not such a card or the cell is off the board or taken. */
bool bsk_board_move(bsk_board *board, int index, int cell);
/* 211.9: seats battlefield card `symbiote` on the card `host` stands on: it shares the
 * host's cell and its own cell becomes free. Only the board is checked (both on the
 * battlefield, the host on a cell and no seated symbiote itself, two distinct cards); the
 * rules of who may host whom are bsk_seating_assign's (placement.h). Returns false,
 * changing nothing, when the board check fails. */
bool bsk_board_seat(bsk_board *board, int symbiote, int host);
/* Moves a card off the battlefield to `zone` (any zone but the battlefield): its cell, if
 * it stood on one, becomes free; a seated symbiote leaves its host. `hidden` is left to
 * the caller. A symbiote seated on the card is left as it is: 211.4 makes it die, which
 * the caller does with another call. Returns false for a bad index or zone. */
bool bsk_board_set_zone(bsk_board *board, int index, int zone);

#ifdef __cplusplus
}
#endif

#endif
