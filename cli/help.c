/* help.c — the one description of the `berserk` command line (issue 10 #11) and the three
 * things printed from it: the help text (`berserk --help`, `berserk CMD --help`), the man page
 * berserk(1) in roff, and the bash completion script. A command's own options are checked
 * against this table when it parses them (cli_parse), so the help cannot miss one. */
#include "help.h"

#include "agent_names.h"

#include <string.h>

/* ---- The table ---------------------------------------------------------------------------- */

/* The options every game batch takes (goldfish, sim games, sim matrix; docs/batch-json.md). */
#define GAME_BATCH_OPTIONS(GAMES)                                                                           \
    {"--games", "N", GAMES, NULL, false},                                                                   \
    {"--threads", "T", "threads, 1..64 (default: every CPU, at most 64); results do not depend on it", NULL, \
     false},                                                                                                \
    {"--shard", "K/N",                                                                                      \
     "run only games g with g mod N = K-1 (1 <= K <= N <= 1000000; needs --seed); sim merge combines the "  \
     "N --json outputs into exactly the single run's",                                                      \
     NULL, false},                                                                                          \
    {"--squad", NULL,                                                                                       \
     "the deck files are ready squads: every card recruited, no deal, placed by the 404 tiers (at most 15 "  \
     "cards)",                                                                                              \
     NULL, false},                                                                                          \
    {"--budget", "N", "a searching agent's iterations per decision, 0..100000000 (default: 0, its own)",    \
     NULL, false},                                                                                          \
    {"--csv", NULL, "one row per game: game,seed,first_deck,winner_deck,turns,by_cap,hash (decks by index)", \
     NULL, false},                                                                                          \
    {"--replay-game", "K", "play only game K (0-based) and write its log to --log", NULL, false},           \
    {"--log", "FILE", "with --replay-game: the game log (berserk replay FILE reproduces the game and hash)", \
     NULL, true}

#define AGENT_TEXT(WHO) WHO ": " CLI_AGENT_LIST " (default: " CLI_DEFAULT_AGENT ")"

#define FORMAT_CHOICES "constructed limited sealed draft" /* the built-in formats, for the shell */
#define FORMAT_OPTION                                                                                       \
    {"--format", "NAME|PATH",                                                                               \
     "the format: constructed (default), limited, sealed, draft, or a format file (a PATH has a / or ends " \
     "in .json; docs/format-files.md)",                                                                     \
     FORMAT_CHOICES, true}

/* The bundled catalogue's set ids (a synced catalogue may add more; the shell offers these). */
#define SET_CHOICES "01 02 03 04 05 06 07 21 22 classic"

const help_option help_globals[] = {
    {"--db", "PATH",
     "the catalogue store (default: $BERSERK_DB, else $XDG_DATA_HOME/berserk/catalog.db, else "
     "~/.local/share/berserk/catalog.db)",
     NULL, true},
    {"--empty", NULL, "a new store starts empty instead of importing the bundled catalogue", NULL, false},
    {"--json", NULL, "results as JSON", NULL, false},
    {"--seed", "N", "the random seed, 0..9223372036854775807 (default: from the clock; always printed)", NULL,
     false},
    {"--date", "YYYY-MM-DD", "the day whose bans and restrictions apply (default: today, UTC)", NULL, false},
    {"--no-color", NULL, "no colour and no crystal symbols (NO_COLOR does the same)", NULL, false},
    {"-q, --quiet", NULL, "fewer messages", NULL, false},
    {"-v, --verbose", NULL, "more messages", NULL, false},
    {"-h, --help", NULL, "this help; after a command, that command's options and examples", NULL, false},
    {"--version", NULL, "the version", NULL, false},
    {NULL, NULL, NULL, NULL, false},
};

