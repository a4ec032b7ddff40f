/* cmd_cards.c — `berserk cards search`, `cards show` and `cards coverage` (DESIGN §4): look
 * cards up by a normalised name substring and filters that take glossary ids or Russian
 * words; count what the match engine can run (card_table.h blockers), per set and per deck. */
#include "berserk/card_table.h"
#include "cli.h"
#include "synthetic.h" /* bsk_feature_to_json */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static bool parse_cost_range(const char *text, int *low, int *high)
{
    char *end;
    const char *dots = strstr(text, "..");
    *low = *high = -1;
    if (!dots) {
        long v = strtol(text, &end, 10);
        if (!*text || *end || v < 0 || v > 99)
            return false;
        *low = *high = (int)v;
        return true;
    }
    if (dots != text) {
        long v = strtol(text, &end, 10);
        if (end != dots || v < 0 || v > 99)
            return false;
        *low = (int)v;
    }
    if (dots[2]) {
        long v = strtol(dots + 2, &end, 10);
        if (*end || v < 0 || v > 99)
            return false;
        *high = (int)v;
    }
    return (*low >= 0 || *high >= 0) && (*low < 0 || *high < 0 || *low <= *high);
}

static int bad_value(const char *option, const char *value, const char *expected)
{
    cli_errorf("%s: unknown value \"%s\" (expected %s)", option, value, expected);
    return EXIT_USAGE;
}

static void format_strike(const bsk_card *card, char *out, size_t out_size)
{
    if (card->simple_strike[0] == BSK_UNSET)
        snprintf(out, out_size, "-");
    else
        snprintf(out, out_size, "%d-%d-%d", card->simple_strike[0], card->simple_strike[1], card->simple_strike[2]);
}

static void format_elements(const bsk_card *card, char *out, size_t out_size)
{
    size_t used = 0;
    out[0] = '\0';
    if (card->elements == 0) {
        snprintf(out, out_size, "%s", bsk_element_id(BSK_ELEMENT_COUNT));
        return;
    }
    for (int e = 0; e < BSK_ELEMENT_COUNT && used < out_size; e++)
        if (bsk_card_has_element(card, (bsk_element)e)) {
            int n = snprintf(out + used, out_size - used, "%s%s", used ? "+" : "", bsk_element_id(e));
            if (n > 0)
                used += (size_t)n;
        }
}

static void format_int(int value, char *out, size_t out_size)
{
    if (value == BSK_UNSET)
        snprintf(out, out_size, "-");
    else
        snprintf(out, out_size, "%d", value);
}

void cli_keyword_text(const bsk_keyword *keyword, char *out, size_t out_size)
{
    char text[160], param[3][BSK_PARAM_EXPR_MAX + 8];
    snprintf(text, sizeof text, "%s", bsk_keyword_name(keyword->id) ? bsk_keyword_name(keyword->id) : "?");
    for (char *p = text; *p; p++)
        if (*p == '_')
            *p = ' ';
    size_t used = strlen(text);
    if (keyword->has & BSK_KEYWORD_HAS_X) {
        bsk_param_format(&keyword->x, param[0], sizeof param[0]);
        used += (size_t)snprintf(text + used, sizeof text - used, " %s", param[0]);
    }
    if ((keyword->has & BSK_KEYWORD_HAS_VALUES) && used < sizeof text) {
        for (int i = 0; i < 3; i++)
            bsk_param_format(&keyword->values[i], param[i], sizeof param[i]);
        used += (size_t)snprintf(text + used, sizeof text - used, " %s-%s-%s", param[0], param[1], param[2]);
    }
    if ((keyword->has & BSK_KEYWORD_HAS_RANGE) && used < sizeof text) {
        bsk_param_format(&keyword->range, param[0], sizeof param[0]);
        used += (size_t)snprintf(text + used, sizeof text - used, ", range %s", param[0]);
    }
    if (keyword->activation != BSK_ACTIVATION_NONE && used < sizeof text)
        used += (size_t)snprintf(text + used, sizeof text - used, " (%s)", bsk_activation_id(keyword->activation));
    if (keyword->condition != BSK_CONDITION_NONE && used < sizeof text)
        snprintf(text + used, sizeof text - used, " [%s]", bsk_condition_id(keyword->condition));
    snprintf(out, out_size, "%s", text);
}

