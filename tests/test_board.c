/* test_board.c — board.h: global cells a1..e6 (DESIGN §2), halves and owner rows (202.2),
 * zones (201), the cell grid kept in step through place, reveal (405.1), seating (405.2)
 * and moves, and the geometry the engine uses: movement steps (506.1), neighbours
 * (glossary «Рядом»), range (547.1.1, 547.4), ranged-attack targets (547.2.2) and the
 * strike across a row (547.2.3, 504.1.1). Digest cells are converted to global cells:
 * digest 03's engine coordinates (col, row 0..5) are global (column a+col, row row+1). */
#include "berserk/board.h"
#include "berserk/placement.h"
#include "cell_fixture.h"
#include "suites.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers --------------------------------------------------------------------- */


/* "a1 b2" for a set, for failure messages. */
static void cells_text(uint32_t cells, char out[128])
{
    out[0] = '\0';
    for (int cell = 0; cell < BSK_BOARD_CELLS; cell++)
        if (cells & BSK_CELL_BIT(cell)) {
            char name[4];
            bsk_cell_format(cell, name);
            strcat(out, out[0] ? " " : "");
            strcat(out, name);
        }
}

#define assert_cells(actual, expected_list)                                                                  \
    do {                                                                                                     \
        uint32_t actual_ = (actual), expected_ = cells_of(expected_list);                                    \
        char got_[128], want_[128];                                                                          \
        cells_text(actual_, got_);                                                                           \
        cells_text(expected_, want_);                                                                        \
        ck_assert_msg(actual_ == expected_, "cells {%s}, expected {%s}", got_, want_);                      \
    } while (0)

/* The test's own reading of a cell name, independent of the library's arithmetic. */
static int letter_of(int cell)
{
    char name[4];
    bsk_cell_format(cell, name);
    return name[0] - 'a';
}

static int digit_of(int cell)
{
    char name[4];
    bsk_cell_format(cell, name);
    return name[1] - '0';
}

static int column_gap(int a, int b)
{
    return abs(letter_of(a) - letter_of(b));
}

static int row_gap(int a, int b)
{
    return abs(digit_of(a) - digit_of(b));
}

static void make_card(bsk_card *card, const char *name, int type, int subtype)
{
    memset(card, 0, sizeof *card);
    snprintf(card->id, sizeof card->id, "test-%s", name);
    snprintf(card->name, sizeof card->name, "%s", name);
    card->type = (uint8_t)type;
    card->subtype = (uint8_t)subtype;
}

typedef struct kit {
    bsk_card ground, flyer, terrain, artifact, companion, parasite;
} kit;

static void kit_init(kit *k)
{
    make_card(&k->ground, "ground", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND);
    make_card(&k->flyer, "flyer", BSK_TYPE_CREATURE, BSK_SUBTYPE_FLYER);
    make_card(&k->terrain, "terrain", BSK_TYPE_TERRAIN, BSK_SUBTYPE_NONE);
    make_card(&k->artifact, "artifact", BSK_TYPE_ARTIFACT, BSK_SUBTYPE_NONE);
    make_card(&k->companion, "companion", BSK_TYPE_CREATURE, BSK_SUBTYPE_COMPANION);
    make_card(&k->parasite, "parasite", BSK_TYPE_CREATURE, BSK_SUBTYPE_PARASITE);
}

static int place(bsk_board *board, const bsk_card *card, int owner, const char *cell)
{
    int index = bsk_board_place(board, card, owner, cell_of(cell));
    ck_assert_int_ge(index, 0);
    return index;
}

/* The grid against the definition it caches: the battlefield card on the cell that is not
 * a seated symbiote (the linear scan bsk_board_at used to do), and no two such cards on
 * one cell. */
static void assert_grid(const bsk_board *board)
{
    for (int cell = 0; cell < BSK_BOARD_CELLS; cell++) {
        int found = -1;
        for (int i = 0; i < board->count; i++) {
            const bsk_board_card *card = &board->cards[i];
            if (card->zone == BSK_ZONE_BATTLEFIELD && card->cell == cell && card->host < 0) {
                ck_assert_msg(found < 0, "two ground cards on cell %d", cell);
                found = i;
            }
        }
        ck_assert_msg(board->at[cell] == found, "grid says %d on cell %d, the cards say %d", board->at[cell], cell,
                      found);
        ck_assert_int_eq(bsk_board_at(board, cell), found);
    }
    for (int i = 0; i < board->count; i++) {
        const bsk_board_card *card = &board->cards[i];
        ck_assert_int_eq(card->zone == BSK_ZONE_BATTLEFIELD, card->cell >= 0);
        if (card->host >= 0)
            ck_assert_int_eq(card->cell, board->cards[card->host].cell); /* 211.9 */
    }
}

/* ---- cells (DESIGN §2, 202) -------------------------------------------------------- */

