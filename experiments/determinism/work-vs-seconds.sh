#!/usr/bin/env bash
# The work meter against the clock (docs/design/determinism.md): solves each figure once and
# prints the solver's own seconds beside the nominal seconds of work it charged, and their ratio.
#
#   experiments/determinism/work-vs-seconds.sh TANGRAM BENCHMARK_DIR NAME... [-- SOLVE_OPTIONS...]
#     e.g. work-vs-seconds.sh build/tangram ../shared/benchmarks/kilogram-dev page1-0 page1-149 \
#            -- --no-exact --rotation-step 1 --strategy dt --threads 1
set -euo pipefail
[[ $# -ge 3 ]] || { sed -n '2,8s/^# \{0,1\}//p' "$0"; exit 2; }
tangram=$1 benchmark=$2
shift 2
names=()
while [[ $# -gt 0 && $1 != -- ]]; do names+=("$1"); shift; done
[[ ${1:-} == -- ]] && shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%-14s %9s %9s %7s %s\n' figure seconds work work/s outcome
for name in "${names[@]}"; do
  "$tangram" solve "$benchmark/png/$name.png" "$@" --json "$work/out.json" > /dev/null 2>&1 || true
  /usr/bin/python3 - "$work/out.json" "$name" << 'PY'
import json, sys
d = json.load(open(sys.argv[1]))
s = d["stats"]
w = s.get("work_seconds", 0.0)
print("%-14s %9.2f %9.2f %7.2f %s" % (sys.argv[2], s["seconds"], w, w / s["seconds"] if s["seconds"] else 0,
                                      "solved" if d.get("solved") else "unsolved"))
PY
done