static void print_table(const bsk_cli *cli, const bsk_card *const *cards, size_t count)
{
    static const char *const HEADERS[] = {"ID", "NAME", "ELEMENT", "TYPE", "COST", "LIFE", "STRIKE", "MOVE"};
    enum { COLUMNS = 8 };
    size_t widths[COLUMNS];
    char cells[COLUMNS][BSK_CARD_NAME_MAX];
    for (int c = 0; c < COLUMNS; c++)
        widths[c] = strlen(HEADERS[c]);
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1) {
            for (int c = 0; c < COLUMNS; c++) {
                cli_print_padded(stdout, HEADERS[c], c + 1 < COLUMNS ? widths[c] + 2 : 0);
            }
            fputc('\n', stdout);
        }
        for (size_t i = 0; i < count; i++) {
            const bsk_card *card = cards[i];
            snprintf(cells[0], sizeof cells[0], "%s", card->id);
            snprintf(cells[1], sizeof cells[1], "%s", card->name);
            format_elements(card, cells[2], sizeof cells[2]);
            snprintf(cells[3], sizeof cells[3], "%s%s%s", bsk_type_id(card->type),
                     card->subtype != BSK_SUBTYPE_NONE ? "/" : "",
                     card->subtype != BSK_SUBTYPE_NONE ? bsk_subtype_id(card->subtype) : "");
            cli_format_cost(cli, card, cells[4], sizeof cells[4]);
            format_int(card->life, cells[5], sizeof cells[5]);
            format_strike(card, cells[6], sizeof cells[6]);
            format_int(card->movement, cells[7], sizeof cells[7]);
            for (int c = 0; c < COLUMNS; c++) {
                size_t width = bsk_utf8_width(cells[c]);
                if (pass == 0 && width > widths[c])
                    widths[c] = width;
                if (pass == 1)
                    cli_print_padded(stdout, cells[c], c + 1 < COLUMNS ? widths[c] + 2 : 0);
            }
            if (pass == 1)
                fputc('\n', stdout);
        }
    }
}

/* --support (issue 23): keeps, in order, the cards whose support the engine grants is `support`
 * (bsk_card_support_checked, which reads the features the search left out). */
static bsk_status keep_support(bsk_cli *cli, int support, bsk_card *cards, size_t *count, bsk_error *error)
{
    bsk_card_features *features = malloc(sizeof *features);
    if (!features)
        return bsk_error_set(error, BSK_ERR_STORAGE, NULL, "out of memory");
    size_t kept = 0;
    bsk_status status = BSK_OK;
    for (size_t i = 0; i < *count && !status; i++) {
        bsk_card with = cards[i];
        if (!(status = bsk_store_card_features(cli->store, &with, features, error)) &&
            bsk_card_support_checked(&with) == support)
            cards[kept++] = cards[i];
    }
    free(features);
    *count = kept;
    return status;
}