START_TEST(test_202_1_all_30_cells_round_trip)
{
    static const char *const NAMES[BSK_BOARD_CELLS] = {
        "a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2", "a3", "b3", "c3", "d3", "e3",
        "a4", "b4", "c4", "d4", "e4", "a5", "b5", "c5", "d5", "e5", "a6", "b6", "c6", "d6", "e6",
    };
    for (int cell = 0; cell < BSK_BOARD_CELLS; cell++) {
        char name[4] = "xx";
        bsk_cell_format(cell, name);
        ck_assert_str_eq(name, NAMES[cell]);
        ck_assert_int_eq(bsk_cell_parse(name), cell);
        char upper[3] = {(char)(name[0] - 'a' + 'A'), name[1], '\0'};
        ck_assert_int_eq(bsk_cell_parse(upper), cell);
        ck_assert(bsk_cell_valid(cell));
        ck_assert_int_eq(bsk_cell_column(cell), name[0] - 'a');
        ck_assert_int_eq(bsk_cell_row(cell), name[1] - '0');
        ck_assert_int_eq(bsk_cell_make(bsk_cell_column(cell), bsk_cell_row(cell)), cell);
    }
    static const char *const BAD[] = {"", "a", "a0", "a7", "f1", "`1", "a12", "1a", " a1", "a1 ", "aa"};
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++)
        ck_assert_msg(bsk_cell_parse(BAD[i]) == -1, "\"%s\" parsed", BAD[i]);
    ck_assert_int_eq(bsk_cell_parse(NULL), -1);
    for (int cell = -2; cell <= BSK_BOARD_CELLS + 2; cell += BSK_BOARD_CELLS + 2) {
        char name[4] = "xx";
        bsk_cell_format(cell, name);
        ck_assert_str_eq(name, "");
        ck_assert(!bsk_cell_valid(cell));
        ck_assert_int_eq(bsk_cell_row(cell), 0);
        ck_assert_int_eq(bsk_cell_column(cell), -1);
    }
    ck_assert_int_eq(bsk_cell_make(-1, 1), -1);
    ck_assert_int_eq(bsk_cell_make(5, 1), -1);
    ck_assert_int_eq(bsk_cell_make(0, 0), -1);
    ck_assert_int_eq(bsk_cell_make(0, 7), -1);
}
END_TEST

/* 202.2: each half is the three rows nearest its player; its "1st row" touches the
 * opponent's half (global row 3 for the first player, 4 for the second). */
START_TEST(test_202_2_halves_and_front_rows)
{
    ck_assert_int_eq(bsk_player_front_row(BSK_PLAYER_FIRST), 3);
    ck_assert_int_eq(bsk_player_front_row(BSK_PLAYER_SECOND), 4);
    ck_assert_int_eq(bsk_player_front_row(0), 0);
    ck_assert_int_eq(bsk_player_opponent(BSK_PLAYER_FIRST), BSK_PLAYER_SECOND);
    ck_assert_int_eq(bsk_player_opponent(BSK_PLAYER_SECOND), BSK_PLAYER_FIRST);
    ck_assert_int_eq(bsk_player_opponent(3), 0);
    assert_cells(bsk_cells_half(BSK_PLAYER_FIRST), "a1 b1 c1 d1 e1 a2 b2 c2 d2 e2 a3 b3 c3 d3 e3");
    assert_cells(bsk_cells_half(BSK_PLAYER_SECOND), "a4 b4 c4 d4 e4 a5 b5 c5 d5 e5 a6 b6 c6 d6 e6");
    ck_assert_uint_eq(bsk_cells_half(0), 0);
    assert_cells(bsk_cells_row(3), "a3 b3 c3 d3 e3");
    assert_cells(bsk_cells_row(6), "a6 b6 c6 d6 e6");
    ck_assert_uint_eq(bsk_cells_row(0), 0);
    ck_assert_uint_eq(bsk_cells_row(7), 0);
    ck_assert_int_eq(bsk_cells_count(BSK_CELLS_ALL), BSK_BOARD_CELLS);
    for (int cell = 0; cell < BSK_BOARD_CELLS; cell++) {
        bool first = digit_of(cell) <= 3;
        ck_assert_int_eq(bsk_cell_on_half(BSK_PLAYER_FIRST, cell), first);
        ck_assert_int_eq(bsk_cell_on_half(BSK_PLAYER_SECOND, cell), !first);
        ck_assert(!bsk_cell_on_half(0, cell));
        /* owner rows: 1 = front, 3 = back */
        ck_assert_int_eq(bsk_cell_owner_row(BSK_PLAYER_FIRST, cell), first ? 4 - digit_of(cell) : 0);
        ck_assert_int_eq(bsk_cell_owner_row(BSK_PLAYER_SECOND, cell), first ? 0 : digit_of(cell) - 3);
    }
    ck_assert_int_eq(bsk_cell_owner_row(BSK_PLAYER_FIRST, cell_of("c3")), 1);
    ck_assert_int_eq(bsk_cell_owner_row(BSK_PLAYER_FIRST, cell_of("c1")), 3);
    ck_assert_int_eq(bsk_cell_owner_row(BSK_PLAYER_SECOND, cell_of("c4")), 1);
    ck_assert_int_eq(bsk_cell_owner_row(BSK_PLAYER_SECOND, cell_of("c6")), 3);
}
END_TEST

