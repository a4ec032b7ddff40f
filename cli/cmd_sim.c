/* cmd_sim.c — `berserk sim deals`: deal and redeal statistics on many threads with
 * results independent of the thread count (one RNG stream per trial), exact odds for
 * cards and named groups, the optimal redeal thresholds, --policy-search, a progress bar
 * on a terminal, and Ctrl-C printing what was gathered (exit 130). */
#include "berserk/deal.h"
#include "berserk/deck.h"
#include "cli.h"
#include "formats.h"

#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_GROUPS 16
#define MAX_THREADS 64
#define CHUNK 256
#define DP_SAMPLES 4000

static volatile sig_atomic_t interrupted;

static void on_interrupt(int signal_number)
{
    (void)signal_number;
    interrupted = 1;
}

typedef struct group {
    char text[512];
    int names[BSK_SIM_MAX_NAMES];
    int count;
} group;

typedef struct simulation {
    const bsk_sim_deck *deck;
    const bsk_redeal_policy *policy;
    uint64_t seed;
    uint64_t trials;
    atomic_ullong next;  /* the next trial index to hand out */
    atomic_ullong done;
    const group *groups;
    int group_count;
} simulation;

typedef struct worker {
    pthread_t thread;
    simulation *sim;
    bsk_sim_stats stats;
    uint64_t group_hits[MAX_GROUPS];
} worker;

static void *run_worker(void *argument)
{
    worker *w = argument;
    simulation *sim = w->sim;
    bsk_sim_trial trial;
    while (!interrupted) {
        uint64_t first = atomic_fetch_add(&sim->next, CHUNK);
        if (first >= sim->trials)
            break;
        uint64_t last = first + CHUNK < sim->trials ? first + CHUNK : sim->trials;
        for (uint64_t i = first; i < last && !interrupted; i++) {
            bsk_sim_run_trial(sim->deck, sim->policy, sim->seed, i, &trial);
            bsk_sim_stats_add(&w->stats, &trial, sim->deck->name_count);
            for (int g = 0; g < sim->group_count; g++) {
                bool hit = false;
                for (int k = 0; k < sim->groups[g].count && !hit; k++)
                    hit = trial.in_deal[sim->groups[g].names[k]];
                w->group_hits[g] += hit;
            }
            atomic_fetch_add(&sim->done, 1);
        }
    }
    return NULL;
}

/* Runs the trials on `threads` threads; merges into stats. A progress bar on stderr when
 * asked. Interrupted runs keep only completed chunks' trials in order-free sums. */
static void simulate(simulation *sim, int threads, bool progress, bsk_sim_stats *stats, uint64_t *group_hits)
{
    worker *workers = calloc((size_t)threads, sizeof *workers);
    atomic_init(&sim->next, 0);
    atomic_init(&sim->done, 0);
    for (int t = 0; t < threads; t++) {
        workers[t].sim = sim;
        bsk_sim_stats_init(&workers[t].stats);
        pthread_create(&workers[t].thread, NULL, run_worker, &workers[t]);
    }
    if (progress) {
        while (atomic_load(&sim->done) < sim->trials && !interrupted) {
            uint64_t done = atomic_load(&sim->done);
            int width = 30, filled = (int)(done * (uint64_t)width / (sim->trials ? sim->trials : 1));
            fprintf(stderr, "\rsim [");
            for (int i = 0; i < width; i++)
                fputc(i < filled ? '#' : '.', stderr);
            fprintf(stderr, "] %llu/%llu trials", (unsigned long long)done, (unsigned long long)sim->trials);
            fflush(stderr);
            struct timespec pause = {0, 100000000L};
            nanosleep(&pause, NULL);
        }
    }
    for (int t = 0; t < threads; t++) {
        pthread_join(workers[t].thread, NULL);
        bsk_sim_stats_merge(stats, &workers[t].stats);
        for (int g = 0; g < sim->group_count; g++)
            group_hits[g] += workers[t].group_hits[g];
    }
    if (progress)
        fprintf(stderr, "\r%70s\r", "");
    free(workers);
}

