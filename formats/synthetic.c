/* synthetic.c — test-only synthetic cards (formats/synthetic.h): a strict reader of the card
 * fields a position needs plus "test_features" (one JSON word per bsk_feature field), the writer
 * that gives them back for game logs, and the position card table with their features. */
#include "synthetic.h"
#include "file_read.h"

#include "berserk/pool.h"

#include <stdlib.h>
#include <string.h>

/* ---- The feature vocabulary (1:1 with card_table.h) ---- */

static const char *const KINDS[] = {[BSK_FEATURE_ACTIVATED] = "activated", [BSK_FEATURE_TRIGGERED] = "triggered"};
static const char *const EVENTS[BSK_FEATURE_EVENT_COUNT] = {
    [BSK_ON_DEATH] = "on_death", [BSK_ON_ATTACK] = "on_attack", [BSK_AT_TURN_START] = "at_turn_start"};
static const char *const OPS[BSK_FEATURE_OP_COUNT] = {[BSK_OP_WOUND] = "wound", [BSK_OP_HEAL] = "heal",
                                                      [BSK_OP_GAIN_COUNTERS] = "gain_counters",
                                                      [BSK_OP_CANCEL] = "cancel"};
static const char *const TARGETS[BSK_FEATURE_TARGET_COUNT] = {
    [BSK_TARGET_SELF] = "self", [BSK_TARGET_ADJACENT_ENEMY] = "adjacent_enemy",
    [BSK_TARGET_ANY_ENEMY] = "any_enemy", [BSK_TARGET_ATTACKED] = "attacked",
    [BSK_TARGET_EVERY_ENEMY] = "every_enemy"};

/* The index of the word in words[0..count) (NULL entries skipped), or -1. */
static int word_index(const char *const *words, int count, const json_t *value)
{
    if (!json_is_string(value))
        return -1;
    for (int i = 0; i < count; i++)
        if (words[i] && strcmp(words[i], json_string_value(value)) == 0)
            return i;
    return -1;
}

/* "a, b or c" of the non-NULL words. */
static void word_list(const char *const *words, int count, char *out, size_t size)
{
    int total = 0, seen = 0;
    for (int i = 0; i < count; i++)
        total += words[i] != NULL;
    out[0] = '\0';
    for (int i = 0; i < count; i++) {
        if (!words[i])
            continue;
        size_t used = strlen(out);
        snprintf(out + used, size - used, "%s%s", seen == 0 ? "" : seen == total - 1 ? " or " : ", ", words[i]);
        seen++;
    }
}

/* ---- Small readers ---- */

static bsk_status get_word(const bsk_json_reader *ctx, const char *base, const json_t *object, const char *key,
                           const char *const *words, int count, int *out)
{
    char at[BSK_ERROR_PATH_MAX], expected[160];
    bsk_json_join_path(at, sizeof at, base, key);
    *out = word_index(words, count, json_object_get(object, key));
    if (*out >= 0)
        return BSK_OK;
    word_list(words, count, expected, sizeof expected);
    return bsk_json_schema_error(ctx, at, "expected %s", expected);
}

static bsk_status get_text(const bsk_json_reader *ctx, const char *base, const json_t *object, const char *key,
                           char *out, size_t size)
{
    const json_t *value = json_object_get(object, key);
    char at[BSK_ERROR_PATH_MAX];
    bsk_json_join_path(at, sizeof at, base, key);
    if (!json_is_string(value) || json_string_length(value) == 0)
        return bsk_json_schema_error(ctx, at, "expected a non-empty string");
    if (json_string_length(value) >= size)
        return bsk_json_schema_error(ctx, at, "longer than %zu bytes", size - 1);
    snprintf(out, size, "%s", json_string_value(value));
    return BSK_OK;
}

/* ---- Features ---- */

