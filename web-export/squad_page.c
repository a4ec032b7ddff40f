/* squad_page.c — the squad page of squad_page.h: the board as an HTML table (the table is the
 * text alternative: each cell names its card), the crystals as a table with meters, the recruit
 * order, the deal, and the verdict. Nothing is decided here: the squad, its payments and its
 * placement come from lib/ (bsk_scenario_run, or squad auto's optimizer and tiers). */
#include "squad_page.h"

#include "berserk/board.h"
#include "html.h"

#include <string.h>

static const char *const SQUAD_CSS =
    ".verdict{display:inline-block;font-weight:700;padding:.2rem .6rem;border-radius:4px;margin:.2rem 0}"
    ".verdict.legal{color:var(--good);background:#e6f3e6}.verdict.illegal{color:var(--bad);background:var(--bad-bg)}"
    ".meta{color:var(--muted);margin:.1rem 0}.sub{color:var(--muted);font-size:.85em}"
    ".layout{display:flex;flex-wrap:wrap;gap:0 2rem;align-items:flex-start}#board-section{max-width:42rem;flex:0 0 auto}#crystals{flex:1 1 18rem}"
    "table.board{border-collapse:separate;border-spacing:4px;table-layout:fixed;margin:0}"
    "table.board caption{text-align:left;color:var(--muted);font-size:.9rem;caption-side:bottom;max-width:46rem}"
    "table.board th{text-align:center;color:var(--muted);border:0;padding:.1rem}"
    "table.board thead th{height:1.4rem}table.board tbody th{width:3.2rem;font-size:.9rem}"
    "table.board td{width:7rem;height:4.4rem;border:1px solid var(--line);border-radius:6px;padding:.25rem .4rem;"
    "background:#fff;font-size:.85rem;line-height:1.25}"
    "table.board td.other{background:#f1f1f1;border-style:dashed;height:2rem}"
    "table.board td.card{border-left-width:7px;background:#f6f9fc}"
    "table.board td.refused{outline:3px solid var(--bad);outline-offset:-3px;background:var(--bad-bg)}"
    ".cell{display:block;font-size:.72rem;color:var(--muted)}.name{display:block;font-weight:600}"
    "table.board td.el-plains{border-left-color:#8a6a00}table.board td.el-mountains{border-left-color:#3d6a9e}"
    "table.board td.el-forests{border-left-color:#2e7d32}table.board td.el-swamps{border-left-color:#5f6b2a}"
    "table.board td.el-darkness{border-left-color:#5e35b1}table.board td.el-neutral{border-left-color:#616161}"
    "table.board td.el-several{border-left-color:#1a1a1a}table.board td.corner{border:0;background:none;width:auto;height:auto;padding:0}"
    ".sw{margin-right:.25rem}.sw-plains{color:#8a6a00}.sw-mountains{color:#3d6a9e}.sw-forests{color:#2e7d32}"
    ".sw-swamps{color:#5f6b2a}.sw-darkness{color:#5e35b1}.sw-neutral{color:#616161}.sw-several{color:#1a1a1a}"
    ".gold{color:#7a5300}.silver{color:#3d4a57}"
    "meter{width:6rem;height:1rem;vertical-align:middle}"
    "table.facts th{font-weight:600}tr.refused td{background:var(--bad-bg)}tr.refused td:first-child"
    "{box-shadow:inset 4px 0 0 var(--bad)}tr.taken td:first-child{font-weight:600}"
    "ul.legend{list-style:none;padding:0;margin:.3rem 0;display:flex;flex-wrap:wrap;gap:.2rem 1rem;font-size:.85rem}"
    "@media print{table.board td{height:3.6rem;width:6.8rem;font-size:8pt}body{font-size:9pt}"
    "table.board td,.sw,.verdict{-webkit-print-color-adjust:exact;print-color-adjust:exact}}";

/* ---- Helpers ---- */

static const char *element_class(const bsk_card *card)
{
    int count = bsk_card_element_count(card);
    if (count == 0)
        return "neutral";
    if (count > 1)
        return "several";
    for (int e = 0; e < BSK_ELEMENT_COUNT; e++)
        if (bsk_card_has_element(card, (bsk_element)e))
            return bsk_element_id(e);
    return "neutral";
}

