/* deal.c — deal and redeal simulation: a trial shuffles (402.2), deals (402.3), finds the
 * best squad and lets the redeal policy decide (402.4: 1 gold per redeal; declaring one
 * with no gold loses). Each trial draws from its own RNG stream, and statistics are
 * integer histograms, so any number of threads gives identical results. */
#include "berserk/deal.h"
#include "berserk/deck.h"
#include "berserk/placement.h"
#include "berserk/pool.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bsk_status bsk_redeal_policy_parse(const char *text, bsk_redeal_policy *policy, bsk_error *error)
{
    char copy[64];
    memset(policy, 0, sizeof *policy);
    policy->max_redeals = -1;
    if (!text || strlen(text) >= sizeof copy)
        return bsk_error_set(error, BSK_ERR_INVALID, "402.4", "a redeal policy is none, below:K or optimal[,max:M]");
    snprintf(copy, sizeof copy, "%s", text);
    char *comma = strchr(copy, ',');
    if (comma) {
        *comma = '\0';
        char *end;
        const char *max = comma + 1;
        if (strncmp(max, "max:", 4) != 0 || !max[4])
            return bsk_error_set(error, BSK_ERR_INVALID, "402.4", "\"%s\": after the comma comes max:M", text);
        long m = strtol(max + 4, &end, 10);
        if (*end || m < 0 || m > BSK_SIM_MAX_GOLD)
            return bsk_error_set(error, BSK_ERR_INVALID, "402.4", "\"%s\": M is a whole number 0..64", text);
        policy->max_redeals = (int)m;
    }
    if (strcmp(copy, "none") == 0) {
        policy->kind = BSK_REDEAL_NONE;
    } else if (strcmp(copy, "optimal") == 0) {
        policy->kind = BSK_REDEAL_OPTIMAL;
    } else if (strncmp(copy, "below:", 6) == 0 && copy[6]) {
        char *end;
        long k = strtol(copy + 6, &end, 10);
        if (*end || k < 0 || k > 99)
            return bsk_error_set(error, BSK_ERR_INVALID, "402.4", "\"%s\": K is a whole number 0..99", text);
        policy->kind = BSK_REDEAL_BELOW;
        policy->below = (int)k;
    } else {
        return bsk_error_set(error, BSK_ERR_INVALID, "402.4",
                             "unknown redeal policy \"%s\" (none, below:K, optimal; each may add ,max:M)", text);
    }
    return BSK_OK;
}

void bsk_redeal_policy_format(const bsk_redeal_policy *policy, char *out, size_t out_size)
{
    char max[24] = "";
    if (policy->max_redeals >= 0)
        snprintf(max, sizeof max, ",max:%d", policy->max_redeals);
    if (policy->kind == BSK_REDEAL_BELOW)
        snprintf(out, out_size, "below:%d%s", policy->below, max);
    else
        snprintf(out, out_size, "%s%s", policy->kind == BSK_REDEAL_OPTIMAL ? "optimal" : "none", max);
}

bsk_status bsk_sim_deck_init(bsk_sim_deck *deck, const bsk_card *const *cards, int count,
                             const bsk_squad_params *params, int player, bsk_error *error)
{
    memset(deck, 0, sizeof *deck);
    if (count > BSK_SIM_MAX_DECK)
        return bsk_error_set(error, BSK_ERR_LIMIT, "", "%d cards; a simulation takes at most %d", count,
                             BSK_SIM_MAX_DECK);
    if (count < params->deal)
        return bsk_error_set(error, BSK_ERR_INVALID, "402.3", "the deck has %d card%s; a deal needs %d", count,
                             count == 1 ? "" : "s", params->deal);
    deck->size = count;
    deck->params = *params;
    deck->player = player;
    for (int i = 0; i < count; i++) {
        deck->cards[i] = cards[i];
        int name = 0;
        while (name < deck->name_count && !bsk_card_same_name(cards[i], deck->names[name]))
            name++;
        if (name == deck->name_count) {
            if (deck->name_count == BSK_SIM_MAX_NAMES)
                return bsk_error_set(error, BSK_ERR_LIMIT, "", "more than %d names", BSK_SIM_MAX_NAMES);
            deck->names[deck->name_count++] = cards[i];
        }
        deck->name_of[i] = name;
        deck->copies[name]++;
    }
    return BSK_OK;
}

/* 402.2–402.3: a fresh shuffle of the whole deck (a redeal returns the deal first) and the
 * top cards; `order` receives the deck indexes dealt. */