static bsk_status parse_feature(const bsk_json_reader *ctx, const char *path, const json_t *value, bsk_feature *out)
{
    static const char *const keys[] = {"kind",     "op",      "target",   "event",  "value",
                                       "tap",      "counters", "instant", "optional", "mode_op"};
    if (!json_is_object(value))
        return bsk_json_schema_error(ctx, path, "expected a feature object {\"kind\", \"op\", \"target\", …}");
    bsk_status status = bsk_json_check_keys(ctx, path, value, keys, 10, 3);
    int kind, op, target, event = BSK_EVENT_NONE, amount, counters, mode_op = -1;
    bool tap, instant, optional;
    if (status || (status = get_word(ctx, path, value, "kind", KINDS, 2, &kind)) ||
        (status = get_word(ctx, path, value, "op", OPS, BSK_FEATURE_OP_COUNT, &op)) ||
        (status = get_word(ctx, path, value, "target", TARGETS, BSK_FEATURE_TARGET_COUNT, &target)) ||
        (status = bsk_json_get_int(ctx, path, value, "value", 0, 0, 99, false, &amount)) ||
        (status = bsk_json_get_bool(ctx, path, value, "tap", &tap)) ||
        (status = bsk_json_get_int(ctx, path, value, "counters", 0, 0, 99, false, &counters)) ||
        (status = bsk_json_get_bool(ctx, path, value, "instant", &instant)) ||
        (status = bsk_json_get_bool(ctx, path, value, "optional", &optional)) ||
        (json_object_get(value, "mode_op") &&
         (status = get_word(ctx, path, value, "mode_op", OPS, BSK_FEATURE_OP_COUNT, &mode_op))))
        return status;
    char at[BSK_ERROR_PATH_MAX];
    if ((optional || mode_op >= 0) && kind != BSK_FEATURE_TRIGGERED) { /* the engine asks a trigger's only */
        bsk_json_join_path(at, sizeof at, path, optional ? "optional" : "mode_op");
        return bsk_json_schema_error(ctx, at, "only a triggered feature asks use or mode");
    }
    if (mode_op == BSK_OP_CANCEL || (mode_op >= 0 && op == BSK_OP_CANCEL)) {
        bsk_json_join_path(at, sizeof at, path, "mode_op");
        return bsk_json_schema_error(ctx, at, "cancel has no second option");
    }
    if (kind == BSK_FEATURE_TRIGGERED) {
        if ((status = get_word(ctx, path, value, "event", EVENTS, BSK_FEATURE_EVENT_COUNT, &event)))
            return status;
        static const char *const costs[] = {"tap", "counters", "instant"};
        for (int i = 0; i < 3; i++)
            if (json_object_get(value, costs[i])) { /* 116: a triggered feature has no cost */
                bsk_json_join_path(at, sizeof at, path, costs[i]);
                return bsk_json_schema_error(ctx, at, "a triggered feature has no cost");
            }
    } else if (json_object_get(value, "event")) {
        bsk_json_join_path(at, sizeof at, path, "event");
        return bsk_json_schema_error(ctx, at, "only a triggered feature has an event");
    }
    if (target == BSK_TARGET_ATTACKED && event != BSK_ON_ATTACK) {
        bsk_json_join_path(at, sizeof at, path, "target");
        return bsk_json_schema_error(ctx, at, "\"attacked\" is the target of an on_attack trigger only");
    }
    if (op == BSK_OP_CANCEL && (kind != BSK_FEATURE_ACTIVATED || !instant || target != BSK_TARGET_SELF)) {
        bsk_json_join_path(at, sizeof at, path, "op");
        return bsk_json_schema_error(ctx, at, "cancel is an instant activated feature with target self (512.6.3)");
    }
    *out = (bsk_feature){(uint8_t)kind,    (uint8_t)event,    (uint8_t)op,       (uint8_t)target,
                         (int8_t)amount,   (uint8_t)tap,      (uint8_t)counters, (uint8_t)instant,
                         (uint8_t)optional, (uint8_t)(mode_op + 1)};
    return BSK_OK;
}

json_t *bsk_synthetic_feature_json(const bsk_feature *f)
{
    json_t *o = json_object();
    json_object_set_new(o, "kind", json_string(KINDS[f->kind]));
    if (f->kind == BSK_FEATURE_TRIGGERED)
        json_object_set_new(o, "event", json_string(EVENTS[f->event]));
    json_object_set_new(o, "op", json_string(OPS[f->op]));
    json_object_set_new(o, "target", json_string(TARGETS[f->target]));
    if (f->value)
        json_object_set_new(o, "value", json_integer(f->value));
    if (f->optional)
        json_object_set_new(o, "optional", json_true());
    if (f->mode_op)
        json_object_set_new(o, "mode_op", json_string(OPS[f->mode_op - 1]));
    if (f->kind == BSK_FEATURE_ACTIVATED) {
        json_object_set_new(o, "tap", json_boolean(f->tap));
        json_object_set_new(o, "counters", json_integer(f->counters));
        json_object_set_new(o, "instant", json_boolean(f->instant));
    }
    return o;
}

