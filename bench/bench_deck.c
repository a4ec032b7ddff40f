/* bench_deck.c — decklist validation throughput for `make bench`: parse + check of the
 * 15 real tournament decklists in the library, repeated, as decklists per second. */
#include "bench.h"
#include "file_read.h"
#include "catalog.h"
#include "formats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int bench_deck(void)
{
    enum { FILE_COUNT = BENCH_DECK_COUNT, ROUNDS = 200 };
    char *texts[FILE_COUNT];
    size_t lengths[FILE_COUNT];
    bsk_error error;
    bsk_catalog catalog;
    bsk_format format;
    bench_load_catalog(&catalog);
    bsk_format_init_defaults(&format);
    for (int i = 0; i < FILE_COUNT; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", BENCH_DECKS, BENCH_DECK_FILES[i]);
        if (bsk_file_read(path, 1u << 20, "decklist.file", &texts[i], &lengths[i], &error))
            bench_fail("decklist", &error);
    }
    int legal = 0;
    double start = bench_now();
    for (int round = 0; round < ROUNDS; round++) {
        for (int i = 0; i < FILE_COUNT; i++) {
            bsk_deck deck;
            bsk_deck_report report;
            bsk_deck_init(&deck);
            bsk_deck_report_init(&report);
            if (bsk_decklist_parse(texts[i], lengths[i], BSK_DECKLIST_TEXT, BENCH_DECK_FILES[i], &catalog.pool,
                                   &format, &deck, &report, &error))
                bench_fail("parse", &error);
            bsk_deck_check(&deck, &format, NULL, "2026-11-21", &catalog.pool, &report);
            legal += bsk_deck_report_errors(&report) == 0;
            bsk_deck_free(&deck);
            bsk_deck_report_free(&report);
        }
    }
    double seconds = bench_now() - start;
    bench_emit("deck.check", ROUNDS * FILE_COUNT / seconds, "per_s",
               "parse + constructed check of the 15 tournament decklists x 200, in the library");
    for (int i = 0; i < FILE_COUNT; i++)
        free(texts[i]);
    bsk_catalog_free(&catalog);
    return legal != ROUNDS * FILE_COUNT;
}
