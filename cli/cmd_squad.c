/* cmd_squad.c — `berserk squad check` (replay a recruitment + placement scenario and
 * report the first violation with its code and rule, DESIGN §4) and `berserk squad
 * auto` (deal from a deck, the exact best legal squad, a legal recruiting order and a
 * legal placement, explained). */
#include "berserk/deal.h"
#include "berserk/placement.h"
#include "berserk/recruit.h"
#include "cli.h"
#include "formats.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- the scenario outcome ------------------------------------------------------------ */

typedef struct outcome {
    const char *step;  /* deal, recruit, placement, final; NULL when legal */
    int index;         /* -1 = null */
    char card[BSK_CARD_NAME_MAX];
    const char *code;
    const char *rule;
    char message[320];
} outcome;

static void set_outcome(outcome *out, const char *step, int index, const char *card, const char *code,
                        const char *rule, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 7, 8)))
#endif
    ;

static void set_outcome(outcome *out, const char *step, int index, const char *card, const char *code,
                        const char *rule, const char *format, ...)
{
    va_list args;
    out->step = step;
    out->index = index;
    snprintf(out->card, sizeof out->card, "%s", card ? card : "");
    out->code = code;
    out->rule = rule;
    va_start(args, format);
    if (vsnprintf(out->message, sizeof out->message, format, args) >= (int)sizeof out->message)
        out->message[sizeof out->message - 2] = '~';
    va_end(args);
}

static json_t *squad_json(const bsk_recruit *recruit)
{
    json_t *cards = json_array();
    for (int i = 0; i < recruit->squad_count; i++)
        json_array_append_new(cards, json_string(recruit->deal[recruit->squad[i]]->name));
    json_t *elements = json_array();
    for (int e = 0; e < BSK_ELEMENT_COUNT; e++)
        if (recruit->elements & (1u << e))
            json_array_append_new(elements, json_string(bsk_element_id(e)));
    json_t *squad = json_object();
    json_object_set_new(squad, "cards", cards);
    json_object_set_new(squad, "gold_start", json_integer(recruit->gold_start));
    json_object_set_new(squad, "silver_start", json_integer(recruit->silver_start));
    json_object_set_new(squad, "redeal_gold", json_integer(recruit->redeal_gold));
    json_object_set_new(squad, "penalty_gold", json_integer(recruit->penalty_gold));
    json_object_set_new(squad, "spent", json_integer(recruit->spent));
    json_object_set_new(squad, "gold_left", json_integer(recruit->gold));
    json_object_set_new(squad, "silver_left", json_integer(recruit->silver));
    json_object_set_new(squad, "elements", elements);
    json_object_set_new(squad, "flyer_crystals", json_integer(recruit->flyer_crystals));
    json_object_set_new(squad, "creatures", json_integer(recruit->creatures));
    json_object_set_new(squad, "terrains", json_integer(recruit->terrains));
    return squad;
}

/* {"c2":"Раэр", ...} in cell order. */
static json_t *placement_json(const bsk_recruit *recruit, const bsk_placement *placement)
{
    json_t *cells = json_object();
    for (int cell = 0; cell < BSK_BOARD_CELLS; cell++) {
        if (placement->occupant[cell] < 0)
            continue;
        char name[4];
        bsk_cell_format(cell, name);
        json_object_set_new(cells, name, json_string(recruit->deal[recruit->squad[placement->occupant[cell]]]->name));
    }
    return cells;
}

