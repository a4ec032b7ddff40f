/* test_sim_report.c — the simulation report's codec (formats/sim_report.c, issue 20 §3, §5): the
 * one Wilson interval, STATs written and read back (null over zero values), and sim merge's reading
 * of reports: two shards summed exactly, and what it refuses with the file and the key (more wins
 * than games, a sum past 2^63−1, games × pairs past 2^63−1, another catalogue revision); the field
 * readers the page draws with (their JSON paths, the first problem kept) and one report checked by
 * itself as sim merge checks each. */
#include "sim_report.h"
#include "suites.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* A sim games shard K of 2 of a 4-game run: 2 games, wins {w0, w1}, `draws` draws, turn sum `sum`. */
static void games_shard(char *out, size_t size, int k, long long w0, long long w1, long long draws,
                        const char *sum, int revision)
{
    snprintf(out, size,
             "{\"kind\":\"sim_games\",\"seed\":7,\"games\":2,\"decks\":[\"a.txt\",\"b.txt\"],"
             "\"agents\":[\"greedy\",\"greedy\"],\"fingerprints\":[\"00000000000000aa\",\"00000000000000bb\"],"
             "\"budget\":0,\"squad\":false,\"catalog_revision\":%d,\"engine_version\":\"0.1.0\","
             "\"shard\":[%d,2],\"run_games\":4,\"interrupted\":false,"
             "\"totals\":{\"games\":2,\"wins\":[%lld,%lld],\"draws\":%lld,\"draws_by_cap\":0,"
             "\"first_player_wins\":0,\"engine_caps\":0,"
             "\"turns\":{\"count\":2,\"sum\":%s,\"sum_squares\":1,\"histogram\":{\"10\":2}}}}",
             revision, k, w0, w1, draws, sum);
}

/* Parses texts[0..count−1] as shard-1.json, shard-2.json, ... and merges them. */
static bsk_status merge(const char *const *texts, int count, bsk_sim_merge *out, bsk_error *error)
{
    static const char *const paths[2] = {"shard-1.json", "shard-2.json"};
    bsk_sim_report reports[2];
    bsk_error_clear(error);
    for (int i = 0; i < count; i++)
        ck_assert_int_eq(bsk_sim_report_parse(paths[i], texts[i], strlen(texts[i]), &reports[i], error), BSK_OK);
    bsk_status status = bsk_sim_reports_merge(reports, (size_t)count, out, error);
    for (int i = 0; i < count; i++)
        bsk_sim_report_free(&reports[i]);
    return status;
}

START_TEST(test_wilson_interval)
{
    double ci[2];
    bsk_wilson(0, 0, ci);
    ck_assert(ci[0] == 0.0 && ci[1] == 1.0);
    bsk_wilson(5, 10, ci); /* p = 0.5, n = 10: 0.5 ± 0.2634 */
    ck_assert(fabs(ci[0] - 0.2366) < 1e-4 && fabs(ci[1] - 0.7634) < 1e-4);
    bsk_wilson(10, 10, ci);
    ck_assert(ci[1] == 1.0 && ci[0] > 0.69 && ci[0] < 0.73);
}
END_TEST

START_TEST(test_stat_null_over_zero_values_and_read_back)
{
    bsk_stat stat;
    bsk_stat_init(&stat);
    json_t *empty = bsk_stat_json(&stat, BSK_STAT_WHOLE);
    ck_assert(json_is_null(empty));
    json_decref(empty);
    for (int v = 3; v <= 9; v += 3)
        bsk_stat_add(&stat, v);
    json_t *root = json_object();
    json_object_set_new(root, "turns", bsk_stat_json(&stat, BSK_STAT_WHOLE));
    json_object_set_new(root, "none", json_null());
    bsk_error error;
    bsk_error_clear(&error);
    bsk_json_reader reader = {"r.json", "sim.syntax", "sim.schema", &error};
    bsk_stat_shown shown;
    ck_assert_int_eq(bsk_stat_read(&reader, root, "turns", &shown), BSK_OK);
    ck_assert(!shown.empty && shown.mean == 6.0 && shown.bucket_count == 3 && shown.buckets[0].value == 3.0);
    ck_assert(shown.percentile[1] == 6.0);
    bsk_stat_shown_free(&shown);
    ck_assert_int_eq(bsk_stat_read(&reader, root, "none", &shown), BSK_OK);
    ck_assert(shown.empty);
    ck_assert_int_eq(bsk_stat_read(&reader, root, "missing", &shown), BSK_ERR_INVALID);
    ck_assert_str_eq(error.path, "missing");
    json_decref(root);
}
END_TEST

