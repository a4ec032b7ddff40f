# tests/cli/messages_cases.sh — what the user reads (issue 10): stdout write failures are exit 3,
# `deck convert -o` never leaves a cut file, usage errors name the wrong value and what is allowed,
# plain messages for hostile inputs, sync argument checks, XDG_DATA_HOME, singular forms, --version,
# and the exit codes of look-ups (DESIGN §4). Sourced by run.sh.

MSG="$T/messages"
mkdir -p "$MSG"
MDECK="$ROOT/tests/fixtures/decks/tournament/01-babkina-tachanka.txt"
MBIG="$ROOT/tests/fixtures/decks/berserk_vibe-starter-lesa-gory.txt" # 1.8 KB as JSON

# run_to FILE ARGS...: like run, but stdout goes to FILE (e.g. /dev/full).
run_to() {
    local file=$1
    shift
    "$BIN" "$@" >"$file" 2>"$ERR" </dev/null
    RC=$?
    : >"$OUT"
}

# ---------------------------------------------------------------------------------------------------
# Issue 10 #1: every command checks its stdout at exit; a full disk is exit 3, never a silent success.

run_to /dev/full deck convert "$MDECK" --to text
check "#1 deck convert --to text >/dev/full: exit 3" 3 'err:berserk: cannot write the output: No space left on device'
run_to /dev/full cards search
check "#1 cards search >/dev/full: exit 3" 3 'err:berserk: cannot write the output: No space left on device'
run_to /dev/full catalog info --json
check "#1 catalog info --json >/dev/full: exit 3" 3 'err:berserk: cannot write the output: No space left on device'
run_to /dev/full sim deals "$MDECK" --trials 200 --threads 1
check "#1 sim deals >/dev/full: exit 3" 3 'err:berserk: cannot write the output: No space left on device'
run_to /dev/full cards show Циклоп
check "#1 cards show >/dev/full: exit 3" 3 'err:cannot write the output'
run_to /dev/full --json cards search zzzzzz-no-such-card
check "#1 a failed look-up (1) with a failed write (3): the highest wins" 3 'err:cannot write the output'
run_to /dev/full --version
check "#1 --version >/dev/full: exit 3" 3 'err:cannot write the output'
run_to /dev/full --help
check "#1 --help >/dev/full: exit 3" 3 'err:cannot write the output'

# deck convert -o: written beside the target and renamed, so a failed write keeps the user's file.
run deck convert "$MDECK" --to json -o "$MSG/converted.json"
check "#1 deck convert -o FILE writes the file" 0 out=
"$PY" -c 'import json, sys; d = json.load(open(sys.argv[1])); assert d["cards"]' "$MSG/converted.json" 2>/dev/null &&
    report "#1 deck convert -o FILE: the file is the whole JSON decklist" ||
    report "#1 deck convert -o FILE: the file is the whole JSON decklist" "$(head -c 300 "$MSG/converted.json")"
echo "the user's precious file" >"$MSG/keep.json"
(
    trap '' XFSZ # the write fails with EFBIG instead of a signal
    ulimit -f 1  # 1024 bytes: the JSON decklist is larger
    "$BIN" deck convert "$MBIG" --to json -o "$MSG/keep.json" >"$OUT" 2>"$ERR" </dev/null
)
RC=$?
check "#1 deck convert -o FILE, the write fails half-way: exit 3" 3 "err:$MSG/keep.json: cannot write"
[[ $(cat "$MSG/keep.json") == "the user's precious file" ]] &&
    report "#1 deck convert -o: a failed write leaves the existing file as it was" ||
    report "#1 deck convert -o: a failed write leaves the existing file as it was" "now: $(head -c 200 "$MSG/keep.json")"
leftovers=$(find "$MSG" -name '*keep.json?*' | head -3)
[[ -z $leftovers ]] && report "#1 deck convert -o: no temporary file left behind" ||
    report "#1 deck convert -o: no temporary file left behind" "$leftovers"
