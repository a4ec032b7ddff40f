#!/usr/bin/env bash
# tests/install/run.sh — `make install` into a temporary prefix, then use what landed there
# (issue 10, install and packaging): the binary finds its format files under the prefix, a C
# and a C++ program build with pkg-config against the shared library, one links statically,
# the man page and the bash completion are where man and bash look, DESTDIR stages, uninstall
# removes it all.
#
#   bash tests/install/run.sh BUILD_DIR      (a build directory of its own, e.g. build/install-test)
#
# Prints `ok - NAME` / `not ok - NAME`; the last line is `N passed, M failed`.
set -u

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
B=${1:-build/install-test}
case $B in /*) ;; *) B="$ROOT/$B" ;; esac

T=$(mktemp -d "${TMPDIR:-/tmp}/berserk-install.XXXXXX") || { echo "cannot create a temporary directory" >&2; exit 2; }
trap 'rm -rf "$T"' EXIT
trap 'exit 130' INT TERM
P="$T/prefix"  # the prefix: nothing else of the system is touched
PASSED=0
FAILED=0

# An ordinary build, whatever make called us with: make exports its command-line variables (make
# asan: BUILD, OPT, SANITIZE; a user's PREFIX), so they are dropped here. -O0, since the install is
# under test here, not the optimiser (a first run builds in ~3 s of CPU).
mk() {
    env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u MAKEOVERRIDES -u PREFIX -u DESTDIR -u BINDIR -u LIBDIR \
        -u INCLUDEDIR -u DATADIR -u MANDIR \
        make --no-print-directory -C "$ROOT" -j2 BUILD="$B" OPT="-O0 -g" SANITIZE= EXTRA_CFLAGS= EXTRA_LDFLAGS= "$@"
}

report() {
    local name=$1
    shift
    if [[ $# -eq 0 ]]; then
        PASSED=$((PASSED + 1))
        echo "ok - $name"
        return
    fi
    FAILED=$((FAILED + 1))
    echo "not ok - $name"
    printf '%s\n' "$@" | sed 's/^/  # /'
}

# step NAME COMMAND...: runs COMMAND, output in $T/log; reports a failure with the output.
step() {
    local name=$1
    shift
    if "$@" >"$T/log" 2>&1; then
        report "$name"
    else
        report "$name" "exit $?: $*" "$(tail -c 1500 "$T/log")"
    fi
}

report_run() { # report_run NAME RC: the last program's exit code and output
    [[ $2 == 0 ]] && report "$1" || report "$1" "exit $2" "$(cat "$T/out")"
}

# expect NAME WANT FILE: FILE contains the fixed string WANT.
expect() {
    grep -qF -- "$2" "$3" && report "$1" || report "$1" "no \"$2\" in: $(head -c 800 "$3")"
}

# 1. A plain build (for /usr/local), then the install for another prefix rebuilds what has the
# prefix compiled in: the installed binary looks under the prefix, not /usr/local.
step "make (prefix /usr/local)" mk all
step "make install DESTDIR=... PREFIX=/opt/berserk" mk install PREFIX=/opt/berserk DESTDIR="$T/stage"
problems=()
for f in bin/berserk lib/libberserk.a lib/libberserk.so lib/pkgconfig/berserk.pc include/berserk/pool.h \
    share/man/man1/berserk.1 share/bash-completion/completions/berserk share/berserk/formats/limited.json; do
    [[ -e $T/stage/opt/berserk/$f ]] || problems+=("DESTDIR: no $T/stage/opt/berserk/$f")
done
grep -q '^prefix=/opt/berserk$' "$T/stage/opt/berserk/lib/pkgconfig/berserk.pc" 2>/dev/null ||
    problems+=("berserk.pc: prefix is not /opt/berserk: $(head -3 "$T/stage/opt/berserk/lib/pkgconfig/berserk.pc" 2>&1)")
grep -qa '/opt/berserk/share/berserk/formats' "$T/stage/opt/berserk/bin/berserk" 2>/dev/null ||
    problems+=("the staged binary does not look in /opt/berserk/share/berserk/formats")
report "DESTDIR stages the files; the prefix (not DESTDIR) is compiled in and written in berserk.pc" "${problems[@]}"

step "make install PREFIX=$P" mk install PREFIX="$P"

# 2. What landed where.
problems=()
for f in bin/berserk lib/libberserk.a lib/libberserk.so.0.1.0 lib/pkgconfig/berserk.pc share/man/man1/berserk.1 \
    share/bash-completion/completions/berserk; do
    [[ -f $P/$f ]] || problems+=("no file $P/$f")
done
[[ $(readlink "$P/lib/libberserk.so.0") == libberserk.so.0.1.0 ]] || problems+=("libberserk.so.0 -> $(readlink "$P/lib/libberserk.so.0")")
[[ $(readlink "$P/lib/libberserk.so") == libberserk.so.0 ]] || problems+=("libberserk.so -> $(readlink "$P/lib/libberserk.so")")
for h in "$ROOT"/lib/include/berserk/*.h; do
    cmp -s "$h" "$P/include/berserk/$(basename "$h")" || problems+=("header $(basename "$h") not installed")
done
for j in "$ROOT"/formats/*.json; do
    cmp -s "$j" "$P/share/berserk/formats/$(basename "$j")" || problems+=("format $(basename "$j") not installed")
done
soname=$(readelf -d "$P/lib/libberserk.so.0.1.0" 2>&1 | grep SONAME)
[[ $soname == *'[libberserk.so.0]'* ]] || problems+=("SONAME: $soname")
report "installed: binary, static and shared library (soname libberserk.so.0), headers, pc, man page, completion, formats" \
    "${problems[@]}"

# 3. pkg-config.
export PKG_CONFIG_PATH="$P/lib/pkgconfig"
problems=()
[[ $(pkg-config --variable=libdir berserk) == "$P/lib" ]] || problems+=("libdir: $(pkg-config --variable=libdir berserk)")
[[ $(pkg-config --variable=includedir berserk) == "$P/include" ]] ||
    problems+=("includedir: $(pkg-config --variable=includedir berserk)")
[[ $(pkg-config --modversion berserk) == 0.1.0 ]] || problems+=("version: $(pkg-config --modversion berserk)")
libs=$(pkg-config --libs berserk)
[[ " $libs " == *" -L$P/lib -lberserk "*"-lm "* ]] || problems+=("--libs: $libs (-lm must follow -lberserk)")
[[ $(echo $(pkg-config --cflags berserk)) == "-I$P/include" ]] || problems+=("--cflags: $(pkg-config --cflags berserk)")
report "berserk.pc: libdir, includedir, version; Libs has -lm after -lberserk" "${problems[@]}"

# 4. A C program against the shared library; the same statically (the lgamma of the odds needs -lm).
read -r -a CFLAGS <<<"$(pkg-config --cflags berserk)"
read -r -a LIBS <<<"$(pkg-config --libs berserk)"
step "cc hello.c \$(pkg-config --cflags --libs berserk)" \
    cc -std=c11 -Wall -Wextra -Wpedantic -Werror "$HERE/hello.c" "${CFLAGS[@]}" "${LIBS[@]}" -o "$T/hello"
readelf -d "$T/hello" 2>/dev/null | grep -q 'NEEDED.*\[libberserk.so.0\]' && report "hello links the shared library" ||
    report "hello links the shared library" "$(readelf -d "$T/hello" 2>&1 | grep NEEDED)"
LD_LIBRARY_PATH="$P/lib" "$T/hello" >"$T/out" 2>&1
report_run "hello runs against libberserk.so.0" $?
expect "hello: the library's name normaliser" "normalised: циклоп" "$T/out"
expect "hello: the hypergeometric odds (lgamma)" "P(>=1 of 3 copies in the deal) = 0.8879" "$T/out"
STATIC_LIBS=("${LIBS[@]/#-lberserk/-l:libberserk.a}")
step "cc hello.c, libberserk linked statically with berserk.pc's Libs" \
    cc -std=c11 -Wall -Wextra -Werror "$HERE/hello.c" "${CFLAGS[@]}" "${STATIC_LIBS[@]}" -o "$T/hello-static"
if [[ -x $T/hello-static ]]; then
    readelf -d "$T/hello-static" | grep -q libberserk && report "hello-static needs no libberserk.so" "$(readelf -d "$T/hello-static" | grep NEEDED)" ||
        report "hello-static needs no libberserk.so"
    "$T/hello-static" >"$T/out" 2>&1
    report_run "hello-static runs" $?
fi

# 5. A C++ program: every header compiles as C++ and links with C names (extern "C").
step "c++ hello.cpp \$(pkg-config --cflags --libs berserk)" \
    c++ -std=c++11 -Wall -Wextra -pedantic -Werror "$HERE/hello.cpp" "${CFLAGS[@]}" "${LIBS[@]}" -o "$T/hello-cpp"
LD_LIBRARY_PATH="$P/lib" "$T/hello-cpp" >"$T/out" 2>&1
report_run "hello-cpp runs against libberserk.so.0" $?
expect "hello-cpp: the library's answers" "normalised: ежик в тумане; the element forests; a deal of 15; die 1..6" "$T/out"

# 6. The installed binary: its version, and format files from PREFIX/share/berserk/formats (an
# installed limited.json changed here is the one used, with BERSERK_FORMATS unset).
"$P/bin/berserk" --version >"$T/out" 2>&1
report_run "the installed berserk --version" $?
expect "the installed berserk --version prints the version" "berserk 0.1.0" "$T/out"
sed -i -e 's/"id": "limited"/"id": "limited-from-prefix"/' -e 's/"min": 30/"min": 99/' \
    "$P/share/berserk/formats/limited.json"
env -u BERSERK_FORMATS BERSERK_DB="$T/catalog.db" "$P/bin/berserk" --json deck check --format limited \
    --date 2026-11-21 "$ROOT/tests/fixtures/decks/tournament/01-babkina-tachanka.txt" >"$T/out" 2>&1
rc=$?
python3 - "$T/out" <<'PY' >"$T/why" 2>&1 && [[ $rc == 1 ]] && report "deck check --format limited reads PREFIX/share/berserk/formats/limited.json" || report "deck check --format limited reads PREFIX/share/berserk/formats/limited.json" "exit $rc" "$(cat "$T/why")" "$(head -c 800 "$T/out")"
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
r = d["results"][0]
assert r["format"] == "limited-from-prefix", r["format"]
assert [(e["code"], e["limit"], e["rule"]) for e in r["errors"]] == [("deck_too_small", 99, "limited-from-prefix.size.min")], r["errors"]
PY

# 7. The man page where man looks, and the completion where bash-completion looks.
MANPATH="$P/share/man" LC_ALL=C.UTF-8 MANWIDTH=100 man berserk >"$T/out" 2>&1
report_run "man berserk (MANPATH=PREFIX/share/man)" $?
expect "man berserk: the page" "BERSERK(1)" "$T/out"
expect "man berserk: the formats directory of this prefix" "$P/share/berserk/formats/NAME.json" "$T/out"
bash --norc --noprofile -c 'source "$1" && complete -p berserk' _ "$P/share/bash-completion/completions/berserk" \
    >"$T/out" 2>&1
report_run "the installed completion registers for berserk" $?
expect "the installed completion: _berserk" "complete -F _berserk berserk" "$T/out"

# 8. Uninstall leaves nothing behind.
step "make uninstall PREFIX=$P" mk uninstall PREFIX="$P"
left=$(find "$P" ! -type d 2>/dev/null)
[[ -z $left ]] && report "uninstall removes every installed file" || report "uninstall removes every installed file" "$left"

echo "$PASSED passed, $FAILED failed"
[[ $FAILED -eq 0 ]]
