/* sim_report.c — the simulation report's codec (sim_report.h): STAT accumulators (integer sums
 * and a histogram that add exactly, so a merged run prints exactly what the single run prints),
 * their JSON and totals; the Wilson interval; and the reading of reports for sim merge: the run's
 * identity, the shards, the self-consistency of each report's totals and their checked sum. */
#include "sim_report.h"

#include "berserk/pool.h"

#include <inttypes.h>
#include <stdarg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- STAT ---- */

const bsk_stat_scale BSK_STAT_WHOLE = {1, 1};
const bsk_stat_scale BSK_STAT_RATIO = {100, 10};

void bsk_stat_init(bsk_stat *stat)
{
    memset(stat, 0, sizeof *stat);
}

/* One value: its scaled sums and its bucket (the last one for larger values). */
static void add_scaled(bsk_stat *stat, int64_t value, int bucket)
{
    stat->n++;
    stat->sum += value;
    stat->sum_squares += value * value;
    stat->count[bucket < 0 ? 0 : bucket >= BSK_STAT_BUCKETS ? BSK_STAT_BUCKETS - 1 : bucket]++;
}

void bsk_stat_add(bsk_stat *stat, int value)
{
    add_scaled(stat, value, value);
}

void bsk_stat_add_ratio(bsk_stat *stat, int numerator, int denominator)
{
    int64_t n = numerator, d = denominator;
    add_scaled(stat, (100 * n + d / 2) / d, (int)((10 * n + d / 2) / d));
}

void bsk_stat_merge(bsk_stat *into, const bsk_stat *from)
{
    for (int i = 0; i < BSK_STAT_BUCKETS; i++)
        into->count[i] += from->count[i];
    into->n += from->n;
    into->sum += from->sum;
    into->sum_squares += from->sum_squares;
}

double bsk_stat_mean(const bsk_stat *stat, bsk_stat_scale scale)
{
    return stat->n ? (double)stat->sum / (double)stat->n / scale.sum_scale : 0.0;
}

double bsk_stat_ci95(const bsk_stat *stat, bsk_stat_scale scale)
{
    if (stat->n < 2)
        return 0.0;
    double n = (double)stat->n, mean = (double)stat->sum / n;
    double variance = ((double)stat->sum_squares - n * mean * mean) / (n - 1);
    return variance > 0 ? 1.96 * sqrt(variance / n) / scale.sum_scale : 0.0;
}

int bsk_stat_percentile(const bsk_stat *stat, double p)
{
    uint64_t seen = 0;
    for (int i = 0; i < BSK_STAT_BUCKETS; i++) {
        seen += stat->count[i];
        if (stat->n && (double)seen >= p * (double)stat->n)
            return i;
    }
    return stat->n ? BSK_STAT_BUCKETS - 1 : 0;
}

/* A bucket as the STAT shows it: an integer, or a real in tenths. */
static json_t *bucket_json(int bucket, bsk_stat_scale scale)
{
    return scale.bucket_scale == 1 ? json_integer(bucket) : json_real((double)bucket / scale.bucket_scale);
}

/* A bucket as a histogram key: "7", or "2.3" in tenths. */
static void bucket_key(int bucket, bsk_stat_scale scale, char *out, size_t size)
{
    if (scale.bucket_scale == 10)
        snprintf(out, size, "%d.%d", bucket / 10, bucket % 10);
    else
        snprintf(out, size, "%d", bucket);
}

json_t *bsk_stat_json(const bsk_stat *stat, bsk_stat_scale scale)
{
    if (stat->n == 0)
        return json_null(); /* no values: no mean, never a mean of 0 (issue 20) */
    double mean = bsk_stat_mean(stat, scale), half = bsk_stat_ci95(stat, scale);
    json_t *object = json_object();
    json_object_set_new(object, "mean", json_real(mean));
    json_object_set_new(object, "ci95", json_pack("[f,f]", mean - half, mean + half));
    json_t *percentiles = json_object();
    json_object_set_new(percentiles, "5", bucket_json(bsk_stat_percentile(stat, 0.05), scale));
    json_object_set_new(percentiles, "50", bucket_json(bsk_stat_percentile(stat, 0.50), scale));
    json_object_set_new(percentiles, "95", bucket_json(bsk_stat_percentile(stat, 0.95), scale));
    json_object_set_new(object, "percentiles", percentiles);
    json_t *histogram = json_object();
    for (int i = 0; i < BSK_STAT_BUCKETS; i++)
        if (stat->count[i]) {
            char key[24];
            bucket_key(i, scale, key, sizeof key);
            json_object_set_new(histogram, key, json_integer((json_int_t)stat->count[i]));
        }
    json_object_set_new(object, "histogram", histogram);
    return object;
}

json_t *bsk_stat_totals(const bsk_stat *stat)
{
    json_t *histogram = json_object();
    for (int i = 0; i < BSK_STAT_BUCKETS; i++)
        if (stat->count[i]) {
            char key[16];
            snprintf(key, sizeof key, "%d", i);
            json_object_set_new(histogram, key, json_integer((json_int_t)stat->count[i]));
        }
    return json_pack("{s:I,s:I,s:I,s:o}", "count", (json_int_t)stat->n, "sum", (json_int_t)stat->sum, "sum_squares",
                     (json_int_t)stat->sum_squares, "histogram", histogram);
}

bool bsk_json_count(const json_t *value, uint64_t *out)
{
    if (!json_is_integer(value) || json_integer_value(value) < 0)
        return false;
    *out = (uint64_t)json_integer_value(value);
    return true;
}

bool bsk_stat_from_totals(const json_t *totals, bsk_stat *stat)
{
    bsk_stat_init(stat);
    uint64_t sum, squares;
    const json_t *histogram = json_object_get(totals, "histogram");
    if (!json_is_object(totals) || !bsk_json_count(json_object_get(totals, "count"), &stat->n) ||
        !bsk_json_count(json_object_get(totals, "sum"), &sum) ||
        !bsk_json_count(json_object_get(totals, "sum_squares"), &squares) || !json_is_object(histogram))
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
        if (*key < '0' || *key > '9' || *end || bucket >= BSK_STAT_BUCKETS || !bsk_json_count(value, &count))
            return false;
        stat->count[bucket] += count;
        in_buckets += count;
    }
    return in_buckets == stat->n;
}

