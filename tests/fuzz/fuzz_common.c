/* fuzz_common.c — the helpers every fuzz target links (fuzz.h): the UTF-8 checker, the
 * failure report, the catalogue loaded once per process, and the known-bug switch. */
#include "fuzz.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fuzz_fail(const char *what, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fprintf(stderr, "invariant failed: %s\n  ", what);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    abort();
}

/* Length of the sequence a lead byte starts (0 for a byte that cannot start one) and the
 * smallest code point it may encode. */
static size_t sequence_length(unsigned char c, uint32_t *min)
{
    if (c < 0x80)
        return *min = 0, 1;
    if (c >= 0xC2 && c <= 0xDF)
        return *min = 0x80, 2;
    if (c >= 0xE0 && c <= 0xEF)
        return *min = 0x800, 3;
    if (c >= 0xF0 && c <= 0xF4)
        return *min = 0x10000, 4;
    return 0;
}

/* 1 = a whole valid sequence at s (length *used), 0 = invalid, -1 = a valid prefix cut short. */
static int scan_sequence(const unsigned char *s, size_t length, size_t *used)
{
    uint32_t min;
    size_t need = sequence_length(s[0], &min);
    if (need == 0)
        return 0;
    uint32_t cp = need == 1 ? s[0] : (uint32_t)(s[0] & (0x7F >> need));
    for (size_t k = 1; k < need; k++) {
        if (k >= length || (s[k] & 0xC0) != 0x80) {
            *used = k;
            return -1;
        }
        cp = (cp << 6) | (s[k] & 0x3Fu);
    }
    if (cp < min || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
        return 0;
    *used = need;
    return 1;
}

bool fuzz_utf8_valid(const char *text, size_t length)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t i = 0;
    while (i < length) {
        size_t used;
        if (scan_sequence(s + i, length - i, &used) != 1)
            return false;
        i += used;
    }
    return true;
}

void fuzz_check_utf8(const char *what, const char *text)
{
    if (fuzz_utf8_valid(text, strlen(text)))
        return;
    fuzz_fail("output string is valid UTF-8", "%s: \"%s\"", what, text);
}

bsk_catalog *fuzz_catalog(void)
{
    static bsk_catalog catalog;
    static bool loaded;
    if (!loaded) {
        bsk_error error;
        bsk_error_clear(&error);
        bsk_catalog_init(&catalog);
        if (bsk_catalog_load_bundled(&catalog, &error) || bsk_pool_index(&catalog.pool, &error)) {
            fprintf(stderr, "fuzz: cannot load the bundled catalogue: %s\n", error.message);
            abort();
        }
        loaded = true;
    }
    return &catalog;
}

char *fuzz_string(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        abort();
    if (size)
        memcpy(text, data, size);
    text[size] = '\0';
    return text;
}

void fuzz_check_best_squad(bsk_recruit *recruit, const int *weights)
{
    bsk_squad_choice fast, slow;
    /* one scratch for every input, as a long simulation reuses it */
    static bsk_squad_scratch scratch;
    static bool scratch_ready;
    if (!scratch_ready) {
        bsk_squad_scratch_init(&scratch);
        scratch_ready = true;
    }
    bool a = bsk_squad_best(recruit, weights, &scratch, &fast);
    bool b = bsk_squad_best_brute_force(recruit, weights, &slow);
    FUZZ_CHECK(a == b, "found %d, brute force %d", a, b);
    if (!a)
        return;
    FUZZ_CHECK(fast.value == slow.value && fast.count == slow.count && fast.creatures == slow.creatures &&
                   fast.elements == slow.elements && fast.spent == slow.spent && fast.penalty == slow.penalty &&
                   fast.flyer_crystals == slow.flyer_crystals && fast.terrains == slow.terrains &&
                   memcmp(fast.positions, slow.positions, (size_t)fast.count) == 0,
               "value %d, %d cards, %d creatures, %d elements, spent %d; brute force %d, %d, %d, %d, %d", fast.value,
               fast.count, fast.creatures, fast.elements, fast.spent, slow.value, slow.count, slow.creatures,
               slow.elements, slow.spent);
    int8_t order[BSK_MAX_DEAL];
    int n = bsk_squad_order(recruit, &fast, order);
    FUZZ_CHECK(n == fast.count, "order of %d cards for a choice of %d", n, fast.count);
    for (int i = 0; i < n; i++) {
        bsk_recruit_result result;
        bsk_recruit_code code = bsk_recruit_take(recruit, order[i], NULL, &result);
        FUZZ_CHECK(code == BSK_RECRUIT_OK, "take %d of %d (position %d): %s", i, n, order[i], result.message);
        fuzz_check_utf8("recruit message", result.message);
    }
    FUZZ_CHECK(recruit->spent == fast.spent && recruit->penalty_gold == fast.penalty,
               "recruited: spent %d, penalty %d; chosen: %d, %d", recruit->spent, recruit->penalty_gold, fast.spent,
               fast.penalty);
    bsk_recruit_result legal;
    FUZZ_CHECK(bsk_recruit_legal(recruit, &legal) == BSK_RECRUIT_OK, "the recruited squad is illegal: %s",
               legal.message);
}