const help_command help_commands[] = {
    {"catalog", "info", "", "what the catalogue holds: sets, revisions, counts",
     "Prints where the store is, where its catalogue came from (bundled, a file or a sync URL), its revision, "
     "the last sync, and per set its name, release, revision and number of cards, with counts by element and "
     "by type. The first command run against a new store imports the bundled catalogue (unless --empty).",
     "--db PATH, --empty, --json", false, {{NULL, NULL, NULL, NULL, false}},
     {"berserk catalog info", "berserk --db /tmp/catalog.db --json catalog info", NULL}},

    {"catalog", "import", "FILE|DIR", "import catalogue JSON (validated first; all or nothing)",
     "A directory or its index.json replaces the whole catalogue; a single set file adds or replaces that set. "
     "Every file is validated (syntax, schema, SHA-256 against the index, size caps) before the store is "
     "touched, and the write is one transaction: a bad file leaves the catalogue as it was (exit 2).",
     "--db PATH, --json, -q", true, {{NULL, NULL, NULL, NULL, false}},
     {"berserk catalog import /tmp/catalogue", "berserk catalog import /tmp/catalogue/sets/01.json", NULL}},

    {"catalog", "export", "DIR", "write the catalogue as index.json + sets/*.json",
     "Writes exactly the layout `catalog import` and `catalog sync` read: index.json and one sets/ID.json per "
     "set, in canonical JSON, with each set file's SHA-256 in the index. Any static web server can publish it.",
     "--db PATH, --json, -q", true, {{NULL, NULL, NULL, NULL, false}},
     {"berserk catalog export /tmp/catalogue", NULL}},

    {"catalog", "sync", "[URL]", "mirror a catalogue server over HTTP(S)",
     "Fetches URL/index.json (conditionally: a 304 ends the sync), then only the sets whose revision or "
     "SHA-256 changed, validates everything, and applies every change in one transaction; afterwards the "
     "catalogue equals the server's. The URL is remembered: without one the last is used. Only http and "
     "https; TLS is always verified. A retry waits 0.5 s, doubling up to 8 s, or what Retry-After says up to 30 s. "
     "Any failure leaves the store untouched (exit 3).",
     "--db PATH, --json, -q", false,
     {{"--connect-timeout", "S", "seconds to connect, 0 < S <= 3600 (default: 10)", NULL, false},
      {"--timeout", "S", "seconds for each request, 0 < S <= 3600 (default: 60)", NULL, false},
      {"--retries", "N", "retries after a 5xx, 429 or timeout, 0..10 (default: 3)", NULL, false},
      {"--cacert", "FILE", "a CA bundle (PEM) to verify the server with, for a private CA", NULL, true},
      {NULL, NULL, NULL, NULL, false}},
     {"berserk catalog sync https://example.org/berserk/", "berserk catalog sync --timeout 20 --retries 1", NULL}},

    {"cards", "search", "[QUERY]", "find cards by name and filters",
     "Lists the cards whose normalised name contains QUERY and that pass every filter (--elite and "
     "--rank-and-file exclude each other). Filter values take the English ids or the Russian words (--element "
     "forests = --element леса).",
     "--json, --db PATH", false,
     {{"--element", "E", "plains, mountains, forests, swamps, darkness or neutral (or равнины, горы, леса, ...)",
       "plains mountains forests swamps darkness neutral", false},
      {"--type", "T", "creature, artifact or terrain", "creature artifact terrain", false},
      {"--subtype", "S", "ground, flyer, companion or parasite", "ground flyer companion parasite", false},
      {"--cost", "A..B", "the cost: N, A..B, A.. or ..B, 0 <= A <= B <= 99", NULL, false},
      {"--class", "C", "a class id (elf) or a Russian class name (Эльф)", HELP_CHOICES_CLASSES, false},
      {"--set", "ID", "a set id of `berserk catalog info` (01 ... 07, 21, 22, classic)", SET_CHOICES, false},
      {"--keyword", "K", "a keyword id (armor) or a Russian term (броня)", HELP_CHOICES_KEYWORDS, false},
      {"--elite", NULL, "elite cards only (paid in gold)", NULL, false},
      {"--rank-and-file", NULL, "rank-and-file cards only (paid in gold or silver)", NULL, false},
      {"--unique", NULL, "unique cards only", NULL, false},
      {"--support", "S", "the support the engine grants (`cards coverage`): full, partial, keywords_only or unknown",
       "full partial keywords_only unknown", false},
      {"--limit", "N", "at most N cards, 0..1000000 (default: every match)", NULL, false},
      {NULL, NULL, NULL, NULL, false}},
     {"berserk cards search --element леса --cost 7..8 --elite --limit 5", "berserk cards search дракон --json",
      NULL}},

    {"cards", "show", "NAME|ID", "every fact of a card and all its printings",
     "Looks a card up by name (normalised: case, ё, apostrophes and spaces do not matter), by id (01-101) or by "
     "nxt id (10101) and prints its newest printing and the list of its printings: its keywords, its encoded "
     "features (each with its printed sentence's number and what it does, in words), how many sentences its "
     "text prints, its support and what the engine does not run yet. Nothing found is exit 1, with the nearest "
     "names.",
     "--json, --db PATH, --no-color", false, {{NULL, NULL, NULL, NULL, false}},
     {"berserk cards show Циклоп", "berserk cards show 01-101 --json", NULL}},

    {"cards", "coverage", "[--set S] [--deck FILE]...", "what the match engine runs, per set and per deck",
     "Counts the catalogue cards whose printed numbers and catalogued keywords all run in the match engine, and "
     "lists what blocks the others: a keyword the engine does not run (keyword:charge), a keyword held under a "
     "condition (condition:formation), an attack ability with no catalogued activation (activation:none), a "
     "parameter X defined by the card's own text (expression:X), an unknown printed number (unknown:life), "
     "an encoded feature the engine cannot run (engine:text_only, engine:handler) or a support its encoded "
     "sentences do not prove (support:unproved). full, partial, keywords only and unknown count the catalogue's "
     "support field as the engine checks it (unknown: no printed text known). "
     "--deck counts each distinct card (printing) of a decklist once, whatever its copies; names resolve to "
     "their newest printing. FILE operands are decks too.",
     "--json, --db PATH, -v", true,
     {{"--set", "ID", "only this set's cards (01 ... 07, 21, 22, classic); unknown set: exit 2", SET_CHOICES, false},
      {"--deck", "FILE", "also count a decklist's cards and list its blocked cards; repeatable, up to 64", NULL,
       true},
      {NULL, NULL, NULL, NULL, false}},
     {"berserk cards coverage", "berserk cards coverage --set 01 --json",
      "berserk cards coverage --deck examples/06-elfy.txt", NULL}},

    {"deck", "check", "FILE|DIR...", "legality of decklists, many at once (a tournament)",
     "Checks each decklist (text, ProBerserk TXT, .brsd or JSON) against the format and reports every problem "
     "with its line and rule. A directory checks its *.txt, *.brsd and *.json files; NAME.pool.* beside NAME.* "
     "is that deck's pool. Exit 0 when every deck is legal, 1 when one is not, 2 when a file cannot be used. "
     "The decklist forms and the --json report: docs/decklists.md.",
     "--date YYYY-MM-DD, --json, -v", true,
     {FORMAT_OPTION,
      {"--pool", "FILE", "the cards the player owns (sealed, draft): a decklist whose counts are copies owned",
       NULL, true},
      {NULL, NULL, NULL, NULL, false}},
     {"berserk deck check deck.txt", "berserk deck check decks/ --format limited --date 2026-11-21",
      "berserk deck check sealed.txt --format sealed --pool pool.txt", NULL}},

    {"deck", "stats", "FILE", "composition, cost curve and the odds of each card in the deal",
     "Counts by element, type, subtype and elite; the cost curve; the flyers' cost; the expected elite and "
     "rank-and-file cost of a deal; and per card the exact odds of at least 1, 2 and 3 copies in the deal.",
     "--json", true, {FORMAT_OPTION, {NULL, NULL, NULL, NULL, false}}, {"berserk deck stats deck.txt", NULL}},

    {"deck", "convert", "FILE --to text|brsd|json", "rewrite a decklist in another form",
     "Reads a decklist in any form and writes it as text, berserk-nxt .brsd or JSON; reading the result back "
     "gives the same deck. A decklist with problems is not converted (exit 1). The forms: docs/decklists.md.",
     "--db PATH", true,
     {{"--to", "text|brsd|json", "the form to write (required)", "text brsd json", false},
      {"-o, --output", "FILE", "write there (default: stdout)", NULL, true},
      {NULL, NULL, NULL, NULL, false}},
     {"berserk deck convert deck.txt --to brsd -o deck.brsd", NULL}},

    {"squad", "check", "FILE", "replay a recruitment + placement scenario",
     "Replays a scenario file (JSON: player, redeals, the 15-card deal, each card recruited with an optional "
     "gold/silver split, each card placed) and names the first step that breaks a rule, with its code and rule "
     "number (402-405). Exit 0 legal, 1 illegal, 2 a bad file. The file and the --json report: "
     "docs/scenarios.md.",
     "--json", true, {{NULL, NULL, NULL, NULL, false}},
     {"berserk squad check scenario.json", "berserk squad check scenario.json --json", NULL}},

    {"squad", "auto", "DECK", "deal, the best legal squad, its recruiting order and placement",
     "Deals 15 cards from DECK (reproducibly with --seed), finds the best legal squad (the most crystals "
     "spent; ties go to more creatures, then fewer elements, then fewer cards) and prints a legal recruiting "
     "order and placement.",
     "--seed N, --json", true,
     {{"--player", "1|2", "the player recruiting, 1..2 (default: 1); the second has 1 more gold and silver",
       "1 2", false},
      {"--weights", "FILE",
       "a JSON object {\"NAME\": weight}, weights -1000..1000: best is the largest total weight (unlisted "
       "cards weigh their cost; docs/scenarios.md)",
       NULL, true},
      FORMAT_OPTION,
      {NULL, NULL, NULL, NULL, false}},
     {"berserk squad auto deck.txt --seed 2026 --player 2", NULL}},

    {"sim", "deals", "DECK", "deal and redeal statistics",
     "Plays many preliminary phases: shuffle, deal 15, the best legal squad, and a redeal policy. Prints the "
     "crystals spent, squad size, creatures, elements and the rest with their 95% intervals and percentiles, "
     "and per card how often it is dealt and taken. Results do not depend on --threads; Ctrl-C prints what was "
     "gathered (exit 130). A deal with no legal squad is a loss (403.2.5), counted in both \"no legal squad\" "
     "and \"losses\". The --json shape: docs/batch-json.md.",
     "--seed N, --json", true,
     {{"--trials", "N", "trials, 1..100000000 (default: 10000)", NULL, false},
      {"--threads", "T", "threads, 1..64 (default: every CPU, at most 64)", NULL, false},
      {"--shard", "K/N",
       "run only trials t with t mod N = K-1 (1 <= K <= N <= 1000000; needs --seed); the integer \"totals\" of "
       "the N outputs add up exactly to the unsharded run's",
       NULL, false},
      {"--player", "1|2", "the player recruiting, 1..2 (default: 1)", "1 2", false},
      {"--redeal", "POLICY",
       "none (default), below:K (redeal while fewer than K crystals, K 0..99, can be spent) or optimal; each may "
       "add ,max:M (at most M redeals, 0..64)",
       "none below: optimal", false},
      {"--group", "\"A;B\"", "also the exact odds that at least one of these names is dealt; repeatable, up to 16",
       NULL, false},
      {"--policy-search", NULL,
       "tabulate the crystals spent for every K of below:K and check the optimal policy against Monte Carlo, "
       "for both players",
       NULL, false},
      FORMAT_OPTION,
      {NULL, NULL, NULL, NULL, false}},
     {"berserk --seed 2026 sim deals deck.txt --trials 100000 --redeal optimal",
      "berserk sim deals deck.txt --group \"Чернокнижник;Аранта\" --json", NULL}},

    {"sim", "games", "DECK1 DECK2", "agent-versus-agent batch: win rates, draws, game lengths",
     "Plays DECK1's agent against DECK2's: each game deals and recruits both sides (or takes --squad files as "
     "ready squads) and plays to the result or the cap of 60 turns (a draw by cap, counted, never a hang). The "
     "402.1 roll is skipped: in game k DECK1 moves first when k is even, and games 2j and 2j+1 share the deal "
     "with the seats swapped. Prints the master seed, each deck's wins and win rate with its 95% Wilson "
     "interval, draws and draws by cap, the first player's win rate and the game length in turns. Every game's "
     "randomness comes from the seed and its index alone, so results do not depend on --threads or --shard; "
     "Ctrl-C prints what was gathered (exit 130). The --json and --csv shapes: docs/batch-json.md; game logs: "
     "docs/game-logs.md.",
     "--seed N, --json", true,
     {GAME_BATCH_OPTIONS("games, 1..100000000, even (default: 1000)"),
      {"--agent1", "A", AGENT_TEXT("DECK1's agent"), CLI_AGENT_CHOICES, false},
      {"--agent2", "B", AGENT_TEXT("DECK2's agent"), CLI_AGENT_CHOICES, false},
      {NULL, NULL, NULL, NULL, false}},
     {"berserk --seed 1 sim games a.txt b.txt --games 1000 --agent1 random --agent2 passive",
      "berserk --seed 1 sim games a.txt b.txt --csv > games.csv",
      "berserk --seed 1 sim games a.txt b.txt --replay-game 17 --log game17.log", NULL}},

    {"sim", "matrix", "DECK DECK...", "every pair of decks: a win-rate table (the metagame)",
     "Plays N games (--games, even) for every unordered pair of 2..32 decks, seats alternating as in sim "
     "games, and prints the table of each row's win rate against each column (the diagonal empty). Decks are "
     "numbered 0.. in command-line order; --replay-game K needs --pair I,J to name the pair, and --csv adds "
     "a last column second_deck. Results do not depend on --threads or --shard. The --json shape: "
     "docs/batch-json.md.",
     "--seed N, --json", true,
     {GAME_BATCH_OPTIONS("games per pair, 1..100000000, even (default: 100)"),
      {"--agent", "A", AGENT_TEXT("every deck's agent"), CLI_AGENT_CHOICES, false},
      {"--pair", "I,J", "with --replay-game: the pair of decks, by index 0.. in command-line order", NULL, false},
      {NULL, NULL, NULL, NULL, false}},
     {"berserk --seed 1 sim matrix decks/*.txt --games 200", "berserk --seed 1 sim matrix a.txt b.txt c.txt --json",
      "berserk --seed 1 sim matrix a.txt b.txt c.txt --replay-game 3 --pair 0,2 --log g.log", NULL}},

    {"sim", "merge", "FILE...", "combine the --json outputs of --shard K/N runs exactly",
     "Reads the --json outputs of the N shards of one run (sim deals, goldfish, sim games or sim matrix, "
     "--shard 1/N ... N/N with the same --seed) and prints exactly the JSON the single run prints: integer "
     "totals are added, never averages of averages. Outputs whose kind, seed, decks (by their cards), agents, "
     "games, catalogue revision or engine version differ, a shard given twice or a shard missing, totals that "
     "disagree with themselves are refused (exit 2, naming the file). Interrupted shards give a partial result "
     "with exit 1 unless --partial. For a Slurm job array: "
     "berserk --seed S goldfish deck.txt --games N --shard $((SLURM_ARRAY_TASK_ID+1))/T --json > part-$SLURM_ARRAY_TASK_ID.json; "
     "in a Kubernetes indexed job use $((JOB_COMPLETION_INDEX+1)); then berserk sim merge part-*.json. "
     "Shards and their outputs: docs/batch-json.md.",
     "--json", true,
     {{"--partial", NULL, "accept interrupted shards: print the partial result with exit 0 (default: exit 1)",
       NULL, false},
      {NULL, NULL, NULL, NULL, false}},
     {"berserk sim merge part-1.json part-2.json part-3.json", "berserk sim merge shards/*.json > run.json", NULL}},

    {"goldfish", "", "DECK", "your squad against a passive opponent: turns to win",
     "Plays DECK's agent against the passive opponent (it recruits the best squad, places by the tiers, never "
     "guards or steps down and declares nothing): by default the same deck; --opponent dummy is a fixed squad "
     "of plain creatures (01-001 Кочевник, 02-002 Кентавр, 01-003 Волхв, 03-005 Клирик, 02-010 Поури, 01-013 "
     "Орк). Each game deals and recruits both sides (--squad: the files are ready squads) and plays to the "
     "result or the cap. Prints the master seed, games won, lost, drawn and capped, turns to win (the "
     "goldfishing player's own turns, over won games), the share won by own turns 3, 5 and 8, wounds dealt per "
     "own turn, own creatures lost per game, and the cards that played with features running as printed "
     "numbers only (berserk cards coverage). Results do not depend on --threads or --shard; Ctrl-C prints "
     "what was gathered (exit 130). The --json shape: docs/batch-json.md.",
     "--seed N, --json", true,
     {GAME_BATCH_OPTIONS("games, 1..100000000 (default: 1000)"),
      {"--agent", "A", AGENT_TEXT("the goldfishing agent"), CLI_AGENT_CHOICES, false},
      {"--opponent", "DECK|dummy", "the passive opponent's deck, or dummy (default: DECK itself)", "dummy", true},
      {"--player", "1|2", "the goldfishing player moves first (1, default) or second (2)", "1 2", false},
      {NULL, NULL, NULL, NULL, false}},
     {"berserk --seed 1 goldfish deck.txt --games 1000 --agent random",
      "berserk --seed 1 goldfish squad.txt --squad --opponent dummy --json",
      "berserk --seed 1 goldfish deck.txt --replay-game 5 --log game5.log", NULL}},

    {"export", "html", "KIND ... -o DIR", "static pages: decks, squads, simulation reports, replays, the catalogue",
     "Writes self-contained static pages (HTML with inline SVG and a little JavaScript; no network, no CDN) into "
     "DIR. KIND is one of: deck FILE... (the decklist grouped by element and type with counts and costs, the cost "
     "curve and element split, the legality report with errors on their lines and rules, the exact odds of each "
     "card in the deal; one A4 page to print; several files make one page per deck and an index); squad FILE "
     "(a squad scenario, as squad check reads) or squad --auto DECK (the best squad, as squad auto finds it): the "
     "squad on the board as placed, crystals, elements, the flyer budget and the recruit order; sim FILE.json "
     "(the --json output of sim deals, goldfish, sim games or sim matrix, told apart by its \"kind\": "
     "histograms, percentiles, win rates with intervals, the matrix as a heat map); replay LOG (a viewer "
     "stepping through a game log with buttons and arrow keys, one precomputed frame per step); catalog (the "
     "whole catalogue as a searchable site, with the index.json and set files of catalog export beside it, so "
     "catalog sync can pull it). Card and deck names are escaped everywhere; every chart has a text "
     "alternative. The input files: docs/README.md.",
     "--seed N, --date YYYY-MM-DD", true,
     {{"-o", "DIR", "the output directory (made when missing; pages in it are replaced)", NULL, true},
      {"--format", "NAME|PATH", "deck: the tournament format of the legality report (default: constructed)",
       FORMAT_CHOICES, true},
      {"--auto", "DECK", "squad: deal and recruit the best squad from DECK instead of a scenario FILE", NULL, true},
      {"--player", "1|2", "squad --auto: the player recruiting (default: 1)", "1 2", false},
      {NULL, NULL, NULL, NULL, false}},
     {"berserk export html deck regs/*.txt -o site", "berserk export html replay game.log -o site",
      "berserk export html catalog -o public", NULL}},

    /* One-word commands have the name "". */
    {"play", "", "DECK1 DECK2 [OPTIONS] | --load LOG", "playtest in the terminal: hot-seat or against an agent",
     "Plays a whole game on the engine at a terminal table: the 402.1 roll (unless --first), the deal (keep or "
     "redeal), recruitment (take NAME [GOLD SILVER], cancel, done, or auto for the exact best squad), placement "
     "(place NAME CELL, or auto; a refused cell is told with its rule), the reveal and seating (host SYMBIOTE "
     "HOST, or auto), then turns to the result. The board shows every card "
     "with its life, wounds and state, the zones, whose turn and phase, who must act and the last events with "
     "their dice. At the prompt: move c3 c2, attack c3 c4, ability c3 1 d5, guard b4, pass, end, show c4, legal "
     "(every legal action numbered: type the number), undo (back one of your decisions, any number of times; "
     "agents replay the same way), save FILE, help, quit. A person plays each deck unless --agent1/--agent2 "
     "names an agent; in hot-seat play each side's recruitment and hidden cards stay hidden from the other. "
     "Every game's log is kept in $XDG_STATE_HOME/berserk/games/ (named by date and seed); --load continues a "
     "saved game and berserk replay LOG --step steps through one. With a terminal the prompt has line editing, "
     "history and tab completion, and Ctrl-C drops the typed line; otherwise commands are read one per line "
     "(scripts). Leaving (quit, Ctrl-D, Ctrl-C between prompts: exit 130) says where the log is.",
     "--seed N, --no-color", true,
     {{"--agent1", "A", "DECK1's player: human or " CLI_AGENT_LIST " (default: human)", "human " CLI_AGENT_CHOICES,
       false},
      {"--agent2", "B", "DECK2's player: human or " CLI_AGENT_LIST " (default: " CLI_DEFAULT_AGENT ")",
       "human " CLI_AGENT_CHOICES, false},
      {"--first", "1|2", "the deck that moves first (default: the 402.1 roll)", "1 2", false},
      {"--load", "LOG", "continue a saved game (its log holds the decks and the players; docs/game-logs.md)", NULL,
       true},
      {"--squad", NULL, "the deck files are ready squads (no deal, no recruitment)", NULL, false},
      {"--budget", "N", "a searching agent's iterations per decision, 0..100000000 (default: 0, its own)", NULL,
       false},
      {NULL, NULL, NULL, NULL, false}},
     {"berserk play deck.txt deck.txt --agent2 greedy", "berserk play mine.txt theirs.txt --agent2 human --first 1",
      "berserk play --load game.log", NULL}},

    {"position", "", "FILE", "play a position scenario: a board set up directly, declarations and fixed dice",
     "Sets a board up from a position file (JSON: the active player and turn, where it starts, the seed, "
     "the cards with their owner, cell or zone, wounds, tapped, hidden, counters, poison, host and steps "
     "moved, the dice in order, the actions and the decisions; docs/positions.md; tests may add a cards_file of "
     "test-only synthetic cards with features) and plays it: in the Choice subphase the active player "
     "declares the next action, which must be theirs and legal now (a turn ends only at an end_turn "
     "action); in a window the next action is declared if it is that player's fast declaration the window "
     "allows, otherwise they pass; each question takes the next decision of that player and kind, else the "
     "default (no guard, no step-down, the first trigger in order). The run stops once the last action has "
     "resolved, before any pass. Prints the board, the log records (declarations, answers and every die) "
     "and the result. Exit 0 when every action resolved, 1 at an illegal declaration or answer (naming its "
     "rule), 2 for a bad file, an unknown card, a field only card features can honour, or dice that run out "
     "or are left over.",
     "--json", true,
     {{"--log", "OUT", "also write the game log (JSON Lines, the replay format) to OUT", NULL, true},
      {NULL, NULL, NULL, NULL, false}},
     {"berserk position tests/positions/506-move-one-step.json",
      "berserk position case.json --json --log case.log", NULL}},

    {"replay", "", "LOG", "re-apply a game log and check it",
     "Rebuilds the game from the log's header (a position, or the seed and both decks by card id), applies "
     "every record, checks every logged die against the engine's and the final hash. Prints the final board "
     "(or with --json the position --json shape plus \"actions\" and \"turns\"). A corrupt or cut log, a roll "
     "the engine did not make, an illegal record, another engine version or catalogue revision, or a hash "
     "that differs is exit 2, naming the line. The log's format: docs/game-logs.md.",
     "--json", true,
     {{"--step", NULL,
       "step through the game on the table of berserk play, a command line at a time from stdin: Enter or n "
       "next, b back, t N the first step of turn N (0: the preliminary phase), g K step K, e the end, s PLACE "
       "every fact of a card (show c3, 1x1), v N as player N sees it (0: everything), q quit; then the final "
       "board as without --step",
       NULL, false},
      {NULL, NULL, NULL, NULL, false}},
     {"berserk replay case.log", "berserk replay case.log --json", "printf 't 3\\nq\\n' | berserk replay game.log --step",
      NULL}},
};

