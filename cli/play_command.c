/* play_command.c — command texts of log records and the parser of typed commands (play_command.h).
 * The vocabulary is the position vocabulary of DESIGN §5 in words a player types; numbers of
 * abilities and features count from 1 here (the records count from 0). */
#include "play_command.h"

#include "berserk/board.h"
#include "berserk/match.h"
#include "berserk/pool.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const PLAY_COMMAND_HELP[] = {
    "move FROM TO            one step of a creature (506): move c3 c2",
    "attack FROM TO          a simple strike (107.2 a): attack c3 c4",
    "ability FROM N [TO]     the card's N-th ability (see show): ability c3 1 d5",
    "feature FROM N [TO]     the card's N-th activated feature",
    "counter FROM / tap FROM gain a counter (123.3) / tap to strike a flyer (107.2 d)",
    "pass / end              pass priority (303) / end your turn (411.2 c)",
    "guard PLACE | none      answer a strike with a guard (514), or not",
    "step down / stay        answer 515.3",
    "first / second          the winner of the 402.1 roll chooses",
    "keep / redeal           the deal (402.4)",
    "take NAME [GOLD SILVER] recruit a card (403.2), the payment split optional",
    "done                    end recruitment (403.2) or the reveal (405.1)",
    "place NAME CELL         place a card (404.1): place Циклоп c2",
    "hide CELL / host S H    keep a row-6 card hidden (405.1) / seat a symbiote on a host (405.2)",
    "order PLACE|NAME        which trigger is declared next (305.1)",
    NULL,
};

void play_command_format(const bsk_record *r, char *out, size_t size)
{
    const char *to_space = r->to[0] ? " " : "";
    switch (r->kind) {
    case BSK_ACT_PASS:
        snprintf(out, size, "pass");
        return;
    case BSK_ACT_END_TURN:
        snprintf(out, size, "end");
        return;
    case BSK_ACT_MOVE:
        snprintf(out, size, "move %s %s", r->from, r->to);
        return;
    case BSK_ACT_ATTACK:
        snprintf(out, size, "attack %s %s", r->from, r->to);
        return;
    case BSK_ACT_ABILITY:
    case BSK_ACT_FEATURE:
        snprintf(out, size, "%s %s %d%s%s", r->kind == BSK_ACT_ABILITY ? "ability" : "feature", r->from, r->index + 1,
                 to_space, r->to);
        return;
    case BSK_ACT_GAIN_COUNTER:
        snprintf(out, size, "counter %s", r->from);
        return;
    case BSK_ACT_FLYER_TAP:
        snprintf(out, size, "tap %s", r->from);
        return;
    case BSK_ACT_GUARD:
        snprintf(out, size, "guard %s", r->from[0] ? r->from : "none");
        return;
    case BSK_ACT_STEP_DOWN:
        snprintf(out, size, "%s", r->flag ? "step down" : "stay");
        return;
    case BSK_ACT_FIRST:
        snprintf(out, size, "%s", r->flag ? "first" : "second");
        return;
    case BSK_ACT_KEEP:
        snprintf(out, size, "keep");
        return;
    case BSK_ACT_REDEAL:
        snprintf(out, size, "redeal");
        return;
    case BSK_ACT_TAKE:
        if (r->gold >= 0)
            snprintf(out, size, "take %s %d %d", r->card, r->gold, r->silver);
        else
            snprintf(out, size, "take %s", r->card);
        return;
    case BSK_ACT_DONE:
        snprintf(out, size, "done");
        return;
    case BSK_ACT_PLACE:
        snprintf(out, size, "place %s %s", r->card, r->to);
        return;
    case BSK_ACT_HIDE:
        snprintf(out, size, "hide %s", r->from);
        return;
    case BSK_ACT_HOST:
        snprintf(out, size, "host %s %s", r->from, r->to);
        return;
    case BSK_ACT_ORDER:
        snprintf(out, size, "order %s", r->from[0] ? r->from : r->card);
        return;
    default:
        snprintf(out, size, "%s", bsk_action_kind_id(r->kind));
        return;
    }
}

/* ---- Parsing ---- */

enum { WORDS_MAX = 24 };

typedef struct words {
    char buffer[PLAY_COMMAND_MAX * 2];
    char *word[WORDS_MAX];
    int count;
} words;

