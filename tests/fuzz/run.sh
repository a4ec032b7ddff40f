#!/usr/bin/env bash
# tests/fuzz/run.sh SECONDS TARGET... — runs each libFuzzer target (build/fuzz/fuzz_TARGET)
# for SECONDS of wall time (-max_total_time), one after the other, from its seeds
# (tests/fuzz/corpus/TARGET, read only) into a working corpus (build/fuzz/corpus/TARGET),
# with its dictionary (tests/fuzz/dict/TARGET.dict) when there is one. Prints one line per
# target with the executions (libFuzzer's stat::number_of_executed_units) and the total;
# a crash, a failed invariant, a leak, a timeout or an out-of-memory stops the run with the
# reproducer's path (build/fuzz/findings/TARGET/) and the end of the log.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
SECONDS_EACH=$1
shift
OUT=${FUZZ_OUT:-$ROOT/build/fuzz}
total=0
status=0
for target in "$@"; do
    bin="$OUT/fuzz_$target"
    corpus="$OUT/corpus/$target"
    findings="$OUT/findings/$target"
    log="$OUT/logs/$target.log"
    mkdir -p "$corpus" "$findings" "$(dirname "$log")"
    args=(-max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
          -artifact_prefix="$findings/" -max_len="$(cat "$HERE/max_len/$target" 2>/dev/null || echo 4096)")
    [[ -f $HERE/dict/$target.dict ]] && args+=(-dict="$HERE/dict/$target.dict")
    seeds=()
    [[ -d $HERE/corpus/$target ]] && seeds+=("$HERE/corpus/$target")
    [[ -d $HERE/regressions/$target ]] && seeds+=("$HERE/regressions/$target")
    start=$(date +%s)
    "$bin" "${args[@]}" "$corpus" "${seeds[@]}" >"$log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    runs=${runs:-0}
    total=$((total + runs))
    printf 'fuzz %-20s %10s executions in %3d s%s\n' "$target" "$runs" "$(($(date +%s) - start))" \
        "$( ((rc == 0)) || echo "  FINDING (exit $rc)")"
    if ((rc != 0)); then
        status=1
        echo "  reproducer(s): $(ls -t "$findings" | head -n 3 | sed "s|^|$findings/|" | tr '\n' ' ')"
        grep -a -m 1 -A 12 -E 'invariant failed|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error' \
            "$log" | sed 's/^/  /'
        echo "  full log: $log"
    fi
done
echo "fuzz total: $total executions, $( ((status == 0)) && echo "no finding" || echo "a finding (see above)")"
exit $status
