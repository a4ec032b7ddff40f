/* fuzz_squad_scenario.c — squad scenario files (DESIGN §4 "Squad scenario file") replayed on
 * the recruitment (402–403) and placement (404) APIs. Invariants: every library message is
 * valid UTF-8; bsk_recruit_check agrees with bsk_recruit_take; the crystals never go below
 * zero and add up; a legal final squad spends no more than the optimizer's best squad of
 * the same deal; placement never puts two cards on one cell.
 * The same bytes also go through the real reader (formats/scenario_file.c, bsk_scenario_parse)
 * and the library runner (lib/src/squad/scenario.c, bsk_scenario_run): their messages are valid
 * UTF-8 and a legal verdict spends no more than the optimizer's best squad of its deal. The
 * mirror below replays the steps on the recruitment and placement APIs directly, to check
 * them against each other; inputs naming a file (a "deck", a format path) are left to the
 * CLI tests, so the target reads no file. */
#include "fuzz.h"

#include "berserk/placement.h"
#include "berserk/recruit.h"
#include "berserk/scenario.h"
#include "formats.h"
#include "scenario_file.h"
#include "json_reader.h"

#include <stdlib.h>
#include <string.h>

typedef struct scenario {
    json_t *root;
    bsk_format format;
    int player;
    int redeals;
    const bsk_card *deal[BSK_MAX_DEAL];
    int deal_count;
} scenario;

/* A card named or given by id, as the CLI resolves it; NULL = exit 2. */
static const bsk_card *scenario_card(const scenario *sc, const json_t *value)
{
    bsk_pool *pool = &fuzz_catalog()->pool;
    if (!json_is_string(value))
        return NULL;
    const char *text = json_string_value(value);
    const bsk_card *card = bsk_pool_find_id(pool, text);
    if (!card)
        card = bsk_deck_resolve(pool, text, &sc->format);
    if (!card)
        card = bsk_pool_lookup(pool, text);
    return card;
}

static bool read_int_field(const scenario *sc, const char *key, int fallback, int low, int high, int *out)
{
    const json_t *value = json_object_get(sc->root, key);
    *out = fallback;
    if (!value)
        return true;
    if (!json_is_integer(value) || json_integer_value(value) < low || json_integer_value(value) > high)
        return false;
    *out = (int)json_integer_value(value);
    return true;
}

static bool load(scenario *sc, const uint8_t *data, size_t size)
{
    bsk_error error;
    bsk_json_reader reader = {"scenario.json", "scenario.syntax", "scenario.schema", &error};
    if (!(sc->root = bsk_json_parse(&reader, (const char *)data, size))) {
        fuzz_check_utf8("scenario error", error.message);
        return false;
    }
    if (!json_is_object(sc->root))
        return false;
    const json_t *format = json_object_get(sc->root, "format");
    if (format && !json_is_string(format))
        return false;
    const char *name = format ? json_string_value(format) : "constructed";
    if (strchr(name, '/') || strstr(name, ".json")) /* a path: the target reads no file */
        return false;
    if (bsk_format_find(name, &sc->format, &error)) {
        fuzz_check_utf8("format error", error.message);
        return false;
    }
    if (!read_int_field(sc, "player", 1, 1, 2, &sc->player) || !read_int_field(sc, "redeals", 0, 0, 99, &sc->redeals))
        return false;
    const json_t *deal = json_object_get(sc->root, "deal");
    if (!json_is_array(deal) || json_array_size(deal) > BSK_MAX_DEAL)
        return false;
    for (size_t i = 0; i < json_array_size(deal); i++)
        if (!(sc->deal[i] = scenario_card(sc, json_array_get(deal, i))))
            return false;
    sc->deal_count = (int)json_array_size(deal);
    const json_t *placement = json_object_get(sc->root, "placement");
    return json_is_array(json_object_get(sc->root, "recruit")) && (!placement || json_is_array(placement));
}

static int first_copy(const bsk_card *const *cards, const bool *used, int count, const bsk_card *card)
{
    for (int i = 0; i < count; i++)
        if (!used[i] && cards[i] == card)
            return i;
    for (int i = 0; i < count; i++)
        if (!used[i] && bsk_card_same_name(cards[i], card))
            return i;
    return -1;
}

