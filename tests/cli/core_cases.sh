# core_cases.sh — the catalogue and the look-ups through the real binary (DESIGN §3 catalogue, §4 CLI
# contract): catalog info, cards show and search, printings, import and export, a corrupted catalogue
# refused, the store's path, usage errors, crystals in a pipe and on a terminal. Run by run.sh in a
# process of its own with tests/cli/lib.sh's helpers.
# ---------------------------------------------------------------------------------------------------
# 1. catalog info: the bundled catalogue, imported into a fresh store on first use

run catalog info --json
check "catalog info --json: bundled catalogue, 1553 cards in 10 sets" 0 \
    'json:d["cards"] == 1553' 'json:len(d["sets"]) == 10' 'json:d["source"] == "bundled"' \
    'json:d["schema_version"] == 3' 'json:d["revision"] == 1' 'json:d["db"] == env["BERSERK_DB"]' \
    'json:d["types"] == {"creature": 1462, "artifact": 55, "terrain": 36}' \
    'json:[s["id"] for s in d["sets"]] == ["01","02","03","04","05","06","07","21","22","classic"]' \
    'json:all(s["revision"] == 1 for s in d["sets"])' \
    'json:{s["id"]: s["cards"] for s in d["sets"]} == {k: sum(1 for c in cards() if c["set"] == k) for k in {c["set"] for c in cards()}}' \
    'json:d["names"] == len({norm(c["name"]) for c in cards()})' \
    'json:sum(d["elements"].values()) >= 1553' 'json:d["last_sync"] is None' err=
[[ -f $BERSERK_DB ]] && report "first use creates the store at BERSERK_DB" ||
    report "first use creates the store at BERSERK_DB" "$BERSERK_DB does not exist"

run catalog info
check "catalog info (human) mentions 1553 cards" 0 'out:1553 cards' 'out:10 sets' 'out:source: bundled' \
    'out:Легенды Лаара' 'out:types: creature 1462, artifact 55, terrain 36' err=

# ---------------------------------------------------------------------------------------------------
# 2. cards show: every fact of a card, looked up by name, id or nxt id, with name normalisation

run cards show Циклоп --json
check "cards show Циклоп --json: every fact" 0 \
    'json:d["query"] == "Циклоп"' 'json:d["card"]["id"] == "01-101"' 'json:d["card"]["nxt_id"] == 10101' \
    'json:d["card"]["life"] == 14' 'json:d["card"]["simple_strike"] == [4, 5, 6]' \
    'json:d["card"]["elite"] is True' 'json:d["card"]["cost"] == 8' 'json:d["card"]["elements"] == ["forests"]' \
    'json:d["card"]["type"] == "creature" and d["card"]["subtype"] == "ground" and d["card"]["movement"] == 2' \
    'json:[k["id"] for k in d["card"]["keywords"]] == ["directed_strike", "protection_from_poison", "protection_from_magic", "regeneration", "magic_strike"]' \
    'json:{"id": "regeneration", "X": 1, "src": "icon"} in d["card"]["keywords"]' \
    'json:{"id": "magic_strike", "values": [2, 2, 2], "activation": "tap", "src": 2} in d["card"]["keywords"]' \
    'json:list(d["card"]) == ["id","nxt_id","name","set","number","rarity","type","subtype","elements","classes","cost","cost_x","elite","unique","horde","life","movement","simple_strike","keywords","features","sentences","support","unknown","inferred"]' \
    'json:d["card"]["sentences"] == 2 and d["card"]["support"] == "keywords_only" and d["card"]["features"] == []' \
    'json:d["features"] == [] and d["checked_support"] == "keywords_only" and d["blockers"] == []' \
    'json:d["card"] == [c for c in cards() if c["id"] == "01-101"][0]' \
    'json:ids(d["printings"]) == [c["id"] for c in cards() if c["name"] == "Циклоп"]' err=

run cards show Циклоп
check "cards show Циклоп (human)" 0 'out:Циклоп  01-101' 'out:life      14' 'out:strike    4-5-6' \
    'out:regeneration 1' 'out:magic strike 2-2-2 (tap)' 'out:protection from poison' 'out:element   forests' err=

run cards show Циклоп
check "cards show Циклоп: no features, its 2 sentences, keywords only (issue 22)" 0 'out:features  -' \
    'out:sentences 2' 'out:support   keywords_only' err=

# Catalogue schema 2 (issue 22): 06-027 Лучник Захры encodes its sentences 2 and 3 as features
# (catalog/tools/overrides/, one file a card); sentence 1 is its shot. Each feature with its src, in the
# words of bsk_feature_describe; support full, which the engine checks (no blocker).
run cards show "Лучник Захры"
check "issue 22: cards show of a card with features: src and words, sentences, support" 0 \
    'out:features  [2] when this card strikes with a medium shot: wound this card by 1' \
    'out:            [3] when this card strikes with a strong shot: wound this card by 2' \
    'out:sentences 3' 'out:support   full' '!out:the engine finds' err=