static json_t *histogram_json(const bsk_sim_histogram *h)
{
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

/* --policy-search for one player: E[final spent] for every K of below:K on common deal
 * sequences, and the optimal policy's DP value against its Monte Carlo mean. */
static json_t *policy_search(const bsk_sim_deck *base, int player, uint64_t seed, uint64_t trials, int threads,
                             bool human)
{
    bsk_sim_deck deck = *base;
    deck.player = player;
    int gold = deck.params.gold + (player == 2 ? deck.params.second_player_gold : 0);
    enum { K_MAX = 60 };
    double sum[K_MAX + 1] = {0}, squares[K_MAX + 1] = {0};
    for (uint64_t t = 0; t < trials && !interrupted; t++) {
        bsk_rng rng;
        bsk_rng_stream(&rng, seed, t);
        int sequence[BSK_SIM_MAX_GOLD + 2], length = 0, best_seen = -1;
        /* deals with gold, gold−1, …, 0; stop once no K can ask for more */
        for (int g = gold; g >= 0 && best_seen < K_MAX; g--) {
            sequence[length] = bsk_sim_best_spent(&deck, g, &rng);
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
            sum[k] += final;
            squares[k] += (double)final * final;
        }
    }
    double n = (double)trials;
    int best_k = 0;
    json_t *below = json_array();
    for (int k = 0; k <= K_MAX; k++) {
        double mean = sum[k] / n, variance = n > 1 ? (squares[k] - n * mean * mean) / (n - 1) : 0;
        double half = variance > 0 ? 1.96 * sqrt(variance / n) : 0;
        json_array_append_new(below, json_pack("{s:i,s:f,s:[f,f]}", "K", k, "mean", mean, "ci95", mean - half,
                                               mean + half));
        if (sum[k] > sum[best_k])
            best_k = k;
    }
    bsk_redeal_policy optimal;
    bsk_redeal_policy_parse("optimal", &optimal, NULL);
    bsk_redeal_optimal_values(&deck, &optimal, seed, DP_SAMPLES);
    simulation sim = {&deck, &optimal, seed ^ 0xC0FFEEull, trials, 0, 0, NULL, 0};
    bsk_sim_stats stats;
    uint64_t hits[1] = {0};
    bsk_sim_stats_init(&stats);
    simulate(&sim, threads, false, &stats, hits);
    double mc_mean = bsk_histogram_mean(&stats.spent), mc_half = bsk_histogram_ci95(&stats.spent);
    json_t *thresholds = json_object();
    for (int g = 1; g <= gold && g < optimal.value_count; g++) {
        char key[16];
        snprintf(key, sizeof key, "%d", g);
        json_object_set_new(thresholds, key, json_real(optimal.value[g - 1]));
    }
    json_t *result = json_object();
    json_object_set_new(result, "gold", json_integer(gold));
    json_object_set_new(result, "below", below);
    json_object_set_new(result, "best_below", json_pack("{s:i,s:f}", "K", best_k, "mean", sum[best_k] / n));
    json_object_set_new(result, "optimal",
                        json_pack("{s:f,s:{s:f,s:[f,f]},s:o,s:i}", "dp_value", optimal.value[gold], "monte_carlo",
                                  "mean", mc_mean, "ci95", mc_mean - mc_half, mc_mean + mc_half, "thresholds",
                                  thresholds, "dp_samples", DP_SAMPLES));
    if (human) {
        printf("%s player (%d gold): E[spent] by below:K\n", player == 1 ? "first" : "second", gold);
        for (int k = 0; k <= K_MAX; k++)
            if (k % 5 == 0 || k == best_k)
                printf("  below:%-3d %6.2f%s\n", k, sum[k] / n, k == best_k ? "   <- best K" : "");
        printf("  optimal: DP %.2f, Monte Carlo %.2f ± %.2f; redeal at gold g while spent < V(g-1): ",
               optimal.value[gold], mc_mean, mc_half);
        for (int g = gold; g > gold - 4 && g >= 1; g--)
            printf("%sg=%d: %.2f", g == gold ? "" : ", ", g, optimal.value[g - 1]);
        printf("\n");
    }
    return result;
}

static int sim_deals(bsk_cli *cli)
{
    const char *trials_option = NULL, *threads_option = NULL, *player_option = NULL, *redeal_option = NULL,
               *format_option = NULL;
    bool search = false;
    const char *operands[1];
    const char *group_texts[MAX_GROUPS];
    int group_count = 0;
    /* --group may repeat: take them out before the common parser */
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
        if (group_count == MAX_GROUPS) {
            cli_errorf("at most %d --group options", MAX_GROUPS);
            return EXIT_USAGE;
        }
        group_texts[group_count++] = value;
        memmove(&cli->argv[i], &cli->argv[i + take], (size_t)(cli->argc - i - take) * sizeof *cli->argv);
        cli->argc -= take;
        cli->double_dash -= take;
        i--;
    }
    const cli_option options[] = {{"--trials", true, &trials_option, NULL},   {"--threads", true, &threads_option, NULL},
                                  {"--player", true, &player_option, NULL},   {"--redeal", true, &redeal_option, NULL},
                                  {"--format", true, &format_option, NULL},   {"--policy-search", false, NULL, &search}};
    size_t operand_count;
    int code = cli_parse(cli, 2, options, 6, operands, &operand_count, 1);
    if (code)
        return code;
    /* Without --threads: every online CPU, but never past the limit (a 128-CPU machine runs 64). */
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    long long trials = 10000, threads = online < 1 ? 1 : online > MAX_THREADS ? MAX_THREADS : online, player = 1;
    if ((trials_option && !cli_parse_int("--trials", trials_option, 1, 100000000, &trials)) ||
        (threads_option && !cli_parse_int("--threads", threads_option, 1, MAX_THREADS, &threads)) ||
        (player_option && !cli_parse_int("--player", player_option, 1, 2, &player)))
        return EXIT_USAGE;
    if (operand_count != 1)
        return cli_usage_error("sim deals DECK [--trials N] [--threads T] [--seed S] [--player 1|2] "
                               "[--redeal none|below:K|optimal[,max:M]] [--group \"A;B\"]... [--policy-search] [--json]",
                               "sim deals: DECK is missing");
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
    int count = 0;
    code = format && deck && cards && groups ? EXIT_OK : EXIT_FAILURE_IO;
    if (!code && bsk_format_find(format_option ? format_option : "constructed", format, &error)) {
        cli_print_error(&error);
        code = EXIT_USAGE;
    }
    if (!code)
        code = cli_load_catalog(cli);
    if (!code)
        code = cli_read_deck_cards(cli, operands[0], format, cards, BSK_SIM_MAX_DECK, &count);
    if (!code && bsk_sim_deck_init(deck, cards, count, &format->squad, player, &error)) {
        cli_errorf("%s: %s (%s)", operands[0], error.message, error.rule);
        code = EXIT_USAGE;
    }
    for (int g = 0; !code && g < group_count; g++)
        code = parse_group(cli, deck, group_texts[g], &groups[g]);
    if (code) {
        free(format);
        free(deck);
        free(cards);
        free(groups);
        return code;
    }
    uint64_t seed = cli->seed_set ? cli->seed : ((uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32));
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_interrupt;
    sigaction(SIGINT, &action, NULL);
    bool progress = !cli->json && !cli->quiet && isatty(STDERR_FILENO);
    if (policy.kind == BSK_REDEAL_OPTIMAL)
        bsk_redeal_optimal_values(deck, &policy, seed, DP_SAMPLES);
    bsk_sim_stats stats;
    uint64_t group_hits[MAX_GROUPS] = {0};
    bsk_sim_stats_init(&stats);
    simulation sim = {deck, &policy, seed, (uint64_t)trials, 0, 0, groups, group_count};
    simulate(&sim, (int)threads, progress, &stats, group_hits);
    json_t *searches = NULL;
    if (search && !interrupted) {
        searches = json_object();
        for (int p = 1; p <= 2 && !interrupted; p++) {
            char key[16];
            snprintf(key, sizeof key, "%d", p);
            json_object_set_new(searches, key, policy_search(deck, p, seed, (uint64_t)trials, (int)threads, !cli->json));
        }
    }
    char policy_text[64];
    bsk_redeal_policy_format(&policy, policy_text, sizeof policy_text);
    double n = stats.trials ? (double)stats.trials : 1.0;
    int deal_size = format->squad.deal;
    if (cli->json) {
        json_t *root = json_object();
        json_object_set_new(root, "seed", json_integer((json_int_t)seed));
        json_object_set_new(root, "player", json_integer(player));
        json_object_set_new(root, "trials", json_integer((json_int_t)stats.trials));
        json_object_set_new(root, "policy", json_string(policy_text));
        json_object_set_new(root, "interrupted", json_boolean(interrupted));
        json_object_set_new(root, "spent", histogram_json(&stats.spent));
        json_object_set_new(root, "squad_size", histogram_json(&stats.squad_size));
        json_object_set_new(root, "creatures", histogram_json(&stats.creatures));
        json_object_set_new(root, "elements", histogram_json(&stats.elements));
        json_object_set_new(root, "flyer_crystals", histogram_json(&stats.flyer_crystals));
        json_object_set_new(root, "gold_left", histogram_json(&stats.gold_left));
        json_object_set_new(root, "silver_left", histogram_json(&stats.silver_left));
        json_object_set_new(root, "redeals", histogram_json(&stats.redeals));
        json_object_set_new(root, "no_legal_squad", json_real((double)stats.no_legal / n));
        json_object_set_new(root, "losses", json_real((double)stats.losses / n));
        json_t *list = json_array();
        for (int i = 0; i < deck->name_count; i++)
            json_array_append_new(list, json_pack("{s:s,s:i,s:f,s:f,s:f}", "name", deck->names[i]->name, "copies",
                                                  deck->copies[i], "in_deal", (double)stats.in_deal[i] / n,
                                                  "in_squad", (double)stats.in_squad[i] / n, "in_deal_exact",
                                                  bsk_hypergeometric_at_least(deck->size, deck->copies[i], deal_size, 1)));
        json_object_set_new(root, "cards", list);
        json_t *group_list = json_array();
        for (int g = 0; g < group_count; g++) {
            double p = (double)group_hits[g] / n, half = 1.96 * sqrt(p * (1 - p) / n);
            json_array_append_new(group_list,
                                  json_pack("{s:s,s:f,s:f,s:[f,f]}", "group", groups[g].text, "exact",
                                            bsk_group_probability(deck, groups[g].names, groups[g].count, deal_size),
                                            "observed", p, "ci95", p - half, p + half));
        }
        json_object_set_new(root, "groups", group_list);
        if (policy.kind == BSK_REDEAL_OPTIMAL) {
            json_t *values = json_array();
            for (int g = 0; g < policy.value_count; g++)
                json_array_append_new(values, json_real(policy.value[g]));
            json_object_set_new(root, "optimal_values", values);
        }
        if (searches)
            json_object_set_new(root, "policy_search", searches);
        cli_print_json(root);
    } else {
        printf("seed %llu, %s player, %llu trial%s%s, redeal policy %s, deck %s (%d cards)\n",
               (unsigned long long)seed, player == 1 ? "first" : "second", (unsigned long long)stats.trials,
               stats.trials == 1 ? "" : "s", interrupted ? " (interrupted)" : "", policy_text, operands[0], deck->size);
        print_histogram("crystals spent", &stats.spent, true);
        print_histogram("squad size", &stats.squad_size, false);
        print_histogram("creatures", &stats.creatures, false);
        print_histogram("elements", &stats.elements, false);
        print_histogram("flyer crystals", &stats.flyer_crystals, false);
        print_histogram("gold left", &stats.gold_left, false);
        print_histogram("silver left", &stats.silver_left, false);
        print_histogram("redeals", &stats.redeals, false);
        printf("no legal squad %.3f%%, losses %.3f%%\n", 100.0 * (double)stats.no_legal / n,
               100.0 * (double)stats.losses / n);
        printf("%-28s copies  in deal (exact)  in squad\n", "card");
        for (int i = 0; i < deck->name_count; i++) {
            printf("  ");
            cli_print_padded(stdout, deck->names[i]->name, 26);
            printf("%6d  %6.1f%% (%5.1f%%)  %6.1f%%\n", deck->copies[i], 100.0 * (double)stats.in_deal[i] / n,
                   100.0 * bsk_hypergeometric_at_least(deck->size, deck->copies[i], deal_size, 1),
                   100.0 * (double)stats.in_squad[i] / n);
        }
        for (int g = 0; g < group_count; g++)
            printf("group \"%s\": at least one in the deal %.2f%% (exact %.2f%%)\n", groups[g].text,
                   100.0 * (double)group_hits[g] / n,
                   100.0 * bsk_group_probability(deck, groups[g].names, groups[g].count, deal_size));
        json_decref(searches);
    }
    free(format);
    free(deck);
    free(cards);
    free(groups);
    return interrupted ? EXIT_INTERRUPTED : EXIT_OK;
}

int cmd_sim(bsk_cli *cli)
{
    const char *sub = cli->argc > 1 && 1 < cli->double_dash ? cli->argv[1] : "";
    if (strcmp(sub, "deals") == 0)
        return sim_deals(cli);
    return cli_subcommand_error("sim", sub,
                                "sim deals DECK [--trials N] [--threads T] [--player 1|2] [--redeal POLICY] [--json]");
}
