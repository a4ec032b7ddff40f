/* cmd_sim.c — `berserk sim deals`: deal and redeal statistics on the batch runner (results
 * independent of the thread count, one RNG stream per trial, --shard K/N), exact odds for
 * cards and named groups, the optimal redeal thresholds, --policy-search, and integer
 * "totals" that shards add up to exactly (DESIGN §4). */
#include "batch.h"
#include "berserk/deal.h"
#include "berserk/deck.h"
#include "cli.h"
#include "formats.h"
#include "games.h"
#include "merge.h"
#include "progress.h"
#include "seed.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_GROUPS 16
#define DP_SAMPLES 4000

typedef struct group {
    char text[512];
    int names[BSK_SIM_MAX_NAMES];
    int count;
} group;

/* What every trial reads (the runner's context). */
typedef struct simulation {
    const bsk_sim_deck *deck;
    const bsk_redeal_policy *policy;
    uint64_t seed;
    const group *groups;
    int group_count;
} simulation;

/* One accumulator of the runner: integer counts only, so they add exactly. A slot runs
 * on one thread at a time, so it also carries the optimizer's scratch (not merged). */
typedef struct deal_totals {
    bsk_sim_stats stats;
    uint64_t group_hits[MAX_GROUPS];
    bsk_squad_scratch scratch;
} deal_totals;

static void totals_init(void *result, void *context)
{
    (void)context;
    deal_totals *totals = result;
    bsk_sim_stats_init(&totals->stats);
    memset(totals->group_hits, 0, sizeof totals->group_hits);
    bsk_squad_scratch_init(&totals->scratch);
}

static bool run_trial(void *result, uint64_t index, void *context)
{
    deal_totals *totals = result;
    const simulation *sim = context;
    bsk_sim_trial trial;
    bsk_sim_run_trial(sim->deck, sim->policy, sim->seed, index, &totals->scratch, &trial);
    bsk_sim_stats_add(&totals->stats, &trial, sim->deck->name_count);
    for (int g = 0; g < sim->group_count; g++) {
        bool hit = false;
        for (int k = 0; k < sim->groups[g].count && !hit; k++)
            hit = trial.in_deal[sim->groups[g].names[k]];
        totals->group_hits[g] += hit;
    }
    return true;
}

static void totals_merge(void *into, const void *from, void *context)
{
    (void)context;
    deal_totals *a = into;
    const deal_totals *b = from;
    bsk_sim_stats_merge(&a->stats, &b->stats);
    for (int g = 0; g < MAX_GROUPS; g++)
        a->group_hits[g] += b->group_hits[g];
}

/* Runs trials 0..trials−1 (or the shard's) into `totals`; false when memory ran out. */
static bool simulate(const simulation *sim, uint64_t trials, const cli_shard *shard, int threads, bool progress,
                     deal_totals *totals)
{
    cli_batch batch = {.items = trials, .shard = *shard, .threads = threads, .result_size = sizeof *totals,
                       .context = (void *)sim, .init = totals_init, .run = run_trial, .merge = totals_merge,
                       .progress = progress, .label = "sim", .unit = "trials"};
    return cli_batch_run(&batch, totals) != UINT64_MAX;
}

/* The statistics of a deal, in output order: JSON key, human title, and where they live. */
static const struct {
    const char *key, *title;
    size_t offset;
} STATISTICS[] = {
    {"spent", "crystals spent", offsetof(bsk_sim_stats, spent)},
    {"squad_size", "squad size", offsetof(bsk_sim_stats, squad_size)},
    {"creatures", "creatures", offsetof(bsk_sim_stats, creatures)},
    {"elements", "elements", offsetof(bsk_sim_stats, elements)},
    {"flyer_crystals", "flyer crystals", offsetof(bsk_sim_stats, flyer_crystals)},
    {"gold_left", "gold left", offsetof(bsk_sim_stats, gold_left)},
    {"silver_left", "silver left", offsetof(bsk_sim_stats, silver_left)},
    {"redeals", "redeals", offsetof(bsk_sim_stats, redeals)},
};
enum { STATISTIC_COUNT = sizeof STATISTICS / sizeof STATISTICS[0] };

static const bsk_sim_histogram *statistic(const bsk_sim_stats *stats, int i)
{
    return (const bsk_sim_histogram *)((const char *)stats + STATISTICS[i].offset);
}

