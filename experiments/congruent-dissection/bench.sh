#!/usr/bin/env bash
# Congruent dissections, the benchmark of issue 16 item 5 (not a test): prints Markdown tables.
#   1. counting: A003155 n = 8 (92263 halvings) and A006067 n = 8 (766 quarterings, no mirror
#      images), the time of `tangram dissect --up-to-symmetry`;
#   2. generating: `tangram generate dissection` for K = 2 and pieces of 5-17 squares, grown and
#      grown with holes, on 1 thread and on 2: puzzles a second, the share of candidates kept;
#   3. solving: per figure, `tangram dissect` (all dissections) against the brute-force oracle
#      (oracle.py, every labelling) and the same figure cut into K = 2, 3 and 4 pieces.
#
#   experiments/congruent-dissection/bench.sh [--quick] [--part counting|generating|solving]
#
# TANGRAM_BIN: the program (default build/tangram). --quick: fewer sizes and puzzles; --part:
# that table only.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
tangram=${TANGRAM_BIN:-$root/build/tangram}
quick=0 part=all
while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) quick=1; shift ;;
    --part) part=${2:?}; shift 2 ;;
    *) echo "bench.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
wants() { [[ $part == all || $part == "$1" ]]; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }
since() { echo "$(now) - $1" | bc; }

source "$(dirname "${BASH_SOURCE[0]}")/square.sh"

if wants counting; then
echo "### Counting"
echo
echo "| count | command | result | seconds |"
echo "|---|---|---|---|"
square 8 > "$work/sq8.txt"
for spec in "A003155 n = 8|--parts 2" "A006067 n = 8|--parts 4 --no-mirror"; do
  name=${spec%%|*} flags=${spec#*|}
  start=$(now)
  # shellcheck disable=SC2086
  line=$("$tangram" dissect "$work/sq8.txt" $flags --up-to-symmetry --time-limit 600)
  printf '| %s | dissect %s --up-to-symmetry | %s | %.2f |\n' "$name" "$flags" "${line%% *}" \
    "$(since "$start")"
done

echo
fi

if wants generating; then
echo "### Generating (K = 2)"
echo
echo "| squares | piece | figure | threads | puzzles | seconds | puzzles/s | candidates | kept |"
echo "|---|---|---|---|---|---|---|---|---|"
sizes=(10 14 20 24 28 34)
((quick)) && sizes=(14 24)
for cells in "${sizes[@]}"; do
  for holes in no yes; do
    for threads in 1 2; do
      flags=()
      [[ $holes == yes ]] && flags=(--holes)
      count=$((cells <= 20 ? 200 : cells <= 28 ? 50 : 5))
      ((quick)) && count=$((count / 5))
      out=$("$tangram" generate dissection --cells "$cells" ${flags[@]+"${flags[@]}"} \
        --count "$count" --seed 1 --threads "$threads" --time-limit 60 --out "$work/gen" -q \
        || true)
      # "N of M puzzles in S s (C candidates, ...)"
      read -r found _ _ _ _ seconds _ candidates _ <<< "$(echo "$out" | tr -d '(,')"
      printf '| %d | %d | %s | %d | %d | %s | %.1f | %d | %.2f %% |\n' "$cells" $((cells / 2)) \
        "$([[ $holes == yes ]] && echo "with holes" || echo grown)" "$threads" "$found" \
        "$seconds" "$(echo "$found / $seconds" | bc -l)" "$candidates" \
        "$( ((candidates > 0)) && echo "100 * $found / $candidates" | bc -l || echo 0)"
    done
  done
done
echo
fi

if wants solving; then
echo "### Solving: all dissections, against the brute-force oracle and for K = 2, 3, 4"
echo
echo "| figure | squares | K | dissections | dissect s | oracle s | oracle / dissect |"
echo "|---|---|---|---|---|---|---|"
# Small figures for the oracle (at most 20 squares for K = 2, 12 for K = 3 and 4: it tries
# every labelling), larger ones for K = 2, 3, 4 alone. Each time includes starting the process.
printf '####\n####\n####\n' > "$work/rect-3x4.txt"
printf '####\n####\n####\n####\n' > "$work/square-4.txt"
printf '######\n######\n######\n######\n' > "$work/rect-4x6.txt"
square 6 > "$work/square-6.txt"
"$tangram" generate dissection --cells 12 --count 1 --seed 1 --out "$work/p12" -q > /dev/null
"$tangram" generate dissection --cells 16 --count 1 --seed 1 --out "$work/p16" -q > /dev/null
"$tangram" generate dissection --cells 20 --count 1 --seed 1 --out "$work/p20" -q > /dev/null
cp "$work/p12/puzzle-001.txt" "$work/puzzle-12.txt"
cp "$work/p16/puzzle-001.txt" "$work/puzzle-16.txt"
cp "$work/p20/puzzle-001.txt" "$work/puzzle-20.txt"
for figure in rect-3x4 puzzle-12 square-4 puzzle-16 puzzle-20 rect-4x6 square-6; do
  n=$(tr -cd '#' < "$work/$figure.txt" | wc -c)
  for k in 2 3 4; do
    ((n % k == 0)) || continue
    start=$(now)
    line=$("$tangram" dissect "$work/$figure.txt" --parts "$k" --time-limit 600 || true)
    ours=$(since "$start")
    count=${line%% *} oracle=- ratio=-
    if ((n <= 12 || (n <= 20 && k == 2))); then
      start=$(now)
      expected=$(python3 "$here/oracle.py" "$work/$figure.txt" --parts "$k")
      oracle=$(printf '%.3f' "$(since "$start")")
      ratio=$(printf '%.0f' "$(echo "$oracle / $ours" | bc -l)")
      [[ "$count" == "$expected" ]] || count="$count (oracle: $expected)"
    fi
    printf '| %s | %d | %d | %s | %.3f | %s | %s |\n' "$figure" "$n" "$k" "$count" "$ours" \
      "$oracle" "$ratio"
  done
done
fi
