/* cmd_games.c — `berserk sim games DECK1 DECK2` and `berserk sim matrix DECK...` (DESIGN §4):
 * agent-versus-agent batches on the batch runner. Seats alternate in pairs of games that share
 * the deal; win rates with 95 % Wilson intervals, draws and draws by cap, game length, the first
 * player's win rate; the matrix plays every unordered pair. Integer totals for `sim merge`. */
#include "batch.h"
#include "cli.h"
#include "games.h"
#include "merge.h"
#include "progress.h"
#include "sim_report.h"

#include <stdlib.h>
#include <string.h>

#define MATRIX_DECKS_MAX 32

/* ---- Counts of a pair of decks (integers only: they add exactly) ---- */

typedef struct pair_counts {
    uint64_t games, wins[2], draws, draws_by_cap, first_wins, engine_caps;
} pair_counts;

static void pair_add(pair_counts *c, const cli_game_result *r)
{
    c->games++;
    if (r->winner_deck >= 0) {
        c->wins[r->winner_deck]++;
        c->first_wins += r->winner_deck == r->first_deck;
    } else {
        c->draws++;
        c->draws_by_cap += r->by_cap;
    }
    c->engine_caps += r->engine_cap;
}

static void pair_merge(pair_counts *a, const pair_counts *b)
{
    a->games += b->games;
    a->wins[0] += b->wins[0];
    a->wins[1] += b->wins[1];
    a->draws += b->draws;
    a->draws_by_cap += b->draws_by_cap;
    a->first_wins += b->first_wins;
    a->engine_caps += b->engine_caps;
}

static json_t *pair_totals(const pair_counts *c)
{
    return json_pack("{s:I,s:[I,I],s:I,s:I,s:I,s:I}", "games", (json_int_t)c->games, "wins", (json_int_t)c->wins[0],
                     (json_int_t)c->wins[1], "draws", (json_int_t)c->draws, "draws_by_cap",
                     (json_int_t)c->draws_by_cap, "first_player_wins", (json_int_t)c->first_wins, "engine_caps",
                     (json_int_t)c->engine_caps);
}

static bool pair_from_totals(const json_t *t, pair_counts *c)
{
    const json_t *wins = json_object_get(t, "wins");
    return json_array_size(wins) == 2 && bsk_json_count(json_object_get(t, "games"), &c->games) &&
           bsk_json_count(json_array_get(wins, 0), &c->wins[0]) && bsk_json_count(json_array_get(wins, 1), &c->wins[1]) &&
           bsk_json_count(json_object_get(t, "draws"), &c->draws) &&
           bsk_json_count(json_object_get(t, "draws_by_cap"), &c->draws_by_cap) &&
           bsk_json_count(json_object_get(t, "first_player_wins"), &c->first_wins) &&
           bsk_json_count(json_object_get(t, "engine_caps"), &c->engine_caps);
}

static void warn_engine_caps(uint64_t caps)
{
    if (caps)
        cli_errorf("%llu game%s hit the cap of %d declarations in a turn (an engine bug; counted as drawn by cap)",
                   (unsigned long long)caps, caps == 1 ? "" : "s", BSK_MATCH_DECLARATION_CAP);
}

static double rate(uint64_t part, uint64_t whole)
{
    return whole ? (double)part / (double)whole : 0.0;
}

/* A rate in the JSON: null over zero games (issue 20: never a rate of 0 from nothing). */
static json_t *rate_json(uint64_t part, uint64_t whole)
{
    return whole ? json_real((double)part / (double)whole) : json_null();
}

/* What identifies a run in the output (the command's options, or sim merge's first file). */
typedef struct games_head {
    uint64_t seed;
    const char *const *decks;
    int deck_count;
    const char *agents[2]; /* sim games: per deck; sim matrix: agents[0] for all */
    int budget;
    bool squad, interrupted;
    uint64_t games; /* sim matrix: games per pair */
    const cli_game_options *sharded; /* NULL: no "shard" keys */
    const char *const *fingerprints; /* per deck (cli_game_deck_fingerprint) */
    int catalog_revision;
    const char *engine_version;
    const json_t *legality;  /* per deck: null or its first problem in the format */
    const json_t *decks_run; /* per deck: cli_deck_run_json */
} games_head;

