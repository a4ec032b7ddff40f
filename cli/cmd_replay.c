/* cmd_replay.c — `berserk replay LOG [--json] [--step]` (DESIGN §4, §5 "Game log"): the log is
 * re-applied and checked by formats/game_log.c; the final state is printed as `position` prints
 * it, plus the counts of actions and turns. --step first keeps the state after every record and
 * then steps through them on the table of `berserk play` (cli/play_board.h, issue 13): forward,
 * back, to a turn or a step, `show PLACE`, read a line at a time from stdin. */
#include "cli.h"
#include "file_read.h"
#include "game_log.h"
#include "play_board.h"
#include "position_file.h"
#include "position_text.h"

#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* The states of a replay: frames[0] before the first record, frames[k] after the k-th declaration or
 * answer (its dice included); record_at[k] the index in the replay's records of the one that made it. */
typedef struct step_frames {
    const bsk_replay *replay;
    bsk_match *frames;
    size_t *record_at;
    size_t count, capacity;
    bool out_of_memory;
} step_frames;

static void keep_frame(void *context, const bsk_match *match, const bsk_card_table *cards, const bsk_record *record)
{
    (void)cards;
    (void)record;
    step_frames *f = context;
    if (f->out_of_memory)
        return;
    if (f->count == f->capacity) {
        size_t capacity = f->capacity ? f->capacity * 2 : 256;
        bsk_match *frames = realloc(f->frames, capacity * sizeof *frames);
        if (frames)
            f->frames = frames;
        size_t *record_at = frames ? realloc(f->record_at, capacity * sizeof *record_at) : NULL;
        if (!frames || !record_at) {
            f->out_of_memory = true;
            return;
        }
        f->record_at = record_at;
        f->capacity = capacity;
    }
    f->frames[f->count] = *match;
    f->record_at[f->count] = f->replay->records.count - 1; /* the record just applied */
    f->count++;
}

/* The records shown with frame k: all up to the next declaration or answer (the dice of the k-th). */
static size_t records_until(const step_frames *f, size_t k)
{
    return k + 1 < f->count ? f->record_at[k + 1] : f->replay->records.count;
}

static void terminal_size(bool tty, int *width, int *height)
{
    *width = 80;
    *height = 24;
    struct winsize size;
    if (tty && ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0 && size.ws_row > 0) {
        *width = size.ws_col;
        *height = size.ws_row;
    }
}

/* A number after a command word ("t 3"): false unless digits and nothing else follow. */
static bool command_number(const char *text, long *out)
{
    while (*text == ' ' || *text == '\t')
        text++;
    if (*text < '0' || *text > '9')
        return false;
    char *end;
    long value = strtol(text, &end, 10);
    while (*end == ' ' || *end == '\t')
        end++;
    if (*end || value < 0 || value > 1000000)
        return false;
    *out = value;
    return true;
}

/* The deck (0|1) that moved first: the header's "first", else the 402.1 answer's record; -1 for a
 * position or a log cut before the choice. */
static int first_deck(const bsk_replay *r)
{
    if (r->position)
        return -1;
    if (r->first)
        return r->first - 1;
    for (size_t i = 0; i < r->records.count; i++) {
        const bsk_record *record = &r->records.items[i];
        if (record->type == BSK_RECORD_ACTION && record->kind == BSK_ACT_FIRST) /* the chooser is deck player-1 */
            return record->flag ? record->player - 1 : 2 - record->player;
    }
    return -1;
}

