#!/usr/bin/env bash
# tests/fuzz/make_seeds.sh — (re)builds the committed seed corpora tests/fuzz/corpus/TARGET/
# from the real data: decklists of tests/fixtures/decks (and their .brsd and JSON
# conversions by build/berserk), catalog/data's index and small extracts of its set files,
# formats/*.json, the squad scenarios of tests/cli/fixtures/squad, weights files, card
# names from the catalogue, the rule cases of tests/positions (and their game logs, with a
# goldfish game's and a log written before card fingerprints) and the play prompt's commands. Needs build/berserk (make all) and python3. Keep the result small
# (< 2 MB in all): the fuzzers grow their own working corpora under build/fuzz/corpus/.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
C="$HERE/corpus"
BIN=${BERSERK:-$ROOT/build/berserk}
DECKS="$ROOT/tests/fixtures/decks"
export BERSERK_DB
BERSERK_DB=$(mktemp -d "${TMPDIR:-/tmp}/berserk-seeds.XXXXXX")/catalog.db
rm -rf "$C"
mkdir -p "$C"/{decklist_text,decklist_proberserk,decklist_brsd,decklist_json,catalog_index,catalog_set,format_file,squad_scenario,weights,name_normalise,optimizer}
mkdir -p "$C"/{position,game_log,play_command}

