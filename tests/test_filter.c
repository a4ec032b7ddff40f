/* test_filter.c — card filters (glossary §6.2 CardFilter; lib/src/engine/filter.c): each field of
 * bsk_feature_filter selecting and excluding through engine_filter_matches, the table's filter list
 * (equal filters share an index, filter 0 is any card), 533.6 (an opponent's face-down card's face
 * is not read; a chosen target may assume it), the counts and sets, and the legal choices of a
 * feature whose chosen target has a filter. The rules' cases run as positions
 * (tests/positions/glossary-filter-*). */
#include "../lib/src/engine/engine.h"
#include "engine_fixture.h"
#include "suites.h"

#include <check.h>
#include <stddef.h>
#include <string.h>

static bsk_card_table table;
static bsk_match m;
static bsk_card pawn, knight, totem, falcon, dwarf;
/* units: 0 viewer (own, c2), 1 own pawn b2 (wounded), 2 enemy pawn c4 (tapped, poisoned),
 * 3 enemy knight d4 (elite, armor gained), 4 enemy totem e4 (artifact), 5 enemy falcon (extra zone),
 * 6 enemy dwarf c5 (hidden), 7 own pawn c1 (hidden) */
enum { VIEWER, OWN_PAWN, ENEMY_PAWN, KNIGHT, TOTEM, FALCON, DWARF, OWN_HIDDEN, UNITS };

static void setup(void)
{
    pawn = make_card("f-pawn", "f-pawn", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 2, false, 8, 1, 1, 1, 1);
    pawn.elements = 1u << BSK_ELEMENT_PLAINS;
    knight = make_card("f-knight", "f-knight", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 5, true, 9, 1, 1, 1, 1);
    knight.elements = 1u << BSK_ELEMENT_MOUNTAINS;
    totem = make_card("f-totem", "f-totem", BSK_TYPE_ARTIFACT, BSK_SUBTYPE_NONE, 4, false, 6, BSK_UNSET, 0, 0, 0);
    totem.simple_strike[0] = BSK_UNSET;
    falcon = make_card("f-falcon", "f-falcon", BSK_TYPE_CREATURE, BSK_SUBTYPE_FLYER, 3, false, 5, BSK_UNSET, 1, 1, 1);
    dwarf = make_card("f-dwarf", "f-dwarf", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 3, false, 8, 1, 1, 1, 1);
    dwarf.class_count = 1;
    dwarf.classes[0] = BSK_CLASS_DWARF;
    dwarf.elements = 1u << BSK_ELEMENT_MOUNTAINS;
    static bsk_position pos;
    memset(&pos, 0, sizeof pos);
    put(&pos, &pawn, 1, "c2");
    put(&pos, &pawn, 1, "b2")->wounds = 1;
    bsk_position_card *p = put(&pos, &pawn, 2, "c4");
    p->tapped = true;
    p->poison = 1;
    put(&pos, &knight, 2, "d4")->gains = 1ull << BSK_KEYWORD_ARMOR;
    put(&pos, &totem, 2, "e4");
    put(&pos, &falcon, 2, "extra");
    put(&pos, &dwarf, 2, "c5")->hidden = true;
    put(&pos, &pawn, 1, "c1")->hidden = true;
    bsk_card_table_init(&table);
    start(&m, &table, &pos, 3, NULL, 0);
}

/* The set of units (bit u) the filter matches from the viewer. */
static unsigned matching(const bsk_feature_filter *f)
{
    int index = bsk_card_table_add_filter(&table, f);
    ck_assert_int_ge(index, 0);
    unsigned set = 0;
    for (int u = 0; u < UNITS; u++)
        if (engine_filter_matches(&m, &table, index, VIEWER, u))
            set |= 1u << u;
    return set;
}

static bsk_feature_filter none(void)
{
    bsk_feature_filter f;
    memset(&f, 0, sizeof f);
    return f;
}

#define BIT(u) (1u << (u))
#define ALL_UNITS ((1u << UNITS) - 1)