static json_t *histogram_json(const bsk_sim_histogram *h)
{
    if (h->n == 0)
        return json_null(); /* no trials: no mean, never a mean of 0 (issue 20) */
    double mean = bsk_histogram_mean(h), half = bsk_histogram_ci95(h);
    json_t *object = json_object();
    json_object_set_new(object, "mean", json_real(mean));
    json_object_set_new(object, "ci95", json_pack("[f,f]", mean - half, mean + half));
    json_object_set_new(object, "percentiles", json_pack("{s:i,s:i,s:i}", "5", bsk_histogram_percentile(h, 0.05), "50",
                                                        bsk_histogram_percentile(h, 0.50), "95",
                                                        bsk_histogram_percentile(h, 0.95)));
    json_t *counts = json_object();
    for (int v = 0; v < BSK_SIM_BUCKETS; v++)
        if (h->count[v]) {
            char key[16];
            snprintf(key, sizeof key, "%d", v);
            json_object_set_new(counts, key, json_integer((json_int_t)h->count[v]));
        }
    json_object_set_new(object, "histogram", counts);
    return object;
}

static void print_histogram(const char *title, const bsk_sim_histogram *h, bool bars)
{
    if (h->n == 0) {
        printf("%-15s no trials\n", title);
        return;
    }
    double mean = bsk_histogram_mean(h), half = bsk_histogram_ci95(h);
    printf("%-15s mean %6.2f ± %.3f   5%% %d   median %d   95%% %d\n", title, mean, half,
           bsk_histogram_percentile(h, 0.05), bsk_histogram_percentile(h, 0.5), bsk_histogram_percentile(h, 0.95));
    if (!bars || !h->n)
        return;
    uint64_t most = 0;
    int low = BSK_SIM_BUCKETS, high = -1;
    for (int v = 0; v < BSK_SIM_BUCKETS; v++)
        if (h->count[v]) {
            most = h->count[v] > most ? h->count[v] : most;
            low = v < low ? v : low;
            high = v;
        }
    for (int v = low; v <= high; v++) {
        int width = (int)(h->count[v] * 50 / most);
        printf("  %3d %6.2f%% ", v, 100.0 * (double)h->count[v] / (double)h->n);
        for (int i = 0; i < width; i++)
            fputs("█", stdout);
        printf("\n");
    }
}

static int parse_group(bsk_cli *cli, const bsk_sim_deck *deck, const char *text, group *out)
{
    char copy[512];
    snprintf(out->text, sizeof out->text, "%s", text);
    snprintf(copy, sizeof copy, "%s", text);
    out->count = 0;
    for (char *save = NULL, *name = strtok_r(copy, ";", &save); name; name = strtok_r(NULL, ";", &save)) {
        while (*name == ' ')
            name++;
        if (!*name)
            continue;
        const bsk_card *card = bsk_pool_resolve(&cli->catalog.pool, name);
        int found = -1;
        for (int n = 0; card && n < deck->name_count && found < 0; n++)
            if (bsk_card_same_name(deck->names[n], card))
                found = n;
        if (!card) {
            cli_errorf("--group \"%s\": no card named \"%s\"", text, name);
            return EXIT_USAGE;
        }
        if (found >= 0 && out->count < BSK_SIM_MAX_NAMES)
            out->names[out->count++] = found;
        /* a name absent from the deck adds no copies: its probability is 0 */
    }
    return EXIT_OK;
}

/* --policy-search: the final spent of below:K for every K on the same deal sequences. */
enum { K_MAX = 60 };

typedef struct search_context {
    bsk_sim_deck deck;
    uint64_t seed;
    int gold;
} search_context;

typedef struct search_totals {
    int64_t sum[K_MAX + 1];
    int64_t squares[K_MAX + 1];
    bsk_squad_scratch scratch; /* the slot's optimizer scratch (not merged) */
} search_totals;

static void search_init(void *result, void *context)
{
    (void)context;
    search_totals *totals = result;
    memset(totals, 0, sizeof *totals);
    bsk_squad_scratch_init(&totals->scratch);
}

static bool search_trial(void *result, uint64_t index, void *context)
{
    search_totals *totals = result;
    const search_context *search = context;
    bsk_rng rng;
    bsk_rng_stream(&rng, search->seed, index);
    int sequence[BSK_SIM_MAX_GOLD + 2], length = 0, best_seen = -1;
    /* deals with gold, gold−1, …, 0; stop once no K can ask for more */
    for (int g = search->gold; g >= 0 && best_seen < K_MAX; g--) {
        sequence[length] = bsk_sim_best_spent(&search->deck, g, &rng, &totals->scratch);
        best_seen = sequence[length] > best_seen ? sequence[length] : best_seen;
        length++;
    }
    for (int k = 0; k <= K_MAX; k++) {
        int final = 0; /* a redeal declared with no gold loses (402.4) */
        for (int i = 0; i < length; i++)
            if (sequence[i] >= k) {
                final = sequence[i];
                break;
            }
        totals->sum[k] += final;
        totals->squares[k] += (int64_t)final * final;
    }
    return true;
}

