# tests/cli/tools_cases.sh — issue 20 §3 and §4 in the game log and the decklist reader: a game log
# carries the fingerprints of the card facts it was played with (DESIGN §5 "Game log") and `replay`
# on a catalogue whose facts differ refuses (exit 2) naming the card; old logs without them still
# replay; a blank log line says so; counts too large name the text the file holds; a text decklist
# line `3 [01]` says what is wrong with it. Sourced by run.sh.

TL="$T/tools"
mkdir -p "$TL"

# A full game's log on the bundled catalogue, and a store where one card of it has one more life.
run --seed 1 goldfish "$ROOT/examples/09-koven.txt" --games 10 --replay-game 3 --log "$TL/game.log"
check "goldfish --log: a game log to replay" 0 'out~won after [0-9]+ turns, hash [0-9a-f]{16}'
# The game's turns and hash as goldfish played it (they move as the cards' abilities land: issue 23).
TL_TURNS=$(sed -n 's/.* after \([0-9]*\) turns, hash .*/\1/p' "$OUT")
TL_HASH=$(sed -n 's/.*, hash \([0-9a-f]*\)$/\1/p' "$OUT")
run replay "$TL/game.log"
check "replay: a log recorded on the bundled catalogue replays on it" 0 "out:hash: $TL_HASH" "out~actions: [0-9]+, turns: $TL_TURNS"
"$PY" - "$TL/game.log" <<'PY' >"$TL/header.txt" 2>&1
import json, sys
h = json.loads(open(sys.argv[1], encoding="utf-8").readline())
ok = len(h["cards_fingerprint"]) == 16 and "03-121" in h["card_fingerprints"]
ok = ok and all(len(v) == 16 for v in h["card_fingerprints"].values())
print("ok" if ok else "bad header: %s" % h)
PY
if [[ $(cat "$TL/header.txt") == ok ]]; then report "game log header: cards_fingerprint and card_fingerprints{ID:…}"
else report "game log header: cards_fingerprint and card_fingerprints{ID:…}" "$(cat "$TL/header.txt")"; fi

cp "$BERSERK_DB" "$TL/changed.db"
"$PY" - "$TL/changed.db" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("UPDATE cards SET life = life + 1 WHERE id = '03-121'")
db.commit()
PY
run BERSERK_DB="$TL/changed.db" replay "$TL/game.log"
check "replay: one card's life changed in the store is exit 2 naming the card" 2 \
    'err:game.log:1: card 03-121 "Вереселень" differs from the one the log was played with' out=
run BERSERK_DB="$TL/changed.db" replay "$TL/game.log" --step
check "replay --step: the same refusal" 2 'err:card 03-121 "Вереселень" differs' out=
run BERSERK_DB="$TL/changed.db" play --load "$TL/game.log"
check "play --load: the same refusal" 2 'err:card 03-121 "Вереселень" differs'

# A catalogue of another revision (as after a sync) is still refused; the refusal names a changed card.
revision_to() { # revision_to STORE N
    "$PY" - "$1" "$2" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("UPDATE sync_meta SET value = ? WHERE key = 'revision'", (sys.argv[2],))
db.commit()
PY
}
cp "$BERSERK_DB" "$TL/revision2.db" && revision_to "$TL/revision2.db" 2
cp "$TL/changed.db" "$TL/changed2.db" && revision_to "$TL/changed2.db" 2
run BERSERK_DB="$TL/revision2.db" replay "$TL/game.log"
check "replay: another catalogue revision, the game's cards unchanged: exit 2 as before" 2 \
    'err:game.log:1: a log of catalog_revision 1; this is catalog_revision 2' '!err:where' out=
run BERSERK_DB="$TL/changed2.db" replay "$TL/game.log"
check "replay: another catalogue revision where a card of the game changed: exit 2 naming it" 2 \
    'err:a log of catalog_revision 1; this is catalog_revision 2, where card 03-121 "Вереселень" differs' out=

# Logs written before the fingerprints existed replay as before (on any catalogue of the revision).
log_rewrite() { # log_rewrite IN OUT PYTHON: `lines` (the log's lines, header parsed as h) edited
    "$PY" - "$1" "$2" "$3" <<'PY'
import json, sys
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
h = json.loads(lines[0])
exec(sys.argv[3])
lines[0] = json.dumps(h, ensure_ascii=False, separators=(",", ":"))
open(sys.argv[2], "w", encoding="utf-8").write("\n".join(lines))
PY
}
log_rewrite "$TL/game.log" "$TL/old.log" 'del h["cards_fingerprint"]; del h["card_fingerprints"]'
run BERSERK_DB="$TL/changed.db" replay "$TL/old.log"
check "replay: a log without fingerprints (older) still replays" 0 "out:hash: $TL_HASH" "out~actions: [0-9]+, turns: $TL_TURNS"
log_rewrite "$TL/game.log" "$TL/whole.log" 'del h["card_fingerprints"]'
run BERSERK_DB="$TL/changed.db" replay "$TL/whole.log"
check "replay: only cards_fingerprint, the catalogue's differs: exit 2" 2 \
    'err:the cards of this catalogue differ from those the log was played with' out=
