/* weights.h — the `squad auto --weights` file: {"NAME": weight, ...} (DESIGN §2 "best
 * squad": unlisted cards weigh their cost), names resolved through the pool. Caps: the
 * file at most BSK_WEIGHTS_FILE_CAP (1 MiB), a regular file (a FIFO is refused at once);
 * a weight an integer BSK_WEIGHT_MIN..BSK_WEIGHT_MAX. */
#ifndef BERSERK_FORMATS_WEIGHTS_H
#define BERSERK_FORMATS_WEIGHTS_H

#include "berserk/card.h"
#include "berserk/error.h"
#include "berserk/pool.h"

#include <stddef.h>

#define BSK_WEIGHTS_FILE_CAP (1u << 20) /* 1 MiB */
#define BSK_WEIGHT_MIN (-1000)
#define BSK_WEIGHT_MAX 1000

typedef struct bsk_weight {
    const bsk_card *card; /* the name's printing; the weight applies to every printing of the name */
    int weight;
} bsk_weight;

typedef struct bsk_weights {
    bsk_weight *items; /* in file order; malloc'd */
    size_t count;
} bsk_weights;

/* Reads a weights file. Errors name the file and the key ("w.json: Циклоп: unknown
 * card"). Free with bsk_weights_free, even after a failure. */
bsk_status bsk_weights_read(const char *path, bsk_pool *pool, bsk_weights *weights, bsk_error *error);
/* The same for a weights file held in memory (`path` names it in errors). */
bsk_status bsk_weights_parse(const char *text, size_t length, const char *path, bsk_pool *pool,
                             bsk_weights *weights, bsk_error *error);
void bsk_weights_free(bsk_weights *weights);

#endif
