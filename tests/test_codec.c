/* test_codec.c — the catalogue JSON codec (DESIGN §3): valid documents, canonical
 * output byte-identical to the committed catalogue, and every kind of bad input refused
 * with the file and either line:column or the JSON path. */
#include "embedded.h"
#include "file_read.h"
#include "catalog.h"
#include "codec.h"
#include "berserk/card_table.h"
#include "engine_fixture.h"
#include "suites.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char CARD[] =
    "{\"id\":\"01-101\",\"nxt_id\":10101,\"name\":\"Циклоп\",\"set\":\"01\",\"number\":101,\"rarity\":\"rare\","
    "\"type\":\"creature\",\"subtype\":\"ground\",\"elements\":[\"forests\"],\"classes\":[],"
    "\"cost\":8,\"cost_x\":false,\"elite\":true,\"unique\":false,\"horde\":false,"
    "\"life\":14,\"movement\":2,\"simple_strike\":[4,5,6],"
    "\"keywords\":[{\"id\":\"directed_strike\"},{\"id\":\"regeneration\",\"X\":1},"
    "{\"id\":\"magic_strike\",\"values\":[2,2,2],\"activation\":\"tap\"}],"
    "\"features\":[],\"support\":\"keywords_only\",\"unknown\":[],\"inferred\":[]}";

/* A set document of schema `schema` holding `fixture` with `from` replaced by `to` (when given). */
static char *set_document_of(int schema, const char *fixture, const char *from, const char *to)
{
    static char card[4096], document[8192];
    snprintf(card, sizeof card, "%s", fixture);
    if (from) {
        char *at = strstr(card, from);
        ck_assert_msg(at != NULL, "fixture has no \"%s\"", from);
        char rest[4096];
        snprintf(rest, sizeof rest, "%s", at + strlen(from));
        snprintf(at, sizeof card - (size_t)(at - card), "%s%s", to, rest);
    }
    snprintf(document, sizeof document,
             "{\"schema\":%d,\"set\":{\"id\":\"01\",\"name\":\"Война стихий\",\"release\":1},\n\"cards\":[%s]}",
             schema, card);
    return document;
}

/* A schema-1 set document holding CARD with `from` replaced by `to` (when given). */
static char *set_document(const char *from, const char *to)
{
    return set_document_of(1, CARD, from, to);
}

static bsk_status parse(const char *document, bsk_catalog *catalog, bsk_error *error)
{
    bsk_catalog_set set;
    memset(&set, 0, sizeof set);
    bsk_catalog_init(catalog);
    bsk_error_clear(error);
    return bsk_codec_parse_set(document, strlen(document), "sets/01.json", &set, &catalog->pool, error);
}