run deck convert "$MDECK" --to text -o /dev/full
check "#1 deck convert -o /dev/full: exit 3, named" 3 'err:/dev/full: cannot write' 'err:No space left on device'
run deck convert "$MDECK" --to text -o "$MSG/no-such-dir/out.txt"
check "#1 deck convert -o into a missing directory: exit 3, named" 3 "err:$MSG/no-such-dir/out.txt: cannot write"
ln -s keep.json "$MSG/link.json"
run deck convert "$MDECK" --to text -o "$MSG/link.json"
[[ -L $MSG/link.json ]] && grep -q 'Бабкина\|^[0-9]' "$MSG/keep.json" &&
    report "#1 deck convert -o SYMLINK writes the file it points to and keeps the link" ||
    report "#1 deck convert -o SYMLINK writes the file it points to and keeps the link" "rc $RC: $(cat "$ERR")" \
        "$(ls -l "$MSG")"

# ---------------------------------------------------------------------------------------------------
# Issue 10 #7: --version names the bundled catalogue's revision and size, without opening the store.

BUNDLED=$("$PY" -c 'import json, sys; i = json.load(open(sys.argv[1]))
print("revision %d, %d cards" % (i["revision"], sum(s["cards"] for s in i["sets"])))' "$DATA/index.json")
run BERSERK_DB="$MSG/never/created.db" --version
check "#7 --version: the bundled catalogue's revision and card count" 0 \
    "out:(bundled catalogue $BUNDLED)" 'out~^berserk [0-9]+\.[0-9]+\.[0-9]+ \(bundled catalogue revision [0-9]+, [0-9]+ cards\)$' err=
[[ ! -e $MSG/never ]] && report "#7 --version does not open (or create) the store" ||
    report "#7 --version does not open (or create) the store" "$MSG/never exists"

# ---------------------------------------------------------------------------------------------------
# Issue 10 #18: a relative XDG_DATA_HOME is invalid (XDG Base Directory spec) and ignored: ~/.local/share.

mkdir -p "$MSG/cwd"
cd "$MSG/cwd" || exit 2
run -u BERSERK_DB XDG_DATA_HOME=relative/data HOME="$MSG/home" catalog info --json
cd - >/dev/null || exit 2
check "#18 relative XDG_DATA_HOME ignored: \$HOME/.local/share/berserk/catalog.db" 0 \
    'json:d["db"] == env["T"] + "/messages/home/.local/share/berserk/catalog.db"'
[[ ! -e $MSG/cwd/relative ]] && report "#18 relative XDG_DATA_HOME: nothing created under the working directory" ||
    report "#18 relative XDG_DATA_HOME: nothing created under the working directory" "$(find "$MSG/cwd" | head -5)"

# ---------------------------------------------------------------------------------------------------
# Issue 10 #17: sync arguments are checked before any request (exit 2); a set file is "not an index" (3:
# it fails after the first request, DESIGN §4).

run catalog sync http://127.0.0.1:9/index.json --cacert "$MSG/missing.pem" --retries 0
check "#17 sync --cacert MISSING: refused before any request (exit 2)" 2 \
    "err:--cacert $MSG/missing.pem: cannot open: No such file or directory" out=
run catalog sync http://127.0.0.1:9/index.json --cacert "$MSG" --retries 0
check "#17 sync --cacert DIR: refused (exit 2)" 2 "err:--cacert $MSG: is a directory" out=
for url in 'http://127.0.0.1:99999/index.json' 'http://exa mple.com/index.json' 'http://' 'http://[::1/index.json'; do
    run catalog sync "$url" --retries 0 --connect-timeout 1
    check "#17 sync '$url': a malformed URL is bad usage (exit 2), nothing requested" 2 "err:$url: not a valid URL" out=
done
run catalog sync 'http://127.0.0.1:99999/index.json'
check "#17 sync port 99999: the reason named" 2 'err~[Pp]ort' out=
run catalog sync --timeout 2x http://127.0.0.1:9/
check "#12 sync --timeout 2x: the option, its limit and the value" 2 \
    'err:--timeout must be a number of seconds 0 < S <= 3600, not "2x"' out=
run catalog sync --connect-timeout 0 http://127.0.0.1:9/
check "#12 sync --connect-timeout 0: the option, its limit and the value" 2 \
    'err:--connect-timeout must be a number of seconds 0 < S <= 3600, not "0"' out=


# ---------------------------------------------------------------------------------------------------
# Issue 10 #12: a usage error says what is wrong and what is allowed (and still shows the usage line).

usage_case() { # usage_case NAME EXPECTED_ERR ARGS...
    local name=$1 want=$2
    shift 2
    run "$@"
    check "#12 $name" 2 "err:$want" out=
}
usage_case "no command at all" 'berserk: a command is needed: catalog, cards, deck, squad, sim, goldfish, position, replay, play or export'
usage_case "catalog without a subcommand" 'catalog: a subcommand is needed (usage: berserk catalog info' catalog
usage_case "catalog frob" 'catalog: unknown subcommand "frob" (usage: berserk catalog info' catalog frob
usage_case "catalog import without FILE|DIR" 'catalog import: FILE|DIR is missing (usage: berserk catalog import FILE|DIR)' \
    catalog import
usage_case "catalog export without DIR" 'catalog export: DIR is missing (usage: berserk catalog export DIR)' catalog export
usage_case "catalog info with an operand" 'unexpected argument "extra": catalog info takes no operands' catalog info extra
usage_case "catalog import with two operands" 'unexpected argument "b": catalog import takes 1 operand' catalog import a b
usage_case "catalog info --bogus" 'unknown option "--bogus" for catalog info (it takes only the global options' \
    catalog info --bogus
usage_case "catalog sync --bogus" \
    'unknown option "--bogus" for catalog sync (its options: --connect-timeout, --timeout, --retries, --cacert)' \
    catalog sync --bogus
usage_case "cards without a subcommand" 'cards: a subcommand is needed (usage: berserk cards search' cards
usage_case "cards frob" 'cards: unknown subcommand "frob" (usage: berserk cards search' cards frob
usage_case "cards show without NAME|ID" 'cards show: NAME|ID is missing (usage: berserk cards show NAME|ID)' cards show
usage_case "cards show with two names" 'unexpected argument "Дракс": cards show takes 1 operand' cards show Циклоп Дракс
usage_case "cards show '' (an empty name)" 'cards show: the name is empty' cards show ''
usage_case "cards show '  ' (a blank name)" 'cards show: the name is empty' cards show '  '
usage_case "cards search --type foo" '--type: unknown value "foo" (expected creature, artifact, terrain)' \
    cards search --type foo
usage_case "cards search --cost 9..1" '--cost: unknown value "9..1" (expected N, A..B' cards search --cost 9..1
usage_case "deck without a subcommand" 'deck: a subcommand is needed (usage: berserk deck check' deck
usage_case "deck frob" 'deck: unknown subcommand "frob" (usage: berserk deck check' deck frob
usage_case "deck check without FILE|DIR" 'deck check: FILE|DIR is missing (usage: berserk deck check FILE|DIR...' deck check
usage_case "deck stats without FILE" 'deck stats: FILE is missing (usage: berserk deck stats FILE' deck stats
usage_case "deck convert without FILE" 'deck convert: FILE is missing (usage: berserk deck convert FILE --to' \
    deck convert --to text
usage_case "deck convert without --to" 'deck convert: --to is missing: text, brsd or json (usage: berserk deck convert' \
    deck convert "$MDECK"
usage_case "deck convert --to pdf" '--to: unknown value "pdf" (expected text, brsd or json)' deck convert "$MDECK" --to pdf
usage_case "deck check --format nosuch" 'unknown format "nosuch"; built-in formats: constructed, draft, limited, sealed' \
    deck check "$MDECK" --format nosuch
usage_case "sim without a subcommand" 'sim: a subcommand is needed (usage: berserk sim deals DECK' sim
usage_case "sim frob" 'sim: unknown subcommand "frob" (usage: berserk sim deals DECK' sim frob
usage_case "sim deals without DECK" 'sim deals: DECK is missing (usage: berserk sim deals DECK' sim deals
usage_case "sim deals --redeal bogus" '--redeal: unknown redeal policy "bogus" (none, below:K, optimal; each may add ,max:M)' \
    sim deals "$MDECK" --redeal bogus
usage_case "sim deals --format nosuch" 'unknown format "nosuch"' sim deals "$MDECK" --format nosuch
usage_case "squad without a subcommand" 'squad: a subcommand is needed (usage: berserk squad check FILE' squad
usage_case "squad frob" 'squad: unknown subcommand "frob" (usage: berserk squad check FILE' squad frob
usage_case "squad check without FILE" 'squad check: FILE is missing (usage: berserk squad check FILE' squad check
usage_case "squad auto without DECK" 'squad auto: DECK is missing (usage: berserk squad auto DECK' squad auto

# Issue 10 #8 (DESIGN §4): a look-up that finds nothing is 1; an argument that yields no usable input is 2.
run cards show 'Нет такой карты'
check "#8 cards show UNKNOWN: 1 (a look-up found nothing)" 1 'err:no card named "Нет такой карты"'
run cards show 99-999
check "#8 cards show UNKNOWN-ID: 1" 1 'err:no card named "99-999"'
run cards search zzzz-no-such-card
check "#8 cards search with no match: 1" 1 'out:0 cards'
run --json cards search zzzz-no-such-card
check "#8 cards search --json with no match: 1, count 0" 1 'json:d["count"] == 0 and d["cards"] == []'
run cards search --limit 0 Циклоп
check "#8 cards search --limit 0 with matches: 0 (found, none shown)" 0 'out:(0 shown)'
mkdir -p "$MSG/emptydir"
run catalog import "$MSG/emptydir"
check "#8 catalog import of a directory without index.json: 2, said plainly" 2 \
    "err:$MSG/emptydir: not a catalogue directory: it has no index.json" '!err:cannot open'
: >"$MSG/empty.json"
run catalog import "$MSG/empty.json"
check "#8 catalog import of an empty file: 2, said plainly" 2 "err:$MSG/empty.json:1:1: the file is empty" "!err:expected near"

# ---------------------------------------------------------------------------------------------------
# Issue 10 #13: plain messages for hostile inputs on every input path, never a library's jargon
# (jansson's "-1:-1: unable to open", "JSON_ALLOW_NUL", "'[' or '{' expected near end of file").

H="$MSG/hostile"
mkdir -p "$H/adir"
ln -s loop-b "$H/loop-a"
ln -s loop-a "$H/loop-b"
printf '{"name":"a\\u0000b","cards":[]}\n' >"$H/nul.json"
: >"$H/empty.json"
mkdir -p "$H/nulcat"
"$PY" - "$DATA/index.json" "$H/nulcat/index.json" <<'PY'
import sys
text = open(sys.argv[1], encoding="utf-8").read()
open(sys.argv[2], "w", encoding="utf-8").write(text.replace('"name": ', '"name": "\\u0000" "', 1).replace('"\\u0000" "', '"\\u0000', 1))
PY
NULCAT_LINE=$(grep -n 'u0000' "$H/nulcat/index.json" | cut -d: -f1)

# hostile NAME STREAM EXPECTED ARGS...: every "@" in ARGS is replaced by the hostile path; exit 2.
hostile() {
    local name=$1 stream=$2 want=$3 args=() a
    shift 3
    for a in "$@"; do args+=("${a//@/$HPATH}"); done
    run "${args[@]}"
    check "#13 $name" 2 "$stream:$want" "!$stream:-1:-1" "!$stream:JSON_ALLOW_NUL" "!$stream:expected near"
}
for path_case in "missing|$H/missing.json|cannot open: No such file or directory" \
    "directory|$H/adir|is a directory" \
    "symlink loop|$H/loop-a|cannot open: Too many levels of symbolic links" \
    "NUL in a JSON string|$H/nul.json|a JSON string holds a NUL character (\\u0000)" \
    "empty JSON file|$H/empty.json|the file is empty"; do
    IFS='|' read -r what HPATH message <<<"$path_case"
    [[ $what == "NUL in a JSON string" ]] && at="$HPATH:1:18" || at="$HPATH"
    [[ $what == "empty JSON file" ]] && at="$HPATH:1:1"
    [[ $what == directory ]] || hostile "catalog import, $what" err "$at: $message" catalog import @
    hostile "deck file (deck stats), $what" err "$at: $message" deck stats @
    hostile "deck file (sim deals), $what" err "$at: $message" sim deals @
    hostile "--format PATH, $what" err "$at: $message" deck check "$MDECK" --format @
    hostile "--pool FILE, $what" err "$at: $message" deck check "$MDECK" --pool @
    hostile "squad scenario, $what" err "$at: $message" squad check @
    hostile "--weights FILE, $what" err "$at: $message" squad auto "$MDECK" --seed 1 --weights @
    [[ $what == directory ]] || hostile "deck check FILE, $what" out "$at: $message" deck check @
done
HPATH="$H/nulcat"
hostile "catalog import DIR whose index.json holds a NUL" err \
    "$H/nulcat/index.json:$NULCAT_LINE:" catalog import @
run catalog import "$H/nulcat"
check "#13 catalog import DIR, NUL in index.json: the message" 2 'err:a JSON string holds a NUL character (\u0000)'

# ---------------------------------------------------------------------------------------------------
# Issue 10 #19: singular forms ("1 card", "1 set", "1 copy", "1 trial") wherever counts are printed.

ONE="$MSG/one.db"
"$PY" - "$FIX/tiny/sets/90.json" "$MSG/one-card.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1], encoding="utf-8"))
s["cards"] = s["cards"][:1]
open(sys.argv[2], "w", encoding="utf-8").write(json.dumps(s, ensure_ascii=False, indent=1) + "\n")
PY
run --db "$ONE" --empty catalog import "$MSG/one-card.json"
check "#19 catalog import of one card: \"imported 1 card in 1 set\"" 0 'out:imported 1 card in 1 set from'
run --db "$ONE" catalog info
check "#19 catalog info of a one-card store: \"1 card (printing), 1 distinct name, 1 set\"" 0 \
    'out:1 card (printing), 1 distinct name, 1 set'
run --db "$ONE" catalog export "$MSG/www"
check "#19 catalog export of one card: \"exported 1 card in 1 set\"" 0 "out:exported 1 card in 1 set to"
cp -r "$MSG/www" "$MSG/www-2"
"$PY" - "$MSG/www-2/index.json" <<'PY'
import json, sys
i = json.load(open(sys.argv[1], encoding="utf-8"))
i["sets"][0]["cards"] = 2
open(sys.argv[1], "w", encoding="utf-8").write(json.dumps(i, ensure_ascii=False, indent=1) + "\n")
PY
run --db "$MSG/one-2.db" --empty catalog import "$MSG/www-2"
check "#19 an index announcing 2 cards for a one-card set: \"1 card, but\"" 2 'err:1 card, but the index announces 2'
echo '1 Циклоп' >"$MSG/one.txt"
run deck check "$MSG/one.txt"
check "#19 deck check of a one-card deck: \"1 card\" twice" 1 'out:ILLEGAL — 1 card, constructed' \
    'out:1 card; at least 30 required'
run deck stats "$MSG/one.txt"
check "#19 deck stats of a one-card deck: \"1 card, deal of 15\"" 0 'out:1 card, deal of 15'
run sim deals "$MSG/one.txt"
check "#19 sim deals of a one-card deck: \"the deck has 1 card\"" 2 'err:the deck has 1 card; a deal needs 15'
run squad auto "$MSG/one.txt"
check "#19 squad auto of a one-card deck: \"1 card; a deal needs 15\"" 2 'err:1 card; a deal needs 15'
run sim deals "$MDECK" --trials 1 --threads 1 --seed 1
check "#19 sim deals --trials 1: \"1 trial\"" 0 'out:1 trial,' '!out:1 trials'
echo '1 Дракс' >"$MSG/pool.txt"
run deck check "$MSG/one.txt" --pool "$MSG/pool.txt" --format sealed
check "#19 not_in_pool of one copy: \"1 copy of Циклоп; the pool has 0\"" 1 'out:1 copy of Циклоп; the pool has 0'

# A one-set server (python's http.server: Last-Modified / If-Modified-Since), for sync's counts and #17.
"$PY" - "$ROOT/tests/sync" "$MSG/www" "$MSG/www.port" >/dev/null 2>"$MSG/www.err" </dev/null <<'PY' &
import functools, http.server, sys
sys.path.insert(0, sys.argv[1])
from serving import announce_and_serve
handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[2])
announce_and_serve(http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler), sys.argv[3])
PY
MSG_SERVER=$!
MPORT=
for ((i = 0; i < 200; i++)); do
    [[ -s $MSG/www.port ]] && { MPORT=$(cat "$MSG/www.port"); break; }
    kill -0 "$MSG_SERVER" 2>/dev/null || break
    sleep 0.05
