# startup_cases.sh — the store of issue 10's start-up item: a look-up reads only the rows it needs,
# a schema-1 store migrates to schema 2 and answers the same, and a file that is not a berserk store
# (a foreign SQLite database, or no database at all) is refused with exit 2 and never written to.
# Sourced by run.sh.

# sqlite_py DB PYTHON: runs PYTHON with `db` an sqlite3 connection to DB (committed afterwards).
sqlite_py() {
    "$PY" - "$1" "$2" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
exec(sys.argv[2])
db.close()
PY
}

# unchanged NAME FILE SHA: the file still has those bytes, and no journal, WAL or other file
# appeared beside it.
unchanged() {
    local problems=()
    [[ $(sha "$2") == "$3" ]] || problems+=("$2 was modified")
    local extra
    extra=$(ls "$2"-* 2>/dev/null)
    [[ -z $extra ]] || problems+=("files appeared beside it: $extra")
    report "$1" "${problems[@]}"
}

# ---- Foreign files given as the store: exit 2 (the whole file is not in a recognised format,
# DESIGN §4), a plain message, and the file left exactly as it was.
mkdir -p "$T/foreign"
FOREIGN="$T/foreign/app.db"
sqlite_py "$FOREIGN" \
    'db.executescript("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO users VALUES (1, \"ann\");")'
foreign_sha=$(sha "$FOREIGN")
run --db "$FOREIGN" cards show Циклоп
check "issue 10 start-up: --db on a foreign SQLite file (other tables, user_version 0): not a berserk store, exit 2" 2 \
    "err:berserk: $FOREIGN: not a berserk store" 'err:other tables' out=
unchanged "issue 10 start-up: the foreign SQLite file is not modified (no migration written into it)" \
    "$FOREIGN" "$foreign_sha"
run --db "$FOREIGN" catalog info --json
check "issue 10 start-up: catalog info on the foreign file: exit 2" 2 'err:not a berserk store' out=
run --db "$FOREIGN" --empty catalog import "$FIX/tiny"
check "issue 10 start-up: catalog import into the foreign file: refused, exit 2" 2 'err:not a berserk store' out=
run BERSERK_DB="$FOREIGN" cards search --set 21
check "issue 10 start-up: BERSERK_DB naming the foreign file: exit 2 too" 2 'err:not a berserk store' out=
unchanged "issue 10 start-up: the foreign file is still untouched after four commands" "$FOREIGN" "$foreign_sha"

# Another program that versions its schema with user_version, even the number berserk uses.
for version in 1 2 7; do
    OTHER="$T/foreign/versioned-$version.db"
    sqlite_py "$OTHER" "db.executescript('CREATE TABLE notes (body TEXT); PRAGMA user_version = $version;')"
    other_sha=$(sha "$OTHER")
    run --db "$OTHER" cards show Циклоп
    check "issue 10 start-up: a foreign SQLite file with user_version $version: not a berserk store, exit 2" 2 \
        'err:not a berserk store' out=
    unchanged "issue 10 start-up: the user_version $version foreign file is not modified" "$OTHER" "$other_sha"
done

# A file that is not SQLite at all.
NOTDB="$T/foreign/notes.txt"
printf 'shopping list\nbread\nmilk\n%.0s' $(seq 300) >"$NOTDB"
notdb_sha=$(sha "$NOTDB")
run --db "$NOTDB" cards show Циклоп
check "issue 10 start-up: --db on a file that is not an SQLite database: plain message, exit 2" 2 \
    "err:berserk: $NOTDB: not a berserk store (the file is not an SQLite database)" '!err:reading the schema' out=
unchanged "issue 10 start-up: the non-database file is not modified" "$NOTDB" "$notdb_sha"

# An empty file or an SQLite database with nothing in it is a new store, not a foreign one.
: >"$T/foreign/zero.db"
run --db "$T/foreign/zero.db" cards show Циклоп --json
check "issue 10 start-up: an empty file becomes a new store (bundled catalogue imported)" 0 \
    'json:d["card"]["id"] == "01-101"'

