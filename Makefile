# berserk — build, dependencies, demo, tests, benchmarks.
# The two set-up commands: `make demo` (installs the build dependencies if missing) and `make check`
# (the build and the test dependencies).

CC ?= cc
BUILD ?= build
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man
FORMATS_DIR = $(DATADIR)/berserk/formats
VERSION := 0.1.0
SOVERSION := $(firstword $(subst ., ,$(VERSION)))

# What `make all` and `make demo` need (BUILD_PKGS: their pkg-config names) ...
BUILD_PKGS := jansson libcurl sqlite3 libcrypto libedit
BUILD_APT := build-essential pkg-config libjansson-dev libcurl4-openssl-dev libsqlite3-dev libssl-dev libedit-dev
# ... and what the tests of `make check` need on top: Check, python3 (the CLI cases), the sync's test
# servers (openssl, lighttpd, curl), man, clang and libFuzzer, valgrind, tmux (the terminal phase),
# Chromium with Selenium and HTML Tidy (the browser phase).
TEST_APT := check python3 openssl lighttpd curl man-db groff-base clang libclang-rt-14-dev valgrind tmux \
            chromium chromium-driver python3-selenium tidy
APT_PACKAGES := $(BUILD_APT) $(TEST_APT)

WARNINGS := -Wall -Wextra -Wpedantic -Wshadow -Werror
BASE_CFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(WARNINGS) -DBSK_VERSION='"$(VERSION)"'
OPT ?= -O2 -g
SANITIZE ?=
# BSK_ASSERT is live in every build but the benchmarks' (lib/include/berserk/assert.h).
CHECKS ?= -DBSK_CHECKS
CFLAGS_ALL = $(BASE_CFLAGS) $(CHECKS) $(OPT) $(SANITIZE) $(EXTRA_CFLAGS)
LDFLAGS_ALL = $(SANITIZE) $(EXTRA_LDFLAGS)

# pkg-config is asked lazily, so `make deps` can run before the flags exist. libcurl is not
# linked: catalog/curl_loader.c opens it when a sync needs it (issue 10, start-up cost).
PKG_CFLAGS = $(shell pkg-config --cflags jansson sqlite3 libcurl libcrypto 2>/dev/null)
PKG_LIBS = $(shell pkg-config --libs jansson sqlite3 libcrypto 2>/dev/null) -ldl
# libedit: line editing, history and completion at `berserk play`'s prompt (the CLI only).
EDIT_LIBS = $(shell pkg-config --libs libedit 2>/dev/null)
CHECK_CFLAGS = $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS = $(shell pkg-config --libs check 2>/dev/null)

