/* codec.c — catalogue JSON (schema 2, schema 1 still read; DESIGN §3) to and from plain records (codec.h).
 * Reading is a strict validator: every field is checked for type, range and consistency
 * with the card's type, and the first problem is reported with the file and either the
 * line and column (syntax, invalid UTF-8) or the JSON path (schema). Writing is canonical:
 * keys in schema order, one-space indent, UTF-8 without \u escapes, trailing newline. */
#include "codec.h"
#include "json_reader.h"
#include "synthetic.h" /* bsk_feature_from_json / bsk_feature_to_json: one feature reader */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads an integer in [min, max]; null allowed when `nullable` (stored as BSK_UNSET). */
static bsk_status read_int(const bsk_json_reader *ctx, const char *path, const json_t *value, bool nullable, long min,
                           long max, long *out)
{
    if (nullable && json_is_null(value)) {
        *out = BSK_UNSET;
        return BSK_OK;
    }
    if (!json_is_integer(value))
        return bsk_json_schema_error(ctx, path, "expected integer%s, got %s", nullable ? " or null" : "", bsk_json_type_name(value));
    json_int_t v = json_integer_value(value);
    if (v < min || v > max)
        return bsk_json_schema_error(ctx, path, "%lld is out of range %ld..%ld", (long long)v, min, max);
    *out = (long)v;
    return BSK_OK;
}

static bsk_status read_bool(const bsk_json_reader *ctx, const char *path, const json_t *value, bool nullable, int *out)
{
    if (nullable && json_is_null(value)) {
        *out = BSK_UNSET;
        return BSK_OK;
    }
    if (!json_is_boolean(value))
        return bsk_json_schema_error(ctx, path, "expected boolean%s, got %s", nullable ? " or null" : "", bsk_json_type_name(value));
    *out = json_is_true(value);
    return BSK_OK;
}

/* Copies a string of at most out_size-1 bytes with no control characters. */
static bsk_status read_string(const bsk_json_reader *ctx, const char *path, const json_t *value, char *out, size_t out_size)
{
    if (!json_is_string(value))
        return bsk_json_schema_error(ctx, path, "expected string, got %s", bsk_json_type_name(value));
    const char *text = json_string_value(value);
    size_t length = json_string_length(value);
    if (length == 0)
        return bsk_json_schema_error(ctx, path, "expected a non-empty string");
    if (length >= out_size)
        return bsk_json_schema_error(ctx, path, "string of %zu bytes is longer than %zu", length, out_size - 1);
    for (size_t i = 0; i < length; i++)
        if ((unsigned char)text[i] < 0x20 || text[i] == 0x7F)
            return bsk_json_schema_error(ctx, path, "control character in string");
    memcpy(out, text, length + 1);
    return BSK_OK;
}

/* An enumerated string: returns the index from parse(), or an error naming the value. */
static bsk_status read_enum(const bsk_json_reader *ctx, const char *path, const json_t *value, bool nullable,
                            const char *(*id_of)(int), int count, int null_value, int *out)
{
    if (nullable && json_is_null(value)) {
        *out = null_value;
        return BSK_OK;
    }
    if (!json_is_string(value))
        return bsk_json_schema_error(ctx, path, "expected string%s, got %s", nullable ? " or null" : "", bsk_json_type_name(value));
    const char *text = json_string_value(value);
    for (int i = 0; i < count; i++) {
        const char *id = id_of(i);
        if (id && strcmp(id, text) == 0) {
            *out = i;
            return BSK_OK;
        }
    }
    char shown[61]; /* at most 60 bytes of it, cut on a character boundary */
    bsk_utf8_copy(shown, sizeof shown, text);
    return bsk_json_schema_error(ctx, path, "unknown value \"%s\"", shown);
}

static bool is_id_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

static bsk_status read_set_id(const bsk_json_reader *ctx, const char *path, const json_t *value, char *out)
{
    bsk_status status = read_string(ctx, path, value, out, BSK_SET_ID_MAX);
    if (status)
        return status;
    for (const char *p = out; *p; p++)
        if (!is_id_char(*p) || *p == '-')
            return bsk_json_schema_error(ctx, path, "set id \"%s\" may hold only letters, digits and '_'", out);
    return BSK_OK;
}

static bsk_status read_param(const bsk_json_reader *ctx, const char *path, const json_t *value, bsk_param *param)
{
    memset(param, 0, sizeof *param);
    if (json_is_integer(value)) {
        long v;
        bsk_status status = read_int(ctx, path, value, false, -999, 999, &v);
        param->value = (int32_t)v;
        return status;
    }
    if (json_is_string(value))
        return read_string(ctx, path, value, param->expr, sizeof param->expr);
    return bsk_json_schema_error(ctx, path, "expected integer or string, got %s", bsk_json_type_name(value));
}

static const char *const KEYWORD_KEYS[] = {"id", "X", "values", "range", "activation", "condition", "src"};

