# tests/cli/coverage_cases.sh — `cards coverage` (DESIGN §4 `cards coverage --json`, §5 coverage) on the
# bundled catalogue, through the real binary. Sourced by run.sh (run/check/save, $T, $ROOT).
# `runs` depends on the keywords the engine runs (card_table.c KEYWORD_RUNS), so it is bounded here:
# at least every card with no keyword and no unknown number, at most the cards with known keywords.

PLAIN='sum(1 for c in cards() if not c["keywords"] and not c["features"] and not set(c["unknown"]) & {"life","movement","simple_strike","keywords"})'
EXAMPLE_DECK="$ROOT/examples/06-elfy.txt"

run cards coverage --json
check "cards coverage --json: the contract's keys and the catalogue's figures" 0 err= \
    'json:list(d) == ["cards","runs","full","partial","keywords_only","unknown","sets","decks","blocking"]' \
    'json:d["cards"] == 1553 == len(cards())' \
    'json:(d["full"], d["partial"], d["keywords_only"], d["unknown"]) == (102, 30, 1362, 59)' \
    'json:d["full"] + d["partial"] + d["keywords_only"] + d["unknown"] == 1553' \
    'json:d["full"] <= sum(1 for c in cards() if c["support"] == "full") == 213' \
    'json:d["full"] == sum(s["full"] for s in d["sets"])' \
    'json:d["unknown"] == sum(1 for c in cards() if c["sentences"] is None)' \
    "json:$PLAIN <= d[\"runs\"] <= 1553 - 234" \
    'json:[s["id"] for s in d["sets"]] == ["01","02","03","04","05","06","07","21","22","classic"]' \
    'json:all(list(s) == ["id","cards","runs","full"] for s in d["sets"])' \
    'json:all(s["full"] <= s["runs"] <= s["cards"] for s in d["sets"])' \
    'json:{s["id"]: s["cards"] for s in d["sets"]}["01"] == 200 and sum(s["cards"] for s in d["sets"]) == 1553' \
    'json:sum(s["runs"] for s in d["sets"]) == d["runs"]' \
    'json:d["decks"] == []' \
    'json:all(list(b) == ["what","cards"] for b in d["blocking"])' \
    'json:[b["cards"] for b in d["blocking"]] == sorted((b["cards"] for b in d["blocking"]), reverse=True)' \
    'json:{b["what"]: b["cards"] for b in d["blocking"]}.get("unknown:keywords") == 226' \
    'json:{b["what"]: b["cards"] for b in d["blocking"]}.get("unknown:life") == 8' \
    'json:{b["what"]: b["cards"] for b in d["blocking"]}.get("expression:X") == 12' \
    'json:{b["what"]: b["cards"] for b in d["blocking"]}.get("activation:none") == 21' \
    'json:{b["what"]: b["cards"] for b in d["blocking"]}.get("condition:formation") == 3' \
    'json:{b["what"]: b["cards"] for b in d["blocking"]}.get("text:formation") == 52' \
    'json:{b["what"]: b["cards"] for b in d["blocking"]}.get("text:at_depth") == 34' \
    'json:not {"keyword:formation", "keyword:at_depth", "keyword:on_surface"} & {b["what"] for b in d["blocking"]}' \
    'json:{b["what"]: b["cards"] for b in d["blocking"]}.get("text:rebuff") == 12' \
    'json:"keyword:rebuff" not in {b["what"] for b in d["blocking"]}' \
    'json:"features" not in {b["what"] for b in d["blocking"]}' \
    'json:not {"engine:handler", "support:unproved"} & {b["what"] for b in d["blocking"]}' \
    'json:{b["what"]: b["cards"] for b in d["blocking"]}.get("engine:text_only") == 6'
save coverage_all

# The werewolf's form runs (an extension, issue 21 §2: asked before its controller's turn); the 7
# werewolves of set 06 wait for their texts under {wolf} / {human} (card text, issues 22-23).
check "cards coverage --json: no keyword:werewolf; text:werewolf blocks the 7 werewolves" 0 \
    'json:"keyword:werewolf" not in {b["what"] for b in saved("coverage_all")["blocking"]}' \
    'json:{b["what"]: b["cards"] for b in saved("coverage_all")["blocking"]}.get("text:werewolf") == 7'

# Every set's own figures equal the set's line in the whole run.
run cards coverage --set 01 --json
check "cards coverage --set 01: only set 01, the same figures as its line in the whole run" 0 \
    'json:d["cards"] == 200 and d["sets"] == [s for s in saved("coverage_all")["sets"] if s["id"] == "01"]' \
    'json:d["runs"] == d["sets"][0]["runs"]' \
    'json:(d["full"], d["keywords_only"]) == (11, 189) == (d["sets"][0]["full"], 200 - d["sets"][0]["full"])' \
    'json:sum(1 for c in cards() if c["set"] == "01" and c["keywords"] and c["keywords"][0]["id"] == "shot") >= 1'

run cards coverage --set 01
check "cards coverage --set 01: a summary line, the set's line, the top blockers" 0 err= \
    'out~^200 cards, [0-9]+ run \([0-9.]+%\)' \
    'out:catalogue support: 11 full, 0 partial, 189 keywords only, 0 unknown (no printed text known)' \
    'out~01 +200 +[0-9]+ +11' 'out:top blockers' '!out:classic'