const size_t help_command_count = sizeof help_commands / sizeof help_commands[0];

static const char *const GROUPS[] = {"catalog", "cards", "deck", "squad", "sim", "export"};
enum { GROUP_COUNT = sizeof GROUPS / sizeof GROUPS[0] };

/* Commands whose first operand is a word from a list (the shell completes it): export html KIND. */
static const char *const FIRST_OPERAND_WORDS[][3] = {
    {"export", "html", "deck squad sim replay catalog"},
};
enum { FIRST_OPERAND_COUNT = sizeof FIRST_OPERAND_WORDS / sizeof FIRST_OPERAND_WORDS[0] };

static const char *const ENVIRONMENT[][2] = {
    {"BERSERK_DB", "the catalogue store, unless --db is given"},
    {"XDG_DATA_HOME", "the store is $XDG_DATA_HOME/berserk/catalog.db when BERSERK_DB is not set"},
    {"BERSERK_FORMATS", "directories (separated by :) searched first for NAME.json format files"},
    {"NO_COLOR", "when set and not empty: no colour, as --no-color"},
    {"XDG_STATE_HOME", "berserk play keeps game logs in $XDG_STATE_HOME/berserk/games (default ~/.local/state)"},
};
enum { ENVIRONMENT_COUNT = sizeof ENVIRONMENT / sizeof ENVIRONMENT[0] };

