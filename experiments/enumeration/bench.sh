#!/usr/bin/env bash
# Enumeration speed of two tangram binaries, interleaved in one run: the 6 x 10 pentomino
# rectangle (all 9356 tilings and the 2339 classes) and the Stomachion square (all 4288
# assemblies and the 536 classes), each run ROUNDS times by each binary in turn.
#
#   experiments/enumeration/bench.sh BASELINE_BIN NEW_BIN [ROUNDS]
#
# Prints one Markdown row per run (the solver's own seconds and placements, from the summary
# line) and the ratio of the medians, baseline / new. Only ratios measured in the same run mean
# anything: the machine may be shared.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
baseline=${1:?usage: bench.sh BASELINE_BIN NEW_BIN [ROUNDS]}
new=${2:?usage: bench.sh BASELINE_BIN NEW_BIN [ROUNDS]}
rounds=${3:-3}
rect=$root/masks/sets/pentominoes/counts/6x10.png
square=$root/masks/sets/stomachion/01-figure.png
declare -A runs=(
  [6x10-all]="$rect --pieces pentominoes --all"
  [6x10-classes]="$rect --pieces pentominoes --all --up-to-symmetry"
  [stomachion-all]="$square --pieces stomachion --all"
  [stomachion-classes]="$square --pieces stomachion --all --up-to-symmetry"
)
order=(6x10-all 6x10-classes stomachion-all stomachion-classes)
declare -A seconds
echo "| run | binary | assemblies | placements | seconds |"
echo "|---|---|---:|---:|---:|"
for ((r = 1; r <= rounds; r++)); do
  for name in "${order[@]}"; do
    for which in baseline new; do
      bin=$baseline
      [[ $which == new ]] && bin=$new
      # shellcheck disable=SC2086  # the options are words
      out=$("$bin" solve ${runs[$name]} --quiet --time-limit 900 2> /dev/null || true)
      count=$(sed -n 1p <<< "$out" | cut -d' ' -f1)
      line=$(sed -n 2p <<< "$out")
      placements=$(sed -E 's/^ *([0-9]+) placements.*/\1/' <<< "$line")
      s=$(sed -E 's/.* ([0-9.]+) s with.*/\1/' <<< "$line")
      seconds[$name-$which]+="$s "
      echo "| $name | $which | $count | $placements | $s |"
    done
  done
done
median() { tr ' ' '\n' <<< "$1" | grep . | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo
echo "| run | median s baseline | median s new | baseline / new |"
echo "|---|---:|---:|---:|"
for name in "${order[@]}"; do
  b=$(median "${seconds[$name-baseline]}")
  n=$(median "${seconds[$name-new]}")
  printf '| %s | %s | %s | %.1f |\n' "$name" "$b" "$n" "$(echo "$b / $n" | bc -l)"
done
