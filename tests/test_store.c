/* test_store.c — the SQLite store (DESIGN §3): migrations from version 0, the bundled
 * catalogue imported once, import → export → import round trips that are identical,
 * and failed writes that leave the store exactly as it was. */
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

Suite *store_suite(void)
{
    Suite *suite = suite_create("store");
    TCase *tc = tcase_create("store");
    tcase_set_timeout(tc, 60);
    tcase_add_checked_fixture(tc, make_directory, remove_directory);
    tcase_add_test(tc, test_open_migrates_from_version_0);
    tcase_add_test(tc, test_newer_schema_refused);
    tcase_add_test(tc, test_bundled_imported_once_on_first_use);
    tcase_add_test(tc, test_empty_store_stays_empty);
    tcase_add_test(tc, test_import_export_import_is_identical);
    tcase_add_test(tc, test_failed_apply_leaves_store_untouched);
    tcase_add_test(tc, test_single_set_import_replaces_one_set);
    suite_add_tcase(suite, tc);
    return suite;
}
