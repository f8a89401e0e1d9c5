#!/usr/bin/env bash
# A stand-in for build/tangram that "solves" a pattern by copying its ground truth, to test the
# benchmark pipeline without the solver: TANGRAM_BIN=scripts/truth-solver.sh scripts/bench-kilogram.sh
#
#   truth-solver.sh solve PNG --json OUT.json [other options, ignored]
#
# The truth of DIR/png/NAME.png is DIR/truth/NAME.truth.json (benchmark sets), otherwise
# DIR/NAME.truth.json (masks/). Exit status 0 when copied, 1 when there is no truth.
set -euo pipefail
[[ "${1:-}" == solve && $# -ge 2 ]] || { echo "usage: truth-solver.sh solve PNG --json OUT [...]" >&2; exit 2; }
png=$2
shift 2
json=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --json) json=${2:?--json needs a file}; shift 2 ;;
    *) shift ;;
  esac
done
dir=$(dirname "$png") name=$(basename "$png" .png)
if [[ $(basename "$dir") == png ]]; then
  truth="$(dirname "$dir")/truth/$name.truth.json"
else
  truth="$dir/$name.truth.json"
fi
[[ -f "$truth" ]] || { echo "truth-solver: no ground truth $truth" >&2; exit 1; }
[[ -z "$json" ]] || cp "$truth" "$json"
