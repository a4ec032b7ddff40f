#!/usr/bin/env bash
# tests/fuzz/has_libfuzzer.sh CC — exit 0 when CC links a libFuzzer target with ASan and UBSan
# (clang alone is not enough: the runtime is in libclang-rt-14-dev). Used by `make ensure-deps`.
set -u
CC=${1:-clang}
T=$(mktemp -d "${TMPDIR:-/tmp}/berserk-fuzzcc.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
printf '#include <stddef.h>\n#include <stdint.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n' >"$T/t.c"
"$CC" -fsanitize=fuzzer,address,undefined -o "$T/t" "$T/t.c" >/dev/null 2>&1
