/* position_text.c — the readable forms of `berserk position` and `berserk replay` (cli/, not
 * formats/: a text board is for a person at a terminal): the 5×6 board with short names, owners
 * and life, the extra zones, the records as text, the result, the hash and the error. */
#include "position_text.h"

#include "cli.h"
#include "name_cut.h"

#include "berserk/board.h"

/* Where a card is: its cell (a seated symbiote's is its host's, 211.9, without the "s" that
 * names it in records) or its extra-zone place. */
static void card_place(const bsk_match *m, int unit, char out[8])
{
    bsk_match_unit_place(m, unit, out);
    if (out[0] && (out[2] == 's' || out[2] == 'i')) /* or a cell's second card, "c3i" (524.2) */
        out[2] = '\0';
}

void bsk_record_format(const bsk_record *r, char *out, size_t size)
{
    if (r->type == BSK_RECORD_ROLL) {
        snprintf(out, size, "  roll %d (player %d%s%s)", r->value, r->player, r->from[0] ? ", " : "", r->from);
        return;
    }
    /* an answer by the form of its first key (berserk/action.h); declarations and the rest below */
    const bsk_action_kind_info *info = bsk_action_kind_info_get(r->kind);
    const char *id = bsk_action_kind_id(r->kind);
    switch (info && !info->declaration ? info->slots[0].form : -1) {
    case BSK_FORM_PLACE_OR_NULL: /* guard PLACE, guard none */
        snprintf(out, size, "%d %s %s", r->player, id, r->from[0] ? r->from : "none");
        return;
    case BSK_FORM_BOOL: /* step_down, first, use: yes or no */
        snprintf(out, size, "%d %s %s", r->player, id, r->flag ? "yes" : "no");
        return;
    case BSK_FORM_NAME: /* take, place: the card's name */
        snprintf(out, size, "%d %s %s%s%s", r->player, id, r->card, r->to[0] ? " " : "", r->to);
        return;
    case BSK_FORM_PLACE_OR_NAME:
    case BSK_FORM_CHOICE: /* order, choose: a place, a name or word, or a number */
        if (r->from[0] || r->card[0])
            snprintf(out, size, "%d %s %s", r->player, id, r->from[0] ? r->from : r->card);
        else
            snprintf(out, size, "%d %s %d", r->player, id, r->index);
        return;
    case BSK_FORM_NUMBER: /* mode N */
        snprintf(out, size, "%d %s %d", r->player, id, r->index);
        return;
    default:
        break;
    }
    char index[48] = "";
    if (info && info->declaration && (info->uses & BSK_USES_INDEX) && r->src > 0) /* a feature by its src (DESIGN §5) */
        snprintf(index, sizeof index, " src %d%s%s", r->src, r->source[0] ? " of " : "", r->source);
    else if (info && info->declaration && (info->uses & BSK_USES_INDEX)) /* ability, feature */
        snprintf(index, sizeof index, " #%d", r->index);
    snprintf(out, size, "%d %s%s%s%s%s%s", r->player, id, index, r->from[0] ? " " : "",
             r->from, r->to[0] ? " -> " : "", r->to);
}

/* Names shown whole up to this many columns, else cut after a word with "…" (issue 20 §4). */
enum { NAME_COLUMNS = 8 };

/* "1Кочевник 4": owner, short name, life; a hidden card shows only its owner. */
static void unit_label(const bsk_match *m, const bsk_card_table *cards, int unit, char *out, size_t size)
{
    const bsk_unit *u = &m->units[unit];
    char name[64];
    cli_name_cut(cards->entries[u->slot].card->name, NAME_COLUMNS, name, sizeof name);
    snprintf(out, size, "%d%s%s %d%s", u->owner, (u->flags & BSK_UNIT_HIDDEN) ? "?" : "", name,
             bsk_match_unit_life(m, cards, unit), (u->flags & BSK_UNIT_TAPPED) ? "t" : "");
}

