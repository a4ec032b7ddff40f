# tests/cli/parsers_cases.sh — decklist, format and pool files that are hostile or unusual (issue
# 10: control characters, unknown names in format and pool files, empty directories, FIFOs, BOMs,
# comments, JSON paths, strings cut inside a character, bounded work, messages that name the value).
# Sourced by run.sh, which provides run/check/report and $T, $ROOT, $BIN, $PY.

PT="$ROOT/tests/fixtures/decks/tournament"
P="$T/parsers"
mkdir -p "$P"

# run_timeout SECONDS ARGS...: like run, but killed after SECONDS (a hang is exit 124).
run_timeout() {
    local seconds=$1
    shift
    timeout "$seconds" "$BIN" "$@" >"$OUT" 2>"$ERR" </dev/null
    RC=$?
}

# rss_run RSS_FILE ARGS...: runs ARGS with stdout, stderr and exit code to $OUT, $ERR and $RC, and
# writes the peak resident memory of the process tree in kB to RSS_FILE (python's resource module,
# so no extra package is needed).
rss_run() {
    local rss_file=$1
    shift
    "$PY" - "$rss_file" "$OUT" "$ERR" "$@" <<'PY'
import resource, subprocess, sys
rss_file, out, err, *command = sys.argv[1:]
with open(out, "wb") as o, open(err, "wb") as e:
    rc = subprocess.call(command, stdout=o, stderr=e, stdin=subprocess.DEVNULL)
with open(rss_file, "w") as f:
    f.write("%d\n" % resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
sys.exit(rc if rc >= 0 else 128 - rc)
PY
    RC=$?
}

# A legal deck in JSON form, from a tournament decklist.
"$BIN" deck convert "$PT/01-babkina-tachanka.txt" --to json -o "$P/legal.json" >/dev/null 2>&1

# ---- Item 1: control characters in JSON names --------------------------------------------------
"$PY" - "$P" <<'PY'
import json, sys
d = json.load(open(sys.argv[1] + "/legal.json", encoding="utf-8"))
d["name"] = "Колода\n30 Циклоп\n6 Гобрах"
json.dump(d, open(sys.argv[1] + "/newline-name.json", "w", encoding="utf-8"), ensure_ascii=False)
d["name"] = "\u001b]0;pwned\u0007\u001b[2J"
d["cards"][0]["name"] = "\u001b[31mКулеврина орков"
json.dump(d, open(sys.argv[1] + "/escape.json", "w", encoding="utf-8"), ensure_ascii=False)
PY
run deck convert "$P/newline-name.json" --to text
check "item 1: a newline in a JSON deck name is refused, not turned into decklist lines" 1 out= \
    'err:newline-name.json: parse_error: name: control character U+000A in string' 'err:not converted'
run deck check "$P/escape.json" --date 2026-11-21
check "item 1: escape sequences in JSON names never reach the terminal (deck check)" 1 $'!out:\e' $'!err:\e' \
    'out~cards\[0\]\.name +parse_error +control character U\+001B in string'
run deck stats "$P/escape.json"
check "item 1: escape sequences in JSON names never reach the terminal (deck stats)" 1 $'!out:\e' $'!err:\e'

mkdir -p "$P/esc"
cp "$PT/01-babkina-tachanka.txt" "$P/esc/"$'\e]0;pwned\a\e[2J.txt'
printf '1 Цыклоп\n' >"$P/esc/"$'\e[31mred.txt'
run deck check "$P/esc" --date 2026-11-21
check "item 1: control characters in file names are shown as '?', never sent to the terminal" 1 $'!out:\e' \
    $'!err:\e' 'out:/esc/?]0;pwned??[2J.txt: legal' 'out:?[31mred.txt: ILLEGAL'
run --json deck check "$P/esc" --date 2026-11-21
check "item 1: --json keeps the file names exactly (escaped by JSON)" 1 \
    'json:sorted(os.path.basename(r["file"]) for r in d["results"]) == ["\x1b[31mred.txt", "\x1b]0;pwned\x07\x1b[2J.txt"]'

# ---- Item 2: format files naming unknown cards --------------------------------------------------
printf '{"id":"league","banned":[{"name":"Кулеврина орка"}]}' >"$P/typo-ban.json"
run deck check "$PT/01-babkina-tachanka.txt" --format "$P/typo-ban.json" --date 2026-11-21
check "item 2: an unknown banned name is exit 2, naming the entry and the nearest name" 2 out= \
    'err:typo-ban.json: banned[0].name: no card named "Кулеврина орка"; did you mean: Кулеврина орков'
printf '{"id":"league","restricted":[{"name":"Циклоп","copies":1},{"name":"Гобраххх","copies":1}]}' \
    >"$P/typo-restricted.json"
run deck check "$PT/01-babkina-tachanka.txt" --format "$P/typo-restricted.json" --json
check "item 2: an unknown restricted name is exit 2 too" 2 out= 'err:restricted[1].name: no card named "Гобраххх"'
printf '{"id":"league","banned":[{"name":"01-999"}]}' >"$P/typo-id.json"
run deck stats "$PT/01-babkina-tachanka.txt" --format "$P/typo-id.json"
check "item 2: an unknown id in a format file is exit 2 (deck stats)" 2 out= \
    'err:banned[0].name: no card with id "01-999"'
KUL_ID=$("$PY" -c 'import json,glob
for p in sorted(glob.glob("'"$ROOT"'/catalog/data/sets/*.json")):
    for c in json.load(open(p, encoding="utf-8"))["cards"]:
        if c["name"] == "Кулеврина орков": print(c["id"]); raise SystemExit')
printf '{"id":"league","banned":[{"name":"%s"}]}' "$KUL_ID" >"$P/ban-by-id.json"
run --json deck check "$PT/01-babkina-tachanka.txt" --format "$P/ban-by-id.json" --date 2026-11-21
check "item 2: a listing by id bans that card's name" 1 \
    'json:d["results"][0]["errors"][0]["code"] == "banned_card"' \
    'json:d["results"][0]["errors"][0]["card"] == "Кулеврина орков"'
for f in constructed limited; do
    run deck check "$PT" --format $f --date 2026-11-21
    check "item 2: the built-in format $f still loads with its names checked" 0 'out:15 files: 15 legal'
done

# ---- Item 3 (issue item 5): pool files are diagnosed ---------------------------------------------
printf '5 Циклоп\n' >"$P/deck-sealed.txt"
printf '10 Циклоп\n3 Цыклоп\nмусор\n' >"$P/garbage-pool.txt"
run deck check "$P/deck-sealed.txt" --format sealed --pool "$P/garbage-pool.txt" --date 2026-11-21
check "item 5: a pool with unknown names and bad lines is refused (exit 2) with lines and suggestions" 2 out= \
    'err:garbage-pool.txt:2: unknown_card: no card named "Цыклоп"; did you mean Циклоп' \
    'err:garbage-pool.txt:3: parse_error' 'err:garbage-pool.txt: not a usable pool (2 problems)'
mkdir -p "$P/sealed"
printf '5 Циклоп\n' >"$P/sealed/ann.txt"
printf '5 Циклоп\n' >"$P/sealed/bob.txt"
printf '5 Цыклоп\n' >"$P/sealed/bob.pool.txt"
printf '5 Циклоп\n' >"$T/good-pool.txt"
run --json deck check "$P/sealed" --format sealed --pool "$T/good-pool.txt" --date 2026-11-21
check "item 5: a bad NAME.pool.txt beside a deck makes that deck unreadable, with the pool's problem" 2 \
    'json:d["totals"] == {"files": 2, "legal": 0, "illegal": 1, "unreadable": 1}' \
    'json:d["results"][1]["legal"] is None' \
    'json:"bob.pool.txt:1: unknown_card: no card named \"Цыклоп\"; did you mean Циклоп" in d["results"][1]["error"]'

# ---- Item 4 (issue item 8): a run that finds no decklist ---------------------------------------
mkdir -p "$P/empty"
run deck check "$P/empty"
check "item 8: an empty directory is exit 2 with a message" 2 out= \
    'err:no decklist (*.txt, *.brsd, *.json) in this directory'
run --json deck check "$P/empty"
check "item 8: an empty directory is exit 2 with --json too" 2 out= 'err:no decklist'
run deck check "$P/no-such-dir/"
check "item 8: a typo'd path is exit 2 with a message" 2 'out:no-such-dir/: unreadable — ' 'out:cannot open' \
    '!out:0 files'

# ---- Item 5 (issue item 9): FIFOs never hang a reader --------------------------------------------
mkdir -p "$P/fifo"
cp "$PT/01-babkina-tachanka.txt" "$P/fifo/a.txt"
mkfifo "$P/fifo/b.txt" "$P/fifo/c.pool.txt" "$P/named.txt"
run_timeout 5 deck check "$P/fifo" --date 2026-11-21
check "item 9: a FIFO inside a deck directory is skipped (regular files only), no hang" 0 'out:a.txt: legal' \
    '!out:b.txt'
run_timeout 5 deck check "$P/named.txt" "$PT/01-babkina-tachanka.txt" --date 2026-11-21
check "item 9: a named FIFO is refused (exit 2) and the other results are printed" 2 \
    'out:named.txt: unreadable' 'out:not a regular file' 'out:01-babkina-tachanka.txt: legal'
run_timeout 5 deck stats "$P/named.txt"
check "item 9: deck stats of a FIFO is refused at once" 2 'err:not a regular file'
run_timeout 5 deck check "$PT/01-babkina-tachanka.txt" --format "$P/named.txt"
check "item 9: a FIFO given as the format file is refused at once" 2 'err:not a regular file'

# ---- Item 14: a BOM before JSON inputs -----------------------------------------------------------
printf '\xEF\xBB\xBF' | cat - "$P/legal.json" >"$P/bom.json"
run deck check "$P/bom.json" --date 2026-11-21
check "item 14: a JSON decklist with a BOM is read" 0 'out:bom.json: legal'
printf '\xEF\xBB\xBF{"id":"bom-league","copies":3}' >"$P/bom-format.json"
run --json deck check "$PT/01-babkina-tachanka.txt" --format "$P/bom-format.json" --date 2026-11-21
check "item 14: a format file with a BOM is read" 0 'json:d["results"][0]["format"] == "bom-league"'

# ---- Item 15: trailing comments ------------------------------------------------------------------
sed 's/$/   # a note/' "$PT/01-babkina-tachanka.txt" >"$P/comments.txt"
run deck check "$P/comments.txt" --date 2026-11-21
check "item 15: '3 Циклоп # comment' is an entry and a comment" 0 'out:comments.txt: legal — 30 cards'

# ---- Item 16: JSON paths on JSON decklist problems -----------------------------------------------
printf '{"name":"J","cards":[{"name":"Циклоп","count":3},{"name":"Цыклоп","count":1},{"name":"Гобрах","count":0}]}' \
    >"$P/paths.json"
run --json deck check "$P/paths.json" --date 2026-11-21
check "item 16: JSON decklist errors carry the entry's JSON path" 1 \
    'json:[e.get("path") for e in d["results"][0]["errors"]] == ["cards[1]", "cards[2].count", None]' \
    'json:all(list(e)[:8] == ["code","card","count","limit","line","lines","rule","message"] for e in d["results"][0]["errors"])'
run deck check "$P/paths.json" --date 2026-11-21
check "item 16: the human report names the JSON path instead of 'deck'" 1 'out~cards\[1\] +unknown_card' \
    'out~cards\[2\]\.count +parse_error'

# ---- Item 9 (strings cut mid-character) ----------------------------------------------------------
printf '1 %s\xd0\x96\n' "$(printf 'a%.0s' $(seq 126))" >"$P/cut.txt"
run --json deck check "$P/cut.txt" --date 2026-11-21
check "strings cut mid-character: the card and message keys are there and valid UTF-8" 1 \
    'json:all(k in e for e in d["results"][0]["errors"] for k in ["code","card","count","limit","line","lines","rule","message"])' \
    'json:d["results"][0]["errors"][0]["card"] == "a" * 126' \
    'json:isinstance(d["results"][0]["errors"][0]["message"], str)'
{ printf '# name: '; printf 'Ж%.0s' $(seq 200); printf '\n'; cat "$PT/01-babkina-tachanka.txt"; } >"$P/long-name.txt"
run deck convert "$P/long-name.txt" --to json -o "$P/long-name.json"
check "a deck name over 255 bytes converts to JSON (no false 'out of memory')" 0 '!err:out of memory'
run --json deck stats "$P/long-name.txt"
check "a deck name over 255 bytes: deck stats --json keeps the name, cut on a character" 0 \
    'json:d["name"] == "Ж" * 127'
run deck convert "$P/long-name.json" --to text -o "$P/long-name-again.txt"
check "a cut deck name converts back to text" 0
run deck check "$P/long-name-again.txt" --date 2026-11-21
check "a text conversion of a cut deck name passes its own checker" 0 'out:legal'

# ---- Item 10: bounded work on hostile decklists --------------------------------------------------
"$PY" - "$P/hostile.txt" <<'PY'
import sys
lines, size, i = [], 0, 0
while size < 1048000:
    line = ("1 Циклопп%d" % i) if i % 3 == 0 else ("мусор %d" % i) if i % 3 == 1 else ("%d Гобрах" % (100 + i % 50))
    lines.append(line)
    size += len(line.encode()) + 1
    i += 1
open(sys.argv[1], "w", encoding="utf-8").write("\n".join(lines) + "\n")
PY
# Under ASan, freed memory waits in a quarantine (up to 256 MB) that is not the program's: measure without it.
MEASURED_ASAN="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0:malloc_context_size=0"
ASAN_OPTIONS=$MEASURED_ASAN rss_run "$P/hostile.rss" timeout 10 "$BIN" --json deck check "$P/hostile.txt"
check "item 10: a 1 MiB hostile decklist (--json) finishes within 10 s, 100 problems listed, the rest counted" 1 \
    'json:len(d["results"][0]["errors"]) == 100' \
    'json:d["results"][0]["more"] > 50000' \
    'json:d["results"][0]["errors"][0]["suggestions"] == ["Циклоп"]' \
    'json:d["results"][0]["errors"][99]["suggestions"] == []'
rss=$(tail -1 "$P/hostile.rss")
if [[ $rss =~ ^[0-9]+$ && $rss -lt 102400 ]]; then
    report "item 10: the hostile decklist is checked in under 100 MB ($((rss / 1024)) MB)"
else
    report "item 10: the hostile decklist is checked in under 100 MB" "max RSS: $rss kB"
fi
yes x | head -c 1048000 >"$P/bad-lines.txt"
ASAN_OPTIONS=$MEASURED_ASAN rss_run "$P/bad-lines.rss" timeout 20 "$BIN" --json deck check "$P/bad-lines.txt"
rss=$(tail -1 "$P/bad-lines.rss")
check "item 10: 1 MiB of bad lines (--json): 100 problems listed, the rest counted" 1 \
    'json:len(d["results"][0]["errors"]) == 100 and d["results"][0]["more"] == 524000 - 100 + 1'
if [[ $rss =~ ^[0-9]+$ && $rss -lt 102400 ]]; then
    report "item 10: 1 MiB of bad lines is checked in under 100 MB ($((rss / 1024)) MB; was 1.26 GB)"
else
    report "item 10: 1 MiB of bad lines is checked in under 100 MB" "max RSS: $rss kB"
fi
timeout 10 "$BIN" deck check "$P/hostile.txt" >"$OUT" 2>"$ERR"
RC=$?
check "item 10: the text report says how many more problems there are" 1 'out~… and [0-9]+ more problems'
yes x | head -n 96000 >"$P/repeated.txt"
run deck check "$P/repeated.txt"
check "item 10: 96,000 repeated errors: 100 listed, '… and 95901 more problems' (deck_too_small included)" 1 \
    'out:… and 95901 more problems'
run deck stats "$P/repeated.txt"
check "item 10: deck stats prints at most 100 problems, then how many more" 1 'err:… and 95900 more problems'

# ---- Item 11: messages that name the value -------------------------------------------------------
printf '# Б\n3 99999\n' >"$P/unknown-id.brsd"
run deck check "$P/unknown-id.brsd" --date 2026-11-21
check "item 11: an unknown .brsd id is named" 1 'out:no card with nxt id 99999'
printf '3 Циклоп [XX]\n' >"$P/unknown-set.txt"
run deck check "$P/unknown-set.txt" --date 2026-11-21
check "item 11: an unknown [SET] is named, with the sets there are" 1 \
    'out:no set [XX]; sets: 01, 02, 03, 04, 05, 06, 07, 21, 22, classic'
printf '3 01-999\n' >"$P/unknown-card-id.txt"
run deck check "$P/unknown-card-id.txt" --date 2026-11-21
check "item 11: an unknown SET-NUMBER id is named as an id" 1 'out:no card with id "01-999"'
cp "$P/legal.json" "$P/json-as.txt"
run deck check "$P/json-as.txt" --date 2026-11-21
check "item 11: a JSON decklist saved as .txt says so (exit 2), not N parse errors" 2 \
    'out:json-as.txt: unreadable' 'out:looks like a JSON decklist; name the file .json to read it as one' \
    '!out:parse_error'
