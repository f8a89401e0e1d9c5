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
name=crash-batch
# shellcheck source=tests/crash/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
crash_init "$@"
patterns=("$root"/masks/0[1-6]-*.png)
options=(--rotation-step 45 --time-limit 20 --jobs 1 -q)

# runs.csv without its time column (seconds), the only one a run may change.
untimed() { awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "seconds") t = i } { $t = ""; print }' OFS=, "$1"; }

"$tangram" solve --out-dir "$work/reference" "${patterns[@]}" "${options[@]}" > /dev/null 2>&1
untimed "$work/reference/runs.csv" > "$work/reference.csv"

rounds=0
while (( done_kills < kills )); do
  rounds=$((rounds + 1))
  out="$work/round-$rounds"
  while :; do
    crash_run 600 "$tangram" solve --out-dir "$out" "${patterns[@]}" "${options[@]}"
    if (( crash_killed )); then continue; fi
    (( crash_status == 0 )) ||
      { cat "$work/err" >&2; fail "round $rounds: the run after the kills ended with $crash_status"; }
    break
  done
  diff <(untimed "$out/runs.csv") "$work/reference.csv" > "$work/diff" ||
    { cat "$work/diff" >&2; fail "round $rounds: runs.csv differs from an uninterrupted run's"; }
  # A killed writer's temporary file is never read as data; it must not stay either.
  leftovers=$(temporaries "$out")
  [[ -z "$leftovers" ]] || fail "round $rounds: temporary files left: $leftovers"
  for record in "$out"/*.run.json; do
    solution=${record%.run.json}.json
    "$tangram" verify "${patterns[0]%/*}/$(basename "${record%-dt.run.json}").png" "$solution" > /dev/null 2>&1 ||
      fail "round $rounds: $solution does not verify"
  done
done
echo "crash-batch: passed: $done_kills kills in $rounds rounds, every round equal to an uninterrupted run"
