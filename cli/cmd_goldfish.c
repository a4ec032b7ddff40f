/* cmd_goldfish.c — `berserk goldfish DECK` (DESIGN §4 `goldfish`): the deck's agent against the
 * passive opponent (the same deck, another deck or the dummy squad) on the batch runner; turns to
 * win, wounds per turn, own losses, capped games and the cards that ran as printed numbers only,
 * with integer totals that `sim merge` adds exactly. */
#include "batch.h"
#include "cli.h"
#include "games.h"
#include "merge.h"
#include "progress.h"
#include "sim_report.h"

#include <stdlib.h>
#include <string.h>

static const int WON_BY[3] = {3, 5, 8}; /* "won_by_turn" keys: own turns */
#define NO_NAME 255                     /* plain_slot: the card runs fully */

/* Why the goldfishing deck lost (bsk_result_reason); games that hit a cap are draws ("capped"). */
enum { LOSS_NO_SQUAD, LOSS_NO_CREATURES, LOSS_REDEAL, LOSS_FEATURE, LOSS_REASONS };
/* "card_feature" (601.2: an opponent's feature said it wins) is written only when some game ended so, and read
 * as 0 when absent, so the reports of decks without such a card keep their shape */
static const char *const LOSS_KEYS[LOSS_REASONS] = {"no_legal_squad", "no_creatures_left", "redeal_without_gold",
                                                    "card_feature"};
static const char *const LOSS_TEXTS[LOSS_REASONS] = {"no legal squad", "no creatures left", "redeal without gold",
                                                     "a card feature"};

/* The loss reason of a game the goldfishing deck lost (its bsk_result_reason). */
static int loss_reason(int reason)
{
    return reason == BSK_RESULT_NO_SQUAD ? LOSS_NO_SQUAD
           : reason == BSK_RESULT_REDEAL  ? LOSS_REDEAL
           : reason == BSK_RESULT_FEATURE ? LOSS_FEATURE
                                          : LOSS_NO_CREATURES;
}

/* Integer counts only, so they add exactly (threads, shards, merge). */
typedef struct goldfish_counts {
    uint64_t games, won, lost, draws, capped, engine_caps;
    uint64_t lost_by[LOSS_REASONS]; /* of `lost`, by the rule that ended the game */
    uint64_t won_by[3];
    bsk_stat turns_to_win;    /* own turns, won games */
    bsk_stat wounds_per_turn; /* a ratio: wounds dealt / own turns, games with a turn */
    bsk_stat own_losses;      /* creatures destroyed */
    uint64_t plain[BSK_CARD_TABLE_MAX]; /* games each card name (its first slot) played not running fully */
} goldfish_counts;

/* One accumulator of the runner: the counts, and the scratch of the thread running it (not merged). */
typedef struct goldfish_slot {
    goldfish_counts counts;
    cli_game_scratch scratch;
} goldfish_slot;

typedef struct goldfish_run {
    const cli_game *game;
    const bsk_card_table *table;
    uint64_t seed;
    int first_deck;                     /* 0: the goldfishing deck moves first (--player 1) */
    uint8_t plain_slot[BSK_CARD_TABLE_MAX]; /* slot -> the first slot of its name, NO_NAME when it runs */
    cli_game_row *rows;                 /* --csv: one per game of the shard */
    cli_shard shard;
} goldfish_run;

/* What identifies the run in the output (the command's options, or sim merge's first file). */
typedef struct goldfish_head {
    uint64_t seed;
    const char *deck, *opponent, *agent;
    int player, budget;
    bool squad, interrupted;
    const cli_game_options *sharded; /* NULL: no "shard" keys */
    const char *fingerprints[2];     /* the deck's and the opponent's (cli_game_deck_fingerprint) */
    int catalog_revision;
    const char *engine_version;
    const json_t *legality;          /* null or the first problem of the deck (DESIGN §4 format) */
    const json_t *deck_run;          /* cli_deck_run_json of the deck */
} goldfish_head;

