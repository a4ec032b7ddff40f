/* test_format.c — tournament formats (DESIGN §1, §2; glossary: constructed, limited,
 * sealed, draft): the rules' defaults, the shipped format files found by name, paths and
 * $BERSERK_FORMATS, bans and restrictions by date, and every kind of bad format file
 * refused with `file: path: message`. */
#include "berserk/format.h"
#include "builtin.h"
#include "catalog.h"
#include "formats.h"
#include "suites.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const SHIPPED_SETS[] = {"01", "02", "03", "04", "05", "06", "07", "21", "22"};

/* Parses a document that must be valid; the format is large, so it lives on the heap. */
static bsk_format *parse_ok(const char *document, const char *file)
{
    bsk_format *format = malloc(sizeof *format);
    bsk_error error;
    ck_assert_ptr_nonnull(format);
    bsk_status status = bsk_format_parse(document, strlen(document), file, format, &error);
    ck_assert_msg(status == BSK_OK, "%s: %s: %s", error.file, error.path, error.message);
    return format;
}

static bsk_format *find_ok(const char *name)
{
    bsk_format *format = malloc(sizeof *format);
    bsk_error error;
    ck_assert_ptr_nonnull(format);
    bsk_status status = bsk_format_find(name, format, &error);
    ck_assert_msg(status == BSK_OK, "%s: %s: %s", error.file, error.path, error.message);
    return format;
}

/* Parses a document that must fail with BSK_ERR_INVALID at `path` with exactly `message`. */
static void expect_schema_error(const char *document, const char *path, const char *message)
{
    bsk_format *format = malloc(sizeof *format);
    bsk_error error;
    ck_assert_ptr_nonnull(format);
    ck_assert_int_eq(bsk_format_parse(document, strlen(document), "my-league.json", format, &error),
                     BSK_ERR_INVALID);
    ck_assert_str_eq(error.file, "my-league.json");
    ck_assert_str_eq(error.rule, "format.schema");
    ck_assert_msg(strcmp(error.path, path) == 0, "%s: path \"%s\", expected \"%s\"", document, error.path, path);
    ck_assert_msg(strcmp(error.message, message) == 0, "%s: message \"%s\", expected \"%s\"", document,
                  error.message, message);
    ck_assert_int_eq(error.line, 0);
    free(format);
}

static void assert_shipped_sets(const bsk_format *format)
{
    ck_assert_int_eq(format->set_count, 9);
    for (int i = 0; i < 9; i++) {
        ck_assert_str_eq(format->sets[i], SHIPPED_SETS[i]);
        ck_assert(bsk_format_allows_set(format, SHIPPED_SETS[i]));
    }
    ck_assert(!bsk_format_allows_set(format, "classic"));
    ck_assert(!bsk_format_allows_set(format, "08"));
}

static void assert_rules_squad(const bsk_squad_params *squad)
{
    ck_assert_int_eq(squad->gold, 24);
    ck_assert_int_eq(squad->silver, 22);
    ck_assert_int_eq(squad->second_player_gold, 1);
    ck_assert_int_eq(squad->second_player_silver, 1);
    ck_assert_int_eq(squad->deal, 15);
    ck_assert_int_eq(squad->flyer_budget, 15);
    ck_assert_int_eq(squad->cells, 15);
    ck_assert_int_eq(squad->redeal_gold, 1);
}

static void assert_constructed(const bsk_format *format)
{
    ck_assert_str_eq(format->id, "constructed");
    ck_assert_str_eq(format->name, "Констрактед");
    ck_assert_int_eq(format->deck_min, 30);
    ck_assert_int_eq(format->deck_max, 50);
    ck_assert_int_eq(format->copies, 3);
    ck_assert_int_eq(format->horde_copies, 5);
    ck_assert_int_eq(format->banned_count, 0);
    ck_assert_int_eq(format->restricted_count, 0);
    ck_assert(!format->pool);
    assert_shipped_sets(format);
    assert_rules_squad(&format->squad);
}

/* Glossary: limited = at least 30 cards, any number of copies; sealed/draft add the pool. */
static void assert_limited(const bsk_format *format, const char *id, const char *name, bool pool)
{
    ck_assert_str_eq(format->id, id);
    ck_assert_str_eq(format->name, name);
    ck_assert_int_eq(format->deck_min, 30);
    ck_assert_int_eq(format->deck_max, BSK_UNSET);
    ck_assert_int_eq(format->copies, BSK_UNSET);
    ck_assert_int_eq(format->horde_copies, BSK_UNSET);
    ck_assert_int_eq(format->banned_count, 0);
    ck_assert_int_eq(format->restricted_count, 0);
    ck_assert(format->pool == pool);
    assert_shipped_sets(format);
    assert_rules_squad(&format->squad);
}

