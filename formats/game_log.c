/* game_log.c — the JSON Lines game log (formats/game_log.h, DESIGN §5): the writer of the header,
 * record and result lines, and the replay that rebuilds the game from the header and re-applies
 * every record, checking each logged die against the engine's and the final hash. */
#include "game_log.h"
#include "file_read.h"
#include "formats.h"
#include "json_reader.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- Writing ---- */

static void write_line(FILE *out, json_t *object)
{
    char *text = json_dumps(object, JSON_COMPACT | JSON_PRESERVE_ORDER);
    if (text) {
        fputs(text, out);
        fputc('\n', out);
        free(text);
    }
    json_decref(object);
}

/* ---- Card fingerprints ---- */

/* FNV-1a, 64 bits, over little-endian values (as the match hash, DESIGN §5). */
typedef struct fnv {
    uint64_t hash;
} fnv;

static void fnv_bytes(fnv *h, const void *data, size_t size)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < size; i++)
        h->hash = (h->hash ^ p[i]) * 1099511628211u;
}

static void fnv_int(fnv *h, long long value)
{
    unsigned char bytes[8];
    for (int i = 0; i < 8; i++)
        bytes[i] = (unsigned char)((unsigned long long)value >> (8 * i));
    fnv_bytes(h, bytes, sizeof bytes);
}

/* A card filter by its content (a feature names it by an index that depends on the table). */
static void fnv_filter(fnv *h, const bsk_card_table *table, int index)
{
    const bsk_feature_filter *f = &table->filters[index];
    long long fields[] = {(long long)f->classes, (long long)f->keywords, f->name_key, f->types, f->subtypes,
                          f->subtypes_not, f->elements, f->side, f->states, f->incorporeal, f->adjacent_to,
                          f->in_row, f->cost_op, f->cost_value, f->elite, f->not_self, f->line, f->diagonal_to,
                          f->behind, f->in_front};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        fnv_int(h, fields[i]);
    if (f->fewest_wounds) { /* dice5 (issue 23) */
        fnv_int(h, 'F');
        fnv_int(h, f->fewest_wounds);
    }
    if (f->left_of | f->right_of) { /* curse4 (issue 23): «слева», «справа» */
        fnv_int(h, 'D');
        fnv_int(h, f->left_of);
        fnv_int(h, f->right_of);
    }
    if (f->marker) { /* group3 (issue 22): the named markers it reads, by name (544.3) */
        fnv_int(h, 'M');
        const char *name = f->marker <= table->marker_name_count ? table->marker_names[f->marker - 1] : "";
        fnv_bytes(h, name, strlen(name));
        fnv_int(h, f->marker_min);
        fnv_int(h, f->marker_counting);
    }
    if (f->element_of) { /* 106.2.3 */
        fnv_int(h, 'E');
        fnv_int(h, f->element_of);
    }
    if (f->moved_last_turn) { /* times3 (issue 22): the history of battle's moves (538.2) */
        fnv_int(h, 'H');
        fnv_int(h, f->moved_last_turn);
    }
    if (f->moved_this_turn) { /* trig5 (issue 23): «перемещавшимся в этот ход» (538.2) */
        fnv_int(h, 'h');
        fnv_int(h, f->moved_this_turn);
    }
    if (f->within) { /* token6 (issue 23): «дальность X» of an effect or a spell (547.1.1) */
        fnv_int(h, 'r');
        fnv_int(h, f->within);
    }
    if (f->armor_left) { /* guard10 (issue 23): units of armor left (glossary «Броня X») */
        fnv_int(h, 'a');
        fnv_int(h, f->armor_left);
    }
    if (f->same_cell | f->magic_ability) { /* move8 (issue 23): the cell it shares, «с магической способностью» */
        fnv_int(h, 'c');
        fnv_int(h, f->same_cell);
        fnv_int(h, f->magic_ability);
    }
    if (f->movement_max) { /* count12 (issue 23): «с {move} X или менее» */
        fnv_int(h, 'v');
        fnv_int(h, f->movement_max);
    }
}

/* The fingerprint of a slot's card as the engine plays it: the compiled entry (numbers, masks,
 * parameters, attacks), the printed facts recruitment reads beside it (cost X, elite, unique,
 * horde, support) and the slot's features. The pointer, the name and the printing are left out. */
