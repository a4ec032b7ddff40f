/* store.c — the SQLite catalogue store. Schema changes are numbered migrations applied
 * in one transaction each and recorded in PRAGMA user_version, so a store of any older
 * version opens and a newer one is refused rather than misread; a file that is not a
 * berserk store is refused before anything is written to it. Writes of a catalogue
 * happen in a single IMMEDIATE transaction: readers see the old catalogue or the new
 * one, never a mix, and a failure (or a kill) leaves the old one. Look-ups that read
 * only what they need are in store_query.c. */
#include "store.h"
#include "store_internal.h"
#include "synthetic.h" /* bsk_feature_from_json / bsk_feature_to_json */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* PRAGMA application_id of a berserk store, 0x4253524B ("BSRK"), set from schema 2 on. */
#define BERSERK_APPLICATION_ID 1112756811
#define TEXT_OF(x) #x
#define NUMBER_TEXT(x) TEXT_OF(x)

static const char *const MIGRATIONS[] = {
    /* 0 → 1: the catalogue tables of DESIGN §3. */
    "CREATE TABLE sets ("
    " id TEXT PRIMARY KEY, position INTEGER NOT NULL, name TEXT NOT NULL, release INTEGER,"
    " revision INTEGER NOT NULL, sha256 TEXT NOT NULL, url TEXT NOT NULL);"
    "CREATE TABLE cards ("
    " id TEXT PRIMARY KEY, set_id TEXT NOT NULL REFERENCES sets(id) ON DELETE CASCADE,"
    " position INTEGER NOT NULL, nxt_id INTEGER UNIQUE, name TEXT NOT NULL, norm_name TEXT NOT NULL,"
    " number INTEGER, rarity TEXT, type TEXT NOT NULL, subtype TEXT, cost INTEGER NOT NULL,"
    " cost_x INTEGER NOT NULL, elite INTEGER NOT NULL, is_unique INTEGER, horde INTEGER, life INTEGER,"
    " movement INTEGER, strike_weak INTEGER, strike_medium INTEGER, strike_strong INTEGER,"
    " classes_known INTEGER NOT NULL, support TEXT NOT NULL, features TEXT NOT NULL,"
    " unknown TEXT NOT NULL, inferred TEXT NOT NULL);"
    "CREATE INDEX cards_by_set ON cards(set_id, position);"
    "CREATE INDEX cards_by_name ON cards(norm_name);"
    "CREATE TABLE card_elements ("
    " card_id TEXT NOT NULL REFERENCES cards(id) ON DELETE CASCADE, position INTEGER NOT NULL,"
    " element TEXT NOT NULL, PRIMARY KEY (card_id, position)) WITHOUT ROWID;"
    "CREATE TABLE card_classes ("
    " card_id TEXT NOT NULL REFERENCES cards(id) ON DELETE CASCADE, position INTEGER NOT NULL,"
    " class TEXT NOT NULL, PRIMARY KEY (card_id, position)) WITHOUT ROWID;"
    "CREATE TABLE card_keywords ("
    " card_id TEXT NOT NULL REFERENCES cards(id) ON DELETE CASCADE, position INTEGER NOT NULL,"
    " keyword TEXT NOT NULL, params TEXT NOT NULL, PRIMARY KEY (card_id, position)) WITHOUT ROWID;"
    "CREATE INDEX card_keywords_by_keyword ON card_keywords(keyword);"
    "CREATE TABLE sync_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;",
    /* 1 → 2 (issue 10, start-up cost): indexes for the search filters, so a look-up reads
     * only the rows it needs (names use cards_by_name on norm_name, ids the primary key and
     * nxt_id's unique index, sets cards_by_set), and the application id that tells a
     * berserk store from another program's SQLite file. */
    "CREATE INDEX cards_by_type ON cards(type, subtype);"
    "CREATE INDEX cards_by_cost ON cards(cost, elite);"
    "CREATE INDEX card_elements_by_element ON card_elements(element, card_id);"
    "CREATE INDEX card_classes_by_class ON card_classes(class, card_id);"
    "PRAGMA application_id = " NUMBER_TEXT(BERSERK_APPLICATION_ID) ";"
    "PRAGMA analysis_limit = 1000; ANALYZE;",
    /* 2 → 3 (issue 22, catalogue schema 2): each card's encoded features, one row a feature in list
     * order (the feature object in `json`, its src, kind, trigger event and engine beside it for
     * queries), and the card's number of printed sentences. A card of an older store has neither:
     * it reads as schema 1 said (no features, sentences null, keywords only). Keyword `src` lives in
     * card_keywords.params with the other parameters. */
    "CREATE TABLE card_features ("
    " card_id TEXT NOT NULL REFERENCES cards(id) ON DELETE CASCADE, position INTEGER NOT NULL,"
    " src INTEGER NOT NULL, kind TEXT NOT NULL, trigger_event TEXT, engine TEXT NOT NULL, json TEXT NOT NULL,"
    " PRIMARY KEY (card_id, position)) WITHOUT ROWID;"
    "CREATE INDEX card_features_by_kind ON card_features(kind, trigger_event);"
    "ALTER TABLE cards ADD COLUMN sentences INTEGER;",
};

/* Statistics for the query planner, so that a search starts from its most selective
 * filter (a keyword, not "creature"); sampled, so a 55,000-card store takes ~20 ms. Run
 * after every catalogue write, inside its transaction. */
static const char ANALYZE_SQL[] = "PRAGMA analysis_limit = 1000; ANALYZE";

