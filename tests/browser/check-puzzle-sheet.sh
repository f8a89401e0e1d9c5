#!/usr/bin/env bash
# End-to-end browser test of `tangram generate puzzles`'s sheet.html: generate 2 Tangram
# puzzles, then in headless Chromium
#   (a) open the page: its DOM must hold the 2 puzzles and, in the answers' section, their 2
#       answers (every picture an inline PNG);
#   (b) print it to PDF: the answers start a page of their own, so the PDF has 2 pages or more.
# A copy without the page break must print on fewer pages, so that the check itself is checked.
#
#   tests/browser/check-puzzle-sheet.sh [options]
#     --tangram PATH   the tangram binary (default: build/tangram)
#     --keep DIR       write the puzzles, the PDFs and Chromium's DOM into DIR (kept)
#
# Set CHROMIUM to choose the browser binary.
# Exit status: 0 passed; 1 failed; 2 bad usage; 77 skipped: no Chromium (scripts/setup-deps.sh
# --browser installs it; failed instead under TANGRAM_REQUIRE_ALL=1: common.sh).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

usage() { sed -n '2,16s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"; }

tangram="$root/build/tangram" keep=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --tangram) tangram=${2:?}; shift 2 ;;
    --keep) keep=${2:?}; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "check-puzzle-sheet: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done

source "$root/tests/browser/common.sh"
find_chromium check-puzzle-sheet
[[ -x "$tangram" ]] ||
  { echo "check-puzzle-sheet: no tangram binary at $tangram (build first)" >&2; exit 1; }

make_work check-puzzle-sheet "$keep"

"$tangram" generate puzzles --pieces tangram --count 2 --seed 3 --out "$work/sheet" -q \
  > /dev/null
grep -q 'break-before:page' "$work/sheet/sheet.html" ||
  { echo "check-puzzle-sheet: FAIL: sheet.html has no page break before its answers" >&2; exit 1; }
sed 's/break-before:page//' "$work/sheet/sheet.html" > "$work/sheet/no-break.html"

headless_chrome

failures=()
# (a) The DOM as Chromium built it: the puzzles before the answers' section, the answers in it.
dom="$work/sheet.dom"
"${chrome[@]}" --virtual-time-budget=5000 --dump-dom "file://$work/sheet/sheet.html" > "$dom" \
  2>> "$work/chromium.log"
before=$(sed -n '1,/class="answers"/p' "$dom" | grep -o 'alt="puzzle-00[12]" src="data:image/png' |
  wc -l)
after=$(sed -n '/class="answers"/,$p' "$dom" |
  grep -o 'alt="puzzle-00[12] answer" src="data:image/png' | wc -l)
(( before == 2 )) || failures+=("$before puzzles before the answers in Chromium's DOM, expected 2")
(( after == 2 )) || failures+=("$after answers in the answers' section, expected 2")

# (b) Printed: the page count of the PDF.
printed=$(pdf_pages "$work/sheet/sheet.html" "$work/sheet.pdf")
unbroken=$(pdf_pages "$work/sheet/no-break.html" "$work/no-break.pdf")
(( ${printed:-0} >= 2 )) ||
  failures+=("sheet.html prints on ${printed:-?} pages, expected 2 or more")
(( ${unbroken:-0} >= 1 && ${unbroken:-0} < ${printed:-0} )) ||
  failures+=("without the page break it prints on ${unbroken:-?} pages, not fewer than" \
             "${printed:-?}: no evidence that the answers have a page of their own")

if (( ${#failures[@]} > 0 )); then
  for f in "${failures[@]}"; do echo "check-puzzle-sheet: FAIL: $f" >&2; done
  echo "check-puzzle-sheet: Chromium's log: $(tail -n 5 "$work/chromium.log" 2>/dev/null)" >&2
  exit 1
fi
echo "check-puzzle-sheet: OK: 2 puzzles, then 2 answers in Chromium's DOM; printed on" \
  "$printed pages ($unbroken without the page break)"
