/* decklist.c — decklist files (DESIGN §4 "Decklist formats") into bsk_deck and back:
 * plain text and ProBerserk TXT (`COUNT NAME`, `COUNTx NAME`, `COUNT SET-NUMBER`,
 * `COUNT NXT-ID`, `COUNT NAME [SET]`, `#` comments, `# name:` / `# deck title:`),
 * berserk-nxt .brsd (first `#` line is the name, entries `COUNT NXT-ID`) and JSON.
 * Every line that is not understood becomes a parse_error with its line number (JSON:
 * its path); an unknown name becomes unknown_card with up to three suggestions. Nothing
 * is dropped silently: past the report's limit, problems are counted. */
#include "file_read.h"
#include "formats.h"
#include "json_reader.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- Kinds ---- */

bsk_decklist_kind bsk_decklist_kind_for_path(const char *path)
{
    const char *dot = strrchr(path, '.');
    const char *slash = strrchr(path, '/');
    if (!dot || (slash && dot < slash))
        return BSK_DECKLIST_TEXT;
    if (strcasecmp(dot, ".brsd") == 0)
        return BSK_DECKLIST_BRSD;
    if (strcasecmp(dot, ".json") == 0)
        return BSK_DECKLIST_JSON;
    return BSK_DECKLIST_TEXT;
}

int bsk_decklist_kind_parse(const char *word)
{
    if (strcmp(word, "text") == 0 || strcmp(word, "txt") == 0)
        return BSK_DECKLIST_TEXT;
    if (strcmp(word, "brsd") == 0)
        return BSK_DECKLIST_BRSD;
    if (strcmp(word, "json") == 0)
        return BSK_DECKLIST_JSON;
    return -1;
}

/* ---- Issues and names ---- */

typedef struct parse_state {
    const char *file;
    bsk_pool *pool;
    const bsk_format *format;
    bsk_deck *deck;
    bsk_deck_report *report;
    bsk_error *error;
    int item;                 /* JSON decklists: 1 + the index in "cards" of the entry being read */
    char sets[256];           /* "01, 02, …, classic": the pool's sets, listed on first need */
} parse_state;

/* "cards[3]" + suffix for the JSON entry being read, or just the suffix ("name"). */
static void json_path(const parse_state *state, const char *suffix, char *out, size_t out_size)
{
    if (state->item > 0)
        snprintf(out, out_size, "cards[%d]%s%s", state->item - 1, *suffix ? "." : "", suffix);
    else
        snprintf(out, out_size, "%s", suffix);
}

