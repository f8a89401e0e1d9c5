#!/usr/bin/env bash
# Stands in for a test whose program was not found when CMake configured (ctest runs it in the
# test's place): reports the test as skipped (exit 77), or failed under TANGRAM_REQUIRE_ALL=1
# unless TANGRAM_MAY_SKIP (a comma-separated list) names the program (as
# tests/optional_tool.hpp does for the doctest cases).
#
#   tests/missing-tool.sh PROGRAM HOW     e.g. tests/missing-tool.sh python3 "apt-get install python3"
set -euo pipefail
tool=${1:?usage: missing-tool.sh PROGRAM HOW}
how=${2:-}
source "$(dirname "${BASH_SOURCE[0]}")/browser/common.sh"
skip_or_fail missing-tool "$tool" "$tool was not found when CMake configured the build ($how)"
