/* cmd_play.c — `berserk play DECK1 DECK2 [--agent1 human|AGENT] [--agent2 human|AGENT] [--first 1|2]`
 * and `berserk play --load LOG` (DESIGN §4, issue 13): the terminal table. A person decides at a
 * prompt with line editing, history and tab completion (libedit) when stdin is a terminal, plain
 * lines otherwise (scripts); agents decide between prompts. Every decision can be undone; the game
 * log is kept up to date in $XDG_STATE_HOME/berserk/games/ and `save FILE` writes it elsewhere. */
#include "cli.h"
#include "games.h"
#include "play_board.h"
#include "play_command.h"
#include "play_session.h"
#include "seed.h"

#include <editline/readline.h>
#include <errno.h>
#include <langinfo.h>
#include <limits.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define PLAY_USAGE                                                                                                    \
    "play DECK1 DECK2 [--agent1 human|AGENT] [--agent2 human|AGENT] [--first 1|2] [--squad] [--budget N] [--seed S]" \
    " | play --load LOG"
#define MESSAGE_MAX 600

typedef struct terminal {
    play_session *session;
    bsk_cli *cli;
    bool edit;               /* stdin and stdout are terminals: libedit, screen clearing */
    char log_path[PATH_MAX]; /* the autosave, "" when the directory cannot be made */
    char message[MESSAGE_MAX]; /* the last command's answer, shown under the board */
    int last_viewer;         /* the deck of the last prompt (hot-seat handover) */
    bool quit;
} terminal;

static terminal *completing; /* libedit's completion callback has no context argument */
static volatile sig_atomic_t interrupted; /* Ctrl-C: set by the handler, read between lines */

/* SIGINT: only a flag (async-signal-safe); read_line and run look at it. */
static void on_interrupt(int signal_number)
{
    (void)signal_number;
    interrupted = 1;
}

/* Ctrl-C no longer kills the game: at the prompt it drops the typed line (as in a shell), while
 * agents decide or without a terminal it leaves the game, saying where its log is. No SA_RESTART,
 * so the read in progress returns. */
static void catch_interrupt(void)
{
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
}

/* ---- The game log on disk ---- */

/* $XDG_STATE_HOME/berserk/games/DATE-TIME-seed-S.log (XDG_STATE_HOME defaults to ~/.local/state). */
static void autosave_path(terminal *t)
{
    char dir[PATH_MAX - 64]; /* room for the file name */
    const char *state = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
    if (state && state[0] == '/')
        snprintf(dir, sizeof dir, "%s/berserk/games", state);
    else if (home && home[0])
        snprintf(dir, sizeof dir, "%s/.local/state/berserk/games", home);
    else
        dir[0] = '\0';
    t->log_path[0] = '\0';
    if (!dir[0] || !cli_make_directories(dir)) {
        cli_errorf("%s: cannot make the directory for game logs; use save FILE", dir[0] ? dir : "$XDG_STATE_HOME");
        return;
    }
    time_t now = time(NULL);
    struct tm tm;
    char stamp[32];
    localtime_r(&now, &tm);
    strftime(stamp, sizeof stamp, "%Y-%m-%d-%H%M%S", &tm);
    snprintf(t->log_path, sizeof t->log_path, "%s/%s-seed-%llu.log", dir, stamp,
             (unsigned long long)t->session->seed);
}

static int save_log(const play_session *s, const char *path)
{
    cli_text text;
    if (!cli_text_open(&text, path))
        return EXIT_FAILURE_IO;
    play_session_write_log(s, text.out);
    return cli_text_write(&text, path);
}

static void autosave(terminal *t)
{
    if (t->log_path[0] && save_log(t->session, t->log_path) != EXIT_OK)
        t->log_path[0] = '\0'; /* said once by cli_write_file; the game goes on */
}

/* ---- The screen ---- */

static void terminal_size(int *width, int *height)
{
    struct winsize size;
    *width = 80;
    *height = 24;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col >= 40 && size.ws_row >= 12) {
        *width = size.ws_col;
        *height = size.ws_row;
    }
}