/* DESIGN §2: digest cell (column k, owner row r) → first (k, 4−r), second (mirror(k), 3+r). */
START_TEST(test_design_2_owner_cells_convert_to_global)
{
    ck_assert_int_eq(bsk_cell_from_owner(BSK_PLAYER_FIRST, 0, 1), cell_of("a3"));
    ck_assert_int_eq(bsk_cell_from_owner(BSK_PLAYER_FIRST, 0, 3), cell_of("a1"));
    ck_assert_int_eq(bsk_cell_from_owner(BSK_PLAYER_FIRST, 4, 2), cell_of("e2"));
    ck_assert_int_eq(bsk_cell_from_owner(BSK_PLAYER_SECOND, 0, 1), cell_of("e4")); /* its left is a's right */
    ck_assert_int_eq(bsk_cell_from_owner(BSK_PLAYER_SECOND, 0, 3), cell_of("e6"));
    ck_assert_int_eq(bsk_cell_from_owner(BSK_PLAYER_SECOND, 1, 2), cell_of("d5"));
    ck_assert_int_eq(bsk_cell_from_owner(BSK_PLAYER_SECOND, 2, 1), cell_of("c4"));
    /* every cell of each half once, and back to its owner row */
    for (int player = BSK_PLAYER_FIRST; player <= BSK_PLAYER_SECOND; player++) {
        uint32_t seen = 0;
        for (int column = 0; column < BSK_BOARD_COLUMNS; column++)
            for (int row = 1; row <= 3; row++) {
                int cell = bsk_cell_from_owner(player, column, row);
                ck_assert(bsk_cell_on_half(player, cell));
                ck_assert_int_eq(bsk_cell_owner_row(player, cell), row);
                ck_assert(!(seen & BSK_CELL_BIT(cell)));
                seen |= BSK_CELL_BIT(cell);
            }
        ck_assert_uint_eq(seen, bsk_cells_half(player));
    }
    ck_assert_int_eq(bsk_cell_from_owner(0, 0, 1), -1);
    ck_assert_int_eq(bsk_cell_from_owner(BSK_PLAYER_FIRST, 5, 1), -1);
    ck_assert_int_eq(bsk_cell_from_owner(BSK_PLAYER_FIRST, 0, 0), -1);
    ck_assert_int_eq(bsk_cell_from_owner(BSK_PLAYER_SECOND, 0, 4), -1);
}
END_TEST

/* 201.1: battlefield, extra zone, deck, graveyard, exile, hand (the stack holds actions). */
START_TEST(test_201_1_zones_named_and_stable)
{
    /* values positions and older code rely on */
    ck_assert_int_eq(BSK_ZONE_BATTLEFIELD, 0);
    ck_assert_int_eq(BSK_ZONE_EXTRA, 1);
    ck_assert_int_eq(BSK_ZONE_GRAVEYARD, 2);
    static const char *const IDS[] = {"battlefield", "extra", "graveyard", "deck", "exile", "hand"};
    ck_assert_int_eq(BSK_ZONE_COUNT, 6);
    for (int zone = 0; zone < BSK_ZONE_COUNT; zone++) {
        ck_assert_str_eq(bsk_zone_id(zone), IDS[zone]);
        ck_assert_int_eq(bsk_zone_parse(IDS[zone]), zone);
    }
    ck_assert_int_eq(bsk_zone_parse("deck"), BSK_ZONE_DECK);
    ck_assert_int_eq(bsk_zone_parse("exile"), BSK_ZONE_EXILE);
    ck_assert_str_eq(bsk_zone_id(-1), "unknown");
    ck_assert_str_eq(bsk_zone_id(BSK_ZONE_COUNT), "unknown");
    ck_assert_int_eq(bsk_zone_parse("stack"), -1);
    ck_assert_int_eq(bsk_zone_parse("Deck"), -1);
    ck_assert_int_eq(bsk_zone_parse(NULL), -1);
}
END_TEST

/* ---- the cell grid ------------------------------------------------------------------ */

START_TEST(test_404_1_1_grid_follows_place)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    for (int cell = 0; cell < BSK_BOARD_CELLS; cell++)
        ck_assert_int_eq(board.at[cell], -1);
    int a = place(&board, &k.ground, BSK_PLAYER_FIRST, "c2");
    int b = place(&board, &k.ground, BSK_PLAYER_SECOND, "c5");
    ck_assert_int_eq(board.at[cell_of("c2")], a);
    ck_assert_int_eq(board.at[cell_of("c5")], b);
    assert_grid(&board);
    /* 404.1.1: one card per cell; a refused place leaves the grid as it was */
    ck_assert_int_eq(bsk_board_place(&board, &k.ground, BSK_PLAYER_FIRST, cell_of("c2")), -1);
    ck_assert_int_eq(board.count, 2);
    assert_grid(&board);
}
END_TEST

/* 405.1, 210.1, 213.1: revealed flyers and terrains go to the extra zone at once, so their
 * cells are free; hidden row-6 cards keep theirs. */
START_TEST(test_405_1_reveal_frees_the_cells_of_flyers_and_terrains)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    int ground = place(&board, &k.ground, BSK_PLAYER_FIRST, "c2");
    int flyer = place(&board, &k.flyer, BSK_PLAYER_FIRST, "b2");
    int terrain = place(&board, &k.terrain, BSK_PLAYER_SECOND, "d5");
    int hidden_flyer = place(&board, &k.flyer, BSK_PLAYER_SECOND, "a6");
    int artifact = place(&board, &k.artifact, BSK_PLAYER_SECOND, "c4");
    bsk_error error;
    ck_assert_int_eq(bsk_board_reveal(&board, cells_of("a6"), &error), BSK_OK);
    assert_grid(&board);
    ck_assert_int_eq(board.at[cell_of("c2")], ground);
    ck_assert_int_eq(board.at[cell_of("c4")], artifact);
    ck_assert_int_eq(board.at[cell_of("b2")], -1);
    ck_assert_int_eq(board.at[cell_of("d5")], -1);
    ck_assert_int_eq(board.at[cell_of("a6")], hidden_flyer); /* 405.1: kept hidden, still on its cell */
    ck_assert_int_eq(board.cards[flyer].zone, BSK_ZONE_EXTRA);
    ck_assert_int_eq(board.cards[terrain].zone, BSK_ZONE_EXTRA);
    /* the freed cell takes a new card */
    int later = place(&board, &k.ground, BSK_PLAYER_FIRST, "b2");
    ck_assert_int_eq(board.at[cell_of("b2")], later);
    assert_grid(&board);
}
END_TEST

