#!/usr/bin/env bash
# End-to-end browser test of `tangram explain`: the paper's Figs. 5-7 for one placement on
# masks/02-page9-11.png, opened in headless Chromium; every picture index.html shows must
# decode, one per PNG written, with the table of endpoint costs.
#
#   tests/browser/check-explain.sh [--tangram PATH] [--screenshot OUT.png] [--keep DIR]
#
# Exit status: 0 passed; 1 failed; 77 skipped: no Chromium (failed under TANGRAM_REQUIRE_ALL=1).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
tangram="$root/build/tangram" screenshot="" keep=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --tangram) tangram=${2:?}; shift 2 ;;
    --screenshot) screenshot=${2:?}; shift 2 ;;
    --keep) keep=${2:?}; shift 2 ;;
    -h|--help) sed -n '2,8s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) echo "check-explain: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
source "$root/tests/browser/common.sh"
find_chromium check-explain
[[ -x "$tangram" ]] || { echo "check-explain: no tangram binary at $tangram (build first)" >&2; exit 1; }
make_work check-explain "$keep"
rm -rf "$work/explain"
"$tangram" explain "$root/masks/02-page9-11.png" --piece small-triangle --out "$work/explain"
pictures=$(find "$work/explain" -name '*.png' | wc -l)
(( pictures >= 15 )) || { echo "check-explain: FAIL: only $pictures pictures written" >&2; exit 1; }
args=(--min-images "$pictures" --count "img=$pictures" --min-tables 1)
if [[ -n "$screenshot" ]]; then args+=(--screenshot "$screenshot" --full-page); fi
"$root/tests/browser/check-html.sh" "$work/explain/index.html" "${args[@]}"
echo "check-explain: OK: $pictures pictures in $work/explain/index.html"
