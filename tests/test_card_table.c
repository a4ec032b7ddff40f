/* test_card_table.c — the per-match card table (DESIGN §5): entries compiled from real
 * catalogue cards (both of 01-004 Гиррит's shots, expressions, no simple strike), the
 * parameter expression forms, slots and deduplication, sizes, and the blockers that
 * `cards coverage` reports; a unit's characteristics as the engine reads them
 * (lib/src/engine/characteristics.c): its real card's printed values while no effect acts. */
#include "berserk/card_table.h"
#include "berserk/match.h"
#include "berserk/pool.h"
#include "../lib/src/engine/engine.h"
#include "catalog.h"
#include "engine_fixture.h"
#include "suites.h"

#include <stdio.h>
#include <string.h>

static bsk_catalog catalog;

static void load_bundled(void)
{
    bsk_error error;
    bsk_catalog_init(&catalog);
    ck_assert_int_eq(bsk_catalog_load_bundled(&catalog, &error), BSK_OK);
    ck_assert_int_eq(bsk_pool_index(&catalog.pool, &error), BSK_OK);
}

static void free_bundled(void)
{
    bsk_catalog_free(&catalog);
}

static const bsk_card *card_by_id(const char *id)
{
    const bsk_card *card = bsk_pool_find_id(&catalog.pool, id);
    ck_assert_msg(card != NULL, "card %s", id);
    return card;
}

static void plain_creature(bsk_card *card, const char *id)
{
    memset(card, 0, sizeof *card);
    snprintf(card->id, sizeof card->id, "%s", id);
    snprintf(card->name, sizeof card->name, "Test %s", id);
    snprintf(card->set, sizeof card->set, "01");
    card->type = BSK_TYPE_CREATURE;
    card->subtype = BSK_SUBTYPE_GROUND;
    card->class_count = 0;
    card->cost = 3;
    card->unique = 0;
    card->horde = 0;
    card->life = 5;
    card->movement = 1;
    card->simple_strike[0] = 1;
    card->simple_strike[1] = 2;
    card->simple_strike[2] = 3;
}

static void add_shot(bsk_card *card, int value)
{
    bsk_keyword *keyword = &card->keywords[card->keyword_count++];
    memset(keyword, 0, sizeof *keyword);
    keyword->id = BSK_KEYWORD_SHOT;
    keyword->activation = BSK_ACTIVATION_TAP;
    keyword->has = BSK_KEYWORD_HAS_VALUES;
    for (int s = 0; s < 3; s++)
        keyword->values[s].value = value;
}

/* ---- Entries from the catalogue ---- */

START_TEST(test_card_table_sizes)
{
    ck_assert_uint_le(sizeof(bsk_card_entry), 96);
    ck_assert_uint_eq(sizeof(bsk_card_entry), 80); /* held keywords live in the table, not the entry */
    ck_assert_uint_eq(sizeof(bsk_attack), 12);
    ck_assert_uint_eq(sizeof(bsk_expr), 3);
}
END_TEST

/* 01-004 Гиррит: "{tap}: shot 1, range 3" and "{counter}{tap}: shot 2" — both attacks are
 * in the entry, each with its own values, range, activation and catalogue index. */
START_TEST(test_girrit_two_shots_both_compiled)
{
    const bsk_card *card = card_by_id("01-004");
    bsk_card_entry entry;
    bsk_card_entry_compile(&entry, card);
    ck_assert_ptr_eq(entry.card, card);
    ck_assert_int_eq(entry.life, 8);
    ck_assert_int_eq(entry.movement, 1);
    ck_assert_int_eq(entry.strike[0], 1);
    ck_assert_int_eq(entry.strike[1], 2);
    ck_assert_int_eq(entry.strike[2], 2);
    ck_assert_int_eq(entry.cost, 4);
    ck_assert_uint_eq(entry.elements, 1u << BSK_ELEMENT_PLAINS);
    ck_assert(entry.flags & BSK_ENTRY_UNIQUE);
    ck_assert(!(entry.flags & BSK_ENTRY_ELITE));
    ck_assert(!(entry.flags & BSK_ENTRY_NO_STRIKE));
    ck_assert_int_eq(entry.attack_count, 2);

    const bsk_attack *tap = &entry.attacks[0];
    ck_assert_int_eq(tap->keyword, BSK_KEYWORD_SHOT);
    ck_assert_int_eq(tap->activation, BSK_ACTIVATION_TAP);
    ck_assert_int_eq(tap->counter_cost, 0);
    ck_assert_int_eq(tap->index, 0);
    ck_assert_int_eq(tap->values[0], 1);
    ck_assert_int_eq(tap->values[2], 1);
    ck_assert_int_eq(tap->range, 3);
    ck_assert_int_eq(tap->expr_of, BSK_ATTACK_EXPR_NONE);

    const bsk_attack *counter = &entry.attacks[1];
    ck_assert_int_eq(counter->keyword, BSK_KEYWORD_SHOT);
    ck_assert_int_eq(counter->activation, BSK_ACTIVATION_COUNTER_TAP);
    ck_assert_int_eq(counter->counter_cost, 1);
    ck_assert_int_eq(counter->index, 1);
    ck_assert_int_eq(bsk_attack_value(counter, 0, 0, 0), 2);
    ck_assert_int_eq(bsk_attack_value(counter, 2, 0, 0), 2);
    ck_assert_int_eq(bsk_attack_range(counter, 0, 0), BSK_RANGE_NONE);
    ck_assert_uint_eq(entry.keywords, 0); /* attacks live in attacks[], not in the mask */
}
END_TEST

/* 02-061 Дхайа prints three discharges: none is dropped. */
START_TEST(test_dhaya_three_discharges)
{
    bsk_card_entry entry;
    bsk_card_entry_compile(&entry, card_by_id("02-061"));
    ck_assert_int_eq(entry.attack_count, 3);
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(entry.attacks[i].keyword, BSK_KEYWORD_DISCHARGE);
        ck_assert_int_eq(entry.attacks[i].index, i + 1);
    }
    ck_assert(!(entry.flags & BSK_ENTRY_OVERFLOW));
}
END_TEST

/* 01-101 Циклоп: masks, the regeneration X, the tap magic strike. */
START_TEST(test_cyclops_masks_and_params)
{
    bsk_card_entry entry;
    bsk_card_entry_compile(&entry, card_by_id("01-101"));
    ck_assert(entry.flags & BSK_ENTRY_ELITE);
    ck_assert_uint_eq(entry.keywords, (1ull << BSK_KEYWORD_DIRECTED_STRIKE) | (1ull << BSK_KEYWORD_PROTECTION_FROM_POISON) |
                                          (1ull << BSK_KEYWORD_PROTECTION_FROM_MAGIC) |
                                          (1ull << BSK_KEYWORD_REGENERATION));
    ck_assert_int_eq(entry.param_count, 1);
    ck_assert_int_eq(bsk_card_entry_x(&entry, BSK_KEYWORD_REGENERATION), 1);
    ck_assert_int_eq(bsk_card_entry_x(&entry, BSK_KEYWORD_ARMOR), BSK_UNSET);
    ck_assert_int_eq(entry.attack_count, 1);
    ck_assert_int_eq(entry.attacks[0].keyword, BSK_KEYWORD_MAGIC_STRIKE);
    ck_assert_int_eq(entry.attacks[0].index, 4);
    ck_assert_int_eq(entry.attacks[0].values[1], 2);
    ck_assert_uint_eq(entry.classes, 0);
}
END_TEST

/* 208.8: a card with no simple strike (an artifact, 03-011 Баллиста) is flagged; its
 * unknown life is a blocker. */
