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

# Issue 22: the reviewed overrides (catalog/tools/overrides/, one file a card) are checked: an entry must cite
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

# Issue 23: the overrides are one file a card (catalog/tools/overrides/<card id>.json), so an entry
# for another card than its file's is refused, and so is a card the reference data lacks.
if [[ -f $REFERENCE ]]; then
    mkdir -p "$T/ov-mismatch/overrides" "$T/ov-stray/overrides"
    printf '%s\n' '{"schema":1,"overrides":[{"card":"06-027","sentence":2,"review":"test",' \
        '"feature":{"kind":"static","engine":"text_only"}}]}' >"$T/ov-mismatch/overrides/01-001.json"
    printf '%s\n' '{"schema":1,"overrides":[{"card":"99-999","sentence":1,"review":"test",' \
        '"feature":{"kind":"static","engine":"text_only"}}]}' >"$T/ov-stray/overrides/99-999.json"
    for bad in mismatch:"is for card 06-027, the file for 01-001" stray:"overrides name card '99-999'"; do
        dir=${bad%%:*} want=${bad#*:}
        problems=()
        "$PY" "$ROOT/catalog/tools/convert_reference.py" --input "$REFERENCE" --overrides "$T/ov-$dir/overrides" \
            --output "$T/converted-ov-$dir" 2>"$ERR" && problems+=("the converter accepted it")
        grep -qF "$want" "$ERR" || problems+=("stderr lacks \"$want\": $(head -c 300 "$ERR")")
        report "issue 23: convert_reference.py refuses an overrides file with a $dir card" "${problems[@]}"
    done
fi

# Issue 23, "no sentence dropped": in the bundled catalogue every keyword's and feature's numbered src
# is one of the card's sentences (1…sentences), a card with no known text has none, and a card whose
# support is full has keywords and features that cover its sentences 1…sentences, every one of them;
# with ../shared/data beside the repository, `sentences` is the number the sentences reference gives.
problems=()
if ! "$PY" - "$ROOT/catalog/data" "$ROOT/../shared/data/cards-sentences-reference.json" >"$ERR" 2>&1 <<'PYEOF'
import glob, json, os, sys
data, reference = sys.argv[1], sys.argv[2]
counts = None
if os.path.exists(reference):
    counts = {c["id"]: len(c["sentences"]) for c in json.load(open(reference, encoding="utf-8"))["cards"]}
bad = []
for path in sorted(glob.glob(os.path.join(data, "sets", "*.json"))):
    for c in json.load(open(path, encoding="utf-8"))["cards"]:
        n = c["sentences"]
        srcs = [k["src"] for k in c["keywords"] if isinstance(k.get("src"), int)] + [f["src"] for f in c["features"]]
        if n is None:
            if srcs:
                bad.append(f"{c['id']}: a src without known text")
            continue
        if any(not 1 <= s <= n for s in srcs):
            bad.append(f"{c['id']}: a src outside 1..{n}: {sorted(set(srcs))}")
        if c["support"] == "full" and set(srcs) != set(range(1, n + 1)):
            bad.append(f"{c['id']}: full, but sentences {sorted(set(range(1, n + 1)) - set(srcs))} are not covered")
        if counts is not None and c["id"] in counts and counts[c["id"]] != n:
            bad.append(f"{c['id']}: sentences {n}, the reference has {counts[c['id']]}")
print("\n".join(bad[:20]))
sys.exit(1 if bad else 0)
PYEOF
then
    problems+=("$(head -c 800 "$ERR")")
fi
report "issue 23: no sentence dropped — every src is a sentence of its card; a full card covers them all" "${problems[@]}"
