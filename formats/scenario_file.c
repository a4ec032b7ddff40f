/* scenario_file.c — squad scenario files (DESIGN §4) into bsk_scenario (formats/scenario_file.h):
 * read through the capped reader, every key checked for its type and range, every card
 * resolved and every cell parsed before lib's runner sees the scenario, so that a file
 * is either unusable (an error at its JSON path) or judged whole. */
#include "scenario_file.h"
#include "file_read.h"
#include "formats.h"
#include "json_reader.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "deck.txt" next to "dir/s.json" is "dir/deck.txt"; an absolute name stays as it is. */
static void beside(const char *scenario_path, const char *name, char *out, size_t out_size)
{
    const char *slash = strrchr(scenario_path, '/');
    if (name[0] == '/' || !slash)
        snprintf(out, out_size, "%s", name);
    else
        snprintf(out, out_size, "%.*s/%s", (int)(slash - scenario_path), scenario_path, name);
}

/* A card named or given by id: the id first, then the name for the format, then any name. */
static bsk_status read_card(const bsk_json_reader *ctx, bsk_pool *pool, const bsk_format *format,
                            const json_t *value, const char *path, const bsk_card **card)
{
    if (!json_is_string(value))
        return bsk_json_schema_error(ctx, path, "expected a card name or id");
    const char *text = json_string_value(value);
    *card = bsk_pool_find_id(pool, text);
    if (!*card)
        *card = bsk_deck_resolve(pool, text, format);
    if (!*card)
        *card = bsk_pool_lookup(pool, text);
    if (!*card) {
        char shown[121]; /* at most 120 bytes of it, cut on a character boundary */
        bsk_utf8_copy(shown, sizeof shown, text);
        return bsk_json_schema_error(ctx, path, "unknown card \"%s\"", shown);
    }
    return BSK_OK;
}

/* Step i of `list` ("recruit", "placement"): an object whose "card" names a card. */
static bsk_status read_step(const bsk_json_reader *ctx, bsk_pool *pool, const bsk_format *format, const json_t *step,
                            const char *list, size_t i, const char *expected, const bsk_card **card)
{
    char at[48];
    snprintf(at, sizeof at, "%s[%zu]", list, i);
    if (!json_is_object(step))
        return bsk_json_schema_error(ctx, at, "%s", expected);
    snprintf(at, sizeof at, "%s[%zu].card", list, i);
    return read_card(ctx, pool, format, json_object_get(step, "card"), at, card);
}

/* A split part: the JSON integer is range-checked as 64 bits before it becomes an int, so
 * 4294967298 is refused rather than wrapped to 2. A part outside 0..99 within the range
 * is still a well-formed file: the runner calls it an invalid split (403.2.1). */
static bsk_status read_part(const bsk_json_reader *ctx, const json_t *step, size_t i, const char *key, int *out)
{
    const json_t *value = json_object_get(step, key);
    *out = 0;
    if (!value)
        return BSK_OK;
    if (!json_is_integer(value) || json_integer_value(value) < -BSK_SCENARIO_PAYMENT_LIMIT ||
        json_integer_value(value) > BSK_SCENARIO_PAYMENT_LIMIT) {
        char at[48];
        snprintf(at, sizeof at, "recruit[%zu].%s", i, key);
        return bsk_json_schema_error(ctx, at, "expected an integer %d..%d", -BSK_SCENARIO_PAYMENT_LIMIT,
                                     BSK_SCENARIO_PAYMENT_LIMIT);
    }
    *out = (int)json_integer_value(value);
    return BSK_OK;
}

