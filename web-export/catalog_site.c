/* catalog_site.c — the page of the catalogue site (catalog_site.h): the search form, the result
 * table and the detail dialog as HTML, the cards as JSON data in the page, and the vanilla script
 * that filters them on every keystroke. The script's name normaliser is lib/src/cards/name.c's, line for
 * line, so a query matches in the page exactly as `cards search QUERY` matches it. */
#include "catalog_site.h"

#include "berserk/card_table.h" /* the words of a feature (describe.c) */
#include "berserk/pool.h"
#include "html.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static const char *const STYLE =
    "header p{margin:.15rem 0}"
    "form.filters{display:grid;grid-template-columns:repeat(auto-fill,minmax(10.5rem,1fr));gap:.55rem .9rem;"
    "padding:.8rem;background:var(--panel);border:1px solid var(--line);border-radius:6px;margin:.7rem 0}"
    ".field{display:flex;flex-direction:column;gap:.15rem;min-width:0}.field.wide{grid-column:span 2}"
    ".field label{font-weight:600;font-size:.9rem}.field .hint{font-size:.8rem;color:var(--muted)}"
    ".field.check{flex-direction:row;align-items:center;gap:.45rem;align-self:end;padding-bottom:.3rem}"
    ".field.actions{align-self:end}"
    "input,select{font:inherit;padding:.25rem .4rem;border:1px solid #767676;border-radius:4px;background:#fff;"
    "color:var(--ink);min-width:0}input[type=checkbox]{width:1.1rem;height:1.1rem}"
    "#count{font-weight:600;margin:.5rem 0}"
    "table.cards{width:100%;font-size:.92rem}table.cards thead th{position:sticky;top:0;background:var(--bg);"
    "border-bottom:2px solid var(--line)}"
    "button.card{border:0;background:none;padding:0;color:var(--accent);text-decoration:underline;"
    "text-align:left;font-weight:600;border-radius:2px}"
    "td.keywords{color:var(--muted);font-size:.85rem}td.nowrap{white-space:nowrap}"
    "dialog{max-width:42rem;width:calc(100% - 2rem);border:1px solid var(--line);border-radius:8px;padding:0;"
    "color:var(--ink)}dialog::backdrop{background:rgba(0,0,0,.45)}dialog .inner{padding:1rem 1.25rem}"
    ".detail-head{display:flex;justify-content:space-between;align-items:baseline;gap:1rem}"
    ".detail-head h2{margin:0}"
    "dl.facts{display:grid;grid-template-columns:7rem 1fr;gap:.25rem .8rem;margin:.7rem 0 0}"
    "dl.facts dt{font-weight:600;color:var(--muted)}dl.facts dd{margin:0}dl.facts ul{margin:0;padding-left:1.1rem}"
    "button.printing{padding:.05rem .45rem;margin:.1rem 0}button.printing[aria-current]{font-weight:700}"
    "code{background:var(--panel);padding:.05rem .3rem;border-radius:3px}"
    "@media (max-width:40rem){.field.wide{grid-column:auto}table.cards td.keywords{display:none}}";

