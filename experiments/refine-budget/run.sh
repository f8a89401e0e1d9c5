#!/usr/bin/env bash
# The steps after the search (polish, snap, lattice snap) against the solve (issue 32, item 5):
# today's build (BASELINE) and this one (NEW) on the same figures, taking turns per figure.
#
#   experiments/refine-budget/run.sh [--baseline PATH] [--new PATH] [--bench DIR] [--limit N]
#                                    [--time-limit S] [-- SOLVE ARGS...]
#
# Defaults: BASELINE = /work/main/build/tangram, NEW = build/tangram, DIR =
# /work/shared/benchmarks, every figure, 60 s. Figures: masks/*.png, masks/sets/*/*.png (with
# the folder's set), the VALID figures of DIR/kilogram-dev and DIR/kilogram-dev-rotated, and the
# 16 largest VALID kilogram-dev figures and the 16 largest of two parts, scaled by 2 and 3
# (scale.py, nearest neighbour) and solved at full resolution (--work-size 0). Each solve runs
# with --threads 1; the CSV gets the solver's own seconds, NEW's refine_seconds and whether
# tangram-referee (REFEREE, default /work/shared/tools/tangram-referee; kilogram figures only)
# accepts the assembly. Prints the CSV, then a summary: the worst refine time and share, and
# the figures solved and referee-valid by each build. Timings depend on the machine's load:
# only what one run measures compares.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
baseline=/work/main/build/tangram
new=$root/build/tangram
bench=/work/shared/benchmarks
referee=${REFEREE:-/work/shared/tools/tangram-referee}
limit=0
time_limit=60
while [[ $# -gt 0 ]]; do
  case "$1" in
    --baseline) baseline=$2; shift 2 ;;
    --new) new=$2; shift 2 ;;
    --bench) bench=$2; shift 2 ;;
    --limit) limit=$2; shift 2 ;;
    --time-limit) time_limit=$2; shift 2 ;;
    --) shift; break ;;
    -h|--help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) echo "run.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Lines "group figure.png set extra-args".
list() {
  for f in "$root"/masks/*.png; do echo "masks $f tangram -"; done
  for d in "$root"/masks/sets/*/; do
    for f in "$d"*.png; do echo "sets $f $(basename "$d") -"; done
  done
  for s in kilogram-dev kilogram-dev-rotated; do
    awk -F, 'NR == 1 { for (i = 1; i <= NF; ++i) if ($i == "truth_verdict") c = i }
             NR > 1 && $c == "VALID" { print $1 }' "$bench/$s/index.csv" |
      while read -r name; do echo "$s $bench/$s/png/$name.png tangram -"; done
  done
  local index=$bench/kilogram-dev/index.csv
  { awk -F, 'NR > 1 && $8 == "VALID" { print $6 * $7, $1 }' "$index" | sort -rn | head -16
    awk -F, 'NR > 1 && $8 == "VALID" && $2 == 2 { print $6 * $7, $1 }' "$index" | sort -rn | head -16
  } | awk '{ print $2 }' | sort -u > "$work/large.txt"
  mapfile -t large < <(sed "s|^|$bench/kilogram-dev/png/|; s|$|.png|" "$work/large.txt")
  for k in 2 3; do
    python3 "$root/experiments/refine-budget/scale.py" "$k" "$work/scaled" "${large[@]}"
    for f in "$work"/scaled/*-x$k.png; do echo "scaled-x$k $f tangram --work-size=0"; done
  done
}

list > "$work/figures.txt"
[[ $limit -gt 0 ]] && awk -v n="$limit" '{ if (++seen[$1] <= n) print }' "$work/figures.txt" > "$work/f" &&
  mv "$work/f" "$work/figures.txt"

echo "group,figure,build,solved,seconds,refine_seconds,referee"
while read -r group figure set extra; do
  args=(--pieces "$set" --threads 1 --time-limit "$time_limit" -q "$@")
  [[ $extra != - ]] && args+=("$extra")
  for build in baseline new; do
    program=$baseline
    [[ $build == new ]] && program=$new
    rm -f "$work/out.json"
    "$program" solve "$figure" --json "$work/out.json" "${args[@]}" >/dev/null 2>&1 || true
    row=$(python3 - "$work/out.json" <<'PY'
import json, sys
try:
    d = json.load(open(sys.argv[1]))
except Exception:
    print("false,0,0"); sys.exit()
s = d.get("stats", {})
print(f"{str(d.get('solved', False)).lower()},{s.get('seconds', 0)},{s.get('refine_seconds', 0)}")
PY
)
    verdict=-
    if [[ $group == kilogram* && -x $referee && $row == true,* ]]; then
      "$referee" "$figure" "$work/out.json" >/dev/null 2>&1 && verdict=valid || verdict=invalid
    fi
    echo "$group,$(basename "$figure"),$build,$row,$verdict"
  done
done < "$work/figures.txt" | tee "$work/runs.csv"

python3 - "$work/runs.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
print("\n## Summary\n")
worst, share = (0.0, ""), (0.0, "")
count = {}
for group, fig, build, solved, sec, ref, verdict in rows:
    sec, ref = float(sec), float(ref)
    c = count.setdefault((group, build), [0, 0, 0])
    c[0] += 1
    c[1] += solved == "true"
    c[2] += verdict == "valid"
    if build == "new":
        worst = max(worst, (ref, fig))
        if sec > 0:
            share = max(share, (ref / sec, fig))
print(f"new: worst refine time {worst[0]:.3f} s ({worst[1]}), worst share {100 * share[0]:.1f}% ({share[1]})\n")
print("| group | build | figures | solved | referee-valid |\n|---|---|---|---|---|")
for (group, build), (n, s, v) in sorted(count.items()):
    print(f"| {group} | {build} | {n} | {s} | {v} |")
PY
