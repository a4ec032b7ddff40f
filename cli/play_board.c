/* play_board.c — the table `berserk play` and `berserk replay --step` draw (cli/play_board.h, issue 13):
 * a screen of lines built within the terminal's columns (UTF-8 counted by code point, escapes take
 * none), holding the header, the 5×6 grid or the recruitment panel, the players' zones, a legend, the
 * last events with their dice and the status line; and `show PLACE`, every fact of one card. What a
 * viewer may not see (the other side's face-down cards, deal and takes) is masked here. */
#include "play_board.h"

#include "cli.h"
#include "name_cut.h"
#include "play_command.h"

#include "berserk/board.h"
#include "berserk/recruit.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- Lines within a width ---- */

enum {
    BOARD_COLUMNS_MAX = 240, /* wider terminals get this much */
    BOARD_LINES_MAX = 120,   /* taller ones this many lines */
    LINE_BYTES = 2048,       /* 240 columns of 4-byte characters, and the escapes */
    POOL_LINES = 256,
    CELL_WIDTH_MAX = 24,     /* a grid cell's columns, gap included */
    EVENT_COLUMN = 40        /* the columns of one event column */
};

/* One screen line: its bytes, the columns it shows, and the columns it may show. */
typedef struct line {
    char text[LINE_BYTES];
    size_t length;
    int columns;
    int limit;
    bool color;
    bool styled; /* an SGR sequence is in effect */
} line;

static void line_init(line *l, int limit, bool color)
{
    l->text[0] = '\0';
    l->length = 0;
    l->columns = 0;
    l->limit = limit < 0 ? 0 : limit;
    l->color = color;
    l->styled = false;
}

/* Appends raw bytes (an escape sequence) when they fit, keeping room for the closing reset. */
static bool line_bytes(line *l, const char *bytes, size_t n)
{
    if (l->length + n + 8 >= LINE_BYTES)
        return false;
    memcpy(l->text + l->length, bytes, n);
    l->length += n;
    l->text[l->length] = '\0';
    return true;
}

/* Appends at most `max` columns of UTF-8 text (and never past the line's limit), cut on a
 * character boundary; a control character shows as '?'. Returns the columns written. */
static int line_put_max(line *l, const char *text, int max)
{
    int written = 0;
    const unsigned char *p = (const unsigned char *)text;
    while (*p && written < max && l->columns < l->limit) {
        size_t n = *p < 0x80 ? 1 : (*p & 0xE0) == 0xC0 ? 2 : (*p & 0xF0) == 0xE0 ? 3 : (*p & 0xF8) == 0xF0 ? 4 : 1;
        size_t have = 1;
        while (have < n && (p[have] & 0xC0) == 0x80)
            have++;
        if (have < n || (n == 1 && (*p < 0x20 || *p == 0x7F || *p >= 0x80))) {
            if (!line_bytes(l, "?", 1)) /* a control byte or broken UTF-8 */
                break;
            p += have;
        } else {
            if (!line_bytes(l, (const char *)p, n))
                break;
            p += n;
        }
        l->columns++;
        written++;
    }
    return written;
}

static int line_put(line *l, const char *text)
{
    return line_put_max(l, text, l->limit);
}

/* A card name in at most `max` columns, cut after a whole word with "…" (cli_name_cut). Returns the
 * columns written. */
static int line_put_name(line *l, const char *name, int max)
{
    int room = l->limit - l->columns < max ? l->limit - l->columns : max;
    char cut[LINE_BYTES];
    cli_name_cut(name, room, cut, sizeof cut);
    return line_put_max(l, cut, room);
}