bsk_status bsk_store_db_error(bsk_store *store, bsk_error *error, const char *doing)
{
    bsk_error_clear(error);
    bsk_error_set(error, BSK_ERR_STORAGE, "catalog.store", "%s: %s", doing, sqlite3_errmsg(store->db));
    bsk_error_set_file(error, store->path);
    return BSK_ERR_STORAGE;
}

static bsk_status exec(bsk_store *store, const char *sql, bsk_error *error)
{
    if (sqlite3_exec(store->db, sql, NULL, NULL, NULL) != SQLITE_OK)
        return bsk_store_db_error(store, error, sql);
    return BSK_OK;
}

static bsk_status make_parents(const char *path, bsk_error *error)
{
    char buffer[4096];
    snprintf(buffer, sizeof buffer, "%s", path);
    for (char *p = buffer + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(buffer, 0755) != 0 && errno != EEXIST) {
            bsk_error_set(error, BSK_ERR_STORAGE, "catalog.store", "cannot make the directory %s: %s", buffer,
                          strerror(errno));
            return BSK_ERR_STORAGE;
        }
        *p = '/';
    }
    return BSK_OK;
}

bsk_status bsk_store_default_path(char *out, size_t out_size, bsk_error *error)
{
    const char *db = getenv("BERSERK_DB");
    const char *xdg = getenv("XDG_DATA_HOME");
    const char *home = getenv("HOME");
    if (db && *db)
        snprintf(out, out_size, "%s", db);
    else if (xdg && xdg[0] == '/') /* the XDG spec: a relative value is invalid and ignored */
        snprintf(out, out_size, "%s/berserk/catalog.db", xdg);
    else if (home && *home)
        snprintf(out, out_size, "%s/.local/share/berserk/catalog.db", home);
    else
        return bsk_error_set(error, BSK_ERR_STORAGE, "catalog.store",
                             "no catalogue path: set BERSERK_DB, XDG_DATA_HOME or HOME, or pass --db PATH");
    return BSK_OK;
}

int bsk_store_schema_version(bsk_store *store)
{
    sqlite3_stmt *statement;
    int version = -1;
    if (sqlite3_prepare_v2(store->db, "PRAGMA user_version", -1, &statement, NULL) == SQLITE_OK) {
        if (sqlite3_step(statement) == SQLITE_ROW)
            version = sqlite3_column_int(statement, 0);
        sqlite3_finalize(statement);
    }
    return version;
}

/* ---- Opening: the file check, migrations, name keys ---------------------------------- */

static bsk_status not_a_store(bsk_store *store, bsk_error *error, const char *why)
{
    bsk_error_clear(error);
    bsk_error_set(error, BSK_ERR_INVALID, "catalog.store", "not a berserk store (%s)", why);
    bsk_error_set_file(error, store->path);
    return BSK_ERR_INVALID;
}

/* Tells a berserk store, or a new empty file, from anything else before a single write, so
 * that another program's database is never migrated into (issue 10). A berserk store
 * carries our application_id from schema 2 on; a schema-1 store is known by its tables. */
static bsk_status check_berserk_store(bsk_store *store, int *version, bsk_error *error)
{
    static const char *const PROBES[] = {
        "PRAGMA application_id", "PRAGMA user_version",
        "SELECT count(*), count(CASE WHEN type = 'table' AND name IN ('sets', 'cards', 'card_elements',"
        " 'card_classes', 'card_keywords', 'sync_meta') THEN 1 END) FROM sqlite_master",
    };
    int values[4] = {0}; /* application_id, user_version, objects, our tables */
    for (int i = 0; i < 3; i++) {
        sqlite3_stmt *statement;
        int rc = sqlite3_prepare_v2(store->db, PROBES[i], -1, &statement, NULL);
        if (rc == SQLITE_OK && (rc = sqlite3_step(statement)) == SQLITE_ROW) {
            values[i] = sqlite3_column_int(statement, 0);
            if (i == 2)
                values[3] = sqlite3_column_int(statement, 1);
        }
        sqlite3_finalize(statement);
        if (rc != SQLITE_ROW) {
            if (sqlite3_errcode(store->db) == SQLITE_NOTADB)
                return not_a_store(store, error, "the file is not an SQLite database");
            return bsk_store_db_error(store, error, "reading the schema version");
        }
    }
    int application_id = values[0], objects = values[2], our_tables = values[3];
    *version = values[1];
    if (application_id == BERSERK_APPLICATION_ID || (application_id == 0 && *version == 0 && objects == 0) ||
        (application_id == 0 && *version == 1 && our_tables == 6))
        return BSK_OK;
    char why[96];
    if (application_id != 0)
        snprintf(why, sizeof why, "another program's SQLite database: application_id %d", application_id);
    else if (objects == 0)
        snprintf(why, sizeof why, "an SQLite database with no tables but user_version %d", *version);
    else
        snprintf(why, sizeof why, "an SQLite database with other tables");
    return not_a_store(store, error, why);
}

/* Brings the store from `version` to the latest schema, one transaction per step. The
 * version is read again inside each transaction: another process may have migrated first. */
