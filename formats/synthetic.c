/* synthetic.c — test-only synthetic (fixture) cards (formats/synthetic.h): a strict reader of the
 * card fields a position needs plus "features" in the catalogue's feature shape (DESIGN §3 "Card
 * features", glossary §6.2) compiled into bsk_feature programs, the writer that gives them back for
 * game logs, and the position card table with their features. */
#include "synthetic.h"
#include "file_read.h"

#include "berserk/pool.h"

#include <stdlib.h>
#include <string.h>

/* ---- The feature vocabulary (DESIGN §3 "Card features", glossary §6.2) ---- */

static const char *const KINDS[BSK_FEATURE_KIND_COUNT] = {
    [BSK_FEATURE_ACTIVATED] = "activated", [BSK_FEATURE_TRIGGERED] = "triggered", [BSK_FEATURE_STATIC] = "static"};
static const char *const STRENGTHS[3] = {"weak", "medium", "strong"};
/* times3 (issue 22): the ways of acting an actions_per_turn or no_tap_after names (BSK_ACTIONS_*) */
static const char *const ACTION_WAYS[BSK_ACTIONS_COUNT] = {"simple_strike", "act", "guard"};
static const char *const SIDES[] = {"any", "own", "enemy"};
static const char *const TURNS[] = {"self", "opponent", "each"};
/* events3 (issue 22): an on_attack trigger's side of the fight (546.1; word w is BSK_FIGHT_* bit 1 << w) and
 * its miss ("any": both sides); on_heal's "first" (545.8: BSK_LIMIT_* by index) */
static const char *const FIGHT_SIDES[] = {"assault", "defence", "any"};
static const char *const FIRST_PER[] = {NULL, "turn", "battle"};
static const char *const STATES[] = {"wounded", "unwounded"};
/* A feature's {"wrapper": …}: BSK_FEATURE_IF_FORMATION + i (the catalogue's condition words). */
static const char *const WRAPPERS[] = {"formation",     "at_depth",       "on_surface",
                                       "werewolf_wolf", "werewolf_human", "rebuff",
                                       /* batl9 (issue 23): glossary «Если вы ходите вторым (II)» */ "if_second_player"};
#define WRAPPER_COUNT 7
_Static_assert(BSK_FEATURE_IF_FORMATION + WRAPPER_COUNT == BSK_FEATURE_CONDITION_COUNT, "one word per wrapper");
static const char *const EFFECT_TARGETS[] = {"self", "target", "attacked", "attacker",
                                             "placer", "marked"}; /* mark9 (issue 23): a marker's feature's */

/* The words of a lib table (bsk_feature_event_id, …) as a list for word_index. */
static int lib_words(const char *(*id)(int), int count, const char **out)
{
    for (int i = 0; i < count; i++)
        out[i] = id(i);
    return count;
}

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
    char at[BSK_ERROR_PATH_MAX], expected[240];
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

/* A list of words as a bit set (bit i for words[i]); absent: 0. */
static bsk_status get_word_set(const bsk_json_reader *ctx, const char *base, const json_t *object, const char *key,
                               const char *const *words, int count, unsigned *out)
{
    const json_t *list = json_object_get(object, key);
    char at[BSK_ERROR_PATH_MAX], expected[240];
    *out = 0;
    if (!list)
        return BSK_OK;
    bsk_json_join_path(at, sizeof at, base, key);
    word_list(words, count, expected, sizeof expected);
    if (!json_is_array(list) || json_array_size(list) == 0)
        return bsk_json_schema_error(ctx, at, "expected a non-empty array of %s", expected);
    for (size_t i = 0; i < json_array_size(list); i++) {
        int w = word_index(words, count, json_array_get(list, i));
        if (w < 0)
            return bsk_json_schema_error(ctx, at, "expected an array of %s", expected);
        *out |= 1u << w;
    }
    return BSK_OK;
}

static bsk_status refuse(const bsk_json_reader *ctx, const char *base, const char *key, const char *why)
{
    char at[BSK_ERROR_PATH_MAX];
    bsk_json_join_path(at, sizeof at, base, key);
    return bsk_json_schema_error(ctx, at, "%s", why);
}

/* ---- Card filters (glossary §6.2 CardFilter) ---- */

static const char *const FILTER_STATES[] = {"untapped", "tapped", "hidden", "wounded", "unwounded", "poisoned",
                                              "counters", /* vamp8 */ "extra_life"};
static const char *const FILTER_NEAR[] = {NULL, "self", "target", "actor"};
static const char *const FILTER_COST_OPS[] = {NULL, "<=", ">=", "==", "<", ">"};

/* A list of words read by a lib parse function (bsk_type_parse …) as a bit set; absent: 0. */
static bsk_status get_parsed_set(const bsk_json_reader *ctx, const char *base, const json_t *object, const char *key,
                                 int (*parse)(const char *), int limit, const char *what, uint64_t *out)
{
    const json_t *list = json_object_get(object, key);
    *out = 0;
    if (!list)
        return BSK_OK;
    char at[BSK_ERROR_PATH_MAX];
    bsk_json_join_path(at, sizeof at, base, key);
    if (!json_is_array(list) || json_array_size(list) == 0)
        return bsk_json_schema_error(ctx, at, "expected a non-empty array of %s", what);
    for (size_t i = 0; i < json_array_size(list); i++) {
        const json_t *v = json_array_get(list, i);
        int w = json_is_string(v) ? parse(json_string_value(v)) : -1;
        if (w < 0 || w >= limit || w >= 64)
            return bsk_json_schema_error(ctx, at, "expected an array of %s", what);
        *out |= 1ull << w;
    }
    return BSK_OK;
}

/* An optional boolean as BSK_FILTER_ANY (absent), YES, NO. */
static bsk_status get_tristate(const bsk_json_reader *ctx, const char *base, const json_t *object, const char *key,
                               uint8_t *out)
{
    bool value;
    bsk_status status = bsk_json_get_bool(ctx, base, object, key, &value);
    *out = (uint8_t)(json_object_get(object, key) ? (value ? BSK_FILTER_YES : BSK_FILTER_NO) : BSK_FILTER_ANY);
    return status;
}

