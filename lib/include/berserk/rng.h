/* rng.h — the deterministic random number generator every random event goes through
 * (DESIGN §2): xoshiro256** seeded by splitmix64, splittable into independent streams
 * so simulations give identical results whatever the number of threads. */
#ifndef BERSERK_RNG_H
#define BERSERK_RNG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bsk_rng {
    uint64_t state[4];
} bsk_rng;

void bsk_rng_seed(bsk_rng *rng, uint64_t seed);
/* An independent stream `stream` of a master seed (trial i of a simulation). */
void bsk_rng_stream(bsk_rng *rng, uint64_t seed, uint64_t stream);
uint64_t bsk_rng_next(bsk_rng *rng);
/* Uniform in [0, bound), bound > 0, without modulo bias. */
uint32_t bsk_rng_below(bsk_rng *rng, uint32_t bound);
/* A die roll 1..6 (306). */
int bsk_rng_die(bsk_rng *rng);
/* Fisher–Yates shuffle of `count` pointers (402.2). */
void bsk_rng_shuffle(bsk_rng *rng, const void **items, size_t count);

#ifdef __cplusplus
}
#endif

#endif
