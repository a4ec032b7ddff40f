#!/usr/bin/env bash
# tests/phases.sh NAME BUDGET COMMAND [NAME BUDGET COMMAND]... — the phases of `make check`:
# runs each COMMAND (a shell command line) in turn and prints `== phase NAME: T s (budget B s)`.
# A budget is a figure to report (a phase over it says so), never a failure: the check fails when a
# phase fails, or when the whole runs past CHECK_LIMIT seconds (default 1500, 25 minutes; a phase
# still running then is stopped). At the end: every phase's line, the ten slowest tests
# (tests/slowest.py over CHECK_TIMES, when set: the times each phase recorded there), and as the
# last line `== check passed: ...` or `== check FAILED: ...`.
set -u
limit=${CHECK_LIMIT:-1500}
if (($# % 3 != 0 || $# == 0)); then
    echo "usage: phases.sh NAME BUDGET COMMAND [NAME BUDGET COMMAND]..." >&2
    exit 2
fi
[[ $limit =~ ^[1-9][0-9]*$ ]] || { echo "phases.sh: CHECK_LIMIT must be a number of seconds, not \"$limit\"" >&2; exit 2; }
HERE=$(cd "$(dirname "$0")" && pwd)
summary=()
budgets=0
start_all=$(date +%s)

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
    # Its own process group, so that the limit stops the whole phase (make and what it started).
    timeout -k 10 "$left" bash -c "$command"
    rc=$?
    took=$(($(date +%s) - start))
    line="== phase $name: $took s (budget $budget s)"
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
finish "== check passed: every phase in $all s (budgets $budgets s; limit $limit s)"
