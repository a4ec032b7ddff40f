/* replay_page.c — the replay viewer page (replay_page.h): the log replayed once, keeping the state
 * after every declaration or answer (as `replay --step` does); then the page: the game's facts, the
 * controls, the 5×6 board and each player's zones (filled by the script from the frames), the
 * recruitment while it lasts, the event list with dice (written here, one item per step), the frames
 * as JSON (each card's state only when it changed), and the script that steps through them. */
#include "replay_page.h"

#include "game_log.h"
#include "html.h"
#include "position_file.h"

#include "berserk/board.h"
#include "berserk/recruit.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* ---- The frames ---- */

/* frames[0]: the state before the first record; frames[k]: after the k-th declaration or answer and
 * its dice; record_at[k]: the index in the replay's records of the one that made frame k. */
typedef struct frames {
    const bsk_replay *replay;
    bsk_match *items;
    size_t *record_at;
    size_t count, capacity;
    bool out_of_memory;
} frames;

static void keep_frame(void *context, const bsk_match *match, const bsk_card_table *cards, const bsk_record *record)
{
    (void)cards;
    (void)record;
    frames *f = context;
    if (f->out_of_memory)
        return;
    if (f->count == f->capacity) {
        size_t capacity = f->capacity * 2;
        bsk_match *items = realloc(f->items, capacity * sizeof *items);
        if (items)
            f->items = items;
        size_t *record_at = items ? realloc(f->record_at, capacity * sizeof *record_at) : NULL;
        if (!items || !record_at) {
            f->out_of_memory = true;
            return;
        }
        f->record_at = record_at;
        f->capacity = capacity;
    }
    f->items[f->count] = *match;
    f->record_at[f->count] = f->replay->records.count - 1; /* the record just applied */
    f->count++;
}

/* The records of step k: its declaration or answer and the dice after it (step 0: the dice rolled
 * before any record, the 402.1 roll). */
static size_t step_first(const frames *f, size_t k)
{
    return k == 0 ? 0 : f->record_at[k];
}

static size_t step_end(const frames *f, size_t k)
{
    return k + 1 < f->count ? f->record_at[k + 1] : f->replay->records.count;
}

/* ---- Seats ---- */

/* Before 402.1 is decided, records name the decks (1: the header's first deck); afterwards the
 * seats (1: the first player). The deck that went first: the header's "first", else the FIRST
 * answer's chooser or the other one; 0 when the log ends before that. */
static int first_deck(const bsk_replay *replay)
{
    if (replay->position)
        return 1;
    if (replay->first == 1 || replay->first == 2)
        return replay->first;
    for (size_t i = 0; i < replay->records.count; i++) {
        const bsk_record *r = &replay->records.items[i];
        if (r->type == BSK_RECORD_ACTION && r->kind == BSK_ACT_FIRST)
            return r->flag ? r->player : 3 - r->player;
    }
    return 0;
}

/* The seat of a record's player: `roll_phase` records name decks. */
static int seat(int player, bool roll_phase, int first)
{
    if (!roll_phase || first == 0)
        return player;
    return player == first ? 1 : 2;
}

/* ---- The event list ---- */

static const char *unit_name(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return cards->entries[m->units[unit].slot].card->name;
}

/* A place and, when a card is there in `m` (the state before the record), its name: "c3 Циклоп". */
static void place_text(FILE *out, const bsk_match *m, const bsk_card_table *cards, int player, const char *place)
{
    fputs("<span class=\"place\">", out);
    bsk_html_text(out, place);
    fputs("</span>", out);
    int unit = bsk_match_place_unit(m, player, place);
    if (unit >= 0) {
        fputc(' ', out);
        bsk_html_text(out, unit_name(m, cards, unit));
    }
}

/* The keyword of an ability record ("shot"), or NULL. */
static const char *ability_word(const bsk_match *m, const bsk_card_table *cards, const bsk_record *r)
{
    int unit = bsk_match_place_unit(m, r->player, r->from);
    if (unit < 0 || r->index < 0)
        return NULL;
    const bsk_card *card = cards->entries[m->units[unit].slot].card;
    if (r->index >= card->keyword_count)
        return NULL;
    return bsk_keyword_name(card->keywords[r->index].id);
}

/* A feature declaration's feature in words from its program (describe.c, issue 22 §2):
 * " (tap: wound a chosen enemy card by 2)"; nothing when the record names no feature of the card. */
static void feature_words(FILE *out, const bsk_match *m, const bsk_card_table *cards, const bsk_record *r)
{
    int unit = bsk_match_place_unit(m, r->player, r->from), count;
    if (unit < 0 || r->index < 0)
        return;
    const bsk_feature *f = bsk_card_table_features(cards, m->units[unit].slot, &count);
    if (r->index >= count)
        return;
    char text[512];
    bsk_feature_describe(&f[r->index], text, sizeof text);
    fputs(" (", out);
    bsk_html_text(out, text);
    fputc(')', out);
}

