#!/usr/bin/env bash
# bench_vs.sh — the engine's speed side by side with an earlier commit (issues 21, 22: time per
# action within 1.05x of 2ed5f93's). Builds BASE's bench from `git archive` in build/bench-vs/BASE,
# this tree's in build/bench, then runs the two `run_bench engine` alternately PAIRS times (A B A B
# …, so a drift of the machine's speed touches both) and prints JSON Lines: each build's median
# engine.ns_per_action and engine.games.random, and the ratios, of which the median of the pair
# ratios is the figure to quote (absolute times move between machines; a ratio holds).
# Usage: bench/bench_vs.sh [BASE] [PAIRS]   (defaults: 2ed5f93, 12)
# KEYWORDS_ONLY=1 plays this tree's games with no card's encoded features (BENCH_KEYWORDS_ONLY: the
# cards as printed numbers and keywords), the games where no card uses the feature vocabulary, the
# way a commit before issue 22 plays them (the base ignores it).
# CLOCK=cpu times both builds by the thread's CPU time (CLOCK_THREAD_CPUTIME_ID) instead of the wall clock,
# for a machine that other work keeps busy: a run's waits for a processor then do not count (the base's
# copy has its bench_main.c's clock replaced; this tree's is BENCH_CLOCK).
set -eu
base=${1:-2ed5f93}
pairs=${2:-12}
clock=${CLOCK:-wall}
root=$(git rev-parse --show-toplevel)
cd "$root"
rev=$(git rev-parse --short=7 "$base^{commit}")
case $clock in
wall) dir=build/bench-vs/$rev this=build/bench flags= ;;
cpu) dir=build/bench-vs/$rev-cpu this=build/bench-cpu flags=-DBENCH_CLOCK=CLOCK_THREAD_CPUTIME_ID ;;
*) echo "bench_vs: CLOCK is wall or cpu, not $clock" >&2; exit 2 ;;
esac
if [ ! -x "$dir/build/bench/run_bench" ]; then
    rm -rf "$dir"
    mkdir -p "$dir"
    git archive "$rev" | tar -x -C "$dir"
    if [ "$clock" = cpu ]; then
        sed -i 's/clock_gettime(CLOCK_MONOTONIC, &ts)/clock_gettime(CLOCK_THREAD_CPUTIME_ID, \&ts)/' "$dir/bench/bench_main.c"
        grep -q CLOCK_THREAD_CPUTIME_ID "$dir/bench/bench_main.c" || { echo "bench_vs: $rev's bench_now not found" >&2; exit 2; }
    fi
    echo "bench_vs: building $rev in $dir" >&2
    make -s -C "$dir" BUILD=build/bench OPT=-O2 CHECKS= build/bench/run_bench >&2
fi
echo "bench_vs: building this tree in $this" >&2
make -s BUILD="$this" OPT=-O2 CHECKS= EXTRA_CFLAGS="$flags" "$this/run_bench" >&2
# one processor for both (the last), when taskset is there: a process that moves between
# processors loses its caches
pin=()
if command -v taskset >/dev/null 2>&1 && [ "$(nproc)" -gt 1 ]; then
    pin=(taskset -c "$(($(nproc) - 1))")
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for i in $(seq "$pairs"); do
    (cd "$root" && BENCH_KEYWORDS_ONLY=${KEYWORDS_ONLY:-0} "${pin[@]}" "./$this/run_bench" engine) >"$out/a$i.jsonl"
    (cd "$dir" && "${pin[@]}" ./build/bench/run_bench engine) >"$out/b$i.jsonl"
    echo "bench_vs: pair $i of $pairs" >&2
done
python3 - "$out" "$pairs" "$rev" "${KEYWORDS_ONLY:-0}" "$clock" <<'PY'
import json, statistics, sys
out, pairs, rev = sys.argv[1], int(sys.argv[2]), sys.argv[3]
this = "this tree with no card's features (KEYWORDS_ONLY=1)" if sys.argv[4] == "1" else "this tree"
if sys.argv[5] == "cpu":
    this += ", timed by CPU time (CLOCK=cpu)"
def figure(side, i, name):
    for line in open(f"{out}/{side}{i}.jsonl"):
        record = json.loads(line)
        if record["bench"] == name:
            return record["value"]
    raise SystemExit(f"bench_vs: no {name} in run {side}{i}")
def emit(name, value, unit, note):
    print(json.dumps({"bench": name, "value": round(value, 3), "unit": unit, "note": note}, ensure_ascii=False))
for name, unit in (("engine.ns_per_action", "ns"), ("engine.games.random", "per_s")):
    a = [figure("a", i, name) for i in range(1, pairs + 1)]
    b = [figure("b", i, name) for i in range(1, pairs + 1)]
    emit(f"vs.{name}.this", statistics.median(a), unit, f"{this}, median of {pairs} runs")
    emit(f"vs.{name}.base", statistics.median(b), unit, f"commit {rev}, median of {pairs} runs alternating with this tree's")
    ratios = [x / y for x, y in zip(a, b)]
    emit(f"vs.{name}.ratio", statistics.median(ratios), "ratio",
         f"this tree / {rev}, median of the {pairs} pair ratios (min {min(ratios):.3f}, max {max(ratios):.3f})")
    # a busy machine only slows a run down: the quicker quarter of each build's runs is the least disturbed
    fast = (lambda v: sorted(v)[len(v) // 4]) if name.endswith("per_action") else (lambda v: sorted(v)[(3 * len(v)) // 4])
    emit(f"vs.{name}.quartile_ratio", fast(a) / fast(b), "ratio",
         f"this tree / {rev}, ratio of each build's quicker-quartile run of {pairs}")
PY
