/* format_file.c — tournament format files (DESIGN §2) into bsk_format, and finding them
 * by name or path (DESIGN §1): NAME.json in $BERSERK_FORMATS, then BSK_FORMATS_DIR,
 * then the built-in copies of the shipped files. Reading is a strict validator: every
 * key is optional (absent = the rules' default, null = no limit), unknown keys are
 * refused, and the first problem is reported as `file: path: message`. */
#include "berserk/recruit.h"
#include "builtin.h"
#include "file_read.h"
#include "formats.h"
#include "json_reader.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifndef BSK_FORMATS_DIR
#define BSK_FORMATS_DIR "/usr/local/share/berserk/formats"
#endif

#define FORMAT_SCHEMA 1
#define FORMAT_FILE_CAP (1u << 20) /* 1 MiB */
#define DECK_SIZE_LIMIT 1000
#define COPIES_LIMIT 99
#define SQUAD_VALUE_LIMIT 99
#define FORMAT_PATH_MAX 4096

/* An integer in [min, max]; with `nullable`, null is stored as BSK_UNSET (no limit). */
static bsk_status read_int(const bsk_json_reader *ctx, const char *path, const json_t *value, bool nullable, int min, int max,
                           int *out)
{
    if (nullable && json_is_null(value)) {
        *out = BSK_UNSET;
        return BSK_OK;
    }
    if (!json_is_integer(value))
        return bsk_json_schema_error(ctx, path, nullable ? "expected integer or null" : "expected integer");
    json_int_t number = json_integer_value(value);
    if (number < min || number > max)
        return bsk_json_schema_error(ctx, path, "%lld is out of range %d..%d", (long long)number, min, max);
    *out = (int)number;
    return BSK_OK;
}

/* Up to `size`-1 bytes of user text for a message, cut on a character boundary. */
static const char *excerpt(const char *text, char *out, size_t size)
{
    bsk_utf8_copy(out, size, text);
    return out;
}

/* A non-empty string of at most out_size-1 bytes with no control characters. */
static bsk_status read_text(const bsk_json_reader *ctx, const char *path, const json_t *value, char *out, size_t out_size)
{
    if (!json_is_string(value))
        return bsk_json_schema_error(ctx, path, "expected string");
    const char *text = json_string_value(value);
    size_t length = json_string_length(value);
    if (length == 0)
        return bsk_json_schema_error(ctx, path, "expected a non-empty string");
    if (length >= out_size)
        return bsk_json_schema_error(ctx, path, "string of %zu bytes is longer than %zu", length, out_size - 1);
    uint32_t control;
    if (bsk_utf8_find_control(text, length, false, &control)) /* C0, DEL and C1 (issue 10 item 1) */
        return bsk_json_schema_error(ctx, path, "control character U+%04X in string", (unsigned)control);
    memcpy(out, text, length + 1);
    return BSK_OK;
}