# decklists: the plain ones and the ProBerserk tournament lists (same parser), then conversions
cp "$DECKS"/*.txt "$C/decklist_text/"
cp "$DECKS"/tournament/*.txt "$C/decklist_proberserk/"
printf '\xEF\xBB\xBF# deck title: Every syntax\r\n3 Циклоп\r\n2x Гобрах\r\n1х Кобольд\r\n3 01-037\r\n2 10037\r\n2 Аранта [03]\r\n# a comment\r\n\r\nnot a line\r\n' \
    >"$C/decklist_text/every-syntax.txt"
for deck in "$DECKS"/starter-squad-*.txt "$DECKS"/tournament/0[1-6]-*.txt; do
    name=$(basename "$deck" .txt)
    "$BIN" deck convert "$deck" --to brsd >"$C/decklist_brsd/$name.brsd"
    "$BIN" deck convert "$deck" --to json >"$C/decklist_json/$name.json"
done
printf '{"name": "by id", "cards": [{"id": "01-037", "count": 3}, {"nxt_id": 10101, "count": 2}, {"name": "Гобрах", "count": 1}]}\n' \
    >"$C/decklist_json/by-id.json"

# the catalogue: both indexes, the small set files whole, and a few cards of each large one
cp "$ROOT/catalog/data/index.json" "$C/catalog_index/bundled.json"
cp "$ROOT/tests/cli/fixtures/tiny/index.json" "$C/catalog_index/tiny.json"
cp "$ROOT/tests/cli/fixtures/tiny/sets/90.json" "$C/catalog_set/tiny-90.json"
cp "$ROOT/catalog/data/sets/21.json" "$C/catalog_set/21.json"
python3 - "$ROOT/catalog/data/sets" "$C/catalog_set" <<'PY'
import json, os, sys
src, out = sys.argv[1:3]
for name in sorted(os.listdir(src)):
    if name == "21.json":
        continue
    with open(os.path.join(src, name), encoding="utf-8") as f:
        data = json.load(f)
    cards = data["cards"]
    # the first cards, and those with the most keywords (parameters, expressions, activations)
    pick = cards[:3] + sorted(cards[3:], key=lambda c: -len(json.dumps(c["keywords"])))[:3]
    data["cards"] = pick
    with open(os.path.join(out, "extract-" + name), "w", encoding="utf-8") as f:
        f.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
PY

# formats: the shipped ones, the fixtures' and one with every list
cp "$ROOT"/formats/*.json "$C/format_file/"
cp "$ROOT/tests/cli/fixtures/squad/poor-gold.json" "$ROOT/tests/cli/fixtures/squad/three-cells.json" "$C/format_file/"
printf '{"schema": 1, "id": "league", "name": "Лига", "deck": {"min": 40, "max": null}, "copies": 2, "horde_copies": null,\n "sets": ["01", "02", "21"], "banned": [{"name": "Кулеврина орков", "from": "2026-06-01"}, {"name": "Циклоп"}],\n "restricted": [{"name": "Гобрах", "copies": 1, "from": "2025-02-28"}], "pool": true,\n "squad": {"gold": 30, "silver": 10, "second_player_gold": 0, "second_player_silver": 2, "deal": 17, "flyer_budget": 20, "cells": 12, "redeal_gold": 2}}\n' \
    >"$C/format_file/league.json"

# squad scenarios: the CLI's fixtures
for f in "$ROOT"/tests/cli/fixtures/squad/*.json; do
    case $(basename "$f") in poor-gold.json | three-cells.json) continue ;; esac
    cp "$f" "$C/squad_scenario/"
done

# weights files over the weights target's deck (06-elfy)
printf '{"Нальдан": 20, "Фландир": -5}\n' >"$C/weights/two.json"
printf '{"Истребитель духов": 1, "Ассасин Храма": 0, "Морлас": 7, "Очи Нальдана": -1000, "Лорд Сулу": 1000, "Ящерка": 3,\n "Тёмный менестрель": 2, "Снайпер Керсам": 9, "Алчущие крови": 4, "Безголовый": 12, "Эйдерик": 5}\n' \
    >"$C/weights/many.json"
printf '{}\n' >"$C/weights/empty.json"
printf '{"Циклоп": 50}\n' >"$C/weights/not-in-deck.json"

# names: catalogue names with their spelling variants (ё, apostrophes, hyphens, case, combining marks)
python3 - "$ROOT/catalog/data/sets" "$C/name_normalise" <<'PY'
import json, os, sys, unicodedata
src, out = sys.argv[1:3]
names = set()
for name in sorted(os.listdir(src)):
    with open(os.path.join(src, name), encoding="utf-8") as f:
        names.update(c["name"] for c in json.load(f)["cards"])
chosen = sorted(n for n in names if any(ch in n for ch in "ёЁ'’- "))[:24]
extra = ["Ёж", "ёж", "Еж", "Бул’Багур", "Бул'Багур", "Гном - басаарг", "  ГНОМ\u2013БАСААРГ  ",
         unicodedata.normalize("NFD", "Йорд ёлка"), "Σίσυφος", "ÀÉÎ", "a\u00a0b\u2003c", "\xad\u200bx\ufeff"]
for i, text in enumerate(chosen + extra):
    with open(os.path.join(out, "name-%02d.txt" % i), "w", encoding="utf-8") as f:
        f.write(text)
PY

# optimizer: byte strings (the target reads them as a synthetic deal)
python3 - "$C/optimizer" <<'PY'
import os, random, sys
rng = random.Random(403231)
for i in range(16):
    size = rng.choice([8, 24, 48, 64, 96])
    with open(os.path.join(sys.argv[1], "deal-%02d.bin" % i), "wb") as f:
        f.write(bytes(rng.randrange(256) for _ in range(size)))
PY
# positions: the rule cases (a "cards_file" is left out by the target: it reads no file); their
# game logs, a goldfish game's, and one without the card fingerprints (an older log)
for f in "$ROOT"/tests/positions/*.json; do
    case $f in *.expected.json) continue ;; esac
    grep -q '"cards_file"' "$f" && continue
    name=$(basename "$f" .json)
    cp "$f" "$C/position/"
    "$BIN" position "$f" --log "$C/game_log/$name.log" >/dev/null 2>&1 || true
    [[ -s $C/game_log/$name.log ]] || rm -f "$C/game_log/$name.log"
done
"$BIN" --seed 3 goldfish "$ROOT/examples/starter-squad-druzhina-helmira.txt" --squad --games 1 --agent random \
    --replay-game 0 --log "$C/game_log/goldfish-squad.log" >/dev/null
python3 - "$C/game_log/goldfish-squad.log" "$C/game_log/older-without-fingerprints.log" <<'PY'
import json, sys
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
header = json.loads(lines[0])
del header["cards_fingerprint"], header["card_fingerprints"]
lines[0] = json.dumps(header, ensure_ascii=False, separators=(",", ":"))
open(sys.argv[2], "w", encoding="utf-8").write("\n".join(lines))
PY

# the play prompt: every command of its help, in the forms play_command.c reads
i=0
for command in "move c3 c2" "attack c3 c4" "ability c3 1 d5" "ability C3 2" "feature c3 1 1x2" "counter c3" "tap b2" \
    pass "end" "end turn" "guard b4" "guard none" "step down" stay first second keep redeal "take Циклоп" \
    "take Циклоп 2 3" "take Кочевник степей 0 1" done "place Циклоп c2" "place Гном-басаарг e1" "hide c6" \
    "host c5 d5" "order c3" "order Циклоп" "order 2x1" "  MOVE   c3	c2 " "help" "ability c3 0" "take"; do
    printf '%s' "$command" >"$C/play_command/command-$(printf %02d $i).txt"
    i=$((i + 1))
done

rm -rf "$(dirname "$BERSERK_DB")"
du -sh "$C"
