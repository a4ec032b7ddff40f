/* rng.c — xoshiro256** (Blackman and Vigna) with splitmix64 seeding, the reference
 * 2^128 jump and stream splitting; Lemire's multiply-and-reject for unbiased bounded
 * integers; Fisher–Yates shuffles. The sequences are pinned by tests/test_rng.c: sim
 * results and the README's figures depend on them. */
#include "berserk/rng.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void bsk_rng_seed(bsk_rng *rng, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        rng->state[i] = splitmix64(&seed);
}

void bsk_rng_stream(bsk_rng *rng, uint64_t seed, uint64_t stream)
{
    uint64_t mixed = seed;
    uint64_t key = splitmix64(&mixed) ^ (stream * 0xD1B54A32D192ED03ull);
    bsk_rng_seed(rng, splitmix64(&key));
}

static uint64_t rotate_left(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t bsk_rng_next(bsk_rng *rng)
{
    uint64_t *s = rng->state;
    uint64_t result = rotate_left(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotate_left(s[3], 45);
    return result;
}

/* The reference jump polynomial of xoshiro256** (xoshiro256starstar.c, jump()). */
static const uint64_t JUMP[4] = {0x180ec6d33cfd0abaull, 0xd5a61266f0c9392cull, 0xa9582618e03fc9aaull,
                                 0x39abdc4529b1661cull};

void bsk_rng_jump(bsk_rng *rng)
{
    uint64_t jumped[4] = {0, 0, 0, 0};
    for (int i = 0; i < 4; i++)
        for (int b = 0; b < 64; b++) {
            if (JUMP[i] & (1ull << b))
                for (int k = 0; k < 4; k++)
                    jumped[k] ^= rng->state[k];
            bsk_rng_next(rng);
        }
    for (int k = 0; k < 4; k++)
        rng->state[k] = jumped[k];
}

/* The child takes the block the parent jumps over; a child made by copying and jumping
 * instead would overlap the next split's child, one output apart. */
void bsk_rng_split(bsk_rng *parent, bsk_rng *child)
{
    *child = *parent;
    bsk_rng_jump(parent);
}

uint32_t bsk_rng_below(bsk_rng *rng, uint32_t bound)
{
    uint64_t product = (bsk_rng_next(rng) >> 32) * (uint64_t)bound;
    uint32_t low = (uint32_t)product;
    if (low < bound) {
        uint32_t threshold = (uint32_t)(-bound) % bound;
        while (low < threshold) {
            product = (bsk_rng_next(rng) >> 32) * (uint64_t)bound;
            low = (uint32_t)product;
        }
    }
    return (uint32_t)(product >> 32);
}

int bsk_rng_die(bsk_rng *rng)
{
    return 1 + (int)bsk_rng_below(rng, 6);
}

void bsk_rng_shuffle(bsk_rng *rng, const void **items, size_t count)
{
    for (size_t i = count; i > 1; i--) {
        size_t j = bsk_rng_below(rng, (uint32_t)i);
        const void *swap = items[i - 1];
        items[i - 1] = items[j];
        items[j] = swap;
    }
}

void bsk_rng_shuffle_u8(bsk_rng *rng, uint8_t *items, size_t count)
{
    for (size_t i = count; i > 1; i--) {
        size_t j = bsk_rng_below(rng, (uint32_t)i);
        uint8_t swap = items[i - 1];
        items[i - 1] = items[j];
        items[j] = swap;
    }
}

void bsk_rng_shuffle_u16(bsk_rng *rng, uint16_t *items, size_t count)
{
    for (size_t i = count; i > 1; i--) {
        size_t j = bsk_rng_below(rng, (uint32_t)i);
        uint16_t swap = items[i - 1];
        items[i - 1] = items[j];
        items[j] = swap;
    }
}