/* What a declaration or answer did, in words, with the names of the cards at its places. */
static void action_text(FILE *out, const bsk_match *m, const bsk_card_table *cards, const bsk_record *r)
{
    switch (r->kind) {
    case BSK_ACT_PASS:
        fputs("passes", out);
        break;
    case BSK_ACT_END_TURN:
        fputs("ends the turn", out);
        break;
    case BSK_ACT_MOVE:
        fputs("moves ", out);
        place_text(out, m, cards, r->player, r->from);
        fputs(" → ", out);
        bsk_html_text(out, r->to);
        break;
    case BSK_ACT_ATTACK:
        fputs("attacks with ", out);
        place_text(out, m, cards, r->player, r->from);
        fputs(" → ", out);
        place_text(out, m, cards, r->player, r->to);
        break;
    case BSK_ACT_ABILITY:
    case BSK_ACT_FEATURE: {
        const char *word = r->kind == BSK_ACT_ABILITY ? ability_word(m, cards, r) : NULL;
        if (word) {
            fputs("uses ", out);
            bsk_html_text(out, word);
        } else {
            fprintf(out, "uses %s %d", r->kind == BSK_ACT_ABILITY ? "ability" : "feature", r->index + 1);
            if (r->kind == BSK_ACT_FEATURE)
                feature_words(out, m, cards, r);
        }
        fputs(" of ", out);
        place_text(out, m, cards, r->player, r->from);
        if (r->to[0]) {
            fputs(" → ", out);
            place_text(out, m, cards, r->player, r->to);
        }
        break;
    }
    case BSK_ACT_GAIN_COUNTER:
        place_text(out, m, cards, r->player, r->from);
        fputs(" gains a counter", out);
        break;
    case BSK_ACT_FLYER_TAP:
        place_text(out, m, cards, r->player, r->from);
        fputs(" taps to strike a flyer", out);
        break;
    case BSK_ACT_GUARD:
        if (r->from[0]) {
            fputs("guards with ", out);
            place_text(out, m, cards, r->player, r->from);
        } else {
            fputs("does not guard", out);
        }
        break;
    case BSK_ACT_STEP_DOWN:
        fputs(r->flag ? "steps down" : "keeps the strike", out);
        break;
    case BSK_ACT_FIRST:
        fprintf(out, "chooses to go %s", r->flag ? "first" : "second");
        break;
    case BSK_ACT_KEEP:
        fputs("keeps the deal", out);
        break;
    case BSK_ACT_REDEAL:
        fputs("redeals", out);
        break;
    case BSK_ACT_TAKE:
        fputs("recruits ", out);
        bsk_html_text(out, r->card);
        if (r->gold >= 0)
            fprintf(out, " (%d gold, %d silver)", r->gold, r->silver);
        break;
    case BSK_ACT_BEFORE: /* prebattle12 (issue 23): 403.1, the card shown */
        fputs("before recruitment: ", out);
        bsk_html_text(out, r->card);
        break;
    case BSK_ACT_DONE:
        fputs(m->phase == BSK_PHASE_REVEAL                                ? "reveals the rest"
              : bsk_record_question(m, cards) == BSK_ACT_BEFORE ? "uses no more «до набора отряда» features"
                                                                  : "ends the recruitment",
              out);
        break;
    case BSK_ACT_PLACE:
        fputs("places ", out);
        bsk_html_text(out, r->card);
        fputs(" on <span class=\"place\">", out);
        bsk_html_text(out, r->to);
        fputs("</span>", out);
        break;
    case BSK_ACT_HIDE:
        fputs("keeps ", out);
        place_text(out, m, cards, r->player, r->from);
        fputs(" face down", out);
        break;
    case BSK_ACT_HOST:
        fputs("seats ", out);
        place_text(out, m, cards, r->player, r->from);
        fputs(" on ", out);
        place_text(out, m, cards, r->player, r->to);
        break;
    case BSK_ACT_ORDER:
        fputs("puts the trigger of ", out);
        if (r->from[0])
            place_text(out, m, cards, r->player, r->from);
        else
            bsk_html_text(out, r->card);
        fputs(" next", out);
        break;
    default: { /* a kind without words of its own: its play command ("use no", "choose d3") */
        char text[160];
        bsk_record_command_format(r, text, sizeof text);
        bsk_html_text(out, text);
        break;
    }
    }
}

/* One die: its face and number in the roller's colour, and whose die it is. */
static void die_text(FILE *out, const bsk_record *r, int player)
{
    static const char *const faces[6] = {"⚀", "⚁", "⚂", "⚃", "⚄", "⚅"};
    fprintf(out, " <span class=\"die p%d\" title=\"a die of player %d", player, player);
    if (r->from[0]) {
        fputs(" for ", out);
        bsk_html_text(out, r->from);
    }
    fputs("\">", out);
    if (r->from[0]) {
        bsk_html_text(out, r->from);
        fputc(' ', out);
    }
    fprintf(out, "<span aria-hidden=\"true\">%s</span> %d</span>", r->value >= 1 && r->value <= 6 ? faces[r->value - 1] : "",
            r->value);
}

/* Step k of the list: the declaration or answer, who made it, and its dice. */
static void event_item(FILE *out, const frames *f, size_t k, int first)
{
    const bsk_replay *replay = f->replay;
    const bsk_record *records = replay->records.items;
    size_t at = step_first(f, k), end = step_end(f, k);
    /* the state the record was made in: it names the cards at its places */
    const bsk_match *before = k == 0 ? &f->items[0] : &f->items[k - 1];
    bool roll_phase = k == 0 ? (!replay->position && replay->first == 0) : before->phase == BSK_PHASE_ROLL;
    fprintf(out, "<li data-step=\"%zu\"><span class=\"step-number\">%zu</span> ", k, k);
    if (k == 0) {
        fputs(replay->position ? "the position is set up" : "the game begins", out);
        if (at < end)
            fputs("; the roll for the first turn (402.1):", out);
    } else {
        const bsk_record *r = &records[at++];
        int player = seat(r->player, roll_phase, first);
        fprintf(out, "<span class=\"who p%d\">player %d</span> ", player, player);
        action_text(out, before, &replay->cards, r);
    }
    for (; at < end; at++)
        if (records[at].type == BSK_RECORD_ROLL)
            die_text(out, &records[at], seat(records[at].player, roll_phase, first));
    fputs("</li>\n", out);
}

