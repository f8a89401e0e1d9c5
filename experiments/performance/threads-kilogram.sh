#!/usr/bin/env bash
# Issue 32, item 2: the raster search's own seconds with 1 and 2 threads, summed over clean
# KiloGram figures, at 1-degree steps with the exact searches off and DT, each figure solved by
# both in turn; checks that both give the same pieces.
#
#   experiments/performance/threads-kilogram.sh TANGRAM BENCHMARK_DIR NAME...
#     e.g. threads-kilogram.sh build/tangram ../shared/benchmarks/kilogram-dev page1-0 page1-105
#
# Prints one line per figure (seconds with 1 and 2 threads, same or DIFF) and the ratio of sums.
# With REPS=N in the environment, each figure is solved N times with 1 and 2 threads in turn and
# the medians are used (same: every solve of the figure gave the same pieces).
set -euo pipefail
[[ $# -ge 3 ]] || { sed -n '2,12s/^# \{0,1\}//p' "$0"; exit 2; }
tangram=$1 benchmark=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
reps=${REPS:-1}
for name in "$@"; do
  for r in $(seq "$reps"); do
    for t in 1 2; do
      "$tangram" solve "$benchmark/png/$name.png" --no-exact --rotation-step 1 --strategy dt \
        --threads "$t" --time-limit 60 --json "$work/$name.$t.$r.json" > /dev/null 2>&1 || true
    done
  done
done
/usr/bin/python3 - "$work" "$reps" "$@" <<'PY'
import json, statistics, sys
work, reps, names = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
sums = [0.0, 0.0]
for name in names:
    runs = {t: [json.load(open(f"{work}/{name}.{t}.{r}.json")) for r in range(1, reps + 1)]
            for t in (1, 2)}
    medians = [statistics.median(run["stats"]["seconds"] for run in runs[t]) for t in (1, 2)]
    pieces = [run["pieces"] for t in (1, 2) for run in runs[t]]
    same = "same" if all(p == pieces[0] for p in pieces) else "DIFF"
    print(f"{name} {medians[0]} {medians[1]} {same}")
    sums = [sums[0] + medians[0], sums[1] + medians[1]]
print(f"sum: 1 thread {sums[0]:.3f} s, 2 threads {sums[1]:.3f} s, ratio {sums[0] / sums[1]:.3f}", end=" ")
PY
printf '(load %s)\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