done
if [[ -z $MPORT ]]; then
    report "#19 the one-set test server starts" "$(tail -5 "$MSG/www.err")"
else
    touch -d "@$(($(date +%s) - 3600))" "$MSG/www/index.json" # an hour old: If-Modified-Since matches
    run --db "$MSG/sync1.db" --empty catalog sync "http://127.0.0.1:$MPORT/index.json" --retries 0
    check "#19 sync of a one-set, one-card server: \"1 set checked\", \"1 added\"" 0 \
        'out:1 set checked, 1 downloaded, 0 unchanged, 0 removed; cards: 1 added, 0 changed, 0 removed'
    run --db "$MSG/sync1.db" catalog sync "http://127.0.0.1:$MPORT/index.json" --retries 0
    check "#19 sync again: \"not modified (1 set)\"" 0 'out:not modified (1 set)'

    # #17: a set file where the index belongs: "not an index" (exit 3: after the first request), store untouched.
    before=$(sha "$MSG/sync1.db")
    run --db "$MSG/sync1.db" catalog sync "http://127.0.0.1:$MPORT/sets/90.json" --retries 0
    check "#17 sync pointed at a set file: \"not an index\" (exit 3)" 3 \
        "err:http://127.0.0.1:$MPORT/sets/90.json: not an index but a set file" out=
    [[ $(sha "$MSG/sync1.db") == "$before" ]] && report "#17 set file as index: store untouched" ||
        report "#17 set file as index: store untouched" "the store file changed"