static void search_merge(void *into, const void *from, void *context)
{
    (void)context;
    search_totals *a = into;
    const search_totals *b = from;
    for (int k = 0; k <= K_MAX; k++) {
        a->sum[k] += b->sum[k];
        a->squares[k] += b->squares[k];
    }
}

/* --policy-search for one player: E[final spent] for every K of below:K on common deal
 * sequences, and the optimal policy's DP value against its Monte Carlo mean. */
static json_t *policy_search(const bsk_sim_deck *base, int player, uint64_t seed, uint64_t trials, int threads,
                             bool human)
{
    search_context search = {*base, seed, 0};
    search.deck.player = player;
    search.gold = search.deck.params.gold + (player == 2 ? search.deck.params.second_player_gold : 0);
    const bsk_sim_deck *deck_of_player = &search.deck;
    int gold = search.gold;
    search_totals totals;
    const cli_shard whole = {1, 1};
    cli_batch batch = {.items = trials, .shard = whole, .threads = threads, .result_size = sizeof totals,
                       .context = &search, .init = search_init, .run = search_trial, .merge = search_merge};
    uint64_t ran = cli_batch_run(&batch, &totals);
    if (ran == UINT64_MAX)
        return NULL;
    double n = ran ? (double)ran : 1.0;
    int best_k = 0;
    json_t *below = json_array();
    for (int k = 0; k <= K_MAX; k++) {
        double mean = (double)totals.sum[k] / n;
        double variance = n > 1 ? ((double)totals.squares[k] - n * mean * mean) / (n - 1) : 0;
        double half = variance > 0 ? 1.96 * sqrt(variance / n) : 0;
        json_array_append_new(below, json_pack("{s:i,s:f,s:[f,f]}", "K", k, "mean", mean, "ci95", mean - half,
                                               mean + half));
        if (totals.sum[k] > totals.sum[best_k])
            best_k = k;
    }
    bsk_redeal_policy optimal;
    bsk_redeal_policy_parse("optimal", &optimal, NULL);
    bsk_redeal_optimal_values(deck_of_player, &optimal, seed, DP_SAMPLES);
    simulation sim = {deck_of_player, &optimal, seed ^ 0xC0FFEEull, NULL, 0};
    deal_totals *optimal_totals = malloc(sizeof *optimal_totals);
    if (!optimal_totals || !simulate(&sim, trials, &whole, threads, false, optimal_totals)) {
        free(optimal_totals);
        json_decref(below);
        return NULL;
    }
    double mc_mean = bsk_histogram_mean(&optimal_totals->stats.spent);
    double mc_half = bsk_histogram_ci95(&optimal_totals->stats.spent);
    free(optimal_totals);
    json_t *thresholds = json_object();
    for (int g = 1; g <= gold && g < optimal.value_count; g++) {
        char key[16];
        snprintf(key, sizeof key, "%d", g);
        json_object_set_new(thresholds, key, json_real(optimal.value[g - 1]));
    }
    json_t *result = json_object();
    json_object_set_new(result, "gold", json_integer(gold));
    json_object_set_new(result, "below", below);
    json_object_set_new(result, "best_below",
                        json_pack("{s:i,s:f}", "K", best_k, "mean", (double)totals.sum[best_k] / n));
    json_object_set_new(result, "optimal",
                        json_pack("{s:f,s:{s:f,s:[f,f]},s:o,s:i}", "dp_value", optimal.value[gold], "monte_carlo",
                                  "mean", mc_mean, "ci95", mc_mean - mc_half, mc_mean + mc_half, "thresholds",
                                  thresholds, "dp_samples", DP_SAMPLES));
    if (human) {
        printf("%s player (%d gold): E[spent] by below:K\n", player == 1 ? "first" : "second", gold);
        for (int k = 0; k <= K_MAX; k++)
            if (k % 5 == 0 || k == best_k)
                printf("  below:%-3d %6.2f%s\n", k, (double)totals.sum[k] / n, k == best_k ? "   <- best K" : "");
        printf("  optimal: DP %.2f, Monte Carlo %.2f ± %.2f; redeal at gold g while spent < V(g-1): ",
               optimal.value[gold], mc_mean, mc_half);
        for (int g = gold; g > gold - 4 && g >= 1; g--)
            printf("%sg=%d: %.2f", g == gold ? "" : ", ", g, optimal.value[g - 1]);
        printf("\n");
    }
    return result;
}

