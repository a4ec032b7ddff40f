# format_names_cases.sh — every command that takes a format checks the names it bans or restricts
# against the catalogue (issue 10 #3): sim deals, squad auto and a squad scenario's "format" as
# deck check does; and an index.json with a UTF-8 BOM is still recognised as an index (#14).
# Sourced by run.sh.

FN="$T/format_names"
mkdir -p "$FN"
printf '{"schema":1,"id":"league","banned":[{"name":"Кулеврина орка"}]}\n' >"$FN/league.json"
ELFY="$ROOT/tests/fixtures/decks/tournament/06-elfy.txt"
run --seed 1 sim deals "$ELFY" --trials 10 --format "$FN/league.json"
check "#3 sim deals --format with an unknown banned name: exit 2, the entry and the nearest name" 2 \
    'err:banned[0].name: no card named "Кулеврина орка"' 'err:Кулеврина орков' out=
run --seed 1 squad auto "$ELFY" --format "$FN/league.json"
check "#3 squad auto --format with an unknown banned name: exit 2" 2 'err:banned[0].name' out=
"$PY" - "$ROOT/tests/cli/fixtures/squad/raer.json" "$FN/raer.json" "$FN/league.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1], encoding="utf-8"))
s["format"] = sys.argv[3]
json.dump(s, open(sys.argv[2], "w", encoding="utf-8"), ensure_ascii=False)
PY
run squad check "$FN/raer.json"
check "#3 squad check: a scenario's format with an unknown banned name: exit 2" 2 'err:banned[0].name' out=
printf '{"schema":1,"id":"league","banned":[{"name":"Кулеврина орков"}]}\n' >"$FN/good.json"
run --seed 1 --json sim deals "$ELFY" --trials 10 --format "$FN/good.json"
check "#3 sim deals --format with known names: runs" 0 'json:d["trials"] == 10'

mkdir -p "$FN/bom/sets"
cp "$FIX/tiny/sets/"*.json "$FN/bom/sets/"
printf '\xef\xbb\xbf' >"$FN/bom/index.json"
cat "$FIX/tiny/index.json" >>"$FN/bom/index.json"
run --db "$FN/bom.db" catalog import "$FN/bom/index.json"
check "#14 catalog import of an index.json with a UTF-8 BOM: read as an index" 0

# A JSON decklist's problem is named by its JSON path, not as "line 0" (issue 10 #16).
printf '{"name":"x","cards":[{"name":"Циклоп","count":3},{"name":"Абырвалг","count":2}]}' >"$FN/deck.json"
run --seed 1 sim deals "$FN/deck.json" --trials 5
check "#16 sim deals of a JSON decklist with an unknown name: the entry's path, not line 0" 2 \
    'err:(cards[1]: no card named "Абырвалг"' '!err:line 0' out=