/* ---- The frames as JSON ---- */

/* One card's state: [unit, slot, owner, zone, place, life, wounds, flags, counters, poison]; zone
 * b(attlefield) x (extra) g(raveyard) d(eck) e(xile) h(and); flags t (tapped) h (face down)
 * s (recruited); life null for a card without life. Only [a-z0-9] go into the strings. */
static void unit_tuple(const bsk_match *m, const bsk_card_table *cards, int i, char *out, size_t size)
{
    static const char zones[] = "bxgdeh";
    const bsk_unit *u = &m->units[i];
    char place[8], flags[4] = "", life[16] = "null";
    bsk_match_unit_place(m, i, place);
    size_t n = 0;
    if (u->flags & BSK_UNIT_TAPPED)
        flags[n++] = 't';
    if (u->flags & BSK_UNIT_HIDDEN)
        flags[n++] = 'h';
    if (u->flags & BSK_UNIT_IN_SQUAD)
        flags[n++] = 's';
    flags[n] = '\0';
    if (cards->entries[u->slot].life >= 0 || u->wounds)
        snprintf(life, sizeof life, "%d", bsk_match_unit_life(m, cards, i));
    snprintf(out, size, "[%d,%d,%d,\"%c\",\"%s\",%s,%d,\"%s\",%d,%d]", i, u->slot, u->owner,
             u->zone < sizeof zones - 1 ? zones[u->zone] : '?', place, life, u->wounds, flags, u->counters, u->poison);
}

/* The recruitment while players keep or redeal and recruit: per player [gold, silver, redeals,
 * spent, done, [deal slots], [taken 0|1 per deal card]]; "" when not recruiting. */
static void recruit_json(const bsk_match *m, const bsk_card_table *cards, char *out, size_t size)
{
    out[0] = '\0';
    if (m->phase != BSK_PHASE_REDEAL && m->phase != BSK_PHASE_RECRUIT)
        return;
    size_t used = 0;
#define PUT(...)                                                                                                   \
    do {                                                                                                           \
        int n_ = snprintf(out + used, size - used, __VA_ARGS__);                                                  \
        used += n_ > 0 && (size_t)n_ < size - used ? (size_t)n_ : 0;                                              \
    } while (0)
    PUT("[");
    for (int p = 1; p <= 2; p++) {
        bsk_recruit r;
        bsk_match_recruit_state(m, cards, p, &r);
        const bsk_match_side *side = &m->sides[p - 1];
        PUT("%s[%d,%d,%d,%d,%d,[", p == 1 ? "" : ",", r.gold, r.silver, side->redeals, r.spent, side->recruit_done);
        for (int i = 0; i < side->deal_count; i++)
            PUT("%s%d", i ? "," : "", side->deal[i]);
        PUT("],[");
        for (int i = 0; i < side->deal_count; i++)
            PUT("%s%d", i ? "," : "", i < r.deal_count && r.squad_index[i] >= 0);
        PUT("]]");
    }
    PUT("]");
#undef PUT
}

enum { TUPLE_MAX = 96, RECRUIT_MAX = 1024 };

/* {"s":[turn, phase, active, to act, deck 1, deck 2, winner (-1 while the game goes on), reason,
 * by cap, declaration cap], "n": cards (when it changed), "u": the cards that changed,
 * "r": the recruitment (when it changed; null once it is over)}. */
static bool frames_json(FILE *out, const frames *f)
{
    const bsk_card_table *cards = &f->replay->cards;
    char (*previous)[TUPLE_MAX] = calloc(BSK_MATCH_UNITS_MAX, TUPLE_MAX);
    char *recruit = malloc(RECRUIT_MAX), *recruit_before = calloc(1, RECRUIT_MAX);
    if (!previous || !recruit || !recruit_before) {
        free(previous);
        free(recruit);
        free(recruit_before);
        return false;
    }
    int units_before = 0;
    for (size_t k = 0; k < f->count; k++) {
        const bsk_match *m = &f->items[k];
        const bsk_match_result *result = bsk_match_result_get(m);
        fprintf(out, "%s\n{\"s\":[%d,%d,%d,%d,%d,%d,%d,%d,%d,%d]", k ? "," : "", m->turn, m->phase, m->active,
                bsk_match_to_act(m), m->sides[0].deck_count, m->sides[1].deck_count,
                result->over ? result->winner : -1, result->reason, result->by_cap, result->cap_actions);
        if (k == 0 || m->unit_count != units_before) {
            fprintf(out, ",\"n\":%d", m->unit_count);
            for (int i = m->unit_count; i < units_before; i++)
                previous[i][0] = '\0';
            units_before = m->unit_count;
        }
        bool any = false;
        for (int i = 0; i < m->unit_count; i++) {
            char tuple[TUPLE_MAX];
            unit_tuple(m, cards, i, tuple, sizeof tuple);
            if (strcmp(tuple, previous[i]) == 0)
                continue;
            fprintf(out, "%s%s", any ? "," : ",\"u\":[", tuple);
            any = true;
            memcpy(previous[i], tuple, sizeof tuple);
        }
        if (any)
            fputc(']', out);
        recruit_json(m, cards, recruit, RECRUIT_MAX);
        if (strcmp(recruit, recruit_before) != 0) {
            fprintf(out, ",\"r\":%s", recruit[0] ? recruit : "null");
            memcpy(recruit_before, recruit, RECRUIT_MAX);
        }
        fputc('}', out);
    }
    free(previous);
    free(recruit);
    free(recruit_before);
    return true;
}

/* ---- The page ---- */