void bsk_stat_print(FILE *out, const char *title, const bsk_stat *stat, bsk_stat_scale scale, const char *empty)
{
    if (stat->n == 0) {
        fprintf(out, "%-24s %s\n", title, empty);
        return;
    }
    double mean = bsk_stat_mean(stat, scale), half = bsk_stat_ci95(stat, scale);
    char low[24], median[24], high[24];
    bucket_key(bsk_stat_percentile(stat, 0.05), scale, low, sizeof low);
    bucket_key(bsk_stat_percentile(stat, 0.50), scale, median, sizeof median);
    bucket_key(bsk_stat_percentile(stat, 0.95), scale, high, sizeof high);
    fprintf(out, "%-24s mean %6.2f ± %.2f   5%% %s   median %s   95%% %s\n", title, mean, half, low, median, high);
}

/* ---- Reading a report's fields with their JSON paths ---- */

bool bsk_report_failed(const bsk_report_fields *fields)
{
    return fields->status != BSK_OK;
}

void bsk_report_problem(bsk_report_fields *fields, const char *path, const char *what)
{
    if (!bsk_report_failed(fields))
        fields->status = bsk_json_schema_error(&fields->reader, path, "%s", what);
}

void bsk_report_join_index(char *out, size_t size, const char *base, size_t index)
{
    char suffix[32];
    snprintf(suffix, sizeof suffix, "[%zu]", index);
    size_t used = strlen(base) < size - 1 ? strlen(base) : size - 1;
    memcpy(out, base, used);
    out[used] = '\0';
    if (used + strlen(suffix) < size)
        memcpy(out + used, suffix, strlen(suffix) + 1);
}

