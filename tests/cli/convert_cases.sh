# tests/cli/convert_cases.sh — the bundled catalogue is reproducible: re-running
# catalog/tools/convert_reference.py on ../shared/data gives catalog/data byte for byte
# (DESIGN §3). Sourced by run.sh; skipped where ../shared is not beside the repository.

REFERENCE="$ROOT/../shared/data/cards-reference.json"
if [[ -f $REFERENCE ]]; then
    if "$PY" "$ROOT/catalog/tools/convert_reference.py" --input "$REFERENCE" --output "$T/converted" 2>"$ERR"; then
        same_tree "convert_reference.py reproduces catalog/data" "$ROOT/catalog/data" "$T/converted"
    else
        report "convert_reference.py reproduces catalog/data" "the converter failed: $(head -c 600 "$ERR")"
    fi
else
    PASSED=$((PASSED + 1))
    echo "ok - convert_reference.py reproduces catalog/data # SKIP no ../shared/data"
fi