/* What the player to act is asked, in words, with the answers when there are few. */
static void question_text(play_session *s, char *out, size_t size)
{
    const char *q;
    char asked[BSK_CARD_NAME_MAX + 160];
    switch (bsk_record_question(&s->match, &s->cards)) {
    case BSK_ACT_FIRST: q = "you won the 402.1 roll: first or second"; break;
    case BSK_ACT_REDEAL: q = "your deal (402.4): keep or redeal"; break;
    case BSK_ACT_TAKE: q = "recruit (403.2): take NAME [GOLD SILVER], cancel, done, or auto"; break;
    case BSK_ACT_BEFORE: /* prebattle12 (issue 23) */
        q = "before recruitment (403.1): before NAME uses that deal card's feature (or names the card it puts into "
            "the graveyard); done declines for the step";
        break;
    case BSK_ACT_PLACE: q = "place your squad (404.1): place NAME CELL, or auto"; break;
    case BSK_ACT_HIDE: q = "reveal (405.1): hide CELL keeps a row-6 card hidden; done"; break;
    case BSK_ACT_HOST: q = "seat a symbiote (405.2): host SYMBIOTE HOST, or auto"; break;
    case BSK_ACT_GUARD: q = "a strike (514): guard PLACE or guard none"; break;
    case BSK_ACT_STEP_DOWN: q = "515.3: step down or stay"; break;
    case BSK_ACT_ORDER: q = "triggers (305.1): which is declared next, order PLACE"; break;
    case BSK_ACT_END_TURN: q = "your turn: move, attack, ability, ... or end"; break;
    case BSK_ACT_PASS: q = "priority (303): a fast action or pass"; break;
    default: { /* another question (a feature's use, mode or choose): its row's words and usage */
        const bsk_action_kind_info *info = bsk_action_kind_info_get(bsk_record_question(&s->match, &s->cards));
        q = "priority (303): a fast action or pass";
        int werewolf = bsk_match_form_asked(&s->match, &s->cards);
        if (werewolf >= 0) { /* a werewolf's form (extension, issue 21): before its controller's turn */
            char place[8];
            bsk_match_unit_place(&s->match, werewolf, place);
            snprintf(asked, sizeof asked, "werewolf form of %s %s until the end of the opponent's turn: mode 1 wolf, "
                     "mode 2 human", place, s->cards.entries[s->match.units[werewolf].slot].card->name);
            q = asked;
        } else if (info && info->question && info->usage) {
            snprintf(asked, sizeof asked, "%s: %s", info->question, info->usage);
            q = asked;
        }
        break;
    }
    }
    int n = play_session_choices(s);
    size_t used = (size_t)snprintf(out, size, "%s", q);
    if (n <= 4 && used < size) {
        for (int i = 0; i < n && used < size; i++)
            used += (size_t)snprintf(out + used, size - used, "%s%s", i ? " | " : " [", s->choices[i].text);
        if (used < size)
            snprintf(out + used, size - used, "]");
    }
}

/* One screen: the board for the deck's player (everything when viewer_deck < 0), leaving the last
 * line for the prompt and, with `message_line`, one more for a message. */
static void draw(terminal *t, int viewer_deck, const char *status, bool message_line)
{
    play_session *s = t->session;
    play_board_options o = {0};
    /* the viewer is a seat: the deck's player now */
    o.viewer = viewer_deck < 0 ? 0 : (s->first_deck < 0 ? viewer_deck + 1 : (viewer_deck == s->first_deck ? 1 : 2));
    o.color = t->cli->color;
    terminal_size(&o.width, &o.height);
    if (!t->edit)
        o.width = 80, o.height = 24;
    if (message_line)
        o.height--;
    o.status = status;
    char labels[2][BSK_CARD_NAME_MAX * 2 + 48];
    for (int player = 1; player <= 2; player++) {
        int deck = play_session_deck(s, player);
        const char *slash = strrchr(s->names[deck], '/');
        snprintf(labels[player - 1], sizeof labels[0], "%s (%s)", slash ? slash + 1 : s->names[deck],
                 play_session_player_id(s, deck));
        o.labels[player - 1] = labels[player - 1];
    }
    if (t->edit)
        fputs("\033[H\033[2J", stdout);
    play_board_draw(stdout, &s->match, &s->cards, s->records, s->record_count, &o);
    fflush(stdout);
}