static uint64_t slot_fingerprint(const bsk_card_table *table, int slot)
{
    const bsk_card_entry *e = &table->entries[slot];
    const bsk_card *c = e->card;
    fnv h = {14695981039346656037u};
    long long facts[] = {(long long)e->classes, (long long)e->keywords, e->life, e->movement, e->strike[0],
                         e->strike[1], e->strike[2], e->cost, e->type, e->subtype, e->elements, e->flags,
                         e->param_count, e->attack_count, c->cost_x, c->elite, c->unique, c->horde, c->support,
                         c->class_count};
    for (size_t i = 0; i < sizeof facts / sizeof facts[0]; i++)
        fnv_int(&h, facts[i]);
    for (int i = 0; i < e->param_count && i < BSK_ENTRY_PARAMS_MAX; i++) {
        fnv_int(&h, e->params[i].keyword);
        fnv_int(&h, e->params[i].x);
    }
    for (int i = 0; i < e->attack_count && i < BSK_ENTRY_ATTACKS_MAX; i++) {
        const bsk_attack *a = &e->attacks[i];
        long long attack[] = {a->keyword,  a->activation, a->counter_cost, a->index,    a->values[0], a->values[1],
                              a->values[2], a->range,     a->expr_of,      a->expr.var, a->expr.a,    a->expr.b};
        for (size_t k = 0; k < sizeof attack / sizeof attack[0]; k++)
            fnv_int(&h, attack[k]);
    }
    if (table->granted_attacks[slot]) { /* move8 (issue 23): the attacks had only while their keyword is gained */
        fnv_int(&h, 'g');
        fnv_int(&h, table->granted_attacks[slot]);
    }
    int count;
    const bsk_feature *f = bsk_card_table_features(table, slot, &count);
    fnv_int(&h, count);
    for (int i = 0; i < count; i++) {
        /* a one-effect program hashes as the feature of old (the same fingerprints); the rest after */
        const bsk_feature_effect *e0 = &f[i].effects[0];
        long long feature[] = {f[i].kind, f[i].event, e0->op,        f[i].target,
                               e0->value.b, f[i].tap, f[i].counters, f[i].instant};
        for (size_t k = 0; k < sizeof feature / sizeof feature[0]; k++)
            fnv_int(&h, feature[k]);
        long long more[] = {f[i].role, f[i].strengths, f[i].abilities, f[i].condition, f[i].handler,
                            f[i].effect_count - 1, e0->target != f[i].target, e0->value.var, e0->value.a};
        bool plain = true;
        for (size_t k = 0; k < sizeof more / sizeof more[0]; k++)
            plain = plain && more[k] == 0;
        for (size_t k = 0; !plain && k < sizeof more / sizeof more[0]; k++)
            fnv_int(&h, more[k]);
        for (int k = 1; k < f[i].effect_count; k++) {
            const bsk_feature_effect *ek = &f[i].effects[k];
            long long effect[] = {ek->op, ek->target, ek->value.var, ek->value.a, ek->value.b};
            for (size_t j = 0; j < sizeof effect / sizeof effect[0]; j++)
                fnv_int(&h, effect[j]);
        }
        if (f[i].trigger_filter | f[i].limit_per | f[i].limit_count) { /* issue 22: its trigger's filter, limit */
            fnv_filter(&h, table, f[i].trigger_filter);
            fnv_int(&h, f[i].limit_per);
            fnv_int(&h, f[i].limit_count);
        }
        for (int k = 0; k < f[i].effect_count; k++) { /* issue 22: the filters its records read */
            const bsk_feature_effect *ek = &f[i].effects[k];
            if (ek->filter | ek->count_filter) {
                fnv_filter(&h, table, ek->filter);
                fnv_filter(&h, table, ek->count_filter);
            }
            if (ek->from_filter | ek->by_filter) { /* dice5: redirect's conditions on the attack */
                fnv_int(&h, 'R');
                fnv_filter(&h, table, ek->from_filter);
                fnv_filter(&h, table, ek->by_filter);
            }
            if (ek->against) { /* trig5 (issue 23): an attack modifier's other card */
                fnv_int(&h, 'G');
                fnv_filter(&h, table, ek->against);
            }
            if (ek->against_card) { /* swap12 (issue 23): a lasting modifier «по атакованному» */
                fnv_int(&h, 'K');
                fnv_int(&h, ek->against_card);
            }
            if (ek->than_filter) { /* guard10 (issue 23): «больше [F], чем [G]» */
                fnv_int(&h, 'T');
                fnv_filter(&h, table, ek->than_filter);
            }
            if (ek->at_most | ek->attack.expr_of) { /* blow11 (issue 23): a spawned attack «на X (максимум на N)» */
                fnv_int(&h, 'M');
                fnv_int(&h, ek->at_most);
                fnv_int(&h, ek->attack.expr_of);
                fnv_int(&h, ek->attack.expr.var);
                fnv_int(&h, ek->attack.expr.a);
                fnv_int(&h, ek->attack.expr.b);
            }
        }
        for (int k = 0; k < f[i].effect_count; k++) { /* issue 22's op parameters, when an op has them */
            const bsk_feature_effect *ek = &f[i].effects[k];
            if (ek->keyword | ek->duration | ek->param) {
                fnv_int(&h, ek->keyword);
                fnv_int(&h, ek->duration);
                fnv_int(&h, ek->param);
            }
            if (ek->feature_src | ek->marker) { /* branch posio: an acquired feature's src, a marker name */
                fnv_int(&h, 'P');
                fnv_int(&h, ek->feature_src);
                fnv_int(&h, ek->marker);
                if (ek->feature_card) /* acquired4: the target's card's feature */
                    fnv_int(&h, ek->feature_card);
            }
            if (ek->strength | ek->place) { /* branch ops2: set_attack_strength, return_to_deck */
                fnv_int(&h, ek->strength);
                fnv_int(&h, ek->place);
            }
            if (ek->attack.keyword) { /* an attack the feature prints (spawn_attack): kind, values, range */
                fnv_int(&h, 'A');
                fnv_int(&h, ek->attack.keyword);
                for (int v = 0; v < 3; v++)
                    fnv_int(&h, ek->attack.values[v]);
                fnv_int(&h, ek->attack.range);
            }
            if (ek->spell) { /* grave5 (issue 23): a spell's record */
                fnv_int(&h, 'S');
                fnv_int(&h, ek->spell);
            }
            if (ek->link | ek->optional) { /* compound3: how it combines with the records before it (505) */
                fnv_int(&h, 'L');
                fnv_int(&h, ek->link);
                fnv_int(&h, ek->optional);
            }
        }
        /* static2 (issue 22): the condition's filter and count (filters by content), the costs beyond
         * tap and counters; only when one is there */
        if (f[i].fight_side | f[i].miss | f[i].first_per) { /* events3 (issue 22): the trigger's side, miss, first */
            fnv_int(&h, 'E');
            fnv_int(&h, f[i].fight_side);
            fnv_int(&h, f[i].miss);
            fnv_int(&h, f[i].first_per);
        }
        if (f[i].group_count) { /* group3 (issue 22): a group target's N */
            fnv_int(&h, 'G');
            fnv_int(&h, f[i].group_count);
        }
        if (f[i].roll_value) { /* branch dice3 (issue 22): on_die_roll's value */
            fnv_int(&h, 'R');
            fnv_int(&h, f[i].roll_value);
        }
        if (f[i].wounded_target) { /* react10 (issue 23): on_attack_wounds naming the wounded card */
            fnv_int(&h, 'w');
            fnv_int(&h, f[i].wounded_target);
        }
        if (f[i].during) { /* dice5 (issue 23): whose turn */
            fnv_int(&h, 'W');
            fnv_int(&h, f[i].during);
        }
        if (f[i].at_least) { /* trig4 (issue 23): on_counters_lost's, on_wounds_taken's "at_least" */
            fnv_int(&h, 'M');
            fnv_int(&h, f[i].at_least);
        }
        if (f[i].destroyed_filter | f[i].gain_keyword) { /* curse4 (issue 23): on_destroys's and would_gain_feature's */
            fnv_int(&h, 'V');
            fnv_filter(&h, table, f[i].destroyed_filter);
            fnv_int(&h, f[i].gain_keyword);
        }
        if (f[i].cost_destroy_self | f[i].cost_extra_lives | f[i].cost_return_self) { /* branch costs4 (issue 22) */
            fnv_int(&h, 'K');
            fnv_int(&h, f[i].cost_destroy_self);
            fnv_int(&h, f[i].cost_extra_lives);
            fnv_int(&h, f[i].cost_return_self);
        }
        long long extra[] = {f[i].if_op, f[i].if_value, f[i].cost_wound, f[i].cost_tap_adjacent};
        bool none = !f[i].if_source && !f[i].if_count;
        for (size_t k = 0; k < sizeof extra / sizeof extra[0]; k++)
            none = none && extra[k] == 0;
        if (!none) {
            fnv_filter(&h, table, f[i].if_source);
            fnv_filter(&h, table, f[i].if_count);
            for (size_t k = 0; k < sizeof extra / sizeof extra[0]; k++)
                fnv_int(&h, extra[k]);
        }
    }
    return h.hash;
}