/* Warnings for facts that matter and are unknown on every printing (DESIGN §2). */
static json_t *warnings_json(bsk_pool *pool, const bsk_recruit *recruit, bool print)
{
    json_t *warnings = json_array();
    for (int i = 0; i < recruit->squad_count; i++) {
        const bsk_card *card = recruit->deal[recruit->squad[i]];
        bool seen = false; /* one warning per name */
        for (int j = 0; j < i && !seen; j++)
            seen = bsk_card_same_name(recruit->deal[recruit->squad[j]], card);
        if (seen)
            continue;
        const bsk_card *printings[16];
        size_t count = bsk_pool_find_name(pool, card->name, printings, 16);
        bool known = false;
        for (size_t p = 0; p < count && p < 16; p++)
            known = known || printings[p]->unique != BSK_UNSET;
        if (known || card->unique != BSK_UNSET)
            continue;
        char message[256];
        snprintf(message, sizeof message, "whether %s is unique is unknown on every printing; counted as not unique",
                 card->name);
        json_array_append_new(warnings, json_pack("{s:s,s:s,s:s}", "code", "unknown_fact", "card", card->name,
                                                  "message", message));
        if (print)
            fprintf(stderr, "berserk: warning: %s\n", message);
    }
    return warnings;
}

/* ---- the board diagram ------------------------------------------------------------- */

static void print_board(const bsk_recruit *recruit, const bsk_placement *placement)
{
    int first_row = recruit->player == BSK_PLAYER_FIRST ? 3 : 6;
    printf("     ");
    for (int column = 0; column < BSK_BOARD_COLUMNS; column++)
        printf("%-15c", 'a' + column);
    printf("\n");
    for (int row = first_row; row > first_row - 3; row--) {
        printf("  %d  ", row);
        for (int column = 0; column < BSK_BOARD_COLUMNS; column++) {
            int cell = (row - 1) * BSK_BOARD_COLUMNS + column;
            char text[BSK_CARD_NAME_MAX] = ".";
            if (placement->occupant[cell] >= 0) {
                const char *name = recruit->deal[recruit->squad[placement->occupant[cell]]]->name;
                /* cut to 13 code points so the columns stay aligned */
                size_t bytes = 0, points = 0;
                while (name[bytes] && points < 13) {
                    bytes++;
                    while ((name[bytes] & 0xC0) == 0x80)
                        bytes++;
                    points++;
                }
                snprintf(text, sizeof text, "%.*s", (int)bytes, name);
            }
            cli_print_padded(stdout, text, 15);
        }
        printf("%s\n", row == first_row ? (recruit->player == BSK_PLAYER_FIRST ? " front row" : " back row") : "");
    }
}

static void print_squad_summary(const bsk_cli *cli, const bsk_recruit *recruit)
{
    const char *gold = cli->color ? "◆" : " gold";
    const char *silver = cli->color ? "◇" : " silver";
    printf("squad: %d card%s, %d creature%s; spent %d; left %d%s and %d%s; element penalty %d%s; redeals %d%s\n",
           recruit->squad_count, recruit->squad_count == 1 ? "" : "s", recruit->creatures,
           recruit->creatures == 1 ? "" : "s", recruit->spent, recruit->gold, gold, recruit->silver, silver,
           recruit->penalty_gold, gold, recruit->redeal_gold, gold);
    printf("elements:");
    if (!recruit->elements)
        printf(" none");
    for (int e = 0; e < BSK_ELEMENT_COUNT; e++)
        if (recruit->elements & (1u << e))
            printf(" %s (%s)", bsk_element_id(e), bsk_element_ru(e));
    printf("; flyers %d of %d crystals\n", recruit->flyer_crystals, recruit->params.flyer_budget);
}

/* ---- scenario files -------------------------------------------------------------------- */

typedef struct scenario {
    const char *file;
    json_t *root;
    bsk_format format;
    int player;
    int redeals;
    const bsk_card *deal[BSK_MAX_DEAL];
    int deal_count;
    bool has_deck;
    bsk_deck deck;
} scenario;

static int bad_file(const scenario *sc, const char *path, const char *message)
{
    cli_errorf("%s: %s%s%s", sc->file, path, *path ? ": " : "", message);
    return EXIT_USAGE;
}