typedef struct named_count {
    const char *name;
    uint64_t count;
} named_count;

static void slot_init(void *result, void *context)
{
    (void)context;
    goldfish_slot *slot = result;
    memset(&slot->counts, 0, sizeof slot->counts);
    slot->scratch.table_key = -1;
}

static void add_game(goldfish_counts *c, const goldfish_run *run, const cli_game_result *r)
{
    c->games++;
    c->won += r->winner_deck == 0;
    c->lost += r->winner_deck == 1;
    if (r->winner_deck == 1)
        c->lost_by[loss_reason(r->reason)]++;
    c->draws += r->winner_deck < 0;
    c->capped += r->by_cap;
    c->engine_caps += r->engine_cap;
    int own = r->own_turns[0];
    if (r->winner_deck == 0) {
        bsk_stat_add(&c->turns_to_win, own);
        for (int i = 0; i < 3; i++)
            c->won_by[i] += own <= WON_BY[i];
    }
    if (own > 0)
        bsk_stat_add_ratio(&c->wounds_per_turn, r->wounds_dealt[0], own);
    bsk_stat_add(&c->own_losses, r->losses[0]);
    /* each name once per game, however many copies or printings played */
    uint64_t counted[4] = {0};
    for (int slot = 0; slot < BSK_CARD_TABLE_MAX; slot++) {
        int name = run->plain_slot[slot];
        if (name == NO_NAME || !(r->played[0][slot / 64] >> (slot % 64) & 1) || (counted[name / 64] >> (name % 64) & 1))
            continue;
        counted[name / 64] |= 1ull << (name % 64);
        c->plain[name]++;
    }
}

static bool run_game(void *result, uint64_t item, void *context)
{
    goldfish_slot *slot = result;
    const goldfish_run *run = context;
    cli_game_scratch_use(&slot->scratch, run->table, 0);
    cli_game_seeds seeds;
    cli_game_seeds_make(run->seed, item, item, &seeds);
    cli_game_result r;
    bsk_error error;
    bsk_error_clear(&error);
    if (cli_game_play(run->game, &seeds, run->first_deck, true, &slot->scratch, NULL, &r, &error)) {
        /* the decks were checked by cli_game_table: only an engine bug gets here */
        cli_print_error(&error);
        abort();
    }
    if (r.abandoned)
        return false;
    add_game(&slot->counts, run, &r);
    if (run->rows) {
        const int decks[2] = {0, 1};
        cli_game_row_set(&run->rows[(item - (uint64_t)(run->shard.index - 1)) / (uint64_t)run->shard.count], &r, decks);
    }
    return true;
}

static void counts_merge(goldfish_counts *a, const goldfish_counts *b)
{
    a->games += b->games;
    a->won += b->won;
    a->lost += b->lost;
    for (int i = 0; i < LOSS_REASONS; i++)
        a->lost_by[i] += b->lost_by[i];
    a->draws += b->draws;
    a->capped += b->capped;
    a->engine_caps += b->engine_caps;
    for (int i = 0; i < 3; i++)
        a->won_by[i] += b->won_by[i];
    bsk_stat_merge(&a->turns_to_win, &b->turns_to_win);
    bsk_stat_merge(&a->wounds_per_turn, &b->wounds_per_turn);
    bsk_stat_merge(&a->own_losses, &b->own_losses);
    for (int i = 0; i < BSK_CARD_TABLE_MAX; i++)
        a->plain[i] += b->plain[i];
}

static void slot_merge(void *into, const void *from, void *context)
{
    (void)context;
    counts_merge(&((goldfish_slot *)into)->counts, &((const goldfish_slot *)from)->counts);
}

/* ---- Output (shared with sim merge) ---- */

