# shellcheck shell=bash
# shellcheck disable=SC2034  # the variables it sets are the calling test's
# The harness the crash tests in this folder share (sourced by crash-batch.sh, crash-merge.sh,
# crash-generate.sh): their options, a scratch folder, and the kill of a command at a random
# moment. A test sets `name` (for messages), sources this file, then calls crash_init "$@".

# crash_init "$@": parses [--tangram PATH] [--kills N] [--seed S] [--help] into tangram, kills
# (default TANGRAM_CRASH_KILLS, else 12) and seed; makes the scratch folder `work` (removed at
# exit) and seeds RANDOM. Sets root (the source tree) and done_kills=0. Exits 2 on bad usage.
crash_init() {
  : "${name:?set name before sourcing common.sh}"
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
  tangram="$root/build/tangram" kills=${TANGRAM_CRASH_KILLS:-12} seed=1
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --tangram) tangram=${2:?}; shift 2 ;;
      --kills) kills=${2:?}; shift 2 ;;
      --seed) seed=${2:?}; shift 2 ;;
      -h|--help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;;
      *) echo "$name: unknown argument '$1' (try --help)" >&2; exit 2 ;;
    esac
  done
  [[ -x "$tangram" ]] || { echo "$name: no tangram binary at $tangram" >&2; exit 1; }
  work=$(mktemp -d "${TMPDIR:-/tmp}/$name.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  RANDOM=$seed
  done_kills=0
}

# fail MESSAGE...: says the test failed, and why; exits 1.
fail() { echo "$name: FAILED: $*" >&2; exit 1; }

# crash_run MAX_MS [--when TEST] COMMAND...: runs COMMAND (stdout dropped, stderr to
# $work/err) and, while kills are left, kills it with SIGKILL after a random 0 to MAX_MS - 1 ms,
# counted from its start or, with --when, from when shell function TEST first succeeds (polled
# without a pause: TEST should use builtins only). Sets crash_killed (1: killed and counted in
# done_kills; 0: it ran to its end) and crash_status (its exit status).
crash_run() {
  local max_ms=$1 when="" pid wait_ms
  shift
  if [[ $1 == --when ]]; then when=$2; shift 2; fi
  "$@" > /dev/null 2> "$work/err" &
  pid=$!
  if [[ -n "$when" ]]; then
    while ! "$when" && kill -0 "$pid" 2>/dev/null; do :; done
  fi
  wait_ms=$((RANDOM % max_ms))
  if (( wait_ms > 0 )); then
    sleep "$((wait_ms / 1000)).$(printf '%03d' $((wait_ms % 1000)))"
  fi
  crash_killed=0 crash_status=0
  if (( done_kills < kills )) && kill -KILL "$pid" 2>/dev/null; then
    wait "$pid" 2>/dev/null || true
    done_kills=$((done_kills + 1)) crash_killed=1
    return 0
  fi
  wait "$pid" || crash_status=$?
}

# temporaries DIR: the first temporary files or half-filled folders left under DIR (AtomicOutput's
# ".NAME.tmp-PID-N", a merge's ".NAME.merging-PID"), none when clean.
temporaries() { find "$1" \( -name '.*.tmp-*' -o -name '.*.merging-*' \) | head -3; }
