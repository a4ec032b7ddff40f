/* test_placement.c — global cells a1..e6 (DESIGN §2 "Board coordinates"), the fill tiers
 * of 404.1.2/404.1.3 cell by cell for both players, forbidden cells (404.1.4), automatic
 * placement, the reveal step (405.1, 213.1) and the seating of symbiotes (405.2 a–e, 211).
 * Every cell here is global: the digests' owner-relative cells were converted. */
#include "berserk/placement.h"
#include "cell_fixture.h"
#include "suites.h"

#include <stdio.h>
#include <string.h>

/* ---- helpers --------------------------------------------------------------------- */


static int bit_count(uint32_t cells)
{
    int count = 0;
    for (; cells; cells &= cells - 1)
        count++;
    return count;
}

static bool has_cell(uint32_t cells, int cell)
{
    return (cells >> cell) & 1u;
}

/* Global cells per tier (DESIGN §2). */
static const char *const FIRST_TIERS[4] = {"", "b1 c1 d1 b2 c2 d2 b3 c3 d3", "a1 e1 a2 e2", "a3 e3"};
static const char *const SECOND_TIERS[4] = {"", "a4 b4 c4 d4 e4 b5 c5 d5 b6 c6 d6", "a5 e5 a6 e6", ""};

static const char *const *tiers_of(int player)
{
    return player == BSK_PLAYER_FIRST ? FIRST_TIERS : SECOND_TIERS;
}

/* Puts one card on each cell of `list`, asserting each put is legal. */
static void put_all(bsk_placement *placement, uint32_t cells)
{
    for (int cell = 0; cell < BSK_BOARD_CELLS; cell++)
        if (has_cell(cells, cell))
            ck_assert_int_eq(bsk_placement_put(placement, cell, placement->placed), BSK_PLACE_OK);
}

static void make_card(bsk_card *card, const char *name, int type, int subtype, bool incorporeal)
{
    memset(card, 0, sizeof *card);
    snprintf(card->id, sizeof card->id, "test-%s", name);
    snprintf(card->name, sizeof card->name, "%s", name);
    card->type = (uint8_t)type;
    card->subtype = (uint8_t)subtype;
    if (incorporeal) {
        card->keywords[0].id = BSK_KEYWORD_INCORPOREAL;
        card->keyword_count = 1;
    }
}

/* One card of each kind the seating rules distinguish. */
typedef struct kit {
    bsk_card ground, ghost, flyer, artifact, terrain;
    bsk_card companion, parasite, ghost_companion, ghost_parasite;
} kit;

static void kit_init(kit *k)
{
    make_card(&k->ground, "ground", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, false);
    make_card(&k->ghost, "ghost", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, true);
    make_card(&k->flyer, "flyer", BSK_TYPE_CREATURE, BSK_SUBTYPE_FLYER, false);
    make_card(&k->artifact, "artifact", BSK_TYPE_ARTIFACT, BSK_SUBTYPE_NONE, false);
    make_card(&k->terrain, "terrain", BSK_TYPE_TERRAIN, BSK_SUBTYPE_NONE, false);
    make_card(&k->companion, "companion", BSK_TYPE_CREATURE, BSK_SUBTYPE_COMPANION, false);
    make_card(&k->parasite, "parasite", BSK_TYPE_CREATURE, BSK_SUBTYPE_PARASITE, false);
    make_card(&k->ghost_companion, "ghost companion", BSK_TYPE_CREATURE, BSK_SUBTYPE_COMPANION, true);
    make_card(&k->ghost_parasite, "ghost parasite", BSK_TYPE_CREATURE, BSK_SUBTYPE_PARASITE, true);
}

static int place(bsk_board *board, const bsk_card *card, int owner, const char *cell)
{
    int index = bsk_board_place(board, card, owner, cell_of(cell));
    ck_assert_int_ge(index, 0);
    return index;
}

static void reveal_all(bsk_board *board)
{
    bsk_error error;
    ck_assert_int_eq(bsk_board_reveal(board, 0, &error), BSK_OK);
}

static void assert_seated(const bsk_board *board, int symbiote, int host)
{
    const bsk_board_card *guest = &board->cards[symbiote];
    ck_assert_int_eq(guest->host, host);
    ck_assert_int_eq(guest->zone, BSK_ZONE_BATTLEFIELD);
    ck_assert_int_eq(guest->cell, board->cards[host].cell);
    ck_assert(!guest->hidden);
    ck_assert(!board->cards[host].hidden);
    ck_assert_int_eq(bsk_board_at(board, board->cards[host].cell), host);
}

static void assert_dead(const bsk_board *board, int symbiote)
{
    const bsk_board_card *guest = &board->cards[symbiote];
    ck_assert_int_eq(guest->zone, BSK_ZONE_GRAVEYARD);
    ck_assert_int_eq(guest->cell, -1);
    ck_assert_int_eq(guest->host, -1);
}

/* A chooser that answers from a table (-1 = decline) and logs the order it is asked. */
typedef struct chooser_script {
    int answer[BSK_BOARD_MAX_CARDS];
    int asked[BSK_BOARD_MAX_CARDS];
    int asked_count;
} chooser_script;

static void script_init(chooser_script *script)
{
    memset(script, 0, sizeof *script);
    for (int i = 0; i < BSK_BOARD_MAX_CARDS; i++)
        script->answer[i] = -1;
}

static int scripted_choice(void *context, const bsk_board *board, int symbiote)
{
    chooser_script *script = context;
    ck_assert(!board->cards[symbiote].hidden); /* Ambiguity #8: revealed before seating */
    script->asked[script->asked_count++] = symbiote;
    return script->answer[symbiote];
}

/* ---- cells ----------------------------------------------------------------------- */

START_TEST(test_board_cell_parse_and_format_round_trip_all_30)
{
    static const char *const NAMES[BSK_BOARD_CELLS] = {
        "a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2", "a3", "b3", "c3", "d3", "e3",
        "a4", "b4", "c4", "d4", "e4", "a5", "b5", "c5", "d5", "e5", "a6", "b6", "c6", "d6", "e6"};
    for (int cell = 0; cell < BSK_BOARD_CELLS; cell++) {
        char out[4];
        bsk_cell_format(cell, out);
        ck_assert_str_eq(out, NAMES[cell]);
        ck_assert_int_eq(bsk_cell_parse(NAMES[cell]), cell);
        ck_assert_int_eq(bsk_cell_parse(out), cell);
        ck_assert_int_eq(bsk_cell_row(cell), cell / 5 + 1);
        ck_assert_int_eq(bsk_cell_column(cell), cell % 5);
        ck_assert_int_eq(bsk_cell_row(cell), NAMES[cell][1] - '0');
        ck_assert_int_eq(bsk_cell_column(cell), NAMES[cell][0] - 'a');
    }
    ck_assert_int_eq(bsk_cell_parse("c2"), 7);
}
END_TEST

START_TEST(test_board_cell_parse_rejects_malformed)
{
    static const char *const BAD[] = {"f1", "a7", "a0", "", "a", "a10", "1a", " a1", "a1 ", "aa", "11",
                                      "z9", "c-", "F1", "e0", ("\xd0\xb0" "1")};
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++)
        ck_assert_msg(bsk_cell_parse(BAD[i]) == -1, "\"%s\" should be malformed", BAD[i]);
    ck_assert_int_eq(bsk_cell_parse(NULL), -1);
}
END_TEST

START_TEST(test_board_cell_parse_is_case_insensitive)
{
    ck_assert_int_eq(bsk_cell_parse("A1"), 0);
    ck_assert_int_eq(bsk_cell_parse("C2"), 7);
    ck_assert_int_eq(bsk_cell_parse("E6"), 29);
    char out[4];
    bsk_cell_format(bsk_cell_parse("D5"), out);
    ck_assert_str_eq(out, "d5"); /* always written in lower case */
}
END_TEST

START_TEST(test_board_cell_off_the_board)
{
    char out[4] = "xx";
    bsk_cell_format(-1, out);
    ck_assert_str_eq(out, "");
    bsk_cell_format(30, out);
    ck_assert_str_eq(out, "");
    ck_assert_int_eq(bsk_cell_row(-1), 0);
    ck_assert_int_eq(bsk_cell_row(30), 0);
    ck_assert_int_eq(bsk_cell_column(-1), -1);
    ck_assert_int_eq(bsk_cell_column(30), -1);
    ck_assert(!bsk_cell_on_half(BSK_PLAYER_FIRST, -1));
    ck_assert(!bsk_cell_on_half(BSK_PLAYER_SECOND, 30));
    ck_assert_int_eq(bsk_placement_tier(BSK_PLAYER_FIRST, -1), 0);
    ck_assert_int_eq(bsk_placement_tier(BSK_PLAYER_SECOND, 30), 0);
}
END_TEST

START_TEST(test_404_1_1_halves_rows_1_3_and_4_6)
{
    for (int cell = 0; cell < BSK_BOARD_CELLS; cell++) {
        int row = bsk_cell_row(cell);
        ck_assert(bsk_cell_on_half(BSK_PLAYER_FIRST, cell) == (row <= 3));
        ck_assert(bsk_cell_on_half(BSK_PLAYER_SECOND, cell) == (row >= 4));
        ck_assert(!bsk_cell_on_half(0, cell));
        ck_assert(!bsk_cell_on_half(3, cell));
    }
}
END_TEST

/* ---- tiers, cell by cell --------------------------------------------------------- */

static void assert_tier_list(int player, int tier, const char *list, int size)
{
    uint32_t cells = cells_of(list);
    ck_assert_int_eq(bit_count(cells), size);
    for (int cell = 0; cell < BSK_BOARD_CELLS; cell++)
        if (has_cell(cells, cell))
            ck_assert_int_eq(bsk_placement_tier(player, cell), tier);
}

START_TEST(test_404_1_2_first_player_tier_1_cells)
{
    assert_tier_list(BSK_PLAYER_FIRST, 1, "b1 c1 d1 b2 c2 d2 b3 c3 d3", 9);
}
END_TEST

START_TEST(test_404_1_2_first_player_tier_2_cells)
{
    assert_tier_list(BSK_PLAYER_FIRST, 2, "a1 e1 a2 e2", 4);
}
END_TEST