static const char *const CSS =
    ".facts th{font-weight:600;padding-right:1.2rem}"
    ".controls{display:flex;flex-wrap:wrap;align-items:center;gap:.4rem .6rem;margin:.6rem 0;padding:.5rem .6rem;"
    "background:var(--panel);border-radius:6px;position:sticky;top:0;z-index:1}"
    ".controls input[type=range]{flex:1 1 12rem;min-width:8rem}.controls input[type=number]{width:5rem;font:inherit}"
    "button[aria-disabled=true]{color:var(--muted);border-color:var(--line);cursor:default}"
    "#counter{font-weight:600;font-variant-numeric:tabular-nums}"
    ".status{margin:.3rem 0;font-size:1.05rem}.status span:empty{display:none}"
    ".status span:not(:empty)~span:not(:empty)::before{content:' · ';color:var(--muted)}"
    "#result{font-weight:700;color:var(--accent);margin:.3rem 0}"
    ".table{display:grid;grid-template-columns:minmax(0,auto) minmax(16rem,1fr);gap:1rem;align-items:start}"
    "@media (max-width:60rem){.table{grid-template-columns:1fr}}"
    ".board{table-layout:fixed;border-collapse:separate;border-spacing:3px;margin:0}"
    ".board td.corner{width:1.6rem;height:auto;border:0;background:none}"
    ".board th{text-align:center;color:var(--muted);font-weight:600;padding:0 .2rem;border:0}"
    ".board td{width:8.2rem;height:4.6rem;border:1px solid var(--line);border-radius:4px;padding:.15rem .25rem;"
    "vertical-align:top;position:relative;background:#fff}"
    ".board tr.half2 td{background:#fbf6ef}.board tr.half1 td{background:#f2f6fb}"
    ".cell-name{position:absolute;right:.25rem;bottom:.1rem;font-size:.7rem;color:var(--muted)}"
    ".unit{font-size:.82rem;line-height:1.25;border-left:4px solid;padding-left:.3rem;margin-bottom:.15rem}"
    ".unit.p1{border-color:var(--p1)}.unit.p2{border-color:var(--p2)}"
    ".unit.tapped{font-style:italic}.unit.hidden{border-left-style:dashed}"
    ".unit-name{display:block;font-weight:600}.unit-stats{display:block;color:var(--muted);font-size:.76rem}"
    ".owner,.who{display:inline-block;min-width:1.1em;text-align:center;color:#fff;border-radius:3px;"
    "font-size:.75em;font-weight:700;padding:0 .2em}"
    ".p1 .owner,.who.p1{background:var(--p1)}.p2 .owner,.who.p2{background:var(--p2)}"
    ".side{border:1px solid var(--line);border-radius:6px;padding:.3rem .6rem;margin-bottom:.6rem}"
    ".side h3{font-size:1rem;margin:.2rem 0;overflow-wrap:anywhere}.side.p1 h3{color:var(--p1)}.side.p2 h3{color:var(--p2)}"
    ".zone-list{list-style:none;margin:.2rem 0;padding:0}.zone-list li{display:flex;gap:.4rem;align-items:baseline}"
    ".zone-list .where{min-width:4.2rem;color:var(--muted);font-size:.8rem}"
    "#current{min-height:1.6rem;padding:.35rem .6rem;background:var(--panel);border-radius:6px;margin:.4rem 0}"
    ".die{display:inline-block;border:1px solid;border-radius:4px;padding:0 .3em;margin-left:.15em;"
    "font-variant-numeric:tabular-nums;white-space:nowrap}"
    ".die.p1{color:var(--p1)}.die.p2{color:var(--p2)}.die span{font-size:1.2em}"
    "#events-box{position:relative;max-height:24rem;overflow-y:auto;border:1px solid var(--line);border-radius:6px}"
    "#events{margin:0;padding:.3rem .5rem;list-style:none}#events li{padding:.1rem .2rem;border-radius:3px}"
    "#events li[aria-current]{background:#fff3c4;outline:1px solid #f2a900}"
    ".step-number{display:inline-block;min-width:2.6em;color:var(--muted);font-variant-numeric:tabular-nums}"
    ".place{font-family:monospace}"
    /* the two players' deals side by side when there is room, each a grid of items that wrap their
     * names inside their own column, numbered by a counter inside the item (issue 20: no overlap) */
    "#recruitment:not([hidden]){display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,22rem),1fr));"
    "gap:.4rem 2rem}"
    "#recruitment h2{grid-column:1/-1}.recruit-player{min-width:0}"
    ".deal{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,11rem),1fr));gap:.15rem 1rem;"
    "font-size:.85rem;list-style:none;margin:.3rem 0;padding:0;counter-reset:deal}"
    ".deal li{counter-increment:deal;min-width:0;overflow-wrap:anywhere;padding-left:1.8em;text-indent:-1.8em}"
    ".deal li::before{content:counter(deal) \".\";display:inline-block;width:1.8em;text-indent:0;color:var(--muted)}"
    ".deal li.taken{font-weight:700}.deal .mark{color:var(--good)}"
    "@media print{.controls{display:none}#events-box{max-height:none;overflow:visible}}";

/* The viewer script (in parts: C11 promises string literals of 4095 bytes): the frames into whole states, drawing one, and the controls (buttons, slider,
 * step number; ←/→ step, Home/End jump, except while the slider or the number has the focus,
 * which handle those keys themselves). */