/* A card named or given by id in the scenario (exit 2 when unknown). */
static const bsk_card *scenario_card(bsk_cli *cli, const scenario *sc, const json_t *value, const char *path,
                                     int *code)
{
    if (!json_is_string(value)) {
        *code = bad_file(sc, path, "expected a card name or id");
        return NULL;
    }
    const char *text = json_string_value(value);
    bsk_pool *pool = &cli->catalog.pool;
    const bsk_card *card = bsk_pool_find_id(pool, text);
    if (!card)
        card = bsk_deck_resolve(pool, text, &sc->format);
    if (!card)
        card = bsk_pool_lookup(pool, text);
    if (!card) {
        char message[BSK_CARD_NAME_MAX + 64];
        snprintf(message, sizeof message, "unknown card \"%.120s\"", text);
        *code = bad_file(sc, path, message);
    }
    return card;
}

/* Step i of the scenario's array `list` ("recruit", "placement"): an object whose "card"
 * names a card. NULL with *code set when it is not. */
static const bsk_card *scenario_step(bsk_cli *cli, const scenario *sc, const char *list, size_t i,
                                     const char *expected, const json_t **step, int *code)
{
    char at[48];
    *step = json_array_get(json_object_get(sc->root, list), i);
    snprintf(at, sizeof at, "%s[%zu]", list, i);
    if (!json_is_object(*step)) {
        *code = bad_file(sc, at, expected);
        return NULL;
    }
    snprintf(at, sizeof at, "%s[%zu].card", list, i);
    return scenario_card(cli, sc, json_object_get(*step, "card"), at, code);
}

static int read_int_field(const scenario *sc, const char *key, int fallback, int low, int high, int *out)
{
    const json_t *value = json_object_get(sc->root, key);
    if (!value) {
        *out = fallback;
        return EXIT_OK;
    }
    if (!json_is_integer(value) || json_integer_value(value) < low || json_integer_value(value) > high) {
        char message[64];
        snprintf(message, sizeof message, "expected an integer %d..%d", low, high);
        return bad_file(sc, key, message);
    }
    *out = (int)json_integer_value(value);
    return EXIT_OK;
}

static int load_scenario(bsk_cli *cli, const char *path, scenario *sc)
{
    sc->file = path;
    if (!(sc->root = cli_read_json_file(path, 1u << 20, "scenario"))) /* plain messages (issue 10 #13) */
        return EXIT_USAGE;
    if (!json_is_object(sc->root))
        return bad_file(sc, "", "expected a scenario object");
    const json_t *format = json_object_get(sc->root, "format");
    if (format && !json_is_string(format))
        return bad_file(sc, "format", "expected a format name or path");
    bsk_error error;
    bsk_error_clear(&error);
    char format_path[4096];
    const char *format_name = format ? json_string_value(format) : "constructed";
    const char *slash = strrchr(path, '/');
    bool is_path = strchr(format_name, '/') || (strlen(format_name) > 5 && !strcmp(format_name + strlen(format_name) - 5, ".json"));
    if (is_path && format_name[0] != '/' && slash) { /* a relative path is relative to the scenario, like "deck" */
        snprintf(format_path, sizeof format_path, "%.*s/%s", (int)(slash - path), path, format_name);
        format_name = format_path;
    }
    if (bsk_format_find(format_name, &sc->format, &error)) {
        cli_print_error(&error);
        return EXIT_USAGE;
    }
    int code;
    if ((code = read_int_field(sc, "player", 1, 1, 2, &sc->player)) ||
        (code = read_int_field(sc, "redeals", 0, 0, 99, &sc->redeals)) || (code = cli_load_catalog(cli)))
        return code;
    const json_t *deck = json_object_get(sc->root, "deck");
    if (deck) {
        if (!json_is_string(deck))
            return bad_file(sc, "deck", "expected a decklist path");
        char deck_path[4096];
        const char *name = json_string_value(deck);
        if (name[0] == '/' || !slash)
            snprintf(deck_path, sizeof deck_path, "%s", name);
        else /* relative to the scenario file */
            snprintf(deck_path, sizeof deck_path, "%.*s/%s", (int)(slash - path), path, name);
        bsk_deck_report report;
        bsk_deck_report_init(&report);
        bsk_deck_init(&sc->deck);
        if (bsk_decklist_read(deck_path, &cli->catalog.pool, &sc->format, &sc->deck, &report, &error)) {
            cli_print_error(&error);
            bsk_deck_report_free(&report);
            return EXIT_USAGE;
        }
        size_t problems = report.count;
        bsk_deck_report_free(&report);
        if (problems)
            return bad_file(sc, "deck", "the decklist has unknown cards or unreadable lines (berserk deck check)");
        sc->has_deck = true;
    }
    const json_t *deal = json_object_get(sc->root, "deal");
    if (!json_is_array(deal))
        return bad_file(sc, "deal", "expected an array of card names or ids");
    if (json_array_size(deal) > BSK_MAX_DEAL)
        return bad_file(sc, "deal", "too many cards");
    for (size_t i = 0; i < json_array_size(deal); i++) {
        char at[32];
        snprintf(at, sizeof at, "deal[%zu]", i);
        if (!(sc->deal[i] = scenario_card(cli, sc, json_array_get(deal, i), at, &code)))
            return code;
    }
    sc->deal_count = (int)json_array_size(deal);
    const json_t *recruit = json_object_get(sc->root, "recruit");
    if (!json_is_array(recruit))
        return bad_file(sc, "recruit", "expected an array of {\"card\": …}");
    const json_t *placement = json_object_get(sc->root, "placement");
    if (placement && !json_is_array(placement))
        return bad_file(sc, "placement", "expected an array of {\"card\": …, \"cell\": …}");
    return EXIT_OK;
}