START_TEST(test_404_1_2_first_player_tier_3_cells)
{
    assert_tier_list(BSK_PLAYER_FIRST, 3, "a3 e3", 2);
}
END_TEST

START_TEST(test_404_1_3_second_player_tier_1_cells)
{
    assert_tier_list(BSK_PLAYER_SECOND, 1, "a4 b4 c4 d4 e4 b5 c5 d5 b6 c6 d6", 11);
}
END_TEST

START_TEST(test_404_1_3_second_player_tier_2_cells)
{
    assert_tier_list(BSK_PLAYER_SECOND, 2, "a5 e5 a6 e6", 4);
}
END_TEST

START_TEST(test_404_1_tier_of_every_cell_for_both_players)
{
    for (int player = BSK_PLAYER_FIRST; player <= BSK_PLAYER_SECOND; player++) {
        const char *const *tiers = tiers_of(player);
        int per_tier[4] = {0, 0, 0, 0};
        for (int cell = 0; cell < BSK_BOARD_CELLS; cell++) {
            int expected = 0;
            for (int tier = 1; tier <= 3; tier++)
                if (has_cell(cells_of(tiers[tier]), cell))
                    expected = tier;
            char name[4];
            bsk_cell_format(cell, name);
            ck_assert_msg(bsk_placement_tier(player, cell) == expected, "player %d cell %s: tier %d, expected %d",
                          player, name, bsk_placement_tier(player, cell), expected);
            ck_assert((expected > 0) == bsk_cell_on_half(player, cell));
            per_tier[expected]++;
        }
        ck_assert_int_eq(per_tier[0], 15); /* the other half */
        ck_assert_int_eq(per_tier[1] + per_tier[2] + per_tier[3], BSK_HALF_CELLS);
    }
    ck_assert_int_eq(bsk_placement_tier(0, cell_of("c2")), 0);
    ck_assert_int_eq(bsk_placement_tier(3, cell_of("c5")), 0);
}
END_TEST

/* ---- legal cells ----------------------------------------------------------------- */

START_TEST(test_404_1_2_first_player_legal_cells_at_start)
{
    bsk_placement placement;
    bsk_placement_init(&placement, BSK_PLAYER_FIRST);
    ck_assert_int_eq(placement.placed, 0);
    ck_assert_uint_eq(bsk_placement_legal_cells(&placement), cells_of(FIRST_TIERS[1]));
    /* digest 10.6 #50: b1, c1, d1 (middle of the back row) are open from the start (Ambiguity #18) */
    ck_assert_int_eq(bsk_placement_check(&placement, cell_of("b1")), BSK_PLACE_OK);
    ck_assert_int_eq(bsk_placement_check(&placement, cell_of("c1")), BSK_PLACE_OK);
    ck_assert_int_eq(bsk_placement_check(&placement, cell_of("d1")), BSK_PLACE_OK);
    for (int cell = 0; cell < BSK_BOARD_CELLS; cell++) {
        bsk_place_result result = bsk_placement_check(&placement, cell);
        int tier = bsk_placement_tier(BSK_PLAYER_FIRST, cell);
        ck_assert_int_eq(result, tier == 0 ? BSK_PLACE_OUTSIDE_HALF
                                           : tier == 1 ? BSK_PLACE_OK : BSK_PLACE_NOT_ALLOWED);
    }
}
END_TEST

START_TEST(test_404_1_3_second_player_legal_cells_at_start)
{
    bsk_placement placement;
    bsk_placement_init(&placement, BSK_PLAYER_SECOND);
    ck_assert_uint_eq(bsk_placement_legal_cells(&placement), cells_of(SECOND_TIERS[1]));
    /* digest 10.6 #54: the edges of the front row (a4, e4) from the start */
    ck_assert_int_eq(bsk_placement_check(&placement, cell_of("a4")), BSK_PLACE_OK);
    ck_assert_int_eq(bsk_placement_check(&placement, cell_of("e4")), BSK_PLACE_OK);
    for (int cell = 0; cell < BSK_BOARD_CELLS; cell++) {
        bsk_place_result result = bsk_placement_check(&placement, cell);
        int tier = bsk_placement_tier(BSK_PLAYER_SECOND, cell);
        ck_assert_int_eq(result, tier == 0 ? BSK_PLACE_OUTSIDE_HALF
                                           : tier == 1 ? BSK_PLACE_OK : BSK_PLACE_NOT_ALLOWED);
    }
}
END_TEST

/* For every cell `missing` of tier `tier`: with every lower tier full and all of `tier`
 * but `missing` occupied, the only legal cell is `missing` and the next tier stays shut. */
static void assert_tier_gates(int player, int tier)
{
    const char *const *tiers = tiers_of(player);
    uint32_t lower = 0;
    for (int t = 1; t < tier; t++)
        lower |= cells_of(tiers[t]);
    uint32_t this_tier = cells_of(tiers[tier]);
    uint32_t higher = 0;
    for (int t = tier + 1; t <= 3; t++)
        higher |= cells_of(tiers[t]);
    for (int missing = 0; missing < BSK_BOARD_CELLS; missing++) {
        if (!has_cell(this_tier, missing))
            continue;
        bsk_placement placement;
        bsk_placement_init(&placement, player);
        put_all(&placement, lower);
        put_all(&placement, this_tier & ~(1u << missing));
        ck_assert_uint_eq(bsk_placement_legal_cells(&placement), 1u << missing);
        for (int cell = 0; cell < BSK_BOARD_CELLS; cell++)
            if (has_cell(higher, cell)) {
                ck_assert_int_eq(bsk_placement_check(&placement, cell), BSK_PLACE_NOT_ALLOWED);
                ck_assert_int_eq(bsk_placement_put(&placement, cell, 99), BSK_PLACE_NOT_ALLOWED);
                ck_assert_int_eq(placement.occupant[cell], -1);
            }
        ck_assert_int_eq(bsk_placement_put(&placement, missing, placement.placed), BSK_PLACE_OK);
        uint32_t next = 0;
        for (int t = tier + 1; t <= 3 && !next; t++)
            next = cells_of(tiers[t]);
        ck_assert_uint_eq(bsk_placement_legal_cells(&placement), next);
    }
}

START_TEST(test_404_1_2_first_player_edges_shut_until_all_9_centre_cells)
{
    assert_tier_gates(BSK_PLAYER_FIRST, 1); /* a1 e1 a2 e2 a3 e3 shut while any centre cell is free */
}
END_TEST

START_TEST(test_404_1_2_first_player_a3_e3_shut_until_tiers_1_and_2_full)
{
    assert_tier_gates(BSK_PLAYER_FIRST, 2);
}
END_TEST

START_TEST(test_404_1_3_second_player_edges_shut_until_all_11_tier_1_cells)
{
    assert_tier_gates(BSK_PLAYER_SECOND, 1);
}
END_TEST

START_TEST(test_404_1_2_first_player_tier_opening_sequence)
{
    bsk_placement placement;
    bsk_placement_init(&placement, BSK_PLAYER_FIRST);
    put_all(&placement, cells_of(FIRST_TIERS[1]));
    ck_assert_int_eq(placement.placed, 9);
    ck_assert_uint_eq(bsk_placement_legal_cells(&placement), cells_of("a1 e1 a2 e2"));
    ck_assert_int_eq(bsk_placement_check(&placement, cell_of("a3")), BSK_PLACE_NOT_ALLOWED);
    ck_assert_int_eq(bsk_placement_put(&placement, cell_of("e2"), 9), BSK_PLACE_OK);
    ck_assert_int_eq(bsk_placement_put(&placement, cell_of("a1"), 10), BSK_PLACE_OK);
    ck_assert_int_eq(bsk_placement_put(&placement, cell_of("a2"), 11), BSK_PLACE_OK);
    ck_assert_int_eq(bsk_placement_check(&placement, cell_of("e3")), BSK_PLACE_NOT_ALLOWED);
    ck_assert_int_eq(bsk_placement_put(&placement, cell_of("e1"), 12), BSK_PLACE_OK);
    ck_assert_uint_eq(bsk_placement_legal_cells(&placement), cells_of("a3 e3"));
    ck_assert_int_eq(bsk_placement_put(&placement, cell_of("e3"), 13), BSK_PLACE_OK);
    ck_assert_int_eq(bsk_placement_put(&placement, cell_of("a3"), 14), BSK_PLACE_OK);
    ck_assert_int_eq(placement.placed, 15);
    ck_assert_uint_eq(bsk_placement_legal_cells(&placement), 0);
}
END_TEST

START_TEST(test_404_1_3_second_player_five_cards_on_row_4)
{
    /* digest 10.6 #55 (owner row 1 = global row 4), edges first to show they are open */
    bsk_placement placement;
    bsk_placement_init(&placement, BSK_PLAYER_SECOND);
    ck_assert_int_eq(bsk_placement_put(&placement, cell_of("a4"), 0), BSK_PLACE_OK);
    ck_assert_int_eq(bsk_placement_put(&placement, cell_of("e4"), 1), BSK_PLACE_OK);
    ck_assert_int_eq(bsk_placement_put(&placement, cell_of("b4"), 2), BSK_PLACE_OK);
    ck_assert_int_eq(bsk_placement_put(&placement, cell_of("d4"), 3), BSK_PLACE_OK);
    ck_assert_int_eq(bsk_placement_put(&placement, cell_of("c4"), 4), BSK_PLACE_OK);
    ck_assert_int_eq(placement.placed, 5);
    ck_assert_uint_eq(bsk_placement_legal_cells(&placement), cells_of("b5 c5 d5 b6 c6 d6"));
}
END_TEST

START_TEST(test_404_1_2_first_player_nine_cards_fill_the_centre)
{
    /* digest 10.6 #49: with 9 cards every cell of the centre 3×3 is taken */
    bsk_placement placement;
    bsk_placement_init(&placement, BSK_PLAYER_FIRST);
    for (int i = 0; i < 9; i++) {
        uint32_t legal = bsk_placement_legal_cells(&placement);
        ck_assert_uint_eq(legal & ~cells_of(FIRST_TIERS[1]), 0);
        int cell = 0;
        while (!has_cell(legal, cell))
            cell++;
        ck_assert_int_eq(bsk_placement_put(&placement, cell, i), BSK_PLACE_OK);
    }
    for (int cell = 0; cell < BSK_BOARD_CELLS; cell++)
        ck_assert((placement.occupant[cell] >= 0) == has_cell(cells_of(FIRST_TIERS[1]), cell));
}
END_TEST