START_TEST(test_merge_sums_two_shards)
{
    char a[2048], b[2048];
    games_shard(a, sizeof a, 1, 1, 1, 0, "20", 1);
    games_shard(b, sizeof b, 2, 0, 1, 1, "22", 1);
    const char *texts[2] = {a, b};
    bsk_sim_merge merged;
    bsk_error error;
    ck_assert_int_eq(merge(texts, 2, &merged, &error), BSK_OK);
    ck_assert_str_eq(merged.kind, "sim_games");
    ck_assert(!merged.interrupted);
    const json_t *t = merged.totals;
    ck_assert_int_eq(json_integer_value(json_object_get(t, "games")), 4);
    ck_assert_int_eq(json_integer_value(json_array_get(json_object_get(t, "wins"), 1)), 2);
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(t, "turns"), "sum")), 42);
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(json_object_get(t, "turns"), "histogram"), "10")),
                     4);
    bsk_sim_merge_free(&merged);
}
END_TEST

START_TEST(test_merge_refuses_more_wins_than_games)
{
    char a[2048], b[2048];
    games_shard(a, sizeof a, 1, 1, 1, 0, "20", 1);
    games_shard(b, sizeof b, 2, 3, 0, 0, "22", 1);
    const char *texts[2] = {a, b};
    bsk_sim_merge merged;
    bsk_error error;
    ck_assert_int_eq(merge(texts, 2, &merged, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.file, "shard-2.json");
    ck_assert_str_eq(error.path, "totals");
    ck_assert_ptr_nonnull(strstr(error.message, "wins 3 + 0 and draws 0 do not add up to 2"));
}
END_TEST

START_TEST(test_merge_refuses_a_sum_past_2_63)
{
    char a[2048], b[2048];
    games_shard(a, sizeof a, 1, 1, 1, 0, "5000000000000000000", 1);
    games_shard(b, sizeof b, 2, 1, 1, 0, "5000000000000000000", 1);
    const char *texts[2] = {a, b};
    bsk_sim_merge merged;
    bsk_error error;
    ck_assert_int_eq(merge(texts, 2, &merged, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.file, "shard-2.json");
    ck_assert_str_eq(error.path, "totals.turns.sum");
}
END_TEST

START_TEST(test_merge_refuses_another_catalogue_revision)
{
    char a[2048], b[2048];
    games_shard(a, sizeof a, 1, 1, 1, 0, "20", 1);
    games_shard(b, sizeof b, 2, 1, 1, 0, "20", 2);
    const char *texts[2] = {a, b};
    bsk_sim_merge merged;
    bsk_error error;
    ck_assert_int_eq(merge(texts, 2, &merged, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.file, "shard-2.json");
    ck_assert_ptr_nonnull(strstr(error.message, "its catalog_revision 2 differs from shard-1.json's 1"));
}
END_TEST

START_TEST(test_merge_refuses_matrix_games_times_pairs_past_2_63)
{
    const char *text = "{\"kind\":\"sim_matrix\",\"seed\":1,\"games\":4611686018427387904,\"played\":0,"
                       "\"decks\":[\"a\",\"b\",\"c\"],\"totals\":{\"games\":0,\"pairs\":[]}}";
    const char *texts[1] = {text};
    bsk_sim_merge merged;
    bsk_error error;
    ck_assert_int_eq(merge(texts, 1, &merged, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.path, "games");
    ck_assert_ptr_nonnull(strstr(error.message, "4611686018427387904 games per pair × 3 pairs"));
}
END_TEST

/* ---- The field readers (bsk_report_*) and one report checked by itself ---- */

/* A reader over file "r.json" with no problem yet. */
static bsk_report_fields fields_of(bsk_error *error)
{
    bsk_error_clear(error);
    return (bsk_report_fields){{"r.json", "sim.syntax", "sim.schema", error}, BSK_OK};
}

START_TEST(test_report_fields_read_values_with_their_paths)
{
    json_t *root = json_loads("{\"games\":4,\"rate\":0.25,\"none\":null,\"name\":\"a.txt\",\"done\":true,"
                              "\"list\":[1,2],\"pair\":{\"wins\":[3,1]}}",
                              0, NULL);
    bsk_error error;
    bsk_report_fields in = fields_of(&error);
    ck_assert_int_eq(bsk_report_get_count(&in, root, "", "games"), 4);
    ck_assert(bsk_report_get_rate(&in, root, "", "rate") == 0.25);
    ck_assert(isnan(bsk_report_get_rate(&in, root, "", "none"))); /* a rate over zero games */
    ck_assert_str_eq(bsk_report_get_string(&in, root, "", "name"), "a.txt");
    ck_assert(bsk_report_get_bool(&in, root, "done"));
    ck_assert_ptr_nonnull(bsk_report_get_array(&in, root, "list", 2, 2));
    ck_assert_int_eq(bsk_report_get_count_or(&in, root, "absent", -1), -1);
    const json_t *pair = bsk_report_object_at(&in, json_object_get(root, "pair"), "pair");
    char at[BSK_ERROR_PATH_MAX];
    bsk_report_join_index(at, sizeof at, "pair.wins", 1);
    ck_assert_str_eq(at, "pair.wins[1]");
    ck_assert_int_eq(bsk_report_count_at(&in, json_array_get(json_object_get(pair, "wins"), 1), at), 1);
    ck_assert(!bsk_report_failed(&in));
    json_decref(root);
}
END_TEST

START_TEST(test_report_fields_keep_the_first_problem_with_its_path)
{
    json_t *root = json_loads("{\"rate\":1.5,\"games\":-1,\"name\":3,\"list\":[1],\"pair\":{}}", 0, NULL);
    bsk_error error;
    bsk_report_fields in = fields_of(&error);
    ck_assert(bsk_report_get_rate(&in, root, "", "rate") == 0);
    ck_assert_int_eq(in.status, BSK_ERR_INVALID);
    ck_assert_str_eq(error.file, "r.json");
    ck_assert_str_eq(error.path, "rate");
    ck_assert_str_eq(error.message, "expected a rate 0..1, not a number out of range");
    /* later reads return defaults and keep the first problem */
    ck_assert_int_eq(bsk_report_get_count(&in, root, "", "games"), 0);
    ck_assert_str_eq(bsk_report_get_string(&in, root, "", "name"), "");
    ck_assert_ptr_null(bsk_report_get_array(&in, root, "list", 2, 2));
    ck_assert_str_eq(error.path, "rate");

    static const struct {
        const char *key, *path, *message;
    } cases[] = {
        {"games", "games", "expected a count (an integer 0 or more), not a negative one"},
        {"name", "name", "expected a string, not integer"},
        {"list", "list", "expected an array of 2, not another length"},
        {"missing", "pair.missing", "missing required field"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        in = fields_of(&error);
        if (i == 0)
            bsk_report_get_count(&in, root, "", cases[i].key);
        else if (i == 1)
            bsk_report_get_string(&in, root, "", cases[i].key);
        else if (i == 2)
            bsk_report_get_array(&in, root, cases[i].key, 2, 2);
        else
            bsk_report_need(&in, json_object_get(root, "pair"), "pair", cases[i].key);
        ck_assert_int_eq(in.status, BSK_ERR_INVALID);
        ck_assert_str_eq(error.path, cases[i].path);
        ck_assert_str_eq(error.message, cases[i].message);
    }
    json_decref(root);
}
END_TEST

/* bsk_sim_report_check of `text` as "r.json". */
static bsk_status check_report(const char *text, const char **kind, bsk_error *error)
{
    bsk_sim_report report;
    bsk_error_clear(error);
    ck_assert_int_eq(bsk_sim_report_parse("r.json", text, strlen(text), &report, error), BSK_OK);
    bsk_status status = bsk_sim_report_check(&report, kind, error);
    bsk_sim_report_free(&report);
    return status;
}

START_TEST(test_report_check_one_report_as_sim_merge_does)
{
    char text[2048];
    const char *kind = NULL;
    bsk_error error;
    games_shard(text, sizeof text, 2, 1, 0, 1, "20", 1);
    ck_assert_int_eq(check_report(text, &kind, &error), BSK_OK);
    ck_assert_str_eq(kind, "sim_games");
    /* totals that disagree with themselves: 3 wins in 2 games */
    games_shard(text, sizeof text, 2, 3, 0, 0, "20", 1);
    ck_assert_int_eq(check_report(text, NULL, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.file, "r.json");
    ck_assert_str_eq(error.path, "totals");
    ck_assert_ptr_nonnull(strstr(error.message, "wins 3 + 0 and draws 0 do not add up to 2"));
    /* a shard with more games than its share: shard 2/2 of a run of 4 has 2 */
    games_shard(text, sizeof text, 2, 1, 0, 1, "20", 1);
    char *games = strstr(text, "\"games\":2,");
    ck_assert_ptr_nonnull(games);
    games[8] = '3';
    ck_assert_int_eq(check_report(text, NULL, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.path, "games");
    ck_assert_str_eq(error.message, "3 games, but shard 2/2 of a run of 4 has 2");
    /* no known kind: refused at "kind", as the page and sim merge both say it */
    ck_assert_int_eq(check_report("{\"kind\":\"replay\"}", NULL, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.path, "kind");
    ck_assert_ptr_nonnull(strstr(error.message, "unknown kind \"replay\"; expected one of sim_deals, goldfish"));
    ck_assert_int_eq(check_report("{\"kind\":7}", NULL, &error), BSK_ERR_INVALID);
    ck_assert_ptr_nonnull(strstr(error.message, "not a string; expected one of sim_deals"));
}
END_TEST

/* 601.2: a goldfish loss to an opponent's «вы выигрываете» feature is lost_by.card_feature, a key written only
 * when some game ended so: a report with it adds it to the losses, one without it reads it as 0. */
START_TEST(test_report_goldfish_losses_by_a_card_feature)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/fuzz/corpus/sim_merge/g-two-shards.json", BSK_SOURCE_DIR);
    json_t *root = json_load_file(path, JSON_DISABLE_EOF_CHECK, NULL); /* the first of its two shards */
    ck_assert_ptr_nonnull(root);
    bsk_error error;
    char *text = json_dumps(root, 0); /* its lost 1 is one game without creatures */
    ck_assert_int_eq(check_report(text, NULL, &error), BSK_OK);
    free(text);
    json_t *lost_by = json_object_get(json_object_get(root, "totals"), "lost_by");
    json_object_set_new(lost_by, "card_feature", json_integer(1)); /* 2 losses by reason, 1 lost */
    text = json_dumps(root, 0);
    ck_assert_int_eq(check_report(text, NULL, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.path, "totals.lost_by");
    free(text);
    json_object_set_new(lost_by, "no_creatures_left", json_integer(0)); /* the one loss was the feature's */
    text = json_dumps(root, 0);
    ck_assert_int_eq(check_report(text, NULL, &error), BSK_OK);
    free(text);
    json_decref(root);
}
END_TEST

Suite *sim_report_suite(void)
{
    Suite *suite = suite_create("sim_report");
    TCase *codec = tcase_create("codec");
    tcase_add_test(codec, test_wilson_interval);
    tcase_add_test(codec, test_stat_null_over_zero_values_and_read_back);
    suite_add_tcase(suite, codec);
    TCase *merging = tcase_create("merge");
    tcase_add_test(merging, test_merge_sums_two_shards);
    tcase_add_test(merging, test_merge_refuses_more_wins_than_games);
    tcase_add_test(merging, test_merge_refuses_a_sum_past_2_63);
    tcase_add_test(merging, test_merge_refuses_another_catalogue_revision);
    tcase_add_test(merging, test_merge_refuses_matrix_games_times_pairs_past_2_63);
    suite_add_tcase(suite, merging);
    TCase *reading = tcase_create("reading");
    tcase_add_test(reading, test_report_fields_read_values_with_their_paths);
    tcase_add_test(reading, test_report_fields_keep_the_first_problem_with_its_path);
    tcase_add_test(reading, test_report_check_one_report_as_sim_merge_does);
    tcase_add_test(reading, test_report_goldfish_losses_by_a_card_feature);
    suite_add_tcase(suite, reading);
    return suite;
}
