#!/usr/bin/env bash
# Load an HTML page in headless Chromium, as a person would open it, and check what rendered.
#
#   tests/browser/check-html.sh PAGE.html [options]
#     --min-images N        at least N <img> elements (default 0); every <img> must decode
#                           (naturalWidth > 0) whatever N is
#     --min-tables N        at least N <table> elements (default 0)
#     --min-svgs N          at least N <svg> elements (default 0)
#     --count SELECTOR=N    exactly N elements match the CSS selector (repeatable)
#     --contained SELECTOR  every element matching SELECTOR (labels) lies inside its container,
#                           measured with getBoundingClientRect: the element named by its
#                           data-container attribute (an id), else for SVG elements the <svg>
#                           that holds them, else the element itself (its text, measured as a
#                           Range over its contents, must not overflow its box); in SVG, it
#                           must also not overlap another such label nor a filled <rect> (a
#                           bar) of its <svg>; 0.5 px allowed (repeatable; at least one element
#                           must match)
#     --screenshot OUT.png  also save a screenshot of the page (the file tool can show it)
#     --window-size W,H     browser window for the screenshot (default 1400,2400)
#     --full-page           screenshot height = the page's height (at most 16000 px)
#
# Works on any page: a probe script is added to a temporary copy of PAGE (with a <base> so that
# relative links still resolve against PAGE's directory); after the load event it writes the
# counts onto <html> as data attributes, which Chromium's --dump-dom prints. PAGE itself is
# never modified. Set CHROMIUM to choose the browser binary.
# Exit status: 0 all checks passed; 1 a check failed; 2 bad usage or unreadable PAGE;
# 77 no Chromium installed (install it with scripts/setup-deps.sh --browser; 1 instead under
# TANGRAM_REQUIRE_ALL=1: common.sh).
set -euo pipefail

usage() { sed -n '2,29s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"; }
die_usage() { echo "check-html: $*" >&2; exit 2; }

page="" min_images=0 min_tables=0 min_svgs=0 screenshot="" window=1400,2400 full_page=0
counts=() contained=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --min-images) min_images=${2:?}; shift 2 ;;
    --min-tables) min_tables=${2:?}; shift 2 ;;
    --min-svgs) min_svgs=${2:?}; shift 2 ;;
    --count) counts+=("${2:?}"); shift 2 ;;
    --contained) contained+=("${2:?}"); shift 2 ;;
    --screenshot) screenshot=${2:?}; shift 2 ;;
    --window-size) window=${2:?}; shift 2 ;;
    --full-page) full_page=1; shift ;;
    -h|--help) usage; exit 0 ;;
    -*) die_usage "unknown option '$1' (try --help)" ;;
    *) [[ -z "$page" ]] || die_usage "one page at a time ('$page' and '$1')"; page=$1; shift ;;
  esac
done
[[ -n "$page" ]] || die_usage "no page given (try --help)"
[[ -f "$page" && -r "$page" ]] || die_usage "cannot read $page"
for n in "$min_images" "$min_tables" "$min_svgs"; do
  [[ "$n" =~ ^[0-9]+$ ]] || die_usage "minimum counts must be whole numbers, got '$n'"
done
[[ "$window" =~ ^[0-9]+,[0-9]+$ ]] || die_usage "--window-size must be W,H, got '$window'"

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
find_chromium check-html
make_work check-html ""
page_abs=$(cd "$(dirname "$page")" && pwd)/$(basename "$page")