typedef struct slot_order {
    const bsk_card_table *table;
    int slot;
} slot_order;

static int compare_slots(const void *a, const void *b)
{
    const slot_order *x = a, *y = b;
    return strcmp(x->table->entries[x->slot].card->id, y->table->entries[y->slot].card->id);
}

/* The fingerprint of the whole table: FNV-1a over each card's id and fingerprint, in id order (so
 * it does not depend on the order the cards got their slots). */
static uint64_t table_fingerprint(const bsk_card_table *table)
{
    slot_order order[BSK_CARD_TABLE_MAX];
    int count = table->count < BSK_CARD_TABLE_MAX ? table->count : BSK_CARD_TABLE_MAX;
    for (int i = 0; i < count; i++)
        order[i] = (slot_order){table, i};
    qsort(order, (size_t)count, sizeof order[0], compare_slots);
    fnv h = {14695981039346656037u};
    for (int i = 0; i < count; i++) {
        const char *id = table->entries[order[i].slot].card->id;
        fnv_bytes(&h, id, strlen(id) + 1);
        fnv_int(&h, (long long)slot_fingerprint(table, order[i].slot));
    }
    return h.hash;
}

static void hex64(uint64_t value, char out[17])
{
    snprintf(out, 17, "%016llx", (unsigned long long)value);
}