/* The script (under 4095 bytes a literal, as ISO C asks), written in order. */
static const char *const SCRIPT[] = {
    "'use strict';\n"
    "(function () {\n"
    "  var data = JSON.parse(document.getElementById('catalog-data').textContent);\n"
    "  var cards = data.cards, words = data.words;\n"
    "  var byId = {}, setName = {}, setOrder = {};\n"
    "  data.sets.forEach(function (s, i) { setName[s.id] = s.name; setOrder[s.id] = i; });\n"
    "  cards.forEach(function (c, i) { byId[c.id] = i; });\n"
    "  function $(id) { return document.getElementById(id); }\n"
    "  var form = $('filters'), tbody = $('results').tBodies[0], count = $('count'), dialog = $('detail');\n"
    "  var rows = new Array(cards.length), orders = {}, opener = null;\n"
    "\n"
    "  /* The name normaliser of DESIGN §2, as lib/src/cards/name.c writes it (the page's keys come from it). */\n"
    "  function fold(c) {\n"
    "    if (c >= 0x41 && c <= 0x5A) return c + 32;\n"
    "    if (c >= 0xC0 && c <= 0xDE && c !== 0xD7) return c + 32;\n"
    "    if (c >= 0x391 && c <= 0x3A9 && c !== 0x3A2) return c + 32;\n"
    "    if (c >= 0x400 && c <= 0x40F) return c + 80;\n"
    "    if (c >= 0x410 && c <= 0x42F) return c + 32;\n"
    "    if (((c >= 0x460 && c <= 0x481) || (c >= 0x48A && c <= 0x4BF)) && c % 2 === 0) return c + 1;\n"
    "    return c;\n"
    "  }\n"
    "  function punctuation(c) {\n"
    "    if ([0x2018, 0x2019, 0x201B, 0x2BC, 0x2B9, 0x60, 0xB4, 0x2032].indexOf(c) >= 0) return 0x27;\n"
    "    if ([0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2212].indexOf(c) >= 0) return 0x2D;\n"
    "    return c;\n"
    "  }\n"
    "  function compose(b, m) {\n"
    "    if (m === 0x308) return b === 0x435 ? 0x451 : b === 0x456 ? 0x457 : 0;\n"
    "    if (m === 0x306) return b === 0x438 ? 0x439 : b === 0x443 ? 0x45E : 0;\n"
    "    return 0;\n"
    "  }\n"
    "  function space(c) {\n"
    "    return c === 32 || (c >= 9 && c <= 13) || c === 0xA0 || (c >= 0x2000 && c <= 0x200A) || c === 0x202F ||\n"
    "      c === 0x205F || c === 0x3000;\n"
    "  }\n"
    "  function ignorable(c) { return c === 0x200B || c === 0xFEFF || c === 0xAD || c === 0x200C || c === 0x200D; }\n"
    "  function normalize(text) {\n"
    "    var s = Array.from(text, function (ch) { return ch.codePointAt(0); });\n"
    "    var out = [], pending = false, any = false, last = 0;\n"
    "    for (var pos = 0; pos < s.length;) {\n"
    "      var c = s[pos++];\n"
    "      if (ignorable(c)) continue;\n"
    "      if (space(c)) { if (any && last !== 0x2D) pending = true; continue; }\n"
    "      c = punctuation(fold(c));\n"
    "      for (var next = pos; next < s.length;) {\n"
    "        if (c === 0x451) c = 0x435;\n"
    "        var mark = s[next++];\n"
    "        if (ignorable(mark)) continue;\n"
    "        var composed = compose(c, mark);\n"
    "        if (!composed) break;\n"
    "        c = composed;\n"
    "        pos = next;\n"
    "      }\n"
    "      if (c === 0x451) c = 0x435;\n"
    "      if (c === 0x2D) pending = false; else if (pending) out.push(32);\n"
    "      pending = false;\n"
    "      out.push(c);\n"
    "      last = c;\n"
    "      any = true;\n"
    "    }\n"
    "    return String.fromCodePoint.apply(null, out);\n"
    "  }\n"
    "\n"
    "  /* Texts as `cards show` prints them. */\n"
    "  function keywordText(k) {\n"
    "    var t = k.id.replace(/_/g, ' ');\n"
    "    if ('X' in k) t += ' ' + k.X;\n"
    "    if (k.values) t += ' ' + k.values.join('-');\n"
    "    if ('range' in k) t += ', range ' + k.range;\n"
    "    if (k.activation) t += ' (' + k.activation + ')';\n"
    "    if (k.condition) t += ' [' + k.condition + ']';\n"
    "    return t;\n"
    "  }\n"
    "  function costText(c) { return c.cost + (c.cost_x ? 'X' : '') + ' ' + (c.elite ? 'gold' : 'silver'); }\n"
    "  function elementText(c) { return c.elements.length ? c.elements.join('+') : 'neutral'; }\n"
    "  function typeText(c) { return c.type + (c.subtype ? '/' + c.subtype : ''); }\n"
    "  function value(v) { return v === null || v === undefined ? '-' : String(v); }\n"
    "  function yesNo(v) { return v === null ? 'unknown' : v ? 'yes' : 'no'; }\n",
    "  function placeText(c) { return c.set + (c.number === null ? '' : ' #' + c.number); }\n"
    "\n"
    "  function cell(tr, tag, text, className) {\n"
    "    var td = document.createElement(tag);\n"
    "    td.textContent = text;\n"
    "    if (className) td.className = className;\n"
    "    tr.appendChild(td);\n"
    "    return td;\n"
    "  }\n"
    "  function row(i) {\n"
    "    if (rows[i]) return rows[i];\n"
    "    var c = cards[i], tr = document.createElement('tr');\n"
    "    tr.dataset.id = c.id;\n"
    "    var th = document.createElement('th');\n"
    "    th.scope = 'row';\n"
    "    var button = document.createElement('button');\n"
    "    button.type = 'button';\n"
    "    button.className = 'card';\n"
    "    button.dataset.index = i;\n"
    "    button.textContent = c.name;\n"
    "    th.appendChild(button);\n"
    "    tr.appendChild(th);\n"
    "    cell(tr, 'td', placeText(c), 'nowrap').title = setName[c.set] || c.set;\n"
    "    cell(tr, 'td', costText(c), 'n nowrap');\n"
    "    cell(tr, 'td', elementText(c));\n"
    "    cell(tr, 'td', typeText(c), 'nowrap');\n"
    "    cell(tr, 'td', value(c.life), 'n');\n"
    "    cell(tr, 'td', c.simple_strike ? c.simple_strike.join('-') : '-', 'n nowrap');\n"
    "    cell(tr, 'td', c.keywords.map(keywordText).join(', '), 'keywords');\n"
    "    rows[i] = tr;\n"
    "    return tr;\n"
    "  }\n"
    "\n"
    "  /* The orders of the \"Order\" select; \"name\" is the data's own (cards search's). */\n"
    "  function order(name) {\n"
    "    if (orders[name]) return orders[name];\n"
    "    var list = cards.map(function (c, i) { return i; });\n"
    "    if (name === 'cost') list.sort(function (a, b) { return cards[a].cost - cards[b].cost || a - b; });\n"
    "    if (name === 'set')\n"
    "      list.sort(function (a, b) {\n"
    "        var x = cards[a], y = cards[b];\n"
    "        return setOrder[x.set] - setOrder[y.set] || (x.number === null ? 1e9 : x.number) -\n"
    "          (y.number === null ? 1e9 : y.number) || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);\n"
    "      });\n"
    "    orders[name] = list;\n"
    "    return list;\n"
    "  }\n"
    "\n"
    "  function number(input) {\n"
    "    var v = input.value.trim();\n"
    "    return v === '' || !/^[0-9]+$/.test(v) ? -1 : parseInt(v, 10);\n"
    "  }\n"
    "  function filter() {\n"
    "    return {\n"
    "      query: normalize($('q').value), element: $('element').value, type: $('type').value,\n"
    "      subtype: $('subtype').value, min: number($('cost-min')), max: number($('cost-max')), set: $('set').value,\n"
    "      cls: $('class').value, keyword: $('keyword').value, hire: $('hire').value, unique: $('unique').checked\n"
    "    };\n"
    "  }\n"
    "  function match(c, f) {\n"
    "    if (f.query && c.key.indexOf(f.query) < 0) return false;\n"
    "    if (f.element === 'neutral' ? c.elements.length > 0 : f.element && c.elements.indexOf(f.element) < 0)\n"
    "      return false;\n"
    "    if (f.type && c.type !== f.type) return false;\n"
    "    if (f.subtype && c.subtype !== f.subtype) return false;\n"
    "    if (f.min >= 0 && c.cost < f.min) return false;\n"
    "    if (f.max >= 0 && c.cost > f.max) return false;\n"
    "    if (f.set && c.set !== f.set) return false;\n"
    "    if (f.cls && !(c.classes && c.classes.indexOf(f.cls) >= 0)) return false;\n"
    "    if (f.keyword && !c.keywords.some(function (k) { return k.id === f.keyword; })) return false;\n"
    "    if (f.hire && c.elite !== (f.hire === 'elite')) return false;\n"
    "    if (f.unique && c.unique !== true) return false;\n"
    "    return true;\n"
    "  }\n"
    "  /* Each search lists its first PAGE matches (a table of every card takes the browser far longer\n"
    "     to lay out than the search takes); \"more\" and \"all\" extend the list. */\n"
    "  var PAGE = 100, matched = [], limit = PAGE, upsideDown = false;\n"
    "  function update() {\n"
    "    var f = filter(), list = order($('order').value);\n"
    "    matched = [];\n"
    "    for (var n = 0; n < list.length; n++)\n",
    "      if (match(cards[list[n]], f)) matched.push(list[n]);\n"
    "    upsideDown = f.min >= 0 && f.max >= 0 && f.min > f.max;\n"
    "    limit = PAGE;\n"
    "    render();\n"
    "  }\n"
    "  function render() {\n"
    "    var shown = matched.slice(0, limit).map(row), rest = matched.length - shown.length;\n"
    "    tbody.replaceChildren.apply(tbody, shown);\n"
    "    var text = matched.length + (matched.length === 1 ? ' card' : ' cards') + ' of ' + cards.length;\n"
    "    if (rest > 0) text += ', the first ' + shown.length + ' listed';\n"
    "    if (upsideDown) text += ' (the lowest cost is above the highest)';\n"
    "    count.textContent = text;\n"
    "    count.dataset.count = matched.length;\n"
    "    $('more-line').hidden = rest === 0;\n"
    "    $('more').textContent = 'List ' + Math.min(PAGE, rest) + ' more';\n"
    "    $('all').textContent = 'List all ' + matched.length;\n"
    "  }\n"
    "  function extend(to) {\n"
    "    var first = tbody.rows.length;\n"
    "    limit = to;\n"
    "    render();\n"
    "    if (tbody.rows[first]) tbody.rows[first].querySelector('button').focus();\n"
    "  }\n"
    "\n"
    "  /* The card's detail: every fact, as `cards show` prints them. */\n"
    "  function fact(dl, term, text) {\n"
    "    var dt = document.createElement('dt'), dd = document.createElement('dd');\n"
    "    dt.textContent = term;\n"
    "    if (typeof text === 'string') dd.textContent = text; else dd.appendChild(text);\n"
    "    dl.appendChild(dt);\n"
    "    dl.appendChild(dd);\n"
    "    return dd;\n"
    "  }\n"
    "  function wordsOf(kind, ids) {\n"
    "    return ids.map(function (id) { return id + ' (' + (words[kind][id] || id) + ')'; }).join(', ');\n"
    "  }\n"
    "  function list(items) {\n"
    "    var ul = document.createElement('ul');\n"
    "    items.forEach(function (item) {\n"
    "      var li = document.createElement('li');\n"
    "      if (typeof item === 'string') li.textContent = item; else li.appendChild(item);\n"
    "      ul.appendChild(li);\n"
    "    });\n"
    "    return ul;\n"
    "  }\n"
    "  function show(i, from) {\n"
    "    var c = cards[i], dl = $('detail-facts');\n"
    "    $('detail-name').textContent = c.name;\n"
    "    dl.replaceChildren();\n"
    "    fact(dl, 'id', c.id + (c.nxt_id === null ? '' : ' (nxt ' + c.nxt_id + ')'));\n"
    "    fact(dl, 'set', (setName[c.set] || c.set) + (c.number === null ? '' : ' #' + c.number));\n"
    "    fact(dl, 'rarity', c.rarity || 'unknown');\n"
    "    fact(dl, 'type', c.type + (c.subtype ? ', ' + c.subtype : ''));\n"
    "    fact(dl, 'element', c.elements.length ? wordsOf('elements', c.elements) : wordsOf('elements', ['neutral']));\n"
    "    fact(dl, 'cost', costText(c) + ' (' + (c.elite ? 'elite' : 'rank-and-file') + ')');\n"
    "    if (c.type !== 'terrain') fact(dl, 'life', value(c.life));\n"
    "    if (c.subtype === 'ground') fact(dl, 'movement', value(c.movement));\n"
    "    if (c.type === 'creature') fact(dl, 'strike', c.simple_strike ? c.simple_strike.join('-') : '-');\n"
    "    fact(dl, 'unique', yesNo(c.unique));\n"
    "    fact(dl, 'horde', yesNo(c.horde));\n"
    "    fact(dl, 'classes', c.classes === null ? 'unknown' : c.classes.length ? wordsOf('classes', c.classes) : '-');\n"
    "    fact(dl, 'keywords', c.keywords.length ? list(c.keywords.map(function (k) {\n"
    "      return keywordText(k) + ' — ' + (words.keywords[k.id] || k.id);\n"
    "    })) : '-');\n"
    "    if (c.unknown.length) fact(dl, 'unknown', c.unknown.join(', '));\n"
    "    if (c.inferred.length) fact(dl, 'inferred', c.inferred.join(', ') + ' (from another printing)');\n"
    "    fact(dl, 'features', c.shown.features.length ? list(c.shown.features) : '-');\n"
    "    fact(dl, 'sentences', c.sentences === null ? 'unknown (no printed text known)' : String(c.sentences));\n"
    "    fact(dl, 'support', c.shown.support);\n"
    "    if (c.shown.not_run) fact(dl, 'not run', c.shown.not_run);\n"
    "    var printings = [];\n"
    "    for (var p = i; p > 0 && cards[p - 1].key === c.key; p--);\n"
    "    for (; p < cards.length && cards[p].key === c.key; p++) {\n"
    "      var b = document.createElement('button'), other = cards[p];\n"
    "      b.type = 'button';\n"
    "      b.className = 'printing';\n",
    "      b.dataset.index = p;\n"
    "      b.textContent = other.id + ' (' + (setName[other.set] || other.set) + ')';\n"
    "      if (p === i) b.setAttribute('aria-current', 'true');\n"
    "      printings.push(b);\n"
    "    }\n"
    "    fact(dl, 'printings', list(printings));\n"
    "    if (from) opener = from;\n"
    "    if (!dialog.open) dialog.showModal();\n"
    "    $('detail-close').focus();\n"
    "    try { history.replaceState(null, '', '#' + encodeURIComponent(c.id)); } catch (e) { /* no history here */ }\n"
    "  }\n"
    "\n"
    "  form.addEventListener('submit', function (e) { e.preventDefault(); update(); });\n"
    "  form.addEventListener('input', update); /* every control fires it: text, number, select, checkbox */\n"
    "  $('more').addEventListener('click', function () { extend(limit + PAGE); });\n"
    "  $('all').addEventListener('click', function () { extend(matched.length); });\n"
    "  $('clear').addEventListener('click', function () { form.reset(); update(); $('q').focus(); });\n"
    "  tbody.addEventListener('click', function (e) {\n"
    "    var b = e.target.closest('button.card');\n"
    "    if (b) show(+b.dataset.index, b);\n"
    "  });\n"
    "  dialog.addEventListener('click', function (e) {\n"
    "    var b = e.target.closest('button.printing');\n"
    "    if (b) show(+b.dataset.index);\n"
    "    else if (e.target === dialog) dialog.close();\n"
    "  });\n"
    "  $('detail-close').addEventListener('click', function () { dialog.close(); });\n"
    "  dialog.addEventListener('close', function () {\n"
    "    try { history.replaceState(null, '', location.pathname + location.search); } catch (e) { /* as above */ }\n"
    "    if (opener && document.contains(opener)) opener.focus();\n"
    "    opener = null;\n"
    "  });\n"
    "  var sync = $('sync-url');\n"
    "  if (/^https?:$/.test(location.protocol)) sync.textContent = new URL('index.json', location.href).href;\n"
    "\n"
    "  window.berserkCatalog = {\n"
    "    normalize: normalize, update: update, show: show, index: function (id) { return byId[id]; },\n"
    "    matches: function () { return matched.map(function (i) { return cards[i].id; }); }\n"
    "  };\n"
    "  update();\n"
    "  /* A card's address, DIR/index.html#01-101, opens it. */\n"
    "  function follow() {\n"
    "    var wanted;\n"
    "    try { wanted = decodeURIComponent(location.hash.slice(1)); } catch (e) { return; /* not an id */ }\n"
    "    if (Object.prototype.hasOwnProperty.call(byId, wanted)) show(byId[wanted]);\n"
    "  }\n"
    "  window.addEventListener('hashchange', follow);\n"
    "  follow();\n"
    "})();\n",
    NULL};