/* ---- Output ---- */

/* What sim deals prints, gathered in one place. */
typedef struct deal_report {
    const char *deck_file;
    const bsk_sim_deck *deck;
    const bsk_redeal_policy *policy;
    const group *groups;
    int group_count;
    int deal_size;
    uint64_t seed;
    int player;
    cli_shard shard;
    bool sharded;
    uint64_t run_trials; /* the whole run's trials (a shard's output says it) */
    bool interrupted;
    const deal_totals *totals;
    json_t *searches; /* --policy-search results, or NULL */
    const char *legality; /* "" or the deck's first problem in the format (warned about) */
    int catalog_revision;
} deal_report;

/* A statistic's integer totals: count, sums and histogram, exactly what a merge adds. */
static json_t *histogram_totals(const bsk_sim_histogram *h)
{
    json_t *counts = json_object();
    for (int v = 0; v < BSK_SIM_BUCKETS; v++)
        if (h->count[v]) {
            char key[16];
            snprintf(key, sizeof key, "%d", v);
            json_object_set_new(counts, key, json_integer((json_int_t)h->count[v]));
        }
    return json_pack("{s:I,s:I,s:I,s:o}", "count", (json_int_t)h->n, "sum", (json_int_t)h->sum, "sum_squares",
                     (json_int_t)h->sum_squares, "histogram", counts);
}

/* DESIGN §4 "totals": every figure of the output as integer counts and sums, so that the
 * totals of the N shards of a run add up to the unsharded run's exactly (`sim merge`). */
static json_t *totals_json(const bsk_sim_stats *stats, const char *const *names, int name_count,
                           const char *const *group_texts, const uint64_t *group_hits, int group_count)
{
    json_t *totals = json_object();
    json_object_set_new(totals, "trials", json_integer((json_int_t)stats->trials));
    json_object_set_new(totals, "losses", json_integer((json_int_t)stats->losses));
    json_object_set_new(totals, "no_legal_squad", json_integer((json_int_t)stats->no_legal));
    for (int i = 0; i < STATISTIC_COUNT; i++)
        json_object_set_new(totals, STATISTICS[i].key, histogram_totals(statistic(stats, i)));
    json_t *cards = json_array();
    for (int i = 0; i < name_count; i++)
        json_array_append_new(cards, json_pack("{s:s,s:I,s:I}", "name", names[i], "in_deal",
                                               (json_int_t)stats->in_deal[i], "in_squad",
                                               (json_int_t)stats->in_squad[i]));
    json_object_set_new(totals, "cards", cards);
    json_t *groups = json_array();
    for (int g = 0; g < group_count; g++)
        json_array_append_new(groups, json_pack("{s:s,s:I}", "group", group_texts[g], "hits", (json_int_t)group_hits[g]));
    json_object_set_new(totals, "groups", groups);
    return totals;
}

/* The observed figures, written over the keys `root` already holds (print_json's skeleton, or a
 * shard's output in sim merge) so that a run and a merge print the same bytes; takes `totals`. */
/* A rate over the trials; null over none (issue 20: never a rate of 0 from nothing). */
static json_t *trial_rate(uint64_t part, uint64_t trials)
{
    return trials ? json_real((double)part / (double)trials) : json_null();
}

static void fill_statistics(json_t *root, const bsk_sim_stats *stats, const uint64_t *group_hits, bool interrupted,
                           json_t *totals)
{
    uint64_t trials = stats->trials;
    json_object_set_new(root, "trials", json_integer((json_int_t)trials));
    json_object_set_new(root, "interrupted", json_boolean(interrupted));
    for (int i = 0; i < STATISTIC_COUNT; i++)
        json_object_set_new(root, STATISTICS[i].key, histogram_json(statistic(stats, i)));
    json_object_set_new(root, "no_legal_squad", trial_rate(stats->no_legal, trials));
    json_object_set_new(root, "losses", trial_rate(stats->losses, trials));
    size_t i;
    json_t *card, *entry;
    json_array_foreach(json_object_get(root, "cards"), i, card) {
        json_object_set_new(card, "in_deal", trial_rate(stats->in_deal[i], trials));
        json_object_set_new(card, "in_squad", trial_rate(stats->in_squad[i], trials));
    }
    json_array_foreach(json_object_get(root, "groups"), i, entry) {
        if (!trials) {
            json_object_set_new(entry, "observed", json_null());
            json_object_set_new(entry, "ci95", json_null());
            continue;
        }
        double n = (double)trials, p = (double)group_hits[i] / n, half = 1.96 * sqrt(p * (1 - p) / n);
        json_object_set_new(entry, "observed", json_real(p));
        json_object_set_new(entry, "ci95", json_pack("[f,f]", p - half, p + half));
    }
    json_object_set_new(root, "totals", totals);
}