LIB_SRC := $(wildcard lib/src/*/*.c)
CATALOG_SRC := catalog/codec.c catalog/catalog.c catalog/store.c catalog/store_query.c catalog/sync.c \
               catalog/curl_loader.c
CLI_SRC := $(wildcard cli/*.c)
WEB_SRC := $(wildcard web-export/*.c)
TEST_SRC := $(wildcard tests/test_*.c) tests/engine_fixture.c tests/check_main.c
BENCH_SRC := $(wildcard bench/bench_*.c)
FORMAT_FILES := $(sort $(wildcard formats/*.json))
FORMATS_SRC := $(wildcard formats/*.c)
CATALOG_FILES := index.json $(patsubst catalog/data/%,%,$(sort $(wildcard catalog/data/sets/*.json)))

LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/%.o)
LIB_PIC_OBJ := $(LIB_SRC:%.c=$(BUILD)/pic/%.o)
SHARED_LIB := $(BUILD)/libberserk.so.$(VERSION)
CATALOG_OBJ := $(CATALOG_SRC:%.c=$(BUILD)/%.o) $(BUILD)/gen/bundled.o \
               $(FORMATS_SRC:%.c=$(BUILD)/%.o) $(BUILD)/gen/builtin_formats.o
CLI_OBJ := $(CLI_SRC:%.c=$(BUILD)/%.o) $(WEB_SRC:%.c=$(BUILD)/%.o)
TEST_OBJ := $(TEST_SRC:%.c=$(BUILD)/%.o)
BENCH_OBJ := $(BENCH_SRC:%.c=$(BUILD)/%.o)

INCLUDES := -Ilib/include -Icatalog -Iformats -Iweb-export -Icli
# Each layer compiles with only the include paths it may use (DESIGN §1: cli → web-export → catalog →
# formats → lib), so a wrong-way include fails the build, not only tests/cli/structure_cases.sh.
LIB_INCLUDES := -Ilib/include
FORMATS_INCLUDES := $(LIB_INCLUDES) -Iformats
CATALOG_INCLUDES := $(FORMATS_INCLUDES) -Icatalog
WEB_INCLUDES := $(CATALOG_INCLUDES) -Iweb-export

# One libFuzzer target per parser; the same sources link a replay driver instead of
# libFuzzer for `make test` (regression inputs and seeds; `make check` replays them in its ASan phase).
FUZZ_TARGETS := decklist_text decklist_proberserk decklist_brsd decklist_json catalog_index catalog_set \
                format_file squad_scenario weights name_normalise optimizer sim_merge position game_log \
                play_command
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 2
FUZZ_SANITIZE := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
FUZZ_BIN ?= $(BUILD)/replay
FUZZ_DRIVER ?= $(BUILD)/tests/fuzz/replay_main.o
FUZZ_LINK ?=
FUZZ_SHARED_OBJ = $(BUILD)/tests/fuzz/fuzz_common.o $(BUILD)/tests/fuzz/decklist_roundtrip.o
FUZZ_PROJECT_OBJ = $(FORMATS_SRC:%.c=$(BUILD)/%.o) $(BUILD)/catalog/codec.o $(BUILD)/catalog/catalog.o \
                   $(BUILD)/gen/bundled.o $(BUILD)/gen/builtin_formats.o $(BUILD)/libberserk.a
FUZZ_REPLAYS = $(FUZZ_TARGETS:%=$(FUZZ_BIN)/fuzz_%)


.PHONY: all deps deps-build ensure-deps ensure-build-deps demo demo-tour check test test-plain test-sanitized \
        tty-test browser-test asan bench bench-vs install uninstall clean catalog-data FORCE \
        fuzz fuzz-build fuzz-smoke fuzz-smoke-run fuzz-pending valgrind

all: $(BUILD)/berserk $(BUILD)/libberserk.a $(BUILD)/libberserk.so $(BUILD)/berserk.1 $(BUILD)/berserk.bash

$(BUILD)/libberserk.a: $(LIB_OBJ)
	@mkdir -p $(@D)
	$(AR) rcs $@ $^

$(BUILD)/berserk: $(CLI_OBJ) $(CATALOG_OBJ) $(BUILD)/libberserk.a
	$(CC) $(LDFLAGS_ALL) -o $@ $(CLI_OBJ) $(CATALOG_OBJ) $(BUILD)/libberserk.a $(PKG_LIBS) $(EDIT_LIBS) -lm -lpthread

# lib/ is pure C11: no third-party headers on its include path.
$(BUILD)/lib/%.o: lib/%.c $(wildcard lib/include/berserk/*.h) $(wildcard lib/src/*/*.h)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(LIB_INCLUDES) -c $< -o $@

# The shared library: the same sources, position-independent; soname libberserk.so.MAJOR.
$(BUILD)/pic/lib/%.o: lib/%.c $(wildcard lib/include/berserk/*.h) $(wildcard lib/src/*/*.h)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -fPIC $(LIB_INCLUDES) -c $< -o $@

$(SHARED_LIB): $(LIB_PIC_OBJ)
	$(CC) $(LDFLAGS_ALL) -shared -Wl,-soname,libberserk.so.$(SOVERSION) -o $@ $^ -lm

$(BUILD)/libberserk.so: $(SHARED_LIB)
	ln -sf libberserk.so.$(VERSION) $(BUILD)/libberserk.so.$(SOVERSION)
	ln -sf libberserk.so.$(SOVERSION) $@