/* The first card not yet used that is this printing, else one of the same name; -1. */
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

/* How many copies of the card's name the deck holds (copies count by name). */
static int copies_in_deck(const bsk_deck *deck, const bsk_card *card)
{
    int copies = 0;
    for (size_t i = 0; i < deck->count; i++)
        if (deck->entries[i].card && bsk_card_same_name(deck->entries[i].card, card))
            copies += deck->entries[i].count;
    return copies;
}

/* Steps deal, recruit, placement, final; stops at the first violation. Returns an exit
 * code for a bad file (2), else fills out (legal when out->step is NULL). */
static int replay(bsk_cli *cli, scenario *sc, bsk_recruit *recruit, bsk_placement *placement, outcome *out)
{
    int code;
    memset(out, 0, sizeof *out);
    out->index = -1;
    bsk_recruit_init(recruit, &sc->format.squad, sc->player);
    bsk_placement_init(placement, sc->player);
    /* deal: redeals first (402.4), then the deal itself (402.3) */
    for (int r = 0; r < sc->redeals; r++)
        if (bsk_recruit_redeal(recruit) != BSK_RECRUIT_OK) {
            set_outcome(out, "deal", -1, NULL, "redeal_without_gold", "402.4",
                        "redeal %d declared with no gold left: the player loses", r + 1);
            return EXIT_OK;
        }
    if (sc->deal_count != sc->format.squad.deal) {
        set_outcome(out, "deal", -1, NULL, "deal_size", "402.3", "the deal has %d cards; it must have %d",
                    sc->deal_count, sc->format.squad.deal);
        return EXIT_OK;
    }
    if (sc->has_deck) {
        for (int i = 0; i < sc->deal_count; i++) {
            int dealt = 0;
            for (int j = 0; j <= i; j++)
                dealt += bsk_card_same_name(sc->deal[j], sc->deal[i]);
            int owned = copies_in_deck(&sc->deck, sc->deal[i]);
            if (dealt > owned) {
                set_outcome(out, "deal", i, sc->deal[i]->name, "not_in_deck", "402.3",
                            "%s is dealt %d time%s, but the deck has %d", sc->deal[i]->name, dealt,
                            dealt == 1 ? "" : "s", owned);
                return EXIT_OK;
            }
        }
    }
    bsk_recruit_set_deal(recruit, sc->deal, sc->deal_count);
    /* recruit: one card at a time, 403.2.3.1 */
    const json_t *steps = json_object_get(sc->root, "recruit");
    for (size_t i = 0; i < json_array_size(steps); i++) {
        const json_t *step;
        const bsk_card *card = scenario_step(cli, sc, "recruit", i, "expected {\"card\": …}", &step, &code);
        if (!card)
            return code;
        char at[48];
        const json_t *gold = json_object_get(step, "gold"), *silver = json_object_get(step, "silver");
        if ((gold && !json_is_integer(gold)) || (silver && !json_is_integer(silver))) {
            snprintf(at, sizeof at, "recruit[%zu]", i);
            return bad_file(sc, at, "gold and silver must be integers");
        }
        bsk_payment split = {gold ? (int)json_integer_value(gold) : 0, silver ? (int)json_integer_value(silver) : 0};
        if (split.gold < 0 || split.silver < 0 || split.gold > 99 || split.silver > 99) {
            set_outcome(out, "recruit", (int)i, card->name, "invalid_split", "403.2.1",
                        "%s: a split of %d gold + %d silver is not a payment", card->name, split.gold, split.silver);
            return EXIT_OK;
        }
        bool taken_cards[BSK_MAX_DEAL];
        for (int p = 0; p < recruit->deal_count; p++)
            taken_cards[p] = recruit->squad_index[p] >= 0;
        int position = first_copy(recruit->deal, taken_cards, recruit->deal_count, card);
        bsk_recruit_result result;
        bsk_recruit_code taken = position < 0 ? BSK_RECRUIT_NOT_IN_DEAL
                                              : bsk_recruit_take(recruit, position, gold || silver ? &split : NULL,
                                                                 &result);
        if (taken != BSK_RECRUIT_OK) {
            set_outcome(out, "recruit", (int)i, card->name, bsk_recruit_code_id(taken), bsk_recruit_code_rule(taken),
                        "%s", position < 0 ? "the card is not in the deal (or all its copies are taken)"
                                           : result.message);
            return EXIT_OK;
        }
    }
    bsk_recruit_result legal;
    if (bsk_recruit_legal(recruit, &legal) != BSK_RECRUIT_OK) {
        set_outcome(out, "final", -1, NULL, bsk_recruit_code_id(legal.code), bsk_recruit_code_rule(legal.code), "%s",
                    legal.message);
        return EXIT_OK;
    }
    /* placement (404.1), when the scenario has one */
    const json_t *cells = json_object_get(sc->root, "placement");
    if (!cells)
        return EXIT_OK;
    bool placed[BSK_MAX_RECRUITED] = {false};
    for (size_t i = 0; i < json_array_size(cells); i++) {
        const json_t *step;
        const bsk_card *card =
            scenario_step(cli, sc, "placement", i, "expected {\"card\": …, \"cell\": …}", &step, &code);
        if (!card)
            return code;
        char at[48];
        const json_t *cell_value = json_object_get(step, "cell");
        int cell = json_is_string(cell_value) ? bsk_cell_parse(json_string_value(cell_value)) : -1;
        if (cell < 0) {
            snprintf(at, sizeof at, "placement[%zu].cell", i);
            return bad_file(sc, at, "expected a cell a1..e6");
        }
        const bsk_card *squad_cards[BSK_MAX_RECRUITED];
        for (int k = 0; k < recruit->squad_count; k++)
            squad_cards[k] = recruit->deal[recruit->squad[k]];
        int slot = first_copy(squad_cards, placed, recruit->squad_count, card);
        if (slot < 0) {
            set_outcome(out, "placement", (int)i, card->name, "not_in_squad", "404.1.1",
                        "%s is not in the squad (or all its copies are placed)", card->name);
            return EXIT_OK;
        }
        char cell_name[4];
        bsk_cell_format(cell, cell_name);
        bsk_place_result put = bsk_placement_put(placement, cell, slot);
        if (put != BSK_PLACE_OK) {
            static const char *const CODES[] = {"", "cell_outside_half", "cell_occupied", "cell_not_allowed"};
            static const char *const WHY[] = {"", "is not on the player's half", "is occupied",
                                              "is not open yet: a lower tier still has a free cell"};
            set_outcome(out, "placement", (int)i, card->name, CODES[put],
                        bsk_place_result_rule(sc->player, put), "%s: cell %s %s", card->name, cell_name, WHY[put]);
            return EXIT_OK;
        }
        placed[slot] = true;
    }
    for (int k = 0; k < recruit->squad_count; k++)
        if (!placed[k]) {
            const char *name = recruit->deal[recruit->squad[k]]->name;
            set_outcome(out, "final", -1, name, "not_placed", "404.1.1", "%s is in the squad but was not placed", name);
            return EXIT_OK;
        }
    return EXIT_OK;
}