static void elements_text(FILE *out, const bsk_card *card)
{
    if (!card->elements) {
        fputs("neutral", out);
        return;
    }
    bool any = false;
    for (int e = 0; e < BSK_ELEMENT_COUNT; e++)
        if (bsk_card_has_element(card, (bsk_element)e)) {
            fprintf(out, "%s%s", any ? ", " : "", bsk_element_id(e));
            any = true;
        }
}

static void cost_text(FILE *out, const bsk_card *card)
{
    if (card->cost_x)
        fputs("X", out);
    else
        fprintf(out, "%d", card->cost);
    fprintf(out, "<span class=\"%s\" aria-hidden=\"true\">%s</span><span class=\"visually-hidden\"> %s</span>",
            card->elite ? "gold" : "silver", card->elite ? "◆" : "◇", card->elite ? "gold (elite)" : "silver");
}

static void kind_text(FILE *out, const bsk_card *card)
{
    bsk_html_text(out, bsk_type_id(card->type));
    if (card->subtype != BSK_SUBTYPE_NONE) {
        fputs(", ", out);
        bsk_html_text(out, bsk_subtype_id(card->subtype));
    }
}

static const bsk_card *squad_card(const bsk_recruit *squad, int index)
{
    return squad->deal[squad->squad[index]];
}

/* The cell where squad card `index` stands, or -1. */
static int cell_of(const bsk_placement *placement, int index)
{
    for (int cell = 0; placement && cell < BSK_BOARD_CELLS; cell++)
        if (placement->occupant[cell] == index)
            return cell;
    return -1;
}

/* The cell a refused placement step asked for, or -1. */
static int refused_cell(const bsk_squad_page *page)
{
    const bsk_scenario_verdict *v = page->verdict;
    if (!v || v->legal || v->step != BSK_SCENARIO_PLACEMENT || v->index < 0 || !page->scenario ||
        v->index >= page->scenario->placement_count)
        return -1;
    return page->scenario->placement[v->index].cell;
}

/* ---- The verdict ---- */

static void verdict_write(FILE *out, const bsk_squad_page *page)
{
    const bsk_scenario_verdict *v = page->verdict;
    if (!v) {
        if (page->found)
            fputs("<p class=\"verdict legal\" id=\"verdict\">✓ The best legal squad of this deal</p>\n", out);
        else
            fputs("<p class=\"verdict illegal\" id=\"verdict\">✗ No legal squad: the player loses (403.2.5)</p>\n",
                  out);
        if (page->explanation) {
            fputs("<p id=\"explanation\">", out);
            bsk_html_text(out, page->explanation);
            fputs(".</p>\n", out);
        }
        return;
    }
    if (v->legal) {
        fputs("<p class=\"verdict legal\" id=\"verdict\">✓ Legal: every step follows the rules</p>\n", out);
        return;
    }
    fputs("<p class=\"verdict illegal\" id=\"verdict\">✗ Illegal at ", out);
    bsk_html_text(out, bsk_scenario_step_id(v->step));
    if (v->index >= 0)
        fprintf(out, "[%d]", v->index);
    if (v->card) {
        fputs(" (", out);
        bsk_html_text(out, v->card->name);
        fputs(")", out);
    }
    fputs("</p>\n<p id=\"violation\"><code>", out);
    bsk_html_text(out, v->code);
    fputs("</code> ", out);
    bsk_html_text(out, v->message);
    fputs(" <span class=\"muted\">[rule ", out);
    bsk_html_text(out, v->rule);
    fputs("]</span></p>\n", out);
}

/* ---- The board ---- */

