# tests/cli/sim_cases.sh — `sim deals` through the real binary (DESIGN §4; 402.2–402.4; the batch
# runner, --shard and totals are in batch_cases.sh):
# the JSON shape, identical results for 1, 2 and 4 threads, exact group odds against the
# Monte Carlo frequency, policies, --policy-search, Ctrl-C, and bad input.
# Sourced by run.sh, which provides run/check/report and $T, $ROOT, $BIN, $PY.

SIM_DECK="$ROOT/tests/fixtures/decks/tournament/09-koven.txt"

# DESIGN §4 shape; the seed is printed and reused.
run --seed 42 sim deals "$SIM_DECK" --trials 4000 --json
check "sim deals --json: the shape of DESIGN §4" 0 \
    'json:d["seed"] == 42 and d["player"] == 1 and d["trials"] == 4000 and d["policy"] == "none"' \
    'json:d["interrupted"] is False' \
    'json:all(k in d for k in ["spent","squad_size","creatures","elements","flyer_crystals","gold_left","silver_left","redeals","no_legal_squad","losses","cards"])' \
    'json:list(d["spent"]) == ["mean","ci95","percentiles","histogram"]' \
    'json:d["spent"]["ci95"][0] <= d["spent"]["mean"] <= d["spent"]["ci95"][1]' \
    'json:list(d["spent"]["percentiles"]) == ["5","50","95"]' \
    'json:sum(d["spent"]["histogram"].values()) == 4000' \
    'json:all(set(c) >= {"name","in_deal","in_squad"} for c in d["cards"])' \
    'json:all(c["in_squad"] <= c["in_deal"] for c in d["cards"])'
save sim1

# One RNG stream per trial: the thread count changes nothing.
for threads in 1 2 4; do
    run --seed 42 sim deals "$SIM_DECK" --trials 4000 --threads $threads --json
    check "sim deals --threads $threads: identical to the first run" 0 'json:d == saved("sim1")'
done

# The exact odds of a group (names separated by ';'), and the Monte Carlo frequency.
run sim deals "$SIM_DECK" --trials 20000 --seed 7 --group "Чернокнижник;Аранта" --group "Ренниах" --json
check "sim deals --group: exact hypergeometric odds within 4 standard errors of the frequency" 0 \
    'json:len(d["groups"]) == 2 and d["groups"][0]["group"] == "Чернокнижник;Аранта"' \
    'json:all(abs(g["observed"] - g["exact"]) <= 4 * (g["exact"] * (1 - g["exact"]) / 20000) ** 0.5 for g in d["groups"])' \
    'json:all(abs(c["in_deal"] - c["in_deal_exact"]) <= 4 * (c["in_deal_exact"] * (1 - c["in_deal_exact"]) / 20000) ** 0.5 + 1e-9 for c in d["cards"])'

# Redeal policies (402.4): redeals cost gold, never silver.
run --seed 1 sim deals "$SIM_DECK" --trials 2000 --redeal "below:99,max:2" --json
check "sim deals --redeal below:99,max:2: two redeals, two gold fewer" 0 \
    'json:d["redeals"]["mean"] == 2 and d["policy"] == "below:99,max:2"' \
    'json:d["losses"] == 0'
run --seed 1 sim deals "$SIM_DECK" --trials 1000 --redeal optimal --json
check "sim deals --redeal optimal: the dynamic programme's values are reported" 0 \
    'json:d["policy"] == "optimal" and len(d["optimal_values"]) == 25' \
    'json:all(b >= a - 1e-9 for a, b in zip(d["optimal_values"], d["optimal_values"][1:]))'
run --seed 1 sim deals "$SIM_DECK" --trials 1000 --player 2 --json
check "sim deals --player 2: 25 gold and 23 silver to spend" 0 \
    'json:d["player"] == 2 and d["spent"]["mean"] > 45'

# --policy-search: every K of below:K, the best K, and the optimal policy checked by Monte Carlo.
run --seed 3 sim deals "$SIM_DECK" --trials 300 --threads 2 --policy-search --json
check "sim deals --policy-search: both players, every K, DP against Monte Carlo" 0 \
    'json:sorted(d["policy_search"]) == ["1","2"]' \
    'json:len(d["policy_search"]["1"]["below"]) == 61 and d["policy_search"]["1"]["below"][0]["K"] == 0' \
    'json:d["policy_search"]["1"]["best_below"]["mean"] == max(x["mean"] for x in d["policy_search"]["1"]["below"])' \
    'json:abs(d["policy_search"]["2"]["optimal"]["dp_value"] - d["policy_search"]["2"]["optimal"]["monte_carlo"]["mean"]) < 1.5'

# Ctrl-C: what was gathered is printed, with "interrupted": true, exit 130.
signal_run INT --seed 5 sim deals "$SIM_DECK" --trials 50000000 --json
check "sim deals interrupted by SIGINT: partial results, exit 130" 130 \
    'json:d["interrupted"] is True and 0 < d["trials"] < 50000000' \
    'json:sum(d["spent"]["histogram"].values()) == d["trials"]'

# Bad input: exit 2.
printf '3 Чернокнижник\n3 Ренниах\n3 Аранта\n3 Эллион\n2 Немая стража\n' >"$T/small-deck.txt" # 14 cards
run sim deals "$T/small-deck.txt"
check "sim deals: a deck with fewer cards than the deal is refused (402.3)" 2 'err:402.3'
run sim deals "$SIM_DECK" --redeal sometimes
check "sim deals --redeal sometimes: exit 2" 2 'err:unknown redeal policy'
run sim deals "$SIM_DECK" --threads 0
check "sim deals --threads 0: exit 2" 2
run sim deals "$SIM_DECK" --group "Несуществующая карта"
check "sim deals --group with an unknown name: exit 2" 2 'err:no card named'

# Human output: histograms and the seed.
run --seed 9 sim deals "$SIM_DECK" --trials 2000
check "sim deals: human summary with a histogram and the seed" 0 'out:seed 9' 'out:crystals spent' 'out:█' \
    'out:in deal (exact)'