START_TEST(test_filter_table_shares_equal_filters)
{
    setup();
    bsk_feature_filter any = none(), enemy = none();
    enemy.side = BSK_FILTER_SIDE_ENEMY;
    ck_assert_int_eq(bsk_card_table_add_filter(&table, &any), 0); /* filter 0: any card */
    int a = bsk_card_table_add_filter(&table, &enemy);
    ck_assert_int_gt(a, 0);
    ck_assert_int_eq(bsk_card_table_add_filter(&table, &enemy), a);
    ck_assert_int_eq(table.filter_count, a + 1);
    for (int i = table.filter_count; i < BSK_CARD_TABLE_FILTERS_MAX; i++) {
        bsk_feature_filter f = none();
        f.cost_op = BSK_FILTER_COST_EQ;
        f.cost_value = (int8_t)i;
        ck_assert_int_eq(bsk_card_table_add_filter(&table, &f), i);
    }
    bsk_feature_filter full = none();
    full.in_row = 3;
    ck_assert_int_eq(bsk_card_table_add_filter(&table, &full), -1);
    ck_assert_int_eq(matching(&any), ALL_UNITS); /* the empty filter matches every card */
}
END_TEST

/* The card table's filter_tests (engine_filter_tests): every field a filter can set beyond its side, "not_self" and
 * "fewest_wounds" (and the companions of another: a marker's min and counting, a cost's value) puts its filter in
 * the place or the face group, so matching never skips it. */
START_TEST(test_filter_tests_name_every_field)
{
    static const struct { size_t at, size; } exempt[] = {
        {offsetof(bsk_feature_filter, side), 1},          {offsetof(bsk_feature_filter, not_self), 1},
        {offsetof(bsk_feature_filter, fewest_wounds), 1}, {offsetof(bsk_feature_filter, marker_min), 1},
        {offsetof(bsk_feature_filter, marker_counting), 1}, {offsetof(bsk_feature_filter, cell_marker_min), 1},
        {offsetof(bsk_feature_filter, cost_value), 1}};
    /* the bytes of its fields (a padding byte sets no field: each field's offset and size, in order) */
    static const struct { size_t at, size; } fields[] = {
#define FIELD(name) {offsetof(bsk_feature_filter, name), sizeof(((bsk_feature_filter *)0)->name)}
        FIELD(classes), FIELD(keywords), FIELD(name_key), FIELD(types), FIELD(subtypes), FIELD(subtypes_not),
        FIELD(elements), FIELD(side), FIELD(states), FIELD(incorporeal), FIELD(adjacent_to), FIELD(in_row),
        FIELD(cost_op), FIELD(cost_value), FIELD(elite), FIELD(not_self), FIELD(line), FIELD(diagonal_to),
        FIELD(behind), FIELD(in_front), FIELD(marker), FIELD(marker_min), FIELD(marker_counting), FIELD(element_of),
        FIELD(moved_last_turn), FIELD(left_of), FIELD(right_of), FIELD(fewest_wounds), FIELD(moved_this_turn),
        FIELD(within), FIELD(cell_marker), FIELD(cell_marker_min), FIELD(same_cell), FIELD(magic_ability),
        FIELD(life_parity), FIELD(armor_left)
#undef FIELD
    };
    size_t covered = 0;
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        covered += fields[i].size;
    size_t last = sizeof fields / sizeof fields[0] - 1;
    /* the list has every field up to the last one listed, no byte between them unlisted (a field inserted among
     * them fails here; one appended after the last is for its author to add, as the struct's comment says) */
    ck_assert_uint_eq(covered, fields[last].at + fields[last].size);
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        bool skip = false;
        for (size_t e = 0; e < sizeof exempt / sizeof exempt[0]; e++)
            skip |= exempt[e].at == fields[i].at;
        bsk_feature_filter f;
        memset(&f, 0, sizeof f);
        memset((unsigned char *)&f + fields[i].at, 1, 1); /* its lowest byte (little-endian), a value of 1 */
        unsigned tests = engine_filter_tests(&f);
        if (skip)
            ck_assert_uint_eq(tests, 0);
        else
            ck_assert_msg(tests != 0, "the filter field at byte %zu is in no group of engine_filter_tests", fields[i].at);
    }
}
END_TEST