/* ---- Input ---- */

static const char *const META_WORDS[] = {"legal", "help", "undo", "save ", "show ", "board", "quit", "auto", "cancel",
                                         NULL};

/* Completion: the next word of every legal command and meta word that starts with the line so far. */
static char *complete_next(const char *text, int state)
{
    static int index;
    static char prefix[PLAY_COMMAND_MAX];
    if (!completing)
        return NULL;
    play_session *s = completing->session;
    if (state == 0) {
        index = 0;
        /* libedit counts the cursor in characters: the line up to it, in bytes */
        size_t bytes = 0;
        for (int chars = 0; rl_line_buffer[bytes] && chars < rl_point; chars++)
            do
                bytes++;
            while (((unsigned char)rl_line_buffer[bytes] & 0xC0) == 0x80);
        snprintf(prefix, sizeof prefix, "%.*s", (int)bytes, rl_line_buffer);
    }
    size_t line_length = strlen(prefix), word_start = line_length - strlen(text);
    int total = s->choice_count;
    int metas = 0;
    while (META_WORDS[metas])
        metas++;
    while (index < total + metas) {
        const char *candidate = index < total ? s->choices[index].text : META_WORDS[index - total];
        index++;
        if (strncmp(candidate, prefix, line_length) != 0)
            continue;
        /* the word of the candidate that the cursor is in */
        const char *word = candidate + word_start;
        const char *end = strchr(candidate + line_length, ' ');
        size_t n = end ? (size_t)(end - word) : strlen(word);
        char *out = malloc(n + 1);
        if (!out)
            return NULL;
        memcpy(out, word, n);
        out[n] = '\0';
        return out;
    }
    return NULL;
}

static char **complete(const char *text, int start, int end)
{
    (void)start;
    (void)end;
    rl_attempted_completion_over = 1;
    return rl_completion_matches(text, complete_next);
}

/* One line without its newline (caller frees), NULL at the end of input. */
static char *read_line(terminal *t, const char *prompt)
{
    if (t->edit) {
        completing = t;
        for (;;) {
            interrupted = 0;
            char *line = readline(prompt);
            if (!line && interrupted) { /* Ctrl-C: the typed line is dropped, the prompt comes again */
                fputc('\n', stdout);
                continue;
            }
            if (!line) /* Ctrl-D: what follows starts on a line of its own */
                fputc('\n', stdout);
            else if (line[0])
                add_history(line);
            return line;
        }
    }
    fputs(prompt, stdout);
    fflush(stdout);
    char *line = NULL;
    size_t size = 0;
    ssize_t n = getline(&line, &size, stdin);
    if (n < 0) { /* the end of the input, or Ctrl-C (interrupted stays set: the game is left) */
        free(line);
        fputc('\n', stdout);
        return NULL;
    }
    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
        line[--n] = '\0';
    printf("%s\n", line); /* a script's session reads like a typed one */
    return line;
}

/* ---- Commands ---- */

static void print_help(void)
{
    printf("Commands (numbers and places as the board shows them):\n");
    for (int i = 0; play_command_help(i); i++)
        printf("  %s\n", play_command_help(i));
    printf("  legal                   every legal action, numbered: type the number to play it\n"
           "  show PLACE              every fact of a card: show c4, show 1x1\n"
           "  auto                    best squad (403), placement (404), seating (405.2)\n"
           "  cancel                  take back the last take of the recruitment\n"
           "  undo                    step back one of your decisions (any number of times)\n"
           "  save FILE               write the game log (berserk play --load FILE continues it)\n"
           "  board / help / quit     redraw / this list / leave (the game log is kept)\n");
}

static void print_legal(play_session *s)
{
    int n = play_session_choices(s);
    const char *window = bsk_match_window_id(&s->match); /* 303, 512.4: whose step's window this is */
    if (window)
        printf("window: %s (fast declarations or pass)\n", window);
    for (int i = 0; i < n; i++)
        printf("%3d  %s\n", i + 1, s->choices[i].text);
}