/* ---- The data: the cards in search order, and the words the page shows ---- */

static bsk_status no_memory(bsk_error *error)
{
    return bsk_error_set(error, BSK_ERR_NOMEM, "", "out of memory building the catalogue page");
}

/* {"id": "Russian word"} for a vocabulary, through its id and word functions. */
/* What the detail prints as `cards show` does and the card object lacks: each feature in words
 * ("[src] words", bsk_card_feature_words) and the support the engine checks. */
static json_t *shown_json(const bsk_card *card)
{
    json_t *features = json_array();
    char words[512], line[560];
    for (int k = 0; k < bsk_card_feature_count(card); k++) {
        bsk_card_feature_words(card, k, words, sizeof words);
        snprintf(line, sizeof line, "[%d] %s", card->features->features[k].src, words);
        json_array_append_new(features, json_string(line));
    }
    bsk_card_support_words(card, words, sizeof words);
    json_t *shown = json_pack("{s:o,s:s}", "features", features, "support", words);
    const char *what[16]; /* what the engine does not run yet, as `cards show`'s "not run" line (issue 23) */
    int blocked = bsk_card_blockers(card, what, 16);
    size_t used = 0;
    line[0] = '\0';
    for (int i = 0; i < blocked && i < 16 && used < sizeof line; i++) {
        int n = snprintf(line + used, sizeof line - used, "%s%s", i ? ", " : "", what[i]);
        used += n > 0 ? (size_t)n : 0;
    }
    if (blocked && shown)
        json_object_set_new(shown, "not_run", json_string(line));
    return shown;
}