START_TEST(test_208_8_no_simple_strike_flagged)
{
    const bsk_card *card = card_by_id("03-011");
    bsk_card_entry entry;
    bsk_card_entry_compile(&entry, card);
    ck_assert(entry.flags & BSK_ENTRY_NO_STRIKE);
    ck_assert_int_eq(entry.strike[0], 0);
    ck_assert_int_eq(entry.life, BSK_UNSET);
    ck_assert_int_eq(entry.movement, BSK_UNSET);
    ck_assert_int_eq(entry.type, BSK_TYPE_ARTIFACT);
    ck_assert_int_eq(entry.attack_count, 1);
    ck_assert_int_eq(entry.attacks[0].keyword, BSK_KEYWORD_THROW);
    ck_assert(card_has_blocker(card, "unknown:life"));
    ck_assert(!(entry.flags & BSK_ENTRY_RUNS));
}
END_TEST

/* 01-115 Кровяница: finishing blow "X+1" (X defined by the card's text). */
START_TEST(test_expression_card_x_plus_1)
{
    const bsk_card *card = card_by_id("01-115");
    bsk_card_entry entry;
    bsk_card_entry_compile(&entry, card);
    const bsk_attack *blow = &entry.attacks[0];
    ck_assert_int_eq(blow->keyword, BSK_KEYWORD_FINISHING_BLOW);
    ck_assert_int_eq(blow->expr_of, BSK_ATTACK_EXPR_VALUES);
    ck_assert_int_eq(blow->expr.var, BSK_EXPR_X);
    ck_assert_int_eq(blow->expr.a, 1);
    ck_assert_int_eq(blow->expr.b, 1);
    ck_assert_int_eq(bsk_attack_value(blow, 0, 2, 0), 3);
    ck_assert_int_eq(bsk_attack_value(blow, 2, 4, 0), 5);
    ck_assert(!(entry.flags & BSK_ENTRY_UNCOMPILED));
    ck_assert(card_has_blocker(card, "expression:X"));
}
END_TEST

/* 07-004 Арбалетчик Братства: shot 1, range "6-X". */
START_TEST(test_expression_range_6_minus_x)
{
    bsk_card_entry entry;
    bsk_card_entry_compile(&entry, card_by_id("07-004"));
    const bsk_attack *shot = &entry.attacks[0];
    ck_assert_int_eq(shot->expr_of, BSK_ATTACK_EXPR_RANGE);
    ck_assert_int_eq(bsk_attack_value(shot, 1, 2, 0), 1);
    ck_assert_int_eq(bsk_attack_range(shot, 2, 0), 4);
    ck_assert_int_eq(bsk_attack_range(shot, 0, 0), 6);
}
END_TEST

/* Classic Ар-Гулль "2 per counter" and Повелитель молний "2+3 per counter". */
START_TEST(test_expression_per_counter)
{
    bsk_card_entry entry;
    bsk_card_entry_compile(&entry, card_by_id("classic-Ar_gull_1"));
    ck_assert_int_eq(entry.attacks[0].expr.var, BSK_EXPR_COUNTERS);
    ck_assert_int_eq(bsk_attack_value(&entry.attacks[0], 0, 0, 3), 6);
    bsk_card_entry_compile(&entry, card_by_id("classic-PovelitelMolniy_1"));
    ck_assert_int_eq(entry.attack_count, 2);
    ck_assert_int_eq(bsk_attack_value(&entry.attacks[0], 0, 0, 0), 2);
    ck_assert_int_eq(bsk_attack_value(&entry.attacks[1], 0, 0, 2), 8);
    ck_assert(card_has_blocker(card_by_id("classic-Ar_gull_1"), "activation:none"));
}
END_TEST

