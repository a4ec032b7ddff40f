# tests/cli/export_deck_cases.sh — `export html deck` and `export html squad` (issue 14) through the
# real binary: usage errors with their messages, exit codes as deck check's and squad check's, the
# files written (one deck: DIR/index.html is its page; several: DIR/decks/NAME.html and an index),
# escaping of untrusted text in the HTML. The pages themselves are checked in a browser by
# tests/browser/test_deck.py and test_squad.py. Sourced by run.sh (run, check, report, $T, $ROOT, $PY).

XD="$T/export-deck"
mkdir -p "$XD"
REGS="$ROOT/examples/regs"
ELFY="$ROOT/examples/06-elfy.txt"

# html_has NAME FILE [TEXT | !TEXT]...: the file exists and holds (or, with !, does not hold) each text.
html_has() {
    local name=$1 file=$2 problems=() t
    shift 2
    if [[ ! -f $file ]]; then
        report "$name" "$file was not written"
        return
    fi
    for t in "$@"; do
        if [[ $t == '!'* ]]; then
            grep -qF -- "${t#!}" "$file" && problems+=("$file should not contain: ${t#!}")
        else
            grep -qF -- "$t" "$file" || problems+=("$file lacks: $t")
        fi
    done
    report "$name" "${problems[@]}"
}

# ---- deck: usage ----

run export html deck -o "$XD/none"
check "export html deck without FILE: usage error" 2 'err:export html deck: FILE|DIR is missing (usage: berserk export html deck' out=
run export html deck "$ELFY"
check "export html deck without -o: usage error" 2 'err:export html deck: -o DIR is missing' out=
run export html deck "$ELFY" --frob -o "$XD/none"
check "export html deck --frob: unknown option" 2 'err:unknown option "--frob"' out=
run export html deck "$ELFY" --format nosuchformat -o "$XD/none"
check "export html deck --format nosuchformat: exit 2" 2 'err:nosuchformat' out=
[[ ! -e $XD/none/index.html ]] && report "usage errors write no page" || report "usage errors write no page" "$XD/none/index.html exists"
printf 'x\n' >"$XD/plain-file"
run export html deck "$ELFY" -o "$XD/plain-file"
check "export html deck -o A_FILE: cannot make the directory, exit 3" 3 'err:cannot make the directory'

# ---- deck: one file → DIR/index.html is its page ----

run --date 2026-01-01 export html deck "$ELFY" -o "$XD/one"
check "export html deck one legal file: exit 0, the page is DIR/index.html" 0 \
    "out:06-elfy.txt: legal — 30 cards → $XD/one/index.html" err=
html_has "one deck: its page holds the name, the verdict and the odds" "$XD/one/index.html" '<!DOCTYPE html>' \
    '<h1 id="deck-name">Эльфы</h1>' '✓ Legal' 'Нальдан' '88.8%' 'id="cost-curve"' 'id="element-split"' \
    '!All decks' '!href="../index.html"'
[[ ! -d $XD/one/decks ]] && report "one deck: no decks/ directory" || report "one deck: no decks/ directory" "$XD/one/decks exists"

run --date 2026-01-01 export html deck "$REGS/04-late-entry.txt" -o "$XD/one-illegal"
check "export html deck one illegal file: exit 1 (as deck check), the page still written" 1 \
    'out:04-late-entry.txt: ILLEGAL — 32 cards, 2 errors →' err=
html_has "one illegal deck: errors on their lines with code and rule" "$XD/one-illegal/index.html" \
    '<tr id="line-16" class="flagged">' '<tr id="line-17" class="flagged">' 'too_many_copies' 'constructed.copies' \
    'unknown_card' 'decklist.card' '✗ Illegal: 2 errors'

run export html deck "$XD/no-such-deck.txt" -o "$XD/one-missing"
check "export html deck one unreadable file: exit 2, no page" 2 'out:no-such-deck.txt: unreadable — ' err=
[[ ! -e $XD/one-missing/index.html ]] && report "one unreadable deck: no index.html" \
    || report "one unreadable deck: no index.html" "$XD/one-missing/index.html exists"

# ---- deck: several files → DIR/decks/NAME.html and the index ----

run --date 2026-01-01 export html deck "$REGS" -o "$XD/regs"
check "export html deck DIR (the registrations): exit 1, one illegal" 1 \
    "out:$XD/regs/index.html: 4 files: 3 legal, 1 illegal, 0 unreadable (constructed, 2026-01-01)" \
    "out:01-babkina-tachanka.txt: legal — 30 cards → $XD/regs/decks/01-babkina-tachanka.html" err=