/* The keys every games output shares after its decks and agents (DESIGN §4, issue 20). */
static void head_json(json_t *root, const games_head *h)
{
    json_t *fingerprints = json_array();
    for (int d = 0; d < h->deck_count; d++)
        json_array_append_new(fingerprints, json_string(h->fingerprints[d]));
    json_object_set_new(root, "fingerprints", fingerprints);
    json_object_set_new(root, "budget", json_integer(h->budget));
    json_object_set_new(root, "squad", json_boolean(h->squad));
    cli_game_json_versions(root, h->catalog_revision, h->engine_version);
    json_object_set_new(root, "legality", json_deep_copy(h->legality));
    json_object_set_new(root, "decks_run", json_deep_copy(h->decks_run));
}

/* ---- sim games ---- */

typedef struct games_counts {
    pair_counts pair;
    bsk_stat turns;
} games_counts;

typedef struct games_slot {
    games_counts counts;
    cli_game_scratch scratch;
} games_slot;

typedef struct games_run {
    const cli_game *game;
    const bsk_card_table *table;
    uint64_t seed;
    cli_game_row *rows;
    cli_shard shard;
} games_run;

static void games_init(void *result, void *context)
{
    (void)context;
    games_slot *slot = result;
    memset(&slot->counts, 0, sizeof slot->counts);
    slot->scratch.table_key = -1;
}

static void games_merge(void *into, const void *from, void *context)
{
    (void)context;
    games_counts *a = &((games_slot *)into)->counts;
    const games_counts *b = &((const games_slot *)from)->counts;
    pair_merge(&a->pair, &b->pair);
    bsk_stat_merge(&a->turns, &b->turns);
}

/* "Seats in batches": in game k DECK1 moves first when k is even; games 2j and 2j+1 share the deal. */
static void play_seated(const cli_game *game, uint64_t master, uint64_t first_of_group, uint64_t k,
                        cli_game_scratch *scratch, cli_game_result *r)
{
    cli_game_seeds seeds;
    cli_game_seeds_make(master, first_of_group + (k & ~1ull), first_of_group + k, &seeds);
    bsk_error error;
    bsk_error_clear(&error);
    if (cli_game_play(game, &seeds, (int)(k % 2), false, scratch, NULL, r, &error)) {
        /* the decks were checked by cli_game_table: only an engine bug gets here */
        cli_print_error(&error);
        abort();
    }
}

static bool games_game(void *result, uint64_t item, void *context)
{
    games_slot *slot = result;
    const games_run *run = context;
    cli_game_scratch_use(&slot->scratch, run->table, 0);
    cli_game_result r;
    play_seated(run->game, run->seed, 0, item, &slot->scratch, &r);
    if (r.abandoned)
        return false;
    pair_add(&slot->counts.pair, &r);
    bsk_stat_add(&slot->counts.turns, r.turns);
    if (run->rows) {
        const int decks[2] = {0, 1};
        cli_game_row_set(&run->rows[(item - (uint64_t)(run->shard.index - 1)) / (uint64_t)run->shard.count], &r, decks);
    }
    return true;
}

/* DESIGN §4 `sim games`. */
static json_t *games_json(const games_head *h, const games_counts *c)
{
    const pair_counts *p = &c->pair;
    json_t *root = json_object();
    json_object_set_new(root, "kind", json_string("sim_games"));
    json_object_set_new(root, "seed", json_integer((json_int_t)h->seed));
    json_object_set_new(root, "games", json_integer((json_int_t)p->games));
    json_object_set_new(root, "decks", json_pack("[s,s]", h->decks[0], h->decks[1]));
    json_object_set_new(root, "agents", json_pack("[s,s]", h->agents[0], h->agents[1]));
    head_json(root, h);
    if (h->sharded)
        cli_game_json_shard(root, h->sharded);
    json_object_set_new(root, "interrupted", json_boolean(h->interrupted));
    json_object_set_new(root, "wins", json_pack("[I,I]", (json_int_t)p->wins[0], (json_int_t)p->wins[1]));
    json_object_set_new(root, "win_rate", json_pack("[o,o]", rate_json(p->wins[0], p->games), rate_json(p->wins[1], p->games)));
    double ci[2][2];
    bsk_wilson(p->wins[0], p->games, ci[0]);
    bsk_wilson(p->wins[1], p->games, ci[1]);
    json_object_set_new(root, "ci95", json_pack("[[f,f],[f,f]]", ci[0][0], ci[0][1], ci[1][0], ci[1][1]));
    json_object_set_new(root, "draws", json_integer((json_int_t)p->draws));
    json_object_set_new(root, "draws_by_cap", json_integer((json_int_t)p->draws_by_cap));
    json_object_set_new(root, "first_player_win_rate", rate_json(p->first_wins, p->games));
    json_object_set_new(root, "turns", bsk_stat_json(&c->turns, BSK_STAT_WHOLE));
    json_t *totals = pair_totals(p);
    json_object_set_new(totals, "turns", bsk_stat_totals(&c->turns));
    json_object_set_new(root, "totals", totals);
    return root;
}

