/* fuzz_catalog_index.c — the catalogue index codec (catalog/codec.c, index.json of DESIGN §3).
 * Invariants: errors and set names are valid UTF-8; an index that parses is written back
 * canonically, that text parses to the same sets, and writing it again gives the same bytes. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

static void check_error(const bsk_error *error)
{
    char line[1024];
    fuzz_check_utf8("index error", error->message);
    fuzz_check_utf8("index error path", error->path);
    bsk_error_format(error, line, sizeof line);
    fuzz_check_utf8("formatted index error", line);
}

static bool same_sets(const bsk_catalog *a, const bsk_catalog *b)
{
    if (a->revision != b->revision || a->set_count != b->set_count)
        return false;
    for (size_t i = 0; i < a->set_count; i++) {
        const bsk_catalog_set *x = &a->sets[i], *y = &b->sets[i];
        if (strcmp(x->id, y->id) || strcmp(x->name, y->name) || x->release != y->release ||
            x->revision != y->revision || x->cards != y->cards || strcmp(x->sha256, y->sha256) ||
            strcmp(x->url, y->url))
            return false;
    }
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    bsk_catalog first, second;
    bsk_error error;
    bsk_catalog_init(&first);
    bsk_catalog_init(&second);
    bsk_error_clear(&error);
    if (bsk_catalog_parse_index((const char *)data, size, "index.json", &first, &error)) {
        check_error(&error);
        bsk_catalog_free(&first);
        return 0;
    }
    for (size_t i = 0; i < first.set_count; i++) {
        fuzz_check_utf8("set id", first.sets[i].id);
        fuzz_check_utf8("set name", first.sets[i].name);
        fuzz_check_utf8("set url", first.sets[i].url);
    }
    size_t length = 0, again_length = 0;
    char *text = bsk_catalog_write_index(&first, &length);
    FUZZ_CHECK(text != NULL, "the index cannot be written");
    FUZZ_CHECK(fuzz_utf8_valid(text, length), "the written index is not UTF-8");
    bsk_status status = bsk_catalog_parse_index(text, length, "written.json", &second, &error);
    FUZZ_CHECK(status == BSK_OK, "the written index does not parse: %s\n%s", error.message, text);
    FUZZ_CHECK(same_sets(&first, &second), "parse(write(x)) != x for the index\n%s", text);
    char *again = bsk_catalog_write_index(&second, &again_length);
    FUZZ_CHECK(again && again_length == length && memcmp(text, again, length) == 0, "write is not stable\n%s", text);
    free(text);
    free(again);
    bsk_catalog_free(&first);
    bsk_catalog_free(&second);
    return 0;
}
