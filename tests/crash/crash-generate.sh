#!/usr/bin/env bash
# Crash test of `tangram generate` folders (ctest crash_generate, label crash): `generate
# puzzles`, `generate convex` and `generate dissection` are killed with SIGKILL at random moments
# (every other kill while it writes a file, after a random number of them) and run again with
# the same arguments into the same folder until a run ends, in rounds (the three commands in
# turn, two kills a round at most), until KILLS kills in all. A round starts from no folder or,
# every other round of `puzzles` and `dissection`, from a folder of the same command for another
# seed.
#   - after each kill, every file under its real name is whole: byte-equal to an uninterrupted
#     run's, or to the file the folder held before;
#   - after each round, the folder is byte for byte an uninterrupted run's (the same exit
#     status, the same files, no temporary file left).
#
#   tests/crash/crash-generate.sh [--tangram PATH] [--kills N] [--seed S]
#     --kills N   kills in all (default 12, CI's short form; 200 or more for the long form)
# Exit status: 0 passed; 1 failed; 2 bad usage.
set -euo pipefail
name=crash-generate
# shellcheck source=tests/crash/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
crash_init "$@"

# The three commands, small (about a second each), writing most of that time; SEED is replaced.
commands=(
  "puzzles --count 3 --seed SEED"
  "convex --pieces tangram"
  "dissection --cells 12 --parts 2 --count 20 --seed SEED"
)
# make_run N SEED DIR [THREADS]: sets `run` to command N with that seed, into DIR.
make_run() {
  local args
  read -ra args <<< "${commands[$1]//SEED/$2}"
  run=("$tangram" generate "${args[@]}" --out "$3" --threads "${4:-1}" -q)
}

# Whether folder $1 holds only files whole as in folder $2 or in folder $3 (temporaries aside).
whole() {
  local f rel
  while IFS= read -r -d '' f; do
    rel=${f#"$1"/}
    cmp -s "$f" "$2/$rel" || { [[ -n "$3" ]] && cmp -s "$f" "$3/$rel"; } || { echo "$rel"; return 1; }
  done < <(find "$1" -type f ! -name '.*' -print0)
}

# Whether the run into folder $out is writing (a temporary file of AtomicOutput is there) and
# has $nth files or more under their names.
writing() {
  local files temps
  shopt -s nullglob
  files=("$out"/*) temps=("$out"/.*.tmp-*)
  shopt -u nullglob
  (( ${#temps[@]} > 0 && ${#files[@]} >= nth ))
}

reach_ms=() sizes=() statuses=()
for n in "${!commands[@]}"; do
  started=$(date +%s%N)
  status=0
  make_run "$n" 7 "$work/reference-$n"
  "${run[@]}" > /dev/null 2>&1 || status=$?
  # Kills land anywhere in a run's time, and a little after it (then the run completes).
  reach_ms[n]=$(( ($(date +%s%N) - started) * 13 / 10000000 + 1 ))
  sizes[n]=$(find "$work/reference-$n" -type f | wc -l)
  statuses[n]=$status
  (( status == 0 || status == 5 )) || fail "${commands[n]}: the uninterrupted run ended with $status"
  # The same seed gives the same files, into a new folder and with other threads.
  make_run "$n" 7 "$work/again-$n" 2
  "${run[@]}" > /dev/null 2>&1 || true
  diff -r "$work/reference-$n" "$work/again-$n" > /dev/null ||
    fail "${commands[n]}: a second run into a new folder differs from the first"
  if [[ ${commands[n]} == *SEED* ]]; then
    make_run "$n" 8 "$work/earlier-$n"
    "${run[@]}" > /dev/null 2>&1 || true
  fi
done

rounds=0
while (( done_kills < kills )); do
  rounds=$((rounds + 1))
  n=$(( (rounds - 1) % ${#commands[@]} ))
  out="$work/round-$rounds" earlier=""
  if [[ ${commands[n]} == *SEED* ]] && (( (rounds - 1) / ${#commands[@]} % 2 == 1 )); then
    earlier="$work/earlier-$n"
    cp -a "$earlier" "$out"
  fi
  what="round $rounds (generate ${commands[n]//SEED/7}${earlier:+, over an earlier folder})"
  make_run "$n" 7 "$out"
  round_kills=0
  while :; do
    if (( round_kills == 2 )); then
      # Two kills a round at most, so that the short form has rounds of every kind.
      crash_status=0 crash_killed=0
      "${run[@]}" > /dev/null 2> "$work/err" || crash_status=$?
    elif (( done_kills % 2 == 0 )); then
      crash_run "${reach_ms[n]}" "${run[@]}"
    else
      # While it writes a file, after a random number of them (where a kill leaves a temporary).
      nth=$((RANDOM % sizes[n]))
      crash_run 1 --when writing "${run[@]}"
    fi
    if (( crash_killed )); then
      round_kills=$((round_kills + 1))
      if [[ -d "$out" ]] && ! bad=$(whole "$out" "$work/reference-$n" "$earlier"); then
        fail "$what: a killed run left $bad neither whole nor as it was"
      fi
      continue
    fi
    (( crash_status == statuses[n] )) ||
      { cat "$work/err" >&2; fail "$what: the run after the kills ended with $crash_status"; }
    break
  done
  leftovers=$(temporaries "$out")
  [[ -z "$leftovers" ]] || fail "$what: temporary files left: $leftovers"
  diff -r "$out" "$work/reference-$n" > "$work/diff" ||
    { cat "$work/diff" >&2; fail "$what: the folder differs from an uninterrupted run's"; }
done
echo "$name: passed: $done_kills kills in $rounds rounds, every folder equal to an uninterrupted run's"
