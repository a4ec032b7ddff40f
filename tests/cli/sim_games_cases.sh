# tests/cli/sim_games_cases.sh — `berserk sim games`, `sim matrix` and `sim merge` (issue 12, DESIGN
# §4 "Every batch command", "Seats in batches", the `sim games` / `sim matrix` JSON): win rates with
# Wilson intervals, seats alternating in pairs that share the match seed, identical JSON for any
# --threads, --shard K/N merged into the single run's bytes (sim deals too), --csv and --replay-game
# (the log replays to the row's hash), and what sim merge refuses. Sourced by run.sh.

SG_A="$ROOT/tests/fixtures/decks/tournament/09-koven.txt"
SG_B="$ROOT/tests/fixtures/decks/tournament/04-farro.txt"
SG_C="$ROOT/tests/fixtures/decks/tournament/13-inkarnatsiya.txt"
export SG_A SG_B
SG_INTS='(lambda f: (lambda v: f(f, v)))(lambda f, v: all(f(f, x) for x in (v.values() if isinstance(v, dict) else v)) if isinstance(v, (dict, list)) else isinstance(v, str) or (isinstance(v, int) and not isinstance(v, bool)))'
# wilson(k, n): the 95 % Wilson score interval
SG_WILSON='(lambda k, n: (lambda p, z: [max(0, (p + z*z/(2*n) - z*((p*(1-p)/n + z*z/(4*n*n)) ** 0.5)) / (1 + z*z/n)), min(1, (p + z*z/(2*n) + z*((p*(1-p)/n + z*z/(4*n*n)) ** 0.5)) / (1 + z*z/n))])(k / n, 1.96))'

# same_bytes NAME FILE1 FILE2: the two outputs are byte for byte the same.
same_bytes() {
    if cmp -s "$2" "$3"; then report "$1"; else report "$1" "$(diff "$2" "$3" | head -20)"; fi
}

# ---- sim games: the JSON of DESIGN §4 ----
run --seed 4 sim games "$SG_A" "$SG_B" --games 40 --agent1 random --agent2 random --threads 1 --json
check "sim games --json: DESIGN §4 keys in order, \"kind\" first, the master seed, index 0 is DECK1" 0 \
    'json:list(d)[0] == "kind" and d["kind"] == "sim_games" and d["seed"] == 4 and d["games"] == 40' \
    'json:[k for k in d if k in ("kind","seed","games","decks","agents","interrupted","wins","win_rate","ci95","draws","draws_by_cap","first_player_win_rate","turns","totals")] == ["kind","seed","games","decks","agents","interrupted","wins","win_rate","ci95","draws","draws_by_cap","first_player_win_rate","turns","totals"]' \
    'json:d["decks"] == [env["SG_A"], env["SG_B"]] and d["agents"] == ["random", "random"] and d["interrupted"] is False' \
    'err~berserk: warning: '"$SG_A"': [0-9]+ of its 15 card names do not run as printed' \
    'err:berserk: warning: '"$SG_B"': '
check "sim games --json: per deck its fingerprint, what does not run as printed, its legality; the catalogue and engine" 0 \
    'json:len(d["fingerprints"]) == 2 and all(len(f) == 16 for f in d["fingerprints"])' \
    'json:d["decks_run"][0]["names"] == 15 and 0 < len(d["decks_run"][0]["not_as_printed"]) < 15' \
    'json:d["legality"] == [None, None] and d["catalog_revision"] == 1 and d["engine_version"]'
sg_warnings=$(grep -c 'card names' "$ERR")
[[ $sg_warnings == 2 ]] && report "sim games: each deck warned about once" || report "sim games: each deck warned about once" "$sg_warnings warnings"
save sg_whole
check "sim games: wins and draws add up; rates are wins/games; 95% Wilson intervals" 0 \
    'json:sum(d["wins"]) + d["draws"] == 40 and 0 <= d["draws_by_cap"] <= d["draws"]' \
    'json:d["win_rate"] == [d["wins"][0] / 40, d["wins"][1] / 40]' \
    'json:all(abs(a - b) < 1e-12 for i in (0, 1) for a, b in zip(d["ci95"][i], '"$SG_WILSON"'(d["wins"][i], 40)))' \
    'json:all(lo <= r <= hi for r, (lo, hi) in zip(d["win_rate"], d["ci95"]))' \
    'json:sum(d["turns"]["histogram"].values()) == 40 and 0 <= d["first_player_win_rate"] <= 1'
