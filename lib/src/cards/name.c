/* name.c — card name normalisation (DESIGN §2) and UTF-8 helpers.
 * Every comparison of names goes through bsk_name_normalize, so "Ёж", "ёж" and "Еж"
 * are one name, as are "Бул'Багур" and "Бул’Багур", and "Гном - басаарг" and
 * "Гном-басаарг". Case folding covers Latin, Latin-1, Greek and Cyrillic, not just ASCII. */
#include "berserk/pool.h"
#include "name_internal.h"

#include <string.h>

#define REPLACEMENT_CHARACTER 0xFFFDu

/* Decodes one UTF-8 code point from s (length len > 0); stores its byte length.
 * Overlong forms, surrogates and values above U+10FFFF decode as U+FFFD, one byte. */
static uint32_t utf8_decode(const unsigned char *s, size_t len, size_t *used)
{
    uint32_t cp;
    size_t need;
    if (s[0] < 0x80) {
        *used = 1;
        return s[0];
    }
    if (s[0] >= 0xC2 && s[0] <= 0xDF) {
        need = 2;
        cp = s[0] & 0x1Fu;
    } else if (s[0] >= 0xE0 && s[0] <= 0xEF) {
        need = 3;
        cp = s[0] & 0x0Fu;
    } else if (s[0] >= 0xF0 && s[0] <= 0xF4) {
        need = 4;
        cp = s[0] & 0x07u;
    } else {
        *used = 1;
        return REPLACEMENT_CHARACTER;
    }
    if (len < need) {
        *used = 1;
        return REPLACEMENT_CHARACTER;
    }
    for (size_t i = 1; i < need; i++) {
        if ((s[i] & 0xC0) != 0x80) {
            *used = 1;
            return REPLACEMENT_CHARACTER;
        }
        cp = (cp << 6) | (s[i] & 0x3Fu);
    }
    if ((need == 3 && cp < 0x800) || (need == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF)) {
        *used = 1;
        return REPLACEMENT_CHARACTER;
    }
    *used = need;
    return cp;
}

