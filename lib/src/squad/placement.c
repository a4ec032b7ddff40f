/* placement.c — the fill tiers of one player's placement step (404.1.1–404.1.4) in global
 * cells (DESIGN §2), the reveal step with flyers and terrains leaving for the extra zone
 * (405.1, 210.1, 213.1), and the seating of symbiotes on their hosts (405.2 a–e, 405.2.1,
 * 405.2.2, 211.1–211.9). Cards change cells and zones only through board.h's functions,
 * which keep the cell grid in step. */
#include "berserk/assert.h"
#include "berserk/placement.h"

#include <stddef.h>
#include <string.h>

/* ---- Tiers (404.1.2, 404.1.3) ---------------------------------------------------- */

/* DESIGN §2 tier table. 404.1.2: the first player's centre 3×3 (columns b–d of rows 1–3)
 * first, then the edge cells of its rows 2 and 3 in the rules' owner-relative numbering
 * (global a1 e1 a2 e2), its owner-relative row 1 (global a3 e3) last. 404.1.3: the second
 * player's centre 3×3 plus the edges of its front row (global row 4) first, the edges of
 * its owner-relative rows 2 and 3 (global a5 e5 a6 e6) last. */
int bsk_placement_tier(int player, int cell)
{
    if (!bsk_cell_on_half(player, cell))
        return 0;
    BSK_ASSERT((player == BSK_PLAYER_FIRST || player == BSK_PLAYER_SECOND) && bsk_cell_valid(cell)); /* a cell on a half */
    int row = bsk_cell_row(cell);
    int column = bsk_cell_column(cell);
    bool edge = column == 0 || column == BSK_BOARD_COLUMNS - 1;
    if (!edge)
        return 1;
    if (player == BSK_PLAYER_FIRST)
        return row == 3 ? 3 : 2;
    return row == 4 ? 1 : 2;
}

/* ---- Placement step (404.1) ------------------------------------------------------ */

static const struct {
    const char *id;
    const char *reason;
} PLACE_RESULTS[] = {
    [BSK_PLACE_OK] = {"ok", ""},
    [BSK_PLACE_OUTSIDE_HALF] = {"cell_outside_half", "is not on the player's half"},
    [BSK_PLACE_OCCUPIED] = {"cell_occupied", "is occupied"},
    [BSK_PLACE_NOT_ALLOWED] = {"cell_not_allowed", "is not open yet: a lower tier still has a free cell"},
};

const char *bsk_place_result_id(bsk_place_result result)
{
    return (unsigned)result < sizeof PLACE_RESULTS / sizeof PLACE_RESULTS[0] ? PLACE_RESULTS[result].id : "unknown";
}

const char *bsk_place_result_reason(bsk_place_result result)
{
    return (unsigned)result < sizeof PLACE_RESULTS / sizeof PLACE_RESULTS[0] ? PLACE_RESULTS[result].reason : "";
}

const char *bsk_place_result_rule(int player, bsk_place_result result)
{
    switch (result) {
    case BSK_PLACE_OUTSIDE_HALF:
    case BSK_PLACE_OCCUPIED:
        return "404.1.1";
    case BSK_PLACE_NOT_ALLOWED:
        if (player == BSK_PLAYER_FIRST)
            return "404.1.2";
        if (player == BSK_PLAYER_SECOND)
            return "404.1.3";
        return "";
    case BSK_PLACE_OK:
    default:
        return "";
    }
}

void bsk_placement_init(bsk_placement *placement, int player)
{
    memset(placement, 0, sizeof *placement);
    placement->player = player;
    for (int cell = 0; cell < BSK_BOARD_CELLS; cell++)
        placement->occupant[cell] = -1;
}

void bsk_placement_forbid(bsk_placement *placement, int cell)
{
    if (bsk_cell_valid(cell))
        placement->forbidden[cell] = true;
}

/* 403.2.3 e with 404.1.4: the cells of the half minus the forbidden ones. Cards already
 * placed do not lower it: it is the squad size the half allows. */
int bsk_placement_capacity(const bsk_placement *placement)
{
    int capacity = 0;
    for (int cell = 0; cell < BSK_BOARD_CELLS; cell++)
        if (bsk_cell_on_half(placement->player, cell) && !placement->forbidden[cell])
            capacity++;
    return capacity;
}

/* 404.1.4: a forbidden cell counts as occupied. */
static bool cell_taken(const bsk_placement *placement, int cell)
{
    BSK_ASSERT(bsk_cell_valid(cell));
    return placement->occupant[cell] >= 0 || placement->forbidden[cell];
}

