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

# Issue 22: the reviewed overrides (catalog/tools/card-overrides.json) are checked: an entry must cite
# a sentence the card prints and give only feature keys of DESIGN §3; the converter refuses (exit 1).
if [[ -f $REFERENCE ]]; then
    printf '%s\n' '{"schema":1,"overrides":[{"card":"06-027","sentence":9,"review":"test",' \
        '"feature":{"kind":"static","engine":"text_only"}}]}' >"$T/overrides-bad-sentence.json"
    printf '%s\n' '{"schema":1,"overrides":[{"card":"06-027","sentence":2,"review":"test",' \
        '"feature":{"kind":"static","text":"no printed text here","engine":"text_only"}}]}' >"$T/overrides-bad-key.json"
    for bad in bad-sentence:"override sentence 9 is not one of the card's 3 sentences" bad-key:"unknown key 'text'"; do
        file=${bad%%:*} want=${bad#*:}
        problems=()
        "$PY" "$ROOT/catalog/tools/convert_reference.py" --input "$REFERENCE" --overrides "$T/overrides-$file.json" \
            --output "$T/converted-$file" 2>"$ERR" && problems+=("the converter accepted it")
        grep -qF "$want" "$ERR" || problems+=("stderr lacks \"$want\": $(head -c 300 "$ERR")")
        report "issue 22: convert_reference.py refuses an override with a $file" "${problems[@]}"
    done
fi