/* 211.9: a seated symbiote shares its host's cell, its own becomes free; 405.2 e: one
 * with no host dies and frees its cell. */
START_TEST(test_405_2_seating_frees_the_symbiotes_cells)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    int host = place(&board, &k.ground, BSK_PLAYER_FIRST, "c3");
    int companion = place(&board, &k.companion, BSK_PLAYER_FIRST, "c2");
    int lonely = place(&board, &k.companion, BSK_PLAYER_SECOND, "c6"); /* the second player has no ground creature */
    place(&board, &k.artifact, BSK_PLAYER_SECOND, "c4");
    bsk_error error;
    ck_assert_int_eq(bsk_board_reveal(&board, 0, &error), BSK_OK);
    assert_grid(&board);
    bsk_seating_run(&board, NULL, NULL);
    assert_grid(&board);
    ck_assert_int_eq(board.cards[companion].host, host);
    ck_assert_int_eq(board.cards[companion].cell, cell_of("c3"));
    ck_assert_int_eq(board.at[cell_of("c3")], host);
    ck_assert_int_eq(board.at[cell_of("c2")], -1);
    ck_assert_int_eq(board.cards[lonely].zone, BSK_ZONE_GRAVEYARD);
    ck_assert_int_eq(board.at[cell_of("c6")], -1);
}
END_TEST

/* 405.2.2: a parasite assigned to a hidden card that proves to be a flyer dies; the flyer
 * leaves for the extra zone at once (210.1). Both cells are free afterwards. (No reveal
 * first, so the first player's card is still face down, as the placement tests do.) */
START_TEST(test_405_2_2_parasite_on_a_hidden_flyer_frees_both_cells)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    int flyer = place(&board, &k.flyer, BSK_PLAYER_FIRST, "c3");
    int parasite = place(&board, &k.parasite, BSK_PLAYER_SECOND, "c5");
    bsk_error error;
    ck_assert_int_eq(bsk_seating_assign(&board, parasite, flyer, &error), BSK_OK);
    ck_assert_int_eq(board.cards[flyer].zone, BSK_ZONE_EXTRA);
    ck_assert_int_eq(board.cards[parasite].zone, BSK_ZONE_GRAVEYARD);
    ck_assert_int_eq(board.at[cell_of("c3")], -1);
    ck_assert_int_eq(board.at[cell_of("c5")], -1);
    assert_grid(&board);
}
END_TEST

START_TEST(test_211_11_move_carries_the_symbiote)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    int host = place(&board, &k.ground, BSK_PLAYER_FIRST, "c3");
    int companion = place(&board, &k.companion, BSK_PLAYER_FIRST, "c2");
    int other = place(&board, &k.ground, BSK_PLAYER_FIRST, "b3");
    ck_assert(bsk_board_seat(&board, companion, host));
    assert_grid(&board);
    ck_assert(bsk_board_move(&board, host, cell_of("c4")));
    assert_grid(&board);
    ck_assert_int_eq(board.at[cell_of("c4")], host);
    ck_assert_int_eq(board.at[cell_of("c3")], -1);
    ck_assert_int_eq(board.cards[companion].cell, cell_of("c4"));
    /* 211.10, 211.11: a seated symbiote never moves alone; no move onto a taken cell or
     * off the board */
    ck_assert(!bsk_board_move(&board, companion, cell_of("c3")));
    ck_assert(!bsk_board_move(&board, other, cell_of("c4")));
    ck_assert(!bsk_board_move(&board, other, -1));
    ck_assert(!bsk_board_move(&board, other, BSK_BOARD_CELLS));
    ck_assert(!bsk_board_move(&board, board.count, cell_of("a1")));
    assert_grid(&board);
    ck_assert(bsk_board_move(&board, other, cell_of("c3")));
    assert_grid(&board);
    /* seat refuses nonsense */
    ck_assert(!bsk_board_seat(&board, other, other));
    ck_assert(!bsk_board_seat(&board, other, companion)); /* a symbiote is no host's cell owner */
    ck_assert(!bsk_board_seat(&board, -1, host));
    assert_grid(&board);
}
END_TEST

START_TEST(test_201_set_zone_frees_the_cell)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    int host = place(&board, &k.ground, BSK_PLAYER_FIRST, "c3");
    int companion = place(&board, &k.companion, BSK_PLAYER_FIRST, "c2");
    int artifact = place(&board, &k.artifact, BSK_PLAYER_FIRST, "d1");
    ck_assert(bsk_board_seat(&board, companion, host));
    /* the symbiote leaves: the host keeps its cell */
    ck_assert(bsk_board_set_zone(&board, companion, BSK_ZONE_GRAVEYARD));
    assert_grid(&board);
    ck_assert_int_eq(board.at[cell_of("c3")], host);
    ck_assert_int_eq(board.cards[companion].host, -1);
    ck_assert(bsk_board_set_zone(&board, artifact, BSK_ZONE_EXILE));
    ck_assert_int_eq(board.at[cell_of("d1")], -1);
    ck_assert(bsk_board_set_zone(&board, host, BSK_ZONE_DECK));
    ck_assert_int_eq(board.at[cell_of("c3")], -1);
    assert_grid(&board);
    ck_assert(!bsk_board_set_zone(&board, host, BSK_ZONE_BATTLEFIELD));
    ck_assert(!bsk_board_set_zone(&board, host, BSK_ZONE_COUNT));
    ck_assert(!bsk_board_set_zone(&board, board.count, BSK_ZONE_EXILE));
}
END_TEST

