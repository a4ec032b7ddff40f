/* position_file.c — position files (DESIGN §5) into bsk_position and records (formats/position_file.h):
 * strict JSON, every key checked for its type and range, every card resolved (unknown names
 * with the nearest ones), every place parsed; and the outputs of `berserk position`: records as
 * log objects, the --json object and the text board. */
#include "position_file.h"
#include "file_read.h"

#include "berserk/placement.h"

#include <stdlib.h>
#include <string.h>

/* ---- Small readers ---- */

/* A place: a cell a1..e6, or an extra-zone place 1x1, 2x3, x1 (DESIGN §2), or a seated symbiote
 * c3s (the symbiote on the card of c3, 211.9). */
static bool valid_place(const char *text, bool cell_only)
{
    if (bsk_cell_parse(text) >= 0)
        return true;
    if (cell_only)
        return false;
    if (strlen(text) == 3 && (text[2] == 's' || text[2] == 'i')) { /* a symbiote; a cell's second card */
        char cell[3] = {text[0], text[1], '\0'};
        return bsk_cell_parse(cell) >= 0;
    }
    const char *p = text;
    if (*p == '1' || *p == '2')
        p++;
    if (*p++ != 'x' || *p < '1' || *p > '9')
        return false;
    p++;
    if (*p >= '0' && *p <= '9')
        p++;
    return *p == '\0';
}

static bsk_status get_place(const bsk_json_reader *ctx, const char *base, const json_t *object, const char *key,
                            bool required, bool cell_only, char out[BSK_PLACE_MAX])
{
    const json_t *value = json_object_get(object, key);
    out[0] = '\0';
    char at[BSK_ERROR_PATH_MAX];
    bsk_json_join_path(at, sizeof at, base, key);
    if (!value)
        return required ? bsk_json_schema_error(ctx, at, "missing required field") : BSK_OK;
    if (!json_is_string(value) || !valid_place(json_string_value(value), cell_only))
        return bsk_json_schema_error(ctx, at, cell_only ? "expected a cell a1..e6"
                                                        : "expected a place: a cell a1..e6, a symbiote c3s, a cell's second card c3i, or 1x1, "
                                                          "2x1, x1");
    snprintf(out, BSK_PLACE_MAX, "%s", json_string_value(value));
    return BSK_OK;
}

/* A card by id, then by name, among the synthetic cards first (formats/synthetic.h); an unknown one
 * is named with the nearest names. */
static bsk_status get_card(const bsk_json_reader *ctx, const char *at, const json_t *value, bsk_pool *pool,
                           const bsk_synthetic_cards *synthetic, const bsk_card **card)
{
    if (!json_is_string(value))
        return bsk_json_schema_error(ctx, at, "expected a card name or id");
    const char *text = json_string_value(value);
    *card = bsk_synthetic_find(synthetic, text);
    if (!*card)
        *card = bsk_pool_find_id(pool, text);
    if (!*card)
        *card = bsk_pool_lookup(pool, text);
    if (*card)
        return BSK_OK;
    char shown[121];
    bsk_utf8_copy(shown, sizeof shown, text);
    const bsk_card *near[3];
    size_t found = bsk_pool_suggest(pool, text, near, 3);
    char hint[3 * BSK_CARD_NAME_MAX + 32] = "";
    for (size_t i = 0; i < found; i++) {
        size_t used = strlen(hint);
        snprintf(hint + used, sizeof hint - used, "%s%s", i ? ", " : "; did you mean: ", near[i]->name);
    }
    return bsk_json_schema_error(ctx, at, "unknown card \"%s\"%s", shown, hint);
}

/* ---- Records: generic over the action-kind table (berserk/action.h) ---- */

/* The record's text field a slot names (from, to, card), NULL for the others. */
static char *text_field(bsk_record *r, int field)
{
    return field == BSK_FIELD_FROM ? r->from : field == BSK_FIELD_TO ? r->to : field == BSK_FIELD_CARD ? r->card : NULL;
}

static int *number_field(bsk_record *r, int field)
{
    return field == BSK_FIELD_INDEX ? &r->index : field == BSK_FIELD_GOLD ? &r->gold
                                                : field == BSK_FIELD_SILVER ? &r->silver : NULL;
}

/* "a, b or c": the ids of the declarations (`declaration`) or of the answers, in help order. */
static void kind_list(bool declaration, char *out, size_t size)
{
    int total = 0, seen = 0;
    for (int k = 0; k < BSK_ACT_KIND_COUNT; k++)
        total += bsk_action_kind_info_get(k)->declaration == declaration;
    out[0] = '\0';
    for (int rank = 0; rank < 256 && seen < total; rank++)
        for (int k = 0; k < BSK_ACT_KIND_COUNT; k++) {
            const bsk_action_kind_info *info = bsk_action_kind_info_get(k);
            if (info->declaration != declaration || info->help_rank != rank)
                continue;
            size_t used = strlen(out);
            snprintf(out + used, size - used, "%s%s", seen == 0 ? "" : seen == total - 1 ? " or " : ", ", info->id);
            seen++;
        }
}

/* The slot of `kind` writing record field `field`, NULL. */
static const bsk_record_slot *slot_of(const bsk_action_kind_info *info, int field)
{
    for (int s = 0; s < BSK_ACTION_SLOTS_MAX && info->slots[s].key; s++)
        if (info->slots[s].field == field)
            return &info->slots[s];
    return NULL;
}

/* Reads one slot of a record's object into its field, by the slot's form. */
static bsk_status parse_slot(const bsk_json_reader *ctx, const char *path, const json_t *object,
                             const bsk_record_slot *slot, bsk_pool *pool, bsk_record *out)
{
    const json_t *value = json_object_get(object, slot->key);
    char at[BSK_ERROR_PATH_MAX];
    bsk_json_join_path(at, sizeof at, path, slot->key);
    if (!value && !slot->optional)
        return bsk_json_schema_error(ctx, at, "missing required field");
    if (!value)
        return BSK_OK;
    char *text = text_field(out, slot->field);
    switch (slot->form) {
    case BSK_FORM_PLACE_OR_NULL:
        if (json_is_null(value))
            return BSK_OK;
        /* fall through */
    case BSK_FORM_PLACE:
    case BSK_FORM_CELL:
        return get_place(ctx, path, object, slot->key, true, slot->form == BSK_FORM_CELL, text);
    case BSK_FORM_NAME: {
        const bsk_card *card;
        bsk_status status = get_card(ctx, at, value, pool, NULL, &card);
        if (status == BSK_OK)
            snprintf(text, BSK_CARD_NAME_MAX, "%s", card->name);
        return status;
    }
    case BSK_FORM_PLACE_OR_NAME: /* ORDER (305.1): the card by its place or (without one) by its name */
        if (!json_is_string(value) || json_string_length(value) == 0 || json_string_length(value) >= sizeof out->card)
            return bsk_json_schema_error(ctx, at, "expected the place or the name of a card with a trigger");
        if (valid_place(json_string_value(value), false))
            snprintf(out->from, sizeof out->from, "%s", json_string_value(value));
        else
            snprintf(out->card, sizeof out->card, "%s", json_string_value(value));
        return BSK_OK;
    case BSK_FORM_NUMBER:
        return bsk_json_get_int(ctx, path, object, slot->key, -1, slot->min, slot->max, false,
                                number_field(out, slot->field));
    case BSK_FORM_BOOL:
        return bsk_json_get_bool(ctx, path, object, slot->key, &out->flag);
    case BSK_FORM_TRUE:
        return json_is_true(value) ? BSK_OK : bsk_json_schema_error(ctx, at, "expected true");
    case BSK_FORM_CHOICE: /* DESIGN §5 `choose`: a place, a number, or a word (a name, an id, a direction) */
        if (json_is_integer(value) && json_integer_value(value) >= 0 && json_integer_value(value) <= 127) {
            out->index = (int)json_integer_value(value);
            return BSK_OK;
        }
        if (!json_is_string(value) || json_string_length(value) == 0 || json_string_length(value) >= sizeof out->card)
            return bsk_json_schema_error(ctx, at, "expected a place, a card name, a number 0..127, a class or "
                                                  "element id, or a direction (forward, back, left, right)");
        if (valid_place(json_string_value(value), false))
            snprintf(out->from, sizeof out->from, "%s", json_string_value(value));
        else
            snprintf(out->card, sizeof out->card, "%s", json_string_value(value));
        return BSK_OK;
    default:
        return BSK_OK;
    }
}

