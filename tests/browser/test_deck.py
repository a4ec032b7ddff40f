"""`berserk export html deck` in a real browser (issue 14): a tournament's registrations
(examples/regs: three legal decks and an illegal one) as one page per deck and an index; a single
deck as DIR/index.html; untrusted names (a deck named <script>alert(1)</script>, card names with
quotes from a tiny catalogue of tests/browser/fixtures/quotes/) rendered as text; each deck page
printed by Chromium (Page.printToPDF, A4) on exactly one page."""
import base64, glob, json, os, re

from selenium.common.exceptions import NoAlertPresentException

DATE = "2026-01-01"


def file_cards(path):
    """Cards in a text decklist as deck check counts them: every `COUNT[x] NAME` line."""
    total = 0
    with open(path, encoding="utf-8-sig") as f:
        for line in f:
            m = re.match(r"\s*(\d+)x?\s+\S", line)
            if m and not line.lstrip().startswith("#"):
                total += int(m.group(1))
    return total


def pdf_pages(t):
    """Prints the current page on A4 (the page's own @page rule) and counts the PDF's pages."""
    pdf = t.browser().execute_cdp_cmd("Page.printToPDF", {"paperWidth": 8.27, "paperHeight": 11.69,
                                                          "preferCSSPageSize": True, "printBackground": True})
    data = base64.b64decode(pdf["data"])
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data))


def no_alert(t):
    try:
        t.browser().switch_to.alert
        return False
    except NoAlertPresentException:
        return True


def check_charts(t, name):
    charts = t.js("return [...document.querySelectorAll('figure svg')].map(s => [s.getAttribute('role'), "
                  "s.getAttribute('aria-label'), s.querySelector('title') && s.querySelector('title').textContent, "
                  "!!s.closest('figure').querySelector('figcaption'), !!s.closest('figure').querySelector('table')])")
    t.check(name + ": the cost curve and the element split are charts", len(charts) == 2, charts)
    t.check(name + ": every chart is role=img with an aria-label, a <title>, a caption and a data table",
            all(c[0] == "img" and c[1] and c[2] and c[3] and c[4] for c in charts), charts)