static json_t *words_json(const char *(*id)(int), const char *(*ru)(int), int first, int count)
{
    json_t *words = json_object();
    for (int i = first; words && i < count; i++)
        if (id(i) && ru(i))
            json_object_set_new(words, id(i), json_string(ru(i)));
    return words;
}

static json_t *site_data(bsk_catalog *catalog, bsk_error *error)
{
    json_t *root = json_object(), *sets = json_array(), *cards = json_array(), *words = json_object();
    const bsk_card **order = malloc((catalog->pool.count + 1) * sizeof *order);
    if (!root || !sets || !cards || !words || !order) {
        json_decref(root);
        json_decref(sets);
        json_decref(cards);
        json_decref(words);
        free(order);
        no_memory(error);
        return NULL;
    }
    json_object_set_new(root, "revision", json_integer(catalog->revision));
    for (size_t s = 0; s < catalog->set_count; s++) {
        const bsk_catalog_set *set = &catalog->sets[s];
        json_array_append_new(sets, json_pack("{s:s,s:s,s:o,s:i,s:s}", "id", set->id, "name", set->name, "release",
                                              set->release == BSK_UNSET ? json_null() : json_integer(set->release),
                                              "cards", set->cards, "url", set->url));
    }
    json_object_set_new(root, "sets", sets);
    json_object_set_new(words, "elements", words_json(bsk_element_id, bsk_element_ru, 0, BSK_ELEMENT_COUNT + 1));
    json_object_set_new(words, "types", words_json(bsk_type_id, bsk_type_ru, 0, BSK_TYPE_COUNT));
    json_object_set_new(words, "subtypes", words_json(bsk_subtype_id, bsk_subtype_ru, 1, BSK_SUBTYPE_COUNT));
    json_object_set_new(words, "classes", words_json(bsk_class_id, bsk_class_ru, 0, BSK_CLASS_COUNT));
    json_object_set_new(words, "keywords", words_json(bsk_keyword_name, bsk_keyword_ru, 0, BSK_KEYWORD_COUNT));
    json_object_set_new(root, "words", words);
    /* `cards search` order: an empty filter matches every card */
    bsk_card_filter all;
    bsk_card_filter_init(&all);
    size_t count = bsk_pool_search(&catalog->pool, &all, order, catalog->pool.count);
    bool ok = count == catalog->pool.count;
    for (size_t i = 0; i < count && ok; i++) {
        char key[BSK_CARD_NAME_MAX * 2];
        bsk_name_normalize(order[i]->name, key, sizeof key);
        json_t *card = bsk_codec_card_json(order[i]);
        ok = card && json_object_set_new(card, "key", json_string(key)) == 0 &&
             json_object_set_new(card, "shown", shown_json(order[i])) == 0;
        if (card && json_array_append_new(cards, card) != 0) /* which releases the card */
            ok = false;
    }
    free(order);
    json_object_set_new(root, "cards", cards);
    if (!ok) {
        json_decref(root);
        no_memory(error);
        return NULL;
    }
    return root;
}

