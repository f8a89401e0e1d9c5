# Shared by the browser checks (sourced, not run): finding Chromium and a work directory.

# find_chromium NAME: sets `browser` to $CHROMIUM (exit 2 when that is not an executable) or to
# the first of chromium, chromium-browser, google-chrome found; exits 77 (skipped) when none
# is. NAME prefixes the messages.
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
    echo "$1: SKIP: no Chromium found (scripts/setup-deps.sh --browser installs it)" >&2
    exit 77
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
