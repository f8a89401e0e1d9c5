#!/usr/bin/env bash
# End-to-end browser test of `tangram solve --svg`: solve masks/01-square.png with --svg and
# --image, then in headless Chromium
#   (a) open the SVG file itself, as a person would: it must load as an SVG document, without an
#       XML error page, with one element per piece (data-piece) of the seven;
#   (b) read it with the browser's strict XML parser (DOMParser, image/svg+xml) and draw it on a
#       canvas at its own size, and the PNG beside it: every piece's fill colour must cover about
#       its area in pixels (its polygon's area times the display scale squared, less its
#       outline), and about as many pixels as the same colour does in the PNG.
# A copy of the SVG broken on purpose (an element left open) must fail (a) and (b), so that the
# check itself is checked. A dissection of half-squares (`tangram dissect --cells half --svg`,
# triangles and diagonal cuts) must pass (a) too.
#
#   tests/browser/check-svg.sh [options]
#     --tangram PATH        the tangram binary (default: build/tangram)
#     --screenshot OUT.png  keep a screenshot of the SVG as Chromium shows it
#     --keep DIR            write the SVG, PNG, JSON and probe pages into DIR (kept)
#
# Set CHROMIUM to choose the browser binary.
# Exit status: 0 passed; 1 failed; 2 bad usage; 77 skipped: no Chromium (scripts/setup-deps.sh
# --browser installs it; failed instead under TANGRAM_REQUIRE_ALL=1: common.sh).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

usage() { sed -n '2,20s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"; }

tangram="$root/build/tangram" screenshot="" keep=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --tangram) tangram=${2:?}; shift 2 ;;
    --screenshot) screenshot=${2:?}; shift 2 ;;
    --keep) keep=${2:?}; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "check-svg: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done

source "$root/tests/browser/common.sh"
find_chromium check-svg
[[ -x "$tangram" ]] || { echo "check-svg: no tangram binary at $tangram (build first)" >&2; exit 1; }

make_work check-svg "$keep"

"$tangram" solve "$root/masks/01-square.png" --svg "$work/square.svg" --image "$work/square.png" \
  --json "$work/square.json" --time-limit 60 -q
# Broken on purpose: the group of pieces left open.
sed 's|^</g>$||' "$work/square.svg" > "$work/broken.svg"

headless_chrome

# (a) The file itself: Chromium's DOM of it. An XML error shows as a <parsererror> page.
# Prints "pieces" and whether an error was shown.
open_file() {
  local dom="$work/$(basename "$1").dom"
  "${chrome[@]}" --virtual-time-budget=5000 --dump-dom "file://$1" > "$dom" 2>> "$work/chromium.log"
  local errors pieces
  errors=$(grep -c -i 'parsererror' "$dom" || true)
  pieces=$(grep -o 'data-piece="' "$dom" | wc -l)
  if ! grep -q '<svg' "$dom"; then errors=$(( errors + 1 )); fi
  echo "$pieces $errors"
}

