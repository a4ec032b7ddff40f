# options_cases.sh — one strict integer reader for every option (issue 10 #4, #12): trailing
# garbage, exponents, spaces and out-of-range values are refused with the option, its limit and the
# value; never truncated or clamped. Sourced by run.sh.

TACH="$ROOT/tests/fixtures/decks/tournament/01-babkina-tachanka.txt"
for bad in 1e6 100abc ' 10' '10 ' '' '+5' 0 100000001 99999999999999999999; do
    run sim deals "$TACH" --trials "$bad"
    check "sim deals --trials '$bad': refused (exit 2), naming the limit" 2 \
        "err:--trials must be an integer 1..100000000, not \"$bad\"" out=
done
run sim deals "$TACH" --threads 2x
check "sim deals --threads 2x: refused (exit 2)" 2 'err:--threads must be an integer 1..64, not "2x"' out=
run sim deals "$TACH" --threads 65
check "sim deals --threads 65: refused, the limit named" 2 'err:--threads must be an integer 1..64' out=
run sim deals "$TACH" --player 2.0
check "sim deals --player 2.0: refused" 2 'err:--player must be an integer 1..2, not "2.0"' out=
# Seeds are 0..2^63-1 so that they round-trip through JSON outputs and game logs.
run --seed 99999999999999999999 sim deals "$TACH" --trials 10
check "--seed 99999999999999999999: refused, not clamped" 2 \
    'err:--seed must be an integer 0..9223372036854775807, not "99999999999999999999"' out=
run --seed 9223372036854775808 sim deals "$TACH" --trials 10
check "--seed 2^63: refused" 2 'err:--seed must be an integer 0..9223372036854775807' out=
run --seed -1 sim deals "$TACH" --trials 10
check "--seed -1: refused" 2 'err:--seed must be an integer 0..9223372036854775807, not "-1"' out=
run --seed 9223372036854775807 --json sim deals "$TACH" --trials 10 --threads 1
check "--seed 9223372036854775807 (the largest): accepted and printed as given" 0 \
    'json:d["seed"] == 9223372036854775807'
run cards search --limit 5x
check "cards search --limit 5x: refused" 2 'err:--limit must be an integer 0..1000000, not "5x"' out=
run catalog sync http://127.0.0.1:9/ --retries 3.5
check "catalog sync --retries 3.5: refused before any request" 2 'err:--retries must be an integer 0..10, not "3.5"' out=
