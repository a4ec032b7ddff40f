/* games.h — what the game batches share (goldfish, sim games, sim matrix; DESIGN §4 "Every batch
 * command", "Seats in batches"): their common options, decks loaded for play, per-game seeds drawn
 * from (master seed, game index) alone, one game played by two agents with its figures, the game
 * log of `--replay-game`, and the `--csv` rows. */
#ifndef BERSERK_CLI_GAMES_H
#define BERSERK_CLI_GAMES_H

#include "agent_names.h"
#include "batch.h"
#include "cli.h"

#include "berserk/agent.h"
#include "berserk/match.h"
#include "berserk/position.h"

#include <stdbool.h>
#include <stdint.h>

#define CLI_GAMES_MAX 100000000
#define CLI_GAME_EVENTS 1024 /* events of one action: far more than one action makes */

/* ---- Options every game batch takes ---- */

/* The option texts as cli_parse leaves them. */
typedef struct cli_game_texts {
    const char *games, *threads, *shard, *replay_game, *log, *budget;
    bool csv, squad;
} cli_game_texts;

/* The cli_option entries of the common options, for a command's option table. */
#define CLI_GAME_OPTIONS(t)                                                                                      \
    {"--games", true, &(t).games, NULL}, {"--threads", true, &(t).threads, NULL},                                \
        {"--shard", true, &(t).shard, NULL}, {"--replay-game", true, &(t).replay_game, NULL},                    \
        {"--log", true, &(t).log, NULL}, {"--budget", true, &(t).budget, NULL}, {"--csv", false, NULL, &(t).csv}, \
        {"--squad", false, NULL, &(t).squad}

typedef struct cli_game_options {
    uint64_t seed;        /* the master seed (--seed, else drawn) */
    uint64_t games;       /* --games */
    int threads;
    cli_shard shard;
    bool sharded;         /* --shard given */
    bool csv;
    bool json;
    int64_t replay_game;  /* -1: every game */
    const char *log_path; /* with replay_game */
    int budget;           /* agents' budget (0: their default) */
    bool squad;           /* decks are ready squads */
    bool progress;
} cli_game_options;

/* Checks the common options: integers in range, --shard K/N with --seed, --replay-game K with
 * --log FILE (K < games, no --shard), --csv or --json, and with `pairs` an even --games (games 2j
 * and 2j+1 share a deal). Prints why and returns EXIT_USAGE, else EXIT_OK. */
int cli_game_options_read(bsk_cli *cli, const cli_game_texts *texts, uint64_t default_games, bool pairs,
                          cli_game_options *out);

/* --budget N: 0..BSK_AGENT_BUDGET_MAX (0: the agent's default), one range in every command (play
 * too). Prints why and returns false otherwise. */
bool cli_parse_budget(const char *text, long long *out);

/* An agent by name (bsk_agent_parse). Unknown: "berserk: --agent: unknown agent "x" (known: passive,
 * random)" and false. */
bool cli_agent_read(const char *option, const char *name, int *kind);

/* ---- Decks ---- */

typedef struct cli_game_deck {
    const char *name;                       /* as given on the command line ("dummy") */
    const bsk_card *cards[BSK_MATCH_DECK_MAX];
    int count;
    bool squad;                             /* a ready squad (bsk_match_deck.squad) */
} cli_game_deck;

/* Reads a decklist for play: a deck of at least the deal, or with `squad` a ready squad of at most
 * the format's cells. A file that cannot be one is exit 2 naming it and the rule. */
int cli_game_deck_read(bsk_cli *cli, const char *path, const bsk_format *format, bool squad, cli_game_deck *out);
/* The deck's fingerprint (sim merge identifies decks by content, not by path): 16 hex digits of a
 * 64-bit FNV-1a hash of its card ids, sorted, so the order of the lines and the file's name and
 * format change nothing. */
#define CLI_FINGERPRINT_SIZE 17
void cli_game_deck_fingerprint(const cli_game_deck *deck, char out[CLI_FINGERPRINT_SIZE]);

