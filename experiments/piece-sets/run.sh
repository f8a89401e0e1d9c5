#!/usr/bin/env bash
# Each built-in set's canonical figure (scripts/set-figures.py: the figure and ground truth of
# the set file's "assembly"), its truth checked and the figure solved with its own set by
# `tangram solve --pieces SET` (defaults: --rotation-step auto, 60 s), the solution checked by
# `tangram verify`. Prints one row per set.
#
#   experiments/piece-sets/run.sh OUT      (TANGRAM_BIN: the program, default build/tangram)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=${1:?usage: run.sh OUT}
tangram=${TANGRAM_BIN:-$root/build/tangram}
"$root/scripts/set-figures.py" "$out" >/dev/null
echo "| set | truth | solved | seconds | solution (verify) |"
echo "|---|---|---|---:|---|"
for png in "$out"/*.png; do
  case $png in *-solved.png) continue ;; esac
  set_name=$(basename "$png" .png)
  truth=$("$tangram" verify "$png" "$out/$set_name.truth.json" 2>&1 | head -1 | cut -d' ' -f1 || true)
  summary=$("$tangram" solve "$png" --pieces "$set_name" --json "$out/$set_name.solution.json" \
              --image "$out/$set_name-solved.png" 2>/dev/null | head -1 || true)
  seconds=$(sed -n 's/.* in \([0-9.]*\) s .*/\1/p' <<<"$summary")
  solved=$([[ $summary == *": solved"* ]] && echo yes || echo no)
  verdict=$("$tangram" verify "$png" "$out/$set_name.solution.json" 2>&1 | head -1 |
              awk '{ c = ""; for (i = 2; i <= NF; i++) if ($i ~ /^coverage=/) c = " " $i
                     sub(":", "", $1); print $1 c }' || true)
  echo "| $set_name | $truth | $solved | $seconds | $verdict |"
done