/* JSON text inside <script type="application/json">: '<', '>' and '&' (found only inside
 * strings in JSON) are written as \u escapes, so no card name can end the element or open a
 * comment in it. */
static void script_json(FILE *out, const char *json)
{
    for (const char *p = json; *p; p++) {
        if (*p == '<' || *p == '>' || *p == '&')
            fprintf(out, "\\u%04x", (unsigned char)*p);
        else
            fputc(*p, out);
    }
}

/* ---- The page ---- */

/* <option value="ID">ID — Russian word</option> for each value of a vocabulary. */
static void options(FILE *out, const char *(*id)(int), const char *(*ru)(int), int first, int count)
{
    for (int i = first; i < count; i++) {
        if (!id(i))
            continue;
        fputs("<option value=\"", out);
        bsk_html_text(out, id(i));
        fputs("\">", out);
        bsk_html_text(out, id(i));
        if (ru && ru(i)) {
            fputs(" — ", out);
            bsk_html_text(out, ru(i));
        }
        fputs("</option>", out);
    }
}

static void select_field(FILE *out, const char *id, const char *label, const char *any)
{
    fprintf(out, "<div class=\"field\"><label for=\"%s\">%s</label><select id=\"%s\" name=\"%s\">"
                 "<option value=\"\">%s</option>",
            id, label, id, id, any);
}