static bsk_status read_format(const bsk_json_reader *ctx, const char *path, const json_t *root, bsk_pool *pool,
                              bsk_format *format, bsk_error *error)
{
    const json_t *value = json_object_get(root, "format");
    if (value && !json_is_string(value))
        return bsk_json_schema_error(ctx, "format", "expected a format name or path");
    const char *name = value ? json_string_value(value) : "constructed";
    size_t length = strlen(name);
    bool is_path = strchr(name, '/') || (length > 5 && strcmp(name + length - 5, ".json") == 0);
    char format_path[4096];
    if (is_path) { /* a relative path is relative to the scenario, like "deck" */
        beside(path, name, format_path, sizeof format_path);
        name = format_path;
    }
    bsk_status status = bsk_format_find(name, format, error);
    return status ? status : bsk_format_check_names(format, name, pool, error);
}

static bsk_status read_deck(const bsk_json_reader *ctx, const char *path, const json_t *root, bsk_pool *pool,
                            bsk_scenario_file *file, bsk_error *error)
{
    const json_t *value = json_object_get(root, "deck");
    if (!value)
        return BSK_OK;
    if (!json_is_string(value))
        return bsk_json_schema_error(ctx, "deck", "expected a decklist path");
    char deck_path[4096];
    beside(path, json_string_value(value), deck_path, sizeof deck_path);
    bsk_deck_report report;
    bsk_deck_report_init(&report);
    file->has_deck = true;
    bsk_status status = bsk_decklist_read(deck_path, pool, &file->format, &file->deck, &report, error);
    size_t problems = report.count;
    bsk_deck_report_free(&report);
    if (status)
        return status;
    if (problems)
        return bsk_json_schema_error(ctx, "deck",
                                     "the decklist has unknown cards or unreadable lines (berserk deck check)");
    file->scenario.deck = &file->deck;
    return BSK_OK;
}

static bsk_status read_deal(const bsk_json_reader *ctx, const json_t *root, bsk_pool *pool, bsk_scenario_file *file)
{
    const json_t *deal = json_object_get(root, "deal");
    bsk_scenario *scenario = &file->scenario;
    if (!json_is_array(deal))
        return bsk_json_schema_error(ctx, "deal", "expected an array of card names or ids");
    if (json_array_size(deal) > BSK_MAX_DEAL)
        return bsk_json_schema_error(ctx, "deal", "too many cards (at most %d)", BSK_MAX_DEAL);
    for (size_t i = 0; i < json_array_size(deal); i++) {
        char at[32];
        snprintf(at, sizeof at, "deal[%zu]", i);
        bsk_status status = read_card(ctx, pool, &file->format, json_array_get(deal, i), at, &scenario->deal[i]);
        if (status)
            return status;
    }
    scenario->deal_count = (int)json_array_size(deal);
    return BSK_OK;
}

static bsk_status read_recruit(const bsk_json_reader *ctx, const json_t *steps, bsk_pool *pool,
                               bsk_scenario_file *file)
{
    bsk_scenario *scenario = &file->scenario;
    bsk_status status;
    for (size_t i = 0; i < json_array_size(steps); i++) {
        const json_t *step = json_array_get(steps, i);
        bsk_scenario_recruit_step *out = &scenario->recruit[i];
        if ((status = read_step(ctx, pool, &file->format, step, "recruit", i, "expected {\"card\": …}", &out->card)) ||
            (status = read_part(ctx, step, i, "gold", &out->payment.gold)) ||
            (status = read_part(ctx, step, i, "silver", &out->payment.silver)))
            return status;
        out->split = json_object_get(step, "gold") || json_object_get(step, "silver");
    }
    scenario->recruit_count = (int)json_array_size(steps);
    return BSK_OK;
}

static bsk_status read_placement(const bsk_json_reader *ctx, const json_t *steps, bsk_pool *pool,
                                 bsk_scenario_file *file)
{
    bsk_scenario *scenario = &file->scenario;
    for (size_t i = 0; i < json_array_size(steps); i++) {
        const json_t *step = json_array_get(steps, i);
        bsk_scenario_place_step *out = &scenario->placement[i];
        bsk_status status = read_step(ctx, pool, &file->format, step, "placement", i,
                                      "expected {\"card\": …, \"cell\": …}", &out->card);
        if (status)
            return status;
        const json_t *cell = json_object_get(step, "cell");
        out->cell = json_is_string(cell) ? bsk_cell_parse(json_string_value(cell)) : -1;
        if (out->cell < 0) {
            char at[48];
            snprintf(at, sizeof at, "placement[%zu].cell", i);
            return bsk_json_schema_error(ctx, at, "expected a cell a1..e6");
        }
    }
    scenario->placement_count = (int)json_array_size(steps);
    return BSK_OK;
}