static void board_write(FILE *out, const bsk_squad_page *page)
{
    const bsk_recruit *squad = page->squad;
    int player = squad->player, refused = refused_cell(page);
    int front = bsk_player_front_row(player), back = player == BSK_PLAYER_FIRST ? 1 : 6;
    fputs("<section id=\"board-section\" aria-labelledby=\"board-heading\">\n<h2 id=\"board-heading\">The board</h2>\n",
          out);
    if (!page->placement)
        fputs("<p id=\"not-placed\">Nothing is placed: the scenario has no placement.</p>\n", out);
    fputs("<table class=\"board\" id=\"board\">\n<caption>", out);
    fprintf(out,
            "Global cells (DESIGN §2): columns a–e from the first player's left, rows 1–6 from the first player's back "
            "row. The %s player's half is rows %s (front row %d, back row %d); the other half is the opponent's.",
            player == BSK_PLAYER_FIRST ? "first" : "second", player == BSK_PLAYER_FIRST ? "1–3" : "4–6", front, back);
    fputs("</caption>\n<thead><tr><td class=\"corner\"></td>", out);
    for (int column = 0; column < BSK_BOARD_COLUMNS; column++)
        fprintf(out, "<th scope=\"col\">%c</th>", 'a' + column);
    fputs("</tr></thead>\n<tbody>\n", out);
    for (int row = BSK_BOARD_ROWS; row >= 1; row--) {
        fprintf(out, "<tr><th scope=\"row\">%d", row);
        if (row == front)
            fputs("<br><span class=\"sub\">front</span>", out);
        else if (row == back)
            fputs("<br><span class=\"sub\">back</span>", out);
        fputs("</th>", out);
        for (int column = 0; column < BSK_BOARD_COLUMNS; column++) {
            int cell = bsk_cell_make(column, row);
            char name[4];
            bsk_cell_format(cell, name);
            int occupant = page->placement ? page->placement->occupant[cell] : -1;
            const char *refused_class = cell == refused ? " refused" : "";
            if (!bsk_cell_on_half(player, cell)) {
                fprintf(out, "<td class=\"other\" id=\"cell-%s\"><span class=\"cell\">%s</span>"
                             "<span class=\"visually-hidden\">opponent's half</span></td>",
                        name, name);
            } else if (occupant < 0) {
                fprintf(out, "<td class=\"free%s\" id=\"cell-%s\"><span class=\"cell\">%s</span>", refused_class, name,
                        name);
                if (cell == refused)
                    fputs("<span class=\"name bad\">✗ refused</span>", out);
                else
                    fputs("<span class=\"visually-hidden\">empty</span>", out);
                fputs("</td>", out);
            } else {
                const bsk_card *card = squad_card(squad, occupant);
                fprintf(out, "<td class=\"card el-%s%s\" id=\"cell-%s\" data-card=\"", element_class(card),
                        refused_class, name);
                bsk_html_text(out, card->name);
                fprintf(out, "\"><span class=\"cell\">%s · %d.</span><span class=\"name\">", name, occupant + 1);
                bsk_html_text(out, card->name);
                fputs("</span>", out);
                cost_text(out, card);
                if (card->subtype != BSK_SUBTYPE_NONE && card->subtype != BSK_SUBTYPE_GROUND) {
                    fputs(" <span class=\"sub\">", out);
                    bsk_html_text(out, bsk_subtype_id(card->subtype));
                    fputs("</span>", out);
                } else if (card->type != BSK_TYPE_CREATURE) {
                    fputs(" <span class=\"sub\">", out);
                    bsk_html_text(out, bsk_type_id(card->type));
                    fputs("</span>", out);
                }
                fputs("</td>", out);
            }
        }
        fputs("</tr>\n", out);
    }
    fputs("</tbody></table>\n<ul class=\"legend\" aria-label=\"Element colours\">", out);
    for (int e = 0; e <= BSK_ELEMENT_COUNT; e++)
        fprintf(out, "<li><span class=\"sw sw-%s\" aria-hidden=\"true\">■</span>%s</li>", bsk_element_id(e),
                bsk_element_id(e));
    fputs("<li><span class=\"sw sw-several\" aria-hidden=\"true\">■</span>several</li></ul>\n"
          "<p class=\"sub\">In each cell: the cell, the card's place in the recruit order, its name and cost "
          "(◆ gold, ◇ silver).</p>\n</section>\n",
          out);
}

/* ---- Crystals, elements, flyers ---- */

static void meter(FILE *out, const char *label, int value, int max)
{
    fprintf(out, "<meter min=\"0\" max=\"%d\" value=\"%d\" aria-label=\"%s\">%d of %d</meter> ", max > 0 ? max : 1,
            value, label, value, max);
}

