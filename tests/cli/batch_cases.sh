# tests/cli/batch_cases.sh — the batch runner of `sim deals` (issue 10, helper `batch`): losses
# that include 403.2.5 (no legal squad), `--shard K/N` with exact integer totals (DESIGN §4), the
# thread count changing nothing, and the one progress bar. Sourced by run.sh.

BATCH_DECK="$ROOT/tests/fixtures/decks/tournament/06-elfy.txt"
NO_SQUAD_DECK="$FIX/sim/artifacts-only.txt"
FEW_CREATURES_DECK="$FIX/sim/three-creatures.txt"

# ---- Item 6: a deal with no legal squad is a loss (403.2.5) ----
run --seed 1 sim deals "$NO_SQUAD_DECK" --trials 200 --json
check "item 6 / 403.2.5: artifacts only, every trial has no legal squad and is lost" 0 \
    'json:d["no_legal_squad"] == 1.0 and d["losses"] == 1.0'
run --seed 1 sim deals "$NO_SQUAD_DECK" --trials 200
check "item 6 / 403.2.5: the human summary says losses 100%" 0 'out:no legal squad 100.000%, losses 100.000%'
run --seed 4 sim deals "$BATCH_DECK" --trials 3000 --redeal "below:40,max:30" --json
check "item 6: losses (402.4 and 403.2.5) are at least the deals with no legal squad" 0 \
    'json:d["losses"] >= d["no_legal_squad"]'
# 3 creatures among 30 cards: P(no creature in 15) = C(27,15)/C(30,15) = 0.11207; with no redeal
# every such deal is a loss and nothing else is.
run --seed 2 sim deals "$FEW_CREATURES_DECK" --trials 20000 --json
check "item 6 / 403.2.5: a deal with no creature is a loss; losses == no_legal_squad ~ 0.112 (exact)" 0 \
    'json:d["losses"] == d["no_legal_squad"] > 0' \
    'json:abs(d["no_legal_squad"] - 0.11206896551724138) <= 4 * (0.112 * 0.888 / 20000) ** 0.5'

# ---- DESIGN §4: "kind" first, integer "totals" that sum exactly over shards ----
# add_totals(a, b): the exact merge of two outputs' totals (integers add; lists of named objects add
# element by element; histograms add bucket by bucket).
BATCH_ADD='(lambda f: (lambda a, b: f(f, a, b)))(lambda f, a, b: {k: f(f, a.get(k, 0), b.get(k, 0)) for k in set(a) | set(b)} if isinstance(a, dict) or isinstance(b, dict) else [f(f, x, y) for x, y in zip(a, b)] if isinstance(a, list) else a if isinstance(a, str) and a == b else a + b)'
BATCH_INTS='(lambda f: (lambda v: f(f, v)))(lambda f, v: all(f(f, x) for x in (v.values() if isinstance(v, dict) else v)) if isinstance(v, (dict, list)) else isinstance(v, str) or (isinstance(v, int) and not isinstance(v, bool)))'
run --seed 11 sim deals "$BATCH_DECK" --trials 3001 --redeal "below:42,max:3" --group "Морлас;Очи Нальдана" --json
check "sim deals --json: \"kind\":\"sim_deals\" is the first key (DESIGN §4)" 0 \
    'json:list(d)[0] == "kind" and d["kind"] == "sim_deals"' 'json:"shard" not in d'