run replay "$TL/whole.log"
check "replay: only cards_fingerprint, the same catalogue: replays" 0 "out:hash: $TL_HASH" "out~actions: [0-9]+, turns: $TL_TURNS"
log_rewrite "$TL/game.log" "$TL/stranger.log" 'h["card_fingerprints"]["01-001"] = "0123456789abcdef"'
run replay "$TL/stranger.log"
check "replay: a fingerprint of a card the game does not use is exit 2" 2 \
    'err:card_fingerprints.01-001: the game uses no such card' out=
log_rewrite "$TL/game.log" "$TL/badhex.log" 'h["card_fingerprints"]["03-121"] = "xyz"'
run replay "$TL/badhex.log"
check "replay: a fingerprint that is not 16 hex digits is exit 2" 2 \
    'err:card_fingerprints.03-121: expected 16 hexadecimal digits' out=

# A position's log carries them too (its cards, synthetic ones included, are the table's).
run position "$ROOT/tests/positions/515.3-diff-plus2-step-down.json" --log "$TL/position.log"
run BERSERK_DB="$TL/changed.db" replay "$TL/position.log"
check "replay: a position log on a store where another card changed replays" 0 'out:actions: 2, turns: 3'
grep -q '"cards_fingerprint":"[0-9a-f]\{16\}","card_fingerprints":{"01-001":' "$TL/position.log"
report "position --log: the header has the fingerprints of its cards" $( (($? == 0)) || echo "header: $(head -c 300 "$TL/position.log")")

# Issue 22: a fixture card's filter is part of its fingerprint (by content): a log whose embedded card
# reads another filter is refused, not replayed to another end.
run position "$ROOT/tests/positions/glossary-filter-behind-the-attacked.json" --log "$TL/filter.log"
sed 's/"filter":{"behind":"target"}/"filter":{"diagonal_to":"target"}/' "$TL/filter.log" >"$TL/filter2.log"
run replay "$TL/filter2.log"
check "replay: a fixture card whose filter changed is exit 2 (its fingerprint reads the filter)" 2 \
    'err:card test-lancer "Тест-пикинёр" differs from the one the log was played with' out=

# Issue 20 §4: a blank line says so (not "the file is empty").
log_rewrite "$TL/game.log" "$TL/blank.log" 'lines.insert(2, "")'
run replay "$TL/blank.log"
check "replay: a blank line is exit 2 naming it" 2 'err:blank.log:3: blank line' '!err:empty' out=
log_rewrite "$TL/game.log" "$TL/blank2.log" 'lines.insert(1, " \t")'
run replay "$TL/blank2.log"
check "replay: a line of blanks is a blank line" 2 'err:blank2.log:2: blank line' out=
log_rewrite "$TL/game.log" "$TL/count.log" 'h["players"][0]["deck"]["cards"][1]["count"] = 12345678901'
run replay "$TL/count.log"
check "replay: a count too large names the number the file holds" 2 \
    'err:players[0].deck.cards[1].count: 12345678901 is out of range' out=

# Issue 20 §4: text decklists.
printf '3 [01]\n1234567890123 Циклоп\n3 Циклоп [01]\n' >"$TL/deck.txt"
run deck check "$TL/deck.txt" --json
check "deck check: \`3 [01]\` says the name is missing; a 13-digit count is named as written" 1 \
    'json:[(e["line"], e["message"]) for e in d["results"][0]["errors"] if e["code"] == "parse_error"] == [(1, "no card name before the set in \"[01]\"; write COUNT NAME [SET] (3 Циклоп [01])"), (2, "count 1234567890123 is out of range 1..99")]' \
    'json:[e["count"] for e in d["results"][0]["errors"] if e["code"] == "parse_error"] == [3, None]'
printf '1000 Циклоп\n%s Циклоп\n' "$(printf '9%.0s' {1..40})" >"$TL/deck2.txt"
run deck check "$TL/deck2.txt"
check "deck check: counts over 99 are named as written, a long one cut with …" 1 \
    'out:count 1000 is out of range 1..99' "out:count $(printf '9%.0s' {1..30})… is out of range 1..99"

# A game log reads no other file: a position header naming a cards_file is refused.
log_rewrite "$TL/position.log" "$TL/cards-file.log" 'h["position"]["cards_file"] = "/etc/passwd"'
run replay "$TL/cards-file.log"
check "replay: a position header naming a cards_file is exit 2 (a log holds its cards inline)" 2 \
    'err:cards-file.log:1: position.cards_file: a game log holds its synthetic cards inline' out=