def run(t):
    # paths relative to the working directory, as a user types them (and the screenshot shows them)
    regs = os.path.relpath(os.path.join(t.root, "examples", "regs"))
    out = t.fresh("deck", "regs")
    rc, stdout, stderr = t.berserk("--date", DATE, "export", "html", "deck", regs, "-o", out, expect=1)
    index = os.path.join(out, "index.html")
    pages = sorted(glob.glob(os.path.join(out, "decks", "*.html")))
    t.check("deck: the registrations give an index and 4 pages", os.path.isfile(index) and len(pages) == 4, stdout)
    t.tidy("deck index", index)
    for page in pages:
        t.tidy("deck " + os.path.basename(page), page)

    # ---- the index: every deck, its verdict, links that work ----
    t.open("deck index", index)
    rows = t.js("return [...document.querySelectorAll('table.decks tbody tr')].map(r => [r.className, "
                "r.querySelector('a') && r.querySelector('a').getAttribute('href'), "
                "r.querySelector('a') && r.querySelector('a').textContent])")
    t.check("deck index: 4 rows, 3 legal and 1 illegal",
            [r[0] for r in rows] == ["legal", "legal", "legal", "illegal"], rows)
    t.check("deck index: each row links its page",
            [r[1] for r in rows] == ["decks/" + os.path.basename(p) for p in pages], rows)
    t.check("deck index: the totals", "3 legal, 1 illegal, 0 unreadable" in t.js(
        "return document.getElementById('totals').textContent"), t.js("return document.body.innerText")[:500])
    for i, page in enumerate(pages):
        t.open("deck index (again)", index)
        t.browser().find_elements("css selector", "table.decks tbody a")[i].click()
        url = t.browser().current_url
        title = t.js("return document.getElementById('deck-name').textContent")
        t.check("deck index: link %d opens %s" % (i + 1, os.path.basename(page)),
                url.endswith("/decks/" + os.path.basename(page)) and title == rows[i][2], url, title)
        t.console("deck page " + os.path.basename(page))
        # ---- each page: counts equal the file's, charts, one A4 page in print ----
        source = os.path.join(regs, os.path.splitext(os.path.basename(page))[0] + ".txt")
        shown = t.js("return [...document.querySelectorAll('tr[data-count]')]"
                     ".reduce((n, r) => n + Number(r.dataset.count), 0)")
        header = int(t.js("return document.getElementById('deck-cards').textContent"))
        t.check("%s: card counts equal the file's (%d)" % (os.path.basename(page), file_cards(source)),
                shown == header == file_cards(source), shown, header)
        check_charts(t, os.path.basename(page))
        pages_printed = pdf_pages(t)
        t.check("%s: prints on one A4 page" % os.path.basename(page), pages_printed == 1, pages_printed)
        t.browser().find_element("link text", "← All decks").click()
        t.check("%s: the link back reaches the index" % os.path.basename(page),
                t.browser().current_url.endswith("/index.html") and t.js("return !!document.getElementById('totals')"))

    # ---- the illegal registration: its lines highlighted with code, rule and message ----
    late = os.path.join(out, "decks", "04-late-entry.html")
    t.open("deck 04-late-entry", late)
    flagged = t.js("return [...document.querySelectorAll('table.source tr.flagged')].map(r => r.id)")
    t.check("04-late-entry: lines 16 and 17 (and no other) are highlighted", flagged == ["line-16", "line-17"], flagged)
    line16 = t.browser().find_element("id", "line-16")
    t.check("04-late-entry: line 16 is visible and says too_many_copies, its rule and message",
            line16.is_displayed() and "too_many_copies" in line16.text and "constructed.copies" in line16.text
            and "4 copies of Кулеврина орков; at most 3 allowed" in line16.text, line16.text)
    line17 = t.js("return document.getElementById('line-17').textContent")
    t.check("04-late-entry: line 17 says unknown_card with the suggestion", "unknown_card" in line17 and
            "Циклоп" in line17 and "decklist.card" in line17, line17)
    colour = t.js("return getComputedStyle(document.querySelector('#line-16 td')).backgroundColor")
    plain = t.js("return getComputedStyle(document.querySelector('#line-15 td')).backgroundColor")
    t.check("04-late-entry: the highlight is drawn (background differs from a plain line)", colour != plain,
            colour, plain)
    issue_links = t.js("return [...document.querySelectorAll('table.issues a')].map(a => a.getAttribute('href'))")
    t.check("04-late-entry: the report links each error to its line", issue_links == ["#line-16", "#line-17"],
            issue_links)
    flagged_cards = t.js("return [...document.querySelectorAll('table.group tr.flagged td:nth-child(2)')]"
                         ".map(td => td.textContent)")
    t.check("04-late-entry: the offending cards are marked in the decklist too",
            len(flagged_cards) == 2 and "Кулеврина орков" in flagged_cards[0] and "Цыклоп" in flagged_cards[1],
            flagged_cards)
    t.check("04-late-entry: the verdict says illegal", "Illegal: 2 errors" in t.js(
        "return document.getElementById('verdict').textContent"))
    t.screenshot("deck", 1000, 700)
    t.browser().set_window_size(1280, 1000)

    # ---- one deck: DIR/index.html is its page; the odds are deck stats' ----
    elfy = os.path.relpath(os.path.join(t.root, "examples", "06-elfy.txt"))
    one = t.fresh("deck", "one")
    t.berserk("--date", DATE, "export", "html", "deck", elfy, "-o", one)
    t.check("deck one file: only DIR/index.html", os.listdir(one) == ["index.html"], os.listdir(one))
    t.tidy("deck one file", os.path.join(one, "index.html"))
    t.open("deck one file", os.path.join(one, "index.html"))
    t.check("deck one file: no link to an index", not t.js("return !!document.querySelector('nav a')"))
    rc, stats, err = t.berserk("--json", "deck", "stats", elfy)
    stats = json.loads(stats)
    odds = t.js("return Object.fromEntries([...document.querySelectorAll('tr[data-count]')].map(r => "
                "[r.children[1].childNodes[0].textContent.trim(), [r.children[4].textContent, "
                "r.children[5].textContent, r.children[6].textContent]]))")
    want = {c["name"]: ["%.1f%%" % (100 * c["p_at_least_%d" % k]) for k in (1, 2, 3)] for c in stats["per_card"]}
    t.check("deck one file: P(>=1), P(>=2), P(>=3) of every card equal deck stats'", odds == want, odds, want)
    curve = t.js("return document.querySelector('#cost-curve svg').getAttribute('aria-label')")
    t.check("deck one file: the cost curve's aria-label holds deck stats' curve",
            all("%s %d" % (cost, n) in curve for cost, n in stats["cost_curve"].items()), curve, stats["cost_curve"])
    t.check("deck one file: prints on one A4 page", pdf_pages(t) == 1)

    # ---- untrusted text: a deck named <script>alert(1)</script>, card names with quotes ----
    hostile_dir = t.fresh("deck", "hostile-input")
    os.makedirs(hostile_dir)
    hostile = os.path.join(hostile_dir, 'q"<b>x&.txt')
    with open(hostile, "w", encoding="utf-8") as f:
        f.write("# name: <script>alert(1)</script>\n3 Страж \"Кавычки\" <b>&</b>\n5 Бард «Ёлочки» и 'апостроф'\n"
                "7 Вождь </script><script>alert(3)</script>\n1 Кар\"ты <img src=x onerror=alert(2)>\n")
    db = os.path.join(t.fresh("deck", "quotes-db"), "catalog.db")
    os.makedirs(os.path.dirname(db))
    t.berserk("--db", db, "--empty", "catalog", "import", os.path.join(t.root, "tests", "browser", "fixtures", "quotes"))
    site = t.fresh("deck", "hostile")
    t.berserk("--db", db, "--date", DATE, "export", "html", "deck", hostile, elfy, "-o", site, expect=1)
    hostile_pages = [p for p in glob.glob(os.path.join(site, "decks", "*.html")) if "elfy" not in p]
    t.check("hostile deck: one page besides elfy", len(hostile_pages) == 1, hostile_pages)
    for page in hostile_pages + [os.path.join(site, "index.html")]:
        t.tidy("hostile " + os.path.basename(page), page)
    t.open("hostile deck page", hostile_pages[0])
    t.check("hostile deck page: no alert fired", no_alert(t))
    t.check("hostile deck page: the name is text in the heading and the title",
            t.js("return document.getElementById('deck-name').textContent") == "<script>alert(1)</script>"
            and t.browser().title.startswith("<script>alert(1)</script>"), t.browser().title)
    t.check("hostile deck page: no script, img or b element was injected",
            t.js("return document.querySelectorAll('script, img, b').length") == 0)
    names = t.js("return [...document.querySelectorAll('table.group tbody td:nth-child(2)')]"
                 ".map(td => td.childNodes[0].textContent.trim())")
    t.check("hostile deck page: card names with quotes and tags are shown literally",
            sorted(names) == sorted(["Страж \"Кавычки\" <b>&</b>", "Бард «Ёлочки» и 'апостроф'",
                                     "Вождь </script><script>alert(3)</script>", "Кар\"ты <img src=x onerror=alert(2)>"]),
            names)
    t.check("hostile deck page: the file name is text", t.js(
        "return document.getElementById('deck-file').textContent") == hostile)
    t.open("hostile index", os.path.join(site, "index.html"))
    t.check("hostile index: no alert, no injected element, the name as link text", no_alert(t) and t.js(
        "return document.querySelectorAll('script, img, b').length") == 0 and
        "<script>alert(1)</script>" in t.js("return [...document.querySelectorAll('table.decks a')]"
                                              ".map(a => a.textContent)"))
    t.browser().find_element("partial link text", "<script>").click()
    t.check("hostile index: its link opens the hostile page", t.js(
        "return document.getElementById('deck-name').textContent") == "<script>alert(1)</script>")