check "sim games: integer totals give every figure" 0 'json:'"$SG_INTS"'(d["totals"])' \
    'json:d["totals"]["games"] == 40 and d["totals"]["wins"] == d["wins"] and d["totals"]["draws"] == d["draws"]' \
    'json:d["totals"]["first_player_wins"] / 40 == d["first_player_win_rate"]' \
    'json:d["totals"]["turns"]["histogram"] == d["turns"]["histogram"] and d["totals"]["engine_caps"] == 0'
for sg_threads in 2 4; do
    run --seed 4 sim games "$SG_A" "$SG_B" --games 40 --agent1 random --agent2 random --threads $sg_threads --json
    same_bytes "sim games --threads $sg_threads: byte for byte the JSON of --threads 1" "$OUT" "$T/saved/sg_whole"
done
for k in 1 2; do
    run --seed 4 sim games "$SG_A" "$SG_B" --games 40 --agent1 random --agent2 random --shard "$k/2" --json
    check "sim games --shard $k/2: its games, \"shard\" and \"run_games\"" 0 \
        "json:d[\"shard\"] == [$k, 2] and d[\"run_games\"] == 40 and d[\"games\"] == 20"
    cp "$OUT" "$T/sg_shard_$k.json"
done
run sim merge "$T/sg_shard_1.json" "$T/sg_shard_2.json"
check "sim merge of sim games --shard 1/2 + 2/2: exit 0" 0 err=
same_bytes "sim merge of sim games shards: byte for byte the single run's" "$OUT" "$T/saved/sg_whole"

# passive against passive: nobody declares anything, every game is drawn by the 60-turn cap
run --seed 4 sim games "$SG_A" "$SG_B" --games 6 --agent1 passive --agent2 passive --json
check "sim games passive vs passive: every game drawn by the cap after 60 turns" 0 \
    'json:d["wins"] == [0, 0] and d["draws"] == d["draws_by_cap"] == 6 and d["turns"]["histogram"] == {"60": 6}' \
    'json:d["agents"] == ["passive", "passive"] and d["ci95"][0][0] == 0'
run --seed 4 sim games "$SG_A" "$SG_B" --games 40 --agent1 random --agent2 passive
check "sim games (text): the seed, both decks with agent, wins, rate and interval, draws, game length" 0 \
    'out:seed 4' 'out:random' 'out:passive' 'out:95% interval' 'out:draws' 'out:first player won' \
    'out:game length (turns)'

# ---- Seats: DECK1 first in even games; games 2j and 2j+1 share the match seed ----
run --seed 4 sim games "$SG_A" "$SG_B" --games 40 --agent1 random --agent2 random --csv
check "sim games --csv: the header, one row per game" 0 'out:game,seed,first_deck,winner_deck,turns,by_cap,hash' \
    'err:card names'

cp "$OUT" "$T/sg.csv"
sg_seats=$(tail -n +2 "$T/sg.csv" | awk -F, '{ if ($3 != $1 % 2) bad++; if ($1 % 2) { if ($2 != seed) bad++ } else seed = $2 } END { print NR, bad + 0 }')
[[ $sg_seats == "40 0" ]] && report "sim games --csv: first_deck = game mod 2; games 2j and 2j+1 share the seed" ||
    report "sim games --csv: first_deck = game mod 2; games 2j and 2j+1 share the seed" "rows, mismatches: $sg_seats"