static void print_json(const deal_report *r)
{
    const bsk_sim_stats *stats = &r->totals->stats;
    const bsk_sim_deck *deck = r->deck;
    char policy_text[64];
    bsk_redeal_policy_format(r->policy, policy_text, sizeof policy_text);
    /* the skeleton in output order; fill_statistics writes the figures */
    json_t *root = json_object();
    json_object_set_new(root, "kind", json_string("sim_deals")); /* first (DESIGN §4) */
    json_object_set_new(root, "seed", json_integer((json_int_t)r->seed));
    json_object_set_new(root, "player", json_integer(r->player));
    json_object_set_new(root, "trials", json_null());
    if (r->sharded) {
        json_object_set_new(root, "shard", json_pack("[i,i]", r->shard.index, r->shard.count));
        json_object_set_new(root, "run_trials", json_integer((json_int_t)r->run_trials));
    }
    json_object_set_new(root, "policy", json_string(policy_text));
    json_object_set_new(root, "catalog_revision", json_integer(r->catalog_revision));
    json_object_set_new(root, "engine_version", json_string(BSK_VERSION));
    json_object_set_new(root, "legality", r->legality[0] ? json_string(r->legality) : json_null());
    json_object_set_new(root, "interrupted", json_null());
    for (int i = 0; i < STATISTIC_COUNT; i++)
        json_object_set_new(root, STATISTICS[i].key, json_null());
    json_object_set_new(root, "no_legal_squad", json_null());
    json_object_set_new(root, "losses", json_null());
    json_t *list = json_array();
    const char *names[BSK_SIM_MAX_NAMES];
    for (int i = 0; i < deck->name_count; i++) {
        names[i] = deck->names[i]->name;
        json_array_append_new(list, json_pack("{s:s,s:i,s:n,s:n,s:f}", "name", deck->names[i]->name, "copies",
                                              deck->copies[i], "in_deal", "in_squad", "in_deal_exact",
                                              bsk_hypergeometric_at_least(deck->size, deck->copies[i], r->deal_size,
                                                                          1)));
    }
    json_object_set_new(root, "cards", list);
    json_t *group_list = json_array();
    const char *group_texts[MAX_GROUPS];
    for (int g = 0; g < r->group_count; g++) {
        group_texts[g] = r->groups[g].text;
        json_array_append_new(group_list,
                              json_pack("{s:s,s:f,s:n,s:n}", "group", r->groups[g].text, "exact",
                                        bsk_group_probability(deck, r->groups[g].names, r->groups[g].count,
                                                              r->deal_size),
                                        "observed", "ci95"));
    }
    json_object_set_new(root, "groups", group_list);
    if (r->policy->kind == BSK_REDEAL_OPTIMAL) {
        json_t *values = json_array();
        for (int g = 0; g < r->policy->value_count; g++)
            json_array_append_new(values, json_real(r->policy->value[g]));
        json_object_set_new(root, "optimal_values", values);
    }
    if (r->searches)
        json_object_set_new(root, "policy_search", json_incref(r->searches));
    json_object_set_new(root, "totals", json_null());
    fill_statistics(root, stats, r->totals->group_hits, r->interrupted,
                    totals_json(stats, names, deck->name_count, group_texts, r->totals->group_hits, r->group_count));
    cli_print_json(root);
}