static void form(FILE *out, const bsk_catalog *catalog)
{
    fputs("<form id=\"filters\" class=\"filters\" role=\"search\" aria-label=\"Search the catalogue\">\n"
          "<div class=\"field wide\"><label for=\"q\">Name contains</label>"
          "<input type=\"search\" id=\"q\" name=\"q\" autocomplete=\"off\" spellcheck=\"false\" "
          "aria-describedby=\"q-hint\"><span class=\"hint\" id=\"q-hint\">As in berserk cards search: case and ё/е "
          "do not matter.</span></div>\n",
          out);
    select_field(out, "element", "Element", "any element");
    options(out, bsk_element_id, bsk_element_ru, 0, BSK_ELEMENT_COUNT + 1);
    fputs("</select></div>\n", out);
    select_field(out, "type", "Type", "any type");
    options(out, bsk_type_id, bsk_type_ru, 0, BSK_TYPE_COUNT);
    fputs("</select></div>\n", out);
    select_field(out, "subtype", "Subtype", "any subtype");
    options(out, bsk_subtype_id, bsk_subtype_ru, 1, BSK_SUBTYPE_COUNT);
    fputs("</select></div>\n", out);
    fputs("<div class=\"field\"><label for=\"cost-min\">Cost from</label><input type=\"number\" id=\"cost-min\" "
          "name=\"cost-min\" min=\"0\" max=\"99\"></div>\n"
          "<div class=\"field\"><label for=\"cost-max\">Cost to</label><input type=\"number\" id=\"cost-max\" "
          "name=\"cost-max\" min=\"0\" max=\"99\"></div>\n",
          out);
    select_field(out, "hire", "Hire", "any");
    fputs("<option value=\"elite\">elite (gold)</option><option value=\"rank-and-file\">rank-and-file (gold or "
          "silver)</option></select></div>\n",
          out);
    select_field(out, "set", "Set", "every set");
    for (size_t s = 0; s < catalog->set_count; s++) {
        fputs("<option value=\"", out);
        bsk_html_text(out, catalog->sets[s].id);
        fputs("\">", out);
        bsk_html_text(out, catalog->sets[s].id);
        fputs(" — ", out);
        bsk_html_text(out, catalog->sets[s].name);
        fputs("</option>", out);
    }
    fputs("</select></div>\n", out);
    select_field(out, "class", "Class", "any class");
    options(out, bsk_class_id, bsk_class_ru, 0, BSK_CLASS_COUNT);
    fputs("</select></div>\n", out);
    select_field(out, "keyword", "Keyword", "any keyword");
    options(out, bsk_keyword_name, bsk_keyword_ru, 0, BSK_KEYWORD_COUNT);
    fputs("</select></div>\n", out);
    fputs("<div class=\"field check\"><input type=\"checkbox\" id=\"unique\" name=\"unique\">"
          "<label for=\"unique\">Unique only</label></div>\n"
          "<div class=\"field\"><label for=\"order\">Order</label><select id=\"order\" name=\"order\">"
          "<option value=\"name\">by name</option><option value=\"cost\">by cost</option>"
          "<option value=\"set\">by set and number</option></select></div>\n"
          "<div class=\"field actions\"><button type=\"button\" id=\"clear\">Clear the filters</button></div>\n"
          "</form>\n",
          out);
}

