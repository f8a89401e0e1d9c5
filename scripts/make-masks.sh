#!/usr/bin/env bash
# Render the 30 patterns of masks/ from their arrangements and check every ground truth.
#
#   scripts/make-masks.sh OUTDIR      write them to OUTDIR (e.g. to compare: diff -r OUTDIR masks)
#   scripts/make-masks.sh --force     overwrite the shipped copies in masks/
#
# Every masks/src/NN-name.arrangement.json (poses of the seven pieces in piece units, written
# once by scripts/compose-masks.py) is drawn by `tangram render` at side 200 px with a 10 px
# margin into NN-name.png and NN-name.truth.json; ../shared/tools/tangram-referee must then
# call every pair VALID. Uses build/tangram (scripts/build.sh builds it; set TANGRAM to use
# another binary) and the system Python modules of scripts/setup-deps.sh --bench.
# masks/README.md and masks/src/ are not touched.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tangram=${TANGRAM:-$root/build/tangram}

case "${1:-}" in
  --force) out="$root/masks" ;;
  -h|--help) sed -n '2,12s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"; exit 0 ;;
  "") echo "usage: scripts/make-masks.sh OUTDIR | --force (try --help)" >&2; exit 2 ;;
  -*) echo "make-masks: unknown option '$1' (try --help)" >&2; exit 2 ;;
  *) out=$1 ;;
esac
[[ $# -le 1 ]] || { echo "make-masks: one argument expected (try --help)" >&2; exit 2; }
if [[ "$(realpath -m "$out")" == "$(realpath "$root/masks")" && "$1" != --force ]]; then
  echo "make-masks: masks/ holds the shipped data; overwrite it only with --force" >&2
  exit 2
fi
[[ -x "$tangram" ]] || { echo "make-masks: $tangram not found: run scripts/build.sh" >&2; exit 2; }
mkdir -p "$out"

pairs=$(mktemp)
trap 'rm -f "$pairs"' EXIT
for arrangement in "$root"/masks/src/*.arrangement.json; do
  stem=$(basename "$arrangement" .arrangement.json)
  "$tangram" render "$arrangement" -o "$out/$stem.png" --side 200 --margin 10 >/dev/null
  printf '%s\t%s\n' "$out/$stem.png" "$out/$stem.truth.json" >> "$pairs"
done
verdicts=$(/usr/bin/python3 "$root/../shared/tools/tangram-referee" --batch "$pairs")
echo "$verdicts"
grep -q "^referee: $(wc -l < "$pairs") valid, 0 invalid" <<< "$verdicts" ||
  { echo "make-masks: some ground truth is not VALID" >&2; exit 1; }