bsk_place_result bsk_placement_check(const bsk_placement *placement, int cell)
{
    int tier = bsk_placement_tier(placement->player, cell);
    if (tier == 0)
        return BSK_PLACE_OUTSIDE_HALF; /* 404.1.1: own half only */
    if (cell_taken(placement, cell))
        return BSK_PLACE_OCCUPIED;     /* 404.1.1: one card per cell; 404.1.4 */
    /* 404.1.2 / 404.1.3: a tier opens only when every lower-tier cell is taken */
    for (int other = 0; other < BSK_BOARD_CELLS; other++) {
        int other_tier = bsk_placement_tier(placement->player, other);
        if (other_tier > 0 && other_tier < tier && !cell_taken(placement, other))
            return BSK_PLACE_NOT_ALLOWED;
    }
    return BSK_PLACE_OK;
}

bsk_place_result bsk_placement_put(bsk_placement *placement, int cell, int squad_index)
{
    bsk_place_result result = bsk_placement_check(placement, cell);
    if (result != BSK_PLACE_OK)
        return result;
    BSK_ASSERT(bsk_cell_valid(cell) && (placement->player == BSK_PLAYER_FIRST || placement->player == BSK_PLAYER_SECOND)); /* an open cell of a half */
    /* occupant is int8_t; an index it cannot hold would read back as a free cell, so it
     * is refused rather than stored. */
    if (squad_index < 0 || squad_index > INT8_MAX)
        return BSK_PLACE_NOT_ALLOWED;
    placement->occupant[cell] = (int8_t)squad_index;
    placement->placed++;
    return BSK_PLACE_OK;
}

uint32_t bsk_placement_legal_cells(const bsk_placement *placement)
{
    uint32_t cells = 0;
    for (int cell = 0; cell < BSK_BOARD_CELLS; cell++)
        if (bsk_placement_check(placement, cell) == BSK_PLACE_OK)
            cells |= 1u << cell;
    return cells;
}

/* The automatic order: tier by tier; within a tier the front row first, and within a row
 * the centre column outwards (c, b, d, a, e). Every prefix of each list is a legal
 * placement sequence. */
static const char *const AUTO_ORDER_FIRST[BSK_HALF_CELLS] = {
    "c3", "b3", "d3", "c2", "b2", "d2", "c1", "b1", "d1", /* tier 1 */
    "a2", "e2", "a1", "e1",                               /* tier 2 */
    "a3", "e3"                                            /* tier 3 */
};
static const char *const AUTO_ORDER_SECOND[BSK_HALF_CELLS] = {
    "c4", "b4", "d4", "a4", "e4", "c5", "b5", "d5", "c6", "b6", "d6", /* tier 1 */
    "a5", "e5", "a6", "e6"                                            /* tier 2 */
};

int bsk_placement_auto(bsk_placement *placement, int count)
{
    const char *const *order;
    if (placement->player == BSK_PLAYER_FIRST)
        order = AUTO_ORDER_FIRST;
    else if (placement->player == BSK_PLAYER_SECOND)
        order = AUTO_ORDER_SECOND;
    else
        return 0;
    int placed = 0;
    while (placed < count) {
        int chosen = -1;
        for (int i = 0; i < BSK_HALF_CELLS && chosen < 0; i++) {
            int cell = bsk_cell_parse(order[i]);
            if (bsk_placement_check(placement, cell) == BSK_PLACE_OK)
                chosen = cell;
        }
        if (chosen < 0 || bsk_placement_put(placement, chosen, placed) != BSK_PLACE_OK)
            break;
        placed++;
    }
    return placed;
}

/* ---- Reveal (405.1) -------------------------------------------------------------- */

/* 405.1 flyers (210.1) and, per 213.1 and digest Ambiguity #9, terrains. */
static bool goes_to_extra_zone(const bsk_card *card)
{
    return card->type == BSK_TYPE_TERRAIN || (card->type == BSK_TYPE_CREATURE && card->subtype == BSK_SUBTYPE_FLYER);
}

static void reveal_player(bsk_board *board, int player, uint32_t keep_hidden)
{
    for (int i = 0; i < board->count; i++) {
        bsk_board_card *card = &board->cards[i];
        if (card->owner != player || card->zone != BSK_ZONE_BATTLEFIELD)
            continue;
        if (card->cell >= 0 && (keep_hidden & (1u << card->cell)))
            continue;
        card->hidden = false;
        if (goes_to_extra_zone(card->card))
            (void)bsk_board_set_zone(board, i, BSK_ZONE_EXTRA); /* 210.1, 213.1: at once, without the stack */
    }
}