START_TEST(test_filter_face_fields)
{
    setup();
    bsk_feature_filter f = none();
    f.types = 1u << BSK_TYPE_ARTIFACT;
    ck_assert_uint_eq(matching(&f), BIT(TOTEM));
    f = none();
    f.subtypes = 1u << BSK_SUBTYPE_FLYER;
    ck_assert_uint_eq(matching(&f), BIT(FALCON));
    f = none();
    f.types = 1u << BSK_TYPE_CREATURE;
    f.subtypes_not = 1u << BSK_SUBTYPE_FLYER; /* the hidden dwarf's face is not read (533.6) */
    ck_assert_uint_eq(matching(&f), BIT(VIEWER) | BIT(OWN_PAWN) | BIT(ENEMY_PAWN) | BIT(KNIGHT) | BIT(OWN_HIDDEN));
    f = none();
    f.elements = 1u << BSK_ELEMENT_MOUNTAINS;
    ck_assert_uint_eq(matching(&f), BIT(KNIGHT));
    f = none();
    f.classes = 1ull << BSK_CLASS_DWARF;
    ck_assert_uint_eq(matching(&f), 0); /* the only dwarf is the opponent's face-down card */
    f = none();
    f.keywords = 1ull << BSK_KEYWORD_ARMOR; /* acquired: engine_char_keywords */
    ck_assert_uint_eq(matching(&f), BIT(KNIGHT));
    f = none();
    f.incorporeal = BSK_FILTER_NO;
    f.side = BSK_FILTER_SIDE_OWN;
    ck_assert_uint_eq(matching(&f), BIT(VIEWER) | BIT(OWN_PAWN) | BIT(OWN_HIDDEN));
    f = none();
    f.incorporeal = BSK_FILTER_YES;
    ck_assert_uint_eq(matching(&f), 0);
    f = none();
    f.elite = BSK_FILTER_YES;
    ck_assert_uint_eq(matching(&f), BIT(KNIGHT));
    f = none();
    f.cost_op = BSK_FILTER_COST_LE;
    f.cost_value = 3;
    ck_assert_uint_eq(matching(&f), BIT(VIEWER) | BIT(OWN_PAWN) | BIT(ENEMY_PAWN) | BIT(FALCON) | BIT(OWN_HIDDEN));
    f.cost_op = BSK_FILTER_COST_GT;
    f.cost_value = -1; /* "self": the viewer's cost, 2 */
    ck_assert_uint_eq(matching(&f), BIT(KNIGHT) | BIT(TOTEM) | BIT(FALCON));
    f.cost_op = BSK_FILTER_COST_EQ;
    ck_assert_uint_eq(matching(&f), BIT(VIEWER) | BIT(OWN_PAWN) | BIT(ENEMY_PAWN) | BIT(OWN_HIDDEN));
    f = none();
    f.name_key = bsk_card_name_key("F-KNIGHT"); /* names compare normalised (DESIGN §2) */
    ck_assert_uint_eq(matching(&f), BIT(KNIGHT));
}
END_TEST

