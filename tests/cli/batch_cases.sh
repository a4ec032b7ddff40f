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
