#!/usr/bin/env bash
# The convex figures of the built-in sets that lie on a lattice, with their classes of
# assemblies (issue 33, item 1): `tangram generate convex --all` for each set, its summary line
# and time, and the counts per figure. Prints a Markdown report.
#
#   experiments/convex-figures/run.sh [TANGRAM] [OUT]     defaults: build/tangram, out/convex
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
tangram=${1:-$root/build/tangram}
out=${2:-$root/out/convex}
echo "| set | summary | wall s |"
echo "|---|---|---:|"
for set in tangram chie-no-ita pythagoras pentominoes double-tangram; do
  start=$(date +%s.%N)
  summary=$("$tangram" generate convex --pieces "$set" --all --out "$out/$set" -q)
  end=$(date +%s.%N)
  printf '| %s | %s | %.2f |\n' "$set" "${summary%%: *}" "$(echo "$end - $start" | bc)"
done
echo
for set in tangram chie-no-ita pythagoras; do
  echo "$set (name: sides in lattice steps, the figure's symmetries, classes of assemblies):"
  echo
  tail -n +2 "$out/$set/convex.csv" |
    awk -F'"' '{ split($1, a, ","); split($3, b, ","); printf "- %s: %s; %s symmetries, %s\n", a[1], $2, b[4], b[5] }'
  echo
done