fi
kill "$MSG_SERVER" 2>/dev/null
wait "$MSG_SERVER" 2>/dev/null

# ---------------------------------------------------------------------------------------------------
# Issue 20 §4: singular forms, "at most" operands, human among play's players, one wording for a
# failed write (PATH: cannot write: REASON) and for a directory that cannot be made.
printf '1 Циклоп\n' >"$MSG/one-card.txt"
run cards coverage --deck "$MSG/one-card.txt"
check "issue 20: cards coverage of a one-card deck: \"1 distinct card\"" 0 "out:one-card.txt: 1 distinct card, 1 run"
run play "$MSG/one-card.txt" "$MDECK"
check "issue 20: play with a one-card deck: \"1 card, fewer than the deal\"" 2 \
    'err:one-card.txt: 1 card, fewer than the deal of 15 (402.3)'
"$BIN" position "$ROOT/tests/positions/506-move-one-step.json" --log "$MSG/one-turn.log" >/dev/null 2>&1
run export html replay "$MSG/one-turn.log" -o "$MSG/one-turn"
check "issue 20: export html replay of a one-step log in turn 1: \"1 step, 1 turn\"" 0 'out:(1 step, 1 turn)'
grep -qF '1 step (declarations and answers), 1 turn</td>' "$MSG/one-turn/one-turn.html" &&
    report "issue 20: the replay page says \"1 step (declarations and answers), 1 turn\"" ||
    report "issue 20: the replay page says \"1 step (declarations and answers), 1 turn\"" \
        "$(grep -o '[0-9]* step[^<]*' "$MSG/one-turn/one-turn.html" | head -2)"
run sim matrix $(for ((i = 0; i < 33; i++)); do echo "$MDECK"; done)
check "issue 20: sim matrix with 33 decks: \"takes at most 32 operands\"" 2 \
    'err:sim matrix takes at most 32 operands' out=
run play "$MDECK" "$MDECK" --agent1 wizard
check "issue 20: play's unknown player lists human with the agents" 2 \
    'err:--agent1: unknown agent "wizard" (known: human, passive, random, greedy, search)' out=
run catalog export /dev/null/site
check "issue 20: catalog export into a directory that cannot be made: one wording" 3 \
    'err:/dev/null/site: cannot make the directory: Not a directory' '!err:cannot create'
run --db /dev/null/x/catalog.db catalog info
check "issue 20: a store whose directory cannot be made: the same wording" 3 \
    'err:cannot make the directory /dev/null/x: Not a directory' '!err:cannot create'
mkdir -p "$MSG/export-blocked/index.json" # a directory where the index goes
run catalog export "$MSG/export-blocked"
check "issue 20: catalog export whose index.json is a directory: \"PATH: cannot write: REASON\"" 3 \
    "err:$MSG/export-blocked/index.json: cannot write: Is a directory" '!err:cannot create'
