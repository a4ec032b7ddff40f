/* fuzz_sim_merge.c — `sim merge FILE...` (DESIGN §4, issue 20): the bytes are up to 8 reports (the
 * --json outputs of --shard runs) separated by NUL bytes, read and merged by formats/sim_report.c
 * (bsk_sim_report_parse, bsk_sim_reports_merge) as `sim merge` reads them. Invariants: every
 * error names a report and is valid UTF-8; a merge that succeeds gives an object of totals whose
 * every integer is a count (0..2^63−1, never a wrapped sum), of a known kind; one whole report
 * merges into its own totals. Found here before: games × pairs overflowed, sums past 2^63 wrapped,
 * more wins than games were merged. */
#include "fuzz.h"

#include "sim_report.h"

#include <string.h>

#define REPORTS_MAX 8

static const char *const PATHS[REPORTS_MAX] = {"shard-1.json", "shard-2.json", "shard-3.json", "shard-4.json",
                                                "shard-5.json", "shard-6.json", "shard-7.json", "shard-8.json"};

static void check_error(const bsk_error *error)
{
    fuzz_check_utf8("merge error", error->message);
    fuzz_check_utf8("merge error path", error->path);
    fuzz_check_utf8("merge error file", error->file);
    FUZZ_CHECK(error->message[0] != '\0', "an error without a message");
}

/* Every integer of the merged totals is a count. */
static void check_counts(const json_t *value)
{
    if (json_is_integer(value)) {
        FUZZ_CHECK(json_integer_value(value) >= 0, "a merged count %lld", (long long)json_integer_value(value));
    } else if (json_is_object(value)) {
        const char *key;
        json_t *item;
        json_object_foreach((json_t *)value, key, item)
            check_counts(item);
    } else if (json_is_array(value)) {
        size_t i;
        json_t *item;
        json_array_foreach(value, i, item)
            check_counts(item);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    bsk_sim_report reports[REPORTS_MAX];
    size_t count = 0, start = 0;
    bool parsed = true;
    bsk_error error;
    while (parsed && count < REPORTS_MAX && start <= size) {
        const uint8_t *nul = memchr(data + start, 0, size - start);
        size_t end = nul ? (size_t)(nul - data) : size;
        bsk_error_clear(&error);
        if (bsk_sim_report_parse(PATHS[count], (const char *)data + start, end - start, &reports[count], &error)) {
            check_error(&error);
            FUZZ_CHECK(strcmp(error.file, PATHS[count]) == 0, "the parse error names %s", error.file);
            parsed = false;
        } else {
            count++;
        }
        start = end + 1;
    }
    if (parsed && count > 0) {
        bsk_sim_merge merge;
        bsk_error_clear(&error);
        if (bsk_sim_reports_merge(reports, count, &merge, &error)) {
            check_error(&error);
        } else {
            FUZZ_CHECK(json_is_object(merge.totals), "merged totals are an object");
            FUZZ_CHECK(strcmp(merge.kind, "sim_deals") == 0 || strcmp(merge.kind, "goldfish") == 0 ||
                           strcmp(merge.kind, "sim_games") == 0 || strcmp(merge.kind, "sim_matrix") == 0,
                       "kind %s", merge.kind);
            check_counts(merge.totals);
            if (count == 1)
                FUZZ_CHECK(json_equal(merge.totals, json_object_get(reports[0].root, "totals")),
                           "one report merges into its own totals");
            double ci[2];
            uint64_t games = 0, wins = 0;
            const json_t *list = json_object_get(merge.totals, "wins");
            if (bsk_json_count(json_object_get(merge.totals, "games"), &games) &&
                bsk_json_count(json_array_get(list, 0), &wins)) {
                FUZZ_CHECK(wins <= games, "merged wins %llu of %llu games", (unsigned long long)wins,
                           (unsigned long long)games);
                bsk_wilson(wins, games, ci);
                FUZZ_CHECK(0 <= ci[0] && ci[0] <= ci[1] && ci[1] <= 1, "Wilson [%g, %g]", ci[0], ci[1]);
            }
            bsk_sim_merge_free(&merge);
        }
    }
    for (size_t i = 0; i < count; i++)
        bsk_sim_report_free(&reports[i]);
    return 0;
}