/* A printf into a fixed buffer that never ends inside a character (issue 10 item 9). */
static void set_text(char *out, size_t out_size, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static void set_text(char *out, size_t out_size, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    int written = vsnprintf(out, out_size, format, args);
    va_end(args);
    if (written >= (int)out_size)
        bsk_utf8_trim_cut(out);
}

/* A parse_error at a line (text) or at `path` (JSON decklists; the message starts with it). */
static bsk_deck_issue *parse_error(parse_state *state, int line, const char *path, int count, const char *format,
                                   ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

static bsk_deck_issue *parse_error(parse_state *state, int line, const char *path, int count, const char *format,
                                   ...)
{
    bsk_deck_issue *issue = bsk_deck_report_add(state->report, "parse_error", "decklist.syntax");
    if (!issue)
        return NULL;
    issue->line = line;
    issue->count = count;
    if (line > 0) {
        issue->line_count = 1;
        issue->lines[0] = line;
    }
    char detail[BSK_ISSUE_MESSAGE_MAX];
    va_list args;
    va_start(args, format);
    int written = vsnprintf(detail, sizeof detail, format, args);
    va_end(args);
    if (written >= (int)sizeof detail)
        bsk_utf8_trim_cut(detail);
    if (path && *path) {
        bsk_utf8_copy(issue->path, sizeof issue->path, path);
        set_text(issue->message, sizeof issue->message, "%s: %s", path, detail);
    } else {
        bsk_utf8_copy(issue->message, sizeof issue->message, detail);
    }
    return issue;
}

static bool valid_utf8(const unsigned char *s, size_t length)
{
    size_t i = 0;
    while (i < length) {
        unsigned char c = s[i];
        size_t need;
        unsigned int cp;
        if (c < 0x80) {
            i++;
            continue;
        }
        if (c >= 0xC2 && c <= 0xDF)
            need = 1, cp = c & 0x1Fu;
        else if (c >= 0xE0 && c <= 0xEF)
            need = 2, cp = c & 0x0Fu;
        else if (c >= 0xF0 && c <= 0xF4)
            need = 3, cp = c & 0x07u;
        else
            return false;
        for (size_t k = 1; k <= need; k++) {
            if (i + k >= length || (s[i + k] & 0xC0) != 0x80)
                return false;
            cp = (cp << 6) | (s[i + k] & 0x3Fu);
        }
        if ((need == 2 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
            (need == 3 && (cp < 0x10000 || cp > 0x10FFFF)))
            return false;
        i += need + 1;
    }
    return true;
}

static char *trim(char *text)
{
    while (*text == ' ' || *text == '\t')
        text++;
    size_t length = strlen(text);
    while (length > 0 && (text[length - 1] == ' ' || text[length - 1] == '\t'))
        text[--length] = '\0';
    return text;
}

/* A deck name as every reader stores it: cut on a character boundary to its buffer, then
 * trimmed, so the cut never leaves an edge blank the text reader would drop on reading the
 * written file back (found by fuzzing: parse(write(x)) = x). */
static void set_deck_name(bsk_deck *deck, const char *text)
{
    char copy[sizeof deck->name];
    bsk_utf8_copy(copy, sizeof copy, text);
    snprintf(deck->name, sizeof deck->name, "%s", trim(copy));
}

/* Stores up to three suggestions for an unknown name, for the first
 * BSK_DECK_SUGGESTED_MAX unknown names of a file only: each look-up measures the distance
 * to every catalogue name (issue 10 item 10). Returns the nearest, or NULL. */
static const char *suggest(parse_state *state, bsk_deck_issue *issue, const char *name)
{
    issue->suggestion_count = 0;
    if (state->report->suggested >= BSK_DECK_SUGGESTED_MAX)
        return NULL;
    state->report->suggested++;
    const bsk_card *suggestions[3];
    size_t found = bsk_pool_suggest(state->pool, name, suggestions, 3);
    for (size_t i = 0; i < found; i++)
        bsk_utf8_copy(issue->suggestions[issue->suggestion_count++], sizeof issue->suggestions[0],
                      suggestions[i]->name);
    return found ? suggestions[0]->name : NULL;
}

/* An unknown_card issue for `text`; `why` replaces the "no card named" message. */
static bsk_deck_issue *unknown_card(parse_state *state, int line, int count, const char *text, const char *why)
{
    bsk_deck_issue *issue = bsk_deck_report_add(state->report, "unknown_card", "decklist.card");
    if (!issue)
        return NULL;
    bsk_utf8_copy(issue->card, sizeof issue->card, text);
    issue->count = count;
    issue->line = line;
    if (line > 0) {
        issue->line_count = 1;
        issue->lines[0] = line;
    }
    json_path(state, "", issue->path, sizeof issue->path);
    /* JSON decklists: the message starts with the entry's path, like a parse_error's */
    const char *at = issue->path[0] ? issue->path : "", *colon = issue->path[0] ? ": " : "";
    issue->suggestion_count = 0;
    if (why) {
        set_text(issue->message, sizeof issue->message, "%s%s%s", at, colon, why);
        return issue;
    }
    const char *nearest = suggest(state, issue, text);
    set_text(issue->message, sizeof issue->message, "%s%sno card named \"%s\"%s%s", at, colon, issue->card,
             nearest ? "; did you mean " : "", nearest ? nearest : "");
    return issue;
}

/* A printing of `name` in set `set_id`, or NULL. */
static const bsk_card *printing_in_set(bsk_pool *pool, const char *name, const char *set_id)
{
    const bsk_card *printings[32];
    size_t count = bsk_pool_find_name(pool, name, printings, 32);
    for (size_t i = 0; i < count && i < 32; i++)
        if (strcmp(printings[i]->set, set_id) == 0)
            return printings[i];
    return NULL;
}

static int compare_set_ids(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* True when some card of the pool is of set `set_id`; lists the pool's sets in
 * state->sets ("01, 02, …, classic") once, for the message that names them. */
static bool set_exists(parse_state *state, const char *set_id)
{
    const char *ids[64];
    size_t count = 0;
    bool exists = false;
    for (size_t i = 0; i < state->pool->count; i++) {
        const char *set = state->pool->cards[i].set;
        exists = exists || strcmp(set, set_id) == 0;
        if (state->sets[0])
            continue;
        size_t k = 0;
        while (k < count && strcmp(ids[k], set) != 0)
            k++;
        if (k == count && count < 64)
            ids[count++] = set;
    }
    if (!state->sets[0] && count) {
        qsort(ids, count, sizeof ids[0], compare_set_ids);
        size_t used = 0;
        for (size_t k = 0; k < count && used < sizeof state->sets; k++) {
            int written = snprintf(state->sets + used, sizeof state->sets - used, "%s%s", k ? ", " : "", ids[k]);
            used += written > 0 ? (size_t)written : 0;
        }
        if (used >= sizeof state->sets)
            bsk_utf8_trim_cut(state->sets);
    }
    return exists;
}

static bool all_digits(const char *text)
{
    if (!*text)
        return false;
    for (; *text; text++)
        if (*text < '0' || *text > '9')
            return false;
    return true;
}

/* SET-NUMBER as the catalogue writes ids ("01-037", "classic-Ar_gull_1"): ASCII letters,
 * digits and '_' around a '-'; card names are Cyrillic. */
static bool looks_like_id(const char *text)
{
    const char *dash = strchr(text, '-');
    if (!dash || dash == text || !dash[1])
        return false;
    for (const char *p = text; *p; p++)
        if (p != dash && !((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
                           *p == '_'))
            return false;
    return true;
}

/* `COUNT NAME [SET]`: the printing of the name in that set. */
static const bsk_card *resolve_pinned(parse_state *state, int line, int count, char *what, const char *written)
{
    size_t length = strlen(what);
    char *open = strrchr(what, '[');
    what[length - 1] = '\0';
    char *set_id = trim(open + 1);
    *open = '\0';
    char *name = trim(what);
    const bsk_card *card = printing_in_set(state->pool, name, set_id);
    if (card)
        return card;
    char why[BSK_ISSUE_MESSAGE_MAX], quoted_name[BSK_CARD_NAME_MAX], quoted_set[BSK_SET_ID_MAX * 2];
    bsk_utf8_copy(quoted_name, sizeof quoted_name, name);
    bsk_utf8_copy(quoted_set, sizeof quoted_set, set_id);
    bool known_name = bsk_pool_resolve(state->pool, name) != NULL;
    if (!set_exists(state, set_id))
        set_text(why, sizeof why, "no set [%s]; sets: %s", quoted_set, state->sets);
    else if (known_name)
        set_text(why, sizeof why, "%s has no printing in set [%s]", quoted_name, quoted_set);
    else
        set_text(why, sizeof why, "no card named \"%s\"", quoted_name);
    bsk_deck_issue *issue = unknown_card(state, line, count, written, why);
    if (issue && !known_name) { /* still offer the names nearest to the one written */
        const char *nearest = suggest(state, issue, name);
        if (nearest && set_exists(state, set_id)) {
            size_t used = strlen(issue->message);
            set_text(issue->message + used, sizeof issue->message - used, "; did you mean %s", nearest);
        }
    }
    return NULL;
}

/* Resolves what follows the count: an id, an nxt id, NAME [SET] or a name. */
static void add_entry(parse_state *state, int line, int count, char *what, bool nxt_only)
{
    bsk_deck_entry entry;
    memset(&entry, 0, sizeof entry);
    entry.count = count;
    entry.line = line;
    entry.item = state->item;
    bsk_utf8_copy(entry.text, sizeof entry.text, what);
    size_t length = strlen(what);
    char path[BSK_ISSUE_PATH_MAX];
    json_path(state, "", path, sizeof path);
    if (nxt_only) {
        if (!all_digits(what) || length > 9) {
            char excerpt[201];
            bsk_utf8_copy(excerpt, sizeof excerpt, what);
            parse_error(state, line, path, count, "expected COUNT NXT-ID (a .brsd line), got \"%s\"", excerpt);
            return;
        }
        entry.pinned = true;
        entry.card = bsk_pool_find_nxt_id(state->pool, (int32_t)strtol(what, NULL, 10));
        if (!entry.card) {
            char why[64];
            set_text(why, sizeof why, "no card with nxt id %s", what);
            unknown_card(state, line, count, what, why);
        }
    } else if (length > 2 && what[length - 1] == ']' && strchr(what, '[')) {
        const char *name = what;
        while (*name == ' ' || *name == '\t')
            name++;
        if (*name == '[') { /* `3 [01]`: a set with no name before it */
            char excerpt[201];
            bsk_utf8_copy(excerpt, sizeof excerpt, what);
            parse_error(state, line, path, count,
                        "no card name before the set in \"%s\"; write COUNT NAME [SET] (3 Циклоп [01])", excerpt);
            return;
        }
        entry.pinned = true;
        entry.card = resolve_pinned(state, line, count, what, entry.text);
    } else if ((entry.card = bsk_pool_find_id(state->pool, what))) {
        entry.pinned = true;
    } else if (all_digits(what)) {
        entry.pinned = true;
        entry.card = length <= 9 ? bsk_pool_find_nxt_id(state->pool, (int32_t)strtol(what, NULL, 10)) : NULL;
        if (!entry.card) {
            char why[BSK_ISSUE_MESSAGE_MAX];
            set_text(why, sizeof why, "no card with nxt id %s", what);
            unknown_card(state, line, count, what, why);
        }
    } else {
        entry.card = bsk_deck_resolve(state->pool, what, state->format);
        if (!entry.card && looks_like_id(what)) {
            char why[BSK_ISSUE_MESSAGE_MAX];
            set_text(why, sizeof why, "no card with id \"%s\"", what);
            unknown_card(state, line, count, what, why);
        } else if (!entry.card) {
            unknown_card(state, line, count, what, NULL);
        }
    }
    if (bsk_deck_add(state->deck, &entry, state->error))
        parse_error(state, line, path, count, "%s", state->error->message);
}

/* ---- Text and .brsd lines ---- */

/* `COUNT`, `COUNTx` (Latin or Cyrillic x) followed by white space. Returns the text
 * after it, or NULL; stores the count (BSK_UNSET when there is no number, or one of more
 * than six digits) and the number of digits the line holds. */
static char *read_count(char *line, int *count, int *digits_out)
{
    char *p = line;
    long value = 0;
    int digits = 0;
    while (*p >= '0' && *p <= '9') {
        if (digits < 6)
            value = value * 10 + (*p - '0');
        digits++;
        p++;
    }
    *count = digits && digits <= 6 ? (int)value : BSK_UNSET;
    *digits_out = digits;
    if (!digits)
        return NULL;
    if (*p == 'x' || *p == 'X')
        p++;
    else if (strncmp(p, "х", 2) == 0 || strncmp(p, "Х", 2) == 0)
        p += 2;
    if (*p != ' ' && *p != '\t')
        return NULL;
    return trim(p);
}

/* "# name: …" or "# deck title: …" (any case) → the name; NULL otherwise. */
static const char *deck_name_comment(char *comment)
{
    static const char *const KEYS[] = {"name:", "deck title:"};
    char *text = trim(comment + 1);
    for (size_t i = 0; i < sizeof KEYS / sizeof KEYS[0]; i++)
        if (strncasecmp(text, KEYS[i], strlen(KEYS[i])) == 0)
            return trim(text + strlen(KEYS[i]));
    return NULL;
}

/* Issue 10 item 15: `#` after white space starts a comment that runs to the end of the
 * line (no catalogue name holds a '#'; one glued to a word stays part of it). */
static void strip_trailing_comment(char *line)
{
    for (char *p = line + 1; *p; p++)
        if (*p == '#' && (p[-1] == ' ' || p[-1] == '\t')) {
            *p = '\0';
            return;
        }
}

static void parse_line(parse_state *state, char *raw, size_t length, int number, bool brsd, bool *named)
{
    char buffer[BSK_DECK_LINE_MAX + 1];
    if (length > BSK_DECK_LINE_MAX) {
        parse_error(state, number, NULL, BSK_UNSET, "line of %zu bytes is longer than the 4096-byte limit", length);
        return;
    }
    memcpy(buffer, raw, length);
    buffer[length] = '\0';
    if (!valid_utf8((const unsigned char *)buffer, length)) {
        parse_error(state, number, NULL, BSK_UNSET, "%s", "invalid UTF-8 in this line");
        return;
    }
    uint32_t control;
    if (bsk_utf8_find_control(buffer, length, true, &control)) {
        parse_error(state, number, NULL, BSK_UNSET, "control character U+%04X in this line", (unsigned)control);
        return;
    }
    char *line = trim(buffer);
    if (!*line)
        return;
    if (line[0] == '#') {
        const char *name = brsd ? trim(line + 1) : deck_name_comment(line);
        if (name && !*named) {
            set_deck_name(state->deck, name);
            *named = true;
        }
        if (brsd)
            *named = true; /* only the first # line of a .brsd names the deck */
        return;
    }
    strip_trailing_comment(line);
    line = trim(line);
    int count, digits;
    char *what = read_count(line, &count, &digits);
    if (!what || !*what) {
        char excerpt[201];
        bsk_utf8_copy(excerpt, sizeof excerpt, line);
        parse_error(state, number, NULL, count,
                    brsd ? "expected COUNT NXT-ID, got \"%s\""
                         : "expected COUNT NAME (or COUNT SET-NUMBER, COUNT NXT-ID), got \"%s\"",
                    excerpt);
        return;
    }
    if (count < 1 || count > BSK_DECK_MAX_COUNT) { /* the number as the file holds it, not cut to six digits */
        char shown[40];
        snprintf(shown, sizeof shown, "%.*s%s", digits > 30 ? 30 : digits, line, digits > 30 ? "…" : "");
        parse_error(state, number, NULL, count, "count %s is out of range 1..99", shown);
        return;
    }
    add_entry(state, number, count, what, brsd);
}

static size_t skip_bom(const char *data, size_t length)
{
    return length >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

static void parse_lines(parse_state *state, const char *data, size_t length, bool brsd)
{
    size_t position = skip_bom(data, length);
    int number = 0;
    bool named = false;
    while (position < length) {
        const char *start = data + position;
        const char *newline = memchr(start, '\n', length - position);
        size_t line_length = newline ? (size_t)(newline - start) : length - position;
        position += line_length + (newline ? 1 : 0);
        number++;
        if (line_length > 0 && start[line_length - 1] == '\r')
            line_length--;
        parse_line(state, (char *)start, line_length, number, brsd, &named);
    }
}

/* ---- JSON decklists ---- */

/* Issue 10 item 11: a text decklist whose first character is '{' or '[' is a JSON
 * decklist under another name; one message says so instead of a parse error per line. */
static bool looks_like_json(const char *data, size_t length)
{
    size_t i = skip_bom(data, length);
    while (i < length && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n'))
        i++;
    if (i >= length || (data[i] != '{' && data[i] != '['))
        return false;
    /* `{` or `[`, then what JSON allows next (or the end): `[classic] …` is a bad text line */
    for (i++; i < length && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n'); i++)
        ;
    return i >= length || (data[i] && strchr("\"{}[]-0123456789tfn", data[i]) != NULL);
}

/* A JSON string that names something: no control characters (issue 10 item 1); a tab is
 * white space, as in a text decklist's line. */
static bool read_json_text(parse_state *state, const json_t *value, const char *key, int count)
{
    char path[BSK_ISSUE_PATH_MAX];
    uint32_t control;
    if (!bsk_utf8_find_control(json_string_value(value), json_string_length(value), true, &control))
        return true;
    json_path(state, key, path, sizeof path);
    parse_error(state, 0, path, count, "control character U+%04X in string", (unsigned)control);
    return false;
}

/* JSON decklists: {"name":…,"cards":[{"name"|"id"|"nxt_id":…,"count":N}]}. */
static bsk_status parse_json(parse_state *state, const char *data, size_t length)
{
    bsk_json_reader reader = {state->file, "decklist.syntax", "decklist.syntax", state->error};
    json_t *root = bsk_json_parse(&reader, data, length);
    if (!root)
        return BSK_ERR_INVALID;
    const json_t *cards = json_object_get(root, "cards");
    if (!json_is_object(root) || !json_is_array(cards)) {
        json_decref(root);
        bsk_error_clear(state->error);
        bsk_error_set_file(state->error, state->file);
        return bsk_error_set(state->error, BSK_ERR_INVALID, "decklist.syntax",
                             "not a JSON decklist: expected {\"name\":…,\"cards\":[{\"name\":…,\"count\":N}]}");
    }
    const json_t *name = json_object_get(root, "name");
    if (json_is_string(name)) {
        if (read_json_text(state, name, "name", BSK_UNSET))
            set_deck_name(state->deck, json_string_value(name));
    } else if (name && !json_is_null(name)) {
        parse_error(state, 0, "name", BSK_UNSET, "%s", "expected string");
    }
    for (size_t i = 0; i < json_array_size(cards); i++) {
        const json_t *item = json_array_get(cards, i);
        char path[BSK_ISSUE_PATH_MAX];
        state->item = (int)i + 1;
        json_path(state, "", path, sizeof path);
        const json_t *count = json_object_get(item, "count");
        const json_t *by_name = json_object_get(item, "name");
        const json_t *by_id = json_object_get(item, "id");
        const json_t *by_nxt = json_object_get(item, "nxt_id");
        int keys = (by_name != NULL) + (by_id != NULL) + (by_nxt != NULL);
        if (!json_is_object(item) || keys != 1) {
            parse_error(state, 0, path, BSK_UNSET, "%s", "expected an object with one of \"name\", \"id\", \"nxt_id\"");
            continue;
        }
        json_int_t value = json_is_integer(count) ? json_integer_value(count) : 0;
        int n = json_is_integer(count) && value > -1000000 && value < 1000000 ? (int)value : BSK_UNSET;
        if (!json_is_integer(count) || value < 1 || value > BSK_DECK_MAX_COUNT) {
            json_path(state, "count", path, sizeof path);
            parse_error(state, 0, path, n, "%s", "expected an integer 1..99");
            continue;
        }
        char what[BSK_CARD_NAME_MAX];
        if (by_nxt && json_is_integer(by_nxt)) {
            snprintf(what, sizeof what, "%lld", (long long)json_integer_value(by_nxt));
        } else if ((by_name && json_is_string(by_name)) || (by_id && json_is_string(by_id))) {
            const json_t *text = by_name ? by_name : by_id;
            if (!read_json_text(state, text, by_name ? "name" : "id", n))
                continue;
            if (json_string_length(text) >= sizeof what) {
                parse_error(state, 0, path, n, "%s", "name longer than 127 bytes");
                continue;
            }
            snprintf(what, sizeof what, "%s", json_string_value(text));
        } else {
            parse_error(state, 0, path, n, "%s", "\"name\"/\"id\" must be a string, \"nxt_id\" an integer");
            continue;
        }
        char *trimmed = trim(what);
        if (!*trimmed) {
            parse_error(state, 0, path, n, "%s", "empty name");
            continue;
        }
        add_entry(state, 0, n, trimmed, by_nxt != NULL);
    }
    state->item = 0;
    json_decref(root);
    return BSK_OK;
}

/* ---- Reading ---- */

bsk_status bsk_decklist_parse(const char *data, size_t length, bsk_decklist_kind kind, const char *file,
                              bsk_pool *pool, const bsk_format *format, bsk_deck *deck, bsk_deck_report *report,
                              bsk_error *error)
{
    parse_state state = {file, pool, format, deck, report, error, 0, ""};
    if (length > BSK_DECK_FILE_MAX) {
        bsk_error_clear(error);
        bsk_error_set_file(error, file);
        return bsk_error_set(error, BSK_ERR_LIMIT, "decklist.size", "%zu bytes is over the 1 MB decklist limit",
                             length);
    }
    if (kind == BSK_DECKLIST_JSON)
        return parse_json(&state, data, length);
    if (kind == BSK_DECKLIST_TEXT && looks_like_json(data, length)) {
        bsk_error_clear(error);
        bsk_error_set_file(error, file);
        return bsk_error_set(error, BSK_ERR_INVALID, "decklist.syntax",
                             "looks like a JSON decklist; name the file .json to read it as one");
    }
    parse_lines(&state, data, length, kind == BSK_DECKLIST_BRSD);
    return BSK_OK;
}

bsk_status bsk_decklist_read(const char *path, bsk_pool *pool, const bsk_format *format, bsk_deck *deck,
                             bsk_deck_report *report, bsk_error *error)
{
    char *data;
    size_t length;
    bsk_status read_status = bsk_file_read(path, BSK_DECK_FILE_MAX, "decklist.file", &data, &length, error);
    if (read_status == BSK_ERR_LIMIT)
        return bsk_error_set(error, BSK_ERR_LIMIT, "decklist.size", "over the 1 MB decklist limit");
    if (read_status)
        return read_status;
    bsk_status status =
        bsk_decklist_parse(data, length, bsk_decklist_kind_for_path(path), path, pool, format, deck, report, error);
    if (status == BSK_ERR_LIMIT)
        bsk_error_set(error, BSK_ERR_LIMIT, "decklist.size", "over the 1 MB decklist limit");
    free(data);
    return status;
}

/* ---- Writing ---- */

/* Text for one entry: the bare name when it resolves back to this printing, otherwise
 * the name pinned to its set, so parse(write(deck)) gives the same printings. */
static void entry_text(const bsk_deck_entry *entry, bsk_pool *pool, char *out, size_t out_size)
{
    if (bsk_pool_resolve(pool, entry->card->name) == entry->card)
        snprintf(out, out_size, "%s", entry->card->name);
    else
        snprintf(out, out_size, "%s [%s]", entry->card->name, entry->card->set);
}

typedef struct text_buffer {
    char *data;
    size_t length;
    size_t capacity;
    bool failed;
} text_buffer;

static void append(text_buffer *buffer, const char *text)
{
    size_t n = strlen(text);
    if (buffer->length + n + 1 > buffer->capacity) {
        size_t capacity = (buffer->capacity + n + 1) * 2;
        char *grown = realloc(buffer->data, capacity);
        if (!grown) {
            buffer->failed = true;
            return;
        }
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->length, text, n + 1);
    buffer->length += n;
}

char *bsk_decklist_write(const bsk_deck *deck, bsk_decklist_kind kind, bsk_pool *pool, size_t *length,
                         bsk_error *error)
{
    /* Issue 10 item 1: a name with a newline would become lines of another deck. */
    uint32_t control;
    if (!valid_utf8((const unsigned char *)deck->name, strlen(deck->name))) {
        bsk_error_set(error, BSK_ERR_INVALID, "decklist.syntax", "the deck name is not valid UTF-8");
        return NULL;
    }
    if (bsk_utf8_find_control(deck->name, strlen(deck->name), true, &control)) {
        bsk_error_set(error, BSK_ERR_INVALID, "decklist.syntax", "the deck name holds control character U+%04X",
                      (unsigned)control);
        return NULL;
    }
    for (size_t i = 0; i < deck->count; i++) {
        const bsk_deck_entry *entry = &deck->entries[i];
        if (!entry->card) {
            bsk_error_set(error, BSK_ERR_INVALID, "decklist.card", "line %d: unknown card \"%s\" cannot be written",
                          entry->line, entry->text);
            return NULL;
        }
        if (kind == BSK_DECKLIST_BRSD && entry->card->nxt_id == BSK_UNSET) {
            bsk_error_set(error, BSK_ERR_INVALID, "decklist.card",
                          "%s (%s) has no nxt id, so a .brsd cannot hold it", entry->card->name, entry->card->id);
            return NULL;
        }
    }
    if (kind == BSK_DECKLIST_JSON) {
        json_t *cards = json_array();
        for (size_t i = 0; i < deck->count; i++) {
            const bsk_deck_entry *entry = &deck->entries[i];
            bool newest = bsk_pool_resolve(pool, entry->card->name) == entry->card;
            json_array_append_new(cards, json_pack("{s:s,s:i}", newest ? "name" : "id",
                                                   newest ? entry->card->name : entry->card->id, "count",
                                                   entry->count));
        }
        json_t *root = json_pack("{s:s,s:o}", "name", deck->name, "cards", cards);
        char *text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        json_decref(root);
        if (!text) {
            bsk_error_set(error, BSK_ERR_NOMEM, "", "out of memory");
            return NULL;
        }
        text_buffer buffer = {0};
        append(&buffer, text);
        append(&buffer, "\n");
        free(text);
        *length = buffer.length;
        return buffer.data;
    }
    text_buffer buffer = {0};
    char line[BSK_CARD_NAME_MAX + BSK_DECK_NAME_MAX + 32];
    if (kind == BSK_DECKLIST_BRSD) {
        snprintf(line, sizeof line, "#%s%s\n", deck->name[0] ? " " : "", deck->name);
        append(&buffer, line);
    } else if (deck->name[0]) {
        snprintf(line, sizeof line, "# name: %s\n", deck->name);
        append(&buffer, line);
    }
    for (size_t i = 0; i < deck->count; i++) {
        const bsk_deck_entry *entry = &deck->entries[i];
        char what[BSK_CARD_NAME_MAX + 24];
        if (kind == BSK_DECKLIST_BRSD)
            snprintf(what, sizeof what, "%d", (int)entry->card->nxt_id);
        else
            entry_text(entry, pool, what, sizeof what);
        snprintf(line, sizeof line, "%d %s\n", entry->count, what);
        append(&buffer, line);
    }
    if (!buffer.data)
        append(&buffer, "");
    if (buffer.failed) {
        free(buffer.data);
        bsk_error_set(error, BSK_ERR_NOMEM, "", "out of memory");
        return NULL;
    }
    *length = buffer.length;
    return buffer.data;
}
