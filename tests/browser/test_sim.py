"""`berserk export html sim FILE.json` (issue 14): the report of each kind (sim deals, goldfish, sim games,
sim matrix) made from the real --json output, valid HTML, loaded in Chromium without console errors,
showing the JSON's numbers (means, win rates and intervals), every chart an SVG with role="img" and an
aria-label and its data table, the matrix as an n×n heat map; screenshots sim.png and matrix.png."""
import json, os

from selenium.webdriver.common.by import By

DECKS = "tests/fixtures/decks/tournament"


def percent(rate):
    return "%.1f%%" % (100 * rate)


def charts_accessible(t, name, d):
    """Every chart: an svg with role=img and an aria-label, a <title>, and a data table."""
    figures = d.find_elements(By.CSS_SELECTOR, "figure")
    bad = []
    for f in figures:
        svg = f.find_elements(By.CSS_SELECTOR, "svg")
        if not svg or svg[0].get_attribute("role") != "img" or not svg[0].get_attribute("aria-label"):
            bad.append(f.get_attribute("id") or "a figure")
        elif not f.find_elements(By.CSS_SELECTOR, "table") or not t.js("return arguments[0].querySelector('svg > title') !== null", f):
            bad.append((f.get_attribute("id") or "a figure") + " (no text alternative)")
    t.check(name + ": every chart has role=img, an aria-label, a title and a data table",
            figures and not bad, "%d figures; bad: %s" % (len(figures), bad))
    return figures


def text(d, css):
    return d.find_element(By.CSS_SELECTOR, css).get_attribute("textContent").strip()


def run(t):
    out = t.fresh("sim")
    os.makedirs(out)
    deck = lambda name: os.path.relpath(os.path.join(t.root, DECKS, name))  # as a user types them
    runs = {
        "deals": ["sim", "deals", deck("06-elfy.txt"), "--trials", "500"],
        "goldfish": ["goldfish", deck("09-koven.txt"), "--games", "20"],
        "games": ["sim", "games", deck("06-elfy.txt"), deck("09-koven.txt"), "--games", "20"],
        "matrix": ["sim", "matrix", deck("01-babkina-tachanka.txt"), deck("02-lamingi-na-vzlet.txt"),
                   deck("03-odin-laming-v-pole-voin.txt"), deck("06-elfy.txt"), deck("09-koven.txt"),
                   "--games", "10", "--agent", "random"],
    }
    data, pages = {}, {}
    for kind, args in runs.items():
        rc, stdout, err = t.berserk("--seed", "1", *args, "--json")
        data[kind] = json.loads(stdout)
        source = os.path.relpath(os.path.join(out, kind + ".json"))
        with open(source, "w", encoding="utf-8") as f:
            f.write(stdout)
        rc, stdout, err = t.berserk("export", "html", "sim", source, "-o", out)
        pages[kind] = os.path.join(out, kind + ".html")
        t.check("export html sim %s: the page written" % kind, rc == 0 and os.path.isfile(pages[kind]), err)
        t.tidy("sim " + kind, pages[kind])

    # sim deals: the statistics table holds the JSON's means; a histogram per statistic
    j = data["deals"]
    d = t.open("sim deals", pages["deals"])
    rows = {r.find_element(By.CSS_SELECTOR, "th").text: [c.text for c in r.find_elements(By.CSS_SELECTOR, "td")]
            for r in d.find_elements(By.CSS_SELECTOR, "#stats tbody tr")}
    spent = rows.get("Crystals spent", [])
    t.check("sim deals: the mean, interval and percentiles of crystals spent as in the JSON",
            spent[:2] == ["%.2f" % j["spent"]["mean"], "%.2f – %.2f" % tuple(j["spent"]["ci95"])]
            and spent[2:] == ["%g" % j["spent"]["percentiles"][k] for k in ("5", "50", "95")], spent, j["spent"])
    figures = charts_accessible(t, "sim deals", d)
    t.check("sim deals: eight histograms", len(figures) == 8, len(figures))
    bars = t.js("return document.querySelectorAll('#histogram-spent svg rect').length")
    values = sorted(int(k) for k in j["spent"]["histogram"])
    t.check("sim deals: the crystals histogram has a bar per value from the least to the most",
            bars == values[-1] - values[0] + 1, bars, values)
    cards = d.find_elements(By.CSS_SELECTOR, "#card-table tbody tr")
    t.check("sim deals: a row per card, in the deal as in the JSON",
            len(cards) == len(j["cards"]) and cards[0].find_elements(By.CSS_SELECTOR, "td")[1].text
            == percent(j["cards"][0]["in_deal"]), len(cards))

    # goldfish: the won rate and its Wilson interval
    j = data["goldfish"]
    d = t.open("goldfish", pages["goldfish"])
    t.check("goldfish: the won rate equals won/games of the JSON",
            text(d, "#win-rate") == percent(j["won"] / j["games"]), text(d, "#win-rate"), j["won"], j["games"])
    t.check("goldfish: the run's seed, games and agent shown",
            all(s in text(d, "#run-facts") for s in ("Seed1", "Games20", "Agent" + j["agent"])), text(d, "#run-facts"))
    charts_accessible(t, "goldfish", d)

    # sim games: the win rates and intervals as in the JSON
    j = data["games"]
    d = t.open("sim games", pages["games"])
    shown = [text(d, "#win-rate-1"), text(d, "#win-rate-2")]
    t.check("sim games: the win rate texts equal the JSON's", shown == [percent(r) for r in j["win_rate"]], shown,
            j["win_rate"])
    interval = text(d, "#win-interval-1")
    t.check("sim games: deck 1's 95 % interval as in the JSON",
            interval == "%s – %s" % (percent(j["ci95"][0][0]), percent(j["ci95"][0][1])), interval, j["ci95"])
    charts_accessible(t, "sim games", d)
    t.js("window.scrollTo(0, document.getElementById('results').offsetTop - 10)")
    t.screenshot("sim", 1000, 960)

    # sim matrix: an n×n heat map with the JSON's rates, the diagonal empty
    j = data["matrix"]
    n = len(j["decks"])
    d = t.open("sim matrix", pages["matrix"])
    rects = t.js("return document.querySelectorAll('#heat-map svg rect').length")
    t.check("sim matrix: the heat map has n×n cells", rects == n * n, rects, n)
    table = t.js("return Array.from(document.querySelectorAll('#heat-map tbody tr')).map(r => "
                 "Array.from(r.querySelectorAll('td')).map(c => c.textContent))")
    want = [["—" if v is None else percent(v) for v in row] for row in j["win_rate"]]
    t.check("sim matrix: the heat map's table holds every rate of the JSON", table == want, table, want)
    svg = d.find_element(By.CSS_SELECTOR, "#heat-map svg")
    t.check("sim matrix: the heat map is an image with an aria-label",
            svg.get_attribute("role") == "img" and "row" in (svg.get_attribute("aria-label") or ""))
    listed = [li.text for li in d.find_elements(By.CSS_SELECTOR, "#deck-list li")]
    t.check("sim matrix: the decks listed in order", listed == j["decks"], listed)
    t.js("window.scrollTo(0, document.getElementById('matrix').offsetTop - 10)")
    t.screenshot("matrix", 1000, 700)
    t.console("sim pages")