for page in 01-babkina-tachanka 02-lamingi-na-vzlet 03-odin-laming-v-pole-voin 04-late-entry; do
    html_has "registrations: decks/$page.html links back to the index" "$XD/regs/decks/$page.html" 'href="../index.html"'
done
html_has "registrations: the index links every page and gives each verdict" "$XD/regs/index.html" \
    'href="decks/01-babkina-tachanka.html"' 'href="decks/04-late-entry.html"' '3 legal' '1 illegal' \
    '✗ illegal: 2 errors' 'line 16: too_many_copies'
run --json --date 2026-01-01 deck check "$REGS"
check "registrations: deck check --json agrees (3 legal, 1 illegal)" 1 \
    'json:d["totals"] == {"files": 4, "legal": 3, "illegal": 1, "unreadable": 0}'

run --date 2026-01-01 export html deck "$ELFY" "$XD/missing.txt" "$REGS/01-babkina-tachanka.txt" -o "$XD/mixed"
check "export html deck with an unreadable file among others: exit 2, the rest written" 2 \
    'out:missing.txt: unreadable — ' "out:$XD/mixed/index.html: 3 files: 2 legal, 0 illegal, 1 unreadable"
html_has "mixed: the index lists the unreadable file without a link" "$XD/mixed/index.html" '✗ unreadable' \
    'missing.txt' 'href="decks/06-elfy.html"' '!href="decks/missing.html"'
[[ -f $XD/mixed/decks/06-elfy.html && -f $XD/mixed/decks/01-babkina-tachanka.html && ! -e $XD/mixed/decks/missing.html ]] \
    && report "mixed: the readable decks have pages, the unreadable one none" \
    || report "mixed: the readable decks have pages, the unreadable one none" "$(ls -R "$XD/mixed")"

mkdir -p "$XD/empty-dir"
run export html deck "$XD/empty-dir" -o "$XD/empty-out"
check "export html deck of an empty directory: exit 2, as deck check" 2 'err:no decklist (*.txt, *.brsd, *.json) in this directory'

# Two files of one base name get two pages; a name with no ASCII letter gets "deck".
mkdir -p "$XD/a" "$XD/b"
cp "$ELFY" "$XD/a/same.txt"
cp "$ELFY" "$XD/b/same.txt"
cp "$ELFY" "$XD/a/эльфы.txt"
run --date 2026-01-01 export html deck "$XD/a/same.txt" "$XD/b/same.txt" "$XD/a/эльфы.txt" -o "$XD/clash"
check "export html deck: one base name twice and a Cyrillic one: distinct pages" 0 \
    "out:→ $XD/clash/decks/same.html" "out:→ $XD/clash/decks/same-2.html" "out:→ $XD/clash/decks/deck.html"

# ---- deck: escaping of untrusted text ----

cat >"$XD/<script>.txt" <<'DECK'
# name: <script>alert(1)</script>
3 Нальдан
1 Кар"ты & <b>нет</b>
DECK
run --date 2026-01-01 export html deck "$XD/<script>.txt" "$ELFY" -o "$XD/escape"
check "export html deck of a hostile deck: written, illegal" 1 'out:ILLEGAL'
ESCAPED_PAGE=$(ls "$XD"/escape/decks/script*.html 2>/dev/null | head -1)
html_has "escaping: the deck page shows the name and the unknown line as text" "$ESCAPED_PAGE" \
    '&lt;script&gt;alert(1)&lt;/script&gt;' 'Кар&quot;ты &amp; &lt;b&gt;нет&lt;/b&gt;' '!<script>alert(1)' '!<b>нет</b>'
html_has "escaping: the index shows the name and file as text" "$XD/escape/index.html" \
    '&lt;script&gt;alert(1)&lt;/script&gt;' '&lt;script&gt;.txt' '!<script>'

# ---- squad ----

SQF="$ROOT/tests/cli/fixtures/squad"
XS="$T/export-squad"
run export html squad -o "$XS/none"
check "export html squad without FILE or --auto: usage error" 2 \
    'err:export html squad: FILE or --auto DECK is missing (usage: berserk export html squad' out=
