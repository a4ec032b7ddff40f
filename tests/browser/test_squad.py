"""`berserk export html squad` in a real browser (issue 14): the legal example scenario
(examples/raer.json) on the 5×6 board with its crystals, elements, flyer budget and recruit order;
illegal scenarios (a recruitment refused, a placement refused) with their first violation; the
best squad of `--auto DECK` equal to `squad auto`'s for the same seed; and untrusted names (a
hostile file name, card names with quotes and tags from tests/browser/fixtures/quotes/) as text."""
import json, os

from selenium.common.exceptions import NoAlertPresentException

SQUAD = os.path.join("tests", "cli", "fixtures", "squad")


def board(t):
    """{cell: card name} of the board's occupied cells, and the number of cells drawn."""
    cells = t.js("return Object.fromEntries([...document.querySelectorAll('#board td.card')]"
                 ".map(td => [td.id.slice(5), td.dataset.card]))")
    return cells, t.js("return document.querySelectorAll('#board tbody td').length")


def order(t):
    return t.js("return [...document.querySelectorAll('#recruit-order tr.taken')]"
                ".map(r => r.children[1].textContent)")


def page(t, name, *args, expect=0, out=None):
    out = out or t.fresh("squad", name)
    t.berserk("export", "html", "squad", *args, "-o", out, expect=expect)
    html = os.path.join(out, "index.html")
    t.tidy("squad " + name, html)
    t.open("squad " + name, html)
    return html