/* Parses a variant that must fail; checks the JSON path and a message fragment. */
static void expect_schema_error(const char *from, const char *to, const char *path, const char *message)
{
    bsk_catalog catalog;
    bsk_error error;
    ck_assert_int_eq(parse(set_document(from, to), &catalog, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.file, "sets/01.json");
    ck_assert_str_eq(error.path, path);
    ck_assert_msg(strstr(error.message, message) != NULL, "message \"%s\" lacks \"%s\"", error.message, message);
    ck_assert_uint_eq(catalog.pool.count, 0); /* nothing half-added */
    bsk_catalog_free(&catalog);
}

START_TEST(test_valid_card_parses)
{
    bsk_catalog catalog;
    bsk_error error;
    ck_assert_int_eq(parse(set_document(NULL, NULL), &catalog, &error), BSK_OK);
    ck_assert_uint_eq(catalog.pool.count, 1);
    const bsk_card *card = &catalog.pool.cards[0];
    ck_assert_str_eq(card->name, "Циклоп");
    ck_assert_int_eq(card->life, 14);
    ck_assert_int_eq(card->keyword_count, 3);
    ck_assert_int_eq(card->keywords[1].x.value, 1);
    ck_assert_int_eq(card->keywords[2].activation, BSK_ACTIVATION_TAP);
    bsk_catalog_free(&catalog);
}
END_TEST

START_TEST(test_expressions_and_nulls_parse)
{
    bsk_catalog catalog;
    bsk_error error;
    const char *document = set_document("\"values\":[2,2,2]", "\"values\":[\"X+1\",\"X+1\",\"X+1\"],\"range\":\"6-X\"");
    ck_assert_int_eq(parse(document, &catalog, &error), BSK_OK);
    ck_assert_str_eq(catalog.pool.cards[0].keywords[2].values[0].expr, "X+1");
    ck_assert_str_eq(catalog.pool.cards[0].keywords[2].range.expr, "6-X");
    bsk_catalog_free(&catalog);
    document = set_document("\"classes\":[],", "\"classes\":null,");
    ck_assert_int_eq(parse(document, &catalog, &error), BSK_OK);
    ck_assert_int_eq(catalog.pool.cards[0].class_count, BSK_UNSET);
    bsk_catalog_free(&catalog);
}
END_TEST

START_TEST(test_canonical_output_equals_bundled_files)
{
    /* DESIGN §3: catalog/data is byte-identical to an export of itself. */
    bsk_catalog catalog;
    bsk_error error;
    bsk_catalog_init(&catalog);
    ck_assert_int_eq(bsk_catalog_load_bundled(&catalog, &error), BSK_OK);
    const bsk_card **cards = malloc(catalog.pool.count * sizeof *cards);
    for (size_t s = 0; s < catalog.set_count; s++) {
        size_t count = 0, length;
        for (size_t i = 0; i < catalog.pool.count; i++)
            if (strcmp(catalog.pool.cards[i].set, catalog.sets[s].id) == 0)
                cards[count++] = &catalog.pool.cards[i];
        char *text = bsk_codec_write_set(&catalog.sets[s], cards, count, &length);
        const bsk_bundled_file *file = NULL;
        for (size_t f = 0; f < bsk_bundled_file_count; f++)
            if (strcmp(bsk_bundled_files[f].name, catalog.sets[s].url) == 0)
                file = &bsk_bundled_files[f];
        ck_assert_ptr_nonnull(file);
        ck_assert_uint_eq(length, file->length);
        ck_assert_msg(memcmp(text, file->data, length) == 0, "%s differs from its canonical form", file->name);
        free(text);
    }
    size_t length;
    char *index = bsk_catalog_write_index(&catalog, &length);
    ck_assert_str_eq(bsk_bundled_files[0].name, "index.json");
    ck_assert_uint_eq(length, bsk_bundled_files[0].length);
    ck_assert(memcmp(index, bsk_bundled_files[0].data, length) == 0);
    free(index);
    free(cards);
    bsk_catalog_free(&catalog);
}
END_TEST

START_TEST(test_codec_reads_plain_records)
{
    /* codec.h alone: index.json to a revision and set records, a set file to a bare pool,
     * and the index written back byte for byte (issue 10: no catalog.h in the codec). */
    const bsk_bundled_file *index_file = &bsk_bundled_files[0];
    bsk_codec_index index;
    bsk_error error;
    ck_assert_int_eq(bsk_codec_parse_index((const char *)index_file->data, index_file->length, "index.json", &index, &error), BSK_OK);
    ck_assert_uint_eq(index.set_count, 10);
    ck_assert_str_eq(index.sets[0].id, "01");
    size_t length;
    char *text = bsk_codec_write_index(index.revision, index.sets, index.set_count, &length);
    ck_assert_uint_eq(length, index_file->length);
    ck_assert(memcmp(text, index_file->data, length) == 0);
    free(text);
    const bsk_bundled_file *set_file = NULL;
    for (size_t f = 0; f < bsk_bundled_file_count; f++)
        if (strcmp(bsk_bundled_files[f].name, index.sets[0].url) == 0)
            set_file = &bsk_bundled_files[f];
    ck_assert_ptr_nonnull(set_file);
    bsk_pool pool;
    bsk_catalog_set set;
    bsk_pool_init(&pool);
    ck_assert_int_eq(bsk_codec_parse_set((const char *)set_file->data, set_file->length, set_file->name, &set, &pool, &error), BSK_OK);
    ck_assert_str_eq(set.id, "01");
    ck_assert_int_eq(set.cards, index.sets[0].cards);
    ck_assert_uint_eq(pool.count, (size_t)set.cards);
    bsk_pool_free(&pool);
    bsk_codec_index_free(&index);
}
END_TEST

START_TEST(test_syntax_error_has_line_and_column)
{
    bsk_catalog catalog;
    bsk_error error;
    char document[8192];
    snprintf(document, sizeof document, "%s", set_document(NULL, NULL));
    document[strlen(document) - 5] = '\0'; /* truncated on line 2 */
    ck_assert_int_eq(parse(document, &catalog, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.rule, "catalog.syntax");
    ck_assert_int_eq(error.line, 2);
    ck_assert_int_gt(error.column, 0);
    char text[1024];
    bsk_error_format(&error, text, sizeof text);
    ck_assert_msg(strncmp(text, "sets/01.json:2:", 15) == 0, "formatted as \"%s\"", text);
    bsk_catalog_free(&catalog);
}
END_TEST

START_TEST(test_invalid_utf8_refused_with_position)
{
    bsk_catalog catalog;
    bsk_error error;
    const char *document = set_document("Циклоп", "Цик\xff\xfeлоп");
    ck_assert_int_eq(parse(document, &catalog, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.rule, "catalog.syntax");
    ck_assert_int_eq(error.line, 2);
    ck_assert_ptr_nonnull(strstr(error.message, "UTF-8"));
    bsk_catalog_free(&catalog);
}
END_TEST

START_TEST(test_wrong_types_name_the_path)
{
    expect_schema_error("\"life\":14", "\"life\":\"14\"", "cards[0].life", "expected integer or null");
    expect_schema_error("\"cost\":8", "\"cost\":8.5", "cards[0].cost", "expected integer");
    expect_schema_error("\"elite\":true", "\"elite\":1", "cards[0].elite", "expected boolean");
    expect_schema_error("\"simple_strike\":[4,5,6]", "\"simple_strike\":[4,5]", "cards[0].simple_strike",
                        "array of 3");
    expect_schema_error("\"elements\":[\"forests\"]", "\"elements\":[\"woods\"]", "cards[0].elements[0]",
                        "unknown value");
    expect_schema_error("\"X\":1", "\"X\":true", "cards[0].keywords[1].X", "expected integer or string");
}
END_TEST

START_TEST(test_missing_and_unexpected_fields)
{
    expect_schema_error("\"rarity\":\"rare\",", "", "cards[0].rarity", "missing required field");
    expect_schema_error("\"inferred\":[]", "\"inferred\":[],\"text\":\"...\"", "cards[0].text", "unexpected field");
}
END_TEST

START_TEST(test_consistency_rules_of_design_3)
{
    expect_schema_error("\"subtype\":\"ground\"", "\"subtype\":null", "cards[0].subtype", "needs a subtype");
    expect_schema_error("\"type\":\"creature\",\"subtype\":\"ground\"", "\"type\":\"terrain\",\"subtype\":null",
                        "cards[0].life", "terrains have no life");
    expect_schema_error("\"subtype\":\"ground\"", "\"subtype\":\"flyer\"", "cards[0].movement",
                        "only ground creatures have movement");
    expect_schema_error("\"id\":\"01-101\"", "\"id\":\"01-102\"", "cards[0].id", "does not match set and number");
    expect_schema_error("\"set\":\"01\"", "\"set\":\"02\"", "cards[0].set", "in the file of set");
    expect_schema_error("\"unknown\":[]", "\"unknown\":[\"life\"]", "cards[0].life", "must be null");
    expect_schema_error("\"unknown\":[]", "\"unknown\":[\"life\",\"life\"]", "cards[0].unknown[1]", "twice");
    expect_schema_error("{\"id\":\"regeneration\",\"X\":1}", "{\"id\":\"regeneration\",\"values\":[1,1,1]}",
                        "cards[0].keywords[1].values", "takes X");
    expect_schema_error("\"name\":\"Циклоп\"", "\"name\":\"Циклоп \"", "cards[0].name", "trailing spaces");
    expect_schema_error("\"features\":[]", "\"features\":[{}]", "cards[0].features", "expected []");
}
END_TEST

START_TEST(test_duplicate_id_within_a_set)
{
    bsk_catalog catalog;
    bsk_error error;
    char document[8192];
    snprintf(document, sizeof document,
             "{\"schema\":1,\"set\":{\"id\":\"01\",\"name\":\"Война стихий\",\"release\":1},\"cards\":[%s,%s]}", CARD,
             CARD);
    ck_assert_int_eq(parse(document, &catalog, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.path, "cards[1].id");
    ck_assert_ptr_nonnull(strstr(error.message, "duplicate card id"));
    bsk_catalog_free(&catalog);
}
END_TEST

START_TEST(test_duplicate_json_keys_and_schema_version)
{
    bsk_catalog catalog;
    bsk_error error;
    ck_assert_int_eq(parse(set_document("\"life\":14", "\"life\":14,\"life\":15"), &catalog, &error), BSK_ERR_INVALID);
    ck_assert_ptr_nonnull(strstr(error.message, "duplicate"));
    bsk_catalog_free(&catalog);
    const char *schema3 = "{\"schema\":3,\"set\":{\"id\":\"01\",\"name\":\"x\",\"release\":1},\"cards\":[]}";
    ck_assert_int_eq(parse(schema3, &catalog, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.path, "schema");
    ck_assert_ptr_nonnull(strstr(error.message, "unsupported catalogue schema 3"));
    bsk_catalog_free(&catalog);
}
END_TEST

/* ---- Catalogue schema 2 (issue 22): features, keyword src, sentences, support ---- */

/* A schema-2 card: keywords with src (a sentence, an icon), a generic feature with a card-local
 * filter, a text_only one and one of a handler the engine lacks (both kept, both blockers). */
static const char CARD2[] =
    "{\"id\":\"01-101\",\"nxt_id\":10101,\"name\":\"Циклоп\",\"set\":\"01\",\"number\":101,\"rarity\":\"rare\","
    "\"type\":\"creature\",\"subtype\":\"ground\",\"elements\":[\"forests\"],\"classes\":[],"
    "\"cost\":8,\"cost_x\":false,\"elite\":true,\"unique\":false,\"horde\":false,"
    "\"life\":14,\"movement\":2,\"simple_strike\":[4,5,6],"
    "\"keywords\":[{\"id\":\"directed_strike\",\"src\":\"icon\"},{\"id\":\"regeneration\",\"X\":1,\"src\":1}],"
    "\"features\":[{\"src\":2,\"kind\":\"triggered\",\"trigger\":{\"event\":\"on_death\",\"source\":\"self\"},"
    "\"optional\":false,\"abilities\":[{\"type\":\"effect_ability\",\"target\":{\"count\":1,\"filter\":"
    "{\"type\":[\"creature\"],\"side\":\"own\"}},\"effects\":[{\"op\":\"heal\",\"target\":\"target\",\"X\":2}]}],"
    "\"engine\":\"generic\"},"
    "{\"src\":3,\"kind\":\"static\",\"engine\":\"text_only\"},"
    "{\"src\":4,\"kind\":\"activated\",\"engine\":\"handler:01-101\"}],"
    "\"sentences\":4,\"support\":\"partial\",\"unknown\":[],\"inferred\":[]}";

static char *set_document_2(const char *from, const char *to)
{
    return set_document_of(2, CARD2, from, to);
}

/* The canonical set file of a parsed document's cards. */
static char *write_back(bsk_catalog *catalog)
{
    bsk_catalog_set set = {.id = "01", .name = "Война стихий", .release = 1};
    const bsk_card *cards[4];
    for (size_t i = 0; i < catalog->pool.count; i++)
        cards[i] = &catalog->pool.cards[i];
    return bsk_codec_write_set(&set, cards, catalog->pool.count, NULL);
}

START_TEST(test_schema2_features_round_trip)
{
    bsk_catalog catalog, again;
    bsk_error error;
    ck_assert_int_eq(parse(set_document_2(NULL, NULL), &catalog, &error), BSK_OK);
    const bsk_card *card = &catalog.pool.cards[0];
    ck_assert_int_eq(card->sentences, 4);
    ck_assert_int_eq(card->support, BSK_SUPPORT_PARTIAL);
    ck_assert_int_eq(card->keywords[0].src, BSK_SRC_ICON);
    ck_assert_int_eq(card->keywords[1].src, 1);
    ck_assert_int_eq(bsk_card_feature_count(card), 3);
    const bsk_card_features *f = card->features;
    ck_assert_int_eq(f->features[0].src, 2); /* the printed sentence, not the place in the list */
    ck_assert_int_eq(f->features[0].effects[0].op, BSK_OP_HEAL);
    ck_assert_int_eq(f->features[0].effects[0].target, BSK_TARGET_CHOSEN);
    ck_assert_int_eq(f->features[0].effects[0].filter, 1); /* card-local: filters[0] */
    ck_assert_int_eq(f->filter_count, 1);
    ck_assert_int_eq(f->filters[0].side, BSK_FILTER_SIDE_OWN);
    ck_assert_int_eq(f->engine[1], BSK_ENGINE_TEXT_ONLY);
    ck_assert_int_eq(f->engine[2], BSK_ENGINE_HANDLER);
    ck_assert_str_eq(f->handler[2], "01-101");
    ck_assert(bsk_card_feature_runs(f, 0) && !bsk_card_feature_runs(f, 1) && !bsk_card_feature_runs(f, 2));
    /* the engine checks the card, never trusting `support` */
    ck_assert(card_has_blocker(card, "engine:text_only"));
    ck_assert(card_has_blocker(card, "engine:handler"));
    ck_assert(!card_has_blocker(card, "support:unproved"));
    ck_assert_int_eq(bsk_card_support_computed(card), BSK_SUPPORT_PARTIAL);
    /* written back canonically, read back the same */
    char *first = write_back(&catalog);
    ck_assert_ptr_nonnull(strstr(first, "\"schema\": 2"));
    ck_assert_ptr_nonnull(strstr(first, "\"engine\": \"text_only\""));
    ck_assert_ptr_nonnull(strstr(first, "\"sentences\": 4"));
    ck_assert_int_eq(parse(first, &again, &error), BSK_OK);
    char *second = write_back(&again);
    ck_assert_str_eq(first, second);
    ck_assert(memcmp(again.pool.cards[0].features, card->features, sizeof *card->features) == 0);
    free(first);
    free(second);
    bsk_catalog_free(&again);
    bsk_catalog_free(&catalog);
}
END_TEST

/* A schema-1 file is still read: its cards are keywords_only with sentences null, written back
 * as schema 2 and read back the same. */
START_TEST(test_schema1_round_trip_as_schema2)
{
    bsk_catalog catalog, again;
    bsk_error error;
    ck_assert_int_eq(parse(set_document("\"support\":\"keywords_only\"", "\"support\":\"full\""), &catalog, &error),
                     BSK_OK);
    const bsk_card *card = &catalog.pool.cards[0];
    ck_assert_int_eq(card->support, BSK_SUPPORT_KEYWORDS_ONLY); /* DESIGN §3: schema 1 cards */
    ck_assert_int_eq(card->sentences, BSK_UNSET);
    ck_assert_ptr_null(card->features);
    char *first = write_back(&catalog);
    ck_assert_ptr_nonnull(strstr(first, "\"sentences\": null"));
    ck_assert_int_eq(parse(first, &again, &error), BSK_OK);
    char *second = write_back(&again);
    ck_assert_str_eq(first, second);
    free(first);
    free(second);
    bsk_catalog_free(&again);
    bsk_catalog_free(&catalog);
}
END_TEST

/* A bad feature names the file and its JSON path; nothing is added to the pool. */
START_TEST(test_schema2_bad_feature_names_the_path)
{
    bsk_catalog catalog;
    bsk_error error;
    ck_assert_int_eq(parse(set_document_2("\"op\":\"heal\"", "\"op\":\"mend\""), &catalog, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.file, "sets/01.json");
    ck_assert_str_eq(error.path, "cards[0].features[0].abilities[0].effects[0].op");
    ck_assert_uint_eq(catalog.pool.count, 0);
    bsk_catalog_free(&catalog);
    /* a src past the card's sentences, a text_only feature that says more, a keyword src of 0 */
    ck_assert_int_eq(parse(set_document_2("\"sentences\":4", "\"sentences\":3"), &catalog, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.path, "cards[0].features[2].src");
    bsk_catalog_free(&catalog);
    ck_assert_int_eq(parse(set_document_2("\"engine\":\"text_only\"}", "\"engine\":\"text_only\",\"optional\":true}"),
                           &catalog, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.path, "cards[0].features[1].optional");
    bsk_catalog_free(&catalog);
    ck_assert_int_eq(parse(set_document_2("\"src\":\"icon\"", "\"src\":0"), &catalog, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.path, "cards[0].keywords[0].src");
    bsk_catalog_free(&catalog);
    /* schema 1 holds no features */
    ck_assert_int_eq(parse(set_document("\"features\":[]", "\"features\":[{\"src\":1,\"kind\":\"static\","
                                                           "\"engine\":\"text_only\"}]"), &catalog, &error),
                     BSK_ERR_INVALID);
    ck_assert_str_eq(error.path, "cards[0].features");
    bsk_catalog_free(&catalog);
}
END_TEST

START_TEST(test_index_validation)
{
    bsk_error error;
    static const char *const BAD[][3] = {
        {"{\"schema\":1,\"revision\":1,\"sets\":[{\"id\":\"01\",\"name\":\"A\",\"release\":1,\"revision\":1,"
         "\"cards\":1,\"sha256\":\"abc\",\"url\":\"sets/01.json\"}]}",
         "sets[0].sha256", "64 lowercase hex"},
        {"{\"schema\":1,\"revision\":1,\"sets\":[{\"id\":\"01\",\"name\":\"A\",\"release\":1,\"revision\":1,"
         "\"cards\":1,\"sha256\":\"0000000000000000000000000000000000000000000000000000000000000000\","
         "\"url\":\"../etc/passwd\"}]}",
         "sets[0].url", "not a relative path"},
        {"{\"schema\":1,\"revision\":\"1\",\"sets\":[]}", "revision", "expected integer"},
        {"[]", "", "expected an index object"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        bsk_codec_index index;
        ck_assert_int_eq(bsk_codec_parse_index(BAD[i][0], strlen(BAD[i][0]), "index.json", &index, &error),
                         BSK_ERR_INVALID);
        ck_assert_str_eq(error.path, BAD[i][1]);
        ck_assert_msg(strstr(error.message, BAD[i][2]) != NULL, "\"%s\" lacks \"%s\"", error.message, BAD[i][2]);
        ck_assert_ptr_null(index.sets); /* a refused index leaves nothing behind */
        ck_assert_uint_eq(index.set_count, 0);
    }
}
END_TEST

/* A reader over an in-memory set of files, for catalogue-level checks. */
typedef struct memory_files {
    const char *names[4];
    const char *texts[4];
} memory_files;

static bsk_status read_memory(void *context, const char *relative, size_t cap, char **data, size_t *length,
                              bsk_error *error)
{
    memory_files *files = context;
    for (int i = 0; i < 4 && files->names[i]; i++)
        if (strcmp(files->names[i], relative) == 0) {
            *length = strlen(files->texts[i]);
            if (*length > cap)
                return bsk_error_set(error, BSK_ERR_LIMIT, "catalog.file", "over the cap");
            *data = strdup(files->texts[i]);
            return BSK_OK;
        }
    bsk_error_set_file(error, relative);
    return bsk_error_set(error, BSK_ERR_IO, "catalog.file", "cannot open");
}

static char *index_for(const char *set_text, int cards)
{
    static char index[1024];
    char digest[65];
    bsk_sha256_hex(set_text, strlen(set_text), digest);
    snprintf(index, sizeof index,
             "{\"schema\":1,\"revision\":3,\"sets\":[{\"id\":\"01\",\"name\":\"Война стихий\",\"release\":1,"
             "\"revision\":2,\"cards\":%d,\"sha256\":\"%s\",\"url\":\"sets/01.json\"}]}",
             cards, digest);
    return index;
}

START_TEST(test_load_checks_hash_and_count)
{
    bsk_catalog catalog;
    bsk_error error;
    char set_text[8192];
    snprintf(set_text, sizeof set_text, "%s", set_document(NULL, NULL));
    memory_files files = {{"index.json", "sets/01.json"}, {index_for(set_text, 1), set_text}};
    bsk_catalog_init(&catalog);
    ck_assert_int_eq(bsk_catalog_load(read_memory, &files, &catalog, &error), BSK_OK);
    ck_assert_int_eq(catalog.revision, 3);
    ck_assert_int_eq(catalog.sets[0].revision, 2);
    bsk_catalog_free(&catalog);

    char wrong_count[1024];
    snprintf(wrong_count, sizeof wrong_count, "%s", index_for(set_text, 2));
    files.texts[0] = wrong_count;
    bsk_catalog_init(&catalog);
    ck_assert_int_eq(bsk_catalog_load(read_memory, &files, &catalog, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.file, "sets/01.json");
    ck_assert_ptr_nonnull(strstr(error.message, "announces 2"));
    bsk_catalog_free(&catalog);

    char stale[1024];
    snprintf(stale, sizeof stale, "%s", index_for(set_text, 1));
    set_text[strlen(set_text) - 1] = ' '; /* same JSON, other bytes */
    files.texts[0] = stale;
    bsk_catalog_init(&catalog);
    ck_assert_int_eq(bsk_catalog_load(read_memory, &files, &catalog, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.rule, "catalog.sha256");
    ck_assert_str_eq(error.file, "sets/01.json");
    bsk_catalog_free(&catalog);
}
END_TEST

START_TEST(test_duplicate_ids_across_sets)
{
    bsk_catalog catalog;
    bsk_error error;
    char first[8192], second[8192], index[2048];
    char digest_a[65], digest_b[65];
    snprintf(first, sizeof first, "%s", set_document(NULL, NULL));
    /* set 02 holding a card whose nxt_id repeats one of set 01 */
    snprintf(second, sizeof second, "%s",
             set_document("\"id\":\"01-101\"", "\"id\":\"02-101\""));
    char *set_field = strstr(second, "\"set\":\"01\",\"number\"");
    memcpy(set_field, "\"set\":\"02\"", 10);
    char *header = strstr(second, "\"id\":\"01\",\"name\":\"Война стихий\",\"release\":1");
    memcpy(header, "\"id\":\"02\"", 9);
    bsk_sha256_hex(first, strlen(first), digest_a);
    bsk_sha256_hex(second, strlen(second), digest_b);
    snprintf(index, sizeof index,
             "{\"schema\":1,\"revision\":1,\"sets\":["
             "{\"id\":\"01\",\"name\":\"Война стихий\",\"release\":1,\"revision\":1,\"cards\":1,\"sha256\":\"%s\","
             "\"url\":\"sets/01.json\"},"
             "{\"id\":\"02\",\"name\":\"Война стихий\",\"release\":1,\"revision\":1,\"cards\":1,\"sha256\":\"%s\","
             "\"url\":\"sets/02.json\"}]}",
             digest_a, digest_b);
    memory_files files = {{"index.json", "sets/01.json", "sets/02.json"}, {index, first, second}};
    bsk_catalog_init(&catalog);
    ck_assert_int_eq(bsk_catalog_load(read_memory, &files, &catalog, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.file, "sets/02.json");
    ck_assert_str_eq(error.path, "cards[0].nxt_id");
    ck_assert_ptr_nonnull(strstr(error.message, "duplicate nxt_id 10101"));
    bsk_catalog_free(&catalog);
}
END_TEST

START_TEST(test_file_over_cap_refused_without_reading)
{
    char path[] = "/tmp/berserk-test-bigXXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(ftruncate(fd, 50 * 1024 * 1024), 0); /* a 50 MB file */
    close(fd);
    char *data;
    size_t length;
    bsk_error error;
    ck_assert_int_eq(bsk_file_read(path, BSK_CATALOG_SET_CAP, "catalog.file", &data, &length, &error), BSK_ERR_LIMIT);
    ck_assert_ptr_nonnull(strstr(error.message, "cap"));
    ck_assert_str_eq(error.file, path);
    bsk_catalog catalog;
    bool whole;
    bsk_catalog_init(&catalog);
    ck_assert_int_eq(bsk_catalog_load_path(path, &catalog, &whole, &error), BSK_ERR_LIMIT);
    bsk_catalog_free(&catalog);
    unlink(path);
}
END_TEST

Suite *codec_suite(void)
{
    Suite *suite = suite_create("codec");
    TCase *tc = tcase_create("codec");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_valid_card_parses);
    tcase_add_test(tc, test_expressions_and_nulls_parse);
    tcase_add_test(tc, test_canonical_output_equals_bundled_files);
    tcase_add_test(tc, test_codec_reads_plain_records);
    tcase_add_test(tc, test_syntax_error_has_line_and_column);
    tcase_add_test(tc, test_invalid_utf8_refused_with_position);
    tcase_add_test(tc, test_wrong_types_name_the_path);
    tcase_add_test(tc, test_missing_and_unexpected_fields);
    tcase_add_test(tc, test_consistency_rules_of_design_3);
    tcase_add_test(tc, test_duplicate_id_within_a_set);
    tcase_add_test(tc, test_duplicate_json_keys_and_schema_version);
    tcase_add_test(tc, test_schema2_features_round_trip);
    tcase_add_test(tc, test_schema1_round_trip_as_schema2);
    tcase_add_test(tc, test_schema2_bad_feature_names_the_path);
    tcase_add_test(tc, test_index_validation);
    tcase_add_test(tc, test_load_checks_hash_and_count);
    tcase_add_test(tc, test_duplicate_ids_across_sets);
    tcase_add_test(tc, test_file_over_cap_refused_without_reading);
    suite_add_tcase(suite, tc);
    return suite;
}
