#!/usr/bin/env bash
# Enumerate ALL tilings of a pentomino board with three solvers, in one run on this machine, and
# compare their counts and wall times:
#   - ours: `tangram solve BOARD.png --pieces pentominoes --all --quiet`, with --threads 1 and 2
#     (pattern: masks/sets/pentominoes/counts/BOARD.png; skipped with a note if missing);
#   - the C++ reference: build/tangram_bench_dlx (bench/dlx_reference.cpp, textbook DLX), built
#     with g++ -O2 into a temp dir when build/ has none;
#   - the npm package `dancing-links` (bench/npm/pentominoes.mjs; `npm ci` is run in bench/npm
#     first when its node_modules is missing; skipped with a note without node/npm).
#
#   scripts/bench-enumerate.sh [--boards 6x10[,5x12,4x15,3x20,8x8-hole]] [--repeat N]
#                              [--npm-repeat N] [--no-npm]
#
# Defaults: --boards 6x10, --repeat 3 (ours and the C++ reference), --npm-repeat 1. Each time is
# the wall time of the whole process (date +%s.%N around it, process start included), the best
# of the runs. TANGRAM_BIN overrides build/tangram. Prints Markdown: one table of counts and
# times, one of ratios (npm / ours 2 threads, ours 2 threads / C++ reference, ours 1 thread /
# ours 2 threads). Known counts (all tilings, no symmetry breaking): 6x10 9356, 5x12 4040,
# 4x15 1472, 3x20 8, 8x8-hole 520. A count that differs from them or between solvers is flagged
# in the table and on stderr, and the script then exits 1. Bad arguments or a missing basic
# tool: exit 2.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bin=${TANGRAM_BIN:-$root/build/tangram}
me=bench-enumerate.sh