/* A `src` (schema 2): the printed sentence, 1..BSK_SRC_MAX, or "icon". */
static bsk_status read_src(const bsk_json_reader *ctx, const char *path, const json_t *value, uint8_t *out)
{
    if (json_is_string(value) && strcmp(json_string_value(value), "icon") == 0) {
        *out = BSK_SRC_ICON;
        return BSK_OK;
    }
    if (!json_is_integer(value) || json_integer_value(value) < 1 || json_integer_value(value) > BSK_SRC_MAX)
        return bsk_json_schema_error(ctx, path, "expected a sentence number 1..%d or \"icon\"", BSK_SRC_MAX);
    *out = (uint8_t)json_integer_value(value);
    return BSK_OK;
}

static bsk_status read_keyword(const bsk_json_reader *ctx, const char *path, const json_t *object, bsk_keyword *keyword)
{
    char at[BSK_ERROR_PATH_MAX];
    int id;
    bsk_status status;
    memset(keyword, 0, sizeof *keyword);
    if (!json_is_object(object))
        return bsk_json_schema_error(ctx, path, "expected object, got %s", bsk_json_type_name(object));
    if ((status = bsk_json_check_keys(ctx, path, object, KEYWORD_KEYS, 7, 1)))
        return status;
    snprintf(at, sizeof at, "%s.id", path);
    if ((status = read_enum(ctx, at, json_object_get(object, "id"), false, bsk_keyword_name, BSK_KEYWORD_COUNT, 0,
                            &id)))
        return status;
    keyword->id = (uint8_t)id;
    const json_t *x = json_object_get(object, "X");
    const json_t *values = json_object_get(object, "values");
    const json_t *range = json_object_get(object, "range");
    const json_t *activation = json_object_get(object, "activation");
    const json_t *condition = json_object_get(object, "condition");
    bool takes_values = bsk_keyword_takes_values(id);
    if (x) {
        snprintf(at, sizeof at, "%s.X", path);
        if (takes_values)
            return bsk_json_schema_error(ctx, at, "%s takes values, not X", bsk_keyword_name(id));
        if ((status = read_param(ctx, at, x, &keyword->x)))
            return status;
        keyword->has |= BSK_KEYWORD_HAS_X;
    }
    if (values) {
        snprintf(at, sizeof at, "%s.values", path);
        if (!takes_values)
            return bsk_json_schema_error(ctx, at, "%s takes X, not values", bsk_keyword_name(id));
        if (!json_is_array(values) || json_array_size(values) != 3)
            return bsk_json_schema_error(ctx, at, "expected an array of 3 values (weak, medium, strong)");
        for (size_t i = 0; i < 3; i++) {
            snprintf(at, sizeof at, "%s.values[%zu]", path, i);
            if ((status = read_param(ctx, at, json_array_get(values, i), &keyword->values[i])))
                return status;
        }
        keyword->has |= BSK_KEYWORD_HAS_VALUES;
    }
    if (range) {
        snprintf(at, sizeof at, "%s.range", path);
        if ((status = read_param(ctx, at, range, &keyword->range)))
            return status;
        keyword->has |= BSK_KEYWORD_HAS_RANGE;
    }
    int parsed = BSK_ACTIVATION_NONE;
    if (activation) {
        snprintf(at, sizeof at, "%s.activation", path);
        if ((status = read_enum(ctx, at, activation, false, bsk_activation_id, BSK_ACTIVATION_COUNT, 0, &parsed)))
            return status;
    }
    keyword->activation = (uint8_t)parsed;
    parsed = BSK_CONDITION_NONE;
    if (condition) {
        snprintf(at, sizeof at, "%s.condition", path);
        if ((status = read_enum(ctx, at, condition, false, bsk_condition_id, BSK_CONDITION_COUNT, 0, &parsed)))
            return status;
    }
    keyword->condition = (uint8_t)parsed;
    const json_t *src = json_object_get(object, "src");
    if (src) {
        snprintf(at, sizeof at, "%s.src", path);
        if ((status = read_src(ctx, at, src, &keyword->src)))
            return status;
    }
    return BSK_OK;
}

/* unknown / inferred: arrays of distinct field names, stored as a bit set. */
static bsk_status read_field_list(const bsk_json_reader *ctx, const char *path, const json_t *value, uint32_t *out)
{
    char at[BSK_ERROR_PATH_MAX];
    int field;
    bsk_status status;
    *out = 0;
    if (!json_is_array(value))
        return bsk_json_schema_error(ctx, path, "expected array, got %s", bsk_json_type_name(value));
    for (size_t i = 0; i < json_array_size(value); i++) {
        snprintf(at, sizeof at, "%s[%zu]", path, i);
        if ((status = read_enum(ctx, at, json_array_get(value, i), false, bsk_card_field_id, BSK_FIELD_COUNT, 0,
                                &field)))
            return status;
        if (*out & (1u << field))
            return bsk_json_schema_error(ctx, at, "\"%s\" is listed twice", bsk_card_field_id(field));
        *out |= 1u << field;
    }
    return BSK_OK;
}