static void sets_table(FILE *out, const bsk_catalog *catalog)
{
    fputs("<table><caption class=\"visually-hidden\">The sets and their files</caption><thead><tr>"
          "<th scope=\"col\">set</th><th scope=\"col\">name</th><th scope=\"col\" class=\"n\">release</th>"
          "<th scope=\"col\" class=\"n\">revision</th><th scope=\"col\" class=\"n\">cards</th>"
          "<th scope=\"col\">file</th></tr></thead><tbody>\n",
          out);
    for (size_t s = 0; s < catalog->set_count; s++) {
        const bsk_catalog_set *set = &catalog->sets[s];
        fputs("<tr><td>", out);
        bsk_html_text(out, set->id);
        fputs("</td><td>", out);
        bsk_html_text(out, set->name);
        if (set->release == BSK_UNSET)
            fputs("</td><td class=\"n\">-", out);
        else
            fprintf(out, "</td><td class=\"n\">%d", set->release);
        fprintf(out, "</td><td class=\"n\">%d</td><td class=\"n\">%d</td><td><a href=\"", set->revision, set->cards);
        bsk_html_text(out, set->url);
        fputs("\">", out);
        bsk_html_text(out, set->url);
        fputs("</a></td></tr>\n", out);
    }
    fputs("</tbody></table>\n", out);
}