static int cards_search(bsk_cli *cli)
{
    const char *element = NULL, *type = NULL, *subtype = NULL, *cost = NULL, *class_name = NULL, *set = NULL,
               *keyword = NULL, *limit = NULL, *support = NULL;
    bool elite = false, unique = false, rank_and_file = false;
    const cli_option options[] = {
        {"--element", true, &element, NULL}, {"--type", true, &type, NULL},
        {"--subtype", true, &subtype, NULL}, {"--cost", true, &cost, NULL},
        {"--class", true, &class_name, NULL}, {"--set", true, &set, NULL},
        {"--keyword", true, &keyword, NULL}, {"--limit", true, &limit, NULL},
        {"--elite", false, NULL, &elite},    {"--rank-and-file", false, NULL, &rank_and_file},
        {"--unique", false, NULL, &unique},  {"--support", true, &support, NULL},
    };
    const char *operands[1];
    size_t operand_count;
    int code = cli_parse(cli, 2, options, sizeof options / sizeof options[0], operands, &operand_count, 1);
    if (code)
        return code;
    bsk_card_filter filter;
    bsk_card_filter_init(&filter);
    filter.query = operand_count ? operands[0] : NULL;
    if (element && (filter.element = bsk_element_parse(element)) < 0)
        return bad_value("--element", element, "plains, mountains, forests, swamps, darkness, neutral or степи ...");
    if (type && (filter.type = bsk_type_parse(type)) < 0)
        return bad_value("--type", type, "creature, artifact, terrain");
    if (subtype && (filter.subtype = bsk_subtype_parse(subtype)) < 0)
        return bad_value("--subtype", subtype, "ground, flyer, companion, parasite");
    if (cost && !parse_cost_range(cost, &filter.cost_min, &filter.cost_max))
        return bad_value("--cost", cost, "N, A..B, A.. or ..B with 0 <= A <= B <= 99");
    if (class_name && (filter.class_id = bsk_class_parse(class_name)) < 0)
        return bad_value("--class", class_name, "a class id such as elf or a Russian class name such as Эльф");
    if (keyword && (filter.keyword = bsk_keyword_parse(keyword)) < 0)
        return bad_value("--keyword", keyword, "a keyword id such as armor or a Russian term such as броня");
    if (elite && rank_and_file) {
        cli_errorf("--elite and --rank-and-file exclude each other");
        return EXIT_USAGE;
    }
    int support_id = support ? bsk_support_parse(support) : -1;
    if (support && support_id < 0)
        return bad_value("--support", support, "full, partial, keywords_only or unknown");
    filter.elite = elite ? 1 : rank_and_file ? 0 : -1;
    filter.unique = unique ? 1 : -1;
    filter.set = set;
    long max = -1;
    if (limit) {
        long long value;
        if (!cli_parse_int("--limit", limit, 0, 1000000, &value))
            return EXIT_USAGE;
        max = (long)value;
    }
    /* SQL over the indexed columns: only the matching cards are read (issue 10, start-up cost) */
    if ((code = cli_open_store(cli)))
        return code;
    bsk_error error;
    bsk_catalog_set known;
    bsk_error_clear(&error);
    bsk_status status = set ? bsk_store_find_set(cli->store, set, &known, &error) : BSK_OK;
    if (status == BSK_ERR_NOT_FOUND)
        return bad_value("--set", set, "a set id of `berserk catalog info`, such as 01 or classic");
    bsk_card *cards = NULL;
    size_t shown = 0, total = 0;
    if (status || (status = bsk_store_search(cli->store, &filter, max >= 0 && !support ? (size_t)max : SIZE_MAX,
                                             &cards, &shown, &total, &error)) ||
        (support && (status = keep_support(cli, support_id, cards, &shown, &error)))) {
        cli_print_error(&error);
        free(cards);
        return EXIT_FAILURE_IO;
    }
    if (support) { /* every match was read to learn its support: now the count, then the limit */
        total = shown;
        if (max >= 0 && shown > (size_t)max)
            shown = (size_t)max;
    }
    const bsk_card **found = malloc((shown + 1) * sizeof *found);
    if (!found) {
        free(cards);
        return EXIT_FAILURE_IO;
    }
    for (size_t i = 0; i < shown; i++)
        found[i] = &cards[i];
    if (cli->json) {
        /* a search reads cards without their features (issue 22): the card objects get them here */
        bsk_card_features *features = malloc(sizeof *features);
        json_t *list = json_array();
        for (size_t i = 0; i < shown && !status; i++) {
            bsk_card with = *found[i];
            if (!features || (status = bsk_store_card_features(cli->store, &with, features, &error)))
                break;
            json_array_append_new(list, bsk_codec_card_json(&with));
        }
        bool failed = !features || status;
        free(features);
        if (failed) {
            json_decref(list);
            if (status)
                cli_print_error(&error);
            free(found);
            free(cards);
            return EXIT_FAILURE_IO;
        }
        json_t *root = json_object();
        json_object_set_new(root, "count", json_integer((json_int_t)shown));
        json_object_set_new(root, "total", json_integer((json_int_t)total));
        json_object_set_new(root, "cards", list);
        cli_print_json(root);
    } else {
        if (shown)
            print_table(cli, found, shown);
        if (!cli->quiet)
            fprintf(stdout, "%s%zu card%s", shown ? "\n" : "", total, total == 1 ? "" : "s");
        if (!cli->quiet)
            fprintf(stdout, shown < total ? " (%zu shown)\n" : "\n", shown);
    }
    free(found);
    free(cards);
    return total ? EXIT_OK : EXIT_FAILS_CHECK;
}

/* A feature in words (issue 22, DESIGN §3 schema 2): bsk_feature_describe of its program, or why
 * it does not run. */
/* The card's features as `cards show --json` lists them: src, kind, engine, runs, words. */
static json_t *features_words_json(const bsk_card *card)
{
    json_t *list = json_array();
    for (int i = 0; i < bsk_card_feature_count(card); i++) {
        char words[512];
        bsk_card_feature_words(card, i, words, sizeof words);
        json_t *object = bsk_feature_to_json(card->features, i);
        json_array_append_new(list, json_pack("{s:i,s:O,s:O,s:b,s:s}", "src", card->features->features[i].src,
                                              "kind", json_object_get(object, "kind"), "engine",
                                              json_object_get(object, "engine"),
                                              "runs", bsk_card_feature_runs(card->features, i), "words", words));
        json_decref(object);
    }
    return list;
}

/* The blockers of a card as a JSON list (bsk_card_blockers). */
static json_t *blockers_json(const bsk_card *card)
{
    const char *what[64];
    int count = bsk_card_blockers(card, what, 64);
    json_t *list = json_array();
    for (int i = 0; i < count && i < 64; i++)
        json_array_append_new(list, json_string(what[i]));
    return list;
}