static bool is_number(const char *word, int *out)
{
    char *end;
    if (!word[0] || word[0] < '0' || word[0] > '9')
        return false;
    long value = strtol(word, &end, 10);
    if (*end || value < 1 || value > INT_MAX)
        return false;
    *out = (int)value;
    return true;
}

static void trim(char *line)
{
    size_t n = strlen(line);
    while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\t'))
        line[--n] = '\0';
    size_t skip = strspn(line, " \t");
    memmove(line, line + skip, strlen(line + skip) + 1);
}

/* Handles one line of the person deciding for `deck`. True when the state changed. */
static bool command(terminal *t, int deck, char *line)
{
    play_session *s = t->session;
    t->message[0] = '\0';
    trim(line);
    int number;
    if (!line[0])
        return false;
    if (!strcmp(line, "help") || !strcmp(line, "?")) {
        print_help();
        return false;
    }
    if (!strcmp(line, "legal")) {
        print_legal(s);
        return false;
    }
    if (!strcmp(line, "board"))
        return true;
    if (!strcmp(line, "quit") || !strcmp(line, "exit")) {
        t->quit = true;
        return false;
    }
    if (!strcmp(line, "undo")) {
        if (!play_session_undo(s)) {
            printf("nothing to undo: this is the game's first decision\n");
            return false;
        }
        snprintf(t->message, sizeof t->message, "undone: back before your last decision");
        return true;
    }
    if (!strcmp(line, "cancel")) {
        if (!play_session_cancel(s)) {
            printf("nothing to cancel: no card taken in this recruitment\n");
            return false;
        }
        snprintf(t->message, sizeof t->message, "cancelled the last take");
        return true;
    }
    if (!strncmp(line, "save", 4) && (line[4] == ' ' || line[4] == '\0')) {
        const char *path = line + 4 + strspn(line + 4, " ");
        if (!path[0]) {
            printf("usage: save FILE\n");
            return false;
        }
        if (save_log(s, path) == EXIT_OK)
            printf("saved %s (berserk play --load %s continues it)\n", path, path);
        return false;
    }
    if (!strncmp(line, "show", 4) && (line[4] == ' ' || line[4] == '\0')) {
        const char *place = line + 4 + strspn(line + 4, " ");
        int player = bsk_match_to_act(&s->match);
        if (!place[0])
            printf("usage: show PLACE (a cell such as c4, or 1x1)\n");
        else if (!play_board_show(stdout, &s->match, &s->cards, player, place, t->cli->color))
            printf("no card at %s\n", place);
        return false;
    }
    if (!strcmp(line, "auto")) {
        if (!play_session_auto(s, t->message, sizeof t->message)) {
            printf("%s\n", t->message);
            t->message[0] = '\0';
            return false;
        }
        return true;
    }
    if (deck < 0) {
        printf("the game is over: undo, save FILE, show PLACE or quit\n");
        return false;
    }
    bsk_action action;
    bsk_error error;
    bsk_error_clear(&error);
    if (is_number(line, &number)) {
        int n = play_session_choices(s);
        if (number > n) {
            printf("there are %d legal actions (legal lists them)\n", n);
            return false;
        }
        action = s->choices[number - 1].action;
    } else {
        bsk_record record;
        char why[PLAY_COMMAND_MAX * 3]; /* an unknown word of a whole line, quoted */
        if (!play_command_parse(line, bsk_match_to_act(&s->match), &record, why, sizeof why)) {
            printf("%s\n", why);
            return false;
        }
        if (bsk_record_to_action(&s->match, &s->cards, &record, &action, &error)) {
            if (play_session_refusal(s, &record, why, sizeof why))
                printf("not legal now: %s\n", why);
            else
                printf("not legal now: %s [%s]\n", error.message, error.rule);
            return false;
        }
    }
    if (play_session_decide(s, &action, &error)) {
        printf("not legal now: %s [%s]\n", error.message, error.rule);
        return false;
    }
    return true;
}

/* ---- The game loop ---- */