static bsk_status migrate(bsk_store *store, int version, bsk_error *error)
{
    int latest = (int)(sizeof MIGRATIONS / sizeof MIGRATIONS[0]);
    if (version > latest) {
        bsk_error_clear(error);
        bsk_error_set(error, BSK_ERR_STORAGE, "catalog.store",
                      "the store has schema version %d; this berserk knows up to %d (upgrade berserk)", version, latest);
        bsk_error_set_file(error, store->path);
        return BSK_ERR_STORAGE;
    }
    while (version < latest) {
        char pragma[64];
        bsk_status status = exec(store, "BEGIN IMMEDIATE", error);
        if (status)
            return status;
        if ((version = bsk_store_schema_version(store)) < 0) {
            sqlite3_exec(store->db, "ROLLBACK", NULL, NULL, NULL);
            return bsk_store_db_error(store, error, "reading the schema version");
        }
        if (version >= latest)
            return exec(store, "COMMIT", error);
        snprintf(pragma, sizeof pragma, "PRAGMA user_version = %d", version + 1);
        if ((status = exec(store, MIGRATIONS[version], error)) || (status = exec(store, pragma, error)) ||
            (status = exec(store, "COMMIT", error))) {
            sqlite3_exec(store->db, "ROLLBACK", NULL, NULL, NULL);
            return status;
        }
        version++;
    }
    return BSK_OK;
}

static void name_key_function(sqlite3_context *context, int argc, sqlite3_value **argv)
{
    char key[BSK_CARD_NAME_MAX];
    const unsigned char *name = sqlite3_value_text(argv[0]);
    (void)argc;
    if (!name) {
        sqlite3_result_null(context);
        return;
    }
    bsk_name_normalize((const char *)name, key, sizeof key);
    sqlite3_result_text(context, key, -1, SQLITE_TRANSIENT);
}

static bsk_status refresh_name_keys(bsk_store *store, bsk_error *error);