static void check_crystals(const bsk_recruit *recruit)
{
    int gold = 0, silver = 0, penalty = 0;
    for (int k = 0; k < recruit->squad_count; k++) {
        gold += recruit->paid_gold[k];
        silver += recruit->paid_silver[k];
        penalty += recruit->paid_penalty[k];
    }
    FUZZ_CHECK(recruit->gold >= 0 && recruit->silver >= 0, "gold %d, silver %d left", recruit->gold, recruit->silver);
    FUZZ_CHECK(recruit->spent == gold + silver && recruit->penalty_gold == penalty,
               "spent %d, penalty %d; paid %d + %d, penalties %d", recruit->spent, recruit->penalty_gold, gold, silver,
               penalty);
    FUZZ_CHECK(recruit->gold + gold + penalty + recruit->redeal_gold == recruit->gold_start &&
                   recruit->silver + silver == recruit->silver_start,
               "crystals do not add up: %d gold left of %d", recruit->gold, recruit->gold_start);
    FUZZ_CHECK(recruit->flyer_crystals <= recruit->params.flyer_budget && recruit->squad_count <= recruit->cells,
               "flyers %d of %d, %d cards of %d cells", recruit->flyer_crystals, recruit->params.flyer_budget,
               recruit->squad_count, recruit->cells);
}

/* Recruit steps; false at the first refusal or a step the CLI would refuse (exit 2). */
static bool recruit_steps(const scenario *sc, bsk_recruit *recruit)
{
    const json_t *steps = json_object_get(sc->root, "recruit");
    for (size_t i = 0; i < json_array_size(steps); i++) {
        const json_t *step = json_array_get(steps, i);
        const bsk_card *card = json_is_object(step) ? scenario_card(sc, json_object_get(step, "card")) : NULL;
        if (!card)
            return false;
        const json_t *gold = json_object_get(step, "gold"), *silver = json_object_get(step, "silver");
        if ((gold && !json_is_integer(gold)) || (silver && !json_is_integer(silver)))
            return false;
        json_int_t g = gold ? json_integer_value(gold) : 0, s = silver ? json_integer_value(silver) : 0;
        if (g < 0 || s < 0 || g > 99 || s > 99)
            return false; /* invalid_split in the CLI */
        bsk_payment split = {(int)g, (int)s};
        bool taken_cards[BSK_MAX_DEAL];
        for (int p = 0; p < recruit->deal_count; p++)
            taken_cards[p] = recruit->squad_index[p] >= 0;
        int position = first_copy(recruit->deal, taken_cards, recruit->deal_count, card);
        if (position < 0)
            return false;
        const bsk_payment *payment = gold || silver ? &split : NULL;
        bsk_recruit_result checked, result;
        bsk_recruit_code would = bsk_recruit_check(recruit, position, payment, &checked);
        bsk_recruit_code code = bsk_recruit_take(recruit, position, payment, &result);
        fuzz_check_utf8("check message", checked.message);
        fuzz_check_utf8("take message", result.message);
        FUZZ_CHECK(would == code, "check says %s, take says %s", bsk_recruit_code_id(would), bsk_recruit_code_id(code));
        check_crystals(recruit);
        if (code != BSK_RECRUIT_OK)
            return false;
    }
    return true;
}

