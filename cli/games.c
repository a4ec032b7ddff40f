/* games.c — the shared part of the game batches (games.h): common options, decks for play, seeds
 * from (master seed, game index), one game played by two agents through lib's play loop
 * (bsk_agents_play_with) with its figures (and, for --replay-game, its log records) kept by the
 * loop's hooks, the game log file and CSV rows. */
#include "games.h"

#include "deck_files.h"
#include "formats.h"
#include "game_log.h"
#include "seed.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- Options ---- */

int cli_default_threads(void)
{
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    return online < 1 ? 1 : online > CLI_BATCH_MAX_THREADS ? CLI_BATCH_MAX_THREADS : (int)online;
}

int cli_game_options_read(bsk_cli *cli, const cli_game_texts *t, uint64_t default_games, bool pairs,
                          cli_game_options *out)
{
    memset(out, 0, sizeof *out);
    long long games = (long long)default_games, threads = cli_default_threads(), replay = -1, budget = 0;
    out->shard = (cli_shard){1, 1};
    if ((t->games && !cli_parse_int("--games", t->games, 1, CLI_GAMES_MAX, &games)) ||
        (t->threads && !cli_parse_int("--threads", t->threads, 1, CLI_BATCH_MAX_THREADS, &threads)) ||
        (t->shard && !cli_parse_shard(t->shard, &out->shard)) ||
        (t->replay_game && !cli_parse_int("--replay-game", t->replay_game, 0, CLI_GAMES_MAX - 1, &replay)) ||
        (t->budget && !cli_parse_budget(t->budget, &budget)))
        return EXIT_USAGE;
    if (pairs && games % 2) {
        cli_errorf("--games must be even, not %lld: games 2j and 2j+1 share a deal with the seats swapped", games);
        return EXIT_USAGE;
    }
    /* the shards of one run add up only if they share the seed (DESIGN §4, sim merge) */
    if (t->shard && !cli->seed_set) {
        cli_errorf("--shard %s needs --seed S: every shard of a run must use the same seed", t->shard);
        return EXIT_USAGE;
    }
    if (t->csv && cli->json) {
        cli_errorf("--csv and --json are two outputs: choose one");
        return EXIT_USAGE;
    }
    if (t->replay_game && !t->log) {
        cli_errorf("--replay-game %s needs --log FILE: the game's log is written there", t->replay_game);
        return EXIT_USAGE;
    }
    if (t->log && !t->replay_game) {
        cli_errorf("--log FILE needs --replay-game K: the log of game K (0-based) is written");
        return EXIT_USAGE;
    }
    if (t->replay_game && t->shard) {
        cli_errorf("--replay-game plays one game: it cannot be combined with --shard");
        return EXIT_USAGE;
    }
    if (replay >= games) {
        cli_errorf("--replay-game %lld: the games are numbered 0..%lld", replay, games - 1);
        return EXIT_USAGE;
    }
    out->seed = cli->seed_set ? cli->seed : cli_random_seed();
    if (t->csv && !cli->seed_set) /* the rows carry each game's seed, not the run's */
        cli_errorf("the master seed is %llu (--seed %llu repeats this run)", (unsigned long long)out->seed,
                   (unsigned long long)out->seed);
    out->games = (uint64_t)games;
    out->threads = (int)threads;
    out->sharded = t->shard != NULL;
    out->csv = t->csv;
    out->json = cli->json;
    out->replay_game = replay;
    out->log_path = t->log;
    out->budget = (int)budget;
    out->squad = t->squad;
    return EXIT_OK;
}

bool cli_parse_budget(const char *text, long long *out)
{
    return cli_parse_int("--budget", text, 0, BSK_AGENT_BUDGET_MAX, out);
}

bool cli_agent_read(const char *option, const char *name, int *kind)
{
    *kind = bsk_agent_parse(name);
    if (*kind >= 0)
        return true;
    char known[256] = "";
    size_t used = 0;
    for (int k = 0; bsk_agent_id(k) && used < sizeof known; k++)
        used += (size_t)snprintf(known + used, sizeof known - used, "%s%s", k ? ", " : "", bsk_agent_id(k));
    cli_errorf("%s: unknown agent \"%s\" (known: %s)", option, name, known);
    return false;
}

/* ---- Decks ---- */