run cards show 06-027 --json
check "issue 22: cards show --json of a card with features" 0 \
    'json:[f["src"] for f in d["card"]["features"]] == [2, 3]' \
    'json:d["card"]["features"][0]["trigger"] == {"event": "on_attack", "source": "self", "ability": ["shot"], "strength": ["medium"]}' \
    'json:[k.get("src") for k in d["card"]["keywords"]] == ["icon", 1]' \
    'json:d["card"]["sentences"] == 3 and d["card"]["support"] == "full"' \
    'json:[(f["src"], f["engine"], f["runs"]) for f in d["features"]] == [(2, "generic", True), (3, "generic", True)]' \
    'json:d["features"][1]["words"] == "when this card strikes with a strong shot: wound this card by 2"' \
    'json:d["checked_support"] == "full" and d["blockers"] == []' \
    'json:d["card"] == [c for c in cards() if c["id"] == "06-027"][0]' err=
# A card of a set whose printed texts no source holds (set 22): sentences null, support unknown.
run cards show 22-001
check "issue 22: cards show of a card with no printed text known" 0 \
    'out:sentences unknown (no printed text known)' 'out:support   unknown' err=

run cards show 01-101 --json
check "cards show 01-101 (card id)" 0 'json:d["card"]["name"] == "Циклоп"' 'json:d["query"] == "01-101"'

run cards show 10101 --json
check "cards show 10101 (nxt id)" 0 'json:d["card"]["id"] == "01-101"'

run cards show ЦИКЛОП --json
check "cards show ЦИКЛОП (case folding)" 0 'json:d["card"]["id"] == "01-101"' 'json:d["query"] == "ЦИКЛОП"'

run cards show "  циклоп  " --json
check "cards show '  циклоп  ' (trimmed)" 0 'json:d["card"]["id"] == "01-101"'

run cards show $'Ловец  \t душ' --json
check "cards show 'Ловец  <tab> душ' (whitespace collapsed)" 0 'json:d["card"]["name"] == "Ловец душ"'

run cards show $'Те\xcc\x88мная бестия' --json # е + combining diaeresis (NFD)
check "cards show a decomposed (NFD) ё: NFC first" 0 'json:d["card"]["id"] == "07-159"'

# Тёмная бестия is printed in 03 and 07; spelled with е it must still resolve (ё→е).
run cards show "Темная бестия" --json
check "cards show Темная бестия finds Тёмная бестия (ё→е)" 0 'json:d["card"]["name"] == "Тёмная бестия"' \
    'json:d["card"]["id"] == "07-159"'

run cards show "Смышленый тролль" --json
check "cards show Смышленый тролль finds Смышлёный тролль (ё→е)" 0 'json:d["card"]["name"] == "Смышлёный тролль"'

run cards show "Гном - басаарг" --json
check "cards show 'Гном - басаарг' (spaces around the hyphen)" 0 'json:d["card"]["name"] == "Гном-басаарг"' \
    'json:d["card"]["id"] == "01-053"'

run cards show "гном -басаарг" --json
check "cards show 'гном -басаарг' (one-sided space, lower case)" 0 'json:d["card"]["id"] == "01-053"'

run cards show "Бул’Багур" --json
check "cards show Бул’Багур finds Бул'Багур (typographic apostrophe)" 0 'json:d["card"]["name"] == "Бул'"'"'Багур"' \
    'json:d["card"]["id"] == "01-119"'

run cards show classic-Draks_1 --json
check "cards show classic-Draks_1 (classic id: that printing, all printings listed)" 0 \
    'json:d["card"]["id"] == "classic-Draks_1"' 'json:d["card"]["number"] is None and d["card"]["nxt_id"] is None' \
    'json:ids(d["printings"]) == ["05-074", "01-070", "classic-Draks_1"]'

run cards show 01-070 --json
check "cards show 01-070 (an older printing by id stays that printing)" 0 'json:d["card"]["id"] == "01-070"' \
    'json:d["card"]["set"] == "01"' 'json:ids(d["printings"])[0] == "05-074"'

# ---------------------------------------------------------------------------------------------------
# 3. Printing resolution: a name resolves to its newest printing (07 … 01, 22, 21, classic); printings
#    lists them all, newest first.