/* ---- forbidden cells (404.1.4) --------------------------------------------------- */

START_TEST(test_404_1_4_forbidden_cell_counts_as_occupied)
{
    bsk_placement placement;
    bsk_placement_init(&placement, BSK_PLAYER_FIRST);
    bsk_placement_forbid(&placement, cell_of("c2"));
    ck_assert_int_eq(bsk_placement_check(&placement, cell_of("c2")), BSK_PLACE_OCCUPIED);
    ck_assert_str_eq(bsk_place_result_rule(BSK_PLAYER_FIRST, BSK_PLACE_OCCUPIED), "404.1.1");
    ck_assert(!has_cell(bsk_placement_legal_cells(&placement), cell_of("c2")));
    put_all(&placement, cells_of(FIRST_TIERS[1]) & ~cells_of("c2"));
    ck_assert_int_eq(placement.placed, 8);
    /* the eight free centre cells are full, the forbidden one counts: tier 2 opens */
    ck_assert_uint_eq(bsk_placement_legal_cells(&placement), cells_of("a1 e1 a2 e2"));
}
END_TEST

START_TEST(test_404_1_4_forbidden_cells_of_the_second_player)
{
    bsk_placement placement;
    bsk_placement_init(&placement, BSK_PLAYER_SECOND);
    bsk_placement_forbid(&placement, cell_of("a4"));
    bsk_placement_forbid(&placement, cell_of("c6"));
    ck_assert_int_eq(bsk_placement_capacity(&placement), 13);
    put_all(&placement, cells_of(SECOND_TIERS[1]) & ~cells_of("a4 c6"));
    ck_assert_int_eq(placement.placed, 9);
    ck_assert_uint_eq(bsk_placement_legal_cells(&placement), cells_of("a5 e5 a6 e6"));
    /* a forbidden tier-2 cell is simply unavailable */
    bsk_placement_forbid(&placement, cell_of("e6"));
    ck_assert_uint_eq(bsk_placement_legal_cells(&placement), cells_of("a5 e5 a6"));
    ck_assert_int_eq(bsk_placement_capacity(&placement), 12);
}
END_TEST

START_TEST(test_404_1_4_whole_tier_forbidden_opens_the_next)
{
    bsk_placement placement;
    bsk_placement_init(&placement, BSK_PLAYER_FIRST);
    for (int cell = 0; cell < BSK_BOARD_CELLS; cell++)
        if (has_cell(cells_of(FIRST_TIERS[1]), cell))
            bsk_placement_forbid(&placement, cell);
    ck_assert_int_eq(bsk_placement_capacity(&placement), 6);
    ck_assert_uint_eq(bsk_placement_legal_cells(&placement), cells_of("a1 e1 a2 e2"));
}
END_TEST

START_TEST(test_403_2_3_e_capacity_is_15_minus_forbidden)
{
    for (int player = BSK_PLAYER_FIRST; player <= BSK_PLAYER_SECOND; player++) {
        bsk_placement placement;
        bsk_placement_init(&placement, player);
        ck_assert_int_eq(bsk_placement_capacity(&placement), 15);
        /* digest 10.5 #37: one forbidden cell leaves room for 14 cards */
        bsk_placement_forbid(&placement, cell_of(player == BSK_PLAYER_FIRST ? "b2" : "b5"));
        ck_assert_int_eq(bsk_placement_capacity(&placement), 14);
        bsk_placement_forbid(&placement, cell_of(player == BSK_PLAYER_FIRST ? "b2" : "b5")); /* twice: still one */
        ck_assert_int_eq(bsk_placement_capacity(&placement), 14);
        /* a cell of the other half does not change this player's capacity */
        bsk_placement_forbid(&placement, cell_of(player == BSK_PLAYER_FIRST ? "c5" : "c2"));
        ck_assert_int_eq(bsk_placement_capacity(&placement), 14);
        bsk_placement_forbid(&placement, -1);
        bsk_placement_forbid(&placement, 30);
        ck_assert_int_eq(bsk_placement_capacity(&placement), 14);
        /* only 14 cards fit */
        ck_assert_int_eq(bsk_placement_auto(&placement, 15), 14);
        ck_assert_int_eq(placement.occupant[cell_of(player == BSK_PLAYER_FIRST ? "b2" : "b5")], -1);
    }
}
END_TEST

/* ---- results and their rules ----------------------------------------------------- */

START_TEST(test_404_1_1_outside_half)
{
    bsk_placement first, second;
    bsk_placement_init(&first, BSK_PLAYER_FIRST);
    bsk_placement_init(&second, BSK_PLAYER_SECOND);
    for (int cell = 0; cell < BSK_BOARD_CELLS; cell++) {
        if (bsk_cell_row(cell) >= 4)
            ck_assert_int_eq(bsk_placement_check(&first, cell), BSK_PLACE_OUTSIDE_HALF);
        else
            ck_assert_int_eq(bsk_placement_check(&second, cell), BSK_PLACE_OUTSIDE_HALF);
    }
    ck_assert_int_eq(bsk_placement_put(&first, cell_of("c4"), 0), BSK_PLACE_OUTSIDE_HALF);
    ck_assert_int_eq(bsk_placement_put(&second, cell_of("c3"), 0), BSK_PLACE_OUTSIDE_HALF);
    ck_assert_int_eq(bsk_placement_check(&first, -1), BSK_PLACE_OUTSIDE_HALF);
    ck_assert_int_eq(bsk_placement_check(&second, 30), BSK_PLACE_OUTSIDE_HALF);
    ck_assert_int_eq(bsk_placement_put(&first, 99, 0), BSK_PLACE_OUTSIDE_HALF);
    ck_assert_int_eq(first.placed, 0);
    ck_assert_int_eq(second.placed, 0);
    ck_assert_str_eq(bsk_place_result_rule(BSK_PLAYER_FIRST, BSK_PLACE_OUTSIDE_HALF), "404.1.1");
    ck_assert_str_eq(bsk_place_result_rule(BSK_PLAYER_SECOND, BSK_PLACE_OUTSIDE_HALF), "404.1.1");
}
END_TEST

START_TEST(test_404_1_1_one_card_per_cell)
{
    bsk_placement placement;
    bsk_placement_init(&placement, BSK_PLAYER_SECOND);
    ck_assert_int_eq(bsk_placement_put(&placement, cell_of("c5"), 0), BSK_PLACE_OK);
    ck_assert_int_eq(placement.occupant[cell_of("c5")], 0);
    ck_assert_int_eq(bsk_placement_check(&placement, cell_of("c5")), BSK_PLACE_OCCUPIED);
    ck_assert_int_eq(bsk_placement_put(&placement, cell_of("c5"), 1), BSK_PLACE_OCCUPIED);
    ck_assert_int_eq(placement.occupant[cell_of("c5")], 0);
    ck_assert_int_eq(placement.placed, 1);
    ck_assert_str_eq(bsk_place_result_rule(BSK_PLAYER_SECOND, BSK_PLACE_OCCUPIED), "404.1.1");
}
END_TEST

START_TEST(test_404_1_place_result_ids_and_reasons)
{
    /* the codes of DESIGN §4, as recruit.h gives recruitment's (bsk_recruit_code_id) */
    ck_assert_str_eq(bsk_place_result_id(BSK_PLACE_OK), "ok");
    ck_assert_str_eq(bsk_place_result_id(BSK_PLACE_OUTSIDE_HALF), "cell_outside_half");
    ck_assert_str_eq(bsk_place_result_id(BSK_PLACE_OCCUPIED), "cell_occupied");
    ck_assert_str_eq(bsk_place_result_id(BSK_PLACE_NOT_ALLOWED), "cell_not_allowed");
    ck_assert_str_eq(bsk_place_result_id((bsk_place_result)99), "unknown");
    ck_assert_str_eq(bsk_place_result_reason(BSK_PLACE_OK), "");
    ck_assert_str_eq(bsk_place_result_reason(BSK_PLACE_OCCUPIED), "is occupied");
    ck_assert_str_eq(bsk_place_result_reason(BSK_PLACE_OUTSIDE_HALF), "is not on the player's half");
    ck_assert_str_eq(bsk_place_result_reason(BSK_PLACE_NOT_ALLOWED),
                     "is not open yet: a lower tier still has a free cell");
}
END_TEST

START_TEST(test_404_1_2_and_404_1_3_not_allowed_rules)
{
    ck_assert_str_eq(bsk_place_result_rule(BSK_PLAYER_FIRST, BSK_PLACE_NOT_ALLOWED), "404.1.2");
    ck_assert_str_eq(bsk_place_result_rule(BSK_PLAYER_SECOND, BSK_PLACE_NOT_ALLOWED), "404.1.3");
    ck_assert_str_eq(bsk_place_result_rule(BSK_PLAYER_FIRST, BSK_PLACE_OK), "");
    ck_assert_str_eq(bsk_place_result_rule(BSK_PLAYER_SECOND, BSK_PLACE_OK), "");
    bsk_placement placement;
    bsk_placement_init(&placement, BSK_PLAYER_FIRST);
    ck_assert_int_eq(bsk_placement_put(&placement, cell_of("a1"), 0), BSK_PLACE_NOT_ALLOWED);
    bsk_placement_init(&placement, BSK_PLAYER_SECOND);
    ck_assert_int_eq(bsk_placement_put(&placement, cell_of("e6"), 0), BSK_PLACE_NOT_ALLOWED);
    ck_assert_int_eq(placement.placed, 0);
}
END_TEST

