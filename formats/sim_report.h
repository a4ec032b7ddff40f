/* sim_report.h — the simulation report (DESIGN §4: the --json output of sim deals, goldfish, sim
 * games and sim matrix) as a file format: its STAT accumulator with its JSON and integer totals,
 * the one 95 % Wilson interval its writers (cli/) and its page (web-export/) show, and the reading
 * of reports for `sim merge`: every input parsed and told apart by "kind", checked to be shards of
 * one run (seed, decks by fingerprint, agents, catalogue revision, engine version, each shard
 * once, each with its share) and to agree with itself (wins and draws add up to the games, ...),
 * and the integer "totals" of all of them summed, never past 2^63−1. */
#ifndef BERSERK_FORMATS_SIM_REPORT_H
#define BERSERK_FORMATS_SIM_REPORT_H

#include "berserk/error.h"
#include "json_reader.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The 95 % Wilson score interval of `successes` in `trials` ([0, 1] when trials is 0). */
void bsk_wilson(uint64_t successes, uint64_t trials, double out[2]);

/* ---- STAT: integer accumulators that add exactly (threads, shards, merge) ---- */

#define BSK_STAT_BUCKETS 1024 /* histogram buckets; a larger value counts in the last one */

/* A statistic of small non-negative values. `sum` and `sum_squares` are in units of 1/sum_scale,
 * the histogram in units of 1/bucket_scale (a ratio: sums in hundredths, buckets in tenths). */
typedef struct bsk_stat {
    uint64_t count[BSK_STAT_BUCKETS];
    uint64_t n;
    int64_t sum;
    int64_t sum_squares;
} bsk_stat;

typedef struct bsk_stat_scale {
    int sum_scale;    /* 1, or 100 for a ratio */
    int bucket_scale; /* 1, or 10 for a ratio */
} bsk_stat_scale;

extern const bsk_stat_scale BSK_STAT_WHOLE; /* {1, 1}: integer values */
extern const bsk_stat_scale BSK_STAT_RATIO; /* {100, 10}: ratios, histogram in tenths */

void bsk_stat_init(bsk_stat *stat);
/* An integer value (both scales 1). */
void bsk_stat_add(bsk_stat *stat, int value);
/* A ratio numerator/denominator (denominator > 0), rounded to hundredths for the sums and to
 * tenths for the histogram. */
void bsk_stat_add_ratio(bsk_stat *stat, int numerator, int denominator);
void bsk_stat_merge(bsk_stat *into, const bsk_stat *from);

double bsk_stat_mean(const bsk_stat *stat, bsk_stat_scale scale);
/* Half-width of the 95 % interval of the mean (1.96 standard errors; 0 below two values). */
double bsk_stat_ci95(const bsk_stat *stat, bsk_stat_scale scale);
/* The smallest bucket v with P(X <= v) >= p, in bucket units. */
int bsk_stat_percentile(const bsk_stat *stat, double p);

/* STAT: null when the statistic has no value (zero games: never a mean of 0), else
 * {"mean","ci95":[lo,hi],"percentiles":{"5","50","95"},"histogram":{VALUE:COUNT}}; a ratio's
 * percentiles are reals and its histogram keys tenths ("2.3"). */
json_t *bsk_stat_json(const bsk_stat *stat, bsk_stat_scale scale);
/* The integer totals: {"count","sum","sum_squares","histogram":{BUCKET:COUNT}} (buckets as integers). */
json_t *bsk_stat_totals(const bsk_stat *stat);
/* Reads bsk_stat_totals' object back; false when it is not that shape. */
bool bsk_stat_from_totals(const json_t *totals, bsk_stat *stat);
/* "turns to win     mean   5.12 ± 0.12   5% 3   median 5   95% 8", or the title and `empty`
 * ("no games won") when the statistic has no value. */
void bsk_stat_print(FILE *out, const char *title, const bsk_stat *stat, bsk_stat_scale scale, const char *empty);

/* ---- Reading a report's fields with their JSON paths (the page) ---- */

/* A reader that keeps the first problem: a schema error at the field's path ("win_rate[1]: expected
 * a rate 0..1, not string") in reader.error; once it has one, every read returns a harmless
 * default (0, "", NULL, false), so a caller reads on and checks `status` once. */
typedef struct bsk_report_fields {
    bsk_json_reader reader;
    bsk_status status; /* the first problem, BSK_OK while there is none */
} bsk_report_fields;

bool bsk_report_failed(const bsk_report_fields *fields);
/* Records the first problem: a schema error at `path`, "`what`". */
void bsk_report_problem(bsk_report_fields *fields, const char *path, const char *what);
/* "cards" + 3 → "cards[3]" (cut to size). */
void bsk_report_join_index(char *out, size_t size, const char *base, size_t index);
/* The value of base.key, or NULL after "missing required field" at base.key. */
const json_t *bsk_report_need(bsk_report_fields *fields, const json_t *object, const char *base, const char *key);
/* A finite number in [low, high], else "expected WHAT, not a number out of range" (or the type). */
double bsk_report_number_at(bsk_report_fields *fields, const json_t *value, const char *path, double low, double high,
                            const char *what);