static void print_card(const bsk_cli *cli, const bsk_card *card, const bsk_card *const *printings, size_t count,
                       bsk_catalog *catalog)
{
    char cost[32], text[256], strike[32];
    const bsk_catalog_set *set = bsk_catalog_find_set(catalog, card->set);
    printf("%s%s%s  %s\n", cli_bold(cli), card->name, cli_reset(cli), card->id);
    printf("  set       %s%s", set ? set->name : card->set, card->number != BSK_UNSET ? "" : "\n");
    if (card->number != BSK_UNSET)
        printf(" #%d\n", card->number);
    printf("  rarity    %s\n", bsk_rarity_id(card->rarity) ? bsk_rarity_id(card->rarity) : "unknown");
    printf("  type      %s%s%s\n", bsk_type_id(card->type), card->subtype != BSK_SUBTYPE_NONE ? ", " : "",
           card->subtype != BSK_SUBTYPE_NONE ? bsk_subtype_id(card->subtype) : "");
    printf("  element   ");
    if (card->elements == 0)
        printf("%s (%s)", bsk_element_id(BSK_ELEMENT_COUNT), bsk_element_ru(BSK_ELEMENT_COUNT));
    for (int e = 0, shown = 0; e < BSK_ELEMENT_COUNT; e++)
        if (bsk_card_has_element(card, (bsk_element)e))
            printf("%s%s (%s)", shown++ ? ", " : "", bsk_element_id(e), bsk_element_ru(e));
    printf("\n");
    cli_format_cost(cli, card, cost, sizeof cost);
    printf("  cost      %s (%s)\n", cost, card->elite ? "elite" : "rank-and-file");
    if (card->type != BSK_TYPE_TERRAIN) {
        format_int(card->life, text, sizeof text);
        printf("  life      %s\n", text);
    }
    if (card->subtype == BSK_SUBTYPE_GROUND) {
        format_int(card->movement, text, sizeof text);
        printf("  movement  %s\n", text);
    }
    if (card->type == BSK_TYPE_CREATURE) {
        format_strike(card, strike, sizeof strike);
        printf("  strike    %s\n", strike);
    }
    printf("  unique    %s\n", card->unique == BSK_UNSET ? "unknown" : card->unique ? "yes" : "no");
    printf("  horde     %s\n", card->horde == BSK_UNSET ? "unknown" : card->horde ? "yes" : "no");
    printf("  classes   ");
    if (card->class_count == BSK_UNSET)
        printf("unknown\n");
    for (int i = 0; i < card->class_count; i++)
        printf("%s%s (%s)", i ? ", " : "", bsk_class_id(card->classes[i]), bsk_class_ru(card->classes[i]));
    if (card->class_count != BSK_UNSET)
        printf("%s\n", card->class_count ? "" : "-");
    printf("  keywords  %s", card->keyword_count ? "" : "-\n");
    for (int i = 0; i < card->keyword_count; i++) {
        cli_keyword_text(&card->keywords[i], text, sizeof text);
        printf("%s%s\n", i ? "            " : "", text);
    }
    /* catalogue schema 2 (issue 22): the encoded sentences and how much runs */
    if (!bsk_card_feature_count(card))
        printf("  features  -\n");
    for (int i = 0; i < bsk_card_feature_count(card); i++) {
        char words[512];
        bsk_card_feature_words(card, i, words, sizeof words);
        char first[32];
        snprintf(first, sizeof first, "%s[%d] ", i ? "            " : "  features  ", card->features->features[i].src);
        cli_print_wrapped(stdout, first, "                ", words, 80);
    }
    if (card->sentences == BSK_UNSET)
        printf("  sentences unknown (no printed text known)\n");
    else
        printf("  sentences %d\n", card->sentences);
    char support[96];
    bsk_card_support_words(card, support, sizeof support);
    printf("  support   %s\n", support);
    const char *what[16]; /* what the engine does not run yet (bsk_card_blockers; issue 23: marked in text too) */
    int blocked = bsk_card_blockers(card, what, 16);
    for (int i = 0; i < blocked && i < 16; i++)
        printf("%s%s%s", i ? ", " : "  not run   ", what[i], i + 1 == blocked || i + 1 == 16 ? "\n" : "");
    for (int which = 0; which < 2; which++) {
        uint32_t fields = which ? card->inferred : card->unknown;
        if (!fields)
            continue;
        printf("  %-9s ", which ? "inferred" : "unknown");
        bool first = true;
        for (int f = 0; f < BSK_FIELD_COUNT; f++)
            if (fields & (1u << f)) {
                printf("%s%s", first ? "" : ", ", bsk_card_field_id(f));
                first = false;
            }
        printf("%s\n", which ? " (from another printing)" : "");
    }
    printf("  printings ");
    for (size_t i = 0; i < count; i++) {
        const bsk_catalog_set *other = bsk_catalog_find_set(catalog, printings[i]->set);
        printf("%s%s (%s)%s\n", i ? "            " : "", printings[i]->id, other ? other->name : printings[i]->set,
               printings[i] == card ? " *" : "");
    }
}

