/* format.h — a tournament format as data (DESIGN §2): deck size bounds, copies per
 * name, horde copies, banned and restricted names with the date they take effect, legal
 * sets, the pool requirement of sealed/draft, and the squad parameters of the
 * preliminary phase. The loader of format files lives in formats/. */
#ifndef BERSERK_FORMAT_H
#define BERSERK_FORMAT_H

#include "berserk/card.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BSK_FORMAT_ID_MAX 48
#define BSK_FORMAT_NAME_MAX 128
#define BSK_FORMAT_MAX_SETS 64
#define BSK_FORMAT_MAX_LISTED 256 /* banned + restricted entries */
#define BSK_DATE_MAX 11           /* "YYYY-MM-DD" */

typedef struct bsk_format_listing {
    char name[BSK_CARD_NAME_MAX]; /* as written in the format file */
    int copies;                   /* restricted: copies allowed; banned: 0 */
    char from[BSK_DATE_MAX];      /* in force from this date (inclusive); "" = always */
} bsk_format_listing;

/* Squad parameters (402.1, 402.2, 402.4, 403.2.3). */
typedef struct bsk_squad_params {
    int gold;                 /* 24: the first player's gold crystals (402.1) */
    int silver;               /* 22 */
    int second_player_gold;   /* +1 for the second player (402.1) */
    int second_player_silver; /* +1 */
    int deal;                 /* 15 cards dealt (402.2) */
    int flyer_budget;         /* 15 crystals spent on flyers at most (403.2.3) */
    int cells;                /* 15 placement cells: no more cards than that (403.2.3) */
    int redeal_gold;          /* 1 gold per redeal (402.4) */
} bsk_squad_params;

typedef struct bsk_format {
    char id[BSK_FORMAT_ID_MAX];
    char name[BSK_FORMAT_NAME_MAX];
    int deck_min;     /* BSK_UNSET = no minimum */
    int deck_max;     /* BSK_UNSET = no maximum */
    int copies;       /* copies per name, BSK_UNSET = any number */
    int horde_copies; /* copies of a horde name, BSK_UNSET = same as copies */
    int set_count;    /* -1 = every set is legal */
    char sets[BSK_FORMAT_MAX_SETS][BSK_SET_ID_MAX];
    int banned_count;
    bsk_format_listing banned[BSK_FORMAT_MAX_LISTED];
    int restricted_count;
    bsk_format_listing restricted[BSK_FORMAT_MAX_LISTED];
    bool pool; /* every card must come from the player's pool (sealed, draft) */
    bsk_squad_params squad;
} bsk_format;

/* The rules' defaults: constructed (30–50 cards, 3 copies, 5 with horde, sets 01–07,
 * 21, 22) and the squad parameters of 402–403. */
void bsk_format_init_defaults(bsk_format *format);

/* True when a printing of set `set_id` is legal in the format. */
bool bsk_format_allows_set(const bsk_format *format, const char *set_id);

/* The listing of `name` in force on `date` ("YYYY-MM-DD"), or NULL. Names compare
 * normalised. */
const bsk_format_listing *bsk_format_banned(const bsk_format *format, const char *name, const char *date);
const bsk_format_listing *bsk_format_restricted(const bsk_format *format, const char *name, const char *date);

#ifdef __cplusplus
}
#endif

#endif
