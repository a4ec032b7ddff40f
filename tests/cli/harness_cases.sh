# harness_cases.sh — the test harness itself (issue 20 §2): tests/phases.sh (a budget is reported,
# never a failure; a failed phase or the whole past CHECK_LIMIT fails; the ten slowest tests; the
# verdict as the last line) and tests/cli/run.sh's driver (CLI_CASES, CLI_SKIP, CLI_JOBS, the count
# line last). Run by run.sh with tests/cli/lib.sh's helpers.

# sh_run COMMAND...: like run, for a command that is not the binary.
sh_run() {
    env -u CLI_TIMES -u CLI_CASES -u CLI_SKIP -u CLI_JOBS -u CHECK_LIMIT "$@" >"$OUT" 2>"$ERR" </dev/null
    RC=$?
}
last_line() { [[ $(tail -n 1 "$OUT") =~ $1 ]] || echo "last line: $(tail -n 1 "$OUT"), expected /$1/"; }

sh_run bash "$ROOT/tests/phases.sh" quick 1 'sleep 2' other 5 true
check "phases.sh: a phase over its budget is reported, not a failure" 0 \
    'out~== phase quick: [2-4] s \(budget 1 s; CPU 0 s\) — over its budget by [1-3] s \(reported, not a failure\)' \
    'out~== phase other: [01] s \(budget 5 s; CPU 0 s\)' \
    'out~== check passed: every phase in [0-9]+ s \(CPU [0-9]+ s; budgets 6 s; limit 1800 s\)$'

sh_run bash "$ROOT/tests/phases.sh" first 10 true broken 10 'exit 3' never 10 'echo never ran'
check "phases.sh: a failed phase fails the check, and the next phases do not run" 1 \
    'out~== check FAILED: phase broken failed \(exit 3\) after 0 s \([0-9]+ s in all\)$' '!out:never ran'

sh_run env CHECK_LIMIT=2 bash "$ROOT/tests/phases.sh" long 100 "sleep 30; touch $T/long-ended" later 10 true
check "phases.sh: past CHECK_LIMIT in all the running phase is stopped and the check fails" 1 \
    'out~== check FAILED: [0-9]+ s in all, past the limit of 2 s; phase long was stopped after [0-9]+ s$' \
    '!out:== phase later'
[[ -e $T/long-ended ]] && report "phases.sh: the stopped phase did not go on" "it ran to its end" ||
    report "phases.sh: the stopped phase did not go on"

mkdir -p "$T/times/asan/xml" "$T/times/plain"
cat >"$T/times/asan/xml/match.xml" <<'XML'
<?xml version="1.0"?>
<testsuites><suite><title>match</title>
<test result="success"><path>.</path><fn>test_match.c:10</fn><id>test_slow_one</id><iteration>0</iteration><duration>12.500000</duration><description>core</description><message>Passed</message></test>
<test result="success"><path>.</path><fn>test_match.c:20</fn><id>test_quick_one</id><iteration>0</iteration><duration>0.010000</duration><description>core</description><message>Passed</message></test>
</suite></testsuites>
XML
printf '3.250000\tcli/position: a slow case\n0.100000\tcli/position: a quick case\n' >"$T/times/plain/cli.tsv"
sh_run env CHECK_TIMES="$T/times" bash "$ROOT/tests/phases.sh" only 5 true
check "phases.sh: the slowest tests of every phase, slowest first, before the verdict" 0 \
    'out:== the 4 slowest of 4 tests:' 'out~12\.50 s  asan    unit/match: test_slow_one' \
    'out~3\.25 s  plain   cli/position: a slow case' 'out~== check passed'
problems=()
grep -n 'test_slow_one\|a slow case' "$OUT" | head -1 | grep -q test_slow_one || problems+=("not slowest first")
p=$(last_line '^== check passed: every phase in [0-9]+ s \(CPU [0-9]+ s; budgets 5 s; limit 1800 s\)$') || true
[[ -z $p ]] || problems+=("$p")
report "phases.sh: the verdict stays the last line after the slowest tests" "${problems[@]}"

sh_run env CLI_CASES="format_names options" BERSERK="$BIN" bash "$ROOT/tests/cli/run.sh"
check "run.sh CLI_CASES: only those case files; their counts; the total as the last line" 0 \
    'out:== format_names_cases.sh: ' 'out:== options_cases.sh: ' '!out:== core_cases.sh' \
    'out~[0-9]+ passed, 0 failed$'