/* A rate 0..1, or NAN for null: a rate over zero games (issue 20), which pages show as "—". */
double bsk_report_rate_at(bsk_report_fields *fields, const json_t *value, const char *path);
double bsk_report_get_rate(bsk_report_fields *fields, const json_t *object, const char *base, const char *key);
/* A count: an integer 0 or more. */
long long bsk_report_count_at(bsk_report_fields *fields, const json_t *value, const char *path);
long long bsk_report_get_count(bsk_report_fields *fields, const json_t *object, const char *base, const char *key);
/* An optional top-level count: `fallback` when absent. */
long long bsk_report_get_count_or(bsk_report_fields *fields, const json_t *object, const char *key,
                                  long long fallback);
const char *bsk_report_string_at(bsk_report_fields *fields, const json_t *value, const char *path);
const char *bsk_report_get_string(bsk_report_fields *fields, const json_t *object, const char *base,
                                  const char *key);
/* A required top-level boolean. */
bool bsk_report_get_bool(bsk_report_fields *fields, const json_t *object, const char *key);
/* An array of `min`..`max` items, or NULL after a problem. */
const json_t *bsk_report_array_at(bsk_report_fields *fields, const json_t *value, const char *path, size_t min,
                                  size_t max);
/* The required top-level array at `key`. */
const json_t *bsk_report_get_array(bsk_report_fields *fields, const json_t *object, const char *key, size_t min,
                                   size_t max);
const json_t *bsk_report_object_at(bsk_report_fields *fields, const json_t *value, const char *path);

/* A STAT read back from a report (the HTML page): what bsk_stat_json wrote. */
#define BSK_STAT_SHOWN_BUCKETS_MAX 4096
typedef struct bsk_stat_bucket {
    double value;
    long long count;
} bsk_stat_bucket;
typedef struct bsk_stat_shown {
    bool empty; /* null: a statistic over zero values */
    double mean, low, high, percentile[3];
    bsk_stat_bucket *buckets; /* sorted by value; malloc'd (bsk_stat_shown_free) */
    int bucket_count;
    bool tenths; /* a ratio's histogram (keys in tenths) */
} bsk_stat_shown;
/* Reads the STAT at `key` of `object` (null: empty) with `reader`'s file and schema rule; a
 * problem is a schema error at its path ("turns.histogram.x: expected a number ..."). */
bsk_status bsk_stat_read(const bsk_json_reader *reader, const json_t *object, const char *key, bsk_stat_shown *out);
void bsk_stat_shown_free(bsk_stat_shown *stat);

/* A JSON count: false unless it is an integer >= 0. */
bool bsk_json_count(const json_t *value, uint64_t *out);

/* ---- Reading reports for sim merge ---- */

#define BSK_SIM_REPORT_FILE_CAP (256u << 20) /* a matrix of 32 decks is a few hundred KB */

typedef struct bsk_sim_report {
    const char *path; /* named in errors (not owned) */
    json_t *root;     /* the report's JSON object (owned) */
} bsk_sim_report;

/* Parses one report. Not a JSON object: BSK_ERR_INVALID, "FILE: not a JSON object (line N: ...)". */
bsk_status bsk_sim_report_parse(const char *path, const char *text, size_t length, bsk_sim_report *out,
                                bsk_error *error);
void bsk_sim_report_free(bsk_sim_report *report);

/* The checks sim merge applies to each report, for one report by itself (the page draws only a
 * report that passes them): a known "kind" (*kind, when not NULL, its static name), a valid
 * "shard" with its share of the run's items (at most, when interrupted), and "totals" of the
 * kind's shape that agree with themselves and with the report's count of items. Refused as by
 * bsk_sim_reports_merge (BSK_ERR_INVALID, error->file the report, error->path the key). */
bsk_status bsk_sim_report_check(const bsk_sim_report *report, const char **kind, bsk_error *error);

/* What merging reports gives. */
typedef struct bsk_sim_merge {
    const char *kind;             /* "sim_deals", "goldfish", "sim_games", "sim_matrix" (static) */
    json_t *totals;               /* the sum of every report's "totals" (owned) */
    bool interrupted;             /* some report was interrupted: the sum is partial */
    const char *interrupted_path; /* the first such report */
} bsk_sim_merge;

/* Checks that reports[0..count−1] are the --shard K/N outputs of one run and sums their totals.
 * Refused (BSK_ERR_INVALID, error->file naming the report and error->path the key where there is
 * one): an unknown or mixed "kind"; a seed, deck fingerprint, agent, budget, catalogue revision,
 * engine version or run size that differs; a repeated or missing shard; a shard with more or fewer
 * items than its share (fewer is allowed when it was interrupted); totals that are not the kind's
 * shape or disagree with themselves (wins + draws != games, more wins than games, a histogram
 * that does not add up to its count, ...); a sum past 2^63−1 (error->path names the key). */
bsk_status bsk_sim_reports_merge(const bsk_sim_report *reports, size_t count, bsk_sim_merge *out, bsk_error *error);
void bsk_sim_merge_free(bsk_sim_merge *merge);

#endif