/* "cards_fingerprint" and "card_fingerprints":{ID:…} (DESIGN §5 "Game log") from the cards of `table`. */
static void add_fingerprints(json_t *root, const bsk_card_table *table)
{
    char hex[17];
    hex64(table_fingerprint(table), hex);
    json_object_set_new(root, "cards_fingerprint", json_string(hex));
    json_t *each = json_object();
    for (int slot = 0; slot < table->count; slot++) {
        hex64(slot_fingerprint(table, slot), hex);
        json_object_set_new(each, table->entries[slot].card->id, json_string(hex));
    }
    json_object_set_new(root, "card_fingerprints", each);
}

static json_t *header(uint64_t seed, int catalog_revision)
{
    json_t *root = json_object();
    json_object_set_new(root, "log", json_integer(1));
    json_object_set_new(root, "engine", json_integer(BSK_MATCH_ENGINE_VERSION));
    json_object_set_new(root, "seed", json_integer((json_int_t)seed));
    json_object_set_new(root, "catalog_revision", json_integer(catalog_revision));
    return root;
}

void bsk_game_log_write_game_header(FILE *out, uint64_t seed, int catalog_revision, const char *format,
                                    const bsk_game_log_player players[2], int first)
{
    json_t *root = header(seed, catalog_revision);
    if (format)
        json_object_set_new(root, "format", json_string(format));
    if (first == 1 || first == 2)
        json_object_set_new(root, "first", json_integer(first));
    json_t *list = json_array();
    for (int p = 0; p < 2; p++) {
        json_t *cards = json_array();
        for (int i = 0; i < players[p].count;) {
            int run = 1; /* consecutive copies: the deck order survives */
            while (i + run < players[p].count && players[p].cards[i + run] == players[p].cards[i])
                run++;
            json_array_append_new(cards, json_pack("{s:s,s:i}", "id", players[p].cards[i]->id, "count", run));
            i += run;
        }
        json_t *deck = json_object();
        json_object_set_new(deck, "name", json_string(players[p].deck_name ? players[p].deck_name : ""));
        json_object_set_new(deck, "cards", cards);
        json_t *player = json_object();
        json_object_set_new(player, "deck", deck);
        json_object_set_new(player, "agent", players[p].agent ? json_string(players[p].agent) : json_null());
        if (players[p].squad)
            json_object_set_new(player, "squad", json_true());
        json_array_append_new(list, player);
    }
    json_object_set_new(root, "players", list);
    bsk_card_table *table = malloc(sizeof *table);
    if (table) { /* the cards in the order bsk_match_new gives them slots */
        bsk_card_table_init(table);
        for (int p = 0; p < 2; p++)
            for (int i = 0; i < players[p].count; i++)
                bsk_card_table_add(table, players[p].cards[i]);
        add_fingerprints(root, table);
        free(table);
    }
    write_line(out, root);
}

void bsk_game_log_write_position_header(FILE *out, int catalog_revision, const bsk_position_file *position)
{
    json_t *root = header(position->position.seed, catalog_revision);
    json_object_set_new(root, "position", bsk_position_setup_json(position));
    bsk_card_table *table = malloc(sizeof *table);
    bsk_error error;
    bsk_error_clear(&error);
    if (table && bsk_synthetic_table(&position->synthetic, &position->position, table, &error) == BSK_OK)
        add_fingerprints(root, table);
    free(table);
    write_line(out, root);
}

void bsk_game_log_write_record(FILE *out, const bsk_record *record) { write_line(out, bsk_record_json(record)); }

void bsk_game_log_write_end(FILE *out, const bsk_match *m)
{
    json_t *root = json_object();
    char hash[17];
    bsk_match_hash_format(bsk_match_hash(m), hash);
    json_object_set_new(root, "result", bsk_position_result_json(m));
    json_object_set_new(root, "actions", json_integer(m->actions));
    json_object_set_new(root, "turns", json_integer(m->turn));
    json_object_set_new(root, "hash", json_string(hash));
    write_line(out, root);
}

/* ---- Replay ---- */

typedef struct replay_state {
    const char *path;
    int line;
    bsk_pool *pool;
    bsk_replay *replay;
    bsk_error *error;
    bsk_record expected[BSK_MATCH_DICE_SCRIPT_MAX]; /* the engine's dice of the last record */
    int expected_count, expected_used;
    int revision; /* the catalogue's */
} replay_state;

