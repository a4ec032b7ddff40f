/* stat.h — the STAT of the game batches (DESIGN §4): integer accumulators (count, sum, sum of
 * squares, a histogram) that add exactly across threads and shards, their STAT JSON
 * {"mean","ci95","percentiles","histogram"}, their integer "totals" and the reading of those
 * totals back (sim merge). The Wilson interval of rates is formats/sim_report.h's bsk_wilson. */
#ifndef BERSERK_CLI_STAT_H
#define BERSERK_CLI_STAT_H

#include "sim_report.h"

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#define CLI_STAT_BUCKETS 1024 /* histogram buckets; a larger value counts in the last one */

/* A statistic of small non-negative values. `sum` and `sum_squares` are in units of 1/sum_scale,
 * the histogram in units of 1/bucket_scale (a ratio: sums in hundredths, buckets in tenths). */
typedef struct cli_stat {
    uint64_t count[CLI_STAT_BUCKETS];
    uint64_t n;
    int64_t sum;
    int64_t sum_squares;
} cli_stat;

typedef struct cli_stat_scale {
    int sum_scale;    /* 1, or 100 for a ratio */
    int bucket_scale; /* 1, or 10 for a ratio */
} cli_stat_scale;

extern const cli_stat_scale CLI_STAT_WHOLE; /* {1, 1}: integer values */
extern const cli_stat_scale CLI_STAT_RATIO; /* {100, 10}: ratios, histogram in tenths */

void cli_stat_init(cli_stat *stat);
/* An integer value (both scales 1). */
void cli_stat_add(cli_stat *stat, int value);
/* A ratio numerator/denominator (denominator > 0), rounded to hundredths for the sums and to
 * tenths for the histogram. */
void cli_stat_add_ratio(cli_stat *stat, int numerator, int denominator);
void cli_stat_merge(cli_stat *into, const cli_stat *from);

double cli_stat_mean(const cli_stat *stat, cli_stat_scale scale);
/* Half-width of the 95 % interval of the mean (1.96 standard errors; 0 below two values). */
double cli_stat_ci95(const cli_stat *stat, cli_stat_scale scale);
/* The smallest bucket v with P(X <= v) >= p, in bucket units. */
int cli_stat_percentile(const cli_stat *stat, double p);

/* STAT: null when the statistic has no value (zero games), else {"mean","ci95":[lo,hi],"percentiles":{"5","50","95"},"histogram":{VALUE:COUNT}}; a ratio's
 * percentiles are reals and its histogram keys tenths ("2.3"). */
json_t *cli_stat_json(const cli_stat *stat, cli_stat_scale scale);
/* The integer totals: {"count","sum","sum_squares","histogram":{BUCKET:COUNT}} (buckets as integers). */
json_t *cli_stat_totals(const cli_stat *stat);
/* Reads cli_stat_totals' object back; false when it is not that shape. */
bool cli_stat_from_totals(const json_t *totals, cli_stat *stat);
/* "turns to win     mean   5.12 ± 0.12   5% 3   median 5   95% 8", or the title and `empty`
 * ("no games won") when the statistic has no value. */
void cli_stat_print(const char *title, const cli_stat *stat, cli_stat_scale scale, const char *empty);


/* A JSON unsigned integer of a totals object: false unless it is an integer >= 0. */
bool cli_json_count(const json_t *value, uint64_t *out);

#endif
