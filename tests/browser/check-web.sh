#!/usr/bin/env bash
# End-to-end test of the page of `tangram serve` in headless Chromium (ctest browser_web): starts
# `tangram serve --port 0 --library TEMP` and drives the page with puppeteer-core
# (tests/browser/web/e2e.mjs), with the mouse and the keyboard: builds the tangram's square in the
# editor by dragging the tray's pieces (dropped a little off: every corner must snap exactly into
# place), records it (the picture must be the filled square), solves it and downloads the
# solution's JSON by its link (`tangram verify` must accept it with the recorded picture),
# renames it, uploads two bad pictures and one read with warnings (the CLI's lines must be
# shown), turns a piece freely and mirrors it, uploads a disc for the Stomachion and solves it
# with Show thinking (steps drawn), queues a second solve from a second tab and closes that tab
# (the server must stop it), presses Stop (outcome `stopped`), snaps a pentomino to
# the grid, lists all solutions of a rectangle (subset of the pentominoes), imports the masks
# twice, deletes a problem, reopens the square's design.
#
#   tests/browser/check-web.sh [options]
#     --tangram PATH        the tangram binary (default: build/tangram)
#     --screenshots DIR     write the screenshots of each stage (web-*.png) into DIR, e.g. docs/
#     --keep DIR            keep the work directory (library, downloads, server log) in DIR
#
# puppeteer-core is installed with `npm ci` (package-lock.json) into $TANGRAM_WEB_NPM_DIR
# (default: browser-web-npm/ in the current directory, the build directory under ctest; build/
# when run from the repository's top), once per lock file, from npm's cache (~/.npm) when it
# can. Set CHROMIUM to use another browser binary.
# Exit status: 0 passed; 1 failed; 2 bad usage; 77 skipped: no node/npm, no Chromium, or the npm
# packages cannot be installed (failed instead under TANGRAM_REQUIRE_ALL=1: common.sh).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

usage() { sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "${BASH_SOURCE[0]}"; }

tangram="$root/build/tangram" screenshots="" keep=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --tangram) tangram=${2:?}; shift 2 ;;
    --screenshots) screenshots=${2:?}; shift 2 ;;
    --keep) keep=${2:?}; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "check-web: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done

source "$root/tests/browser/common.sh"
for tool in node npm; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    skip_or_fail check-web "$tool" "no $tool (scripts/setup-deps.sh --browser installs Node.js and npm)"
  fi
done
browser=${CHROMIUM:-/usr/bin/chromium}
if [[ ! -x "$browser" ]]; then
  skip_or_fail check-web chromium "no Chromium at $browser (scripts/setup-deps.sh --browser installs it)"
fi
[[ -x "$tangram" ]] || { echo "check-web: no tangram binary at $tangram (build first)" >&2; exit 1; }
tangram=$(cd "$(dirname "$tangram")" && pwd)/$(basename "$tangram")
if [[ -n "$screenshots" ]]; then mkdir -p "$screenshots"; screenshots=$(cd "$screenshots" && pwd); fi

make_work check-web "$keep"

# puppeteer-core, installed once per package-lock.json.
web="$root/tests/browser/web"
lock_hash=$(cat "$web/package.json" "$web/package-lock.json" | sha256sum | cut -c1-16)
npm_base=$PWD
# Run from the repository's top (not a build directory): under build/, which git ignores.
[[ "$npm_base" == "$root" ]] && npm_base=$root/build
npm_dir=${TANGRAM_WEB_NPM_DIR:-$npm_base/browser-web-npm}/$lock_hash
if [[ ! -f "$npm_dir/.installed" ]]; then
  mkdir -p "$npm_dir"
  cp "$web/package.json" "$web/package-lock.json" "$npm_dir/"
  echo "check-web: npm ci (puppeteer-core) into $npm_dir" >&2
  if ! (cd "$npm_dir" && npm ci --prefer-offline --no-audit --no-fund --loglevel=error \
          > "$work/npm.log" 2>&1); then
    cat "$work/npm.log" >&2
    skip_or_fail check-web puppeteer-core "npm ci failed (no network and nothing in npm's cache?)"
  fi
  touch "$npm_dir/.installed"
fi
# The test next to its node_modules, so that `import "puppeteer-core"` finds it.
cp "$web/e2e.mjs" "$npm_dir/e2e.mjs"

# The server, on a free port; its first line says where.
mkdir -p "$work/library"
"$tangram" serve --port 0 --library "$work/library" > "$work/serve.log" 2>&1 &
server=$!
stop_server() {
  if kill -0 "$server" 2>/dev/null; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
}
if [[ -z "$keep" ]]; then trap 'stop_server; rm -rf "$work"' EXIT; else trap stop_server EXIT; fi
url=""
for _ in $(seq 1 100); do
  url=$(grep -o -m1 'http://[^ ]*' "$work/serve.log" || true)
  [[ -n "$url" ]] && break
  if ! kill -0 "$server" 2>/dev/null; then break; fi
  sleep 0.2
done
if [[ -z "$url" ]]; then
  echo "check-web: tangram serve did not print its address:" >&2
  cat "$work/serve.log" >&2
  exit 1
fi
echo "check-web: server at $url" >&2

status=0
extra=()
[[ -n "$screenshots" ]] && extra+=(--screenshots "$screenshots")
timeout 420 node "$npm_dir/e2e.mjs" --url "$url" --tangram "$tangram" --work "$work" \
  --masks "$root/masks" --sets "$root/src/io/sets" --chromium "$browser" "${extra[@]}" || status=$?

if ! kill -0 "$server" 2>/dev/null; then
  echo "check-web: FAILED: the server is no longer running:" >&2
  tail -20 "$work/serve.log" >&2
  status=1
fi
if [[ $status -ne 0 ]]; then
  echo "check-web: FAILED (exit $status); the server's log:" >&2
  tail -20 "$work/serve.log" >&2
  exit 1
fi
echo "check-web: passed" >&2