/* Splits at ASCII blanks; false when the line is too long or has too many words. */
static bool split(const char *line, words *w)
{
    size_t length = strlen(line);
    if (length >= sizeof w->buffer)
        return false;
    memcpy(w->buffer, line, length + 1);
    w->count = 0;
    for (char *p = w->buffer; *p;) {
        while (*p && isspace((unsigned char)*p))
            *p++ = '\0';
        if (!*p)
            break;
        if (w->count == WORDS_MAX)
            return false;
        w->word[w->count++] = p;
        while (*p && !isspace((unsigned char)*p))
            p++;
    }
    return true;
}

static void lower(char *s)
{
    for (; *s; s++)
        *s = (char)tolower((unsigned char)*s);
}

/* A cell "c3" or an extra-zone place "1x2" / "x2", lower-cased into out. */
static bool place(const char *word, char out[BSK_PLACE_MAX])
{
    size_t n = strlen(word);
    if (n == 0 || n >= BSK_PLACE_MAX)
        return false;
    memcpy(out, word, n + 1);
    lower(out);
    if (bsk_cell_parse(out) >= 0)
        return true;
    const char *p = out;
    if (*p == '1' || *p == '2')
        p++;
    if (*p++ != 'x' || !isdigit((unsigned char)*p))
        return false;
    while (isdigit((unsigned char)*p))
        p++;
    return *p == '\0';
}

static bool number(const char *word, int min, int max, int *out)
{
    char *end;
    if (!isdigit((unsigned char)word[0]))
        return false;
    long value = strtol(word, &end, 10);
    if (*end || value < min || value > max)
        return false;
    *out = (int)value;
    return true;
}

/* Joins words[first..last) with single spaces: a card name. */
static bool join(const words *w, int first, int last, char *out, size_t size)
{
    size_t used = 0;
    out[0] = '\0';
    for (int i = first; i < last; i++) {
        int n = snprintf(out + used, size - used, "%s%s", i > first ? " " : "", w->word[i]);
        if (n < 0 || (size_t)n >= size - used)
            return false;
        used += (size_t)n;
    }
    return used > 0;
}

/* The reason, in UTF-8 whatever bytes were typed (found by fuzzing): the word echoed with invalid
 * bytes replaced, and the message cut on a character when it does not fit. */
static bool fail(char *message, size_t size, const char *format, const char *word)
{
    char shown[PLAY_COMMAND_MAX * 2 * 3];
    bsk_utf8_repair(shown, sizeof shown, word);
    snprintf(message, size, format, shown);
    bsk_utf8_trim_cut(message);
    return false;
}

/* `unknown command "WORD" (...)`: the word (invalid UTF-8 repaired) quoted whole when the message
 * has room, else cut on a character boundary with "…", so neither a letter nor the rest of the
 * message is lost. */
static bool fail_unknown(char *message, size_t size, const char *typed)
{
    static const char head[] = "unknown command \"", tail[] = "\" (help lists the commands, legal the legal actions)";
    char word[PLAY_COMMAND_MAX * 2 * 3]; /* invalid bytes replaced first, so the quote is UTF-8 too */
    bsk_utf8_repair(word, sizeof word, typed);
    size_t room = size > sizeof head + sizeof tail ? size - (sizeof head - 1) - (sizeof tail - 1) - 1 : 0;
    size_t length = strlen(word);
    const char *ellipsis = "";
    if (length > room) {
        length = room >= 3 ? room - 3 : 0; /* room for "…" (3 bytes) */
        while (length > 0 && ((unsigned char)word[length] & 0xC0) == 0x80)
            length--; /* not inside a letter */
        ellipsis = "…";
    }
    snprintf(message, size, "%s%.*s%s%s", head, (int)length, word, ellipsis, tail);
    return false;
}

