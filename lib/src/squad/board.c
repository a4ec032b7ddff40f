/* board.c — global cells a1..e6 (DESIGN §2 "Board coordinates") and their geometry:
 * halves and rows (202.2), movement steps (506.1), neighbours (glossary «Рядом»), range
 * (547.1.1, 547.4), the cells a ranged attack may target (547.2.2) and a strike across a
 * row (547.2.3, 504.1.1); the zones of 201; the board of cards with its cell grid. */
#include "berserk/board.h"

#include <string.h>

int bsk_player_opponent(int player)
{
    if (player == BSK_PLAYER_FIRST)
        return BSK_PLAYER_SECOND;
    if (player == BSK_PLAYER_SECOND)
        return BSK_PLAYER_FIRST;
    return 0;
}

static bool player_valid(int player)
{
    return player == BSK_PLAYER_FIRST || player == BSK_PLAYER_SECOND;
}

/* ---- Cells ---------------------------------------------------------------------- */

bool bsk_cell_valid(int cell)
{
    return cell >= 0 && cell < BSK_BOARD_CELLS;
}

int bsk_cell_make(int column, int row)
{
    if (column < 0 || column >= BSK_BOARD_COLUMNS || row < 1 || row > BSK_BOARD_ROWS)
        return -1;
    return (row - 1) * BSK_BOARD_COLUMNS + column;
}

/* Exactly a column letter a–e (either case) and a row digit 1–6; nothing else. */
int bsk_cell_parse(const char *text)
{
    if (!text || !text[0] || !text[1] || text[2])
        return -1;
    char letter = text[0];
    if (letter >= 'A' && letter <= 'E')
        letter = (char)(letter - 'A' + 'a');
    if (letter < 'a' || letter > 'e' || text[1] < '1' || text[1] > '6')
        return -1;
    return bsk_cell_make(letter - 'a', text[1] - '0');
}

void bsk_cell_format(int cell, char out[4])
{
    if (!bsk_cell_valid(cell)) {
        out[0] = '\0';
        return;
    }
    out[0] = (char)('a' + cell % BSK_BOARD_COLUMNS);
    out[1] = (char)('1' + cell / BSK_BOARD_COLUMNS);
    out[2] = '\0';
}

int bsk_cell_row(int cell)
{
    return bsk_cell_valid(cell) ? cell / BSK_BOARD_COLUMNS + 1 : 0;
}

int bsk_cell_column(int cell)
{
    return bsk_cell_valid(cell) ? cell % BSK_BOARD_COLUMNS : -1;
}

bool bsk_cell_on_half(int player, int cell)
{
    if (!bsk_cell_valid(cell))
        return false;
    int row = bsk_cell_row(cell);
    if (player == BSK_PLAYER_FIRST)
        return row <= 3;
    if (player == BSK_PLAYER_SECOND)
        return row >= 4;
    return false;
}

int bsk_player_front_row(int player)
{
    if (player == BSK_PLAYER_FIRST)
        return 3;
    if (player == BSK_PLAYER_SECOND)
        return 4;
    return 0;
}

/* 202.2: rows are counted from the one touching the opponent's half. */
int bsk_cell_owner_row(int player, int cell)
{
    if (!bsk_cell_on_half(player, cell))
        return 0;
    int row = bsk_cell_row(cell);
    return player == BSK_PLAYER_FIRST ? 4 - row : row - 3;
}

/* DESIGN §2: the second player faces the first, so its left is the first player's right. */
int bsk_cell_from_owner(int player, int column, int owner_row)
{
    if (!player_valid(player) || column < 0 || column >= BSK_BOARD_COLUMNS || owner_row < 1 || owner_row > 3)
        return -1;
    if (player == BSK_PLAYER_FIRST)
        return bsk_cell_make(column, 4 - owner_row);
    return bsk_cell_make(BSK_BOARD_COLUMNS - 1 - column, 3 + owner_row);
}

uint32_t bsk_cells_row(int row)
{
    if (row < 1 || row > BSK_BOARD_ROWS)
        return 0;
    return ((1u << BSK_BOARD_COLUMNS) - 1u) << ((row - 1) * BSK_BOARD_COLUMNS);
}

