#!/usr/bin/env bash
# Measure the solver on a KiloGram benchmark set of ../shared/benchmarks and referee the results.
#
#   scripts/bench-kilogram.sh [--set kilogram-dev|kilogram-dev-rotated] [--jobs N] [--limit N]
#                             [--timeout S] [--out DIR] [-- EXTRA SOLVE ARGS...]
#
#   --set      benchmark set under ../shared/benchmarks (default kilogram-dev), or the path of a
#              directory laid out as one (index.csv, png/), e.g. scripts/masks-as-benchmark.py's
#   --jobs     figures solved in parallel (default 1; times are per solver process, so several
#              jobs share the machine and each may run slower)
#   --limit    only the first N figures of the set's index.csv (default all)
#   --timeout  kill a solver run after S seconds, recorded as exit code 124 (default none)
#   --out      output directory (default out/bench-SET-TIMESTAMP); rerunning with the same
#              --out resumes: figures with both a JSON and a record in runs.csv are skipped
#   EXTRA      passed on to `tangram solve`, e.g. -- --rotation-step 45 --time-limit 60
#
# For each figure runs `tangram solve png/NAME.png --json OUT/NAME.json --quiet EXTRA...`
# (TANGRAM_BIN overrides build/tangram, e.g. scripts/truth-solver.sh to test this pipeline)
# and writes into OUT:
#   runs.csv       name,exit_code,seconds (wall time of the solver process)
#   logs/NAME.log  the solver's output, when it printed anything
#   meta.txt       command, set, solver, commit, machine
#   pairs.tsv      pattern<TAB>solution for ../shared/tools/tangram-referee --batch
#   referee.jsonl  one referee verdict per figure (--json)
#   summary.md     scripts/summarise-bench.py OUT: VALID share and times per group of figures
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
command_line=$(printf '%q ' "$0" "$@")
[[ -z "${TANGRAM_BIN:-}" ]] || command_line="TANGRAM_BIN=$(printf '%q' "$TANGRAM_BIN") $command_line"

die() { echo "bench-kilogram: $*" >&2; exit 2; }
usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; }
need_value() { [[ $# -ge 2 && -n "$2" ]] || die "$1 needs a value (try --help)"; }

set_name=kilogram-dev jobs=1 limit=0 timeout=0 out=""
extra=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --set) need_value "$@"; set_name=$2; shift 2 ;;
    --jobs) need_value "$@"; jobs=$2; shift 2 ;;
    --limit) need_value "$@"; limit=$2; shift 2 ;;
    --timeout) need_value "$@"; timeout=$2; shift 2 ;;
    --out) need_value "$@"; out=$2; shift 2 ;;
    --) shift; extra=("$@"); break ;;
    -h|--help) usage; exit 0 ;;
    *) die "unknown argument '$1' (try --help)" ;;
  esac
done
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || die "--jobs must be a positive integer"
[[ "$limit" =~ ^[0-9]+$ ]] || die "--limit must be a non-negative integer"
[[ "$timeout" =~ ^[0-9]+$ ]] || die "--timeout must be whole seconds"
(( BASH_VERSINFO[0] > 5 || (BASH_VERSINFO[0] == 5 && BASH_VERSINFO[1] >= 1) )) \
  || die "needs bash >= 5.1 (wait -n -p)"