static const char *const CARD_KEYS[] = {
    "id", "nxt_id", "name", "set", "number", "rarity", "type", "subtype", "elements", "classes", "cost", "cost_x",
    "elite", "unique", "horde", "life", "movement", "simple_strike", "keywords", "features", "support", "unknown",
    "inferred",
};
/* Schema 2 adds `sentences` after `features`. */
static const char *const CARD_KEYS_2[] = {
    "id", "nxt_id", "name", "set", "number", "rarity", "type", "subtype", "elements", "classes", "cost", "cost_x",
    "elite", "unique", "horde", "life", "movement", "simple_strike", "keywords", "features", "sentences", "support",
    "unknown", "inferred",
};
#define CARD_KEY_COUNT_2 ((int)(sizeof CARD_KEYS_2 / sizeof CARD_KEYS_2[0]))

/* Schema 2's features of a card into `features` (card->features points to it when there are any);
 * each `src` within the card's sentences when they are known. */
static bsk_status read_features(const bsk_json_reader *ctx, const char *base, const json_t *list, bsk_card *card,
                                bsk_card_features *features)
{
    char at[BSK_ERROR_PATH_MAX];
    memset(features, 0, sizeof *features);
    for (size_t i = 0; i < json_array_size(list); i++) {
        snprintf(at, sizeof at, "%s.features[%zu]", base, i);
        bsk_status status = bsk_feature_from_json(ctx, at, json_array_get(list, i), card->id, features);
        if (status)
            return status;
        int src = features->features[features->count - 1].src;
        if (card->sentences != BSK_UNSET && src > card->sentences) {
            snprintf(at, sizeof at, "%s.features[%zu].src", base, i);
            return bsk_json_schema_error(ctx, at, "sentence %d of a card that prints %d", src, card->sentences);
        }
    }
    card->features = features->count ? features : NULL;
    return BSK_OK;
}

/* Reads card i of a set file of `schema` (1 or 2); `set_id` is the file's set. `features` holds
 * the card's features (schema 2). */