START_TEST(test_404_1_1_put_records_the_squad_index)
{
    bsk_placement placement;
    bsk_placement_init(&placement, BSK_PLAYER_FIRST);
    for (int cell = 0; cell < BSK_BOARD_CELLS; cell++)
        ck_assert_int_eq(placement.occupant[cell], -1);
    ck_assert_int_eq(bsk_placement_put(&placement, cell_of("d3"), 7), BSK_PLACE_OK);
    ck_assert_int_eq(bsk_placement_put(&placement, cell_of("b1"), 0), BSK_PLACE_OK);
    ck_assert_int_eq(placement.occupant[cell_of("d3")], 7);
    ck_assert_int_eq(placement.occupant[cell_of("b1")], 0);
    ck_assert_int_eq(placement.placed, 2);
    /* an index the occupant array cannot hold is refused, never stored */
    ck_assert_int_ne(bsk_placement_put(&placement, cell_of("c2"), -1), BSK_PLACE_OK);
    ck_assert_int_ne(bsk_placement_put(&placement, cell_of("c2"), 200), BSK_PLACE_OK);
    ck_assert_int_eq(placement.occupant[cell_of("c2")], -1);
    ck_assert_int_eq(placement.placed, 2);
}
END_TEST

/* ---- automatic placement --------------------------------------------------------- */

START_TEST(test_404_1_auto_placement_is_legal_and_tier_ordered)
{
    for (int player = BSK_PLAYER_FIRST; player <= BSK_PLAYER_SECOND; player++)
        for (int count = 1; count <= 15; count++) {
            bsk_placement placement;
            bsk_placement_init(&placement, player);
            ck_assert_int_eq(bsk_placement_auto(&placement, count), count);
            ck_assert_int_eq(placement.placed, count);
            int cell_of_card[BSK_MAX_SQUAD];
            for (int i = 0; i < BSK_MAX_SQUAD; i++)
                cell_of_card[i] = -1;
            for (int cell = 0; cell < BSK_BOARD_CELLS; cell++)
                if (placement.occupant[cell] >= 0) {
                    ck_assert(bsk_cell_on_half(player, cell));
                    ck_assert_int_lt(placement.occupant[cell], count);
                    ck_assert_int_eq(cell_of_card[placement.occupant[cell]], -1);
                    cell_of_card[placement.occupant[cell]] = cell;
                }
            /* replaying squad cards 0..count-1 in order is legal at every step */
            bsk_placement replay;
            bsk_placement_init(&replay, player);
            int previous_tier = 1;
            for (int i = 0; i < count; i++) {
                ck_assert_int_ge(cell_of_card[i], 0);
                ck_assert_int_eq(bsk_placement_put(&replay, cell_of_card[i], i), BSK_PLACE_OK);
                int tier = bsk_placement_tier(player, cell_of_card[i]);
                ck_assert_int_ge(tier, previous_tier);
                previous_tier = tier;
            }
        }
}
END_TEST

START_TEST(test_404_1_auto_placement_fixed_order)
{
    static const char *const FIRST[15] = {"c3", "b3", "d3", "c2", "b2", "d2", "c1", "b1", "d1",
                                          "a2", "e2", "a1", "e1", "a3", "e3"};
    static const char *const SECOND[15] = {"c4", "b4", "d4", "a4", "e4", "c5", "b5", "d5",
                                           "c6", "b6", "d6", "a5", "e5", "a6", "e6"};
    bsk_placement placement;
    bsk_placement_init(&placement, BSK_PLAYER_FIRST);
    ck_assert_int_eq(bsk_placement_auto(&placement, 15), 15);
    for (int i = 0; i < 15; i++)
        ck_assert_int_eq(placement.occupant[cell_of(FIRST[i])], i);
    bsk_placement_init(&placement, BSK_PLAYER_SECOND);
    ck_assert_int_eq(bsk_placement_auto(&placement, 15), 15);
    for (int i = 0; i < 15; i++)
        ck_assert_int_eq(placement.occupant[cell_of(SECOND[i])], i);
}
END_TEST

START_TEST(test_404_1_2_auto_twelve_cards_of_the_first_player)
{
    /* digest 10.6 #53: centre full, 3 of {a1 e1 a2 e2}, a3 and e3 empty */
    bsk_placement placement;
    bsk_placement_init(&placement, BSK_PLAYER_FIRST);
    ck_assert_int_eq(bsk_placement_auto(&placement, 12), 12);
    uint32_t taken = 0;
    for (int cell = 0; cell < BSK_BOARD_CELLS; cell++)
        if (placement.occupant[cell] >= 0)
            taken |= 1u << cell;
    ck_assert_uint_eq(taken & cells_of(FIRST_TIERS[1]), cells_of(FIRST_TIERS[1]));
    ck_assert_int_eq(bit_count(taken & cells_of(FIRST_TIERS[2])), 3);
    ck_assert_uint_eq(taken & cells_of(FIRST_TIERS[3]), 0);
}
END_TEST

START_TEST(test_404_1_auto_placement_limits)
{
    bsk_placement placement;
    bsk_placement_init(&placement, BSK_PLAYER_SECOND);
    ck_assert_int_eq(bsk_placement_auto(&placement, 0), 0);
    ck_assert_int_eq(bsk_placement_auto(&placement, -3), 0);
    ck_assert_int_eq(placement.placed, 0);
    ck_assert_int_eq(bsk_placement_auto(&placement, 16), 15); /* the half runs out */
    bsk_placement_init(&placement, BSK_PLAYER_FIRST);
    bsk_placement_forbid(&placement, cell_of("c3"));
    bsk_placement_forbid(&placement, cell_of("a2"));
    ck_assert_int_eq(bsk_placement_auto(&placement, 15), 13);
    ck_assert_int_eq(placement.occupant[cell_of("c3")], -1);
    ck_assert_int_eq(placement.occupant[cell_of("a2")], -1);
}
END_TEST

/* ---- board ----------------------------------------------------------------------- */

START_TEST(test_404_1_1_board_place_face_down)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    ck_assert_int_eq(board.count, 0);
    int index = bsk_board_place(&board, &k.ground, BSK_PLAYER_FIRST, cell_of("c2"));
    ck_assert_int_eq(index, 0);
    ck_assert_ptr_eq(board.cards[0].card, &k.ground);
    ck_assert_int_eq(board.cards[0].owner, BSK_PLAYER_FIRST);
    ck_assert_int_eq(board.cards[0].cell, cell_of("c2"));
    ck_assert_int_eq(board.cards[0].zone, BSK_ZONE_BATTLEFIELD);
    ck_assert(board.cards[0].hidden);
    ck_assert_int_eq(board.cards[0].host, -1);
    ck_assert_int_eq(bsk_board_at(&board, cell_of("c2")), 0);
    ck_assert_int_eq(bsk_board_at(&board, cell_of("c3")), -1);
    ck_assert_int_eq(bsk_board_at(&board, -1), -1);
    ck_assert_int_eq(bsk_board_at(&board, 30), -1);
    /* one card per cell, and nonsense is refused */
    ck_assert_int_eq(bsk_board_place(&board, &k.flyer, BSK_PLAYER_FIRST, cell_of("c2")), -1);
    ck_assert_int_eq(bsk_board_place(&board, &k.flyer, BSK_PLAYER_FIRST, -1), -1);
    ck_assert_int_eq(bsk_board_place(&board, &k.flyer, BSK_PLAYER_FIRST, 30), -1);
    ck_assert_int_eq(bsk_board_place(&board, &k.flyer, 0, cell_of("c1")), -1);
    ck_assert_int_eq(bsk_board_place(&board, &k.flyer, 3, cell_of("c1")), -1);
    ck_assert_int_eq(bsk_board_place(&board, NULL, BSK_PLAYER_FIRST, cell_of("c1")), -1);
    ck_assert_int_eq(board.count, 1);
    ck_assert_int_eq(place(&board, &k.flyer, BSK_PLAYER_SECOND, "c5"), 1);
}
END_TEST

START_TEST(test_404_1_1_board_holds_at_most_64_cards)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    /* flyers leave their cells on reveal, so the cells can be reused until the board is full */
    while (board.count < BSK_BOARD_MAX_CARDS) {
        for (int cell = 0; cell < BSK_BOARD_CELLS && board.count < BSK_BOARD_MAX_CARDS; cell++) {
            int index = bsk_board_place(&board, &k.flyer, bsk_cell_row(cell) <= 3 ? 1 : 2, cell);
            ck_assert_int_eq(index, board.count - 1);
        }
        reveal_all(&board);
    }
    ck_assert_int_eq(bsk_board_place(&board, &k.ground, BSK_PLAYER_FIRST, cell_of("c2")), -1);
    ck_assert_int_eq(board.count, BSK_BOARD_MAX_CARDS);
}
END_TEST

/* ---- reveal (405.1) -------------------------------------------------------------- */

START_TEST(test_405_1_reveal_moves_flyers_and_terrains_to_the_extra_zone)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    int ground1 = place(&board, &k.ground, BSK_PLAYER_FIRST, "c2");
    int flyer1 = place(&board, &k.flyer, BSK_PLAYER_FIRST, "b2");
    int terrain1 = place(&board, &k.terrain, BSK_PLAYER_FIRST, "d2");
    int artifact1 = place(&board, &k.artifact, BSK_PLAYER_FIRST, "c1");
    int companion1 = place(&board, &k.companion, BSK_PLAYER_FIRST, "c3");
    int ground2 = place(&board, &k.ground, BSK_PLAYER_SECOND, "c4");
    int flyer2 = place(&board, &k.flyer, BSK_PLAYER_SECOND, "c5");
    int terrain2 = place(&board, &k.terrain, BSK_PLAYER_SECOND, "b6");
    bsk_error error;
    ck_assert_int_eq(bsk_board_reveal(&board, 0, &error), BSK_OK);
    for (int i = 0; i < board.count; i++)
        ck_assert(!board.cards[i].hidden);
    /* 210.1 flyers, 213.1 terrains (Ambiguity #9) */
    int extra[] = {flyer1, terrain1, flyer2, terrain2};
    for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++) {
        ck_assert_int_eq(board.cards[extra[i]].zone, BSK_ZONE_EXTRA);
        ck_assert_int_eq(board.cards[extra[i]].cell, -1);
    }
    ck_assert_int_eq(board.cards[flyer1].owner, BSK_PLAYER_FIRST);
    ck_assert_int_eq(board.cards[terrain2].owner, BSK_PLAYER_SECOND);
    ck_assert_int_eq(bsk_board_at(&board, cell_of("b2")), -1);
    ck_assert_int_eq(bsk_board_at(&board, cell_of("d2")), -1);
    ck_assert_int_eq(bsk_board_at(&board, cell_of("c5")), -1);
    ck_assert_int_eq(bsk_board_at(&board, cell_of("b6")), -1);
    /* ground creatures, artifacts and symbiotes keep their cells */
    ck_assert_int_eq(bsk_board_at(&board, cell_of("c2")), ground1);
    ck_assert_int_eq(bsk_board_at(&board, cell_of("c1")), artifact1);
    ck_assert_int_eq(bsk_board_at(&board, cell_of("c3")), companion1);
    ck_assert_int_eq(bsk_board_at(&board, cell_of("c4")), ground2);
    ck_assert_int_eq(board.cards[artifact1].zone, BSK_ZONE_BATTLEFIELD);
}
END_TEST