static int squad_check(bsk_cli *cli)
{
    const char *operands[1];
    size_t operand_count;
    int code = cli_parse(cli, 2, NULL, 0, operands, &operand_count, 1);
    if (code)
        return code;
    if (operand_count != 1)
        return cli_usage_error("squad check FILE [--json]", "squad check: FILE is missing");
    scenario *sc = calloc(1, sizeof *sc);
    bsk_recruit *recruit = malloc(sizeof *recruit);
    bsk_placement placement;
    outcome out;
    if (!sc || !recruit) {
        free(sc);
        free(recruit);
        return EXIT_FAILURE_IO;
    }
    code = load_scenario(cli, operands[0], sc);
    if (!code)
        code = replay(cli, sc, recruit, &placement, &out);
    if (!code) {
        bool legal = out.step == NULL;
        if (cli->json) {
            json_t *root = json_object();
            json_object_set_new(root, "legal", json_boolean(legal));
            json_object_set_new(root, "player", json_integer(sc->player));
            json_object_set_new(root, "step", legal ? json_null() : json_string(out.step));
            json_object_set_new(root, "index", out.index < 0 ? json_null() : json_integer(out.index));
            json_object_set_new(root, "card", out.card[0] ? json_string(out.card) : json_null());
            json_object_set_new(root, "code", legal ? json_null() : json_string(out.code));
            json_object_set_new(root, "rule", legal ? json_null() : json_string(out.rule));
            json_object_set_new(root, "message", legal ? json_null() : json_string(out.message));
            json_object_set_new(root, "squad", squad_json(recruit));
            json_object_set_new(root, "placement", placement_json(recruit, &placement));
            json_object_set_new(root, "warnings", warnings_json(&cli->catalog.pool, recruit, false));
            cli_print_json(root);
        } else {
            json_decref(warnings_json(&cli->catalog.pool, recruit, true));
            if (legal)
                printf("%s: legal (%s player)\n", operands[0], sc->player == 1 ? "first" : "second");
            else {
                char where[32] = "";
                if (out.index >= 0)
                    snprintf(where, sizeof where, " %d", out.index);
                printf("%s: ILLEGAL at %s%s: %s [%s] %s\n", operands[0], out.step, where, out.code, out.rule,
                       out.message);
            }
            print_squad_summary(cli, recruit);
            if (placement.placed)
                print_board(recruit, &placement);
        }
        code = legal ? EXIT_OK : EXIT_FAILS_CHECK;
    }
    json_decref(sc->root);
    if (sc->has_deck)
        bsk_deck_free(&sc->deck);
    free(sc);
    free(recruit);
    return code;
}

