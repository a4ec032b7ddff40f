/* rng.h — the deterministic random number generator every random event goes through
 * (DESIGN §2): xoshiro256** seeded by splitmix64, splittable into independent streams
 * so simulations give identical results whatever the number of threads; and the dice
 * of a match (306), a plain value that may replay a script of fixed rolls. */
#ifndef BERSERK_RNG_H
#define BERSERK_RNG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Plain data: copy it with memcpy to fork a stream, compare it with memcmp. */
typedef struct bsk_rng {
    uint64_t state[4];
} bsk_rng;

/* The state is four splitmix64 outputs of `seed` (Vigna's recommended seeding). */
void bsk_rng_seed(bsk_rng *rng, uint64_t seed);
/* An independent stream `stream` of a master seed (trial i of a simulation). */
void bsk_rng_stream(bsk_rng *rng, uint64_t seed, uint64_t stream);
/* The next 64 bits of xoshiro256** (Blackman and Vigna, 2018). */
uint64_t bsk_rng_next(bsk_rng *rng);
/* Advances the state by 2^64 calls of bsk_rng_next at once (the reference jump
 * polynomial), so 2^128 streams of 2^128 outputs each never overlap. */
void bsk_rng_jump(bsk_rng *rng);
/* A child stream from a live state: the child takes the parent's state as it is and the
 * parent jumps past it (bsk_rng_jump). The child then draws the 2^128 outputs the parent
 * has skipped, the parent continues beyond them, and every later split hands out the
 * next such block, so no two streams overlap (an agent's rolls never share the dice's).
 * Deterministic: the same parent state gives the same child and parent. */
void bsk_rng_split(bsk_rng *parent, bsk_rng *child);
/* Uniform in [0, bound), bound > 0, without modulo bias (Lemire's multiply and reject
 * on the high 32 bits of one output; a rejection draws again). */
uint32_t bsk_rng_below(bsk_rng *rng, uint32_t bound);
/* A die roll 1..6 (306): 1 + bsk_rng_below(rng, 6). */
int bsk_rng_die(bsk_rng *rng);
/* Fisher–Yates shuffle of `count` pointers (402.2): for i = count down to 2, swap item
 * i−1 with item bsk_rng_below(rng, i). count < 2^32. */
void bsk_rng_shuffle(bsk_rng *rng, const void **items, size_t count);
/* The same shuffle of small indices: the same draws in the same order, so a deck
 * shuffled as pointers or as indices comes out in the same order. */
void bsk_rng_shuffle_u8(bsk_rng *rng, uint8_t *items, size_t count);
void bsk_rng_shuffle_u16(bsk_rng *rng, uint16_t *items, size_t count);

/* ---- Dice (306) ------------------------------------------------------------------ */

#define BSK_DICE_SCRIPT_MAX 64

enum {
    BSK_DICE_SCRIPTED = 1u << 0, /* every roll comes from the script */
    BSK_DICE_EXHAUSTED = 1u << 1 /* a roll was asked of a script with none left */
};

/* The dice of a match: plain data that lives inside a game state (no pointers, copied
 * with it by memcpy). Unscripted it rolls from its own RNG; a position file may script
 * it, and then every roll comes from the script in order. */
typedef struct bsk_dice {
    bsk_rng rng;
    uint8_t script[BSK_DICE_SCRIPT_MAX]; /* rolls 1..6 */
    uint8_t script_len;
    uint8_t script_pos;                  /* the next roll is script[script_pos] */
    uint8_t flags;                       /* BSK_DICE_* */
} bsk_dice;

/* Unscripted dice seeded with `seed` (bsk_rng_seed). */
void bsk_dice_init(bsk_dice *dice, uint64_t seed);
/* Scripts the dice: the next rolls are values[0..count), each 1..6; nothing else is
 * rolled afterwards (the RNG is not consulted while a script is set). Replaces an
 * earlier script and clears the exhausted flag. False, with the dice unchanged, when
 * count > BSK_DICE_SCRIPT_MAX or a value is outside 1..6. count 0 scripts dice that
 * have no roll to give. */
bool bsk_dice_script(bsk_dice *dice, const uint8_t *values, size_t count);
/* A roll 1..6: the script's next value when scripted, else bsk_rng_die. A scripted
 * die with no value left returns 0 and sets BSK_DICE_EXHAUSTED (the engine reports
 * "dice ran out"). */
int bsk_dice_roll(bsk_dice *dice);
/* The scripted rolls left; SIZE_MAX for unscripted dice (they never run out). */
size_t bsk_dice_left(const bsk_dice *dice);
/* Whether a roll was asked of a script that had run out. */
bool bsk_dice_exhausted(const bsk_dice *dice);

#ifdef __cplusplus
}
#endif

#endif
