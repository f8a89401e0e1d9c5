#!/usr/bin/env bash
# Same figure, same settings, same answer, quiet or loaded (docs/design/determinism.md): solves
# each figure with each program twice, alone on CPU 0 and sharing CPU 0 with N busy loops (the
# solver then runs about N + 1 times slower, whatever else the machine does), and says whether
# the two answers (pieces and placement counts) are the same.
#
#   experiments/determinism/load.sh [--hogs N] OLD NEW BENCHMARK_DIR NAME... [-- SOLVE_OPTIONS...]
#     e.g. load.sh /tmp/old/tangram build/tangram ../shared/benchmarks/kilogram-dev page1-149 \
#            -- --no-exact --rotation-step 1 --strategy dt --threads 1
#
# Prints one line per program and figure: seconds quiet and loaded, solved or not, same or DIFF.
set -euo pipefail
hogs=3
if [[ ${1:-} == --hogs ]]; then hogs=$2; shift 2; fi
[[ $# -ge 4 ]] || { sed -n '2,11s/^# \{0,1\}//p' "$0"; exit 2; }
old=$1 new=$2 benchmark=$3
shift 3
names=()
while [[ $# -gt 0 && $1 != -- ]]; do names+=("$1"); shift; done
[[ ${1:-} == -- ]] && shift
options=("$@")
work=$(mktemp -d)
pids=()
stop_hogs() { for p in "${pids[@]}"; do kill "$p" 2> /dev/null || true; done; pids=(); }
trap 'stop_hogs; rm -rf "$work"' EXIT
start_hogs() {
  for ((i = 0; i < hogs; ++i)); do taskset -c 0 bash -c 'while :; do :; done' & pids+=($!); done
}
summary() {
  /usr/bin/python3 - "$1" << 'PY'
import json, sys
try:
    d = json.load(open(sys.argv[1]))
except (OSError, ValueError):
    print("- none -"); sys.exit()
s = d["stats"]
import hashlib
print("%.2f %s %s" % (s["seconds"], "solved" if d.get("pieces") and not s.get("timed_out") else "unsolved",
                      hashlib.md5(json.dumps([d.get("pieces"), s.get("placements_tried")], sort_keys=True).encode()).hexdigest()[:12]))
PY
}
printf '%-10s %-16s %8s %8s %-18s %s\n' program figure quiet_s loaded_s outcome quiet/loaded
for name in "${names[@]}"; do
  for label in old new; do
    program=$old
    [[ $label == new ]] && program=$new
    for phase in quiet loaded; do
      [[ $phase == loaded ]] && start_hogs
      rm -f "$work/$phase.json"
      taskset -c 0 "$program" solve "$benchmark/png/$name.png" "${options[@]}" \
        --json "$work/$phase.json" > /dev/null 2>&1 || true
      stop_hogs
    done
    read -r qs qo qh <<< "$(summary "$work/quiet.json")"
    read -r ls lo lh <<< "$(summary "$work/loaded.json")"
    same=DIFF
    [[ $qh == "$lh" ]] && same=same
    printf '%-10s %-16s %8s %8s %-18s %s\n' "$label" "$name" "$qs" "$ls" "$qo/$lo" "$same"
  done
done
echo "loaded: $hogs busy loops beside the solver on CPU 0 (all runs on CPU 0 of $(nproc))"
