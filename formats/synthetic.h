/* synthetic.h (formats) — test-only synthetic cards (tests/positions/cards/; never shipped,
 * never in catalog/data): a JSON list of card objects in the catalogue's card shape, the fields a
 * position needs, each with a "features" list in the catalogue's feature shape (DESIGN §3 "Card
 * features": src, kind, cost, trigger, condition, optional, abilities, engine), compiled into
 * bsk_feature programs (berserk/card_table.h). Position files name such a file ("cards_file"); game logs carry the cards
 * inline ("synthetic_cards"). Ids start with "test-", so they never collide with the catalogue. */
#ifndef BERSERK_FORMATS_SYNTHETIC_H
#define BERSERK_FORMATS_SYNTHETIC_H

#include "berserk/card.h"
#include "berserk/card_table.h"
#include "berserk/error.h"
#include "berserk/match.h"
#include "json_reader.h"

#include <jansson.h>
#include <stdbool.h>

#define BSK_SYNTHETIC_FILE_CAP (256u << 10) /* 256 KiB */
#define BSK_SYNTHETIC_CARDS_MAX 64
#define BSK_SYNTHETIC_FEATURES_MAX 8         /* features of one card */
#define BSK_SYNTHETIC_ID_PREFIX "test-"

#define BSK_SYNTHETIC_MARKERS_MAX 4          /* named-marker names of one card's features (branch posio) */
#define BSK_SYNTHETIC_FILTERS_MAX 8          /* distinct card filters of one card's features */

/* A card filter of a synthetic card's features (glossary §6.2 CardFilter), with the name it
 * compares (the compiled filter keeps only its key). */
typedef struct bsk_synthetic_filter {
    bsk_feature_filter filter;
    char name[BSK_CARD_NAME_MAX];
    char marker_name[BSK_MARKER_NAME_MAX]; /* group3: "markers".name, read before parse_filter interns it */
    char cell_marker_name[BSK_MARKER_NAME_MAX]; /* cell7 (issue 23): "cell_markers".name, likewise */
} bsk_synthetic_filter;

typedef struct bsk_synthetic_card {
    bsk_card card; /* support keywords_only, set "test"; what the file does not give is null */
    int feature_count;
    bsk_feature features[BSK_SYNTHETIC_FEATURES_MAX];
    /* the card's filters: a feature's filter index n (trigger_filter, an effect's filter or
     * count_filter) is filters[n-1] here, 0 the empty filter; bsk_synthetic_table turns them into the
     * card table's indexes */
    int filter_count;
    bsk_synthetic_filter filters[BSK_SYNTHETIC_FILTERS_MAX];
    /* branch posio: the names of the named markers its features place or remove (an effect's marker n is
     * marker_names[n] here; bsk_synthetic_table turns them into the card table's) */
    int marker_count;
    char marker_names[BSK_SYNTHETIC_MARKERS_MAX][BSK_MARKER_NAME_MAX];
} bsk_synthetic_card;

typedef struct bsk_synthetic_cards {
    int count;
    bsk_synthetic_card cards[BSK_SYNTHETIC_CARDS_MAX];
} bsk_synthetic_cards;

/* Reads a synthetic card file (a JSON array of card objects, at most BSK_SYNTHETIC_FILE_CAP).
 * Errors name the file and the JSON path ("cards/s.json: [1].features[0].abilities[0].effects[0].op:
 * expected wound, heal, …"): BSK_ERR_INVALID for the content, BSK_ERR_IO / BSK_ERR_LIMIT for
 * reading it. */
bsk_status bsk_synthetic_read(const char *path, bsk_synthetic_cards *out, bsk_error *error);
bsk_status bsk_synthetic_parse(const char *text, size_t length, const char *path, bsk_synthetic_cards *out,
                               bsk_error *error);
/* The same from a parsed array; `base` prefixes JSON paths ("synthetic_cards"). */
bsk_status bsk_synthetic_from_json(const bsk_json_reader *reader, const char *base, const json_t *list,
                                   bsk_synthetic_cards *out);

/* The card with id `text`, else the card named `text` (DESIGN §2 name matching); NULL. */
const bsk_card *bsk_synthetic_find(const bsk_synthetic_cards *cards, const char *text);
/* The synthetic card whose bsk_card `card` is, or NULL when it is not one of `cards`. */
const bsk_synthetic_card *bsk_synthetic_of(const bsk_synthetic_cards *cards, const bsk_card *card);

/* A card object as the reader takes it back (keys in catalogue order, then "features"). */
json_t *bsk_synthetic_card_json(const bsk_synthetic_card *card);
/* One feature object in the catalogue's shape ({"src":1,"kind":"triggered","trigger":{"event":
 * "on_death","source":"self"},"optional":false,"abilities":[{"type":"effect_ability","target":{…},
 * "effects":[{"op":"wound","target":"target","X":1}]}],"engine":"generic"}). A trigger may be
 * "optional":true («может»: its controller is asked `use`), choose its target (count 1 with an enemy
 * filter: asked `choose`), and be an «или»: two abilities with "mode" 1 and 2 (asked `mode`). The feature
 * is a compiled one: its filters and named markers are read from `table` (written as {} when NULL). */
json_t *bsk_synthetic_feature_json(const bsk_feature *feature, const bsk_card_table *table);

/* The card table of a position: initialised, then the position's cards added in their order, a
 * synthetic card's features added when it gets its slot (a slot's features come together, in slot
 * order), so bsk_match_from_position finds every card in place. BSK_ERR_LIMIT when full. */
bsk_status bsk_synthetic_table(const bsk_synthetic_cards *cards, const bsk_position *position,
                               bsk_card_table *table, bsk_error *error);

/* catalog2 (issue 22): one feature of a catalogue card (DESIGN §3 schema 2), read by the fixture
 * reader into out->features[out->count] (out->count grows by one): `src` is the printed sentence
 * (1..BSK_SRC_MAX), the feature's filters join the card's filter list (equal ones shared), and a
 * feature whose engine is text_only or a handler the engine lacks keeps only src, kind and engine
 * (any other key is refused). Errors name the JSON path below `path`. */
bsk_status bsk_feature_from_json(const bsk_json_reader *ctx, const char *path, const json_t *value,
                                 const char *card_id, bsk_card_features *out);
/* Feature `index` of a catalogue card as the reader takes it back (DESIGN §3 key order). */
json_t *bsk_feature_to_json(const bsk_card_features *features, int index);

#endif