/* ---- Keywords (integers only: synthetic cards need no expressions) ---- */

static bsk_status parse_keyword(const bsk_json_reader *ctx, const char *path, const json_t *value, bsk_keyword *out)
{
    static const char *const keys[] = {"id", "X", "values", "range", "activation", "condition"};
    if (!json_is_object(value))
        return bsk_json_schema_error(ctx, path, "expected a keyword object {\"id\", …}");
    bsk_status status = bsk_json_check_keys(ctx, path, value, keys, 6, 1);
    if (status)
        return status;
    memset(out, 0, sizeof *out);
    char at[BSK_ERROR_PATH_MAX];
    const json_t *id = json_object_get(value, "id");
    int keyword = json_is_string(id) ? bsk_keyword_parse(json_string_value(id)) : -1;
    if (keyword < 0) {
        bsk_json_join_path(at, sizeof at, path, "id");
        return bsk_json_schema_error(ctx, at, "expected a keyword id (\"shot\", \"armor\", …)");
    }
    out->id = (uint8_t)keyword;
    int x, range;
    if ((status = bsk_json_get_int(ctx, path, value, "X", BSK_UNSET, 0, 99, false, &x)) ||
        (status = bsk_json_get_int(ctx, path, value, "range", BSK_UNSET, 0, 99, false, &range)))
        return status;
    if (x != BSK_UNSET) {
        out->has |= BSK_KEYWORD_HAS_X;
        out->x.value = x;
    }
    if (range != BSK_UNSET) {
        out->has |= BSK_KEYWORD_HAS_RANGE;
        out->range.value = range;
    }
    const json_t *values = json_object_get(value, "values");
    if (values) {
        bsk_json_join_path(at, sizeof at, path, "values");
        if (!json_is_array(values) || json_array_size(values) != 3)
            return bsk_json_schema_error(ctx, at, "expected three integers [weak, medium, strong]");
        for (size_t i = 0; i < 3; i++) {
            const json_t *v = json_array_get(values, i);
            if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 99)
                return bsk_json_schema_error(ctx, at, "expected three integers 0..99");
            out->values[i].value = (int32_t)json_integer_value(v);
        }
        out->has |= BSK_KEYWORD_HAS_VALUES;
    }
    const json_t *activation = json_object_get(value, "activation");
    if (activation) {
        int a = json_is_string(activation) ? bsk_activation_parse(json_string_value(activation)) : -1;
        if (a < 0) {
            bsk_json_join_path(at, sizeof at, path, "activation");
            return bsk_json_schema_error(ctx, at, "expected tap, counter+tap, instant or triggered");
        }
        out->activation = (uint8_t)a;
    }
    const json_t *condition = json_object_get(value, "condition");
    if (condition) {
        int c = json_is_string(condition) ? bsk_condition_parse(json_string_value(condition)) : -1;
        if (c < 0) {
            bsk_json_join_path(at, sizeof at, path, "condition");
            return bsk_json_schema_error(ctx, at, "expected formation, activated or conditional");
        }
        out->condition = (uint8_t)c;
    }
    return BSK_OK;
}

static json_t *keyword_json(const bsk_keyword *k)
{
    json_t *o = json_object();
    json_object_set_new(o, "id", json_string(bsk_keyword_name(k->id)));
    if (k->has & BSK_KEYWORD_HAS_X)
        json_object_set_new(o, "X", json_integer(k->x.value));
    if (k->has & BSK_KEYWORD_HAS_VALUES)
        json_object_set_new(o, "values", json_pack("[i,i,i]", k->values[0].value, k->values[1].value,
                                                   k->values[2].value));
    if (k->has & BSK_KEYWORD_HAS_RANGE)
        json_object_set_new(o, "range", json_integer(k->range.value));
    if (bsk_activation_id(k->activation))
        json_object_set_new(o, "activation", json_string(bsk_activation_id(k->activation)));
    if (bsk_condition_id(k->condition))
        json_object_set_new(o, "condition", json_string(bsk_condition_id(k->condition)));
    return o;
}

/* ---- Cards ---- */