static const char *const EXIT_CODES[][2] = {
    {"0", "success; the deck or squad is legal"},
    {"1", "the input was read but fails the check (an illegal deck or squad), or a look-up found nothing"},
    {"2", "bad usage, or a file that cannot be used (cannot be opened, too large, not valid)"},
    {"3", "network or storage failure"},
    {"130", "interrupted (simulations print what they have first)"},
};
enum { EXIT_CODE_COUNT = sizeof EXIT_CODES / sizeof EXIT_CODES[0] };

static const char DESCRIPTION[] =
    "A toolkit for the card game «Берсерк»: the card catalogue in SQLite (bundled, importable, synced over "
    "HTTP), card look-up with Russian-aware name matching, decklist legality for tournaments, squad "
    "recruitment and placement by the rules with an exact best-squad finder, deal and redeal simulation, and "
    "games on the match engine: goldfish runs and agent-versus-agent batches.";

static const char PLACEMENT[] =
    "Global options may appear anywhere on the line; a command's own options anywhere after its command "
    "words; -- ends the options. Results go to stdout, messages to stderr.";

/* ---- Look-ups ------------------------------------------------------------------------------ */

const help_command *help_find(const char *group, const char *name)
{
    for (size_t i = 0; group && name && i < help_command_count; i++)
        if (strcmp(help_commands[i].group, group) == 0 && strcmp(help_commands[i].name, name) == 0)
            return &help_commands[i];
    return NULL;
}