run cards show Дракс --json
check "cards show Дракс: 05 over 01 over classic" 0 'json:d["card"]["id"] == "05-074"' \
    'json:ids(d["printings"]) == ["05-074", "01-070", "classic-Draks_1"]' \
    'json:all(p["name"] == "Дракс" for p in d["printings"])'

run cards show Аранта --json
check "cards show Аранта: 07 over 03" 0 'json:d["card"]["id"] == "07-160"' 'json:ids(d["printings"]) == ["07-160", "03-145"]'

run cards show Аранта
check "cards show Аранта (human) marks the shown printing" 0 'out:Аранта  07-160' 'out:07-160 (Гибель богов) *' \
    'out:03-145 (Семена раздора)' '!out:03-145 (Семена раздора) *'

# Every reprinted name of the bundled data, against the order computed from catalog/data: the binary
# runs once per name (outputs kept in $T/reprints/), then one python pass compares them all.
mkdir -p "$T/reprints"
"$PY" - "$DATA" >"$T/reprints/names" <<'PY'
import collections, glob, json, os, sys
count = collections.Counter()
for path in sorted(glob.glob(os.path.join(sys.argv[1], "sets", "*.json"))):
    with open(path, encoding="utf-8") as f:
        count.update(c["name"] for c in json.load(f)["cards"])
print("\n".join(name for name in sorted(count) if count[name] > 1))
PY
n=0
while IFS= read -r name; do
    n=$((n + 1))
    run cards show "$name" --json
    cp "$OUT" "$T/reprints/$n.json"
    echo "$RC" >"$T/reprints/$n.rc"
done <"$T/reprints/names"
reprint_report=$("$PY" - "$DATA" "$T/reprints" <<'PY'
import collections, glob, json, os, sys
data, out = sys.argv[1:3]
rank = {s: i for i, s in enumerate(["07", "06", "05", "04", "03", "02", "01", "22", "21", "classic"])}
by_name = collections.defaultdict(list)
for path in sorted(glob.glob(os.path.join(data, "sets", "*.json"))):
    with open(path, encoding="utf-8") as f:
        for c in json.load(f)["cards"]:
            by_name[c["name"]].append(c)
with open(os.path.join(out, "names"), encoding="utf-8") as f:
    names = f.read().splitlines()
problems = [] if len(names) >= 40 else ["only %d reprinted names in catalog/data" % len(names)]
for i, name in enumerate(names, 1):
    expected = [c["id"] for c in sorted(by_name[name], key=lambda c: rank[c["set"]])]
    with open(os.path.join(out, "%d.rc" % i)) as f:
        rc = f.read().strip()
    try:
        with open(os.path.join(out, "%d.json" % i), encoding="utf-8") as f:
            d = json.load(f)
        got = [d["card"]["id"]] + [p["id"] for p in d["printings"]]
    except Exception as e:
        got = ["unreadable: %s" % e]
    if rc != "0" or got != expected[:1] + expected:
        problems.append("%s: exit %s, card + printings %s, expected %s" % (name, rc, got, expected[:1] + expected))
print("\n".join(problems), end="")
PY
) || reprint_report="the comparison failed: $reprint_report"
report "every reprinted name ($n) resolves to its newest printing, printings newest first" \
    ${reprint_report:+"$reprint_report"}

# ---------------------------------------------------------------------------------------------------
# 4. Unknown names: exit 1, a message, suggestions for near misses

run cards show Несуществующая
check "cards show Несуществующая: not found" 1 'err:no card named "Несуществующая"' out=

run cards show Циклопп
check "cards show Циклопп suggests Циклоп" 1 'err:no card named "Циклопп"' 'err:did you mean: Циклоп' out=

run cards show "Аранто" --json
check "cards show Аранто --json: null card, suggestions" 1 'json:d["card"] is None' 'json:d["printings"] == []' \
    'json:d["suggestions"][:1] == ["Аранта"]' 'err:did you mean: Аранта'

run cards show -- --json
check "cards show -- --json: after -- it is a name, not an option" 1 'err:no card named "--json"'

# ---------------------------------------------------------------------------------------------------
# 5. cards search: filters take glossary ids and Russian words; global options anywhere

run cards search --element леса --json
save forests_ru
check "search --element леса" 0 'json:sorted(ids(d["cards"])) == sorted(c["id"] for c in cards() if "forests" in c["elements"])' \
    'json:d["count"] == len(d["cards"]) == 270'
run cards search --element forests --json
check "search --element forests = --element леса" 0 'json:ids(d["cards"]) == ids(saved("forests_ru")["cards"])'

# issue 22: a search's card objects are the catalogue's, features included (06-027 Лучник Захры)
run cards search Лучник --json
check "search Лучник --json: each card object as in the catalogue, features included" 0 \
    'json:all(c == [x for x in cards() if x["id"] == c["id"]][0] for c in d["cards"])' \
    'json:[len(c["features"]) for c in d["cards"] if c["id"] == "06-027"] == [2]'

