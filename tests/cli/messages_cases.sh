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

# A set file where the index belongs: "not an index" (exit 3), the store untouched.
"$PY" "$ROOT/tests/sync/fault_server.py" "$DATA" --port-file "$MSG/fault.port" >/dev/null 2>"$MSG/fault.err" </dev/null &
MSG_SERVER=$!
MPORT=
for ((i = 0; i < 200; i++)); do
    [[ -s $MSG/fault.port ]] && { MPORT=$(cat "$MSG/fault.port"); break; }
    kill -0 "$MSG_SERVER" 2>/dev/null || break
    sleep 0.05
done
if [[ -z $MPORT ]]; then
    report "#17 the test server starts" "$(tail -5 "$MSG/fault.err")"
else
    run --db "$MSG/sync.db" catalog info
    before=$(sha "$MSG/sync.db")
    run --db "$MSG/sync.db" catalog sync "http://127.0.0.1:$MPORT/sets/01.json" --retries 0
    check "#17 sync pointed at a set file: \"not an index\" (exit 3)" 3 \
        "err:http://127.0.0.1:$MPORT/sets/01.json: not an index but a set file" out=
    [[ $(sha "$MSG/sync.db") == "$before" ]] && report "#17 set file as index: store untouched" ||
        report "#17 set file as index: store untouched" "the store file changed"
fi
kill "$MSG_SERVER" 2>/dev/null
wait "$MSG_SERVER" 2>/dev/null