static int by_count_then_name(const void *x, const void *y)
{
    const named_count *a = x, *b = y;
    if (a->count != b->count)
        return a->count > b->count ? -1 : 1;
    return strcmp(a->name, b->name);
}

static json_t *plain_json(const named_count *plain, size_t count)
{
    json_t *list = json_array();
    for (size_t i = 0; i < count; i++)
        json_array_append_new(list, json_pack("{s:s,s:I}", "card", plain[i].name, "count", (json_int_t)plain[i].count));
    return list;
}

static json_t *won_by_json(const goldfish_counts *c, bool rates)
{
    json_t *object = json_object();
    for (int i = 0; i < 3; i++) {
        char key[8];
        snprintf(key, sizeof key, "%d", WON_BY[i]);
        json_object_set_new(object, key,
                            !rates     ? json_integer((json_int_t)c->won_by[i])
                            : c->games ? json_real((double)c->won_by[i] / (double)c->games)
                                       : json_null()); /* no games: no rate */
    }
    return object;
}

static json_t *lost_by_json(const goldfish_counts *c)
{
    json_t *object = json_object();
    for (int i = 0; i < LOSS_REASONS; i++)
        if (i != LOSS_FEATURE || c->lost_by[i])
            json_object_set_new(object, LOSS_KEYS[i], json_integer((json_int_t)c->lost_by[i]));
    return object;
}

/* DESIGN §4 `goldfish`; `plain` sorted by count, then name. */
static json_t *goldfish_json(const goldfish_head *h, const goldfish_counts *c, const named_count *plain, size_t count)
{
    json_t *root = json_object();
    json_object_set_new(root, "kind", json_string("goldfish"));
    json_object_set_new(root, "seed", json_integer((json_int_t)h->seed));
    json_object_set_new(root, "games", json_integer((json_int_t)c->games));
    json_object_set_new(root, "deck", json_string(h->deck));
    json_object_set_new(root, "opponent", json_string(h->opponent));
    json_object_set_new(root, "deck_fingerprint", json_string(h->fingerprints[0]));
    json_object_set_new(root, "opponent_fingerprint", json_string(h->fingerprints[1]));
    json_object_set_new(root, "agent", json_string(h->agent));
    json_object_set_new(root, "player", json_integer(h->player));
    json_object_set_new(root, "squad", json_boolean(h->squad));
    json_object_set_new(root, "budget", json_integer(h->budget));
    cli_game_json_versions(root, h->catalog_revision, h->engine_version);
    json_object_set_new(root, "legality", json_deep_copy(h->legality));
    json_object_set_new(root, "deck_run", json_deep_copy(h->deck_run));
    if (h->sharded)
        cli_game_json_shard(root, h->sharded);
    json_object_set_new(root, "interrupted", json_boolean(h->interrupted));
    json_object_set_new(root, "won", json_integer((json_int_t)c->won));
    json_object_set_new(root, "lost", json_integer((json_int_t)c->lost));
    json_object_set_new(root, "lost_by", lost_by_json(c));
    json_object_set_new(root, "draws", json_integer((json_int_t)c->draws));
    json_object_set_new(root, "capped", json_integer((json_int_t)c->capped));
    json_object_set_new(root, "turns_to_win", bsk_stat_json(&c->turns_to_win, BSK_STAT_WHOLE));
    json_object_set_new(root, "won_by_turn", won_by_json(c, true));
    json_object_set_new(root, "wounds_dealt_per_turn", bsk_stat_json(&c->wounds_per_turn, BSK_STAT_RATIO));
    json_object_set_new(root, "own_losses", bsk_stat_json(&c->own_losses, BSK_STAT_WHOLE));
    json_object_set_new(root, "plain_features", plain_json(plain, count));
    json_t *totals = json_object();
    json_object_set_new(totals, "games", json_integer((json_int_t)c->games));
    json_object_set_new(totals, "won", json_integer((json_int_t)c->won));
    json_object_set_new(totals, "lost", json_integer((json_int_t)c->lost));
    json_object_set_new(totals, "lost_by", lost_by_json(c));
    json_object_set_new(totals, "draws", json_integer((json_int_t)c->draws));
    json_object_set_new(totals, "capped", json_integer((json_int_t)c->capped));
    json_object_set_new(totals, "engine_caps", json_integer((json_int_t)c->engine_caps));
    json_object_set_new(totals, "won_by_turn", won_by_json(c, false));
    json_object_set_new(totals, "turns_to_win", bsk_stat_totals(&c->turns_to_win));
    json_object_set_new(totals, "wounds_dealt_per_turn", bsk_stat_totals(&c->wounds_per_turn));
    json_object_set_new(totals, "own_losses", bsk_stat_totals(&c->own_losses));
    json_object_set_new(totals, "plain_features", plain_json(plain, count));
    json_object_set_new(root, "totals", totals);
    return root;
}

