/* fuzz_name_normalise.c — card name normalisation (lib/src/cards/name.c, DESIGN §2) and the pool's
 * look-ups by name. Invariants: the result is valid UTF-8 (invalid input bytes become
 * U+FFFD) and its own normal form (idempotence); a short buffer gets its longest
 * whole-character prefix and the full length back (snprintf style); a name equals its normal form; edit distance is 0 to
 * itself and symmetric; look-ups by any text are safe. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096)
        return 0;
    char *name = fuzz_string(data, size);
    size_t capacity = 3 * strlen(name) + 8; /* a byte becomes at most U+FFFD (3 bytes), plus a space */
    char *full = malloc(capacity), *twice = malloc(capacity), *part = malloc(capacity);
    if (!full || !twice || !part)
        abort();
    size_t n = bsk_name_normalize(name, full, capacity);
    FUZZ_CHECK(n < capacity && strlen(full) == n, "length %zu, strlen %zu, capacity %zu", n, strlen(full), capacity);
    FUZZ_CHECK(fuzz_utf8_valid(full, n), "normal form is not UTF-8: \"%s\"", full);
    size_t m = bsk_name_normalize(full, twice, capacity);
    FUZZ_CHECK(m == n && strcmp(full, twice) == 0, "not idempotent: \"%s\" → \"%s\" → \"%s\"", name, full, twice);
    size_t sizes[] = {0, 1, n / 2, n, n + 1};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        memset(part, 'Z', capacity);
        size_t got = bsk_name_normalize(name, part, sizes[k]);
        FUZZ_CHECK(got == n, "buffer %zu: length %zu, full %zu", sizes[k], got, n);
        if (sizes[k] > 0) {
            /* the longest whole-character prefix that fits: never a cut character (issue 10) */
            size_t room = n < sizes[k] - 1 ? n : sizes[k] - 1, kept = strlen(part);
            FUZZ_CHECK(kept <= room && room - kept < 4 && memcmp(part, full, kept) == 0 &&
                           fuzz_utf8_valid(part, kept) && (kept == n || (full[kept] & 0xC0) != 0x80),
                       "buffer %zu: not the whole-character prefix", sizes[k]);
        } else {
            FUZZ_CHECK(part[0] == 'Z', "a zero-size buffer was written");
        }
    }
    if (n < 2 * BSK_CARD_NAME_MAX)
        FUZZ_CHECK(bsk_name_equal(name, full), "\"%s\" differs from its normal form", name);
    if (n < BSK_CARD_NAME_MAX) {
        FUZZ_CHECK(bsk_name_distance(full, full) == 0, "distance to itself");
        size_t half = strlen(name) / 2;
        char *tail = name + half;
        size_t ab = bsk_name_distance(full, tail), ba = bsk_name_distance(tail, full);
        FUZZ_CHECK(ab == ba, "distance %zu one way, %zu the other", ab, ba);
        for (size_t bound = 0; bound <= ab + 1; bound++) { /* exact within the bound, above it past it */
            size_t within = bsk_name_distance_within(full, tail, bound);
            FUZZ_CHECK(ab <= bound ? within == ab : within > bound, "distance %zu, within %zu: %zu", ab, bound,
                       within);
        }
    }
    (void)bsk_utf8_width(name);
    bsk_catalog *catalog = fuzz_catalog();
    const bsk_card *found[4];
    size_t printings = bsk_pool_find_name(&catalog->pool, name, found, 4);
    for (size_t i = 0; i < printings && i < 4; i++)
        FUZZ_CHECK(bsk_name_equal(found[i]->name, name), "found %s for \"%s\"", found[i]->name, name);
    const bsk_card *card = bsk_pool_lookup(&catalog->pool, name);
    if (card)
        fuzz_check_utf8("looked-up name", card->name);
    free(name);
    free(full);
    free(twice);
    free(part);
    return 0;
}