static bsk_status line_error(replay_state *s, const char *rule, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static bsk_status line_error(replay_state *s, const char *rule, const char *format, ...)
{
    char message[BSK_ERROR_MESSAGE_MAX];
    va_list args;
    va_start(args, format);
    vsnprintf(message, sizeof message, format, args);
    va_end(args);
    bsk_error_clear(s->error);
    bsk_error_set(s->error, BSK_ERR_INVALID, rule, "%s", message);
    bsk_error_set_file(s->error, s->path);
    s->error->line = s->line;
    return BSK_ERR_INVALID;
}

/* Errors of the JSON reader name the line's own line 1: they become the log's line. */
static bsk_status at_line(replay_state *s, bsk_status status)
{
    if (status)
        s->error->line = s->line;
    return status;
}

static bsk_status add_record(replay_state *s, const bsk_record *record)
{
    bsk_record_list *list = &s->replay->records;
    if (list->count == list->capacity) {
        size_t capacity = list->capacity ? list->capacity * 2 : 256;
        bsk_record *items = realloc(list->items, capacity * sizeof *items);
        if (!items)
            return bsk_error_set(s->error, BSK_ERR_NOMEM, "log.memory", "out of memory");
        list->items = items;
        list->capacity = capacity;
    }
    list->items[list->count++] = *record;
    return BSK_OK;
}

static bsk_status check_int(replay_state *s, const json_t *root, const char *key, long long want, const char *what)
{
    const json_t *value = json_object_get(root, key);
    if (!json_is_integer(value))
        return line_error(s, "log.header", "%s: expected an integer", key);
    if (json_integer_value(value) != want)
        return line_error(s, what, "a log of %s %lld; this is %s %lld", key, (long long)json_integer_value(value),
                          key, want);
    return BSK_OK;
}

static bsk_status setup_game(replay_state *s, const json_t *root, uint64_t seed)
{
    static const char *const keys[] = {"log",    "engine", "seed",  "catalog_revision", "players",
                                       "format", "first",  "cards_fingerprint", "card_fingerprints"};
    bsk_json_reader ctx = {s->path, "log.syntax", "log.header", s->error};
    if (at_line(s, bsk_json_check_keys(&ctx, "", root, keys, 9, 5)))
        return BSK_ERR_INVALID;
    const json_t *players = json_object_get(root, "players");
    if (!json_is_array(players) || json_array_size(players) != 2)
        return line_error(s, "log.header", "players: expected two players");
    const json_t *first_value = json_object_get(root, "first");
    int first = 0;
    if (first_value) {
        if (!json_is_integer(first_value) || json_integer_value(first_value) < 1 || json_integer_value(first_value) > 2)
            return line_error(s, "log.header", "first: expected 1 or 2");
        first = (int)json_integer_value(first_value);
    }
    bsk_format format;
    const json_t *format_value = json_object_get(root, "format");
    if (format_value && !json_is_string(format_value))
        return line_error(s, "log.header", "format: expected a format id");
    if (at_line(s, bsk_format_find(format_value ? json_string_value(format_value) : "constructed", &format,
                                   s->error)))
        return BSK_ERR_INVALID;
    const bsk_card *deck_cards[2][BSK_MATCH_DECK_MAX];
    bsk_match_deck decks[2];
    for (int p = 0; p < 2; p++) {
        const json_t *cards = json_object_get(json_object_get(json_array_get(players, (size_t)p), "deck"), "cards");
        if (!json_is_array(cards))
            return line_error(s, "log.header", "players[%d].deck.cards: expected an array", p);
        int count = 0;
        for (size_t i = 0; i < json_array_size(cards); i++) {
            const json_t *entry = json_array_get(cards, i);
            const json_t *id = json_object_get(entry, "id"), *n = json_object_get(entry, "count");
            const bsk_card *card = json_is_string(id) ? bsk_pool_find_id(s->pool, json_string_value(id)) : NULL;
            if (!card)
                return line_error(s, "log.header", "players[%d].deck.cards[%zu].id: no such card id", p, i);
            if (!json_is_integer(n))
                return line_error(s, "log.header", "players[%d].deck.cards[%zu].count: expected an integer, got %s", p,
                                  i, n ? bsk_json_type_name(n) : "nothing");
            if (json_integer_value(n) < 1 || json_integer_value(n) > BSK_MATCH_DECK_MAX - count)
                return line_error(s, "log.header",
                                  "players[%d].deck.cards[%zu].count: %lld is out of range (1..%d cards in all, %d "
                                  "before it)",
                                  p, i, (long long)json_integer_value(n), BSK_MATCH_DECK_MAX, count);
            for (json_int_t k = 0; k < json_integer_value(n); k++)
                deck_cards[p][count++] = card;
        }
        decks[p].cards = deck_cards[p];
        decks[p].count = count;
        const json_t *squad = json_object_get(json_array_get(players, (size_t)p), "squad");
        if (squad && !json_is_boolean(squad))
            return line_error(s, "log.header", "players[%d].squad: expected true or false", p);
        decks[p].squad = squad && json_is_true(squad);
    }
    bsk_card_table_init(&s->replay->cards);
    if (bsk_match_new(&s->replay->match, &s->replay->cards, &format.squad, decks, seed, first, s->error))
        return line_error(s, "log.header", "the game cannot start: %s", s->error->message);
    bsk_replay *r = s->replay;
    r->seed = seed;
    r->first = first;
    snprintf(r->format, sizeof r->format, "%s", format_value ? json_string_value(format_value) : "constructed");
    for (int p = 0; p < 2; p++) {
        const json_t *player = json_array_get(players, (size_t)p);
        const char *name = json_string_value(json_object_get(json_object_get(player, "deck"), "name"));
        const char *agent = json_string_value(json_object_get(player, "agent"));
        snprintf(r->players[p].deck_name, sizeof r->players[p].deck_name, "%s", name ? name : "");
        snprintf(r->players[p].agent, sizeof r->players[p].agent, "%s", agent ? agent : "");
        memcpy(r->players[p].cards, deck_cards[p], (size_t)decks[p].count * sizeof deck_cards[p][0]);
        r->players[p].count = decks[p].count;
        r->players[p].squad = decks[p].squad;
    }
    memcpy(&r->start, &r->match, sizeof r->start);
    return BSK_OK;
}

static bsk_status setup_position(replay_state *s, const json_t *root)
{
    static const char *const keys[] = {"log", "engine", "seed", "catalog_revision", "position", "cards_fingerprint",
                                       "card_fingerprints"};
    bsk_json_reader ctx = {s->path, "log.syntax", "log.header", s->error};
    if (at_line(s, bsk_json_check_keys(&ctx, "", root, keys, 7, 5)))
        return BSK_ERR_INVALID;
    s->replay->setup = malloc(sizeof *s->replay->setup);
    if (!s->replay->setup)
        return bsk_error_set(s->error, BSK_ERR_NOMEM, "log.memory", "out of memory");
    s->replay->position = true;
    if (json_object_get(json_object_get(root, "position"), "cards_file")) /* a log reads no other file */
        return line_error(s, "log.header", "position.cards_file: a game log holds its synthetic cards inline "
                                           "(synthetic_cards)");
    if (at_line(s, bsk_position_from_json(&ctx, "position", json_object_get(root, "position"), s->pool,
                                          s->replay->setup)))
        return BSK_ERR_INVALID;
    if (bsk_synthetic_table(&s->replay->setup->synthetic, &s->replay->setup->position, &s->replay->cards, s->error) ||
        bsk_match_from_position(&s->replay->match, &s->replay->cards, &s->replay->setup->position, s->error))
        return line_error(s, "log.header", "position: %s [%s]", s->error->message, s->error->rule);
    memcpy(&s->replay->start, &s->replay->match, sizeof s->replay->start);
    return BSK_OK;
}

static bool is_hex64(const json_t *value)
{
    const char *text = json_string_value(value);
    if (!text || strlen(text) != 16)
        return false;
    return strspn(text, "0123456789abcdef") == 16;
}

/* The header's fingerprints against the cards of this catalogue (the replay's table): a card whose
 * facts differ is named; a log without them (written before they existed) is not checked. */
static bsk_status check_fingerprints(replay_state *s, const json_t *root)
{
    const bsk_card_table *table = &s->replay->cards;
    const json_t *each = json_object_get(root, "card_fingerprints");
    if (each) {
        if (!json_is_object(each))
            return line_error(s, "log.header", "card_fingerprints: expected an object of card ids");
        const char *id;
        const json_t *value;
        json_object_foreach((json_t *)each, id, value) {
            char shown[BSK_CARD_ID_MAX + 8];
            snprintf(shown, sizeof shown, "%s", id);
            bsk_utf8_trim_cut(shown);
            if (!is_hex64(value))
                return line_error(s, "log.header", "card_fingerprints.%s: expected 16 hexadecimal digits", shown);
            int slot = bsk_card_table_find(table, id);
            if (slot < 0)
                return line_error(s, "log.cards", "card_fingerprints.%s: the game uses no such card", shown);
            char hex[17];
            hex64(slot_fingerprint(table, slot), hex);
            if (strcmp(hex, json_string_value(value)) != 0)
                return line_error(s, "log.cards",
                                  "card %s \"%s\" differs from the one the log was played with (its facts in this "
                                  "catalogue have fingerprint %s, the log's %s); replay it on that catalogue",
                                  table->entries[slot].card->id, table->entries[slot].card->name, hex,
                                  json_string_value(value));
        }
    }
    const json_t *whole = json_object_get(root, "cards_fingerprint");
    if (!whole)
        return BSK_OK;
    if (!is_hex64(whole))
        return line_error(s, "log.header", "cards_fingerprint: expected 16 hexadecimal digits");
    char hex[17];
    hex64(table_fingerprint(table), hex);
    if (strcmp(hex, json_string_value(whole)) != 0)
        return line_error(s, "log.cards",
                          "the cards of this catalogue differ from those the log was played with (cards_fingerprint "
                          "%s, the log's %s)",
                          hex, json_string_value(whole));
    return BSK_OK;
}

static bsk_status read_header(replay_state *s, const json_t *root)
{
    if (!json_is_object(root))
        return line_error(s, "log.header", "expected the header object");
    if (check_int(s, root, "log", 1, "log.version") ||
        check_int(s, root, "engine", BSK_MATCH_ENGINE_VERSION, "log.engine"))
        return BSK_ERR_INVALID;
    /* A log of another catalogue revision is refused; when it carries card fingerprints, the refusal
     * names a card of the game that changed, if one did. */
    const json_t *revision = json_object_get(root, "catalog_revision");
    bool other_revision = json_is_integer(revision) && json_integer_value(revision) != s->revision;
    if ((!other_revision || !json_object_get(root, "card_fingerprints")) &&
        check_int(s, root, "catalog_revision", s->revision, "log.catalog_revision"))
        return BSK_ERR_INVALID;
    const json_t *seed = json_object_get(root, "seed");
    if (!json_is_integer(seed) || json_integer_value(seed) < 0)
        return line_error(s, "log.header", "seed: expected an integer 0..9223372036854775807");
    bsk_status status = json_object_get(root, "position") ? setup_position(s, root)
                                                           : setup_game(s, root, (uint64_t)json_integer_value(seed));
    if (!other_revision)
        return status ? status : check_fingerprints(s, root);
    char changed[BSK_ERROR_MESSAGE_MAX] = "";
    if (!status && check_fingerprints(s, root) && strcmp(s->error->rule, "log.cards") == 0)
        snprintf(changed, sizeof changed, ", where %.400s", s->error->message);
    bsk_utf8_trim_cut(changed);
    return line_error(s, changed[0] ? "log.cards" : "log.catalog_revision", "a log of catalog_revision %lld; this is "
                      "catalog_revision %d%s", (long long)json_integer_value(revision), s->revision, changed);
}

static bsk_status missing_rolls(replay_state *s)
{
    if (s->expected_used >= s->expected_count)
        return BSK_OK;
    const bsk_record *e = &s->expected[s->expected_used];
    return line_error(s, "log.roll", "the engine rolled a %d (player %d%s%s) that the log does not show", e->value,
                      e->player, e->from[0] ? ", " : "", e->from);
}

static bsk_status apply_record(replay_state *s, const bsk_record *record, bsk_replay_step_fn step, void *context)
{
    bsk_replay *r = s->replay;
    if (record->type == BSK_RECORD_ROLL) {
        if (s->expected_used >= s->expected_count)
            return line_error(s, "log.roll", "a roll of %d the engine did not make", record->value);
        const bsk_record *e = &s->expected[s->expected_used++];
        if (e->value != record->value || e->player != record->player || strcmp(e->from, record->from) != 0)
            return line_error(s, "log.roll", "the log's roll %d (player %d%s%s) is not the engine's %d (player %d%s%s)",
                              record->value, record->player, record->from[0] ? ", " : "", record->from, e->value,
                              e->player, e->from[0] ? ", " : "", e->from);
        return add_record(s, record);
    }
    if (missing_rolls(s))
        return BSK_ERR_INVALID;
    bsk_action action;
    bsk_error why;
    bsk_error_clear(&why);
    /* a take, place or order by name means the first copy of that name (lib's copies.c) */
    if (bsk_record_to_action(&r->match, &r->cards, record, &action, &why))
        return line_error(s, "log.record", "an illegal record: %s [%s]", why.message, why.rule);
    bsk_event items[BSK_MATCH_DICE_SCRIPT_MAX * 2];
    bsk_events events = {items, 0, sizeof items / sizeof items[0], 0};
    if (bsk_match_apply(&r->match, &r->cards, &action, &events, &why))
        return line_error(s, "log.record", "an illegal record: %s [%s]", why.message, why.rule);
    if (bsk_match_dice_exhausted(&r->match))
        return line_error(s, "log.roll", "the position's dice ran out");
    bsk_record_list rolls = {s->expected, 0, BSK_MATCH_DICE_SCRIPT_MAX, 0};
    bsk_record_add_rolls(&r->match, &events, 0, &rolls);
    s->expected_count = (int)rolls.count;
    s->expected_used = 0;
    bsk_status status = add_record(s, record);
    if (!status && step)
        step(context, &r->match, &r->cards, record);
    return status;
}

static bsk_status read_end(replay_state *s, const json_t *root)
{
    static const char *const keys[] = {"result", "actions", "turns", "hash"};
    bsk_json_reader ctx = {s->path, "log.syntax", "log.end", s->error};
    if (at_line(s, bsk_json_check_keys(&ctx, "", root, keys, 4, 4)) || missing_rolls(s))
        return BSK_ERR_INVALID;
    const bsk_match *m = &s->replay->match;
    if (check_int(s, root, "actions", m->actions, "log.end") || check_int(s, root, "turns", m->turn, "log.end"))
        return BSK_ERR_INVALID;
    json_t *result = bsk_position_result_json(m);
    bool same = json_equal(result, json_object_get(root, "result"));
    json_decref(result);
    if (!same)
        return line_error(s, "log.end", "the logged result is not the replay's");
    char hash[17];
    bsk_match_hash_format(bsk_match_hash(m), hash);
    const json_t *logged = json_object_get(root, "hash");
    if (!json_is_string(logged) || strcmp(json_string_value(logged), hash) != 0)
        return line_error(s, "log.hash", "the logged hash %s is not the replay's %s",
                          json_is_string(logged) ? json_string_value(logged) : "(none)", hash);
    return BSK_OK;
}

bsk_status bsk_game_log_replay_text(const char *text, size_t length, const char *path, bsk_pool *pool,
                                    int catalog_revision, bsk_replay *replay, bsk_replay_step_fn step, void *context,
                                    bsk_error *error)
{
    memset(replay, 0, sizeof *replay);
    replay_state *s = calloc(1, sizeof *s);
    if (!s)
        return bsk_error_set(error, BSK_ERR_NOMEM, "log.memory", "out of memory");
    *s = (replay_state){path, 0, pool, replay, error, {{0}}, 0, 0, catalog_revision};
    bsk_json_reader ctx = {path, "log.syntax", "log.record", error};
    bsk_status status = BSK_OK;
    bool ended = false;
    size_t at = 0;
    while (at < length && !status) {
        const char *start = text + at;
        const char *newline = memchr(start, '\n', length - at);
        size_t size = newline ? (size_t)(newline - start) : length - at;
        at += size + (newline ? 1 : 0);
        s->line++;
        if (ended) {
            if (size)
                status = line_error(s, "log.end", "a line after the result line");
            continue;
        }
        size_t cap = s->line == 1 ? BSK_GAME_LOG_HEADER_MAX : BSK_GAME_LOG_LINE_MAX;
        if (size > cap) {
            status = line_error(s, "log.syntax", "a line over %zu bytes", cap);
            break;
        }
        size_t blank = 0;
        while (blank < size && (start[blank] == ' ' || start[blank] == '\t' || start[blank] == '\r'))
            blank++;
        if (blank == size) { /* not "the file is empty": the log is not, this line is */
            status = line_error(s, "log.syntax", "blank line (every line of a game log is one JSON object)");
            break;
        }
        json_t *root = bsk_json_parse(&ctx, start, size);
        if (!root) {
            status = at_line(s, BSK_ERR_INVALID);
            break;
        }
        if (s->line == 1) {
            status = read_header(s, root);
        } else if (json_is_object(root) && json_object_get(root, "result")) {
            status = read_end(s, root);
            ended = true;
        } else {
            bsk_record record;
            status = at_line(s, bsk_record_parse_json(&ctx, "", root, pool,
                                                      BSK_RECORD_JSON_DECLARATION | BSK_RECORD_JSON_ANSWER |
                                                          BSK_RECORD_JSON_ROLL,
                                                      &record));
            if (!status)
                status = apply_record(s, &record, step, context);
        }
        json_decref(root);
    }
    if (!status && s->line == 0)
        status = line_error(s, "log.header", "an empty log");
    else if (!status && !ended)
        status = line_error(s, "log.end", "the log is cut: no result line after line %d", s->line);
    free(s);
    return status;
}

bsk_status bsk_game_log_replay(const char *path, bsk_pool *pool, int catalog_revision, bsk_replay *replay,
                               bsk_replay_step_fn step, void *context, bsk_error *error)
{
    memset(replay, 0, sizeof *replay);
    char *text;
    size_t length;
    bsk_status status = bsk_file_read(path, BSK_GAME_LOG_FILE_CAP, "log.file", &text, &length, error);
    if (status)
        return status;
    status = bsk_game_log_replay_text(text, length, path, pool, catalog_revision, replay, step, context, error);
    free(text);
    return status;
}

void bsk_replay_free(bsk_replay *replay)
{
    free(replay->records.items);
    free(replay->setup);
    replay->records = (bsk_record_list){0};
    replay->setup = NULL;
}