# (b) The probe page: the SVG's text and the PNG embedded (base64), parsed and drawn on
# canvases after the load event; the results written onto <html> as data-check-* attributes,
# which --dump-dom prints.
probe() {
  local svg=$1 page="$work/probe-$(basename "$1" .svg).html"
  {
    echo '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><script>'
    printf 'var svgBase64 = "%s";\n' "$(base64 -w0 "$svg")"
    printf 'var pngBase64 = "%s";\n' "$(base64 -w0 "$work/square.png")"
    cat <<'SCRIPT'
(function () {
  var root = document.documentElement, failures = [];
  function done(extra) {
    root.setAttribute("data-check-failures", String(failures.length));
    root.setAttribute("data-check-failure-list",
                      failures.slice(0, 8).join("; ").replace(/"/g, "\u201d"));
    for (var key in extra) root.setAttribute("data-check-" + key, String(extra[key]));
    root.setAttribute("data-check-done", "1");
  }
  function bytes(base64) {
    var text = atob(base64), out = new Uint8Array(text.length);
    for (var i = 0; i < text.length; ++i) out[i] = text.charCodeAt(i);
    return out;
  }
  var svgBytes = bytes(svgBase64);
  var svgText = new TextDecoder("utf-8", {fatal: true}).decode(svgBytes);
  var doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
  var parseErrors = doc.getElementsByTagName("parsererror");
  if (parseErrors.length > 0)
    failures.push("XML error: " + parseErrors[0].textContent.slice(0, 120));
  if (doc.documentElement.localName !== "svg") failures.push("the root is not <svg>");
  var pieces = doc.querySelectorAll("[data-piece]");
  var box = (doc.documentElement.getAttribute("viewBox") || "").split(/[ ,]+/).map(Number);
  // Pixels of every colour of a picture drawn on a canvas, by 0xRRGGBB (opaque pixels only).
  function histogram(url, then) {
    var image = new Image();
    image.onload = function () {
      var canvas = document.createElement("canvas");
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      var context = canvas.getContext("2d");
      context.drawImage(image, 0, 0);
      var data = context.getImageData(0, 0, canvas.width, canvas.height).data, counts = {};
      for (var i = 0; i < data.length; i += 4)
        if (data[i + 3] === 255) {
          var key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
          counts[key] = (counts[key] || 0) + 1;
        }
      then(counts, canvas.width, canvas.height);
    };
    image.onerror = function () { then(null, 0, 0); };
    image.src = url;
  }
  function polygonArea(points) {
    var p = points.trim().split(/[ ,]+/).map(Number), sum = 0;
    for (var i = 0; i < p.length; i += 2) {
      var j = (i + 2) % p.length;
      sum += p[i] * p[j + 1] - p[j] * p[i + 1];
    }
    return Math.abs(sum) / 2;
  }
  var blob = new Blob([svgBytes], {type: "image/svg+xml"});
  histogram(URL.createObjectURL(blob), function (svgCounts, width, height) {
    if (!svgCounts) {
      failures.push("the SVG did not render as an image");
      return done({pieces: pieces.length});
    }
    histogram("data:image/png;base64," + pngBase64, function (pngCounts) {
      if (!pngCounts) failures.push("the PNG did not load");
      var scale = width / box[2], report = [];
      for (var k = 0; k < pieces.length; ++k) {
        var piece = pieces[k], fill = piece.getAttribute("fill") || "";
        var key = parseInt(fill.slice(1), 16);
        var drawn = svgCounts[key] || 0, inPng = pngCounts ? pngCounts[key] || 0 : 0;
        var name = piece.getAttribute("data-piece");
        var expected = piece.localName === "polygon"
                           ? polygonArea(piece.getAttribute("points")) * scale * scale : drawn;
        report.push(name + " " + fill + " " + drawn + "/" + Math.round(expected) + " px, PNG " +
                    inPng);
        if (!(drawn >= 0.85 * expected && drawn <= 1.01 * expected))
          failures.push(name + ": " + fill + " covers " + drawn + " px, its area " +
                        Math.round(expected));
        if (!(inPng >= 0.9 * drawn && inPng <= 1.1 * drawn))
          failures.push(name + ": " + fill + " covers " + drawn + " px, in the PNG " + inPng);
      }
      done({pieces: pieces.length, size: width + "x" + height, report: report.join("; ")});
    });
  });
})();
SCRIPT
    echo '</script></body></html>'
  } > "$page"
  "${chrome[@]}" --virtual-time-budget=10000 --dump-dom "file://$page" > "$page.dom" \
    2>> "$work/chromium.log"
  attribute() { grep -o -m1 "data-check-$1=\"[^\"]*\"" "$page.dom" | sed 's/.*="\(.*\)"/\1/'; }
  if [[ "$(attribute done)" != 1 ]]; then
    echo "probe-did-not-run"
    return
  fi
  echo "$(attribute failures)|$(attribute pieces)|$(attribute failure-list)|$(attribute size)|$(attribute report)"
}

failures=()
read -r pieces errors <<< "$(open_file "$work/square.svg")"
(( errors == 0 )) || failures+=("Chromium shows an error page for $work/square.svg")
(( pieces == 7 )) || failures+=("Chromium's DOM of the SVG has $pieces pieces, expected 7")

IFS='|' read -r failed probed list size report <<< "$(probe "$work/square.svg")"
if [[ "$failed" == probe-did-not-run ]]; then
  failures+=("the probe did not run")
else
  (( failed == 0 )) || failures+=("$list")
  (( probed == 7 )) || failures+=("DOMParser finds $probed pieces, expected 7")
fi

# The broken copy must fail both ways.
read -r _ broken_errors <<< "$(open_file "$work/broken.svg")"
(( broken_errors > 0 )) || failures+=("no error page for a broken SVG: the check cannot fail")
IFS='|' read -r broken_failed _ broken_list _ _ <<< "$(probe "$work/broken.svg")"
[[ "$broken_failed" != probe-did-not-run ]] && (( broken_failed > 0 )) &&
  [[ "$broken_list" == *"XML error"* ]] ||
  failures+=("the probe passed a broken SVG: the check cannot fail")

# The 2 x 2 square cut into 4 congruent pieces of half-squares.
printf '##\n##\n' > "$work/half.txt"
"$tangram" dissect "$work/half.txt" --cells half --parts 4 --svg "$work/half.svg" > /dev/null
read -r half_pieces half_errors <<< "$(open_file "$work/half.svg")"
(( half_errors == 0 )) || failures+=("Chromium shows an error page for $work/half.svg")
(( half_pieces == 4 )) ||
  failures+=("Chromium's DOM of the half-square SVG has $half_pieces pieces, expected 4")

if [[ -n "$screenshot" ]]; then
  rm -f "$screenshot"
  width=$(grep -o -m1 'width="[0-9]*"' "$work/square.svg" | tr -dc 0-9)
  height=$(grep -o -m1 'height="[0-9]*"' "$work/square.svg" | tr -dc 0-9)
  "${chrome[@]}" --window-size="$width,$height" --screenshot="$screenshot" \
    "file://$work/square.svg" > /dev/null 2>> "$work/chromium.log" || true
  [[ -s "$screenshot" ]] || failures+=("no screenshot written to $screenshot")
fi

if (( ${#failures[@]} > 0 )); then
  for f in "${failures[@]}"; do echo "check-svg: FAIL: $f" >&2; done
  echo "check-svg: Chromium's log: $(tail -n 5 "$work/chromium.log" 2>/dev/null)" >&2
  exit 1
fi
echo "check-svg: OK: $work/square.svg opens in Chromium with 7 pieces and no XML error;" \
  "drawn at $size px: $report; a broken copy is caught; a half-square dissection opens with" \
  "its 4 pieces"
