#!/usr/bin/env bash
# Exact assemblies (issue 15, items 1, 2 and 5): both KiloGram sets of ../shared/benchmarks (at
# 45 degrees; turned, at the default automatic rotations) and masks/, each solved three ways and
# refereed by ../shared/tools/tangram-referee; summary.md compares coverage, overlap, solved
# figures and times:
#   default   the exact searches first (grid, lattice, then the vertex search on the outline),
#             then the raster search, its assemblies snapped exact (core/snap.hpp)
#   no-exact  the raster search alone, snapped (--no-exact)
#   no-snap   as default, the raster assemblies only polished (--no-snap)
#
#   experiments/exact-assemblies/run.sh [--jobs N] [--variants "default no-exact no-snap"]
#                                                        (TANGRAM_BIN overrides build/tangram)
#
# --variants: which of the three to run (default all); a variant's directories are solved
# afresh (emptied first), the others' kept as they are for summary.md.
#
# Writes SET-VARIANT/ directories (scripts/bench-kilogram.sh's output) and summary.md here.
# Takes about 20 minutes with --jobs 2 on 2 cores.
#
#   experiments/exact-assemblies/run.sh --lattice [--jobs N]
#
# The lattice snap (issue 15 item 1, core/lattice_snap.hpp) instead: kilogram-dev at 45 degrees
# and masks/ (automatic rotations), each solved by default (the snap, then the lattice snap) and
# with --no-lattice-snap (the snap alone), 60 s per figure, into lattice/SET-VARIANT/; then
# lattice.py writes lattice/summary.md: the share of solutions on the set's exact lattice
# (scripts/on-lattice.py) and the referee's coverage and overlap, before and after.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
jobs=2 lattice=0 variants="default no-exact no-snap"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --jobs) jobs=$2; shift 2 ;;
    --variants) variants=$2; shift 2 ;;
    --lattice) lattice=1; shift ;;
    *) echo "run.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
masks=$(mktemp -d)
trap 'rm -rf "$masks"' EXIT
/usr/bin/python3 "$root/scripts/masks-as-benchmark.py" "$masks"
if (( lattice )); then
  mkdir -p "$here/lattice"
  for variant in no-lattice lattice; do
    extra=(--time-limit 60)
    [[ $variant == no-lattice ]] && extra+=(--no-lattice-snap)
    rm -rf "$here/lattice/kilogram-dev-45deg-$variant" "$here/lattice/masks-$variant"
    "$root/scripts/bench-kilogram.sh" --set kilogram-dev --jobs "$jobs" \
      --out "$here/lattice/kilogram-dev-45deg-$variant" -- --rotation-step 45 "${extra[@]}"
    "$root/scripts/bench-kilogram.sh" --set "$masks" --jobs "$jobs" \
      --out "$here/lattice/masks-$variant" -- "${extra[@]}"
  done
  /usr/bin/python3 "$here/lattice.py" "$here/lattice" > "$here/lattice/summary.md"
  cat "$here/lattice/summary.md"
  exit 0
fi
for variant in $variants; do
  case $variant in
    default|no-exact|no-snap) ;;
    *) echo "run.sh: unknown variant '$variant' (default, no-exact, no-snap)" >&2; exit 2 ;;
  esac
done
for variant in $variants; do
  extra=(--time-limit 60)
  [[ $variant == no-exact ]] && extra+=(--no-exact)
  [[ $variant == no-snap ]] && extra+=(--no-snap)
  rm -rf "$here/kilogram-dev-45deg-$variant"
  "$root/scripts/bench-kilogram.sh" --set kilogram-dev --jobs "$jobs" \
    --out "$here/kilogram-dev-45deg-$variant" -- --rotation-step 45 "${extra[@]}"
  rm -rf "$here/kilogram-dev-rotated-$variant"
  "$root/scripts/bench-kilogram.sh" --set kilogram-dev-rotated --jobs "$jobs" \
    --out "$here/kilogram-dev-rotated-$variant" -- "${extra[@]}"
  rm -rf "$here/masks-$variant"
  "$root/scripts/bench-kilogram.sh" --set "$masks" --jobs "$jobs" \
    --out "$here/masks-$variant" -- "${extra[@]}"
done
/usr/bin/python3 "$here/summarise.py" "$here" > "$here/summary.md"
cat "$here/summary.md"