START_TEST(test_405_1_second_player_keeps_row_6_cards_hidden)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    int first = place(&board, &k.ground, BSK_PLAYER_FIRST, "c3");
    int a6 = place(&board, &k.ground, BSK_PLAYER_SECOND, "a6");
    int c6 = place(&board, &k.flyer, BSK_PLAYER_SECOND, "c6");
    int e6 = place(&board, &k.terrain, BSK_PLAYER_SECOND, "e6");
    int b6 = place(&board, &k.ground, BSK_PLAYER_SECOND, "b6");
    int c5 = place(&board, &k.ground, BSK_PLAYER_SECOND, "c5");
    bsk_error error;
    ck_assert_int_eq(bsk_board_reveal(&board, cells_of("a6 c6 e6"), &error), BSK_OK);
    ck_assert(!board.cards[first].hidden);
    ck_assert(!board.cards[b6].hidden);
    ck_assert(!board.cards[c5].hidden);
    int kept[] = {a6, c6, e6};
    for (size_t i = 0; i < 3; i++) {
        ck_assert(board.cards[kept[i]].hidden);
        ck_assert_int_eq(board.cards[kept[i]].zone, BSK_ZONE_BATTLEFIELD);
    }
    /* a hidden flyer or terrain stays on its cell until revealed (210.1, 213.1) */
    ck_assert_int_eq(bsk_board_at(&board, cell_of("c6")), c6);
    ck_assert_int_eq(bsk_board_at(&board, cell_of("e6")), e6);
}
END_TEST

START_TEST(test_405_1_only_row_6_cells_of_the_second_player_may_stay_hidden)
{
    kit k;
    kit_init(&k);
    for (int cell = 0; cell < BSK_BOARD_CELLS; cell++) {
        bsk_board board;
        bsk_board_init(&board);
        /* every cell holds a card of the player whose half it is */
        for (int other = 0; other < BSK_BOARD_CELLS; other++)
            ck_assert_int_ge(bsk_board_place(&board, &k.ground, bsk_cell_row(other) <= 3 ? 1 : 2, other), 0);
        bsk_error error;
        bsk_error_clear(&error);
        bsk_status status = bsk_board_reveal(&board, 1u << cell, &error);
        if (bsk_cell_row(cell) == 6) {
            ck_assert_int_eq(status, BSK_OK);
            ck_assert(board.cards[bsk_board_at(&board, cell)].hidden);
        } else {
            /* digest 10.7 #62, #63: nothing of the first player, nothing of rows 4-5 */
            ck_assert_int_eq(status, BSK_ERR_INVALID);
            ck_assert_int_eq(error.code, BSK_ERR_INVALID);
            ck_assert_str_eq(error.rule, "405.1");
            for (int i = 0; i < board.count; i++)
                ck_assert(board.cards[i].hidden); /* refused whole: nothing revealed */
        }
    }
}
END_TEST

START_TEST(test_405_1_kept_hidden_cell_must_hold_a_second_player_card)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    place(&board, &k.ground, BSK_PLAYER_FIRST, "a6"); /* a first player's card on row 6 */
    place(&board, &k.ground, BSK_PLAYER_SECOND, "c6");
    bsk_error error;
    ck_assert_int_eq(bsk_board_reveal(&board, cells_of("a6"), &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.rule, "405.1");
    ck_assert_int_eq(bsk_board_reveal(&board, cells_of("e6"), &error), BSK_ERR_INVALID); /* empty */
    ck_assert_str_eq(error.rule, "405.1");
    ck_assert_int_eq(bsk_board_reveal(&board, 1u << 30, &error), BSK_ERR_INVALID); /* off the board */
    ck_assert_int_eq(bsk_board_reveal(&board, 1u << 31, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.rule, "405.1");
    ck_assert(board.cards[0].hidden && board.cards[1].hidden);
    ck_assert_int_eq(bsk_board_reveal(&board, cells_of("c6"), &error), BSK_OK);
    ck_assert(!board.cards[0].hidden);
    ck_assert(board.cards[1].hidden);
}
END_TEST

/* ---- seating (405.2, 211) -------------------------------------------------------- */

START_TEST(test_405_2_a_companion_seats_on_own_ground_creature)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    int companion = place(&board, &k.companion, BSK_PLAYER_FIRST, "c1");
    int host = place(&board, &k.ground, BSK_PLAYER_FIRST, "c2");
    reveal_all(&board);
    ck_assert(bsk_seating_legal_host(&board, companion, host));
    bsk_seating_run(&board, NULL, NULL);
    assert_seated(&board, companion, host);
    /* 211.9: shares the host's cell; its former cell is empty; the cell reads as the host */
    ck_assert_int_eq(board.cards[companion].cell, cell_of("c2"));
    ck_assert_int_eq(bsk_board_at(&board, cell_of("c2")), host);
    ck_assert_int_eq(bsk_board_at(&board, cell_of("c1")), -1);
}
END_TEST

START_TEST(test_405_2_b_second_player_companion_seats_on_own_ground_creature)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    int host = place(&board, &k.ground, BSK_PLAYER_SECOND, "e4");
    place(&board, &k.ground, BSK_PLAYER_FIRST, "c3"); /* never the enemy */
    int companion = place(&board, &k.companion, BSK_PLAYER_SECOND, "c6");
    reveal_all(&board);
    bsk_seating_run(&board, NULL, NULL);
    assert_seated(&board, companion, host);
    ck_assert_int_eq(bsk_board_at(&board, cell_of("c6")), -1);
}
END_TEST

START_TEST(test_211_1_companion_only_on_own_squad)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    int companion = place(&board, &k.companion, BSK_PLAYER_FIRST, "c2");
    int enemy = place(&board, &k.ground, BSK_PLAYER_SECOND, "c4");
    reveal_all(&board);
    ck_assert(!bsk_seating_legal_host(&board, companion, enemy));
    bsk_error error;
    ck_assert_int_eq(bsk_seating_assign(&board, companion, enemy, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.rule, "211.1");
    ck_assert_int_eq(board.cards[companion].host, -1);
    bsk_seating_run(&board, NULL, NULL);
    assert_dead(&board, companion); /* 405.2 e */
}
END_TEST

START_TEST(test_211_1_parasite_only_on_the_opponent)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    int parasite = place(&board, &k.parasite, BSK_PLAYER_FIRST, "c2");
    int friend_ = place(&board, &k.ground, BSK_PLAYER_FIRST, "c3");
    reveal_all(&board);
    ck_assert(!bsk_seating_legal_host(&board, parasite, friend_));
    bsk_error error;
    ck_assert_int_eq(bsk_seating_assign(&board, parasite, friend_, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.rule, "211.1");
    bsk_seating_run(&board, NULL, NULL);
    assert_dead(&board, parasite);
    ck_assert_int_eq(bsk_board_at(&board, cell_of("c3")), friend_);
}
END_TEST

START_TEST(test_405_2_c_first_player_parasite_on_row_4_or_rows_1_3)
{
    kit k;
    kit_init(&k);
    for (int cell = 0; cell < BSK_BOARD_CELLS; cell++) {
        bsk_board board;
        bsk_board_init(&board);
        /* the parasite's own cell: any first-player cell other than `cell` */
        int parasite = place(&board, &k.parasite, BSK_PLAYER_FIRST, cell == cell_of("c1") ? "b1" : "c1");
        int host = bsk_board_place(&board, &k.ground, BSK_PLAYER_SECOND, cell); /* rows 1-3: moved there by a feature */
        ck_assert_int_ge(host, 0);
        reveal_all(&board);
        int row = bsk_cell_row(cell);
        bool legal = row == 4 || row <= 3;
        ck_assert_msg(bsk_seating_legal_host(&board, parasite, host) == legal, "host on row %d", row);
        bsk_error error;
        bsk_error_clear(&error);
        bsk_status status = bsk_seating_assign(&board, parasite, host, &error);
        if (legal) {
            ck_assert_int_eq(status, BSK_OK);
            assert_seated(&board, parasite, host);
        } else {
            ck_assert_int_eq(status, BSK_ERR_INVALID);
            ck_assert_str_eq(error.rule, "405.2 c");
        }
    }
}
END_TEST

START_TEST(test_405_2_d_second_player_parasite_on_row_3_or_rows_4_6)
{
    kit k;
    kit_init(&k);
    for (int cell = 0; cell < BSK_BOARD_CELLS; cell++) {
        bsk_board board;
        bsk_board_init(&board);
        int parasite = place(&board, &k.parasite, BSK_PLAYER_SECOND, cell == cell_of("c6") ? "b6" : "c6");
        int host = bsk_board_place(&board, &k.ground, BSK_PLAYER_FIRST, cell);
        ck_assert_int_ge(host, 0);
        reveal_all(&board);
        int row = bsk_cell_row(cell);
        bool legal = row == 3 || row >= 4;
        ck_assert_msg(bsk_seating_legal_host(&board, parasite, host) == legal, "host on row %d", row);
        bsk_error error;
        bsk_error_clear(&error);
        bsk_status status = bsk_seating_assign(&board, parasite, host, &error);
        if (legal) {
            ck_assert_int_eq(status, BSK_OK);
            assert_seated(&board, parasite, host);
        } else {
            ck_assert_int_eq(status, BSK_ERR_INVALID);
            ck_assert_str_eq(error.rule, "405.2 d");
        }
    }
}
END_TEST

