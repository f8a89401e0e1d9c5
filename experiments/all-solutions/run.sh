#!/usr/bin/env bash
# Every assembly of the figures whose counts are published or known by construction, counted
# by `tangram solve --all` (core/all_solutions.hpp), each count beside the expected one; the
# Tangram figures of masks/ that lie on the Tangram's lattice, every assembly found checked by
# `tangram verify` and, when ../shared/tools/tangram-referee is there, by the referee.
#
#   experiments/all-solutions/run.sh OUT [--no-stomachion]
#
# TANGRAM_BIN: the program (default build/tangram). OUT receives the JSON lines and montages.
# Prints Markdown tables (the ones in README.md here). The Stomachion takes about 80 s on two
# cores; --no-stomachion leaves it out.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=${1:?usage: run.sh OUT [--no-stomachion]}
stomachion=1
[[ "${2:-}" == --no-stomachion ]] && stomachion=0
tangram=${TANGRAM_BIN:-$root/build/tangram}
referee=$root/../shared/tools/tangram-referee
counts=$root/masks/sets/pentominoes/counts
mkdir -p "$out"

# count NAME EXPECTED ARGS...: one table row, the count read from the first line of stdout.
count() {
  local name=$1 expected=$2
  shift 2
  local start end line n
  start=$(date +%s.%N)
  line=$("$tangram" solve "$@" --quiet | head -n 1)
  end=$(date +%s.%N)
  n=${line%% *}
  local verdict=ok
  [[ "$n" == "$expected" ]] || verdict="**differs**"
  printf '| %s | %s | %s | %s | %.2f |\n' "$name" "$n" "$expected" "$verdict" "$(echo "$end - $start" | bc)"
}

echo "commit $(git -C "$root" rev-parse --short HEAD), $(nproc) cores"
echo
echo "| figure | found | published | | seconds |"
echo "|---|---:|---:|---|---:|"
p=(--pieces pentominoes --all)
count "6 x 10, all" 9356 "$counts/6x10.png" "${p[@]}" --json "$out/6x10.jsonl"
count "6 x 10, up to symmetry" 2339 "$counts/6x10.png" "${p[@]}" --up-to-symmetry --image "$out/6x10.png"
count "5 x 12, up to symmetry" 1010 "$counts/5x12.png" "${p[@]}" --up-to-symmetry
count "4 x 15, up to symmetry" 368 "$counts/4x15.png" "${p[@]}" --up-to-symmetry
count "3 x 20, up to symmetry" 2 "$counts/3x20.png" "${p[@]}" --up-to-symmetry --image "$out/3x20.png"
count "8 x 8 less its middle 2 x 2, up to symmetry" 65 "$counts/8x8-hole.png" "${p[@]}" --up-to-symmetry --image "$out/8x8-hole.png"
count "staircase of 55 cells, 11 of the 12, up to symmetry" 580 "$counts/staircase.png" "${p[@]}" \
  --use subset --figure-area 55 --up-to-symmetry --json "$out/staircase.jsonl" --image "$out/staircase.png"
if [[ $stomachion == 1 ]]; then
  count "Stomachion square, up to symmetry" 536 "$root/masks/sets/stomachion/01-figure.png" \
    --pieces stomachion --all --up-to-symmetry --time-limit 600 --json "$out/stomachion.jsonl" \
    --image "$out/stomachion.png"
fi

# The assemblies of a JSON lines file (tangram-solutions/1) checked by `tangram verify`, and
# each by the referee for the Tangram (as a tangram-solution/1 document: the header's set,
# pattern and reading with the line's pieces).
check_lines() {
  local pattern=$1 lines=$2 with_referee=$3 refereed=0 report n valid dir f
  report=$("$tangram" verify "$pattern" "$lines" --json || true)
  read -r n valid < <(/usr/bin/python3 -c \
    'import json, sys; r = json.loads(sys.argv[1]); print(r["assemblies"], r["valid"])' "$report")
  if [[ $with_referee == 1 && -x $referee ]]; then
    dir=$(mktemp -d)
    /usr/bin/python3 - "$lines" "$dir" << 'EOF_PY'
import json, sys
with open(sys.argv[1]) as f:
    records = [json.loads(line) for line in f if line.strip()]
header = records[0]
for record in records[1:]:
    if "pieces" not in record:
        continue
    document = {"format": "tangram-solution/1", "piece_set": header["piece_set"],
                "set": header["set"], "pattern": header["pattern"], "solved": True,
                "pieces": record["pieces"]}
    if "reading" in header:
        document["reading"] = header["reading"]
    with open("%s/%d.json" % (sys.argv[2], record["index"] + 1), "w") as out:
        json.dump(document, out)
EOF_PY
    for f in "$dir"/*.json; do
      [[ -e $f ]] || continue
      /usr/bin/python3 "$referee" "$pattern" "$f" | grep -q '^VALID' && refereed=$((refereed + 1))
    done
    rm -rf "$dir"
  fi
  echo "$n $valid $refereed"
}

echo
echo "| figure | solutions checked | tangram verify | referee |"
echo "|---|---:|---:|---:|"
read -r n v _ < <(check_lines "$counts/staircase.png" "$out/staircase.jsonl" 0)
echo "| staircase (subset) | $n | $v | - |"
if [[ $stomachion == 1 ]]; then
  read -r n v _ < <(check_lines "$root/masks/sets/stomachion/01-figure.png" "$out/stomachion.jsonl" 0)
  echo "| Stomachion square | $n | $v | - |"
fi

echo
echo "Tangram figures of masks/ on the Tangram's lattice (every piece's corners on quarters of the"
echo "square's side); the others are refused (not on the lattice):"
echo
echo "| figure | assemblies | up to symmetry | tangram verify | referee | seconds |"
echo "|---|---:|---:|---:|---:|---:|"
for f in "$root"/masks/*.png; do
  name=$(basename "$f" .png)
  start=$(date +%s.%N)
  if ! line=$("$tangram" solve "$f" --all --quiet --time-limit 120 --json "$out/$name.jsonl" 2> /dev/null | head -n 1); then
    [[ -n "$line" ]] || continue  # refused: not on the lattice
  fi
  end=$(date +%s.%N)
  [[ -n "$line" ]] || continue
  n=${line%% *}
  classes=$("$tangram" solve "$f" --all --up-to-symmetry --quiet 2> /dev/null | head -n 1 || true)
  read -r _ v r < <(check_lines "$f" "$out/$name.jsonl" 1)
  [[ -x $referee ]] || r=-
  printf '| %s | %s | %s | %s | %s | %.2f |\n' "$name" "$n" "${classes%% *}" "$v" "$r" "$(echo "$end - $start" | bc)"
done
