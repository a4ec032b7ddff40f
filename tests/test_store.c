/* test_store.c — the SQLite store (DESIGN §3): migrations from version 0 and from a
 * schema-1 store, the bundled catalogue imported once, import → export → import round
 * trips that are identical, failed writes that leave the store exactly as it was, and
 * files that are not a berserk store refused without a byte written. */
#include "catalog.h"
#include "store.h"
#include "suites.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char directory[64];
static char db_path[128];

static void make_directory(void)
{
    snprintf(directory, sizeof directory, "/tmp/berserk-store-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(directory));
    snprintf(db_path, sizeof db_path, "%s/nested/dir/catalog.db", directory);
}

static void remove_directory(void)
{
    char command[256];
    snprintf(command, sizeof command, "rm -rf '%s'", directory);
    ck_assert_int_eq(system(command), 0);
}

/* The export of a store as one string (index + every set file), for comparisons. */
static char *export_text(bsk_store *store)
{
    bsk_catalog catalog;
    bsk_error error;
    bsk_catalog_init(&catalog);
    ck_assert_int_eq(bsk_store_load(store, &catalog, &error), BSK_OK);
    size_t total = 0, length;
    char *all = NULL;
    const bsk_card **cards = malloc((catalog.pool.count + 1) * sizeof *cards);
    for (size_t s = 0; s <= catalog.set_count; s++) {
        char *text;
        if (s < catalog.set_count) {
            size_t count = 0;
            for (size_t i = 0; i < catalog.pool.count; i++)
                if (strcmp(catalog.pool.cards[i].set, catalog.sets[s].id) == 0)
                    cards[count++] = &catalog.pool.cards[i];
            text = bsk_codec_write_set(&catalog.sets[s], cards, count, &length);
        } else {
            text = bsk_catalog_write_index(&catalog, &length);
        }
        all = realloc(all, total + length + 1);
        memcpy(all + total, text, length + 1);
        total += length;
        free(text);
    }
    free(cards);
    bsk_catalog_free(&catalog);
    return all;
}

static bsk_store *open_store(void)
{
    bsk_store *store;
    bsk_error error;
    ck_assert_int_eq(bsk_store_open(db_path, &store, &error), BSK_OK);
    return store;
}

START_TEST(test_open_migrates_from_version_0)
{
    bsk_store *store = open_store(); /* creates the nested directories too */
    ck_assert_int_eq(bsk_store_schema_version(store), BSK_STORE_SCHEMA_VERSION);
    ck_assert(!bsk_store_has_catalog(store));
    bsk_store_close(store);
    store = open_store(); /* a second open runs no migration again */
    ck_assert_int_eq(bsk_store_schema_version(store), BSK_STORE_SCHEMA_VERSION);
    bsk_store_close(store);
}
END_TEST

START_TEST(test_newer_schema_refused)
{
    sqlite3 *db;
    bsk_store *store = open_store();
    bsk_store_close(store);
    ck_assert_int_eq(sqlite3_open(db_path, &db), SQLITE_OK);
    ck_assert_int_eq(sqlite3_exec(db, "PRAGMA user_version = 99", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
    bsk_error error;
    ck_assert_int_eq(bsk_store_open(db_path, &store, &error), BSK_ERR_STORAGE);
    ck_assert_ptr_nonnull(strstr(error.message, "schema version 99"));
}
END_TEST

START_TEST(test_bundled_imported_once_on_first_use)
{
    bsk_store *store = open_store();
    bsk_error error;
    char value[64];
    ck_assert_int_eq(bsk_store_ensure_catalog(store, &error), BSK_OK);
    ck_assert(bsk_store_has_catalog(store));
    ck_assert_int_eq(bsk_store_meta_get(store, "source", value, sizeof value), BSK_OK);
    ck_assert_str_eq(value, "bundled");
    bsk_catalog catalog;
    bsk_catalog_init(&catalog);
    ck_assert_int_eq(bsk_store_load(store, &catalog, &error), BSK_OK);
    ck_assert_uint_eq(catalog.pool.count, 1553);
    ck_assert_uint_eq(catalog.set_count, 10);
    ck_assert_int_eq(catalog.revision, 1);
    const bsk_card *cyclops = bsk_pool_resolve(&catalog.pool, "Циклоп");
    ck_assert_int_eq(cyclops->life, 14);
    ck_assert_int_eq(cyclops->keyword_count, 5);
    bsk_catalog_free(&catalog);
    /* a store that already holds a catalogue is left alone */
    ck_assert_int_eq(bsk_store_meta_set(store, "source", "https://example.invalid/", &error), BSK_OK);
    ck_assert_int_eq(bsk_store_ensure_catalog(store, &error), BSK_OK);
    ck_assert_int_eq(bsk_store_meta_get(store, "source", value, sizeof value), BSK_OK);
    ck_assert_str_eq(value, "https://example.invalid/");
    bsk_store_close(store);
}
END_TEST

/* A store seeded from the bundled catalogue of an older berserk (here: set 01's digest and a card's life
 * changed behind its back) gets this binary's bundled sets on the next use; an imported one is left. */
START_TEST(test_older_bundled_catalogue_replaced)
{
    bsk_store *store = open_store();
    bsk_error error;
    ck_assert_int_eq(bsk_store_ensure_catalog(store, &error), BSK_OK);
    bsk_store_close(store);
    sqlite3 *db;
    const char *older = "UPDATE sets SET sha256 = '00' WHERE id = '01';"
                        "UPDATE cards SET life = 1 WHERE id = '01-001'";
    ck_assert_int_eq(sqlite3_open(db_path, &db), SQLITE_OK);
    ck_assert_int_eq(sqlite3_exec(db, older, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
    store = open_store();
    ck_assert_int_eq(bsk_store_ensure_catalog(store, &error), BSK_OK);
    bsk_card card;
    ck_assert_int_eq(bsk_store_lookup(store, "01-001", &card, NULL, NULL, &error), BSK_OK);
    ck_assert_int_ne(card.life, 1);
    char *once = export_text(store);
    ck_assert_int_eq(bsk_store_ensure_catalog(store, &error), BSK_OK); /* the same digests: nothing rewritten */
    char *twice = export_text(store);
    ck_assert_str_eq(once, twice);
    free(once);
    free(twice);
    /* imported from files: the user's own, even when it differs from the bundled one */
    ck_assert_int_eq(bsk_store_meta_set(store, "source", "/some/dir", &error), BSK_OK);
    bsk_store_close(store);
    ck_assert_int_eq(sqlite3_open(db_path, &db), SQLITE_OK);
    ck_assert_int_eq(sqlite3_exec(db, older, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
    store = open_store();
    ck_assert_int_eq(bsk_store_ensure_catalog(store, &error), BSK_OK);
    ck_assert_int_eq(bsk_store_lookup(store, "01-001", &card, NULL, NULL, &error), BSK_OK);
    ck_assert_int_eq(card.life, 1);
    bsk_store_close(store);
}
END_TEST

START_TEST(test_empty_store_stays_empty)
{
    bsk_store *store = open_store();
    bsk_error error;
    ck_assert_int_eq(bsk_store_mark_empty(store, &error), BSK_OK);
    ck_assert_int_eq(bsk_store_ensure_catalog(store, &error), BSK_OK);
    bsk_catalog catalog;
    bsk_catalog_init(&catalog);
    ck_assert_int_eq(bsk_store_load(store, &catalog, &error), BSK_OK);
    ck_assert_uint_eq(catalog.pool.count, 0);
    bsk_catalog_free(&catalog);
    bsk_store_close(store);
}
END_TEST

START_TEST(test_import_export_import_is_identical)
{
    bsk_error error;
    bsk_store *store = open_store();
    ck_assert_int_eq(bsk_store_ensure_catalog(store, &error), BSK_OK);
    char *first = export_text(store);

    /* export to files, import them into a second store, export again */
    char exported[128], second_db[128];
    snprintf(exported, sizeof exported, "%s/export", directory);
    bsk_catalog catalog;
    bsk_catalog_init(&catalog);
    ck_assert_int_eq(bsk_store_load(store, &catalog, &error), BSK_OK);
    ck_assert_int_eq(bsk_catalog_export(&catalog, exported, &error), BSK_OK);
    bsk_catalog_free(&catalog);

    bsk_catalog incoming;
    bool whole;
    bsk_catalog_init(&incoming);
    ck_assert_int_eq(bsk_catalog_load_path(exported, &incoming, &whole, &error), BSK_OK);
    ck_assert(whole);
    snprintf(second_db, sizeof second_db, "%s/second.db", directory);
    bsk_store *other;
    ck_assert_int_eq(bsk_store_open(second_db, &other, &error), BSK_OK);
    ck_assert_int_eq(bsk_store_apply(other, &incoming, true, exported, NULL, 0, &error), BSK_OK);
    bsk_catalog_free(&incoming);
    char *second = export_text(other);
    ck_assert_uint_eq(strlen(first), strlen(second));
    ck_assert(strcmp(first, second) == 0);
    free(first);
    free(second);
    bsk_store_close(other);
    bsk_store_close(store);
}
END_TEST

START_TEST(test_failed_apply_leaves_store_untouched)
{
    bsk_error error;
    bsk_store *store = open_store();
    ck_assert_int_eq(bsk_store_ensure_catalog(store, &error), BSK_OK);
    char *before = export_text(store);
    /* A catalogue that slipped past validation with a repeated nxt_id: the UNIQUE
     * constraint fails half way through the transaction, which must roll back. */
    bsk_catalog broken;
    bsk_catalog_init(&broken);
    ck_assert_int_eq(bsk_catalog_load_bundled(&broken, &error), BSK_OK);
    broken.pool.cards[broken.pool.count - 1].nxt_id = broken.pool.cards[0].nxt_id;
    broken.pool.cards[broken.pool.count - 1].unknown = 0;
    broken.revision = 99;
    ck_assert_int_eq(bsk_store_apply(store, &broken, true, "broken", NULL, 0, &error), BSK_ERR_STORAGE);
    bsk_catalog_free(&broken);
    char *after = export_text(store);
    ck_assert(strcmp(before, after) == 0);
    char value[32];
    ck_assert_int_eq(bsk_store_meta_get(store, "source", value, sizeof value), BSK_OK);
    ck_assert_str_eq(value, "bundled");
    free(before);
    free(after);
    bsk_store_close(store);
}
END_TEST

START_TEST(test_single_set_import_replaces_one_set)
{
    bsk_error error;
    bsk_store *store = open_store();
    ck_assert_int_eq(bsk_store_ensure_catalog(store, &error), BSK_OK);
    bsk_catalog one;
    bsk_catalog_init(&one);
    ck_assert_int_eq(bsk_catalog_load_bundled(&one, &error), BSK_OK);
    /* keep only set 21, as a single set file import would give */
    size_t kept = 0;
    for (size_t i = 0; i < one.pool.count; i++)
        if (strcmp(one.pool.cards[i].set, "21") == 0)
            one.pool.cards[kept++] = one.pool.cards[i];
        else
            free((void *)one.pool.cards[i].features); /* the pool's copy of a card dropped here */
    one.pool.count = kept;
    one.pool.indexed = false;
    bsk_catalog_set set = *bsk_catalog_find_set(&one, "21");
    set.revision = BSK_UNSET;
    one.sets[0] = set;
    one.set_count = 1;
    ck_assert_int_eq(bsk_store_apply(store, &one, false, "sets/21.json", NULL, 0, &error), BSK_OK);
    bsk_catalog_free(&one);
    bsk_catalog catalog;
    bsk_catalog_init(&catalog);
    ck_assert_int_eq(bsk_store_load(store, &catalog, &error), BSK_OK);
    ck_assert_uint_eq(catalog.pool.count, 1553);
    ck_assert_uint_eq(catalog.set_count, 10);
    ck_assert_str_eq(catalog.sets[7].id, "21"); /* keeps its place */
    ck_assert_int_eq(catalog.sets[7].revision, 2);
    bsk_catalog_free(&catalog);
    bsk_store_close(store);
}
END_TEST

/* ---- Schema 1 → 2 and files that are not a berserk store (issue 10) ---------------- */

/* Runs SQL on a plain SQLite connection to `path` (no berserk code involved). */
static void sql_exec(const char *path, const char *sql)
{
    sqlite3 *db;
    char *message = NULL;
    ck_assert_int_eq(sqlite3_open(path, &db), SQLITE_OK);
    int rc = sqlite3_exec(db, sql, NULL, NULL, &message);
    ck_assert_msg(rc == SQLITE_OK, "%s: %s", sql, message ? message : "?");
    sqlite3_close(db);
}

static int sql_int(const char *path, const char *sql)
{
    sqlite3 *db;
    sqlite3_stmt *statement;
    int value = -1;
    ck_assert_int_eq(sqlite3_open(path, &db), SQLITE_OK);
    ck_assert_int_eq(sqlite3_prepare_v2(db, sql, -1, &statement, NULL), SQLITE_OK);
    if (sqlite3_step(statement) == SQLITE_ROW)
        value = sqlite3_column_int(statement, 0);
    sqlite3_finalize(statement);
    sqlite3_close(db);
    return value;
}

static char *read_whole(const char *path, size_t *length)
{
    FILE *file = fopen(path, "rb");
    ck_assert_ptr_nonnull(file);
    char *data = malloc(1u << 20);
    *length = fread(data, 1, (1u << 20) - 1, file);
    fclose(file);
    data[*length] = '\0';
    return data;
}

/* A schema-1 store as berserk 0.1.0 wrote it: tests/fixtures/store/v1-tiny.sql. */
static void make_v1_store(const char *path)
{
    size_t length;
    char *sql = read_whole(BSK_SOURCE_DIR "/tests/fixtures/store/v1-tiny.sql", &length);
    char command[256];
    snprintf(command, sizeof command, "mkdir -p '%s/nested/dir'", directory);
    ck_assert_int_eq(system(command), 0);
    sql_exec(path, sql);
    free(sql);
    ck_assert_int_eq(sql_int(path, "PRAGMA user_version"), 1);
}

START_TEST(test_issue10_schema_1_store_migrates_to_2)
{
    bsk_error error;
    make_v1_store(db_path);
    bsk_store *store = open_store();
    ck_assert_int_eq(bsk_store_schema_version(store), BSK_STORE_SCHEMA_VERSION); /* 1 → 2 → 3 */
    /* the same catalogue as the fixture it was imported from: its export is the fixture (catalogue
     * schema 2 since issue 22: no features, sentences null, keywords only, as schema 1 meant) */
    char exported[160], command[400];
    snprintf(exported, sizeof exported, "%s/export", directory);
    bsk_catalog catalog;
    bsk_catalog_init(&catalog);
    ck_assert_int_eq(bsk_store_load(store, &catalog, &error), BSK_OK);
    ck_assert_int_eq(bsk_catalog_export(&catalog, exported, &error), BSK_OK);
    bsk_catalog_free(&catalog);
    snprintf(command, sizeof command, "diff -r '%s' '%s/tests/cli/fixtures/tiny'", exported, BSK_SOURCE_DIR);
    ck_assert_int_eq(system(command), 0);
    bsk_card card;
    ck_assert_int_eq(bsk_store_lookup(store, "ТЁМНЫЙ СТРАЖ - ТЕСТ", &card, NULL, NULL, &error), BSK_OK);
    ck_assert_str_eq(card.id, "90-001");
    char value[64];
    ck_assert_int_eq(bsk_store_meta_get(store, "source", value, sizeof value), BSK_OK);
    ck_assert_str_eq(value, "tests/cli/fixtures/tiny");
    bsk_store_close(store);
    ck_assert_int_eq(sql_int(db_path, "PRAGMA application_id"), 0x4253524B);
    ck_assert_int_eq(sql_int(db_path, "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name IN"
                                      " ('cards_by_type', 'cards_by_cost', 'card_elements_by_element',"
                                      " 'card_classes_by_class')"),
                     4);
    ck_assert_int_eq(sql_int(db_path, "SELECT count(*) FROM sqlite_stat1 WHERE idx = 'cards_by_type'"), 1);
}
END_TEST

/* Every catalogue write leaves statistics for the query planner (sqlite_stat1), so that a
 * search starts from its most selective filter. */
START_TEST(test_issue10_writes_keep_planner_statistics)
{
    bsk_error error;
    bsk_store *store = open_store();
    ck_assert_int_eq(bsk_store_ensure_catalog(store, &error), BSK_OK);
    bsk_store_close(store);
    /* a sampled estimate of the 1553 rows (PRAGMA analysis_limit) */
    ck_assert_int_gt(sql_int(db_path, "SELECT CAST(stat AS INTEGER) FROM sqlite_stat1 WHERE idx = 'cards_by_type'"),
                     1000);
    ck_assert_int_eq(sql_int(db_path, "SELECT count(*) FROM sqlite_stat1 WHERE idx = 'card_keywords_by_keyword'"), 1);
}
END_TEST

/* The whole bundled catalogue in a schema-1 store: the fixture's schema, the rows of a
 * current store copied in (schema 2 changed no table, only indexes and the header). */
START_TEST(test_issue10_bundled_schema_1_store_answers_the_same)
{
    bsk_error error;
    char source_path[160], sql[1024];
    snprintf(source_path, sizeof source_path, "%s/source.db", directory);
    bsk_store *source;
    ck_assert_int_eq(bsk_store_open(source_path, &source, &error), BSK_OK);
    ck_assert_int_eq(bsk_store_ensure_catalog(source, &error), BSK_OK);
    char *before = export_text(source);
    bsk_card cyclops_before;
    ck_assert_int_eq(bsk_store_lookup(source, "циклоп", &cyclops_before, NULL, NULL, &error), BSK_OK);
    bsk_store_close(source);

    make_v1_store(db_path);
    snprintf(sql, sizeof sql,
             "ATTACH '%s' AS source; BEGIN; DELETE FROM card_keywords; DELETE FROM card_classes; DELETE FROM"
             " card_elements; DELETE FROM cards; DELETE FROM sets; DELETE FROM sync_meta;"
             " INSERT INTO sets SELECT * FROM source.sets; INSERT INTO cards SELECT id, set_id, position, nxt_id,"
             " name, norm_name, number, rarity, type, subtype, cost, cost_x, elite, is_unique, horde, life, movement,"
             " strike_weak, strike_medium, strike_strong, classes_known, support, features, unknown, inferred"
             " FROM source.cards;"
             " INSERT INTO card_elements SELECT * FROM source.card_elements; INSERT INTO card_classes SELECT * FROM"
             " source.card_classes; INSERT INTO card_keywords SELECT * FROM source.card_keywords;"
             " INSERT INTO sync_meta SELECT * FROM source.sync_meta WHERE key <> 'name_keys'; COMMIT;",
             source_path);
    sql_exec(db_path, sql);
    ck_assert_int_eq(sql_int(db_path, "PRAGMA user_version"), 1);
    ck_assert_int_eq(sql_int(db_path, "SELECT count(*) FROM cards"), 1553);

    bsk_store *store = open_store();
    ck_assert_int_eq(bsk_store_schema_version(store), BSK_STORE_SCHEMA_VERSION);
    bsk_store_close(store);
    /* schema 3 (issue 22) adds each card's sentence count and features: a schema-1 store has none
     * until the catalogue is imported again; given them, it answers as the store it was copied from */
    snprintf(sql, sizeof sql, "ATTACH '%s' AS source; UPDATE cards SET sentences = (SELECT s.sentences FROM"
             " source.cards s WHERE s.id = cards.id); INSERT INTO card_features SELECT * FROM source.card_features;",
             source_path);
    sql_exec(db_path, sql);
    store = open_store();
    char *after = export_text(store);
    ck_assert(strcmp(before, after) == 0);
    bsk_card cyclops;
    ck_assert_int_eq(bsk_store_lookup(store, "циклоп", &cyclops, NULL, NULL, &error), BSK_OK);
    ck_assert(memcmp(&cyclops, &cyclops_before, sizeof cyclops) == 0);
    free(before);
    free(after);
    bsk_store_close(store);
}
END_TEST

START_TEST(test_issue10_failed_migration_leaves_schema_1)
{
    bsk_error error;
    bsk_store *store;
    make_v1_store(db_path);
    /* an index by that name already there makes the 1 → 2 step fail half way */
    sql_exec(db_path, "CREATE INDEX card_classes_by_class ON card_classes(position)");
    ck_assert_int_eq(bsk_store_open(db_path, &store, &error), BSK_ERR_STORAGE);
    ck_assert_int_eq(sql_int(db_path, "PRAGMA user_version"), 1);
    ck_assert_int_eq(sql_int(db_path, "PRAGMA application_id"), 0);
    ck_assert_int_eq(sql_int(db_path, "SELECT count(*) FROM sqlite_master WHERE name IN ('cards_by_type',"
                                      " 'cards_by_cost', 'card_elements_by_element')"),
                     0);
    sql_exec(db_path, "DROP INDEX card_classes_by_class");
    store = open_store(); /* and the next open migrates */
    ck_assert_int_eq(bsk_store_schema_version(store), BSK_STORE_SCHEMA_VERSION);
    bsk_store_close(store);
}
END_TEST

/* Keys written by another normaliser (an older berserk) are recomputed on open. */
START_TEST(test_issue10_stale_name_keys_recomputed)
{
    bsk_error error;
    bsk_card card;
    bsk_store *store = open_store();
    ck_assert_int_eq(bsk_store_ensure_catalog(store, &error), BSK_OK);
    bsk_store_close(store);
    sql_exec(db_path,
             "UPDATE cards SET norm_name = upper(id); UPDATE sync_meta SET value = 'stale' WHERE key = 'name_keys'");
    store = open_store();
    ck_assert_int_eq(bsk_store_lookup(store, "ЦИКЛОП", &card, NULL, NULL, &error), BSK_OK);
    ck_assert_str_eq(card.id, "01-101");
    bsk_store_close(store);
    ck_assert_int_eq(sql_int(db_path, "SELECT count(*) FROM cards WHERE norm_name = upper(id)"), 0);
}
END_TEST

static void assert_refused_untouched(const char *path, const char *why)
{
    bsk_store *store = (bsk_store *)1;
    bsk_error error;
    size_t before_length, after_length;
    char *before = read_whole(path, &before_length);
    ck_assert_int_eq(bsk_store_open(path, &store, &error), BSK_ERR_INVALID);
    ck_assert_ptr_null(store);
    ck_assert_msg(strstr(error.message, "not a berserk store") && strstr(error.message, why), "%s", error.message);
    ck_assert_str_eq(error.file, path);
    char *after = read_whole(path, &after_length);
    ck_assert_uint_eq(before_length, after_length);
    ck_assert(memcmp(before, after, before_length) == 0);
    char journal[200];
    snprintf(journal, sizeof journal, "%s-journal", path);
    ck_assert_int_ne(access(journal, F_OK), 0);
    free(before);
    free(after);
}

START_TEST(test_issue10_foreign_files_refused_untouched)
{
    char path[160];
    snprintf(path, sizeof path, "%s/app.db", directory);
    sql_exec(path, "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO users VALUES (1, 'ann')");
    assert_refused_untouched(path, "other tables");

    snprintf(path, sizeof path, "%s/versioned.db", directory); /* the user_version berserk uses, not its tables */
    sql_exec(path, "CREATE TABLE sets (id TEXT); PRAGMA user_version = 1");
    assert_refused_untouched(path, "other tables");

    snprintf(path, sizeof path, "%s/other-app.db", directory);
    sql_exec(path, "PRAGMA application_id = 1234; CREATE TABLE t (x)");
    assert_refused_untouched(path, "application_id 1234");

    snprintf(path, sizeof path, "%s/bare.db", directory);
    sql_exec(path, "PRAGMA user_version = 5");
    assert_refused_untouched(path, "no tables but user_version 5");

    snprintf(path, sizeof path, "%s/notes.txt", directory);
    FILE *file = fopen(path, "wb");
    for (int i = 0; i < 500; i++)
        fputs("not a database at all\n", file);
    fclose(file);
    assert_refused_untouched(path, "the file is not an SQLite database");
}
END_TEST

Suite *store_suite(void)
{
    Suite *suite = suite_create("store");
    TCase *tc = tcase_create("store");
    tcase_set_timeout(tc, 60);
    tcase_add_checked_fixture(tc, make_directory, remove_directory);
    tcase_add_test(tc, test_open_migrates_from_version_0);
    tcase_add_test(tc, test_newer_schema_refused);
    tcase_add_test(tc, test_bundled_imported_once_on_first_use);
    tcase_add_test(tc, test_older_bundled_catalogue_replaced);
    tcase_add_test(tc, test_empty_store_stays_empty);
    tcase_add_test(tc, test_import_export_import_is_identical);
    tcase_add_test(tc, test_failed_apply_leaves_store_untouched);
    tcase_add_test(tc, test_single_set_import_replaces_one_set);
    tcase_add_test(tc, test_issue10_schema_1_store_migrates_to_2);
    tcase_add_test(tc, test_issue10_bundled_schema_1_store_answers_the_same);
    tcase_add_test(tc, test_issue10_writes_keep_planner_statistics);
    tcase_add_test(tc, test_issue10_failed_migration_leaves_schema_1);
    tcase_add_test(tc, test_issue10_stale_name_keys_recomputed);
    tcase_add_test(tc, test_issue10_foreign_files_refused_untouched);
    suite_add_tcase(suite, tc);
    return suite;
}