uint32_t bsk_cells_half(int player)
{
    if (player == BSK_PLAYER_FIRST)
        return bsk_cells_row(1) | bsk_cells_row(2) | bsk_cells_row(3);
    if (player == BSK_PLAYER_SECOND)
        return bsk_cells_row(4) | bsk_cells_row(5) | bsk_cells_row(6);
    return 0;
}

int bsk_cells_count(uint32_t cells)
{
    int count = 0;
    for (; cells; cells &= cells - 1)
        count++;
    return count;
}

/* ---- Geometry ------------------------------------------------------------------- */

/* The cell `dc` columns and `dr` rows away from `cell`, or -1 off the board. */
static int cell_offset(int cell, int dc, int dr)
{
    return bsk_cell_make(bsk_cell_column(cell) + dc, bsk_cell_row(cell) + dr);
}

static int absolute(int value)
{
    return value < 0 ? -value : value;
}

/* The four straight directions (506.1, 547.1.1, 547.2.3). */
static const int STRAIGHT[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};

uint32_t bsk_cell_orthogonal(int cell)
{
    uint32_t cells = 0;
    if (!bsk_cell_valid(cell))
        return 0;
    for (int d = 0; d < 4; d++) {
        int next = cell_offset(cell, STRAIGHT[d][0], STRAIGHT[d][1]);
        if (next >= 0)
            cells |= BSK_CELL_BIT(next);
    }
    return cells;
}

uint32_t bsk_cell_neighbours(int cell)
{
    uint32_t cells = 0;
    if (!bsk_cell_valid(cell))
        return 0;
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++) {
            int next = cell_offset(cell, dc, dr);
            if ((dc || dr) && next >= 0)
                cells |= BSK_CELL_BIT(next);
        }
    return cells;
}

bool bsk_cells_adjacent(int a, int b)
{
    if (!bsk_cell_valid(a) || !bsk_cell_valid(b) || a == b)
        return false;
    return absolute(bsk_cell_column(a) - bsk_cell_column(b)) <= 1 && absolute(bsk_cell_row(a) - bsk_cell_row(b)) <= 1;
}

int bsk_cell_distance(int a, int b)
{
    if (!bsk_cell_valid(a) || !bsk_cell_valid(b))
        return -1;
    return absolute(bsk_cell_column(a) - bsk_cell_column(b)) + absolute(bsk_cell_row(a) - bsk_cell_row(b));
}

uint32_t bsk_cells_within(int cell, int range)
{
    uint32_t cells = 0;
    if (!bsk_cell_valid(cell) || range < 0)
        return 0;
    for (int other = 0; other < BSK_BOARD_CELLS; other++)
        if (bsk_cell_distance(cell, other) <= range)
            cells |= BSK_CELL_BIT(other);
    return cells;
}

/* 547.2.2: a restriction of the attack type, not of range, so it cuts the unlimited set
 * too. The diagonal neighbours (distance 2) are excluded although range 2 reaches them. */
uint32_t bsk_cells_ranged_attack(int cell, int range)
{
    uint32_t near = bsk_cell_valid(cell) ? bsk_cell_neighbours(cell) | BSK_CELL_BIT(cell) : 0;
    return bsk_cells_within(cell, range) & ~near;
}

uint32_t bsk_cells_strike_across_row(int cell, uint32_t blocked)
{
    uint32_t cells = 0;
    if (!bsk_cell_valid(cell))
        return 0;
    for (int d = 0; d < 4; d++) {
        int crossed = cell_offset(cell, STRAIGHT[d][0], STRAIGHT[d][1]);
        int target = cell_offset(cell, 2 * STRAIGHT[d][0], 2 * STRAIGHT[d][1]);
        if (target >= 0 && !(blocked & BSK_CELL_BIT(crossed)))
            cells |= BSK_CELL_BIT(target);
    }
    return cells;
}

int bsk_cell_crossed(int from, int to)
{
    if (!bsk_cell_valid(from) || !bsk_cell_valid(to))
        return -1;
    int dc = bsk_cell_column(to) - bsk_cell_column(from);
    int dr = bsk_cell_row(to) - bsk_cell_row(from);
    if (!((absolute(dc) == 2 && dr == 0) || (dc == 0 && absolute(dr) == 2)))
        return -1;
    return cell_offset(from, dc / 2, dr / 2);
}

/* ---- Zones (201) ---------------------------------------------------------------- */

