#!/usr/bin/env bash
# Regenerate the example patterns of masks/ and their ground truth.
#
#   scripts/make-masks.sh OUTDIR      write them to OUTDIR (e.g. to compare: diff -r OUTDIR masks)
#   scripts/make-masks.sh --force     overwrite the shipped copies in masks/
#
# 01-square is rendered from masks/src/01-square.svg with ../shared/tools/tangram-figures
# (side 200 px, 10 px margin); 02 and 03 are copied from ../shared/benchmarks/kilogram-dev with
# the truth's "pattern" field set to the new file name. Every pair is then checked with
# tangram-referee, which must call it VALID. masks/README.md and masks/src/ are not touched.
# Needs the system Python modules of scripts/setup-deps.sh --bench.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
shared="$root/../shared"
kilogram="$shared/benchmarks/kilogram-dev"

# MASK:FIGURE - name in masks/ and the KiloGram figure it is copied from
from_kilogram=(02-page9-11:page9-11 03-page5-219:page5-219)

case "${1:-}" in
  --force) out="$root/masks" ;;
  -h|--help) sed -n '2,11s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"; exit 0 ;;
  "") echo "usage: scripts/make-masks.sh OUTDIR | --force (try --help)" >&2; exit 2 ;;
  -*) echo "make-masks: unknown option '$1' (try --help)" >&2; exit 2 ;;
  *) out=$1 ;;
esac
[[ $# -le 1 ]] || { echo "make-masks: one argument expected (try --help)" >&2; exit 2; }
if [[ "$(realpath -m "$out")" == "$(realpath "$root/masks")" && "$1" != --force ]]; then
  echo "make-masks: masks/ holds the shipped data; overwrite it only with --force" >&2
  exit 2
fi
mkdir -p "$out"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
/usr/bin/python3 "$shared/tools/tangram-figures" "$root/masks/src/01-square.svg" --out "$tmp" >/dev/null
cp "$tmp/01-square.png" "$tmp/01-square.truth.json" "$out/"

for pair in "${from_kilogram[@]}"; do
  mask=${pair%%:*} fig=${pair#*:}
  install -m 0644 "$kilogram/png/$fig.png" "$out/$mask.png"
  sed "s|\"pattern\": \"png/$fig.png\"|\"pattern\": \"$mask.png\"|" \
    "$kilogram/truth/$fig.truth.json" > "$out/$mask.truth.json"
  grep -q "\"pattern\": \"$mask.png\"" "$out/$mask.truth.json" \
    || { echo "make-masks: could not set the pattern field of $mask.truth.json" >&2; exit 1; }
done

for mask in 01-square "${from_kilogram[@]%%:*}"; do
  /usr/bin/python3 "$shared/tools/tangram-referee" "$out/$mask.png" "$out/$mask.truth.json"
done