sg_csv_wins=$(tail -n +2 "$T/sg.csv" | awk -F, '{w0 += $4 == "0"; w1 += $4 == "1"; d += $4 == ""} END {print w0, w1, d}')
sg_json_wins=$("$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); print(*d["wins"], d["draws"])' "$T/saved/sg_whole")
[[ $sg_csv_wins == "$sg_json_wins" ]] && report "sim games --csv: the rows' winners add up to the JSON's wins and draws" ||
    report "sim games --csv: the rows' winners add up to the JSON's wins and draws" "csv $sg_csv_wins, json $sg_json_wins"
sg_hash=$(sed -n '12p' "$T/sg.csv" | cut -d, -f7) # game 10 (DECK1 first)
sg_hash_odd=$(sed -n '15p' "$T/sg.csv" | cut -d, -f7) # game 13 (DECK2 first)
run --seed 4 sim games "$SG_A" "$SG_B" --games 40 --agent1 random --agent2 random --replay-game 13 --log "$T/sg13.log" --json
check "sim games --replay-game 13: game 13 alone, DECK2 moved first, the csv row's hash" 0 \
    "json:d[\"game\"] == 13 and d[\"first_deck\"] == 1 and d[\"hash\"] == \"$sg_hash_odd\""
run replay "$T/sg13.log" --json
check "berserk replay of sim games game 13: the batch's hash" 0 "json:d[\"hash\"] == \"$sg_hash_odd\"" err=
head -1 "$T/sg13.log" >"$OUT"
check "sim games game log header: players in deck order with their agents, \"first\":2" 0 \
    'json:d["first"] == 2 and [p["deck"]["name"] for p in d["players"]] == [env["SG_A"], env["SG_B"]]' \
    'json:[p["agent"] for p in d["players"]] == ["random", "random"]'
run --seed 4 sim games "$SG_A" "$SG_B" --games 40 --agent1 random --agent2 random --replay-game 10 --log "$T/sg10.log"
run replay "$T/sg10.log" --json
check "berserk replay of sim games game 10: the batch's hash" 0 "json:d[\"hash\"] == \"$sg_hash\""

# ---- Two printings of one name (issue 21): a log names cards by name and a replay takes the first
# copy, so lib's play loop plays that copy (bsk_record_canonical); without it games 1, 3 and 5 of
# this seed replay to another hash ----
printf '# two printings of Вепрь святолесья\n3 06-081\n3 02-072\n3 01-001\n3 02-002\n3 01-003\n3 03-005\n3 02-010\n3 01-013\n3 06-044\n3 02-038\n' >"$T/two_a.txt"
printf '# two printings of Воин храма (strong strike 6 and 5)\n3 01-189\n3 classic-Voin_hrama_1\n3 01-001\n3 02-002\n3 01-003\n3 03-005\n3 02-010\n3 01-013\n3 06-081\n3 02-072\n' >"$T/two_b.txt"
run --seed 3 sim games "$T/two_a.txt" "$T/two_b.txt" --games 6 --agent1 random --agent2 random --csv
check "sim games, two printings of one name in each deck: one row per game" 0 \
    'out:game,seed,first_deck,winner_deck,turns,by_cap,hash'
cp "$OUT" "$T/two.csv"
for g in 1 3 5; do
    two_hash=$(sed -n "$((g + 2))p" "$T/two.csv" | cut -d, -f7)
    run --seed 3 sim games "$T/two_a.txt" "$T/two_b.txt" --games 6 --agent1 random --agent2 random \
        --replay-game "$g" --log "$T/two$g.log"
    run replay "$T/two$g.log" --json
    check "berserk replay of game $g with two printings of one name: the batch's hash" 0 \
        "json:d[\"hash\"] == \"$two_hash\" and len(\"$two_hash\") == 16"
done

# ---- sim games: bad input ----
run --seed 4 sim games "$SG_A" "$SG_B" --games 41 --agent1 random --agent2 random
check "sim games --games 41: odd, refused (pairs share a deal)" 2 'err:--games must be even, not 41' out=
run --seed 4 sim games "$SG_A" "$SG_B" --agent2 greedier
check "sim games --agent2 greedier: unknown agent, the known ones listed" 2 \
    'err:--agent2: unknown agent "greedier" (known: passive, random' out=
run --seed 4 sim games "$SG_A"
check "sim games with one deck: usage" 2 'err:sim games: DECK2 is missing (usage: berserk sim games DECK1 DECK2' out=
run --seed 4 sim games "$SG_A" "$SG_B" --games 4 --budget -1
check "sim games --budget -1: exit 2" 2 'err:--budget must be an integer 0..100000000, not "-1"' out=

# ---- sim matrix ----
run --seed 2 sim matrix "$SG_A" "$SG_B" "$SG_C" --games 12 --agent random --threads 1 --json
check "sim matrix --json: DESIGN §4 keys, every unordered pair, the diagonal null" 0 \
    'json:list(d)[0] == "kind" and d["kind"] == "sim_matrix" and d["seed"] == 2 and d["games"] == 12' \
    'json:[k for k in d if k in ("kind","seed","games","decks","win_rate","totals")] == ["kind","seed","games","decks","win_rate","totals"]' \
    'json:len(d["decks"]) == 3 and all(d["win_rate"][i][i] is None for i in range(3))' \
    'json:[p["decks"] for p in d["totals"]["pairs"]] == [[0, 1], [0, 2], [1, 2]] and all(p["games"] == 12 for p in d["totals"]["pairs"])' \
    'json:d["played"] == d["totals"]["games"] == 36 and d["agent"] == "random"'
save sg_matrix
check "sim matrix: both cells of a pair from its games (row against column), draws the rest" 0 \
    'json:all(d["win_rate"][i][j] == p["wins"][0] / 12 and d["win_rate"][j][i] == p["wins"][1] / 12 for p in d["totals"]["pairs"] for i, j in [p["decks"]])' \
    'json:all(sum(p["wins"]) + p["draws"] == 12 for p in d["totals"]["pairs"])' 'json:'"$SG_INTS"'(d["totals"])'
run --seed 2 sim matrix "$SG_A" "$SG_B" "$SG_C" --games 12 --agent random --threads 2 --json
same_bytes "sim matrix --threads 2: byte for byte the JSON of --threads 1" "$OUT" "$T/saved/sg_matrix"
for k in 1 2 3; do
    run --seed 2 sim matrix "$SG_A" "$SG_B" "$SG_C" --games 12 --agent random --shard "$k/3" --json
    cp "$OUT" "$T/sg_matrix_$k.json"
done
run sim merge "$T/sg_matrix_2.json" "$T/sg_matrix_1.json" "$T/sg_matrix_3.json"
same_bytes "sim merge of sim matrix --shard 1/3..3/3: byte for byte the single run's" "$OUT" "$T/saved/sg_matrix"
run --seed 2 sim matrix "$SG_A" "$SG_B" "$SG_C" --games 12 --agent random
check "sim matrix (text): the table of row-against-column win rates" 0 'out:seed 2' \
    'out:win rate of the row' "out:$SG_C"
# the pair (0,2)'s games are items 12..23; their rows carry second_deck
run --seed 2 sim matrix "$SG_A" "$SG_B" "$SG_C" --games 12 --agent random --csv
check "sim matrix --csv: the game rows with a last column second_deck" 0 \
    'out:game,seed,first_deck,winner_deck,turns,by_cap,hash,second_deck'
sg_matrix_row=$(tail -n +2 "$OUT" | awk -F, '$1 == 5 && (($3 == 0 && $8 == 2) || ($3 == 2 && $8 == 0))')
sg_matrix_hash=$(cut -d, -f7 <<<"$sg_matrix_row")
run --seed 2 sim matrix "$SG_A" "$SG_B" "$SG_C" --games 12 --agent random --replay-game 5 --pair 2,0 --log "$T/sgm.log" --csv
check "sim matrix --replay-game 5 --pair 2,0: the row of game 5 of that pair" 0 "out:$sg_matrix_row"
run replay "$T/sgm.log" --json
check "berserk replay of a sim matrix game: the batch's hash" 0 "json:d[\"hash\"] == \"$sg_matrix_hash\"" \
    'json:len("'"$sg_matrix_hash"'") == 16'
run --seed 2 sim matrix "$SG_A" "$SG_B" --games 12 --replay-game 5 --pair 0,2 --log "$T/x.log"
check "sim matrix --pair 0,2 with two decks: out of range, exit 2" 2 \
    'err:--pair must be I,J: two different decks by their index 0..1 in command-line order, not "0,2"' out=
run --seed 2 sim matrix "$SG_A" "$SG_B" --games 12 --replay-game 5 --log "$T/x.log"
check "sim matrix --replay-game without --pair: exit 2" 2 'err:--replay-game K needs --pair I,J' out=
run --seed 2 sim matrix "$SG_A" --games 12
check "sim matrix with one deck: exit 2" 2 'err:sim matrix: at least two decks are needed' out=
run --seed 2 sim matrix "$SG_A" "$SG_B" --games 3
check "sim matrix --games 3: odd, exit 2" 2 'err:--games must be even, not 3' out=

# ---- sim merge: what it refuses (exit 2, naming the file) ----
run --seed 5 sim games "$SG_A" "$SG_B" --games 40 --agent1 random --agent2 random --shard 2/2 --json
cp "$OUT" "$T/sg_other_seed.json"
run sim merge "$T/sg_shard_1.json" "$T/sg_other_seed.json"
check "sim merge: another seed is refused, the file named" 2 \
    "err:$T/sg_other_seed.json: its seed 5 differs from $T/sg_shard_1.json's 4" out=
run --seed 4 sim games "$SG_A" "$SG_B" --games 40 --agent1 random --agent2 passive --shard 2/2 --json
cp "$OUT" "$T/sg_other_agent.json"
run sim merge "$T/sg_shard_1.json" "$T/sg_other_agent.json"
check "sim merge: other agents are refused" 2 "err:$T/sg_other_agent.json: its agents" out=
run --seed 4 sim games "$SG_A" "$SG_C" --games 40 --agent1 random --agent2 random --shard 2/2 --json
cp "$OUT" "$T/sg_other_deck.json"
run sim merge "$T/sg_shard_1.json" "$T/sg_other_deck.json"
check "sim merge: other decks are refused (by their fingerprints)" 2 "err:$T/sg_other_deck.json: its fingerprints" out=
run --seed 4 sim games "$SG_A" "$SG_B" --games 42 --agent1 random --agent2 random --shard 2/2 --json
cp "$OUT" "$T/sg_other_games.json"
run sim merge "$T/sg_shard_1.json" "$T/sg_other_games.json"
check "sim merge: another game count is refused" 2 "err:$T/sg_other_games.json: a run of 42 games" out=
run sim merge "$T/sg_shard_1.json" "$T/sg_shard_1.json"
check "sim merge: a repeated shard is refused" 2 "err:$T/sg_shard_1.json: repeats shard 1/2" out=
run sim merge "$T/sg_shard_2.json"
check "sim merge: a missing shard is refused" 2 'err:shard 1/2 is missing (2 files needed, 1 given)' out=
run sim merge "$T/sg_shard_1.json" "$T/sg_matrix_1.json"
check "sim merge: outputs of two kinds are refused" 2 "err:$T/sg_matrix_1.json: a sim_matrix output" out=
printf 'not json\n' >"$T/sg_bad.json"
run sim merge "$T/sg_shard_1.json" "$T/sg_bad.json"
check "sim merge: a file that is not JSON is refused" 2 "err:$T/sg_bad.json: not a JSON object" out=
"$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); d["totals"]["wins"] = "many"; json.dump(d, open(sys.argv[2], "w"))' \
    "$T/sg_shard_2.json" "$T/sg_cut.json"
run sim merge "$T/sg_shard_1.json" "$T/sg_cut.json"
check "sim merge: totals not of the kind's shape are refused" 2 "err:$T/sg_cut.json: totals.wins: expected" out=
run sim merge
check "sim merge without FILE: usage" 2 'err:sim merge: FILE is missing' out=

# ---- sim merge of sim deals shards: the single run's bytes ----
run --seed 11 sim deals "$SG_A" --trials 3001 --redeal "below:42,max:3" --group "Вереселень;Эллион" --json
cp "$OUT" "$T/sd_whole.json"
for k in 1 2 3; do
    run --seed 11 sim deals "$SG_A" --trials 3001 --redeal "below:42,max:3" --group "Вереселень;Эллион" \
        --shard "$k/3" --json
    cp "$OUT" "$T/sd_$k.json"
done
check "sim deals --shard 3/3: \"run_trials\" says the whole run's trials" 0 'json:d["run_trials"] == 3001'
run sim merge "$T/sd_3.json" "$T/sd_1.json" "$T/sd_2.json"
same_bytes "sim merge of sim deals --shard 1/3..3/3: byte for byte the single run's" "$OUT" "$T/sd_whole.json"
run sim merge "$T/sd_1.json" "$T/sd_2.json"
check "sim merge of sim deals: a missing shard is refused" 2 'err:shard 3/3 is missing' out=

# ---- The help lists exactly what each command takes ----
for sg_command in "sim games" "sim matrix"; do
    sg_problems=()
    sg_listed=0
    while read -r sg_option; do
        sg_listed=$((sg_listed + 1))
        run $sg_command "$sg_option" x
        grep -q -e 'unknown option' -e "$sg_option takes no value" "$ERR" && sg_problems+=("$sg_option: $(head -c 200 "$ERR")")
    done < <("$BIN" $sg_command --help | sed -n '/^options:/,/^$/p' | grep -E '^  --' | sed -E 's/^  (--[^ ]+).*/\1/')
    [[ $sg_listed -ge 10 ]] || sg_problems+=("only $sg_listed options listed")
    report "$sg_command --help: every option it lists is accepted" "${sg_problems[@]}"
done
run sim merge --help
check "sim merge --help: Slurm and Kubernetes indexed jobs" 0 'out:SLURM_ARRAY_TASK_ID' 'out:JOB_COMPLETION_INDEX'