/* "not as printed (card names): #0 15 of 15, #1 12 of 17" from the head's decks_run. */
static void print_not_as_printed(const games_head *h)
{
    printf("not as printed (card names, listed in the warnings and --json):");
    for (int d = 0; d < h->deck_count; d++) {
        const json_t *run = json_array_get(h->decks_run, (size_t)d);
        printf("%s #%d %zu of %lld", d ? "," : "", d, json_array_size(json_object_get(run, "not_as_printed")),
               (long long)json_integer_value(json_object_get(run, "names")));
    }
    printf("\n");
}

static void games_print(const games_head *h, const games_counts *c, const cli_game_options *o)
{
    const pair_counts *p = &c->pair;
    char shard[48] = "";
    if (o->sharded)
        snprintf(shard, sizeof shard, " (shard %d/%d)", o->shard.index, o->shard.count);
    printf("sim games %s%s against %s: %llu game%s%s%s, seed %llu\n", h->decks[0], h->squad ? " (ready squads)" : "",
           h->decks[1], (unsigned long long)p->games, p->games == 1 ? "" : "s", shard,
           h->interrupted ? " (interrupted)" : "", (unsigned long long)h->seed);
    printf("  #  agent      wins    rate  95%% interval   deck (# as in --csv)\n");
    for (int d = 0; d < 2; d++) {
        double ci[2];
        bsk_wilson(p->wins[d], p->games, ci);
        printf("  %d  %-8s %6llu  %5.1f%%  [%.1f%%, %.1f%%]  %s\n", d, h->agents[d],
               (unsigned long long)p->wins[d], 100 * rate(p->wins[d], p->games), 100 * ci[0], 100 * ci[1], h->decks[d]);
    }
    printf("draws %llu (%llu by the cap); the first player won %.1f%%\n", (unsigned long long)p->draws,
           (unsigned long long)p->draws_by_cap, 100 * rate(p->first_wins, p->games));
    bsk_stat_print(stdout, "game length (turns)", &c->turns, BSK_STAT_WHOLE, "no games");
    print_not_as_printed(h);
}

/* Loads the decks of the operands (exit 2 naming a file that cannot play). */
static int load_decks(bsk_cli *cli, const bsk_format *format, const char *const *paths, int count, bool squad,
                      cli_game_deck *decks)
{
    for (int d = 0; d < count; d++) {
        int code = cli_game_deck_read(cli, paths[d], format, squad, &decks[d]);
        if (code)
            return code;
    }
    return EXIT_OK;
}

/* What the outputs say of each deck beyond its name: its fingerprint, its legality in the format
 * (warned about in one line) and what of it does not run as printed (warned about once per deck,
 * however many pairs it plays in). */
typedef struct decks_info {
    char fingerprint[MATRIX_DECKS_MAX][CLI_FINGERPRINT_SIZE];
    const char *fingerprints[MATRIX_DECKS_MAX];
    json_t *legality;  /* [null | "problem", ...] */
    json_t *decks_run; /* [cli_deck_run_json, ...] */
} decks_info;

static void decks_describe(bsk_cli *cli, const bsk_format *format, const cli_game_deck *decks, int count, bool squad,
                           bool warn, decks_info *out)
{
    out->legality = json_array();
    out->decks_run = json_array();
    for (int d = 0; d < count; d++) {
        cli_game_deck_fingerprint(&decks[d], out->fingerprint[d]);
        out->fingerprints[d] = out->fingerprint[d];
        bool seen = false; /* the same deck twice: one warning */
        for (int e = 0; e < d && !seen; e++)
            seen = strcmp(out->fingerprint[e], out->fingerprint[d]) == 0;
        char problem[CLI_LEGALITY_SIZE] = "";
        if (!squad)
            cli_deck_legality(cli, decks[d].name, format, problem, sizeof problem);
        cli_deck_run run;
        cli_game_deck_run(&decks[d], &run);
        if (warn && !seen) {
            cli_deck_legality_warn(decks[d].name, format, problem);
            cli_deck_run_warn(cli, decks[d].name, &run);
        }
        json_array_append_new(out->legality, problem[0] ? json_string(problem) : json_null());
        json_array_append_new(out->decks_run, cli_deck_run_json(&run));
    }
}

