#!/usr/bin/env bash
# Build the libFuzzer targets of fuzz/ into build-fuzz/ (clang, ASan + UBSan) and run each one,
# one after another, for SECONDS.
#
#   scripts/fuzz.sh SECONDS [TARGET...]     e.g. scripts/fuzz.sh 20, scripts/fuzz.sh 600 fuzz_runs_csv
#
# Targets (default: all): fuzz_image_silhouette fuzz_solution_verify fuzz_arrangement_render
# fuzz_runs_csv fuzz_piece_set. Each runs on build-fuzz/corpus/TARGET (kept, so a rerun goes on from there),
# the seeds that fuzz/make-seeds.py writes into build-fuzz/seeds/TARGET, and the inputs of
# fuzz/regressions/TARGET (past findings, which must not crash again). Findings (crash-*,
# leak-*, timeout-*, oom-*) go to build-fuzz/artifacts/TARGET/, libFuzzer's output to
# build-fuzz/logs/TARGET.log. Prints one line per target: executions, findings, exit status.
# Exits 1 when a target found something (or could not run), 2 for a bad argument.
#
# FUZZ_BUILD=DIR builds and runs the targets in DIR, a build already configured with
# TANGRAM_FUZZ=ON (CI: build-asan of scripts/test.sh --sanitize, which compiles the project
# with clang, ASan, UBSan and libFuzzer's coverage once for the tests and the fuzzers); corpora,
# findings and logs then live there. FUZZ_JOBS sets the build's parallelism (default 2); extra libFuzzer flags can be given in
# FUZZ_FLAGS (e.g. FUZZ_FLAGS=-max_len=100000). Installs what is missing
# (scripts/setup-deps.sh --fuzz) first.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

all_targets=(fuzz_image_silhouette fuzz_solution_verify fuzz_arrangement_render fuzz_runs_csv
             fuzz_piece_set)
usage() { sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "${BASH_SOURCE[0]}"; }

if [[ $# -lt 1 || "$1" == -h || "$1" == --help ]]; then
  usage
  [[ $# -ge 1 ]] && exit 0 || exit 2
fi
seconds=$1
shift
if ! [[ "$seconds" =~ ^[1-9][0-9]*$ ]]; then
  echo "fuzz: SECONDS must be a positive whole number, got '$seconds'" >&2
  exit 2
fi
targets=("$@")
[[ ${#targets[@]} -eq 0 ]] && targets=("${all_targets[@]}")
for t in "${targets[@]}"; do
  if [[ " ${all_targets[*]} " != *" $t "* ]]; then
    echo "fuzz: unknown target '$t' (one of: ${all_targets[*]})" >&2
    exit 2
  fi
done

scripts/setup-deps.sh --fuzz

build=$root/build-fuzz
start=$SECONDS
if [[ -n "${FUZZ_BUILD:-}" ]]; then
  # A build configured with TANGRAM_FUZZ=ON already (scripts/test.sh --sanitize's build-asan):
  # its objects serve, unconfigured.
  build=$(cd "$FUZZ_BUILD" && pwd)
  if ! grep -q '^TANGRAM_FUZZ:BOOL=ON$' "$build/CMakeCache.txt" 2>/dev/null; then
    echo "fuzz: FUZZ_BUILD=$FUZZ_BUILD is not a build configured with TANGRAM_FUZZ=ON" >&2
    exit 2
  fi
else
  source "$root/scripts/generator.sh"
  # shellcheck disable=SC2046  # the generator option is one word or none
  cmake -S "$root" -B "$build" $(cmake_generator "$build") -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DTANGRAM_DEBUG_INFO="${TANGRAM_DEBUG_INFO:--g}" -DTANGRAM_FUZZ=ON -DBUILD_TESTING=OFF >/dev/null
fi
for t in "${targets[@]}"; do
  cmake --build "$build" -j "${FUZZ_JOBS:-2}" --target "$t"
done
if [[ " ${targets[*]} " == *" fuzz_image_silhouette "* ]]; then
  cmake --build "$build" -j "${FUZZ_JOBS:-2}" --target make_image_seeds
fi
echo "fuzz: built ${targets[*]} in $((SECONDS - start)) s"

symbolizer=/usr/lib/llvm-14/bin/llvm-symbolizer
[[ -x "$symbolizer" ]] && export ASAN_SYMBOLIZER_PATH=$symbolizer
export ASAN_OPTIONS="halt_on_error=1:abort_on_error=0:print_stacktrace=1:detect_leaks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"

failed=0
summary=()
for t in "${targets[@]}"; do
  corpus=$build/corpus/$t
  seeds=$build/seeds/$t
  artifacts=$build/artifacts/$t
  log=$build/logs/$t.log
  rm -rf "$seeds" "$artifacts"
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  python3 fuzz/make-seeds.py "$t" "$seeds"
  # The JPEG, BMP, TIFF, WebP and Netpbm seeds are written by OpenCV's encoders.
  if [[ $t == fuzz_image_silhouette ]]; then
    "$build/fuzz/make_image_seeds" "$root" "$seeds" >/dev/null
  fi
  dirs=("$corpus" "$seeds")
  [[ -d fuzz/regressions/$t ]] && dirs+=("fuzz/regressions/$t")
  flags=(-max_total_time="$seconds" -rss_limit_mb=1024 -timeout=30 -print_final_stats=1
         -artifact_prefix="$artifacts/")
  case "$t" in
    # libFuzzer's own messages on a dup of stderr; fd 2 is the target's, checked to stay silent.
    fuzz_image_silhouette) flags+=(-close_fd_mask=2 -dict=fuzz/image.dict) ;;
    fuzz_solution_verify|fuzz_arrangement_render|fuzz_piece_set) flags+=(-dict=fuzz/json.dict) ;;
    fuzz_runs_csv) flags+=(-dict=fuzz/csv.dict) ;;
  esac
  # shellcheck disable=SC2206
  extra=(${FUZZ_FLAGS:-})
  echo "fuzz: $t for $seconds s (log: ${log#"$root/"})"
  status=0
  "$build/fuzz/$t" "${flags[@]}" "${extra[@]}" "${dirs[@]}" >"$log" 2>&1 || status=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  findings=$(find "$artifacts" -maxdepth 1 -type f \
    \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l)
  line="$t: ${execs:-?} executions in $seconds s (${rate:-?}/s), $findings crashes, exit status $status, corpus $(find "$corpus" -type f | wc -l) inputs"
  summary+=("$line")
  if [[ $status -ne 0 || $findings -ne 0 || -z "$execs" ]]; then
    failed=1
    echo "fuzz: $t FAILED; the end of ${log#"$root/"}:" >&2
    tail -n 60 "$log" >&2
    for f in "$artifacts"/*; do
      [[ -f "$f" ]] && echo "fuzz: reproduce with ${build#"$root/"}/fuzz/$t ${f#"$root/"}" >&2
    done
  fi
done

echo "fuzz: results (${seconds} s per target)"
printf '  %s\n' "${summary[@]}"
exit $failed
