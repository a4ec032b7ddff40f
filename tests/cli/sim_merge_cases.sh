# tests/cli/sim_merge_cases.sh — what `sim merge` trusts (issue 20 §3): decks by content (their
# fingerprints), not by path; the catalogue revision and the engine version; totals that agree with
# themselves; sums that never pass 2^63−1 (found by fuzzing); interrupted shards merged into a
# partial result with exit 1 unless --partial. Sourced by run.sh.

SM_A="$ROOT/tests/fixtures/decks/tournament/09-koven.txt"
SM_B="$ROOT/tests/fixtures/decks/tournament/04-farro.txt"
SM_C="$ROOT/tests/fixtures/decks/tournament/13-inkarnatsiya.txt"
# sm_edit IN OUT PYTHON: OUT is IN's JSON after the statement PYTHON on d.
sm_edit() { "$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); exec(sys.argv[3]); json.dump(d, open(sys.argv[2], "w"), ensure_ascii=False)' "$@"; }

for k in 1 2; do
    run --seed 4 sim games "$SM_A" "$SM_B" --games 20 --agent1 random --agent2 random --shard "$k/2" --json
    cp "$OUT" "$T/sm_games_$k.json"
    run --seed 4 sim matrix "$SM_A" "$SM_B" "$SM_C" --games 4 --agent random --shard "$k/2" --json
    cp "$OUT" "$T/sm_matrix_$k.json"
    run --seed 4 goldfish "$SM_A" --games 10 --agent random --shard "$k/2" --json
    cp "$OUT" "$T/sm_gold_$k.json"
done
run --seed 4 sim games "$SM_A" "$SM_B" --games 20 --agent1 random --agent2 random --json
cp "$OUT" "$T/sm_games_whole.json"
run sim merge "$T/sm_games_1.json" "$T/sm_games_2.json"
check "sim merge of two sim games shards: exit 0, the catalogue revision and engine version kept" 0 \
    'json:d["catalog_revision"] == 1 and d["engine_version"] and len(d["fingerprints"]) == 2' err=
cmp -s "$OUT" "$T/sm_games_whole.json" && report "sim merge: byte for byte the single run's (with the new keys)" ||
    report "sim merge: byte for byte the single run's (with the new keys)" "$(diff "$OUT" "$T/sm_games_whole.json" | head)"

# ---- Decks by content, not by path ----
cp "$SM_A" "$T/sm-renamed.txt"
run --seed 4 sim games "$T/sm-renamed.txt" "$SM_B" --games 20 --agent1 random --agent2 random --shard 2/2 --json
cp "$OUT" "$T/sm_games_renamed.json"
run sim merge "$T/sm_games_1.json" "$T/sm_games_renamed.json"
check "sim merge: the same deck under another path is the same deck (fingerprint), merged (exit 0)" 0 \
    "json:d[\"decks\"][0] == \"$SM_A\" and d[\"games\"] == 20"
cp "$SM_C" "$T/sm-renamed.txt"
run --seed 4 sim games "$T/sm-renamed.txt" "$SM_B" --games 20 --agent1 random --agent2 random --shard 1/2 --json
cp "$OUT" "$T/sm_games_changed.json"
run sim merge "$T/sm_games_changed.json" "$T/sm_games_renamed.json"
check "sim merge: one path holding other cards in two shards is refused, naming the file and its fingerprints" 2 \
    "err:berserk: $T/sm_games_renamed.json: its fingerprints [\"" 'err:not shards of one run' out=

# ---- The catalogue revision and the engine version ----
sm_edit "$T/sm_games_2.json" "$T/sm_rev.json" 'd["catalog_revision"] = 2'
run sim merge "$T/sm_games_1.json" "$T/sm_rev.json"
check "sim merge: another catalogue revision is refused, the file named" 2 \
    "err:berserk: $T/sm_rev.json: its catalog_revision 2 differs from $T/sm_games_1.json's 1" out=
sm_edit "$T/sm_games_2.json" "$T/sm_ver.json" 'd["engine_version"] = "0.0.1"'
run sim merge "$T/sm_games_1.json" "$T/sm_ver.json"
check "sim merge: another engine version is refused, the file named" 2 \
    "err:berserk: $T/sm_ver.json: its engine_version \"0.0.1\" differs" out=
sm_edit "$T/sm_games_2.json" "$T/sm_old.json" 'del d["fingerprints"]'
run sim merge "$T/sm_games_1.json" "$T/sm_old.json"
check "sim merge: a report without fingerprints (an older berserk) is refused" 2 \
    "err:berserk: $T/sm_old.json: \"fingerprints\" is missing" out=

# ---- Totals that disagree with themselves ----
sm_edit "$T/sm_games_2.json" "$T/sm_more_wins.json" 'd["totals"]["wins"][0] = d["totals"]["games"] + 1'
run sim merge "$T/sm_games_1.json" "$T/sm_more_wins.json"
check "sim merge: more wins than games is refused (found by fuzzing: it merged with exit 0)" 2 \
    "err:berserk: $T/sm_more_wins.json: totals: wins 11 + " 'err:do not add up to 10: the totals disagree with themselves' out=
sm_edit "$T/sm_games_2.json" "$T/sm_by_cap.json" 'd["totals"]["draws_by_cap"] = d["totals"]["draws"] + 1'
run sim merge "$T/sm_games_1.json" "$T/sm_by_cap.json"
check "sim merge: more draws by the cap than draws is refused" 2 \
    "err:berserk: $T/sm_by_cap.json: totals: draws_by_cap " 'err:is more than draws' out=
sm_edit "$T/sm_games_2.json" "$T/sm_histogram.json" 'd["totals"]["turns"]["histogram"]["999"] = 1'
run sim merge "$T/sm_games_1.json" "$T/sm_histogram.json"
check "sim merge: a histogram that does not add up to its count is refused" 2 \
    "err:berserk: $T/sm_histogram.json: totals.turns.histogram: the buckets hold 11 values, but \"count\" is 10" out=
sm_edit "$T/sm_gold_2.json" "$T/sm_gold_won.json" 'd["totals"]["won"] = d["totals"]["games"] + 3'
run sim merge "$T/sm_gold_1.json" "$T/sm_gold_won.json"
check "sim merge of goldfish: more games won than played is refused" 2 \
    "err:berserk: $T/sm_gold_won.json: totals: won 8 + lost" 'err:do not add up to 5' out=
sm_edit "$T/sm_games_2.json" "$T/sm_cut.json" 'd["totals"]["wins"] = "many"'
run sim merge "$T/sm_games_1.json" "$T/sm_cut.json"
check "sim merge: totals not of the kind's shape are refused, naming the key" 2 \
    "err:berserk: $T/sm_cut.json: totals.wins: expected [WINS1, WINS2]" out=

# ---- Found by fuzzing: overflows ----
sm_edit "$T/sm_matrix_1.json" "$T/sm_matrix_huge.json" 'd["games"] = 2 ** 62'
run sim merge "$T/sm_matrix_huge.json" "$T/sm_matrix_2.json"
check "sim merge: a matrix shard with \"games\": 2^62 (3 pairs) is refused naming \"games\", no overflow" 2 \
    "err:berserk: $T/sm_matrix_huge.json: games: 4611686018427387904 games per pair × 3 pairs is more than 9223372036854775807 games" out=
for k in 1 2; do
    sm_edit "$T/sm_games_$k.json" "$T/sm_sum_$k.json" 'd["totals"]["turns"]["sum"] = 5 * 10 ** 18'
done
run sim merge "$T/sm_sum_1.json" "$T/sm_sum_2.json"
check "sim merge: two turn sums past 2^63 are refused naming the key (it printed a negative sum with exit 0)" 2 \
    "err:berserk: $T/sm_sum_2.json: totals.turns.sum: the shards' sum is more than 9223372036854775807" out=

# ---- Interrupted shards: a partial result, exit 1 unless --partial ----
sm_edit "$T/sm_gold_2.json" "$T/sm_gold_cut.json" 'd["interrupted"] = True'
run sim merge "$T/sm_gold_1.json" "$T/sm_gold_cut.json"
check "sim merge of an interrupted shard: the partial result (\"interrupted\":true), exit 1, why on stderr" 1 \
    'json:d["interrupted"] is True and d["games"] == 10' \
    "err:berserk: $T/sm_gold_cut.json was interrupted: the merged result is partial (\"interrupted\":true); --partial accepts it (exit 0)"
run sim merge "$T/sm_gold_1.json" "$T/sm_gold_cut.json" --partial
check "sim merge --partial of an interrupted shard: exit 0" 0 'json:d["interrupted"] is True' \
    'err:was interrupted: the merged result is partial'
run sim merge "$T/sm_matrix_1.json" "$T/sm_matrix_2.json"
check "sim merge of two sim matrix shards: exit 0" 0 'json:d["played"] == 12 and d["totals"]["games"] == 12'