START_TEST(test_405_2_c_parasite_row_4_yes_row_5_no_in_a_run)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    int parasite = place(&board, &k.parasite, BSK_PLAYER_FIRST, "c2");
    int row5 = place(&board, &k.ground, BSK_PLAYER_SECOND, "c5");
    int row4 = place(&board, &k.ground, BSK_PLAYER_SECOND, "a4");
    reveal_all(&board);
    chooser_script script;
    script_init(&script);
    script.answer[parasite] = row5; /* illegal: the first legal host is used instead */
    bsk_seating_run(&board, scripted_choice, &script);
    assert_seated(&board, parasite, row4);
    ck_assert_int_eq(bsk_board_at(&board, cell_of("c5")), row5);
}
END_TEST

START_TEST(test_405_2_d_parasite_row_3_yes_row_2_no_in_a_run)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    int row2 = place(&board, &k.ground, BSK_PLAYER_FIRST, "c2");
    int parasite = place(&board, &k.parasite, BSK_PLAYER_SECOND, "c5");
    reveal_all(&board);
    bsk_seating_run(&board, NULL, NULL);
    assert_dead(&board, parasite); /* c2 is not in row 3 */
    ck_assert_int_eq(bsk_board_at(&board, cell_of("c2")), row2);

    bsk_board_init(&board);
    place(&board, &k.ground, BSK_PLAYER_FIRST, "c2");
    int row3 = place(&board, &k.ground, BSK_PLAYER_FIRST, "e3");
    parasite = place(&board, &k.parasite, BSK_PLAYER_SECOND, "c5");
    reveal_all(&board);
    bsk_seating_run(&board, NULL, NULL);
    assert_seated(&board, parasite, row3);
}
END_TEST

START_TEST(test_211_4_no_host_on_flyer_artifact_terrain_or_symbiote)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    int companion = place(&board, &k.companion, BSK_PLAYER_FIRST, "c1");
    int flyer = place(&board, &k.flyer, BSK_PLAYER_FIRST, "b2");
    int artifact = place(&board, &k.artifact, BSK_PLAYER_FIRST, "c2");
    int terrain = place(&board, &k.terrain, BSK_PLAYER_FIRST, "d2");
    int other_companion = place(&board, &k.companion, BSK_PLAYER_FIRST, "b3");
    int own_parasite = place(&board, &k.parasite, BSK_PLAYER_FIRST, "c3");
    /* before the reveal the flyer and terrain still stand on their cells */
    int candidates[] = {flyer, artifact, terrain, other_companion, own_parasite, companion};
    for (size_t i = 0; i < sizeof candidates / sizeof candidates[0]; i++)
        ck_assert(!bsk_seating_legal_host(&board, companion, candidates[i]));
    reveal_all(&board);
    bsk_error error;
    for (size_t i = 0; i < sizeof candidates / sizeof candidates[0]; i++) {
        ck_assert(!bsk_seating_legal_host(&board, companion, candidates[i]));
        bsk_error_clear(&error);
        ck_assert_int_eq(bsk_seating_assign(&board, companion, candidates[i], &error), BSK_ERR_INVALID);
        ck_assert_str_eq(error.rule, "211.4");
    }
    /* the extra zone is not the battlefield either */
    ck_assert_int_eq(board.cards[flyer].zone, BSK_ZONE_EXTRA);
    bsk_seating_run(&board, NULL, NULL);
    assert_dead(&board, companion);
    assert_dead(&board, other_companion);
    assert_dead(&board, own_parasite);
    ck_assert_int_eq(board.cards[flyer].zone, BSK_ZONE_EXTRA);
    ck_assert_int_eq(board.cards[artifact].zone, BSK_ZONE_BATTLEFIELD);
}
END_TEST

START_TEST(test_211_4_parasite_not_on_enemy_flyer_in_extra_zone_or_seated_symbiote)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    int enemy_flyer = place(&board, &k.flyer, BSK_PLAYER_SECOND, "c4");
    int enemy_host = place(&board, &k.ground, BSK_PLAYER_SECOND, "b4");
    int enemy_companion = place(&board, &k.companion, BSK_PLAYER_SECOND, "b5");
    int parasite = place(&board, &k.parasite, BSK_PLAYER_FIRST, "c2");
    reveal_all(&board);
    bsk_error error;
    ck_assert_int_eq(bsk_seating_assign(&board, enemy_companion, enemy_host, &error), BSK_OK);
    ck_assert(!bsk_seating_legal_host(&board, parasite, enemy_flyer));
    ck_assert(!bsk_seating_legal_host(&board, parasite, enemy_companion)); /* seated symbiote on row 4 */
    ck_assert(!bsk_seating_legal_host(&board, parasite, enemy_host));      /* 211.6 */
    ck_assert_int_eq(bsk_seating_assign(&board, parasite, enemy_flyer, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.rule, "211.4");
    ck_assert_int_eq(bsk_seating_assign(&board, parasite, enemy_companion, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.rule, "211.4");
    ck_assert_int_eq(bsk_seating_assign(&board, parasite, enemy_host, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.rule, "211.6");
}
END_TEST

START_TEST(test_211_5_incorporeal_hosts)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    int ghost = place(&board, &k.ghost, BSK_PLAYER_FIRST, "c2");
    int ground = place(&board, &k.ground, BSK_PLAYER_FIRST, "b2");
    int companion = place(&board, &k.companion, BSK_PLAYER_FIRST, "c1");
    int ghost_companion = place(&board, &k.ghost_companion, BSK_PLAYER_FIRST, "d1");
    int enemy_ghost = place(&board, &k.ghost, BSK_PLAYER_SECOND, "c4");
    int parasite = place(&board, &k.parasite, BSK_PLAYER_FIRST, "b1");
    int ghost_parasite = place(&board, &k.ghost_parasite, BSK_PLAYER_FIRST, "b3");
    reveal_all(&board);
    ck_assert(!bsk_seating_legal_host(&board, companion, ghost));
    ck_assert(bsk_seating_legal_host(&board, companion, ground));
    ck_assert(bsk_seating_legal_host(&board, ghost_companion, ghost));
    ck_assert(bsk_seating_legal_host(&board, ghost_companion, ground));
    ck_assert(!bsk_seating_legal_host(&board, parasite, enemy_ghost));
    ck_assert(bsk_seating_legal_host(&board, ghost_parasite, enemy_ghost));
    bsk_error error;
    ck_assert_int_eq(bsk_seating_assign(&board, companion, ghost, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.rule, "211.5");
    ck_assert_int_eq(bsk_seating_assign(&board, parasite, enemy_ghost, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.rule, "211.5");
    /* in a run: the companion can only take the plain creature, the incorporeal one the ghost */
    bsk_seating_run(&board, NULL, NULL);
    assert_seated(&board, companion, ground);
    assert_seated(&board, ghost_companion, ghost);
    assert_seated(&board, ghost_parasite, enemy_ghost);
    assert_dead(&board, parasite);
}
END_TEST

START_TEST(test_211_6_one_symbiote_per_host)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    int host = place(&board, &k.ground, BSK_PLAYER_FIRST, "c3");
    int first = place(&board, &k.companion, BSK_PLAYER_FIRST, "c2");
    int second = place(&board, &k.companion, BSK_PLAYER_FIRST, "c1");
    int parasite = place(&board, &k.parasite, BSK_PLAYER_SECOND, "c4");
    reveal_all(&board);
    bsk_seating_run(&board, NULL, NULL);
    assert_seated(&board, first, host);
    assert_dead(&board, second);
    assert_dead(&board, parasite); /* 405.2: the companion's host cannot also take a parasite */
}
END_TEST

START_TEST(test_405_2_order_companions_of_both_before_parasites)
{
    /* the only host in reach of the first player's parasite takes the second player's
     * companion in step b, before step c */
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    int parasite = place(&board, &k.parasite, BSK_PLAYER_FIRST, "c2");
    int host = place(&board, &k.ground, BSK_PLAYER_SECOND, "c4");
    int companion = place(&board, &k.companion, BSK_PLAYER_SECOND, "c5");
    reveal_all(&board);
    chooser_script script;
    script_init(&script);
    script.answer[parasite] = host;
    bsk_seating_run(&board, scripted_choice, &script);
    assert_seated(&board, companion, host);
    assert_dead(&board, parasite);
    ck_assert_int_eq(script.asked_count, 2);
    ck_assert_int_eq(script.asked[0], companion);
    ck_assert_int_eq(script.asked[1], parasite);
}
END_TEST

START_TEST(test_405_2_steps_a_to_d_in_order)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    /* board order deliberately opposite to the step order */
    int parasite2 = place(&board, &k.parasite, BSK_PLAYER_SECOND, "a5");
    int parasite1 = place(&board, &k.parasite, BSK_PLAYER_FIRST, "a2");
    int companion2 = place(&board, &k.companion, BSK_PLAYER_SECOND, "b5");
    int companion1 = place(&board, &k.companion, BSK_PLAYER_FIRST, "b2");
    int ground1a = place(&board, &k.ground, BSK_PLAYER_FIRST, "c3");
    int ground1b = place(&board, &k.ground, BSK_PLAYER_FIRST, "d3");
    int ground2a = place(&board, &k.ground, BSK_PLAYER_SECOND, "c4");
    int ground2b = place(&board, &k.ground, BSK_PLAYER_SECOND, "d4");
    reveal_all(&board);
    chooser_script script;
    script_init(&script);
    bsk_seating_run(&board, scripted_choice, &script);
    ck_assert_int_eq(script.asked_count, 4);
    ck_assert_int_eq(script.asked[0], companion1);
    ck_assert_int_eq(script.asked[1], companion2);
    ck_assert_int_eq(script.asked[2], parasite1);
    ck_assert_int_eq(script.asked[3], parasite2);
    /* declined everywhere: the first legal host in board order each time */
    assert_seated(&board, companion1, ground1a);
    assert_seated(&board, companion2, ground2a);
    assert_seated(&board, parasite1, ground2b);
    assert_seated(&board, parasite2, ground1b);
}
END_TEST

START_TEST(test_405_2_1_companion_must_be_seated)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    int companion = place(&board, &k.companion, BSK_PLAYER_FIRST, "c1");
    int first_host = place(&board, &k.ground, BSK_PLAYER_FIRST, "b2");
    int second_host = place(&board, &k.ground, BSK_PLAYER_FIRST, "d2");
    int enemy = place(&board, &k.ground, BSK_PLAYER_SECOND, "c4");
    reveal_all(&board);
    bsk_board saved = board;

    /* declines → first legal host */
    chooser_script script;
    script_init(&script);
    bsk_seating_run(&board, scripted_choice, &script);
    assert_seated(&board, companion, first_host);

    /* an illegal choice → first legal host */
    board = saved;
    script_init(&script);
    script.answer[companion] = enemy;
    bsk_seating_run(&board, scripted_choice, &script);
    assert_seated(&board, companion, first_host);

    /* nonsense indexes → first legal host */
    board = saved;
    script.answer[companion] = 63;
    bsk_seating_run(&board, scripted_choice, &script);
    assert_seated(&board, companion, first_host);

    /* a legal choice is honoured */
    board = saved;
    script_init(&script);
    script.answer[companion] = second_host;
    bsk_seating_run(&board, scripted_choice, &script);
    assert_seated(&board, companion, second_host);
    ck_assert_int_eq(bsk_board_at(&board, cell_of("b2")), first_host);
}
END_TEST

