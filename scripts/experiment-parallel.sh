#!/usr/bin/env bash
# An experiment split into N shards that GNU parallel runs (on this machine, or on others with
# parallel's own --sshlogin/--slf options in PARALLEL_OPTS), then joined by
# `tangram experiment merge`:
#
#   scripts/experiment-parallel.sh N OUT EXPERIMENT [OPTIONS...]
#   e.g. scripts/experiment-parallel.sh 4 /tmp/exp2 2 --search ours --time-limit 60
#
# Shard I runs `tangram experiment EXPERIMENT OPTIONS... -o OUT/shard-I --shard I/N --jobs 1`;
# JOBS shards run at a time (default: one per core), each shard's tables going to
# OUT/shard-I.tables.md. A shard interrupted is continued by running the script again (each
# shard resumes from its directory). The merged results go to OUT/merged (its tables are
# printed), which must not exist yet. TANGRAM_BIN: the program (default: tangram
# on the PATH, else build/tangram of this checkout).
set -euo pipefail
if (($# < 3)); then
  sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "${BASH_SOURCE[0]}" >&2
  exit 2
fi
n=$1 out=$2
shift 2
[[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "experiment-parallel: N must be a positive number, got '$n'" >&2; exit 2; }
command -v parallel > /dev/null || { echo "experiment-parallel: GNU parallel is not installed (apt-get install parallel)" >&2; exit 2; }
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tangram=${TANGRAM_BIN:-$(command -v tangram || echo "$root/build/tangram")}
mkdir -p "$out"
# shellcheck disable=SC2086  # PARALLEL_OPTS is a list of options
parallel --will-cite --halt now,fail=1 --jobs "${JOBS:-$(nproc)}" ${PARALLEL_OPTS:-} \
  "$tangram" experiment "$@" -o "$out/shard-{}" --shard "{}/$n" --jobs 1 \
  ">" "$out/shard-{}.tables.md" ::: $(seq "$n")
shards=()
for ((i = 1; i <= n; i++)); do shards+=("$out/shard-$i"); done
"$tangram" experiment merge "${shards[@]}" -o "$out/merged"
