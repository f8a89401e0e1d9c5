#!/usr/bin/env bash
# Install what is missing, build, and solve the example masks/01-square.png.
# Writes out/01-square.json and out/01-square.png and prints the solution; extra arguments
# go to `tangram solve`. Exit status is the solver's.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

scripts/setup-deps.sh
scripts/build.sh
mkdir -p out

status=0
build/tangram solve masks/01-square.png --json out/01-square.json --image out/01-square.png "$@" \
  || status=$?
if [[ -f out/01-square.json ]]; then
  echo "--- out/01-square.json"
  cat out/01-square.json
  echo "--- image: out/01-square.png"
fi
exit "$status"
