/* fuzz_catalog_set.c — the catalogue set-file codec (catalog/codec.c, sets/ID.json of DESIGN §3).
 * Invariants: errors and card strings are valid UTF-8; a set file that parses is written
 * back canonically (bsk_codec_write_set), that text parses to the same set and the same
 * cards field by field, and writing those again gives the same bytes. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

static bool same_param(const bsk_param *a, const bsk_param *b)
{
    return strcmp(a->expr, b->expr) == 0 && (a->expr[0] || a->value == b->value);
}

static bool same_keyword(const bsk_keyword *a, const bsk_keyword *b)
{
    if (a->id != b->id || a->activation != b->activation || a->condition != b->condition || a->has != b->has)
        return false;
    if ((a->has & BSK_KEYWORD_HAS_X) && !same_param(&a->x, &b->x))
        return false;
    if ((a->has & BSK_KEYWORD_HAS_RANGE) && !same_param(&a->range, &b->range))
        return false;
    for (int i = 0; (a->has & BSK_KEYWORD_HAS_VALUES) && i < 3; i++)
        if (!same_param(&a->values[i], &b->values[i]))
            return false;
    return true;
}

/* The name of the first field where two cards differ, or NULL. */
static const char *card_difference(const bsk_card *a, const bsk_card *b)
{
    if (strcmp(a->id, b->id))
        return "id";
    if (a->nxt_id != b->nxt_id)
        return "nxt_id";
    if (strcmp(a->name, b->name))
        return "name";
    if (strcmp(a->set, b->set))
        return "set";
    if (a->number != b->number)
        return "number";
    if (a->rarity != b->rarity || a->type != b->type || a->subtype != b->subtype)
        return "rarity/type/subtype";
    if (a->elements != b->elements)
        return "elements";
    if (a->class_count != b->class_count ||
        (a->class_count > 0 && memcmp(a->classes, b->classes, (size_t)a->class_count)))
        return "classes";
    if (a->cost != b->cost || a->cost_x != b->cost_x || a->elite != b->elite)
        return "cost/cost_x/elite";
    if (a->unique != b->unique || a->horde != b->horde)
        return "unique/horde";
    if (a->life != b->life || a->movement != b->movement)
        return "life/movement";
    if (a->simple_strike[0] != b->simple_strike[0] ||
        (a->simple_strike[0] != BSK_UNSET && memcmp(a->simple_strike, b->simple_strike, 3)))
        return "simple_strike";
    if (a->support != b->support)
        return "support";
    if (a->keyword_count != b->keyword_count)
        return "keywords (count)";
    for (int i = 0; i < a->keyword_count; i++)
        if (!same_keyword(&a->keywords[i], &b->keywords[i]))
            return "keywords";
    if (a->unknown != b->unknown || a->inferred != b->inferred)
        return "unknown/inferred";
    return NULL;
}

static char *write_set(const bsk_catalog_set *set, const bsk_catalog *catalog, size_t *length)
{
    const bsk_card **cards = malloc((catalog->pool.count + 1) * sizeof *cards);
    if (!cards)
        abort();
    for (size_t i = 0; i < catalog->pool.count; i++)
        cards[i] = &catalog->pool.cards[i];
    char *text = bsk_codec_write_set(set, cards, catalog->pool.count, length);
    free(cards);
    return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    bsk_catalog first, second;
    bsk_catalog_set set, set_again;
    bsk_error error;
    bsk_catalog_init(&first);
    bsk_catalog_init(&second);
    memset(&set, 0, sizeof set);
    memset(&set_again, 0, sizeof set_again);
    bsk_error_clear(&error);
    if (bsk_codec_parse_set((const char *)data, size, "sets/fuzz.json", &set, &first.pool, &error)) {
        char line[1024];
        fuzz_check_utf8("set error", error.message);
        fuzz_check_utf8("set error path", error.path);
        bsk_error_format(&error, line, sizeof line);
        fuzz_check_utf8("formatted set error", line);
        FUZZ_CHECK(first.pool.count == 0, "a refused set left %zu cards in the pool", first.pool.count);
        bsk_catalog_free(&first);
        return 0;
    }
    fuzz_check_utf8("set name", set.name);
    for (size_t i = 0; i < first.pool.count; i++) {
        fuzz_check_utf8("card id", first.pool.cards[i].id);
        fuzz_check_utf8("card name", first.pool.cards[i].name);
    }
    size_t length = 0, again_length = 0;
    char *text = write_set(&set, &first, &length);
    FUZZ_CHECK(text != NULL, "the set cannot be written");
    FUZZ_CHECK(fuzz_utf8_valid(text, length), "the written set is not UTF-8");
    bsk_status status = bsk_codec_parse_set(text, length, "sets/written.json", &set_again, &second.pool, &error);
    FUZZ_CHECK(status == BSK_OK, "the written set does not parse: %s (%s)\n%.2000s", error.message, error.path, text);
    FUZZ_CHECK(strcmp(set.id, set_again.id) == 0 && strcmp(set.name, set_again.name) == 0 &&
                   set.release == set_again.release && set.cards == set_again.cards,
               "the set object changed: %s/%s", set.id, set_again.id);
    FUZZ_CHECK(first.pool.count == second.pool.count, "%zu cards, then %zu", first.pool.count, second.pool.count);
    for (size_t i = 0; i < first.pool.count; i++) {
        const char *field = card_difference(&first.pool.cards[i], &second.pool.cards[i]);
        FUZZ_CHECK(field == NULL, "parse(write(x)) != x: cards[%zu].%s", i, field);
    }
    char *again = write_set(&set_again, &second, &again_length);
    FUZZ_CHECK(again && again_length == length && memcmp(text, again, length) == 0, "write is not stable");
    free(text);
    free(again);
    bsk_catalog_free(&first);
    bsk_catalog_free(&second);
    return 0;
}
