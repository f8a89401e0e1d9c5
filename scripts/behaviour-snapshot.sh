#!/usr/bin/env bash
# Records what the solver does on masks/, to show that a change of structure changes nothing:
# every pattern solved at 45-degree steps and at the default 1-degree step, with both searches
# (ours, paper), one thread, 300 s limit; the JSON of each solution without its timing, and the
# summary line without its time.
#
#   scripts/behaviour-snapshot.sh OUT_DIR [TANGRAM_BINARY]     (default build/tangram)
#   diff -r BEFORE_DIR AFTER_DIR                                 -> no output: same behaviour
#
# Deterministic: the same binary gives the same snapshot (the search does not depend on the
# thread count or timing) unless a run reaches the time limit: the longest run (21 at 45
# degrees, search exhausted) takes about 40 s on an idle core; the script lists any run that
# timed out, whose counts depend on the machine's load.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:?usage: scripts/behaviour-snapshot.sh OUT_DIR [TANGRAM_BINARY]}
bin=${2:-$root/build/tangram}
mkdir -p "$out"
for png in "$root"/masks/*.png; do
  name=$(basename "$png" .png)
  for search in ours paper; do
    for step in 45 1; do
      # The paper's search at 1 degree takes minutes on some patterns: 45 degrees only.
      [[ $search == paper && $step == 1 ]] && continue
      tag=$name-$search-$step
      status=0
      "$bin" solve "$png" --search "$search" --rotation-step "$step" --threads 1 \
        --time-limit 300 --json "$out/$tag.json" > "$out/$tag.txt" 2>&1 || status=$?
      sed -i -E 's/ in [0-9.]+ s with / in - s with /' "$out/$tag.txt"
      echo "exit $status" >> "$out/$tag.txt"
      sed -i -E 's/"seconds": [0-9.e+-]+/"seconds": -/' "$out/$tag.json"
    done
  done
done
echo "behaviour-snapshot: $(ls "$out"/*.json | wc -l) solutions in $out"
timed_out=$(grep -l '"timed_out": true' "$out"/*.json || true)
[[ -z "$timed_out" ]] || echo "behaviour-snapshot: timed out (counts depend on load):" $timed_out
