"""`berserk export html catalog -o DIR` (issue 14): the searchable catalogue site in headless Chromium.

The page holds 1553 cards; typing filters them as `cards search QUERY` does (case, ё/е); the filters
combined give the binary's own answer (counts and ids, in order); a search stays under 200 ms; the
detail dialog shows the facts `cards show` prints; everything works from the keyboard (Tab to the
search field, Tab to a result, Enter or Space opens it, Escape closes it and gives the focus back);
a hostile card name renders as text; no console error; tidy clean; a screenshot."""
import hashlib, json, os, shutil

LIMIT_MS = 200


def cli_ids(t, *args):
    """The ids `cards search ARGS --json` lists (in its order); None when the command fails."""
    rc, out, err = t.berserk("cards", "search", *args, "--json", expect=None)
    if rc not in (0, 1):
        t.not_ok("berserk cards search %s" % " ".join(args), err)
        return None
    return [c["id"] for c in json.loads(out)["cards"]]


def page_ids(t):
    """Every match of the page's search, in its order (the table lists the first 100 of them)."""
    return t.js("return berserkCatalog.matches()")


def listed(t):
    return t.js("return Array.from(document.querySelectorAll('#results tbody tr'), r => r.dataset.id)")


def shown(t):
    return int(t.js("return document.getElementById('count').dataset.count"))


def set_filters(t, **values):
    """Sets form controls by id (checkboxes take a bool) and runs the search as typing would."""
    t.js("""const v = arguments[0];
            document.getElementById('filters').reset();
            for (const id in v) {
              const e = document.getElementById(id);
              if (e.type === 'checkbox') e.checked = v[id]; else e.value = v[id];
            }
            document.getElementById('filters').dispatchEvent(new Event('input'));""", values)


def focused(t):
    return t.js("const e = document.activeElement; return e ? (e.id || e.className || e.tagName) : null")


def fact(t, term):
    return t.js("""for (const dt of document.querySelectorAll('#detail-facts dt'))
                     if (dt.textContent === arguments[0]) return dt.nextElementSibling.textContent;
                   return null;""", term)


def show_facts(text):
    """`cards show` text as {label: [lines]}; the first line (name and id) under ""."""
    facts, label = {"": [text.splitlines()[0]]}, None
    for line in text.splitlines()[1:]:
        if line[2:12].strip():
            label = line[2:12].strip()
            facts[label] = []
        part = line[12:].strip()
        if label == "features" and facts[label] and not part.startswith("["):
            facts[label][-1] += " " + part  # a feature wrapped at 80 columns (cli_print_wrapped) goes on
        else:
            facts[label].append(part)
    return facts


def same_facts(t, index, what=None):
    """Opens card `index` in the detail and compares every fact with `cards show ID --no-color`."""
    card = t.js("berserkCatalog.show(arguments[0]); return JSON.parse("
                "document.getElementById('catalog-data').textContent).cards[arguments[0]]", int(index))
    rc, out, err = t.berserk("cards", "show", card["id"], "--no-color")
    want = show_facts(out)
    page = t.js("""const f = {'': [document.getElementById('detail-name').textContent]};
                   for (const dt of document.querySelectorAll('#detail-facts dt')) {
                     const dd = dt.nextElementSibling, items = dd.querySelectorAll('li');
                     f[dt.textContent] = items.length ? Array.from(items, li => li.textContent) : [dd.textContent];
                   }
                   return f;""")
    got = {"": [page[""][0] + "  " + card["id"]]}
    for label, lines in page.items():
        if label in want and label:
            got[label] = [l.split(" — ")[0] if label == "keywords" else l for l in lines]
    want["printings"] = [l.rstrip(" *") for l in want.get("printings", [])]
    wrong = ["%s: page %r, cards show %r" % (k, got.get(k), v) for k, v in want.items() if got.get(k) != v]
    missing_on_page = [k for k in ("id", "support") if k not in page]
    t.check("catalog: the detail of %s%s shows every fact cards show prints" % (card["id"], " (%s)" % what if what else ""),
            not wrong and not missing_on_page, *wrong, missing_on_page)