static bsk_status parse_declaration(const bsk_json_reader *ctx, const char *path, const json_t *value,
                                    bsk_record *out)
{
    static const char *const keys[] = {"player", "do", "from", "to", "index", "card", "src", "source", "at"};
    bsk_status status = BSK_OK;
    if ((status = bsk_json_check_keys(ctx, path, value, keys, 9, 2)))
        return status;
    char at[BSK_ERROR_PATH_MAX], expected[200];
    bsk_json_join_path(at, sizeof at, path, "do");
    const json_t *verb = json_object_get(value, "do");
    int kind = json_is_string(verb) ? bsk_record_verb_parse(json_string_value(verb)) : -1;
    if (kind < 0) {
        kind_list(true, expected, sizeof expected);
        return bsk_json_schema_error(ctx, at, "expected %s", expected);
    }
    const bsk_action_kind_info *info = bsk_action_kind_info_get(kind);
    int player;
    if ((status = bsk_json_get_int(ctx, path, value, "player", 0, 1, 2, false, &player)))
        return status;
    bsk_record_init(out, kind, player);
    for (int s = 0; s < BSK_ACTION_SLOTS_MAX && info->slots[s].key; s++)
        if ((status = parse_slot(ctx, path, value, &info->slots[s], NULL, out)))
            return status;
    bool has_from = slot_of(info, BSK_FIELD_FROM) != NULL;
    static const char *const fields[] = {"from", "to", "index", "card"};
    static const int field_of[] = {BSK_FIELD_FROM, BSK_FIELD_TO, BSK_FIELD_INDEX, BSK_FIELD_FROM};
    for (int k = 0; k < 4; k++)
        if (json_object_get(value, fields[k]) && !slot_of(info, field_of[k])) { /* `card` goes with `from` */
            bsk_json_join_path(at, sizeof at, path, fields[k]);
            return bsk_json_schema_error(ctx, at, "%s takes no %s", info->id, fields[k]);
        }
    /* DESIGN §5 `src` (the feature whose src is N, instead of `index`) and `source` (the place of the
     * card whose feature the declaring card acquired): a feature declaration only (branch posio) */
    const json_t *src = json_object_get(value, "src"), *source = json_object_get(value, "source");
    if ((src || source) && kind != BSK_ACT_FEATURE) {
        bsk_json_join_path(at, sizeof at, path, src ? "src" : "source");
        return bsk_json_schema_error(ctx, at, "%s takes no %s", info->id, src ? "src" : "source");
    }
    if (kind == BSK_ACT_FEATURE) {
        if (src && json_object_get(value, "index")) {
            bsk_json_join_path(at, sizeof at, path, "src");
            return bsk_json_schema_error(ctx, at, "give index or src, not both");
        }
        if (!src && (source || out->index < 0)) {
            bsk_json_join_path(at, sizeof at, path, source ? "src" : "index");
            return bsk_json_schema_error(ctx, at, "missing required field");
        }
        if (src && (status = bsk_json_get_int(ctx, path, value, "src", 0, 1, 255, false, &out->src)))
            return status;
        if (source && (status = get_place(ctx, path, value, "source", true, false, out->source)))
            return status;
    }
    const json_t *card = json_object_get(value, "card");
    if (card && has_from) { /* one card by name where two share the cell of `from` (a symbiote, an incorporeal creature) */
        bsk_json_join_path(at, sizeof at, path, "card");
        if (!json_is_string(card) || json_string_length(card) == 0 || json_string_length(card) >= sizeof out->card)
            return bsk_json_schema_error(ctx, at, "expected the name or id of the card on %s", out->from);
        snprintf(out->card, sizeof out->card, "%s", json_string_value(card));
    }
    const json_t *step = json_object_get(value, "at"); /* branch ops2: DESIGN §5, an instant held back */
    if (step) {
        bsk_json_join_path(at, sizeof at, path, "at");
        if (kind != BSK_ACT_FEATURE && kind != BSK_ACT_ABILITY)
            return bsk_json_schema_error(ctx, at, "only a fast declaration (feature, ability) waits for a step");
        int named = json_is_string(step) ? bsk_record_at_parse(json_string_value(step)) : -1;
        if (named < 0)
            return bsk_json_schema_error(ctx, at, "expected a 512.6 step: targets, roll, calc, block, apply");
        out->at = (uint8_t)named;
    }
    return BSK_OK;
}

