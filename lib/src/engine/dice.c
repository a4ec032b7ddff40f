/* dice.c — the dice of a match (306): a plain value inside the game state that rolls
 * from its own xoshiro256** stream, or replays a script of fixed rolls (position files)
 * and reports when the script runs out rather than rolling at random. */
#include "berserk/assert.h"
#include "berserk/rng.h"

#include <string.h>

void bsk_dice_init(bsk_dice *dice, uint64_t seed)
{
    memset(dice, 0, sizeof *dice);
    bsk_rng_seed(&dice->rng, seed);
}

bool bsk_dice_script(bsk_dice *dice, const uint8_t *values, size_t count)
{
    if (count > BSK_DICE_SCRIPT_MAX)
        return false;
    for (size_t i = 0; i < count; i++)
        if (values[i] < 1 || values[i] > 6)
            return false;
    if (count)
        memcpy(dice->script, values, count);
    dice->script_len = (uint8_t)count;
    dice->script_pos = 0;
    dice->flags = BSK_DICE_SCRIPTED;
    return true;
}

int bsk_dice_roll(bsk_dice *dice)
{
    if (!(dice->flags & BSK_DICE_SCRIPTED))
        return bsk_rng_die(&dice->rng);
    BSK_ASSERT(dice->script_pos <= dice->script_len && dice->script_len <= BSK_DICE_SCRIPT_MAX);
    if (dice->script_pos == dice->script_len) {
        dice->flags |= BSK_DICE_EXHAUSTED;
        return 0;
    }
    return dice->script[dice->script_pos++];
}

size_t bsk_dice_left(const bsk_dice *dice)
{
    if (!(dice->flags & BSK_DICE_SCRIPTED))
        return SIZE_MAX;
    return (size_t)(dice->script_len - dice->script_pos);
}

bool bsk_dice_exhausted(const bsk_dice *dice)
{
    return (dice->flags & BSK_DICE_EXHAUSTED) != 0;
}