# The formats directory is compiled in: a stamp holding it changes (and rebuilds what uses it)
# when it does, so `make install PREFIX=...` after a plain `make` installs a binary for PREFIX.
$(BUILD)/prefix.stamp: FORCE
	@mkdir -p $(@D)
	@echo '$(FORMATS_DIR)' | cmp -s - $@ || echo '$(FORMATS_DIR)' >$@

$(BUILD)/formats/format_file.o: $(BUILD)/prefix.stamp

# --help, the man page and the bash completion come from one table (cli/help.c).
$(BUILD)/tools/gen_help: cli/tools/gen_help.c cli/help.c cli/help.h cli/agent_names.h $(BUILD)/libberserk.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(LDFLAGS_ALL) -Icli $(LIB_INCLUDES) -o $@ cli/tools/gen_help.c cli/help.c $(BUILD)/libberserk.a -lm

$(BUILD)/berserk.1: $(BUILD)/tools/gen_help $(BUILD)/prefix.stamp
	$(BUILD)/tools/gen_help man $(VERSION) '$(FORMATS_DIR)' >$@.tmp && mv $@.tmp $@

$(BUILD)/berserk.bash: $(BUILD)/tools/gen_help
	$(BUILD)/tools/gen_help bash >$@.tmp && mv $@.tmp $@

