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
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
tangram="$root/build/tangram" kills=${TANGRAM_CRASH_KILLS:-12} seed=1
while [[ $# -gt 0 ]]; do
  case "$1" in
    --tangram) tangram=${2:?}; shift 2 ;;
    --kills) kills=${2:?}; shift 2 ;;
    --seed) seed=${2:?}; shift 2 ;;
    -h|--help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) echo "crash-merge: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
[[ -x "$tangram" ]] || { echo "crash-merge: no tangram binary at $tangram" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/crash-merge.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "crash-merge: FAILED: $*" >&2; exit 1; }

for i in 1 2; do
  "$tangram" experiment 2 --masks "$root/masks" --patterns 1-4 --time-limit 20 --jobs 1 \
    --shard "$i/2" -o "$work/s$i" -q > /dev/null 2>&1 || fail "shard $i/2 could not be made"
done
started=$(date +%s%N)
"$tangram" experiment merge "$work/s1" "$work/s2" -o "$work/reference" -q > /dev/null 2>&1 ||
  fail "the uninterrupted merge failed"
# Kills land anywhere in a merge's time, and a little after it (then the merge completes).
reach_ms=$(( ($(date +%s%N) - started) / 1000000 * 13 / 10 + 1 ))
shards() { (cd "$work" && find s1 s2 -type f -exec md5sum {} + | sort); }
shards > "$work/shards.md5"

# Whether merged folder $1 is the uninterrupted merge's.
complete() {
  local f
  for f in runs.csv tables.md settings.json; do cmp -s "$1/$f" "$work/reference/$f" || return 1; done
  diff -q -r "$1" "$work/reference" > /dev/null
}

RANDOM=$seed
done_kills=0 rounds=0
while (( done_kills < kills )); do
  rounds=$((rounds + 1))
  parent="$work/round-$rounds"
  mkdir -p "$parent"
  while :; do
    "$tangram" experiment merge "$work/s1" "$work/s2" -o "$parent/merged" -q > /dev/null \
      2> "$work/err" &
    pid=$!
    wait_ms=$((RANDOM % reach_ms))
    sleep "$((wait_ms / 1000)).$(printf '%03d' $((wait_ms % 1000)))"
    if (( done_kills < kills )) && kill -KILL "$pid" 2>/dev/null; then
      wait "$pid" 2>/dev/null || true
      done_kills=$((done_kills + 1))
      if [[ -e "$parent/merged" ]]; then
        # Renamed into place before the kill: it must be whole, and the round is over.
        complete "$parent/merged" ||
          fail "round $rounds: a killed merge left $parent/merged incomplete"
        break
      fi
      continue
    fi
    status=0
    wait "$pid" || status=$?
    (( status == 0 )) || { cat "$work/err" >&2; fail "round $rounds: the merge ended with $status"; }
    break
  done
  # A last merge into another target of the same folder clears what killed merges left there.
  "$tangram" experiment merge "$work/s1" "$work/s2" -o "$parent/again" -q > /dev/null 2>&1 ||
    fail "round $rounds: a merge beside the killed ones failed"
  complete "$parent/merged" || fail "round $rounds: merged differs from an uninterrupted merge"
  leftovers=$(find "$parent" -name '.*.merging-*' -o -name '.*.tmp-*' | head -3)
  [[ -z "$leftovers" ]] || fail "round $rounds: left behind: $leftovers"
  shards | cmp -s - "$work/shards.md5" || fail "round $rounds: a shard changed"
done
echo "crash-merge: passed: $done_kills kills in $rounds rounds, every merge equal to an uninterrupted one"