usage() {
  sed -n '2,22p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}
die() { echo "$me: $*" >&2; exit 2; }
note() { echo "$me: note: $*" >&2; }

boards_arg=6x10
repeat=3
npm_repeat=1
use_npm=1
while [[ $# -gt 0 ]]; do
  case "$1" in
    --boards) [[ $# -ge 2 ]] || die "--boards needs a value"; boards_arg=$2; shift 2 ;;
    --boards=*) boards_arg=${1#--boards=}; shift ;;
    --repeat) [[ $# -ge 2 ]] || die "--repeat needs a value"; repeat=$2; shift 2 ;;
    --repeat=*) repeat=${1#--repeat=}; shift ;;
    --npm-repeat) [[ $# -ge 2 ]] || die "--npm-repeat needs a value"; npm_repeat=$2; shift 2 ;;
    --npm-repeat=*) npm_repeat=${1#--npm-repeat=}; shift ;;
    --no-npm) use_npm=0; shift ;;
    -h|--help) usage; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done
[[ $repeat =~ ^[1-9][0-9]{0,3}$ ]] || die "bad --repeat '$repeat' (expected a positive integer)"
[[ $npm_repeat =~ ^[1-9][0-9]{0,3}$ ]] || die "bad --npm-repeat '$npm_repeat' (expected a positive integer)"
IFS=, read -r -a boards <<< "$boards_arg"
[[ ${#boards[@]} -gt 0 ]] || die "--boards is empty"
for b in "${boards[@]}"; do
  [[ $b =~ ^[0-9]{1,4}x[0-9]{1,4}$ || $b == 8x8-hole ]] ||
    die "bad board '$b' (expected 6x10, 5x12, 4x15, 3x20, 8x8-hole or WxH)"
done

for tool in awk date grep sed head mktemp; do
  command -v "$tool" > /dev/null || die "needs '$tool', which is not on PATH"
done
[[ $(date +%s.%N) =~ ^[0-9]+\.[0-9]+$ ]] || die "needs GNU date (date +%s.%N gives no nanoseconds here)"

declare -A expected=([6x10]=9356 [5x12]=4040 [4x15]=1472 [3x20]=8 [8x8-hole]=520)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# timed OUT CMD...: runs CMD with stdout to OUT and stderr to OUT.err; sets t_code (its exit
# status) and t_secs (wall seconds).
timed() {
  local out=$1 t0 t1
  shift
  t0=$(date +%s.%N)
  if "$@" > "$out" 2> "$out.err"; then t_code=0; else t_code=$?; fi
  t1=$(date +%s.%N)
  t_secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
}

# best_of N PARSER CMD...: runs CMD N times; sets r_count (the count PARSER reads from stdout,
# or "error (exit N)" / "unreadable" / "varies"), r_secs (the best wall time, or "-") and
# r_err (the first line of stderr of a failed run).
best_of() {
  local n=$1 parser=$2 i count
  shift 2
  r_count=""
  r_secs=-
  r_err=""
  for ((i = 1; i <= n; i++)); do
    timed "$tmp/out" "$@"
    if [[ $t_code -ne 0 ]]; then
      r_count="error (exit $t_code)"
      r_err=$(head -n 1 "$tmp/out.err")
      r_secs=-
      return
    fi
    count=$("$parser" < "$tmp/out")
    [[ -n $count ]] || { r_count=unreadable; r_err=$(head -n 1 "$tmp/out"); r_secs=-; return; }
    if [[ -n $r_count && $count != "$r_count" ]]; then
      r_count="varies ($r_count, $count)"
      return
    fi
    r_count=$count
    if [[ $r_secs == - ]] || awk -v a="$t_secs" -v b="$r_secs" 'BEGIN { exit !(a < b) }'; then
      r_secs=$t_secs
    fi
  done
}

# Our first stdout line reads `9356 solutions ...`: its first integer.
parse_ours() { head -n 1 | grep -oE '[0-9]+' | head -n 1 || true; }
# The references print `NAME board=B solutions=N seconds=S`.
parse_ref() { head -n 1 | sed -nE 's/.*solutions=([0-9]+).*/\1/p'; }

# ---- the solvers available -------------------------------------------------------------------
have_ours=1
if [[ ! -x $bin ]]; then
  note "no tangram binary at $bin (scripts/build.sh, or set TANGRAM_BIN): skipping ours"
  have_ours=0
fi

dlx=$root/build/tangram_bench_dlx
if [[ ! -x $dlx ]]; then
  if command -v g++ > /dev/null; then
    note "no $dlx: building bench/dlx_reference.cpp with g++ -O2 into a temp dir"
    dlx=$tmp/dlx_reference
    g++ -O2 -std=c++17 "$root/bench/dlx_reference.cpp" -o "$dlx" ||
      die "g++ failed on bench/dlx_reference.cpp"
  else
    note "no $dlx and no g++ to build bench/dlx_reference.cpp: skipping the C++ reference"
    dlx=""
  fi
fi

npm_label="dancing-links (npm)"
if [[ $use_npm -eq 1 ]]; then
  if ! command -v node > /dev/null || ! command -v npm > /dev/null; then
    note "node or npm is not on PATH: skipping dancing-links (npm)"
    use_npm=0
  elif [[ ! -d $root/bench/npm/node_modules/dancing-links ]]; then
    note "running npm ci in bench/npm"
    if ! (cd "$root/bench/npm" && npm ci --no-audit --no-fund > "$tmp/npm-ci.log" 2>&1); then
      note "npm ci failed (last lines below): skipping dancing-links (npm)"
      tail -n 5 "$tmp/npm-ci.log" >&2
      use_npm=0
    fi
  fi
  if [[ $use_npm -eq 1 ]]; then
    v=$(node -p 'require(process.argv[1]).version' \
      "$root/bench/npm/node_modules/dancing-links/package.json" 2> /dev/null || true)
    [[ -n $v ]] && npm_label="dancing-links $v (npm)"
  fi
fi

# ---- the runs --------------------------------------------------------------------------------
echo "commit $(git -C "$root" rev-parse --short HEAD 2> /dev/null || echo '?'); $(nproc) cores;" \
  "$(date -u '+%Y-%m-%d %H:%M UTC')"
echo "tangram: $bin; C++ reference: ${dlx:-(none)}; node: $(node --version 2> /dev/null || echo none)"
echo "seconds: wall time of the process, best of $repeat (ours, C++ reference), best of $npm_repeat (npm)"
echo

rows=()
mismatch=0
declare -A secs
# record SOLVER KEY BOARD COUNT SECS ERR: a table row, checked against the known count and
# against the other solvers' counts on the same board.
declare -A first_count
record() {
  local solver=$1 key=$2 board=$3 count=$4 s=$5 err=$6 check
  if [[ ! $count =~ ^[0-9]+$ ]]; then
    check="**FAILED**${err:+: ${err//|/\\|}}"
    mismatch=1
  elif [[ -n ${expected[$board]:-} && $count != "${expected[$board]}" ]]; then
    check="**MISMATCH: expected ${expected[$board]}**"
    mismatch=1
  elif [[ -n ${first_count[$board]:-} && $count != "${first_count[$board]}" ]]; then
    check="**MISMATCH: another solver found ${first_count[$board]}**"
    mismatch=1
  else
    check=ok
    [[ -n ${first_count[$board]:-} ]] || first_count[$board]=$count
  fi
  [[ $check == ok ]] || echo "$me: $check — $solver on $board found '$count'" >&2
  [[ $count =~ ^[0-9]+$ ]] && secs[$key.$board]=$s
  rows+=("| $solver | $board | $count | $s | $check |")
}

for b in "${boards[@]}"; do
  if [[ $have_ours -eq 1 ]]; then
    pattern=$root/masks/sets/pentominoes/counts/$b.png
    if [[ -f $pattern ]]; then
      for t in 1 2; do
        best_of "$repeat" parse_ours "$bin" solve "$pattern" --pieces pentominoes --all \
          --threads "$t" --quiet
        record "tangram --threads $t" "ours$t" "$b" "$r_count" "$r_secs" "$r_err"
      done
    else
      note "no pattern $pattern: skipping ours on $b"
      rows+=("| tangram | $b | - | - | skipped: no masks/sets/pentominoes/counts/$b.png |")
    fi
  fi
  if [[ -n $dlx ]]; then
    best_of "$repeat" parse_ref "$dlx" --board "$b"
    record "dlx_reference (C++ DLX)" ref "$b" "$r_count" "$r_secs" "$r_err"
  fi
  if [[ $use_npm -eq 1 ]]; then
    best_of "$npm_repeat" parse_ref node "$root/bench/npm/pentominoes.mjs" --board "$b"
    record "$npm_label" npm "$b" "$r_count" "$r_secs" "$r_err"
  fi
done

echo "| solver | board | solutions | seconds | check |"
echo "|---|---|---:|---:|---|"
printf '%s\n' "${rows[@]}"
echo

# ratio A B: A / B to two decimals, or n/a when either time is missing.
ratio() {
  local a=${secs[$1]:-} b=${secs[$2]:-}
  if [[ -n $a && -n $b ]] && awk -v b="$b" 'BEGIN { exit !(b > 0) }'; then
    awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", a / b }'
  else
    echo n/a
  fi
}
echo "| board | npm / ours (2 thr) | ours (2 thr) / C++ reference | ours (1 thr) / ours (2 thr) |"
echo "|---|---:|---:|---:|"
for b in "${boards[@]}"; do
  echo "| $b | $(ratio "npm.$b" "ours2.$b") | $(ratio "ours2.$b" "ref.$b") | $(ratio "ours1.$b" "ours2.$b") |"
done

if [[ $mismatch -ne 0 ]]; then
  echo >&2
  echo "$me: !!! COUNT MISMATCH OR FAILED RUN: see the check column above !!!" >&2
  exit 1
fi
