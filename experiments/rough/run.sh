#!/usr/bin/env bash
# Solves every rough figure of DIR with two builds, interleaved (figure by figure), and checks
# each answer with the referee on the picture as drawn: at its default thresholds, and at the
# thresholds the solver reports (its JSON's "rough_band": spill 2% + band, coverage 95% - band).
# Prints one table row per figure.
#
#   experiments/rough/run.sh DIR BASE_TANGRAM NEW_TANGRAM [TIME_LIMIT_S] > table.md
#
# REFEREE overrides the referee (default /work/shared/tools/tangram-referee).
set -euo pipefail
dir=$1 base=$2 new=$3 limit=${4:-20}
referee=${REFEREE:-/work/shared/tools/tangram-referee}
out=$(mktemp -d)
echo "| figure | main | main s | this (referee's 2%/95%) | this s | band | this (at the band) |"
echo "|---|---|---|---|---|---|---|"
for f in "$dir"/*.png "$dir"/*.jpg; do
  [ -e "$f" ] || continue
  name=$(basename "$f")
  row="| $name"
  for which in base new; do
    bin=${!which}
    json=$out/$which-$name.json
    start=$(date +%s.%N)
    timeout $((limit + 30)) "$bin" solve "$f" --time-limit "$limit" --json "$json" >/dev/null 2>&1 || true
    end=$(date +%s.%N)
    verdict=$("$referee" "$f" "$json" 2>/dev/null | awk '{print $1}' || true)
    row="$row | ${verdict:-ERROR} | $(printf '%.2f' "$(echo "$end - $start" | bc)")"
  done
  # The new build's own thresholds, as its JSON records them (none: the referee's).
  band=$(grep -o '"rough_band": [0-9.e-]*' "$json" 2>/dev/null | awk '{print $2}' || true)
  band=${band:-0}
  spill=$(echo "0.02 + $band" | bc -l) coverage=$(echo "0.95 - $band" | bc -l)
  loose=$("$referee" --max-spill "$spill" --min-coverage "$coverage" "$f" "$json" 2>/dev/null |
    awk '{print $1}' || true)
  echo "$row | $(printf '%.4f' "$band") | ${loose:-ERROR} |"
done
rm -rf "$out"