static bool is_group(const char *word)
{
    for (size_t g = 0; g < GROUP_COUNT; g++)
        if (strcmp(GROUPS[g], word) == 0)
            return true;
    return false;
}

/* Whether NAMES ("-o, --output") holds OPTION. */
static bool names_hold(const char *names, const char *option)
{
    size_t length = strlen(option);
    for (const char *p = names; *p;) {
        size_t span = strcspn(p, ",");
        if (span == length && strncmp(p, option, length) == 0)
            return true;
        p += span;
        p += strspn(p, ", ");
    }
    return false;
}

bool help_has_option(const help_command *command, const char *option)
{
    for (const help_option *o = command->options; o->names; o++)
        if (names_hold(o->names, option))
            return true;
    return false;
}

/* ---- Help text ----------------------------------------------------------------------------- */

enum { WIDTH = 80, OPTION_COLUMN_MAX = 28 };

/* Terminal columns of a UTF-8 string (one per code point: no wide characters here). */
static size_t columns(const char *text, size_t bytes)
{
    size_t n = 0;
    for (size_t i = 0; i < bytes; i++)
        n += ((unsigned char)text[i] & 0xC0) != 0x80;
    return n;
}

/* Prints text word-wrapped to WIDTH; the cursor stands at column `at`; later lines start at `indent`. */
static void print_wrapped(FILE *out, const char *text, size_t at, size_t indent)
{
    size_t column = at;
    bool line_start = true;
    for (const char *p = text; *p;) {
        size_t word = strcspn(p, " ");
        if (word == 9 && strncmp(p, "(default:", 9) == 0 && p[9] == ' ') /* keeps "(default: N" together */
            word += 1 + strcspn(p + 10, " ");
        size_t width = columns(p, word);
        if (!line_start && column + 1 + width > WIDTH) {
            fprintf(out, "\n%*s", (int)indent, "");
            column = indent;
            line_start = true;
        }
        if (!line_start) {
            fputc(' ', out);
            column++;
        }
        fwrite(p, 1, word, out);
        column += width;
        line_start = false;
        p += word;
        p += strspn(p, " ");
    }
    fputc('\n', out);
}