static void result_text(const play_session *s, char *out, size_t size)
{
    const bsk_match_result *r = bsk_match_result_get(&s->match);
    if (r->winner)
        snprintf(out, size, "game over: %s (player %d) wins after %d turn%s", s->names[play_session_deck(s, r->winner)],
                 r->winner, s->match.turn, s->match.turn == 1 ? "" : "s");
    else
        snprintf(out, size, "game over: a draw%s after %d turn%s",
                 r->cap_effects == BSK_CAP_STACK ? " by the stack cap" : r->cap_effects ? " by the effects cap" : r->by_cap ? " by the turn cap" : "", s->match.turn,
                 s->match.turn == 1 ? "" : "s");
}

/* Hot-seat: the screen is handed over before a person sees their side. */
static bool hand_over(terminal *t, int deck)
{
    play_session *s = t->session;
    if (!t->edit || !play_session_human(s, 1 - deck) || t->last_viewer == deck)
        return true;
    t->last_viewer = deck;
    fputs("\033[H\033[2J", stdout);
    const char *name = strrchr(s->names[deck], '/') ? strrchr(s->names[deck], '/') + 1 : s->names[deck];
    printf("Player %d (%.30s) decides:\nhand the terminal over, then press Enter.\n", bsk_match_to_act(&s->match),
           name);
    char *line = read_line(t, "");
    if (!line)
        return false;
    free(line);
    return true;
}

static int run(terminal *t)
{
    play_session *s = t->session;
    bool redraw = true;
    bsk_error error;
    interrupted = 0;
    while (!t->quit && !interrupted) {
        int deck = play_session_deck_to_act(s);
        if (deck >= 0 && !play_session_human(s, deck)) {
            if (play_session_agent_step(s, &error)) {
                cli_print_error(&error);
                return EXIT_USAGE;
            }
            redraw = true;
            continue;
        }
        autosave(t);
        char prompt[96], status[MESSAGE_MAX + 256];
        if (deck < 0) {
            result_text(s, status, sizeof status);
            if (redraw)
                draw(t, -1, status, t->log_path[0] != '\0');
            if (redraw && t->log_path[0])
                printf("game log: %s\n", t->log_path);
            snprintf(prompt, sizeof prompt, "game over> ");
        } else {
            if (!hand_over(t, deck))
                break;
            question_text(s, status, sizeof status);
            if (redraw)
                draw(t, deck, status, t->message[0] != '\0');
            if (t->message[0]) /* the last command's answer, on a line of its own */
                printf("%s\n", t->message);
            t->message[0] = '\0';
            snprintf(prompt, sizeof prompt, "player %d> ", bsk_match_to_act(&s->match));
        }
        s->choice_count = deck >= 0 ? play_session_choices(s) : 0;
        char *line = read_line(t, prompt);
        if (!line)
            break;
        redraw = command(t, deck, line);
        free(line);
    }
    autosave(t);
    if (t->log_path[0] && bsk_match_to_act(&s->match))
        printf("saved: berserk play --load %s continues it, berserk replay %s --step shows it\n", t->log_path,
               t->log_path);
    else if (t->log_path[0]) /* the game is over: nothing to continue */
        printf("game log: %s (berserk replay %s --step shows it)\n", t->log_path, t->log_path);
    else
        printf("no game log was kept (see the message above)\n");
    return interrupted ? EXIT_INTERRUPTED : EXIT_OK;
}

/* ---- The command ---- */

/* human or an agent; an unknown name lists human with the agents (play's players, not a batch's). */
static bool read_player(const char *option, const char *text, int *kind)
{
    if (!text || !strcmp(text, "human")) {
        *kind = PLAY_HUMAN;
        return true;
    }
    *kind = bsk_agent_parse(text);
    if (*kind >= 0)
        return true;
    cli_errorf("%s: unknown agent \"%s\" (known: human, " CLI_AGENT_LIST ")", option, text);
    return false;
}