/* Frees decks_describe's JSON. */
static void decks_free(decks_info *info)
{
    json_decref(info->legality);
    json_decref(info->decks_run);
}

static int check_table(const cli_game *game, bsk_card_table *table)
{
    bsk_error error;
    bsk_error_clear(&error);
    if (!cli_game_table(game, table, &error))
        return EXIT_OK;
    cli_errorf("%s against %s: %s (%s)", game->decks[0]->name, game->decks[1]->name, error.message, error.rule);
    return EXIT_USAGE;
}

typedef struct games_state {
    bsk_format format;
    cli_game_deck decks[2];
    bsk_card_table table;
    games_slot total;
} games_state;

static int games_batch(bsk_cli *cli, const cli_game_options *o, games_state *s, games_run *run, games_head *h)
{
    uint64_t size = cli_shard_size(&o->shard, o->games);
    if (o->csv && !(run->rows = calloc(size ? size : 1, sizeof *run->rows))) {
        cli_errorf("out of memory");
        return EXIT_FAILURE_IO;
    }
    cli_batch_catch_interrupt();
    cli_batch batch = {.items = o->games, .shard = o->shard, .threads = o->threads, .chunk = 4,
                       .result_size = sizeof(games_slot), .context = run, .init = games_init, .run = games_game,
                       .merge = games_merge, .progress = cli_progress_wanted(cli), .label = "games", .unit = "games",
                       .rate = true};
    if (cli_batch_run(&batch, &s->total) == UINT64_MAX) {
        free(run->rows);
        cli_errorf("out of memory");
        return EXIT_FAILURE_IO;
    }
    h->interrupted = cli_batch_interrupted();
    if (o->csv)
        cli_game_rows_print(run->rows, size, &o->shard, 1, false);
    else if (o->json)
        cli_print_json(games_json(h, &s->total.counts));
    else
        games_print(h, &s->total.counts, o);
    free(run->rows);
    warn_engine_caps(s->total.counts.pair.engine_caps);
    return h->interrupted ? cli_batch_exit_code() : EXIT_OK;
}

static int sim_games(bsk_cli *cli)
{
    cli_game_texts texts = {0};
    const char *agent_options[2] = {NULL, NULL};
    const cli_option options[] = {CLI_GAME_OPTIONS(texts),
                                  {"--agent1", true, &agent_options[0], NULL},
                                  {"--agent2", true, &agent_options[1], NULL}};
    const char *paths[2];
    size_t operand_count;
    int code = cli_parse(cli, 2, options, sizeof options / sizeof options[0], paths, &operand_count, 2);
    if (code)
        return code;
    if (operand_count != 2)
        return cli_usage_error("sim games DECK1 DECK2 [--games N] [--agent1 A] [--agent2 B] [--budget N] [--squad] "
                               "[--seed S] [--threads T] [--shard K/N] [--json|--csv]",
                               "sim games: %s is missing", operand_count ? "DECK2" : "DECK1");
    cli_game_options o;
    int agents[2];
    if ((code = cli_game_options_read(cli, &texts, 1000, true, &o)))
        return code;
    for (int d = 0; d < 2; d++)
        if (!cli_agent_read(d ? "--agent2" : "--agent1", agent_options[d] ? agent_options[d] : CLI_DEFAULT_AGENT,
                            &agents[d]))
            return EXIT_USAGE;
    games_state *s = cli_load_catalog_and_alloc(cli, sizeof *s, &code);
    if (!s)
        return code;
    code = cli_load_format(cli, NULL, &s->format);
    if (!code)
        code = load_decks(cli, &s->format, paths, 2, o.squad, s->decks);
    cli_game game = {{&s->decks[0], &s->decks[1]}, {agents[0], agents[1]}, o.budget, &s->format.squad,
                     cli_batch_stop_flag()};
    if (!code)
        code = check_table(&game, &s->table);
    decks_info info = {0};
    if (!code)
        decks_describe(cli, &s->format, s->decks, 2, o.squad, o.replay_game < 0, &info);
    games_head head = {o.seed, paths, 2, {bsk_agent_id(agents[0]), bsk_agent_id(agents[1])}, o.budget, o.squad,
                       false, o.games, o.sharded ? &o : NULL, info.fingerprints, cli->catalog.revision, BSK_VERSION,
                       info.legality, info.decks_run};
    games_run run = {&game, &s->table, o.seed, NULL, o.shard};
    if (!code && o.replay_game >= 0) {
        uint64_t k = (uint64_t)o.replay_game;
        cli_game_seeds seeds;
        cli_game_result result;
        cli_game_seeds_make(o.seed, k & ~1ull, k, &seeds);
        code = cli_game_replay(cli, &game, &s->table, &seeds, (int)(k % 2), o.log_path, &result);
        const int decks[2] = {0, 1};
        if (!code)
            cli_game_replay_print(&o, &result, decks, paths, false);
    } else if (!code) {
        code = games_batch(cli, &o, s, &run, &head);
    }
    decks_free(&info);
    free(s);
    return code;
}