check "sim deals --json: integer totals: trials, losses, every statistic's count/sum/sum_squares/histogram, cards, groups" 0 \
    'json:'"$BATCH_INTS"'(d["totals"])' \
    'json:d["totals"]["trials"] == d["trials"] == 3001' \
    'json:all(d["totals"][s]["count"] == 3001 and sum(d["totals"][s]["histogram"].values()) == 3001 for s in ["spent","squad_size","creatures","elements","flyer_crystals","gold_left","silver_left","redeals"])' \
    'json:d["totals"]["spent"]["histogram"] == d["spent"]["histogram"]' \
    'json:abs(d["totals"]["spent"]["sum"] / 3001 - d["spent"]["mean"]) < 1e-9' \
    'json:d["totals"]["losses"] / 3001 == d["losses"] and d["totals"]["no_legal_squad"] / 3001 == d["no_legal_squad"]' \
    'json:[c["name"] for c in d["totals"]["cards"]] == [c["name"] for c in d["cards"]]' \
    'json:all(t["in_deal"] / 3001 == c["in_deal"] and t["in_squad"] / 3001 == c["in_squad"] for t, c in zip(d["totals"]["cards"], d["cards"]))' \
    'json:d["totals"]["groups"][0]["group"] == "Морлас;Очи Нальдана" and d["totals"]["groups"][0]["hits"] / 3001 == d["groups"][0]["observed"]'
save batch_whole
for n in 2 3; do
    for ((k = 1; k <= n; k++)); do
        run --seed 11 sim deals "$BATCH_DECK" --trials 3001 --redeal "below:42,max:3" --group "Морлас;Очи Нальдана" \
            --shard "$k/$n" --threads $((k % 2 + 1)) --json
        check "sim deals --shard $k/$n: trials t = $((k - 1)) mod $n only, \"shard\":[$k,$n]" 0 \
            "json:d[\"shard\"] == [$k, $n] and list(d)[0] == \"kind\"" \
            "json:d[\"trials\"] == d[\"totals\"][\"trials\"] == len(range($k - 1, 3001, $n))"
        save "batch_shard_${k}_$n"
    done
    if [[ $n == 2 ]]; then
        check "sim deals --shard 1/2 + 2/2: the totals add up exactly to the unsharded run's" 0 \
            "json:$BATCH_ADD(saved(\"batch_shard_1_2\")[\"totals\"], saved(\"batch_shard_2_2\")[\"totals\"]) == saved(\"batch_whole\")[\"totals\"]"
    else
        check "sim deals --shard 1/3 + 2/3 + 3/3: the totals add up exactly to the unsharded run's" 0 \
            "json:$BATCH_ADD($BATCH_ADD(saved(\"batch_shard_1_3\")[\"totals\"], saved(\"batch_shard_2_3\")[\"totals\"]), saved(\"batch_shard_3_3\")[\"totals\"]) == saved(\"batch_whole\")[\"totals\"]"
    fi
done
# A shard's output does not depend on the thread count either.
run --seed 11 sim deals "$BATCH_DECK" --trials 3001 --redeal "below:42,max:3" --group "Морлас;Очи Нальдана" \
    --shard 2/3 --threads 1 --json
save batch_shard_t1
run --seed 11 sim deals "$BATCH_DECK" --trials 3001 --redeal "below:42,max:3" --group "Морлас;Очи Нальдана" \
    --shard 2/3 --threads 2 --json
check "sim deals --shard 2/3: --threads 1 and --threads 2 give identical JSON" 0 'json:d == saved("batch_shard_t1")'
run --seed 11 sim deals "$BATCH_DECK" --trials 3001 --shard 1/1 --json
check "sim deals --shard 1/1: every trial" 0 'json:d["shard"] == [1, 1] and d["trials"] == 3001'
run --seed 11 sim deals "$BATCH_DECK" --trials 2 --shard 3/5 --json
check "sim deals --trials 2 --shard 3/5: a shard with no trial prints zero totals" 0 \
    'json:d["trials"] == 0 and d["totals"]["trials"] == 0 and d["shard"] == [3, 5]'

# SIGINT on a shard: what was gathered, "interrupted":true, totals consistent with it, exit 130.
signal_run INT --seed 5 sim deals "$BATCH_DECK" --trials 50000000 --shard 2/2 --threads 2 --json
check "sim deals --shard 2/2 interrupted by SIGINT: partial results and their totals, exit 130" 130 \
    'json:d["interrupted"] is True and 0 < d["trials"] < 25000000 and d["shard"] == [2, 2]' \
    'json:d["totals"]["trials"] == d["trials"] == sum(d["totals"]["spent"]["histogram"].values())'

