/* stat.c — STAT accumulators of the game batches (stat.h): integer sums and a histogram that
 * add exactly, so a merged run prints exactly what the single run prints; their JSON, their
 * totals and the reading back of those totals; the Wilson interval. */
#include "stat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const cli_stat_scale CLI_STAT_WHOLE = {1, 1};
const cli_stat_scale CLI_STAT_RATIO = {100, 10};

void cli_stat_init(cli_stat *stat)
{
    memset(stat, 0, sizeof *stat);
}

static void add_scaled(cli_stat *stat, int64_t value, int bucket)
{
    stat->n++;
    stat->sum += value;
    stat->sum_squares += value * value;
    stat->count[bucket < 0 ? 0 : bucket >= CLI_STAT_BUCKETS ? CLI_STAT_BUCKETS - 1 : bucket]++;
}

void cli_stat_add(cli_stat *stat, int value)
{
    add_scaled(stat, value, value);
}

void cli_stat_add_ratio(cli_stat *stat, int numerator, int denominator)
{
    int64_t n = numerator, d = denominator;
    add_scaled(stat, (100 * n + d / 2) / d, (int)((10 * n + d / 2) / d));
}

void cli_stat_merge(cli_stat *into, const cli_stat *from)
{
    for (int i = 0; i < CLI_STAT_BUCKETS; i++)
        into->count[i] += from->count[i];
    into->n += from->n;
    into->sum += from->sum;
    into->sum_squares += from->sum_squares;
}

double cli_stat_mean(const cli_stat *stat, cli_stat_scale scale)
{
    return stat->n ? (double)stat->sum / (double)stat->n / scale.sum_scale : 0.0;
}

double cli_stat_ci95(const cli_stat *stat, cli_stat_scale scale)
{
    if (stat->n < 2)
        return 0.0;
    double n = (double)stat->n, mean = (double)stat->sum / n;
    double variance = ((double)stat->sum_squares - n * mean * mean) / (n - 1);
    return variance > 0 ? 1.96 * sqrt(variance / n) / scale.sum_scale : 0.0;
}

int cli_stat_percentile(const cli_stat *stat, double p)
{
    uint64_t seen = 0;
    for (int i = 0; i < CLI_STAT_BUCKETS; i++) {
        seen += stat->count[i];
        if (stat->n && (double)seen >= p * (double)stat->n)
            return i;
    }
    return stat->n ? CLI_STAT_BUCKETS - 1 : 0;
}

/* A bucket as the STAT shows it: an integer, or a real in tenths. */
static json_t *bucket_json(int bucket, cli_stat_scale scale)
{
    return scale.bucket_scale == 1 ? json_integer(bucket) : json_real((double)bucket / scale.bucket_scale);
}

static void bucket_key(int bucket, cli_stat_scale scale, char *out, size_t size)
{
    if (scale.bucket_scale == 10)
        snprintf(out, size, "%d.%d", bucket / 10, bucket % 10);
    else
        snprintf(out, size, "%d", bucket);
}

json_t *cli_stat_json(const cli_stat *stat, cli_stat_scale scale)
{
    if (stat->n == 0)
        return json_null(); /* no values: no mean, never a mean of 0 (issue 20) */
    double mean = cli_stat_mean(stat, scale), half = cli_stat_ci95(stat, scale);
    json_t *object = json_object();
    json_object_set_new(object, "mean", json_real(mean));
    json_object_set_new(object, "ci95", json_pack("[f,f]", mean - half, mean + half));
    json_t *percentiles = json_object();
    json_object_set_new(percentiles, "5", bucket_json(cli_stat_percentile(stat, 0.05), scale));
    json_object_set_new(percentiles, "50", bucket_json(cli_stat_percentile(stat, 0.50), scale));
    json_object_set_new(percentiles, "95", bucket_json(cli_stat_percentile(stat, 0.95), scale));
    json_object_set_new(object, "percentiles", percentiles);
    json_t *histogram = json_object();
    for (int i = 0; i < CLI_STAT_BUCKETS; i++)
        if (stat->count[i]) {
            char key[24];
            bucket_key(i, scale, key, sizeof key);
            json_object_set_new(histogram, key, json_integer((json_int_t)stat->count[i]));
        }
    json_object_set_new(object, "histogram", histogram);
    return object;
}

json_t *cli_stat_totals(const cli_stat *stat)
{
    json_t *histogram = json_object();
    for (int i = 0; i < CLI_STAT_BUCKETS; i++)
        if (stat->count[i]) {
            char key[16];
            snprintf(key, sizeof key, "%d", i);
            json_object_set_new(histogram, key, json_integer((json_int_t)stat->count[i]));
        }
    return json_pack("{s:I,s:I,s:I,s:o}", "count", (json_int_t)stat->n, "sum", (json_int_t)stat->sum, "sum_squares",
                     (json_int_t)stat->sum_squares, "histogram", histogram);
}

bool cli_json_count(const json_t *value, uint64_t *out)
{
    if (!json_is_integer(value) || json_integer_value(value) < 0)
        return false;
    *out = (uint64_t)json_integer_value(value);
    return true;
}

bool cli_stat_from_totals(const json_t *totals, cli_stat *stat)
{
    cli_stat_init(stat);
    uint64_t sum, squares;
    const json_t *histogram = json_object_get(totals, "histogram");
    if (!json_is_object(totals) || !cli_json_count(json_object_get(totals, "count"), &stat->n) ||
        !cli_json_count(json_object_get(totals, "sum"), &sum) ||
        !cli_json_count(json_object_get(totals, "sum_squares"), &squares) || !json_is_object(histogram))
        return false;
    stat->sum = (int64_t)sum;
    stat->sum_squares = (int64_t)squares;
    const char *key;
    const json_t *value;
    uint64_t in_buckets = 0;
    json_object_foreach((json_t *)histogram, key, value) {
        char *end;
        long bucket = strtol(key, &end, 10);
        uint64_t count;
        if (*key < '0' || *key > '9' || *end || bucket >= CLI_STAT_BUCKETS || !cli_json_count(value, &count))
            return false;
        stat->count[bucket] += count;
        in_buckets += count;
    }
    return in_buckets == stat->n;
}

void cli_stat_print(const char *title, const cli_stat *stat, cli_stat_scale scale, const char *empty)
{
    if (stat->n == 0) {
        printf("%-24s %s\n", title, empty);
        return;
    }
    double mean = cli_stat_mean(stat, scale), half = cli_stat_ci95(stat, scale);
    char low[24], median[24], high[24];
    bucket_key(cli_stat_percentile(stat, 0.05), scale, low, sizeof low);
    bucket_key(cli_stat_percentile(stat, 0.50), scale, median, sizeof median);
    bucket_key(cli_stat_percentile(stat, 0.95), scale, high, sizeof high);
    printf("%-24s mean %6.2f ± %.2f   5%% %s   median %s   95%% %s\n", title, mean, half, low, median, high);
}
