#!/usr/bin/env bash
# End-to-end browser test of `tangram report`: compare strategies on the three masks/ patterns,
# write the report, open it in headless Chromium and check that the tables, the two SVG charts
# and every picture rendered, with one gallery card per run.
#
#   tests/browser/check-report.sh [options]
#     --tangram PATH        the tangram binary (default: build/tangram)
#     --strategies LIST     strategies to compare (default: all seven)
#     --time-limit SEC      per run (default 5: some runs end unsolved, which the page marks)
#     --screenshot OUT.png  keep a full-page screenshot there
#     --keep DIR            write the compare results and report.html into DIR (kept)
#     --install             install Chromium first when missing (scripts/setup-deps.sh --browser)
#
# Exit status: 0 passed; 1 failed; 77 skipped: no Chromium (and no --install).
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
if [[ -z "${CHROMIUM:-}" ]] && ! command -v chromium >/dev/null 2>&1 &&
   ! command -v chromium-browser >/dev/null 2>&1 && ! command -v google-chrome >/dev/null 2>&1
then
  echo "check-report: SKIP: no Chromium (scripts/setup-deps.sh --browser installs it)" >&2
  exit 77
fi
[[ -x "$tangram" ]] || { echo "check-report: no tangram binary at $tangram (build first)" >&2; exit 1; }

if [[ -n "$keep" ]]; then
  mkdir -p "$keep"
  work=$(cd "$keep" && pwd)
else
  work=$(mktemp -d "${TMPDIR:-/tmp}/check-report.XXXXXX")
  trap 'rm -rf "$work"' EXIT
fi

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
args=(--min-images $(( runs + ${#masks[@]} )) --min-tables 2 --min-svgs 2
      --count "figure.card[data-status]=$runs"
      --count "figure.card.unsolved,figure.card.invalid=$unsolved"
      --count "svg.chart=2" --count "#summary-table=1")
if [[ -n "$screenshot" ]]; then args+=(--screenshot "$screenshot" --full-page); fi
"$root/tests/browser/check-html.sh" "$work/report.html" "${args[@]}"
echo "check-report: OK: $runs runs ($unsolved not counted as solved) in $work/report.html"