run export html squad "$ROOT/examples/raer.json" --auto "$ELFY" -o "$XS/none"
check "export html squad FILE --auto DECK: usage error" 2 'err:a scenario FILE or --auto DECK, not both' out=
run export html squad "$ROOT/examples/raer.json" --player 2 -o "$XS/none"
check "export html squad FILE --player 2: usage error (a scenario names its player)" 2 \
    'err:--player goes with --auto' out=
run export html squad "$ROOT/examples/raer.json" "$SQF/deck_legal.json" -o "$XS/none"
check "export html squad with two files: usage error" 2 'err:one scenario FILE at most' out=
run export html squad --auto "$ELFY" --player 3 -o "$XS/none"
check "export html squad --player 3: refused" 2 'err:--player must be an integer 1..2, not "3"' out=
run export html squad "$ROOT/examples/raer.json"
check "export html squad without -o: usage error" 2 'err:export html squad: -o DIR is missing' out=

run export html squad "$ROOT/examples/raer.json" -o "$XS/raer"
check "export html squad raer.json: legal, exit 0" 0 "out:legal: 9 cards, 45 crystals spent → $XS/raer/index.html" err=
html_has "squad page: the board as placed, crystals, elements, flyers, order" "$XS/raer/index.html" \
    'id="cell-c2" data-card="Раэр"' 'id="cell-b3" data-card="Тролль-людоед"' '4/15 crystals on flyers' \
    'swamps (болота)' 'darkness (тьма)' 'id="gold-left">0<' '✓ Legal'

run export html squad "$SQF/not_enough_gold_elite.json" -o "$XS/gold"
check "export html squad of an illegal scenario: exit 1 (as squad check), the page written" 1 \
    'out:ILLEGAL at recruit: not_enough_gold [403.2.3]'
html_has "illegal squad page: the first violation" "$XS/gold/index.html" 'Illegal at recruit[3] (Кобольд)' \
    'not_enough_gold' '403.2.3' 'Nothing is placed'

run export html squad "$SQF/bad_json.json" -o "$XS/bad"
check "export html squad of a file that is not JSON: exit 2, no page" 2 'err:bad_json.json' out=
[[ ! -e $XS/bad/index.html ]] && report "unusable scenario: no page" || report "unusable scenario: no page" "$XS/bad/index.html exists"
run export html squad "$SQF/unknown_card.json" -o "$XS/unknown"
check "export html squad naming an unknown card: exit 2" 2 out=

run --seed 7 export html squad --auto "$ELFY" -o "$XS/auto"
check "export html squad --auto: exit 0, the seed told" 0 \
    "out:seed 7: the best squad, 10 cards, 45 crystals spent → $XS/auto/index.html" err=
run --seed 7 --json squad auto "$ELFY"
save auto7
"$PY" - "$XS/auto/index.html" "$T/saved/auto7" >"$T/auto-compare" 2>&1 <<'PY'
import html, json, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
auto = json.load(open(sys.argv[2], encoding="utf-8"))
order = re.search(r'<table id="recruit-order">(.*?)</table>', page, re.S).group(1)
names = [html.unescape(n) for n in re.findall(r'<tr class="taken"><td class="n">\d+</td><td>(.*?)</td>', order)]
want = [step["card"] for step in auto["recruit"]]
cells = {c: html.unescape(n) for c, n in re.findall(r'id="cell-([a-e][1-6])" data-card="([^"]*)"', page)}
problems = []
if names != want:
    problems.append("recruit order %s, squad auto says %s" % (names, want))
if cells != auto["placement"]:
    problems.append("board %s, squad auto says %s" % (cells, auto["placement"]))
if "seed 7" not in page:
    problems.append("the page does not tell the seed")
print("\n".join(problems))
sys.exit(1 if problems else 0)
PY
[[ $? == 0 ]] && report "export html squad --auto = squad auto (same seed): order and placement" \
    || report "export html squad --auto = squad auto (same seed): order and placement" "$(cat "$T/auto-compare")"

run --seed 7 export html squad --auto "$ELFY" --player 2 -o "$XS/auto2"
check "export html squad --auto --player 2: the second player's half" 0 'out:seed 7: the best squad'
html_has "second player's page: cards on rows 4–6" "$XS/auto2/index.html" 'Second player' '!id="cell-c2" data-card'

printf '3 Нальдан\n' >"$XD/small.txt"
run export html squad --auto "$XD/small.txt" -o "$XS/small"
check "export html squad --auto of a deck under the deal: exit 2" 2 'err:3 cards; a deal needs 15 (402.3)' out=
