#!/usr/bin/env bash
# Install what is missing, build, and run the test suite. Extra arguments go to ctest
# (e.g. scripts/test.sh -R test_geometry, or -j 4).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

scripts/setup-deps.sh
scripts/build.sh
ctest --test-dir build --output-on-failure "$@"