/* The whole preliminary battlefield: automatic placement for both players with every kind
 * of card, reveal with a hidden row-6 card, seating; the grid matches the cards after
 * each step. */
START_TEST(test_405_grid_in_step_through_placement_reveal_and_seating)
{
    kit k;
    kit_init(&k);
    const bsk_card *kinds[] = {&k.ground, &k.flyer, &k.companion, &k.terrain, &k.parasite, &k.artifact, &k.ground};
    bsk_board board;
    bsk_board_init(&board);
    for (int player = BSK_PLAYER_FIRST; player <= BSK_PLAYER_SECOND; player++) {
        bsk_placement placement;
        bsk_placement_init(&placement, player);
        ck_assert_int_eq(bsk_placement_auto(&placement, BSK_HALF_CELLS), BSK_HALF_CELLS);
        for (int cell = 0; cell < BSK_BOARD_CELLS; cell++) {
            int squad = placement.occupant[cell];
            if (squad < 0)
                continue;
            const bsk_card *card = kinds[(squad + player) % (int)(sizeof kinds / sizeof kinds[0])];
            ck_assert_int_ge(bsk_board_place(&board, card, player, cell), 0);
            assert_grid(&board);
        }
    }
    ck_assert_int_eq(board.count, BSK_BOARD_CELLS);
    uint32_t keep = bsk_cells_row(6); /* 405.1: the second player keeps row 6 hidden */
    bsk_error error;
    ck_assert_int_eq(bsk_board_reveal(&board, keep, &error), BSK_OK);
    assert_grid(&board);
    bsk_seating_run(&board, NULL, NULL);
    assert_grid(&board);
    int seated = 0, extra = 0;
    for (int i = 0; i < board.count; i++) {
        seated += board.cards[i].host >= 0;
        extra += board.cards[i].zone == BSK_ZONE_EXTRA;
    }
    ck_assert_int_gt(seated, 0);
    ck_assert_int_gt(extra, 0);
}
END_TEST

/* ---- geometry --------------------------------------------------------------------- */

/* 506.1: a movement step goes to a vertical or horizontal neighbour, never diagonally. */
START_TEST(test_506_1_orthogonal_neighbours)
{
    assert_cells(bsk_cell_orthogonal(cell_of("c3")), "c2 b3 d3 c4");
    assert_cells(bsk_cell_orthogonal(cell_of("a1")), "b1 a2");
    assert_cells(bsk_cell_orthogonal(cell_of("e6")), "d6 e5");
    assert_cells(bsk_cell_orthogonal(cell_of("a4")), "a3 b4 a5");
    assert_cells(bsk_cell_orthogonal(cell_of("e3")), "e2 d3 e4");
    for (int a = 0; a < BSK_BOARD_CELLS; a++) {
        uint32_t set = bsk_cell_orthogonal(a);
        int expected = 4 - (letter_of(a) == 0) - (letter_of(a) == 4) - (digit_of(a) == 1) - (digit_of(a) == 6);
        ck_assert_int_eq(bsk_cells_count(set), expected);
        for (int b = 0; b < BSK_BOARD_CELLS; b++)
            ck_assert_int_eq((set >> b) & 1u, column_gap(a, b) + row_gap(a, b) == 1);
    }
    ck_assert_uint_eq(bsk_cell_orthogonal(-1), 0);
    ck_assert_uint_eq(bsk_cell_orthogonal(BSK_BOARD_CELLS), 0);
}
END_TEST

/* Glossary «Рядом», «Соседняя клетка»; digest 02 §1.1: the 8 surrounding cells, diagonals
 * included (Chebyshev distance 1). */
START_TEST(test_glossary_adjacent_cells_chebyshev_1)
{
    assert_cells(bsk_cell_neighbours(cell_of("c3")), "b2 c2 d2 b3 d3 b4 c4 d4");
    assert_cells(bsk_cell_neighbours(cell_of("a1")), "b1 a2 b2");
    assert_cells(bsk_cell_neighbours(cell_of("e4")), "d3 e3 d4 d5 e5");
    for (int a = 0; a < BSK_BOARD_CELLS; a++) {
        bool edge_column = letter_of(a) == 0 || letter_of(a) == 4;
        bool edge_row = digit_of(a) == 1 || digit_of(a) == 6;
        int expected = edge_column && edge_row ? 3 : edge_column || edge_row ? 5 : 8;
        uint32_t set = bsk_cell_neighbours(a);
        ck_assert_int_eq(bsk_cells_count(set), expected);
        for (int b = 0; b < BSK_BOARD_CELLS; b++) {
            int chebyshev = column_gap(a, b) > row_gap(a, b) ? column_gap(a, b) : row_gap(a, b);
            ck_assert_int_eq(bsk_cells_adjacent(a, b), chebyshev == 1);
            ck_assert_int_eq(bsk_cells_adjacent(a, b), bsk_cells_adjacent(b, a));
            ck_assert_int_eq((set >> b) & 1u, chebyshev == 1);
        }
    }
    /* the same cell is a question about cards (211.9: host and symbiote are adjacent) */
    ck_assert(!bsk_cells_adjacent(cell_of("c3"), cell_of("c3")));
    ck_assert(!bsk_cells_adjacent(-1, cell_of("a1")));
    ck_assert(!bsk_cells_adjacent(cell_of("a1"), BSK_BOARD_CELLS));
    ck_assert_uint_eq(bsk_cell_neighbours(-1), 0);
}
END_TEST