run cards search --element neutral --json
check "search --element neutral: cards with no element" 0 \
    'json:sorted(ids(d["cards"])) == sorted(c["id"] for c in cards() if c["elements"] == [])'

run cards search --cost 7..8 --elite --json
check "search --cost 7..8 --elite" 0 'json:d["count"] > 0' \
    'json:all(c["elite"] and 7 <= c["cost"] <= 8 for c in d["cards"])' \
    'json:sorted(ids(d["cards"])) == sorted(c["id"] for c in cards() if c["elite"] and 7 <= c["cost"] <= 8)'

run cards search --cost 3 --rank-and-file --json
check "search --cost 3 --rank-and-file" 0 \
    'json:sorted(ids(d["cards"])) == sorted(c["id"] for c in cards() if not c["elite"] and c["cost"] == 3)'

run cards search --type artifact --json
check "search --type artifact: 55" 0 'json:d["count"] == 55' 'json:all(c["type"] == "artifact" for c in d["cards"])'
run cards search --type артефакт --json
check "search --type артефакт = artifact" 0 'json:d["count"] == 55'

run cards search --subtype flyer --json
check "search --subtype flyer" 0 'json:d["count"] > 0' \
    'json:sorted(ids(d["cards"])) == sorted(c["id"] for c in cards() if c["subtype"] == "flyer")'

run cards search --class Эльф --json
save elf_ru
check "search --class Эльф" 0 'json:d["count"] > 0' \
    'json:sorted(ids(d["cards"])) == sorted(c["id"] for c in cards() if "elf" in (c["classes"] or []))'
run cards search --class elf --json
check "search --class elf = --class Эльф" 0 'json:ids(d["cards"]) == ids(saved("elf_ru")["cards"])'

run cards search --keyword броня --json
save armor_ru
check "search --keyword броня" 0 'json:d["count"] > 0' \
    'json:sorted(ids(d["cards"])) == sorted(c["id"] for c in cards() if any(k["id"] == "armor" for k in c["keywords"]))'
run cards search --keyword armor --json
check "search --keyword armor = --keyword броня" 0 'json:ids(d["cards"]) == ids(saved("armor_ru")["cards"])'

run cards search --set 21 --json
check "search --set 21: 19" 0 'json:d["count"] == 19' 'json:all(c["set"] == "21" for c in d["cards"])'

run cards search --unique --json
check "search --unique" 0 'json:d["count"] > 0' \
    'json:sorted(ids(d["cards"])) == sorted(c["id"] for c in cards() if c["unique"] is True)'

run cards search --limit 3 --json
check "search --limit 3: three cards" 0 'json:d["count"] == 3' 'json:len(d["cards"]) == 3' 'json:d["total"] == 1553'

run cards search ЦИКЛОП --json
check "search QUERY: case-insensitive substring" 0 \
    'json:sorted(c["name"] for c in d["cards"]) == sorted(["Циклоп", "Дикий циклоп", "Циклоп-маг", "Молодой циклоп"])'

run cards search "темная" --json
check "search QUERY is normalised (темная finds Тёмн…)" 0 'json:"Тёмная бестия" in [c["name"] for c in d["cards"]]' \
    'json:sorted(ids(d["cards"])) == sorted(c["id"] for c in cards() if "темная" in norm(c["name"]))'

run cards search гном --element горы --cost ..3 --json
check "search QUERY combined with filters" 0 'json:d["count"] > 0' \
    'json:sorted(ids(d["cards"])) == sorted(c["id"] for c in cards() if "гном" in norm(c["name"]) and "mountains" in c["elements"] and c["cost"] <= 3)'

run --json cards search --set 21
check "global option first: --json cards search --set 21" 0 'json:d["count"] == 19'
run cards search --set 21 --json
check "global option last: cards search --set 21 --json" 0 'json:d["count"] == 19'
run cards --json search --set=21
check "global option between command words: cards --json search --set=21" 0 'json:d["count"] == 19'

run cards search --set 21
check "search (human table)" 0 'out:19 cards' 'out~ID +NAME +ELEMENT +TYPE +COST' 'out:21-001' err=

run cards search zzzzqqq
check "search with no match: exit 1" 1 'out:0 cards'