bsk_status bsk_catalog_site_page(FILE *out, bsk_catalog *catalog, bsk_error *error)
{
    json_t *data = site_data(catalog, error);
    if (!data)
        return BSK_ERR_NOMEM;
    char *json = json_dumps(data, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(data);
    if (!json)
        return no_memory(error);
    size_t cards = catalog->pool.count;
    bsk_html_begin(out, "Берсерк: the card catalogue", STYLE);
    fprintf(out, "<header>\n<h1>Берсерк: the card catalogue</h1>\n<p class=\"muted\">Catalogue revision %d: %zu "
                 "card%s (printings) in %zu set%s. Search by name and filter as <code>berserk cards search</code> "
                 "does; open a card for every fact.</p>\n</header>\n<main>\n",
            catalog->revision, cards, cards == 1 ? "" : "s", catalog->set_count, catalog->set_count == 1 ? "" : "s");
    form(out, catalog);
    fprintf(out, "<p id=\"count\" role=\"status\" aria-live=\"polite\" data-count=\"%zu\">%zu card%s</p>\n", cards,
            cards, cards == 1 ? "" : "s");
    fputs("<table id=\"results\" class=\"cards\"><caption class=\"visually-hidden\">The matching cards; each "
          "name opens the card</caption><thead><tr><th scope=\"col\">name</th><th scope=\"col\">set</th>"
          "<th scope=\"col\" class=\"n\">cost</th><th scope=\"col\">element</th><th scope=\"col\">type</th>"
          "<th scope=\"col\" class=\"n\">life</th><th scope=\"col\" class=\"n\">strike</th>"
          "<th scope=\"col\">keywords</th></tr></thead>\n<tbody><tr><td colspan=\"8\">The search needs "
          "JavaScript; the data files below hold every card.</td></tr></tbody></table>\n"
          "<p id=\"more-line\" hidden><button type=\"button\" id=\"more\">List more</button> "
          "<button type=\"button\" id=\"all\">List all</button></p>\n",
          out);
    fputs("<dialog id=\"detail\" aria-labelledby=\"detail-name\"><div class=\"inner\"><div class=\"detail-head\">"
          "<h2 id=\"detail-name\">Card</h2><button type=\"button\" id=\"detail-close\">Close</button></div>"
          "<dl id=\"detail-facts\" class=\"facts\"></dl></div></dialog>\n",
          out);
    fputs("<section aria-labelledby=\"files\">\n<h2 id=\"files\">The catalogue files</h2>\n<p>This directory is "
          "also the catalogue as <code>berserk catalog export</code> writes it: <a href=\"index.json\">index.json"
          "</a> and the set files. Publish it on any static web server, then pull it with <code>berserk catalog "
          "sync <span id=\"sync-url\">URL/index.json</span></code>.</p>\n",
          out);
    sets_table(out, catalog);
    fputs("</section>\n</main>\n<script type=\"application/json\" id=\"catalog-data\">", out);
    script_json(out, json);
    free(json);
    fputs("</script>\n<script>\n", out);
    for (const char *const *part = SCRIPT; *part; part++)
        fputs(*part, out);
    fputs("</script>\n", out);
    bsk_html_end(out, NULL);
    return BSK_OK;
}