# Bad shards: exit 2, the value and the limit named.
for bad in 0/2 3/2 1/0 a/b 1/2x 2 /2 1/ -1/2 1/1000001 '1 /2' ''; do
    run --seed 1 sim deals "$BATCH_DECK" --trials 10 --shard "$bad"
    check "sim deals --shard '$bad': refused (exit 2), naming the value and the limit" 2 \
        "err:--shard must be K/N with 1 <= K <= N <= 1000000, not \"$bad\"" out=
done
run --seed 1 sim deals "$BATCH_DECK" --trials 10 --shard 1000000/1000000 --json
check "sim deals --shard 1000000/1000000: the largest N is accepted" 0 'json:d["shard"] == [1000000, 1000000]'
run sim deals "$BATCH_DECK" --trials 10 --shard 1/2
check "sim deals --shard without --seed: refused, shards must share the seed" 2 \
    'err:--shard 1/2 needs --seed S' out=
run --seed 1 sim deals "$BATCH_DECK" --trials 10 --shard 1/2 --policy-search
check "sim deals --shard with --policy-search: refused" 2 'err:--policy-search' out=

# ---- The one progress bar: stderr on a terminal only, never with -q ----
run --seed 1 sim deals "$BATCH_DECK" --trials 500
check "sim deals in a pipe: no progress bar on stderr" 0 err=
tty_run -- --seed 1 sim deals "$BATCH_DECK" --trials 2000 --threads 2
if grep -q '^SKIP' "$OUT"; then
    PASSED=$((PASSED + 1))
    echo "ok - sim deals progress bar on a terminal # SKIP $(head -1 "$OUT")"
else
    check "sim deals on a terminal: the progress bar (sim [...] N/2000 trials), then the summary" 0 \
        'out~sim \[[#.]+\] [0-9]+/2000 trials' 'out:crystals spent'
    tty_run -- -q --seed 1 sim deals "$BATCH_DECK" --trials 2000
    check "sim deals -q on a terminal: no progress bar" 0 '!out:sim [' 'out:crystals spent'
fi

# catalog sync draws the same bar ("sync [...] N/M files"): the tiny catalogue from the fault server.
BATCH_PORT_FILE="$T/batch-sync.port"
"$PY" "$ROOT/tests/sync/fault_server.py" "$FIX/tiny" --port-file "$BATCH_PORT_FILE" >/dev/null 2>&1 </dev/null &
BATCH_SERVER=$!
for ((batch_i = 0; batch_i < 200; batch_i++)); do
    [[ -s $BATCH_PORT_FILE ]] && break
    sleep 0.05
done
if [[ -s $BATCH_PORT_FILE ]]; then
    BATCH_URL="http://127.0.0.1:$(cat "$BATCH_PORT_FILE")/index.json"
    tty_run -- --db "$T/batch-sync.db" --empty catalog sync "$BATCH_URL"
    if grep -q '^SKIP' "$OUT"; then
        PASSED=$((PASSED + 1))
        echo "ok - catalog sync progress bar on a terminal # SKIP $(head -1 "$OUT")"
    else
        check "catalog sync on a terminal: the CLI's one progress bar (sync [...] N/M files)" 0 \
            'out~sync \[[#.]+\] [0-9]+/[0-9]+ files' 'out~(^|[^#.])sync \[#{30}\] ([0-9]+)/\2 files'
        tty_run -- -q --db "$T/batch-sync2.db" --empty catalog sync "$BATCH_URL"
        check "catalog sync -q on a terminal: no progress bar" 0 '!out:sync ['
    fi
    run --db "$T/batch-sync3.db" --empty catalog sync "$BATCH_URL"
    check "catalog sync in a pipe: no progress bar" 0 '!err:sync ['
else
    report "fault server for the sync progress bar" "no port announced"
fi
kill "$BATCH_SERVER" 2>/dev/null
wait "$BATCH_SERVER" 2>/dev/null