bsk_status bsk_board_reveal(bsk_board *board, uint32_t keep_hidden, bsk_error *error)
{
    /* 405.1: only the second player's row-3 cards (global row 6) may stay hidden; the
     * request is checked whole before anything is revealed. */
    for (int cell = 0; cell < 32; cell++) {
        if (!(keep_hidden & (1u << cell)))
            continue;
        char name[4] = "";
        bsk_cell_format(cell, name);
        if (!bsk_cell_valid(cell) || bsk_cell_row(cell) != BSK_BOARD_ROWS)
            return bsk_error_set(error, BSK_ERR_INVALID, "405.1",
                                 "only the second player's cards in row 6 may stay hidden, not cell %s",
                                 name[0] ? name : "off the board");
        int at = bsk_board_at(board, cell);
        if (at < 0 || board->cards[at].owner != BSK_PLAYER_SECOND)
            return bsk_error_set(error, BSK_ERR_INVALID, "405.1",
                                 "cell %s holds no card of the second player to keep hidden", name);
    }
    /* 405.1: the first player reveals everything first, then the second player. */
    reveal_player(board, BSK_PLAYER_FIRST, 0);
    reveal_player(board, BSK_PLAYER_SECOND, keep_hidden);
    return BSK_OK;
}

/* ---- Seating (405.2, 211) -------------------------------------------------------- */

static bool is_symbiote(const bsk_card *card)
{
    return card->type == BSK_TYPE_CREATURE &&
           (card->subtype == BSK_SUBTYPE_COMPANION || card->subtype == BSK_SUBTYPE_PARASITE);
}

static bool is_ground_creature(const bsk_card *card)
{
    return card->type == BSK_TYPE_CREATURE && card->subtype == BSK_SUBTYPE_GROUND;
}

static bool is_incorporeal(const bsk_card *card)
{
    return bsk_card_has_keyword(card, BSK_KEYWORD_INCORPOREAL);
}

static bool has_symbiote(const bsk_board *board, int host)
{
    for (int i = 0; i < board->count; i++)
        if (board->cards[i].host == host && board->cards[i].zone == BSK_ZONE_BATTLEFIELD)
            return true;
    return false;
}

/* Why `host` cannot receive `symbiote` now, or rule == NULL when it can. */
typedef struct seating_problem {
    const char *rule;
    const char *message;
} seating_problem;

/* With `face_down_ok`, a hidden host of a parasite is judged only on what the parasite's
 * owner can see (side, row, a symbiote already on it), as 405.2.2 allows assigning a
 * parasite to a hidden card. A companion's owner knows its own hidden cards, so they are
 * always judged in full (405.2.1: not on a hidden terrain). */
static seating_problem seating_check(const bsk_board *board, int symbiote, int host, bool face_down_ok)
{
    seating_problem none = {NULL, NULL};
    if (!board || symbiote < 0 || symbiote >= board->count)
        return (seating_problem){"405.2", "no such symbiote on the board"};
    const bsk_board_card *guest = &board->cards[symbiote];
    if (!is_symbiote(guest->card))
        return (seating_problem){"211.1", "the card is not a symbiote"};
    if (guest->zone != BSK_ZONE_BATTLEFIELD)
        return (seating_problem){"211.2", "the symbiote is not on the battlefield"};
    if (guest->host >= 0)
        return (seating_problem){"405.2", "the symbiote already has a host"};
    if (host < 0 || host >= board->count)
        return (seating_problem){"211.2", "no such host card on the board"};
    const bsk_board_card *target = &board->cards[host];
    if (target->zone != BSK_ZONE_BATTLEFIELD || target->cell < 0)
        return (seating_problem){"211.4", "the host is not on the battlefield"};
    bool parasite = guest->card->subtype == BSK_SUBTYPE_PARASITE;
    /* 211.1: companions on their own squad, parasites on the opponent's */
    if (!parasite && target->owner != guest->owner)
        return (seating_problem){"211.1", "a companion's host must be a creature of its own squad"};
    if (parasite && target->owner == guest->owner)
        return (seating_problem){"211.1", "a parasite's host must be a creature of the opponent"};
    if (parasite) {
        /* 405.2 c/d, 211.2: the opponent's front row, or the parasite owner's own half */
        int row = bsk_cell_row(target->cell);
        bool first = guest->owner == BSK_PLAYER_FIRST;
        int enemy_front = first ? 4 : 3;
        if (row != enemy_front && !bsk_cell_on_half(guest->owner, target->cell))
            return first ? (seating_problem){"405.2 c", "the first player's parasites go on row 4 or rows 1-3"}
                         : (seating_problem){"405.2 d", "the second player's parasites go on row 3 or rows 4-6"};
    }
    if (target->host >= 0)
        return (seating_problem){"211.4", "a symbiote cannot be put on another symbiote"};
    if (has_symbiote(board, host))
        return (seating_problem){"211.6", "the creature already carries a symbiote"};
    if (parasite && target->hidden && face_down_ok)
        return none; /* 405.2.2: judged when revealed */
    if (!is_ground_creature(target->card)) {
        if (!parasite && target->hidden)
            return (seating_problem){"405.2.1", "a companion cannot be assigned to a hidden card that is no ground "
                                                "creature"};
        return (seating_problem){"211.4", "a symbiote goes only on a ground creature (no flyer, symbiote, artifact "
                                          "or terrain)"};
    }
    if (is_incorporeal(target->card) && !is_incorporeal(guest->card))
        return (seating_problem){"211.5", "a non-incorporeal symbiote cannot be put on an incorporeal creature"};
    return none;
}

