/* bench_main.c — the benchmark runner of `make bench`: every figure as one JSON object
 * per line: {"bench":…,"value":…,"unit":…,"note":…}. */
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double bench_median(double *values, size_t count)
{
    qsort(values, count, sizeof *values, compare_doubles);
    return values[count / 2];
}

void bench_emit(const char *name, double value, const char *unit, const char *note)
{
    printf("{\"bench\":\"%s\",\"value\":%.3f,\"unit\":\"%s\",\"note\":\"%s\"}\n", name, value, unit, note);
    fflush(stdout);
}

void bench_fail(const char *what, const bsk_error *error)
{
    char text[1024];
    bsk_error_format(error, text, sizeof text);
    fprintf(stderr, "bench: %s: %s\n", what, text);
    exit(1);
}

int main(void)
{
    int failed = bench_catalog();
    failed |= bench_deck();
    failed |= bench_squad();
    return failed;
}