def run(t):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    site = t.fresh("catalog")
    rc, out, err = t.berserk("export", "html", "catalog", "-o", site)
    page = os.path.join(site, "index.html")
    t.check("export html catalog: index.html, index.json and 10 set files written",
            rc == 0 and os.path.isfile(page) and os.path.isfile(os.path.join(site, "index.json"))
            and len(os.listdir(os.path.join(site, "sets"))) == 10, out, err)
    if not os.path.isfile(page):
        return
    t.tidy("catalog", page)

    d = t.open("catalog", page)
    keys = lambda *k: ActionChains(d).send_keys(*k).perform()
    keys(Keys.TAB)  # nothing has the focus yet: the first Tab stop
    t.check("catalog: Tab from the page's start reaches the search field", focused(t) == "q", focused(t))
    count_text = d.find_element(By.ID, "count").text
    t.check("catalog: 1553 cards counted, the first 100 listed", shown(t) == 1553 and len(page_ids(t)) == 1553
            and "1553 cards of 1553, the first 100 listed" == count_text and listed(t) == page_ids(t)[:100],
            count_text)
    t.check("catalog: the unfiltered list is cards search's order", page_ids(t) == cli_ids(t))
    d.find_element(By.ID, "more").click()
    t.check("catalog: \"List 100 more\" lists 200 and moves the focus to the 101st",
            listed(t) == page_ids(t)[:200] and d.switch_to.active_element.text
            == d.find_elements(By.CSS_SELECTOR, "#results button.card")[100].text)
    d.find_element(By.ID, "all").click()
    t.check("catalog: \"List all\" lists 1553, and the buttons hide",
            listed(t) == page_ids(t) and not d.find_element(By.ID, "more-line").is_displayed())
    set_filters(t)
    bad = t.js("""const data = JSON.parse(document.getElementById('catalog-data').textContent);
                  return data.cards.filter(c => berserkCatalog.normalize(c.name) !== c.key)
                                   .map(c => c.name + ' -> ' + berserkCatalog.normalize(c.name) + ' != ' + c.key);""")
    t.check("catalog: the page's normaliser gives lib's key for every name", not bad, *bad[:5])
    probes = ["  ЁЖ  - ТЕСТ ", "Бул’Багур", "е\u0308ж", "Гном \u2013 басаарг", "a\u00adb\u200bc", "ΣΑΣ"]
    t.check("catalog: the page's normaliser on odd input (case, ё, dashes, apostrophes, ignorables, Greek)",
            t.js("return arguments[0].map(berserkCatalog.normalize)", probes)
            == ["еж-тест", "бул'багур", "еж", "гном-басаарг", "abc", "σασ"],
            t.js("return arguments[0].map(berserkCatalog.normalize)", probes))

    # Typing filters.
    d.find_element(By.ID, "q").click()
    keys("циклоп")
    ids = page_ids(t)
    names = t.js("return Array.from(document.querySelectorAll('#results tbody button.card'), b => b.textContent)")
    want = cli_ids(t, "циклоп")
    t.check("catalog: typing \"циклоп\" finds Циклоп, as cards search циклоп does",
            "Циклоп" in names and ids == want == listed(t) and shown(t) == len(want), names[:20], ids[:20],
            want[:20])
    set_filters(t, q="ЦИКЛОП")
    t.check("catalog: \"ЦИКЛОП\" gives the count of \"циклоп\"", shown(t) == len(want) and page_ids(t) == want)
    set_filters(t, q="тёмн")
    yo = page_ids(t)
    set_filters(t, q="ТЕМН")
    t.check("catalog: \"тёмн\" and \"ТЕМН\" give the same cards (ё = е), as cards search does",
            yo and page_ids(t) == yo == cli_ids(t, "темн"), len(yo))

    # The filters against the binary.
    set_filters(t)
    Select(d.find_element(By.ID, "element")).select_by_value("forests")
    d.find_element(By.ID, "cost-min").send_keys("7")
    d.find_element(By.ID, "cost-max").send_keys("8")
    want = cli_ids(t, "--element", "леса", "--cost", "7..8")
    t.check("catalog: element forests and cost 7..8 give cards search --element леса --cost 7..8 (%d)" % len(want),
            shown(t) == len(want) == len(page_ids(t)) and page_ids(t) == want, shown(t), len(want))
    combos = [
        ({"subtype": "flyer", "hire": "elite"}, ["--subtype", "flyer", "--elite"]),
        ({"element": "neutral", "type": "artifact"}, ["--element", "neutral", "--type", "artifact"]),
        ({"keyword": "armor", "set": "01"}, ["--keyword", "броня", "--set", "01"]),
        ({"class": "elf", "hire": "rank-and-file"}, ["--class", "Эльф", "--rank-and-file"]),
        ({"unique": True, "cost-max": "3"}, ["--unique", "--cost", "..3"]),
        ({"q": "дракон", "element": "darkness"}, ["дракон", "--element", "тьма"]),
        ({"type": "terrain", "set": "classic"}, ["--type", "terrain", "--set", "classic"]),
        ({"subtype": "ground", "cost-min": "9"}, ["--subtype", "ground", "--cost", "9.."]),
    ]
    wrong = []
    for form, args in combos:
        set_filters(t, **form)
        want = cli_ids(t, *args)
        if page_ids(t) != want:
            wrong.append("%s: page %d, cards search %s: %d" % (form, len(page_ids(t)), " ".join(args), len(want)))
    t.check("catalog: %d more filter combinations give cards search's cards, in its order" % len(combos),
            not wrong, *wrong)
    set_filters(t, **{"cost-min": "5", "cost-max": "2"})
    t.check("catalog: a cost range upside down matches nothing and says why",
            shown(t) == 0 and "above" in d.find_element(By.ID, "count").text)

    # Speed: each search (filter + table) within the limit, the widest ones included.
    times = t.js("""const q = document.getElementById('q'), out = [];
                    for (const text of ['а', 'ц', 'циклоп', '', 'дра', 'е', '']) {
                      const t0 = performance.now();
                      q.value = text;
                      q.dispatchEvent(new Event('input', {bubbles: true}));
                      document.documentElement.scrollHeight;  /* the layout of the new table too */
                      out.push(performance.now() - t0);
                    }
                    return out;""")
    t.check("catalog: a search takes under %d ms, the widest ones included (slowest %.1f ms)"
            % (LIMIT_MS, max(times)), max(times) < LIMIT_MS, times)

    # The detail view from the keyboard.
    set_filters(t, q="циклоп")
    d.find_element(By.ID, "q").click()
    stops = 0
    while focused(t) != "card" and stops < 30:
        keys(Keys.TAB)
        stops += 1
    t.check("catalog: Tab reaches the first result from the search field (%d stops)" % stops, focused(t) == "card")
    opener = d.switch_to.active_element
    name = opener.text
    keys(Keys.ENTER)
    is_open = lambda: t.js("return document.getElementById('detail').open")
    t.check("catalog: Enter on a result opens its detail", is_open()
            and d.find_element(By.ID, "detail-name").text == name, name)
    t.check("catalog: the dialog has the focus", focused(t) == "detail-close", focused(t))
    same_facts(t, opener.get_attribute("data-index"))
    keys(Keys.ESCAPE)
    t.check("catalog: Escape closes the detail and gives the focus back to the result",
            not is_open() and d.switch_to.active_element == opener)
    keys(Keys.SPACE)
    t.check("catalog: Space on a result opens its detail too", is_open())
    keys(Keys.ENTER)  # on the focused Close button
    t.check("catalog: Enter on Close closes it", not is_open())

    # A name of several printings: the detail lists them all and switches between them.
    multi = t.js("""const data = JSON.parse(document.getElementById('catalog-data').textContent), seen = {};
                    for (const c of data.cards) (seen[c.key] = seen[c.key] || []).push(c.id);
                    for (const k in seen) if (seen[k].length > 1) return seen[k];
                    return null;""")
    if t.check("catalog: some name has several printings", multi):
        t.js("berserkCatalog.show(berserkCatalog.index(arguments[0]))", multi[0])
        buttons = d.find_elements(By.CSS_SELECTOR, "#detail-facts button.printing")
        t.check("catalog: the detail lists every printing, newest first, the shown one marked",
                [b.text.split(" ")[0] for b in buttons] == multi and buttons[0].get_attribute("aria-current") == "true")
        buttons[1].click()
        t.check("catalog: a printing's button shows that printing",
                fact(t, "id").startswith(multi[1])
                and d.find_elements(By.CSS_SELECTOR, "#detail-facts button.printing")[1].get_attribute("aria-current"))
        keys(Keys.ESCAPE)

    # Every fact, as cards show prints it, for cards of every kind.
    for card in ("01-101", "01-004", "classic-Fagor_1", "21-005", "22-001", "04-073"):
        same_facts(t, t.js("return berserkCatalog.index(arguments[0])", card))
    for kind, test in (("a terrain", "c.type === 'terrain'"), ("an artifact", "c.type === 'artifact'"),
                       ("a card with inferred facts", "c.inferred.length"), ("a cost X", "c.cost_x"),
                       ("unknown classes", "c.classes === null"), ("several elements", "c.elements.length > 1")):
        index = t.js("return JSON.parse(document.getElementById('catalog-data').textContent).cards"
                     ".findIndex(c => %s)" % test)
        if index is not None and index >= 0:
            same_facts(t, index, kind)
    t.js("document.getElementById('detail').close()")

    # A card's own address opens it, at load and when the address changes; the console stayed clean.
    d.get("about:blank")
    t.open("catalog with #01-101", page + "#01-101")
    t.check("catalog: #01-101 in the address opens Циклоп's detail",
            is_open() and d.find_element(By.ID, "detail-name").text == "Циклоп")
    keys(Keys.ESCAPE)
    t.js("location.hash = '#01-004'")
    t.check("catalog: changing the address to #01-004 opens Гиррит",
            t.eventually(lambda: is_open() and d.find_element(By.ID, "detail-name").text == "Гиррит"))
    t.js("location.hash = '#%E0%zz'")
    keys(Keys.ESCAPE)
    set_filters(t, element="forests", type="creature")
    d.find_element(By.ID, "q").send_keys("др")
    t.screenshot("catalog", 1000, 700)
    t.console("catalog after the searches")
    d.set_window_size(1280, 1000)

    hostile(t)


