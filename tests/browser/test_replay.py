"""`berserk export html replay LOG` (issue 14): the viewer of a sim games log and of a position's log,
valid HTML, loaded in Chromium without console errors; → advances one step (the counter and the board
change: the first card placed appears on its cell), ← goes back, End shows the result, Home the start;
the buttons and the slider step too (the slider's own arrow keys step once, not twice); the event list
follows the step with its dice; every control is a real, focusable control; screenshot replay.png."""
import json, os

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

DECKS = "tests/fixtures/decks/tournament"


def text(d, css):
    return d.find_element(By.CSS_SELECTOR, css).get_attribute("textContent").strip()


def frame_data(t):
    return t.js("return JSON.parse(document.getElementById('replay-data').textContent)")


def press(d, key, times=1):
    body = d.find_element(By.TAG_NAME, "body")
    for _ in range(times):
        body.send_keys(key)


# The boxes of the deal lists' items: the item's own box joined with its text's (which may overflow it) and
# its number (::marker or ::before), with the right edge of the list that holds it.
DEAL_BOXES = """
return Array.from(document.querySelectorAll('#recruitment .deal li')).map(function (li) {
  var own = li.getBoundingClientRect(), range = document.createRange();
  range.selectNodeContents(li);
  var text = range.getBoundingClientRect(), list = li.parentNode.getBoundingClientRect();
  var marker = parseFloat(getComputedStyle(li, '::marker').width) || 0;
  var outside = getComputedStyle(li).listStylePosition === 'outside' && getComputedStyle(li).display === 'list-item';
  return {text: li.textContent, left: Math.min(own.left, text.left) - (outside ? Math.max(marker, 16) : 0),
          right: Math.max(own.right, text.right), top: Math.min(own.top, text.top),
          bottom: Math.max(own.bottom, text.bottom), list_right: list.right};
});
"""


def overlap(a, b):
    return a["left"] < b["right"] - 0.5 and b["left"] < a["right"] - 0.5 and \
        a["top"] < b["bottom"] - 0.5 and b["top"] < a["bottom"] - 0.5