run cards coverage
check "cards coverage: text lists every set and at most 10 blockers" 0 err= \
    'out~^1553 cards, [0-9]+ run' 'out~classic +23 ' 'out:226  unknown:keywords' 'out:-v lists all'

# A deck from examples/: each distinct card once (06-elfy.txt: 15 names, 30 copies).
run cards coverage --deck "$EXAMPLE_DECK" --json
check "cards coverage --deck: distinct cards of the deck, each blocked card with its blockers" 0 \
    'json:len(d["decks"]) == 1 and list(d["decks"][0]) == ["file","cards","runs","full","blocking","blocked","list"] and all(list(c) == ["id","name","support","runs"] for c in d["decks"][0]["list"]) and len(d["decks"][0]["list"]) == d["decks"][0]["cards"]' \
    'json:0 <= d["decks"][0]["full"] <= d["decks"][0]["runs"]' \
    "json:d[\"decks\"][0][\"file\"] == \"$EXAMPLE_DECK\"" \
    'json:d["decks"][0]["cards"] == 15' \
    'json:d["decks"][0]["runs"] == d["decks"][0]["cards"] - len(d["decks"][0]["blocked"])' \
    'json:all(b["blocking"] for b in d["decks"][0]["blocked"])' \
    'json:"Лорд Сулу" in [b["name"] for b in d["decks"][0]["blocked"]]' \
    'json:d["cards"] == 1553'

run cards coverage --deck "$EXAMPLE_DECK"
check "cards coverage --deck: the deck's line in text" 0 \
    "out~deck .*06-elfy.txt: 15 distinct cards, [0-9]+ run \\([0-9.]+%\\), [0-9]+ full \\([0-9.]+%\\)"

# Two decks, one by --deck=FILE, one as an operand.
run cards coverage --deck="$EXAMPLE_DECK" "$ROOT/examples/09-koven.txt" --json
check "cards coverage: --deck=FILE and a FILE operand are both decks" 0 \
    'json:[x["file"].rsplit("/", 1)[1] for x in d["decks"]] == ["06-elfy.txt", "09-koven.txt"]'

run cards coverage --deck "$T/no-such-deck.txt"
check "cards coverage --deck: a missing file is exit 2 with a message" 2 out= \
    "err:$T/no-such-deck.txt: cannot open"

run cards coverage --set 99
check "cards coverage --set: an unknown set is exit 2 with a message" 2 out= \
    'err:--set: unknown value "99"'

run cards coverage --deck
check "cards coverage --deck without a value is exit 2" 2 'err:--deck needs a value'

run cards coverage --help
check "cards coverage --help: the options and how decks count" 0 'out:usage: berserk cards coverage' \
    'out:--deck FILE' 'out:--set ID' 'out:each distinct card'

# cards search --support (issue 23): the support the engine grants, as `cards coverage` counts it.
run cards search --support full --json
check "cards search --support full: the cards coverage counts full, each claiming full" 0 \
    'json:d["count"] == d["total"] == saved("coverage_all")["full"]' \
    'json:all(c["support"] == "full" for c in d["cards"])' \
    'json:"06-027" in [c["id"] for c in d["cards"]] and "01-001" in [c["id"] for c in d["cards"]]'

run cards search --support full --limit 3 --json
check "cards search --support with --limit: the first 3, the total of every match" 0 \
    'json:(d["count"], d["total"]) == (3, saved("coverage_all")["full"])'

run cards search --support keywords_only --set 01 --json
check "cards search --support keywords_only --set 01: the set's keywords-only cards" 0 \
    'json:d["total"] == 189 and all(c["set"] == "01" for c in d["cards"])'

run cards search --support sometimes
check "cards search --support: an unknown value is exit 2 naming the values" 2 out= \
    'err:--support: unknown value "sometimes" (expected full, partial, keywords_only or unknown)'

# cards show marks what the engine does not run yet (issue 23), and nothing for a card that runs.
run cards show 02-167
check "cards show: a card with a blocker names it on a 'not run' line" 0 \
    'out:support   full (the engine finds keywords_only)' 'out:not run   activation:triggered'
run cards show 06-027
check "cards show: a card the engine runs as printed has no 'not run' line" 0 'out:support   full' '!out:not run'

# Issue 23: every card of the real decklists (tests/fixtures/decks/tournament/, the 15 tournament decks,
# and the two starter squads) runs fully — checked support `full` in `cards coverage --deck` — except the
# cards tests/fixtures/decks/real-decks-waiting.txt lists, each with what it still lacks; a listed card that has become
# full must leave the list (so the list only shrinks and stays true).
REAL_DECK_ARGS=()
for f in "$ROOT"/tests/fixtures/decks/tournament/*.txt "$ROOT"/tests/fixtures/decks/starter-squad-*.txt; do REAL_DECK_ARGS+=(--deck "$f"); done
run cards coverage "${REAL_DECK_ARGS[@]}" --json
WAITING=$(grep -v '^#' "$ROOT/tests/fixtures/decks/real-decks-waiting.txt" | awk 'NF {print $1}' | tr '\n' ' ')
check "issue 23: every real deck card is full but the listed waiting ones, and those are not full" 0 \
    'json:len(d["decks"]) == 17' \
    'json:len({c["id"] for k in d["decks"] for c in k["list"]}) == 109' \
    "json:sorted({c['id'] for k in d['decks'] for c in k['list'] if c['support'] != 'full'}) == sorted('$WAITING'.split())"
