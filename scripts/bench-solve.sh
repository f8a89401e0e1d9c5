#!/usr/bin/env bash
# Full solves with 1 and 2 threads on the same patterns, in one run: wall time, peak memory,
# speed-up, and whether both thread counts give the same pieces.
#
#   scripts/bench-solve.sh [PATTERN.png...] [-- EXTRA SOLVE ARGS...]
#
# Default patterns: masks/*.png. Example: scripts/bench-solve.sh -- --rotation-step 45
# Prints a Markdown table; needs build/tangram (scripts/build.sh) and /usr/bin/time. Times
# include starting the process (about 0.07 s here, loading OpenCV's libraries) and reading the
# PNG, the same for both thread counts; build/tangram_bench_solve times solve() alone.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bin=${TANGRAM_BIN:-$root/build/tangram}
patterns=()
while [[ $# -gt 0 && "$1" != "--" ]]; do patterns+=("$1"); shift; done
[[ $# -gt 0 ]] && shift
extra=("$@")
[[ ${#patterns[@]} -gt 0 ]] || patterns=("$root"/masks/*.png)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "solve options: ${extra[*]:-(defaults)}; commit $(git -C "$root" rev-parse --short HEAD); $(nproc) cores"
echo
echo "| pattern | exit (1 thr) | s (1 thr) | s (2 thr) | speed-up | peak MB (2 thr) | same pieces |"
echo "|---|---:|---:|---:|---:|---:|---|"
for p in "${patterns[@]}"; do
  n=$(basename "$p" .png)
  declare -A secs mem code
  for t in 1 2; do
    set +e
    /usr/bin/time -f "%e %M" -o "$tmp/$n.$t.time" "$bin" solve "$p" --threads "$t" --quiet \
      --json "$tmp/$n.$t.json" "${extra[@]}" > /dev/null 2>&1
    code[$t]=$?
    set -e
    # GNU time puts "Command exited with non-zero status N" first when the solve fails.
    read -r secs[$t] mem[$t] < <(tail -n 1 "$tmp/$n.$t.time")
  done
  # The pieces (not the stats, which hold times) must match across thread counts.
  same=no
  if diff <(sed 's/"stats".*//' "$tmp/$n.1.json") <(sed 's/"stats".*//' "$tmp/$n.2.json") > /dev/null; then same=yes; fi
  speedup=$(awk -v a="${secs[1]}" -v b="${secs[2]}" 'BEGIN { printf "%.2fx", (b > 0 ? a / b : 0) }')
  mb=$(awk -v k="${mem[2]}" 'BEGIN { printf "%.0f", k / 1024 }')
  echo "| $n | ${code[1]} | ${secs[1]} | ${secs[2]} | $speedup | $mb | $same |"
  [[ ${code[1]} == 0 && ${code[2]} == 0 ]] && echo "${secs[1]} ${secs[2]}" >> "$tmp/all"
done
# Totals and medians over the patterns solved with both thread counts (an unsolved run stops at
# the time limit whatever the thread count, so it says nothing about the speed-up).
median_worst() {  # column of $tmp/all -> "median / worst"
  cut -d' ' -f"$1" "$tmp/all" | sort -g | awk '{ v[NR] = $1 }
    END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
          printf "%.2f / %.2f", m, v[NR] }'
}
if [[ -s "$tmp/all" ]]; then
  awk -v m1="$(median_worst 1)" -v m2="$(median_worst 2)" -v all="${#patterns[@]}" '
    { sa += $1; sb += $2 }
    END {
      printf "| **total over the %d of %d patterns solved** | | %.2f | %.2f | **%.2fx** | | |\n", NR, all, sa, sb, (sb > 0 ? sa / sb : 0)
      printf "| median / worst of those | | %s | %s | | | |\n", m1, m2
    }' "$tmp/all"
fi
