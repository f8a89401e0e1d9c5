#!/usr/bin/env bash
# Install what is missing, build, and run the test suite. Extra arguments go to ctest
# (e.g. scripts/test.sh -R test_geometry, or -j 1). Tests run in parallel, one per core
# (CTEST_PARALLEL_LEVEL, or -j, overrides it); each test's files live in its own temporary
# directory and no test's verdict depends on timing. A test case that runs no assertion fails.
# A test whose program is missing (Chromium, node, GNU parallel, a Slurm cluster, python3) is
# reported skipped, or fails with TANGRAM_REQUIRE_ALL=1 unless TANGRAM_MAY_SKIP names the
# program (.ci/run: TANGRAM_REQUIRE_ALL=1 TANGRAM_MAY_SKIP=slurm).
#
# The full suite also builds the Python module (-DTANGRAM_PYTHON=ON, with the packages of
# scripts/setup-deps.sh --python) and runs its pytest tests (ctest -L python).
#
#   scripts/test.sh --quick [CTEST ARGS...]
#     the unit tests only (ctest -L unit: the library alone, no CLI runs, no end-to-end solves;
#     about 10 s once built)
#   scripts/test.sh --sanitize [CTEST ARGS...]
#     the unit and CLI tests built with AddressSanitizer + UBSan and the core's invariants
#     asserted (clang++-14, -O1 with TANGRAM_DEBUG_INFO or -g, TANGRAM_SANITIZE=ON,
#     TANGRAM_CHECKED=ON, and TANGRAM_FUZZ=ON so that scripts/fuzz.sh can reuse the build with
#     FUZZ_BUILD=build-asan) in build-asan/; any sanitizer report or violated invariant fails the test that ran it
#     (child processes, the CLI under test, are checked too). The test cases of the doctest
#     suite "slow" (whole solves of big figures, each with a cheaper sibling that runs the same
#     code) are left out (TANGRAM_SLOW_TESTS=OFF); the full suite runs them all.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
export CTEST_PARALLEL_LEVEL=${CTEST_PARALLEL_LEVEL:-$(nproc)}

if [[ "${1:-}" == --sanitize ]]; then
  shift
  scripts/setup-deps.sh --fuzz
  source "$root/scripts/generator.sh"
  # One clang build serves the tests and the fuzz targets (scripts/fuzz.sh with
  # FUZZ_BUILD=build-asan): libFuzzer's coverage (-fsanitize=fuzzer-no-link, TANGRAM_FUZZ) is
  # compiled in everywhere. A build-asan of another compiler (g++ before) starts afresh.
  if [[ -f "$root/build-asan/CMakeCache.txt" ]] &&
     ! grep -q '^CMAKE_CXX_COMPILER:[A-Z]*=.*clang++-14$' "$root/build-asan/CMakeCache.txt"; then
    rm -rf "$root/build-asan"
  fi
  # shellcheck disable=SC2046  # the generator option is one word or none
  cmake -S "$root" -B "$root/build-asan" $(cmake_generator "$root/build-asan") -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_CXX_FLAGS_DEBUG="-O1 ${TANGRAM_DEBUG_INFO:--g}" -DTANGRAM_SANITIZE=ON -DTANGRAM_CHECKED=ON -DBUILD_TESTING=ON \
    -DTANGRAM_SLOW_TESTS=OFF -DTANGRAM_FUZZ=ON
  cmake --build "$root/build-asan" -j "$(nproc)" --target tangram_tests
  # exitcode 99: a sanitizer report is not mistaken for one of the CLI's own exit statuses.
  export ASAN_OPTIONS="halt_on_error=1:print_stacktrace=1:detect_leaks=1:exitcode=99${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
  export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
  exec ctest --test-dir "$root/build-asan" --output-on-failure -L 'unit|cli' "$@"
fi

if [[ "${1:-}" == --quick ]]; then
  shift
  scripts/setup-deps.sh
  scripts/build.sh
  exec ctest --test-dir build --output-on-failure -L unit "$@"
fi

# The module is built for Debian's interpreter, which the packages of --python serve.
scripts/setup-deps.sh --python
scripts/build.sh -DTANGRAM_PYTHON=ON -DPython3_EXECUTABLE=/usr/bin/python3
ctest --test-dir build --output-on-failure "$@"
