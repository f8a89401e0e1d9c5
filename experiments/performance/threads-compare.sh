#!/usr/bin/env bash
# Issue 32, item 2: two builds' own seconds with 1 and 2 threads, interleaved figure by figure
# (build A 1 thread, A 2 threads, B 1 thread, B 2 threads), at 1-degree steps with the exact
# searches off and DT, as threads-kilogram.sh runs one build. Checks that all four runs of a
# figure give the same pieces; only ratios of the same run mean anything on a shared machine.
#
#   experiments/performance/threads-compare.sh TANGRAM_A TANGRAM_B BENCHMARK_DIR NAME...
#
# Prints one line per figure and, per build, the sums and the ratio 1 thread / 2 threads.
set -euo pipefail
[[ $# -ge 4 ]] || { sed -n '2,9s/^# \{0,1\}//p' "$0"; exit 2; }
a=$1 b=$2 benchmark=$3
shift 3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
seconds() { /usr/bin/python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['stats']['seconds'])" "$1"; }
declare -A sum=([a1]=0 [a2]=0 [b1]=0 [b2]=0)
printf '%-12s %8s %8s %8s %8s  %s\n' figure A-1thr A-2thr B-1thr B-2thr pieces
for name in "$@"; do
  for build in a b; do
    for t in 1 2; do
      "${!build}" solve "$benchmark/png/$name.png" --no-exact --rotation-step 1 --strategy dt \
        --threads "$t" --time-limit 60 --json "$work/$build$t.json" > /dev/null 2>&1 || true
    done
  done
  line=$(printf '%-12s' "$name")
  for k in a1 a2 b1 b2; do
    s=$(seconds "$work/$k.json")
    sum[$k]=$(echo "${sum[$k]} + $s" | bc -l)
    line+=$(printf ' %8.3f' "$s")
  done
  same=$(/usr/bin/python3 -c "
import json, sys
runs = [json.load(open(f))['pieces'] for f in sys.argv[1:]]
print('same' if all(r == runs[0] for r in runs) else 'DIFF')" "$work"/a1.json "$work"/a2.json "$work"/b1.json "$work"/b2.json)
  echo "$line  $same"
done
for k in a b; do
  printf 'build %s: 1 thread %.2f s, 2 threads %.2f s, ratio %.2f\n' "$k" "${sum[${k}1]}" \
    "${sum[${k}2]}" "$(echo "${sum[${k}1]} / ${sum[${k}2]}" | bc -l)"
done
printf 'B / A: 1 thread %.2fx faster, 2 threads %.2fx faster (load %s)\n' \
  "$(echo "${sum[a1]} / ${sum[b1]}" | bc -l)" "$(echo "${sum[a2]} / ${sum[b2]}" | bc -l)" \
  "$(cut -d' ' -f1-3 /proc/loadavg)"