run cards search --element foo
check "search --element foo: exit 2" 2 'err:--element' 'err:foo' out=
run cards search --cost 9..3
check "search --cost 9..3: exit 2" 2 'err:--cost' out=
run cards search --limit x
check "search --limit x: exit 2" 2 'err:--limit' out=
run cards search --bogus
check "search --bogus: exit 2" 2 'err:--bogus' out=
run cards search --type spell
check "search --type spell: exit 2" 2 'err:--type' out=
run cards search --set 99
check "search --set 99 (no such set): exit 2" 2 'err:--set' out=
run cards search --elite --rank-and-file
check "search --elite --rank-and-file: exit 2" 2 out=
run cards search --limit
check "search --limit without a value: exit 2" 2 'err:--limit' out=

# ---------------------------------------------------------------------------------------------------
# 6. catalog export of the bundled store is byte-identical to catalog/data

run catalog export "$T/export1"
check "catalog export DIR" 0 'out:exported 1553 cards' err=
same_tree "export of the bundled store = catalog/data (diff -r)" "$DATA" "$T/export1"

# ---------------------------------------------------------------------------------------------------
# 7. Round trip: export → import into a fresh, empty store → export again

run --db "$T/roundtrip.db" --empty catalog import "$T/export1"
check "catalog import DIR into a fresh --empty store" 0 'out:imported 1553 cards in 10 sets'
run --db "$T/roundtrip.db" catalog info --json
check "round-trip store: 1553 cards, source is the imported directory" 0 'json:d["cards"] == 1553' \
    'json:d["source"] == os.path.realpath(env["T"] + "/export1")' 'json:d["revision"] == 1'
run --db "$T/roundtrip.db" catalog export "$T/export2"
check "round-trip export" 0
same_tree "export → import → export is identical (diff -r)" "$T/export1" "$T/export2"

run --db "$T/by-index.db" --empty catalog import "$T/export1/index.json"
check "catalog import DIR/index.json imports the whole directory" 0 'out:imported 1553 cards in 10 sets' \
    'out:now holds exactly these sets'

# ---------------------------------------------------------------------------------------------------
# 8. A corrupted catalogue is refused (exit 2, the file and the place named) and the store is untouched

DB_SHA=$(sha "$BERSERK_DB")
BAD="$T/bad"
# corrupt NAME FIX_INDEX(yes|no) SHELL_CODE ASSERTION...: copies the good export to $BAD, runs
# SHELL_CODE there (cwd $BAD), optionally re-hashes the index, imports it, checks exit 2 plus the
# assertions, then checks the store's file and its export are unchanged.
corrupt() {
    local name=$1 fix=$2 code=$3
    shift 3
    rm -rf "$BAD"
    cp -r "$T/export1" "$BAD"
    (cd "$BAD" && eval "$code") || { report "$name" "test bug: the corruption failed"; return; }
    [[ $fix == yes ]] && fix_index "$BAD"
    run catalog import "$BAD"
    check "$name: refused" 2 out= "$@"
    local after
    after=$(sha "$BERSERK_DB")
    rm -rf "$T/after"
    local problems=()
    [[ $after == "$DB_SHA" ]] || problems+=("store file changed: sha256 $after, was $DB_SHA")
    run catalog export "$T/after"
    [[ $RC == 0 ]] || problems+=("catalog export failed: exit $RC: $(cat "$ERR")")
    diff -r -q "$DATA" "$T/after" >/dev/null 2>&1 || problems+=("the store's export differs from catalog/data")
    report "$name: store untouched" "${problems[@]}"
}

corrupt "truncated set file (syntax error, index re-hashed)" yes \
    '"$PY" -c "