static double percent(uint64_t part, uint64_t whole)
{
    return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

static void print_human(const goldfish_head *h, const goldfish_counts *c, const named_count *plain, size_t count,
                        const cli_game_options *options)
{
    char shard[48] = "";
    if (options->sharded)
        snprintf(shard, sizeof shard, " (shard %d/%d)", options->shard.index, options->shard.count);
    printf("goldfish %s%s (agent %s, %s player) against the passive %s: %llu game%s%s%s, seed %llu\n", h->deck,
           h->squad ? " as a ready squad" : "", h->agent, h->player == 1 ? "first" : "second", h->opponent,
           (unsigned long long)c->games, c->games == 1 ? "" : "s", shard, h->interrupted ? " (interrupted)" : "",
           (unsigned long long)h->seed);
    if (!c->games) {
        printf("no games played\n");
        return;
    }
    /* the same file on both sides: "lost" would read as the deck losing to itself */
    bool mirror = strcmp(h->deck, h->opponent) == 0;
    printf("won %llu (%.1f%%), %s %llu", (unsigned long long)c->won, percent(c->won, c->games),
           mirror ? "the passive opponent won" : "lost", (unsigned long long)c->lost);
    for (int i = 0, shown = 0; i < LOSS_REASONS; i++)
        if (c->lost_by[i])
            printf("%s%s %llu", shown++ ? ", " : " (", LOSS_TEXTS[i], (unsigned long long)c->lost_by[i]);
    printf("%s, drawn %llu, %llu ended by the cap\n", c->lost ? ")" : "", (unsigned long long)c->draws,
           (unsigned long long)c->capped);
    bsk_stat_print(stdout, "turns to win (own)", &c->turns_to_win, BSK_STAT_WHOLE, "no games won");
    printf("won by own turn 3: %.1f%%, 5: %.1f%%, 8: %.1f%%\n", percent(c->won_by[0], c->games),
           percent(c->won_by[1], c->games), percent(c->won_by[2], c->games));
    bsk_stat_print(stdout, "wounds dealt per turn", &c->wounds_per_turn, BSK_STAT_RATIO, "no own turns");
    bsk_stat_print(stdout, "own creatures lost", &c->own_losses, BSK_STAT_WHOLE, "no games");
    if (count) {
        printf("ran as printed numbers only (games played):\n");
        for (size_t i = 0; i < count; i++)
            printf("  %s %llu\n", plain[i].name, (unsigned long long)plain[i].count);
    }
}

/* ---- goldfish ---- */

/* The cards that played with something not running (card_table.h blockers), by their first slot. */
static void find_plain(const bsk_card_table *table, uint8_t plain_slot[BSK_CARD_TABLE_MAX])
{
    memset(plain_slot, NO_NAME, BSK_CARD_TABLE_MAX);
    for (int slot = 0; slot < table->count; slot++) {
        if (table->entries[slot].flags & BSK_ENTRY_RUNS)
            continue;
        int first = slot;
        for (int other = 0; other < slot && first == slot; other++)
            if (bsk_card_same_name(table->entries[other].card, table->entries[slot].card))
                first = other;
        plain_slot[slot] = (uint8_t)first;
    }
}

typedef struct goldfish_state {
    bsk_format format;
    cli_game_deck deck, opponent;
    char fingerprints[2][CLI_FINGERPRINT_SIZE];
    char problem[CLI_LEGALITY_SIZE];
    cli_deck_run deck_run;
    bsk_card_table table;
    goldfish_run run;
    goldfish_slot total;
    named_count plain[BSK_CARD_TABLE_MAX];
} goldfish_state;

/* The counts' plain features as names, in output order. */
static size_t plain_names(const bsk_card_table *table, const goldfish_counts *c, named_count *out)
{
    size_t count = 0;
    for (int slot = 0; slot < table->count; slot++)
        if (c->plain[slot])
            out[count++] = (named_count){table->entries[slot].card->name, c->plain[slot]};
    qsort(out, count, sizeof *out, by_count_then_name);
    return count;
}

static int run_batch(bsk_cli *cli, const cli_game_options *options, goldfish_state *s, const goldfish_head *head)
{
    goldfish_run *run = &s->run;
    uint64_t size = cli_shard_size(&options->shard, options->games);
    if (options->csv && !(run->rows = calloc(size ? size : 1, sizeof *run->rows))) {
        cli_errorf("out of memory");
        return EXIT_FAILURE_IO;
    }
    cli_batch_catch_interrupt();
    cli_batch batch = {.items = options->games, .shard = options->shard, .threads = options->threads, .chunk = 4,
                       .result_size = sizeof(goldfish_slot), .context = run, .init = slot_init, .run = run_game,
                       .merge = slot_merge, .progress = cli_progress_wanted(cli), .label = "goldfish",
                       .unit = "games", .rate = true};
    if (cli_batch_run(&batch, &s->total) == UINT64_MAX) {
        free(run->rows);
        cli_errorf("out of memory");
        return EXIT_FAILURE_IO;
    }
    goldfish_head h = *head;
    h.interrupted = cli_batch_interrupted();
    const goldfish_counts *c = &s->total.counts;
    size_t count = plain_names(&s->table, c, s->plain);
    if (options->csv)
        cli_game_rows_print(run->rows, size, &options->shard, 1, false);
    else if (options->json)
        cli_print_json(goldfish_json(&h, c, s->plain, count));
    else
        print_human(&h, c, s->plain, count, options);
    free(run->rows);
    if (c->engine_caps)
        cli_errorf("%llu game%s hit the cap of %d declarations in a turn (an engine bug; counted as capped)",
                   (unsigned long long)c->engine_caps, c->engine_caps == 1 ? "" : "s", BSK_MATCH_DECLARATION_CAP);
    return h.interrupted ? cli_batch_exit_code() : EXIT_OK;
}

int cmd_goldfish(bsk_cli *cli)
{
    cli_game_texts texts = {0};
    const char *agent_option = NULL, *opponent_option = NULL, *player_option = NULL;
    const cli_option options[] = {CLI_GAME_OPTIONS(texts),
                                  {"--agent", true, &agent_option, NULL},
                                  {"--opponent", true, &opponent_option, NULL},
                                  {"--player", true, &player_option, NULL}};
    const char *deck_path;
    int code = cli_parse_one_operand(cli, 1, options, sizeof options / sizeof options[0],
                                     "goldfish DECK [--games N] [--agent A] [--opponent DECK|dummy] [--player 1|2] "
                                     "[--squad] [--seed S] [--threads T] [--shard K/N] [--json|--csv]",
                                     "goldfish: DECK is missing", &deck_path);
    if (code)
        return code;
    cli_game_options o;
    long long player = 1;
    int agent;
    if ((code = cli_game_options_read(cli, &texts, 1000, false, &o)))
        return code;
    if ((player_option && !cli_parse_int("--player", player_option, 1, 2, &player)) ||
        !cli_agent_read("--agent", agent_option ? agent_option : CLI_DEFAULT_AGENT, &agent))
        return EXIT_USAGE;
    goldfish_state *s = cli_load_catalog_and_alloc(cli, sizeof *s, &code);
    if (!s)
        return code;
    memset(s, 0, sizeof *s);
    code = cli_load_format(cli, NULL, &s->format);
    if (!code)
        code = cli_game_deck_read(cli, deck_path, &s->format, o.squad, &s->deck);
    if (!code && !opponent_option)
        s->opponent = s->deck;
    else if (!code && strcmp(opponent_option, "dummy") == 0)
        code = cli_game_deck_dummy(cli, &s->opponent);
    else if (!code)
        code = cli_game_deck_read(cli, opponent_option, &s->format, o.squad, &s->opponent);
    cli_game game = {{&s->deck, &s->opponent}, {agent, BSK_AGENT_PASSIVE}, o.budget, &s->format.squad,
                     cli_batch_stop_flag()};
    bsk_error error;
    bsk_error_clear(&error);
    if (!code && cli_game_table(&game, &s->table, &error)) {
        cli_errorf("goldfish %s against %s: %s (%s)", s->deck.name, s->opponent.name, error.message, error.rule);
        code = EXIT_USAGE;
    }
    if (!code && !o.squad) { /* warned, never refused: the run goes on (issue 20) */
        cli_deck_legality(cli, s->deck.name, &s->format, s->problem, sizeof s->problem);
        cli_deck_legality_warn(s->deck.name, &s->format, s->problem);
    }
    cli_game_deck_fingerprint(&s->deck, s->fingerprints[0]);
    cli_game_deck_fingerprint(&s->opponent, s->fingerprints[1]);
    cli_game_deck_run(&s->deck, &s->deck_run);
    json_t *legality = s->problem[0] ? json_string(s->problem) : json_null();
    json_t *deck_run = cli_deck_run_json(&s->deck_run);
    goldfish_head head = {o.seed, s->deck.name, s->opponent.name, bsk_agent_id(agent), (int)player, o.budget,
                          o.squad, false, o.sharded ? &o : NULL, {s->fingerprints[0], s->fingerprints[1]},
                          cli->catalog.revision, BSK_VERSION, legality, deck_run};
    s->run = (goldfish_run){&game, &s->table, o.seed, player == 1 ? 0 : 1, {0}, NULL, o.shard};
    find_plain(&s->table, s->run.plain_slot);
    if (!code && o.replay_game >= 0) {
        cli_game_seeds seeds;
        cli_game_result result;
        cli_game_seeds_make(o.seed, (uint64_t)o.replay_game, (uint64_t)o.replay_game, &seeds);
        code = cli_game_replay(cli, &game, &s->table, &seeds, s->run.first_deck, o.log_path, &result);
        const int decks[2] = {0, 1};
        const char *names[2] = {s->deck.name, s->opponent.name};
        if (!code)
            cli_game_replay_print(&o, &result, decks, names, false);
    } else if (!code) {
        cli_deck_run_warn(cli, s->deck.name, &s->deck_run);
        code = run_batch(cli, &o, s, &head);
    }
    json_decref(legality);
    json_decref(deck_run);
    free(s);
    return code;
}

/* ---- sim merge ---- */

/* Reads totals.lost_by into the counts; false when a reason is missing. */
static bool lost_by_read(const json_t *object, goldfish_counts *c)
{
    for (int i = 0; i < LOSS_REASONS; i++)
        if (!(i == LOSS_FEATURE && !json_object_get(object, LOSS_KEYS[i])) &&
            !bsk_json_count(json_object_get(object, LOSS_KEYS[i]), &c->lost_by[i]))
            return false;
    return true;
}

/* Reads one file's totals into counts and its plain features (appended to names[], summing by name). */
static bool read_totals(const json_t *totals, goldfish_counts *c, named_count *names, size_t *name_count,
                        size_t name_max)
{
    memset(c, 0, sizeof *c);
    const json_t *won_by = json_object_get(totals, "won_by_turn"), *plain = json_object_get(totals, "plain_features");
    if (!bsk_json_count(json_object_get(totals, "games"), &c->games) ||
        !bsk_json_count(json_object_get(totals, "won"), &c->won) ||
        !bsk_json_count(json_object_get(totals, "lost"), &c->lost) ||
        !lost_by_read(json_object_get(totals, "lost_by"), c) ||
        !bsk_json_count(json_object_get(totals, "draws"), &c->draws) ||
        !bsk_json_count(json_object_get(totals, "capped"), &c->capped) ||
        !bsk_json_count(json_object_get(totals, "engine_caps"), &c->engine_caps) ||
        !bsk_stat_from_totals(json_object_get(totals, "turns_to_win"), &c->turns_to_win) ||
        !bsk_stat_from_totals(json_object_get(totals, "wounds_dealt_per_turn"), &c->wounds_per_turn) ||
        !bsk_stat_from_totals(json_object_get(totals, "own_losses"), &c->own_losses) || !json_is_array(plain))
        return false;
    for (int i = 0; i < 3; i++) {
        char key[8];
        snprintf(key, sizeof key, "%d", WON_BY[i]);
        if (!bsk_json_count(json_object_get(won_by, key), &c->won_by[i]))
            return false;
    }
    size_t i;
    const json_t *entry;
    json_array_foreach(plain, i, entry) {
        const json_t *card = json_object_get(entry, "card");
        uint64_t count;
        if (!json_is_string(card) || !bsk_json_count(json_object_get(entry, "count"), &count))
            return false;
        size_t k = 0;
        while (k < *name_count && strcmp(names[k].name, json_string_value(card)) != 0)
            k++;
        if (k == *name_count) {
            if (k == name_max)
                return false;
            names[(*name_count)++] = (named_count){json_string_value(card), 0};
        }
        names[k].count += count;
    }
    return true;
}

json_t *cli_goldfish_merge(const bsk_sim_report *first_report, const json_t *totals, bool interrupted)
{
    enum { NAMES_MAX = 4096 };
    goldfish_counts *sum = calloc(1, sizeof *sum);
    named_count *names = malloc(NAMES_MAX * sizeof *names);
    size_t name_count = 0;
    json_t *out = NULL;
    if (!sum || !names) {
        cli_errorf("out of memory");
        goto done;
    }
    if (!read_totals(totals, sum, names, &name_count, NAMES_MAX)) {
        cli_errorf("%s: \"totals\" is not the goldfish totals shape", first_report->path);
        goto done;
    }
    qsort(names, name_count, sizeof *names, by_count_then_name);
    const json_t *first = first_report->root;
    goldfish_head head = {(uint64_t)json_integer_value(json_object_get(first, "seed")),
                          json_string_value(json_object_get(first, "deck")),
                          json_string_value(json_object_get(first, "opponent")),
                          json_string_value(json_object_get(first, "agent")),
                          (int)json_integer_value(json_object_get(first, "player")),
                          (int)json_integer_value(json_object_get(first, "budget")),
                          json_is_true(json_object_get(first, "squad")),
                          interrupted,
                          NULL,
                          {json_string_value(json_object_get(first, "deck_fingerprint")),
                           json_string_value(json_object_get(first, "opponent_fingerprint"))},
                          (int)json_integer_value(json_object_get(first, "catalog_revision")),
                          json_string_value(json_object_get(first, "engine_version")),
                          json_object_get(first, "legality"),
                          json_object_get(first, "deck_run")};
    out = goldfish_json(&head, sum, names, name_count);
done:
    free(sum);
    free(names);
    return out;
}