/* ---- sim matrix ---- */

typedef struct matrix_run {
    const cli_game_deck *decks;
    int agent;
    int budget;
    const bsk_squad_params *params;
    uint64_t seed;
    uint64_t games;           /* per pair */
    int pair_count;
    int pair_deck[MATRIX_DECKS_MAX * (MATRIX_DECKS_MAX - 1) / 2][2]; /* pair p: decks i < j, row by row */
    const bsk_card_table *tables; /* per pair */
    cli_game_row *rows;
    cli_shard shard;
} matrix_run;

/* The accumulator: scratch, then the pairs' counts (the runner's result_size covers them). */
typedef struct matrix_slot {
    cli_game_scratch scratch;
    pair_counts pairs[];
} matrix_slot;

static void matrix_init(void *result, void *context)
{
    const matrix_run *run = context;
    matrix_slot *slot = result;
    memset(slot->pairs, 0, (size_t)run->pair_count * sizeof slot->pairs[0]);
    slot->scratch.table_key = -1;
}

static void matrix_merge(void *into, const void *from, void *context)
{
    const matrix_run *run = context;
    for (int p = 0; p < run->pair_count; p++)
        pair_merge(&((matrix_slot *)into)->pairs[p], &((const matrix_slot *)from)->pairs[p]);
}

static cli_game pair_game(const matrix_run *run, int pair)
{
    cli_game game = {{&run->decks[run->pair_deck[pair][0]], &run->decks[run->pair_deck[pair][1]]},
                     {run->agent, run->agent},
                     run->budget,
                     run->params,
                     cli_batch_stop_flag()};
    return game;
}

/* The pairs are interleaved (issue 20): item k·pairs + p is game k of pair p, so an interrupted
 * matrix (or any prefix of its items) covers every pair about equally. A game's seeds come from
 * p·games + k, its index in the pair's block, so a pair's games are the same in any run of the
 * same decks, seed and games (and --replay-game K --pair I,J finds them). */
static bool matrix_game(void *result, uint64_t item, void *context)
{
    matrix_slot *slot = result;
    const matrix_run *run = context;
    int pair = (int)(item % (uint64_t)run->pair_count);
    uint64_t k = item / (uint64_t)run->pair_count;
    cli_game_scratch_use(&slot->scratch, &run->tables[pair], pair);
    cli_game game = pair_game(run, pair);
    cli_game_result r;
    play_seated(&game, run->seed, (uint64_t)pair * run->games, k, &slot->scratch, &r);
    if (r.abandoned)
        return false;
    pair_add(&slot->pairs[pair], &r);
    if (run->rows)
        cli_game_row_set(&run->rows[(item - (uint64_t)(run->shard.index - 1)) / (uint64_t)run->shard.count], &r,
                         run->pair_deck[pair]);
    return true;
}