p = \"sets/01.json\"; lines = open(p, \"rb\").read().split(b\"\\n\")
open(p, \"wb\").write(b\"\\n\".join(lines[:299]) + b\"\\n\" + lines[299][:8])"' \
    "err~$BAD/sets/01\\.json:300:[0-9]+: "

corrupt "truncated set file (index not re-hashed: SHA-256 mismatch)" no \
    'head -c 5000 sets/01.json >x && mv x sets/01.json' \
    "err:$BAD/sets/01.json: SHA-256 " 'err:does not match the index'

CYCLOPS_LINE=$(grep -n '"name": "Циклоп"' "$DATA/sets/01.json" | cut -d: -f1)
corrupt "invalid UTF-8 inside a name" yes \
    '"$PY" -c "
p = \"sets/01.json\"; b = open(p, \"rb\").read(); i = b.index(\"Циклоп\".encode())
open(p, \"wb\").write(b[:i] + b\"\\xff\\xfe\" + b[i + 2:])"' \
    "err~$BAD/sets/01\\.json:$CYCLOPS_LINE:[0-9]+: "

corrupt "\"life\": \"14\" (wrong type)" yes \
    'edit_set sets/01.json "s[\"cards\"][36][\"life\"] = \"14\""' \
    "err:$BAD/sets/01.json: cards[36].life: expected integer or null"

corrupt "missing required field" yes \
    'edit_set sets/02.json "del s[\"cards\"][5][\"cost\"]"' \
    "err:$BAD/sets/02.json: cards[5].cost: missing required field"

corrupt "duplicate card id across two sets" yes \
    'edit_set sets/classic.json "s[\"cards\"][2][\"id\"] = \"01-001\""' \
    "err:$BAD/sets/classic.json: cards[2].id: duplicate card id \"01-001\"" 'err:sets/01.json cards[0]'

corrupt "duplicate nxt_id across two sets" yes \
    'edit_set sets/classic.json "s[\"cards\"][2][\"nxt_id\"] = 10101"' \
    "err:$BAD/sets/classic.json: cards[2].nxt_id: duplicate nxt_id 10101"

corrupt "50 MB set file (over the 16 MiB cap)" yes \
    '"$PY" -c "
p = \"sets/21.json\"; b = open(p, \"rb\").read()
open(p, \"wb\").write(b[:-2] + b\" \" * (50 << 20) + b[-2:])"' \
    "err:$BAD/sets/21.json: " 'err:over the 16777216-byte cap'

# Catalogue schema 2 (issue 22): a bad feature names its JSON path (06-027 Лучник Захры is cards[26] of
# set 06, its sentence 2 the first feature); the store is untouched.
corrupt "issue 22: a feature with an unknown op" yes \
    'edit_set sets/06.json "s[\"cards\"][26][\"features\"][0][\"abilities\"][0][\"effects\"][0][\"op\"] = \"mend\""' \
    "err:$BAD/sets/06.json: cards[26].features[0].abilities[0].effects[0].op: expected wound, heal"

corrupt "issue 22: a feature's src past the card's sentences" yes \
    'edit_set sets/06.json "s[\"cards\"][26][\"sentences\"] = 2"' \
    "err:$BAD/sets/06.json: cards[26].features[1].src: sentence 3 of a card that prints 2"

corrupt "issue 22: a text_only feature that says more than src and kind" yes \
    'edit_set sets/06.json "s[\"cards\"][26][\"features\"][0] = {\"src\": 2, \"kind\": \"triggered\", \"optional\": False, \"engine\": \"text_only\"}"' \
    "err:$BAD/sets/06.json: cards[26].features[0].optional: "

corrupt "index names a missing set file" no 'rm sets/22.json' \
    "err:$BAD/sets/22.json: cannot open"

corrupt "malformed index.json" no \
    'printf "{\"schema\": 1, \"revision\": 1, \"sets\": [" >index.json' \
    "err~$BAD/index\\.json:[0-9]+:[0-9]+: "

corrupt "index announces a wrong card count" no \
    'edit_set index.json "s[\"sets\"][0][\"cards\"] = 201"' \
    "err:$BAD/sets/01.json: cards: 200 cards, but the index announces 201"

# Single files: a set file with a wrong type, an over-cap set file, a path that does not exist.
run catalog import "$FIX/wrong_type_set.json"
check "import a set file with a wrong type: refused" 2 "err:$FIX/wrong_type_set.json: cards[1].life: expected integer or null"
head -c $((50 << 20)) /dev/zero | tr '\0' ' ' >"$T/big.json"
run catalog import "$T/big.json"
check "import a 50 MB single file: refused" 2 "err:$T/big.json: " 'err:over the 16777216-byte cap'
rm -f "$T/big.json"
run catalog import "$T/no-such-dir/sets/01.json"
check "import a path that does not exist: refused" 2 'err:cannot open'
# A valid set file whose card collides with another set already in the store (an nxt_id, or an id of a
# card without a number) is an unusable file like the directory case above: exit 2 naming the file.
edit_set_to() { cp "$1" "$2" && edit_set "$2" "$3"; }
edit_set_to "$FIX/tiny/sets/90.json" "$T/dup-nxt.json" 's["cards"][0]["nxt_id"] = 10101'
run catalog import "$T/dup-nxt.json"
check "import a set file whose nxt_id is another set's: refused as a bad file" 2 "err:$T/dup-nxt.json" 'err:10101'
edit_set_to "$FIX/tiny/sets/90.json" "$T/dup-id.json" 's["cards"][0].update(id="01-101", number=None)'
run catalog import "$T/dup-id.json"
check "import a set file whose card id is another set's: refused as a bad file" 2 "err:$T/dup-id.json" 'err:01-101'
[[ $(sha "$BERSERK_DB") == "$DB_SHA" ]] && report "store untouched after refused single-file imports" ||
    report "store untouched after refused single-file imports" "sha256 of $BERSERK_DB changed"

# ---------------------------------------------------------------------------------------------------
# 9. Importing one set file replaces that set and increments its revision

SINGLE="$T/single.db"
run --db "$SINGLE" catalog import "$DATA/sets/21.json"
check "import sets/21.json" 0 'out:imported 19 cards in 1 set' '!out:now holds exactly'
run --db "$SINGLE" catalog info --json
check "set 21 revision 1 → 2, nothing else changes" 0 \
    'json:{s["id"]: s["revision"] for s in d["sets"]} == {"01":1,"02":1,"03":1,"04":1,"05":1,"06":1,"07":1,"21":2,"22":1,"classic":1}' \
    'json:d["cards"] == 1553' 'json:d["revision"] == 1' 'json:d["source"] == "bundled"' \
    'json:[s["id"] for s in d["sets"]] == ["01","02","03","04","05","06","07","21","22","classic"]'
run --db "$SINGLE" --json catalog import "$DATA/sets/21.json"
check "import sets/21.json again (--json)" 0 'json:d["replaced_all"] is False' 'json:d["sets"] == 1 and d["cards"] == 19'
run --db "$SINGLE" catalog info --json
check "set 21 revision 2 → 3" 0 'json:[s["revision"] for s in d["sets"] if s["id"] == "21"] == [3]'
run --db "$SINGLE" catalog export "$T/export-single"
check "export after single-set imports" 0
same_tree "single-set import keeps the set files identical" "$DATA/sets" "$T/export-single/sets"

# ---------------------------------------------------------------------------------------------------
# 10. Choosing the store: --db, BERSERK_DB, the default path chain, --empty

run BERSERK_DB="$T/env.db" catalog info --json
check "BERSERK_DB picks the store" 0 'json:d["db"] == env["T"] + "/env.db"' 'json:d["cards"] == 1553'
[[ -f $T/env.db ]] && report "BERSERK_DB store file created" || report "BERSERK_DB store file created" "$T/env.db missing"

run BERSERK_DB="$T/env-unused.db" --db "$T/opt.db" catalog info --json
check "--db wins over BERSERK_DB" 0 'json:d["db"] == env["T"] + "/opt.db"' 'json:d["cards"] == 1553'
[[ -f $T/opt.db && ! -e $T/env-unused.db ]] && report "--db store created, BERSERK_DB one not" ||
    report "--db store created, BERSERK_DB one not" "opt.db exists: $([[ -f $T/opt.db ]] && echo y || echo n); env-unused.db exists: $([[ -e $T/env-unused.db ]] && echo y || echo n)"

run catalog info --json --db="$T/eq.db"
check "--db=PATH form, after the command" 0 'json:d["db"] == env["T"] + "/eq.db"'

run -u BERSERK_DB XDG_DATA_HOME="$T/xdg" HOME="$T/home" catalog info --json
check "no BERSERK_DB: \$XDG_DATA_HOME/berserk/catalog.db" 0 'json:d["db"] == env["T"] + "/xdg/berserk/catalog.db"'
run -u BERSERK_DB -u XDG_DATA_HOME HOME="$T/home" catalog info --json
check "no BERSERK_DB nor XDG_DATA_HOME: \$HOME/.local/share/berserk/catalog.db" 0 \
    'json:d["db"] == env["T"] + "/home/.local/share/berserk/catalog.db"'

EMPTY="$T/empty.db"
run --db "$EMPTY" --empty catalog info --json
check "--empty on a fresh store: 0 cards" 0 'json:d["cards"] == 0' 'json:d["sets"] == []' 'json:d["names"] == 0'
run --db "$EMPTY" cards show Циклоп
check "the empty store knows no Циклоп" 1 'err:no card named'
run --db "$EMPTY" catalog import "$FIX/tiny"
check "import the tiny fixture catalogue into the empty store" 0 'out:imported 3 cards in 1 set'
run --db "$EMPTY" catalog info --json
check "tiny store: 3 cards, its revisions kept" 0 'json:d["cards"] == 3' 'json:d["revision"] == 7' \
    'json:d["sets"] == [{"id": "90", "name": "Тестовый набор", "revision": 3, "cards": 3}]' \
    'json:d["types"] == {"creature": 1, "artifact": 1, "terrain": 1}'
run --db "$EMPTY" cards show "Темный страж - тест" --json
check "tiny store: normalised lookup" 0 'json:d["card"]["id"] == "90-001"'
run --db "$EMPTY" catalog export "$T/export-tiny"
check "tiny store export" 0
same_tree "tiny store export = the fixture (diff -r)" "$FIX/tiny" "$T/export-tiny"
# Catalogue schema 1 files are still read (issue 22): tiny-schema1 is tiny as schema 1 wrote it; its
# cards read as keywords_only with sentences null, so the store exports tiny (schema 2) again.
run --db "$EMPTY" catalog import "$FIX/tiny-schema1"
check "issue 22: a schema-1 catalogue imports" 0 'out:imported 3 cards in 1 set'
run --db "$EMPTY" catalog export "$T/export-tiny1"
check "issue 22: export of the schema-1 import" 0
same_tree "issue 22: the schema-1 import exports as tiny in schema 2 (diff -r)" "$FIX/tiny" "$T/export-tiny1"
run --db "$EMPTY" catalog import "$T/export1"
check "then the whole catalogue replaces it" 0
run --db "$EMPTY" catalog info --json
check "after the whole import: 1553 cards, no set 90" 0 'json:d["cards"] == 1553' \
    'json:"90" not in [s["id"] for s in d["sets"]]'

run --empty catalog info --json
check "--empty on a store that holds a catalogue changes nothing" 0 'json:d["cards"] == 1553'

# Storage failures are exit 3; a file that is not a berserk store at all is exit 2 (startup_cases.sh).
head -c 4096 /dev/urandom >"$T/garbage.db"
run --db "$T/garbage.db" catalog info
check "a store file that is not a database: exit 2 (not a berserk store, DESIGN §4: a whole file in no recognised format)" 2 "err:$T/garbage.db"
echo x >"$T/plainfile"
run --db "$T/plainfile/catalog.db" catalog info
check "a store path that cannot be created: exit 3" 3 "err:$T/plainfile/catalog.db"

# ---------------------------------------------------------------------------------------------------
# 11. Usage errors and the always-available options

run
check "no command: exit 2 with usage" 2 'err:usage: berserk' out=
run frobnicate
check "unknown command: exit 2" 2 'err:unknown command "frobnicate"' out=
run catalog
check "catalog without a subcommand: exit 2" 2 'err:usage' out=
run catalog import
check "catalog import without an argument: exit 2" 2 'err:usage: berserk catalog import' out=
run catalog export
check "catalog export without an argument: exit 2" 2 'err:usage: berserk catalog export' out=
run cards show
check "cards show without an argument: exit 2" 2 'err:usage: berserk cards show' out=
run cards show Циклоп Дракс
check "cards show with two names: exit 2" 2 'err:unexpected argument' out=
run catalog info --bogus
check "catalog info --bogus: exit 2" 2 'err:--bogus' out=
run --date 2026-13-40 catalog info
check "--date 2026-13-40: exit 2" 2 'err:--date' out=
run --date 2026-02-30 catalog info
check "--date 2026-02-30 (no such day): exit 2" 2 'err:--date' out=
run --date 2026-11-21 cards show Циклоп
check "--date 2026-11-21 is accepted" 0 'out:Циклоп'
run catalog info --db
check "--db without a value: exit 2" 2 'err:--db' out=
run --seed -1 catalog info
check "--seed -1: exit 2" 2 'err:--seed' out=
run --version
check "--version" 0 'out~^berserk [0-9]+\.[0-9]+' err=
run --help
check "--help: usage on stdout, exit 0" 0 'out:usage: berserk' 'out:catalog import' 'out:cards search' err=
run cards search --help
check "--help after a command: exit 0" 0 'out:usage: berserk'

# ---------------------------------------------------------------------------------------------------
# 12. Crystals: words in pipes and with --no-color, symbols only on a terminal

run cards show Циклоп --no-color
check "cards show Циклоп --no-color: 8 gold" 0 'out:8 gold (elite)' '!out:◆' $'!out:\e['
run cards show Циклоп
check "cards show Циклоп in a pipe: words, no escapes" 0 'out:8 gold' '!out:◆' $'!out:\e['
run cards show 21-001
check "rank-and-file cost in words: 4 silver" 0 'out:4 silver (rank-and-file)' '!out:◇'
run cards search --set 21
check "search table in a pipe: words" 0 'out:gold' 'out:silver' '!out:◆' '!out:◇'

tty_run -- cards show Циклоп
if grep -q '^SKIP' "$OUT"; then
    PASSED=$((PASSED + 1))
    echo "ok - crystals on a terminal # SKIP $(head -1 "$OUT")"
else
    check "cards show Циклоп on a terminal: 8◆ and bold" 0 'out:8◆ (elite)' '!out:gold' $'out:\e[1m'
    tty_run -- cards show Циклоп --no-color
    check "cards show Циклоп on a terminal with --no-color: 8 gold" 0 'out:8 gold' '!out:◆' $'!out:\e['
    tty_run NO_COLOR=1 -- cards show Циклоп
    check "cards show Циклоп on a terminal with NO_COLOR=1: 8 gold" 0 'out:8 gold' '!out:◆' $'!out:\e['
fi

