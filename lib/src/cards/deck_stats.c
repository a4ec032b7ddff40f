/* deck_stats.c — the statistics of `deck stats` (DESIGN §4): the deck by element, type,
 * subtype and elite flag, its cost curve, the flyers' total cost, the exact
 * hypergeometric odds of drawing each name in the deal (402.2), and the expected elite
 * and rank-and-file cost in a deal. */
#include "berserk/deck.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static double log_choose(int n, int k)
{
    return lgamma((double)n + 1.0) - lgamma((double)k + 1.0) - lgamma((double)(n - k) + 1.0);
}

/* P(X = i) for X ~ Hypergeometric(population N, successes K, draws n). */
static double probability_exactly(int population, int successes, int draws, int i)
{
    if (i < 0 || i > successes || i > draws || draws - i > population - successes)
        return 0.0;
    return exp(log_choose(successes, i) + log_choose(population - successes, draws - i) -
               log_choose(population, draws));
}

double bsk_hypergeometric_at_least(int population, int successes, int draws, int k)
{
    if (population <= 0 || successes < 0 || successes > population || draws < 0)
        return 0.0;
    if (draws > population)
        draws = population;
    if (k <= 0)
        return 1.0;
    /* sum the shorter tail: the upper one directly when k is past the middle */
    double below = 0.0, above = 0.0;
    for (int i = 0; i < k; i++)
        below += probability_exactly(population, successes, draws, i);
    for (int i = k; i <= successes && i <= draws; i++)
        above += probability_exactly(population, successes, draws, i);
    double result = above < 0.5 ? above : 1.0 - below;
    return result < 0.0 ? 0.0 : result > 1.0 ? 1.0 : result;
}

bsk_status bsk_deck_stats_compute(const bsk_deck *deck, int deal, bsk_deck_stats *stats, bsk_error *error)
{
    memset(stats, 0, sizeof *stats);
    stats->deal = deal;
    stats->odds = calloc(deck->count + 1, sizeof *stats->odds);
    if (!stats->odds)
        return bsk_error_set(error, BSK_ERR_NOMEM, "", "out of memory");
    for (size_t i = 0; i < deck->count; i++) {
        const bsk_deck_entry *entry = &deck->entries[i];
        const bsk_card *card = entry->card;
        if (!card)
            continue;
        int n = entry->count;
        stats->cards += n;
        if (card->elements == 0)
            stats->by_element[BSK_ELEMENT_COUNT] += n;
        for (int e = 0; e < BSK_ELEMENT_COUNT; e++)
            if (bsk_card_has_element(card, (bsk_element)e))
                stats->by_element[e] += n;
        stats->by_type[card->type] += n;
        stats->by_subtype[card->subtype] += n;
        stats->cost_curve[card->cost < BSK_STATS_MAX_COST ? card->cost : BSK_STATS_MAX_COST] += n;
        if (card->elite) {
            stats->elite += n;
            stats->elite_cost += n * card->cost;
        } else {
            stats->rank_and_file += n;
            stats->rank_and_file_cost += n * card->cost;
        }
        if (card->subtype == BSK_SUBTYPE_FLYER)
            stats->flyer_cost += n * card->cost;
        /* one odds row per name: copies count across printings */
        size_t row = 0;
        while (row < stats->odds_count && !bsk_card_same_name(stats->odds[row].card, card))
            row++;
        if (row == stats->odds_count)
            stats->odds[stats->odds_count++].card = card;
        stats->odds[row].copies += n;
    }
    for (size_t row = 0; row < stats->odds_count; row++)
        for (int k = 1; k <= 3; k++)
            stats->odds[row].at_least[k - 1] =
                bsk_hypergeometric_at_least(stats->cards, stats->odds[row].copies, deal, k);
    if (stats->cards > 0) {
        double share = (double)(deal < stats->cards ? deal : stats->cards) / stats->cards;
        stats->expected_elite_cost = share * stats->elite_cost;
        stats->expected_rank_and_file_cost = share * stats->rank_and_file_cost;
    }
    return BSK_OK;
}

void bsk_deck_stats_free(bsk_deck_stats *stats)
{
    free(stats->odds);
    memset(stats, 0, sizeof *stats);
}
