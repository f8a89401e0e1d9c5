#!/usr/bin/env bash
# Configure and build tangram into build/ (optimised with debug info, all cores).
#
#   scripts/build.sh [EXTRA CMAKE ARGS...]      e.g. scripts/build.sh -DBUILD_TESTING=OFF
#
# TANGRAM_BUILD_TYPE overrides the build type (default RelWithDebInfo: -O2 -g), and
# TANGRAM_DEBUG_INFO its debug flag (-g, -g1 for line tables only, -g0; .ci/run: -g1).
# Run scripts/setup-deps.sh first on a fresh machine.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$root/scripts/generator.sh"

# shellcheck disable=SC2046  # the generator option is one word or none
cmake -S "$root" -B "$root/build" $(cmake_generator "$root/build") -DCMAKE_BUILD_TYPE="${TANGRAM_BUILD_TYPE:-RelWithDebInfo}" \
  -DTANGRAM_DEBUG_INFO="${TANGRAM_DEBUG_INFO:--g}" "$@"
cmake --build "$root/build" -j "$(nproc)"