static void print_human(const deal_report *r)
{
    const bsk_sim_stats *stats = &r->totals->stats;
    const bsk_sim_deck *deck = r->deck;
    double n = stats->trials ? (double)stats->trials : 1.0;
    char policy_text[64], shard_text[48] = "";
    bsk_redeal_policy_format(r->policy, policy_text, sizeof policy_text);
    if (r->sharded)
        snprintf(shard_text, sizeof shard_text, " (shard %d/%d)", r->shard.index, r->shard.count);
    printf("seed %llu, %s player, %llu trial%s%s%s, redeal policy %s, deck %s (%d cards)\n",
           (unsigned long long)r->seed, r->player == 1 ? "first" : "second", (unsigned long long)stats->trials,
           stats->trials == 1 ? "" : "s", shard_text, r->interrupted ? " (interrupted)" : "", policy_text,
           r->deck_file, deck->size);
    for (int i = 0; i < STATISTIC_COUNT; i++)
        print_histogram(STATISTICS[i].title, statistic(stats, i), i == 0); /* bars for the crystals spent */
    printf("no legal squad %.3f%%, losses %.3f%%\n", 100.0 * (double)stats->no_legal / n,
           100.0 * (double)stats->losses / n);
    printf("%-28s copies  in deal (exact)  in squad\n", "card");
    for (int i = 0; i < deck->name_count; i++) {
        printf("  ");
        cli_print_padded(stdout, deck->names[i]->name, 26);
        printf("%6d  %6.1f%% (%5.1f%%)  %6.1f%%\n", deck->copies[i], 100.0 * (double)stats->in_deal[i] / n,
               100.0 * bsk_hypergeometric_at_least(deck->size, deck->copies[i], r->deal_size, 1),
               100.0 * (double)stats->in_squad[i] / n);
    }
    for (int g = 0; g < r->group_count; g++)
        printf("group \"%s\": at least one in the deal %.2f%% (exact %.2f%%)\n", r->groups[g].text,
               100.0 * (double)r->totals->group_hits[g] / n,
               100.0 * bsk_group_probability(deck, r->groups[g].names, r->groups[g].count, r->deal_size));
}

/* ---- sim deals ---- */

/* Takes the repeatable --group options out of argv before the common parser. */
static int take_groups(bsk_cli *cli, const char **texts, int *count)
{
    *count = 0;
    for (int i = 2; i < cli->argc && i < cli->double_dash; i++) {
        const char *arg = cli->argv[i];
        const char *value = NULL;
        int take = 0;
        if (strcmp(arg, "--group") == 0 && i + 1 < cli->argc)
            value = cli->argv[i + 1], take = 2;
        else if (strncmp(arg, "--group=", 8) == 0)
            value = arg + 8, take = 1;
        if (!take)
            continue;
        if (*count == MAX_GROUPS) {
            cli_errorf("at most %d --group options", MAX_GROUPS);
            return EXIT_USAGE;
        }
        texts[(*count)++] = value;
        memmove(&cli->argv[i], &cli->argv[i + take], (size_t)(cli->argc - i - take) * sizeof *cli->argv);
        cli->argc -= take;
        cli->double_dash -= take;
        i--;
    }
    return EXIT_OK;
}

