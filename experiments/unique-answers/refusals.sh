#!/usr/bin/env bash
# Runs `tangram solve` briefly on every solvable figure and lists the ones refused as impossible
# (the outline's sound refusals: corners, arcs, a piece wider than the figure). A solvable
# figure must never be refused: masks/, masks/sets/ with their sets (those named `unsolvable`
# are the expected refusals) and the VALID figures of kilogram-dev and kilogram-dev-rotated.
# Usage: experiments/unique-answers/refusals.sh OUT [BENCHMARKS] [TANGRAM]
#   BENCHMARKS: the folder of kilogram-dev and kilogram-dev-rotated
#   (default: $TANGRAM_BENCHMARKS, else /work/shared/benchmarks)
set -u
out=${1:?usage: refusals.sh OUT [BENCHMARKS] [TANGRAM]}
bench=${2:-${TANGRAM_BENCHMARKS:-/work/shared/benchmarks}}
tangram=${3:-build/tangram}
limit=${LIMIT:-0.3}
mkdir -p "$out"
csv="$out/refusals.csv"
echo "figure,pieces,exit,refused,summary" > "$csv"
one() {  # figure pieces
  local text status refused line
  text=$("$tangram" solve "$1" --pieces "$2" --time-limit "$limit" --threads 1 2>&1)
  status=$?
  refused=0
  line=$(grep -m1 'impossible' <<< "$text")
  [ -n "$line" ] && refused=1
  [ -n "$line" ] || line=$(head -1 <<< "$text")
  # The benchmark folder is written as BENCHMARKS/, whatever its path here.
  line=${line//"$bench/"/BENCHMARKS/}
  echo "${1/#"$bench/"/BENCHMARKS/},$2,$status,$refused,\"${line//\"/\'}\"" >> "$csv"
}
for f in masks/*.png; do one "$f" tangram; done
for dir in masks/sets/*/; do
  set_name=$(basename "$dir")
  for f in $(find "$dir" -name '*.png' | sort); do one "$f" "$set_name"; done
done
for set in kilogram-dev kilogram-dev-rotated; do
  index="$bench/$set/index.csv"
  [ -f "$index" ] || continue
  col=$(head -1 "$index" | tr ',' '\n' | grep -n '^truth_verdict$' | cut -d: -f1)
  awk -F, -v c="$col" 'NR > 1 && $c == "VALID" { print $1 }' "$index" | while read -r name; do
    one "$bench/$set/png/$name.png" tangram
  done
done
echo "figures: $(($(wc -l < "$csv") - 1))"
echo "refused as impossible: $(awk -F, 'NR > 1 && $4 == 1' "$csv" | wc -l)"
awk -F, 'NR > 1 && $4 == 1 { print "  " $1 }' "$csv"
# masks/sets/ names its unsolvable figures so; every other figure here is solvable.
wrong=$(awk -F, 'NR > 1 && $4 == 1 && $1 !~ /unsolvable/' "$csv" | wc -l)
echo "solvable figures refused: $wrong"
[ "$wrong" -eq 0 ]