static int cards_show(bsk_cli *cli)
{
    const char *operands[1];
    size_t operand_count;
    int code = cli_parse(cli, 2, NULL, 0, operands, &operand_count, 1);
    if (code)
        return code;
    if (operand_count != 1)
        return cli_usage_error("cards show NAME|ID", "cards show: NAME|ID is missing");
    if (!operands[0][strspn(operands[0], " \t\r\n")]) /* no usable input: 2, not a failed look-up */
        return cli_usage_error("cards show NAME|ID", "cards show: the name is empty");
    /* The card, its printings and their sets, read by index (issue 10, start-up cost) */
    if ((code = cli_open_store(cli)))
        return code;
    bsk_error error;
    bsk_card card;
    bsk_error_clear(&error);
    bsk_card *all = NULL;
    bsk_card_features *features = NULL; /* the features of card (index 0) and of each printing */
    size_t count = 0;
    bsk_status status = bsk_store_lookup(cli->store, operands[0], &card, &all, &count, &error);
    if (status == BSK_ERR_NOT_FOUND) {
        char suggestions[3][BSK_CARD_NAME_MAX];
        size_t n;
        if (bsk_store_suggest(cli->store, operands[0], suggestions, 3, &n, &error)) {
            cli_print_error(&error);
            return EXIT_FAILURE_IO;
        }
        if (cli->json) {
            json_t *list = json_array();
            for (size_t i = 0; i < n; i++)
                json_array_append_new(list, json_string(suggestions[i]));
            cli_print_json(json_pack("{s:s,s:n,s:[],s:o}", "query", operands[0], "card", "printings", "suggestions",
                                     list));
        }
        fprintf(stderr, "berserk: no card named \"%s\"", operands[0]);
        for (size_t i = 0; i < n; i++)
            fprintf(stderr, "%s%s", i ? ", " : "; did you mean: ", suggestions[i]);
        fputc('\n', stderr);
        return EXIT_FAILS_CHECK;
    }
    if (status) {
        cli_print_error(&error);
        return EXIT_FAILURE_IO;
    }
    const bsk_card *printings[64];
    const bsk_card *shown = &card;
    if (count > 64)
        count = 64;
    /* look-ups read cards without their features (issue 10, start-up cost): read the shown ones' */
    if (!(features = calloc(count + 1, sizeof *features))) {
        free(all);
        fprintf(stderr, "berserk: out of memory\n");
        return EXIT_FAILURE_IO;
    }
    status = bsk_store_card_features(cli->store, &card, &features[0], &error);
    for (size_t i = 0; i < count && !status; i++)
        status = bsk_store_card_features(cli->store, &all[i], &features[i + 1], &error);
    for (size_t i = 0; i < count; i++) {
        printings[i] = &all[i];
        if (strcmp(all[i].id, card.id) == 0)
            shown = &all[i]; /* print_card marks the shown printing by identity */
    }
    bsk_catalog sets; /* only the sets named: the card's and its printings' */
    bsk_catalog_init(&sets);
    for (size_t i = 0; i <= count && !status; i++) {
        const char *id = i < count ? printings[i]->set : card.set;
        bsk_catalog_set set;
        if (bsk_catalog_find_set(&sets, id))
            continue;
        status = bsk_store_find_set(cli->store, id, &set, &error);
        if (status == BSK_ERR_NOT_FOUND)
            status = BSK_OK;
        else if (!status)
            status = bsk_catalog_add_set(&sets, &set, &error);
    }
    if (status) {
        cli_print_error(&error);
        bsk_catalog_free(&sets);
        free(all);
        free(features);
        return EXIT_FAILURE_IO;
    }
    if (cli->json) {
        json_t *root = json_object();
        json_object_set_new(root, "query", json_string(operands[0]));
        json_object_set_new(root, "card", bsk_codec_card_json(shown));
        /* catalogue schema 2 (issue 22): the shown card's features in words, the support the engine
         * finds, and what keeps it from running as printed */
        json_object_set_new(root, "features", features_words_json(shown));
        json_object_set_new(root, "checked_support", json_string(bsk_support_id(bsk_card_support_checked(shown))));
        json_object_set_new(root, "blockers", blockers_json(shown));
        json_t *list = json_array();
        for (size_t i = 0; i < count; i++)
            json_array_append_new(list, bsk_codec_card_json(printings[i]));
        json_object_set_new(root, "printings", list);
        cli_print_json(root);
    } else {
        print_card(cli, shown, printings, count, &sets);
    }
    bsk_catalog_free(&sets);
    free(all);
    free(features);
    return EXIT_OK;
}