static int sim_deals(bsk_cli *cli)
{
    const char *trials_option = NULL, *threads_option = NULL, *player_option = NULL, *redeal_option = NULL,
               *format_option = NULL, *shard_option = NULL;
    bool search = false;
    const char *operands[1];
    const char *group_texts[MAX_GROUPS];
    int group_count = 0;
    int code = take_groups(cli, group_texts, &group_count);
    if (code)
        return code;
    const cli_option options[] = {{"--trials", true, &trials_option, NULL},   {"--threads", true, &threads_option, NULL},
                                  {"--player", true, &player_option, NULL},   {"--redeal", true, &redeal_option, NULL},
                                  {"--format", true, &format_option, NULL},   {"--policy-search", false, NULL, &search},
                                  {"--shard", true, &shard_option, NULL}};
    size_t operand_count;
    code = cli_parse(cli, 2, options, sizeof options / sizeof options[0], operands, &operand_count, 1);
    if (code)
        return code;
    /* Without --threads: every online CPU, but never past the limit (a 128-CPU machine runs 64). */
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    long long trials = 10000, player = 1;
    long long threads = online < 1 ? 1 : online > CLI_BATCH_MAX_THREADS ? CLI_BATCH_MAX_THREADS : online;
    cli_shard shard = {1, 1};
    if ((trials_option && !cli_parse_int("--trials", trials_option, 1, 100000000, &trials)) ||
        (threads_option && !cli_parse_int("--threads", threads_option, 1, CLI_BATCH_MAX_THREADS, &threads)) ||
        (player_option && !cli_parse_int("--player", player_option, 1, 2, &player)) ||
        (shard_option && !cli_parse_shard(shard_option, &shard)))
        return EXIT_USAGE;
    if (operand_count != 1)
        return cli_usage_error("sim deals DECK [--trials N] [--threads T] [--seed S] [--shard K/N] [--player 1|2] "
                               "[--redeal none|below:K|optimal[,max:M]] [--group \"A;B\"]... [--policy-search] [--json]",
                               "sim deals: DECK is missing");
    /* the shards of one run add up only if they share the seed (DESIGN §4, sim merge) */
    if (shard_option && !cli->seed_set) {
        cli_errorf("--shard %s needs --seed S: every shard of a run must use the same seed", shard_option);
        return EXIT_USAGE;
    }
    if (shard_option && search) {
        cli_errorf("--policy-search runs every trial: it cannot be combined with --shard");
        return EXIT_USAGE;
    }
    bsk_redeal_policy policy;
    bsk_error error;
    bsk_error_clear(&error);
    if (bsk_redeal_policy_parse(redeal_option ? redeal_option : "none", &policy, &error)) {
        cli_errorf("--redeal: %s", error.message);
        return EXIT_USAGE;
    }
    bsk_format *format = malloc(sizeof *format);
    bsk_sim_deck *deck = malloc(sizeof *deck);
    const bsk_card **cards = malloc(BSK_SIM_MAX_DECK * sizeof *cards);
    group *groups = calloc(MAX_GROUPS, sizeof *groups);
    deal_totals *totals = malloc(sizeof *totals);
    int count = 0;
    code = format && deck && cards && groups && totals ? EXIT_OK : EXIT_FAILURE_IO;
    if (!code)
        code = cli_load_format(cli, format_option, format);
    if (!code)
        code = cli_read_deck_cards(cli, operands[0], format, cards, BSK_SIM_MAX_DECK, &count);
    char legality[CLI_LEGALITY_SIZE] = "";
    if (!code) { /* warned, never refused: the run goes on (issue 20) */
        cli_deck_legality(cli, operands[0], format, legality, sizeof legality);
        cli_deck_legality_warn(operands[0], format, legality);
    }
    if (!code && bsk_sim_deck_init(deck, cards, count, &format->squad, (int)player, &error)) {
        cli_errorf("%s: %s (%s)", operands[0], error.message, error.rule);
        code = EXIT_USAGE;
    }
    for (int g = 0; !code && g < group_count; g++)
        code = parse_group(cli, deck, group_texts[g], &groups[g]);
    uint64_t seed = cli->seed_set ? cli->seed : cli_random_seed();
    json_t *searches = NULL;
    if (!code) {
        cli_batch_catch_interrupt();
        /* the optimal thresholds depend on the seed alone, so every shard computes the same */
        if (policy.kind == BSK_REDEAL_OPTIMAL)
            bsk_redeal_optimal_values(deck, &policy, seed, DP_SAMPLES);
        simulation sim = {deck, &policy, seed, groups, group_count};
        if (!simulate(&sim, (uint64_t)trials, &shard, (int)threads, cli_progress_wanted(cli), totals)) {
            cli_errorf("out of memory");
            code = EXIT_FAILURE_IO;
        }
    }
    if (!code && search && !cli_batch_interrupted()) {
        searches = json_object();
        for (int p = 1; p <= 2 && !cli_batch_interrupted(); p++) {
            char key[16];
            snprintf(key, sizeof key, "%d", p);
            json_t *one = policy_search(deck, p, seed, (uint64_t)trials, (int)threads, !cli->json);
            if (one)
                json_object_set_new(searches, key, one);
        }
    }
    if (!code) {
        deal_report report = {operands[0], deck, &policy, groups, group_count, format->squad.deal, seed,
                              (int)player, shard, shard_option != NULL, (uint64_t)trials, cli_batch_interrupted(),
                              totals, searches, legality, cli->catalog.revision};
        if (cli->json)
            print_json(&report);
        else
            print_human(&report);
        code = report.interrupted ? cli_batch_exit_code() : EXIT_OK;
    }
    json_decref(searches);
    free(format);
    free(deck);
    free(cards);
    free(groups);
    free(totals);
    return code;
}

/* ---- sim merge of sim deals outputs (merge.h) ---- */

static bool count_of(const json_t *value, uint64_t *out)
{
    if (!json_is_integer(value) || json_integer_value(value) < 0)
        return false;
    *out = (uint64_t)json_integer_value(value);
    return true;
}

static bool histogram_from_totals(const json_t *t, bsk_sim_histogram *h)
{
    uint64_t sum, squares, in_buckets = 0;
    const json_t *counts = json_object_get(t, "histogram"), *value;
    if (!count_of(json_object_get(t, "count"), &h->n) || !count_of(json_object_get(t, "sum"), &sum) ||
        !count_of(json_object_get(t, "sum_squares"), &squares) || !json_is_object(counts))
        return false;
    h->sum = (int64_t)sum;
    h->sum_squares = (int64_t)squares;
    const char *key;
    json_object_foreach((json_t *)counts, key, value) {
        char *end;
        long bucket = strtol(key, &end, 10);
        uint64_t count;
        if (*key < '0' || *key > '9' || *end || bucket >= BSK_SIM_BUCKETS || !count_of(value, &count))
            return false;
        h->count[bucket] += count;
        in_buckets += count;
    }
    return in_buckets == h->n;
}