/* DESIGN §4 `sim matrix`: win_rate[r][c] is deck r's wins against deck c over their games. */
static json_t *matrix_json(const games_head *h, const pair_counts *pairs)
{
    int n = h->deck_count;
    json_t *rates = json_array(), *pair_list = json_array();
    uint64_t played = 0;
    for (int r = 0; r < n; r++) {
        json_t *row = json_array();
        for (int c = 0; c < n; c++) {
            if (r == c) {
                json_array_append_new(row, json_null());
                continue;
            }
            int i = r < c ? r : c, j = r < c ? c : r;
            int p = i * n - i * (i + 1) / 2 + (j - i - 1);
            const pair_counts *pc = &pairs[p];
            json_array_append_new(row, pc->games ? json_real(rate(pc->wins[r == i ? 0 : 1], pc->games)) : json_null());
        }
        json_array_append_new(rates, row);
    }
    for (int i = 0, p = 0; i < n; i++)
        for (int j = i + 1; j < n; j++, p++) {
            json_t *one = json_pack("{s:[i,i]}", "decks", i, j);
            json_object_update_new(one, pair_totals(&pairs[p]));
            json_array_append_new(pair_list, one);
            played += pairs[p].games;
        }
    json_t *decks = json_array();
    for (int d = 0; d < n; d++)
        json_array_append_new(decks, json_string(h->decks[d]));
    json_t *root = json_object();
    json_object_set_new(root, "kind", json_string("sim_matrix"));
    json_object_set_new(root, "seed", json_integer((json_int_t)h->seed));
    json_object_set_new(root, "games", json_integer((json_int_t)h->games));
    json_object_set_new(root, "decks", decks);
    json_object_set_new(root, "agent", json_string(h->agents[0]));
    head_json(root, h);
    if (h->sharded)
        json_object_set_new(root, "shard", json_pack("[i,i]", h->sharded->shard.index, h->sharded->shard.count));
    json_object_set_new(root, "interrupted", json_boolean(h->interrupted));
    json_object_set_new(root, "played", json_integer((json_int_t)played));
    json_object_set_new(root, "win_rate", rates);
    json_t *totals = json_object();
    json_object_set_new(totals, "games", json_integer((json_int_t)played));
    json_object_set_new(totals, "pairs", pair_list);
    json_object_set_new(root, "totals", totals);
    return root;
}

static void matrix_print(const games_head *h, const pair_counts *pairs, const cli_game_options *o)
{
    int n = h->deck_count;
    char shard[48] = "";
    if (o->sharded)
        snprintf(shard, sizeof shard, " (shard %d/%d)", o->shard.index, o->shard.count);
    printf("sim matrix: %d decks%s, %llu games per pair, agent %s%s%s, seed %llu\n", n,
           h->squad ? " (ready squads)" : "", (unsigned long long)h->games, h->agents[0], shard,
           h->interrupted ? " (interrupted)" : "", (unsigned long long)h->seed);
    printf("win rate of the row's deck against the column's:\n     ");
    for (int c = 0; c < n; c++)
        printf(" %6d", c);
    printf("\n");
    for (int r = 0; r < n; r++) {
        printf("  %-3d", r);
        for (int c = 0; c < n; c++) {
            int i = r < c ? r : c, j = r < c ? c : r;
            const pair_counts *pc = r == c ? NULL : &pairs[i * n - i * (i + 1) / 2 + (j - i - 1)];
            if (!pc || !pc->games)
                printf(" %6s", "-");
            else
                printf(" %5.1f%%", 100 * rate(pc->wins[r == i ? 0 : 1], pc->games));
        }
        printf("   %s\n", h->decks[r]);
    }
    print_not_as_printed(h);
}

/* --pair I,J: two different deck indices (0-based, command-line order). */
static bool parse_pair(const char *text, int deck_count, int *i, int *j)
{
    long value[2] = {-1, -1};
    const char *p = text;
    bool ok = true;
    for (int k = 0; k < 2 && ok; k++) {
        const char *start = p;
        long v = 0;
        while (*p >= '0' && *p <= '9' && v < deck_count)
            v = v * 10 + (*p++ - '0');
        ok = p > start && v < deck_count && *p == (k == 0 ? ',' : '\0');
        value[k] = v;
        p += k == 0;
    }
    if (!ok || value[0] == value[1]) {
        cli_errorf("--pair must be I,J: two different decks by their index 0..%d in command-line order, not \"%s\"",
                   deck_count - 1, text);
        return false;
    }
    *i = (int)(value[0] < value[1] ? value[0] : value[1]);
    *j = (int)(value[0] < value[1] ? value[1] : value[0]);
    return true;
}

typedef struct matrix_state {
    bsk_format format;
    cli_game_deck decks[MATRIX_DECKS_MAX];
    matrix_run run;
    bsk_card_table tables[]; /* per pair */
} matrix_state;

