#!/usr/bin/env bash
# The figures of README.md: tests/load/serve-load.py's long form (200 clients for 60 s, half
# slow or broken) against this build and a baseline build, one after the other on the same
# machine, then this build again with 5 SIGKILLs and restarts during the load.
#
#   experiments/server-load/run.sh BUILD/tangram BASELINE/tangram [OUT_DIR]
# Writes OUT_DIR/{this,baseline,kills}.txt (default: this folder).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
this=$1 baseline=$2 out=${3:-$here}
load="$here/../../tests/load/serve-load.py"
run() { /usr/bin/python3 "$load" --clients 200 --seconds 60 --report-only "$@"; }
run --tangram "$this" | tee "$out/this.txt"
run --tangram "$baseline" | tee "$out/baseline.txt"
run --tangram "$this" --kills 5 | tee "$out/kills.txt"