int cli_game_deck_read(bsk_cli *cli, const char *path, const bsk_format *format, bool squad, cli_game_deck *out)
{
    memset(out, 0, sizeof *out);
    out->name = path;
    out->squad = squad;
    int code = cli_read_deck_cards(cli, path, format, out->cards, BSK_MATCH_DECK_MAX, &out->count);
    if (code)
        return code;
    if (squad && (out->count < 1 || out->count > format->squad.cells)) {
        cli_errorf("%s: a ready squad (--squad) holds 1..%d cards, this one %d (403.2.3)", path, format->squad.cells,
                   out->count);
        return EXIT_USAGE;
    }
    if (!squad && out->count < format->squad.deal) {
        cli_errorf("%s: %d card%s, fewer than the deal of %d (402.3); a ready squad needs --squad", path, out->count,
                   out->count == 1 ? "" : "s", format->squad.deal);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

void cli_game_deck_run(const cli_game_deck *deck, cli_deck_run *out)
{
    memset(out, 0, sizeof *out);
    const bsk_card *seen[CLI_DECK_NAMES_MAX];
    for (int i = 0; i < deck->count; i++) {
        const bsk_card *card = deck->cards[i];
        bool again = false;
        for (int k = 0; k < out->names && !again; k++)
            again = bsk_card_same_name(seen[k], card);
        if (again || out->names >= CLI_DECK_NAMES_MAX)
            continue;
        seen[out->names++] = card;
        if (bsk_card_support_checked(card) != BSK_SUPPORT_FULL) /* the support the engine grants */
            out->plain_names[out->plain++] = card->name;
    }
    qsort(out->plain_names, (size_t)out->plain, sizeof out->plain_names[0], by_name);
}

json_t *cli_deck_run_json(const cli_deck_run *run)
{
    json_t *names = json_array();
    for (int i = 0; i < run->plain; i++)
        json_array_append_new(names, json_string(run->plain_names[i]));
    return json_pack("{s:i,s:o}", "names", run->names, "not_as_printed", names);
}

void cli_deck_run_warn(const bsk_cli *cli, const char *name, const cli_deck_run *run)
{
    if (!run->plain || cli->quiet)
        return;
    if (run->plain == run->names) { /* nearly every deck today: said plainly, not listed */
        fprintf(stderr, "berserk: warning: %s: none of its %d card names runs as printed (printed numbers and "
                        "running keywords only; --json lists them)\n",
                name, run->names);
        return;
    }
    fprintf(stderr, "berserk: warning: %s: %d of its %d card names do not run as printed (printed numbers and "
                    "running keywords only): ",
            name, run->plain, run->names);
    for (int i = 0; i < run->plain; i++)
        fprintf(stderr, "%s%s", i ? ", " : "", run->plain_names[i]);
    fputc('\n', stderr);
}

void cli_deck_legality(bsk_cli *cli, const char *path, const bsk_format *format, char *problem, size_t size)
{
    problem[0] = '\0';
    bsk_deck deck;
    bsk_deck_report report;
    bsk_error error;
    bsk_deck_init(&deck);
    bsk_deck_report_init(&report);
    bsk_error_clear(&error);
    if (bsk_decklist_read(path, &cli->catalog.pool, format, &deck, &report, &error) == BSK_OK) {
        char date[16];
        if (cli->date)
            snprintf(date, sizeof date, "%s", cli->date);
        else
            cli_today_utc(date, sizeof date);
        bsk_deck_check(&deck, format, NULL, date, &cli->catalog.pool, &report);
        bsk_deck_report_sort(&report);
        for (size_t i = 0; i < report.count && !problem[0]; i++)
            if (!report.items[i].warning && report.items[i].line > 0)
                snprintf(problem, size, "line %d: %s (%s)", report.items[i].line, report.items[i].message,
                         report.items[i].rule);
            else if (!report.items[i].warning)
                snprintf(problem, size, "%s (%s)", report.items[i].message, report.items[i].rule);
    }
    bsk_deck_free(&deck);
    bsk_deck_report_free(&report);
}

void cli_deck_legality_warn(const char *path, const bsk_format *format, const char *problem)
{
    if (problem[0])
        fprintf(stderr, "berserk: warning: %s is not legal in %s: %s; the run goes on\n", path, format->id, problem);
}

static int by_id(const void *a, const void *b)
{
    return strcmp((*(const bsk_card *const *)a)->id, (*(const bsk_card *const *)b)->id);
}

void cli_game_deck_fingerprint(const cli_game_deck *deck, char out[CLI_FINGERPRINT_SIZE])
{
    const bsk_card *sorted[BSK_MATCH_DECK_MAX];
    int count = deck->count < BSK_MATCH_DECK_MAX ? deck->count : BSK_MATCH_DECK_MAX;
    memcpy(sorted, deck->cards, (size_t)count * sizeof *sorted);
    qsort(sorted, (size_t)count, sizeof *sorted, by_id);
    uint64_t hash = 0xcbf29ce484222325ull;
    for (int i = 0; i < count; i++)
        for (const char *p = sorted[i]->id;; p++) { /* the id and its terminating NUL */
            hash = (hash ^ (unsigned char)*p) * 0x100000001b3ull;
            if (!*p)
                break;
        }
    snprintf(out, CLI_FINGERPRINT_SIZE, "%016llx", (unsigned long long)hash);
}

int cli_game_deck_dummy(bsk_cli *cli, cli_game_deck *out)
{
    memset(out, 0, sizeof *out);
    out->name = "dummy";
    out->squad = true;
    out->count = BSK_DUMMY_SQUAD_SIZE;
    if (!bsk_dummy_squad(&cli->catalog.pool, out->cards)) {
        cli_errorf("dummy: a card of the dummy squad is missing from the catalogue");
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

/* ---- One game ---- */

static void match_decks(const cli_game *game, bsk_match_deck decks[2])
{
    for (int d = 0; d < 2; d++)
        decks[d] = (bsk_match_deck){game->decks[d]->cards, game->decks[d]->count, game->decks[d]->squad};
}

bsk_status cli_game_table(const cli_game *game, bsk_card_table *out, bsk_error *error)
{
    bsk_match *match = malloc(sizeof *match);
    if (!match)
        return bsk_error_set(error, BSK_ERR_NOMEM, "memory", "out of memory");
    bsk_match_deck decks[2];
    match_decks(game, decks);
    bsk_card_table_init(out);
    bsk_status status = bsk_match_new(match, out, game->params, decks, 0, 1, error);
    free(match);
    return status;
}

void cli_game_seeds_make(uint64_t master, uint64_t deal_index, uint64_t game_index, cli_game_seeds *out)
{
    bsk_rng rng;
    bsk_rng_stream(&rng, master, deal_index);
    out->match = bsk_rng_next(&rng) >> 1;
    bsk_rng_stream(&rng, master, game_index);
    (void)bsk_rng_next(&rng); /* the match seed's draw when the deal is the game's own */
    out->agents[0] = bsk_rng_next(&rng);
    out->agents[1] = bsk_rng_next(&rng);
}

int cli_own_turns(int turns, bool first)
{
    return first ? (turns + 1) / 2 : turns / 2;
}

/* What the play loop's hooks see of one game: its figures and log (games.h). */
typedef struct game_watch {
    const cli_game_scratch *scratch;
    const int *deck_of_seat;
    bool counting;
    bsk_record_list *log;
    cli_game_result *out;
} game_watch;

/* Before an action: its record for the log (names and places as they are before it). */
static void watch_before(void *context, const bsk_match *match, const bsk_action *action)
{
    game_watch *w = context;
    if (w->log) {
        bsk_record record;
        bsk_record_from_action(match, &w->scratch->table, action, &record);
        bsk_record_list_add(w->log, &record);
    }
}

/* After it: its dice for the log, and wounds and deaths by the deck that owns the card. */
static void watch_after(void *context, const bsk_match *match, const bsk_action *action, const bsk_events *events)
{
    (void)action;
    game_watch *w = context;
    if (w->log)
        bsk_record_add_rolls(match, events, 0, w->log);
    if (!w->counting)
        return;
    const bsk_card_table *table = &w->scratch->table;
    for (size_t i = 0; i < events->count; i++) {
        const bsk_event *e = &events->items[i];
        if (e->unit < 0 || e->unit >= match->unit_count)
            continue;
        const bsk_unit *unit = &match->units[e->unit];
        int deck = w->deck_of_seat[unit->owner == 2];
        if (e->kind == BSK_EVENT_WOUND && e->value > 0)
            w->out->wounds_dealt[1 - deck] += e->value;
        else if (e->kind == BSK_EVENT_DEATH && table->entries[unit->slot].type == BSK_TYPE_CREATURE)
            w->out->losses[deck]++;
    }
}

void cli_game_scratch_use(cli_game_scratch *s, const bsk_card_table *table, long key)
{
    if (s->table_key == key)
        return;
    s->table = *table;
    s->table_key = key;
}

bsk_status cli_game_play(const cli_game *game, const cli_game_seeds *seeds, int first_deck, bool counting,
                         cli_game_scratch *s, bsk_record_list *log, cli_game_result *out, bsk_error *error)
{
    memset(out, 0, sizeof *out);
    bsk_match_deck decks[2];
    match_decks(game, decks);
    bsk_match *m = &s->match;
    bsk_status status = bsk_match_new(m, &s->table, game->params, decks, seeds->match, first_deck + 1, error);
    if (status)
        return status;
    /* seat 1 moves first (sides swap at seating): deck_of_seat maps the engine's players to decks */
    const int deck_of_seat[2] = {first_deck, 1 - first_deck};
    bsk_agent agents[2];
    for (int seat = 0; seat < 2; seat++) {
        int deck = deck_of_seat[seat];
        bsk_agent_init(&agents[seat], game->agents[deck], seat + 1, seeds->agents[deck]);
        agents[seat].budget = game->budget;
        agents[seat].stop = game->stop; /* a search in progress ends at Ctrl-C (issue 20) */
    }
    bsk_events events = {s->events, 0, CLI_GAME_EVENTS, 0};
    game_watch watch = {s, deck_of_seat, counting, log, out};
    /* lib's play loop. The log names a recruited, placed or ordered card by its name (DESIGN §5)
     * and a replay takes the first copy of that name: the loop plays that copy (canonical), so the
     * game the log describes is the game played, down to its hash. */
    bool watching = counting || log;
    bsk_play_hooks hooks = {watching ? watch_before : NULL, watching ? watch_after : NULL, &watch,
                            watching ? &events : NULL, game->stop, true, &s->view};
    if ((status = bsk_agents_play_with(m, &s->table, agents, s->legal, &hooks, error)))
        return status;
    if (bsk_match_to_act(m) != 0) { /* stopped (cli_game.stop), maybe after a cut search: counts nowhere */
        out->abandoned = true;
        return BSK_OK;
    }
    out->seed = seeds->match;
    out->hash = bsk_match_hash(m);
    out->first_deck = first_deck;
    out->winner_deck = m->result.winner == 1 || m->result.winner == 2 ? deck_of_seat[m->result.winner - 1] : -1;
    out->turns = m->turn;
    out->reason = m->result.reason;
    out->engine_cap = m->result.cap_actions != 0;
    out->by_cap = m->result.by_cap || out->engine_cap;
    for (int seat = 0; seat < 2; seat++)
        out->own_turns[deck_of_seat[seat]] = cli_own_turns(m->turn, seat == 0);
    for (int i = 0; i < m->unit_count; i++) {
        const bsk_unit *unit = &m->units[i];
        out->played[deck_of_seat[unit->owner == 2]][unit->slot / 64] |= 1ull << (unit->slot % 64);
    }
    return BSK_OK;
}

/* ---- --replay-game ---- */

enum { LOG_RECORDS = 1 << 16 };

static int write_log(const char *path, int revision, const cli_game *game, const cli_game_seeds *seeds,
                     int first_deck, const bsk_match *match, const bsk_record_list *records)
{
    cli_text text;
    if (!cli_text_open(&text, path))
        return EXIT_FAILURE_IO;
    FILE *out = text.out;
    bsk_game_log_player players[2];
    for (int d = 0; d < 2; d++)
        players[d] = (bsk_game_log_player){game->decks[d]->name, game->decks[d]->cards, game->decks[d]->count,
                                           bsk_agent_id(game->agents[d]), game->decks[d]->squad};
    bsk_game_log_write_game_header(out, seeds->match, revision, NULL, players, first_deck + 1);
    for (size_t i = 0; i < records->count; i++)
        bsk_game_log_write_record(out, &records->items[i]);
    bsk_game_log_write_end(out, match);
    return cli_text_write(&text, path);
}

int cli_game_replay(bsk_cli *cli, const cli_game *game, const bsk_card_table *table, const cli_game_seeds *seeds,
                    int first_deck, const char *log_path, cli_game_result *out)
{
    cli_game_scratch *scratch = malloc(sizeof *scratch);
    bsk_record *items = malloc(LOG_RECORDS * sizeof *items);
    int code = EXIT_OK;
    if (!scratch || !items) {
        cli_errorf("out of memory");
        code = EXIT_FAILURE_IO;
    }
    if (!code) {
        bsk_record_list records = {items, 0, LOG_RECORDS, 0};
        bsk_error error;
        bsk_error_clear(&error);
        scratch->table_key = -1;
        cli_game_scratch_use(scratch, table, 0);
        if (cli_game_play(game, seeds, first_deck, true, scratch, &records, out, &error)) {
            cli_print_error(&error);
            code = EXIT_USAGE;
        } else if (records.dropped) {
            cli_errorf("%s: the game has more than %d log records", log_path, LOG_RECORDS);
            code = EXIT_USAGE;
        } else {
            code = write_log(log_path, cli->catalog.revision, game, seeds, first_deck, &scratch->match, &records);
        }
    }
    free(scratch);
    free(items);
    return code;
}

/* ---- --csv ---- */

void cli_game_row_set(cli_game_row *row, const cli_game_result *result, const int deck_index[2])
{
    row->seed = result->seed;
    row->hash = result->hash;
    row->first_deck = (int16_t)deck_index[result->first_deck];
    row->second_deck = (int16_t)deck_index[1 - result->first_deck];
    row->winner_deck = (int16_t)(result->winner_deck >= 0 ? deck_index[result->winner_deck] : -1);
    row->turns = (uint8_t)result->turns;
    row->by_cap = result->by_cap;
    row->done = 1;
}

static void print_header(bool second_deck)
{
    printf("game,seed,first_deck,winner_deck,turns,by_cap,hash%s\n", second_deck ? ",second_deck" : "");
}

static void print_row(uint64_t game, const cli_game_row *r, bool second_deck)
{
    char winner[8] = "", hash[17];
    if (r->winner_deck >= 0)
        snprintf(winner, sizeof winner, "%d", r->winner_deck);
    bsk_match_hash_format(r->hash, hash);
    printf("%llu,%llu,%d,%s,%d,%d,%s", (unsigned long long)game, (unsigned long long)r->seed, r->first_deck, winner,
           r->turns, r->by_cap, hash);
    if (second_deck)
        printf(",%d", r->second_deck);
    printf("\n");
}

void cli_game_rows_print(const cli_game_row *rows, uint64_t count, const cli_shard *shard, uint64_t groups,
                         bool second_deck)
{
    print_header(second_deck);
    for (uint64_t i = 0; i < count; i++)
        if (rows[i].done) {
            uint64_t item = (uint64_t)(shard->index - 1) + i * (uint64_t)shard->count;
            print_row(item / groups, &rows[i], second_deck);
        }
}

void cli_game_replay_print(const cli_game_options *options, const cli_game_result *result, const int deck_index[2],
                           const char *const *names, bool second_deck)
{
    cli_game_row row;
    cli_game_row_set(&row, result, deck_index);
    uint64_t game = (uint64_t)options->replay_game;
    if (options->csv) {
        print_header(second_deck);
        print_row(game, &row, second_deck);
        return;
    }
    char hash[17];
    bsk_match_hash_format(row.hash, hash);
    if (options->json) {
        json_t *root = json_object();
        json_object_set_new(root, "kind", json_string("game"));
        json_object_set_new(root, "game", json_integer((json_int_t)game));
        json_object_set_new(root, "seed", json_integer((json_int_t)row.seed));
        json_object_set_new(root, "first_deck", json_integer(row.first_deck));
        if (second_deck)
            json_object_set_new(root, "second_deck", json_integer(row.second_deck));
        json_object_set_new(root, "winner_deck", row.winner_deck >= 0 ? json_integer(row.winner_deck) : json_null());
        json_object_set_new(root, "turns", json_integer(row.turns));
        json_object_set_new(root, "by_cap", json_boolean(row.by_cap));
        json_object_set_new(root, "hash", json_string(hash));
        json_object_set_new(root, "log", json_string(options->log_path));
        cli_print_json(root);
        return;
    }
    printf("game %llu: seed %llu, %s moved first, ", (unsigned long long)game, (unsigned long long)row.seed,
           names[row.first_deck]);
    if (row.winner_deck >= 0)
        printf("%s won", names[row.winner_deck]);
    else
        printf("a draw%s", row.by_cap ? " by cap" : "");
    printf(" after %d turn%s, hash %s\nlog written to %s (berserk replay %s)\n", row.turns, row.turns == 1 ? "" : "s",
           hash, options->log_path, options->log_path);
}

void cli_game_json_versions(json_t *root, int catalog_revision, const char *engine_version)
{
    json_object_set_new(root, "catalog_revision", json_integer(catalog_revision));
    json_object_set_new(root, "engine_version", json_string(engine_version));
}

void cli_game_json_shard(json_t *root, const cli_game_options *options)
{
    if (!options->sharded)
        return;
    json_object_set_new(root, "shard", json_pack("[i,i]", options->shard.index, options->shard.count));
    json_object_set_new(root, "run_games", json_integer((json_int_t)options->games));
}
