#!/usr/bin/env bash
# Crash test of `tangram experiment merge` (ctest crash_merge, label crash): two shards of
# experiment 2 (patterns 1-4) are merged, the merge killed with SIGKILL at random moments and run
# again on the same target until it completes, in rounds from no target, until KILLS kills in
# all. After each kill: the target is absent or complete, equal to an uninterrupted merge. After
# each round: runs.csv, tables.md and settings.json equal an uninterrupted merge's, the shards
# are byte for byte as they were, and no temporary file or half-merged folder is left.
#
#   tests/crash/crash-merge.sh [--tangram PATH] [--kills N] [--seed S]
#     --kills N   kills in all (default 12, CI's short form; 200 or more for the long form)
# Exit status: 0 passed; 1 failed; 2 bad usage.
set -euo pipefail
name=crash-merge
# shellcheck source=tests/crash/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
crash_init "$@"

for i in 1 2; do
  "$tangram" experiment 2 --masks "$root/masks" --patterns 1-4 --time-limit 20 --jobs 1 \
    --shard "$i/2" -o "$work/s$i" -q > /dev/null 2>&1 || fail "shard $i/2 could not be made"
done
started=$(date +%s%N)
"$tangram" experiment merge "$work/s1" "$work/s2" -o "$work/reference" -q > /dev/null 2>&1 ||
  fail "the uninterrupted merge failed"
# Kills land anywhere in a merge's time, and a little after it (then the merge completes).
reach_ms=$(( ($(date +%s%N) - started) * 13 / 10000000 + 1 ))
shards() { (cd "$work" && find s1 s2 -type f -exec md5sum {} + | sort); }
shards > "$work/shards.md5"

# Whether merged folder $1 is the uninterrupted merge's.
complete() {
  local f
  for f in runs.csv tables.md settings.json; do cmp -s "$1/$f" "$work/reference/$f" || return 1; done
  diff -q -r "$1" "$work/reference" > /dev/null
}

rounds=0
while (( done_kills < kills )); do
  rounds=$((rounds + 1))
  parent="$work/round-$rounds"
  mkdir -p "$parent"
  while :; do
    crash_run "$reach_ms" "$tangram" experiment merge "$work/s1" "$work/s2" -o "$parent/merged" -q
    if (( crash_killed )); then
      if [[ -e "$parent/merged" ]]; then
        # Renamed into place before the kill: it must be whole, and the round is over.
        complete "$parent/merged" ||
          fail "round $rounds: a killed merge left $parent/merged incomplete"
        break
      fi
      continue
    fi
    (( crash_status == 0 )) ||
      { cat "$work/err" >&2; fail "round $rounds: the merge ended with $crash_status"; }
    break
  done
  # A last merge into another target of the same folder clears what killed merges left there.
  "$tangram" experiment merge "$work/s1" "$work/s2" -o "$parent/again" -q > /dev/null 2>&1 ||
    fail "round $rounds: a merge beside the killed ones failed"
  complete "$parent/merged" || fail "round $rounds: merged differs from an uninterrupted merge"
  leftovers=$(temporaries "$parent")
  [[ -z "$leftovers" ]] || fail "round $rounds: left behind: $leftovers"
  shards | cmp -s - "$work/shards.md5" || fail "round $rounds: a shard changed"
done
echo "crash-merge: passed: $done_kills kills in $rounds rounds, every merge equal to an uninterrupted one"