/* The keys in the order DESIGN §4 lists them; the first problem is the one reported. */
static bsk_status read_root(const bsk_json_reader *ctx, const char *path, const json_t *root, bsk_pool *pool,
                            bsk_scenario_file *file, bsk_error *error)
{
    bsk_scenario *scenario = &file->scenario;
    bsk_status status;
    if (!json_is_object(root))
        return bsk_json_schema_error(ctx, "", "expected a scenario object");
    if ((status = read_format(ctx, path, root, pool, &file->format, error)))
        return status;
    scenario->params = file->format.squad;
    if ((status = bsk_json_get_int(ctx, "", root, "player", BSK_PLAYER_FIRST, BSK_PLAYER_FIRST, BSK_PLAYER_SECOND,
                                   false, &scenario->player)) ||
        (status = bsk_json_get_int(ctx, "", root, "redeals", 0, 0, 99, false, &scenario->redeals)) ||
        (status = read_deck(ctx, path, root, pool, file, error)) || (status = read_deal(ctx, root, pool, file)))
        return status;
    const json_t *recruit = json_object_get(root, "recruit");
    if (!json_is_array(recruit))
        return bsk_json_schema_error(ctx, "recruit", "expected an array of {\"card\": …}");
    if (json_array_size(recruit) > BSK_SCENARIO_MAX_STEPS)
        return bsk_json_schema_error(ctx, "recruit", "more than %d steps", BSK_SCENARIO_MAX_STEPS);
    const json_t *placement = json_object_get(root, "placement");
    if (placement && !json_is_array(placement))
        return bsk_json_schema_error(ctx, "placement", "expected an array of {\"card\": …, \"cell\": …}");
    if (placement && json_array_size(placement) > BSK_SCENARIO_MAX_STEPS)
        return bsk_json_schema_error(ctx, "placement", "more than %d steps", BSK_SCENARIO_MAX_STEPS);
    scenario->has_placement = placement != NULL;
    if ((status = read_recruit(ctx, recruit, pool, file)))
        return status;
    return placement ? read_placement(ctx, placement, pool, file) : BSK_OK;
}

bsk_status bsk_scenario_parse(const char *text, size_t length, const char *path, bsk_pool *pool,
                              bsk_scenario_file *file, bsk_error *error)
{
    bsk_json_reader ctx = {path, "scenario.syntax", "scenario.schema", error};
    memset(file, 0, sizeof *file);
    bsk_deck_init(&file->deck);
    json_t *root = bsk_json_parse(&ctx, text, length);
    if (!root)
        return BSK_ERR_INVALID;
    bsk_status status = read_root(&ctx, path, root, pool, file, error);
    json_decref(root);
    return status;
}

bsk_status bsk_scenario_read(const char *path, bsk_pool *pool, bsk_scenario_file *file, bsk_error *error)
{
    memset(file, 0, sizeof *file);
    bsk_deck_init(&file->deck);
    char *text;
    size_t length;
    bsk_status status = bsk_file_read(path, BSK_SCENARIO_FILE_CAP, "scenario.file", &text, &length, error);
    if (status)
        return status;
    status = bsk_scenario_parse(text, length, path, pool, file, error);
    free(text);
    return status;
}

void bsk_scenario_file_free(bsk_scenario_file *file)
{
    bsk_deck_free(&file->deck);
    file->has_deck = false;
    file->scenario.deck = NULL;
}