int cmd_play(bsk_cli *cli)
{
    const char *agent_texts[2] = {NULL, NULL}, *first_text = NULL, *load = NULL, *budget_text = NULL;
    bool squad = false;
    const cli_option options[] = {{"--agent1", true, &agent_texts[0], NULL}, {"--agent2", true, &agent_texts[1], NULL},
                                  {"--first", true, &first_text, NULL},      {"--load", true, &load, NULL},
                                  {"--squad", false, NULL, &squad},          {"--budget", true, &budget_text, NULL}};
    const char *paths[2];
    size_t operand_count;
    int code = cli_parse(cli, 1, options, sizeof options / sizeof options[0], paths, &operand_count, 2);
    if (code)
        return code;
    if (load && operand_count)
        return cli_usage_error(PLAY_USAGE, "play: --load continues a saved game; no decks with it");
    if (!load && operand_count != 2)
        return cli_usage_error(PLAY_USAGE, "play: %s is missing", operand_count ? "DECK2" : "DECK1");
    long long first = 0, budget = 0;
    if (first_text && !cli_parse_int("--first", first_text, 1, 2, &first))
        return EXIT_USAGE;
    if (budget_text && !cli_parse_budget(budget_text, &budget))
        return EXIT_USAGE;
    int kinds[2] = {PLAY_HUMAN, PLAY_HUMAN};
    if (!read_player("--agent1", agent_texts[0], &kinds[0]))
        return EXIT_USAGE;
    if (!read_player("--agent2", agent_texts[1] ? agent_texts[1] : CLI_DEFAULT_AGENT, &kinds[1]))
        return EXIT_USAGE;
    terminal t = {0};
    t.cli = cli;
    t.last_viewer = -1;
    t.session = cli_load_catalog_and_alloc(cli, sizeof *t.session, &code);
    if (!t.session)
        return code;
    play_session *s = t.session;
    memset(s, 0, sizeof *s);
    bsk_error error;
    bsk_error_clear(&error);
    if (load) {
        bsk_replay *replay = malloc(sizeof *replay);
        if (!replay) {
            cli_errorf("out of memory");
            code = EXIT_FAILURE_IO;
        } else if (bsk_game_log_replay(load, &cli->catalog.pool, cli->catalog.revision, replay, NULL, NULL, &error) ||
                   play_session_load(s, replay, cli->catalog.revision, &error)) {
            cli_print_error(&error);
            code = cli_exit_for_status(error.code ? error.code : BSK_ERR_INVALID);
            if (code < EXIT_USAGE)
                code = EXIT_USAGE;
        }
        if (replay)
            bsk_replay_free(replay);
        free(replay);
        for (int d = 0; d < 2 && !code; d++)
            if (agent_texts[d])
                s->kinds[d] = kinds[d];
    } else {
        bsk_format *format = malloc(sizeof *format);
        cli_game_deck *decks = calloc(2, sizeof *decks);
        if (!format || !decks) {
            cli_errorf("out of memory");
            code = EXIT_FAILURE_IO;
        }
        if (!code)
            code = cli_load_format(cli, NULL, format);
        for (int d = 0; d < 2 && !code; d++)
            code = cli_game_deck_read(cli, paths[d], format, squad, &decks[d]);
        for (int d = 0; d < 2 && !code && !squad; d++) { /* one line per illegal deck; play goes on (issue 20) */
            char problem[CLI_LEGALITY_SIZE];
            cli_deck_legality(cli, paths[d], format, problem, sizeof problem);
            cli_deck_legality_warn(paths[d], format, problem);
        }
        uint64_t seed = cli->seed_set ? cli->seed : cli_random_seed();
        if (!code && play_session_start(s, decks, kinds, (int)budget, format, seed, (int)first, cli->catalog.revision,
                                        &error)) {
            cli_print_error(&error);
            code = EXIT_USAGE;
        }
        free(format);
        free(decks);
    }
    if (!code) {
        /* Ctrl-C also ends a search agent's decision in progress (issue 20): any budget stops promptly. */
        s->agents[0].stop = s->agents[1].stop = &interrupted;
        t.edit = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
        if (t.edit) {
            /* libedit reads UTF-8 (card names) only in a UTF-8 locale */
            const char *set = setlocale(LC_CTYPE, "");
            if (!set || !strstr(nl_langinfo(CODESET), "UTF-8"))
                setlocale(LC_CTYPE, "C.UTF-8");
            rl_readline_name = "berserk";
            rl_attempted_completion_function = complete;
        }
        autosave_path(&t);
        catch_interrupt();
        code = run(&t);
        signal(SIGINT, SIG_DFL);
    }
    play_session_free(s);
    free(s);
    return code;
}
