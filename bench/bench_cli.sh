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

# catalog sync from a static server on loopback: a full sync into an empty store, then a
# no-op sync (the conditional GET answers 304).
"$berserk" catalog export "$dir/published" >/dev/null
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
(cd "$dir/published" && exec python3 -m http.server "$port" --bind 127.0.0.1 >/dev/null 2>&1) &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 50); do
    curl -s -o /dev/null "http://127.0.0.1:$port/index.json" && break
    sleep 0.1
done
full=$("$berserk" --db "$dir/synced.db" --empty catalog sync "http://127.0.0.1:$port/index.json" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["ms"])')
noop=$("$berserk" --db "$dir/synced.db" catalog sync --json | python3 -c 'import json,sys; d=json.load(sys.stdin); assert d["status"]=="not_modified"; print(d["ms"])')
printf '{"bench":"sync.full","value":%s,"unit":"ms","note":"1553 cards, 10 sets, from a loopback static server into an empty store"}\n' "$full"
printf '{"bench":"sync.noop","value":%s,"unit":"ms","note":"conditional GET answered 304"}\n' "$noop"

# sim deals: trials per second on 1 and 2 threads, and 1,000,000 trials on 2 threads
# (issue 6's goal: under 5 s), on a real tournament decklist.
deck=tests/fixtures/decks/tournament/09-koven.txt
for threads in 1 2; do
    start=$(date +%s%N)
    "$berserk" --seed 1 sim deals "$deck" --trials 200000 --threads $threads --json >/dev/null
    end=$(date +%s%N)
    awk -v ns=$((end - start)) -v t=$threads 'BEGIN { printf "{\"bench\":\"sim.trials.threads_%d\",\"value\":%.0f,\"unit\":\"per_s\",\"note\":\"sim deals 09-koven.txt, 200000 trials, policy none, whole process\"}\n", t, 200000 / (ns / 1e9) }'
done
start=$(date +%s%N)
"$berserk" --seed 1 sim deals "$deck" --trials 1000000 --threads 2 --json >/dev/null
end=$(date +%s%N)
awk -v ns=$((end - start)) 'BEGIN { printf "{\"bench\":\"sim.million\",\"value\":%.2f,\"unit\":\"s\",\"note\":\"1000000 trials (shuffle, deal, exact best squad, statistics) on 2 threads\"}\n", ns / 1e9 }'