static size_t option_label(const help_option *option, char *label, size_t size)
{
    snprintf(label, size, "%s%s%s", option->names, option->value ? " " : "", option->value ? option->value : "");
    return columns(label, strlen(label));
}

/* Two columns: "  --threads T   threads, 1..64 ..." (a long label puts its text on the next line). */
static void print_options(FILE *out, const help_option *options)
{
    char label[128];
    size_t widest = 0;
    for (const help_option *o = options; o->names; o++) {
        size_t width = option_label(o, label, sizeof label);
        if (width > widest && width + 4 <= OPTION_COLUMN_MAX)
            widest = width;
    }
    size_t column = widest + 4;
    for (const help_option *o = options; o->names; o++) {
        size_t width = option_label(o, label, sizeof label);
        fprintf(out, "  %s", label);
        if (width + 4 > column)
            fprintf(out, "\n%*s", (int)column, "");
        else
            fprintf(out, "%*s", (int)(column - 2 - width), "");
        print_wrapped(out, o->text, column, column);
    }
}

static void print_command_line(FILE *out, const help_command *command, size_t column)
{
    char label[128];
    snprintf(label, sizeof label, "%s%s%s%s%s", command->group, *command->name ? " " : "", command->name,
             *command->synopsis ? " " : "", command->synopsis);
    size_t width = columns(label, strlen(label));
    fprintf(out, "  %s", label);
    if (width + 4 > column)
        fprintf(out, "\n%*s", (int)column, "");
    else
        fprintf(out, "%*s", (int)(column - 2 - width), "");
    print_wrapped(out, command->summary, column, column);
}

void help_print_overview(FILE *out)
{
    fputs("usage: berserk [GLOBAL OPTIONS] COMMAND ... [OPTIONS]\n\n", out);
    print_wrapped(out, DESCRIPTION, 0, 0);
    fputs("\ncommands:\n", out);
    for (size_t i = 0; i < help_command_count; i++)
        print_command_line(out, &help_commands[i], 30);
    fputs("\nglobal options:\n", out);
    print_options(out, help_globals);
    fputc('\n', out);
    print_wrapped(out, PLACEMENT, 0, 0);
    fputs("\nenvironment:\n", out);
    for (size_t i = 0; i < ENVIRONMENT_COUNT; i++) {
        fprintf(out, "  %-18s", ENVIRONMENT[i][0]);
        print_wrapped(out, ENVIRONMENT[i][1], 20, 20);
    }
    fputs("\nexit codes:\n", out);
    for (size_t i = 0; i < EXIT_CODE_COUNT; i++) {
        fprintf(out, "  %-5s", EXIT_CODES[i][0]);
        print_wrapped(out, EXIT_CODES[i][1], 7, 7);
    }
    fputs("\n`berserk COMMAND --help` shows a command's options and examples (and man berserk).\n", out);
}

static void print_group(FILE *out, const char *group)
{
    fprintf(out, "usage: berserk %s SUBCOMMAND ... [OPTIONS]\n\ncommands:\n", group);
    for (size_t i = 0; i < help_command_count; i++)
        if (strcmp(help_commands[i].group, group) == 0)
            print_command_line(out, &help_commands[i], 30);
    fprintf(out, "\n`berserk %s SUBCOMMAND --help` shows a command's options and examples.\n", group);
}

static void print_command(FILE *out, const help_command *command)
{
    bool has_options = command->options[0].names != NULL;
    fprintf(out, "usage: berserk %s%s%s%s%s%s\n\n", command->group, *command->name ? " " : "", command->name,
            *command->synopsis ? " " : "", command->synopsis, has_options ? " [OPTIONS]" : "");
    print_wrapped(out, command->text, 0, 0);
    if (has_options) {
        fputs("\noptions:\n", out);
        print_options(out, command->options);
    }
    char line[256];
    snprintf(line, sizeof line, "global options used here: %s (all: berserk --help)", command->globals);
    fputc('\n', out);
    print_wrapped(out, line, 0, 2);
    fputs("\nexamples:\n", out);
    for (const char *const *example = command->examples; *example; example++)
        fprintf(out, "  %s\n", *example);
}

