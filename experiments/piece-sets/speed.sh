#!/usr/bin/env bash
# Issue 14 item 6 (speed) for the double tangram, as ratios in one run, solve() timed inside one
# process (build/tangram_bench_solve: reading the picture and the process start are not timed;
# best of --reps solves per figure and variant, one thread):
#
#   1. the vertex search as published against pruned (SearchConfig::vertex_pruning,
#      core/vertex_search.hpp: every corner compared, spill bound, convex clipping), --search
#      vertex, on the six solvable figures of masks/sets/double-tangram and masks/sets/tangram;
#   2. the default search (ours: lattice, then the vertex search, then the raster search) with
#      the vertex search as published and pruned, on the same figures;
#   3. the double tangram against the Tangram, the default search, pruned: median and worst
#      time over the six figures of each (drawn at the same area: 200 px per side of the set's
#      area, scripts/set-patterns.py), and their ratios.
#
#   experiments/piece-sets/speed.sh [--reps N] [--time-limit SEC]   (defaults: 3, 60)
#
# BENCH overrides build/tangram_bench_solve. Prints Markdown.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
bench=${BENCH:-$root/build/tangram_bench_solve}
reps=3
limit=60
while [[ $# -gt 0 ]]; do
  case $1 in
    --reps) reps=$2; shift 2 ;;
    --time-limit) limit=$2; shift 2 ;;
    *) echo "speed.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
if [[ ! -x $bench ]]; then
  echo "speed.sh: no $bench (cmake --build build --target tangram_bench_solve)" >&2
  exit 2
fi
figures() { ls "$root"/masks/sets/"$1"/0[1-6]-*.png; }
run() {  # SEARCH SET
  "$bench" --vary pruning --search "$1" --pieces "$2" --step auto --time-limit "$limit" \
    --reps "$reps" $(figures "$2") || true
}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for search in vertex ours; do
  for set in double-tangram tangram; do
    echo "### --search $search, $set"
    echo
    run "$search" "$set" | tee "$out/$search-$set.md"
    echo
  done
done
echo "### The double tangram against the Tangram (--search ours, pruned)"
echo
/usr/bin/python3 - "$out" <<'PY'
import statistics, sys
def pruned_times(path):
    times = []
    for line in open(path):
        cells = [c.strip() for c in line.strip().strip('|').split('|')]
        if len(cells) == 6 and cells[0].startswith('0'):
            # An unsolved figure counts at its time (the time limit when it ran out).
            times.append(float(cells[3]))
    return times
d = pruned_times(f"{sys.argv[1]}/ours-double-tangram.md")
t = pruned_times(f"{sys.argv[1]}/ours-tangram.md")
print("| set | figures | median s | worst s |")
print("|---|---:|---:|---:|")
print(f"| tangram | {len(t)} | {statistics.median(t):.3f} | {max(t):.3f} |")
print(f"| double-tangram | {len(d)} | {statistics.median(d):.3f} | {max(d):.3f} |")
ratio = lambda a, b: f"{a / b:.1f}x" if b > 0 else "-"
print(f"| **double / single** | | **{ratio(statistics.median(d), statistics.median(t))}** | "
      f"**{ratio(max(d), max(t))}** |")
PY
