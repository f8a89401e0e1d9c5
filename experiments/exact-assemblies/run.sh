#!/usr/bin/env bash
# The exact snap (core/snap.hpp) against the polished raster assemblies it replaces: both
# KiloGram sets of ../shared/benchmarks (at 45 degrees; turned, at the default automatic
# rotations) and masks/, each solved with the default settings and with --no-snap, refereed by
# ../shared/tools/tangram-referee; summary.md compares coverage, overlap and solved figures.
#
#   experiments/exact-assemblies/run.sh [--jobs N]      (TANGRAM_BIN overrides build/tangram)
#
# Writes RUN-VARIANT/ directories (scripts/bench-kilogram.sh's output) and summary.md here.
# Takes about 40 minutes with --jobs 2 on 2 cores.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
jobs=2
[[ "${1:-}" == "--jobs" ]] && jobs=$2
masks=$(mktemp -d)
trap 'rm -rf "$masks"' EXIT
/usr/bin/python3 "$root/scripts/masks-as-benchmark.py" "$masks"
for variant in snap no-snap; do
  extra=(--time-limit 60)
  [[ $variant == no-snap ]] && extra+=(--no-snap)
  "$root/scripts/bench-kilogram.sh" --set kilogram-dev --jobs "$jobs" \
    --out "$here/kilogram-dev-45deg-$variant" -- --rotation-step 45 "${extra[@]}"
  "$root/scripts/bench-kilogram.sh" --set kilogram-dev-rotated --jobs "$jobs" \
    --out "$here/kilogram-dev-rotated-$variant" -- "${extra[@]}"
  "$root/scripts/bench-kilogram.sh" --set "$masks" --jobs "$jobs" \
    --out "$here/masks-$variant" -- "${extra[@]}"
done
/usr/bin/python3 "$here/summarise.py" "$here" > "$here/summary.md"
cat "$here/summary.md"
