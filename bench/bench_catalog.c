/* bench_catalog.c — catalogue figures for `make bench`, one JSON object per line
 * (DESIGN §1): parsing and importing the full bundled catalogue, loading it back from
 * SQLite, and card searches by name and by filters. */
#include "bench.h"
#include "catalog.h"
#include "store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int bench_catalog(void)
{
    enum { RUNS = 7, SEARCHES = 2000 };
    double samples[SEARCHES];
    bsk_error error;
    char directory[] = "/tmp/berserk-bench-XXXXXX";
    if (!mkdtemp(directory)) {
        perror("mkdtemp");
        return 1;
    }

    /* Parse + validate the full catalogue (index, 10 set files, SHA-256 checks). */
    for (int run = 0; run < RUNS; run++) {
        bsk_catalog catalog;
        bsk_catalog_init(&catalog);
        double start = bench_now();
        if (bsk_catalog_load_bundled(&catalog, &error))
            bench_fail("load bundled", &error);
        samples[run] = (bench_now() - start) * 1e3;
        bsk_catalog_free(&catalog);
    }
    bench_emit("catalog.parse", bench_median(samples, RUNS), "ms", "validate the 1553-card bundled catalogue, median of 7");

    /* Import into a fresh SQLite store: parse, validate, one transaction. */
    for (int run = 0; run < RUNS; run++) {
        char path[128];
        bsk_store *store;
        snprintf(path, sizeof path, "%s/import-%d.db", directory, run);
        double start = bench_now();
        if (bsk_store_open(path, &store, &error) || bsk_store_ensure_catalog(store, &error))
            bench_fail("import", &error);
        samples[run] = (bench_now() - start) * 1e3;
        bsk_store_close(store);
        unlink(path);
    }
    bench_emit("catalog.import", bench_median(samples, RUNS), "ms", "full catalogue into a new store, median of 7");

    /* Load the store back into a card pool (what every CLI command does first). */
    char path[128];
    bsk_store *store;
    snprintf(path, sizeof path, "%s/catalog.db", directory);
    if (bsk_store_open(path, &store, &error) || bsk_store_ensure_catalog(store, &error))
        bench_fail("store", &error);
    bsk_catalog catalog;
    for (int run = 0; run < RUNS; run++) {
        bsk_catalog_init(&catalog);
        double start = bench_now();
        if (bsk_store_load(store, &catalog, &error) || bsk_pool_index(&catalog.pool, &error))
            bench_fail("store load", &error);
        samples[run] = (bench_now() - start) * 1e3;
        if (run + 1 < RUNS)
            bsk_catalog_free(&catalog);
    }
    bench_emit("catalog.load", bench_median(samples, RUNS), "ms", "store to indexed pool, median of 7");

    const bsk_card **found = malloc(catalog.pool.count * sizeof *found);
    static const char *const QUERIES[] = {"гном", "циклоп", "дракон", "эльф", "страж", "ведьма", "тьм", "кон"};
    size_t sink = 0;
    for (int i = 0; i < SEARCHES; i++) {
        bsk_card_filter filter;
        bsk_card_filter_init(&filter);
        filter.query = QUERIES[i % 8];
        double start = bench_now();
        sink += bsk_pool_search(&catalog.pool, &filter, found, catalog.pool.count);
        samples[i] = (bench_now() - start) * 1e6;
    }
    bench_emit("cards.search.name", bench_median(samples, SEARCHES), "us", "substring of the normalised name, median of 2000");

    for (int i = 0; i < SEARCHES; i++) {
        bsk_card_filter filter;
        bsk_card_filter_init(&filter);
        filter.element = i % BSK_ELEMENT_COUNT;
        filter.cost_min = 3 + i % 3;
        filter.cost_max = 7;
        filter.elite = i % 2;
        filter.type = BSK_TYPE_CREATURE;
        double start = bench_now();
        sink += bsk_pool_search(&catalog.pool, &filter, found, catalog.pool.count);
        samples[i] = (bench_now() - start) * 1e6;
    }
    bench_emit("cards.search.filters", bench_median(samples, SEARCHES), "us",
         "element + cost range + elite + type, median of 2000");

    double start = bench_now();
    for (int i = 0; i < 100000; i++)
        sink += bsk_pool_resolve(&catalog.pool, QUERIES[i % 2 ? 1 : 3]) != NULL;
    bench_emit("cards.resolve", (bench_now() - start) / 100000 * 1e9, "ns", "exact name to newest printing, mean of 100000");

    free(found);
    bsk_catalog_free(&catalog);
    bsk_store_close(store);
    unlink(path);
    rmdir(directory);
    return sink == 0;
}
