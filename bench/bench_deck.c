/* bench_deck.c — decklist validation throughput for `make bench`: parse + check of the
 * 15 real tournament decklists in the library, repeated, as decklists per second. */
#include "bench.h"
#include "catalog.h"
#include "formats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DECKS BSK_SOURCE_DIR "/tests/fixtures/decks/tournament"

int bench_deck(void)
{
    static const char *const FILES[] = {
        "01-babkina-tachanka.txt", "02-lamingi-na-vzlet.txt", "03-odin-laming-v-pole-voin.txt", "04-farro.txt",
        "05-chk-bolota.txt", "06-elfy.txt", "07-alesha-popovich.txt", "08-farro.txt", "09-koven.txt",
        "10-farro-gumno.txt", "11-obeskulachennyy-chernok.txt", "12-alesha-popovich.txt", "13-inkarnatsiya.txt",
        "14-farro.txt", "15-koven.txt",
    };
    enum { FILE_COUNT = sizeof FILES / sizeof FILES[0], ROUNDS = 200 };
    char *texts[FILE_COUNT];
    size_t lengths[FILE_COUNT];
    bsk_error error;
    bsk_catalog catalog;
    bsk_format format;
    bsk_catalog_init(&catalog);
    if (bsk_catalog_load_bundled(&catalog, &error) || bsk_pool_index(&catalog.pool, &error))
        bench_fail("catalogue", &error);
    bsk_format_init_defaults(&format);
    for (int i = 0; i < FILE_COUNT; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", DECKS, FILES[i]);
        if (bsk_read_file(path, 1u << 20, &texts[i], &lengths[i], &error))
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
            if (bsk_decklist_parse(texts[i], lengths[i], BSK_DECKLIST_TEXT, FILES[i], &catalog.pool, &format, &deck,
                                   &report, &error))
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