static bsk_status read_card(const bsk_json_reader *ctx, size_t index, const json_t *object, const char *set_id,
                            int schema, bsk_card *card, bsk_card_features *features)
{
    char base[48], at[BSK_ERROR_PATH_MAX];
    long number;
    int value;
    bsk_status status;
    memset(card, 0, sizeof *card);
    snprintf(base, sizeof base, "cards[%zu]", index);
#define AT(field) (snprintf(at, sizeof at, "%s.%s", base, field), at)
#define GET(field) json_object_get(object, field)
    if (!json_is_object(object))
        return bsk_json_schema_error(ctx, base, "expected object, got %s", bsk_json_type_name(object));
    if (schema == 1 && (status = bsk_json_check_keys(ctx, base, object, CARD_KEYS, BSK_FIELD_COUNT, BSK_FIELD_COUNT)))
        return status;
    if (schema != 1 && (status = bsk_json_check_keys(ctx, base, object, CARD_KEYS_2, CARD_KEY_COUNT_2, CARD_KEY_COUNT_2)))
        return status;

    if ((status = read_string(ctx, AT("id"), GET("id"), card->id, sizeof card->id)))
        return status;
    for (const char *p = card->id; *p; p++)
        if (!is_id_char(*p))
            return bsk_json_schema_error(ctx, at, "card id \"%s\" may hold only letters, digits, '_' and '-'", card->id);
    if ((status = read_int(ctx, AT("nxt_id"), GET("nxt_id"), true, 1, 999999999, &number)))
        return status;
    card->nxt_id = (int32_t)number;
    if ((status = read_string(ctx, AT("name"), GET("name"), card->name, sizeof card->name)))
        return status;
    size_t name_length = strlen(card->name);
    if (card->name[0] == ' ' || card->name[name_length - 1] == ' ')
        return bsk_json_schema_error(ctx, at, "name has leading or trailing spaces");
    if ((status = read_string(ctx, AT("set"), GET("set"), card->set, sizeof card->set)))
        return status;
    if (strcmp(card->set, set_id) != 0)
        return bsk_json_schema_error(ctx, at, "card of set \"%s\" in the file of set \"%s\"", card->set, set_id);
    if ((status = read_int(ctx, AT("number"), GET("number"), true, 0, 9999, &number)))
        return status;
    card->number = (int16_t)number;
    if (card->number != BSK_UNSET) {
        char expected[BSK_CARD_ID_MAX + 16];
        snprintf(expected, sizeof expected, "%s-%03d", set_id, card->number);
        if (strcmp(expected, card->id) != 0)
            return bsk_json_schema_error(ctx, AT("id"), "card id \"%s\" does not match set and number (expected \"%s\")",
                                card->id, expected);
    }
    if ((status = read_enum(ctx, AT("rarity"), GET("rarity"), true, bsk_rarity_id, BSK_RARITY_COUNT,
                            BSK_RARITY_NONE, &value)))
        return status;
    card->rarity = (uint8_t)value;
    if ((status = read_enum(ctx, AT("type"), GET("type"), false, bsk_type_id, BSK_TYPE_COUNT, 0, &value)))
        return status;
    card->type = (uint8_t)value;
    if ((status = read_enum(ctx, AT("subtype"), GET("subtype"), true, bsk_subtype_id, BSK_SUBTYPE_COUNT,
                            BSK_SUBTYPE_NONE, &value)))
        return status;
    card->subtype = (uint8_t)value;
    if (card->type == BSK_TYPE_CREATURE && card->subtype == BSK_SUBTYPE_NONE)
        return bsk_json_schema_error(ctx, at, "a creature needs a subtype (ground, flyer, companion or parasite)");
    if (card->type != BSK_TYPE_CREATURE && card->subtype != BSK_SUBTYPE_NONE)
        return bsk_json_schema_error(ctx, at, "only creatures have a subtype; expected null for a %s",
                            bsk_type_id(card->type));

    const json_t *elements = GET("elements");
    if (!json_is_array(elements))
        return bsk_json_schema_error(ctx, AT("elements"), "expected array, got %s", bsk_json_type_name(elements));
    for (size_t i = 0; i < json_array_size(elements); i++) {
        char item[BSK_ERROR_PATH_MAX];
        snprintf(item, sizeof item, "%s.elements[%zu]", base, i);
        if ((status = read_enum(ctx, item, json_array_get(elements, i), false, bsk_element_id, BSK_ELEMENT_COUNT, 0,
                                &value)))
            return status;
        if (card->elements & (1u << value))
            return bsk_json_schema_error(ctx, item, "element \"%s\" is listed twice", bsk_element_id(value));
        card->elements |= (uint8_t)(1u << value);
    }

    const json_t *classes = GET("classes");
    if (json_is_null(classes)) {
        card->class_count = BSK_UNSET;
    } else if (!json_is_array(classes)) {
        return bsk_json_schema_error(ctx, AT("classes"), "expected array or null, got %s", bsk_json_type_name(classes));
    } else {
        if (json_array_size(classes) > BSK_MAX_CLASSES)
            return bsk_json_schema_error(ctx, AT("classes"), "more than %d classes", BSK_MAX_CLASSES);
        for (size_t i = 0; i < json_array_size(classes); i++) {
            char item[BSK_ERROR_PATH_MAX];
            snprintf(item, sizeof item, "%s.classes[%zu]", base, i);
            if ((status = read_enum(ctx, item, json_array_get(classes, i), false, bsk_class_id, BSK_CLASS_COUNT, 0,
                                    &value)))
                return status;
            if (bsk_card_has_class(card, (bsk_class)value))
                return bsk_json_schema_error(ctx, item, "class \"%s\" is listed twice", bsk_class_id(value));
            card->classes[card->class_count++] = (uint8_t)value;
        }
    }

    if ((status = read_int(ctx, AT("cost"), GET("cost"), false, 0, 99, &number)))
        return status;
    card->cost = (int16_t)number;
    if ((status = read_bool(ctx, AT("cost_x"), GET("cost_x"), false, &value)))
        return status;
    card->cost_x = value == 1;
    if ((status = read_bool(ctx, AT("elite"), GET("elite"), false, &value)))
        return status;
    card->elite = value == 1;
    if ((status = read_bool(ctx, AT("unique"), GET("unique"), true, &value)))
        return status;
    card->unique = (int8_t)value;
    if ((status = read_bool(ctx, AT("horde"), GET("horde"), true, &value)))
        return status;
    card->horde = (int8_t)value;

    /* DESIGN §3 conversion rules: a value that does not apply to the type is null. */
    if ((status = read_int(ctx, AT("life"), GET("life"), true, 0, 99, &number)))
        return status;
    card->life = (int16_t)number;
    if (card->type == BSK_TYPE_TERRAIN && card->life != BSK_UNSET)
        return bsk_json_schema_error(ctx, at, "terrains have no life; expected null");
    if ((status = read_int(ctx, AT("movement"), GET("movement"), true, 0, 99, &number)))
        return status;
    card->movement = (int16_t)number;
    if (card->movement != BSK_UNSET && card->subtype != BSK_SUBTYPE_GROUND)
        return bsk_json_schema_error(ctx, at, "only ground creatures have movement; expected null");
    const json_t *strike = GET("simple_strike");
    card->simple_strike[0] = card->simple_strike[1] = card->simple_strike[2] = BSK_UNSET;
    if (!json_is_null(strike)) {
        if (!json_is_array(strike) || json_array_size(strike) != 3)
            return bsk_json_schema_error(ctx, AT("simple_strike"), "expected an array of 3 integers or null");
        if (card->type != BSK_TYPE_CREATURE)
            return bsk_json_schema_error(ctx, AT("simple_strike"), "only creatures have a simple strike; expected null");
        for (size_t i = 0; i < 3; i++) {
            char item[BSK_ERROR_PATH_MAX];
            snprintf(item, sizeof item, "%s.simple_strike[%zu]", base, i);
            if ((status = read_int(ctx, item, json_array_get(strike, i), false, 0, 99, &number)))
                return status;
            card->simple_strike[i] = (int8_t)number;
        }
    }

    const json_t *keywords = GET("keywords");
    if (!json_is_array(keywords))
        return bsk_json_schema_error(ctx, AT("keywords"), "expected array, got %s", bsk_json_type_name(keywords));
    if (json_array_size(keywords) > BSK_MAX_KEYWORDS)
        return bsk_json_schema_error(ctx, AT("keywords"), "more than %d keywords", BSK_MAX_KEYWORDS);
    for (size_t i = 0; i < json_array_size(keywords); i++) {
        char item[BSK_ERROR_PATH_MAX];
        snprintf(item, sizeof item, "%s.keywords[%zu]", base, i);
        if ((status = read_keyword(ctx, item, json_array_get(keywords, i), &card->keywords[i])))
            return status;
        card->keyword_count++;
    }
    card->sentences = BSK_UNSET;
    if (schema != 1) {
        if ((status = read_int(ctx, AT("sentences"), GET("sentences"), true, 0, BSK_SRC_MAX, &number)))
            return status;
        card->sentences = (int8_t)number;
        for (int i = 0; i < card->keyword_count; i++)
            if (card->sentences != BSK_UNSET && card->keywords[i].src != BSK_SRC_ICON &&
                card->keywords[i].src > card->sentences) {
                char item[BSK_ERROR_PATH_MAX];
                snprintf(item, sizeof item, "%s.keywords[%d].src", base, i);
                return bsk_json_schema_error(ctx, item, "sentence %d of a card that prints %d", card->keywords[i].src,
                                             card->sentences);
            }
    }
    const json_t *list = GET("features");
    if (!json_is_array(list))
        return bsk_json_schema_error(ctx, AT("features"), "expected array, got %s", bsk_json_type_name(list));
    if (schema == 1 && json_array_size(list) != 0)
        return bsk_json_schema_error(ctx, AT("features"), "catalogue schema 1 has no encoded features; expected []");
    if (json_array_size(list) > BSK_CARD_FEATURES_MAX)
        return bsk_json_schema_error(ctx, AT("features"), "more than %d features", BSK_CARD_FEATURES_MAX);
    if ((status = read_features(ctx, base, list, card, features)))
        return status;
    if ((status = read_enum(ctx, AT("support"), GET("support"), false, bsk_support_id, BSK_SUPPORT_COUNT, 0, &value)))
        return status;
    card->support = (uint8_t)(schema == 1 ? BSK_SUPPORT_KEYWORDS_ONLY : value); /* DESIGN §3: schema 1 cards */
    if ((status = read_field_list(ctx, AT("unknown"), GET("unknown"), &card->unknown)))
        return status;
    if ((status = read_field_list(ctx, AT("inferred"), GET("inferred"), &card->inferred)))
        return status;
    for (int field = 0; field < BSK_FIELD_COUNT; field++) {
        if (!(card->unknown & (1u << field)))
            continue;
        const char *name = bsk_card_field_id(field);
        if (card->inferred & (1u << field))
            return bsk_json_schema_error(ctx, AT("inferred"), "\"%s\" is listed as both unknown and inferred", name);
        if (field != BSK_FIELD_KEYWORDS && !json_is_null(GET(name)))
            return bsk_json_schema_error(ctx, AT(name), "listed in unknown, so it must be null");
    }
#undef AT
#undef GET
    return BSK_OK;
}

