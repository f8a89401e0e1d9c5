#!/usr/bin/env bash
# End-to-end browser test of `tangram generate dissection`'s sheet.html: generate 4 small
# puzzles, then in headless Chromium
#   (a) open the page: its DOM must hold the 4 puzzles (each an SVG of the figure alone,
#       data-piece="figure") and the 4 answers (each an SVG of two coloured pieces and the cuts);
#   (b) print it to PDF: the answers start a page of their own, so the PDF has 2 pages.
# A copy without the page break must print on 1 page, so that the check itself is checked.
#
#   tests/browser/check-dissection-sheet.sh [options]
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
    *) echo "check-dissection-sheet: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done

source "$root/tests/browser/common.sh"
find_chromium check-dissection-sheet
[[ -x "$tangram" ]] ||
  { echo "check-dissection-sheet: no tangram binary at $tangram (build first)" >&2; exit 1; }

make_work check-dissection-sheet "$keep"

"$tangram" generate dissection --cells 10 --count 4 --seed 2 --out "$work/sheet" -q > /dev/null
sed 's/break-before: page; page-break-before: always;//' "$work/sheet/sheet.html" \
  > "$work/sheet/no-break.html"

headless_chrome

failures=()
# (a) The DOM as Chromium built it.
dom="$work/sheet.dom"
"${chrome[@]}" --virtual-time-budget=5000 --dump-dom "file://$work/sheet/sheet.html" > "$dom" \
  2>> "$work/chromium.log"
puzzles=$(grep -o '<figure class="puzzle"' "$dom" | wc -l)
answers=$(grep -o '<figure class="answer"' "$dom" | wc -l)
figures=$(grep -o 'data-piece="figure"' "$dom" | wc -l)
pieces=$(grep -o 'data-piece="[12]"' "$dom" | wc -l)
cuts=$(grep -o 'class="cut"' "$dom" | wc -l)
(( puzzles == 4 )) || failures+=("$puzzles puzzles in Chromium's DOM, expected 4")
(( answers == 4 )) || failures+=("$answers answers in Chromium's DOM, expected 4")
(( figures == 4 )) || failures+=("$figures figures without cuts, expected 4")
(( pieces == 8 )) || failures+=("$pieces coloured pieces in the answers, expected 8")
(( cuts == 8 )) || failures+=("$cuts SVGs with thick lines, expected 8 (4 puzzles, 4 answers)")

# (b) Printed: the page count of the PDF.
printed=$(pdf_pages "$work/sheet/sheet.html" "$work/sheet.pdf")
[[ "$printed" == 2 ]] ||
  failures+=("sheet.html prints on ${printed:-?} pages, expected 2 (the answers on their own)")
unbroken=$(pdf_pages "$work/sheet/no-break.html" "$work/no-break.pdf")
[[ "$unbroken" == 1 ]] ||
  failures+=("without the page break it prints on ${unbroken:-?} pages, not 1: no evidence")

if (( ${#failures[@]} > 0 )); then
  for f in "${failures[@]}"; do echo "check-dissection-sheet: FAIL: $f" >&2; done
  echo "check-dissection-sheet: Chromium's log: $(tail -n 5 "$work/chromium.log" 2>/dev/null)" >&2
  exit 1
fi
echo "check-dissection-sheet: OK: 4 puzzles and 4 answers in Chromium's DOM; printed on 2 pages" \
  "(1 without the page break)"
