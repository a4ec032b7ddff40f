/* lib_only.c — links libberserk alone (no jansson, SQLite, curl): lib/ has no
 * third-party dependency (DESIGN §1). Exercises the pool with a hand-made card. */
#include "berserk/card.h"
#include "berserk/pool.h"

#include <stdio.h>
#include <string.h>

int main(void)
{
    bsk_pool pool;
    bsk_card card;
    bsk_pool_init(&pool);
    memset(&card, 0, sizeof card);
    snprintf(card.id, sizeof card.id, "01-101");
    snprintf(card.name, sizeof card.name, "Циклоп");
    snprintf(card.set, sizeof card.set, "01");
    card.elements = 1u << BSK_ELEMENT_FORESTS;
    card.cost = 8;
    card.elite = true;
    if (bsk_pool_add(&pool, &card, NULL) != BSK_OK || !bsk_pool_resolve(&pool, "ЦИКЛОП")) {
        fprintf(stderr, "lib_only: look-up through libberserk alone failed\n");
        return 1;
    }
    bsk_pool_free(&pool);
    printf("lib_only: libberserk links and runs without third-party libraries\n");
    return 0;
}
