#!/usr/bin/env bash
# Process start-up of two builds of tangram, in one run (issue 32, item 1): today's build
# (BASELINE, before pictures were read without opencv_imgcodecs) against this one (NEW).
#
#   experiments/startup/run.sh [--runs N] [--baseline PATH] [--new PATH] [--realtime]
#
# Defaults: N = 30, BASELINE = /work/baseline/build/tangram, NEW = build/tangram. For each
# program: the shared libraries ldd lists and the ones the dynamic loader actually maps
# (LD_DEBUG=files, dlopen included), then N rounds, the two programs taking turns within each
# round, of `tangram --version`, `tangram solve masks/01-square.png --json F` and the same with
# `--json -` (the JSON on standard output: no file to make durable, see docs/durability.md),
# timed as whole processes (date +%s%N around each), with the solver's own time read from the
# JSON (stats.seconds).
# Prints a Markdown report: medians, and the ratios that are the claims (the whole process over
# the solver's own time, NEW over BASELINE). Timings depend on the machine and its load; the
# ratios within one run are what compares. --realtime runs each timed process under
# `chrt -f 10` (root; real-time scheduling), so that other work on a shared machine delays it
# less: closer to a quiet machine.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
runs=30
baseline=/work/baseline/build/tangram
new=$root/build/tangram
prefix=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --baseline) baseline=$2; shift 2 ;;
    --new) new=$2; shift 2 ;;
    --realtime) prefix=(chrt -f 10); shift ;;
    -h|--help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) echo "run.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
for program in "$baseline" "$new"; do
  [[ -x $program ]] || { echo "run.sh: no program at $program" >&2; exit 2; }
done
pattern=$root/masks/01-square.png
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Seconds taken by the command, as a decimal; its standard output goes to file OUT.
seconds_to() {
  local out=$1 start end
  shift
  start=$(date +%s%N)
  "${prefix[@]}" "$@" >"$out" 2>/dev/null
  end=$(date +%s%N)
  awk -v d=$((end - start)) 'BEGIN { printf "%.6f\n", d / 1e9 }'
}
seconds_of() { seconds_to /dev/null "$@"; }
own_of() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["stats"]["seconds"])' "$1"; }

# The median of the numbers on standard input.
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

names=(baseline new)
programs=("$baseline" "$new")
for i in 0 1; do
  p=${programs[$i]}
  ldd "$p" | wc -l > "$work/${names[$i]}.ldd"
  LD_DEBUG=files "$p" --version 2>&1 >/dev/null | grep -c "generating link map" > "$work/${names[$i]}.mapped"
  LD_DEBUG=files "$p" solve "$pattern" --json "$work/warm.json" 2>&1 >/dev/null |
    grep -c "generating link map" > "$work/${names[$i]}.mapped-solve"
done

# One warm-up of each, then the rounds.
for p in "${programs[@]}"; do "$p" --version >/dev/null; "$p" solve "$pattern" --json "$work/warm.json" >/dev/null; done
for ((r = 0; r < runs; ++r)); do
  for i in 0 1; do
    p=${programs[$i]}
    n=${names[$i]}
    seconds_of "$p" --version >> "$work/$n.version"
    seconds_of "$p" solve "$pattern" --json "$work/$n-$r.json" >> "$work/$n.solve"
    own_of "$work/$n-$r.json" >> "$work/$n.own"
    seconds_to "$work/$n-$r.out.json" "$p" solve "$pattern" --json - >> "$work/$n.stdout"
    own_of "$work/$n-$r.out.json" >> "$work/$n.stdout-own"
  done
done

for n in "${names[@]}"; do
  for m in version solve own stdout stdout-own; do median < "$work/$n.$m" > "$work/$n.$m.median"; done
done
value() { cat "$work/$1.$2"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

echo "| program | libraries listed (ldd) | mapped: --version | mapped: solve | --version (s) | solve, process (s) | solve, own (s) | process / own | --json -: process (s) | own (s) | process / own |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for i in 0 1; do
  n=${names[$i]}
  echo "| $n: ${programs[$i]} | $(value "$n" ldd) | $(value "$n" mapped) | $(value "$n" mapped-solve) |" \
       "$(value "$n" version.median) | $(value "$n" solve.median) | $(value "$n" own.median) |" \
       "$(ratio "$(value "$n" solve.median)" "$(value "$n" own.median)") |" \
       "$(value "$n" stdout.median) | $(value "$n" stdout-own.median) |" \
       "$(ratio "$(value "$n" stdout.median)" "$(value "$n" stdout-own.median)") |"
done
echo
echo "new / baseline (medians of $runs runs each, taking turns): --version" \
     "$(ratio "$(value new version.median)" "$(value baseline version.median)"), solve as a process" \
     "$(ratio "$(value new solve.median)" "$(value baseline solve.median)"), the solver's own time" \
     "$(ratio "$(value new own.median)" "$(value baseline own.median)")."
echo "Pattern: masks/01-square.png.${prefix[*]:+ Timed under ${prefix[*]}.}" \
     "Load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)."