static const char *const SCRIPT[] = {
    "(function () {\n"
    "  \"use strict\";\n"
    "  var data = JSON.parse(document.getElementById(\"replay-data\").textContent);\n"
    "  var cards = data.cards, phases = data.phases, frames = data.frames, last = frames.length - 1;\n"
    "  var REASONS = [\"\", \"no creatures left\", \"a redeal without gold\", \"no legal squad\", \"the turn cap\",\n"
    "                 \"a card feature\"];\n"
    "  var PLACE = phases.indexOf(\"place\");\n"
    "  /* every frame's whole state: a frame lists only the cards that changed */\n"
    "  var states = [], units = [], recruit = null;\n"
    "  for (var k = 0; k <= last; k++) {\n"
    "    var f = frames[k];\n"
    "    units = units.slice(0);\n"
    "    if (typeof f.n === \"number\") units.length = f.n;\n"
    "    if (f.u) for (var i = 0; i < f.u.length; i++) units[f.u[i][0]] = f.u[i];\n"
    "    if (Object.prototype.hasOwnProperty.call(f, \"r\")) recruit = f.r;\n"
    "    states.push({s: f.s, units: units, r: recruit});\n"
    "  }\n"
    "  function $(id) { return document.getElementById(id); }\n"
    "  function el(tag, cls, text) {\n"
    "    var e = document.createElement(tag);\n"
    "    if (cls) e.className = cls;\n"
    "    if (text !== undefined) e.textContent = text;\n"
    "    return e;\n"
    "  }\n"
    "  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }\n"
    "  var cells = {}, tds = document.querySelectorAll(\"td[data-cell]\");\n"
    "  for (var c = 0; c < tds.length; c++) cells[tds[c].getAttribute(\"data-cell\")] = tds[c].querySelector(\".content\");\n"
    "  var events = document.querySelectorAll(\"#events li\"), box = $(\"events-box\");\n"
    "  var slider = $(\"step\"), number = $(\"step-number\"), current = 0;\n"
    "  function has(u, flag) { return u[7].indexOf(flag) >= 0; }\n"
    "  function stats(u) {\n"
    "    var parts = [];\n"
    "    if (u[5] !== null) parts.push(\"life \" + u[5]);\n"
    "    if (u[6]) parts.push(\"wounds \" + u[6]);\n"
    "    if (has(u, \"t\")) parts.push(\"tapped\");\n"
    "    if (has(u, \"h\")) parts.push(\"face down\");\n"
    "    if (u[8]) parts.push(\"counters \" + u[8]);\n"
    "    if (u[9]) parts.push(\"poison \" + u[9]);\n"
    "    return parts.join(\" · \");\n"
    "  }\n"
    "  function unitBox(u, prefix, plain) {\n"
    "    var b = el(\"div\", \"unit p\" + u[2] + (has(u, \"t\") ? \" tapped\" : \"\") + (has(u, \"h\") ? \" hidden\" : \"\"));\n"
    "    var name = el(\"span\", \"unit-name\");\n"
    "    name.appendChild(el(\"span\", \"owner\", String(u[2])));\n"
    "    name.appendChild(document.createTextNode(\" \" + (prefix || \"\") + cards[u[1]][0]));\n"
    "    b.appendChild(name);\n"
    "    var text = plain ? \"\" : stats(u);\n"
    "    if (text) b.appendChild(el(\"span\", \"unit-stats\", text));\n"
    "    return b;\n"
    "  }\n"
    "  function item(list, where, u, plain) {\n"
    "    var li = el(\"li\");\n"
    "    if (where) li.appendChild(el(\"span\", \"where\", where));\n"
    "    li.appendChild(unitBox(u, \"\", plain));\n"
    "    list.appendChild(li);\n"
    "  }\n"
    "  function order(u) { var i = u[4].indexOf(\"x\"); return i >= 0 ? parseInt(u[4].slice(i + 1), 10) : 0; }\n"
    "  function result(s) {\n"
    "    if (s[6] < 0) return \"\";\n"
    "    var why = REASONS[s[7]] || \"\";\n"
    "    if (s[9]) why = (why ? why + \", \" : \"\") + \"the declaration cap\";\n",
    "    return \"Game over: \" + (s[6] ? \"player \" + s[6] + \" wins\" : \"a draw\") + \" (turn \" + s[0] + (why ? \", \" + why : \"\") + \")\";\n"
    "  }\n"
    "  function render(k) {\n"
    "    k = Math.max(0, Math.min(last, k));\n"
    "    current = k;\n"
    "    var st = states[k], s = st.s, id, p, u, i;\n"
    "    for (id in cells) clear(cells[id]);\n"
    "    var sides = [];\n"
    "    for (p = 0; p < 2; p++) sides.push({deck: s[4 + p], x: [], g: [], e: [], place: [], other: []});\n"
    "    var symbiotes = [];\n"
    "    for (i = 0; i < st.units.length; i++) {\n"
    "      u = st.units[i];\n"
    "      if (!u || !sides[u[2] - 1]) continue;\n"
    "      var side = sides[u[2] - 1], zone = u[3], place = u[4];\n"
    "      if (zone === \"b\" && place && cells[place.slice(0, 2)]) {\n"
    "        if (place.length > 2) symbiotes.push(u); else cells[place].appendChild(unitBox(u));\n"
    "      } else if (zone === \"x\" || zone === \"g\" || zone === \"e\") side[zone].push(u);\n"
    "      else if (zone === \"d\") { if (has(u, \"s\") && s[1] <= PLACE) side.place.push(u); }\n"
    "      else side.other.push(u);\n"
    "    }\n"
    "    symbiotes.forEach(function (v) { cells[v[4].slice(0, 2)].appendChild(unitBox(v, \"+ \")); });\n"
    "    for (p = 0; p < 2; p++) {\n"
    "      var z = sides[p], panel = $(\"side-\" + (p + 1));\n"
    "      panel.querySelector(\".deck-count\").textContent = z.deck;\n"
    "      panel.querySelector(\".grave-count\").textContent = z.g.length;\n"
    "      panel.querySelector(\".extra-count\").textContent = z.x.length;\n"
    "      panel.querySelector(\".exile-count\").textContent = z.e.length;\n"
    "      var list = panel.querySelector(\".zone-list\");\n"
    "      clear(list);\n"
    "      z.x.sort(function (a, b) { return order(a) - order(b); });\n"
    "      z.x.forEach(function (v) { item(list, v[4], v); });\n"
    "      z.place.forEach(function (v) { item(list, \"to place\", v); });\n"
    "      z.other.forEach(function (v) { item(list, v[4] || \"in play\", v); });\n"
    "      z.g.forEach(function (v) { item(list, \"graveyard\", v, true); });\n"
    "      z.e.forEach(function (v) { item(list, \"exile\", v, true); });\n"
    "    }\n"
    "    var rec = $(\"recruitment\");\n"
    "    rec.hidden = !st.r;\n"
    "    for (p = 0; st.r && p < 2; p++) {\n"
    "      var r = st.r[p], out = $(\"recruit-\" + (p + 1));\n"
    "      out.querySelector(\".crystals\").textContent = \"gold \" + r[0] + \", silver \" + r[1] + \" left · spent \" + r[3] +\n"
    "        (r[2] ? \" · redeals \" + r[2] : \"\") + (r[4] ? \" · recruited\" : \"\");\n"
    "      var deal = out.querySelector(\".deal\");\n"
    "      clear(deal);\n"
    "      for (i = 0; i < r[5].length; i++) {\n"
    "        var card = cards[r[5][i]], li = el(\"li\", r[6][i] ? \"taken\" : \"\");\n"
    "        li.appendChild(document.createTextNode(card[0] + \" \"));\n"
    "        li.appendChild(el(\"span\", \"muted\", card[2] + (card[3] ? \" gold\" : \"\")));\n"
    "        if (r[6][i]) li.appendChild(el(\"span\", \"mark\", \" taken\"));\n"
    "        deal.appendChild(li);\n"
    "      }\n"
    "    }\n"
    "    $(\"counter\").textContent = k + \" / \" + last;\n"
    "    $(\"turn\").textContent = s[0] ? \"turn \" + s[0] : \"preliminary phase\";\n",
    "    $(\"whose\").textContent = s[0] ? \"player \" + s[2] + \"'s turn\" : \"\";\n"
    "    $(\"phase\").textContent = phases[s[1]] || \"\";\n"
    "    $(\"to-act\").textContent = s[3] ? \"player \" + s[3] + \" to act\" : \"\";\n"
    "    var end = result(s);\n"
    "    if (!end && k === last) end = \"The log ends here; the game goes on.\";\n"
    "    $(\"result\").textContent = end;\n"
    "    $(\"result\").hidden = !end;\n"
    "    var now = null;\n"
    "    for (i = 0; i < events.length; i++) {\n"
    "      var step = +events[i].getAttribute(\"data-step\");\n"
    "      events[i].hidden = step > k;\n"
    "      if (step === k) { events[i].setAttribute(\"aria-current\", \"step\"); now = events[i]; }\n"
    "      else events[i].removeAttribute(\"aria-current\");\n"
    "    }\n"
    "    var shown = $(\"current\");\n"
    "    clear(shown);\n"
    "    if (now) for (var n = now.firstChild; n; n = n.nextSibling) shown.appendChild(n.cloneNode(true));\n"
    "    if (now && (now.offsetTop < box.scrollTop || now.offsetTop + now.offsetHeight > box.scrollTop + box.clientHeight))\n"
    "      box.scrollTop = now.offsetTop - box.clientHeight / 2;\n"
    "    slider.value = k;\n"
    "    number.value = k;\n"
    "    $(\"first\").setAttribute(\"aria-disabled\", k === 0);\n"
    "    $(\"back\").setAttribute(\"aria-disabled\", k === 0);\n"
    "    $(\"forward\").setAttribute(\"aria-disabled\", k === last);\n"
    "    $(\"last\").setAttribute(\"aria-disabled\", k === last);\n"
    "  }\n"
    "  $(\"first\").addEventListener(\"click\", function () { render(0); });\n"
    "  $(\"back\").addEventListener(\"click\", function () { render(current - 1); });\n"
    "  $(\"forward\").addEventListener(\"click\", function () { render(current + 1); });\n"
    "  $(\"last\").addEventListener(\"click\", function () { render(last); });\n"
    "  slider.addEventListener(\"input\", function () { render(+slider.value); });\n"
    "  number.addEventListener(\"change\", function () {\n"
    "    var v = parseInt(number.value, 10);\n"
    "    render(isNaN(v) ? current : v);\n"
    "  });\n"
    "  document.addEventListener(\"keydown\", function (ev) {\n"
    "    if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.target === slider || ev.target === number) return;\n"
    "    var to = {ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: last}[ev.key];\n"
    "    if (to === undefined) return;\n"
    "    ev.preventDefault();\n"
    "    render(to);\n"
    "  });\n"
    "  render(0);\n"
    "})();\n",
};

