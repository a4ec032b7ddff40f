#!/usr/bin/env bash
# bench_cli.sh — figures through the real binary (JSON Lines): a whole `berserk` run,
# process start and catalogue load included, for a card look-up and a filtered search.
set -eu
berserk=${BERSERK:-build/berserk}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export BERSERK_DB="$dir/catalog.db"
"$berserk" catalog info >/dev/null # first use imports the bundled catalogue

ms_per_run() { # runs "$@" 20 times, prints the median wall time in ms
    local times=() i start end
    for i in $(seq 20); do
        start=$(date +%s%N)
        "$@" >/dev/null
        end=$(date +%s%N)
        times+=($(( (end - start) / 1000 )))
    done
    printf '%s\n' "${times[@]}" | sort -n | sed -n 10p | awk '{printf "%.3f", $1 / 1000}'
}

printf '{"bench":"cli.cards_show","value":%s,"unit":"ms","note":"berserk cards show Циклоп, whole process, median of 20"}\n' \
    "$(ms_per_run "$berserk" cards show Циклоп)"
printf '{"bench":"cli.cards_search","value":%s,"unit":"ms","note":"berserk cards search --element леса --cost 3..5, whole process, median of 20"}\n' \
    "$(ms_per_run "$berserk" cards search --element леса --cost 3..5)"

# A tournament's registrations: 1,000 decklists in one directory, checked in one run.
mkdir -p "$dir/registrations"
decks=(tests/fixtures/decks/tournament/*.txt)
for i in $(seq -w 1 1000); do
    cp "${decks[$((10#$i % ${#decks[@]}))]}" "$dir/registrations/deck-$i.txt"
done
start=$(date +%s%N)
"$berserk" deck check "$dir/registrations" --date 2026-11-21 >/dev/null
end=$(date +%s%N)
awk -v ns=$((end - start)) 'BEGIN { printf "{\"bench\":\"cli.deck_check\",\"value\":%.1f,\"unit\":\"per_s\",\"note\":\"berserk deck check DIR of 1000 decklists, one run, whole process\"}\n", 1000 / (ns / 1e9) }'