static void placement_steps(const scenario *sc, const bsk_recruit *recruit)
{
    const json_t *cells = json_object_get(sc->root, "placement");
    bsk_placement placement;
    bsk_placement_init(&placement, sc->player);
    bool placed[BSK_MAX_RECRUITED] = {false};
    for (size_t i = 0; i < json_array_size(cells); i++) {
        const json_t *step = json_array_get(cells, i);
        const bsk_card *card = json_is_object(step) ? scenario_card(sc, json_object_get(step, "card")) : NULL;
        const json_t *cell_value = json_object_get(step, "cell");
        int cell = json_is_string(cell_value) ? bsk_cell_parse(json_string_value(cell_value)) : -1;
        if (!card || cell < 0)
            return;
        FUZZ_CHECK(cell < BSK_BOARD_CELLS, "cell %d from \"%s\"", cell, json_string_value(cell_value));
        const bsk_card *squad_cards[BSK_MAX_RECRUITED];
        for (int k = 0; k < recruit->squad_count; k++)
            squad_cards[k] = recruit->deal[recruit->squad[k]];
        int slot = first_copy(squad_cards, placed, recruit->squad_count, card);
        if (slot < 0)
            return;
        bsk_place_result would = bsk_placement_check(&placement, cell);
        bsk_place_result put = bsk_placement_put(&placement, cell, slot);
        FUZZ_CHECK(would == put, "check %d, put %d", would, put);
        fuzz_check_utf8("placement rule", bsk_place_result_rule(sc->player, put));
        if (put != BSK_PLACE_OK)
            return;
        placed[slot] = true;
        int occupied = 0;
        for (int c = 0; c < BSK_BOARD_CELLS; c++)
            occupied += placement.occupant[c] >= 0;
        FUZZ_CHECK(occupied == placement.placed, "%d cells occupied, %d placed", occupied, placement.placed);
    }
}

static bool contains(const uint8_t *data, size_t size, const char *word)
{
    size_t n = strlen(word);
    for (size_t i = 0; i + n <= size; i++)
        if (memcmp(data + i, word, n) == 0)
            return true;
    return false;
}

/* formats/scenario_file.c and lib/src/squad/scenario.c on the same bytes. */
static void real_reader_and_runner(const uint8_t *data, size_t size)
{
    if (memchr(data, '/', size) || memchr(data, '\\', size) || contains(data, size, "deck"))
        return; /* it could name a file to read */
    bsk_scenario_file *file = malloc(sizeof *file);
    bsk_scenario_verdict *verdict = malloc(sizeof *verdict);
    if (!file || !verdict)
        abort();
    bsk_error error;
    bsk_error_clear(&error);
    if (bsk_scenario_parse((const char *)data, size, "scenario.json", &fuzz_catalog()->pool, file, &error)) {
        fuzz_check_utf8("scenario reader error", error.message);
        fuzz_check_utf8("scenario reader error path", error.path);
    } else {
        bool legal = bsk_scenario_run(&file->scenario, verdict);
        FUZZ_CHECK(legal == verdict->legal, "the runner returned %d, its verdict says %d", legal, verdict->legal);
        fuzz_check_utf8("verdict message", verdict->message);
        if (!legal) {
            FUZZ_CHECK(verdict->code && verdict->rule, "an illegal verdict without a code or rule");
            fuzz_check_utf8("verdict code", verdict->code);
            fuzz_check_utf8("verdict rule", verdict->rule);
        }
    }
    bsk_scenario_file_free(file);
    free(file);
    free(verdict);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    real_reader_and_runner(data, size);
    scenario sc;
    memset(&sc, 0, sizeof sc);
    if (load(&sc, data, size)) {
        bsk_recruit recruit;
        bsk_recruit_init(&recruit, &sc.format.squad, sc.player);
        bool dealt = true;
        for (int r = 0; r < sc.redeals && dealt; r++)
            dealt = bsk_recruit_redeal(&recruit) == BSK_RECRUIT_OK;
        if (dealt && sc.deal_count == sc.format.squad.deal) {
            bsk_recruit_set_deal(&recruit, sc.deal, sc.deal_count);
            bsk_recruit fresh = recruit;
            bsk_recruit_result legal;
            if (recruit_steps(&sc, &recruit) && bsk_recruit_legal(&recruit, &legal) == BSK_RECRUIT_OK) {
                bsk_squad_choice best;
                FUZZ_CHECK(bsk_squad_best(&fresh, NULL, NULL, &best),
                           "a legal squad exists but the optimizer finds none");
                FUZZ_CHECK(recruit.spent <= best.spent, "a legal squad spends %d, the optimizer's best %d",
                           recruit.spent, best.spent);
                placement_steps(&sc, &recruit);
            }
        }
    }
    json_decref(sc.root);
    return 0;
}