static void fact(FILE *out, const char *label)
{
    fputs("<tr><th scope=\"row\">", out);
    bsk_html_text(out, label);
    fputs("</th><td>", out);
}

/* The deck and agent of the player in `seat_number` (DESIGN §5 header), as text; `brief`: the deck
 * file's name without its directories. */
static void player_label(FILE *out, const bsk_replay *replay, int seat_number, int first, bool brief)
{
    if (replay->position || first == 0) {
        fprintf(out, "player %d", seat_number);
        return;
    }
    const bsk_replay_player *p = &replay->players[seat_number == 1 ? first - 1 : 2 - first];
    const char *name = p->deck_name, *slash = strrchr(name, '/');
    if (brief && slash && slash[1]) /* a deck file's name without its directories */
        name = slash + 1;
    bsk_html_text(out, name[0] ? name : "(a deck without a name)");
    if (p->agent[0]) {
        fputs(" (", out);
        bsk_html_text(out, p->agent);
        fputc(')', out);
    }
    if (p->squad)
        fputs(", a ready squad", out);
}

static void result_text(FILE *out, const bsk_match *m)
{
    static const char *const reasons[] = {"", "no creatures left", "a redeal without gold", "no legal squad",
                                          "the turn cap", "a card feature"};
    const bsk_match_result *r = bsk_match_result_get(m);
    if (!r->over) {
        fprintf(out, "the game goes on (turn %d, player %d active)", m->turn, m->active);
        return;
    }
    if (r->winner)
        fprintf(out, "player %d wins", r->winner);
    else
        fputs("a draw", out);
    fprintf(out, " on turn %d", m->turn);
    if (r->reason > 0 && r->reason < sizeof reasons / sizeof reasons[0])
        fprintf(out, " (%s)", reasons[r->reason]);
    if (r->cap_actions)
        fputs(" (the declaration cap)", out);
    if (r->cap_effects)
        fputs(r->cap_effects == BSK_CAP_STACK ? " (the stack cap)" : " (the effects cap)", out);
}