/* What of the deck does not run as printed (issue 20): the distinct names, sorted, of its cards
 * whose catalogue `support` is not `full` or that the engine cannot run whole (bsk_card_blockers):
 * they play with their printed numbers and the keywords that run only. */
#define CLI_DECK_NAMES_MAX BSK_MATCH_DECK_MAX
typedef struct cli_deck_run {
    int names;                                  /* the deck's distinct names */
    int plain;                                  /* of them, those that do not run as printed */
    const char *plain_names[CLI_DECK_NAMES_MAX];
} cli_deck_run;
void cli_game_deck_run(const cli_game_deck *deck, cli_deck_run *out);
/* {"names":N,"not_as_printed":[NAME...]} */
json_t *cli_deck_run_json(const cli_deck_run *run);
/* Warns once on stderr (not with -q) when some of the deck does not run as printed: "berserk:
 * warning: DECK: 14 of its 16 card names do not run as printed (printed numbers and running
 * keywords only): A, B, …"; "none of its 15 card names runs as printed (…; --json lists them)"
 * when none does. */
void cli_deck_run_warn(const bsk_cli *cli, const char *name, const cli_deck_run *run);

/* Whether the deck (a decklist file, not a ready squad) is legal in `format` on --date (today by
 * default): "" when it is, else the first problem ("3 copies of X; at most 2 allowed
 * (constructed.copies)") in problem[]. A legal deck is not required to play: the caller warns. */
#define CLI_LEGALITY_SIZE 512
void cli_deck_legality(bsk_cli *cli, const char *path, const bsk_format *format, char *problem, size_t size);
/* The one-line warning of an illegal deck: "berserk: warning: DECK is not legal in constructed:
 * PROBLEM; the run goes on". Nothing when problem is "". */
void cli_deck_legality_warn(const char *path, const bsk_format *format, const char *problem);

/* The goldfish dummy (bsk_dummy_squad) as a ready squad. */
int cli_game_deck_dummy(bsk_cli *cli, cli_game_deck *out);

/* ---- One game ---- */

/* Two decks in bsk_match_new's order with their agents. */
typedef struct cli_game {
    const cli_game_deck *decks[2];
    int agents[2]; /* bsk_agent_kind of each deck's player */
    int budget;
    const bsk_squad_params *params;
    const volatile sig_atomic_t *stop; /* NULL, or cli_batch_stop_flag(): abandon the game once set */
} cli_game;

/* The card table every game of these decks starts from: exactly what bsk_match_new builds from an
 * empty table (so slots, and hashes, equal a replay's). Also checks that the decks can play. */
bsk_status cli_game_table(const cli_game *game, bsk_card_table *out, bsk_error *error);

/* A game's randomness, from the master seed and indices alone: the match seed (deal and dice) from
 * deal_index (shared by the two games of a pair), the agents' streams from game_index. */
typedef struct cli_game_seeds {
    uint64_t match; /* 0..2^63-1: it goes into logs and JSON */
    uint64_t agents[2];
} cli_game_seeds;
void cli_game_seeds_make(uint64_t master, uint64_t deal_index, uint64_t game_index, cli_game_seeds *out);

typedef struct cli_game_result {
    uint64_t seed;
    uint64_t hash;
    int first_deck;       /* 0 or 1: the deck that moved first */
    int winner_deck;      /* 0, 1; -1 for a draw */
    int turns;            /* game turns */
    bool by_cap;          /* drawn by a cap: 60 turns, or the declaration cap */
    bool engine_cap;      /* the declaration cap (an engine bug, DESIGN §5) */
    int own_turns[2];     /* per deck: the turns it was the active player */
    int wounds_dealt[2];  /* per deck: wounds dealt to the other deck's cards (with count_events) */
    int losses[2];        /* per deck: its creatures destroyed (with count_events) */
    uint64_t played[2][4];/* per deck: card-table slots of its squad (bit set) */
    int reason;           /* bsk_result_reason of the end */
    bool abandoned;       /* cli_game.stop was set: the game did not finish and counts nowhere */
} cli_game_result;