sh_run env CLI_CASES="format_names options" CLI_SKIP="opt*" CLI_JOBS=1 BERSERK="$BIN" bash "$ROOT/tests/cli/run.sh"
check "run.sh CLI_SKIP (a pattern) leaves those out; CLI_JOBS=1 runs one at a time" 0 \
    'out:== format_names_cases.sh: ' '!out:== options_cases.sh'

sh_run env CLI_CASES="no_such" BERSERK="$BIN" bash "$ROOT/tests/cli/run.sh"
check "run.sh CLI_CASES naming no case file: exit 2, the files listed" 2 \
    'err:run.sh: CLI_CASES="no_such" names no case file (they are: ' 'err: options ' out=
sh_run env CLI_JOBS=0 BERSERK="$BIN" bash "$ROOT/tests/cli/run.sh"
check "run.sh CLI_JOBS=0: exit 2 naming the value" 2 'err:run.sh: CLI_JOBS must be an integer 1..99, not "0"' out=

# A case file that stops before its count line is a failure of its own, named.
mkdir -p "$T/harness/cli/fixtures"
cp "$ROOT/tests/cli/run.sh" "$ROOT/tests/cli/lib.sh" "$T/harness/cli/"
printf 'report "first"\nexit 0\n' >"$T/harness/cli/stops_cases.sh"
sh_run env BERSERK="$BIN" bash "$T/harness/cli/run.sh"
check "run.sh: a case file that ends without its count line fails, named" 1 \
    'out:not ok - stops_cases.sh did not finish (exit 0, no count line)' 'out:== failed in: stops' \
    'out~0 passed, 1 failed$'

sh_run bash "$ROOT/tests/phases.sh" busy 10 'i=0; while ((i < 1500000)); do i=$((i + 1)); done'
check "phases.sh: a phase's CPU time counts what its commands ran" 0 'out~== phase busy: [0-9]+ s \(budget 10 s; CPU [1-9][0-9]* s\)'

# The unit-test runner's pool (tests/check_main.c): BSK_TEST_SUITES picks suites, BSK_TEST_JOBS runs
# them in child processes, each suite's report whole, the counts summed on the last line.
UNIT_BIN="$(dirname "$BIN")/run_tests"
if [[ ! -x $UNIT_BIN ]]; then
    report "run_tests's pool # SKIP no $UNIT_BIN beside the binary"
else
    sh_run env BSK_TEST_JOBS=2 BSK_TEST_SUITES="name figures" BSK_TEST_TIMES="$T/unit.tsv" BSK_TEST_XML="$T" "$UNIT_BIN"
    check "run_tests BSK_TEST_JOBS=2 BSK_TEST_SUITES: those suites in a pool, the counts summed last" 0 \
        'out:Running suite(s): name' 'out:Running suite(s): figures' '!out:Running suite(s): match' \
        'out~[0-9]+ passed, 0 failed$'
    problems=()
    [[ $(cut -f2 "$T/unit.tsv" 2>/dev/null | sort | tr '\n' ' ') == "unit/figures unit/name " ]] ||
        problems+=("BSK_TEST_TIMES holds: $(cat "$T/unit.tsv" 2>&1)")
    [[ -s $T/name.xml && -s $T/figures.xml ]] || problems+=("no XML report per suite in BSK_TEST_XML")
    grep -q '<duration>' "$T/name.xml" 2>/dev/null || problems+=("name.xml has no test durations")
    report "run_tests records each suite's time and each test's duration" "${problems[@]}"
    # agent_strength (a statistical claim about the optimised build) is left out under the sanitizers
    # unless named; the optimised build runs it by default.
    if grep -qa __asan_init "$UNIT_BIN"; then
        sh_run env BSK_TEST_SUITES="name" "$UNIT_BIN"
        check "run_tests under the sanitizers: agent_strength left to the optimised build, said so" 0 \
            'out:suite agent_strength: left to the optimised build (a statistical claim; make test-plain runs it)' \
            '!out:Running suite(s): agent_strength' 'out~[0-9]+ passed, 0 failed$'
    else
        sh_run env BSK_TEST_SUITES="name" "$UNIT_BIN"
        check "run_tests in the optimised build: agent_strength not left out" 0 '!out:left to the optimised build' \
            'out~[0-9]+ passed, 0 failed$'
    fi
    sh_run env BSK_TEST_SUITES="no_such" "$UNIT_BIN"
    check "run_tests BSK_TEST_SUITES naming no suite: exit 2, the suites listed" 2 \
        'err:run_tests: BSK_TEST_SUITES="no_such" names no suite (they are: match agent' out=
fi