static const char *const SET_KEYS[] = {"id", "name", "release"};

static bsk_status read_set_object(const bsk_json_reader *ctx, const char *path, const json_t *object, bsk_catalog_set *set)
{
    char at[BSK_ERROR_PATH_MAX];
    long release;
    bsk_status status;
    if (!json_is_object(object))
        return bsk_json_schema_error(ctx, path, "expected object, got %s", bsk_json_type_name(object));
    snprintf(at, sizeof at, "%s.id", path);
    if ((status = read_set_id(ctx, at, json_object_get(object, "id"), set->id)))
        return status;
    snprintf(at, sizeof at, "%s.name", path);
    if ((status = read_string(ctx, at, json_object_get(object, "name"), set->name, sizeof set->name)))
        return status;
    snprintf(at, sizeof at, "%s.release", path);
    if ((status = read_int(ctx, at, json_object_get(object, "release"), true, 1, 999, &release)))
        return status;
    set->release = (int)release;
    return BSK_OK;
}

/* The file's schema: 1 (no features, still read) or BSK_CATALOG_SCHEMA. */
static bsk_status check_schema(const bsk_json_reader *ctx, const json_t *root, int *out)
{
    const json_t *schema = json_object_get(root, "schema");
    if (!json_is_integer(schema))
        return bsk_json_schema_error(ctx, "schema", "expected integer %d", BSK_CATALOG_SCHEMA);
    if (json_integer_value(schema) < 1 || json_integer_value(schema) > BSK_CATALOG_SCHEMA)
        return bsk_json_schema_error(ctx, "schema", "unsupported catalogue schema %lld (this berserk reads schemas 1 to %d)",
                            (long long)json_integer_value(schema), BSK_CATALOG_SCHEMA);
    if (out)
        *out = (int)json_integer_value(schema);
    return BSK_OK;
}

