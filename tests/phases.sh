#!/usr/bin/env bash
# tests/phases.sh NAME BUDGET COMMAND [NAME BUDGET COMMAND]... — the phases of `make check`:
# runs each COMMAND (a shell command line) in turn, then prints `== phase NAME: T s (budget B s)`.
# A phase that fails, or that runs over its budget (wall seconds), stops the check with a
# message naming it; the last line sums every phase. Later suites join as more triples, each
# with a budget of its own; the whole must stay under CHECK_BUDGET seconds (default 1800).
set -u
total_budget=${CHECK_BUDGET:-1800}
if (($# % 3 != 0 || $# == 0)); then
    echo "usage: phases.sh NAME BUDGET COMMAND [NAME BUDGET COMMAND]..." >&2
    exit 2
fi
summary=()
budgets=0
start_all=$(date +%s)
while (($# > 0)); do
    name=$1 budget=$2 command=$3
    shift 3
    budgets=$((budgets + budget))
    echo "== phase $name (budget $budget s): $command"
    start=$(date +%s)
    bash -c "$command"
    rc=$?
    took=$(($(date +%s) - start))
    line="== phase $name: $took s (budget $budget s)"
    echo "$line"
    summary+=("$line")
    if ((rc != 0)); then
        echo "== check FAILED: phase $name failed (exit $rc) after $took s"
        exit 1
    fi
    if ((took > budget)); then
        echo "== check FAILED: phase $name took $took s, over its budget of $budget s"
        exit 1
    fi
done
took=$(($(date +%s) - start_all))
printf '%s\n' "${summary[@]}"
if ((budgets > total_budget)); then
    echo "== check FAILED: the phases' budgets add up to $budgets s, over the $total_budget s of make check"
    exit 1
fi
if ((took > total_budget)); then
    echo "== check FAILED: $took s in all, over the $total_budget s of make check"
    exit 1
fi
echo "== check passed: every phase in $took s (budgets $budgets s of $total_budget s)"