/* A thread's scratch for playing games (no allocation per game). table_key names the template
 * `table` holds (-1: none yet), so consecutive games of the same decks copy it once. */
typedef struct cli_game_scratch {
    bsk_match match;
    bsk_card_table table;
    long table_key;
    bsk_match_view view;
    bsk_action legal[BSK_MATCH_LEGAL_MAX];
    bsk_event events[CLI_GAME_EVENTS];
} cli_game_scratch;

/* Makes `scratch` play from `table` (a cli_game_table template) named `key`: copied only when the
 * key changes. A new scratch has table_key -1. */
void cli_game_scratch_use(cli_game_scratch *scratch, const bsk_card_table *table, long key);

/* Plays one game to its end (or, once cli_game.stop is set, abandons it: out->abandoned): decks' agents seeded from `seeds`, deck first_deck moving first (the
 * 402.1 roll skipped), on the template cli_game_scratch_use gave the scratch. With count_events,
 * fills wounds and losses; with `log`, records every action and die for the game log. The game is
 * lib's play loop (bsk_agents_play_with) with these figures as its hooks, playing the copy of a
 * same-name card its log names (bsk_record_canonical). */
bsk_status cli_game_play(const cli_game *game, const cli_game_seeds *seeds, int first_deck, bool count_events,
                         cli_game_scratch *scratch, bsk_record_list *log, cli_game_result *out, bsk_error *error);

/* --replay-game K --log FILE: plays game K alone, writes its log (header players in deck order with
 * their agents, "first", "squad":true for ready squads) and fills `out`. Returns an exit code. */
int cli_game_replay(bsk_cli *cli, const cli_game *game, const bsk_card_table *table, const cli_game_seeds *seeds,
                    int first_deck, const char *log_path, cli_game_result *out);

/* Prints what --replay-game K played: its CSV row (--csv), {"kind":"game","game","seed","first_deck",
 * "winner_deck","turns","by_cap","hash","log"} (--json) or a line of text. deck_index maps the
 * game's decks to the command's numbering, names[] holds the command's deck names. */
void cli_game_replay_print(const cli_game_options *options, const cli_game_result *result, const int deck_index[2],
                           const char *const *names, bool second_deck);

/* ---- --csv ---- */

/* One game's row: game,seed,first_deck,winner_deck,turns,by_cap,hash (decks by index). */
typedef struct cli_game_row {
    uint64_t seed;
    uint64_t hash;
    int16_t first_deck, winner_deck, second_deck; /* winner -1: a draw (empty cell) */
    uint8_t turns;
    uint8_t by_cap;
    uint8_t done;                                  /* the game ran (an interrupted run has gaps) */
} cli_game_row;

/* The row of a played game; deck_index maps the game's decks 0 and 1 to the command's numbering. */
void cli_game_row_set(cli_game_row *row, const cli_game_result *result, const int deck_index[2]);
/* Prints the header and the rows that ran; the `game` of the row of item i is i / groups (groups:
 * 1, or sim matrix's interleaved pairs). With second_deck (sim matrix) a last column names the
 * other deck of the pair. */
void cli_game_rows_print(const cli_game_row *rows, uint64_t count, const cli_shard *shard, uint64_t groups,
                         bool second_deck);

/* ---- Output helpers ---- */

/* The number of threads when --threads is not given: every online CPU, at most the limit. */
int cli_default_threads(void);
/* Adds "catalog_revision" and "engine_version" (sim merge refuses shards that differ in them). */
void cli_game_json_versions(json_t *root, int catalog_revision, const char *engine_version);

/* Adds "shard":[K,N] and "run_games" (the whole run's games) when the run is a shard. */
void cli_game_json_shard(json_t *root, const cli_game_options *options);
/* Own turns of a deck that sits at seat 1 (moves first) or 2 in a game of `turns` game turns. */
int cli_own_turns(int turns, bool first);

#endif