# ---- A schema-1 store (tests/fixtures/store/v1-tiny.sql, as berserk 0.1.0 wrote it) migrates in
# one transaction and answers exactly as before.
V1="$T/v1.db"
sqlite_py "$V1" "db.executescript(open('$ROOT/tests/fixtures/store/v1-tiny.sql', encoding='utf-8').read())"
run --db "$V1" catalog info --json
check "issue 10 start-up: a schema-1 store opens and migrates to schema 3 (2 → 3: card features, issue 22)" 0 \
    'json:d["schema_version"] == 3' \
    'json:d["cards"] == 3' 'json:d["revision"] == 7' 'json:d["source"] == "tests/cli/fixtures/tiny"'
run --db "$V1" cards show "тёмный СТРАЖ - тест" --json
check "issue 10 start-up: the migrated store finds a name by its normalised form" 0 'json:d["card"]["id"] == "90-001"' \
    'json:ids(d["printings"]) == ["90-001"]'
run --db "$V1" cards search --type artifact --json
check "issue 10 start-up: the migrated store answers a filtered search" 0 'json:ids(d["cards"]) == ["90-002"]'
run --db "$V1" catalog export "$T/v1-export"
check "issue 10 start-up: export of the migrated store" 0
same_tree "issue 10 start-up: the migrated store exports the same catalogue (diff -r)" "$FIX/tiny" "$T/v1-export"
# Issue 22: the migration adds card_features and cards.sentences; the old cards read as schema 1 said
# (no features, sentences null, keywords only), so the export above is tests/cli/fixtures/tiny in
# catalogue schema 2.
v1_counts=$(sqlite_py "$V1" 'print(db.execute("SELECT count(*) FROM card_features").fetchone()[0], db.execute("SELECT count(*) FROM cards WHERE sentences IS NULL").fetchone()[0])' 2>&1)
v1_problems=()
[[ $v1_counts == "0 3" ]] || v1_problems+=("card_features rows, cards with sentences null: $v1_counts, expected 0 3")
report "issue 22: the migrated store has card_features (empty) and cards.sentences (null)" "${v1_problems[@]}"

# ---- A look-up reads only the rows it needs: a card that cannot be read spoils the commands that
# load the whole catalogue, not a look-up of another card.
SPOILED="$T/spoiled.db"
run --db "$SPOILED" cards show Циклоп
cp "$OUT" "$T/cyclops_clean.txt"
sqlite_py "$SPOILED" 'db.execute("UPDATE card_elements SET element = \"bogus\" WHERE card_id = \"01-001\"")'
run --db "$SPOILED" catalog info
check "issue 10 start-up: catalog info loads every card, so the spoiled card stops it (exit 3)" 3 'err:01-001'
run --db "$SPOILED" cards show Циклоп
check "issue 10 start-up: cards show reads only Циклоп's rows, so the spoiled card does not matter" 0 err=
same_output="issue 10 start-up: ... and prints exactly what it printed on the clean store"
if cmp -s "$OUT" "$T/cyclops_clean.txt"; then
    report "$same_output"
else
    report "$same_output" "$(diff "$T/cyclops_clean.txt" "$OUT")"
fi
run --db "$SPOILED" cards search --set 21 --element леса --json
check "issue 10 start-up: cards search reads only the matching cards" 0 'json:d["count"] > 0' \
    'json:all(c["set"] == "21" and "forests" in c["elements"] for c in d["cards"])'
run --db "$SPOILED" cards show Кочевник
check "issue 10 start-up: showing the spoiled card itself is a storage failure (exit 3)" 3 'err:01-001' out=

# ---- libcurl is loaded only by a sync (catalog/curl_loader.c): the thirty-odd libraries it
# pulls in, and their constructors, were half of every command's start-up.
run LD_DEBUG=files cards show Циклоп
check "issue 10 start-up: cards show does not load libcurl" 0 'out:Циклоп  01-101' '!err:libcurl'
run LD_DEBUG=files --version
check "issue 10 start-up: --version does not load libcurl" 0 '!err:libcurl'
run LD_DEBUG=files catalog sync http://127.0.0.1:9/index.json --retries 0
check "issue 10 start-up: catalog sync loads libcurl when it needs it, and uses it (connection refused, exit 3)" 3 \
    'err:file=libcurl.so' "err:berserk: http://127.0.0.1:9/index.json: Couldn't connect to server"
