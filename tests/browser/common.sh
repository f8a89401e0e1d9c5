# Shared by the browser checks (sourced, not run): finding Chromium, a work directory, the
# headless command and a printed PDF's page count.

# skip_or_fail NAME TOOL MESSAGE: the check cannot run, TOOL is missing (MESSAGE says so and how
# to get it). Exits 77 (skipped), or 1 (failed) under TANGRAM_REQUIRE_ALL=1 (CI: .ci/run) unless
# TANGRAM_MAY_SKIP, a comma-separated list, names TOOL. NAME prefixes the message.
skip_or_fail() {
  if [[ "${TANGRAM_REQUIRE_ALL:-}" == 1 && ",${TANGRAM_MAY_SKIP:-}," != *",$2,"* ]]; then
    echo "$1: FAIL: $3; TANGRAM_REQUIRE_ALL=1 requires $2" >&2
    exit 1
  fi
  echo "$1: SKIP: $3" >&2
  exit 77
}

# find_chromium NAME: sets `browser` to $CHROMIUM (exit 2 when that is not an executable) or to
# the first of chromium, chromium-browser, google-chrome found; skip_or_fail (tool chromium)
# when none is. NAME prefixes the messages.
find_chromium() {
  browser=${CHROMIUM:-}
  if [[ -n "$browser" ]] && ! command -v "$browser" >/dev/null 2>&1; then
    echo "$1: CHROMIUM=$browser is not an executable" >&2
    exit 2
  fi
  if [[ -z "$browser" ]]; then
    for candidate in chromium chromium-browser google-chrome; do
      if command -v "$candidate" >/dev/null 2>&1; then browser=$candidate; break; fi
    done
  fi
  if [[ -z "$browser" ]]; then
    skip_or_fail "$1" chromium "no Chromium found (scripts/setup-deps.sh --browser installs it)"
  fi
}

# make_work NAME KEEP: sets `work` to KEEP (created, kept) or to a new temporary directory that
# is removed on exit.
make_work() {
  if [[ -n "$2" ]]; then
    mkdir -p "$2"
    work=$(cd "$2" && pwd)
  else
    work=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX")
    trap 'rm -rf "$work"' EXIT
  fi
}

# headless_chrome: sets the array `chrome` to the headless Chromium command (120 s at most, its
# profile in $work/profile); after find_chromium and make_work.
headless_chrome() {
  chrome=(timeout 120 "$browser" --headless --disable-gpu --no-sandbox --no-first-run
          --no-default-browser-check --disable-extensions --hide-scrollbars
          --user-data-dir="$work/profile")
}

# pdf_pages HTML PDF: prints HTML to PDF with `chrome` (Chromium's messages appended to
# $work/chromium.log) and echoes the PDF's page count (its page tree's /Count), 0 when none.
pdf_pages() {
  rm -f "$2"
  "${chrome[@]}" --no-pdf-header-footer --print-to-pdf="$2" "file://$1" > /dev/null \
    2>> "$work/chromium.log" || true
  [[ -s "$2" ]] || { echo 0; return; }
  grep -a -o '/Count [0-9]*' "$2" | head -n 1 | tr -dc 0-9
}
