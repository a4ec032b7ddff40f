#!/usr/bin/env bash
# tests/fuzz/replay.sh [--pending] BIN_DIR TARGET... — replays, with the fuzz targets linked
# to the replay driver (BIN_DIR/fuzz_TARGET), every regression input of
# tests/fuzz/regressions/TARGET/ and every seed of tests/fuzz/corpus/TARGET/ (real data). A
# failed invariant or a sanitizer report fails the target. With --pending it replays
# tests/fuzz/regressions/TARGET/pending/ instead: reproducers of known bugs not fixed yet,
# each expected to fail until its fix lands (then it moves up one folder).
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
pending=0
if [[ ${1:-} == --pending ]]; then pending=1; shift; fi
BIN=$1
shift
passed=0 failed=0
count() { sed -n 's/.*: \([0-9]*\) inputs* replayed$/\1/p' <<<"$1"; }
for target in "$@"; do
    if ((pending)); then
        dir="$HERE/regressions/$target/pending"
        [[ -d $dir ]] || continue
        for file in "$dir"/*; do
            [[ -f $file ]] || continue
            if ("$BIN/fuzz_$target" "$file"; exit $?) >/dev/null 2>&1; then
                echo "fixed - $target/pending/$(basename "$file") (move it up to regressions/$target/)"
                passed=$((passed + 1))
            else
                echo "still failing - $target/pending/$(basename "$file")"
                failed=$((failed + 1))
            fi
        done
        continue
    fi
    regressions="$HERE/regressions/$target" seeds="$HERE/corpus/$target"
    out="" ok=1 counts=""
    if [[ -d $regressions ]]; then
        out=$( ("$BIN/fuzz_$target" "$regressions") 2>&1) || ok=0
        counts="$(count "$out") regression inputs"
    fi
    if ((ok)) && [[ -d $seeds ]]; then
        out=$( ("$BIN/fuzz_$target" "$seeds") 2>&1) || ok=0
        counts="$counts${counts:+, }$(count "$out") seeds"
    fi
    if [[ ! -d $regressions && ! -d $seeds ]]; then
        echo "not ok - fuzz replay $target: no regression inputs or seeds"
        failed=$((failed + 1))
    elif ((ok)); then
        echo "ok - fuzz replay $target ($counts)"
        passed=$((passed + 1))
    else
        echo "not ok - fuzz replay $target"
        printf '%s\n' "$out" | tail -n 30 | sed 's/^/    /'
        failed=$((failed + 1))
    fi
done
if ((pending)); then
    echo "pending reproducers: $passed fixed, $failed still failing"
    exit 0
fi
echo "fuzz replay: $passed passed, $failed failed"
((failed == 0))
