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

const char *play_command_help(int i)
{
    /* the kinds' help lines (berserk/action.h) in their help order */
    for (int rank = 0, seen = 0; rank < 256; rank++)
        for (int k = 0; k < BSK_ACT_KIND_COUNT; k++) {
            const bsk_action_kind_info *info = bsk_action_kind_info_get(k);
            if (info->help && info->help_rank == rank && seen++ == i)
                return info->help;
        }
    return NULL;
}

void play_command_format(const bsk_record *r, char *out, size_t size) { bsk_record_command_format(r, out, size); }

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

/* ---- Commands from the kinds' templates (berserk/action.h `command`) ---- */

enum { TOKENS_MAX = 8 };

typedef struct template_tokens {
    char buffer[64];
    const char *token[TOKENS_MAX];
    bool optional[TOKENS_MAX]; /* inside the trailing [ … ] */
    int count, required;       /* tokens, and those outside [ … ] */
    int verb;                  /* the leading words: the command's verb ("step down": 2) */
} template_tokens;

static void tokens_of(const char *text, template_tokens *t)
{
    snprintf(t->buffer, sizeof t->buffer, "%s", text);
    t->count = t->required = t->verb = 0;
    bool optional = false;
    for (char *p = strtok(t->buffer, " "); p && t->count < TOKENS_MAX; p = strtok(NULL, " ")) {
        if (*p == '[') {
            optional = true;
            p++;
        }
        size_t n = strlen(p);
        bool closes = n > 0 && p[n - 1] == ']';
        if (closes)
            p[n - 1] = '\0';
        t->optional[t->count] = optional;
        t->token[t->count++] = p;
        if (!optional)
            t->required++;
        if (closes)
            optional = false;
    }
    while (t->verb < t->count && !t->optional[t->verb] && t->token[t->verb][0] != '{')
        t->verb++;
}

static bool all_digits(const char *word)
{
    for (const char *p = word; *p; p++)
        if (!isdigit((unsigned char)*p))
            return false;
    return word[0] != '\0';
}

/* Matches words[first..] against the first `count` tokens of t (the verb already matched): each
 * placeholder one word, {card} {from|card} {choice} as many as the tokens after them leave. */
static bool match_tokens(const template_tokens *t, int count, const words *w, bsk_record *out)
{
    int at = 1;
    for (int k = 1; k < count; k++) {
        const char *token = t->token[k];
        int left = w->count - at, after = count - k - 1;
        if (left <= after)
            return false;
        const char *word = w->word[at];
        if (token[0] != '{') {
            if (strcmp(word, token) != 0)
                return false;
            at++;
        } else if (!strcmp(token, "{card}") || !strcmp(token, "{from|card}") || !strcmp(token, "{choice}")) {
            int take = left - after;
            bool placed = take == 1 && strcmp(token, "{card}") != 0 && place(word, out->from);
            if (!placed) {
                out->from[0] = '\0';
                if (take == 1 && !strcmp(token, "{choice}") && all_digits(word)) { /* a number */
                    if (!number(word, 0, 127, &out->index))
                        return false;
                } else if (!join(w, at, at + take, out->card, sizeof out->card)) { /* a name or a word */
                    return false;
                }
            }
            at += take;
        } else {
            bool ok;
            if (!strcmp(token, "{from}"))
                ok = place(word, out->from);
            else if (!strcmp(token, "{to}"))
                ok = place(word, out->to);
            else if (!strcmp(token, "{to:cell}"))
                ok = bsk_cell_parse(word) >= 0 && place(word, out->to);
            else if (!strcmp(token, "{from|none}"))
                ok = !strcmp(word, "none") ? (out->from[0] = '\0', true) : place(word, out->from);
            else if (!strcmp(token, "{n}"))
                ok = number(word, 1, 64, &out->index) && (out->index--, true);
            else if (!strcmp(token, "{index}"))
                ok = number(word, 1, 63, &out->index);
            else if (!strcmp(token, "{gold}"))
                ok = number(word, 0, 99, &out->gold);
            else if (!strcmp(token, "{silver}"))
                ok = number(word, 0, 99, &out->silver);
            else
                ok = false;
            if (!ok)
                return false;
            at++;
        }
    }
    return at == w->count;
}

/* Whether the words are a command of `text` (a kind's template); *verb says whether its verb was. */
static bool match_command(const char *text, const char *verb, const words *w, int kind, int player, bool flag,
                          bsk_record *out, bool *verb_matched)
{
    template_tokens t;
    tokens_of(text, &t);
    bool placeholders = strchr(text, '{') != NULL;
    *verb_matched = false;
    if (t.verb == 0 || strcmp(verb, t.token[0]) != 0)
        return false;
    /* a usage is shown for a command with parts, or of one word ("stay x"); words only ("step down
     * x", "end x") are no command */
    *verb_matched = placeholders || t.count == 1;
    for (int count = t.count; count >= t.required; count = count > t.required ? t.required : t.required - 1) {
        bsk_record_init(out, kind, player);
        out->flag = flag;
        if (match_tokens(&t, count, w, out))
            return true;
    }
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
    const char *usage = NULL;
    bool known = false;
    for (int kind = 0; kind < BSK_ACT_KIND_COUNT; kind++) {
        const bsk_action_kind_info *info = bsk_action_kind_info_get(kind);
        for (int text = 0; text < 2; text++) {
            const char *command = text == 0 ? info->command : info->command_no;
            bool verb_matched = false;
            if (command && match_command(command, verb, &w, kind, player, text == 0 && info->command_no, out,
                                         &verb_matched))
                return true;
            if (verb_matched && !known) {
                known = true;
                usage = info->usage;
            }
        }
    }
    bsk_record_init(out, BSK_ACT_PASS, player);
    if (!usage)
        return fail_unknown(message, size, w.word[0]);
    return fail(message, size, "usage: %s", usage);
}