/* Format ids and names looked up on disk: [a-z0-9_-]+, so a name is never a path. */
static bool is_format_id(const char *text)
{
    size_t length = strlen(text);
    if (length == 0 || length >= BSK_FORMAT_ID_MAX)
        return false;
    for (const char *p = text; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_' || *p == '-'))
            return false;
    return true;
}

/* Set ids as in the catalogue (DESIGN §3): "01", "21", "classic". */
static bool is_set_id(const char *text)
{
    for (const char *p = text; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_'))
            return false;
    return *text != '\0';
}

static bool is_leap_year(int year)
{
    return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
}

/* Exactly YYYY-MM-DD naming a day of the Gregorian calendar, year 0001 or later. */
static bool is_valid_date(const char *text)
{
    static const int DAYS_IN_MONTH[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (strlen(text) != 10 || text[4] != '-' || text[7] != '-')
        return false;
    for (int i = 0; i < 10; i++)
        if (i != 4 && i != 7 && (text[i] < '0' || text[i] > '9'))
            return false;
    int year = atoi(text), month = atoi(text + 5), day = atoi(text + 8);
    if (year < 1 || month < 1 || month > 12 || day < 1)
        return false;
    int days = DAYS_IN_MONTH[month - 1] + (month == 2 && is_leap_year(year) ? 1 : 0);
    return day <= days;
}

/* `from` of a listing: a date, or null / absent for "always in force". */
static bsk_status read_date(const bsk_json_reader *ctx, const char *path, const json_t *value, char *out)
{
    out[0] = '\0';
    if (!value || json_is_null(value))
        return BSK_OK;
    if (!json_is_string(value))
        return bsk_json_schema_error(ctx, path, "expected a date YYYY-MM-DD or null");
    const char *text = json_string_value(value);
    char shown[41];
    if (!is_valid_date(text))
        return bsk_json_schema_error(ctx, path, "\"%s\" is not a valid date YYYY-MM-DD",
                                     excerpt(text, shown, sizeof shown));
    memcpy(out, text, strlen(text) + 1);
    return BSK_OK;
}

static bsk_status read_schema(const bsk_json_reader *ctx, const json_t *value)
{
    if (!json_is_integer(value))
        return bsk_json_schema_error(ctx, "schema", "expected integer");
    if (json_integer_value(value) != FORMAT_SCHEMA)
        return bsk_json_schema_error(ctx, "schema", "unsupported schema %lld; expected %d",
                            (long long)json_integer_value(value), FORMAT_SCHEMA);
    return BSK_OK;
}

static bsk_status read_id(const bsk_json_reader *ctx, const json_t *value, bsk_format *format)
{
    if (!json_is_string(value))
        return bsk_json_schema_error(ctx, "id", "expected string");
    const char *text = json_string_value(value);
    char shown[61];
    if (!is_format_id(text))
        return bsk_json_schema_error(ctx, "id", "\"%s\" is not a format id: 1 to %d characters of a-z, 0-9, '_' and '-'",
                                     excerpt(text, shown, sizeof shown), BSK_FORMAT_ID_MAX - 1);
    snprintf(format->id, sizeof format->id, "%s", text);
    return BSK_OK;
}

/* Without an `id` key the file's base name without ".json" is the id (my-league.json →
 * my-league); a file name that is no valid id needs the key. */
static bsk_status default_id(const bsk_json_reader *ctx, bsk_format *format)
{
    const char *file = ctx->file ? ctx->file : "";
    const char *slash = strrchr(file, '/');
    const char *base = slash ? slash + 1 : file;
    size_t length = strlen(base);
    if (length > 5 && strcmp(base + length - 5, ".json") == 0)
        length -= 5;
    char id[BSK_FORMAT_ID_MAX];
    if (length >= sizeof id)
        return bsk_json_schema_error(ctx, "id", "missing, and the file name is too long to serve as the id");
    memcpy(id, base, length);
    id[length] = '\0';
    char shown[61];
    if (!is_format_id(id))
        return bsk_json_schema_error(ctx, "id", "missing, and the file name \"%s\" is not a valid id (a-z, 0-9, '_', '-')",
                                     excerpt(base, shown, sizeof shown));
    memcpy(format->id, id, length + 1);
    return BSK_OK;
}

static const char *const DECK_KEYS[] = {"min", "max"};

static bsk_status read_deck(const bsk_json_reader *ctx, const json_t *value, bsk_format *format)
{
    bsk_status status;
    if (!json_is_object(value))
        return bsk_json_schema_error(ctx, "deck", "expected object");
    if ((status = bsk_json_check_keys(ctx, "deck", value, DECK_KEYS, 2, 0)))
        return status;
    const json_t *min = json_object_get(value, "min");
    const json_t *max = json_object_get(value, "max");
    if (min && (status = read_int(ctx, "deck.min", min, true, 0, DECK_SIZE_LIMIT, &format->deck_min)))
        return status;
    if (max && (status = read_int(ctx, "deck.max", max, true, 0, DECK_SIZE_LIMIT, &format->deck_max)))
        return status;
    if (format->deck_min != BSK_UNSET && format->deck_max != BSK_UNSET && format->deck_min > format->deck_max)
        return bsk_json_schema_error(ctx, "deck", "min %d is greater than max %d", format->deck_min, format->deck_max);
    return BSK_OK;
}

/* null → every set is legal; otherwise distinct set ids. */
static bsk_status read_sets(const bsk_json_reader *ctx, const json_t *value, bsk_format *format)
{
    char at[BSK_ERROR_PATH_MAX];
    bsk_status status;
    if (json_is_null(value)) {
        format->set_count = -1;
        return BSK_OK;
    }
    if (!json_is_array(value))
        return bsk_json_schema_error(ctx, "sets", "expected array of set ids or null");
    if (json_array_size(value) > BSK_FORMAT_MAX_SETS)
        return bsk_json_schema_error(ctx, "sets", "more than %d sets", BSK_FORMAT_MAX_SETS);
    format->set_count = 0;
    for (size_t i = 0; i < json_array_size(value); i++) {
        char *set = format->sets[format->set_count];
        snprintf(at, sizeof at, "sets[%zu]", i);
        if ((status = read_text(ctx, at, json_array_get(value, i), set, BSK_SET_ID_MAX)))
            return status;
        if (!is_set_id(set))
            return bsk_json_schema_error(ctx, at, "\"%s\" is not a set id (letters, digits and '_')", set);
        if (bsk_format_allows_set(format, set))
            return bsk_json_schema_error(ctx, at, "set \"%s\" is listed twice", set);
        format->set_count++;
    }
    return BSK_OK;
}

static const char *const BANNED_KEYS[] = {"name", "from"};
static const char *const RESTRICTED_KEYS[] = {"name", "copies", "from"};

/* One entry of `banned` (name, from) or `restricted` (name, copies, from). */
static bsk_status read_listing(const bsk_json_reader *ctx, const char *path, const json_t *object, bool restricted,
                               bsk_format_listing *listing)
{
    char at[BSK_ERROR_PATH_MAX];
    bsk_status status;
    memset(listing, 0, sizeof *listing);
    if (!json_is_object(object))
        return bsk_json_schema_error(ctx, path, "expected object");
    status = restricted ? bsk_json_check_keys(ctx, path, object, RESTRICTED_KEYS, 3, 2)
                        : bsk_json_check_keys(ctx, path, object, BANNED_KEYS, 2, 1);
    if (status)
        return status;
    bsk_json_join_path(at, sizeof at, path, "name");
    if ((status = read_text(ctx, at, json_object_get(object, "name"), listing->name, sizeof listing->name)))
        return status;
    if (restricted) {
        bsk_json_join_path(at, sizeof at, path, "copies");
        if ((status = read_int(ctx, at, json_object_get(object, "copies"), false, 0, COPIES_LIMIT, &listing->copies)))
            return status;
    }
    bsk_json_join_path(at, sizeof at, path, "from");
    return read_date(ctx, at, json_object_get(object, "from"), listing->from);
}

static bsk_status read_listings(const bsk_json_reader *ctx, const char *key, const json_t *value, bool restricted,
                                bsk_format_listing *listings, int *count)
{
    char at[BSK_ERROR_PATH_MAX];
    bsk_status status;
    if (!json_is_array(value))
        return bsk_json_schema_error(ctx, key, "expected array");
    if (json_array_size(value) > BSK_FORMAT_MAX_LISTED)
        return bsk_json_schema_error(ctx, key, "more than %d entries", BSK_FORMAT_MAX_LISTED);
    *count = 0;
    for (size_t i = 0; i < json_array_size(value); i++) {
        snprintf(at, sizeof at, "%s[%zu]", key, i);
        if ((status = read_listing(ctx, at, json_array_get(value, i), restricted, &listings[*count])))
            return status;
        (*count)++;
    }
    return BSK_OK;
}

static bsk_status read_pool(const bsk_json_reader *ctx, const json_t *value, bsk_format *format)
{
    if (!json_is_boolean(value))
        return bsk_json_schema_error(ctx, "pool", "expected boolean");
    format->pool = json_is_true(value);
    return BSK_OK;
}

/* The squad parameters (402.1, 402.2, 402.4, 403.2.3); each key optional. A deal or a
 * board of zero would make recruitment meaningless, so those start at 1. */
static bsk_status read_squad(const bsk_json_reader *ctx, const json_t *value, bsk_squad_params *squad)
{
    const struct {
        const char *key;
        int *field;
        int min, max;
    } fields[] = {
        {"gold", &squad->gold, 0, SQUAD_VALUE_LIMIT},
        {"silver", &squad->silver, 0, SQUAD_VALUE_LIMIT},
        {"second_player_gold", &squad->second_player_gold, 0, SQUAD_VALUE_LIMIT},
        {"second_player_silver", &squad->second_player_silver, 0, SQUAD_VALUE_LIMIT},
        {"deal", &squad->deal, 1, BSK_MAX_DEAL}, /* what recruitment can hold (found by fuzzing) */
        {"flyer_budget", &squad->flyer_budget, 0, SQUAD_VALUE_LIMIT},
        {"cells", &squad->cells, 1, SQUAD_VALUE_LIMIT},
        {"redeal_gold", &squad->redeal_gold, 0, SQUAD_VALUE_LIMIT},
    };
    enum { FIELD_COUNT = sizeof fields / sizeof fields[0] };
    const char *keys[FIELD_COUNT];
    char at[BSK_ERROR_PATH_MAX];
    bsk_status status;
    if (!json_is_object(value))
        return bsk_json_schema_error(ctx, "squad", "expected object");
    for (size_t i = 0; i < FIELD_COUNT; i++)
        keys[i] = fields[i].key;
    if ((status = bsk_json_check_keys(ctx, "squad", value, keys, FIELD_COUNT, 0)))
        return status;
    for (size_t i = 0; i < FIELD_COUNT; i++) {
        const json_t *field = json_object_get(value, fields[i].key);
        bsk_json_join_path(at, sizeof at, "squad", fields[i].key);
        if (field && (status = read_int(ctx, at, field, false, fields[i].min, fields[i].max, fields[i].field)))
            return status;
    }
    return BSK_OK;
}

static const char *const FORMAT_KEYS[] = {"schema", "id", "name", "deck", "copies", "horde_copies",
                                          "sets", "banned", "restricted", "pool", "squad"};

/* Applies the keys present in the root object over the defaults already in `format`. */
static bsk_status read_format(const bsk_json_reader *ctx, const json_t *root, bsk_format *format)
{
    bsk_status status;
    const json_t *value;
    if (!json_is_object(root))
        return bsk_json_schema_error(ctx, "", "expected object");
    if ((status = bsk_json_check_keys(ctx, "", root, FORMAT_KEYS, sizeof FORMAT_KEYS / sizeof FORMAT_KEYS[0], 0)))
        return status;
    if ((value = json_object_get(root, "schema")) && (status = read_schema(ctx, value)))
        return status;
    status = (value = json_object_get(root, "id")) ? read_id(ctx, value, format) : default_id(ctx, format);
    if (status)
        return status;
    /* Without a name the id names the format: the defaults' "Констрактед" would mislabel it. */
    if ((value = json_object_get(root, "name")))
        status = read_text(ctx, "name", value, format->name, sizeof format->name);
    else
        snprintf(format->name, sizeof format->name, "%s", format->id);
    if (status)
        return status;
    if ((value = json_object_get(root, "deck")) && (status = read_deck(ctx, value, format)))
        return status;
    if ((value = json_object_get(root, "copies")) &&
        (status = read_int(ctx, "copies", value, true, 1, COPIES_LIMIT, &format->copies)))
        return status;
    if ((value = json_object_get(root, "horde_copies")) &&
        (status = read_int(ctx, "horde_copies", value, true, 1, COPIES_LIMIT, &format->horde_copies)))
        return status;
    if ((value = json_object_get(root, "sets")) && (status = read_sets(ctx, value, format)))
        return status;
    if ((value = json_object_get(root, "banned")) &&
        (status = read_listings(ctx, "banned", value, false, format->banned, &format->banned_count)))
        return status;
    if ((value = json_object_get(root, "restricted")) &&
        (status = read_listings(ctx, "restricted", value, true, format->restricted, &format->restricted_count)))
        return status;
    if ((value = json_object_get(root, "pool")) && (status = read_pool(ctx, value, format)))
        return status;
    if ((value = json_object_get(root, "squad")) && (status = read_squad(ctx, value, &format->squad)))
        return status;
    return BSK_OK;
}

bsk_status bsk_format_parse(const char *data, size_t length, const char *file, bsk_format *format,
                            bsk_error *error)
{
    bsk_json_reader ctx = {file, "format.syntax", "format.schema", error};
    bsk_error_clear(error);
    bsk_format_init_defaults(format);
    if (length > FORMAT_FILE_CAP) {
        bsk_error_set_file(error, file);
        return bsk_error_set(error, BSK_ERR_LIMIT, "format.file", "format file is larger than 1 MiB");
    }
    json_t *root = bsk_json_parse(&ctx, data, length);
    if (!root)
        return BSK_ERR_INVALID;
    bsk_status status = read_format(&ctx, root, format);
    json_decref(root);
    if (status)
        bsk_format_init_defaults(format); /* never hand back a half-read format */
    return status;
}

/* Reads a format file of at most FORMAT_FILE_CAP bytes and parses it. */
static bsk_status parse_file(const char *path, bsk_format *format, bsk_error *error)
{
    char *data;
    size_t length;
    bsk_status status = bsk_file_read(path, FORMAT_FILE_CAP, "format.file", &data, &length, error);
    if (status == BSK_ERR_LIMIT)
        return bsk_error_set(error, BSK_ERR_LIMIT, "format.file", "format file is larger than 1 MiB");
    if (status)
        return status;
    status = bsk_format_parse(data, length, path, format, error);
    free(data);
    return status;
}

/* A path argument: the file must exist. */
static bsk_status load_path(const char *path, bsk_format *format, bsk_error *error)
{
    return parse_file(path, format, error);
}

/* NAME.json in one directory: BSK_ERR_NOT_FOUND when it is not there, so the search goes on. */
static bsk_status load_from_directory(const char *directory, size_t directory_length, const char *name,
                                      bsk_format *format, bsk_error *error)
{
    char path[FORMAT_PATH_MAX];
    int written = snprintf(path, sizeof path, "%.*s/%s.json", (int)directory_length, directory, name);
    if (written < 0 || (size_t)written >= sizeof path)
        return BSK_ERR_NOT_FOUND;
    struct stat st;
    if (stat(path, &st) != 0 && (errno == ENOENT || errno == ENOTDIR))
        return BSK_ERR_NOT_FOUND;
    return parse_file(path, format, error);
}

/* Each directory of a ':'-separated list, in order; empty entries are skipped. */
static bsk_status load_from_directory_list(const char *list, const char *name, bsk_format *format,
                                           bsk_error *error)
{
    while (list && *list) {
        const char *end = strchr(list, ':');
        size_t length = end ? (size_t)(end - list) : strlen(list);
        if (length > 0) {
            bsk_status status = load_from_directory(list, length, name, format, error);
            if (status != BSK_ERR_NOT_FOUND)
                return status;
        }
        list = end ? end + 1 : NULL;
    }
    return BSK_ERR_NOT_FOUND;
}

static bsk_status load_builtin(const char *name, bsk_format *format, bsk_error *error)
{
    char file[BSK_FORMAT_ID_MAX + 8];
    snprintf(file, sizeof file, "%s.json", name);
    for (size_t i = 0; i < bsk_builtin_format_count; i++)
        if (strcmp(bsk_builtin_formats[i].name, file) == 0)
            return bsk_format_parse((const char *)bsk_builtin_formats[i].data, bsk_builtin_formats[i].length, file,
                                    format, error);
    return BSK_ERR_NOT_FOUND;
}

/* "constructed, draft, limited, sealed": the built-in names without ".json". */
static void list_builtin_names(char *out, size_t out_size)
{
    size_t used = 0;
    out[0] = '\0';
    for (size_t i = 0; i < bsk_builtin_format_count && used < out_size; i++) {
        const char *name = bsk_builtin_formats[i].name;
        size_t length = strlen(name);
        if (length > 5 && strcmp(name + length - 5, ".json") == 0)
            length -= 5;
        int written = snprintf(out + used, out_size - used, "%s%.*s", used ? ", " : "", (int)length, name);
        if (written > 0)
            used += (size_t)written;
    }
}

static bool is_path_argument(const char *argument)
{
    size_t length = strlen(argument);
    return strchr(argument, '/') != NULL || (length >= 5 && strcmp(argument + length - 5, ".json") == 0);
}

bsk_status bsk_format_find(const char *name_or_path, bsk_format *format, bsk_error *error)
{
    bsk_error_clear(error);
    bsk_format_init_defaults(format);
    if (!name_or_path || !*name_or_path)
        return bsk_error_set(error, BSK_ERR_INVALID, "format.name", "empty format name");
    if (is_path_argument(name_or_path))
        return load_path(name_or_path, format, error);
    char shown[61];
    if (!is_format_id(name_or_path))
        return bsk_error_set(error, BSK_ERR_INVALID, "format.name",
                             "\"%s\" is not a format name (a-z, 0-9, '_' and '-'); give a path to a .json file "
                             "instead",
                             excerpt(name_or_path, shown, sizeof shown));
    bsk_status status = load_from_directory_list(getenv("BERSERK_FORMATS"), name_or_path, format, error);
    if (status == BSK_ERR_NOT_FOUND)
        status = load_from_directory_list(BSK_FORMATS_DIR, name_or_path, format, error);
    if (status == BSK_ERR_NOT_FOUND)
        status = load_builtin(name_or_path, format, error);
    if (status == BSK_ERR_NOT_FOUND) {
        char names[256];
        list_builtin_names(names, sizeof names);
        bsk_error_clear(error);
        return bsk_error_set(error, BSK_ERR_NOT_FOUND, "format.name",
                             "unknown format \"%s\"; built-in formats: %s (others are NAME.json in $BERSERK_FORMATS "
                             "or %s)",
                             name_or_path, names, BSK_FORMATS_DIR);
    }
    return status;
}

/* ---- Names against the catalogue (issue 10 item 2) ---- */

static bool is_ascii_id(const char *text)
{
    bool dash = false;
    for (const char *p = text; *p; p++) {
        if (*p == '-')
            dash = true;
        else if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_'))
            return false;
    }
    return dash;
}

static bool is_number(const char *text)
{
    for (const char *p = text; *p; p++)
        if (*p < '0' || *p > '9')
            return false;
    return *text != '\0';
}

/* One listing: a name is kept as written (names compare normalised); an id or nxt id
 * becomes the card's name; anything else is an error naming the nearest names. */
static bsk_status check_listing(bsk_format_listing *listing, const char *file, const char *path, bsk_pool *pool,
                                bsk_error *error)
{
    if (bsk_pool_resolve(pool, listing->name))
        return BSK_OK;
    const bsk_card *card = bsk_pool_lookup(pool, listing->name);
    if (card) {
        bsk_utf8_copy(listing->name, sizeof listing->name, card->name);
        return BSK_OK;
    }
    bsk_json_reader ctx = {file, "format.card", "format.card", error};
    if (is_number(listing->name))
        return bsk_json_schema_error(&ctx, path, "no card with nxt id %s", listing->name);
    if (is_ascii_id(listing->name))
        return bsk_json_schema_error(&ctx, path, "no card with id \"%s\"", listing->name);
    const bsk_card *nearest[3];
    size_t found = bsk_pool_suggest(pool, listing->name, nearest, 3);
    char message[BSK_ERROR_MESSAGE_MAX];
    int used = snprintf(message, sizeof message, "no card named \"%s\"", listing->name);
    for (size_t i = 0; i < found && used >= 0 && (size_t)used < sizeof message; i++)
        used += snprintf(message + used, sizeof message - (size_t)used, "%s%s", i ? ", " : "; did you mean: ",
                         nearest[i]->name);
    bsk_utf8_trim_cut(message); /* a cut list never ends inside a character */
    return bsk_json_schema_error(&ctx, path, "%s", message);
}

bsk_status bsk_format_check_names(bsk_format *format, const char *file, bsk_pool *pool, bsk_error *error)
{
    char path[BSK_ERROR_PATH_MAX];
    bsk_status status;
    bsk_error_clear(error);
    for (int i = 0; i < format->banned_count; i++) {
        snprintf(path, sizeof path, "banned[%d].name", i);
        if ((status = check_listing(&format->banned[i], file, path, pool, error)))
            return status;
    }
    for (int i = 0; i < format->restricted_count; i++) {
        snprintf(path, sizeof path, "restricted[%d].name", i);
        if ((status = check_listing(&format->restricted[i], file, path, pool, error)))
            return status;
    }
    return BSK_OK;
}
