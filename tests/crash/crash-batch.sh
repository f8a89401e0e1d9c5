#!/usr/bin/env bash
# Crash test of a results folder (ctest crash_batch, label crash): `tangram solve --out-dir` on
# masks/ is killed with SIGKILL at random moments and run again on the same folder until it
# completes, in rounds from an empty folder, until KILLS kills in all. After each round:
#   - the second run opens the folder without repair (exit 0);
#   - runs.csv, times left out, equals an uninterrupted run's;
#   - every record, solution and picture reads, and no temporary file is left in the folder.
#
#   tests/crash/crash-batch.sh [--tangram PATH] [--kills N] [--seed S]
#     --kills N   kills in all (default 12, CI's short form; 200 or more for the long form)
# Exit status: 0 passed; 1 failed; 2 bad usage.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
tangram="$root/build/tangram" kills=${TANGRAM_CRASH_KILLS:-12} seed=1
while [[ $# -gt 0 ]]; do
  case "$1" in
    --tangram) tangram=${2:?}; shift 2 ;;
    --kills) kills=${2:?}; shift 2 ;;
    --seed) seed=${2:?}; shift 2 ;;
    -h|--help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) echo "crash-batch: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
[[ -x "$tangram" ]] || { echo "crash-batch: no tangram binary at $tangram" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/crash-batch.XXXXXX")
trap 'rm -rf "$work"' EXIT
patterns=("$root"/masks/0[1-6]-*.png)
options=(--rotation-step 45 --time-limit 20 --jobs 1 -q)

# runs.csv without its time column (seconds), the only one a run may change.
untimed() { awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "seconds") t = i } { $t = ""; print }' OFS=, "$1"; }

"$tangram" solve --out-dir "$work/reference" "${patterns[@]}" "${options[@]}" > /dev/null 2>&1
untimed "$work/reference/runs.csv" > "$work/reference.csv"

RANDOM=$seed
done_kills=0 rounds=0
while (( done_kills < kills )); do
  rounds=$((rounds + 1))
  out="$work/round-$rounds"
  while :; do
    "$tangram" solve --out-dir "$out" "${patterns[@]}" "${options[@]}" > /dev/null 2> "$work/err" &
    pid=$!
    sleep "0.$(printf '%03d' $((RANDOM % 600)))"
    if (( done_kills < kills )) && kill -KILL "$pid" 2>/dev/null; then
      wait "$pid" 2>/dev/null || true
      done_kills=$((done_kills + 1))
      continue
    fi
    status=0
    wait "$pid" || status=$?
    if (( status != 0 )); then
      echo "crash-batch: FAILED: round $rounds: the run after the kills ended with $status:" >&2
      cat "$work/err" >&2
      exit 1
    fi
    break
  done
  if ! diff <(untimed "$out/runs.csv") "$work/reference.csv" > "$work/diff"; then
    echo "crash-batch: FAILED: round $rounds: runs.csv differs from an uninterrupted run's:" >&2
    cat "$work/diff" >&2
    exit 1
  fi
  if leftovers=$(find "$out" -name '.*.tmp-*' | head -3) && [[ -n "$leftovers" ]]; then
    # A killed writer's temporary file is never read as data; it must not stay either.
    echo "crash-batch: FAILED: round $rounds: temporary files left: $leftovers" >&2
    exit 1
  fi
  for record in "$out"/*.run.json; do
    solution=${record%.run.json}.json
    "$tangram" verify "${patterns[0]%/*}/$(basename "${record%-dt.run.json}").png" "$solution" > /dev/null 2>&1 ||
      { echo "crash-batch: FAILED: round $rounds: $solution does not verify" >&2; exit 1; }
  done
done
echo "crash-batch: passed: $done_kills kills in $rounds rounds, every round equal to an uninterrupted run"
