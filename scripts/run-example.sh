#!/usr/bin/env bash
# Install what is missing, build, and solve the example masks/02-page9-11.png (a figure with a
# hole, default settings: 1-degree rotations, mirroring, distance-transform placement).
# Writes out/02-page9-11.json and out/02-page9-11.png and prints the solution; extra arguments
# go to `tangram solve`. Exit status is the solver's.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

scripts/setup-deps.sh
scripts/build.sh
mkdir -p out

status=0
build/tangram solve masks/02-page9-11.png --json out/02-page9-11.json --image out/02-page9-11.png "$@" \
  || status=$?
if [[ -f out/02-page9-11.json ]]; then
  echo "--- out/02-page9-11.json"
  cat out/02-page9-11.json
  echo "--- image: out/02-page9-11.png"
fi
exit "$status"