$(BUILD)/catalog/%.o: catalog/%.c $(wildcard catalog/*.h) $(wildcard formats/*.h) $(wildcard lib/include/berserk/*.h)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(CATALOG_INCLUDES) $(PKG_CFLAGS) -c $< -o $@

# formats/ sees only lib's headers and its own (the layers of DESIGN §1: catalog → formats → lib).
$(BUILD)/formats/%.o: formats/%.c $(wildcard formats/*.h) $(wildcard lib/include/berserk/*.h)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(FORMATS_INCLUDES) $(PKG_CFLAGS) -DBSK_FORMATS_DIR='"$(FORMATS_DIR)"' -c $< -o $@

# web-export/ (DESIGN §1: between cli/ and catalog/): the static pages of `export html`.
$(BUILD)/web-export/%.o: web-export/%.c $(wildcard web-export/*.h) $(wildcard catalog/*.h) $(wildcard formats/*.h) \
                         $(wildcard lib/include/berserk/*.h)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(WEB_INCLUDES) $(PKG_CFLAGS) -c $< -o $@

$(BUILD)/cli/%.o: cli/%.c $(wildcard cli/*.h) $(wildcard web-export/*.h) $(wildcard catalog/*.h) $(wildcard formats/*.h) $(wildcard lib/include/berserk/*.h)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(INCLUDES) $(PKG_CFLAGS) -c $< -o $@

# The bundled catalogue is compiled in (DESIGN §1): a C source generated from catalog/data.
$(BUILD)/tools/embed: catalog/tools/embed.c
	@mkdir -p $(@D)
	$(CC) -std=c11 -O1 -Wall -Wextra -o $@ $<

$(BUILD)/gen/bundled.c: $(BUILD)/tools/embed $(addprefix catalog/data/,$(CATALOG_FILES))
	@mkdir -p $(@D)
	$(BUILD)/tools/embed $@ bsk_bundled_files bsk_bundled_file_count catalog/data $(CATALOG_FILES)

$(BUILD)/gen/bundled.o: $(BUILD)/gen/bundled.c formats/embedded.h
	$(CC) -std=c11 -O0 $(SANITIZE) -Iformats -c $< -o $@

# The shipped format files are compiled in too (the built-in copies of DESIGN §1).
$(BUILD)/gen/builtin_formats.c: $(BUILD)/tools/embed $(FORMAT_FILES)
	@mkdir -p $(@D)
	$(BUILD)/tools/embed $@ bsk_builtin_formats bsk_builtin_format_count formats $(notdir $(FORMAT_FILES))

$(BUILD)/gen/builtin_formats.o: $(BUILD)/gen/builtin_formats.c formats/embedded.h
	$(CC) -std=c11 -O0 $(SANITIZE) -Iformats -c $< -o $@

$(BUILD)/tests/%.o: tests/%.c $(wildcard tests/*.h) $(wildcard catalog/*.h) $(wildcard lib/include/berserk/*.h) $(wildcard lib/src/*/*.h) $(wildcard formats/*.h)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(INCLUDES) -Itests $(PKG_CFLAGS) $(CHECK_CFLAGS) -DBSK_SOURCE_DIR='"$(CURDIR)"' -c $< -o $@

$(BUILD)/bench/%.o: bench/%.c bench/bench.h $(wildcard formats/*.h) $(wildcard catalog/*.h) $(wildcard lib/include/berserk/*.h)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(INCLUDES) $(PKG_CFLAGS) -DBSK_SOURCE_DIR='"$(CURDIR)"' -c $< -o $@

$(BUILD)/run_tests: $(TEST_OBJ) $(CATALOG_OBJ) $(BUILD)/libberserk.a
	$(CC) $(LDFLAGS_ALL) -o $@ $(TEST_OBJ) $(CATALOG_OBJ) $(BUILD)/libberserk.a $(PKG_LIBS) $(CHECK_LIBS) -lm -lpthread

$(BUILD)/run_bench: $(BENCH_OBJ) $(CATALOG_OBJ) $(BUILD)/libberserk.a
	$(CC) $(LDFLAGS_ALL) -o $@ $(BENCH_OBJ) $(CATALOG_OBJ) $(BUILD)/libberserk.a $(PKG_LIBS) -lm -lpthread

# A test program that links libberserk alone proves lib/ has no third-party dependency.
$(BUILD)/lib_only: tests/lib_only.c $(BUILD)/libberserk.a
	$(CC) $(CFLAGS_ALL) -Ilib/include $(LDFLAGS_ALL) -o $@ $< $(BUILD)/libberserk.a -lm

# The test build of the CLI: -DBSK_TEST_HOOKS lets a test hold the sync's write
# transaction open ($$BERSERK_TEST_PAUSE_IN_APPLY_MS) to kill it there. Only catalog/store.c
# has hooks, so only it is compiled again; the rest are the build's own objects.
HOOKS_OBJ := $(filter-out $(BUILD)/catalog/store.o,$(CLI_OBJ) $(CATALOG_OBJ)) $(BUILD)/hooks/catalog/store.o

$(BUILD)/hooks/catalog/store.o: catalog/store.c $(wildcard catalog/*.h) $(wildcard formats/*.h) $(wildcard lib/include/berserk/*.h)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -DBSK_TEST_HOOKS $(CATALOG_INCLUDES) $(PKG_CFLAGS) -c $< -o $@

$(BUILD)/hooks/berserk: $(HOOKS_OBJ) $(BUILD)/libberserk.a
	$(CC) $(LDFLAGS_ALL) -o $@ $(HOOKS_OBJ) $(BUILD)/libberserk.a $(PKG_LIBS) $(EDIT_LIBS) -lm -lpthread

# ---- set-up -------------------------------------------------------------------------
# make deps: the build and the test dependencies; make deps-build: the build's alone (make demo).
deps:
	@$(MAKE) --no-print-directory apt-install APT_LIST="$(APT_PACKAGES)" WHAT="build and test"

deps-build:
	@$(MAKE) --no-print-directory apt-install APT_LIST="$(BUILD_APT)" WHAT=build

apt-install:
	@echo "Installing the $(WHAT) dependencies: $(APT_LIST)"
	@if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	$$SUDO apt-get update -qq && \
	DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $(APT_LIST)

# What `make all` needs: the compiler, pkg-config and the libraries' headers.
ensure-build-deps:
	@if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists $(BUILD_PKGS) \
	   && command -v $(CC) >/dev/null 2>&1 && command -v $(AR) >/dev/null 2>&1; then :; \
	 else $(MAKE) --no-print-directory deps-build; fi

# Each tool a phase of `make check` uses; libFuzzer's runtime is checked by linking a fuzzer
# (libclang-rt-14-dev is only a recommendation of clang, which --no-install-recommends drops).
ensure-deps:
	@if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists $(BUILD_PKGS) check && command -v python3 >/dev/null 2>&1 \
	   && command -v $(CC) >/dev/null 2>&1 && command -v openssl >/dev/null 2>&1 \
	   && { command -v lighttpd || test -x /usr/sbin/lighttpd; } >/dev/null 2>&1 \
	   && command -v c++ >/dev/null 2>&1 && command -v man >/dev/null 2>&1 && command -v groff >/dev/null 2>&1 \
	   && command -v $(FUZZ_CC) >/dev/null 2>&1 && command -v valgrind >/dev/null 2>&1 && command -v tmux >/dev/null 2>&1 \
	   && command -v chromedriver >/dev/null 2>&1 && command -v tidy >/dev/null 2>&1 \
	   && /usr/bin/python3 -c 'import selenium' >/dev/null 2>&1 \
	   && bash tests/fuzz/has_libfuzzer.sh $(FUZZ_CC); then :; \
	 else $(MAKE) --no-print-directory deps; fi

# The tour: every step runs and the demo exits 0. `deck check examples/regs` exits 1 on purpose (one
# of its decks is illegal): that exit code is shown, not taken for a failure; any other stops the demo.
# demo-tour runs the steps with a binary already built (DEMO_BIN; tests/cli/demo_cases.sh runs it).
DEMO_DB ?= $(BUILD)/demo.db
DEMO_BIN ?= ./$(BUILD)/berserk

demo: ensure-build-deps
	@$(MAKE) --no-print-directory -j$(JOBS) all
	@$(MAKE) --no-print-directory demo-tour

demo-tour:
	@rm -f $(DEMO_DB)
	@echo '$$ berserk catalog info'
	@BERSERK_DB=$(DEMO_DB) $(DEMO_BIN) catalog info
	@echo
	@echo '$$ berserk cards show Циклоп'
	@BERSERK_DB=$(DEMO_DB) $(DEMO_BIN) cards show Циклоп
	@echo
	@echo '$$ berserk cards search --element леса --cost 7..8 --elite --limit 5'
	@BERSERK_DB=$(DEMO_DB) $(DEMO_BIN) cards search --element леса --cost 7..8 --elite --limit 5
	@echo
	@echo '$$ berserk deck check examples/regs --date 2026-11-21'
	@BERSERK_DB=$(DEMO_DB) $(DEMO_BIN) deck check examples/regs --date 2026-11-21; rc=$$?; \
	 if [ $$rc = 1 ]; then echo '(exit code 1: 04-late-entry.txt is illegal on purpose; a legal deck gives 0)'; \
	 elif [ $$rc != 0 ]; then exit $$rc; fi
	@echo
	@echo '$$ berserk squad auto examples/06-elfy.txt --seed 2026 --player 2'
	@BERSERK_DB=$(DEMO_DB) $(DEMO_BIN) squad auto examples/06-elfy.txt --seed 2026 --player 2
	@echo
	@echo 'The tour is over: README.md goes on from here (make check runs the tests).'

# The phases of `make check` (tests/phases.sh): each prints `== phase NAME: T s (budget B s)`. A budget
# is a figure to report, never a failure; the check fails when a phase fails or when the whole runs
# past CHECK_LIMIT seconds (30 minutes, the project's bound for the whole on 2 cores; 25 until issue 23's
# positions outgrew it on a slow hour of the VM). Every test runs once: the Check suites and the CLI cases
# under ASan + UBSan (asan), and the plain phase only what needs the optimised build. Each phase records its
# tests' times under build/times/PHASE/; tests/slowest.py prints the ten slowest at the end.
CHECK_LIMIT ?= 1800
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
TIMES_DIR ?=
TIMES_ENV = $(if $(TIMES_DIR),BSK_TEST_TIMES=$(TIMES_DIR)/unit.tsv BSK_TEST_XML=$(TIMES_DIR)/xml CLI_TIMES=$(TIMES_DIR)/cli.tsv)

check: ensure-deps
	@rm -rf build/times
	@CHECK_LIMIT=$(CHECK_LIMIT) CHECK_TIMES=build/times bash tests/phases.sh \
	  plain 300 '$(MAKE) --no-print-directory -j$(JOBS) TIMES_DIR=build/times/plain test-plain' \
	  asan 720 '$(MAKE) --no-print-directory -j$(JOBS) TIMES_DIR=build/times/asan asan' \
	  fuzz-build 60 '$(MAKE) --no-print-directory -j$(JOBS) fuzz-build' \
	  fuzz-smoke 60 '$(MAKE) --no-print-directory fuzz-smoke-run' \
	  valgrind 90 '$(MAKE) --no-print-directory valgrind' \
	  tty 30 '$(MAKE) --no-print-directory tty-test' \
	  browser 60 '$(MAKE) --no-print-directory browser-test'

# `berserk play` and `replay --step` on a real terminal (tmux), a phase of its own in `make check`.
tty-test: $(BUILD)/berserk
	BERSERK=$(BUILD)/berserk bash tests/tty/play.sh

# `berserk export html` pages in headless Chromium (Selenium) and HTML Tidy, a phase of its own.
# Debian's python3 (/usr/bin/python3) is the one python3-selenium installs into.
browser-test: $(BUILD)/berserk
	/usr/bin/python3 tests/browser/run.py $(BUILD)/berserk $(BUILD)/browser

# make test: every test once on this build (JOBS: the machine's cores; the Check suites JOBS at a time, the lib-only link, the
# fuzz targets' replay of their regression inputs and seeds, the CLI cases JOBS files at a time, the
# install test). `CLI_CASES="position sim*"` runs only those CLI case files (tests/cli/run.sh).
# make check splits it: test-sanitized under ASan + UBSan (make asan), test-plain on the optimised build.
TEST_ENV = BSK_TEST_JOBS=$(JOBS) CLI_JOBS=$(JOBS) CK_TIMEOUT_MULTIPLIER=$(or $(CK_TIMEOUT_MULTIPLIER),4) $(TIMES_ENV)
CLI_ENV = BERSERK=$(BUILD)/berserk BERSERK_HOOKS=$(BUILD)/hooks/berserk CLI_SKIP="$(CLI_SKIP)" \
          $(if $(CLI_POS_REPLAY),CLI_POS_REPLAY=$(CLI_POS_REPLAY))

test: all $(BUILD)/lib_only test-sanitized
	./$(BUILD)/lib_only
	bash tests/install/run.sh $(BUILD)/install-test

test-sanitized: $(BUILD)/berserk $(BUILD)/libberserk.a $(BUILD)/berserk.1 $(BUILD)/berserk.bash $(BUILD)/run_tests $(BUILD)/hooks/berserk $(FUZZ_REPLAYS)
	@$(if $(TIMES_DIR),mkdir -p $(TIMES_DIR)/xml)
	$(TEST_ENV) ./$(BUILD)/run_tests
	bash tests/fuzz/replay.sh $(FUZZ_BIN) $(FUZZ_TARGETS)
	$(TEST_ENV) $(CLI_ENV) bash tests/cli/run.sh

# What only the optimised build shows: the lib-only link, the install, the README's tour and
# `make demo` as a user runs them (the other CLI cases run under the sanitizers), the rule positions
# with their logs replayed (under the sanitizers the positions run without the replays), the thousands
# of real-deck games of the real_decks suite (under the sanitizers it plays 170) and the agents'
# strength over hundreds of games (agent_strength: a claim about this build, left out under them).
test-plain: all $(BUILD)/lib_only $(BUILD)/run_tests
	@$(if $(TIMES_DIR),mkdir -p $(TIMES_DIR)/xml)
	./$(BUILD)/lib_only
	$(TEST_ENV) BSK_TEST_SUITES="real_decks agent_strength" ./$(BUILD)/run_tests
	bash tests/install/run.sh $(BUILD)/install-test
	$(TEST_ENV) $(CLI_ENV) CLI_CASES="readme demo position" bash tests/cli/run.sh

ASAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

# Every Check suite, the fuzz replay and the CLI cases (but the README's tour and the demo, which
# test-plain runs) under ASan + UBSan, in build/asan; the rule positions without their replays
# (CLI_POS_REPLAY=0: test-plain replays every log, and half the processes halve the phase's longest part).
asan: ensure-deps
	@$(MAKE) --no-print-directory BUILD=build/asan OPT="-O1 -g" SANITIZE="$(ASAN_FLAGS)" \
	  CLI_SKIP="$(or $(CLI_SKIP),readme demo)" CLI_POS_REPLAY=$(or $(CLI_POS_REPLAY),0) test-sanitized

# ---- fuzzing (tests/fuzz/) ------------------------------------------------------------
$(BUILD)/tests/fuzz/%.o: tests/fuzz/%.c $(wildcard tests/fuzz/*.h) $(wildcard catalog/*.h) $(wildcard formats/*.h) \
                         $(wildcard lib/include/berserk/*.h)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(INCLUDES) -Itests/fuzz $(PKG_CFLAGS) -c $< -o $@

$(FUZZ_BIN)/fuzz_%: $(BUILD)/tests/fuzz/fuzz_%.o $(FUZZ_SHARED_OBJ) $(FUZZ_DRIVER) $(FUZZ_PROJECT_OBJ)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS_ALL) $(FUZZ_LINK) -o $@ $^ $(PKG_LIBS) -lm -lpthread

# The play prompt's parser is the CLI's (cli/play_command.c, which uses lib only): that one object
# joins the target's link, not the CLI's other layers.
$(FUZZ_BIN)/fuzz_play_command: $(BUILD)/cli/play_command.o

# The libFuzzer binaries: build/fuzz/fuzz_TARGET, the project compiled by clang with
# coverage, ASan and UBSan (fuzzer-no-link), linked with libFuzzer's main.
fuzz-build:
	@$(MAKE) --no-print-directory BUILD=build/fuzz CC=$(FUZZ_CC) OPT="-O1 -g" \
	  SANITIZE="$(FUZZ_SANITIZE) -fsanitize=fuzzer-no-link" FUZZ_BIN=build/fuzz FUZZ_DRIVER= \
	  FUZZ_LINK=-fsanitize=fuzzer $(FUZZ_TARGETS:%=build/fuzz/fuzz_%)

# Every target for FUZZ_SECONDS each; findings go to build/fuzz/findings/TARGET/.
fuzz: ensure-deps
	@$(MAKE) --no-print-directory fuzz-build
	@bash tests/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-smoke: ensure-deps
	@$(MAKE) --no-print-directory fuzz-build
	@$(MAKE) --no-print-directory fuzz-smoke-run

fuzz-smoke-run:
	@bash tests/fuzz/run.sh $(FUZZ_SMOKE_SECONDS) $(FUZZ_TARGETS)

# The reproducers of known bugs not fixed yet (tests/fuzz/regressions/*/pending/): each
# should fail until its fix lands, then move up one folder into the regular replay.
fuzz-pending: $(FUZZ_REPLAYS)
	@bash tests/fuzz/replay.sh --pending $(FUZZ_BIN) $(FUZZ_TARGETS)

