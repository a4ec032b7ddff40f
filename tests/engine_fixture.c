/* engine_fixture.c — the shared set-up of the engine's unit tests (engine_fixture.h): synthetic
 * cards, positions built cell by cell, actions applied with a failed check on refusal. */
#include "engine_fixture.h"
#include "formats.h"

#include "berserk/board.h"

#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bsk_card make_card(const char *id, const char *name, int type, int subtype, int cost, bool elite, int life,
                   int movement, int weak, int medium, int strong)
{
    bsk_card c;
    memset(&c, 0, sizeof c);
    snprintf(c.id, sizeof c.id, "%s", id);
    snprintf(c.name, sizeof c.name, "%s", name);
    snprintf(c.set, sizeof c.set, "test");
    c.nxt_id = BSK_UNSET;
    c.type = (uint8_t)type;
    c.subtype = (uint8_t)subtype;
    c.cost = (int16_t)cost;
    c.elite = elite;
    c.life = (int16_t)life;
    c.movement = (int16_t)movement;
    c.simple_strike[0] = (int8_t)weak;
    c.simple_strike[1] = (int8_t)medium;
    c.simple_strike[2] = (int8_t)strong;
    c.support = BSK_SUPPORT_KEYWORDS_ONLY;
    return c;
}

void add_keyword(bsk_card *c, int id, int x)
{
    bsk_keyword *k = &c->keywords[c->keyword_count++];
    memset(k, 0, sizeof *k);
    k->id = (uint8_t)id;
    if (x >= 0) {
        k->has = BSK_KEYWORD_HAS_X;
        k->x.value = x;
    }
}

void add_attack(bsk_card *c, int id, int activation, int weak, int medium, int strong, int range)
{
    bsk_keyword *k = &c->keywords[c->keyword_count++];
    memset(k, 0, sizeof *k);
    k->id = (uint8_t)id;
    k->activation = (uint8_t)activation;
    k->has = BSK_KEYWORD_HAS_VALUES | (range > 0 ? BSK_KEYWORD_HAS_RANGE : 0);
    k->values[0].value = weak;
    k->values[1].value = medium;
    k->values[2].value = strong;
    k->range.value = range;
}

bsk_feature instant_wound(int value)
{
    return bsk_feature_simple(BSK_FEATURE_ACTIVATED, BSK_EVENT_NONE, BSK_OP_WOUND, BSK_TARGET_ANY_ENEMY, (int8_t)value, 1, 0, 1);
}

void give(bsk_card_table *table, const bsk_card *card, bsk_feature f)
{
    int slot = bsk_card_table_add(table, card);
    ck_assert_int_ge(slot, 0);
    ck_assert_int_ge(bsk_card_table_add_feature(table, slot, &f), 0);
}

int cell(const char *name)
{
    int c = bsk_cell_parse(name);
    ck_assert_msg(c >= 0, "bad cell %s", name);
    return c;
}

bsk_position_card *put(bsk_position *pos, const bsk_card *card, int owner, const char *where)
{
    bsk_position_card *pc = &pos->cards[pos->card_count++];
    memset(pc, 0, sizeof *pc);
    pc->card = card;
    pc->owner = owner;
    pc->host_cell = -1;
    if (strcmp(where, "extra") == 0) {
        pc->zone = BSK_ZONE_EXTRA;
        pc->cell = -1;
        return pc;
    }
    pc->zone = BSK_ZONE_BATTLEFIELD;
    char name[8];
    snprintf(name, sizeof name, "%s", where);
    size_t length = strlen(name);
    bool seated = length > 0 && name[length - 1] == '+';
    if (seated)
        name[length - 1] = '\0';
    pc->cell = cell(name);
    if (seated)
        pc->host_cell = pc->cell;
    return pc;
}

int put_unit(bsk_position *pos, const bsk_card *card, int owner, const char *where)
{
    return (int)(put(pos, card, owner, where) - pos->cards);
}

void start(bsk_match *m, bsk_card_table *table, bsk_position *pos, int turn, const int *dice, int count)
{
    pos->active = 1;
    pos->turn = turn;
    for (int i = 0; i < count; i++)
        pos->dice[i] = (uint8_t)dice[i];
    pos->dice_count = count;
    bsk_error error;
    ck_assert_int_eq(bsk_match_from_position(m, table, pos, &error), BSK_OK);
}