/* A fresh directory under /tmp for format files. */
static void make_directory(char *out, size_t out_size)
{
    snprintf(out, out_size, "/tmp/bsk_format_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(out));
}

static void write_file(const char *directory, const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", directory, name);
    FILE *out = fopen(path, "wb");
    ck_assert_ptr_nonnull(out);
    ck_assert_uint_eq(fwrite(text, 1, strlen(text), out), strlen(text));
    ck_assert_int_eq(fclose(out), 0);
}

/* Removes the files of a directory made by make_directory, then the directory. */
static void remove_directory(const char *directory)
{
    DIR *dir = opendir(directory);
    struct dirent *entry;
    char path[512];
    ck_assert_ptr_nonnull(dir);
    while ((entry = readdir(dir)) != NULL) {
        if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", directory, entry->d_name);
        remove(path);
    }
    closedir(dir);
    rmdir(directory);
}

/* Every test starts without a user's $BERSERK_FORMATS in the way. */
static void clear_environment(void)
{
    unsetenv("BERSERK_FORMATS");
}

START_TEST(test_glossary_constructed_defaults)
{
    bsk_format *format = malloc(sizeof *format);
    ck_assert_ptr_nonnull(format);
    bsk_format_init_defaults(format);
    assert_constructed(format);
    ck_assert_ptr_null(bsk_format_banned(format, "Циклоп", "2026-01-01"));
    ck_assert_ptr_null(bsk_format_restricted(format, "Циклоп", "2026-01-01"));
    free(format);
}
END_TEST

START_TEST(test_glossary_constructed_file)
{
    bsk_format *format = find_ok("constructed");
    assert_constructed(format);
    free(format);
}
END_TEST

START_TEST(test_glossary_limited_file)
{
    bsk_format *format = find_ok("limited");
    assert_limited(format, "limited", "Лимитед", false);
    free(format);
}
END_TEST

START_TEST(test_glossary_sealed_file_requires_pool)
{
    bsk_format *format = find_ok("sealed");
    assert_limited(format, "sealed", "Силед", true);
    free(format);
}
END_TEST

START_TEST(test_glossary_draft_file_requires_pool)
{
    bsk_format *format = find_ok("draft");
    assert_limited(format, "draft", "Драфт", true);
    free(format);
}
END_TEST

/* Each built-in copy parses and its id is its file name. */
START_TEST(test_design_1_builtin_formats_all_parse)
{
    ck_assert_uint_eq(bsk_builtin_format_count, 4);
    for (size_t i = 0; i < bsk_builtin_format_count; i++) {
        bsk_format *format = malloc(sizeof *format);
        bsk_error error;
        ck_assert_ptr_nonnull(format);
        ck_assert_int_eq(bsk_format_parse((const char *)bsk_builtin_formats[i].data, bsk_builtin_formats[i].length,
                                          bsk_builtin_formats[i].name, format, &error),
                         BSK_OK);
        char expected[64];
        snprintf(expected, sizeof expected, "%s.json", format->id);
        ck_assert_str_eq(bsk_builtin_formats[i].name, expected);
        free(format);
    }
}
END_TEST

START_TEST(test_design_1_path_argument)
{
    char directory[64], path[128];
    make_directory(directory, sizeof directory);
    write_file(directory, "my-league.json", "{\"copies\": 2}");
    snprintf(path, sizeof path, "%s/my-league.json", directory);
    bsk_format *format = find_ok(path);
    ck_assert_str_eq(format->id, "my-league"); /* no id key: the file's base name */
    ck_assert_str_eq(format->name, "my-league");
    ck_assert_int_eq(format->copies, 2);
    ck_assert_int_eq(format->deck_min, 30); /* absent keys keep the rules' defaults */
    ck_assert_int_eq(format->horde_copies, 5);
    free(format);
    remove_directory(directory);
}
END_TEST

/* "x.json" without a slash is still a path, relative to the working directory. */
START_TEST(test_design_1_json_suffix_is_a_path)
{
    char directory[64];
    make_directory(directory, sizeof directory);
    write_file(directory, "constructed.json", "{\"id\": \"house\", \"copies\": 4}");
    ck_assert_int_eq(chdir(directory), 0);
    bsk_format *format = find_ok("constructed.json");
    ck_assert_str_eq(format->id, "house");
    ck_assert_int_eq(format->copies, 4);
    free(format);
    remove_directory(directory);
}
END_TEST

START_TEST(test_design_1_environment_overrides_builtin)
{
    char first[64], second[64], list[256];
    bsk_error error;
    make_directory(first, sizeof first);
    make_directory(second, sizeof second);
    write_file(second, "constructed.json", "{\"copies\": 4}");
    snprintf(list, sizeof list, "%s/missing::%s:%s", first, first, second);
    ck_assert_int_eq(setenv("BERSERK_FORMATS", list, 1), 0);
    bsk_format *format = find_ok("constructed");
    ck_assert_int_eq(format->copies, 4);
    ck_assert_str_eq(format->id, "constructed");
    /* the first directory holding the name wins */
    write_file(first, "constructed.json", "{\"copies\": 1}");
    ck_assert_int_eq(bsk_format_find("constructed", format, &error), BSK_OK);
    ck_assert_int_eq(format->copies, 1);
    /* names not in the directories still come from the built-in copies */
    ck_assert_int_eq(bsk_format_find("limited", format, &error), BSK_OK);
    ck_assert_int_eq(format->copies, BSK_UNSET);
    /* a bad file found by name names its full path */
    write_file(first, "broken.json", "{\"copies\": \"3\"}");
    ck_assert_int_eq(bsk_format_find("broken", format, &error), BSK_ERR_INVALID);
    char expected[128];
    snprintf(expected, sizeof expected, "%s/broken.json", first);
    ck_assert_str_eq(error.file, expected);
    ck_assert_str_eq(error.path, "copies");
    free(format);
    unsetenv("BERSERK_FORMATS");
    remove_directory(first);
    remove_directory(second);
}
END_TEST

START_TEST(test_design_1_unknown_name_lists_builtins)
{
    bsk_format *format = malloc(sizeof *format);
    bsk_error error;
    ck_assert_ptr_nonnull(format);
    ck_assert_int_eq(bsk_format_find("pauper", format, &error), BSK_ERR_NOT_FOUND);
    ck_assert_msg(strstr(error.message, "\"pauper\"") != NULL, "%s", error.message);
    ck_assert_msg(strstr(error.message, "constructed, draft, limited, sealed") != NULL, "%s", error.message);
    free(format);
}
END_TEST

/* A name with '/' is a path (so "../" cannot escape a formats directory), and a missing
 * path is an I/O error naming it. */
START_TEST(test_design_1_name_with_slash_or_dots_is_path)
{
    bsk_format *format = malloc(sizeof *format);
    bsk_error error;
    char text[BSK_ERROR_MESSAGE_MAX + 512];
    ck_assert_ptr_nonnull(format);
    ck_assert_int_eq(bsk_format_find("../constructed", format, &error), BSK_ERR_IO);
    ck_assert_str_eq(error.file, "../constructed");
    ck_assert_int_eq(bsk_format_find("/nonexistent/dir/league.json", format, &error), BSK_ERR_IO);
    bsk_error_format(&error, text, sizeof text);
    ck_assert_str_eq(text, "/nonexistent/dir/league.json: cannot open: No such file or directory");
    ck_assert_int_eq(bsk_format_find("nope.json", format, &error), BSK_ERR_IO);
    ck_assert_str_eq(error.file, "nope.json");
    /* anything else that is not [a-z0-9_-]+ is refused, never looked up */
    ck_assert_int_eq(bsk_format_find("..", format, &error), BSK_ERR_INVALID);
    ck_assert_int_eq(bsk_format_find("a..b", format, &error), BSK_ERR_INVALID);
    ck_assert_int_eq(bsk_format_find("Constructed", format, &error), BSK_ERR_INVALID);
    ck_assert_int_eq(bsk_format_find("", format, &error), BSK_ERR_INVALID);
    free(format);
}
END_TEST

START_TEST(test_design_1_oversized_file_refused)
{
    char directory[64], path[128];
    bsk_error error;
    make_directory(directory, sizeof directory);
    snprintf(path, sizeof path, "%s/huge.json", directory);
    FILE *out = fopen(path, "wb");
    ck_assert_ptr_nonnull(out);
    fputc('{', out);
    for (int i = 0; i < (1 << 20); i++)
        fputc(' ', out);
    fputc('}', out);
    fclose(out);
    bsk_format *format = malloc(sizeof *format);
    ck_assert_ptr_nonnull(format);
    ck_assert_int_eq(bsk_format_find(path, format, &error), BSK_ERR_LIMIT);
    ck_assert_str_eq(error.file, path);
    free(format);
    remove_directory(directory);
}
END_TEST

/* DESIGN §2: --date picks the bans in force; a listing applies from its date, inclusive. */
START_TEST(test_design_2_ban_in_force_by_date)
{
    bsk_format *format = parse_ok("{\"banned\": [{\"name\": \"Циклоп\", \"from\": \"2026-01-01\"},"
                                  "                {\"name\": \"Гобрах\"}]}",
                                  "league.json");
    ck_assert_int_eq(format->banned_count, 2);
    ck_assert_ptr_null(bsk_format_banned(format, "Циклоп", "2025-12-31"));
    const bsk_format_listing *ban = bsk_format_banned(format, "Циклоп", "2026-01-01");
    ck_assert_ptr_nonnull(ban);
    ck_assert_str_eq(ban->name, "Циклоп");
    ck_assert_str_eq(ban->from, "2026-01-01");
    ck_assert_int_eq(ban->copies, 0);
    ck_assert_ptr_nonnull(bsk_format_banned(format, "Циклоп", "2027-06-30"));
    /* names compare normalised (DESIGN §2) */
    ck_assert_ptr_nonnull(bsk_format_banned(format, "  ЦИКЛОП ", "2026-01-02"));
    /* an undated ban is always in force */
    ck_assert_ptr_nonnull(bsk_format_banned(format, "гобрах", "1999-01-01"));
    ck_assert_ptr_null(bsk_format_banned(format, "Раэр", "2027-01-01"));
    ck_assert_ptr_null(bsk_format_restricted(format, "Циклоп", "2027-01-01"));
    free(format);
}
END_TEST

/* Restricted copies; with several listings in force the latest one wins. */
START_TEST(test_design_2_restricted_copies_by_date)
{
    bsk_format *format = parse_ok("{\"restricted\": [{\"name\": \"Гобрах\", \"copies\": 2},"
                                  "{\"name\": \"Гобрах\", \"copies\": 1, \"from\": \"2026-03-01\"},"
                                  "{\"name\": \"Раэр\", \"copies\": 0, \"from\": null}]}",
                                  "league.json");
    ck_assert_int_eq(format->restricted_count, 3);
    const bsk_format_listing *listing = bsk_format_restricted(format, "Гобрах", "2026-02-28");
    ck_assert_ptr_nonnull(listing);
    ck_assert_int_eq(listing->copies, 2);
    listing = bsk_format_restricted(format, "Гобрах", "2026-03-01");
    ck_assert_ptr_nonnull(listing);
    ck_assert_int_eq(listing->copies, 1);
    listing = bsk_format_restricted(format, "Раэр", "2026-03-01");
    ck_assert_ptr_nonnull(listing);
    ck_assert_int_eq(listing->copies, 0);
    ck_assert_str_eq(listing->from, "");
    ck_assert_ptr_null(bsk_format_banned(format, "Гобрах", "2026-03-01"));
    free(format);
}
END_TEST

START_TEST(test_design_2_sets_null_allows_every_set)
{
    bsk_format *format = parse_ok("{\"sets\": null}", "open.json");
    ck_assert_int_eq(format->set_count, -1);
    ck_assert(bsk_format_allows_set(format, "classic"));
    ck_assert(bsk_format_allows_set(format, "01"));
    ck_assert(bsk_format_allows_set(format, "99"));
    free(format);
    format = parse_ok("{\"sets\": [\"classic\", \"21\"]}", "old.json");
    ck_assert_int_eq(format->set_count, 2);
    ck_assert(bsk_format_allows_set(format, "classic"));
    ck_assert(bsk_format_allows_set(format, "21"));
    ck_assert(!bsk_format_allows_set(format, "01"));
    free(format);
    format = parse_ok("{\"sets\": []}", "none.json");
    ck_assert_int_eq(format->set_count, 0);
    ck_assert(!bsk_format_allows_set(format, "01"));
    free(format);
}
END_TEST

/* DESIGN §2: null means no limit for the deck bounds and copies. */
START_TEST(test_design_2_null_means_no_limit)
{
    bsk_format *format = parse_ok("{\"id\": \"open\", \"name\": \"Открытый\", \"deck\": {\"min\": null, \"max\": null},"
                                  " \"copies\": null, \"horde_copies\": null, \"pool\": true,"
                                  " \"squad\": {\"gold\": 30, \"deal\": 16}}",
                                  "whatever.json");
    ck_assert_str_eq(format->id, "open");
    ck_assert_str_eq(format->name, "Открытый");
    ck_assert_int_eq(format->deck_min, BSK_UNSET);
    ck_assert_int_eq(format->deck_max, BSK_UNSET);
    ck_assert_int_eq(format->copies, BSK_UNSET);
    ck_assert_int_eq(format->horde_copies, BSK_UNSET);
    ck_assert(format->pool);
    ck_assert_int_eq(format->squad.gold, 30);
    ck_assert_int_eq(format->squad.deal, 16);
    ck_assert_int_eq(format->squad.silver, 22); /* absent squad keys keep the defaults */
    assert_shipped_sets(format);
    free(format);
}
END_TEST

/* Every key is optional: an empty object is the rules' constructed; the id comes from the
 * file name and, without a name key, names the format too. */
START_TEST(test_design_2_empty_object_is_constructed_rules)
{
    bsk_format *format = parse_ok("{}", "formats/constructed.json");
    ck_assert_str_eq(format->name, "constructed");
    snprintf(format->name, sizeof format->name, "Констрактед");
    assert_constructed(format);
    free(format);
}
END_TEST

START_TEST(test_design_2_id_needs_usable_file_name)
{
    bsk_format *format = malloc(sizeof *format);
    bsk_error error;
    ck_assert_ptr_nonnull(format);
    ck_assert_int_eq(bsk_format_parse("{}", 2, "My League.json", format, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.path, "id");
    ck_assert_int_eq(bsk_format_parse("{}", 2, NULL, format, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.path, "id");
    ck_assert_int_eq(bsk_format_parse("{\"id\": \"x\"}", strlen("{\"id\": \"x\"}"), "My League.json", format, &error), BSK_OK);
    ck_assert_str_eq(format->id, "x");
    free(format);
}
END_TEST

/* The message of the design's example, formatted as the CLI prints it. */
START_TEST(test_design_2_error_names_file_and_path)
{
    bsk_format *format = malloc(sizeof *format);
    bsk_error error;
    char text[BSK_ERROR_MESSAGE_MAX + 512];
    const char *document = "{\"deck\": {\"min\": \"30\"}}";
    ck_assert_ptr_nonnull(format);
    ck_assert_int_eq(bsk_format_parse(document, strlen(document), "my-league.json", format, &error),
                     BSK_ERR_INVALID);
    bsk_error_format(&error, text, sizeof text);
    ck_assert_str_eq(text, "my-league.json: deck.min: expected integer or null");
    /* a failed parse leaves the rules' defaults, never half a file */
    assert_constructed(format);
    free(format);
}
END_TEST

typedef struct bad_document {
    const char *document;
    const char *path;
    const char *message;
} bad_document;

static const bad_document BAD_DOCUMENTS[] = {
    {"[]", "", "expected object"},
    {"{\"league\": 1}", "league", "unexpected field"},
    {"{\"schema\": 2}", "schema", "unsupported schema 2; expected 1"},
    {"{\"schema\": \"1\"}", "schema", "expected integer"},
    {"{\"id\": 7}", "id", "expected string"},
    {"{\"id\": \"My League\"}", "id",
     "\"My League\" is not a format id: 1 to 47 characters of a-z, 0-9, '_' and '-'"},
    {"{\"id\": \"\"}", "id", "\"\" is not a format id: 1 to 47 characters of a-z, 0-9, '_' and '-'"},
    {"{\"id\": \"../etc\"}", "id", "\"../etc\" is not a format id: 1 to 47 characters of a-z, 0-9, '_' and '-'"},
    {"{\"name\": 5}", "name", "expected string"},
    {"{\"name\": \"\"}", "name", "expected a non-empty string"},
    {"{\"deck\": []}", "deck", "expected object"},
    {"{\"deck\": {\"min\": \"30\"}}", "deck.min", "expected integer or null"},
    {"{\"deck\": {\"max\": 50.5}}", "deck.max", "expected integer or null"},
    {"{\"deck\": {\"min\": -1}}", "deck.min", "-1 is out of range 0..1000"},
    {"{\"deck\": {\"max\": 1001}}", "deck.max", "1001 is out of range 0..1000"},
    {"{\"deck\": {\"size\": 40}}", "deck.size", "unexpected field"},
    {"{\"deck\": {\"min\": 40, \"max\": 30}}", "deck", "min 40 is greater than max 30"},
    {"{\"deck\": {\"min\": 60}}", "deck", "min 60 is greater than max 50"},
    {"{\"copies\": true}", "copies", "expected integer or null"},
    {"{\"copies\": 0}", "copies", "0 is out of range 1..99"},
    {"{\"horde_copies\": 100}", "horde_copies", "100 is out of range 1..99"},
    {"{\"horde_copies\": \"5\"}", "horde_copies", "expected integer or null"},
    {"{\"sets\": \"01\"}", "sets", "expected array of set ids or null"},
    {"{\"sets\": [1]}", "sets[0]", "expected string"},
    {"{\"sets\": [\"01\", \"0 2\"]}", "sets[1]", "\"0 2\" is not a set id (letters, digits and '_')"},
    {"{\"sets\": [\"01\", \"02\", \"01\"]}", "sets[2]", "set \"01\" is listed twice"},
    {"{\"banned\": {}}", "banned", "expected array"},
    {"{\"banned\": [\"Циклоп\"]}", "banned[0]", "expected object"},
    {"{\"banned\": [{\"from\": \"2026-01-01\"}]}", "banned[0].name", "missing required field"},
    {"{\"banned\": [{\"name\": \"Циклоп\", \"copies\": 1}]}", "banned[0].copies", "unexpected field"},
    {"{\"banned\": [{\"name\": \"Циклоп\", \"from\": \"2026-13-01\"}]}", "banned[0].from",
     "\"2026-13-01\" is not a valid date YYYY-MM-DD"},
    {"{\"banned\": [{\"name\": \"Циклоп\", \"from\": \"2026-02-29\"}]}", "banned[0].from",
     "\"2026-02-29\" is not a valid date YYYY-MM-DD"},
    {"{\"banned\": [{\"name\": \"Циклоп\", \"from\": \"2026-1-01\"}]}", "banned[0].from",
     "\"2026-1-01\" is not a valid date YYYY-MM-DD"},
    {"{\"banned\": [{\"name\": \"Циклоп\", \"from\": 20260101}]}", "banned[0].from",
     "expected a date YYYY-MM-DD or null"},
    {"{\"banned\": [{\"name\": \"A\"}, {\"name\": 3}]}", "banned[1].name", "expected string"},
    {"{\"restricted\": [{\"name\": \"Гобрах\"}]}", "restricted[0].copies", "missing required field"},
    {"{\"restricted\": [{\"name\": \"Гобрах\", \"copies\": 100}]}", "restricted[0].copies",
     "100 is out of range 0..99"},
    {"{\"restricted\": [{\"name\": \"Гобрах\", \"copies\": null}]}", "restricted[0].copies", "expected integer"},
    {"{\"restricted\": [{\"name\": \"Гобрах\", \"copies\": 1, \"from\": \"2026-04-31\"}]}", "restricted[0].from",
     "\"2026-04-31\" is not a valid date YYYY-MM-DD"},
    {"{\"pool\": \"yes\"}", "pool", "expected boolean"},
    {"{\"pool\": null}", "pool", "expected boolean"},
    {"{\"squad\": 15}", "squad", "expected object"},
    {"{\"squad\": {\"gold\": \"24\"}}", "squad.gold", "expected integer"},
    {"{\"squad\": {\"deal\": 0}}", "squad.deal", "0 is out of range 1..32"},
    {"{\"squad\": {\"deal\": 33}}", "squad.deal", "33 is out of range 1..32"}, /* recruitment holds 32 (BSK_MAX_DEAL) */
    {"{\"squad\": {\"cells\": 0}}", "squad.cells", "0 is out of range 1..99"},
    {"{\"squad\": {\"silver\": 100}}", "squad.silver", "100 is out of range 0..99"},
    {"{\"squad\": {\"crystals\": 46}}", "squad.crystals", "unexpected field"},
    /* issue 10 item 1: no control characters (C0, DEL, C1) in any name of a format file */
    {"{\"name\": \"a\\u001b[31m\"}", "name", "control character U+001B in string"},
    {"{\"banned\": [{\"name\": \"Цик\\u009bлоп\"}]}", "banned[0].name", "control character U+009B in string"},
    {"{\"restricted\": [{\"name\": \"Цик\\u007fлоп\", \"copies\": 1}]}", "restricted[0].name",
     "control character U+007F in string"},
};

START_TEST(test_design_2_bad_field_refused)
{
    const bad_document *bad = &BAD_DOCUMENTS[_i];
    expect_schema_error(bad->document, bad->path, bad->message);
}
END_TEST

START_TEST(test_design_2_too_many_sets_refused)
{
    char document[2048];
    size_t used = (size_t)snprintf(document, sizeof document, "{\"sets\": [");
    for (int i = 0; i <= BSK_FORMAT_MAX_SETS; i++)
        used += (size_t)snprintf(document + used, sizeof document - used, "%s\"s%d\"", i ? "," : "", i);
    snprintf(document + used, sizeof document - used, "]}");
    expect_schema_error(document, "sets", "more than 64 sets");
}
END_TEST

START_TEST(test_design_2_leap_day_accepted)
{
    bsk_format *format = parse_ok("{\"banned\": [{\"name\": \"Циклоп\", \"from\": \"2024-02-29\"}]}", "leap.json");
    ck_assert_str_eq(format->banned[0].from, "2024-02-29");
    free(format);
}
END_TEST

START_TEST(test_design_2_syntax_error_has_line_and_column)
{
    bsk_format *format = malloc(sizeof *format);
    bsk_error error;
    const char *document = "{\n  \"copies\": 3,\n  \"deck\": {\"min\": 30,}\n}\n";
    ck_assert_ptr_nonnull(format);
    ck_assert_int_eq(bsk_format_parse(document, strlen(document), "my-league.json", format, &error),
                     BSK_ERR_INVALID);
    ck_assert_str_eq(error.file, "my-league.json");
    ck_assert_str_eq(error.rule, "format.syntax");
    ck_assert_str_eq(error.path, "");
    ck_assert_int_eq(error.line, 3);
    ck_assert_int_gt(error.column, 0);
    ck_assert_int_eq(bsk_format_parse("", 0, "empty.json", format, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.rule, "format.syntax");
    ck_assert_int_eq(error.line, 1);
    free(format);
}
END_TEST

START_TEST(test_design_2_duplicate_key_refused)
{
    bsk_format *format = malloc(sizeof *format);
    bsk_error error;
    const char *document = "{\"copies\": 3,\n \"copies\": 4}";
    ck_assert_ptr_nonnull(format);
    ck_assert_int_eq(bsk_format_parse(document, strlen(document), "dup.json", format, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.file, "dup.json");
    ck_assert_str_eq(error.rule, "format.syntax");
    ck_assert_int_eq(error.line, 2);
    ck_assert_msg(strstr(error.message, "duplicate") != NULL, "%s", error.message);
    document = "{\"deck\": {\"min\": 30, \"min\": 31}}";
    ck_assert_int_eq(bsk_format_parse(document, strlen(document), "dup.json", format, &error), BSK_ERR_INVALID);
    ck_assert_msg(strstr(error.message, "duplicate") != NULL, "%s", error.message);
    free(format);
}
END_TEST

START_TEST(test_design_2_invalid_utf8_refused)
{
    bsk_format *format = malloc(sizeof *format);
    bsk_error error;
    const char document[] = "{\"name\": \"\xff\"}";
    ck_assert_ptr_nonnull(format);
    ck_assert_int_eq(bsk_format_parse(document, sizeof document - 1, "bad.json", format, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.rule, "format.syntax");
    ck_assert_msg(strstr(error.message, "UTF-8") != NULL, "%s", error.message);
    free(format);
}
END_TEST

/* Issue 10 item 14: a UTF-8 byte order mark before a format file is accepted; a syntax
 * error after it keeps its column (the mark is not a column of its own text). */
START_TEST(test_issue10_bom_accepted)
{
    bsk_format *format = parse_ok("\xEF\xBB\xBF{\"id\": \"bom\", \"copies\": 2}", "bom.json");
    ck_assert_str_eq(format->id, "bom");
    ck_assert_int_eq(format->copies, 2);
    bsk_error plain, marked;
    const char *bad = "{\"id\" 1}";
    char with_bom[32];
    snprintf(with_bom, sizeof with_bom, "\xEF\xBB\xBF%s", bad);
    ck_assert_int_eq(bsk_format_parse(bad, strlen(bad), "a.json", format, &plain), BSK_ERR_INVALID);
    ck_assert_int_eq(bsk_format_parse(with_bom, strlen(with_bom), "a.json", format, &marked), BSK_ERR_INVALID);
    ck_assert_int_eq(marked.line, plain.line);
    ck_assert_int_eq(marked.column, plain.column + 1);
    free(format);
}
END_TEST

/* ---- Names checked against the catalogue (issue 10 item 2) ---- */

static bsk_catalog names_catalog;

static void load_catalog(void)
{
    bsk_error error;
    clear_environment();
    bsk_catalog_init(&names_catalog);
    ck_assert_int_eq(bsk_catalog_load_bundled(&names_catalog, &error), BSK_OK);
}

static void free_catalog(void)
{
    bsk_catalog_free(&names_catalog);
}

/* Parses a document that must be valid, then checks its names: returns the status. */
static bsk_status check_names(const char *document, bsk_format *format, bsk_error *error)
{
    ck_assert_int_eq(bsk_format_parse(document, strlen(document), "league.json", format, error), BSK_OK);
    return bsk_format_check_names(format, "league.json", &names_catalog.pool, error);
}

START_TEST(test_issue10_unknown_banned_name_refused_with_suggestion)
{
    bsk_format *format = malloc(sizeof *format);
    bsk_error error;
    char text[BSK_ERROR_MESSAGE_MAX + 512];
    ck_assert_int_eq(check_names("{\"banned\": [{\"name\": \"Кулеврина орка\"}]}", format, &error), BSK_ERR_INVALID);
    bsk_error_format(&error, text, sizeof text);
    ck_assert_str_eq(text, "league.json: banned[0].name: no card named \"Кулеврина орка\"; did you mean: Кулеврина орков");
    ck_assert_str_eq(error.rule, "format.card");
    ck_assert_int_eq(check_names("{\"restricted\": [{\"name\": \"Циклоп\", \"copies\": 1}, "
                                 "{\"name\": \"Гобраххх\", \"copies\": 1}]}",
                                 format, &error),
                     BSK_ERR_INVALID);
    ck_assert_str_eq(error.path, "restricted[1].name");
    ck_assert_ptr_nonnull(strstr(error.message, "did you mean: Гобрах"));
    ck_assert_int_eq(check_names("{\"banned\": [{\"name\": \"01-999\"}]}", format, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.message, "no card with id \"01-999\"");
    ck_assert_int_eq(check_names("{\"banned\": [{\"name\": \"99999\"}]}", format, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.message, "no card with nxt id 99999");
    free(format);
}
END_TEST

/* A listing may name a card by id or nxt id: it then bans that card's name. */
START_TEST(test_issue10_listing_by_id_bans_the_name)
{
    bsk_format *format = malloc(sizeof *format);
    bsk_error error;
    ck_assert_int_eq(check_names("{\"banned\": [{\"name\": \"01-101\"}, {\"name\": \"ЦИКЛОП\"}], "
                                 "\"restricted\": [{\"name\": \"10037\", \"copies\": 1}]}",
                                 format, &error),
                     BSK_OK);
    ck_assert_str_eq(format->banned[0].name, "Циклоп");
    ck_assert_ptr_nonnull(bsk_format_banned(format, "Циклоп", "2026-11-21"));
    ck_assert_ptr_nonnull(bsk_format_restricted(format, "Овражный гном", "2026-11-21"));
    free(format);
}
END_TEST

START_TEST(test_issue10_builtin_formats_name_only_known_cards)
{
    static const char *const NAMES[] = {"constructed", "limited", "sealed", "draft"};
    for (size_t i = 0; i < 4; i++) {
        bsk_format *format = find_ok(NAMES[i]);
        bsk_error error;
        ck_assert_int_eq(bsk_format_check_names(format, NAMES[i], &names_catalog.pool, &error), BSK_OK);
        free(format);
    }
}
END_TEST

Suite *format_suite(void)
{
    Suite *suite = suite_create("format");
    TCase *defaults = tcase_create("defaults");
    tcase_add_checked_fixture(defaults, clear_environment, NULL);
    tcase_add_test(defaults, test_glossary_constructed_defaults);
    tcase_add_test(defaults, test_glossary_constructed_file);
    tcase_add_test(defaults, test_glossary_limited_file);
    tcase_add_test(defaults, test_glossary_sealed_file_requires_pool);
    tcase_add_test(defaults, test_glossary_draft_file_requires_pool);
    tcase_add_test(defaults, test_design_1_builtin_formats_all_parse);
    suite_add_tcase(suite, defaults);

    TCase *find = tcase_create("find");
    tcase_add_checked_fixture(find, clear_environment, NULL);
    tcase_add_test(find, test_design_1_path_argument);
    tcase_add_test(find, test_design_1_json_suffix_is_a_path);
    tcase_add_test(find, test_design_1_environment_overrides_builtin);
    tcase_add_test(find, test_design_1_unknown_name_lists_builtins);
    tcase_add_test(find, test_design_1_name_with_slash_or_dots_is_path);
    tcase_add_test(find, test_design_1_oversized_file_refused);
    suite_add_tcase(suite, find);

    TCase *listings = tcase_create("listings");
    tcase_add_test(listings, test_design_2_ban_in_force_by_date);
    tcase_add_test(listings, test_design_2_restricted_copies_by_date);
    tcase_add_test(listings, test_design_2_sets_null_allows_every_set);
    tcase_add_test(listings, test_design_2_null_means_no_limit);
    tcase_add_test(listings, test_design_2_empty_object_is_constructed_rules);
    tcase_add_test(listings, test_design_2_id_needs_usable_file_name);
    suite_add_tcase(suite, listings);

    TCase *validation = tcase_create("validation");
    tcase_add_test(validation, test_design_2_error_names_file_and_path);
    tcase_add_loop_test(validation, test_design_2_bad_field_refused, 0,
                        (int)(sizeof BAD_DOCUMENTS / sizeof BAD_DOCUMENTS[0]));
    tcase_add_test(validation, test_design_2_too_many_sets_refused);
    tcase_add_test(validation, test_design_2_leap_day_accepted);
    tcase_add_test(validation, test_design_2_syntax_error_has_line_and_column);
    tcase_add_test(validation, test_design_2_duplicate_key_refused);
    tcase_add_test(validation, test_design_2_invalid_utf8_refused);
    tcase_add_test(validation, test_issue10_bom_accepted);
    suite_add_tcase(suite, validation);

    TCase *names = tcase_create("names");
    tcase_set_timeout(names, 30);
    tcase_add_checked_fixture(names, load_catalog, free_catalog);
    tcase_add_test(names, test_issue10_unknown_banned_name_refused_with_suggestion);
    tcase_add_test(names, test_issue10_listing_by_id_bans_the_name);
    tcase_add_test(names, test_issue10_builtin_formats_name_only_known_cards);
    suite_add_tcase(suite, names);
    return suite;
}
