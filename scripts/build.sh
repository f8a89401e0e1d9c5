#!/usr/bin/env bash
# Configure and build tangram into build/ (optimised with debug info, all cores).
#
#   scripts/build.sh [EXTRA CMAKE ARGS...]      e.g. scripts/build.sh -DBUILD_TESTING=OFF
#
# TANGRAM_BUILD_TYPE overrides the build type (default RelWithDebInfo: -O2 -g).
# Run scripts/setup-deps.sh first on a fresh machine.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$root/scripts/generator.sh"

# shellcheck disable=SC2046  # the generator option is one word or none
cmake -S "$root" -B "$root/build" $(cmake_generator "$root/build") -DCMAKE_BUILD_TYPE="${TANGRAM_BUILD_TYPE:-RelWithDebInfo}" "$@"
cmake --build "$root/build" -j "$(nproc)"