def run(t):
    def rel(*parts):  # a path relative to the working directory, as a user types it
        return os.path.relpath(os.path.join(t.root, *parts))
    raer = rel("examples", "raer.json")

    # ---- the legal example ----
    page(t, "raer", raer)
    rc, out, err = t.berserk("--json", "squad", "check", raer)
    check = json.loads(out)
    cells, drawn = board(t)
    t.check("raer: the board has 30 cells (5 columns, 6 rows)", drawn == 30, drawn)
    t.check("raer: the cards stand where squad check places them", cells == check["placement"], cells,
            check["placement"])
    t.check("raer: the recruit order is the squad's", order(t) == check["squad"]["cards"], order(t))
    headers = t.js("return [...document.querySelectorAll('#board thead th')].map(th => th.textContent).join('') + '|' + "
                   "[...document.querySelectorAll('#board tbody th')].map(th => th.textContent[0]).join('')")
    t.check("raer: columns a–e, rows 6 down to 1 (DESIGN §2)", headers == "abcde|654321", headers)
    squad = check["squad"]
    shown = t.js("return [document.getElementById('gold-left').textContent, "
                 "document.getElementById('silver-left').textContent, document.getElementById('flyers').textContent]")
    t.check("raer: crystals left and the flyer budget (x/15) as squad check counts them",
            shown[:2] == [str(squad["gold_left"]), str(squad["silver_left"])] and
            shown[2].endswith(" %d/15 crystals on flyers" % squad["flyer_crystals"]), shown)
    meters = t.js("return [...document.querySelectorAll('meter')].map(m => [m.value, m.max, m.getAttribute('aria-label')])")
    t.check("raer: meters for crystals spent and the flyer budget, labelled",
            meters == [[squad["spent"], 46, "crystals spent of all"], [squad["flyer_crystals"], 15, "flyer budget used"]],
            meters)
    elements = t.js("return document.getElementById('elements').textContent")
    t.check("raer: the elements", all(e in elements for e in squad["elements"]), elements)
    t.check("raer: the verdict says legal", "Legal" in t.js("return document.getElementById('verdict').textContent"))
    t.check("raer: the deal lists 15 cards, 9 of them taken", t.js(
        "return [document.querySelectorAll('#deal-table tbody tr').length, "
        "document.querySelectorAll('#deal-table tbody tr.taken').length]") == [15, 9])
    focusable = t.js("return document.querySelectorAll('[onclick], [tabindex]').length")
    t.check("raer: nothing clickable that a keyboard cannot reach (no onclick, no tabindex)", focusable == 0)
    t.screenshot("squad", 1200, 700)
    t.browser().set_window_size(1280, 1000)

    # ---- illegal: a recruitment refused ----
    page(t, "not-enough-gold", rel(SQUAD, "not_enough_gold_elite.json"), expect=1)
    verdict = t.js("return document.getElementById('verdict').textContent + ' | ' + "
                   "document.getElementById('violation').textContent")
    t.check("not_enough_gold: the first violation with its step, card, code and rule",
            "recruit[3]" in verdict and "Кобольд" in verdict and "not_enough_gold" in verdict and "403.2.3" in verdict,
            verdict)
    refused = t.js("return [...document.querySelectorAll('#recruit-order tr.refused')].map(r => r.textContent)")
    t.check("not_enough_gold: the refused card closes the recruit order", len(refused) == 1 and "Кобольд" in refused[0],
            refused)
    t.check("not_enough_gold: nothing placed, said in words", t.js("return !!document.getElementById('not-placed')"))

    # ---- illegal: a placement refused (first_full.json with placement[10] on a3, a tier-3 cell) ----
    with open(os.path.join(t.root, SQUAD, "first_full.json"), encoding="utf-8") as f:
        scenario = json.load(f)
    scenario["placement"][10]["cell"] = "a3"
    derived = os.path.join(t.fresh("squad", "derived"), "first_a3.json")
    os.makedirs(os.path.dirname(derived))
    with open(derived, "w", encoding="utf-8") as f:
        json.dump(scenario, f, ensure_ascii=False)
    page(t, "first-a3", derived, expect=1)
    cells, drawn = board(t)
    marked = t.js("return [...document.querySelectorAll('#board td.refused')].map(td => td.id)")
    t.check("first_a3: 10 cards placed and the refused cell a3 marked", len(cells) == 10 and marked == ["cell-a3"],
            cells, marked)
    t.check("first_a3: the violation names 404.1.2", "404.1.2" in t.js(
        "return document.getElementById('violation').textContent"))

    # ---- --auto: the same squad as squad auto with the same seed ----
    elfy = rel("examples", "06-elfy.txt")
    for player in ("1", "2"):
        out = t.fresh("squad", "auto" + player)
        t.berserk("--seed", "7", "export", "html", "squad", "--auto", elfy, "--player", player, "-o", out)
        t.tidy("squad --auto --player " + player, os.path.join(out, "index.html"))
        t.open("squad --auto --player " + player, os.path.join(out, "index.html"))
        rc, stdout, err = t.berserk("--seed", "7", "--json", "squad", "auto", elfy, "--player", player)
        auto = json.loads(stdout)
        cells, drawn = board(t)
        t.check("--auto --player %s: the board is squad auto's placement" % player, cells == auto["placement"],
                cells, auto["placement"])
        t.check("--auto --player %s: the recruit order is squad auto's" % player,
                order(t) == [s["card"] for s in auto["recruit"]], order(t))
        t.check("--auto --player %s: the seed and the explanation are shown" % player,
                "seed 7" in t.js("return document.getElementById('squad-meta').textContent") and
                t.js("return document.getElementById('explanation').textContent").startswith("The largest number"))

    # ---- untrusted text: a hostile file name, card names with quotes and tags ----
    db = os.path.join(t.fresh("squad", "quotes-db"), "catalog.db")
    os.makedirs(os.path.dirname(db))
    t.berserk("--db", db, "--empty", "catalog", "import", os.path.join(t.root, "tests", "browser", "fixtures", "quotes"))
    hostile_dir = t.fresh("squad", "hostile-input")
    os.makedirs(hostile_dir)
    deck = os.path.join(hostile_dir, '<img src=x onerror=alert(1)>".txt')
    with open(deck, "w", encoding="utf-8") as f:
        f.write("3 Страж \"Кавычки\" <b>&</b>\n5 Бард «Ёлочки» и 'апостроф'\n7 Вождь </script><script>alert(3)</script>\n")
    out = t.fresh("squad", "hostile")
    t.berserk("--db", db, "--seed", "1", "export", "html", "squad", "--auto", deck, "-o", out)
    t.tidy("squad hostile", os.path.join(out, "index.html"))
    t.open("squad hostile", os.path.join(out, "index.html"))
    try:
        t.browser().switch_to.alert
        alerted = True
    except NoAlertPresentException:
        alerted = False
    t.check("squad hostile: no alert fired, no script/img/b element injected", not alerted and t.js(
        "return document.querySelectorAll('script, img, b').length") == 0)
    t.check("squad hostile: the file name is text in the heading", t.js(
        "return document.querySelector('h1').textContent") == 'Squad — <img src=x onerror=alert(1)>".txt')
    names = set(order(t)) | set(board(t)[0].values())
    t.check("squad hostile: card names with quotes and tags shown literally (order and board)",
            names == {"Страж \"Кавычки\" <b>&</b>", "Бард «Ёлочки» и 'апостроф'", "Вождь </script><script>alert(3)</script>"},
            names)