bool bsk_seating_legal_host(const bsk_board *board, int symbiote, int host)
{
    return seating_check(board, symbiote, host, true).rule == NULL;
}

static void symbiote_dies(bsk_board *board, int symbiote)
{
    (void)bsk_board_set_zone(board, symbiote, BSK_ZONE_GRAVEYARD);
    board->cards[symbiote].hidden = false;
}

bsk_status bsk_seating_assign(bsk_board *board, int symbiote, int host, bsk_error *error)
{
    seating_problem problem = seating_check(board, symbiote, host, true);
    if (problem.rule)
        return bsk_error_set(error, BSK_ERR_INVALID, problem.rule, "%s", problem.message);
    bsk_board_card *guest = &board->cards[symbiote];
    bsk_board_card *target = &board->cards[host];
    /* 405.2.2: the card a symbiote is assigned to is revealed; Ambiguity #8 and 211.7:
     * a seated symbiote is face up too. */
    target->hidden = false;
    guest->hidden = false;
    if (goes_to_extra_zone(target->card)) /* a hidden flyer or terrain revealed here leaves at once (210.1, 213.1) */
        (void)bsk_board_set_zone(board, host, BSK_ZONE_EXTRA);
    if (seating_check(board, symbiote, host, false).rule) {
        symbiote_dies(board, symbiote); /* 405.2.2: the hidden card proved illegal for the parasite */
        return BSK_OK;
    }
    (void)bsk_board_seat(board, symbiote, host); /* 211.9 */
    return BSK_OK;
}

/* 405.2.1, 405.2.2: the first legal host in board order; parasites only on revealed
 * cards, since a hidden card need not be a legal host. */
static int first_legal_host(const bsk_board *board, int symbiote)
{
    bool parasite = board->cards[symbiote].card->subtype == BSK_SUBTYPE_PARASITE;
    for (int host = 0; host < board->count; host++) {
        if (parasite && board->cards[host].hidden)
            continue;
        if (bsk_seating_legal_host(board, symbiote, host))
            return host;
    }
    return -1;
}

void bsk_seating_run(bsk_board *board, bsk_seating_chooser choose, void *context)
{
    /* 405.2 a–d */
    static const struct {
        int owner;
        int subtype;
    } STEPS[4] = {
        {BSK_PLAYER_FIRST, BSK_SUBTYPE_COMPANION},
        {BSK_PLAYER_SECOND, BSK_SUBTYPE_COMPANION},
        {BSK_PLAYER_FIRST, BSK_SUBTYPE_PARASITE},
        {BSK_PLAYER_SECOND, BSK_SUBTYPE_PARASITE},
    };
    for (int step = 0; step < 4; step++) {
        for (int i = 0; i < board->count; i++) {
            bsk_board_card *card = &board->cards[i];
            if (card->owner != STEPS[step].owner || card->zone != BSK_ZONE_BATTLEFIELD || card->host >= 0 ||
                !is_symbiote(card->card) || card->card->subtype != STEPS[step].subtype)
                continue;
            card->hidden = false; /* Ambiguity #8: a hidden symbiote is revealed and seated */
            int host = choose ? choose(context, board, i) : -1;
            if (!bsk_seating_legal_host(board, i, host))
                host = first_legal_host(board, i); /* seating is mandatory */
            if (host >= 0)
                (void)bsk_seating_assign(board, i, host, NULL);
        }
    }
    /* 405.2 e, 211.7: every symbiote still without a host dies, all at once */
    for (int i = 0; i < board->count; i++) {
        bsk_board_card *card = &board->cards[i];
        if (card->zone == BSK_ZONE_BATTLEFIELD && card->host < 0 && is_symbiote(card->card))
            symbiote_dies(board, i);
    }
}
