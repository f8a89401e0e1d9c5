#!/usr/bin/env bash
# Many figures in one process against one process per figure (issue 18, item 1): the first N
# clean figures of ../shared/benchmarks/kilogram-dev (truth_verdict VALID) solved at 45 degrees
#   (a) by one `tangram solve FIGURE --json` process per figure, one at a time;
#   (b) by one `tangram solve FIGURES... --out-dir` process, one figure at a time (--jobs 1);
#   (c) by the same with the default jobs (one per core, the cores shared among them).
# Each with one thread per figure in (a) and (b). Prints a Markdown table: wall seconds, the
# figures solved, seconds per figure, and the ratios to (a) measured in this one run.
#
#   experiments/scale-out/run.sh [N]      (N: figures, default 100)
#
# TANGRAM_BIN: the program (default build/tangram; copy it elsewhere if others rebuild).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
tangram=${TANGRAM_BIN:-$root/build/tangram}
bench=${KILOGRAM:-$root/../shared/benchmarks/kilogram-dev}
n=${1:-100}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mapfile -t figures < <(awk -F, -v d="$bench/png" 'NR > 1 && $8 == "VALID" { print d "/" $1 ".png" }' \
  "$bench/index.csv" | head -n "$n")
options=(--rotation-step 45 --time-limit 60 -q)

now() { date +%s.%N; }
start=$(now)
solved_a=0
for f in "${figures[@]}"; do
  if "$tangram" solve "$f" "${options[@]}" --threads 1 --json "$work/$(basename "$f" .png).json" \
    2> /dev/null; then solved_a=$((solved_a + 1)); fi
done
a=$(echo "$(now) - $start" | bc)

batch() {  # batch DIR JOBS THREADS: wall seconds, then figures solved
  local dir=$1 jobs=$2 threads=$3 t0 t1
  t0=$(now)
  "$tangram" solve "${figures[@]}" "${options[@]}" --out-dir "$dir" --jobs "$jobs" \
    --threads "$threads" > /dev/null 2>&1 || true
  t1=$(now)
  echo "$(echo "$t1 - $t0" | bc) $(grep -c ',solved$' "$dir/runs.csv" || true)"
}
read -r b solved_b < <(batch "$work/b" 1 1)
read -r c solved_c < <(batch "$work/c" 0 0)

count=${#figures[@]}
row() {  # row NAME SECONDS SOLVED
  printf '| %s | %.1f | %d/%d | %.3f | %.2f |\n' "$1" "$2" "$3" "$count" \
    "$(echo "$2 / $count" | bc -l)" "$(echo "$2 / $a" | bc -l)"
}
echo "| run | wall s | solved | s per figure | time / (a) |"
echo "|---|---:|---:|---:|---:|"
row "(a) one process per figure" "$a" "$solved_a"
row "(b) one process, --jobs 1 --threads 1" "$b" "$solved_b"
row "(c) one process, default jobs and threads" "$c" "$solved_c"
printf '\nOverhead of a process per figure: %.0f ms per figure ((a) - (b), over %d figures).\n' \
  "$(echo "($a - $b) * 1000 / $count" | bc -l)" "$count"
