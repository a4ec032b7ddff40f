/* bench.h — shared helpers of the benchmark runner: a monotonic clock, medians and one
 * JSON Lines record per figure (DESIGN §1). */
#ifndef BERSERK_BENCH_H
#define BERSERK_BENCH_H

#include "berserk/error.h"

#include <stddef.h>

double bench_now(void);
double bench_median(double *values, size_t count);
void bench_emit(const char *name, double value, const char *unit, const char *note);
void bench_fail(const char *what, const bsk_error *error);

int bench_catalog(void);
int bench_deck(void);
int bench_squad(void);

#endif