/* ---- cards coverage (DESIGN §4) ---- */

#define COVERAGE_MAX_DECKS 64
#define COVERAGE_MAX_DECK_CARDS 1000
#define COVERAGE_MAX_WHAT 64   /* distinct blockers of one card (card_table.c lists fewer) */
#define COVERAGE_MAX_KINDS 128 /* distinct blockers over all cards */

typedef struct blocker_count {
    const char *what;
    int cards;
} blocker_count;

typedef struct coverage {
    int cards;
    int runs;
    int support[BSK_SUPPORT_COUNT];
    blocker_count blocking[COVERAGE_MAX_KINDS];
    int blocking_count;
} coverage;

/* Counts one card; returns its blockers in `what` (at most COVERAGE_MAX_WHAT). */
static int coverage_add(coverage *total, const bsk_card *card, const char **what)
{
    int count = bsk_card_blockers(card, what, COVERAGE_MAX_WHAT);
    if (count > COVERAGE_MAX_WHAT)
        count = COVERAGE_MAX_WHAT;
    total->cards++;
    total->runs += count == 0;
    /* the support the engine grants (DESIGN §3, §4): what the card claims, unless its data proves less,
     * and full only when nothing blocks it */
    int support = bsk_card_support_checked(card);
    if (support < BSK_SUPPORT_COUNT)
        total->support[support]++;
    for (int i = 0; i < count; i++) {
        int k = 0;
        while (k < total->blocking_count && strcmp(total->blocking[k].what, what[i]) != 0)
            k++;
        if (k == total->blocking_count) {
            if (k == COVERAGE_MAX_KINDS)
                continue;
            total->blocking[total->blocking_count++] = (blocker_count){what[i], 0};
        }
        total->blocking[k].cards++;
    }
    return count;
}

static int by_cards_then_name(const void *a, const void *b)
{
    const blocker_count *x = a, *y = b;
    if (x->cards != y->cards)
        return x->cards > y->cards ? -1 : 1;
    return strcmp(x->what, y->what);
}

static void coverage_sort(coverage *total)
{
    qsort(total->blocking, (size_t)total->blocking_count, sizeof total->blocking[0], by_cards_then_name);
}

static json_t *blocking_json(const coverage *total)
{
    json_t *list = json_array();
    for (int i = 0; i < total->blocking_count; i++)
        json_array_append_new(list, json_pack("{s:s,s:i}", "what", total->blocking[i].what, "cards",
                                              total->blocking[i].cards));
    return list;
}

static double percent(int part, int whole) { return whole ? 100.0 * part / whole : 0.0; }

/* One --deck file: each distinct card (printing) once, whatever its copies. */
typedef struct deck_coverage {
    const char *file;
    coverage total;
    const bsk_card *cards[COVERAGE_MAX_DECK_CARDS];
    int count;
} deck_coverage;

static int read_deck_coverage(bsk_cli *cli, deck_coverage *deck)
{
    const bsk_card *copies[COVERAGE_MAX_DECK_CARDS];
    int copy_count = 0;
    /* No format: names resolve to their newest printing (DESIGN §2). */
    int code = cli_read_deck_cards(cli, deck->file, NULL, copies, COVERAGE_MAX_DECK_CARDS, &copy_count);
    if (code)
        return code;
    deck->count = 0;
    for (int i = 0; i < copy_count; i++) {
        int j = 0;
        while (j < deck->count && deck->cards[j] != copies[i])
            j++;
        if (j == deck->count)
            deck->cards[deck->count++] = copies[i];
    }
    const char *what[COVERAGE_MAX_WHAT];
    for (int i = 0; i < deck->count; i++)
        coverage_add(&deck->total, deck->cards[i], what);
    coverage_sort(&deck->total);
    return EXIT_OK;
}

