/* fuzz_weights.c — `squad auto --weights FILE` (DESIGN §2: a JSON object {NAME: int}, unlisted
 * cards weigh their cost) and the optimizer under those weights. The bytes are the weights
 * file; their hash picks a deal from a tournament deck (06-elfy). Invariants: the optimizer
 * equals brute force under the weights read, and its choice recruits.
 * The file is read by formats/weights.c (bsk_weights_parse), as `squad auto` reads it. */
#include "fuzz.h"

#include "berserk/recruit.h"
#include "formats.h"
#include "weights.h"

#include <string.h>

static const char DECK[] = "2 Истребитель духов\n1 Поглотитель магии\n2 Ассасин Храма\n2 Морлас\n2 Очи Нальдана\n"
                           "1 Лорд Сулу\n3 Нальдан\n2 Ящерка\n3 Тёмный менестрель\n2 Снайпер Керсам\n"
                           "3 Алчущие крови\n1 Отринувший свет\n1 Безголовый\n3 Фландир\n2 Эйдерик\n";

static int expand_deck(const bsk_card **out)
{
    static bsk_deck deck;
    static bool parsed;
    bsk_catalog *catalog = fuzz_catalog();
    if (!parsed) {
        bsk_deck_report report;
        bsk_error error;
        bsk_deck_init(&deck);
        bsk_deck_report_init(&report);
        if (bsk_decklist_parse(DECK, strlen(DECK), BSK_DECKLIST_TEXT, "06-elfy.txt", &catalog->pool, NULL, &deck,
                               &report, &error) ||
            report.count)
            fuzz_fail("the weights target's deck parses", "%s", error.message);
        bsk_deck_report_free(&report);
        parsed = true;
    }
    int n = 0;
    for (size_t i = 0; i < deck.count; i++)
        for (int c = 0; c < deck.entries[i].count; c++)
            out[n++] = deck.entries[i].card;
    return n;
}

/* formats/weights.c, then the weights of the deal as `squad auto` computes them; false when
 * the CLI would refuse the file (exit 2). */
static bool read_weights(const uint8_t *data, size_t size, const bsk_recruit *recruit, int *weights)
{
    bsk_error error;
    bsk_weights read;
    bsk_error_clear(&error);
    if (bsk_weights_parse((const char *)data, size, "weights.json", &fuzz_catalog()->pool, &read, &error)) {
        fuzz_check_utf8("weights error", error.message);
        fuzz_check_utf8("weights error path", error.path);
        bsk_weights_free(&read);
        return false;
    }
    for (int i = 0; i < recruit->deal_count; i++)
        weights[i] = recruit->deal[i]->cost;
    for (size_t w = 0; w < read.count; w++) {
        FUZZ_CHECK(read.items[w].weight >= BSK_WEIGHT_MIN && read.items[w].weight <= BSK_WEIGHT_MAX, "weight %d",
                   read.items[w].weight);
        for (int i = 0; i < recruit->deal_count; i++)
            if (bsk_card_same_name(recruit->deal[i], read.items[w].card))
                weights[i] = read.items[w].weight;
    }
    bsk_weights_free(&read);
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const bsk_card *deck[64];
    int deck_size = expand_deck(deck);
    uint64_t seed = 1469598103934665603u; /* FNV-1a of the file */
    for (size_t i = 0; i < size; i++)
        seed = (seed ^ data[i]) * 1099511628211u;
    bsk_format format;
    bsk_format_init_defaults(&format);
    bsk_rng rng;
    bsk_rng_seed(&rng, seed);
    bsk_recruit recruit;
    bsk_recruit_init(&recruit, &format.squad, 1 + (int)(seed >> 63));
    bsk_recruit_deal(&recruit, deck, deck_size, &rng);
    int weights[BSK_MAX_DEAL];
    if (!read_weights(data, size, &recruit, weights))
        return 0;
    fuzz_check_best_squad(&recruit, weights);
    return 0;
}