static const char *const ZONE_IDS[BSK_ZONE_COUNT] = {
    [BSK_ZONE_BATTLEFIELD] = "battlefield", [BSK_ZONE_EXTRA] = "extra", [BSK_ZONE_GRAVEYARD] = "graveyard",
    [BSK_ZONE_DECK] = "deck",               [BSK_ZONE_EXILE] = "exile", [BSK_ZONE_HAND] = "hand",
};

const char *bsk_zone_id(int zone)
{
    return zone >= 0 && zone < BSK_ZONE_COUNT ? ZONE_IDS[zone] : "unknown";
}

int bsk_zone_parse(const char *text)
{
    for (int zone = 0; text && zone < BSK_ZONE_COUNT; zone++)
        if (strcmp(text, ZONE_IDS[zone]) == 0)
            return zone;
    return -1;
}

/* ---- The board of cards ----------------------------------------------------------- */

void bsk_board_init(bsk_board *board)
{
    memset(board, 0, sizeof *board);
    for (int cell = 0; cell < BSK_BOARD_CELLS; cell++)
        board->at[cell] = -1;
}

/* 404.1.1: face down, one card per cell. */
int bsk_board_place(bsk_board *board, const bsk_card *card, int owner, int cell)
{
    if (board->count >= BSK_BOARD_MAX_CARDS || !card || !player_valid(owner) || !bsk_cell_valid(cell) ||
        board->at[cell] >= 0)
        return -1;
    int index = board->count++;
    bsk_board_card *placed = &board->cards[index];
    placed->card = card;
    placed->owner = (uint8_t)owner;
    placed->cell = (int8_t)cell;
    placed->zone = BSK_ZONE_BATTLEFIELD;
    placed->hidden = true;
    placed->host = -1;
    board->at[cell] = (int8_t)index;
    return index;
}

int bsk_board_at(const bsk_board *board, int cell)
{
    return bsk_cell_valid(cell) ? board->at[cell] : -1;
}

uint32_t bsk_board_cells_of(const bsk_board *board, int player)
{
    uint32_t cells = 0;
    for (int i = 0; i < board->count; i++) {
        const bsk_board_card *card = &board->cards[i];
        if (card->owner == player && card->zone == BSK_ZONE_BATTLEFIELD && bsk_cell_valid(card->cell))
            cells |= BSK_CELL_BIT(card->cell);
    }
    return cells;
}

/* 211.11: a seated symbiote moves with its host, never alone. */
bool bsk_board_move(bsk_board *board, int index, int cell)
{
    if (index < 0 || index >= board->count || !bsk_cell_valid(cell) || board->at[cell] >= 0)
        return false;
    bsk_board_card *moving = &board->cards[index];
    if (moving->zone != BSK_ZONE_BATTLEFIELD || moving->host >= 0 || moving->cell < 0)
        return false;
    board->at[moving->cell] = -1;
    board->at[cell] = (int8_t)index;
    for (int i = 0; i < board->count; i++)
        if (board->cards[i].host == index && board->cards[i].zone == BSK_ZONE_BATTLEFIELD)
            board->cards[i].cell = (int8_t)cell;
    moving->cell = (int8_t)cell;
    return true;
}

bool bsk_board_seat(bsk_board *board, int symbiote, int host)
{
    if (symbiote < 0 || symbiote >= board->count || host < 0 || host >= board->count || symbiote == host)
        return false;
    bsk_board_card *guest = &board->cards[symbiote];
    const bsk_board_card *target = &board->cards[host];
    if (guest->zone != BSK_ZONE_BATTLEFIELD || target->zone != BSK_ZONE_BATTLEFIELD || target->cell < 0 ||
        target->host >= 0)
        return false;
    if (guest->cell >= 0 && board->at[guest->cell] == symbiote)
        board->at[guest->cell] = -1;
    guest->cell = target->cell;
    guest->host = (int8_t)host;
    return true;
}

bool bsk_board_set_zone(bsk_board *board, int index, int zone)
{
    if (index < 0 || index >= board->count || zone <= BSK_ZONE_BATTLEFIELD || zone >= BSK_ZONE_COUNT)
        return false;
    bsk_board_card *leaving = &board->cards[index];
    if (leaving->cell >= 0 && board->at[leaving->cell] == index)
        board->at[leaving->cell] = -1;
    leaving->zone = (uint8_t)zone;
    leaving->cell = -1;
    leaving->host = -1;
    return true;
}