static void facts_write(FILE *out, const bsk_squad_page *page)
{
    const bsk_recruit *s = page->squad;
    int hire_gold = 0, hire_silver = 0;
    for (int i = 0; i < s->squad_count; i++) {
        hire_gold += s->paid_gold[i];
        hire_silver += s->paid_silver[i];
    }
    fputs("<section id=\"crystals\" aria-labelledby=\"crystals-heading\">\n<h2 id=\"crystals-heading\">Crystals</h2>\n"
          "<table class=\"facts\" id=\"crystal-table\"><thead><tr><td></td><th scope=\"col\" class=\"n\">Gold ◆</th>"
          "<th scope=\"col\" class=\"n\">Silver ◇</th></tr></thead><tbody>\n",
          out);
    fprintf(out, "<tr><th scope=\"row\">At the start (402.1)</th><td class=\"n\">%d</td><td class=\"n\">%d</td></tr>\n",
            s->gold_start, s->silver_start);
    fprintf(out, "<tr><th scope=\"row\">Redeals (402.4)</th><td class=\"n\">%d</td><td class=\"n\">—</td></tr>\n",
            s->redeal_gold);
    fprintf(out, "<tr><th scope=\"row\">Element penalty (403.2.1)</th><td class=\"n\">%d</td><td class=\"n\">—</td>"
                 "</tr>\n",
            s->penalty_gold);
    fprintf(out, "<tr><th scope=\"row\">Hire prices</th><td class=\"n\">%d</td><td class=\"n\">%d</td></tr>\n",
            hire_gold, hire_silver);
    fprintf(out, "<tr><th scope=\"row\">Left</th><td class=\"n\" id=\"gold-left\">%d</td>"
                 "<td class=\"n\" id=\"silver-left\">%d</td></tr>\n</tbody></table>\n",
            s->gold, s->silver);
    fputs("<table class=\"facts\"><tbody>\n<tr><th scope=\"row\">Crystals spent</th><td id=\"spent\">", out);
    meter(out, "crystals spent of all", s->spent, s->gold_start + s->silver_start);
    fprintf(out, "%d of %d (hire prices)</td></tr>\n<tr><th scope=\"row\">Flyer budget (403.2.3)</th>"
                 "<td id=\"flyers\">",
            s->spent, s->gold_start + s->silver_start);
    meter(out, "flyer budget used", s->flyer_crystals, s->params.flyer_budget);
    fprintf(out, "%d/%d crystals on flyers</td></tr>\n<tr><th scope=\"row\">Elements</th><td id=\"elements\">",
            s->flyer_crystals, s->params.flyer_budget);
    bool any = false;
    for (int e = 0; e < BSK_ELEMENT_COUNT; e++)
        if (s->elements & (1u << e)) {
            fprintf(out, "%s<span class=\"sw sw-%s\" aria-hidden=\"true\">■</span>", any ? ", " : "",
                    bsk_element_id(e));
            bsk_html_text(out, bsk_element_id(e));
            fputs(" (", out);
            bsk_html_text(out, bsk_element_ru(e));
            fputs(")", out);
            any = true;
        }
    fprintf(out, "%s</td></tr>\n<tr><th scope=\"row\">Squad</th><td id=\"squad-size\">%d card%s: %d creature%s, "
                 "%d terrain%s</td></tr>\n</tbody></table>\n</section>\n",
            any ? "" : "none", s->squad_count, s->squad_count == 1 ? "" : "s", s->creatures,
            s->creatures == 1 ? "" : "s", s->terrains, s->terrains == 1 ? "" : "s");
}

/* ---- The recruit order and the deal ---- */

static void order_write(FILE *out, const bsk_squad_page *page)
{
    const bsk_recruit *s = page->squad;
    const bsk_scenario_verdict *v = page->verdict;
    fputs("<section id=\"order\" aria-labelledby=\"order-heading\">\n<h2 id=\"order-heading\">Recruit order</h2>\n"
          "<table id=\"recruit-order\"><thead><tr><th scope=\"col\" class=\"n\">#</th><th scope=\"col\">Card</th>"
          "<th scope=\"col\">Kind</th><th scope=\"col\">Element</th><th scope=\"col\" class=\"n\">Price</th>"
          "<th scope=\"col\" class=\"n\">Gold</th><th scope=\"col\" class=\"n\">Silver</th>"
          "<th scope=\"col\" class=\"n\">Penalty</th><th scope=\"col\">Cell</th></tr></thead>\n<tbody>\n",
          out);
    for (int i = 0; i < s->squad_count; i++) {
        const bsk_card *card = squad_card(s, i);
        fprintf(out, "<tr class=\"taken\"><td class=\"n\">%d</td><td>", i + 1);
        bsk_html_text(out, card->name);
        fputs("</td><td>", out);
        kind_text(out, card);
        fputs("</td><td>", out);
        elements_text(out, card);
        fputs("</td><td class=\"n\">", out);
        cost_text(out, card);
        fprintf(out, "</td><td class=\"n\">%d</td><td class=\"n\">%d</td><td class=\"n\">%d</td><td>", s->paid_gold[i],
                s->paid_silver[i], s->paid_penalty[i]);
        int cell = cell_of(page->placement, i);
        char name[4] = "—";
        if (cell >= 0)
            bsk_cell_format(cell, name);
        fprintf(out, "%s</td></tr>\n", name);
    }
    if (v && !v->legal && v->step == BSK_SCENARIO_RECRUIT) {
        fputs("<tr class=\"refused\"><td class=\"n\">✗</td><td>", out);
        bsk_html_text(out, v->card ? v->card->name : "?");
        fprintf(out, "</td><td colspan=\"7\">not taken (recruit[%d]): <code>", v->index);
        bsk_html_text(out, v->code);
        fputs("</code> [", out);
        bsk_html_text(out, v->rule);
        fputs("]</td></tr>\n", out);
    }
    if (s->squad_count == 0 && !(v && !v->legal && v->step == BSK_SCENARIO_RECRUIT))
        fputs("<tr><td colspan=\"9\">No card recruited.</td></tr>\n", out);
    fputs("</tbody></table>\n</section>\n", out);
}