static size_t utf8_encode(uint32_t cp, unsigned char *out)
{
    if (cp < 0x80) {
        out[0] = (unsigned char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (unsigned char)(0xC0 | (cp >> 6));
        out[1] = (unsigned char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (unsigned char)(0xE0 | (cp >> 12));
        out[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (unsigned char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (unsigned char)(0xF0 | (cp >> 18));
    out[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (unsigned char)(0x80 | (cp & 0x3F));
    return 4;
}

static uint32_t fold_case(uint32_t cp)
{
    if (cp >= 'A' && cp <= 'Z')
        return cp + 32;
    if (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7)
        return cp + 32;
    if (cp >= 0x391 && cp <= 0x3A9 && cp != 0x3A2)
        return cp + 32;
    if (cp >= 0x400 && cp <= 0x40F) /* Ѐ..Џ, including Ё */
        return cp + 80;
    if (cp >= 0x410 && cp <= 0x42F) /* А..Я */
        return cp + 32;
    if (((cp >= 0x460 && cp <= 0x481) || (cp >= 0x48A && cp <= 0x4BF)) && cp % 2 == 0)
        return cp + 1;
    return cp;
}

/* NFC for the composed Cyrillic letters, applied after case folding. Returns 0 when the
 * pair does not compose. */
static uint32_t compose(uint32_t base, uint32_t mark)
{
    if (mark == 0x308) { /* diaeresis */
        if (base == 0x435)
            return 0x451; /* е + ̈ = ё */
        if (base == 0x456)
            return 0x457; /* і + ̈ = ї */
    } else if (mark == 0x306) { /* breve */
        if (base == 0x438)
            return 0x439; /* и + ̆ = й */
        if (base == 0x443)
            return 0x45E; /* у + ̆ = ў */
    }
    return 0;
}

static bool is_space(uint32_t cp)
{
    return cp == ' ' || (cp >= 0x09 && cp <= 0x0D) || cp == 0xA0 || (cp >= 0x2000 && cp <= 0x200A) ||
           cp == 0x202F || cp == 0x205F || cp == 0x3000;
}

static bool is_ignorable(uint32_t cp)
{
    return cp == 0x200B || cp == 0xFEFF || cp == 0xAD || cp == 0x200C || cp == 0x200D;
}

static uint32_t map_punctuation(uint32_t cp)
{
    switch (cp) {
    case 0x2018: case 0x2019: case 0x201B: case 0x02BC: case 0x02B9: case 0x0060: case 0x00B4: case 0x2032:
        return '\'';
    case 0x2010: case 0x2011: case 0x2012: case 0x2013: case 0x2014: case 0x2212:
        return '-';
    default:
        return cp;
    }
}

typedef struct writer {
    char *out;
    size_t size;
    size_t length;  /* the whole result's length */
    size_t written; /* bytes actually in out */
    bool full;
} writer;

/* Writes whole characters only: once one does not fit, nothing more is written (a cut
 * result stays valid UTF-8), but the length still counts everything. */
static void emit(writer *w, uint32_t cp)
{
    unsigned char bytes[4];
    size_t n = utf8_encode(cp, bytes);
    if (!w->full && w->length + n < w->size)
        memcpy(w->out + w->length, bytes, n);
    else
        w->full = true;
    if (!w->full)
        w->written = w->length + n;
    w->length += n;
}

size_t bsk_name_normalize(const char *name, char *out, size_t out_size)
{
    writer w = {out, out_size, 0, 0, false};
    const unsigned char *s = (const unsigned char *)name;
    size_t len = strlen(name);
    size_t pos = 0;
    bool pending_space = false;
    bool any = false;
    uint32_t last = 0;

    while (pos < len) {
        size_t used;
        uint32_t cp = utf8_decode(s + pos, len - pos, &used);
        pos += used;
        if (is_ignorable(cp))
            continue;
        if (is_space(cp)) {
            if (any && last != '-')
                pending_space = true;
            continue;
        }
        cp = map_punctuation(fold_case(cp));
        /* Absorb the combining marks that compose with cp. Ignorable characters between
         * them are dropped first, and ё becomes е before each step, so that a second pass
         * over the result finds nothing left to compose (issue 10 item 12: idempotence). */
        for (size_t next = pos; next < len;) {
            if (cp == 0x451) /* ё = е */
                cp = 0x435;
            size_t mark_used;
            uint32_t mark = utf8_decode(s + next, len - next, &mark_used);
            next += mark_used;
            if (is_ignorable(mark))
                continue;
            uint32_t composed = compose(cp, mark);
            if (!composed)
                break;
            cp = composed;
            pos = next;
        }
        if (cp == 0x451)
            cp = 0x435;
        if (cp == '-')
            pending_space = false;
        else if (pending_space)
            emit(&w, ' ');
        pending_space = false;
        emit(&w, cp);
        last = cp;
        any = true;
    }
    if (out_size > 0)
        out[w.written] = '\0';
    return w.length;
}

bool bsk_name_equal(const char *a, const char *b)
{
    char na[BSK_CARD_NAME_MAX * 2], nb[BSK_CARD_NAME_MAX * 2];
    size_t la = bsk_name_normalize(a, na, sizeof na);
    size_t lb = bsk_name_normalize(b, nb, sizeof nb);
    return la == lb && la < sizeof na && memcmp(na, nb, la) == 0;
}

size_t bsk_utf8_width(const char *text)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t len = strlen(text), pos = 0, width = 0;
    while (pos < len) {
        size_t used;
        uint32_t cp = utf8_decode(s + pos, len - pos, &used);
        pos += used;
        if (!(cp >= 0x300 && cp <= 0x36F) && !is_ignorable(cp))
            width++;
    }
    return width;
}

/* Bytes in the sequence a lead byte starts (1 for ASCII and for bytes no sequence starts with). */
static size_t sequence_length(unsigned char lead)
{
    if (lead >= 0xF0 && lead <= 0xF4)
        return 4;
    if (lead >= 0xE0 && lead <= 0xEF)
        return 3;
    if (lead >= 0xC2 && lead <= 0xDF)
        return 2;
    return 1;
}

static bool is_continuation(unsigned char byte)
{
    return (byte & 0xC0) == 0x80;
}

size_t bsk_utf8_copy(char *dst, size_t size, const char *src)
{
    if (size == 0)
        return 0;
    size_t length = 0;
    while (length < size && src[length]) /* never reads past what could be kept */
        length++;
    if (length == size) {
        length = size - 1;
        /* src[length] is the first byte left out: when it continues a character, the
         * character's lead byte and its other bytes go too */
        size_t lead = length;
        while (lead > 0 && length - lead < 3 && is_continuation((unsigned char)src[lead]))
            lead--;
        if (is_continuation((unsigned char)src[length]) && !is_continuation((unsigned char)src[lead]) &&
            sequence_length((unsigned char)src[lead]) > length - lead)
            length = lead;
    }
    memcpy(dst, src, length);
    dst[length] = '\0';
    return length;
}

size_t bsk_utf8_repair(char *dst, size_t size, const char *src)
{
    const unsigned char *s = (const unsigned char *)src;
    size_t len = strlen(src), pos = 0, written = 0;
    if (size == 0)
        return 0;
    while (pos < len) {
        size_t used;
        unsigned char bytes[4];
        size_t n = utf8_encode(utf8_decode(s + pos, len - pos, &used), bytes);
        if (written + n >= size)
            break;
        memcpy(dst + written, bytes, n);
        written += n;
        pos += used;
    }
    dst[written] = '\0';
    return written;
}

size_t bsk_utf8_trim_cut(char *text)
{
    size_t length = strlen(text);
    size_t lead = length;
    while (lead > 0 && length - lead < 4 && is_continuation((unsigned char)text[lead - 1]))
        lead--;
    if (lead > 0 && sequence_length((unsigned char)text[lead - 1]) > length - lead + 1) {
        length = lead - 1;
        text[length] = '\0';
    }
    return length;
}

bool bsk_utf8_find_control(const char *text, size_t length, bool allow_tab, uint32_t *found)
{
    const unsigned char *s = (const unsigned char *)text;
    for (size_t i = 0; i < length; i++) {
        uint32_t cp = s[i];
        if (cp == 0xC2 && i + 1 < length && s[i + 1] >= 0x80 && s[i + 1] <= 0x9F)
            cp = s[i + 1]; /* U+0080..U+009F is C2 80..C2 9F */
        else if (cp >= 0x20 && cp != 0x7F)
            continue;
        if (cp == '\t' && allow_tab)
            continue;
        *found = cp;
        return true;
    }
    return false;
}

/* Decodes up to max code points; returns how many. */
static size_t decode_all(const char *text, uint32_t *out, size_t max)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t len = strlen(text), pos = 0, count = 0;
    while (pos < len && count < max) {
        size_t used;
        out[count++] = utf8_decode(s + pos, len - pos, &used);
        pos += used;
    }
    return count;
}

size_t bsk_name_distance(const char *a, const char *b)
{
    uint32_t x[BSK_CARD_NAME_MAX], y[BSK_CARD_NAME_MAX];
    size_t row[BSK_CARD_NAME_MAX + 1];
    size_t n = decode_all(a, x, BSK_CARD_NAME_MAX), m = decode_all(b, y, BSK_CARD_NAME_MAX);
    for (size_t j = 0; j <= m; j++)
        row[j] = j;
    for (size_t i = 1; i <= n; i++) {
        size_t diagonal = row[0];
        row[0] = i;
        for (size_t j = 1; j <= m; j++) {
            size_t above = row[j];
            size_t best = diagonal + (x[i - 1] != y[j - 1]);
            if (above + 1 < best)
                best = above + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diagonal = above;
        }
    }
    return row[m];
}

size_t name_decode(const char *text, uint32_t *out, size_t max) { return decode_all(text, out, max); }

/* Rows over b's code points, decoded as they are reached (decode_all's reading: a NUL is no
 * continuation byte, so a sequence cut by the end decodes as one replacement), columns over x.
 * Only the band |i - j| <= bound is computed (a cell outside it is past the bound: each step off
 * the diagonal costs one), and the rows stop once a whole band is past the bound. */
/* Built for libFuzzer, every comparison of this loop would be a call to the comparison tracer: a
 * name's suggestions (a distance to each of ~3,500 catalogue names, for up to 20 names a file) then
 * took most of the decklist targets' time (issue 20 §3). The loop is arithmetic with no branch
 * worth steering a fuzzer by; it still runs under ASan and UBSan, and fuzz_name_normalise checks
 * it against bsk_name_distance. */
#if defined(__clang__)
__attribute__((no_sanitize("coverage")))
#endif
size_t name_distance_decoded(const uint32_t *x, size_t n, const char *b, size_t bound)
{
    const size_t past = bound + 1;
    if (n > bound && strlen(b) < n - bound) /* b has at most strlen(b) code points */
        return past;
    const unsigned char *s = (const unsigned char *)b;
    size_t row[BSK_CARD_NAME_MAX + 1];
    for (size_t j = 0; j <= n; j++)
        row[j] = j <= bound ? j : past;
    size_t i = 0;
    for (size_t pos = 0; s[pos] && i < BSK_CARD_NAME_MAX;) {
        size_t used = 1;
        uint32_t cp;
        if (s[pos] < 0x80)
            cp = s[pos];
        else if (s[pos] >= 0xC2 && s[pos] <= 0xDF && (s[pos + 1] & 0xC0) == 0x80) /* Cyrillic: as utf8_decode */
            cp = ((s[pos] & 0x1Fu) << 6) | (s[pos + 1] & 0x3Fu), used = 2;
        else
            cp = utf8_decode(s + pos, 4, &used);
        pos += used;
        i++;
        size_t lo = i > bound ? i - bound : 0, hi = i + bound < n ? i + bound : n;
        if (lo > n) /* the band has left x: every cell of this row is past the bound */
            return past;
        size_t diagonal = lo > 0 ? row[lo - 1] : 0, smallest = past;
        if (lo > 0)
            row[lo - 1] = past; /* left of the band */
        for (size_t j = lo; j <= hi; j++) {
            size_t above = row[j], best;
            if (j == 0) {
                best = i;
            } else {
                best = diagonal + (x[j - 1] != cp);
                if (above + 1 < best)
                    best = above + 1;
                if (row[j - 1] + 1 < best)
                    best = row[j - 1] + 1;
            }
            row[j] = best;
            diagonal = above;
            if (best < smallest)
                smallest = best;
        }
        if (smallest > bound) /* a row never goes below its smallest entry again */
            return past;
    }
    return row[n];
}

size_t bsk_name_distance_within(const char *a, const char *b, size_t bound)
{
    uint32_t x[BSK_CARD_NAME_MAX];
    size_t n = decode_all(a, x, BSK_CARD_NAME_MAX);
    return name_distance_decoded(x, n, b, bound);
}

bool bsk_card_same_name(const bsk_card *a, const bsk_card *b)
{
    if (a->name_id && b->name_id)
        return a->name_id == b->name_id;
    return bsk_name_equal(a->name, b->name);
}