static bsk_status read_elements(const bsk_json_reader *ctx, const char *path, const json_t *list, bsk_card *card)
{
    if (!list)
        return BSK_OK;
    if (!json_is_array(list))
        return bsk_json_schema_error(ctx, path, "expected an array of elements");
    for (size_t i = 0; i < json_array_size(list); i++) {
        const json_t *v = json_array_get(list, i);
        int element = json_is_string(v) ? bsk_element_parse(json_string_value(v)) : -1;
        if (element < 0) {
            char at[BSK_ERROR_PATH_MAX + 32];
            snprintf(at, sizeof at, "%s[%zu]", path, i);
            return bsk_json_schema_error(ctx, at, "expected plains, mountains, forests, swamps or darkness");
        }
        card->elements |= (uint8_t)(1u << element);
    }
    return BSK_OK;
}

static bsk_status parse_card(const bsk_json_reader *ctx, const char *path, const json_t *value,
                             bsk_synthetic_card *out)
{
    static const char *const keys[] = {"id",   "name",     "type",          "subtype",  "elements",
                                       "cost", "elite",    "unique",        "life",     "movement",
                                       "simple_strike",    "keywords",      "test_features"};
    if (!json_is_object(value))
        return bsk_json_schema_error(ctx, path, "expected a card object {\"id\", \"name\", \"type\", …}");
    bsk_status status = bsk_json_check_keys(ctx, path, value, keys, 13, 3);
    if (status)
        return status;
    memset(out, 0, sizeof *out);
    bsk_card *c = &out->card;
    c->nxt_id = BSK_UNSET;
    c->number = BSK_UNSET;
    snprintf(c->set, sizeof c->set, "test");
    c->support = BSK_SUPPORT_KEYWORDS_ONLY; /* its features run as test features, not as handlers */
    c->horde = 0;
    char at[BSK_ERROR_PATH_MAX];
    if ((status = get_text(ctx, path, value, "id", c->id, sizeof c->id)) ||
        (status = get_text(ctx, path, value, "name", c->name, sizeof c->name)))
        return status;
    if (strncmp(c->id, BSK_SYNTHETIC_ID_PREFIX, strlen(BSK_SYNTHETIC_ID_PREFIX)) != 0) {
        bsk_json_join_path(at, sizeof at, path, "id");
        return bsk_json_schema_error(ctx, at, "a synthetic card's id starts with \"%s\" (\"%s\")",
                                     BSK_SYNTHETIC_ID_PREFIX, c->id);
    }
    const json_t *type = json_object_get(value, "type");
    int t = json_is_string(type) ? bsk_type_parse(json_string_value(type)) : -1;
    if (t < 0) {
        bsk_json_join_path(at, sizeof at, path, "type");
        return bsk_json_schema_error(ctx, at, "expected creature, artifact or terrain");
    }
    c->type = (uint8_t)t;
    const json_t *subtype = json_object_get(value, "subtype");
    c->subtype = c->type == BSK_TYPE_CREATURE ? BSK_SUBTYPE_GROUND : BSK_SUBTYPE_NONE;
    if (subtype && !json_is_null(subtype)) {
        int s = json_is_string(subtype) ? bsk_subtype_parse(json_string_value(subtype)) : -1;
        if (s <= 0 || c->type != BSK_TYPE_CREATURE) {
            bsk_json_join_path(at, sizeof at, path, "subtype");
            return bsk_json_schema_error(ctx, at, c->type == BSK_TYPE_CREATURE
                                                      ? "expected ground, flyer, companion or parasite"
                                                      : "only a creature has a subtype");
        }
        c->subtype = (uint8_t)s;
    }
    bsk_json_join_path(at, sizeof at, path, "elements");
    if ((status = read_elements(ctx, at, json_object_get(value, "elements"), c)))
        return status;
    int cost, life, movement;
    if ((status = bsk_json_get_int(ctx, path, value, "cost", 0, 0, 99, false, &cost)) ||
        (status = bsk_json_get_bool(ctx, path, value, "elite", &c->elite)) ||
        (status = bsk_json_get_int(ctx, path, value, "life", BSK_UNSET, 0, 99, true, &life)) ||
        (status = bsk_json_get_int(ctx, path, value, "movement", BSK_UNSET, 0, 9, true, &movement)))
        return status;
    bool unique;
    if ((status = bsk_json_get_bool(ctx, path, value, "unique", &unique)))
        return status;
    c->cost = (int16_t)cost;
    c->unique = (int8_t)unique;
    c->life = (int16_t)life;
    c->movement = (int16_t)movement;
    c->class_count = 0;
    const json_t *strike = json_object_get(value, "simple_strike");
    c->simple_strike[0] = c->simple_strike[1] = c->simple_strike[2] = BSK_UNSET;
    if (strike && !json_is_null(strike)) {
        bsk_json_join_path(at, sizeof at, path, "simple_strike");
        if (!json_is_array(strike) || json_array_size(strike) != 3)
            return bsk_json_schema_error(ctx, at, "expected [weak, medium, strong] or null");
        for (size_t i = 0; i < 3; i++) {
            const json_t *v = json_array_get(strike, i);
            if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 99)
                return bsk_json_schema_error(ctx, at, "expected three integers 0..99");
            c->simple_strike[i] = (int8_t)json_integer_value(v);
        }
    }
    const json_t *keywords = json_object_get(value, "keywords");
    bsk_json_join_path(at, sizeof at, path, "keywords");
    if (keywords && (!json_is_array(keywords) || json_array_size(keywords) > BSK_MAX_KEYWORDS))
        return bsk_json_schema_error(ctx, at, "expected an array of at most %d keywords", BSK_MAX_KEYWORDS);
    for (size_t i = 0; keywords && i < json_array_size(keywords); i++) {
        char item[BSK_ERROR_PATH_MAX + 32];
        snprintf(item, sizeof item, "%s[%zu]", at, i);
        if ((status = parse_keyword(ctx, item, json_array_get(keywords, i), &c->keywords[c->keyword_count++])))
            return status;
    }
    const json_t *features = json_object_get(value, "test_features");
    bsk_json_join_path(at, sizeof at, path, "test_features");
    if (features && (!json_is_array(features) || json_array_size(features) > BSK_SYNTHETIC_FEATURES_MAX))
        return bsk_json_schema_error(ctx, at, "expected an array of at most %d features", BSK_SYNTHETIC_FEATURES_MAX);
    for (size_t i = 0; features && i < json_array_size(features); i++) {
        char item[BSK_ERROR_PATH_MAX + 32];
        snprintf(item, sizeof item, "%s[%zu]", at, i);
        if ((status = parse_feature(ctx, item, json_array_get(features, i), &out->features[out->feature_count++])))
            return status;
    }
    return BSK_OK;
}

