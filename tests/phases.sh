#!/usr/bin/env bash
# tests/phases.sh NAME BUDGET COMMAND [NAME BUDGET COMMAND]... — the phases of `make check`:
# runs each COMMAND (a shell command line) in turn and prints `== phase NAME: T s (budget B s; CPU C s)`:
# T the wall time, C the processor time (user + system) of everything the phase ran, which a busy
# machine inflates far less than T (on N idle cores, T is about C / N at best).
# A budget is a figure to report (a phase over it says so), never a failure: the check fails when a
# phase fails, or when the whole runs past CHECK_LIMIT seconds (default 1800, 30 minutes; a phase
# still running then is stopped). At the end: every phase's line, the ten slowest tests
# (tests/slowest.py over CHECK_TIMES, when set: the times each phase recorded there), and as the
# last line `== check passed: ...` or `== check FAILED: ...`.
set -u
limit=${CHECK_LIMIT:-1800}
if (($# % 3 != 0 || $# == 0)); then
    echo "usage: phases.sh NAME BUDGET COMMAND [NAME BUDGET COMMAND]..." >&2
    exit 2
fi
[[ $limit =~ ^[1-9][0-9]*$ ]] || { echo "phases.sh: CHECK_LIMIT must be a number of seconds, not \"$limit\"" >&2; exit 2; }
HERE=$(cd "$(dirname "$0")" && pwd)
summary=()
budgets=0
start_all=$(date +%s)

# children_cs: CHILD_CS = the user + system time of this shell's finished children, in hundredths of
# a second (the `times` builtin, run in this shell: a subshell would count only its own children).
times_file=$(mktemp "${TMPDIR:-/tmp}/phases.XXXXXX") || exit 2
trap 'rm -f "$times_file"' EXIT
children_cs() {
    local lines
    times >"$times_file"
    mapfile -t lines <"$times_file"
    local total=0 part
    for part in ${lines[1]}; do # "1m2.345s 0m0.678s"
        [[ $part =~ ^([0-9]+)m([0-9]+)[.,]([0-9]{2}) ]] || continue
        total=$((total + 10#${BASH_REMATCH[1]} * 6000 + 10#${BASH_REMATCH[2]} * 100 + 10#${BASH_REMATCH[3]}))
    done
    CHILD_CS=$total
}

finish() { # finish VERDICT: the phases, the slowest tests, then the verdict as the last line
    printf '%s\n' "${summary[@]}"
    if [[ -n ${CHECK_TIMES:-} && -d $CHECK_TIMES ]] && command -v python3 >/dev/null 2>&1; then
        python3 "$HERE/slowest.py" "$CHECK_TIMES" 10
    fi
    echo "$1"
}

while (($# > 0)); do
    name=$1 budget=$2 command=$3
    shift 3
    budgets=$((budgets + budget))
    left=$((limit - ($(date +%s) - start_all)))
    if ((left <= 0)); then
        finish "== check FAILED: $((limit - left)) s in all, past the limit of $limit s before phase $name"
        exit 1
    fi
    echo "== phase $name (budget $budget s): $command"
    start=$(date +%s)
    children_cs
    cpu_before=$CHILD_CS
    # Its own process group, so that the limit stops the whole phase (make and what it started).
    timeout -k 10 "$left" bash -c "$command"
    rc=$?
    took=$(($(date +%s) - start))
    children_cs
    cpu=$(((CHILD_CS - cpu_before + 50) / 100))
    line="== phase $name: $took s (budget $budget s; CPU $cpu s)"
    ((took > budget)) && line+=" — over its budget by $((took - budget)) s (reported, not a failure)"
    echo "$line"
    summary+=("$line")
    all=$(($(date +%s) - start_all))
    if ((rc == 124 || rc == 137)) && ((all >= limit)); then
        finish "== check FAILED: $all s in all, past the limit of $limit s; phase $name was stopped after $took s"
        exit 1
    fi
    if ((rc != 0)); then
        finish "== check FAILED: phase $name failed (exit $rc) after $took s ($all s in all)"
        exit 1
    fi
done
all=$(($(date +%s) - start_all))
if ((all > limit)); then
    finish "== check FAILED: $all s in all, past the limit of $limit s"
    exit 1
fi
children_cs
finish "== check passed: every phase in $all s (CPU $(((CHILD_CS + 50) / 100)) s; budgets $budgets s; limit $limit s)"
