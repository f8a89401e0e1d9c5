#!/usr/bin/env bash
# What 2 threads could gain at most on this machine, beside what they gain: each figure solved
# REPS times in turn (a) with 1 thread alone, (b) twice at once, two 1-thread processes side by
# side, and (c) with 2 threads, at 1-degree steps with the exact searches off and DT (as
# threads-kilogram.sh). Two independent solves share nothing but the hardware, so the time a
# pair takes says how fast the machine runs this work on both cores at once: a 2-thread solve
# cannot beat half of it. Prints per figure the medians and both ratios, then the ratios of the
# sums:
#   ceiling = 2 x (1 thread alone) / (a pair, mean of the two)
#   2 threads = (1 thread alone) / (2 threads)
#
#   experiments/performance/threads-ceiling.sh REPS TANGRAM BENCHMARK_DIR NAME...
#
# Checks that every solve of a figure gives the same pieces (same / DIFF).
set -euo pipefail
[[ $# -ge 4 ]] || { sed -n '2,13s/^# \{0,1\}//p' "$0"; exit 2; }
reps=$1 tangram=$2 benchmark=$3
shift 3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
solve() {  # NAME THREADS OUT
  "$tangram" solve "$benchmark/png/$1.png" --no-exact --rotation-step 1 --strategy dt \
    --threads "$2" --time-limit 60 --json "$3" > /dev/null 2>&1 || true
}
for r in $(seq "$reps"); do
  for name in "$@"; do
    solve "$name" 1 "$work/$name.alone.$r.json"
    solve "$name" 1 "$work/$name.pair1.$r.json" &
    solve "$name" 1 "$work/$name.pair2.$r.json" &
    wait
    solve "$name" 2 "$work/$name.two.$r.json"
  done
done
/usr/bin/python3 - "$work" "$reps" "$@" <<'PY'
import json, statistics, sys
work, reps, names = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
def load(name, kind):
    return [json.load(open(f"{work}/{name}.{kind}.{r}.json")) for r in range(1, reps + 1)]
sums = [0.0, 0.0, 0.0]
print(f"{'figure':12s} {'alone':>8s} {'pair':>8s} {'2 thr':>8s} {'ceiling':>8s} {'2 thr':>8s}  pieces")
for name in names:
    runs = {kind: load(name, kind) for kind in ("alone", "pair1", "pair2", "two")}
    alone = statistics.median(run["stats"]["seconds"] for run in runs["alone"])
    pair = statistics.median((a["stats"]["seconds"] + b["stats"]["seconds"]) / 2
                             for a, b in zip(runs["pair1"], runs["pair2"]))
    two = statistics.median(run["stats"]["seconds"] for run in runs["two"])
    pieces = [run["pieces"] for kind in runs for run in runs[kind]]
    same = all(p == pieces[0] for p in pieces)
    for i, x in enumerate((alone, pair, two)):
        sums[i] += x
    print(f"{name:12s} {alone:8.4f} {pair:8.4f} {two:8.4f} {2 * alone / pair:8.2f} "
          f"{alone / two:8.2f}  {'same' if same else 'DIFF'}")
alone, pair, two = sums
print(f"sum: alone {alone:.3f} s, pair {pair:.3f} s, 2 threads {two:.3f} s; "
      f"ceiling {2 * alone / pair:.2f}, 2 threads {alone / two:.2f}")
PY
printf 'load %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