static void line_printf(line *l, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void line_printf(line *l, const char *format, ...)
{
    char text[1024];
    va_list args;
    va_start(args, format);
    vsnprintf(text, sizeof text, format, args);
    va_end(args);
    line_put(l, text);
}

/* An SGR style ("1;36") from here on; nothing at all without colour. */
static void line_style(line *l, const char *sgr)
{
    if (!l->color || !sgr)
        return;
    char escape[32];
    int n = snprintf(escape, sizeof escape, "\033[%sm", sgr);
    if (n > 0 && line_bytes(l, escape, (size_t)n))
        l->styled = true;
}

static void line_plain(line *l)
{
    if (!l->styled)
        return;
    memcpy(l->text + l->length, "\033[0m", 5); /* line_bytes kept room for it */
    l->length += 4;
    l->styled = false;
}

static void line_pad(line *l, int column)
{
    while (l->columns < column && l->columns < l->limit && line_bytes(l, " ", 1))
        l->columns++;
}

/* Appends a finished line (its styles closed) when it fits whole. */
static void line_append(line *l, const line *other)
{
    if (l->columns + other->columns > l->limit)
        return;
    line_plain(l);
    if (line_bytes(l, other->text, other->length))
        l->columns += other->columns;
}

static void line_emit(FILE *out, line *l)
{
    line_plain(l);
    while (l->length > 0 && l->text[l->length - 1] == ' ')
        l->length--;
    fwrite(l->text, 1, l->length, out);
    fputc('\n', out);
}


/* A list of lines from the screen's pool; lines past the pool go to a spare one, never shown. */
typedef struct section {
    line *items[BOARD_LINES_MAX];
    int count;
} section;

typedef struct screen {
    line pool[POOL_LINES];
    int used;
    line spare;
} screen;

static line *section_add(screen *s, section *list, int limit, bool color)
{
    line *l = s->used < POOL_LINES && list->count < BOARD_LINES_MAX ? &s->pool[s->used++] : &s->spare;
    line_init(l, limit, color);
    if (l != &s->spare)
        list->items[list->count++] = l;
    return l;
}

/* ---- What the viewer sees ---- */

typedef struct board {
    const bsk_match *m;
    const bsk_card_table *cards;
    const play_board_options *options;
    int viewer;
    bool color;
    int width;
    screen *screen;
} board;

static const bsk_card *unit_card(const board *b, int unit)
{
    return b->cards->entries[b->m->units[unit].slot].card;
}

/* The viewer sees a card face up: everything with viewer 0, the own cards, the revealed ones. */
static bool sees(const board *b, int unit)
{
    const bsk_unit *u = &b->m->units[unit];
    return b->viewer == 0 || u->owner == b->viewer || !(u->flags & BSK_UNIT_HIDDEN) ||
           bsk_match_result_get(b->m)->over;
}

/* Owner colours: player 1 cyan, player 2 yellow; tapped cards dim. */
static const char *owner_style(int player, bool dim)
{
    if (player == 1)
        return dim ? "2;36" : "1;36";
    if (player == 2)
        return dim ? "2;33" : "1;33";
    return NULL;
}

static void put_player(const board *b, line *l, int player)
{
    line_style(l, owner_style(player, false));
    line_printf(l, "%d", player);
    const char *label = player >= 1 && player <= 2 ? b->options->labels[player - 1] : NULL;
    if (label && *label) {
        line_put(l, " ");
        line_put(l, label);
    }
    line_plain(l);
}

/* The unit seated on `host` (211.9), -1. */
static int symbiote_of(const bsk_match *m, int host)
{
    for (int i = 0; i < m->unit_count; i++)
        if (m->units[i].host == host && m->units[i].zone == BSK_ZONE_BATTLEFIELD)
            return i;
    return -1;
}

/* "L7 w2 T H c1 p2 S": life, wounds, tapped, face down (the viewer's own), counters, poison, a
 * seated symbiote. */
static void unit_stats(const board *b, int unit, bool brief, char *out, size_t size)
{
    const bsk_unit *u = &b->m->units[unit];
    size_t used = 0;
    out[0] = '\0';
#define STAT(...)                                                                                                  \
    do {                                                                                                           \
        int n_ = snprintf(out + used, size - used, __VA_ARGS__);                                                  \
        used += n_ > 0 && (size_t)n_ < size - used ? (size_t)n_ : 0;                                              \
    } while (0)
    if (b->cards->entries[u->slot].life >= 0 || u->wounds)
        STAT("L%d", bsk_match_unit_life(b->m, b->cards, unit));
    if (u->wounds && !brief)
        STAT("%sw%d", used ? " " : "", u->wounds);
    if (u->flags & BSK_UNIT_TAPPED)
        STAT("%sT", used && !brief ? " " : "");
    if (brief)
        return;
    if (u->flags & BSK_UNIT_HIDDEN)
        STAT("%sH", used ? " " : "");
    if (u->counters)
        STAT("%sc%d", used ? " " : "", u->counters);
    if (u->poison)
        STAT("%sp%d", used ? " " : "", u->poison);
    if (u->zone == BSK_ZONE_BATTLEFIELD && u->host < 0 && symbiote_of(b->m, unit) >= 0)
        STAT("%sS", used ? " " : "");
#undef STAT
}

/* ---- The grid (DESIGN §2: rows 6..1 top to bottom, columns a..e) ---- */

/* One cell: the name line and the stats line (two_lines), or both in one. */
static void put_cell(const board *b, line *name_line, line *stats_line, int cell, int content)
{
    int unit = bsk_match_unit_at(b->m, cell);
    if (unit < 0) {
        line_style(name_line, "2");
        line_put_max(name_line, ".", content);
        line_plain(name_line);
        return;
    }
    const bsk_unit *u = &b->m->units[unit];
    bool visible = sees(b, unit), tapped = (u->flags & BSK_UNIT_TAPPED) != 0;
    char stats[64] = "";
    if (visible)
        unit_stats(b, unit, stats_line == NULL, stats, sizeof stats);
    const char *name = visible ? unit_card(b, unit)->name : "(face down)";
    const char *style = owner_style(u->owner, tapped);
    if (!stats_line) { /* one line: owner digit without colour, the name cut, life and T */
        int left = content;
        line_style(name_line, style);
        if (!b->color) {
            line_printf(name_line, "%d", u->owner);
            left--;
        }
        int room = left - (stats[0] ? cli_text_columns(stats) + 1 : 0);
        left -= line_put_name(name_line, name, room > 1 ? room : 1);
        if (stats[0] && left > 1) {
            line_put(name_line, " ");
            line_put_max(name_line, stats, left - 1);
        }
        line_plain(name_line);
        return;
    }
    line_style(name_line, style);
    line_put_name(name_line, name, content);
    line_plain(name_line);
    line_style(stats_line, style);
    char owner[16] = "";
    if (!b->color) /* a no-colour screen tells the owners apart by a digit */
        snprintf(owner, sizeof owner, "%d ", u->owner % 10);
    int left = content - line_put_max(stats_line, owner, content);
    line_put_max(stats_line, visible ? stats : "?", left);
    line_plain(stats_line);
}

static void grid_section(const board *b, section *out, int limit, int cell_width, bool two_lines)
{
    int content = cell_width - 1;
    for (int row = 6; row >= 1; row--) {
        line *a = section_add(b->screen, out, limit, b->color);
        line *s = two_lines ? section_add(b->screen, out, limit, b->color) : NULL;
        line_style(a, "1");
        line_printf(a, "%d", row);
        line_plain(a);
        for (int column = 0; column < 5; column++) {
            line_pad(a, 2 + column * cell_width);
            if (s)
                line_pad(s, 2 + column * cell_width);
            put_cell(b, a, s, (row - 1) * 5 + column, content);
        }
    }
    line *labels = section_add(b->screen, out, limit, b->color);
    line_style(labels, "1");
    for (int column = 0; column < 5; column++) {
        line_pad(labels, 2 + column * cell_width);
        line_printf(labels, "%c", 'a' + column);
    }
    line_plain(labels);
}

/* ---- The players' zones ---- */

static int zone_count(const bsk_match *m, int player, int zone)
{
    int n = 0;
    for (int i = 0; i < m->unit_count; i++)
        n += m->units[i].owner == player && m->units[i].zone == zone;
    return n;
}

/* Wraps items after a head line: an item that does not fit goes to a new line indented by 4. */
typedef struct wrap {
    const board *b;
    section *out;
    int limit;
    line *current;
    bool first_item;
} wrap;

static void wrap_item(wrap *w, const char *text, const char *style)
{
    int need = cli_text_columns(text) + (w->first_item ? 1 : 2);
    if (w->current->columns + need > w->limit && w->current->columns > 4) {
        w->current = section_add(w->b->screen, w->out, w->limit, w->b->color);
        line_pad(w->current, 4);
        w->first_item = true;
    }
    line_put(w->current, w->first_item ? " " : ", ");
    w->first_item = false;
    line_style(w->current, style);
    line_put(w->current, text);
    line_plain(w->current);
}

/* Per player: deck, graveyard and extra-zone counts, then the extra zone's cards (1x1 …), seated
 * symbiotes and, while placing, the squad still to place. */
static void side_player(const board *b, section *out, int limit, int player)
{
    const bsk_match *m = b->m;
    line *head = section_add(b->screen, out, limit, b->color);
    put_player(b, head, player);
    int extra = zone_count(m, player, BSK_ZONE_EXTRA), exile = zone_count(m, player, BSK_ZONE_EXILE);
    line_printf(head, "  deck %d  grave %d  extra %d", m->sides[player - 1].deck_count,
                zone_count(m, player, BSK_ZONE_GRAVEYARD), extra);
    if (exile)
        line_printf(head, "  exile %d", exile);
    int to_place = 0;
    for (int i = 0; i < m->unit_count; i++)
        to_place += m->units[i].owner == player && m->units[i].zone == BSK_ZONE_DECK &&
                    (m->units[i].flags & BSK_UNIT_IN_SQUAD) && m->phase <= BSK_PHASE_PLACE;
    if (to_place)
        line_printf(head, "  to place %d", to_place);
    wrap w = {b, out, limit, head, true};
    if (extra || (to_place && (b->viewer == 0 || b->viewer == player)))
        line_put(head, ":");
    /* the extra zone in the order of its places (DESIGN §2: 1x1, 1x2, … as the cards entered) */
    for (int last = -1;;) { /* ordered by (extra_order, unit) */
        int i = -1, key = 0;
        for (int k = 0; k < m->unit_count; k++) {
            const bsk_unit *c = &m->units[k];
            int at = c->extra_order * BSK_MATCH_UNITS_MAX + k;
            if (c->owner == player && c->zone == BSK_ZONE_EXTRA && at > last && (i < 0 || at < key)) {
                i = k;
                key = at;
            }
        }
        if (i < 0)
            break;
        last = key;
        char place[8], stats[64] = "", item[BSK_CARD_NAME_MAX + 80];
        bsk_match_unit_place(m, i, place);
        bool visible = sees(b, i);
        if (visible)
            unit_stats(b, i, false, stats, sizeof stats);
        snprintf(item, sizeof item, "%s %s%s%s", place, visible ? unit_card(b, i)->name : "(face down)",
                 stats[0] ? " " : "", stats);
        wrap_item(&w, item, (m->units[i].flags & BSK_UNIT_TAPPED) ? "2" : NULL);
    }
    for (int i = 0; i < m->unit_count; i++) {
        const bsk_unit *u = &m->units[i];
        if (u->owner != player || u->zone != BSK_ZONE_BATTLEFIELD || (u->host < 0 && m->at[u->cell] == i))
            continue; /* listed here: seated symbiotes (c3s), a cell's second card (c3i, 524.2) */
        char place[8], stats[64] = "", item[BSK_CARD_NAME_MAX + 80];
        bsk_match_unit_place(m, i, place);
        if (sees(b, i))
            unit_stats(b, i, false, stats, sizeof stats);
        snprintf(item, sizeof item, "%s %s%s%s", place, sees(b, i) ? unit_card(b, i)->name : "(face down)",
                 stats[0] ? " " : "", stats);
        wrap_item(&w, item, NULL);
    }
    bool own = b->viewer == 0 || b->viewer == player; /* the other side's squad is counted only */
    for (int i = 0; to_place && own && i < m->unit_count; i++) {
        const bsk_unit *u = &m->units[i];
        if (u->owner == player && u->zone == BSK_ZONE_DECK && (u->flags & BSK_UNIT_IN_SQUAD))
            wrap_item(&w, unit_card(b, i)->name, NULL);
    }
}

/* ---- The recruitment panel (402.4, 403) ---- */

/* "for", "mou+" (a second element), "neu". */
static void element_short(uint8_t elements, char out[8])
{
    int first = -1, count = 0;
    for (int e = 0; e < BSK_ELEMENT_COUNT; e++)
        if (elements & (1u << e)) {
            count++;
            if (first < 0)
                first = e;
        }
    snprintf(out, 8, "%.3s%s", first < 0 ? "neutral" : bsk_element_id(first), count > 1 ? "+" : "");
}

/* One deal card: "12*Снайпер Керсам   5g dar fly" in `width` columns. */
static void deal_entry(const board *b, line *l, int player, int position, int width, const bsk_recruit *r)
{
    const bsk_match_side *side = &b->m->sides[player - 1];
    const bsk_card_entry *e = &b->cards->entries[side->deal[position]];
    bool taken = r->squad_index[position] >= 0;
    bool asked = b->m->phase == BSK_PHASE_RECRUIT && bsk_match_to_act(b->m) == player;
    bool can_take = asked && (side->can_take & (1u << position));
    int start = l->columns;
    line_style(l, taken ? owner_style(player, false) : asked && !can_take ? "2" : NULL);
    line_printf(l, "%2d%c", position + 1, taken ? '*' : ' ');
    int name_width = width - 3 - 13;
    line_put_name(l, e->card->name, name_width > 1 ? name_width : 1);
    char element[8];
    element_short(e->elements, element);
    line_pad(l, start + width - 13);
    line_printf(l, " %2d%s%c %-4s %s", e->cost, (e->flags & BSK_ENTRY_COST_X) ? "X" : "",
                (e->flags & BSK_ENTRY_ELITE) ? 'g' : 's', element, e->subtype == BSK_SUBTYPE_FLYER ? "fly" : "");
    line_plain(l);
}

/* A player's panel: a title, crystals, flyer budget and elements, the deal in columns; or, for the
 * other side of a hot-seat view, the counts only. */
static void recruit_player(const board *b, section *out, int width, int player, bool full)
{
    const bsk_match *m = b->m;
    const bsk_match_side *side = &m->sides[player - 1];
    line *title = section_add(b->screen, out, width, b->color);
    put_player(b, title, player);
    const char *state = m->phase == BSK_PHASE_REDEAL ? (side->redeal_done ? "keeps the deal" : "keep or redeal")
                        : side->recruit_done         ? "recruited"
                                                     : "recruiting";
    line_printf(title, "  %s%s", state, bsk_match_to_act(m) == player ? " (to act)" : "");
    if (!full) {
        line *counts = section_add(b->screen, out, width, b->color);
        line_printf(counts, "  deal %d card%s, %d taken, redeals %d", side->deal_count,
                    side->deal_count == 1 ? "" : "s", side->taken_count, side->redeals);
        return;
    }
    bsk_recruit r;
    bsk_match_recruit_state(m, b->cards, player, &r);
    line *crystals = section_add(b->screen, out, width, b->color);
    line_printf(crystals, "  left %d gold %d silver  flyers %d/%d  cards %d/%d", r.gold, r.silver, r.flyer_crystals,
                r.params.flyer_budget, r.squad_count, r.cells);
    if (r.redeals)
        line_printf(crystals, "  redeals %d", r.redeals);
    line *elements = section_add(b->screen, out, width, b->color);
    line_put(elements, "  elements:");
    int shown = 0;
    for (int e = 0; e < BSK_ELEMENT_COUNT; e++)
        if (r.elements & (1u << e))
            line_printf(elements, "%s %s", shown++ ? "," : "", bsk_element_id(e));
    if (!shown)
        line_put(elements, " none yet");
    if (r.penalty_gold)
        line_printf(elements, "  penalty %d gold", r.penalty_gold);
    int columns = width / 38 > 0 ? width / 38 : 1;
    int rows = (side->deal_count + columns - 1) / columns;
    int column_width = width / columns;
    for (int row = 0; row < rows; row++) {
        line *l = section_add(b->screen, out, width, b->color);
        for (int c = 0; c < columns; c++) {
            int position = c * rows + row;
            if (position >= side->deal_count)
                break;
            line_pad(l, c * column_width);
            deal_entry(b, l, player, position, column_width - 1, &r);
        }
    }
}

static void recruit_section(const board *b, section *out)
{
    int players[2] = {1, 2};
    if (b->viewer == 2) { /* the viewer's own panel first */
        players[0] = 2;
        players[1] = 1;
    }
    if (b->viewer == 0 && b->width >= 76) { /* both in full, side by side */
        int half = (b->width - 2) / 2;
        section left = {{0}, 0}, right = {{0}, 0};
        recruit_player(b, &left, half, 1, true);
        recruit_player(b, &right, half, 2, true);
        for (int i = 0; i < left.count || i < right.count; i++) {
            line *l = section_add(b->screen, out, b->width, b->color);
            if (i < left.count)
                line_append(l, left.items[i]);
            line_pad(l, half + 2);
            if (i < right.count)
                line_append(l, right.items[i]);
        }
        return;
    }
    for (int k = 0; k < 2; k++)
        recruit_player(b, out, b->width, players[k], b->viewer == 0 || b->viewer == players[k]);
}

/* ---- Events: the tail of the records, one line per declaration or answer with its dice ---- */

/* Whether the name in a take or place record of `player` stays hidden from the viewer: the other
 * side's takes until the game ends, its placements while any of its cards is face down. */
static bool masked(const board *b, const bsk_record *r)
{
    if (b->viewer == 0 || r->player == b->viewer || bsk_match_result_get(b->m)->over)
        return false;
    if (r->kind == BSK_ACT_TAKE)
        return true;
    if (r->kind != BSK_ACT_PLACE)
        return false;
    if (b->m->phase < BSK_PHASE_BEGINNING)
        return true;
    for (int i = 0; i < b->m->unit_count; i++)
        if (b->m->units[i].owner == r->player && (b->m->units[i].flags & BSK_UNIT_HIDDEN))
            return true;
    return false;
}

static void action_text(const board *b, const bsk_record *r, line *l)
{
    const char *from = r->from, *to = r->to;
    switch (r->kind) {
    case BSK_ACT_PASS:
        line_put(l, "passes");
        break;
    case BSK_ACT_END_TURN:
        line_put(l, "ends the turn");
        break;
    case BSK_ACT_MOVE:
    case BSK_ACT_ATTACK:
        line_printf(l, "%s %s->%s", r->kind == BSK_ACT_MOVE ? "move" : "attack", from, to);
        break;
    case BSK_ACT_ABILITY: /* numbered from 1 as the `ability` command numbers it */
    case BSK_ACT_FEATURE:
        line_printf(l, "%s %d %s%s%s", r->kind == BSK_ACT_ABILITY ? "ability" : "feature", r->index + 1, from,
                    to[0] ? "->" : "", to);
        break;
    case BSK_ACT_GAIN_COUNTER:
        line_printf(l, "counter %s", from);
        break;
    case BSK_ACT_FLYER_TAP:
        line_printf(l, "flyer tap %s", from);
        break;
    case BSK_ACT_GUARD:
        line_printf(l, from[0] ? "guards with %s" : "no guard", from);
        break;
    case BSK_ACT_STEP_DOWN:
        line_put(l, r->flag ? "steps down" : "keeps the strike");
        break;
    case BSK_ACT_FIRST:
        line_put(l, r->flag ? "goes first" : "goes second");
        break;
    case BSK_ACT_KEEP:
        line_put(l, "keeps the deal");
        break;
    case BSK_ACT_REDEAL:
        line_put(l, "redeals");
        break;
    case BSK_ACT_TAKE:
        if (masked(b, r)) {
            line_put(l, "takes a card");
        } else {
            line_printf(l, "takes %s", r->card);
            if (r->gold >= 0)
                line_printf(l, " %dg+%ds", r->gold, r->silver);
        }
        break;
    case BSK_ACT_BEFORE: /* prebattle12 (issue 23): 403.1.3, the card is shown */
        line_printf(l, "before recruitment: %s", r->card);
        break;
    case BSK_ACT_DONE:
        line_put(l, "done");
        break;
    case BSK_ACT_PLACE:
        if (masked(b, r))
            line_printf(l, "places a card on %s", to);
        else
            line_printf(l, "places %s %s", r->card, to);
        break;
    case BSK_ACT_HIDE:
        line_printf(l, "keeps %s face down", from);
        break;
    case BSK_ACT_HOST:
        line_printf(l, "seats %s on %s", from, to);
        break;
    case BSK_ACT_ORDER:
        line_printf(l, "orders %s next", from[0] ? from : r->card);
        break;
    default: { /* a kind without words of its own: its play command ("use no", "choose d3") */
        char text[PLAY_COMMAND_MAX];
        play_command_format(r, text, sizeof text);
        line_put(l, text);
        break;
    }
    }
}

/* One die: "c3:[4]" (the rolling card's place) or "1:[4]" (the player's, 402.1). */
static void roll_text(const board *b, const bsk_record *r, line *l)
{
    char who[16];
    if (r->from[0])
        snprintf(who, sizeof who, "%s", r->from);
    else
        snprintf(who, sizeof who, "%d", r->player);
    line_printf(l, " %s:", who);
    (void)b;
    line_style(l, r->player == 1 ? "1;7;36" : "1;7;33");
    line_printf(l, "[%d]", r->value);
    line_plain(l);
}

static void event_text(const board *b, const bsk_record *records, size_t first, size_t end, line *l)
{
    size_t i = first;
    if (records[i].type == BSK_RECORD_ACTION) {
        line_style(l, owner_style(records[i].player, false));
        line_printf(l, "%d", records[i].player);
        line_plain(l);
        line_put(l, " ");
        action_text(b, &records[i], l);
        i++;
    } else {
        line_put(l, "roll");
    }
    for (; i < end; i++)
        if (records[i].type == BSK_RECORD_ROLL)
            roll_text(b, &records[i], l);
}

enum { EVENTS_MAX = 1024 };

/* Fills `lines` lines (each `limit` columns, `columns` events across) with the last events, oldest
 * first, column by column. */
static void events_section(const board *b, section *out, const bsk_record *records, size_t count, int lines)
{
    if (lines <= 0 || !records || count == 0)
        return;
    int columns = b->width / EVENT_COLUMN > 0 ? b->width / EVENT_COLUMN : 1;
    size_t slots = (size_t)lines * (size_t)columns;
    if (slots > EVENTS_MAX)
        slots = EVENTS_MAX;
    size_t starts[EVENTS_MAX], ends[EVENTS_MAX], n = 0;
    /* from the end: each event is a declaration or answer and the dice after it */
    for (size_t end = count; end > 0 && n < slots;) {
        size_t start = end - 1;
        while (start > 0 && records[start].type == BSK_RECORD_ROLL)
            start--;
        starts[n] = start;
        ends[n] = end;
        n++;
        end = start;
    }
    int rows = (int)n < lines ? (int)n : lines;
    int width = b->width / columns;
    for (int row = 0; row < rows; row++) {
        line *l = section_add(b->screen, out, b->width, b->color);
        for (int c = 0; c < columns; c++) {
            size_t k = (size_t)c * (size_t)rows + (size_t)row; /* k-th oldest shown */
            if (k >= n)
                break;
            size_t g = n - 1 - k;
            line cell;
            line_init(&cell, width - 1, b->color);
            event_text(b, records, starts[g], ends[g], &cell);
            line_plain(&cell);
            line_pad(l, c * width);
            line_append(l, &cell);
        }
    }
}

/* ---- The header ---- */

static const char *question_words(int kind)
{
    const bsk_action_kind_info *info = bsk_action_kind_info_get(kind);
    return info ? info->question : NULL; /* the kind's row (berserk/action.h) */
}

/* The header's next part of `columns` columns: on the current line when it fits, else on a new
 * line indented by 2 (the header wraps instead of losing its end). */
static line *header_room(const board *b, section *out, line *l, int columns)
{
    if (l->columns + columns <= l->limit || l->columns <= 2)
        return l;
    line_plain(l);
    line *next = section_add(b->screen, out, l->limit, b->color);
    line_pad(next, 2);
    return next;
}

static int player_columns(const board *b, int player)
{
    const char *label = player >= 1 && player <= 2 ? b->options->labels[player - 1] : NULL;
    return 1 + (label && *label ? 1 + cli_text_columns(label) : 0);
}

/* The status line at the top: the turn and phase, the active player, who must act and on what; or
 * the result. Wrapped at its parts on a narrow screen. */
static void header_lines(const board *b, section *out, int width)
{
    const bsk_match *m = b->m;
    const bsk_match_result *result = bsk_match_result_get(m);
    line *l = section_add(b->screen, out, width, b->color);
    line_style(l, "1");
    if (result->over) {
        static const char *const reasons[] = {"", "no creatures left", "a redeal without gold", "no legal squad",
                                              "the turn cap", "a card feature"};
        line_put(l, "game over: ");
        line_plain(l);
        if (result->winner) {
            l = header_room(b, out, l, player_columns(b, result->winner) + 5);
            put_player(b, l, result->winner);
            line_put(l, " wins");
        } else {
            line_put(l, "a draw");
        }
        char reason[128];
        snprintf(reason, sizeof reason, " (turn %d%s%s%s)", m->turn, result->reason < 6 && result->reason ? ", " : "",
                 result->reason < 6 ? reasons[result->reason] : "",
                 result->cap_actions ? ", the declaration cap" : result->cap_effects == BSK_CAP_STACK ? ", the stack cap" : result->cap_effects ? ", the effects cap" : "");
        l = header_room(b, out, l, cli_text_columns(reason));
        line_put(l, reason);
        return;
    }
    if (m->turn)
        line_printf(l, "turn %d", m->turn);
    else
        line_put(l, "preliminary");
    line_printf(l, "  %s", bsk_phase_id(m->phase) ? bsk_phase_id(m->phase) : "?");
    line_plain(l);
    if (m->turn) {
        l = header_room(b, out, l, 9 + player_columns(b, m->active));
        line_put(l, l->columns > 2 ? "  active " : "active ");
        put_player(b, l, m->active);
    }
    int to_act = bsk_match_to_act(m);
    if (to_act) {
        const char *words = question_words(bsk_record_question(m, b->cards));
        char form[BSK_CARD_NAME_MAX + 48];
        int werewolf = bsk_match_form_asked(m, b->cards);
        if (werewolf >= 0) { /* a werewolf's form (extension, issue 21): which card chooses */
            char place[8];
            bsk_match_unit_place(m, werewolf, place);
            snprintf(form, sizeof form, "form of %s %s: wolf or human?", place, unit_card(b, werewolf)->name);
            words = form;
        }
        l = header_room(b, out, l, 9 + player_columns(b, to_act));
        line_put(l, l->columns > 2 ? "  to act " : "to act ");
        put_player(b, l, to_act);
        if (words) {
            l = header_room(b, out, l, cli_text_columns(words) + 3);
            line_printf(l, l->columns > 2 ? " (%s)" : "(%s)", words);
        }
    }
}

/* The status at the bottom (the question, or the viewer's keys), wrapped at words; later lines are
 * indented by 2. */
static void status_lines(const board *b, section *out, int width, const char *status)
{
    line *l = section_add(b->screen, out, width, b->color);
    line_style(l, "1");
    for (const char *p = status; *p;) {
        size_t word = strcspn(p, " ");
        char text[LINE_BYTES];
        snprintf(text, sizeof text, "%.*s", (int)word, p);
        int columns = cli_text_columns(text);
        bool first = l->columns == 0 || (l->columns == 2 && l->text[0] == ' ');
        if (!first && l->columns + 1 + columns > width) {
            line_plain(l);
            l = section_add(b->screen, out, width, b->color);
            line_pad(l, 2);
            line_style(l, "1");
            first = true;
        }
        if (!first)
            line_put(l, " ");
        line_put(l, text); /* a word longer than the line is cut at its end */
        p += word;
        p += strspn(p, " ");
    }
    line_plain(l);
}

/* ---- The whole table ---- */

void play_board_draw(FILE *out, const bsk_match *match, const bsk_card_table *cards, const bsk_record *records,
                     size_t record_count, const play_board_options *options)
{
    int width = options->width <= 0 ? 80 : options->width > BOARD_COLUMNS_MAX ? BOARD_COLUMNS_MAX : options->width;
    int height = options->height <= 0                ? 24 /* a size not known: the 80×24 of a pipe */
                 : options->height > BOARD_LINES_MAX + 1 ? BOARD_LINES_MAX + 1
                                                       : options->height;
    int budget = height - 1; /* the last line is the prompt's */
    if (budget < 1)
        return;
    screen *s = malloc(sizeof *s);
    if (!s) {
        fputs("(out of memory)\n", out);
        return;
    }
    s->used = 0;
    board b = {match, cards, options, options->viewer, options->color, width, s};
    section header = {{0}, 0}, main = {{0}, 0}, side = {{0}, 0}, legend = {{0}, 0}, events = {{0}, 0},
            status = {{0}, 0};
    if (options->status)
        status_lines(&b, &status, width, options->status);
    if (status.count > budget) /* a tiny screen: the status's first lines only */
        status.count = budget;
    if (budget - status.count >= 1) /* the status (the question, the error) before all */
        header_lines(&b, &header, width);
    if (header.count > budget - status.count)
        header.count = budget - status.count;
    int left = budget - header.count - status.count;
    int second = 0; /* player 2's first line in `side` */
    bool recruiting = match->phase == BSK_PHASE_REDEAL || match->phase == BSK_PHASE_RECRUIT;
    if (recruiting) {
        recruit_section(&b, &main);
        line *l = section_add(s, &legend, width, b.color);
        line_style(l, "2");
        line_put(l, "* taken  g gold (elite)  s silver (rank-and-file)  fly flyer");
    } else {
        /* wide terminals: the zones beside the grid; else below it */
        bool beside = width >= 130;
        int side_width = beside ? (width / 3 < 36 ? 36 : width / 3 > 64 ? 64 : width / 3) : width;
        int grid_width = beside ? width - side_width - 2 : width;
        int cell_width = (grid_width - 2) / 5;
        cell_width = cell_width > CELL_WIDTH_MAX ? CELL_WIDTH_MAX : cell_width < 3 ? 3 : cell_width;
        bool two_lines = left >= 13 + 2 + 2;
        grid_section(&b, &main, grid_width, cell_width, two_lines);
        side_player(&b, &side, side_width, 1);
        second = side.count;
        side_player(&b, &side, side_width, 2);
        if (beside) {
            for (int i = 0; i < side.count; i++) {
                if (i >= main.count)
                    section_add(s, &main, width, b.color);
                line *l = main.items[i];
                l->limit = width;
                line_pad(l, grid_width + 2);
                line_append(l, side.items[i]);
            }
            side.count = 0;
        }
        line *l = section_add(s, &legend, width, b.color);
        line_style(l, "2");
        line_printf(l, "%sL life  w wounds  T tapped  H hidden  c counter  p poison  S symbiote",
                    b.color ? "" : "1/2 owner  ");
    }
    /* the board first, then the zones (each player's first line before the rest), the legend when
     * three lines of events remain, and the events in what is left */
    int main_lines = main.count < left ? main.count : left;
    left -= main_lines;
    int side_lines = side.count < left ? side.count : left;
    if (side_lines > 2 && side.count > left - 3)
        side_lines = left - 3 > 2 ? left - 3 : 2;
    if (side_lines > left)
        side_lines = left;
    left -= side_lines;
    int legend_lines = left >= 4 || (left >= 1 && (size_t)(left - 1) >= record_count) ? 1 : 0;
    left -= legend_lines;
    events_section(&b, &events, records, record_count, left);
    for (int i = 0; i < header.count; i++)
        line_emit(out, header.items[i]);
    for (int i = 0; i < main_lines; i++)
        line_emit(out, main.items[i]);
    /* the zones: player 1's head line, player 2's head line, then their further lines in order */
    int shown = 0;
    bool keep[BOARD_LINES_MAX] = {false};
    if (side_lines > 0)
        keep[0] = true, shown++;
    if (side_lines > 1 && second > 0)
        keep[second] = true, shown++;
    for (int i = 0; i < side.count && shown < side_lines; i++)
        if (!keep[i])
            keep[i] = true, shown++;
    for (int i = 0; i < side.count; i++)
        if (keep[i])
            line_emit(out, side.items[i]);
    for (int i = 0; i < legend_lines; i++)
        line_emit(out, legend.items[i]);
    for (int i = 0; i < events.count; i++)
        line_emit(out, events.items[i]);
    for (int i = 0; i < status.count; i++)
        line_emit(out, status.items[i]);
    free(s);
}

/* ---- show PLACE: every fact of one card ---- */

bool play_board_show(FILE *out, const bsk_match *match, const bsk_card_table *cards, int viewer, const char *place,
                     bool color)
{
    int to_act = bsk_match_to_act(match);
    int unit = bsk_match_place_unit(match, viewer ? viewer : to_act ? to_act : 1, place);
    if (unit < 0 || unit >= match->unit_count)
        return false;
    play_board_options options = {viewer, color, 80, 24, NULL, {NULL, NULL}};
    board b = {match, cards, &options, viewer, color, 80, NULL};
    const bsk_unit *u = &match->units[unit];
    char where[8];
    bsk_match_unit_place(match, unit, where);
    const char *bold = color ? "\033[1m" : "", *reset = color ? "\033[0m" : "";
    if (!sees(&b, unit)) {
        fprintf(out, "%s: a face-down card of player %d\n", where, u->owner);
        return true;
    }
    const bsk_card_entry *e = &cards->entries[u->slot];
    const bsk_card *card = e->card;
    fprintf(out, "%s%s: %s%s  %s (set %s", bold, where, card->name, reset, card->id, card->set);
    if (card->number != BSK_UNSET)
        fprintf(out, " #%d", card->number);
    fprintf(out, "), player %d\n", u->owner);
    fprintf(out, "  type       %s%s%s\n", bsk_type_id(card->type), card->subtype != BSK_SUBTYPE_NONE ? ", " : "",
            card->subtype != BSK_SUBTYPE_NONE ? bsk_subtype_id(card->subtype) : "");
    fprintf(out, "  cost       %d%s %s (%s)\n", card->cost, card->cost_x ? "X" : "", card->elite ? "gold" : "silver",
            card->elite ? "elite" : "rank-and-file");
    fprintf(out, "  element    ");
    if (!card->elements)
        fprintf(out, "neutral");
    for (int x = 0, shown = 0; x < BSK_ELEMENT_COUNT; x++)
        if (bsk_card_has_element(card, (bsk_element)x))
            fprintf(out, "%s%s", shown++ ? ", " : "", bsk_element_id(x));
    fprintf(out, "\n  classes    ");
    if (card->class_count <= 0)
        fprintf(out, card->class_count == 0 ? "-" : "unknown");
    for (int i = 0; i < card->class_count; i++)
        fprintf(out, "%s%s", i ? ", " : "", bsk_class_id(card->classes[i]));
    fputc('\n', out);
    if (e->life >= 0) {
        int life = bsk_match_unit_life(match, cards, unit);
        fprintf(out, "  life       %d of %d, wounds %d (printed %d)\n", life, life + u->wounds, u->wounds, card->life);
    }
    if (e->type == BSK_TYPE_CREATURE) {
        if (e->flags & BSK_ENTRY_NO_STRIKE)
            fprintf(out, "  strike     none\n");
        else
            fprintf(out, "  strike     %d-%d-%d\n", e->strike[0], e->strike[1], e->strike[2]);
    }
    if (e->movement >= 0)
        fprintf(out, "  movement   %d (%d left this turn)\n", e->movement, u->move_left < 0 ? 0 : u->move_left);
    /* numbered from 1 as the commands number them: `ability PLACE N` the catalogue keyword N, `feature
     * PLACE N` the card's feature N (the records' index + 1) */
    fprintf(out, "  keywords%s\n", card->keyword_count ? "" : "   -");
    for (int i = 0; i < card->keyword_count; i++) {
        char text[200];
        cli_keyword_text(&card->keywords[i], text, sizeof text);
        bool attack = false;
        for (int a = 0; a < e->attack_count; a++)
            attack = attack || e->attacks[a].index == i;
        fprintf(out, "    %d %s", i + 1, text);
        if (attack)
            fprintf(out, "  [ability %s %d]", where, i + 1);
        fputc('\n', out);
    }
    int feature_count;
    const bsk_feature *features = bsk_card_table_features(cards, u->slot, &feature_count);
    if (feature_count) {
        fprintf(out, "  features\n");
        for (int i = 0; i < feature_count; i++) {
            char text[512]; /* words from the program (describe.c), never the printed sentence */
            bsk_feature_describe(&features[i], text, sizeof text);
            fprintf(out, "    %d %s", i + 1, text);
            if (features[i].kind == BSK_FEATURE_ACTIVATED)
                fprintf(out, "  [feature %s %d]", where, i + 1);
            fputc('\n', out);
        }
    }
    fprintf(out, "  state      %s", bsk_zone_id(u->zone) ? bsk_zone_id(u->zone) : "?");
    if (u->flags & BSK_UNIT_TAPPED)
        fprintf(out, ", tapped");
    if (u->flags & BSK_UNIT_HIDDEN)
        fprintf(out, ", face down");
    if (u->counters)
        fprintf(out, ", %d counter%s", u->counters, u->counters == 1 ? "" : "s");
    if (u->poison)
        fprintf(out, ", poison %d", u->poison);
    if (u->actions)
        fprintf(out, ", %d action marker%s", u->actions, u->actions == 1 ? "" : "s");
    if (bsk_match_unit_form(match, unit) != BSK_FORM_NONE) /* a werewolf's form (extension, issue 21) */
        fprintf(out, ", %s form", bsk_match_unit_form(match, unit) == BSK_FORM_WOLF ? "wolf" : "human");
    else if (bsk_match_form_asked(match, cards) == unit)
        fprintf(out, ", choosing its form (mode 1 wolf, mode 2 human)");
    if (u->host >= 0 && u->host < match->unit_count) {
        char host[8];
        bsk_match_unit_place(match, u->host, host);
        fprintf(out, ", seated on %s %s", host, sees(&b, u->host) ? unit_card(&b, u->host)->name : "(face down)");
    }
    int symbiote = u->zone == BSK_ZONE_BATTLEFIELD ? symbiote_of(match, unit) : -1;
    if (symbiote >= 0 && symbiote != unit) {
        char seated[8];
        bsk_match_unit_place(match, symbiote, seated);
        fprintf(out, ", symbiote %s %s", seated, sees(&b, symbiote) ? unit_card(&b, symbiote)->name : "(face down)");
    }
    fputc('\n', out);
    return true;
}
