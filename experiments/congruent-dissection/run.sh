#!/usr/bin/env bash
# Congruent dissections (issue 16, after Kotani): `tangram dissect` counting the published
# sequences on n x n squares (the centre removed for odd n), Kotani's search against ours, the
# count beside the expected one and the time.
#
#   experiments/congruent-dissection/run.sh [--quick]
#
# TANGRAM_BIN: the program (default build/tangram). Prints the Markdown table of README.md
# here. Without --quick the halving of the 8 x 8 square (about 20 s by ours) and Kotani's
# search on the 7 x 7 square (about 9 s) are in; Kotani's on 8 x 8 is left out (minutes).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
tangram=${TANGRAM_BIN:-$root/build/tangram}
quick=0
[[ "${1:-}" == --quick ]] && quick=1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

source "$(dirname "${BASH_SOURCE[0]}")/square.sh"

# row SEQUENCE N K METHOD MIRROR EXPECTED: one table row; MIRROR yes or no (--no-mirror: the
# pieces may only be turned, as A006067 defines its quarterings).
row() {
  local seq=$1 n=$2 k=$3 method=$4 mirror=$5 expected=$6 start end line flags=()
  [[ $mirror == no ]] && flags=(--no-mirror)
  square "$n" > "$work/sq$n.txt"
  start=$(date +%s.%N)
  line=$("$tangram" dissect "$work/sq$n.txt" --parts "$k" --method "$method" --up-to-symmetry \
    ${flags[@]+"${flags[@]}"} --time-limit 600)
  end=$(date +%s.%N)
  printf '| %s | %d | %d | %s | %s | %s | %s | %.2f |\n' "$seq" "$n" "$k" "$method" "$mirror" \
    "${line%% *}" "$expected" "$(echo "$end - $start" | bc)"
}

echo "| sequence | n | K | method | mirror images | count | expected | seconds |"
echo "|---|---|---|---|---|---|---|---|"
a003155=(0 0 0 0 6 15 255 1897 92263)
for n in 4 5 6 7 8; do
  for method in kotani ours; do
    ((quick && n >= 7)) && continue
    [[ $method == kotani && $n == 8 ]] && continue
    row A003155 "$n" 2 "$method" yes "${a003155[$n]}"
  done
done
# A006067: four pieces "identical up to rotation", mirror images not allowed; the counts with
# mirror images allowed follow (no published sequence to compare with).
a006067=(0 0 0 0 5 7 37 104 766)
for n in 4 5 6 7 8; do
  ((quick && n >= 8)) && continue
  row A006067 "$n" 4 ours no "${a006067[$n]}"
done
for n in 4 5 6 7 8; do
  ((quick && n >= 8)) && continue
  row "(mirrored)" "$n" 4 ours yes "-"
done
