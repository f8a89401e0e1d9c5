#!/usr/bin/env bash
# Load an HTML page in headless Chromium, as a person would open it, and check what rendered.
#
#   tests/browser/check-html.sh PAGE.html [options]
#     --min-images N        at least N <img> elements (default 0); every <img> must decode
#                           (naturalWidth > 0) whatever N is
#     --min-tables N        at least N <table> elements (default 0)
#     --min-svgs N          at least N <svg> elements (default 0)
#     --count SELECTOR=N    exactly N elements match the CSS selector (repeatable)
#     --screenshot OUT.png  also save a screenshot of the page (the file tool can show it)
#     --window-size W,H     browser window for the screenshot (default 1400,2400)
#     --full-page           screenshot height = the page's height (at most 16000 px)
#
# Works on any page: a probe script is added to a temporary copy of PAGE (with a <base> so that
# relative links still resolve against PAGE's directory); after the load event it writes the
# counts onto <html> as data attributes, which Chromium's --dump-dom prints. PAGE itself is
# never modified. Set CHROMIUM to choose the browser binary.
# Exit status: 0 all checks passed; 1 a check failed; 2 bad usage or unreadable PAGE;
# 77 no Chromium installed (install it with scripts/setup-deps.sh --browser).
set -euo pipefail

usage() { sed -n '2,21s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"; }
die_usage() { echo "check-html: $*" >&2; exit 2; }

page="" min_images=0 min_tables=0 min_svgs=0 screenshot="" window=1400,2400 full_page=0
counts=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --min-images) min_images=${2:?}; shift 2 ;;
    --min-tables) min_tables=${2:?}; shift 2 ;;
    --min-svgs) min_svgs=${2:?}; shift 2 ;;
    --count) counts+=("${2:?}"); shift 2 ;;
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

browser=${CHROMIUM:-}
if [[ -n "$browser" ]] && ! command -v "$browser" >/dev/null 2>&1; then
  die_usage "CHROMIUM=$browser is not an executable"
fi
if [[ -z "$browser" ]]; then
  for candidate in chromium chromium-browser google-chrome; do
    if command -v "$candidate" >/dev/null 2>&1; then browser=$candidate; break; fi
  done
fi
if [[ -z "$browser" ]]; then
  echo "check-html: SKIP: no Chromium found (scripts/setup-deps.sh --browser installs it)" >&2
  exit 77
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/check-html.XXXXXX")
trap 'rm -rf "$work"' EXIT
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

chrome=(timeout 120 "$browser" --headless --disable-gpu --no-sandbox --no-first-run
        --no-default-browser-check --disable-extensions --hide-scrollbars
        --user-data-dir="$work/profile")
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

failures=()
(( broken == 0 )) || failures+=("$broken of $images images did not render: $(attribute broken-list)")
(( images >= min_images )) || failures+=("$images images, expected at least $min_images")
(( tables >= min_tables )) || failures+=("$tables tables, expected at least $min_tables")
(( svgs >= min_svgs )) || failures+=("$svgs svg elements, expected at least $min_svgs")
for k in "${!expected[@]}"; do
  spec=${counts[$k]}
  [[ "${found[$k]:-}" == "${expected[$k]}" ]] ||
    failures+=("'${spec%=*}' matches ${found[$k]:-?} elements, expected ${expected[$k]}")
done

summary="$images images ($broken broken), $tables tables, $svgs svgs, page height $height px"
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
