#!/usr/bin/env bash
# Solves every rough figure of DIR with two builds, interleaved (figure by figure), and checks
# each answer with the referee on the picture as drawn. Prints one table row per figure.
#
#   experiments/rough/run.sh DIR BASE_TANGRAM NEW_TANGRAM [TIME_LIMIT_S] > table.md
#
# REFEREE overrides the referee (default /work/shared/tools/tangram-referee).
set -euo pipefail
dir=$1 base=$2 new=$3 limit=${4:-20}
referee=${REFEREE:-/work/shared/tools/tangram-referee}
out=$(mktemp -d)
echo "| figure | main | main s | this | this s |"
echo "|---|---|---|---|---|"
for f in "$dir"/*.png "$dir"/*.jpg; do
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
  echo "$row |"
done
rm -rf "$out"
