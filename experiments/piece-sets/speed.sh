#!/usr/bin/env bash
# Issue 14 item 6 (speed) for the double tangram, as ratios in one run, solve() timed inside one
# process (build/tangram_bench_solve: reading the picture and the process start are not timed;
# best of --reps solves per figure and variant, one thread):
#
#   1. the vertex search as published against pruned (SearchConfig::vertex_pruning,
#      core/vertex_search.hpp: every corner compared, spill bound, convex clipping; and, with
#      SearchConfig::vertex_lattice, on the figure's exact lattice first, surd_search.hpp),
#      --search vertex, on the six solvable figures of masks/sets/double-tangram and
#      masks/sets/tangram;
#   2. the default search (ours: lattice, then the vertex search, then the raster search) with
#      the vertex search as published and pruned, on the same figures;
#   3. the default search with the pruned vertex search on the outline only against on the
#      exact lattice first (SearchConfig::vertex_lattice off and on), on the same figures;
#   4. the double tangram against the Tangram, the default search, from 3: median and worst
#      time over the six figures of each (drawn at the same area: 200 px per side of the set's
#      area, scripts/set-patterns.py), and their ratios, for either variant.
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
run() {  # VARY SEARCH SET
  "$bench" --vary "$1" --search "$2" --pieces "$3" --step auto --time-limit "$limit" \
    --reps "$reps" $(figures "$3") || true
}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for search in vertex ours; do
  for set in double-tangram tangram; do
    echo "### --search $search, $set"
    echo
    run pruning "$search" "$set" | tee "$out/$search-$set.md"
    echo
  done
done
for set in double-tangram tangram; do
  echo "### --search ours, $set, the vertex search on the outline and on the lattice first"
  echo
  run lattice ours "$set" | tee "$out/lattice-$set.md"
  echo
done
echo "### The double tangram against the Tangram (--search ours, pruned)"
echo
/usr/bin/python3 - "$out" <<'PY'
import statistics, sys
def times(path, column):
    out = []
    for line in open(path):
        cells = [c.strip() for c in line.strip().strip('|').split('|')]
        if len(cells) == 6 and cells[0].startswith('0'):
            # An unsolved figure counts at its time (the time limit when it ran out).
            out.append(float(cells[column]))
    return out
ratio = lambda a, b: f"{a / b:.1f}x" if b > 0 else "-"
print("| vertex search | set | figures | median s | worst s |")
print("|---|---|---:|---:|---:|")
for name, column in (("on the outline", 2), ("on the lattice first", 3)):
    d = times(f"{sys.argv[1]}/lattice-double-tangram.md", column)
    t = times(f"{sys.argv[1]}/lattice-tangram.md", column)
    print(f"| {name} | tangram | {len(t)} | {statistics.median(t):.3f} | {max(t):.3f} |")
    print(f"| {name} | double-tangram | {len(d)} | {statistics.median(d):.3f} | {max(d):.3f} |")
    print(f"| {name} | **double / single** | | "
          f"**{ratio(statistics.median(d), statistics.median(t))}** | **{ratio(max(d), max(t))}** |")
PY