START_TEST(test_filter_public_fields)
{
    setup();
    bsk_feature_filter f = none();
    f.side = BSK_FILTER_SIDE_ENEMY;
    ck_assert_uint_eq(matching(&f), BIT(ENEMY_PAWN) | BIT(KNIGHT) | BIT(TOTEM) | BIT(FALCON) | BIT(DWARF));
    f = none();
    f.states = BSK_FILTER_TAPPED;
    ck_assert_uint_eq(matching(&f), BIT(ENEMY_PAWN));
    f.states = BSK_FILTER_UNTAPPED | BSK_FILTER_WOUNDED;
    ck_assert_uint_eq(matching(&f), BIT(OWN_PAWN));
    f.states = BSK_FILTER_HIDDEN; /* face-down is public: the dwarf's too */
    ck_assert_uint_eq(matching(&f), BIT(DWARF) | BIT(OWN_HIDDEN));
    f.states = BSK_FILTER_POISONED;
    ck_assert_uint_eq(matching(&f), BIT(ENEMY_PAWN));
    f.states = BSK_FILTER_COUNTERS; /* incarn7: «с {counter}» (123), one counter or more */
    ck_assert_uint_eq(matching(&f), 0);
    m.units[KNIGHT].counters = 2;
    ck_assert_uint_eq(matching(&f), BIT(KNIGHT));
    f.states = BSK_FILTER_COUNTERS | BSK_FILTER_TAPPED;
    ck_assert_uint_eq(matching(&f), 0);
    m.units[KNIGHT].counters = 0;
    f.states = BSK_FILTER_EXTRA_LIFE; /* vamp8: «с дополнительной {health}» (508.4), one or more; negative life is none */
    ck_assert_uint_eq(matching(&f), 0);
    m.units[KNIGHT].extra_life = -1;
    ck_assert_uint_eq(matching(&f), 0);
    m.units[KNIGHT].extra_life = 1;
    ck_assert_uint_eq(matching(&f), BIT(KNIGHT));
    m.units[KNIGHT].extra_life = 0;
    f.states = BSK_FILTER_UNWOUNDED | BSK_FILTER_TAPPED;
    ck_assert_uint_eq(matching(&f), BIT(ENEMY_PAWN));
    f = none();
    f.adjacent_to = BSK_FILTER_NEAR_SELF; /* c2: b2 and c1 beside it; never itself */
    ck_assert_uint_eq(matching(&f), BIT(OWN_PAWN) | BIT(OWN_HIDDEN));
    f = none();
    f.in_row = 2; /* the viewer's second row: global row 2 */
    ck_assert_uint_eq(matching(&f), BIT(VIEWER) | BIT(OWN_PAWN));
    f.in_row = 3;
    ck_assert_uint_eq(matching(&f), BIT(OWN_HIDDEN));
    f.in_row = 1; /* the enemy's rows are not the viewer's; the extra zone has none */
    ck_assert_uint_eq(matching(&f), 0);
    f = none();
    f.line = BSK_FILTER_LINE_COLUMN;
    ck_assert_uint_eq(matching(&f), BIT(VIEWER) | BIT(ENEMY_PAWN) | BIT(DWARF) | BIT(OWN_HIDDEN));
    f.line = BSK_FILTER_LINE_ROW;
    ck_assert_uint_eq(matching(&f), BIT(VIEWER) | BIT(OWN_PAWN));
    f.not_self = 1;
    ck_assert_uint_eq(matching(&f), BIT(OWN_PAWN));
}
END_TEST

/* 533.6, 533.7: an opponent's face-down card is not known to have a face fact (all, counts) but may
 * be chosen as having it; the owner's own face-down card is read truly. The viewer may also be
 * the opponent: then the dwarf is its own card. */
START_TEST(test_filter_hidden_face)
{
    setup();
    bsk_feature_filter f = none();
    f.classes = 1ull << BSK_CLASS_DWARF;
    int dwarves = bsk_card_table_add_filter(&table, &f);
    ck_assert(!engine_filter_matches(&m, &table, dwarves, VIEWER, DWARF));
    ck_assert(engine_filter_may_choose(&m, &table, dwarves, VIEWER, -1, DWARF));
    ck_assert(engine_filter_matches(&m, &table, dwarves, KNIGHT, DWARF)); /* its own side: the truth */
    f = none();
    f.elements = 1u << BSK_ELEMENT_PLAINS;
    int plains = bsk_card_table_add_filter(&table, &f);
    ck_assert(engine_filter_matches(&m, &table, plains, VIEWER, OWN_HIDDEN));
    ck_assert(!engine_filter_matches(&m, &table, plains, KNIGHT, OWN_HIDDEN));
    ck_assert(!engine_filter_may_choose(&m, &table, plains, VIEWER, -1, KNIGHT)); /* revealed: the truth */
    f = none();
    f.types = 1u << BSK_TYPE_CREATURE;
    f.side = BSK_FILTER_SIDE_ENEMY;
    int creatures = bsk_card_table_add_filter(&table, &f);
    /* counted: the pawn, the knight and the falcon; not the totem, not the face-down dwarf */
    ck_assert_int_eq(engine_filter_count(&m, &table, creatures, VIEWER, -1), 3);
    ck_assert_uint_eq(engine_filter_all(&m, &table, creatures, VIEWER, -1),
                      BIT(ENEMY_PAWN) | BIT(KNIGHT) | BIT(FALCON));
}
END_TEST