static void deal(const bsk_sim_deck *deck, bsk_recruit *recruit, bsk_rng *rng, int *order)
{
    int indexes[BSK_SIM_MAX_DECK];
    const bsk_card *dealt[BSK_MAX_DEAL];
    int n = deck->size, count = deck->params.deal < BSK_MAX_DEAL ? deck->params.deal : BSK_MAX_DEAL;
    for (int i = 0; i < n; i++)
        indexes[i] = i;
    for (int i = 0; i < count; i++) { /* a partial Fisher–Yates: only the dealt cards matter */
        int j = i + (int)bsk_rng_below(rng, (uint32_t)(n - i));
        int swap = indexes[i];
        indexes[i] = indexes[j];
        indexes[j] = swap;
        order[i] = indexes[i];
        dealt[i] = deck->cards[indexes[i]];
    }
    bsk_recruit_set_deal(recruit, dealt, count);
}

static bool wants_redeal(const bsk_redeal_policy *policy, int spent, int gold, int redeals)
{
    if (policy->max_redeals >= 0 && redeals >= policy->max_redeals)
        return false;
    switch (policy->kind) {
    case BSK_REDEAL_BELOW:
        return spent < policy->below;
    case BSK_REDEAL_OPTIMAL: /* only when a redeal is expected to do better (and can be paid) */
        return gold >= 1 && gold - 1 < policy->value_count && spent < policy->value[gold - 1];
    default:
        return false;
    }
}

void bsk_sim_run_trial(const bsk_sim_deck *deck, const bsk_redeal_policy *policy, uint64_t seed, uint64_t index,
                       bsk_squad_scratch *scratch, bsk_sim_trial *trial)
{
    bsk_rng rng;
    bsk_recruit recruit;
    bsk_squad_choice choice;
    int order[BSK_MAX_DEAL];
    memset(trial, 0, sizeof *trial);
    bsk_rng_stream(&rng, seed, index);
    bsk_recruit_init(&recruit, &deck->params, deck->player);
    for (;;) {
        deal(deck, &recruit, &rng, order);
        bool found = bsk_squad_best(&recruit, NULL, scratch, &choice);
        int spent = found ? choice.spent : 0;
        if (!wants_redeal(policy, spent, recruit.gold, trial->redeals))
            break;
        if (bsk_recruit_redeal(&recruit) != BSK_RECRUIT_OK) { /* 402.4: no gold left: a loss */
            trial->lost = true;
            break;
        }
        trial->redeals++;
    }
    for (int i = 0; i < recruit.deal_count; i++)
        trial->in_deal[deck->name_of[order[i]]] = 1;
    trial->gold_left = recruit.gold;
    trial->silver_left = recruit.silver;
    if (trial->lost)
        return;
    if (!choice.found) { /* 403.2.5: no legal squad loses the game, a figure of its own too */
        trial->no_legal = true;
        trial->lost = true;
        return;
    }
    int elite = 0, rank = 0;
    for (int i = 0; i < choice.count; i++) {
        const bsk_card *card = recruit.deal[choice.positions[i]];
        trial->in_squad[deck->name_of[order[choice.positions[i]]]] = 1;
        if (card->elite)
            elite += card->cost;
        else
            rank += card->cost;
    }
    /* rank-and-file cards are paid silver first (DESIGN §2) */
    int silver = rank < recruit.silver ? rank : recruit.silver;
    trial->spent = choice.spent;
    trial->squad_size = choice.count;
    trial->creatures = choice.creatures;
    trial->elements = choice.elements;
    trial->flyer_crystals = choice.flyer_crystals;
    trial->gold_left = recruit.gold - elite - choice.penalty - (rank - silver);
    trial->silver_left = recruit.silver - silver;
    if (elite + rank != choice.spent) { /* recruit7: 403.2.2, a squad card changed a price: recruited in order */
        int8_t taken[BSK_MAX_DEAL];
        bsk_recruit_result result;
        int n = bsk_squad_order(&recruit, &choice, taken);
        for (int i = 0; i < n; i++)
            bsk_recruit_take(&recruit, taken[i], NULL, &result);
        trial->gold_left = recruit.gold;
        trial->silver_left = recruit.silver;
    }
}

int bsk_sim_best_spent(const bsk_sim_deck *deck, int gold, bsk_rng *rng, bsk_squad_scratch *scratch)
{
    bsk_recruit recruit;
    bsk_squad_choice choice;
    int order[BSK_MAX_DEAL];
    bsk_recruit_init(&recruit, &deck->params, deck->player);
    deal(deck, &recruit, rng, order);
    recruit.gold = gold;
    return bsk_squad_best(&recruit, NULL, scratch, &choice) ? choice.spent : 0;
}

