#!/usr/bin/env bash
# `tangram generate puzzles` timed (issue 33, item 2; target: 100 unique Tangram puzzles in
# under a minute on 2 cores): each style on 1 and 2 threads, the summary line, wall time and
# the machine's load. Prints a Markdown report; the load of other jobs slows every row alike
# only when they stay the same, so compare rows of one run.
#
#   experiments/puzzles/run.sh [TANGRAM] [OUT] [COUNT]   defaults: build/tangram, out/puzzles, 100
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
tangram=${1:-$root/build/tangram}
out=${2:-$root/out/puzzles}
count=${3:-100}
echo "Machine: $(nproc) cores; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| set | style | threads | summary | wall s |"
echo "|---|---|---:|---|---:|"
for style in compact sprawling; do
  for threads in 2 1; do
    start=$(date +%s.%N)
    summary=$("$tangram" generate puzzles --pieces tangram --count "$count" --style "$style" \
      --threads "$threads" --seed 1 --out "$out/$style-$threads" -q || true)
    end=$(date +%s.%N)
    printf '| tangram | %s | %s | %s | %.1f |\n' "$style" "$threads" "${summary%%: *}" \
      "$(echo "$end - $start" | bc)"
  done
  cmp -s "$out/$style-1/puzzles.csv" "$out/$style-2/puzzles.csv" &&
    echo "|  | $style | | same puzzles.csv on 1 and 2 threads | |"
done
echo
echo "Load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