int help_show(int word_count, char *const *words)
{
    if (word_count == 0) {
        help_print_overview(stdout);
        return 0;
    }
    const help_command *single = help_find(words[0], "");
    if (single) { /* a one-word command ("position") */
        print_command(stdout, single);
        return 0;
    }
    if (!is_group(words[0])) {
        fprintf(stderr, "berserk: unknown command \"%s\" (berserk --help lists the commands)\n", words[0]);
        return 2;
    }
    if (word_count == 1) {
        print_group(stdout, words[0]);
        return 0;
    }
    const help_command *command = help_find(words[0], words[1]);
    if (!command) {
        fprintf(stderr, "berserk: unknown command \"%s %s\" (berserk %s --help lists its commands)\n", words[0],
                words[1], words[0]);
        return 2;
    }
    print_command(stdout, command);
    return 0;
}

/* ---- The man page -------------------------------------------------------------------------- */

/* Roff text: - as \-, \ as \e, non-ASCII as \[uXXXX] (no preconv needed), a leading . or ' guarded. */
static void roff(FILE *out, const char *text)
{
    const unsigned char *p = (const unsigned char *)text;
    if (*p == '.' || *p == '\'')
        fputs("\\&", out);
    while (*p) {
        if (*p < 0x80) {
            if (*p == '-')
                fputs("\\-", out);
            else if (*p == '\\')
                fputs("\\e", out);
            else
                fputc(*p, out);
            p++;
            continue;
        }
        unsigned code;
        int extra = *p >= 0xF0 ? 3 : *p >= 0xE0 ? 2 : 1;
        code = *p & (0x3Fu >> extra);
        p++;
        for (int i = 0; i < extra && (*p & 0xC0) == 0x80; i++, p++)
            code = (code << 6) | (*p & 0x3Fu);
        fprintf(out, "\\[u%04X]", code);
    }
}

static void roff_line(FILE *out, const char *text)
{
    roff(out, text);
    fputc('\n', out);
}

/* "\fB--threads\fR \fIT\fR", each name bold. */
static void roff_option_label(FILE *out, const help_option *option)
{
    for (const char *p = option->names; *p;) {
        size_t span = strcspn(p, ",");
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)span, p);
        fputs("\\fB", out);
        roff(out, name);
        fputs("\\fR", out);
        p += span;
        if (*p) {
            fputs(", ", out);
            p += strspn(p, ", ");
        }
    }
    if (option->value) {
        fputs(" \\fI", out);
        roff(out, option->value);
        fputs("\\fR", out);
    }
    fputc('\n', out);
}

static void roff_options(FILE *out, const help_option *options)
{
    for (const help_option *o = options; o->names; o++) {
        fputs(".TP\n", out);
        roff_option_label(out, o);
        roff_line(out, o->text);
    }
}

void help_print_man(FILE *out, const char *version, const char *formats_dir)
{
    fputs(".\\\" berserk(1), generated from cli/help.c (the source of `berserk --help` too): do not edit.\n", out);
    fprintf(out, ".TH BERSERK 1 \"\" \"berserk %s\" \"User Commands\"\n", version);
    fputs(".SH NAME\nberserk \\- ", out);
    roff_line(out, "decklists, squads and deal statistics for the card game «Берсерк»");
    fputs(".SH SYNOPSIS\n.B berserk\n[\\fIGLOBAL OPTIONS\\fR] \\fICOMMAND\\fR ... [\\fIOPTIONS\\fR]\n", out);
    fputs(".SH DESCRIPTION\n", out);
    roff_line(out, DESCRIPTION);
    fputs(".PP\n", out);
    roff_line(out, PLACEMENT);
    fputs(".SH COMMANDS\n", out);
    for (size_t i = 0; i < help_command_count; i++) {
        const help_command *c = &help_commands[i];
        fprintf(out, ".SS \"%s%s%s", c->group, *c->name ? " " : "", c->name);
        if (*c->synopsis) {
            fputs(" \\fI", out);
            roff(out, c->synopsis);
            fputs("\\fR", out);
        }
        fputs(c->options[0].names ? " [\\fIOPTIONS\\fR]\"\n" : "\"\n", out);
        roff_line(out, c->text);
        roff_options(out, c->options);
        fputs(".PP\nGlobal options used here: ", out);
        roff_line(out, c->globals);
        fputs(".PP\nExamples:\n.RS 4\n.nf\n", out);
        for (const char *const *example = c->examples; *example; example++)
            roff_line(out, *example);
        fputs(".fi\n.RE\n", out);
    }
    fputs(".SH GLOBAL OPTIONS\n", out);
    roff_options(out, help_globals);
    fputs(".SH ENVIRONMENT\n", out);
    for (size_t i = 0; i < ENVIRONMENT_COUNT; i++) {
        fprintf(out, ".TP\n.B %s\n", ENVIRONMENT[i][0]);
        roff_line(out, ENVIRONMENT[i][1]);
    }
    fputs(".SH FILES\n.TP\n.I ~/.local/share/berserk/catalog.db\n", out);
    roff_line(out, "the catalogue store when neither --db, BERSERK_DB nor XDG_DATA_HOME says otherwise");
    fputs(".TP\n.I ", out);
    roff(out, formats_dir);
    fputs("/NAME.json\n", out);
    roff_line(out, "format files found by name after $BERSERK_FORMATS; the shipped ones are also built in");
    fputs(".SH EXIT STATUS\n", out);
    roff_line(out, "With several outcomes in one run the highest applies (3 > 2 > 1 > 0).");
    for (size_t i = 0; i < EXIT_CODE_COUNT; i++) {
        fprintf(out, ".TP\n.B %s\n", EXIT_CODES[i][0]);
        roff_line(out, EXIT_CODES[i][1]);
    }
}

/* ---- Bash completion ----------------------------------------------------------------------- */

/* Every name of every option, space-separated ("-o --output"). */
static void bash_names(FILE *out, const help_option *options)
{
    bool first = true;
    for (const help_option *o = options; o->names; o++)
        for (const char *p = o->names; *p;) {
            size_t span = strcspn(p, ",");
            fprintf(out, "%s%.*s", first ? "" : " ", (int)span, p);
            first = false;
            p += span;
            p += strspn(p, ", ");
        }
}

