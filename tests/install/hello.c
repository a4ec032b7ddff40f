/* hello.c — a C program built against an installed libberserk (tests/install/run.sh): pkg-config
 * finds the headers and the library, and the library's name normaliser and a deal run. The
 * hypergeometric odds need lgamma, so the link needs the -lm that berserk.pc gives. */
#include <berserk/deal.h>
#include <berserk/format.h>
#include <berserk/pool.h>

#include <stdio.h>
#include <string.h>

enum { DECK = 30 };

int main(void)
{
    char name[64];
    bsk_name_normalize("  ЦИКЛОП ", name, sizeof name);
    printf("normalised: %s\n", name);

    /* 10 names of 3 copies: rank-and-file ground creatures of the forests costing 1..10 */
    static bsk_card cards[DECK];
    const bsk_card *deck[DECK];
    for (int i = 0; i < DECK; i++) {
        bsk_card *card = &cards[i];
        memset(card, 0, sizeof *card);
        snprintf(card->id, sizeof card->id, "01-%03d", i / 3 + 1);
        snprintf(card->name, sizeof card->name, "Card %d", i / 3 + 1);
        snprintf(card->set, sizeof card->set, "01");
        card->type = BSK_TYPE_CREATURE;
        card->subtype = BSK_SUBTYPE_GROUND;
        card->elements = 1u << BSK_ELEMENT_FORESTS;
        card->cost = (int16_t)(i / 3 + 1);
        card->life = 3;
        card->movement = 1;
        deck[i] = card;
    }
    bsk_format format;
    bsk_format_init_defaults(&format);
    bsk_sim_deck sim;
    bsk_error error;
    bsk_redeal_policy policy;
    if (bsk_sim_deck_init(&sim, deck, DECK, &format.squad, 1, &error) ||
        bsk_redeal_policy_parse("none", &policy, &error)) {
        fprintf(stderr, "hello: %s\n", error.message);
        return 1;
    }
    bsk_sim_trial trial;
    bsk_sim_run_trial(&sim, &policy, 2026, 0, NULL, &trial);
    printf("deal: %d crystals spent on %d cards\n", trial.spent, trial.squad_size);
    int group[1] = {0};
    printf("P(>=1 of 3 copies in the deal) = %.4f\n", bsk_group_probability(&sim, group, 1, format.squad.deal));
    return trial.spent > 0 ? 0 : 1;
}