/* ---- squad auto ------------------------------------------------------------------------ */

/* --weights FILE: {"NAME": integer}; unlisted cards weigh their cost (DESIGN §2). */
static int read_weights(bsk_cli *cli, const char *path, const bsk_recruit *recruit, int *weights)
{
    json_t *root = cli_read_json_file(path, 1u << 20, "weights"); /* plain messages (issue 10 #13) */
    if (!root)
        return EXIT_USAGE;
    if (!json_is_object(root)) {
        json_decref(root);
        cli_errorf("%s: expected an object {\"NAME\": weight}", path);
        return EXIT_USAGE;
    }
    for (int i = 0; i < recruit->deal_count; i++)
        weights[i] = recruit->deal[i]->cost;
    const char *key;
    json_t *value;
    json_object_foreach(root, key, value) {
        const bsk_card *card = bsk_pool_resolve(&cli->catalog.pool, key);
        if (!card || !json_is_integer(value) || json_integer_value(value) < -1000 || json_integer_value(value) > 1000) {
            cli_errorf("%s: %s: %s", path, key, card ? "expected an integer weight -1000..1000" : "unknown card");
            json_decref(root);
            return EXIT_USAGE;
        }
        for (int i = 0; i < recruit->deal_count; i++)
            if (bsk_card_same_name(recruit->deal[i], card))
                weights[i] = (int)json_integer_value(value);
    }
    json_decref(root);
    return EXIT_OK;
}