/* 547.1.1, 547.4: range counts vertical and horizontal steps (Manhattan distance). The
 * worked grid of digest 03 §547 from S = (2,2), i.e. c3, converted to global rows. */
START_TEST(test_547_1_1_distance_grid_from_c3)
{
    static const int GRID[6][5] = {
        /* row 6 */ {5, 4, 3, 4, 5},
        /* row 5 */ {4, 3, 2, 3, 4},
        /* row 4 */ {3, 2, 1, 2, 3},
        /* row 3 */ {2, 1, 0, 1, 2},
        /* row 2 */ {3, 2, 1, 2, 3},
        /* row 1 */ {4, 3, 2, 3, 4},
    };
    int source = cell_of("c3");
    for (int row = 6; row >= 1; row--)
        for (int column = 0; column < 5; column++)
            ck_assert_int_eq(bsk_cell_distance(source, bsk_cell_make(column, row)), GRID[6 - row][column]);
}
END_TEST

START_TEST(test_547_4_distance_table)
{
    for (int a = 0; a < BSK_BOARD_CELLS; a++)
        for (int b = 0; b < BSK_BOARD_CELLS; b++) {
            ck_assert_int_eq(bsk_cell_distance(a, b), column_gap(a, b) + row_gap(a, b));
            ck_assert_int_eq(bsk_cell_distance(a, b), bsk_cell_distance(b, a));
        }
    /* digest 03 T01: (2,2) → (4,3) = c3 → e4 is 3 */
    ck_assert_int_eq(bsk_cell_distance(cell_of("c3"), cell_of("e4")), 3);
    /* T05: (2,0) → (2,4) = c1 → c5 is 4, whatever stands between */
    ck_assert_int_eq(bsk_cell_distance(cell_of("c1"), cell_of("c5")), 4);
    /* T06: (0,0) → (4,5) = a1 → e6 is 9, the longest */
    ck_assert_int_eq(bsk_cell_distance(cell_of("a1"), cell_of("e6")), BSK_RANGE_UNLIMITED);
    ck_assert_int_eq(bsk_cell_distance(cell_of("e1"), cell_of("a6")), 9);
    ck_assert_int_eq(bsk_cell_distance(-1, cell_of("a1")), -1);
    ck_assert_int_eq(bsk_cell_distance(cell_of("a1"), BSK_BOARD_CELLS), -1);
}
END_TEST

/* 547.1.1: range X reaches every cell X or fewer straight steps away; 547.2.1: a ranged
 * melee strike uses it as it is (digest 03 T11: a special strike, range 2, from c3 may
 * hit c5, and an adjacent d4 too). */
START_TEST(test_547_1_1_cells_within_range)
{
    int c3 = cell_of("c3");
    assert_cells(bsk_cells_within(c3, 0), "c3");
    assert_cells(bsk_cells_within(c3, 1), "c2 b3 c3 d3 c4");
    assert_cells(bsk_cells_within(c3, 2), "c1 b2 c2 d2 a3 b3 c3 d3 e3 b4 c4 d4 c5");
    ck_assert_uint_eq(bsk_cells_within(c3, -1), 0);
    ck_assert_uint_eq(bsk_cells_within(-1, 3), 0);
    for (int a = 0; a < BSK_BOARD_CELLS; a++) {
        ck_assert_uint_eq(bsk_cells_within(a, BSK_RANGE_UNLIMITED), BSK_CELLS_ALL);
        ck_assert_uint_eq(bsk_cells_within(a, 100), BSK_CELLS_ALL);
        for (int range = 0; range <= 9; range++)
            for (int b = 0; b < BSK_BOARD_CELLS; b++)
                ck_assert_int_eq((bsk_cells_within(a, range) >> b) & 1u, bsk_cell_distance(a, b) <= range);
    }
}
END_TEST

/* 547.2.2 with the digest 03 worked example from S = (2,2) = c3: "shot, range 2" reaches
 * only (2,4) (2,0) (0,2) (4,2) = c5 c1 a3 e3, the diagonal neighbours (distance 2) being
 * adjacent; range 3 adds (1,4) (3,4) (1,0) (3,0) (0,3) (4,3) (0,1) (4,1) (2,5). */