static void header(FILE *out, const char *path, const frames *f, int first)
{
    const bsk_replay *replay = f->replay;
    const char *slash = strrchr(path, '/');
    fputs("<header>\n<h1>Replay of <code>", out);
    bsk_html_text(out, slash && slash[1] ? slash + 1 : path);
    fputs("</code></h1>\n<table class=\"facts\" id=\"game-facts\"><tbody>\n", out);
    for (int s = 1; s <= 2; s++) {
        char label[32];
        snprintf(label, sizeof label, "Player %d%s", s, s == 1 ? " (moves first)" : "");
        fact(out, label);
        fprintf(out, "<span class=\"who p%d\">%d</span> ", s, s);
        player_label(out, replay, s, first, false);
        fputs("</td></tr>\n", out);
    }
    if (replay->position) {
        fact(out, "Start");
        fprintf(out, "a position: turn %d, player %d active</td></tr>\n", replay->start.turn, replay->start.active);
    } else {
        fact(out, "Seed");
        fprintf(out, "%llu</td></tr>\n", (unsigned long long)replay->seed);
        fact(out, "Format");
        bsk_html_text(out, replay->format);
        fputs("</td></tr>\n", out);
    }
    fact(out, "Steps");
    fprintf(out, "%zu step%s (declarations and answers), %d turn%s</td></tr>\n", f->count - 1,
            f->count == 2 ? "" : "s", replay->match.turn, replay->match.turn == 1 ? "" : "s");
    fact(out, "Result");
    fputs("<span id=\"final-result\">", out);
    result_text(out, &replay->match);
    fputs("</span></td></tr>\n", out);
    fact(out, "Log");
    fputs("<code>", out);
    bsk_html_text(out, path);
    char hash[17];
    bsk_match_hash_format(bsk_match_hash(&replay->match), hash);
    fprintf(out, "</code>, final hash %s</td></tr>\n</tbody></table>\n</header>\n", hash);
}

static void controls(FILE *out, size_t last)
{
    fputs("<nav class=\"controls\" aria-label=\"Replay controls\">\n"
          "<button type=\"button\" id=\"first\" title=\"The first step (Home)\">« First</button>\n"
          "<button type=\"button\" id=\"back\" title=\"One step back (←)\">‹ Back</button>\n"
          "<button type=\"button\" id=\"forward\" title=\"One step forward (→)\">Forward ›</button>\n"
          "<button type=\"button\" id=\"last\" title=\"The last step (End)\">Last »</button>\n",
          out);
    fprintf(out,
            "<label for=\"step\">Step</label><input type=\"range\" id=\"step\" min=\"0\" max=\"%zu\" value=\"0\" "
            "step=\"1\">\n<label class=\"visually-hidden\" for=\"step-number\">Step number</label>"
            "<input type=\"number\" id=\"step-number\" min=\"0\" max=\"%zu\" value=\"0\" step=\"1\">\n"
            "<span id=\"counter\">0 / %zu</span>\n</nav>\n",
            last, last, last);
    fputs("<p class=\"muted no-print\">Keys: ← and → step back and forward, Home and End go to the first and the last "
          "step.</p>\n",
          out);
}

static void board(FILE *out)
{
    fputs("<table class=\"board\" id=\"board\"><caption class=\"visually-hidden\">The board: rows 6 to 4 are the "
          "second player's half, rows 3 to 1 the first player's</caption>\n<thead><tr><td class=\"corner\"></td>",
          out);
    for (int column = 0; column < 5; column++)
        fprintf(out, "<th scope=\"col\">%c</th>", 'a' + column);
    fputs("</tr></thead>\n<tbody>\n", out);
    for (int row = 6; row >= 1; row--) {
        fprintf(out, "<tr class=\"half%d\"><th scope=\"row\">%d</th>", row >= 4 ? 2 : 1, row);
        for (int column = 0; column < 5; column++)
            fprintf(out, "<td data-cell=\"%c%d\" id=\"cell-%c%d\"><div class=\"content\"></div>"
                         "<span class=\"cell-name\" aria-hidden=\"true\">%c%d</span></td>",
                    'a' + column, row, 'a' + column, row, 'a' + column, row);
        fputs("</tr>\n", out);
    }
    fputs("</tbody></table>\n", out);
}

