#!/usr/bin/env bash
# Issue 32, item 2: the raster search's own seconds with 1 and 2 threads, summed over clean
# KiloGram figures, at 1-degree steps with the exact searches off and DT, each figure solved by
# both in turn; checks that both give the same pieces.
#
#   experiments/performance/threads-kilogram.sh TANGRAM BENCHMARK_DIR NAME...
#     e.g. threads-kilogram.sh build/tangram ../shared/benchmarks/kilogram-dev page1-0 page1-105
#
# Prints one line per figure (seconds with 1 and 2 threads, same or DIFF) and the ratio of sums.
set -euo pipefail
[[ $# -ge 3 ]] || { sed -n '2,10s/^# \{0,1\}//p' "$0"; exit 2; }
tangram=$1 benchmark=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
seconds() { /usr/bin/python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['stats']['seconds'])" "$1"; }
sum1=0 sum2=0
for name in "$@"; do
  for t in 1 2; do
    "$tangram" solve "$benchmark/png/$name.png" --no-exact --rotation-step 1 --strategy dt \
      --threads "$t" --time-limit 60 --json "$work/$t.json" > /dev/null 2>&1 || true
  done
  a=$(seconds "$work/1.json") b=$(seconds "$work/2.json")
  same=$(/usr/bin/python3 -c "import json,sys; a, b = (json.load(open(f))['pieces'] for f in sys.argv[1:]); print('same' if a == b else 'DIFF')" "$work/1.json" "$work/2.json")
  echo "$name $a $b $same"
  sum1=$(echo "$sum1 + $a" | bc -l) sum2=$(echo "$sum2 + $b" | bc -l)
done
printf 'sum: 1 thread %.2f s, 2 threads %.2f s, ratio %.2f (load %s)\n' "$sum1" "$sum2" \
  "$(echo "$sum1 / $sum2" | bc -l)" "$(cut -d' ' -f1-3 /proc/loadavg)"