/* A CardFilter object into `out` (memset 0 first: filters compare by bytes). */
static bsk_status read_filter(const bsk_json_reader *ctx, const char *path, const json_t *value,
                              bsk_synthetic_filter *out)
{
    static const char *const keys[] = {"type",        "subtype", "subtype_not", "elements", "classes", "side",
                                       "state",       "incorporeal", "adjacent_to", "in_row", "cost",  "elite",
                                       "has_keyword", "name",    "not_self",    "row",      "column",
                                       "diagonal_to", "behind",  "in_front", "markers", "element_of",
                                       /* times3 (issue 22): the history of battle (538.2) */
                                       "moved_last_turn",
                                       /* curse4 (issue 23) */
                                       "left_of", "right_of",
                                       /* dice5 (issue 23) */
                                       "fewest_wounds",
                                       /* trig5 (issue 23): 538.2 «перемещавшимся в этот ход» */
                                       "moved_this_turn",
                                       /* token6 (issue 23): «дальность X» of an effect or a spell (547.1.1) */
                                       "within",
                                       /* cell7 (issue 23): «на клетке с маркером …» (544.1, 544.3) */
                                       "cell_markers",
                                       /* move8 (issue 23): «клетка, занятая существом с магической способностью» */
                                       "same_cell", "magic_ability",
                                       /* batl9 (issue 23): «с четными {health}» */
                                       "life", "in_any_row",
                                       /* guard10 (issue 23): «пока у … одна или более единицы {armor}» */
                                       "armor_left",
                                       /* grave10 (issue 23): «на вашем кладбище», «существо без инкарнации» */
                                       "zone", "lacks_keyword", "host_of", "ahead_of_row",
                                       /* count12 (issue 23): «существо с {move} X или менее» */
                                       "movement_max"};
    memset(out, 0, sizeof *out);
    if (!json_is_object(value))
        return bsk_json_schema_error(ctx, path, "expected a card filter object {\"side\", \"type\", …}");
    bsk_status status = bsk_json_check_keys(ctx, path, value, keys, 39, 0);
    if (status)
        return status;
    bsk_feature_filter *f = &out->filter;
    if (json_object_get(value, "zone")) { /* grave10 (issue 23): the graveyards' cards instead of the battle zone (205) */
        static const char *const zones[] = {"battle", "graveyard"};
        int w;
        if ((status = get_word(ctx, path, value, "zone", zones, 2, &w)))
            return status;
        f->in_graveyard = (uint8_t)w;
    }
    if (json_object_get(value, "life")) { /* batl9 (issue 23): the current life's parity, «с четными {health}» */
        static const char *const parities[] = {NULL, "even", "odd"};
        int w;
        if ((status = get_word(ctx, path, value, "life", parities, 3, &w)))
            return status;
        f->life_parity = (uint8_t)w;
    }
    if (json_object_get(value, "element_of")) { /* 106.2.3: against the feature's card */
        static const char *const relations[] = {NULL, "same", "different"};
        int w;
        if ((status = get_word(ctx, path, value, "element_of", relations, 3, &w)))
            return status;
        f->element_of = (uint8_t)w;
    }
    const json_t *markers = json_object_get(value, "markers");
    if (markers) { /* group3 (issue 22): {"name": M, "min": N, "counting": bool} (glossary §2.7, 544.3) */
        static const char *const marker_keys[] = {"name", "min", "counting"};
        char at[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(at, sizeof at, path, "markers");
        if (!json_is_object(markers))
            return bsk_json_schema_error(ctx, at, "expected {\"name\": a marker name, \"min\": 1..99, \"counting\": bool}");
        const json_t *name = json_object_get(markers, "name");
        int min = 1;
        bool counting = false;
        if ((status = bsk_json_check_keys(ctx, at, markers, marker_keys, 3, 1)))
            return status;
        if (!json_is_string(name) || json_string_length(name) == 0 || json_string_length(name) >= BSK_MARKER_NAME_MAX ||
            strcmp(json_string_value(name), "incarnation") == 0) {
            char field[BSK_ERROR_PATH_MAX];
            bsk_json_join_path(field, sizeof field, at, "name");
            return bsk_json_schema_error(ctx, field, "expected a marker name of 1..%d bytes (not incarnation)",
                                         BSK_MARKER_NAME_MAX - 1);
        }
        if ((status = bsk_json_get_int(ctx, at, markers, "min", 1, 1, 99, false, &min)) ||
            (status = bsk_json_get_bool(ctx, at, markers, "counting", &counting)))
            return status;
        snprintf(out->marker_name, sizeof out->marker_name, "%s", json_string_value(name));
        f->marker = 1; /* the card's own index: parse_filter interns the name */
        f->marker_min = (uint8_t)min;
        f->marker_counting = counting;
    }
    const json_t *cell_markers = json_object_get(value, "cell_markers");
    if (cell_markers) { /* cell7 (issue 23): {"name": M, "min": N}: on a cell with N markers M of the viewer's squad */
        static const char *const marker_keys[] = {"name", "min"};
        char at[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(at, sizeof at, path, "cell_markers");
        if (!json_is_object(cell_markers))
            return bsk_json_schema_error(ctx, at, "expected {\"name\": a marker name, \"min\": 1..99}");
        const json_t *name = json_object_get(cell_markers, "name");
        int min = 1;
        if ((status = bsk_json_check_keys(ctx, at, cell_markers, marker_keys, 2, 1)))
            return status;
        if (!json_is_string(name) || json_string_length(name) == 0 || json_string_length(name) >= BSK_MARKER_NAME_MAX ||
            strcmp(json_string_value(name), "incarnation") == 0) {
            char field[BSK_ERROR_PATH_MAX];
            bsk_json_join_path(field, sizeof field, at, "name");
            return bsk_json_schema_error(ctx, field, "expected a marker name of 1..%d bytes (not incarnation)",
                                         BSK_MARKER_NAME_MAX - 1);
        }
        if ((status = bsk_json_get_int(ctx, at, cell_markers, "min", 1, 1, 99, false, &min)))
            return status;
        snprintf(out->cell_marker_name, sizeof out->cell_marker_name, "%s", json_string_value(name));
        f->cell_marker = 1; /* the card's own index: parse_filter interns the name */
        f->cell_marker_min = (uint8_t)min;
    }
    uint64_t set;
    if ((status = get_parsed_set(ctx, path, value, "type", bsk_type_parse, BSK_TYPE_COUNT,
                                 "creature, artifact or terrain", &set)))
        return status;
    f->types = (uint8_t)set;
    if ((status = get_parsed_set(ctx, path, value, "subtype", bsk_subtype_parse, BSK_SUBTYPE_COUNT,
                                 "ground, flyer, companion or parasite", &set)))
        return status;
    f->subtypes = (uint8_t)set;
    if ((status = get_parsed_set(ctx, path, value, "subtype_not", bsk_subtype_parse, BSK_SUBTYPE_COUNT,
                                 "ground, flyer, companion or parasite", &set)))
        return status;
    f->subtypes_not = (uint8_t)set;
    if ((f->subtypes | f->subtypes_not) & 1u)
        return refuse(ctx, path, (f->subtypes & 1u) ? "subtype" : "subtype_not",
                      "expected ground, flyer, companion or parasite");
    if ((status = get_parsed_set(ctx, path, value, "elements", bsk_element_parse, BSK_ELEMENT_COUNT,
                                 "plains, mountains, forests, swamps or darkness", &set)))
        return status;
    f->elements = (uint8_t)set;
    if ((status = get_parsed_set(ctx, path, value, "classes", bsk_class_parse, BSK_CLASS_COUNT, "class ids",
                                 &f->classes)) ||
        (status = get_parsed_set(ctx, path, value, "has_keyword", bsk_keyword_parse, BSK_KEYWORD_COUNT,
                                 "keyword ids", &f->keywords)) ||
        (status = get_parsed_set(ctx, path, value, "lacks_keyword", bsk_keyword_parse, BSK_KEYWORD_COUNT,
                                 "keyword ids", &f->keywords_not))) /* grave10 (issue 23): «без инкарнации» */
        return status;
    int w;
    if (json_object_get(value, "side")) {
        if ((status = get_word(ctx, path, value, "side", SIDES, 3, &w)))
            return status;
        f->side = (uint8_t)(w == 0 ? BSK_FILTER_SIDE_ANY : w == 1 ? BSK_FILTER_SIDE_OWN : BSK_FILTER_SIDE_ENEMY);
    }
    unsigned states;
    if ((status = get_word_set(ctx, path, value, "state", FILTER_STATES, 8, &states)))
        return status;
    if ((states & 3u) == 3u || (states & 0x18u) == 0x18u)
        return refuse(ctx, path, "state", "a card is never both tapped and untapped, wounded and unwounded");
    f->states = (uint8_t)states;
    if ((status = get_tristate(ctx, path, value, "incorporeal", &f->incorporeal)) ||
        (status = get_tristate(ctx, path, value, "elite", &f->elite)) ||
        (status = get_tristate(ctx, path, value, "moved_last_turn", &f->moved_last_turn)) || /* times3: 538.2 */
        (status = get_tristate(ctx, path, value, "moved_this_turn", &f->moved_this_turn)) || /* trig5: 538.2 */
        (status = get_tristate(ctx, path, value, "magic_ability", &f->magic_ability))) /* move8: «с магической …» */
        return status;
    if (json_object_get(value, "same_cell")) { /* move8 (issue 23): on the anchor's cell (524.2) */
        if ((status = get_word(ctx, path, value, "same_cell", FILTER_NEAR, 2, &w))) /* "self" only */
            return status;
        f->same_cell = (uint8_t)w;
    }
    if (json_object_get(value, "host_of")) { /* grave10 (issue 23): «хозяин» (211): "self" only */
        if ((status = get_word(ctx, path, value, "host_of", FILTER_NEAR, 2, &w)))
            return status;
        f->host_of = (uint8_t)w;
    }
    int ahead; /* grave10: «в вашем первом ряду или на половине поля боя противника» is 2 */
    if ((status = bsk_json_get_int(ctx, path, value, "ahead_of_row", 0, 2, 3, false, &ahead)))
        return status;
    f->ahead_of_row = (uint8_t)ahead;
    if (json_object_get(value, "adjacent_to")) {
        if ((status = get_word(ctx, path, value, "adjacent_to", FILTER_NEAR, 4, &w)))
            return status;
        f->adjacent_to = (uint8_t)w;
    }
    static const char *const directions[] = {"diagonal_to", "behind", "in_front", /* curse4 */ "left_of", "right_of"};
    uint8_t *direction[] = {&f->diagonal_to, &f->behind, &f->in_front, &f->left_of, &f->right_of};
    for (int i = 0; i < 5; i++)
        if (json_object_get(value, directions[i])) {
            if ((status = get_word(ctx, path, value, directions[i], FILTER_NEAR, i >= 2 ? 2 : 4, &w)))
                return status;
            *direction[i] = (uint8_t)w;
        }
    int row;
    if ((status = bsk_json_get_int(ctx, path, value, "in_row", 0, 1, 3, false, &row)))
        return status;
    f->in_row = (uint8_t)row;
    if (json_object_get(value, "in_any_row")) { /* batl9 (issue 23): either player's row N (glossary «Первый ряд игрока») */
        if (row)
            return refuse(ctx, path, "in_any_row", "give one of \"in_row\" and \"in_any_row\"");
        if ((status = bsk_json_get_int(ctx, path, value, "in_any_row", 0, 1, 3, false, &row)))
            return status;
        f->in_row = (uint8_t)(3 + row);
    }
    static const char *const lines[] = {"row", "column"};
    for (int i = 0; i < 2; i++)
        if (json_object_get(value, lines[i])) { /* glossary «Ряд», «Столбец» (202.1): on self's line */
            static const char *const self_word[] = {"self"};
            if ((status = get_word(ctx, path, value, lines[i], self_word, 1, &w)))
                return status;
            f->line |= (uint8_t)(i == 0 ? BSK_FILTER_LINE_ROW : BSK_FILTER_LINE_COLUMN);
        }
    const json_t *cost = json_object_get(value, "cost");
    if (cost) {
        static const char *const cost_keys[] = {"op", "value", "plus"}; /* spawn11: "plus" */
        char at[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(at, sizeof at, path, "cost");
        if (!json_is_object(cost))
            return bsk_json_schema_error(ctx, at,
                                         "expected {\"op\":\"<=\",\"value\":3} (value an integer or \"self\")");
        if ((status = bsk_json_check_keys(ctx, at, cost, cost_keys, 3, 2)) ||
            (status = get_word(ctx, at, cost, "op", FILTER_COST_OPS, 6, &w)))
            return status;
        if (json_object_get(cost, "plus")) { /* spawn11 (issue 23): «дороже на N кристаллов» than a card's */
            int plus;
            const json_t *v = json_object_get(cost, "value");
            if (!json_is_string(v))
                return refuse(ctx, at, "plus", "\"plus\" adds to a card's cost (\"value\": \"self\" or \"target\")");
            if ((status = bsk_json_get_int(ctx, at, cost, "plus", 0, -9, 9, false, &plus)))
                return status;
            f->cost_plus = (int8_t)plus;
        }
        f->cost_op = (uint8_t)w;
        const json_t *v = json_object_get(cost, "value");
        if (json_is_string(v) && strcmp(json_string_value(v), "self") == 0)
            f->cost_value = -1;
        else if (json_is_string(v) && strcmp(json_string_value(v), "target") == 0)
            f->cost_value = -2; /* grave10 (issue 23): «такой же стоимости» as the trigger's event card */
        else {
            int n;
            if ((status = bsk_json_get_int(ctx, at, cost, "value", 0, 0, 99, false, &n)))
                return status;
            f->cost_value = (int8_t)n;
        }
    }
    if (json_object_get(value, "name")) {
        if ((status = get_text(ctx, path, value, "name", out->name, sizeof out->name)))
            return status;
        f->name_key = bsk_card_name_key(out->name);
    }
    bool not_self;
    if ((status = bsk_json_get_bool(ctx, path, value, "not_self", &not_self)))
        return status;
    f->not_self = not_self;
    bool fewest; /* dice5 */
    if ((status = bsk_json_get_bool(ctx, path, value, "fewest_wounds", &fewest)))
        return status;
    f->fewest_wounds = fewest;
    int within; /* token6 (issue 23): 547.1.1, the range of an effect ability or a spell */
    if ((status = bsk_json_get_int(ctx, path, value, "within", 0, 1, 9, false, &within)))
        return status;
    f->within = (uint8_t)within;
    int armor_left; /* guard10 (issue 23): units of armor left (glossary «Броня X»), 04-167 */
    if ((status = bsk_json_get_int(ctx, path, value, "armor_left", 0, 1, 9, false, &armor_left)))
        return status;
    f->armor_left = (uint8_t)armor_left;
    const json_t *movement = json_object_get(value, "movement_max"); /* count12 (issue 23): 506, 05-169 */
    if (json_is_string(movement) && strcmp(json_string_value(movement), "X") == 0)
        f->movement_max = BSK_FILTER_MOVEMENT_X; /* the feature's X (543.2): parse_feature says where it may stand */
    else if (movement) {
        int most;
        if (json_is_string(movement))
            return refuse(ctx, path, "movement_max", "expected an integer 0..9 or \"X\" (the X a cost fixed, 543.2)");
        if ((status = bsk_json_get_int(ctx, path, value, "movement_max", 0, 0, 9, false, &most)))
            return status;
        f->movement_max = (uint8_t)(1 + most);
    }
    return BSK_OK;
}

/* A marker name into the card's list of marker names (added when new): 1 + its index there, in *number. */
static bsk_status marker_number(const bsk_json_reader *ctx, const char *path, bsk_synthetic_card *card,
                                const char *name, uint8_t *number)
{
    int n = 0;
    while (n < card->marker_count && strcmp(card->marker_names[n], name) != 0)
        n++;
    if (n == card->marker_count) {
        if (n == BSK_SYNTHETIC_MARKERS_MAX)
            return bsk_json_schema_error(ctx, path, "more than %d marker names on one card", BSK_SYNTHETIC_MARKERS_MAX);
        snprintf(card->marker_names[n], sizeof card->marker_names[n], "%s", name);
        card->marker_count++;
    }
    *number = (uint8_t)(n + 1);
    return BSK_OK;
}

/* A CardFilter into the card's filter list: its index there (1-based; 0 for the empty filter,
 * equal filters share one). */
static bsk_status parse_filter(const bsk_json_reader *ctx, const char *path, const json_t *value,
                               bsk_synthetic_card *card, uint8_t *index)
{
    bsk_synthetic_filter f;
    bsk_status status = read_filter(ctx, path, value, &f);
    if (status)
        return status;
    /* group3, cell7: a marker's name into the card's list (as place_named_marker's), its number in the filter */
    if (f.filter.marker && (status = marker_number(ctx, path, card, f.marker_name, &f.filter.marker)))
        return status;
    if (f.filter.cell_marker && (status = marker_number(ctx, path, card, f.cell_marker_name, &f.filter.cell_marker)))
        return status;
    memset(f.marker_name, 0, sizeof f.marker_name);
    memset(f.cell_marker_name, 0, sizeof f.cell_marker_name);
    static const bsk_feature_filter empty;
    *index = 0;
    if (memcmp(&f.filter, &empty, sizeof empty) == 0)
        return BSK_OK;
    for (int i = 0; i < card->filter_count; i++)
        if (memcmp(&card->filters[i].filter, &f.filter, sizeof f.filter) == 0) {
            *index = (uint8_t)(i + 1);
            return BSK_OK;
        }
    if (card->filter_count >= BSK_SYNTHETIC_FILTERS_MAX)
        return bsk_json_schema_error(ctx, path, "more than %d distinct filters in one card", BSK_SYNTHETIC_FILTERS_MAX);
    card->filters[card->filter_count++] = f;
    *index = (uint8_t)card->filter_count;
    return BSK_OK;
}

/* A bit set as the JSON list of its words, in bit order: words[i] or id(i) for bit i (one of them
 * given). */
static json_t *set_json(uint64_t set, const char *const *words, const char *(*id)(int), int count)
{
    json_t *list = json_array();
    for (int i = 0; i < count && i < 64; i++)
        if ((set >> i) & 1u)
            json_array_append_new(list, json_string(words ? words[i] : id(i)));
    return list;
}

/* What the writers read a feature's filters (and named markers) from: a synthetic card's own filters
 * (index n: its filters[n-1]) or a card table's (index n: filters[n]; branch posio). */
typedef struct json_context {
    const bsk_synthetic_card *card;
    const bsk_card_table *table;
} json_context;

/* The name of named marker `index` (0-based) of the card being written, or of the table ("?" when unknown). */
static const char *marker_name_of(const json_context *jc, int index)
{
    if (jc && jc->card)
        return index >= 0 && index < jc->card->marker_count ? jc->card->marker_names[index] : "?";
    if (jc && jc->table)
        return index >= 0 && index < jc->table->marker_name_count ? jc->table->marker_names[index] : "?";
    return "?";
}

/* The name whose key a table filter holds: a card of the table with that name ("" when none). */
static const char *table_name_of(const bsk_card_table *table, uint32_t key)
{
    for (int i = 0; i < table->count; i++)
        if (table->name_key[i] == key)
            return table->entries[i].card->name;
    return "";
}

/* The CardFilter object of a filter index (an empty object for 0 or an unknown index). */
static json_t *filter_json(const json_context *jc, int index)
{
    json_t *o = json_object();
    const bsk_feature_filter *f;
    const char *name = "";
    if (jc && jc->card && index > 0 && index <= jc->card->filter_count) {
        f = &jc->card->filters[index - 1].filter;
        name = jc->card->filters[index - 1].name;
    } else if (jc && !jc->card && jc->table && index > 0 && index < jc->table->filter_count) {
        f = &jc->table->filters[index];
        if (f->name_key)
            name = table_name_of(jc->table, f->name_key);
    } else
        return o;
    struct {
        const char *key;
        uint64_t set;
        const char *(*id)(int);
        int count;
    } sets[] = {{"type", f->types, bsk_type_id, BSK_TYPE_COUNT},
                {"subtype", f->subtypes, bsk_subtype_id, BSK_SUBTYPE_COUNT},
                {"subtype_not", f->subtypes_not, bsk_subtype_id, BSK_SUBTYPE_COUNT},
                {"elements", f->elements, bsk_element_id, BSK_ELEMENT_COUNT},
                {"classes", f->classes, bsk_class_id, BSK_CLASS_COUNT},
                {"has_keyword", f->keywords, bsk_keyword_name, BSK_KEYWORD_COUNT},
                {"lacks_keyword", f->keywords_not, bsk_keyword_name, BSK_KEYWORD_COUNT}}; /* grave10 */
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
        if (!sets[k].set)
            continue;
        json_object_set_new(o, sets[k].key, set_json(sets[k].set, NULL, sets[k].id, sets[k].count));
    }
    if (f->side)
        json_object_set_new(o, "side", json_string(SIDES[f->side]));
    if (f->states)
        json_object_set_new(o, "state", set_json(f->states, FILTER_STATES, NULL, 8));
    if (f->incorporeal)
        json_object_set_new(o, "incorporeal", json_boolean(f->incorporeal == BSK_FILTER_YES));
    if (f->adjacent_to)
        json_object_set_new(o, "adjacent_to", json_string(FILTER_NEAR[f->adjacent_to]));
    if (f->diagonal_to)
        json_object_set_new(o, "diagonal_to", json_string(FILTER_NEAR[f->diagonal_to]));
    if (f->behind)
        json_object_set_new(o, "behind", json_string(FILTER_NEAR[f->behind]));
    if (f->in_front)
        json_object_set_new(o, "in_front", json_string(FILTER_NEAR[f->in_front]));
    if (f->left_of) /* curse4 */
        json_object_set_new(o, "left_of", json_string(FILTER_NEAR[f->left_of]));
    if (f->right_of)
        json_object_set_new(o, "right_of", json_string(FILTER_NEAR[f->right_of]));
    if (f->in_row)
        json_object_set_new(o, f->in_row > 3 ? "in_any_row" : "in_row", json_integer(f->in_row > 3 ? f->in_row - 3 : f->in_row));
    if (f->line & BSK_FILTER_LINE_ROW)
        json_object_set_new(o, "row", json_string("self"));
    if (f->line & BSK_FILTER_LINE_COLUMN)
        json_object_set_new(o, "column", json_string("self"));
    if (f->cost_op)
    {
        json_t *cost = json_pack("{s:s,s:o}", "op", FILTER_COST_OPS[f->cost_op], "value",
                                 f->cost_value == -2  ? json_string("target") /* grave10 */
                                 : f->cost_value < 0 ? json_string("self")
                                                     : json_integer(f->cost_value));
        if (f->cost_plus) /* spawn11 (issue 23) */
            json_object_set_new(cost, "plus", json_integer(f->cost_plus));
        json_object_set_new(o, "cost", cost);
    }
    if (f->in_graveyard) /* grave10 (issue 23): 205 */
        json_object_set_new(o, "zone", json_string("graveyard"));
    if (f->host_of) /* grave10: 211 «хозяин» */
        json_object_set_new(o, "host_of", json_string(FILTER_NEAR[f->host_of]));
    if (f->ahead_of_row)
        json_object_set_new(o, "ahead_of_row", json_integer(f->ahead_of_row));
    if (f->elite)
        json_object_set_new(o, "elite", json_boolean(f->elite == BSK_FILTER_YES));
    if (f->moved_last_turn) /* times3 (issue 22): 538.2 */
        json_object_set_new(o, "moved_last_turn", json_boolean(f->moved_last_turn == BSK_FILTER_YES));
    if (f->moved_this_turn) /* trig5 (issue 23): 538.2 */
        json_object_set_new(o, "moved_this_turn", json_boolean(f->moved_this_turn == BSK_FILTER_YES));
    if (f->same_cell) /* move8 (issue 23): 524.2 */
        json_object_set_new(o, "same_cell", json_string(FILTER_NEAR[f->same_cell]));
    if (f->magic_ability) /* move8: glossary «Магическая способность» */
        json_object_set_new(o, "magic_ability", json_boolean(f->magic_ability == BSK_FILTER_YES));
    if (f->life_parity) /* batl9 */
        json_object_set_new(o, "life", json_string(f->life_parity == BSK_FILTER_YES ? "even" : "odd"));
    if (f->name_key)
        json_object_set_new(o, "name", json_string(name));
    if (f->not_self)
        json_object_set_new(o, "not_self", json_true());
    if (f->fewest_wounds) /* dice5 */
        json_object_set_new(o, "fewest_wounds", json_true());
    if (f->within) /* token6 (issue 23): 547.1.1 */
        json_object_set_new(o, "within", json_integer(f->within));
    if (f->armor_left) /* guard10 (issue 23): glossary «Броня X» */
        json_object_set_new(o, "armor_left", json_integer(f->armor_left));
    if (f->movement_max) /* count12 (issue 23): 506 */
        json_object_set_new(o, "movement_max", f->movement_max == BSK_FILTER_MOVEMENT_X
                                                   ? json_string("X")
                                                   : json_integer(f->movement_max - 1));
    if (f->element_of) /* 106.2.3 */
        json_object_set_new(o, "element_of", json_string(f->element_of == BSK_FILTER_ELEMENT_SAME ? "same" : "different"));
    if (f->marker) { /* group3 (issue 22): 544.3 */
        const char *marker = marker_name_of(jc, f->marker - 1);
        json_t *m = json_pack("{s:s,s:i}", "name", marker, "min", f->marker_min);
        if (f->marker_counting)
            json_object_set_new(m, "counting", json_true());
        json_object_set_new(o, "markers", m);
    }
    if (f->cell_marker) { /* cell7 (issue 23): 544.1, 544.3 */
        const char *marker = marker_name_of(jc, f->cell_marker - 1);
        json_object_set_new(o, "cell_markers", json_pack("{s:s,s:i}", "name", marker, "min", f->cell_marker_min));
    }
    return o;
}

/* ---- Features ---- */

/* The trigger object: event, and who it listens to (source / side / filter / role / turn_of),
 * with on_attack's strike filters (ability, strength). */
/* prebattle12 (issue 23): a before_recruitment trigger (403.1, glossary «До набора отряда»): "gold" N (1..25, the
 * crystals paid from the recruitment's gold, 402.1), "self" "squad" | "graveyard" (required: the card is taken into
 * the squad, 403.1.1, or put into the graveyard, 205.1) and "grave" (a card of the deal matching a filter of the face
 * put into the graveyard). Those keys on another event, or another key on this one, are refused. */
static bsk_status parse_before_recruitment(const bsk_json_reader *ctx, const char *path, const json_t *value,
                                           bsk_feature *f, bsk_synthetic_card *card)
{
    static const char *const ours[] = {"gold", "self", "grave"};
    if (f->event != BSK_BEFORE_RECRUITMENT) {
        for (int i = 0; i < 3; i++)
            if (json_object_get(value, ours[i]))
                return refuse(ctx, path, ours[i], "only a before_recruitment trigger pays gold, names its own card's "
                                                  "way or puts a card of the deal into the graveyard (403.1)");
        return BSK_OK;
    }
    static const char *const keys[] = {"event", "gold", "self", "grave"};
    bsk_status status = bsk_json_check_keys(ctx, path, value, keys, 4, 1);
    if (status)
        return status;
    const json_t *gold = json_object_get(value, "gold"), *self = json_object_get(value, "self"),
                 *grave = json_object_get(value, "grave");
    char at[BSK_ERROR_PATH_MAX];
    if (gold) {
        bsk_json_join_path(at, sizeof at, path, "gold");
        if (!json_is_integer(gold) || json_integer_value(gold) < 1 || json_integer_value(gold) > 25)
            return bsk_json_schema_error(ctx, at, "expected the gold crystals paid, 1..25 (402.1)");
        f->recruit_gold = (uint8_t)json_integer_value(gold);
    }
    static const char *const ways[] = {"squad", "graveyard"};
    bsk_json_join_path(at, sizeof at, path, "self");
    const char *way = json_is_string(self) ? json_string_value(self) : NULL;
    if (!self)
        return bsk_json_schema_error(ctx, at, "missing required field");
    for (int i = 0; i < 2 && way; i++)
        if (strcmp(way, ways[i]) == 0)
            f->recruit_self = (uint8_t)(BSK_BEFORE_SELF_SQUAD + i);
    if (!f->recruit_self)
        return bsk_json_schema_error(ctx, at, "expected \"squad\" (taken into the squad, 403.1.1) or \"graveyard\" "
                                              "(put into the graveyard, 205.1)");
    if (grave) {
        bsk_json_join_path(at, sizeof at, path, "grave");
        if ((status = parse_filter(ctx, at, grave, card, &f->trigger_filter)))
            return status;
        const bsk_feature_filter *ff = f->trigger_filter ? &card->filters[f->trigger_filter - 1].filter : NULL;
        if (!ff || ff->side || ff->states || ff->adjacent_to || ff->same_cell || ff->diagonal_to || ff->behind ||
            ff->in_front || ff->left_of || ff->right_of || ff->in_row || ff->line || ff->marker || ff->cell_marker ||
            ff->moved_last_turn || ff->moved_this_turn || ff->within || ff->fewest_wounds || ff->in_graveyard ||
            ff->element_of || ff->magic_ability || ff->life_parity || ff->not_self)
            return bsk_json_schema_error(ctx, at, "expected the printed face of a card of the deal: type, subtype, "
                                                  "elements, classes, has_keyword, lacks_keyword, incorporeal, cost, "
                                                  "elite, name");
    }
    return BSK_OK;
}

static bsk_status parse_trigger(const bsk_json_reader *ctx, const char *path, const json_t *value, bsk_feature *f,
                                bsk_synthetic_card *card)
{
    static const char *const keys[] = {"event",    "source",   "side", "filter", "role", "turn_of",
                                       "ability",  "strength", /* events3 */ "fight_side", "miss", "first",
                                       /* dice3 */ "value", /* trig4 */ "at_least",
                                       /* curse4 (issue 23) */ "destroyed", "feature",
                                       /* dice5 (issue 23) */ "during",
                                       /* trig5 (issue 23) */ "moved", /* spawn8 (issue 23) */ "by",
                                       /* vamp8 (issue 23) */ "wounded", /* mark9 (issue 23) */ "movement",
                                       /* prebattle12 (issue 23): 403.1 */ "gold", "self", "grave"};
    if (!json_is_object(value))
        return bsk_json_schema_error(ctx, path, "expected a trigger object {\"event\", …}");
    bsk_status status = bsk_json_check_keys(ctx, path, value, keys, 23, 1);
    const char *events[BSK_FEATURE_EVENT_COUNT], *strikes[BSK_STRIKE_KIND_COUNT + 1];
    lib_words(bsk_feature_event_id, BSK_FEATURE_EVENT_COUNT, events);
    lib_words(bsk_strike_kind_id, BSK_STRIKE_KIND_COUNT, strikes);
    strikes[BSK_STRIKE_KIND_COUNT] = "strike"; /* the group: simple + counter-strike */
    int event;
    if (status || (status = get_word(ctx, path, value, "event", events, BSK_FEATURE_EVENT_COUNT, &event)))
        return status;
    f->event = (uint8_t)event;
    if ((status = parse_before_recruitment(ctx, path, value, f, card)))
        return status;
    bool turn = event == BSK_AT_TURN_START || event == BSK_AT_TURN_END;
    const json_t *source = json_object_get(value, "source"), *side = json_object_get(value, "side"),
                 *filter = json_object_get(value, "filter"), *role = json_object_get(value, "role");
    int w;
    f->role = BSK_ROLE_SELF;
    bool frame = event == BSK_ON_CONCENTRATION || event == BSK_ON_FRENZY || event == BSK_ON_VALHALLA;
    if (event == BSK_AT_BATTLE_START) { /* batl9: 406.1, its own card's, used once in the battle's start */
        static const char *const others[] = {"source", "side", "filter", "role", "turn_of"};
        for (int i = 0; i < 5; i++)
            if (json_object_get(value, others[i]))
                return refuse(ctx, path, others[i], "the start of the battle is heard by its own card only (406.1)");
    } else if (frame) { /* a keyword's frame: its own card and turn (glossary §1.2) */
        static const char *const others[] = {"source", "side", "filter", "role", "turn_of"};
        for (int i = 0; i < 5; i++)
            if (json_object_get(value, others[i]))
                return refuse(ctx, path, others[i], "a keyword frame's event is heard by its own card only");
    } else if (turn) {
        static const char *const others[] = {"source", "side", "filter", "role"};
        for (int i = 0; i < 4; i++)
            if (json_object_get(value, others[i]))
                return refuse(ctx, path, others[i], "a turn's event names whose turn with \"turn_of\" only");
        if (json_object_get(value, "turn_of")) {
            if ((status = get_word(ctx, path, value, "turn_of", TURNS, 3, &w)))
                return status;
            f->role = (uint8_t)(w == 0 ? BSK_ROLE_SELF : w == 1 ? BSK_ROLE_ENEMY : BSK_ROLE_ANY);
        }
    } else {
        if (json_object_get(value, "turn_of"))
            return refuse(ctx, path, "turn_of", "only a turn's event has \"turn_of\"");
        /* swap12 (issue 23): "role":"defending" with a "filter" on the event's card, the striker («существо
         * противника нападает … на [эту карту]», 05-213) */
        if ((source != NULL) + (side != NULL || (filter != NULL && !role)) + (role != NULL) > 1)
            return refuse(ctx, path, "source", "give one of \"source\", \"side\"/\"filter\" or \"role\" (a role "
                                               "may take a \"filter\" on the striker)");
        if (source && !(json_is_string(source) && strcmp(json_string_value(source), "self") == 0))
            return refuse(ctx, path, "source", "expected \"self\"");
        if (side || filter) {
            f->role = BSK_ROLE_ANY;
            if (side) {
                if ((status = get_word(ctx, path, value, "side", SIDES, 3, &w)))
                    return status;
                f->role = (uint8_t)(w == 0 ? BSK_ROLE_ANY : w == 1 ? BSK_ROLE_OWN : BSK_ROLE_ENEMY);
            }
            const json_t *adjacent = json_is_object(filter) ? json_object_get(filter, "adjacent_to") : NULL;
            if (filter && !side && !role && json_object_size(filter) == 1 && json_is_string(adjacent) &&
                strcmp(json_string_value(adjacent), "self") == 0)
                f->role = BSK_ROLE_ADJACENT; /* the shorthand: another card adjacent to this one */
            else if (filter) { /* glossary §6.2: the event's card matches the filter, seen from this card */
                char at[BSK_ERROR_PATH_MAX];
                bsk_json_join_path(at, sizeof at, path, "filter");
                if ((status = parse_filter(ctx, at, filter, card, &f->trigger_filter)))
                    return status;
                const bsk_feature_filter *tf = f->trigger_filter ? &card->filters[f->trigger_filter - 1].filter : NULL;
                const char *anchored = !tf                                       ? NULL
                                       : tf->adjacent_to > BSK_FILTER_NEAR_SELF ? "adjacent_to"
                                       : tf->diagonal_to > BSK_FILTER_NEAR_SELF ? "diagonal_to"
                                       : tf->behind > BSK_FILTER_NEAR_SELF      ? "behind"
                                                                                : NULL;
                if (anchored)
                    return refuse(ctx, at, anchored, "a trigger's filter is seen from its card: \"self\" only");
            }
        }
        if (role) {
            if (!json_is_string(role) || strcmp(json_string_value(role), "defending") != 0 ||
                (event != BSK_ON_ASSAULT && event != BSK_ON_STRIKE && event != BSK_ON_STRIKE_ROLLED))
                return refuse(ctx, path, "role", "expected \"defending\" (this card is the attacked or struck one), "
                                                 "for on_assault, on_attack and on_strike_rolled");
            f->role = BSK_ROLE_ATTACKED;
        }
    }
    unsigned abilities, strengths;
    if ((status = get_word_set(ctx, path, value, "ability", strikes, BSK_STRIKE_KIND_COUNT + 1, &abilities)) ||
        (status = get_word_set(ctx, path, value, "strength", STRENGTHS, 3, &strengths)))
        return status;
    /* react10 (issue 23): on_attack_wounds filters the kind of the strike that wounded («от немагической атаки») */
    bool kinds_heard = event == BSK_ON_ASSAULT || event == BSK_ON_DESTROYS || event == BSK_ON_ATTACK_WOUNDS;
    if ((abilities || strengths) && event != BSK_ON_STRIKE && event != BSK_ON_STRIKE_ROLLED && /* blow11 */
        (strengths || !kinds_heard))
        return refuse(ctx, path, abilities && !kinds_heard ? "ability" : "strength",
                      "only an on_attack trigger filters strikes (on_assault: their kind, incarn7; on_destroys: the "
                      "attack that destroyed, dice7; on_attack_wounds: the strike that wounded, react10)");
    if (abilities & (1u << BSK_STRIKE_KIND_COUNT))
        abilities = (abilities & ~(1u << BSK_STRIKE_KIND_COUNT)) | (1u << BSK_STRIKE_SIMPLE) | (1u << BSK_STRIKE_COUNTER);
    f->abilities = (uint16_t)abilities;
    f->strengths = (uint8_t)strengths;
    bool movement; /* mark9 (issue 23): «когда оно двигается» — a movement only (506.1; 506.6 a jump, a teleport), not a
                    * relocation by an effect (glossary «Перемещение»): on_move's values 1 and 2 (resolve.c) */
    if ((status = bsk_json_get_bool(ctx, path, value, "movement", &movement)))
        return status;
    if (movement && event != BSK_ON_MOVE)
        return refuse(ctx, path, "movement", "only an on_move trigger hears movements alone");
    if (movement)
        f->strengths = (1u << 1) | (1u << 2);
    /* events3 (issue 22): «в нападении» / «при отражении» (546.1), «при промахе [в нападении]» (515.5, 546.2),
     * «первое излечение за ход / за бой» (545.8) */
    const json_t *fight_side = json_object_get(value, "fight_side"), *miss = json_object_get(value, "miss"),
                 *first = json_object_get(value, "first");
    if ((fight_side || miss) && event != BSK_ON_STRIKE)
        return refuse(ctx, path, fight_side ? "fight_side" : "miss", "only an on_attack trigger names a side of the fight");
    if (miss && f->role == BSK_ROLE_ATTACKED)
        return refuse(ctx, path, "miss", "a miss is heard by the card that missed or its allies, not \"defending\"");
    if (fight_side) {
        if ((status = get_word(ctx, path, value, "fight_side", FIGHT_SIDES, 2, &w)))
            return status;
        f->fight_side = (uint8_t)(1u << w);
    }
    if (miss) {
        if ((status = get_word(ctx, path, value, "miss", FIGHT_SIDES, 3, &w)))
            return status;
        f->miss = (uint8_t)(w == 2 ? BSK_FIGHT_ASSAULT | BSK_FIGHT_DEFENCE : 1u << w);
    }
    if (first && event == BSK_ON_ATTACK_WOUNDS) { /* trig5: the wounded card's first from an attack this turn */
        if ((status = get_word(ctx, path, value, "first", FIRST_PER, 2, &w)))
            return status;
        f->first_per = (uint8_t)w;
    } else if (first) {
        if (event != BSK_ON_HEALED)
            return refuse(ctx, path, "first", "only on_heal and on_attack_wounds triggers count the first per turn "
                                              "(or battle, 545.8)");
        if (f->role == BSK_ROLE_SELF || f->role == BSK_ROLE_ATTACKED)
            return refuse(ctx, path, "first", "the first heal of a side's cards: give \"side\" or \"filter\"");
        if ((status = get_word(ctx, path, value, "first", FIRST_PER, 3, &w)))
            return status;
        f->first_per = (uint8_t)w;
    }
    const json_t *roll = json_object_get(value, "value"); /* branch dice3: «когда бросок кубика равен X» */
    if (roll && event != BSK_ON_DIE_ROLL && event != BSK_ON_LETHAL)
        return refuse(ctx, path, "value", "only an on_die_roll trigger names the roll's value (on_lethal: the current "
                                          "life before)");
    if (roll && event == BSK_ON_LETHAL) { /* spawn8 (issue 23): «существо с 1 текущей {health}» */
        char at[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(at, sizeof at, path, "value");
        if (!json_is_integer(roll) || json_integer_value(roll) < 1 || json_integer_value(roll) > 6)
            return bsk_json_schema_error(ctx, at, "expected an integer 1..6 (the current life before)");
        f->roll_value = (uint8_t)json_integer_value(roll);
    } else if (roll) {
        char at[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(at, sizeof at, path, "value");
        const json_t *most = json_is_object(roll) ? json_object_get(roll, "at_most") : NULL;
        if (json_is_string(roll) && strcmp(json_string_value(roll), "above_cost") == 0)
            f->roll_value = BSK_ROLL_ABOVE_COST; /* dice5: «больше его стоимости» */
        else if (json_is_object(roll) && json_object_size(roll) == 1 && json_is_integer(most) &&
                 json_integer_value(most) >= 1 && json_integer_value(most) <= 6)
            f->roll_value = (uint8_t)(BSK_ROLL_AT_MOST + json_integer_value(most)); /* dice7: «X или менее» */
        else if (!json_is_integer(roll) || json_integer_value(roll) < 1 || json_integer_value(roll) > 6)
            return bsk_json_schema_error(ctx, at, "expected an integer 1..6, {\"at_most\": 1..6} or \"above_cost\"");
        else
            f->roll_value = (uint8_t)json_integer_value(roll);
    }
    if (json_object_get(value, "during")) { /* dice5: «в ход противника» */
        static const char *const durings[BSK_DURING_COUNT] = {"any_turn", "own_turn", "opponents_turn"};
        if (turn || frame)
            return refuse(ctx, path, "during", "a turn's event or a keyword frame names its turn already");
        if ((status = get_word(ctx, path, value, "during", durings, BSK_DURING_COUNT, &w)))
            return status;
        f->during = (uint8_t)w;
    }
    /* trig4 (issue 23): «теряет 2 или более фишек», «получает 2 или более ран»: the event's value at once */
    const json_t *at_least = json_object_get(value, "at_least");
    if (at_least && event != BSK_ON_COUNTERS_LOST && event != BSK_ON_WOUNDED &&
        event != BSK_ON_ATTACK_WOUNDS) /* fend6: «3 или более раны от одной атаки» */
        return refuse(ctx, path, "at_least", "only on_counters_lost, on_wounds_taken and on_attack_wounds count how many "
                                             "at once");
    if (at_least) {
        char at[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(at, sizeof at, path, "at_least");
        if (!json_is_integer(at_least) || json_integer_value(at_least) < 1 || json_integer_value(at_least) > 99)
            return bsk_json_schema_error(ctx, at, "expected an integer 1..99");
        f->at_least = (uint8_t)json_integer_value(at_least);
    }
    /* curse4 (issue 23): «когда уничтожает [карту]» (509.1.1): the destroyed card's filter, seen from this card */
    const json_t *destroyed = json_object_get(value, "destroyed");
    if (destroyed && event != BSK_ON_DESTROYS)
        return refuse(ctx, path, "destroyed", "only an on_destroys trigger filters the destroyed card");
    /* trig5 (issue 23): on_tapped_to_move's "moved": the card whose move the tap paid, in the same field */
    const json_t *moved = json_object_get(value, "moved");
    if (moved && event != BSK_ON_TAPPED_TO_MOVE)
        return refuse(ctx, path, "moved", "only an on_tapped_to_move trigger filters the card moved");
    if (moved)
        destroyed = moved;
    /* spawn8 (issue 23): on_attack_wounds's "by": the striker («от атаки карты противника»), in the same field */
    const json_t *by = json_object_get(value, "by");
    if (by && event != BSK_ON_ATTACK_WOUNDS)
        return refuse(ctx, path, "by", "only an on_attack_wounds trigger filters the striker");
    if (by)
        destroyed = by;
    /* vamp8 (issue 23): on_effect_wounds's "wounded": the card its effect wounded, as it was before the wounds */
    const json_t *wounded = json_object_get(value, "wounded");
    if (wounded && event != BSK_ON_EFFECT_WOUNDS)
        return refuse(ctx, path, "wounded", "only an on_effect_wounds trigger filters the wounded card");
    if (wounded)
        destroyed = wounded;
    if (destroyed) {
        char at[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(at, sizeof at, path, moved ? "moved" : by ? "by" : wounded ? "wounded" : "destroyed");
        if ((status = parse_filter(ctx, at, destroyed, card, &f->destroyed_filter)))
            return status;
        const bsk_feature_filter *df = f->destroyed_filter ? &card->filters[f->destroyed_filter - 1].filter : NULL;
        if (df && (df->adjacent_to > BSK_FILTER_NEAR_SELF || df->diagonal_to > BSK_FILTER_NEAR_SELF ||
                   df->behind > BSK_FILTER_NEAR_SELF))
            return refuse(ctx, at, "adjacent_to", "the destroyed card is seen from this card: \"self\" only");
    }
    /* curse4: «если [карта] должна получить [K] – вместо этого …» (535, 518.2): the keyword whose gain it replaces */
    const json_t *feature = json_object_get(value, "feature");
    if (feature && event != BSK_WOULD_GAIN_FEATURE)
        return refuse(ctx, path, "feature", "only a would_gain_feature trigger names the feature gained");
    if (feature) {
        static const char *const feature_keys[] = {"id"};
        char at[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(at, sizeof at, path, "feature");
        const json_t *id = json_is_object(feature) ? json_object_get(feature, "id") : NULL;
        int keyword = json_is_string(id) ? bsk_keyword_parse(json_string_value(id)) : -1;
        if (json_is_object(feature) && (status = bsk_json_check_keys(ctx, at, feature, feature_keys, 1, 1)))
            return status;
        if (keyword < 0 || !bsk_keyword_runs((bsk_keyword_id)keyword) || bsk_keyword_takes_values(keyword))
            return bsk_json_schema_error(ctx, at, "expected {\"id\": a keyword the engine runs (\"curse\" …)}");
        f->gain_keyword = (uint8_t)(keyword + 1);
    }
    return BSK_OK;
}

/* mark9 (issue 23): "marker": NAME — the feature a named marker of that name carries (544.1: the marked card or cell
 * gets it as an acquired feature, described in the brackets of the placing sentence), never its own card's. A
 * trigger without a limit (545.7 counts a card's executions); its records alone name "placer" (544.4: the card that
 * placed this marker, a unit marker's) and "marked" (544.6: the cards on this marker's cell). */
static bool chosen_selector(int t);
static bool chosen_selector_of(int t) { return chosen_selector(t); }
static bsk_status parse_marker_feature(const bsk_json_reader *ctx, const char *path, const json_t *value,
                                       bsk_feature *out, bsk_synthetic_card *card)
{
    const json_t *name = json_object_get(value, "marker");
    bool names = false;
    for (int k = 0; k < out->effect_count; k++)
        names |= out->effects[k].target == BSK_TARGET_PLACER || out->effects[k].target == BSK_TARGET_MARKED;
    if (!name) {
        /* farro13 (issue 23): a given feature's records name the card that gave it "placer" (as 544.4's placer) */
        bool given = json_is_true(json_object_get(value, "given")), marked = false;
        for (int k = 0; k < out->effect_count; k++)
            marked |= out->effects[k].target == BSK_TARGET_MARKED;
        if (names && (!given || marked))
            return refuse(ctx, path, "abilities", "\"placer\" and \"marked\" are a marker's feature's targets "
                                                  "(\"marker\": NAME; \"placer\" a given feature's too)");
        return BSK_OK;
    }
    char at[BSK_ERROR_PATH_MAX];
    bsk_json_join_path(at, sizeof at, path, "marker");
    if (!json_is_string(name) || json_string_length(name) == 0 || json_string_length(name) >= BSK_MARKER_NAME_MAX ||
        strcmp(json_string_value(name), "incarnation") == 0)
        return bsk_json_schema_error(ctx, at, "expected a marker name of 1..%d bytes (not incarnation)",
                                     BSK_MARKER_NAME_MAX - 1);
    if (out->kind != BSK_FEATURE_TRIGGERED || out->limit_per || out->mode)
        return refuse(ctx, path, "marker", "a marker carries a triggered feature without a limit or an «или»");
    for (int k = 0; k < out->effect_count; k++)
        if (chosen_selector_of(out->effects[k].target))
            return refuse(ctx, path, "marker", "a marker's feature chooses no target");
    return marker_number(ctx, at, card, json_string_value(name), &out->marker);
}

/* Whether target selector t is chosen when the feature is declared. */
static bool chosen_selector(int t)
{
    return t == BSK_TARGET_ADJACENT_ENEMY || t == BSK_TARGET_ANY_ENEMY || t == BSK_TARGET_CHOSEN ||
           t == BSK_TARGET_GROUP; /* group3 */
}

/* An ability's target: {"ref":"self"|"attacked"|"attacker"} or {"count":1|"all","filter":{…}}: the
 * three shorthand filters of before (an adjacent enemy, any enemy, every enemy creature) keep their
 * selectors; any other filter is BSK_TARGET_CHOSEN (count 1) or BSK_TARGET_ALL with `filter` its
 * index in the card's filter list. */
static bsk_status parse_ability_target(const bsk_json_reader *ctx, const char *path, const json_t *value, int *out,
                                       uint8_t *filter_index, uint8_t *group, bsk_synthetic_card *card)
{
    static const char *const keys[] = {"ref", "count", "filter", "up_to"};
    *out = BSK_TARGET_SELF;
    *filter_index = 0;
    *group = 0;
    if (!value)
        return BSK_OK;
    bsk_status status = BSK_OK;
    if (!json_is_object(value) || (status = bsk_json_check_keys(ctx, path, value, keys, 4, 0)))
        return json_is_object(value) ? status
                                     : bsk_json_schema_error(ctx, path, "expected {\"ref\"} or {\"count\", \"filter\"}");
    const json_t *ref = json_object_get(value, "ref"), *count = json_object_get(value, "count"),
                 *filter = json_object_get(value, "filter");
    if (ref) {
        static const char *const refs[] = {"self", "attacked", "attacker"};
        int w;
        if (count || filter)
            return refuse(ctx, path, "ref", "give \"ref\" or \"count\" with \"filter\", not both");
        if ((status = get_word(ctx, path, value, "ref", refs, 3, &w)))
            return status;
        *out = w == 0 ? BSK_TARGET_SELF : BSK_TARGET_ATTACKED;
        return BSK_OK;
    }
    /* the enemy target filters the engine knows (glossary §6.2 CardFilter) */
    const json_t *side = json_is_object(filter) ? json_object_get(filter, "side") : NULL;
    const json_t *adjacent = json_is_object(filter) ? json_object_get(filter, "adjacent_to") : NULL;
    const json_t *type = json_is_object(filter) ? json_object_get(filter, "type") : NULL;
    bool enemy = json_is_string(side) && strcmp(json_string_value(side), "enemy") == 0;
    bool all = json_is_string(count) && strcmp(json_string_value(count), "all") == 0;
    bool one = json_is_integer(count) && json_integer_value(count) == 1;
    /* group3 (issue 22): N cards chosen, one group target (528.7) */
    bool x_count = json_is_string(count) && strcmp(json_string_value(count), "X") == 0;
    bool several = x_count || (json_is_integer(count) && json_integer_value(count) >= 2 &&
                               json_integer_value(count) <= BSK_FEATURE_GROUP_MAX);
    bool creature = json_is_array(type) && json_array_size(type) == 1 && json_is_string(json_array_get(type, 0)) &&
                    strcmp(json_string_value(json_array_get(type, 0)), "creature") == 0;
    bool by_self = json_is_string(adjacent) && strcmp(json_string_value(adjacent), "self") == 0;
    size_t keys_in = json_is_object(filter) ? json_object_size(filter) : 0;
    const json_t *up_to = json_object_get(value, "up_to"); /* turn10: «до N» */
    if (up_to && (!json_is_true(up_to) || !several || x_count))
        return refuse(ctx, path, "up_to", "expected true beside a \"count\" 2..8 («до N»)");
    if (enemy && one && !type && by_self && keys_in == 2)
        *out = BSK_TARGET_ADJACENT_ENEMY;
    else if (enemy && one && !type && !adjacent && keys_in == 1)
        *out = BSK_TARGET_ANY_ENEMY;
    else if (enemy && all && creature && !adjacent && keys_in == 2)
        *out = BSK_TARGET_EVERY_ENEMY;
    else if (one || all || several) {
        char at[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(at, sizeof at, path, "filter");
        if (!filter)
            return bsk_json_schema_error(ctx, at, "missing required field");
        if ((status = parse_filter(ctx, at, filter, card, filter_index)))
            return status;
        const bsk_feature_filter *ff = *filter_index ? &card->filters[*filter_index - 1].filter : NULL;
        const char *names_target = !(one || several) || !ff                      ? NULL
                                   : ff->adjacent_to == BSK_FILTER_NEAR_TARGET ? "adjacent_to"
                                   : ff->diagonal_to == BSK_FILTER_NEAR_TARGET ? "diagonal_to"
                                   : ff->behind == BSK_FILTER_NEAR_TARGET      ? "behind"
                                                                               : NULL;
        if (names_target)
            return refuse(ctx, at, names_target, "\"target\" is the chosen card: only a count \"all\" filter or a "
                                                 "count names it");
        *out = one ? BSK_TARGET_CHOSEN : several ? BSK_TARGET_GROUP : BSK_TARGET_ALL;
        *group = x_count ? BSK_FEATURE_GROUP_X : several ? (uint8_t)json_integer_value(count) : 0;
        if (json_object_get(value, "up_to"))
            *group |= BSK_FEATURE_GROUP_UP_TO;
    } else
        return refuse(ctx, path, "count", "expected 1 (a chosen card), 2..8 or \"X\" (a group of chosen cards) or "
                                          "\"all\"");
    return BSK_OK;
}

/* An effect's named feature {"id", "X"} (gain_feature, lose_feature): poison turns the op into
 * BSK_OP_POISON (its own op: 518.3, 532); any other keyword the engine runs, not an attack ability
 * (no effect gives one: the card table holds a card's attacks). */
static bsk_status parse_effect_feature(const bsk_json_reader *ctx, const char *path, const json_t *value, int *op,
                                       bsk_feature_effect *out)
{
    static const char *const feature_keys[] = {"id", "X"};
    const json_t *feature = json_object_get(value, "feature");
    char at[BSK_ERROR_PATH_MAX];
    bsk_json_join_path(at, sizeof at, path, "feature");
    const json_t *id = json_is_object(feature) ? json_object_get(feature, "id") : NULL;
    bsk_status status;
    if (*op == BSK_OP_GAIN_FEATURE && json_is_object(feature) && json_object_get(feature, "card")) {
        /* branch posio: {"card":"self","src":N}: the source card's feature N (glossary §1.6) */
        static const char *const card_keys[] = {"card", "src"};
        const json_t *card = json_object_get(feature, "card");
        int src;
        if ((status = bsk_json_check_keys(ctx, at, feature, card_keys, 2, 2)))
            return status;
        bool other = json_is_string(card) && strcmp(json_string_value(card), "target") == 0; /* acquired4 */
        if (!json_is_string(card) || (strcmp(json_string_value(card), "self") != 0 && !other))
            return refuse(ctx, at, "card", "\"self\" (the feature's own card) or \"target\" (the card it targets)");
        out->feature_card = (uint8_t)(other ? BSK_FEATURE_CARD_TARGET : BSK_FEATURE_CARD_SELF);
        if ((status = bsk_json_get_int(ctx, at, feature, "src", 0, 1, 255, false, &src)))
            return status;
        if (json_object_get(value, "X") || json_object_get(value, "n"))
            return refuse(ctx, path, json_object_get(value, "X") ? "X" : "n", "an acquired feature takes no value");
        out->feature_src = (uint8_t)src;
        return BSK_OK;
    }
    if (!json_is_object(feature) || !json_is_string(id))
        return bsk_json_schema_error(ctx, at, "expected {\"id\": a keyword id, \"X\": 1..99}");
    if ((status = bsk_json_check_keys(ctx, at, feature, feature_keys, 2, 1)))
        return status;
    if (json_object_get(value, "X") || json_object_get(value, "n"))
        return refuse(ctx, path, json_object_get(value, "X") ? "X" : "n", "a named feature's X is the feature's");
    int x = 0;
    bool lose = *op == BSK_OP_LOSE_FEATURE;
    if (strcmp(json_string_value(id), "poison") == 0 && !lose) { /* glossary «Отравить на X» */
        if ((status = bsk_json_get_int(ctx, at, feature, "X", 0, 1, 99, false, &x)))
            return status;
        *op = BSK_OP_POISON;
        out->value = (bsk_expr){BSK_EXPR_CONST, 0, (int8_t)x};
        return BSK_OK;
    }
    int keyword = bsk_keyword_parse(json_string_value(id));
    char field[BSK_ERROR_PATH_MAX];
    bsk_json_join_path(field, sizeof field, at, "id");
    /* move8 (issue 23): an attack ability is gained only as its card's own printed one (the keyword tag of this
     * sentence, «получает {tap}: Магический удар на 1»): on self, with no X (card_table.c granted_attack) */
    bool attack = keyword >= 0 && bsk_keyword_takes_values(keyword);
    if (keyword < 0 || !bsk_keyword_runs((bsk_keyword_id)keyword) ||
        (attack && (lose || keyword == BSK_KEYWORD_FINISHING_BLOW)))
        return bsk_json_schema_error(ctx, field, "expected a keyword id the engine runs, an attack ability only as "
                                                 "a gain (\"armor\", \"regeneration\", \"poison\", \"magic_strike\", …)");
    if (attack && json_object_get(feature, "X"))
        return refuse(ctx, at, "X", "an attack ability gained is its card's printed one (its keyword's values)");
    if (lose && json_object_get(feature, "X"))
        return refuse(ctx, at, "X", "a named feature is lost at any X (528.10)");
    if (!lose && (status = bsk_json_get_int(ctx, at, feature, "X", 0, 0, 99, false, &x)))
        return status;
    if (*op == BSK_OP_POISON)
        *op = BSK_OP_GAIN_FEATURE;
    out->keyword = (uint8_t)keyword;
    out->value = (bsk_expr){BSK_EXPR_CONST, 0, (int8_t)x};
    return BSK_OK;
}

/* static2 (issue 22): a delayed record's "when" (BSK_DELAY_*). */
static const char *const DELAYS[BSK_DELAY_COUNT] = {"end_of_turn", "end_of_next_turn", "start_of_next_own_turn"};

/* The parameters of the ops with BSK_OPM_LASTS, attack_modifier and relocate: "duration", "attack", "to". */
static bsk_status parse_effect_params(const bsk_json_reader *ctx, const char *path, const json_t *value, int op,
                                      bsk_feature_effect *out)
{
    static const char *const durations[] = {"battle", "end_of_turn", "end_of_next_turn", "while",
                                            "roll", "attack", /* branch dice5: 122.4.1 */
                                            "end_of_opponent_turn", "opponent_next_turn", /* branch shield6 */
                                            "end_of_target_turn", /* mark9 */
                                            "next_attack", "next_attack_end_of_turn"}; /* move11 */
    static const char *const places[] = {"adjacent", "orthogonal", "any", "teleport", "back", "rows_2_3",
                                         /* react10 (issue 23) */ "away_from_attacker",
                                         /* move11 (issue 23) */ "next_to_self",
                                         /* count12 (issue 23) */ "forward",
                                         /* swap12 (issue 23) */ "swap"};
    _Static_assert(sizeof durations / sizeof durations[0] == BSK_FEATURE_DURATION_COUNT, "one word per duration");
    _Static_assert(sizeof places / sizeof places[0] == BSK_RELOCATE_COUNT, "one word per relocation rule");
    unsigned modes = bsk_feature_op_modes(op);
    bsk_status status;
    int w;
    if (json_object_get(value, "duration")) {
        if (!(modes & BSK_OPM_LASTS) && op != BSK_OP_CELL_MARKER_ADD && /* cell7: a marker «до конца хода» */
            op != BSK_OP_PLACE_NAMED_MARKER) /* mark9: a unit marker's feature «до конца своего хода» */
            return refuse(ctx, path, "duration", "this op makes no effect that lasts (glossary §3.2)");
        if ((status = get_word(ctx, path, value, "duration", durations, BSK_FEATURE_DURATION_COUNT, &w)))
            return status;
        out->duration = (uint8_t)w;
        if ((w == BSK_FDURATION_END_OF_TARGET_TURN) != (op == BSK_OP_PLACE_NAMED_MARKER) &&
            !(op == BSK_OP_PLACE_NAMED_MARKER && (w == BSK_FDURATION_BATTLE || w == BSK_FDURATION_END_OF_TURN)))
            return refuse(ctx, path, "duration", "a named marker on a card lasts the battle, until the end of the turn "
                                                 "or until the end of its own turn (end_of_target_turn: only there)");
        if (op == BSK_OP_CELL_MARKER_ADD && w != BSK_FDURATION_BATTLE && w != BSK_FDURATION_END_OF_TURN)
            return refuse(ctx, path, "duration", "a cell marker lasts the battle or until the end of the turn");
        if (w == BSK_FDURATION_OPPONENT_NEXT_TURN && op != BSK_OP_SIDE_PREVENTION)
            return refuse(ctx, path, "duration", "only side_prevention lasts the opponent's next turn alone");
        if ((w == BSK_FDURATION_NEXT_ATTACK || w == BSK_FDURATION_NEXT_ATTACK_END_OF_TURN) && op != BSK_OP_ATTACK_MODIFIER)
            return refuse(ctx, path, "duration", "only attack_modifier lasts until the card's next attack (move11)");
        if ((w == BSK_FDURATION_ROLL || w == BSK_FDURATION_ATTACK) && op == BSK_OP_SIDE_PREVENTION)
            return refuse(ctx, path, "duration", "a side's prevention lasts turns, not one game action");
    }
    if (json_object_get(value, "roller")) { /* focus8 (issue 23): «следующий бросок кубика вашей карты» (519.5) */
        const json_t *roller = json_object_get(value, "roller");
        char at[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(at, sizeof at, path, "roller");
        if (op != BSK_OP_NEXT_ROLL_EQUALS)
            return refuse(ctx, path, "roller", "only next_roll_equals names whose next roll it is");
        if (!json_is_string(roller) || strcmp(json_string_value(roller), "own") != 0)
            return bsk_json_schema_error(ctx, at, "expected \"own\" (the next roll of any card of the controller's)");
        out->param = BSK_ROLLER_OWN;
    }
    if (json_object_get(value, "max") || op == BSK_OP_SIDE_PREVENTION) { /* branch shield6: «(максимум M)» */
        const json_t *max = json_object_get(value, "max");
        char at[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(at, sizeof at, path, "max");
        if (max && op != BSK_OP_SIDE_PREVENTION)
            return refuse(ctx, path, "max", "only side_prevention names a maximum");
        if (max && (!json_is_integer(max) || json_integer_value(max) < 1 || json_integer_value(max) > 99))
            return bsk_json_schema_error(ctx, at, "expected an integer 1..99");
        out->param = max ? (uint8_t)json_integer_value(max) : 0;
    }
    if (json_object_get(value, "attack")) {
        const char *kinds[BSK_STRIKE_KIND_COUNT + 1];
        unsigned set;
        lib_words(bsk_strike_kind_id, BSK_STRIKE_KIND_COUNT, kinds);
        kinds[BSK_STRIKE_KIND_COUNT] = "strike"; /* the group: simple + counter-strike (515) */
        if (op != BSK_OP_ATTACK_MODIFIER && op != BSK_OP_INCOMING_ATTACK_MODIFIER && op != BSK_OP_SET_ATTACK_STRENGTH &&
            op != BSK_OP_REDUCE_ATTACK_TO && op != BSK_OP_BLOCK && op != BSK_OP_REDIRECT &&
            op != BSK_OP_INCOMING_REDUCE_ATTACK_TO && op != BSK_OP_PROTECTION_FROM_ATTACKS &&
            op != BSK_OP_IGNORE_PROTECTION) /* farro13 */
            return refuse(ctx, path, "attack", "only attack_modifier and incoming_attack_modifier name attack kinds "
                                               "(and set_attack_strength, reduce_attack_value_to, "
                                               "incoming_reduce_attack_to, protection_from_attacks, "
                                               "ignore_protection, block, redirect)");
        if ((status = get_word_set(ctx, path, value, "attack", kinds, BSK_STRIKE_KIND_COUNT + 1, &set)))
            return status;
        if (set & (1u << BSK_STRIKE_KIND_COUNT))
            set = (set & ~(1u << BSK_STRIKE_KIND_COUNT)) | (1u << BSK_STRIKE_SIMPLE) | (1u << BSK_STRIKE_COUNTER);
        out->param = (uint16_t)set;
    } else if (op == BSK_OP_ATTACK_MODIFIER || op == BSK_OP_INCOMING_ATTACK_MODIFIER) /* «+X к удару»: the simple
                                                                   strike, a counter-strike too (515) */
        out->param = (uint8_t)((1u << BSK_STRIKE_SIMPLE) | (1u << BSK_STRIKE_COUNTER));
    if (json_object_get(value, "when") || op == BSK_OP_DELAYED) { /* static2: glossary §3.2 */
        if (op != BSK_OP_DELAYED)
            return refuse(ctx, path, "when", "only delayed names when");
        if ((status = get_word(ctx, path, value, "when", DELAYS, BSK_DELAY_COUNT, &w)))
            return status;
        out->param = (uint8_t)w;
    }
    bool kinds = op == BSK_OP_SET_ATTACK_STRENGTH || op == BSK_OP_REDUCE_ATTACK_TO || /* branch ops2 */
                 op == BSK_OP_INCOMING_REDUCE_ATTACK_TO ||                           /* fend6 */
                 op == BSK_OP_PROTECTION_FROM_ATTACKS;                               /* guard10 */
    if (!json_object_get(value, "attack") && op == BSK_OP_IGNORE_PROTECTION) /* farro13: the protections of a kind */
        return refuse(ctx, path, "attack", "missing required field (the attack kinds whose protections it ignores)");
    if (!json_object_get(value, "attack") && kinds) /* «удар»: the simple strike, a counter-strike too (515) */
        out->param = (uint8_t)((1u << BSK_STRIKE_SIMPLE) | (1u << BSK_STRIKE_COUNTER));
    if (json_object_get(value, "to") && op == BSK_OP_RETURN_TO_DECK) { /* branch ops2: 204.4 */
        static const char *const deck_places[] = {"shuffled", "top", "bottom"};
        _Static_assert(sizeof deck_places / sizeof deck_places[0] == BSK_DECK_PLACE_COUNT, "one word per place");
        if ((status = get_word(ctx, path, value, "to", deck_places, BSK_DECK_PLACE_COUNT, &w)))
            return status;
        out->place = (uint8_t)w;
    } else if (json_object_get(value, "to")) {
        if (op != BSK_OP_RELOCATE)
            return refuse(ctx, path, "to", "only relocate and return_to_deck name where to");
        if ((status = get_word(ctx, path, value, "to", places, BSK_RELOCATE_COUNT, &w)))
            return status;
        out->param = (uint8_t)w;
    }
    if (json_object_get(value, "element") || op == BSK_OP_ADD_ELEMENT || op == BSK_OP_SET_ELEMENT) { /* 106.2.1 */
        char at[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(at, sizeof at, path, "element");
        const json_t *element = json_object_get(value, "element");
        int e = json_is_string(element) ? bsk_element_parse(json_string_value(element)) : -1;
        if (op != BSK_OP_ADD_ELEMENT && op != BSK_OP_SET_ELEMENT)
            return refuse(ctx, path, "element", "only add_element and set_element name an element");
        if (e < 0 || e >= BSK_ELEMENT_COUNT)
            return bsk_json_schema_error(ctx, at, element ? "expected plains, mountains, forests, swamps or darkness"
                                                          : "missing required field");
        out->param = (uint8_t)e;
    }
    if (json_object_get(value, "strength") || op == BSK_OP_SET_ATTACK_STRENGTH) { /* branch ops2: 520.2 a */
        if (op != BSK_OP_SET_ATTACK_STRENGTH)
            return refuse(ctx, path, "strength", "only set_attack_strength names a strength");
        if ((status = get_word(ctx, path, value, "strength", STRENGTHS, 3, &w)))
            return status;
        out->strength = (uint8_t)w;
    }
    if (json_object_get(value, "strengths")) { /* fend6 (issue 23): «средние и сильные атаки по …» */
        unsigned set;
        if (op != BSK_OP_INCOMING_REDUCE_ATTACK_TO)
            return refuse(ctx, path, "strengths", "only incoming_reduce_attack_to names the attacks' strengths");
        if ((status = get_word_set(ctx, path, value, "strengths", STRENGTHS, 3, &set)))
            return status;
        out->strength = (uint8_t)set;
    }
    /* times3 (issue 22): the way of acting (510.3, 540.1; default "act") and 540.3.1's no tap under the limit */
    bool ways = op == BSK_OP_ACTIONS_PER_TURN || op == BSK_OP_NO_TAP_AFTER;
    if (json_object_get(value, "action") && !ways)
        return refuse(ctx, path, "action", "only actions_per_turn and no_tap_after name a way of acting");
    if (json_object_get(value, "no_tap") && op != BSK_OP_ACTIONS_PER_TURN)
        return refuse(ctx, path, "no_tap", "only actions_per_turn says «после [i-й] … не закрывается» (540.3.1)");
    if (ways) {
        w = BSK_ACTIONS_ACT;
        if (json_object_get(value, "action") &&
            (status = get_word(ctx, path, value, "action", ACTION_WAYS, BSK_ACTIONS_COUNT, &w)))
            return status;
        out->param = (uint8_t)w;
        const json_t *no_tap = json_object_get(value, "no_tap");
        if (no_tap) {
            char at[BSK_ERROR_PATH_MAX];
            bsk_json_join_path(at, sizeof at, path, "no_tap");
            if (!json_is_boolean(no_tap))
                return bsk_json_schema_error(ctx, at, "expected true or false");
            if (json_is_true(no_tap))
                out->param |= BSK_ACTIONS_NO_TAP;
        }
    }
    return BSK_OK;
}

/* incarn7 (issue 23): the filter of the first record on the feature's chosen card (a record with no target, such
 * as lose_incarnation, may come before it). */
static uint8_t first_chosen_filter(const bsk_feature *f)
{
    for (int k = 0; k < f->effect_count; k++)
        if (chosen_selector(f->effects[k].target))
            return f->effects[k].filter;
    return f->effect_count ? f->effects[0].filter : 0;
}

/* compound3 (issue 22): an effect record's "link" to the records before it (505.4, BSK_LINK_*; absent:
 * "and") and "optional" («может» before it, 505.6). */
static const char *const LINKS[BSK_LINK_COUNT] = {"and", "else", "then_if", "while_doing", "then",
                                                          "or"}; /* incarn7: 505.4.8 */

static bsk_status parse_effect_link(const bsk_json_reader *ctx, const char *path, const json_t *value,
                                    bsk_feature_effect *out)
{
    bsk_status status;
    int w;
    if (json_object_get(value, "link")) {
        if ((status = get_word(ctx, path, value, "link", LINKS, BSK_LINK_COUNT, &w)))
            return status;
        out->link = (uint8_t)w;
    }
    const json_t *optional = json_object_get(value, "optional");
    if (optional) {
        char at[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(at, sizeof at, path, "optional");
        if (!json_is_boolean(optional))
            return bsk_json_schema_error(ctx, at, "expected true or false");
        out->optional = json_is_true(optional);
    }
    return BSK_OK;
}

/* One effect record {"op", "target", "X" | "n" | "feature", "duration", "attack", "to"}: the value an
 * integer or an expression ("2 per counter"); the modifiers' X is signed (+X / −X). */
static bsk_status parse_effect(const bsk_json_reader *ctx, const char *path, const json_t *value, int chosen,
                               bsk_feature_effect *out, uint8_t chosen_filter, bsk_synthetic_card *card)
{
    static const char *const keys[] = {"op", "target", "X", "n", "feature", "duration", "attack", "to", "name",
                                       "when", "strength",
                                       /* compound3 (issue 22, 505) */
                                       "link", "optional",
                                       /* 106.2.1: add_element, set_element */
                                       "element",
                                       /* times3 (issue 22, 510.3, 540) */
                                       "action", "no_tap", "if",
                                       /* dice5 (issue 23): redirect's conditions on the attack (512.6.4) */
                                       "from", "by",
                                       /* dice5: no_wounds_from_attacks */
                                       "values",
                                       /* trig5 (issue 23): an attack modifier's other card */
                                       "against",
                                       /* branch shield6 (issue 23): side_prevention's maximum */
                                       "max",
                                       /* fend6 (issue 23): incoming_reduce_attack_to's strengths */
                                       "strengths",
                                       /* cell7 (issue 23): a cell marker's cell */
                                       "cell",
                                       /* focus8 (issue 23): next_roll_equals's roller */
                                       "roller",
                                       /* fight9 (issue 23): the card a fight's target fights */
                                       "with",
                                       /* grave10 (issue 23): deck_to_graveyard's card */
                                       "card",
                                       /* recruit11 (issue 23): a static incarnate_open's cell and payment */
                                       "place", "pay",
                                       /* spawn11 (issue 23): a summoned card's state and wounds */
                                       "tapped", "wounds",
                                       /* swap12 (issue 23): a lasting attack modifier «по атакованному» */
                                       "against_card"};
    if (!json_is_object(value))
        return bsk_json_schema_error(ctx, path, "expected an effect object {\"op\", \"target\", …}");
    const char *ops[BSK_FEATURE_OP_COUNT];
    lib_words(bsk_feature_op_id, BSK_FEATURE_OP_COUNT, ops);
    ops[BSK_OP_POISON] = NULL; /* glossary «Отравить на X»: gain_feature {"id":"poison","X"} */
    bsk_status status = bsk_json_check_keys(ctx, path, value, keys, 32, 1);
    int op, target = 0;
    memset(out, 0, sizeof *out);
    if (status || (status = get_word(ctx, path, value, "op", ops, BSK_FEATURE_OP_COUNT, &op)))
        return status;
    if ((status = parse_effect_link(ctx, path, value, out)))
        return status;
    const json_t *feature = json_object_get(value, "feature");
    if (op == BSK_OP_NAMED_FEATURE_MODIFIER) { /* static2: {"feature":{"id":K},"X":±Y} (518.6) */
        static const char *const feature_keys[] = {"id"};
        char at[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(at, sizeof at, path, "feature");
        const json_t *id = json_is_object(feature) ? json_object_get(feature, "id") : NULL;
        int keyword = json_is_string(id) ? bsk_keyword_parse(json_string_value(id)) : -1;
        if (!json_is_object(feature) || (status = bsk_json_check_keys(ctx, at, feature, feature_keys, 1, 1)) ||
            keyword < 0 || !bsk_keyword_runs((bsk_keyword_id)keyword) || bsk_keyword_takes_values(keyword))
            return json_is_object(feature) && status ? status
                                                     : bsk_json_schema_error(ctx, at, "expected {\"id\": a named feature "
                                                                                      "with X the engine runs (\"armor\" …)}");
        out->keyword = (uint8_t)keyword;
    } else if (bsk_feature_op_modes(op) & BSK_OPM_KEYWORD) {
        if ((status = parse_effect_feature(ctx, path, value, &op, out)))
            return status;
    } else if (feature)
        return refuse(ctx, path, "feature", "only gain_feature and lose_feature name a feature");
    if ((status = parse_effect_params(ctx, path, value, op, out)))
        return status;
    if (json_object_get(value, "place") || json_object_get(value, "pay")) { /* recruit11 (issue 23): 536.7 */
        static const char *const inc_places[] = {"default", "third_rows", "marked"};
        static const char *const inc_pays[] = {"none", "incarnation_token", "marker"};
        _Static_assert(sizeof inc_places / sizeof inc_places[0] == BSK_INC_PLACE_COUNT, "one word per place");
        _Static_assert(sizeof inc_pays / sizeof inc_pays[0] == BSK_INC_PAY_COUNT, "one word per payment");
        int w;
        if (op != BSK_OP_INCARNATE_OPEN)
            return refuse(ctx, path, json_object_get(value, "place") ? "place" : "pay",
                          "only incarnate_open names an incarnation cell and its payment");
        if ((status = get_word(ctx, path, value, "place", inc_places, BSK_INC_PLACE_COUNT, &w)))
            return status;
        if (w == BSK_INC_PLACE_DEFAULT)
            return refuse(ctx, path, "place", "a permission names its cells: \"third_rows\" or \"marked\"");
        out->place = (uint8_t)w;
        if (json_object_get(value, "pay")) {
            if ((status = get_word(ctx, path, value, "pay", inc_pays, BSK_INC_PAY_COUNT, &w)))
                return status;
            if (w == BSK_INC_PAY_MARKER && out->place != BSK_INC_PLACE_MARKED)
                return refuse(ctx, path, "pay", "a marker is paid off a \"marked\" cell");
            out->param = (uint8_t)w;
        }
    }
    bool named = op == BSK_OP_PLACE_NAMED_MARKER || op == BSK_OP_REMOVE_NAMED_MARKER || /* branch posio */
                 op == BSK_OP_CELL_MARKER_ADD || op == BSK_OP_CELL_MARKER_REMOVE ||   /* cell7 (issue 23) */
                 (op == BSK_OP_INCARNATE_OPEN && out->place == BSK_INC_PLACE_MARKED); /* recruit11 */
    const json_t *name = json_object_get(value, "name");
    if (name && !named)
        return refuse(ctx, path, "name", "only place_named_marker and remove_named_marker name a marker "
                                         "(and cell_marker_add, cell_marker_remove, incarnate_open \"marked\")");
    if (named) { /* glossary §2.7 `named:<name>`: the card's own list of names */
        char at[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(at, sizeof at, path, "name");
        if (!json_is_string(name) || json_string_length(name) == 0 || json_string_length(name) >= BSK_MARKER_NAME_MAX ||
            strcmp(json_string_value(name), "incarnation") == 0)
            return bsk_json_schema_error(ctx, at, name ? "expected a marker name of 1..%d bytes (not incarnation)"
                                                       : "missing required field", BSK_MARKER_NAME_MAX - 1);
        int n = 0;
        while (n < card->marker_count && strcmp(card->marker_names[n], json_string_value(name)) != 0)
            n++;
        if (n == card->marker_count) {
            if (n == BSK_SYNTHETIC_MARKERS_MAX)
                return bsk_json_schema_error(ctx, at, "more than %d marker names on one card", BSK_SYNTHETIC_MARKERS_MAX);
            snprintf(card->marker_names[n], sizeof card->marker_names[n], "%s", json_string_value(name));
            card->marker_count++;
        }
        out->marker = (uint8_t)n;
    }
    unsigned modes = bsk_feature_op_modes(op);
    out->op = (uint8_t)op;
    if (modes & BSK_OPM_CARD) {
        if ((status = get_word(ctx, path, value, "target", EFFECT_TARGETS, 6, &target)))
            return status;
    } else if (op == BSK_OP_GAIN_INCARNATION && json_object_get(value, "target")) { /* inc9: "self" only */
        const json_t *t = json_object_get(value, "target");
        if (!json_is_string(t) || strcmp(json_string_value(t), "self") != 0)
            return refuse(ctx, path, "target", "this op acts on a card of its controller's graveyard: a chosen one (no "
                                               "target) or \"self\"");
        out->param = BSK_GRAVE_SELF;
    } else if (json_object_get(value, "target"))
        return refuse(ctx, path, "target", (modes & BSK_OPM_DECK) ? "this op acts on the deck: no target"
                                           : op == BSK_OP_WIN     ? "this op ends the game: no target"
                                           : (modes & BSK_OPM_GRAVEYARD)
                                               ? "this op acts on a card of its controller's graveyard: no target"
                                           : (modes & BSK_OPM_CELL) ? "this op acts on cells (\"cell\"): no target"
                                                                  : "this op acts on the stack: no target");
    out->target = (uint8_t)(target == 0 ? BSK_TARGET_SELF : target == 1 ? chosen
                            : target == 4 ? BSK_TARGET_PLACER /* mark9 */
                            : target == 5 ? BSK_TARGET_MARKED : BSK_TARGET_ATTACKED);
    if (target == 1 && chosen == BSK_TARGET_SELF)
        out->target = BSK_TARGET_SELF;
    out->filter = out->target == BSK_TARGET_CHOSEN || out->target == BSK_TARGET_ALL || out->target == BSK_TARGET_GROUP
                      ? chosen_filter
                      : 0;
    if ((modes & BSK_OPM_CARD) && !(bsk_feature_op_targets(op) & (1u << out->target)))
        return refuse(ctx, path, "target", "this op does not take that target");
    if (op == BSK_OP_GAIN_FEATURE && !out->feature_src && bsk_keyword_takes_values(out->keyword) &&
        out->target != BSK_TARGET_SELF) /* move8 (issue 23): the card's own printed attack */
        return refuse(ctx, path, "target", "an attack ability is gained by its own card (\"self\"): the one its "
                                           "sentence prints");
    if (out->feature_card == BSK_FEATURE_CARD_TARGET && out->target != BSK_TARGET_SELF) /* acquired4 */
        return refuse(ctx, path, "target", "a feature of the target's card is acquired by the feature's own card "
                                           "(\"self\": «получает особенность [цели]»)");
    if (out->feature_card == BSK_FEATURE_CARD_TARGET && chosen == BSK_TARGET_CHOSEN)
        out->filter = chosen_filter; /* acquired4: the ability's chosen card, whose feature it reads */
    /* swap12 (issue 23): glossary «Поменять местами (карты)»: two cards — a group of two, or a chosen or event card
     * with the feature's own; any other relocation moves one card */
    bool swap = op == BSK_OP_RELOCATE && out->param == BSK_RELOCATE_SWAP;
    if (swap && out->target != BSK_TARGET_GROUP && out->target != BSK_TARGET_CHOSEN &&
        out->target != BSK_TARGET_ATTACKED)
        return refuse(ctx, path, "target", "a swap exchanges two cards: a group of two (\"count\": 2) or a chosen or "
                                           "event card with the feature's own");
    if (!swap && op == BSK_OP_RELOCATE && out->target == BSK_TARGET_GROUP)
        return refuse(ctx, path, "target", "a relocation moves one card (a group is relocated only by \"to\": "
                                           "\"swap\")");
    if (json_object_get(value, "against_card")) { /* swap12 (issue 23): «+2 к дальним атакам по атакованному» */
        const json_t *against_card = json_object_get(value, "against_card");
        if (op != BSK_OP_ATTACK_MODIFIER || out->target != BSK_TARGET_SELF)
            return refuse(ctx, path, "against_card", "only an attack_modifier on its own card (\"self\") lasts "
                                                     "against one card");
        if (!json_is_string(against_card) || strcmp(json_string_value(against_card), "target") != 0)
            return refuse(ctx, path, "against_card", "expected \"target\" (the card the feature targets)");
        if (chosen != BSK_TARGET_CHOSEN)
            return refuse(ctx, path, "against_card", "the ability names no chosen card (\"count\": 1) to be against");
        if (json_object_get(value, "against"))
            return refuse(ctx, path, "against_card", "give \"against\" (a filter) or \"against_card\", not both");
        out->against_card = BSK_AGAINST_CARD_TARGET;
    }
    if (op == BSK_OP_SUMMON && json_object_get(value, "cell")) { /* spawn11 (issue 23): 536.5's place */
        static const char *const places[] = {"adjacent", "adjacent_to_target", "target_cell"};
        _Static_assert(sizeof places / sizeof places[0] == BSK_SUMMON_CELL_COUNT, "one word per summon cell");
        int w;
        if ((status = get_word(ctx, path, value, "cell", places, BSK_SUMMON_CELL_COUNT, &w)))
            return status;
        out->param = (uint8_t)w;
    }
    if (op == BSK_OP_SUMMON) { /* spawn11: «в закрытом виде», «с тем же числом ран, что у изгнанного» */
        const json_t *tapped = json_object_get(value, "tapped"), *wounds = json_object_get(value, "wounds");
        if (tapped && !json_is_boolean(tapped))
            return bsk_json_schema_error(ctx, path, "tapped: expected a boolean");
        if (wounds && (!json_is_string(wounds) || strcmp(json_string_value(wounds), "target") != 0))
            return refuse(ctx, path, "wounds", "a summoned card's wounds are its target's (\"target\")");
        out->place = (uint8_t)((json_is_true(tapped) ? BSK_SUMMON_TAPPED : 0) | (wounds ? BSK_SUMMON_TARGET_WOUNDS : 0));
    } else if (json_object_get(value, "tapped") || json_object_get(value, "wounds"))
        return refuse(ctx, path, json_object_get(value, "tapped") ? "tapped" : "wounds", "only summon takes it");
    if (op != BSK_OP_SUMMON && json_object_get(value, "cell") && !(modes & BSK_OPM_CELL))
        return refuse(ctx, path, "cell", "only cell_marker_add and cell_marker_remove name a cell (and summon its place)");
    if (modes & BSK_OPM_CELL) { /* cell7 (issue 23): 544.1, the cell and how many markers */
        static const char *const cells[] = {"chosen", "free", "event", "all"};
        _Static_assert(sizeof cells / sizeof cells[0] == BSK_CELL_COUNT, "one word per cell rule");
        int w;
        if ((status = get_word(ctx, path, value, "cell", cells, BSK_CELL_COUNT, &w)))
            return status;
        if (w == BSK_CELL_ALL && op == BSK_OP_CELL_MARKER_ADD)
            return refuse(ctx, path, "cell", "markers are placed on one cell (\"all\": cell_marker_remove only)");
        out->param = (uint8_t)w;
        /* the event's card names the cell: the trigger is made once for each such card (116.8, raise_one) */
        out->target = (uint8_t)(w == BSK_CELL_EVENT ? BSK_TARGET_ATTACKED : BSK_TARGET_SELF);
        const json_t *n = json_object_get(value, "n");
        char at[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(at, sizeof at, path, "n");
        if (json_object_get(value, "X"))
            return refuse(ctx, path, "X", "the cell marker ops take \"n\"");
        out->value = (bsk_expr){BSK_EXPR_CONST, 0, 1};
        if (json_is_string(n) && strcmp(json_string_value(n), "all") == 0 && op == BSK_OP_CELL_MARKER_REMOVE)
            out->value.b = BSK_CELL_MARKER_ALL;
        else if (json_is_integer(n) && json_integer_value(n) >= 1 && json_integer_value(n) < BSK_CELL_MARKER_ALL)
            out->value.b = (int8_t)json_integer_value(n);
        else if (n)
            return bsk_json_schema_error(ctx, at, op == BSK_OP_CELL_MARKER_REMOVE ? "expected an integer 1..98 or \"all\""
                                                                                  : "expected an integer 1..98");
        return BSK_OK;
    }
    const json_t *when = json_object_get(value, "if"); /* times3: 540.4 «если после этого у [карты] нет ран» */
    if (when && op != BSK_OP_NO_TAP_THIS_ATTACK)
        return refuse(ctx, path, "if", "only no_tap_this_attack reads a state of its card (\"if\": CardFilter)");
    if (when) {
        char at[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(at, sizeof at, path, "if");
        if ((status = parse_filter(ctx, at, when, card, &out->filter)))
            return status;
    }
    if (json_object_get(value, "values") || op == BSK_OP_NO_WOUNDS_FROM_ATTACKS) { /* dice5: even / odd values */
        static const char *const parities[] = {"even", "odd"};
        int w;
        if (op != BSK_OP_NO_WOUNDS_FROM_ATTACKS)
            return refuse(ctx, path, "values", "only no_wounds_from_attacks names the attacks' values");
        if ((status = get_word(ctx, path, value, "values", parities, 2, &w)))
            return status;
        out->param = (uint8_t)(w ? BSK_VALUES_ODD : BSK_VALUES_EVEN);
    }
    static const char *const attack_filters[] = {"from", "by"};
    for (int i = 0; i < 2; i++) { /* dice5: redirect's current target and source (CardFilter, seen from its card) */
        const json_t *af = json_object_get(value, attack_filters[i]);
        if (af && op != BSK_OP_REDIRECT)
            return refuse(ctx, path, attack_filters[i], "only redirect names the attack's current target and source");
        if (af) {
            char at[BSK_ERROR_PATH_MAX];
            bsk_json_join_path(at, sizeof at, path, attack_filters[i]);
            if ((status = parse_filter(ctx, at, af, card, i ? &out->by_filter : &out->from_filter)))
                return status;
        }
    }
    /* fight9 (issue 23): «[цель] может сразиться со стоящим рядом с ним существом»: the card the target fights */
    const json_t *with = json_object_get(value, "with");
    if (with && op != BSK_OP_FIGHT && op != BSK_OP_SPAWN_ATTACK)
        return refuse(ctx, path, "with", "only fight and spawn_attack name the card their target fights or strikes "
                                         "(\"with\": CardFilter)");
    if (with) {
        char at[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(at, sizeof at, path, "with");
        if ((status = parse_filter(ctx, at, with, card, &out->from_filter)))
            return status;
    }
    /* grave10 (issue 23): «найдите [карту] … положите на кладбище»: the deck card's filter (its face only) */
    const json_t *deck_card = json_object_get(value, "card");
    if (deck_card && op != BSK_OP_DECK_TO_GRAVEYARD && op != BSK_OP_SUMMON)
        return refuse(ctx, path, "card", "only deck_to_graveyard and summon name a card of the deck (\"card\": "
                                         "CardFilter)");
    if (op == BSK_OP_DECK_TO_GRAVEYARD || op == BSK_OP_SUMMON) { /* spawn11: a summon's card too */
        char at[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(at, sizeof at, path, "card");
        if (!deck_card)
            return bsk_json_schema_error(ctx, at, "missing required field");
        if ((status = parse_filter(ctx, at, deck_card, card, &out->from_filter)))
            return status;
        const bsk_feature_filter *ff = out->from_filter ? &card->filters[out->from_filter - 1].filter : NULL;
        if (!ff || ff->side || ff->states || ff->adjacent_to || ff->same_cell || ff->diagonal_to || ff->behind ||
            ff->in_front || ff->left_of || ff->right_of || ff->in_row || ff->line || ff->marker || ff->cell_marker ||
            ff->moved_last_turn || ff->moved_this_turn || ff->within || ff->fewest_wounds || ff->in_graveyard ||
            ff->element_of || ff->magic_ability || ff->life_parity || ff->not_self || ff->movement_max)
            return bsk_json_schema_error(ctx, at, "expected the printed face of a deck card: type, subtype, elements, "
                                                  "classes, has_keyword, lacks_keyword, incorporeal, cost, elite, name");
    }
    /* trig5 (issue 23): «+1 к выстрелу по существам, …»: the attack's other card matches a filter */
    const json_t *against = json_object_get(value, "against");
    if (against && op != BSK_OP_ATTACK_MODIFIER && op != BSK_OP_INCOMING_ATTACK_MODIFIER &&
        op != BSK_OP_REDUCE_ATTACK_TO && op != BSK_OP_INCOMING_REDUCE_ATTACK_TO && /* batl9: «атаки существ с …» */
        op != BSK_OP_IGNORE_PROTECTION && /* farro13: 542.1.3 «игнорирует {zor} существ с …» */
        !(op == BSK_OP_GAIN_FEATURE && out->keyword == BSK_KEYWORD_DIRECTED_STRIKE)) /* fend6: 541.4.1 */
        return refuse(ctx, path, "against", "only attack_modifier, incoming_attack_modifier and the reduce_attack_to "
                                            "ops name the attack's "
                                            "other card (\"against\": CardFilter; and a static grant of "
                                            "directed_strike, «по героям»)");
    if (against) {
        char at[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(at, sizeof at, path, "against");
        if ((status = parse_filter(ctx, at, against, card, &out->against)))
            return status;
    }
    /* the value: X of wound, heal, set_current_life, prophecy and the modifiers; n of the counter
     * ops; a named feature's X is the feature's */
    bool counts = (modes & BSK_OPM_COUNTERS) != 0 || named || op == BSK_OP_LOSE_INCARNATION || /* grave5: tokens */
                  op == BSK_OP_GAIN_INCARNATION || /* inc9 */
                  op == BSK_OP_LOSE_EXTRA_LIFE; /* vamp8: «снять N дополнительных {health}» */
    if (((modes & BSK_OPM_KEYWORD) && op != BSK_OP_NAMED_FEATURE_MODIFIER) || op == BSK_OP_POISON)
        return BSK_OK; /* its value was the feature's X */
    if (op == BSK_OP_ACTIONS_PER_TURN) { /* times3: X 1..15 or "any" (0, 540.1.3 «любое количество раз») */
        const json_t *x = json_object_get(value, "X");
        char at[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(at, sizeof at, path, "X");
        if (json_object_get(value, "n"))
            return refuse(ctx, path, "n", "actions_per_turn takes \"X\"");
        if (json_is_string(x) && strcmp(json_string_value(x), "any") == 0)
            out->value = (bsk_expr){BSK_EXPR_CONST, 0, 0};
        else if (json_is_integer(x) && json_integer_value(x) >= 1 && json_integer_value(x) <= 15)
            out->value = (bsk_expr){BSK_EXPR_CONST, 0, (int8_t)json_integer_value(x)};
        else
            return bsk_json_schema_error(ctx, at, x ? "expected an integer 1..15 or \"any\"" : "missing required field");
        return BSK_OK;
    }
    bool signed_x = op == BSK_OP_GAIN_EXTRA_LIFE || op == BSK_OP_MOVEMENT_MODIFIER || op == BSK_OP_DIE_ROLL_MODIFIER ||
                    op == BSK_OP_ATTACK_MODIFIER || op == BSK_OP_INCOMING_ATTACK_MODIFIER ||
                    op == BSK_OP_NAMED_FEATURE_MODIFIER ||
                    op == BSK_OP_RECRUIT_COST_MODIFIER; /* recruit7: ±X crystals at recruitment (403.2.2) */
    /* branch ops2: the X of prevention, the reductions, set_die_roll, negative life (required) */
    bool ops2_x = op == BSK_OP_PREVENTION || op == BSK_OP_WOUNDS_TAKEN_MODIFIER || op == BSK_OP_REDUCE_ATTACK_TO ||
                  op == BSK_OP_SET_DIE_ROLL || op == BSK_OP_GAIN_NEGATIVE_LIFE ||
                  op == BSK_OP_NEXT_ROLL_EQUALS || /* branch dice3: a die's X, 1..6 (519.5) */
                  op == BSK_OP_MAX_LIFE ||         /* vamp5: «Максимум X {health}» (508.2.2) */
                  op == BSK_OP_SIDE_PREVENTION ||  /* branch shield6: the next X wounds (534) */
                  op == BSK_OP_INCOMING_REDUCE_ATTACK_TO || /* fend6: «сводятся к X» (520.2 d) */
                  op == BSK_OP_ROLL_TWICE ||       /* dice7: +X on equal dice (306.5.2) */
                  op == BSK_OP_PROTECTION_FROM_ATTACKS || /* guard10: the attacks' final value (optional, 0 any) */
                  op == BSK_OP_BLOCK; /* spawn11: «заблокировать атаку величиной X» (optional, 0 any) */
    bool takes = op == BSK_OP_WOUND || op == BSK_OP_HEAL || op == BSK_OP_SET_LIFE || op == BSK_OP_PROPHECY || counts ||
                 signed_x || ops2_x;
    const char *key = counts ? "n" : "X";
    if (json_object_get(value, counts ? "X" : "n") || (!takes && json_object_get(value, key)))
        return refuse(ctx, path, json_object_get(value, "X") ? "X" : "n",
                      takes ? (counts ? "the counter ops take \"n\"" : "this op takes \"X\"") : "this op takes no value");
    out->value = (bsk_expr){BSK_EXPR_CONST, 0, 0};
    const json_t *v = json_object_get(value, key);
    if (signed_x && !v)
        return refuse(ctx, path, "X", "missing required field (+X or −X)");
    if (ops2_x) { /* an integer: −1..−99 for wounds_taken_modifier, 1..6 for a die, else 0..99 */
        bool fewer = op == BSK_OP_WOUNDS_TAKEN_MODIFIER, die = op == BSK_OP_SET_DIE_ROLL || op == BSK_OP_NEXT_ROLL_EQUALS;
        int low = fewer ? -99 : die || op == BSK_OP_BLOCK ? 1 : 0, /* spawn11: a block of value 1..99 */
            high = fewer ? -1 : die ? 6 : 99;
        char at[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(at, sizeof at, path, "X");
        if (!v && op == BSK_OP_PREVENTION) { /* branch block3: no number, every wound of one strike (534.3) */
            out->param = BSK_PREVENT_ALL;
            return BSK_OK;
        }
        if (!v && (op == BSK_OP_PROTECTION_FROM_ATTACKS || op == BSK_OP_BLOCK))
            return BSK_OK; /* guard10: of any value; spawn11: a block of any attack */
        if (!v)
            return refuse(ctx, path, "X", "missing required field");
        if ((op == BSK_OP_SIDE_PREVENTION || op == BSK_OP_NEXT_ROLL_EQUALS) && json_is_string(v) &&
            strcmp(json_string_value(v), "X") == 0) {
            out->value = (bsk_expr){BSK_EXPR_X, 1, 0}; /* dice7: an on_destroys trigger's excess damage; focus8: a
                                                          frenzy / on_die_roll trigger's roll */
            return BSK_OK;
        }
        if (!json_is_integer(v) || json_integer_value(v) < low || json_integer_value(v) > high)
            return bsk_json_schema_error(ctx, at, "expected an integer %d..%d", low, high);
        out->value.b = (int8_t)json_integer_value(v);
        return BSK_OK;
    }
    if (!takes || !v)
        return BSK_OK; /* no value: 0 */
    char at[BSK_ERROR_PATH_MAX];
    bsk_json_join_path(at, sizeof at, path, key);
    int low = signed_x ? -99 : 0;
    if (json_is_integer(v) && json_integer_value(v) >= low && json_integer_value(v) <= 99 &&
        !(signed_x && json_integer_value(v) == 0))
        out->value.b = (int8_t)json_integer_value(v);
    else if (json_is_object(v) && json_object_get(v, "strike_of")) { /* turn10: {"strike_of": S, "times": ±1} */
        static const char *const strike_of_keys[] = {"strike_of", "times"};
        const json_t *times = json_object_get(v, "times");
        int strength = -1;
        if ((status = bsk_json_check_keys(ctx, at, v, strike_of_keys, 2, 1)))
            return status;
        for (int i = 0; i < 3 && json_is_string(json_object_get(v, "strike_of")); i++)
            if (strcmp(json_string_value(json_object_get(v, "strike_of")), STRENGTHS[i]) == 0)
                strength = i;
        if (strength < 0 || (times && (!json_is_integer(times) || (json_integer_value(times) != 1 &&
                                                                   json_integer_value(times) != -1))) ||
            (bsk_feature_op_modes(op) & BSK_OPM_KEYWORD) || !(bsk_feature_op_modes(op) & BSK_OPM_CARD) ||
            op == BSK_OP_SET_ATTACK_STRENGTH || op == BSK_OP_INCOMING_REDUCE_ATTACK_TO)
            return bsk_json_schema_error(ctx, at, "expected {\"strike_of\": \"weak\"|\"medium\"|\"strong\", "
                                                  "\"times\": 1|-1} on an op acting on a card that names no feature "
                                                  "and no strength");
        out->strength = (uint8_t)strength;
        out->value = (bsk_expr){BSK_EXPR_STRIKE_OF, (int8_t)(times ? json_integer_value(times) : 1), 0};
    }
    else if (signed_x)
        return bsk_json_schema_error(ctx, at, "expected an integer -99..99 other than 0 (+X or −X)");
    else if (json_is_object(v) && json_object_get(v, "life_of")) { /* grave10 (issue 23): the card's current life */
        static const char *const life_keys[] = {"life_of"};
        const json_t *of = json_object_get(v, "life_of");
        char in[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(in, sizeof in, at, "life_of");
        if ((status = bsk_json_check_keys(ctx, at, v, life_keys, 1, 1)))
            return status;
        if (!json_is_string(of) || strcmp(json_string_value(of), "self") != 0)
            return bsk_json_schema_error(ctx, in, "expected \"self\" (the feature's card's current life)");
        out->value = (bsk_expr){BSK_EXPR_LIFE_OF_SELF, 1, 0};
    }
    else if (json_is_object(v) && json_object_get(v, "x_of")) { /* branch dice5: {"x_of": K} (518) */
        static const char *const x_of_keys[] = {"x_of"};
        const json_t *id = json_object_get(v, "x_of");
        int keyword = json_is_string(id) ? bsk_keyword_parse(json_string_value(id)) : -1;
        char in[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(in, sizeof in, at, "x_of");
        if ((status = bsk_json_check_keys(ctx, at, v, x_of_keys, 1, 1)))
            return status;
        if (keyword < 0 || bsk_keyword_takes_values(keyword) || (bsk_feature_op_modes(op) & BSK_OPM_KEYWORD) ||
            !(bsk_feature_op_modes(op) & BSK_OPM_CARD))
            return bsk_json_schema_error(ctx, in, "expected a named feature with X (\"regeneration\" …), on an op "
                                                  "acting on a card that names no feature");
        out->keyword = (uint8_t)keyword;
        out->value = (bsk_expr){BSK_EXPR_X_OF, 1, 0};
    }
    else if (json_is_object(v) && json_object_get(v, "if_more")) { /* guard10 (issue 23): «+N, пока больше …, чем …» */
        static const char *const more_keys[] = {"if_more", "than", "then", "else"};
        char in[BSK_ERROR_PATH_MAX];
        int then_value, else_value;
        if ((status = bsk_json_check_keys(ctx, at, v, more_keys, 4, 4)))
            return status;
        bsk_json_join_path(in, sizeof in, at, "if_more");
        if ((status = parse_filter(ctx, in, json_object_get(v, "if_more"), card, &out->count_filter)))
            return status;
        bsk_json_join_path(in, sizeof in, at, "than");
        if ((status = parse_filter(ctx, in, json_object_get(v, "than"), card, &out->than_filter)) ||
            (status = bsk_json_get_int(ctx, at, v, "then", 0, 0, 99, false, &then_value)) ||
            (status = bsk_json_get_int(ctx, at, v, "else", 0, 0, 99, false, &else_value)))
            return status;
        out->value = (bsk_expr){BSK_EXPR_COUNT_MORE, (int8_t)(then_value - else_value), (int8_t)else_value};
    }
    else if (json_is_object(v)) { /* {"count": CardFilter}: glossary §6.1(5) "X = the number of …" */
        static const char *const count_keys[] = {"count"};
        char in[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(in, sizeof in, at, "count");
        if ((status = bsk_json_check_keys(ctx, at, v, count_keys, 1, 1)) ||
            (status = parse_filter(ctx, in, json_object_get(v, "count"), card, &out->count_filter)))
            return status;
        out->value = (bsk_expr){BSK_EXPR_COUNT, 1, 0};
    }
    else if (json_is_string(v) && strcmp(json_string_value(v), "previous") == 0) /* compound3: 505.7 */
        out->value = (bsk_expr){BSK_EXPR_PREVIOUS, 1, 0};
    else if (!json_is_string(v) || !bsk_expr_compile(json_string_value(v), &out->value)) /* "X": the feature's */
        return bsk_json_schema_error(ctx, at, "expected an integer 0..99, an expression (\"2 per counter\") or "
                                              "{\"count\": CardFilter}");
    return BSK_OK;
}

/* The attack ability types a feature may print (glossary §6.2 Ability.type; 111): the card makes that
 * attack as a spawned game action (op spawn_attack with its attack, 537, glossary §3.5). */
static const char *const ATTACK_ABILITIES[] = {"special_strike", "magic_strike", "shot", "throw", "discharge",
                                               "strike_across_row", "finishing_blow"}; /* strike13: the last */
enum { ATTACK_ABILITY_COUNT = sizeof ATTACK_ABILITIES / sizeof ATTACK_ABILITIES[0] };

/* An ability {"type": one of ATTACK_ABILITIES, "values": X or [w,m,s], "range": R, "target": …} as one
 * effect record: spawn_attack with ef->attack (issue 22 §1 "extra strike"). */
static bsk_status parse_attack_ability(const bsk_json_reader *ctx, const char *item, const json_t *ability, int kind,
                                       bsk_feature_effect *out, uint8_t *group, bsk_synthetic_card *card)
{
    /* blow11 (issue 23): "with" (the card it is made at, chosen as the record resolves: then no "target"), "values"
     * "X" (its feature's X) and "at_most" («максимум на N») */
    /* strike13 (issue 23): "as_adjacent" (a finishing blow «как стоящей рядом»: its adjacency waived) */
    static const char *const keys[] = {"type",     "target",  "values", "range",      "link",
                                       "optional", "with",    "at_most", "as_adjacent"};
    char at[BSK_ERROR_PATH_MAX];
    int chosen = BSK_TARGET_SELF;
    uint8_t chosen_filter = 0; /* a group ("count" N or "X"): N attacks, one at each card (502.5, 505.4.4) */
    const json_t *with = json_object_get(ability, "with");
    bsk_json_join_path(at, sizeof at, item, "target");
    bsk_status status = bsk_json_check_keys(ctx, item, ability, keys, 9, 1);
    if (status)
        return status;
    if (with && json_object_get(ability, "target"))
        return refuse(ctx, item, "target", "an attack \"with\" a filter is made at the card chosen as it resolves");
    if (!with && !json_object_get(ability, "target"))
        return bsk_json_schema_error(ctx, at, "missing required field");
    if (!with && (status = parse_ability_target(ctx, at, json_object_get(ability, "target"), &chosen, &chosen_filter,
                                                group, card)))
        return status;
    const json_t *as_adjacent = json_object_get(ability, "as_adjacent");
    if (as_adjacent) {
        bsk_json_join_path(at, sizeof at, item, "as_adjacent");
        if (!json_is_true(as_adjacent))
            return bsk_json_schema_error(ctx, at, "expected true (absent: the attack's own adjacency)");
        if (strcmp(ATTACK_ABILITIES[kind], "finishing_blow") != 0 || !with)
            return refuse(ctx, item, "as_adjacent", "only a finishing blow \"with\" a filter is made «как стоящей "
                                                    "рядом» (its card chosen as it resolves)");
        bsk_json_join_path(at, sizeof at, item, "target");
    }
    if (!with && (!(bsk_feature_op_targets(BSK_OP_SPAWN_ATTACK) & (1u << chosen)) || chosen == BSK_TARGET_SELF))
        return bsk_json_schema_error(ctx, at, "an attack is made at one card: {\"count\":1,\"filter\"}, "
                                              "{\"ref\":\"attacked\"}, or N cards, one attack each ({\"count\":N})");
    memset(out, 0, sizeof *out);
    if (with) {
        bsk_json_join_path(at, sizeof at, item, "with");
        if ((status = parse_filter(ctx, at, with, card, &out->from_filter)))
            return status;
    }
    if ((status = parse_effect_link(ctx, item, ability, out))) /* compound3: its link, «может» (505.4–505.6) */
        return status;
    out->op = BSK_OP_SPAWN_ATTACK;
    out->target = (uint8_t)chosen;
    out->filter = chosen == BSK_TARGET_CHOSEN || chosen == BSK_TARGET_GROUP ? chosen_filter : 0;
    out->attack.keyword = (uint8_t)bsk_keyword_parse(ATTACK_ABILITIES[kind]);
    out->attack.activation = BSK_ACTIVATION_TRIGGERED; /* made by the feature, never declared on its own */
    out->attack.index = UINT8_MAX;                     /* not among the card's keywords */
    out->attack.range = BSK_RANGE_NONE;
    if (as_adjacent)
        out->place = BSK_SPAWN_AS_ADJACENT; /* strike13 */
    const json_t *values = json_object_get(ability, "values"), *range = json_object_get(ability, "range");
    const json_t *at_most = json_object_get(ability, "at_most");
    bsk_json_join_path(at, sizeof at, item, "values");
    bool x = json_is_string(values) && strcmp(json_string_value(values), "X") == 0;
    if (x) { /* blow11: «на X», its feature's X (a trigger's event value, the counters paid) */
        out->attack.expr_of = BSK_ATTACK_EXPR_VALUES;
        out->attack.expr = (bsk_expr){BSK_EXPR_X, 1, 0};
        values = NULL;
    }
    if (at_most) {
        char bound[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(bound, sizeof bound, item, "at_most");
        if (!x)
            return refuse(ctx, item, "at_most", "only an attack «на X» has a maximum («максимум на N»)");
        if (!json_is_integer(at_most) || json_integer_value(at_most) < 1 || json_integer_value(at_most) > 99)
            return bsk_json_schema_error(ctx, bound, "expected an integer 1..99");
        out->at_most = (uint8_t)json_integer_value(at_most);
    }
    bool ok = x || json_is_integer(values) || (json_is_array(values) && json_array_size(values) == 3);
    for (int k = 0; ok && !x && k < 3; k++) {
        const json_t *v = json_is_integer(values) ? values : json_array_get(values, (size_t)k);
        ok = json_is_integer(v) && json_integer_value(v) >= 0 && json_integer_value(v) <= 99;
        if (ok)
            out->attack.values[k] = (int8_t)json_integer_value(v);
    }
    if (!ok)
        return bsk_json_schema_error(ctx, at, "expected an integer 0..99 (\"на X\"), \"X\" or [weak, medium, strong]");
    if (range && out->attack.keyword == BSK_KEYWORD_FINISHING_BLOW)
        return refuse(ctx, item, "range", "a finishing blow has no range (glossary «Добивание на X»: an adjacent card)");
    if (range) {
        bsk_json_join_path(at, sizeof at, item, "range");
        if (!json_is_integer(range) || json_integer_value(range) < 1 || json_integer_value(range) > 9)
            return bsk_json_schema_error(ctx, at, "expected an integer 1..9");
        out->attack.range = (int8_t)json_integer_value(range);
    }
    return BSK_OK;
}

static bsk_status parse_abilities(const bsk_json_reader *ctx, const char *path, const json_t *list, bsk_feature *f,
                                  bsk_synthetic_card *card)
{
    static const char *const keys[] = {"type", "target", "effects", "mode"};
    char at[BSK_ERROR_PATH_MAX];
    bsk_json_join_path(at, sizeof at, path, "abilities");
    if (!json_is_array(list))
        return bsk_json_schema_error(ctx, at, "expected an array of ability objects");
    f->effect_count = 0;
    /* «или»: abilities with "mode" 1, 2 in order are alternatives, one effect each, the same target */
    bool modes = json_array_size(list) > 0 && json_object_get(json_array_get(list, 0), "mode") != NULL;
    int mode_target = -1;
    for (size_t a = 0; a < json_array_size(list); a++) {
        char item[BSK_ERROR_PATH_MAX + 32];
        snprintf(item, sizeof item, "%s[%zu]", at, a);
        const json_t *ability = json_array_get(list, a);
        if (!json_is_object(ability))
            return bsk_json_schema_error(ctx, item, "expected an ability object {\"type\", \"target\", \"effects\"}");
        const json_t *type = json_object_get(ability, "type");
        int attack = 0;
        while (attack < ATTACK_ABILITY_COUNT &&
               !(json_is_string(type) && strcmp(json_string_value(type), ATTACK_ABILITIES[attack]) == 0))
            attack++;
        if (attack < ATTACK_ABILITY_COUNT) { /* an attack the feature prints: one spawn_attack record */
            if (modes)
                return refuse(ctx, item, "type", "an «или» is of effect abilities");
            if (f->effect_count >= BSK_FEATURE_EFFECTS_MAX)
                return bsk_json_schema_error(ctx, item, "more than %d effects in one feature", BSK_FEATURE_EFFECTS_MAX);
            bsk_feature_effect *out = &f->effects[f->effect_count];
            uint8_t group = 0;
            bsk_status status = parse_attack_ability(ctx, item, ability, attack, out, &group, card);
            if (status)
                return status;
            if (group) { /* one group a feature, as an effect ability's */
                if (f->group_count && f->group_count != group)
                    return bsk_json_schema_error(ctx, item, "a feature chooses one target (one group)");
                f->group_count = group;
            }
            if (f->effect_count == 0 && out->link)
                return refuse(ctx, item, "link", "the first ability has no record before it (505.4)");
            if (f->effect_count > 0 && chosen_selector(out->target) && chosen_selector(f->target) &&
                (out->target != f->target || out->filter != first_chosen_filter(f)))
                return bsk_json_schema_error(ctx, item, "a feature chooses one target (one chosen filter)");
            if (f->effect_count == 0 || (chosen_selector(out->target) && !chosen_selector(f->target)))
                f->target = out->target;
            f->effect_count++;
            continue;
        }
        /* grave5 (issue 23): "spell", glossary «Заклинание»: an effect ability whose records are a spell's */
        bool spell = json_is_string(type) && strcmp(json_string_value(type), "spell") == 0;
        if (type && !spell && !(json_is_string(type) && strcmp(json_string_value(type), "effect_ability") == 0))
            return refuse(ctx, item, "type", "expected effect_ability, spell or an attack (special_strike, "
                                             "magic_strike, shot, throw, discharge, strike_across_row)");
        bsk_status status = bsk_json_check_keys(ctx, item, ability, keys, 4, 1);
        int chosen;
        uint8_t chosen_filter, group;
        char sub[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(sub, sizeof sub, item, "target");
        if (status || (status = parse_ability_target(ctx, sub, json_object_get(ability, "target"), &chosen,
                                                     &chosen_filter, &group, card)))
            return status;
        if (group) { /* group3: one group a feature */
            if (f->group_count && f->group_count != group)
                return bsk_json_schema_error(ctx, sub, "a feature chooses one target (one group)");
            f->group_count = group;
        }
        const json_t *effects = json_object_get(ability, "effects");
        const json_t *mode = json_object_get(ability, "mode");
        if ((mode != NULL) != modes || (mode && (!json_is_integer(mode) || json_integer_value(mode) != (json_int_t)a + 1 ||
                                                 a > 1)))
            return refuse(ctx, item, "mode", "the alternatives of an «или» are \"mode\" 1 and 2 in order, on every "
                                             "ability of the feature");
        /* vamp5 (issue 23): a trigger's alternative may act on its own card instead of the chosen one (Самаэль
         * «ранить стоящую рядом карту … или излечиться»): its target is asked only when its mode needs it */
        bool self_alternative = f->kind == BSK_FEATURE_TRIGGERED && mode_target >= 0 &&
                                (chosen == BSK_TARGET_SELF || mode_target == BSK_TARGET_SELF);
        if (modes && (json_array_size(list) != 2 || (mode_target >= 0 && chosen != mode_target && !self_alternative) ||
                      json_array_size(effects) != 1))
            return refuse(ctx, item, "mode", "an «или» is two abilities of one effect each, with the same target");
        mode_target = chosen;
        f->mode = modes;
        bsk_json_join_path(sub, sizeof sub, item, "effects");
        if (!json_is_array(effects) || json_array_size(effects) == 0)
            return bsk_json_schema_error(ctx, sub, "expected a non-empty array of effect objects");
        for (size_t e = 0; e < json_array_size(effects); e++) {
            char one[BSK_ERROR_PATH_MAX + 32];
            snprintf(one, sizeof one, "%s[%zu]", sub, e);
            if (f->effect_count >= BSK_FEATURE_EFFECTS_MAX)
                return bsk_json_schema_error(ctx, one, "more than %d effects in one feature", BSK_FEATURE_EFFECTS_MAX);
            bsk_feature_effect *out = &f->effects[f->effect_count];
            if ((status = parse_effect(ctx, one, json_array_get(effects, e), chosen, out, chosen_filter, card)))
                return status;
            out->spell = spell;
            if (f->effect_count == 0 && (out->link || out->value.var == BSK_EXPR_PREVIOUS))
                return refuse(ctx, one, out->link ? "link" : "X", "the first effect has no record before it (505.4, "
                                                                  "505.7)");
            if (modes && (out->link || out->optional))
                return refuse(ctx, one, out->link ? "link" : "optional", "an «или» chooses one record: no link, no "
                                                                         "optional record (505.4.8)");
            if (out->op == BSK_OP_INCARNATE_OPEN && out->place) { /* recruit11: a permission is a static feature's */
                if (f->kind != BSK_FEATURE_STATIC || f->event || f->effect_count != 0 || f->optional || f->limit_per)
                    return refuse(ctx, one, "place", "an incarnation cell is a static feature's only record "
                                                     "(«может инкарнировать …», 536.7)");
            } else if (out->op == BSK_OP_INCARNATE_OPEN &&
                       (f->kind != BSK_FEATURE_TRIGGERED || f->event != BSK_ON_INCARNATE ||
                        f->role != BSK_ROLE_SELF || f->effect_count != 0 || out->target != BSK_TARGET_SELF))
                return refuse(ctx, one, "op", "incarnate_open is the first record of an on_incarnate trigger of its own "
                                              "card («инкарнирует в открытом виде», 536.7)");
            bool or_link = out->link == BSK_LINK_OR, optional = out->optional; /* incarn7 */
            for (int q = 0; q < f->effect_count; q++) {
                or_link |= f->effects[q].link == BSK_LINK_OR;
                optional |= f->effects[q].optional != 0;
            }
            if (or_link && optional)
                return refuse(ctx, one, out->link ? "link" : "optional", "a record «или» another is its controller's "
                                                                         "choice already: no optional record beside "
                                                                         "it (505.4.8, 505.6)");
            if (f->effect_count > 0 && chosen_selector(out->target) && chosen_selector(f->target) &&
                (out->target != f->target || out->filter != first_chosen_filter(f)))
                return bsk_json_schema_error(ctx, one, "a feature chooses one target (one chosen filter)");
            if (f->effect_count == 0 || chosen_selector(out->target))
                if (f->effect_count == 0 || !chosen_selector(f->target))
                    f->target = out->target; /* what the declaration chooses */
            if (out->feature_card == BSK_FEATURE_CARD_TARGET && chosen_selector(chosen) && !chosen_selector(f->target))
                f->target = (uint8_t)chosen; /* acquired4: it reads the ability's chosen card */
            f->effect_count++;
        }
    }
    return BSK_OK;
}

/* A feature's "limit" {"per":"turn"|"battle","count":N} (glossary §6.2; «X раз за ход», «X раз за бой»,
 * 545.7): count 1..BSK_FEATURE_LIMIT_COUNT_MAX (default 1), on one of the card's first
 * BSK_FEATURE_LIMITED_MAX features (what the state counts). Absent: no limit. */
static const char *const LIMIT_PER[] = {NULL, "turn", "battle"};

static bsk_status parse_limit(const bsk_json_reader *ctx, const char *path, const json_t *value, int index,
                              bsk_feature *out)
{
    static const char *const keys[] = {"per", "count", "battle"}; /* spawn11: "battle" */
    const json_t *limit = json_object_get(value, "limit");
    if (!limit)
        return BSK_OK;
    char at[BSK_ERROR_PATH_MAX];
    bsk_json_join_path(at, sizeof at, path, "limit");
    if (!json_is_object(limit))
        return bsk_json_schema_error(ctx, at, "expected {\"per\":\"turn\" or \"battle\",\"count\":N}");
    int per, count;
    int battle = 0;
    bsk_status status = bsk_json_check_keys(ctx, at, limit, keys, 3, 1);
    if (status || (status = get_word(ctx, at, limit, "per", LIMIT_PER, 3, &per)) ||
        (status = bsk_json_get_int(ctx, at, limit, "count", 1, 1, BSK_FEATURE_LIMIT_COUNT_MAX, false, &count)) ||
        (status = bsk_json_get_int(ctx, at, limit, "battle", 0, 2, BSK_FEATURE_LIMIT_COUNT_MAX, true, &battle)))
        return status;
    if (index >= BSK_FEATURE_LIMITED_MAX)
        return refuse(ctx, path, "limit", "a limit on one of a card's first 8 features only (the state counts those)");
    if (battle && (per != BSK_LIMIT_TURN || battle <= count || 2 * index >= BSK_FEATURE_LIMITED_MAX - 1))
        return refuse(ctx, at, "battle", "a per-turn limit's per-battle count, more than its count, on one of a card's "
                                         "first 4 features (545.7: «X раз за ход, Y раз за бой»)");
    out->limit_per = (uint8_t)per;
    out->limit_count = (uint8_t)count;
    out->limit_battle = (uint8_t)battle;
    return BSK_OK;
}

/* static2 (issue 22): a feature's condition (glossary §3.1 while, §6.2 Condition; 121) beyond the
 * wrapper: {"state":["wounded"|"unwounded"]} (the old form), {"source": CardFilter} (the feature's card
 * matches it: tapped, in a row, adjacent to …) and {"count": CardFilter, "op": "<=|>=|==|<|>", "value": N}
 * (the cards of the battle zone matching it, seen from the feature's card, compared with N), together. */
static bsk_status parse_condition(const bsk_json_reader *ctx, const char *path, const json_t *condition,
                                  bsk_feature *out, bsk_synthetic_card *card)
{
    static const char *const cond_keys[] = {"state", "source", "count", "op", "value"};
    char at[BSK_ERROR_PATH_MAX], sub[BSK_ERROR_PATH_MAX];
    bsk_json_join_path(at, sizeof at, path, "condition");
    bsk_status status;
    if (!json_is_object(condition) || json_object_size(condition) == 0)
        return bsk_json_schema_error(ctx, at, "expected {\"state\"}, {\"source\": CardFilter} or {\"count\": "
                                              "CardFilter, \"op\", \"value\"}");
    if ((status = bsk_json_check_keys(ctx, at, condition, cond_keys, 5, 0)))
        return status;
    if (json_object_get(condition, "state")) {
        unsigned states;
        if ((status = get_word_set(ctx, at, condition, "state", STATES, 2, &states)))
            return status;
        if (states == 0 || states == 3)
            return bsk_json_schema_error(ctx, at, "expected {\"state\":[\"wounded\"]} or {\"state\":[\"unwounded\"]}");
        out->condition = (uint8_t)(states == 1 ? BSK_FEATURE_IF_WOUNDED : BSK_FEATURE_IF_UNWOUNDED);
    }
    const json_t *source = json_object_get(condition, "source"), *count = json_object_get(condition, "count");
    if (source) {
        bsk_json_join_path(sub, sizeof sub, at, "source");
        if ((status = parse_filter(ctx, sub, source, card, &out->if_source)))
            return status;
        if (out->if_source && card->filters[out->if_source - 1].filter.adjacent_to > BSK_FILTER_NEAR_SELF)
            return refuse(ctx, sub, "adjacent_to", "a condition is seen from its card: \"self\" only");
    }
    if ((count != NULL) != (json_object_get(condition, "op") != NULL) ||
        (count != NULL) != (json_object_get(condition, "value") != NULL))
        return refuse(ctx, at, !count ? "count" : !json_object_get(condition, "op") ? "op" : "value",
                      "a count condition has \"count\", \"op\" and \"value\"");
    if (count) {
        int op, number;
        bsk_json_join_path(sub, sizeof sub, at, "count");
        if ((status = parse_filter(ctx, sub, count, card, &out->if_count)) ||
            (status = get_word(ctx, at, condition, "op", FILTER_COST_OPS, 6, &op)) ||
            (status = bsk_json_get_int(ctx, at, condition, "value", 0, 0, 99, false, &number)))
            return status;
        if (op == 0)
            return refuse(ctx, at, "op", "expected <=, >=, ==, < or >");
        if (out->if_count && card->filters[out->if_count - 1].filter.adjacent_to > BSK_FILTER_NEAR_SELF)
            return refuse(ctx, sub, "adjacent_to", "a condition is seen from its card: \"self\" only");
        out->if_op = (uint8_t)op;
        out->if_value = (int8_t)number;
    }
    return BSK_OK;
}

/* static2 (issue 22): a static feature's "grants" [{"id": K, "X": n}]: the keywords its card has while
 * the feature holds (glossary §1.6 «Получает [текст]», §6.2 grants; 121): gain_feature records on self. */
static bsk_status parse_grants(const bsk_json_reader *ctx, const char *path, const json_t *value, bsk_feature *out)
{
    const json_t *grants = json_object_get(value, "grants");
    if (!grants)
        return BSK_OK;
    char at[BSK_ERROR_PATH_MAX];
    bsk_json_join_path(at, sizeof at, path, "grants");
    if (out->kind != BSK_FEATURE_STATIC || out->event != BSK_EVENT_NONE)
        return refuse(ctx, path, "grants", "only a static feature without a trigger grants (121)");
    if (!json_is_array(grants) || json_array_size(grants) == 0)
        return bsk_json_schema_error(ctx, at, "expected a non-empty array of {\"id\", \"X\"}");
    for (size_t i = 0; i < json_array_size(grants); i++) {
        char one[BSK_ERROR_PATH_MAX + 32];
        snprintf(one, sizeof one, "%s[%zu]", at, i);
        if (out->effect_count >= BSK_FEATURE_EFFECTS_MAX)
            return bsk_json_schema_error(ctx, one, "more than %d effects in one feature", BSK_FEATURE_EFFECTS_MAX);
        json_t *record = json_pack("{s:s,s:s,s:O}", "op", "gain_feature", "target", "self", "feature",
                                   json_array_get(grants, i));
        int op = BSK_OP_GAIN_FEATURE;
        bsk_feature_effect *ef = &out->effects[out->effect_count];
        memset(ef, 0, sizeof *ef);
        bsk_status status = record ? parse_effect_feature(ctx, one, record, &op, ef)
                                   : bsk_json_schema_error(ctx, one, "expected {\"id\", \"X\"}");
        json_decref(record);
        if (status)
            return status;
        if (op != BSK_OP_GAIN_FEATURE)
            return refuse(ctx, one, "id", "poison is given, not had (glossary «Отравить на X»)");
        ef->op = BSK_OP_GAIN_FEATURE;
        ef->target = BSK_TARGET_SELF;
        out->effect_count++;
    }
    return BSK_OK;
}

/* Whether card filter n (1-based, 0: none) reads a card's keywords. */
static bool reads_keywords(const bsk_synthetic_card *card, int n)
{
    return n > 0 && (card->filters[n - 1].filter.keywords || card->filters[n - 1].filter.incorporeal);
}

/* recruit7 (issue 23): recruit_cost_modifier's filter reads what a card in a deal has — its printed type, subtype,
 * elements, classes, elite and cost — of its controller's own cards ("side":"own"); the recruitment library
 * (bsk_card_recruit_cost_change) reads no other field. */
static bool recruit_filter(const bsk_synthetic_card *card, int n, int target)
{
    if (target != BSK_TARGET_ALL || n <= 0)
        return false;
    const bsk_feature_filter *f = &card->filters[n - 1].filter;
    unsigned other = f->states | f->incorporeal | f->adjacent_to | f->in_row | f->not_self | f->line | f->diagonal_to |
                     f->behind | f->in_front | f->marker | f->element_of | f->moved_last_turn | f->left_of |
                     f->right_of | f->fewest_wounds | f->moved_this_turn | f->within | f->same_cell |
                     f->magic_ability | f->life_parity | f->armor_left;
    return f->side == BSK_FILTER_SIDE_OWN && f->cost_value >= 0 && !other && !f->keywords && !f->name_key &&
           !card->filters[n - 1].name[0];
}

/* static2 (issue 22): what a static feature without a trigger may be (117, 121; card_table.c
 * static_changes): records of gain_feature, named_feature_modifier, attack_modifier,
 * incoming_attack_modifier, movement_modifier, die_roll_modifier on self or on every card of a filter,
 * no cost, no limit, not optional; those two modifiers only there; a keyword grant's condition and
 * filters read no keywords (reading keywords would read the grant again). */
static bsk_status static_checks(const bsk_json_reader *ctx, const char *path, const bsk_feature *f,
                                const bsk_synthetic_card *card)
{
    char at[BSK_ERROR_PATH_MAX];
    bsk_json_join_path(at, sizeof at, path, "abilities");
    bool continuous = f->kind == BSK_FEATURE_STATIC && f->event == BSK_EVENT_NONE;
    bool grants = false, reads = reads_keywords(card, f->if_source) || reads_keywords(card, f->if_count) ||
                                 f->condition == BSK_FEATURE_IF_FORMATION || f->condition == BSK_FEATURE_IF_REBUFF;
    for (int k = 0; k < f->effect_count; k++) {
        const bsk_feature_effect *ef = &f->effects[k];
        if (ef->op == BSK_OP_DELAYED && (k + 1 >= f->effect_count || f->mode || f->kind == BSK_FEATURE_STATIC))
            return bsk_json_schema_error(ctx, at, "delayed puts off the records after it (glossary §3.2): a later "
                                                  "record, not in an «или», not in a static feature");
        /* focus8 (issue 23): named_feature_modifier also lasts when run (05-028 «+2 к бешенству до конца хода») */
        bool only_static = ef->op == BSK_OP_INCOMING_ATTACK_MODIFIER ||
                           ef->op == BSK_OP_MAX_COUNTERS || /* group3: 545.2, 545.4 */
                           ef->op == BSK_OP_NO_WOUNDS_FROM_ATTACKS || /* dice5 */
                           ef->op == BSK_OP_MAX_LIFE ||     /* vamp5: 508.2.2, 545.2 */
                           ef->op == BSK_OP_INCOMING_REDUCE_ATTACK_TO || /* fend6: 520.2 d */
                           ef->op == BSK_OP_PROTECTION_FROM_ATTACKS ||   /* guard10: 532.2 */
                           ef->op == BSK_OP_IGNORE_PROTECTION ||         /* farro13: 542.1.3 */
                           ef->op == BSK_OP_RECRUIT_COST_MODIFIER ||     /* recruit7: 403.2.2 */
                           ef->op == BSK_OP_ROLL_TWICE ||    /* dice7: 306.5.2 */
                           ef->op == BSK_OP_ACTIONS_PER_TURN || ef->op == BSK_OP_NO_TAP_AFTER; /* times3 */
        if (only_static && !continuous)
            return bsk_json_schema_error(ctx, at, "%s is a static feature's (a feature without a trigger)",
                                         bsk_feature_op_id(ef->op));
        if (ef->op == BSK_OP_GAIN_FEATURE && ef->against && !continuous) /* fend6: read where attacks are declared */
            return bsk_json_schema_error(ctx, at, "a grant \"against\" a card is a static feature's (541.4.1)");
        if (ef->against_card && continuous) /* swap12: a unit kept in a lasting effect */
            return bsk_json_schema_error(ctx, at, "\"against_card\" is a lasting effect's: a triggered or activated "
                                                  "feature's");
        if (ef->op == BSK_OP_RELOCATE && ef->param == BSK_RELOCATE_SWAP && ef->target == BSK_TARGET_GROUP &&
            (f->group_count & ~BSK_FEATURE_GROUP_UP_TO) != 2) /* swap12: 122.14 «двух», one swap */
            return bsk_json_schema_error(ctx, at, "a swap's group is exactly two cards (\"count\": 2)");
        if (!continuous)
            continue;
        if (ef->op == BSK_OP_INCARNATE_OPEN && ef->place) { /* recruit11: read at incarnation (life.c) */
            if (ef->target == BSK_TARGET_ALL && !recruit_filter(card, ef->filter, ef->target))
                return bsk_json_schema_error(ctx, at, "an incarnation cell reaches its own card or \"count\":\"all\" "
                                                      "with a filter of printed fields and \"side\":\"own\"");
            continue;
        }
        if (!only_static && ef->op != BSK_OP_GAIN_FEATURE && ef->op != BSK_OP_ATTACK_MODIFIER &&
            ef->op != BSK_OP_NAMED_FEATURE_MODIFIER &&
            ef->op != BSK_OP_MOVEMENT_MODIFIER && ef->op != BSK_OP_DIE_ROLL_MODIFIER &&
            ef->op != BSK_OP_SET_ATTACK_STRENGTH && ef->op != BSK_OP_REDUCE_ATTACK_TO &&
            ef->op != BSK_OP_BLOCK) /* wrap5: a static block (531.4, engine_static_block) */
            return bsk_json_schema_error(ctx, at, "a static feature without a trigger modifies or grants (117): "
                                                  "%s is run by a triggered or activated one", bsk_feature_op_id(ef->op));
        if (ef->target != BSK_TARGET_SELF && ef->target != BSK_TARGET_ALL)
            return bsk_json_schema_error(ctx, at, "a static feature never targets (117.2): self or \"count\":\"all\"");
        if (ef->op == BSK_OP_RECRUIT_COST_MODIFIER && !recruit_filter(card, ef->filter, ef->target))
            return bsk_json_schema_error(ctx, at, "recruit_cost_modifier reaches the cards its controller recruits "
                                                  "(403.2.2): \"count\":\"all\" with a filter of printed fields only "
                                                  "(type, subtype, elements, classes, elite, cost) and \"side\":\"own\"");
        if (ef->duration)
            return bsk_json_schema_error(ctx, at, "a static feature lasts while it holds: no \"duration\"");
        grants |= ef->op == BSK_OP_GAIN_FEATURE;
        reads |= reads_keywords(card, ef->filter) || reads_keywords(card, ef->count_filter);
    }
    /* wrap5: a static block's limit counts the attacks it blocked (545.7, «первые две атаки … за бой») */
    bool block = f->effect_count > 0 && f->effects[0].op == BSK_OP_BLOCK;
    if (continuous && ((f->limit_per && !block) || f->optional || f->handler))
        return refuse(ctx, path, f->limit_per ? "limit" : f->optional ? "optional" : "engine",
                      "a static feature is read, never declared (117)");
    if (grants && reads)
        return refuse(ctx, path, "condition", "a static feature that grants a keyword reads no keywords in its "
                                              "condition or filters (has_keyword, incorporeal, formation, rebuff)");
    bool armor_condition = (f->if_source > 0 && card->filters[f->if_source - 1].filter.armor_left) ||
                           (f->if_count > 0 && card->filters[f->if_count - 1].filter.armor_left);
    for (int k = 0; continuous && armor_condition && k < f->effect_count; k++) /* guard10: it would read itself */
        if ((f->effects[k].op == BSK_OP_GAIN_FEATURE || f->effects[k].op == BSK_OP_NAMED_FEATURE_MODIFIER) &&
            f->effects[k].keyword == BSK_KEYWORD_ARMOR)
            return refuse(ctx, path, "condition", "a static feature whose condition reads \"armor_left\" grants or "
                                                  "modifies no armor (it would read itself)");
    return BSK_OK;
}

/* A cost's "counters": 0..99, or "X" (BSK_FEATURE_COUNTERS_X: «X {counter}», chosen as it is declared, 543.2). */
static bsk_status get_counters_cost(const bsk_json_reader *ctx, const char *at, const json_t *cost, int *counters)
{
    const json_t *v = json_object_get(cost, "counters");
    if (json_is_string(v) && strcmp(json_string_value(v), "X") == 0) {
        *counters = BSK_FEATURE_COUNTERS_X;
        return BSK_OK;
    }
    if (json_is_string(v)) {
        char in[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(in, sizeof in, at, "counters");
        return bsk_json_schema_error(ctx, in, "expected an integer 0..99 or \"X\" (543.2)");
    }
    return bsk_json_get_int(ctx, at, cost, "counters", 0, 0, 99, false, counters);
}

/* trig4 (issue 23): whether an ability's target or an effect's target is the word `name` ("attacker"; spawn8:
 * "attacked"). */
static bool names_ref(const json_t *abilities, const char *name)
{
    for (size_t a = 0; a < json_array_size(abilities); a++) {
        const json_t *ability = json_array_get(abilities, a), *target = json_object_get(ability, "target");
        const json_t *ref = json_is_object(target) ? json_object_get(target, "ref") : NULL;
        if (json_is_string(ref) && strcmp(json_string_value(ref), name) == 0)
            return true;
        const json_t *effects = json_object_get(ability, "effects");
        for (size_t e = 0; e < json_array_size(effects); e++) {
            const json_t *word = json_object_get(json_array_get(effects, e), "target");
            if (json_is_string(word) && strcmp(json_string_value(word), name) == 0)
                return true;
        }
    }
    return false;
}

static bool names_attacker(const json_t *abilities)
{
    return names_ref(abilities, "attacker");
}

/* count12 (issue 23): whether the card's filter n (1-based, 0: none) reads the feature's X ("movement_max": "X"). */
static bool filter_reads_x(const bsk_synthetic_card *card, int n)
{
    return n > 0 && card->filters[n - 1].filter.movement_max == BSK_FILTER_MOVEMENT_X;
}

/* count12 (issue 23): a trigger's X of extra lives (543.2) with one chosen target or none, no «или», no group; a
 * filter's "movement_max": "X" only as that chosen target's filter (the one place features.c reads the X). */
static bsk_status x_cost_checks(const bsk_json_reader *ctx, const char *at, const bsk_feature *f,
                                const bsk_synthetic_card *card)
{
    bool x_cost = f->kind == BSK_FEATURE_TRIGGERED && f->cost_extra_lives == BSK_FEATURE_COUNTERS_X;
    if (x_cost && (f->mode || f->target == BSK_TARGET_GROUP || f->group_count))
        return bsk_json_schema_error(ctx, at, "a trigger's X of extra lives (543.2) is run with one chosen target or "
                                              "none, without an «или» or a group (count12)");
    if (filter_reads_x(card, f->trigger_filter) || filter_reads_x(card, f->destroyed_filter) ||
        filter_reads_x(card, f->if_source) ||
        filter_reads_x(card, f->if_count))
        return bsk_json_schema_error(ctx, at, "\"movement_max\": \"X\" is read only in the chosen target's filter "
                                              "of a trigger whose cost is {\"lose_extra_life\": \"X\"} (543.2)");
    for (int k = 0; k < f->effect_count; k++) {
        const bsk_feature_effect *ef = &f->effects[k];
        bool chosen_here = ef->target == BSK_TARGET_CHOSEN && ef->target == f->target && x_cost;
        if ((filter_reads_x(card, ef->filter) && !chosen_here) || filter_reads_x(card, ef->count_filter) ||
            filter_reads_x(card, ef->from_filter) || filter_reads_x(card, ef->by_filter) ||
            filter_reads_x(card, ef->against) || filter_reads_x(card, ef->than_filter))
            return bsk_json_schema_error(ctx, at, "\"movement_max\": \"X\" is read only in the chosen target's "
                                                  "filter of a trigger whose cost is {\"lose_extra_life\": \"X\"} "
                                                  "(543.2)");
    }
    return BSK_OK;
}

static bsk_status parse_feature(const bsk_json_reader *ctx, const char *path, const json_t *value, int index,
                                const char *card_id, bsk_feature *out, bsk_synthetic_card *card)
{
    static const char *const keys[] = {"src",      "kind",     "cost",      "trigger", "condition", "optional",
                                       "limit",    "duration", "abilities", "grants",  "engine",
                                       "marker", /* mark9 (issue 23) */
                                       "given"}; /* spawn11 (issue 23) */
    if (!json_is_object(value))
        return bsk_json_schema_error(ctx, path, "expected a feature object {\"src\", \"kind\", …}");
    bsk_status status = bsk_json_check_keys(ctx, path, value, keys, 13, 2);
    int src, kind;
    if (status || (status = bsk_json_get_int(ctx, path, value, "src", 0, 1, 99, false, &src)) ||
        (status = get_word(ctx, path, value, "kind", KINDS, BSK_FEATURE_KIND_COUNT, &kind)))
        return status;
    if (src != index + 1) /* DESIGN §5: a fixture card's src is the feature's place in its list */
        return refuse(ctx, path, "src", "a fixture feature's src is its 1-based place in the list");
    memset(out, 0, sizeof *out);
    out->kind = (uint8_t)kind;
    out->src = (uint8_t)src;
    if ((status = parse_limit(ctx, path, value, index, out)))
        return status;
    bool optional;
    if ((status = bsk_json_get_bool(ctx, path, value, "optional", &optional)))
        return status;
    if (optional && kind != BSK_FEATURE_TRIGGERED) /* the engine asks a trigger's controller only */
        return refuse(ctx, path, "optional", "only a triggered feature asks use (116.7)");
    out->optional = optional;
    const json_t *cost = json_object_get(value, "cost");
    char at[BSK_ERROR_PATH_MAX];
    if (kind == BSK_FEATURE_ACTIVATED) {
        static const char *const cost_keys[] = {"tap", "instant", "counters", "wound_self", "tap_adjacent",
                                                /* branch costs4 (issue 22) */
                                                "destroy_self", "lose_extra_life", "return_self_to_deck"};
        bsk_json_join_path(at, sizeof at, path, "cost");
        if (!json_is_object(cost))
            return bsk_json_schema_error(ctx, at, "expected a cost object {\"tap\", \"instant\", \"counters\"}");
        bool tap, instant, tap_adjacent, destroy_self, return_self;
        int counters, wound, extra_lives;
        if ((status = bsk_json_check_keys(ctx, at, cost, cost_keys, 8, 0)) ||
            (status = bsk_json_get_bool(ctx, at, cost, "tap", &tap)) ||
            (status = bsk_json_get_bool(ctx, at, cost, "instant", &instant)) ||
            (status = get_counters_cost(ctx, at, cost, &counters)) ||
            /* static2 (issue 22): the costs beyond tap, counters, instant (113, 114, glossary «:») */
            (status = bsk_json_get_int(ctx, at, cost, "wound_self", 0, 0, 99, false, &wound)) ||
            (status = bsk_json_get_bool(ctx, at, cost, "tap_adjacent", &tap_adjacent)) ||
            /* branch costs4 (issue 22): the other prepaid costs (501.3, 501.4) */
            (status = bsk_json_get_bool(ctx, at, cost, "destroy_self", &destroy_self)) ||
            (status = bsk_json_get_int(ctx, at, cost, "lose_extra_life", 0, 1, 99, false, &extra_lives)) ||
            (status = bsk_json_get_bool(ctx, at, cost, "return_self_to_deck", &return_self)))
            return status;
        if (destroy_self && return_self) /* one card goes to one zone */
            return refuse(ctx, at, "return_self_to_deck", "a card pays with itself once: destroy_self or "
                                                          "return_self_to_deck, not both");
        if ((destroy_self || return_self) && (wound || extra_lives))
            return refuse(ctx, at, wound ? "wound_self" : "lose_extra_life",
                          "a card that pays with itself (destroy_self, return_self_to_deck) pays no life beside it");
        out->tap = tap, out->instant = instant, out->counters = (uint8_t)counters;
        out->cost_wound = (uint8_t)wound, out->cost_tap_adjacent = tap_adjacent;
        out->cost_destroy_self = destroy_self, out->cost_extra_lives = (uint8_t)extra_lives;
        out->cost_return_self = return_self;
        if (json_object_get(value, "trigger"))
            return refuse(ctx, path, "trigger", "only a triggered or static feature has a trigger");
    } else {
        /* count12 (issue 23): 116.2 asks no payment of a trigger, but 05-169 «В начале хода – может потерять X
         * дополнительных {health}; воздействие …» names a resource whose amount is X (543.2: X set by its controller
         * as it is declared, from what the card has; 523.2: never 0), a prepaid one (501.4, 501.14, 501.15) */
        const json_t *lose = json_is_object(cost) ? json_object_get(cost, "lose_extra_life") : NULL;
        bool x_lives = kind == BSK_FEATURE_TRIGGERED && json_object_size(cost) == 1 && json_is_string(lose) &&
                       strcmp(json_string_value(lose), "X") == 0;
        if (cost && !x_lives) /* 116: a triggered feature has no cost */
            return refuse(ctx, path, "cost", "a triggered or static feature has no cost (116.2), a trigger but "
                                             "{\"lose_extra_life\": \"X\"} (543.2)");
        if (x_lives)
            out->cost_extra_lives = BSK_FEATURE_COUNTERS_X;
        const json_t *trigger = json_object_get(value, "trigger");
        bsk_json_join_path(at, sizeof at, path, "trigger");
        if (!trigger && kind == BSK_FEATURE_STATIC)
            ; /* static2 (issue 22): a static feature that applies continuously (117, 121): no event */
        else if (!trigger)
            return bsk_json_schema_error(ctx, at, "missing required field");
        else if ((status = parse_trigger(ctx, at, trigger, out, card)))
            return status;
        if (out->event == BSK_BEFORE_RECRUITMENT && (kind != BSK_FEATURE_TRIGGERED || out->limit_per || out->mode))
            return refuse(ctx, path, "trigger", "a before_recruitment feature is a trigger used once, from the deal, "
                                                "with no limit or «или» (403.1, 403.1.3)");
        if (out->event == BSK_BEFORE_RECRUITMENT && json_array_size(json_object_get(value, "abilities")))
            return refuse(ctx, path, "abilities", "a before_recruitment feature's whole effect is its trigger's gold, "
                                                  "self and grave (403.1: nothing in it runs in the battle)");
        if (out->event == BSK_AT_BATTLE_START && (out->limit_per || index >= BSK_FEATURE_LIMITED_MAX))
            return refuse(ctx, path, "limit", "a start-of-battle feature is used once a battle (406.1: its own limit, "
                                              "on one of a card's first 8 features)");
        bool replacement = out->event == BSK_WOULD_DIE || out->event == BSK_WOULD_GAIN_FEATURE; /* curse4 */
        if (trigger && (kind == BSK_FEATURE_STATIC) != replacement)
            return refuse(ctx, at, "event", kind == BSK_FEATURE_STATIC
                                               ? "a static feature's event is would_die or would_gain_feature (a "
                                                 "replacement, 535)"
                                               : "would_die and would_gain_feature are a static feature's events (a "
                                                 "replacement, 535)");
    }
    const json_t *condition = json_object_get(value, "condition");
    const json_t *wrapper = condition ? json_object_get(condition, "wrapper") : NULL;
    if (wrapper) { /* the feature is a wrapper's linked text: {"wrapper":"at_depth"} (issue 21) */
        static const char *const wrapper_keys[] = {"wrapper"};
        bsk_json_join_path(at, sizeof at, path, "condition");
        int w = -1;
        for (int i = 0; i < WRAPPER_COUNT; i++)
            if (json_is_string(wrapper) && strcmp(json_string_value(wrapper), WRAPPERS[i]) == 0)
                w = i;
        if ((status = bsk_json_check_keys(ctx, at, condition, wrapper_keys, 1, 1)))
            return status;
        if (w < 0)
            return bsk_json_schema_error(ctx, at, "expected {\"wrapper\":\"formation\"}, at_depth, on_surface, "
                                                  "werewolf_wolf, werewolf_human, rebuff or if_second_player");
        out->condition = (uint8_t)(BSK_FEATURE_IF_FORMATION + w);
    } else if (condition && (status = parse_condition(ctx, path, condition, out, card)))
        return status;
    const json_t *engine = json_object_get(value, "engine");
    if (engine) {
        const char *text = json_is_string(engine) ? json_string_value(engine) : "";
        if (strncmp(text, "handler:", 8) == 0) {
            out->handler = (uint8_t)bsk_feature_handler_find(text + 8);
            if (out->handler == 0 || strcmp(text + 8, card_id) != 0)
                return refuse(ctx, path, "engine", "no handler for this card (the handler table is keyed by card id)");
        } else if (strcmp(text, "generic") != 0)
            return refuse(ctx, path, "engine", "expected generic or handler:<card id> (text_only does not run)");
    }
    const json_t *abilities = json_object_get(value, "abilities");
    if (abilities) {
        if ((status = parse_abilities(ctx, path, abilities, out, card)))
            return status;
    } else if (!out->handler && !json_object_get(value, "grants") &&
               out->event != BSK_BEFORE_RECRUITMENT) /* prebattle12: its trigger says all (403.1) */
        return refuse(ctx, path, "abilities", "missing required field");
    if ((status = parse_grants(ctx, path, value, out)))
        return status;
    if (json_object_get(value, "duration")) { /* glossary §6.2 Feature.duration (§3.2): of every lasting effect */
        const char *durations[BSK_FEATURE_DURATION_COUNT];
        int w, lasting = 0;
        lib_words(bsk_feature_duration_id, BSK_FEATURE_DURATION_COUNT, durations);
        if ((status = get_word(ctx, path, value, "duration", durations, BSK_FEATURE_DURATION_COUNT, &w)))
            return status;
        for (int k = 0; k < out->effect_count; k++) {
            bsk_feature_effect *ef = &out->effects[k];
            if (!(bsk_feature_op_modes(ef->op) & BSK_OPM_LASTS))
                continue;
            if (ef->duration != BSK_FDURATION_BATTLE && ef->duration != w)
                return refuse(ctx, path, "duration", "an effect record states another duration");
            if ((w == BSK_FDURATION_NEXT_ATTACK || w == BSK_FDURATION_NEXT_ATTACK_END_OF_TURN) &&
                ef->op != BSK_OP_ATTACK_MODIFIER) /* move11 */
                return refuse(ctx, path, "duration", "only attack_modifier lasts until the card's next attack (move11)");
            ef->duration = (uint8_t)w;
            lasting++;
        }
        if (!lasting)
            return refuse(ctx, path, "duration", "none of its effects lasts (glossary §3.2)");
    }
    if ((status = static_checks(ctx, path, out, card)))
        return status;
    if ((status = parse_marker_feature(ctx, path, value, out, card))) /* mark9 (issue 23) */
        return status;
    const json_t *given = json_object_get(value, "given"); /* spawn11 (issue 23): «входит в игру с [текст]» */
    if (given && !json_is_boolean(given))
        return bsk_json_schema_error(ctx, path, "given: expected a boolean");
    if (given && json_is_true(given)) {
        if (out->kind != BSK_FEATURE_TRIGGERED || out->marker || out->limit_per || out->mode)
            return refuse(ctx, path, "given", "a feature given to a summoned card is a trigger without a marker, a "
                                              "limit or an «или»");
        for (int k = 0; k < out->effect_count; k++)
            if (chosen_selector(out->effects[k].target))
                return refuse(ctx, path, "given", "a feature given to a summoned card chooses no target");
        out->given = 1;
    }
    /* what the engine can run */
    bool chooses = chosen_selector(out->target);
    bsk_json_join_path(at, sizeof at, path, "abilities");
    if (kind == BSK_FEATURE_STATIC && chooses)
        return bsk_json_schema_error(ctx, at, out->event == BSK_EVENT_NONE
                                                  ? "a static feature never targets (117.2): self or \"count\":\"all\""
                                                  : "a replacement's target is self or the dying card (535 asks nobody)");
    if (out->mode && kind != BSK_FEATURE_TRIGGERED)
        return bsk_json_schema_error(ctx, at, "only a triggered feature asks mode");
    if (out->target == BSK_TARGET_GROUP && kind != BSK_FEATURE_ACTIVATED &&
        !(kind == BSK_FEATURE_TRIGGERED && out->group_count != BSK_FEATURE_GROUP_X)) /* group3; turn10; swap12 */
        return bsk_json_schema_error(ctx, at, "a group target (\"count\" 2..8) is an activated feature's, or a "
                                              "trigger's N or «до N» (\"up_to\": true)");
    if (out->target == BSK_TARGET_GROUP && out->mode)
        return bsk_json_schema_error(ctx, at, "a group target with an «или» is not run yet");
    /* siege13 (issue 23): an activated «N или менее [атак] … по разным картам» (505.4.3) is a group of 1..N whose
     * records are all attacks; any other activated «до N» group is not run yet */
    if (out->target == BSK_TARGET_GROUP && kind == BSK_FEATURE_ACTIVATED && BSK_FEATURE_GROUP_IS_UP_TO(out->group_count)) {
        bool attacks = out->effect_count > 0;
        for (int k = 0; k < out->effect_count; k++)
            attacks = attacks && out->effects[k].op == BSK_OP_SPAWN_ATTACK && out->effects[k].target == BSK_TARGET_GROUP;
        if (!attacks)
            return bsk_json_schema_error(ctx, at, "an activated \"up_to\" group (1..N cards) is one of attacks only "
                                                  "(505.4.3 «N или менее [атак]»)");
    }
    /* blow11 (issue 23): an on_attack trigger hearing finishing blows only: their X («выполняет добивание на X») */
    bool finishing_x = kind == BSK_FEATURE_TRIGGERED && out->event == BSK_ON_STRIKE &&
                       out->abilities == (1u << BSK_STRIKE_FINISHING_BLOW);
    for (int k = 0; k < out->effect_count; k++)
        if ((out->effects[k].value.var == BSK_EXPR_X ||
             (out->effects[k].attack.expr_of == BSK_ATTACK_EXPR_VALUES && out->effects[k].attack.expr.var == BSK_EXPR_X)) &&
            out->group_count != BSK_FEATURE_GROUP_X && out->counters != BSK_FEATURE_COUNTERS_X && !finishing_x &&
            out->cost_extra_lives != BSK_FEATURE_COUNTERS_X && /* count12: the X of extra lives lost */
            !(kind == BSK_FEATURE_TRIGGERED && (out->event == BSK_ON_DESTROYS || out->event == BSK_ON_FRENZY ||
                                                out->event == BSK_ON_DIE_ROLL)))
            return bsk_json_schema_error(ctx, at, "a value \"X\" is the number of cards of an X group target "
                                                  "(\"count\":\"X\", 512.5 e), the X of an X-counter cost "
                                                  "(\"counters\":\"X\", 543.2), an on_destroys trigger's excess "
                                                  "damage (dice7), a frenzy / on_die_roll trigger's roll (focus8) or "
                                                  "an on_attack trigger's finishing blow (blow11)");
    for (int k = 0; k < out->effect_count; k++) /* focus8: the roller's side is named by the feature's own card */
        if (out->effects[k].op == BSK_OP_NEXT_ROLL_EQUALS && out->effects[k].param == BSK_ROLLER_OWN &&
            out->effects[k].target != BSK_TARGET_SELF)
            return bsk_json_schema_error(ctx, at, "next_roll_equals with \"roller\":\"own\" takes \"target\":\"self\" "
                                                  "(its controller's cards)");
    if ((status = x_cost_checks(ctx, at, out, card))) /* count12 (issue 23) */
        return status;
    if (out->counters == BSK_FEATURE_COUNTERS_X && out->group_count == BSK_FEATURE_GROUP_X)
        return bsk_json_schema_error(ctx, at, "one X a feature: an X-counter cost or an X group target (543.2, 543.3)");
    for (int k = 0; k < out->effect_count && out->counters == BSK_FEATURE_COUNTERS_X; k++)
        if (out->effects[k].op == BSK_OP_DELAYED)
            return bsk_json_schema_error(ctx, at, "an X-counter cost's feature puts nothing off (delayed is not run "
                                                  "with it)");
    for (int k = 0; k < out->effect_count && out->target == BSK_TARGET_GROUP; k++)
        if (out->effects[k].link || out->effects[k].optional || out->effects[k].value.var == BSK_EXPR_PREVIOUS)
            return bsk_json_schema_error(ctx, at, "a group target in a compound feature (link, optional, previous) "
                                                  "is not run yet");
    for (int k = 0; k < out->effect_count && out->target == BSK_TARGET_GROUP; k++)
        if (out->effects[k].op == BSK_OP_DELAYED)
            return bsk_json_schema_error(ctx, at, "a group target's feature puts nothing off (delayed is not run with it)");
    /* trig4 (issue 23): an attack heard of another card (side, filter, adjacent) names the attacked card
     * "attacked" (features.c raise_one); its attacker has no word there yet */
    if (kind == BSK_FEATURE_TRIGGERED && (out->event == BSK_ON_ASSAULT || out->event == BSK_ON_STRIKE) &&
        out->role != BSK_ROLE_SELF && out->role != BSK_ROLE_ATTACKED && names_attacker(abilities)) {
        /* blow11 (issue 23): on_attack heard of another card names its striker "attacker" (04-104 «когда ваша карта
         * выполняет добивание … излечить ее»): the pending target is the event's card, never both words */
        if (out->event != BSK_ON_STRIKE || names_ref(abilities, "attacked"))
            return bsk_json_schema_error(ctx, at, "heard of another card's attack, \"attacked\" is the card it "
                                                  "attacks; \"attacker\" (the striker) is run for on_attack only, "
                                                  "never with \"attacked\"");
        out->wounded_target = 1;
    }
    /* spawn8 (issue 23): on_attack_wounds names its striker "attacker" (raise_one), whoever hears it; react10 (issue
     * 23): or the wounded card "attacked" (06-091 «переместить его … излечить этого эльфа»), never both */
    if (kind == BSK_FEATURE_TRIGGERED && out->event == BSK_ON_ATTACK_WOUNDS && names_ref(abilities, "attacked")) {
        if (names_attacker(abilities))
            return bsk_json_schema_error(ctx, at, "on_attack_wounds names the wounded card \"attacked\" or the card "
                                                  "whose attack wounded \"attacker\", not both");
        out->wounded_target = 1;
    }
    for (int k = 0; k < out->effect_count; k++)
        if (out->effects[k].op == BSK_OP_RELOCATE && out->effects[k].param == BSK_RELOCATE_AWAY &&
            !out->wounded_target)
            return bsk_json_schema_error(ctx, at, "relocate \"away_from_attacker\" is an on_attack_wounds trigger's "
                                                  "whose records name the wounded card \"attacked\" (react10)");
    for (int k = 0; k < out->effect_count; k++) {
        const bsk_feature_effect *ef = &out->effects[k];
        bool event_card = out->event == BSK_ON_ASSAULT || out->event == BSK_ON_STRIKE || out->event == BSK_WOULD_DIE ||
                          out->event == BSK_ON_STRIKE_ROLLED || /* blow11: the striker or the attacked card */
                          out->event == BSK_ON_FRENZY ||
                          /* curse4: the card gaining the keyword; the card this card destroyed */
                          out->event == BSK_WOULD_GAIN_FEATURE ||
                          out->event == BSK_ON_ATTACK_WOUNDS || /* spawn8: its striker, "attacker" */
                          (out->event == BSK_ON_DESTROYS && out->role == BSK_ROLE_SELF) ||
                          (out->event == BSK_ON_EFFECT_WOUNDS && out->role == BSK_ROLE_SELF); /* vamp8: the wounded */
        /* curse4 (issue 23): a trigger that hears another card's move, death, entry, wounds or heal names that card
         * ("attacked", the event's card: engine_raise_slow makes it the pending trigger's target) — «оно получает» */
        bool other_card = out->role != BSK_ROLE_SELF && out->role != BSK_ROLE_ATTACKED &&
                          (out->event == BSK_ON_MOVE || out->event == BSK_ON_DEATH || out->event == BSK_ON_ENTER ||
                           out->event == BSK_ON_WOUNDED || out->event == BSK_ON_HEALED ||
                           out->event == BSK_ON_DIE_ROLL || /* dice5: the card that rolled («ранить его») */
                           out->event == BSK_ON_LETHAL || out->event == BSK_ON_TELEPORT || /* spawn8 */
                           out->event == BSK_ON_MAGIC_ABILITY || /* vamp8: the card performing it («ранить его») */
                           out->event == BSK_ON_DESTROYS); /* move11: the card destroying («переместить его») */
        if (ef->target == BSK_TARGET_ATTACKED && (kind == BSK_FEATURE_ACTIVATED || !(event_card || other_card)))
            return bsk_json_schema_error(ctx, at, "\"attacked\" is the event's card of on_assault, on_attack or "
                                                  "would_die, or the other card whose move, death, entry, wounds, "
                                                  "heal or destroying a trigger hears");
        if (ef->feature_card == BSK_FEATURE_CARD_TARGET && /* acquired4: the card it targets, chosen or the event's */
            (kind == BSK_FEATURE_STATIC || out->target == BSK_TARGET_GROUP ||
             !(chosen_selector(out->target) || (kind == BSK_FEATURE_TRIGGERED && event_card))))
            return bsk_json_schema_error(ctx, at, "gain_feature {\"card\":\"target\"} needs one card the feature "
                                                  "targets (chosen, or the event's \"attacked\")");
        if ((bsk_feature_op_modes(ef->op) & BSK_OPM_STACK) &&
            (kind != BSK_FEATURE_ACTIVATED || !out->instant || out->effect_count != 1))
            return bsk_json_schema_error(ctx, at, "cancel is the one effect of an instant activated feature (512.6.3)");
        if (ef->op == BSK_OP_BLOCK && k != 0)
            return bsk_json_schema_error(ctx, at, "block is the first effect of an instant activated feature, declared "
                                                  "in the Blocking step (512.6.7, 531.5), or of a static one");
        if (ef->op == BSK_OP_BLOCK && kind == BSK_FEATURE_STATIC && (ef->target != BSK_TARGET_SELF || out->event != BSK_EVENT_NONE))
            return bsk_json_schema_error(ctx, at, "a static block blocks attacks made at its own card (target self, "
                                                  "531.4; branch wrap5)");
        if (ef->op == BSK_OP_BLOCK && kind != BSK_FEATURE_STATIC && (kind != BSK_FEATURE_ACTIVATED || !out->instant))
            return bsk_json_schema_error(ctx, at, "block is the first effect of an instant activated feature, declared "
                                                  "in the Blocking step (512.6.7, 531.5), or of a static one");
    }
    return BSK_OK;
}

/* spawn8 (issue 23): the role that names the event's card "attacker": a defending card's, and any on_attack_wounds
 * trigger's (its event's card is the striker, features.c raise_one). */
static int ref_role(const bsk_feature *f)
{
    /* react10 (issue 23): one naming the wounded card calls it "attacked" */
    if (f->event == BSK_ON_STRIKE && f->wounded_target) /* blow11: the striker of an attack heard of another card */
        return BSK_ROLE_ATTACKED;
    return f->event == BSK_ON_ATTACK_WOUNDS && !f->wounded_target ? BSK_ROLE_ATTACKED : f->role;
}

/* The ability target of selector t (its filter index `filter` in the card's list), or NULL for self. */
static json_t *ability_target_json(int t, int role, const json_context *card, int filter, int group)
{
    switch (t) {
    case BSK_TARGET_GROUP: /* group3 */
        if (group == BSK_FEATURE_GROUP_X)
            return json_pack("{s:s,s:o}", "count", "X", "filter", filter_json(card, filter));
        if (group & BSK_FEATURE_GROUP_UP_TO) /* turn10 */
            return json_pack("{s:i,s:b,s:o}", "count", group & ~BSK_FEATURE_GROUP_UP_TO, "up_to", 1, "filter",
                             filter_json(card, filter));
        return json_pack("{s:i,s:o}", "count", group, "filter", filter_json(card, filter));
    case BSK_TARGET_CHOSEN:
        return json_pack("{s:i,s:o}", "count", 1, "filter", filter_json(card, filter));
    case BSK_TARGET_ALL:
        return json_pack("{s:s,s:o}", "count", "all", "filter", filter_json(card, filter));
    case BSK_TARGET_ADJACENT_ENEMY:
        return json_pack("{s:i,s:{s:s,s:s}}", "count", 1, "filter", "side", "enemy", "adjacent_to", "self");
    case BSK_TARGET_ANY_ENEMY:
        return json_pack("{s:i,s:{s:s}}", "count", 1, "filter", "side", "enemy");
    case BSK_TARGET_EVERY_ENEMY:
        return json_pack("{s:s,s:{s:s,s:[s]}}", "count", "all", "filter", "side", "enemy", "type", "creature");
    case BSK_TARGET_ATTACKED:
        return json_pack("{s:s}", "ref", role == BSK_ROLE_ATTACKED ? "attacker" : "attacked");
    default:
        return NULL;
    }
}

static json_t *expr_json(bsk_expr e, const json_context *card, int count_filter, int than_filter)
{
    if (e.var == BSK_EXPR_COUNT_MORE) /* guard10 (issue 23) */
        return json_pack("{s:o,s:o,s:i,s:i}", "if_more", filter_json(card, count_filter), "than",
                         filter_json(card, than_filter), "then", e.a + e.b, "else", e.b);
    if (e.var == BSK_EXPR_COUNT)
        return json_pack("{s:o}", "count", filter_json(card, count_filter));
    if (e.var == BSK_EXPR_PREVIOUS) /* compound3: 505.7 */
        return json_string("previous");
    if (e.var == BSK_EXPR_LIFE_OF_SELF) /* grave10 */
        return json_pack("{s:s}", "life_of", "self");
    if (e.var == BSK_EXPR_X_OF) /* branch dice5: its keyword is passed as count_filter */
        return json_pack("{s:s}", "x_of", bsk_keyword_name(count_filter));
    if (e.var == BSK_EXPR_STRIKE_OF) /* turn10: its strength is passed as count_filter */
        return e.a == 1 ? json_pack("{s:s}", "strike_of", STRENGTHS[count_filter % 3])
                        : json_pack("{s:s,s:i}", "strike_of", STRENGTHS[count_filter % 3], "times", e.a);
    if (e.var == BSK_EXPR_CONST)
        return json_integer(e.b);
    char text[32]; /* bsk_expr_compile's "M+N per counter" / "N per counter" */
    if (e.var == BSK_EXPR_X) { /* group3: an X group target's X: "X", "X+N", "X-N", "N-X" */
        if (e.a < 0)
            snprintf(text, sizeof text, "%d-X", e.b);
        else if (e.b)
            snprintf(text, sizeof text, "X%+d", e.b);
        else
            snprintf(text, sizeof text, "X");
        return json_string(text);
    }
    if (e.b)
        snprintf(text, sizeof text, "%d+%d per counter", e.b, e.a);
    else
        snprintf(text, sizeof text, "%d per counter", e.a);
    return json_string(text);
}

/* The parameters of the ops of issue 22's branch ops (parse_effect_feature, parse_effect_params). */
static void effect_params_json(const bsk_feature_effect *ef, json_t *e)
{
    static const char *const places[BSK_RELOCATE_COUNT] = {"adjacent", "orthogonal", "any", "teleport", "back",
                                                           "rows_2_3", /* react10 */ "away_from_attacker",
                                                           /* move11 */ "next_to_self", /* count12 */ "forward", /* swap12 */ "swap"};
    unsigned modes = bsk_feature_op_modes(ef->op);
    if (ef->op == BSK_OP_GAIN_FEATURE && ef->feature_src) /* branch posio */
        json_object_set_new(e, "feature", json_pack("{s:s,s:i}", "card",
                                                    ef->feature_card == BSK_FEATURE_CARD_TARGET ? "target" : "self",
                                                    "src", ef->feature_src));
    else if (ef->op == BSK_OP_GAIN_FEATURE)
        json_object_set_new(e, "feature", ef->value.b ? json_pack("{s:s,s:i}", "id", bsk_keyword_name(ef->keyword),
                                                                  "X", ef->value.b)
                                                      : json_pack("{s:s}", "id", bsk_keyword_name(ef->keyword)));
    else if (ef->op == BSK_OP_LOSE_FEATURE)
        json_object_set_new(e, "feature", json_pack("{s:s}", "id", bsk_keyword_name(ef->keyword)));
    else if (ef->op == BSK_OP_NAMED_FEATURE_MODIFIER) /* static2 */
        json_object_set_new(e, "feature", json_pack("{s:s}", "id", bsk_keyword_name(ef->keyword)));
    if (((modes & BSK_OPM_LASTS) && ef->op != BSK_OP_POISON && ef->op != BSK_OP_GAIN_FEATURE &&
         ef->op != BSK_OP_LOSE_FEATURE && ef->op != BSK_OP_ADD_ELEMENT && ef->op != BSK_OP_SET_ELEMENT) ||
        ef->op == BSK_OP_NAMED_FEATURE_MODIFIER || ef->op == BSK_OP_INCOMING_ATTACK_MODIFIER ||
        ef->op == BSK_OP_MAX_LIFE || /* vamp5 */
        ef->op == BSK_OP_INCOMING_REDUCE_ATTACK_TO || /* fend6 */
        ef->op == BSK_OP_RECRUIT_COST_MODIFIER ||     /* recruit7 */
        ef->op == BSK_OP_ROLL_TWICE || /* dice7 */
        ((ef->op == BSK_OP_PROTECTION_FROM_ATTACKS || ef->op == BSK_OP_BLOCK) && ef->value.b)) /* guard10: 0, any
                                                                                                   value, unsaid */
        json_object_set_new(e, "X", ef->value.var == BSK_EXPR_X ? json_string("X") /* dice7: a trigger's X */
                                    : ef->value.var == BSK_EXPR_STRIKE_OF ? expr_json(ef->value, NULL, ef->strength, 0)
                                                                          : json_integer(ef->value.b));
    if ((modes & BSK_OPM_LASTS) && ef->duration)
        json_object_set_new(e, "duration", json_string(bsk_feature_duration_id(ef->duration)));
    if (ef->op == BSK_OP_ATTACK_MODIFIER || ef->op == BSK_OP_INCOMING_ATTACK_MODIFIER)
        json_object_set_new(e, "attack", set_json(ef->param, NULL, bsk_strike_kind_id, BSK_STRIKE_KIND_COUNT));
    if (ef->op == BSK_OP_RELOCATE && ef->param < BSK_RELOCATE_COUNT)
        json_object_set_new(e, "to", json_string(places[ef->param]));
    if (ef->op == BSK_OP_ADD_ELEMENT || ef->op == BSK_OP_SET_ELEMENT) /* 106.2.1 */
        json_object_set_new(e, "element", json_string(bsk_element_id(ef->param)));
    if (ef->op == BSK_OP_DELAYED && ef->param < BSK_DELAY_COUNT) /* static2 */
        json_object_set_new(e, "when", json_string(DELAYS[ef->param]));
    /* branch ops2 */
    if (ef->op == BSK_OP_REDIRECT && ef->param) /* dice5: the attack kinds it redirects */
        json_object_set_new(e, "attack", set_json(ef->param, NULL, bsk_strike_kind_id, BSK_STRIKE_KIND_COUNT));
    if (ef->op == BSK_OP_SET_ATTACK_STRENGTH || ef->op == BSK_OP_REDUCE_ATTACK_TO ||
        ef->op == BSK_OP_INCOMING_REDUCE_ATTACK_TO || /* fend6 */
        ef->op == BSK_OP_PROTECTION_FROM_ATTACKS ||   /* guard10 */
        ef->op == BSK_OP_IGNORE_PROTECTION)           /* farro13 */
        json_object_set_new(e, "attack", set_json(ef->param, NULL, bsk_strike_kind_id, BSK_STRIKE_KIND_COUNT));
    if (ef->op == BSK_OP_INCOMING_REDUCE_ATTACK_TO && ef->strength) /* fend6: the strengths it reduces */
        json_object_set_new(e, "strengths", set_json(ef->strength, STRENGTHS, NULL, 3));
    if (ef->op == BSK_OP_SET_ATTACK_STRENGTH && ef->strength < 3)
        json_object_set_new(e, "strength", json_string(STRENGTHS[ef->strength]));
    if (ef->op == BSK_OP_SET_ATTACK_STRENGTH)
        json_object_del(e, "X");
    if (ef->op == BSK_OP_RETURN_TO_DECK && ef->place && ef->place < BSK_DECK_PLACE_COUNT)
        json_object_set_new(e, "to", json_string(ef->place == BSK_DECK_TOP ? "top" : "bottom"));
    /* branch block3: a block's attack kinds (none: any attack); a prevention with no number has no X */
    if (ef->op == BSK_OP_BLOCK && ef->param)
        json_object_set_new(e, "attack", set_json(ef->param, NULL, bsk_strike_kind_id, BSK_STRIKE_KIND_COUNT));
    if (ef->op == BSK_OP_PREVENTION && ef->param == BSK_PREVENT_ALL)
        json_object_del(e, "X");
    if (ef->op == BSK_OP_SIDE_PREVENTION && ef->param) /* branch shield6 */
        json_object_set_new(e, "max", json_integer(ef->param));
    if (ef->op == BSK_OP_NEXT_ROLL_EQUALS && ef->param == BSK_ROLLER_OWN) /* focus8 */
        json_object_set_new(e, "roller", json_string("own"));
    /* times3 (issue 22): the way of acting, 540.3.1's no tap, X or "any" */
    if (ef->op == BSK_OP_ACTIONS_PER_TURN)
        json_object_set_new(e, "X", ef->value.b > 0 ? json_integer(ef->value.b) : json_string("any"));
    if ((ef->op == BSK_OP_ACTIONS_PER_TURN || ef->op == BSK_OP_NO_TAP_AFTER) &&
        (ef->param & BSK_ACTIONS_KIND_MASK) < BSK_ACTIONS_COUNT)
        json_object_set_new(e, "action", json_string(ACTION_WAYS[ef->param & BSK_ACTIONS_KIND_MASK]));
    if (ef->op == BSK_OP_ACTIONS_PER_TURN && (ef->param & BSK_ACTIONS_NO_TAP))
        json_object_set_new(e, "no_tap", json_true());
    if (ef->op == BSK_OP_FLIP_DIE) /* branch dice3: a flip has no number (519.6) */
        json_object_del(e, "X");
    if (ef->op == BSK_OP_INCARNATE_OPEN && ef->place && ef->place < BSK_INC_PLACE_COUNT) { /* recruit11 */
        static const char *const inc_places[BSK_INC_PLACE_COUNT] = {"default", "third_rows", "marked"};
        static const char *const inc_pays[BSK_INC_PAY_COUNT] = {"none", "incarnation_token", "marker"};
        json_object_set_new(e, "place", json_string(inc_places[ef->place]));
        if (ef->param && ef->param < BSK_INC_PAY_COUNT)
            json_object_set_new(e, "pay", json_string(inc_pays[ef->param]));
    }
}

/* Whether an effect record's selector names cards of its own (not self, not the event's card). */
static bool selects(int t)
{
    return t != BSK_TARGET_SELF && t != BSK_TARGET_ATTACKED && t != BSK_TARGET_PLACER && /* mark9: a record's ref */
           t != BSK_TARGET_MARKED;
}

static json_t *feature_json(const json_context *card, const bsk_feature *f)
{
    json_t *o = json_object();
    json_object_set_new(o, "src", json_integer(f->src));
    json_object_set_new(o, "kind", json_string(KINDS[f->kind]));
    if (f->marker) { /* mark9 (issue 23) */
        json_object_set_new(o, "marker", json_string(marker_name_of(card, f->marker - 1)));
    }
    if (f->given) /* spawn11 (issue 23) */
        json_object_set_new(o, "given", json_true());
    if (f->kind == BSK_FEATURE_ACTIVATED) {
        json_t *cost = json_object();
        json_object_set_new(cost, "tap", json_boolean(f->tap));
        json_object_set_new(cost, "instant", json_boolean(f->instant));
        json_object_set_new(cost, "counters", f->counters == BSK_FEATURE_COUNTERS_X ? json_string("X")
                                                                                   : json_integer(f->counters));
        if (f->cost_wound) /* static2 */
            json_object_set_new(cost, "wound_self", json_integer(f->cost_wound));
        if (f->cost_tap_adjacent)
            json_object_set_new(cost, "tap_adjacent", json_true());
        if (f->cost_destroy_self) /* branch costs4 */
            json_object_set_new(cost, "destroy_self", json_true());
        if (f->cost_extra_lives)
            json_object_set_new(cost, "lose_extra_life", json_integer(f->cost_extra_lives));
        if (f->cost_return_self)
            json_object_set_new(cost, "return_self_to_deck", json_true());
        json_object_set_new(o, "cost", cost);
    } else if (f->event != BSK_EVENT_NONE) { /* static2: a static feature without one applies continuously */
        if (f->cost_extra_lives == BSK_FEATURE_COUNTERS_X) /* count12 (issue 23): a trigger's X of extra lives */
            json_object_set_new(o, "cost", json_pack("{s:s}", "lose_extra_life", "X"));
        json_t *t = json_object();
        json_object_set_new(t, "event", json_string(bsk_feature_event_id(f->event)));
        bool turn = f->event == BSK_AT_TURN_START || f->event == BSK_AT_TURN_END;
        bool frame = f->event == BSK_ON_CONCENTRATION || f->event == BSK_ON_FRENZY || f->event == BSK_ON_VALHALLA ||
                     f->event == BSK_AT_BATTLE_START; /* batl9: its own card's (406.1) */
        if (f->event == BSK_BEFORE_RECRUITMENT) { /* prebattle12 (issue 23): 403.1, no listener's keys */
            if (f->recruit_gold)
                json_object_set_new(t, "gold", json_integer(f->recruit_gold));
            json_object_set_new(t, "self", json_string(f->recruit_self == BSK_BEFORE_SELF_SQUAD ? "squad" : "graveyard"));
            if (f->trigger_filter)
                json_object_set_new(t, "grave", filter_json(card, f->trigger_filter));
        } else if (frame)
            ; /* a keyword frame names no role */
        else if (turn)
            json_object_set_new(t, "turn_of", json_string(f->role == BSK_ROLE_ENEMY ? "opponent"
                                                          : f->role == BSK_ROLE_ANY ? "each" : "self"));
        else if (f->role == BSK_ROLE_SELF)
            json_object_set_new(t, "source", json_string("self"));
        else if (f->role == BSK_ROLE_ADJACENT)
            json_object_set_new(t, "filter", json_pack("{s:s}", "adjacent_to", "self"));
        else if (f->role == BSK_ROLE_ATTACKED)
            json_object_set_new(t, "role", json_string("defending"));
        else
            json_object_set_new(t, "side", json_string(f->role == BSK_ROLE_OWN ? "own"
                                                       : f->role == BSK_ROLE_ENEMY ? "enemy" : "any"));
        if (f->trigger_filter && f->event != BSK_BEFORE_RECRUITMENT)
            json_object_set_new(t, "filter", filter_json(card, f->trigger_filter));
        if (f->abilities)
            json_object_set_new(t, "ability", set_json(f->abilities, NULL, bsk_strike_kind_id, BSK_STRIKE_KIND_COUNT));
        if (f->strengths && f->event == BSK_ON_MOVE) /* mark9 */
            json_object_set_new(t, "movement", json_true());
        else if (f->strengths)
            json_object_set_new(t, "strength", set_json(f->strengths, STRENGTHS, NULL, 3));
        if (f->fight_side) /* events3 */
            json_object_set_new(t, "fight_side", json_string(FIGHT_SIDES[f->fight_side == BSK_FIGHT_DEFENCE]));
        if (f->miss)
            json_object_set_new(t, "miss", json_string(FIGHT_SIDES[f->miss == (BSK_FIGHT_ASSAULT | BSK_FIGHT_DEFENCE) ? 2
                                                                   : f->miss == BSK_FIGHT_DEFENCE ? 1 : 0]));
        if (f->first_per)
            json_object_set_new(t, "first", json_string(FIRST_PER[f->first_per == BSK_LIMIT_BATTLE ? 2 : 1]));
        if (f->roll_value) /* branch dice3; dice5: "above_cost" */
            json_object_set_new(t, "value", f->roll_value == BSK_ROLL_ABOVE_COST ? json_string("above_cost")
                                            : f->roll_value > BSK_ROLL_AT_MOST /* dice7 */
                                                ? json_pack("{s:i}", "at_most", f->roll_value - BSK_ROLL_AT_MOST)
                                                : json_integer(f->roll_value));
        if (f->during) /* dice5 */
            json_object_set_new(t, "during", json_string(f->during == BSK_DURING_OWN_TURN ? "own_turn" : "opponents_turn"));
        if (f->at_least) /* trig4 */
            json_object_set_new(t, "at_least", json_integer(f->at_least));
        if (f->destroyed_filter) /* curse4 (issue 23) */
            json_object_set_new(t, f->event == BSK_ON_TAPPED_TO_MOVE   ? "moved"
                                   : f->event == BSK_ON_ATTACK_WOUNDS ? "by" /* spawn8 */
                                   : f->event == BSK_ON_EFFECT_WOUNDS ? "wounded" /* vamp8 */
                                                                      : "destroyed",
                                filter_json(card, f->destroyed_filter));
        if (f->gain_keyword)
            json_object_set_new(t, "feature", json_pack("{s:s}", "id", bsk_keyword_name(f->gain_keyword - 1)));
        json_object_set_new(o, "trigger", t);
    }
    if (f->condition >= BSK_FEATURE_IF_FORMATION && f->condition < BSK_FEATURE_IF_FORMATION + WRAPPER_COUNT)
        json_object_set_new(o, "condition", json_pack("{s:s}", "wrapper", WRAPPERS[f->condition - BSK_FEATURE_IF_FORMATION]));
    else if (f->condition || f->if_source || f->if_op) { /* static2: the condition's filters and count */
        json_t *c = json_object();
        if (f->condition)
            json_object_set_new(c, "state", json_pack("[s]", STATES[f->condition - 1]));
        if (f->if_source)
            json_object_set_new(c, "source", filter_json(card, f->if_source));
        if (f->if_op) {
            json_object_set_new(c, "count", filter_json(card, f->if_count));
            json_object_set_new(c, "op", json_string(FILTER_COST_OPS[f->if_op]));
            json_object_set_new(c, "value", json_integer(f->if_value));
        }
        json_object_set_new(o, "condition", c);
    }
    json_object_set_new(o, "optional", json_boolean(f->optional));
    if (f->limit_per) /* 545.7: the "limit" parse_limit read */
        json_object_set_new(o, "limit", f->limit_battle /* spawn11 */
                                            ? json_pack("{s:s,s:i,s:i}", "per", LIMIT_PER[f->limit_per], "count",
                                                        f->limit_count, "battle", f->limit_battle)
                                            : json_pack("{s:s,s:i}", "per", LIMIT_PER[f->limit_per], "count",
                                                        f->limit_count));
    /* one ability of all the effects; an «или» (f->mode): one ability per alternative, "mode" n */
    json_t *abilities = json_array();
    for (int k = 0; k < f->effect_count;) {
        json_t *ability = json_object();
        const bsk_attack *attack = &f->effects[k].attack;
        if (f->effects[k].op == BSK_OP_SPAWN_ATTACK && attack->keyword) { /* an attack the feature prints */
            json_object_set_new(ability, "type", json_string(bsk_keyword_name(attack->keyword)));
            json_t *target = ability_target_json(f->effects[k].target, ref_role(f), card, f->effects[k].filter, f->group_count);
            if (target)
                json_object_set_new(ability, "target", target);
            if (f->effects[k].from_filter) /* blow11: the card it is made at, chosen as it resolves */
                json_object_set_new(ability, "with", filter_json(card, f->effects[k].from_filter));
            if (attack->expr_of == BSK_ATTACK_EXPR_VALUES) /* blow11: «на X» */
                json_object_set_new(ability, "values", json_string("X"));
            else if (attack->values[0] == attack->values[1] && attack->values[1] == attack->values[2])
                json_object_set_new(ability, "values", json_integer(attack->values[0]));
            else
                json_object_set_new(ability, "values",
                                    json_pack("[i,i,i]", attack->values[0], attack->values[1], attack->values[2]));
            if (attack->range != BSK_RANGE_NONE)
                json_object_set_new(ability, "range", json_integer(attack->range));
            if (f->effects[k].at_most)
                json_object_set_new(ability, "at_most", json_integer(f->effects[k].at_most));
            if (f->effects[k].place == BSK_SPAWN_AS_ADJACENT) /* strike13: «как стоящей рядом» */
                json_object_set_new(ability, "as_adjacent", json_true());
            if (f->effects[k].link) /* compound3 */
                json_object_set_new(ability, "link", json_string(LINKS[f->effects[k].link]));
            if (f->effects[k].optional)
                json_object_set_new(ability, "optional", json_true());
            json_array_append_new(abilities, ability);
            k++;
            continue;
        }
        json_object_set_new(ability, "type", json_string(f->effects[k].spell ? "spell" : "effect_ability"));
        if (f->mode)
            json_object_set_new(ability, "mode", json_integer(k + 1));
        /* the ability's selector: its first record's own, unless that is self or the event's card */
        int selector = selects(f->effects[k].target) ? f->effects[k].target
                       : f->mode && f->effects[k].target == BSK_TARGET_SELF ? BSK_TARGET_SELF /* vamp5: «или излечиться» */
                                                                              : f->target,
            filter = 0;
        for (int e = k; e < f->effect_count; e++)
            if (f->effects[e].target == selector || /* acquired4: a record that reads the chosen card's feature */
                (f->effects[e].feature_card == BSK_FEATURE_CARD_TARGET && selector == BSK_TARGET_CHOSEN)) {
                filter = f->effects[e].filter;
                break;
            }
        json_t *target = ability_target_json(selector, ref_role(f), card, filter, f->group_count);
        if (target)
            json_object_set_new(ability, "target", target);
        json_t *effects = json_array();
        int end = k + 1; /* a mode: one record; else up to a record that selects other cards */
        while (!f->mode && end < f->effect_count &&
               !(f->effects[end].op == BSK_OP_SPAWN_ATTACK && f->effects[end].attack.keyword) &&
               f->effects[end].spell == f->effects[k].spell && /* grave5: a spell is its own ability */
               !(selects(f->effects[end].target) &&
                 (f->effects[end].target != selector || f->effects[end].filter != filter)))
            end++;
        for (; k < end; k++) {
            const bsk_feature_effect *ef = &f->effects[k];
            unsigned modes = bsk_feature_op_modes(ef->op);
            json_t *e = json_object();
            json_object_set_new(e, "op", json_string(ef->op == BSK_OP_POISON ? "gain_feature" : bsk_feature_op_id(ef->op)));
            if (ef->op == BSK_OP_GAIN_INCARNATION && ef->param == BSK_GRAVE_SELF) /* inc9 */
                json_object_set_new(e, "target", json_string("self"));
            if (modes & BSK_OPM_CARD)
                json_object_set_new(e, "target", json_string(ef->target == BSK_TARGET_SELF ? "self"
                                                             : ef->target == BSK_TARGET_ATTACKED
                                                                 ? (ref_role(f) == BSK_ROLE_ATTACKED ? "attacker" : "attacked")
                                                             : ef->target == BSK_TARGET_PLACER ? "placer" /* mark9 */
                                                             : ef->target == BSK_TARGET_MARKED ? "marked"
                                                                 : "target"));
            if (ef->op == BSK_OP_WOUND || ef->op == BSK_OP_HEAL || ef->op == BSK_OP_SET_LIFE ||
                ef->op == BSK_OP_PROPHECY)
                json_object_set_new(e, "X", expr_json(ef->value, card, ef->value.var == BSK_EXPR_X_OF ? ef->keyword
                                                           : ef->value.var == BSK_EXPR_STRIKE_OF ? ef->strength
                                                           : ef->count_filter,
                                                      ef->than_filter));
            else if ((modes & BSK_OPM_COUNTERS) || ef->op == BSK_OP_LOSE_INCARNATION || /* grave5: its tokens */
                     ef->op == BSK_OP_GAIN_INCARNATION || /* inc9 */
                     ef->op == BSK_OP_LOSE_EXTRA_LIFE) /* vamp8 */
                json_object_set_new(e, "n", expr_json(ef->value, card, ef->count_filter, ef->than_filter));
            else if (ef->op == BSK_OP_PLACE_NAMED_MARKER || ef->op == BSK_OP_REMOVE_NAMED_MARKER ||
                     (modes & BSK_OPM_CELL)) { /* branch posio; cell7 */
                json_object_set_new(e, "name", json_string(marker_name_of(card, ef->marker)));
                json_object_set_new(e, "n", (modes & BSK_OPM_CELL) && ef->value.b == BSK_CELL_MARKER_ALL
                                                ? json_string("all")
                                                : json_integer(ef->value.b));
                if (modes & BSK_OPM_CELL) { /* cell7 (issue 23) */
                    static const char *const cells[BSK_CELL_COUNT] = {"chosen", "free", "event", "all"};
                    json_object_set_new(e, "cell", json_string(ef->param < BSK_CELL_COUNT ? cells[ef->param] : "?"));
                    if (ef->duration)
                        json_object_set_new(e, "duration", json_string(bsk_feature_duration_id(ef->duration)));
                } else if (ef->op == BSK_OP_PLACE_NAMED_MARKER && ef->duration) /* mark9 */
                    json_object_set_new(e, "duration", json_string(bsk_feature_duration_id(ef->duration)));
            }
            else if (ef->op == BSK_OP_POISON)
                json_object_set_new(e, "feature", json_pack("{s:s,s:i}", "id", "poison", "X", ef->value.b));
            if (ef->op == BSK_OP_INCARNATE_OPEN && ef->place == BSK_INC_PLACE_MARKED) { /* recruit11 */
                json_object_set_new(e, "name", json_string(marker_name_of(card, ef->marker)));
            }
            effect_params_json(ef, e);
            if (ef->op == BSK_OP_NO_TAP_THIS_ATTACK && ef->filter) /* times3: its card's state, read as it applies */
                json_object_set_new(e, "if", filter_json(card, ef->filter));
            if (ef->op == BSK_OP_NO_WOUNDS_FROM_ATTACKS) /* dice5 */
                json_object_set_new(e, "values", json_string(ef->param == BSK_VALUES_ODD ? "odd" : "even"));
            if (ef->from_filter) /* dice5: redirect's conditions on the attack; fight9: fight's "with" */
                json_object_set_new(e, ef->op == BSK_OP_FIGHT || ef->op == BSK_OP_SPAWN_ATTACK ? "with"
                                       : ef->op == BSK_OP_DECK_TO_GRAVEYARD ||
                                               ef->op == BSK_OP_SUMMON                       ? "card" /* grave10 */
                                                                                             : "from",
                                    filter_json(card, ef->from_filter));
            if (ef->op == BSK_OP_SUMMON && ef->param) /* spawn11 (issue 23) */
                json_object_set_new(e, "cell", json_string(ef->param == BSK_SUMMON_ON_TARGET ? "target_cell"
                                                                                             : "adjacent_to_target"));
            if (ef->op == BSK_OP_SUMMON && (ef->place & BSK_SUMMON_TAPPED))
                json_object_set_new(e, "tapped", json_true());
            if (ef->op == BSK_OP_SUMMON && (ef->place & BSK_SUMMON_TARGET_WOUNDS))
                json_object_set_new(e, "wounds", json_string("target"));
            if (ef->by_filter)
                json_object_set_new(e, "by", filter_json(card, ef->by_filter));
            if (ef->against) /* trig5 (issue 23): an attack modifier's other card */
                json_object_set_new(e, "against", filter_json(card, ef->against));
            if (ef->against_card == BSK_AGAINST_CARD_TARGET) /* swap12 (issue 23): «по атакованному» */
                json_object_set_new(e, "against_card", json_string("target"));
            if (ef->link && ef->link < BSK_LINK_COUNT) /* compound3 (issue 22, 505) */
                json_object_set_new(e, "link", json_string(LINKS[ef->link]));
            if (ef->optional)
                json_object_set_new(e, "optional", json_true());
            json_array_append_new(effects, e);
        }
        json_object_set_new(ability, "effects", effects);
        json_array_append_new(abilities, ability);
    }
    if (json_array_size(abilities))
        json_object_set_new(o, "abilities", abilities);
    else
        json_decref(abilities);
    if (f->handler) {
        char text[80];
        snprintf(text, sizeof text, "handler:%s", bsk_feature_handler_id(f->handler));
        json_object_set_new(o, "engine", json_string(text));
    } else
        json_object_set_new(o, "engine", json_string("generic"));
    return o;
}

json_t *bsk_synthetic_feature_json(const bsk_feature *f, const bsk_card_table *table)
{
    json_context jc = {NULL, table}; /* a compiled feature: its filters are the table's (branch posio) */
    return feature_json(&jc, f);
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
            return bsk_json_schema_error(ctx, at, "expected formation, activated, conditional, at_depth, on_surface, "
                                                  "werewolf_wolf, werewolf_human, rebuff or if_second_player");
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
                                       "simple_strike",    "keywords",      "features"};
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
    const json_t *features = json_object_get(value, "features");
    bsk_json_join_path(at, sizeof at, path, "features");
    if (features && (!json_is_array(features) || json_array_size(features) > BSK_SYNTHETIC_FEATURES_MAX))
        return bsk_json_schema_error(ctx, at, "expected an array of at most %d features", BSK_SYNTHETIC_FEATURES_MAX);
    for (size_t i = 0; features && i < json_array_size(features); i++) {
        char item[BSK_ERROR_PATH_MAX + 32];
        snprintf(item, sizeof item, "%s[%zu]", at, i);
        if ((status = parse_feature(ctx, item, json_array_get(features, i), (int)i, c->id,
                                    &out->features[out->feature_count++], out)))
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
        {
            json_context jc = {s, NULL};
            json_array_append_new(features, feature_json(&jc, &s->features[i]));
        }
    json_object_set_new(o, "features", features);
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

/* A synthetic card's marker name (index *marker - base into its names) becomes the table's (+ base); false when
 * the table has no room for it. base 1: a 1-based field, 0 meaning none (filters, a feature's carrying marker);
 * base 0: an op's marker. */
static bool remap_marker(bsk_card_table *table, const bsk_synthetic_card *synthetic, uint8_t *marker, int base)
{
    if (base && !*marker)
        return true;
    int index = *marker - base;
    int name = index < synthetic->marker_count ? bsk_card_table_marker(table, synthetic->marker_names[index], true) : -1;
    if (name < 0)
        return false;
    *marker = (uint8_t)(name + base);
    return true;
}

static bsk_status marker_names_limit(bsk_error *error)
{
    return bsk_error_set(error, BSK_ERR_LIMIT, "match.cards", "more than %d marker names", BSK_MARKER_NAMES_MAX);
}

/* Adds `card` to the table, with its features when it is a synthetic card new to the table (lib remaps
 * their filters); branch posio: then its named-marker names become the table's. */
static bsk_status table_add(const bsk_synthetic_cards *s, const bsk_card *card, bsk_card_table *table, bsk_error *error)
{
    int before = table->count;
    int slot = bsk_card_table_add(table, card);
    if (slot < 0)
        return bsk_error_set(error, BSK_ERR_LIMIT, "match.cards", "more than %d distinct cards", BSK_CARD_TABLE_MAX);
    const bsk_synthetic_card *synthetic = bsk_synthetic_of(s, card);
    if (slot != before || !synthetic)
        return BSK_OK; /* a slot's features come when it is new, before the next slot's */
    bsk_feature_filter filters[BSK_SYNTHETIC_FILTERS_MAX]; /* the card's filters, remapped by lib */
    for (int k = 0; k < synthetic->filter_count; k++) {
        filters[k] = synthetic->filters[k].filter;
        /* group3: the card's marker names into the table's; cell7: likewise the cell marker's name */
        if (!remap_marker(table, synthetic, &filters[k].marker, 1) ||
            !remap_marker(table, synthetic, &filters[k].cell_marker, 1))
            return marker_names_limit(error);
    }
    if (bsk_card_table_add_features(table, slot, synthetic->features, synthetic->feature_count, filters,
                                    synthetic->filter_count, NULL) < 0)
        return bsk_error_set(error, BSK_ERR_LIMIT, "match.cards", "more than %d card features or %d card filters",
                             BSK_CARD_TABLE_FEATURES_MAX, BSK_CARD_TABLE_FILTERS_MAX);
    bsk_feature *f = &table->features[table->feature_start[slot]];
    int count = table->entries[slot].feature_count;
    for (int k = 0; k < count; k++) {
        if (!remap_marker(table, synthetic, &f[k].marker, 1)) /* mark9 (issue 23): the marker carrying it (544.1) */
            return marker_names_limit(error);
        for (int e = 0; e < f[k].effect_count; e++) {
            bsk_feature_effect *ef = &f[k].effects[e];
            if (ef->op != BSK_OP_PLACE_NAMED_MARKER && ef->op != BSK_OP_REMOVE_NAMED_MARKER &&
                ef->op != BSK_OP_CELL_MARKER_ADD && ef->op != BSK_OP_CELL_MARKER_REMOVE && /* cell7 */
                !(ef->op == BSK_OP_INCARNATE_OPEN && ef->place == BSK_INC_PLACE_MARKED)) /* recruit11 */
                continue;
            if (!remap_marker(table, synthetic, &ef->marker, 0))
                return marker_names_limit(error);
        }
    }
    return BSK_OK;
}

bsk_status bsk_synthetic_table(const bsk_synthetic_cards *s, const bsk_position *position, bsk_card_table *table,
                               bsk_error *error)
{
    bsk_card_table_init(table);
    bsk_status status = BSK_OK;
    for (int i = 0; i < position->card_count && !status; i++)
        status = table_add(s, position->cards[i].card, table, error);
    /* branch posio: the cards whose features a card has acquired (`gains` {"card","src"}), after them */
    for (int i = 0; i < position->card_count && !status; i++)
        for (int g = 0; g < position->cards[i].acquired_count && !status; g++)
            status = table_add(s, position->cards[i].acquired[g].card, table, error);
    return status;
}

/* ---- catalog2 (issue 22): a catalogue card's features (DESIGN §3 catalogue schema 2) ----
 * The catalogue codec reads and writes a card's features through the fixture reader above, so a
 * feature means the same in a set file and in a fixture card; only `src` differs (a printed
 * sentence, not a place in the list) and `engine` may be text_only or a handler the engine lacks
 * (kept with its src and kind, reported by bsk_card_blockers). */

_Static_assert(BSK_SYNTHETIC_FILTERS_MAX == BSK_CARD_FILTERS_MAX, "a card's filters fit either list");
_Static_assert(BSK_SYNTHETIC_FEATURES_MAX == BSK_CARD_FEATURES_MAX, "a card's features fit either list");
_Static_assert(BSK_SYNTHETIC_MARKERS_MAX == BSK_CARD_MARKERS_MAX, "a card's marker names fit either list");

/* A scratch fixture card holding the catalogue card's filters (parse_filter and filter_json work on
 * one). */
static bsk_synthetic_card *scratch_card(const bsk_card_features *features)
{
    bsk_synthetic_card *card = calloc(1, sizeof *card);
    if (!card)
        return NULL;
    for (int k = 0; features && k < features->filter_count; k++) {
        card->filters[k].filter = features->filters[k];
        snprintf(card->filters[k].name, sizeof card->filters[k].name, "%s", features->filter_names[k]);
    }
    card->filter_count = features ? features->filter_count : 0;
    for (int k = 0; features && k < features->marker_count; k++) /* the named-marker names */
        snprintf(card->marker_names[k], sizeof card->marker_names[k], "%s", features->marker_names[k]);
    card->marker_count = features ? features->marker_count : 0;
    return card;
}

bsk_status bsk_feature_from_json(const bsk_json_reader *ctx, const char *path, const json_t *value,
                                 const char *card_id, bsk_card_features *out)
{
    static const char *const kept_keys[] = {"src", "kind", "engine"};
    int index = out->count, src, kind;
    if (!json_is_object(value))
        return bsk_json_schema_error(ctx, path, "expected a feature object {\"src\", \"kind\", …}");
    if (index >= BSK_CARD_FEATURES_MAX)
        return bsk_json_schema_error(ctx, path, "more than %d features in one card", BSK_CARD_FEATURES_MAX);
    bsk_status status;
    if ((status = bsk_json_get_int(ctx, path, value, "src", 0, 1, BSK_SRC_MAX, false, &src)) ||
        (status = get_word(ctx, path, value, "kind", KINDS, BSK_FEATURE_KIND_COUNT, &kind)))
        return status;
    const json_t *engine = json_object_get(value, "engine");
    const char *engine_text = json_is_string(engine) ? json_string_value(engine) : "generic";
    bsk_feature *f = &out->features[index];
    memset(f, 0, sizeof *f);
    out->engine[index] = BSK_ENGINE_GENERIC;
    out->handler[index][0] = '\0';
    bool handler = strncmp(engine_text, "handler:", 8) == 0;
    if (engine && !json_is_string(engine))
        return refuse(ctx, path, "engine", "expected generic, handler:<card id> or text_only");
    if (strcmp(engine_text, "text_only") == 0 ||
        (handler && (bsk_feature_handler_find(engine_text + 8) == 0 || strcmp(engine_text + 8, card_id) != 0))) {
        /* not run: its sentence is recorded (src, kind) and reported */
        if ((status = bsk_json_check_keys(ctx, path, value, kept_keys, 3, 3)))
            return status;
        if (handler && strlen(engine_text + 8) >= sizeof out->handler[index])
            return refuse(ctx, path, "engine", "a handler's id is a card id");
        f->kind = (uint8_t)kind;
        f->src = (uint8_t)src;
        out->engine[index] = (uint8_t)(handler ? BSK_ENGINE_HANDLER : BSK_ENGINE_TEXT_ONLY);
        if (handler)
            snprintf(out->handler[index], sizeof out->handler[index], "%s", engine_text + 8);
        out->count++;
        return BSK_OK;
    }
    bsk_synthetic_card *card = scratch_card(out);
    json_t *copy = json_copy((json_t *)value);
    if (!card || !copy) {
        free(card);
        json_decref(copy);
        return bsk_json_schema_error(ctx, path, "out of memory");
    }
    json_object_set_new(copy, "src", json_integer(index + 1)); /* parse_feature's fixture rule */
    status = parse_feature(ctx, path, copy, index, card_id, f, card);
    json_decref(copy);
    if (!status) {
        f->src = (uint8_t)src;
        if (f->handler) {
            out->engine[index] = BSK_ENGINE_HANDLER;
            snprintf(out->handler[index], sizeof out->handler[index], "%s", bsk_feature_handler_id(f->handler));
        }
        for (int k = out->filter_count; k < card->filter_count; k++) { /* the filters it added */
            out->filters[k] = card->filters[k].filter;
            snprintf(out->filter_names[k], sizeof out->filter_names[k], "%s", card->filters[k].name);
        }
        out->filter_count = card->filter_count;
        for (int k = out->marker_count; k < card->marker_count; k++) /* the marker names it added */
            snprintf(out->marker_names[k], sizeof out->marker_names[k], "%s", card->marker_names[k]);
        out->marker_count = card->marker_count;
        out->count++;
    }
    free(card);
    return status;
}

json_t *bsk_feature_to_json(const bsk_card_features *features, int index)
{
    const bsk_feature *f = &features->features[index];
    if (!bsk_card_feature_runs(features, index)) {
        char engine[BSK_CARD_ID_MAX + 16];
        if (features->engine[index] == BSK_ENGINE_HANDLER)
            snprintf(engine, sizeof engine, "handler:%s", features->handler[index]);
        else
            snprintf(engine, sizeof engine, "text_only");
        return json_pack("{s:i,s:s,s:s}", "src", f->src, "kind", KINDS[f->kind < BSK_FEATURE_KIND_COUNT ? f->kind : 0],
                         "engine", engine);
    }
    bsk_synthetic_card *card = scratch_card(features);
    if (!card)
        return NULL;
    json_context jc = {card, NULL};
    json_t *o = feature_json(&jc, f);
    free(card);
    return o;
}