START_TEST(test_405_2_2_parasite_must_be_seated_on_a_revealed_host)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    int parasite = place(&board, &k.parasite, BSK_PLAYER_SECOND, "c6");
    int host = place(&board, &k.ground, BSK_PLAYER_FIRST, "b3");
    reveal_all(&board);
    chooser_script script;
    script_init(&script);
    bsk_seating_run(&board, scripted_choice, &script); /* declines */
    assert_seated(&board, parasite, host);
}
END_TEST

START_TEST(test_405_2_2_parasite_with_only_hidden_candidates_may_die)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    /* no reveal: every card is still face down */
    int host = place(&board, &k.ground, BSK_PLAYER_FIRST, "c3");
    int parasite = place(&board, &k.parasite, BSK_PLAYER_SECOND, "c5");
    ck_assert(bsk_seating_legal_host(&board, parasite, host)); /* a hidden card may be assigned */
    bsk_seating_run(&board, NULL, NULL);
    assert_dead(&board, parasite);
    ck_assert(board.cards[host].hidden);
    ck_assert(!board.cards[parasite].hidden);
}
END_TEST

START_TEST(test_405_2_2_parasite_on_hidden_card_reveals_it)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    int host = place(&board, &k.ground, BSK_PLAYER_FIRST, "c3");
    int parasite = place(&board, &k.parasite, BSK_PLAYER_SECOND, "c5");
    chooser_script script;
    script_init(&script);
    script.answer[parasite] = host;
    bsk_seating_run(&board, scripted_choice, &script);
    assert_seated(&board, parasite, host); /* includes: the host is now revealed */
}
END_TEST

START_TEST(test_405_2_2_parasite_on_hidden_illegal_card_dies)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    int flyer = place(&board, &k.flyer, BSK_PLAYER_FIRST, "c3");
    int ghost = place(&board, &k.ghost, BSK_PLAYER_FIRST, "d3");
    int artifact = place(&board, &k.artifact, BSK_PLAYER_FIRST, "b3");
    int parasite_a = place(&board, &k.parasite, BSK_PLAYER_SECOND, "c5");
    int parasite_b = place(&board, &k.parasite, BSK_PLAYER_SECOND, "d5");
    int parasite_c = place(&board, &k.parasite, BSK_PLAYER_SECOND, "b5");
    ck_assert(bsk_seating_legal_host(&board, parasite_a, flyer));
    ck_assert(bsk_seating_legal_host(&board, parasite_b, ghost));
    ck_assert(bsk_seating_legal_host(&board, parasite_c, artifact));
    bsk_error error;
    ck_assert_int_eq(bsk_seating_assign(&board, parasite_a, flyer, &error), BSK_OK);
    assert_dead(&board, parasite_a);
    ck_assert(!board.cards[flyer].hidden);
    ck_assert_int_eq(board.cards[flyer].zone, BSK_ZONE_EXTRA); /* a revealed flyer leaves (210.1) */
    ck_assert_int_eq(bsk_seating_assign(&board, parasite_b, ghost, &error), BSK_OK);
    assert_dead(&board, parasite_b); /* 211.5 once revealed */
    ck_assert(!board.cards[ghost].hidden);
    ck_assert_int_eq(bsk_board_at(&board, cell_of("d3")), ghost);
    ck_assert_int_eq(bsk_seating_assign(&board, parasite_c, artifact, &error), BSK_OK);
    assert_dead(&board, parasite_c);
    ck_assert(!board.cards[artifact].hidden);
    ck_assert_int_eq(bsk_board_at(&board, cell_of("b3")), artifact);
    /* a dead parasite is no longer a symbiote to seat */
    ck_assert_int_eq(bsk_seating_assign(&board, parasite_c, ghost, &error), BSK_ERR_INVALID);
}
END_TEST

START_TEST(test_405_2_1_companion_not_on_hidden_terrain)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    int terrain = place(&board, &k.terrain, BSK_PLAYER_SECOND, "b6");
    int hidden_ground = place(&board, &k.ground, BSK_PLAYER_SECOND, "d6");
    int companion = place(&board, &k.companion, BSK_PLAYER_SECOND, "c5");
    bsk_error error;
    ck_assert_int_eq(bsk_board_reveal(&board, cells_of("b6 d6"), &error), BSK_OK);
    ck_assert(board.cards[terrain].hidden);
    ck_assert(!bsk_seating_legal_host(&board, companion, terrain));
    ck_assert_int_eq(bsk_seating_assign(&board, companion, terrain, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.rule, "405.2.1");
    ck_assert(board.cards[terrain].hidden); /* a refused assignment changes nothing */
    ck_assert(bsk_seating_legal_host(&board, companion, hidden_ground));
    chooser_script script;
    script_init(&script);
    script.answer[companion] = terrain;
    bsk_seating_run(&board, scripted_choice, &script);
    assert_seated(&board, companion, hidden_ground); /* 405.2.2: the host is revealed */
    ck_assert(board.cards[terrain].hidden);
}
END_TEST

START_TEST(test_ambiguity_8_hidden_symbiotes_are_revealed_and_seated)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    int host = place(&board, &k.ground, BSK_PLAYER_SECOND, "c4");
    int companion = place(&board, &k.companion, BSK_PLAYER_SECOND, "a6");
    int parasite = place(&board, &k.parasite, BSK_PLAYER_SECOND, "e6");
    int enemy = place(&board, &k.ground, BSK_PLAYER_FIRST, "a3");
    int lonely = place(&board, &k.companion, BSK_PLAYER_SECOND, "c6");
    bsk_error error;
    ck_assert_int_eq(bsk_board_reveal(&board, cells_of("a6 e6 c6"), &error), BSK_OK);
    ck_assert(board.cards[companion].hidden && board.cards[parasite].hidden && board.cards[lonely].hidden);
    chooser_script script;
    script_init(&script); /* scripted_choice asserts each symbiote is face up when asked */
    bsk_seating_run(&board, scripted_choice, &script);
    assert_seated(&board, companion, host);
    assert_seated(&board, parasite, enemy);
    assert_dead(&board, lonely);
    ck_assert(!board.cards[lonely].hidden);
    ck_assert_int_eq(bsk_board_at(&board, cell_of("a6")), -1);
    ck_assert_int_eq(bsk_board_at(&board, cell_of("e6")), -1);
}
END_TEST

START_TEST(test_405_2_e_unhosted_symbiotes_die)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    int companion1 = place(&board, &k.companion, BSK_PLAYER_FIRST, "c2");
    place(&board, &k.flyer, BSK_PLAYER_FIRST, "c3");
    int parasite1 = place(&board, &k.parasite, BSK_PLAYER_FIRST, "b2");
    int companion2 = place(&board, &k.companion, BSK_PLAYER_SECOND, "c4");
    int parasite2 = place(&board, &k.parasite, BSK_PLAYER_SECOND, "c5");
    place(&board, &k.ground, BSK_PLAYER_FIRST, "c1"); /* row 1: out of the second player's parasites' reach */
    int artifact2 = place(&board, &k.artifact, BSK_PLAYER_SECOND, "c6");
    reveal_all(&board);
    bsk_seating_run(&board, NULL, NULL);
    /* companion1 had a host (c1) */
    ck_assert_int_eq(board.cards[companion1].host, bsk_board_at(&board, cell_of("c1")));
    assert_dead(&board, parasite1);
    assert_dead(&board, companion2);
    assert_dead(&board, parasite2);
    ck_assert_int_eq(bsk_board_at(&board, cell_of("c4")), -1);
    ck_assert_int_eq(bsk_board_at(&board, cell_of("c5")), -1);
    ck_assert_int_eq(bsk_board_at(&board, cell_of("c6")), artifact2);
}
END_TEST

START_TEST(test_211_9_symbiote_shares_its_hosts_cell)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    int parasite = place(&board, &k.parasite, BSK_PLAYER_FIRST, "b2");
    int host = place(&board, &k.ground, BSK_PLAYER_SECOND, "e4");
    reveal_all(&board);
    bsk_error error;
    ck_assert_int_eq(bsk_seating_assign(&board, parasite, host, &error), BSK_OK);
    ck_assert_int_eq(board.cards[parasite].cell, cell_of("e4"));
    ck_assert_int_eq(board.cards[parasite].owner, BSK_PLAYER_FIRST);
    ck_assert_int_eq(bsk_board_at(&board, cell_of("e4")), host);
    ck_assert_int_eq(bsk_board_at(&board, cell_of("b2")), -1);
    /* the freed cell takes a card again; the shared one does not */
    ck_assert_int_ge(bsk_board_place(&board, &k.ground, BSK_PLAYER_FIRST, cell_of("b2")), 0);
    ck_assert_int_eq(bsk_board_place(&board, &k.ground, BSK_PLAYER_SECOND, cell_of("e4")), -1);
    /* a seated symbiote is not seated again */
    ck_assert_int_eq(bsk_seating_assign(&board, parasite, host, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.rule, "405.2");
    bsk_seating_run(&board, NULL, NULL);
    assert_seated(&board, parasite, host);
}
END_TEST