START_TEST(test_547_2_2_ranged_attack_from_c3)
{
    int c3 = cell_of("c3");
    ck_assert_uint_eq(bsk_cells_ranged_attack(c3, 0), 0);
    ck_assert_uint_eq(bsk_cells_ranged_attack(c3, 1), 0); /* range 1 reaches only adjacent cells */
    assert_cells(bsk_cells_ranged_attack(c3, 2), "c5 c1 a3 e3");
    assert_cells(bsk_cells_ranged_attack(c3, 3), "c5 c1 a3 e3 b5 d5 b1 d1 a4 e4 a2 e2 c6");
    assert_cells(bsk_cells_ranged_attack(c3, 4), "c5 c1 a3 e3 b5 d5 b1 d1 a4 e4 a2 e2 c6 a5 e5 a1 e1 b6 d6");
    /* T02, T03: the diagonal neighbour (3,3) = d4 never, whatever the range */
    for (int range = 0; range <= BSK_RANGE_UNLIMITED; range++) {
        ck_assert(!(bsk_cells_ranged_attack(c3, range) & BSK_CELL_BIT(cell_of("d4"))));
        /* T04: nor its own cell (its host or symbiote) */
        ck_assert(!(bsk_cells_ranged_attack(c3, range) & BSK_CELL_BIT(c3)));
    }
    /* "regardless of range": every cell but c3 and its 8 neighbours */
    assert_cells(bsk_cells_ranged_attack(c3, BSK_RANGE_UNLIMITED),
                 "a1 b1 c1 d1 e1 a2 e2 a3 e3 a4 e4 a5 b5 c5 d5 e5 a6 b6 c6 d6 e6");
}
END_TEST

/* 547.2.2 from the second player's side and from corners: the geometry is the same for
 * both players (the second player's front centre c4 = its owner cell (2, row 1)). */
START_TEST(test_547_2_2_ranged_attack_both_players_and_corners)
{
    int c4 = bsk_cell_from_owner(BSK_PLAYER_SECOND, 2, 1);
    ck_assert_int_eq(c4, cell_of("c4"));
    ck_assert_uint_eq(bsk_cells_ranged_attack(c4, 1), 0);
    assert_cells(bsk_cells_ranged_attack(c4, 2), "c2 a4 e4 c6");
    assert_cells(bsk_cells_ranged_attack(c4, 3), "c2 a4 e4 c6 c1 b2 d2 a3 e3 a5 e5 b6 d6");
    int a1 = cell_of("a1");
    ck_assert_uint_eq(bsk_cells_ranged_attack(a1, 1), 0);
    assert_cells(bsk_cells_ranged_attack(a1, 2), "c1 a3"); /* b2 is diagonal: adjacent */
    assert_cells(bsk_cells_ranged_attack(a1, 3), "c1 a3 d1 c2 b3 a4");
    assert_cells(bsk_cells_ranged_attack(a1, 4), "c1 a3 d1 c2 b3 a4 e1 d2 c3 b4 a5");
    int e6 = cell_of("e6");
    assert_cells(bsk_cells_ranged_attack(e6, 2), "c6 e4");
    /* every cell, ranges 1..4 and unlimited: within range and not within Chebyshev 1 */
    for (int a = 0; a < BSK_BOARD_CELLS; a++)
        for (int range = 1; range <= BSK_RANGE_UNLIMITED; range++) {
            uint32_t set = bsk_cells_ranged_attack(a, range);
            for (int b = 0; b < BSK_BOARD_CELLS; b++) {
                bool near = column_gap(a, b) <= 1 && row_gap(a, b) <= 1;
                ck_assert_int_eq((set >> b) & 1u, !near && bsk_cell_distance(a, b) <= range);
            }
        }
    ck_assert_uint_eq(bsk_cells_ranged_attack(c4, -1), 0);
    ck_assert_uint_eq(bsk_cells_ranged_attack(-1, 4), 0);
}
END_TEST

/* 547.2.3, 504.1.1; digest 03 worked example: from S = (2,2) = c3 the strike across a row
 * reaches (2,4) (2,0) (0,2) (4,2) = c5 c1 a3 e3, across c4 c2 b3 d3. */
START_TEST(test_547_2_3_strike_across_row_cells)
{
    int c3 = cell_of("c3");
    assert_cells(bsk_cells_strike_across_row(c3, 0), "c5 c1 a3 e3");
    ck_assert_int_eq(bsk_cell_crossed(c3, cell_of("c5")), cell_of("c4"));
    ck_assert_int_eq(bsk_cell_crossed(c3, cell_of("c1")), cell_of("c2"));
    ck_assert_int_eq(bsk_cell_crossed(c3, cell_of("a3")), cell_of("b3"));
    ck_assert_int_eq(bsk_cell_crossed(c3, cell_of("e3")), cell_of("d3"));
    /* T08: never diagonally, never farther or nearer than across one cell */
    ck_assert_int_eq(bsk_cell_crossed(c3, cell_of("d5")), -1);
    ck_assert_int_eq(bsk_cell_crossed(c3, cell_of("e5")), -1);
    ck_assert_int_eq(bsk_cell_crossed(c3, cell_of("c6")), -1);
    ck_assert_int_eq(bsk_cell_crossed(c3, cell_of("c4")), -1);
    ck_assert_int_eq(bsk_cell_crossed(c3, c3), -1);
    ck_assert_int_eq(bsk_cell_crossed(-1, c3), -1);
    /* edges and corners */
    assert_cells(bsk_cells_strike_across_row(cell_of("a1"), 0), "c1 a3");
    assert_cells(bsk_cells_strike_across_row(cell_of("b6"), 0), "d6 b4");
    assert_cells(bsk_cells_strike_across_row(cell_of("e5"), 0), "c5 e3");
    ck_assert_uint_eq(bsk_cells_strike_across_row(-1, 0), 0);
    /* every cell: exactly the cells 2 straight steps away, each crossing its middle cell */
    for (int a = 0; a < BSK_BOARD_CELLS; a++) {
        uint32_t set = bsk_cells_strike_across_row(a, 0);
        for (int b = 0; b < BSK_BOARD_CELLS; b++) {
            bool straight_two = (column_gap(a, b) == 2 && row_gap(a, b) == 0) ||
                                (column_gap(a, b) == 0 && row_gap(a, b) == 2);
            ck_assert_int_eq((set >> b) & 1u, straight_two);
            if (straight_two) {
                int middle = bsk_cell_crossed(a, b);
                ck_assert(bsk_cells_adjacent(a, middle) && bsk_cells_adjacent(b, middle));
                /* 547.2.3: an opponent's card on the middle cell forbids it */
                ck_assert(!(bsk_cells_strike_across_row(a, BSK_CELL_BIT(middle)) & BSK_CELL_BIT(b)));
            } else {
                ck_assert_int_eq(bsk_cell_crossed(a, b), -1);
            }
        }
    }
}
END_TEST