static void deal_write(FILE *out, const bsk_squad_page *page)
{
    const bsk_recruit *s = page->squad;
    /* the deal as dealt; a scenario stopped at its deal lists the file's deal instead */
    const bsk_card *const *deal = s->deal;
    int count = s->deal_count;
    bool marked = true;
    if (count == 0 && page->scenario) {
        deal = page->scenario->deal;
        count = page->scenario->deal_count;
        marked = false;
    }
    fprintf(out, "<section id=\"deal\" aria-labelledby=\"deal-heading\">\n<h2 id=\"deal-heading\">The deal (%d "
                 "card%s)</h2>\n<table id=\"deal-table\"><thead><tr><th scope=\"col\" class=\"n\">Position</th>"
                 "<th scope=\"col\">Card</th><th scope=\"col\">Kind</th><th scope=\"col\">Element</th>"
                 "<th scope=\"col\" class=\"n\">Cost</th><th scope=\"col\">In the squad</th></tr></thead>\n<tbody>\n",
            count, count == 1 ? "" : "s");
    for (int i = 0; i < count; i++) {
        const bsk_card *card = deal[i];
        bool taken = marked && s->squad_index[i] >= 0;
        fprintf(out, "<tr%s><td class=\"n\">%d</td><td>", taken ? " class=\"taken\"" : "", i);
        bsk_html_text(out, card->name);
        fputs("</td><td>", out);
        kind_text(out, card);
        fputs("</td><td>", out);
        elements_text(out, card);
        fputs("</td><td class=\"n\">", out);
        cost_text(out, card);
        if (taken)
            fprintf(out, "</td><td>✓ %d.</td></tr>\n", s->squad_index[i] + 1);
        else
            fputs("</td><td>—</td></tr>\n", out);
    }
    fputs("</tbody></table>\n<p class=\"sub\">Positions are 0-based, as <code>squad auto</code> and the scenario's "
          "<code>deal</code> count them.</p>\n</section>\n",
          out);
}

/* ---- The page ---- */

void bsk_squad_page_write(FILE *out, const bsk_squad_page *page)
{
    const bsk_recruit *s = page->squad;
    const char *base = strrchr(page->source, '/');
    base = base ? base + 1 : page->source;
    char title[512];
    snprintf(title, sizeof title, "Squad — %s", base);
    bsk_html_begin(out, title, SQUAD_CSS);
    fputs("<header>\n<h1>", out);
    bsk_html_text(out, title);
    fprintf(out, "</h1>\n<p class=\"meta\" id=\"squad-meta\">%s player · ",
            s->player == BSK_PLAYER_FIRST ? "First" : "Second");
    bsk_html_text(out, page->format_id);
    if (page->verdict) {
        fputs(" · the scenario <code>", out);
        bsk_html_text(out, page->source);
        fputs("</code> as <code>squad check</code> replays it", out);
    } else {
        fputs(" · the best squad of a deal from <code>", out);
        bsk_html_text(out, page->source);
        fprintf(out, "</code> with seed %llu, as <code>squad auto</code> finds it", page->seed);
    }
    fputs("</p>\n", out);
    verdict_write(out, page);
    fputs("</header>\n<main>\n<div class=\"layout\">\n", out);
    board_write(out, page);
    facts_write(out, page);
    fputs("</div>\n", out);
    order_write(out, page);
    deal_write(out, page);
    fputs("</main>\n", out);
    bsk_html_end(out, NULL);
}