bool play_command_parse(const char *line, int player, bsk_record *out, char *message, size_t size)
{
    words w;
    if (!split(line, &w)) {
        snprintf(message, size, "the command is too long (at most %d bytes and %d words)",
                 (int)sizeof w.buffer - 1, WORDS_MAX);
        return false;
    }
    if (w.count == 0)
        return fail(message, size, "%s", "type a command (help lists them)");
    char verb[24];
    snprintf(verb, sizeof verb, "%s", w.word[0]);
    lower(verb);
    int n = w.count - 1; /* words after the verb */
    const char *usage = NULL;
    bsk_record_init(out, BSK_ACT_PASS, player);
    if (!strcmp(verb, "pass") && n == 0)
        return true;
    if (!strcmp(verb, "end") && (n == 0 || (n == 1 && !strcmp(w.word[1], "turn")))) {
        out->kind = BSK_ACT_END_TURN;
        return true;
    }
    if (!strcmp(verb, "move") || !strcmp(verb, "attack")) {
        out->kind = verb[0] == 'm' ? BSK_ACT_MOVE : BSK_ACT_ATTACK;
        if (n == 2 && place(w.word[1], out->from) && place(w.word[2], out->to))
            return true;
        usage = verb[0] == 'm' ? "move FROM TO (cells: move c3 c2)" : "attack FROM TO (places: attack c3 c4)";
    } else if (!strcmp(verb, "ability") || !strcmp(verb, "feature")) {
        out->kind = verb[0] == 'a' ? BSK_ACT_ABILITY : BSK_ACT_FEATURE;
        int index;
        if ((n == 2 || n == 3) && place(w.word[1], out->from) && number(w.word[2], 1, 64, &index) &&
            (n == 2 || place(w.word[3], out->to))) {
            out->index = index - 1;
            return true;
        }
        usage = verb[0] == 'a' ? "ability FROM N [TO] (N from show: ability c3 1 d5)" : "feature FROM N [TO]";
    } else if (!strcmp(verb, "counter") || !strcmp(verb, "tap")) {
        out->kind = verb[0] == 'c' ? BSK_ACT_GAIN_COUNTER : BSK_ACT_FLYER_TAP;
        if (n == 1 && place(w.word[1], out->from))
            return true;
        usage = verb[0] == 'c' ? "counter FROM" : "tap FROM";
    } else if (!strcmp(verb, "guard")) {
        out->kind = BSK_ACT_GUARD;
        if (n == 1 && !strcmp(w.word[1], "none"))
            return true;
        if (n == 1 && place(w.word[1], out->from))
            return true;
        usage = "guard PLACE, or guard none";
    } else if ((!strcmp(verb, "step") && n == 1 && !strcmp(w.word[1], "down")) || !strcmp(verb, "stay")) {
        out->kind = BSK_ACT_STEP_DOWN;
        out->flag = verb[1] == 't' && verb[2] == 'e';
        if (out->flag || n == 0)
            return true;
        usage = "stay";
    } else if ((!strcmp(verb, "first") || !strcmp(verb, "second")) && n == 0) {
        out->kind = BSK_ACT_FIRST;
        out->flag = verb[0] == 'f';
        return true;
    } else if ((!strcmp(verb, "keep") || !strcmp(verb, "redeal") || !strcmp(verb, "done")) && n == 0) {
        out->kind = verb[0] == 'k' ? BSK_ACT_KEEP : verb[0] == 'r' ? BSK_ACT_REDEAL : BSK_ACT_DONE;
        return true;
    } else if (!strcmp(verb, "take")) {
        out->kind = BSK_ACT_TAKE;
        int last = w.count;
        if (n >= 3 && number(w.word[w.count - 2], 0, 99, &out->gold) && number(w.word[w.count - 1], 0, 99, &out->silver))
            last -= 2;
        else
            out->gold = out->silver = -1;
        if (join(&w, 1, last, out->card, sizeof out->card))
            return true;
        usage = "take NAME [GOLD SILVER] (take Циклоп, or take Циклоп 2 3 to pay 2 gold and 3 silver)";
    } else if (!strcmp(verb, "place")) {
        out->kind = BSK_ACT_PLACE;
        if (n >= 2 && bsk_cell_parse(w.word[w.count - 1]) >= 0 && place(w.word[w.count - 1], out->to) &&
            join(&w, 1, w.count - 1, out->card, sizeof out->card))
            return true;
        usage = "place NAME CELL (place Циклоп c2)";
    } else if (!strcmp(verb, "hide")) {
        out->kind = BSK_ACT_HIDE;
        if (n == 1 && place(w.word[1], out->from))
            return true;
        usage = "hide CELL (a row-6 cell of yours)";
    } else if (!strcmp(verb, "host")) {
        out->kind = BSK_ACT_HOST;
        if (n == 2 && place(w.word[1], out->from) && place(w.word[2], out->to))
            return true;
        usage = "host SYMBIOTE HOST (places: host c5 d5)";
    } else if (!strcmp(verb, "order")) {
        out->kind = BSK_ACT_ORDER;
        if (n == 1 && place(w.word[1], out->from))
            return true;
        out->from[0] = '\0';
        if (join(&w, 1, w.count, out->card, sizeof out->card))
            return true;
        usage = "order PLACE or order NAME";
    } else {
        return fail_unknown(message, size, w.word[0]);
    }
    return fail(message, size, "usage: %s", usage);
}
