# readme_cases.sh — the README's tour, run as written from a copy of examples/ and compared with
# the output it shows (issue 10 #20: a newcomer can reproduce every command). Sourced by run.sh.

while IFS= read -r line; do
    case $line in
    "ok - "*) PASSED=$((PASSED + 1)); cli_time "${line#ok - }"; echo "$line" ;;
    "not ok - "*) FAILED=$((FAILED + 1)); cli_time "${line#not ok - }"; echo "$line" ;;
    "  # "*) echo "$line" ;;
    esac
done < <("$PY" "$ROOT/tests/readme_check.py" "$ROOT/README.md" "$BIN" 2>&1)