json_t *bsk_synthetic_card_json(const bsk_synthetic_card *s)
{
    const bsk_card *c = &s->card;
    json_t *o = json_object();
    json_object_set_new(o, "id", json_string(c->id));
    json_object_set_new(o, "name", json_string(c->name));
    json_object_set_new(o, "type", json_string(bsk_type_id(c->type)));
    json_object_set_new(o, "subtype", bsk_subtype_id(c->subtype) ? json_string(bsk_subtype_id(c->subtype)) : json_null());
    json_t *elements = json_array();
    for (int e = 0; e < BSK_ELEMENT_COUNT; e++)
        if (c->elements & (1u << e))
            json_array_append_new(elements, json_string(bsk_element_id(e)));
    json_object_set_new(o, "elements", elements);
    json_object_set_new(o, "cost", json_integer(c->cost));
    json_object_set_new(o, "elite", json_boolean(c->elite));
    json_object_set_new(o, "unique", json_boolean(c->unique == 1));
    json_object_set_new(o, "life", c->life == BSK_UNSET ? json_null() : json_integer(c->life));
    json_object_set_new(o, "movement", c->movement == BSK_UNSET ? json_null() : json_integer(c->movement));
    json_object_set_new(o, "simple_strike",
                        c->simple_strike[0] == BSK_UNSET
                            ? json_null()
                            : json_pack("[i,i,i]", c->simple_strike[0], c->simple_strike[1], c->simple_strike[2]));
    json_t *keywords = json_array();
    for (int i = 0; i < c->keyword_count; i++)
        json_array_append_new(keywords, keyword_json(&c->keywords[i]));
    json_object_set_new(o, "keywords", keywords);
    json_t *features = json_array();
    for (int i = 0; i < s->feature_count; i++)
        json_array_append_new(features, bsk_synthetic_feature_json(&s->features[i]));
    json_object_set_new(o, "test_features", features);
    return o;
}

