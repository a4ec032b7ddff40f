/* decklist.c — decklist files (DESIGN §4 "Decklist formats") into bsk_deck and back:
 * plain text and ProBerserk TXT (`COUNT NAME`, `COUNTx NAME`, `COUNT SET-NUMBER`,
 * `COUNT NXT-ID`, `COUNT NAME [SET]`, `#` comments, `# name:` / `# deck title:`),
 * berserk-nxt .brsd (first `#` line is the name, entries `COUNT NXT-ID`) and JSON.
 * Every line that is not understood becomes a parse_error with its line number; an
 * unknown name becomes unknown_card with up to three suggestions. Nothing is dropped. */
#include "file_read.h"
#include "formats.h"
#include "json_reader.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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

typedef struct parse_state {
    const char *file;
    bsk_pool *pool;
    const bsk_format *format;
    bsk_deck *deck;
    bsk_deck_report *report;
    bsk_error *error;
} parse_state;

static void parse_error(parse_state *state, int line, int count, const char *format_text, const char *detail)
{
    bsk_deck_issue *issue = bsk_deck_report_add(state->report, "parse_error", "decklist.syntax");
    if (!issue)
        return;
    issue->line = line;
    issue->count = count;
    if (line > 0) {
        issue->line_count = 1;
        issue->lines[0] = line;
    }
    if (snprintf(issue->message, sizeof issue->message, format_text, detail) >= (int)sizeof issue->message)
        issue->message[sizeof issue->message - 2] = '~'; /* mark a cut message */
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

static void unknown_card(parse_state *state, int line, int count, const char *text, const char *why)
{
    bsk_deck_issue *issue = bsk_deck_report_add(state->report, "unknown_card", "decklist.card");
    if (!issue)
        return;
    snprintf(issue->card, sizeof issue->card, "%s", text);
    issue->count = count;
    issue->line = line;
    if (line > 0) {
        issue->line_count = 1;
        issue->lines[0] = line;
    }
    issue->suggestion_count = 0;
    if (why) {
        snprintf(issue->message, sizeof issue->message, "%s", why);
        return;
    }
    const bsk_card *suggestions[3];
    size_t found = bsk_pool_suggest(state->pool, text, suggestions, 3);
    for (size_t i = 0; i < found; i++)
        snprintf(issue->suggestions[issue->suggestion_count++], sizeof issue->suggestions[0], "%s",
                 suggestions[i]->name);
    snprintf(issue->message, sizeof issue->message, "no card named \"%s\"%s%s", text,
             found ? "; did you mean " : "", found ? suggestions[0]->name : "");
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

static bool all_digits(const char *text)
{
    if (!*text)
        return false;
    for (; *text; text++)
        if (*text < '0' || *text > '9')
            return false;
    return true;
}

/* Resolves what follows the count: an id, an nxt id, NAME [SET] or a name. */
static void add_entry(parse_state *state, int line, int count, char *what, bool nxt_only)
{
    bsk_deck_entry entry;
    memset(&entry, 0, sizeof entry);
    entry.count = count;
    entry.line = line;
    snprintf(entry.text, sizeof entry.text, "%s", what);
    size_t length = strlen(what);
    if (nxt_only) {
        if (!all_digits(what) || length > 9) {
            parse_error(state, line, count, "expected COUNT NXT-ID (a .brsd line), got \"%.200s\"", what);
            return;
        }
        entry.pinned = true;
        entry.card = bsk_pool_find_nxt_id(state->pool, (int32_t)strtol(what, NULL, 10));
        if (!entry.card)
            unknown_card(state, line, count, what, "no card with this nxt id");
    } else if (length > 2 && what[length - 1] == ']' && strchr(what, '[')) {
        char *open = strrchr(what, '[');
        what[length - 1] = '\0';
        char *set_id = trim(open + 1);
        *open = '\0';
        char *name = trim(what);
        entry.pinned = true;
        entry.card = printing_in_set(state->pool, name, set_id);
        if (!entry.card) {
            char why[BSK_ISSUE_MESSAGE_MAX];
            if (bsk_pool_resolve(state->pool, name))
                snprintf(why, sizeof why, "%.120s has no printing in set \"%.16s\"", name, set_id);
            else
                snprintf(why, sizeof why, "no card named \"%.120s\"", name);
            unknown_card(state, line, count, entry.text, why);
            if (!bsk_pool_resolve(state->pool, name)) { /* still offer suggestions for the name */
                bsk_deck_issue *issue = &state->report->items[state->report->count - 1];
                const bsk_card *suggestions[3];
                size_t found = bsk_pool_suggest(state->pool, name, suggestions, 3);
                for (size_t i = 0; i < found; i++)
                    snprintf(issue->suggestions[issue->suggestion_count++], sizeof issue->suggestions[0], "%s",
                             suggestions[i]->name);
            }
        }
    } else if ((entry.card = bsk_pool_find_id(state->pool, what))) {
        entry.pinned = true;
    } else if (all_digits(what)) {
        entry.pinned = true;
        entry.card = length <= 9 ? bsk_pool_find_nxt_id(state->pool, (int32_t)strtol(what, NULL, 10)) : NULL;
        if (!entry.card)
            unknown_card(state, line, count, what, "no card with this nxt id");
    } else {
        entry.card = bsk_deck_resolve(state->pool, what, state->format);
        if (!entry.card)
            unknown_card(state, line, count, what, NULL);
    }
    if (bsk_deck_add(state->deck, &entry, state->error))
        parse_error(state, line, count, "%s", state->error->message);
}

/* `COUNT`, `COUNTx` (Latin or Cyrillic x) followed by white space. Returns the text
 * after it, or NULL; stores the count (or BSK_UNSET when there is no number). */
static char *read_count(char *line, int *count)
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
    *count = digits ? (int)value : BSK_UNSET;
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

static void parse_line(parse_state *state, char *raw, size_t length, int number, bool brsd, bool *named)
{
    char buffer[BSK_DECK_LINE_MAX + 1];
    if (length > BSK_DECK_LINE_MAX) {
        char detail[32];
        snprintf(detail, sizeof detail, "%zu", length);
        parse_error(state, number, BSK_UNSET, "line of %s bytes is longer than the 4096-byte limit", detail);
        return;
    }
    memcpy(buffer, raw, length);
    buffer[length] = '\0';
    if (!valid_utf8((const unsigned char *)buffer, length)) {
        parse_error(state, number, BSK_UNSET, "%s", "invalid UTF-8 in this line");
        return;
    }
    for (size_t i = 0; i < length; i++)
        if ((unsigned char)buffer[i] < 0x20 && buffer[i] != '\t') {
            parse_error(state, number, BSK_UNSET, "%s", "control character in this line");
            return;
        }
    char *line = trim(buffer);
    if (!*line)
        return;
    if (line[0] == '#') {
        const char *name = brsd ? trim(line + 1) : deck_name_comment(line);
        if (name && !*named) {
            snprintf(state->deck->name, sizeof state->deck->name, "%s", name);
            *named = true;
        }
        if (brsd)
            *named = true; /* only the first # line of a .brsd names the deck */
        return;
    }
    int count;
    char *what = read_count(line, &count);
    if (!what || !*what) {
        parse_error(state, number, count, brsd ? "expected COUNT NXT-ID, got \"%.200s\""
                                               : "expected COUNT NAME (or COUNT SET-NUMBER, COUNT NXT-ID), got \"%.200s\"",
                    line);
        return;
    }
    if (count < 1 || count > BSK_DECK_MAX_COUNT) {
        char detail[24];
        snprintf(detail, sizeof detail, "%d", count);
        parse_error(state, number, count, "count %s is out of range 1..99", detail);
        return;
    }
    add_entry(state, number, count, what, brsd);
}

static void parse_lines(parse_state *state, const char *data, size_t length, bool brsd)
{
    size_t position = 0;
    int number = 0;
    bool named = false;
    if (length >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0)
        position = 3; /* UTF-8 byte order mark */
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
    if (json_is_string(name))
        snprintf(state->deck->name, sizeof state->deck->name, "%s", json_string_value(name));
    else if (name && !json_is_null(name))
        parse_error(state, 0, BSK_UNSET, "%s", "name: expected string");
    for (size_t i = 0; i < json_array_size(cards); i++) {
        const json_t *item = json_array_get(cards, i);
        char path[48];
        snprintf(path, sizeof path, "cards[%zu]", i);
        const json_t *count = json_object_get(item, "count");
        const json_t *by_name = json_object_get(item, "name");
        const json_t *by_id = json_object_get(item, "id");
        const json_t *by_nxt = json_object_get(item, "nxt_id");
        int keys = (by_name != NULL) + (by_id != NULL) + (by_nxt != NULL);
        if (!json_is_object(item) || keys != 1) {
            parse_error(state, 0, BSK_UNSET, "%s: expected an object with one of \"name\", \"id\", \"nxt_id\"", path);
            continue;
        }
        int n = json_is_integer(count) ? (int)json_integer_value(count) : BSK_UNSET;
        if (!json_is_integer(count) || json_integer_value(count) < 1 ||
            json_integer_value(count) > BSK_DECK_MAX_COUNT) {
            /* a count is echoed only within ±999999; no llabs: it is undefined for -2^63 */
            bool echo = json_is_integer(count) && json_integer_value(count) > -1000000 &&
                        json_integer_value(count) < 1000000;
            parse_error(state, 0, echo ? n : BSK_UNSET, "%s.count: expected an integer 1..99", path);
            continue;
        }
        char what[BSK_CARD_NAME_MAX];
        if (by_nxt && json_is_integer(by_nxt)) {
            snprintf(what, sizeof what, "%lld", (long long)json_integer_value(by_nxt));
        } else if ((by_name && json_is_string(by_name)) || (by_id && json_is_string(by_id))) {
            const char *text = json_string_value(by_name ? by_name : by_id);
            if (strlen(text) >= sizeof what) {
                parse_error(state, 0, n, "%s: name longer than 127 bytes", path);
                continue;
            }
            snprintf(what, sizeof what, "%s", text);
        } else {
            parse_error(state, 0, n, "%s: \"name\"/\"id\" must be a string, \"nxt_id\" an integer", path);
            continue;
        }
        char *trimmed = trim(what);
        if (!*trimmed) {
            parse_error(state, 0, n, "%s: empty name", path);
            continue;
        }
        add_entry(state, 0, n, trimmed, by_nxt != NULL);
    }
    json_decref(root);
    return BSK_OK;
}

bsk_status bsk_decklist_parse(const char *data, size_t length, bsk_decklist_kind kind, const char *file,
                              bsk_pool *pool, const bsk_format *format, bsk_deck *deck, bsk_deck_report *report,
                              bsk_error *error)
{
    parse_state state = {file, pool, format, deck, report, error};
    if (length > BSK_DECK_FILE_MAX) {
        bsk_error_clear(error);
        bsk_error_set_file(error, file);
        return bsk_error_set(error, BSK_ERR_LIMIT, "decklist.size", "%zu bytes is over the 1 MB decklist limit",
                             length);
    }
    if (kind == BSK_DECKLIST_JSON)
        return parse_json(&state, data, length);
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