def hostile(t):
    """A card name with markup and quotes renders as text, in the table and in the detail."""
    from selenium.common.exceptions import NoAlertPresentException
    from selenium.webdriver.common.by import By
    name = "<script>alert(1)</script> \"Кот\" & 'Пёс' <!--"
    tiny = t.fresh("catalog-hostile-src")
    shutil.copytree(os.path.join(t.root, "tests", "cli", "fixtures", "tiny"), tiny)
    path = os.path.join(tiny, "sets", "90.json")
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    data["cards"][0]["name"] = name
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    index_path = os.path.join(tiny, "index.json")
    with open(index_path, encoding="utf-8") as f:
        index = json.load(f)
    with open(path, "rb") as f:
        index["sets"][0]["sha256"] = hashlib.sha256(f.read()).hexdigest()
    with open(index_path, "w", encoding="utf-8") as f:
        f.write(json.dumps(index, ensure_ascii=False, indent=1) + "\n")
    db = os.path.join(t.home, "hostile.db")
    site = t.fresh("catalog-hostile")
    t.berserk("--db", db, "--empty", "catalog", "import", tiny)
    rc, out, err = t.berserk("--db", db, "export", "html", "catalog", "-o", site)
    page = os.path.join(site, "index.html")
    if rc != 0:
        return
    t.tidy("catalog with a hostile name", page)
    d = t.open("catalog with a hostile name", page)
    try:
        d.switch_to.alert.dismiss()
        alerted = True
    except NoAlertPresentException:
        alerted = False
    buttons = d.find_elements(By.CSS_SELECTOR, "#results button.card")
    t.check("catalog: a name with markup and quotes is text in the table (no script ran)",
            not alerted and len(buttons) == 3 and name in [b.text for b in buttons]
            and not d.find_elements(By.CSS_SELECTOR, "#results script"), [b.text for b in buttons])
    button = next(b for b in buttons if b.text == name)
    button.click()
    t.check("catalog: ... and in the detail", d.find_element(By.ID, "detail-name").text == name)
    t.console("catalog with a hostile name")