static json_t *deck_json(const deck_coverage *deck)
{
    json_t *blocked = json_array();
    const char *what[COVERAGE_MAX_WHAT];
    for (int i = 0; i < deck->count; i++) {
        int count = bsk_card_blockers(deck->cards[i], what, COVERAGE_MAX_WHAT);
        if (!count)
            continue;
        json_t *list = json_array();
        for (int k = 0; k < count && k < COVERAGE_MAX_WHAT; k++)
            json_array_append_new(list, json_string(what[k]));
        json_array_append_new(blocked, json_pack("{s:s,s:s,s:o}", "id", deck->cards[i]->id, "name",
                                                 deck->cards[i]->name, "blocking", list));
    }
    /* Card by card (issue 23): every distinct card with its checked support, blocked or not. */
    json_t *listed = json_array();
    for (int i = 0; i < deck->count; i++)
        json_array_append_new(listed, json_pack("{s:s,s:s,s:s,s:b}", "id", deck->cards[i]->id, "name",
                                                deck->cards[i]->name,
                                                "support", bsk_support_id(bsk_card_support_checked(deck->cards[i])),
                                                "runs", bsk_card_blockers(deck->cards[i], what, COVERAGE_MAX_WHAT) == 0));
    return json_pack("{s:s,s:i,s:i,s:i,s:o,s:o,s:o}", "file", deck->file, "cards", deck->total.cards, "runs",
                     deck->total.runs, "full", deck->total.support[BSK_SUPPORT_FULL], "blocking",
                     blocking_json(&deck->total), "blocked", blocked, "list", listed);
}

static void print_deck(const deck_coverage *deck)
{
    printf("\ndeck %s: %d distinct card%s, %d run (%.1f%%), %d full (%.1f%%)\n", deck->file, deck->total.cards,
           deck->total.cards == 1 ? "" : "s", deck->total.runs, percent(deck->total.runs, deck->total.cards),
           deck->total.support[BSK_SUPPORT_FULL], percent(deck->total.support[BSK_SUPPORT_FULL], deck->total.cards));
    const char *what[COVERAGE_MAX_WHAT];
    for (int i = 0; i < deck->count; i++) {
        int count = bsk_card_blockers(deck->cards[i], what, COVERAGE_MAX_WHAT);
        if (!count)
            continue;
        printf("  %s (%s):", deck->cards[i]->name, deck->cards[i]->id);
        for (int k = 0; k < count && k < COVERAGE_MAX_WHAT; k++)
            printf("%s %s", k ? "," : "", what[k]);
        putchar('\n');
    }
}

/* Takes the repeatable --deck options out of argv before the common parser. */
static int take_decks(bsk_cli *cli, const char **files, int *count)
{
    *count = 0;
    for (int i = 2; i < cli->argc && i < cli->double_dash; i++) {
        const char *arg = cli->argv[i];
        const char *value = NULL;
        int take = 0;
        if (strcmp(arg, "--deck") == 0) {
            if (i + 1 >= cli->argc) {
                cli_errorf("--deck needs a value");
                return EXIT_USAGE;
            }
            value = cli->argv[i + 1], take = 2;
        } else if (strncmp(arg, "--deck=", 7) == 0) {
            value = arg + 7, take = 1;
        }
        if (!take)
            continue;
        if (*count == COVERAGE_MAX_DECKS) {
            cli_errorf("at most %d decks", COVERAGE_MAX_DECKS);
            return EXIT_USAGE;
        }
        files[(*count)++] = value;
        memmove(&cli->argv[i], &cli->argv[i + take], (size_t)(cli->argc - i - take) * sizeof *cli->argv);
        cli->argc -= take;
        cli->double_dash -= take;
        i--;
    }
    return EXIT_OK;
}