/* "adjacent_to":"target" / "actor": adjacent to the anchor the caller names; none: nothing. */
START_TEST(test_filter_adjacent_to_anchor)
{
    setup();
    bsk_feature_filter f = none();
    f.adjacent_to = BSK_FILTER_NEAR_TARGET;
    int near = bsk_card_table_add_filter(&table, &f);
    ck_assert_uint_eq(engine_filter_all(&m, &table, near, VIEWER, ENEMY_PAWN), BIT(KNIGHT) | BIT(DWARF));
    ck_assert_uint_eq(engine_filter_all(&m, &table, near, VIEWER, -1), 0);
}
END_TEST

/* A chosen target with a filter (glossary §6.2 Ability.target {"count":1,"filter"}): the legal
 * declarations of the activated feature are exactly the matching cards of the battle zone. */
START_TEST(test_filter_chosen_target_legal_list)
{
    bsk_card hunter = make_card("f-hunter", "f-hunter", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 3, false, 8, 1, 1, 1, 1);
    bsk_card target = make_card("f-target", "f-target", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 3, false, 8, 1, 1, 1, 1);
    static bsk_position pos;
    memset(&pos, 0, sizeof pos);
    put(&pos, &hunter, 1, "c2");
    put(&pos, &target, 2, "c4")->wounds = 1;
    put(&pos, &target, 2, "d4");
    put(&pos, &target, 1, "b2")->wounds = 2;
    bsk_card_table_init(&table);
    bsk_feature_filter f = none();
    f.states = BSK_FILTER_WOUNDED;
    int wounded = bsk_card_table_add_filter(&table, &f);
    bsk_feature feature =
        bsk_feature_simple(BSK_FEATURE_ACTIVATED, BSK_EVENT_NONE, BSK_OP_WOUND, BSK_TARGET_CHOSEN, 1, 1, 0, 0);
    feature.effects[0].filter = (uint8_t)wounded;
    give(&table, &hunter, feature);
    start(&m, &table, &pos, 3, NULL, 0);
    ck_assert(offered(&m, &table, BSK_ACT_FEATURE, 0, 1));
    ck_assert(!offered(&m, &table, BSK_ACT_FEATURE, 0, 2)); /* unwounded */
    ck_assert(offered(&m, &table, BSK_ACT_FEATURE, 0, 3));  /* own cards too: the filter names no side */
    ck_assert(!offered(&m, &table, BSK_ACT_FEATURE, 0, -1));
    act(&m, &table, BSK_ACT_FEATURE, 1, 0, 1, -1, 0);
    ck_assert_int_eq(m.units[1].wounds, 2);
}
END_TEST

/* describe.c names the filtered selectors and the count (the filter itself is the table's). */
START_TEST(test_filter_selectors_in_words)
{
    char text[256];
    bsk_feature f = bsk_feature_simple(BSK_FEATURE_ACTIVATED, BSK_EVENT_NONE, BSK_OP_WOUND, BSK_TARGET_CHOSEN, 1, 1, 0, 0);
    bsk_feature_describe(&f, text, sizeof text);
    ck_assert_msg(strstr(text, "wound a chosen card matching its filter by 1") != NULL, "%s", text);
    f.effects[0].target = BSK_TARGET_ALL;
    f.effects[0].value = (bsk_expr){BSK_EXPR_COUNT, 1, 0};
    bsk_feature_describe(&f, text, sizeof text);
    ck_assert_msg(strstr(text, "wound every card matching its filter by the number of cards matching a filter") != NULL,
                  "%s", text);
}
END_TEST

/* move8 (issue 23): "same_cell" — the card on the feature card's cell (524.2: an incorporeal creature shares the
 * cell it stepped onto), never that card itself — and "magic_ability" (glossary «Магическая способность»: a magic
 * strike, a discharge, a spell; a shot is none; an opponent's face-down card's face is not read, 533.6). */