static int matrix_batch(bsk_cli *cli, const cli_game_options *o, matrix_run *run, games_head *h)
{
    uint64_t items = run->games * (uint64_t)run->pair_count;
    uint64_t size = cli_shard_size(&o->shard, items);
    size_t result_size = sizeof(matrix_slot) + (size_t)run->pair_count * sizeof(pair_counts);
    matrix_slot *total = malloc(result_size);
    if (!total || (o->csv && !(run->rows = calloc(size ? size : 1, sizeof *run->rows)))) {
        free(total);
        cli_errorf("out of memory");
        return EXIT_FAILURE_IO;
    }
    cli_batch_catch_interrupt();
    cli_batch batch = {.items = items, .shard = o->shard, .threads = o->threads, .chunk = 4,
                       .result_size = result_size, .context = run, .init = matrix_init, .run = matrix_game,
                       .merge = matrix_merge, .progress = cli_progress_wanted(cli), .label = "matrix",
                       .unit = "games", .rate = true};
    int code = EXIT_OK;
    if (cli_batch_run(&batch, total) == UINT64_MAX) {
        cli_errorf("out of memory");
        code = EXIT_FAILURE_IO;
    } else {
        h->interrupted = cli_batch_interrupted();
        if (o->csv)
            cli_game_rows_print(run->rows, size, &o->shard, (uint64_t)run->pair_count, true);
        else if (o->json)
            cli_print_json(matrix_json(h, total->pairs));
        else
            matrix_print(h, total->pairs, o);
        uint64_t caps = 0;
        for (int p = 0; p < run->pair_count; p++)
            caps += total->pairs[p].engine_caps;
        warn_engine_caps(caps);
        code = h->interrupted ? cli_batch_exit_code() : EXIT_OK;
    }
    free(run->rows);
    free(total);
    return code;
}

static int sim_matrix(bsk_cli *cli)
{
    cli_game_texts texts = {0};
    const char *agent_option = NULL, *pair_option = NULL;
    const cli_option options[] = {CLI_GAME_OPTIONS(texts),
                                  {"--agent", true, &agent_option, NULL},
                                  {"--pair", true, &pair_option, NULL}};
    const char *paths[MATRIX_DECKS_MAX];
    size_t n;
    int code = cli_parse(cli, 2, options, sizeof options / sizeof options[0], paths, &n, MATRIX_DECKS_MAX);
    if (code)
        return code;
    if (n < 2)
        return cli_usage_error("sim matrix DECK DECK... [--games N] [--agent A] [--budget N] [--squad] [--seed S] "
                               "[--threads T] [--shard K/N] [--json|--csv] [--replay-game K --pair I,J --log FILE]",
                               "sim matrix: at least two decks are needed (up to %d)", MATRIX_DECKS_MAX);
    cli_game_options o;
    int agent, pair_i = -1, pair_j = -1;
    if ((code = cli_game_options_read(cli, &texts, 100, true, &o)))
        return code;
    if (!cli_agent_read("--agent", agent_option ? agent_option : CLI_DEFAULT_AGENT, &agent) ||
        (pair_option && !parse_pair(pair_option, (int)n, &pair_i, &pair_j)))
        return EXIT_USAGE;
    if ((pair_option != NULL) != (o.replay_game >= 0)) {
        cli_errorf(pair_option ? "--pair I,J chooses the pair of --replay-game K: give both"
                               : "--replay-game K needs --pair I,J: the two decks of the game");
        return EXIT_USAGE;
    }
    int pair_count = (int)(n * (n - 1) / 2);
    matrix_state *s = cli_load_catalog_and_alloc(cli, sizeof *s + (size_t)pair_count * sizeof(bsk_card_table), &code);
    if (!s)
        return code;
    code = cli_load_format(cli, NULL, &s->format);
    if (!code)
        code = load_decks(cli, &s->format, paths, (int)n, o.squad, s->decks);
    matrix_run *run = &s->run;
    *run = (matrix_run){.decks = s->decks, .agent = agent, .budget = o.budget, .params = &s->format.squad,
                        .seed = o.seed, .games = o.games, .pair_count = pair_count, .tables = s->tables,
                        .shard = o.shard};
    for (int i = 0, p = 0; i < (int)n; i++)
        for (int j = i + 1; j < (int)n; j++, p++) {
            run->pair_deck[p][0] = i;
            run->pair_deck[p][1] = j;
            cli_game game = pair_game(run, p);
            if (!code)
                code = check_table(&game, &s->tables[p]);
        }
    decks_info info = {0};
    if (!code)
        decks_describe(cli, &s->format, s->decks, (int)n, o.squad, o.replay_game < 0, &info);
    games_head head = {o.seed, paths, (int)n, {bsk_agent_id(agent), bsk_agent_id(agent)}, o.budget, o.squad, false,
                       o.games, o.sharded ? &o : NULL, info.fingerprints, cli->catalog.revision, BSK_VERSION,
                       info.legality, info.decks_run};
    if (!code && o.replay_game >= 0) {
        int p = pair_i * (int)n - pair_i * (pair_i + 1) / 2 + (pair_j - pair_i - 1);
        uint64_t k = (uint64_t)o.replay_game, first = (uint64_t)p * o.games;
        cli_game game = pair_game(run, p);
        cli_game_seeds seeds;
        cli_game_result result;
        cli_game_seeds_make(o.seed, first + (k & ~1ull), first + k, &seeds);
        code = cli_game_replay(cli, &game, &s->tables[p], &seeds, (int)(k % 2), o.log_path, &result);
        if (!code)
            cli_game_replay_print(&o, &result, run->pair_deck[p], paths, true);
    } else if (!code) {
        code = matrix_batch(cli, &o, run, &head);
    }
    decks_free(&info);
    free(s);
    return code;
}