/* An option's choices as the shell completes them: the markers replaced by the card model's ids. */
static const char *bash_choices(const help_option *option, const char *classes, const char *keywords)
{
    if (option->choices && strcmp(option->choices, HELP_CHOICES_CLASSES) == 0)
        return classes;
    if (option->choices && strcmp(option->choices, HELP_CHOICES_KEYWORDS) == 0)
        return keywords;
    return option->choices;
}

/* The case arms completing the values of options that take one. */
static void bash_value_arms(FILE *out, const help_option *options, const char *indent, const char *classes,
                            const char *keywords)
{
    for (const help_option *o = options; o->names; o++) {
        if (!o->value)
            continue;
        fputs(indent, out);
        for (const char *p = o->names; *p;) {
            size_t span = strcspn(p, ",");
            fprintf(out, "%s%.*s", p == o->names ? "" : " | ", (int)span, p);
            p += span;
            p += strspn(p, ", ");
        }
        fputs(")\n", out);
        fprintf(out, "%s    _berserk_reply", indent);
        const char *choices = bash_choices(o, classes, keywords);
        if (choices && choices[0])
            fprintf(out, " -W '%s'", choices);
        if (o->path)
            fputs(" -f", out);
        fprintf(out, "\n%s    return ;;\n", indent);
    }
}

void help_print_bash(FILE *out, const char *classes, const char *keywords)
{
    fputs("# bash completion for berserk(1), generated from cli/help.c (the source of `berserk --help`).\n"
          "\n"
          "# _berserk_reply [-W WORDS] [-f]: COMPREPLY = the words and/or file names that start with $cur.\n"
          "_berserk_reply()\n"
          "{\n"
          "    local words= files=\n"
          "    while (($#)); do\n"
          "        case $1 in\n"
          "        -W) words=$2; shift 2 ;;\n"
          "        -f) files=1; shift ;;\n"
          "        esac\n"
          "    done\n"
          "    COMPREPLY=()\n"
          "    [[ -n $words ]] && mapfile -t COMPREPLY < <(compgen -W \"$words\" -- \"$cur\")\n"
          "    if [[ -n $files ]]; then\n"
          "        mapfile -t -O ${#COMPREPLY[@]} COMPREPLY < <(compgen -f -- \"$cur\")\n"
          "        compopt -o filenames 2>/dev/null\n"
          "    fi\n"
          "    return 0\n"
          "}\n"
          "\n"
          "_berserk()\n"
          "{\n"
          "    local cur=${COMP_WORDS[COMP_CWORD]} prev=\n"
          "    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}\n"
          "    local globals='",
          out);
    bash_names(out, help_globals);
    fputs("'\n"
          "    # the command words: what is left once global options (and their values) are skipped\n"
          "    local i word words=()\n"
          "    for ((i = 1; i < COMP_CWORD; i++)); do\n"
          "        word=${COMP_WORDS[i]}\n"
          "        case $word in\n",
          out);
    bool first = true;
    fputs("        ", out);
    for (const help_option *o = help_globals; o->names; o++)
        if (o->value) {
            fprintf(out, "%s%s", first ? "" : " | ", o->names);
            first = false;
        }
    fputs(") ((i++)) ;;\n"
          "        -*) ;;\n"
          "        *) words+=(\"$word\") ;;\n"
          "        esac\n"
          "    done\n"
          "    case $prev in\n",
          out);
    bash_value_arms(out, help_globals, "    ", classes, keywords);
    fputs("    esac\n"
          "    if ((${#words[@]} == 0)); then\n"
          "        if [[ $cur == -* ]]; then _berserk_reply -W \"$globals\"; else _berserk_reply -W '",
          out);
    for (size_t g = 0; g < GROUP_COUNT; g++)
        fprintf(out, "%s%s", g ? " " : "", GROUPS[g]);
    for (size_t i = 0; i < help_command_count; i++)
        if (!*help_commands[i].name)
            fprintf(out, " %s", help_commands[i].group);
    fputs("'; fi\n"
          "        return 0\n"
          "    fi\n"
          "    if ((${#words[@]} == 1)); then\n"
          "        case ${words[0]} in\n",
          out);
    for (size_t g = 0; g < GROUP_COUNT; g++) {
        fprintf(out, "        %s) _berserk_reply -W '", GROUPS[g]);
        first = true;
        for (size_t i = 0; i < help_command_count; i++)
            if (strcmp(help_commands[i].group, GROUPS[g]) == 0) {
                fprintf(out, "%s%s", first ? "" : " ", help_commands[i].name);
                first = false;
            }
        fputs("'; return 0 ;;\n", out);
    }
    fputs("        esac\n"
          "    fi\n"
          "    local options= paths=\n"
          "    case \"${words[0]} ${words[1]}\" in\n",
          out);
    for (size_t i = 0; i < help_command_count; i++) {
        const help_command *c = &help_commands[i];
        if (*c->name) /* a one-word command's operands are words too */
            fprintf(out, "    '%s %s')\n        options='", c->group, c->name);
        else
            fprintf(out, "    '%s '*)\n        options='", c->group);
        bash_names(out, c->options);
        fprintf(out, "'\n        paths=%s\n", c->path_operands ? "1" : "");
        bool values = false;
        for (const help_option *o = c->options; o->names; o++)
            values = values || o->value;
        if (values) {
            fputs("        case $prev in\n", out);
            bash_value_arms(out, c->options, "        ", classes, keywords);
            fputs("        esac\n", out);
        }
        /* after an option's value: the first operand from its list (export html KIND) */
        for (size_t k = 0; k < FIRST_OPERAND_COUNT; k++)
            if (strcmp(FIRST_OPERAND_WORDS[k][0], c->group) == 0 && strcmp(FIRST_OPERAND_WORDS[k][1], c->name) == 0)
                fprintf(out,
                        "        ((${#words[@]} == 2)) && [[ $cur != -* ]] && { _berserk_reply -W '%s'; return 0; }\n",
                        FIRST_OPERAND_WORDS[k][2]);
        fputs("        ;;\n", out);
    }
    fputs("    *) return 0 ;;\n"
          "    esac\n"
          "    if [[ $cur == -* ]]; then\n"
          "        _berserk_reply -W \"$options $globals\"\n"
          "    elif [[ -n $paths ]]; then\n"
          "        _berserk_reply -f\n"
          "    fi\n"
          "    return 0\n"
          "}\n"
          "complete -F _berserk berserk\n",
          out);
}