bsk_status bsk_synthetic_from_json(const bsk_json_reader *ctx, const char *base, const json_t *list,
                                   bsk_synthetic_cards *out)
{
    out->count = 0;
    if (!json_is_array(list))
        return bsk_json_schema_error(ctx, base, "expected an array of synthetic card objects");
    if (json_array_size(list) > BSK_SYNTHETIC_CARDS_MAX)
        return bsk_json_schema_error(ctx, base, "more than %d synthetic cards", BSK_SYNTHETIC_CARDS_MAX);
    for (size_t i = 0; i < json_array_size(list); i++) {
        char item[BSK_ERROR_PATH_MAX + 32];
        snprintf(item, sizeof item, "%s[%zu]", base, i);
        bsk_synthetic_card *card = &out->cards[i];
        bsk_status status = parse_card(ctx, item, json_array_get(list, i), card);
        if (status) {
            out->count = 0;
            return status;
        }
        for (size_t k = 0; k < i; k++)
            if (strcmp(out->cards[k].card.id, card->card.id) == 0 ||
                bsk_name_equal(out->cards[k].card.name, card->card.name)) {
                bool same_id = strcmp(out->cards[k].card.id, card->card.id) == 0;
                char at[BSK_ERROR_PATH_MAX + 40];
                snprintf(at, sizeof at, "%s.%s", item, same_id ? "id" : "name");
                out->count = 0;
                return bsk_json_schema_error(ctx, at, "the %s of [%zu] again", same_id ? "id" : "name", k);
            }
    }
    out->count = (int)json_array_size(list);
    return BSK_OK;
}

bsk_status bsk_synthetic_parse(const char *text, size_t length, const char *path, bsk_synthetic_cards *out,
                               bsk_error *error)
{
    bsk_json_reader ctx = {path, "synthetic.syntax", "synthetic.schema", error};
    out->count = 0;
    json_t *root = bsk_json_parse(&ctx, text, length);
    if (!root)
        return BSK_ERR_INVALID;
    bsk_status status = bsk_synthetic_from_json(&ctx, "", root, out);
    json_decref(root);
    return status;
}

bsk_status bsk_synthetic_read(const char *path, bsk_synthetic_cards *out, bsk_error *error)
{
    out->count = 0;
    char *text;
    size_t length;
    bsk_status status = bsk_file_read(path, BSK_SYNTHETIC_FILE_CAP, "synthetic.file", &text, &length, error);
    if (status)
        return status;
    status = bsk_synthetic_parse(text, length, path, out, error);
    free(text);
    return status;
}

/* ---- Lookups and the card table ---- */

const bsk_card *bsk_synthetic_find(const bsk_synthetic_cards *s, const char *text)
{
    for (int i = 0; s && i < s->count; i++)
        if (strcmp(s->cards[i].card.id, text) == 0)
            return &s->cards[i].card;
    for (int i = 0; s && i < s->count; i++)
        if (bsk_name_equal(s->cards[i].card.name, text))
            return &s->cards[i].card;
    return NULL;
}

const bsk_synthetic_card *bsk_synthetic_of(const bsk_synthetic_cards *s, const bsk_card *card)
{
    for (int i = 0; s && i < s->count; i++)
        if (&s->cards[i].card == card)
            return &s->cards[i];
    return NULL;
}

bsk_status bsk_synthetic_table(const bsk_synthetic_cards *s, const bsk_position *position, bsk_card_table *table,
                               bsk_error *error)
{
    bsk_card_table_init(table);
    for (int i = 0; i < position->card_count; i++) {
        const bsk_card *card = position->cards[i].card;
        int before = table->count;
        int slot = bsk_card_table_add(table, card);
        if (slot < 0)
            return bsk_error_set(error, BSK_ERR_LIMIT, "match.cards", "more than %d distinct cards",
                                 BSK_CARD_TABLE_MAX);
        const bsk_synthetic_card *synthetic = bsk_synthetic_of(s, card);
        if (slot != before || !synthetic)
            continue; /* a slot's features come when it is new, before the next slot's */
        for (int k = 0; k < synthetic->feature_count; k++)
            if (bsk_card_table_add_feature(table, slot, &synthetic->features[k]) < 0)
                return bsk_error_set(error, BSK_ERR_LIMIT, "match.cards", "more than %d card features",
                                     BSK_CARD_TABLE_FEATURES_MAX);
    }
    return BSK_OK;
}