static void sides(FILE *out, const bsk_replay *replay, int first)
{
    for (int s = 1; s <= 2; s++) {
        fprintf(out, "<section class=\"side p%d\" id=\"side-%d\" aria-labelledby=\"side-%d-title\">\n"
                     "<h3 id=\"side-%d-title\"><span class=\"owner\">%d</span> ",
                s, s, s, s, s);
        player_label(out, replay, s, first, true);
        fputs("</h3>\n<p>deck <span class=\"deck-count\">0</span> · graveyard <span class=\"grave-count\">0</span> "
              "· extra zone <span class=\"extra-count\">0</span> · exile <span class=\"exile-count\">0</span></p>\n"
              "<ul class=\"zone-list\"></ul>\n</section>\n",
              out);
    }
}

static void recruitment(FILE *out, const bsk_replay *replay, int first)
{
    fputs("<section id=\"recruitment\" aria-labelledby=\"recruitment-title\" hidden>\n<h2 id=\"recruitment-title\">"
          "Recruitment (402.4, 403)</h2>\n",
          out);
    for (int s = 1; s <= 2; s++) {
        fprintf(out, "<div class=\"recruit-player\" id=\"recruit-%d\"><h3><span class=\"who p%d\">%d</span> ", s, s, s);
        player_label(out, replay, s, first, true);
        fputs("</h3><p class=\"crystals\"></p><ol class=\"deal\"></ol></div>\n", out);
    }
    fputs("</section>\n", out);
}

bsk_status bsk_replay_page_write(FILE *out, const char *path, const char *text, size_t length, bsk_pool *pool,
                                 int catalog_revision, bsk_replay_page_info *info, bsk_error *error)
{
    bsk_replay *replay = malloc(sizeof *replay);
    frames f = {replay, malloc(256 * sizeof *f.items), malloc(256 * sizeof *f.record_at), 1, 256, false};
    if (!replay || !f.items || !f.record_at) {
        free(replay);
        free(f.items);
        free(f.record_at);
        return bsk_error_set(error, BSK_ERR_NOMEM, "replay.memory", "out of memory");
    }
    bsk_status status = bsk_game_log_replay_text(text, length, path, pool, catalog_revision, replay, keep_frame, &f,
                                                 error);
    if (!status && f.out_of_memory)
        status = bsk_error_set(error, BSK_ERR_NOMEM, "replay.memory", "out of memory: %zu steps", f.count);
    if (status) {
        bsk_replay_free(replay);
        free(replay);
        free(f.items);
        free(f.record_at);
        return status;
    }
    f.items[0] = replay->start;
    f.record_at[0] = 0;
    int first = first_deck(replay);
    const char *slash = strrchr(path, '/');
    char title[160];
    snprintf(title, sizeof title, "Replay of %s", slash && slash[1] ? slash + 1 : path);
    bsk_utf8_trim_cut(title);
    bsk_html_begin(out, title, CSS);
    header(out, path, &f, first);
    fputs("<main>\n", out);
    controls(out, f.count - 1);
    fputs("<div class=\"status\" id=\"status\" aria-live=\"polite\"><span id=\"turn\"></span><span id=\"whose\"></span>"
          "<span id=\"phase\"></span><span id=\"to-act\"></span></div>\n<p id=\"result\" hidden></p>\n"
          "<div id=\"current\"></div>\n",
          out);
    recruitment(out, replay, first);
    fputs("<div class=\"table\">\n<div>\n", out);
    board(out);
    fputs("</div>\n<div>\n", out);
    sides(out, replay, first);
    fputs("</div>\n</div>\n", out);
    fputs("<section aria-labelledby=\"events-title\">\n<h2 id=\"events-title\">Events</h2>\n"
          "<div id=\"events-box\" tabindex=\"0\" role=\"region\" aria-label=\"Events up to this step\">\n<ol id=\"events\">\n",
          out);
    for (size_t k = 0; k < f.count; k++)
        event_item(out, &f, k, first);
    fputs("</ol>\n</div>\n</section>\n</main>\n", out);

    fputs("<script type=\"application/json\" id=\"replay-data\">{\"phases\":[", out);
    for (int p = 0; p < BSK_PHASE_COUNT; p++) {
        fputs(p ? "," : "", out);
        bsk_html_json_string(out, bsk_phase_id(p));
    }
    fputs("],\n\"cards\":[", out);
    for (int slot = 0; slot < replay->cards.count; slot++) {
        const bsk_card_entry *e = &replay->cards.entries[slot];
        fputs(slot ? ",\n[" : "\n[", out);
        bsk_html_json_string(out, e->card->name);
        fputc(',', out);
        bsk_html_json_string(out, e->card->id);
        fprintf(out, ",%d,%d]", e->cost, (e->flags & BSK_ENTRY_ELITE) != 0);
    }
    fputs("],\n\"frames\":[", out);
    bool written = frames_json(out, &f);
    fputs("]}</script>\n<script>\n", out);
    for (size_t i = 0; i < sizeof SCRIPT / sizeof SCRIPT[0]; i++)
        fputs(SCRIPT[i], out);
    fputs("</script>\n", out);
    bsk_html_end(out, NULL);
    if (info)
        *info = (bsk_replay_page_info){f.count - 1, replay->match.turn, bsk_match_result_get(&replay->match)->over,
                                       bsk_match_result_get(&replay->match)->winner};
    bsk_replay_free(replay);
    free(replay);
    free(f.items);
    free(f.record_at);
    if (!written)
        return bsk_error_set(error, BSK_ERR_NOMEM, "replay.memory", "out of memory");
    return BSK_OK;
}