static int cards_coverage(bsk_cli *cli)
{
    const char *set = NULL;
    const char *files[COVERAGE_MAX_DECKS];
    int file_count = 0;
    int code = take_decks(cli, files, &file_count);
    if (code)
        return code;
    const cli_option options[] = {{"--set", true, &set, NULL}};
    const char *operands[COVERAGE_MAX_DECKS];
    size_t operand_count;
    if ((code = cli_parse(cli, 2, options, sizeof options / sizeof options[0], operands, &operand_count,
                          (size_t)(COVERAGE_MAX_DECKS - file_count))))
        return code;
    for (size_t i = 0; i < operand_count; i++) /* FILE operands are decks too */
        files[file_count++] = operands[i];
    if ((code = cli_load_catalog(cli)))
        return code;
    if (set && !bsk_catalog_find_set(&cli->catalog, set))
        return bad_value("--set", set, "a set id of `berserk catalog info`, such as 01 or classic");

    coverage *total = calloc(1, sizeof *total);
    deck_coverage *decks = calloc((size_t)(file_count ? file_count : 1), sizeof *decks);
    int *set_cards = calloc(cli->catalog.set_count + 1, sizeof *set_cards);
    int *set_runs = calloc(cli->catalog.set_count + 1, sizeof *set_runs);
    int *set_full = calloc(cli->catalog.set_count + 1, sizeof *set_full);
    if (!total || !decks || !set_cards || !set_runs || !set_full) {
        cli_errorf("out of memory");
        code = EXIT_FAILURE_IO;
        goto done;
    }
    const char *what[COVERAGE_MAX_WHAT];
    for (size_t i = 0; i < cli->catalog.pool.count; i++) {
        const bsk_card *card = &cli->catalog.pool.cards[i];
        if (set && strcmp(card->set, set) != 0)
            continue;
        int full_before = total->support[BSK_SUPPORT_FULL];
        bool runs = coverage_add(total, card, what) == 0;
        for (size_t s = 0; s < cli->catalog.set_count; s++)
            if (strcmp(cli->catalog.sets[s].id, card->set) == 0) {
                set_cards[s]++;
                set_runs[s] += runs;
                set_full[s] += total->support[BSK_SUPPORT_FULL] - full_before;
                break;
            }
    }
    coverage_sort(total);
    for (int d = 0; d < file_count && !code; d++) {
        decks[d].file = files[d];
        code = read_deck_coverage(cli, &decks[d]);
    }
    if (code)
        goto done;

    if (cli->json) {
        json_t *sets = json_array();
        for (size_t s = 0; s < cli->catalog.set_count; s++)
            if (!set || strcmp(cli->catalog.sets[s].id, set) == 0)
                json_array_append_new(sets, json_pack("{s:s,s:i,s:i,s:i}", "id", cli->catalog.sets[s].id, "cards",
                                                      set_cards[s], "runs", set_runs[s], "full", set_full[s]));
        json_t *deck_list = json_array();
        for (int d = 0; d < file_count; d++)
            json_array_append_new(deck_list, deck_json(&decks[d]));
        json_t *root = json_object();
        json_object_set_new(root, "cards", json_integer(total->cards));
        json_object_set_new(root, "runs", json_integer(total->runs));
        json_object_set_new(root, "full", json_integer(total->support[BSK_SUPPORT_FULL]));
        json_object_set_new(root, "partial", json_integer(total->support[BSK_SUPPORT_PARTIAL]));
        json_object_set_new(root, "keywords_only", json_integer(total->support[BSK_SUPPORT_KEYWORDS_ONLY]));
        json_object_set_new(root, "unknown", json_integer(total->support[BSK_SUPPORT_UNKNOWN]));
        json_object_set_new(root, "sets", sets);
        json_object_set_new(root, "decks", deck_list);
        json_object_set_new(root, "blocking", blocking_json(total));
        cli_print_json(root);
        goto done;
    }
    printf("%d card%s, %d run (%.1f%%): every printed number and catalogued keyword runs\n", total->cards,
           total->cards == 1 ? "" : "s", total->runs, percent(total->runs, total->cards));
    printf("catalogue support: %d full, %d partial, %d keywords only, %d unknown (no printed text known)\n",
           total->support[BSK_SUPPORT_FULL], total->support[BSK_SUPPORT_PARTIAL],
           total->support[BSK_SUPPORT_KEYWORDS_ONLY], total->support[BSK_SUPPORT_UNKNOWN]);
    printf("\n%s%-8s %6s %6s %6s%s\n", cli_bold(cli), "set", "cards", "run", "full", cli_reset(cli));
    for (size_t s = 0; s < cli->catalog.set_count; s++)
        if (!set || strcmp(cli->catalog.sets[s].id, set) == 0)
            printf("%-8s %6d %6d %6d\n", cli->catalog.sets[s].id, set_cards[s], set_runs[s], set_full[s]);
    if (total->blocking_count) {
        int shown = cli->verbose ? total->blocking_count : total->blocking_count < 10 ? total->blocking_count : 10;
        printf("\n%stop blockers%s (cards)%s\n", cli_bold(cli), cli_reset(cli),
               shown < total->blocking_count ? "; -v lists all" : "");
        for (int i = 0; i < shown; i++)
            printf("%6d  %s\n", total->blocking[i].cards, total->blocking[i].what);
    }
    for (int d = 0; d < file_count; d++)
        print_deck(&decks[d]);
done:
    free(total);
    free(decks);
    free(set_cards);
    free(set_runs);
    free(set_full);
    return code;
}

int cmd_cards(bsk_cli *cli)
{
    const char *sub = cli->argc > 1 && 1 < cli->double_dash ? cli->argv[1] : "";
    if (strcmp(sub, "search") == 0)
        return cards_search(cli);
    if (strcmp(sub, "show") == 0)
        return cards_show(cli);
    if (strcmp(sub, "coverage") == 0)
        return cards_coverage(cli);
    return cli_subcommand_error("cards", sub,
                                "cards search [QUERY] [FILTERS] | cards show NAME|ID | cards coverage [--set S] "
                                "[--deck FILE]...");
}
