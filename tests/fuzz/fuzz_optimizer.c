/* fuzz_optimizer.c — the best-squad optimizer (DESIGN §2 "best squad") against brute force
 * under any weights. The bytes are a small synthetic deal: few names (so copies meet), mixed
 * uniqueness, terrains, flyers near the budget, other budgets, cells and crystals, weights.
 * Invariants: bsk_squad_best equals bsk_squad_best_brute_force in every figure and
 * position, and the choice really recruits (bsk_squad_order, then bsk_recruit_take). */
#include "fuzz.h"

#include "berserk/format.h"
#include "berserk/recruit.h"

#include <stdio.h>
#include <string.h>

typedef struct reader {
    const uint8_t *data;
    size_t size;
    size_t at;
} reader;

static unsigned next(reader *r)
{
    return r->at < r->size ? r->data[r->at++] : 0;
}

static const char *const NAMES[] = {"Альфа", "Бета", "Гамма", "Дельта", "Эпсилон", "Дзета", "Эта", "Тета"};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bsk_card cards[BSK_MAX_DEAL];
    reader r = {data, size, 0};
    bsk_format format;
    bsk_format_init_defaults(&format);
    unsigned flags = next(&r);
    int count = 1 + (int)(next(&r) % 17); /* 1..17: the packed tables stop at 16 positions */
    bool ids = flags & 1;
    if (flags & 2) { /* custom formats: other flyer budgets and crystals */
        format.squad.flyer_budget = (int)(next(&r) % 40);
        format.squad.gold = (int)(next(&r) % 60);
        format.squad.silver = (int)(next(&r) % 60);
    }
    const bsk_card *deal[BSK_MAX_DEAL];
    for (int i = 0; i < count; i++) {
        bsk_card *card = &cards[i];
        unsigned kind = next(&r), cost = next(&r), more = next(&r);
        memset(card, 0, sizeof *card);
        snprintf(card->id, sizeof card->id, "f-%03d", i);
        snprintf(card->name, sizeof card->name, "%s", NAMES[kind & 7]);
        snprintf(card->set, sizeof card->set, "01");
        card->name_id = ids ? (kind & 7) + 1 : 0;
        unsigned type = (kind >> 3) & 7; /* mostly creatures */
        card->type = type < 5 ? BSK_TYPE_CREATURE : type < 7 ? BSK_TYPE_TERRAIN : BSK_TYPE_ARTIFACT;
        card->subtype = card->type != BSK_TYPE_CREATURE ? BSK_SUBTYPE_NONE
                        : (kind & 0x40)                 ? BSK_SUBTYPE_FLYER
                                                        : BSK_SUBTYPE_GROUND;
        card->elite = kind & 0x80;
        card->cost = (int16_t)(cost < 230 ? cost % 13 : cost - 150); /* mostly 0..12, sometimes 80..105 */
        card->elements = (uint8_t)(more & 0x1F);
        card->unique = (int8_t)((more >> 5) % 3 == 2 ? BSK_UNSET : (int)((more >> 5) & 1));
        card->horde = 0;
        deal[i] = card;
    }
    bsk_recruit recruit;
    bsk_recruit_init(&recruit, &format.squad, 1 + (int)((flags >> 2) & 1));
    for (int k = (int)((flags >> 3) & 3); k > 0; k--)
        bsk_recruit_redeal(&recruit);
    bsk_recruit_set_deal(&recruit, deal, count);
    if (flags & 0x20)
        recruit.cells = (int)(next(&r) % 16);
    int weights[BSK_MAX_DEAL];
    const int *use = NULL;
    if (flags & 0x40) { /* --weights: -1000..1000, mostly small */
        for (int i = 0; i < count; i++) {
            int w = (int)next(&r) - 128;
            weights[i] = (flags & 0x80) ? w * 7 : w / 10;
        }
        use = weights;
    }

    fuzz_check_best_squad(&recruit, use);
    return 0;
}
