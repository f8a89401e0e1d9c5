#!/usr/bin/env bash
# End-to-end browser test of `tangram report`: compare strategies on the three masks/ patterns,
# write the report, open it in headless Chromium and check that the tables, the two SVG charts
# and every picture rendered, with one gallery card per run, the settings table, and that no
# label overflows its container or overlaps another label or a bar (every chart label, gallery
# caption and table cell, measured with getBoundingClientRect). The same label check runs on a
# report of a made-up directory of 18 patterns, whose "12/18" bar labels are wider than a bar,
# and must fail on a page made to overflow (so that the check itself is checked).
#
#   tests/browser/check-report.sh [options]
#     --tangram PATH        the tangram binary (default: build/tangram)
#     --strategies LIST     strategies to compare (default: all seven)
#     --time-limit SEC      per run (default 5: some runs end unsolved, which the page marks)
#     --screenshot OUT.png  keep a full-page screenshot there
#     --keep DIR            write the compare results and report.html into DIR (kept)
#     --install             install Chromium first when missing (scripts/setup-deps.sh --browser)
#
# Exit status: 0 passed; 1 failed; 77 skipped: no Chromium (and no --install; failed instead
# under TANGRAM_REQUIRE_ALL=1: common.sh).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

usage() { sed -n '2,15s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"; }

tangram="$root/build/tangram" strategies=all time_limit=5 screenshot="" keep="" install=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --tangram) tangram=${2:?}; shift 2 ;;
    --strategies) strategies=${2:?}; shift 2 ;;
    --time-limit) time_limit=${2:?}; shift 2 ;;
    --screenshot) screenshot=${2:?}; shift 2 ;;
    --keep) keep=${2:?}; shift 2 ;;
    --install) install=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "check-report: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done

if (( install )); then "$root/scripts/setup-deps.sh" --browser; fi
source "$root/tests/browser/common.sh"
find_chromium check-report
[[ -x "$tangram" ]] || { echo "check-report: no tangram binary at $tangram (build first)" >&2; exit 1; }

make_work check-report "$keep"

masks=("$root/masks/01-square.png" "$root/masks/02-page9-11.png" "$root/masks/03-page5-219.png")
rm -rf "$work/compare"
nice "$tangram" compare "${masks[@]}" --strategies "$strategies" --rotation-step 45 \
  --time-limit "$time_limit" --out "$work/compare" > "$work/compare.md"
"$tangram" report "$work/compare" -o "$work/report.html"

# Expectations from what compare wrote: one card per run, a picture per run plus one per
# pattern, the summary table and one pattern x strategy table, the two charts.
runs=$(( $(wc -l < "$work/compare/runs.csv") - 1 ))
unsolved=$(awk -F, 'NR > 1 && !($5 == 1 && $6 == 1)' "$work/compare/runs.csv" | wc -l)
(( runs == ${#masks[@]} * (runs / ${#masks[@]}) && runs > 0 )) ||
  { echo "check-report: FAIL: runs.csv has $runs runs" >&2; exit 1; }
labels=(--contained 'svg text' --contained 'td, th')
args=(--min-images $(( runs + ${#masks[@]} )) --min-tables 2 --min-svgs 2
      --count "figure.card[data-status]=$runs"
      --count "figure.card.unsolved,figure.card.invalid=$unsolved"
      --count "svg.chart=2" --count "#summary-table=1" --count "#settings-table=1"
      "${labels[@]}" --contained 'figure.card figcaption')
if [[ -n "$screenshot" ]]; then args+=(--screenshot "$screenshot" --full-page); fi
"$root/tests/browser/check-html.sh" "$work/report.html" "${args[@]}"

# Two-digit counts: 18 made-up patterns, two searches, every strategy, no pictures.
mkdir -p "$work/wide"
{
  echo "experiment,search,pattern,strategy,solved,valid,seconds,placements,backtracks,coverage,overlap,spill,solution,picture,outcome"
  for search in paper ours; do
    for strategy in bl lb hzz vzz s s-inv dt; do
      for p in $(seq -w 1 18); do
        if [[ $search == ours ]] || (( 10#$p <= 12 )); then
          echo "compare,$search,p$p.png,$strategy,1,1,1$p.25,10,2,0.98,0.001,0.01,,,solved"
        else
          echo "compare,$search,p$p.png,$strategy,0,0,360.00,10,2,0.80,0.001,0.01,,,time-limit"
        fi
      done
    done
  done
} > "$work/wide/runs.csv"
"$tangram" report "$work/wide" -o "$work/wide.html" --gallery none > /dev/null
"$root/tests/browser/check-html.sh" "$work/wide.html" --min-svgs 2 "${labels[@]}"

# The check must see an overflow: a label wider than its slot, and over a bar.
cat > "$work/overflow.html" <<'PAGE'
<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>
<svg width="200" height="100"><rect id="slot" x="10" y="10" width="20" height="80" fill="none"/>
<rect x="40" y="30" width="16" height="60" fill="#0072B2"/>
<text x="20" y="40" text-anchor="middle" data-container="slot">12/18 runs</text></svg>
</body></html>
PAGE
if "$root/tests/browser/check-html.sh" "$work/overflow.html" "${labels[@]}" 2> "$work/overflow.err"
then
  echo "check-report: FAIL: the label check passed a page whose label overflows" >&2; exit 1
fi
grep -q "overflow their containers or overlap" "$work/overflow.err" ||
  { echo "check-report: FAIL: the label check failed for another reason:" >&2
    cat "$work/overflow.err" >&2; exit 1; }
echo "check-report: OK: $runs runs ($unsolved not counted as solved) in $work/report.html;" \
  "labels fit in it, in a report of 18 patterns, and an overflowing label is caught"