START_TEST(test_expression_forms)
{
    bsk_expr e;
    ck_assert(bsk_expr_compile("X", &e));
    ck_assert(e.var == BSK_EXPR_X && e.a == 1 && e.b == 0);
    ck_assert(bsk_expr_compile("X+1", &e));
    ck_assert(e.var == BSK_EXPR_X && e.a == 1 && e.b == 1);
    ck_assert(bsk_expr_compile("X-1", &e));
    ck_assert(e.var == BSK_EXPR_X && e.a == 1 && e.b == -1);
    ck_assert(bsk_expr_compile("6-X", &e));
    ck_assert(e.var == BSK_EXPR_X && e.a == -1 && e.b == 6);
    ck_assert(bsk_expr_compile("1 + X", &e));
    ck_assert(e.var == BSK_EXPR_X && e.a == 1 && e.b == 1);
    ck_assert(bsk_expr_compile("2 per counter", &e));
    ck_assert(e.var == BSK_EXPR_COUNTERS && e.a == 2 && e.b == 0);
    ck_assert(bsk_expr_compile("2+3 per counter", &e));
    ck_assert(e.var == BSK_EXPR_COUNTERS && e.a == 3 && e.b == 2);
    ck_assert(bsk_expr_compile("4", &e));
    ck_assert(e.var == BSK_EXPR_CONST && e.b == 4);
    ck_assert_int_eq(bsk_expr_eval(e, 9, 9), 4);
    const char *bad[] = {"", "Y", "X*2", "2X", "per counter", "2 per", "2-3 per counter", "X+", "X+1+1", "999",
                         "6-X-1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(!bsk_expr_compile(bad[i], &e), "%s compiled", bad[i]);
}
END_TEST

/* An expression outside the forms marks the entry and blocks the card. */
START_TEST(test_uncompiled_expression_blocks)
{
    bsk_card card;
    plain_creature(&card, "t-expr");
    add_shot(&card, 1);
    for (int s = 0; s < 3; s++)
        snprintf(card.keywords[0].values[s].expr, sizeof card.keywords[0].values[s].expr, "X*X");
    bsk_card_entry entry;
    bsk_card_entry_compile(&entry, &card);
    ck_assert(entry.flags & BSK_ENTRY_UNCOMPILED);
    ck_assert(card_has_blocker(&card, "expression:uncompiled"));
}
END_TEST

/* Four attacks do not fit: the entry says so and the card is blocked, never silently cut. */
START_TEST(test_attack_overflow_blocks)
{
    bsk_card card;
    plain_creature(&card, "t-many");
    for (int i = 0; i < 4; i++)
        add_shot(&card, i + 1);
    bsk_card_entry entry;
    bsk_card_entry_compile(&entry, &card);
    ck_assert_int_eq(entry.attack_count, BSK_ENTRY_ATTACKS_MAX);
    ck_assert(entry.flags & BSK_ENTRY_OVERFLOW);
    ck_assert(card_has_blocker(&card, "limit:entry"));
}
END_TEST

/* ---- Blockers ---- */

START_TEST(test_blockers_plain_creature_runs)
{
    const bsk_card *card = card_by_id("01-001"); /* Кочевник: no keywords */
    const char *what[4];
    ck_assert_int_eq(bsk_card_blockers(card, what, 4), 0);
    bsk_card_entry entry;
    bsk_card_entry_compile(&entry, card);
    ck_assert(entry.flags & BSK_ENTRY_RUNS);
}
END_TEST

START_TEST(test_blockers_count_beyond_max)
{
    const bsk_card *card = card_by_id("01-101");
    const char *what[2] = {"untouched", "untouched"};
    int total = 0;
    const char *first = "untouched";
    for (int i = 0; i < card->keyword_count; i++)
        if (!bsk_keyword_runs((bsk_keyword_id)card->keywords[i].id) && total++ == 0)
            first = card->keywords[i].id == BSK_KEYWORD_DIRECTED_STRIKE ? "keyword:directed_strike" : NULL;
    ck_assert_int_eq(bsk_card_blockers(card, what, 1), total);
    if (first)
        ck_assert_str_eq(what[0], first);
    ck_assert_str_eq(what[1], "untouched");
    ck_assert_int_eq(bsk_card_blockers(card, NULL, 0), total);
}
END_TEST

/* 01-004 Гиррит's two shots give one "keyword:shot", not two. */
START_TEST(test_blockers_listed_once)
{
    const bsk_card *card = card_by_id("01-004");
    const char *what[8];
    int count = bsk_card_blockers(card, what, 8);
    ck_assert_int_eq(count, bsk_keyword_runs(BSK_KEYWORD_SHOT) ? 0 : 1);
    if (count)
        ck_assert_str_eq(what[0], "keyword:shot");
}
END_TEST

START_TEST(test_blockers_conditions_and_parameters)
{
    /* 02-013 Витязь Адрелиана: formation, "formation: armor", and a conditional defense experience.
     * Issue 21: the armor is held under formation (glossary «Строй»), which runs; the other
     * condition is card text. */
    ck_assert(!card_has_blocker(card_by_id("02-013"), "condition:formation"));
    ck_assert(!card_has_blocker(card_by_id("02-013"), "keyword:formation"));
    ck_assert(!card_has_blocker(card_by_id("02-013"), "text:formation"));
    ck_assert(card_has_blocker(card_by_id("02-013"), "condition:conditional"));
    bsk_card_entry entry;
    bsk_card_entry_compile(&entry, card_by_id("02-013"));
    ck_assert(entry.flags & BSK_ENTRY_CONDITIONAL);
    ck_assert_uint_eq(entry.keywords, 1ull << BSK_KEYWORD_FORMATION); /* armor only in formation */
    bsk_held_keyword held[BSK_ENTRY_HELD_MAX];
    ck_assert_int_eq(entry.held_count, 1);
    ck_assert_int_eq(bsk_card_held_keywords(card_by_id("02-013"), held), 1);
    ck_assert_int_eq(held[0].keyword, BSK_KEYWORD_ARMOR);
    ck_assert_int_eq(held[0].condition, BSK_CONDITION_FORMATION);
    ck_assert_int_eq(held[0].x, -1); /* "Если X не указан, то X=1" is the reader's (engine_char_x) */
    /* 01-029 Пеший латник: formation, "formation: armor 2" */
    bsk_card_entry_compile(&entry, card_by_id("01-029"));
    ck_assert_int_eq(entry.held_count, 1);
    ck_assert_int_eq(bsk_card_held_keywords(card_by_id("01-029"), held), 1);
    ck_assert_int_eq(held[0].x, 2);
    ck_assert_uint_eq(entry.keywords & (1ull << BSK_KEYWORD_ARMOR), 0);
    /* a card with formation and nothing catalogued under it: its formation text is not encoded */
    ck_assert(card_has_blocker(card_by_id("01-015"), "text:formation"));
    /* classic Горный великан: defense experience in formation, no formation catalogued */
    ck_assert(card_has_blocker(card_by_id("classic-Gorny_velikan_1"), "condition:formation"));
    /* 05-112 Акванит-фермер: at depth and on surface, their texts not encoded */
    ck_assert(card_has_blocker(card_by_id("05-112"), "text:at_depth"));
    ck_assert(card_has_blocker(card_by_id("05-112"), "text:on_surface"));
    ck_assert(!card_has_blocker(card_by_id("05-112"), "keyword:at_depth"));
    /* rebuff (an extension) runs as a wrapper: 06-058 Ледовый гигант's text ("+1 to the strike") is
     * not a keyword, so not encoded; 06-110 Малахитовый дракон's is attack experience 1 under rebuff
     * (catalog/tools/convert_reference.py reads "Отпор: {ova}1.") */
    ck_assert(card_has_blocker(card_by_id("06-058"), "text:rebuff"));
    ck_assert(!card_has_blocker(card_by_id("06-058"), "keyword:rebuff"));
    ck_assert_int_eq(bsk_card_blockers(card_by_id("06-110"), NULL, 0), 0);
    ck_assert_int_eq(bsk_card_held_keywords(card_by_id("06-110"), held), 1);
    ck_assert_int_eq(held[0].keyword, BSK_KEYWORD_ATTACK_EXPERIENCE);
    ck_assert_int_eq(held[0].condition, BSK_CONDITION_REBUFF);
    ck_assert_int_eq(held[0].x, 1);
    /* attack experience held under rebuff: runs beside rebuff; without rebuff, condition:rebuff */
    bsk_card rebuffer;
    plain_creature(&rebuffer, "t-rebuff");
    rebuffer.keyword_count = 2;
    rebuffer.keywords[0].id = BSK_KEYWORD_REBUFF;
    rebuffer.keywords[1].id = BSK_KEYWORD_ATTACK_EXPERIENCE;
    rebuffer.keywords[1].condition = BSK_CONDITION_REBUFF;
    rebuffer.keywords[1].has = BSK_KEYWORD_HAS_X;
    rebuffer.keywords[1].x.value = 1;
    ck_assert_int_eq(bsk_card_blockers(&rebuffer, NULL, 0), 0);
    bsk_card_entry_compile(&entry, &rebuffer);
    ck_assert_int_eq(entry.held_count, 1);
    ck_assert_uint_eq(entry.keywords, 1ull << BSK_KEYWORD_REBUFF);
    rebuffer.keywords[0] = rebuffer.keywords[1];
    rebuffer.keyword_count = 1;
    ck_assert(card_has_blocker(&rebuffer, "condition:rebuff"));
    ck_assert(card_has_blocker(card_by_id("05-160"), "unknown:parameter"));
    ck_assert(card_has_blocker(card_by_id("01-099"), "activation:none"));
    ck_assert(card_has_blocker(card_by_id("07-219"), "unknown:movement"));
    ck_assert(card_has_blocker(card_by_id("07-219"), "unknown:keywords"));
    ck_assert(card_has_blocker(card_by_id("07-172"), "unknown:simple_strike"));
}
END_TEST

/* DESIGN §3 (schema 2, issue 22): the engine never trusts `support`: a card claiming more than its
 * keywords' and features' src cover reports support:unproved; a feature that does not run is a
 * blocker (engine:text_only, engine:handler). */
START_TEST(test_blockers_encoded_features)
{
    bsk_card card;
    plain_creature(&card, "t-features");
    card.sentences = 2;
    ck_assert(!card_has_blocker(&card, "support:unproved"));
    card.support = BSK_SUPPORT_PARTIAL; /* nothing beyond keywords is encoded */
    ck_assert(card_has_blocker(&card, "support:unproved"));
    card.support = BSK_SUPPORT_FULL;
    ck_assert(card_has_blocker(&card, "support:unproved"));
    static bsk_card_features features; /* sentence 1 a keyword, sentence 2 a feature */
    memset(&features, 0, sizeof features);
    features.count = 1;
    features.features[0] = bsk_feature_simple(BSK_FEATURE_TRIGGERED, BSK_ON_DEATH, BSK_OP_WOUND,
                                              BSK_TARGET_EVERY_ENEMY, 1, 0, 0, 0);
    features.features[0].src = 2;
    card.features = &features;
    card.keyword_count = 1;
    card.keywords[0] = (bsk_keyword){.id = BSK_KEYWORD_ARMOR, .has = BSK_KEYWORD_HAS_X, .x = {1, ""}, .src = 1};
    ck_assert_int_eq(bsk_card_support_computed(&card), BSK_SUPPORT_FULL);
    ck_assert(!card_has_blocker(&card, "support:unproved"));
    ck_assert_int_eq(bsk_card_blockers(&card, NULL, 0), 0);
    card.sentences = 3; /* sentence 3 not encoded: partial */
    ck_assert_int_eq(bsk_card_support_computed(&card), BSK_SUPPORT_PARTIAL);
    ck_assert(card_has_blocker(&card, "support:unproved"));
    card.sentences = 2;
    features.engine[0] = BSK_ENGINE_TEXT_ONLY;
    ck_assert(card_has_blocker(&card, "engine:text_only"));
    ck_assert_int_eq(bsk_card_support_computed(&card), BSK_SUPPORT_PARTIAL);
    features.engine[0] = BSK_ENGINE_HANDLER; /* handler 0: the engine has none for this card */
    ck_assert(card_has_blocker(&card, "engine:handler"));
    card.sentences = BSK_UNSET; /* no printed text known */
    ck_assert_int_eq(bsk_card_support_computed(&card), BSK_SUPPORT_UNKNOWN);
}
END_TEST

/* Issue 23, DESIGN §3-§4: a card whose printed text is keywords only (or nothing) is full when they cover it;
 * the support the engine grants (bsk_card_support_checked) is the claim capped by what the data proves,
 * and full only when nothing blocks the card. */
START_TEST(test_support_checked_keywords_only_cards)
{
    bsk_card card;
    plain_creature(&card, "t-support");
    card.sentences = 0; /* a vanilla creature: nothing printed beyond its numbers */
    ck_assert_int_eq(bsk_card_support_computed(&card), BSK_SUPPORT_FULL);
    card.support = BSK_SUPPORT_FULL;
    ck_assert_int_eq(bsk_card_support_checked(&card), BSK_SUPPORT_FULL);
    card.sentences = 1; /* one sentence, a keyword that runs */
    card.keyword_count = 1;
    card.keywords[0] = (bsk_keyword){.id = BSK_KEYWORD_ARMOR, .has = BSK_KEYWORD_HAS_X, .x = {1, ""}, .src = 1};
    ck_assert_int_eq(bsk_card_support_computed(&card), BSK_SUPPORT_FULL);
    ck_assert_int_eq(bsk_card_support_checked(&card), BSK_SUPPORT_FULL);
    card.support = BSK_SUPPORT_KEYWORDS_ONLY; /* the claim caps it: never more than the data says */
    ck_assert_int_eq(bsk_card_support_checked(&card), BSK_SUPPORT_KEYWORDS_ONLY);
    card.support = BSK_SUPPORT_FULL;
    card.sentences = 2; /* sentence 2 uncovered: keywords only, and a claim of full is refused */
    ck_assert_int_eq(bsk_card_support_computed(&card), BSK_SUPPORT_KEYWORDS_ONLY);
    ck_assert_int_eq(bsk_card_support_checked(&card), BSK_SUPPORT_KEYWORDS_ONLY);
    card.sentences = 1; /* covered, but a printed number unknown blocks it: not full */
    card.unknown |= 1u << BSK_FIELD_LIFE;
    ck_assert(card_has_blocker(&card, "unknown:life"));
    ck_assert_int_eq(bsk_card_support_computed(&card), BSK_SUPPORT_FULL);
    ck_assert_int_eq(bsk_card_support_checked(&card), BSK_SUPPORT_KEYWORDS_ONLY);
}
END_TEST

/* bsk_card_table_add compiles a catalogue card's features into the table (issue 22, catalog2): its
 * card-local filter indexes become the table's (equal filters shared with other cards), its src is
 * the printed sentence; a feature that does not run is left out; a card without features adds none. */
START_TEST(test_table_compiles_card_features_with_filter_remap)
{
    static bsk_card_table table;
    static bsk_card_features features;
    bsk_card first, second, plain;
    plain_creature(&first, "t-first");
    plain_creature(&second, "t-second");
    plain_creature(&plain, "t-plain");
    memset(&features, 0, sizeof features);
    features.filter_count = 2;
    features.filters[0].side = BSK_FILTER_SIDE_ENEMY;       /* card filter 1 */
    features.filters[1].types = 1u << BSK_TYPE_CREATURE;      /* card filter 2 */
    features.filters[1].side = BSK_FILTER_SIDE_OWN;
    features.count = 3;
    features.features[0] = bsk_feature_simple(BSK_FEATURE_ACTIVATED, BSK_EVENT_NONE, BSK_OP_HEAL, BSK_TARGET_CHOSEN,
                                              2, 1, 0, 0);
    features.features[0].effects[0].filter = 2;
    features.features[0].src = 3;
    features.features[1] = bsk_feature_simple(BSK_FEATURE_TRIGGERED, BSK_ON_DEATH, BSK_OP_WOUND, BSK_TARGET_ALL, 1, 0,
                                              0, 0);
    features.features[1].effects[0].filter = 1;
    features.features[1].trigger_filter = 2;
    features.features[1].src = 5;
    features.features[2].src = 6; /* text_only: kept, not compiled */
    features.engine[2] = BSK_ENGINE_TEXT_ONLY;
    first.features = &features;
    second.features = &features;

    bsk_card_table_init(&table);
    ck_assert_int_eq(bsk_card_table_add(&table, &plain), 0);
    bsk_feature_filter taken = {.side = BSK_FILTER_SIDE_OWN, .types = 1u << BSK_TYPE_CREATURE};
    ck_assert_int_eq(bsk_card_table_add_filter(&table, &taken), 1); /* already in the table: shared */
    ck_assert_int_eq(bsk_card_table_add(&table, &first), 1);
    ck_assert_int_eq(table.entries[0].feature_count, 0);
    int count;
    const bsk_feature *f = bsk_card_table_features(&table, 1, &count);
    ck_assert_int_eq(count, 2);
    ck_assert_int_eq(f[0].src, 3);
    ck_assert_int_eq(f[0].effects[0].filter, 1); /* card filter 2 = the table's 1 */
    ck_assert_int_eq(f[1].src, 5);
    ck_assert_int_eq(f[1].effects[0].filter, 2); /* card filter 1: new, the table's 2 */
    ck_assert_int_eq(f[1].trigger_filter, 1);
    ck_assert_int_eq(table.filter_count, 3);
    ck_assert(table.listen[1] & BSK_LISTEN(BSK_ON_DEATH));
    ck_assert(table.listen_any & BSK_LISTEN(BSK_ON_DEATH));
    ck_assert_int_eq(bsk_card_table_add(&table, &second), 2); /* the same filters again: no new one */
    f = bsk_card_table_features(&table, 2, &count);
    ck_assert_int_eq(count, 2);
    ck_assert_int_eq(f[0].effects[0].filter, 1);
    ck_assert_int_eq(f[1].effects[0].filter, 2);
    ck_assert_int_eq(table.filter_count, 3);
    ck_assert_int_eq(table.feature_total, 4);
    ck_assert_int_eq(bsk_card_table_add(&table, &first), 1); /* the same card: its slot, nothing added */
    ck_assert_int_eq(table.feature_total, 4);
}
END_TEST

/* Issue 21 §2: vampirism runs on its own (06-161 Алчущие крови runs whole); inflicts_poison is a tag
 * whose attack is card text (glossary wording note 9): 01-103 Ижор, keywords_only, reports
 * text:inflicts_poison and no keyword: blocker, unless a running feature of its gives the poison. */
START_TEST(test_blockers_vampirism_and_poison_tag)
{
    ck_assert(bsk_keyword_runs(BSK_KEYWORD_VAMPIRISM));
    ck_assert(bsk_keyword_runs(BSK_KEYWORD_INFLICTS_POISON));
    ck_assert_int_eq(bsk_card_blockers(card_by_id("06-161"), NULL, 0), 0);
    const bsk_card *izhor = card_by_id("01-103");
    ck_assert(card_has_blocker(izhor, "text:inflicts_poison"));
    ck_assert(!card_has_blocker(izhor, "keyword:inflicts_poison"));
    ck_assert_int_eq(bsk_card_blockers(izhor, NULL, 0), 1);
    bsk_card card = *izhor;
    static bsk_card_features features; /* its sentence encoded: the feature, not the tag, poisons */
    memset(&features, 0, sizeof features);
    features.count = 1;
    features.features[0] = bsk_feature_simple(BSK_FEATURE_TRIGGERED, BSK_ON_STRIKE, BSK_OP_POISON, BSK_TARGET_ATTACKED,
                                              1, 0, 0, 0);
    card.features = &features;
    ck_assert(!card_has_blocker(&card, "text:inflicts_poison"));
    features.engine[0] = BSK_ENGINE_TEXT_ONLY; /* not run: the tag's text is not encoded */
    ck_assert(card_has_blocker(&card, "text:inflicts_poison"));
    ck_assert(card_has_blocker(&card, "engine:text_only"));
}
END_TEST

/* Issue 23: a keyword the sources only tag — an attack «при …» (activation triggered), an attack
 * with no cost word (activation none), a conditional keyword — blocks until a running feature of the
 * same sentence encodes it; a feature of another sentence, or one that does not run, does not. */
START_TEST(test_blockers_tag_keywords_linked_by_their_sentence)
{
    const bsk_card *guard = card_by_id("02-012"); /* s2: a special strike «в конце хода противника» */
    ck_assert(!card_has_blocker(guard, "activation:triggered")); /* trig5: its s2 is encoded */
    bsk_card card = *guard;
    card.features = NULL; /* the tag alone */
    ck_assert(card_has_blocker(&card, "activation:triggered"));
    static bsk_card_features features;
    memset(&features, 0, sizeof features);
    features.count = 1;
    features.features[0] = bsk_feature_simple(BSK_FEATURE_TRIGGERED, BSK_AT_TURN_END, BSK_OP_WOUND, BSK_TARGET_SELF,
                                              1, 0, 0, 0);
    features.features[0].src = 1; /* another sentence: still blocked */
    card.features = &features;
    ck_assert(card_has_blocker(&card, "activation:triggered"));
    features.features[0].src = 2;
    ck_assert(!card_has_blocker(&card, "activation:triggered"));
    features.engine[0] = BSK_ENGINE_TEXT_ONLY;
    ck_assert(card_has_blocker(&card, "activation:triggered"));

    const bsk_card *rider = card_by_id("01-141"); /* s2: attack experience under its own text */
    card = *rider;
    card.features = NULL; /* the tag alone (incarn7 encodes the sentence) */
    ck_assert(card_has_blocker(&card, "condition:conditional"));
    memset(&features, 0, sizeof features);
    features.count = 1;
    features.features[0] = bsk_feature_simple(BSK_FEATURE_TRIGGERED, BSK_ON_ENTER, BSK_OP_WOUND, BSK_TARGET_SELF,
                                              1, 0, 0, 0);
    features.features[0].src = 2;
    card.features = &features;
    ck_assert(!card_has_blocker(&card, "condition:conditional"));
}
END_TEST

START_TEST(test_keyword_blocker_names_match_ids)
{
    bsk_card card;
    plain_creature(&card, "t-kw");
    card.keyword_count = 1;
    for (int k = 0; k < BSK_KEYWORD_COUNT; k++) {
        memset(&card.keywords[0], 0, sizeof card.keywords[0]);
        card.keywords[0].id = (uint8_t)k;
        card.keywords[0].activation = bsk_keyword_takes_values(k) ? BSK_ACTIVATION_TAP : BSK_ACTIVATION_NONE;
        card.keywords[0].has = BSK_KEYWORD_HAS_X | BSK_KEYWORD_HAS_RANGE;
        char expected[64];
        snprintf(expected, sizeof expected, "keyword:%s", bsk_keyword_name(k));
        ck_assert_msg(card_has_blocker(&card, expected) == !bsk_keyword_runs((bsk_keyword_id)k), "%s", expected);
    }
    ck_assert(!bsk_keyword_runs(BSK_KEYWORD_COUNT));
    ck_assert(!bsk_keyword_runs((bsk_keyword_id)-1));
}
END_TEST

/* Issue 21 §2, wave 2: the wrapper keywords concentration, frenzy X and valhalla run as frames
 * (glossary §1.2; the engine runs the event, features.c); their linked [text] is card text, so a
 * card with the keyword and no encoded feature linked to it is blocked by text:<id>, never by
 * keyword:<id>, and a card without the keyword has no such blocker. */
START_TEST(test_wrapper_keywords_block_on_their_text)
{
    const int ids[] = {BSK_KEYWORD_CONCENTRATION, BSK_KEYWORD_FRENZY, BSK_KEYWORD_VALHALLA};
    const char *const text[] = {"text:concentration", "text:frenzy", "text:valhalla"};
    const char *const keyword[] = {"keyword:concentration", "keyword:frenzy", "keyword:valhalla"};
    for (int i = 0; i < 3; i++) {
        bsk_card card;
        plain_creature(&card, "t-wrap");
        ck_assert(!card_has_blocker(&card, text[i]));
        card.keyword_count = 1;
        memset(&card.keywords[0], 0, sizeof card.keywords[0]);
        card.keywords[0].id = (uint8_t)ids[i];
        if (ids[i] == BSK_KEYWORD_FRENZY) {
            card.keywords[0].has = BSK_KEYWORD_HAS_X;
            card.keywords[0].x.value = 2;
        }
        ck_assert(bsk_keyword_runs((bsk_keyword_id)ids[i]));
        ck_assert_msg(card_has_blocker(&card, text[i]), "%s", text[i]);
        ck_assert_msg(!card_has_blocker(&card, keyword[i]), "%s", keyword[i]);
    }
}
END_TEST

/* ---- The table ---- */

START_TEST(test_table_slots_dedupe_and_find)
{
    static bsk_card_table table;
    bsk_card_table_init(&table);
    const bsk_card *girrit = card_by_id("01-004");
    const bsk_card *cyclops = card_by_id("01-101");
    ck_assert_int_eq(bsk_card_table_add(&table, girrit), 0);
    ck_assert_int_eq(bsk_card_table_add(&table, cyclops), 1);
    ck_assert_int_eq(bsk_card_table_add(&table, girrit), 0);
    bsk_card copy = *cyclops; /* another pointer, same id */
    ck_assert_int_eq(bsk_card_table_add(&table, &copy), 1);
    ck_assert_int_eq(table.count, 2);
    ck_assert_int_eq(bsk_card_table_find(&table, "01-101"), 1);
    ck_assert_int_eq(bsk_card_table_find(&table, "01-999"), -1);
    ck_assert_int_eq(table.entries[0].attack_count, 2);
    ck_assert_ptr_eq(table.entries[1].card, cyclops);
}
END_TEST

START_TEST(test_table_full_at_255)
{
    static bsk_card_table table;
    static bsk_card cards[BSK_CARD_TABLE_MAX + 1];
    bsk_card_table_init(&table);
    for (int i = 0; i <= BSK_CARD_TABLE_MAX; i++) {
        char id[16];
        snprintf(id, sizeof id, "t-%03d", i);
        plain_creature(&cards[i], id);
        ck_assert_int_eq(bsk_card_table_add(&table, &cards[i]), i < BSK_CARD_TABLE_MAX ? i : -1);
    }
    ck_assert_int_eq(table.count, BSK_CARD_TABLE_MAX);
    ck_assert_int_eq(bsk_card_table_add(&table, &cards[7]), 7);
}
END_TEST

/* Every catalogue card compiles; every attack ability lands in the entry. */
START_TEST(test_every_catalogue_card_compiles)
{
    int attacks = 0, uncompiled = 0, overflow = 0;
    for (size_t i = 0; i < catalog.pool.count; i++) {
        const bsk_card *card = &catalog.pool.cards[i];
        bsk_card_entry entry;
        bsk_card_entry_compile(&entry, card);
        int expected = 0;
        for (int k = 0; k < card->keyword_count; k++)
            expected += bsk_keyword_takes_values(card->keywords[k].id);
        ck_assert_int_eq(entry.attack_count, expected);
        attacks += entry.attack_count;
        uncompiled += (entry.flags & BSK_ENTRY_UNCOMPILED) != 0;
        overflow += (entry.flags & BSK_ENTRY_OVERFLOW) != 0;
    }
    ck_assert_int_eq(attacks, 628); /* keywords with values in the bundled catalogue */
    ck_assert_int_eq(uncompiled, 0);
    ck_assert_int_eq(overflow, 0);
}
END_TEST


/* ---- Characteristics: printed values while no effect acts (issue 21) ---- */

static bsk_card_table char_table;
static bsk_match char_match;

/* Unit 0.. of a bare match are these real cards, in player 1's battlefield: enough for the
 * accessors, which read the unit's card and nothing of the board. */
static void char_units(const char *const *ids, int count)
{
    bsk_card_table_init(&char_table);
    memset(&char_match, 0, sizeof char_match);
    for (int i = 0; i < count; i++) {
        int slot = bsk_card_table_add(&char_table, card_by_id(ids[i]));
        ck_assert_int_ge(slot, 0);
        bsk_unit *u = &char_match.units[char_match.unit_count++];
        u->slot = (uint8_t)slot;
        u->owner = 1;
        u->zone = BSK_ZONE_BATTLEFIELD;
        u->cell = -1;
        u->host = -1;
    }
}

/* 01-001 Кочевник 8 life, 01-026 Анубисар 12, 02-009 Лихо одноглазое (artifact, 8), 02-011
 * Пустыня Дзара (terrain: none printed, 0). Current life is life less wounds. */
START_TEST(test_char_life_is_printed)
{
    static const char *const ids[] = {"01-001", "01-026", "02-009", "02-011"};
    static const int life[] = {8, 12, 8, 0};
    char_units(ids, 4);
    for (int i = 0; i < 4; i++) {
        ck_assert_int_eq(engine_char_life(&char_match, &char_table, i), life[i]);
        ck_assert_int_eq(bsk_match_unit_max_life(&char_match, &char_table, i), life[i]);
        ck_assert_int_eq(card_by_id(ids[i])->life < 0 ? 0 : card_by_id(ids[i])->life, life[i]);
    }
    char_match.units[1].wounds = 5;
    ck_assert_int_eq(engine_unit_life(&char_match, &char_table, 1), 7);
    ck_assert_int_eq(bsk_match_unit_life(&char_match, &char_table, 1), 7);
}
END_TEST

/* The simple strike's three values: Кочевник 1-2-3, Анубисар 2-3-5, Гиррит 1-2-2; Лихо
 * одноглазое prints none (208.8). */
START_TEST(test_char_strike_is_printed)
{
    static const char *const ids[] = {"01-001", "01-026", "01-004", "02-009"};
    static const int strike[3][3] = {{1, 2, 3}, {2, 3, 5}, {1, 2, 2}};
    char_units(ids, 4);
    for (int i = 0; i < 3; i++) {
        ck_assert(engine_char_has_strike(&char_match, &char_table, i));
        for (int s = 0; s < 3; s++) {
            ck_assert_int_eq(engine_char_strike(&char_match, &char_table, i, s), strike[i][s]);
            ck_assert_int_eq(engine_strike_value(&char_match, &char_table, i, -1, s), strike[i][s]);
        }
    }
    ck_assert(!engine_char_has_strike(&char_match, &char_table, 3));
}
END_TEST

/* Movement: Кочевник 2, Гиррит 1; Пустынный кондор (a flyer) and Пустыня Дзара print none: 0. */
START_TEST(test_char_movement_is_printed)
{
    static const char *const ids[] = {"01-001", "01-004", "01-014", "02-011"};
    static const int movement[] = {2, 1, 0, 0};
    char_units(ids, 4);
    for (int i = 0; i < 4; i++) {
        ck_assert_int_eq(engine_char_movement(&char_match, &char_table, i), movement[i]);
        ck_assert_int_eq(bsk_match_unit_movement(&char_match, &char_table, i), movement[i]);
    }
}
END_TEST

/* Keywords and their X: 02-064 Гаргант armor 2 (its conditional armor is left out), clumsiness
 * without X (X=1, 518); 02-004 Разумный вихрь incorporeal; Кочевник none. Armor left is X less
 * what it prevented this turn (534). */
START_TEST(test_char_keywords_are_printed)
{
    static const char *const ids[] = {"02-064", "02-004", "01-001"};
    char_units(ids, 3);
    for (int i = 0; i < 3; i++)
        ck_assert(engine_char_keywords(&char_match, &char_table, i) == char_table.entries[i].keywords);
    ck_assert(engine_char_has(&char_match, &char_table, 0, BSK_KEYWORD_ARMOR));
    ck_assert(bsk_match_unit_has_keyword(&char_match, &char_table, 0, BSK_KEYWORD_CLUMSINESS));
    ck_assert(!engine_char_has(&char_match, &char_table, 0, BSK_KEYWORD_INCORPOREAL));
    ck_assert_int_eq(engine_char_x(&char_match, &char_table, 0, BSK_KEYWORD_ARMOR, 0), 2);
    ck_assert_int_eq(bsk_match_unit_keyword_x(&char_match, &char_table, 0, BSK_KEYWORD_CLUMSINESS, 1), 1);
    ck_assert_int_eq(bsk_match_unit_keyword_x(&char_match, &char_table, 0, BSK_KEYWORD_REGENERATION, 1), 0);
    ck_assert_int_eq(bsk_match_unit_armor_left(&char_match, &char_table, 0), 2);
    char_match.units[0].armor_used = 1;
    ck_assert_int_eq(bsk_match_unit_armor_left(&char_match, &char_table, 0), 1);
    char_match.units[0].armor_used = 2;
    ck_assert_int_eq(bsk_match_unit_armor_left(&char_match, &char_table, 0), 0);
    ck_assert(engine_char_has(&char_match, &char_table, 1, BSK_KEYWORD_INCORPOREAL));
    ck_assert(bsk_match_unit_has_keyword(&char_match, &char_table, 1, BSK_KEYWORD_INCORPOREAL));
    ck_assert(engine_char_keywords(&char_match, &char_table, 2) == 0);
    ck_assert_int_eq(bsk_match_unit_armor_left(&char_match, &char_table, 2), 0);
}
END_TEST

/* Attack abilities: Гиррит's two shots in catalogue order, each found by its catalogue index;
 * Гаргант's special strike 3-4-6 paid with a counter; Кочевник none. */
START_TEST(test_char_attacks_are_printed)
{
    static const char *const ids[] = {"01-004", "02-064", "01-001"};
    char_units(ids, 3);
    ck_assert_int_eq(engine_char_attack_count(&char_match, &char_table, 0), 2);
    for (int k = 0; k < 2; k++) {
        const bsk_attack *a = engine_char_attack(&char_match, &char_table, 0, k);
        ck_assert(a == &char_table.entries[0].attacks[k]);
        ck_assert_int_eq(a->keyword, BSK_KEYWORD_SHOT);
        ck_assert_int_eq(engine_char_attack_index(&char_match, &char_table, 0, a->index), k);
    }
    ck_assert_int_eq(engine_char_attack_count(&char_match, &char_table, 1), 1);
    const bsk_attack *special = engine_char_attack(&char_match, &char_table, 1, 0);
    ck_assert_int_eq(special->keyword, BSK_KEYWORD_SPECIAL_STRIKE);
    ck_assert_int_eq(special->activation, BSK_ACTIVATION_COUNTER_TAP);
    ck_assert_int_eq(special->values[0], 3);
    ck_assert_int_eq(special->values[1], 4);
    ck_assert_int_eq(special->values[2], 6);
    ck_assert_int_eq(engine_char_attack_index(&char_match, &char_table, 1, 1), 0);
    ck_assert_int_eq(engine_char_attack_index(&char_match, &char_table, 1, 0), -1); /* armor, not an attack */
    ck_assert_int_eq(engine_char_attack_count(&char_match, &char_table, 2), 0);
}
END_TEST

/* Type and subtype, and what they decide: Кочевник a ground creature, Пустынный кондор a flyer
 * (never adjacent, 210.2), Разумный вихрь a companion and Карлик Унд a parasite (symbiotes, 211),
 * Лихо одноглазое an artifact, Пустыня Дзара a terrain (never adjacent, 213.1). */
START_TEST(test_char_type_is_printed)
{
    static const char *const ids[] = {"01-001", "01-014", "02-004", "02-006", "02-009", "02-011"};
    char_units(ids, 6);
    for (int i = 0; i < 6; i++) {
        ck_assert_int_eq(engine_char_type(&char_match, &char_table, i), card_by_id(ids[i])->type);
        ck_assert_int_eq(engine_char_subtype(&char_match, &char_table, i), card_by_id(ids[i])->subtype);
    }
    ck_assert(engine_char_creature_of(&char_match, &char_table, 0, BSK_SUBTYPE_GROUND));
    ck_assert(engine_char_flyer(&char_match, &char_table, 1) && !engine_char_flyer(&char_match, &char_table, 0));
    ck_assert(engine_char_symbiote(&char_match, &char_table, 2) && engine_char_symbiote(&char_match, &char_table, 3));
    ck_assert(!engine_char_symbiote(&char_match, &char_table, 0));
    ck_assert(engine_char_creature(&char_match, &char_table, 3) && !engine_char_creature(&char_match, &char_table, 4));
    ck_assert_int_eq(engine_char_type(&char_match, &char_table, 4), BSK_TYPE_ARTIFACT);
    ck_assert_int_eq(engine_char_type(&char_match, &char_table, 5), BSK_TYPE_TERRAIN);
    for (int i = 0; i < 6; i++)
        ck_assert_int_eq(engine_char_never_adjacent(&char_match, &char_table, i), i == 1 || i == 5);
}
END_TEST

/* Classes and elements: 01-003 Волхв an orc of the plains; 02-011 Пустыня Дзара a desert (its
 * class) of the plains. */
START_TEST(test_char_classes_and_elements_are_printed)
{
    static const char *const ids[] = {"01-003", "02-011", "01-001"};
    char_units(ids, 3);
    ck_assert(engine_char_classes(&char_match, &char_table, 0) == 1ull << BSK_CLASS_ORC);
    ck_assert_uint_eq(engine_char_elements(&char_match, &char_table, 0), 1u << BSK_ELEMENT_PLAINS);
    ck_assert(engine_char_classes(&char_match, &char_table, 1) != 0);
    ck_assert_uint_eq(engine_char_elements(&char_match, &char_table, 1), 1u << BSK_ELEMENT_PLAINS);
    ck_assert(engine_char_classes(&char_match, &char_table, 2) == 0);
}
END_TEST

/* Every catalogue card: each characteristic is the card's printed value (a unit per card). */
/* bsk_card_table_init leaves no table-wide fast exit to what the memory held before (a table on the stack or the
 * heap, as sim games' threads have: valgrind found marker_listen read uninitialised, mark9). */
START_TEST(test_card_table_init_sets_every_fast_exit)
{
    static bsk_card_table table;
    memset(&table, 0xab, sizeof table);
    bsk_card_table_init(&table);
    ck_assert_int_eq(table.count, 0);
    ck_assert_uint_eq(table.listen_any, 0);
    ck_assert_uint_eq(table.listen_wide, 0);
    ck_assert_uint_eq(table.marker_listen, 0);
    ck_assert_uint_eq(table.keywords_any, 0);
    ck_assert_uint_eq(table.ops_any, 0);
    ck_assert_uint_eq(table.windows_any, 0);
    ck_assert_uint_eq(table.statics_any, 0);
    ck_assert(!table.any_fast && !table.instant_attacks_any && !table.times_any && !table.history_any);
    ck_assert(!table.compound_any && !table.death_cell_any && !table.limits_turn_any);
    ck_assert_int_eq(table.markers_by, 0);
    ck_assert_int_eq(table.filter_count, 1);
    ck_assert_int_eq(table.filter_tests[0], 0);
}
END_TEST

START_TEST(test_char_every_catalogue_card_printed)
{
    for (size_t i = 0; i < catalog.pool.count; i++) {
        const bsk_card *card = &catalog.pool.cards[i];
        const char *ids[1] = {card->id};
        char_units(ids, 1);
        const bsk_card_entry *e = &char_table.entries[0];
        ck_assert_int_eq(engine_char_life(&char_match, &char_table, 0), card->life < 0 ? 0 : card->life);
        ck_assert_int_eq(engine_char_movement(&char_match, &char_table, 0), card->movement < 0 ? 0 : card->movement);
        ck_assert_int_eq(engine_char_has_strike(&char_match, &char_table, 0), card->simple_strike[0] != BSK_UNSET);
        for (int s = 0; s < 3 && card->simple_strike[0] != BSK_UNSET; s++)
            ck_assert_int_eq(engine_char_strike(&char_match, &char_table, 0, s), card->simple_strike[s]);
        ck_assert_int_eq(engine_char_type(&char_match, &char_table, 0), card->type);
        ck_assert_int_eq(engine_char_subtype(&char_match, &char_table, 0), card->subtype);
        ck_assert_uint_eq(engine_char_elements(&char_match, &char_table, 0), card->elements);
        ck_assert(engine_char_classes(&char_match, &char_table, 0) == e->classes);
        ck_assert(engine_char_keywords(&char_match, &char_table, 0) == e->keywords);
        for (int k = 0; k < BSK_KEYWORD_COUNT; k++) { /* X: the largest printed, 1 unprinted, 0 without */
            int x = -1;
            for (int p = 0; p < e->param_count; p++)
                if (e->params[p].keyword == k && e->params[p].x > x)
                    x = e->params[p].x;
            int want = !((e->keywords >> k) & 1u) ? 0 : x < 0 ? 1 : x;
            ck_assert_int_eq(engine_char_x(&char_match, &char_table, 0, k, 1), want);
        }
        ck_assert_int_eq(engine_char_attack_count(&char_match, &char_table, 0), e->attack_count);
        for (int k = 0; k < e->attack_count; k++)
            ck_assert(memcmp(engine_char_attack(&char_match, &char_table, 0, k), &e->attacks[k], sizeof e->attacks[k]) ==
                      0);
    }
}
END_TEST

/* The public reads the agents use instead of engine.h (match.h, issue 21) are the engine's own,
 * on every catalogue card: type, subtype, the simple strike, the attacks and their indexes,
 * protection from a simple strike (-1) and from each attack, steadfastness; the hit table and
 * one die's strengths; the derived sets. */
START_TEST(test_char_public_reads_are_the_engine_s)
{
    for (size_t i = 0; i < catalog.pool.count; i++) {
        const char *ids[2] = {catalog.pool.cards[i].id, "01-001"};
        char_units(ids, 2);
        char_match.units[1].owner = 2;
        const bsk_match *m = &char_match;
        const bsk_card_entry *e = &char_table.entries[0];
        ck_assert_int_eq(bsk_match_unit_type(m, &char_table, 0), engine_char_type(m, &char_table, 0));
        ck_assert_int_eq(bsk_match_unit_subtype(m, &char_table, 0), engine_char_subtype(m, &char_table, 0));
        ck_assert_int_eq(bsk_match_unit_has_strike(m, &char_table, 0), engine_char_has_strike(m, &char_table, 0));
        int strikes[3];
        bsk_match_unit_strikes(m, &char_table, 0, strikes);
        for (int s = 0; s < 3; s++) {
            ck_assert_int_eq(bsk_match_unit_strike(m, &char_table, 0, s), e->strike[s]);
            ck_assert_int_eq(strikes[s], e->strike[s]);
        }
        ck_assert_int_eq(bsk_match_unit_attack_count(m, &char_table, 0), e->attack_count);
        for (int k = 0; k < e->attack_count; k++) {
            ck_assert(bsk_match_unit_attack(m, &char_table, 0, k) == engine_char_attack(m, &char_table, 0, k));
            ck_assert_int_eq(bsk_match_unit_attack_index(m, &char_table, 0, e->attacks[k].index),
                             engine_attack_index(e, e->attacks[k].index));
            ck_assert_int_eq(bsk_match_unit_protected_from(m, &char_table, 1, 0, e->attacks[k].keyword),
                             engine_protected_from(m, &char_table, 1, 0, e->attacks[k].keyword));
        }
        for (int target = 0; target < 2; target++) {
            ck_assert_int_eq(bsk_match_unit_protected_from(m, &char_table, target, 1 - target, -1),
                             engine_protected_from(m, &char_table, target, 1 - target, KIND_SIMPLE_STRIKE));
            ck_assert_int_eq(bsk_match_unit_steadfast(m, &char_table, target, 1 - target, 0),
                             engine_steadfast_blocks(m, &char_table, target, 1 - target, 0));
        }
        bsk_match mine = char_match, engine = char_match;
        bsk_match_derive(&mine, &char_table);
        engine_derive(&engine, &char_table);
        ck_assert(memcmp(&mine, &engine, sizeof mine) == 0);
        ck_assert(mine.in_battle[0] == 1u);
    }
    for (int a = 1; a <= 6; a++) {
        ck_assert_int_eq(bsk_match_one_die_strength(a), engine_one_die_strength(a));
        for (int d = 1; d <= 6; d++) {
            int8_t mine[2], engine[2];
            bsk_match_hit_table(a, d, mine);
            engine_hit_table(a, d, engine);
            ck_assert(mine[0] == engine[0] && mine[1] == engine[1]);
        }
    }
    int8_t strength[2];
    bsk_match_hit_table(6, 1, strength); /* 515.3: a difference of 5, strong, no counter-strike */
    ck_assert(strength[0] == 2 && strength[1] == -1);
    ck_assert_int_eq(bsk_match_one_die_strength(4), 1); /* 515.6: 4 or 5 medium */
}
END_TEST


/* issue 22 §2: a feature in words from its program (describe.c), never the printed sentence; the
 * length it returns is the whole text's, as snprintf's, and a short buffer is cut, NUL-terminated. */
START_TEST(test_feature_describe_words_from_the_program)
{
    char text[256];
    bsk_feature death = bsk_feature_simple(BSK_FEATURE_TRIGGERED, BSK_ON_DEATH, BSK_OP_WOUND, BSK_TARGET_EVERY_ENEMY,
                                           2, 0, 0, 0);
    size_t need = bsk_feature_describe(&death, text, sizeof text);
    ck_assert_str_eq(text, "when this card dies: wound every enemy creature by 2");
    ck_assert_uint_eq(need, strlen(text));
    bsk_feature tap = bsk_feature_simple(BSK_FEATURE_ACTIVATED, BSK_EVENT_NONE, BSK_OP_GAIN_COUNTERS,
                                         BSK_TARGET_SELF, 1, 1, 2, 1);
    bsk_feature_describe(&tap, text, sizeof text);
    ck_assert_str_eq(text, "instant, pay 2 counters, tap: this card gains 1 counter");
    tap.effects[0].value = (bsk_expr){BSK_EXPR_COUNTERS, 2, 1};
    tap.effects[0].op = BSK_OP_WOUND;
    tap.effects[0].target = BSK_TARGET_ADJACENT_ENEMY;
    tap.condition = BSK_FEATURE_IF_FORMATION;
    bsk_feature_describe(&tap, text, sizeof text);
    ck_assert_str_eq(text, "(while in formation) instant, pay 2 counters, tap: wound a chosen adjacent enemy card "
                           "by 1+2 per counter paid");
    death.limit_per = BSK_LIMIT_BATTLE; /* issue 22: a limit (545.7) closes the text */
    death.limit_count = 1;
    bsk_feature_describe(&death, text, sizeof text);
    ck_assert_str_eq(text, "when this card dies: wound every enemy creature by 2 (once per battle)");
    death.limit_per = BSK_LIMIT_TURN;
    death.limit_count = 2;
    bsk_feature_describe(&death, text, sizeof text);
    ck_assert_str_eq(text, "when this card dies: wound every enemy creature by 2 (2 times per turn)");
    death.limit_per = BSK_LIMIT_NONE;
    death.limit_count = 0;
    char small[10];
    need = bsk_feature_describe(&death, small, sizeof small);
    ck_assert_str_eq(small, "when this");
    ck_assert_uint_eq(need, strlen("when this card dies: wound every enemy creature by 2"));
    ck_assert_uint_eq(bsk_feature_describe(&death, NULL, 0), need);
    /* times3 (issue 22): «X раз за ход» and not tapping (510.3, 540.1.1, 540.3.1, 540.4) */
    bsk_feature times = bsk_feature_simple(BSK_FEATURE_STATIC, BSK_EVENT_NONE, BSK_OP_ACTIONS_PER_TURN, BSK_TARGET_SELF,
                                           2, 0, 0, 0);
    times.effects[0].param = BSK_ACTIONS_STRIKE | BSK_ACTIONS_NO_TAP;
    bsk_feature_describe(&times, text, sizeof text);
    ck_assert_str_eq(text, "always: this card may attack with a simple strike 2 times per turn, not tapping until the last of them");
    times.effects[0].value.b = 0;
    times.effects[0].param = BSK_ACTIONS_GUARD;
    bsk_feature_describe(&times, text, sizeof text);
    ck_assert_str_eq(text, "always: this card may guard any number of times per turn");
    times.effects[0].op = BSK_OP_NO_TAP_AFTER;
    bsk_feature_describe(&times, text, sizeof text);
    ck_assert_str_eq(text, "always: this card does not tap when it guards (it still gets its action marker)");
    bsk_feature kele = bsk_feature_simple(BSK_FEATURE_TRIGGERED, BSK_ON_STRIKE, BSK_OP_NO_TAP_THIS_ATTACK, BSK_TARGET_SELF,
                                          0, 0, 0, 0);
    bsk_feature_describe(&kele, text, sizeof text);
    ck_assert_str_eq(text, "when this card strikes: this card does not tap after this attack");
}
END_TEST

Suite *card_table_suite(void)
{
    Suite *suite = suite_create("card_table");
    TCase *tc = tcase_create("card_table");
    tcase_add_unchecked_fixture(tc, load_bundled, free_bundled);
    tcase_add_test(tc, test_card_table_sizes);
    tcase_add_test(tc, test_girrit_two_shots_both_compiled);
    tcase_add_test(tc, test_dhaya_three_discharges);
    tcase_add_test(tc, test_cyclops_masks_and_params);
    tcase_add_test(tc, test_208_8_no_simple_strike_flagged);
    tcase_add_test(tc, test_expression_card_x_plus_1);
    tcase_add_test(tc, test_expression_range_6_minus_x);
    tcase_add_test(tc, test_expression_per_counter);
    tcase_add_test(tc, test_expression_forms);
    tcase_add_test(tc, test_uncompiled_expression_blocks);
    tcase_add_test(tc, test_attack_overflow_blocks);
    tcase_add_test(tc, test_blockers_plain_creature_runs);
    tcase_add_test(tc, test_blockers_count_beyond_max);
    tcase_add_test(tc, test_blockers_listed_once);
    tcase_add_test(tc, test_blockers_conditions_and_parameters);
    tcase_add_test(tc, test_blockers_encoded_features);
    tcase_add_test(tc, test_support_checked_keywords_only_cards);
    tcase_add_test(tc, test_table_compiles_card_features_with_filter_remap);
    tcase_add_test(tc, test_blockers_vampirism_and_poison_tag);
    tcase_add_test(tc, test_blockers_tag_keywords_linked_by_their_sentence);
    tcase_add_test(tc, test_keyword_blocker_names_match_ids);
    tcase_add_test(tc, test_wrapper_keywords_block_on_their_text);
    tcase_add_test(tc, test_table_slots_dedupe_and_find);
    tcase_add_test(tc, test_table_full_at_255);
    tcase_add_test(tc, test_every_catalogue_card_compiles);
    tcase_add_test(tc, test_char_life_is_printed);
    tcase_add_test(tc, test_char_strike_is_printed);
    tcase_add_test(tc, test_char_movement_is_printed);
    tcase_add_test(tc, test_char_keywords_are_printed);
    tcase_add_test(tc, test_char_attacks_are_printed);
    tcase_add_test(tc, test_char_type_is_printed);
    tcase_add_test(tc, test_char_classes_and_elements_are_printed);
    tcase_add_test(tc, test_card_table_init_sets_every_fast_exit);
    tcase_add_test(tc, test_char_every_catalogue_card_printed);
    tcase_add_test(tc, test_char_public_reads_are_the_engine_s);
    tcase_add_test(tc, test_feature_describe_words_from_the_program);
    suite_add_tcase(suite, tc);
    return suite;
}