bsk_status bsk_codec_parse_set(const char *text, size_t length, const char *file, bsk_catalog_set *set,
                               bsk_pool *pool, bsk_error *error)
{
    static const char *const KEYS[] = {"schema", "set", "cards"};
    bsk_json_reader ctx = {file, "catalog.syntax", "catalog.schema", error};
    bsk_status status;
    json_t *root = bsk_json_parse(&ctx, text, length);
    if (!root)
        return BSK_ERR_INVALID;
    size_t first = pool->count;
    if (!json_is_object(root)) {
        status = bsk_json_schema_error(&ctx, "", "expected a set object {\"schema\",\"set\",\"cards\"}, got %s",
                              bsk_json_type_name(root));
        goto done;
    }
    int schema = 1;
    if ((status = bsk_json_check_keys(&ctx, "", root, KEYS, 3, 3)) || (status = check_schema(&ctx, root, &schema)))
        goto done;
    const json_t *set_object = json_object_get(root, "set");
    if ((status = bsk_json_check_keys(&ctx, "set", set_object, SET_KEYS, 3, 3)) ||
        (status = read_set_object(&ctx, "set", set_object, set)))
        goto done;
    const json_t *cards = json_object_get(root, "cards");
    if (!json_is_array(cards)) {
        status = bsk_json_schema_error(&ctx, "cards", "expected array, got %s", bsk_json_type_name(cards));
        goto done;
    }
    if (json_array_size(cards) > BSK_CATALOG_MAX_CARDS_PER_SET) {
        status = bsk_json_schema_error(&ctx, "cards", "%zu cards; at most %d per set", json_array_size(cards),
                              BSK_CATALOG_MAX_CARDS_PER_SET);
        goto done;
    }
    for (size_t i = 0; i < json_array_size(cards); i++) {
        bsk_card card;
        bsk_card_features features; /* the pool copies it (bsk_pool_add) */
        if ((status = read_card(&ctx, i, json_array_get(cards, i), set->id, schema, &card, &features)))
            goto done;
        for (size_t j = first; j < pool->count; j++)
            if (strcmp(pool->cards[j].id, card.id) == 0) {
                char at[BSK_ERROR_PATH_MAX];
                snprintf(at, sizeof at, "cards[%zu].id", i);
                status = bsk_json_schema_error(&ctx, at, "duplicate card id \"%s\" (also cards[%zu])", card.id, j - first);
                goto done;
            }
        if ((status = bsk_pool_add(pool, &card, error)))
            goto done;
    }
    set->cards = (int)json_array_size(cards);
done:
    if (status)
        bsk_pool_truncate(pool, first); /* leave the pool as it was */
    json_decref(root);
    return status;
}

static const char *const INDEX_KEYS[] = {"schema", "revision", "sets"};
static const char *const INDEX_SET_KEYS[] = {"id", "name", "release", "revision", "cards", "sha256", "url"};

static bool is_hex_digest(const char *text)
{
    if (strlen(text) != 64)
        return false;
    for (const char *p = text; *p; p++)
        if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f')))
            return false;
    return true;
}

/* A relative path inside the catalogue directory: no absolute paths, no "..", no scheme. */
static bool is_safe_relative_url(const char *url)
{
    if (url[0] == '/' || strstr(url, "..") || strchr(url, ':') || strchr(url, '\\'))
        return false;
    for (const char *p = url; *p; p++)
        if (!is_id_char(*p) && *p != '/' && *p != '.')
            return false;
    return true;
}

void bsk_codec_index_free(bsk_codec_index *index)
{
    free(index->sets);
    memset(index, 0, sizeof *index);
}

