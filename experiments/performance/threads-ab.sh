#!/usr/bin/env bash
# Two builds' own seconds at one thread count, each figure solved REPS times by A then B in
# turn, at 1-degree steps with the exact searches off and DT (as threads-kilogram.sh). Prints
# per figure the minimum and median of each build, then their sums and B / A of the medians:
# on a shared machine a change of a few per cent shows only over repeated, interleaved runs.
#
#   experiments/performance/threads-ab.sh REPS THREADS TANGRAM_A TANGRAM_B BENCHMARK_DIR NAME...
#
# Checks that every solve of a figure gives the same pieces (same / DIFF).
set -euo pipefail
[[ $# -ge 6 ]] || { sed -n '2,9s/^# \{0,1\}//p' "$0"; exit 2; }
# shellcheck disable=SC2034  # a and b are read as ${!build}
reps=$1 threads=$2 a=$3 b=$4 benchmark=$5
shift 5
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for r in $(seq "$reps"); do
  for name in "$@"; do
    for build in a b; do
      "${!build}" solve "$benchmark/png/$name.png" --no-exact --rotation-step 1 --strategy dt \
        --threads "$threads" --time-limit 60 --json "$work/$name.$build.$r.json" > /dev/null 2>&1 || true
    done
  done
done
/usr/bin/python3 - "$work" "$reps" "$@" <<'PY'
import json, statistics, sys
work, reps, names = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
total = {"a": [0.0, 0.0], "b": [0.0, 0.0]}
print(f"{'figure':12s} {'A min':>8s} {'A median':>8s} {'B min':>8s} {'B median':>8s}  pieces")
for name in names:
    row, pieces = [], []
    for build in "ab":
        runs = [json.load(open(f"{work}/{name}.{build}.{r}.json")) for r in range(1, reps + 1)]
        seconds = [run["stats"]["seconds"] for run in runs]
        pieces += [run["pieces"] for run in runs]
        total[build][0] += min(seconds)
        total[build][1] += statistics.median(seconds)
        row += [min(seconds), statistics.median(seconds)]
    same = all(p == pieces[0] for p in pieces)
    print(f"{name:12s}" + "".join(f" {x:8.4f}" for x in row) + ("  same" if same else "  DIFF"))
a, b = total["a"], total["b"]
print(f"sum: A min {a[0]:.3f} s, median {a[1]:.3f} s; B min {b[0]:.3f} s, median {b[1]:.3f} s; "
      f"B / A of the medians {b[1] / a[1]:.3f}")
PY
printf 'load %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