START_TEST(test_filter_same_cell_and_magic_ability)
{
    bsk_card ghost = make_card("f-ghost", "f-ghost", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 3, false, 5, 2, 1, 1, 1);
    add_keyword(&ghost, BSK_KEYWORD_INCORPOREAL, -1);
    bsk_card mage = make_card("f-mage", "f-mage", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 3, false, 6, 1, 1, 1, 1);
    add_attack(&mage, BSK_KEYWORD_MAGIC_STRIKE, BSK_ACTIVATION_TAP, 1, 1, 1, 0);
    bsk_card oracle = make_card("f-oracle", "f-oracle", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 3, false, 6, 1, 1, 1, 1);
    add_attack(&oracle, BSK_KEYWORD_DISCHARGE, BSK_ACTIVATION_TAP, 1, 2, 2, 0);
    bsk_card archer = make_card("f-archer", "f-archer", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 3, false, 6, 1, 1, 1, 1);
    add_attack(&archer, BSK_KEYWORD_SHOT, BSK_ACTIVATION_TAP, 1, 1, 1, 0);
    bsk_card caster = make_card("f-caster", "f-caster", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 3, false, 6, 1, 1, 1, 1);
    bsk_card_table_init(&table);
    bsk_feature spell = instant_wound(1);
    spell.effects[0].spell = 1; /* grave5: a spell's record */
    give(&table, &caster, spell);
    static bsk_position pos;
    memset(&pos, 0, sizeof pos);
    put(&pos, &mage, 1, "c2");          /* 0 */
    put(&pos, &ghost, 1, "c2");         /* 1: on the mage's cell (524.2) */
    put(&pos, &oracle, 2, "c4");        /* 2 */
    put(&pos, &archer, 2, "d4");        /* 3 */
    put(&pos, &caster, 1, "b2");        /* 4 */
    put(&pos, &mage, 2, "e4")->hidden = true; /* 5: face down */
    start(&m, &table, &pos, 3, NULL, 0);
    bsk_feature_filter f = none();
    f.same_cell = BSK_FILTER_NEAR_SELF;
    int same = bsk_card_table_add_filter(&table, &f);
    f = none();
    f.magic_ability = BSK_FILTER_YES;
    int magic = bsk_card_table_add_filter(&table, &f);
    f.magic_ability = BSK_FILTER_NO;
    int plain = bsk_card_table_add_filter(&table, &f);
    ck_assert_uint_eq(engine_filter_all(&m, &table, same, 1, -1), 1u << 0); /* the ghost sees the mage */
    ck_assert_uint_eq(engine_filter_all(&m, &table, same, 0, -1), 1u << 1); /* and the mage the ghost */
    ck_assert_uint_eq(engine_filter_all(&m, &table, same, 4, -1), 0);       /* alone on its cell */
    ck_assert_uint_eq(engine_filter_all(&m, &table, magic, 1, -1), (1u << 0) | (1u << 2) | (1u << 4));
    ck_assert_uint_eq(engine_filter_all(&m, &table, plain, 1, -1), (1u << 1) | (1u << 3));
    ck_assert(engine_filter_may_choose(&m, &table, magic, 1, -1, 5)); /* 533.6: a chosen target may assume it */
}
END_TEST

Suite *filter_suite(void)
{
    Suite *s = suite_create("filter");
    TCase *fields = tcase_create("fields");
    tcase_add_test(fields, test_filter_table_shares_equal_filters);
    tcase_add_test(fields, test_filter_tests_name_every_field);
    tcase_add_test(fields, test_filter_face_fields);
    tcase_add_test(fields, test_filter_public_fields);
    tcase_add_test(fields, test_filter_hidden_face);
    tcase_add_test(fields, test_filter_adjacent_to_anchor);
    tcase_add_test(fields, test_filter_same_cell_and_magic_ability); /* move8 */
    suite_add_tcase(s, fields);
    TCase *targets = tcase_create("targets");
    tcase_add_test(targets, test_filter_chosen_target_legal_list);
    tcase_add_test(targets, test_filter_selectors_in_words);
    suite_add_tcase(s, targets);
    return s;
}
