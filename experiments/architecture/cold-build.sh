#!/usr/bin/env bash
# Time a cold release build of two source trees, one after the other, with the same flags and
# no compiler cache (issue 30: the cold build must not grow). Each tree is configured into a
# new build directory under OUT, built with all cores, and its wall time printed with the
# machine's load average before and after (other work on the machine shows there).
#
#   experiments/architecture/cold-build.sh OLD_SOURCE [NEW_SOURCE] [OUT]
#     e.g. cold-build.sh ../baseline        (NEW_SOURCE: this checkout; OUT: a temporary dir)
#
# Flags: RelWithDebInfo, tests on, no Python module (the module is optional on both sides).
# Prints one line per tree: source, commit, seconds, load; the ratio NEW/OLD at the end.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
[[ $# -ge 1 && $1 != -h && $1 != --help ]] || { sed -n '2,11s/^# \{0,1\}//p' "$0"; exit 2; }
old=$(cd "$1" && pwd)
new=$(cd "${2:-$root}" && pwd)
out=${3:-$(mktemp -d /tmp/cold-build.XXXXXX)}
mkdir -p "$out"
export CCACHE_DISABLE=1
jobs=$(nproc)
declare -A seconds=()
for side in old new; do
  src=${!side}
  build=$out/$side
  rm -rf "$build"
  commit=$(git -C "$src" rev-parse --short HEAD 2>/dev/null || echo '?')
  load_before=$(cut -d' ' -f1-3 /proc/loadavg)
  start=$(date +%s.%N)
  cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUILD_TESTING=ON \
    -DCMAKE_CXX_COMPILER_LAUNCHER= -DCMAKE_C_COMPILER_LAUNCHER= > "$out/$side-configure.log" 2>&1
  cmake --build "$build" -j "$jobs" > "$out/$side-build.log" 2>&1 ||
    { tail -20 "$out/$side-build.log" >&2; echo "cold-build: $side build failed" >&2; exit 1; }
  end=$(date +%s.%N)
  seconds[$side]=$(echo "$end - $start" | bc)
  printf '%s %s %s: %.0f s on %d cores (load before %s, after %s)\n' "$side" "$commit" "$src" \
    "${seconds[$side]}" "$jobs" "$load_before" "$(cut -d' ' -f1-3 /proc/loadavg)"
done
printf 'new/old: %.2f\n' "$(echo "${seconds[new]} / ${seconds[old]}" | bc -l)"