int cmd_sim_games(bsk_cli *cli)
{
    return sim_games(cli);
}

int cmd_sim_matrix(bsk_cli *cli)
{
    return sim_matrix(cli);
}

/* ---- sim merge ---- */

static games_head head_of(const json_t *first, const char **decks, const char **fingerprints, int deck_count,
                          bool interrupted)
{
    const json_t *agents = json_object_get(first, "agents"), *list = json_object_get(first, "fingerprints");
    for (int d = 0; d < deck_count; d++)
        fingerprints[d] = json_string_value(json_array_get(list, (size_t)d));
    games_head h = {(uint64_t)json_integer_value(json_object_get(first, "seed")),
                    decks,
                    deck_count,
                    {json_string_value(agents ? json_array_get(agents, 0) : json_object_get(first, "agent")),
                     json_string_value(agents ? json_array_get(agents, 1) : json_object_get(first, "agent"))},
                    (int)json_integer_value(json_object_get(first, "budget")),
                    json_is_true(json_object_get(first, "squad")),
                    interrupted,
                    (uint64_t)json_integer_value(json_object_get(first, "games")),
                    NULL,
                    fingerprints,
                    (int)json_integer_value(json_object_get(first, "catalog_revision")),
                    json_string_value(json_object_get(first, "engine_version")),
                    json_object_get(first, "legality"),
                    json_object_get(first, "decks_run")};
    return h;
}

/* The decks of the first file (checked alike in every file by cmd_merge.c). */
static int deck_names(const json_t *first, const char **out, int max)
{
    const json_t *decks = json_object_get(first, "decks");
    int n = (int)json_array_size(decks);
    for (int d = 0; d < n && d < max; d++)
        if (!(out[d] = json_string_value(json_array_get(decks, (size_t)d))))
            return -1;
    return n <= max ? n : -1;
}

json_t *cli_sim_games_merge(const bsk_sim_report *first, const json_t *totals, bool interrupted)
{
    games_counts *sum = calloc(1, sizeof *sum);
    json_t *out = NULL;
    const char *decks[2];
    if (!sum) {
        cli_errorf("out of memory");
    } else if (deck_names(first->root, decks, 2) != 2) {
        cli_errorf("%s: \"decks\" must be two deck names", first->path);
    } else if (!pair_from_totals(totals, &sum->pair) ||
               !bsk_stat_from_totals(json_object_get(totals, "turns"), &sum->turns)) {
        cli_errorf("%s: \"totals\" is not the sim games totals shape", first->path);
    } else {
        const char *fingerprints[2];
        games_head h = head_of(first->root, decks, fingerprints, 2, interrupted);
        out = games_json(&h, sum);
    }
    free(sum);
    return out;
}

json_t *cli_sim_matrix_merge(const bsk_sim_report *first, const json_t *totals, bool interrupted)
{
    const char *decks[MATRIX_DECKS_MAX];
    int n = deck_names(first->root, decks, MATRIX_DECKS_MAX);
    if (n < 2) {
        cli_errorf("%s: \"decks\" must be 2..%d deck names", first->path, MATRIX_DECKS_MAX);
        return NULL;
    }
    int pair_count = n * (n - 1) / 2;
    pair_counts *sum = calloc((size_t)pair_count, sizeof *sum);
    if (!sum) {
        cli_errorf("out of memory");
        return NULL;
    }
    const json_t *pairs = json_object_get(totals, "pairs");
    bool ok = json_array_size(pairs) == (size_t)pair_count;
    for (int p = 0; ok && p < pair_count; p++)
        ok = pair_from_totals(json_array_get(pairs, (size_t)p), &sum[p]);
    json_t *out = NULL;
    if (!ok) {
        cli_errorf("%s: \"totals\" is not the sim matrix totals shape", first->path);
    } else {
        const char *fingerprints[MATRIX_DECKS_MAX];
        games_head h = head_of(first->root, decks, fingerprints, n, interrupted);
        out = matrix_json(&h, sum);
    }
    free(sum);
    return out;
}