shared=$(cd "$root/../shared" 2>/dev/null && pwd) || die "no ../shared next to the repository"
# A name is a set of ../shared/benchmarks; a path (with a /) any directory laid out as one
# (index.csv and png/; scripts/masks-as-benchmark.py makes one of masks/).
if [[ "$set_name" == */* ]]; then
  set_dir=$(realpath "$set_name"); set_name=$(basename "$set_dir")
else
  set_dir="$shared/benchmarks/$set_name"
fi
referee="$shared/tools/tangram-referee"
[[ -f "$set_dir/index.csv" && -d "$set_dir/png" ]] || die "no benchmark set $set_dir"
bin=${TANGRAM_BIN:-$root/build/tangram}
[[ -x "$bin" ]] || die "no solver at $bin; build it with scripts/build.sh"
bin=$(realpath "$bin")
solver=("$bin")
(( timeout == 0 )) || solver=(timeout -k 10 "$timeout" "$bin")

out=${out:-$root/out/bench-$set_name-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out/logs"
out=$(realpath "$out")

# --- metadata; a resumed run must use the same set and solver options -----------------------
solve_args=""
[[ ${#extra[@]} -eq 0 ]] || solve_args=$(printf '%q ' "${extra[@]}")
if [[ -f "$out/meta.txt" ]]; then
  prev=$(sed -n 's/^solve_args=//p;s/^set=/set /p' "$out/meta.txt" | tr '\n' '|')
  [[ "$prev" == "set $set_name|$solve_args|" ]] \
    || die "$out was made with another set or other solver options ($(sed -n 's/^command=//p' "$out/meta.txt"))"
fi
if commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null); then
  # Results do not count: OUT and its siblings (an experiment's other result folders) when OUT
  # is inside the checkout, as experiments/'s are.
  exclude=()
  out_rel=$(realpath -m --relative-to="$root" "$out")
  [[ "$out_rel" == ../* || "$out_rel" != */* ]] || exclude=(":(exclude,glob)$(dirname "$out_rel")/*/**")
  [[ -z "$(git -C "$root" status --porcelain -- . "${exclude[@]}" 2>/dev/null)" ]] ||
    commit="$commit + uncommitted changes"
elif git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
  commit="uncommitted (no commit yet)"
else
  commit="unknown (not a git checkout)"
fi
if [[ -f "$out/meta.txt" ]]; then
  old_commit=$(sed -n 's/^commit=//p' "$out/meta.txt")
  [[ "$old_commit" == "$commit" ]] \
    || echo "bench-kilogram: warning: resuming a run made at commit '$old_commit', now '$commit'" >&2
fi
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
{
  printf 'command=%s\n' "${command_line% }"
  printf 'set=%s\n' "$set_name"
  printf 'index=%s\n' "$set_dir/index.csv"
  printf 'solver=%s\n' "$bin"
  printf 'solve_args=%s\n' "$solve_args"
  printf 'jobs=%s\nlimit=%s\ntimeout=%s\n' "$jobs" "$limit" "$timeout"
  printf 'commit=%s\n' "$commit"
  printf 'nproc=%s\ncpu=%s\n' "$(nproc)" "${cpu:-unknown}"
  printf 'started=%s\n' "$(date '+%Y-%m-%d %H:%M:%S %z')"
} > "$out/meta.txt"