# file:// URL of a path: percent-encode what URLs reserve, escape for a sed replacement.
url_of() {
  local path=$1
  path=${path//%/%25}; path=${path// /%20}; path=${path//#/%23}; path=${path//\?/%3F}
  path=${path//\"/%22}
  printf 'file://%s' "$path"
}
sed_escape() { local s=${1//\\/\\\\}; s=${s//&/\\&}; s=${s//|/\\|}; printf '%s' "$s"; }
js_string() { local s=${1//\\/\\\\}; s=${s//\"/\\\"}; printf '"%s"' "$s"; }

selectors="" expected=()
for spec in "${counts[@]+"${counts[@]}"}"; do
  [[ "$spec" == *=* ]] || die_usage "--count wants SELECTOR=N, got '$spec'"
  n=${spec##*=}
  [[ "$n" =~ ^[0-9]+$ ]] || die_usage "--count wants SELECTOR=N with a whole N, got '$spec'"
  selectors+="${selectors:+,}$(js_string "${spec%=*}")"
  expected+=("$n")
done

labels=""
for spec in "${contained[@]+"${contained[@]}"}"; do labels+="${labels:+,}$(js_string "$spec")"; done

# The probe: after the load event, counts onto <html> as data-check-* attributes.
probe='<script>(function () {
  function probe() {
    var root = document.documentElement, images = document.images, broken = [];
    for (var i = 0; i < images.length; ++i)
      if (!images[i].complete || images[i].naturalWidth === 0)
        broken.push((images[i].getAttribute("src") || "").slice(0, 60));
    root.setAttribute("data-check-images", images.length);
    root.setAttribute("data-check-broken", broken.length);
    root.setAttribute("data-check-broken-list", broken.slice(0, 5).join(" "));
    root.setAttribute("data-check-tables", document.getElementsByTagName("table").length);
    root.setAttribute("data-check-svgs", document.getElementsByTagName("svg").length);
    // The height of the content (scrollHeight is at least the window height).
    root.setAttribute("data-check-height", Math.ceil(root.getBoundingClientRect().height));
    var selectors = ['"$selectors"'], found = [];
    for (var k = 0; k < selectors.length; ++k)
      found.push(document.querySelectorAll(selectors[k]).length);
    root.setAttribute("data-check-counts", found.join(" "));
    // Labels against their containers: the text box must lie within the container box.
    var labelSelectors = ['"$labels"'], matched = [], overflows = [], drawn = [];
    function meets(a, b) {  // the boxes share more than 0.5 px each way
      return Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
             Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
    }
    function named(el) {  // the text of the label itself, without a <title> tooltip
      var text = el.firstChild && el.firstChild.nodeType === 3 ? el.firstChild.nodeValue
                                                                : el.textContent;
      return JSON.stringify((text || "").slice(0, 40));
    }
    for (var k = 0; k < labelSelectors.length; ++k) {
      var labels = document.querySelectorAll(labelSelectors[k]);
      matched.push(labels.length);
      for (var j = 0; j < labels.length; ++j) {
        var el = labels[j], id = el.getAttribute("data-container"), box, inner;
        var container = id ? document.getElementById(id)
                           : (el.ownerSVGElement || el);
        if (!container) { overflows.push("no container #" + id); continue; }
        if (el.ownerSVGElement || !el.firstChild) inner = el.getBoundingClientRect();
        else { var range = document.createRange(); range.selectNodeContents(el);
               inner = range.getBoundingClientRect(); }
        box = container.getBoundingClientRect();
        if (inner.width === 0 && inner.height === 0) continue;  // nothing drawn
        var over = Math.max(box.left - inner.left, inner.right - box.right,
                            box.top - inner.top, inner.bottom - box.bottom);
        if (over > 0.5)
          overflows.push(named(el) + " by " + over.toFixed(1) + " px (" + labelSelectors[k] + ")");
        if (!el.ownerSVGElement) continue;
        for (var d = 0; d < drawn.length; ++d)
          if (drawn[d].svg === el.ownerSVGElement && meets(drawn[d].box, inner))
            overflows.push(named(el) + " overlaps " + named(drawn[d].el));
        var rects = el.ownerSVGElement.getElementsByTagName("rect");
        for (var r = 0; r < rects.length; ++r)
          if (getComputedStyle(rects[r]).fill !== "none" &&
              meets(rects[r].getBoundingClientRect(), inner))
            overflows.push(named(el) + " overlaps a bar");
        drawn.push({el: el, svg: el.ownerSVGElement, box: inner});
      }
    }
    root.setAttribute("data-check-contained", matched.join(" "));
    root.setAttribute("data-check-overflows", String(overflows.length));
    root.setAttribute("data-check-overflow-list",
                      overflows.slice(0, 5).join("; ").replace(/"/g, "\u201d"));
    root.setAttribute("data-check-done", "1");
  }
  if (document.readyState === "complete") probe();
  else window.addEventListener("load", probe);
})();</script>'
probe_page="$work/probe.html"
base="<base href=\"$(url_of "$(dirname "$page_abs")/")\">"
if grep -qiE '<head[ \t>]' "$page"; then
  head_tag='<head\([ \t][^>]*\)\{0,1\}>'
  sed "0,/$head_tag/Is|$head_tag|&$(sed_escape "$base")|I" "$page" > "$probe_page"
else
  { printf '%s\n' "$base"; cat "$page"; } > "$probe_page"
fi
printf '%s\n' "$probe" >> "$probe_page"

headless_chrome
if ! "${chrome[@]}" --window-size="$window" --virtual-time-budget=10000 --dump-dom \
       "$(url_of "$probe_page")" \
       > "$work/dom.html" 2> "$work/chromium.log"; then
  echo "check-html: FAIL: Chromium did not load $page; its log:" >&2
  tail -n 20 "$work/chromium.log" >&2
  exit 1
fi
attribute() { grep -o -m1 "data-check-$1=\"[^\"]*\"" "$work/dom.html" | sed 's/.*="\(.*\)"/\1/'; }
if [[ "$(attribute done)" != 1 ]]; then
  echo "check-html: FAIL: the probe did not run in $page (not an HTML page?)" >&2
  exit 1
fi
images=$(attribute images) broken=$(attribute broken) tables=$(attribute tables)
svgs=$(attribute svgs) height=$(attribute height)
read -r -a found <<< "$(attribute counts)"
read -r -a matched <<< "$(attribute contained)"
overflows=$(attribute overflows)

failures=()
(( broken == 0 )) || failures+=("$broken of $images images did not render: $(attribute broken-list)")
(( images >= min_images )) || failures+=("$images images, expected at least $min_images")
(( tables >= min_tables )) || failures+=("$tables tables, expected at least $min_tables")
(( svgs >= min_svgs )) || failures+=("$svgs svg elements, expected at least $min_svgs")
for k in "${!contained[@]}"; do
  [[ "${matched[$k]:-0}" != 0 ]] || failures+=("no element matches --contained '${contained[$k]}'")
done
(( ${overflows:-0} == 0 )) ||
  failures+=("$overflows labels overflow their containers or overlap: $(attribute overflow-list)")
for k in "${!expected[@]}"; do
  spec=${counts[$k]}
  [[ "${found[$k]:-}" == "${expected[$k]}" ]] ||
    failures+=("'${spec%=*}' matches ${found[$k]:-?} elements, expected ${expected[$k]}")
done

summary="$images images ($broken broken), $tables tables, $svgs svgs, page height $height px"
if (( ${#contained[@]} > 0 )); then
  total=0
  for n in "${matched[@]}"; do total=$(( total + n )); done
  summary+=", $total labels inside their containers"
fi
if [[ -n "$screenshot" ]]; then
  width=${window%,*}
  shot_height=${window#*,}
  if (( full_page )); then shot_height=$(( height < 16000 ? height : 16000 )); fi
  rm -f "$screenshot"
  "${chrome[@]}" --window-size="$width,$shot_height" --screenshot="$screenshot" \
    "$(url_of "$page_abs")" > /dev/null 2>> "$work/chromium.log" || true
  if [[ -s "$screenshot" ]] && [[ "$(head -c 8 "$screenshot" | od -An -c | tr -d ' ')" == *PNG* ]]
  then
    summary+=", screenshot $screenshot (${width}x$shot_height)"
  else
    failures+=("no screenshot written to $screenshot")
  fi
fi

if (( ${#failures[@]} > 0 )); then
  for f in "${failures[@]}"; do echo "check-html: FAIL: $page: $f" >&2; done
  exit 1
fi
echo "check-html: OK: $page: $summary"