bsk_status bsk_codec_parse_index(const char *text, size_t length, const char *file, bsk_codec_index *index,
                                 bsk_error *error)
{
    bsk_json_reader ctx = {file, "catalog.syntax", "catalog.schema", error};
    char at[BSK_ERROR_PATH_MAX];
    long number;
    bsk_status status;
    memset(index, 0, sizeof *index);
    json_t *root = bsk_json_parse(&ctx, text, length);
    if (!root)
        return BSK_ERR_INVALID;
    if (!json_is_object(root)) {
        status = bsk_json_schema_error(&ctx, "", "expected an index object {\"schema\",\"revision\",\"sets\"}, got %s",
                              bsk_json_type_name(root));
        goto done;
    }
    if ((status = bsk_json_check_keys(&ctx, "", root, INDEX_KEYS, 3, 3)) || (status = check_schema(&ctx, root, NULL)))
        goto done;
    if ((status = read_int(&ctx, "revision", json_object_get(root, "revision"), false, 0, 2000000000, &number)))
        goto done;
    index->revision = (int)number;
    const json_t *sets = json_object_get(root, "sets");
    if (!json_is_array(sets)) {
        status = bsk_json_schema_error(&ctx, "sets", "expected array, got %s", bsk_json_type_name(sets));
        goto done;
    }
    if (json_array_size(sets) > BSK_CATALOG_MAX_SETS) {
        status = bsk_json_schema_error(&ctx, "sets", "%zu sets; at most %d", json_array_size(sets), BSK_CATALOG_MAX_SETS);
        goto done;
    }
    if (json_array_size(sets) && !(index->sets = calloc(json_array_size(sets), sizeof *index->sets))) {
        status = bsk_error_set(error, BSK_ERR_NOMEM, "", "out of memory reading the index");
        goto done;
    }
    for (size_t i = 0; i < json_array_size(sets); i++) {
        const json_t *entry = json_array_get(sets, i);
        bsk_catalog_set set;
        char base[32];
        memset(&set, 0, sizeof set);
        snprintf(base, sizeof base, "sets[%zu]", i);
        if (!json_is_object(entry)) {
            status = bsk_json_schema_error(&ctx, base, "expected object, got %s", bsk_json_type_name(entry));
            goto done;
        }
        if ((status = bsk_json_check_keys(&ctx, base, entry, INDEX_SET_KEYS, 7, 7)) ||
            (status = read_set_object(&ctx, base, entry, &set)))
            goto done;
        snprintf(at, sizeof at, "%s.revision", base);
        if ((status = read_int(&ctx, at, json_object_get(entry, "revision"), false, 0, 2000000000, &number)))
            goto done;
        set.revision = (int)number;
        snprintf(at, sizeof at, "%s.cards", base);
        if ((status = read_int(&ctx, at, json_object_get(entry, "cards"), false, 0, BSK_CATALOG_MAX_CARDS_PER_SET,
                               &number)))
            goto done;
        set.cards = (int)number;
        snprintf(at, sizeof at, "%s.sha256", base);
        if ((status = read_string(&ctx, at, json_object_get(entry, "sha256"), set.sha256, sizeof set.sha256)))
            goto done;
        if (!is_hex_digest(set.sha256)) {
            status = bsk_json_schema_error(&ctx, at, "expected 64 lowercase hex digits");
            goto done;
        }
        snprintf(at, sizeof at, "%s.url", base);
        if ((status = read_string(&ctx, at, json_object_get(entry, "url"), set.url, sizeof set.url)))
            goto done;
        if (!is_safe_relative_url(set.url)) {
            status = bsk_json_schema_error(&ctx, at, "\"%s\" is not a relative path inside the catalogue", set.url);
            goto done;
        }
        for (size_t j = 0; j < index->set_count; j++)
            if (strcmp(index->sets[j].id, set.id) == 0) {
                snprintf(at, sizeof at, "%s.id", base);
                status = bsk_json_schema_error(&ctx, at, "set \"%s\" is listed twice", set.id);
                goto done;
            }
        index->sets[index->set_count++] = set;
    }
done:
    if (status)
        bsk_codec_index_free(index);
    json_decref(root);
    return status;
}

static json_t *param_json(const bsk_param *param)
{
    return param->expr[0] ? json_string(param->expr) : json_integer(param->value);
}

static json_t *nullable_int(int value)
{
    return value == BSK_UNSET ? json_null() : json_integer(value);
}

static json_t *nullable_bool(int value)
{
    return value == BSK_UNSET ? json_null() : json_boolean(value);
}

static json_t *nullable_string(const char *text)
{
    return text ? json_string(text) : json_null();
}

static json_t *field_list_json(uint32_t fields)
{
    json_t *list = json_array();
    for (int field = 0; field < BSK_FIELD_COUNT; field++)
        if (fields & (1u << field))
            json_array_append_new(list, json_string(bsk_card_field_id(field)));
    return list;
}

json_t *bsk_codec_keyword_json(const bsk_keyword *keyword)
{
    json_t *k = json_object();
    json_object_set_new(k, "id", json_string(bsk_keyword_name(keyword->id)));
    if (keyword->has & BSK_KEYWORD_HAS_X)
        json_object_set_new(k, "X", param_json(&keyword->x));
    if (keyword->has & BSK_KEYWORD_HAS_VALUES)
        json_object_set_new(k, "values", json_pack("[o,o,o]", param_json(&keyword->values[0]),
                                                   param_json(&keyword->values[1]), param_json(&keyword->values[2])));
    if (keyword->has & BSK_KEYWORD_HAS_RANGE)
        json_object_set_new(k, "range", param_json(&keyword->range));
    if (keyword->activation != BSK_ACTIVATION_NONE)
        json_object_set_new(k, "activation", json_string(bsk_activation_id(keyword->activation)));
    if (keyword->condition != BSK_CONDITION_NONE)
        json_object_set_new(k, "condition", json_string(bsk_condition_id(keyword->condition)));
    if (keyword->src == BSK_SRC_ICON)
        json_object_set_new(k, "src", json_string("icon"));
    else if (keyword->src != BSK_SRC_NONE)
        json_object_set_new(k, "src", json_integer(keyword->src));
    return k;
}

bsk_status bsk_codec_keyword_from_json(const json_t *object, const char *file, const char *path, bsk_keyword *keyword,
                                       bsk_error *error)
{
    bsk_json_reader ctx = {file, "catalog.syntax", "catalog.schema", error};
    return read_keyword(&ctx, path, object, keyword);
}

bsk_status bsk_codec_field_list_from_json(const json_t *list, const char *file, const char *path, uint32_t *fields,
                                          bsk_error *error)
{
    bsk_json_reader ctx = {file, "catalog.syntax", "catalog.schema", error};
    return read_field_list(&ctx, path, list, fields);
}

json_t *bsk_codec_field_list_json(uint32_t fields)
{
    return field_list_json(fields);
}

