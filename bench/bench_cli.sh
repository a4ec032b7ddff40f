#!/usr/bin/env bash
# bench_cli.sh — figures through the real binary (JSON Lines): a whole `berserk` run,
# process start and catalogue look-up included: card look-ups and filtered searches on the bundled
# catalogue and on a synthetic 55,000-card store, a tournament's deck check, sync, simulations.
set -eu
berserk=${BERSERK:-build/berserk}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export BERSERK_DB="$dir/catalog.db"
"$berserk" catalog info >/dev/null # first use imports the bundled catalogue

# ms_per_run N CMD...: runs CMD N times (after one warm-up run), prints the median wall time in
# ms. $EPOCHREALTIME (bash 5) reads the clock without a fork, so only the command is timed.
ms_per_run() {
    local runs=$1 times=() i start end
    shift
    "$@" >/dev/null 2>&1 || true
    for i in $(seq "$runs"); do
        start=${EPOCHREALTIME/[.,]/}
        "$@" >/dev/null 2>&1 || true
        end=${EPOCHREALTIME/[.,]/}
        times+=($((end - start)))
    done
    printf '%s\n' "${times[@]}" | sort -n | awk '{t[NR] = $1} END {printf "%.2f", (NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2) / 1000}'
}
figure() { # figure NAME NOTE RUNS CMD...
    local name=$1 note=$2 runs=$3
    shift 3
    printf '{"bench":"%s","value":%s,"unit":"ms","note":"%s, median of %d whole-process runs"}\n' \
        "$name" "$(ms_per_run "$runs" "$@")" "$note" "$runs"
}

# Start-up cost (issue 10): a look-up reads only what it needs from the store, so `cards show`
# costs about what `--version` costs, on the bundled catalogue and on a synthetic 55,000-card
# store (bench/big_catalog.py; built once and cached under build/bench-store/ until the catalogue,
# the store code or the generator changes).
big_dir=$(dirname "$berserk")/bench-store
big_db="$big_dir/catalog-55k.db"
big_key="$(cat catalog/data/index.json catalog/store.c bench/big_catalog.py | sha256sum | cut -d' ' -f1)"
if [[ ! -f $big_db || $(cat "$big_db.key" 2>/dev/null) != "$big_key" ]]; then
    mkdir -p "$big_dir"
    rm -rf "$big_db" "$big_dir/catalog-55k"
    "$berserk" catalog export "$big_dir/catalog-55k" >/dev/null
    python3 bench/big_catalog.py "$big_dir/catalog-55k" 55000
    "$berserk" --db "$big_db" --empty catalog import "$big_dir/catalog-55k" >/dev/null
    rm -rf "$big_dir/catalog-55k"
    echo "$big_key" >"$big_db.key"
fi
figure cli.version "berserk --version" 50 "$berserk" --version
figure cli.cards_show.bundled "berserk cards show Циклоп, bundled catalogue (1553 cards)" 50 \
    "$berserk" cards show Циклоп
figure cli.cards_show.55k "berserk cards show Циклоп, synthetic store of 55000 cards" 50 \
    "$berserk" --db "$big_db" cards show Циклоп
figure cli.cards_show.55k_not_found "berserk cards show Цыклоп (not found: nearest names), 55000 cards" 10 \
    "$berserk" --db "$big_db" cards show Цыклоп
figure cli.cards_search "berserk cards search --element леса --cost 3..5, bundled catalogue" 20 \
    "$berserk" cards search --element леса --cost 3..5
figure cli.cards_search.55k "berserk cards search --element леса --cost 3..5 --limit 20, 55000 cards" 10 \
    "$berserk" --db "$big_db" cards search --element леса --cost 3..5 --limit 20

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

# Game batches (issue 12): games per second of a whole `sim games` / `goldfish` run (process start
# and catalogue load included), 09-koven.txt against 04-farro.txt. The greedy lines appear once the
# greedy agent exists.
# games_per_s NAME NOTE GAMES CMD...: runs CMD once and prints GAMES / wall time.
games_per_s() {
    local name=$1 note=$2 games=$3 start end
    shift 3
    start=$(date +%s%N)
    "$@" >/dev/null
    end=$(date +%s%N)
    awk -v ns=$((end - start)) -v n="$games" -v name="$name" -v note="$note" \
        'BEGIN { printf "{\"bench\":\"%s\",\"value\":%.0f,\"unit\":\"per_s\",\"note\":\"%s\"}\n", name, n / (ns / 1e9), note }'
}
opponent=tests/fixtures/decks/tournament/04-farro.txt
for threads in 1 2; do
    games_per_s "sim.games.random.threads_$threads" "sim games 09-koven 04-farro, random vs random, 20000 games, whole process" \
        20000 "$berserk" --seed 1 sim games "$deck" "$opponent" --games 20000 --agent1 random --agent2 random \
        --threads $threads --json
done
games_per_s goldfish.random.threads_1 "goldfish 09-koven, random against the passive deck, 20000 games, whole process" \
    20000 "$berserk" --seed 1 goldfish "$deck" --games 20000 --agent random --threads 1 --json
if "$berserk" --seed 1 goldfish "$deck" --games 2 --agent greedy --json >/dev/null 2>&1; then
    games_per_s goldfish.greedy.threads_1 "goldfish 09-koven, greedy against the passive deck, 2000 games, whole process" \
        2000 "$berserk" --seed 1 goldfish "$deck" --games 2000 --agent greedy --threads 1 --json
    for threads in 1 2; do
        games_per_s "sim.games.greedy.threads_$threads" "sim games 09-koven 04-farro, greedy vs greedy, 2000 games, whole process" \
            2000 "$berserk" --seed 1 sim games "$deck" "$opponent" --games 2000 --agent1 greedy --agent2 greedy \
            --threads $threads --json
    done
fi