/* The viewer: draws frame k with its status line, reads a command, until q or the end of input. */
static void step_viewer(bsk_cli *cli, const step_frames *f)
{
    char labels[2][sizeof f->replay->players[0].deck_name + 40];
    const char *label[2] = {NULL, NULL};
    int first = first_deck(f->replay);
    for (int player = 1; player <= 2 && first >= 0; player++) {
        const bsk_replay_player *p = &f->replay->players[player == 1 ? first : 1 - first];
        const char *slash = strrchr(p->deck_name, '/');
        snprintf(labels[player - 1], sizeof labels[0], "%s%s%s%s", slash ? slash + 1 : p->deck_name,
                 p->agent[0] ? " (" : "", p->agent, p->agent[0] ? ")" : "");
        label[player - 1] = labels[player - 1];
    }
    bool tty = isatty(STDOUT_FILENO);
    size_t k = 0, last = f->count - 1;
    int viewer = 0; /* `v N`: as player N would see it in hot-seat play (0: everything) */
    char message[256] = "", input[512];
    bool draw = true;
    for (;;) {
        if (draw) {
            char status[400];
            if (message[0])
                snprintf(status, sizeof status, "%s (step %zu/%zu)", message, k, last);
            else
                snprintf(status, sizeof status,
                         "step %zu/%zu, turn %d - n next, b back, t N turn, g K step, e end, s PLACE, q quit", k,
                         last, f->frames[k].turn);
            play_board_options options = {viewer, cli->color, 80, 24, status, {NULL, NULL}};
            if (f->frames[k].first) /* the seats are the decks' once 402.1 is decided */
                options.labels[0] = label[0], options.labels[1] = label[1];
            terminal_size(tty, &options.width, &options.height);
            if (tty)
                fputs("\033[H\033[2J", stdout);
            play_board_draw(stdout, &f->frames[k], &f->replay->cards, f->replay->records.items, records_until(f, k),
                            &options);
        }
        draw = true;
        message[0] = '\0';
        if (tty)
            fputs("> ", stdout);
        fflush(stdout);
        if (!fgets(input, sizeof input, stdin))
            break;
        if (!strchr(input, '\n')) { /* the rest of a long line is not a command */
            int c;
            while ((c = getchar()) != EOF && c != '\n')
                ;
        }
        input[strcspn(input, "\r\n")] = '\0';
        char *command = input + strspn(input, " \t");
        size_t word = strcspn(command, " \t");
        char *rest = command + word;
        long number;
#define IS(a, b) ((word == strlen(a) && strncmp(command, a, word) == 0) || (word == strlen(b) && strncmp(command, b, word) == 0))
        if (word == 0 || IS("n", "next")) {
            if (k < last)
                k++;
            else
                snprintf(message, sizeof message, "at the last step");
        } else if (IS("b", "back")) {
            if (k > 0)
                k--;
            else
                snprintf(message, sizeof message, "at the first step");
        } else if (IS("e", "end")) {
            k = last;
        } else if (IS("q", "quit")) {
            break;
        } else if (IS("g", "go")) {
            if (!command_number(rest, &number) || (size_t)number > last)
                snprintf(message, sizeof message, "error: g K needs a step 0..%zu", last);
            else
                k = (size_t)number;
        } else if (IS("t", "turn")) {
            size_t found = f->count;
            if (command_number(rest, &number))
                for (size_t i = 0; i < f->count && found == f->count; i++)
                    if (f->frames[i].turn == number)
                        found = i;
            if (found == f->count)
                snprintf(message, sizeof message, "error: t N needs a turn 0..%d (0: the preliminary phase)",
                         f->frames[last].turn);
            else
                k = found;
        } else if (IS("v", "view")) {
            if (!command_number(rest, &number) || number > 2)
                snprintf(message, sizeof message, "error: v N needs 0 (everything), 1 or 2 (that player's view)");
            else
                viewer = (int)number;
        } else if (IS("s", "show")) {
            char place[16] = "";
            sscanf(rest, "%15s", place);
            if (play_board_show(stdout, &f->frames[k], &f->replay->cards, viewer, place, cli->color))
                draw = false; /* the card's facts stay on the screen until the next command */
            else
                snprintf(message, sizeof message, "error: no card at \"%s\" (a cell c3, a symbiote c3s, 1x1)",
                         place);
        } else {
            char shown[40];
            snprintf(shown, sizeof shown, "%.*s", word < 32 ? (int)word : 32, command);
            bsk_utf8_trim_cut(shown);
            snprintf(message, sizeof message, "error: unknown command \"%s\" (n, b, t N, g K, e, s PLACE, v N, q)", shown);
        }
#undef IS
    }
    if (tty)
        fputc('\n', stdout);
}

/* --step: replays the log keeping every state, then the viewer. Returns an exit code. */
static int replay_step(bsk_cli *cli, const char *path, bsk_replay *replay)
{
    memset(replay, 0, sizeof *replay); /* freed by the caller whatever happens */
    bsk_error error;
    bsk_error_clear(&error);
    char *text;
    size_t length;
    bsk_status status = bsk_file_read(path, BSK_GAME_LOG_FILE_CAP, "log.file", &text, &length, &error);
    if (status) {
        cli_print_error(&error);
        return cli_exit_for_status(status);
    }
    step_frames f = {replay, malloc(256 * sizeof *f.frames), malloc(256 * sizeof *f.record_at), 1, 256, false};
    f.out_of_memory = !f.frames || !f.record_at; /* frames[0] is filled after the replay */
    status = f.out_of_memory ? BSK_OK : bsk_game_log_replay_text(text, length, path, &cli->catalog.pool, cli->catalog.revision, replay,
                                      keep_frame, &f, &error);
    int code = EXIT_OK;
    if (status) {
        cli_print_error(&error);
        code = cli_exit_for_status(status);
    } else if (f.out_of_memory) {
        cli_errorf("out of memory");
        code = EXIT_FAILURE_IO;
    } else {
        f.frames[0] = replay->start; /* the state before the first record */
        f.record_at[0] = f.count > 1 ? f.record_at[1] : replay->records.count; /* the dice before any record */
        if (f.count > 0)
            step_viewer(cli, &f);
        printf("-- final\n");
        bsk_position_print_text(stdout, &replay->match, &replay->cards, &replay->records, NULL);
        printf("actions: %u, turns: %d\n", (unsigned)replay->match.actions, replay->match.turn);
    }
    free(text);
    free(f.frames);
    free(f.record_at);
    return code;
}

int cmd_replay(bsk_cli *cli)
{
    bool step = false;
    const cli_option options[] = {{"--step", false, NULL, &step}};
    const char *path;
    int code = cli_parse_one_operand(cli, 1, options, 1, "replay LOG [--json] [--step] (LOG: a game log, JSON Lines)",
                                     "replay: LOG is missing", &path);
    if (code)
        return code;
    bsk_replay *replay = cli_load_catalog_and_alloc(cli, sizeof *replay, &code);
    if (!replay)
        return code;
    if (step && !cli->json) {
        code = replay_step(cli, path, replay);
        bsk_replay_free(replay);
        free(replay);
        return code;
    }
    bsk_error error;
    bsk_error_clear(&error);
    bsk_status status = bsk_game_log_replay(path, &cli->catalog.pool, cli->catalog.revision, replay, NULL, NULL,
                                            &error);
    if (status) {
        cli_print_error(&error);
        code = cli_exit_for_status(status);
    } else if (cli->json) {
        json_t *root = bsk_position_output_json(&replay->match, &replay->cards, &replay->records, NULL);
        json_object_set_new(root, "actions", json_integer(replay->match.actions));
        json_object_set_new(root, "turns", json_integer(replay->match.turn));
        cli_print_json(root);
    } else {
        bsk_position_print_text(stdout, &replay->match, &replay->cards, &replay->records, NULL);
        printf("actions: %u, turns: %d\n", (unsigned)replay->match.actions, replay->match.turn);
    }
    bsk_replay_free(replay);
    free(replay);
    return code;
}
