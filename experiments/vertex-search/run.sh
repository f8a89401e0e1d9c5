#!/usr/bin/env bash
# The vertex search (--search vertex) beside the default search (--search ours, which since
# 4caa14d runs the vertex search first) and the raster search alone (--search ours --no-exact) on
# masks/ and both KiloGram sets of ../shared/benchmarks, one solver process per figure, one at a time,
# 60 s limit, one thread, refereed by ../shared/tools/tangram-referee (scripts/bench-kilogram.sh).
#
#   experiments/vertex-search/run.sh [OUT]     (default OUT: experiments/vertex-search)
#
# Uses TANGRAM_BIN (default /tmp/tangram-vertex, a copy of build/tangram, so that rebuilds do not
# disturb the runs). kilogram-dev is run at 45 degrees (--rotation-step 45 for the raster
# search; the vertex search has no rotation step), kilogram-dev-rotated and masks/ with the
# default rotations.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-$here}
export TANGRAM_BIN=${TANGRAM_BIN:-/tmp/tangram-vertex}
masks=$(mktemp -d)/masks
/usr/bin/python3 "$root/scripts/masks-as-benchmark.py" "$masks"
bench() { "$root/scripts/bench-kilogram.sh" --jobs 1 "$@"; }
for run in vertex ours raster; do
  case $run in
    vertex) args=(--search vertex) ;;
    ours) args=(--search ours) ;;
    raster) args=(--search ours --no-exact) ;;
  esac
  at45=(); [[ $run == vertex ]] || at45=(--rotation-step 45)
  bench --set "$masks" --out "$out/masks-$run" -- "${args[@]}" --time-limit 60 --threads 1
  bench --set kilogram-dev --out "$out/kilogram-dev-45deg-$run" \
    -- "${args[@]}" "${at45[@]}" --time-limit 60 --threads 1
  bench --set kilogram-dev-rotated --out "$out/kilogram-dev-rotated-$run" \
    -- "${args[@]}" --time-limit 60 --threads 1
done
/usr/bin/python3 "$here/summarise.py" "$out" > "$out/summary.md"
