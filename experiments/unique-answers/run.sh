#!/usr/bin/env bash
# Runs `tangram solve --unique` on every solvable figure: masks/, masks/sets/ (with their sets)
# and the VALID figures of the KiloGram benchmark sets, upright and turned. A solvable figure
# must never be answered "none" (exit 1): that answer claims a proof that no assembly exists.
# Usage: experiments/unique-answers/run.sh OUT [BENCHMARKS] [TANGRAM]
#   BENCHMARKS: the folder of kilogram-dev and kilogram-dev-rotated
#   (default: $TANGRAM_BENCHMARKS, else /work/shared/benchmarks)
set -u
out=${1:?usage: run.sh OUT [BENCHMARKS] [TANGRAM]}
bench=${2:-${TANGRAM_BENCHMARKS:-/work/shared/benchmarks}}
tangram=${3:-build/tangram}
limit=${LIMIT:-5}
mkdir -p "$out"
csv="$out/answers.csv"
echo "figure,pieces,exit,answer" > "$csv"
one() {  # figure pieces
  local line status
  line=$("$tangram" solve "$1" --pieces "$2" --unique --time-limit "$limit" --threads 1 -q \
    2> "$out/stderr.txt")
  status=$?
  line=${line%%$'\n'*}
  [ -n "$line" ] || line=$(tail -1 "$out/stderr.txt")
  echo "$1,$2,$status,\"${line//\"/\'}\"" >> "$csv"
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
echo "answers: $(cut -d, -f3 "$csv" | tail -n +2 | sort | uniq -c | tr '\n' ' ')"
# masks/sets/ names its unsolvable figures so; every other figure here is solvable.
none=$(awk -F, 'NR > 1 && $3 == 1 && $1 !~ /unsolvable/' "$csv" | wc -l)
echo "none (exit 1) on a solvable figure: $none"
[ "$none" -eq 0 ]