# valgrind memcheck over representative CLI commands on the plain build (tests/valgrind.sh).
valgrind: all
	@BERSERK=$(BUILD)/berserk bash tests/valgrind.sh

# Measured without assertions, in a build of its own (build/bench).
BENCH_BUILD := build/bench

bench: ensure-deps
	@$(MAKE) -s --no-print-directory BUILD=$(BENCH_BUILD) OPT=-O2 CHECKS= all $(BENCH_BUILD)/run_bench
	@./$(BENCH_BUILD)/run_bench
	@BERSERK=$(BENCH_BUILD)/berserk bash bench/bench_cli.sh

# The engine side by side with an earlier commit (bench/bench_vs.sh): BASE=rev PAIRS=n; KEYWORDS_ONLY=1
# plays this tree's games with no card's encoded features.
BASE ?= 2ed5f93
PAIRS ?= 12
bench-vs: ensure-deps
	@KEYWORDS_ONLY=$(KEYWORDS_ONLY) CLOCK=$(or $(CLOCK),wall) bash bench/bench_vs.sh $(BASE) $(PAIRS)

# Regenerates catalog/data from ../shared/data (the committed JSON is the result).
catalog-data:
	python3 catalog/tools/convert_reference.py

# DESTDIR stages; PREFIX (or BINDIR, LIBDIR, INCLUDEDIR, DATADIR, MANDIR) is where it will run.
# berserk.pc puts -lm in Libs too: a link against the static library alone needs it.
install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(INCLUDEDIR)/berserk \
	           $(DESTDIR)$(FORMATS_DIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(DATADIR)/bash-completion/completions
	install -m 755 $(BUILD)/berserk $(DESTDIR)$(BINDIR)/berserk
	install -m 644 $(BUILD)/libberserk.a $(DESTDIR)$(LIBDIR)/libberserk.a
	install -m 755 $(SHARED_LIB) $(DESTDIR)$(LIBDIR)/libberserk.so.$(VERSION)
	ln -sf libberserk.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libberserk.so.$(SOVERSION)
	ln -sf libberserk.so.$(SOVERSION) $(DESTDIR)$(LIBDIR)/libberserk.so
	install -m 644 lib/include/berserk/*.h $(DESTDIR)$(INCLUDEDIR)/berserk/
	install -m 644 $(FORMAT_FILES) $(DESTDIR)$(FORMATS_DIR)/
	install -m 644 $(BUILD)/berserk.1 $(DESTDIR)$(MANDIR)/man1/berserk.1
	install -m 644 $(BUILD)/berserk.bash $(DESTDIR)$(DATADIR)/bash-completion/completions/berserk
	printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$(LIBDIR)' 'includedir=$(INCLUDEDIR)' '' 'Name: berserk' \
	  'Description: rules, decklists, squads and deal simulation for the card game Berserk' \
	  'Version: $(VERSION)' 'Cflags: -I$${includedir}' 'Libs: -L$${libdir} -lberserk -lm' 'Libs.private: -lm' \
	  | sed -e 's|^libdir=$(PREFIX)/|libdir=$${prefix}/|' -e 's|^includedir=$(PREFIX)/|includedir=$${prefix}/|' \
	  >$(DESTDIR)$(LIBDIR)/pkgconfig/berserk.pc

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/berserk $(DESTDIR)$(LIBDIR)/libberserk.a $(DESTDIR)$(LIBDIR)/libberserk.so \
	      $(DESTDIR)$(LIBDIR)/libberserk.so.$(SOVERSION) $(DESTDIR)$(LIBDIR)/libberserk.so.$(VERSION) \
	      $(DESTDIR)$(LIBDIR)/pkgconfig/berserk.pc $(DESTDIR)$(MANDIR)/man1/berserk.1 \
	      $(DESTDIR)$(DATADIR)/bash-completion/completions/berserk
	rm -f $(addprefix $(DESTDIR)$(INCLUDEDIR)/berserk/,$(notdir $(wildcard lib/include/berserk/*.h))) \
	      $(addprefix $(DESTDIR)$(FORMATS_DIR)/,$(notdir $(FORMAT_FILES)))
	rmdir $(DESTDIR)$(INCLUDEDIR)/berserk $(DESTDIR)$(FORMATS_DIR) $(DESTDIR)$(DATADIR)/berserk 2>/dev/null || true

clean:
	rm -rf build