/* 547.2.3, digest 03 T07 on a real board, for both players: across an empty cell or one
 * holding the striker's own cards, never across an opponent's card (hidden or not, and
 * a parasite of the opponent seated on an own card blocks too). */
START_TEST(test_547_2_3_strike_across_row_through_own_and_enemy_cards)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    place(&board, &k.ground, BSK_PLAYER_FIRST, "c3");  /* the first player's striker */
    place(&board, &k.ground, BSK_PLAYER_FIRST, "b3");  /* own card: does not block a3 */
    place(&board, &k.ground, BSK_PLAYER_SECOND, "c4"); /* enemy card: blocks c5 */
    place(&board, &k.ground, BSK_PLAYER_SECOND, "c5");
    place(&board, &k.ground, BSK_PLAYER_SECOND, "d4"); /* the second player's striker */
    int own_host = place(&board, &k.ground, BSK_PLAYER_FIRST, "d3");
    int parasite = place(&board, &k.parasite, BSK_PLAYER_SECOND, "e6");
    /* the first player's striker on c3: c5 blocked by the second player's c4 */
    uint32_t enemy_of_first = bsk_board_cells_of(&board, BSK_PLAYER_SECOND);
    assert_cells(bsk_cells_strike_across_row(cell_of("c3"), enemy_of_first), "c1 a3 e3");
    /* the second player's striker on d4: d2 across the first player's d3 is blocked; b4
     * across its own c4 is fine; d6 across the free d5 is fine */
    uint32_t enemy_of_second = bsk_board_cells_of(&board, BSK_PLAYER_FIRST);
    assert_cells(bsk_cells_strike_across_row(cell_of("d4"), enemy_of_second), "b4 d6");
    /* a hidden enemy card blocks as well (it is still the opponent's card) */
    ck_assert(board.cards[parasite].hidden);
    ck_assert(enemy_of_first & BSK_CELL_BIT(cell_of("e6")));
    /* seat the second player's parasite on the first player's d3: d3 now holds an enemy
     * card for the first player, so a first-player striker on c3 cannot cross it to e3 */
    ck_assert(bsk_board_seat(&board, parasite, own_host));
    enemy_of_first = bsk_board_cells_of(&board, BSK_PLAYER_SECOND);
    ck_assert(enemy_of_first & BSK_CELL_BIT(cell_of("d3")));
    ck_assert(!(enemy_of_first & BSK_CELL_BIT(cell_of("e6"))));
    assert_cells(bsk_cells_strike_across_row(cell_of("c3"), enemy_of_first), "c1 a3");
    assert_grid(&board);
}
END_TEST

Suite *board_suite(void)
{
    Suite *suite = suite_create("board");
    TCase *cells = tcase_create("cells");
    tcase_add_test(cells, test_202_1_all_30_cells_round_trip);
    tcase_add_test(cells, test_202_2_halves_and_front_rows);
    tcase_add_test(cells, test_design_2_owner_cells_convert_to_global);
    tcase_add_test(cells, test_201_1_zones_named_and_stable);
    suite_add_tcase(suite, cells);
    TCase *grid = tcase_create("grid");
    tcase_add_test(grid, test_404_1_1_grid_follows_place);
    tcase_add_test(grid, test_405_1_reveal_frees_the_cells_of_flyers_and_terrains);
    tcase_add_test(grid, test_405_2_seating_frees_the_symbiotes_cells);
    tcase_add_test(grid, test_405_2_2_parasite_on_a_hidden_flyer_frees_both_cells);
    tcase_add_test(grid, test_211_11_move_carries_the_symbiote);
    tcase_add_test(grid, test_201_set_zone_frees_the_cell);
    tcase_add_test(grid, test_405_grid_in_step_through_placement_reveal_and_seating);
    suite_add_tcase(suite, grid);
    TCase *geometry = tcase_create("geometry");
    tcase_add_test(geometry, test_506_1_orthogonal_neighbours);
    tcase_add_test(geometry, test_glossary_adjacent_cells_chebyshev_1);
    tcase_add_test(geometry, test_547_1_1_distance_grid_from_c3);
    tcase_add_test(geometry, test_547_4_distance_table);
    tcase_add_test(geometry, test_547_1_1_cells_within_range);
    tcase_add_test(geometry, test_547_2_2_ranged_attack_from_c3);
    tcase_add_test(geometry, test_547_2_2_ranged_attack_both_players_and_corners);
    tcase_add_test(geometry, test_547_2_3_strike_across_row_cells);
    tcase_add_test(geometry, test_547_2_3_strike_across_row_through_own_and_enemy_cards);
    suite_add_tcase(suite, geometry);
    return suite;
}
