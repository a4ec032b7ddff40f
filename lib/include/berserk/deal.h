/* deal.h — deal and redeal simulation (402.2–402.4 with the best squad of DESIGN §2):
 * trials of shuffle, deal, best squad and a redeal policy, with statistics that merge in
 * any order (so results do not depend on the number of threads), the optimal redeal
 * thresholds by dynamic programming, and exact hypergeometric odds for groups of names. */
#ifndef BERSERK_DEAL_H
#define BERSERK_DEAL_H

#include "berserk/card.h"
#include "berserk/error.h"
#include "berserk/format.h"
#include "berserk/recruit.h"
#include "berserk/rng.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BSK_SIM_MAX_DECK 256
#define BSK_SIM_MAX_NAMES 128
#define BSK_SIM_BUCKETS 64 /* histogram buckets: values 0..63 */
#define BSK_SIM_MAX_GOLD 64

typedef enum bsk_redeal_kind {
    BSK_REDEAL_NONE,    /* take every deal */
    BSK_REDEAL_BELOW,   /* redeal while spent < K */
    BSK_REDEAL_OPTIMAL  /* redeal while spent < V(g − 1) */
} bsk_redeal_kind;

typedef struct bsk_redeal_policy {
    bsk_redeal_kind kind;
    int below;          /* K of below:K */
    int max_redeals;    /* ,max:M; -1 = no limit but gold */
    /* optimal: V[g] = expected final spent with g gold left (and no redeal limit), for
     * g = 0..gold; filled by bsk_redeal_optimal_values */
    int value_count;
    double value[BSK_SIM_MAX_GOLD + 1];
} bsk_redeal_policy;

/* "none", "below:K", "optimal", each optionally followed by ",max:M". */
bsk_status bsk_redeal_policy_parse(const char *text, bsk_redeal_policy *policy, bsk_error *error);
/* Writes the policy back in that syntax. */
void bsk_redeal_policy_format(const bsk_redeal_policy *policy, char *out, size_t out_size);

/* The deck and the parameters every trial shares. Card names are numbered so per-name
 * frequencies are array counters. */
typedef struct bsk_sim_deck {
    int size;
    const bsk_card *cards[BSK_SIM_MAX_DECK];
    int name_of[BSK_SIM_MAX_DECK];   /* index into names */
    int name_count;
    const bsk_card *names[BSK_SIM_MAX_NAMES]; /* the first card of each name */
    int copies[BSK_SIM_MAX_NAMES];
    bsk_squad_params params;
    int player;
} bsk_sim_deck;

/* Fails (BSK_ERR_INVALID, rule 402.3) for a deck with fewer cards than the deal. */
bsk_status bsk_sim_deck_init(bsk_sim_deck *deck, const bsk_card *const *cards, int count,
                             const bsk_squad_params *params, int player, bsk_error *error);

/* One trial's outcome. */
typedef struct bsk_sim_trial {
    bool lost;          /* the game is lost: a redeal declared with no gold (402.4) or no legal squad (403.2.5) */
    bool no_legal;      /* the final deal has no legal squad (403.2.5; also counted in lost) */
    int spent;          /* 0 for a loss or no legal squad */
    int redeals;
    int squad_size;
    int creatures;
    int elements;
    int flyer_crystals;
    int gold_left;
    int silver_left;
    uint8_t in_deal[BSK_SIM_MAX_NAMES];  /* names in the final deal */
    uint8_t in_squad[BSK_SIM_MAX_NAMES]; /* names in the chosen squad */
} bsk_sim_trial;

/* Trial `index` of a simulation with master seed `seed`: its own RNG stream, so any
 * split of trials across threads gives the same trials. `scratch` is the optimizer's
 * (bsk_squad_best): one per thread, or NULL for a temporary one (slower). */
void bsk_sim_run_trial(const bsk_sim_deck *deck, const bsk_redeal_policy *policy, uint64_t seed, uint64_t index,
                       bsk_squad_scratch *scratch, bsk_sim_trial *trial);

/* Best spent of one deal with `gold` gold (and the player's silver): for the DP.
 * `scratch` as for bsk_sim_run_trial. */
int bsk_sim_best_spent(const bsk_sim_deck *deck, int gold, bsk_rng *rng, bsk_squad_scratch *scratch);

/* V[g] for g = 0..start gold by dynamic programming over `samples` deals per level
 * (common random deals, stream base `seed`): V[0] = E[best spent with no gold to spare
 * for a redeal], V[g] = E[max(best spent with g gold, V[g − 1])]. */
void bsk_redeal_optimal_values(const bsk_sim_deck *deck, bsk_redeal_policy *policy, uint64_t seed, int samples);

/* Histograms and sums, all integers, so merge adds them exactly in any order (the
 * "totals" of DESIGN §4 that `sim merge` adds). Values past the last bucket count in it;
 * the sums keep their true values. */
typedef struct bsk_sim_histogram {
    uint64_t count[BSK_SIM_BUCKETS];
    uint64_t n;
    int64_t sum;
    int64_t sum_squares;
} bsk_sim_histogram;

typedef struct bsk_sim_stats {
    uint64_t trials;
    uint64_t losses;   /* 402.4 and 403.2.5 */
    uint64_t no_legal;
    bsk_sim_histogram spent, squad_size, creatures, elements, flyer_crystals, gold_left, silver_left, redeals;
    uint64_t in_deal[BSK_SIM_MAX_NAMES];
    uint64_t in_squad[BSK_SIM_MAX_NAMES];
} bsk_sim_stats;

void bsk_sim_stats_init(bsk_sim_stats *stats);
void bsk_sim_stats_add(bsk_sim_stats *stats, const bsk_sim_trial *trial, int name_count);
void bsk_sim_stats_merge(bsk_sim_stats *into, const bsk_sim_stats *from);

double bsk_histogram_mean(const bsk_sim_histogram *histogram);
/* Half-width of the 95 % confidence interval of the mean (1.96 standard errors). */
double bsk_histogram_ci95(const bsk_sim_histogram *histogram);
/* The smallest value v with P(X ≤ v) ≥ p. */
int bsk_histogram_percentile(const bsk_sim_histogram *histogram, double p);

/* Exact P(at least one card of a group of names in the deal): hypergeometric with the
 * group's total copies. */
double bsk_group_probability(const bsk_sim_deck *deck, const int *names, int count, int deal);

#ifdef __cplusplus
}
#endif

#endif