/* One file's totals added to stats/hits; the names and group texts match the first file's (cmd_merge.c). */
static bool add_totals(const json_t *t, int name_count, int group_count, bsk_sim_stats *stats, uint64_t *hits)
{
    bsk_sim_stats *one = calloc(1, sizeof *one);
    uint64_t one_hits[MAX_GROUPS] = {0};
    const json_t *cards = json_object_get(t, "cards"), *groups = json_object_get(t, "groups");
    bool ok = one && count_of(json_object_get(t, "trials"), &one->trials) &&
              count_of(json_object_get(t, "losses"), &one->losses) &&
              count_of(json_object_get(t, "no_legal_squad"), &one->no_legal) &&
              json_array_size(cards) == (size_t)name_count && json_array_size(groups) == (size_t)group_count;
    for (int i = 0; ok && i < STATISTIC_COUNT; i++)
        ok = histogram_from_totals(json_object_get(t, STATISTICS[i].key),
                                   (bsk_sim_histogram *)((char *)one + STATISTICS[i].offset));
    for (int i = 0; ok && i < name_count; i++)
        ok = count_of(json_object_get(json_array_get(cards, (size_t)i), "in_deal"), &one->in_deal[i]) &&
             count_of(json_object_get(json_array_get(cards, (size_t)i), "in_squad"), &one->in_squad[i]);
    for (int g = 0; ok && g < group_count; g++)
        ok = count_of(json_object_get(json_array_get(groups, (size_t)g), "hits"), &one_hits[g]);
    if (ok) {
        bsk_sim_stats_merge(stats, one);
        for (int g = 0; g < group_count; g++)
            hits[g] += one_hits[g];
    }
    free(one);
    return ok;
}

json_t *cli_sim_deals_merge(const bsk_sim_report *first, const json_t *totals, bool interrupted)
{
    const json_t *cards = json_object_get(totals, "cards"), *groups = json_object_get(totals, "groups");
    int name_count = (int)json_array_size(cards), group_count = (int)json_array_size(groups);
    const char *names[BSK_SIM_MAX_NAMES], *texts[MAX_GROUPS];
    bool ok = name_count <= BSK_SIM_MAX_NAMES && group_count <= MAX_GROUPS;
    for (int i = 0; ok && i < name_count; i++)
        ok = (names[i] = json_string_value(json_object_get(json_array_get(cards, (size_t)i), "name"))) != NULL;
    for (int g = 0; ok && g < group_count; g++)
        ok = (texts[g] = json_string_value(json_object_get(json_array_get(groups, (size_t)g), "group"))) != NULL;
    bsk_sim_stats *stats = ok ? malloc(sizeof *stats) : NULL;
    uint64_t hits[MAX_GROUPS] = {0};
    if (stats)
        bsk_sim_stats_init(stats);
    json_t *out = NULL;
    if (!stats || !add_totals(totals, name_count, group_count, stats, hits)) {
        cli_errorf("%s: \"totals\" is not the sim deals totals shape", first->path);
    } else {
        /* the first shard's output with the figures of the whole */
        out = json_deep_copy(first->root);
        json_object_del(out, "shard");
        json_object_del(out, "run_trials");
        fill_statistics(out, stats, hits, interrupted, totals_json(stats, names, name_count, texts, hits, group_count));
    }
    free(stats);
    return out;
}

int cmd_sim(bsk_cli *cli)
{
    const char *sub = cli->argc > 1 && 1 < cli->double_dash ? cli->argv[1] : "";
    if (strcmp(sub, "deals") == 0)
        return sim_deals(cli);
    if (strcmp(sub, "games") == 0)
        return cmd_sim_games(cli);
    if (strcmp(sub, "matrix") == 0)
        return cmd_sim_matrix(cli);
    if (strcmp(sub, "merge") == 0)
        return cmd_sim_merge(cli);
    return cli_subcommand_error("sim", sub,
                                "sim deals DECK ... | sim games DECK1 DECK2 ... | sim matrix DECK DECK... ... | "
                                "sim merge FILE... (berserk sim --help lists them)");
}