const json_t *bsk_report_need(bsk_report_fields *fields, const json_t *object, const char *base, const char *key)
{
    const json_t *value = json_object_get(object, key);
    if (!value) {
        char at[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(at, sizeof at, base, key);
        bsk_report_problem(fields, at, "missing required field");
    }
    return value;
}

double bsk_report_number_at(bsk_report_fields *fields, const json_t *value, const char *path, double low, double high,
                            const char *what)
{
    if (bsk_report_failed(fields) || !value)
        return 0;
    if (!json_is_number(value) || json_number_value(value) < low || json_number_value(value) > high ||
        !isfinite(json_number_value(value))) {
        char message[128];
        snprintf(message, sizeof message, "expected %s, not %s", what,
                 json_is_number(value) ? "a number out of range" : bsk_json_type_name(value));
        bsk_report_problem(fields, path, message);
        return 0;
    }
    return json_number_value(value);
}

double bsk_report_rate_at(bsk_report_fields *fields, const json_t *value, const char *path)
{
    if (json_is_null(value))
        return NAN;
    return bsk_report_number_at(fields, value, path, 0, 1, "a rate 0..1");
}

double bsk_report_get_rate(bsk_report_fields *fields, const json_t *object, const char *base, const char *key)
{
    char at[BSK_ERROR_PATH_MAX];
    bsk_json_join_path(at, sizeof at, base, key);
    return bsk_report_rate_at(fields, bsk_report_need(fields, object, base, key), at);
}

long long bsk_report_count_at(bsk_report_fields *fields, const json_t *value, const char *path)
{
    if (bsk_report_failed(fields) || !value)
        return 0;
    if (!json_is_integer(value) || json_integer_value(value) < 0) {
        char message[128];
        snprintf(message, sizeof message, "expected a count (an integer 0 or more), not %s",
                 json_is_integer(value) ? "a negative one" : bsk_json_type_name(value));
        bsk_report_problem(fields, path, message);
        return 0;
    }
    return json_integer_value(value);
}

long long bsk_report_get_count(bsk_report_fields *fields, const json_t *object, const char *base, const char *key)
{
    char at[BSK_ERROR_PATH_MAX];
    bsk_json_join_path(at, sizeof at, base, key);
    return bsk_report_count_at(fields, bsk_report_need(fields, object, base, key), at);
}

long long bsk_report_get_count_or(bsk_report_fields *fields, const json_t *object, const char *key,
                                  long long fallback)
{
    return json_object_get(object, key) ? bsk_report_get_count(fields, object, "", key) : fallback;
}

const char *bsk_report_string_at(bsk_report_fields *fields, const json_t *value, const char *path)
{
    if (bsk_report_failed(fields) || !value)
        return "";
    if (!json_is_string(value)) {
        char message[96];
        snprintf(message, sizeof message, "expected a string, not %s", bsk_json_type_name(value));
        bsk_report_problem(fields, path, message);
        return "";
    }
    return json_string_value(value);
}

const char *bsk_report_get_string(bsk_report_fields *fields, const json_t *object, const char *base,
                                  const char *key)
{
    char at[BSK_ERROR_PATH_MAX];
    bsk_json_join_path(at, sizeof at, base, key);
    return bsk_report_string_at(fields, bsk_report_need(fields, object, base, key), at);
}

bool bsk_report_get_bool(bsk_report_fields *fields, const json_t *object, const char *key)
{
    const json_t *value = bsk_report_need(fields, object, "", key);
    if (bsk_report_failed(fields))
        return false;
    if (!json_is_boolean(value)) {
        bsk_report_problem(fields, key, "expected true or false");
        return false;
    }
    return json_is_true(value);
}

const json_t *bsk_report_array_at(bsk_report_fields *fields, const json_t *value, const char *path, size_t min,
                                  size_t max)
{
    if (bsk_report_failed(fields) || !value)
        return NULL;
    if (!json_is_array(value) || json_array_size(value) < min || json_array_size(value) > max) {
        char message[128];
        const char *not = json_is_array(value) ? "another length" : bsk_json_type_name(value);
        if (min == max)
            snprintf(message, sizeof message, "expected an array of %zu, not %s", min, not);
        else
            snprintf(message, sizeof message, "expected an array of %zu to %zu items, not %s", min, max, not);
        bsk_report_problem(fields, path, message);
        return NULL;
    }
    return value;
}

const json_t *bsk_report_get_array(bsk_report_fields *fields, const json_t *object, const char *key, size_t min,
                                   size_t max)
{
    return bsk_report_array_at(fields, bsk_report_need(fields, object, "", key), key, min, max);
}

const json_t *bsk_report_object_at(bsk_report_fields *fields, const json_t *value, const char *path)
{
    if (bsk_report_failed(fields) || !value)
        return NULL;
    if (!json_is_object(value)) {
        char message[96];
        snprintf(message, sizeof message, "expected an object, not %s", bsk_json_type_name(value));
        bsk_report_problem(fields, path, message);
        return NULL;
    }
    return value;
}

/* ---- A STAT read back (the report's page) ---- */

/* qsort: buckets by value. */
static int bucket_order(const void *a, const void *b)
{
    double x = ((const bsk_stat_bucket *)a)->value, y = ((const bsk_stat_bucket *)b)->value;
    return x < y ? -1 : x > y;
}

bsk_status bsk_stat_read(const bsk_json_reader *reader, const json_t *object, const char *key, bsk_stat_shown *out)
{
    memset(out, 0, sizeof *out);
    bsk_report_fields in = {*reader, BSK_OK};
    char at[BSK_ERROR_PATH_MAX], path[BSK_ERROR_PATH_MAX];
    const json_t *root = bsk_report_need(&in, object, "", key);
    if (json_is_null(root)) {
        out->empty = true;
        return BSK_OK;
    }
    bsk_report_object_at(&in, root, key);
    bsk_json_join_path(at, sizeof at, key, "mean");
    out->mean = bsk_report_number_at(&in, bsk_report_need(&in, root, key, "mean"), at, -HUGE_VAL, HUGE_VAL, "a number");
    bsk_json_join_path(at, sizeof at, key, "ci95");
    const json_t *ci = bsk_report_array_at(&in, bsk_report_need(&in, root, key, "ci95"), at, 2, 2);
    for (size_t i = 0; ci && i < 2; i++) {
        bsk_report_join_index(path, sizeof path, at, i);
        *(i ? &out->high : &out->low) =
            bsk_report_number_at(&in, json_array_get(ci, i), path, -HUGE_VAL, HUGE_VAL, "a number");
    }
    bsk_json_join_path(at, sizeof at, key, "percentiles");
    const json_t *percentiles = bsk_report_object_at(&in, bsk_report_need(&in, root, key, "percentiles"), at);
    static const char *const levels[3] = {"5", "50", "95"};
    for (int i = 0; percentiles && i < 3; i++) {
        bsk_json_join_path(path, sizeof path, at, levels[i]);
        out->percentile[i] = bsk_report_number_at(&in, bsk_report_need(&in, percentiles, at, levels[i]), path,
                                                  -HUGE_VAL, HUGE_VAL, "a number");
    }
    bsk_json_join_path(at, sizeof at, key, "histogram");
    const json_t *histogram = bsk_report_object_at(&in, bsk_report_need(&in, root, key, "histogram"), at);
    if (in.status)
        return in.status;
    size_t size = json_object_size(histogram);
    if (size > BSK_STAT_SHOWN_BUCKETS_MAX)
        return bsk_json_schema_error(reader, at, "more than %d buckets", BSK_STAT_SHOWN_BUCKETS_MAX);
    out->buckets = malloc((size ? size : 1) * sizeof *out->buckets);
    if (!out->buckets)
        return bsk_error_set(reader->error, BSK_ERR_NOMEM, "sim.memory", "out of memory");
    const char *name;
    const json_t *value;
    json_object_foreach((json_t *)histogram, name, value) {
        bsk_json_join_path(path, sizeof path, at, name);
        char *end;
        double v = strtod(name, &end);
        if (!*name || *end || !(fabs(v) <= 1e9))
            return bsk_json_schema_error(reader, path, "expected a number (at most 1e9) as the bucket's key");
        out->tenths |= strchr(name, '.') != NULL;
        out->buckets[out->bucket_count++] = (bsk_stat_bucket){v, bsk_report_count_at(&in, value, path)};
        if (in.status)
            return in.status;
    }
    qsort(out->buckets, (size_t)out->bucket_count, sizeof *out->buckets, bucket_order);
    return BSK_OK;
}

void bsk_stat_shown_free(bsk_stat_shown *stat)
{
    free(stat->buckets);
    stat->buckets = NULL;
}

/* ---- The Wilson interval ---- */

void bsk_wilson(uint64_t successes, uint64_t trials, double out[2])
{
    if (trials == 0) {
        out[0] = 0.0;
        out[1] = 1.0;
        return;
    }
    const double z = 1.96;
    double n = (double)trials, p = (double)successes / n, z2 = z * z;
    double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
    double half = z * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
    out[0] = centre - half < 0 ? 0.0 : centre - half;
    out[1] = centre + half > 1 ? 1.0 : centre + half;
}

/* ---- Reading reports for sim merge: the run's identity and its shards ---- */

#define SHARD_MAX 1000000
#define RULE "sim.merge"

/* The one way a report is refused: its file, the JSON path where there is one, why. */
static bsk_status refuse(bsk_error *error, const char *file, const char *path, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static bsk_status refuse(bsk_error *error, const char *file, const char *path, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    bsk_status status =
        bsk_error_vset_at(error, BSK_ERR_INVALID, RULE, file ? file : "", path ? path : "", format, args);
    va_end(args);
    return status;
}

typedef struct kind_spec kind_spec;
struct kind_spec {
    const char *kind;
    const char *unit;        /* "trials" / "games" in messages */
    const char *played_key;  /* the items this report ran */
    const char *run_key;     /* a shard's: the whole run's items (NULL: games × pairs, sim matrix) */
    const char *identity[10]; /* keys equal in every shard of one run, up to NULL */
    /* the report's totals agree with themselves and with `played` */
    bsk_status (*check)(const bsk_sim_report *report, const json_t *totals, uint64_t played, bsk_error *error);
};

/* ---- Self-consistency of a report's totals ---- */

/* The count at base.key (false after refusing). */
static bool need_count(const bsk_sim_report *r, const json_t *object, const char *base, const char *key,
                       uint64_t *out, bsk_error *error)
{
    char path[BSK_ERROR_PATH_MAX];
    snprintf(path, sizeof path, "%.60s.%.60s", base, key);
    const json_t *value = json_object_get(object, key);
    if (bsk_json_count(value, out))
        return true;
    refuse(error, r->path, path, "expected a count (an integer 0 or more), not %s",
           !value ? "nothing" : json_is_integer(value) ? "a negative one" : "another type");
    return false;
}

/* a <= b, else refused: "PATH: WHAT a is more than WHAT_B b". */
static bool at_most(const bsk_sim_report *r, const char *path, const char *what, uint64_t a, const char *what_b,
                    uint64_t b, bsk_error *error)
{
    if (a <= b)
        return true;
    refuse(error, r->path, path, "%s %" PRIu64 " is more than %s %" PRIu64 ": the totals disagree with themselves",
           what, a, what_b, b);
    return false;
}

/* A STAT's totals at base.key: counts, and a histogram of decimal buckets that adds up to the
 * count. Its count in *n. */
static bool need_stat(const bsk_sim_report *r, const json_t *object, const char *base, const char *key, uint64_t *n,
                      bsk_error *error)
{
    char path[BSK_ERROR_PATH_MAX], at[BSK_ERROR_PATH_MAX];
    snprintf(path, sizeof path, "%.60s.%.60s", base, key);
    const json_t *stat = json_object_get(object, key);
    uint64_t sum, squares;
    if (!json_is_object(stat)) {
        refuse(error, r->path, path, "expected a statistic's totals {\"count\",\"sum\",\"sum_squares\",\"histogram\"}");
        return false;
    }
    if (!need_count(r, stat, path, "count", n, error) || !need_count(r, stat, path, "sum", &sum, error) ||
        !need_count(r, stat, path, "sum_squares", &squares, error))
        return false;
    const json_t *histogram = json_object_get(stat, "histogram");
    snprintf(at, sizeof at, "%.100s.histogram", path);
    if (!json_is_object(histogram)) {
        refuse(error, r->path, at, "expected an object {BUCKET:COUNT}");
        return false;
    }
    uint64_t in_buckets = 0;
    const char *bucket;
    json_t *value;
    json_object_foreach((json_t *)histogram, bucket, value) {
        uint64_t count;
        size_t digits = strspn(bucket, "0123456789");
        if (digits == 0 || digits > 9 || bucket[digits]) {
            refuse(error, r->path, at, "bucket \"%.40s\" is not a whole number", bucket);
            return false;
        }
        if (!need_count(r, histogram, path, bucket, &count, error))
            return false;
        if (count > INT64_MAX - in_buckets) {
            refuse(error, r->path, at, "the buckets add up past 9223372036854775807");
            return false;
        }
        in_buckets += count;
    }
    if (in_buckets != *n) {
        refuse(error, r->path, at, "the buckets hold %" PRIu64 " values, but \"count\" is %" PRIu64, in_buckets, *n);
        return false;
    }
    return true;
}

/* Parts that must add up to a whole: parts[0] + ... == whole, never overflowing. */
static bool add_up(const bsk_sim_report *r, const char *path, const char *text, const uint64_t *parts, int count,
                   uint64_t whole, bsk_error *error)
{
    uint64_t left = whole;
    bool ok = true;
    for (int i = 0; i < count && ok; i++) {
        ok = parts[i] <= left;
        left -= ok ? parts[i] : 0;
    }
    if (ok && left == 0)
        return true;
    refuse(error, r->path, path, "%s do not add up to %" PRIu64 ": the totals disagree with themselves", text, whole);
    return false;
}

/* The totals of a pair of decks (sim games; each pair of sim matrix) at `base`. Its games in *games. */
static bool check_pair(const bsk_sim_report *r, const json_t *t, const char *base, uint64_t *games, bsk_error *error)
{
    char path[BSK_ERROR_PATH_MAX], text[160];
    uint64_t wins[2], draws, by_cap, first, caps;
    const json_t *list = json_object_get(t, "wins");
    snprintf(path, sizeof path, "%.100s.wins", base);
    if (json_array_size(list) != 2) {
        refuse(error, r->path, path, "expected [WINS1, WINS2]");
        return false;
    }
    for (int d = 0; d < 2; d++)
        if (!bsk_json_count(json_array_get(list, (size_t)d), &wins[d])) {
            refuse(error, r->path, path, "expected two counts (integers 0 or more)");
            return false;
        }
    if (!need_count(r, t, base, "games", games, error) || !need_count(r, t, base, "draws", &draws, error) ||
        !need_count(r, t, base, "draws_by_cap", &by_cap, error) ||
        !need_count(r, t, base, "first_player_wins", &first, error) ||
        !need_count(r, t, base, "engine_caps", &caps, error))
        return false;
    snprintf(text, sizeof text, "wins %" PRIu64 " + %" PRIu64 " and draws %" PRIu64, wins[0], wins[1], draws);
    const uint64_t parts[3] = {wins[0], wins[1], draws};
    return add_up(r, base, text, parts, 3, *games, error) &&
           at_most(r, base, "draws_by_cap", by_cap, "draws", draws, error) &&
           at_most(r, base, "first_player_wins", first, "wins", wins[0] + wins[1], error) &&
           at_most(r, base, "engine_caps", caps, "draws_by_cap", by_cap, error);
}

/* A total that must equal the report's own count of items. */
static bool same_played(const bsk_sim_report *r, const char *key, uint64_t total, const char *played_key,
                        uint64_t played, bsk_error *error)
{
    if (total == played)
        return true;
    refuse(error, r->path, key, "%" PRIu64 ", but \"%s\" is %" PRIu64 ": the totals disagree with the report", total,
           played_key, played);
    return false;
}

/* goldfish: won + lost + draws = games, losses by reason, caps, won by turn, STAT counts. */
static bsk_status check_goldfish(const bsk_sim_report *r, const json_t *t, uint64_t played, bsk_error *error)
{
    static const char *const lost_keys[4] = {"no_legal_squad", "no_creatures_left", "redeal_without_gold",
                                             "card_feature"}; /* the last only when some game ended so (601.2) */
    static const char *const won_by_keys[3] = {"3", "5", "8"};
    uint64_t games, won, lost, draws, capped, caps, lost_by[4] = {0}, won_by[3], turns, wounds, losses;
    if (!need_count(r, t, "totals", "games", &games, error) || !need_count(r, t, "totals", "won", &won, error) ||
        !need_count(r, t, "totals", "lost", &lost, error) || !need_count(r, t, "totals", "draws", &draws, error) ||
        !need_count(r, t, "totals", "capped", &capped, error) ||
        !need_count(r, t, "totals", "engine_caps", &caps, error))
        return BSK_ERR_INVALID;
    const json_t *lost_object = json_object_get(t, "lost_by"), *won_by_turn = json_object_get(t, "won_by_turn");
    for (int i = 0; i < 3; i++)
        if (!need_count(r, lost_object, "totals.lost_by", lost_keys[i], &lost_by[i], error) ||
            !need_count(r, won_by_turn, "totals.won_by_turn", won_by_keys[i], &won_by[i], error))
            return BSK_ERR_INVALID;
    if (json_object_get(lost_object, lost_keys[3]) &&
        !need_count(r, lost_object, "totals.lost_by", lost_keys[3], &lost_by[3], error))
        return BSK_ERR_INVALID;
    if (!need_stat(r, t, "totals", "turns_to_win", &turns, error) ||
        !need_stat(r, t, "totals", "wounds_dealt_per_turn", &wounds, error) ||
        !need_stat(r, t, "totals", "own_losses", &losses, error))
        return BSK_ERR_INVALID;
    char text[160];
    snprintf(text, sizeof text, "won %" PRIu64 " + lost %" PRIu64 " + draws %" PRIu64, won, lost, draws);
    const uint64_t parts[3] = {won, lost, draws};
    if (!same_played(r, "totals.games", games, "games", played, error) ||
        !add_up(r, "totals", text, parts, 3, games, error) ||
        !add_up(r, "totals.lost_by", "the losses by reason", lost_by, 4, lost, error) ||
        !at_most(r, "totals", "capped", capped, "draws", draws, error) ||
        !at_most(r, "totals", "engine_caps", caps, "capped", capped, error) ||
        !at_most(r, "totals.won_by_turn", "won by turn 3", won_by[0], "won by turn 5", won_by[1], error) ||
        !at_most(r, "totals.won_by_turn", "won by turn 5", won_by[1], "won by turn 8", won_by[2], error) ||
        !at_most(r, "totals.won_by_turn", "won by turn 8", won_by[2], "won", won, error) ||
        !same_played(r, "totals.turns_to_win.count", turns, "totals.won", won, error) ||
        !same_played(r, "totals.own_losses.count", losses, "totals.games", games, error) ||
        !at_most(r, "totals.wounds_dealt_per_turn", "count", wounds, "games", games, error))
        return BSK_ERR_INVALID;
    const json_t *plain = json_object_get(t, "plain_features"), *entry;
    if (!json_is_array(plain))
        return refuse(error, r->path, "totals.plain_features", "expected an array of {\"card\",\"count\"}");
    size_t i;
    json_array_foreach(plain, i, entry) {
        char at[BSK_ERROR_PATH_MAX];
        uint64_t count;
        snprintf(at, sizeof at, "totals.plain_features[%zu]", i);
        if (!json_is_string(json_object_get(entry, "card")))
            return refuse(error, r->path, at, "expected {\"card\":NAME,\"count\":N}");
        if (!need_count(r, entry, at, "count", &count, error) || !at_most(r, at, "count", count, "games", games, error))
            return BSK_ERR_INVALID;
    }
    return BSK_OK;
}

/* sim games: the pair's counts and the game lengths' count. */
static bsk_status check_games(const bsk_sim_report *r, const json_t *t, uint64_t played, bsk_error *error)
{
    uint64_t games, turns;
    if (!check_pair(r, t, "totals", &games, error) || !need_stat(r, t, "totals", "turns", &turns, error) ||
        !same_played(r, "totals.games", games, "games", played, error) ||
        !same_played(r, "totals.turns.count", turns, "totals.games", games, error))
        return BSK_ERR_INVALID;
    return BSK_OK;
}

/* sim matrix: every pair once, in order, each consistent, their games adding up. */
static bsk_status check_matrix(const bsk_sim_report *r, const json_t *t, uint64_t played, bsk_error *error)
{
    uint64_t games, sum = 0;
    size_t decks = json_array_size(json_object_get(r->root, "decks"));
    const json_t *pairs = json_object_get(t, "pairs");
    if (!need_count(r, t, "totals", "games", &games, error) ||
        !same_played(r, "totals.games", games, "played", played, error))
        return BSK_ERR_INVALID;
    if (decks < 2 || json_array_size(pairs) != decks * (decks - 1) / 2)
        return refuse(error, r->path, "totals.pairs", "expected one entry per pair of the %zu decks", decks);
    size_t p = 0;
    for (size_t i = 0; i < decks; i++)
        for (size_t j = i + 1; j < decks; j++, p++) {
            char at[BSK_ERROR_PATH_MAX];
            snprintf(at, sizeof at, "totals.pairs[%zu]", p);
            const json_t *entry = json_array_get(pairs, p), *which = json_object_get(entry, "decks");
            uint64_t pair_games, a, b;
            if (json_array_size(which) != 2 || !bsk_json_count(json_array_get(which, 0), &a) ||
                !bsk_json_count(json_array_get(which, 1), &b) || a != i || b != j)
                return refuse(error, r->path, at, "expected \"decks\":[%zu,%zu]", i, j);
            if (!check_pair(r, entry, at, &pair_games, error))
                return BSK_ERR_INVALID;
            if (pair_games > games - sum)
                return refuse(error, r->path, "totals.pairs", "the pairs' games add up to more than the %" PRIu64
                              " games", games);
            sum += pair_games;
        }
    if (sum != games)
        return refuse(error, r->path, "totals.pairs", "the pairs' games add up to %" PRIu64 ", not the %" PRIu64
                      " games", sum, games);
    return BSK_OK;
}

/* sim deals: losses, deals with no legal squad, every STAT over every trial, per-card counts. */
static bsk_status check_deals(const bsk_sim_report *r, const json_t *t, uint64_t played, bsk_error *error)
{
    static const char *const stats[] = {"spent", "squad_size", "creatures", "elements", "flyer_crystals",
                                        "gold_left", "silver_left", "redeals"};
    uint64_t trials, losses, no_legal;
    if (!need_count(r, t, "totals", "trials", &trials, error) ||
        !need_count(r, t, "totals", "losses", &losses, error) ||
        !need_count(r, t, "totals", "no_legal_squad", &no_legal, error) ||
        !same_played(r, "totals.trials", trials, "trials", played, error) ||
        !at_most(r, "totals", "losses", losses, "trials", trials, error) ||
        !at_most(r, "totals", "no_legal_squad", no_legal, "losses", losses, error))
        return BSK_ERR_INVALID;
    for (size_t i = 0; i < sizeof stats / sizeof stats[0]; i++) {
        uint64_t n;
        char at[BSK_ERROR_PATH_MAX];
        snprintf(at, sizeof at, "totals.%s.count", stats[i]);
        if (!need_stat(r, t, "totals", stats[i], &n, error) || !same_played(r, at, n, "trials", trials, error))
            return BSK_ERR_INVALID;
    }
    static const struct {
        const char *list, *name, *counts[2];
    } lists[2] = {{"cards", "name", {"in_deal", "in_squad"}}, {"groups", "group", {"hits", NULL}}};
    for (int l = 0; l < 2; l++) {
        const json_t *list = json_object_get(t, lists[l].list), *entry;
        char at[BSK_ERROR_PATH_MAX];
        snprintf(at, sizeof at, "totals.%s", lists[l].list);
        if (!json_is_array(list))
            return refuse(error, r->path, at, "expected an array");
        size_t i;
        json_array_foreach(list, i, entry) {
            snprintf(at, sizeof at, "totals.%s[%zu]", lists[l].list, i);
            if (!json_is_string(json_object_get(entry, lists[l].name)))
                return refuse(error, r->path, at, "expected a string \"%s\"", lists[l].name);
            for (int k = 0; k < 2 && lists[l].counts[k]; k++) {
                uint64_t count;
                if (!need_count(r, entry, at, lists[l].counts[k], &count, error) ||
                    !at_most(r, at, lists[l].counts[k], count, "trials", trials, error))
                    return BSK_ERR_INVALID;
            }
        }
    }
    return BSK_OK;
}

static const kind_spec KINDS[] = {
    {"sim_deals", "trials", "trials", "run_trials",
     {"seed", "player", "policy", "catalog_revision", "engine_version", NULL}, check_deals},
    {"goldfish", "games", "games", "run_games",
     {"seed", "deck_fingerprint", "opponent_fingerprint", "agent", "player", "squad", "budget", "catalog_revision",
      "engine_version", NULL},
     check_goldfish},
    {"sim_games", "games", "games", "run_games",
     {"seed", "fingerprints", "agents", "squad", "budget", "catalog_revision", "engine_version", NULL}, check_games},
    {"sim_matrix", "games", "played", NULL,
     {"seed", "fingerprints", "agent", "squad", "budget", "games", "catalog_revision", "engine_version", NULL},
     check_matrix},
};
enum { KIND_COUNT = sizeof KINDS / sizeof KINDS[0] };

bsk_status bsk_sim_report_parse(const char *path, const char *text, size_t length, bsk_sim_report *out,
                                bsk_error *error)
{
    out->path = path;
    json_error_t json_error;
    out->root = json_loadb(text, length, JSON_REJECT_DUPLICATES, &json_error);
    if (json_is_object(out->root))
        return BSK_OK;
    /* jansson quotes the input "near '…'", bytes and all: a message is always UTF-8 (found by fuzzing) */
    char why[sizeof json_error.text * 2];
    bsk_utf8_repair(why, sizeof why, out->root ? "expected an object" : json_error.text);
    bsk_status status = refuse(error, path, NULL, "not a JSON object (line %d: %s): sim merge takes the --json "
                                                  "outputs of --shard runs",
                               json_error.line, why);
    json_decref(out->root);
    out->root = NULL;
    return status;
}

void bsk_sim_report_free(bsk_sim_report *report)
{
    json_decref(report->root);
    report->root = NULL;
}

/* The kind of a report by its "kind", or NULL after refusing it at "kind" (missing, not a string,
 * unknown: the page and sim merge say it alike). */
static const kind_spec *find_kind(const bsk_sim_report *report, bsk_error *error)
{
    const json_t *value = json_object_get(report->root, "kind");
    const char *kind = json_string_value(value);
    for (int k = 0; kind && k < KIND_COUNT; k++)
        if (strcmp(KINDS[k].kind, kind) == 0)
            return &KINDS[k];
    char shown[64];
    snprintf(shown, sizeof shown, "%s", kind ? kind : "");
    bsk_utf8_trim_cut(shown);
    refuse(error, report->path, "kind",
           "%s%s%s; expected one of sim_deals, goldfish, sim_games, sim_matrix (the --json output of sim deals, "
           "goldfish, sim games or sim matrix)",
           !value ? "missing" : kind ? "unknown kind \"" : "not a string", shown, kind ? "\"" : "");
    return NULL;
}

/* The shard of a report: "shard":[K,N], or [1,1] for a whole run. */
static bool shard_of(const bsk_sim_report *report, int shard[2], bsk_error *error)
{
    const json_t *value = json_object_get(report->root, "shard");
    shard[0] = shard[1] = 1;
    if (!value)
        return true;
    uint64_t k = 0, n = 0;
    if (json_array_size(value) != 2 || !bsk_json_count(json_array_get(value, 0), &k) ||
        !bsk_json_count(json_array_get(value, 1), &n) || k < 1 || k > n || n > SHARD_MAX) {
        refuse(error, report->path, "shard", "must be [K,N] with 1 <= K <= N <= %d", SHARD_MAX);
        return false;
    }
    shard[0] = (int)k;
    shard[1] = (int)n;
    return true;
}

/* The whole run's items (run_games/run_trials of a shard, the items of a whole run, a matrix's
 * games per pair × pairs, refused past 2^63−1) and the report's own. */
static bool run_items(const kind_spec *spec, const bsk_sim_report *report, uint64_t *run, uint64_t *played,
                      bsk_error *error)
{
    const json_t *root = report->root;
    if (!bsk_json_count(json_object_get(root, spec->played_key), played)) {
        refuse(error, report->path, spec->played_key, "expected a count of %s", spec->unit);
        return false;
    }
    if (!spec->run_key) {
        uint64_t games;
        size_t decks = json_array_size(json_object_get(root, "decks"));
        uint64_t pairs = decks >= 2 ? (uint64_t)decks * (decks - 1) / 2 : 0;
        if (!bsk_json_count(json_object_get(root, "games"), &games)) {
            refuse(error, report->path, "games", "expected a count of games per pair");
            return false;
        }
        if (pairs == 0) {
            refuse(error, report->path, "decks", "expected at least two decks");
            return false;
        }
        if (games > (uint64_t)INT64_MAX / pairs) { /* found by fuzzing: games 2^62 × 3 pairs */
            refuse(error, report->path, "games", "%" PRIu64 " games per pair × %" PRIu64
                   " pairs is more than 9223372036854775807 games", games, pairs);
            return false;
        }
        *run = games * pairs;
        return true;
    }
    const json_t *value = json_object_get(root, spec->run_key);
    if (value && !bsk_json_count(value, run)) {
        refuse(error, report->path, spec->run_key, "expected a count of %s", spec->unit);
        return false;
    }
    if (!value)
        *run = *played;
    return true;
}

/* sim deals names its deck by its cards: [[name, copies], ...], and its groups by their text. */
static json_t *deals_deck(const json_t *root)
{
    json_t *out = json_array();
    size_t i;
    const json_t *card;
    json_array_foreach(json_object_get(root, "cards"), i, card) json_array_append_new(
        out, json_pack("[O?,O?]", json_object_get(card, "name"), json_object_get(card, "copies")));
    const json_t *group;
    json_array_foreach(json_object_get(root, "groups"), i, group)
        json_array_append(out, json_object_get(group, "group") ? json_object_get(group, "group") : json_null());
    return out;
}

/* The keys that make two reports shards of one run are equal (and present). */
static bool same_identity(const kind_spec *spec, const bsk_sim_report *first, const bsk_sim_report *report,
                          bsk_error *error)
{
    for (int i = 0; spec->identity[i]; i++) {
        const char *key = spec->identity[i];
        const json_t *a = json_object_get(first->root, key), *b = json_object_get(report->root, key);
        if (!b || json_is_null(b)) {
            refuse(error, report->path, NULL, "\"%s\" is missing (an output of an older berserk?)", key);
            return false;
        }
        if (!json_equal(a, b)) {
            char *x = json_dumps(a, JSON_COMPACT | JSON_ENCODE_ANY), *y = json_dumps(b, JSON_COMPACT | JSON_ENCODE_ANY);
            refuse(error, report->path, NULL, "its %s %.200s differs from %s's %.200s: not shards of one run", key,
                   y ? y : "?", first->path, x ? x : "?");
            free(x);
            free(y);
            return false;
        }
    }
    if (strcmp(spec->kind, "sim_deals") == 0) {
        json_t *a = deals_deck(first->root), *b = deals_deck(report->root);
        bool same = json_equal(a, b);
        json_decref(a);
        json_decref(b);
        if (!same) {
            refuse(error, report->path, NULL, "its deck or groups differ from %s's: not shards of one run",
                   first->path);
            return false;
        }
    }
    return true;
}

/* ---- The checked sum of the totals ---- */

static bool sum_into(json_t *into, const json_t *from, const char *path, const char *file, bsk_error *error);

/* goldfish's plain_features: {card, count} entries added by card name. */
static bool sum_named(json_t *into, const json_t *from, const char *path, const char *file, bsk_error *error)
{
    size_t i;
    const json_t *entry;
    json_array_foreach(from, i, entry) {
        const char *card = json_string_value(json_object_get(entry, "card"));
        json_t *match = NULL, *other;
        size_t k;
        json_array_foreach(into, k, other)
            if (!match && card && json_is_string(json_object_get(other, "card")) &&
                strcmp(json_string_value(json_object_get(other, "card")), card) == 0)
                match = other;
        if (!match) {
            json_array_append_new(into, json_deep_copy(entry));
            continue;
        }
        char at[BSK_ERROR_PATH_MAX];
        snprintf(at, sizeof at, "%.100s[%zu]", path, k);
        if (!sum_into(match, entry, at, file, error))
            return false;
    }
    return true;
}

/* into += from: counts add (never past 2^63−1), names and deck indices must be equal, objects add
 * key by key (a key one side lacks counts 0), arrays element by element. */
static bool sum_into(json_t *into, const json_t *from, const char *path, const char *file, bsk_error *error)
{
    if (json_is_integer(into) && json_is_integer(from)) {
        json_int_t a = json_integer_value(into), b = json_integer_value(from);
        if (a < 0 || b < 0) {
            refuse(error, file, path, "expected a count (an integer 0 or more)");
            return false;
        }
        if (b > INT64_MAX - a) { /* found by fuzzing: two turn sums past 2^63 printed a negative sum */
            refuse(error, file, path, "the shards' sum is more than 9223372036854775807");
            return false;
        }
        json_integer_set(into, a + b);
        return true;
    }
    if (json_is_object(into) && json_is_object(from)) {
        const char *key;
        json_t *value;
        json_object_foreach((json_t *)from, key, value) {
            char at[BSK_ERROR_PATH_MAX];
            snprintf(at, sizeof at, "%.60s.%.60s", path, key);
            json_t *mine = json_object_get(into, key);
            bool fixed = strcmp(key, "decks") == 0; /* a pair's deck indices: the same in every shard */
            if (!mine) {
                json_object_set_new(into, key, json_deep_copy(value));
            } else if (strcmp(key, "plain_features") == 0 && json_is_array(mine) && json_is_array(value)) {
                if (!sum_named(mine, value, at, file, error))
                    return false;
            } else if (fixed ? !json_equal(mine, value) : !sum_into(mine, value, at, file, error)) {
                if (fixed)
                    refuse(error, file, at, "differs from the first report's");
                return false;
            }
        }
        return true;
    }
    if (json_is_array(into) && json_is_array(from)) {
        if (json_array_size(into) != json_array_size(from)) {
            refuse(error, file, path, "%zu entries, not %zu as in the first report", json_array_size(from),
                   json_array_size(into));
            return false;
        }
        for (size_t i = 0; i < json_array_size(from); i++) {
            char at[BSK_ERROR_PATH_MAX];
            snprintf(at, sizeof at, "%.100s[%zu]", path, i);
            if (!sum_into(json_array_get(into, i), json_array_get(from, i), at, file, error))
                return false;
        }
        return true;
    }
    if (json_is_string(into) && json_equal(into, from))
        return true;
    refuse(error, file, path, "differs in type or name from the first report's");
    return false;
}

/* ---- sim merge ---- */

/* What one report must agree with by itself: shard K/N of a run of `items` has its share of them
 * (at most its share when it was interrupted), and its "totals" are the kind's shape and agree
 * with themselves and with the `played` items. */
static bsk_status check_one(const kind_spec *spec, const bsk_sim_report *r, const int shard[2], uint64_t items,
                           uint64_t played, bsk_error *error)
{
    bool cut = json_is_true(json_object_get(r->root, "interrupted"));
    uint64_t first_item = (uint64_t)(shard[0] - 1);
    uint64_t share = items > first_item ? (items - first_item - 1) / (uint64_t)shard[1] + 1 : 0;
    if (cut ? played > share : played != share)
        return refuse(error, r->path, spec->played_key,
                      "%" PRIu64 " %s, but shard %d/%d of a run of %" PRIu64 " has %" PRIu64, played, spec->unit,
                      shard[0], shard[1], items, share);
    const json_t *totals = json_object_get(r->root, "totals");
    if (!json_is_object(totals))
        return refuse(error, r->path, "totals", "expected the %s totals object", spec->kind);
    return spec->check(r, totals, played, error);
}

bsk_status bsk_sim_report_check(const bsk_sim_report *report, const char **kind, bsk_error *error)
{
    const kind_spec *spec = find_kind(report, error);
    int shard[2];
    uint64_t items, played;
    if (!spec || !shard_of(report, shard, error) || !run_items(spec, report, &items, &played, error))
        return BSK_ERR_INVALID;
    bsk_status status = check_one(spec, report, shard, items, played, error);
    if (!status && kind)
        *kind = spec->kind;
    return status;
}

/* Each shard K of N exactly once, every shard of the same N and run, each with its share of the
 * items unless it was interrupted, each agreeing with itself. */
static bsk_status check_shards(const kind_spec *spec, const bsk_sim_report *reports, size_t count,
                               bsk_sim_merge *out, bsk_error *error)
{
    int first_shard[2];
    uint64_t first_items, played;
    if (!shard_of(&reports[0], first_shard, error) || !run_items(spec, &reports[0], &first_items, &played, error))
        return BSK_ERR_INVALID;
    int n = first_shard[1];
    size_t *seen = calloc((size_t)n, sizeof *seen); /* report index + 1 per shard */
    if (!seen)
        return bsk_error_set(error, BSK_ERR_NOMEM, RULE, "out of memory");
    bsk_status status = BSK_OK;
    for (size_t f = 0; !status && f < count; f++) {
        const bsk_sim_report *r = &reports[f];
        int shard[2];
        uint64_t items;
        if (!shard_of(r, shard, error) || !run_items(spec, r, &items, &played, error) ||
            !same_identity(spec, &reports[0], r, error)) {
            status = BSK_ERR_INVALID;
        } else if (shard[1] != n) {
            status = refuse(error, r->path, NULL, "shard %d/%d, but %s is shard %d/%d: not shards of one run",
                            shard[0], shard[1], reports[0].path, first_shard[0], n);
        } else if (items != first_items) {
            status = refuse(error, r->path, NULL, "a run of %" PRIu64 " %s, but %s is a run of %" PRIu64
                            ": not shards of one run", items, spec->unit, reports[0].path, first_items);
        } else if (seen[shard[0] - 1]) {
            status = refuse(error, r->path, NULL, "repeats shard %d/%d of %s", shard[0], n,
                            reports[seen[shard[0] - 1] - 1].path);
        }
        if (status)
            break;
        seen[shard[0] - 1] = f + 1;
        bool cut = json_is_true(json_object_get(r->root, "interrupted"));
        if ((status = check_one(spec, r, shard, items, played, error)))
            break;
        if (cut && !out->interrupted) {
            out->interrupted = true;
            out->interrupted_path = r->path;
        }
    }
    for (int k = 0; !status && k < n; k++)
        if (!seen[k]) {
            bsk_error_clear(error);
            status = bsk_error_set(error, BSK_ERR_INVALID, RULE, "shard %d/%d is missing (%d files needed, %zu given)",
                                   k + 1, n, n, count);
        }
    free(seen);
    return status;
}

bsk_status bsk_sim_reports_merge(const bsk_sim_report *reports, size_t count, bsk_sim_merge *out, bsk_error *error)
{
    memset(out, 0, sizeof *out);
    if (count == 0)
        return bsk_error_set(error, BSK_ERR_INVALID, RULE, "no report to merge");
    const kind_spec *spec = NULL;
    for (size_t f = 0; f < count; f++) {
        const kind_spec *kind = find_kind(&reports[f], error);
        if (!kind)
            return BSK_ERR_INVALID;
        if (spec && kind != spec)
            return refuse(error, reports[f].path, NULL, "a %s output, but %s is a %s output", kind->kind,
                          reports[0].path, spec->kind);
        spec = kind;
    }
    out->kind = spec->kind;
    bsk_status status = check_shards(spec, reports, count, out, error);
    if (status)
        return status;
    out->totals = json_deep_copy(json_object_get(reports[0].root, "totals"));
    if (!out->totals)
        return bsk_error_set(error, BSK_ERR_NOMEM, RULE, "out of memory");
    for (size_t f = 1; f < count; f++)
        if (!sum_into(out->totals, json_object_get(reports[f].root, "totals"), "totals", reports[f].path, error)) {
            bsk_sim_merge_free(out);
            return BSK_ERR_INVALID;
        }
    return BSK_OK;
}

void bsk_sim_merge_free(bsk_sim_merge *merge)
{
    json_decref(merge->totals);
    merge->totals = NULL;
}
