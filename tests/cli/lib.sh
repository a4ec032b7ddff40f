# tests/cli/lib.sh — the helpers every CLI case file uses, sourced by run.sh into the process that
# runs one case file (each file runs in a process and a temporary directory of its own):
#   run, run_input, check, report, save, same_tree, sha, fix_index, edit_set, tty_run,
#   and $T (the temporary directory), $ROOT, $DATA, $FIX, $BIN, $PY, $OUT, $ERR, $RC, BERSERK_DB.
# report() also appends each case's wall time (the seconds since the previous report) to
# $CLI_TIMES when it is set: `SECONDS<TAB>cli/FILE: NAME`.
# The case file's process ends with cli_finish, which prints `N passed, M failed`.

set -u

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
DATA="$ROOT/catalog/data"
FIX="$HERE/fixtures"
BIN=${BERSERK:-$ROOT/build/berserk}
case $BIN in /*) ;; *) BIN="$PWD/$BIN" ;; esac

T=$(mktemp -d "${TMPDIR:-/tmp}/berserk-cli.XXXXXX") || { echo "cannot create a temporary directory" >&2; exit 2; }
trap 'rm -rf "$T"' EXIT
trap 'exit 130' INT TERM

export BERSERK_DB="$T/main.db" # the store most cases use: bundled catalogue, imported on first use
unset NO_COLOR XDG_DATA_HOME   # colour and the default store path are tested explicitly below
export PYTHONIOENCODING=utf-8
# The interpreter itself, not a version-manager shim (which can cost 0.2 s a call).
PY=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null)
[[ -n $PY && -x $PY ]] || PY=python3
export T                        # the JSON assertions build expected paths from it

OUT="$T/stdout"
ERR="$T/stderr"
RC=0
PASSED=0
FAILED=0

# ---------------------------------------------------------------------------------------------------
# Helpers

# JSON assertions: python expressions over d (parsed stdout). Also available: cards() (every card of
# catalog/data), ids(list), norm(name) (DESIGN §2 name normalisation), saved(NAME) (an earlier stdout
# kept with `save NAME`), env (os.environ). Prints each expression that is false or raises.
cat >"$T/jcheck.py" <<'PY'
import glob, json, os, re, sys, unicodedata
out_file, data_dir, saved_dir = sys.argv[1:4]
env = os.environ
_cards = None
def cards():
    global _cards
    if _cards is None:
        _cards = []
        for path in sorted(glob.glob(os.path.join(data_dir, "sets", "*.json"))):
            with open(path, encoding="utf-8") as f:
                _cards += json.load(f)["cards"]
    return _cards
def ids(items):
    return [c["id"] for c in items]
def norm(name):
    s = unicodedata.normalize("NFC", name).lower().replace("ё", "е")
    s = re.sub("[\u2018\u2019\u02bc`]", "'", s)
    s = re.sub(r"\s*-\s*", "-", s)
    return re.sub(r"\s+", " ", s).strip()
def saved(name):
    with open(os.path.join(saved_dir, name), encoding="utf-8") as f:
        return json.load(f)
try:
    with open(out_file, encoding="utf-8") as f:
        d = json.load(f)
except Exception as e:
    print("stdout is not JSON: %s" % e)
    sys.exit(1)
bad = 0
for expr in sys.argv[4:]:
    try:
        ok = eval(expr)
    except Exception as e:
        ok, why = False, "%s: %s" % (type(e).__name__, e)
    else:
        why = "false"
    if not ok:
        bad += 1
        print("json: %s  (%s)" % (expr, why))
sys.exit(1 if bad else 0)
PY
mkdir -p "$T/saved"

# run [VAR=VALUE | -u VAR]... ARGS...: runs the binary with ARGS; stdout, stderr and exit code go to
# $OUT, $ERR and $RC.
run() {
    local envs=()
    while [[ $# -gt 0 ]]; do
        if [[ $1 =~ ^[A-Z_][A-Z0-9_]*= ]]; then
            envs+=("$1")
            shift
        elif [[ $1 == -u && $# -ge 2 ]]; then
            envs+=(-u "$2")
            shift 2
        else
            break
        fi
    done
    env "${envs[@]}" "$BIN" "$@" >"$OUT" 2>"$ERR" </dev/null
    RC=$?
}

# run_input INPUT ARGS...: `run` with INPUT (taken as is) on stdin instead of /dev/null (interactive
# commands such as replay --step read their commands there).
run_input() {
    local input=$1
    shift
    printf '%s' "$input" | "$BIN" "$@" >"$OUT" 2>"$ERR"
    RC=$?
}

# Records one result. report NAME [PROBLEM...]: no problem = pass.
CLI_FILE=${CLI_FILE:-cli}
CLI_LAST=$EPOCHREALTIME
# cli_time NAME: records the seconds since the previous case as NAME's time (when CLI_TIMES is set).
cli_time() {
    [[ -n ${CLI_TIMES:-} ]] || return 0
    local now=$EPOCHREALTIME
    local us=$(((${now//[.,]/} - ${CLI_LAST//[.,]/})))
    printf '%d.%06d\t%s: %s\n' $((us / 1000000)) $((us % 1000000)) "$CLI_FILE" "$1" >>"$CLI_TIMES"
    CLI_LAST=$now
}
report() {
    local name=$1
    shift
    cli_time "$name"
    if [[ $# -eq 0 ]]; then
        PASSED=$((PASSED + 1))
        echo "ok - $name"
        return
    fi
    FAILED=$((FAILED + 1))
    echo "not ok - $name"
    local p
    for p in "$@"; do
        printf '%s\n' "$p" | sed 's/^/  # /'
    done
}

# check NAME EXPECTED_RC [ASSERTION...] — judges the last `run`. Assertions:
#   out:TEXT  / err:TEXT     stdout / stderr contains TEXT (fixed string)
#   !out:TEXT / !err:TEXT    ... does not contain TEXT
#   out~RE    / err~RE       ... matches the bash regular expression RE
#   out=      / err=         ... is empty
#   json:EXPR                the python expression is true (see jcheck.py above)
check() {
    local name=$1 want=$2
    shift 2
    local problems=() jsons=() a text
    [[ $RC == "$want" ]] || problems+=("exit code $RC, expected $want")
    for a in "$@"; do
        case $a in
        out=) [[ -s $OUT ]] && problems+=("stdout should be empty") ;;
        err=) [[ -s $ERR ]] && problems+=("stderr should be empty") ;;
        out:* | err:* | '!out:'* | '!err:'* | out~* | err~*)
            local stream=${a%%[:~]*} pattern=${a#*[:~]} negate=0 file
            if [[ $stream == '!'* ]]; then negate=1; stream=${stream#!}; fi
            [[ $stream == out ]] && file=$OUT || file=$ERR
            text=$(cat "$file")
            if [[ ${a:${#stream}+negate:1} == '~' ]]; then
                [[ $text =~ $pattern ]] || problems+=("std$stream does not match /$pattern/")
            elif [[ $negate == 1 ]]; then
                [[ $text == *"$pattern"* ]] && problems+=("std$stream should not contain: $pattern")
            else
                [[ $text == *"$pattern"* ]] || problems+=("std$stream lacks: $pattern")
            fi
            ;;
        json:*) jsons+=("${a#json:}") ;;
        *) problems+=("test bug: unknown assertion $a") ;;
        esac
    done
    if [[ ${#jsons[@]} -gt 0 ]]; then
        local result
        result=$("$PY" "$T/jcheck.py" "$OUT" "$DATA" "$T/saved" "${jsons[@]}" 2>&1) || problems+=("$result")
    fi
    if [[ ${#problems[@]} -gt 0 ]]; then
        problems+=("stdout: $(head -c 600 "$OUT")" "stderr: $(head -c 600 "$ERR")")
    fi
    report "$name" "${problems[@]}"
}

# save NAME: keeps the last stdout for saved(NAME) in later json assertions.
save() { cp "$OUT" "$T/saved/$1"; }

# same_tree NAME DIR1 DIR2: the two directories are byte-identical (diff -r).
same_tree() {
    local d
    if d=$(diff -r "$2" "$3" 2>&1); then
        report "$1"
    else
        report "$1" "diff -r $2 $3:" "$(printf '%s\n' "$d" | head -c 1500)"
    fi
}

sha() { sha256sum "$1" | cut -d' ' -f1; }

# Rewrites every set's sha256 in DIR/index.json from the set files as they are now (canonical JSON),
# so that a corruption reaches the syntax/schema validation instead of the digest check.
fix_index() {
    "$PY" - "$1" <<'PY'
import hashlib, json, os, sys
root = sys.argv[1]
with open(os.path.join(root, "index.json"), encoding="utf-8") as f:
    index = json.load(f)
for entry in index["sets"]:
    path = os.path.join(root, entry["url"])
    if os.path.exists(path):
        with open(path, "rb") as f:
            entry["sha256"] = hashlib.sha256(f.read()).hexdigest()
with open(os.path.join(root, "index.json"), "w", encoding="utf-8") as f:
    f.write(json.dumps(index, ensure_ascii=False, indent=1) + "\n")
PY
}

# edit_set FILE PYTHON: loads the set file as s, runs PYTHON, writes it back in canonical form.
edit_set() {
    "$PY" - "$1" "$2" <<'PY'
import json, sys
path, code = sys.argv[1], sys.argv[2]
with open(path, encoding="utf-8") as f:
    s = json.load(f)
exec(code)
with open(path, "w", encoding="utf-8") as f:
    f.write(json.dumps(s, ensure_ascii=False, indent=1) + "\n")
PY
}

# On a terminal (a pseudo-terminal from python3's pty): symbols and bold, unless --no-color or NO_COLOR.
# One pseudo-terminal runner (python3's pty; not named pty.py, which would shadow the module) for every
# case that needs a terminal:
#   terminal_run.py BINARY COLUMNS ROWS INPUT [VAR=VALUE]... -- ARGS...
# runs BINARY ARGS on a terminal of that size, types INPUT, prints the screen's bytes (CR LF as LF).
cat >"$T/terminal_run.py" <<'PY'
import fcntl, os, pty, struct, sys, termios
binary, columns, rows, data, rest = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5:]
split = rest.index("--")
extra, args = dict(a.split("=", 1) for a in rest[:split]), rest[split + 1:]
try:
    pid, fd = pty.fork()
except OSError as e:
    print("SKIP no pseudo-terminal: %s" % e)
    sys.exit(0)
if pid == 0:
    os.environ.update(extra)
    os.execv(binary, [binary] + args)
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
if data:
    os.write(fd, data.encode())
out = b""
while True:
    try:
        chunk = os.read(fd, 65536)
    except OSError:
        break
    if not chunk:
        break
    out += chunk
_, status = os.waitpid(pid, 0)
sys.stdout.write(out.decode("utf-8", "replace").replace("\r\n", "\n"))
sys.exit(os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status))
PY
# signal_run "SIGNAL..." ARGS...: starts the binary in the background, waits (up to 60 s, for a busy
# machine) until it has installed its handlers (SigCgt in /proc holds SIGINT and SIGTERM) and has run
# for a second, sends the SIGNALs one after the other, and waits (killing it after 120 s); RC is its exit code, SIGNAL_SECONDS the time from the
# signal to the exit.
signal_run() {
    local signals=$1 signal
    shift
    "$BIN" "$@" >"$OUT" 2>"$ERR" </dev/null &
    local pid=$! waited=0 caught
    while ((waited < 600)); do
        caught=$(awk '/^SigCgt:/ {print $2}' "/proc/$pid/status" 2>/dev/null)
        [[ -n $caught ]] && (((16#$caught >> 1) & 1)) && (((16#$caught >> 14) & 1)) && break
        sleep 0.1
        waited=$((waited + 1))
    done
    sleep 1
    local start=$(date +%s%N) polls=0
    for signal in $signals; do kill "-$signal" "$pid"; done
    # a run that ignores the signal fails, never hangs: killed after 120 s (no background watchdog
    # subshell: it would inherit run.sh's traps and remove $T when killed)
    local state
    while state=$(awk '/^State:/ {print $2}' "/proc/$pid/status" 2>/dev/null) && [[ -n $state && $state != Z ]] &&
        ((polls < 1200)); do
        sleep 0.1
        polls=$((polls + 1))
    done
    kill -KILL "$pid" 2>/dev/null
    wait "$pid"
    RC=$?
    SIGNAL_SECONDS=$((($(date +%s%N) - start) / 1000000000))
}

tty_run() { # tty_run [VAR=VALUE]... -- ARGS...: output to $OUT, exit code to $RC
    "$PY" "$T/terminal_run.py" "$BIN" 80 24 "" "$@" >"$OUT" 2>"$ERR"
    RC=$?
}

# Prints the file's count line (the driver reads it) and sets the exit status.
cli_finish() {
    echo "$PASSED passed, $FAILED failed"
    [[ $FAILED -eq 0 ]]
}