# --- figures to run -------------------------------------------------------------------------
mapfile -t names < <(awk -F, 'NR > 1 && $1 != "" { print $1 }' "$set_dir/index.csv")
if (( limit > 0 && limit < ${#names[@]} )); then
  names=("${names[@]:0:limit}")
fi
[[ -f "$out/runs.csv" ]] || echo "name,exit_code,seconds" > "$out/runs.csv"
declare -A recorded=()
while IFS=, read -r name _; do recorded[$name]=1; done < <(tail -n +2 "$out/runs.csv")
todo=()
for name in "${names[@]}"; do
  [[ -n "${recorded[$name]:-}" && -f "$out/$name.json" ]] || todo+=("$name")
done
total=${#names[@]}
finished=$(( total - ${#todo[@]} ))
(( finished == 0 )) || echo "bench-kilogram: $finished of $total figures already done in $out" >&2

# Solve one figure and append its record; the record is written last, so an interrupted run
# leaves no record and is redone on resume. Runs in a background subshell.
run_one() {
  local name=$1 rc=0 t0 t1 spid
  local json="$out/$name.json" log="$out/logs/$name.log"
  rm -f "$json"
  t0=$(date +%s.%N)
  "${solver[@]}" solve "$set_dir/png/$name.png" --json "$json" --quiet ${extra[@]+"${extra[@]}"} \
    > "$log" 2>&1 < /dev/null &
  spid=$!
  trap 'kill "$spid" 2>/dev/null; exit 143' TERM
  wait "$spid" || rc=$?
  t1=$(date +%s.%N)
  [[ -s "$log" ]] || rm -f "$log"
  # one short line per write: concurrent appends do not interleave
  printf '%s,%s,%s\n' "$name" "$rc" "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')" \
    >> "$out/runs.csv"
}

clock() { printf '%d:%02d:%02d' $(($1 / 3600)) $(($1 % 3600 / 60)) $(($1 % 60)); }
now_us() { echo "${EPOCHREALTIME/[.,]/}"; }

declare -A running=()   # pid -> figure name
ran=0
start_us=$(now_us)
# Wait for one job to end and print a progress line for it.
reap_one() {
  local pid="" name rc secs elapsed eta
  wait -n -p pid || true
  [[ -n "$pid" && -n "${running[$pid]:-}" ]] || return 0
  name=${running[$pid]}
  unset "running[$pid]"
  finished=$((finished + 1)) ran=$((ran + 1))
  IFS=, read -r _ rc secs < <(awk -F, -v n="$name" '$1 == n { r = $0 } END { print r }' "$out/runs.csv")
  elapsed=$(( ($(now_us) - start_us) / 1000000 ))
  eta=$(( ($(now_us) - start_us) * (total - finished) / ran / 1000000 ))
  printf '[%*d/%d] %-12s exit %-3s %8s s | elapsed %s, ETA %s\n' "${#total}" "$finished" "$total" \
    "$name" "${rc:-?}" "${secs:-?}" "$(clock "$elapsed")" "$(clock "$eta")" >&2
}
on_signal() {
  trap - INT TERM
  echo "bench-kilogram: interrupted; resume with --out $out" >&2
  [[ ${#running[@]} -eq 0 ]] || kill "${!running[@]}" 2>/dev/null || true
  wait
  exit 130
}
trap on_signal INT TERM

for name in ${todo[@]+"${todo[@]}"}; do
  while (( ${#running[@]} >= jobs )); do reap_one; done
  run_one "$name" &
  running[$!]=$name
done
while (( ${#running[@]} > 0 )); do reap_one; done
trap - INT TERM

# Keep one record per figure (the latest), in index order; records of figures outside this
# selection (an earlier run with a larger --limit) follow.
printf '%s\n' "${names[@]}" | awk -F, '
  NR == FNR { want[++m] = $1; next }
  FNR == 1 { print; next }
  !($1 in rec) { order[++n] = $1 }
  { rec[$1] = $0 }
  END {
    for (i = 1; i <= m; i++) if (want[i] in rec) { print rec[want[i]]; shown[want[i]] = 1 }
    for (i = 1; i <= n; i++) if (!(order[i] in shown)) print rec[order[i]]
  }' - "$out/runs.csv" > "$out/runs.csv.tmp"
mv "$out/runs.csv.tmp" "$out/runs.csv"

# --- referee and summary --------------------------------------------------------------------
for name in "${names[@]}"; do
  printf '%s\t%s\n' "$set_dir/png/$name.png" "$out/$name.json"
done > "$out/pairs.tsv"
echo "bench-kilogram: refereeing $total figures" >&2
referee_rc=0
/usr/bin/python3 "$referee" --batch "$out/pairs.tsv" --json > "$out/referee.txt" || referee_rc=$?
grep '^{' "$out/referee.txt" > "$out/referee.jsonl" || true
grep -v '^{' "$out/referee.txt" >&2 || true
rm -f "$out/referee.txt"
(( referee_rc == 0 )) || echo "bench-kilogram: warning: referee exit status $referee_rc" >&2

/usr/bin/python3 "$here/summarise-bench.py" "$out"