json_t *bsk_codec_card_json(const bsk_card *card)
{
    json_t *object = json_object();
    json_object_set_new(object, "id", json_string(card->id));
    json_object_set_new(object, "nxt_id", nullable_int(card->nxt_id));
    json_object_set_new(object, "name", json_string(card->name));
    json_object_set_new(object, "set", json_string(card->set));
    json_object_set_new(object, "number", nullable_int(card->number));
    json_object_set_new(object, "rarity", nullable_string(bsk_rarity_id(card->rarity)));
    json_object_set_new(object, "type", json_string(bsk_type_id(card->type)));
    json_object_set_new(object, "subtype", nullable_string(bsk_subtype_id(card->subtype)));
    json_t *elements = json_array();
    for (int e = 0; e < BSK_ELEMENT_COUNT; e++)
        if (bsk_card_has_element(card, (bsk_element)e))
            json_array_append_new(elements, json_string(bsk_element_id(e)));
    json_object_set_new(object, "elements", elements);
    if (card->class_count == BSK_UNSET) {
        json_object_set_new(object, "classes", json_null());
    } else {
        json_t *classes = json_array();
        for (int i = 0; i < card->class_count; i++)
            json_array_append_new(classes, json_string(bsk_class_id(card->classes[i])));
        json_object_set_new(object, "classes", classes);
    }
    json_object_set_new(object, "cost", json_integer(card->cost));
    json_object_set_new(object, "cost_x", json_boolean(card->cost_x));
    json_object_set_new(object, "elite", json_boolean(card->elite));
    json_object_set_new(object, "unique", nullable_bool(card->unique));
    json_object_set_new(object, "horde", nullable_bool(card->horde));
    json_object_set_new(object, "life", nullable_int(card->life));
    json_object_set_new(object, "movement", nullable_int(card->movement));
    if (card->simple_strike[0] == BSK_UNSET)
        json_object_set_new(object, "simple_strike", json_null());
    else
        json_object_set_new(object, "simple_strike", json_pack("[i,i,i]", card->simple_strike[0],
                                                                card->simple_strike[1], card->simple_strike[2]));
    json_t *keywords = json_array();
    for (int i = 0; i < card->keyword_count; i++)
        json_array_append_new(keywords, bsk_codec_keyword_json(&card->keywords[i]));
    json_object_set_new(object, "keywords", keywords);
    json_t *features = json_array();
    for (int i = 0; i < bsk_card_feature_count(card); i++)
        json_array_append_new(features, bsk_feature_to_json(card->features, i));
    json_object_set_new(object, "features", features);
    json_object_set_new(object, "sentences", nullable_int(card->sentences));
    json_object_set_new(object, "support", json_string(bsk_support_id(card->support)));
    json_object_set_new(object, "unknown", field_list_json(card->unknown));
    json_object_set_new(object, "inferred", field_list_json(card->inferred));
    return object;
}

char *bsk_codec_dump(const json_t *value, size_t *length)
{
    char *text = json_dumps(value, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
    if (!text)
        return NULL;
    size_t n = strlen(text);
    char *out = malloc(n + 2);
    if (out) {
        memcpy(out, text, n);
        out[n] = '\n';
        out[n + 1] = '\0';
        if (length)
            *length = n + 1;
    }
    free(text);
    return out;
}

static json_t *set_object_json(const bsk_catalog_set *set)
{
    json_t *object = json_object();
    json_object_set_new(object, "id", json_string(set->id));
    json_object_set_new(object, "name", json_string(set->name));
    json_object_set_new(object, "release", nullable_int(set->release));
    return object;
}

char *bsk_codec_write_set(const bsk_catalog_set *set, const bsk_card *const *cards, size_t count, size_t *length)
{
    json_t *root = json_object();
    json_object_set_new(root, "schema", json_integer(BSK_CATALOG_SCHEMA));
    json_object_set_new(root, "set", set_object_json(set));
    json_t *list = json_array();
    for (size_t i = 0; i < count; i++)
        json_array_append_new(list, bsk_codec_card_json(cards[i]));
    json_object_set_new(root, "cards", list);
    char *text = bsk_codec_dump(root, length);
    json_decref(root);
    return text;
}

char *bsk_codec_write_index(int revision, const bsk_catalog_set *sets, size_t set_count, size_t *length)
{
    json_t *root = json_object();
    json_object_set_new(root, "schema", json_integer(BSK_CATALOG_SCHEMA));
    json_object_set_new(root, "revision", json_integer(revision));
    json_t *list = json_array();
    for (size_t i = 0; i < set_count; i++) {
        const bsk_catalog_set *set = &sets[i];
        json_t *entry = set_object_json(set);
        json_object_set_new(entry, "revision", json_integer(set->revision));
        json_object_set_new(entry, "cards", json_integer(set->cards));
        json_object_set_new(entry, "sha256", json_string(set->sha256));
        json_object_set_new(entry, "url", json_string(set->url));
        json_array_append_new(list, entry);
    }
    json_object_set_new(root, "sets", list);
    char *text = bsk_codec_dump(root, length);
    json_decref(root);
    return text;
}
