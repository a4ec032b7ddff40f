/* play_session.c — the game of `berserk play` as data (play_session.h): seats and decks, decisions
 * of people and agents applied through log records (so every logged record replays), undo by whole
 * snapshots of the match and the agents, and the log a saved game is continued from. */
#include "play_session.h"

#include "formats.h"
#include "play_command.h"

#include "berserk/placement.h"

#include <stdlib.h>
#include <string.h>

/* Agents' streams come from the match seed and their deck, so a loaded game seeds them alike. */
static uint64_t agent_seed(uint64_t seed, int deck)
{
    uint64_t z = seed + 0x9e3779b97f4a7c15ull * (uint64_t)(deck + 1);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static void init_agents(play_session *s)
{
    for (int d = 0; d < 2; d++) {
        bsk_agent_init(&s->agents[d], s->kinds[d] == PLAY_HUMAN ? BSK_AGENT_PASSIVE : s->kinds[d], d + 1,
                       agent_seed(s->seed, d));
        s->agents[d].budget = s->budget;
    }
}

bsk_status play_session_start(play_session *s, const cli_game_deck decks[2], const int kinds[2], int budget,
                              const bsk_format *format, uint64_t seed, int first, int revision, bsk_error *error)
{
    s->params = format->squad;
    snprintf(s->format, sizeof s->format, "%s", format->id[0] ? format->id : "constructed");
    s->seed = seed;
    s->first_option = first;
    s->first_deck = first ? first - 1 : -1;
    s->budget = budget;
    s->revision = revision;
    bsk_match_deck match_decks[2];
    for (int d = 0; d < 2; d++) {
        s->kinds[d] = kinds[d];
        snprintf(s->names[d], sizeof s->names[d], "%s", decks[d].name);
        memcpy(s->deck_cards[d], decks[d].cards, (size_t)decks[d].count * sizeof decks[d].cards[0]);
        s->deck_counts[d] = decks[d].count;
        s->squads[d] = decks[d].squad;
        match_decks[d] = (bsk_match_deck){s->deck_cards[d], decks[d].count, decks[d].squad};
    }
    init_agents(s);
    bsk_history_init(&s->history);
    s->record_count = 0;
    bsk_card_table_init(&s->cards);
    return bsk_match_new(&s->match, &s->cards, &s->params, match_decks, seed, first, error);
}

void play_session_free(play_session *s)
{
    free(s->records);
    s->records = NULL;
    s->record_count = s->record_capacity = 0;
    bsk_history_free(&s->history);
}

/* ---- Seats and decks ---- */

int play_session_deck(const play_session *s, int player)
{
    if (s->first_deck < 0) /* before 402.1 the players are the decks in order */
        return player - 1;
    return player == 1 ? s->first_deck : 1 - s->first_deck;
}

int play_session_deck_to_act(const play_session *s)
{
    int player = bsk_match_to_act(&s->match);
    return player ? play_session_deck(s, player) : -1;
}

bool play_session_human(const play_session *s, int deck)
{
    return s->kinds[deck] == PLAY_HUMAN;
}

const char *play_session_player_id(const play_session *s, int deck)
{
    return s->kinds[deck] == PLAY_HUMAN ? "human" : bsk_agent_id(s->kinds[deck]);
}

/* ---- Records ---- */

static bsk_status add_record(play_session *s, const bsk_record *record, bsk_error *error)
{
    if (s->record_count == s->record_capacity) {
        size_t capacity = s->record_capacity ? s->record_capacity * 2 : 1024;
        bsk_record *items = realloc(s->records, capacity * sizeof *items);
        if (!items)
            return bsk_error_set(error, BSK_ERR_NOMEM, "play.memory", "out of memory");
        s->records = items;
        s->record_capacity = capacity;
    }
    s->records[s->record_count++] = *record;
    return BSK_OK;
}

bsk_status play_session_apply(play_session *s, const bsk_action *action, bsk_error *error)
{
    /* through the record, so what is logged is exactly what replays (copies of a card are one) */
    bsk_record record;
    bsk_action canonical;
    bsk_record_from_action(&s->match, &s->cards, action, &record);
    bsk_status status = bsk_record_to_action(&s->match, &s->cards, &record, &canonical, error);
    if (status)
        return status;
    int chooser = play_session_deck(s, canonical.player);
    bsk_events events = {s->events, 0, CLI_GAME_EVENTS, 0};
    if ((status = bsk_match_apply(&s->match, &s->cards, &canonical, &events, error)))
        return status;
    if (canonical.kind == BSK_ACT_FIRST) /* 402.1: index 1 = the chooser goes first */
        s->first_deck = canonical.index == 1 ? chooser : 1 - chooser;
    if ((status = add_record(s, &record, error)))
        return status;
    bsk_record rolls[BSK_MATCH_DICE_SCRIPT_MAX * 2];
    bsk_record_list list = {rolls, 0, sizeof rolls / sizeof rolls[0], 0};
    bsk_record_add_rolls(&s->match, &events, 0, &list);
    for (size_t i = 0; i < list.count && !status; i++)
        status = add_record(s, &rolls[i], error);
    return status;
}

bsk_status play_session_decide(play_session *s, const bsk_action *action, bsk_error *error)
{
    int deck = play_session_deck_to_act(s);
    if (bsk_history_push(&s->history, &s->match, s->agents, s->record_count, deck + 1))
        return bsk_error_set(error, BSK_ERR_NOMEM, "play.memory", "out of memory");
    bsk_status status = play_session_apply(s, action, error);
    if (status) /* nothing changes: drop the snapshot and put the state back */
        play_session_undo(s);
    return status;
}

/* Not lib's play loop (bsk_agents_play_with): a session's decisions come one at a time, people's
 * and agents' interleaved at a prompt, each after an undo snapshot of the match and the agents'
 * streams, and applied through its log record; the copy a record means is lib's all the same
 * (bsk_record_to_action through bsk_record_canonical's rules, copies.c). */
bsk_status play_session_agent_step(play_session *s, bsk_error *error)
{
    int player = bsk_match_to_act(&s->match);
    bsk_agent *agent = &s->agents[play_session_deck(s, player)];
    agent->player = player;
    int count = bsk_match_legal(&s->match, &s->cards, s->legal, BSK_MATCH_LEGAL_MAX);
    if (count > BSK_MATCH_LEGAL_MAX)
        count = BSK_MATCH_LEGAL_MAX;
    if (count <= 0)
        return bsk_error_set(error, BSK_ERR_INVALID, "engine", "player %d is asked but has no legal action", player);
    const bsk_match_view *view = NULL;
    if (bsk_agent_needs_view(agent)) {
        bsk_match_view_make(&s->match, player, &s->view);
        view = &s->view;
    }
    int k = bsk_agent_choose(agent, view, &s->cards, s->legal, count);
    return play_session_apply(s, &s->legal[k], error);
}

int play_session_choices(play_session *s)
{
    s->choice_count = 0;
    if (!bsk_match_to_act(&s->match))
        return 0;
    int count = bsk_match_legal(&s->match, &s->cards, s->legal, BSK_MATCH_LEGAL_MAX);
    if (count > BSK_MATCH_LEGAL_MAX)
        count = BSK_MATCH_LEGAL_MAX;
    for (int i = 0; i < count; i++) {
        bsk_record record;
        play_choice *c = &s->choices[s->choice_count];
        bsk_record_from_action(&s->match, &s->cards, &s->legal[i], &record);
        play_command_format(&record, c->text, sizeof c->text);
        bool seen = false;
        for (int k = 0; k < s->choice_count && !seen; k++)
            seen = strcmp(s->choices[k].text, c->text) == 0;
        if (!seen) {
            c->action = s->legal[i];
            s->choice_count++;
        }
    }
    return s->choice_count;
}

bool play_session_auto(play_session *s, char *message, size_t size)
{
    int player = bsk_match_to_act(&s->match);
    int phase = s->match.phase;
    if (!player || (phase != BSK_PHASE_RECRUIT && phase != BSK_PHASE_PLACE && phase != BSK_PHASE_SEAT)) {
        snprintf(message, size, "auto recruits the best squad (403), places it (404) or seats its symbiotes (405.2); "
                                "not now");
        return false;
    }
    /* the passive agent recruits the exact best squad by crystals, places by the 404 tiers and
     * seats each symbiote on the first legal host (405.2) */
    bsk_agent passive;
    bsk_agent_init(&passive, BSK_AGENT_PASSIVE, player, agent_seed(s->seed, 2));
    bsk_error error;
    bool first = true;
    while (bsk_match_to_act(&s->match) == player && s->match.phase == phase) {
        int count = bsk_match_legal(&s->match, &s->cards, s->legal, BSK_MATCH_LEGAL_MAX);
        if (count > BSK_MATCH_LEGAL_MAX)
            count = BSK_MATCH_LEGAL_MAX;
        bsk_match_view_make(&s->match, player, &s->view);
        int k = bsk_agent_choose(&passive, &s->view, &s->cards, s->legal, count);
        bsk_action action = s->legal[k];
        bsk_status status = first ? play_session_decide(s, &action, &error) : play_session_apply(s, &action, &error);
        if (status) {
            snprintf(message, size, "%s [%s]", error.message, error.rule);
            return false;
        }
        first = false;
    }
    return true;
}

/* ---- Why a placement or a seating is refused (404.1, 405.2) ---- */

static const char *unit_card_name(const play_session *s, int unit)
{
    return s->cards.entries[s->match.units[unit].slot].card->name;
}

/* A refused `host SYMBIOTE HOST` (405.2): the symbiote asked about now, or the legal hosts. */
static bool host_refusal(play_session *s, const bsk_record *r, int count, char *message, size_t size)
{
    int symbiote = -1;
    char hosts[128] = "", place[8];
    size_t used = 0;
    for (int i = 0; i < count; i++)
        if (s->legal[i].kind == BSK_ACT_HOST) {
            symbiote = s->legal[i].unit;
            bsk_match_unit_place(&s->match, s->legal[i].target, place);
            int n = snprintf(hosts + used, sizeof hosts - used, "%s%s", used ? " " : "", place);
            used += n > 0 && (size_t)n < sizeof hosts - used ? (size_t)n : 0;
        }
    if (symbiote < 0)
        return false;
    bsk_match_unit_place(&s->match, symbiote, place);
    const char *name = unit_card_name(s, symbiote);
    if (strcmp(place, r->from) != 0) {
        snprintf(message, size, "host %s %s: the symbiote to seat now is %s on %s [405.2]", r->from, r->to, name,
                 place);
        return true;
    }
    bool parasite = s->cards.entries[s->match.units[symbiote].slot].subtype == BSK_SUBTYPE_PARASITE;
    snprintf(message, size, "host %s %s: %s is no legal host for %s; legal: %s [%s]", r->from, r->to, r->to, name,
             hosts, parasite ? "405.2.2" : "405.2.1");
    return true;
}

bool play_session_refusal(play_session *s, const bsk_record *r, char *message, size_t size)
{
    if (r->kind == BSK_ACT_HOST && s->match.phase == BSK_PHASE_SEAT && bsk_match_to_act(&s->match) == r->player) {
        int count = bsk_match_legal(&s->match, &s->cards, s->legal, BSK_MATCH_LEGAL_MAX);
        return host_refusal(s, r, count > BSK_MATCH_LEGAL_MAX ? BSK_MATCH_LEGAL_MAX : count, message, size);
    }
    int player = r->player, cell = bsk_cell_parse(r->to);
    if (r->kind != BSK_ACT_PLACE || s->match.phase != BSK_PHASE_PLACE || bsk_match_to_act(&s->match) != player ||
        !bsk_cell_valid(cell))
        return false;
    int count = bsk_match_legal(&s->match, &s->cards, s->legal, BSK_MATCH_LEGAL_MAX);
    if (count > BSK_MATCH_LEGAL_MAX)
        count = BSK_MATCH_LEGAL_MAX;
    uint32_t open = 0; /* the cells any card may go to now (404.1.2-404.1.4 applied by the engine) */
    int name_class = bsk_card_table_name_class(&s->cards, r->card);
    bool named = false;
    for (int i = 0; i < count; i++)
        if (s->legal[i].kind == BSK_ACT_PLACE) {
            open |= 1u << s->legal[i].cell;
            int slot = s->match.units[s->legal[i].unit].slot;
            named = named || (name_class >= 0 && s->cards.name_class[slot] == name_class);
        }
    if (!named) {
        snprintf(message, size, "place %s: no card of that name is left in your squad to place [404.1.1]", r->card);
        return true;
    }
    bsk_place_result result = BSK_PLACE_NOT_ALLOWED;
    if (!bsk_cell_on_half(player, cell))
        result = BSK_PLACE_OUTSIDE_HALF;
    else if (bsk_match_unit_at(&s->match, cell) >= 0)
        result = BSK_PLACE_OCCUPIED;
    else if (open & (1u << cell))
        return false; /* the cell is open: not a placement question */
    int used = snprintf(message, size, "place %s %s: %s %s", r->card, r->to, r->to, bsk_place_result_reason(result));
    if (result == BSK_PLACE_NOT_ALLOWED) {
        /* the free cells of the lower tiers, which must be filled first */
        int tier = bsk_placement_tier(player, cell);
        bool listed = false;
        for (int other = 0; other < BSK_BOARD_CELLS && used > 0 && (size_t)used < size; other++) {
            int other_tier = bsk_placement_tier(player, other);
            if (other_tier > 0 && other_tier < tier && (open & (1u << other))) {
                char name[4];
                bsk_cell_format(other, name);
                used += snprintf(message + used, size - (size_t)used, "%s%s", listed ? " " : " (fill ", name);
                listed = true;
            }
        }
        if (listed && used > 0 && (size_t)used < size)
            used += snprintf(message + used, size - (size_t)used, " first)");
    }
    if (used > 0 && (size_t)used < size)
        snprintf(message + used, size - (size_t)used, " [%s]", bsk_place_result_rule(player, result));
    return true;
}

/* ---- Undo ---- */

static void restore(play_session *s, const bsk_history_entry *entry)
{
    memcpy(&s->match, &entry->match, sizeof s->match);
    memcpy(s->agents, entry->agents, sizeof s->agents);
    s->record_count = entry->records;
    if (s->match.phase == BSK_PHASE_ROLL)
        s->first_deck = -1;
}

static unsigned human_mask(const play_session *s)
{
    return (play_session_human(s, 0) ? 1u << 1 : 0) | (play_session_human(s, 1) ? 1u << 2 : 0);
}

bool play_session_undo(play_session *s)
{
    bsk_history_entry *entry = malloc(sizeof *entry);
    bool done = entry && bsk_history_undo(&s->history, human_mask(s), entry);
    if (done)
        restore(s, entry);
    free(entry);
    return done;
}

bool play_session_cancel(play_session *s)
{
    int deck = play_session_deck_to_act(s);
    if (deck < 0 || s->match.phase != BSK_PHASE_RECRUIT || s->history.count == 0)
        return false;
    const bsk_history_entry *last = &s->history.items[s->history.count - 1];
    if (last->player != deck + 1 || last->match.phase != BSK_PHASE_RECRUIT)
        return false;
    return play_session_undo(s);
}

/* ---- The log ---- */

void play_session_write_log(const play_session *s, FILE *out)
{
    bsk_game_log_player players[2];
    for (int d = 0; d < 2; d++)
        players[d] = (bsk_game_log_player){s->names[d], s->deck_cards[d], s->deck_counts[d],
                                           play_session_player_id(s, d), s->squads[d]};
    bsk_game_log_write_game_header(out, s->seed, s->revision, strcmp(s->format, "constructed") ? s->format : NULL,
                                   players, s->first_option);
    for (size_t i = 0; i < s->record_count; i++)
        bsk_game_log_write_record(out, &s->records[i]);
    bsk_game_log_write_end(out, &s->match);
}

bsk_status play_session_load(play_session *s, const bsk_replay *replay, int revision, bsk_error *error)
{
    if (replay->position)
        return bsk_error_set(error, BSK_ERR_INVALID, "play.load", "a position's log cannot be continued; replay it");
    bsk_format format;
    bsk_status status = bsk_format_find(replay->format, &format, error);
    if (status)
        return status;
    cli_game_deck decks[2];
    int kinds[2];
    for (int d = 0; d < 2; d++) {
        const bsk_replay_player *p = &replay->players[d];
        memset(&decks[d], 0, sizeof decks[d]);
        decks[d].name = p->deck_name;
        memcpy(decks[d].cards, p->cards, (size_t)p->count * sizeof p->cards[0]);
        decks[d].count = p->count;
        decks[d].squad = p->squad;
        int kind = bsk_agent_parse(p->agent);
        kinds[d] = kind < 0 ? PLAY_HUMAN : kind;
    }
    if ((status = play_session_start(s, decks, kinds, 0, &format, replay->seed, replay->first, revision, error)))
        return status;
    for (size_t i = 0; i < replay->records.count; i++) {
        const bsk_record *r = &replay->records.items[i];
        if (r->type != BSK_RECORD_ACTION)
            continue; /* the dice come again from the state */
        bsk_action action;
        if ((status = bsk_record_to_action(&s->match, &s->cards, r, &action, error)))
            return status;
        int deck = play_session_deck(s, r->player);
        status = play_session_human(s, deck) ? play_session_decide(s, &action, error)
                                             : play_session_apply(s, &action, error);
        if (status)
            return status;
    }
    if (bsk_match_hash(&s->match) != bsk_match_hash(&replay->match))
        return bsk_error_set(error, BSK_ERR_INVALID, "log.hash", "the game continued is not the game replayed");
    return BSK_OK;
}