static bsk_status parse_answer(const bsk_json_reader *ctx, const char *path, const json_t *value, bsk_pool *pool,
                               bsk_record *out)
{
    int kind = -1;
    for (int k = 0; k < BSK_ACT_KIND_COUNT; k++) {
        const bsk_action_kind_info *info = bsk_action_kind_info_get(k);
        if (!info->declaration && json_object_get(value, info->id)) {
            if (kind >= 0)
                return bsk_json_schema_error(ctx, path, "one answer per decision (%s and %s)",
                                             bsk_action_kind_id(kind), info->id);
            kind = k;
        }
    }
    char expected[200];
    if (kind < 0) {
        kind_list(false, expected, sizeof expected);
        return bsk_json_schema_error(ctx, path, "expected one of %s", expected);
    }
    const bsk_action_kind_info *info = bsk_action_kind_info_get(kind);
    const char *keys[1 + BSK_ACTION_SLOTS_MAX] = {"player"};
    size_t key_count = 1;
    for (int s = 0; s < BSK_ACTION_SLOTS_MAX && info->slots[s].key; s++)
        keys[key_count++] = info->slots[s].key;
    bsk_status status = bsk_json_check_keys(ctx, path, value, keys, key_count, 1);
    int player;
    if (status || (status = bsk_json_get_int(ctx, path, value, "player", 0, 1, 2, false, &player)))
        return status;
    bsk_record_init(out, kind, player);
    for (int s = 0; s < BSK_ACTION_SLOTS_MAX && info->slots[s].key; s++)
        if ((status = parse_slot(ctx, path, value, &info->slots[s], pool, out)))
            return status;
    if ((info->uses & BSK_USES_PAYMENT) && (out->gold < 0) != (out->silver < 0)) { /* a split names both parts */
        char at[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(at, sizeof at, path, out->gold < 0 ? "gold" : "silver");
        return bsk_json_schema_error(ctx, at, "missing required field");
    }
    return BSK_OK;
}

static bsk_status parse_roll(const bsk_json_reader *ctx, const char *path, const json_t *value, bsk_record *out)
{
    static const char *const keys[] = {"roll", "player", "card"};
    bsk_status status = bsk_json_check_keys(ctx, path, value, keys, 3, 2);
    int player, roll;
    if (status || (status = bsk_json_get_int(ctx, path, value, "player", 0, 1, 2, false, &player)) ||
        (status = bsk_json_get_int(ctx, path, value, "roll", 0, 1, 6, false, &roll)))
        return status;
    bsk_record_init(out, BSK_ACT_PASS, player);
    out->type = BSK_RECORD_ROLL;
    out->value = roll;
    const json_t *card = json_object_get(value, "card");
    if (card && json_is_null(card))
        return BSK_OK;
    return get_place(ctx, path, value, "card", false, false, out->from);
}

bsk_status bsk_record_parse_json(const bsk_json_reader *ctx, const char *path, const json_t *value, bsk_pool *pool,
                                 int allowed, bsk_record *out)
{
    if (!json_is_object(value))
        return bsk_json_schema_error(ctx, path, "expected an object");
    if (json_object_get(value, "roll")) {
        if (!(allowed & BSK_RECORD_JSON_ROLL))
            return bsk_json_schema_error(ctx, path, "a roll is not a declaration");
        return parse_roll(ctx, path, value, out);
    }
    if (json_object_get(value, "do")) {
        if (!(allowed & BSK_RECORD_JSON_DECLARATION))
            return bsk_json_schema_error(ctx, path, "a declaration (\"do\") belongs in actions");
        return parse_declaration(ctx, path, value, out);
    }
    if (!(allowed & BSK_RECORD_JSON_ANSWER))
        return bsk_json_schema_error(ctx, path, "expected {\"player\":…,\"do\":…}");
    return parse_answer(ctx, path, value, pool, out);
}

json_t *bsk_record_json(const bsk_record *r)
{
    json_t *o = json_object();
    if (r->type == BSK_RECORD_ROLL) {
        json_object_set_new(o, "roll", json_integer(r->value));
        json_object_set_new(o, "player", json_integer(r->player));
        json_object_set_new(o, "card", r->from[0] ? json_string(r->from) : json_null());
        return o;
    }
    json_object_set_new(o, "player", json_integer(r->player));
    const bsk_action_kind_info *info = bsk_action_kind_info_get(r->kind);
    if (!info)
        return o;
    if (info->declaration)
        json_object_set_new(o, "do", json_string(info->id));
    for (int s = 0; s < BSK_ACTION_SLOTS_MAX && info->slots[s].key; s++) {
        const bsk_record_slot *slot = &info->slots[s];
        const char *text = text_field((bsk_record *)r, slot->field);
        json_t *value = NULL;
        switch (slot->form) {
        case BSK_FORM_PLACE:
        case BSK_FORM_CELL:
        case BSK_FORM_NAME:
            if (!slot->optional || text[0])
                value = json_string(text);
            break;
        case BSK_FORM_PLACE_OR_NULL:
            value = text[0] ? json_string(text) : json_null();
            break;
        case BSK_FORM_PLACE_OR_NAME:
            value = json_string(r->from[0] ? r->from : r->card);
            break;
        case BSK_FORM_NUMBER: {
            int number = *number_field((bsk_record *)r, slot->field);
            if (!slot->optional || number >= 0)
                value = json_integer(number);
            break;
        }
        case BSK_FORM_BOOL:
            value = json_boolean(r->flag);
            break;
        case BSK_FORM_TRUE:
            value = json_true();
            break;
        case BSK_FORM_CHOICE:
            value = r->from[0] ? json_string(r->from) : r->card[0] ? json_string(r->card) : json_integer(r->index);
            break;
        default:
            break;
        }
        if (value)
            json_object_set_new(o, slot->key, value);
    }
    if (info->declaration && r->card[0]) /* DESIGN §5 `card`: one of the cards sharing the cell of `from` */
        json_object_set_new(o, "card", json_string(r->card));
    if (r->src > 0) { /* DESIGN §5 `src`, `source` (branch posio) */
        json_object_del(o, "index");
        json_object_set_new(o, "src", json_integer(r->src));
        if (r->source[0])
            json_object_set_new(o, "source", json_string(r->source));
    }
    return o;
}

/* ---- The file ---- */

/* DESIGN §5 `gains`: keyword ids the card has acquired, "armor" or with its number {"id":"armor","X":2}
 * (the catalogue's shape); the {"card","src"} features wait for the feature machinery (refused). */
static bsk_status get_card(const bsk_json_reader *ctx, const char *at, const json_t *value, bsk_pool *pool,
                           const bsk_synthetic_cards *synthetic, const bsk_card **card);

static bsk_status parse_gains(const bsk_json_reader *ctx, const char *path, const json_t *value, bsk_pool *pool,
                              const bsk_synthetic_cards *synthetic, bsk_position_card *out)
{
    const json_t *list = json_object_get(value, "gains");
    if (!list)
        return BSK_OK;
    char at[BSK_ERROR_PATH_MAX];
    bsk_json_join_path(at, sizeof at, path, "gains");
    if (!json_is_array(list))
        return bsk_json_schema_error(ctx, at, "expected an array of keyword ids");
    int numbers = 0;
    for (size_t i = 0; i < json_array_size(list); i++) {
        const json_t *item = json_array_get(list, i);
        char where[BSK_ERROR_PATH_MAX + 32];
        snprintf(where, sizeof where, "%s[%zu]", at, i);
        const json_t *id = item;
        int x = 0;
        if (json_is_object(item) && (json_object_get(item, "card") || json_object_get(item, "src"))) {
            /* branch posio: {"card","src"}: the feature whose src is N of that card (glossary §1.6) */
            static const char *const feature_keys[] = {"card", "src", "used"}; /* acquired4: "used" (545.7) */
            bsk_status status = bsk_json_check_keys(ctx, where, item, feature_keys, 3, 2);
            if (status)
                return status;
            if (out->acquired_count == BSK_POSITION_ACQUIRED_MAX)
                return bsk_json_schema_error(ctx, where, "more than %d acquired features", BSK_POSITION_ACQUIRED_MAX);
            bsk_position_acquired *a = &out->acquired[out->acquired_count];
            char card_at[BSK_ERROR_PATH_MAX + 40];
            snprintf(card_at, sizeof card_at, "%s.card", where);
            if ((status = get_card(ctx, card_at, json_object_get(item, "card"), pool, synthetic, &a->card)) ||
                (status = bsk_json_get_int(ctx, where, item, "src", 0, 1, 255, false, &a->src)) ||
                (status = bsk_json_get_int(ctx, where, item, "used", 0, 0, BSK_FEATURE_LIMIT_COUNT_MAX, false,
                                           &a->used)))
                return status;
            out->acquired_count++;
            continue;
        }
        if (json_is_object(item)) {
            static const char *const keys[] = {"id", "X"};
            bsk_status status = bsk_json_check_keys(ctx, where, item, keys, 2, 1);
            if (status || (status = bsk_json_get_int(ctx, where, item, "X", 0, 1, 99, false, &x)))
                return status;
            id = json_object_get(item, "id");
        }
        int keyword = json_is_string(id) ? bsk_keyword_parse(json_string_value(id)) : -1;
        if (keyword < 0)
            return bsk_json_schema_error(ctx, where, "expected a keyword id (\"armor\") or {\"id\":\"armor\",\"X\":2}");
        if (bsk_keyword_takes_values(keyword))
            return bsk_json_schema_error(ctx, where, "not honoured yet: acquiring the attack ability \"%s\" by id "
                                                     "(its values have no field; a feature that makes it, "
                                                     "{\"card\",\"src\"}, runs: docs/positions.md)",
                                         bsk_keyword_name(keyword));
        if ((out->gains >> keyword) & 1u)
            return bsk_json_schema_error(ctx, where, "\"%s\" is listed twice", bsk_keyword_name(keyword));
        out->gains |= 1ull << keyword;
        if (x > 0) {
            if (numbers == BSK_UNIT_GRANTED_X_MAX)
                return bsk_json_schema_error(ctx, where, "more than %d acquired keywords with a number",
                                             BSK_UNIT_GRANTED_X_MAX);
            out->gains_x[numbers].keyword = (uint8_t)keyword;
            out->gains_x[numbers].x = (int8_t)x;
            numbers++;
        }
    }
    return BSK_OK;
}

/* DESIGN §5 `used`: the execution markers of the card's limited features (545.7), [{"src":1,"count":1}]:
 * src its feature's 1-based place (fixture cards), count the markers on it (its uses this turn for a
 * «X раз за ход», this battle for a «X раз за бой»). Whether src has a limit and count fits it is the
 * engine's check (bsk_match_from_position). */
static bsk_status parse_used(const bsk_json_reader *ctx, const char *path, const json_t *value,
                             bsk_position_card *out)
{
    const json_t *list = json_object_get(value, "used");
    if (!list)
        return BSK_OK;
    char at[BSK_ERROR_PATH_MAX];
    bsk_json_join_path(at, sizeof at, path, "used");
    if (!json_is_array(list))
        return bsk_json_schema_error(ctx, at, "expected an array of {\"src\": N, \"count\": N}");
    for (size_t i = 0; i < json_array_size(list); i++) {
        const json_t *item = json_array_get(list, i);
        char where[BSK_ERROR_PATH_MAX + 32];
        snprintf(where, sizeof where, "%s[%zu]", at, i);
        static const char *const keys[] = {"src", "count"};
        int src, count;
        if (!json_is_object(item))
            return bsk_json_schema_error(ctx, where, "expected {\"src\": N, \"count\": N}");
        bsk_status status = bsk_json_check_keys(ctx, where, item, keys, 2, 2);
        if (status ||
            (status = bsk_json_get_int(ctx, where, item, "src", 0, 1, BSK_FEATURE_LIMITED_MAX, false, &src)) ||
            (status = bsk_json_get_int(ctx, where, item, "count", 0, 1, BSK_FEATURE_LIMIT_COUNT_MAX, false, &count)))
            return status;
        int shift = BSK_FEATURE_LIMIT_BITS * (src - 1);
        if ((out->used >> shift) & BSK_FEATURE_LIMIT_COUNT_MAX)
            return bsk_json_schema_error(ctx, where, "src %d is listed twice", src);
        out->used |= (uint32_t)count << shift;
    }
    return BSK_OK;
}

static bsk_status parse_card(const bsk_json_reader *ctx, const char *path, const json_t *value, bsk_pool *pool,
                             const bsk_synthetic_cards *synthetic, bsk_position_card *out)
{
    static const char *const keys[] = {"card",   "owner",    "cell",   "zone", "wounds", "tapped",     "hidden",
                                       "counters", "poison", "host", "moved",  "extra_life", "gains", "markers", "form",
                                       "used"};
    if (!json_is_object(value))
        return bsk_json_schema_error(ctx, path, "expected {\"card\": …, \"owner\": …, \"cell\": …}");
    bsk_status status = bsk_json_check_keys(ctx, path, value, keys, 16, 2);
    if (status)
        return status;
    char at[BSK_ERROR_PATH_MAX];
    bsk_json_join_path(at, sizeof at, path, "card");
    memset(out, 0, sizeof *out);
    out->cell = -1;
    out->host_cell = -1;
    if ((status = get_card(ctx, at, json_object_get(value, "card"), pool, synthetic, &out->card)) ||
        (status = bsk_json_get_int(ctx, path, value, "owner", 0, 1, 2, false, &out->owner)) ||
        (status = bsk_json_get_int(ctx, path, value, "wounds", 0, 0, 99, false, &out->wounds)) ||
        (status = bsk_json_get_bool(ctx, path, value, "tapped", &out->tapped)) ||
        (status = bsk_json_get_bool(ctx, path, value, "hidden", &out->hidden)) ||
        (status = bsk_json_get_int(ctx, path, value, "counters", 0, 0, 99, false, &out->counters)) ||
        (status = bsk_json_get_int(ctx, path, value, "poison", 0, 0, 99, false, &out->poison)) ||
        (status = bsk_json_get_int(ctx, path, value, "moved", 0, 0, 99, false, &out->moved)) ||
        (status = bsk_json_get_int(ctx, path, value, "extra_life", 0, -99, 99, false, &out->extra_life)) ||
        (status = parse_gains(ctx, path, value, pool, synthetic, out)) || (status = parse_used(ctx, path, value, out)))
        return status;
    const json_t *markers = json_object_get(value, "markers");
    if (markers) { /* DESIGN §5: of the named markers and tokens, the engine keeps incarnation tokens (536.7.1) */
        char markers_at[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(markers_at, sizeof markers_at, path, "markers");
        if (!json_is_object(markers))
            return bsk_json_schema_error(ctx, markers_at, "expected {\"incarnation\": N}");
        const char *name;
        json_t *count;
        json_object_foreach((json_t *)markers, name, count) { /* branch posio: named markers (glossary §2.7) */
            if (strcmp(name, "incarnation") == 0)
                continue;
            if (out->named_count == BSK_POSITION_NAMED_MAX)
                return bsk_json_schema_error(ctx, markers_at, "more than %d named markers", BSK_POSITION_NAMED_MAX);
            if (strlen(name) == 0 || strlen(name) >= BSK_MARKER_NAME_MAX)
                return bsk_json_schema_error(ctx, markers_at, "a marker name of 1..%d bytes", BSK_MARKER_NAME_MAX - 1);
            bsk_position_named *n = &out->named[out->named_count];
            snprintf(n->name, sizeof n->name, "%s", name);
            if ((status = bsk_json_get_int(ctx, markers_at, markers, name, 0, 1, 99, false, &n->count)))
                return status;
            out->named_count++;
        }
        if ((status = bsk_json_get_int(ctx, markers_at, markers, "incarnation", 0, 0, 99, false, &out->incarnation)))
            return status;
    }
    const json_t *form = json_object_get(value, "form"); /* a werewolf's form (extension, issue 21) */
    if (form) {
        const char *word = json_is_string(form) ? json_string_value(form) : "";
        out->form = strcmp(word, "wolf") == 0 ? BSK_FORM_WOLF : strcmp(word, "human") == 0 ? BSK_FORM_HUMAN : BSK_FORM_NONE;
        if (!out->form) {
            bsk_json_join_path(at, sizeof at, path, "form");
            return bsk_json_schema_error(ctx, at, "expected wolf or human");
        }
    }
    char cell[BSK_PLACE_MAX], host[BSK_PLACE_MAX];
    if ((status = get_place(ctx, path, value, "cell", false, true, cell)) ||
        (status = get_place(ctx, path, value, "host", false, true, host)))
        return status;
    const json_t *zone = json_object_get(value, "zone");
    out->zone = BSK_ZONE_BATTLEFIELD;
    if (zone) {
        bsk_json_join_path(at, sizeof at, path, "zone");
        out->zone = json_is_string(zone) ? bsk_zone_parse(json_string_value(zone)) : -1;
        if (out->zone == BSK_ZONE_HAND) /* DESIGN §5: battlefield, extra, graveyard, deck, exile */
            out->zone = -1;
        if (out->zone < 0)
            return bsk_json_schema_error(ctx, at, "expected battlefield, extra, graveyard, deck or exile");
    }
    if (out->zone == BSK_ZONE_BATTLEFIELD && !cell[0]) {
        bsk_json_join_path(at, sizeof at, path, "cell");
        return bsk_json_schema_error(ctx, at, "missing required field (a battlefield card stands on a cell)");
    }
    if (out->zone != BSK_ZONE_BATTLEFIELD && cell[0]) {
        bsk_json_join_path(at, sizeof at, path, "cell");
        return bsk_json_schema_error(ctx, at, "only a battlefield card has a cell (zone %s)", bsk_zone_id(out->zone));
    }
    out->cell = cell[0] ? bsk_cell_parse(cell) : -1;
    out->host_cell = host[0] ? bsk_cell_parse(host) : -1;
    return BSK_OK;
}

static bsk_status parse_list(const bsk_json_reader *ctx, const char *base, const json_t *root, const char *key,
                             bsk_pool *pool, int allowed, bsk_record *out, int *count)
{
    const json_t *list = json_object_get(root, key);
    char at[BSK_ERROR_PATH_MAX];
    bsk_json_join_path(at, sizeof at, base, key);
    *count = 0;
    if (!list)
        return BSK_OK;
    if (!json_is_array(list))
        return bsk_json_schema_error(ctx, at, "expected an array");
    if (json_array_size(list) > BSK_POSITION_STEPS_MAX)
        return bsk_json_schema_error(ctx, at, "more than %d entries", BSK_POSITION_STEPS_MAX);
    for (size_t i = 0; i < json_array_size(list); i++) {
        char item[BSK_ERROR_PATH_MAX + 32];
        snprintf(item, sizeof item, "%s[%zu]", at, i);
        bsk_status status = bsk_record_parse_json(ctx, item, json_array_get(list, i), pool, allowed, &out[i]);
        if (status)
            return status;
    }
    *count = (int)json_array_size(list);
    return BSK_OK;
}

/* The test-only synthetic cards (formats/synthetic.h): a "cards_file" relative to the position
 * file, or the cards inline as "synthetic_cards" (a game log's header); not both. */
static bsk_status read_synthetic(const bsk_json_reader *ctx, const char *base, const json_t *root,
                                 bsk_synthetic_cards *out)
{
    const json_t *name = json_object_get(root, "cards_file"), *inline_cards = json_object_get(root, "synthetic_cards");
    char at[BSK_ERROR_PATH_MAX];
    out->count = 0;
    if (name && inline_cards) {
        bsk_json_join_path(at, sizeof at, base, "synthetic_cards");
        return bsk_json_schema_error(ctx, at, "give cards_file or synthetic_cards, not both");
    }
    if (inline_cards) {
        bsk_json_join_path(at, sizeof at, base, "synthetic_cards");
        return bsk_synthetic_from_json(ctx, at, inline_cards, out);
    }
    if (!name)
        return BSK_OK;
    bsk_json_join_path(at, sizeof at, base, "cards_file");
    if (!json_is_string(name) || json_string_length(name) == 0)
        return bsk_json_schema_error(ctx, at, "expected a file name (relative to the position file)");
    const char *relative = json_string_value(name);
    const char *slash = ctx->file ? strrchr(ctx->file, '/') : NULL;
    char path[4096];
    int n = relative[0] == '/' || !slash ? snprintf(path, sizeof path, "%s", relative)
                                         : snprintf(path, sizeof path, "%.*s/%s", (int)(slash - ctx->file), ctx->file,
                                                    relative);
    if (n < 0 || (size_t)n >= sizeof path)
        return bsk_json_schema_error(ctx, at, "the path is too long");
    bsk_status status = bsk_synthetic_read(path, out, ctx->error);
    if (status == BSK_ERR_IO) { /* say which key named the file */
        char message[BSK_ERROR_MESSAGE_MAX];
        snprintf(message, sizeof message, "%s", ctx->error->message);
        bsk_error_set(ctx->error, status, ctx->error->rule, "%s (%s)", message, at);
        bsk_error_set_file(ctx->error, path);
    }
    return status;
}

/* "seed": the state's RNG for shuffles and other non-dice randomness (DESIGN §5); 1 when absent. */
static bsk_status read_seed(const bsk_json_reader *ctx, const char *base, const json_t *root, uint64_t *out)
{
    const json_t *seed = json_object_get(root, "seed");
    *out = 1;
    if (!seed)
        return BSK_OK;
    if (!json_is_integer(seed) || json_integer_value(seed) < 0) {
        char at[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(at, sizeof at, base, "seed");
        return bsk_json_schema_error(ctx, at, "expected an integer 0..9223372036854775807");
    }
    *out = (uint64_t)json_integer_value(seed);
    return BSK_OK;
}

/* "start": "choice" (the default), "battle" or "turn" (DESIGN §5). */
static bsk_status read_start(const bsk_json_reader *ctx, const char *base, const json_t *root, int *out)
{
    static const char *const names[] = {[BSK_POSITION_START_CHOICE] = "choice",
                                        [BSK_POSITION_START_BATTLE] = "battle",
                                        [BSK_POSITION_START_TURN] = "turn"};
    const json_t *start = json_object_get(root, "start");
    *out = BSK_POSITION_START_CHOICE;
    if (!start)
        return BSK_OK;
    for (int k = 0; k < 3 && json_is_string(start); k++)
        if (strcmp(json_string_value(start), names[k]) == 0) {
            *out = k;
            return BSK_OK;
        }
    char at[BSK_ERROR_PATH_MAX];
    bsk_json_join_path(at, sizeof at, base, "start");
    return bsk_json_schema_error(ctx, at, "expected \"choice\", \"battle\" or \"turn\"");
}

/* cell7 (issue 23): "cell_markers": [{"cell": "c3", "name": M, "owner": 1|2, "count": N, "until": T}] — named markers
 * on a cell (544.1), placed by `owner`'s squad (544.3), for the battle or until the end of game turn T. */
static bsk_status read_cell_markers(const bsk_json_reader *ctx, const char *base, const json_t *root, bsk_position *p)
{
    static const char *const keys[] = {"cell", "name", "owner", "count", "until"};
    const json_t *list = json_object_get(root, "cell_markers");
    char at[BSK_ERROR_PATH_MAX];
    bsk_json_join_path(at, sizeof at, base, "cell_markers");
    if (!list)
        return BSK_OK;
    if (!json_is_array(list) || json_array_size(list) > BSK_POSITION_CELL_MARKERS_MAX)
        return bsk_json_schema_error(ctx, at, "expected an array of at most %d cell markers",
                                     BSK_POSITION_CELL_MARKERS_MAX);
    for (size_t i = 0; i < json_array_size(list); i++) {
        char item[BSK_ERROR_PATH_MAX + 32], field[BSK_ERROR_PATH_MAX + 48];
        snprintf(item, sizeof item, "%s[%zu]", at, i);
        const json_t *o = json_array_get(list, i);
        bsk_position_cell_marker *c = &p->cell_markers[i];
        if (!json_is_object(o))
            return bsk_json_schema_error(ctx, item, "expected {\"cell\", \"name\", \"owner\", \"count\", \"until\"}");
        bsk_status status = bsk_json_check_keys(ctx, item, o, keys, 5, 3);
        if (status)
            return status;
        const json_t *cell = json_object_get(o, "cell"), *name = json_object_get(o, "name");
        c->cell = json_is_string(cell) ? bsk_cell_parse(json_string_value(cell)) : -1;
        if (c->cell < 0) {
            snprintf(field, sizeof field, "%s.cell", item);
            return bsk_json_schema_error(ctx, field, "expected a battlefield cell (\"c3\")");
        }
        if (!json_is_string(name) || json_string_length(name) == 0 || json_string_length(name) >= BSK_MARKER_NAME_MAX ||
            strcmp(json_string_value(name), "incarnation") == 0) {
            snprintf(field, sizeof field, "%s.name", item);
            return bsk_json_schema_error(ctx, field, "expected a marker name of 1..%d bytes (not incarnation)",
                                         BSK_MARKER_NAME_MAX - 1);
        }
        snprintf(c->name, sizeof c->name, "%s", json_string_value(name));
        if ((status = bsk_json_get_int(ctx, item, o, "owner", 1, 1, 2, false, &c->owner)) ||
            (status = bsk_json_get_int(ctx, item, o, "count", 1, 1, 99, false, &c->count)) ||
            (status = bsk_json_get_int(ctx, item, o, "until", 0, p->turn, BSK_MATCH_TURN_CAP, false, &c->until)))
            return status;
        p->cell_marker_count = (int)i + 1;
    }
    return BSK_OK;
}

bsk_status bsk_position_from_json(const bsk_json_reader *ctx, const char *base, const json_t *root, bsk_pool *pool,
                                  bsk_position_file *file)
{
    static const char *const keys[] = {"active",     "turn",           "cards", "dice", "actions", "decisions",
                                       "cards_file", "synthetic_cards", "start", "seed",
                                       "cell_markers"}; /* cell7 (issue 23) */
    memset(file, 0, sizeof *file);
    if (!json_is_object(root))
        return bsk_json_schema_error(ctx, base, "expected a position object");
    bsk_status status = bsk_json_check_keys(ctx, base, root, keys, 11, 3);
    bsk_position *p = &file->position;
    p->ask_choice = true; /* DESIGN §5: a turn ends only at an end_turn action */
    if (status || (status = bsk_json_get_int(ctx, base, root, "turn", 1, 1, BSK_MATCH_TURN_CAP, false, &p->turn)) ||
        (status = bsk_json_get_int(ctx, base, root, "active", 1, 1, 2, false, &p->active)) ||
        (status = read_seed(ctx, base, root, &p->seed)) || (status = read_start(ctx, base, root, &p->start)) ||
        (status = read_synthetic(ctx, base, root, &file->synthetic)))
        return status;
    char at[BSK_ERROR_PATH_MAX];
    if (p->active != (p->turn % 2 ? 1 : 2)) { /* 407.1: the first player moves on odd turns */
        bsk_json_join_path(at, sizeof at, base, "active");
        return bsk_json_schema_error(ctx, at, "player %d cannot be active in turn %d (player %d moves on %s turns)",
                                     p->active, p->turn, p->turn % 2 ? 1 : 2, p->turn % 2 ? "odd" : "even");
    }
    const json_t *cards = json_object_get(root, "cards");
    bsk_json_join_path(at, sizeof at, base, "cards");
    if (!json_is_array(cards))
        return bsk_json_schema_error(ctx, at, "expected an array of cards");
    if (json_array_size(cards) > BSK_MATCH_UNITS_MAX)
        return bsk_json_schema_error(ctx, at, "more than %d cards", BSK_MATCH_UNITS_MAX);
    for (size_t i = 0; i < json_array_size(cards); i++) {
        char item[BSK_ERROR_PATH_MAX + 32];
        snprintf(item, sizeof item, "%s[%zu]", at, i);
        if ((status = parse_card(ctx, item, json_array_get(cards, i), pool, &file->synthetic, &p->cards[i])))
            return status;
    }
    p->card_count = (int)json_array_size(cards);
    for (int i = 0; i < p->card_count && p->start != BSK_POSITION_START_CHOICE; i++)
        if (p->cards[i].moved > 0) { /* 409.2, 506.4: the Untap step restores every allowance */
            snprintf(at, sizeof at, "%s%scards[%d].moved", base, base[0] ? "." : "", i);
            return bsk_json_schema_error(ctx, at, "steps taken this turn need a position in the Choice subphase "
                                                  "(the Untap step of start \"%s\" restores the allowance, 506.4)",
                                         p->start == BSK_POSITION_START_TURN ? "turn" : "battle");
        }
    const json_t *dice = json_object_get(root, "dice");
    bsk_json_join_path(at, sizeof at, base, "dice");
    if (dice && (!json_is_array(dice) || json_array_size(dice) > BSK_MATCH_DICE_SCRIPT_MAX))
        return bsk_json_schema_error(ctx, at, "expected an array of at most %d dice", BSK_MATCH_DICE_SCRIPT_MAX);
    for (size_t i = 0; dice && i < json_array_size(dice); i++) {
        const json_t *die = json_array_get(dice, i);
        if (!json_is_integer(die) || json_integer_value(die) < 1 || json_integer_value(die) > 6) {
            char item[BSK_ERROR_PATH_MAX + 32];
            snprintf(item, sizeof item, "%s[%zu]", at, i);
            return bsk_json_schema_error(ctx, item, "expected a die 1..6");
        }
        p->dice[p->dice_count++] = (uint8_t)json_integer_value(die);
    }
    if ((status = read_cell_markers(ctx, base, root, p)))
        return status;
    if ((status = parse_list(ctx, base, root, "actions", pool, BSK_RECORD_JSON_DECLARATION, file->actions,
                             &file->action_count)))
        return status;
    return parse_list(ctx, base, root, "decisions", pool, BSK_RECORD_JSON_ANSWER, file->decisions,
                      &file->decision_count);
}

bsk_status bsk_position_parse(const char *text, size_t length, const char *path, bsk_pool *pool,
                              bsk_position_file *file, bsk_error *error)
{
    bsk_json_reader ctx = {path, "position.syntax", "position.schema", error};
    memset(file, 0, sizeof *file);
    json_t *root = bsk_json_parse(&ctx, text, length);
    if (!root)
        return BSK_ERR_INVALID;
    bsk_status status = bsk_position_from_json(&ctx, "", root, pool, file);
    json_decref(root);
    return status;
}

bsk_status bsk_position_read(const char *path, bsk_pool *pool, bsk_position_file *file, bsk_error *error)
{
    memset(file, 0, sizeof *file);
    char *text;
    size_t length;
    bsk_status status = bsk_file_read(path, BSK_POSITION_FILE_CAP, "position.file", &text, &length, error);
    if (status)
        return status;
    status = bsk_position_parse(text, length, path, pool, file, error);
    free(text);
    return status;
}

json_t *bsk_position_setup_json(const bsk_position_file *file)
{
    const bsk_position *p = &file->position;
    json_t *root = json_object();
    json_object_set_new(root, "active", json_integer(p->active));
    json_object_set_new(root, "turn", json_integer(p->turn));
    static const char *const starts[] = {"choice", "battle", "turn"};
    if (p->start != BSK_POSITION_START_CHOICE)
        json_object_set_new(root, "start", json_string(starts[p->start]));
    json_object_set_new(root, "seed", json_integer((json_int_t)p->seed));
    json_t *synthetic = json_array();
    for (int k = 0; k < file->synthetic.count; k++) { /* the ones the position uses, in file order */
        bool used = false;
        for (int i = 0; i < p->card_count && !used; i++) {
            used = p->cards[i].card == &file->synthetic.cards[k].card;
            for (int g = 0; g < p->cards[i].acquired_count && !used; g++) /* branch posio: `gains` {"card"} */
                used = p->cards[i].acquired[g].card == &file->synthetic.cards[k].card;
        }
        if (used)
            json_array_append_new(synthetic, bsk_synthetic_card_json(&file->synthetic.cards[k]));
    }
    if (json_array_size(synthetic) > 0)
        json_object_set_new(root, "synthetic_cards", synthetic);
    else
        json_decref(synthetic);
    if (p->cell_marker_count > 0) { /* cell7 (issue 23): DESIGN §5 `cell_markers` */
        json_t *list = json_array();
        for (int k = 0; k < p->cell_marker_count; k++) {
            const bsk_position_cell_marker *c = &p->cell_markers[k];
            char cell[4];
            bsk_cell_format(c->cell, cell);
            json_t *o = json_pack("{s:s,s:s,s:i,s:i}", "cell", cell, "name", c->name, "owner", c->owner, "count",
                                  c->count);
            if (c->until)
                json_object_set_new(o, "until", json_integer(c->until));
            json_array_append_new(list, o);
        }
        json_object_set_new(root, "cell_markers", list);
    }
    json_t *cards = json_array();
    for (int i = 0; i < p->card_count; i++) {
        const bsk_position_card *c = &p->cards[i];
        json_t *o = json_object();
        json_object_set_new(o, "card", json_string(c->card->id));
        json_object_set_new(o, "owner", json_integer(c->owner));
        json_object_set_new(o, "zone", json_string(bsk_zone_id(c->zone)));
        if (c->cell >= 0) {
            char cell[4];
            bsk_cell_format(c->cell, cell);
            json_object_set_new(o, "cell", json_string(cell));
        }
        json_object_set_new(o, "wounds", json_integer(c->wounds));
        json_object_set_new(o, "tapped", json_boolean(c->tapped));
        json_object_set_new(o, "hidden", json_boolean(c->hidden));
        json_object_set_new(o, "counters", json_integer(c->counters));
        json_object_set_new(o, "poison", json_integer(c->poison));
        if (c->moved > 0)
            json_object_set_new(o, "moved", json_integer(c->moved));
        if (c->extra_life != 0)
            json_object_set_new(o, "extra_life", json_integer(c->extra_life));
        if (c->form)
            json_object_set_new(o, "form", json_string(c->form == BSK_FORM_WOLF ? "wolf" : "human"));
        if (c->incarnation > 0 || c->named_count > 0) {
            json_t *markers = json_object();
            if (c->incarnation > 0)
                json_object_set_new(markers, "incarnation", json_integer(c->incarnation));
            for (int k = 0; k < c->named_count; k++) /* branch posio: named markers */
                json_object_set_new(markers, c->named[k].name, json_integer(c->named[k].count));
            json_object_set_new(o, "markers", markers);
        }
        if (c->used) { /* 545.7: the execution markers, by src */
            json_t *used = json_array();
            for (int k = 0; k < BSK_FEATURE_LIMITED_MAX; k++) {
                int count = (int)(c->used >> (BSK_FEATURE_LIMIT_BITS * k)) & BSK_FEATURE_LIMIT_COUNT_MAX;
                if (count)
                    json_array_append_new(used, json_pack("{s:i,s:i}", "src", k + 1, "count", count));
            }
            json_object_set_new(o, "used", used);
        }
        if (c->gains || c->acquired_count) {
            json_t *gains = json_array();
            for (int k = 0; k < c->acquired_count; k++) /* branch posio: {"card","src"} */
                json_array_append_new(gains, c->acquired[k].used /* acquired4: its execution markers (545.7) */
                                                 ? json_pack("{s:s,s:i,s:i}", "card", c->acquired[k].card->id, "src",
                                                             c->acquired[k].src, "used", c->acquired[k].used)
                                                 : json_pack("{s:s,s:i}", "card", c->acquired[k].card->id, "src",
                                                             c->acquired[k].src));
            for (int k = 0; k < BSK_KEYWORD_COUNT; k++) {
                if (!((c->gains >> k) & 1u))
                    continue;
                int x = 0;
                for (int g = 0; g < BSK_UNIT_GRANTED_X_MAX; g++)
                    if (c->gains_x[g].x > 0 && c->gains_x[g].keyword == k)
                        x = c->gains_x[g].x;
                json_array_append_new(gains, x ? json_pack("{s:s,s:i}", "id", bsk_keyword_name(k), "X", x)
                                               : json_string(bsk_keyword_name(k)));
            }
            json_object_set_new(o, "gains", gains);
        }
        if (c->host_cell >= 0) {
            char cell[4];
            bsk_cell_format(c->host_cell, cell);
            json_object_set_new(o, "host", json_string(cell));
        }
        json_array_append_new(cards, o);
    }
    json_object_set_new(root, "cards", cards);
    json_t *dice = json_array();
    for (int i = 0; i < p->dice_count; i++)
        json_array_append_new(dice, json_integer(p->dice[i]));
    json_object_set_new(root, "dice", dice);
    return root;
}

/* ---- Outputs ---- */

json_t *bsk_position_result_json(const bsk_match *m)
{
    const bsk_match_result *r = bsk_match_result_get(m);
    if (!r->over)
        return json_null();
    json_t *o = json_object();
    json_object_set_new(o, "winner", r->winner ? json_integer(r->winner) : json_null());
    json_object_set_new(o, "draw", json_boolean(r->winner == 0));
    json_object_set_new(o, "by_cap", json_boolean(r->by_cap));
    /* DESIGN §5: which capacity drew the game, only when one did */
    if (r->cap_effects)
        json_object_set_new(o, "cap", json_string(r->cap_effects == BSK_CAP_STACK ? "stack" : "effects"));
    else if (r->cap_actions)
        json_object_set_new(o, "cap", json_string("actions"));
    return o;
}

/* Where a card is: its cell (a seated symbiote's is its host's, 211.9, without the "s" that
 * names it in records) or its extra-zone place. */
static void card_place(const bsk_match *m, int unit, char out[8])
{
    bsk_match_unit_place(m, unit, out);
    if (out[0] && (out[2] == 's' || out[2] == 'i')) /* a symbiote's, a cell's second card's: the cell */
        out[2] = '\0';
}

json_t *bsk_position_output_json(const bsk_match *m, const bsk_card_table *cards, const bsk_record_list *log,
                                 const bsk_position_outcome *outcome)
{
    json_t *root = json_object();
    json_t *list = json_array();
    for (int i = 0; i < m->unit_count; i++) {
        const bsk_unit *u = &m->units[i];
        const bsk_card *card = cards->entries[u->slot].card;
        char place[8];
        card_place(m, i, place);
        json_t *o = json_object();
        json_object_set_new(o, "card", json_string(card->id));
        json_object_set_new(o, "name", json_string(card->name));
        json_object_set_new(o, "owner", json_integer(u->owner));
        json_object_set_new(o, "zone", json_string(bsk_zone_id(u->zone) ? bsk_zone_id(u->zone) : "?"));
        json_object_set_new(o, "cell", place[0] ? json_string(place) : json_null());
        json_object_set_new(o, "life", json_integer(bsk_match_unit_life(m, cards, i)));
        json_object_set_new(o, "wounds", json_integer(u->wounds));
        json_object_set_new(o, "tapped", json_boolean(u->flags & BSK_UNIT_TAPPED));
        json_object_set_new(o, "hidden", json_boolean(u->flags & BSK_UNIT_HIDDEN));
        json_object_set_new(o, "counters", json_integer(u->counters));
        json_object_set_new(o, "poison", json_integer(u->poison));
        json_object_set_new(o, "extra_life", json_integer(bsk_match_unit_extra_life(m, i)));
        bsk_unit_form form = bsk_match_unit_form(m, i);
        if (form != BSK_FORM_NONE) /* a werewolf's form (extension): only when it has one */
            json_object_set_new(o, "form", json_string(form == BSK_FORM_WOLF ? "wolf" : "human"));
        /* DESIGN §5: named markers and tokens; the engine keeps incarnation tokens (536.7.1) */
        json_t *markers = json_object();
        if (u->incarnation)
            json_object_set_new(markers, "incarnation", json_integer(u->incarnation));
        int names[BSK_MATCH_NAMED_MAX], counts[BSK_MATCH_NAMED_MAX];
        int named = bsk_match_unit_named_markers(m, i, names, counts, BSK_MATCH_NAMED_MAX);
        for (int k = 0; k < named && k < BSK_MATCH_NAMED_MAX; k++) /* branch posio: named markers (§2.7) */
            if (names[k] < cards->marker_name_count)
                json_object_set_new(markers, cards->marker_names[names[k]], json_integer(counts[k]));
        json_object_set_new(o, "markers", markers);
        /* the keywords it has acquired, by id, with their number when they came with one */
        uint64_t gains = bsk_match_unit_gains(m, cards, i);
        json_t *gained = json_array();
        for (int k = 0; k < BSK_KEYWORD_COUNT; k++) {
            if (!((gains >> k) & 1u))
                continue;
            int x = bsk_match_unit_gain_x(m, cards, i, (bsk_keyword_id)k);
            json_array_append_new(gained, x ? json_pack("{s:s,s:i}", "id", bsk_keyword_name(k), "X", x)
                                            : json_string(bsk_keyword_name(k)));
        }
        int slots[BSK_MATCH_ACQUIRED_MAX], srcs[BSK_MATCH_ACQUIRED_MAX];
        int acquired = bsk_match_unit_acquired(m, cards, i, slots, srcs, BSK_MATCH_ACQUIRED_MAX);
        for (int k = 0; k < acquired && k < BSK_MATCH_ACQUIRED_MAX; k++) /* branch posio: {"card","src"} */
            json_array_append_new(gained, json_pack("{s:s,s:i}", "card", cards->entries[slots[k]].card->id, "src",
                                                    srcs[k]));
        json_object_set_new(o, "gains", gained);
        /* the keywords the engine runs the card with: its unconditional keywords (printed, plus
         * acquired, less lost), those held under a wrapper whose condition holds now (formation, at
         * depth …, card_table.h held[]) and its attack abilities, in keyword-id order (one held
         * under another condition is not among them; flying is a subtype, not a keyword id) */
        uint64_t held = bsk_match_unit_keywords(m, cards, i);
        for (int k = 0; k < bsk_match_unit_attack_count(m, cards, i); k++)
            held |= 1ull << bsk_match_unit_attack(m, cards, i, k)->keyword;
        json_t *keywords = json_array();
        for (int k = 0; k < BSK_KEYWORD_COUNT; k++)
            if ((held >> k) & 1u)
                json_array_append_new(keywords, json_string(bsk_keyword_name(k)));
        json_object_set_new(o, "keywords", keywords);
        json_array_append_new(list, o);
    }
    json_object_set_new(root, "cards", list);
    json_t *cell_markers = json_array(); /* cell7 (issue 23): named markers on cells (544.1), only when there are some */
    for (int cell = 0; cell < BSK_BOARD_ROWS * BSK_BOARD_COLUMNS; cell++) {
        int names[BSK_MATCH_CELL_MARKERS_MAX], bys[BSK_MATCH_CELL_MARKERS_MAX], counts[BSK_MATCH_CELL_MARKERS_MAX];
        int n = bsk_match_cell_markers(m, cell, names, bys, counts, BSK_MATCH_CELL_MARKERS_MAX);
        for (int k = 0; k < n && k < BSK_MATCH_CELL_MARKERS_MAX; k++) {
            char place[4];
            bsk_cell_format(cell, place);
            json_array_append_new(cell_markers,
                                  json_pack("{s:s,s:s,s:i,s:i}", "cell", place, "name",
                                            names[k] < cards->marker_name_count ? cards->marker_names[names[k]] : "?",
                                            "owner", bys[k], "count", counts[k]));
        }
    }
    if (json_array_size(cell_markers))
        json_object_set_new(root, "cell_markers", cell_markers);
    else
        json_decref(cell_markers);
    json_t *events = json_array();
    for (size_t i = 0; log && i < log->count; i++)
        json_array_append_new(events, bsk_record_json(&log->items[i]));
    json_object_set_new(root, "events", events);
    json_object_set_new(root, "result", bsk_position_result_json(m));
    char hash[17];
    bsk_match_hash_format(bsk_match_hash(m), hash);
    json_object_set_new(root, "hash", json_string(hash));
    if (!outcome || outcome->stop == BSK_POSITION_DONE) {
        json_object_set_new(root, "error", json_null());
    } else {
        json_t *e = json_object();
        json_object_set_new(e, "step", outcome->step ? json_string(outcome->step) : json_null());
        json_object_set_new(e, "index", outcome->index >= 0 ? json_integer(outcome->index) : json_null());
        json_object_set_new(e, "code", json_string(outcome->code));
        json_object_set_new(e, "rule", json_string(outcome->error.rule));
        json_object_set_new(e, "message", json_string(outcome->error.message));
        json_object_set_new(root, "error", e);
    }
    return root;
}