START_TEST(test_405_2_assign_refuses_what_is_not_a_symbiote)
{
    kit k;
    kit_init(&k);
    bsk_board board;
    bsk_board_init(&board);
    int ground = place(&board, &k.ground, BSK_PLAYER_FIRST, "c2");
    int other = place(&board, &k.ground, BSK_PLAYER_FIRST, "c3");
    int companion = place(&board, &k.companion, BSK_PLAYER_FIRST, "c1");
    reveal_all(&board);
    bsk_error error;
    ck_assert(!bsk_seating_legal_host(&board, ground, other));
    ck_assert_int_eq(bsk_seating_assign(&board, ground, other, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.rule, "211.1");
    ck_assert(!bsk_seating_legal_host(&board, -1, other));
    ck_assert(!bsk_seating_legal_host(&board, 40, other));
    ck_assert(!bsk_seating_legal_host(&board, companion, -1));
    ck_assert(!bsk_seating_legal_host(&board, companion, board.count));
    ck_assert_int_eq(bsk_seating_assign(&board, companion, 50, &error), BSK_ERR_INVALID);
    ck_assert_int_eq(bsk_seating_assign(&board, 50, other, &error), BSK_ERR_INVALID);
    ck_assert_int_eq(bsk_seating_assign(&board, companion, other, NULL), BSK_OK);
    assert_seated(&board, companion, other);
}
END_TEST

START_TEST(test_405_2_full_reveal_and_seating)
{
    /* both squads auto-placed, revealed with a hidden row 6 card, then seated */
    kit k;
    kit_init(&k);
    const bsk_card *first_squad[5] = {&k.ground, &k.companion, &k.parasite, &k.flyer, &k.terrain};
    const bsk_card *second_squad[5] = {&k.ground, &k.ground, &k.companion, &k.parasite, &k.artifact};
    bsk_board board;
    bsk_board_init(&board);
    int index_of[2][5];
    for (int player = BSK_PLAYER_FIRST; player <= BSK_PLAYER_SECOND; player++) {
        bsk_placement placement;
        bsk_placement_init(&placement, player);
        ck_assert_int_eq(bsk_placement_auto(&placement, 5), 5);
        for (int cell = 0; cell < BSK_BOARD_CELLS; cell++)
            if (placement.occupant[cell] >= 0) {
                const bsk_card *card = (player == 1 ? first_squad : second_squad)[placement.occupant[cell]];
                index_of[player - 1][placement.occupant[cell]] = bsk_board_place(&board, card, player, cell);
            }
    }
    ck_assert_int_eq(board.count, 10);
    bsk_error error;
    ck_assert_int_eq(bsk_board_reveal(&board, 0, &error), BSK_OK);
    bsk_seating_run(&board, NULL, NULL);
    /* first: c3 ground, b3 companion, d3 parasite, c2 flyer, b2 terrain;
     * second: c4 ground, b4 ground, d4 companion, a4 parasite, e4 artifact;
     * board order follows the cells, so b4 comes before c4 */
    assert_seated(&board, index_of[0][1], index_of[0][0]); /* a: companion on own c3 */
    assert_seated(&board, index_of[1][2], index_of[1][1]); /* b: companion on own b4 */
    assert_seated(&board, index_of[0][2], index_of[1][0]); /* c: parasite on c4 (b4 taken) */
    assert_dead(&board, index_of[1][3]);                   /* d: c3 carries the companion */
    ck_assert_int_eq(board.cards[index_of[0][3]].zone, BSK_ZONE_EXTRA);
    ck_assert_int_eq(board.cards[index_of[0][4]].zone, BSK_ZONE_EXTRA);
    ck_assert_int_eq(bsk_board_at(&board, cell_of("e4")), index_of[1][4]);
}
END_TEST

Suite *placement_suite(void)
{
    Suite *suite = suite_create("placement");

    TCase *cells = tcase_create("cells");
    tcase_add_test(cells, test_board_cell_parse_and_format_round_trip_all_30);
    tcase_add_test(cells, test_board_cell_parse_rejects_malformed);
    tcase_add_test(cells, test_board_cell_parse_is_case_insensitive);
    tcase_add_test(cells, test_board_cell_off_the_board);
    tcase_add_test(cells, test_404_1_1_halves_rows_1_3_and_4_6);
    suite_add_tcase(suite, cells);

    TCase *tiers = tcase_create("tiers");
    tcase_add_test(tiers, test_404_1_2_first_player_tier_1_cells);
    tcase_add_test(tiers, test_404_1_2_first_player_tier_2_cells);
    tcase_add_test(tiers, test_404_1_2_first_player_tier_3_cells);
    tcase_add_test(tiers, test_404_1_3_second_player_tier_1_cells);
    tcase_add_test(tiers, test_404_1_3_second_player_tier_2_cells);
    tcase_add_test(tiers, test_404_1_tier_of_every_cell_for_both_players);
    tcase_add_test(tiers, test_404_1_2_first_player_legal_cells_at_start);
    tcase_add_test(tiers, test_404_1_3_second_player_legal_cells_at_start);
    tcase_add_test(tiers, test_404_1_2_first_player_edges_shut_until_all_9_centre_cells);
    tcase_add_test(tiers, test_404_1_2_first_player_a3_e3_shut_until_tiers_1_and_2_full);
    tcase_add_test(tiers, test_404_1_3_second_player_edges_shut_until_all_11_tier_1_cells);
    tcase_add_test(tiers, test_404_1_2_first_player_tier_opening_sequence);
    tcase_add_test(tiers, test_404_1_3_second_player_five_cards_on_row_4);
    tcase_add_test(tiers, test_404_1_2_first_player_nine_cards_fill_the_centre);
    suite_add_tcase(suite, tiers);

    TCase *placing = tcase_create("placing");
    tcase_add_test(placing, test_404_1_4_forbidden_cell_counts_as_occupied);
    tcase_add_test(placing, test_404_1_4_forbidden_cells_of_the_second_player);
    tcase_add_test(placing, test_404_1_4_whole_tier_forbidden_opens_the_next);
    tcase_add_test(placing, test_403_2_3_e_capacity_is_15_minus_forbidden);
    tcase_add_test(placing, test_404_1_1_outside_half);
    tcase_add_test(placing, test_404_1_1_one_card_per_cell);
    tcase_add_test(placing, test_404_1_place_result_ids_and_reasons);
    tcase_add_test(placing, test_404_1_2_and_404_1_3_not_allowed_rules);
    tcase_add_test(placing, test_404_1_1_put_records_the_squad_index);
    tcase_add_test(placing, test_404_1_auto_placement_is_legal_and_tier_ordered);
    tcase_add_test(placing, test_404_1_auto_placement_fixed_order);
    tcase_add_test(placing, test_404_1_2_auto_twelve_cards_of_the_first_player);
    tcase_add_test(placing, test_404_1_auto_placement_limits);
    suite_add_tcase(suite, placing);

    TCase *reveal = tcase_create("reveal");
    tcase_add_test(reveal, test_404_1_1_board_place_face_down);
    tcase_add_test(reveal, test_404_1_1_board_holds_at_most_64_cards);
    tcase_add_test(reveal, test_405_1_reveal_moves_flyers_and_terrains_to_the_extra_zone);
    tcase_add_test(reveal, test_405_1_second_player_keeps_row_6_cards_hidden);
    tcase_add_test(reveal, test_405_1_only_row_6_cells_of_the_second_player_may_stay_hidden);
    tcase_add_test(reveal, test_405_1_kept_hidden_cell_must_hold_a_second_player_card);
    suite_add_tcase(suite, reveal);

    TCase *seating = tcase_create("seating");
    tcase_add_test(seating, test_405_2_a_companion_seats_on_own_ground_creature);
    tcase_add_test(seating, test_405_2_b_second_player_companion_seats_on_own_ground_creature);
    tcase_add_test(seating, test_211_1_companion_only_on_own_squad);
    tcase_add_test(seating, test_211_1_parasite_only_on_the_opponent);
    tcase_add_test(seating, test_405_2_c_first_player_parasite_on_row_4_or_rows_1_3);
    tcase_add_test(seating, test_405_2_d_second_player_parasite_on_row_3_or_rows_4_6);
    tcase_add_test(seating, test_405_2_c_parasite_row_4_yes_row_5_no_in_a_run);
    tcase_add_test(seating, test_405_2_d_parasite_row_3_yes_row_2_no_in_a_run);
    tcase_add_test(seating, test_211_4_no_host_on_flyer_artifact_terrain_or_symbiote);
    tcase_add_test(seating, test_211_4_parasite_not_on_enemy_flyer_in_extra_zone_or_seated_symbiote);
    tcase_add_test(seating, test_211_5_incorporeal_hosts);
    tcase_add_test(seating, test_211_6_one_symbiote_per_host);
    tcase_add_test(seating, test_405_2_order_companions_of_both_before_parasites);
    tcase_add_test(seating, test_405_2_steps_a_to_d_in_order);
    tcase_add_test(seating, test_405_2_1_companion_must_be_seated);
    tcase_add_test(seating, test_405_2_2_parasite_must_be_seated_on_a_revealed_host);
    tcase_add_test(seating, test_405_2_2_parasite_with_only_hidden_candidates_may_die);
    tcase_add_test(seating, test_405_2_2_parasite_on_hidden_card_reveals_it);
    tcase_add_test(seating, test_405_2_2_parasite_on_hidden_illegal_card_dies);
    tcase_add_test(seating, test_405_2_1_companion_not_on_hidden_terrain);
    tcase_add_test(seating, test_ambiguity_8_hidden_symbiotes_are_revealed_and_seated);
    tcase_add_test(seating, test_405_2_e_unhosted_symbiotes_die);
    tcase_add_test(seating, test_211_9_symbiote_shares_its_hosts_cell);
    tcase_add_test(seating, test_405_2_assign_refuses_what_is_not_a_symbiote);
    tcase_add_test(seating, test_405_2_full_reveal_and_seating);
    suite_add_tcase(suite, seating);
    return suite;
}
