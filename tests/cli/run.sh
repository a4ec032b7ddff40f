#!/usr/bin/env bash
# tests/cli/run.sh — end-to-end tests of the `berserk` command (DESIGN §3 catalogue, §4 CLI contract).
#
#   BERSERK=build/berserk bash tests/cli/run.sh      (BERSERK may be relative or absolute;
#                                                     default: build/berserk of this repository)
#   CLI_CASES="position sim*" bash tests/cli/run.sh   only these case files (names without _cases.sh;
#                                                     shell patterns allowed; default: every one)
#   CLI_SKIP="readme demo"                            all but these (same names and patterns)
#   CLI_JOBS=N                                        case files run N at a time (default 2)
#   CLI_TIMES=FILE                                    appends `SECONDS<TAB>cli/FILE: NAME` per case
#
# The cases live in tests/cli/*_cases.sh (core_cases.sh: the catalogue and the look-ups). Each file runs
# in a bash process of its own with the helpers of tests/cli/lib.sh (run, check, report, save, ...) and
# a fresh temporary directory: every case runs the real binary against a store there (BERSERK_DB;
# ~/.local is never touched), checks the exit code and the output, and prints `ok - NAME` or
# `not ok - NAME` with the reasons. A file's output is printed whole when it ends (never interleaved),
# followed by `== FILE: N passed, M failed in T s`. The last line is `N passed, M failed` over every
# file; the exit status is 0 only when nothing failed. Needs bash, coreutils, diff, sha256sum and
# python3 (for JSON and corruptions).
#
# Internal: `run.sh --one FILE` runs one case file in this process (what the pool starts).
set -u

HERE=$(cd "$(dirname "$0")" && pwd)

if [[ ${1:-} == --one ]]; then
    export CLI_FILE
    CLI_FILE=$(basename "$2" .sh)
    CLI_FILE=cli/${CLI_FILE%_cases}
    # shellcheck source=tests/cli/lib.sh
    source "$HERE/lib.sh"
    # shellcheck disable=SC1090
    source "$2"
    cli_finish
    exit
fi

ROOT=$(cd "$HERE/../.." && pwd)
BIN=${BERSERK:-$ROOT/build/berserk}
case $BIN in /*) ;; *) BIN="$PWD/$BIN" ;; esac
export BERSERK=$BIN
if [[ -n ${BERSERK_HOOKS:-} ]]; then
    case $BERSERK_HOOKS in /*) ;; *) BERSERK_HOOKS="$PWD/$BERSERK_HOOKS" ;; esac
    export BERSERK_HOOKS
fi
if [[ -n ${CLI_TIMES:-} ]]; then
    case $CLI_TIMES in /*) ;; *) CLI_TIMES="$PWD/$CLI_TIMES" ;; esac
    export CLI_TIMES
fi
if [[ ! -x $BIN ]]; then
    echo "not ok - binary $BIN exists"
    echo "  # not executable or missing: build it with make all"
    echo "0 passed, 1 failed"
    exit 1
fi
JOBS=${CLI_JOBS:-2}
[[ $JOBS =~ ^[1-9][0-9]?$ ]] || { echo "run.sh: CLI_JOBS must be an integer 1..99, not \"$JOBS\"" >&2; exit 2; }

# The longest files first (measured), so the pool ends with short ones; then the rest by name.
SLOW_FIRST=(position readme sync squad core goldfish sim_games parsers help messages batch export_sim sim structure)
all=()
for f in "$HERE"/*_cases.sh; do
    [[ -f $f ]] && all+=("$(basename "$f" _cases.sh)")
done
ordered=()
for n in "${SLOW_FIRST[@]}" "${all[@]}"; do
    [[ -f $HERE/${n}_cases.sh ]] || continue
    [[ " ${ordered[*]} " == *" $n "* ]] && continue
    ordered+=("$n")
done
# named N PATTERNS: the case file N matches one of the patterns (a name, with or without _cases.sh).
named() {
    local pattern
    for pattern in $2; do
        # shellcheck disable=SC2053 # a pattern on purpose
        [[ $1 == $pattern || $1 == ${pattern%_cases.sh} ]] && return 0
    done
    return 1
}
selected=()
for n in "${ordered[@]}"; do
    [[ -z ${CLI_CASES:-} ]] || named "$n" "$CLI_CASES" || continue
    [[ -n ${CLI_SKIP:-} ]] && named "$n" "$CLI_SKIP" && continue
    selected+=("$n")
done
if [[ ${#selected[@]} -eq 0 ]]; then
    echo "run.sh: CLI_CASES=\"${CLI_CASES:-}\" names no case file (they are: ${ordered[*]})" >&2
    exit 2
fi

D=$(mktemp -d "${TMPDIR:-/tmp}/berserk-cli-run.XXXXXX") || { echo "cannot create a temporary directory" >&2; exit 2; }
declare -A NAME_OF_PID=() START_OF=()
trap 'for p in "${!NAME_OF_PID[@]}"; do kill -- "$p" 2>/dev/null; done; rm -rf "$D"' EXIT
trap 'exit 130' INT TERM

PASSED=0
FAILED=0
BROKEN=()
RUNNING=0

# Prints a finished file's output and adds its counts.
collect() {
    local n=$1 rc=$2 out="$D/$1.out" last took p=0 f=0
    took=$(($(date +%s) - START_OF[$n]))
    last=$(tail -n 1 "$out")
    if [[ $last =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
        head -n -1 "$out" # the count goes into the == line below
        p=${BASH_REMATCH[1]} f=${BASH_REMATCH[2]}
        if [[ $rc != 0 && $f == 0 ]]; then
            f=1
            echo "not ok - ${n}_cases.sh exited $rc with nothing failed"
        fi
    else
        cat "$out"
        f=1
        echo "not ok - ${n}_cases.sh did not finish (exit $rc, no count line)"
    fi
    ((f > 0)) && BROKEN+=("$n")
    PASSED=$((PASSED + p))
    FAILED=$((FAILED + f))
    echo "== ${n}_cases.sh: $p passed, $f failed in $took s"
}

start() {
    local n=$1
    START_OF[$n]=$(date +%s)
    bash "$HERE/run.sh" --one "$HERE/${n}_cases.sh" >"$D/$n.out" 2>&1 </dev/null &
    NAME_OF_PID[$!]=$n
}

reap() {
    local pid= rc p
    wait -n -p pid "${!NAME_OF_PID[@]}"
    rc=$?
    if [[ -z $pid ]]; then # nothing to wait for (already reaped?): never spin on a file that is gone
        for p in "${!NAME_OF_PID[@]}"; do
            kill -0 "$p" 2>/dev/null && continue
            pid=$p rc=255
            break
        done
        [[ -n $pid ]] || { sleep 0.1; return; }
    fi
    local n=${NAME_OF_PID[$pid]}
    unset "NAME_OF_PID[$pid]"
    collect "$n" "$rc"
}

for n in "${selected[@]}"; do
    while ((${#NAME_OF_PID[@]} >= JOBS)); do reap; done
    start "$n"
done
while ((${#NAME_OF_PID[@]} > 0)); do reap; done

if ((PASSED + FAILED == 0)); then
    echo "not ok - no case ran"
    FAILED=1
fi
((${#BROKEN[@]} > 0)) && echo "== failed in: ${BROKEN[*]}"
echo "$PASSED passed, $FAILED failed"
[[ $FAILED -eq 0 ]]