bsk_status bsk_store_open(const char *path, bsk_store **out, bsk_error *error)
{
    *out = NULL;
    bsk_store *store = calloc(1, sizeof *store);
    if (!store)
        return bsk_error_set(error, BSK_ERR_NOMEM, "", "out of memory");
    snprintf(store->path, sizeof store->path, "%s", path);
    bsk_status status = make_parents(path, error);
    if (status) {
        bsk_error_set_file(error, path);
        free(store);
        return status;
    }
    if (sqlite3_open_v2(path, &store->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK) {
        status = bsk_store_db_error(store, error, "cannot open the catalogue store");
        bsk_store_close(store);
        return status;
    }
    sqlite3_busy_timeout(store->db, 5000);
    /* bsk_name_key(name): the library's normalised name, for keeping norm_name current */
    if (sqlite3_create_function_v2(store->db, "bsk_name_key", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
                                   name_key_function, NULL, NULL, NULL) != SQLITE_OK) {
        status = bsk_store_db_error(store, error, "registering bsk_name_key");
        bsk_store_close(store);
        return status;
    }
    int version = 0;
    if ((status = check_berserk_store(store, &version, error)) ||
        (status = exec(store, "PRAGMA foreign_keys = ON", error)) || (status = migrate(store, version, error)) ||
        (status = refresh_name_keys(store, error))) {
        bsk_store_close(store);
        return status;
    }
    *out = store;
    return BSK_OK;
}

void bsk_store_close(bsk_store *store)
{
    if (!store)
        return;
    sqlite3_close(store->db);
    free(store);
}

const char *bsk_store_path(const bsk_store *store)
{
    return store->path;
}

bsk_status bsk_store_meta_get(bsk_store *store, const char *key, char *out, size_t out_size)
{
    sqlite3_stmt *statement;
    bsk_status status = BSK_ERR_NOT_FOUND;
    if (sqlite3_prepare_v2(store->db, "SELECT value FROM sync_meta WHERE key = ?1", -1, &statement, NULL) != SQLITE_OK)
        return BSK_ERR_STORAGE;
    sqlite3_bind_text(statement, 1, key, -1, SQLITE_STATIC);
    if (sqlite3_step(statement) == SQLITE_ROW) {
        snprintf(out, out_size, "%s", (const char *)sqlite3_column_text(statement, 0));
        status = BSK_OK;
    }
    sqlite3_finalize(statement);
    return status;
}

static bsk_status meta_set(bsk_store *store, const char *key, const char *value, bsk_error *error)
{
    sqlite3_stmt *statement;
    if (sqlite3_prepare_v2(store->db, "INSERT OR REPLACE INTO sync_meta (key, value) VALUES (?1, ?2)", -1, &statement,
                           NULL) != SQLITE_OK)
        return bsk_store_db_error(store, error, "preparing sync_meta");
    sqlite3_bind_text(statement, 1, key, -1, SQLITE_STATIC);
    sqlite3_bind_text(statement, 2, value, -1, SQLITE_STATIC);
    int rc = sqlite3_step(statement);
    sqlite3_finalize(statement);
    return rc == SQLITE_DONE ? BSK_OK : bsk_store_db_error(store, error, "writing sync_meta");
}

bsk_status bsk_store_meta_set(bsk_store *store, const char *key, const char *value, bsk_error *error)
{
    return meta_set(store, key, value, error);
}

/* ---- Name keys: norm_name is the library's normalised name (DESIGN §2) ------------- */

/* A fingerprint of this build's bsk_name_normalize: FNV-1a over its output (once and
 * twice applied) for strings that exercise every rule. A store whose keys were written
 * with another fingerprint has them recomputed on open, so an index look-up always
 * agrees with the normaliser that the query goes through. */
static void name_key_fingerprint(char out[17])
{
    static const char *const PROBES[] = {
        "Циклоп", "ЦИКЛОП", "Ёж ёж Еж", "Мёртвый ЁЛКА", "Те\xcc\x88мная", "Е\xcc\x88", "и\xcc\x86 у\xcc\x86 і\xcc\x88",
        "a\xcc\x81 \xcc\x88", "Бул’Багур", "Бул‘Багур", "Бул‛Багур", "Бул`Багур", "Бул\xca\xbc" "Багур",
        "a´b′c\xca\xb9" "d", "Гном - басаарг", "Гном -басаарг", "Гном- басаарг", "a — b", "a–b−c‐d‑e‒f",
        "a - - b", "- a -", "a--b", "  a \t\n b  ", "x\xc2\xa0y\xe2\x80\x89z\xe3\x80\x80w\xe2\x80\xaf" "v",
        "a\xe2\x80\x8b" "b\xc2\xad" "c\xef\xbb\xbf" "d\xe2\x80\x8d" "e\xe2\x80\x8c" "f",
        "\xff\xfe bad \xc0\xaf \xed\xa0\x80 \xf4\x90\x80\x80 \xe0\x80", "ÀÉÎÕÜ ΑΒΓΩ Ѐ Ѓ Ў Џ", "Ѣ Ѫ Ґ Ӂ", "",
    };
    uint64_t hash = 1469598103934665603ULL;
    for (size_t i = 0; i < sizeof PROBES / sizeof PROBES[0]; i++) {
        char once[BSK_CARD_NAME_MAX], twice[BSK_CARD_NAME_MAX];
        bsk_name_normalize(PROBES[i], once, sizeof once);
        bsk_name_normalize(once, twice, sizeof twice);
        for (int pass = 0; pass < 2; pass++)
            for (const char *p = pass ? twice : once;; p++) {
                hash = (hash ^ (unsigned char)*p) * 1099511628211ULL;
                if (!*p)
                    break;
            }
    }
    snprintf(out, 17, "%016llx", (unsigned long long)hash);
}

static bsk_status refresh_name_keys(bsk_store *store, bsk_error *error)
{
    char fingerprint[17], stored[32];
    name_key_fingerprint(fingerprint);
    if (bsk_store_meta_get(store, "name_keys", stored, sizeof stored) == BSK_OK && strcmp(stored, fingerprint) == 0)
        return BSK_OK;
    bsk_status status = exec(store, "BEGIN IMMEDIATE", error);
    if (status)
        return status;
    if ((status = exec(store,
                       "UPDATE cards SET norm_name = bsk_name_key(name) WHERE norm_name IS NOT bsk_name_key(name)",
                       error)) ||
        (status = meta_set(store, "name_keys", fingerprint, error)) || (status = exec(store, "COMMIT", error))) {
        sqlite3_exec(store->db, "ROLLBACK", NULL, NULL, NULL);
        return status;
    }
    return BSK_OK;
}

bool bsk_store_has_catalog(bsk_store *store)
{
    char value[16];
    return bsk_store_meta_get(store, "source", value, sizeof value) == BSK_OK;
}

bsk_status bsk_store_mark_empty(bsk_store *store, bsk_error *error)
{
    if (bsk_store_has_catalog(store))
        return BSK_OK;
    bsk_status status = meta_set(store, "source", "empty", error);
    return status ? status : meta_set(store, "revision", "0", error);
}

/* Whether the store's sets are exactly the bundled index's: the same ids in the same order with the same
 * sha256 (the digest of each set file, so a newer berserk's data — a card's features — differs). */
static bsk_status holds_bundled(bsk_store *store, bool *same, bsk_error *error)
{
    bsk_catalog held, bundled;
    bsk_catalog_init(&held);
    bsk_catalog_init(&bundled);
    bsk_status status = bsk_store_load_sets(store, &held, error);
    if (!status)
        status = bsk_catalog_load_bundled_index(&bundled, error);
    *same = !status && held.set_count == bundled.set_count;
    for (size_t i = 0; *same && i < held.set_count; i++)
        *same = strcmp(held.sets[i].id, bundled.sets[i].id) == 0 &&
                strcmp(held.sets[i].sha256, bundled.sets[i].sha256) == 0;
    bsk_catalog_free(&held);
    bsk_catalog_free(&bundled);
    return status;
}

bsk_status bsk_store_ensure_catalog(bsk_store *store, bsk_error *error)
{
    if (bsk_store_has_catalog(store)) {
        /* A store seeded from the bundled catalogue follows the binary: an upgraded berserk brings its
         * sets (their features) instead of leaving the old ones. Imported or synced catalogues stay. */
        char source[16];
        bool same = true;
        if (bsk_store_meta_get(store, "source", source, sizeof source) != BSK_OK || strcmp(source, "bundled") != 0)
            return BSK_OK;
        bsk_status status = holds_bundled(store, &same, error);
        if (status || same)
            return status;
    }
    bsk_catalog catalog;
    bsk_catalog_init(&catalog);
    bsk_status status = bsk_catalog_load_bundled(&catalog, error);
    if (!status)
        status = bsk_store_apply(store, &catalog, true, "bundled", NULL, 0, error);
    bsk_catalog_free(&catalog);
    return status;
}

/* ---- Writing a catalogue ------------------------------------------------------------- */

/* A small statement cache for the write path: prepared once per apply. */
enum {
    STMT_DELETE_ALL_SETS, STMT_DELETE_SET, STMT_INSERT_SET, STMT_INSERT_CARD, STMT_INSERT_ELEMENT,
    STMT_INSERT_CLASS, STMT_INSERT_KEYWORD, STMT_SET_REVISION, STMT_SET_POSITION, STMT_INSERT_FEATURE, STMT_COUNT
};

static const char *const WRITE_SQL[STMT_COUNT] = {
    "DELETE FROM sets",
    "DELETE FROM sets WHERE id = ?1",
    "INSERT INTO sets (id, position, name, release, revision, sha256, url) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    "INSERT INTO cards (id, set_id, position, nxt_id, name, norm_name, number, rarity, type, subtype, cost, cost_x,"
    " elite, is_unique, horde, life, movement, strike_weak, strike_medium, strike_strong, classes_known, support,"
    " features, unknown, inferred, sentences) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14,"
    " ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26)",
    "INSERT INTO card_elements (card_id, position, element) VALUES (?1, ?2, ?3)",
    "INSERT INTO card_classes (card_id, position, class) VALUES (?1, ?2, ?3)",
    "INSERT INTO card_keywords (card_id, position, keyword, params) VALUES (?1, ?2, ?3, ?4)",
    "SELECT revision, position FROM sets WHERE id = ?1",
    "SELECT COALESCE(MAX(position) + 1, 0) FROM sets",
    "INSERT INTO card_features (card_id, position, src, kind, trigger_event, engine, json)"
    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
};

static void bind_nullable_int(sqlite3_stmt *statement, int index, int value)
{
    if (value == BSK_UNSET)
        sqlite3_bind_null(statement, index);
    else
        sqlite3_bind_int(statement, index, value);
}

static void bind_nullable_text(sqlite3_stmt *statement, int index, const char *text)
{
    if (text)
        sqlite3_bind_text(statement, index, text, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(statement, index);
}

static bool step_done(sqlite3_stmt *statement)
{
    int rc = sqlite3_step(statement);
    sqlite3_reset(statement);
    sqlite3_clear_bindings(statement);
    return rc == SQLITE_DONE;
}

static bool insert_card(sqlite3_stmt **statements, const bsk_card *card, int position)
{
    char key[BSK_CARD_NAME_MAX];
    sqlite3_stmt *s = statements[STMT_INSERT_CARD];
    bsk_name_normalize(card->name, key, sizeof key);
    json_t *unknown = bsk_codec_field_list_json(card->unknown);
    json_t *inferred = bsk_codec_field_list_json(card->inferred);
    char *unknown_text = json_dumps(unknown, JSON_COMPACT);
    char *inferred_text = json_dumps(inferred, JSON_COMPACT);
    json_decref(unknown);
    json_decref(inferred);
    sqlite3_bind_text(s, 1, card->id, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 2, card->set, -1, SQLITE_STATIC);
    sqlite3_bind_int(s, 3, position);
    bind_nullable_int(s, 4, card->nxt_id);
    sqlite3_bind_text(s, 5, card->name, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 6, key, -1, SQLITE_TRANSIENT);
    bind_nullable_int(s, 7, card->number);
    bind_nullable_text(s, 8, bsk_rarity_id(card->rarity));
    sqlite3_bind_text(s, 9, bsk_type_id(card->type), -1, SQLITE_STATIC);
    bind_nullable_text(s, 10, bsk_subtype_id(card->subtype));
    sqlite3_bind_int(s, 11, card->cost);
    sqlite3_bind_int(s, 12, card->cost_x);
    sqlite3_bind_int(s, 13, card->elite);
    bind_nullable_int(s, 14, card->unique);
    bind_nullable_int(s, 15, card->horde);
    bind_nullable_int(s, 16, card->life);
    bind_nullable_int(s, 17, card->movement);
    for (int i = 0; i < 3; i++)
        bind_nullable_int(s, 18 + i, card->simple_strike[i]);
    sqlite3_bind_int(s, 21, card->class_count != BSK_UNSET);
    sqlite3_bind_text(s, 22, bsk_support_id(card->support), -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 23, "[]", -1, SQLITE_STATIC);
    bind_nullable_text(s, 24, unknown_text);
    bind_nullable_text(s, 25, inferred_text);
    bind_nullable_int(s, 26, card->sentences);
    bool ok = unknown_text && inferred_text && step_done(s);
    free(unknown_text);
    free(inferred_text);
    if (!ok)
        return false;

    int position_in_list = 0;
    for (int e = 0; e < BSK_ELEMENT_COUNT; e++) {
        if (!bsk_card_has_element(card, (bsk_element)e))
            continue;
        s = statements[STMT_INSERT_ELEMENT];
        sqlite3_bind_text(s, 1, card->id, -1, SQLITE_STATIC);
        sqlite3_bind_int(s, 2, position_in_list++);
        sqlite3_bind_text(s, 3, bsk_element_id(e), -1, SQLITE_STATIC);
        if (!step_done(s))
            return false;
    }
    for (int i = 0; i < card->class_count; i++) {
        s = statements[STMT_INSERT_CLASS];
        sqlite3_bind_text(s, 1, card->id, -1, SQLITE_STATIC);
        sqlite3_bind_int(s, 2, i);
        sqlite3_bind_text(s, 3, bsk_class_id(card->classes[i]), -1, SQLITE_STATIC);
        if (!step_done(s))
            return false;
    }
    for (int i = 0; i < card->keyword_count; i++) {
        json_t *object = bsk_codec_keyword_json(&card->keywords[i]);
        json_object_del(object, "id");
        char *params = json_dumps(object, JSON_COMPACT | JSON_PRESERVE_ORDER);
        json_decref(object);
        if (!params)
            return false;
        s = statements[STMT_INSERT_KEYWORD];
        sqlite3_bind_text(s, 1, card->id, -1, SQLITE_STATIC);
        sqlite3_bind_int(s, 2, i);
        sqlite3_bind_text(s, 3, bsk_keyword_name(card->keywords[i].id), -1, SQLITE_STATIC);
        sqlite3_bind_text(s, 4, params, -1, SQLITE_TRANSIENT);
        ok = step_done(s);
        free(params);
        if (!ok)
            return false;
    }
    for (int i = 0; i < bsk_card_feature_count(card); i++) {
        json_t *object = bsk_feature_to_json(card->features, i);
        char *text = object ? json_dumps(object, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
        const json_t *trigger = object ? json_object_get(object, "trigger") : NULL;
        s = statements[STMT_INSERT_FEATURE];
        sqlite3_bind_text(s, 1, card->id, -1, SQLITE_STATIC);
        sqlite3_bind_int(s, 2, i);
        sqlite3_bind_int(s, 3, card->features->features[i].src);
        bind_nullable_text(s, 4, json_string_value(json_object_get(object, "kind")));
        bind_nullable_text(s, 5, json_string_value(json_object_get(trigger, "event")));
        bind_nullable_text(s, 6, json_string_value(json_object_get(object, "engine")));
        bind_nullable_text(s, 7, text);
        ok = text && step_done(s);
        free(text);
        json_decref(object);
        if (!ok)
            return false;
    }
    return true;
}

/* Reads (revision, position) of an existing set; returns false when it is absent. */
static bool existing_set(sqlite3_stmt *statement, const char *id, int *revision, int *position)
{
    sqlite3_bind_text(statement, 1, id, -1, SQLITE_STATIC);
    bool found = sqlite3_step(statement) == SQLITE_ROW;
    if (found) {
        *revision = sqlite3_column_int(statement, 0);
        *position = sqlite3_column_int(statement, 1);
    }
    sqlite3_reset(statement);
    sqlite3_clear_bindings(statement);
    return found;
}

static int next_position(sqlite3_stmt *statement)
{
    int position = 0;
    if (sqlite3_step(statement) == SQLITE_ROW)
        position = sqlite3_column_int(statement, 0);
    sqlite3_reset(statement);
    return position;
}

static void now_iso8601(char *out, size_t out_size)
{
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(out, out_size, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* A test build can hold the write transaction open, so a test can kill the process in
 * the middle of it (issue: "kill the sync process while it applies an update"). */
static void test_pause_in_apply(void)
{
#ifdef BSK_TEST_HOOKS
    const char *pause = getenv("BERSERK_TEST_PAUSE_IN_APPLY_MS");
    if (pause && *pause) {
        long ms = strtol(pause, NULL, 10);
        struct timespec delay = {ms / 1000, (ms % 1000) * 1000000L};
        nanosleep(&delay, NULL);
    }
#endif
}

bsk_status bsk_store_apply(bsk_store *store, bsk_catalog *catalog, bool mirror, const char *source,
                           const bsk_store_meta *extra, size_t extra_count, bsk_error *error)
{
    sqlite3_stmt *statements[STMT_COUNT] = {0};
    bsk_status status = BSK_OK;
    char revision_text[24], timestamp[32];
    for (int i = 0; i < STMT_COUNT; i++)
        if (sqlite3_prepare_v2(store->db, WRITE_SQL[i], -1, &statements[i], NULL) != SQLITE_OK) {
            status = bsk_store_db_error(store, error, "preparing the catalogue update");
            goto finalize;
        }
    if ((status = exec(store, "BEGIN IMMEDIATE", error)))
        goto finalize;
    if (mirror && !step_done(statements[STMT_DELETE_ALL_SETS])) {
        status = bsk_store_db_error(store, error, "removing the old catalogue");
        goto rollback;
    }
    size_t card_index = 0;
    for (size_t s = 0; s < catalog->set_count; s++) {
        bsk_catalog_set *set = &catalog->sets[s];
        int old_revision = 0, position = (int)s;
        bool existed = !mirror && existing_set(statements[STMT_SET_REVISION], set->id, &old_revision, &position);
        if (!mirror && !existed)
            position = next_position(statements[STMT_SET_POSITION]);
        if (set->revision == BSK_UNSET)
            set->revision = existed ? old_revision + 1 : 1;
        if (existed) {
            sqlite3_bind_text(statements[STMT_DELETE_SET], 1, set->id, -1, SQLITE_STATIC);
            if (!step_done(statements[STMT_DELETE_SET])) {
                status = bsk_store_db_error(store, error, "removing the old set");
                goto rollback;
            }
        }
        sqlite3_stmt *insert = statements[STMT_INSERT_SET];
        sqlite3_bind_text(insert, 1, set->id, -1, SQLITE_STATIC);
        sqlite3_bind_int(insert, 2, position);
        sqlite3_bind_text(insert, 3, set->name, -1, SQLITE_STATIC);
        bind_nullable_int(insert, 4, set->release);
        sqlite3_bind_int(insert, 5, set->revision);
        sqlite3_bind_text(insert, 6, set->sha256, -1, SQLITE_STATIC);
        sqlite3_bind_text(insert, 7, set->url, -1, SQLITE_STATIC);
        if (!step_done(insert)) {
            status = bsk_store_db_error(store, error, "writing a set");
            goto rollback;
        }
        int position_in_set = 0;
        for (card_index = 0; card_index < catalog->pool.count; card_index++) {
            const bsk_card *card = &catalog->pool.cards[card_index];
            if (strcmp(card->set, set->id) != 0)
                continue;
            if (!insert_card(statements, card, position_in_set++)) {
                status = bsk_store_db_error(store, error, "writing a card");
                snprintf(error->path, sizeof error->path, "%s", card->id);
                goto rollback;
            }
        }
    }
    snprintf(revision_text, sizeof revision_text, "%d", catalog->revision);
    now_iso8601(timestamp, sizeof timestamp);
    if ((mirror && (status = meta_set(store, "revision", revision_text, error))) ||
        (!mirror && !bsk_store_has_catalog(store) && (status = meta_set(store, "revision", "0", error))) ||
        ((mirror || !bsk_store_has_catalog(store)) && (status = meta_set(store, "source", source, error))) ||
        (status = meta_set(store, "updated_at", timestamp, error)))
        goto rollback;
    for (size_t i = 0; i < extra_count; i++)
        if (extra[i].value && (status = meta_set(store, extra[i].key, extra[i].value, error)))
            goto rollback;
    if ((status = exec(store, ANALYZE_SQL, error)))
        goto rollback;
    test_pause_in_apply();
    if ((status = exec(store, "COMMIT", error)))
        goto rollback;
    goto finalize;
rollback:
    sqlite3_exec(store->db, "ROLLBACK", NULL, NULL, NULL);
finalize:
    for (int i = 0; i < STMT_COUNT; i++)
        sqlite3_finalize(statements[i]);
    return status;
}

/* ---- Reading cards and whole loads ---------------------------------------------------- */

static const char *column_text(sqlite3_stmt *statement, int column)
{
    const unsigned char *text = sqlite3_column_text(statement, column);
    return text ? (const char *)text : NULL;
}

static int column_nullable_int(sqlite3_stmt *statement, int column)
{
    return sqlite3_column_type(statement, column) == SQLITE_NULL ? BSK_UNSET : sqlite3_column_int(statement, column);
}

static int id_or(int parsed, int fallback)
{
    return parsed < 0 ? fallback : parsed;
}

/* The card's features from a JSON array of feature objects (the card_features rows in order). */
static bsk_status features_from_text(bsk_store *store, bsk_card *card, const char *text, bsk_card_features *features,
                                     bsk_error *error)
{
    bsk_json_reader ctx = {store->path, "catalog.store", "catalog.store", error};
    json_t *list = text ? json_loads(text, 0, NULL) : json_array();
    bsk_status status = json_is_array(list) ? BSK_OK : BSK_ERR_STORAGE;
    memset(features, 0, sizeof *features);
    card->features = NULL;
    for (size_t i = 0; !status && i < json_array_size(list); i++) {
        char at[64];
        snprintf(at, sizeof at, "features[%zu]", i);
        status = bsk_feature_from_json(&ctx, at, json_array_get(list, i), card->id, features);
    }
    json_decref(list);
    if (!status && features->count)
        card->features = features;
    return status;
}

bsk_status bsk_store_card_features(bsk_store *store, bsk_card *card, bsk_card_features *features, bsk_error *error)
{
    sqlite3_stmt *statement;
    if (sqlite3_prepare_v2(store->db, "SELECT json_group_array(json(json)) FROM (SELECT json FROM card_features"
                                      " WHERE card_id = ?1 ORDER BY position)", -1, &statement, NULL) != SQLITE_OK)
        return bsk_store_db_error(store, error, "reading card features");
    sqlite3_bind_text(statement, 1, card->id, -1, SQLITE_TRANSIENT);
    bsk_status status = sqlite3_step(statement) == SQLITE_ROW
                            ? features_from_text(store, card, column_text(statement, 0), features, error)
                            : bsk_store_db_error(store, error, "reading card features");
    sqlite3_finalize(statement);
    if (status && status != BSK_ERR_STORAGE) {
        bsk_error_clear(error);
        bsk_error_set(error, BSK_ERR_STORAGE, "catalog.store",
                      "the features of card %s in the store cannot be read; re-import the catalogue", card->id);
        bsk_error_set_file(error, store->path);
        status = BSK_ERR_STORAGE;
    }
    return status;
}

/* Rebuilds a card from one row of BSK_STORE_CARD_COLUMNS. Values were validated on the
 * way in, so a row that does not parse means the file was edited behind our back. */
static bool parse_card_row(bsk_store *store, sqlite3_stmt *row, bsk_card *card, bsk_card_features *features,
                           bsk_error *error)
{
    memset(card, 0, sizeof *card);
    snprintf(card->id, sizeof card->id, "%s", column_text(row, 0));
    snprintf(card->set, sizeof card->set, "%s", column_text(row, 1));
    card->nxt_id = column_nullable_int(row, 2);
    snprintf(card->name, sizeof card->name, "%s", column_text(row, 3));
    card->number = (int16_t)column_nullable_int(row, 4);
    card->rarity = (uint8_t)id_or(column_text(row, 5) ? bsk_rarity_parse(column_text(row, 5)) : 0, 0);
    card->type = (uint8_t)id_or(bsk_type_parse(column_text(row, 6)), 0);
    card->subtype = (uint8_t)id_or(column_text(row, 7) ? bsk_subtype_parse(column_text(row, 7)) : 0, 0);
    card->cost = (int16_t)sqlite3_column_int(row, 8);
    card->cost_x = sqlite3_column_int(row, 9) != 0;
    card->elite = sqlite3_column_int(row, 10) != 0;
    card->unique = (int8_t)column_nullable_int(row, 11);
    card->horde = (int8_t)column_nullable_int(row, 12);
    card->life = (int16_t)column_nullable_int(row, 13);
    card->movement = (int16_t)column_nullable_int(row, 14);
    for (int i = 0; i < 3; i++)
        card->simple_strike[i] = (int8_t)column_nullable_int(row, 15 + i);
    card->class_count = sqlite3_column_int(row, 18) ? 0 : BSK_UNSET;
    card->support = (uint8_t)id_or(bsk_support_parse(column_text(row, 19)), 0);

    const char *elements = column_text(row, 22);
    const char *classes = column_text(row, 23);
    const char *keywords = column_text(row, 24);
    json_t *unknown = json_loads(column_text(row, 20), 0, NULL);
    json_t *inferred = json_loads(column_text(row, 21), 0, NULL);
    json_t *keyword_list = keywords ? json_loads(keywords, 0, NULL) : json_array();
    bool ok = unknown && inferred && keyword_list &&
              !bsk_codec_field_list_from_json(unknown, "", "unknown", &card->unknown, error) &&
              !bsk_codec_field_list_from_json(inferred, "", "inferred", &card->inferred, error);
    if (elements) {
        char copy[128];
        snprintf(copy, sizeof copy, "%s", elements);
        for (char *save = NULL, *word = strtok_r(copy, " ", &save); word; word = strtok_r(NULL, " ", &save)) {
            int element = bsk_element_parse(word);
            if (element < 0 || element >= BSK_ELEMENT_COUNT)
                ok = false;
            else
                card->elements |= (uint8_t)(1u << element);
        }
    }
    if (classes && card->class_count != BSK_UNSET) {
        char copy[512];
        snprintf(copy, sizeof copy, "%s", classes);
        for (char *save = NULL, *word = strtok_r(copy, " ", &save); word; word = strtok_r(NULL, " ", &save)) {
            int class_id = bsk_class_parse(word);
            if (class_id < 0 || card->class_count >= BSK_MAX_CLASSES)
                ok = false;
            else
                card->classes[card->class_count++] = (uint8_t)class_id;
        }
    }
    for (size_t i = 0; ok && i < json_array_size(keyword_list) && i < BSK_MAX_KEYWORDS; i++) {
        if (bsk_codec_keyword_from_json(json_array_get(keyword_list, i), "", "keywords", &card->keywords[i], error))
            ok = false;
        else
            card->keyword_count++;
    }
    json_decref(unknown);
    json_decref(inferred);
    json_decref(keyword_list);
    card->sentences = (int8_t)column_nullable_int(row, 25);
    if (ok && features) /* the card's feature objects, as bsk_store_card_features reads them */
        ok = !features_from_text(store, card, column_text(row, 26), features, error);
    return ok;
}

bsk_status bsk_store_read_card_row(bsk_store *store, sqlite3_stmt *row, bsk_card *card, bsk_card_features *features,
                                   bsk_error *error)
{
    if (parse_card_row(store, row, card, features, error))
        return BSK_OK;
    bsk_error_clear(error);
    bsk_error_set(error, BSK_ERR_STORAGE, "catalog.store",
                  "card %s in the store cannot be read; re-import the catalogue", card->id);
    bsk_error_set_file(error, store->path);
    return BSK_ERR_STORAGE;
}

static const char LOAD_CARDS_SQL[] =
    BSK_STORE_CARD_COLUMNS " JOIN sets s ON s.id = c.set_id ORDER BY s.position, c.position";

bsk_status bsk_store_load_sets(bsk_store *store, bsk_catalog *catalog, bsk_error *error)
{
    sqlite3_stmt *statement;
    bsk_status status = BSK_OK;
    char revision[24];
    catalog->revision = bsk_store_meta_get(store, "revision", revision, sizeof revision) == BSK_OK ? atoi(revision) : 0;
    if (sqlite3_prepare_v2(store->db,
                           "SELECT s.id, s.name, s.release, s.revision, s.sha256, s.url,"
                           " (SELECT COUNT(*) FROM cards c WHERE c.set_id = s.id) FROM sets s ORDER BY s.position",
                           -1, &statement, NULL) != SQLITE_OK)
        return bsk_store_db_error(store, error, "reading sets");
    int rc;
    while ((rc = sqlite3_step(statement)) == SQLITE_ROW && !status) {
        bsk_catalog_set set;
        memset(&set, 0, sizeof set);
        snprintf(set.id, sizeof set.id, "%s", column_text(statement, 0));
        snprintf(set.name, sizeof set.name, "%s", column_text(statement, 1));
        set.release = column_nullable_int(statement, 2);
        set.revision = sqlite3_column_int(statement, 3);
        snprintf(set.sha256, sizeof set.sha256, "%s", column_text(statement, 4));
        snprintf(set.url, sizeof set.url, "%s", column_text(statement, 5));
        set.cards = sqlite3_column_int(statement, 6);
        status = bsk_catalog_add_set(catalog, &set, error);
    }
    if (!status && rc != SQLITE_DONE)
        status = bsk_store_db_error(store, error, "reading sets");
    sqlite3_finalize(statement);
    return status;
}

bsk_status bsk_store_load(bsk_store *store, bsk_catalog *catalog, bsk_error *error)
{
    sqlite3_stmt *statement;
    int rc;
    bsk_status status = bsk_store_load_sets(store, catalog, error);
    if (status)
        return status;
    if (sqlite3_prepare_v2(store->db, LOAD_CARDS_SQL, -1, &statement, NULL) != SQLITE_OK)
        return bsk_store_db_error(store, error, "reading cards");
    while ((rc = sqlite3_step(statement)) == SQLITE_ROW) {
        bsk_card card;
        bsk_card_features features; /* the pool copies it */
        if ((status = bsk_store_read_card_row(store, statement, &card, &features, error)) ||
            (status = bsk_pool_add(&catalog->pool, &card, error)))
            break;
    }
    if (!status && rc != SQLITE_DONE)
        status = bsk_store_db_error(store, error, "reading cards");
    sqlite3_finalize(statement);
    return status;
}
