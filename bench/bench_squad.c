/* bench_squad.c — the best-squad optimizer (DESIGN §2) on deals from the real
 * decklists: time per deal (median and p99, µs) and deals per second, shuffle and deal
 * included in the throughput figure. The goal in issue 4 is a median under 2 µs. */
#include "bench.h"
#include "berserk/recruit.h"
#include "catalog.h"
#include "formats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int bench_squad(void)
{
    enum { FILE_COUNT = BENCH_DECK_COUNT, DEALS = 100000 };
    static const bsk_card *decks[FILE_COUNT][64];
    int sizes[FILE_COUNT];
    bsk_error error;
    bsk_catalog catalog;
    bsk_format format;
    bsk_format_init_defaults(&format);
    bench_load_catalog(&catalog);
    for (int f = 0; f < FILE_COUNT; f++) {
        char path[512];
        bsk_deck deck;
        bsk_deck_report report;
        bsk_deck_init(&deck);
        bsk_deck_report_init(&report);
        snprintf(path, sizeof path, "%s/%s", BENCH_DECKS, BENCH_DECK_FILES[f]);
        if (bsk_decklist_read(path, &catalog.pool, &format, &deck, &report, &error))
            bench_fail("decklist", &error);
        sizes[f] = 0;
        for (size_t i = 0; i < deck.count; i++)
            for (int c = 0; c < deck.entries[i].count && sizes[f] < 64; c++)
                decks[f][sizes[f]++] = deck.entries[i].card;
        bsk_deck_free(&deck);
        bsk_deck_report_free(&report);
    }
    double *samples = malloc(DEALS * sizeof *samples);
    bsk_rng rng;
    bsk_recruit recruit;
    bsk_squad_choice choice;
    bsk_squad_scratch scratch;
    bsk_squad_scratch_init(&scratch);
    long spent = 0;
    bsk_rng_seed(&rng, 42);
    double start_all = bench_now();
    for (int i = 0; i < DEALS; i++) {
        int f = i % FILE_COUNT;
        bsk_recruit_init(&recruit, &format.squad, 1 + i % 2);
        bsk_recruit_deal(&recruit, decks[f], sizes[f], &rng);
        double start = bench_now();
        bsk_squad_best(&recruit, NULL, &scratch, &choice);
        samples[i] = (bench_now() - start) * 1e6;
        spent += choice.spent;
    }
    double all = bench_now() - start_all;
    double p50 = bench_median(samples, DEALS); /* sorts the samples */
    double p99 = samples[(size_t)(DEALS * 0.99)];
    bench_emit("optimizer.deal", p50, "us", "best squad of one 15-card deal, median of 100000 real deals");
    bench_emit("optimizer.deal.p99", p99, "us", "99th percentile of the same");
    bench_emit("optimizer.deals", DEALS / all, "per_s", "shuffle + deal + best squad, one thread");
    free(samples);
    bsk_catalog_free(&catalog);
    return spent == 0;
}