void bsk_position_print_board(FILE *out, const bsk_match *m, const bsk_card_table *cards)
{
    enum { WIDTH = 2 + NAME_COLUMNS + 4 }; /* owner, hidden mark, name, space, life, tapped: 2 + 5 × 15 = 77 columns */
    for (int row = 6; row >= 1; row--) {
        fprintf(out, "%d ", row);
        for (int col = 0; col < 5; col++) {
            int unit = bsk_match_unit_at(m, (row - 1) * 5 + col);
            char label[96] = ".";
            if (unit >= 0)
                unit_label(m, cards, unit, label, sizeof label);
            int pad = WIDTH - cli_text_columns(label);
            fprintf(out, " %s%*s", label, pad > 0 ? pad : 0, "");
        }
        fputc('\n', out);
    }
    fprintf(out, "  ");
    for (int col = 0; col < 5; col++)
        fprintf(out, " %c%*s", 'a' + col, WIDTH - 1, "");
    fputc('\n', out);
    for (int i = 0; i < m->unit_count; i++) {
        const bsk_unit *u = &m->units[i];
        if (u->zone == BSK_ZONE_BATTLEFIELD && u->host < 0)
            continue;
        char place[8], label[96];
        card_place(m, i, place);
        unit_label(m, cards, i, label, sizeof label);
        if (u->host >= 0 && u->zone == BSK_ZONE_BATTLEFIELD)
            fprintf(out, "  %s on %s: %s\n", cards->entries[u->slot].card->name, place, label);
        else
            fprintf(out, "  %s %s%s%s\n", bsk_zone_id(u->zone), place, place[0] ? ": " : "", label);
    }    for (int cell = 0; cell < BSK_BOARD_ROWS * BSK_BOARD_COLUMNS; cell++) { /* cell7: named markers on cells (544.1) */
        int names[BSK_MATCH_CELL_MARKERS_MAX], bys[BSK_MATCH_CELL_MARKERS_MAX], counts[BSK_MATCH_CELL_MARKERS_MAX];
        int n = bsk_match_cell_markers(m, cell, names, bys, counts, BSK_MATCH_CELL_MARKERS_MAX);
        for (int k = 0; k < n && k < BSK_MATCH_CELL_MARKERS_MAX; k++) {
            char place[4];
            bsk_cell_format(cell, place);
            fprintf(out, "  cell %s: %d «%s» of player %d\n", place, counts[k],
                    names[k] < cards->marker_name_count ? cards->marker_names[names[k]] : "?", bys[k]);
        }
    }
}

/* The card features of the cards in the game, each in words from its program (describe.c): the
 * fixture cards' today, the catalogue's once it encodes them (issue 22 §2). Numbered as `feature
 * PLACE N` and a position's `src` number them. */
static void print_features(FILE *out, const bsk_card_table *cards)
{
    bool any = false;
    for (int slot = 0; slot < cards->count; slot++) {
        int count;
        const bsk_feature *f = bsk_card_table_features(cards, slot, &count);
        if (count == 0 || cards->name_class[slot] != slot)
            continue; /* copies of a name share their features: listed once */
        if (!any)
            fprintf(out, "features:\n");
        any = true;
        fprintf(out, "  %s\n", cards->entries[slot].card->name);
        for (int k = 0; k < count; k++) {
            char text[512], first[24];
            bsk_feature_describe(&f[k], text, sizeof text);
            snprintf(first, sizeof first, "    %d ", k + 1);
            cli_print_wrapped(out, first, "      ", text, 80);
        }
    }
}

void bsk_position_print_text(FILE *out, const bsk_match *m, const bsk_card_table *cards, const bsk_record_list *log,
                             const bsk_position_outcome *outcome)
{
    bsk_position_print_board(out, m, cards);
    print_features(out, cards);
    fprintf(out, "events:\n");
    for (size_t i = 0; log && i < log->count; i++) {
        char line[256];
        bsk_record_format(&log->items[i], line, sizeof line);
        fprintf(out, "  %s\n", line);
    }
    const bsk_match_result *r = bsk_match_result_get(m);
    if (!r->over)
        fprintf(out, "result: the game goes on (turn %d, player %d active)\n", m->turn, m->active);
    else if (r->winner)
        fprintf(out, "result: player %d wins\n", r->winner);
    else
        fprintf(out, "result: a draw%s\n", r->cap_effects == BSK_CAP_STACK ? " by the stack cap" : r->cap_effects ? " by the effects cap" : r->by_cap ? " by the turn cap" : "");
    char hash[17];
    bsk_match_hash_format(bsk_match_hash(m), hash);
    fprintf(out, "hash: %s\n", hash);
    if (outcome && outcome->stop != BSK_POSITION_DONE) {
        char where[48] = "";
        if (outcome->step && outcome->index >= 0)
            snprintf(where, sizeof where, " at %s[%d]", outcome->step, outcome->index);
        fprintf(out, "error%s: %s [%s] %s\n", where, outcome->code, outcome->error.rule, outcome->error.message);
    }
}