void bsk_redeal_optimal_values(const bsk_sim_deck *deck, bsk_redeal_policy *policy, uint64_t seed, int samples)
{
    bsk_squad_params params = deck->params;
    int start = params.gold + (deck->player == BSK_PLAYER_SECOND ? params.second_player_gold : 0);
    if (start > BSK_SIM_MAX_GOLD)
        start = BSK_SIM_MAX_GOLD;
    if (samples < 1)
        samples = 1;
    double previous = 0;
    bsk_squad_scratch scratch;
    bsk_squad_scratch_init(&scratch);
    for (int gold = 0; gold <= start; gold++) {
        double total = 0;
        for (int j = 0; j < samples; j++) {
            bsk_rng rng;
            bsk_rng_stream(&rng, seed ^ 0x5EEDF00Dull, (uint64_t)j); /* the same deals at every level */
            int spent = bsk_sim_best_spent(deck, gold, &rng, &scratch);
            total += gold == 0 || spent >= previous ? spent : previous; /* redeal when it pays */
        }
        policy->value[gold] = total / samples;
        previous = policy->value[gold];
    }
    policy->value_count = start + 1;
}

void bsk_sim_stats_init(bsk_sim_stats *stats)
{
    memset(stats, 0, sizeof *stats);
}

static void add_value(bsk_sim_histogram *histogram, int value)
{
    int bucket = value < 0 ? 0 : value >= BSK_SIM_BUCKETS ? BSK_SIM_BUCKETS - 1 : value;
    histogram->count[bucket]++;
    histogram->n++;
    histogram->sum += value;
    histogram->sum_squares += (int64_t)value * value;
}

void bsk_sim_stats_add(bsk_sim_stats *stats, const bsk_sim_trial *trial, int name_count)
{
    stats->trials++;
    stats->losses += trial->lost;
    stats->no_legal += trial->no_legal;
    add_value(&stats->spent, trial->spent);
    add_value(&stats->squad_size, trial->squad_size);
    add_value(&stats->creatures, trial->creatures);
    add_value(&stats->elements, trial->elements);
    add_value(&stats->flyer_crystals, trial->flyer_crystals);
    add_value(&stats->gold_left, trial->gold_left);
    add_value(&stats->silver_left, trial->silver_left);
    add_value(&stats->redeals, trial->redeals);
    for (int i = 0; i < name_count; i++) {
        stats->in_deal[i] += trial->in_deal[i];
        stats->in_squad[i] += trial->in_squad[i];
    }
}

static void merge_histogram(bsk_sim_histogram *into, const bsk_sim_histogram *from)
{
    for (int i = 0; i < BSK_SIM_BUCKETS; i++)
        into->count[i] += from->count[i];
    into->n += from->n;
    into->sum += from->sum;
    into->sum_squares += from->sum_squares;
}

void bsk_sim_stats_merge(bsk_sim_stats *into, const bsk_sim_stats *from)
{
    into->trials += from->trials;
    into->losses += from->losses;
    into->no_legal += from->no_legal;
    merge_histogram(&into->spent, &from->spent);
    merge_histogram(&into->squad_size, &from->squad_size);
    merge_histogram(&into->creatures, &from->creatures);
    merge_histogram(&into->elements, &from->elements);
    merge_histogram(&into->flyer_crystals, &from->flyer_crystals);
    merge_histogram(&into->gold_left, &from->gold_left);
    merge_histogram(&into->silver_left, &from->silver_left);
    merge_histogram(&into->redeals, &from->redeals);
    for (int i = 0; i < BSK_SIM_MAX_NAMES; i++) {
        into->in_deal[i] += from->in_deal[i];
        into->in_squad[i] += from->in_squad[i];
    }
}

double bsk_histogram_mean(const bsk_sim_histogram *histogram)
{
    return histogram->n ? (double)histogram->sum / (double)histogram->n : 0.0;
}

double bsk_histogram_ci95(const bsk_sim_histogram *histogram)
{
    if (histogram->n < 2)
        return 0.0;
    double n = (double)histogram->n, mean = (double)histogram->sum / n;
    double variance = ((double)histogram->sum_squares - n * mean * mean) / (n - 1);
    return variance > 0 ? 1.96 * sqrt(variance / n) : 0.0;
}

int bsk_histogram_percentile(const bsk_sim_histogram *histogram, double p)
{
    uint64_t seen = 0;
    for (int i = 0; i < BSK_SIM_BUCKETS; i++) {
        seen += histogram->count[i];
        if (histogram->n && (double)seen >= p * (double)histogram->n)
            return i;
    }
    return BSK_SIM_BUCKETS - 1;
}

double bsk_group_probability(const bsk_sim_deck *deck, const int *names, int count, int deal_size)
{
    int copies = 0;
    for (int i = 0; i < count; i++) {
        bool repeated = false;
        for (int j = 0; j < i; j++)
            repeated = repeated || names[j] == names[i];
        if (!repeated && names[i] >= 0 && names[i] < deck->name_count)
            copies += deck->copies[names[i]];
    }
    return bsk_hypergeometric_at_least(deck->size, copies, deal_size, 1);
}