static bsk_action action(int kind, int player, int unit, int target, int to_cell, int index)
{
    return (bsk_action){(uint8_t)kind, (uint8_t)player, (int8_t)unit, (int8_t)target, (int8_t)to_cell,
                        (int8_t)index, -1, -1};
}

bsk_status try_act(bsk_match *m, const bsk_card_table *table, int kind, int player, int unit, int target,
                   int to_cell, int index, bsk_events *events)
{
    bsk_action a = action(kind, player, unit, target, to_cell, index);
    bsk_error error;
    return bsk_match_apply(m, table, &a, events, &error);
}

void act(bsk_match *m, const bsk_card_table *table, int kind, int player, int unit, int target, int to_cell,
         int index)
{
    bsk_action a = action(kind, player, unit, target, to_cell, index);
    bsk_error error;
    bsk_status status = bsk_match_apply(m, table, &a, NULL, &error);
    ck_assert_msg(status == BSK_OK, "%s refused: %s (%s)", bsk_action_kind_id(kind), error.message, error.rule);
}

static bool matches(const bsk_action *a, int kind, int unit, int target)
{
    return a->kind == kind && (unit < -1 || a->unit == unit) && (target < -1 || a->target == target);
}

bool offered(const bsk_match *m, const bsk_card_table *table, int kind, int unit, int target)
{
    bsk_action legal[BSK_MATCH_LEGAL_MAX];
    int n = bsk_match_legal(m, table, legal, BSK_MATCH_LEGAL_MAX);
    for (int i = 0; i < n; i++)
        if (matches(&legal[i], kind, unit, target))
            return true;
    return false;
}

bsk_action find_legal(const bsk_match *m, const bsk_card_table *table, int kind, int unit, int target)
{
    bsk_action legal[BSK_MATCH_LEGAL_MAX];
    int n = bsk_match_legal(m, table, legal, BSK_MATCH_LEGAL_MAX);
    for (int i = 0; i < n; i++)
        if (matches(&legal[i], kind, unit, target))
            return legal[i];
    ck_abort_msg("%s by unit %d is not offered", bsk_action_kind_id(kind), unit);
    return legal[0];
}

int tournament_deck_read(struct bsk_pool *pool, const struct bsk_format *format, const char *file,
                         const bsk_card **out)
{
    char path[512];
    bsk_deck deck;
    bsk_deck_report report;
    bsk_error error;
    snprintf(path, sizeof path, "%s/tests/fixtures/decks/tournament/%s", BSK_SOURCE_DIR, file);
    bsk_deck_init(&deck);
    bsk_deck_report_init(&report);
    ck_assert_int_eq(bsk_decklist_read(path, pool, format, &deck, &report, &error), BSK_OK);
    int n = 0;
    for (size_t i = 0; i < deck.count; i++)
        for (int c = 0; c < deck.entries[i].count && n < BSK_MATCH_DECK_MAX; c++)
            out[n++] = deck.entries[i].card;
    bsk_deck_free(&deck);
    bsk_deck_report_free(&report);
    return n;
}

static int compare_names(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int position_names(char **names, int max)
{
    char dir[512];
    snprintf(dir, sizeof dir, "%s/tests/positions", BSK_SOURCE_DIR);
    DIR *d = opendir(dir);
    ck_assert_ptr_nonnull(d);
    int count = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t len = strlen(e->d_name);
        if (len > 5 && strcmp(e->d_name + len - 5, ".json") == 0 && !strstr(e->d_name, ".expected.") && count < max)
            names[count++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)count, sizeof names[0], compare_names);
    return count;
}

void free_position_names(char **names, int count)
{
    for (int i = 0; i < count; i++)
        free(names[i]);
}

bool card_has_blocker(const bsk_card *card, const char *what)
{
    const char *found[64];
    int count = bsk_card_blockers(card, found, 64);
    for (int i = 0; i < count && i < 64; i++)
        if (strcmp(found[i], what) == 0)
            return true;
    return false;
}
