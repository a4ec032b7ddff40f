/* fuzz_format_file.c — tournament format files (formats/format_file.c, DESIGN §2).
 * Invariants: errors and every string of a parsed format are valid UTF-8; a refused file
 * leaves the rules' defaults (never a half-read format); a parsed format's squad
 * parameters drive a real deal of the size it names, and on deals of up to 17 cards the
 * optimizer equals brute force and its choice recruits. (Larger deals are left out: the
 * exact optimizer takes seconds on a 32-card deal with extra gold, see the report.) */
#include "fuzz.h"

#include "berserk/recruit.h"
#include "formats.h"

#include <string.h>

/* A deal from a 100-card deck of the bundled catalogue, shuffled by the format's bytes. */
static void deal_and_choose(const bsk_format *format, uint64_t seed)
{
    bsk_catalog *catalog = fuzz_catalog();
    const bsk_card *deck[100];
    for (int i = 0; i < 100; i++)
        deck[i] = &catalog->pool.cards[(size_t)(i * 7) % catalog->pool.count];
    bsk_rng rng;
    bsk_rng_seed(&rng, seed);
    bsk_recruit recruit;
    bsk_recruit_init(&recruit, &format->squad, 1 + (int)(seed & 1));
    bsk_recruit_deal(&recruit, deck, 100, &rng);
    FUZZ_CHECK(recruit.deal_count == format->squad.deal, "the format deals %d cards, the engine %d",
               format->squad.deal, recruit.deal_count);
    if (recruit.deal_count > 17)
        return;
    fuzz_check_best_squad(&recruit, NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bsk_format format, defaults;
    bsk_error error;
    bsk_format_init_defaults(&defaults);
    if (bsk_format_parse((const char *)data, size, "fuzz.json", &format, &error)) {
        char line[1024];
        fuzz_check_utf8("format error", error.message);
        fuzz_check_utf8("format error path", error.path);
        bsk_error_format(&error, line, sizeof line);
        fuzz_check_utf8("formatted format error", line);
        FUZZ_CHECK(memcmp(&format, &defaults, sizeof format) == 0, "a refused format file is half read");
        return 0;
    }
    fuzz_check_utf8("format id", format.id);
    fuzz_check_utf8("format name", format.name);
    for (int i = 0; i < format.set_count; i++)
        fuzz_check_utf8("format set", format.sets[i]);
    for (int i = 0; i < format.banned_count; i++) {
        fuzz_check_utf8("banned name", format.banned[i].name);
        (void)bsk_format_banned(&format, format.banned[i].name, "2026-11-21");
    }
    for (int i = 0; i < format.restricted_count; i++) {
        fuzz_check_utf8("restricted name", format.restricted[i].name);
        (void)bsk_format_restricted(&format, format.restricted[i].name, "2026-11-21");
    }
    uint64_t seed = 1469598103934665603u; /* FNV-1a of the file: a deal of its own */
    for (size_t i = 0; i < size; i++)
        seed = (seed ^ data[i]) * 1099511628211u;
    deal_and_choose(&format, seed);
    return 0;
}
