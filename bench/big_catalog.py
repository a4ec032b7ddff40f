#!/usr/bin/env python3
# big_catalog.py — a synthetic catalogue of about 55,000 cards for the start-up benchmark
# (issue 10): the bundled sets as they are, then synthetic sets x01..x11 of copies of their
# cards, each copy with a new id, nxt id and name ("Циклоп 17"), so names stay distinct.
#   python3 bench/big_catalog.py EXPORTED_DIR [TOTAL]   (rewrites the directory in place)
import hashlib, json, os, sys

root = sys.argv[1]
total = int(sys.argv[2]) if len(sys.argv) > 2 else 55000
per_set = 5000  # BSK_CATALOG_MAX_CARDS_PER_SET


def dump(value):  # the canonical form of DESIGN §3: one-space indent, UTF-8, trailing newline
    return (json.dumps(value, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


with open(os.path.join(root, "index.json"), encoding="utf-8") as f:
    index = json.load(f)
source = []  # numbered printings only: a classic card's id does not follow set and number
schema = 1  # the synthetic sets take the exported sets' schema (2 since issue 22: sentences, features)
for entry in index["sets"]:
    with open(os.path.join(root, entry["url"]), encoding="utf-8") as f:
        exported = json.load(f)
    schema = max(schema, exported["schema"])
    source += [card for card in exported["cards"] if card["number"] is not None]

made = sum(entry["cards"] for entry in index["sets"])
os.makedirs(os.path.join(root, "sets"), exist_ok=True)
set_number = 0
while made < total:
    set_number += 1
    set_id = "x%02d" % set_number
    cards = []
    while len(cards) < per_set and made < total:
        original = source[made % len(source)]
        card = dict(original)
        number = len(cards) + 1
        card["id"] = "%s-%03d" % (set_id, number)
        card["nxt_id"] = 100000000 + made
        card["name"] = "%s %d" % (original["name"], made // len(source))
        card["set"] = set_id
        card["number"] = number
        cards.append(card)
        made += 1
    name = "Синтетический выпуск %d" % set_number
    text = dump({"schema": schema, "set": {"id": set_id, "name": name, "release": None}, "cards": cards})
    url = "sets/%s.json" % set_id
    with open(os.path.join(root, url), "wb") as f:
        f.write(text)
    index["sets"].append({"id": set_id, "name": name, "release": None, "revision": 1, "cards": len(cards),
                          "sha256": hashlib.sha256(text).hexdigest(), "url": url})
with open(os.path.join(root, "index.json"), "wb") as f:
    f.write(dump(index))