def run(t):
    out = t.fresh("replay")
    os.makedirs(out)
    deck = lambda name: os.path.relpath(os.path.join(t.root, DECKS, name))  # as a user types them
    log = os.path.join(out, "game.log")
    t.berserk("--seed", "1", "sim", "games", deck("06-elfy.txt"), deck("09-koven.txt"), "--games", "4",
              "--replay-game", "0", "--log", log)
    with open(log, encoding="utf-8") as f:
        end = json.loads(f.read().splitlines()[-1])
    rc, stdout, err = t.berserk("export", "html", "replay", log, "-o", out)
    page = os.path.join(out, "game.html")
    t.check("export html replay: the page written", rc == 0 and os.path.isfile(page), err)
    t.tidy("replay", page)
    d = t.open("replay", page)
    data = frame_data(t)
    last = len(data["frames"]) - 1
    t.check("replay: one frame per step (declarations and answers) and the start",
            last == end["actions"], last, end["actions"])
    t.check("replay: the page starts at step 0", text(d, "#counter") == "0 / %d" % last, text(d, "#counter"))

    # the first step that puts a card on the board: that card appears on its cell
    first, cell, name = None, None, None
    for k, f in enumerate(data["frames"]):
        placed = [u for u in f.get("u", []) if u[3] == "b" and u[4]]
        if placed:
            first, cell, name = k, placed[0][4], data["cards"][placed[0][1]][0]
            break
    t.check("replay: the log places a card", first is not None and first > 0, first)
    press(d, Keys.ARROW_RIGHT, first - 1)
    before = text(d, "#cell-%s .content" % cell)
    counter = text(d, "#counter")
    press(d, Keys.ARROW_RIGHT)
    t.check("replay: → advances the counter one step", text(d, "#counter") == "%d / %d" % (first, last),
            counter, text(d, "#counter"))
    t.check("replay: → puts the placed card on its cell", before == "" and name in text(d, "#cell-%s .content" % cell),
            cell, before, text(d, "#cell-%s .content" % cell))
    current = d.find_elements(By.CSS_SELECTOR, "#events li[aria-current]")
    t.check("replay: the event list marks this step's event and hides the later ones",
            len(current) == 1 and current[0].get_attribute("data-step") == str(first)
            and t.js("return document.querySelectorAll('#events li:not([hidden])').length") == first + 1)
    press(d, Keys.ARROW_LEFT)
    t.check("replay: ← goes back one step and the cell is empty again",
            text(d, "#counter") == "%d / %d" % (first - 1, last) and text(d, "#cell-%s .content" % cell) == "",
            text(d, "#counter"), text(d, "#cell-%s .content" % cell))

    press(d, Keys.END)
    winner = end["result"]["winner"]
    result = text(d, "#result")
    t.check("replay: End goes to the last step and shows the result",
            text(d, "#counter") == "%d / %d" % (last, last) and d.find_element(By.ID, "result").is_displayed()
            and ("player %d wins" % winner if winner else "a draw") in result, text(d, "#counter"), result)
    t.check("replay: the status names the turn and whose turn",
            text(d, "#turn") == "turn %d" % end["turns"] and "'s turn" in text(d, "#whose"), text(d, "#turn"))
    rolls = [k for k in range(1, last + 1) if "die" in t.js(
        "return document.querySelector('#events li[data-step=\"%d\"]').innerHTML" % k)]
    t.check("replay: dice are shown on the steps that rolled", len(rolls) > 0)
    press(d, Keys.HOME)
    t.check("replay: Home goes back to step 0", text(d, "#counter") == "0 / %d" % last, text(d, "#counter"))

    # issue 20: the two deal lists of the recruitment never overlap, at 800 and at 1200 pixels: no two
    # items' boxes (the item with its number and any text overflowing it) intersect
    for width in (800, 1200):
        d.set_window_size(width, 1000)
        boxes = t.js(DEAL_BOXES)
        clashes = [(a["text"], b["text"]) for i, a in enumerate(boxes) for b in boxes[i + 1:] if overlap(a, b)]
        t.check("replay: at %d pixels the deal lists' %d items do not overlap" % (width, len(boxes)),
                len(boxes) == 30 and not clashes, len(boxes), clashes[:4])
        t.check("replay: at %d pixels every deal item shows its card name whole" % width,
                all(b["right"] <= b["list_right"] + 0.5 for b in boxes), [b["text"] for b in boxes
                                                                          if b["right"] > b["list_right"] + 0.5][:4])
    t.screenshot("replay-recruitment", 800, 1000)
    d.set_window_size(1280, 1000)

    # buttons, slider and the number: real controls, reachable by keyboard
    controls = t.js("return Array.from(document.querySelectorAll('button, input')).map(e => "
                    "[e.id, e.tagName, e.tabIndex, !!(e.labels && e.labels.length) || e.tagName == 'BUTTON'])")
    t.check("replay: four buttons, a slider and a step number, each focusable and labelled",
            sorted(c[0] for c in controls) == ["back", "first", "forward", "last", "step", "step-number"]
            and all(c[2] >= 0 and c[3] for c in controls), controls)
    d.find_element(By.ID, "forward").click()
    d.find_element(By.ID, "forward").click()
    t.check("replay: the Forward button steps", text(d, "#counter") == "2 / %d" % last, text(d, "#counter"))
    d.find_element(By.ID, "back").click()
    t.check("replay: the Back button steps back", text(d, "#counter") == "1 / %d" % last, text(d, "#counter"))
    d.find_element(By.ID, "step").send_keys(Keys.ARROW_RIGHT)
    t.check("replay: the slider's → steps once", text(d, "#counter") == "2 / %d" % last, text(d, "#counter"))
    number = d.find_element(By.ID, "step-number")
    number.send_keys(Keys.CONTROL, "a")
    number.send_keys(str(first), Keys.ENTER)
    t.check("replay: a step typed in the number goes there", text(d, "#counter") == "%d / %d" % (first, last),
            text(d, "#counter"))
    d.find_element(By.ID, "last").click()
    t.check("replay: the Last button goes to the end, Forward then marked disabled",
            text(d, "#counter") == "%d / %d" % (last, last)
            and d.find_element(By.ID, "forward").get_attribute("aria-disabled") == "true")
    t.console("replay: after stepping")

    # a mid-game step for the README: a little after the board holds the most cards
    units, counts = {}, []
    for f in data["frames"]:
        if "n" in f:
            units = {i: u for i, u in units.items() if i < f["n"]}
        units.update({u[0]: u for u in f.get("u", [])})
        counts.append(sum(1 for u in units.values() if u[3] == "b"))
    busiest = max(range(len(counts)), key=lambda k: (counts[k], -k))
    d.find_element(By.ID, "first").click()
    press(d, Keys.ARROW_RIGHT, min(busiest + 20, last))
    t.check("replay: the board shows the cards the frame has",
            t.js("return document.querySelectorAll('#board .unit').length") == counts[min(busiest + 20, last)])
    t.js("window.scrollTo(0, document.querySelector('.controls').offsetTop - 4)")
    t.screenshot("replay", 1000, 700)
    t.console("replay: in mid-game")

    # a position's log: step 2 (the step-down answer) wounds the defender
    plog = os.path.join(out, "position.log")
    t.berserk("position", os.path.join(t.root, "tests/positions/515.3-diff-plus2-step-down.json"), "--log", plog)
    t.berserk("export", "html", "replay", plog, "-o", out)
    ppage = os.path.join(out, "position.html")
    t.tidy("replay of a position", ppage)
    d = t.open("replay of a position", ppage)
    start = text(d, "#cell-c4 .content")
    press(d, Keys.ARROW_RIGHT, 2)
    t.check("replay of a position: → → ends on the last step with the defender wounded",
            text(d, "#counter") == "2 / 2" and start != text(d, "#cell-c4 .content")
            and "wounds 1" in text(d, "#cell-c4 .content"), start, text(d, "#cell-c4 .content"))
    t.check("replay of a position: the dice of the attack are shown",
            t.js("return document.querySelectorAll('#events li[data-step=\"1\"] .die').length") == 2)
    t.console("replay of a position")
