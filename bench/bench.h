/* bench.h — shared helpers of the benchmark runner: a monotonic clock, medians and one
 * JSON Lines record per figure (DESIGN §1). */
#ifndef BERSERK_BENCH_H
#define BERSERK_BENCH_H

#include "berserk/error.h"
#include "catalog.h"

#include <stddef.h>

double bench_now(void);
double bench_median(double *values, size_t count);
void bench_emit(const char *name, double value, const char *unit, const char *note);
void bench_fail(const char *what, const bsk_error *error);

/* The 15 tournament decklists the benchmarks run on, and their folder. */
#define BENCH_DECKS BSK_SOURCE_DIR "/tests/fixtures/decks/tournament"
enum { BENCH_DECK_COUNT = 15 };
extern const char *const BENCH_DECK_FILES[BENCH_DECK_COUNT];
/* The bundled catalogue, indexed (names resolve); exits on failure. */
void bench_load_catalog(bsk_catalog *catalog);
/* The cards of deck `file` under BENCH_DECKS, one pointer per copy (at most max); returns the count. */
int bench_read_deck(bsk_catalog *catalog, const char *file, const bsk_card **out, int max);

int bench_catalog(void);
int bench_deck(void);
int bench_squad(void);
int bench_engine(void);
int bench_effects(void);

#endif
