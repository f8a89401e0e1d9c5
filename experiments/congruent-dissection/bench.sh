#!/usr/bin/env bash
# Congruent dissections, the benchmark of issue 16 item 5 (not a test): prints Markdown tables.
#   1. counting: A003155 n = 8 (92263 halvings; ours and the halving method) and A006067 n = 8
#      (766 quarterings, no mirror images), the time of `tangram dissect --up-to-symmetry`;
#   2. goal: `tangram generate dissection --count 1000 --threads 2 --time-limit 60` for K = 2 and
#      figures of 20-34 squares (pieces of 10-17), by each generator (Kotani's three and ours,
#      --from-piece, with and without holes, and --long-cut): puzzles a second, the share of
#      candidates kept, the puzzles' mean box, rating and attributes, and how many of the first
#      20 `tangram dissect --method ours --unique` re-solves as unique;
#   3. solvers: the same puzzles generated with the halving method (the default) and with ours
#      (the previous default), 1 thread: the seconds and their ratio, and whether the files agree;
#   4. threads: 1 thread against 2;
#   5. solving: per figure, `tangram dissect` (all dissections) against the brute-force oracle
#      (oracle.py, every labelling) and the same figure cut into K = 2, 3 and 4 pieces.
#
#   experiments/congruent-dissection/bench.sh [--quick] [--part counting|goal|solvers|threads|solving]
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
for spec in "A003155 n = 8|--parts 2 --method ours" "A003155 n = 8|--parts 2 --method halving" \
  "A006067 n = 8|--parts 4 --no-mirror"; do
  name=${spec%%|*} flags=${spec#*|}
  start=$(now)
  # shellcheck disable=SC2086
  line=$("$tangram" dissect "$work/sq8.txt" $flags --up-to-symmetry --time-limit 600)
  printf '| %s | dissect %s --up-to-symmetry | %s | %.2f |\n' "$name" "$flags" "${line%% *}" \
    "$(since "$start")"
done

echo
fi

# gen CELLS THREADS COUNT LIMIT [FLAGS...]: `generate dissection --seed 1` into $work/gen; sets
# found, seconds (the program's own, writing the files included) and candidates.
gen() {
  local cells=$1 threads=$2 count=$3 limit=$4 out
  shift 4
  rm -rf "$work/gen"
  out=$("$tangram" generate dissection --cells "$cells" "$@" --count "$count" --seed 1 \
    --threads "$threads" --time-limit "$limit" --out "$work/gen" -q || true)
  # "N of M puzzles in S s (C candidates, ...)"
  read -r found _ _ _ _ seconds _ candidates _ <<< "$(echo "$out" | tr -d '(,')"
}
kept() { ((candidates > 0)) && printf '%.2f %%' "$(echo "100 * $found / $candidates" | bc -l)" || echo -; }
rate() { printf '%.1f' "$(echo "$found / $seconds" | bc -l)"; }
# The puzzles' mean box (rows x columns), difficulty1, amusement, cut (X3), and shares with a
# quarter turn (X4) and a mirror image (X5), from $work/gen.
looks() {
  if ((found == 0)); then echo "- | - | - | - | - | -"; return; fi
  printf '%s | ' "$(awk 'FNR == 1 && NR > 1 { s += r * w; n++; r = w = 0 }
    { r++; if (length($0) > w) w = length($0) } END { s += r * w; n++; printf "%.0f", s / n }' \
    "$work"/gen/puzzle-*.txt)"
  awk -F, 'NR > 1 { n++; d += $9; a += $11; x3 += $6; x4 += $7; x5 += $8 }
    END { printf "%.2f | %.2f | %.1f | %.0f %% | %.0f %%", d / n, a / n, x3 / n, 100 * x4 / n,
          100 * x5 / n }' "$work/gen/puzzles.csv"
}
# How many of the first 20 puzzles in $work/gen `dissect --method ours --unique` finds unique.
checked() {
  local ok=0 total=0 f
  for f in "$work"/gen/puzzle-*.txt; do
    [[ -e $f ]] || break
    ((total < 20)) || break
    total=$((total + 1))
    "$tangram" dissect "$f" --method ours --unique > /dev/null && ok=$((ok + 1))
  done
  echo "$ok/$total"
}
# The generators: name|flags (S for --from-square: the least square of 1.25 x CELLS squares).
generators() {
  local cells=$1 s=1
  while ((s * s * 4 < cells * 5)); do s=$((s + 1)); done
  echo "grown (Kotani 1)|"
  echo "with holes (Kotani 2)|--holes"
  echo "cut off a $s x $s square (Kotani 3)|--from-square $s"
  echo "from a piece (ours)|--from-piece"
  echo "from a piece, holes allowed (ours)|--from-piece --holes"
  echo "from a piece, long cut (ours)|--from-piece --long-cut"
}

if wants goal; then
echo "### The goal: 1,000 puzzles of K = 2 in a minute on 2 threads"
echo
echo "| squares | piece | generator | puzzles | seconds | puzzles/s | candidates | kept | box | difficulty1 | amusement | cut | X4 | X5 | unique |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
sizes=(20 24 28 34)
((quick)) && sizes=(20 34)
for cells in "${sizes[@]}"; do
  while IFS='|' read -r name flags; do
    # shellcheck disable=SC2086
    gen "$cells" 2 $((quick ? 200 : 1000)) 60 $flags
    printf '| %d | %d | %s | %d | %s | %s | %d | %s | %s | %s |\n' "$cells" $((cells / 2)) "$name" \
      "$found" "$seconds" "$(rate)" "$candidates" "$(kept)" "$(looks)" "$(checked)"
  done < <(generators "$cells")
done
echo
fi

if wants solvers; then
echo "### Solvers: the halving method against ours, the same puzzles (1 thread)"
echo
echo "| squares | generator | puzzles | candidates | ours s | halving s | ours / halving | same files |"
echo "|---|---|---|---|---|---|---|---|"
for spec in "20|100|" "20|100|--holes" "28|20|" "34|5|" "34|20|--from-piece"; do
  IFS='|' read -r cells count flags <<< "$spec"
  ((quick)) && count=$(((count + 4) / 5))
  # shellcheck disable=SC2086
  gen "$cells" 1 "$count" 300 $flags --method ours
  slow=$seconds
  mv "$work/gen" "$work/gen-ours"
  # shellcheck disable=SC2086
  gen "$cells" 1 "$count" 300 $flags
  same=no
  diff -r "$work/gen-ours" "$work/gen" > /dev/null && same=yes
  rm -rf "$work/gen-ours"
  printf '| %d | %s | %d | %d | %s | %s | %.0f | %s |\n' "$cells" "${flags:-grown}" "$found" \
    "$candidates" "$slow" "$seconds" "$(echo "$slow / $seconds" | bc -l)" "$same"
done
echo
fi

if wants threads; then
echo "### Threads: the same puzzles on 1 thread and on 2"
echo
echo "| squares | generator | puzzles | 1 thread s | 2 threads s | 1 / 2 |"
echo "|---|---|---|---|---|---|"
for spec in "28|100|" "34|100|" "34|1000|--from-piece"; do
  IFS='|' read -r cells count flags <<< "$spec"
  ((quick)) && count=$(((count + 4) / 5))
  # shellcheck disable=SC2086
  gen "$cells" 1 "$count" 300 $flags
  one=$seconds
  # shellcheck disable=SC2086
  gen "$cells" 2 "$count" 300 $flags
  printf '| %d | %s | %d | %s | %s | %.2f |\n' "$cells" "${flags:-grown}" "$found" "$one" \
    "$seconds" "$(echo "$one / $seconds" | bc -l)"
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
    line=$("$tangram" dissect "$work/$figure.txt" --parts "$k" --method ours --time-limit 600 || true)
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