static int squad_auto(bsk_cli *cli)
{
    const char *player_option = NULL, *weights_option = NULL, *format_option = NULL;
    const cli_option options[] = {{"--player", true, &player_option, NULL},
                                  {"--weights", true, &weights_option, NULL},
                                  {"--format", true, &format_option, NULL}};
    const char *operands[1];
    size_t operand_count;
    int code = cli_parse(cli, 2, options, 3, operands, &operand_count, 1);
    if (code)
        return code;
    long long player = 1;
    if (player_option && !cli_parse_int("--player", player_option, 1, 2, &player))
        return EXIT_USAGE;
    if (operand_count != 1)
        return cli_usage_error("squad auto DECK [--player 1|2] [--seed N] [--weights FILE] [--json]",
                               "squad auto: DECK is missing");
    bsk_format *format = malloc(sizeof *format);
    bsk_recruit *recruit = malloc(sizeof *recruit);
    bsk_error error;
    bsk_error_clear(&error);
    code = format && recruit ? EXIT_OK : EXIT_FAILURE_IO;
    if (!code && bsk_format_find(format_option ? format_option : "constructed", format, &error)) {
        cli_print_error(&error);
        code = EXIT_USAGE;
    }
    if (!code)
        code = cli_load_catalog(cli);
    const bsk_card *cards[BSK_SIM_MAX_DECK];
    int size = 0;
    if (!code)
        code = cli_read_deck_cards(cli, operands[0], format, cards, BSK_SIM_MAX_DECK, &size);
    if (!code && size < format->squad.deal) {
        cli_errorf("%s: %d card%s; a deal needs %d (402.3)", operands[0], size, size == 1 ? "" : "s",
                   format->squad.deal);
        code = EXIT_USAGE;
    }
    if (code) {
        free(format);
        free(recruit);
        return code;
    }
    unsigned long long seed = cli->seed_set ? cli->seed : (unsigned long long)time(NULL);
    bsk_rng rng;
    bsk_rng_seed(&rng, seed);
    bsk_recruit_init(recruit, &format->squad, player);
    bsk_recruit_deal(recruit, cards, size, &rng);
    int weights[BSK_MAX_DEAL];
    if (weights_option && (code = read_weights(cli, weights_option, recruit, weights))) {
        free(format);
        free(recruit);
        return code;
    }
    bsk_squad_choice choice;
    bool found = bsk_squad_best(recruit, weights_option ? weights : NULL, &choice);
    int8_t order[BSK_MAX_DEAL];
    int order_count = found ? bsk_squad_order(recruit, &choice, order) : 0;
    bsk_recruit_result payments[BSK_MAX_DEAL];
    for (int i = 0; i < order_count; i++)
        bsk_recruit_take(recruit, order[i], NULL, &payments[i]);
    bsk_placement placement;
    bsk_placement_init(&placement, player);
    bsk_placement_auto(&placement, recruit->squad_count);
    char explanation[512];
    if (found)
        snprintf(explanation, sizeof explanation,
                 "the largest %s (%d) any legal squad of this deal reaches with %d gold and %d silver; ties go to more "
                 "creatures (%d), then fewer elements (%d), then fewer cards (%d), then the earliest deal positions",
                 weights_option ? "total weight" : "number of crystals spent", choice.value,
                 recruit->gold_start - recruit->redeal_gold, recruit->silver_start, choice.creatures, choice.elements,
                 choice.count);
    else
        snprintf(explanation, sizeof explanation,
                 "no legal squad can be recruited from this deal: the player loses (403.2.5)");
    if (cli->json) {
        json_t *root = json_object();
        json_object_set_new(root, "seed", json_integer((json_int_t)seed));
        json_object_set_new(root, "player", json_integer(player));
        json_object_set_new(root, "legal", json_boolean(found));
        json_t *deal = json_array();
        for (int i = 0; i < recruit->deal_count; i++)
            json_array_append_new(deal, json_string(recruit->deal[i]->name));
        json_object_set_new(root, "deal", deal);
        json_t *chosen = json_array();
        for (int i = 0; i < choice.count && found; i++)
            json_array_append_new(chosen, json_integer(choice.positions[i]));
        json_object_set_new(root, "chosen", chosen);
        json_t *steps = json_array();
        for (int i = 0; i < order_count; i++)
            json_array_append_new(steps, json_pack("{s:s,s:i,s:i,s:i}", "card", recruit->deal[order[i]]->name, "gold",
                                                   payments[i].gold, "silver", payments[i].silver, "penalty",
                                                   payments[i].penalty));
        json_object_set_new(root, "recruit", steps);
        json_object_set_new(root, "squad", squad_json(recruit));
        json_object_set_new(root, "placement", placement_json(recruit, &placement));
        if (weights_option)
            json_object_set_new(root, "value", json_integer(choice.value));
        json_object_set_new(root, "explanation", json_string(explanation));
        json_object_set_new(root, "warnings", warnings_json(&cli->catalog.pool, recruit, false));
        cli_print_json(root);
    } else {
        json_decref(warnings_json(&cli->catalog.pool, recruit, true));
        printf("seed %llu, %s player, deal of %d from %s:\n", seed, player == 1 ? "first" : "second",
               recruit->deal_count, operands[0]);
        for (int i = 0; i < recruit->deal_count; i++) {
            char cost[32];
            cli_format_cost(cli, recruit->deal[i], cost, sizeof cost);
            printf("  %c %2d  ", recruit->squad_index[i] >= 0 ? '*' : ' ', i);
            cli_print_padded(stdout, recruit->deal[i]->name, 26);
            printf("%-10s %s\n", cost, recruit->deal[i]->elements ? bsk_element_id(__builtin_ctz(recruit->deal[i]->elements))
                                                                   : "neutral");
        }
        printf("best: %s\n", explanation);
        if (found) {
            printf("recruit in this order:");
            for (int i = 0; i < order_count; i++)
                printf("%s %s", i ? "," : "", recruit->deal[order[i]]->name);
            printf("\n");
            print_squad_summary(cli, recruit);
            print_board(recruit, &placement);
        }
    }
    free(format);
    free(recruit);
    return found ? EXIT_OK : EXIT_FAILS_CHECK;
}

int cmd_squad(bsk_cli *cli)
{
    const char *sub = cli->argc > 1 && 1 < cli->double_dash ? cli->argv[1] : "";
    if (strcmp(sub, "check") == 0)
        return squad_check(cli);
    if (strcmp(sub, "auto") == 0)
        return squad_auto(cli);
    return cli_subcommand_error("squad", sub,
                                "squad check FILE | squad auto DECK [--player 1|2] [--seed N] [--weights FILE]");
}
